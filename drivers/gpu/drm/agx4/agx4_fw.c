// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/kernel.h>

#include "agx4_fw.h"
#include "agx4_test_hooks.h"

/**
 * agx4_fw_stamp_value() - the stamp value that means "work item done"
 * @gen: the generation (its &agx4_fw_chan_geom stamp values).
 * @lane: 0 TA, 1 3D, 2 compute.
 * @ordinal: the work item's ordinal on its lane.
 *
 * first + ordinal * step, wrapping at 32 bits.  A lane's stamp word
 * starts at the value of ordinal -1 (first - step), "nothing done", and
 * a work item's "not done" value is the one of the ordinal before it.
 * The one copy of the rule: the G16 backend and the tests use it.
 *
 * Return: the value, or 0 for a lane the generation has no stamps for.
 */
u32 agx4_fw_stamp_value(const struct agx4_fw_gen *gen, unsigned int lane,
			u32 ordinal)
{
	if (lane >= ARRAY_SIZE(gen->chan.stamp_first) || !gen->chan.stamp_step)
		return 0;
	return gen->chan.stamp_first[lane] + ordinal * gen->chan.stamp_step;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_stamp_value);

/**
 * agx4_fw_stamp_reached() - has a stamp word reached a value
 * @stamp: the word as read.
 * @target: the value waited for.
 *
 * A signed 32-bit comparison, so the stamps may wrap.
 *
 * Return: true once @stamp is at or past @target.
 */
bool agx4_fw_stamp_reached(u32 stamp, u32 target)
{
	return (s32)(stamp - target) >= 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_stamp_reached);
