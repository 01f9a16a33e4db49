// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/dma-resv.h>
#include <linux/err.h>
#include <linux/overflow.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_gem.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_print.h>

#include <uapi/drm/asahi_drm.h>

#include "agx4_fw_obj.h"
#include "agx4_gem.h"
#include "agx4_of.h"
#include "agx4_test_hooks.h"
#include "agx4_vm.h"

/**
 * DOC: VMs and VM_BIND
 *
 * A VM is a &drm_gpuvm over the user window [vm_start, vm_end) with the
 * kernel carve-out [kernel_start, kernel_end) reserved, and the UAT tree
 * of its low half.  agx4_vm_bind() applies an array of operations with
 * all-or-nothing semantics, in three passes:
 *
 * 1. Validate every operation (alignment, flags, overflow, bounds of the
 *    object, the window, the carve-out, VM-private objects of another VM).
 *    Nothing has changed yet, so any error leaves the VM as it was.
 * 2. Prepare: pin every object's pages, allocate its &drm_gpuvm_bo, the
 *    &drm_gpuva structures any split can need (at most three per
 *    operation) and reserve the page tables of every range.  An error
 *    undoes the preparation and again leaves the VM unchanged.
 * 3. Apply, which cannot fail: drm_gpuvm_sm_map() / drm_gpuvm_sm_unmap()
 *    walk the existing mappings and call back to map, split (remap) or
 *    unmap, and each callback edits the UAT in one batch whose TLB
 *    invalidation happens once, at the end.
 *
 * A bind over a live range replaces what was there (Mesa relies on this
 * for sparse binding); unbinding a hole is fine.  Mapped objects stay
 * alive and their pages pinned while any mapping of them exists.  Each
 * object's list of mappings is protected by its own gpuva lock, so the
 * VM never needs to lock every reservation to unmap.
 */

/* A split needs new mappings before and after the range, and the range. */
#define VAS_PER_OP	3

static_assert(AGX4_BIND_UNBIND == DRM_ASAHI_BIND_UNBIND);
static_assert(AGX4_BIND_READ == DRM_ASAHI_BIND_READ);
static_assert(AGX4_BIND_WRITE == DRM_ASAHI_BIND_WRITE);
static_assert(AGX4_BIND_SINGLE_PAGE == DRM_ASAHI_BIND_SINGLE_PAGE);

/* User mappings: GPU-only class, shared (uncached) memory. */
static struct agx4_uat_prot va_prot(bool read, bool write)
{
	return (struct agx4_uat_prot){
		.access = AGX4_UAT_GPU,
		.perm = read && write ? AGX4_UAT_RW :
			read ? AGX4_UAT_RO : AGX4_UAT_WO,
		.memtype = AGX4_UAT_UNCACHED,
	};
}

/* Mapping flags kept in the drm_gpuva. */
#define VA_READ		(DRM_GPUVA_USERBITS << 0)
#define VA_WRITE	(DRM_GPUVA_USERBITS << 1)
#define VA_SINGLE_PAGE	(DRM_GPUVA_USERBITS << 2)

/**
 * struct bind_ctx - one agx4_vm_bind() in progress
 * @vm: the VM.
 * @uop: the page-table batch.
 * @vas: preallocated &drm_gpuva structures.
 * @nvas: how many are left in @vas.
 * @vm_bos: per operation, its preallocated &drm_gpuvm_bo (or NULL).
 * @op: the operation being applied.
 * @op_index: its index.
 * @dead: mappings removed, freed at the end.
 */
struct bind_ctx {
	struct agx4_vm *vm;
	struct agx4_uat_op uop;
	struct drm_gpuva **vas;
	unsigned int nvas;
	struct drm_gpuvm_bo **vm_bos;
	const struct agx4_vm_bind_op *op;
	unsigned int op_index;
	struct list_head dead;
};

static struct agx4_vm *to_agx4_vm(struct drm_gpuvm *gpuvm)
{
	return container_of(gpuvm, struct agx4_vm, base);
}

static struct drm_gpuva *take_va(struct bind_ctx *ctx)
{
	if (WARN_ON(!ctx->nvas))
		return NULL;
	return ctx->vas[--ctx->nvas];
}

