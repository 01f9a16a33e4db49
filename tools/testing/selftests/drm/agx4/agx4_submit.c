// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The Mesa fork's device open replayed from userspace, then work on it:
 * QUEUE_CREATE/DESTROY and their bad inputs, compute and render
 * submissions whose binary and timeline syncobjs are waited for from
 * userspace, chains through syncobjs, SUBMIT's bad inputs with their
 * errnos, and closing the file with work submitted.  The fork's layout
 * is agx4_fork.h's.
 */

#include "agx4_fork.h"

/* ---- cases ---- */

static void test_queues(const struct dev *d, const struct fork *f)
{
	static const uint32_t bad_prio[] = {
		DRM_ASAHI_PRIORITY_HIGH, DRM_ASAHI_PRIORITY_REALTIME, 4, ~0u,
	};
	static const uint64_t bad_usc[] = {
		0, USC_BASE + PG, USC_BASE - PG, 1ull << 41,
	};
	struct drm_asahi_queue_create a;
	struct drm_asahi_queue_destroy x;
	uint32_t q1 = 0, q2 = 0;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		a = (struct drm_asahi_queue_create){
			.vm_id = f->vm, .priority = bad_prio[i],
			.usc_exec_base = USC_BASE,
		};
		expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &a),
			   EINVAL, "queue_create_priority_%u", bad_prio[i]);
	}
	for (i = 0; i < 4; i++) {
		a = (struct drm_asahi_queue_create){
			.vm_id = f->vm, .usc_exec_base = bad_usc[i],
		};
		expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &a),
			   EINVAL, "queue_create_usc_base_%#llx",
			   (unsigned long long)bad_usc[i]);
	}
	a = (struct drm_asahi_queue_create){
		.flags = 1, .vm_id = f->vm, .usc_exec_base = USC_BASE,
	};
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &a), EINVAL,
		   "queue_create_flags");
	expect_ret(queue_create(d->fd, 0, 0, &q1), ENOENT, "queue_create_vm_0");
	expect_ret(queue_create(d->fd, f->vm + 50, 0, &q1), ENOENT,
		   "queue_create_unknown_vm");

	ksft_test_result(!queue_create(d->fd, f->vm, DRM_ASAHI_PRIORITY_LOW,
				       &q1) &&
			 !queue_create(d->fd, f->vm, DRM_ASAHI_PRIORITY_MEDIUM,
				       &q2) && q1 && q2 && q1 != q2,
			 "queue_create_low_and_medium\n");
	x = (struct drm_asahi_queue_destroy){ .queue_id = q1, .pad = 1 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &x), EINVAL,
		   "queue_destroy_pad");
	expect_ret(queue_destroy(d->fd, 0), ENOENT, "queue_destroy_id_0");
	expect_ret(queue_destroy(d->fd, q2 + 40), ENOENT,
		   "queue_destroy_unknown");
	expect_ret(queue_destroy(d->fd, q1), 0, "queue_destroy");
	expect_ret(queue_destroy(d->fd, q1), ENOENT, "queue_destroy_twice");
	queue_destroy(d->fd, q2);
}

static void test_compute_binary(const struct dev *d, const struct fork *f,
				uint32_t q)
{
	struct cmdbuf cb = { 0 };
	struct drm_asahi_sync s;
	uint32_t out = 0;
	int ret;

	cmd_compute(&cb, f, 0);
	drmSyncobjCreate(d->fd, 0, &out);
	s = binary(out);
	ret = submit(d->fd, q, &cb, &s, 0, 1);
	expect_ret(ret, 0, "submit_compute");
	ksft_test_result(!ret && wait_binary(d->fd, out),
			 "submit_compute_binary_syncobj_signals\n");
	drmSyncobjDestroy(d->fd, out);
	/*
	 * The firmware's measure of it in fdinfo: G16 measures compute, G17P
	 * only renders (its compute asks for no firmware timestamp).
	 */
	if (d->p.gpu_generation == 17)
		ksft_test_result(fdinfo_value(d->fd, "drm-engine-compute",
					      NULL, 0) < 0 &&
				 fdinfo_value(d->fd, "drm-engine-render",
					      NULL, 0) >= 0,
				 "fdinfo_g17p_shows_render_time_only\n");
	else
		ksft_test_result(!ret && fdinfo_value(d->fd,
						      "drm-engine-compute",
						      NULL, 0) > 0,
				 "fdinfo_engine_compute_counts_the_job\n");
}

