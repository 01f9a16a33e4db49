// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_of": device-tree parsing.  Each case starts from a node
 * that parses cleanly (agx4_test_dt_alloc()), breaks one thing and checks
 * the exact errno, that the property at fault is named, and that the
 * output was left untouched.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../agx4_of.h"
#include "agx4_test_dt.h"

struct of_ctx {
	struct device *dev;
	struct agx4_platform plat;
	struct agx4_dt_error err;
};

/* Parse @dt; on failure also check that the output was not written. */
static int try_parse(struct kunit *test, struct agx4_test_dt *dt,
		     struct of_ctx *c)
{
	struct agx4_platform *before;
	int ret;

	before = kunit_kmalloc(test, sizeof(*before), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, before);
	memset(&c->plat, 0xa5, sizeof(c->plat));
	memcpy(before, &c->plat, sizeof(*before));

	ret = agx4_of_parse(c->dev, &dt->src, &c->plat, &c->err);
	if (ret) {
		KUNIT_EXPECT_MEMEQ_MSG(test, &c->plat, before, sizeof(*before),
				       "platform written by a failed parse");
		KUNIT_EXPECT_NOT_NULL(test, c->err.what);
		KUNIT_EXPECT_NOT_NULL(test, c->err.why);
	}
	return ret;
}

static struct of_ctx *ctx(struct kunit *test)
{
	struct of_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->dev = kunit_device_register(test, "agx4_of_test");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->dev);
	return c;
}

/* Expect @dt to be rejected with @err, naming @prop. */
static void expect_rejected(struct kunit *test, struct agx4_test_dt *dt,
			    struct of_ctx *c, int err, const char *prop)
{
	KUNIT_EXPECT_EQ_MSG(test, try_parse(test, dt, c), err, "for %s", prop);
	KUNIT_EXPECT_STREQ(test, c->err.what ?: "(none)", prop);
}

static void agx4_of_t8132_good_node_parses(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	struct agx4_platform *p = &c->plat;

	KUNIT_ASSERT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, p->soc, AGX4_SOC_T8132);
	KUNIT_EXPECT_EQ(test, p->chip_id, 0x8132);
	KUNIT_EXPECT_EQ(test, p->num_instances, 1);
	KUNIT_EXPECT_EQ(test, p->num_mboxes, 1);
	KUNIT_EXPECT_STREQ(test, p->firmware_build, "mBoot-18000.161.10");
	KUNIT_EXPECT_EQ(test, p->reg[AGX4_REG_SGX].start, 0x300000000ull);
	KUNIT_EXPECT_EQ(test, p->reg[AGX4_REG_SGX].size, 0x4000000ull);
	KUNIT_EXPECT_EQ(test, p->reg[AGX4_REG_ASC].start, 0x302600000ull);
	KUNIT_EXPECT_EQ(test, p->reg[AGX4_REG_ASC1].size, 0);
	KUNIT_EXPECT_EQ(test, p->mem[AGX4_MEM_PAGETABLES].size, 0x80000);
	KUNIT_EXPECT_EQ(test, p->mem[AGX4_MEM_FIRMWARE1].size, 0);
	KUNIT_EXPECT_EQ(test, p->private_vm.start, 0xfffffc0000000000ull);
	KUNIT_EXPECT_EQ(test, p->private_vm.size, 0x2000000000ull);
	KUNIT_EXPECT_EQ(test, p->freq_a[1], 338);
	KUNIT_EXPECT_EQ(test, p->freq_a[10], 1470);
	KUNIT_EXPECT_EQ(test, p->core_mv[10], 955);
	KUNIT_EXPECT_EQ(test, p->relative_b[10], 100);
	KUNIT_EXPECT_EQ(test, p->chip_revision, 0x11);
	KUNIT_EXPECT_EQ(test, p->core_mask, 0x3ff);
	KUNIT_EXPECT_EQ(test, p->max_power_mw, 22000);
	KUNIT_EXPECT_EQ(test, p->no_gpc, 0);
	/* Absent: the default, memory controllers 0 and 1. */
	KUNIT_EXPECT_EQ(test, p->mcc_mask, 3);
	/* 8 ms at 24000 AIC clocks per ms. */
	KUNIT_EXPECT_EQ(test, p->sample_period_clks, 192000);
	KUNIT_EXPECT_EQ(test, p->meta_swi_len, 20);
	KUNIT_EXPECT_EQ(test, p->meta_swi[19], 19);
	/* The doorbell address, bytes [len - 20, len - 12). */
	KUNIT_EXPECT_EQ(test, p->meta_swi_addr, 0x301014010ull);
	KUNIT_EXPECT_EQ(test, p->boot_abi, 0);
}

/*
 * The loader writes apple,m4-* and apple,chip-revision as ordinary DT
 * cells, big-endian; the apple,sgx-* properties are ADT bytes copied as
 * they are, little-endian.  The bytes here are what each side writes.
 */
