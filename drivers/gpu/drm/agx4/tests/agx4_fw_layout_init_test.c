// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout_init": golden images of the objects built at
 * boot (root, channel table, main config, queue, TVB pool, hwdata, region C)
 * and the ring geometry and stamps of the generation descriptor.  Builder
 * output is read back by raw offset, never through the declarations.
 */

#include <kunit/test.h>
#include <linux/hex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_fw_build.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g16_init.h"
#include "../agx4_fw_g16_work.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_g17p_init.h"
#include "../agx4_fw_work.h"
#include "../agx4_fwif.h"
#include "../agx4_of.h"
#include "agx4_fw_layout_golden.h"
#include "agx4_test_util.h"

static void agx4_fw_layout_root_golden_bytes(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_root_in in = {
		.region_a = RA, .main_config = MC, .region_c = RC,
		.status_a = SA, .status_b = SB, .extra_0 = X0, .extra_1 = X1,
	};
	bool g16 = c->gen == &agx4_fw_g16;
	struct agx4_golden g[40] = {
		{ 0x00, 2, c->version[0] }, { 0x02, 2, c->version[1] },
		{ 0x04, 2, c->version[2] }, { 0x06, 2, c->version[3] },
		{ 0x08, 8, RA }, { 0x18, 8, MC }, { 0x20, 8, RC },
		{ 0x2c, 4, 1 }, { 0x30, 2, 0x4000 }, { 0x32, 1, 14 },
		{ 0x33, 1, 3 }, { 0xa8, 8, SA }, { 0xb0, 8, SB },
	};
	static const struct { u8 shift; u16 entries; } lv[3] = {
		{ 36, 64 }, { 25, 2048 }, { 14, 2048 },
	};
	struct agx4_fw_root_in bad = in;
	unsigned int n = 13, i;
	u32 size = g16 ? 0xc8 : 0xb8;
	u8 *buf = kunit_kzalloc(test, 0x100, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < 3; i++) {
		u32 b = 0x34 + 0x20 * i;

		g[n++] = (struct agx4_golden){ b, 4,
			8 | 14 << 8 | 14 << 16 | (u32)lv[i].shift << 24 };
		g[n++] = (struct agx4_golden){ b + 4, 2, lv[i].entries };
		g[n++] = (struct agx4_golden){ b + 6, 2, 0x4000 };
		g[n++] = (struct agx4_golden){ b + 8, 8, 1 };
		g[n++] = (struct agx4_golden){ b + 0x10, 8, 0x3ffffffc000ull };
		g[n++] = (struct agx4_golden){ b + 0x18, 8,
			(u64)(lv[i].entries - 1) << lv[i].shift };
	}
	if (g16) {
		g[n++] = (struct agx4_golden){ 0xb8, 8, X0 };
		g[n++] = (struct agx4_golden){ 0xc0, 8, X1 };
	}
	memset(buf, 0xa5, 0x100);
	KUNIT_ASSERT_EQ(test, agx4_fw_build_root(c->gen, &in, buf, size), 0);
	agx4_layout_checked[c->idx] +=
		agx4_golden_expect(test, buf, size, g, n, "root");
	/* Nothing written past the object. */
	KUNIT_EXPECT_EQ(test, buf[size], 0xa5);

	/* Inputs it refuses. */
	KUNIT_EXPECT_EQ(test, agx4_fw_build_root(c->gen, &in, buf, size - 1),
			-EINVAL);
	bad.instance = 2;
	KUNIT_EXPECT_EQ(test, agx4_fw_build_root(c->gen, &bad, buf, 0x100),
			-EINVAL);
	if (g16) {
		bad.instance = 1;
		KUNIT_EXPECT_EQ(test, agx4_fw_build_root(c->gen, &bad, buf,
							 0x100), -EINVAL);
		return;
	}
	/* The G17P secondary: kind 1, no status B, the two extras. */
	{
		struct agx4_fw_root_in in2 = in;

		in2.instance = 1;
		in2.status_b = 0;
		g[12] = (struct agx4_golden){ 0x28, 4, 1 };	/* replaces status B */
		g[n++] = (struct agx4_golden){ 0xb8, 8, X0 };
		g[n++] = (struct agx4_golden){ 0xc0, 8, X1 };
		KUNIT_ASSERT_EQ(test, agx4_fw_build_root(c->gen, &in2, buf,
							 0xc8), 0);
		agx4_layout_checked[c->idx] +=
			agx4_golden_expect(test, buf, 0xc8, g, n,
					   "secondary root");
		KUNIT_EXPECT_EQ(test, agx4_fw_build_root(c->gen, &in2, buf,
							 0xc7), -EINVAL);
	}
}

#define BUNDLE	0xfffffc20c04d8000ull
#define CUR	0xfffffc2000028000ull
#define PROD	0xfffffc2000020000ull

/*
 * The channel table as expected values: work channels unless
 * @control_only, then control, events, trace and state.
 */
static unsigned int channel_gold(const struct agx4_layout_case *c,
				 struct agx4_golden *g, bool control_only)
{
	bool g16 = c->gen == &agx4_fw_g16;
	/* G17P cursor offsets by channel (written out). */
	static const u32 g17p_off[12] = {
		0xc0, 0x1c0, 0x2c0, 0x80, 0x180, 0x280,
		0x40, 0x140, 0x240, 0x00, 0x100, 0x200,
	};
	unsigned int n = 0, i;

