// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/lockdep.h>
#include <linux/mm.h>
#include <linux/minmax.h>
#include <linux/mutex.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/wait.h>

#include <asm/barrier.h>

#include <drm/drm_mm.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g16.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fw_g16_init.h"
#include "agx4_fw_g16_work.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g16.h"
#include "agx4_g16_sub.h"
#include "agx4_test_hooks.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G16 per-VM state
 *
 * **Contexts.**  A VM's commands run in one context (ASID), lent to it
 * while it has work: a job takes it in drm_sched's prepare_job, before
 * anything else (agx4_g16_ctx_reserve()), and is counted on it until it
 * is freed, once the firmware is done with it.  A VM keeps its context
 * while idle, until another VM needs one and none is free: then the
 * least recently used context of a VM with no job counted on it is taken
 * back (its slot cleared and its TLB entries invalidated, as when a VM
 * goes: to the firmware, a VM that got its context back is a new VM,
 * which the reference does at every VM release; GAP: whether the firmware
 * keeps anything else per context).  A job that finds every context
 * counted on waits, holding nothing, for its own fence, which the next
 * context to go idle is handed to: those jobs run, complete or time out.
 * SUBMIT builds commands for the context the VM holds then (or 0) and
 * the job builds them again when it gets another
 * (agx4_g16_job_context()).  A job is counted until the firmware is done
 * with it (found done, agx4_g16_ctx_done_locked(), or freed), so a killed
 * queue, whose jobs the job unit keeps until the queue goes, holds no
 * context once the firmware let go of them.  A GPU fault names the
 * context of its access, and so the VM lent it then: that VM keeps it,
 * its faulting job being neither done nor freed until the timeout kills
 * its queue.  The reference gives each VM a
 * separate compute view: roots of its own, with the device's compute
 * operand namespace (its directory and sixteen buffers, at the GPU
 * addresses the compute support names) mapped in, the same physical
 * pages in every VM.  agx4 runs compute in the VM's own tree instead, so
 * the user's buffers need no second mapping, and maps the namespace there
 * at the VM's first job (guards unmapped), until the VM goes.  The
 * namespace and the Work aliases below lie in [0x70_0000_0000,
 * 0x73_0000_0000), which the user must not bind (the fork's layout leaves
 * it free).
 *
 * **Compute jobs.**  Each compute command gets a 0x2c000-byte object of
 * its own while it runs (a VM keeps up to %G16_VM_SPARE_WORKS of them,
 * still mapped, for its next commands; the save area is zeroed at every
 * reuse and the notifier's firmware bytes are left alone): the
 * 0x8000-byte Work storage (work item at +0, microsequence
 * +0x1000, notifier +0x1400, profiling slots +0x1700, user timestamp
 * pair +0x17c0, threshold word +0x1800, dependency items from +0x1900,
 * entry trampoline +0x1a00, save area +0x2000, driver stamp +0x4000)
 * followed by its 0x24000-byte scratch lease (scratch at +0, marker page
 * at +0x20000).  The whole object is also mapped for the GPU at
 * 0x71_0000_0000 + (its address - the heap base), in the device tree
 * (context 0) and in the VM's tree: unique per object, below
 * 0x72_0000_0000.
 *
 * **Renders.**  A VM's first render makes its render objects: the VM's
 * TVB pool (buffer manager, scenes, block lists, its PB descriptor, the
 * page list, pool-slot words and first blocks mapped in the kernel
 * carve-out) and the pinned window at the carve-out's start where the
 * render support lease lent to the VM is mapped (its operand directory,
 * table and 24 operand buffers; lease n: identity and private-memory
 * slot 3 + n, buffer-manager slot 7 + n).  Leases are lent while the VM
 * has work, as contexts are: see agx4_g16_support.c.
 * The 0x35d4000-byte linear backing of the reference is not copied: the
 * firmware learns every one of these addresses from host-written records,
 * so agx4 maps only what is used and places it itself (the reference's
 * fixed aliases at 0x10_0008_0000 and around are free for the user).
 *
 * **Scene slots and scratch.**  Each render runs in one of the pool's
 * %G16_SCENE_SLOTS scene slots, with scratch of its own (tilemap, TPC,
 * metadata, deflake, TA and 3D status and the aux-framebuffer page) in the
 * VM's scratch arena: the whole leaf tables of the carve-out after the
 * render objects, inside the TA's 4 GiB, at most %G16_VM_SCRATCH_MAX
 * (384 MiB of the fork's carve-out).  SUBMIT allocates the scratch and
 * builds the render for the place it would get in an idle VM; drm_sched's
 * prepare_job gives the job its places, or makes it wait for them
 * (agx4_g16_scenes_reserve()).  Mapping there must not allocate, so the
 * arena's page tables are made at the VM's first render and stay while it
 * lives (a pinned &struct agx4_uat_window, 16 KiB per 32 MiB).
 *
 * **TVB growth** (agx4_tvb.c) adds blocks to a VM's pool 10 at a time,
 * mapped after its first blocks in the carve-out (room for 331 in all),
 * found by the buffer-manager slot and context a request names; they go
 * with the VM.
 */

/* The alias attributes: GPU read-write, uncached (H: the reference's). */
const struct agx4_uat_prot agx4_g16_gpu_rw = {
	.access = AGX4_UAT_GPU,
	.perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

/*
 * @n blocks of @size bytes of @obj, @stride apart, mapped at @va in @vm
 * (the gaps left unmapped) or, @map false, unmapped again.
 */
static int map_spaced(struct agx4_vm *vm, struct agx4_fw_obj *obj, u64 va,
		      u32 n, u64 size, u64 stride, bool map)
{
	int ret = 0;
	u32 i;

	for (i = 0; i < n && !ret; i++) {
		if (map)
			ret = agx4_vm_map_fw_obj(vm, va + (u64)i * stride, obj,
						 (u64)i * stride, size,
						 &agx4_g16_gpu_rw);
		else
			agx4_vm_unmap_fw(vm, va + (u64)i * stride, size);
	}
	if (ret)
		map_spaced(vm, obj, va, n, size, stride, false);
	return ret;
}

/**
 * agx4_g16_dev_alias() - map Work storage in context 0, or unmap it
 * @adev: the device.
 * @obj: the storage.
 * @va: its alias.
 * @map: map (true) or unmap (false).
 *
 * Not an alias of the object's own (agx4_fw_obj_alias()): context 0's
 * tables go with the firmware, before storage forgotten after unplug is
 * freed.
 *
 * Storage forgotten once the firmware stopped (a restart's first step,
 * agx4_job_pre_reset()) leaves its alias here, since these tables go
 * with the restart's shutdown a little later; a SUBMIT that met the
 * crash may get storage at the same heap address meanwhile, and so the
 * same alias.  While the firmware is down the alias is therefore
 * replaced: nothing runs that could use the old one.
 *
 * Return: 0 or a negative errno (unmapping cannot fail).
 */
int agx4_g16_dev_alias(struct agx4_device *adev, struct agx4_fw_obj *obj,
		       u64 va, bool map)
{
	if (!map || agx4_fw_boot_down(adev->fw))
		agx4_fw_obj_unmap_part(&adev->fw->dev_uat, va, obj->size);
	if (!map)
		return 0;
	return agx4_fw_obj_map_part(obj, 0, obj->size, &adev->fw->dev_uat, va,
				    &agx4_g16_gpu_rw);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_g16_dev_alias);

/*
 * The device's compute operand namespace in @vm (@map) or out of it:
 * the directory, then each 2 MiB buffer without its guard.  Unmapping
 * reads nothing of @sub, which may be gone (after unplug).
 */
static int compute_namespace(struct agx4_fw_g16_sub *sub, struct agx4_vm *vm,
			     bool map)
{
	int ret;

	ret = map_spaced(vm, map ? sub->compute_dir : NULL,
			 G16_COMPUTE_DIRECTORY, 1, G16_COMPUTE_DIRECTORY_SIZE,
			 0, map) ?:
	      map_spaced(vm, map ? sub->compute_bufs : NULL,
			 G16_COMPUTE_BUFFERS, G16_COMPUTE_NUM_BUFFERS,
			 G16_OPERAND_BUFFER_SIZE, G16_OPERAND_BUFFER_STRIDE,
			 map);
	if (ret)
		compute_namespace(sub, vm, false);
	return ret;
}

/**
 * agx4_g16_compute_alias() - where the GPU sees compute storage
 * @adev: the device.
 * @obj: the storage.
 *
 * Return: its alias, in context 0 and in the VM.
 */
u64 agx4_g16_compute_alias(struct agx4_device *adev, struct agx4_fw_obj *obj)
{
	return G16_COMPUTE_ALIAS + (obj->va - adev->gen->fw_heap.start);
}

/**
 * agx4_g16_work_get() - compute storage for a command
 * @fq: the queue, whose VM has its context.
 *
 * A spare of the VM's, its save area zeroed again, or a new one mapped at
 * its alias in context 0 and the VM.
 *
 * Return: the storage, or an ERR_PTR().
 */
struct agx4_fw_obj *agx4_g16_work_get(struct agx4_g16_queue *fq)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_vm *vm = fq->base.vm;
	struct g16_vm *gv = vm->fw;
	struct agx4_fw_obj *obj = NULL;
	u64 alias;
	int ret;

	mutex_lock(&gv->lock);
	if (gv->nspare)
		obj = gv->spare[--gv->nspare];
	mutex_unlock(&gv->lock);
	if (obj) {
		/* H: the GPU-writable save area is zero at every use. */
		memset(obj->cpu + G16_CW_SAVE, 0,
		       G16_CW_DRIVER_STAMP - G16_CW_SAVE);
		return obj;
	}
	obj = agx4_fw_obj_create(&adev->mem->heap, G16_CW_SIZE + G16_CS_SIZE,
				 AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(obj))
		return obj;
	alias = agx4_g16_compute_alias(adev, obj);
	if (obj->va - adev->gen->fw_heap.start + obj->size >
	    G16_ALIAS_WINDOW)
		ret = -ENOSPC;
	else
		ret = agx4_fw_obj_alias(obj, &vm->uat, alias,
					&agx4_g16_gpu_rw);
	if (!ret) {
		ret = agx4_g16_dev_alias(adev, obj, alias, true);
		if (!ret)
			return obj;
	}
	agx4_fw_obj_destroy(obj);
	return ERR_PTR(ret);
}

/**
 * agx4_g16_work_destroy() - free compute storage
 * @adev: the device.
 * @obj: the storage.
 * @fw_alive: the firmware is there: unmap it from context 0 first.
 *
 * Out of context 0 first while the firmware is there, then out of the
 * VM and the heap.
 */
void agx4_g16_work_destroy(struct agx4_device *adev, struct agx4_fw_obj *obj,
			   bool fw_alive)
{
	if (fw_alive)
		agx4_g16_dev_alias(adev, obj,
				   agx4_g16_compute_alias(adev, obj), false);
	agx4_fw_obj_destroy(obj);
}

/**
 * agx4_g16_work_put() - give compute storage back
 * @fq: the queue it was taken for.
 * @obj: the storage, which the firmware is done with (or never saw).
 *
 * Kept for the VM's next command while there is room, freed otherwise.
 */
void agx4_g16_work_put(struct agx4_g16_queue *fq, struct agx4_fw_obj *obj)
{
	struct agx4_vm *vm = fq->base.vm;
	struct g16_vm *gv = vm->fw;

	mutex_lock(&gv->lock);
	if (gv->nspare < G16_VM_SPARE_WORKS) {
		gv->spare[gv->nspare++] = obj;
		obj = NULL;
	}
	mutex_unlock(&gv->lock);
	if (obj)
		agx4_g16_work_destroy(fq->base.adev, obj, true);
}

/*
 * The submission state @vm's firmware state was made with, or NULL once
 * that firmware went: at unplug, or when the firmware restarted since
 * (its context table, context 0 and shared records are not the ones the
 * state names).
 */
static struct agx4_fw_g16_sub *vm_sub(const struct g16_vm *gv)
{
	struct agx4_fw_boot *b = gv->adev->fw;

	return b && b->incarnation == gv->incarnation ?
	       agx4_fw_g16_sub(b) : NULL;
}

static void render_vm_free(struct agx4_device *adev, struct agx4_vm *vm,
			   struct g16_render_vm *r)
{
	struct agx4_fw_g16_sub *sub = vm_sub(vm->fw);
	u32 initial = adev->gen->tvb.initial_blocks;

	/*
	 * Its lease goes back, and no growth request finds the pool any
	 * more.  A restart took every lease back already
	 * (agx4_g16_fw_gone()).
	 */
	if (sub)
		agx4_g16_support_leave(sub, r);
	WARN_ON(r->sl);
	if (r->tp.blocks > initial)
		map_spaced(vm, NULL, r->ks + G16_VM_BLOCKS +
			   (u64)initial * G16_TVB_BLOCK_STRIDE,
			   r->tp.blocks - initial, G16_TVB_BLOCK_SIZE,
			   G16_TVB_BLOCK_STRIDE, false);
	while (r->ngrown)
		agx4_fw_obj_destroy(r->grown[--r->ngrown]);
	if (r->blocks)
		map_spaced(vm, r->blocks, r->ks + G16_VM_BLOCKS,
			   adev->gen->tvb.initial_blocks,
			   G16_TVB_BLOCK_SIZE, G16_TVB_BLOCK_STRIDE, false);
	agx4_fw_obj_destroy(r->blocks);
	agx4_fw_obj_destroy(r->slots);
	agx4_fw_obj_destroy(r->pages);
	agx4_fw_obj_destroy(r->tvb);
	/* Every render gave its scratch back: the jobs went before the VM. */
	agx4_vm_unpin_window(vm, &r->window);
	agx4_vm_unpin_window(vm, &r->lease_window);
	drm_mm_takedown(&r->scratch);
	kfree(r);
}

static int render_vm_objects(struct agx4_device *adev, struct agx4_vm *vm,
			     struct g16_render_vm *r)
{
	struct agx4_fw_obj_heap *h = &adev->mem->heap;
	const struct {
		struct agx4_fw_obj **obj;
		u64 size;
		u64 gpu;	/* carve-out offset + 1, 0: not mapped whole */
	} objs[] = {
		{ &r->tvb, G16_TVB_SIZE, 0 },
		{ &r->pages, G16_TVB_PAGES_SIZE, G16_VM_PAGES + 1 },
		{ &r->slots, AGX4_UAT_PAGE_SIZE, G16_VM_SLOTS + 1 },
		{ &r->blocks, (u64)adev->gen->tvb.initial_blocks *
			      G16_TVB_BLOCK_STRIDE, 0 },
	};
	u32 i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		struct agx4_fw_obj *o;

		o = agx4_fw_obj_create(h, objs[i].size, AGX4_FW_OBJ_SHARED,
				       NULL, NULL);
		if (IS_ERR(o))
			return PTR_ERR(o);
		*objs[i].obj = o;
		if (objs[i].gpu) {
			ret = agx4_fw_obj_alias(o, &vm->uat,
						r->ks + objs[i].gpu - 1,
						&agx4_g16_gpu_rw);
			if (ret)
				return ret;
		}
	}
	ret = map_spaced(vm, r->blocks, r->ks + G16_VM_BLOCKS,
			 adev->gen->tvb.initial_blocks, G16_TVB_BLOCK_SIZE,
			 G16_TVB_BLOCK_STRIDE, true);
	if (ret) {
		agx4_fw_obj_destroy(r->blocks);
		r->blocks = NULL;
	}
	return ret;
}

/*
 * The VM's TVB pool, from its objects (the generation builds it), and its
 * parameter-buffer descriptor, kept with it: both go to the slot of the
 * lease the VM is lent (agx4_g16_support.c), which this builds for a
 * stand-in, the first.
 */
static int render_tvb(struct agx4_device *adev, struct g16_render_vm *r)
{
	const struct agx4_fw_gen *gen = adev->gen;
	u32 slot = G16_BM_SLOT_FIRST;
	u8 *t = r->tvb->cpu;
	const struct agx4_fw_tvb_in in = {
		.slot = slot,
		.blocks = gen->tvb.initial_blocks,
		.first_block = r->ks + G16_VM_BLOCKS,
		.page_list = r->pages->va,
		.page_list_gpu = r->ks + G16_VM_PAGES,
		.page_list_size = G16_TVB_PAGES_SIZE,
		.block_list = r->tvb->va + G16_TVB_BLOCK_LIST,
		.block_control = r->tvb->va + G16_TVB_CONTROL,
		.counter = r->tvb->va + G16_TVB_COUNTER,
		.scene_list = r->tvb->va + G16_TVB_SCENE_LIST,
		.pool_slots = r->ks + G16_VM_SLOTS,
	};
	struct agx4_fw_buf bufs[] = {
		{ t, 0 },
		{ t + G16_TVB_CONTROL, 0 },
		{ t + G16_TVB_BLOCK_LIST, 0 },
		{ r->pages->cpu, G16_TVB_PAGES_SIZE },
		{ t + G16_TVB_SCENES, 0 },
		{ r->pb, G16_PB_DESC_SIZE },
	};
	u32 i;

	static_assert(ARRAY_SIZE(agx4_fw_g16_tvb_objs) == ARRAY_SIZE(bufs));
	for (i = 0; i < ARRAY_SIZE(bufs); i++)
		if (!bufs[i].size)
			bufs[i].size = agx4_fw_g16_tvb_objs[i].size;
	return agx4_fw_g16_build_tvb(gen, &in, bufs);
}

/*
 * A VM's scratch arena: whole leaf tables after its render objects in the
 * kernel carve-out, inside the 4 GiB the TA addresses (so that a render
 * built for one place in it is valid at any other), at most
 * %G16_VM_SCRATCH_MAX.  False when no leaf table fits.
 */
static bool arena_of(const struct agx4_vm *vm, u64 *start, u64 *end)
{
	u64 ta_end = AGX4_FW_CONTEXT_BASE + SZ_4G;

	*start = round_up(max(vm->kernel_start + G16_VM_SCRATCH,
			      (u64)AGX4_FW_CONTEXT_BASE), AGX4_UAT_LEAF_SPAN);
	*end = round_down(min(vm->kernel_end, ta_end), AGX4_UAT_LEAF_SPAN);
	if (*end <= *start)
		return false;
	*end = min(*end, *start + G16_VM_SCRATCH_MAX);
	return true;
}

/* The render objects of @fq's VM, made at its first render. */
static struct g16_render_vm *render_vm_make(struct agx4_g16_queue *fq)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_vm *vm = fq->base.vm;
	struct g16_vm *gv = vm->fw;
	struct g16_render_vm *r;
	u64 start, end;
	int ret;

	lockdep_assert_held(&gv->lock);
	if (gv->r)
		return gv->r;
	if (!arena_of(vm, &start, &end))
		return ERR_PTR(-ENOSPC);
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return ERR_PTR(-ENOMEM);
	r->ks = vm->kernel_start;
	r->arena = start;
	r->arena_size = end - start;
	drm_mm_init(&r->scratch, start, end - start);
	spin_lock_init(&r->lock);
	agx4_room_init(&r->scene_room);
	ret = agx4_vm_pin_window(vm, &r->window, start, end - start);
	if (ret) {
		drm_mm_takedown(&r->scratch);
		kfree(r);
		return ERR_PTR(ret);
	}
	ret = agx4_vm_pin_window(vm, &r->lease_window, r->ks + G16_VM_DIR,
				 G16_VM_LEASE_SIZE) ?:
	      render_vm_objects(adev, vm, r) ?:
	      render_tvb(adev, r);
	if (ret)
		goto err;
	r->gv = gv;
	r->vm = vm;
	r->tp.blocks = adev->gen->tvb.initial_blocks;
	gv->r = r;
	return r;

err:
	render_vm_free(adev, vm, r);
	return ERR_PTR(ret);
}

