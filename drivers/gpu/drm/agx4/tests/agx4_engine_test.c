// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_engine": the generation-independent half of
 * submission on its own: work-channel counts and room, publication order,
 * the firmware's cursors and progress indices checked, doorbells rung
 * once each and again when refused, the order in which jobs waiting
 * for room go out, and the waits for a firmware resource (rooms).
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "../agx4_device.h"
#include "../agx4_engine.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_build.h"
#include "../agx4_fw_queue.h"
#include "../agx4_rtkit.h"
#include "../agx4_transport.h"
#include "agx4_test_util.h"

#define ENTRIES		8
#define ESIZE		0x10
#define LIMIT		3
#define NCHANS		6
#define MAX_RINGS	16

struct engine_ctx {
	struct agx4_engine e;
	struct agx4_fw_boot *fw;
	struct agx4_work_chan chans[NCHANS];
	u8 ring[NCHANS][ENTRIES * ESIZE];
	u32 words[NCHANS][3];	/* producer, read, done */
	/* What the mailbox was given, and whether it takes more. */
	u64 rung[MAX_RINGS];
	unsigned int nrung;
	bool refuse;
};

static int fake_ring(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	struct engine_ctx *c = priv;

	if (c->refuse)
		return -EBUSY;
	if (inst || ep != AGX4_RTKIT_EP_DOORBELL || c->nrung >= MAX_RINGS)
		return -EINVAL;
	c->rung[c->nrung++] = msg;
	return 0;
}

static const struct agx4_fw_transport_ops fake_ops = {
	.ring = fake_ring,
};

static int engine_init(struct kunit *test)
{
	struct engine_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct agx4_device *adev;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, c);
	adev = agx4_test_drm_device(test, "agx4-engine-test");
	adev->transport.ops = &fake_ops;
	adev->transport.priv = c;
	c->fw = kunit_kzalloc(test, sizeof(*c->fw), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->fw);
	c->fw->adev = adev;
	for (i = 0; i < NCHANS; i++) {
		KUNIT_ASSERT_EQ(test, agx4_work_chan_init(&c->chans[i], "test",
							  c->ring[i], ESIZE,
							  ENTRIES, LIMIT), 0);
		c->chans[i].ch.prod.ram = &c->words[i][0];
		c->chans[i].ch.read.ram = &c->words[i][1];
		c->chans[i].ch.done.ram = &c->words[i][2];
	}
	agx4_engine_init(&c->e, c->fw, NULL, false);
	test->priv = c;
	return 0;
}

/* Publish one message on channel @i: its number. */
static u64 send(struct engine_ctx *c, unsigned int i, u8 fill)
{
	u8 msg[ESIZE];
	u64 n;

	memset(msg, fill, sizeof(msg));
	spin_lock_irq(&c->e.lock);
	n = agx4_work_chan_write(&c->e, &c->chans[i], msg, sizeof(msg));
	agx4_work_chan_publish(&c->e, &c->chans[i]);
	spin_unlock_irq(&c->e.lock);
	return n;
}

static bool room(struct engine_ctx *c, unsigned int i, u32 n)
{
	bool r;

	spin_lock_irq(&c->e.lock);
	r = agx4_work_chan_room(&c->e, &c->chans[i], n);
	spin_unlock_irq(&c->e.lock);
	return r;
}

static bool passed(struct engine_ctx *c, unsigned int i, u64 n)
{
	bool r;

	spin_lock_irq(&c->e.lock);
	r = agx4_work_chan_passed(&c->e, &c->chans[i], n);
	spin_unlock_irq(&c->e.lock);
	return r;
}

/* The firmware moves channel @i's read and done cursors (ring indices). */
static void firmware_at(struct engine_ctx *c, unsigned int i, u32 read,
			u32 done)
{
	WRITE_ONCE(c->words[i][1], read);
	WRITE_ONCE(c->words[i][2], done);
}

static void agx4_engine_room_counts_the_slower_cursor_up_to_the_limit(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	unsigned int k;

	for (k = 0; k < LIMIT; k++) {
		KUNIT_ASSERT_TRUE(test, room(c, 0, 1));
		send(c, 0, k);
	}
	KUNIT_EXPECT_FALSE(test, room(c, 0, 1));
	/* Read all three, done one: two outstanding, room for one. */
	firmware_at(c, 0, 3, 1);
	KUNIT_EXPECT_TRUE(test, room(c, 0, 1));
	KUNIT_EXPECT_FALSE(test, room(c, 0, 2));
	firmware_at(c, 0, 3, 3);
	KUNIT_EXPECT_TRUE(test, room(c, 0, LIMIT));
	KUNIT_EXPECT_FALSE(test, room(c, 0, LIMIT + 1));
	/* On another channel, done all and read one: the same rule. */
	for (k = 0; k < LIMIT; k++)
		send(c, 5, k);
	firmware_at(c, 5, 1, 3);
	KUNIT_EXPECT_TRUE(test, room(c, 5, 1));
	KUNIT_EXPECT_FALSE(test, room(c, 5, 2));
}

