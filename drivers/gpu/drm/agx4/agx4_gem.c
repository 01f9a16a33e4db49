// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/dma-buf.h>
#include <linux/err.h>
#include <linux/overflow.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_prime.h>

#include <kunit/visibility.h>

#include <uapi/drm/asahi_drm.h>

#include "agx4_device.h"
#include "agx4_file.h"
#include "agx4_fw_obj.h"
#include "agx4_gem.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: GEM objects
 *
 * Buffer objects are shmem-backed GEM objects, sized in whole 16 KiB GPU
 * pages.  Without %AGX4_BO_WRITEBACK the CPU maps them write-combined,
 * with it write-back (the GPU snoops the CPU caches for these).  A
 * %AGX4_BO_VM_PRIVATE object belongs to one VM: it shares the VM's
 * reservation object (so it is locked, fenced and evicted with the VM as a
 * whole, with no per-object bookkeeping on submission), may only be bound
 * into that VM, and cannot be exported.  Every other object can be shared
 * with PRIME.
 *
 * Pages are pinned while the object is mapped into any VM (the VM holds a
 * pin on the pages' scatter list), and the object lives as long as its
 * last handle, dma-buf or VM mapping.
 */

static_assert(AGX4_BO_WRITEBACK == DRM_ASAHI_GEM_WRITEBACK);
static_assert(AGX4_BO_VM_PRIVATE == DRM_ASAHI_GEM_VM_PRIVATE);

static void agx4_gem_free(struct drm_gem_object *obj)
{
	struct agx4_gem_object *bo = to_agx4_bo(obj);
	struct drm_gem_object *vm_root = bo->vm_root;
	struct agx4_device *adev = to_agx4_device(obj->dev);

	mutex_destroy(&bo->gpuva_lock);
	drm_gem_shmem_free(&bo->base);	/* frees @bo */
	if (vm_root)
		drm_gem_object_put(vm_root);
	atomic_dec(&adev->gem_objects);
}

static struct dma_buf *agx4_gem_export(struct drm_gem_object *obj, int flags)
{
	/* A VM-private object's reservation is the VM's: never shared. */
	if (to_agx4_bo(obj)->flags & AGX4_BO_VM_PRIVATE)
		return ERR_PTR(-EINVAL);
	return drm_gem_prime_export(obj, flags);
}

static const struct drm_gem_object_funcs agx4_gem_funcs = {
	.free = agx4_gem_free,
	.print_info = drm_gem_shmem_object_print_info,
	.pin = drm_gem_shmem_object_pin,
	.unpin = drm_gem_shmem_object_unpin,
	.get_sg_table = drm_gem_shmem_object_get_sg_table,
	.vmap = drm_gem_shmem_object_vmap,
	.vunmap = drm_gem_shmem_object_vunmap,
	.mmap = drm_gem_shmem_object_mmap,
	.export = agx4_gem_export,
	.close = agx4_file_close_object,
	.vm_ops = &drm_gem_shmem_vm_ops,
};

/**
 * agx4_gem_is_agx4() - was an object made by agx4?
 * @obj: a GEM object of any driver.
 *
 * Return: true for agx4's objects, imported ones included.
 */
bool agx4_gem_is_agx4(struct drm_gem_object *obj)
{
	return obj->funcs == &agx4_gem_funcs;
}

/**
 * agx4_gem_create_object() - &drm_driver.gem_create_object
 * @drm: the device.
 * @size: object size.
 *
 * Also used for imported objects, which are never VM-private.
 *
 * Return: a new object or an ERR_PTR().
 */
struct drm_gem_object *agx4_gem_create_object(struct drm_device *drm,
					      size_t size)
{
	struct agx4_gem_object *bo = kzalloc(sizeof(*bo), GFP_KERNEL);

	if (!bo)
		return ERR_PTR(-ENOMEM);
	bo->base.base.funcs = &agx4_gem_funcs;
	mutex_init(&bo->gpuva_lock);
	drm_gem_gpuva_set_lock(&bo->base.base, &bo->gpuva_lock);
	atomic_inc(&to_agx4_device(drm)->gem_objects);
	return &bo->base.base;
}

/**
 * agx4_gem_create() - create a buffer object
 * @drm: the device.
 * @size: bytes; rounded up to whole 16 KiB pages.
 * @flags: AGX4_BO_* flags.
 * @vm_root: with %AGX4_BO_VM_PRIVATE, the VM's reservation object (the
 *	new object takes a reference); NULL otherwise.
 *
 * Return: the object, or ERR_PTR(-EINVAL) for a zero or oversized size,
 * unknown flags or a VM-private object without its VM, -ENOMEM.
 */
struct agx4_gem_object *agx4_gem_create(struct drm_device *drm, u64 size,
					u32 flags,
					struct drm_gem_object *vm_root)
{
	struct drm_gem_shmem_object *shmem;
	struct agx4_gem_object *bo;

	if (!size || size > AGX4_BO_MAX_SIZE || (flags & ~AGX4_BO_FLAGS) ||
	    !(flags & AGX4_BO_VM_PRIVATE) != !vm_root)
		return ERR_PTR(-EINVAL);

	shmem = drm_gem_shmem_create(drm, ALIGN(size, AGX4_UAT_PAGE_SIZE));
	if (IS_ERR(shmem))
		return ERR_CAST(shmem);
	bo = container_of(shmem, struct agx4_gem_object, base);
	bo->flags = flags;
	shmem->map_wc = !(flags & AGX4_BO_WRITEBACK);
	if (vm_root) {
		drm_gem_object_get(vm_root);
		bo->vm_root = vm_root;
		bo->base.base.resv = vm_root->resv;
	}
	return bo;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_gem_create);

/**
 * agx4_gem_create_with_handle() - create an object and a handle to it
 * @file: the client.
 * @drm: the device.
 * @size: as for agx4_gem_create().
 * @flags: as for agx4_gem_create().
 * @vm_root: as for agx4_gem_create().
 * @handle: the new handle.
 *
 * The handle holds the only reference; on failure nothing is left.
 *
 * Return: 0 or a negative errno.
 */
int agx4_gem_create_with_handle(struct drm_file *file, struct drm_device *drm,
				u64 size, u32 flags,
				struct drm_gem_object *vm_root, u32 *handle)
{
	struct agx4_gem_object *bo;
	int ret;

	bo = agx4_gem_create(drm, size, flags, vm_root);
	if (IS_ERR(bo))
		return PTR_ERR(bo);
	ret = drm_gem_handle_create(file, &bo->base.base, handle);
	drm_gem_object_put(&bo->base.base);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_gem_create_with_handle);

/**
 * agx4_gem_mmap_offset() - the fake offset to mmap an object at
 * @file: the client.
 * @handle: its handle to the object.
 * @offset: the offset for mmap() on the DRM file.
 *
 * Return: 0, -ENOENT for an unknown handle, or a negative errno.
 */
int agx4_gem_mmap_offset(struct drm_file *file, u32 handle, u64 *offset)
{
	struct drm_gem_object *obj;
	int ret;

	obj = drm_gem_object_lookup(file, handle);
	if (!obj)
		return -ENOENT;
	ret = drm_gem_create_mmap_offset(obj);
	if (!ret)
		*offset = drm_vma_node_offset_addr(&obj->vma_node);
	drm_gem_object_put(obj);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_gem_mmap_offset);

/**
 * agx4_gem_page_pa() - physical address of one 16 KiB GPU page of an object
 * @bo: the object; its pages must be pinned (drm_gem_shmem_get_pages_sgt()).
 * @index: the GPU page.
 *
 * With 16 KiB CPU pages (every configuration that can drive the GPU) this
 * is the page's address.  With smaller CPU pages, possible only in
 * COMPILE_TEST builds such as the UML KUnit kernel, shmem gives no 16 KiB
 * contiguity: the GPU page is then labelled by the 16 KiB-aligned address
 * of its first CPU page, which keeps translations checkable in tests but
 * could not be used by hardware.
 *
 * Return: the address.
 */
phys_addr_t agx4_gem_page_pa(struct agx4_gem_object *bo, u64 index)
{
	const u64 per = AGX4_UAT_PAGE_SIZE / PAGE_SIZE;

	return page_to_phys(bo->base.pages[index * per]) &
	       ~(phys_addr_t)(AGX4_UAT_PAGE_SIZE - 1);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_gem_page_pa);

/**
 * agx4_gem_bind_fw() - map a slice of an object for the firmware
 * @window: where the firmware accepts such objects (for timestamps, the
 *	firmware's timestamp aperture).
 * @bo: the object; pinned and referenced until agx4_gem_unbind_fw().
 * @offset: byte offset of the slice, 16 KiB aligned.
 * @range: its size, 16 KiB aligned, not 0; the slice must fit @bo.
 *
 * This is GEM_BIND_OBJECT: the firmware writes command timestamps into
 * the slice.
 *
 * Return: the binding, ERR_PTR(-EINVAL) for a bad slice, -ENOSPC when the
 * window is full, -ENOMEM.
 */
struct agx4_gem_fw_binding *agx4_gem_bind_fw(struct agx4_fw_obj_heap *window,
					     struct agx4_gem_object *bo,
					     u64 offset, u64 range)
{
	const u64 pg = AGX4_UAT_PAGE_SIZE;
	struct agx4_gem_fw_binding *b;
	struct sg_table *sgt;
	phys_addr_t *pas;
	u64 end, i, n;

	if (!range || !IS_ALIGNED(offset | range, pg) ||
	    check_add_overflow(offset, range, &end) ||
	    end > bo->base.base.size)
		return ERR_PTR(-EINVAL);

	sgt = drm_gem_shmem_get_pages_sgt(&bo->base);	/* pins the pages */
	if (IS_ERR(sgt))
		return ERR_CAST(sgt);
	n = range / pg;
	pas = kvmalloc_array(n, sizeof(*pas), GFP_KERNEL);
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!pas || !b) {
		kvfree(pas);
		kfree(b);
		return ERR_PTR(-ENOMEM);
	}
	for (i = 0; i < n; i++)
		pas[i] = agx4_gem_page_pa(bo, offset / pg + i);
	b->fw = agx4_fw_obj_map_pages(window, pas, n, AGX4_FW_OBJ_EXTERNAL);
	kvfree(pas);
	if (IS_ERR(b->fw)) {
		long err = PTR_ERR(b->fw);

		kfree(b);
		return ERR_PTR(err);
	}
	drm_gem_object_get(&bo->base.base);
	kref_init(&b->ref);
	b->bo = bo;
	return b;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_gem_bind_fw);

