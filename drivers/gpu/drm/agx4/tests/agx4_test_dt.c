// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * A fake device-tree node for KUnit: the property-table side of
 * &struct agx4_dt_source_ops, and good nodes for each SoC, written from
 * the device trees the loader writes for these SoCs (as the public G16/G17P
 * reference driver reads them), that tests break one property at a time.
 */

#include <kunit/test.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_test_dt.h"

/**
 * agx4_test_dt_find() - a property of a fake node
 * @dt: the node.
 * @name: the property.
 *
 * Return: the property, or NULL.
 */
struct agx4_test_prop *agx4_test_dt_find(struct agx4_test_dt *dt,
					 const char *name)
{
	unsigned int i;

	for (i = 0; i < dt->nprops; i++)
		if (!strcmp(dt->props[i].name, name))
			return &dt->props[i];
	return NULL;
}

/**
 * agx4_test_dt_set() - add or replace a property
 * @test: the test; it fails if the node is full.
 * @dt: the node.
 * @name: the property; must outlive @dt.
 * @val: its bytes.
 * @len: their number.
 */
void agx4_test_dt_set(struct kunit *test, struct agx4_test_dt *dt,
		      const char *name, const void *val, int len)
{
	struct agx4_test_prop *p = agx4_test_dt_find(dt, name);

	KUNIT_ASSERT_LE(test, len, AGX4_TEST_DT_MAX_BYTES);
	if (!p) {
		KUNIT_ASSERT_LT(test, dt->nprops, AGX4_TEST_DT_MAX_PROPS);
		p = &dt->props[dt->nprops++];
		p->name = name;
	}
	p->len = len;
	memcpy(p->val, val, len);
}

/**
 * agx4_test_dt_set_le32() - set a property of little-endian u32 values
 * @test: the test.
 * @dt: the node.
 * @name: the property.
 * @vals: the values.
 * @n: their number.
 */
void agx4_test_dt_set_le32(struct kunit *test, struct agx4_test_dt *dt,
			   const char *name, const u32 *vals, unsigned int n)
{
	u8 buf[AGX4_TEST_DT_MAX_BYTES];
	unsigned int i;

	KUNIT_ASSERT_LE(test, n * 4, sizeof(buf));
	for (i = 0; i < n; i++)
		put_unaligned_le32(vals[i], buf + 4 * i);
	agx4_test_dt_set(test, dt, name, buf, n * 4);
}

/**
 * agx4_test_dt_set_be32() - set a property of big-endian cells
 * @test: the test.
 * @dt: the node.
 * @name: the property.
 * @vals: the values.
 * @n: how many.
 */
void agx4_test_dt_set_be32(struct kunit *test, struct agx4_test_dt *dt,
			   const char *name, const u32 *vals, unsigned int n)
{
	u8 buf[AGX4_TEST_DT_MAX_BYTES];
	unsigned int i;

	KUNIT_ASSERT_LE(test, n * 4, sizeof(buf));
	for (i = 0; i < n; i++)
		put_unaligned_be32(vals[i], buf + 4 * i);
	agx4_test_dt_set(test, dt, name, buf, n * 4);
}

static void set_le64(struct kunit *test, struct agx4_test_dt *dt,
		     const char *name, u64 v)
{
	u8 buf[8];

	put_unaligned_le64(v, buf);
	agx4_test_dt_set(test, dt, name, buf, sizeof(buf));
}

/**
 * agx4_test_dt_set_str() - set a string property
 * @test: the test.
 * @dt: the node.
 * @name: the property.
 * @s: the string; stored with its NUL.
 */
void agx4_test_dt_set_str(struct kunit *test, struct agx4_test_dt *dt,
			  const char *name, const char *s)
{
	agx4_test_dt_set(test, dt, name, s, strlen(s) + 1);
}

/**
 * agx4_test_dt_del() - remove a property
 * @dt: the node.
 * @name: the property; absent is fine.
 */
void agx4_test_dt_del(struct agx4_test_dt *dt, const char *name)
{
	struct agx4_test_prop *p = agx4_test_dt_find(dt, name);

	if (!p)
		return;
	*p = dt->props[--dt->nprops];
}

static const void *fake_prop(void *ctx, const char *name, int *len)
{
	struct agx4_test_prop *p = agx4_test_dt_find(ctx, name);

	if (!p)
		return NULL;
	*len = p->len;
	return p->val;
}

static int fake_reg(void *ctx, const char *name, struct agx4_range *out)
{
	struct agx4_test_dt *dt = ctx;
	unsigned int r;

	for (r = 0; r < AGX4_REG_COUNT; r++) {
		if (strcmp(agx4_of_reg_name(r), name))
			continue;
		if (dt->reg_err[r])
			return dt->reg_err[r];
		if (!dt->reg[r].size)
			return -ENOENT;
		*out = dt->reg[r];
		return 0;
	}
	return -ENOENT;
}

