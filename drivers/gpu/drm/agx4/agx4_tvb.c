// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/errno.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_queue.h"
#include "agx4_fwif.h"
#include "agx4_trace.h"
#include "agx4_tvb.h"

/**
 * DOC: TVB growth and the memory limit
 *
 * The tiler writes a render's tiled vertex data into blocks of a TVB pool
 * (G16: one per VM, made at its first render; G17P: one per render pool,
 * bound to the VM of the queue that uses it).  A pool starts small (G16:
 * 11 blocks, G17P: 8, blocks of 128 KiB) and the firmware asks the host
 * for more when a render fills it: a growth request (event kind 6) naming
 * the pool, the VM's context and a request counter.  The firmware waits
 * for the answer, device control 8 echoing the request with "grew" (1) or
 * "refused" (0).  After "grew" it takes the new blocks from the pool's
 * block list, whose length the block control says; after "refused" it
 * stores what it tiled so far with the render's partial programs, which
 * userspace supplies (the partial background and end-of-tile programs,
 * the G17P partial store, resume and load programs), runs the fragment
 * stage on it, reloads and goes on tiling: a partial render, slower but
 * correct.  When even that cannot make room the firmware reports the
 * memory limit (event kind 7) and the render's result is incomplete.
 *
 * The event drain runs in the transport's receive path, in the path that
 * signals fences: its handler here only copies the request and queues it
 * on this unit's own ordered workqueue, which may sleep and allocate
 * (panthor does the same with its tiler heaps).  There the generation's
 * backend (&agx4_fw_submit_ops.tvb_grow) finds the pool, checks the
 * request against it and grows it by the generation's step (10 blocks):
 * allocation and mapping first, then the block list, then the block
 * control.  It answers "refused" at once, without waiting for memory,
 * when the pool holds the limit already or an allocation or a mapping
 * fails.  A request that names no pool of the device, repeats a counter
 * already answered or finds the pool's state changed behind the host's
 * back is not answered at all: it is counted, reported (ratelimited) and
 * dropped, since answering it could only feed the firmware a pool it did
 * not ask for.  Replies are pushed on device control and the control
 * doorbell rung.
 *
 * The limit is the module parameter tvb_max_blocks: 0 (the default)
 * means 32 growth requests past the initial blocks, the reference
 * drivers' default request limit (G16: 11 + 32 * 10 = 331 blocks, which is
 * also the reference's G16 maximum; G17P: 8 + 32 * 10 = 328 blocks, about
 * 41 MiB per pool); any other value is clamped between the initial
 * blocks and the generation's bound (G16 331: the pool's lists hold no
 * more; G17P 2048).  A G17P pool may be refused earlier when its VM's
 * kernel range has no room left for it (agx4_fw_g17p_queue.c).
 *
 * A memory-limit report names the render (G16: its fragment event and
 * stamp; G17P: its vertex or fragment descriptor, its event, VM and
 * pool).  Its handler asks the backend, without sleeping, to mark the
 * published job that owns the render (&agx4_fw_submit_ops.tvb_limit), in
 * the drain itself, so that a completion record behind the report in
 * the same batch cannot retire the job first.  The job's done fence then
 * ends with -ENOMEM when the firmware is done with it; the queue stays
 * usable.  G16 answers the report with device control 9 (queued here
 * like a growth reply); G17P only consumes it.
 *
 * Pools are freed with their VM (G16) or their render pool (G17P), grown
 * blocks included.
 */

VISIBLE_IF_KUNIT unsigned int agx4_tvb_max_blocks_param;
EXPORT_SYMBOL_IF_KUNIT(agx4_tvb_max_blocks_param);
module_param_named(tvb_max_blocks, agx4_tvb_max_blocks_param, uint, 0644);
MODULE_PARM_DESC(tvb_max_blocks,
		 "Most TVB blocks a pool may grow to (0, default: 32 growth requests past the initial blocks: G16 331, G17P 328)");

/*
 * Requests and replies waiting for the workqueue.  The firmware waits
 * for each reply before asking again for the same render, so at most one
 * request per pool waits (G16 57 pools, G17P 15), and one limit reply
 * per render in flight behind them.
 */
#define TVB_PENDING	128

/**
 * struct tvb_item - a request or a reply waiting for the workqueue
 * @limit: @reply is a memory-limit reply, else @req a growth request.
 * @req: the growth request.
 * @reply: the memory-limit reply.
 */
struct tvb_item {
	bool limit;
	union {
		struct agx4_fw_ev_grow_in req;
		struct agx4_fw_ctl reply;
	};
};

/**
 * struct agx4_tvb - the TVB unit of a device
 */
