// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/errno.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_queue.h"
#include "agx4_fwif.h"
#include "agx4_test_hooks.h"
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
 * backend (&agx4_tvb_ops.grow) finds the pool, checks the
 * request against it and grows it by the generation's step (10 blocks):
 * allocation and mapping first, then the block list, then the block
 * control.  It answers "refused" at once, without waiting for memory,
 * when the pool holds the limit already or an allocation or a mapping
 * fails.  Each pool numbers its requests from 0, one more after every
 * reply, "grew" or "refused", as the firmware does; only the request
 * carrying the pool's next counter is answered.  A request that names no
 * pool of the device, carries another counter (one already answered, or
 * one out of sequence) or finds the pool's state changed behind the
 * host's back is not answered at all: it is counted, reported
 * (ratelimited) and dropped, since answering it could only feed the
 * firmware a pool it did not ask for.  Replies are pushed on device
 * control and the control doorbell rung.  A reply that finds the ring full is not dropped (the
 * firmware would wait for it forever): the work rings the doorbell, waits
 * until the firmware took what fills the ring (at most the firmware's
 * timeout) and pushes the reply again.
 *
 * A firmware reset stops the unit first (agx4_tvb_pre_reset()): what the
 * old firmware asked is dropped unanswered, since its pools and contexts
 * go with it, and nothing is answered until the new firmware is up.  Once
 * the device is unplugged nothing is answered at all: answering runs
 * inside drm_dev_enter().
 *
 * The limit is the module parameter tvb_max_blocks: 0 (the default)
 * means 32 growth requests past the initial blocks, the reference
 * drivers' default request limit (G16: 11 + 32 * 10 = 331 blocks, which is
 * also the reference's G16 maximum; G17P: 8 + 32 * 10 = 328 blocks, about
 * 41 MiB per pool); any other value is clamped between the initial
 * blocks and the generation's bound (G16 331: the pool's lists hold no
 * more; G17P 2048).  A G17P pool may be refused earlier when its VM's
 * kernel range has no room left for it (agx4_g17p_pool.c).  The
 * parameter is read at each request, so it may be raised while a pool
 * grows; each pool records at most as many growths as the default step
 * of 10 takes to reach the generation's bound (G16 32, G17P 204), and a
 * pool grown in smaller steps is refused once they are used.
 *
 * A memory-limit report names the render (G16: its fragment event and
 * stamp; G17P: its vertex or fragment descriptor, its event, VM and
 * pool).  Its handler asks the backend, without sleeping, to mark the
 * published job that owns the render (&agx4_tvb_ops.limit), in
 * the drain itself, so that a completion record behind the report in
 * the same batch cannot retire the job first.  The job's done fence then
 * ends with -ENOMEM when the firmware is done with it; the queue stays
 * usable.  G16 answers the report with device control 9 (queued here
 * like a growth reply); G17P only consumes it.
 *
 * Pools are freed with their VM (G16) or their render pool (G17P), grown
 * blocks included.
 */

AGX4_VISIBLE_IF_TEST unsigned int agx4_tvb_max_blocks_param;
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_max_blocks_param);
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
	 * @lock: protects @items, @head, @count, @stopped, @paused, @held
	 * and @stats; taken by the event drain's handlers, possibly in hard
	 * IRQ.
	 */
	spinlock_t lock;
	/** @stopped: agx4_tvb_fini() ran: nothing more is queued. */
	bool stopped;
	/**
	 * @paused: a firmware reset runs (agx4_tvb_pre_reset()): what the
	 * old firmware asks is dropped, nothing is queued.
	 */
	bool paused;
	/**
	 * @held: only ever set by the agx4 tests (agx4_tvb_hold()): items
	 * are queued without @work, for agx4_tvb_run_one() to answer in the
	 * test's task.  Present in every build, so that the tests do not
	 * change the layout; false and never read without them.
	 */
	bool held;
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_max_blocks);

/* Queue @it for the workqueue; false when there is no room. */
static bool queue_item_locked(struct agx4_tvb *t, const struct tvb_item *it)
{
	lockdep_assert_held(&t->lock);
	if (t->stopped || t->paused || t->count == TVB_PENDING)
		return false;
	t->items[(t->head + t->count) % TVB_PENDING] = *it;
	t->count++;
	if (IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST) && t->held)
		return true;
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
	if (ops && ops->tvb)
		ret = ops->tvb->limit(adev, &e->limit, &it.reply);
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

