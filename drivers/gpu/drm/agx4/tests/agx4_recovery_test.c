// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_recovery": what a fault costs, on G16 and G17P,
 * through the UAPI against the firmware model.
 *
 * - A fatal event (kind 4), an event record nobody can parse and a
 *   firmware crash each capture a devcoredump whose text names what it
 *   decodes (the cause, the job in flight and its firmware objects, the
 *   boot's records, the crash log), end the jobs in flight with -EIO,
 *   restart the firmware, and everything carries on: the old queue runs
 *   new work, the old VM takes a new queue, a new VM's queue works too.
 * - Jobs not yet run at a restart run after it; 8 clients, each with a
 *   render and a compute queue, working through 100 crashes see no
 *   SUBMIT or QUEUE_CREATE error and no job error but the -EIO of the
 *   work a crash found in the firmware, printed as "agx4-survive:
 *   clients = N, crashes = N, innocent submit errors = N".  (16 clients
 *   with render objects need more than the 1 GiB kunit.py gives a UML
 *   kernel: on G16 a VM's first render makes about 52 MiB of firmware
 *   objects, the reference's 24 operand buffers of 2 MiB among them.
 *   The guest's agx4_survive program runs 16.)
 * - A timeout kills only its queue; on G16, a timeout while the GPU's
 *   fault registers report a fault also restarts the firmware, and the
 *   dump carries the registers; when they name a client's context, that
 *   VM's queues with work are killed instead of the timed-out one.
 * - 100 crash/restart cycles with 10 timeouts in each (1000 timeouts)
 *   leave no GEM object, firmware object, timestamp mapping or device
 *   reference behind; the count is printed as
 *   "agx4-recovery: crash/restart cycles = N, timeouts = M, leaks = L".
 * - A restart the firmware does not survive (a crash in its boot)
 *   unplugs the device: every ioctl returns -ENODEV.
 * - Between drm_dev_unplug() and the firmware's shutdown, an event the
 *   firmware posts, a reset scheduled and a job timeout reach nothing of
 *   the firmware.
 *
 * The timeouts are cheap because the job timeout is set to a few
 * milliseconds and ten queues time out at once; each restart frees what
 * the killed queues kept.  Nothing measures time; bounded waits only
 * keep a broken driver from hanging the run.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_ioctl.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_event.h"
#include "../agx4_fw_boot.h"
#include "../agx4_g17p_sub.h"
#include "../agx4_job.h"
#include "../agx4_job_report.h"
#include "../agx4_job_types.h"
#include "../agx4_queue.h"
#include "../agx4_recovery.h"
#include "../agx4_reset.h"
#include "../agx4_vm.h"
#include "agx4_test_util.h"

/* The most a case waits for anything: a bound, never a measure. */
#define BOUND_MS	5000
/* The job timeout of the cases that time jobs out. */
#define SHORT_TIMEOUT_MS	5
#define CYCLES		100
#define TIMEOUTS_PER_CYCLE	10
/* The GPU's fault registers on G16 (SGX offsets, from the spec). */
#define G16_FAULT_STATUS	0xd8c0
#define G16_FAULT_ADDR		0xd8c8
/* The status the GPU-fault case sets, as the decoder must print it. */
#define DECODED_FAULT \
	"fault: address 0x00000015dead0000, context 0, unit 0x9, level 0, read, write only, fault bit clear (status 0x0000000100001234)"

static const enum agx4_soc_id socs[] = { AGX4_SOC_T8132, AGX4_SOC_T8140 };

static void soc_desc(const enum agx4_soc_id *soc, char *desc)
{
	strscpy(desc, *soc == AGX4_SOC_T8132 ? "G16" : "G17P",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(soc, socs, soc_desc);

static bool is_g16(struct kunit *test)
{
	return *(const enum agx4_soc_id *)test->param_value == AGX4_SOC_T8132;
}

/* The last dump recovery handed over, as text. */
static DEFINE_MUTEX(dump_lock);
static char *dump_text;
static unsigned int dumps;
/* When it was handed over (jiffies): a restart's is made as it begins. */
static unsigned long dump_at;

static void dump_hook(struct agx4_device *adev, void *buf, size_t len)
{
	mutex_lock(&dump_lock);
	vfree(dump_text);
	/* Text first; a crash log follows it: keep it NUL-terminated. */
	dump_text = vzalloc(len + 1);
	if (dump_text)
		memcpy(dump_text, buf, len);
	dumps++;
	dump_at = jiffies;
	mutex_unlock(&dump_lock);
	kvfree(buf);
}

static void unhook(void *unused)
{
	agx4_test_dump_hook = NULL;
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
	mutex_lock(&dump_lock);
	vfree(dump_text);
	dump_text = NULL;
	mutex_unlock(&dump_lock);
}

static void expect_in_dump(struct kunit *test, const char *what)
{
	mutex_lock(&dump_lock);
	KUNIT_EXPECT_NOT_NULL_MSG(test, dump_text, "no dump");
	if (dump_text)
		KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(dump_text, what),
					  "the dump lacks \"%s\"", what);
	mutex_unlock(&dump_lock);
}

/* A device, its model, and the counts to compare with at the end. */
struct rec {
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	unsigned int fw_objects;
	unsigned int devrefs;
};

/* A client as the Mesa fork opens the device, with one queue. */
struct cl {
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	u32 queue;
};

static struct cl *cl_open(struct kunit *test, struct rec *r)
{
	struct cl *cl = kunit_kzalloc(test, sizeof(*cl), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cl);
	cl->c = agx4_test_client_open(test, r->adev);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(cl->c, &cl->f), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &cl->queue), 0);
	return cl;
}

/* Let whatever the model holds go, so that teardown ends. */
static void let_go(void *data)
{
	struct rec *r = data;

	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
}

/*
 * What a firmware boot leaves in the heap once a first queue made the
 * backend's device-wide objects: a client of its own makes them and goes.
 */
static unsigned int warm_up(struct kunit *test, struct rec *r)
{
	struct cl *cl = cl_open(test, r);

	agx4_test_client_close(cl->c);
	agx4_job_flush(r->adev);
	return agx4_test_fw_objects(r->adev, false);
}

static struct rec *rec_open(struct kunit *test)
{
	struct rec *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, unhook, NULL),
			0);
	agx4_test_dump_hook = dump_hook;
	r->adev = agx4_test_probe(test, is_g16(test) ? AGX4_SOC_T8132 :
				  AGX4_SOC_T8140);
	r->m = agx4_test_model();
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, let_go, r), 0);
	r->fw_objects = warm_up(test, r);
	r->devrefs = kref_read(&r->adev->base.ref);
	return r;
}

/* Submit one compute of the fork's; its binary out-sync's fence. */
/*
 * A SUBMIT of one compute (or, @render, one render) on queue @q, after
 * syncobj @in (0: none); its out-fence, or NULL with the error in @ret.
 */