static void agx4_engine_message_passed_only_when_read_and_done(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	u64 n0 = send(c, 1, 0xa0), n1 = send(c, 1, 0xa1);

	KUNIT_EXPECT_EQ(test, n0, 0);
	KUNIT_EXPECT_EQ(test, n1, 1);
	KUNIT_EXPECT_FALSE(test, passed(c, 1, n0));
	firmware_at(c, 1, 1, 0);
	KUNIT_EXPECT_FALSE(test, passed(c, 1, n0));
	firmware_at(c, 1, 1, 1);
	KUNIT_EXPECT_TRUE(test, passed(c, 1, n0));
	KUNIT_EXPECT_FALSE(test, passed(c, 1, n1));
	firmware_at(c, 1, 2, 2);
	KUNIT_EXPECT_TRUE(test, passed(c, 1, n1));
}

/* Many times round the ring: the counts keep going where indices wrap. */
static void agx4_engine_counts_go_on_past_the_ring(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	u64 n = 0;
	unsigned int k;

	for (k = 0; k < 10 * ENTRIES; k++) {
		KUNIT_ASSERT_TRUE(test, room(c, 2, 1));
		n = send(c, 2, k);
		KUNIT_ASSERT_EQ(test, n, k);
		KUNIT_ASSERT_EQ(test, READ_ONCE(c->words[2][0]),
				(k + 1) % ENTRIES);
		KUNIT_ASSERT_FALSE(test, passed(c, 2, n));
		firmware_at(c, 2, (k + 1) % ENTRIES, (k + 1) % ENTRIES);
		KUNIT_ASSERT_TRUE(test, passed(c, 2, n));
	}
	KUNIT_EXPECT_EQ(test, c->chans[2].read, 10 * ENTRIES);
	KUNIT_EXPECT_EQ(test, c->chans[2].done, 10 * ENTRIES);
}

static void agx4_engine_entry_is_in_the_ring_before_the_producer_moves(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	u8 msg[ESIZE], want[ESIZE];

	memset(msg, 0x5a, sizeof(msg));
	spin_lock_irq(&c->e.lock);
	agx4_work_chan_write(&c->e, &c->chans[3], msg, 4);
	KUNIT_EXPECT_EQ(test, READ_ONCE(c->words[3][0]), 0);
	agx4_work_chan_publish(&c->e, &c->chans[3]);
	spin_unlock_irq(&c->e.lock);
	KUNIT_EXPECT_EQ(test, READ_ONCE(c->words[3][0]), 1);
	/* The rest of the entry is zeroed. */
	memset(want, 0, sizeof(want));
	memset(want, 0x5a, 4);
	KUNIT_EXPECT_MEMEQ(test, c->ring[3], want, ESIZE);
}

static void agx4_engine_cursor_outside_the_ring_is_counted_and_gives_no_room(struct kunit *test)
{
	struct engine_ctx *c = test->priv;

	send(c, 0, 1);
	firmware_at(c, 0, ENTRIES, 1);
	KUNIT_EXPECT_FALSE(test, room(c, 0, 1));
	KUNIT_EXPECT_EQ(test, atomic_read(&c->fw->bad_cursors), 1);
	/* The sane cursor still counted; the wild one moved nothing. */
	KUNIT_EXPECT_EQ(test, c->chans[0].read, 0);
	KUNIT_EXPECT_EQ(test, c->chans[0].done, 1);
	firmware_at(c, 0, 1, ~0u);
	KUNIT_EXPECT_FALSE(test, passed(c, 0, 0));
	KUNIT_EXPECT_EQ(test, atomic_read(&c->fw->bad_cursors), 2);
}

/* A cursor further on than anything published has not passed anything. */
static void agx4_engine_cursor_past_the_producer_moves_nothing(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	u64 n = send(c, 4, 1);

	firmware_at(c, 4, 3, 3);
	KUNIT_EXPECT_FALSE(test, passed(c, 4, n));
	KUNIT_EXPECT_EQ(test, c->chans[4].read, 0);
	firmware_at(c, 4, 1, 1);
	KUNIT_EXPECT_TRUE(test, passed(c, 4, n));
}