/**
 * agx4_g16_render_vm() - the render objects of a queue's VM
 * @fq: the queue.
 *
 * Made at the VM's first render, under the VM's G16 state's lock.
 *
 * Return: the objects, or an ERR_PTR() (-ENOSPC: no support lease left,
 * or no room in the VM's kernel carve-out).
 */
struct g16_render_vm *agx4_g16_render_vm(struct agx4_g16_queue *fq)
{
	struct g16_vm *gv = fq->base.vm->fw;
	struct g16_render_vm *r;

	mutex_lock(&gv->lock);
	r = render_vm_make(fq);
	mutex_unlock(&gv->lock);
	return r;
}

/*
 * Take @gv's context back: it has no job counted on it.  Its pool's TA
 * prelude goes out again with its next render, as a new VM's would: it
 * names the context.  GAP: whether the firmware keeps anything else of
 * the pool (its growth counter, say) by context.
 */
static void ctx_drop_locked(struct agx4_fw_g16_sub *sub, struct g16_vm *gv)
{
	struct g16_render_vm *r = READ_ONCE(gv->r);

	lockdep_assert_held(&sub->eng.lock);
	agx4_uat_ctx_put(&gv->adev->fw->ctx, gv->ctx);
	sub->ctx_vm[gv->ctx] = NULL;
	WRITE_ONCE(gv->ctx, -1);
	if (r)
		r->live = false;
}