static struct dma_fence *submit_one(struct kunit *test, struct cl *cl, u32 q,
				    bool render, u32 in, int *ret)
{
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_sync syncs[2] = {
		{ DRM_ASAHI_SYNC_SYNCOBJ, in, 0 },
		{ DRM_ASAHI_SYNC_SYNCOBJ, 0, 0 },
	};
	struct drm_asahi_sync *out = &syncs[in ? 1 : 0];
	struct dma_fence *f;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	out->handle = agx4_test_syncobj(cl->c, NULL);
	if (render) {
		struct drm_asahi_cmd_render rc = agx4_test_fork_render(&cl->f, 0);

		agx4_test_cmd_render(cb, &rc);
	} else {
		struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&cl->f, 0);

		agx4_test_cmd_compute(cb, &cc);
	}
	*ret = agx4_test_submit(cl->c, q, cb, in ? syncs : out, in ? 1 : 0, 1);
	kunit_kfree(test, cb);
	if (*ret)
		return NULL;
	f = agx4_test_syncobj_fence(cl->c, out->handle, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	return f;
}

static struct dma_fence *compute(struct kunit *test, struct cl *cl, u32 q,
				 int *ret)
{
	return submit_one(test, cl, q, false, 0, ret);
}

/* A compute that must be accepted. */
static struct dma_fence *compute_ok(struct kunit *test, struct cl *cl, u32 q)
{
	int ret;
	struct dma_fence *f = compute(test, cl, q, &ret);

	KUNIT_ASSERT_EQ(test, ret, 0);
	return f;
}

/*
 * @cl's queue made with a SHORT_TIMEOUT_MS job timeout and a hang timeout
 * of @hang_ms (the rest of the device keeps the defaults).
 */
static void short_queue(struct kunit *test, struct cl *cl,
			unsigned int hang_ms)
{
	agx4_job_timeout_ms = SHORT_TIMEOUT_MS;
	agx4_hang_timeout_ms = hang_ms;
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &cl->queue), 0);
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
}

/*
 * short_queue() with a hang timeout of @hang_ms, and the model holding
 * every work item: the next compute on it times out, and the firmware
 * keeps it until the case lets it go.
 */
static void hang_setup(struct kunit *test, struct rec *r, struct cl *cl,
		       unsigned int hang_ms)
{
	short_queue(test, cl, hang_ms);
	agx4_fwmodel_hold(r->m);
}

/*
 * hang_setup() with a hang timeout no case reaches: killed jobs the case
 * keeps restart no firmware.
 */
static void timeout_one_compute_setup(struct kunit *test, struct rec *r,
				      struct cl *cl)
{
	hang_setup(test, r, cl, AGX4_JOB_TIMEOUT_MS);
}

/* @f ends with @err (0: success); the reference goes. */
static void expect_fence(struct kunit *test, struct dma_fence *f, int err)
{
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), err);
	dma_fence_put(f);
}

/*
 * Crash the firmware with restarts held (agx4_reset_hold(), let go by
 * the case): once this returns the restart is pending, not begun.
 */
static void crash_held(struct kunit *test, struct rec *r)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	agx4_reset_hold(r->adev, true);
	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	while (!agx4_reset_pending(r->adev) && time_before(jiffies, end))
		usleep_range(200, 500);
	KUNIT_ASSERT_TRUE(test, agx4_reset_pending(r->adev));
}

static void wait_held(struct kunit *test, struct rec *r, unsigned int n)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	while (agx4_fwmodel_held(r->m) < n && time_before(jiffies, end))
		usleep_range(200, 500);
	KUNIT_ASSERT_GE(test, agx4_fwmodel_held(r->m), n);
}

/* Wait until @n resets ran in all (the crash path queues them). */
static void wait_resets(struct kunit *test, struct rec *r, unsigned int n)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	for (;;) {
		agx4_fwmodel_sync(r->m);
		agx4_reset_flush(r->adev);
		if (agx4_reset_count(r->adev) >= n ||
		    !time_before(jiffies, end))
			break;
		usleep_range(200, 500);
	}
	KUNIT_ASSERT_EQ(test, agx4_reset_count(r->adev), n);
}

/*
 * After a restart everything from before it carries on: the old queue
 * runs a job to completion (unless a timeout killed it: @culprit, it then
 * refuses work), the old VM takes a new queue that does too, and so does
 * a new VM's new queue.
 */
static void expect_carries_on_but(struct kunit *test, struct rec *r,
				  struct cl *old, bool culprit)
{
	struct cl *cl;
	int ret;
	u32 q;

	if (culprit) {
		KUNIT_EXPECT_NULL(test, compute(test, old, old->queue, &ret));
		KUNIT_EXPECT_EQ(test, ret, -ECANCELED);
	} else {
		expect_fence(test, compute_ok(test, old, old->queue), 0);
	}
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(old->c, old->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &q), 0);
	expect_fence(test, compute_ok(test, old, q), 0);
	cl = cl_open(test, r);
	expect_fence(test, compute_ok(test, cl, cl->queue), 0);
	agx4_test_client_close(cl->c);
}

static void expect_carries_on(struct kunit *test, struct rec *r,
			      struct cl *old)
{
	expect_carries_on_but(test, r, old, false);
}

/*
 * Nothing a client made is left once every client closed: compared with
 * what the first boot had after its warm-up, once a warm-up made the
 * backend's device-wide objects of the running firmware again.
 */
static unsigned int leaks(struct kunit *test, struct rec *r)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	unsigned int fw_objects = r->fw_objects;
	unsigned int n;

	warm_up(test, r);

	for (;;) {
		agx4_job_flush(r->adev);
		n = atomic_read(&r->adev->gem_objects) +
		    agx4_test_fw_objects(r->adev, true) +
		    abs((int)agx4_test_fw_objects(r->adev, false) -
			(int)fw_objects) +
		    abs((int)kref_read(&r->adev->base.ref) - (int)r->devrefs);
		if (!n || !time_before(jiffies, end))
			break;
		usleep_range(500, 1000);
	}
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&r->adev->gem_objects), 0,
			    "GEM objects leaked");
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(r->adev, true), 0,
			    "timestamp mappings leaked");
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(r->adev, false),
			    fw_objects, "firmware objects leaked");
	KUNIT_EXPECT_EQ_MSG(test, kref_read(&r->adev->base.ref), r->devrefs,
			    "device references leaked");
	return n;
}

/*
 * A fatal event (kind 4) on a running compute: its fence ends with -EIO,
 * a dump names the cause, the fault information, the job in flight and
 * the firmware's records by name, the firmware restarts, and a new queue
 * takes work.
 */
