// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/io.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

#include "agx4_fw_obj.h"
#include "agx4_test_hooks.h"

/**
 * DOC: firmware memory
 *
 * Every object the firmware sees lives in the firmware (high) half of the
 * GPU address space and is made here: agx4_fw_obj_create() allocates its
 * memory in 16 KiB chunks (one physically contiguous, naturally aligned
 * allocation each, whatever the CPU page size), gives it a firmware
 * address from a drm_mm allocator (or the fixed address the caller
 * names, for what the firmware expects where the reference drivers put
 * it) with an unmapped 16 KiB guard page after it (an overrun by the
 * firmware faults instead of corrupting a neighbour), maps it with the
 * attributes of its class, maps it for the CPU write-combined (no CPU
 * cache maintenance is ever needed), and hands it back zeroed (or filled
 * once by the caller's callback).
 *
 * ============ ================= =============================
 * class        firmware mapping  use
 * ============ ================= =============================
 * PRIVATE      RW, cached        firmware-private state
 * SHARED       RW, uncached      rings, queues, stamps
 * RO           RO, uncached      init data, region A/C
 * MMIO         RW, device        register windows (not owned)
 * EXTERNAL     RW, uncached      others' pages (not owned)
 * EXTERNAL_RO  RO, uncached      others' pages the firmware reads
 * ============ ================= =============================
 *
 * Nothing here survives a firmware restart: the restart frees everything
 * the boot made and boots again from scratch, allocating and building
 * every object anew (see the recovery unit), so an object is never
 * rebuilt in place.  An object can also be aliased into another address
 * space (context 0 or a client VM) with agx4_fw_obj_alias(); aliases go
 * with the object.
 */

#define CHUNK		AGX4_UAT_PAGE_SIZE
#define CHUNK_ORDER	get_order(CHUNK)
#define CHUNK_PAGES	(CHUNK / PAGE_SIZE)

static const struct agx4_uat_prot obj_prot[AGX4_FW_OBJ_NUM_CLASSES] = {
	[AGX4_FW_OBJ_PRIVATE] = { AGX4_UAT_FW, AGX4_UAT_RW, AGX4_UAT_CACHED, true },
	[AGX4_FW_OBJ_SHARED] = { AGX4_UAT_FW, AGX4_UAT_RW, AGX4_UAT_UNCACHED, true },
	[AGX4_FW_OBJ_RO] = { AGX4_UAT_FW, AGX4_UAT_RO, AGX4_UAT_UNCACHED, true },
	[AGX4_FW_OBJ_MMIO] = { AGX4_UAT_FW, AGX4_UAT_RW, AGX4_UAT_DEVICE, true },
	[AGX4_FW_OBJ_MMIO_RO] = { AGX4_UAT_FW, AGX4_UAT_RO, AGX4_UAT_DEVICE, true },
	[AGX4_FW_OBJ_EXTERNAL] = { AGX4_UAT_FW, AGX4_UAT_RW, AGX4_UAT_UNCACHED,
				  true },
	[AGX4_FW_OBJ_EXTERNAL_RO] = { AGX4_UAT_FW, AGX4_UAT_RO,
				     AGX4_UAT_UNCACHED, true },
};

/**
 * struct fw_alias - another mapping of a firmware object
 * @link: on &agx4_fw_obj.aliases.
 * @uat: the tree it is in.
 * @va: where.
 */
struct fw_alias {
	struct list_head link;
	struct agx4_uat *uat;
	u64 va;
};

/**
 * agx4_fw_obj_heap_init() - set up a firmware address space
 * @fwm: the space.
 * @dev: the device.
 * @uat: the firmware-half tree the objects are mapped in.
 * @base: first address to hand out, 16 KiB aligned, inside @uat's half.
 * @size: bytes to hand out from @base.
 *
 * Return: 0 or -EINVAL for a range outside the tree.
 */
int agx4_fw_obj_heap_init(struct agx4_fw_obj_heap *fwm, struct device *dev,
			  struct agx4_uat *uat, u64 base, u64 size)
{
	u64 off = base - uat->va_start;

