// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/dma-fence.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_engine.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_queue.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"
#include "agx4_transport.h"

/**
 * DOC: submission engine
 *
 * What every generation's submission does the same way, written once:
 * the work channels' counts and their room rule, publication through
 * &struct agx4_channel (entry, barrier, producer), the doorbells, the
 * jobs that wait for channel room, and the checks of what the firmware
 * writes back (cursors and progress indices), each of which schedules a
 * firmware restart when the firmware wrote what it cannot mean.
 *
 * A generation's backend (agx4_g16_*, agx4_g17p_*) embeds a &struct
 * agx4_engine in its submission state and keeps what only it knows: its
 * queue records and rings, its work items, which channel a stage's
 * message goes to and what the message says.  Everything here runs under
 * &agx4_engine.lock but agx4_engine_ring(), which runs with no lock held:
 * the firmware may answer a doorbell before the mailbox write returns, and
 * the answer runs the completion scan, which takes the lock.
 */

/**
 * agx4_engine_init() - set up an engine
 * @e: the engine.
 * @fw: the firmware it submits to; the engine is its (&agx4_fw_boot.engine)
 *	from here on.
 * @ops: the backend's.
 * @fifo: keep jobs waiting for room in order across queues
 *	(&agx4_engine.fifo).
 *
 * The backend sets up its work channels with agx4_work_chan_init().
 */
void agx4_engine_init(struct agx4_engine *e, struct agx4_fw_boot *fw,
		      const struct agx4_engine_ops *ops, bool fifo)
{
	e->fw = fw;
	e->ops = ops;
	fw->engine = e;
	spin_lock_init(&e->lock);
	spin_lock_init(&e->fence_lock);
	atomic_long_set(&e->bells.pending, 0);
	atomic_long_set(&e->bells.lost, 0);
	atomic_set(&e->bells.ctl, 0);
	INIT_LIST_HEAD(&e->deferred);
	INIT_LIST_HEAD(&e->renders);
	INIT_LIST_HEAD(&e->waits);
	init_waitqueue_head(&e->wq);
	e->stopped = false;
	e->pass = 0;
	e->fifo = fifo;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_init);

/**
 * agx4_work_chan_init() - describe a work channel
 * @wc: the channel; its cursors are set by the caller afterwards.
 * @name: for messages.
 * @ring: its entries, as the CPU sees them.
 * @entry_size: bytes per message.
 * @entries: entries of the ring.
 * @limit: most messages outstanding (&agx4_work_chan.limit).
 *
 * Return: 0; -EINVAL for a degenerate ring or a @limit of 0 or not below
 * @entries.
 */
int agx4_work_chan_init(struct agx4_work_chan *wc, const char *name,
			void *ring, u32 entry_size, u32 entries, u32 limit)
{
	int ret;

	if (!limit || limit >= entries)
		return -EINVAL;
	ret = agx4_channel_init(&wc->ch, name, ring, entry_size, entries);
	if (ret)
		return ret;
	wc->limit = limit;
	wc->sent = 0;
	wc->read = 0;
	wc->done = 0;
	wc->read_at = 0;
	wc->done_at = 0;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_work_chan_init);

/*
 * Move *@seen, the messages firmware cursor @c has passed, to the cursor:
 * it moved by its distance from the ring index of *@seen, which is at
 * most the messages published and not yet passed (the host never lets the
 * ring fill, so it cannot have gone round).  A cursor outside the ring,
 * which the firmware cannot mean, is false; one that moved further than
 * what was published moves nothing.
 */
static bool cursor_sync(const struct agx4_work_chan *wc,
			const struct agx4_cursor *c, u64 *seen, u32 *at_now)
{
	u32 n = wc->ch.entries, v = agx4_cursor_get(c);
	u64 behind = wc->sent - *seen;
	u32 at, moved;

	if (v >= n)
		return false;
	*at_now = v;
	at = (wc->ch.head + n - (u32)(behind % n)) % n;
	moved = (v + n - at) % n;
	if (moved <= behind)
		*seen += moved;
	return true;
}

/**
 * agx4_work_chan_sync() - bring a channel's counts up to its cursors
 * @e: the engine.
 * @wc: one of its channels.
 *
 * A firmware cursor outside the ring is counted
 * (&agx4_fw_boot.bad_cursors) and schedules a firmware restart: every
 * look meets it again until then.
 *
 * Return: false for such a cursor.
 */
