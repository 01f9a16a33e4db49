// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_g16_power": the G16 bundle's power-controller
 * block.  The inputs come from a fake t8132 device tree through the real
 * parser; the expected bytes are written from the specification of the
 * block (bundle offsets, widths, values, and the test vectors of the
 * reference's software float), read back by raw offset, never through the
 * driver's declarations.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_g16_power.h"
#include "../agx4_fw_obj.h"
#include "../agx4_fwmodel.h"
#include "../agx4_of.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

/* The bundle; the block is written from +0x5380 up to +0xb758. */
#define BUNDLE_SIZE	0x24000
#define BLOCK_START	0x5380
#define BLOCK_END	0xb758
#define FILL		0xa5

/* What the caller passes beside the device tree. */
#define EXTRA_1		0xffff0123456789c0ull
#define POLICY		0xfffffc20c0500000ull
#define RANDOM		0x5eed1234u

/* The loader's maximum power; the fake node's highest frequency. */
#define MAXP		37237
#define FREQ_MAX	1470

struct field {
	u32 off;
	u8 width;
	u64 val;
};

/*
 * Every field the block writes, with the default tunables, an 8 ms sample
 * period (192000 clocks), a maximum power of 37237 mW and a highest
 * frequency of 1470 MHz; f32 fields as their bit patterns.  Bundle
 * offsets.  The power slots (i16 at 0x6f6f) are checked separately.
 */
static const struct field defaults[] = {
	/* Sample period and the two performance-state headers. */
	{ 0x5384, 4, 0x2ee00 }, { 0x5388, 4, 0x2ee00 },
	{ 0x5390, 4, 4 }, { 0x5394, 4, 0x3f800000 }, { 0x53ac, 4, 1 },
	{ 0x53b0, 4, 1 }, { 0x53bc, 4, 0 }, { 0x53c0, 4, 100 },
	{ 0x53c4, 4, 1 }, { 0x53c8, 4, 1000 }, { 0x53d0, 4, 100 },
	{ 0x53e0, 4, 4 }, { 0x53e4, 4, 0x3f800000 }, { 0x53ec, 4, 1 },
	{ 0x53f0, 4, 1 }, { 0x53fc, 4, 0 }, { 0x5400, 4, 100 },
	{ 0x5404, 4, 1 }, { 0x5408, 4, 1000 }, { 0x5410, 4, 100 },
	/* Per-p-state constant 1.02. */
	{ 0x5440, 4, 0x3f828f5c }, { 0x5444, 4, 0x3f828f5c },
	{ 0x5448, 4, 0x3f828f5c }, { 0x544c, 4, 0x3f828f5c },
	{ 0x5450, 4, 0x3f828f5c }, { 0x5454, 4, 0x3f828f5c },
	{ 0x5458, 4, 0x3f828f5c }, { 0x545c, 4, 0x3f828f5c },
	{ 0x5460, 4, 0x3f828f5c }, { 0x5464, 4, 0x3f828f5c },
	{ 0x5468, 4, 0x3f828f5c },
	/* Power PID controller. */
	{ 0x5d38, 4, 625 }, { 0x5d44, 4, 0x3f7f2e9f }, { 0x5d4c, 4, 0x3b516154 },
	{ 0x5d54, 4, 0x3ca59586 }, { 0x5d5c, 4, 0 }, { 0x5d60, 4, 0x47117500 },
	{ 0x5d64, 4, 0x40a90fdb }, { 0x5d6c, 4, 0xbcdbff0a }, { 0x5d70, 4, 40 },
	{ 0x5d74, 4, 1000 }, { 0x5d78, 4, 1000 }, { 0x5d84, 4, MAXP },
	{ 0x5db8, 4, 1000 },
	/* PPM loop, n = 16 / 8 = 2. */
	{ 0x5df0, 4, 8 }, { 0x5dfc, 4, 0x3f000000 }, { 0x5e04, 4, 0x3f000000 },
	{ 0x5e0c, 4, 0x3f99999a }, { 0x5e14, 4, 0 }, { 0x5e18, 4, 0x47800000 },
	{ 0x5e1c, 4, 0x3e800000 }, { 0x5e28, 4, 40 }, { 0x5e2c, 4, 1000 },
	{ 0x5e3c, 4, MAXP }, { 0x5e48, 4, 16 }, { 0x5e50, 8, 0x5dc00 },
	/* Utilisation loop. */
	{ 0x5ea8, 4, 85 }, { 0x5eb0, 4, 95 }, { 0x5eb4, 4, 50 },
	{ 0x5eb8, 4, 6 }, { 0x5ec0, 4, 6 }, { 0x5ec4, 4, 1 }, { 0x5ec8, 4, 0 },
	{ 0x5ecc, 4, 0x3f4ccccd }, { 0x5ed0, 4, 0x3f7eb852 },
	{ 0x5ed4, 4, 0x3e4ccccd }, { 0x5ed8, 4, 0x3ba3d70a },
	{ 0x5edc, 4, 0x3f4c28f6 }, { 0x5ee0, 4, 0x3f4c28f6 }, { 0x5ee4, 4, 0 },
	{ 0x5ee8, 4, 0x42be0000 }, { 0x5eec, 4, 0x40accccd },
	{ 0x5ef0, 4, 0x40accccd }, { 0x5ef4, 4, 0x41179436 },
	{ 0x5ef8, 4, 100 }, { 0x5efc, 4, 1000 }, { 0x5f00, 4, 100 },
	{ 0x5f0c, 4, 85 }, { 0x5f14, 4, 0 }, { 0x5f40, 4, 100 },
	/* Perf/boost helper. */
	{ 0x7570, 4, 0x47800000 }, { 0x7574, 4, 0x42200000 },
	{ 0x7578, 4, 0x447a0000 }, { 0x757c, 4, FREQ_MAX }, { 0x7590, 4, 40 },
	{ 0x7598, 4, 0x42c80000 }, { 0x759c, 4, 1000 },
	{ 0x75a4, 4, 0x3f4ccccd }, { 0x75a8, 4, 0x3e4ccccd },
	/* Fast die-0 thermal loop. */
	{ 0x75e8, 8, 0x6958 }, { 0x75f0, 4, 8000 }, { 0x75f8, 4, 4 },
	{ 0x7604, 4, 0 }, { 0x760c, 4, 0x3f800000 }, { 0x7614, 4, 0x3fcccccd },
	{ 0x761c, 4, 0 }, { 0x7620, 4, 0x47800000 }, { 0x7624, 4, 0x42f00000 },
	{ 0x762c, 4, 0 }, { 0x7630, 4, 40 }, { 0x7634, 4, 1000 },
	{ 0x7638, 4, 1000 }, { 0x763c, 4, 0 }, { 0x7644, 4, 11000 },
	{ 0x7678, 4, 1000 },
	/* Turbo controller, mode 2 (property absent). */
	{ 0x7898, 1, 0 }, { 0x7899, 1, 0 }, { 0x7aaa, 4, 0x3f7eb852 },
	{ 0x7ab2, 4, 0x3ba3d70a }, { 0x7aba, 4, 0x3f933333 }, { 0x7ac2, 4, 0 },
	{ 0x7ac6, 4, 0x47800000 }, { 0x7aca, 4, 0x437a0000 },
	{ 0x7ad2, 4, 0xbac80000 }, { 0x7ad6, 4, 900 }, { 0x7ada, 4, 1000 },
	{ 0x7ade, 4, 1000 }, { 0x7ae6, 4, 0x453b8000 }, { 0x7aea, 4, 10150 },
	{ 0x7af2, 4, 0 }, { 0x7b1e, 4, 1000 }, { 0x7b3a, 4, 200 },
	{ 0x7b52, 4, 700 }, { 0x7b56, 4, 0x42800000 }, { 0x7b5a, 4, 0x47800000 },
	/* Max-power mirrors and the average-power loop (t = 1, m = 31). */
	{ 0x7bf0, 4, 1000 }, { 0x7c48, 4, MAXP }, { 0x7c4c, 4, MAXP },
	{ 0x7c50, 4, MAXP }, { 0x7c5c, 4, 0 }, { 0x7c60, 4, 0x3f800000 },
	{ 0x7c64, 4, 4 }, { 0x7c68, 4, 8 }, { 0x7c6c, 8, 0x2ee00 },
	{ 0x7d3c, 4, 124 }, { 0x7d48, 4, 0x3f77bdef }, { 0x7d50, 4, 0x3d042108 },
	{ 0x7d58, 4, 0x3e0a3d71 }, { 0x7d60, 4, 0 }, { 0x7d64, 4, 0x47800000 },
	{ 0x7d68, 4, 0x401ae148 }, { 0x7d70, 4, 0 }, { 0x7d74, 4, 40 },
	{ 0x7d78, 4, 1000 }, { 0x7d7c, 4, 1000 }, { 0x7d84, 4, 0x47117500 },
	{ 0x7d88, 4, MAXP }, { 0x7d94, 4, 248 }, { 0x7d9c, 8, 0x5ad200 },
	{ 0x7dbc, 4, 1000 },
	/* SE loop (n1 = 9, n2 = 3). */
	{ 0x7ecc, 4, 50 }, { 0x7ed0, 4, 1 }, { 0x7ed8, 4, 0x3f638e39 },
	{ 0x7edc, 4, 0x3f2aaaab }, { 0x7ee0, 4, 0x3de38e39 },
	{ 0x7ee4, 4, 0x3eaaaaab }, { 0x7ee8, 4, 0xbecccccd },
	{ 0x7eec, 4, 0xbf4ccccd }, { 0x7ef0, 4, 0 }, { 0x7ef4, 4, 0x47800000 },
	{ 0x7ef8, 4, 0xc0a00000 }, { 0x7efc, 4, 0xc0a00000 },
	{ 0x7f04, 4, 100 }, { 0x7f08, 4, 1000 }, { 0x7f0c, 4, 100 },
	{ 0x7f14, 4, 0x45fa0000 }, { 0x7f18, 4, 1400 }, { 0x7f24, 4, 72 },
	{ 0x7f28, 4, 24 }, { 0x7f2c, 8, 0x1a5e00 }, { 0x7f34, 8, 0x8ca00 },
	{ 0x7f40, 4, 0x47800000 }, { 0x7f68, 4, 8000 }, { 0x7f6c, 4, 4 },
	{ 0x7f70, 4, 2500 }, { 0x7f74, 4, 600 }, { 0x7f78, 4, 2 },
	{ 0x7f7c, 4, 4 }, { 0x7f80, 4, 50 },
	/* Tail of the SE area. */
	{ 0x7fb0, 4, 0x47800000 }, { 0x7fb4, 4, 0 }, { 0x7fc0, 4, 40 },
	{ 0x7fc4, 4, 1000 },
	/* The unnamed loop. */
	{ 0x81ac, 4, 4 }, { 0x81b8, 4, 0x3f780000 }, { 0x81c0, 4, 0x3d000000 },
	{ 0x81c8, 4, 0x40a00000 }, { 0x81d0, 4, 0 }, { 0x81d4, 4, 0x47800000 },
	{ 0x81d8, 4, 0x41700000 }, { 0x81e4, 4, 900 }, { 0x81e8, 4, 1000 },
	{ 0x81ec, 4, 1000 }, { 0x81f8, 4, 1000 }, { 0x822c, 4, 1000 },
	/* Bundle words past the loops, and the SMC keys. */
	{ 0x8ed0, 8, EXTRA_1 + 0x80 }, { 0xb698, 8, POLICY },
	{ 0xb6a0, 4, 0x67305452 }, { 0xb708, 4, 0x67307430 },
	{ 0xb70c, 4, 0x67307431 }, { 0xb710, 4, 0x67304542 },
	{ 0xb714, 4, 0x6730454c }, { 0xb754, 4, RANDOM },
};

/* The initial power slots: 512 i16 0x7fff from the odd offset 0x6f6f. */
#define SLOTS		0x6f6f
#define SLOTS_END	(SLOTS + 512 * 2)

struct power_ctx {
	struct agx4_platform plat;
	struct agx4_fw_g16_power_in in;
	u8 *bundle;
};

/* The plat of the fake t8132 node, maximum power 37237 mW, 8 ms. */
static struct power_ctx *power_ctx(struct kunit *test,
				   struct agx4_test_dt *dt)
{
	struct power_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct agx4_dt_error err;
	struct device *dev;
	u32 v = MAXP;

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->bundle = kunit_kmalloc(test, BUNDLE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c->bundle);
	memset(c->bundle, FILL, BUNDLE_SIZE);
	dev = kunit_device_register(test, "agx4_g16_power_test");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	if (!dt)
		dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	agx4_test_dt_set_be32(test, dt, "apple,m4-max-power-mw", &v, 1);
	KUNIT_ASSERT_EQ(test, agx4_of_parse(dev, &dt->src, &c->plat, &err), 0);
	c->in = (struct agx4_fw_g16_power_in){
		.extra_1 = EXTRA_1, .policy = POLICY, .random = RANDOM,
	};
	return c;
}

static int build(struct power_ctx *c)
{
	return agx4_fw_g16_build_power(&c->plat, &c->in, c->bundle,
				       BUNDLE_SIZE);
}

static u64 rd(const u8 *b, u32 off, u8 width)
{
	switch (width) {
	case 1:
		return b[off];
	case 2:
		return get_unaligned_le16(b + off);
	case 4:
		return get_unaligned_le32(b + off);
	default:
		return get_unaligned_le64(b + off);
	}
}

static bool in_field(u32 off)
{
	unsigned int i;

	if (off >= SLOTS && off < SLOTS_END)
		return true;
	for (i = 0; i < ARRAY_SIZE(defaults); i++)
		if (off >= defaults[i].off &&
		    off < defaults[i].off + defaults[i].width)
			return true;
	return false;
}

/* Read field @off (4 bytes) of the block built from @c. */
static u32 built_u32(struct kunit *test, struct power_ctx *c, u32 off)
{
	memset(c->bundle, FILL, BUNDLE_SIZE);
	KUNIT_EXPECT_EQ(test, build(c), 0);
	return get_unaligned_le32(c->bundle + off);
}

static void expect_refused(struct kunit *test, struct power_ctx *c,
			   const char *what)
{
	unsigned int i, bad = 0;

	memset(c->bundle, FILL, BUNDLE_SIZE);
	KUNIT_EXPECT_EQ_MSG(test, build(c), -EINVAL, "%s", what);
	for (i = 0; i < BUNDLE_SIZE; i++)
		bad += c->bundle[i] != FILL;
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "%s: bundle written", what);
}

