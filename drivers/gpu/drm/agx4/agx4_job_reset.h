/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_JOB_RESET_H
#define AGX4_JOB_RESET_H

struct agx4_device;

void agx4_job_pre_reset(struct agx4_device *adev);
void agx4_job_post_reset(struct agx4_device *adev);
void agx4_job_reset_failed(struct agx4_device *adev);

#endif /* AGX4_JOB_RESET_H */