/*
 * Count one more job on @gv's context, lending it one first if it holds
 * none: a free context, or the least recently used one of a VM with no
 * job counted on it, taken back.  False: every context is counted on.
 */
static bool ctx_try_locked(struct agx4_fw_g16_sub *sub, struct g16_vm *gv)
{
	struct agx4_uat_ctx_table *tbl = &gv->adev->fw->ctx;
	struct g16_vm *lru = NULL;
	unsigned int c;
	int ctx;

	lockdep_assert_held(&sub->eng.lock);
	if (gv->ctx < 0) {
		ctx = agx4_uat_ctx_get(tbl, &gv->vm->uat,
				       &gv->adev->mem->fw_uat);
		if (ctx == -EBUSY) {
			for (c = 1; c < AGX4_UAT_NUM_CTX; c++) {
				struct g16_vm *o = sub->ctx_vm[c];

				if (o && !o->busy && (!lru || o->used < lru->used))
					lru = o;
			}
			if (!lru)
				return false;
			ctx_drop_locked(sub, lru);
			ctx = agx4_uat_ctx_get(tbl, &gv->vm->uat,
					       &gv->adev->mem->fw_uat);
		}
		/* The one just taken back is free. */
		if (WARN_ON(ctx <= 0))
			return false;
		sub->ctx_vm[ctx] = gv;
		WRITE_ONCE(gv->ctx, ctx);
	}
	gv->busy++;
	gv->used = ++sub->ctx_clock;
	return true;
}

