// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_event": draining the firmware's event ring.  Records
 * are written here byte by byte as the firmware posts them (kind in the
 * first word, fields at the offsets the protocol gives), not with the
 * driver's builders.
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_event.h"
#include "../agx4_fw.h"
#include "../agx4_fw_build.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g17p.h"
#include "agx4_test_util.h"

#define REC		0x48
#define ENTRIES		16

struct ev_ctx {
	struct agx4_event ev;
	u8 ring[ENTRIES * REC];
	u32 write;	/* the firmware's write cursor */
	u32 read;	/* the host's read cursor */
	unsigned int completions;
	u32 kinds_seen[8];
	/* Drains ended, and the completions seen when the last one did. */
	unsigned int drains;
	unsigned int completions_at_drained;
	/* Records and cursors handed to recovery. */
	unsigned int bad;
	unsigned int bad_ring;
	/* The secondary's ring (G17P), as peer_setup() sets it. */
	u8 peer_ring[ENTRIES * REC];
	u32 peer_write;
	u32 peer_read;
	/* Cursor pairs only handed back: host, firmware. */
	u32 pair[3][2];
};

static void on_completion(void *priv, const struct agx4_fw_event *e)
{
	struct ev_ctx *c = priv;

	if (c->completions < ARRAY_SIZE(c->kinds_seen))
		c->kinds_seen[c->completions] = e->kind;
	c->completions++;
}

static void on_drained(void *priv)
{
	struct ev_ctx *c = priv;

	c->drains++;
	c->completions_at_drained = c->completions;
}

static void on_bad(void *priv, const void *rec, size_t len)
{
	struct ev_ctx *c = priv;

	c->bad++;
}

static void on_bad_ring(void *priv)
{
	struct ev_ctx *c = priv;

	c->bad_ring++;
}

static const struct agx4_event_handlers handlers = {
	.completion = on_completion,
	.drained = on_drained,
	.bad = on_bad,
	.bad_ring = on_bad_ring,
};

static struct ev_ctx *ev_setup(struct kunit *test)
{
	struct agx4_device *adev = agx4_test_drm_device(test, "agx4_event");
	struct ev_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_ASSERT_EQ(test, agx4_event_init(&c->ev, &adev->base, &agx4_fw_g16,
					      &handlers, c), 0);
	KUNIT_ASSERT_EQ(test, agx4_channel_init(&c->ev.ring, "events", c->ring,
						REC, ENTRIES), 0);
	c->ev.ring.prod.ram = &c->write;
	c->ev.ring.read.ram = &c->read;
	return c;
}

/* The firmware posts a record: body, then its write cursor. */
static void post(struct ev_ctx *c, const u8 *rec)
{
	memcpy(&c->ring[c->write * REC], rec, REC);
	c->write = (c->write + 1) % ENTRIES;
}

/* A receipt of the G16 opening registration: 13, 1, 0, addresses, 160. */
static void receipt(u8 *rec)
{
	memset(rec, 0, REC);
	put_unaligned_le32(13, rec);
	put_unaligned_le32(1, rec + 4);
	put_unaligned_le64(0xfffffc20c0528000ull, rec + 0xc);
	put_unaligned_le64(0xfffffc20c0530000ull, rec + 0x14);
	put_unaligned_le64(0xfffffc20c0530000ull, rec + 0x1c);
	put_unaligned_le32(160, rec + 0x24);
	memset(rec + 0x28, 0xa5, 0x20);	/* left as stack contents */
}

static void agx4_event_receipts_wake_waiters(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	u8 rec[REC];

	KUNIT_EXPECT_EQ(test, agx4_event_wait_receipts(&c->ev, 1, 10),
			-ETIMEDOUT);
	receipt(rec);
	post(c, rec);
	post(c, rec);
	agx4_event_notify(&c->ev);
	KUNIT_EXPECT_EQ(test, agx4_event_wait_receipts(&c->ev, 2, 2000), 0);
	KUNIT_EXPECT_EQ(test, c->ev.receipts, 2);
	KUNIT_EXPECT_EQ(test, c->ev.by_kind[13], 2);
	/* Both slots were handed back. */
	KUNIT_EXPECT_EQ(test, c->read, 2);
	KUNIT_EXPECT_EQ(test, c->ev.malformed + c->ev.unknown, 0);
	agx4_event_fini(&c->ev);
}

