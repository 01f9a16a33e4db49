// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_submit_bench" (slow cases, run by "make bench"): the
 * CPU cost of a job from SUBMIT to its done fence, on a G17P device whose
 * firmware model completes work as soon as it starts, against a bare
 * drm_sched job (a scheduler of the test's whose run_job returns a fence
 * that has already signalled, with the job timeout agx4's queues have)
 * timed the same way in the same run; and
 * jobs per second with 1, 8 and 64 queues.  Every figure is printed as
 * "agx4-bench: <metric> = <value>"; nothing asserts a time.
 *
 * The job is one compute command with one binary out-sync, what Mesa
 * sends for a dispatch.  The command buffer and the sync array are
 * written to the client's memory once, as a client keeps them, so what is
 * timed is the SUBMIT call itself.  Its cost is measured serially (submit, then wait
 * for the done fence, then the next), so it includes the scheduler's
 * wake-ups on both sides; the rates with up to 64 jobs unfinished.  The
 * share of the SUBMIT calls themselves is printed too, from a pass of its
 * own.  The ratio against a scheduler without a job timeout, which arms
 * no timer per job, is printed beside the main one.
 *
 * On hardware the firmware runs on the GPU's coprocessor and its answer
 * comes back as an interrupt; here the model that stands in for it runs
 * on the same CPU.  It answers each work doorbell in the doorbell's call
 * (agx4_fwmodel_set_inline()), as a firmware that completes at once would
 * through an interrupt taken right after the doorbell write, rather than
 * in its own worker, a context switch the coprocessor does not cost the
 * CPU.  The CPU time the model takes (agx4_fwmodel_cpu_ns(): its work
 * items, and each inline doorbell call whole, where hardware costs the
 * driver one mailbox write; without the driver's receive callbacks they
 * make) is measured in the same run and printed; the ratio is the
 * driver's cost, the time measured less the model's, and the ratio with
 * the model's time left in is printed beside it.
 *
 * One run decides nothing on a shared machine: every figure is measured
 * RUNS times in one boot, the driver and the bare schedulers in turn in
 * each run (so that a slower phase of the machine weighs on both sides
 * of a ratio), and printed as the median of the runs with their spread,
 * "agx4-bench: <metric> = <median> (min <a>, max <b>, n = <RUNS>)".  A
 * ratio is the median of the per-run ratios, each of two figures taken
 * moments apart, not a ratio of medians taken at different times.  The
 * job rates alike; the rate with 64 queues is measured in turn with the
 * rate with one, and their per-run ratio printed too.
 */

#include <kunit/test.h>
#include <linux/dma-fence.h>
#include <linux/ktime.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/sort.h>

#include <drm/gpu_scheduler.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fwmodel.h"
#include "../agx4_job.h"
#include "agx4_test_util.h"

/* The device measured. */
#define BENCH_SOC	AGX4_SOC_T8140

#define RUNS		7
#define COST_JOBS	256
#define RATE_JOBS	512
#define WINDOW		64
#define BOUND_MS	10000

/* The baseline: a scheduler that has nothing to run. */
struct bare_job {
	struct drm_sched_job base;
};

static struct dma_fence *bare_run_job(struct drm_sched_job *job)
{
	return dma_fence_get_stub();
}

static enum drm_gpu_sched_stat bare_timedout_job(struct drm_sched_job *job)
{
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

static void bare_free_job(struct drm_sched_job *job)
{
	drm_sched_job_cleanup(job);
	kfree(container_of(job, struct bare_job, base));
}

static const struct drm_sched_backend_ops bare_ops = {
	.run_job = bare_run_job,
	.timedout_job = bare_timedout_job,
	.free_job = bare_free_job,
};

struct bare {
	struct drm_gpu_scheduler sched;
	struct drm_sched_entity entity;
};

/*
 * @timeout: a job timeout in jiffies, or MAX_SCHEDULE_TIMEOUT for none (a
 * scheduler with one arms and cancels a timer per job).
 */
static void bare_init(struct kunit *test, struct bare *b, long timeout,
		      const char *name)
{
	struct drm_gpu_scheduler *list = &b->sched;
	const struct drm_sched_init_args args = {
		.ops = &bare_ops,
		.num_rqs = DRM_SCHED_PRIORITY_COUNT,
		.credit_limit = 64,
		.timeout = timeout,
		.name = "agx4_bench_bare",
		.dev = agx4_test_dma_device(test, name),
	};

	KUNIT_ASSERT_EQ(test, drm_sched_init(&b->sched, &args), 0);
	KUNIT_ASSERT_EQ(test, drm_sched_entity_init(&b->entity,
						    DRM_SCHED_PRIORITY_NORMAL,
						    &list, 1, NULL), 0);
}

static void bare_fini(struct bare *b)
{
	drm_sched_entity_destroy(&b->entity);
	drm_sched_fini(&b->sched);
}

/* One bare job pushed; a reference to its finished fence. */
static struct dma_fence *bare_submit(struct kunit *test, struct bare *b)
{
	struct bare_job *job = kzalloc(sizeof(*job), GFP_KERNEL);
	struct dma_fence *f;

	KUNIT_ASSERT_NOT_NULL(test, job);
	KUNIT_ASSERT_EQ(test, drm_sched_job_init(&job->base, &b->entity, 1,
						 NULL, 0), 0);
	drm_sched_job_arm(&job->base);
	f = dma_fence_get(&job->base.s_fence->finished);
	drm_sched_entity_push_job(&job->base);
	return f;
}

/* A client as the fork opens it, with its queues. */
struct bench {
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	struct agx4_test_cmdbuf *cb;
	u32 out;
	u32 queue[64];
	/* The SUBMIT arguments, naming the client memory written once. */
	struct drm_asahi_submit args;
	/* Whether agx4_submit() times its SUBMIT call, into @ioctl_ns. */
	bool time_ioctl;
	u64 ioctl_ns;
};

static struct bench *bench_open(struct kunit *test, unsigned int queues)
{
	struct bench *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_sync sy;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->cb = kunit_kzalloc(test, sizeof(*b->cb), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b->cb);
	b->c = agx4_test_client_open(test, agx4_test_probe(test, BENCH_SOC));
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(b->c, &b->f), 0);
	agx4_fwmodel_set_inline(agx4_test_model(), true);
	for (i = 0; i < queues; i++)
		KUNIT_ASSERT_EQ(test, agx4_test_queue_create(b->c, b->f.vm_id,
							     DRM_ASAHI_PRIORITY_MEDIUM,
							     &b->queue[i]), 0);
	cc = agx4_test_fork_compute(&b->f, 0);
	agx4_test_cmd_compute(b->cb, &cc);
	b->out = agx4_test_syncobj(b->c, NULL);
	sy = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, b->out };
	agx4_test_put_user(b->c, 0, b->cb->buf, b->cb->size);
	agx4_test_put_user(b->c, SZ_1M, &sy, sizeof(sy));
	b->args = (struct drm_asahi_submit){
		.syncs = b->c->ubuf + SZ_1M, .cmdbuf = b->c->ubuf,
		.out_sync_count = 1, .cmdbuf_size = b->cb->size,
	};
	return b;
}