/* Write the PTEs of @va (which must be in the tree) into the batch. */
static void uat_map_va(struct bind_ctx *ctx, struct drm_gpuva *va)
{
	struct agx4_gem_object *bo = to_agx4_bo(va->gem.obj);
	const struct agx4_uat_prot prot = va_prot(va->flags & VA_READ,
						  va->flags & VA_WRITE);
	u64 first = va->gem.offset / AGX4_UAT_PAGE_SIZE;
	u64 n = va->va.range / AGX4_UAT_PAGE_SIZE, i = 0;

	while (i < n) {
		u64 page = va->flags & VA_SINGLE_PAGE ? first : first + i;
		phys_addr_t pa = agx4_gem_page_pa(bo, page);
		u64 run = 1;

		/* Coalesce physically contiguous pages into one call. */
		while (!(va->flags & VA_SINGLE_PAGE) && i + run < n &&
		       agx4_gem_page_pa(bo, page + run) ==
		       pa + run * AGX4_UAT_PAGE_SIZE)
			run++;
		if (va->flags & VA_SINGLE_PAGE)
			run = 1;
		agx4_uat_op_map(&ctx->uop, va->va.addr + i * AGX4_UAT_PAGE_SIZE,
				pa, run * AGX4_UAT_PAGE_SIZE, &prot);
		i += run;
	}
}

/* Unlink @va from its object; the object may go once its lock is dropped. */
static void unlink_va(struct drm_gpuva *va)
{
	struct drm_gem_object *obj = va->gem.obj;
	struct agx4_gem_object *bo = to_agx4_bo(obj);

	drm_gem_object_get(obj);
	mutex_lock(&bo->gpuva_lock);
	drm_gpuva_unlink(va);
	mutex_unlock(&bo->gpuva_lock);
	drm_gem_object_put(obj);
}

static int step_map(struct drm_gpuva_op *op, void *priv)
{
	struct bind_ctx *ctx = priv;
	const struct agx4_vm_bind_op *bop = ctx->op;
	struct agx4_gem_object *bo = to_agx4_bo(op->map.gem.obj);
	struct drm_gpuvm_bo *vm_bo;
	struct drm_gpuva *va = take_va(ctx);

	if (!va)
		return 0;
	drm_gpuva_map(&ctx->vm->base, va, &op->map);
	va->flags = (bop->flags & AGX4_BIND_READ ? VA_READ : 0) |
		    (bop->flags & AGX4_BIND_WRITE ? VA_WRITE : 0) |
		    (bop->flags & AGX4_BIND_SINGLE_PAGE ? VA_SINGLE_PAGE : 0);

	mutex_lock(&bo->gpuva_lock);
	vm_bo = drm_gpuvm_bo_obtain_prealloc(ctx->vm_bos[ctx->op_index]);
	ctx->vm_bos[ctx->op_index] = NULL;
	drm_gpuva_link(va, vm_bo);
	drm_gpuvm_bo_put(vm_bo);	/* the mapping holds its own */
	mutex_unlock(&bo->gpuva_lock);

	uat_map_va(ctx, va);
	return 0;
}

static int step_remap(struct drm_gpuva_op *op, void *priv)
{
	struct bind_ctx *ctx = priv;
	struct drm_gpuva *orig = op->remap.unmap->va;
	struct drm_gpuva *prev = NULL, *next = NULL;
	struct agx4_gem_object *bo = to_agx4_bo(orig->gem.obj);
	u64 start, range;

	drm_gpuva_op_remap_to_unmap_range(&op->remap, &start, &range);
	agx4_uat_op_unmap(&ctx->uop, start, range);

	if (op->remap.prev)
		prev = take_va(ctx);
	if (op->remap.next)
		next = take_va(ctx);
	drm_gpuva_remap(prev, next, &op->remap);

	/* The kept parts keep their pages and PTEs; link them. */
	mutex_lock(&bo->gpuva_lock);
	if (prev) {
		prev->flags = orig->flags;
		drm_gpuva_link(prev, orig->vm_bo);
	}
	if (next) {
		next->flags = orig->flags;
		drm_gpuva_link(next, orig->vm_bo);
	}
	mutex_unlock(&bo->gpuva_lock);

	unlink_va(orig);
	list_add(&orig->gem.entry, &ctx->dead);
	return 0;
}

static int step_unmap(struct drm_gpuva_op *op, void *priv)
{
	struct bind_ctx *ctx = priv;
	struct drm_gpuva *va = op->unmap.va;

	agx4_uat_op_unmap(&ctx->uop, va->va.addr, va->va.range);
	drm_gpuva_unmap(&op->unmap);
	unlink_va(va);
	list_add(&va->gem.entry, &ctx->dead);
	return 0;
}

static void agx4_vm_free(struct drm_gpuvm *gpuvm)
{
	struct agx4_vm *vm = to_agx4_vm(gpuvm);

	mutex_destroy(&vm->fw_lock);
	mutex_destroy(&vm->bind_lock);
	kfree(vm);
}

static const struct drm_gpuvm_ops agx4_gpuvm_ops = {
	.vm_free = agx4_vm_free,
	.sm_step_map = step_map,
	.sm_step_remap = step_remap,
	.sm_step_unmap = step_unmap,
};

