/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_QUEUE_H
#define AGX4_QUEUE_H

#include <linux/bits.h>
#include <linux/types.h>

struct agx4_job_queue;
struct drm_printer;

/* Most queues one file may hold, and syncs one SUBMIT may carry. */
#define AGX4_QUEUE_MAX_PER_FILE	1024
#define AGX4_SUBMIT_MAX_SYNCS	256

/*
 * The USC execution base: every 32-bit shader address of a queue is
 * relative to it.  The G16 and G17P firmware run shaders only at 2^40
 * (the register programs of their work items carry it), Mesa passes 2^40
 * on both, and QUEUE_CREATE refuses any other value.  Shaders live in
 * [base, base + 4 GiB), which must not overlap the VM's kernel carve-out.
 */
#define AGX4_USC_EXEC_BASE	BIT_ULL(40)
#define AGX4_USC_RANGE		BIT_ULL(32)

struct agx4_queue_pool;
struct agx4_queue_pool *agx4_queue_pool_create(void);
void agx4_queue_pool_destroy(struct agx4_queue_pool *pool);
int agx4_queue_pool_add(struct agx4_queue_pool *pool, struct agx4_job_queue *q,
			u32 *id);
struct agx4_job_queue *agx4_queue_pool_get(struct agx4_queue_pool *pool, u32 id);
int agx4_queue_pool_remove(struct agx4_queue_pool *pool, u32 id);
void agx4_queue_pool_print(struct agx4_queue_pool *pool, struct drm_printer *p);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
unsigned int agx4_queue_pool_count(struct agx4_queue_pool *pool);
#endif

#endif /* AGX4_QUEUE_H */
