// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/errno.h>
#include <linux/jiffies.h>
#include <linux/minmax.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "agx4_event.h"
#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fwif.h"
#include "agx4_test_hooks.h"

/**
 * DOC: events
 *
 * The firmware reports through channel 13, a ring of fixed-size records
 * it fills, and then sends the notification message (0x42) on its
 * endpoint.  The notification is only a hint: agx4_event_notify() drains
 * at once, in the transport's receive path (the mailbox's receive
 * interrupt on hardware), as a GPU driver's interrupt handler would: it
 * takes every record the firmware's write cursor covers, hands the slot
 * back, checks the record with the generation's parser and passes it to
 * its consumer by kind: completions, TVB growth requests and memory-limit
 * reports to the units that own them, fatal errors to recovery, and
 * device-control receipts (kind 13) to whoever waits for them
 * (agx4_event_wait_receipts()).  Draining there, rather than on a
 * workqueue, signals a finished job's fence without a context switch per
 * completion; the work is bounded by the ring's size, and a consumer that
 * needs process context queues its own work.
 *
 * Nothing the firmware writes is trusted: a record the parser refuses is
 * counted as malformed and handed to the consumer of such records
 * (recovery, which restarts the firmware), a kind without a consumer is
 * counted as unknown, both with a ratelimited message, and the drain
 * goes on.  A write cursor
 * out of range stops the drain (there is nothing sane to read), is
 * counted and handed to the consumer of such cursors (recovery again:
 * until the firmware starts over, no record can be read, and a cursor
 * the firmware moves back into range would replay whatever the ring
 * held).  The drain never holds a lock of the notifier.
 *
 * G17P has more rings the firmware fills, and the firmware stops filling
 * one the host does not hand back (GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9 report_snapshot and
 * acknowledge_reports, which the reference runs after every completion):
 *
 * - the secondary instance's channel 13 (@peer): its records are taken
 *   like the primary's and checked, but not dispatched, as the reference
 *   uses none of them: a completion notification (kind 1) is accepted
 *   anywhere, the startup receipt (kind 13, words 1 and 0) only as the
 *   first record since the boot; anything else is malformed and goes
 *   where the primary's refused records go;
 * - cursor pairs whose records agx4 does not read (@credits): channel
 *   13's second pair (state word 2) and both pairs of channel 14, on
 *   both instances.  Each is handed back by copying the firmware's
 *   cursor into the host's; a firmware cursor out of range is handed to
 *   the consumer of such cursors, as for the primary's ring.
 *
 * Both happen at every drain, after the primary's records, as the
 * reference acknowledges after it classified the reports.
 *
 * The primary's statistics ring (channel 14's first pair, @stats, on both
 * generations) is read rather than only handed back: its records are
 * counted by kind and the latest %AGX4_EVENT_STATS_KEEP kept for the
 * debugfs file ``fw_stats`` (agx4_event_stats_print()).  Only their kind
 * word is known, the first, as in the event ring: 0x10 to 0x1e are the
 * statistics kinds the firmware's trace tags name (H); what each carries
 * is not known (GAP), so they are shown as raw words, and nothing acts
 * on them.
 */

/**
 * agx4_event_init() - prepare the event unit of a device
 * @ev: the unit; its @ring is set up by the caller before the firmware
 *	starts.
 * @drm: the device.
 * @gen: its generation.
 * @handlers: the consumers.
 * @priv: their argument.
 *
 * Return: 0, or -EINVAL for event records larger than agx4 knows.
 */
int agx4_event_init(struct agx4_event *ev, struct drm_device *drm,
		    const struct agx4_fw_gen *gen,
		    const struct agx4_event_handlers *handlers, void *priv)
{
	if (gen->chan.event_size > AGX4_FW_EV_SIZE)
		return -EINVAL;
	memset(ev, 0, sizeof(*ev));
	ev->drm = drm;
	ev->gen = gen;
	ev->handlers = handlers;
	ev->priv = priv;
	ev->record_size = gen->chan.event_size;
	spin_lock_init(&ev->lock);
	init_waitqueue_head(&ev->receipt_wq);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_init);

/**
 * agx4_event_fini() - stop draining
 * @ev: the unit.
 *
 * A drain running on another CPU finishes first; notifications that come
 * later are ignored.
 */