/**
 * agx4_vm_create() - create a client address space
 * @drm: the device.
 * @geom: the page-table geometry of the generation.
 * @vm_start: first user address (GET_PARAMS vm_start).
 * @vm_end: end of the user window (GET_PARAMS vm_end), within the tree.
 * @kernel_start: start of the kernel carve-out userspace gives.
 * @kernel_end: its end (exclusive).
 *
 * The carve-out must lie inside the window, be 16 KiB aligned at both
 * ends and hold at least %AGX4_VM_KERNEL_MIN_SIZE; the window must fit
 * the address space @geom gives.
 *
 * Return: the VM with one reference, ERR_PTR(-EINVAL) for a bad
 * carve-out or a window past the page tables' reach, -ENOMEM.
 */
struct agx4_vm *agx4_vm_create(struct drm_device *drm,
			       const struct agx4_uat_geom *geom,
			       u64 vm_start, u64 vm_end,
			       u64 kernel_start, u64 kernel_end)
{
	struct drm_gem_object *r_obj;
	struct agx4_vm *vm;
	int ret;

	if (kernel_start < vm_start || kernel_end > vm_end ||
	    kernel_end < kernel_start ||
	    kernel_end - kernel_start < AGX4_VM_KERNEL_MIN_SIZE ||
	    !IS_ALIGNED(kernel_start | kernel_end, AGX4_UAT_PAGE_SIZE))
		return ERR_PTR(-EINVAL);

	vm = kzalloc(sizeof(*vm), GFP_KERNEL);
	if (!vm)
		return ERR_PTR(-ENOMEM);
	ret = agx4_uat_init(&vm->uat, drm->dev, geom, false);
	if (ret)
		goto err_free;
	/* vm_start < vm_end: the carve-out checks above imply it. */
	if (vm_end > vm->uat.va_size) {
		ret = -EINVAL;
		goto err_uat;
	}
	vm->uat.max_tables = AGX4_VM_MAX_TABLES;

	r_obj = drm_gpuvm_resv_object_alloc(drm);
	if (!r_obj) {
		ret = -ENOMEM;
		goto err_uat;
	}
	kref_init(&vm->ref);
	mutex_init(&vm->bind_lock);
	mutex_init(&vm->fw_lock);
	vm->kernel_start = kernel_start;
	vm->kernel_end = kernel_end;
	drm_gpuvm_init(&vm->base, "agx4", 0, drm, r_obj, vm_start,
		       vm_end - vm_start, kernel_start,
		       kernel_end - kernel_start, &agx4_gpuvm_ops);
	drm_gem_object_put(r_obj);	/* the gpuvm holds it */
	return vm;

err_uat:
	agx4_uat_fini(&vm->uat);
err_free:
	kfree(vm);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_create);

/**
 * agx4_vm_get() - take a reference to a VM
 * @vm: the VM.
 *
 * Return: @vm.
 */
struct agx4_vm *agx4_vm_get(struct agx4_vm *vm)
{
	kref_get(&vm->ref);
	return vm;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_get);

/* Remove every mapping; never allocates, so it cannot fail. */
static void unmap_all_locked(struct agx4_vm *vm)
{
	struct drm_gpuva *va, *next;
	struct agx4_uat_op uop;

	lockdep_assert_held(&vm->bind_lock);
	mutex_lock(&vm->uat.lock);
	agx4_uat_op_begin(&vm->uat, &uop);
	drm_gpuvm_for_each_va_safe(va, next, &vm->base) {
		if (va == &vm->base.kernel_alloc_node)
			continue;
		agx4_uat_op_unmap(&uop, va->va.addr, va->va.range);
		drm_gpuva_remove(va);
		unlink_va(va);
		kfree(va);
	}
	agx4_uat_op_end(&uop);
	mutex_unlock(&vm->uat.lock);
}

static void vm_release(struct kref *ref)
{
	struct agx4_vm *vm = container_of(ref, struct agx4_vm, ref);

	/* The backend's objects first: they may be mapped in the VM. */
	if (vm->fw_free)
		vm->fw_free(vm, vm->fw);
	/* Every mapping goes with the last user; no context uses it now. */
	mutex_lock(&vm->bind_lock);
	unmap_all_locked(vm);
	mutex_unlock(&vm->bind_lock);
	agx4_uat_fini(&vm->uat);
	drm_gpuvm_put(&vm->base);
}

/**
 * agx4_vm_put() - drop a reference to a VM
 * @vm: the VM; the last reference unmaps everything and frees it.
 */
void agx4_vm_put(struct agx4_vm *vm)
{
	if (vm)
		kref_put(&vm->ref, vm_release);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_put);

/**
 * agx4_vm_fw_state() - the submission backend's state of a VM
 * @vm: the VM.
 * @make: makes the state at the VM's first use (may sleep and allocate,
 *	map firmware objects in @vm and take a context); returns it or an
 *	ERR_PTR().  Serialised with every other make of @vm's state.
 * @free: frees it when the VM's last reference goes, before the
 *	mappings do.
 * @arg: for @make.
 *
 * The backend keeps its per-VM state here and locks it itself; the VM's
 * own lock (&agx4_vm.fw_lock) stays with the VM unit.
 *
 * Return: the state, made now or before, or @make's ERR_PTR().
 */
