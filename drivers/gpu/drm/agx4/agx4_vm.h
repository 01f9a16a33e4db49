/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_VM_H
#define AGX4_VM_H

#include <linux/bits.h>
#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/drm_gpuvm.h>

#include "agx4_uat.h"

struct drm_device;
struct drm_gem_object;
struct seq_file;
struct agx4_fw_obj;

/* Bind flags; the values are the UAPI's (DRM_ASAHI_BIND_*). */
#define AGX4_BIND_UNBIND	BIT(0)
#define AGX4_BIND_READ		BIT(1)
#define AGX4_BIND_WRITE		BIT(2)
#define AGX4_BIND_SINGLE_PAGE	BIT(3)

/*
 * Smallest kernel carve-out a VM must give the kernel
 * (vm_kernel_min_size of GET_PARAMS).
 */
#define AGX4_VM_KERNEL_MIN_SIZE	0x20000000ull

/*
 * The user window (GET_PARAMS vm_start and vm_end): the whole 42-bit low
 * half, as the reference drivers for G16/G17P give it (upstream's G13/G14
 * value is 2^39 minus the same two pages).  Address 0 stays unmapped and
 * the top two pages are kept for the kernel.
 */
#define AGX4_VM_START		0x4000ull
#define AGX4_VM_END		(BIT_ULL(42) - 2 * AGX4_UAT_PAGE_SIZE)

/* Most operations in one VM_BIND, and most bytes of their array. */
#define AGX4_VM_MAX_BINDS	4096
#define AGX4_VM_MAX_BIND_BYTES	0x100000

/* Most VMs one file may hold. */
#define AGX4_VM_MAX_PER_FILE	1024

/*
 * Most page-table pages one VM may hold: 1 GiB of tables, enough to map
 * 64 TiB densely, so only scattered binds of tiny ranges can reach it.
 */
#define AGX4_VM_MAX_TABLES	65536

struct agx4_range;
struct agx4_uat_window;

/**
 * struct agx4_vm_bind_op - one validated-by-type VM_BIND operation
 * @flags: AGX4_BIND_* flags.
 * @obj: the object to map, of the VM's device (a reference held by the
 *	caller), NULL for an unbind.
 * @offset: byte offset into @obj.
 * @range: bytes of address space.
 * @addr: GPU address.
 */
struct agx4_vm_bind_op {
	u32 flags;
	struct drm_gem_object *obj;
	u64 offset;
	u64 range;
	u64 addr;
};

/**
 * struct agx4_vm - a client GPU address space
 */
struct agx4_vm {
	/** @base: the GPU VA manager; must stay first. */
	struct drm_gpuvm base;
	/** @ref: users (the file's handle, queues, jobs). */
	struct kref ref;
	/** @uat: the page tables of the low half. */
	struct agx4_uat uat;
	/**
	 * @bind_lock: serialises every change of the mappings: the VA tree
	 * in @base and the contents of @uat, binds and the backend's
	 * windows (agx4_vm_map_fw_obj()) alike; firmware objects aliased
	 * in the kernel carve-out (agx4_fw_obj_alias()), which no bind
	 * reaches, take only &agx4_uat.lock.  Taken before &agx4_uat.lock
	 * and before any object's reservation or gpuva lock.
	 */
	struct mutex bind_lock;
	/** @kernel_start: start of the kernel carve-out. */
	u64 kernel_start;
	/** @kernel_end: its end (exclusive). */
	u64 kernel_end;
	/**
	 * @reserved: GPU ranges outside the carve-out that the submission
	 * backend maps itself (agx4_vm_reserve()); @num_reserved of them.
	 */
	const struct agx4_range *reserved;
	/** @num_reserved: entries of @reserved. */
	u32 num_reserved;
	/** @fw_lock: protects @fw and @fw_free. */
	struct mutex fw_lock;
	/**
	 * @fw: the submission backend's state for this VM (its firmware
	 * objects and contexts), made at the VM's first job through
	 * agx4_vm_fw_state(); NULL before.
	 */
	void *fw;
	/**
	 * @fw_free: frees @fw when the last reference goes, before the
	 * mappings do; set together with @fw.
	 */
	void (*fw_free)(struct agx4_vm *vm, void *fw);
	/**
	 * @fw_incarnation: the firmware boot (&agx4_fw_boot.incarnation)
	 * @fw is for: set under @fw_lock by agx4_vm_fw_renew(), which the
	 * job unit calls before it makes a queue's firmware side.
	 */
	u32 fw_incarnation;
};

struct agx4_vm *agx4_vm_create(struct drm_device *drm,
			       const struct agx4_uat_geom *geom,
			       u64 vm_start, u64 vm_end,
			       u64 kernel_start, u64 kernel_end);
struct agx4_vm *agx4_vm_get(struct agx4_vm *vm);
void agx4_vm_put(struct agx4_vm *vm);
void *agx4_vm_fw_state(struct agx4_vm *vm,
		       void *(*make)(struct agx4_vm *vm, void *arg),
		       void (*free)(struct agx4_vm *vm, void *fw), void *arg);
void agx4_vm_fw_renew(struct agx4_vm *vm, u32 incarnation);
int agx4_vm_map_fw_obj(struct agx4_vm *vm, u64 va, struct agx4_fw_obj *obj,
		       u64 off, u64 size, const struct agx4_uat_prot *prot);
void agx4_vm_unmap_fw(struct agx4_vm *vm, u64 va, u64 size);
int agx4_vm_pin_window(struct agx4_vm *vm, struct agx4_uat_window *w,
		       u64 va, u64 size);
void agx4_vm_unpin_window(struct agx4_vm *vm, struct agx4_uat_window *w);
int agx4_vm_reserve(struct agx4_vm *vm, const struct agx4_range *r,
		    u32 n);
int agx4_vm_check_op_shape(struct agx4_vm *vm,
			   const struct agx4_vm_bind_op *op);
int agx4_vm_bind(struct agx4_vm *vm, const struct agx4_vm_bind_op *ops,
		 unsigned int n);
int agx4_vm_unmap_obj(struct agx4_vm *vm, struct drm_gem_object *obj);
unsigned int agx4_vm_num_mappings(struct agx4_vm *vm);

struct agx4_vm_pool;
struct agx4_vm_pool *agx4_vm_pool_create(void);
void agx4_vm_pool_destroy(struct agx4_vm_pool *pool);
int agx4_vm_pool_add(struct agx4_vm_pool *pool, struct agx4_vm *vm, u32 *id);
struct agx4_vm *agx4_vm_pool_get(struct agx4_vm_pool *pool, u32 id);
int agx4_vm_pool_remove(struct agx4_vm_pool *pool, u32 id);
void agx4_vm_pool_unmap_obj(struct agx4_vm_pool *pool,
			    struct drm_gem_object *obj, long wait);
void agx4_vm_pool_show(struct agx4_vm_pool *pool, struct seq_file *m);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
unsigned int agx4_vm_pool_count(struct agx4_vm_pool *pool);
#endif

#endif /* AGX4_VM_H */