/*
 * Push @rec on instance 0's device control.  The firmware waits for the
 * reply, so it is not dropped when the ring is full: the doorbell is rung
 * for the firmware to take what waits, and once it took it (at most the
 * firmware's timeout; here, off the fence path, waiting is allowed) the
 * push is tried again.
 */
static int push_reply(struct agx4_tvb *t, const u8 *rec, size_t len)
{
	struct agx4_fw_boot *fw = t->adev->fw;
	int ret = agx4_fw_boot_ctl_push(fw, 0, rec, len);

	if (ret != -EBUSY)
		return ret;
	spin_lock_irq(&t->lock);
	t->stats.ring_full++;
	spin_unlock_irq(&t->lock);
	return agx4_fw_boot_ctl_ring(fw, 0) ?:
	       agx4_fw_boot_wait_ctl(fw, 0) ?:
	       agx4_fw_boot_ctl_push(fw, 0, rec, len);
}

/* Push @ctl on instance 0's device control and ring its doorbell. */
static void send_reply(struct agx4_tvb *t, const struct agx4_fw_ctl *ctl)
{
	struct agx4_device *adev = t->adev;
	u8 rec[AGX4_FW_CTL_SIZE];
	int ret;

	ret = adev->gen->build_ctl(ctl, rec, sizeof(rec)) ?:
	      push_reply(t, rec, sizeof(rec)) ?:
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
	case -EBADMSG:
		t->stats.ahead++;
		why = "a counter out of sequence";
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

static int grow(struct agx4_tvb *t, const struct agx4_fw_ev_grow_in *req)
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
	if (ops && ops->tvb)
		ret = ops->tvb->grow(adev, req, agx4_tvb_max_blocks(adev->gen));
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
		return ret;
	}
	ctl.grow_ok = ret > 0;
	send_reply(t, &ctl);
	if (ret > 0)
		trace_agx4_tvb_grow_reply(dev, req->context, req->slot,
					  req->counter, ret);
	else
		trace_agx4_tvb_grow_refused(dev, req->context, req->slot,
					    req->counter, ret);
	return ret;
}

/*
 * Take the oldest item and answer it.  Growth and replies reach the
 * firmware's memory and its doorbell: once the device is unplugged, what
 * is left is dropped (the removal shuts the firmware down next).
 *
 * Return: what grow() returns for a growth request, 0 for a memory-limit
 * reply, -ENODEV when the device is gone, -ENODATA when nothing waits.
 */
static int answer_one(struct agx4_tvb *t)
{
	struct agx4_device *adev = t->adev;
	struct tvb_item it;
	int ret = 0, idx;

	spin_lock_irq(&t->lock);
	if (!t->count) {
		spin_unlock_irq(&t->lock);
		return -ENODATA;
	}
	it = t->items[t->head];
	t->head = (t->head + 1) % TVB_PENDING;
	t->count--;
	spin_unlock_irq(&t->lock);
	if (!drm_dev_enter(&adev->base, &idx)) {
		spin_lock_irq(&t->lock);
		t->stats.dropped++;
		spin_unlock_irq(&t->lock);
		return -ENODEV;
	}
	if (it.limit)
		send_reply(t, &it.reply);
	else
		ret = grow(t, &it.req);
	drm_dev_exit(idx);
	return ret;
}

static void tvb_work(struct work_struct *w)
{
	struct agx4_tvb *t = container_of(w, struct agx4_tvb, work);

	while (answer_one(t) != -ENODATA)
		;
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
 * queued is dropped unanswered once the device is unplugged (the removal
 * shuts the firmware down next), answered otherwise (a failed probe).
 */
void agx4_tvb_fini(struct agx4_device *adev)
{
	struct agx4_tvb *t = adev->tvb;

	if (!t)
		return;
	spin_lock_irq(&t->lock);
	t->stopped = true;
	/* What a test held is handled the way the workqueue would. */
	t->held = false;
	if (t->count)
		queue_work(t->wq, &t->work);
	spin_unlock_irq(&t->lock);
	flush_workqueue(t->wq);
}

/**
 * agx4_tvb_pre_reset() - a firmware reset begins: stop answering
 * @adev: the device.
 *
 * What the old firmware asked is dropped unanswered (its pools and
 * contexts go with it, and a request of the old firmware must never grow
 * a pool of the new one), later requests are dropped too, and a growth
 * running is waited for: nothing here reaches the firmware's state while
 * the reset stops, frees and rebuilds it.  Process context.
 */
void agx4_tvb_pre_reset(struct agx4_device *adev)
{
	struct agx4_tvb *t = adev->tvb;

	if (!t)
		return;
	spin_lock_irq(&t->lock);
	t->paused = true;
	t->stats.dropped += t->count;
	t->count = 0;
	spin_unlock_irq(&t->lock);
	flush_workqueue(t->wq);
}

/**
 * agx4_tvb_post_reset() - the firmware is up again: answer it
 * @adev: the device.
 */
void agx4_tvb_post_reset(struct agx4_device *adev)
{
	struct agx4_tvb *t = adev->tvb;

	if (!t)
		return;
	spin_lock_irq(&t->lock);
	t->paused = false;
	spin_unlock_irq(&t->lock);
}

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_get_stats);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_tvb_hold() - answer in the test's task, not on the workqueue
 * @adev: the device.
 * @hold: true: requests wait for agx4_tvb_run_one(); false: back to the
 *	workqueue, which answers what waits.
 *
 * For the fault-injection suite, whose failures only reach allocations
 * made in the test's own task.
 */