	if (!size || !IS_ALIGNED(base | size, CHUNK) || off >= uat->va_size ||
	    size > uat->va_size - off)
		return -EINVAL;
	fwm->dev = dev;
	fwm->uat = uat;
	fwm->base = base;
	fwm->size = size;
	mutex_init(&fwm->lock);
	drm_mm_init(&fwm->mm, 0, size);
	INIT_LIST_HEAD(&fwm->objects);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_heap_init);

static void uat_unmap(struct agx4_uat *uat, u64 va, u64 size)
{
	struct agx4_uat_op op;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	agx4_uat_op_unmap(&op, va, size);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
}

/* Map @size bytes of @obj from @off at @va in @uat; all of it or nothing. */
static int uat_map_part(struct agx4_fw_obj *obj, u64 off, u64 size,
			struct agx4_uat *uat, u64 va,
			const struct agx4_uat_prot *prot)
{
	struct agx4_uat_op op;
	u64 i;
	int ret;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	ret = agx4_uat_op_reserve(&op, va, size);
	if (!ret) {
		if (obj->chunks || obj->pas) {
			for (i = 0; i < size; i += CHUNK)
				agx4_uat_op_map(&op, va + i,
						obj->chunks ?
						page_to_phys(obj->chunks[(off + i) / CHUNK]) :
						obj->pas[(off + i) / CHUNK], CHUNK, prot);
		} else {
			agx4_uat_op_map(&op, va, obj->pa + off, size, prot);
		}
	}
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	return ret;
}

/* Map @obj's memory at @va in @uat; all of it or nothing. */
static int uat_map(struct agx4_fw_obj *obj, struct agx4_uat *uat, u64 va,
		   const struct agx4_uat_prot *prot)
{
	return uat_map_part(obj, 0, obj->size, uat, va, prot);
}

static void free_chunks(struct agx4_fw_obj *obj)
{
	u64 i;

	if (obj->cpu)
		vunmap(obj->cpu);
	if (obj->chunks) {
		for (i = 0; i < obj->size / CHUNK; i++)
			if (obj->chunks[i])
				__free_pages(obj->chunks[i], CHUNK_ORDER);
	}
	kfree(obj->chunks);
	kfree(obj->pas);
}

static int alloc_chunks(struct agx4_fw_obj *obj)
{
	u64 i, j, n = obj->size / CHUNK;
	struct page **pages;

	obj->chunks = kcalloc(n, sizeof(*obj->chunks), GFP_KERNEL);
	pages = kvcalloc(n * CHUNK_PAGES, sizeof(*pages), GFP_KERNEL);
	if (!obj->chunks || !pages)
		goto err;
	for (i = 0; i < n; i++) {
		obj->chunks[i] = alloc_pages(GFP_KERNEL | __GFP_ZERO,
					     CHUNK_ORDER);
		if (!obj->chunks[i])
			goto err;
		for (j = 0; j < CHUNK_PAGES; j++)
			pages[i * CHUNK_PAGES + j] = obj->chunks[i] + j;
	}
	obj->cpu = vmap(pages, n * CHUNK_PAGES, VM_MAP,
			pgprot_writecombine(PAGE_KERNEL));
	if (!obj->cpu)
		goto err;
	kvfree(pages);
	return 0;

err:
	kvfree(pages);
	free_chunks(obj);
	obj->chunks = NULL;
	return -ENOMEM;
}

/*
 * Make an object of @size bytes: at firmware address @at when it is not 0
 * (its guard page included, the range must be free), else wherever the
 * allocator finds room.
 */
