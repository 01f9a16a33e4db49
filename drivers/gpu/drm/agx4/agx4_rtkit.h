/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_RTKIT_H
#define AGX4_RTKIT_H

#include <linux/types.h>

struct agx4_device;
struct agx4_fw_transport;
struct agx4_range;

/* The GPU firmware's application endpoints. */
#define AGX4_RTKIT_EP_FW	0x20	/* init data, notifications, acks */
#define AGX4_RTKIT_EP_DOORBELL	0x21	/* kicks and doorbells */

/**
 * enum agx4_rtkit_msg_kind - what a firmware message means
 * @AGX4_RTKIT_MSG_NOTIFY: rings the firmware writes were updated.
 * @AGX4_RTKIT_MSG_INIT_ACK: the init data was accepted (G17P).
 */
enum agx4_rtkit_msg_kind {
	AGX4_RTKIT_MSG_NOTIFY,
	AGX4_RTKIT_MSG_INIT_ACK,
};

int agx4_rtkit_msg_init(u64 root_va, u64 *msg);
int agx4_rtkit_msg_kick(u32 group, u32 pipe, u64 *msg);
u64 agx4_rtkit_msg_ctl_doorbell(void);
u64 agx4_rtkit_msg_control_start(void);
int agx4_rtkit_msg_decode(u8 ep, u64 msg);

int agx4_rtkit_init(struct agx4_device *adev, struct agx4_fw_transport *t);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
int agx4_rtkit_buffer_check(const struct agx4_range *reserved, u64 iova,
			    u64 size);
int agx4_rtkit_cpu_cold(u32 ctl, u32 status);
#endif

#endif /* AGX4_RTKIT_H */
