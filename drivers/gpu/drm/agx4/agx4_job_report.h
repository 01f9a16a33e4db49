/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */

#ifndef AGX4_JOB_REPORT_H
#define AGX4_JOB_REPORT_H

#include <linux/jiffies.h>
#include <linux/sizes.h>
#include <linux/types.h>

struct agx4_device;
struct agx4_job;
struct agx4_job_queue;
struct agx4_job_usage;
struct agx4_reset_fault;
struct drm_printer;

/* At most one devcoredump of a job timeout this often, and its room. */
#define AGX4_JOB_DUMP_INTERVAL	(60 * HZ)
#define AGX4_JOB_DUMP_SIZE	SZ_128K

struct agx4_job_usage *agx4_job_usage_create(void);
void agx4_job_usage_put(struct agx4_job_usage *u);
void agx4_job_usage_add(struct agx4_job_usage *u, const u64 *busy_ticks);
s64 agx4_job_usage_ns(struct agx4_device *adev,
		      const struct agx4_job_usage *u, unsigned int class);

unsigned int agx4_job_timeouts(struct agx4_device *adev);
unsigned int agx4_job_hangs(struct agx4_device *adev);
void agx4_job_queue_name(struct agx4_job_queue *q, u32 id, u32 vm_id);
void agx4_job_queue_print(struct agx4_job_queue *q, struct drm_printer *p);
void agx4_job_fault_report(struct agx4_job_queue *q,
			   const struct agx4_reset_fault *f);
void agx4_job_timeout_dump(struct agx4_job_queue *q, struct agx4_job *job);
void agx4_job_dump(struct agx4_device *adev, struct drm_printer *p);

#endif /* AGX4_JOB_REPORT_H */
