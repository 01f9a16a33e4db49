/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Between the G17P init data (agx4_fw_g17p_init.c) and the G17P boot
 * (agx4_fw_g17p_boot.c), and the queue records for the submission backend.
 */
#ifndef AGX4_FW_G17P_INIT_H
#define AGX4_FW_G17P_INIT_H

#include <linux/types.h>

struct agx4_fw_chan_in;
struct agx4_fw_gen;
struct agx4_fw_hwdata_in;
struct agx4_fw_mc_in;
struct agx4_fw_queue_in;
struct agx4_platform;

/* The bundle: hwdata, the power block, the work rings, both main configs. */
#define AGX4_G17P_BUNDLE_SIZE		0x28000
/* Primary status B, from its status A back. */
#define AGX4_G17P_STATUS_B_SIZE		0xeb00
/* The secondary's support object (its root's second extra). */
#define AGX4_G17P_SEC_EXTRA_SIZE	0x80

int agx4_fw_g17p_init_bundle(void *bundle, size_t size, u64 state_object);
int agx4_fw_g17p_init_status_b(void *sb, size_t size, u64 fwctl);
void agx4_fw_g17p_status_config(void *sb, u64 fwctl);
int agx4_fw_g17p_init_sec_extra(void *buf, size_t size);
int agx4_fw_g17p_build_main_config(const struct agx4_fw_gen *gen,
				   const struct agx4_fw_mc_in *in, void *buf,
				   size_t size);
int agx4_fw_g17p_build_queue(const struct agx4_fw_queue_in *in, void *buf,
			     size_t size);
int agx4_fw_g17p_build_region_c(const struct agx4_platform *p, void *buf,
				size_t size);
int agx4_fw_g17p_build_hwdata(const struct agx4_fw_gen *gen,
			      const struct agx4_platform *p,
			      const struct agx4_fw_hwdata_in *in, void *buf,
			      size_t size);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
int agx4_fw_g17p_build_channels(const struct agx4_fw_chan_in *in, void *buf,
				size_t size);
#endif

#endif /* AGX4_FW_G17P_INIT_H */