/* Lend a waiting job's VM its context (&agx4_room_take_fn). */
static bool ctx_take(struct agx4_room *room, struct agx4_room_wait *w)
{
	struct agx4_g16_job *job = container_of(w, struct agx4_g16_job,
						ctx_wait);

	if (!ctx_try_locked(job->fq->sub, job->fq->base.vm->fw))
		return false;
	job->ctx_held = true;
	return true;
}

static void g16_vm_free(struct agx4_vm *vm, void *fw)
{
	struct g16_vm *gv = fw;
	struct agx4_fw_g16_sub *sub = vm_sub(gv);

	if (gv->r)
		render_vm_free(gv->adev, vm, gv->r);
	gv->r = NULL;

	/*
	 * After unplug or a restart, context 0 and the context table went
	 * with the firmware (unmapping from the VM needs neither).
	 */
	while (gv->nspare)
		agx4_g16_work_destroy(gv->adev, gv->spare[--gv->nspare], !!sub);
	compute_namespace(sub, vm, false);
	if (sub) {
		unsigned long flags;

		/*
		 * Every job of the VM is freed: nothing counts on it, but the
		 * jobs a stopped engine forgot.
		 */
		spin_lock_irqsave(&sub->eng.lock, flags);
		WARN_ON(gv->busy && !sub->eng.stopped);
		if (gv->ctx > 0) {
			ctx_drop_locked(sub, gv);
			agx4_room_put(&sub->eng, &sub->contexts, ctx_take);
		}
		spin_unlock_irqrestore(&sub->eng.lock, flags);
	}
	mutex_destroy(&gv->lock);
	kfree(gv);
}

