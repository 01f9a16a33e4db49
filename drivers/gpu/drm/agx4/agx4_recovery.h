/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_RECOVERY_H
#define AGX4_RECOVERY_H

#include <linux/types.h>

struct agx4_device;

int agx4_recovery_init(struct agx4_device *adev);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
int agx4_recovery_run(struct agx4_device *adev);
#endif

#endif /* AGX4_RECOVERY_H */
