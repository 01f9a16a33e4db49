// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_job": the job unit (scheduler, done fences, syncobjs,
 * timeouts, queue and file teardown) through the real SUBMIT ioctl, on a
 * scripted backend in place of a firmware generation.  The backend
 * completes exactly the jobs a case tells it to, with the status the case
 * chooses, so each case can tell what the job unit does from what the
 * firmware does.  The generations' own backends and the firmware model
 * are tested elsewhere.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/file.h>
#include <linux/mman.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>

#include <drm/drm_file.h>
#include <drm/drm_syncobj.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_queue.h"
#include "../agx4_job.h"
#include "../agx4_job_hang.h"
#include "../agx4_job_types.h"
#include "../agx4_queue.h"
#include "../agx4_vm.h"
#include "agx4_test_util.h"

#define KSTART		(AGX4_VM_END - SZ_32G)
#define WAIT_MS		2000

/* The scripted backend: one per case. */
struct fake {
	spinlock_t lock;		/* protects @published */
	struct list_head published;	/* fake_job.node, in publish order */
	atomic_t queues;		/* firmware queues alive */
	atomic_t jobs;			/* firmware jobs alive */
	atomic_t npublished;
	atomic_t reserves;		/* job_reserve calls */
	struct dma_fence *hold;		/* job_reserve waits for it, if set */
	int refuse;			/* job_prepare's answer when non-zero */
	u32 credits;
	bool auto_complete;
	/*
	 * The backend's state went with the firmware (as a real backend's
	 * fw_gone frees it); until then nothing may be forgotten, since
	 * forgetting leaves that state naming freed memory.
	 */
	bool state_gone;
	atomic_t early_forgets;	/* forget calls while the state was there */
};

struct fake_queue {
	struct agx4_fw_queue base;	/* its VM held, as a backend holds it */
	struct fake *f;
	u32 prepared;
};

struct fake_job {
	struct agx4_fw_job base;
	struct fake_queue *q;
	struct list_head node;
	u32 ordinal;
	bool published;
	bool done;
	bool done_in_tdr;	/* completes when the timeout handler looks */
	int err;
};

static struct fake *cur;

static int fake_queue_create(struct agx4_device *adev,
			     const struct agx4_fw_queue_args *args,
			     struct agx4_fw_queue **out)
{
	struct fake_queue *q = kzalloc(sizeof(*q), GFP_KERNEL);

	if (!q)
		return -ENOMEM;
	q->f = cur;
	q->base.vm = agx4_vm_get(args->vm);
	atomic_inc(&cur->queues);
	*out = &q->base;
	return 0;
}

static void fake_queue_destroy(struct agx4_fw_queue *fq, bool fw)
{
	struct fake_queue *q = container_of(fq, struct fake_queue, base);

	if (!fw && !READ_ONCE(q->f->state_gone))
		atomic_inc(&q->f->early_forgets);

	agx4_vm_put(q->base.vm);
	atomic_dec(&q->f->queues);
	kfree(q);
}

static int fake_job_prepare(struct agx4_fw_queue *fq,
			    const struct agx4_cmdbuf *cb,
			    struct agx4_fw_job **out, u32 *credits)
{
	struct fake_queue *q = container_of(fq, struct fake_queue, base);
	struct fake_job *j;

	if (q->f->refuse)
		return q->f->refuse;
	j = kzalloc(sizeof(*j), GFP_KERNEL);
	if (!j)
		return -ENOMEM;
	j->q = q;
	j->ordinal = q->prepared++;
	INIT_LIST_HEAD(&j->node);
	atomic_inc(&q->f->jobs);
	*credits = q->f->credits;
	j->base.queue = fq;
	*out = &j->base;
	return 0;
}

/* What a job reserves is the passing of @hold. */
static struct dma_fence *fake_job_reserve(struct agx4_fw_job *fj)
{
	struct fake_job *j = container_of(fj, struct fake_job, base);
	struct dma_fence *hold = READ_ONCE(j->q->f->hold);

	atomic_inc(&j->q->f->reserves);
	if (hold && !dma_fence_is_signaled(hold))
		return dma_fence_get(hold);
	return NULL;
}

static void fake_job_publish(struct agx4_fw_job *fj)
{
	struct fake_job *j = container_of(fj, struct fake_job, base);
	struct fake *f = j->q->f;

	spin_lock(&f->lock);
	j->published = true;
	j->done = f->auto_complete;
	list_add_tail(&j->node, &f->published);
	spin_unlock(&f->lock);
	atomic_inc(&f->npublished);
}

static int fake_job_status(struct agx4_fw_job *fj)
{
	struct fake_job *j = container_of(fj, struct fake_job, base);
	char fn[64];

	/*
	 * A job that finishes just as its timer fires: done for the first
	 * look from drm_sched's timeout handler (a work item of the
	 * scheduler, named by its function).
	 */
	if (READ_ONCE(j->done_in_tdr) && current_work()) {
		snprintf(fn, sizeof(fn), "%ps", current_work()->func);
		if (!strcmp(fn, "drm_sched_job_timedout"))
			WRITE_ONCE(j->done, true);
	}
	return READ_ONCE(j->done) ? j->err : -EINPROGRESS;
}