static void test_render_binary(const struct dev *d, const struct fork *f,
			       uint32_t q)
{
	struct cmdbuf cb = { 0 };
	struct drm_asahi_sync s;
	uint32_t out = 0;
	int ret;

	cmd_render(&cb, f, 0);
	drmSyncobjCreate(d->fd, 0, &out);
	s = binary(out);
	ret = submit(d->fd, q, &cb, &s, 0, 1);
	expect_ret(ret, 0, "submit_render");
	ksft_test_result(!ret && wait_binary(d->fd, out),
			 "submit_render_binary_syncobj_signals\n");
	drmSyncobjDestroy(d->fd, out);
}

/* Render then compute, the compute waiting for the render (barriers). */
static void test_mixed(const struct dev *d, const struct fork *f, uint32_t q)
{
	struct cmdbuf cb = { 0 };
	struct drm_asahi_sync s;
	uint32_t out = 0;
	int ret;

	cmd_render(&cb, f, 1);
	cmd_compute(&cb, f, 1);
	cmd_render(&cb, f, 2);
	cmd_compute(&cb, f, 2);
	drmSyncobjCreate(d->fd, 0, &out);
	s = binary(out);
	ret = submit(d->fd, q, &cb, &s, 0, 1);
	ksft_test_result(!ret && wait_binary(d->fd, out),
			 "submit_two_renders_two_computes_with_barriers\n");
	drmSyncobjDestroy(d->fd, out);
}

/* Timeline points 1 and 2 from two submissions; both reached in order. */
static void test_timeline(const struct dev *d, const struct fork *f,
			  uint32_t q)
{
	struct cmdbuf cb = { 0 };
	struct drm_asahi_sync s;
	uint64_t pts[1] = { 2 }, v = 0;
	uint32_t tl = 0;
	int r1, r2;

	cmd_compute(&cb, f, 3);
	drmSyncobjCreate(d->fd, 0, &tl);
	s = point(tl, 1);
	r1 = submit(d->fd, q, &cb, &s, 0, 1);
	s = point(tl, 2);
	r2 = submit(d->fd, q, &cb, &s, 0, 1);
	expect_ret(r1 ?: r2, 0, "submit_timeline_points");
	ksft_test_result(!r1 && !r2 &&
			 !drmSyncobjTimelineWait(d->fd, &tl, pts, 1,
						 deadline(WAIT_NS),
						 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
						 NULL) &&
			 !drmSyncobjQuery(d->fd, &tl, &v, 1) && v == 2,
			 "submit_timeline_reaches_point_2\n");
	drmSyncobjDestroy(d->fd, tl);
}

/*
 * A chain: the second submission waits for the first's syncobj, a third
 * on a timeline point; all signal.  Then a wait on an already signalled
 * syncobj.
 */
