// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout_event": event records parsed from bytes
 * written here from the specification, and the device-control records built.
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_work.h"
#include "../agx4_fwif.h"
#include "../agx4_of.h"
#include "agx4_fw_layout_golden.h"
#include "agx4_test_util.h"

/* An event record, written byte by byte. */
static u8 *ev_rec(struct kunit *test, u32 kind)
{
	u8 *r = kunit_kzalloc(test, 0x48, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	put_unaligned_le32(kind, r);
	return r;
}

static void agx4_fw_layout_events_parse_per_spec(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	struct agx4_fw_event ev;
	unsigned int n = 0, i;
	u8 *r;

	/*
	 * 13: the receipt of the opening registration: +4 1, +8 0, then
	 * CONTROL_DATA, the operand table twice (u64 at +0xc, +0x14, +0x1c)
	 * and the operand count 160 at +0x24.  From +0x28 on the record is
	 * firmware scratch: never read, whatever it holds.  Not an echo of
	 * the control record (whose +8 is 0x3f and whose count is at +0x2c).
	 */
	r = ev_rec(test, 13);
	memset(r + 0x28, 0xa5, 0x20);
	put_unaligned_le32(1, r + 4);
	put_unaligned_le64(0xfffffc20c0528000ull, r + 0xc);
	put_unaligned_le64(0x7000408000ull, r + 0x14);
	put_unaligned_le64(0x7000408000ull, r + 0x1c);
	put_unaligned_le32(160, r + 0x24);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.kind, 13);
	KUNIT_EXPECT_EQ(test, ev.receipt.control_data, 0xfffffc20c0528000ull);
	KUNIT_EXPECT_EQ(test, ev.receipt.operands, 0x7000408000ull);
	KUNIT_EXPECT_EQ(test, ev.receipt.operands2, 0x7000408000ull);
	KUNIT_EXPECT_EQ(test, ev.receipt.count, 160);
	n += 5;
	/* The count is the word at +0x24, not the one after it. */
	put_unaligned_le32(0, r + 0x24);
	put_unaligned_le32(160, r + 0x28);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.receipt.count, 0);
	n++;
	/* +8 is 0 in a receipt; the control record's 0x3f there is not. */
	put_unaligned_le32(0x3f, r + 8);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	put_unaligned_le32(0, r + 8);
	put_unaligned_le32(2, r + 4);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	/* The startup receipt: 13, 1 and nothing else. */
	r = ev_rec(test, 13);
	put_unaligned_le32(1, r + 4);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.receipt.control_data, 0);
	KUNIT_EXPECT_EQ(test, ev.receipt.count, 0);
	n += 2;

	/* 4: fatal, all-zero body. */
	r = ev_rec(test, 4);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.kind, 4);
	r[0x47] = 1;
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	n += 2;

	/* Unknown kinds and short records. */
	for (i = 0; i < 16; i++) {
		if (i == 1 || i == 4 || i == 6 || i == 7 || i == 13 ||
		    (i == 5 && g16))
			continue;
		r = ev_rec(test, i);
		KUNIT_EXPECT_EQ_MSG(test, gen->parse_event(r, 0x48, &ev),
				    -EPROTO, "kind %u", i);
	}
	r = ev_rec(test, 4);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x47, &ev), -EINVAL);

	if (g16) {
		/* 6: +4 context, +8 slot, +0xc counter, +0x10 subpipe, +0x14 halt. */
		r = ev_rec(test, 6);
		put_unaligned_le32(3, r + 4);
		put_unaligned_le32(9, r + 8);
		put_unaligned_le32(5, r + 0xc);
		put_unaligned_le32(1, r + 0x10);
		put_unaligned_le64(0x123456789ull, r + 0x14);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_EQ(test, ev.kind, 6);
		KUNIT_EXPECT_EQ(test, ev.grow.context, 3);
		KUNIT_EXPECT_EQ(test, ev.grow.slot, 9);
		KUNIT_EXPECT_EQ(test, ev.grow.counter, 5);
		KUNIT_EXPECT_EQ(test, ev.grow.subpipe, 1);
		KUNIT_EXPECT_EQ(test, ev.grow.halt_count, 0x123456789ull);
		n += 6;
		/* Pool slots are 7..63 (7 + lease 0..56). */
		put_unaligned_le32(6, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
		put_unaligned_le32(64, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
		put_unaligned_le32(63, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);

		/* 7: +4 0, +8 1, +0xc fragment event, +0x10 fragment stamp. */
		r = ev_rec(test, 7);
		put_unaligned_le32(1, r + 8);
		put_unaligned_le32(0x23, r + 0xc);
		put_unaligned_le32(0x300, r + 0x10);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_EQ(test, ev.limit.event, 0x23);
		KUNIT_EXPECT_EQ(test, ev.limit.stamp, 0x300);
		n += 2;
		put_unaligned_le32(1, r + 4);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
		put_unaligned_le32(0, r + 4);
		put_unaligned_le32(2, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);

		/*
		 * 5: a partial render starts when u32 +0x2c & 0xffff == 4,
		 * u64 +0x30 == 0 and u64 +0x14 != 0; u64 +0x24 is the queue.
		 */
		r = ev_rec(test, 5);
		put_unaligned_le32(1, r + 0x14);
		put_unaligned_le64(R_FR_Q, r + 0x24);
		put_unaligned_le32(0x70004, r + 0x2c);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_TRUE(test, ev.partial_start);
		KUNIT_EXPECT_EQ(test, ev.partial_queue, R_FR_Q);
		put_unaligned_le32(1, r + 0x30);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_FALSE(test, ev.partial_start);
		n += 3;
		/* Both words are 64 bits: their high halves count too. */
		put_unaligned_le32(0, r + 0x30);
		put_unaligned_le32(0, r + 0x14);
		put_unaligned_le32(1, r + 0x18);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_TRUE(test, ev.partial_start);
		put_unaligned_le32(1, r + 0x34);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_FALSE(test, ev.partial_start);
		n += 2;
		agx4_layout_checked[c->idx] += n;
		return;
	}

	/* G17P 1: bytes 4..19 are the grid mask. */
	r = ev_rec(test, 1);
	put_unaligned_le64(0x8000000000000003ull, r + 4);
	put_unaligned_le64(0x10, r + 12);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.mask[0], 0x8000000000000003ull);
	KUNIT_EXPECT_EQ(test, ev.mask[1], 0x10);
	n += 2;

	/* G17P 6: +4 VM, +8 pool, +0xc counter, +0x10 grid, 0x14..0x37 zero,
	 * +0x38 1, +0x40 1 << grid.
	 */
	r = ev_rec(test, 6);
	put_unaligned_le32(2, r + 4);
	put_unaligned_le32(1, r + 8);
	put_unaligned_le32(7, r + 0xc);
	put_unaligned_le32(5, r + 0x10);
	put_unaligned_le64(1, r + 0x38);
	put_unaligned_le64(1ull << 5, r + 0x40);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.grow.context, 2);
	KUNIT_EXPECT_EQ(test, ev.grow.slot, 1);
	KUNIT_EXPECT_EQ(test, ev.grow.counter, 7);
	KUNIT_EXPECT_EQ(test, ev.grow.subpipe, 5);
	n += 4;
	/* Any VM 1..63 may ask. */
	put_unaligned_le32(63, r + 4);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.grow.context, 63);
	put_unaligned_le32(2, r + 4);
	n++;
	{
		static const struct {
			u32 off;
			u8 width;
			u64 value;
			int err;
		} bad[] = {
			{ 0x04, 4, 0, -ERANGE }, { 0x04, 4, 64, -ERANGE },
			{ 0x08, 4, 15, -ERANGE }, { 0x10, 4, 64, -ERANGE },
			{ 0x14, 1, 1, -EPROTO }, { 0x37, 1, 1, -EPROTO },
			{ 0x38, 8, 2, -EPROTO }, { 0x40, 8, 1 << 4, -EPROTO },
		};
		u8 *good = kunit_kmalloc(test, 0x48, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, good);
		memcpy(good, r, 0x48);
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			u8 v[8];

			memcpy(r, good, 0x48);
			put_unaligned_le64(bad[i].value, v);
			memcpy(r + bad[i].off, v, bad[i].width);
			KUNIT_EXPECT_EQ_MSG(test, gen->parse_event(r, 0x48, &ev),
					    bad[i].err, "grow +%#x", bad[i].off);
		}
	}

	/* G17P 7: +4 0, +8 1, +0xc event, +0x10 work, +0x18 != 0, +0x20 0,
	 * +0x28 fragment, +0x30 event, +0x38 VM, +0x40 pool.
	 */
	r = ev_rec(test, 7);
	put_unaligned_le32(1, r + 8);
	put_unaligned_le32(0x41, r + 0xc);
	put_unaligned_le64(R_TA_WORK, r + 0x10);
	put_unaligned_le64(1, r + 0x18);
	put_unaligned_le64(R_FR_WORK, r + 0x28);
	put_unaligned_le64(0x41, r + 0x30);
	put_unaligned_le64(1, r + 0x38);
	put_unaligned_le64(0, r + 0x40);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.limit.event, 0x41);
	KUNIT_EXPECT_EQ(test, ev.limit.work, R_TA_WORK);
	KUNIT_EXPECT_EQ(test, ev.limit.fragment, R_FR_WORK);
	KUNIT_EXPECT_EQ(test, ev.limit.vm, 1);
	KUNIT_EXPECT_EQ(test, ev.limit.pool, 0);
	n += 5;
	put_unaligned_le64(0, r + 0x18);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	put_unaligned_le64(1, r + 0x18);
	put_unaligned_le64(1, r + 0x20);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	put_unaligned_le64(0, r + 0x20);
	put_unaligned_le64(63, r + 0x38);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.limit.vm, 63);
	n++;
	put_unaligned_le64(64, r + 0x38);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
	put_unaligned_le64(0, r + 0x38);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
	put_unaligned_le64(1, r + 0x38);
	put_unaligned_le64(1ull << 32, r + 0x40);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
	agx4_layout_checked[c->idx] += n;
}

