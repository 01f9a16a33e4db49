// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/kref.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/ratelimit.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>

#include <drm/drm_print.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw_decode.h"
#include "agx4_fw_queue.h"
#include "agx4_job_report.h"
#include "agx4_job_types.h"
#include "agx4_reset.h"
#include "agx4_test_hooks.h"

/**
 * DOC: job reports
 *
 * What the job unit tells people: each client's GPU time (struct
 * agx4_job_usage, one per DRM file, for fdinfo), each queue's state and
 * the ids messages name it by (debugfs ``queues``, timeout messages), the
 * count of timeouts (debugfs ``info``), the devcoredump of a timed-out
 * job, and the GPU fault a timeout finds.
 * It reads the job unit's state under that unit's locks and changes
 * none of it.
 */

/**
 * agx4_job_usage_add() - a retired job's GPU time counts for its client
 * @u: the client's usage.
 * @busy_ticks: the job's time by &enum agx4_engine_class, in firmware
 *	ticks (&agx4_fw_job.busy_ticks).
 *
 * Any context: the completion scan calls it under its spinlock.
 */
void agx4_job_usage_add(struct agx4_job_usage *u, const u64 *busy_ticks)
{
	u32 c;

	for (c = 0; c < AGX4_ENGINE_CLASSES; c++)
		if (busy_ticks[c])
			atomic64_add(busy_ticks[c], &u->busy_ticks[c]);
}

/**
 * agx4_job_fault_report() - a timeout found the GPU faulted: say so
 * @q: the queue whose job timed out.
 * @f: the fault registers as the timeout read them, reporting a fault.
 *
 * The GPU is not going to recover by itself (L: a non-zero status is
 * taken to mean a fault), so the timeout restarted the firmware
 * (%AGX4_RESET_GPU_FAULT) and killed the culprit's queues: the faulting
 * context's, or, when it names none, the timed-out one.  The registers go
 * to the kernel log, decoded.
 */
void agx4_job_fault_report(struct agx4_job_queue *q,
			   const struct agx4_reset_fault *f)
{
	struct agx4_device *adev = q->adev;
	struct drm_printer p = drm_err_printer(&adev->base, NULL);

	drm_err(&adev->base,
		"GPU fault seen as a job of queue %u (VM %u) of pid %d (%s) timed out:\n",
		q->uapi_id, q->vm_id, q->owner_pid, q->owner_comm);
	agx4_reset_fault_print(f, &p);
}

/**
 * agx4_job_timeout_dump() - a devcoredump of a timed-out job
 * @q: its queue, killed.
 * @job: the job; its storage is kept (a zombie).
 *
 * At most one per %AGX4_JOB_DUMP_INTERVAL: the header naming the queue's
 * owner, the queue, the fault registers, and the job's firmware objects
 * as the backend decodes them.  The timeout runs in the scheduler's work, which
 * the job's fences wait for: nothing here may wait for memory, so a dump
 * that finds none free is not taken.
 */
void agx4_job_timeout_dump(struct agx4_job_queue *q, struct agx4_job *job)
{
	struct agx4_job_dev *jd = q->adev->jobs;
	struct drm_print_iterator it = { .remain = AGX4_JOB_DUMP_SIZE };
	struct agx4_device *adev = q->adev;
	struct agx4_reset_fault f;
	unsigned long flags;
	struct drm_printer p;
	char *buf;

	if (!__ratelimit(&jd->dump_rs))
		return;
	buf = kvzalloc(AGX4_JOB_DUMP_SIZE, GFP_NOWAIT | __GFP_NOWARN);
	if (!buf)
		return;
	it.data = buf;
	p = drm_coredump_printer(&it);
	agx4_fw_dump_header(adev, &p, "job timeout", q->owner_pid,
			    q->owner_comm);
	drm_printf(&p, "queue: %u, VM %u, job %llu, timeout %u ms\n",
		   q->uapi_id, q->vm_id, job->done.seqno,
		   jiffies_to_msecs(q->sched.timeout));
	agx4_reset_read_fault(adev, &f);
	agx4_reset_fault_print(&f, &p);
	if (jd->ops->job_dump) {
		/* Under the rules of job_status; its storage is kept. */
		spin_lock_irqsave(&jd->lock, flags);
		jd->ops->job_dump(job->fw, &p);
		spin_unlock_irqrestore(&jd->lock, flags);
	}
	agx4_device_coredump(adev, buf, it.offset, GFP_NOWAIT);
}

/**
 * agx4_job_hangs() - firmware restarts the hang check asked for
 * @adev: the device.
 *
 * Return: how often a killed job the firmware kept for a hang timeout
 * restarted the firmware since the probe.
 */
unsigned int agx4_job_hangs(struct agx4_device *adev)
{
	return adev->jobs ? atomic_read(&adev->jobs->hangs) : 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_hangs);

/**
 * agx4_job_timeouts() - jobs that timed out since the probe
 * @adev: the device.
 *
 * Return: the count (0 without submission).
 */
unsigned int agx4_job_timeouts(struct agx4_device *adev)
{
	return adev->jobs ? atomic_read(&adev->jobs->timeouts) : 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_timeouts);

