// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/dma-fence.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/spinlock.h>

#include "agx4_fw.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fw_obj.h"
#include "agx4_fwif_g16.h"
#include "agx4_g16_sub.h"

/**
 * DOC: G16 event leases
 *
 * **Events.**  While a queue has jobs reserved and not freed it holds one
 * of %G16_EVENT_LEASES event leases: lease k gives the event ids
 * 32 + 3k + stage; ids below 32 stay the bootstrap's.  At most 32 queues
 * have work outstanding at once; any number can exist.  A job takes its
 * queue's lease (or a free one) only in @job_reserve, from drm_sched's
 * prepare_job once its in-fences signalled, so a job waiting for them
 * holds none, and SUBMIT never waits for one.  A job that finds every
 * lease held by other queues waits in the scheduler, holding nothing,
 * for its own fence, which the next lease given back is handed to (in
 * the order the jobs began waiting): leases are held by queues with jobs
 * reserved, which run, complete or time out (a timeout kills the queue,
 * which gives its lease back at once).  The unplug ends those waits.  As
 * the lease is known only then, prepare builds every item with event 0
 * and @job_reserve writes the ids (set_events()).  Stamps and ordinals do
 * not depend on the lease: prepare still assigns them in SUBMIT order.
 * A job takes its VM's context before anything else, the same way
 * (agx4_g16_ctx_reserve()).  A VM's render support lease, which it keeps
 * while it lives, is not waited for: running out of them fails the
 * prepare with -ENOSPC.  A VM's scene slots and render scratch, which its reserved
 * renders hold, are waited for the same way, first: see
 * agx4_g16_scenes_reserve().
 */

/* One more job on @fq, with a lease if it has none; false: none free. */
static bool lease_try_locked(struct agx4_g16_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	if (fq->lease < 0) {
		unsigned long k = find_first_zero_bit(&sub->events,
						      G16_EVENT_LEASES);

		if (k >= G16_EVENT_LEASES)
			return false;
		__set_bit(k, &sub->events);
		fq->lease = k;
	}
	fq->outstanding++;
	return true;
}

/*
 * Take a lease (&agx4_room_take_fn): a lease for the waiting job's queue,
 * which holds none (its jobs reserve in order, and only its first
 * unreserved one can wait).
 */
static bool lease_take(struct agx4_room *r, struct agx4_room_wait *w)
{
	struct agx4_g16_job *job = container_of(w, struct agx4_g16_job,
						lease_wait);

	if (!lease_try_locked(job->fq))
		return false;
	job->leased = true;
	return true;
}

/**
 * agx4_g16_lease_drop_locked() - give a queue's event lease back
 * @fq: the queue, which has no job reserved any more, or was killed.
 *
 * The job that has waited longest for a lease, if any, takes it.  Caller
 * holds &agx4_engine.lock.
 */
void agx4_g16_lease_drop_locked(struct agx4_g16_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	if (fq->lease < 0)
		return;
	__clear_bit(fq->lease, &sub->events);
	fq->lease = -1;
	agx4_room_put(&sub->eng, &sub->leases, lease_take);
}

/**
 * agx4_g16_lease_put() - one job fewer counted on a queue's lease
 * @fq: the queue, one of whose reserved jobs is freed.
 *
 * The queue gives its lease back once none of its jobs is counted.
 */
void agx4_g16_lease_put(struct agx4_g16_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->eng.lock, flags);
	if (!WARN_ON(!fq->outstanding) && !--fq->outstanding)
		agx4_g16_lease_drop_locked(fq);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/* A dependency item's event: that of the lane it waits for. */
static void dep_event(const struct agx4_g16_queue *fq, u8 *item, u32 lane)
{
	u32 event = agx4_g16_lane_event(fq, lane);

	((struct g16_barrier *)item)->event = cpu_to_le32(event);
}

/*
 * Write the event ids of @job's queue's lease into every item prepare
 * built with event 0: each stage's work and microsequence, the TA work's
 * fragment event, a render's 3D prelude (it waits for the TA) and the
 * dependency items (each waits for a lane of the same queue, whose
 * earlier jobs, if not freed yet, hold the same lease).  Before
 * @job_publish, so before the firmware sees any of it.
 */