static void fake_job_free(struct agx4_fw_job *fj, bool fw)
{
	struct fake_job *j = container_of(fj, struct fake_job, base);
	struct fake *f = j->q->f;

	if (!fw && !READ_ONCE(f->state_gone))
		atomic_inc(&f->early_forgets);
	spin_lock(&f->lock);
	list_del(&j->node);
	spin_unlock(&f->lock);
	atomic_dec(&f->jobs);
	kfree(j);
}

/* Not const: a case may give it features. */
static struct agx4_fw_submit_ops fake_ops = {
	.credit_limit = 16,
	.queue_create = fake_queue_create,
	.queue_destroy = fake_queue_destroy,
	.job_prepare = fake_job_prepare,
	.job_reserve = fake_job_reserve,
	.job_publish = fake_job_publish,
	.job_status = fake_job_status,
	.job_free = fake_job_free,
};

struct job_ctx {
	struct agx4_device *adev;
	struct fake f;
	struct file *filp;
	struct drm_file *file;
	unsigned long ubuf;
	u32 vm;
};

static int job_test_init(struct kunit *test)
{
	struct job_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct drm_asahi_vm_create vc = {
		.kernel_start = KSTART, .kernel_end = AGX4_VM_END,
	};

	KUNIT_ASSERT_NOT_NULL(test, c);
	spin_lock_init(&c->f.lock);
	INIT_LIST_HEAD(&c->f.published);
	c->f.credits = 1;
	cur = &c->f;
	fake_ops.features = 0;
	c->adev = agx4_test_drm_device(test, "agx4_job_test");
	KUNIT_ASSERT_EQ(test, agx4_job_init_backend(c->adev, &fake_ops), 0);
	c->filp = mock_drm_getfile(c->adev->base.primary, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->filp);
	c->file = c->filp->private_data;
	c->ubuf = kunit_vm_mmap(test, NULL, 0, SZ_1M, PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE(test, c->ubuf, 0);
	KUNIT_ASSERT_EQ(test, agx4_ioctl_vm_create(&c->adev->base, &vc,
						   c->file), 0);
	c->vm = vc.vm_id;
	test->priv = c;
	return 0;
}

/* Close the file, then check every firmware queue and job went. */
static void close_file(struct kunit *test, struct job_ctx *c)
{
	unsigned int i;

	if (c->filp) {
		fput(c->filp);
		flush_delayed_fput();
		c->filp = NULL;
	}
	for (i = 0; i < WAIT_MS && (atomic_read(&c->f.jobs) ||
				    atomic_read(&c->f.queues)); i++) {
		agx4_job_flush(c->adev);
		usleep_range(1000, 2000);
	}
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->f.jobs), 0, "jobs leaked");
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->f.queues), 0,
			    "queues leaked");
}

static void job_test_exit(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct fake_job *j;

	/* Complete whatever a failed case left, so nothing hangs. */
	spin_lock(&c->f.lock);
	list_for_each_entry(j, &c->f.published, node)
		WRITE_ONCE(j->done, true);
	spin_unlock(&c->f.lock);
	agx4_job_notify(c->adev);
	close_file(test, c);
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
}

static u32 queue_create(struct kunit *test, struct job_ctx *c)
{
	struct drm_asahi_queue_create qc = {
		.vm_id = c->vm, .usc_exec_base = AGX4_USC_EXEC_BASE,
	};

	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_create(&c->adev->base, &qc,
						      c->file), 0);
	return qc.queue_id;
}

static u32 syncobj(struct kunit *test, struct job_ctx *c,
		   struct dma_fence *fence)
{
	struct drm_syncobj *so;
	u32 handle;

	KUNIT_ASSERT_EQ(test, drm_syncobj_create(&so, 0, fence), 0);
	KUNIT_ASSERT_EQ(test, drm_syncobj_get_handle(c->file, so, &handle), 0);
	drm_syncobj_put(so);
	return handle;
}

/* One compute command; @syncs (in-syncs first) and its counts. */
static int submit(struct kunit *test, struct job_ctx *c, u32 qid,
		  const struct drm_asahi_sync *syncs, u32 nin, u32 nout)
{
	const struct drm_asahi_cmd_header h = {
		.cmd_type = DRM_ASAHI_CMD_COMPUTE,
		.size = sizeof(struct drm_asahi_cmd_compute),
		.vdm_barrier = DRM_ASAHI_BARRIER_NONE,
		.cdm_barrier = DRM_ASAHI_BARRIER_NONE,
	};
	const struct drm_asahi_cmd_compute cc = { };
	const unsigned long ucmd = c->ubuf, usync = c->ubuf + SZ_64K;
	struct drm_asahi_submit sb = {
		.syncs = usync, .cmdbuf = ucmd, .queue_id = qid,
		.in_sync_count = nin, .out_sync_count = nout,
		.cmdbuf_size = sizeof(h) + sizeof(cc),
	};

	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)ucmd, &h, sizeof(h)),
			0);
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)(ucmd + sizeof(h)),
					   &cc, sizeof(cc)), 0);
	if (nin + nout)
		KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)usync, syncs,
						   (nin + nout) * sizeof(*syncs)),
				0);
	return agx4_ioctl_submit(&c->adev->base, &sb, c->file);
}

