/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_QUEUE_H
#define AGX4_QUEUE_H

#include <linux/kref.h>
#include <linux/types.h>

struct agx4_vm;
struct drm_device;
struct drm_file;

/* Most queues one file may hold, and syncs one SUBMIT may carry. */
#define AGX4_QUEUE_MAX_PER_FILE	1024
#define AGX4_SUBMIT_MAX_SYNCS	256

/**
 * struct agx4_queue - a user queue (render and compute subqueues)
 *
 * The scheduler entity and the firmware queues arrive with submission;
 * for now a queue holds what QUEUE_CREATE gave.
 */
struct agx4_queue {
	/** @ref: users (the file's handle, jobs). */
	struct kref ref;
	/** @vm: the VM its commands run in; a reference is held. */
	struct agx4_vm *vm;
	/** @priority: &enum drm_asahi_priority. */
	u32 priority;
	/** @usc_exec_base: base of every 32-bit shader address. */
	u64 usc_exec_base;
};

struct agx4_queue *agx4_queue_get(struct agx4_queue *q);
void agx4_queue_put(struct agx4_queue *q);
int agx4_ioctl_queue_create(struct drm_device *drm, void *data,
			    struct drm_file *file);
int agx4_ioctl_queue_destroy(struct drm_device *drm, void *data,
			     struct drm_file *file);
int agx4_ioctl_submit(struct drm_device *drm, void *data,
		      struct drm_file *file);

#endif /* AGX4_QUEUE_H */