static void agx4_fw_layout_control_records_golden_bytes(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	u8 *buf = kunit_kmalloc(test, 0x41, GFP_KERNEL);
	struct agx4_fw_ctl ctl = { };
	struct agx4_golden_list l;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, 0xa5, 0x41);

	/* 8: TVB growth reply. */
	ctl.opcode = 8;
	ctl.grow_ok = 1;
	ctl.grow.slot = g16 ? 9 : 1;
	ctl.grow.context = g16 ? 3 : 2;
	ctl.grow.counter = 5;
	ctl.grow.subpipe = 1;
	ctl.grow.halt_count = 0x123456789ull;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	KUNIT_EXPECT_EQ(test, buf[0x40], 0xa5);
	agx4_golden_init(test, &l, 8);
	agx4_golden_put(&l, 0x00, 4, 8);
	agx4_golden_put(&l, 0x04, 4, 1);
	agx4_golden_put(&l, 0x08, 4, g16 ? 9 : 1);
	agx4_golden_put(&l, 0x0c, 4, g16 ? 3 : 2);
	agx4_golden_put(&l, 0x10, 4, 5);
	if (g16) {
		agx4_golden_put(&l, 0x14, 4, 1);
		agx4_golden_put(&l, 0x18, 8, 0x123456789ull);
	}
	n += agx4_golden_expect(test, buf, 0x40, l.g, l.n, "grow reply");
	/* Refused: success > 1, a pool that cannot be, a short buffer. */
	memset(buf, 0xa5, 0x41);
	ctl.grow_ok = 2;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.grow_ok = 0;
	ctl.grow.slot = g16 ? 64 : 15;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.grow.slot = g16 ? 9 : 1;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x3f), -EINVAL);
	if (!g16) {
		/* A G17P reply goes to a VM 1..63. */
		ctl.grow.context = 64;
		KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
		ctl.grow.context = 0;
		KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	}
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, 0x41));
	if (!g16) {
		ctl.grow.context = 63;
		KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(buf + 0x0c), 63);
		n++;
	}

	if (g16) {
		/* 0x20: opening registration. */
		memset(&ctl, 0, sizeof(ctl));
		ctl.opcode = 0x20;
		ctl.control_data = 0xfffffc20c0528000ull;
		ctl.operands = 0x7000408000ull;
		ctl.count = 160;
		KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
		agx4_golden_init(test, &l, 8);
		agx4_golden_put(&l, 0x00, 4, 0x20);
		agx4_golden_put(&l, 0x04, 4, 1);
		agx4_golden_put(&l, 0x08, 4, 0x3f);
		agx4_golden_put(&l, 0x14, 8, 0xfffffc20c0528000ull);
		agx4_golden_put(&l, 0x1c, 8, 0x7000408000ull);
		agx4_golden_put(&l, 0x24, 8, 0x7000408000ull);
		agx4_golden_put(&l, 0x2c, 4, 160);
		agx4_golden_put(&l, 0x34, 4, 1);
		n += agx4_golden_expect(test, buf, 0x40, l.g, l.n, "registration");
		/* 9: memory-limit reply. */
		memset(&ctl, 0, sizeof(ctl));
		ctl.opcode = 9;
		ctl.fragment_queue = R_FR_Q;
		ctl.fragment_stamp = 0x300;
		KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
		agx4_golden_init(test, &l, 4);
		agx4_golden_put(&l, 0x00, 4, 9);
		agx4_golden_put(&l, 0x04, 4, 1);
		agx4_golden_put(&l, 0x08, 8, R_FR_Q);
		agx4_golden_put(&l, 0x10, 4, 0x300);
		n += agx4_golden_expect(test, buf, 0x40, l.g, l.n, "limit reply");
		/* G17P's commands are not G16's. */
		ctl.opcode = 0x14;
		KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40),
				-EOPNOTSUPP);
		ctl.opcode = 0x20;
		ctl.count = 0;
		KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
		agx4_layout_checked[c->idx] += n;
		return;
	}

	/* 0x14: context cleanup, bytes {ctrl[0x26], ctrl[0], ctrl[1], ctrl[4]}. */
	memset(&ctl, 0, sizeof(ctl));
	ctl.opcode = 0x14;
	ctl.ctrl[0] = 0x02;
	ctl.ctrl[1] = 0x00;
	ctl.ctrl[2] = 0x05;
	ctl.ctrl[3] = 0x04;
	ctl.context_control = 0xfffffc20c07b8000ull;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	agx4_golden_init(test, &l, 4);
	agx4_golden_put(&l, 0x00, 4, 0x14);
	agx4_golden_put(&l, 0x08, 4, 0x04050002);
	agx4_golden_put(&l, 0x0c, 8, 0xfffffc20c07b8000ull);
	n += agx4_golden_expect(test, buf, 0x40, l.g, l.n, "cleanup");
	/* 0x1b: maintenance, kind 0..2, phase 1..2. */
	memset(&ctl, 0, sizeof(ctl));
	ctl.opcode = 0x1b;
	ctl.maint_kind = 2;
	ctl.maint_phase = 1;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	agx4_golden_init(test, &l, 4);
	agx4_golden_put(&l, 0x00, 4, 0x1b);
	agx4_golden_put(&l, 0x04, 4, 2);
	agx4_golden_put(&l, 0x08, 4, 1);
	n += agx4_golden_expect(test, buf, 0x40, l.g, l.n, "maintenance");
	ctl.maint_kind = 3;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.maint_kind = 0;
	ctl.maint_phase = 0;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.maint_phase = 3;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	/* 0x2e: control tick, +4 = ordinal - 1, ordinals 2 and up. */
	memset(&ctl, 0, sizeof(ctl));
	ctl.opcode = 0x2e;
	ctl.ordinal = 7;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	agx4_golden_init(test, &l, 2);
	agx4_golden_put(&l, 0x00, 4, 0x2e);
	agx4_golden_put(&l, 0x04, 4, 6);
	n += agx4_golden_expect(test, buf, 0x40, l.g, l.n, "tick");
	ctl.ordinal = 1;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	/* Before a compute: tick 0, context word 2 at +0xc. */
	ctl.ordinal = 0;
	ctl.tick_context = 2;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	agx4_golden_init(test, &l, 2);
	agx4_golden_put(&l, 0x00, 4, 0x2e);
	agx4_golden_put(&l, 0x0c, 4, 2);
	n += agx4_golden_expect(test, buf, 0x40, l.g, l.n, "compute tick");
	ctl.ordinal = 3;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.ordinal = 0;
	ctl.tick_context = 1;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	/* G16's registration and limit reply are not G17P's. */
	ctl.opcode = 0x20;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EOPNOTSUPP);
	ctl.opcode = 9;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EOPNOTSUPP);
	agx4_layout_checked[c->idx] += n;
}

static struct kunit_case agx4_fw_layout_event_cases[] = {
	KUNIT_CASE_PARAM(agx4_fw_layout_events_parse_per_spec,
			 agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_control_records_golden_bytes,
			 agx4_layout_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_layout_event_suite = {
	.name = "agx4_fw_layout_event",
	.suite_init = agx4_layout_suite_init,
	.suite_exit = agx4_layout_suite_exit,
	.test_cases = agx4_fw_layout_event_cases,
};

kunit_test_suite(agx4_fw_layout_event_suite);
