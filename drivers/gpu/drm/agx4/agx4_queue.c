// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/dma-fence.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_syncobj.h>

#include <kunit/visibility.h>

#include <uapi/drm/asahi_drm.h>

#include "agx4_file.h"
#include "agx4_fw_obj.h"
#include "agx4_gem.h"
#include "agx4_queue.h"
#include "agx4_cmdbuf.h"
#include "agx4_vm.h"

/**
 * DOC: queues and SUBMIT
 *
 * A queue belongs to one VM and has a render and a compute subqueue.
 * SUBMIT checks everything a job needs before anything is queued: the
 * queue, every wait (its fence must exist now) and every signal (its
 * syncobj must exist; a timeline point must not be 0), and the command
 * buffer, copied once and validated into a &struct agx4_cmdbuf.
 *
 * Until the scheduler lands, a SUBMIT that passes every check returns
 * -EOPNOTSUPP and queues nothing.
 */

static void queue_release(struct kref *ref)
{
	struct agx4_queue *q = container_of(ref, struct agx4_queue, ref);

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

static struct agx4_queue *file_get_queue(struct drm_file *file, u32 id)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_queue *q;

	xa_lock(&af->queues);
	q = xa_load(&af->queues, id);
	if (q)
		agx4_queue_get(q);
	xa_unlock(&af->queues);
	return q;
}

/**
 * agx4_ioctl_queue_create() - DRM_IOCTL_ASAHI_QUEUE_CREATE
 * @drm: the device.
 * @data: &struct drm_asahi_queue_create.
 * @file: the client.
 *
 * Return: 0; -EINVAL for non-zero flags or a priority above MEDIUM (HIGH
 * and REALTIME are reserved, as upstream); -ENOENT for an unknown VM;
 * -ENOSPC past %AGX4_QUEUE_MAX_PER_FILE queues; -ENOMEM.
 */
int agx4_ioctl_queue_create(struct drm_device *drm, void *data,
			    struct drm_file *file)
{
	struct drm_asahi_queue_create *args = data;
	struct agx4_file *af = file->driver_priv;
	struct agx4_queue *q;
	u32 id;
	int ret;

	if (args->flags || args->priority > DRM_ASAHI_PRIORITY_MEDIUM)
		return -EINVAL;
	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->vm = agx4_file_get_vm(file, args->vm_id);
	if (!q->vm) {
		kfree(q);
		return -ENOENT;
	}
	kref_init(&q->ref);
	q->priority = args->priority;
	q->usc_exec_base = args->usc_exec_base;
	ret = agx4_file_add(&af->queues, q, AGX4_QUEUE_MAX_PER_FILE, &id);
	if (ret) {
		agx4_queue_put(q);
		return ret;
	}
	args->queue_id = id;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_queue_create);

/**
 * agx4_ioctl_queue_destroy() - DRM_IOCTL_ASAHI_QUEUE_DESTROY
 * @drm: the device.
 * @data: &struct drm_asahi_queue_destroy.
 * @file: the client.
 *
 * Return: 0, -EINVAL for a non-zero pad, -ENOENT for an unknown queue.
 */
int agx4_ioctl_queue_destroy(struct drm_device *drm, void *data,
			     struct drm_file *file)
{
	struct drm_asahi_queue_destroy *args = data;
	struct agx4_file *af = file->driver_priv;
	struct agx4_queue *q;

	if (args->pad)
		return -EINVAL;
	q = xa_erase(&af->queues, args->queue_id);
	if (!q)
		return -ENOENT;
	agx4_queue_put(q);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_queue_destroy);

/* What the syncs of one SUBMIT resolved to. */
struct sync_refs {
	struct dma_fence **in;
	struct drm_syncobj **out;
	u32 nin;
	u32 nout;
};

static void put_syncs(struct sync_refs *s)
{
	u32 i;

	for (i = 0; i < s->nin; i++)
		dma_fence_put(s->in[i]);
	for (i = 0; i < s->nout; i++)
		drm_syncobj_put(s->out[i]);
	kfree(s->in);
	kfree(s->out);
}

