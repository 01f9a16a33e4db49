/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G16 init data (agx4_fw_g16_init.c): the record builders the G16 boot
 * and the submission backend call.
 */
#ifndef AGX4_FW_G16_INIT_H
#define AGX4_FW_G16_INIT_H

#include <linux/types.h>

struct agx4_fw_chan_in;
struct agx4_fw_gen;
struct agx4_fw_hwdata_in;
struct agx4_fw_mc_in;
struct agx4_fw_queue_in;
struct agx4_platform;

int agx4_fw_g16_build_flist(void *buf, size_t size, u64 aux);
int agx4_fw_g16_build_operand_dir(void *buf, size_t size, u64 base,
				  unsigned int buffers);
int agx4_fw_g16_build_compute_support(void *buf, size_t size, u64 shared);
int agx4_fw_g16_build_resume(void *buf, size_t size);
int agx4_fw_g16_build_main_config(const struct agx4_fw_gen *gen,
				  const struct agx4_fw_mc_in *in, void *buf,
				  size_t size);
int agx4_fw_g16_build_queue(const struct agx4_fw_queue_in *in, void *buf,
			    size_t size);
int agx4_fw_g16_build_hwdata(const struct agx4_fw_gen *gen,
			     const struct agx4_platform *p,
			     const struct agx4_fw_hwdata_in *in, void *buf,
			     size_t size);
int agx4_fw_g16_build_region_c(const struct agx4_platform *p, void *buf,
			       size_t size);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
int agx4_fw_g16_build_channels(const struct agx4_fw_chan_in *in, void *buf,
			       size_t size);
#endif

#endif /* AGX4_FW_G16_INIT_H */
