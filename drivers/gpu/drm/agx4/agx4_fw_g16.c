// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 (Apple M4, t8132): the generation's firmware facts
 * (shared/spec/g16-g17p-reference.md 3.2, 4.1, 6.1, 7.1, 8).
 */

#include <kunit/visibility.h>

#include "agx4_fw.h"

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
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16);
