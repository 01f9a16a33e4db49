// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include "agx4_device.h"
#include "agx4_engine.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fw_g16_init.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fwif_g16.h"
#include "agx4_g16_sub.h"
#include "agx4_test_hooks.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G16 render support leases
 *
 * A VM's renders run on one of %AGX4_FW_G16_SUPPORTS render support
 * leases (H: 57).  Lease n is the support record with identity and
 * private-memory slot 3 + n, the buffer-manager slot 7 + n by which the
 * firmware knows the VM's TVB pool, and the record's operand storage
 * (directory, table and 24 operand buffers of 2 MiB, about 49 MiB),
 * which the record names in the VM's kernel carve-out.  The reference
 * gives each VM that renders a lease for its life and fails the 58th;
 * agx4 lends them, as it lends contexts: a lease is a VM's while jobs of
 * the VM are counted on its context (&g16_vm.busy), and stays with it
 * while it is idle, until another VM needs one and none is free.
 *
 * **Storage.**  A lease's storage is made in SUBMIT, which may allocate:
 * by a render of a VM that holds no lease, while no lease is free and
 * fewer than 57 exist (agx4_g16_support_offer()).  It then stays until
 * the firmware goes (agx4_g16_fw_gone()): freed with its VM, it would
 * leave a job that waits for a lease with nothing to take, prepare_job
 * being unable to allocate.  So the leases hold at most 57 times 49 MiB
 * of the firmware heap, what the reference holds with 57 rendering VMs
 * (the parameter g16_render_leases makes fewer, for less memory and
 * fewer VMs rendering at once); every VM keeps only its TVB pool (about
 * 2 MiB).
 *
 * **Lending.**  SUBMIT lends the VM a free lease, or the one it makes,
 * when no job waits for one.  Otherwise a job finds its VM without a
 * lease in drm_sched's prepare_job (agx4_g16_support_reserve()), once
 * counted on its context and before its renders take their places, and
 * waits for its fence; the work item &agx4_fw_g16_sub.support_work lends
 * the VM of the job that has waited longest a free lease, or else takes
 * back the least recently used lease of a VM with no job counted on its
 * context, and the job's fence signals.  A lease taken back is unmapped
 * from its VM, the descriptor at its slot kept with the VM's pool and
 * cleared in the firmware's table; a lease lent to another VM than its
 * last has its operand buffers cleared first (nothing of one client may
 * reach another), is mapped in the VM's lease window (pinned at the VM's
 * first render), its directory, table and record written for the VM's
 * carve-out, the pool's buffer manager and descriptor moved to its slot,
 * and the pool's TVB-init prelude goes out again with the VM's next
 * render: the firmware makes the pool anew at the slot.  All of that is
 * in process context, under &agx4_fw_g16_sub.support_lock; prepare_job
 * and the completion path (in any context) only look at which lease a
 * VM holds and queue the work.  SUBMIT built the job's renders for the
 * lease the VM held then, or for none; the job builds them again for the
 * one it got (agx4_g16_job_slot()).
 *
 * A job waits for a lease only once counted on its context; every lease
 * lent is a VM's that is idle, which the work takes back, or has jobs
 * counted, which hold all they need of the firmware or wait for what
 * their own queues' earlier jobs hold: they complete, or time out, which
 * kills their queue.
 *
 * L: that the firmware keeps nothing of a lease but what its support
 * record, the buffer manager naming its slot and the descriptor at the
 * slot say, so that a lease idle in the firmware may be rewritten for
 * another VM; the reference never does it (GAP).
 */

AGX4_VISIBLE_IF_TEST unsigned int agx4_g16_support_leases_param;
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_g16_support_leases_param);
module_param_named(g16_render_leases, agx4_g16_support_leases_param, uint,
		   0644);
MODULE_PARM_DESC(g16_render_leases,
		 "Most G16 render support leases made, each holding 49 MiB of firmware memory (0, default: the firmware's 57); the VMs that render share them");

