// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g17p.h"
#include "agx4_g17p_sub.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G17P compute owners
 *
 * Compute runs in the "independently owned queue" profile: each UAPI
 * queue owns one firmware compute queue (an owner), made at QUEUE_CREATE.
 * Owner i completes on grid 32 + i (up to 96 owners: the grids below 32
 * are the render pools', and report masks hold 128 grids) and runs in its
 * VM's context (ASID), which agx4_uat_ctx_get() gives and every queue of
 * the VM shares; the reference gives each owner an ASID of its own
 * (4 + i), which is its choice, not a firmware requirement.  Everything
 * an owner needs is allocated from the firmware heap as one 2 MiB arena
 * (the reference's relative layout, so the record arrays keep their
 * sizes): queue record, pointer block, item ring, two transport banks,
 * 256 context records, support object and its state word, channel
 * control, job list, optional record, 256 scheduler records, slot words,
 * status pairs, dispatch words, completion scratch and event areas, and
 * 240 descriptors.  The arena is also mapped in context 0 (the low
 * aliases the register-program locators and the optional record name) at
 * 0x72_0000_0000 + i * 2 MiB.  Its preemption save areas and robustness
 * words, which the GPU writes in the VM's context, are a second object
 * mapped in the VM's kernel carve-out, beside the compute operand
 * namespace (operand lists, table, state and 21 buffers of 1 MiB) the
 * support object and the compute program point at.
 *
 * Compute descriptor slots.  An owner has 240 of 0x1040 bytes (the
 * firmware touches the 0x40 after the 0x1000 agx4 writes, H).  A slot's
 * address feeds only the command's own objects: the ring item that names
 * the descriptor (work), what the descriptor builder derives from work
 * and from its context-0 low alias (work_alias), and the context
 * record's work pointer and two program locators (low alias + the two
 * register programs).  Command n uses slot n mod 240, as the reference
 * does (H: g17p_compute_queues.rs@fc79d23c PreparationSeed::prepare).
 * SUBMIT only checks a compute command (built once into the queue's
 * scratch); it takes no ordinal, writes nothing of the owner and does not
 * wait, and any number of jobs may be prepared.  The job takes its
 * ordinals, in its queue's order, in @job_reserve, from drm_sched's
 * prepare_job once its in-fences signalled, then the slots of its
 * commands (agx4_g17p_desc_reserve_locked()), through the owner's &struct
 * agx4_room: the slot of command n may still be held by command n - 240,
 * until its job is freed (the firmware done with it, or the command never
 * went out).  A job that finds one held keeps those it took and waits, in
 * the scheduler, for a fence that signals once the freeing of its queue's
 * earlier jobs gave it the rest (agx4_g17p_desc_put()).  Only one job of
 * an owner waits: its queue's jobs reserve in order, and only its earlier
 * jobs hold its slots.  Holding them all, it builds each descriptor in
 * its slot; the firmware cannot see a slot until a publication names it,
 * after the ordering barrier that precedes the write index.  The unplug and the firmware
 * stopping end the wait (-ENODEV); the job then holds no slot and none
 * of it goes out.  A job freed while it waits (its queue destroyed) ends
 * its wait (-ECANCELED).  Within the 240 commands that hold slots the
 * ordinal's records (mod 256) are never shared either.
 */

/* The owners' areas fit the smallest kernel carve-out. */
static_assert(G17P_KC_OWNERS + AGX4_G17P_MAX_OWNERS * G17P_KC_OWNER_SIZE <=
	      AGX4_VM_KERNEL_MIN_SIZE);

/**
 * agx4_g17p_init_pointers() - reset a pointer block
 * @p: the block, CPU view.
 *
 * Every word is 0 but the item ring's capacity (0x500 entries) and the
 * all-ones word at +0x50.
 */
void agx4_g17p_init_pointers(struct g17p_pointers *p)
{
	memset(p, 0, sizeof(*p));
	p->gap_50 = cpu_to_le32(U32_MAX);
	p->capacity = cpu_to_le32(G17P_OWN_RING_ENTRIES);
}

