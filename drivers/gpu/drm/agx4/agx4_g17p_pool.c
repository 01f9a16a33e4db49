// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitmap.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/wait.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_queue.h"
#include "agx4_fwif_g17p.h"
#include "agx4_g17p_sub.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G17P render pools
 *
 * Render runs in render pools: each UAPI queue gets one pool (a firmware
 * TA and 3D queue pair on channels 6 and 7) at its first render, so a
 * queue used only for compute takes none; pool p completes on grids
 * 2p + (p >= 2 ? 2 : 0) (TA) and one more (3D), its event slot is p, and
 * there are at most 15 (the grids below 32 without the compute grids 4
 * and 5).  A pool stays bound to its queue while the queue lives, but
 * while no render of that queue is prepared and not yet freed (the pool
 * is idle) another queue's render may take it over: the pool keeps its
 * firmware queues, records and counters (the firmware sees one queue
 * going on, so no cleanup is needed and its grids' completion counts stay
 * consistent with the render indices), and when the new queue's VM is
 * another its window is unmapped there, its memory zeroed (nothing of one
 * client reaches another), mapped in the new VM and the support object's
 * context and operand words rewritten.  The reference chooses a pool for
 * each render among its 15 by caller and rebinds idle compute owners to
 * other callers (H); that the firmware needs nothing more than this
 * rewrite to run a pool for another context is L.
 *
 * A render takes its pool where drm_sched runs its job, in prepare_job
 * (agx4_g17p_job_reserve()), never in SUBMIT: SUBMIT makes a pool for a
 * queue without one while an index is free (it may allocate), checks the
 * renders on a stand-in pool and allocates what they are built into; the
 * job then takes the queue's own pool, or else the least recently used
 * idle one (agx4_g17p_pool_take()), or waits on a fence, holding no pool,
 * until one goes idle.  A job waiting for its in-fences so holds no pool
 * another job needs.  There the renders are built on the pool, as its
 * next indices.  Moving a pool into another VM there neither sleeps nor
 * allocates: the window's page tables are pinned in every VM, the grown
 * blocks left in the old VM are unmapped and freed by a work item
 * (&agx4_fw_g17p_sub.pool_work; the pool is not taken again until that is
 * done), a growing pool is not taken and a moving one does not grow.  A
 * pool whose queue is destroyed while some job waits to place renders is
 * kept as an orphan for it (in no VM, made anew: the firmware forgot it),
 * and freed once no job waits.
 *
 * A pool is the reference's general form (pools 2 and up) with every
 * object its own: one arena in the firmware heap (queue records, pointer
 * blocks, rings, two banks each, status arrays, job list, pool A and B
 * records with their pre-records, the shared pool object (the TVB buffer
 * manager) and its leaves, both context areas, support and state,
 * channel control, descriptors, optional records, event items, completion
 * pairs and dispatch words), aliased in context 0 at 0x74_0000_0000 +
 * p * 4 MiB, and a 4 MiB window in the client VM at 0x10_0040_0000 +
 * p * 4 MiB, in the 64 MiB above the context base that the Mesa fork
 * leaves to the kernel: the aux-framebuffer page, metadata and deflake
 * pages, the status arrays and two leaves aliased, the pool's 8 TVB
 * blocks, and 2 MiB for the tilemap ring (8 blocks) and the TPC.  A render
 * whose tilemap ring and TPC do not fit there is refused with -EINVAL.
 *
 * TVB growth (agx4_tvb.c) adds blocks to a pool 10 at a time, mapped in
 * its slice of the VM's kernel carve-out (after the compute owners'
 * areas, one equal slice per pool index); they go when the pool moves to
 * another VM or is freed, and the pool's counts go back to 8 then.  A
 * memory-limit report is matched to the published render whose TA or 3D
 * descriptor, 3D descriptor, VM and pool it names.
 */

/* TVB block ids count 32 KiB from the context base (H). */
static u32 block_id(u64 gpu)
{
	return (gpu - AGX4_FW_CONTEXT_BASE) >> G17P_POOL_ID_SHIFT;
}

/* Leaves, pool A and B with their pre-records, the shared objects (H). */
static void init_pool_tvb(struct g17p_pool *pl)
{
	struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);
	__le32 *primary = pool_cpu(pl, G17P_POOL_LEAF_PRIMARY);
	__le64 *secondary = pool_cpu(pl, G17P_POOL_LEAF_SECONDARY);
	struct g17p_sched *a = pool_cpu(pl, G17P_POOL_A_PRE);
	struct g17p_pool_b *b = pool_cpu(pl, G17P_POOL_B_PRE);
	u64 shared_ctl = pool_va(pl, G17P_POOL_LEAF_SHARED) +
			 offsetof(struct g17p_leaf_shared, done);
	u32 g, m, i;

	for (g = 0; g < G17P_POOL_GROUPS; g++) {
		u32 id = block_id(pl->gpu + G17P_WIN_BLOCKS + g * G17P_POOL_BLOCK_STRIDE);

		for (m = 0; m < G17P_POOL_BLOCK_PAGES; m++)
			primary[g * G17P_POOL_BLOCK_PAGES + m] = cpu_to_le32(id + m);
		secondary[g] = cpu_to_le64(id);
	}
	*(__le32 *)pool_cpu(pl, G17P_POOL_LEAF_A + 4) = cpu_to_le32(2);
	ls->blocks = cpu_to_le32(G17P_POOL_GROUPS);
	ls->blocks2 = cpu_to_le32(G17P_POOL_GROUPS);
	ls->gap_60 = cpu_to_le32(1);
	*(__le32 *)pool_cpu(pl, G17P_POOL_LEAF_FLAG) = cpu_to_le32(1);
	a[0].slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_A));
	for (i = 0; i < G17P_POOL_A_RECORDS; i++)
		a[1 + i].slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_A) + 4 + 4 * i);
	a[1].gap_10 = cpu_to_le32(G17P_SCHED_10);
	b[0].value = cpu_to_le32(G17P_POOL_B_PRE_VALUE);
	b[0].gap_4 = cpu_to_le32(G17P_POOL_B_4);
	b[0].slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_B));
	b[0].cycle = cpu_to_le32(G17P_POOL_B_CYCLE_LAST);
	b[0].shared = cpu_to_le64(shared_ctl);
	for (i = 0; i < G17P_POOL_B_RECORDS; i++) {
		struct g17p_pool_b *r = &b[1 + i];
		u32 k = i % G17P_POOL_B_CYCLES;

		r->value = cpu_to_le32(G17P_POOL_B_VALUE + 4 * i);
		r->gap_4 = cpu_to_le32(G17P_POOL_B_4);
		r->slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_B) + 4 + 4 * i);
		r->cycle = cpu_to_le32(k == G17P_POOL_B_CYCLES - 1 ?
				       G17P_POOL_B_CYCLE_LAST :
				       G17P_POOL_B_CYCLE +
				       k * G17P_POOL_B_CYCLE_STEP);
		r->shared = cpu_to_le64(shared_ctl);
	}
	b[1].used = cpu_to_le32(1);
	/* GAP: +0x0c names the pool (the reference's "pair"). */
	sh->pair = cpu_to_le32(pl->index);
	sh->primary = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_PRIMARY));
	sh->primary_gpu = cpu_to_le64(pl->gpu + G17P_WIN_LEAF_PRIMARY);
	sh->gap_30 = cpu_to_le32(G17P_POOL_SHARED_30);
	sh->pages = cpu_to_le32(G17P_POOL_GROUPS * G17P_POOL_BLOCK_PAGES);
	sh->gap_38 = cpu_to_le32(G17P_POOL_SHARED_38);
	sh->blocks = cpu_to_le32(G17P_POOL_GROUPS);
	put_unaligned_le64(pool_va(pl, G17P_POOL_LEAF_SECONDARY), &sh->secondary);
	put_unaligned_le64(pool_va(pl, G17P_POOL_LEAF_SHARED), &sh->shared_slots);
	sh->pages_m1 = cpu_to_le32(G17P_POOL_GROUPS * G17P_POOL_BLOCK_PAGES - 1);
	sh->block_size = cpu_to_le32(G17P_POOL_BLOCK_SIZE);
	put_unaligned_le64(pool_va(pl, G17P_POOL_LEAF_FLAG), &sh->flag);
	sh->gap_7c = cpu_to_le32(G17P_POOL_SHARED_7C);
	sh->gap_80 = cpu_to_le32(G17P_POOL_SHARED_80);
	/* GAP: +0x84 is 0x180000 + the pool's delta; agx4's window's. */
	sh->gap_84 = cpu_to_le32(G17P_POOL_SHARED_84 + (u32)(pl->gpu - G17P_WIN_BASE));
}

