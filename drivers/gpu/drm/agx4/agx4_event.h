/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_EVENT_H
#define AGX4_EVENT_H

#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#include "agx4_channel.h"
#include "agx4_fwif.h"

struct agx4_fw_event;
struct agx4_fw_gen;
struct drm_device;
struct drm_printer;

/* Event kinds agx4 counts; larger kinds are counted as unknown. */
#define AGX4_EVENT_KINDS	16
/* Cursor pairs the drain hands back without reading records. */
#define AGX4_EVENT_CREDITS	8
/* Statistics records kept for debugfs, the latest ones (chosen). */
#define AGX4_EVENT_STATS_KEEP	16
/* The statistics kinds the firmware's trace tags name: 0x10 to 0x1e (H). */
#define AGX4_EVENT_STATS_FIRST	0x10
#define AGX4_EVENT_STATS_KINDS	15

/**
 * struct agx4_event_credit - a firmware-to-host cursor pair the host only
 *	hands back
 * @host: the host's cursor, set to the firmware's at every drain.
 * @fw: the firmware's cursor.
 * @entries: the ring's entries: a firmware cursor at or past it is out
 *	of range.
 */
struct agx4_event_credit {
	struct agx4_cursor host;
	struct agx4_cursor fw;
	u32 entries;
};

/**
 * struct agx4_event_handlers - who consumes each kind of event
 *
 * Each is optional; called by the drain with &agx4_event.lock (a
 * spinlock) held, in the order the firmware posted the events, possibly
 * in hard-IRQ context: a handler must not sleep or allocate, and queues
 * its own work for anything more.
 */
struct agx4_event_handlers {
	/** @completion: work finished (kind 1). */
	void (*completion)(void *priv, const struct agx4_fw_event *e);
	/** @grow: a TVB growth request (kind 6). */
	void (*grow)(void *priv, const struct agx4_fw_event *e);
	/** @limit: a TVB memory limit was reached (kind 7). */
	void (*limit)(void *priv, const struct agx4_fw_event *e);
	/** @fatal: the firmware reports a fatal error (kind 4). */
	void (*fatal)(void *priv, const struct agx4_fw_event *e);
	/**
	 * @bad: the generation's parser refused the record at @rec (@len
	 * bytes): an unknown kind, or a known one with impossible contents;
	 * or the secondary's ring held a record that has no place there.
	 * Counted as malformed in any case.
	 */
	void (*bad)(void *priv, const void *rec, size_t len);
	/**
	 * @bad_ring: the firmware's write cursor is outside the ring: no
	 * record can be read until the firmware starts over.  Called at
	 * every drain that finds it so.
	 */
	void (*bad_ring)(void *priv);
	/**
	 * @drained: called once at the end of every drain, after the
	 * records it took were dispatched, also when it took none: a
	 * consumer that only notes what its per-record handler saw (a
	 * completion is a hint) acts on it once per batch here.
	 */
	void (*drained)(void *priv);
};

/**
 * struct agx4_event - the firmware's event ring and who drains it
 */
struct agx4_event {
	/** @drm: the device, for messages. */
	struct drm_device *drm;
	/** @gen: the generation, whose parser checks each record. */
	const struct agx4_fw_gen *gen;
	/** @handlers: the consumers; @priv is their argument. */
	const struct agx4_event_handlers *handlers;
	/** @priv: see @handlers. */
	void *priv;
	/**
	 * @lock: serialises drains: protects @ring, @stopped and every
	 * counter below, which readers sample without it.
	 */
	spinlock_t lock;
	/** @stopped: agx4_event_fini() ran; notifications are ignored. */
	bool stopped;
	/** @ring: channel 13 (of the primary instance, on G17P). */
	struct agx4_channel ring;
	/**
	 * @peer: G17P: the secondary instance's channel 13, whose records
	 * are checked and not dispatched; its ring is NULL when there is
	 * none.
	 */
	struct agx4_channel peer;
	/** @peer_taken: records taken from @peer since the boot. */
	u64 peer_taken;
	/** @credits: cursor pairs handed back at every drain. */
	struct agx4_event_credit credits[AGX4_EVENT_CREDITS];
	/** @num_credits: entries of @credits. */
	unsigned int num_credits;
	/** @record_size: bytes of one record. */
	u32 record_size;
	/**
	 * @stats: the primary instance's statistics ring (channel 14, its
	 * first cursor pair); its ring is NULL until
	 * agx4_event_add_stats().  Its records are telemetry: counted and
	 * the latest kept, for debugfs, never acted on.
	 */
	struct agx4_channel stats;
	/** @stats_taken: records taken from @stats since the boot. */
	u64 stats_taken;
	/** @stats_by_kind: of them, by kind from %AGX4_EVENT_STATS_FIRST. */
	u64 stats_by_kind[AGX4_EVENT_STATS_KINDS];
	/**
	 * @stats_last: the latest records taken; the next goes to entry
	 * @stats_taken modulo %AGX4_EVENT_STATS_KEEP.
	 */
	u8 stats_last[AGX4_EVENT_STATS_KEEP][AGX4_FW_EV_SIZE];
	/** @by_kind: events seen, by kind. */
	u64 by_kind[AGX4_EVENT_KINDS];
	/** @unknown: records of a kind agx4 does not know. */
	u64 unknown;
	/** @malformed: records the generation's parser refused. */
	u64 malformed;
	/**
	 * @ring_errors: drains stopped, or credits not handed back, for a
	 * wild firmware cursor.
	 */
	u64 ring_errors;
	/** @receipts: device-control receipts (kind 13) seen. */
	u64 receipts;
	/** @receipt_wq: woken at every receipt. */
	wait_queue_head_t receipt_wq;
};

int agx4_event_init(struct agx4_event *ev, struct drm_device *drm,
		    const struct agx4_fw_gen *gen,
		    const struct agx4_event_handlers *handlers, void *priv);
void agx4_event_fini(struct agx4_event *ev);
void agx4_event_set_handlers(struct agx4_event *ev,
			     const struct agx4_event_handlers *handlers,
			     void *priv);
int agx4_event_add_credit(struct agx4_event *ev, u32 *host, u32 *fw,
			  u32 entries);
int agx4_event_add_stats(struct agx4_event *ev, void *ring, u32 *host,
			 u32 *fw, u32 entries);
void agx4_event_stats_print(struct agx4_event *ev, struct drm_printer *p);
void agx4_event_notify(struct agx4_event *ev);
void agx4_event_drain(struct agx4_event *ev);
int agx4_event_wait_receipts(struct agx4_event *ev, u64 count,
			     unsigned int timeout_ms);

#endif /* AGX4_EVENT_H */