/**
 * agx4_job_queue_name() - the ids messages name a queue by
 * @q: the queue.
 * @id: the queue's id in its file.
 * @vm_id: its VM's id there.
 */
void agx4_job_queue_name(struct agx4_job_queue *q, u32 id, u32 vm_id)
{
	WRITE_ONCE(q->uapi_id, id);
	WRITE_ONCE(q->vm_id, vm_id);
}

/**
 * agx4_job_queue_print() - a queue's state, for the debugfs file ``queues``
 * @q: the queue.
 * @p: where to print.
 *
 * On one line: its priority, the pid and command of the process that made it, ``live``
 * or ``killed`` (with the error its jobs ended with), the jobs published
 * and not yet retired, and the jobs submitted since it was made.
 */
void agx4_job_queue_print(struct agx4_job_queue *q, struct drm_printer *p)
{
	struct agx4_job_dev *jd;
	unsigned int inflight = 0;
	struct agx4_job *job;
	unsigned long flags;
	u64 submitted;
	int fault;

	drm_printf(p, "priority %u, ", q->priority);
	if (!q->fw) {
		drm_printf(p, "no submission\n");
		return;
	}
	jd = q->adev->jobs;
	spin_lock_irqsave(&jd->lock, flags);
	list_for_each_entry(job, &q->inflight, node)
		inflight++;
	fault = READ_ONCE(q->dead) ? q->fault : 0;
	spin_unlock_irqrestore(&jd->lock, flags);
	/* A count for people, read without the submit lock (may sleep). */
	submitted = data_race(READ_ONCE(q->fence_seqno));
	drm_printf(p, "owner %d (%s), ", q->owner_pid, q->owner_comm);
	if (fault)
		drm_printf(p, "killed (%d)", fault);
	else
		drm_printf(p, "live");
	drm_printf(p, ", in flight %u, submitted %llu\n", inflight, submitted);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_queue_print);

/**
 * agx4_job_usage_create() - a new client's GPU time, none yet
 *
 * Return: the usage with one reference, or NULL.
 */
struct agx4_job_usage *agx4_job_usage_create(void)
{
	struct agx4_job_usage *u = kzalloc(sizeof(*u), GFP_KERNEL);

	if (u)
		kref_init(&u->ref);
	return u;
}

static void usage_release(struct kref *ref)
{
	kfree(container_of(ref, struct agx4_job_usage, ref));
}

/**
 * agx4_job_usage_put() - drop a reference to a client's GPU time
 * @u: the usage, or NULL.
 */
void agx4_job_usage_put(struct agx4_job_usage *u)
{
	if (u)
		kref_put(&u->ref, usage_release);
}

/**
 * agx4_job_usage_ns() - a client's GPU time on one engine class
 * @adev: the device.
 * @u: the usage.
 * @class: &enum agx4_engine_class.
 *
 * Return: the nanoseconds the firmware measured for the client's
 * completed jobs of @class, or -EOPNOTSUPP when the device's backend
 * does not measure that class.
 */
s64 agx4_job_usage_ns(struct agx4_device *adev,
		      const struct agx4_job_usage *u, unsigned int class)
{
	struct agx4_job_dev *jd = adev->jobs;

	if (!jd || class >= AGX4_ENGINE_CLASSES ||
	    !(jd->ops->engine_time & BIT(class)))
		return -EOPNOTSUPP;
	return mul_u64_u32_div(atomic64_read(&u->busy_ticks[class]),
			       NSEC_PER_SEC / 1000, AGX4_FW_TICK_HZ / 1000);
}

static void dump_job(struct agx4_job_dev *jd, struct agx4_job *job,
		     const char *state, struct drm_printer *p)
{
	lockdep_assert_held(&jd->lock);
	drm_printf(p, "  job %llu (%s): %u command(s)\n",
		   job->done.seqno, state, job->cb->count);
	if (jd->ops->job_dump && job->fw)
		jd->ops->job_dump(job->fw, p);
}

/**
 * agx4_job_dump() - the work the firmware has, for a crash dump
 * @adev: the device.
 * @p: where to.
 *
 * Every queue with published, unretired jobs or killed jobs whose storage
 * is kept: each job and its firmware objects, decoded by name by the
 * backend (&agx4_fw_submit_ops.job_dump).
 */
void agx4_job_dump(struct agx4_device *adev, struct drm_printer *p)
{
	struct agx4_job_dev *jd = adev->jobs;
	struct agx4_job_queue *q;
	struct agx4_job *job;
	unsigned long flags;

	if (!jd)
		return;
	mutex_lock(&jd->queues_lock);
	list_for_each_entry(q, &jd->queues, link) {
		spin_lock_irqsave(&jd->lock, flags);
		if (!list_empty(&q->inflight) || !list_empty(&q->zombies))
			drm_printf(p, "queue %llu%s:\n", q->fence_ctx,
				   q->dead ? " (killed)" : "");
		list_for_each_entry(job, &q->inflight, node)
			dump_job(jd, job, "in flight", p);
		list_for_each_entry(job, &q->zombies, node)
			dump_job(jd, job, "killed", p);
		spin_unlock_irqrestore(&jd->lock, flags);
	}
	mutex_unlock(&jd->queues_lock);
}