/* The read cursor goes wild between the room check and the write. */
static void agx4_engine_cursor_wild_at_the_write_leaves_the_message_unwritten(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	u8 msg[ESIZE];
	u64 n;

	memset(msg, 0x77, sizeof(msg));
	KUNIT_ASSERT_TRUE(test, room(c, 3, 1));
	firmware_at(c, 3, ENTRIES + 1, 0);
	spin_lock_irq(&c->e.lock);
	n = agx4_work_chan_write(&c->e, &c->chans[3], msg, sizeof(msg));
	spin_unlock_irq(&c->e.lock);
	KUNIT_EXPECT_EQ(test, n, U64_MAX);
	KUNIT_EXPECT_EQ(test, c->chans[3].sent, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->fw->bad_cursors), 1);
	KUNIT_EXPECT_EQ(test, c->ring[3][0], 0);
	firmware_at(c, 3, 0, 0);
	KUNIT_EXPECT_FALSE(test, passed(c, 3, n));
}

/*
 * A cursor behind what it had passed: the counts cannot follow it, but
 * the ring between it and the host's head is still the firmware's.
 */
static void agx4_engine_cursor_behind_the_head_holds_its_ring_distance(struct kunit *test)
{
	struct engine_ctx *c = test->priv;

	firmware_at(c, 1, ENTRIES - 2, 0);
	KUNIT_EXPECT_TRUE(test, room(c, 1, LIMIT - 2));
	KUNIT_EXPECT_FALSE(test, room(c, 1, LIMIT - 1));
	firmware_at(c, 1, 0, 0);
	KUNIT_EXPECT_TRUE(test, room(c, 1, LIMIT));
}

static bool sane(struct engine_ctx *c, u32 v, u32 *seen, u32 top)
{
	bool r;

	spin_lock_irq(&c->e.lock);
	r = agx4_engine_progress_sane(&c->e, "lane", 0, v, seen, top);
	spin_unlock_irq(&c->e.lock);
	return r;
}

static void agx4_engine_progress_behind_or_past_the_top_is_insane(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	u32 seen = 5;

	KUNIT_EXPECT_FALSE(test, sane(c, 4, &seen, 10));
	KUNIT_EXPECT_EQ(test, seen, 5);
	KUNIT_EXPECT_FALSE(test, sane(c, 11, &seen, 10));
	KUNIT_EXPECT_EQ(test, seen, 5);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->fw->bad_stamps), 2);
	KUNIT_EXPECT_TRUE(test, sane(c, 5, &seen, 10));
	KUNIT_EXPECT_TRUE(test, sane(c, 10, &seen, 10));
	KUNIT_EXPECT_EQ(test, seen, 10);
	/* Stamps wrap: across 2^32 it is forward. */
	seen = 0xfffffffe;
	KUNIT_EXPECT_TRUE(test, sane(c, 1, &seen, 2));
	KUNIT_EXPECT_EQ(test, seen, 1);
	KUNIT_EXPECT_FALSE(test, sane(c, 0xffffffff, &seen, 2));
	KUNIT_EXPECT_EQ(test, atomic_read(&c->fw->bad_stamps), 3);
}

static u64 kick(u32 group, u32 pipe)
{
	u64 msg = 0;

	WARN_ON(agx4_rtkit_msg_kick(group, pipe, &msg));
	return msg;
}

static void agx4_engine_rings_each_noted_channel_once(struct kunit *test)
{
	struct engine_ctx *c = test->priv;

	agx4_engine_note_kick(&c->e, BIT(1) | BIT(4));
	agx4_engine_note_kick(&c->e, BIT(4));
	agx4_engine_note_ctl(&c->e, 2);
	agx4_engine_ring(&c->e);
	KUNIT_ASSERT_EQ(test, c->nrung, 4);
	KUNIT_EXPECT_EQ(test, c->rung[0], agx4_rtkit_msg_ctl_doorbell());
	KUNIT_EXPECT_EQ(test, c->rung[1], agx4_rtkit_msg_ctl_doorbell());
	KUNIT_EXPECT_EQ(test, c->rung[2], kick(0, 1));
	KUNIT_EXPECT_EQ(test, c->rung[3], kick(1, 1));
	/* Nothing noted since: nothing rung. */
	agx4_engine_ring(&c->e);
	KUNIT_EXPECT_EQ(test, c->nrung, 4);
}

static bool take_all(struct agx4_fw_job *job, void *arg)
{
	return true;
}

static void agx4_engine_refused_kick_is_rung_again_after_the_next_flush(struct kunit *test)
{
	struct engine_ctx *c = test->priv;

	c->refuse = true;
	agx4_engine_note_kick(&c->e, BIT(5));
	agx4_engine_ring(&c->e);
	c->refuse = false;
	agx4_engine_ring(&c->e);
	KUNIT_EXPECT_EQ(test, c->nrung, 0);
	spin_lock_irq(&c->e.lock);
	agx4_engine_flush(&c->e, take_all, NULL);
	spin_unlock_irq(&c->e.lock);
	agx4_engine_ring(&c->e);
	KUNIT_ASSERT_EQ(test, c->nrung, 1);
	KUNIT_EXPECT_EQ(test, c->rung[0], kick(1, 2));
}

