// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_g17p_init": the G17P init data beyond hwdata,
 * region C and the main configs (the bundle's power block and third-page
 * constants, the primary status-B image, the status-config words of
 * control start, the secondary's support object).
 *
 * The expectations are the decoded fields (integers, and binary32 values
 * computed from the stated numbers), not the byte runs the driver carries:
 * each image is checked field by field, then every expected field is
 * cleared and the rest of the image must be zero, so a byte the driver
 * writes that no field explains fails as surely as a wrong field.
 *
 * And the whole graph after a boot against the firmware model: the
 * relations between its objects the firmware depends on, read as the
 * firmware reads them (through the model's walk of the page tables, from
 * the roots down).
 */

#include <kunit/test.h>
#include <linux/io.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_decode.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_g17p_init.h"
#include "../agx4_fw_obj.h"
#include "../agx4_fwif.h"
#include "../agx4_fwmodel.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

#define BUNDLE_SIZE	0x28000
#define SB_SIZE		0xeb00
#define SEC_EXTRA_SIZE	0x80

/* Binary32 values, from the numbers the fields hold. */
#define F_1		0x3f800000	/* 1.0 */
#define F_1_02		0x3f828f5c	/* 1.02 */
#define F_312_313	0x3f7f2e9f	/* 312/313 */
#define F_1_313		0x3b516154	/* 1/313 */
#define F_0_0202129	0x3ca59586	/* 0.0202129 */
#define F_9550		0x46153800	/* 9550.0 */
#define F_5_28319	0x40a90fe4	/* 5.28319, a rounded decimal */
#define F_M1000_9550	0xbdd67344	/* -1000/9550 */
#define F_6_4		0x40cccccd	/* 6.4 */
#define F_65536		0x47800000	/* 65536.0 */
#define F_0_5		0x3f000000	/* 0.5 */
#define F_0_8		0x3f4ccccd	/* 0.8 */
#define F_0_992		0x3f7df3b6	/* 0.992 */
#define F_0_2		0x3e4ccccd	/* 0.2 */
#define F_0_008		0x3c03126f	/* 0.008 */
#define F_0_913404	0x3f69d4d8	/* 0.913404 */
#define F_95		0x42be0000	/* 95.0 */
#define F_3_5775	0x4064f5c3	/* 3.5775 */
#define F_900_95	0x41179436	/* 900/95 */
#define F_40		0x42200000	/* 40.0 */
#define F_1000		0x447a0000	/* 1000.0 */
#define F_100		0x42c80000	/* 100.0 */
#define F_9_376		0x41160419	/* 9.376 */
#define F_20_34		0x41a2b852	/* 20.34 */
#define F_0_995		0x3f7eb852	/* 0.995 */
#define F_0_005		0x3ba3d70a	/* 0.005 */
#define F_400		0x43c80000	/* 400.0 */
#define F_M100_65536	0xbac80000	/* -100/65536 */
#define F_3000		0x453b8000	/* 3000.0 */
#define F_14_15		0x3f6eeeef	/* 14/15 */
#define F_1_15		0x3d888889	/* 1/15 */
#define F_4_25		0x40880000	/* 4.25 */
#define F_8_9		0x3f638e39	/* 8/9 */
#define F_2_3		0x3f2aaaab	/* 2/3 */
#define F_1_9		0x3de38e39	/* 1/9 */
#define F_1_3		0x3eaaaaab	/* 1/3 */
#define F_M0_8		0xbf4ccccd	/* -0.8 */
#define F_M5		0xc0a00000	/* -5.0 */
#define F_16000		0x467a0000	/* 16000.0 */
#define F_31_32		0x3f780000	/* 31/32 */
#define F_1_32		0x3d000000	/* 1/32 */
#define F_5		0x40a00000	/* 5.0 */
#define F_15		0x41700000	/* 15.0 */
#define F_25_1		0x41c8cccd	/* 25.1 */
#define F_51_2		0x424ccccd	/* 51.2 */
#define F_538		0x44068000	/* 538.0 */
#define F_25_2		0x41c9999a	/* 25.2 */

/*
 * A field: offset, width in bytes, value.  Width 5 is a binary32 given as
 * a rounded decimal, which may differ from the computed value by a few
 * units in the last place.
 */
struct field {
	u32 off;
	u8 width;
	u64 val;
};

#define U8(o, v)	{ (o), 1, (v) }
#define U32(o, v)	{ (o), 4, (v) }
#define U64(o, v)	{ (o), 8, (v) }
#define F32(o, v)	{ (o), 4, (v) }
#define F32_NEAR(o, v)	{ (o), 5, (v) }

/* Units in the last place a rounded decimal may be off by. */
#define NEAR_ULPS	16

/* The bundle's power block, bundle offsets. */
static const struct field power_fields[] = {
	/* Sample period 16 ms in 24 MHz clocks, twice; a header. */
	U32(0x5244, 384000), U32(0x5248, 384000), U32(0x5250, 4),
	F32(0x5254, F_1),
	U32(0x526c, 1), U32(0x5270, 1),
	U32(0x5280, 100), U32(0x5284, 1), U32(0x5288, 1000), U32(0x5290, 100),
	U32(0x52a0, 4), F32(0x52a4, F_1), U32(0x52ac, 1), U32(0x52b0, 1),
	U32(0x52c0, 100), U32(0x52c4, 1), U32(0x52c8, 1000), U32(0x52d0, 100),
	/* 11 x 1.02, one per p-state. */
	F32(0x5300, F_1_02), F32(0x5304, F_1_02), F32(0x5308, F_1_02),
	F32(0x530c, F_1_02), F32(0x5310, F_1_02), F32(0x5314, F_1_02),
	F32(0x5318, F_1_02), F32(0x531c, F_1_02), F32(0x5320, F_1_02),
	F32(0x5324, F_1_02), F32(0x5328, F_1_02),
	U32(0x5bf8, 625),
	/* Power PID. */
	F32(0x5c04, F_312_313), F32(0x5c0c, F_1_313),
	F32_NEAR(0x5c14, F_0_0202129),
	F32(0x5c20, F_9550), F32_NEAR(0x5c24, F_5_28319),
	F32(0x5c2c, F_M1000_9550), U32(0x5c30, 40), U32(0x5c34, 1000),
	U32(0x5c38, 1000),
	U32(0x5c44, 9550), U32(0x5c78, 1000),
	/* PPM. */
	U32(0x5cb0, 4), F32(0x5cc4, F_1), F32(0x5ccc, F_6_4),
	F32(0x5cd8, F_65536), F32(0x5cdc, F_0_5), U32(0x5ce8, 40),
	U32(0x5cec, 1000), U32(0x5cfc, 9550), U32(0x5d08, 16),
	U64(0x5d10, 384000),
	/* Performance loop. */
	U32(0x5d68, 92), U32(0x5d70, 100), U32(0x5d74, 34), U32(0x5d78, 6),
	U32(0x5d80, 6), U32(0x5d84, 1), F32(0x5d8c, F_0_8),
	F32(0x5d90, F_0_992), F32(0x5d94, F_0_2), F32(0x5d98, F_0_008),
	F32(0x5d9c, F_0_913404), F32(0x5da0, F_0_913404), F32(0x5da8, F_95),
	F32(0x5dac, F_3_5775), F32(0x5db0, F_3_5775), F32(0x5db4, F_900_95),
	U32(0x5db8, 100), U32(0x5dbc, 1000), U32(0x5dc0, 100),
	U32(0x5dcc, 92), U32(0x5e00, 100),
	/* The packed record at 0x5e20, one byte off alignment. */
	U8(0x5e20, 1), U32(0x5e21, 4), U32(0x5e25, 100), U32(0x5e29, 0),
	U32(0x5e2d, 8000), U32(0x5e31, 200), U32(0x5e35, 4000),
	U32(0x5e39, 200), U32(0x5e3d, 2000), U32(0x5e41, 200),
	U32(0x5e45, 1000), U32(0x5e49, 200), U32(0x5e4d, 1),
	U32(0x5ea4, 1), U32(0x5ed0, 1),
	F32(0x74d8, F_65536), F32(0x74dc, F_40), F32(0x74e0, F_1000),
	U32(0x74e4, 1470), U32(0x74f8, 40),
	F32(0x7500, F_100), U32(0x7504, 1000), F32(0x750c, F_0_8),
	F32(0x7510, F_0_2),
	/* Fast-die0 loop. */
	U64(0x7550, 0x82a), U32(0x7558, 8000), U32(0x7560, 4),
	F32(0x7574, F_1), F32(0x757c, F_9_376), F32(0x7588, F_65536),
	F32(0x758c, F_20_34), U32(0x7598, 40), U32(0x759c, 1000),
	U32(0x75a0, 1000), U32(0x75ac, 11000), U32(0x75e0, 1000),
	/* Bytes 06 00 00 42. */
	U32(0x77fc, 0x42000006),
	/* Turbo controller, 2-byte-aligned fields. */
	F32(0x7a12, F_0_995), F32(0x7a1a, F_0_005), F32(0x7a22, F_400),
	F32(0x7a2e, F_65536), F32(0x7a32, F_100), F32(0x7a3a, F_M100_65536),
	U32(0x7a3e, 900), U32(0x7a42, 1000), U32(0x7a46, 1000),
	F32(0x7a4e, F_3000), U32(0x7a52, 9900), U32(0x7a86, 1000),
	U32(0x7aa2, 200), U32(0x7b58, 1000), U32(0x7b6c, 1),
	U8(0x7ba0, 1), U8(0x7ba1, 1), U8(0x7ba5, 4),
	/* Packed records 575, 576, 577. */
	U32(0x7bbd, 575), U32(0x7bc1, 1), U32(0x7bc5, 1),
	U32(0x7bdd, 576), U32(0x7be1, 1), U32(0x7be5, 1),
	U32(0x7bfd, 577),
	/* Average-power loop. */
	U32(0x7c48, 1), U32(0x7c50, 9550), U32(0x7c54, 9550),
	U32(0x7c58, 9550), F32(0x7c68, F_1), U32(0x7c6c, 4), U32(0x7c70, 16),
	U64(0x7c74, 384000), U32(0x7d44, 60), F32(0x7d50, F_14_15),
	F32(0x7d58, F_1_15), F32(0x7d60, F_0_5), F32(0x7d6c, F_65536),
	F32(0x7d70, F_4_25), U32(0x7d7c, 40), U32(0x7d80, 1000),
	U32(0x7d84, 1000), F32(0x7d8c, F_9550), U32(0x7d90, 9550),
	U32(0x7d9c, 240), U64(0x7da4, 5760000), U32(0x7dc4, 1000),
	U32(0x7e04, 1),
	/* SE loop. */
	U32(0x7ed4, 50), U32(0x7ed8, 1), F32(0x7ee0, F_8_9),
	F32(0x7ee4, F_2_3), F32(0x7ee8, F_1_9), F32(0x7eec, F_1_3),
	F32(0x7ef0, F_M0_8), F32(0x7ef4, F_M0_8), F32(0x7efc, F_65536),
	F32(0x7f00, F_M5), F32(0x7f04, F_M5), U32(0x7f0c, 100),
	U32(0x7f10, 1000), U32(0x7f14, 100), F32(0x7f1c, F_16000),
	U32(0x7f20, 1400), U32(0x7f2c, 144), U32(0x7f30, 48),
	U64(0x7f34, 3456000), U64(0x7f3c, 1152000), F32(0x7f48, F_65536),
	U32(0x7f70, 16000), U32(0x7f74, 2), U32(0x7f78, 2500),
	U32(0x7f7c, 525), U32(0x7f80, 2), U32(0x7f84, 4), U32(0x7f88, 50),
	F32(0x7fb8, F_65536), U32(0x7fc8, 40), U32(0x7fcc, 1000),
};

/* The bundle's third page. */
static const struct field third_page_fields[] = {
	U32(0x80ac, 6), U32(0x80b8, 1),
	/* Seven packed u32 at odd offsets. */
	U32(0x8177, 3500), U32(0x817b, 1000), U32(0x817f, 3000),
	U32(0x8183, 1000), U32(0x8187, 1000), U32(0x818b, 100),
	U32(0x818f, 32),
	U32(0x81b4, 4), F32(0x81c0, F_31_32), F32(0x81c8, F_1_32),
	F32(0x81d0, F_5), F32(0x81dc, F_65536), F32(0x81e0, F_15),
	U32(0x81ec, 900), U32(0x81f0, 1000), U32(0x81f4, 1000),
	U32(0x8200, 1000), U32(0x8234, 1000), U32(0x8274, 100),
	U32(0x8290, 0x82a), U32(0x8298, 125), U32(0x829c, 1),
	U32(0x8ee0, 6318), U32(0x8ee8, 1),
	F32(0xaeec, F_25_1), F32(0xaef0, F_25_1),
	U32(0xb5e4, 1), U32(0xb5e8, 500), U32(0xb5ec, 6),
	U32(0xb5f0, 12500), U32(0xb5f4, 12500), U32(0xb5f8, 12500),
	U32(0xb5fc, 12500), U32(0xb600, 12500), U32(0xb604, 12500),
	U32(0xb608, 4000),
	U32(0xb61c, 12500), U32(0xb620, 12500), U32(0xb624, 12500),
	U32(0xb628, 12500), U32(0xb62c, 12500), U32(0xb630, 1),
	U32(0xb7a8, 1), F32(0xb7b4, F_51_2), F32(0xb7f4, F_538),
	F32(0xb834, F_25_2), U32(0xb8e0, 6250),
};

/* The config block of primary status B, at status B + 0xe440. */
#define SB_CONFIG	0xe440
static const struct field sb_config_fields[] = {
	U32(0x10, 15), F32(0x14, F_0_5), F32(0x18, F_4_25), U32(0x1c, 40),
	U32(0x20, 1), U32(0xc8, 11000), U32(0xcc, 8000),
	F32(0xd8, F_20_34), F32(0xdc, F_9_376), U32(0xf0, 9900),
	U32(0xf4, 200), F32(0x108, F_100), F32(0x10c, F_400),
	U32(0x110, 200), U32(0x128, 1), U32(0x12c, 9550), F32(0x130, F_0_5),
	F32(0x134, F_6_4), U32(0x14c, 1),
	U32(0x1c0, 1), U32(0x1c4, 1), U32(0x1c8, 4), U32(0x1cc, 1),
	U32(0x1d0, 1), U32(0x1d4, 1), U32(0x1d8, 1),
	/* The same numbers as bundle 0xb5e4..0xb630. */
	U32(0x4e4, 1), U32(0x4e8, 500), U32(0x4ec, 6),
	U32(0x4f0, 12500), U32(0x4f4, 12500), U32(0x4f8, 12500),
	U32(0x4fc, 12500), U32(0x500, 12500), U32(0x504, 12500),
	U32(0x508, 4000),
	U32(0x51c, 12500), U32(0x520, 12500), U32(0x524, 12500),
	U32(0x528, 12500), U32(0x52c, 12500), U32(0x530, 1),
	U32(0x58c, 6), U32(0x590, 3500), U32(0x594, 1000), U32(0x598, 3000),
	U32(0x59c, 100),
	U32(0x5cc, 1), U32(0x5d0, 4),
	U32(0x5dc, 8000), U32(0x5e0, 200), U32(0x5e4, 4000), U32(0x5e8, 200),
	U32(0x5ec, 2000), U32(0x5f0, 200), U32(0x5f4, 1000), U32(0x5f8, 200),
	F32(0x604, F_15), F32(0x608, F_5), U32(0x60c, 32), U32(0x610, 1000),
	U32(0x620, 900),
};

/* The secondary's support object. */
static const struct field sec_extra_fields[] = {
	U32(0x14, 1), U32(0x2c, 1), U32(0x30, 1), U32(0x40, 1), U32(0x4c, 1),
	U32(0x50, 6250),
};

static u64 get_field(const u8 *p, u8 width)
{
	switch (width) {
	case 1:
		return *p;
	case 8:
		return get_unaligned_le64(p);
	default:
		return get_unaligned_le32(p);
	}
}

/* Check each field at @base + its offset, then clear it. */
static void check_and_clear(struct kunit *test, u8 *base,
			    const struct field *f, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		u8 *p = base + f[i].off;
		u64 v = get_field(p, f[i].width);

		if (f[i].width == 5)
			KUNIT_EXPECT_LE_MSG(test, abs_diff(v, f[i].val),
					    NEAR_ULPS, "field at %#x: %#llx",
					    f[i].off, v);
		else
			KUNIT_EXPECT_EQ_MSG(test, v, f[i].val,
					    "field at %#x", f[i].off);
		memset(p, 0, f[i].width == 5 ? 4 : f[i].width);
	}
}