static void agx4_recovery_fatal_event_dumps_and_restarts(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_FATAL,
		.kinds = AGX4_FWMODEL_KIND_COMPUTE,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(r->m, &s), 0);
	expect_fence(test, compute_ok(test, cl, cl->queue), -EIO);
	wait_resets(test, r, 1);
	KUNIT_EXPECT_EQ(test, agx4_reset_failures(r->adev), 0);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_running(r->m, 0));
	expect_in_dump(test, "causes: fatal event");
	expect_in_dump(test, "(in flight): 1 command(s)");
	expect_in_dump(test, is_g16(test) ? "fault: status 0x" :
			     "fault: no fault register known");
	/* The boot's records, decoded by field. */
	expect_in_dump(test, "\nroot.");
	expect_in_dump(test, "\nmain_config.");
	if (is_g16(test)) {
		/* The job's queue record and work item, by name. */
		expect_in_dump(test, "\nqueue.");
		expect_in_dump(test, "\ncompute_work.");
	} else {
		/* The command's event item and context record, by name. */
		expect_in_dump(test, "\nevent_item.");
		expect_in_dump(test, "\ncontext.");
	}
	expect_carries_on(test, r, cl);
	agx4_test_client_close(cl->c);
	KUNIT_EXPECT_EQ(test, leaks(test, r), 0);
}

/*
 * An event record of a kind no firmware posts: the firmware is no longer
 * understood, so it is restarted; the dump holds the record.
 */
static void agx4_recovery_unknown_event_restarts(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	u8 ev[0x48] = { 0x29 };

	/* A job first: the VM gets its firmware state. */
	expect_fence(test, compute_ok(test, cl, cl->queue), 0);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_post_event(r->m, 0, ev,
						      sizeof(ev)), 0);
	wait_resets(test, r, 1);
	expect_in_dump(test, "causes: unparsable event");
	expect_in_dump(test, "event record: 0x0000000000000029 0x");
	expect_carries_on(test, r, cl);
}

/*
 * The firmware crashes with jobs of two queues in it: both fences end
 * with -EIO, the dump carries the crash log, the firmware restarts and
 * a new job completes.
 */
static void agx4_recovery_crash_mid_job_fails_in_flight(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct dma_fence *f1, *f2;
	u32 q2;

	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_LOW,
						     &q2), 0);
	agx4_fwmodel_hold(r->m);
	f1 = compute_ok(test, cl, cl->queue);
	f2 = compute_ok(test, cl, q2);
	wait_held(test, r, 2);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f1));
	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	wait_resets(test, r, 1);
	expect_fence(test, f1, -EIO);
	expect_fence(test, f2, -EIO);
	expect_in_dump(test, "causes: firmware crash");
	expect_in_dump(test, "crashlog of instance 0:\nfwmodel crashlog: instance 0: injected");
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	expect_carries_on(test, r, cl);
}

/*
 * The jobs a restart finds not yet run survive it: with one job of a
 * queue in the firmware and a compute and a render of the same queue, and
 * a render of a second queue, held back by an in-fence, the firmware
 * crashes.  The job in the firmware ends with -EIO; the three others,
 * prepared again for the new firmware, complete once the in-fence
 * signals, and both queues take more work.
 */
static void agx4_recovery_jobs_not_yet_run_survive_a_restart(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct dma_fence *gate = agx4_test_gate_fence(test);
	struct dma_fence *f1, *f2, *f3, *f4;
	int ret;
	u32 in, q2;

	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_LOW,
						     &q2), 0);
	agx4_fwmodel_hold(r->m);
	f1 = compute_ok(test, cl, cl->queue);
	wait_held(test, r, 1);
	in = agx4_test_syncobj(cl->c, gate);
	f2 = submit_one(test, cl, cl->queue, false, in, &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	f3 = submit_one(test, cl, cl->queue, true, in, &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	f4 = submit_one(test, cl, q2, true, in, &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	wait_resets(test, r, 1);
	expect_fence(test, f1, -EIO);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f2));
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	dma_fence_signal(gate);
	expect_fence(test, f2, 0);
	expect_fence(test, f3, 0);
	expect_fence(test, f4, 0);
	expect_fence(test, compute_ok(test, cl, q2), 0);
	expect_carries_on(test, r, cl);
}

/*
 * Work submitted between a crash and the restart (the reset held): the
 * firmware is down, so the jobs wait in prepare_job for the restart
 * instead of reserving room the dead firmware cannot give (G17P's
 * descriptor slots and pools refuse it), then run on the new firmware
 * and complete; nothing ends them before.
 */
static void agx4_recovery_work_submitted_while_down_runs_after_the_restart(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct dma_fence *fr, *fc;
	int ret;

	crash_held(test, r);
	fr = submit_one(test, cl, cl->queue, true, 0, &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	fc = submit_one(test, cl, cl->queue, false, 0, &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	/* Twenty completion scans' time (10 ms each): still waiting. */
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(fc, 200),
			-ETIMEDOUT);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fr));
	agx4_reset_hold(r->adev, false);
	wait_resets(test, r, 1);
	expect_fence(test, fr, 0);
	expect_fence(test, fc, 0);
	expect_carries_on(test, r, cl);
}

/* A G17P queue's compute owner moved to its command ordinal @next. */
static void owner_at(struct kunit *test, struct cl *cl, u32 next)
{
	struct agx4_file *af = cl->c->file->driver_priv;
	struct agx4_job_queue *q = agx4_queue_pool_get(af->queues, cl->queue);

	KUNIT_ASSERT_NOT_NULL(test, q);
	agx4_fw_g17p_queue_set_counts(q->fw, next, 0);
	agx4_job_queue_put(q);
}

/*
 * A G17P SUBMIT that recycles its queue's compute owner (at its counter's
 * limit, the queue idle) after the firmware crashed and before the
 * restart (the reset held): the cleanup the recycle sends finds no
 * firmware, yet SUBMIT succeeds, and the job runs after the restart.
 */
static void agx4_recovery_submit_recycling_on_a_crashed_firmware_succeeds(struct kunit *test)
{
	struct dma_fence *f;
	struct rec *r;
	struct cl *cl;
	int ret;

	if (is_g16(test))
		kunit_skip(test, "a G16 SUBMIT recycles nothing");
	r = rec_open(test);
	cl = cl_open(test, r);
	/* A job first: the owner is published, so a recycle cleans it up. */
	expect_fence(test, compute_ok(test, cl, cl->queue), 0);
	agx4_job_flush(r->adev);
	owner_at(test, cl, 0xffffff);
	crash_held(test, r);
	f = submit_one(test, cl, cl->queue, false, 0, &ret);
	KUNIT_EXPECT_EQ(test, ret, 0);
	agx4_reset_hold(r->adev, false);
	wait_resets(test, r, 1);
	if (f)
		expect_fence(test, f, 0);
	expect_carries_on(test, r, cl);
}

/*
 * A job that times out while a restart is on its way (a crash noted, the
 * reset held) is the restart's to end: nothing names its queue, so the
 * queue is not killed.  The job ends with -EIO at the restart and the
 * queue runs work after it.
 */
