// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/device.h>
#include <linux/err.h>
#include <linux/string.h>

#include "agx4_fw.h"
#include "agx4_fw_g16.h"
#include "agx4_fw_g17p.h"
#include "agx4_fw_gen.h"
#include "agx4_test_hooks.h"

/**
 * DOC: firmware generations and builds
 *
 * The firmware's structures change between generations and between
 * builds, and the firmware does not describe them.  agx4 knows them per
 * generation (one &struct agx4_fw_gen and one file each) and only runs
 * firmware builds it has been told about: the boot loader names the
 * loaded build in ``apple,firmware-build``, and agx4_fw_gen_select()
 * refuses any other, naming the build it found and the builds it
 * supports.  Adding a firmware build is adding its name to the
 * generation's list (and, where its layouts differ, their deltas).
 */

static const struct agx4_fw_gen *const agx4_fw_gens[] = {
	&agx4_fw_g16,
	&agx4_fw_g17p,
};

/**
 * agx4_fw_gen_list_builds() - the builds agx4 supports on a SoC
 * @soc: the SoC.
 * @buf: where the comma-separated list goes.
 * @len: its size.
 *
 * Return: the length of the list, as snprintf().
 */
int agx4_fw_gen_list_builds(enum agx4_soc_id soc, char *buf, size_t len)
{
	unsigned int g, b;
	int n = 0;

	if (len)
		buf[0] = '\0';
	for (g = 0; g < ARRAY_SIZE(agx4_fw_gens); g++) {
		const struct agx4_fw_gen *gen = agx4_fw_gens[g];

		if (gen->soc != soc)
			continue;
		for (b = 0; gen->builds[b]; b++)
			n += scnprintf(buf + n, len - n, "%s%s", n ? ", " : "",
				       gen->builds[b]);
	}
	return n;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_gen_list_builds);

/**
 * agx4_fw_gen_select() - the generation for a GPU and its firmware
 * @dev: the device, for the message.
 * @plat: its device-tree inputs (SoC and firmware build).
 *
 * Return: the generation, or ERR_PTR(-EOPNOTSUPP) for a firmware build
 * agx4 does not know on that SoC.  The device tree's and the generation's
 * numbers of firmware instances agree by construction; a mismatch is a
 * driver bug (-EINVAL).
 */
const struct agx4_fw_gen *agx4_fw_gen_select(struct device *dev,
					     const struct agx4_platform *plat)
{
	char list[128];
	unsigned int g, b;

	for (g = 0; g < ARRAY_SIZE(agx4_fw_gens); g++) {
		const struct agx4_fw_gen *gen = agx4_fw_gens[g];

		if (gen->soc != plat->soc)
			continue;
		for (b = 0; gen->builds[b]; b++) {
			if (strcmp(gen->builds[b], plat->firmware_build))
				continue;
			/* The SoC's coprocessors are the firmware's instances. */
			if (WARN_ON(gen->num_instances != plat->num_instances))
				return ERR_PTR(-EINVAL);
			return gen;
		}
	}
	agx4_fw_gen_list_builds(plat->soc, list, sizeof(list));
	dev_err(dev, "firmware build %s is not supported on t%x (supported: %s)\n",
		plat->firmware_build, plat->chip_id, list);
	return ERR_PTR(-EOPNOTSUPP);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_gen_select);