/* The first non-zero byte of @p, or @len. */
static size_t first_nonzero(const u8 *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return i;
	return len;
}

#define STATE_OBJECT	0xfffffc2200197480ull
#define FWCTL		0xfffffc22001c0000ull

static void agx4_fw_g17p_bundle_power_block_fields(struct kunit *test)
{
	u8 *b = kunit_kzalloc(test, BUNDLE_SIZE, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_init_bundle(b, BUNDLE_SIZE,
						       STATE_OBJECT), 0);
	/* Non-zero from 0x5245 to 0x7fcd (the power block), then the third page. */
	KUNIT_EXPECT_EQ(test, first_nonzero(b, BUNDLE_SIZE), 0x5245);
	KUNIT_EXPECT_NE(test, b[0x7fcd], 0);
	KUNIT_EXPECT_EQ(test, first_nonzero(b + 0x7fce, 0x80ac - 0x7fce),
			0x80ac - 0x7fce);
	check_and_clear(test, b, power_fields, ARRAY_SIZE(power_fields));
	/* 512 i16 0x7fff from the odd offset 0x6ed7. */
	KUNIT_EXPECT_EQ(test, b[0x6ed6], 0);
	KUNIT_EXPECT_EQ(test, b[0x72d7], 0);
	for (i = 0; i < 512; i++)
		if (get_unaligned_le16(b + 0x6ed7 + 2 * i) != 0x7fff)
			break;
	KUNIT_EXPECT_EQ_MSG(test, i, 512, "i16 %u of 512 is not 0x7fff", i);
	memset(b + 0x6ed7, 0, 1024);
	KUNIT_EXPECT_EQ(test, first_nonzero(b, 0x8000), 0x8000);
}

