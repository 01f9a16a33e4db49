// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bits.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_decode.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_queue.h"
#include "agx4_fwif_g17p.h"
#include "agx4_g17p_sub.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G17P queue lifecycle
 *
 * Queue teardown makes the firmware forget the queue's contexts before
 * their memory goes: see agx4_g17p_queue_destroy().  A queue a timeout killed
 * sends nothing more (what waited for its turn is dropped) and its jobs
 * count as done once what went out is.  After unplug the firmware, the
 * submission state and context 0's tables are gone: forgetting a job or
 * a queue frees its host structures and its firmware heap objects (the
 * heap outlives the firmware), unmaps its windows from the VM, and sends
 * and touches nothing else; context-0 aliases are therefore mapped by
 * hand, not recorded in the objects.
 */

/* A crashed or stopped primary uses no queue memory any more. */
static bool firmware_gone(struct agx4_fw_boot *b)
{
	return test_bit(0, &b->crashed) || !(READ_ONCE(b->started) & BIT(0));
}

/**
 * agx4_g17p_submission_ends() - do waits for room end
 * @sub: the submission state.
 *
 * What ends a SUBMIT's wait for its queue to be idle with -ENODEV:
 * submission ending (the device going, a restart, a crash:
 * agx4_engine_stop()), or the firmware stopped.  The first wakes every
 * such wait and ends every job's wait for descriptor slots or a pool;
 * nothing polls.  From then on a job takes no slots and no pool
 * (agx4_g17p_job_reserve()).
 *
 * Return: true once either happened.
 */
bool agx4_g17p_submission_ends(struct agx4_fw_g17p_sub *sub)
{
	return agx4_engine_stopped(&sub->eng) || firmware_gone(sub->b);
}

/**
 * agx4_g17p_queue_create() - &agx4_fw_submit_ops.queue_create for G17P
 * @adev: the device.
 * @args: what the queue is made for.
 * @out: set to the queue made.
 *
 * Return: 0, or the error of making its VM state or its compute owner.
 */
int agx4_g17p_queue_create(struct agx4_device *adev,
			   const struct agx4_fw_queue_args *args,
			   struct agx4_fw_queue **out)
{
	struct agx4_fw_boot *b = adev->fw;
	struct agx4_g17p_queue *fq;
	struct g17p_vm *gvm;
	int ret;

	if (!b)
		return -ENODEV;
	fq = kzalloc(sizeof(*fq), GFP_KERNEL);
	if (!fq)
		return -ENOMEM;
	fq->base.adev = adev;
	fq->sub = agx4_fw_g17p_sub(b);
	fq->base.vm = agx4_vm_get(args->vm);
	fq->usc_base = args->usc_exec_base;
	fq->scratch = kvzalloc(AGX4_G17P_SCRATCH_SIZE, GFP_KERNEL);
	ret = -ENOMEM;
	if (!fq->scratch)
		goto err_vm;
	gvm = agx4_g17p_vm_state(fq->sub, fq->base.vm);
	ret = PTR_ERR_OR_ZERO(gvm);
	if (ret)
		goto err_vm;
	fq->gvm = gvm;
	fq->asid = agx4_uat_ctx_get(&b->ctx, &fq->base.vm->uat, &adev->mem->fw_uat);
	if (fq->asid < 0) {
		ret = fq->asid == -EBUSY ? -ENOSPC : fq->asid;
		goto err_vm;
	}
	ret = agx4_g17p_owner_create(fq);
	if (ret)
		goto err_ctx;
	*out = &fq->base;
	return 0;

err_ctx:
	agx4_uat_ctx_put(&b->ctx, fq->asid);
err_vm:
	kvfree(fq->scratch);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
	return ret;
}

static void queue_free(struct agx4_g17p_queue *fq)
{
	agx4_g17p_pool_drop(fq->sub, fq->pool);
	agx4_g17p_owner_free(fq, fq->owner);
	agx4_uat_ctx_put(&fq->sub->b->ctx, fq->asid);
	kfree(fq->spare);
	kvfree(fq->scratch);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
}

/*
 * Queue context cleanup (0x14, H) of the channel-control record at @va
 * (@cc its CPU view), echoing the record's live bytes 0x26, 0, 1 and 4
 * (H: the firmware rewrites some of them; the reference sees
 * 0x04000002 | incarnation << 16 there).
 */
