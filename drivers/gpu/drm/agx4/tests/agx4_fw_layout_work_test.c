// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout_work": golden images of the work items built
 * from a command (G16 and G17P render and compute, the G17P optional record)
 * for fixed inputs.  Builder output is read back by raw offset, never
 * through the declarations.
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
#include "../agx4_fw_g16_init.h"
#include "../agx4_fw_g16_work.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_g17p_work.h"
#include "../agx4_fw_work.h"
#include "../agx4_fwif.h"
#include "../agx4_of.h"
#include "agx4_fw_layout_golden.h"
#include "agx4_test_util.h"

/* The G16 TA program for agx4_golden_render_inputs(), in order. */
static const struct agx4_golden_reg g16_ta_regs[] = {
	{ 0x1748, 1 }, { 0x10141, 512 },
	{ 0x1c039, 0x1000000 }, { 0x1c9c8, 0x1000000 },
	{ 0x1c0a1, 0x1028000 },
	{ 0x1c031, 0x35d0000 | 1ull << 63 }, { 0x1c9c0, 0x35d0000 | 1ull << 63 },
	{ 0x1c051, 0x3a0012006b0003ull }, { 0x1c061, 1 },
	{ 0x10149, 0xa000 }, { 0x10139, 0x88 },
	{ 0x10111, 0x102c2a0 }, { 0x1c9b0, 0x102c2a0 },
	{ 0x10119, 0x102c020 }, { 0x1c9b8, 0x102c020 },
	{ 0x1c958, 1 }, { 0x1c950, 0x102c000 | 1ull << 50 }, { 0x1c930, 0 },
	{ 0x1c880, 0x4000000 },
	{ 0x1c079, 0x35d0000 }, { 0x1c9d8, 0x35d0000 },
	{ 0x10151, 0 }, { 0x1c199, 0 }, { 0x1c1a1, 0 }, { 0x1c1a9, 0 },
	{ 0x1c1b1, 0 }, { 0x1c1b9, 0 }, { 0x1c8f8, 0x8860 },
	{ 0x1c0b1, 80 }, { 0x1c850, 80 }, { 0x10131, 0x88 },
	{ 0x10121, 0x202 }, { 0x10129, 0x257031f }, { 0x101b9, 0x12018 },
	{ 0x1c069, 0x202018 }, { 0x1c071, 0x202018 }, { 0x1c081, 64 },
	{ 0x1c0a9, 128 }, { 0x10171, 256 }, { 0x10169, 0x8000 },
	{ 0xa309, 0 }, { 0x1c8e0, ~0ull }, { 0x1c8e8, ~0ull }, { 0x1c898, 0 },
	{ 0x101e1, 28 }, { 0x1c9e8, 0 },
	{ 0x1a099, 0 }, { 0x1a0a1, 0 }, { 0x1a069, 0 }, { 0x1a071, 0 },
	{ 0x1a0c9, 0 }, { 0x1a0d1, 0 }, { 0x101c9, 0 }, { 0xd471, 0 },
	{ 0x1a0f1, 8 }, { 0x10799, 0xff0000 }, { 0x1c830, 7 },
	{ 0x1ca30, 0x240030 }, { 0x16c39, 0x240030 }, { 0x1c910, 0x80005 },
	{ 0xa5a1, 0xfe00400020ull }, { 0xd419, 0x200000001ull },
	{ 0x1ca10, R_LIFE_TA }, { 0x14a1, R_LIFE_TA }, { 0xa349, R_LIFE_TA },
	{ 0x10209, 0x901 }, { 0x1c9f0, 0x901 }, { 0x14320, 0x901 },
	{ 0x14308, 0x10000 }, { 0x14318, R_TA_STATUS | 1 }, { 0x1740, 1 },
};

/* The G16 3D program for agx4_golden_render_inputs(), in order. */
static const struct agx4_golden_reg g16_frag_regs[] = {
	{ 0x1739, 1 }, { 0x10009, 0xa000 },
	{ 0x15379, 0x22 }, { 0x15381, 0x2000 },
	{ 0x15369, 0x21 }, { 0x15371, 0x1000 },
	{ 0x15131, 0x3b0dbd2a }, { 0x15139, 0x3b3cfc8e },
	{ 0x100a1, 0 }, { 0x15069, 0 }, { 0x15071, 0 }, { 0x16058, 0 },
	{ 0x10019, 0x88 }, { 0x100b1, 0x80008 }, { 0x16030, 0x80008 },
	{ 0x100d9, 0x12018 }, { 0xa301, 0 }, { 0x10791, 0xff0200 },
	{ 0x16098, R_HEAPMETA }, { 0x15109, 0x1100000000ull },
	{ 0x15101, 0x1100004000ull }, { 0x15021, 0xc001 },
	{ 0x15211, 600ull << 32 | 800 }, { 0x15049, 0x100000 },
	{ 0x10051, 4 }, { 0x15321, 0x257031f }, { 0x15301, 0x3f800000 },
	{ 0x15309, 0x1ab | 0x300 }, { 0x15311, 0x1100008000ull },
	{ 0x15319, 0x1234 }, { 0x15349, 0x04040404 }, { 0x15351, 0 },
	{ 0x15329, 0x1200000000ull }, { 0x15331, 0x1200000000ull },
	{ 0x15339, 0x1300000000ull }, { 0x15341, 0x1300000000ull },
	{ 0x15231, 0 }, { 0x15221, 0 }, { 0x15239, 0 }, { 0x15229, 0 },
	{ 0x15401, 0x1000 }, { 0x15421, 0x1000 },
	{ 0x15409, 0x2000 }, { 0x15429, 0x2000 },
	{ 0x153c1, 0x1200100000ull }, { 0x15411, 0x100 },
	{ 0x153c9, 0x1200100000ull }, { 0x15431, 0x100 },
	{ 0x153d1, 0x1300100000ull }, { 0x15419, 0x200 },
	{ 0x153d9, 0x1300100000ull }, { 0x15439, 0x200 },
	{ 0x16429, R_TILEMAP }, { 0x16060, R_HEAPMETA },
	{ 0x16431, 320ull << 24 }, { 0x10039, 0x10280 },
	{ 0x16020, 0 }, { 0x16451, 0 }, { 0x15359, 0 }, { 0x100b8, 0x8860 },
	{ 0x16461, R_AUX }, { 0x16090, R_AUX }, { 0x101e9, 28 },
	{ 0x160a8, 0 }, { 0x16068, 0x2418a200003717full },
	{ 0x1a0a9, 0 }, { 0x1a0b1, 0 }, { 0x1a079, 0 }, { 0x1a081, 0 },
	{ 0x1a0d9, 0 }, { 0x1a0e1, 0 }, { 0x101c1, 0 }, { 0xd469, 0 },
	{ 0x1a0f9, 8 }, { 0xa5a9, 0x14600400020ull },
	{ 0xd429, 0x200000001ull },
	{ 0x160e0, R_LIFE_FR }, { 0x1499, R_LIFE_FR }, { 0xa341, R_LIFE_FR },
	{ 0x1c838, 8 }, { 0x1ca28, 0x240030 },
	{ 0x10211, 0x901 }, { 0x10420, 0x901 },
	{ 0x14048, 0x10000 }, { 0x14080, R_FR_STATUS | 1 },
	{ 0x1731, 1 }, { 0x1731, 1 },
};

/*
 * A G16 render whose command leaves the ISP merge bounds 0 gets
 * binary32 1.732051 divided by its width and height, as an IEEE binary32
 * division rounds it (the reference's).  The expected bits were computed
 * on the build host with a binary32 division, not with the driver's
 * integer code.
 */
static void agx4_fw_layout_g16_merge_bounds_default(struct kunit *test)
{
	static const struct { u32 dim, bits; } quot[] = {
		{ 800, 0x3b0de3be }, { 600, 0x3b3d2fa8 }, { 1, 0x3fddb3d9 },
		{ 3, 0x3f13cd3b }, { 7, 0x3e7d5fd3 }, { 13, 0x3e086ead },
		{ 1080, 0x3ad234f4 }, { 1920, 0x3a6c7b92 },
		{ 16383, 0x38ddb750 }, { 16384, 0x38ddb3d9 },
	};
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_fw_render_in in;
	struct agx4_fw_buf bufs[6];
	const u8 *fr;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(quot); i++)
		KUNIT_EXPECT_EQ_MSG(test, agx4_fw_g16_merge_default(quot[i].dim),
				    quot[i].bits, "dimension %u", quot[i].dim);
	KUNIT_ASSERT_NOT_NULL(test, d);
	agx4_golden_render_inputs(d, &in);
	d->cmd.isp_merge_upper_x = 0;
	d->cmd.isp_merge_upper_y = 0;
	agx4_golden_make_bufs(test, agx4_fw_g16_render_objs,
			      ARRAY_SIZE(agx4_fw_g16_render_objs), bufs,
			      ARRAY_SIZE(bufs));
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_render(d, &in, bufs), 0);
	KUNIT_ASSERT_STREQ(test, agx4_fw_g16_render_objs[2].name, "frag_work");
	fr = bufs[2].ptr;
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(fr + 0x68), 0x3b0de3be);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(fr + 0x6c), 0x3b3d2fa8);
	/* A value the command gives is kept. */
	agx4_golden_render_inputs(d, &in);
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_render(d, &in, bufs), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(fr + 0x68), 0x3b0dbd2a);
}

