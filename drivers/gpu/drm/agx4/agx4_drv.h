/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_DRV_H
#define AGX4_DRV_H

struct agx4_device;
struct drm_device;
struct drm_driver;
struct drm_file;
struct drm_gem_object;
struct drm_printer;

extern const struct drm_driver agx4_drm_driver;

void agx4_drv_close_object(struct drm_gem_object *obj, struct drm_file *file);
void agx4_drv_info_print(struct agx4_device *adev, struct drm_printer *p);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
#include <linux/types.h>

struct attribute_group;
struct seq_file;
extern const struct attribute_group **agx4_drv_dev_groups;
int agx4_drv_debugfs_show(struct agx4_device *adev, const char *name,
			  struct seq_file *m);

u64 agx4_ticks_to_ns(u64 ticks, u32 rate);
int agx4_ioctl_get_time(struct drm_device *drm, void *data,
			struct drm_file *file);
int agx4_ioctl_get_params(struct drm_device *drm, void *data,
			  struct drm_file *file);
int agx4_ioctl_vm_create(struct drm_device *drm, void *data,
			 struct drm_file *file);
int agx4_ioctl_vm_destroy(struct drm_device *drm, void *data,
			  struct drm_file *file);
int agx4_ioctl_vm_bind(struct drm_device *drm, void *data,
		       struct drm_file *file);
int agx4_ioctl_gem_create(struct drm_device *drm, void *data,
			  struct drm_file *file);
int agx4_ioctl_gem_mmap_offset(struct drm_device *drm, void *data,
			       struct drm_file *file);
int agx4_ioctl_gem_bind_object(struct drm_device *drm, void *data,
			       struct drm_file *file);
int agx4_ioctl_queue_create(struct drm_device *drm, void *data,
			    struct drm_file *file);
int agx4_ioctl_queue_destroy(struct drm_device *drm, void *data,
			     struct drm_file *file);
int agx4_ioctl_submit(struct drm_device *drm, void *data,
		      struct drm_file *file);
#endif

#endif /* AGX4_DRV_H */
