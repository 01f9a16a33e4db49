// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/dma-buf.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/overflow.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_prime.h>
#include <drm/drm_print.h>

#ifdef CONFIG_X86
#include <asm/set_memory.h>
#endif

#include <uapi/drm/asahi_drm.h>

#include "agx4_device.h"
#include "agx4_drv.h"
#include "agx4_fw_obj.h"
#include "agx4_gem.h"
#include "agx4_test_hooks.h"
#include "agx4_uat.h"

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
 *
 * Kernels whose pages are smaller than the GPU's 16 KiB (possible only
 * under COMPILE_TEST: the UML KUnit kernel and the x86_64 software
 * backend) cannot let shmem pick the pages, because a GPU page table entry
 * names one physically contiguous 16 KiB block.  There agx4 allocates each
 * object's pages itself when it is created, one naturally aligned 16 KiB
 * block per GPU page, and hands them to the shmem helper as the object's
 * page array (holding one use of it until the object is freed), so that
 * the firmware model reads and writes the memory that is really behind
 * every GPU address.  Such objects are populated at once rather than on
 * first use and are not swappable; neither matters to a model.
 */

static_assert(AGX4_BO_WRITEBACK == DRM_ASAHI_GEM_WRITEBACK);
static_assert(AGX4_BO_VM_PRIVATE == DRM_ASAHI_GEM_VM_PRIVATE);

/* One GPU page needs more than one CPU page (only under COMPILE_TEST). */
#define AGX4_GEM_SMALL_PAGES	(PAGE_SIZE < AGX4_UAT_PAGE_SIZE)
#define AGX4_GEM_BLOCK_ORDER	ilog2(AGX4_UAT_PAGE_SIZE / PAGE_SIZE)

/*
 * Back a new object with 16 KiB blocks on a small-page kernel (see the DOC
 * above).  The page array is the shmem helper's from here on: it holds one
 * use of it until agx4_gem_free(), and drm_gem_put_pages() frees both the
 * pages (they are not in the page cache, so they are simply released) and
 * the array.
 */
static int agx4_gem_alloc_blocks(struct agx4_gem_object *bo)
{
	const unsigned int per = 1 << AGX4_GEM_BLOCK_ORDER;
	struct drm_gem_shmem_object *shmem = &bo->base;
	size_t n = shmem->base.size >> PAGE_SHIFT;
	struct page **pages;
	size_t i;

	pages = kvmalloc_array(n, sizeof(*pages), GFP_KERNEL);
	if (!pages)
		return -ENOMEM;
	for (i = 0; i < n; i += per) {
		struct page *block;
		unsigned int j;

		block = alloc_pages(GFP_HIGHUSER | __GFP_ZERO | __GFP_NOWARN |
				    __GFP_RETRY_MAYFAIL, AGX4_GEM_BLOCK_ORDER);
		if (!block)
			goto fail;
		split_page(block, AGX4_GEM_BLOCK_ORDER);
		for (j = 0; j < per; j++)
			pages[i + j] = block + j;
	}
#ifdef CONFIG_X86
	/* What the shmem helper does for the pages it gets itself. */
	if (shmem->map_wc)
		set_pages_array_wc(pages, n);
#endif
	dma_resv_lock(shmem->base.resv, NULL);
	shmem->pages = pages;
	shmem->pages_use_count = 1;
	dma_resv_unlock(shmem->base.resv);
	return 0;

fail:
	while (i--)
		__free_page(pages[i]);
	kvfree(pages);
	return -ENOMEM;
}