struct agx4_tvb {
	/** @adev: the device. */
	struct agx4_device *adev;
	/** @wq: where requests are answered, off the fence path. */
	struct workqueue_struct *wq;
	/** @work: answers what waits in @items. */
	struct work_struct work;
	/**
	 * @lock: protects @items, @head, @count, @stopped and @stats; taken
	 * by the event drain's handlers, possibly in hard IRQ.
	 */
	spinlock_t lock;
	/** @stopped: agx4_tvb_fini() ran: nothing more is queued. */
	bool stopped;
	/** @head: the oldest entry of @items. */
	u32 head;
	/** @count: entries of @items in use. */
	u32 count;
	/** @items: a ring of what waits for @work. */
	struct tvb_item items[TVB_PENDING];
	/** @stats: what the unit saw. */
	struct agx4_tvb_stats stats;
};

static u32 dev_index(struct agx4_device *adev)
{
	return adev->base.primary ? adev->base.primary->index : 0;
}

/**
 * agx4_tvb_max_blocks() - the most blocks a pool may grow to
 * @gen: the generation.
 *
 * Return: tvb_max_blocks clamped to the generation's bounds, or, when it
 * is 0, %AGX4_TVB_DEFAULT_REQUESTS growth steps past the initial blocks.
 */
u32 agx4_tvb_max_blocks(const struct agx4_fw_gen *gen)
{
	const struct agx4_fw_tvb_params *p = &gen->tvb;
	u32 want = READ_ONCE(agx4_tvb_max_blocks_param);

	if (!want)
		want = p->initial_blocks +
		       AGX4_TVB_DEFAULT_REQUESTS * p->growth_blocks;
	return clamp(want, p->initial_blocks, p->max_blocks);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_tvb_max_blocks);

/* Queue @it for the workqueue; false when there is no room. */
static bool queue_item_locked(struct agx4_tvb *t, const struct tvb_item *it)
{
	lockdep_assert_held(&t->lock);
	if (t->stopped || t->count == TVB_PENDING)
		return false;
	t->items[(t->head + t->count) % TVB_PENDING] = *it;
	t->count++;
	queue_work(t->wq, &t->work);
	return true;
}

/**
 * agx4_tvb_event_grow() - the event drain's handler of growth requests
 * @priv: the device.
 * @e: the request, checked by the generation's parser.
 *
 * Copies the request for the workqueue; nothing else here.
 */
void agx4_tvb_event_grow(void *priv, const struct agx4_fw_event *e)
{
	struct agx4_device *adev = priv;
	struct agx4_tvb *t = adev->tvb;
	struct tvb_item it = { .req = e->grow };
	unsigned long flags;
	bool queued;

	if (!t)
		return;
	spin_lock_irqsave(&t->lock, flags);
	queued = queue_item_locked(t, &it);
	if (!queued)
		t->stats.dropped++;
	spin_unlock_irqrestore(&t->lock, flags);
	if (!queued)
		dev_warn_ratelimited(adev->base.dev,
				     "TVB growth request dropped (slot %u)\n",
				     e->grow.slot);
}

/**
 * agx4_tvb_event_limit() - the event drain's handler of memory limits
 * @priv: the device.
 * @e: the report, checked by the generation's parser.
 *
 * Marks the job the report names, so its fence ends with -ENOMEM (see
 * the DOC above for why here), and queues the generation's reply.
 */
void agx4_tvb_event_limit(void *priv, const struct agx4_fw_event *e)
{
	struct agx4_device *adev = priv;
	const struct agx4_fw_submit_ops *ops = adev->gen->submit;
	struct agx4_tvb *t = adev->tvb;
	struct tvb_item it = { .limit = true };
	unsigned long flags;
	int ret = -ENOENT;

	if (!t)
		return;
	if (ops && ops->tvb_limit)
		ret = ops->tvb_limit(adev, &e->limit, &it.reply);
	trace_agx4_tvb_limit(dev_index(adev), e->limit.event, e->limit.stamp,
			     ret);
	spin_lock_irqsave(&t->lock, flags);
	t->stats.limits++;
	if (ret)
		t->stats.limit_unmatched++;
	if (it.reply.opcode && !queue_item_locked(t, &it))
		t->stats.dropped++;
	spin_unlock_irqrestore(&t->lock, flags);
	if (ret)
		dev_warn_ratelimited(adev->base.dev,
				     "TVB memory limit for no known render (event %u stamp %#x) ignored\n",
				     e->limit.event, e->limit.stamp);
}

/* Push @ctl on instance 0's device control and ring its doorbell. */
static void send_reply(struct agx4_tvb *t, const struct agx4_fw_ctl *ctl)
{
	struct agx4_device *adev = t->adev;
	u8 rec[AGX4_FW_CTL_SIZE];
	int ret;

	ret = adev->gen->build_ctl(ctl, rec, sizeof(rec)) ?:
	      agx4_fw_boot_ctl_push(adev->fw, 0, rec, sizeof(rec)) ?:
	      agx4_fw_boot_ctl_ring(adev->fw, 0);
	if (!ret)
		return;
	spin_lock_irq(&t->lock);
	t->stats.reply_errors++;
	spin_unlock_irq(&t->lock);
	dev_warn_ratelimited(adev->base.dev,
			     "TVB reply (device control %u) not sent: %d\n",
			     ctl->opcode, ret);
}

