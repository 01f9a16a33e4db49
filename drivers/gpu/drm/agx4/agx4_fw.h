/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_H
#define AGX4_FW_H

#include <linux/types.h>

#include "agx4_of.h"
#include "agx4_uat.h"

struct agx4_device;
struct device;

/**
 * struct agx4_gpu_info - what the GPU says about itself
 * @revision: GET_PARAMS gpu_revision.
 * @num_dies: dies.
 * @num_clusters: clusters on all dies.
 * @cores_per_cluster: core slots per cluster.
 * @core_mask: enabled cores of cluster 0.
 * @max_freq_khz: highest GPU clock.
 */
struct agx4_gpu_info {
	u32 revision;
	u32 num_dies;
	u32 num_clusters;
	u32 cores_per_cluster;
	u64 core_mask;
	u32 max_freq_khz;
};

/**
 * struct agx4_fw_tvb_params - tiled-vertex-buffer growth of a generation
 * @initial_blocks: blocks a render starts with.
 * @growth_blocks: blocks added per growth request.
 * @max_blocks: most blocks one render may hold.
 */
struct agx4_fw_tvb_params {
	u32 initial_blocks;
	u32 growth_blocks;
	u32 max_blocks;
};

/**
 * struct agx4_fw_gen - what agx4 knows of one GPU generation's firmware
 *
 * One per generation, in that generation's own file (agx4_fw_g16.c,
 * agx4_fw_g17p.c); chosen at probe by agx4_fw_gen_select() from the SoC
 * and the firmware build.  The structure layouts and builders of each
 * generation join it there.
 */
struct agx4_fw_gen {
	/** @name: the generation, for messages ("G16"). */
	const char *name;
	/** @soc: the SoC it runs on. */
	enum agx4_soc_id soc;
	/** @gpu_generation: GET_PARAMS gpu_generation. */
	u32 gpu_generation;
	/** @gpu_variant: GET_PARAMS gpu_variant, an ASCII letter. */
	u32 gpu_variant;
	/** @builds: supported firmware builds, NULL-terminated. */
	const char *const *builds;
	/** @num_instances: firmware instances (coprocessors). */
	u32 num_instances;
	/** @uat_geom: the page-table shape. */
	const struct agx4_uat_geom *uat_geom;
	/** @root_version: the version words of the init-data root. */
	u16 root_version[4];
	/**
	 * @cursors_in_mmio: work-channel cursors are SGX registers (G16)
	 * rather than shared memory (G17P).
	 */
	bool cursors_in_mmio;
	/** @tvb: tiled-vertex-buffer growth. */
	struct agx4_fw_tvb_params tvb;
	/**
	 * @fw_heap: firmware addresses agx4 allocates its own objects from
	 * (the firmware half; agx4_mem).
	 */
	struct agx4_range fw_heap;
	/**
	 * @ts_aperture: the only firmware addresses the firmware accepts as
	 * user timestamp destinations; GEM_BIND_OBJECT maps there.
	 */
	struct agx4_range ts_aperture;
	/**
	 * @read_gpu_info: read and check the GPU's identity (ID registers
	 * and device-tree inputs); -ENODEV for a GPU agx4 cannot drive.
	 */
	int (*read_gpu_info)(struct agx4_device *adev,
			     struct agx4_gpu_info *info);
};

extern const struct agx4_fw_gen agx4_fw_g16;
extern const struct agx4_fw_gen agx4_fw_g17p;

const struct agx4_fw_gen *agx4_fw_gen_select(struct device *dev,
					     const struct agx4_platform *plat);
int agx4_fw_gen_list_builds(enum agx4_soc_id soc, char *buf, size_t len);

#endif /* AGX4_FW_H */
