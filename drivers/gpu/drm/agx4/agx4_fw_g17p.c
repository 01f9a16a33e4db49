// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P (Apple A18 Pro, t8140): the generation's firmware facts
 * (shared/spec/g16-g17p-reference.md 3.2, 4.1, 6.2, 7.1, 8).
 */

#include <linux/bitfield.h>
#include <linux/errno.h>

#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include "agx4_device.h"
#include "agx4_fw.h"

/* ID registers (SGX window, spec 2.2). */
#define G17P_SGX_GPU_ID		0xd04000
#define G17P_ID_FAMILY		GENMASK(31, 24)	/* must be 10 */
#define G17P_ID_ZERO		GENMASK(23, 16)	/* must be 0 */
#define G17P_ID_REVISION	GENMASK(15, 8)
#define G17P_SGX_COUNTS		0xd04010
#define G17P_COUNT_DIES		GENMASK(19, 16)
#define G17P_COUNT_CLUSTERS	GENMASK(15, 8)	/* per die */
#define G17P_COUNT_CORES	GENMASK(7, 0)	/* per cluster */
#define G17P_SGX_CORE_MASK	0xe01500
#define G17P_MAX_CORES		32

static int g17p_read_gpu_info(struct agx4_device *adev,
			      struct agx4_gpu_info *info)
{
	const struct agx4_platform *p = &adev->plat;
	u32 id = agx4_device_read_sgx(adev, G17P_SGX_GPU_ID);
	u32 counts = agx4_device_read_sgx(adev, G17P_SGX_COUNTS);
	u32 dies = FIELD_GET(G17P_COUNT_DIES, counts);
	u32 cores = FIELD_GET(G17P_COUNT_CORES, counts);
	unsigned int i;

	if (!id || id == ~0u || FIELD_GET(G17P_ID_FAMILY, id) != 10 ||
	    FIELD_GET(G17P_ID_ZERO, id)) {
		drm_err(&adev->base, "not a G17P GPU (ID %#x)\n", id);
		return -ENODEV;
	}
	/* Only one die with one cluster is known to work (reference). */
	if (dies != 1 || FIELD_GET(G17P_COUNT_CLUSTERS, counts) != 1 ||
	    !cores || cores > G17P_MAX_CORES) {
		drm_err(&adev->base, "unsupported GPU topology %#x\n", counts);
		return -ENODEV;
	}
	info->revision = FIELD_GET(G17P_ID_REVISION, id);
	info->num_dies = dies;
	info->num_clusters = dies * FIELD_GET(G17P_COUNT_CLUSTERS, counts);
	info->cores_per_cluster = cores;
	info->core_mask = agx4_device_read_sgx(adev, G17P_SGX_CORE_MASK) &
			  GENMASK(cores - 1, 0);
	info->max_freq_khz = 0;
	for (i = 0; i < AGX4_NUM_RAW_PSTATES; i++)
		info->max_freq_khz = max(info->max_freq_khz,
					 p->raw_pstates[i].freq_hz / 1000);
	return 0;
}

static const char *const g17p_builds[] = {
	"mBoot-18000.161.9",
	NULL,
};

static const struct agx4_uat_geom g17p_uat = {
	.levels = 3,
	.root_shift = 36,
	.root_entries = 64,
	.entries = 2048,
	.oa_bits = 42,
};

/* G17P: two firmware instances, cursors in shared memory. */
const struct agx4_fw_gen agx4_fw_g17p = {
	.name = "G17P",
	.soc = AGX4_SOC_T8140,
	.gpu_generation = 17,
	.gpu_variant = 'P',
	.builds = g17p_builds,
	.num_instances = 2,
	.uat_geom = &g17p_uat,
	.root_version = { 0x04c0, 0x0396, 0xa322, 0x0c8a },
	.cursors_in_mmio = false,
	.tvb = { .initial_blocks = 8, .growth_blocks = 10, .max_blocks = 2048 },
	/* As on G16; 4 GiB is agx4's choice. */
	.fw_heap = { 0xfffffc2200000000ull, 0x100000000ull },
	/*
	 * GAP: G17P keeps the aperture base in its constants, which the
	 * specification does not decode; G16's is assumed.
	 */
	.ts_aperture = { 0xfffffc2181400000ull, 0x4000000ull },
	.read_gpu_info = g17p_read_gpu_info,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g17p);