static void agx4_gem_free(struct drm_gem_object *obj)
{
	struct agx4_gem_object *bo = to_agx4_bo(obj);
	struct drm_gem_object *vm_root = bo->vm_root;
	struct agx4_device *adev = to_agx4_device(obj->dev);

	if (AGX4_GEM_SMALL_PAGES && !obj->import_attach && bo->base.pages) {
		/* The use agx4_gem_alloc_blocks() holds. */
		dma_resv_lock(obj->resv, NULL);
		drm_gem_shmem_put_pages(&bo->base);
		dma_resv_unlock(obj->resv);
	}
	mutex_destroy(&bo->gpuva_lock);
	kvfree(bo->import_pas);
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

/*
 * &drm_gem_object_funcs.status, for fdinfo's resident memory: an object
 * with its pages (taken at its first binding or mapping), or an imported
 * one (its exporter's pages).  Read without the reservation lock, which
 * the caller's spinlock forbids: a race with the pages coming or going
 * only moves one object between two counts.  Never purgeable: the UAPI
 * has no madvise.
 */
static enum drm_gem_object_status agx4_gem_status(struct drm_gem_object *obj)
{
	struct drm_gem_shmem_object *shmem = to_drm_gem_shmem_obj(obj);

	if (obj->import_attach || READ_ONCE(shmem->pages))
		return DRM_GEM_OBJECT_RESIDENT;
	return 0;
}

/**
 * agx4_gem_describe() - one object, for the debugfs file ``gems``
 * @obj: an object of the file.
 * @handle: its handle in the file.
 * @p: where to print.
 *
 * One line: the handle, the size, how many handles name it (in every
 * file), how many VMs map it, whether its pages are there, and its kind
 * (write-back or write-combined, VM-private, imported, exported).
 * Sleeps: takes the object's mapping lock.
 */
void agx4_gem_describe(struct drm_gem_object *obj, u32 handle,
		       struct drm_printer *p)
{
	struct agx4_gem_object *bo = to_agx4_bo(obj);
	struct drm_gpuvm_bo *vm_bo;
	unsigned int vms = 0;

	mutex_lock(&bo->gpuva_lock);
	drm_gem_for_each_gpuvm_bo(vm_bo, obj)
		vms++;
	mutex_unlock(&bo->gpuva_lock);
	drm_printf(p, "handle %u: size %#zx, handles %u, vms %u, %s, %s%s%s\n",
		   handle, obj->size, READ_ONCE(obj->handle_count), vms,
		   agx4_gem_status(obj) ? "resident" : "not resident",
		   bo->flags & AGX4_BO_WRITEBACK ? "wb" : "wc",
		   bo->flags & AGX4_BO_VM_PRIVATE ? ", vm-private" : "",
		   obj->import_attach ? ", imported" :
		   obj->dma_buf ? ", exported" : "");
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_describe);

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
	.close = agx4_drv_close_object,
	.status = agx4_gem_status,
	.vm_ops = &drm_gem_shmem_vm_ops,
};

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_is_agx4);
#endif

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
	/*
	 * Counted by the callers once the helper has made the whole object:
	 * when the helper fails after this, it kfree()s the object without
	 * agx4_gem_free(), which uncounts it.
	 */
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
	atomic_inc(&to_agx4_device(drm)->gem_objects);
	bo->flags = flags;
	shmem->map_wc = !(flags & AGX4_BO_WRITEBACK);
	if (vm_root) {
		drm_gem_object_get(vm_root);
		bo->vm_root = vm_root;
		bo->base.base.resv = vm_root->resv;
	}
	if (AGX4_GEM_SMALL_PAGES) {
		int err = agx4_gem_alloc_blocks(bo);

		if (err) {
			drm_gem_object_put(&shmem->base);
			return ERR_PTR(err);
		}
	}
	return bo;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_create);

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_create_with_handle);

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_mmap_offset);

/*
 * The 16 KiB page addresses of an imported scatter list, or NULL when a
 * segment is not 16 KiB-aligned in address or length, or the list is
 * shorter than the object.  The GPU has no IOMMU in front of it (its UAT
 * is the only translation), so the DMA addresses the exporter mapped for
 * agx4 are the physical addresses the UAT takes.
 */
static phys_addr_t *import_page_addrs(struct sg_table *sgt, size_t size)
{
	const u64 pg = AGX4_UAT_PAGE_SIZE;
	u64 n = DIV_ROUND_UP(size, pg), k = 0, off;
	struct scatterlist *sg;
	phys_addr_t *pas;
	unsigned int i;

	pas = kvmalloc_array(n, sizeof(*pas), GFP_KERNEL);
	if (!pas)
		return NULL;
	for_each_sgtable_dma_sg(sgt, sg, i) {
		dma_addr_t addr = sg_dma_address(sg);
		unsigned int len = sg_dma_len(sg);

		if (!IS_ALIGNED(addr | len, pg))
			goto unmappable;
		for (off = 0; off < len && k < n; off += pg)
			pas[k++] = addr + off;
	}
	if (k == n)
		return pas;
unmappable:
	kvfree(pas);
	return NULL;
}