static void test_chain(const struct dev *d, const struct fork *f, uint32_t q)
{
	struct cmdbuf cb = { 0 };
	struct drm_asahi_sync s[2];
	uint32_t a = 0, b = 0, tl = 0, c = 0;
	uint64_t pt = 5;
	int r1, r2, r3, r4;

	cmd_compute(&cb, f, 4);
	drmSyncobjCreate(d->fd, 0, &a);
	drmSyncobjCreate(d->fd, 0, &b);
	drmSyncobjCreate(d->fd, 0, &tl);
	drmSyncobjCreate(d->fd, 0, &c);
	s[0] = binary(a);
	r1 = submit(d->fd, q, &cb, s, 0, 1);
	s[0] = binary(a);
	s[1] = point(tl, 5);
	r2 = submit(d->fd, q, &cb, s, 1, 1);
	s[0] = point(tl, 5);
	s[1] = binary(b);
	r3 = submit(d->fd, q, &cb, s, 1, 1);
	ksft_test_result(!r1 && !r2 && !r3 && wait_binary(d->fd, b) &&
			 !drmSyncobjTimelineWait(d->fd, &tl, &pt, 1,
						 deadline(WAIT_NS), 0, NULL),
			 "submit_chain_through_syncobjs\n");
	/* a is signalled: a wait on it passes at once. */
	s[0] = binary(a);
	s[1] = binary(c);
	r4 = submit(d->fd, q, &cb, s, 1, 1);
	ksft_test_result(!r4 && wait_binary(d->fd, c),
			 "submit_waits_on_signalled_syncobj\n");
	drmSyncobjDestroy(d->fd, a);
	drmSyncobjDestroy(d->fd, b);
	drmSyncobjDestroy(d->fd, tl);
	drmSyncobjDestroy(d->fd, c);
}

/* Many submissions back to back; the last one's syncobj signals. */
static void test_many(const struct dev *d, const struct fork *f, uint32_t q)
{
	struct cmdbuf cb = { 0 };
	struct drm_asahi_sync s;
	unsigned int i, ok = 0;
	uint32_t out = 0;

	cmd_compute(&cb, f, 5);
	drmSyncobjCreate(d->fd, 0, &out);
	s = binary(out);
	for (i = 0; i < 200; i++)
		ok += !submit(d->fd, q, &cb, &s, 0, 1);
	ksft_test_result(ok == 200 && wait_binary(d->fd, out),
			 "submit_200_in_a_row\n");
	drmSyncobjDestroy(d->fd, out);
}

static void test_submit_bad(const struct dev *d, const struct fork *f,
			    uint32_t q)
{
	const struct {
		const char *what;
		struct drm_asahi_sync s[2];
		int err;
	} bad_syncs[] = {
		{ "sync_type_2", { { 2, 1, 0 }, { 0, 2, 0 } }, EINVAL },
		{ "sync_type_max", { { 0, 1, 0 }, { ~0u, 2, 0 } }, EINVAL },
		{ "wait_on_syncobj_0", { { 0, 0, 0 }, { 0, 2, 0 } }, ENOENT },
		{ "signal_syncobj_0", { { 0, 1, 0 }, { 0, 0, 0 } }, ENOENT },
		{ "binary_with_point", { { 0, 1, 0 }, { 0, 2, 7 } }, EINVAL },
	};
	struct cmdbuf cb = { 0 }, bad = { 0 };
	struct drm_asahi_sync syncs[2];
	struct drm_asahi_submit s;
	uint32_t sig = 0, out = 0;
	unsigned int i;

	cmd_compute(&cb, f, 6);
	s = (struct drm_asahi_submit){
		.cmdbuf = (uintptr_t)cb.buf, .queue_id = q,
		.cmdbuf_size = cb.size,
	};
	s.flags = 1;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), EINVAL,
		   "submit_flags");
	s.flags = 0;
	s.pad = 1;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), EINVAL,
		   "submit_pad");
	s.pad = 0;
	s.queue_id = q + 33;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), ENOENT,
		   "submit_unknown_queue");
	s.queue_id = q;
	s.cmdbuf_size = 0;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), EINVAL,
		   "submit_empty_cmdbuf");
	s.cmdbuf_size = cb.size - 1;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), EINVAL,
		   "submit_cmdbuf_cut_short");
	s.cmdbuf_size = cb.size;
	s.cmdbuf = 0;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), EFAULT,
		   "submit_cmdbuf_null");
	s.cmdbuf = (uintptr_t)cb.buf;
	s.in_sync_count = 1;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), EFAULT,
		   "submit_syncs_null");
	s.in_sync_count = ~0u;
	s.out_sync_count = ~0u;
	s.syncs = (uintptr_t)syncs;
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_SUBMIT, &s), EINVAL,
		   "submit_sync_counts_overflow");

	/* A signalled syncobj (handle 1 of the table) and an empty one. */
	drmSyncobjCreate(d->fd, DRM_SYNCOBJ_CREATE_SIGNALED, &sig);
	drmSyncobjCreate(d->fd, 0, &out);
	for (i = 0; i < ARRAY_SIZE(bad_syncs); i++) {
		memcpy(syncs, bad_syncs[i].s, sizeof(syncs));
		if (syncs[0].handle == 1)
			syncs[0].handle = sig;
		if (syncs[1].handle == 2)
			syncs[1].handle = out;
		expect_ret(submit(d->fd, q, &cb, syncs, 1, 1), bad_syncs[i].err,
			   "submit_%s", bad_syncs[i].what);
	}
	syncs[0] = binary(sig);
	syncs[1] = binary(out);
	ksft_test_result(!submit(d->fd, q, &cb, syncs, 1, 1) &&
			 wait_binary(d->fd, out),
			 "submit_after_refusals_still_works\n");

	/* A command of an unknown type, and one whose barrier is ahead. */
	cmd(&bad, 5, "\0\0\0\0\0\0\0\0", 8);
	expect_ret(submit(d->fd, q, &bad, NULL, 0, 0), EINVAL,
		   "submit_command_type_5");
	memset(&bad, 0, sizeof(bad));
	cmd_compute(&bad, f, 7);
	((struct drm_asahi_cmd_header *)bad.buf)->cdm_barrier = 1;
	expect_ret(submit(d->fd, q, &bad, NULL, 0, 0), EINVAL,
		   "submit_barrier_on_later_command");
	drmSyncobjDestroy(d->fd, sig);
	drmSyncobjDestroy(d->fd, out);
}