/*
 * What of a pool names its client: the support's context (@asid, which
 * a growth request for the pool must name) and operands.
 */
static void pool_client(struct agx4_g17p_queue *fq, struct g17p_pool *pl,
			int asid)
{
	struct g17p_support *sup = pool_cpu(pl, G17P_POOL_SUPPORT);

	pl->asid = asid;
	sup->gap_8 = cpu_to_le64(asid);
	/* GAP: the render operand namespace; the VM's compute one. */
	sup->operands = cpu_to_le64(fq->base.vm->kernel_start + G17P_KC_TABLE);
}

/* The pool's memory as a new client must find it: zero but the aux page's words. */
static void pool_mem_init(struct g17p_pool *pl)
{
	struct g17p_aux_fb *aux = pl->mem->cpu + G17P_WIN_AUX;

	aux->gap_480 = cpu_to_le32(G17P_AUX_FB_480);
	aux->gap_484 = cpu_to_le32(G17P_AUX_FB_484);
}

static int init_pool(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	struct g17p_support *sup = pool_cpu(pl, G17P_POOL_SUPPORT);
	struct g17p_chan_control *cc = pool_cpu(pl, G17P_POOL_CONTROL);
	struct agx4_fw_job_list *jl = pool_cpu(pl, G17P_POOL_JOB_LIST);
	u64 cls = G17P_SUPPORT_CLASS_RENDER << G17P_SUPPORT_CLASS_SHIFT;
	unsigned int st;
	int ret;

	sup->header = cpu_to_le64(G17P_POOL_SUPPORT_HEADER);
	/* An orphan's client is named when a queue takes it (pool_move()). */
	if (fq)
		pool_client(fq, pl, fq->asid);
	sup->class = cpu_to_le32(G17P_SUPPORT_CLASS);
	sup->gap_18 = cpu_to_le64(G17P_SUPPORT_18);
	sup->class_20 = cpu_to_le64(cls);
	sup->class_28 = cpu_to_le64(cls);
	sup->gap_40 = cpu_to_le32(G17P_SUPPORT_40);
	sup->cursor = cpu_to_le32(G17P_SUPPORT_CURSOR_RENDER);
	put_unaligned_le64(pool_va(pl, G17P_POOL_STATE), &sup->state);
	sup->kind = cpu_to_le32(G17P_SUPPORT_KIND_RENDER);
	cc->gap_0 = cpu_to_le64(G17P_CHAN_CONTROL_0);
	cc->gap_20 = cpu_to_le64(G17P_CHAN_CONTROL_20);
	cc->gap_30 = cpu_to_le64(G17P_CHAN_CONTROL_30);
	jl->self = cpu_to_le64(pool_va(pl, G17P_POOL_JOB_LIST));
	pool_mem_init(pl);
	init_pool_tvb(pl);
	for (st = 0; st < 2; st++) {
		struct agx4_fw_queue_in qin = {
			.pointers = pool_va(pl, G17P_POOL_POINTERS(st)),
			.ring = pool_va(pl, G17P_POOL_RING(st)),
			.job_list = pool_va(pl, G17P_POOL_JOB_LIST),
			.self = pool_va(pl, G17P_POOL_QUEUE(st)),
			.priority = G17P_PRIORITY,
			.lane = st,
			.uuid = G17P_POOL_UUID,
			.context = pool_va(pl, G17P_POOL_CONTROL),
		};

		agx4_g17p_init_pointers(pool_cpu(pl, G17P_POOL_POINTERS(st)));
		ret = agx4_fw_g17p_build_queue(&qin,
					       pool_cpu(pl, G17P_POOL_QUEUE(st)),
					       sizeof(struct g17p_queue));
		if (ret)
			return ret;
	}
	return 0;
}

/* The arena pages map_window() maps: whole 16 KiB pages of the arena. */
static_assert(IS_ALIGNED(G17P_POOL_STATUS(0) | G17P_POOL_STATUS(1) |
			 G17P_POOL_LEAF_B | G17P_POOL_LEAF_PRIMARY, SZ_16K));
static_assert(G17P_POOL_STATUS(1) + SZ_16K <= G17P_POOL_SIZE &&
	      G17P_POOL_LEAF_B + SZ_16K <= G17P_POOL_SIZE &&
	      G17P_POOL_LEAF_PRIMARY + SZ_16K <= G17P_POOL_SIZE);
/* And of its memory, whose layout (agx4_fwif_g17p.h) ends with scratch. */
static_assert(IS_ALIGNED(G17P_MEM_BLOCKS | G17P_POOL_BLOCK_SIZE |
			 G17P_MEM_SCRATCH | G17P_WIN_SCRATCH_SIZE, SZ_16K));

/*
 * The pool's window in @vm (its pinned &g17p_vm.pools): its memory and
 * four arena pages.  Neither sleeps nor allocates.
 */
