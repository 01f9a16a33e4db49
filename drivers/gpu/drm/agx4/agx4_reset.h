/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_RESET_H
#define AGX4_RESET_H

#include <linux/types.h>

struct agx4_device;

int agx4_reset_init(struct agx4_device *adev);
void agx4_reset_unplug(struct agx4_device *adev);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
extern bool agx4_fw_restart;
void agx4_reset_flush(struct agx4_device *adev);
void agx4_reset_hold(struct agx4_device *adev, bool hold);
bool agx4_reset_pending(struct agx4_device *adev);
int agx4_reset_run(struct agx4_device *adev);
unsigned int agx4_reset_count(struct agx4_device *adev);
unsigned int agx4_reset_failures(struct agx4_device *adev);
#endif

#endif /* AGX4_RESET_H */