bool agx4_work_chan_sync(struct agx4_engine *e, struct agx4_work_chan *wc)
{
	bool r, d;

	lockdep_assert_held(&e->lock);
	r = cursor_sync(wc, &wc->ch.read, &wc->read, &wc->read_at);
	d = cursor_sync(wc, &wc->ch.done, &wc->done, &wc->done_at);
	if (likely(r && d))
		return true;
	atomic_inc(&e->fw->bad_cursors);
	drm_dbg_ratelimited(&e->fw->adev->base,
			    "%s: cursor outside the ring\n", wc->ch.name);
	agx4_reset_schedule(e->fw->adev, AGX4_RESET_BAD_CHANNEL, 0, NULL, 0);
	return false;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_work_chan_sync);

/**
 * agx4_work_chan_room() - may @n more messages go out on a channel
 * @e: the engine.
 * @wc: one of its channels.
 * @n: messages.
 *
 * Outstanding is what the counts say, or what the cursors' ring distance
 * behind the host's head says if that is more: a cursor the counts could
 * not follow (one behind what it had passed) still holds the ring.
 *
 * Return: true when both firmware cursors are sane and, with the @n
 * messages, no more than &agx4_work_chan.limit would be outstanding.
 */
bool agx4_work_chan_room(struct agx4_engine *e, struct agx4_work_chan *wc,
			 u32 n)
{
	u32 ents = wc->ch.entries, head = wc->ch.head;
	u64 out;

	if (!agx4_work_chan_sync(e, wc))
		return false;
	out = max3(wc->sent - min(wc->read, wc->done),
		   (u64)((head + ents - wc->read_at) % ents),
		   (u64)((head + ents - wc->done_at) % ents));
	return out + n <= wc->limit;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_work_chan_room);

/**
 * agx4_work_chan_write() - write one message, not yet published
 * @e: the engine.
 * @wc: one of its channels, with room for it (agx4_work_chan_room()).
 * @msg: the message.
 * @len: its bytes, at most the entry size; the rest is zeroed.
 *
 * The channel reads the firmware's read cursor again; one that went
 * outside the ring since agx4_work_chan_room() (the firmware writes it)
 * leaves the message unwritten, is counted and schedules a restart, as
 * agx4_work_chan_sync() does.
 *
 * Return: the message's number on the channel: the firmware is done with
 * it once agx4_work_chan_passed() says so; U64_MAX, which it never
 * passes, for a message left unwritten.
 */
u64 agx4_work_chan_write(struct agx4_engine *e, struct agx4_work_chan *wc,
			 const void *msg, size_t len)
{
	lockdep_assert_held(&e->lock);
	/* Room was checked, and the limit is below the ring's own. */
	if (unlikely(agx4_channel_write(&wc->ch, msg, len))) {
		atomic_inc(&e->fw->bad_cursors);
		agx4_reset_schedule(e->fw->adev, AGX4_RESET_BAD_CHANNEL, 0,
				    NULL, 0);
		return U64_MAX;
	}
	return wc->sent++;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_work_chan_write);

/**
 * agx4_work_chan_publish() - show the firmware the messages written
 * @e: the engine.
 * @wc: one of its channels.
 *
 * The producer cursor moves after the messages and every earlier write
 * of the work they name (agx4_cursor_set() orders them).
 */
void agx4_work_chan_publish(struct agx4_engine *e, struct agx4_work_chan *wc)
{
	lockdep_assert_held(&e->lock);
	agx4_channel_publish(&wc->ch);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_work_chan_publish);

/**
 * agx4_work_chan_passed() - did the firmware read and finish a message
 * @e: the engine.
 * @wc: one of its channels.
 * @number: the message's number (agx4_work_chan_write()).
 *
 * Return: true once both firmware cursors passed it; false while either
 * is outside the ring (nothing the firmware says is trusted until it
 * restarts, so the message's work stays the firmware's).
 */
bool agx4_work_chan_passed(struct agx4_engine *e, struct agx4_work_chan *wc,
			   u64 number)
{
	if (!agx4_work_chan_sync(e, wc))
		return false;
	return wc->read > number && wc->done > number;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_work_chan_passed);