static void agx4_g16_power_defaults_match_the_spec_table(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);
	unsigned int i, stray = 0, outside = 0;

	KUNIT_ASSERT_EQ(test, build(c), 0);
	for (i = 0; i < ARRAY_SIZE(defaults); i++)
		KUNIT_EXPECT_EQ_MSG(test, rd(c->bundle, defaults[i].off,
					     defaults[i].width),
				    defaults[i].val, "bundle+%#x",
				    defaults[i].off);
	/* Everything else in the block is zero, nothing outside is touched. */
	for (i = BLOCK_START; i < BLOCK_END; i++) {
		if (!in_field(i) && c->bundle[i]) {
			if (!stray)
				kunit_info(test, "stray byte at %#x\n", i);
			stray++;
		}
	}
	for (i = 0; i < BUNDLE_SIZE; i++)
		if ((i < BLOCK_START || i >= BLOCK_END) && c->bundle[i] != FILL)
			outside++;
	KUNIT_EXPECT_EQ(test, stray, 0);
	KUNIT_EXPECT_EQ(test, outside, 0);
}

static void agx4_g16_power_slots_are_odd_aligned_i16_max(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);
	unsigned int i;

	KUNIT_ASSERT_EQ(test, build(c), 0);
	for (i = SLOTS; i < SLOTS_END; i++)
		KUNIT_EXPECT_EQ_MSG(test, c->bundle[i], (i - SLOTS) % 2 ? 0x7f : 0xff,
				    "bundle+%#x", i);
	KUNIT_EXPECT_EQ(test, c->bundle[SLOTS - 1], 0);
	KUNIT_EXPECT_EQ(test, c->bundle[SLOTS_END], 0);
}