void agx4_event_fini(struct agx4_event *ev)
{
	unsigned long flags;

	spin_lock_irqsave(&ev->lock, flags);
	ev->stopped = true;
	spin_unlock_irqrestore(&ev->lock, flags);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_fini);

/**
 * agx4_event_set_handlers() - change the consumers
 * @ev: the unit.
 * @handlers: the new consumers, or NULL for none.
 * @priv: their argument.
 *
 * A drain running on another CPU finishes with the old ones first.
 */
void agx4_event_set_handlers(struct agx4_event *ev,
			     const struct agx4_event_handlers *handlers,
			     void *priv)
{
	unsigned long flags;

	spin_lock_irqsave(&ev->lock, flags);
	ev->handlers = handlers;
	ev->priv = priv;
	spin_unlock_irqrestore(&ev->lock, flags);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_set_handlers);

/**
 * agx4_event_add_credit() - hand a cursor pair back at every drain
 * @ev: the unit, before the firmware starts.
 * @host: the host's cursor word.
 * @fw: the firmware's cursor word.
 * @entries: the ring's entries.
 *
 * Return: 0, -EINVAL for a missing word or a ring of fewer than 2
 * entries, -ENOSPC when %AGX4_EVENT_CREDITS pairs are set already.
 */
int agx4_event_add_credit(struct agx4_event *ev, u32 *host, u32 *fw,
			  u32 entries)
{
	struct agx4_event_credit *c;

	if (entries < 2 || !host || !fw)
		return -EINVAL;
	if (ev->num_credits >= AGX4_EVENT_CREDITS)
		return -ENOSPC;
	c = &ev->credits[ev->num_credits++];
	memset(c, 0, sizeof(*c));
	c->host.ram = host;
	c->fw.ram = fw;
	c->entries = entries;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_add_credit);

/**
 * agx4_event_add_stats() - read a statistics ring at every drain
 * @ev: the unit, before the firmware starts.
 * @ring: the ring's records, CPU view; records are @ev's record size.
 * @host: the host's cursor word.
 * @fw: the firmware's cursor word.
 * @entries: the ring's entries.
 *
 * Return: 0, or -EINVAL for a missing word or a ring of fewer than 2
 * entries.
 */
int agx4_event_add_stats(struct agx4_event *ev, void *ring, u32 *host,
			 u32 *fw, u32 entries)
{
	int ret;

	if (!host || !fw)
		return -EINVAL;
	ret = agx4_channel_init(&ev->stats, "statistics", ring,
				ev->record_size, entries);
	if (ret)
		return ret;
	ev->stats.prod.ram = fw;
	ev->stats.read.ram = host;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_add_stats);

/**
 * agx4_event_notify() - the firmware said its rings were updated
 * @ev: the unit.
 *
 * Drains the ring.  Safe from the transport's receive path, hard IRQ
 * included.
 */
void agx4_event_notify(struct agx4_event *ev)
{
	agx4_event_drain(ev);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_notify);

static void dispatch_locked(struct agx4_event *ev, const struct agx4_fw_event *e)
{
	const struct agx4_event_handlers *h = ev->handlers;
	void (*fn)(void *priv, const struct agx4_fw_event *e) = NULL;

	lockdep_assert_held(&ev->lock);
	ev->by_kind[e->kind]++;
	switch (e->kind) {
	case AGX4_FW_EV_RECEIPT:
		WRITE_ONCE(ev->receipts, ev->receipts + 1);
		wake_up_all(&ev->receipt_wq);
		return;
	case AGX4_FW_EV_COMPLETION:
		fn = h ? h->completion : NULL;
		break;
	case AGX4_FW_EV_GROW:
		fn = h ? h->grow : NULL;
		break;
	case AGX4_FW_EV_LIMIT:
		fn = h ? h->limit : NULL;
		break;
	case AGX4_FW_EV_FATAL:
		fn = h ? h->fatal : NULL;
		break;
	}
	if (fn) {
		fn(ev->priv, e);
		return;
	}
	ev->unknown++;
	dev_warn_ratelimited(ev->drm->dev,
			     "firmware event of kind %u not handled\n", e->kind);
}

static void bad_ring_locked(struct agx4_event *ev, const char *what, u32 w,
			    int ret)
{
	lockdep_assert_held(&ev->lock);
	ev->ring_errors++;
	drm_err_ratelimited(ev->drm, "%s cursor %#x out of range: %d\n", what,
			    w, ret);
	if (ev->handlers && ev->handlers->bad_ring)
		ev->handlers->bad_ring(ev->priv);
}