static void agx4_fw_layout_g16_render_golden_bytes(struct kunit *test)
{
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_fw_render_in in;
	struct agx4_fw_buf bufs[6];
	struct agx4_golden_list l;
	u64 w = R_TA_WORK;
	unsigned int i, n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	agx4_golden_render_inputs(d, &in);
	agx4_golden_make_bufs(test, agx4_fw_g16_render_objs,
			      ARRAY_SIZE(agx4_fw_g16_render_objs), bufs,
			      ARRAY_SIZE(bufs));
	KUNIT_EXPECT_STREQ(test, agx4_fw_g16_render_objs[0].name, "ta_work");
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_render_objs[0].size, 0x940);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_render_objs[1].size, 0x300);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_render_objs[2].size, 0xcc0);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_render_objs[3].size, 0x380);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g16_ta_regs), 71);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g16_frag_regs), 87);
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_render(d, &in, bufs), 0);
	for (i = 0; i < ARRAY_SIZE(bufs); i++)
		KUNIT_EXPECT_EQ(test, ((u8 *)bufs[i].ptr)[bufs[i].size], 0xa5);

	/* TA work item */
	agx4_golden_init(test, &l, 256);
	agx4_golden_put(&l, 0x000, 4, 0);
	agx4_golden_put(&l, 0x004, 8, 3);
	agx4_golden_put(&l, 0x00c, 4, 9);
	agx4_golden_put(&l, 0x010, 8, R_EVCTL);
	agx4_golden_put(&l, 0x018, 8, 7);
	agx4_golden_put(&l, 0x020, 8, R_BM);
	agx4_golden_put(&l, 0x028, 8, R_SCENE);
	agx4_golden_put(&l, 0x030, 8, R_EMPTY);
	agx4_golden_regs(&l, 0x040, g16_ta_regs, ARRAY_SIZE(g16_ta_regs));
	agx4_golden_put(&l, 0x740, 8, R_TA_ALIAS + 0x40);
	agx4_golden_put(&l, 0x748, 2, 0x41);
	agx4_golden_put(&l, 0x74a, 2, 0x41 * 12);
	agx4_golden_put(&l, 0x760, 8, R_TPC);
	agx4_golden_put(&l, 0x768, 8, (128 << 6) * 1);
	agx4_golden_put(&l, 0x770, 8, R_TA_MS);
	agx4_golden_put(&l, 0x778, 4, 0x300);
	agx4_golden_put(&l, 0x77c, 4, 0x23);
	agx4_golden_put(&l, 0x780, 4, 0x200);
	agx4_golden_put(&l, 0x7a8, 8, 0x102c2a0);
	agx4_golden_put(&l, 0x840, 8, R_LIFE_TA >> 32);
	agx4_golden_put(&l, 0x848, 4, 0xffffffff);
	agx4_golden_put(&l, 0x84c, 8, 0x1400000000ull);
	agx4_golden_put(&l, 0x854, 4, 3);
	agx4_golden_put(&l, 0x858, 4, 4);
	agx4_golden_put(&l, 0x864, 1, 1);
	agx4_golden_put(&l, 0x878, 8, R_TA_DSTAMP);
	agx4_golden_put(&l, 0x880, 8, R_TA_FSTAMP);
	agx4_golden_put(&l, 0x888, 4, 0xd00);
	agx4_golden_put(&l, 0x88c, 4, 0x22);
	agx4_golden_put(&l, 0x894, 4, 1);
	agx4_golden_put(&l, 0x898, 4, 0x900a6bb);
	agx4_golden_put(&l, 0x8a0, 8, 0);
	agx4_golden_put(&l, 0x8c8, 8, R_PROF);
	agx4_golden_put(&l, 0x8d0, 8, R_PROF + 8);
	agx4_golden_put(&l, 0x8d8, 8, R_TS);
	agx4_golden_put(&l, 0x8e0, 8, R_TS + 8);
	agx4_golden_put(&l, 0x8ff, 8, 1ull << 56 | R_SUPPORT >> 8);
	agx4_golden_put(&l, 0x908, 8, 0xdaa0);
	agx4_golden_put(&l, 0x910, 8, 1ull << 56 | R_TA_TAIL >> 8);
	n += agx4_golden_expect(test, bufs[0].ptr, 0x940, l.g, l.n, "G16 TA work");

	/* TA microsequence */
	agx4_golden_init(test, &l, 96);
	agx4_golden_put(&l, 0x000, 4, 5);
	agx4_golden_put(&l, 0x014, 8, w + 0x40);
	agx4_golden_put(&l, 0x01c, 8, R_BM);
	agx4_golden_put(&l, 0x024, 8, R_SCENE);
	agx4_golden_put(&l, 0x02c, 8, R_TA_STATS);
	agx4_golden_put(&l, 0x034, 8, R_TA_Q);
	agx4_golden_put(&l, 0x03c, 8, w + 0x85c);
	agx4_golden_put(&l, 0x044, 4, 9);
	agx4_golden_put(&l, 0x048, 4, 3);
	agx4_golden_put(&l, 0x050, 8, 7);
	agx4_golden_put(&l, 0x064, 8, w + 0x784);
	agx4_golden_put(&l, 0x06c, 8, w + 0x8a8);
	agx4_golden_put(&l, 0x07c, 4, 0x900a6bb);
	agx4_golden_put(&l, 0x190, 8, R_SUPPORT);
	agx4_golden_put(&l, 0x1a8, 8, R_TA_STATUS);
	agx4_golden_put(&l, 0x1b8, 8, 1);
	agx4_golden_put(&l, 0x1c0, 4, 0x22);
	agx4_golden_ts(&l, 0x1cc, 0x80000003, w + 0x8c0, w + 0x8c8, w + 0x8c8, R_TA_Q,
		       w + 0x8d8, w + 0x928, w + 0x83c, 0x900a6bb);
	agx4_golden_put(&l, 0x218, 4, 1);
	agx4_golden_ts(&l, 0x21c, 3, w + 0x8c0, w + 0x8c8, w + 0x8d0, R_TA_Q,
		       w + 0x8d8, w + 0x928, w + 0x83c, 0x900a6bb);
	agx4_golden_put(&l, 0x268, 4, 6);
	agx4_golden_put(&l, 0x26c, 8, R_SCENE);
	agx4_golden_put(&l, 0x274, 8, R_BM);
	agx4_golden_put(&l, 0x27c, 8, R_TA_STATS);
	agx4_golden_put(&l, 0x284, 8, R_TA_Q);
	agx4_golden_put(&l, 0x28c, 8, w + 0x85c);
	agx4_golden_put(&l, 0x294, 4, 9);
	agx4_golden_put(&l, 0x29c, 8, w + 0x784);
	agx4_golden_put(&l, 0x2a8, 4, 0x900a6bb);
	agx4_golden_put(&l, 0x2b0, 8, R_TA_FSTAMP);
	agx4_golden_put(&l, 0x2b8, 4, 0xd00);
	agx4_golden_put(&l, 0x2e0, 8, R_TA_MS + 0x190);
	agx4_golden_put(&l, 0x2e8, 4, (u32)-0x268);
	agx4_golden_put(&l, 0x2ed, 8, w + 0x918);
	agx4_golden_put(&l, 0x2f5, 4, 1);
	agx4_golden_put(&l, 0x2fc, 4, 0x40000002);
	n += agx4_golden_expect(test, bufs[1].ptr, 0x300, l.g, l.n, "G16 TA ms");

	/* 3D work item */
	w = R_FR_WORK;
	agx4_golden_init(test, &l, 320);
	agx4_golden_put(&l, 0x000, 4, 1);
	agx4_golden_put(&l, 0x004, 8, 2);
	agx4_golden_put(&l, 0x00c, 4, 9);
	agx4_golden_put(&l, 0x014, 8, R_FR_MS);
	agx4_golden_put(&l, 0x01c, 4, 0x380);
	agx4_golden_put(&l, 0x020, 8, R_EVCTL);
	agx4_golden_put(&l, 0x028, 8, R_BM);
	agx4_golden_put(&l, 0x030, 8, R_SCENE);
	agx4_golden_put(&l, 0x038, 8, R_EMPTY);
	agx4_golden_put(&l, 0x040, 8, R_TILEMAP);
	agx4_golden_put(&l, 0x048, 8, 0x88);
	agx4_golden_put(&l, 0x050, 4, 1);
	agx4_golden_put(&l, 0x054, 4, 0x80008);
	agx4_golden_put(&l, 0x068, 4, 0x3b0dbd2a);
	agx4_golden_put(&l, 0x06c, 4, 0x3b3cfc8e);
	agx4_golden_put(&l, 0x078, 8, 25 * 19);
	agx4_golden_regs(&l, 0x080, g16_frag_regs, ARRAY_SIZE(g16_frag_regs));
	agx4_golden_put(&l, 0x680, 8, 0x8c020001dddc00ull);
	agx4_golden_put(&l, 0x688, 8, 0xa0001de1800ull);
	agx4_golden_put(&l, 0x690, 8, 0x8c020200029800ull);
	agx4_golden_put(&l, 0x698, 8, 0x220200039520ull);
	agx4_golden_put(&l, 0x780, 8, R_FR_ALIAS + 0x80);
	agx4_golden_put(&l, 0x788, 2, 0x51);
	agx4_golden_put(&l, 0x78a, 2, 0x51 * 12);
	agx4_golden_put(&l, 0x7a0, 8, 0x1100004000ull);
	agx4_golden_put(&l, 0x7b0, 8, 0x1100000000ull);
	agx4_golden_put(&l, 0x7c0, 8, 0x1100008000ull);
	agx4_golden_put(&l, 0x8f8, 8, 0x21);
	agx4_golden_put(&l, 0x900, 8, 0x1000);
	agx4_golden_put(&l, 0x928, 8, 0x23);
	agx4_golden_put(&l, 0x930, 8, 0x3000);
	agx4_golden_put(&l, 0x938, 8, 0x1234);
	agx4_golden_put(&l, 0x940, 4, 0x04040404);
	agx4_golden_put(&l, 0x948, 8, 0x1200000000ull);
	agx4_golden_put(&l, 0x950, 8, 0x1000);
	agx4_golden_put(&l, 0x958, 8, 0x100);
	agx4_golden_put(&l, 0x960, 8, 0x1200000000ull);
	agx4_golden_put(&l, 0x968, 8, 0x1200000000ull);
	agx4_golden_put(&l, 0x970, 8, 0x1200100000ull);
	agx4_golden_put(&l, 0x978, 8, 0x1300000000ull);
	agx4_golden_put(&l, 0x980, 8, 0x2000);
	agx4_golden_put(&l, 0x988, 8, 0x200);
	agx4_golden_put(&l, 0x990, 8, 0x1300000000ull);
	agx4_golden_put(&l, 0x998, 8, 0x1300000000ull);
	agx4_golden_put(&l, 0x9a0, 8, 0x1300100000ull);
	agx4_golden_put(&l, 0x9b8, 4, 4);
	agx4_golden_put(&l, 0x9c0, 8, 0xc001);
	agx4_golden_put(&l, 0x9c8, 8, 600ull << 32 | 800);
	agx4_golden_put(&l, 0x9d0, 8, 0x100000);
	agx4_golden_put(&l, 0x9d8, 8, 0x10280);
	agx4_golden_put(&l, 0x9f4, 4, 0x22);
	agx4_golden_put(&l, 0x9fc, 8, 0x2000);
	agx4_golden_put(&l, 0xa14, 4, 0x24);
	agx4_golden_put(&l, 0xa1c, 8, 0x4000);
	agx4_golden_put(&l, 0xa28, 4, 0x3f800000);
	agx4_golden_put(&l, 0xa2c, 4, 0xab | 0x300);
	agx4_golden_put(&l, 0xa30, 8, 8);
	agx4_golden_put(&l, 0xa50, 8, 0x257031f);
	agx4_golden_put(&l, 0xb80, 4, 0);
	agx4_golden_put(&l, 0xb88, 8, R_LIFE_FR >> 32);
	agx4_golden_put(&l, 0xb90, 4, 0xffffffff);
	agx4_golden_put(&l, 0xb94, 8, 0x1400000000ull);
	agx4_golden_put(&l, 0xb9c, 4, 3);
	agx4_golden_put(&l, 0xba0, 4, 4);
	agx4_golden_put(&l, 0xba4, 4, 1);
	agx4_golden_put(&l, 0xba8, 4, 1);
	agx4_golden_put(&l, 0xbac, 4, 0);
	agx4_golden_put(&l, 0xbc0, 8, R_FR_DSTAMP);
	agx4_golden_put(&l, 0xbc8, 8, R_FR_FSTAMP);
	agx4_golden_put(&l, 0xbd0, 4, 0x200);
	agx4_golden_put(&l, 0xbd4, 4, 0x23);
	agx4_golden_put(&l, 0xbdc, 4, 1);
	agx4_golden_put(&l, 0xbe0, 4, 0x900a6ba);
	agx4_golden_put(&l, 0xbe8, 8, 0);
	agx4_golden_put(&l, 0xc10, 8, R_PROF + 0x10);
	agx4_golden_put(&l, 0xc18, 8, R_PROF + 0x18);
	agx4_golden_put(&l, 0xc20, 8, R_TS + 0x10);
	agx4_golden_put(&l, 0xc28, 8, R_TS + 0x18);
	agx4_golden_put(&l, 0xc47, 8, 1ull << 56 | R_SUPPORT >> 8);
	agx4_golden_put(&l, 0xc50, 8, 0x113a0);
	agx4_golden_put(&l, 0xc58, 8, 1ull << 56 | R_FR_TAIL >> 8);
	agx4_golden_put(&l, 0xc80, 8, 0x100000000ull);
	n += agx4_golden_expect(test, bufs[2].ptr, 0xcc0, l.g, l.n, "G16 3D work");

	/* 3D microsequence */
	agx4_golden_init(test, &l, 128);
	agx4_golden_put(&l, 0x000, 4, 7);
	agx4_golden_put(&l, 0x014, 8, w + 0x80);
	agx4_golden_put(&l, 0x01c, 8, R_SCENE);
	agx4_golden_put(&l, 0x024, 8, R_FR_STATS);
	agx4_golden_put(&l, 0x02c, 8, w + 0xb70);
	agx4_golden_put(&l, 0x034, 8, R_SCENE + 0x54);
	agx4_golden_put(&l, 0x03c, 8, w + 0xbb0);
	agx4_golden_put(&l, 0x044, 8, w + 0xbb4);
	agx4_golden_put(&l, 0x04c, 8, R_FR_Q);
	agx4_golden_put(&l, 0x054, 8, w);
	agx4_golden_put(&l, 0x05c, 4, 9);
	agx4_golden_put(&l, 0x060, 4, 3);
	agx4_golden_put(&l, 0x068, 8, 7);
	agx4_golden_put(&l, 0x07c, 8, w + 0xa58);
	agx4_golden_put(&l, 0x084, 8, w + 0xbf0);
	agx4_golden_put(&l, 0x0a0, 4, 0x900a6ba);
	agx4_golden_put(&l, 0x1b0, 8, R_SUPPORT);
	agx4_golden_put(&l, 0x1c8, 8, R_FR_STATUS);
	agx4_golden_put(&l, 0x1e0, 4, 0x23);
	agx4_golden_put(&l, 0x1e4, 4, 1);
	agx4_golden_ts(&l, 0x1ec, 0x80000003, w + 0xc08, w + 0xc10, w + 0xc10, R_FR_Q,
		       w + 0xc20, w + 0xc70, w + 0xb84, 0x900a6ba);
	agx4_golden_put(&l, 0x238, 4, 1);
	agx4_golden_ts(&l, 0x23c, 3, w + 0xc08, w + 0xc10, w + 0xc18, R_FR_Q,
		       w + 0xc20, w + 0xc70, w + 0xb84, 0x900a6ba);
	agx4_golden_put(&l, 0x288, 4, 8);
	agx4_golden_put(&l, 0x28c, 4, 0x900a6ba);
	agx4_golden_put(&l, 0x294, 8, R_FR_FSTAMP);
	agx4_golden_put(&l, 0x29c, 4, 0x200);
	agx4_golden_put(&l, 0x2a4, 8, R_SCENE);
	agx4_golden_put(&l, 0x2ac, 8, R_BM);
	agx4_golden_put(&l, 0x2b4, 4, 1);
	agx4_golden_put(&l, 0x2b8, 8, R_FR_STATS);
	agx4_golden_put(&l, 0x2c0, 8, w + 0xbb0);
	agx4_golden_put(&l, 0x2c8, 8, w + 0xbb4);
	agx4_golden_put(&l, 0x2d0, 8, w + 0xb70);
	agx4_golden_put(&l, 0x2d8, 8, R_FR_Q);
	agx4_golden_put(&l, 0x2e0, 8, w);
	agx4_golden_put(&l, 0x2e8, 4, 9);
	agx4_golden_put(&l, 0x2ec, 8, w + 0xa58);
	agx4_golden_put(&l, 0x320, 8, R_FR_MS + 0x1b0);
	agx4_golden_put(&l, 0x328, 4, (u32)-0x288);
	agx4_golden_put(&l, 0x32d, 8, w + 0xc60);
	agx4_golden_put(&l, 0x335, 8, 0x110100000001ull);
	agx4_golden_put(&l, 0x344, 4, 0x40000002);
	n += agx4_golden_expect(test, bufs[3].ptr, 0x380, l.g, l.n, "G16 3D ms");

	/* Preludes: TVB init, and the 3D barrier on the TA. */
	agx4_golden_init(test, &l, 8);
	agx4_golden_put(&l, 0x00, 4, 6);
	agx4_golden_put(&l, 0x04, 4, 9);
	agx4_golden_put(&l, 0x08, 4, 7);
	agx4_golden_put(&l, 0x10, 4, 11);
	agx4_golden_put(&l, 0x14, 8, R_BM);
	agx4_golden_put(&l, 0x1c, 4, 0xd00);
	n += agx4_golden_expect(test, bufs[4].ptr, 0x40, l.g, l.n, "G16 TA prelude");
	agx4_golden_init(test, &l, 8);
	agx4_golden_put(&l, 0x00, 4, 4);
	agx4_golden_put(&l, 0x04, 8, R_TA_FSTAMP);
	agx4_golden_put(&l, 0x0c, 8, R_TA_FSTAMP);
	agx4_golden_put(&l, 0x14, 4, 0xd00);
	agx4_golden_put(&l, 0x20, 4, 0x22);
	agx4_golden_put(&l, 0x24, 4, 0x200);
	agx4_golden_put(&l, 0x28, 4, 0x900a6ba);
	agx4_golden_put(&l, 0x30, 4, 0);
	n += agx4_golden_expect(test, bufs[5].ptr, 0x40, l.g, l.n, "G16 3D prelude");
	agx4_layout_checked[0] += n;
}

