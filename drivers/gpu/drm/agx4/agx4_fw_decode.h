/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_DECODE_H
#define AGX4_FW_DECODE_H

#include <linux/types.h>

struct agx4_device;
struct agx4_fw_field;
struct agx4_fw_gen;
struct agx4_fw_layout;
struct drm_printer;

void agx4_fw_layouts_print(const struct agx4_fw_layout *layouts,
			   unsigned int n, struct drm_printer *p);
const struct agx4_fw_field *agx4_fw_layout_field(const struct agx4_fw_layout *l,
						 const char *name);
void agx4_fw_gen_layouts_print(const struct agx4_fw_gen *gen,
			       struct drm_printer *p);
const struct agx4_fw_layout *agx4_fw_layout_find(const struct agx4_fw_gen *gen,
						 const char *name);
void agx4_fw_decode(const struct agx4_fw_layout *l, const void *obj,
		    size_t size, struct drm_printer *p);
/* The version of the dump format agx4_fw_dump_header() names. */
#define AGX4_DUMP_FORMAT	1

void agx4_fw_dump_header(struct agx4_device *adev, struct drm_printer *p,
			 const char *kind, pid_t pid, const char *comm);
void agx4_fw_layouts_header(struct agx4_device *adev, struct drm_printer *p);
void agx4_fw_debugfs_init(struct agx4_device *adev);
int agx4_fw_debugfs_add_object(struct agx4_device *adev, const char *file,
			       const char *object, const void *obj,
			       size_t size);

#endif /* AGX4_FW_DECODE_H */
