/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * What the tests see of the G16 submission backend (agx4_g16_submit.c).
 * Its ops table is declared with the descriptor that names it
 * (agx4_fw_g16.h): the descriptor's table is how the backend is found.
 */
#ifndef AGX4_G16_SUBMIT_H
#define AGX4_G16_SUBMIT_H

#include <linux/types.h>

struct agx4_fw_job;
struct agx4_fw_obj;
struct agx4_fw_queue;

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
struct agx4_fw_obj *agx4_fw_g16_queue_obj(struct agx4_fw_queue *fq);
struct agx4_fw_obj *agx4_fw_g16_job_obj(struct agx4_fw_job *job, u32 i);
#endif

#endif /* AGX4_G16_SUBMIT_H */