static void map_window(struct agx4_vm *vm, struct g17p_pool *pl)
{
	struct agx4_uat_window *win = &((struct g17p_vm *)vm->fw)->pools;
	const struct agx4_uat_prot *rw = &agx4_g17p_gpu_rw;
	u64 w = pl->gpu;
	u32 g;

	agx4_fw_obj_window_map_part(pl->mem, 0, G17P_MEM_BLOCKS, win,
				    w + G17P_WIN_AUX, rw);
	agx4_fw_obj_window_map_part(pl->arena, G17P_POOL_STATUS(0), SZ_16K, win,
				    w + G17P_WIN_STATUS(0), rw);
	agx4_fw_obj_window_map_part(pl->arena, G17P_POOL_STATUS(1), SZ_16K, win,
				    w + G17P_WIN_STATUS(1), rw);
	agx4_fw_obj_window_map_part(pl->arena, G17P_POOL_LEAF_B, SZ_16K, win,
				    w + G17P_WIN_LEAF_B, rw);
	agx4_fw_obj_window_map_part(pl->arena, G17P_POOL_LEAF_PRIMARY, SZ_16K,
				    win, w + G17P_WIN_LEAF_PRIMARY, rw);
	agx4_fw_obj_window_map_part(pl->mem, G17P_MEM_SCRATCH,
				    G17P_WIN_SCRATCH_SIZE, win,
				    w + G17P_WIN_SCRATCH, rw);
	for (g = 0; g < G17P_POOL_GROUPS; g++)
		agx4_fw_obj_window_map_part(pl->mem, G17P_MEM_BLOCKS +
					    g * G17P_POOL_BLOCK_SIZE,
					    G17P_POOL_BLOCK_SIZE, win,
					    w + G17P_WIN_BLOCKS +
					    g * G17P_POOL_BLOCK_STRIDE, rw);
}

/* The bytes of the carve-out slice of each pool index for grown blocks. */
static u64 growth_slice(const struct agx4_vm *vm)
{
	u64 size = vm->kernel_end - vm->kernel_start;

	if (size <= G17P_KC_GROWTH)
		return 0;
	return rounddown((size - G17P_KC_GROWTH) / AGX4_G17P_MAX_POOLS,
			 G17P_POOL_BLOCK_STRIDE);
}

/* Where block @i (past the first %G17P_POOL_GROUPS) of @pl is in @vm. */
static u64 growth_va(const struct agx4_vm *vm, const struct g17p_pool *pl,
		     u32 i)
{
	return vm->kernel_start + G17P_KC_GROWTH + pl->index * growth_slice(vm) +
	       (u64)(i - G17P_POOL_GROUPS) * G17P_POOL_BLOCK_STRIDE;
}

/* Queue &agx4_fw_g17p_sub.pool_work, unless submission ended. */
static void pool_work_kick_locked(struct agx4_fw_g17p_sub *sub)
{
	lockdep_assert_held(&sub->eng.lock);
	if (!sub->eng.stopped)
		schedule_work(&sub->pool_work);
}

/*
 * The pool goes back to its first blocks: the counts say
 * %G17P_POOL_GROUPS again (what growth added is the caller's to unmap and
 * free).  L: the firmware reads them afresh at a render's start, and an
 * idle pool has none running.
 */
static void pool_shrink_counts(struct g17p_pool *pl)
{
	struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);

	pl->tp.blocks = G17P_POOL_GROUPS;
	ls->blocks = cpu_to_le32(G17P_POOL_GROUPS);
	ls->blocks2 = cpu_to_le32(G17P_POOL_GROUPS);
	sh->blocks = cpu_to_le32(G17P_POOL_GROUPS);
}

/* Unmap and free grown blocks left in @vm, then drop the reference to it. */
static void retire_blocks(struct agx4_vm *vm, const struct g17p_pool *pl,
			  u32 blocks, struct agx4_fw_obj **grown, u32 ngrown)
{
	if (blocks > G17P_POOL_GROUPS)
		agx4_vm_unmap_fw(vm, growth_va(vm, pl, G17P_POOL_GROUPS),
				 (u64)(blocks - G17P_POOL_GROUPS) *
				 G17P_POOL_BLOCK_STRIDE);
	while (ngrown)
		agx4_fw_obj_destroy(grown[--ngrown]);
	agx4_vm_put(vm);
}

/*
 * What @pl left in the VM it moved out of goes now, if anything; nobody
 * takes it meanwhile (&g17p_pool.retire).  Sleeps.
 */
static void pool_retire(struct agx4_fw_g17p_sub *sub, struct g17p_pool *pl)
{
	struct g17p_retire *r = &pl->retire;
	struct agx4_vm *vm;

	lockdep_assert_held(&sub->setup_lock);
	spin_lock_irq(&sub->eng.lock);
	vm = r->vm;
	spin_unlock_irq(&sub->eng.lock);
	if (!vm)
		return;
	retire_blocks(vm, pl, r->blocks, r->grown, r->ngrown);
	spin_lock_irq(&sub->eng.lock);
	r->vm = NULL;
	r->ngrown = 0;
	agx4_room_put(&sub->eng, &sub->pool_room, agx4_g17p_pool_take);
	spin_unlock_irq(&sub->eng.lock);
}

/*
 * Unmap the pool's window and grown blocks from the VM it is in, if any,
 * and free the grown blocks and what it left in an earlier VM.  Sleeps;
 * nobody else uses the pool.
 */
static void pool_unmap(struct g17p_pool *pl)
{
	if (pl->retire.vm) {
		retire_blocks(pl->retire.vm, pl, pl->retire.blocks,
			      pl->retire.grown, pl->retire.ngrown);
		pl->retire.vm = NULL;
		pl->retire.ngrown = 0;
	}
	if (!pl->vm)
		return;
	agx4_fw_obj_window_unmap_part(&((struct g17p_vm *)pl->vm->fw)->pools,
				      pl->gpu, G17P_WIN_STRIDE);
	retire_blocks(pl->vm, pl, pl->tp.blocks, pl->grown, pl->ngrown);
	pl->ngrown = 0;
	pool_shrink_counts(pl);
	pl->vm = NULL;
}

/**
 * agx4_g17p_pool_release() - free a pool's memory, window and structure
 * @pl: the pool.
 *
 * A pool's memory, window and structure (context 0's alias: the caller's).
 */
void agx4_g17p_pool_release(struct g17p_pool *pl)
{
	pool_unmap(pl);
	agx4_fw_obj_destroy(pl->mem);
	agx4_fw_obj_destroy(pl->arena);
}

/*
 * Free a pool no queue can reach any more, and give its index back.  A
 * TVB growth that found it before it left &agx4_fw_g17p_sub.pool ends
 * first (&agx4_fw_g17p_sub.tvb_lock).
 */