static void agx4_recovery_timeout_while_a_restart_is_due_kills_nothing(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct dma_fence *f;

	hang_setup(test, r, cl, AGX4_JOB_TIMEOUT_MS);
	f = compute_ok(test, cl, cl->queue);
	wait_held(test, r, 1);
	crash_held(test, r);
	/* Forty job timeouts' time: the timer fired and killed nothing. */
	msleep(40 * SHORT_TIMEOUT_MS);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, agx4_job_timeouts(r->adev), 0);
	agx4_reset_hold(r->adev, false);
	wait_resets(test, r, 1);
	expect_fence(test, f, -EIO);
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
	expect_carries_on(test, r, cl);
}

/* A firmware crash from a work item, while the case waits in SUBMIT. */
struct delayed_crash {
	struct delayed_work work;
	struct agx4_fwmodel *m;
};

static void delayed_crash_fn(struct work_struct *w)
{
	struct delayed_crash *dc = container_of(to_delayed_work(w),
						struct delayed_crash, work);

	agx4_fwmodel_inject(dc->m, AGX4_FWMODEL_FAULT_CRASH, 0);
}

/*
 * A G17P SUBMIT that waits in the ioctl for its queue to be idle (its
 * compute owner at its counter's limit: the recycle needs the queue's
 * earlier job gone, here one held by an in-fence) when the firmware
 * crashes: the restart ends the wait, and the SUBMIT still succeeds (the
 * restart prepares the job for the new firmware, with fresh counters);
 * both jobs complete once the in-fence signals.  G16 waits for nothing
 * in SUBMIT.
 */
static void agx4_recovery_submit_waiting_for_an_idle_queue_survives_a_crash(struct kunit *test)
{
	struct delayed_crash *dc;
	struct dma_fence *gate, *f1, *f2;
	struct rec *r;
	struct cl *cl;
	int ret;

	if (is_g16(test))
		kunit_skip(test, "a G16 SUBMIT waits for no idle queue");
	r = rec_open(test);
	cl = cl_open(test, r);
	/* The next job is the owner's last command; the one after recycles. */
	owner_at(test, cl, 0xfffffe);
	gate = agx4_test_gate_fence(test);
	f1 = submit_one(test, cl, cl->queue, false,
			agx4_test_syncobj(cl->c, gate), &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	dc = kunit_kzalloc(test, sizeof(*dc), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, dc);
	dc->m = r->m;
	INIT_DELAYED_WORK(&dc->work, delayed_crash_fn);
	schedule_delayed_work(&dc->work, msecs_to_jiffies(100));
	f2 = submit_one(test, cl, cl->queue, false, 0, &ret);
	flush_delayed_work(&dc->work);
	KUNIT_EXPECT_EQ(test, ret, 0);
	wait_resets(test, r, 1);
	dma_fence_signal(gate);
	expect_fence(test, f1, 0);
	if (f2)
		expect_fence(test, f2, 0);
	expect_carries_on(test, r, cl);
}

/*
 * A job that completed, but that drm_sched had not freed (its queue's
 * scheduler paused) when the firmware crashed, lets go of its firmware
 * side before the restart makes any queue again: the new firmware's
 * objects take the same places in the VM (G17P: the queue's compute
 * owner's private area, by its index), which the old ones, freed later,
 * would still hold and then unmap under them.
 */
static void agx4_recovery_done_jobs_not_freed_let_go_before_queues_are_made(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct agx4_file *af = cl->c->file->driver_priv;
	struct agx4_job_queue *q = agx4_queue_pool_get(af->queues, cl->queue);
	struct dma_fence *f;

	KUNIT_ASSERT_NOT_NULL(test, q);
	agx4_fwmodel_hold(r->m);
	f = compute_ok(test, cl, cl->queue);
	wait_held(test, r, 1);
	/* Published: from now on drm_sched frees nothing of this queue. */
	drm_sched_wqueue_stop(&q->sched);
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
	expect_fence(test, f, 0);
	/* The restart starts the scheduler again. */
	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	wait_resets(test, r, 1);
	agx4_job_queue_put(q);
	expect_fence(test, compute_ok(test, cl, cl->queue), 0);
	expect_fence(test, compute_ok(test, cl, cl->queue), 0);
	expect_carries_on(test, r, cl);
}

/*
 * A timeout kills only its queue.  On G16 the GPU's fault registers are
 * read then: a fault they report restarts the firmware, and the dump
 * carries them; G17P has no such register and only loses the queue.
 */
static void agx4_recovery_timeout_with_gpu_fault(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	size_t size;
	u32 *sgx = agx4_fwmodel_sgx(r->m, &size);
	struct dma_fence *f;
	u32 q2;

	/* The other queue, made before: it must carry on meanwhile. */
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_LOW,
						     &q2), 0);
	sgx[G16_FAULT_STATUS / 4] = 0x1234;
	sgx[G16_FAULT_STATUS / 4 + 1] = 0x1;
	sgx[G16_FAULT_ADDR / 4] = 0xdead0000;
	sgx[G16_FAULT_ADDR / 4 + 1] = 0x15;
	timeout_one_compute_setup(test, r, cl);
	f = compute_ok(test, cl, cl->queue);
	expect_fence(test, f, -ETIMEDOUT);
	if (!is_g16(test)) {
		agx4_reset_flush(r->adev);
		KUNIT_EXPECT_EQ(test, agx4_reset_count(r->adev), 0);
		agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
		agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
		expect_fence(test, compute_ok(test, cl, q2), 0);
		return;
	}
	wait_resets(test, r, 1);
	expect_in_dump(test, "causes: GPU fault");
	expect_in_dump(test, "fault: status 0x0000000100001234 address 0x00000015dead0000");
	/* 0x1234: context 0, unit 0x9, level 0, read, reason 2; bit 0 clear. */
	expect_in_dump(test, DECODED_FAULT);
	expect_in_dump(test, "\nkind: firmware restart\n");
	expect_in_dump(test, "\nprocess: none known\n");
	memset(sgx + G16_FAULT_STATUS / 4, 0, 16);
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	/* The queue made before, innocent, runs on the new firmware. */
	expect_fence(test, compute_ok(test, cl, q2), 0);
	expect_carries_on_but(test, r, cl, true);
}

/*
 * A job the firmware never finishes, on both generations: the timeout
 * kills its queue alone, and once the firmware kept the killed job for a
 * hang timeout more the firmware is restarted, with a devcoredump naming
 * that cause, and the device carries on.  On G17P, where every queue of a
 * priority shares the work channels, this is what frees them.
 */
static void agx4_recovery_killed_job_the_firmware_keeps_restarts_it(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	unsigned long start;

	hang_setup(test, r, cl, 4 * SHORT_TIMEOUT_MS);
	start = jiffies;
	expect_fence(test, compute_ok(test, cl, cl->queue), -ETIMEDOUT);
	wait_resets(test, r, 1);
	/*
	 * Not before the hang timeout past the moment the job's timeout
	 * was due, the job timeout after its publication (after @start).
	 */
	KUNIT_EXPECT_GE(test, jiffies_to_msecs(jiffies - start) + 1,
			5 * SHORT_TIMEOUT_MS);
	KUNIT_EXPECT_EQ(test, agx4_job_hangs(r->adev), 1);
	expect_in_dump(test, "causes: killed job kept by the firmware");
	expect_in_dump(test, "\nkind: firmware restart\n");
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	expect_carries_on_but(test, r, cl, true);
}

