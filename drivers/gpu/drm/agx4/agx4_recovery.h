/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_RECOVERY_H
#define AGX4_RECOVERY_H

#include <linux/types.h>

struct agx4_device;

int agx4_recovery_init(struct agx4_device *adev);

#if IS_ENABLED(CONFIG_KUNIT)
int agx4_recovery_run(struct agx4_device *adev);
typedef void (*agx4_recovery_dump_fn)(struct agx4_device *adev, void *buf,
				      size_t len);
extern agx4_recovery_dump_fn agx4_recovery_dump_hook;
#endif

#endif /* AGX4_RECOVERY_H */
