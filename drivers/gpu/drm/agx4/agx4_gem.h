/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_GEM_H
#define AGX4_GEM_H

#include <linux/bits.h>
#include <linux/kref.h>
#include <linux/types.h>

#include <drm/drm_gem_shmem_helper.h>

struct agx4_fw_obj;
struct agx4_fw_obj_heap;
struct dma_buf_attachment;
struct drm_device;
struct drm_file;
struct drm_printer;
struct sg_table;

/*
 * Object flags; the values are the UAPI's (DRM_ASAHI_GEM_WRITEBACK,
 * DRM_ASAHI_GEM_VM_PRIVATE).
 */
#define AGX4_BO_WRITEBACK	BIT(0)
#define AGX4_BO_VM_PRIVATE	BIT(1)
#define AGX4_BO_FLAGS		(AGX4_BO_WRITEBACK | AGX4_BO_VM_PRIVATE)

/*
 * Largest object: the size of a GPU address-space half (2^42), since an
 * object larger than any VM could never be mapped whole.
 */
#define AGX4_BO_MAX_SIZE	BIT_ULL(42)

/**
 * struct agx4_gem_object - a GPU buffer object
 */
struct agx4_gem_object {
	/** @base: the shmem object; must stay first. */
	struct drm_gem_shmem_object base;
	/** @flags: AGX4_BO_* flags it was created with. */
	u32 flags;
	/**
	 * @vm_root: for a VM-private object, the VM's reservation object,
	 * whose &dma_resv this object shares (a reference is held); NULL
	 * otherwise.
	 */
	struct drm_gem_object *vm_root;
	/**
	 * @gpuva_lock: protects the object's list of VM mappings (the GEM
	 * gpuva list), instead of its reservation, so that a VM can unmap
	 * any object without locking every reservation first.
	 */
	struct mutex gpuva_lock;
	/**
	 * @import_pas: for an object imported from another device, the
	 * address of each of its 16 KiB GPU pages, taken from the exporter's
	 * scatter list at import; NULL for agx4's own objects and for an
	 * import the GPU cannot map (a segment not 16 KiB-aligned).
	 */
	phys_addr_t *import_pas;
};

/**
 * to_agx4_bo() - the agx4 object of a GEM object
 * @obj: a GEM object created by agx4.
 *
 * Return: its container.
 */
static inline struct agx4_gem_object *to_agx4_bo(struct drm_gem_object *obj)
{
	return container_of(to_drm_gem_shmem_obj(obj), struct agx4_gem_object,
			    base);
}

struct drm_gem_object *agx4_gem_create_object(struct drm_device *drm,
					      size_t size);
struct agx4_gem_object *agx4_gem_create(struct drm_device *drm, u64 size,
					u32 flags,
					struct drm_gem_object *vm_root);
int agx4_gem_create_with_handle(struct drm_file *file, struct drm_device *drm,
				u64 size, u32 flags,
				struct drm_gem_object *vm_root, u32 *handle);
int agx4_gem_mmap_offset(struct drm_file *file, u32 handle, u64 *offset);
struct drm_gem_object *
agx4_gem_prime_import_sg_table(struct drm_device *drm,
			       struct dma_buf_attachment *attach,
			       struct sg_table *sgt);
int agx4_gem_pin_pages(struct agx4_gem_object *bo);
void agx4_gem_describe(struct drm_gem_object *obj, u32 handle,
		       struct drm_printer *p);
phys_addr_t agx4_gem_page_pa(struct agx4_gem_object *bo, u64 index);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
bool agx4_gem_is_agx4(struct drm_gem_object *obj);
#endif

/*
 * Timestamp objects one file may hold: the 64 MiB aperture holds at most
 * 2048 of them (a page and a guard page each), shared by every client.
 */
#define AGX4_TS_OBJECTS_PER_FILE	2048

/**
 * struct agx4_gem_fw_binding - an object's slice mapped for the firmware
 * @ref: the file's handle holds one reference, every job writing into
 *	the slice another; the last one unmaps it.
 * @fw: the firmware-side mapping.
 * @bo: the object; a reference is held.
 */
struct agx4_gem_fw_binding {
	struct kref ref;
	struct agx4_fw_obj *fw;
	struct agx4_gem_object *bo;
};

struct agx4_gem_fw_binding *agx4_gem_bind_fw(struct agx4_fw_obj_heap *window,
					     struct agx4_gem_object *bo,
					     u64 offset, u64 range);
void agx4_gem_unbind_fw(struct agx4_gem_fw_binding *b);

struct agx4_gem_fw_pool;
struct agx4_gem_fw_pool *agx4_gem_fw_pool_create(void);
void agx4_gem_fw_pool_destroy(struct agx4_gem_fw_pool *pool);
int agx4_gem_fw_pool_add(struct agx4_gem_fw_pool *pool,
			 struct agx4_gem_fw_binding *b, u32 *handle);
struct agx4_gem_fw_binding *agx4_gem_fw_pool_get(struct agx4_gem_fw_pool *pool,
						 u32 handle);
int agx4_gem_fw_pool_remove(struct agx4_gem_fw_pool *pool, u32 handle);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
unsigned int agx4_gem_fw_pool_count(struct agx4_gem_fw_pool *pool);
#endif

#endif /* AGX4_GEM_H */