/* The job timeout of the never-completing job's queue. */
#define NEVER_TIMEOUT_MS	300
/*
 * What the restart may begin past twice that timeout: the hang check's
 * timer and work item on a loaded UML host, ten ticks at HZ=100 (chosen).
 */
#define NEVER_SLACK_MS		100

/*
 * A job the firmware never finishes (%AGX4_FWMODEL_ACT_NEVER: its lane
 * stops behind it), with the default hang timeout (0: the job timeout
 * again): the timeout kills its queue alone, and the firmware's restart
 * begins within twice the job timeout of the firmware taking the job
 * (plus the hang check's latency, NEVER_SLACK_MS).  Another client's job, submitted
 * while it hangs, ends with 0, or with -EIO if the stalled firmware had
 * it at the restart, and that client's next job completes.  Printed as "agx4-hang: ...".
 */
static void agx4_recovery_never_completing_job_restarts_within_two_timeouts(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct cl *other = cl_open(test, r);
	const struct agx4_fwmodel_script never = {
		.action = AGX4_FWMODEL_ACT_NEVER,
		.kinds = AGX4_FWMODEL_KIND_COMPUTE,
	};
	unsigned long start, end = jiffies + msecs_to_jiffies(BOUND_MS);
	struct dma_fence *f, *g;
	unsigned int ms;
	int err;

	agx4_job_timeout_ms = NEVER_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &cl->queue), 0);
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(r->m, &never), 0);
	f = compute_ok(test, cl, cl->queue);
	/* The firmware took it: the other job comes behind it. */
	while (!agx4_fwmodel_busy(r->m) && time_before(jiffies, end))
		usleep_range(200, 500);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_busy(r->m), 1);
	start = jiffies;
	g = compute_ok(test, other, other->queue);
	expect_fence(test, f, -ETIMEDOUT);
	/*
	 * When the restart began: its dump is made then, while this thread
	 * may only run again once the whole restart is over.
	 */
	wait_resets(test, r, 1);
	mutex_lock(&dump_lock);
	ms = jiffies_to_msecs(dump_at - start);
	mutex_unlock(&dump_lock);
	KUNIT_EXPECT_EQ(test, agx4_job_hangs(r->adev), 1);
	expect_in_dump(test, "causes: killed job kept by the firmware");
	err = agx4_test_fence_wait(g, BOUND_MS);
	dma_fence_put(g);
	KUNIT_EXPECT_TRUE_MSG(test, !err || err == -EIO, "ended with %d", err);
	expect_fence(test, compute_ok(test, other, other->queue), 0);
	kunit_info(test, "agx4-hang: %s: a job that never completes: firmware restart began %u ms after it started (job timeout %u ms, twice that %u ms), the other client's job ended with %d, its next one completes\n",
		   is_g16(test) ? "G16" : "G17P", ms, NEVER_TIMEOUT_MS,
		   2 * NEVER_TIMEOUT_MS, err);
	KUNIT_EXPECT_LE(test, ms, 2 * NEVER_TIMEOUT_MS + NEVER_SLACK_MS);
	expect_carries_on_but(test, r, cl, true);
}

/*
 * A killed job the firmware gives back within the hang timeout restarts
 * nothing: the queue stays killed, no restart follows once the hang
 * timeout has passed, and another queue of the client carries on.
 */
static void agx4_recovery_killed_job_given_back_in_time_restarts_nothing(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	u32 q2;

	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_LOW,
						     &q2), 0);
	hang_setup(test, r, cl, 500);
	expect_fence(test, compute_ok(test, cl, cl->queue), -ETIMEDOUT);
	/* The firmware lets the killed job go, well inside the 500 ms. */
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
	msleep(1000);
	agx4_reset_flush(r->adev);
	KUNIT_EXPECT_EQ(test, agx4_reset_count(r->adev), 0);
	KUNIT_EXPECT_EQ(test, agx4_job_hangs(r->adev), 0);
	expect_fence(test, compute_ok(test, cl, q2), 0);
}

/*
 * A GPU fault in one client's context, as the model's firmware plays it
 * (%AGX4_FWMODEL_ACT_GPU_FAULT): the faulting job never completes, and
 * its timeout kills its queue.  On G16 the fault registers latched the
 * fault, naming the client's context: its queue is killed as the fault's
 * culprit (-EFAULT), the firmware restarts, and the restart's devcoredump
 * decodes them: the faulting address and the context of the client whose
 * job faulted.  G17P has no fault register anyone knows: the timeout
 * kills the queue alone (-ETIMEDOUT) and nothing restarts.
 */
static void agx4_recovery_gpu_fault_names_the_faulting_context(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GPU_FAULT,
		.arg = 0x15dead0000ull >> 14,
		.kinds = AGX4_FWMODEL_KIND_COMPUTE,
	};
	struct agx4_file *af = cl->c->file->driver_priv;
	size_t size;
	u32 *sgx = agx4_fwmodel_sgx(r->m, &size);
	struct agx4_vm *vm;
	char line[160];
	u32 status;

	/* Killed jobs the case keeps restart no firmware. */
	short_queue(test, cl, AGX4_JOB_TIMEOUT_MS);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(r->m, &s), 0);
	expect_fence(test, compute_ok(test, cl, cl->queue),
		     is_g16(test) ? -EFAULT : -ETIMEDOUT);
	if (!is_g16(test)) {
		agx4_reset_flush(r->adev);
		KUNIT_EXPECT_EQ(test, agx4_reset_count(r->adev), 0);
		return;
	}
	wait_resets(test, r, 1);
	expect_in_dump(test, "causes: GPU fault");
	vm = agx4_vm_pool_get(af->vms, cl->f.vm_id);
	KUNIT_ASSERT_NOT_NULL(test, vm);
	/* The fault bit, a read, reason 0, and the client's context. */
	status = 0x11 | vm->uat.asid << 17;
	snprintf(line, sizeof(line),
		 "fault: address 0x00000015dead0000, context %u, unit 0x0, level 0, read, invalid (status %#018x)",
		 vm->uat.asid, status);
	agx4_vm_put(vm);
	expect_in_dump(test, line);
	memset(sgx + G16_FAULT_STATUS / 4, 0, 16);
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	expect_carries_on_but(test, r, cl, true);
}

/*
 * Culprit only: one client's job is in the firmware when another client's
 * job times out, and the G16 fault registers name the first client's
 * context (fault bit set).  The fault names the culprit, not the timeout:
 * the first client's queue is killed (-EFAULT), the timed-out queue is
 * not (its job ends with -EIO at the restart the fault brings, and the
 * queue runs work after it), and the culprit's VM takes a new queue.  On
 * G17P the registers mean nothing: the timeout names the timed-out queue,
 * which alone is killed, and nothing restarts.
 */