/* How many leases are made at most: the parameter, within the 57. */
static unsigned int leases_max(void)
{
	unsigned int want = READ_ONCE(agx4_g16_support_leases_param);

	return want && want < AGX4_FW_G16_SUPPORTS ? want : AGX4_FW_G16_SUPPORTS;
}

/* The firmware's parameter-buffer descriptor of lease @sl's slot. */
static void *pb_row(struct agx4_fw_g16_sub *sub,
		    const struct g16_support_lease *sl)
{
	return sub->pb_table + (G16_BM_SLOT_FIRST + sl->n) * G16_PB_DESC_SIZE;
}

/* The render objects of @job's VM; @job renders, so they exist. */
static struct g16_render_vm *job_r(const struct agx4_g16_job *job)
{
	return ((struct g16_vm *)job->fq->base.vm->fw)->r;
}

/*
 * Queue the lending, unless submission ended; there is none to lend
 * before the first lease is made, which sets the work up.
 */
static void kick_locked(struct agx4_fw_g16_sub *sub)
{
	lockdep_assert_held(&sub->eng.lock);
	if (sub->support_ready && !sub->eng.stopped)
		schedule_work(&sub->support_work);
}

/*
 * The waiting job's VM holds a lease (&agx4_room_take_fn); if not, the
 * work lends it one (see the DOC).
 */
static bool support_take(struct agx4_room *room, struct agx4_room_wait *w)
{
	struct agx4_g16_job *job = container_of(w, struct agx4_g16_job,
						support_wait);
	struct agx4_fw_g16_sub *sub = job->fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	if (job_r(job)->sl) {
		job->supported = true;
		return true;
	}
	kick_locked(sub);
	return false;
}

/*
 * The record, directory and table of @sl for the carve-out at @ks (H:
 * the reference's support lease: identity and slot 3 + n, the directory
 * of the 24 buffers' pages, the table's tagged buffer addresses).
 */
static void lease_records(struct g16_support_lease *sl, u64 ks)
{
	struct g16_support *sup = sl->support->cpu;
	__le64 *table = sl->table->cpu;
	u32 pages = G16_RENDER_BUFFERS * G16_OPERAND_PAGES, i;

	sup->id = cpu_to_le64(G16_SUPPORT_ID_BASE + sl->n);
	sup->slot = cpu_to_le32(G16_SUPPORT_ID_BASE + sl->n);
	sup->directory = cpu_to_le64(ks + G16_VM_DIR);
	sup->capacity = cpu_to_le32(G16_RENDER_DIR_ENTRIES);
	sup->pages_mod = cpu_to_le32(pages % G16_RENDER_DIR_ENTRIES);
	sup->pages = cpu_to_le32(pages);
	sup->operands = cpu_to_le64(ks + G16_VM_TABLE);
	sup->cursor = cpu_to_le32(G16_RENDER_TABLE_QWORDS);
	sup->shared = cpu_to_le64(sl->support->va + G16_SUPPORT_SHARED);
	for (i = 0; i < G16_RENDER_BUFFERS; i++)
		table[i * G16_RENDER_TABLE_STRIDE / 8] =
			cpu_to_le64((ks + G16_VM_BUFS +
				     (u64)i * G16_OPERAND_BUFFER_STRIDE) |
				    G16_RENDER_TABLE_TAG);
	/* Built for the buffers the table names: cannot fail. */
	WARN_ON_ONCE(agx4_fw_g16_build_operand_dir(sl->dir->cpu, sl->dir->size,
						   ks + G16_VM_BUFS,
						   G16_RENDER_BUFFERS));
}

/*
 * Lend @sl, free (no VM's), to @r, which holds none: see the DOC.  Under
 * &agx4_fw_g16_sub.support_lock, which only lends and takes back, so
 * that @sl and @r stay as they are meanwhile and @r stays (its VM's
 * release takes the lock, agx4_g16_support_leave()).
 */
static void bind(struct agx4_fw_g16_sub *sub, struct g16_support_lease *sl,
		 struct g16_render_vm *r)
{
	struct agx4_uat_window *w = &r->lease_window;
	struct g16_bm *bm = r->tvb->cpu;
	u32 i;