void *agx4_vm_fw_state(struct agx4_vm *vm,
		       void *(*make)(struct agx4_vm *vm, void *arg),
		       void (*free)(struct agx4_vm *vm, void *fw), void *arg)
{
	void *fw;

	mutex_lock(&vm->fw_lock);
	fw = vm->fw;
	if (!fw) {
		fw = make(vm, arg);
		if (!IS_ERR(fw)) {
			vm->fw = fw;
			vm->fw_free = free;
		}
	}
	mutex_unlock(&vm->fw_lock);
	return fw;
}

/**
 * agx4_vm_fw_renew() - let go of the backend's state of an earlier firmware
 * @vm: the VM.
 * @incarnation: the firmware boot (&agx4_fw_boot.incarnation) running now.
 *
 * A VM whose backend state (agx4_vm_fw_state()) was made for a firmware
 * that restarted since has it freed, the backend told so by its own
 * record of the boot it was made for, and made again at the next use.
 * The caller guarantees that nothing made for the old firmware uses the
 * state any more (the job unit renews every queue first).  Otherwise @vm
 * is only marked as used with @incarnation.
 */
void agx4_vm_fw_renew(struct agx4_vm *vm, u32 incarnation)
{
	mutex_lock(&vm->fw_lock);
	if (vm->fw && vm->fw_incarnation != incarnation) {
		vm->fw_free(vm, vm->fw);
		vm->fw = NULL;
		vm->fw_free = NULL;
	}
	vm->fw_incarnation = incarnation;
	mutex_unlock(&vm->fw_lock);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_fw_renew);

static bool overlaps(u64 a, u64 alen, u64 b, u64 blen)
{
	return a < b + blen && b < a + alen;
}

/**
 * agx4_vm_check_op_shape() - the checks of an operation that need no object
 * @vm: the VM.
 * @op: the operation; @op->obj is not looked at.
 *
 * Alignment, flags, overflow, the window, the carve-out and the shape of
 * an unbind: what the ioctl checks before it looks the object up, so that
 * errors come in the order the UAPI gives.
 *
 * Return: 0 or -EINVAL.
 */
int agx4_vm_check_op_shape(struct agx4_vm *vm, const struct agx4_vm_bind_op *op)
{
	const u64 pg = AGX4_UAT_PAGE_SIZE;
	u64 end;
	u32 i;

	if (!op->range || !IS_ALIGNED(op->addr | op->range | op->offset, pg))
		return -EINVAL;
	if (op->flags & AGX4_BIND_UNBIND) {
		if (op->flags != AGX4_BIND_UNBIND || op->offset)
			return -EINVAL;
	} else if (op->flags & ~(AGX4_BIND_READ | AGX4_BIND_WRITE |
				 AGX4_BIND_SINGLE_PAGE) ||
		   !(op->flags & (AGX4_BIND_READ | AGX4_BIND_WRITE))) {
		return -EINVAL;
	}
	if (check_add_overflow(op->addr, op->range, &end))
		return -EINVAL;
	if (op->addr < vm->base.mm_start ||
	    end > vm->base.mm_start + vm->base.mm_range)
		return -EINVAL;
	if (overlaps(op->addr, op->range, vm->kernel_start,
		     vm->kernel_end - vm->kernel_start))
		return -EINVAL;
	for (i = 0; i < vm->num_reserved; i++)
		if (overlaps(op->addr, op->range, vm->reserved[i].start,
			     vm->reserved[i].size))
			return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_check_op_shape);

/* [@va, @va + @size) lies within [@start, @start + @len). */
static bool within(u64 va, u64 size, u64 start, u64 len)
{
	return va >= start && va - start <= len && size <= len - (va - start);
}

/* [@va, @va + @size) is the backend's: the carve-out or a reserved range. */
static bool backend_range(const struct agx4_vm *vm, u64 va, u64 size)
{
	u32 i;

	if (within(va, size, vm->kernel_start,
		   vm->kernel_end - vm->kernel_start))
		return true;
	for (i = 0; i < vm->num_reserved; i++)
		if (within(va, size, vm->reserved[i].start,
			   vm->reserved[i].size))
			return true;
	return false;
}

/**
 * agx4_vm_map_fw_obj() - map part of a firmware object in a VM
 * @vm: the VM.
 * @va: where: in its kernel carve-out or a range the backend reserved
 *	(agx4_vm_reserve()), which no user bind reaches.
 * @obj: the object.
 * @off: the part's offset in @obj, a multiple of 16 KiB.
 * @size: its bytes, a multiple of 16 KiB.
 * @prot: the attributes.
 *
 * How a submission backend maps its objects in a client's VM: under the
 * VM's bind lock, as every change of its tables.  The backend unmaps them
 * (agx4_vm_unmap_fw()) before it frees the object.
 *
 * Return: 0; -EINVAL for a range that is not the backend's (a driver
 * bug, named in the log) or as agx4_fw_obj_map_part().
 */