static void agx4_recovery_gpu_fault_kills_its_vm_not_the_timed_out_queue(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *culprit = cl_open(test, r), *other = cl_open(test, r);
	struct agx4_file *af = culprit->c->file->driver_priv;
	size_t size;
	u32 *sgx = agx4_fwmodel_sgx(r->m, &size);
	struct dma_fence *fc, *fo;
	struct agx4_vm *vm;
	u64 status;

	short_queue(test, other, AGX4_JOB_TIMEOUT_MS);
	agx4_fwmodel_hold(r->m);
	fc = compute_ok(test, culprit, culprit->queue);
	wait_held(test, r, 1);
	vm = agx4_vm_pool_get(af->vms, culprit->f.vm_id);
	KUNIT_ASSERT_NOT_NULL(test, vm);
	KUNIT_ASSERT_GT(test, vm->uat.asid, 0);
	status = BIT_ULL(0) | BIT_ULL(4) | (u64)vm->uat.asid << 17;
	agx4_vm_put(vm);
	sgx[G16_FAULT_STATUS / 4] = lower_32_bits(status);
	sgx[G16_FAULT_STATUS / 4 + 1] = upper_32_bits(status);
	sgx[G16_FAULT_ADDR / 4] = 0xdead0000;
	sgx[G16_FAULT_ADDR / 4 + 1] = 0x15;
	fo = compute_ok(test, other, other->queue);
	if (!is_g16(test)) {
		expect_fence(test, fo, -ETIMEDOUT);
		agx4_reset_flush(r->adev);
		KUNIT_EXPECT_EQ(test, agx4_reset_count(r->adev), 0);
		agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
		agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
		expect_fence(test, fc, 0);
		expect_carries_on(test, r, culprit);
		expect_carries_on_but(test, r, other, true);
		return;
	}
	expect_fence(test, fc, -EFAULT);
	wait_resets(test, r, 1);
	expect_fence(test, fo, -EIO);
	expect_in_dump(test, "causes: GPU fault");
	memset(sgx + G16_FAULT_STATUS / 4, 0, 16);
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
	expect_carries_on(test, r, other);
	expect_carries_on_but(test, r, culprit, true);
}

/*
 * A job that times out without a GPU fault: its queue alone is killed and
 * a devcoredump is taken, starting with the header every dump has (format,
 * kind, driver, kernel, firmware build, generation, time, process) and
 * naming the queue's owner (this test's task), the queue and VM by their
 * ids, the fault registers, and the job's records by name.  No firmware
 * restart.
 */
static void agx4_recovery_timeout_dump_names_queue_and_process(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	char line[96];

	timeout_one_compute_setup(test, r, cl);
	expect_fence(test, compute_ok(test, cl, cl->queue), -ETIMEDOUT);

	mutex_lock(&dump_lock);
	KUNIT_EXPECT_NOT_NULL(test, dump_text);
	if (dump_text)
		KUNIT_EXPECT_EQ(test, strncmp(dump_text, "agx4 dump format: 1\n",
					      20), 0);
	mutex_unlock(&dump_lock);
	expect_in_dump(test, "\nkind: job timeout\n");
	expect_in_dump(test, "\ndriver: asahi 0.0.0\n");
	expect_in_dump(test, "\nkernel: ");
	expect_in_dump(test, "\nfirmware_build: mBoot-18000.161.");
	expect_in_dump(test, is_g16(test) ? "\ngeneration: G16\n" :
					    "\ngeneration: G17P\n");
	expect_in_dump(test, "\ntime: ");
	snprintf(line, sizeof(line), "\nprocess: %d %s\n",
		 task_tgid_nr(current), current->comm);
	expect_in_dump(test, line);
	snprintf(line, sizeof(line), "\nqueue: %u, VM %u, job 1, timeout %u ms\n",
		 cl->queue, cl->f.vm_id,
		 jiffies_to_msecs(msecs_to_jiffies(SHORT_TIMEOUT_MS)));
	expect_in_dump(test, line);
	expect_in_dump(test, is_g16(test) ? "\nfault: none\n" :
					    "\nfault: no fault register known\n");
	expect_in_dump(test, is_g16(test) ? "    compute_work at " :
					    "    event_item\n");
	agx4_reset_flush(r->adev);
	KUNIT_EXPECT_EQ(test, agx4_reset_count(r->adev), 0);
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
}

/*
 * CYCLES times: a client opens, TIMEOUTS_PER_CYCLE queues each time out
 * a held job (-ETIMEDOUT), another queue has a job in the firmware when
 * it crashes (-EIO), the firmware restarts and the client closes.  Then
 * nothing is left but what a fresh boot has.
 */
static void agx4_recovery_crash_cycles_and_timeouts(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct dma_fence *tf[TIMEOUTS_PER_CYCLE];
	unsigned int cycle, i, timeouts = 0, n;
	u32 q[TIMEOUTS_PER_CYCLE];
	struct dma_fence *f;
	struct cl *cl;

	for (cycle = 0; cycle < CYCLES; cycle++) {
		cl = cl_open(test, r);
		agx4_fwmodel_hold(r->m);
		f = compute_ok(test, cl, cl->queue);
		agx4_job_timeout_ms = SHORT_TIMEOUT_MS;
		/* Killed jobs the case keeps restart no firmware. */
		agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
		for (i = 0; i < TIMEOUTS_PER_CYCLE; i++)
			KUNIT_ASSERT_EQ(test,
					agx4_test_queue_create(cl->c, cl->f.vm_id,
							       DRM_ASAHI_PRIORITY_MEDIUM,
							       &q[i]), 0);
		agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
		agx4_hang_timeout_ms = 0;
		for (i = 0; i < TIMEOUTS_PER_CYCLE; i++)
			tf[i] = compute_ok(test, cl, q[i]);
		for (i = 0; i < TIMEOUTS_PER_CYCLE; i++) {
			if (agx4_test_fence_wait(tf[i], BOUND_MS) == -ETIMEDOUT)
				timeouts++;
			dma_fence_put(tf[i]);
		}
		KUNIT_ASSERT_FALSE(test, dma_fence_is_signaled(f));
		agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH, 0);
		wait_resets(test, r, cycle + 1);
		KUNIT_ASSERT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), -EIO);
		dma_fence_put(f);
		agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
		agx4_test_client_close(cl->c);
		kunit_kfree(test, cl);
	}
	KUNIT_EXPECT_EQ(test, timeouts, CYCLES * TIMEOUTS_PER_CYCLE);
	KUNIT_EXPECT_EQ(test, agx4_reset_failures(r->adev), 0);
	n = leaks(test, r);
	kunit_info(test, "agx4-recovery: crash/restart cycles = %u, timeouts = %u, leaks = %u\n",
		   agx4_reset_count(r->adev), timeouts, n);
	KUNIT_EXPECT_EQ(test, n, 0);
}