static void agx4_g16_power_smc_keys_read_as_ascii(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);

	KUNIT_ASSERT_EQ(test, build(c), 0);
	/* The characters reversed in memory. */
	KUNIT_EXPECT_MEMEQ(test, c->bundle + 0xb6a0, "RT0g", 4);
	KUNIT_EXPECT_MEMEQ(test, c->bundle + 0xb708, "0t0g1t0gBE0gLE0g", 16);
}

/*
 * Filter coefficients where the reference's rounding differs from
 * IEEE-754 (one unit lower), and values where they agree: A(n) at
 * bundle+0x5d44 and I(n) at +0x5d4c for a power filter of n samples.
 */
struct vector {
	u32 in;
	u32 off;
	u32 bits;
};

static const struct vector filter_vectors[] = {
	{ 255, 0x5d4c, 0x3b808080 },	/* IEEE 0x3b808081 */
	{ 510, 0x5d4c, 0x3b008080 },	/* IEEE ...81 */
	{ 1020, 0x5d4c, 0x3a808080 },	/* IEEE ...81 */
	{ 1509, 0x5d4c, 0x3a2db868 },	/* IEEE ...69 */
	{ 251, 0x5d44, 0x3f7efae6 },	/* IEEE ...e7 */
	{ 2877, 0x5d44, 0x3f7fe938 },	/* IEEE ...39 */
	{ 3098, 0x5d44, 0x3f7fead8 },	/* IEEE ...d9 */
	{ 313, 0x5d44, 0x3f7f2e9f }, { 313, 0x5d4c, 0x3b516154 },
	{ 5, 0x5d44, 0x3f4ccccd }, { 5, 0x5d4c, 0x3e4ccccd },
	{ 200, 0x5d44, 0x3f7eb852 }, { 200, 0x5d4c, 0x3ba3d70a },
	{ 9, 0x5d44, 0x3f638e39 }, { 9, 0x5d4c, 0x3de38e39 },
	{ 32, 0x5d44, 0x3f780000 }, { 32, 0x5d4c, 0x3d000000 },
	{ 1, 0x5d44, 0x00000000 }, { 1, 0x5d4c, 0x3f800000 },
};

