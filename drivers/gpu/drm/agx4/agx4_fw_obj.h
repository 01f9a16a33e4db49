/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_OBJ_H
#define AGX4_FW_OBJ_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/drm_mm.h>

#include "agx4_uat.h"

struct device;
struct page;

/**
 * enum agx4_fw_obj_class - what a firmware object is and how it is mapped
 * @AGX4_FW_OBJ_PRIVATE: firmware-private, read-write, cached.
 * @AGX4_FW_OBJ_SHARED: shared with the CPU, read-write, uncached.
 * @AGX4_FW_OBJ_RO: shared, read-only for the firmware, uncached.
 * @AGX4_FW_OBJ_MMIO: registers (device memory, read-write); not owned.
 * @AGX4_FW_OBJ_MMIO_RO: registers the firmware only reads (device memory,
 *	read-only); not owned.
 * @AGX4_FW_OBJ_EXTERNAL: someone else's pages (cursor pages, timestamp
 *	buffers), shared uncached; not owned.
 * @AGX4_FW_OBJ_EXTERNAL_RO: someone else's pages the firmware only reads
 *	(the host's producer cursors), shared uncached; not owned.
 * @AGX4_FW_OBJ_NUM_CLASSES: number of classes.
 */
enum agx4_fw_obj_class {
	AGX4_FW_OBJ_PRIVATE,
	AGX4_FW_OBJ_SHARED,
	AGX4_FW_OBJ_RO,
	AGX4_FW_OBJ_MMIO,
	AGX4_FW_OBJ_MMIO_RO,
	AGX4_FW_OBJ_EXTERNAL,
	AGX4_FW_OBJ_EXTERNAL_RO,
	AGX4_FW_OBJ_NUM_CLASSES,
};

struct agx4_fw_obj;

/**
 * typedef agx4_fw_obj_init_fn - fill a firmware object
 * @obj: the object, zeroed.
 * @priv: what was given at creation.
 *
 * Called once, by agx4_fw_obj_create(), before the object is returned.
 */
typedef void (*agx4_fw_obj_init_fn)(struct agx4_fw_obj *obj, void *priv);

/**
 * struct agx4_fw_obj - one object in the firmware address space
 */
struct agx4_fw_obj {
	/** @fwm: the address space. */
	struct agx4_fw_obj_heap *fwm;
	/** @node: its range, guard page included (offsets into the space). */
	struct drm_mm_node node;
	/** @va: firmware virtual address. */
	u64 va;
	/** @size: bytes mapped, a multiple of 16 KiB. */
	u64 size;
	/** @class: what it is. */
	enum agx4_fw_obj_class class;
	/** @cpu: kernel mapping of owned objects; NULL otherwise. */
	void *cpu;
	/** @chunks: owned 16 KiB chunks, one allocation each. */
	struct page **chunks;
	/** @pa: physical address of a not-owned contiguous range. */
	phys_addr_t pa;
	/** @pas: or, per 16 KiB chunk, the addresses of not-owned pages. */
	phys_addr_t *pas;
	/** @link: on &agx4_fw_obj_heap.objects, under &agx4_fw_obj_heap.lock. */
	struct list_head link;
	/** @aliases: other mappings of the object, under &agx4_fw_obj_heap.lock. */
	struct list_head aliases;
};

/**
 * struct agx4_fw_obj_heap - the firmware's address space and its objects
 */
struct agx4_fw_obj_heap {
	/** @dev: device the memory is for. */
	struct device *dev;
	/** @uat: the firmware-half page tables. */
	struct agx4_uat *uat;
	/** @base: first address the allocator hands out. */
	u64 base;
	/** @size: bytes it hands out from @base. */
	u64 size;
	/** @lock: protects @mm and @objects. */
	struct mutex lock;
	/** @mm: free and used ranges, as offsets from @base. */
	struct drm_mm mm;
	/** @objects: every live object, in creation order. */
	struct list_head objects;
};

int agx4_fw_obj_heap_init(struct agx4_fw_obj_heap *fwm, struct device *dev,
			  struct agx4_uat *uat, u64 base, u64 size);
void agx4_fw_obj_heap_fini(struct agx4_fw_obj_heap *fwm);
struct agx4_fw_obj *agx4_fw_obj_create_at(struct agx4_fw_obj_heap *fwm,
					  u64 va, u64 size,
					  enum agx4_fw_obj_class class);
struct agx4_fw_obj *agx4_fw_obj_create(struct agx4_fw_obj_heap *fwm, u64 size,
				       enum agx4_fw_obj_class class,
				       agx4_fw_obj_init_fn init, void *priv);
struct agx4_fw_obj *agx4_fw_obj_map_phys(struct agx4_fw_obj_heap *fwm,
					 phys_addr_t pa, u64 size,
					 enum agx4_fw_obj_class class);
struct agx4_fw_obj *agx4_fw_obj_map_pages(struct agx4_fw_obj_heap *fwm,
					  const phys_addr_t *pas, u64 n,
					  enum agx4_fw_obj_class class);
struct agx4_fw_obj *agx4_fw_obj_map_pages_at(struct agx4_fw_obj_heap *fwm,
					     u64 va, const phys_addr_t *pas,
					     u64 n,
					     enum agx4_fw_obj_class class);
void agx4_fw_obj_destroy(struct agx4_fw_obj *obj);
int agx4_fw_obj_alias(struct agx4_fw_obj *obj, struct agx4_uat *uat, u64 va,
		      const struct agx4_uat_prot *prot);
int agx4_fw_obj_map_part(struct agx4_fw_obj *obj, u64 off, u64 size,
			 struct agx4_uat *uat, u64 va,
			 const struct agx4_uat_prot *prot);
void agx4_fw_obj_unmap_part(struct agx4_uat *uat, u64 va, u64 size);
void agx4_fw_obj_window_map_part(struct agx4_fw_obj *obj, u64 off, u64 size,
				 struct agx4_uat_window *w, u64 va,
				 const struct agx4_uat_prot *prot);
void agx4_fw_obj_window_unmap_part(struct agx4_uat_window *w, u64 va, u64 size);
void agx4_fw_obj_window_map(struct agx4_fw_obj *obj, struct agx4_uat_window *w,
			    u64 va, const struct agx4_uat_prot *prot);
void agx4_fw_obj_window_unmap(struct agx4_fw_obj *obj,
			      struct agx4_uat_window *w, u64 va);

#endif /* AGX4_FW_OBJ_H */