static void agx4_of_t8132_cells_big_endian_adt_little(struct kunit *test)
{
	static const u8 mask[] = { 0x00, 0x00, 0x01, 0x55 };
	static const u8 rev[] = { 0x00, 0x00, 0x00, 0x21 };
	static const u8 power[] = { 0x00, 0x00, 0x91, 0x75 };
	static const u8 mcc[] = { 0x0f, 0x00, 0x00, 0x00 };
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	struct agx4_platform *p = &c->plat;
	u8 freq[4 * AGX4_NUM_PSTATES] = { };

	/* 1470 MHz as the last state: 0x000005be. */
	freq[4 * 10 + 2] = 0x05;
	freq[4 * 10 + 3] = 0xbe;
	agx4_test_dt_set(test, dt, "apple,m4-freq-a", freq, sizeof(freq));
	agx4_test_dt_set(test, dt, "apple,m4-core-mask", mask, sizeof(mask));
	agx4_test_dt_set(test, dt, "apple,chip-revision", rev, sizeof(rev));
	agx4_test_dt_set(test, dt, "apple,m4-max-power-mw", power,
			 sizeof(power));
	agx4_test_dt_set(test, dt, "apple,sgx-active-mcc-bit-vector", mcc,
			 sizeof(mcc));
	KUNIT_ASSERT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, p->freq_a[10], 1470);
	KUNIT_EXPECT_EQ(test, p->freq_a[9], 0);
	KUNIT_EXPECT_EQ(test, p->core_mask, 0x155);
	KUNIT_EXPECT_EQ(test, p->chip_revision, 0x21);
	KUNIT_EXPECT_EQ(test, p->max_power_mw, 37237);
	KUNIT_EXPECT_EQ(test, p->mcc_mask, 0xf);
}

static void agx4_of_t8140_good_node_parses(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct of_ctx *c = ctx(test);
	struct agx4_platform *p = &c->plat;

	KUNIT_ASSERT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, p->soc, AGX4_SOC_T8140);
	KUNIT_EXPECT_EQ(test, p->chip_id, 0x8140);
	KUNIT_EXPECT_EQ(test, p->num_instances, 2);
	KUNIT_EXPECT_EQ(test, p->num_mboxes, 2);
	KUNIT_EXPECT_STREQ(test, p->firmware_build, "mBoot-18000.161.9");
	KUNIT_EXPECT_EQ(test, p->boot_abi, 1);
	KUNIT_EXPECT_EQ(test, p->reg[AGX4_REG_ASC1].start, 0x482e00000ull);
	KUNIT_EXPECT_EQ(test, p->reg[AGX4_REG_SGX_AUX].size, 0x12c000);
	KUNIT_EXPECT_EQ(test, p->mem[AGX4_MEM_FIRMWARE1].start, 0x802000000ull);
	KUNIT_EXPECT_EQ(test, p->adt_mem[AGX4_MEM_HANDOFF].start,
			p->mem[AGX4_MEM_HANDOFF].start);
	KUNIT_EXPECT_EQ(test, p->pstate_count, 16);
	KUNIT_EXPECT_EQ(test, p->pstate_tables, 1);
	KUNIT_EXPECT_EQ(test, p->raw_pstates[0].freq_hz, 100000000);
	KUNIT_EXPECT_EQ(test, p->raw_pstates[15].freq_hz, 1600000000);
	KUNIT_EXPECT_EQ(test, p->raw_pstates_sram[15].mv, 900);
	/* t8132-only inputs stay zero. */
	KUNIT_EXPECT_EQ(test, p->core_mask, 0);
	KUNIT_EXPECT_EQ(test, p->meta_swi_len, 0);
}

static void agx4_of_unknown_compatible_is_enodev(struct kunit *test)
{
	static const char other[] = "apple,agx-t8103\0apple,agx-g13g";
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);

	agx4_test_dt_set(test, dt, "compatible", other, sizeof(other));
	expect_rejected(test, dt, c, -ENODEV, "compatible");

	/* The generation fallback alone is not enough. */
	agx4_test_dt_set_str(test, dt, "compatible", "apple,agx-g17p");
	expect_rejected(test, dt, c, -ENODEV, "compatible");

	/* An unterminated list is not read past its end. */
	agx4_test_dt_set(test, dt, "compatible", "apple,agx-t8132", 15);
	expect_rejected(test, dt, c, -ENODEV, "compatible");

	agx4_test_dt_del(dt, "compatible");
	expect_rejected(test, dt, c, -ENODEV, "compatible");
}

static void agx4_of_compatible_found_anywhere_in_list(struct kunit *test)
{
	static const char list[] = "vendor,other\0apple,agx-t8132";
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);

	agx4_test_dt_set(test, dt, "compatible", list, sizeof(list));
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, c->plat.soc, AGX4_SOC_T8132);
}

/* Every required property of each SoC, removed one at a time. */
struct required_case {
	enum agx4_soc_id soc;
	const char *prop;
};

static const struct required_case required_cases[] = {
	{ AGX4_SOC_T8132, "apple,firmware-build" },
	{ AGX4_SOC_T8132, "apple,rtkit-private-vm-region" },
	{ AGX4_SOC_T8132, "apple,m4-freq-a" },
	{ AGX4_SOC_T8132, "apple,m4-freq-b" },
	{ AGX4_SOC_T8132, "apple,m4-core-voltage" },
	{ AGX4_SOC_T8132, "apple,m4-memory-voltage" },
	{ AGX4_SOC_T8132, "apple,m4-index-a" },
	{ AGX4_SOC_T8132, "apple,m4-index-b" },
	{ AGX4_SOC_T8132, "apple,m4-relative-a" },
	{ AGX4_SOC_T8132, "apple,m4-relative-b" },
	{ AGX4_SOC_T8132, "apple,chip-revision" },
	{ AGX4_SOC_T8132, "apple,m4-core-mask" },
	{ AGX4_SOC_T8132, "apple,sgx-meta-sw-interrupt" },
	{ AGX4_SOC_T8140, "apple,firmware-build" },
	{ AGX4_SOC_T8140, "apple,rtkit-private-vm-region" },
	{ AGX4_SOC_T8140, "apple,neo-boot-abi" },
	{ AGX4_SOC_T8140, "apple,sgx-gpu-region-base" },
	{ AGX4_SOC_T8140, "apple,sgx-gfx-shared-region-size" },
	{ AGX4_SOC_T8140, "apple,sgx-gfx-shared-l2-region-base" },
	{ AGX4_SOC_T8140, "apple,sgx-gfx-handoff-size" },
	{ AGX4_SOC_T8140, "apple,sgx-gfx-data-base" },
	{ AGX4_SOC_T8140, "apple,sgx-gfx1-data-size" },
	{ AGX4_SOC_T8140, "apple,sgx-perf-state-count" },
	{ AGX4_SOC_T8140, "apple,sgx-perf-state-table-count" },
	{ AGX4_SOC_T8140, "apple,sgx-perf-states" },
	{ AGX4_SOC_T8140, "apple,sgx-perf-states-sram" },
	{ AGX4_SOC_T8140, "mbox-names" },
};

