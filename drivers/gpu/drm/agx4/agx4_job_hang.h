/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_JOB_HANG_H
#define AGX4_JOB_HANG_H

#include <linux/kconfig.h>

struct work_struct;

void agx4_job_hang_work(struct work_struct *w);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
struct agx4_job;
struct agx4_job_queue;

unsigned long agx4_job_hang_due(const struct agx4_job_queue *q,
				const struct agx4_job *job);
#endif

#endif /* AGX4_JOB_HANG_H */