/* &agx4_vm_fw_state()'s make: the VM's context and compute namespace. */
static void *g16_vm_make(struct agx4_vm *vm, void *arg)
{
	struct agx4_g16_queue *fq = arg;
	struct agx4_device *adev = fq->base.adev;
	struct g16_vm *gv;
	int ret;

	gv = kzalloc(sizeof(*gv), GFP_KERNEL);
	if (!gv)
		return ERR_PTR(-ENOMEM);
	ret = compute_namespace(fq->sub, vm, true);
	if (ret) {
		kfree(gv);
		return ERR_PTR(ret);
	}
	mutex_init(&gv->lock);
	gv->adev = adev;
	gv->vm = vm;
	gv->incarnation = adev->fw->incarnation;
	gv->ctx = -1;
	return gv;
}

/**
 * agx4_g16_vm_context() - the context a queue's VM holds now
 * @fq: the queue.
 *
 * Makes the VM's G16 state (and maps the compute operand namespace in it)
 * at its first job.  The context is only what SUBMIT builds for: the job
 * takes one in prepare_job (agx4_g16_ctx_reserve()).
 *
 * Return: the context, 0 while the VM holds none, or a negative errno.
 */
int agx4_g16_vm_context(struct agx4_g16_queue *fq)
{
	struct g16_vm *gv = agx4_vm_fw_state(fq->base.vm, g16_vm_make,
					     g16_vm_free, fq);

	if (IS_ERR(gv))
		return PTR_ERR(gv);
	return max(READ_ONCE(gv->ctx), 0);
}

/**
 * agx4_g16_ctx_reserve() - count a job on its VM's context
 * @job: the job, from @job_reserve, before anything else: it holds
 *	nothing while it waits.
 *
 * The VM's context, or one lent to it (see the DOC above), then the
 * job's commands built for it if SUBMIT built them for another.  Every
 * context counted on is a VM's with jobs reserved, which need nothing
 * from this one: they complete, or time out.  The unplug ends the wait
 * (agx4_engine_stop()).  Neither sleeps nor allocates.
 *
 * Return: NULL once the job is counted (or the engine stopped; then, or
 * when a build failed, publication drops the job), or the fence to wait
 * for.
 */
