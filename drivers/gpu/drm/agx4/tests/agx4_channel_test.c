// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_channel": ring publication and consumption, wrap,
 * full and empty, cursors in registers or memory, firmware cursors out of
 * range.
 */

#include <kunit/static_stub.h>
#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../agx4_channel.h"
#include "../agx4_device.h"

#define ENTRIES		8
#define ESIZE		0x18

struct chan_ctx {
	struct agx4_channel ch;
	u8 ring[ENTRIES * ESIZE];
	u32 words[3];	/* producer, read, done */
};

/* Register offsets of the three words, as G16's control channel has them. */
#define REG_PROD	0xd60060
#define REG_READ	0xd640c0
#define REG_DONE	0xd640c8

/* The register file: the three words of the context under test. */
static u32 *reg_word(struct kunit *test, u32 offset)
{
	struct chan_ctx *c = test->priv;

	switch (offset) {
	case REG_PROD:
		return &c->words[0];
	case REG_READ:
		return &c->words[1];
	case REG_DONE:
		return &c->words[2];
	}
	KUNIT_FAIL(test, "register %#x is no cursor", offset);
	return &c->words[0];
}

static u32 fake_read_sgx(struct agx4_device *adev, u32 offset)
{
	return *reg_word(kunit_get_current_test(), offset);
}

static void fake_write_sgx(struct agx4_device *adev, u32 offset, u32 value)
{
	*reg_word(kunit_get_current_test(), offset) = value;
}

/* Cursors in memory, or in registers (G16). */
static void chan_setup(struct kunit *test, struct chan_ctx *c, bool mmio)
{
	static struct agx4_device dummy;

	test->priv = c;
	KUNIT_ASSERT_EQ(test, agx4_channel_init(&c->ch, "test", c->ring, ESIZE,
						ENTRIES), 0);
	if (mmio) {
		kunit_activate_static_stub(test, agx4_device_read_sgx,
					   fake_read_sgx);
		kunit_activate_static_stub(test, agx4_device_write_sgx,
					   fake_write_sgx);
		c->ch.prod = (struct agx4_cursor){ .adev = &dummy, .sgx = REG_PROD };
		c->ch.read = (struct agx4_cursor){ .adev = &dummy, .sgx = REG_READ };
		c->ch.done = (struct agx4_cursor){ .adev = &dummy, .sgx = REG_DONE };
	} else {
		c->ch.prod.ram = &c->words[0];
		c->ch.read.ram = &c->words[1];
		c->ch.done.ram = &c->words[2];
	}
}

static const bool cursor_kinds[] = { false, true };