int agx4_vm_map_fw_obj(struct agx4_vm *vm, u64 va, struct agx4_fw_obj *obj,
		       u64 off, u64 size, const struct agx4_uat_prot *prot)
{
	int ret;

	if (!backend_range(vm, va, size)) {
		drm_err_ratelimited(vm->base.drm,
				    "firmware object mapped at %#llx+%#llx, outside the kernel's ranges\n",
				    va, size);
		return -EINVAL;
	}
	mutex_lock(&vm->bind_lock);
	ret = agx4_fw_obj_map_part(obj, off, size, &vm->uat, va, prot);
	mutex_unlock(&vm->bind_lock);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_map_fw_obj);

/**
 * agx4_vm_unmap_fw() - unmap what agx4_vm_map_fw_obj() mapped
 * @vm: the VM.
 * @va: where.
 * @size: its bytes.
 */
void agx4_vm_unmap_fw(struct agx4_vm *vm, u64 va, u64 size)
{
	/* Never a user's mapping. */
	if (!backend_range(vm, va, size))
		return;
	mutex_lock(&vm->bind_lock);
	agx4_fw_obj_unmap_part(&vm->uat, va, size);
	mutex_unlock(&vm->bind_lock);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_unmap_fw);

/**
 * agx4_vm_pin_window() - keep the page tables of a backend range in place
 * @vm: the VM.
 * @w: the window, not pinned.
 * @va: the range: in the kernel carve-out or a range the backend reserved,
 *	16 KiB pages, nothing mapped there (the leaf tables at its ends may
 *	hold user mappings outside it).
 * @size: its bytes.
 *
 * Under the VM's bind lock.  From then on the backend maps firmware
 * objects there with agx4_fw_obj_window_map(), which neither sleeps nor
 * allocates; it unpins the window (agx4_vm_unpin_window()) before the VM
 * goes.
 *
 * Return: 0; -EINVAL for a range that is not the backend's (a driver
 * bug, named in the log) or as agx4_uat_window_pin().
 */
int agx4_vm_pin_window(struct agx4_vm *vm, struct agx4_uat_window *w,
		       u64 va, u64 size)
{
	int ret;

	if (!backend_range(vm, va, size)) {
		drm_err_ratelimited(vm->base.drm,
				    "window pinned at %#llx+%#llx, outside the kernel's ranges\n",
				    va, size);
		return -EINVAL;
	}
	mutex_lock(&vm->bind_lock);
	ret = agx4_uat_window_pin(&vm->uat, w, va, size);
	mutex_unlock(&vm->bind_lock);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_pin_window);

/**
 * agx4_vm_unpin_window() - give a window's page tables back
 * @vm: the VM.
 * @w: the window, whose mappings are gone; not pinned: ignored.
 */
void agx4_vm_unpin_window(struct agx4_vm *vm, struct agx4_uat_window *w)
{
	mutex_lock(&vm->bind_lock);
	agx4_uat_window_unpin(w);
	mutex_unlock(&vm->bind_lock);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_unpin_window);

/**
 * agx4_vm_reserve() - keep user binds out of the backend's windows
 * @vm: a new VM, with no mapping yet.
 * @r: GPU ranges outside the kernel carve-out that the submission backend
 *	maps itself; they must outlive @vm (the backend's static table).
 * @n: entries of @r.
 *
 * Return: 0, or -EINVAL if the kernel carve-out overlaps one of them (the
 * backend's own mappings there would then collide).
 */
int agx4_vm_reserve(struct agx4_vm *vm, const struct agx4_range *r, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		if (overlaps(vm->kernel_start, vm->kernel_end - vm->kernel_start,
			     r[i].start, r[i].size))
			return -EINVAL;
	vm->reserved = r;
	vm->num_reserved = n;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_reserve);

static int validate_op(struct agx4_vm *vm, const struct agx4_vm_bind_op *op)
{
	u64 used, last;
	int ret;

	ret = agx4_vm_check_op_shape(vm, op);
	if (ret)
		return ret;
	if (op->flags & AGX4_BIND_UNBIND)
		return op->obj ? -EINVAL : 0;
	if (!op->obj)
		return -ENOENT;
	/*
	 * The object is this device's (a handle of the client's file, an
	 * import included): an import the GPU cannot map fails when its
	 * pages are pinned, before anything changes.
	 */
	used = op->flags & AGX4_BIND_SINGLE_PAGE ? AGX4_UAT_PAGE_SIZE :
		op->range;
	if (check_add_overflow(op->offset, used, &last) ||
	    last > op->obj->size)
		return -EINVAL;
	if ((to_agx4_bo(op->obj)->flags & AGX4_BO_VM_PRIVATE) &&
	    to_agx4_bo(op->obj)->vm_root != vm->base.r_obj)
		return -EINVAL;
	return 0;
}