/* The G16 compute program for agx4_golden_compute_inputs(), in order. */
static const struct agx4_golden_reg g16_compute_regs[] = {
	{ 0x1a510, C_RES }, { 0x1a420, C_ENTRY },
	{ 0x1a4d0, C_RES + 0x1480 }, { 0x1a4d8, C_RES + 0x1488 },
	{ 0x1a4e0, C_RES + 0x1490 }, { 0x1a4e8, C_RES + 0x1498 },
	{ 0x1a440, 0x154024201ull }, { 0x1a458, 0x10c08ae0 },
	{ 0x101d9, 0x1c }, { 0x1a089, 0 }, { 0x1a091, 0 }, { 0x1a059, 0 },
	{ 0x1a061, 0 }, { 0x1a0b9, 0 }, { 0x1a0c1, 0 }, { 0x101d1, 0 },
	{ 0xd479, 0 }, { 0x1a0e9, 8 }, { 0x107a1, 0xff0000 },
	{ 0xa599, 0x20000400020ull }, { 0xd411, 0x200000001ull },
	{ 0x1a540, (1ull << 32) + 1 }, { 0x14a9, (1ull << 32) + 1 },
	{ 0xa351, (1ull << 32) + 1 },
};

static void agx4_fw_layout_g16_compute_golden_bytes(struct kunit *test)
{
	struct agx4_compute_desc *d = kunit_kzalloc(test, sizeof(*d),
						    GFP_KERNEL);
	struct agx4_fw_compute_in in;
	struct agx4_fw_buf bufs[4];
	struct agx4_golden_list l;
	const u64 w = C_WORK;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	agx4_golden_compute_inputs(d, &in);
	agx4_golden_make_bufs(test, agx4_fw_g16_compute_objs,
			      ARRAY_SIZE(agx4_fw_g16_compute_objs), bufs,
			      ARRAY_SIZE(bufs));
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_compute_objs[0].size, 0x8c0);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_compute_objs[1].size, 0x300);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g16_compute_regs), 24);
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_compute(d, &in, bufs), 0);

	agx4_golden_init(test, &l, 128);
	agx4_golden_put(&l, 0x000, 4, 3);
	agx4_golden_put(&l, 0x004, 8, 2);
	agx4_golden_put(&l, 0x00c, 4, 1);
	agx4_golden_put(&l, 0x010, 8, w + 0x1400);
	agx4_golden_regs(&l, 0x020, g16_compute_regs, ARRAY_SIZE(g16_compute_regs));
	agx4_golden_put(&l, 0x720, 8, C_ALIAS + 0x20);
	agx4_golden_put(&l, 0x728, 4, 24 | 288 << 16);
	agx4_golden_put(&l, 0x760, 8, C_MS);
	agx4_golden_put(&l, 0x768, 4, 0x300);
	agx4_golden_put(&l, 0x798, 8, C_RES);
	agx4_golden_put(&l, 0x7a0, 8, C_CDM + 0x1000 - 4);
	agx4_golden_put(&l, 0x7c8, 4, 0x54024201);
	agx4_golden_put(&l, 0x7cc, 4, 1);
	agx4_golden_put(&l, 0x7e0, 4, 1);
	agx4_golden_put(&l, 0x7e8, 8, 0xffffffff);
	agx4_golden_put(&l, 0x7f0, 4, 0);
	agx4_golden_put(&l, 0x7f4, 4, 0);
	agx4_golden_put(&l, 0x800, 8, w + 0x1600);
	agx4_golden_put(&l, 0x808, 8, w + 0x1680);
	agx4_golden_put(&l, 0x810, 4, 0x200);
	agx4_golden_put(&l, 0x814, 4, 4);
	agx4_golden_put(&l, 0x81c, 4, 1);
	agx4_golden_put(&l, 0x820, 4, 2);
	agx4_golden_put(&l, 0x828, 4, 5);
	agx4_golden_put(&l, 0x834, 8, w + 0x1700);
	agx4_golden_put(&l, 0x83c, 8, w + 0x1708);
	agx4_golden_put(&l, 0x86a, 8, C_SUPPORT);
	agx4_golden_put(&l, 0x872, 1, 1);
	agx4_golden_put(&l, 0x874, 4, 0x21b00);
	agx4_golden_put(&l, 0x87c, 4, 0x11700);
	agx4_golden_put(&l, 0x88b, 1, 1);
	n += agx4_golden_expect(test, bufs[0].ptr, 0x8c0, l.g, l.n,
				"G16 compute work");

	agx4_golden_init(test, &l, 96);
	agx4_golden_put(&l, 0x000, 4, 0xb);
	agx4_golden_put(&l, 0x014, 8, w + 0x20);
	agx4_golden_put(&l, 0x01c, 8, C_STATS);
	agx4_golden_put(&l, 0x024, 8, C_Q);
	agx4_golden_put(&l, 0x02c, 4, 1);
	agx4_golden_put(&l, 0x030, 4, 1);
	agx4_golden_put(&l, 0x034, 4, 2);
	agx4_golden_put(&l, 0x044, 8, w + 0x76c);
	agx4_golden_put(&l, 0x050, 4, 2);
	agx4_golden_put(&l, 0x160, 8, C_SUPPORT);
	agx4_golden_put(&l, 0x178, 8, C_MARKER);
	agx4_golden_put(&l, 0x188, 8, C_SCRATCH);
	agx4_golden_put(&l, 0x190, 8, C_SCRATCH + 0xf400);
	agx4_golden_put(&l, 0x198, 8, C_SCRATCH + 0x1e800);
	agx4_golden_put(&l, 0x1a0, 8, C_SCRATCH + 0x1f000);
	agx4_golden_put(&l, 0x1a8, 8, w + 0x8ac);
	agx4_golden_put(&l, 0x1b0, 4, 2);
	agx4_golden_put(&l, 0x1b8, 4, 4);
	agx4_golden_ts(&l, 0x1bc, 0x80000003, w + 0x82c, w + 0x834, w + 0x834, C_Q,
		       w + 0x17c0, w + 0x89c, w + 0x7dc, 2);
	agx4_golden_put(&l, 0x208, 4, 1);
	agx4_golden_ts(&l, 0x20c, 3, w + 0x82c, w + 0x834, w + 0x83c, C_Q,
		       w + 0x17c0, w + 0x89c, w + 0x7dc, 2);
	agx4_golden_put(&l, 0x258, 4, 0xc);
	agx4_golden_put(&l, 0x25c, 8, C_STATS);
	agx4_golden_put(&l, 0x264, 8, C_Q);
	agx4_golden_put(&l, 0x26c, 4, 1);
	agx4_golden_put(&l, 0x270, 8, w + 0x76c);
	agx4_golden_put(&l, 0x27c, 4, 2);
	agx4_golden_put(&l, 0x284, 8, w + 0x1680);
	agx4_golden_put(&l, 0x28c, 4, 0x200);
	agx4_golden_put(&l, 0x2b4, 8, C_MS + 0x160);
	agx4_golden_put(&l, 0x2bc, 4, (u32)-0x258);
	agx4_golden_put(&l, 0x2c1, 8, w + 0x8ac);
	agx4_golden_put(&l, 0x2c9, 8, w + 0x88c);
	agx4_golden_put(&l, 0x2d4, 4, 0x40000002);
	n += agx4_golden_expect(test, bufs[1].ptr, 0x300, l.g, l.n, "G16 compute ms");

	/* The entry trampoline; the user timestamp pair. */
	agx4_golden_init(test, &l, 4);
	agx4_golden_put(&l, 0, 4, 0x600fffff);
	agx4_golden_put(&l, 4, 4, 0x20000000 | upper_32_bits(C_CDM));
	agx4_golden_put(&l, 8, 4, lower_32_bits(C_CDM));
	n += agx4_golden_expect(test, bufs[2].ptr, 12, l.g, l.n, "G16 CDM entry");
	agx4_golden_init(test, &l, 2);
	agx4_golden_put(&l, 0, 8, R_TS + 0x20);
	agx4_golden_put(&l, 8, 8, R_TS + 0x28);
	n += agx4_golden_expect(test, bufs[3].ptr, 16, l.g, l.n, "G16 ts pair");
	agx4_layout_checked[0] += n;
}