/* The owner's queue-lifetime objects (what the firmware sees first). */
static int init_owner(struct agx4_g17p_queue *fq, struct g17p_owner *o,
		      int asid)
{
	struct agx4_fw_queue_in qin = {
		.pointers = own_va(o, G17P_OWN_POINTERS),
		.ring = own_va(o, G17P_OWN_RING),
		.job_list = own_va(o, G17P_OWN_JOB_LIST),
		.self = own_va(o, G17P_OWN_QUEUE),
		.priority = G17P_PRIORITY,
		.lane = AGX4_FW_LANE_COMPUTE,
		.uuid = G17P_OWN_UUID_BASE + o->grid,
		.context = own_va(o, G17P_OWN_CONTROL),
	};
	struct g17p_support *sup = own_cpu(o, G17P_OWN_SUPPORT);
	struct g17p_chan_control *cc = own_cpu(o, G17P_OWN_CONTROL);
	struct agx4_fw_job_list *jl = own_cpu(o, G17P_OWN_JOB_LIST);
	u64 cls = G17P_SUPPORT_CLASS_COMPUTE << G17P_SUPPORT_CLASS_SHIFT;

	sup->header = cpu_to_le64(asid);
	sup->gap_8 = cpu_to_le64(1);
	sup->class = cpu_to_le32(G17P_SUPPORT_CLASS);
	sup->gap_18 = cpu_to_le64(G17P_SUPPORT_18);
	sup->class_20 = cpu_to_le64(cls);
	sup->class_28 = cpu_to_le64(cls);
	sup->operands = cpu_to_le64(fq->base.vm->kernel_start + G17P_KC_TABLE);
	sup->gap_40 = cpu_to_le32(G17P_SUPPORT_40);
	sup->cursor = cpu_to_le32(G17P_SUPPORT_CURSOR_COMPUTE);
	put_unaligned_le64(own_va(o, G17P_OWN_STATE), &sup->state);
	sup->gap_5c = cpu_to_le32(1);
	sup->kind = cpu_to_le32(G17P_SUPPORT_KIND_COMPUTE);
	*(__le32 *)own_cpu(o, G17P_OWN_STATE) = cpu_to_le32(1);
	cc->gap_0 = cpu_to_le64(G17P_CHAN_CONTROL_0);
	cc->gap_20 = cpu_to_le64(G17P_CHAN_CONTROL_20);
	cc->gap_30 = cpu_to_le64(G17P_CHAN_CONTROL_30);
	jl->self = cpu_to_le64(own_va(o, G17P_OWN_JOB_LIST));
	agx4_g17p_init_pointers(own_cpu(o, G17P_OWN_POINTERS));
	return agx4_fw_g17p_build_queue(&qin, own_cpu(o, G17P_OWN_QUEUE),
					sizeof(struct g17p_queue));
}

/**
 * agx4_g17p_put_slot() - give back an owner or pool index
 * @sub: the submission state.
 * @map: &agx4_fw_g17p_sub.owners or &agx4_fw_g17p_sub.pools.
 * @i: the index.
 */
void agx4_g17p_put_slot(struct agx4_fw_g17p_sub *sub, unsigned long *map,
			unsigned int i)
{
	mutex_lock(&sub->setup_lock);
	clear_bit(i, map);
	mutex_unlock(&sub->setup_lock);
}

/**
 * agx4_g17p_owner_release() - free a compute owner's memory and structure
 * @fq: its queue.
 * @o: the owner.
 *
 * The owner's memory and structure; the firmware must be done with it.  Context
 * 0's alias is unmapped by the caller (agx4_g17p_owner_free()) while the
 * firmware's tables exist, not after unplug.
 */
void agx4_g17p_owner_release(struct agx4_g17p_queue *fq, struct g17p_owner *o)
{
	if (!IS_ERR_OR_NULL(o->priv)) {
		agx4_fw_obj_window_unmap_part(&fq->gvm->owners, o->priv_gpu,
					      G17P_PRIV_SIZE);
		agx4_fw_obj_destroy(o->priv);
	}
	agx4_fw_obj_destroy(o->arena);
	kfree(o);
}

/**
 * agx4_g17p_owner_free() - free a compute owner and give its index back
 * @fq: its queue.
 * @o: the owner; the firmware is done with it.
 */