static void pool_free(struct agx4_fw_g17p_sub *sub, struct g17p_pool *pl)
{
	agx4_fw_obj_unmap_part(&sub->b->dev_uat, pl->low, G17P_POOL_SIZE);
	mutex_lock(&sub->tvb_lock);
	mutex_lock(&sub->setup_lock);
	spin_lock_irq(&sub->eng.lock);
	if (sub->pool[pl->index] == pl)
		sub->pool[pl->index] = NULL;
	clear_bit(pl->index, sub->pools);
	spin_unlock_irq(&sub->eng.lock);
	mutex_unlock(&sub->setup_lock);
	agx4_g17p_pool_release(pl);
	mutex_unlock(&sub->tvb_lock);
	kfree(pl);
}

/* A pool's records as the firmware must find a new pool's. */
static int pool_reset(struct agx4_fw_g17p_sub *sub, struct agx4_g17p_queue *fq,
		      struct g17p_pool *pl)
{
	memset(pl->arena->cpu, 0, G17P_POOL_SIZE);
	memset(pl->mem->cpu, 0, G17P_MEM_SIZE);
	memset(pl->recent, 0, sizeof(pl->recent));
	pl->next = 0;
	pl->bound_k = 0;
	pl->tile = 0;
	pl->tpc = 0;
	pl->epoch = 0;
	pl->w[0] = 0;
	pl->w[1] = 0;
	pl->seen[0] = 0;
	pl->seen[1] = 0;
	pl->published = 0;
	/* A new graph: its growth requests are numbered from 0 again. */
	mutex_lock(&sub->tvb_lock);
	pl->tp.counter = 0;
	mutex_unlock(&sub->tvb_lock);
	return init_pool(fq, pl);
}

/**
 * agx4_g17p_pool_drop() - the pool of a queue being freed
 * @sub: the submission state.
 * @pl: the pool (&g17p_pool.dying), or NULL; the firmware forgot it (a
 *	context cleanup) or stopped.
 *
 * While some job waits to place renders (&agx4_fw_g17p_sub.unplaced),
 * the pool is kept as an orphan for it: in no VM, its memory zeroed and
 * its records made anew, as a new pool's (the firmware forgot the old
 * ones); a job that prepare_job cannot allocate a pool for takes it.
 * Otherwise it is freed and its index given back.
 */
void agx4_g17p_pool_drop(struct agx4_fw_g17p_sub *sub, struct g17p_pool *pl)
{
	bool keep;

	if (!pl)
		return;
	spin_lock_irq(&sub->eng.lock);
	keep = sub->unplaced && !sub->eng.stopped;
	spin_unlock_irq(&sub->eng.lock);
	if (keep) {
		mutex_lock(&sub->tvb_lock);
		mutex_lock(&sub->setup_lock);
		pool_unmap(pl);
		mutex_unlock(&sub->setup_lock);
		mutex_unlock(&sub->tvb_lock);
		keep = !pool_reset(sub, NULL, pl);
	}
	if (!keep) {
		pool_free(sub, pl);
		return;
	}
	spin_lock_irq(&sub->eng.lock);
	pl->dying = false;
	pl->used = 0;
	sub->orphans++;
	agx4_room_put(&sub->eng, &sub->pool_room, agx4_g17p_pool_take);
	/* Nobody waiting any more: it goes after all. */
	pool_work_kick_locked(sub);
	spin_unlock_irq(&sub->eng.lock);
}

/*
 * Take @pl out of @sub's reach if it is an orphan, and no job waits to
 * place renders or @all; under eng.lock.
 */
static bool orphan_take(struct agx4_fw_g17p_sub *sub, struct g17p_pool *pl,
			bool all)
{
	lockdep_assert_held(&sub->eng.lock);
	if (!pl || pl->fq || pl->dying || pl->live || (sub->unplaced && !all))
		return false;
	pl->dying = true;
	sub->orphans--;
	return true;
}

/**
 * agx4_g17p_pool_work() - &agx4_fw_g17p_sub.pool_work
 * @work: the work.
 *
 * What pools moving to another VM left in the VM they left goes (its
 * grown blocks unmapped and freed, the VM's reference dropped: that
 * sleeps, which prepare_job, where a pool moves, may not); the pools the
 * move left waits for become takeable again.  Orphans no job waits for
 * are freed.
 */
void agx4_g17p_pool_work(struct work_struct *work)
{
	struct agx4_fw_g17p_sub *sub = container_of(work, struct agx4_fw_g17p_sub,
						    pool_work);
	struct g17p_pool *gone[AGX4_G17P_MAX_POOLS];
	unsigned int i, n = 0;

	mutex_lock(&sub->setup_lock);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++)
		if (sub->pool[i])
			pool_retire(sub, sub->pool[i]);
	spin_lock_irq(&sub->eng.lock);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++)
		if (orphan_take(sub, sub->pool[i], false))
			gone[n++] = sub->pool[i];
	spin_unlock_irq(&sub->eng.lock);
	mutex_unlock(&sub->setup_lock);
	while (n)
		pool_free(sub, gone[--n]);
}

/**
 * agx4_g17p_pools_gone() - retire and free what pools left as the firmware goes
 * @sub: the submission state; the firmware stopped.
 *
 * Submission ends (agx4_engine_stop()); &agx4_fw_g17p_sub.pool_work
 * is not queued again, and what it had left to do is done here: what
 * pools left in VMs they moved out of goes, and the orphans are freed,
 * before the firmware's tables go (their context-0 aliases are there).
 * The queues free their own pools.
 */
void agx4_g17p_pools_gone(struct agx4_fw_g17p_sub *sub)
{
	struct g17p_pool *gone[AGX4_G17P_MAX_POOLS];
	unsigned int i, n = 0;

	/* No work queued from here on; what it had to do is done here. */
	agx4_engine_stop(&sub->eng);
	cancel_work_sync(&sub->pool_work);
	mutex_lock(&sub->setup_lock);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++)
		if (sub->pool[i])
			pool_retire(sub, sub->pool[i]);
	spin_lock_irq(&sub->eng.lock);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++)
		if (orphan_take(sub, sub->pool[i], true))
			gone[n++] = sub->pool[i];
	spin_unlock_irq(&sub->eng.lock);
	mutex_unlock(&sub->setup_lock);
	while (n)
		pool_free(sub, gone[--n]);
}

/*
 * Map the pool's window in @fq's VM, where it is not yet: out of the VM
 * it was in, its memory zeroed (nothing of one client reaches another),
 * the support object naming @fq's context.  The caller holds the pool
 * (&g17p_pool.live), which is idle.  The window's page tables are the
 * VM's (&g17p_vm.pools); what the pool grew in the VM it leaves is
 * retired by &agx4_fw_g17p_sub.pool_work: nothing here sleeps,
 * allocates or fails.
 */