static int push_cleanup(struct agx4_g17p_queue *fq, u64 va, const u8 *cc)
{
	static const u8 echo[] = G17P_CHAN_CONTROL_ECHO;
	struct agx4_fw_ctl ctl = {
		.opcode = AGX4_FW_CTL_CLEANUP,
		.context_control = va,
	};
	u8 rec[AGX4_FW_CTL_SIZE];
	unsigned int i;
	int ret;

	static_assert(ARRAY_SIZE(echo) == sizeof(ctl.ctrl));
	for (i = 0; i < ARRAY_SIZE(echo); i++)
		ctl.ctrl[i] = READ_ONCE(cc[echo[i]]);
	ret = fq->base.adev->gen->build_ctl(&ctl, rec, sizeof(rec));
	if (!ret)
		ret = agx4_fw_boot_ctl_push(fq->sub->b, 0, rec, sizeof(rec));
	return ret;
}

/*
 * Tell the firmware to forget @fq's pool and owner: 0 once it took every
 * device-control record (its read and done counters passed them).
 */
static int cleanup(struct agx4_g17p_queue *fq)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_owner *o = fq->owner;
	struct g17p_pool *pl = fq->pool;
	bool pushed = false;
	int ret = 0;

	lockdep_assert_held(&sub->cleanup_lock);
	/* The pool, then the owner: the reverse of their creation (M). */
	if (pl && pl->published) {
		ret = push_cleanup(fq, pool_va(pl, G17P_POOL_CONTROL),
				   pool_cpu(pl, G17P_POOL_CONTROL));
		pushed = !ret;
	}
	if (!ret && o->published) {
		ret = push_cleanup(fq, own_va(o, G17P_OWN_CONTROL),
				   own_cpu(o, G17P_OWN_CONTROL));
		pushed = !ret;
	}
	if (ret || (!pushed && list_empty(&sub->retained)))
		return ret;
	return agx4_fw_boot_ctl_ring(sub->b, 0) ?:
	       agx4_fw_boot_wait_ctl(sub->b, 0);
}

/*
 * Free the queues kept because the firmware did not take their cleanup:
 * it has taken every record since, or it stopped.  Their context-0
 * aliases, indices and contexts go too: the firmware's tables are there.
 */
static void free_retained(struct agx4_fw_g17p_sub *sub)
{
	struct agx4_g17p_queue *fq, *tmp;

	lockdep_assert_held(&sub->cleanup_lock);
	list_for_each_entry_safe(fq, tmp, &sub->retained, retained) {
		list_del(&fq->retained);
		queue_free(fq);
	}
}

/**
 * agx4_g17p_queue_destroy() - &agx4_fw_submit_ops.queue_destroy for G17P
 * @q: the queue, with no job left.
 *
 * The firmware must forget a compute owner or render pool before its
 * memory is reused.  Each has its own channel-control record (which its
 * queue records name as their context); agx4 sends a context cleanup
 * (device control 0x14) for each the firmware has seen a message of (H),
 * rings the control doorbell and waits, up to the firmware timeout, until
 * the firmware took the records (both control counters past them, H).
 *
 * L: that taking the record is the end of the firmware's use: the one
 * receipt (event kind 13) the reference waits for answers the opening
 * registration (0x20); none is known for 0x14, so agx4 waits for none.
 * GAP: the six "post-cleanup maintenance" records (0x1b, kinds 0..2,
 * phases 1..2) of the reference's cleanup session are not sent: their
 * order and need are not known, and the release sequence read (the
 * native profile's) sends 0x14 alone.
 *
 * A queue whose records the firmware does not take in time is kept whole
 * (memory, context, VM reference) on &agx4_fw_g17p_sub.retained: never
 * freed while the firmware may still use it.  The next cleanup that finds
 * the control channel drained frees it; so does the firmware stopping
 * (agx4_g17p_fw_gone(): after a crash, and at removal, before the firmware's
 * tables go), so none outlives the device.  Once the firmware crashed or
 * stopped it uses nothing, and a queue destroyed then goes at once.
 */
void agx4_g17p_queue_destroy(struct agx4_fw_queue *q)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);
	struct agx4_fw_g17p_sub *sub = fq->sub;
	int ret = 0;

	/* Its pool goes with it: nobody may take it over any more. */
	spin_lock_irq(&sub->eng.lock);
	if (fq->pool) {
		fq->pool->fq = NULL;
		fq->pool->dying = true;
	}
	spin_unlock_irq(&sub->eng.lock);
	mutex_lock(&sub->cleanup_lock);
	if (!firmware_gone(sub->b))
		ret = cleanup(fq);
	if (ret && !firmware_gone(sub->b)) {
		dev_warn_ratelimited(fq->base.adev->base.dev,
				     "G17P firmware did not take a queue cleanup (%d): its memory is kept\n",
				     ret);
		list_add_tail(&fq->retained, &sub->retained);
	} else {
		free_retained(sub);
		queue_free(fq);
	}
	mutex_unlock(&sub->cleanup_lock);
}

