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
 * rewrite to run a pool for another context is L.  A render that finds
 * no pool free or idle waits, interruptibly, until one is: see
 * agx4_g17p_pool_get().
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
				       G17P_POOL_B_CYCLE + k * 0x20);
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

/* What of a pool names its client: the support's context and operands. */
static void pool_client(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	struct g17p_support *sup = pool_cpu(pl, G17P_POOL_SUPPORT);

	sup->gap_8 = cpu_to_le64(fq->asid);
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
	pool_client(fq, pl);
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

/*
 * The pool goes back to its first blocks: what growth added is freed
 * (unmapped by the caller) and the counts say %G17P_POOL_GROUPS again.  L:
 * the firmware reads them afresh at a render's start, and an idle pool
 * has none running.
 */
static void pool_shrink(struct g17p_pool *pl)
{
	struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);

	while (pl->ngrown)
		agx4_fw_obj_destroy(pl->grown[--pl->ngrown]);
	pl->tp.blocks = G17P_POOL_GROUPS;
	ls->blocks = cpu_to_le32(G17P_POOL_GROUPS);
	ls->blocks2 = cpu_to_le32(G17P_POOL_GROUPS);
	sh->blocks = cpu_to_le32(G17P_POOL_GROUPS);
}

/*
 * Unmap the pool's window and grown blocks from the VM it is in, if any;
 * the grown blocks are freed.  The caller holds
 * &agx4_fw_g17p_sub.tvb_lock, or the submission state is gone.
 */
static void pool_unmap(struct g17p_pool *pl)
{
	if (!pl->vm)
		return;
	agx4_fw_obj_window_unmap_part(&((struct g17p_vm *)pl->vm->fw)->pools,
				      pl->gpu, G17P_WIN_STRIDE);
	if (pl->tp.blocks > G17P_POOL_GROUPS)
		agx4_vm_unmap_fw(pl->vm,
				 growth_va(pl->vm, pl, G17P_POOL_GROUPS),
				 (u64)(pl->tp.blocks - G17P_POOL_GROUPS) *
				 G17P_POOL_BLOCK_STRIDE);
	pool_shrink(pl);
	agx4_vm_put(pl->vm);
	pl->vm = NULL;
}

/**
 * agx4_g17p_pool_event() - wake the renders waiting for a pool
 * @sub: the submission state; the caller holds its setup_lock.
 *
 * A pool changed hands or went: renders waiting for one look again.
 */
