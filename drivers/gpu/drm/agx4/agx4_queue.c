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
#include "agx4_vm.h"

/**
 * DOC: queues
 *
 * A queue belongs to one VM and has a render and a compute subqueue; a
 * file's queues live in its &struct agx4_queue_pool.  Jobs hold a
 * reference of their queue's scheduler side, and that side one of the
 * VM, so a queue's scheduler side and its VM, destroyed by the file, live
 * on until the queue's last job is done.
 *
 * Each queue has its scheduler and firmware side in agx4_job, made with
 * it.  When the queue goes (QUEUE_DESTROY or its file's close), that
 * side stops taking jobs at once; the jobs it runs already still
 * complete, and keep it alive until they do.
 */

static void queue_release(struct kref *ref)
{
	struct agx4_queue *q = container_of(ref, struct agx4_queue, ref);

	agx4_job_queue_destroy(q->jobs);
	agx4_vm_put(q->vm);
	kfree(q);
}

/**
 * agx4_queue_get() - take a reference to a queue
 * @q: the queue.
 *
 * Return: @q.
 */
struct agx4_queue *agx4_queue_get(struct agx4_queue *q)
{
	kref_get(&q->ref);
	return q;
}

/**
 * agx4_queue_put() - drop a reference to a queue
 * @q: the queue, or NULL.
 */
void agx4_queue_put(struct agx4_queue *q)
{
	if (q)
		kref_put(&q->ref, queue_release);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_queue_put);

/**
 * agx4_queue_create() - a new queue
 * @adev: the device.
 * @vm: the VM its commands run in; the queue takes a reference.
 * @priority: &enum drm_asahi_priority, checked by the caller.
 * @usc_exec_base: the USC execution base, checked by the caller
 *	(%AGX4_USC_EXEC_BASE).
 * @usage: its file's GPU time, where its jobs count theirs.
 *
 * Return: the queue with one reference, or ERR_PTR() of -ENOMEM or of
 * agx4_job_queue_create()'s errno (-ENOSPC: no room in the firmware).
 */
struct agx4_queue *agx4_queue_create(struct agx4_device *adev,
				     struct agx4_vm *vm, u32 priority,
				     u64 usc_exec_base,
				     struct agx4_job_usage *usage)
{
	struct agx4_queue *q = kzalloc(sizeof(*q), GFP_KERNEL);

	if (!q)
		return ERR_PTR(-ENOMEM);
	q->jobs = agx4_job_queue_create(adev, vm, priority, usc_exec_base,
					usage);
	if (IS_ERR(q->jobs)) {
		int ret = PTR_ERR(q->jobs);

		kfree(q);
		return ERR_PTR(ret);
	}
	kref_init(&q->ref);
	q->vm = agx4_vm_get(vm);
	q->priority = priority;
	q->usc_exec_base = usc_exec_base;
	return q;
}

/**
 * struct agx4_queue_pool - a file's queues
 */
struct agx4_queue_pool {
	/** @xa: the queues by id, from 1; each entry holds a reference. */
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
	struct agx4_queue *q;
	unsigned long id;

	xa_lock(&pool->xa);
	xa_for_each(&pool->xa, id, q) {
		drm_printf(p, "queue %lu: priority %u, ", id, q->priority);
		agx4_job_queue_print(q->jobs, p);
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
	struct agx4_queue *q;
	unsigned long id;

	if (!pool)
		return;
	xa_for_each(&pool->xa, id, q)
		agx4_queue_put(xa_erase(&pool->xa, id));
	xa_destroy(&pool->xa);
	kfree(pool);
}

/**
 * agx4_queue_pool_add() - give a queue an id
 * @pool: the file's pool.
 * @q: the queue; the pool takes over the caller's reference on success.
 * @id: the new id, from 1.
 *
 * Return: 0, -ENOSPC past %AGX4_QUEUE_MAX_PER_FILE queues, -ENOMEM.
 */
int agx4_queue_pool_add(struct agx4_queue_pool *pool, struct agx4_queue *q,
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
 * Return: the queue with a reference the caller drops, or NULL.
 */
struct agx4_queue *agx4_queue_pool_get(struct agx4_queue_pool *pool, u32 id)
{
	struct agx4_queue *q;

	xa_lock(&pool->xa);
	q = xa_load(&pool->xa, id);
	if (q)
		agx4_queue_get(q);
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
	struct agx4_queue *q = xa_erase(&pool->xa, id);

	if (!q)
		return -ENOENT;
	agx4_queue_put(q);
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
	struct agx4_queue *q;
	unsigned long id;
	unsigned int n = 0;

	xa_for_each(&pool->xa, id, q)
		n++;
	return n;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_queue_pool_count);
#endif