static void ctx_cleanup(struct bind_ctx *ctx, unsigned int n)
{
	struct drm_gpuva *va, *tmp;
	unsigned int i;

	list_for_each_entry_safe(va, tmp, &ctx->dead, gem.entry)
		kfree(va);
	for (i = 0; i < ctx->nvas; i++)
		kfree(ctx->vas[i]);
	/* The array itself may be what could not be allocated. */
	for (i = 0; ctx->vm_bos && i < n; i++) {
		struct drm_gpuvm_bo *vm_bo = ctx->vm_bos[i];
		struct agx4_gem_object *bo;

		if (!vm_bo)
			continue;
		bo = to_agx4_bo(vm_bo->obj);
		/* Never linked: dropping it frees it and its references. */
		drm_gem_object_get(&bo->base.base);
		mutex_lock(&bo->gpuva_lock);
		drm_gpuvm_bo_put(vm_bo);
		mutex_unlock(&bo->gpuva_lock);
		drm_gem_object_put(&bo->base.base);
	}
	kvfree(ctx->vas);
	kvfree(ctx->vm_bos);
}

static int bind_locked(struct agx4_vm *vm, const struct agx4_vm_bind_op *ops,
		       unsigned int n)
{
	struct bind_ctx ctx = { .vm = vm };
	unsigned int i;
	int ret;

	lockdep_assert_held(&vm->bind_lock);

	/* 1: validate everything before touching anything. */
	for (i = 0; i < n; i++) {
		ret = validate_op(vm, &ops[i]);
		if (ret)
			return ret;
	}

	/* 2: prepare; on failure nothing is visible yet. */
	INIT_LIST_HEAD(&ctx.dead);
	ctx.vas = kvcalloc(n, VAS_PER_OP * sizeof(*ctx.vas), GFP_KERNEL);
	ctx.vm_bos = kvcalloc(n, sizeof(*ctx.vm_bos), GFP_KERNEL);
	if (!ctx.vas || !ctx.vm_bos) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < n * VAS_PER_OP; i++) {
		ctx.vas[i] = kzalloc(sizeof(*ctx.vas[i]), GFP_KERNEL);
		if (!ctx.vas[i]) {
			ret = -ENOMEM;
			goto out;
		}
		ctx.nvas++;
	}
	for (i = 0; i < n; i++) {
		if (ops[i].flags & AGX4_BIND_UNBIND)
			continue;
		/* Pins the pages until the object is freed. */
		ret = agx4_gem_pin_pages(to_agx4_bo(ops[i].obj));
		if (ret)
			goto out;
		ctx.vm_bos[i] = drm_gpuvm_bo_create(&vm->base, ops[i].obj);
		if (!ctx.vm_bos[i]) {
			ret = -ENOMEM;
			goto out;
		}
	}

	mutex_lock(&vm->uat.lock);
	agx4_uat_op_begin(&vm->uat, &ctx.uop);
	for (i = 0; i < n; i++) {
		if (ops[i].flags & AGX4_BIND_UNBIND)
			continue;
		ret = agx4_uat_op_reserve(&ctx.uop, ops[i].addr, ops[i].range);
		if (ret) {
			agx4_uat_op_end(&ctx.uop);
			mutex_unlock(&vm->uat.lock);
			goto out;
		}
	}

	/* 3: apply; nothing below can fail. */
	for (i = 0; i < n; i++) {
		ctx.op = &ops[i];
		ctx.op_index = i;
		if (ops[i].flags & AGX4_BIND_UNBIND)
			ret = drm_gpuvm_sm_unmap(&vm->base, &ctx, ops[i].addr,
						 ops[i].range);
		else
			ret = drm_gpuvm_sm_map(&vm->base, &ctx, ops[i].addr,
					       ops[i].range, ops[i].obj,
					       ops[i].offset);
		WARN_ON(ret);
	}
	agx4_uat_op_end(&ctx.uop);
	mutex_unlock(&vm->uat.lock);
	ret = 0;
out:
	ctx_cleanup(&ctx, n);
	return ret;
}

/**
 * agx4_vm_bind() - apply VM_BIND operations, all or none
 * @vm: the VM.
 * @ops: the operations, applied in order.
 * @n: their number; 0 is a successful no-op.
 *
 * Return: 0; -EINVAL for an invalid operation (misaligned, out of the
 * window, over the carve-out, beyond the object, bad flags, another VM's
 * private object); -ENOENT for a bind without an object; -ENOMEM.  On
 * error the VM is unchanged.
 */