/*
 * Bad records are counted and skipped; the drain goes on to the good ones
 * behind them, in order.
 */
static void agx4_event_bad_records_are_counted_and_skipped(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	u8 rec[REC];

	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* a completion */
	post(c, rec);
	put_unaligned_le32(0x77, rec);		/* no such kind */
	post(c, rec);
	receipt(rec);
	put_unaligned_le32(2, rec + 4);		/* receipt with +4 != 1 */
	post(c, rec);
	memset(rec, 0, REC);
	put_unaligned_le32(4, rec);		/* fatal: nobody consumes it */
	post(c, rec);
	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* another completion */
	post(c, rec);

	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->completions, 2);
	KUNIT_EXPECT_EQ(test, c->kinds_seen[0], 1);
	KUNIT_EXPECT_EQ(test, c->kinds_seen[1], 1);
	KUNIT_EXPECT_EQ(test, c->ev.malformed, 2);
	KUNIT_EXPECT_EQ(test, c->ev.unknown, 1);
	KUNIT_EXPECT_EQ(test, c->ev.receipts, 0);
	KUNIT_EXPECT_EQ(test, c->read, 5);
	agx4_event_fini(&c->ev);
}

/*
 * The end of a drain is reported once, after every record it took was
 * dispatched (the job unit scans once per batch of completions there),
 * and also for a drain that found nothing.
 */
static void agx4_event_drained_once_after_the_batch(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	u8 rec[REC];
	unsigned int i;

	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* a completion */
	for (i = 0; i < 3; i++)
		post(c, rec);
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->completions, 3);
	KUNIT_EXPECT_EQ(test, c->drains, 1);
	KUNIT_EXPECT_EQ(test, c->completions_at_drained, 3);
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->drains, 2);
	KUNIT_EXPECT_EQ(test, c->completions, 3);
	agx4_event_fini(&c->ev);
}

/* A write cursor past the ring stops the drain without reading. */
static void agx4_event_wild_cursor_stops_the_drain(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);

	c->write = ENTRIES + 1;
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->ev.ring_errors, 1);
	KUNIT_EXPECT_EQ(test, c->read, 0);
	KUNIT_EXPECT_EQ(test, c->completions, 0);
	agx4_event_fini(&c->ev);
}

/* A full ring (N - 1 records) drains whole, and wraps. */
static void agx4_event_full_ring_drains_and_wraps(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	unsigned int i, round;
	u8 rec[REC];

	for (round = 0; round < 3; round++) {
		receipt(rec);
		for (i = 0; i < ENTRIES - 1; i++)
			post(c, rec);
		agx4_event_drain(&c->ev);
		KUNIT_EXPECT_EQ(test, c->ev.receipts, (round + 1) * (ENTRIES - 1));
		KUNIT_EXPECT_EQ(test, c->read, c->write);
	}
	agx4_event_fini(&c->ev);
}

/*
 * A notification drains before it returns, with interrupts off as in the
 * mailbox's receive interrupt: the completions are dispatched and the
 * slots handed back by then.
 */
static void agx4_event_notify_drains_in_the_receive_path(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	unsigned long flags;
	u8 rec[REC];

	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* a completion */
	post(c, rec);
	post(c, rec);
	local_irq_save(flags);
	agx4_event_notify(&c->ev);
	local_irq_restore(flags);
	KUNIT_EXPECT_EQ(test, c->completions, 2);
	KUNIT_EXPECT_EQ(test, c->drains, 1);
	KUNIT_EXPECT_EQ(test, c->read, 2);
	agx4_event_fini(&c->ev);
}