/**
 * agx4_engine_progress_sane() - check a progress index the firmware wrote
 * @e: the engine.
 * @what: what the index is, for the message ("lane", "stage").
 * @index: which one.
 * @v: its value as read.
 * @seen: the value last read; moves to @v when sane.
 * @top: the highest value work published so far can bring it to.
 *
 * A progress index (a G16 lane's stamp, a G17P bank's done index) only
 * the firmware writes, only forward, and never past what was published:
 * one that went behind *@seen or past @top means the firmware restarted
 * or wrote what it cannot mean, and could make a later job look done.
 * That is counted (&agx4_fw_boot.bad_stamps) and schedules a restart.
 * Values compare modulo 2^32, as stamps wrap.  (L: the firmware writes an
 * index only with the ends of work it took, in order; no source states
 * it.)
 *
 * Return: false for such a value.
 */
bool agx4_engine_progress_sane(struct agx4_engine *e, const char *what,
			       unsigned int index, u32 v, u32 *seen, u32 top)
{
	lockdep_assert_held(&e->lock);
	if (likely(agx4_fw_stamp_reached(v, *seen) &&
		   !agx4_fw_stamp_reached(v, top + 1))) {
		*seen = v;
		return true;
	}
	atomic_inc(&e->fw->bad_stamps);
	/* Every look meets it again until the restart. */
	drm_dbg_ratelimited(&e->fw->adev->base, "%s %u at %#x: seen %#x, top %#x\n",
			    what, index, v, *seen, top);
	agx4_reset_schedule(e->fw->adev, AGX4_RESET_BAD_STAMP, 0, NULL, 0);
	return false;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_progress_sane);

/**
 * agx4_engine_note_kick() - note doorbells to kick
 * @e: the engine.
 * @bells: bit n: the kick of group n / 3, pipe n % 3 (&agx4_doorbells).
 *
 * Called after the producers of what they announce moved;
 * agx4_engine_ring() rings each once.
 */
void agx4_engine_note_kick(struct agx4_engine *e, unsigned long bells)
{
	if (!bells)
		return;
	/*
	 * The producers before the bits; pairs with the fully ordered
	 * atomic_long_xchg() of agx4_engine_ring().
	 */
	smp_mb__before_atomic();
	atomic_long_or(bells, &e->bells.pending);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_note_kick);

/**
 * agx4_engine_note_ctl() - note device-control doorbells to ring
 * @e: the engine.
 * @n: how many (one per record the firmware is to be told of).
 */
void agx4_engine_note_ctl(struct agx4_engine *e, unsigned int n)
{
	/* The records before the count; pairs with agx4_engine_ring(). */
	smp_mb__before_atomic();
	atomic_add(n, &e->bells.ctl);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_note_ctl);

/**
 * agx4_engine_ring() - ring the doorbells noted, each once
 * @e: the engine.
 *
 * Called with no lock of the engine or the job unit held, from any
 * context publication runs in (also the transport's receive path): it
 * never sleeps.  A crashed firmware is rung nothing.  A kick the mailbox
 * refuses is noted in &agx4_doorbells.lost for agx4_engine_flush().
 */