	lockdep_assert_held(&sub->support_lock);
	if (!r->id)
		r->id = ++sub->support_ids;
	if (sl->last && sl->last != r->id) {
		memset(sl->bufs->cpu, 0, sl->bufs->size);
		memset(sl->table->cpu, 0, sl->table->size);
	}
	lease_records(sl, r->ks);
	agx4_fw_obj_window_map(sl->dir, w, r->ks + G16_VM_DIR, &agx4_g16_gpu_rw);
	agx4_fw_obj_window_map(sl->table, w, r->ks + G16_VM_TABLE,
			       &agx4_g16_gpu_rw);
	for (i = 0; i < G16_RENDER_BUFFERS; i++)
		agx4_fw_obj_window_map_part(sl->bufs,
					    (u64)i * G16_OPERAND_BUFFER_STRIDE,
					    G16_OPERAND_BUFFER_SIZE, w,
					    r->ks + G16_VM_BUFS +
					    (u64)i * G16_OPERAND_BUFFER_STRIDE,
					    &agx4_g16_gpu_rw);
	bm->slot = cpu_to_le32(G16_BM_SLOT_FIRST + sl->n);
	memcpy(pb_row(sub, sl), r->pb, G16_PB_DESC_SIZE);
	/* The records and the pool at the slot before a render names them. */
	wmb();
	spin_lock_irq(&sub->eng.lock);
	sl->r = r;
	sl->last = r->id;
	sl->used = ++sub->support_clock;
	r->sl = sl;
	/* The firmware makes the pool anew at its slot: the prelude again. */
	r->live = false;
	agx4_room_put(&sub->eng, &sub->support_room, support_take);
	spin_unlock_irq(&sub->eng.lock);
}

/*
 * Take @sl back from the VM it is lent to, under
 * &agx4_fw_g16_sub.support_lock and &agx4_engine.lock: the VM is idle (or
 * going).  Its jobs that reserve from now on find it without a lease;
 * unbind() finishes.
 */
static struct g16_render_vm *unbind_locked(struct agx4_fw_g16_sub *sub,
					   struct g16_support_lease *sl)
{
	struct g16_render_vm *r = sl->r;

	lockdep_assert_held(&sub->support_lock);
	lockdep_assert_held(&sub->eng.lock);
	sl->r = NULL;
	r->sl = NULL;
	r->live = false;
	return r;
}

/* The rest of taking @sl back from @r (unbind_locked()), without the spinlock. */
static void unbind(struct agx4_fw_g16_sub *sub, struct g16_support_lease *sl,
		   struct g16_render_vm *r)
{
	lockdep_assert_held(&sub->support_lock);
	agx4_fw_obj_window_unmap_part(&r->lease_window, r->ks + G16_VM_DIR,
				      G16_VM_LEASE_SIZE);
	memcpy(r->pb, pb_row(sub, sl), G16_PB_DESC_SIZE);
	memset(pb_row(sub, sl), 0, G16_PB_DESC_SIZE);
}

/*
 * A free lease, or the least recently used of an idle VM, under
 * &agx4_engine.lock; NULL when every lease is a busy VM's.  A lease
 * index not made yet counts as none: only SUBMIT makes them.
 */
static struct g16_support_lease *pick_locked(struct agx4_fw_g16_sub *sub)
{
	struct g16_support_lease *lru = NULL;
	unsigned int n;

	lockdep_assert_held(&sub->eng.lock);
	for (n = 0; n < AGX4_FW_G16_SUPPORTS; n++) {
		struct g16_support_lease *sl = sub->supports[n];

		if (!sl)
			continue;
		if (!sl->r)
			return sl;
		if (!sl->r->gv->busy && (!lru || sl->used < lru->used))
			lru = sl;
	}
	return lru;
}

/*
 * Make lease @n (zeroed: its buffers clean), under
 * &agx4_fw_g16_sub.support_lock.
 */