static void required_case_desc(const struct required_case *t, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s",
		 t->soc == AGX4_SOC_T8132 ? "t8132" : "t8140", t->prop);
}

KUNIT_ARRAY_PARAM(required, required_cases, required_case_desc);

static void agx4_of_missing_required_property_is_enoent(struct kunit *test)
{
	const struct required_case *t = test->param_value;
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, t->soc);
	struct of_ctx *c = ctx(test);

	KUNIT_ASSERT_NOT_NULL(test, agx4_test_dt_find(dt, t->prop));
	agx4_test_dt_del(dt, t->prop);
	expect_rejected(test, dt, c, -ENOENT, t->prop);
}

/* Every sized property of each SoC, one element short and one long. */
static const struct required_case sized_cases[] = {
	{ AGX4_SOC_T8132, "apple,rtkit-private-vm-region" },
	{ AGX4_SOC_T8132, "apple,m4-freq-a" },
	{ AGX4_SOC_T8132, "apple,m4-relative-b" },
	{ AGX4_SOC_T8132, "apple,chip-revision" },
	{ AGX4_SOC_T8132, "apple,m4-core-mask" },
	{ AGX4_SOC_T8132, "apple,m4-max-power-mw" },
	{ AGX4_SOC_T8132, "apple,sgx-gpu-power-sample-period" },
	{ AGX4_SOC_T8132, "apple,sgx-meta-sw-interrupt" },
	{ AGX4_SOC_T8140, "apple,neo-boot-abi" },
	{ AGX4_SOC_T8140, "apple,sgx-gfx-data-base" },
	{ AGX4_SOC_T8140, "apple,sgx-perf-state-count" },
	{ AGX4_SOC_T8140, "apple,sgx-perf-states" },
};

KUNIT_ARRAY_PARAM(sized, sized_cases, required_case_desc);

static void agx4_of_wrong_property_size_is_einval(struct kunit *test)
{
	const struct required_case *t = test->param_value;
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, t->soc);
	struct of_ctx *c = ctx(test);
	struct agx4_test_prop *p = agx4_test_dt_find(dt, t->prop);
	u8 val[AGX4_TEST_DT_MAX_BYTES] = { };
	int len;

	KUNIT_ASSERT_NOT_NULL(test, p);
	len = p->len;
	memcpy(val, p->val, len);

	agx4_test_dt_set(test, dt, t->prop, val, len - 4);
	expect_rejected(test, dt, c, -EINVAL, t->prop);
	agx4_test_dt_set(test, dt, t->prop, val, len + 4);
	expect_rejected(test, dt, c, -EINVAL, t->prop);
	agx4_test_dt_set(test, dt, t->prop, val, 0);
	expect_rejected(test, dt, c, -EINVAL, t->prop);

	/* And the original bytes still parse. */
	agx4_test_dt_set(test, dt, t->prop, val, len);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
}

static void agx4_of_bad_firmware_build_string_is_einval(struct kunit *test)
{
	static const char two[] = "mBoot-18000.161.10\0mBoot-18000.161.9";
	static const char *what = "apple,firmware-build";
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	char longest[AGX4_FW_BUILD_MAX];
	char toolong[AGX4_FW_BUILD_MAX + 1];

	agx4_test_dt_set(test, dt, what, "mBoot-18000", 11);
	expect_rejected(test, dt, c, -EINVAL, what);	/* no NUL */
	agx4_test_dt_set(test, dt, what, "", 1);
	expect_rejected(test, dt, c, -EINVAL, what);	/* empty */
	agx4_test_dt_set(test, dt, what, two, sizeof(two));
	expect_rejected(test, dt, c, -EINVAL, what);	/* a list */

	memset(longest, 'x', sizeof(longest));
	longest[sizeof(longest) - 1] = '\0';
	agx4_test_dt_set(test, dt, what, longest, sizeof(longest));
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_STREQ(test, c->plat.firmware_build, longest);

	longest[sizeof(longest) - 1] = 'x';
	agx4_test_dt_set(test, dt, what, longest, sizeof(longest));
	expect_rejected(test, dt, c, -EINVAL, what);	/* no NUL */
	agx4_test_dt_set_str(test, dt, what, "");
	expect_rejected(test, dt, c, -EINVAL, what);

	/* One character more than the platform holds, NUL-terminated. */
	memset(toolong, 'x', sizeof(toolong));
	toolong[sizeof(toolong) - 1] = '\0';
	agx4_test_dt_set(test, dt, what, toolong, sizeof(toolong));
	expect_rejected(test, dt, c, -EINVAL, what);	/* too long */
}