#define SURVIVE_CLIENTS	8
#define SURVIVE_CRASHES	100

/*
 * A fence of a client's job that no fault named: it ends with 0, or with
 * -EIO when a crash found it in the firmware.  Anything else counts.
 */
static unsigned int innocent_fence_errors(struct kunit *test,
					  struct dma_fence *f)
{
	int err = agx4_test_fence_wait(f, BOUND_MS);

	dma_fence_put(f);
	if (!err || err == -EIO)
		return 0;
	kunit_info(test, "an innocent job ended with %d\n", err);
	return 1;
}

/*
 * The desktop survives: 8 clients, each with a render and a compute
 * queue, submit render and compute work while the firmware crashes 100
 * times, at random points of their work (some jobs in the firmware, some
 * queued behind them, some submitted right after the crash).  No client
 * caused a fault, so none may see an error from SUBMIT or QUEUE_CREATE
 * (the Mesa driver aborts on one), and every job ends with 0 or, if the
 * firmware had it when it crashed, -EIO.  Printed as
 * "agx4-survive: clients = N, crashes = N, innocent submit errors = N".
 */
static void agx4_recovery_clients_survive_crashes(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct dma_fence *f[SURVIVE_CLIENTS][2];
	struct cl *cl[SURVIVE_CLIENTS];
	u32 rq[SURVIVE_CLIENTS], q;
	unsigned int i, k, crash, errors = 0, fence_errors = 0, n;
	int ret;

	for (i = 0; i < SURVIVE_CLIENTS; i++) {
		cl[i] = cl_open(test, r);
		KUNIT_ASSERT_EQ(test,
				agx4_test_queue_create(cl[i]->c, cl[i]->f.vm_id,
						       DRM_ASAHI_PRIORITY_MEDIUM,
						       &rq[i]), 0);
	}
	for (crash = 0; crash < SURVIVE_CRASHES; crash++) {
		/* Half the time the firmware holds what it was given. */
		if (crash & 1)
			agx4_fwmodel_hold(r->m);
		for (i = 0; i < SURVIVE_CLIENTS; i++) {
			f[i][0] = submit_one(test, cl[i], rq[i], true, 0, &ret);
			errors += !!ret;
			f[i][1] = submit_one(test, cl[i], cl[i]->queue, false, 0,
					     &ret);
			errors += !!ret;
			/* The crash comes after a varying share of them. */
			if (i == crash % SURVIVE_CLIENTS)
				agx4_fwmodel_inject(r->m,
						    AGX4_FWMODEL_FAULT_CRASH, 0);
		}
		wait_resets(test, r, crash + 1);
		agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
		agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
		for (i = 0; i < SURVIVE_CLIENTS; i++)
			for (k = 0; k < 2; k++)
				if (f[i][k])
					fence_errors +=
						innocent_fence_errors(test, f[i][k]);
		/* A VM from before the crash takes a new queue. */
		i = crash % SURVIVE_CLIENTS;
		ret = agx4_test_queue_create(cl[i]->c, cl[i]->f.vm_id,
					     DRM_ASAHI_PRIORITY_MEDIUM, &q);
		errors += !!ret;
		if (!ret)
			KUNIT_EXPECT_EQ(test,
					agx4_test_queue_destroy(cl[i]->c, q), 0);
	}
	/* Every queue still runs work to completion. */
	for (i = 0; i < SURVIVE_CLIENTS; i++) {
		f[i][0] = submit_one(test, cl[i], rq[i], true, 0, &ret);
		errors += !!ret;
		if (f[i][0])
			KUNIT_EXPECT_EQ(test,
					agx4_test_fence_wait(f[i][0], BOUND_MS),
					0);
		dma_fence_put(f[i][0]);
		expect_fence(test, compute_ok(test, cl[i], cl[i]->queue), 0);
	}
	kunit_info(test, "agx4-survive: clients = %u, crashes = %u, innocent submit errors = %u\n",
		   SURVIVE_CLIENTS, agx4_reset_count(r->adev), errors);
	KUNIT_EXPECT_EQ(test, errors, 0);
	KUNIT_EXPECT_EQ(test, fence_errors, 0);
	KUNIT_EXPECT_EQ(test, agx4_reset_count(r->adev), SURVIVE_CRASHES);
	KUNIT_EXPECT_EQ(test, agx4_reset_failures(r->adev), 0);
	for (i = 0; i < SURVIVE_CLIENTS; i++)
		agx4_test_client_close(cl[i]->c);
	n = leaks(test, r);
	KUNIT_EXPECT_EQ(test, n, 0);
}

/*
 * The firmware crashes and does not come back (it crashes again in its
 * boot): the job in flight ends with -EIO, a job not yet run ends with
 * -ECANCELED once its in-fence signals, the device is unplugged, and
 * every ioctl, through DRM's dispatch, returns -ENODEV; those that reach
 * the firmware do so on their own as well.
 */
static void agx4_recovery_failed_restart_unplugs(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	const struct drm_driver *drv = r->adev->base.driver;
	struct dma_fence *gate = agx4_test_gate_fence(test);
	u64 data[32] = { };
	struct dma_fence *f, *held;
	unsigned int i;
	int ret;
	u32 q;

	agx4_fwmodel_hold(r->m);
	f = compute_ok(test, cl, cl->queue);
	wait_held(test, r, 1);
	/* Not yet run at the restart: it ends, and nothing waits for it. */
	held = submit_one(test, cl, cl->queue, false,
			  agx4_test_syncobj(cl->c, gate), &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, 1);
	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	wait_resets(test, r, 1);
	expect_fence(test, f, -EIO);
	dma_fence_signal(gate);
	expect_fence(test, held, -ECANCELED);
	KUNIT_EXPECT_EQ(test, agx4_reset_failures(r->adev), 1);
	KUNIT_EXPECT_TRUE(test, drm_dev_is_unplugged(&r->adev->base));
	KUNIT_EXPECT_NULL(test, r->adev->fw);
	for (i = 0; i < drv->num_ioctls; i++) {
		memset(data, 0, sizeof(data));
		KUNIT_EXPECT_EQ_MSG(test,
				    drm_ioctl_kernel(cl->c->filp,
						     drv->ioctls[i].func, data,
						     drv->ioctls[i].flags),
				    -ENODEV, "ioctl %u", i);
	}
	KUNIT_EXPECT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &q), -ENODEV);
	KUNIT_EXPECT_NULL(test, compute(test, cl, cl->queue, &ret));
	KUNIT_EXPECT_EQ(test, ret, -ENODEV);
}

/*
 * A job that waits for a restart that then fails (the firmware crashes
 * again in its boot) ends with -ECANCELED as soon as the restart gives
 * up: it is not published to the stopped firmware, where it would wait
 * for the removal.  The restart's failure unplugs the device on a work
 * item of its own, so the job may find the device going or the job unit
 * stopped first: either way it is cancelled.
 */