static void pool_move(struct agx4_g17p_queue *fq, struct g17p_pool *pl,
		      int asid)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	unsigned long flags;

	if (pl->vm) {
		agx4_fw_obj_window_unmap_part(&((struct g17p_vm *)pl->vm->fw)->pools,
					      pl->gpu, G17P_WIN_STRIDE);
		spin_lock_irqsave(&sub->eng.lock, flags);
		/* Taken only with nothing left to retire. */
		WARN_ON(pl->retire.vm);
		pl->retire.blocks = pl->tp.blocks;
		pl->retire.ngrown = pl->ngrown;
		memcpy(pl->retire.grown, pl->grown,
		       pl->ngrown * sizeof(pl->grown[0]));
		pl->retire.vm = pl->vm;
		pool_work_kick_locked(sub);
		spin_unlock_irqrestore(&sub->eng.lock, flags);
		pl->ngrown = 0;
		pool_shrink_counts(pl);
		memset(pl->mem->cpu, 0, G17P_MEM_SIZE);
		pl->tile = 0;
		pl->tpc = 0;
	}
	pool_mem_init(pl);
	pool_client(fq, pl, asid);
	wmb();	/* the pool's memory before a render names it */
	map_window(fq->base.vm, pl);
	pl->vm = agx4_vm_get(fq->base.vm);
}

/**
 * agx4_g17p_pool_bind() - have a held pool in its queue's VM
 * @fq: the queue, which holds @pl (&g17p_pool.live).
 * @pl: the pool.
 * @asid: the context the renders placed on it run in.
 *
 * From job_reserve, before a render is placed on @pl: a pool taken over
 * moves into @fq's VM (pool_move()), naming @asid as its client.  Neither
 * sleeps nor allocates.
 */
void agx4_g17p_pool_bind(struct agx4_g17p_queue *fq, struct g17p_pool *pl,
			 int asid)
{
	if (pl->vm != fq->base.vm)
		pool_move(fq, pl, asid);
}

/*
 * A new render pool at index @i (free in &agx4_fw_g17p_sub.pools) for @fq,
 * bound to it, idle.  Under &agx4_fw_g17p_sub.setup_lock, so that a render
 * checked on a stand-in pool finds one made or none being made.
 */
static int pool_create(struct agx4_g17p_queue *fq, unsigned int i)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct agx4_fw_obj_heap *heap = &fq->base.adev->mem->heap;
	struct g17p_pool *pl;
	int ret;

	lockdep_assert_held(&sub->setup_lock);
	pl = kzalloc(sizeof(*pl), GFP_KERNEL);
	if (!pl)
		return -ENOMEM;
	pl->index = i;
	pl->tp.blocks = G17P_POOL_GROUPS;
	pl->grid = pool_grid(i);
	pl->low = G17P_POOL_LOW_BASE + (u64)i * G17P_POOL_LOW_STRIDE;
	pl->gpu = G17P_WIN_BASE + (u64)i * G17P_WIN_STRIDE;
	pl->arena = agx4_fw_obj_create(heap, G17P_POOL_SIZE, AGX4_FW_OBJ_SHARED,
				       NULL, NULL);
	if (IS_ERR(pl->arena)) {
		ret = PTR_ERR(pl->arena);
		goto err_free;
	}
	pl->mem = agx4_fw_obj_create(heap, G17P_MEM_SIZE, AGX4_FW_OBJ_SHARED,
				     NULL, NULL);
	if (IS_ERR(pl->mem)) {
		ret = PTR_ERR(pl->mem);
		goto err_arena;
	}
	ret = agx4_fw_obj_map_part(pl->arena, 0, G17P_POOL_SIZE,
				   &sub->b->dev_uat, pl->low, &agx4_g17p_gpu_rw);
	if (ret)
		goto err_mem;
	pool_move(fq, pl, fq->asid);
	ret = init_pool(fq, pl);
	if (ret)
		goto err_unmap;
	spin_lock_irq(&sub->eng.lock);
	set_bit(i, sub->pools);
	sub->pool[i] = pl;
	if (!fq->pool) {
		pl->fq = fq;
		fq->pool = pl;
	} else {
		/* An earlier job of @fq took one meanwhile: for a waiter. */
		sub->orphans++;
		agx4_room_put(&sub->eng, &sub->pool_room, agx4_g17p_pool_take);
	}
	spin_unlock_irq(&sub->eng.lock);
	return 0;

err_unmap:
	/* Nothing of it went to the firmware, nothing grew. */
	pool_unmap(pl);
	agx4_fw_obj_unmap_part(&sub->b->dev_uat, pl->low, G17P_POOL_SIZE);
err_mem:
	agx4_fw_obj_destroy(pl->mem);
err_arena:
	agx4_fw_obj_destroy(pl->arena);
err_free:
	kfree(pl);
	return ret;
}

/**
 * agx4_g17p_pool_prepare() - a pool for a queue about to prepare renders
 * @fq: the queue; the caller holds its submit lock.
 * @made: if not NULL and still NULL, set to the pool made here, if any.
 *
 * In SUBMIT, which may allocate: a queue without a pool gets a new one
 * while an index is free.  Otherwise the job's renders take a pool at
 * reserve (agx4_g17p_job_reserve()): the queue's own, or an idle one of
 * another queue, for which the job waits in prepare_job.  A pool made
 * here is idle: another queue's job may take it over before this one's
 * reserve, which then takes another.
 *
 * Return: 0, or the error of making the pool (-ENOMEM).
 */
int agx4_g17p_pool_prepare(struct agx4_g17p_queue *fq, struct g17p_pool **made)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	unsigned int i = AGX4_G17P_MAX_POOLS;
	int ret = 0;

	mutex_lock(&sub->setup_lock);
	spin_lock_irq(&sub->eng.lock);
	if (!fq->pool)
		i = find_first_zero_bit(sub->pools, AGX4_G17P_MAX_POOLS);
	spin_unlock_irq(&sub->eng.lock);
	if (i < AGX4_G17P_MAX_POOLS) {
		ret = pool_create(fq, i);
		if (!ret && made && !*made)
			*made = sub->pool[i];
	}
	mutex_unlock(&sub->setup_lock);
	return ret;
}

/**
 * agx4_g17p_pool_unmake() - give back the pool a failed SUBMIT made
 * @fq: the queue; the caller holds its submit lock.
 * @pl: the pool agx4_g17p_pool_prepare() made for it, or NULL.
 *
 * Unless a job took it meanwhile (which then keeps it), the pool goes:
 * nothing of a SUBMIT that failed is left.
 */