static struct g16_support_lease *lease_make(struct agx4_fw_obj_heap *h,
					    unsigned int n)
{
	struct g16_support_lease *sl = kzalloc(sizeof(*sl), GFP_KERNEL);

	if (!sl)
		return NULL;
	sl->n = n;
	sl->support = agx4_fw_obj_create(h, G16_SUPPORT_SIZE,
					 AGX4_FW_OBJ_SHARED, NULL, NULL);
	sl->dir = agx4_fw_obj_create(h, G16_RENDER_DIR_SIZE,
				     AGX4_FW_OBJ_SHARED, NULL, NULL);
	sl->table = agx4_fw_obj_create(h, AGX4_UAT_PAGE_SIZE,
				       AGX4_FW_OBJ_SHARED, NULL, NULL);
	sl->bufs = agx4_fw_obj_create(h, G16_RENDER_BUFFERS *
				      G16_OPERAND_BUFFER_STRIDE,
				      AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (!IS_ERR(sl->support) && !IS_ERR(sl->dir) && !IS_ERR(sl->table) &&
	    !IS_ERR(sl->bufs))
		return sl;
	if (!IS_ERR(sl->bufs))
		agx4_fw_obj_destroy(sl->bufs);
	if (!IS_ERR(sl->table))
		agx4_fw_obj_destroy(sl->table);
	if (!IS_ERR(sl->dir))
		agx4_fw_obj_destroy(sl->dir);
	if (!IS_ERR(sl->support))
		agx4_fw_obj_destroy(sl->support);
	kfree(sl);
	return NULL;
}

static void lease_free(struct g16_support_lease *sl)
{
	agx4_fw_obj_destroy(sl->bufs);
	agx4_fw_obj_destroy(sl->table);
	agx4_fw_obj_destroy(sl->dir);
	agx4_fw_obj_destroy(sl->support);
	kfree(sl);
}

/**
 * agx4_g16_support_offer() - a lease for a VM's render, in SUBMIT
 * @fq: the render's queue.
 * @r: its VM's render objects.
 * @slot: set to the buffer-manager slot of the lease @r holds after
 *	this, 0 for none.
 * @support: set to that lease's support record, unchanged for none.
 *
 * While @r holds no lease, none is free and fewer than the most exist,
 * one is made.  If no job waits for a lease, @r is lent a free one (that
 * one, say); otherwise the jobs that waited first have it.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_g16_support_offer(struct agx4_g16_queue *fq, struct g16_render_vm *r,
			   u32 *slot, u64 *support)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned int n, free = AGX4_FW_G16_SUPPORTS;
	struct g16_support_lease *sl = NULL;
	bool make, waits;
	int ret = 0;

	mutex_lock(&sub->support_lock);
	spin_lock_irq(&sub->eng.lock);
	make = !r->sl;
	for (n = 0; make && n < AGX4_FW_G16_SUPPORTS; n++) {
		if (!sub->supports[n]) {
			free = min(free, n);
		} else if (!sub->supports[n]->r) {
			sl = sub->supports[n];
			make = false;
		}
	}
	waits = !list_empty(&sub->support_room.waiters);
	spin_unlock_irq(&sub->eng.lock);
	if (make && free < leases_max()) {
		sl = lease_make(&fq->base.adev->mem->heap, free);
		if (!sl) {
			ret = -ENOMEM;
			goto out;
		}
		/* Set up with the first lease: only a lease ever queues it. */
		if (!sub->support_work.func)
			INIT_WORK(&sub->support_work, agx4_g16_support_work);
		spin_lock_irq(&sub->eng.lock);
		sub->support_ready = true;
		sub->supports[free] = sl;
		kick_locked(sub);
		spin_unlock_irq(&sub->eng.lock);
	}
	if (sl && !waits)
		bind(sub, sl, r);
	spin_lock_irq(&sub->eng.lock);
	*slot = r->sl ? G16_BM_SLOT_FIRST + r->sl->n : 0;
	if (r->sl)
		*support = r->sl->support->va;
	spin_unlock_irq(&sub->eng.lock);
out:
	mutex_unlock(&sub->support_lock);
	return ret;
}