/**
 * agx4_g17p_forget_context() - make the firmware forget one context
 * @fq: the queue.
 * @va: the channel-control record's firmware address.
 * @cc: that record, CPU view.
 *
 * Make the firmware forget one channel-control record's context, as
 * agx4_g17p_queue_destroy() does for a queue.
 *
 * Return: 0 once it took the cleanup, or the error of sending it or of
 * the wait.
 */
int agx4_g17p_forget_context(struct agx4_g17p_queue *fq, u64 va, const u8 *cc)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	int ret;

	mutex_lock(&sub->cleanup_lock);
	ret = push_cleanup(fq, va, cc) ?:
	      agx4_fw_boot_ctl_ring(sub->b, 0) ?:
	      agx4_fw_boot_wait_ctl(sub->b, 0);
	mutex_unlock(&sub->cleanup_lock);
	return ret;
}

/**
 * agx4_g17p_queue_idle_wait() - wait until a queue is idle
 * @fq: the queue.
 *
 * Wait until every earlier job of @fq is freed: its work is done.  Only
 * the caller, under the queue's submit lock, adds jobs.
 *
 * Return: 0; -ERESTARTSYS on a signal; -ENODEV once the device is going
 * or the firmware stopped.
 */
int agx4_g17p_queue_idle_wait(struct agx4_g17p_queue *fq)
{
	int ret;

	ret = wait_event_interruptible(fq->sub->eng.wq,
				       !atomic_read(&fq->jobs) ||
				       agx4_g17p_submission_ends(fq->sub));
	if (ret)
		return ret;
	return atomic_read(&fq->jobs) ? -ENODEV : 0;
}

/**
 * agx4_g17p_queue_kill() - &agx4_fw_submit_ops.queue_kill for G17P
 * @q: the queue.
 *
 * A timeout ended every published job of @fq: what of them waits in
 * &agx4_fw_g17p_sub.deferred never goes out (what went out runs on: its
 * storage stays until job_status() says the firmware is done with it).
 * Its jobs that wait for a render pool or for descriptor slots end their
 * wait (-ECANCELED): they will not run, so they take none, and a pool
 * goes to the next queue's job that waits instead.
 */
void agx4_g17p_queue_kill(struct agx4_fw_queue *q)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);
	struct agx4_fw_g17p_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->eng.lock, flags);
	fq->killed = true;
	agx4_engine_drop_queue(&sub->eng, &fq->base, NULL);
	agx4_room_cancel_owner(&sub->eng, &sub->pool_room, fq, -ECANCELED,
			       agx4_g17p_pool_take);
	agx4_g17p_desc_kill_locked(fq);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/* Free the fences of a job's waits for room, if it has them. */
static void desc_wait_fini(struct agx4_g17p_job *job)
{
	if (job->desc_wait.fence)
		agx4_room_wait_fini(&job->desc_wait);
	if (job->pool_wait.fence)
		agx4_room_wait_fini(&job->pool_wait);
}

/**
 * agx4_g17p_job_free() - &agx4_fw_submit_ops.job_free for G17P
 * @j: the job, done or never published.
 */
void agx4_g17p_job_free(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_g17p_queue *fq = job->fq;
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_cmd *first = job->cmds, *end = job->cmds + job->count;
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&sub->eng.lock, flags);
	agx4_engine_render_gone(&sub->eng, &job->base);
	agx4_engine_undefer(&sub->eng, &job->base);
	/* Compute commands never given their ordinals count no more. */
	if (!job->ordered)
		fq->unordered -= job->ncompute;
	/* Out and never seen done (a killed queue, a lost firmware). */
	for (i = 0; i < job->count; i++)
		if (job->cmds[i].published && !READ_ONCE(job->cmds[i].done))
			sub->live--;
	/* Done (or never out): nothing later waits for these. */
	if (fq->last_compute >= first && fq->last_compute < end)
		fq->last_compute = NULL;
	if (fq->last_render >= first && fq->last_render < end)
		fq->last_render = NULL;
	if (job->pool)
		for (i = 0; i < G17P_TILEMAP_BLOCKS; i++)
			if (job->pool->recent[i] >= first &&
			    job->pool->recent[i] < end)
				job->pool->recent[i] = NULL;
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	/* A job dropped before it ran gives its ordinals back. */
	if (!job->ran && (!job->ordered ||
			  fq->owner->next == job->first_n + job->ncompute) &&
	    (!job->placed || job->pool->next == job->first_k + job->nrender))
		agx4_g17p_rollback(job);
	agx4_g17p_pool_put(job);
	/* Its descriptor slots go back; a wait for them ends. */
	agx4_g17p_desc_put(job);
	agx4_g17p_free_cmds(job);
	desc_wait_fini(job);
	/* Kept for the next job of one command; the one kept before goes. */
	if (job->count == 1)
		job = xchg(&fq->spare, job);
	kfree(job);
	/* Fully ordered, as wq_has_sleeper() needs against the wait. */
	if (atomic_dec_and_test(&fq->jobs) && wq_has_sleeper(&fq->sub->eng.wq))
		wake_up_all(&fq->sub->eng.wq);
}