static void vector_desc(const struct vector *v, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "n=%u at %#x", v->in, v->off);
}

KUNIT_ARRAY_PARAM(filter, filter_vectors, vector_desc);

static void agx4_g16_power_filter_rounds_like_the_reference(struct kunit *test)
{
	const struct vector *v = test->param_value;
	struct power_ctx *c = power_ctx(test, NULL);

	c->plat.pwr.pwr_filter_time_constant = v->in;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, v->off), v->bits);
}

/* -1000 / f32(maximum power) at +0x5d6c, and f32(maximum power). */
static void agx4_g16_power_pstate_k_rounds_like_the_reference(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);

	c->plat.max_power_mw = 251;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x5d6c), 0xc07efae6);
	c->plat.max_power_mw = 1111;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x5d6c), 0xbf666c4c);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x5d84), 1111);
	c->plat.max_power_mw = MAXP;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x5d6c), 0xbcdbff0a);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x5d60),
			0x47117500);
}

/* DT = f32(P) / 1000 for P = 1..16 ms, seen through a PPM gain of 1.0. */
static void agx4_g16_power_period_in_seconds_by_ms(struct kunit *test)
{
	static const u32 dt[16] = {
		0x3a83126f, 0x3b03126f, 0x3b449ba6, 0x3b83126f, 0x3ba3d70a,
		0x3bc49ba6, 0x3be56042, 0x3c03126f, 0x3c1374bc, 0x3c23d70a,
		0x3c343958, 0x3c449ba6, 0x3c54fdf4, 0x3c656042, 0x3c75c28f,
		0x3c83126f,
	};
	struct power_ctx *c = power_ctx(test, NULL);
	unsigned int p;

	c->plat.pwr.ppm_ki = 0x3f800000;
	for (p = 1; p <= 16; p++) {
		c->plat.sample_period_clks = p * 24000;
		KUNIT_EXPECT_EQ_MSG(test, built_u32(test, c, 0x5e0c), dt[p - 1],
				    "P = %u", p);
		/* The period in us, as a u32 and as binary32 (exact). */
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7f68),
				p * 1000);
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7f6c),
				(33 + p / 2) / p);
	}
}