static void set_u32(struct kunit *test, struct agx4_test_dt *dt,
		    const char *name, u32 v)
{
	agx4_test_dt_set_le32(test, dt, name, &v, 1);
}

static void set_be32(struct kunit *test, struct agx4_test_dt *dt,
		     const char *name, u32 v)
{
	agx4_test_dt_set_be32(test, dt, name, &v, 1);
}

static void agx4_of_out_of_range_values_are_einval(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_test_dt *dt2 = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct of_ctx *c = ctx(test);
	__be32 abi;

	set_be32(test, dt, "apple,m4-core-mask", 0);
	expect_rejected(test, dt, c, -EINVAL, "apple,m4-core-mask");
	set_be32(test, dt, "apple,m4-core-mask", 0x7ff);
	expect_rejected(test, dt, c, -EINVAL, "apple,m4-core-mask");
	set_be32(test, dt, "apple,m4-core-mask", 0x155);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, c->plat.core_mask, 0x155);

	set_u32(test, dt, "apple,sgx-active-mcc-bit-vector", 0);
	expect_rejected(test, dt, c, -EINVAL, "apple,sgx-active-mcc-bit-vector");
	set_u32(test, dt, "apple,sgx-active-mcc-bit-vector", 0xf);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, c->plat.mcc_mask, 0xf);

	abi = cpu_to_be32(2);
	agx4_test_dt_set(test, dt2, "apple,neo-boot-abi", &abi, sizeof(abi));
	expect_rejected(test, dt2, c, -EINVAL, "apple,neo-boot-abi");
	abi = cpu_to_be32(1);
	agx4_test_dt_set(test, dt2, "apple,neo-boot-abi", &abi, sizeof(abi));
	set_u32(test, dt2, "apple,sgx-perf-state-count", 15);
	expect_rejected(test, dt2, c, -EINVAL, "apple,sgx-perf-state-count");
	set_u32(test, dt2, "apple,sgx-perf-state-count", 16);
	set_u32(test, dt2, "apple,sgx-perf-state-table-count", 2);
	expect_rejected(test, dt2, c, -EINVAL,
			"apple,sgx-perf-state-table-count");
}

static void agx4_of_flag_property_with_value_is_einval(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);

	agx4_test_dt_set(test, dt, "apple,sgx-no-gpc", NULL, 0);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, c->plat.no_gpc, 1);

	set_u32(test, dt, "apple,sgx-no-gpc", 1);
	expect_rejected(test, dt, c, -EINVAL, "apple,sgx-no-gpc");
}

static void agx4_of_sample_period_sources(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);

	/* The clock count wins over the millisecond form. */
	set_u32(test, dt, "apple,sgx-gpu-pwr-sample-period-aic-clks", 1234);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, c->plat.sample_period_clks, 1234);

	agx4_test_dt_del(dt, "apple,sgx-gpu-pwr-sample-period-aic-clks");
	set_u32(test, dt, "apple,sgx-gpu-power-sample-period", 0x100000);
	expect_rejected(test, dt, c, -EINVAL,
			"apple,sgx-gpu-power-sample-period");

	agx4_test_dt_del(dt, "apple,sgx-gpu-power-sample-period");
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, c->plat.sample_period_clks, 0);
}

/*
 * The doorbell address must lie at least one 16 KiB page up and below
 * 1 << 48 (the reference's bounds).
 */
static void agx4_of_meta_swi_address_out_of_range_is_einval(struct kunit *test)
{
	static const char *what = "apple,sgx-meta-sw-interrupt";
	static const u64 bad[] = { 0, 0x3fff, 1ull << 48, ~0ull };
	static const u64 good[] = { 0x4000, (1ull << 48) - 1 };
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	u8 v[20] = { };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		put_unaligned_le64(bad[i], v);
		agx4_test_dt_set(test, dt, what, v, sizeof(v));
		expect_rejected(test, dt, c, -EINVAL, what);
	}
	for (i = 0; i < ARRAY_SIZE(good); i++) {
		put_unaligned_le64(good[i], v);
		agx4_test_dt_set(test, dt, what, v, sizeof(v));
		KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
		KUNIT_EXPECT_EQ(test, c->plat.meta_swi_addr, good[i]);
	}
}

static void agx4_of_meta_swi_takes_20_or_40_bytes(struct kunit *test)
{
	static const char *what = "apple,sgx-meta-sw-interrupt";
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	u8 v[AGX4_META_SWI_MAX + 4];

	memset(v, 0x5a, sizeof(v));
	/* In a 40-byte value the address is at bytes 20..27. */
	put_unaligned_le64(0x2ffff8000ull, v + 20);
	agx4_test_dt_set(test, dt, what, v, 40);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, c->plat.meta_swi_len, 40);
	KUNIT_EXPECT_EQ(test, c->plat.meta_swi[39], 0x5a);
	KUNIT_EXPECT_EQ(test, c->plat.meta_swi_addr, 0x2ffff8000ull);

	agx4_test_dt_set(test, dt, what, v, 30);
	expect_rejected(test, dt, c, -EINVAL, what);
	agx4_test_dt_set(test, dt, what, v, 44);
	expect_rejected(test, dt, c, -EINVAL, what);

	/* Other sizes, even with a good address 20 bytes from their end. */
	put_unaligned_le64(0x2ffff8000ull, v + 30 - 20);
	agx4_test_dt_set(test, dt, what, v, 30);
	expect_rejected(test, dt, c, -EINVAL, what);
	put_unaligned_le64(0x2ffff8000ull, v + 24 - 20);
	agx4_test_dt_set(test, dt, what, v, 24);
	expect_rejected(test, dt, c, -EINVAL, what);
}