/*
 * A few members of the power block by name, at bundle offsets and with
 * values stated here: in each loop, misaligned ones, the first and last.
 */
#define POWER		0x5240
static const struct {
	const char *name;
	struct field f;
} power_named[] = {
	{ "period_clks", U32(0x5244, 384000) },
	{ "ps_max", U32(0x5288, 1000) },
	{ "pwr_max_power_f", F32(0x5c20, F_9550) },
	{ "pwr_max_power", U32(0x5c44, 9550) },
	{ "ppm_tc_clks", U64(0x5d10, 384000) },
	{ "perf_tgt_util", U32(0x5d68, 92) },
	{ "perf_boost_k", F32(0x5db4, F_900_95) },
	{ "gap_be1", U32(0x5e21, 4) },
	{ "max_freq_mhz", U32(0x74e4, 1470) },
	{ "die_sensor_mask", U64(0x7550, 0x82a) },
	{ "turbo_target", U32(0x7a52, 9900) },
	{ "gap_297d", U32(0x7bbd, 575) },
	{ "avg_tc_clks", U64(0x7da4, 5760000) },
	{ "se_tc_clks", U64(0x7f34, 3456000) },
	{ "se_max_pstate2", U32(0x7fcc, 1000) },
};

/*
 * The decoder's "power" object names each of them at its offset, and the
 * built bundle holds its value there: a member declared at the wrong
 * offset, or under the wrong name, fails here.
 */