/* (1000 - 100 base) / 95 at +0x5ef4 for every base performance state. */
static void agx4_g16_power_boost_k_by_base_pstate(struct kunit *test)
{
	static const u32 k[10] = {
		0x41179436, 0x4106bca2, 0x40ebca1b, 0x40ca1af3, 0x40a86bca,
		0x4086bca2, 0x404a1af3, 0x4006bca2, 0x3f86bca2, 0x00000000,
	};
	struct power_ctx *c = power_ctx(test, NULL);
	unsigned int b;

	for (b = 1; b <= 10; b++) {
		c->plat.pwr.perf_base_pstate = b;
		KUNIT_EXPECT_EQ_MSG(test, built_u32(test, c, 0x5ef4), k[b - 1],
				    "base %u", b);
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x53c0),
				100 * b);
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7f0c),
				100 * b);
	}
}

/* A period of 200000 clocks: only the clock words and FDT change. */
static void agx4_g16_power_unrounded_period_only_in_fdt(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);

	c->plat.sample_period_clks = 200000;
	KUNIT_ASSERT_EQ(test, build(c), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x5384), 0x30d40);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x5388), 0x30d40);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7614),
			0x3fd55554);
	/* P is still 8 ms for everything else. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x5e0c),
			0x3f99999a);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(c->bundle + 0x7f2c), 0x1a5e00);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(c->bundle + 0x7c6c), 0x2ee00);
}

/* Tunables set in the device tree reach their fields. */
static void agx4_g16_power_tunables_from_the_device_tree(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	static const struct { const char *name; u32 v; } props[] = {
		{ "apple,sgx-gpu-pwr-min-duty-cycle", 55 },
		{ "apple,sgx-gpu-pwr-integral-min-clamp", 3 },
		{ "apple,sgx-gpu-pwr-integral-gain", 0x11223344 },
		{ "apple,sgx-gpu-ppm-filter-time-constant-ms", 33 },
		{ "apple,sgx-gpu-ppm-kp", 0x22334455 },
		{ "apple,sgx-gpu-perf-tgt-utilization", 90 },
		{ "apple,sgx-gpu-perf-dz", 7 },
		{ "apple,sgx-gpu-perf-boost-ce-step", 77 },
		{ "apple,sgx-gpu-perf-integral-min-clamp", 10 },
		{ "apple,sgx-gpu-se-kp-1", 0x33445566 },
		{ "apple,sgx-gpu-se-reset-criteria", 1234 },
		{ "apple,sgx-gpu-avg-power-min-duty-cycle", 60 },
		{ "apple,sgx-gpu-fast-die0-release-temp", 671088 },
		{ "apple,sgx-gpu-fast-die0-prop-tgt-delta", 3 },
		{ "apple,sgx-gpu-se-filter-time-constant", 5 },
	};
	static const struct field want[] = {
		{ 0x5d70, 4, 55 }, { 0x5e28, 4, 55 }, { 0x7590, 4, 55 },
		{ 0x7630, 4, 55 }, { 0x7fc0, 4, 55 },
		{ 0x7574, 4, 0x425c0000 },	/* 55.0 */
		{ 0x5d5c, 4, 0x40400000 }, { 0x5e14, 4, 0x40400000 }, /* 3.0 */
		{ 0x5d54, 4, 0x11223344 },
		/* n = 33 / 8 = 4: 16, 0.75, 0.25, the raw 33, 4 * 8 * 24000. */
		{ 0x5df0, 4, 16 }, { 0x5dfc, 4, 0x3f400000 },
		{ 0x5e04, 4, 0x3e800000 }, { 0x5e48, 4, 33 },
		{ 0x5e50, 8, 768000 }, { 0x5e1c, 4, 0x22334455 },
		{ 0x5ea8, 4, 83 }, { 0x5f0c, 4, 83 }, { 0x5f14, 4, 7 },
		{ 0x5eb4, 4, 77 }, { 0x5ee4, 4, 0x41200000 },	/* 10.0 */
		{ 0x7efc, 4, 0x33445566 }, { 0x7f80, 4, 1234 },
		{ 0x7d74, 4, 60 },
		{ 0x75f0, 4, 67108800 }, { 0x763c, 4, 300 },
		/* SE n1 = 5: A, I, 5 * 8 ms, its clocks. */
		{ 0x7ed8, 4, 0x3f4ccccd }, { 0x7ee0, 4, 0x3e4ccccd },
		{ 0x7f24, 4, 40 }, { 0x7f2c, 8, 960000 },
	};
	struct power_ctx *c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(props); i++)
		agx4_test_dt_set_le32(test, dt, props[i].name, &props[i].v, 1);
	c = power_ctx(test, dt);
	KUNIT_ASSERT_EQ(test, build(c), 0);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		KUNIT_EXPECT_EQ_MSG(test, rd(c->bundle, want[i].off,
					     want[i].width),
				    want[i].val, "bundle+%#x", want[i].off);
}