/* The G17P TA program for agx4_golden_g17p_render_inputs(), in order. */
static const struct agx4_golden_reg g17p_ta_regs[] = {
	{ 0x1748, 1 }, { 0x10141, 512 },
	{ 0x1c039, 0x1000000 }, { 0x1c9c8, 0x1000000 },
	{ 0x1c0a1, 0x1028000 },
	{ 0x1c031, 0x35d0000 | 1ull << 63 }, { 0x1c9c0, 0x35d0000 | 1ull << 63 },
	{ 0x1c051, 0x3a0012006b0003ull }, { 0x1c061, 1 },
	{ 0x10149, 0xa000 }, { 0x10139, 0x99 },
	{ 0x10111, 0x102c2a0 }, { 0x1c9b0, 0x102c2a0 },
	{ 0x10119, 0x102c020 }, { 0x1c9b8, 0x102c020 },
	{ 0x1c958, 1 }, { 0x1c950, 0x102c000 | 1ull << 50 }, { 0x1c930, 0 },
	{ 0x1c880, 0x4000000 },
	{ 0x1c079, 0x35d0000 }, { 0x1c9d8, 0x35d0000 },
	{ 0x10151, 0 }, { 0x1c199, 0 }, { 0x1c1a1, 0 }, { 0x1c1a9, 0 },
	{ 0x1c1b1, 0 }, { 0x1c1b9, 0 }, { 0x1c8f8, 0x8860 },
	{ 0x1c0b1, 80 }, { 0x1c850, 80 }, { 0x10131, 0x99 },
	{ 0x10121, 0x202 }, { 0x10129, 0x257031f }, { 0x101b9, 0x12018 },
	{ 0x1c069, 0x202018 }, { 0x1c071, 0x202018 }, { 0x1c081, 64 },
	{ 0x1c0a9, 128 }, { 0x10171, 256 }, { 0x10169, 0x8000 },
	{ 0xa309, 0 }, { 0x1c8e0, ~0ull }, { 0x1c8e8, ~0ull }, { 0x1c898, 0 },
	{ 0x101e1, 28 }, { 0x1c9e8, 0 },
	{ 0x1a099, 0 }, { 0x1a0a1, 0 }, { 0x1a069, 0 }, { 0x1a071, 0 },
	{ 0x1a0c9, 0 }, { 0x1a0d1, 0 }, { 0x101c9, 0 }, { 0xd471, 0 },
	{ 0x1a0f1, 8 }, { 0x10799, 0xff0000 }, { 0x1c830, 1 },
	{ 0x1ca30, 0x240030 }, { 0x16c39, 0x240030 }, { 0x1c910, 0x80005 },
	{ 0xa5a1, 0xfe00400020ull }, { 0xd419, 0x200000001ull },
	{ 0x1ca10, R_LIFE_TA }, { 0x14a1, R_LIFE_TA }, { 0xa349, R_LIFE_TA },
	{ 0x10209, 0x901 }, { 0x1c9f0, 0x901 }, { 0x14320, 0x901 },
	{ 0x14308, 0 }, { 0x14318, R_TA_STATUS | 1 }, { 0x1740, 1 },
	{ 0x1c880, 0x102c2a0 }, { 0x1c898, 1 },
};