static void agx4_engine_crashed_firmware_is_rung_nothing(struct kunit *test)
{
	struct engine_ctx *c = test->priv;

	set_bit(0, &c->fw->crashed);
	agx4_engine_note_kick(&c->e, BIT(0));
	agx4_engine_note_ctl(&c->e, 1);
	agx4_engine_ring(&c->e);
	KUNIT_EXPECT_EQ(test, c->nrung, 0);
}

struct test_job {
	struct agx4_fw_job base;
	bool fits;
	unsigned int order;
};

struct flush_log {
	unsigned int out[8];
	unsigned int n;
};

static bool try_job(struct agx4_fw_job *j, void *arg)
{
	struct test_job *job = container_of(j, struct test_job, base);
	struct flush_log *log = arg;

	if (!job->fits)
		return false;
	log->out[log->n++] = job->order;
	return true;
}

static void agx4_engine_flush_keeps_a_queue_in_order_and_lets_others_pass(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct agx4_fw_queue qa = { }, qb = { };
	struct test_job a1 = { .base.queue = &qa, .order = 1 };
	struct test_job a2 = { .base.queue = &qa, .order = 2, .fits = true };
	struct test_job b1 = { .base.queue = &qb, .order = 3, .fits = true };
	struct flush_log log = { };

	spin_lock_irq(&c->e.lock);
	KUNIT_EXPECT_FALSE(test, agx4_engine_defer_needed(&c->e, &qa));
	agx4_engine_defer(&c->e, &a1.base);
	KUNIT_EXPECT_TRUE(test, agx4_engine_defer_needed(&c->e, &qa));
	agx4_engine_defer(&c->e, &a2.base);
	agx4_engine_defer(&c->e, &b1.base);
	agx4_engine_flush(&c->e, try_job, &log);
	/* A1 found no room: A2 waits behind it; B1 passed both. */
	KUNIT_EXPECT_EQ(test, log.n, 1);
	KUNIT_EXPECT_EQ(test, log.out[0], 3);
	KUNIT_EXPECT_TRUE(test, a1.base.deferred);
	KUNIT_EXPECT_TRUE(test, a2.base.deferred);
	KUNIT_EXPECT_FALSE(test, b1.base.deferred);
	KUNIT_EXPECT_FALSE(test, agx4_engine_defer_needed(&c->e, &qb));
	a1.fits = true;
	agx4_engine_flush(&c->e, try_job, &log);
	KUNIT_EXPECT_EQ(test, log.n, 3);
	KUNIT_EXPECT_EQ(test, log.out[1], 1);
	KUNIT_EXPECT_EQ(test, log.out[2], 2);
	KUNIT_EXPECT_FALSE(test, agx4_engine_defer_needed(&c->e, &qa));
	KUNIT_EXPECT_TRUE(test, list_empty(&c->e.deferred));
	spin_unlock_irq(&c->e.lock);
}

/* In a fifo engine nothing passes a job that waits. */
static void agx4_engine_fifo_flush_stops_at_the_first_that_waits(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct agx4_fw_queue qa = { }, qb = { };
	struct test_job a1 = { .base.queue = &qa, .order = 1 };
	struct test_job b1 = { .base.queue = &qb, .order = 2, .fits = true };
	struct flush_log log = { };

	c->e.fifo = true;
	spin_lock_irq(&c->e.lock);
	agx4_engine_defer(&c->e, &a1.base);
	/* Another queue's job waits too, behind any. */
	KUNIT_EXPECT_TRUE(test, agx4_engine_defer_needed(&c->e, &qb));
	agx4_engine_defer(&c->e, &b1.base);
	agx4_engine_flush(&c->e, try_job, &log);
	KUNIT_EXPECT_EQ(test, log.n, 0);
	KUNIT_EXPECT_TRUE(test, b1.base.deferred);
	a1.fits = true;
	agx4_engine_flush(&c->e, try_job, &log);
	spin_unlock_irq(&c->e.lock);
	KUNIT_ASSERT_EQ(test, log.n, 2);
	KUNIT_EXPECT_EQ(test, log.out[0], 1);
	KUNIT_EXPECT_EQ(test, log.out[1], 2);
}