static int resolve_syncs(struct drm_file *file, const struct drm_asahi_sync *v,
			 u32 nin, u32 nout, struct sync_refs *s)
{
	u32 i;
	int ret;

	s->in = kcalloc(nin, sizeof(*s->in), GFP_KERNEL);
	s->out = kcalloc(nout, sizeof(*s->out), GFP_KERNEL);
	if ((nin && !s->in) || (nout && !s->out))
		return -ENOMEM;

	for (i = 0; i < nin + nout; i++) {
		bool timeline = v[i].sync_type == DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ;

		if (v[i].sync_type > DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ)
			return -EINVAL;
		if (!timeline && v[i].timeline_value)
			return -EINVAL;
		if (i < nin) {
			/* The fence must exist now (-ENOENT, -EINVAL). */
			ret = drm_syncobj_find_fence(file, v[i].handle,
						     v[i].timeline_value, 0,
						     &s->in[s->nin]);
			if (ret)
				return ret;
			s->nin++;
			continue;
		}
		/* Signalling timeline point 0 is meaningless. */
		if (timeline && !v[i].timeline_value)
			return -EINVAL;
		s->out[s->nout] = drm_syncobj_find(file, v[i].handle);
		if (!s->out[s->nout])
			return -ENOENT;
		s->nout++;
	}
	return 0;
}

static int ts_get(void *ctx, u32 handle, u64 *va, u64 *size, void **ref)
{
	struct agx4_gem_fw_binding *b = agx4_gem_ts_get(ctx, handle);

	if (!b)
		return -ENOENT;
	*va = b->fw->va;
	*size = b->fw->size;
	*ref = b;
	return 0;
}

static void ts_put(void *ref)
{
	agx4_gem_unbind_fw(ref);
}

/* Timestamps name the client's GEM_BIND_OBJECT objects. */
static const struct agx4_ts_ops file_ts_ops = {
	.get = ts_get,
	.put = ts_put,
};

/**
 * agx4_ioctl_submit() - DRM_IOCTL_ASAHI_SUBMIT
 * @drm: the device.
 * @data: &struct drm_asahi_submit.
 * @file: the client.
 *
 * Return: -EOPNOTSUPP once everything is valid (no scheduler yet);
 * -EINVAL for a bad field, count, sync or command buffer; -ENOENT for an
 * unknown queue, syncobj or timestamp object; -ERANGE for a timestamp past
 * the end of its object; -EFAULT; -ENOMEM.
 */
int agx4_ioctl_submit(struct drm_device *drm, void *data,
		      struct drm_file *file)
{
	struct drm_asahi_submit *args = data;
	struct agx4_cmdbuf *desc = NULL;
	struct sync_refs refs = { };
	struct drm_asahi_sync *syncs = NULL;
	struct agx4_queue *q;
	u64 nsyncs;
	void *cmdbuf;
	int ret;

	if (args->flags || args->pad)
		return -EINVAL;
	nsyncs = (u64)args->in_sync_count + args->out_sync_count;
	if (nsyncs > AGX4_SUBMIT_MAX_SYNCS ||
	    args->cmdbuf_size > AGX4_CMDBUF_MAX_SIZE)
		return -EINVAL;
	q = file_get_queue(file, args->queue_id);
	if (!q)
		return -ENOENT;

	if (nsyncs) {
		syncs = memdup_array_user(u64_to_user_ptr(args->syncs), nsyncs,
					  sizeof(*syncs));
		if (IS_ERR(syncs)) {
			ret = PTR_ERR(syncs);
			syncs = NULL;
			goto out;
		}
	}
	ret = resolve_syncs(file, syncs, args->in_sync_count,
			    args->out_sync_count, &refs);
	if (ret)
		goto out;

	cmdbuf = vmemdup_user(u64_to_user_ptr(args->cmdbuf), args->cmdbuf_size);
	if (IS_ERR(cmdbuf)) {
		ret = PTR_ERR(cmdbuf);
		goto out;
	}
	ret = agx4_cmdbuf_parse(cmdbuf, args->cmdbuf_size, &file_ts_ops, file,
				&desc);
	kvfree(cmdbuf);
	if (!ret)
		ret = -EOPNOTSUPP;	/* valid: the scheduler would run it */
	agx4_cmdbuf_free(desc);
out:
	put_syncs(&refs);
	kfree(syncs);
	agx4_queue_put(q);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_submit);