static void binding_release(struct kref *ref)
{
	struct agx4_gem_fw_binding *b =
		container_of(ref, struct agx4_gem_fw_binding, ref);

	agx4_fw_obj_destroy(b->fw);
	drm_gem_object_put(&b->bo->base.base);
	kfree(b);
}

/**
 * agx4_gem_unbind_fw() - drop a reference of a binding
 * @b: the binding; the last reference unmaps it, once the firmware no
 *	longer writes to it.
 */
void agx4_gem_unbind_fw(struct agx4_gem_fw_binding *b)
{
	kref_put(&b->ref, binding_release);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_gem_unbind_fw);

/**
 * agx4_gem_ts_get() - look a timestamp object of a file up
 * @file: the file.
 * @handle: the object handle GEM_BIND_OBJECT returned.
 *
 * Return: the binding with a reference (agx4_gem_unbind_fw() drops it), or
 * NULL.
 */
struct agx4_gem_fw_binding *agx4_gem_ts_get(struct drm_file *file, u32 handle)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_gem_fw_binding *b;

	xa_lock(&af->ts_objects);
	b = xa_load(&af->ts_objects, handle);
	if (b)
		kref_get(&b->ref);
	xa_unlock(&af->ts_objects);
	return b;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_gem_ts_get);

/**
 * agx4_ioctl_gem_create() - DRM_IOCTL_ASAHI_GEM_CREATE
 * @drm: the device.
 * @data: &struct drm_asahi_gem_create; @size is left as given.
 * @file: the client.
 *
 * Return: 0; -EINVAL for a non-zero pad, unknown flags, a VM id without
 * %DRM_ASAHI_GEM_VM_PRIVATE or a bad size; -ENOENT for an unknown VM;
 * -ENOMEM.
 */