/**
 * agx4_gem_prime_import_sg_table() - &drm_driver.gem_prime_import_sg_table
 * @drm: the device.
 * @attach: agx4's attachment to another device's dma-buf.
 * @sgt: the exporter's scatter list, mapped for agx4.
 *
 * Buffers from any exporter (a display controller, V4L2, udmabuf, another
 * GPU) are imported.  The GPU maps 16 KiB pages, so an import whose
 * scatter list has a segment that is not 16 KiB-aligned is imported but
 * cannot be bound: VM_BIND and GEM_BIND_OBJECT refuse it with -EINVAL.
 *
 * Return: the object, or an ERR_PTR().
 */
struct drm_gem_object *
agx4_gem_prime_import_sg_table(struct drm_device *drm,
			       struct dma_buf_attachment *attach,
			       struct sg_table *sgt)
{
	struct drm_gem_object *obj;

	obj = drm_gem_shmem_prime_import_sg_table(drm, attach, sgt);
	if (IS_ERR(obj))
		return obj;
	atomic_inc(&to_agx4_device(drm)->gem_objects);
	to_agx4_bo(obj)->import_pas = import_page_addrs(sgt, obj->size);
	if (!to_agx4_bo(obj)->import_pas)
		drm_dbg_prime(drm, "import not 16 KiB-aligned: cannot be bound\n");
	return obj;
}

/**
 * agx4_gem_pin_pages() - keep an object's pages where the GPU maps them
 * @bo: the object.
 *
 * agx4's own objects get their pages pinned until they are freed; an
 * import's pages stay put while agx4's attachment lives, which is as long
 * as the object.
 *
 * Return: 0; -EINVAL for an import the GPU cannot map (a segment of
 * its scatter list not 16 KiB-aligned in address or length); -ENOMEM.
 */
int agx4_gem_pin_pages(struct agx4_gem_object *bo)
{
	struct sg_table *sgt;

	if (bo->base.base.import_attach)
		return bo->import_pas ? 0 : -EINVAL;
	sgt = drm_gem_shmem_get_pages_sgt(&bo->base);
	return PTR_ERR_OR_ZERO(sgt);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_pin_pages);

/**
 * agx4_gem_page_pa() - physical address of one 16 KiB GPU page of an object
 * @bo: the object, pinned by agx4_gem_pin_pages().
 * @index: the GPU page.
 *
 * With 16 KiB CPU pages (every configuration that can drive the GPU) this
 * is the page's address.  With smaller CPU pages (COMPILE_TEST only) it is
 * the address of the 16 KiB block agx4_gem_create() allocated for it.  An
 * import's pages come from its exporter's scatter list.
 *
 * Return: the address.
 */
phys_addr_t agx4_gem_page_pa(struct agx4_gem_object *bo, u64 index)
{
	const u64 per = AGX4_UAT_PAGE_SIZE / PAGE_SIZE;

	if (bo->import_pas)
		return bo->import_pas[index];
	return page_to_phys(bo->base.pages[index * per]);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_page_pa);

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
 * Return: the binding, ERR_PTR(-EINVAL) for a bad slice or an import the
 * GPU cannot map, -ENOSPC when the window is full, -ENOMEM.
 */
struct agx4_gem_fw_binding *agx4_gem_bind_fw(struct agx4_fw_obj_heap *window,
					     struct agx4_gem_object *bo,
					     u64 offset, u64 range)
{
	const u64 pg = AGX4_UAT_PAGE_SIZE;
	struct agx4_gem_fw_binding *b;
	phys_addr_t *pas;
	u64 end, i, n;
	int ret;

	if (!range || !IS_ALIGNED(offset | range, pg) ||
	    check_add_overflow(offset, range, &end) ||
	    end > bo->base.base.size)
		return ERR_PTR(-EINVAL);

	ret = agx4_gem_pin_pages(bo);
	if (ret)
		return ERR_PTR(ret);
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_bind_fw);

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_unbind_fw);