/* The G17P main 3D program for agx4_golden_g17p_render_inputs(), in order. */
static const struct agx4_golden_reg g17p_frag_regs[] = {
	{ 0x1739, 1 }, { 0x10009, 0xa000 },
	{ 0x15379, 0x22 }, { 0x15381, 0x2000 },
	{ 0x15369, 0x21 }, { 0x15371, 0x1000 },
	{ 0x15131, 0x3b0dbd2a }, { 0x15139, 0x3b3cfc8e },
	{ 0x100a1, 0 }, { 0x15069, 0 }, { 0x15071, 0 }, { 0x16058, 0 },
	{ 0x10019, 0x99 }, { 0x100b1, 0x80008 }, { 0x16030, 0x80008 },
	{ 0x100d9, 0x12018 }, { 0xa301, 0 }, { 0x10791, 0xff0200 },
	{ 0x16098, R_HEAPMETA }, { 0x15109, 0x1100000000ull },
	{ 0x15101, 0x1100004000ull }, { 0x15021, 0xc001 },
	{ 0x15211, 600ull << 32 | 800 }, { 0x15049, 0x100000 },
	{ 0x10051, 4 }, { 0x15321, 0x257031f }, { 0x15301, 0x3f800000 },
	{ 0x15309, 0x3ab }, { 0x15311, 0x1100008000ull },
	{ 0x15319, 0x1234 }, { 0x15349, 0x04040404 }, { 0x15351, 0 },
	{ 0x15329, 0x1200000000ull }, { 0x15331, 0x1200000000ull },
	{ 0x15339, 0x1300000000ull }, { 0x15341, 0x1300000000ull },
	{ 0x15231, 0 }, { 0x15221, 0 }, { 0x15239, 0 }, { 0x15229, 0 },
	{ 0x15401, 0x1000 }, { 0x15421, 0x1000 },
	{ 0x15409, 0x2000 }, { 0x15429, 0x2000 },
	{ 0x153c1, 0x1200100000ull }, { 0x15411, 0x100 },
	{ 0x153c9, 0x1200100000ull }, { 0x15431, 0x100 },
	{ 0x153d1, 0x1300100000ull }, { 0x15419, 0x200 },
	{ 0x153d9, 0x1300100000ull }, { 0x15439, 0x200 },
	{ 0x16429, R_TILEMAP }, { 0x16060, R_HEAPMETA },
	{ 0x16431, 320ull << 24 }, { 0x10039, 0x10280 },
	{ 0x16020, 0 }, { 0x16451, 0 }, { 0x15359, 0 }, { 0x100b8, 0x8860 },
	{ 0x16461, R_AUX }, { 0x16090, R_AUX }, { 0x101e9, 28 },
	{ 0x160a8, 0 }, { 0x16068, 0x2418a200003717full },
	{ 0x1a0a9, 0 }, { 0x1a0b1, 0 }, { 0x1a079, 0 }, { 0x1a081, 0 },
	{ 0x1a0d9, 0 }, { 0x1a0e1, 0 }, { 0x101c1, 0 }, { 0xd469, 0 },
	{ 0x1a0f9, 8 }, { 0xa5a9, 0x14600400020ull },
	{ 0xd429, 0x200000001ull },
	{ 0x160e0, R_LIFE_FR }, { 0x1499, R_LIFE_FR }, { 0xa341, R_LIFE_FR },
	{ 0x1c838, 1 }, { 0x1ca28, 0x240030 },
	{ 0x10211, 0x901 }, { 0x10420, 0x901 },
	{ 0x14048, 0 }, { 0x14080, R_FR_STATUS | 1 },
	{ 0x1731, 1 }, { 0x16020, 1 }, { 0x16020, 0 }, { 0x16068, 0x40000 },
};

#define DEPTH	0x1200000000ull
#define DCOMP	0x1200100000ull
#define STEN	0x1300000000ull
#define SCOMP	0x1300100000ull

/* The partial programs, in order. */
static const struct agx4_golden_reg g17p_pstore_regs[] = {
	{ 0x15379, 0x24 }, { 0x15381, 0x4000 }, { 0x10039, 0x10280 },
	{ 0x15359, 0x20 }, { 0x15331, DEPTH }, { 0x153c9, DCOMP },
	{ 0x15341, STEN }, { 0x153d9, SCOMP }, { 0x15421, 0x1000 },
	{ 0x15431, 0x100 }, { 0x15429, 0x2000 }, { 0x15439, 0x200 },
	{ 0x15221, 0 }, { 0x15229, 0 }, { 0x15319, 0x1234 },
	{ 0x15349, 0x04040404 },
};

static const struct agx4_golden_reg g17p_presume_regs[] = {
	{ 0x15379, 0x24 }, { 0x15381, 0x4000 }, { 0x15369, 0x23 },
	{ 0x15371, 0x3000 }, { 0x10039, 0x0280 }, { 0x15359, 0x20 },
	{ 0x15331, DEPTH }, { 0x153c9, DCOMP }, { 0x15341, STEN },
	{ 0x153d9, SCOMP }, { 0x15421, 0x1000 }, { 0x15431, 0x100 },
	{ 0x15429, 0x2000 }, { 0x15439, 0x200 }, { 0x15221, 0 },
	{ 0x15229, 0 }, { 0x15309, 0x3ab }, { 0x15329, DEPTH },
	{ 0x153c1, DCOMP }, { 0x15339, STEN }, { 0x153d1, SCOMP },
	{ 0x15319, 0x1234 }, { 0x15349, 0x04040404 },
};

static const struct agx4_golden_reg g17p_pload_regs[] = {
	{ 0x15369, 0x23 }, { 0x15371, 0x3000 }, { 0x10039, 0x0280 },
	{ 0x15309, 0x3ab }, { 0x15329, DEPTH }, { 0x153c1, DCOMP },
	{ 0x15339, STEN }, { 0x153d1, SCOMP }, { 0x15319, 0x1234 },
	{ 0x15349, 0x04040404 },
};

/*
 * The G17P 3D descriptor says how many samples a render has and whether
 * it is multisampled (+0x50, +0x212c), and sets fragment sync grow
 * (+0x2100) exactly when empty tiles are not processed (+0x2124): the
 * reference's forms, for 1, 2 and 4 samples, with and without
 * PROCESS_EMPTY_TILES.
 */
static void agx4_fw_layout_g17p_render_samples_and_sync_grow(struct kunit *test)
{
	static const u32 samples[] = { 1, 2, 4 };
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_fw_render_in in;
	struct agx4_fw_buf bufs[4];
	unsigned int i, empty;
	const u8 *fr;

	KUNIT_ASSERT_NOT_NULL(test, d);
	for (i = 0; i < ARRAY_SIZE(samples); i++) {
		for (empty = 0; empty < 2; empty++) {
			agx4_golden_g17p_render_inputs(d, &in);
			d->cmd.samples = samples[i];
			d->cmd.utile_width_px = 16;
			d->cmd.utile_height_px = 16;
			if (!empty)
				d->cmd.flags &= ~DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
			agx4_golden_make_bufs(test, agx4_fw_g17p_render_objs,
					      ARRAY_SIZE(agx4_fw_g17p_render_objs), bufs,
					      ARRAY_SIZE(bufs));
			KUNIT_ASSERT_EQ(test,
					agx4_fw_g17p_build_render(d, &in, bufs),
					0);
			fr = bufs[2].ptr;
			KUNIT_EXPECT_EQ(test, get_unaligned_le32(fr + 0x50),
					samples[i]);
			KUNIT_EXPECT_EQ(test, get_unaligned_le32(fr + 0x212c),
					samples[i] > 1 ? 1 : 0);
			KUNIT_EXPECT_EQ(test, fr[0x2124], empty);
			KUNIT_EXPECT_EQ(test, fr[0x2100], !empty);
		}
	}
}

/*
 * G17P 3D +0x1fac and +0x1fb0 are two words (G17P-27): the stencil clear
 * | 0x300, and the UAPI sample size, or the tile-buffer blocks * 2 when
 * it is 0 (the reference's structural tail), not one u64 of the blocks
 * << 33 | 0x300.
 */
static void agx4_fw_layout_g17p_render_stencil_and_sample_size_words(struct kunit *test)
{
	static const struct {
		u32 samples, sample_size, stencil;
		u32 want_1fac, want_1fb0;
	} rows[] = {
		/* 8 B x 16 x 16 x 1 = 1 block. */
		{ 1, 8, 0x1ab, 0x3ab, 8 },
		{ 1, 0, 0, 0x300, 0 },
		/* 8 B x 16 x 16 x 4 = 4 blocks; the literal sample size. */
		{ 4, 8, 0xff, 0x3ff, 8 },
		{ 4, 16, 0x12, 0x312, 16 },
	};
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_fw_render_in in;
	struct agx4_fw_buf bufs[4];
	unsigned int i;
	const u8 *fr;

	KUNIT_ASSERT_NOT_NULL(test, d);
	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		agx4_golden_g17p_render_inputs(d, &in);
		d->cmd.samples = rows[i].samples;
		d->cmd.sample_size_B = rows[i].sample_size;
		d->cmd.isp_bgobjvals = rows[i].stencil;
		d->cmd.utile_width_px = 16;
		d->cmd.utile_height_px = 16;
		agx4_golden_make_bufs(test, agx4_fw_g17p_render_objs,
				      ARRAY_SIZE(agx4_fw_g17p_render_objs), bufs,
				      ARRAY_SIZE(bufs));
		KUNIT_ASSERT_EQ(test, agx4_fw_g17p_build_render(d, &in, bufs),
				0);
		fr = bufs[2].ptr;
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(fr + 0x1fac),
				    rows[i].want_1fac, "row %u", i);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(fr + 0x1fb0),
				    rows[i].want_1fb0, "row %u", i);
	}
}