struct dma_fence *agx4_g16_ctx_reserve(struct agx4_g16_job *job)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	struct g16_vm *gv = job->fq->base.vm->fw;
	struct dma_fence *wait = NULL;
	unsigned long flags;
	int ctx = 0;

	spin_lock_irqsave(&sub->eng.lock, flags);
	if (!job->ctx_held && !sub->eng.stopped)
		wait = agx4_room_get(&sub->eng, &sub->contexts, &job->ctx_wait,
				     ctx_take);
	if (job->ctx_held)
		ctx = gv->ctx;
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	/* A build that fails leaves job->ctx -1: publication drops the job. */
	if (ctx > 0 && ctx != job->ctx)
		agx4_g16_job_context(job, ctx);
	return wait;
}

/**
 * agx4_g16_ctx_put() - a job no longer counted on its VM's context
 * @job: the job, freed: the firmware is done with it, or gone.
 *
 * A context no job counts on any more may go to the job that has waited
 * longest for one.
 */
void agx4_g16_ctx_put(struct agx4_g16_job *job)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->eng.lock, flags);
	agx4_g16_ctx_done_locked(job);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/**
 * agx4_g16_ctx_done_locked() - a job no longer counted on its context
 * @job: the job, which the firmware is done with (or never had): freed,
 *	or found done, which for a killed queue's job may be long before
 *	it is freed (the job unit keeps it until the queue goes).
 *
 * As agx4_g16_ctx_put(), once per job; caller holds &agx4_engine.lock.
 */
void agx4_g16_ctx_done_locked(struct agx4_g16_job *job)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	struct g16_vm *gv = job->fq->base.vm->fw;

	lockdep_assert_held(&sub->eng.lock);
	if (!job->ctx_held)
		return;
	job->ctx_held = false;
	if (!WARN_ON(!gv->busy) && !--gv->busy) {
		agx4_room_put(&sub->eng, &sub->contexts, ctx_take);
		/* Its render support lease may be lent to another VM now. */
		agx4_g16_support_idle_locked(sub);
	}
}

/**
 * agx4_g16_ctx_kill_locked() - end the waits for a context of a queue's jobs
 * @fq: the queue, killed: its jobs will not run, so they take none.
 *
 * Caller holds &agx4_engine.lock.
 */
void agx4_g16_ctx_kill_locked(struct agx4_g16_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;

	agx4_room_cancel_owner(&sub->eng, &sub->contexts, fq, -ECANCELED,
			       ctx_take);
}

/**
 * agx4_g16_ctx_cancel_locked() - end a job's wait for a context
 * @job: the job, freed (its queue goes); if it waits, the wait ends.
 * @err: the error its wait fence ends with.
 *
 * The jobs that waited behind it may take a context now.  Caller holds
 * &agx4_engine.lock.
 */
void agx4_g16_ctx_cancel_locked(struct agx4_g16_job *job, int err)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	agx4_room_cancel(&sub->eng, &sub->contexts, &job->ctx_wait, err);
	agx4_room_put(&sub->eng, &sub->contexts, ctx_take);
}

/*
 * Take scene slots and arena places for every render of a waiting job
 * (&agx4_room_take_fn), all of them or none: a job holding some while it
 * waits for the rest could wait for a job that waits for it.
 */
static bool scenes_take(struct agx4_room *room, struct agx4_room_wait *w)
{
	struct g16_render_vm *r = container_of(room, struct g16_render_vm,
					       scene_room);
	struct agx4_g16_job *job = container_of(w, struct agx4_g16_job,
						scene_wait);
	unsigned long scenes;
	u32 i;

	lockdep_assert_held(&job->fq->sub->eng.lock);
	spin_lock(&r->lock);
	scenes = r->scenes;
	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];
		unsigned long k;

		if (!cmd->render)
			continue;
		k = find_first_zero_bit(&scenes, G16_SCENE_SLOTS);
		if (k >= G16_SCENE_SLOTS ||
		    drm_mm_insert_node_in_range(&r->scratch, &cmd->node,
						cmd->scratch->size,
						AGX4_UAT_PAGE_SIZE, 0, 0,
						U64_MAX, DRM_MM_INSERT_BEST))
			goto undo;
		__set_bit(k, &scenes);
		cmd->scene = k;
	}
	r->scenes = scenes;
	spin_unlock(&r->lock);
	job->scened = true;
	return true;

undo:
	while (i--) {
		struct g16_cmd *cmd = &job->cmds[i];

		if (cmd->render) {
			drm_mm_remove_node(&cmd->node);
			cmd->scene = -1;
		}
	}
	spin_unlock(&r->lock);
	return false;
}

/* The render objects of @job's VM; @job renders, so they exist. */
static struct g16_render_vm *job_render_vm(const struct agx4_g16_job *job)
{
	return ((struct g16_vm *)job->fq->base.vm->fw)->r;
}

/**
 * agx4_g16_scenes_reserve() - give a job's renders their place
 * @job: the job, with renders; from @job_reserve.
 *
 * Each render takes one of its VM's %G16_SCENE_SLOTS scene slots and a
 * place for its scratch in the VM's arena, all of the job's at once, in
 * the order the jobs of the VM asked; or the job waits, holding none, for
 * its fence, which the next render given back hands them to.  The renders
 * that hold them were reserved before and need nothing of this job: they
 * complete, or time out, which kills their queue; a killed queue's jobs
 * stop waiting at once (agx4_g16_scenes_kill_locked()), and its renders
 * the firmware was running give their places back once it is done with
 * them.  Then each scratch
 * is mapped there (in the window pinned for the arena) and, where the
 * place is not the one SUBMIT built the render for, the render is built
 * again for it (agx4_g16_render_place()).  Nothing here sleeps or
 * allocates.
 *
 * Return: NULL once the renders have their place (or the device is
 * going), or the fence to wait for.
 */