	for (i = 0; i < 12 && !control_only; i++) {
		u32 rec = 0x20 + 0x20 * i;
		u64 ring = BUNDLE + c->ring_base + (i % 3) * 0x6000 +
			   (3 - i / 3) * 0x1800;

		if (g16) {
			u32 a = (i % 3) * 0x40 + (i / 3) * 0x10;
			u32 b = (i % 3) * 0x20 + (i / 3) * 8;

			g[n++] = (struct agx4_golden){ rec, 8, CUR + a };
			g[n++] = (struct agx4_golden){ rec + 8, 8, CUR + a + 8 };
			g[n++] = (struct agx4_golden){ rec + 0x10, 8, PROD + b };
		} else {
			g[n++] = (struct agx4_golden){ rec, 8, CUR + g17p_off[i] };
			g[n++] = (struct agx4_golden){ rec + 8, 8,
						  CUR + g17p_off[i] + 0x10 };
			g[n++] = (struct agx4_golden){ rec + 0x10, 8,
						  CUR + g17p_off[i] + 0x20 };
		}
		g[n++] = (struct agx4_golden){ rec + 0x18, 8, ring };
	}
	/* 12: control, ring in the main config at +0x4c0. */
	if (g16) {
		g[n++] = (struct agx4_golden){ 0x1a0, 8, CUR + 0xc0 };
		g[n++] = (struct agx4_golden){ 0x1a8, 8, CUR + 0xc8 };
		g[n++] = (struct agx4_golden){ 0x1b0, 8, PROD + 0x60 };
	} else {
		g[n++] = (struct agx4_golden){ 0x1a0, 8, CUR + 0x300 };
		g[n++] = (struct agx4_golden){ 0x1a8, 8, CUR + 0x310 };
		g[n++] = (struct agx4_golden){ 0x1b0, 8, CUR + 0x320 };
	}
	g[n++] = (struct agx4_golden){ 0x1b8, 8, MC + 0x4c0 };
	/* 13..15 from status A; 16 empty. */
	g[n++] = (struct agx4_golden){ 0x1c0, 8, SA + 0x40 };
	g[n++] = (struct agx4_golden){ 0x1c8, 8, SA + 0x2c0 };
	g[n++] = (struct agx4_golden){ 0x1d0, 8, SA + 0x80 };
	g[n++] = (struct agx4_golden){ 0x1d8, 8, SA + 0x4ac0 };
	g[n++] = (struct agx4_golden){ 0x1e0, 8, SA + 0x240 };
	g[n++] = (struct agx4_golden){ 0x1e8, 8, SA + 0xa6ac0 };
	g[n++] = (struct agx4_golden){ 0x1f0, 8, SA + 0x280 };
	g[n++] = (struct agx4_golden){ 0x1f8, 8, SA + 0xafac0 };
	g[n++] = (struct agx4_golden){ 0x200, 8, SA + 0x2d2c0 };
	return n;
}

static void agx4_fw_layout_channel_table_golden_bytes(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_chan_in in = {
		.bundle = BUNDLE, .main_config = MC, .status_a = SA,
		.cursors = CUR, .producers = PROD,
	};
	bool g16 = c->gen == &agx4_fw_g16;
	u32 size = g16 ? 0x500 : 0x600;
	struct agx4_golden *g;
	unsigned int n;
	u8 *buf;

	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	g = kunit_kcalloc(test, 17 * 4, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, g);
	n = channel_gold(c, g, false);
	KUNIT_ASSERT_EQ(test, c->build_channels(&in, buf, size), 0);
	agx4_layout_checked[c->idx] +=
		agx4_golden_expect(test, buf, size, g, n, "channel table");
	KUNIT_EXPECT_EQ(test, c->build_channels(&in, buf, size - 1),
			-EINVAL);
}

/* Whole main configs, every field outside the table too. */
static void agx4_fw_layout_main_config_golden_bytes(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	const u64 gb = 0xfffffc2000000000ull;	/* G17P graph base */
	struct agx4_fw_mc_in in = {
		.chan = { .bundle = BUNDLE, .main_config = MC, .status_a = SA,
			  .cursors = CUR, .producers = PROD },
		.header = 0xfffffc2000020068ull,
		.regions = { 0xfffffc20c0518000ull, 0x7000278000ull,
			     0xfffffc2000128000ull, 0x7000280000ull,
			     0xfffffc2000130000ull, 0 },
		.views = { { gb + 0xc07c8000ull, 0x1838000 },
			   { gb + 0x15e0000ull, 0x1840000 },
			   { gb + 0x15e8000ull, 0 } },
		.extra = 0xfffffc20c04ff000ull,
	};
	u32 size = g16 ? 0x500 : 0x600;
	struct agx4_golden *g = kunit_kcalloc(test, 128, sizeof(*g), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int n, i;

	KUNIT_ASSERT_NOT_NULL(test, g);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, c->build_main_config(gen, &in, buf, size), 0);
	n = channel_gold(c, g, false);
	g[n++] = (struct agx4_golden){ 0x00, 8, BUNDLE };
	g[n++] = (struct agx4_golden){ 0x08, 8, BUNDLE + (g16 ? 0xb980 : 0xc500) };
	g[n++] = (struct agx4_golden){ 0x10, 8, BUNDLE + (g16 ? 0xb980 : 0xc500) };
	g[n++] = (struct agx4_golden){ 0x4c0, 4, 0x16 };
	if (g16) {
		static const u32 addr[5] = { 0, 0x2680, 0x32c0, 0x4540, 0xb900 };

		g[n++] = (struct agx4_golden){ 0x18, 8, 0xfffffc2000020068ull };
		for (i = 0; i < 5; i++)
			g[n++] = (struct agx4_golden){ 0x24c + 8 * i, 8,
						  addr[i] ? BUNDLE + addr[i] : 0 };
		for (i = 0; i < 6; i++)
			g[n++] = (struct agx4_golden){ 0x2c8 + 8 * i, 8,
						  in.regions[i] };
		g[n++] = (struct agx4_golden){ 0x2f8, 4, 4 };
		g[n++] = (struct agx4_golden){ 0x3d8, 4, 0xff };
		g[n++] = (struct agx4_golden){ 0x469, 8, BUNDLE + 0x5380 };
	} else {
		static const u32 addr[5] = {
			0x2740, 0x3380, 0x4400, 0xbc80, 0xbd00,
		};

		for (i = 0; i < 5; i++)
			g[n++] = (struct agx4_golden){ 0x254 + 8 * i, 8,
						  BUNDLE + addr[i] };
		/*
		 * Three views {u64 address, u32 value, u32 tag 0x70}; the
		 * third has no value and so no tag.
		 */
		g[n++] = (struct agx4_golden){ 0x2d0, 8, gb + 0xc07c8000ull };
		g[n++] = (struct agx4_golden){ 0x2d8, 4, 0x1838000 };
		g[n++] = (struct agx4_golden){ 0x2dc, 4, 0x70 };
		g[n++] = (struct agx4_golden){ 0x2e0, 8, gb + 0x15e0000ull };
		g[n++] = (struct agx4_golden){ 0x2e8, 4, 0x1840000 };
		g[n++] = (struct agx4_golden){ 0x2ec, 4, 0x70 };
		g[n++] = (struct agx4_golden){ 0x2f0, 8, gb + 0x15e8000ull };
		g[n++] = (struct agx4_golden){ 0x2f8, 8, 0 };
		g[n++] = (struct agx4_golden){ 0x3e0, 4, 0xff };
	}
	agx4_layout_checked[c->idx] +=
		agx4_golden_expect(test, buf, size, g, n, "main config");
	KUNIT_EXPECT_EQ(test, c->build_main_config(gen, &in, buf, size - 1),
			-EINVAL);
	in.instance = gen->num_instances;
	KUNIT_EXPECT_EQ(test, c->build_main_config(gen, &in, buf, size),
			-EINVAL);
	if (g16)
		return;

	/*
	 * The G17P secondary: channels 12.. only, 4 at 0x300, 0x2a at 0x4c0,
	 * and the two valued views without addresses.
	 */
	in.instance = 1;
	for (i = 0; i < 3; i++)
		in.views[i].address = 0;
	KUNIT_ASSERT_EQ(test, c->build_main_config(gen, &in, buf, size), 0);
	n = channel_gold(c, g, true);
	g[n++] = (struct agx4_golden){ 0x2d8, 4, 0x1838000 };
	g[n++] = (struct agx4_golden){ 0x2dc, 4, 0x70 };
	g[n++] = (struct agx4_golden){ 0x2e8, 4, 0x1840000 };
	g[n++] = (struct agx4_golden){ 0x2ec, 4, 0x70 };
	g[n++] = (struct agx4_golden){ 0x00, 8, BUNDLE };
	g[n++] = (struct agx4_golden){ 0x08, 8, BUNDLE + 0xc500 };
	g[n++] = (struct agx4_golden){ 0x10, 8, BUNDLE + 0xc500 };
	g[n++] = (struct agx4_golden){ 0x300, 4, 4 };
	g[n++] = (struct agx4_golden){ 0x471, 8, in.extra };
	g[n++] = (struct agx4_golden){ 0x4c0, 4, 0x2a };
	agx4_layout_checked[c->idx] +=
		agx4_golden_expect(test, buf, size, g, n,
				   "secondary main config");
}