static void agx4_of_missing_or_small_reg_window(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_test_dt *dt2 = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct of_ctx *c = ctx(test);

	dt->reg[AGX4_REG_SGX].size = 0x2000000;
	expect_rejected(test, dt, c, -EINVAL, "sgx");
	dt->reg[AGX4_REG_SGX].size = 0;
	expect_rejected(test, dt, c, -ENOENT, "sgx");
	dt->reg[AGX4_REG_SGX].size = 0x4000000;
	dt->reg[AGX4_REG_ASC].size = 0x1000;
	expect_rejected(test, dt, c, -EINVAL, "asc");
	dt->reg[AGX4_REG_ASC] = (struct agx4_range){ ~0ull - 0x3fff, 0x8000 };
	expect_rejected(test, dt, c, -EINVAL, "asc");
	dt->reg[AGX4_REG_ASC] = (struct agx4_range){ 0x302600000ull, 0x88000 };
	dt->reg_err[AGX4_REG_ASC] = -EIO;
	expect_rejected(test, dt, c, -EIO, "asc");
	dt->reg_err[AGX4_REG_ASC] = 0;
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);

	/* t8140 needs the secondary coprocessor and the aux window. */
	dt2->reg[AGX4_REG_ASC1].size = 0;
	expect_rejected(test, dt2, c, -ENOENT, "asc-secondary");
	dt2->reg[AGX4_REG_ASC1].size = 0x88000;
	dt2->reg[AGX4_REG_SGX_AUX].size = 0;
	expect_rejected(test, dt2, c, -ENOENT, "sgx-aux");
}

static void agx4_of_bad_memory_regions_are_rejected(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	struct agx4_range good = dt->mem[AGX4_MEM_HANDOFF];

	dt->mem[AGX4_MEM_HANDOFF].start += 0x1000;
	expect_rejected(test, dt, c, -EINVAL, "handoff");	/* misaligned */
	dt->mem[AGX4_MEM_HANDOFF] = good;
	dt->mem[AGX4_MEM_HANDOFF].size = 0x6000;
	expect_rejected(test, dt, c, -EINVAL, "handoff");	/* odd size */
	dt->mem[AGX4_MEM_HANDOFF].size = 0;
	expect_rejected(test, dt, c, -EINVAL, "handoff");	/* empty */
	dt->mem[AGX4_MEM_HANDOFF] = (struct agx4_range){ ~0ull - 0x3fff - 0x4000,
							 0x10000 };
	expect_rejected(test, dt, c, -EINVAL, "handoff");	/* wraps */
	dt->mem[AGX4_MEM_HANDOFF] = (struct agx4_range){ };
	expect_rejected(test, dt, c, -ENOENT, "handoff");	/* missing */
	dt->mem[AGX4_MEM_HANDOFF] = good;
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
}

/*
 * A reservation listed with no size is refused at address 0 too, where
 * the empty range does not wrap: taken, it would count as absent (the
 * overlap check and the probe's mappings skip size 0) although required.
 */
static void agx4_of_empty_memory_region_at_zero_is_einval(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_test_dt *dt2 = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct of_ctx *c = ctx(test);
	static const u8 zero[8];

	dt->mem[AGX4_MEM_HANDOFF] = (struct agx4_range){ };
	dt->mem_listed[AGX4_MEM_HANDOFF] = true;
	expect_rejected(test, dt, c, -EINVAL, "handoff");

	/* On t8140 too, where the ADT's copy says the same. */
	dt2->mem[AGX4_MEM_FIRMWARE1] = (struct agx4_range){ };
	dt2->mem_listed[AGX4_MEM_FIRMWARE1] = true;
	agx4_test_dt_set(test, dt2, "apple,sgx-gfx1-data-base", zero, 8);
	agx4_test_dt_set(test, dt2, "apple,sgx-gfx1-data-size", zero, 8);
	expect_rejected(test, dt2, c, -EINVAL, "firmware-secondary");
}

static void agx4_of_overlapping_memory_regions_are_einval(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	struct agx4_range pt = dt->mem[AGX4_MEM_PAGETABLES];

	/* l2 starts inside pagetables. */
	dt->mem[AGX4_MEM_L2].start = pt.start + pt.size - 0x4000;
	expect_rejected(test, dt, c, -EINVAL, "l2");

	/* Touching is fine: l2 starts right after pagetables. */
	dt->mem[AGX4_MEM_L2].start = pt.start + pt.size;
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);

	/* firmware swallows ttbs whole. */
	dt->mem[AGX4_MEM_FIRMWARE].start = dt->mem[AGX4_MEM_TTBS].start - 0x4000;
	expect_rejected(test, dt, c, -EINVAL, "firmware");

	/* Two identical regions. */
	dt->mem[AGX4_MEM_FIRMWARE] = dt->mem[AGX4_MEM_HANDOFF];
	expect_rejected(test, dt, c, -EINVAL, "firmware");
}

static void agx4_of_t8140_small_pagetables_is_einval(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct of_ctx *c = ctx(test);
	u8 v[8];

	dt->mem[AGX4_MEM_PAGETABLES].size = 0x40000;
	put_unaligned_le64(0x40000, v);
	agx4_test_dt_set(test, dt, "apple,sgx-gfx-shared-region-size", v,
			 sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, "pagetables");
}

