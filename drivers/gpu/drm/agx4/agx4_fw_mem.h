/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_MEM_H
#define AGX4_FW_MEM_H

#include <linux/types.h>

#include "agx4_fw.h"
#include "agx4_fw_obj.h"
#include "agx4_of.h"
#include "agx4_uat.h"

struct agx4_device;

/**
 * struct agx4_fw_mem_region - a reserved-memory region, mapped
 * @va: kernel mapping.
 * @pa: physical address.
 * @size: bytes.
 */
struct agx4_fw_mem_region {
	void *va;
	phys_addr_t pa;
	size_t size;
};

/**
 * struct agx4_fw_mem - the device's firmware address space
 *
 * Set up by the memory step of the probe and kept until the DRM device is
 * released (not at unplug): open files may still hold timestamp objects
 * mapped in it, and the firmware is stopped by then.
 */
struct agx4_fw_mem {
	/** @pagetables: the loader's page-table region. */
	struct agx4_fw_mem_region pagetables;
	/**
	 * @l2: the loader's table shared by every firmware instance, if the
	 * device tree gives its reservation.
	 */
	struct agx4_fw_mem_region l2;
	/**
	 * @handoff: the loader handoff page, mapped at the firmware's first
	 * boot (agx4_fw_mem_boot_region()) and kept for every later one.
	 */
	struct agx4_fw_mem_region handoff;
	/** @ttbs: the context table page, likewise. */
	struct agx4_fw_mem_region ttbs;
	/** @fw_uat: the firmware half, borrowed from the loader. */
	struct agx4_uat fw_uat;
	/** @heap: agx4's firmware objects. */
	struct agx4_fw_obj_heap heap;
	/** @ts: the timestamp aperture (GEM_BIND_OBJECT). */
	struct agx4_fw_obj_heap ts;
	/** @windows: the GPU register windows, at fixed addresses. */
	struct agx4_fw_obj_heap windows;
	/**
	 * @fixed: firmware objects at the reference drivers' fixed addresses,
	 * one heap per range of &agx4_fw_gen.fixed_objs; unused where that
	 * range is empty.
	 */
	struct agx4_fw_obj_heap fixed[AGX4_FW_FIXED_RANGES];
};

int agx4_fw_mem_init(struct agx4_device *adev);

int agx4_fw_mem_map_region(struct agx4_device *adev, enum agx4_mem id,
			   struct agx4_fw_mem_region *r);
void agx4_fw_mem_unmap_region(struct agx4_device *adev,
			      struct agx4_fw_mem_region *r);
int agx4_fw_mem_boot_region(struct agx4_device *adev, enum agx4_mem id,
			    struct agx4_fw_mem_region *r);

#endif /* AGX4_FW_MEM_H */