static void agx4_fw_g17p_power_members_at_their_offsets(struct kunit *test)
{
	const struct agx4_fw_layout *l;
	u8 *b = kunit_kzalloc(test, BUNDLE_SIZE, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_init_bundle(b, BUNDLE_SIZE,
						       STATE_OBJECT), 0);
	l = agx4_fw_layout_find(&agx4_fw_g17p, "power");
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_EXPECT_EQ(test, l->size, 0x7fd0 - POWER);
	for (i = 0; i < ARRAY_SIZE(power_named); i++) {
		const struct field *e = &power_named[i].f;
		const char *name = power_named[i].name;
		const struct agx4_fw_field *f = agx4_fw_layout_field(l, name);

		KUNIT_ASSERT_NOT_NULL_MSG(test, f, "no power.%s", name);
		KUNIT_EXPECT_EQ_MSG(test, POWER + f->offset, e->off,
				    "power.%s offset", name);
		KUNIT_EXPECT_EQ_MSG(test, get_field(b + e->off, e->width),
				    e->val, "power.%s value", name);
	}
}

static void agx4_fw_g17p_bundle_third_page_fields(struct kunit *test)
{
	u8 *b = kunit_kzalloc(test, BUNDLE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_init_bundle(b, BUNDLE_SIZE,
						       STATE_OBJECT), 0);
	KUNIT_EXPECT_EQ(test, first_nonzero(b + 0x8000, 0x80ac - 0x8000),
			0x80ac - 0x8000);
	KUNIT_EXPECT_NE(test, b[0xb8e1], 0);
	/* The state object's address at 0x8ed8. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(b + 0x8ed8), STATE_OBJECT);
	memset(b + 0x8ed8, 0, 8);
	check_and_clear(test, b, third_page_fields,
			ARRAY_SIZE(third_page_fields));
	/* Nothing else from the third page to the end of the bundle. */
	KUNIT_EXPECT_EQ(test, first_nonzero(b + 0x8000, BUNDLE_SIZE - 0x8000),
			BUNDLE_SIZE - 0x8000);
}