/* A record, by the decoder's name @layout, from where the host keeps it. */
static void dump_record(struct agx4_device *adev, const char *layout,
			const void *rec, size_t size, struct drm_printer *p)
{
	const struct agx4_fw_layout *l = agx4_fw_layout_find(adev->gen,
							     layout);

	drm_printf(p, "    %s\n", layout);
	if (l)
		agx4_fw_decode(l, rec, size, p);
}

/**
 * agx4_g17p_job_dump() - &agx4_fw_submit_ops.job_dump for G17P
 * @j: the job.
 * @p: where to print.
 *
 * A crash dump: each command's pointer block (firmware-shared), event
 * item and context record (as the host wrote them into the firmware's).
 */
void agx4_g17p_job_dump(struct agx4_fw_job *j, struct drm_printer *p)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_device *adev = job->fq->base.adev;
	u32 i;

	for (i = 0; i < job->count; i++) {
		const struct g17p_cmd *c = &job->cmds[i];

		drm_printf(p, "    command %u: %s, ordinal %u\n", i,
			   c->compute ? "compute" : "render", c->n);
		if (c->ptrs)
			dump_record(adev, "pointers", c->ptrs,
				    sizeof(*c->ptrs), p);
		dump_record(adev, "event_item", &c->ev, sizeof(c->ev), p);
		dump_record(adev, "context", &c->ctx, sizeof(c->ctx), p);
	}
}

/**
 * agx4_g17p_job_forget() - &agx4_fw_submit_ops.job_forget for G17P
 * @j: the job.
 *
 * After unplug: the firmware is gone, and with it the submission state
 * and context 0's tables (the boot's).  A job's host storage goes; its
 * descriptor slots go with its owner, and its wait for them, if any, was
 * ended by the unplug (agx4_engine_stop()).
 */
void agx4_g17p_job_forget(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);

	agx4_g17p_free_cmds(job);
	desc_wait_fini(job);
	kfree(job);
}

/**
 * agx4_g17p_queue_forget() - &agx4_fw_submit_ops.queue_forget for G17P
 * @q: the queue.
 *
 * After unplug, each of its jobs forgotten or freed: the queue's memory
 * goes without a word to the firmware.  Its context-0 aliases are not
 * unmapped (those tables went with the firmware), its windows in the VM
 * are; its owner and pool indices, its context and its place on
 * &agx4_fw_g17p_sub.queues went with the submission state.
 */
void agx4_g17p_queue_forget(struct agx4_fw_queue *q)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);

	if (fq->pool) {
		agx4_g17p_pool_release(fq->pool);
		kfree(fq->pool);
	}
	agx4_g17p_owner_release(fq, fq->owner);
	kfree(fq->spare);
	kvfree(fq->scratch);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
}

/**
 * agx4_g17p_fw_gone() - &agx4_fw_submit_ops.fw_gone for G17P
 * @adev: the device.
 *
 * The firmware stopped (a crash, or the removal after the job unit
 * stopped) and its tables are still there: the queues kept for it go,
 * as a destroy would free them now.
 */
void agx4_g17p_fw_gone(struct agx4_device *adev)
{
	struct agx4_fw_g17p_sub *sub;

	if (!adev->fw || !adev->fw->gen_priv)
		return;
	sub = agx4_fw_g17p_sub(adev->fw);
	if (WARN_ON(!firmware_gone(sub->b)))
		return;
	mutex_lock(&sub->cleanup_lock);
	free_retained(sub);
	mutex_unlock(&sub->cleanup_lock);
	agx4_g17p_pools_gone(sub);
}