/* Count an ignored request under @t->lock and say why. */
static void ignore(struct agx4_tvb *t, const struct agx4_fw_ev_grow_in *req,
		   int err)
{
	const char *why;

	spin_lock_irq(&t->lock);
	switch (err) {
	case -ESTALE:
		t->stats.stale++;
		why = "a counter already answered";
		break;
	case -EPROTO:
		t->stats.malformed++;
		why = "a pool whose state changed";
		break;
	default:
		t->stats.unknown++;
		why = "no pool of this device";
		break;
	}
	spin_unlock_irq(&t->lock);
	dev_warn_ratelimited(t->adev->base.dev,
			     "TVB growth request (context %u slot %u counter %u) names %s: ignored (%d)\n",
			     req->context, req->slot, req->counter, why, err);
}

static void grow(struct agx4_tvb *t, const struct agx4_fw_ev_grow_in *req)
{
	struct agx4_device *adev = t->adev;
	const struct agx4_fw_submit_ops *ops = adev->gen->submit;
	struct agx4_fw_ctl ctl = {
		.opcode = AGX4_FW_CTL_GROW_REPLY,
		.grow = *req,
	};
	u32 dev = dev_index(adev);
	int ret = -ENOENT;

	trace_agx4_tvb_grow_request(dev, req->context, req->slot,
				    req->counter);
	if (ops && ops->tvb_grow)
		ret = ops->tvb_grow(adev, req, agx4_tvb_max_blocks(adev->gen));
	spin_lock_irq(&t->lock);
	t->stats.requests++;
	t->stats.last_context = req->context;
	t->stats.last_slot = req->slot;
	t->stats.last_counter = req->counter;
	if (ret > 0)
		t->stats.grew++;
	else if (ret == -ENOSPC || ret == -ENOMEM)
		t->stats.refused++;
	spin_unlock_irq(&t->lock);
	if (ret <= 0 && ret != -ENOSPC && ret != -ENOMEM) {
		ignore(t, req, ret);
		return;
	}
	ctl.grow_ok = ret > 0;
	send_reply(t, &ctl);
	if (ret > 0)
		trace_agx4_tvb_grow_reply(dev, req->context, req->slot,
					  req->counter, ret);
	else
		trace_agx4_tvb_grow_refused(dev, req->context, req->slot,
					    req->counter, ret);
}

static void tvb_work(struct work_struct *w)
{
	struct agx4_tvb *t = container_of(w, struct agx4_tvb, work);
	struct tvb_item it;

	for (;;) {
		spin_lock_irq(&t->lock);
		if (!t->count) {
			spin_unlock_irq(&t->lock);
			return;
		}
		it = t->items[t->head];
		t->head = (t->head + 1) % TVB_PENDING;
		t->count--;
		spin_unlock_irq(&t->lock);
		if (it.limit)
			send_reply(t, &it.reply);
		else
			grow(t, &it.req);
	}
}

static void tvb_release(struct drm_device *drm, void *data)
{
	struct agx4_tvb *t = data;

	destroy_workqueue(t->wq);
}

/**
 * agx4_tvb_init() - the TVB unit of a device (with the job unit)
 * @adev: the device, its firmware up.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_tvb_init(struct agx4_device *adev)
{
	struct agx4_tvb *t;
	int ret;

	t = drmm_kzalloc(&adev->base, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->adev = adev;
	spin_lock_init(&t->lock);
	INIT_WORK(&t->work, tvb_work);
	t->wq = alloc_ordered_workqueue("agx4-tvb", 0);
	if (!t->wq)
		return -ENOMEM;
	ret = drmm_add_action_or_reset(&adev->base, tvb_release, t);
	if (ret)
		return ret;
	adev->tvb = t;
	return 0;
}

/**
 * agx4_tvb_fini() - stop answering, before the firmware goes
 * @adev: the device.
 *
 * The event handlers are gone already (agx4_job_fini()); what they
 * queued is answered first.
 */
void agx4_tvb_fini(struct agx4_device *adev)
{
	struct agx4_tvb *t = adev->tvb;

	if (!t)
		return;
	spin_lock_irq(&t->lock);
	t->stopped = true;
	spin_unlock_irq(&t->lock);
	flush_workqueue(t->wq);
}

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * agx4_tvb_flush() - wait until every request queued was answered
 * @adev: the device.
 */
void agx4_tvb_flush(struct agx4_device *adev)
{
	if (adev->tvb)
		flush_workqueue(adev->tvb->wq);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_tvb_flush);

/**
 * agx4_tvb_get_stats() - what the unit saw
 * @adev: the device.
 * @stats: receives the counts (zero without the unit).
 */
void agx4_tvb_get_stats(struct agx4_device *adev, struct agx4_tvb_stats *stats)
{
	struct agx4_tvb *t = adev->tvb;

	memset(stats, 0, sizeof(*stats));
	if (!t)
		return;
	spin_lock_irq(&t->lock);
	*stats = t->stats;
	spin_unlock_irq(&t->lock);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_tvb_get_stats);
#endif