/* hwdata and the main configs are the builders' own; the runs stay out. */
static void agx4_fw_g17p_bundle_keeps_other_bytes(struct kunit *test)
{
	u8 *b = kunit_kzalloc(test, BUNDLE_SIZE, GFP_KERNEL);
	u8 *ref = kunit_kzalloc(test, BUNDLE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, ref);
	memset(b, 0x5a, BUNDLE_SIZE);
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_init_bundle(b, BUNDLE_SIZE,
						       STATE_OBJECT), 0);
	/* hwdata (0..0x3db4), the work rings and both main configs. */
	memset(ref, 0x5a, BUNDLE_SIZE);
	KUNIT_EXPECT_EQ(test, memcmp(b, ref, 0x5240), 0);
	/* The power block is written whole, to 0x7fd0; what follows is kept. */
	KUNIT_EXPECT_EQ(test, first_nonzero(b + 0x5240, 4), 4);
	KUNIT_EXPECT_EQ(test, memcmp(b + 0x7fd0, ref, 0x80ac - 0x7fd0), 0);
	KUNIT_EXPECT_EQ(test, memcmp(b + 0xb8e2, ref, BUNDLE_SIZE - 0xb8e2),
			0);
}

static void agx4_fw_g17p_status_b_image(struct kunit *test)
{
	u8 *sb = kunit_kzalloc(test, SB_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, sb);
	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_init_status_b(sb, SB_SIZE, FWCTL),
			0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(sb + 0x04), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(sb + 0x48e0), FWCTL);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(sb + 0x48e8), FWCTL + 0x40);
	/* The lifecycle header {1, 0, 0}. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(sb + 0xe434), 1);
	memset(sb + 0x04, 0, 4);
	memset(sb + 0x48e0, 0, 16);
	memset(sb + 0xe434, 0, 4);
	/* Inside the config block; the last byte of the image is its end. */
	KUNIT_EXPECT_EQ(test, first_nonzero(sb, SB_CONFIG), SB_CONFIG);
	check_and_clear(test, sb + SB_CONFIG, sb_config_fields,
			ARRAY_SIZE(sb_config_fields));
	KUNIT_EXPECT_EQ(test, first_nonzero(sb, SB_SIZE), SB_SIZE);
}