static void agx4_fw_layout_g17p_render_golden_bytes(struct kunit *test)
{
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_fw_render_in in;
	struct agx4_fw_buf bufs[4];
	struct agx4_golden_list l;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	agx4_golden_g17p_render_inputs(d, &in);
	agx4_golden_make_bufs(test, agx4_fw_g17p_render_objs,
			      ARRAY_SIZE(agx4_fw_g17p_render_objs), bufs,
			      ARRAY_SIZE(bufs));
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_render_objs[0].size, 0x9c0);
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_render_objs[1].size, 0x40);
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_render_objs[2].size, 0x2240);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g17p_ta_regs), 73);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g17p_frag_regs), 89);
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_build_render(d, &in, bufs), 0);

	/* TA descriptor */
	agx4_golden_init(test, &l, 256);
	agx4_golden_put(&l, 0x000, 4, 0);
	agx4_golden_put(&l, 0x004, 8, 3);
	agx4_golden_put(&l, 0x00c, 4, 9);
	agx4_golden_put(&l, 0x010, 8, P_POOL_A);
	agx4_golden_put(&l, 0x018, 4, 1);
	agx4_golden_put(&l, 0x020, 8, P_SHARED_A);
	agx4_golden_put(&l, 0x028, 8, P_POOL_B);
	agx4_golden_put(&l, 0x030, 8, P_SHARED_B);
	agx4_golden_put(&l, 0x038, 1, 0x47);
	agx4_golden_put(&l, 0x03a, 1, 0x49);
	agx4_golden_put(&l, 0x03c, 1, 0x49);
	agx4_golden_put(&l, 0x048, 4, 4);
	agx4_golden_regs(&l, 0x060, g17p_ta_regs, ARRAY_SIZE(g17p_ta_regs));
	agx4_golden_put(&l, 0x760, 8, R_TA_ALIAS + 0x60);
	agx4_golden_put(&l, 0x768, 4, 0x036c0049);
	agx4_golden_put(&l, 0x780, 8, R_TPC);
	/* TPC bytes: 800x600 in 32x32 utiles is 8x8 macrotiles, 2 * 64 * 64. */
	agx4_golden_put(&l, 0x788, 8, 0x2000);
	agx4_golden_put(&l, 0x79c, 4, 1);
	agx4_golden_put(&l, 0x7a0, 4, 2 * 0x100);
	agx4_golden_put(&l, 0x7a8, 4, 2);
	agx4_golden_put(&l, 0x7b0, 4, 2 * 0x101);
	agx4_golden_put(&l, 0x7d6, 4, 0x102c2a0);
	agx4_golden_put(&l, 0x86e, 8, R_LIFE_TA >> 32);
	agx4_golden_put(&l, 0x876, 4, 0xffffffff);
	agx4_golden_put(&l, 0x87a, 8, 0x1400000000ull);
	agx4_golden_put(&l, 0x882, 4, 3);
	agx4_golden_put(&l, 0x886, 4, 4);
	agx4_golden_put(&l, 0x892, 1, 1);
	agx4_golden_put(&l, 0x8a6, 8, P_TA_D0);
	agx4_golden_put(&l, 0x8ae, 8, P_TA_D1);
	/* Over the top of the second slot: item << 24 | 0xffff. */
	agx4_golden_put(&l, 0x8b4, 4, 2 << 24 | 0xffff);
	agx4_golden_put(&l, 0x8ba, 4, 0);
	agx4_golden_put(&l, 0x8c4, 4, 2 << 16);
	agx4_golden_put(&l, 0x8c8, 4, 2 << 24);
	agx4_golden_put(&l, 0x8ce, 4, R_LIFE_TA & 0xffffffff);
	agx4_golden_put(&l, 0x8d4, 4, 1 << 16);
	agx4_golden_put(&l, 0x8fe, 8, P_STAMP_A);
	agx4_golden_put(&l, 0x906, 8, P_STAMP_A + 8);
	agx4_golden_put(&l, 0x90e, 8, R_TS);
	agx4_golden_put(&l, 0x916, 8, R_TS + 8);
	agx4_golden_put(&l, 0x932, 1, 0x44);
	agx4_golden_put(&l, 0x934, 8, R_SUPPORT);
	agx4_golden_put(&l, 0x93c, 1, 1);
	agx4_golden_put(&l, 0x945, 8, P_TA_STATUS);
	agx4_golden_put(&l, 0x94d, 1, 1);
	n += agx4_golden_expect(test, bufs[0].ptr, 0x9c0, l.g, l.n, "G17P TA");

	/* Event items: 0x0e, 0x10000 | grid, group << 8 | counter, kind << 8. */
	agx4_golden_init(test, &l, 4);
	agx4_golden_put(&l, 0x00, 4, 0x0e);
	agx4_golden_put(&l, 0x04, 4, 0x10000);
	agx4_golden_put(&l, 0x08, 4, 0x1234);
	agx4_golden_put(&l, 0x10, 4, 0);
	n += agx4_golden_expect(test, bufs[1].ptr, 0x40, l.g, l.n, "G17P TA event");
	agx4_golden_init(test, &l, 4);
	agx4_golden_put(&l, 0x00, 4, 0x0e);
	agx4_golden_put(&l, 0x04, 4, 0x10001);
	agx4_golden_put(&l, 0x08, 4, 0x1235);
	agx4_golden_put(&l, 0x10, 4, 0x100);
	n += agx4_golden_expect(test, bufs[3].ptr, 0x40, l.g, l.n, "G17P 3D event");

	/* 3D descriptor */
	agx4_golden_init(test, &l, 512);
	agx4_golden_put(&l, 0x000, 4, 1);
	agx4_golden_put(&l, 0x004, 8, 2);
	agx4_golden_put(&l, 0x00c, 4, 9);
	agx4_golden_put(&l, 0x020, 8, P_POOL_A);
	agx4_golden_put(&l, 0x028, 8, P_SHARED_A);
	agx4_golden_put(&l, 0x030, 8, P_POOL_B);
	agx4_golden_put(&l, 0x038, 8, P_SHARED_B);
	agx4_golden_put(&l, 0x040, 8, R_TILEMAP);
	agx4_golden_put(&l, 0x048, 8, 0x99);
	agx4_golden_put(&l, 0x050, 4, 1);
	agx4_golden_put(&l, 0x054, 4, 0x80008);
	agx4_golden_put(&l, 0x068, 4, 0x3b0dbd2a);
	agx4_golden_put(&l, 0x06c, 4, 0x3b3cfc8e);
	agx4_golden_put(&l, 0x078, 8, 25 * 19);
	agx4_golden_put(&l, 0x080, 1, 0x56);
	agx4_golden_put(&l, 0x082, 1, 0x57);
	agx4_golden_put(&l, 0x084, 1, 0x57);
	agx4_golden_put(&l, 0x088, 1, 0x59);
	agx4_golden_put(&l, 0x090, 4, 2);
	agx4_golden_regs(&l, 0x0a0, g17p_frag_regs, ARRAY_SIZE(g17p_frag_regs));
	agx4_golden_put(&l, 0x7a0, 8, R_FR_ALIAS + 0xa0);
	agx4_golden_put(&l, 0x7a8, 4, (89 * 12) << 16 | 89);
	agx4_golden_regs(&l, 0x7c0, g17p_pstore_regs, ARRAY_SIZE(g17p_pstore_regs));
	agx4_golden_put(&l, 0xec0, 8, R_FR_ALIAS + 0x7c0);
	agx4_golden_put(&l, 0xec8, 4, (16 * 12) << 16 | 16);
	agx4_golden_regs(&l, 0xee0, g17p_presume_regs, ARRAY_SIZE(g17p_presume_regs));
	agx4_golden_put(&l, 0x15e0, 8, R_FR_ALIAS + 0xee0);
	agx4_golden_put(&l, 0x15e8, 4, (23 * 12) << 16 | 23);
	agx4_golden_regs(&l, 0x1600, g17p_pload_regs, ARRAY_SIZE(g17p_pload_regs));
	agx4_golden_put(&l, 0x1d00, 8, R_FR_ALIAS + 0x1600);
	agx4_golden_put(&l, 0x1d08, 4, (10 * 12) << 16 | 10);
	agx4_golden_put(&l, 0x1d20, 8, 0x1100004000ull);
	agx4_golden_put(&l, 0x1d30, 8, 0x1100000000ull);
	agx4_golden_put(&l, 0x1d40, 8, 0x1100008000ull);
	agx4_golden_put(&l, 0x1e78, 8, 0x21);
	agx4_golden_put(&l, 0x1e80, 8, 0x1000);
	agx4_golden_put(&l, 0x1ea8, 8, 0x23);
	agx4_golden_put(&l, 0x1eb0, 8, 0x3000);
	agx4_golden_put(&l, 0x1eb8, 8, 0x1234);
	agx4_golden_put(&l, 0x1ec0, 4, 0x04040404);
	agx4_golden_put(&l, 0x1ec8, 8, DEPTH);
	agx4_golden_put(&l, 0x1ed0, 8, 0x1000);
	agx4_golden_put(&l, 0x1ed8, 8, 0x100);
	agx4_golden_put(&l, 0x1ee0, 8, DEPTH);
	agx4_golden_put(&l, 0x1ee8, 8, DEPTH);
	agx4_golden_put(&l, 0x1ef0, 8, DCOMP);
	agx4_golden_put(&l, 0x1ef8, 8, STEN);
	agx4_golden_put(&l, 0x1f00, 8, 0x2000);
	agx4_golden_put(&l, 0x1f08, 8, 0x200);
	agx4_golden_put(&l, 0x1f10, 8, STEN);
	agx4_golden_put(&l, 0x1f18, 8, STEN);
	agx4_golden_put(&l, 0x1f20, 8, SCOMP);
	agx4_golden_put(&l, 0x1f38, 8, 4);
	agx4_golden_put(&l, 0x1f40, 8, 0xc001);
	agx4_golden_put(&l, 0x1f48, 4, 800);
	agx4_golden_put(&l, 0x1f4c, 4, 600);
	agx4_golden_put(&l, 0x1f50, 8, 0x100000);
	agx4_golden_put(&l, 0x1f58, 8, 0x10280);
	agx4_golden_put(&l, 0x1f78, 4, 0x22);
	agx4_golden_put(&l, 0x1f7c, 8, 0x2000);
	agx4_golden_put(&l, 0x1f98, 4, 0x24);
	agx4_golden_put(&l, 0x1f9c, 8, 0x4000);
	agx4_golden_put(&l, 0x1fa8, 4, 0x3f800000);
	agx4_golden_put(&l, 0x1fac, 4, 0x1ab | 0x300);
	agx4_golden_put(&l, 0x1fb0, 4, 8);
	agx4_golden_put(&l, 0x1fd0, 8, 0x257031f);
	agx4_golden_put(&l, 0x2108, 8, R_LIFE_FR >> 32);
	agx4_golden_put(&l, 0x2110, 4, 0xffffffff);
	agx4_golden_put(&l, 0x2114, 8, 0x1400000000ull);
	agx4_golden_put(&l, 0x211c, 4, 3);
	agx4_golden_put(&l, 0x2120, 4, 4);
	agx4_golden_put(&l, 0x2124, 1, 1);
	agx4_golden_put(&l, 0x2128, 1, 1);
	agx4_golden_put(&l, 0x2140, 8, P_FR_D0);
	agx4_golden_put(&l, 0x2148, 8, P_FR_D1);
	agx4_golden_put(&l, 0x2150, 4, 2 << 8);
	agx4_golden_put(&l, 0x2154, 4, 1);
	agx4_golden_put(&l, 0x215c, 4, 1);
	agx4_golden_put(&l, 0x2160, 4, 2);
	agx4_golden_put(&l, 0x2164, 4, 2 << 8);
	agx4_golden_put(&l, 0x2168, 8, R_LIFE_FR & 0xffffffff);
	agx4_golden_put(&l, 0x2170, 4, 1);
	agx4_golden_put(&l, 0x2198, 8, P_STAMP_A);
	agx4_golden_put(&l, 0x21a0, 8, P_STAMP_A + 8);
	agx4_golden_put(&l, 0x21a8, 8, R_TS + 0x10);
	agx4_golden_put(&l, 0x21b0, 8, R_TS + 0x18);
	agx4_golden_put(&l, 0x21cc, 1, 0x53);
	agx4_golden_put(&l, 0x21ce, 8, R_SUPPORT);
	agx4_golden_put(&l, 0x21d6, 1, 1);
	agx4_golden_put(&l, 0x21df, 8, P_FR_STATUS);
	agx4_golden_put(&l, 0x21e7, 1, 1);
	agx4_golden_put(&l, 0x2208, 1, 1);
	agx4_golden_put(&l, 0x220c, 1, 1);
	agx4_golden_put(&l, 0x222d, 1, 1);
	n += agx4_golden_expect(test, bufs[2].ptr, 0x2240, l.g, l.n, "G17P 3D");
	agx4_layout_checked[1] += n;

	/*
	 * A render's item is its index + 1 in full, also past a byte (the
	 * reference's): render 299 of a pool.
	 */
	agx4_golden_g17p_render_inputs(d, &in);
	in.ta.item = 300;
	in.frag.item = 300;
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_build_render(d, &in, bufs), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[0].ptr + 0x7a0), 300 << 8);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[0].ptr + 0x7a8), 300);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[0].ptr + 0x7b0),
			300 * 0x101);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[0].ptr + 0x8b4),
			300u << 24 | 0xffff);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[0].ptr + 0x8c4), 300 << 16);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[2].ptr + 0x90), 300);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[2].ptr + 0x2150), 300 << 8);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(bufs[2].ptr + 0x2160), 300);

	/* G17P specifics refused: a sixteenth pool, a second dispatch slot
	 * outside the firmware half.
	 */
	agx4_golden_g17p_render_inputs(d, &in);
	in.bm_slot = 15;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_render(d, &in, bufs), -EINVAL);
	agx4_golden_g17p_render_inputs(d, &in);
	in.ta.dispatch[1] = 0x00001c20c07c0000ull;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_render(d, &in, bufs), -EINVAL);
}

