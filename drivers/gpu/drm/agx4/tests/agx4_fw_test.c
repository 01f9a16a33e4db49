// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_gen": generation descriptors and their selection.
 * Expected values are written here from the protocol description (root
 * version words, UAT geometry, GET_PARAMS values, firmware builds), not
 * from the descriptors.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/string.h>

#include "../agx4_fw.h"
#include "../agx4_fw_gen.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g17p.h"

static int fw_test_init(struct kunit *test)
{
	struct device *dev = kunit_device_register(test, "agx4_fw_test");

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	test->priv = dev;
	return 0;
}

static const struct agx4_fw_gen *select_for(struct kunit *test,
					    enum agx4_soc_id soc,
					    const char *build)
{
	struct agx4_platform *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->soc = soc;
	p->chip_id = soc == AGX4_SOC_T8132 ? 0x8132 : 0x8140;
	p->num_instances = soc == AGX4_SOC_T8132 ? 1 : 2;
	strscpy(p->firmware_build, build, sizeof(p->firmware_build));
	return agx4_fw_gen_select(test->priv, p);
}

static void agx4_fw_gen_selected_by_soc_and_build(struct kunit *test)
{
	KUNIT_EXPECT_PTR_EQ(test, select_for(test, AGX4_SOC_T8132,
					     "mBoot-18000.161.10"),
			    &agx4_fw_g16);
	KUNIT_EXPECT_PTR_EQ(test, select_for(test, AGX4_SOC_T8140,
					     "mBoot-18000.161.9"),
			    &agx4_fw_g17p);
}

static void agx4_fw_gen_unknown_build_refused(struct kunit *test)
{
	static const struct {
		enum agx4_soc_id soc;
		const char *build;
	} bad[] = {
		/* Each build on the other SoC. */
		{ AGX4_SOC_T8132, "mBoot-18000.161.9" },
		{ AGX4_SOC_T8140, "mBoot-18000.161.10" },
		/* Near misses. */
		{ AGX4_SOC_T8132, "mBoot-18000.161.1" },
		{ AGX4_SOC_T8132, "mBoot-18000.161.100" },
		{ AGX4_SOC_T8132, "mboot-18000.161.10" },
		{ AGX4_SOC_T8140, "mBoot-18000.161.9 " },
		{ AGX4_SOC_T8140, "" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    PTR_ERR(select_for(test, bad[i].soc,
						       bad[i].build)),
				    -EOPNOTSUPP, "'%s'", bad[i].build);
}

static void agx4_fw_gen_lists_supported_builds(struct kunit *test)
{
	char buf[128];

	agx4_fw_gen_list_builds(AGX4_SOC_T8132, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, "mBoot-18000.161.10");
	agx4_fw_gen_list_builds(AGX4_SOC_T8140, buf, sizeof(buf));
	KUNIT_EXPECT_STREQ(test, buf, "mBoot-18000.161.9");
	/* Truncated, never overrun. */
	agx4_fw_gen_list_builds(AGX4_SOC_T8132, buf, 6);
	KUNIT_EXPECT_STREQ(test, buf, "mBoot");
}

static void agx4_fw_gen_facts_match_spec(struct kunit *test)
{
	const struct agx4_fw_gen *g16 = &agx4_fw_g16, *g17p = &agx4_fw_g17p;

	KUNIT_EXPECT_EQ(test, g16->gpu_generation, 16);
	KUNIT_EXPECT_EQ(test, g16->gpu_variant, 'G');
	KUNIT_EXPECT_EQ(test, g16->num_instances, 1);
	KUNIT_EXPECT_EQ(test, g16->root_version[0], 0x04b8);
	KUNIT_EXPECT_EQ(test, g16->root_version[1], 0x8392);
	KUNIT_EXPECT_EQ(test, g16->root_version[2], 0xc357);
	KUNIT_EXPECT_EQ(test, g16->root_version[3], 0x0c89);
	KUNIT_EXPECT_TRUE(test, g16->cursors_in_mmio);
	KUNIT_EXPECT_EQ(test, g16->tvb.initial_blocks, 11);
	KUNIT_EXPECT_EQ(test, g16->tvb.growth_blocks, 10);
	KUNIT_EXPECT_EQ(test, g16->tvb.max_blocks, 331);

	KUNIT_EXPECT_EQ(test, g17p->gpu_generation, 17);
	KUNIT_EXPECT_EQ(test, g17p->gpu_variant, 'P');
	KUNIT_EXPECT_EQ(test, g17p->num_instances, 2);
	KUNIT_EXPECT_EQ(test, g17p->root_version[0], 0x04c0);
	KUNIT_EXPECT_EQ(test, g17p->root_version[1], 0x0396);
	KUNIT_EXPECT_EQ(test, g17p->root_version[2], 0xa322);
	KUNIT_EXPECT_EQ(test, g17p->root_version[3], 0x0c8a);
	KUNIT_EXPECT_FALSE(test, g17p->cursors_in_mmio);
	KUNIT_EXPECT_EQ(test, g17p->tvb.initial_blocks, 8);
	KUNIT_EXPECT_EQ(test, g17p->tvb.growth_blocks, 10);
	KUNIT_EXPECT_EQ(test, g17p->tvb.max_blocks, 2048);

	/* Both: 16 KiB pages, 3 levels, 64-entry root, 42-bit in and out. */
	KUNIT_EXPECT_EQ(test, g16->uat_geom->root_entries, 64);
	KUNIT_EXPECT_EQ(test, g16->uat_geom->levels, 3);
	KUNIT_EXPECT_EQ(test, g16->uat_geom->root_shift +
			ilog2(g16->uat_geom->root_entries), 42);
	KUNIT_EXPECT_EQ(test, g16->uat_geom->oa_bits, 42);
	KUNIT_EXPECT_EQ(test, g17p->uat_geom->root_entries, 64);
	KUNIT_EXPECT_EQ(test, g17p->uat_geom->entries, 2048);
	KUNIT_EXPECT_EQ(test, g17p->uat_geom->oa_bits, 42);
}

static struct kunit_case agx4_fw_gen_cases[] = {
	KUNIT_CASE(agx4_fw_gen_selected_by_soc_and_build),
	KUNIT_CASE(agx4_fw_gen_unknown_build_refused),
	KUNIT_CASE(agx4_fw_gen_lists_supported_builds),
	KUNIT_CASE(agx4_fw_gen_facts_match_spec),
	{ }
};

static struct kunit_suite agx4_fw_gen_suite = {
	.name = "agx4_fw_gen",
	.init = fw_test_init,
	.test_cases = agx4_fw_gen_cases,
};

kunit_test_suite(agx4_fw_gen_suite);