static void agx4_fw_layout_queue_golden_bytes(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	bool g16 = c->gen == &agx4_fw_g16;
	const u64 self = 0xfffffc2200010000ull;
	struct agx4_fw_queue_in in = {
		.pointers = 0xfffffc2200020000ull,
		.ring = 0xfffffc2200024000ull,
		.job_list = 0xfffffc2200028000ull,
		.self = self, .priority = 2, .uuid = 0x15,
		.context = 0xfffffc220002c000ull,
	};
	/* Shifted by 8 from 0x2c on for G17P. */
	u32 s = g16 ? 0 : 8;
	struct agx4_golden g[16] = {
		{ 0x00, 8, in.pointers }, { 0x08, 8, in.ring },
		{ 0x10, 8, in.job_list },
		{ 0x2c - s, 4, 0xffffffff }, { 0x30 - s, 4, 2 },
		{ 0x34 - s, 4, 2 }, { 0x38 - s, 8, 0xffff000000000000ull },
		{ 0x48 - s, 4, 2 }, { 0x4c - s, 4, 0xffffffff },
		{ 0x50 - s, 4, 0x15 }, { 0xa4 - s, 8, in.context },
	};
	unsigned int n = 11;
	u8 *buf = kunit_kzalloc(test, 0x100, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	if (g16)
		g[n++] = (struct agx4_golden){ 0x18, 8, self + 0xb0 };
	KUNIT_ASSERT_EQ(test, c->build_queue(&in, buf, c->queue_size), 0);
	agx4_layout_checked[c->idx] +=
		agx4_golden_expect(test, buf, c->queue_size, g, n, "queue");
	KUNIT_EXPECT_EQ(test, c->build_queue(&in, buf,
					     c->queue_size - 1), -EINVAL);
	in.priority = 4;
	KUNIT_EXPECT_EQ(test, c->build_queue(&in, buf, 0x100), -EINVAL);
	if (!g16) {
		/* G17P takes only the priority-2 row, whatever the lane. */
		in.priority = 0;
		KUNIT_EXPECT_EQ(test, c->build_queue(&in, buf, 0x100),
				-EINVAL);
		in.priority = 2;
		in.lane = 2;
		KUNIT_ASSERT_EQ(test, c->build_queue(&in, buf,
						     c->queue_size), 0);
		agx4_layout_checked[c->idx] +=
			agx4_golden_expect(test, buf, c->queue_size, g, n,
					   "compute queue");
		return;
	}
	/*
	 * The G16 rows: +0x30 and +0x34 the priority p, u64 mask +0x38,
	 * +0x40 first and +0x48 last.  The compute lane (2) is not
	 * preemptible: +0x30 = 0 and +0x48 = 1 at every priority; the TA (0)
	 * and 3D (1) lanes keep the row.
	 */
	for (in.priority = 0; in.priority < 4; in.priority++) {
		static const struct {
			u64 mask;
			u32 first;
			u32 last;
		} row[4] = {
			{ 0xffffffffffff0000ull, 1, 1 },
			{ 0xffffffff00000000ull, 0, 0 },
			{ 0xffff000000000000ull, 0, 2 },
			{ 0, 0, 3 },
		};
		u32 p = in.priority;

		for (in.lane = 0; in.lane < 3; in.lane++) {
			bool compute = in.lane == 2;

			KUNIT_ASSERT_EQ(test, c->build_queue(&in, buf,
							     0x100), 0);
			KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(buf + 0x30),
					    compute ? 0 : p, "p %u lane %u", p,
					    in.lane);
			KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(buf + 0x34),
					    p, "p %u lane %u", p, in.lane);
			KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le64(buf + 0x38),
					    row[p].mask, "p %u lane %u", p,
					    in.lane);
			KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(buf + 0x40),
					    row[p].first, "p %u lane %u", p,
					    in.lane);
			KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(buf + 0x48),
					    compute ? 1 : row[p].last,
					    "p %u lane %u", p, in.lane);
			agx4_layout_checked[c->idx] += 5;
		}
	}
}

#define T_PL		0xfffffc20c0890000ull
#define T_PL_GPU	0x1000258000ull
#define T_BL		0xfffffc20c0878000ull
#define T_BC		0xfffffc2000340000ull
#define T_CNT		0xfffffc2000350000ull
#define T_SL		0xfffffc2000348000ull
#define T_SLOTS		0x1000080000ull