static void malformed_locked(struct agx4_event *ev, const u8 *rec, int ret)
{
	lockdep_assert_held(&ev->lock);
	ev->malformed++;
	dev_warn_ratelimited(ev->drm->dev,
			     "malformed firmware event (kind %u): %d\n",
			     get_unaligned_le32(rec), ret);
	if (ev->handlers && ev->handlers->bad)
		ev->handlers->bad(ev->priv, rec, ev->record_size);
}

/*
 * What the secondary may post (g17p_boot.rs@21d3e5c9, the checks after
 * report_snapshot): completion notifications, and the startup receipt as
 * its very first record.
 */
static int peer_check(struct agx4_event *ev, const u8 *rec)
{
	struct agx4_fw_event e;
	int ret;

	memset(&e, 0, sizeof(e));
	ret = ev->gen->parse_event(rec, ev->record_size, &e);
	if (ret)
		return ret;
	if (e.kind == AGX4_FW_EV_COMPLETION)
		return 0;
	if (e.kind == AGX4_FW_EV_RECEIPT && !ev->peer_taken)
		return 0;
	return -EPROTO;
}

/*
 * Take the next record of @ch (@what in messages) into @rec: false when
 * there is none, or when the firmware's write cursor is outside the ring
 * (reported, and nothing more is read from it in this drain).
 */
static bool take_locked(struct agx4_event *ev, struct agx4_channel *ch,
			const char *what, u8 *rec)
{
	int ret;

	lockdep_assert_held(&ev->lock);
	if (!ch->ring)
		return false;
	ret = agx4_channel_pop(ch, rec, ev->record_size);
	if (ret && ret != -ENOENT)
		bad_ring_locked(ev, what, agx4_cursor_get(&ch->prod), ret);
	return !ret;
}

static void drain_peer_locked(struct agx4_event *ev, u8 *rec)
{
	int ret;

	while (take_locked(ev, &ev->peer, "secondary event ring", rec)) {
		ret = peer_check(ev, rec);
		ev->peer_taken++;
		if (ret)
			malformed_locked(ev, rec, ret);
	}
}

static void drain_stats_locked(struct agx4_event *ev, u8 *rec)
{
	u32 kind;

	while (take_locked(ev, &ev->stats, "statistics ring", rec)) {
		kind = get_unaligned_le32(rec) - AGX4_EVENT_STATS_FIRST;
		if (kind < AGX4_EVENT_STATS_KINDS)
			ev->stats_by_kind[kind]++;
		memcpy(ev->stats_last[ev->stats_taken % AGX4_EVENT_STATS_KEEP],
		       rec, ev->record_size);
		ev->stats_taken++;
	}
}

static void credit_locked(struct agx4_event *ev)
{
	unsigned int i;

	lockdep_assert_held(&ev->lock);
	for (i = 0; i < ev->num_credits; i++) {
		const struct agx4_event_credit *c = &ev->credits[i];
		u32 w = agx4_cursor_get(&c->fw);

		if (w >= c->entries) {
			bad_ring_locked(ev, "report ring", w, -EPROTO);
			continue;
		}
		agx4_cursor_set(&c->host, w);
	}
}

/**
 * agx4_event_drain() - take every posted record and dispatch it
 * @ev: the unit.
 *
 * Run at every notification; callable directly from any context (a boot
 * step polling for a receipt, tests).  Does nothing after
 * agx4_event_fini(), nor once the device is unplugged: the ring and its
 * cursors are the firmware's, and what the records would start (replies,
 * doorbells, resets) must not run then.
 */
void agx4_event_drain(struct agx4_event *ev)
{
	/*
	 * No allocation here: completions will signal fences from this
	 * drain, and the fence-signalling path must not allocate.
	 */
	u8 rec[AGX4_FW_EV_SIZE] __aligned(8);
	struct agx4_fw_event e;
	unsigned long flags;
	int ret, idx;

	if (!drm_dev_enter(ev->drm, &idx))
		return;
	spin_lock_irqsave(&ev->lock, flags);
	if (ev->stopped) {
		spin_unlock_irqrestore(&ev->lock, flags);
		drm_dev_exit(idx);
		return;
	}
	while (take_locked(ev, &ev->ring, "event ring", rec)) {
		memset(&e, 0, sizeof(e));
		ret = ev->gen->parse_event(rec, ev->record_size, &e);
		if (ret || e.kind >= AGX4_EVENT_KINDS) {
			malformed_locked(ev, rec, ret);
			continue;
		}
		dispatch_locked(ev, &e);
	}
	drain_peer_locked(ev, rec);
	drain_stats_locked(ev, rec);
	credit_locked(ev);
	if (ev->handlers && ev->handlers->drained)
		ev->handlers->drained(ev->priv);
	spin_unlock_irqrestore(&ev->lock, flags);
	drm_dev_exit(idx);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_drain);