static void agx4_engine_dropped_queue_loses_only_its_waiting_jobs(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct agx4_fw_queue qa = { }, qb = { };
	struct test_job a1 = { .base.queue = &qa, .order = 1, .fits = true };
	struct test_job b1 = { .base.queue = &qb, .order = 2, .fits = true };
	struct flush_log log = { };

	spin_lock_irq(&c->e.lock);
	agx4_engine_defer(&c->e, &a1.base);
	agx4_engine_defer(&c->e, &b1.base);
	agx4_engine_drop_queue(&c->e, &qa, NULL);
	KUNIT_EXPECT_FALSE(test, a1.base.deferred);
	KUNIT_EXPECT_FALSE(test, agx4_engine_defer_needed(&c->e, &qa));
	agx4_engine_flush(&c->e, try_job, &log);
	spin_unlock_irq(&c->e.lock);
	KUNIT_ASSERT_EQ(test, log.n, 1);
	KUNIT_EXPECT_EQ(test, log.out[0], 2);
}

static void agx4_engine_channel_limit_must_be_below_the_ring(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct agx4_work_chan wc;

	KUNIT_EXPECT_EQ(test, agx4_work_chan_init(&wc, "t", c->ring[0], ESIZE,
						  ENTRIES, ENTRIES), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_work_chan_init(&wc, "t", c->ring[0], ESIZE,
						  ENTRIES, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_work_chan_init(&wc, "t", NULL, ESIZE,
						  ENTRIES, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_work_chan_init(&wc, "t", c->ring[0], ESIZE,
						  ENTRIES, ENTRIES - 1), 0);
}

/* A room of @free units; each waiter takes @need of them at once. */
struct count_room {
	struct agx4_room r;
	int free;
};

struct count_wait {
	struct agx4_room_wait w;
	int need;
	bool got;
};

static bool count_take(struct agx4_room *r, struct agx4_room_wait *w)
{
	struct count_room *cr = container_of(r, struct count_room, r);
	struct count_wait *cw = container_of(w, struct count_wait, w);

	if (cr->free < cw->need)
		return false;
	cr->free -= cw->need;
	cw->got = true;
	return true;
}

/* A wait for @need units by a job of @owner's. */
static void count_wait_init_for(struct kunit *test, struct count_wait *cw,
				int need, const void *owner)
{
	cw->need = need;
	cw->got = false;
	KUNIT_ASSERT_EQ(test, agx4_room_wait_init(&cw->w, owner), 0);
}

static void count_wait_init(struct kunit *test, struct count_wait *cw,
			    int need)
{
	count_wait_init_for(test, cw, need, NULL);
}

/* agx4_room_get(): NULL (took it, or closed), or the fence to wait for. */
static struct dma_fence *room_get(struct engine_ctx *c, struct count_room *cr,
				  struct count_wait *cw)
{
	struct dma_fence *f;

	spin_lock_irq(&c->e.lock);
	f = agx4_room_get(&c->e, &cr->r, &cw->w, count_take);
	spin_unlock_irq(&c->e.lock);
	return f;
}

static void room_give(struct engine_ctx *c, struct count_room *cr, int n)
{
	spin_lock_irq(&c->e.lock);
	cr->free += n;
	agx4_room_put(&c->e, &cr->r, count_take);
	spin_unlock_irq(&c->e.lock);
}

static void agx4_engine_room_goes_to_the_longest_waiter_first(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct count_room cr = { .free = 1 };
	struct count_wait a, b, d;
	struct dma_fence *fb, *fd;

	agx4_room_init(&cr.r);
	count_wait_init(test, &a, 1);
	count_wait_init(test, &b, 1);
	count_wait_init(test, &d, 1);
	KUNIT_EXPECT_NULL(test, room_get(c, &cr, &a));
	KUNIT_EXPECT_TRUE(test, a.got);
	fb = room_get(c, &cr, &b);
	fd = room_get(c, &cr, &d);
	KUNIT_ASSERT_NOT_NULL(test, fb);
	KUNIT_ASSERT_NOT_NULL(test, fd);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fb));
	room_give(c, &cr, 1);
	KUNIT_EXPECT_TRUE(test, b.got);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fb));
	KUNIT_EXPECT_EQ(test, fb->error, 0);
	KUNIT_EXPECT_FALSE(test, d.got);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fd));
	room_give(c, &cr, 1);
	KUNIT_EXPECT_TRUE(test, d.got);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fd));
	dma_fence_put(fb);
	dma_fence_put(fd);
	agx4_room_wait_fini(&a.w);
	agx4_room_wait_fini(&b.w);
	agx4_room_wait_fini(&d.w);
}