/* The pool of the reference's first VM, written out. */
static void agx4_fw_layout_g16_tvb_golden_bytes(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g16;
	struct agx4_fw_tvb_in in = {
		.slot = 7, .blocks = 11, .first_block = 0x1000088000ull,
		.page_list = T_PL, .page_list_gpu = T_PL_GPU,
		.page_list_size = 0x1c000, .block_list = T_BL,
		.block_control = T_BC, .counter = T_CNT,
		.scene_list = T_SL, .pool_slots = T_SLOTS,
	};
	struct agx4_fw_tvb_in bad;
	struct agx4_fw_buf bufs[6];
	struct agx4_golden_list l;
	unsigned int n = 0, i, j;

	agx4_golden_make_bufs(test, agx4_fw_g16_tvb_objs, ARRAY_SIZE(agx4_fw_g16_tvb_objs), bufs,
			      ARRAY_SIZE(bufs));
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_tvb(gen, &in, bufs), 0);

	agx4_golden_init(test, &l, 16);
	agx4_golden_put(&l, 0x0c, 4, 7);
	agx4_golden_put(&l, 0x20, 8, T_PL);
	agx4_golden_put(&l, 0x28, 4, 0x258000);
	agx4_golden_put(&l, 0x2c, 4, 0x10);
	agx4_golden_put(&l, 0x30, 4, 0x1c000);
	agx4_golden_put(&l, 0x34, 4, 0x2c);
	agx4_golden_put(&l, 0x38, 4, 0x19b3);
	agx4_golden_put(&l, 0x3c, 4, 11);
	agx4_golden_put(&l, 0x44, 8, T_BL);
	agx4_golden_put(&l, 0x4c, 8, T_BC);
	agx4_golden_put(&l, 0x54, 4, 0x2b);
	agx4_golden_put(&l, 0x58, 4, 0x20000);
	agx4_golden_put(&l, 0x64, 8, T_CNT);
	agx4_golden_put(&l, 0x7c, 4, 0x66cc);
	agx4_golden_put(&l, 0x80, 4, 0x2244);
	agx4_golden_put(&l, 0x84, 4, 0x248000);
	n += agx4_golden_expect(test, bufs[0].ptr, bufs[0].size, l.g, l.n, "BM");

	agx4_golden_init(test, &l, 3);
	agx4_golden_put(&l, 0x00, 4, 11);
	agx4_golden_put(&l, 0x04, 4, 11);
	agx4_golden_put(&l, 0x60, 4, 1);
	n += agx4_golden_expect(test, bufs[1].ptr, bufs[1].size, l.g, l.n,
			  "block control");

	/* Block ids 0x11 + 5i, page ids 0x11 + 5i + j. */
	agx4_golden_init(test, &l, 11);
	for (i = 0; i < 11; i++)
		agx4_golden_put(&l, i * 8, 4, 0x11 + 5 * i);
	n += agx4_golden_expect(test, bufs[2].ptr, bufs[2].size, l.g, l.n,
			  "block list");
	agx4_golden_init(test, &l, 44);
	for (i = 0; i < 11; i++)
		for (j = 0; j < 4; j++)
			agx4_golden_put(&l, (i * 4 + j) * 4, 4, 0x11 + 5 * i + j);
	n += agx4_golden_expect(test, bufs[3].ptr, bufs[3].size, l.g, l.n,
			  "page list");

	agx4_golden_init(test, &l, 80 * 5);
	for (i = 0; i < 80; i++) {
		agx4_golden_put(&l, i * 0x80, 8, T_SLOTS + i * 4);
		agx4_golden_put(&l, i * 0x80 + 0x08, 8, T_SL + i * 4);
		agx4_golden_put(&l, i * 0x80 + 0x28, 8, 0x240000 + (i % 36) * 0x30);
		agx4_golden_put(&l, i * 0x80 + 0x40, 8, T_BC + 0x40);
		agx4_golden_put(&l, i * 0x80 + 0x48, 8, 0x100000000ull);
	}
	n += agx4_golden_expect(test, bufs[4].ptr, 0x2800, l.g, l.n, "scene page");

	agx4_golden_init(test, &l, 2);
	agx4_golden_put(&l, 0x00, 4, lower_32_bits((T_PL_GPU >> 4) & 0xfffffff8));
	agx4_golden_put(&l, 0x04, 4, 44);
	n += agx4_golden_expect(test, bufs[5].ptr, 16, l.g, l.n, "PB descriptor");
	agx4_layout_checked[0] += n;

	/* Refused, with nothing written. */
	agx4_golden_make_bufs(test, agx4_fw_g16_tvb_objs, ARRAY_SIZE(agx4_fw_g16_tvb_objs), bufs,
			      ARRAY_SIZE(bufs));
	for (i = 0; i < 8; i++) {
		bad = in;
		switch (i) {
		case 0:
			bad.slot = 6;
			break;
		case 1:
			bad.slot = 64;
			break;
		case 2:
			bad.blocks = 0;
			break;
		case 3:
			bad.blocks = gen->tvb.max_blocks + 1;
			break;
		case 4:
			bad.first_block += 0x4000;
			break;
		case 5:
			bad.first_block = 0x80000;
			break;
		case 6:
			bad.page_list_gpu += 0x40;
			break;
		case 7:
			bad.page_list_gpu = AGX4_FW_CONTEXT_BASE + (1ull << 36);
			break;
		}
		KUNIT_EXPECT_EQ_MSG(test,
				    agx4_fw_g16_build_tvb(gen, &bad, bufs),
				    -EINVAL, "case %u", i);
	}
	KUNIT_EXPECT_TRUE(test, agx4_golden_untouched(bufs, ARRAY_SIZE(bufs)));
}

/*
 * The buffer manager names the page list where the PB descriptor does
 * (+0x28, u64: the reference's 0x10_0025_8000 is its own placement), with
 * the size mapped there at +0x30.
 */
static void agx4_fw_layout_g16_bm_names_the_pb_page_list(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g16;
	struct agx4_fw_tvb_in in = {
		.slot = 9, .blocks = 11, .first_block = 0x1003128000ull,
		.page_list = T_PL, .page_list_gpu = 0x1003100000ull,
		.page_list_size = 0x1c000, .block_list = T_BL,
		.block_control = T_BC, .counter = T_CNT, .scene_list = T_SL,
		.pool_slots = T_SLOTS,
	};
	struct agx4_fw_buf bufs[6];
	u8 *bm, *pb;

	agx4_golden_make_bufs(test, agx4_fw_g16_tvb_objs, ARRAY_SIZE(agx4_fw_g16_tvb_objs), bufs,
			      ARRAY_SIZE(bufs));
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_tvb(gen, &in, bufs), 0);
	bm = bufs[0].ptr;
	pb = bufs[5].ptr;
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(pb), 0x3100000 >> 4);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(bm + 0x28),
			AGX4_FW_CONTEXT_BASE + ((u64)get_unaligned_le32(pb) << 4));
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bm + 0x30), 0x1c000);
	/* A page list shorter than the list, or past 32 bits of size. */
	in.page_list_size = 0x1000;
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_tvb(gen, &in, bufs), -EINVAL);
	in.page_list_size = 1ull << 32;
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_tvb(gen, &in, bufs), -EINVAL);
}

