// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P (Apple A18 Pro, t8140): the generation's firmware facts
 * (shared/spec/g16-g17p-reference.md 3.2, 4.1, 6.2, 7.1, 8).
 */

#include <kunit/visibility.h>

#include "agx4_fw.h"

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
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g17p);