int agx4_vm_bind(struct agx4_vm *vm, const struct agx4_vm_bind_op *ops,
		 unsigned int n)
{
	int ret;

	if (!n)
		return 0;
	mutex_lock(&vm->bind_lock);
	ret = bind_locked(vm, ops, n);
	mutex_unlock(&vm->bind_lock);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_bind);

/**
 * agx4_vm_unmap_obj() - remove every mapping of an object from a VM
 * @vm: the VM.
 * @obj: the object (its handle is being closed).
 *
 * Return: 0 or -ENOMEM (nothing unmapped).
 */
int agx4_vm_unmap_obj(struct agx4_vm *vm, struct drm_gem_object *obj)
{
	struct agx4_gem_object *bo = to_agx4_bo(obj);
	struct agx4_vm_bind_op *ops = NULL;
	struct drm_gpuvm_bo *vm_bo;
	struct drm_gpuva *va;
	unsigned int n = 0, i = 0;
	int ret = 0;

	mutex_lock(&vm->bind_lock);
	mutex_lock(&bo->gpuva_lock);
	vm_bo = drm_gpuvm_bo_find(&vm->base, obj);
	if (vm_bo) {
		drm_gpuvm_bo_for_each_va(va, vm_bo)
			n++;
		ops = kvcalloc(n, sizeof(*ops), GFP_KERNEL);
		if (ops) {
			drm_gpuvm_bo_for_each_va(va, vm_bo) {
				ops[i].flags = AGX4_BIND_UNBIND;
				ops[i].addr = va->va.addr;
				ops[i].range = va->va.range;
				i++;
			}
		}
		drm_gpuvm_bo_put(vm_bo);
	}
	mutex_unlock(&bo->gpuva_lock);
	if (n && !ops)
		ret = -ENOMEM;
	else if (n)
		ret = bind_locked(vm, ops, n);
	mutex_unlock(&vm->bind_lock);
	kvfree(ops);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_unmap_obj);

/**
 * agx4_vm_num_mappings() - how many mappings a VM has
 * @vm: the VM.
 *
 * Return: the number of &drm_gpuva in its tree (kernel carve-out excluded).
 */
unsigned int agx4_vm_num_mappings(struct agx4_vm *vm)
{
	struct drm_gpuva *va;
	unsigned int n = 0;

	mutex_lock(&vm->bind_lock);
	drm_gpuvm_for_each_va(va, &vm->base)
		if (va != &vm->base.kernel_alloc_node)
			n++;
	mutex_unlock(&vm->bind_lock);
	return n;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_num_mappings);

/**
 * struct agx4_vm_pool - a file's VMs
 */
struct agx4_vm_pool {
	/**
	 * @lock: serialises changes of @xa with walks over it that sleep
	 * (closing an object handle unmaps it from every VM of the file).
	 */
	struct mutex lock;
	/** @xa: the VMs by id, from 1; each entry holds a reference. */
	struct xarray xa;
};

/**
 * agx4_vm_pool_create() - an empty pool for a new file
 *
 * Return: the pool or NULL.
 */
struct agx4_vm_pool *agx4_vm_pool_create(void)
{
	struct agx4_vm_pool *pool = kzalloc(sizeof(*pool), GFP_KERNEL);

	if (!pool)
		return NULL;
	mutex_init(&pool->lock);
	xa_init_flags(&pool->xa, XA_FLAGS_ALLOC1);
	return pool;
}

/**
 * agx4_vm_pool_destroy() - drop every VM of a closing file
 * @pool: the pool, or NULL.
 *
 * A VM still used by queues or jobs lives on until they drop it.
 */
void agx4_vm_pool_destroy(struct agx4_vm_pool *pool)
{
	struct agx4_vm *vm;
	unsigned long id;

	if (!pool)
		return;
	xa_for_each(&pool->xa, id, vm)
		agx4_vm_put(xa_erase(&pool->xa, id));
	xa_destroy(&pool->xa);
	mutex_destroy(&pool->lock);
	kfree(pool);
}

/**
 * agx4_vm_pool_add() - give a VM an id
 * @pool: the file's pool.
 * @vm: the VM; the pool takes over the caller's reference on success.
 * @id: the new id, from 1.
 *
 * Return: 0, -ENOSPC past %AGX4_VM_MAX_PER_FILE VMs, -ENOMEM.
 */
int agx4_vm_pool_add(struct agx4_vm_pool *pool, struct agx4_vm *vm, u32 *id)
{
	int ret;

	mutex_lock(&pool->lock);
	ret = xa_alloc(&pool->xa, id, vm, XA_LIMIT(1, AGX4_VM_MAX_PER_FILE),
		       GFP_KERNEL);
	mutex_unlock(&pool->lock);
	return ret == -EBUSY ? -ENOSPC : ret;
}