/* Constant bytes at an offset, in hex as the specification prints them. */
struct spec_run {
	u16 off;
	u16 len;
	const char *hex[3];
};

/*
 * The 29 constant runs of G17P hwdata (269 bytes) and the 12 of its region
 * C (180 bytes), copied from the byte dumps of the A18 Pro boot
 * description, not from the driver's tables.
 */
static const struct spec_run g17p_hwdata_runs[] = {
	{ 0x0004, 8, { "6f0000000000c0ff" } },
	{ 0x0014, 28, {
		"1000000000000000 100000000080ffff ff02000000004081",
		"21fcffff" } },
	{ 0x00e0, 2, { "0820" } },
	{ 0x00ea, 2, { "0820" } },
	{ 0x00f4, 28, {
		"08200000cb240000 fa2c8ac9cb24f6f4 17e97718cb24d938",
		"0000abbd" } },
	{ 0x02d9, 23, { "20f8ffdb2c2dd300 2000f526e9da2100 20b638080042c7" } },
	{ 0x03e0, 2, { "e07f" } },
	{ 0x03ea, 2, { "e07f" } },
	{ 0x03f4, 6, { "e07f00000080" } },
	{ 0x0403, 1, { "80" } },
	{ 0x040d, 1, { "80" } },
	{ 0x05d8, 24, {
		"4526234b980e0000 5feaa2d5ff3f0040 00405ecaa2f50040" } },
	{ 0x0e94, 17, { "0100000001000000 0000000001000000 01" } },
	{ 0x0eb8, 49, {
		"0100000000000000 0100000000000000 0100000000000000",
		"c05d000001000000 1000000000000000 0100000001000000",
		"01" } },
	{ 0x0f04, 1, { "1f" } },
	{ 0x0f24, 1, { "04" } },
	{ 0x0f34, 5, { "0100000001" } },
	{ 0x0f4c, 1, { "31" } },
	{ 0x0f6c, 1, { "01" } },
	{ 0x0f88, 5, { "0600000001" } },
	{ 0x0fac, 1, { "01" } },
	{ 0x0fb8, 13, { "1e00000004000000 060000000a" } },
	{ 0x1cd8, 1, { "0a" } },
	{ 0x2544, 17, { "0400000006000000 0300000007000000 07" } },
	{ 0x2568, 9, { "0500000000000000 01" } },
	{ 0x26ad, 12, { "805d0120fcffff01 00000001" } },
	{ 0x26e8, 1, { "01" } },
	{ 0x3d98, 4, { "ffffffff" } },
	{ 0x3db0, 4, { "ffffffff" } },
};

static const struct spec_run g17p_region_c_runs[] = {
	{ 0x0024, 4, { "b80b0000" } },
	{ 0x0030, 16, { "0100000001000000 0000000078000000" } },
	{ 0x0054, 24, {
		"ffff2800ffff0000 0000010000000100 0000030000000100" } },
	{ 0x0078, 4, { "01000000" } },
	{ 0x0084, 12, { "4e250000e8030000 e8030000" } },
	{ 0x0098, 4, { "e8030000" } },
	{ 0x07c4, 56, {
		"d00700000000803f cdcc4c3fcdcc4c3e 6666663fcdcccc3d",
		"0000803e9a99193f 6666663f06000000 0100000001000000",
		"6400000064000000" } },
	{ 0x0998, 16, { "280000000a000000 fa00000001000000" } },
	{ 0x09b8, 28, {
		"c0270900c0270900 0500000000000000 2800000032000000",
		"01000000" } },
	{ 0x0e1c, 4, { "00010000" } },
	{ 0x0e38, 8, { "0003000000010000" } },
	{ 0x0e50, 4, { "00010000" } },
};

/* Expect the bytes of @runs; return how many. */
static unsigned int put_spec_runs(struct kunit *test, struct agx4_golden_list *l,
				  const struct spec_run *runs, unsigned int n)
{
	unsigned int i, j, total = 0;
	u8 byte;

	for (i = 0; i < n; i++) {
		unsigned int part;

		for (j = 0, part = 0; part < 3 && runs[i].hex[part]; part++) {
			const char *h = runs[i].hex[part];

			for (; *h; j++, h += 2) {
				if (*h == ' ')
					h++;
				KUNIT_ASSERT_LT(test, j, runs[i].len);
				KUNIT_ASSERT_EQ(test, hex2bin(&byte, h, 1), 0);
				agx4_golden_put(l, runs[i].off + j, 1, byte);
			}
		}
		KUNIT_EXPECT_EQ(test, j, runs[i].len);
		total += j;
	}
	return total;
}