void agx4_g17p_pool_event(struct agx4_fw_g17p_sub *sub)
{
	lockdep_assert_held(&sub->setup_lock);
	sub->pool_gen++;
	wake_up_all(&sub->pool_wq);
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

/**
 * agx4_g17p_pool_free() - free a pool and give its index back
 * @sub: the submission state.
 * @pl: the pool, which no queue can reach any more.
 *
 * Free a pool no queue can reach any more, and give its index back.
 */
void agx4_g17p_pool_free(struct agx4_fw_g17p_sub *sub, struct g17p_pool *pl)
{
	if (!pl)
		return;
	agx4_fw_obj_unmap_part(&sub->b->dev_uat, pl->low, G17P_POOL_SIZE);
	/* A growth request finds it no more once it is freed. */
	mutex_lock(&sub->tvb_lock);
	agx4_g17p_pool_release(pl);
	mutex_lock(&sub->setup_lock);
	if (sub->pool[pl->index] == pl)
		sub->pool[pl->index] = NULL;
	clear_bit(pl->index, sub->pools);
	agx4_g17p_pool_event(sub);
	mutex_unlock(&sub->setup_lock);
	mutex_unlock(&sub->tvb_lock);
	kfree(pl);
}

/*
 * Map the pool's window in @fq's VM, where it is not yet: out of the VM
 * it was in, its memory zeroed, the support object naming @fq's context.
 * The caller holds the pool (&g17p_pool.live), which is idle.  The
 * window's page tables are the VM's (&g17p_vm.pools): nothing fails.
 */
static void pool_bind(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	if (pl->vm == fq->base.vm)
		return;
	mutex_lock(&fq->sub->tvb_lock);
	if (pl->vm) {
		pool_unmap(pl);
		memset(pl->mem->cpu, 0, G17P_MEM_SIZE);
		pool_mem_init(pl);
		pl->tile = 0;
		pl->tpc = 0;
		pool_client(fq, pl);
		wmb();	/* the pool's memory before a render names it */
	}
	map_window(fq->base.vm, pl);
	pl->vm = agx4_vm_get(fq->base.vm);
	mutex_unlock(&fq->sub->tvb_lock);
}

/*
 * A new render pool at index @i (taken in &agx4_fw_g17p_sub.pools by the
 * caller) for @fq, held by its first render; given back on failure.
 */
static int pool_create(struct agx4_g17p_queue *fq, unsigned int i)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct agx4_fw_obj_heap *heap = &fq->base.adev->mem->heap;
	struct g17p_pool *pl;
	int ret;

	pl = kzalloc(sizeof(*pl), GFP_KERNEL);
	if (!pl) {
		agx4_g17p_put_slot(sub, sub->pools, i);
		return -ENOMEM;
	}
	pl->index = i;
	pl->tp.blocks = G17P_POOL_GROUPS;
	pl->grid = pool_grid(i);
	pl->low = G17P_POOL_LOW_BASE + (u64)i * G17P_POOL_LOW_STRIDE;
	pl->gpu = G17P_WIN_BASE + (u64)i * G17P_WIN_STRIDE;
	pl->arena = agx4_fw_obj_create(heap, G17P_POOL_SIZE, AGX4_FW_OBJ_SHARED,
				       NULL, NULL);
	if (IS_ERR(pl->arena)) {
		ret = PTR_ERR(pl->arena);
		goto err;
	}
	ret = agx4_fw_obj_map_part(pl->arena, 0, G17P_POOL_SIZE,
				   &sub->b->dev_uat, pl->low, &agx4_g17p_gpu_rw);
	if (ret)
		goto err;
	pl->mem = agx4_fw_obj_create(heap, G17P_MEM_SIZE, AGX4_FW_OBJ_SHARED,
				     NULL, NULL);
	if (IS_ERR(pl->mem)) {
		ret = PTR_ERR(pl->mem);
		goto err;
	}
	pool_bind(fq, pl);
	ret = init_pool(fq, pl);
	if (ret)
		goto err;
	mutex_lock(&sub->setup_lock);
	pl->fq = fq;
	pl->live = 1;
	sub->pool[i] = pl;
	fq->pool = pl;
	mutex_unlock(&sub->setup_lock);
	return 0;

err:
	agx4_g17p_pool_free(sub, pl);
	return ret;
}

/*
 * An idle pool bound to another queue than @fq, or NULL.  Not a pool
 * some of whose prepared renders never went out (its queue was killed
 * with them waiting): the firmware would wait for them before the next
 * render.  Nothing publishes on an idle pool, so @published is stable.
 */
static struct g17p_pool *idle_pool(struct agx4_fw_g17p_sub *sub,
				   struct agx4_g17p_queue *fq)
{
	unsigned int i;

	lockdep_assert_held(&sub->setup_lock);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++) {
		struct g17p_pool *pl = sub->pool[i];

		if (pl && pl->fq && pl->fq != fq && !pl->live &&
		    READ_ONCE(pl->published) == pl->next)
			return pl;
	}
	return NULL;
}

/**
 * agx4_g17p_pool_get() - take the pool a job's renders use
 * @fq: the job's queue.
 * @job: the job.
 *
 * The pool @job's renders use, held (&g17p_pool.live) until the job is
 * freed: @fq's own; else a new one; else one taken over from a queue
 * whose pool is idle; else it waits until a pool is given back or goes
 * idle.
 *
 * The wait: the caller (agx4_job_submit()) holds only @fq's submit lock,
 * inside the ioctl's drm_dev_enter() section; no other lock of the
 * submission path.  What ends it never needs that lock or that section:
 * a pool goes idle when the last job holding it is freed (drm_sched's
 * free_job, on the pool's queue's own scheduler, or a never-run job freed
 * by its queue's submitter) and is given back when its queue is destroyed
 * (agx4_job's queue release, off any file); both only take
 * &agx4_fw_g17p_sub.setup_lock, which is not held across the sleep.  A
 * job that never completes is ended by its timeout, and a killed queue
 * keeps its pool only until it is destroyed.  So the wait ends unless
 * every pool stays held by work that itself waits for this SUBMIT (a
 * client's own ordering, e.g. in-syncs it signals later): a signal ends
 * it then.  drm_dev_unplug() waits for the drm_dev_enter() section and
 * wakes nobody: the unplug first calls agx4_g17p_stop(), which ends the wait
 * with -ENODEV, as does the firmware stopping (the same call).
 *
 * Return: 0; -ERESTARTSYS on a signal; -ENODEV once the device is going
 * or the firmware stopped; -ENOMEM.
 */
