// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include <drm/drm_print.h>

#include "agx4_job.h"
#include "agx4_job_report.h"
#include "agx4_queue.h"
#include "agx4_test_hooks.h"

/**
 * DOC: queues
 *
 * A queue belongs to one VM and has a render and a compute subqueue; it
 * is one object of the job unit (&struct agx4_job_queue: its scheduler
 * and firmware side), and a file's queues live in its &struct
 * agx4_queue_pool by id.  The pool's entry and each ioctl using the queue
 * are its users (agx4_job_queue_get(), agx4_job_queue_put()); jobs hold
 * the object itself, and it holds the VM, so a queue and its VM,
 * destroyed by the file, live on until the queue's last job is done.
 * When the last user goes (QUEUE_DESTROY or its file's close), the queue
 * stops taking jobs at once; the jobs it runs already still complete,
 * and keep it alive until they do.
 */

/**
 * struct agx4_queue_pool - a file's queues
 */
struct agx4_queue_pool {
	/** @xa: the queues by id, from 1; each entry is a user of its queue. */
	struct xarray xa;
};

/**
 * agx4_queue_pool_create() - an empty pool for a new file
 *
 * Return: the pool or NULL.
 */
struct agx4_queue_pool *agx4_queue_pool_create(void)
{
	struct agx4_queue_pool *pool = kzalloc(sizeof(*pool), GFP_KERNEL);

	if (pool)
		xa_init_flags(&pool->xa, XA_FLAGS_ALLOC1);
	return pool;
}

/**
 * agx4_queue_pool_print() - a file's queues, for the debugfs file ``queues``
 * @pool: the file's queues.
 * @p: where to print.
 *
 * One line per queue: its id and priority, then its scheduler
 * side's state (agx4_job_queue_print()).
 */
void agx4_queue_pool_print(struct agx4_queue_pool *pool, struct drm_printer *p)
{
	struct agx4_job_queue *q;
	unsigned long id;

	xa_lock(&pool->xa);
	xa_for_each(&pool->xa, id, q) {
		drm_printf(p, "queue %lu: ", id);
		agx4_job_queue_print(q, p);
	}
	xa_unlock(&pool->xa);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_queue_pool_print);

/**
 * agx4_queue_pool_destroy() - drop every queue of a closing file
 * @pool: the pool, or NULL.
 */
void agx4_queue_pool_destroy(struct agx4_queue_pool *pool)
{
	struct agx4_job_queue *q;
	unsigned long id;

	if (!pool)
		return;
	xa_for_each(&pool->xa, id, q)
		agx4_job_queue_put(xa_erase(&pool->xa, id));
	xa_destroy(&pool->xa);
	kfree(pool);
}

/**
 * agx4_queue_pool_add() - give a queue an id
 * @pool: the file's pool.
 * @q: the queue; the pool takes over the caller's user on success.
 * @id: the new id, from 1.
 *
 * Return: 0, -ENOSPC past %AGX4_QUEUE_MAX_PER_FILE queues, -ENOMEM.
 */
int agx4_queue_pool_add(struct agx4_queue_pool *pool, struct agx4_job_queue *q,
			u32 *id)
{
	int ret = xa_alloc(&pool->xa, id, q,
			   XA_LIMIT(1, AGX4_QUEUE_MAX_PER_FILE), GFP_KERNEL);

	return ret == -EBUSY ? -ENOSPC : ret;
}

/**
 * agx4_queue_pool_get() - look a queue up by id
 * @pool: the file's pool.
 * @id: the queue's id.
 *
 * Return: the queue with a user the caller drops (agx4_job_queue_put()),
 * or NULL.
 */
struct agx4_job_queue *agx4_queue_pool_get(struct agx4_queue_pool *pool, u32 id)
{
	struct agx4_job_queue *q;

	xa_lock(&pool->xa);
	q = xa_load(&pool->xa, id);
	if (q)
		agx4_job_queue_get(q);
	xa_unlock(&pool->xa);
	return q;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_queue_pool_get);

/**
 * agx4_queue_pool_remove() - drop a queue's id
 * @pool: the file's pool.
 * @id: the queue's id.
 *
 * Return: 0, or -ENOENT for an unknown id.
 */
int agx4_queue_pool_remove(struct agx4_queue_pool *pool, u32 id)
{
	struct agx4_job_queue *q = xa_erase(&pool->xa, id);

	if (!q)
		return -ENOENT;
	agx4_job_queue_put(q);
	return 0;
}

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_queue_pool_count() - queues a pool holds
 * @pool: the pool.
 *
 * Return: the number of ids.
 */
unsigned int agx4_queue_pool_count(struct agx4_queue_pool *pool)
{
	struct agx4_job_queue *q;
	unsigned long id;
	unsigned int n = 0;

	xa_for_each(&pool->xa, id, q)
		n++;
	return n;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_queue_pool_count);
#endif