/* The G17P compute programs for agx4_golden_g17p_compute_inputs(), in order. */
static const struct agx4_golden_reg g17p_compute_regs[] = {
	{ 0x1a510, C_RES }, { 0x1a420, C_CDM },
	{ 0x1a4d0, C_RES + 0x1480 }, { 0x1a4d8, C_RES + 0x1488 },
	{ 0x1a4e0, C_RES + 0x1490 }, { 0x1a4e8, C_RES + 0x1498 },
	{ 0x10071, 0x10000000000ull }, { 0x11841, 0 }, { 0x11849, 0 },
	{ 0x11f81, 0 }, { 0x1a440, 0x154024201ull }, { 0x1a458, 0x10c08860 },
	{ 0x101d9, 0x1c }, { 0x1a089, 0 }, { 0x1a091, 0 }, { 0x1a059, 0 },
	{ 0x1a061, 0 }, { 0x1a0b9, 0 }, { 0x1a0c1, 0 }, { 0x101d1, 0 },
	{ 0xd479, 0 }, { 0x1a0e9, 8 }, { 0x107a1, 0xff0000 },
	{ 0xa599, 0x13200400020ull }, { 0xd411, 0x200000001ull },
	{ 0x1a540, (1ull << 32) + 1 }, { 0x14a9, (1ull << 32) + 1 },
	{ 0xa351, (1ull << 32) + 1 },
	{ 0x10201, 1 << 8 | 5 }, { 0x10428, 1 << 8 | 5 },
	{ 0x14028, 0xabc }, { 0x14070, 0x101 },
	{ 0x10229, Q_OS + 0x12800 }, { 0x140a8, Q_OS + 0x13000 },
	{ 0x10099, Q_OS + 0x9405 }, { 0x10091, Q_OS + 0x12400 },
	{ 0xa5c1, Q_OS + 5 }, { 0xa5c9, Q_OS + 0x9000 },
	{ 0x1a440, 0x154024209ull }, { 0xa599, 0x6000400020ull },
};

static const struct agx4_golden_reg g17p_compute_regs2[] = {
	{ 0x10099, Q_OS + 5 }, { 0x10091, Q_OS + 0x9000 },
	{ 0xa5c1, Q_OS + 0x9405 }, { 0xa5c9, Q_OS + 0x12400 },
};

static void agx4_fw_layout_g17p_compute_golden_bytes(struct kunit *test)
{
	struct agx4_compute_desc *d = kunit_kzalloc(test, sizeof(*d),
						    GFP_KERNEL);
	struct agx4_fw_compute_in in;
	struct agx4_fw_buf bufs[2];
	struct agx4_golden_list l;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	agx4_golden_g17p_compute_inputs(d, &in);
	/* User timestamps: start at +0xf8c, end at +0xf94. */
	d->ts = (struct agx4_ts_dests){ R_TS + 0x20, R_TS + 0x28 };
	agx4_golden_make_bufs(test, agx4_fw_g17p_compute_objs,
			      ARRAY_SIZE(agx4_fw_g17p_compute_objs), bufs,
			      ARRAY_SIZE(bufs));
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_compute_objs[0].size, 0x4000);
	/* Written: the first 0x1000 bytes (descriptor slots are 0x1040). */
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_compute_objs[0].written, 0x1000);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g17p_compute_regs), 40);
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_build_compute(d, &in, bufs), 0);

	agx4_golden_init(test, &l, 160);
	agx4_golden_put(&l, 0x000, 4, 3);
	agx4_golden_put(&l, 0x004, 8, 2);
	agx4_golden_put(&l, 0x00c, 4, 1);
	agx4_golden_put(&l, 0x010, 8, Q_SCHED);
	agx4_golden_put(&l, 0x018, 2, 0x22);
	agx4_golden_put(&l, 0x01a, 2, 0x23);
	agx4_golden_put(&l, 0x01c, 2, 0x23);
	agx4_golden_put(&l, 0x01e, 2, 0x24);
	agx4_golden_regs(&l, 0x040, g17p_compute_regs, ARRAY_SIZE(g17p_compute_regs));
	agx4_golden_put(&l, 0x740, 8, C_ALIAS + 0x40);
	agx4_golden_put(&l, 0x748, 4, (40 * 12) << 16 | 40);
	agx4_golden_regs(&l, 0x760, g17p_compute_regs2,
			 ARRAY_SIZE(g17p_compute_regs2));
	agx4_golden_put(&l, 0xe60, 8, C_ALIAS + 0x760);
	agx4_golden_put(&l, 0xe68, 4, 0x300004);
	agx4_golden_put(&l, 0xed8, 8, C_RES);
	agx4_golden_put(&l, 0xee0, 8, C_CDM + 0x1000 - 4);
	agx4_golden_put(&l, 0xf08, 8, 0x154024201ull);
	agx4_golden_put(&l, 0xf20, 4, 1);
	agx4_golden_put(&l, 0xf28, 4, 0xffffffff);
	agx4_golden_put(&l, 0xf2c, 8, 0);
	agx4_golden_put(&l, 0xf34, 4, 0);
	agx4_golden_put(&l, 0xf38, 4, 0);
	agx4_golden_put(&l, 0xf40, 8, Q_D0);
	agx4_golden_put(&l, 0xf48, 8, Q_D1);
	agx4_golden_put(&l, 0xf50, 4, 3 << 8);
	agx4_golden_put(&l, 0xf54, 4, 4);
	agx4_golden_put(&l, 0xf58, 4, 6);
	agx4_golden_put(&l, 0xf60, 4, 7);
	agx4_golden_put(&l, 0xf68, 8, 1);
	agx4_golden_put(&l, 0xf70, 4, 5);
	agx4_golden_put(&l, 0xf7c, 8, Q_S0);
	agx4_golden_put(&l, 0xf84, 8, Q_S0 + 8);
	agx4_golden_put(&l, 0xf8c, 8, R_TS + 0x20);
	agx4_golden_put(&l, 0xf94, 8, R_TS + 0x28);
	agx4_golden_put(&l, 0xfb0, 2, 0x1a);
	agx4_golden_put(&l, 0xfb2, 8, Q_SC);
	agx4_golden_put(&l, 0xfba, 4, 0x1234);
	agx4_golden_put(&l, 0xfbe, 4, 0x5678);
	agx4_golden_put(&l, 0xfc5, 1, 0x9f);
	agx4_golden_put(&l, 0xfcb, 8, Q_ZP);
	agx4_golden_put(&l, 0xfd3, 1, 1);
	n += agx4_golden_expect(test, bufs[0].ptr, 0x1000, l.g, l.n, "G17P compute");
	/* Nothing past the written part (the fill of the test's buffer). */
	KUNIT_EXPECT_NULL(test, memchr_inv(bufs[0].ptr + 0x1000, 0xa5,
					   0x3000 + 1));
	agx4_golden_init(test, &l, 4);
	agx4_golden_put(&l, 0x00, 4, 0x0e);
	agx4_golden_put(&l, 0x04, 4, 0x10004);
	agx4_golden_put(&l, 0x08, 4, 0x2007);
	agx4_golden_put(&l, 0x10, 4, 0x200);
	n += agx4_golden_expect(test, bufs[1].ptr, 0x400, l.g, l.n,
			  "G17P compute event");
	agx4_layout_checked[1] += n;

	/* G17P specifics refused. */
	in.submission_index = 0;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_compute(d, &in, bufs),
			-EINVAL);
	agx4_golden_g17p_compute_inputs(d, &in);
	in.queue_submission = 0x1000000;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_compute(d, &in, bufs),
			-EINVAL);
	/* The firmware runs shaders only at 2^40. */
	agx4_golden_g17p_compute_inputs(d, &in);
	in.usc_base = 1ull << 39;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_compute(d, &in, bufs),
			-EINVAL);
	agx4_golden_g17p_compute_inputs(d, &in);
	d->cmd.helper.binary = 0x1000;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_compute(d, &in, bufs),
			-EOPNOTSUPP);
}