int agx4_ioctl_gem_create(struct drm_device *drm, void *data,
			  struct drm_file *file)
{
	struct drm_asahi_gem_create *args = data;
	struct agx4_vm *vm = NULL;
	int ret;

	if (args->pad || (args->flags & ~AGX4_BO_FLAGS))
		return -EINVAL;
	if (args->flags & AGX4_BO_VM_PRIVATE) {
		vm = agx4_file_get_vm(file, args->vm_id);
		if (!vm)
			return -ENOENT;
	} else if (args->vm_id) {
		return -EINVAL;
	}
	ret = agx4_gem_create_with_handle(file, drm, args->size, args->flags,
					  vm ? vm->base.r_obj : NULL,
					  &args->handle);
	agx4_vm_put(vm);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_gem_create);

/**
 * agx4_ioctl_gem_mmap_offset() - DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET
 * @drm: the device.
 * @data: &struct drm_asahi_gem_mmap_offset.
 * @file: the client.
 *
 * Return: 0, -EINVAL for non-zero flags, -ENOENT for an unknown handle.
 */
int agx4_ioctl_gem_mmap_offset(struct drm_device *drm, void *data,
			       struct drm_file *file)
{
	struct drm_asahi_gem_mmap_offset *args = data;

	if (args->flags)
		return -EINVAL;
	return agx4_gem_mmap_offset(file, args->handle, &args->offset);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_gem_mmap_offset);