/* One render command with render flags @flags and no syncs. */
static int submit_render(struct kunit *test, struct job_ctx *c, u32 qid,
			 u32 flags)
{
	const struct drm_asahi_cmd_header h = {
		.cmd_type = DRM_ASAHI_CMD_RENDER,
		.size = sizeof(struct drm_asahi_cmd_render),
		.vdm_barrier = 0,
		.cdm_barrier = DRM_ASAHI_BARRIER_NONE,
	};
	const struct drm_asahi_cmd_render r = {
		.flags = flags, .width_px = 1920, .height_px = 1080,
		.layers = 1, .utile_width_px = 32, .utile_height_px = 32,
		.samples = 1, .sample_size_B = 8, .ppp_ctrl = 0x202,
	};
	const unsigned long ucmd = c->ubuf;
	struct drm_asahi_submit sb = {
		.cmdbuf = ucmd, .queue_id = qid,
		.cmdbuf_size = sizeof(h) + sizeof(r),
	};

	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)ucmd, &h, sizeof(h)),
			0);
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)(ucmd + sizeof(h)),
					   &r, sizeof(r)), 0);
	return agx4_ioctl_submit(&c->adev->base, &sb, c->file);
}

static int submit_signal(struct kunit *test, struct job_ctx *c, u32 qid,
			 u32 handle, u64 point)
{
	const struct drm_asahi_sync s = {
		.sync_type = point ? DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ :
				     DRM_ASAHI_SYNC_SYNCOBJ,
		.handle = handle, .timeline_value = point,
	};

	return submit(test, c, qid, &s, 0, 1);
}

/* The fence a syncobj holds (at @point for a timeline), or NULL. */
static struct dma_fence *fence_of(struct job_ctx *c, u32 handle, u64 point)
{
	struct dma_fence *f = NULL;

	if (drm_syncobj_find_fence(c->file, handle, point, 0, &f))
		return NULL;
	return f;
}

/* Wait until @n jobs were published in all. */
static bool wait_published(struct job_ctx *c, int n)
{
	unsigned int i;

	for (i = 0; i < WAIT_MS; i++) {
		if (atomic_read(&c->f.npublished) >= n)
			return true;
		usleep_range(1000, 2000);
	}
	return false;
}

/* Complete the @idx-th published job (from 0) with @err. */
static void finish(struct job_ctx *c, int idx, int err)
{
	struct fake_job *j;
	int i = 0;

	spin_lock(&c->f.lock);
	list_for_each_entry(j, &c->f.published, node)
		if (i++ == idx) {
			j->err = err;
			WRITE_ONCE(j->done, true);
		}
	spin_unlock(&c->f.lock);
	agx4_job_notify(c->adev);
}

static bool signalled_within(struct dma_fence *f, unsigned int ms)
{
	return dma_fence_wait_timeout(f, false, msecs_to_jiffies(ms)) > 0;
}

static void agx4_job_out_sync_signals_when_the_firmware_is_done(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	struct dma_fence *f;

	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 1));
	KUNIT_EXPECT_FALSE(test, signalled_within(f, 50));
	finish(c, 0, 0);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, 0);
	dma_fence_put(f);
}

static void agx4_job_done_fences_signal_in_queue_order(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c);
	struct dma_fence *f[3];
	u32 h[3];
	int i;

	for (i = 0; i < 3; i++) {
		h[i] = syncobj(test, c, NULL);
		KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, h[i], 0), 0);
		f[i] = fence_of(c, h[i], 0);
		KUNIT_ASSERT_NOT_NULL(test, f[i]);
	}
	KUNIT_ASSERT_TRUE(test, wait_published(c, 3));
	/* The firmware finishes the last two first: nothing may signal. */
	finish(c, 2, 0);
	finish(c, 1, 0);
	KUNIT_EXPECT_FALSE(test, signalled_within(f[1], 50));
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f[2]));
	finish(c, 0, 0);
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_TRUE(test, signalled_within(f[i], WAIT_MS));
		dma_fence_put(f[i]);
	}
}

