/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G17P work builders (agx4_fw_g17p_work.c), for the G17P descriptor.
 */
#ifndef AGX4_FW_G17P_WORK_H
#define AGX4_FW_G17P_WORK_H

#include "agx4_fw_work.h"

extern const struct agx4_fw_item agx4_fw_g17p_render_objs[4];
extern const struct agx4_fw_item agx4_fw_g17p_compute_objs[2];

int agx4_fw_g17p_build_render(const struct agx4_render_desc *d,
			      const struct agx4_fw_render_in *in,
			      const struct agx4_fw_buf *bufs);
int agx4_fw_g17p_check_compute(const struct agx4_compute_desc *d,
			       const struct agx4_fw_compute_in *in);
int agx4_fw_g17p_build_compute(const struct agx4_compute_desc *d,
			       const struct agx4_fw_compute_in *in,
			       const struct agx4_fw_buf *bufs);
int agx4_fw_g17p_build_optional(const struct agx4_fw_optional_in *in,
				void *buf, size_t size);

#endif /* AGX4_FW_G17P_WORK_H */