static void agx4_recovery_failed_restart_cancels_the_job_waiting_for_it(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	struct dma_fence *f;
	int ret;

	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, 1);
	crash_held(test, r);
	f = submit_one(test, cl, cl->queue, false, 0, &ret);
	KUNIT_ASSERT_EQ(test, ret, 0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, 100), -ETIMEDOUT);
	agx4_reset_hold(r->adev, false);
	wait_resets(test, r, 1);
	expect_fence(test, f, -ECANCELED);
	KUNIT_EXPECT_EQ(test, agx4_reset_failures(r->adev), 1);
}

/*
 * A killed job's queue destroyed as soon as its fence ends: the queue is
 * on no list of the job unit while its release decides to keep it, and a
 * hang check that runs then (the timeout queues one at once) finds
 * nothing; the release checks again once the queue is kept.  Three
 * rounds, each a job the firmware never completes, each restart counted.
 */
static void agx4_recovery_hang_check_finds_a_destroyed_queue_s_killed_job(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	const struct agx4_fwmodel_script never = {
		.action = AGX4_FWMODEL_ACT_NEVER,
		.kinds = AGX4_FWMODEL_KIND_COMPUTE,
	};
	unsigned int i;
	u32 q;

	for (i = 0; i < 3; i++) {
		agx4_job_timeout_ms = NEVER_TIMEOUT_MS;
		agx4_hang_timeout_ms = 0;
		KUNIT_ASSERT_EQ(test,
				agx4_test_queue_create(cl->c, cl->f.vm_id,
						       DRM_ASAHI_PRIORITY_MEDIUM,
						       &q), 0);
		agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
		KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(r->m, &never), 0);
		expect_fence(test, compute_ok(test, cl, q), -ETIMEDOUT);
		KUNIT_EXPECT_EQ(test, agx4_test_queue_destroy(cl->c, q), 0);
		wait_resets(test, r, i + 1);
		KUNIT_EXPECT_EQ(test, agx4_job_hangs(r->adev), i + 1);
		agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	}
	expect_carries_on(test, r, cl);
}

/* What the model saw of the host, for comparisons. */
struct seen {
	u32 received;
	u32 doorbells;
	u32 records;
	unsigned int stops;
};

/* Records the event drain took: dispatched, unknown or refused. */
static u64 drained(struct rec *r)
{
	const struct agx4_event *ev = &r->adev->fw->events;
	u64 n = ev->unknown + ev->malformed;
	unsigned int i;

	for (i = 0; i < AGX4_EVENT_KINDS; i++)
		n += ev->by_kind[i];
	return n;
}

static struct seen model_seen(struct rec *r)
{
	agx4_fwmodel_sync(r->m);
	return (struct seen){
		.received = agx4_fwmodel_count(r->m, AGX4_FWMODEL_CNT_RECEIVED),
		.doorbells = agx4_fwmodel_count(r->m,
						AGX4_FWMODEL_CNT_DOORBELLS),
		.records = agx4_fwmodel_count(r->m,
					      AGX4_FWMODEL_CNT_CONTROL_RECORDS),
		.stops = agx4_fwmodel_stops(r->m, 0),
	};
}

/*
 * Once the device is unplugged (drm_dev_unplug(), the first thing its
 * removal does) and before the removal stops the firmware, nothing may
 * reach the firmware: an event it posts is not drained (a growth request
 * among them), a reset scheduled does not run, and a job that times out
 * kills its queue without a doorbell or a reset (on G16 with the fault
 * registers reporting a fault).  The model, still running, sees nothing
 * of the host.
 */
static void agx4_recovery_nothing_reaches_the_firmware_after_unplug(struct kunit *test)
{
	struct rec *r = rec_open(test);
	struct cl *cl = cl_open(test, r);
	size_t size;
	u32 *sgx = agx4_fwmodel_sgx(r->m, &size);
	u8 ev[0x48] = { 6 };
	struct dma_fence *f;
	struct seen before, after;
	u64 took;

	agx4_job_timeout_ms = SHORT_TIMEOUT_MS * 20;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &cl->queue), 0);
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
	agx4_fwmodel_hold(r->m);
	f = compute_ok(test, cl, cl->queue);
	wait_held(test, r, 1);
	if (is_g16(test)) {
		sgx[G16_FAULT_STATUS / 4] = 0x1234;
		sgx[G16_FAULT_ADDR / 4] = 0xdead0000;
	}
	before = model_seen(r);
	took = drained(r);

	drm_dev_unplug(&r->adev->base);
	/* A record of growth-request kind: posted, never drained. */
	ev[4] = 1;
	ev[8] = 1;
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_post_event(r->m, 0, ev,
						      sizeof(ev)), 0);
	agx4_reset_schedule(r->adev, AGX4_RESET_FATAL, 0, NULL, 0);
	expect_fence(test, f, -ETIMEDOUT);
	agx4_reset_flush(r->adev);
	after = model_seen(r);

	KUNIT_EXPECT_EQ(test, drained(r), took);
	KUNIT_EXPECT_EQ(test, agx4_reset_count(r->adev), 0);
	KUNIT_EXPECT_EQ(test, after.received, before.received);
	KUNIT_EXPECT_EQ(test, after.doorbells, before.doorbells);
	KUNIT_EXPECT_EQ(test, after.records, before.records);
	KUNIT_EXPECT_EQ(test, after.stops, before.stops);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_running(r->m, 0));
	if (is_g16(test))
		memset(sgx + G16_FAULT_STATUS / 4, 0, 16);
}

static struct kunit_case agx4_recovery_cases[] = {
	KUNIT_CASE_PARAM(agx4_recovery_timeout_dump_names_queue_and_process,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_fatal_event_dumps_and_restarts,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_unknown_event_restarts, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_crash_mid_job_fails_in_flight,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_jobs_not_yet_run_survive_a_restart,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_work_submitted_while_down_runs_after_the_restart,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_submit_waiting_for_an_idle_queue_survives_a_crash,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_submit_recycling_on_a_crashed_firmware_succeeds,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_timeout_while_a_restart_is_due_kills_nothing,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_done_jobs_not_freed_let_go_before_queues_are_made,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_timeout_with_gpu_fault, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_gpu_fault_kills_its_vm_not_the_timed_out_queue,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_gpu_fault_names_the_faulting_context,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_killed_job_the_firmware_keeps_restarts_it,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_never_completing_job_restarts_within_two_timeouts,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_killed_job_given_back_in_time_restarts_nothing,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_crash_cycles_and_timeouts,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_clients_survive_crashes, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_failed_restart_unplugs, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_hang_check_finds_a_destroyed_queue_s_killed_job,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_failed_restart_cancels_the_job_waiting_for_it,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_recovery_nothing_reaches_the_firmware_after_unplug,
			 soc_gen_params),
	{ }
};

static struct kunit_suite agx4_recovery_suite = {
	.name = "agx4_recovery",
	.test_cases = agx4_recovery_cases,
};

kunit_test_suite(agx4_recovery_suite);