void agx4_g17p_pool_unmake(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	bool unused;

	if (!pl)
		return;
	spin_lock_irq(&sub->eng.lock);
	unused = fq->pool == pl && !pl->live && !pl->next;
	if (unused) {
		fq->pool = NULL;
		pl->fq = NULL;
		pl->dying = true;
	}
	spin_unlock_irq(&sub->eng.lock);
	if (unused)
		pool_free(sub, pl);
}

/**
 * agx4_g17p_pool_stand_in() - a pool to check a render's placement with
 * @sub: the submission state; the caller holds its setup_lock, which
 *	keeps the pool from being freed.
 *
 * Prepare builds each render once, on this pool, only to check it: what
 * the builders refuse depends on the command and not on the pool's
 * index or counters (every pool's window lies in the same 4 GiB).
 *
 * Return: a pool, or NULL when none exists.
 */
struct g17p_pool *agx4_g17p_pool_stand_in(struct agx4_fw_g17p_sub *sub)
{
	unsigned int i;

	lockdep_assert_held(&sub->setup_lock);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++)
		if (sub->pool[i])
			return sub->pool[i];
	return NULL;
}

/* @job holds @pl, which becomes its queue's if it was not. */
static void pool_hand(struct agx4_g17p_job *job, struct g17p_pool *pl)
{
	struct agx4_g17p_queue *fq = job->fq;

	lockdep_assert_held(&fq->sub->eng.lock);
	if (pl->fq != fq) {
		/* Its queue's next render will look for another. */
		if (pl->fq)
			pl->fq->pool = NULL;
		else
			fq->sub->orphans--;
		pl->fq = fq;
		fq->pool = pl;
		pl->bound_k = pl->next;
		pl->moving = true;
	}
	pl->live++;
	job->pool = pl;
}

/**
 * agx4_g17p_pool_take_own() - take the queue's own pool, if it has one
 * @job: the job; the caller holds &agx4_engine.lock.
 *
 * Return: true when @job holds its queue's pool now.
 */
bool agx4_g17p_pool_take_own(struct agx4_g17p_job *job)
{
	struct g17p_pool *pl = job->fq->pool;

	lockdep_assert_held(&job->fq->sub->eng.lock);
	if (!pl || pl->dying)
		return false;
	pool_hand(job, pl);
	return true;
}

/*
 * A pool of another queue (or of none) that @job's queue may take over:
 * idle, not growing, nothing left to retire, every render placed on it
 * published (a killed queue's renders that never went out would make the
 * firmware wait for them before the next), and room under its render
 * limit for every render of @job's queue not placed yet.
 */
static bool pool_takeable(const struct g17p_pool *pl,
			  const struct agx4_g17p_job *job)
{
	return !pl->live && !pl->dying && !pl->growing && !pl->retire.vm &&
	       pl->published == pl->next &&
	       pl->next + job->fq->unplaced <= G17P_POOL_MAX_RENDERS;
}

/**
 * agx4_g17p_pool_take() - &agx4_room_take_fn of &agx4_fw_g17p_sub.pool_room
 * @r: the room.
 * @w: the waiting job's &agx4_g17p_job.pool_wait.
 *
 * The job takes its queue's own pool if it has one again (an earlier job
 * of the queue took one), or else the least recently used pool it may take
 * over (pool_takeable()), orphans first.
 *
 * Return: true when the job holds a pool.
 */
bool agx4_g17p_pool_take(struct agx4_room *r, struct agx4_room_wait *w)
{
	struct agx4_g17p_job *job = container_of(w, struct agx4_g17p_job,
						 pool_wait);
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	struct g17p_pool *best = NULL;
	unsigned int i;

	lockdep_assert_held(&sub->eng.lock);
	if (agx4_g17p_pool_take_own(job))
		return true;
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++) {
		struct g17p_pool *pl = sub->pool[i];

		if (pl && pool_takeable(pl, job) &&
		    (!best || pl->used < best->used))
			best = pl;
	}
	if (!best)
		return false;
	pool_hand(job, best);
	return true;
}

/* @job's renders are placed, or will never be; under eng.lock. */
static void unplaced_done_locked(struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	job->fq->unplaced -= job->nrender;
	/* The last such job gone: orphans kept for it may go. */
	if (!--sub->unplaced && sub->orphans)
		pool_work_kick_locked(sub);
}

/**
 * agx4_g17p_pool_placed() - a job's renders are built on its pool
 * @job: the job.
 *
 * It may be published; the pool is in its queue's VM, it may grow.
 */
void agx4_g17p_pool_placed(struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->eng.lock, flags);
	job->pool->moving = false;
	job->pool->used = ++sub->pool_clock;
	job->placed = true;
	unplaced_done_locked(job);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/**
 * agx4_g17p_pool_put() - let go of the pool a job held
 * @job: the job, being freed.
 *
 * Its wait for a pool ends if it still waits (-ECANCELED: its queue
 * goes); the pool it held goes idle with its last job, and waiting jobs
 * may take it.
 */