static int fake_memory_region(void *ctx, const char *name,
			      struct agx4_range *out)
{
	struct agx4_test_dt *dt = ctx;
	unsigned int m;

	for (m = 0; m < AGX4_MEM_COUNT; m++) {
		if (strcmp(agx4_of_mem_name(m), name))
			continue;
		if (!dt->mem[m].size && !dt->mem[m].start)
			return -ENOENT;
		*out = dt->mem[m];
		return 0;
	}
	return -ENOENT;
}

static int fake_mbox_count(void *ctx)
{
	struct agx4_test_dt *dt = ctx;

	return dt->mbox_count;
}

static const struct agx4_dt_source_ops fake_ops = {
	.prop = fake_prop,
	.reg = fake_reg,
	.memory_region = fake_memory_region,
	.mbox_count = fake_mbox_count,
};

/* Reservations: 16 KiB aligned, disjoint, each as large as it needs. */
static const struct agx4_range good_mem[AGX4_MEM_COUNT] = {
	[AGX4_MEM_TTBS] = { 0x800000000ull, 0x4000 },
	[AGX4_MEM_PAGETABLES] = { 0x800010000ull, 0x80000 },
	[AGX4_MEM_L2] = { 0x800100000ull, 0x4000 },
	[AGX4_MEM_HANDOFF] = { 0x800110000ull, 0x4000 },
	[AGX4_MEM_FIRMWARE] = { 0x801000000ull, 0x100000 },
	[AGX4_MEM_FIRMWARE1] = { 0x802000000ull, 0x100000 },
};

static const char *const adt_mem_props[AGX4_MEM_COUNT][2] = {
	[AGX4_MEM_TTBS] = { "apple,sgx-gpu-region-base",
			    "apple,sgx-gpu-region-size" },
	[AGX4_MEM_PAGETABLES] = { "apple,sgx-gfx-shared-region-base",
				  "apple,sgx-gfx-shared-region-size" },
	[AGX4_MEM_L2] = { "apple,sgx-gfx-shared-l2-region-base",
			  "apple,sgx-gfx-shared-l2-region-size" },
	[AGX4_MEM_HANDOFF] = { "apple,sgx-gfx-handoff-base",
			       "apple,sgx-gfx-handoff-size" },
	[AGX4_MEM_FIRMWARE] = { "apple,sgx-gfx-data-base",
				"apple,sgx-gfx-data-size" },
	[AGX4_MEM_FIRMWARE1] = { "apple,sgx-gfx1-data-base",
				 "apple,sgx-gfx1-data-size" },
};

/* The t8140 performance table the loader gives, in MHz and mV. */
static const u32 t8140_freq_a[AGX4_NUM_PSTATES] = {
	0, 338, 492, 618, 796, 928, 1056, 1170, 1278, 1338, 1470 };
static const u32 t8140_core_mv[AGX4_NUM_PSTATES] = {
	125, 595, 615, 635, 685, 730, 780, 815, 865, 885, 955 };

static void fill_t8132(struct kunit *test, struct agx4_test_dt *dt)
{
	static const char compat[] = "apple,agx-t8132";
	u32 v[AGX4_NUM_PSTATES];
	u8 swi[20];
	unsigned int i;

	agx4_test_dt_set(test, dt, "compatible", compat, sizeof(compat));
	agx4_test_dt_set_str(test, dt, "apple,firmware-build",
			     "mBoot-18000.161.10");
	dt->reg[AGX4_REG_ASC] = (struct agx4_range){ 0x302600000ull, 0x88000 };
	dt->reg[AGX4_REG_SGX] = (struct agx4_range){ 0x300000000ull, 0x4000000 };
	for (i = 0; i <= AGX4_MEM_FIRMWARE; i++)
		dt->mem[i] = good_mem[i];
	dt->mbox_count = 1;

	agx4_test_dt_set_be32(test, dt, "apple,m4-freq-a", t8140_freq_a,
			      AGX4_NUM_PSTATES);
	agx4_test_dt_set_be32(test, dt, "apple,m4-freq-b", t8140_freq_a,
			      AGX4_NUM_PSTATES);
	agx4_test_dt_set_be32(test, dt, "apple,m4-core-voltage", t8140_core_mv,
			      AGX4_NUM_PSTATES);
	agx4_test_dt_set_be32(test, dt, "apple,m4-memory-voltage",
			      t8140_core_mv, AGX4_NUM_PSTATES);
	for (i = 0; i < AGX4_NUM_PSTATES; i++)
		v[i] = i;
	agx4_test_dt_set_be32(test, dt, "apple,m4-index-a", v, AGX4_NUM_PSTATES);
	agx4_test_dt_set_be32(test, dt, "apple,m4-index-b", v, AGX4_NUM_PSTATES);
	for (i = 0; i < AGX4_NUM_PSTATES; i++)
		v[i] = i * 10;
	agx4_test_dt_set_be32(test, dt, "apple,m4-relative-a", v,
			      AGX4_NUM_PSTATES);
	agx4_test_dt_set_be32(test, dt, "apple,m4-relative-b", v,
			      AGX4_NUM_PSTATES);
	v[0] = 0x11;
	agx4_test_dt_set_be32(test, dt, "apple,chip-revision", v, 1);
	v[0] = 0x3ff;
	agx4_test_dt_set_be32(test, dt, "apple,m4-core-mask", v, 1);
	v[0] = 22000;
	agx4_test_dt_set_be32(test, dt, "apple,m4-max-power-mw", v, 1);
	v[0] = 8;
	agx4_test_dt_set_le32(test, dt, "apple,sgx-gpu-power-sample-period",
			      v, 1);
	for (i = 0; i < sizeof(swi); i++)
		swi[i] = i;
	agx4_test_dt_set(test, dt, "apple,sgx-meta-sw-interrupt", swi,
			 sizeof(swi));
}

