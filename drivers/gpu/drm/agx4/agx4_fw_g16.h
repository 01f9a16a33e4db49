/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G16 generation (agx4_fw_g16.c).  Until the G16 submission backend
 * (agx4_fw_g16_queue.c) has headers of its own, its declarations are
 * here too.
 */
#ifndef AGX4_FW_G16_H
#define AGX4_FW_G16_H

/* The backend builds compute work with agx4_fw_g16_build_compute(). */
#include "agx4_fw_g16_work.h"

struct agx4_fw_gen;
struct agx4_fw_job;
struct agx4_fw_obj;
struct agx4_fw_queue;
struct agx4_fw_submit_ops;

extern const struct agx4_fw_gen agx4_fw_g16;

extern const struct agx4_fw_submit_ops agx4_fw_g16_submit_ops;
#if IS_ENABLED(CONFIG_KUNIT)
struct agx4_fw_obj *agx4_fw_g16_queue_obj(struct agx4_fw_queue *fq);
struct agx4_fw_obj *agx4_fw_g16_job_obj(struct agx4_fw_job *job, u32 i);
#endif

#endif /* AGX4_FW_G16_H */