static void agx4_job_backend_error_ends_the_fence(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), a = syncobj(test, c, NULL);
	u32 b = syncobj(test, c, NULL);
	struct dma_fence *fa, *fb;

	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, a, 0), 0);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, b, 0), 0);
	fa = fence_of(c, a, 0);
	fb = fence_of(c, b, 0);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 2));
	finish(c, 0, -ENOMEM);
	finish(c, 1, 0);
	KUNIT_ASSERT_TRUE(test, signalled_within(fa, WAIT_MS));
	KUNIT_ASSERT_TRUE(test, signalled_within(fb, WAIT_MS));
	KUNIT_EXPECT_EQ(test, fa->error, -ENOMEM);
	/* The queue stays usable: the next job succeeds. */
	KUNIT_EXPECT_EQ(test, fb->error, 0);
	dma_fence_put(fa);
	dma_fence_put(fb);
}

static void agx4_job_waits_for_its_in_sync(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct dma_fence *gate = agx4_test_gate_fence(test);
	u32 q = queue_create(test, c), in, out = syncobj(test, c, NULL);
	struct drm_asahi_sync s[2];

	in = syncobj(test, c, gate);
	s[0] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, in };
	s[1] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, out };
	c->f.auto_complete = true;
	KUNIT_ASSERT_EQ(test, submit(test, c, q, s, 1, 1), 0);
	msleep(50);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->f.npublished), 0,
			    "published before its in-sync signalled");
	dma_fence_signal(gate);
	KUNIT_EXPECT_TRUE(test, wait_published(c, 1));
}

/*
 * The backend reserves a job's shared firmware resources only once its
 * in-sync signalled: a job waiting for it has reserved nothing, however
 * long it waits.  The reserve's fence then holds the job (it is not
 * published) until it signals; the reserve is asked again and the job
 * runs.
 */
static void agx4_job_reserves_after_its_in_sync_and_waits_for_it(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct dma_fence *in_fence = agx4_test_gate_fence(test);
	struct dma_fence *hold = agx4_test_gate_fence(test);
	u32 q = queue_create(test, c), in, out = syncobj(test, c, NULL);
	struct drm_asahi_sync s[2];
	struct dma_fence *f;
	unsigned int i;

	in = syncobj(test, c, in_fence);
	s[0] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, in };
	s[1] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, out };
	c->f.auto_complete = true;
	WRITE_ONCE(c->f.hold, hold);
	KUNIT_ASSERT_EQ(test, submit(test, c, q, s, 1, 1), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	msleep(50);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->f.reserves), 0,
			    "reserved while its in-sync was pending");
	dma_fence_signal(in_fence);
	for (i = 0; i < WAIT_MS && !atomic_read(&c->f.reserves); i++)
		usleep_range(1000, 2000);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.reserves), 1);
	msleep(50);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->f.npublished), 0,
			    "published while the reserve's fence was pending");
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.reserves), 1);
	dma_fence_signal(hold);
	KUNIT_EXPECT_TRUE(test, wait_published(c, 1));
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.reserves), 2);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, 0);
	dma_fence_put(f);
}

/*
 * A job waiting for its reserve when the device goes is not reserved
 * again nor published once the fence signals: it ends -ECANCELED.
 */
static void agx4_job_going_device_cancels_a_waiting_reserve(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct dma_fence *hold = agx4_test_gate_fence(test);
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	struct dma_fence *f;
	unsigned int i;

	WRITE_ONCE(c->f.hold, hold);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	for (i = 0; i < WAIT_MS && !atomic_read(&c->f.reserves); i++)
		usleep_range(1000, 2000);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.reserves), 1);
	agx4_job_unplug(c->adev);
	dma_fence_signal(hold);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, -ECANCELED);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.reserves), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.npublished), 0);
	dma_fence_put(f);
}

/*
 * A job waiting for its reserve when a timeout kills its queue is not
 * published once the reserve's fence signals: prepare_job has nothing
 * more to wait for on a dead queue, and run_job ends the job -ECANCELED
 * without handing it to the backend.
 */
static void agx4_job_killed_queue_s_waiting_job_is_not_published(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct dma_fence *hold = agx4_test_gate_fence(test);
	u32 q, a = syncobj(test, c, NULL), b = syncobj(test, c, NULL);
	struct dma_fence *fa, *fb;
	unsigned int i;

	/* Long enough for the second job to reach its reserve first. */
	agx4_job_timeout_ms = 500;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	q = queue_create(test, c);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, a, 0), 0);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 1));
	WRITE_ONCE(c->f.hold, hold);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, b, 0), 0);
	for (i = 0; i < WAIT_MS && atomic_read(&c->f.reserves) < 2; i++)
		usleep_range(1000, 2000);
	KUNIT_ASSERT_EQ(test, atomic_read(&c->f.reserves), 2);
	fa = fence_of(c, a, 0);
	KUNIT_ASSERT_NOT_NULL(test, fa);
	KUNIT_ASSERT_TRUE(test, signalled_within(fa, WAIT_MS));
	KUNIT_EXPECT_EQ(test, fa->error, -ETIMEDOUT);
	dma_fence_put(fa);
	dma_fence_signal(hold);
	fb = fence_of(c, b, 0);
	KUNIT_ASSERT_NOT_NULL(test, fb);
	KUNIT_EXPECT_TRUE(test, signalled_within(fb, WAIT_MS));
	KUNIT_EXPECT_EQ(test, fb->error, -ECANCELED);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.npublished), 1);
	dma_fence_put(fb);
}

