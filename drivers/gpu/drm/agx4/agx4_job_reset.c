// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/list.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include <drm/drm_print.h>
#include <drm/gpu_scheduler.h>

#include "agx4_device.h"
#include "agx4_event.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_queue.h"
#include "agx4_job.h"
#include "agx4_job_reset.h"
#include "agx4_job_types.h"
#include "agx4_vm.h"

/**
 * DOC: job unit restart
 *
 * What a firmware restart does to the job unit (recovery calls it, see
 * agx4_recovery.c): agx4_job_pre_reset() pauses every queue's scheduler
 * and ends the jobs the firmware had; agx4_job_post_reset() makes every
 * queue's firmware side again, prepares the jobs not yet run again and
 * lets the schedulers run; agx4_job_reset_failed() ends what a firmware
 * that did not come back leaves.  From the moment the firmware is down
 * (it crashed or was stopped) until the restart is over, a job about to
 * reserve firmware room waits in prepare_job for the restart's gate
 * (agx4_job_gate_open()) instead: the dead firmware refuses room, and
 * the job runs on the new one.  The rest of the job unit is in
 * agx4_job.c, whose DOC describes the life of a job.
 *
 * So a restart costs the clients only the work the firmware had: its
 * published jobs end with -EIO, and none runs again (a job that ran in
 * part may have written memory a second run would find changed), while
 * SUBMIT and QUEUE_CREATE on queues and VMs from before the restart go
 * on.  Each queue and job remembers the firmware boot it was made for
 * (&agx4_job_queue.incarnation, &agx4_job.incarnation): what an earlier
 * one holds is forgotten (&agx4_fw_submit_ops.job_free and .queue_destroy
 * told the firmware is not there), never asked or freed through the new
 * firmware.
 */

/*
 * End every published job of @q with -EIO, for a restart: the queue lives
 * on.  They go to @ended, for their firmware side to be forgotten.
 */
static void end_published_locked(struct agx4_job_dev *jd,
				 struct agx4_job_queue *q,
				 struct list_head *ended)
{
	struct agx4_job *job, *next;

	lockdep_assert_held(&jd->lock);
	list_for_each_entry_safe(job, next, &q->inflight, node) {
		agx4_job_retire_locked(jd, job, -EIO);
		list_add_tail(&job->node, ended);
	}
	list_del_init(&q->active);
}

/**
 * agx4_job_pre_reset() - a firmware restart begins
 * @adev: the device.
 *
 * Recovery calls it before it takes the reset lock for writing, with the
 * firmware stopped.  Every queue's scheduler pauses (nothing is reserved,
 * published or freed until agx4_job_post_reset()), and its published jobs
 * end with -EIO: the firmware that had them is gone, and a job that ran in
 * part may have written memory a second run would find changed, so none
 * is run again.  The queues live on, and so do their jobs that have not
 * run yet: they run after the restart.  The completion scan stops, and the backend's waits for
 * firmware room end (agx4_engine_stop()).  A job free that may have run
 * through the firmware finishes before it returns; later ones forget the
 * job.
 */
void agx4_job_pre_reset(struct agx4_device *adev)
{
	struct agx4_job_dev *jd = adev->jobs;
	struct agx4_job *job, *next;
	struct agx4_job_queue *q;
	unsigned long flags;
	LIST_HEAD(ended);

	if (!jd)
		return;
	mutex_lock(&jd->queues_lock);
	/*
	 * The schedulers first: a job whose prepare_job saw @resetting and
	 * reserved nothing must not be published by the same work item.
	 */
	list_for_each_entry(q, &jd->queues, link)
		drm_sched_wqueue_stop(&q->sched);
	WRITE_ONCE(jd->resetting, true);
	spin_lock_irqsave(&jd->lock, flags);
	list_for_each_entry(q, &jd->queues, link)
		end_published_locked(jd, q, &ended);
	spin_unlock_irqrestore(&jd->lock, flags);
	mutex_unlock(&jd->queues_lock);
	/*
	 * The backend's waits end before the unit stops: a job freed
	 * meanwhile still goes through the backend's full free, which takes
	 * it off every room it waits in (the forget after the stop would
	 * leave it there).
	 */
	agx4_job_stop_engine(adev);
	/*
	 * The stopped firmware uses their storage no more: it goes now,
	 * before the queues' (queue_forget()), through the backend, whose
	 * state it is part of until the firmware's shutdown (a queue
	 * released before that is freed through the backend too, with its
	 * jobs: agx4_job_fw_gone()); drm_sched frees the rest of each job
	 * once the scheduler runs again.
	 */
	list_for_each_entry_safe(job, next, &ended, node) {
		list_del_init(&job->node);
		agx4_job_fw_free(jd, job->fw, true);
		job->fw = NULL;
	}
	spin_lock_irqsave(&jd->lock, flags);
	jd->stopped = true;
	spin_unlock_irqrestore(&jd->lock, flags);
	flush_workqueue(jd->submit_wq);
	cancel_delayed_work_sync(&jd->poll);
}