/**
 * agx4_g16_support_reserve() - a rendering job's VM holds a lease
 * @job: the job, counted on its VM's context; from @job_reserve.
 *
 * See the DOC.  Once the VM holds a lease, the job's renders are built
 * for it if SUBMIT built them for another (or none).  Neither sleeps nor
 * allocates.
 *
 * Return: NULL once the VM holds a lease (or submission ended: then, or
 * when a build failed, @job->slot is 0 and publication drops the job), or
 * the fence to wait for.
 */
struct dma_fence *agx4_g16_support_reserve(struct agx4_g16_job *job)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	struct g16_render_vm *r = job_r(job);
	struct dma_fence *wait = NULL;
	unsigned long flags;
	u64 support = 0;
	u32 slot = 0;

	spin_lock_irqsave(&sub->eng.lock, flags);
	if (!job->supported && !sub->eng.stopped)
		wait = agx4_room_get(&sub->eng, &sub->support_room,
				     &job->support_wait, support_take);
	if (job->supported) {
		slot = G16_BM_SLOT_FIRST + r->sl->n;
		support = r->sl->support->va;
	}
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	if (wait)
		return wait;
	/* The VM keeps it while the job is counted on its context. */
	if (!slot)
		job->slot = 0;
	else if (slot != job->slot)
		agx4_g16_job_slot(job, slot, support);
	return NULL;
}

/**
 * agx4_g16_support_cancel_locked() - end a job's wait for a lease
 * @job: the job, freed (its queue goes); if it waits, the wait ends.
 * @err: the error its wait fence ends with.
 *
 * Caller holds &agx4_engine.lock.
 */
void agx4_g16_support_cancel_locked(struct agx4_g16_job *job, int err)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	if (!job->nrender)
		return;
	agx4_room_cancel(&sub->eng, &sub->support_room, &job->support_wait,
			 err);
	agx4_room_put(&sub->eng, &sub->support_room, support_take);
}

/**
 * agx4_g16_support_kill_locked() - a queue is killed: its jobs stop waiting
 * @fq: the queue.
 *
 * Its jobs that wait for a lease end their wait (-ECANCELED), so that
 * they hold back nobody behind them.  Caller holds &agx4_engine.lock.
 */
void agx4_g16_support_kill_locked(struct agx4_g16_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;

	agx4_room_cancel_owner(&sub->eng, &sub->support_room, fq, -ECANCELED,
			       support_take);
}

/**
 * agx4_g16_support_idle_locked() - a VM has no job counted any more
 * @sub: the submission state.
 *
 * Its lease, if any, may be taken back for a job that waits for one: the
 * work is queued if one does.  Any context; caller holds
 * &agx4_engine.lock.
 */
void agx4_g16_support_idle_locked(struct agx4_fw_g16_sub *sub)
{
	lockdep_assert_held(&sub->eng.lock);
	kick_locked(sub);
}

/**
 * agx4_g16_support_leave() - a VM's render objects go
 * @sub: the submission state they were made for.
 * @r: the objects; no job of the VM is left.
 *
 * Their lease, if any, is taken back, free for the next VM.  A growth
 * request that found the pool is done first (&agx4_fw_g16_sub.tvb_lock).
 */
void agx4_g16_support_leave(struct agx4_fw_g16_sub *sub,
			    struct g16_render_vm *r)
{
	struct g16_support_lease *sl;

	mutex_lock(&sub->support_lock);
	mutex_lock(&sub->tvb_lock);
	spin_lock_irq(&sub->eng.lock);
	sl = r->sl;
	if (sl)
		unbind_locked(sub, sl);
	spin_unlock_irq(&sub->eng.lock);
	mutex_unlock(&sub->tvb_lock);
	if (sl) {
		unbind(sub, sl, r);
		spin_lock_irq(&sub->eng.lock);
		kick_locked(sub);
		spin_unlock_irq(&sub->eng.lock);
	}
	mutex_unlock(&sub->support_lock);
}