static struct agx4_fw_obj *obj_create(struct agx4_fw_obj_heap *fwm, u64 size,
				      enum agx4_fw_obj_class class,
				      phys_addr_t pa, const phys_addr_t *pas,
				      u64 at, bool guard)
{
	bool owned = class <= AGX4_FW_OBJ_RO;
	struct agx4_fw_obj *obj;
	int ret;

	if (!size || size > fwm->size || class >= AGX4_FW_OBJ_NUM_CLASSES)
		return ERR_PTR(-EINVAL);
	obj = kzalloc(sizeof(*obj), GFP_KERNEL);
	if (!obj)
		return ERR_PTR(-ENOMEM);
	obj->fwm = fwm;
	obj->size = ALIGN(size, CHUNK);
	obj->class = class;
	obj->pa = pa;
	INIT_LIST_HEAD(&obj->aliases);

	if (owned) {
		ret = alloc_chunks(obj);
		if (ret)
			goto err_free;
	} else if (pas) {
		obj->pas = kmemdup(pas, obj->size / CHUNK * sizeof(*pas),
				   GFP_KERNEL);
		if (!obj->pas) {
			ret = -ENOMEM;
			goto err_free;
		}
	}

	mutex_lock(&fwm->lock);
	/* One unmapped guard chunk after every object but a packed one. */
	if (at) {
		obj->node.start = at - fwm->base;
		obj->node.size = obj->size + (guard ? CHUNK : 0);
		ret = drm_mm_reserve_node(&fwm->mm, &obj->node);
	} else {
		ret = drm_mm_insert_node_in_range(&fwm->mm, &obj->node,
						  obj->size + CHUNK, CHUNK, 0,
						  0, U64_MAX,
						  DRM_MM_INSERT_BEST);
	}
	if (ret)
		goto err_unlock;
	obj->va = fwm->base + obj->node.start;
	ret = uat_map(obj, fwm->uat, obj->va, &obj_prot[class]);
	if (ret)
		goto err_node;
	list_add_tail(&obj->link, &fwm->objects);
	mutex_unlock(&fwm->lock);
	return obj;

err_node:
	drm_mm_remove_node(&obj->node);
err_unlock:
	mutex_unlock(&fwm->lock);
	free_chunks(obj);
err_free:
	kfree(obj);
	return ERR_PTR(ret);
}

/**
 * agx4_fw_obj_create() - allocate a firmware object
 * @fwm: the address space.
 * @size: bytes, rounded up to 16 KiB.
 * @class: %AGX4_FW_OBJ_PRIVATE, %AGX4_FW_OBJ_SHARED or %AGX4_FW_OBJ_RO.
 * @init: fills the zeroed object once, before it is returned; may be NULL.
 * @priv: argument of @init.
 *
 * Return: the object, ERR_PTR(-EINVAL) for a bad size or class, -ENOSPC
 * when the address space is full, -ENOMEM.
 */
struct agx4_fw_obj *agx4_fw_obj_create(struct agx4_fw_obj_heap *fwm, u64 size,
				       enum agx4_fw_obj_class class,
				       agx4_fw_obj_init_fn init, void *priv)
{
	struct agx4_fw_obj *obj;

	if (class > AGX4_FW_OBJ_RO)
		return ERR_PTR(-EINVAL);
	obj = obj_create(fwm, size, class, 0, NULL, 0, true);
	if (!IS_ERR(obj) && init)
		init(obj, priv);
	return obj;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_create);

/**
 * agx4_fw_obj_create_at() - allocate a firmware object at a fixed address
 * @fwm: the address space.
 * @va: where, 16 KiB aligned, inside @fwm.
 * @size: bytes, rounded up to 16 KiB.
 * @class: %AGX4_FW_OBJ_PRIVATE, %AGX4_FW_OBJ_SHARED or %AGX4_FW_OBJ_RO.
 *
 * For objects the reference drivers place at fixed addresses, packed back
 * to back: no guard page follows the object.
 *
 * Return: the zeroed object, ERR_PTR(-EINVAL) for bad arguments or an
 * address outside @fwm, -ENOSPC when the range is taken, -ENOMEM.
 */
struct agx4_fw_obj *agx4_fw_obj_create_at(struct agx4_fw_obj_heap *fwm,
					  u64 va, u64 size,
					  enum agx4_fw_obj_class class)
{
	size = ALIGN(size, CHUNK);
	if (class > AGX4_FW_OBJ_RO || !size || !IS_ALIGNED(va, CHUNK) ||
	    va < fwm->base || size > fwm->size ||
	    va - fwm->base > fwm->size - size)
		return ERR_PTR(-EINVAL);
	return obj_create(fwm, size, class, 0, NULL, va, false);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_create_at);