static void agx4_fw_g17p_status_config_words(struct kunit *test)
{
	u8 *sb = kunit_kzalloc(test, SB_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, sb);
	agx4_fw_g17p_status_config(sb, FWCTL);
	/* Bytes 00 00 00 00 01 06 05 00. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(sb + 0x4018), 0);
	KUNIT_EXPECT_EQ(test, sb[0x401c], 1);
	KUNIT_EXPECT_EQ(test, sb[0x401d], 6);
	KUNIT_EXPECT_EQ(test, sb[0x401e], 5);
	KUNIT_EXPECT_EQ(test, sb[0x401f], 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(sb + 0x4020), 61);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(sb + 0x40b0), 5);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(sb + 0x48e0), FWCTL);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(sb + 0x48e8), FWCTL + 0x40);
	memset(sb + 0x4018, 0, 16);
	memset(sb + 0x40b0, 0, 8);
	memset(sb + 0x48e0, 0, 16);
	KUNIT_EXPECT_EQ(test, first_nonzero(sb, SB_SIZE), SB_SIZE);
}

static void agx4_fw_g17p_secondary_extra_image(struct kunit *test)
{
	u8 buf[SEC_EXTRA_SIZE + 8] = { };

	KUNIT_ASSERT_EQ(test, agx4_fw_g17p_init_sec_extra(buf, sizeof(buf)),
			0);
	check_and_clear(test, buf, sec_extra_fields,
			ARRAY_SIZE(sec_extra_fields));
	KUNIT_EXPECT_EQ(test, first_nonzero(buf, sizeof(buf)), sizeof(buf));
}

/* A buffer too small is refused and left alone. */
static void agx4_fw_g17p_init_refuses_short_buffers(struct kunit *test)
{
	u8 *b = kunit_kzalloc(test, BUNDLE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_init_bundle(b, BUNDLE_SIZE - 1,
						       STATE_OBJECT), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_init_status_b(b, SB_SIZE - 1,
							 FWCTL), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_g17p_init_sec_extra(b,
							  SEC_EXTRA_SIZE - 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, first_nonzero(b, BUNDLE_SIZE), BUNDLE_SIZE);
}

/* Read @len bytes at firmware address @va as instance @inst sees them. */
static void fw_read(struct kunit *test, struct agx4_fwmodel *m,
		    unsigned int inst, u64 va, void *buf, size_t len)
{
	u8 *p = buf;

	while (len) {
		size_t n = min_t(size_t, len, SZ_16K - (va & (SZ_16K - 1)));
		enum agx4_fwmodel_err e;
		phys_addr_t pa;

		e = agx4_fwmodel_translate(m, inst, va, AGX4_FWMODEL_READ, &pa);
		KUNIT_ASSERT_EQ_MSG(test, e, AGX4_FWMODEL_OK,
				    "instance %u cannot read %#llx: %s", inst,
				    va, agx4_fwmodel_err_name(e));
		memcpy(p, phys_to_virt(pa), n);
		va += n;
		p += n;
		len -= n;
	}
}

static u64 fw64(struct kunit *test, struct agx4_fwmodel *m,
		unsigned int inst, u64 va)
{
	u8 b[8];

	fw_read(test, m, inst, va, b, sizeof(b));
	return get_unaligned_le64(b);
}

static u32 fw32(struct kunit *test, struct agx4_fwmodel *m,
		unsigned int inst, u64 va)
{
	u8 b[4];

	fw_read(test, m, inst, va, b, sizeof(b));
	return get_unaligned_le32(b);
}

/* Instance @inst may read and write @size bytes at @va. */
static void expect_fw_rw(struct kunit *test, struct agx4_fwmodel *m,
			 unsigned int inst, u64 va, u64 size)
{
	enum agx4_fwmodel_err e = AGX4_FWMODEL_OK;
	phys_addr_t pa;
	u64 p;

	for (p = va; p < va + size && e == AGX4_FWMODEL_OK; p += SZ_16K)
		e = agx4_fwmodel_translate(m, inst, p, AGX4_FWMODEL_READ |
					   AGX4_FWMODEL_WRITE, &pa);
	KUNIT_EXPECT_EQ_MSG(test, e, AGX4_FWMODEL_OK, "%#llx + %#llx: %s",
			    va, size, agx4_fwmodel_err_name(e));
}

/* The physical page behind @va in instance 0's view of context 0. */
static phys_addr_t ctx0_page(struct kunit *test, struct agx4_fwmodel *m,
			     u64 va)
{
	phys_addr_t pa = 0;

	KUNIT_EXPECT_EQ_MSG(test, agx4_fwmodel_translate(m, 0, va, 0, &pa),
			    AGX4_FWMODEL_OK, "%#llx", va);
	return pa;
}

/* Context-table words: the context tag and the valid bit. */
#define TTB_TAG		GENMASK_ULL(63, 48)
#define TTB_VALID	BIT_ULL(0)

/* Channel 12 of a main config: state[0] at +0x1a0, its ring at +0x1b8. */
#define MC_CTL_STATE	(0x20 + 0x20 * 12)
#define MC_CTL_RING	(MC_CTL_STATE + 0x18)

static void agx4_fw_g17p_boot_graph_relations(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	u64 roots = 0, r0, r1, sb, mc0, mc1, bundle, fwctl, p;
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	unsigned int i;
	void *tbl;
	u64 *ttbs;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8140);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	m = agx4_test_model();
	KUNIT_ASSERT_NOT_NULL(test, m);
	agx4_fwmodel_sync(m);
	for (i = 0; i < adev->fw->num_objs; i++)
		if (!strcmp(adev->fw->objs[i].name, "roots"))
			roots = adev->fw->objs[i].obj->va;
	KUNIT_ASSERT_NE(test, roots, 0);

	/* The secondary's root is the primary's + 0x8000. */
	r0 = roots;
	r1 = roots + 0x8000;
	KUNIT_EXPECT_EQ(test, fw32(test, m, 0, r0 + 0x28), 0);
	KUNIT_EXPECT_EQ(test, fw32(test, m, 1, r1 + 0x28), 1);
	/* Regions A and C are shared. */
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, r1 + 0x08),
			fw64(test, m, 0, r0 + 0x08));
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, r1 + 0x20),
			fw64(test, m, 0, r0 + 0x20));
	/* Status B (0xeb00) ends at status A; its config block is root 1's. */
	sb = fw64(test, m, 0, r0 + 0xb0);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, r0 + 0xa8), sb + 0xeb00);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, r1 + 0xb0), 0);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, r1 + 0xb8), sb + 0xe440);
	KUNIT_EXPECT_EQ(test, fw32(test, m, 1, fw64(test, m, 1, r1 + 0xc0) +
				   0x50), 6250);

	/* One bundle: hwdata, main configs at +0x1e5c0 and +0x22a80. */
	mc0 = fw64(test, m, 0, r0 + 0x18);
	mc1 = fw64(test, m, 1, r1 + 0x18);
	bundle = fw64(test, m, 0, mc0);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, mc1), bundle);
	KUNIT_EXPECT_EQ(test, mc0, bundle + 0x1e5c0);
	KUNIT_EXPECT_EQ(test, mc1, bundle + 0x22a80);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, mc0 + 0x08), bundle + 0xc500);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, mc1 + 0x471), bundle + 0x5240);
	/* bundle + 0x8ed8: after root 1's support object, = ch12 state + 0xc0. */
	p = fw64(test, m, 0, bundle + 0x8ed8);
	KUNIT_EXPECT_EQ(test, p, fw64(test, m, 1, r1 + 0xc0) + 0x80);
	KUNIT_EXPECT_EQ(test, p, fw64(test, m, 1, mc1 + MC_CTL_STATE) + 0xc0);
	expect_fw_rw(test, m, 1, p, 0xb80);
	/* hwdata + 0x26ac: a page of its own, firmware read-write. */
	p = fw64(test, m, 0, bundle + 0x26ac);
	KUNIT_EXPECT_TRUE(test, p < bundle || p >= bundle + BUNDLE_SIZE);
	expect_fw_rw(test, m, 0, p, SZ_16K);
	/* The region records: 8-page hw regions and their context-0 aliases. */
	for (i = 0; i < 2; i++) {
		u64 rec = bundle + 0x2610 + 0x40 * i;
		u64 hw = fw64(test, m, 0, rec + 0x0c);
		u64 low = fw64(test, m, 0, rec + 0x04);

		KUNIT_EXPECT_EQ(test, low, i ? 0x7001870000ull : 0x7001848000ull);
		expect_fw_rw(test, m, 0, hw, 0x20000);
		KUNIT_EXPECT_EQ(test, ctx0_page(test, m, low + 0x1c000),
				ctx0_page(test, m, hw + 0x1c000));
	}
	/* The region views: each context-0 VA aliases the address after it. */
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, mc0 + 0x2d8), 0x7001838000ull);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, mc0 + 0x2e8), 0x7001840000ull);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, mc1 + 0x2d8), 0x7001838000ull);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 1, mc1 + 0x2e8), 0x7001840000ull);
	KUNIT_EXPECT_EQ(test, ctx0_page(test, m, 0x7001838000ull),
			ctx0_page(test, m, fw64(test, m, 0, mc0 + 0x2e0)));
	KUNIT_EXPECT_EQ(test, ctx0_page(test, m, 0x7001840000ull),
			ctx0_page(test, m, fw64(test, m, 0, mc0 + 0x2f0)));

	/* fwctl and the status-config words of control start. */
	fwctl = fw64(test, m, 0, sb + 0x48e0);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, sb + 0x48e8), fwctl + 0x40);
	expect_fw_rw(test, m, 0, fwctl, SZ_16K);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, sb + 0x4018),
			0x0005060100000000ull);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, sb + 0x4020), 61);
	KUNIT_EXPECT_EQ(test, fw64(test, m, 0, sb + 0x40b0), 5);

	/*
	 * Context table: slot 0 untagged {device, firmware half}; slot 1
	 * {render, the same firmware half}, both words tagged 1.
	 */
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_region(m, "ttbs", &tbl, NULL, NULL),
			0);
	ttbs = tbl;
	KUNIT_EXPECT_EQ(test, ttbs[0] & (TTB_TAG | TTB_VALID), TTB_VALID);
	KUNIT_EXPECT_EQ(test, ttbs[1] & (TTB_TAG | TTB_VALID), TTB_VALID);
	KUNIT_EXPECT_EQ(test, ttbs[2] & (TTB_TAG | TTB_VALID),
			BIT_ULL(48) | TTB_VALID);
	KUNIT_EXPECT_EQ(test, ttbs[3], (ttbs[1] & ~TTB_TAG) | BIT_ULL(48));
	KUNIT_EXPECT_NE(test, ttbs[2] & ~(TTB_TAG | TTB_VALID),
			ttbs[0] & ~(TTB_TAG | TTB_VALID));
	for (i = 4; i < 2 * 64; i++)
		KUNIT_EXPECT_EQ_MSG(test, ttbs[i], 0, "context %u", i / 2);

	/* Both control rings: one record consumed, counters (1, 1, 1). */
	for (i = 0; i < 2; i++) {
		u64 mc = i ? mc1 : mc0;
		u64 st = fw64(test, m, i, mc + MC_CTL_STATE);

		KUNIT_EXPECT_EQ(test, fw64(test, m, i, mc + MC_CTL_RING),
				mc + 0x4c0);
		KUNIT_EXPECT_EQ(test, fw32(test, m, i, mc + 0x4c0),
				i ? 0x2a : 0x16);
		KUNIT_EXPECT_EQ(test, fw32(test, m, i, st), 1);
		KUNIT_EXPECT_EQ(test, fw32(test, m, i, st + 0x10), 1);
		KUNIT_EXPECT_EQ(test, fw32(test, m, i, st + 0x20), 1);
	}
}