void agx4_g17p_pool_put(struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	struct g17p_pool *pl = job->pool;
	unsigned long flags;

	if (!job->nrender)
		return;
	spin_lock_irqsave(&sub->eng.lock, flags);
	if (job->pool_wait.fence)
		agx4_room_cancel(&sub->eng, &sub->pool_room, &job->pool_wait,
				 -ECANCELED);
	/* A pool taken and never placed on stays with its queue. */
	if (!job->placed)
		unplaced_done_locked(job);
	job->pool = NULL;
	if (pl)
		pl->live--;
	agx4_room_put(&sub->eng, &sub->pool_room, agx4_g17p_pool_take);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/**
 * agx4_g17p_pool_recycle() - make an idle pool anew
 * @fq: the queue.
 * @pl: the pool, which the caller holds.
 *
 * An idle pool the caller holds, forgotten by the firmware and made anew.
 *
 * Return: 0, or the error of the cleanup or of rebuilding the pool.
 */
int agx4_g17p_pool_recycle(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	int ret;

	if (pl->published) {
		ret = agx4_g17p_forget_context(fq, pool_va(pl, G17P_POOL_CONTROL),
					       pool_cpu(pl, G17P_POOL_CONTROL));
		if (ret)
			return ret;
	}
	return pool_reset(fq->sub, fq, pl);
}

/**
 * agx4_g17p_pool_full() - would a SUBMIT's renders pass the pool's render limit
 * @fq: the queue.
 * @cb: the SUBMIT's commands.
 *
 * Counting the queue's renders not placed yet, which go on the same pool
 * (a pool taken over has room for them: pool_takeable()).
 *
 * Return: true when its pool must be recycled first.
 */
bool agx4_g17p_pool_full(struct agx4_g17p_queue *fq,
			 const struct agx4_cmdbuf *cb)
{
	lockdep_assert_held(&fq->sub->eng.lock);
	return fq->pool && fq->pool->next + fq->unplaced + cb->renders >
	       G17P_POOL_MAX_RENDERS;
}

/**
 * agx4_g17p_switch_pool_banks() - move an idle pool to its next transport banks
 * @pl: the pool.
 *
 * Move an idle pool to the next transport bank of both stages (H).
 */
void agx4_g17p_switch_pool_banks(struct g17p_pool *pl)
{
	u32 bank = (pl->epoch % 2) * G17P_OWN_BANK_SIZE;
	unsigned int st;

	for (st = 0; st < 2; st++) {
		struct g17p_queue *q = pool_cpu(pl, G17P_POOL_QUEUE(st));
		u32 off = G17P_POOL_BANKS(st) + bank;

		agx4_g17p_init_pointers(pool_cpu(pl, off));
		memset(pool_cpu(pl, off + G17P_OWN_BANK_RING), 0,
		       G17P_POOL_RING_ENTRIES * sizeof(u64));
		wmb();	/* the fresh bank before the record names it */
		q->pointers = cpu_to_le64(pool_va(pl, off));
		q->ring = cpu_to_le64(pool_va(pl, off + G17P_OWN_BANK_RING));
		q->done = 0;
		pl->w[st] = 0;
		pl->seen[st] = 0;
	}
	wmb();	/* the records before anything published through them */
	pl->epoch++;
}

/**
 * agx4_g17p_pool_bank() - where a pool stage's current transport bank is
 * @pl: the pool.
 * @st: the stage: 0 for the TA, 1 for the 3D.
 *
 * Return: the bank's offset in the pool's arena.
 */
u32 agx4_g17p_pool_bank(const struct g17p_pool *pl, unsigned int st)
{
	return pl->epoch ? G17P_POOL_BANKS(st) + ((pl->epoch - 1) % 2) *
			   G17P_OWN_BANK_SIZE : G17P_POOL_POINTERS(st);
}

/**
 * agx4_g17p_pool_ring() - where a pool stage's current item ring is
 * @pl: the pool.
 * @st: the stage: 0 for the TA, 1 for the 3D.
 *
 * Return: the ring's offset in the pool's arena.
 */
u32 agx4_g17p_pool_ring(const struct g17p_pool *pl, unsigned int st)
{
	return pl->epoch ? agx4_g17p_pool_bank(pl, st) + G17P_OWN_BANK_RING : G17P_POOL_RING(st);
}

/**
 * agx4_g17p_pool_quiesce_locked() - reset an idle pool's job list
 * @sub: the submission state; the caller holds its lock.
 * @pl: the pool.
 *
 * An idle pool's job list is reset: when both stages' done, read and
 * write indices are the pool's last write index and the list's +8 word
 * (the firmware moves it) is not the list's own address, the header is
 * written anew, {0, its own address, 0} (H: G17P-6, the reference's
 * quiesce after the last render of a wave; GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_render_runtime.rs@21d3e5c9 quiesce).  A pool
 * with work in flight is left alone.
 */
void agx4_g17p_pool_quiesce_locked(struct agx4_fw_g17p_sub *sub,
				   struct g17p_pool *pl)
{
	struct agx4_fw_job_list *jl = pool_cpu(pl, G17P_POOL_JOB_LIST);
	u64 self = pool_va(pl, G17P_POOL_JOB_LIST);
	unsigned int st;

	lockdep_assert_held(&sub->eng.lock);
	for (st = 0; st < 2; st++) {
		const struct g17p_pointers *p = pool_cpu(pl, agx4_g17p_pool_bank(pl, st));

		if (le32_to_cpu(READ_ONCE(p->done)) != pl->w[st] ||
		    le32_to_cpu(READ_ONCE(p->read)) != pl->w[st] ||
		    le32_to_cpu(READ_ONCE(p->write)) != pl->w[st])
			return;
	}
	if (le64_to_cpu(READ_ONCE(jl->self)) == self)
		return;
	WRITE_ONCE(jl->head, 0);
	WRITE_ONCE(jl->self, cpu_to_le64(self));
	WRITE_ONCE(jl->tail, 0);
	wmb();	/* the header before what is published next */
}

/**
 * agx4_g17p_pool_idle_locked() - is a pool idle
 * @sub: the submission state; the caller holds its lock.
 * @pl: the pool.
 * @k: a render index of the pool.
 *
 * Is every render of @pl before index @k done: the pool idle?
 *
 * Return: true when every render of @pl before @k is done.
 */
bool agx4_g17p_pool_idle_locked(struct agx4_fw_g17p_sub *sub,
				struct g17p_pool *pl, u32 k)
{
	struct g17p_cmd *prev;

	lockdep_assert_held(&sub->eng.lock);
	if (!k)
		return true;
	/* The pool's renders complete in order (each waits for the last). */
	prev = pl->recent[(k - 1) % G17P_TILEMAP_BLOCKS];
	return !prev || agx4_g17p_cmd_done_locked(sub, prev);
}

/* ---- TVB growth and the memory limit ---- */

/*
 * The pool's TVB state as the host wrote it: the firmware's mirror of
 * the block count at most the pool's, the shared slots the pool's count
 * twice, the secondary index, the shared slots and the block size where
 * they were (M: as G16's buffer manager, which the pool's shares its
 * layout with).
 */
static bool pool_intact(const struct g17p_pool *pl)
{
	const struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	const struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);

	return le32_to_cpu(sh->blocks) <= pl->tp.blocks &&
	       le32_to_cpu(ls->blocks) == pl->tp.blocks &&
	       le32_to_cpu(ls->blocks2) == pl->tp.blocks &&
	       le64_to_cpu(sh->secondary) ==
	       pool_va(pl, G17P_POOL_LEAF_SECONDARY) &&
	       le64_to_cpu(sh->shared_slots) ==
	       pool_va(pl, G17P_POOL_LEAF_SHARED) &&
	       le32_to_cpu(sh->block_size) == G17P_POOL_BLOCK_SIZE;
}

/*
 * Add blocks @old..@new - 1 to @pl: one object for them, each block
 * mapped in the pool's VM at its place in the pool's carve-out slice,
 * their ids appended to the secondary index, then the new count written
 * twice in the shared slots (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_growth_runtime.rs@fc79d23c allocate writes
 * those and nothing else).  The primary index keeps the first blocks'
 * page ids only, as the reference leaves it.  GAP: whether the firmware
 * extends the page counts of the pool object itself, as G16's does its
 * page list, is not known; agx4 leaves them to it.
 */