static void agx4_engine_room_newcomer_waits_behind_a_larger_waiter(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct count_room cr = { .free = 2 };
	struct count_wait a, big, small;
	struct dma_fence *fbig, *fsmall;

	agx4_room_init(&cr.r);
	count_wait_init(test, &a, 2);
	count_wait_init(test, &big, 2);
	count_wait_init(test, &small, 1);
	KUNIT_EXPECT_NULL(test, room_get(c, &cr, &a));
	fbig = room_get(c, &cr, &big);
	KUNIT_ASSERT_NOT_NULL(test, fbig);
	room_give(c, &cr, 1);
	KUNIT_EXPECT_FALSE(test, big.got);
	/* One unit is free, but the larger job came first: no passing it. */
	fsmall = room_get(c, &cr, &small);
	KUNIT_ASSERT_NOT_NULL(test, fsmall);
	KUNIT_EXPECT_FALSE(test, small.got);
	room_give(c, &cr, 1);
	KUNIT_EXPECT_TRUE(test, big.got);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fbig));
	KUNIT_EXPECT_FALSE(test, small.got);
	room_give(c, &cr, 2);
	KUNIT_EXPECT_TRUE(test, small.got);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fsmall));
	KUNIT_EXPECT_EQ(test, cr.free, 1);
	dma_fence_put(fbig);
	dma_fence_put(fsmall);
	agx4_room_wait_fini(&a.w);
	agx4_room_wait_fini(&big.w);
	agx4_room_wait_fini(&small.w);
}

static void agx4_engine_room_cancelled_wait_ends_with_its_error_next_takes_it(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct count_room cr = { .free = 0 };
	struct count_wait big, small;
	struct dma_fence *fbig, *fsmall;

	agx4_room_init(&cr.r);
	count_wait_init(test, &big, 2);
	count_wait_init(test, &small, 1);
	fbig = room_get(c, &cr, &big);
	fsmall = room_get(c, &cr, &small);
	KUNIT_ASSERT_NOT_NULL(test, fbig);
	KUNIT_ASSERT_NOT_NULL(test, fsmall);
	room_give(c, &cr, 1);
	KUNIT_EXPECT_FALSE(test, small.got);
	/* The first waiter's job is freed: the one behind it takes the unit. */
	spin_lock_irq(&c->e.lock);
	agx4_room_cancel(&c->e, &cr.r, &big.w, -ECANCELED);
	agx4_room_put(&c->e, &cr.r, count_take);
	spin_unlock_irq(&c->e.lock);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fbig));
	KUNIT_EXPECT_EQ(test, fbig->error, -ECANCELED);
	KUNIT_EXPECT_FALSE(test, big.got);
	KUNIT_EXPECT_TRUE(test, small.got);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fsmall));
	KUNIT_EXPECT_EQ(test, fsmall->error, 0);
	dma_fence_put(fbig);
	dma_fence_put(fsmall);
	agx4_room_wait_fini(&big.w);
	agx4_room_wait_fini(&small.w);
}

/*
 * A killed queue's waits end together with the error given, wherever
 * they stand in the line, and nobody else's: the job behind the first
 * of them takes the unit it was held back from.
 */
static void agx4_engine_room_killed_queue_s_waits_end_the_next_takes_it(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct count_room cr = { .free = 0 };
	struct count_wait a1, b, a2;
	struct dma_fence *fa1, *fb, *fa2;
	int qa, qb;

	agx4_room_init(&cr.r);
	count_wait_init_for(test, &a1, 2, &qa);
	count_wait_init_for(test, &b, 1, &qb);
	count_wait_init_for(test, &a2, 1, &qa);
	fa1 = room_get(c, &cr, &a1);
	fb = room_get(c, &cr, &b);
	fa2 = room_get(c, &cr, &a2);
	KUNIT_ASSERT_NOT_NULL(test, fa1);
	KUNIT_ASSERT_NOT_NULL(test, fb);
	KUNIT_ASSERT_NOT_NULL(test, fa2);
	room_give(c, &cr, 1);
	KUNIT_EXPECT_FALSE(test, b.got);
	spin_lock_irq(&c->e.lock);
	agx4_room_cancel_owner(&c->e, &cr.r, &qa, -ECANCELED, count_take);
	spin_unlock_irq(&c->e.lock);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fa1));
	KUNIT_EXPECT_EQ(test, fa1->error, -ECANCELED);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fa2));
	KUNIT_EXPECT_EQ(test, fa2->error, -ECANCELED);
	KUNIT_EXPECT_FALSE(test, a1.got);
	KUNIT_EXPECT_FALSE(test, a2.got);
	KUNIT_EXPECT_TRUE(test, b.got);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fb));
	KUNIT_EXPECT_EQ(test, fb->error, 0);
	KUNIT_EXPECT_EQ(test, cr.free, 0);
	dma_fence_put(fa1);
	dma_fence_put(fb);
	dma_fence_put(fa2);
	agx4_room_wait_fini(&a1.w);
	agx4_room_wait_fini(&b.w);
	agx4_room_wait_fini(&a2.w);
}