/**
 * struct agx4_gem_fw_pool - a file's firmware-bound objects
 *
 * GEM_BIND_OBJECT's handles: each entry holds one reference of its
 * &struct agx4_gem_fw_binding.
 */
struct agx4_gem_fw_pool {
	/** @xa: bindings by handle, from 1. */
	struct xarray xa;
};

/**
 * agx4_gem_fw_pool_create() - an empty pool for a new file
 *
 * Return: the pool or NULL.
 */
struct agx4_gem_fw_pool *agx4_gem_fw_pool_create(void)
{
	struct agx4_gem_fw_pool *pool = kzalloc(sizeof(*pool), GFP_KERNEL);

	if (pool)
		xa_init_flags(&pool->xa, XA_FLAGS_ALLOC1);
	return pool;
}

/**
 * agx4_gem_fw_pool_destroy() - drop every handle of a closing file
 * @pool: the pool, or NULL.
 *
 * Jobs still writing into a slice keep it mapped until they are done.
 */
void agx4_gem_fw_pool_destroy(struct agx4_gem_fw_pool *pool)
{
	struct agx4_gem_fw_binding *b;
	unsigned long handle;

	if (!pool)
		return;
	xa_for_each(&pool->xa, handle, b)
		agx4_gem_unbind_fw(xa_erase(&pool->xa, handle));
	xa_destroy(&pool->xa);
	kfree(pool);
}

/**
 * agx4_gem_fw_pool_add() - give a binding a handle
 * @pool: the file's pool.
 * @b: the binding; the pool takes over the caller's reference on success.
 * @handle: the new handle, from 1.
 *
 * Return: 0, -ENOSPC past %AGX4_TS_OBJECTS_PER_FILE handles, -ENOMEM.
 */
int agx4_gem_fw_pool_add(struct agx4_gem_fw_pool *pool,
			 struct agx4_gem_fw_binding *b, u32 *handle)
{
	int ret = xa_alloc(&pool->xa, handle, b,
			   XA_LIMIT(1, AGX4_TS_OBJECTS_PER_FILE), GFP_KERNEL);

	return ret == -EBUSY ? -ENOSPC : ret;
}

/**
 * agx4_gem_fw_pool_get() - look a binding up by handle
 * @pool: the file's pool.
 * @handle: what agx4_gem_fw_pool_add() returned.
 *
 * Return: the binding with a reference (agx4_gem_unbind_fw() drops it), or
 * NULL.
 */
struct agx4_gem_fw_binding *agx4_gem_fw_pool_get(struct agx4_gem_fw_pool *pool,
						 u32 handle)
{
	struct agx4_gem_fw_binding *b;

	xa_lock(&pool->xa);
	b = xa_load(&pool->xa, handle);
	if (b)
		kref_get(&b->ref);
	xa_unlock(&pool->xa);
	return b;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_fw_pool_get);

/**
 * agx4_gem_fw_pool_remove() - drop a handle
 * @pool: the file's pool.
 * @handle: the handle.
 *
 * Return: 0, or -ENOENT for an unknown handle.
 */
int agx4_gem_fw_pool_remove(struct agx4_gem_fw_pool *pool, u32 handle)
{
	struct agx4_gem_fw_binding *b = xa_erase(&pool->xa, handle);

	if (!b)
		return -ENOENT;
	agx4_gem_unbind_fw(b);	/* jobs using it keep it mapped */
	return 0;
}

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_gem_fw_pool_count() - handles a pool holds
 * @pool: the pool.
 *
 * Return: the number of handles.
 */
unsigned int agx4_gem_fw_pool_count(struct agx4_gem_fw_pool *pool)
{
	struct agx4_gem_fw_binding *b;
	unsigned long handle;
	unsigned int n = 0;

	xa_for_each(&pool->xa, handle, b)
		n++;
	return n;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_gem_fw_pool_count);
#endif