int agx4_g17p_pool_get(struct agx4_g17p_queue *fq, struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_pool *pl;
	unsigned long gen;
	unsigned int i;
	int ret;

	for (;;) {
		mutex_lock(&sub->setup_lock);
		pl = fq->pool;
		if (pl) {
			pl->live++;
			mutex_unlock(&sub->setup_lock);
			break;
		}
		i = find_first_zero_bit(sub->pools, AGX4_G17P_MAX_POOLS);
		if (i < AGX4_G17P_MAX_POOLS) {
			set_bit(i, sub->pools);
			mutex_unlock(&sub->setup_lock);
			ret = pool_create(fq, i);
			if (ret)
				return ret;
			job->made_pool = true;
			pl = fq->pool;
			break;
		}
		pl = idle_pool(sub, fq);
		if (pl) {
			/* Its queue's next render will look for another. */
			pl->fq->pool = NULL;
			pl->fq = fq;
			pl->live = 1;
			fq->pool = pl;
			mutex_unlock(&sub->setup_lock);
			job->took_pool = true;
			break;
		}
		gen = sub->pool_gen;
		sub->pool_waiters++;
		mutex_unlock(&sub->setup_lock);
		ret = wait_event_interruptible(sub->pool_wq,
					       READ_ONCE(sub->pool_gen) != gen ||
					       agx4_g17p_submission_ends(sub));
		mutex_lock(&sub->setup_lock);
		sub->pool_waiters--;
		mutex_unlock(&sub->setup_lock);
		if (ret)
			return ret;
		if (agx4_g17p_submission_ends(sub))
			return -ENODEV;
	}
	job->pool = pl;
	job->first_k = pl->next;
	job->tile = pl->tile;
	job->tpc = pl->tpc;
	pool_bind(fq, pl);
	return 0;
}

/**
 * agx4_g17p_pool_put() - let go of the pool a job held
 * @job: the job.
 *
 * Let go of the pool @job held; the last job of an idle pool wakes waiters.
 */
void agx4_g17p_pool_put(struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	struct g17p_pool *pl = job->pool;

	if (!pl)
		return;
	job->pool = NULL;
	mutex_lock(&sub->setup_lock);
	if (!--pl->live)
		agx4_g17p_pool_event(sub);
	mutex_unlock(&sub->setup_lock);
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
	memset(pl->arena->cpu, 0, G17P_POOL_SIZE);
	memset(pl->mem->cpu, 0, G17P_MEM_SIZE);
	memset(pl->recent, 0, sizeof(pl->recent));
	pl->next = 0;
	pl->tile = 0;
	pl->tpc = 0;
	pl->epoch = 0;
	pl->w[0] = 0;
	pl->w[1] = 0;
	pl->seen[0] = 0;
	pl->seen[1] = 0;
	pl->published = 0;
	/* A new graph: its growth requests are numbered from 0 again. */
	mutex_lock(&fq->sub->tvb_lock);
	pl->tp.counter = 0;
	mutex_unlock(&fq->sub->tvb_lock);
	return init_pool(fq, pl);
}

/**
 * agx4_g17p_pool_full() - would a SUBMIT's renders pass the pool's render limit
 * @fq: the queue.
 * @cb: the SUBMIT's commands.
 *
 * Return: true when its pool must be recycled first.
 */
bool agx4_g17p_pool_full(struct agx4_g17p_queue *fq,
			 const struct agx4_cmdbuf *cb)
{
	lockdep_assert_held(&fq->sub->setup_lock);
	return fq->pool && fq->pool->next + cb->renders > G17P_POOL_MAX_RENDERS;
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

	if (pl->ngrown == ARRAY_SIZE(pl->grown))
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
	mutex_lock(&sub->setup_lock);
	pl = sub->pool[req->slot];
	if (pl && pl->fq)
		asid = pl->fq->asid;
	mutex_unlock(&sub->setup_lock);
	/* A pool of no queue has no context (-1): no request names it. */
	if (!pl || !pl->vm || (int)req->context != asid ||
	    req->subpipe != pl->grid) {
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

	if (!pl || pl->index != lim->pool || (u64)job->fq->asid != lim->vm)
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