/**
 * agx4_vm_pool_get() - look a VM up by id
 * @pool: the file's pool.
 * @id: the VM's id.
 *
 * Return: the VM with a reference the caller drops, or NULL.
 */
struct agx4_vm *agx4_vm_pool_get(struct agx4_vm_pool *pool, u32 id)
{
	struct agx4_vm *vm;

	xa_lock(&pool->xa);
	vm = xa_load(&pool->xa, id);
	if (vm)
		agx4_vm_get(vm);
	xa_unlock(&pool->xa);
	return vm;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_pool_get);

/**
 * agx4_vm_pool_remove() - drop a VM's id
 * @pool: the file's pool.
 * @id: the VM's id.
 *
 * The VM goes once queues and jobs using it let it go.
 *
 * Return: 0, or -ENOENT for an unknown id.
 */
int agx4_vm_pool_remove(struct agx4_vm_pool *pool, u32 id)
{
	struct agx4_vm *vm;

	mutex_lock(&pool->lock);
	vm = xa_erase(&pool->xa, id);
	mutex_unlock(&pool->lock);
	if (!vm)
		return -ENOENT;
	agx4_vm_put(vm);
	return 0;
}

/* Does @obj have a mapping in @vm? */
static bool mapped_in(struct agx4_vm *vm, struct drm_gem_object *obj)
{
	struct agx4_gem_object *bo = to_agx4_bo(obj);
	struct drm_gpuvm_bo *vm_bo;
	bool mapped = false;

	mutex_lock(&bo->gpuva_lock);
	vm_bo = drm_gpuvm_bo_find(&vm->base, obj);
	if (vm_bo) {
		mapped = !list_empty(&vm_bo->list.gpuva);
		drm_gpuvm_bo_put(vm_bo);
	}
	mutex_unlock(&bo->gpuva_lock);
	return mapped;
}

/**
 * agx4_vm_pool_unmap_obj() - remove an object from every VM of a file
 * @pool: the file's pool.
 * @obj: an object whose handle the file closes.
 * @wait: jiffies to wait, at most, for the work of a VM that maps @obj.
 *
 * Closing a handle removes the object's mappings from every VM of the
 * file, as upstream does; Mesa relies on it and never unbinds first.  A
 * failure to allocate leaves the mappings until the VM goes.
 *
 * When a file is closed, DRM closes its handles before the driver's
 * postclose, with the client's jobs possibly still running on the GPU:
 * their commands and data are in the objects whose handles go.  So before
 * a VM loses a mapping of @obj, the work in flight in that VM (every
 * fence of its reservation) is waited for, up to @wait: a job that runs
 * ends within the job timeout, by completing or by being killed, and a
 * job still waiting for a dependency reads nothing yet (the file's queues
 * are destroyed next).  A client that closes a handle while its own jobs
 * are running waits the same way.
 */
void agx4_vm_pool_unmap_obj(struct agx4_vm_pool *pool,
			    struct drm_gem_object *obj, long wait)
{
	struct agx4_vm *vm;
	unsigned long id;

	mutex_lock(&pool->lock);
	xa_for_each(&pool->xa, id, vm) {
		if (!mapped_in(vm, obj))
			continue;
		dma_resv_wait_timeout(drm_gpuvm_resv(&vm->base),
				      DMA_RESV_USAGE_BOOKKEEP, false, wait);
		agx4_vm_unmap_obj(vm, obj);
	}
	mutex_unlock(&pool->lock);
}

/**
 * agx4_vm_pool_show() - a file's VMs, for the debugfs file ``gpuvas``
 * @pool: the file's VMs.
 * @m: the debugfs file.
 *
 * For each VM a line with its id and kernel carve-out, then its mappings
 * as drm_debugfs_gpuva_info() prints them, read under the VM's bind lock.
 */
void agx4_vm_pool_show(struct agx4_vm_pool *pool, struct seq_file *m)
{
	struct agx4_vm *vm;
	unsigned long id;

	mutex_lock(&pool->lock);
	xa_for_each(&pool->xa, id, vm) {
		seq_printf(m, "vm %lu: kernel carve-out [0x%016llx;0x%016llx]\n",
			   id, vm->kernel_start, vm->kernel_end);
		mutex_lock(&vm->bind_lock);
		drm_debugfs_gpuva_info(m, &vm->base);
		mutex_unlock(&vm->bind_lock);
	}
	mutex_unlock(&pool->lock);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_pool_show);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_vm_pool_count() - VMs a pool holds
 * @pool: the pool.
 *
 * Return: the number of ids.
 */
unsigned int agx4_vm_pool_count(struct agx4_vm_pool *pool)
{
	struct agx4_vm *vm;
	unsigned long id;
	unsigned int n = 0;

	xa_for_each(&pool->xa, id, vm)
		n++;
	return n;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_vm_pool_count);
#endif