/* After fini a notification touches neither the ring nor a consumer. */
static void agx4_event_notify_after_fini_is_ignored(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	u8 rec[REC];

	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* a completion */
	post(c, rec);
	agx4_event_fini(&c->ev);
	agx4_event_notify(&c->ev);
	KUNIT_EXPECT_EQ(test, c->completions, 0);
	KUNIT_EXPECT_EQ(test, c->drains, 0);
	KUNIT_EXPECT_EQ(test, c->read, 0);
}

/* A generation like G16 but for what a test changes. */
static struct agx4_fw_gen *gen_copy(struct kunit *test)
{
	struct agx4_fw_gen *g = kunit_kmalloc(test, sizeof(*g), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, g);
	*g = agx4_fw_g16;
	return g;
}

/* The drain copies a record onto its stack: no larger record is taken. */
static void agx4_event_init_refuses_records_past_its_buffer(struct kunit *test)
{
	struct agx4_device *adev = agx4_test_drm_device(test, "agx4_event");
	struct agx4_fw_gen *g = gen_copy(test);
	struct agx4_event *ev = kunit_kzalloc(test, sizeof(*ev), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, ev);
	g->chan.event_size = 0x49;
	KUNIT_EXPECT_EQ(test, agx4_event_init(ev, &adev->base, g, &handlers,
					      NULL), -EINVAL);
	g->chan.event_size = 0x48;
	KUNIT_ASSERT_EQ(test, agx4_event_init(ev, &adev->base, g, &handlers,
					      NULL), 0);
	agx4_event_fini(ev);
}

/* Decodes every record as a completion of @kind_out's kind. */
static u32 kind_out;

static int parse_as_kind(const void *rec, size_t size,
			 struct agx4_fw_event *e)
{
	e->kind = kind_out;
	return 0;
}

/*
 * A kind the event unit has no slot for, whatever the generation's
 * decoder said, is a malformed record: counted, never dispatched.
 */
static void agx4_event_kind_past_the_table_is_malformed(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	struct agx4_fw_gen *g = gen_copy(test);
	u8 rec[REC];

	g->parse_event = parse_as_kind;
	c->ev.gen = g;
	memset(rec, 0, REC);
	post(c, rec);
	kind_out = AGX4_EVENT_KINDS;
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->ev.malformed, 1);
	KUNIT_EXPECT_EQ(test, c->completions, 0);
	KUNIT_EXPECT_EQ(test, c->read, 1);
	/* A kind in the table goes through. */
	post(c, rec);
	kind_out = 1;		/* a completion */
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->ev.malformed, 1);
	KUNIT_EXPECT_EQ(test, c->completions, 1);
	agx4_event_fini(&c->ev);
}

/*
 * G17P: the primary's ring, the secondary's, and three cursor pairs only
 * handed back (of 16, 512 and 512 entries).
 */
static struct ev_ctx *peer_setup(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	static const u32 entries[] = { ENTRIES, 512, 512 };
	unsigned int i;

	c->ev.gen = &agx4_fw_g17p;
	KUNIT_ASSERT_EQ(test, agx4_channel_init(&c->ev.peer, "peer",
						c->peer_ring, REC, ENTRIES), 0);
	c->ev.peer.prod.ram = &c->peer_write;
	c->ev.peer.read.ram = &c->peer_read;
	for (i = 0; i < ARRAY_SIZE(entries); i++)
		KUNIT_ASSERT_EQ(test, agx4_event_add_credit(&c->ev,
							    &c->pair[i][0],
							    &c->pair[i][1],
							    entries[i]), 0);
	return c;
}

/* The secondary posts a record. */
static void peer_post(struct ev_ctx *c, const u8 *rec)
{
	memcpy(&c->peer_ring[c->peer_write * REC], rec, REC);
	c->peer_write = (c->peer_write + 1) % ENTRIES;
}

/* The G17P startup receipt: 13, 1, 0. */
static void startup_receipt(u8 *rec)
{
	memset(rec, 0, REC);
	put_unaligned_le32(13, rec);
	put_unaligned_le32(1, rec + 4);
}

/*
 * The secondary's ring is drained too: its startup receipt (first) and
 * its completion notifications are taken and handed back, none of them
 * dispatched (the primary's ring decides what completed).
 */