void agx4_g17p_owner_free(struct agx4_g17p_queue *fq, struct g17p_owner *o)
{
	unsigned int i = o->index;

	agx4_fw_obj_unmap_part(&fq->sub->b->dev_uat, o->low, G17P_OWN_SIZE);
	agx4_g17p_owner_release(fq, o);
	agx4_g17p_put_slot(fq->sub, fq->sub->owners, i);
}

/*
 * A compute owner made (or made anew) after a render: it takes the
 * compute tick, and every idle pool's job list is reset first (H: G17P-6
 * and G17P-8, the reference's prepare_compute quiesces the render's list
 * before it makes a compute owner after a render, and its after_render
 * gates stage_compute_tick; GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9).  A pool some job holds is
 * left to its own idling: agx4's pools are independent of the owners.
 */
static void owner_after_render(struct agx4_fw_g17p_sub *sub,
			       struct g17p_owner *o)
{
	unsigned int i;

	spin_lock_irq(&sub->eng.lock);
	o->after_render = sub->render_ordinal != 0;
	for (i = 0; o->after_render && i < AGX4_G17P_MAX_POOLS; i++)
		if (sub->pool[i] && !sub->pool[i]->live)
			agx4_g17p_pool_quiesce_locked(sub, sub->pool[i]);
	spin_unlock_irq(&sub->eng.lock);
}

/*
 * A compute owner made (or made anew): its grid's completion reports are
 * counted from here (H: G17P-31, GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9 poll_independent_compute
 * waits for the grid's terminal count to reach the command's value,
 * counted from the baseline taken when the owner is made).  A report
 * for an owner this grid had before does not count for this one.
 */
static void owner_count_from_now(struct agx4_fw_g17p_sub *sub,
				 struct g17p_owner *o)
{
	unsigned long flags;

	spin_lock_irqsave(&sub->eng.lock, flags);
	o->terminals = sub->owner_terminals[o->index];
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/**
 * agx4_g17p_owner_create() - make the queue's compute owner
 * @fq: the queue, at its creation.
 *
 * Return: 0; -ENOSPC when every owner index is in use; -ENOMEM or a mapping
 * error.
 */
int agx4_g17p_owner_create(struct agx4_g17p_queue *fq)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct agx4_fw_obj_heap *heap = &fq->base.adev->mem->heap;
	struct g17p_owner *o;
	unsigned int i;
	int ret;

	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	mutex_lock(&sub->setup_lock);
	i = find_first_zero_bit(sub->owners, AGX4_G17P_MAX_OWNERS);
	if (i < AGX4_G17P_MAX_OWNERS) {
		set_bit(i, sub->owners);
		agx4_g17p_write_dispatch(sub);
	}
	mutex_unlock(&sub->setup_lock);
	if (i >= AGX4_G17P_MAX_OWNERS) {
		kfree(o);
		return -ENOSPC;
	}
	o->index = i;
	o->grid = G17P_OWN_FIRST_GRID + i;
	agx4_room_init(&o->desc_room);
	o->low = G17P_OWN_LOW_BASE + (u64)i * G17P_OWN_SIZE;
	o->priv_gpu = fq->base.vm->kernel_start + G17P_KC_OWNERS +
		      i * G17P_KC_OWNER_SIZE;
	o->arena = agx4_fw_obj_create(heap, G17P_OWN_SIZE, AGX4_FW_OBJ_SHARED,
				      NULL, NULL);
	if (IS_ERR(o->arena))
		goto err;
	ret = agx4_fw_obj_map_part(o->arena, 0, G17P_OWN_SIZE, &sub->b->dev_uat,
				   o->low, &agx4_g17p_gpu_rw);
	if (ret)
		goto err_ret;
	o->priv = agx4_fw_obj_create(heap, G17P_PRIV_SIZE, AGX4_FW_OBJ_SHARED,
				     NULL, NULL);
	if (IS_ERR(o->priv))
		goto err;
	/* In its own part of the VM's pinned window: nothing allocated. */
	agx4_fw_obj_window_map(o->priv, &fq->gvm->owners, o->priv_gpu,
			       &agx4_g17p_gpu_rw);
	ret = init_owner(fq, o, fq->asid);
	if (ret)
		goto err_ret;
	owner_count_from_now(sub, o);
	owner_after_render(sub, o);
	fq->owner = o;
	return 0;

err:
	ret = PTR_ERR(IS_ERR(o->arena) ? o->arena : o->priv);
err_ret:
	agx4_g17p_owner_free(fq, o);
	return ret;
}