/*
 * A job SUBMIT pushed unprepared because a restart was on its way (the
 * restart prepares it for the new firmware) waits in prepare_job for the
 * restart's gate: it never runs unprepared, which would end it with
 * -ECANCELED though SUBMIT succeeded.  Once the gate opens for good (no
 * restart came), it ends as before.
 */
static void agx4_job_unprepared_job_waits_for_the_restart(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct agx4_job_dev *jd = c->adev->jobs;
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	struct dma_fence *f;

	WRITE_ONCE(jd->resetting, true);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, signalled_within(f, 100));
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.npublished), 0);
	WRITE_ONCE(jd->resetting, false);
	agx4_job_gate_open(jd, false);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, -ECANCELED);
	dma_fence_put(f);
}

static void agx4_job_timeline_out_sync_gets_its_point(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), tl = syncobj(test, c, NULL);
	struct dma_fence *f;

	c->f.auto_complete = true;
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, tl, 5), 0);
	f = fence_of(c, tl, 5);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	dma_fence_put(f);
	/* Waiting on the point the job signalled works from userspace. */
	f = fence_of(c, tl, 4);
	KUNIT_EXPECT_NOT_NULL(test, f);
	dma_fence_put(f);
	KUNIT_EXPECT_NULL(test, fence_of(c, tl, 6));
}

static void agx4_job_refused_by_the_backend_leaves_nothing(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	static const int errs[] = { -EINVAL, -ENOSPC, -ENOMEM };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(errs); i++) {
		c->f.refuse = errs[i];
		KUNIT_EXPECT_EQ(test, submit_signal(test, c, q, out, 0),
				errs[i]);
		/* The out-sync was not touched. */
		KUNIT_EXPECT_NULL(test, fence_of(c, out, 0));
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 0);
	c->f.refuse = 0;
	c->f.auto_complete = true;
	KUNIT_EXPECT_EQ(test, submit_signal(test, c, q, out, 0), 0);
}

/*
 * After agx4_job_unplug() (the removal, before drm_dev_unplug()), called
 * once or more, every SUBMIT fails with -ENODEV without reaching the
 * backend; work already submitted completes.  (That it ends the backend's
 * waits for room is checked on the real backends:
 * agx4_g16_uapi_unplug_ends_the_wait_for_a_scene_slot,
 * agx4_submit_unplug_ends_the_wait_for_a_pool.)
 */
static void agx4_job_unplug_refuses_submit_and_lets_work_complete(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	struct dma_fence *f;

	KUNIT_EXPECT_EQ(test, submit_signal(test, c, q, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 1));
	agx4_job_unplug(c->adev);
	agx4_job_unplug(c->adev);
	KUNIT_EXPECT_EQ(test, submit_signal(test, c, q, out, 0), -ENODEV);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 1);
	finish(c, 0, 0);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, 0);
	dma_fence_put(f);
}

static void agx4_job_timeout_kills_only_its_queue(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 hung, ok, a = syncobj(test, c, NULL), b = syncobj(test, c, NULL);
	struct dma_fence *fa, *fb;

	agx4_job_timeout_ms = 100;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	hung = queue_create(test, c);
	ok = queue_create(test, c);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, hung, a, 0), 0);
	fa = fence_of(c, a, 0);
	KUNIT_ASSERT_TRUE(test, signalled_within(fa, WAIT_MS));
	KUNIT_EXPECT_EQ(test, fa->error, -ETIMEDOUT);
	dma_fence_put(fa);
	KUNIT_EXPECT_EQ(test, submit_signal(test, c, hung, a, 0), -ECANCELED);

	c->f.auto_complete = true;
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, ok, b, 0), 0);
	fb = fence_of(c, b, 0);
	KUNIT_EXPECT_TRUE(test, signalled_within(fb, WAIT_MS));
	KUNIT_EXPECT_EQ(test, fb->error, 0);
	dma_fence_put(fb);
}

/* The file's VM, with a reference the caller drops. */
static struct agx4_vm *file_vm(struct kunit *test, struct job_ctx *c)
{
	struct agx4_file *af = c->file->driver_priv;
	struct agx4_vm *vm = agx4_vm_pool_get(af->vms, c->vm);

	KUNIT_ASSERT_NOT_NULL(test, vm);
	return vm;
}

/*
 * Wait, up to WAIT_MS, for queue releases to bring @vm's references down
 * to @want; the count then.
 */
static unsigned int wait_vm_refs(struct job_ctx *c, struct agx4_vm *vm,
				 unsigned int want)
{
	unsigned int i;

	for (i = 0; i < WAIT_MS && kref_read(&vm->ref) > want; i++) {
		agx4_job_flush(c->adev);
		usleep_range(1000, 2000);
	}
	return kref_read(&vm->ref);
}