/**
 * agx4_fw_obj_map_phys() - map memory agx4 does not own for the firmware
 * @fwm: the address space.
 * @pa: physical start, 16 KiB aligned.
 * @size: bytes, 16 KiB aligned.
 * @class: %AGX4_FW_OBJ_MMIO, %AGX4_FW_OBJ_MMIO_RO, %AGX4_FW_OBJ_EXTERNAL or
 *	%AGX4_FW_OBJ_EXTERNAL_RO.
 *
 * Return: the object, or an ERR_PTR() as for agx4_fw_obj_create().
 */
struct agx4_fw_obj *agx4_fw_obj_map_phys(struct agx4_fw_obj_heap *fwm,
					 phys_addr_t pa, u64 size,
					 enum agx4_fw_obj_class class)
{
	if (class <= AGX4_FW_OBJ_RO || class >= AGX4_FW_OBJ_NUM_CLASSES ||
	    !size || !IS_ALIGNED(pa | size, CHUNK) ||
	    (pa + size - 1) >> fwm->uat->geom->oa_bits)
		return ERR_PTR(-EINVAL);
	return obj_create(fwm, size, class, pa, NULL, 0, true);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_map_phys);

/**
 * agx4_fw_obj_map_pages() - map scattered pages agx4 does not own
 * @fwm: the address space.
 * @pas: the physical address of each 16 KiB page, in order.
 * @n: their number.
 * @class: %AGX4_FW_OBJ_MMIO, %AGX4_FW_OBJ_MMIO_RO or %AGX4_FW_OBJ_EXTERNAL.
 *
 * The pages must stay valid until the object is destroyed.
 *
 * Return: the object, or an ERR_PTR() as for agx4_fw_obj_create().
 */
struct agx4_fw_obj *agx4_fw_obj_map_pages(struct agx4_fw_obj_heap *fwm,
					  const phys_addr_t *pas, u64 n,
					  enum agx4_fw_obj_class class)
{
	return agx4_fw_obj_map_pages_at(fwm, 0, pas, n, class);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_map_pages);

/**
 * agx4_fw_obj_map_pages_at() - map pages agx4 does not own at a fixed address
 * @fwm: the address space.
 * @va: the firmware address, 16 KiB aligned, with the object and its guard
 *	page inside @fwm; 0 to let the allocator choose.
 * @pas: the physical address of each 16 KiB page, in order.
 * @n: their number.
 * @class: %AGX4_FW_OBJ_MMIO, %AGX4_FW_OBJ_MMIO_RO or %AGX4_FW_OBJ_EXTERNAL.
 *
 * For what the firmware expects at an address of its own choosing: the
 * register windows, which the reference drivers place at fixed addresses.
 * The pages must stay valid until the object is destroyed.
 *
 * Return: the object, ERR_PTR(-EINVAL) for bad arguments or an address
 * outside @fwm, -ENOSPC when the range (or its guard page) is taken,
 * -ENOMEM.
 */
struct agx4_fw_obj *agx4_fw_obj_map_pages_at(struct agx4_fw_obj_heap *fwm,
					     u64 va, const phys_addr_t *pas,
					     u64 n,
					     enum agx4_fw_obj_class class)
{
	u64 i;

	if (class <= AGX4_FW_OBJ_RO || class >= AGX4_FW_OBJ_NUM_CLASSES ||
	    !n || n > fwm->size / CHUNK)
		return ERR_PTR(-EINVAL);
	if (va && (!IS_ALIGNED(va, CHUNK) || va < fwm->base ||
		   (n + 1) * CHUNK > fwm->size ||
		   va - fwm->base > fwm->size - (n + 1) * CHUNK))
		return ERR_PTR(-EINVAL);
	for (i = 0; i < n; i++)
		if (!IS_ALIGNED(pas[i], CHUNK) ||
		    pas[i] >> fwm->uat->geom->oa_bits)
			return ERR_PTR(-EINVAL);
	return obj_create(fwm, n * CHUNK, class, 0, pas, va,
			  true);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_map_pages_at);