/**
 * agx4_g17p_owner_recycle() - make the queue's compute owner anew
 * @fq: the queue; every earlier job of it freed.
 *
 * An idle owner, forgotten by the firmware and made anew.
 *
 * Return: 0, or the error of the cleanup or of making the owner.
 */
int agx4_g17p_owner_recycle(struct agx4_g17p_queue *fq)
{
	struct g17p_owner *o = fq->owner;
	int ret;

	if (o->published) {
		ret = agx4_g17p_forget_context(fq, own_va(o, G17P_OWN_CONTROL),
					       own_cpu(o, G17P_OWN_CONTROL));
		if (ret)
			return ret;
	}
	/* Every job freed: all its descriptor slots are free, in any order. */
	memset(o->arena->cpu, 0, G17P_OWN_SIZE);
	o->next = 0;
	o->epoch = 0;
	o->w = 0;
	o->seen = 0;
	o->published = 0;
	ret = init_owner(fq, o, fq->asid);
	if (ret)
		return ret;
	owner_count_from_now(fq->sub, o);
	owner_after_render(fq->sub, o);
	return 0;
}

/*
 * Take the waiting job's descriptor slots (&agx4_room_take_fn): every
 * slot of its compute commands that no earlier command holds.  A slot
 * taken is kept while the job waits for the others: only this job's
 * commands may hold it until the job is freed (the commands of the same
 * slot 240 ordinals later are of later jobs of the queue, which reserve
 * after this one).
 */
static bool desc_take(struct agx4_room *r, struct agx4_room_wait *w)
{
	struct agx4_g17p_job *job = container_of(w, struct agx4_g17p_job,
						 desc_wait);
	struct g17p_owner *o = job->fq->owner;
	bool all = true;
	u32 i;

	lockdep_assert_held(&job->fq->sub->eng.lock);
	for (i = 0; i < job->count; i++) {
		struct g17p_cmd *c = &job->cmds[i];

		if (!c->compute || c->slotted)
			continue;
		if (test_bit(c->slot, o->held)) {
			all = false;
			continue;
		}
		__set_bit(c->slot, o->held);
		c->slotted = true;
	}
	job->slotted = all;
	return all;
}

/**
 * agx4_g17p_desc_reserve_locked() - a job's compute commands take their slots
 * @job: the job, its compute commands given their ordinals.
 *
 * From agx4_g17p_job_reserve(), once the job's dependencies are met: its
 * compute commands take their descriptor slots (see the DOC), or the job
 * waits, keeping those it took, for its fence, which the slots given
 * back as its queue's earlier jobs are freed are handed to.  Those jobs
 * were reserved and published before it: they complete, or time out
 * (which kills the queue; the firmware done, or stopped, they are freed).
 * The unplug and the firmware stopping end the wait
 * (agx4_engine_stop()); the job then holds no slots and is not
 * published.  Nothing here sleeps or allocates: prepare allocated the
 * fence.  Caller holds &agx4_engine.lock.
 *
 * Return: NULL once the job holds its slots, or submission ends;
 * otherwise the fence to wait for.
 */
struct dma_fence *agx4_g17p_desc_reserve_locked(struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	if (job->slotted || agx4_g17p_submission_ends(sub))
		return NULL;
	return agx4_room_get(&sub->eng, &job->fq->owner->desc_room,
			     &job->desc_wait, desc_take);
}

/**
 * agx4_g17p_desc_kill_locked() - a queue is killed: its jobs stop waiting for slots
 * @fq: the queue; its owner's slots are only its own jobs'.
 *
 * Its jobs that wait for descriptor slots end their wait (-ECANCELED),
 * holding the slots they took until they are freed.  Caller holds
 * &agx4_engine.lock.
 */
void agx4_g17p_desc_kill_locked(struct agx4_g17p_queue *fq)
{
	agx4_room_cancel_owner(&fq->sub->eng, &fq->owner->desc_room, fq,
			       -ECANCELED, desc_take);
}

/**
 * agx4_g17p_desc_put() - give a job's descriptor slots back
 * @job: the job, being freed: the firmware is done with its commands, or
 *	they never went out.
 *
 * If the job still waits for slots, the wait ends (-ECANCELED: its queue
 * goes).  The slots its commands took go back, and the queue's job that
 * waits for them, if any, takes what it needs.
 */