/* One agx4 job submitted; a reference to its done fence. */
static struct dma_fence *agx4_submit(struct kunit *test, struct bench *b,
				     unsigned int q)
{
	struct drm_asahi_submit args = b->args;
	struct dma_fence *f;
	ktime_t t0 = 0;
	int ret;

	args.queue_id = b->queue[q];
	if (b->time_ioctl)
		t0 = ktime_get();
	ret = agx4_ioctl_submit(&b->c->adev->base, &args, b->c->file);
	if (b->time_ioctl)
		b->ioctl_ns += ktime_to_ns(ktime_sub(ktime_get(), t0));
	KUNIT_ASSERT_EQ(test, ret, 0);
	f = agx4_test_syncobj_fence(b->c, b->out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	return f;
}

static void wait_put(struct kunit *test, struct dma_fence *f)
{
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
}

/* ns per job of one run: submit then wait, @COST_JOBS of them. */
static u64 cost_bare(struct kunit *test, struct bare *b)
{
	unsigned int i;
	ktime_t t0;

	t0 = ktime_get();
	for (i = 0; i < COST_JOBS; i++)
		wait_put(test, bare_submit(test, b));
	return ktime_to_ns(ktime_sub(ktime_get(), t0)) / COST_JOBS;
}

/* The same for agx4; @model: the model's ns per job in that run. */
static u64 cost_agx4(struct kunit *test, struct bench *b, u64 *model)
{
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int i;
	ktime_t t0;
	u64 m0, t;

	m0 = agx4_fwmodel_cpu_ns(m);
	t0 = ktime_get();
	for (i = 0; i < COST_JOBS; i++)
		wait_put(test, agx4_submit(test, b, 0));
	t = ktime_to_ns(ktime_sub(ktime_get(), t0));
	*model = (agx4_fwmodel_cpu_ns(m) - m0) / COST_JOBS;
	return t / COST_JOBS;
}

/*
 * The SUBMIT calls' share, in a pass of its own: the two clock reads
 * around each call would otherwise count as the driver's.
 */
static u64 cost_ioctl(struct kunit *test, struct bench *b)
{
	unsigned int i;

	b->time_ioctl = true;
	b->ioctl_ns = 0;
	for (i = 0; i < COST_JOBS; i++)
		wait_put(test, agx4_submit(test, b, 0));
	b->time_ioctl = false;
	return b->ioctl_ns / COST_JOBS;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* Sorts @v (RUNS samples); returns the median. */
static u64 median(u64 *v)
{
	sort(v, RUNS, sizeof(*v), cmp_u64, NULL);
	return v[RUNS / 2];
}

/* "<name> = <median> (min <a>, max <b>, n = RUNS) <unit>" of RUNS samples. */
static void print_samples(struct kunit *test, const char *name, u64 *v,
			  const char *unit)
{
	u64 m = median(v);

	kunit_info(test, "agx4-bench: %s = %llu%s (min %llu, max %llu, n = %u)\n",
		   name, m, unit, v[0], v[RUNS - 1], RUNS);
}

/* The same for ratios, kept in thousandths. */
static void print_ratios(struct kunit *test, const char *name, u64 *v)
{
	u64 m = median(v);

	kunit_info(test,
		   "agx4-bench: %s = %llu.%03llu (min %llu.%03llu, max %llu.%03llu, n = %u)\n",
		   name, m / 1000, m % 1000, v[0] / 1000, v[0] % 1000,
		   v[RUNS - 1] / 1000, v[RUNS - 1] % 1000, RUNS);
}

/* @a / @s in thousandths; @s of 0 counts as 1. */
static u64 ratio(u64 a, u64 s)
{
	return a * 1000 / max_t(u64, s, 1);
}

static void agx4_submit_bench_cost_vs_bare_sched(struct kunit *test)
{
	struct bare *bare = kunit_kzalloc(test, sizeof(*bare), GFP_KERNEL);
	struct bare *bare_nt = kunit_kzalloc(test, sizeof(*bare_nt),
					     GFP_KERNEL);
	u64 a[RUNS], s[RUNS], s_nt[RUNS], model[RUNS], drv[RUNS], io[RUNS];
	u64 r[RUNS], r_model[RUNS], r_nt[RUNS];
	struct bench *b;
	unsigned int run;

	KUNIT_ASSERT_NOT_NULL(test, bare);
	KUNIT_ASSERT_NOT_NULL(test, bare_nt);
	/* The baseline times out jobs as agx4's queues do. */
	bare_init(test, bare, msecs_to_jiffies(agx4_job_timeout_ms),
		  "agx4_bench_bare");
	bare_init(test, bare_nt, MAX_SCHEDULE_TIMEOUT, "agx4_bench_bare_nt");
	b = bench_open(test, 1);
	/* Warm every path once. */
	wait_put(test, bare_submit(test, bare));
	wait_put(test, bare_submit(test, bare_nt));
	wait_put(test, agx4_submit(test, b, 0));

	/* The three in turn in each run, each run's ratios of its own. */
	for (run = 0; run < RUNS; run++) {
		s[run] = cost_bare(test, bare);
		s_nt[run] = cost_bare(test, bare_nt);
		a[run] = cost_agx4(test, b, &model[run]);
		model[run] = min(model[run], a[run]);
		drv[run] = a[run] - model[run];
		r[run] = ratio(drv[run], s[run]);
		r_model[run] = ratio(a[run], s[run]);
		r_nt[run] = ratio(drv[run], s_nt[run]);
		io[run] = cost_ioctl(test, b);
	}
	bare_fini(bare);
	bare_fini(bare_nt);

	print_samples(test, "submit_ns_per_job", a, " ns");
	print_samples(test, "submit_ioctl_ns_per_job", io, " ns");
	print_samples(test, "model_ns_per_job", model, " ns");
	print_samples(test, "driver_ns_per_job", drv, " ns");
	print_samples(test, "bare_sched_ns_per_job", s, " ns");
	print_samples(test, "bare_sched_without_timeout_ns_per_job", s_nt,
		      " ns");
	print_ratios(test, "submit_cost_ratio_vs_bare_sched", r);
	print_ratios(test, "submit_cost_ratio_with_model_vs_bare_sched",
		     r_model);
	print_ratios(test, "submit_cost_ratio_vs_bare_sched_without_timeout",
		     r_nt);
}

/*
 * Jobs per second of one run over @b's first @queues queues, submitted
 * round-robin with at most WINDOW of them unfinished (a client keeps a
 * bounded number of frames in flight; the firmware's job storage is
 * bounded too).
 */
static u64 rate_run(struct kunit *test, struct bench *b, unsigned int queues,
		    struct dma_fence **f)
{
	unsigned int i;
	ktime_t t0;
	u64 ns;

	t0 = ktime_get();
	for (i = 0; i < RATE_JOBS; i++) {
		if (i >= WINDOW)
			wait_put(test, f[i - WINDOW]);
		f[i] = agx4_submit(test, b, i % queues);
	}
	for (i = RATE_JOBS - WINDOW; i < RATE_JOBS; i++)
		wait_put(test, f[i]);
	ns = max_t(u64, ktime_to_ns(ktime_sub(ktime_get(), t0)), 1);
	return RATE_JOBS * NSEC_PER_SEC / ns;
}

/*
 * The rate with @queues queues, RUNS times; with more than one queue
 * the one-queue rate of the same client in turn, and their ratio.
 */
static void rate(struct kunit *test, unsigned int queues)
{
	struct dma_fence **f = kunit_kcalloc(test, RATE_JOBS, sizeof(*f),
					     GFP_KERNEL);
	struct bench *b = bench_open(test, queues);
	u64 n[RUNS], one[RUNS] = { }, r[RUNS] = { };
	char name[32];
	unsigned int run;

	KUNIT_ASSERT_NOT_NULL(test, f);
	wait_put(test, agx4_submit(test, b, 0));
	for (run = 0; run < RUNS; run++) {
		n[run] = rate_run(test, b, queues, f);
		if (queues > 1) {
			one[run] = rate_run(test, b, 1, f);
			r[run] = ratio(n[run], one[run]);
		}
	}
	snprintf(name, sizeof(name), "jobs_per_s_%uq", queues);
	print_samples(test, name, n, "");
	if (queues == 1)
		return;
	snprintf(name, sizeof(name), "jobs_per_s_%uq_vs_1q", queues);
	print_ratios(test, name, r);
}

static void agx4_submit_bench_jobs_per_s_1q(struct kunit *test)
{
	rate(test, 1);
}

static void agx4_submit_bench_jobs_per_s_8q(struct kunit *test)
{
	rate(test, 8);
}

static void agx4_submit_bench_jobs_per_s_64q(struct kunit *test)
{
	rate(test, 64);
}

static struct kunit_case agx4_submit_bench_cases[] = {
	KUNIT_CASE_SLOW(agx4_submit_bench_cost_vs_bare_sched),
	KUNIT_CASE_SLOW(agx4_submit_bench_jobs_per_s_1q),
	KUNIT_CASE_SLOW(agx4_submit_bench_jobs_per_s_8q),
	KUNIT_CASE_SLOW(agx4_submit_bench_jobs_per_s_64q),
	{ }
};

static struct kunit_suite agx4_submit_bench_suite = {
	.name = "agx4_submit_bench",
	.test_cases = agx4_submit_bench_cases,
};

kunit_test_suite(agx4_submit_bench_suite);