/* The average-power integral gain: per second, per sample, or 16.875/s. */
static void agx4_g16_power_avg_ki_sources(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);
	struct agx4_g16_tunables *t = &c->plat.pwr;

	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x7d58), 0x3e0a3d71);
	t->has_avg_power_ki = 1;
	t->avg_power_ki = 0x12345678;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x7d58), 0x12345678);
	/* ki-only wins, times DT: 150.0 * 0.008 = 1.2. */
	t->has_avg_power_ki_only = 1;
	t->avg_power_ki_only = 0x43160000;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x7d58), 0x3f99999a);
	/* Per sample, it must be finite. */
	t->has_avg_power_ki_only = 0;
	t->avg_power_ki = 0x7fc00000;
	expect_refused(test, c, "NaN average-power gain");
}

/* The average-power filter's length: ms / P, samples, or 248 ms / P. */
static void agx4_g16_power_avg_filter_sources(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);
	struct agx4_g16_tunables *t = &c->plat.pwr;

	t->has_avg_power_input_filter_tc = 1;
	t->avg_power_input_filter_tc = 10;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x7d3c), 40);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7d94), 80);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(c->bundle + 0x7d9c), 1920000);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7d48),
			0x3f666666);	/* 0.9 */
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7d50),
			0x3dcccccd);	/* 0.1 */

	/* The ms form wins; the raw value is kept, m = 100 / 8 = 12. */
	t->has_avg_power_filter_tc_ms = 1;
	t->avg_power_filter_tc_ms = 100;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x7d3c), 48);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7d94), 100);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(c->bundle + 0x7d9c), 2304000);

	t->avg_power_filter_tc_ms = 7;
	expect_refused(test, c, "average-power filter shorter than a period");
}

struct turbo_case {
	bool present;
	u32 mode;
	u32 kp, ki, target, delta, thresh;
};

static const struct turbo_case turbo_cases[] = {
	{ false, 0, 0x437a0000, 0x3f933333, 10150, 0, 700 },
	{ true, 0, 0x43960000, 0x3fa66666, 9600, 300, 0 },
	{ true, 1, 0x437a0000, 0x3f933333, 0, 0, 700 },
	{ true, 2, 0x437a0000, 0x3f933333, 10150, 0, 700 },
	{ true, 7, 0x437a0000, 0x3f933333, 10150, 0, 700 },
};

static void turbo_desc(const struct turbo_case *t, char *desc)
{
	if (t->present)
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "mode %u", t->mode);
	else
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "absent");
}

KUNIT_ARRAY_PARAM(turbo, turbo_cases, turbo_desc);

static void agx4_g16_power_turbo_by_mode(struct kunit *test)
{
	const struct turbo_case *t = test->param_value;
	struct power_ctx *c = power_ctx(test, NULL);

	c->plat.pwr.has_turbo_controller_input = t->present;
	c->plat.pwr.turbo_controller_input = t->mode;
	KUNIT_ASSERT_EQ(test, build(c), 0);
	KUNIT_EXPECT_EQ(test, c->bundle[0x7898], t->present);
	KUNIT_EXPECT_EQ(test, c->bundle[0x7899], t->present && t->mode == 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7aca), t->kp);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7aba), t->ki);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7aea),
			t->target);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7af2), t->delta);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0x7b52),
			t->thresh);
}