static void agx4_event_secondary_ring_is_drained_not_dispatched(struct kunit *test)
{
	struct ev_ctx *c = peer_setup(test);
	unsigned int i;
	u8 rec[REC];

	startup_receipt(rec);
	peer_post(c, rec);
	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* a completion, grid 0 */
	put_unaligned_le32(1, rec + 4);
	for (i = 0; i < ENTRIES + 3; i++) {
		peer_post(c, rec);
		if (i == ENTRIES / 2)
			agx4_event_drain(&c->ev);
	}
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->peer_read, c->peer_write);
	KUNIT_EXPECT_EQ(test, c->ev.peer_taken, ENTRIES + 4);
	KUNIT_EXPECT_EQ(test, c->ev.malformed, 0);
	KUNIT_EXPECT_EQ(test, c->bad, 0);
	KUNIT_EXPECT_EQ(test, c->completions, 0);
	KUNIT_EXPECT_EQ(test, c->ev.receipts, 0);
	KUNIT_EXPECT_EQ(test, c->ev.by_kind[1] + c->ev.by_kind[13], 0);
	agx4_event_fini(&c->ev);
}

/*
 * On the secondary's ring anything but a completion, or the startup
 * receipt as its first record, is malformed and goes to recovery, as a
 * refused record of the primary's does; the drain goes on behind it.
 */
static void agx4_event_secondary_ring_refuses_other_records(struct kunit *test)
{
	struct ev_ctx *c = peer_setup(test);
	u8 rec[REC];

	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* a completion first */
	peer_post(c, rec);
	startup_receipt(rec);			/* a receipt, not first */
	peer_post(c, rec);
	memset(rec, 0, REC);
	put_unaligned_le32(6, rec);		/* a growth request */
	peer_post(c, rec);
	put_unaligned_le32(4, rec);		/* fatal */
	peer_post(c, rec);
	put_unaligned_le32(0x77, rec);		/* no such kind */
	peer_post(c, rec);
	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);		/* and a completion again */
	peer_post(c, rec);
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->ev.malformed, 4);
	KUNIT_EXPECT_EQ(test, c->bad, 4);
	KUNIT_EXPECT_EQ(test, c->peer_read, 6);
	KUNIT_EXPECT_EQ(test, c->completions, 0);
	KUNIT_EXPECT_EQ(test, c->ev.by_kind[4] + c->ev.by_kind[6], 0);
	agx4_event_fini(&c->ev);
}

/* A wild write cursor on the secondary's ring stops its drain only. */
static void agx4_event_secondary_wild_cursor_goes_to_recovery(struct kunit *test)
{
	struct ev_ctx *c = peer_setup(test);
	u8 rec[REC];

	memset(rec, 0, REC);
	put_unaligned_le32(1, rec);
	post(c, rec);
	c->peer_write = ENTRIES;
	c->pair[1][1] = 7;
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->ev.ring_errors, 1);
	KUNIT_EXPECT_EQ(test, c->bad_ring, 1);
	KUNIT_EXPECT_EQ(test, c->peer_read, 0);
	KUNIT_EXPECT_EQ(test, c->read, 1);
	KUNIT_EXPECT_EQ(test, c->completions, 1);
	KUNIT_EXPECT_EQ(test, c->pair[1][0], 7);
	agx4_event_fini(&c->ev);
}

/*
 * Every cursor pair whose records agx4 does not read is handed back at
 * every drain: the host's cursor takes the firmware's.  One out of range
 * is not written and goes to recovery; the others are still handed back.
 */