static void agx4_of_t8140_adt_reservation_mismatch_is_einval(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct of_ctx *c = ctx(test);
	u8 v[8];

	put_unaligned_le64(0x801004000ull, v);
	agx4_test_dt_set(test, dt, "apple,sgx-gfx-data-base", v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, "firmware");

	put_unaligned_le64(0x801000000ull, v);
	agx4_test_dt_set(test, dt, "apple,sgx-gfx-data-base", v, sizeof(v));
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);

	put_unaligned_le64(0x8000, v);
	agx4_test_dt_set(test, dt, "apple,sgx-gfx-handoff-size", v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, "handoff");

	/* Big-endian bytes are not the ADT's encoding. */
	put_unaligned_be64(0x4000, v);
	agx4_test_dt_set(test, dt, "apple,sgx-gfx-handoff-size", v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, "handoff");
}

static void agx4_of_mailbox_count_and_names(struct kunit *test)
{
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_test_dt *dt2 = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct of_ctx *c = ctx(test);

	dt->mbox_count = 0;
	expect_rejected(test, dt, c, -ENOENT, "mboxes");
	dt->mbox_count = -EINVAL;
	expect_rejected(test, dt, c, -ENOENT, "mboxes");
	dt->mbox_count = 2;
	expect_rejected(test, dt, c, -EINVAL, "mboxes");

	dt2->mbox_count = 1;
	expect_rejected(test, dt2, c, -EINVAL, "mboxes");
	dt2->mbox_count = 2;
	agx4_test_dt_set_str(test, dt2, "mbox-names", "primary");
	expect_rejected(test, dt2, c, -ENOENT, "mbox-names");
	agx4_test_dt_set(test, dt2, "mbox-names", "primary\0secondary", 17);
	expect_rejected(test, dt2, c, -EINVAL, "mbox-names");
	agx4_test_dt_set(test, dt2, "mbox-names", "secondary\0primary", 18);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt2, c), 0);
}

static void agx4_of_bad_private_vm_region_is_einval(struct kunit *test)
{
	static const char *what = "apple,rtkit-private-vm-region";
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	__be64 v[2];

	v[0] = cpu_to_be64(0x0000fc0000000000ull);	/* lower half */
	v[1] = cpu_to_be64(0x2000000000ull);
	agx4_test_dt_set(test, dt, what, v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, what);

	v[0] = cpu_to_be64(0xfffffc0000001000ull);	/* misaligned */
	agx4_test_dt_set(test, dt, what, v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, what);

	v[0] = cpu_to_be64(0xfffffc0000000000ull);
	v[1] = cpu_to_be64(0x2000001000ull);		/* odd size */
	agx4_test_dt_set(test, dt, what, v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, what);

	v[0] = cpu_to_be64(0xfffffc0000000000ull);
	v[1] = 0;					/* empty */
	agx4_test_dt_set(test, dt, what, v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, what);

	v[1] = cpu_to_be64(0x0000080000000000ull);	/* wraps */
	agx4_test_dt_set(test, dt, what, v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, what);
}

/*
 * G17P takes only its firmware's private range, [0xffff_fc00_0000_0000,
 * + 0x20_0000_0000) (the reference's rule): another valid upper-half
 * range is refused there, and taken on G16.
 */
static void agx4_of_g17p_private_vm_region_is_the_firmware_s(struct kunit *test)
{
	static const char *what = "apple,rtkit-private-vm-region";
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct agx4_test_dt *dt16 = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	__be64 v[2];

	v[0] = cpu_to_be64(0xfffffc0000000000ull);
	v[1] = cpu_to_be64(0x1000000000ull);		/* smaller */
	agx4_test_dt_set(test, dt, what, v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, what);
	v[0] = cpu_to_be64(0xfffffe0000000000ull);	/* elsewhere */
	v[1] = cpu_to_be64(0x2000000000ull);
	agx4_test_dt_set(test, dt, what, v, sizeof(v));
	expect_rejected(test, dt, c, -EINVAL, what);
	agx4_test_dt_set(test, dt16, what, v, sizeof(v));
	KUNIT_EXPECT_EQ(test, try_parse(test, dt16, c), 0);
}

/*
 * The t8132 power-controller tunables, from the specification of the
 * G16 power block: property (after "apple,sgx-gpu-"), member, float or
 * not, default (NO_DEFAULT: optional, has_* says whether present), up to
 * two values the parser must refuse (0 and 0: none; floats: Inf and NaN
 * always), and a value it must take.
 */
#define NO_DEFAULT	0xdeadbeef
#define NONE		0xdeadbeef

struct tunable {
	const char *name;
	size_t off;
	size_t has_off;
	bool f32;
	u32 def;
	u32 bad[2];
	u32 good;
};

#define TUN(n, m, d, b0, b1, g) \
	{ "apple,sgx-gpu-" n, offsetof(struct agx4_g16_tunables, m), 0, \
	  false, d, { b0, b1 }, g }
#define TUNF(n, m, d, g) \
	{ "apple,sgx-gpu-" n, offsetof(struct agx4_g16_tunables, m), 0, \
	  true, d, { NONE, NONE }, g }