struct dma_fence *agx4_g16_scenes_reserve(struct agx4_g16_job *job)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	struct g16_render_vm *r = job_render_vm(job);
	struct dma_fence *wait = NULL;
	unsigned long flags;
	bool scened;
	u32 i;

	if (job->placed)
		return NULL;
	spin_lock_irqsave(&sub->eng.lock, flags);
	if (!job->scened && !sub->eng.stopped)
		wait = agx4_room_get(&sub->eng, &r->scene_room,
				     &job->scene_wait, scenes_take);
	scened = job->scened;
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	if (wait || !scened)
		return wait;
	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];

		if (!cmd->render)
			continue;
		agx4_fw_obj_window_map(cmd->scratch, &r->window,
				       cmd->node.start, &agx4_g16_gpu_rw);
		cmd->mapped = true;
		/* Not placed: publication drops the job. */
		if (!agx4_g16_render_place(job->fq, r, cmd))
			return NULL;
	}
	job->placed = true;
	return NULL;
}

/**
 * agx4_g16_scenes_cancel_locked() - end a job's wait for its renders' place
 * @job: the job, with renders, freed (its queue goes); if it waits, the
 *	wait ends.
 * @err: the error its wait fence ends with.
 *
 * Caller holds &agx4_engine.lock.
 */
void agx4_g16_scenes_cancel_locked(struct agx4_g16_job *job, int err)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	struct g16_render_vm *r = job_render_vm(job);

	lockdep_assert_held(&sub->eng.lock);
	agx4_room_cancel(&sub->eng, &r->scene_room, &job->scene_wait, err);
	agx4_room_put(&sub->eng, &r->scene_room, scenes_take);
}

/**
 * agx4_g16_scenes_kill_locked() - a queue is killed: its jobs stop waiting
 * @fq: the queue.
 *
 * Each job of @fq waiting for scene slots ends its wait with -ECANCELED
 * (the job unit then does not publish it), so that it does not hold back
 * the VM's jobs waiting behind it.  Caller holds &agx4_engine.lock.
 */
void agx4_g16_scenes_kill_locked(struct agx4_g16_queue *fq)
{
	const struct g16_vm *gv = READ_ONCE(fq->base.vm->fw);
	struct g16_render_vm *r = gv ? READ_ONCE(gv->r) : NULL;

	/* A VM without render objects has nobody waiting for them. */
	if (r)
		agx4_room_cancel_owner(&fq->sub->eng, &r->scene_room, fq,
				       -ECANCELED, scenes_take);
}

/**
 * agx4_g16_render_put() - give a render command's resources back
 * @fq: the queue.
 * @cmd: the render command.
 * @fw_alive: the firmware is there (not after unplug).
 *
 * Its scratch out of the VM, its scene slot and arena place to the job
 * that waited longest, then its scratch and storage freed; its storage
 * out of context 0 first while the firmware is there.
 */
void agx4_g16_render_put(struct agx4_g16_queue *fq, struct g16_cmd *cmd,
			 bool fw_alive)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_vm *vm = fq->base.vm;
	struct g16_vm *gv = vm->fw;
	struct g16_render_vm *r = gv ? gv->r : NULL;
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	if (cmd->mapped)
		agx4_fw_obj_window_unmap(cmd->scratch, &r->window,
					 cmd->node.start);
	if (cmd->scene >= 0 && fw_alive) {
		spin_lock_irqsave(&sub->eng.lock, flags);
		spin_lock(&r->lock);
		drm_mm_remove_node(&cmd->node);
		__clear_bit(cmd->scene, &r->scenes);
		spin_unlock(&r->lock);
		agx4_room_put(&sub->eng, &r->scene_room, scenes_take);
		spin_unlock_irqrestore(&sub->eng.lock, flags);
	} else if (cmd->scene >= 0) {
		/* The firmware and its engine went: nobody waits any more. */
		spin_lock_irqsave(&r->lock, flags);
		drm_mm_remove_node(&cmd->node);
		__clear_bit(cmd->scene, &r->scenes);
		spin_unlock_irqrestore(&r->lock, flags);
	}
	kfree(cmd->in);
	agx4_fw_obj_destroy(cmd->scratch);
	if (cmd->aliased && fw_alive)
		agx4_g16_dev_alias(adev, cmd->obj, G16_RENDER_ALIAS +
			  (cmd->obj->va - adev->gen->fw_heap.start), false);
	agx4_fw_obj_destroy(cmd->obj);
}

/*
 * The pool's state as the host wrote it: the firmware's mirror of the
 * block count at most the pool's, the block control the pool's count
 * twice, the list, control and block size where they were (H: the
 * reference checks the same before it grows a pool).
 */
static bool pool_intact(const struct g16_render_vm *r)
{
	const struct g16_bm *bm = r->tvb->cpu;
	const struct g16_block_control *bc = r->tvb->cpu + G16_TVB_CONTROL;

	return le32_to_cpu(bm->blocks) <= r->tp.blocks &&
	       le32_to_cpu(bc->blocks) == r->tp.blocks &&
	       le32_to_cpu(bc->blocks2) == r->tp.blocks &&
	       le64_to_cpu(bm->block_list) ==
	       r->tvb->va + G16_TVB_BLOCK_LIST &&
	       le64_to_cpu(bm->block_control) ==
	       r->tvb->va + G16_TVB_CONTROL &&
	       le32_to_cpu(bm->block_size) == G16_TVB_BLOCK_SIZE;
}