/*
 * The register windows of t8140 as the reference lists them (REGISTERS,
 * g17p_layout.rs@f22281c5): slot, physical address (the SGX ones in the
 * model's block at 0x4_8000_0000), firmware address, size, relative word,
 * flags.
 */
static const struct {
	u32 slot;
	u64 pa;
	u64 va;
	u32 size;
	u64 rel;
	u32 flags;
} g17p_wins[] = {
	{ 0, 0x301014000ull, 0xfffffc2180000000ull, 0x4000, 0, 2 },
	{ 3, 0x220104000ull, 0xfffffc2180008000ull, 0x18000, 0, 2 },
	{ 9, 0x3003d0000ull, 0xfffffc2180028000ull, 0x1000, 0, 2 },
	{ 10, 0x3003c0000ull, 0xfffffc2180030000ull, 0x2000, 0, 0 },
	{ 12, 0x40165c000ull, 0xfffffc2180038000ull, 0x4000, 0, 2 },
	{ 14, 0x300280000ull, 0xfffffc2180040000ull, 0x8000, 0, 0 },
	{ 17, 0x480000000ull, 0xfffffc2180050000ull, 0x21400, 0, 2 },
	{ 22, 0x481000000ull, 0xfffffc2180078000ull, 0x8000, 0, 2 },
	{ 26, 0x480d04000ull, 0xfffffc2180088000ull, 0x8000, 0xd04000, 2 },
	{ 27, 0x480d0d000ull, 0xfffffc2180099000ull, 0x1000, 0xd0d000, 2 },
	{ 28, 0x480d58000ull, 0xfffffc21800a0000ull, 0x8000, 0xd58000, 2 },
	{ 29, 0x480d10000ull, 0xfffffc21800b0000ull, 0x4000, 0xd10000, 2 },
	{ 31, 0x480d40000ull, 0xfffffc21800b8000ull, 0x4000, 0xd40000, 2 },
	{ 32, 0x480d60000ull, 0xfffffc21800c0000ull, 0x4000, 0xd60000, 2 },
	{ 35, 0x480e00000ull, 0xfffffc21800c8000ull, 0x4000, 0xe00000, 2 },
	{ 39, 0x480e08000ull, 0xfffffc21800d0000ull, 0x8000, 0, 2 },
	{ 40, 0x480e1c000ull, 0xfffffc21800e0000ull, 0x4000, 0xe1c000, 2 },
	{ 41, 0x480e1f800ull, 0xfffffc21800eb800ull, 0x4000, 0, 2 },
};