void agx4_g17p_desc_put(struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	struct g17p_owner *o = job->fq->owner;
	unsigned long flags;
	bool some = false;
	u32 i;

	if (!job->ncompute)
		return;
	spin_lock_irqsave(&sub->eng.lock, flags);
	if (job->desc_wait.fence)
		agx4_room_cancel(&sub->eng, &o->desc_room, &job->desc_wait,
				 -ECANCELED);
	for (i = 0; i < job->count; i++) {
		struct g17p_cmd *c = &job->cmds[i];

		if (!c->counted)
			continue;
		c->counted = false;
		if (!c->slotted)
			continue;
		__clear_bit(c->slot, o->held);
		c->slotted = false;
		some = true;
	}
	job->slotted = false;
	if (some || job->desc_wait.fence)
		agx4_room_put(&sub->eng, &o->desc_room, desc_take);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/**
 * agx4_g17p_write_optional() - write the compute optional record
 * @fq: the queue.
 * @o: its owner.
 * @asid: the context it names: the one its commands run in.
 *
 * The compute optional record, with the owner's first command (H).
 *
 * Return: 0, or the builder's error.
 */
int agx4_g17p_write_optional(struct agx4_g17p_queue *fq, struct g17p_owner *o,
			     int asid)
{
	static const u32 sched[] = G17P_OWN_OPT_SCHED;
	struct agx4_fw_optional_in in = {
		.kind = G17P_KIND_COMPUTE,
		.context_low = own_low(o, G17P_OWN_CONTEXTS),
		.context_high = own_va(o, G17P_OWN_CONTEXTS),
		.grid = o->grid,
		.first = true,
		.shared_control = own_va(o, G17P_OWN_SUPPORT),
		.ordinal = G17P_OWN_OPT_ORDINAL,
		.channel_control = own_va(o, G17P_OWN_CONTROL),
		.uuid = G17P_OWN_UUID_BASE + o->grid,
		.sched = { sched[0], sched[1], sched[2] },
		.ctx = { asid, G17P_OWN_OPT_CTX2 },
	};

	return agx4_fw_g17p_build_optional(&in, own_cpu(o, G17P_OWN_OPTIONAL),
					   sizeof(struct g17p_optional));
}

/**
 * agx4_g17p_switch_bank() - move an idle owner to its next transport bank
 * @o: the owner.
 *
 * Move an idle owner to its next transport bank (H).
 */
void agx4_g17p_switch_bank(struct g17p_owner *o)
{
	struct g17p_queue *q = own_cpu(o, G17P_OWN_QUEUE);
	u32 bank = G17P_OWN_BANKS + (o->epoch % 2) * G17P_OWN_BANK_SIZE;
	struct g17p_pointers *p = own_cpu(o, bank);

	agx4_g17p_init_pointers(p);
	memset(own_cpu(o, bank + G17P_OWN_BANK_RING), 0,
	       G17P_OWN_RING_ENTRIES * sizeof(u64));
	wmb();	/* the fresh bank before the record names it */
	q->pointers = cpu_to_le64(own_va(o, bank));
	q->ring = cpu_to_le64(own_va(o, bank + G17P_OWN_BANK_RING));
	q->done = 0;
	wmb();	/* the record before anything published through it */
	o->epoch++;
	o->w = 0;
	o->seen = 0;
}

/**
 * agx4_g17p_bank_offset() - where the owner's current transport bank is
 * @o: the owner.
 *
 * Return: the bank's offset in the owner's arena.
 */
u32 agx4_g17p_bank_offset(const struct g17p_owner *o)
{
	return o->epoch ? G17P_OWN_BANKS + ((o->epoch - 1) % 2) * G17P_OWN_BANK_SIZE :
			  G17P_OWN_POINTERS;
}

/**
 * agx4_g17p_ring_offset() - where the owner's current item ring is
 * @o: the owner.
 *
 * Return: the ring's offset in the owner's arena.
 */
u32 agx4_g17p_ring_offset(const struct g17p_owner *o)
{
	return o->epoch ? agx4_g17p_bank_offset(o) + G17P_OWN_BANK_RING : G17P_OWN_RING;
}