static void agx4_event_credits_hand_back_every_pair(struct kunit *test)
{
	struct ev_ctx *c = peer_setup(test);

	c->pair[0][1] = 5;
	c->pair[1][1] = 300;
	c->pair[2][1] = 511;
	agx4_event_drain(&c->ev);
	KUNIT_EXPECT_EQ(test, c->pair[0][0], 5);
	KUNIT_EXPECT_EQ(test, c->pair[1][0], 300);
	KUNIT_EXPECT_EQ(test, c->pair[2][0], 511);
	KUNIT_EXPECT_EQ(test, c->ev.ring_errors, 0);
	/* The firmware wraps one; another goes wild. */
	c->pair[0][1] = 1;
	c->pair[1][1] = 512;
	c->pair[2][1] = 3;
	agx4_event_notify(&c->ev);
	KUNIT_EXPECT_EQ(test, c->pair[0][0], 1);
	KUNIT_EXPECT_EQ(test, c->pair[1][0], 300);
	KUNIT_EXPECT_EQ(test, c->pair[2][0], 3);
	KUNIT_EXPECT_EQ(test, c->ev.ring_errors, 1);
	KUNIT_EXPECT_EQ(test, c->bad_ring, 1);
	agx4_event_fini(&c->ev);
}

/* A pair without words or ring, or one more than the table holds, is refused. */
static void agx4_event_add_credit_refuses_bad_pairs(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	u32 w[2] = {};
	unsigned int i;

	KUNIT_EXPECT_EQ(test, agx4_event_add_credit(&c->ev, NULL, &w[1], 16),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_event_add_credit(&c->ev, &w[0], NULL, 16),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_event_add_credit(&c->ev, &w[0], &w[1], 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, c->ev.num_credits, 0);
	for (i = 0; i < AGX4_EVENT_CREDITS; i++)
		KUNIT_EXPECT_EQ(test, agx4_event_add_credit(&c->ev, &w[0],
							    &w[1], 16), 0);
	KUNIT_EXPECT_EQ(test, agx4_event_add_credit(&c->ev, &w[0], &w[1], 16),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, c->ev.num_credits, AGX4_EVENT_CREDITS);
	agx4_event_fini(&c->ev);
}

/* A statistics ring without a cursor word, or of one entry, is refused. */
static void agx4_event_add_stats_refuses_missing_words(struct kunit *test)
{
	struct ev_ctx *c = ev_setup(test);
	void *ring = kunit_kzalloc(test, 4 * c->ev.record_size, GFP_KERNEL);
	u32 w[2] = {};

	KUNIT_ASSERT_NOT_NULL(test, ring);
	KUNIT_EXPECT_EQ(test, agx4_event_add_stats(&c->ev, ring, NULL, &w[1],
						   4), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_event_add_stats(&c->ev, ring, &w[0], NULL,
						   4), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_event_add_stats(&c->ev, ring, &w[0], &w[1],
						   1), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_event_add_stats(&c->ev, ring, &w[0], &w[1],
						   4), 0);
	agx4_event_fini(&c->ev);
}

static struct kunit_case agx4_event_cases[] = {
	KUNIT_CASE(agx4_event_secondary_ring_is_drained_not_dispatched),
	KUNIT_CASE(agx4_event_secondary_ring_refuses_other_records),
	KUNIT_CASE(agx4_event_secondary_wild_cursor_goes_to_recovery),
	KUNIT_CASE(agx4_event_credits_hand_back_every_pair),
	KUNIT_CASE(agx4_event_add_credit_refuses_bad_pairs),
	KUNIT_CASE(agx4_event_add_stats_refuses_missing_words),
	KUNIT_CASE(agx4_event_init_refuses_records_past_its_buffer),
	KUNIT_CASE(agx4_event_kind_past_the_table_is_malformed),
	KUNIT_CASE(agx4_event_notify_drains_in_the_receive_path),
	KUNIT_CASE(agx4_event_notify_after_fini_is_ignored),
	KUNIT_CASE(agx4_event_receipts_wake_waiters),
	KUNIT_CASE(agx4_event_bad_records_are_counted_and_skipped),
	KUNIT_CASE(agx4_event_drained_once_after_the_batch),
	KUNIT_CASE(agx4_event_wild_cursor_stops_the_drain),
	KUNIT_CASE(agx4_event_full_ring_drains_and_wraps),
	{ }
};

static struct kunit_suite agx4_event_suite = {
	.name = "agx4_event",
	.test_cases = agx4_event_cases,
};

kunit_test_suite(agx4_event_suite);