/*
 * Add blocks @old..@new - 1 to @r: one object for them, each block
 * mapped for the GPU at its place after the pool's first blocks (the
 * guards between them unmapped, the ASID's TLB invalidated by the
 * mapping), then their ids appended to the block list and the new count
 * written twice in the block control (H).  The firmware grows its page
 * list itself.
 */
static int pool_add_blocks(struct agx4_device *adev, struct agx4_tvb_pool *tp,
			   u32 old, u32 new)
{
	struct g16_render_vm *r = container_of(tp, struct g16_render_vm, tp);
	struct g16_block_control *bc = r->tvb->cpu + G16_TVB_CONTROL;
	struct g16_block_entry *bl = r->tvb->cpu + G16_TVB_BLOCK_LIST;
	u64 va = r->ks + G16_VM_BLOCKS + (u64)old * G16_TVB_BLOCK_STRIDE;
	struct agx4_fw_obj *obj;
	u32 i;
	int ret;

	lockdep_assert_held(&agx4_fw_g16_sub(adev->fw)->tvb_lock);
	if (r->ngrown == ARRAY_SIZE(r->grown))
		return -ENOSPC;
	obj = agx4_fw_obj_create(&adev->mem->heap,
				 (u64)(new - old) * G16_TVB_BLOCK_STRIDE,
				 AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(obj))
		return -ENOMEM;
	ret = map_spaced(r->vm, obj, va, new - old, G16_TVB_BLOCK_SIZE,
			 G16_TVB_BLOCK_STRIDE, true);
	if (ret) {
		agx4_fw_obj_destroy(obj);
		return -ENOMEM;
	}
	r->grown[r->ngrown++] = obj;
	for (i = old; i < new; i++) {
		u64 b = r->ks + G16_VM_BLOCKS + (u64)i * G16_TVB_BLOCK_STRIDE;

		bl[i].id = cpu_to_le32((b - AGX4_FW_CONTEXT_BASE) /
				       G16_TVB_ID_UNIT);
	}
	/* The blocks are mapped and listed before the count names them. */
	wmb();
	bc->blocks = cpu_to_le32(new);
	bc->blocks2 = cpu_to_le32(new);
	return 0;
}

/* The slot indexes &agx4_fw_g16_sub.supports. */
static_assert(AGX4_FW_G16_SUPPORTS == G16_BM_SLOTS);

/**
 * agx4_g16_tvb_grow() - grow a VM's TVB pool, for the TVB unit
 * @adev: the device.
 * @req: the growth request, parsed.
 * @max_blocks: the most blocks a pool may hold.
 *
 * A growth request names the pool by its buffer-manager slot (7 + the
 * support lease) and the VM by its context.  Its counter is the pool's:
 * 0 for the pool's first request, one more after each reply, "grew" or
 * "refused" (H: the reference answers only a request carrying its pool's
 * counter, which it starts at 0 when it makes the pool and moves on after
 * every reply).  A request behind it repeats one already answered; one
 * ahead of it is out of sequence: neither is answered.  The pool is made
 * anew for the firmware by its TVB-init prelude, which goes out again
 * when its VM got another context or lease: the counter starts at 0 again
 * there (L: the firmware's count is the pool's since its init; the
 * references send the init once per pool).
 *
 * The slot is bounded by the parser already (agx4_fw_g16.c refuses a
 * request outside slots 7..63), and the TVB unit asks only while the
 * firmware that made the request is up; both are checked again here
 * because the slot indexes &agx4_fw_g16_sub.supports.
 *
 * Return: the pool's new block count, or a negative errno.
 */
int agx4_g16_tvb_grow(struct agx4_device *adev,
		      const struct agx4_fw_ev_grow_in *req, u32 max_blocks)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	u32 lease = req->slot - G16_BM_SLOT_FIRST;
	struct g16_render_vm *r;
	int ctx, ret;

	if (!sub || req->slot < G16_BM_SLOT_FIRST ||
	    lease >= AGX4_FW_G16_SUPPORTS)
		return -ENOENT;
	mutex_lock(&sub->tvb_lock);
	r = agx4_g16_support_pool(sub, req->slot);
	/*
	 * A render in flight keeps its VM's context (&g16_vm.busy); a VM
	 * lent none (-1) has no render in flight, whatever the request says.
	 */
	ctx = r ? READ_ONCE(r->gv->ctx) : -1;
	if (ctx <= 0 || req->context != ctx) {
		ret = -ENOENT;
		goto out;
	}
	/*
	 * The pool's prelude went out again since (its VM got another
	 * context): the firmware made it anew and numbers its requests from
	 * 0 again.  Every request of the pool before was answered or dropped:
	 * its VM was idle when its context was taken.
	 */
	if (READ_ONCE(r->inits) != r->tp_inits) {
		r->tp_inits = READ_ONCE(r->inits);
		r->tp.counter = 0;
	}
	/* H: the last step may be short of the whole, up to the limit. */
	ret = agx4_tvb_pool_grow(adev, &r->tp, req->counter, pool_intact(r),
				 min(max_blocks, (u32)G16_TVB_MAX_BLOCKS),
				 false, pool_add_blocks);
out:
	mutex_unlock(&sub->tvb_lock);
	return ret;
}