/*
 * Submission ending ends the waits of every room with -ENODEV, the job
 * holding nothing; room given back later goes to nobody, and no new wait
 * starts.
 */
static void agx4_engine_stop_ends_every_wait_and_starts_none(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct count_room cr = { .free = 0 }, other = { .free = 0 };
	struct count_wait a, b, late;
	struct dma_fence *fa, *fb;

	agx4_room_init(&cr.r);
	agx4_room_init(&other.r);
	count_wait_init(test, &a, 1);
	count_wait_init(test, &b, 1);
	count_wait_init(test, &late, 1);
	fa = room_get(c, &cr, &a);
	fb = room_get(c, &other, &b);
	KUNIT_ASSERT_NOT_NULL(test, fa);
	KUNIT_ASSERT_NOT_NULL(test, fb);
	KUNIT_EXPECT_FALSE(test, agx4_engine_stopped(&c->e));
	agx4_engine_stop(&c->e);
	KUNIT_EXPECT_TRUE(test, agx4_engine_stopped(&c->e));
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fa));
	KUNIT_EXPECT_EQ(test, fa->error, -ENODEV);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fb));
	KUNIT_EXPECT_EQ(test, fb->error, -ENODEV);
	KUNIT_EXPECT_TRUE(test, list_empty(&c->e.waits));
	/* Room comes back after the stop: nobody takes it, nobody waits. */
	room_give(c, &cr, 1);
	KUNIT_EXPECT_FALSE(test, a.got);
	KUNIT_EXPECT_NULL(test, room_get(c, &cr, &late));
	KUNIT_EXPECT_FALSE(test, late.got);
	KUNIT_EXPECT_EQ(test, cr.free, 1);
	/* A second stop finds nothing to end. */
	agx4_engine_stop(&c->e);
	dma_fence_put(fa);
	dma_fence_put(fb);
	agx4_room_wait_fini(&a.w);
	agx4_room_wait_fini(&b.w);
	agx4_room_wait_fini(&late.w);
}

struct stop_waiter {
	struct work_struct work;
	struct agx4_engine *e;
	struct completion done;
	int ret;
};

static void stop_waiter_run(struct work_struct *w)
{
	struct stop_waiter *sw = container_of(w, struct stop_waiter, work);

	sw->ret = wait_event_interruptible(sw->e->wq,
					   agx4_engine_stopped(sw->e));
	complete(&sw->done);
}

/* A backend's wait on the engine's queue ends when submission ends. */
static void agx4_engine_stop_wakes_the_backends_waits(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct stop_waiter sw = { .e = &c->e, .ret = 1 };
	unsigned int i;

	INIT_WORK_ONSTACK(&sw.work, stop_waiter_run);
	init_completion(&sw.done);
	schedule_work(&sw.work);
	for (i = 0; i < 1000 && !wq_has_sleeper(&c->e.wq); i++)
		usleep_range(1000, 2000);
	KUNIT_ASSERT_TRUE(test, wq_has_sleeper(&c->e.wq));
	agx4_engine_stop(&c->e);
	KUNIT_EXPECT_NE(test, wait_for_completion_timeout(&sw.done, 5 * HZ), 0);
	/* Not woken: wake it here, so the work ends. */
	wake_up_all(&c->e.wq);
	flush_work(&sw.work);
	KUNIT_EXPECT_EQ(test, sw.ret, 0);
	destroy_work_on_stack(&sw.work);
}

/* A job a memory-limit report can name: by its tag, as the report's stamp. */
struct limit_job {
	struct agx4_fw_job base;
	u32 tag;
};

static bool match_tag(struct agx4_fw_job *j,
		      const struct agx4_fw_ev_limit_in *lim,
		      struct agx4_fw_ctl *reply)
{
	if (container_of(j, struct limit_job, base)->tag != lim->stamp)
		return false;
	reply->opcode = 9;
	return true;
}

static void live(struct engine_ctx *c, struct limit_job *j, bool on)
{
	spin_lock_irq(&c->e.lock);
	if (on)
		agx4_engine_render_live(&c->e, &j->base);
	else
		agx4_engine_render_gone(&c->e, &j->base);
	spin_unlock_irq(&c->e.lock);
}

/*
 * A memory-limit report marks the one listed job the backend's match
 * names, with the backend's reply; a job listed twice is listed once, and
 * one gone is named by nothing (the reply left alone).
 */
