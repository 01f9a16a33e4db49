/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G16 power-controller block builder (agx4_fw_g16_power.c), for the
 * G16 boot.
 */
#ifndef AGX4_FW_G16_POWER_H
#define AGX4_FW_G16_POWER_H

#include <linux/types.h>

struct agx4_platform;

/**
 * struct agx4_fw_g16_power_in - what the power block takes beside the
 * device tree
 * @extra_1: firmware address of the init data's support object 1.
 * @policy: firmware address of the zeroed private page of extra policy
 *	objects.
 * @random: a fresh random word for this boot (get_random_u32()).
 */
struct agx4_fw_g16_power_in {
	u64 extra_1;
	u64 policy;
	u32 random;
};

int agx4_fw_g16_build_power(const struct agx4_platform *plat,
			    const struct agx4_fw_g16_power_in *in,
			    void *bundle, size_t size);

#endif /* AGX4_FW_G16_POWER_H */