/**
 * agx4_fw_obj_alias() - map a firmware object into another address space
 * @obj: the object.
 * @uat: the other tree (context 0, or a client VM's).
 * @va: where, 16 KiB aligned; the range must be free in @uat.
 * @prot: the alias's attributes.
 *
 * The alias is removed with the object.
 *
 * Return: 0, -EINVAL for a bad address or attributes, -ENOMEM.
 */
int agx4_fw_obj_alias(struct agx4_fw_obj *obj, struct agx4_uat *uat, u64 va,
		      const struct agx4_uat_prot *prot)
{
	struct agx4_fw_obj_heap *fwm = obj->fwm;
	struct fw_alias *alias;
	int ret;

	if (!agx4_uat_prot_valid(prot))
		return -EINVAL;
	alias = kzalloc(sizeof(*alias), GFP_KERNEL);
	if (!alias)
		return -ENOMEM;
	alias->uat = uat;
	alias->va = va;

	mutex_lock(&fwm->lock);
	ret = uat_map(obj, uat, va, prot);
	if (!ret)
		list_add_tail(&alias->link, &obj->aliases);
	mutex_unlock(&fwm->lock);
	if (ret)
		kfree(alias);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_alias);

/**
 * agx4_fw_obj_map_part() - map part of a firmware object in other tables
 * @obj: the object.
 * @off: the part's offset in @obj, a multiple of 16 KiB.
 * @size: its bytes, a multiple of 16 KiB, not 0.
 * @uat: the page tables: context 0's, or a VM's (then through
 *	agx4_vm_map_fw_obj(), which serialises it with the VM's binds).
 * @va: where, a range of @uat only the caller maps.
 * @prot: the attributes.
 *
 * Unlike agx4_fw_obj_alias(), the mapping is not the object's: the caller
 * unmaps it (agx4_fw_obj_unmap_part()) while @uat lives, before the
 * object goes, so that an object freed after @uat went (context 0's
 * tables go with the firmware) touches no table.
 *
 * Return: 0; -EINVAL for a part outside @obj or misaligned, or bad
 * @prot; -ENOMEM.
 */
int agx4_fw_obj_map_part(struct agx4_fw_obj *obj, u64 off, u64 size,
			 struct agx4_uat *uat, u64 va,
			 const struct agx4_uat_prot *prot)
{
	if (!size || !IS_ALIGNED(off | size | va, CHUNK) ||
	    off > obj->size || size > obj->size - off ||
	    !agx4_uat_prot_valid(prot))
		return -EINVAL;
	return uat_map_part(obj, off, size, uat, va, prot);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_map_part);

/**
 * agx4_fw_obj_unmap_part() - unmap what agx4_fw_obj_map_part() mapped
 * @uat: the page tables.
 * @va: where.
 * @size: its bytes.
 *
 * Unmapping cannot fail; a range with nothing mapped is left as it is.
 */
void agx4_fw_obj_unmap_part(struct agx4_uat *uat, u64 va, u64 size)
{
	uat_unmap(uat, va, size);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_unmap_part);

/**
 * agx4_fw_obj_window_map_part() - map part of a firmware object in a window
 * @obj: the object.
 * @off: the part's offset in @obj, a multiple of 16 KiB.
 * @size: its bytes, a multiple of 16 KiB, not 0.
 * @w: the window (agx4_vm_pin_window()).
 * @va: where, a part of @w only the caller maps, 16 KiB aligned.
 * @prot: the attributes.
 *
 * Neither sleeps nor allocates (for drm_sched's prepare_job); the UAT
 * sees the mapping on return.  The caller unmaps it
 * (agx4_fw_obj_window_unmap()) before the object goes.  A part outside
 * @obj is a driver bug: it WARNs and maps nothing.
 */