/*
 * After boot, hwdata lists every window the reference lists, the six
 * outside the SGX block included, and both instances reach each at its
 * firmware address with write access (the reference maps them all with
 * one writable device PTE, Vm::build, g17p_vm.rs@fc79d23c).
 */
static void agx4_fw_g17p_boot_gives_every_register_window(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	unsigned int i, inst;
	u64 hw, off;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8140);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	m = agx4_test_model();
	KUNIT_ASSERT_NOT_NULL(test, m);
	agx4_fwmodel_sync(m);
	/* hwdata: main config +0, the main config the root's +0x18. */
	hw = 0;
	for (i = 0; i < adev->fw->num_objs; i++)
		if (!strcmp(adev->fw->objs[i].name, "roots"))
			hw = fw64(test, m, 0,
				  fw64(test, m, 0,
				       adev->fw->objs[i].obj->va + 0x18));
	KUNIT_ASSERT_NE(test, hw, 0);
	for (i = 0; i < ARRAY_SIZE(g17p_wins); i++) {
		u64 r = hw + 0x640 + 0x28 * g17p_wins[i].slot;
		u32 slot = g17p_wins[i].slot;

		KUNIT_EXPECT_EQ_MSG(test, fw64(test, m, 0, r), g17p_wins[i].pa,
				    "slot %u", slot);
		KUNIT_EXPECT_EQ_MSG(test, fw64(test, m, 0, r + 8),
				    g17p_wins[i].va, "slot %u", slot);
		KUNIT_EXPECT_EQ_MSG(test, fw32(test, m, 0, r + 0x10),
				    g17p_wins[i].size, "slot %u", slot);
		KUNIT_EXPECT_EQ_MSG(test, fw32(test, m, 0, r + 0x14),
				    g17p_wins[i].size, "slot %u", slot);
		KUNIT_EXPECT_EQ_MSG(test, fw64(test, m, 0, r + 0x18),
				    g17p_wins[i].rel, "slot %u", slot);
		KUNIT_EXPECT_EQ_MSG(test, fw32(test, m, 0, r + 0x20),
				    g17p_wins[i].flags, "slot %u", slot);
		for (inst = 0; inst < 2; inst++)
			for (off = 0; off < g17p_wins[i].size; off += 0x1000) {
				phys_addr_t pa = 0;

				KUNIT_EXPECT_EQ_MSG(test,
						    agx4_fwmodel_translate(m, inst,
									   g17p_wins[i].va + off,
									   rw, &pa),
						    AGX4_FWMODEL_OK,
						    "slot %u +%#llx", slot, off);
				KUNIT_EXPECT_EQ_MSG(test, pa,
						    g17p_wins[i].pa + off,
						    "slot %u +%#llx", slot, off);
			}
	}
}

/*
 * HW-5: after boot, before any queue exists, primary region 1 holds the
 * cold dispatch record at +0 {0xe0000000, 0x08000000, 0, 0x3800,
 * 0x1c00}, the page its context-0 view 0x70_0184_0000 names; the
 * dispatch block at +0x20 is still empty (the first compute owner writes
 * it).
 */
static void agx4_fw_g17p_boot_writes_the_dispatch_record(struct kunit *test)
{
	static const u32 words[] = { 0xe0000000, 0x08000000, 0, 0x3800,
				     0x1c00 };
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	u64 region1 = 0;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8140);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	m = agx4_test_model();
	KUNIT_ASSERT_NOT_NULL(test, m);
	agx4_fwmodel_sync(m);
	for (i = 0; i < adev->fw->num_objs; i++)
		if (!strcmp(adev->fw->objs[i].name, "roots"))
			region1 = fw64(test, m, 0,
				       fw64(test, m, 0,
					    adev->fw->objs[i].obj->va + 0x18) +
				       0x2f0);
	KUNIT_ASSERT_NE(test, region1, 0);
	KUNIT_EXPECT_EQ(test, ctx0_page(test, m, 0x7001840000ull),
			ctx0_page(test, m, region1));
	for (i = 0; i < ARRAY_SIZE(words); i++)
		KUNIT_EXPECT_EQ_MSG(test, fw32(test, m, 0, region1 + 4 * i),
				    words[i], "+%#x", 4 * i);
	for (i = 0; i < 0x20; i += 4)
		KUNIT_EXPECT_EQ_MSG(test, fw32(test, m, 0, region1 + 0x20 + i),
				    0, "+%#x", 0x20 + i);
}

static struct kunit_case agx4_fw_g17p_init_cases[] = {
	KUNIT_CASE(agx4_fw_g17p_bundle_power_block_fields),
	KUNIT_CASE(agx4_fw_g17p_power_members_at_their_offsets),
	KUNIT_CASE(agx4_fw_g17p_bundle_third_page_fields),
	KUNIT_CASE(agx4_fw_g17p_bundle_keeps_other_bytes),
	KUNIT_CASE(agx4_fw_g17p_status_b_image),
	KUNIT_CASE(agx4_fw_g17p_status_config_words),
	KUNIT_CASE(agx4_fw_g17p_secondary_extra_image),
	KUNIT_CASE(agx4_fw_g17p_init_refuses_short_buffers),
	KUNIT_CASE(agx4_fw_g17p_boot_graph_relations),
	KUNIT_CASE(agx4_fw_g17p_boot_gives_every_register_window),
	KUNIT_CASE(agx4_fw_g17p_boot_writes_the_dispatch_record),
	{}
};

static struct kunit_suite agx4_fw_g17p_init_suite = {
	.name = "agx4_fw_g17p_init",
	.test_cases = agx4_fw_g17p_init_cases,
};

kunit_test_suite(agx4_fw_g17p_init_suite);
