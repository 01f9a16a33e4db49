// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * A fake device-tree node for KUnit: the property-table side of
 * &struct agx4_dt_source_ops, filled with the good node of each SoC
 * (agx4_fwmodel_dt_fill()), which tests break one property at a time.
 */

#include <kunit/test.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../agx4_fwmodel_dt.h"
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
		if (!dt->mem[m].size && !dt->mem[m].start &&
		    !dt->mem_listed[m])
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

/* The good node's properties go into the fake node. */
struct fill_ctx {
	struct kunit *test;
	struct agx4_test_dt *dt;
};

static int fill_set(void *ctx, const char *name, const void *val, int len)
{
	struct fill_ctx *f = ctx;

	agx4_test_dt_set(f->test, f->dt, name, val, len);
	return 0;
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
	struct agx4_fwmodel_dt fill = { .set = fill_set };
	struct fill_ctx fc = { .test = test };
	struct agx4_test_dt *dt;
	unsigned int i, last;

	dt = kunit_kzalloc(test, sizeof(*dt), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, dt);
	dt->src.ops = &fake_ops;
	dt->src.ctx = dt;
	dt->src.node = "/soc/gpu";

	/* t8132 has no second firmware image. */
	last = soc == AGX4_SOC_T8132 ? AGX4_MEM_FIRMWARE : AGX4_MEM_COUNT - 1;
	for (i = 0; i <= last; i++)
		dt->mem[i] = good_mem[i];
	fc.dt = dt;
	fill.ctx = &fc;
	memcpy(fill.mem, dt->mem, sizeof(fill.mem));
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_dt_fill(&fill, soc), 0);
	memcpy(dt->reg, fill.reg, sizeof(dt->reg));
	dt->mbox_count = fill.mbox_count;
	return dt;
}