static void fill_t8140(struct kunit *test, struct agx4_test_dt *dt)
{
	static const char compat[] = "apple,agx-t8140\0apple,agx-g17p";
	static const char names[] = "primary\0secondary";
	u32 v[2 * AGX4_NUM_RAW_PSTATES];
	__be32 abi = cpu_to_be32(1);
	unsigned int i;

	agx4_test_dt_set(test, dt, "compatible", compat, sizeof(compat));
	agx4_test_dt_set_str(test, dt, "apple,firmware-build",
			     "mBoot-18000.161.9");
	agx4_test_dt_set(test, dt, "apple,neo-boot-abi", &abi, sizeof(abi));
	dt->reg[AGX4_REG_SGX] = (struct agx4_range){ 0x480000000ull, 0x4000000 };
	dt->reg[AGX4_REG_ASC] = (struct agx4_range){ 0x482600000ull, 0x88000 };
	dt->reg[AGX4_REG_ASC1] = (struct agx4_range){ 0x482e00000ull, 0x88000 };
	dt->reg[AGX4_REG_SGX_AUX] = (struct agx4_range){ 0x480d00000ull, 0x12c000 };
	for (i = 0; i < AGX4_MEM_COUNT; i++) {
		dt->mem[i] = good_mem[i];
		set_le64(test, dt, adt_mem_props[i][0], good_mem[i].start);
		set_le64(test, dt, adt_mem_props[i][1], good_mem[i].size);
	}
	dt->mbox_count = 2;
	agx4_test_dt_set(test, dt, "mbox-names", names, sizeof(names));

	v[0] = AGX4_NUM_RAW_PSTATES;
	agx4_test_dt_set_le32(test, dt, "apple,sgx-perf-state-count", v, 1);
	v[0] = 1;
	agx4_test_dt_set_le32(test, dt, "apple,sgx-perf-state-table-count",
			      v, 1);
	for (i = 0; i < AGX4_NUM_RAW_PSTATES; i++) {
		v[2 * i] = 100000000 * (i + 1);
		v[2 * i + 1] = 600 + 20 * i;
	}
	agx4_test_dt_set_le32(test, dt, "apple,sgx-perf-states", v,
			      2 * AGX4_NUM_RAW_PSTATES);
	agx4_test_dt_set_le32(test, dt, "apple,sgx-perf-states-sram", v,
			      2 * AGX4_NUM_RAW_PSTATES);
}

/**
 * agx4_test_dt_alloc() - a fake node that parses cleanly
 * @test: the test; the node is freed with it.
 * @soc: which SoC's node.
 *
 * Return: the node.
 */
struct agx4_test_dt *agx4_test_dt_alloc(struct kunit *test,
					enum agx4_soc_id soc)
{
	static const __be64 private_vm[2] = {
		cpu_to_be64(0xfffffc0000000000ull),
		cpu_to_be64(0x2000000000ull),
	};
	struct agx4_test_dt *dt;

	dt = kunit_kzalloc(test, sizeof(*dt), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, dt);
	dt->src.ops = &fake_ops;
	dt->src.ctx = dt;
	dt->src.node = "/soc/gpu";

	agx4_test_dt_set(test, dt, "apple,rtkit-private-vm-region", private_vm,
			 sizeof(private_vm));
	if (soc == AGX4_SOC_T8132)
		fill_t8132(test, dt);
	else
		fill_t8140(test, dt);
	return dt;
}
