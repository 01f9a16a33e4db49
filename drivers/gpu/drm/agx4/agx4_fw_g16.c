// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 (Apple M4, t8132): the generation's firmware facts
 * (shared/spec/g16-g17p-reference.md 3.2, 4.1, 6.1, 7.1, 8).
 */

#include <linux/errno.h>

#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include "agx4_device.h"
#include "agx4_fw.h"

/* ID register (SGX window): must read neither 0 nor all ones. */
#define G16_SGX_GPU_ID		0xd04000

/* Fixed on t8132: one die, one cluster, ten core slots (spec 7.1). */
#define G16_CORES_PER_CLUSTER	10

static int g16_read_gpu_info(struct agx4_device *adev,
			     struct agx4_gpu_info *info)
{
	const struct agx4_platform *p = &adev->plat;
	u32 id = agx4_device_read_sgx(adev, G16_SGX_GPU_ID);

	if (!id || id == ~0u) {
		drm_err(&adev->base, "GPU ID register reads %#x\n", id);
		return -ENODEV;
	}
	/* L: the reference reports revision 0 on t8132. */
	info->revision = 0;
	info->num_dies = 1;
	info->num_clusters = 1;
	info->cores_per_cluster = G16_CORES_PER_CLUSTER;
	info->core_mask = p->core_mask;
	info->max_freq_khz = p->freq_a[AGX4_NUM_PSTATES - 1] * 1000;
	return 0;
}

static const char *const g16_builds[] = {
	"mBoot-18000.161.10",
	NULL,
};

static const struct agx4_uat_geom g16_uat = {
	.levels = 3,
	.root_shift = 36,
	.root_entries = 64,
	.entries = 2048,
	.oa_bits = 42,
};

/* G16: one firmware instance, cursors in SGX registers. */
const struct agx4_fw_gen agx4_fw_g16 = {
	.name = "G16",
	.soc = AGX4_SOC_T8132,
	.gpu_generation = 16,
	.gpu_variant = 'G',
	.builds = g16_builds,
	.num_instances = 1,
	.uat_geom = &g16_uat,
	.root_version = { 0x04b8, 0x8392, 0xc357, 0x0c89 },
	.cursors_in_mmio = true,
	/* The reference's tvb_max_blocks module parameter defaults to 331. */
	.tvb = { .initial_blocks = 11, .growth_blocks = 10, .max_blocks = 331 },
	/* Dynamic allocations of the reference; 4 GiB is agx4's choice. */
	.fw_heap = { 0xfffffc2200000000ull, 0x100000000ull },
	/* M: the reference's 64 MiB aperture, written at hwdata+0x28. */
	.ts_aperture = { 0xfffffc2181400000ull, 0x4000000ull },
	.read_gpu_info = g16_read_gpu_info,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16);
