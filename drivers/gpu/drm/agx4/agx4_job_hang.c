// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <drm/drm_print.h>
#include <drm/gpu_scheduler.h>

#include "agx4_device.h"
#include "agx4_fw_queue.h"
#include "agx4_job_hang.h"
#include "agx4_job_types.h"
#include "agx4_reset.h"
#include "agx4_test_hooks.h"

/**
 * DOC: hang check
 *
 * A killed job the firmware still runs may hold what every queue needs
 * (on G17P all queues of a priority share the work channels) without the
 * G16 fault registers showing anything.  So the hang check
 * (agx4_job_hang_work()) restarts the firmware (%AGX4_RESET_HUNG, with a
 * devcoredump naming the job's queue and process) if it still has a
 * killed job ``hang_timeout_ms`` (default: the job timeout again) after
 * that job's timeout was due, which is one job timeout after run_job
 * published it: a hung job stalls the others twice the job timeout at
 * most, however late the timeout work ran.  The firmware gets a quarter
 * of the hang timeout after the kill at least (a job that waited behind
 * others of its queue times out later than its publication says).  A
 * firmware that keeps a job that long is not going to give it back; a
 * killed job the firmware finishes in that time costs nothing more.
 */

/*
 * When the hang check gives up on killed @job (see the DOC above):
 * the hang timeout after its job timeout was due, but not sooner than a
 * quarter of the hang timeout after the kill.
 */
AGX4_VISIBLE_IF_TEST unsigned long
agx4_job_hang_due(const struct agx4_job_queue *q, const struct agx4_job *job)
{
	unsigned long due = job->run_at + q->sched.timeout + q->hang_timeout;
	unsigned long least = job->killed_at + q->hang_timeout / 4;

	return time_before(due, least) ? least : due;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_hang_due);

/*
 * The first killed job the firmware still has of a queue on @queues
 * (&agx4_job_queue.link), and its queue in @culprit, if its deadline
 * (agx4_job_hang_due()) has passed; else the jiffies until the first
 * deadline in @wait (unchanged when the firmware has none).
 */
static struct agx4_job *hung_locked(struct agx4_job_dev *jd,
				    struct list_head *queues,
				    struct agx4_job_queue **culprit,
				    unsigned long *wait)
{
	struct agx4_job_queue *q;
	struct agx4_job *job;

	lockdep_assert_held(&jd->lock);
	list_for_each_entry(q, queues, link) {
		list_for_each_entry(job, &q->zombies, node) {
			unsigned long end = agx4_job_hang_due(q, job);

			/* Of a firmware that restarted since: forgotten. */
			if (!job->fw || job->incarnation != jd->incarnation ||
			    jd->ops->job_status(job->fw) != -EINPROGRESS)
				continue;
			if (!time_before(jiffies, end)) {
				*culprit = q;
				return job;
			}
			*wait = min(*wait, end - jiffies);
		}
	}
	return NULL;
}

/**
 * agx4_job_hang_work() - the hang check
 * @w: &agx4_job_dev.hang's work.
 *
 * A killed job the firmware kept past its agx4_job_hang_due() restarts the
 * firmware; otherwise the check comes back at the next deadline while the
 * firmware keeps any.  Not while the firmware is stopped or restarting:
 * its killed jobs are forgotten then.  Queued by the timeout that kills.
 */
void agx4_job_hang_work(struct work_struct *w)
{
	struct agx4_job_dev *jd = container_of(w, struct agx4_job_dev,
					       hang.work);
	struct agx4_device *adev = jd->adev;
	unsigned long wait = ULONG_MAX, flags;
	struct agx4_job_queue *q = NULL;
	struct agx4_job *job = NULL;

	mutex_lock(&jd->queues_lock);
	spin_lock_irqsave(&jd->lock, flags);
	if (!jd->stopped && !READ_ONCE(jd->resetting))
		job = hung_locked(jd, &jd->queues, &q, &wait) ?:
		      hung_locked(jd, &jd->kept, &q, &wait);
	/* Named under the lock: the job may go once it is dropped. */
	if (job)
		drm_err(&adev->base,
			"firmware kept job %llu of queue %u (VM %u) of pid %d (%s) after its timeout: restarting the firmware\n",
			job->done.seqno, q->uapi_id, q->vm_id, q->owner_pid,
			q->owner_comm);
	spin_unlock_irqrestore(&jd->lock, flags);
	mutex_unlock(&jd->queues_lock);
	if (job) {
		atomic_inc(&jd->hangs);
		agx4_reset_schedule(adev, AGX4_RESET_HUNG, 0, NULL, 0);
	} else if (wait != ULONG_MAX) {
		queue_delayed_work(system_wq, &jd->hang, wait);
	}
}