/* hwdata and region C from fixed device-tree inputs. */
static void agx4_fw_layout_hwdata_and_region_c_golden_bytes(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	static const u32 fa[11] = { 0, 338, 492, 618, 796, 928, 1056, 1170,
				    1278, 1338, 1470 };
	static const u32 fb[11] = { 0, 338, 492, 618, 796, 928, 952, 1053,
				    1152, 1204, 1326 };
	static const u32 cmv[11] = { 125, 595, 615, 635, 685, 730, 780, 815,
				     865, 885, 955 };
	static const u32 mmv[11] = { 765, 765, 765, 765, 765, 765, 780, 815,
				     865, 885, 955 };
	static const u32 ra[11] = { 0, 16, 23, 30, 43, 57, 74, 85, 90, 92,
				    100 };
	static const u32 rb[11] = { 0, 0, 13, 24, 40, 52, 63, 73, 83, 88, 100 };
	static const u32 ia[11] = { 0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15 };
	static const u32 ib[11] = { 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14 };
	const struct agx4_fw_regwin_in wins[] = {
		{ .slot = 17, .rw = true, .pa = 0x404000000ull,
		  .fw_va = 0xfffffc2180200000ull, .size = 0x20000,
		  .stride = 0x20000, .sgx_offset = 0 },
		{ .slot = 32, .rw = true, .pa = 0x404d60000ull,
		  .fw_va = 0xfffffc2180224000ull, .size = 0x8000,
		  .stride = 0x8000, .sgx_offset = 0xd60000 },
		{ .slot = 9, .pa = 0x3803d0000ull,
		  .fw_va = 0xfffffc2180230000ull, .size = 0x4000,
		  .stride = 0x4000 },
	};
	struct agx4_fw_hwdata_in in = {
		.ts_aperture = 0xfffffc2181400000ull,
		.wins = wins, .num_wins = ARRAY_SIZE(wins),
	};
	static const struct agx4_fw_hw_region_in hw_regions[] = {
		{ 1, 0x1838000, 0xfffffc20c07c8000ull, 2 },
		{ 3, 0x1840000, 0xfffffc20015e0000ull, 4 },
	};
	/* Region C: a whole 16 KiB page on G16, 4 KiB on G17P. */
	u32 rc_size = g16 ? 0x4000 : 0x1000;
	struct agx4_fw_regwin_in bad[2];
	struct agx4_platform *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, 0x4001, GFP_KERNEL);
	struct agx4_golden_list l;
	unsigned int n = 0, i, j;

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	p->chip_id = g16 ? 0x8132 : 0x8140;
	p->max_power_mw = 20000;
	memcpy(p->freq_a, fa, sizeof(fa));
	memcpy(p->freq_b, fb, sizeof(fb));
	memcpy(p->core_mv, cmv, sizeof(cmv));
	memcpy(p->mem_mv, mmv, sizeof(mmv));
	memcpy(p->relative_a, ra, sizeof(ra));
	memcpy(p->relative_b, rb, sizeof(rb));
	memcpy(p->index_a, ia, sizeof(ia));
	memcpy(p->index_b, ib, sizeof(ib));
	p->chip_revision = 0x11;
	p->sample_period_clks = 24000 * 8;

	/* Region A: a zeroed page. */
	memset(buf, 0xa5, 0x4000);
	KUNIT_EXPECT_EQ(test, agx4_fw_build_region_a(buf, 0x3fff), -EINVAL);
	KUNIT_ASSERT_EQ(test, agx4_fw_build_region_a(buf, 0x4000), 0);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0, 0x4000));
	n++;

	/* Region C: every byte of the object written, nothing past it. */
	memset(buf, 0xa5, 0x4001);
	KUNIT_ASSERT_EQ(test, c->build_region_c(p, buf, rc_size), 0);
	KUNIT_EXPECT_EQ(test, buf[rc_size], 0xa5);
	agx4_golden_init(test, &l, 512);
	if (!g16)
		put_spec_runs(test, &l, g17p_region_c_runs,
			      ARRAY_SIZE(g17p_region_c_runs));
	agx4_golden_put(&l, 0x024, 4, g16 ? 4096 : 3000);
	agx4_golden_put(&l, 0x054, 2, 0xffff);
	agx4_golden_put(&l, 0x056, 2, 40);
	agx4_golden_put(&l, 0x058, 2, 0xffff);
	agx4_golden_put(&l, 0x078, 4, 1);
	agx4_golden_put(&l, 0x084, 4, g16 ? 20000 : 9550);
	agx4_golden_put(&l, 0x088, 4, 1000);
	agx4_golden_put(&l, 0x08c, 4, 1000);
	agx4_golden_put(&l, 0x098, 4, 1000);
	/* Both generations: u32 1 at 0x7ec and 0x7f0. */
	agx4_golden_put(&l, 0x7ec, 4, 1);
	agx4_golden_put(&l, 0x7f0, 4, 1);
	if (g16) {
		agx4_golden_put(&l, 0x998, 4, 32);
		agx4_golden_put(&l, 0x99c, 4, 8);
		agx4_golden_put(&l, 0x9a0, 4, 256);
		agx4_golden_put(&l, 0x9a4, 4, 1);
		agx4_golden_put(&l, 0x9c8, 4, 64);
		agx4_golden_put(&l, 0x9cc, 4, 64);
		agx4_golden_put(&l, 0x9d0, 4, 2);
		agx4_golden_put(&l, 0xe28, 4, 3);
		agx4_golden_put(&l, 0xe2c, 4, 1);
	} else {
		agx4_golden_put(&l, 0x998, 4, 40);
		agx4_golden_put(&l, 0x99c, 4, 10);
		agx4_golden_put(&l, 0x9a0, 4, 250);
		agx4_golden_put(&l, 0x9a4, 4, 1);
		agx4_golden_put(&l, 0x9b8, 4, 600000);
		agx4_golden_put(&l, 0x9bc, 4, 600000);
		agx4_golden_put(&l, 0x9c0, 4, 5);
		agx4_golden_put(&l, 0x9c4, 4, 0);
		agx4_golden_put(&l, 0x9c8, 4, 40);
		agx4_golden_put(&l, 0x9cc, 4, 50);
		agx4_golden_put(&l, 0x9d0, 4, 1);
	}
	n += agx4_golden_expect(test, buf, rc_size, l.g, l.n, "region C");
	KUNIT_EXPECT_EQ(test, c->build_region_c(p, buf, rc_size - 1),
			-EINVAL);
	if (g16) {
		p->max_power_mw = 0;
		KUNIT_EXPECT_EQ(test, c->build_region_c(p, buf, rc_size),
				-EINVAL);
	}

	/* hwdata */
	if (!g16) {
		in.regions = hw_regions;
		in.num_regions = ARRAY_SIZE(hw_regions);
	}
	memset(buf, 0xa5, 0x4000);
	KUNIT_ASSERT_EQ(test, c->build_hwdata(gen, p, &in, buf, 0x3db4), 0);
	KUNIT_EXPECT_EQ(test, buf[0x3db4], 0xa5);
	agx4_golden_init(test, &l, 1600);
	if (!g16) {
		put_spec_runs(test, &l, g17p_hwdata_runs,
			      ARRAY_SIZE(g17p_hwdata_runs));
		/* Values inside the runs that the description also decodes. */
		agx4_golden_put(&l, 0xed0, 4, 24000);
		agx4_golden_put(&l, 0xed8, 4, 16);
		agx4_golden_put(&l, 0x26ac, 8, 0xfffffc20015d8000ull);
		for (i = 0; i < ARRAY_SIZE(hw_regions); i++) {
			u32 r = 0x2610 + 0x40 * i;

			agx4_golden_put(&l, r, 4, hw_regions[i].lead);
			agx4_golden_put(&l, r + 0x04, 4, hw_regions[i].value);
			agx4_golden_put(&l, r + 0x08, 4, 0x70);
			agx4_golden_put(&l, r + 0x0c, 8, hw_regions[i].address);
			agx4_golden_put(&l, r + 0x14, 4, 0x800);
			agx4_golden_put(&l, r + 0x18, 4, 0x40);
			agx4_golden_put(&l, r + 0x1c, 4, hw_regions[i].trail);
		}
	}
	/* Both: the timestamp aperture (G16 too, after the platform fill). */
	agx4_golden_put(&l, 0x28, 8, 0xfffffc2181400000ull);
	for (i = 0; i < ARRAY_SIZE(wins); i++) {
		u32 r = 0x640 + 0x28 * wins[i].slot;

		agx4_golden_put(&l, r, 8, wins[i].pa);
		agx4_golden_put(&l, r + 0x08, 8, wins[i].fw_va);
		agx4_golden_put(&l, r + 0x10, 4, wins[i].size);
		agx4_golden_put(&l, r + 0x14, 4, wins[i].stride);
		agx4_golden_put(&l, r + 0x18, 8, wins[i].sgx_offset);
		agx4_golden_put(&l, r + 0x20, 4, wins[i].rw ? 2 : 0);
	}
	agx4_golden_put(&l, 0xe90, 4, g16 ? 0x8132 : 0x8140);
	if (g16) {
		agx4_golden_put(&l, 0xe94, 4, 1);
		agx4_golden_put(&l, 0xe98, 4, 1);
		agx4_golden_put(&l, 0xea0, 4, 1);
		agx4_golden_put(&l, 0xeb8, 4, 1);
		agx4_golden_put(&l, 0xec8, 4, 1);
		agx4_golden_put(&l, 0xed0, 4, 24000);
		agx4_golden_put(&l, 0xed8, 4, 8);
		agx4_golden_put(&l, 0xee0, 4, 1);
		agx4_golden_put(&l, 0xee4, 4, 1);
		agx4_golden_put(&l, 0xee8, 4, 1);
	}
	/* Two performance groups of 11 states, at 0xfc8 and 0x1cdc. */
	agx4_golden_put(&l, 0xfc4, 4, 10);
	agx4_golden_put(&l, 0x1cd8, 4, 10);
	for (i = 0; i < 11; i++) {
		/* Group 1: 16 copies of each state's voltages. */
		agx4_golden_put(&l, 0xfc8 + 4 * i, 4, fa[i]);
		for (j = 0; j < 16; j++) {
			agx4_golden_put(&l, 0x1008 + 0x40 * i + 4 * j, 4, cmv[i]);
			agx4_golden_put(&l, 0x1408 + 0x40 * i + 4 * j, 4, mmv[i]);
		}
		agx4_golden_put(&l, 0x1808 + 4 * i, 4, fb[i]);
		agx4_golden_put(&l, 0x1848 + 4 * i, 4, 0x3f828f5c);
		agx4_golden_put(&l, 0x18c8 + 4 * i, 4, ra[i]);
		agx4_golden_put(&l, 0x1908 + 4 * i, 4, rb[i]);
		agx4_golden_put(&l, 0x19c8 + 4 * i, 4, ia[i]);
		agx4_golden_put(&l, 0x1a08 + 4 * i, 4, ib[i]);
		/*
		 * Group 2: the same voltages, one word per 0x40 block, the
		 * other 15 words zero.
		 */
		agx4_golden_put(&l, 0x1cdc + 4 * i, 4, fb[i]);
		agx4_golden_put(&l, 0x1d1c + 0x40 * i, 4, cmv[i]);
		agx4_golden_put(&l, 0x211c + 0x40 * i, 4, mmv[i]);
	}
	/* Both: 22 (G16) or 12 (G17P), then two groups {0, 1, 1, 1}. */
	agx4_golden_put(&l, 0x258e, 2, g16 ? 22 : 12);
	for (i = 0; i < 2; i++)
		for (j = 0; j < 4; j++)
			agx4_golden_put(&l, 0x2590 + 16 * i + 4 * j, 4, !!j);
	for (i = 0; i < 12; i++)
		agx4_golden_put(&l, 0x25b4 + 4 * i, 4, 0xffffffff);
	/* G16: u32 1 at 0x2604 only; G17P: at 0x25f4, 0x2600 and 0x2608. */
	if (g16) {
		agx4_golden_put(&l, 0x25f4, 4, 0);
		agx4_golden_put(&l, 0x2604, 4, 1);
	} else {
		agx4_golden_put(&l, 0x25f4, 4, 1);
		agx4_golden_put(&l, 0x2600, 4, 1);
		agx4_golden_put(&l, 0x2604, 4, 0);
		agx4_golden_put(&l, 0x2608, 4, 1);
	}
	n += agx4_golden_expect(test, buf, 0x3db4, l.g, l.n, "hwdata");
	agx4_layout_checked[c->idx] += n;

	/* Refused: slot 53, a slot twice, an empty window, no period. */
	memset(buf, 0xa5, 0x4000);
	bad[0] = wins[0];
	bad[1] = wins[1];
	in.wins = bad;
	in.num_wins = 2;
	bad[1].slot = 53;
	KUNIT_EXPECT_EQ(test, c->build_hwdata(gen, p, &in, buf, 0x3db4),
			-EINVAL);
	bad[1].slot = bad[0].slot;
	KUNIT_EXPECT_EQ(test, c->build_hwdata(gen, p, &in, buf, 0x3db4),
			-EINVAL);
	bad[1] = wins[1];
	bad[1].size = 0;
	KUNIT_EXPECT_EQ(test, c->build_hwdata(gen, p, &in, buf, 0x3db4),
			-EINVAL);
	bad[1] = wins[1];
	KUNIT_EXPECT_EQ(test, c->build_hwdata(gen, p, &in, buf, 0x3db3),
			-EINVAL);
	if (g16) {
		p->sample_period_clks = 0;
		KUNIT_EXPECT_EQ(test, c->build_hwdata(gen, p, &in, buf,
						      0x3db4), -EINVAL);
	} else {
		in.wins = wins;
		in.num_wins = ARRAY_SIZE(wins);
		in.num_regions = 17;
		KUNIT_EXPECT_EQ(test, c->build_hwdata(gen, p, &in, buf,
						      0x3db4), -EINVAL);
	}
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, 0x4000));
}