/*
 * User timestamps: the firmware writes into the GEM object through the
 * timestamp aperture.  The end goes to the object's last slot, 0x3ff8,
 * which with 4 KiB CPU pages (x86_64 guests) is in the object's fourth
 * CPU page: it reads back only if the 16 KiB GPU page is the object's
 * own memory throughout.
 */
static void test_timestamps(const struct dev *d, const struct fork *f,
			    uint32_t q)
{
	struct drm_asahi_cmd_compute c;
	struct drm_asahi_sync s;
	uint64_t *ts, t0 = 0, t1 = 0;
	struct cmdbuf cb = { 0 };
	uint32_t out = 0;
	bool ok;

	if (!f->ts_object) {
		ksft_test_result_fail("submit_user_timestamps (no timestamp object)\n");
		return;
	}
	cmd_compute(&cb, f, 8);
	memcpy(&c, cb.buf + sizeof(struct drm_asahi_cmd_header), sizeof(c));
	c.ts.start = (struct drm_asahi_timestamp){ f->ts_object, 0 };
	c.ts.end = (struct drm_asahi_timestamp){ f->ts_object, PG - 8 };
	memcpy(cb.buf + sizeof(struct drm_asahi_cmd_header), &c, sizeof(c));
	ts = gem_mmap(d->fd, f->h[TS], PG);
	drmSyncobjCreate(d->fd, 0, &out);
	s = binary(out);
	get_time(d->fd, 0, &t0);
	ok = ts && !submit(d->fd, q, &cb, &s, 0, 1) && wait_binary(d->fd, out);
	get_time(d->fd, 0, &t1);
	if (ts)
		ksft_print_msg("timestamps: start %llu end %llu, GET_TIME %llu .. %llu\n",
			       (unsigned long long)ts[0],
			       (unsigned long long)ts[PG / 8 - 1],
			       (unsigned long long)t0, (unsigned long long)t1);
	ok = ok && ts[0] >= t0 && ts[0] <= ts[PG / 8 - 1] &&
	     ts[PG / 8 - 1] <= t1;
	ksft_test_result(ok, "submit_user_timestamps\n");
	if (ts)
		munmap(ts, PG);
	drmSyncobjDestroy(d->fd, out);
}