static int bind_object(struct agx4_device *adev, struct drm_file *file,
		       struct drm_asahi_gem_bind_object *args)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_gem_fw_binding *b;
	struct drm_gem_object *obj;
	int ret;

	if (args->flags != DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS)
		return -EINVAL;
	if (!adev->mem.ready)
		return -ENODEV;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	if (!agx4_gem_owns_pages(obj)) {
		/* An imported object: no page array to map from. */
		drm_gem_object_put(obj);
		return -EINVAL;
	}
	b = agx4_gem_bind_fw(&adev->mem.ts, to_agx4_bo(obj), args->offset,
			     args->range);
	drm_gem_object_put(obj);
	if (IS_ERR(b))
		return PTR_ERR(b);
	ret = agx4_file_add(&af->ts_objects, b, AGX4_TS_OBJECTS_PER_FILE,
			    &args->object_handle);
	if (ret) {
		agx4_gem_unbind_fw(b);
		args->object_handle = 0;
	}
	return ret;
}

static int unbind_object(struct drm_file *file,
			 struct drm_asahi_gem_bind_object *args)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_gem_fw_binding *b;

	if (args->flags || args->handle || args->offset || args->range)
		return -EINVAL;
	b = xa_erase(&af->ts_objects, args->object_handle);
	if (!b)
		return -ENOENT;
	agx4_gem_unbind_fw(b);	/* jobs using it keep it mapped */
	return 0;
}

/**
 * agx4_ioctl_gem_bind_object() - DRM_IOCTL_ASAHI_GEM_BIND_OBJECT
 * @drm: the device.
 * @data: &struct drm_asahi_gem_bind_object.
 * @file: the client.
 *
 * BIND maps a slice of an object into the firmware's timestamp aperture
 * and returns a handle that command timestamps name; UNBIND drops the
 * handle (the mapping goes when the last job writing into it is done).
 *
 * Return: 0; -EINVAL for a non-zero pad or vm_id, an unknown op, bad
 * flags, a non-zero field UNBIND does not take, a misaligned, empty or
 * too large slice or an imported object; -ENOENT for an unknown GEM or
 * object handle; -ENOSPC when the aperture (or the file's share) is full;
 * -ENODEV once the device is gone; -ENOMEM.
 */
int agx4_ioctl_gem_bind_object(struct drm_device *drm, void *data,
			       struct drm_file *file)
{
	struct drm_asahi_gem_bind_object *args = data;
	int idx, ret;

	if (args->pad || args->vm_id)
		return -EINVAL;
	if (args->op != DRM_ASAHI_BIND_OBJECT_OP_BIND &&
	    args->op != DRM_ASAHI_BIND_OBJECT_OP_UNBIND)
		return -EINVAL;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	if (args->op == DRM_ASAHI_BIND_OBJECT_OP_BIND)
		ret = bind_object(to_agx4_device(drm), file, args);
	else
		ret = unbind_object(file, args);
	drm_dev_exit(idx);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_gem_bind_object);