/*
 * A job on a new queue of @c times out while the firmware holds it; the
 * queue is destroyed and, once drm_sched freed the killed job, kept by
 * the job unit with its firmware queue's VM reference (@refs + 1 left).
 */
static void kill_and_destroy(struct kunit *test, struct job_ctx *c,
			     struct agx4_vm *vm, unsigned int refs)
{
	struct drm_asahi_queue_destroy qd = { };
	u32 out = syncobj(test, c, NULL);
	struct dma_fence *f;

	agx4_job_timeout_ms = 100;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	qd.queue_id = queue_create(test, c);
	/* The queue's (one object from the UAPI down) and its firmware side's. */
	KUNIT_EXPECT_EQ(test, kref_read(&vm->ref), refs + 2);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, qd.queue_id, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, -ETIMEDOUT);
	dma_fence_put(f);
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_destroy(&c->adev->base, &qd,
						       c->file), 0);
	/* Released once drm_sched freed the killed job: its firmware side kept. */
	KUNIT_ASSERT_EQ(test, wait_vm_refs(c, vm, refs + 1), refs + 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 1);
}

/*
 * A queue a timeout killed while the firmware still held its job is kept
 * whole when it goes, through the removal's stop of the job unit: the
 * firmware may still write the job's storage.  Once the firmware is
 * stopped (agx4_job_fw_gone(), which the firmware's shutdown calls) the
 * job's storage and the firmware queue are freed, through the backend's
 * job_free and queue_destroy (this backend has no forget calls), and the
 * firmware queue's VM reference goes with it.
 */
static void agx4_job_killed_queue_kept_until_the_firmware_stops(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct agx4_vm *vm = file_vm(test, c);
	unsigned int refs = kref_read(&vm->ref);

	kill_and_destroy(test, c, vm, refs);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 1);

	/* The removal: the job unit stops, the firmware is still up. */
	agx4_job_unplug(c->adev);
	agx4_job_fini(c->adev);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 1);

	/* The firmware stopped: nothing of the queue is left. */
	agx4_job_fw_gone(c->adev);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 0);
	KUNIT_EXPECT_EQ(test, kref_read(&vm->ref), refs);
	agx4_vm_put(vm);
}

/*
 * The removal stopped the job unit; the firmware, and the backend's state
 * each queue is part of, are still there until the firmware's shutdown.
 * A queue its client lets go in between, and the job it still had, are
 * neither destroyed through the firmware (nothing is said to it any more)
 * nor forgotten (that would leave the backend's state naming freed
 * memory): the queue is kept, and agx4_job_fw_gone() frees both through
 * the backend.  Only what is let go after that is forgotten.
 */
static void agx4_job_queue_released_after_stop_kept_until_the_firmware_goes(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct drm_asahi_queue_destroy qd = { };
	struct agx4_vm *vm = file_vm(test, c);
	unsigned int refs = kref_read(&vm->ref);
	u32 out = syncobj(test, c, NULL), late = queue_create(test, c);
	struct dma_fence *f;

	qd.queue_id = queue_create(test, c);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, qd.queue_id, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 1));

	/* The removal: the job unit stops, the job ends -ENODEV. */
	agx4_job_unplug(c->adev);
	agx4_job_fini(c->adev);
	KUNIT_ASSERT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, -ENODEV);
	dma_fence_put(f);
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_destroy(&c->adev->base, &qd,
						       c->file), 0);
	/* Released once drm_sched freed the killed job (its VM reference). */
	KUNIT_ASSERT_EQ(test, wait_vm_refs(c, vm, refs + 3), refs + 3);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.early_forgets), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 2);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 1);

	/* The firmware stopped: the kept queue goes, through the backend. */
	agx4_job_fw_gone(c->adev);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.early_forgets), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 1);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 0);
	/* The backend's state went: a queue let go now is forgotten. */
	WRITE_ONCE(c->f.state_gone, true);
	qd.queue_id = late;
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_destroy(&c->adev->base, &qd,
						       c->file), 0);
	agx4_job_flush(c->adev);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 0);
	KUNIT_EXPECT_EQ(test, kref_read(&vm->ref), refs);
	agx4_vm_put(vm);
}

/*
 * A kept queue whose job the firmware finished later goes at the next
 * queue release, without waiting for the firmware to stop.
 */
static void agx4_job_kept_queue_freed_once_its_job_is_done(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct drm_asahi_queue_destroy qd = { };
	struct agx4_vm *vm = file_vm(test, c);
	unsigned int refs = kref_read(&vm->ref);

	kill_and_destroy(test, c, vm, refs);

	/* The firmware finishes the killed job; another queue goes. */
	finish(c, 0, 0);
	qd.queue_id = queue_create(test, c);
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_destroy(&c->adev->base, &qd,
						       c->file), 0);
	agx4_job_flush(c->adev);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 0);
	KUNIT_EXPECT_EQ(test, kref_read(&vm->ref), refs);
	agx4_vm_put(vm);
}