#define TUN_HAS(n, m, f, b0, g) \
	{ "apple,sgx-gpu-" n, offsetof(struct agx4_g16_tunables, m), \
	  offsetof(struct agx4_g16_tunables, has_##m), f, NO_DEFAULT, \
	  { b0, NONE }, g }

static const struct tunable tunables[] = {
	TUN("pwr-min-duty-cycle", pwr_min_duty_cycle, 40, 1001, NONE, 1000),
	TUN("pwr-integral-min-clamp", pwr_integral_min_clamp, 0, NONE, NONE,
	    100),
	TUN("pwr-filter-time-constant", pwr_filter_time_constant, 313, 0,
	    NONE, 1),
	TUNF("pwr-integral-gain", pwr_integral_gain, 0x3ca59586, 0x3f000000),
	TUNF("pwr-proportional-gain", pwr_proportional_gain, 0x40a90fdb,
	     0xbf800000),
	TUN("ppm-filter-time-constant-ms", ppm_filter_time_constant_ms, 16, 0,
	    NONE, 32),
	TUNF("ppm-ki", ppm_ki, 0x43160000, 0x00000001),
	TUNF("ppm-kp", ppm_kp, 0x3e800000, 0x7f7fffff),
	TUN("perf-base-pstate", perf_base_pstate, 1, 0, 11, 10),
	TUN("perf-tgt-utilization", perf_tgt_utilization, 85, 101, NONE, 100),
	TUN("perf-dz", perf_dz, 0, NONE, NONE, 5),
	TUN("perf-boost-min-util", perf_boost_min_util, 95, 101, NONE, 100),
	TUN("perf-integral-min-clamp", perf_integral_min_clamp, 0, 96, NONE,
	    95),
	TUN("perf-filter-time-constant", perf_filter_time_constant, 5, 0,
	    NONE, 6),
	TUN("perf-filter-time-constant2", perf_filter_time_constant2, 200, 0,
	    NONE, 7),
	TUNF("perf-integral-gain", perf_integral_gain, 0x3f4c28f6, 0x3f000000),
	TUNF("perf-integral-gain2", perf_integral_gain2, 0x3f4c28f6,
	     0x3f000000),
	TUNF("perf-proportional-gain", perf_proportional_gain, 0x40accccd,
	     0x3f000000),
	TUNF("perf-proportional-gain2", perf_proportional_gain2, 0x40accccd,
	     0x3f000000),
	TUN("perf-boost-ce-step", perf_boost_ce_step, 50, NONE, NONE,
	    0xffffffff),
	TUN("perf-reset-iters", perf_reset_iters, 6, NONE, NONE, 0),
	TUN("perf-filter-drop-threshold", perf_filter_drop_threshold, 0, NONE,
	    NONE, 9),
	TUN("se-filter-time-constant", se_filter_time_constant, 9, 0, NONE,
	    10),
	TUN("se-filter-time-constant-1", se_filter_time_constant_1, 3, 0, NONE,
	    4),
	TUNF("se-ki", se_ki, 0xc2480000, 0x3f000000),
	TUNF("se-ki-1", se_ki_1, 0xc2c80000, 0x3f000000),
	TUNF("se-kp", se_kp, 0xc0a00000, 0x3f000000),
	TUNF("se-kp-1", se_kp_1, 0xc0a00000, 0x3f000000),
	TUN("se-inactive-threshold", se_inactive_threshold, 2500, NONE, NONE,
	    1),
	TUN("se-engagement-criteria", se_engagement_criteria, 600, NONE, NONE,
	    1),
	TUN("se-engagement-tolerance", se_engagement_tolerance, 2, NONE, NONE,
	    1),
	TUN("se-reset-tolerance", se_reset_tolerance, 4, NONE, NONE, 1),
	TUN("se-reset-criteria", se_reset_criteria, 50, NONE, NONE, 1),
	TUN("avg-power-target-filter-tc", avg_power_target_filter_tc, 1, 0,
	    NONE, 2),
	TUN_HAS("avg-power-ki-only", avg_power_ki_only, true, NONE, 0x41000000),
	TUN_HAS("avg-power-ki", avg_power_ki, true, NONE, 0),
	TUN("avg-power-min-duty-cycle", avg_power_min_duty_cycle, 40, 1001,
	    NONE, 0),
	TUNF("avg-power-kp", avg_power_kp, 0x401ae148, 0x3f000000),
	TUN_HAS("avg-power-filter-tc-ms", avg_power_filter_tc_ms, false, 0,
		300),
	TUN_HAS("avg-power-input-filter-tc", avg_power_input_filter_tc, false,
		0, 9),
	TUN("fast-die0-release-temp", fast_die0_release_temp, 80, 42949673,
	    NONE, 42949672),
	TUN("fast-die0-prop-tgt-delta", fast_die0_prop_tgt_delta, 0, 42949673,
	    NONE, 1),
	TUNF("fast-die0-integral-gain", fast_die0_integral_gain, 0x43480000,
	     0x3f000000),
	TUNF("fast-die0-proportional-gain", fast_die0_proportional_gain,
	     0x42f00000, 0x3f000000),
	TUN_HAS("turbo-controller-input", turbo_controller_input, false, NONE,
		0),
};

static void tunable_desc(const struct tunable *t, char *desc)
{
	strscpy(desc, t->name + strlen("apple,sgx-gpu-"),
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(tunable, tunables, tunable_desc);

/* The tunables that have values to refuse. */
static const void *ranged_gen_params(const void *prev, char *desc)
{
	const struct tunable *t = prev ? (const struct tunable *)prev + 1 :
					 tunables;

	for (; t < tunables + ARRAY_SIZE(tunables); t++) {
		if (t->f32 || t->bad[0] != NONE) {
			tunable_desc(t, desc);
			return t;
		}
	}
	return NULL;
}

static u32 tunable_of(struct of_ctx *c, size_t off)
{
	return *(u32 *)((u8 *)&c->plat.pwr + off);
}

static void agx4_of_power_tunable_absent_takes_default(struct kunit *test)
{
	const struct tunable *t = test->param_value;
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);

	KUNIT_ASSERT_NULL(test, agx4_test_dt_find(dt, t->name));
	KUNIT_ASSERT_EQ(test, try_parse(test, dt, c), 0);
	if (t->has_off)
		KUNIT_EXPECT_EQ(test, tunable_of(c, t->has_off), 0);
	else
		KUNIT_EXPECT_EQ(test, tunable_of(c, t->off), t->def);
}

static void agx4_of_power_tunable_present_is_read(struct kunit *test)
{
	const struct tunable *t = test->param_value;
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);

	set_u32(test, dt, t->name, t->good);
	KUNIT_ASSERT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, tunable_of(c, t->off), t->good);
	if (t->has_off)
		KUNIT_EXPECT_EQ(test, tunable_of(c, t->has_off), 1);
	/* ADT bytes are little-endian; 5 is in every range. */
	agx4_test_dt_set(test, dt, t->name, "\x05\x00\x00\x00", 4);
	KUNIT_ASSERT_EQ(test, try_parse(test, dt, c), 0);
	KUNIT_EXPECT_EQ(test, tunable_of(c, t->off), 5);
}