/* ---- the firmware model's scripts (software backend only) ---- */

/* Submit @cb on @q, wait up to @ns, and give its fence's status. */
static int run_status(int fd, uint32_t q, const struct cmdbuf *cb,
		      uint64_t ns)
{
	struct drm_asahi_sync s;
	uint32_t out = 0;
	int ret;

	drmSyncobjCreate(fd, 0, &out);
	s = binary(out);
	ret = submit(fd, q, cb, &s, 0, 1);
	if (!ret)
		ret = drmSyncobjWait(fd, &out, 1, deadline(ns), 0, NULL) ?
		      -1001 : fence_status(fd, out);
	drmSyncobjDestroy(fd, out);
	return ret;
}

/* The status a case expects, printed when it differs. */
static bool status_is(int got, int want)
{
	if (got != want)
		ksft_print_msg("fence status %d, expected %d\n", got, want);
	return got == want;
}

static const char *const model_cases[] = {
	"model_script_unknown_action_einval",
	"model_script_missing_field_einval",
	"model_script_growth_for_fragment_work_einval",
	"model_script_reads_back_armed_script",
	"model_script_clear_disarms",
	"model_tvb_growth_render_completes",
	"model_tvb_growth_pool_grew_3_times",
	"model_tvb_growth_refused_render_completes",
	"model_tvb_growth_refused_partial_render",
	"model_memory_limit_fence_enomem",
	"model_memory_limit_queue_still_works",
	"model_timeout_fence_etimedout",
	"model_timeout_later_submit_ecanceled",
	"model_timeout_new_queue_works",
	"model_timeout_kept_job_restarts_firmware",
};

static void test_model_script(const struct dev *d)
{
	char buf[2048];

	expect_ret(model_script(d->fd, "explode 1 1 0\n"), EINVAL,
		   "model_script_unknown_action_einval");
	expect_ret(model_script(d->fd, "grow 3 1\n"), EINVAL,
		   "model_script_missing_field_einval");
	expect_ret(model_script(d->fd, "grow 3 2 0\n"), EINVAL,
		   "model_script_growth_for_fragment_work_einval");
	model_script(d->fd, "never 0 2 100000\n");
	model_state(d->fd, buf, sizeof(buf));
	ksft_test_result(strstr(buf, "\nscript never 0 2 100000\n") &&
			 !strstr(buf, "script grow"),
			 "model_script_reads_back_armed_script\n");
	model_script(d->fd, "clear\n");
	model_state(d->fd, buf, sizeof(buf));
	ksft_test_result(!strncmp(buf, "mode run\n", 9) &&
			 !strstr(buf, "script "), "model_script_clear_disarms\n");
}

/* Three growth requests, each answered "grew": the render completes. */
static void test_model_growth(const struct dev *d, const struct fork *f,
			      uint32_t q)
{
	long grew = model_counter(d->fd, "grow_grew");
	struct cmdbuf cb = { 0 };

	cmd_render(&cb, f, 10);
	model_script(d->fd, "grow 3 1 0\n");
	ksft_test_result(status_is(run_status(d->fd, q, &cb, WAIT_NS), 1),
			 "model_tvb_growth_render_completes\n");
	ksft_test_result(grew >= 0 &&
			 model_counter(d->fd, "grow_grew") == grew + 3,
			 "model_tvb_growth_pool_grew_3_times\n");
}

/*
 * The pool may not grow (tvb_max_blocks 1): every request is refused,
 * the firmware renders partially, and the render still completes.
 */