void agx4_fw_obj_window_map_part(struct agx4_fw_obj *obj, u64 off, u64 size,
				 struct agx4_uat_window *w, u64 va,
				 const struct agx4_uat_prot *prot)
{
	u64 i;

	if (WARN_ON(!size || !IS_ALIGNED(off | size, CHUNK) ||
		    off > obj->size || size > obj->size - off))
		return;
	if (obj->chunks || obj->pas) {
		for (i = 0; i < size; i += CHUNK) {
			u64 c = (off + i) / CHUNK;

			agx4_uat_window_map(w, va + i, obj->chunks ?
					    page_to_phys(obj->chunks[c]) :
					    obj->pas[c], CHUNK, prot);
		}
	} else {
		agx4_uat_window_map(w, va, obj->pa + off, size, prot);
	}
	agx4_uat_window_flush(w, va, size);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_window_map_part);

/**
 * agx4_fw_obj_window_map() - map a firmware object in a pinned window
 * @obj: the object.
 * @w: the window (agx4_vm_pin_window()).
 * @va: where, a part of @w only the caller maps, 16 KiB aligned.
 * @prot: the attributes.
 *
 * As agx4_fw_obj_window_map_part() of the whole object.
 */
void agx4_fw_obj_window_map(struct agx4_fw_obj *obj, struct agx4_uat_window *w,
			    u64 va, const struct agx4_uat_prot *prot)
{
	agx4_fw_obj_window_map_part(obj, 0, obj->size, w, va, prot);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_window_map);

/**
 * agx4_fw_obj_window_unmap_part() - unmap a range of a window
 * @w: the window.
 * @va: where the range starts, 16 KiB aligned.
 * @size: its bytes, a multiple of 16 KiB.
 *
 * What agx4_fw_obj_window_map_part() mapped there goes; the UAT sees it
 * gone on return.  Neither sleeps nor allocates.
 */
void agx4_fw_obj_window_unmap_part(struct agx4_uat_window *w, u64 va, u64 size)
{
	agx4_uat_window_unmap(w, va, size);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_window_unmap_part);

/**
 * agx4_fw_obj_window_unmap() - unmap what agx4_fw_obj_window_map() mapped
 * @obj: the object.
 * @w: the window.
 * @va: where it was mapped.
 *
 * Neither sleeps nor allocates.
 */
void agx4_fw_obj_window_unmap(struct agx4_fw_obj *obj,
			      struct agx4_uat_window *w, u64 va)
{
	agx4_uat_window_unmap(w, va, obj->size);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_window_unmap);

/**
 * agx4_fw_obj_destroy() - unmap and free a firmware object
 * @obj: the object; the firmware must no longer use it.  NULL is ignored.
 */
void agx4_fw_obj_destroy(struct agx4_fw_obj *obj)
{
	struct agx4_fw_obj_heap *fwm;
	struct fw_alias *alias, *tmp;

	if (IS_ERR_OR_NULL(obj))
		return;
	fwm = obj->fwm;
	mutex_lock(&fwm->lock);
	list_for_each_entry_safe(alias, tmp, &obj->aliases, link) {
		uat_unmap(alias->uat, alias->va, obj->size);
		list_del(&alias->link);
		kfree(alias);
	}
	uat_unmap(fwm->uat, obj->va, obj->size);
	drm_mm_remove_node(&obj->node);
	list_del(&obj->link);
	mutex_unlock(&fwm->lock);
	free_chunks(obj);
	kfree(obj);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_destroy);

/**
 * agx4_fw_obj_heap_fini() - tear down a firmware address space
 * @fwm: the space; objects still in it are destroyed (and WARNed about).
 */
void agx4_fw_obj_heap_fini(struct agx4_fw_obj_heap *fwm)
{
	struct agx4_fw_obj *obj, *tmp;

	list_for_each_entry_safe(obj, tmp, &fwm->objects, link) {
		WARN_ONCE(1, "agx4: firmware object at %llx leaked\n", obj->va);
		agx4_fw_obj_destroy(obj);
	}
	drm_mm_takedown(&fwm->mm);
	mutex_destroy(&fwm->lock);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_obj_heap_fini);