static void agx4_of_power_tunable_out_of_range_is_einval(struct kunit *test)
{
	static const u32 not_finite[] = {
		0x7f800000, 0xff800000, 0x7fc00000, 0xffffffff,
	};
	const struct tunable *t = test->param_value;
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(t->bad); i++) {
		if (t->bad[i] == NONE)
			continue;
		set_u32(test, dt, t->name, t->bad[i]);
		expect_rejected(test, dt, c, -EINVAL, t->name);
	}
	for (i = 0; t->f32 && i < ARRAY_SIZE(not_finite); i++) {
		set_u32(test, dt, t->name, not_finite[i]);
		expect_rejected(test, dt, c, -EINVAL, t->name);
	}
	/* And a value in range is taken. */
	set_u32(test, dt, t->name, t->good);
	KUNIT_EXPECT_EQ(test, try_parse(test, dt, c), 0);
}

static void agx4_of_power_tunable_wrong_size_is_einval(struct kunit *test)
{
	const struct tunable *t = test->param_value;
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct of_ctx *c = ctx(test);
	u32 two[2] = { t->good, t->good };

	agx4_test_dt_set_le32(test, dt, t->name, two, 2);
	expect_rejected(test, dt, c, -EINVAL, t->name);
	agx4_test_dt_set(test, dt, t->name, two, 3);
	expect_rejected(test, dt, c, -EINVAL, t->name);
	agx4_test_dt_set(test, dt, t->name, NULL, 0);
	expect_rejected(test, dt, c, -EINVAL, t->name);
}

static struct kunit_case agx4_of_cases[] = {
	KUNIT_CASE(agx4_of_t8132_good_node_parses),
	KUNIT_CASE(agx4_of_t8132_cells_big_endian_adt_little),
	KUNIT_CASE(agx4_of_t8140_good_node_parses),
	KUNIT_CASE(agx4_of_unknown_compatible_is_enodev),
	KUNIT_CASE(agx4_of_compatible_found_anywhere_in_list),
	KUNIT_CASE_PARAM(agx4_of_missing_required_property_is_enoent,
			 required_gen_params),
	KUNIT_CASE_PARAM(agx4_of_wrong_property_size_is_einval,
			 sized_gen_params),
	KUNIT_CASE(agx4_of_bad_firmware_build_string_is_einval),
	KUNIT_CASE(agx4_of_out_of_range_values_are_einval),
	KUNIT_CASE(agx4_of_flag_property_with_value_is_einval),
	KUNIT_CASE(agx4_of_sample_period_sources),
	KUNIT_CASE(agx4_of_meta_swi_takes_20_or_40_bytes),
	KUNIT_CASE(agx4_of_meta_swi_address_out_of_range_is_einval),
	KUNIT_CASE(agx4_of_missing_or_small_reg_window),
	KUNIT_CASE(agx4_of_bad_memory_regions_are_rejected),
	KUNIT_CASE(agx4_of_empty_memory_region_at_zero_is_einval),
	KUNIT_CASE(agx4_of_overlapping_memory_regions_are_einval),
	KUNIT_CASE(agx4_of_t8140_small_pagetables_is_einval),
	KUNIT_CASE(agx4_of_t8140_adt_reservation_mismatch_is_einval),
	KUNIT_CASE(agx4_of_mailbox_count_and_names),
	KUNIT_CASE(agx4_of_bad_private_vm_region_is_einval),
	KUNIT_CASE(agx4_of_g17p_private_vm_region_is_the_firmware_s),
	KUNIT_CASE_PARAM(agx4_of_power_tunable_absent_takes_default,
			 tunable_gen_params),
	KUNIT_CASE_PARAM(agx4_of_power_tunable_present_is_read,
			 tunable_gen_params),
	KUNIT_CASE_PARAM(agx4_of_power_tunable_out_of_range_is_einval,
			 ranged_gen_params),
	KUNIT_CASE_PARAM(agx4_of_power_tunable_wrong_size_is_einval,
			 tunable_gen_params),
	{ }
};

static struct kunit_suite agx4_of_suite = {
	.name = "agx4_of",
	.test_cases = agx4_of_cases,
};

kunit_test_suite(agx4_of_suite);