/**
 * agx4_g16_support_pool() - the TVB pool a growth request names
 * @sub: the submission state.
 * @slot: the request's buffer-manager slot, 7..63.
 *
 * Under &agx4_fw_g16_sub.tvb_lock, which keeps the pool found until it
 * is dropped (agx4_g16_support_leave()), though its lease may be taken
 * back meanwhile.
 *
 * Return: the render objects the slot's lease is lent to, or NULL.
 */
struct g16_render_vm *agx4_g16_support_pool(struct agx4_fw_g16_sub *sub,
					    u32 slot)
{
	struct g16_support_lease *sl;
	struct g16_render_vm *r;

	lockdep_assert_held(&sub->tvb_lock);
	spin_lock_irq(&sub->eng.lock);
	sl = sub->supports[slot - G16_BM_SLOT_FIRST];
	r = sl ? sl->r : NULL;
	spin_unlock_irq(&sub->eng.lock);
	return r;
}

/**
 * agx4_g16_support_work() - &agx4_fw_g16_sub.support_work
 * @work: the work.
 *
 * Lends the VM of the job that has waited longest for a lease a free
 * one, or the least recently used lease of an idle VM, taken back (see
 * the DOC), until no job waits or no lease can be had: a VM going idle
 * or going queues it again.
 */
void agx4_g16_support_work(struct work_struct *work)
{
	struct agx4_fw_g16_sub *sub = container_of(work, struct agx4_fw_g16_sub,
						   support_work);
	struct g16_render_vm *r, *from;
	struct g16_support_lease *sl;
	struct agx4_room_wait *w;

	mutex_lock(&sub->support_lock);
	for (;;) {
		spin_lock_irq(&sub->eng.lock);
		w = list_first_entry_or_null(&sub->support_room.waiters,
					     struct agx4_room_wait, link);
		sl = w && !sub->eng.stopped ? pick_locked(sub) : NULL;
		if (!sl) {
			spin_unlock_irq(&sub->eng.lock);
			break;
		}
		r = job_r(container_of(w, struct agx4_g16_job, support_wait));
		if (r->sl) {
			/* Another job of the VM got one. */
			agx4_room_put(&sub->eng, &sub->support_room,
				      support_take);
			spin_unlock_irq(&sub->eng.lock);
			continue;
		}
		from = sl->r ? unbind_locked(sub, sl) : NULL;
		spin_unlock_irq(&sub->eng.lock);
		if (from)
			unbind(sub, sl, from);
		bind(sub, sl, r);
	}
	mutex_unlock(&sub->support_lock);
}

/**
 * agx4_g16_fw_gone() - &agx4_fw_submit_ops.fw_gone for G16
 * @adev: the device; the firmware stopped, and the job unit freed every
 *	queue it kept.
 *
 * Every render support lease goes: taken back from the VM it is lent to
 * (still mapped there) and freed.  The VMs' pools are the VMs' (they go
 * with them, or with their state when the firmware restarted).
 */
void agx4_g16_fw_gone(struct agx4_device *adev)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	struct g16_support_lease *sl;
	struct g16_render_vm *r;
	unsigned int n;
	bool queued;

	if (!sub)
		return;
	/* No lending queued from here on (kick_locked()). */
	agx4_engine_stop(&sub->eng);
	spin_lock_irq(&sub->eng.lock);
	queued = sub->support_ready;
	spin_unlock_irq(&sub->eng.lock);
	if (queued)
		cancel_work_sync(&sub->support_work);
	mutex_lock(&sub->support_lock);
	for (n = 0; n < AGX4_FW_G16_SUPPORTS; n++) {
		mutex_lock(&sub->tvb_lock);
		spin_lock_irq(&sub->eng.lock);
		sl = sub->supports[n];
		sub->supports[n] = NULL;
		r = sl && sl->r ? unbind_locked(sub, sl) : NULL;
		spin_unlock_irq(&sub->eng.lock);
		mutex_unlock(&sub->tvb_lock);
		if (r)
			unbind(sub, sl, r);
		if (sl)
			lease_free(sl);
	}
	mutex_unlock(&sub->support_lock);
}
