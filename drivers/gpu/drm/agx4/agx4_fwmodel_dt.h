/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FWMODEL_DT_H
#define AGX4_FWMODEL_DT_H

#include "agx4_of.h"

/**
 * struct agx4_fwmodel_dt - a GPU node being written by agx4_fwmodel_dt_fill()
 * @set: stores property @name (@len bytes at @val); 0 or a negative errno.
 * @ctx: first argument of @set.
 * @reg: out: the ``reg`` windows, by &enum agx4_reg; size 0 means absent.
 * @mem: in: the ``memory-region`` entries, which a t8140 node mirrors in
 *	its ``apple,sgx-*-base``/``-size`` properties.
 * @mbox_count: out: entries in ``mboxes``.
 */
struct agx4_fwmodel_dt {
	int (*set)(void *ctx, const char *name, const void *val, int len);
	void *ctx;
	struct agx4_range reg[AGX4_REG_COUNT];
	struct agx4_range mem[AGX4_MEM_COUNT];
	int mbox_count;
};

int agx4_fwmodel_dt_fill(struct agx4_fwmodel_dt *dt, enum agx4_soc_id soc);

#endif /* AGX4_FWMODEL_DT_H */