/*
 * The 17 flag-only slots of the G17P register-window table: u32 2 at
 * +0x20 of the 0x28-byte record at 0x640 + 0x28 * slot, the 0x20 bytes
 * before it zero.  A size-0 window with an address is still refused.
 */
static void agx4_fw_layout_g17p_flag_only_slots_golden_bytes(struct kunit *test)
{
	static const u8 slots[17] = { 2, 5, 6, 7, 8, 30, 33, 34, 37, 38, 42,
				      43, 46, 47, 48, 49, 52 };
	static const u16 flag_at[17] = {
		0x6b0, 0x728, 0x750, 0x778, 0x7a0, 0xb10, 0xb88, 0xbb0, 0xc28,
		0xc50, 0xcf0, 0xd18, 0xd90, 0xdb8, 0xde0, 0xe08, 0xe80,
	};
	const struct agx4_fw_gen *gen = &agx4_fw_g17p;
	struct agx4_fw_regwin_in wins[18] = {
		{ .slot = 0, .rw = true, .pa = 0x301014000ull,
		  .fw_va = 0xfffffc2180000000ull, .size = 0x4000,
		  .stride = 0x4000 },
	};
	struct agx4_fw_hwdata_in in = {
		.ts_aperture = 0xfffffc2181400000ull,
		.wins = wins, .num_wins = ARRAY_SIZE(wins),
	};
	struct agx4_platform *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, 0x3db4, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	p->chip_id = 0x8140;
	p->max_power_mw = 20000;
	p->sample_period_clks = 24000 * 8;
	for (i = 0; i < ARRAY_SIZE(slots); i++)
		wins[i + 1] = (struct agx4_fw_regwin_in){ .slot = slots[i],
							  .rw = true };
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_build_hwdata(gen, p, &in, buf,
							0x3db4), 0);
	/* Slot 0, a full window, for contrast. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(buf + 0x640), 0x301014000ull);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(buf + 0x660), 2);
	for (i = 0; i < ARRAY_SIZE(slots); i++) {
		u32 rec = flag_at[i] - 0x20;

		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(buf + flag_at[i]),
				    2, "slot %u", slots[i]);
		KUNIT_EXPECT_TRUE_MSG(test, !memchr_inv(buf + rec, 0, 0x20),
				      "slot %u", slots[i]);
	}
	agx4_layout_checked[1] += 2 + 2 * ARRAY_SIZE(slots);

	/* Flag-only means no address, stride or offset, and writable. */
	wins[1].pa = 0x300000000ull;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_hwdata(gen, p, &in, buf,
							0x3db4), -EINVAL);
	wins[1].pa = 0;
	wins[1].rw = false;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_hwdata(gen, p, &in, buf,
							0x3db4), -EINVAL);
}

