/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_DRV_H
#define AGX4_DRV_H

struct drm_driver;

extern const struct drm_driver agx4_drm_driver;

#endif /* AGX4_DRV_H */