/* Destroy @fq once neither a restart nor its jobs need it: forgotten. */
static void fw_queue_forget(struct agx4_job_dev *jd, struct agx4_fw_queue *fq)
{
	unsigned long flags;
	bool last;

	spin_lock_irqsave(&jd->lock, flags);
	fq->stale = true;
	last = !fq->jobs;
	spin_unlock_irqrestore(&jd->lock, flags);
	if (last)
		jd->ops->queue_destroy(fq, false);
}

/*
 * The first half of a queue's renewal at a restart: forget what the old
 * firmware had of @q (its killed jobs' storage, its jobs not yet run, the
 * queue itself).  Every queue is forgotten before any is made again: the
 * VM's state, which they share, goes between.  Its jobs not yet run are
 * neither run nor freed until queue_make() (free_job() sees
 * &agx4_job.renewing).
 */
static void queue_forget(struct agx4_job_dev *jd, struct agx4_job_queue *q)
{
	struct agx4_job *job, *next;
	LIST_HEAD(zombies);
	unsigned long flags;

	spin_lock_irqsave(&jd->lock, flags);
	/* Killed jobs drm_sched freed go; the others lose their firmware side. */
	list_for_each_entry_safe(job, next, &q->zombies, node)
		if (job->sched_freed)
			list_move_tail(&job->node, &zombies);
	list_for_each_entry(job, &q->unrun, unrun_link)
		job->renewing = true;
	spin_unlock_irqrestore(&jd->lock, flags);
	list_for_each_entry_safe(job, next, &zombies, node) {
		list_del_init(&job->node);
		agx4_job_release_storage(jd, job, false);
	}
	/* An earlier restart may have forgotten some already. */
	list_for_each_entry(job, &q->zombies, node) {
		if (job->fw)
			agx4_job_fw_free(jd, job->fw, false);
		job->fw = NULL;
	}
	list_for_each_entry(job, &q->unrun, unrun_link) {
		if (job->fw)
			agx4_job_fw_free(jd, job->fw, false);
		job->fw = NULL;
	}
	/*
	 * Completed jobs drm_sched has not freed (its scheduler is paused):
	 * their firmware side goes now, so that the queue's does before any
	 * queue is made again.  The new firmware's objects take the same
	 * places in the VM (a compute owner's index, say), which a later
	 * free of the old ones would unmap.
	 */
	list_for_each_entry_safe(job, next, &q->retired, node) {
		list_del_init(&job->node);
		agx4_job_fw_free(jd, job->fw, false);
		job->fw = NULL;
	}
	/* Every job let go of it: it goes now. */
	if (q->fw)
		fw_queue_forget(jd, q->fw);
	q->fw = NULL;
}

/*
 * The second half: make @q's firmware side for the new firmware and
 * prepare its jobs not yet run again, in order.  A queue a timeout killed
 * gets none (it takes no work).  A queue the new firmware has no room for
 * is killed (SUBMIT: -ECANCELED); a job that cannot be prepared again ends
 * with the backend's error when it would have run.
 */