static void agx4_engine_limit_marks_only_a_listed_job_it_names(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct limit_job a = { .tag = 1 }, b = { .tag = 2 };
	struct agx4_fw_ev_limit_in lim = { .stamp = 2 };
	struct agx4_fw_ctl reply = { };

	INIT_LIST_HEAD(&a.base.live_link);
	INIT_LIST_HEAD(&b.base.live_link);
	live(c, &a, true);
	live(c, &a, true);
	live(c, &b, true);
	KUNIT_EXPECT_EQ(test, agx4_engine_limit(&c->e, &lim, &reply, match_tag),
			0);
	KUNIT_EXPECT_TRUE(test, b.base.nomem);
	KUNIT_EXPECT_FALSE(test, a.base.nomem);
	KUNIT_EXPECT_EQ(test, reply.opcode, 9);

	reply.opcode = 0;
	live(c, &b, false);
	b.base.nomem = false;
	KUNIT_EXPECT_EQ(test, agx4_engine_limit(&c->e, &lim, &reply, match_tag),
			-ENOENT);
	KUNIT_EXPECT_FALSE(test, b.base.nomem);
	KUNIT_EXPECT_EQ(test, reply.opcode, 0);

	/* Listed once however often it went out: one gone, none left. */
	live(c, &a, false);
	lim.stamp = 1;
	KUNIT_EXPECT_EQ(test, agx4_engine_limit(&c->e, &lim, &reply, match_tag),
			-ENOENT);
	KUNIT_EXPECT_TRUE(test, list_empty(&c->e.renders));
}

/*
 * Once submission ended, no report is matched: the job unit then frees
 * jobs without taking them off the list, so a report must not walk it.
 */
static void agx4_engine_limit_after_stop_matches_nothing(struct kunit *test)
{
	struct engine_ctx *c = test->priv;
	struct limit_job a = { .tag = 1 };
	struct agx4_fw_ev_limit_in lim = { .stamp = 1 };
	struct agx4_fw_ctl reply = { };

	INIT_LIST_HEAD(&a.base.live_link);
	live(c, &a, true);
	agx4_engine_stop(&c->e);
	KUNIT_EXPECT_EQ(test, agx4_engine_limit(&c->e, &lim, &reply, match_tag),
			-ENOENT);
	KUNIT_EXPECT_FALSE(test, a.base.nomem);
	KUNIT_EXPECT_EQ(test, reply.opcode, 0);
	live(c, &a, false);
}

static struct kunit_case agx4_engine_cases[] = {
	KUNIT_CASE(agx4_engine_room_counts_the_slower_cursor_up_to_the_limit),
	KUNIT_CASE(agx4_engine_message_passed_only_when_read_and_done),
	KUNIT_CASE(agx4_engine_counts_go_on_past_the_ring),
	KUNIT_CASE(agx4_engine_entry_is_in_the_ring_before_the_producer_moves),
	KUNIT_CASE(agx4_engine_cursor_outside_the_ring_is_counted_and_gives_no_room),
	KUNIT_CASE(agx4_engine_cursor_past_the_producer_moves_nothing),
	KUNIT_CASE(agx4_engine_cursor_behind_the_head_holds_its_ring_distance),
	KUNIT_CASE(agx4_engine_cursor_wild_at_the_write_leaves_the_message_unwritten),
	KUNIT_CASE(agx4_engine_progress_behind_or_past_the_top_is_insane),
	KUNIT_CASE(agx4_engine_rings_each_noted_channel_once),
	KUNIT_CASE(agx4_engine_refused_kick_is_rung_again_after_the_next_flush),
	KUNIT_CASE(agx4_engine_crashed_firmware_is_rung_nothing),
	KUNIT_CASE(agx4_engine_flush_keeps_a_queue_in_order_and_lets_others_pass),
	KUNIT_CASE(agx4_engine_fifo_flush_stops_at_the_first_that_waits),
	KUNIT_CASE(agx4_engine_dropped_queue_loses_only_its_waiting_jobs),
	KUNIT_CASE(agx4_engine_channel_limit_must_be_below_the_ring),
	KUNIT_CASE(agx4_engine_room_goes_to_the_longest_waiter_first),
	KUNIT_CASE(agx4_engine_room_newcomer_waits_behind_a_larger_waiter),
	KUNIT_CASE(agx4_engine_room_cancelled_wait_ends_with_its_error_next_takes_it),
	KUNIT_CASE(agx4_engine_room_killed_queue_s_waits_end_the_next_takes_it),
	KUNIT_CASE(agx4_engine_stop_ends_every_wait_and_starts_none),
	KUNIT_CASE(agx4_engine_stop_wakes_the_backends_waits),
	KUNIT_CASE(agx4_engine_limit_marks_only_a_listed_job_it_names),
	KUNIT_CASE(agx4_engine_limit_after_stop_matches_nothing),
	{ }
};

static struct kunit_suite agx4_engine_suite = {
	.name = "agx4_engine",
	.init = engine_init,
	.test_cases = agx4_engine_cases,
};

kunit_test_suite(agx4_engine_suite);