static int pool_add_blocks(struct agx4_device *adev, struct agx4_tvb_pool *tp,
			   u32 old, u32 new)
{
	struct g17p_pool *pl = container_of(tp, struct g17p_pool, tp);
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);
	__le64 *secondary = pool_cpu(pl, G17P_POOL_LEAF_SECONDARY);
	struct agx4_vm *vm = pl->vm;
	struct agx4_fw_obj *obj;
	u32 i;
	int ret = 0;

	/*
	 * Never taken: the generation's table grows a pool by whole steps
	 * of %G17P_TVB_GROWTH_BLOCKS from %G17P_POOL_GROUPS up to
	 * %G17P_TVB_MAX_BLOCKS, and @pl->grown holds that many growths.
	 */
	if (WARN_ON_ONCE(pl->ngrown == ARRAY_SIZE(pl->grown)))
		return -ENOSPC;
	obj = agx4_fw_obj_create(&adev->mem->heap,
				 (u64)(new - old) * G17P_POOL_BLOCK_SIZE,
				 AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(obj))
		return -ENOMEM;
	for (i = old; i < new && !ret; i++)
		ret = agx4_vm_map_fw_obj(vm, growth_va(vm, pl, i), obj,
					 (u64)(i - old) * G17P_POOL_BLOCK_SIZE,
					 G17P_POOL_BLOCK_SIZE, &agx4_g17p_gpu_rw);
	if (ret)
		agx4_vm_unmap_fw(vm, growth_va(vm, pl, old),
				 (u64)(new - old) * G17P_POOL_BLOCK_STRIDE);
	if (ret) {
		agx4_fw_obj_destroy(obj);
		return -ENOMEM;
	}
	pl->grown[pl->ngrown++] = obj;
	for (i = old; i < new; i++)
		secondary[i] = cpu_to_le64(block_id(growth_va(vm, pl, i)));
	/* The blocks are mapped and listed before the count names them. */
	wmb();
	ls->blocks = cpu_to_le32(new);
	ls->blocks2 = cpu_to_le32(new);
	return 0;
}

/**
 * agx4_g17p_tvb_grow() - &agx4_tvb_ops.grow for G17P
 * @adev: the device.
 * @req: the growth request, parsed.
 * @max_blocks: the most blocks a pool may have.
 *
 * A growth request names the pool by its index and grid, and its VM by the
 * context the pool's queue runs in.  Its counter is the pool's: 0 for the first
 * request of a pool made anew (pool_create(), agx4_g17p_pool_recycle()), one
 * more after each reply, "grew" or "refused" (H: the reference accepts only its
 * pool's counter, starts it at 0 for a new pool or graph and moves it on per
 * reply).  A pool that changes hands keeps its counter: the firmware's graph is
 * the same.  A request behind the counter repeats one already answered; one
 * ahead of it is out of sequence: neither is answered.
 *
 * A pool grows by exactly the generation's step or not at all (H: the
 * reference refuses a step that would pass the pool's limit rather than
 * grow by less).
 *
 * The pool is bounded by the parser already (agx4_fw_g17p.c refuses a
 * request past pool 14), and the TVB unit asks only while the firmware
 * that made the request is up; both are checked again here because the
 * pool indexes @sub->pool.
 *
 * Return: as &agx4_tvb_ops.grow: the new block count, or why the
 * pool did not grow.
 */
int agx4_g17p_tvb_grow(struct agx4_device *adev,
		       const struct agx4_fw_ev_grow_in *req, u32 max_blocks)
{
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(adev->fw);
	struct g17p_pool *pl;
	int asid = -1, ret;
	u32 room;

	if (!sub || req->slot >= AGX4_G17P_MAX_POOLS)
		return -ENOENT;
	mutex_lock(&sub->tvb_lock);
	spin_lock_irq(&sub->eng.lock);
	pl = sub->pool[req->slot];
	/*
	 * A pool of no queue, or moving to another VM, has no context a
	 * request may name (-1).  A pool growing is not taken over.
	 */
	if (pl && pl->fq && !pl->moving && pl->vm == pl->fq->base.vm) {
		asid = pl->asid;
		pl->growing = true;
	}
	spin_unlock_irq(&sub->eng.lock);
	if (asid < 0 || (int)req->context != asid || req->subpipe != pl->grid) {
		ret = -ENOENT;
		goto out;
	}
	room = G17P_POOL_GROUPS +
	       min_t(u64, growth_slice(pl->vm) / G17P_POOL_BLOCK_STRIDE,
		     G17P_TVB_MAX_BLOCKS);
	/* H: by the whole step or not at all. */
	ret = agx4_tvb_pool_grow(adev, &pl->tp, req->counter, pool_intact(pl),
				 min3(max_blocks, room,
				      (u32)G17P_TVB_MAX_BLOCKS),
				 true, pool_add_blocks);
out:
	if (asid >= 0) {
		spin_lock_irq(&sub->eng.lock);
		pl->growing = false;
		agx4_room_put(&sub->eng, &sub->pool_room, agx4_g17p_pool_take);
		spin_unlock_irq(&sub->eng.lock);
	}
	mutex_unlock(&sub->tvb_lock);
	return ret;
}

/* &agx4_limit_match_fn: the render of @j the report names, if any. */
static bool g17p_limit_match(struct agx4_fw_job *j,
			     const struct agx4_fw_ev_limit_in *lim,
			     struct agx4_fw_ctl *reply)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct g17p_pool *pl = job->pool;
	u32 i;

	if (!pl || pl->index != lim->pool || (u64)job->asid != lim->vm)
		return false;
	for (i = 0; i < job->next; i++) {
		struct g17p_cmd *c = &job->cmds[i];
		u32 slot = c->n % G17P_POOL_SLOTS;
		u64 ta = pool_va(pl, G17P_POOL_DESC_TA + slot * G17P_POOL_TA_SIZE);
		u64 fr = pool_va(pl, G17P_POOL_DESC_3D + slot * G17P_POOL_3D_SIZE);

		if (!c->compute && c->published && !c->done &&
		    (lim->work == ta || lim->work == fr) &&
		    lim->fragment == fr) {
			c->limited = true;
			/* G17P only consumes the report (H): no reply. */
			reply->opcode = 0;
			return true;
		}
	}
	return false;
}

/**
 * agx4_g17p_tvb_limit() - &agx4_tvb_ops.limit for G17P
 * @adev: the device.
 * @lim: the memory-limit report, parsed.
 * @reply: the control record to answer with.
 *
 * A memory-limit report names the render exactly (H): its TA or 3D
 * descriptor, its 3D descriptor, the VM and the pool.  Its render is
 * one of a published job of that pool's, not seen done yet.
 *
 * Return: 0, or -ENOENT when no published job matches.
 */
int agx4_g17p_tvb_limit(struct agx4_device *adev,
			const struct agx4_fw_ev_limit_in *lim,
			struct agx4_fw_ctl *reply)
{
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(adev->fw);

	/* No reply, also when nothing matches. */
	reply->opcode = 0;
	if (!sub)
		return -ENOENT;
	return agx4_engine_limit(&sub->eng, lim, reply, g17p_limit_match);
}