static void test_model_refusal(const struct dev *d, const struct fork *f,
			       uint32_t q)
{
	long old = param_read("tvb_max_blocks");
	long refused = model_counter(d->fd, "grow_refused");
	long partial = model_counter(d->fd, "partial_renders");
	struct cmdbuf cb = { 0 };
	bool set;
	int st;

	cmd_render(&cb, f, 11);
	set = old >= 0 && param_write("tvb_max_blocks", 1);
	model_script(d->fd, "grow 2 1 0\n");
	st = run_status(d->fd, q, &cb, WAIT_NS);
	if (set)
		param_write("tvb_max_blocks", old);
	ksft_test_result(set && status_is(st, 1),
			 "model_tvb_growth_refused_render_completes\n");
	ksft_test_result(refused >= 0 &&
			 model_counter(d->fd, "grow_refused") == refused + 2 &&
			 model_counter(d->fd, "partial_renders") == partial + 2,
			 "model_tvb_growth_refused_partial_render\n");
}

/* The render hit the memory limit: -ENOMEM, and the queue goes on. */
static void test_model_limit(const struct dev *d, const struct fork *f,
			     uint32_t q)
{
	struct cmdbuf cb = { 0 };

	cmd_render(&cb, f, 12);
	model_script(d->fd, "limit 1 1 0\n");
	ksft_test_result(status_is(run_status(d->fd, q, &cb, WAIT_NS), -ENOMEM),
			 "model_memory_limit_fence_enomem\n");
	ksft_test_result(status_is(run_status(d->fd, q, &cb, WAIT_NS), 1),
			 "model_memory_limit_queue_still_works\n");
}

/*
 * A compute job the firmware never completes: after job_timeout_ms its
 * fence ends -ETIMEDOUT and the queue is killed (later SUBMITs on it
 * -ECANCELED); a new queue on the same VM works.  The firmware keeps the
 * killed job, so one hang timeout later (hang_timeout_ms, 0: the job
 * timeout again) the driver restarts it: debugfs info counts one hang
 * restart within twice the job timeout and a few seconds; its dump is
 * dismissed.
 */
static void test_model_timeout(const struct dev *d, const struct fork *f)
{
	long timeout = param_read("job_timeout_ms"), hang, waited;
	struct cmdbuf cb = { 0 };
	uint32_t q = 0, q2 = 0;
	int st;

	cmd_compute(&cb, f, 13);
	if (timeout <= 0 || queue_create(d->fd, f->vm, 0, &q)) {
		ksft_test_result_fail("model_timeout_fence_etimedout\n");
		return;
	}
	model_script(d->fd, "never 0 4 0\n");
	st = run_status(d->fd, q, &cb, (timeout + 10000) * 1000000ull);
	ksft_test_result(status_is(st, -ETIMEDOUT),
			 "model_timeout_fence_etimedout\n");
	expect_ret(submit(d->fd, q, &cb, NULL, 0, 0), ECANCELED,
		   "model_timeout_later_submit_ecanceled");
	queue_destroy(d->fd, q);
	ksft_test_result(!queue_create(d->fd, f->vm, 0, &q2) &&
			 status_is(run_status(d->fd, q2, &cb, WAIT_NS), 1),
			 "model_timeout_new_queue_works\n");
	queue_destroy(d->fd, q2);
	hang = param_read("hang_timeout_ms");
	if (hang <= 0)
		hang = timeout;
	for (waited = 0; waited < timeout + hang + 5000 &&
	     info_value(d->fd, "hang_restarts") < 1; waited += 100)
		sleep_us(100000);
	ksft_print_msg("hang restart after about %ld ms past the timeout\n",
		       waited);
	ksft_test_result(info_value(d->fd, "hang_restarts") == 1,
			 "model_timeout_kept_job_restarts_firmware\n");
	crash_dumps(true);
}

static void test_model(const struct dev *d, const struct fork *f, uint32_t q)
{
	unsigned int i;

	if (!model_scriptable(d->fd)) {
		for (i = 0; i < ARRAY_SIZE(model_cases); i++)
			ksft_test_result_skip("%s (no model_script control: not the model)\n",
					      model_cases[i]);
		return;
	}
	model_script(d->fd, "clear\n");
	test_model_script(d);
	test_model_growth(d, f, q);
	model_script(d->fd, "clear\n");
	test_model_refusal(d, f, q);
	model_script(d->fd, "clear\n");
	test_model_limit(d, f, q);
	model_script(d->fd, "clear\n");
	test_model_timeout(d, f);
	model_script(d->fd, "clear\n");
}