/* Ring geometry and stamps in the descriptor. */
static void agx4_fw_layout_channel_geometry_and_stamps(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;

	KUNIT_EXPECT_EQ(test, gen->chan.work_msg_size, 0x18);
	KUNIT_EXPECT_EQ(test, gen->chan.ctl_size, 0x40);
	KUNIT_EXPECT_EQ(test, gen->chan.event_size, 0x48);
	KUNIT_EXPECT_EQ(test, gen->chan.ring_entries, 256);
	KUNIT_EXPECT_EQ(test, gen->chan.trace_entries, 512);
	KUNIT_EXPECT_EQ(test, gen->num_instances, g16 ? 1 : 2);
	KUNIT_EXPECT_EQ(test, gen->cursors_in_mmio, g16);
	KUNIT_EXPECT_EQ(test, gen->tvb.initial_blocks, g16 ? 11 : 8);
	KUNIT_EXPECT_EQ(test, gen->tvb.growth_blocks, 10);
	KUNIT_EXPECT_EQ(test, gen->tvb.max_blocks, g16 ? 331 : 2048);
	agx4_layout_checked[c->idx] += 10;
	if (!g16) {
		/* G17P completes by status records: no stamps. */
		KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 0, 1), 0);
		return;
	}
	/* first + ordinal * 0x100: TA 0xc00, 3D and compute 0x100. */
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 0, 0), 0xc00);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 0, 1), 0xd00);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 1, 1), 0x200);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 2, 5), 0x600);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 1, 0x00ffffff),
			0x100 + 0xffffff00);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 3, 0), 0);
	/* Ordinal -1: the value a lane's stamp word starts at. */
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 0, U32_MAX), 0xb00);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 1, U32_MAX), 0);
	agx4_layout_checked[c->idx] += 7;
	/* Reached is a signed comparison: the "not done" value is not. */
	KUNIT_EXPECT_TRUE(test, agx4_fw_stamp_reached(0xd00, 0xd00));
	KUNIT_EXPECT_TRUE(test, agx4_fw_stamp_reached(0xe00, 0xd00));
	KUNIT_EXPECT_FALSE(test, agx4_fw_stamp_reached(0xc00, 0xd00));
	KUNIT_EXPECT_TRUE(test, agx4_fw_stamp_reached(0x100, 0xffffff00));
	KUNIT_EXPECT_FALSE(test, agx4_fw_stamp_reached(0xffffff00, 0x100));
}

static struct kunit_case agx4_fw_layout_init_cases[] = {
	KUNIT_CASE_PARAM(agx4_fw_layout_root_golden_bytes, agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_channel_table_golden_bytes,
			 agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_main_config_golden_bytes,
			 agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_queue_golden_bytes, agx4_layout_gen_params),
	KUNIT_CASE(agx4_fw_layout_g16_tvb_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g16_bm_names_the_pb_page_list),
	KUNIT_CASE_PARAM(agx4_fw_layout_hwdata_and_region_c_golden_bytes,
			 agx4_layout_gen_params),
	KUNIT_CASE(agx4_fw_layout_g17p_flag_only_slots_golden_bytes),
	KUNIT_CASE_PARAM(agx4_fw_layout_channel_geometry_and_stamps,
			 agx4_layout_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_layout_init_suite = {
	.name = "agx4_fw_layout_init",
	.suite_init = agx4_layout_suite_init,
	.suite_exit = agx4_layout_suite_exit,
	.test_cases = agx4_fw_layout_init_cases,
};

kunit_test_suite(agx4_fw_layout_init_suite);