static void set_events(struct agx4_g16_job *job)
{
	const struct agx4_g16_queue *fq = job->fq;
	__le32 ta = cpu_to_le32(agx4_g16_lane_event(fq, AGX4_FW_LANE_TA));
	__le32 fr = cpu_to_le32(agx4_g16_lane_event(fq, AGX4_FW_LANE_3D));
	__le32 cp = cpu_to_le32(agx4_g16_lane_event(fq, AGX4_FW_LANE_COMPUTE));
	u32 i, k;

	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];
		u8 *cpu = cmd->obj->cpu;

		if (!cmd->render) {
			((struct g16_compute_work *)cpu)->event = cp;
			((struct g16_compute_ms *)(cpu + G16_CW_MS))->start.event =
				cp;
			for (k = 0; k < cmd->ndeps; k++)
				dep_event(fq,
					  cpu + G16_CW_DEPS + k * G16_DEP_SIZE,
					  cmd->dep_lane[k]);
			continue;
		}
		((struct g16_ta_work *)(cpu + G16_RW_TA))->tail.event = ta;
		((struct g16_ta_work *)(cpu + G16_RW_TA))->fragment_event = fr;
		((struct g16_ta_ms *)(cpu + G16_RW_TA_MS))->start.event = ta;
		((struct g16_frag_work *)(cpu + G16_RW_3D))->tail.event = fr;
		((struct g16_frag_ms *)(cpu + G16_RW_3D_MS))->start.event = fr;
		((struct g16_barrier *)(cpu + G16_RW_3D_PRELUDE))->event = ta;
		for (k = 0; k < cmd->nfrag; k++)
			dep_event(fq, cpu + G16_RW_3D_PRELUDE +
				  (k + 1) * G16_DEP_SIZE, cmd->dep_lane[k]);
		for (k = 0; k < cmd->ndeps; k++)
			dep_event(fq, cpu + G16_RW_TA_PRELUDE +
				  (k + 1) * G16_DEP_SIZE,
				  cmd->dep_lane[cmd->nfrag + k]);
	}
}

/**
 * agx4_g16_job_reserve() - &agx4_fw_submit_ops.job_reserve for G16
 * @j: the job.
 *
 * drm_sched's prepare_job, once the job's dependencies are met: it is
 * counted on its VM's context (agx4_g16_ctx_reserve()), its
 * renders get their place (agx4_g16_scenes_reserve()), then its queue
 * counts it on its lease (one it holds, or a free one) and its event ids
 * are written; or it waits, holding nothing, for its fence, which the
 * next lease given back is handed to.  Every lease is held by a queue
 * with jobs reserved, which need nothing from this job: they complete,
 * or time out (which kills their queue and gives its lease back).  The
 * unplug ends the wait too (agx4_engine_stop()).  Nothing here sleeps or
 * allocates: prepare allocated the fence.
 *
 * Return: NULL once the job holds a lease, or the fence to wait for.
 */
struct dma_fence *agx4_g16_job_reserve(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_g16_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct dma_fence *wait = NULL;
	unsigned long flags;
	bool leased;

	/* Its VM's context first, holding nothing else. */
	wait = agx4_g16_ctx_reserve(job);
	if (wait || !READ_ONCE(job->ctx_held) || job->ctx <= 0)
		return wait;
	/*
	 * Its VM's render support lease next, then its renders' places:
	 * those holding event leases need none of either.
	 */
	if (job->nrender) {
		wait = agx4_g16_support_reserve(job);
		if (wait || !job->slot)
			return wait;
		wait = agx4_g16_scenes_reserve(job);
		if (wait || !job->placed)
			return wait;
	}
	spin_lock_irqsave(&sub->eng.lock, flags);
	if (!job->leased && !sub->eng.stopped) {
		/* Its queue's lease, held by its earlier jobs: no wait. */
		if (fq->lease >= 0)
			job->leased = lease_try_locked(fq);
		else
			wait = agx4_room_get(&sub->eng, &sub->leases,
					     &job->lease_wait, lease_take);
	}
	leased = job->leased;
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	if (leased && !job->events) {
		set_events(job);
		job->events = true;
	}
	return wait;
}

/**
 * agx4_g16_job_waits_fini() - free the fences of a job's waits
 * @job: the job, waiting for nothing.
 */
void agx4_g16_job_waits_fini(struct agx4_g16_job *job)
{
	agx4_room_wait_fini(&job->lease_wait);
	agx4_room_wait_fini(&job->ctx_wait);
	if (job->nrender) {
		agx4_room_wait_fini(&job->scene_wait);
		agx4_room_wait_fini(&job->support_wait);
	}
}

/**
 * agx4_g16_lease_cancel_locked() - end a job's wait for a lease
 * @job: the job, freed (its queue goes); if it waits, the wait ends.
 * @err: the error its wait fence ends with.
 *
 * The jobs that waited behind it may take a free lease now.  Caller holds
 * &agx4_engine.lock.
 */
void agx4_g16_lease_cancel_locked(struct agx4_g16_job *job, int err)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	agx4_room_cancel(&sub->eng, &sub->leases, &job->lease_wait, err);
	agx4_room_put(&sub->eng, &sub->leases, lease_take);
}