/*
 * Work submitted, then the file closed at once, as when a process dies
 * mid-frame: closing the file closes its handles, but the work in flight
 * must still find its buffers mapped (no GPU fault, no firmware crash),
 * and the device stays up for the others.
 */
static void test_close_with_work(bool wait)
{
	struct drm_asahi_params_global p;
	struct cmdbuf cb = { 0 };
	unsigned int i, ok = 0;
	const char *name = wait ? "submit_wait_close" : "submit_then_close";
	struct drm_asahi_sync s;
	uint32_t out = 0;
	struct dev d2;
	struct fork f2;
	uint32_t q = 0;
	int fd;

	d2.fd = open_asahi();
	if (d2.fd < 0 || get_params(d2.fd, &d2.p)) {
		ksft_test_result_fail("%s\n", name);
		return;
	}
	ksft_print_msg("a second client replays the open\n");
	if (!fork_open(&d2, &f2, wait ? "client2_wait_" : "client2_close_") ||
	    queue_create(d2.fd, f2.vm, DRM_ASAHI_PRIORITY_MEDIUM, &q)) {
		ksft_test_result_fail("%s\n", name);
		close(d2.fd);
		return;
	}
	cmd_render(&cb, &f2, 9);
	cmd_compute(&cb, &f2, 9);
	crash_dumps(true);
	drmSyncobjCreate(d2.fd, 0, &out);
	s = binary(out);
	for (i = 0; i < 100; i++)
		ok += !submit(d2.fd, q, &cb, &s, 0, 1);
	/* The orderly close: the last submission's syncobj first. */
	if (wait)
		ok -= !wait_binary(d2.fd, out);
	close(d2.fd);
	fd = open_asahi();
	ksft_test_result(ok == 100 && fd >= 0 && !get_params(fd, &p),
			 "%s\n", name);
	/* Let the firmware run what was queued. */
	for (i = 0; i < 10 && !crash_dumps(false); i++)
		sleep_us(100000);
	ksft_test_result(!crash_dumps(false), "%s_no_firmware_crash\n", name);
	if (fd >= 0)
		close(fd);
}

int main(void)
{
	struct dev d;
	struct fork f;
	uint32_t q = 0;
	int ret;

	ksft_print_header();
	dev_open(&d);
	if (!fork_open(&d, &f, ""))
		ksft_exit_fail_msg("the fork's layout could not be built\n");
	kmsg("submit: queues");
	test_queues(&d, &f);
	ret = queue_create(d.fd, f.vm, DRM_ASAHI_PRIORITY_MEDIUM, &q);
	if (ret)
		ksft_exit_fail_msg("QUEUE_CREATE: %s\n", strerror(-ret));
	kmsg("submit: compute");
	test_compute_binary(&d, &f, q);
	kmsg("submit: render");
	test_render_binary(&d, &f, q);
	kmsg("submit: mixed");
	test_mixed(&d, &f, q);
	kmsg("submit: timeline");
	test_timeline(&d, &f, q);
	kmsg("submit: chain");
	test_chain(&d, &f, q);
	kmsg("submit: many");
	test_many(&d, &f, q);
	kmsg("submit: bad");
	test_submit_bad(&d, &f, q);
	kmsg("submit: timestamps");
	test_timestamps(&d, &f, q);
	kmsg("submit: model scripts");
	test_model(&d, &f, q);
	kmsg("submit: wait, then close");
	test_close_with_work(true);
	kmsg("submit: close with work");
	test_close_with_work(false);
	kmsg("submit: end");
	expect_ret(queue_destroy(d.fd, q), 0, "queue_destroy_after_work");
	expect_ret(vm_destroy(d.fd, f.vm), 0, "vm_destroy_after_work");
	close(d.fd);
	done();
}
