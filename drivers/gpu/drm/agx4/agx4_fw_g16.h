/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Between the G16 descriptor (agx4_fw_g16.c) and its work builders
 * (agx4_fw_g16_work.c).
 */
#ifndef AGX4_FW_G16_H
#define AGX4_FW_G16_H

#include "agx4_fw_work.h"

struct agx4_fw_boot;
struct agx4_fw_gen;
struct agx4_fw_regwin_in;
struct agx4_platform;
struct agx4_fw_submit_ops;

extern const struct agx4_fw_item agx4_fw_g16_render_objs[6];
extern const struct agx4_fw_item agx4_fw_g16_compute_objs[4];
extern const struct agx4_fw_item agx4_fw_g16_tvb_objs[6];

/* The submission backend (agx4_g16_submit.c), which the descriptor names. */
extern const struct agx4_fw_submit_ops agx4_fw_g16_submit_ops;

/* The register windows hwdata lists (H). */
#define AGX4_FW_G16_NUM_WINDOWS	18

int agx4_fw_g16_boot(struct agx4_fw_boot *b);
int agx4_fw_g16_build_operand_dir(void *buf, size_t size, u64 base,
				  unsigned int buffers);
#if IS_ENABLED(CONFIG_KUNIT)
int agx4_fw_g16_build_flist(void *buf, size_t size, u64 aux);
int agx4_fw_g16_build_compute_support(void *buf, size_t size, u64 shared);
int agx4_fw_g16_build_resume(void *buf, size_t size);
u32 agx4_fw_g16_merge_default(u32 dim);
int agx4_fw_g16_windows(const struct agx4_platform *plat, u64 base, u64 end,
			struct agx4_fw_regwin_in *wins);
#endif
int agx4_fw_g16_build_render(const struct agx4_render_desc *d,
			     const struct agx4_fw_render_in *in,
			     const struct agx4_fw_buf *bufs);
int agx4_fw_g16_build_compute(const struct agx4_compute_desc *d,
			      const struct agx4_fw_compute_in *in,
			      const struct agx4_fw_buf *bufs);
int agx4_fw_g16_build_tvb(const struct agx4_fw_gen *gen,
			  const struct agx4_fw_tvb_in *in,
			  const struct agx4_fw_buf *bufs);

#endif /* AGX4_FW_G16_H */
