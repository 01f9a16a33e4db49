/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The table of generations (agx4_fw_gen.c), for the probe.
 */
#ifndef AGX4_FW_GEN_H
#define AGX4_FW_GEN_H

#include <linux/types.h>

#include "agx4_of.h"

struct agx4_fw_gen;
struct device;

const struct agx4_fw_gen *agx4_fw_gen_select(struct device *dev,
					     const struct agx4_platform *plat);
int agx4_fw_gen_list_builds(enum agx4_soc_id soc, char *buf, size_t len);

#endif /* AGX4_FW_GEN_H */
