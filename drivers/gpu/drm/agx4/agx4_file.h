/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FILE_H
#define AGX4_FILE_H

#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/xarray.h>

struct agx4_vm;
struct drm_device;
struct drm_file;
struct drm_gem_object;

/**
 * struct agx4_file - what one open DRM file holds
 */
struct agx4_file {
	/**
	 * @vm_lock: serialises changes of @vms with walks over them that
	 * sleep (closing an object handle unmaps it from every VM).
	 */
	struct mutex vm_lock;
	/** @vms: the file's VMs by id (from 1); changed under @vm_lock. */
	struct xarray vms;
	/** @queues: the file's queues by id (from 1). */
	struct xarray queues;
	/**
	 * @ts_objects: the file's timestamp objects
	 * (&struct agx4_gem_fw_binding) by object handle (from 1).
	 */
	struct xarray ts_objects;
};

int agx4_file_open(struct drm_device *drm, struct drm_file *file);
void agx4_file_postclose(struct drm_device *drm, struct drm_file *file);
int agx4_file_add(struct xarray *xa, void *obj, u32 max, u32 *id);
struct agx4_vm *agx4_file_get_vm(struct drm_file *file, u32 id);
void agx4_file_close_object(struct drm_gem_object *obj, struct drm_file *file);

#endif /* AGX4_FILE_H */