/**
 * agx4_event_wait_receipts() - wait until a number of receipts came
 * @ev: the unit.
 * @count: the receipt count to reach.
 * @timeout_ms: how long to wait.
 *
 * Return: 0, or -ETIMEDOUT.
 */
int agx4_event_wait_receipts(struct agx4_event *ev, u64 count,
			     unsigned int timeout_ms)
{
	long left = wait_event_timeout(ev->receipt_wq,
				       READ_ONCE(ev->receipts) >= count,
				       msecs_to_jiffies(timeout_ms));

	return left ? 0 : -ETIMEDOUT;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_wait_receipts);

/* The statistics kinds, by the firmware's trace tags (H; L where marked). */
static const char *const stats_kinds[AGX4_EVENT_STATS_KINDS] = {
	"GPU utilisation", "range (L)", "range (L)", "accumulate",
	"counter add", "mark (L)", "restart reason", "UV count", "zone",
	"PM loop state", "power sequence (L)", "range (L)", "GPU SW state",
	"no-op (L)", "p-state residency",
};

/* What agx4_event_stats_print() shows, taken under the drain's lock. */
struct stats_copy {
	u64 taken;
	u64 by_kind[AGX4_EVENT_STATS_KINDS];
	u8 last[AGX4_EVENT_STATS_KEEP][AGX4_FW_EV_SIZE];
	u32 record_size;
	bool ring;
};

/**
 * agx4_event_stats_print() - what the debugfs file ``fw_stats`` shows
 * @ev: the unit.
 * @p: where to.
 *
 * The statistics ring's records since the boot, by kind, and the latest
 * ones, oldest first, each as its kind and its raw 32-bit words (the
 * payloads are not known).  Process context.
 */
void agx4_event_stats_print(struct agx4_event *ev, struct drm_printer *p)
{
	struct stats_copy *c = kzalloc(sizeof(*c), GFP_KERNEL);
	unsigned long flags;
	unsigned int i, j, n;
	u64 named = 0;

	if (!c) {
		drm_printf(p, "error: %d\n", -ENOMEM);
		return;
	}
	spin_lock_irqsave(&ev->lock, flags);
	c->ring = ev->stats.ring;
	c->taken = ev->stats_taken;
	memcpy(c->by_kind, ev->stats_by_kind, sizeof(c->by_kind));
	memcpy(c->last, ev->stats_last, sizeof(c->last));
	c->record_size = ev->record_size;
	spin_unlock_irqrestore(&ev->lock, flags);

	drm_printf(p, "ring: %s\n", c->ring ? "read" : "none");
	drm_printf(p, "records: %llu\n", c->taken);
	for (i = 0; i < AGX4_EVENT_STATS_KINDS; i++) {
		drm_printf(p, "kind %#x (%s): %llu\n",
			   AGX4_EVENT_STATS_FIRST + i, stats_kinds[i],
			   c->by_kind[i]);
		named += c->by_kind[i];
	}
	drm_printf(p, "other kinds: %llu\n", c->taken - named);
	n = min_t(u64, c->taken, AGX4_EVENT_STATS_KEEP);
	drm_printf(p, "latest %u, oldest first:\n", n);
	for (i = 0; i < n; i++) {
		const u8 *rec = c->last[(c->taken - n + i) %
					AGX4_EVENT_STATS_KEEP];
		u32 kind = get_unaligned_le32(rec);

		drm_printf(p, "%#x (%s):", kind,
			   kind - AGX4_EVENT_STATS_FIRST < AGX4_EVENT_STATS_KINDS ?
			   stats_kinds[kind - AGX4_EVENT_STATS_FIRST] :
			   "unknown");
		for (j = 4; j + 4 <= c->record_size; j += 4)
			drm_printf(p, " %08x", get_unaligned_le32(rec + j));
		drm_printf(p, "\n");
	}
	kfree(c);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_event_stats_print);