static void queue_make(struct agx4_job_dev *jd, struct agx4_job_queue *q)
{
	const struct agx4_fw_submit_ops *ops = jd->ops;
	const struct agx4_fw_queue_args args = {
		.vm = q->vm,
		.priority = q->priority,
		.usc_exec_base = q->usc_exec_base,
	};
	struct agx4_job *job, *next;
	LIST_HEAD(orphans);
	unsigned long flags;
	u32 credits;
	int ret = -ECANCELED;

	mutex_lock(&q->submit_lock);
	q->incarnation = jd->incarnation;
	if (!READ_ONCE(q->dead)) {
		agx4_vm_fw_renew(q->vm, jd->incarnation);
		ret = ops->queue_create(q->adev, &args, &q->fw);
		if (ret) {
			q->fw = NULL;
			dev_warn_ratelimited(q->adev->base.dev,
					     "queue %u (VM %u) of pid %d (%s) not made again after a firmware restart (%d): killed\n",
					     q->uapi_id, q->vm_id, q->owner_pid,
					     q->owner_comm, ret);
			spin_lock_irqsave(&jd->lock, flags);
			WRITE_ONCE(q->dead, true);
			q->fault = ret;
			spin_unlock_irqrestore(&jd->lock, flags);
		}
	}
	list_for_each_entry(job, &q->unrun, unrun_link) {
		job->incarnation = q->incarnation;
		job->prep_err = q->fw ? ops->job_prepare(q->fw, job->cb,
							 &job->fw, &credits) :
					ret;
		if (job->prep_err) {
			job->fw = NULL;
			continue;
		}
		memset(job->fw->busy_ticks, 0, sizeof(job->fw->busy_ticks));
		job->credits = min(credits, ops->credit_limit);
		agx4_job_fw_made(jd, job->fw);
	}
	spin_lock_irqsave(&jd->lock, flags);
	list_for_each_entry_safe(job, next, &q->unrun, unrun_link) {
		job->renewing = false;
		if (job->orphaned)
			list_move_tail(&job->unrun_link, &orphans);
	}
	spin_unlock_irqrestore(&jd->lock, flags);
	mutex_unlock(&q->submit_lock);
	/* What drm_sched freed meanwhile: as free_job() would have. */
	list_for_each_entry_safe(job, next, &orphans, unrun_link) {
		list_del_init(&job->unrun_link);
		agx4_job_release_storage(jd, job, true);
		agx4_job_queue_unref(q);
	}
}

/**
 * agx4_job_post_reset() - the firmware is up again: carry on
 * @adev: the device, its new firmware up (&agx4_device.fw).
 *
 * Called with the reset lock held for writing.  Every queue gets its
 * firmware side again (queue_forget(), then queue_make()) and its
 * scheduler runs again: the jobs it had not run yet go to the new
 * firmware, and SUBMIT on it goes on.
 * Only a queue a timeout killed, or one the new firmware has no room
 * for, stays dead.
 */
void agx4_job_post_reset(struct agx4_device *adev)
{
	struct agx4_job_dev *jd = adev->jobs;
	struct agx4_job_queue *q;
	unsigned long flags;

	if (!jd)
		return;
	mutex_lock(&jd->queues_lock);
	spin_lock_irqsave(&jd->lock, flags);
	WRITE_ONCE(jd->incarnation, adev->fw->incarnation);
	jd->stopped = false;
	jd->forgetting = false;
	spin_unlock_irqrestore(&jd->lock, flags);
	list_for_each_entry(q, &jd->queues, link)
		queue_forget(jd, q);
	list_for_each_entry(q, &jd->queues, link)
		queue_make(jd, q);
	WRITE_ONCE(jd->resetting, false);
	/* Before any job runs: a crash from now on must reach the unit. */
	WRITE_ONCE(adev->fw->gone_hook, agx4_job_fw_gone);
	agx4_job_gate_open(jd, true);
	list_for_each_entry(q, &jd->queues, link)
		drm_sched_wqueue_start(&q->sched);
	mutex_unlock(&jd->queues_lock);
	agx4_event_set_handlers(&adev->fw->events, &agx4_job_event_handlers, adev);
}

/**
 * agx4_job_reset_failed() - the firmware did not come back from a restart
 * @adev: the device, about to be unplugged.
 *
 * Called with the reset lock held for writing, instead of
 * agx4_job_post_reset().  Every queue's scheduler runs again, to end the
 * jobs it holds (-ECANCELED: the job unit stays stopped), so that no
 * queue's release waits for them.
 */
void agx4_job_reset_failed(struct agx4_device *adev)
{
	struct agx4_job_dev *jd = adev->jobs;
	struct agx4_job_queue *q;

	if (!jd)
		return;
	agx4_job_gate_open(jd, false);
	mutex_lock(&jd->queues_lock);
	list_for_each_entry(q, &jd->queues, link)
		drm_sched_wqueue_start(&q->sched);
	mutex_unlock(&jd->queues_lock);
}
