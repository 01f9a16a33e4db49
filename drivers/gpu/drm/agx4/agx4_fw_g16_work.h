/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G16 work builders (agx4_fw_g16_work.c), for the G16 descriptor and
 * its submission backend.
 */
#ifndef AGX4_FW_G16_WORK_H
#define AGX4_FW_G16_WORK_H

#include "agx4_fw_work.h"

struct agx4_fw_gen;

extern const struct agx4_fw_item agx4_fw_g16_render_objs[6];
extern const struct agx4_fw_item agx4_fw_g16_compute_objs[4];
extern const struct agx4_fw_item agx4_fw_g16_tvb_objs[6];

int agx4_fw_g16_build_render(const struct agx4_render_desc *d,
			     const struct agx4_fw_render_in *in,
			     const struct agx4_fw_buf *bufs);
int agx4_fw_g16_build_compute(const struct agx4_compute_desc *d,
			      const struct agx4_fw_compute_in *in,
			      const struct agx4_fw_buf *bufs);
int agx4_fw_g16_build_tvb(const struct agx4_fw_gen *gen,
			  const struct agx4_fw_tvb_in *in,
			  const struct agx4_fw_buf *bufs);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
u32 agx4_fw_g16_merge_default(u32 dim);
#endif

#endif /* AGX4_FW_G16_WORK_H */