static void agx4_job_queue_destroy_with_work_in_flight(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	struct drm_asahi_queue_destroy qd = { .queue_id = q };
	struct dma_fence *f;

	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 1));
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_destroy(&c->adev->base, &qd,
						       c->file), 0);
	KUNIT_EXPECT_EQ(test, submit_signal(test, c, q, out, 0), -ENOENT);
	/* The published job still completes, and keeps its queue. */
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 1);
	finish(c, 0, 0);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	KUNIT_EXPECT_EQ(test, f->error, 0);
	dma_fence_put(f);
	close_file(test, c);
}

static void agx4_job_file_close_with_work_in_flight(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	struct dma_fence *f;
	int i;

	for (i = 0; i < 4; i++)
		KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, out, 0), 0);
	f = fence_of(c, out, 0);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 4));
	fput(c->filp);
	flush_delayed_fput();
	c->filp = NULL;
	for (i = 0; i < 4; i++)
		finish(c, i, 0);
	KUNIT_EXPECT_TRUE(test, signalled_within(f, WAIT_MS));
	dma_fence_put(f);
	close_file(test, c);
}

static void agx4_job_64_queues_complete(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	struct dma_fence *f[64];
	u32 out[64];
	int i;

	c->f.auto_complete = true;
	for (i = 0; i < 64; i++) {
		u32 q = queue_create(test, c);

		out[i] = syncobj(test, c, NULL);
		KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, out[i], 0), 0);
		f[i] = fence_of(c, out[i], 0);
	}
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.queues), 64);
	for (i = 0; i < 64; i++) {
		KUNIT_EXPECT_TRUE(test, signalled_within(f[i], WAIT_MS));
		dma_fence_put(f[i]);
	}
}

static void agx4_job_credits_bound_what_is_published(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c), out = syncobj(test, c, NULL);
	int i;

	/* Each job takes 8 of the queue's 16 credits: two fit. */
	c->f.credits = 8;
	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, out, 0), 0);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 2));
	msleep(50);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.npublished), 2);
	finish(c, 0, 0);
	KUNIT_EXPECT_TRUE(test, wait_published(c, 3));
}

/*
 * A job completes just as its timer fires (a spurious timeout): the queue
 * is not killed, the job still running behind it keeps running and ends
 * without error, and the queue takes more work.
 */
static void agx4_job_spurious_timeout_keeps_running_jobs(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q, a = syncobj(test, c, NULL), b = syncobj(test, c, NULL);
	struct dma_fence *fa, *fb;
	struct fake_job *j;

	agx4_job_timeout_ms = 100;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	q = queue_create(test, c);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, a, 0), 0);
	KUNIT_ASSERT_EQ(test, submit_signal(test, c, q, b, 0), 0);
	fa = fence_of(c, a, 0);
	fb = fence_of(c, b, 0);
	KUNIT_ASSERT_TRUE(test, wait_published(c, 2));
	spin_lock(&c->f.lock);
	j = list_first_entry(&c->f.published, struct fake_job, node);
	WRITE_ONCE(j->done_in_tdr, true);
	spin_unlock(&c->f.lock);
	KUNIT_ASSERT_TRUE(test, signalled_within(fa, WAIT_MS));
	KUNIT_EXPECT_EQ(test, fa->error, 0);
	/* B runs on; it completes now, or spuriously at its own timer. */
	spin_lock(&c->f.lock);
	j = list_last_entry(&c->f.published, struct fake_job, node);
	WRITE_ONCE(j->done_in_tdr, true);
	spin_unlock(&c->f.lock);
	finish(c, 1, 0);
	KUNIT_ASSERT_TRUE(test, signalled_within(fb, WAIT_MS));
	KUNIT_EXPECT_EQ(test, fb->error, 0);
	/* The queue was not killed: it takes and completes more work. */
	c->f.auto_complete = true;
	KUNIT_EXPECT_EQ(test, submit_signal(test, c, q, a, 0), 0);
	dma_fence_put(fa);
	dma_fence_put(fb);
}

static u64 features(struct kunit *test, struct job_ctx *c)
{
	struct drm_asahi_params_global p = { };
	struct drm_asahi_get_params gp = {
		.pointer = c->ubuf + SZ_128K, .size = sizeof(p),
	};

	/* Identified as a G16, for GET_PARAMS; no firmware runs. */
	c->adev->gen = &agx4_fw_g16;
	c->adev->info.num_clusters = 1;
	KUNIT_ASSERT_EQ(test, agx4_ioctl_get_params(&c->adev->base, &gp,
						    c->file), 0);
	KUNIT_ASSERT_EQ(test, copy_from_user(&p, u64_to_user_ptr(gp.pointer),
					     sizeof(p)), 0);
	return p.features;
}