void agx4_engine_ring(struct agx4_engine *e)
{
	const struct agx4_fw_transport *t = &e->fw->adev->transport;
	unsigned long bells;
	unsigned int c;
	int n;
	u64 msg;

	if (!t->ops || !t->ops->ring)
		return;
	for (n = atomic_xchg(&e->bells.ctl, 0); n; n--)
		if (test_bit(0, &e->fw->crashed) ||
		    t->ops->ring(t->priv, 0, AGX4_RTKIT_EP_DOORBELL,
				 agx4_rtkit_msg_ctl_doorbell()))
			break;
	if (!atomic_long_read(&e->bells.pending))
		return;
	/* Fully ordered: the producers noted are seen before the kicks. */
	bells = atomic_long_xchg(&e->bells.pending, 0);
	for_each_set_bit(c, &bells, BITS_PER_LONG) {
		if (test_bit(0, &e->fw->crashed) ||
		    agx4_rtkit_msg_kick(c / 3, c % 3, &msg))
			continue;
		if (t->ops->ring(t->priv, 0, AGX4_RTKIT_EP_DOORBELL, msg))
			atomic_long_or(BIT(c), &e->bells.lost);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_ring);

/**
 * agx4_engine_defer_needed() - must a queue's next job wait its turn
 * @e: the engine.
 * @q: the queue.
 *
 * Return: true while an earlier job of @q (of any queue, for a @fifo
 * engine) waits for channel room: the next one waits behind it.
 */
bool agx4_engine_defer_needed(struct agx4_engine *e,
			      const struct agx4_fw_queue *q)
{
	lockdep_assert_held(&e->lock);
	return e->fifo ? !list_empty(&e->deferred) : q->deferred;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_defer_needed);

/**
 * agx4_engine_defer() - make a job wait for channel room
 * @e: the engine.
 * @job: a job drm_sched published, not already waiting.
 */
void agx4_engine_defer(struct agx4_engine *e, struct agx4_fw_job *job)
{
	lockdep_assert_held(&e->lock);
	list_add_tail(&job->defer_link, &e->deferred);
	job->deferred = true;
	job->queue->deferred++;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_defer);

/**
 * agx4_engine_undefer() - a waiting job went out, or will never go
 * @e: the engine.
 * @job: the job; nothing happens unless it waits.
 */
void agx4_engine_undefer(struct agx4_engine *e, struct agx4_fw_job *job)
{
	lockdep_assert_held(&e->lock);
	if (!job->deferred)
		return;
	list_del_init(&job->defer_link);
	job->deferred = false;
	job->queue->deferred--;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_undefer);

/**
 * agx4_engine_flush_needed() - is there anything for agx4_engine_flush()
 * @e: the engine.
 *
 * Without the engine's lock: for a caller that serialises every
 * agx4_engine_defer() with this call (the job unit's device lock), so
 * that a job deferred is seen; a refused kick noted meanwhile is seen at
 * the next call at the latest.
 *
 * Return: true when a job waits or a kick was refused.
 */
bool agx4_engine_flush_needed(struct agx4_engine *e)
{
	return atomic_long_read(&e->bells.lost) ||
	       !list_empty_careful(&e->deferred);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_flush_needed);

/**
 * agx4_engine_flush() - send what waits, while there is room
 * @e: the engine.
 * @publish: the backend's: send what of @job may go out now (it checks
 *	room with agx4_work_chan_room() and notes doorbells); true when all
 *	of it went.
 * @arg: passed to @publish.
 *
 * Kicks refused earlier are noted again first.  Jobs are tried in the
 * order they were deferred; once one of a queue's jobs cannot go out,
 * the queue's later jobs are not tried in this flush, so a queue's work
 * goes out in order while other queues' work passes it; a @fifo engine
 * stops at the first job that cannot go out.
 */
void agx4_engine_flush(struct agx4_engine *e,
		       bool (*publish)(struct agx4_fw_job *job, void *arg),
		       void *arg)
{
	struct agx4_fw_job *job, *tmp;

	lockdep_assert_held(&e->lock);
	if (atomic_long_read(&e->bells.lost))
		agx4_engine_note_kick(e, atomic_long_xchg(&e->bells.lost, 0));
	e->pass++;
	list_for_each_entry_safe(job, tmp, &e->deferred, defer_link) {
		if (job->queue->blocked == e->pass)
			continue;
		if (publish(job, arg)) {
			agx4_engine_undefer(e, job);
			continue;
		}
		if (e->fifo)
			break;
		job->queue->blocked = e->pass;
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_flush);

struct poll_arg {
	struct agx4_engine *e;
	unsigned long chans;
};

static bool poll_send(struct agx4_fw_job *job, void *arg)
{
	struct poll_arg *pa = arg;

	return pa->e->ops->send(job, &pa->chans);
}

/**
 * agx4_engine_poll() - send what waits for room, at a completion scan
 * @e: the engine, or NULL (no submission state: nothing waits).
 *
 * The firmware may have made room since: send what fits, in order
 * (agx4_engine_flush()), publish it and note its doorbells
 * (&agx4_engine_ops.sent).  The caller rings them with no lock held
 * (agx4_engine_ring()).  Any context; the caller serialises it with
 * publication (see agx4_engine_flush_needed()).
 */
void agx4_engine_poll(struct agx4_engine *e)
{
	struct poll_arg pa = { .e = e };
	unsigned long flags;

	if (!e || !agx4_engine_flush_needed(e))
		return;
	spin_lock_irqsave(&e->lock, flags);
	agx4_engine_flush(e, poll_send, &pa);
	if (e->ops->sent)
		e->ops->sent(e, pa.chans);
	else
		agx4_engine_note_kick(e, pa.chans);
	spin_unlock_irqrestore(&e->lock, flags);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_poll);

/**
 * agx4_engine_drop_queue() - forget what of a queue waits
 * @e: the engine.
 * @q: a queue that was killed: what of its jobs waits never goes out.
 * @dropped: optional; called for each job dropped, after it left the
 *	list, under the lock.
 */
void agx4_engine_drop_queue(struct agx4_engine *e, struct agx4_fw_queue *q,
			    void (*dropped)(struct agx4_fw_job *job))
{
	struct agx4_fw_job *job, *tmp;

	lockdep_assert_held(&e->lock);
	list_for_each_entry_safe(job, tmp, &e->deferred, defer_link) {
		if (job->queue != q)
			continue;
		agx4_engine_undefer(e, job);
		if (dropped)
			dropped(job);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_drop_queue);

/**
 * agx4_engine_completion() - a completion report, before the scan
 * @e: the engine.
 * @ev: the report (kind 1).
 *
 * The backend notes what the report names (&agx4_engine_ops.completion),
 * for a generation whose completion checks count reports.  Any context.
 */
void agx4_engine_completion(struct agx4_engine *e,
			    const struct agx4_fw_event *ev)
{
	if (e->ops->completion)
		e->ops->completion(e, ev);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_completion);

/**
 * DOC: memory-limit reports
 *
 * When the firmware could not grow a render's TVB pool (the host refused)
 * and the render runs out of it, it reports the memory limit (event 7)
 * naming the render the way its generation does.  The engine keeps the
 * published jobs with renders (agx4_engine_render_live(), until
 * agx4_engine_render_gone() when they are freed); agx4_engine_limit()
 * asks the backend which of them the report names, marks that job
 * (&agx4_fw_job.nomem: its fence ends with -ENOMEM once the firmware is
 * done with it) and returns the backend's reply.
 *
 * Once submission to the firmware ends (agx4_engine_stop()) no report is
 * matched: the job unit
 * then frees jobs by forgetting them, without the backend's state, so
 * they may leave the list only with the engine itself.  A render still
 * running then gets no answer: the firmware it waits on is being
 * restarted or shut down, and its job is ended by the job unit.
 */

/**
 * agx4_engine_render_live() - a job with renders went out
 * @e: the engine.
 * @job: the job, being published; a memory-limit report may name it now.
 *
 * Under @e's lock; a job already listed stays where it is.
 */
void agx4_engine_render_live(struct agx4_engine *e, struct agx4_fw_job *job)
{
	lockdep_assert_held(&e->lock);
	if (list_empty(&job->live_link))
		list_add_tail(&job->live_link, &e->renders);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_render_live);

/**
 * agx4_engine_render_gone() - a job is freed: no report names it any more
 * @e: the engine.
 * @job: the job, listed or not.
 *
 * Under @e's lock.
 */
void agx4_engine_render_gone(struct agx4_engine *e, struct agx4_fw_job *job)
{
	lockdep_assert_held(&e->lock);
	list_del_init(&job->live_link);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_render_gone);

/* End @w's wait, with @err or with the room taken. */
static void room_wake(struct agx4_engine *e, struct agx4_room_wait *w, int err)
{
	lockdep_assert_held(&e->lock);
	list_del_init(&w->link);
	list_del_init(&w->all);
	if (err)
		dma_fence_set_error(w->fence, err);
	/* drm_sched's callback only queues its work. */
	dma_fence_signal(w->fence);
}

/**
 * agx4_engine_stop() - submission to the engine's firmware ends
 * @e: the engine.
 *
 * The device is going, the firmware is about to be restarted, or it
 * stopped after a crash.  Every job's wait for room ends with -ENODEV,
 * holding nothing (the job is not published), and no later one starts
 * (agx4_room_get()); the backend's waits on &agx4_engine.wq are woken and
 * see agx4_engine_stopped().  Process context, no lock held, before any
 * job is freed by forgetting it; it may be called more than once.
 */
void agx4_engine_stop(struct agx4_engine *e)
{
	struct agx4_room_wait *w, *tmp;
	unsigned long flags;

	spin_lock_irqsave(&e->lock, flags);
	WRITE_ONCE(e->stopped, true);
	list_for_each_entry_safe(w, tmp, &e->waits, all)
		room_wake(e, w, -ENODEV);
	spin_unlock_irqrestore(&e->lock, flags);
	wake_up_all(&e->wq);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_stop);

/**
 * agx4_engine_limit() - mark the job a memory-limit report names
 * @e: the engine.
 * @lim: the report, parsed.
 * @reply: the control record to answer with (opcode 0: none).
 * @match: the backend's test of one job.
 *
 * Any context (the event drain, hard IRQ included); takes @e's lock.
 *
 * Return: 0, or -ENOENT when no published job matches or the engine
 * stopped (@reply untouched then).
 */
int agx4_engine_limit(struct agx4_engine *e,
		      const struct agx4_fw_ev_limit_in *lim,
		      struct agx4_fw_ctl *reply, agx4_limit_match_fn match)
{
	struct agx4_fw_job *job;
	unsigned long flags;
	int ret = -ENOENT;

	spin_lock_irqsave(&e->lock, flags);
	list_for_each_entry(job, &e->renders, live_link) {
		if (e->stopped)
			break;
		if (match(job, lim, reply)) {
			job->nomem = true;
			ret = 0;
			break;
		}
	}
	spin_unlock_irqrestore(&e->lock, flags);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_engine_limit);

/**
 * DOC: waits for firmware room
 *
 * The firmware has a fixed number of some resources that jobs hold while
 * they run (a generation's backend names them: G16's event leases and
 * G17P's render pools, for example).  A job takes such a room in
 * drm_sched's prepare_job, once its in-fences signalled, not in SUBMIT:
 * SUBMIT does not wait for it, and a job that waits for its in-fences
 * holds nothing another queue needs.  Each such resource is a &struct
 * agx4_room.  A job that finds it taken waits, holding nothing more of it, for a fence of its
 * own (&struct agx4_room_wait, allocated by SUBMIT: prepare_job cannot
 * allocate), which drm_sched waits for before it asks again.  The room
 * comes back when a job that held it is done with it (agx4_room_put());
 * it is then handed to the job that has waited longest, whose fence
 * signals once it holds all it asked for.  The jobs holding the room are
 * reserved jobs, which need nothing of the waiting ones: they complete,
 * or time out, which kills their queue and gives their room back.  When
 * submission ends (agx4_engine_stop()), or a waiting job is freed
 * (agx4_room_cancel()), its wait ends with an error and the job is not
 * published.
 */

/**
 * agx4_room_init() - set up a room
 * @r: the room.
 */
void agx4_room_init(struct agx4_room *r)
{
	INIT_LIST_HEAD(&r->waiters);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_room_init);

/**
 * agx4_room_wait_init() - allocate a job's wait
 * @w: the wait.
 * @owner: the job's queue (agx4_room_cancel_owner()).
 *
 * In SUBMIT: agx4_room_get() cannot allocate the fence.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_room_wait_init(struct agx4_room_wait *w, const void *owner)
{
	INIT_LIST_HEAD(&w->link);
	INIT_LIST_HEAD(&w->all);
	w->owner = owner;
	w->armed = false;
	w->fence = kzalloc(sizeof(*w->fence), GFP_KERNEL);
	return w->fence ? 0 : -ENOMEM;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_room_wait_init);

/**
 * agx4_room_wait_fini() - free a job's wait
 * @w: the wait, not waiting (never, or ended).
 *
 * Drops the wait's reference to its fence, or frees the fence never used.
 */
void agx4_room_wait_fini(struct agx4_room_wait *w)
{
	if (WARN_ON(!list_empty(&w->link)))
		return;
	if (w->armed)
		dma_fence_put(w->fence);
	else
		kfree(w->fence);
	w->fence = NULL;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_room_wait_fini);

static const char *room_fence_name(struct dma_fence *f)
{
	return "agx4-room";
}

static const struct dma_fence_ops room_fence_ops = {
	.get_driver_name = room_fence_name,
	.get_timeline_name = room_fence_name,
};

/**
 * agx4_room_get() - take what a job needs of a room, or wait
 * @e: the engine.
 * @r: the room.
 * @w: the job's wait for @r, not waiting.
 * @take: takes what the job needs.
 *
 * From the backend's &agx4_fw_submit_ops.job_reserve, under @e's lock.
 * The job takes what it needs (@take) if no job waits before
 * it; otherwise it waits behind them.  A job waits at most once per room:
 * its fence signals only once the room was handed to it, or with an
 * error once it will not be (agx4_room_cancel(), agx4_engine_stop()).
 *
 * Return: NULL when the job holds what it needs, or when submission
 * ended (agx4_engine_stop(): the job is not going to be published); otherwise a reference to the
 * fence to wait for.
 */
struct dma_fence *agx4_room_get(struct agx4_engine *e, struct agx4_room *r,
				struct agx4_room_wait *w, agx4_room_take_fn take)
{
	lockdep_assert_held(&e->lock);
	if (e->stopped || WARN_ON(!list_empty(&w->link)))
		return NULL;
	if (list_empty(&r->waiters) && take(r, w))
		return NULL;
	if (WARN_ON(w->armed))
		return NULL;	/* a second wait: the backend's bug */
	/*
	 * A context of its own: these fences do not signal in the order
	 * they were made (a wait cancelled ends on its own).
	 */
	dma_fence_init(w->fence, &room_fence_ops, &e->fence_lock,
		       dma_fence_context_alloc(1), 1);
	w->armed = true;
	list_add_tail(&w->link, &r->waiters);
	list_add_tail(&w->all, &e->waits);
	return dma_fence_get(w->fence);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_room_get);

/**
 * agx4_room_put() - some of a room came back
 * @e: the engine.
 * @r: the room, after the caller gave back what a job held.
 * @take: takes what a waiting job needs.
 *
 * Under @e's lock.  The jobs that waited longest take it, in order, until
 * one cannot have all it needs: it keeps waiting, and so do the later
 * ones.  Also after agx4_room_cancel(), which may leave a job first that
 * can take what is free.
 */
void agx4_room_put(struct agx4_engine *e, struct agx4_room *r,
		   agx4_room_take_fn take)
{
	struct agx4_room_wait *w;

	lockdep_assert_held(&e->lock);
	while ((w = list_first_entry_or_null(&r->waiters,
					     struct agx4_room_wait, link)) &&
	       take(r, w))
		room_wake(e, w, 0);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_room_put);

/**
 * agx4_room_cancel() - end a job's wait without the room
 * @e: the engine.
 * @r: the room.
 * @w: the job's wait: if it waits, it ends with @err.
 * @err: a negative errno.
 *
 * Under @e's lock, for a job freed while it waits (its queue goes).  What
 * the job took of @r before the wait ended is the caller's to give back;
 * then the caller calls agx4_room_put(): the jobs behind it may take the
 * room now.
 */
void agx4_room_cancel(struct agx4_engine *e, struct agx4_room *r,
		      struct agx4_room_wait *w, int err)
{
	lockdep_assert_held(&e->lock);
	if (!list_empty(&w->link))
		room_wake(e, w, err);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_room_cancel);

/**
 * agx4_room_cancel_owner() - end the waits of one queue's jobs
 * @e: the engine.
 * @r: the room.
 * @owner: the queue (&agx4_room_wait.owner), killed: its jobs will not
 *	run, so they take nothing.
 * @err: a negative errno each of its waits ends with.
 * @take: takes what a waiting job needs.
 *
 * Under @e's lock.  Then the jobs behind them may take the room
 * (agx4_room_put()): a killed queue holds back nobody.
 */
void agx4_room_cancel_owner(struct agx4_engine *e, struct agx4_room *r,
			    const void *owner, int err, agx4_room_take_fn take)
{
	struct agx4_room_wait *w, *tmp;

	lockdep_assert_held(&e->lock);
	list_for_each_entry_safe(w, tmp, &r->waiters, link)
		if (w->owner == owner)
			room_wake(e, w, err);
	agx4_room_put(e, r, take);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_room_cancel_owner);