/*
 * The G17P optional record (item type 0xf, 0xc0 bytes) as the render and
 * the compute builders of the reference write it.
 *
 * Both: +0x00 u32 0xf; u64 context low/high at +0x08/+0x10; u16 grid at
 * +0x18; u16 first at +0x1a, +0x52 and +0x62; u16 item and item << 8 at
 * +0x2a/+0x2e; u64 shared control at +0x36; u16 ordinal at +0x3e; u64
 * channel control at +0x4a; u16 UUID at +0x5a; u16 1 at +0x66.
 *
 * Render: u16 +0x22 is 0 (TA) or 1 (3D), u16 +0x26 1; the context at +0x32
 * and +0x56; the scheduler (the class if one is given, else the context) at
 * +0x5e, and at +0x1e and +0x46 only with a class or in context 2.  TA
 * then has u64 tiling shared at +0x6e and u16 lifecycle, namespace and
 * grid + 1 at +0x76, +0x7e, +0x82; 3D has 0x76..0x85 all 0xff.
 *
 * Compute: u16 +0x22 2, +0x26 not written; the caller's scheduler words at
 * +0x1e, +0x46, +0x5e and context words at +0x32, +0x56; 0x76..0x85 0xff.
 */
static void optional_common(struct agx4_golden_list *l,
			    const struct agx4_fw_optional_in *in)
{
	agx4_golden_put(l, 0x00, 4, 0xf);
	agx4_golden_put(l, 0x08, 8, in->context_low);
	agx4_golden_put(l, 0x10, 8, in->context_high);
	agx4_golden_put(l, 0x18, 2, in->grid);
	agx4_golden_put(l, 0x1a, 2, in->first);
	agx4_golden_put(l, 0x2a, 2, in->item);
	agx4_golden_put(l, 0x2e, 2, in->item << 8);
	agx4_golden_put(l, 0x36, 8, in->shared_control);
	agx4_golden_put(l, 0x3e, 2, in->ordinal);
	agx4_golden_put(l, 0x4a, 8, in->channel_control);
	agx4_golden_put(l, 0x52, 2, in->first);
	agx4_golden_put(l, 0x5a, 2, in->uuid);
	agx4_golden_put(l, 0x62, 2, in->first);
	agx4_golden_put(l, 0x66, 2, 1);
}

static void optional_ff_tail(struct agx4_golden_list *l)
{
	unsigned int i;

	for (i = 0x76; i < 0x86; i++)
		agx4_golden_put(l, i, 1, 0xff);
}

static unsigned int optional_expect(struct kunit *test, u8 *buf,
				    const struct agx4_fw_optional_in *in,
				    const struct agx4_golden_list *l,
				    const char *what)
{
	memset(buf, 0xa5, 0xc1);
	KUNIT_ASSERT_EQ_MSG(test, agx4_fw_g17p_build_optional(in, buf, 0xc0),
			    0, "%s", what);
	KUNIT_EXPECT_EQ(test, buf[0xc0], 0xa5);
	return agx4_golden_expect(test, buf, 0xc0, l->g, l->n, what);
}

static void agx4_fw_layout_g17p_optional_golden_bytes(struct kunit *test)
{
	/* An appended render: item 3, context 1, no scheduler class. */
	struct agx4_fw_optional_in in = {
		.kind = 0, .context_low = 0x7000438000ull,
		.context_high = 0xfffffc20001d8000ull, .grid = 2, .first = true,
		.item = 3, .shared_control = 0xfffffc20c0848000ull,
		.ordinal = 9, .channel_control = 0xfffffc20c07b8000ull,
		.uuid = 0x15, .context = 1, .sched_class = 0,
		.tiling_shared = 0xfffffc20c0850000ull,
		.lifecycle = 0x6789, .ns = 0x77,
	};
	/* The first command of a direct compute queue, as the reference. */
	const struct agx4_fw_optional_in comp = {
		.kind = 2, .context_low = 0x70004d8000ull,
		.context_high = 0xfffffc2000278000ull, .grid = 4, .first = true,
		.item = 0, .shared_control = 0xfffffc20c0870000ull,
		.ordinal = 0x3f, .channel_control = 0xfffffc20c07b8040ull,
		.uuid = 0x170, .sched = { 2, 1, 2 }, .ctx = { 2, 1 },
	};
	u8 *buf = kunit_kmalloc(test, 0xc1, GFP_KERNEL);
	struct agx4_golden_list l;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	agx4_golden_init(test, &l, 64);

	/* TA, context 1, no class: no scheduler at +0x1e/+0x46. */
	optional_common(&l, &in);
	agx4_golden_put(&l, 0x22, 2, 0);
	agx4_golden_put(&l, 0x26, 2, 1);
	agx4_golden_put(&l, 0x32, 2, 1);
	agx4_golden_put(&l, 0x56, 2, 1);
	agx4_golden_put(&l, 0x5e, 2, 1);
	agx4_golden_put(&l, 0x6e, 8, 0xfffffc20c0850000ull);
	agx4_golden_put(&l, 0x76, 2, 0x6789);
	agx4_golden_put(&l, 0x7e, 2, 0x77);
	agx4_golden_put(&l, 0x82, 2, 3);
	n += optional_expect(test, buf, &in, &l, "optional TA");

	/* 3D: +0x22 1, no tiling object, 0x76..0x85 all 0xff. */
	in.kind = 1;
	in.tiling_shared = 0;
	l.n = 0;
	optional_common(&l, &in);
	agx4_golden_put(&l, 0x22, 2, 1);
	agx4_golden_put(&l, 0x26, 2, 1);
	agx4_golden_put(&l, 0x32, 2, 1);
	agx4_golden_put(&l, 0x56, 2, 1);
	agx4_golden_put(&l, 0x5e, 2, 1);
	optional_ff_tail(&l);
	n += optional_expect(test, buf, &in, &l, "optional 3D");

	/* Context 2: the scheduler is written at +0x1e, +0x46 and +0x5e. */
	in.context = 2;
	l.n = 0;
	optional_common(&l, &in);
	agx4_golden_put(&l, 0x1e, 2, 2);
	agx4_golden_put(&l, 0x22, 2, 1);
	agx4_golden_put(&l, 0x26, 2, 1);
	agx4_golden_put(&l, 0x32, 2, 2);
	agx4_golden_put(&l, 0x46, 2, 2);
	agx4_golden_put(&l, 0x56, 2, 2);
	agx4_golden_put(&l, 0x5e, 2, 2);
	optional_ff_tail(&l);
	n += optional_expect(test, buf, &in, &l, "optional 3D context 2");

	/* A scheduler class: it, not the context, is the scheduler. */
	in.context = 1;
	in.sched_class = 4;
	l.n = 0;
	optional_common(&l, &in);
	agx4_golden_put(&l, 0x1e, 2, 4);
	agx4_golden_put(&l, 0x22, 2, 1);
	agx4_golden_put(&l, 0x26, 2, 1);
	agx4_golden_put(&l, 0x32, 2, 1);
	agx4_golden_put(&l, 0x46, 2, 4);
	agx4_golden_put(&l, 0x56, 2, 1);
	agx4_golden_put(&l, 0x5e, 2, 4);
	optional_ff_tail(&l);
	n += optional_expect(test, buf, &in, &l, "optional 3D class 4");

	/* Compute. */
	l.n = 0;
	optional_common(&l, &comp);
	agx4_golden_put(&l, 0x1e, 2, 2);
	agx4_golden_put(&l, 0x22, 2, 2);
	agx4_golden_put(&l, 0x32, 2, 2);
	agx4_golden_put(&l, 0x46, 2, 1);
	agx4_golden_put(&l, 0x56, 2, 1);
	agx4_golden_put(&l, 0x5e, 2, 2);
	optional_ff_tail(&l);
	n += optional_expect(test, buf, &comp, &l, "optional compute");
	agx4_layout_checked[1] += n;

	/* Refused, nothing written. */
	in.sched_class = 0;
	memset(buf, 0xa5, 0xc1);
	in.kind = 3;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_optional(&in, buf, 0xc0),
			-EINVAL);
	in.kind = 2;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_optional(&in, buf, 0xbf),
			-EINVAL);
	in.kind = 0;
	in.item = 256;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_optional(&in, buf, 0xc0),
			-EINVAL);
	in.item = 3;
	in.uuid = 0x10000;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_optional(&in, buf, 0xc0),
			-EINVAL);
	in.uuid = 0x15;
	in.context = 0x10000;
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_build_optional(&in, buf, 0xc0),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, 0xc1));
}

static struct kunit_case agx4_fw_layout_work_cases[] = {
	KUNIT_CASE(agx4_fw_layout_g16_render_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g16_merge_bounds_default),
	KUNIT_CASE(agx4_fw_layout_g16_compute_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g17p_render_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g17p_render_samples_and_sync_grow),
	KUNIT_CASE(agx4_fw_layout_g17p_render_stencil_and_sample_size_words),
	KUNIT_CASE(agx4_fw_layout_g17p_compute_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g17p_optional_golden_bytes),
	{ }
};

static struct kunit_suite agx4_fw_layout_work_suite = {
	.name = "agx4_fw_layout_work",
	.suite_init = agx4_layout_suite_init,
	.suite_exit = agx4_layout_suite_exit,
	.test_cases = agx4_fw_layout_work_cases,
};

kunit_test_suite(agx4_fw_layout_work_suite);