static void agx4_job_fragment_barrier_only_where_honoured(struct kunit *test)
{
	struct job_ctx *c = test->priv;
	u32 q = queue_create(test, c);

	c->f.auto_complete = true;
	KUNIT_EXPECT_EQ(test, features(test, c), 0);
	KUNIT_EXPECT_EQ(test, submit_render(test, c, q,
					    AGX4_RENDER_VDM_BARRIER_FRAGMENT),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->f.jobs), 0);
	KUNIT_EXPECT_EQ(test, submit_render(test, c, q,
					    DRM_ASAHI_RENDER_DBIAS_IS_INT), 0);

	fake_ops.features = AGX4_FEATURE_FRAGMENT_BARRIER;
	KUNIT_EXPECT_EQ(test, features(test, c), AGX4_FEATURE_FRAGMENT_BARRIER);
	KUNIT_EXPECT_EQ(test, submit_render(test, c, q,
					    AGX4_RENDER_VDM_BARRIER_FRAGMENT),
			0);
	KUNIT_EXPECT_TRUE(test, wait_published(c, 2));
}

/*
 * When the hang check restarts a firmware that keeps a killed job: the
 * hang timeout after the job's timeout was due (its publication plus the
 * job timeout), however late the kill came; a quarter of the hang timeout
 * after the kill at the least, for a job whose timeout came late because
 * it waited behind others; across the jiffies wrap too.
 */
static void agx4_job_hang_deadline_counts_from_when_the_timeout_was_due(struct kunit *test)
{
	struct agx4_job_queue *q = kunit_kzalloc(test, sizeof(*q), GFP_KERNEL);
	struct agx4_job *job = kunit_kzalloc(test, sizeof(*job), GFP_KERNEL);
	static const struct {
		unsigned long run, killed, due;
	} cases[] = {
		/* Timed out on time, or 60 late: due 300 after 1300. */
		{ 1000, 1300, 1600 },
		{ 1000, 1360, 1600 },
		/* Timed out 225 late (it waited): 75 after the kill. */
		{ 1000, 1525, 1600 },
		{ 1000, 1526, 1601 },
		{ 1000, 2000, 2075 },
		/* Published just before jiffies wrap. */
		{ ULONG_MAX - 99, 200, 500 },
		{ ULONG_MAX - 99, 1000, 1075 },
	};
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, q);
	KUNIT_ASSERT_NOT_NULL(test, job);
	q->sched.timeout = 300;
	q->hang_timeout = 300;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		job->run_at = cases[i].run;
		job->killed_at = cases[i].killed;
		KUNIT_EXPECT_EQ_MSG(test, agx4_job_hang_due(q, job),
				    cases[i].due, "case %u", i);
	}
	/* A longer hang timeout than the job timeout counts in full. */
	q->hang_timeout = 1000;
	job->run_at = 1000;
	job->killed_at = 1300;
	KUNIT_EXPECT_EQ(test, agx4_job_hang_due(q, job), 2300);
}

static struct kunit_case agx4_job_cases[] = {
	KUNIT_CASE(agx4_job_out_sync_signals_when_the_firmware_is_done),
	KUNIT_CASE(agx4_job_done_fences_signal_in_queue_order),
	KUNIT_CASE(agx4_job_backend_error_ends_the_fence),
	KUNIT_CASE(agx4_job_waits_for_its_in_sync),
	KUNIT_CASE(agx4_job_reserves_after_its_in_sync_and_waits_for_it),
	KUNIT_CASE(agx4_job_going_device_cancels_a_waiting_reserve),
	KUNIT_CASE(agx4_job_timeline_out_sync_gets_its_point),
	KUNIT_CASE(agx4_job_refused_by_the_backend_leaves_nothing),
	KUNIT_CASE(agx4_job_unplug_refuses_submit_and_lets_work_complete),
	KUNIT_CASE(agx4_job_timeout_kills_only_its_queue),
	KUNIT_CASE(agx4_job_killed_queue_s_waiting_job_is_not_published),
	KUNIT_CASE(agx4_job_spurious_timeout_keeps_running_jobs),
	KUNIT_CASE(agx4_job_unprepared_job_waits_for_the_restart),
	KUNIT_CASE(agx4_job_killed_queue_kept_until_the_firmware_stops),
	KUNIT_CASE(agx4_job_queue_released_after_stop_kept_until_the_firmware_goes),
	KUNIT_CASE(agx4_job_kept_queue_freed_once_its_job_is_done),
	KUNIT_CASE(agx4_job_queue_destroy_with_work_in_flight),
	KUNIT_CASE(agx4_job_file_close_with_work_in_flight),
	KUNIT_CASE(agx4_job_64_queues_complete),
	KUNIT_CASE(agx4_job_credits_bound_what_is_published),
	KUNIT_CASE(agx4_job_fragment_barrier_only_where_honoured),
	KUNIT_CASE(agx4_job_hang_deadline_counts_from_when_the_timeout_was_due),
	{}
};

static struct kunit_suite agx4_job_suite = {
	.name = "agx4_job",
	.init = job_test_init,
	.exit = job_test_exit,
	.test_cases = agx4_job_cases,
};

kunit_test_suite(agx4_job_suite);
