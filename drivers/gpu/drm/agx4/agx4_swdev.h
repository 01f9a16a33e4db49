/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_SWDEV_H
#define AGX4_SWDEV_H

#if IS_ENABLED(CONFIG_DRM_AGX4_SWDEV)
int agx4_swdev_init(void);
void agx4_swdev_exit(void);
#else
static inline int agx4_swdev_init(void)
{
	return 0;
}

static inline void agx4_swdev_exit(void)
{
}
#endif

#endif /* AGX4_SWDEV_H */