/*
 * Temperatures go through binary32: 100 x release, exact up to 671088;
 * 67108900 is not a binary32 (the nearest, ties to even, is 67108896);
 * 100 x 42949672 rounds up to 2^32, which does not fit.
 */
static void agx4_g16_power_centi_degrees_through_binary32(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);

	c->plat.pwr.fast_die0_release_temp = 671088;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x75f0), 67108800);
	c->plat.pwr.fast_die0_release_temp = 671089;
	KUNIT_EXPECT_EQ(test, built_u32(test, c, 0x75f0), 67108896);
	c->plat.pwr.fast_die0_release_temp = 42949672;
	expect_refused(test, c, "release temperature x 100 >= 2^32");
}

static void agx4_g16_power_out_of_range_inputs_are_refused(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);
	struct agx4_platform good = c->plat;
	struct agx4_g16_tunables *t = &c->plat.pwr;

#define REFUSED(stmt) do {						\
		c->plat = good;						\
		stmt;							\
		expect_refused(test, c, #stmt);				\
	} while (0)
	REFUSED(c->plat.sample_period_clks = 23999);
	REFUSED(c->plat.max_power_mw = 0);
	REFUSED(c->plat.max_power_mw = 0x80000000);
	REFUSED(t->pwr_integral_min_clamp = MAXP + 1);
	REFUSED(t->pwr_min_duty_cycle = 1001);
	REFUSED(t->pwr_filter_time_constant = 0);
	REFUSED(c->plat.sample_period_clks = 17 * 24000);	/* 16 ms PPM */
	REFUSED(t->ppm_filter_time_constant_ms = 7);
	REFUSED(t->perf_base_pstate = 0);
	REFUSED(t->perf_base_pstate = 11);
	REFUSED(t->perf_tgt_utilization = 101);
	REFUSED(t->perf_dz = 86);
	REFUSED(t->perf_boost_min_util = 101);
	REFUSED(t->perf_integral_min_clamp = 96);
	REFUSED(t->perf_filter_time_constant = 0);
	REFUSED(t->perf_filter_time_constant2 = 0);
	REFUSED(t->se_filter_time_constant = 0);
	REFUSED(t->se_filter_time_constant_1 = 0x40000000);	/* x 8 */
	REFUSED(t->se_filter_time_constant = 22370);	/* x 8 x 24000 */
	REFUSED(t->avg_power_target_filter_tc = 0);
	REFUSED(t->avg_power_min_duty_cycle = 1001);
	REFUSED(t->fast_die0_release_temp = 42949673);
	REFUSED(t->fast_die0_prop_tgt_delta = 42949673);
	REFUSED(t->pwr_proportional_gain = 0x7f800000);
	REFUSED(t->perf_integral_gain2 = 0xffc00000);
	REFUSED(t->se_kp = 0xff800000);
	/* 248 ms / 249 ms is no sample. */
	REFUSED(c->plat.sample_period_clks = 249 * 24000;
		t->ppm_filter_time_constant_ms = 1000);
	/* A finite gain whose product with DT is not: 2 s periods. */
	REFUSED(c->plat.sample_period_clks = 2000 * 24000;
		t->ppm_filter_time_constant_ms = 2000;
		t->avg_power_filter_tc_ms = 2000;
		t->has_avg_power_filter_tc_ms = 1;
		t->se_ki = 0x7f7fffff);
	/*
	 * 4 s periods: the product's exponent, 129, is past the one that
	 * encodes Inf (128) and must still round to Inf, not wrap into the
	 * sign bit as a finite value.
	 */
	REFUSED(c->plat.sample_period_clks = 4000 * 24000;
		t->ppm_filter_time_constant_ms = 4000;
		t->avg_power_filter_tc_ms = 4000;
		t->has_avg_power_filter_tc_ms = 1;
		t->se_ki = 0x7f7fffff);
#undef REFUSED

	/* The same 2 s period with sane gains builds. */
	c->plat = good;
	c->plat.sample_period_clks = 2000 * 24000;
	t->ppm_filter_time_constant_ms = 2000;
	t->avg_power_filter_tc_ms = 2000;
	t->has_avg_power_filter_tc_ms = 1;
	KUNIT_EXPECT_EQ(test, build(c), 0);
	c->plat.sample_period_clks = 4000 * 24000;
	t->ppm_filter_time_constant_ms = 4000;
	t->avg_power_filter_tc_ms = 4000;
	KUNIT_EXPECT_EQ(test, build(c), 0);
	/* And the limits themselves are accepted. */
	c->plat = good;
	t->pwr_integral_min_clamp = 0x7fffffff;
	t->perf_base_pstate = 10;
	t->perf_dz = 85;
	t->pwr_min_duty_cycle = 1000;
	c->plat.max_power_mw = 0x7fffffff;
	KUNIT_EXPECT_EQ(test, build(c), 0);
}