static void cursor_kind_desc(const bool *p, char *desc)
{
	strscpy(desc, *p ? "registers" : "memory", KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(cursor_kind, cursor_kinds, cursor_kind_desc);

/* An entry whose bytes say which push it was. */
static void fill(u8 *e, size_t len, unsigned int n)
{
	memset(e, 0x40 + n, len);
}

/* The host fills, the firmware consumes; the ring wraps three times. */
static void agx4_channel_push_wraps_and_reports_full(struct kunit *test)
{
	struct chan_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int n = 0, i, round;
	u8 e[ESIZE];

	KUNIT_ASSERT_NOT_NULL(test, c);
	chan_setup(test, c, *(const bool *)test->param_value);
	for (round = 0; round < 3; round++) {
		/* N - 1 entries fit; the N-th would make full look empty. */
		KUNIT_EXPECT_EQ(test, agx4_channel_free_entries(&c->ch),
				ENTRIES - 1);
		for (i = 0; i < ENTRIES - 1; i++, n++) {
			fill(e, 5, n);
			KUNIT_ASSERT_EQ(test, agx4_channel_push(&c->ch, e, 5), 0);
			/* The producer word follows, modulo the ring. */
			KUNIT_EXPECT_EQ(test, c->words[0], (n + 1) % ENTRIES);
			/* Entry n sits in slot n mod N, zero-padded. */
			KUNIT_EXPECT_EQ(test, c->ring[(n % ENTRIES) * ESIZE],
					0x40 + n);
			KUNIT_EXPECT_EQ(test,
					c->ring[(n % ENTRIES) * ESIZE + 5], 0);
		}
		KUNIT_EXPECT_EQ(test, agx4_channel_push(&c->ch, e, 5), -EBUSY);
		KUNIT_EXPECT_EQ(test, c->words[0], n % ENTRIES);
		KUNIT_EXPECT_FALSE(test, agx4_channel_consumed(&c->ch));
		/* The firmware reads everything, then reports it done. */
		c->words[1] = n % ENTRIES;
		KUNIT_EXPECT_FALSE(test, agx4_channel_consumed(&c->ch));
		c->words[2] = n % ENTRIES;
		KUNIT_EXPECT_TRUE(test, agx4_channel_consumed(&c->ch));
	}
}

/* Bad arguments and a wild firmware cursor change nothing. */
static void agx4_channel_push_refuses_without_side_effects(struct kunit *test)
{
	struct chan_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	u8 e[ESIZE + 1] = { 1 };
	struct agx4_channel bad;

	KUNIT_ASSERT_NOT_NULL(test, c);
	chan_setup(test, c, *(const bool *)test->param_value);
	KUNIT_EXPECT_EQ(test, agx4_channel_push(&c->ch, e, ESIZE + 1), -EINVAL);
	c->words[1] = ENTRIES;	/* a read cursor past the ring */
	KUNIT_EXPECT_EQ(test, agx4_channel_free_entries(&c->ch), -EPROTO);
	KUNIT_EXPECT_EQ(test, agx4_channel_push(&c->ch, e, 1), -EPROTO);
	KUNIT_EXPECT_EQ(test, c->words[0], 0);
	KUNIT_EXPECT_EQ(test, c->ch.head, 0);
	KUNIT_EXPECT_EQ(test, c->ring[0], 0);

	KUNIT_EXPECT_EQ(test, agx4_channel_init(&bad, "bad", NULL, 8, 8),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_channel_init(&bad, "bad", e, 0, 8), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_channel_init(&bad, "bad", e, 8, 1), -EINVAL);
}

/* The firmware fills, the host drains in order and hands slots back. */
static void agx4_channel_pop_drains_in_order_and_wraps(struct kunit *test)
{
	struct chan_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	unsigned int w = 0, r = 0, i, round;
	u8 e[ESIZE];

	KUNIT_ASSERT_NOT_NULL(test, c);
	chan_setup(test, c, false);
	KUNIT_EXPECT_EQ(test, agx4_channel_pop(&c->ch, e, ESIZE), -ENOENT);
	for (round = 0; round < 4; round++) {
		/* The firmware posts five entries and moves its cursor. */
		for (i = 0; i < 5; i++, w++)
			fill(&c->ring[(w % ENTRIES) * ESIZE], ESIZE, w);
		c->words[0] = w % ENTRIES;
		for (i = 0; i < 5; i++, r++) {
			KUNIT_ASSERT_EQ(test, agx4_channel_pop(&c->ch, e, ESIZE),
					0);
			KUNIT_EXPECT_EQ(test, e[0], 0x40 + r);
			KUNIT_EXPECT_EQ(test, e[ESIZE - 1], 0x40 + r);
			/* The host's read cursor goes back to the firmware. */
			KUNIT_EXPECT_EQ(test, c->words[1], (r + 1) % ENTRIES);
		}
		KUNIT_EXPECT_EQ(test, agx4_channel_pop(&c->ch, e, ESIZE),
				-ENOENT);
	}
}

static void agx4_channel_pop_refuses_wild_write_cursor(struct kunit *test)
{
	struct chan_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	u8 e[ESIZE + 1];

	KUNIT_ASSERT_NOT_NULL(test, c);
	chan_setup(test, c, false);
	c->words[0] = 1;
	KUNIT_EXPECT_EQ(test, agx4_channel_pop(&c->ch, e, ESIZE + 1), -EINVAL);
	c->words[0] = ENTRIES + 3;
	KUNIT_EXPECT_EQ(test, agx4_channel_pop(&c->ch, e, ESIZE), -EPROTO);
	c->words[0] = ~0u;
	KUNIT_EXPECT_EQ(test, agx4_channel_pop(&c->ch, e, ESIZE), -EPROTO);
	/* Nothing was consumed or handed back. */
	KUNIT_EXPECT_EQ(test, c->ch.head, 0);
	KUNIT_EXPECT_EQ(test, c->words[1], 0);
}

static struct kunit_case agx4_channel_cases[] = {
	KUNIT_CASE_PARAM(agx4_channel_push_wraps_and_reports_full,
			 cursor_kind_gen_params),
	KUNIT_CASE_PARAM(agx4_channel_push_refuses_without_side_effects,
			 cursor_kind_gen_params),
	KUNIT_CASE(agx4_channel_pop_drains_in_order_and_wraps),
	KUNIT_CASE(agx4_channel_pop_refuses_wild_write_cursor),
	{ }
};

static struct kunit_suite agx4_channel_suite = {
	.name = "agx4_channel",
	.test_cases = agx4_channel_cases,
};

kunit_test_suite(agx4_channel_suite);