void agx4_tvb_hold(struct agx4_device *adev, bool hold)
{
	struct agx4_tvb *t = adev->tvb;

	if (!t)
		return;
	spin_lock_irq(&t->lock);
	t->held = hold;
	if (!hold && t->count)
		queue_work(t->wq, &t->work);
	spin_unlock_irq(&t->lock);
	if (hold)
		flush_workqueue(t->wq);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_hold);

/**
 * agx4_tvb_pending() - requests and replies waiting
 * @adev: the device.
 *
 * Return: their number.
 */
u32 agx4_tvb_pending(struct agx4_device *adev)
{
	struct agx4_tvb *t = adev->tvb;
	u32 n;

	if (!t)
		return 0;
	spin_lock_irq(&t->lock);
	n = t->count;
	spin_unlock_irq(&t->lock);
	return n;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_pending);

/**
 * agx4_tvb_run_one() - answer the oldest waiting item in the caller's task
 * @adev: the device, held (agx4_tvb_hold()).
 *
 * Return: for a growth request, the pool's new block count ("grew"),
 * -ENOSPC or -ENOMEM ("refused"), or the errno it was ignored with; 0 for
 * a memory-limit reply; -ENODEV once the device is unplugged; -ENODATA
 * when nothing waits.
 */
int agx4_tvb_run_one(struct agx4_device *adev)
{
	return adev->tvb ? answer_one(adev->tvb) : -ENODATA;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_run_one);

/**
 * agx4_tvb_flush() - wait until every request queued was answered
 * @adev: the device.
 */
void agx4_tvb_flush(struct agx4_device *adev)
{
	if (adev->tvb)
		flush_workqueue(adev->tvb->wq);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_flush);
#endif

/**
 * agx4_tvb_pool_grow() - answer one pool's growth request
 * @adev: the device.
 * @p: the pool the request names, found by the generation; its growth
 *	lock held.
 * @counter: the request's counter.
 * @intact: the pool's state is what the host wrote.
 * @limit: the most blocks the pool may hold.
 * @whole_step: grow by the generation's whole step or not at all (G17P,
 *	H); otherwise by as much of it as @limit leaves (G16).
 * @add: adds the blocks.
 *
 * The firmware numbers a pool's growth requests 0, 1, 2, ... and waits
 * for each reply, "grew" or "refused", before it asks again (H, both
 * generations), so only the request carrying the pool's counter is
 * answered, and the counter moves on with each answer.
 *
 * Return: the pool's new block count; -ENOSPC (at @limit) or @add's error,
 * both answered "refused"; -ESTALE for a request already answered (behind
 * the counter, modulo 2^32), -EBADMSG for one out of sequence (ahead of
 * it), -EPROTO for a pool not @intact, none of which is answered.
 */
int agx4_tvb_pool_grow(struct agx4_device *adev, struct agx4_tvb_pool *p,
		       u32 counter, bool intact, u32 limit, bool whole_step,
		       agx4_tvb_add_fn add)
{
	u32 step = adev->gen->tvb.growth_blocks, old = p->blocks, new;
	int ret;

	if (counter != p->counter)
		return (s32)(counter - p->counter) < 0 ? -ESTALE : -EBADMSG;
	if (!intact)
		return -EPROTO;
	/* Answered from here on, "grew" or "refused". */
	p->counter++;
	new = old + step;
	if (new > limit && !whole_step)
		new = max(limit, old);
	ret = new > old && new <= limit ? add(adev, p, old, new) : -ENOSPC;
	if (ret) {
		WRITE_ONCE(p->refused, true);
		return ret;
	}
	p->blocks = new;
	return new;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_tvb_pool_grow);