static void agx4_g16_power_bundle_too_small_is_refused(struct kunit *test)
{
	struct power_ctx *c = power_ctx(test, NULL);

	memset(c->bundle, FILL, BUNDLE_SIZE);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_power(&c->plat, &c->in,
						      c->bundle, BLOCK_END - 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, c->bundle[BLOCK_START + 4], FILL);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_power(&c->plat, &c->in,
						      c->bundle, BLOCK_END), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(c->bundle + 0xb754), RANDOM);
}

/* The G16 probe against the firmware model, with @dt. */
static struct agx4_device *probe_g16(struct kunit *test,
				     struct agx4_test_dt *dt)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	return agx4_device_create(dev, &dt->src);
}

static struct agx4_fw_obj *boot_obj(struct agx4_fw_boot *b, const char *name)
{
	unsigned int i;

	for (i = 0; i < b->num_objs; i++)
		if (!strcmp(b->objs[i].name, name))
			return b->objs[i].obj;
	return NULL;
}

/*
 * The boot builds the block into the bundle it publishes: the fake node's
 * 8 ms period, its 22000 mW, the policy page and support object 1.
 */
static void agx4_g16_power_boot_fills_the_bundle(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_fw_obj *bundle, *policy, *status;
	struct agx4_device *adev = probe_g16(test, dt);
	u8 *p;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_ASSERT_NOT_NULL(test, adev->fw);
	bundle = boot_obj(adev->fw, "hwdata");
	policy = boot_obj(adev->fw, "policy");
	status = boot_obj(adev->fw, "status");
	KUNIT_ASSERT_NOT_NULL(test, bundle);
	KUNIT_ASSERT_NOT_NULL(test, policy);
	KUNIT_ASSERT_NOT_NULL(test, status);
	p = bundle->cpu;
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(p + 0x5384), 192000);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(p + 0x5d84), 22000);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(p + 0x5d60), 0x46abe000);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(p + 0x757c), FREQ_MAX);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(p + 0xb698), policy->va);
	/* Support object 1 is status B + 0xc3440. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(p + 0x8ed0),
			status->va + 0xc3440 + 0x80);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(p + 0xb6a0), 0x67305452);
	KUNIT_EXPECT_TRUE(test, mem_is_zero(policy->cpu, policy->size));
}

/* A tunable only the builder can refuse (needs the period) fails probe. */
static void agx4_g16_power_refusal_fails_probe(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_device *adev;
	u32 v = 7;

	agx4_test_dt_set_le32(test, dt,
			      "apple,sgx-gpu-ppm-filter-time-constant-ms", &v, 1);
	adev = probe_g16(test, dt);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EINVAL);
	agx4_fwmodel_sync(agx4_test_model());
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(agx4_test_model(), 0));
}

static struct kunit_case agx4_g16_power_cases[] = {
	KUNIT_CASE(agx4_g16_power_defaults_match_the_spec_table),
	KUNIT_CASE(agx4_g16_power_slots_are_odd_aligned_i16_max),
	KUNIT_CASE(agx4_g16_power_smc_keys_read_as_ascii),
	KUNIT_CASE_PARAM(agx4_g16_power_filter_rounds_like_the_reference,
			 filter_gen_params),
	KUNIT_CASE(agx4_g16_power_pstate_k_rounds_like_the_reference),
	KUNIT_CASE(agx4_g16_power_period_in_seconds_by_ms),
	KUNIT_CASE(agx4_g16_power_boost_k_by_base_pstate),
	KUNIT_CASE(agx4_g16_power_unrounded_period_only_in_fdt),
	KUNIT_CASE(agx4_g16_power_tunables_from_the_device_tree),
	KUNIT_CASE(agx4_g16_power_avg_ki_sources),
	KUNIT_CASE(agx4_g16_power_avg_filter_sources),
	KUNIT_CASE_PARAM(agx4_g16_power_turbo_by_mode, turbo_gen_params),
	KUNIT_CASE(agx4_g16_power_centi_degrees_through_binary32),
	KUNIT_CASE(agx4_g16_power_out_of_range_inputs_are_refused),
	KUNIT_CASE(agx4_g16_power_bundle_too_small_is_refused),
	KUNIT_CASE(agx4_g16_power_boot_fills_the_bundle),
	KUNIT_CASE(agx4_g16_power_refusal_fails_probe),
	{ }
};

static struct kunit_suite agx4_g16_power_suite = {
	.name = "agx4_fw_g16_power",
	.test_cases = agx4_g16_power_cases,
};

kunit_test_suite(agx4_g16_power_suite);
