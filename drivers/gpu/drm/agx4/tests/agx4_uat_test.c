// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_uat": GPU page tables.  Expected descriptor words are
 * written here from the UAT's PTE format as m1n1 and the G16/G17P
 * reference drivers program it, not from the driver's tables; translations are checked by walking
 * what the driver built; a model TLB (replacing the TLBI helper) catches a
 * missing or short invalidation.
 */

#include <kunit/device.h>
#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <linux/dma-mapping.h>
#include <linux/prandom.h>
#include <linux/sizes.h>

#include "../agx4_uat.h"
#include "agx4_test_util.h"

#define PG	AGX4_UAT_PAGE_SIZE

static const struct agx4_uat_prot gpu_rw = {
	.access = AGX4_UAT_GPU, .perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

static const struct agx4_uat_prot fw_rw = {
	.access = AGX4_UAT_FW, .perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_CACHED, .global = true,
};

/* A model of the UAT's TLB: what the GPU would use for a translation. */
#define TLB_ENTRIES 64

struct tlb_model {
	struct agx4_uat *uat[TLB_ENTRIES];
	u64 va[TLB_ENTRIES];
	phys_addr_t pa[TLB_ENTRIES];
	unsigned int next;
	unsigned int invals;
	u64 last_start;
	u64 last_size;
};

struct ttb_log;

struct uat_ctx {
	struct device *dev;
	struct tlb_model tlb;
	struct ttb_log *ttb_log;
};

static void model_tlb_inval(struct agx4_uat *uat, u64 start, u64 size)
{
	struct uat_ctx *c = kunit_get_current_test()->priv;
	struct tlb_model *t = &c->tlb;
	unsigned int i;

	t->invals++;
	t->last_start = start;
	t->last_size = size;
	for (i = 0; i < TLB_ENTRIES; i++)
		if (t->uat[i] == uat && t->va[i] - start < size)
			t->uat[i] = NULL;
}

/* What the GPU reads at @va: the cached translation, else a walk. */
static int gpu_translate(struct uat_ctx *c, struct agx4_uat *uat, u64 va,
			 phys_addr_t *pa)
{
	struct tlb_model *t = &c->tlb;
	unsigned int i;
	int ret;

	for (i = 0; i < TLB_ENTRIES; i++) {
		if (t->uat[i] == uat && t->va[i] == va) {
			*pa = t->pa[i];
			return 0;
		}
	}
	ret = agx4_uat_translate(uat, va, pa, NULL);
	if (!ret) {
		i = t->next++ % TLB_ENTRIES;
		t->uat[i] = uat;
		t->va[i] = va;
		t->pa[i] = *pa;
	}
	return ret;
}

static int uat_test_init(struct kunit *test)
{
	struct uat_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->dev = agx4_test_dma_device(test, "agx4_uat_test");
	test->priv = c;
	kunit_activate_static_stub(test, agx4_uat_tlb_inval, model_tlb_inval);
	return 0;
}

KUNIT_DEFINE_ACTION_WRAPPER(uat_fini_action, agx4_uat_fini, struct agx4_uat *);

static struct agx4_uat *new_uat(struct kunit *test,
				const struct agx4_uat_geom *g, bool high)
{
	struct uat_ctx *c = test->priv;
	struct agx4_uat *uat = kunit_kzalloc(test, sizeof(*uat), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, uat);
	KUNIT_ASSERT_EQ(test, agx4_uat_init(uat, c->dev, g, high), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, uat_fini_action,
							uat), 0);
	uat->asid = 5;
	return uat;
}

/* Map in one batch; the reservation must be used up exactly. */
static void do_map(struct kunit *test, struct agx4_uat *uat, u64 va,
		   phys_addr_t pa, u64 size, const struct agx4_uat_prot *prot)
{
	struct agx4_uat_op op;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, va, size), 0);
	agx4_uat_op_map(&op, va, pa, size, prot);
	KUNIT_EXPECT_EQ_MSG(test, op.nprealloc, 0,
			    "reservation for %llx+%llx not exact", va, size);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
}

static void do_unmap(struct agx4_uat *uat, u64 va, u64 size)
{
	struct agx4_uat_op op;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	agx4_uat_op_unmap(&op, va, size);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
}

static void expect_mapped(struct kunit *test, struct agx4_uat *uat, u64 va,
			  phys_addr_t pa)
{
	phys_addr_t got = 0;

	KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(uat, va, &got, NULL), 0,
			    "va %llx", va);
	KUNIT_EXPECT_EQ_MSG(test, got, pa, "va %llx", va);
}

static void expect_unmapped(struct kunit *test, struct agx4_uat *uat, u64 va)
{
	phys_addr_t got;

	KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(uat, va, &got, NULL),
			    -ENOENT, "va %llx", va);
}

/* Check the first, last and every table-boundary page, and a few more. */
static void expect_range(struct kunit *test, struct agx4_uat *uat, u64 va,
			 phys_addr_t pa, u64 size)
{
	u64 off, step = max_t(u64, round_down(size / 7, PG), PG);

	for (off = 0; off < size; off += step)
		expect_mapped(test, uat, va + off, pa + off);
	for (off = round_up(va, SZ_32M) - va; off < size; off += SZ_32M) {
		expect_mapped(test, uat, va + off, pa + off);
		if (off)
			expect_mapped(test, uat, va + off - PG, pa + off - PG);
	}
	expect_mapped(test, uat, va + size - PG, pa + size - PG);
	/* The pages around the range are not mapped. */
	if (va > uat->va_start)
		expect_unmapped(test, uat, va - PG);
	if (va + size - uat->va_start < uat->va_size)
		expect_unmapped(test, uat, va + size);
}

/* Expected descriptors of the specification, bit by bit. */
struct pte_case {
	const char *name;
	struct agx4_uat_prot prot;
	u64 pte;
};

static const struct pte_case pte_cases[] = {
	/* The concrete words the reference drivers write. */
	{ "fw rw uncached", { AGX4_UAT_FW, AGX4_UAT_RW, AGX4_UAT_UNCACHED, true },
	  0x00c000000000044bull },
	{ "fw rw cached", { AGX4_UAT_FW, AGX4_UAT_RW, AGX4_UAT_CACHED, true },
	  0x00c0000000000443ull },
	{ "fw ro uncached", { AGX4_UAT_FW, AGX4_UAT_RO, AGX4_UAT_UNCACHED, true },
	  0x008000000000044bull },
	{ "fw mmio rw", { AGX4_UAT_FW, AGX4_UAT_RW, AGX4_UAT_DEVICE, true },
	  0x00c0000000000447ull },
	{ "gpu rw uncached", { AGX4_UAT_GPU, AGX4_UAT_RW, AGX4_UAT_UNCACHED },
	  0x00c0000000000c8bull },
	{ "gpu ro uncached", { AGX4_UAT_GPU, AGX4_UAT_RO, AGX4_UAT_UNCACHED },
	  0x0080000000000c8bull },
	/*
	 * The permission matrix: bits 54 (UXN) and 53 (PXN) per class, AP in
	 * bits 7..6, AttrIndx 4..2, AF bit 10, bit 55, nG bit 11 when not
	 * global, type and valid bits 1..0.
	 */
	{ "fw+gpu na", { AGX4_UAT_FW_GPU, AGX4_UAT_NA, AGX4_UAT_UNCACHED },
	  0x0080000000000c0bull },
	{ "fw+gpu ro", { AGX4_UAT_FW_GPU, AGX4_UAT_RO, AGX4_UAT_UNCACHED },
	  0x00a0000000000c0bull },
	{ "fw+gpu wo", { AGX4_UAT_FW_GPU, AGX4_UAT_WO, AGX4_UAT_UNCACHED },
	  0x00c0000000000c0bull },
	{ "fw+gpu rw", { AGX4_UAT_FW_GPU, AGX4_UAT_RW, AGX4_UAT_UNCACHED },
	  0x00e0000000000c0bull },
	{ "fw na", { AGX4_UAT_FW, AGX4_UAT_NA, AGX4_UAT_CACHED, true },
	  0x00a0000000000443ull },
	{ "fw rw gpu ro", { AGX4_UAT_FW, AGX4_UAT_FW_RW_GPU_RO, AGX4_UAT_CACHED,
	  true }, 0x00e0000000000443ull },
	{ "gpu wo", { AGX4_UAT_GPU, AGX4_UAT_WO, AGX4_UAT_CACHED },
	  0x00a0000000000c83ull },
	{ "gpu na", { AGX4_UAT_GPU, AGX4_UAT_NA, AGX4_UAT_DEVICE },
	  0x00e0000000000c87ull },
	{ "fw+gpu rw global device",
	  { AGX4_UAT_FW_GPU, AGX4_UAT_RW, AGX4_UAT_DEVICE, true },
	  0x00e0000000000407ull },
};

static void pte_case_desc(const struct pte_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(pte, pte_cases, pte_case_desc);

static void agx4_uat_pte_attributes_match_spec(struct kunit *test)
{
	const struct pte_case *t = test->param_value;
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const phys_addr_t pa = 0x3ff12344000ull;
	phys_addr_t got;
	u64 pte;

	KUNIT_EXPECT_TRUE(test, agx4_uat_prot_valid(&t->prot));
	KUNIT_EXPECT_EQ(test, agx4_uat_pte_attrs(&t->prot), t->pte);

	/* And that is what lands in the table, with the output address. */
	do_map(test, uat, 0x1234560000ull, pa, PG, &t->prot);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(uat, 0x1234560000ull, &got,
						 &pte), 0);
	KUNIT_EXPECT_EQ(test, pte, t->pte | pa);
	KUNIT_EXPECT_EQ(test, got, pa);
}

static void agx4_uat_inexpressible_permissions_rejected(struct kunit *test)
{
	static const struct agx4_uat_prot bad[] = {
		{ AGX4_UAT_FW, AGX4_UAT_WO, AGX4_UAT_CACHED },
		{ AGX4_UAT_GPU, AGX4_UAT_FW_RW_GPU_RO, AGX4_UAT_CACHED },
		{ AGX4_UAT_FW_GPU, AGX4_UAT_FW_RW_GPU_RO, AGX4_UAT_CACHED },
		{ 3, AGX4_UAT_RW, AGX4_UAT_CACHED },
		{ AGX4_UAT_GPU, 5, AGX4_UAT_CACHED },
		{ AGX4_UAT_GPU, AGX4_UAT_RW, 3 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_FALSE_MSG(test, agx4_uat_prot_valid(&bad[i]),
				       "case %u", i);
}

/*
 * Geometries agx4_uat_init() refuses, each breaking one rule and keeping
 * the others (the root's shift is the one the levels below it give), so
 * that each rule is shown to be checked on its own.
 */
static const struct {
	const char *what;
	struct agx4_uat_geom g;
} bad_geoms[] = {
	/* levels, root shift, root entries, entries, output address bits */
	{ "one level", { 1, 14, 64, 2048, 42 } },
	{ "four levels", { 4, 47, 64, 2048, 42 } },
	{ "root shift not the levels'", { 3, 35, 64, 2048, 42 } },
	{ "root entries not a power of 2", { 3, 36, 48, 2048, 42 } },
	{ "root larger than a table", { 3, 36, 4096, 2048, 42 } },
	{ "tables not 16 KiB", { 3, 34, 64, 1024, 42 } },
	{ "no output address bits", { 3, 36, 64, 2048, 14 } },
	{ "output address past 52 bits", { 3, 36, 64, 2048, 53 } },
};

static void agx4_uat_bad_geometry_rejected(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	struct agx4_uat uat;
	unsigned int i;
	int ret;

	/* The shape every case starts from is a good one. */
	KUNIT_ASSERT_EQ(test, agx4_uat_init(&uat, c->dev, &agx4_test_g16_geom,
					    false), 0);
	agx4_uat_fini(&uat);
	for (i = 0; i < ARRAY_SIZE(bad_geoms); i++) {
		ret = agx4_uat_init(&uat, c->dev, &bad_geoms[i].g, false);
		KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "%s", bad_geoms[i].what);
		if (ret)
			continue;
		/* Only the (empty) root: free it with a shape fini can walk. */
		uat.geom = &agx4_test_g16_geom;
		agx4_uat_fini(&uat);
	}
}

/* Map/walk round trips at the edges of the window and of every level. */
struct edge_case {
	const char *name;
	bool high;
	u64 va;
	u64 size;
};

static const struct edge_case edge_cases[] = {
	{ "first page", false, 0, PG },
	{ "last page of the low half", false, (1ull << 42) - PG, PG },
	{ "leaf table boundary", false, SZ_32M - 2 * PG, 4 * PG },
	{ "second level boundary", false, (1ull << 36) - 3 * PG, 5 * PG },
	{ "both levels, 96 MiB", false, (5ull << 36) - SZ_64M, 3 * SZ_32M },
	{ "whole leaf table", false, 7 * SZ_32M, SZ_32M },
	{ "first page of the high half", true, 0xfffffc0000000000ull, PG },
	{ "last page of the high half", true, 0xffffffffffffc000ull, PG },
	{ "firmware objects", true, 0xfffffc2000100000ull, 0x40000 },
	{ "high half, across a root entry", true, 0xfffffc2fffff8000ull,
	  0x10000 },
};

static void edge_case_desc(const struct edge_case *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(edge, edge_cases, edge_case_desc);

static void agx4_uat_map_walk_round_trip_at_edges(struct kunit *test)
{
	const struct edge_case *t = test->param_value;
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, t->high);
	const phys_addr_t pa = 0x200000000ull;

	do_map(test, uat, t->va, pa, t->size, t->high ? &fw_rw : &gpu_rw);
	expect_range(test, uat, t->va, pa, t->size);

	do_unmap(uat, t->va, t->size);
	expect_unmapped(test, uat, t->va);
	expect_unmapped(test, uat, t->va + t->size - PG);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
}

static void agx4_uat_random_ranges_round_trip(struct kunit *test)
{
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	struct rnd_state rnd;
	u64 va[32], size[32];
	unsigned int i, j;

	prandom_seed_state(&rnd, 0xa9c4);
	for (i = 0; i < ARRAY_SIZE(va); i++) {
		/* Disjoint: slot i of 64 GiB each, random offset and size. */
		size[i] = (1 + prandom_u32_state(&rnd) % 5000) * PG;
		va[i] = ((u64)i << 36) +
			(prandom_u32_state(&rnd) % 0x100000) * PG;
		do_map(test, uat, va[i], (u64)(i + 1) << 36, size[i], &gpu_rw);
	}
	for (i = 0; i < ARRAY_SIZE(va); i++)
		expect_range(test, uat, va[i], (u64)(i + 1) << 36, size[i]);

	/* Unmap every other one; the rest stays intact. */
	for (i = 0; i < ARRAY_SIZE(va); i += 2)
		do_unmap(uat, va[i], size[i]);
	for (i = 0; i < ARRAY_SIZE(va); i++) {
		if (i % 2) {
			expect_range(test, uat, va[i], (u64)(i + 1) << 36,
				     size[i]);
			continue;
		}
		for (j = 0; j < 4; j++)
			expect_unmapped(test, uat, va[i] + j * (size[i] / 4));
	}
	for (i = 1; i < ARRAY_SIZE(va); i += 2)
		do_unmap(uat, va[i], size[i]);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
}

static void agx4_uat_partial_unmap_splits_mapping(struct kunit *test)
{
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const u64 va = SZ_32M - 4 * PG;		/* straddles a leaf table */
	const phys_addr_t pa = 0x100000000ull;
	unsigned int i;

	do_map(test, uat, va, pa, 8 * PG, &gpu_rw);
	do_unmap(uat, va + 3 * PG, 2 * PG);
	for (i = 0; i < 8; i++) {
		if (i == 3 || i == 4)
			expect_unmapped(test, uat, va + i * PG);
		else
			expect_mapped(test, uat, va + i * PG, pa + i * PG);
	}
	/* Both leaf tables still hold pages. */
	KUNIT_EXPECT_EQ(test, uat->tables, 4);
	do_unmap(uat, va, 3 * PG);
	KUNIT_EXPECT_EQ(test, uat->tables, 3);	/* first leaf table freed */
	do_unmap(uat, va + 5 * PG, 3 * PG);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
	/* Unmapping a hole changes nothing. */
	do_unmap(uat, 0, 1ull << 40);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
}

static void agx4_uat_single_page_repeated(struct kunit *test)
{
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const phys_addr_t pa = 0x80000000ull;
	struct agx4_uat_op op;
	const u64 va = 0x1000000000ull;
	unsigned int i;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	KUNIT_ASSERT_EQ(test, agx4_uat_op_reserve(&op, va, 3000 * PG), 0);
	for (i = 0; i < 3000; i++)
		agx4_uat_op_map(&op, va + i * PG, pa, PG, &gpu_rw);
	KUNIT_EXPECT_EQ(test, op.nprealloc, 0);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);

	for (i = 0; i < 3000; i += 499)
		expect_mapped(test, uat, va + i * PG, pa);
	expect_mapped(test, uat, va + 2999 * PG, pa);
}

static void agx4_uat_huge_bind_8gib(struct kunit *test)
{
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const u64 va = 0x10000000000ull, size = 8ull << 30;

	do_map(test, uat, va, 0x100000000ull, size, &gpu_rw);
	/* 256 leaf tables, one second-level table, the root. */
	KUNIT_EXPECT_EQ(test, uat->tables, 258);
	expect_range(test, uat, va, 0x100000000ull, size);
	do_unmap(uat, va, size);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
}

static void agx4_uat_bad_ranges_rejected(struct kunit *test)
{
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	struct agx4_uat *hi = new_uat(test, &agx4_test_g16_geom, true);
	struct agx4_uat_op op;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, 0x2000, PG), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, 0, 0x2000), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, 0, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, 1ull << 42, PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, (1ull << 42) - PG,
						  2 * PG), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, PG, ~0ull - 0x3fff),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, op.nprealloc, 0);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);

	mutex_lock(&hi->lock);
	agx4_uat_op_begin(hi, &op);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, 0x1000000000ull, PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, 0xfffffbffffffc000ull,
						  PG), -EINVAL);
	agx4_uat_op_end(&op);
	mutex_unlock(&hi->lock);

	/* Outside the window, nothing translates. */
	{
		phys_addr_t pa;

		KUNIT_EXPECT_EQ(test, agx4_uat_translate(uat, 1ull << 42, &pa,
							 NULL), -ERANGE);
		KUNIT_EXPECT_EQ(test, agx4_uat_translate(hi, 0, &pa, NULL),
				-ERANGE);
	}
}

static void agx4_uat_failed_reserve_leaves_tables_unchanged(struct kunit *test)
{
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const u64 a = 0x100000000ull;
	struct agx4_uat_op op;

	do_map(test, uat, a, 0x40000000ull, 4 * PG, &gpu_rw);
	KUNIT_ASSERT_EQ(test, uat->tables, 3);

	/* Room for one more table only; the second range needs two. */
	uat->max_tables = 5;
	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, a + SZ_32M, PG), 0);
	KUNIT_EXPECT_EQ(test, agx4_uat_op_reserve(&op, 1ull << 40, PG),
			-ENOMEM);
	KUNIT_EXPECT_TRUE(test, op.failed_alloc);
	/* The caller gives up the whole batch: nothing was mapped. */
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);

	KUNIT_EXPECT_EQ(test, uat->tables, 3);
	expect_range(test, uat, a, 0x40000000ull, 4 * PG);
	expect_unmapped(test, uat, a + SZ_32M);
	expect_unmapped(test, uat, 1ull << 40);
}

static void agx4_uat_two_trees_map_same_va_differently(struct kunit *test)
{
	struct agx4_uat *a = new_uat(test, &agx4_test_g16_geom, false);
	struct agx4_uat *b = new_uat(test, &agx4_test_g13_geom, false);
	const u64 va = 0x1500000000ull;

	do_map(test, a, va, 0x111110000ull, 4 * PG, &gpu_rw);
	do_map(test, b, va, 0x222220000ull, 4 * PG, &gpu_rw);
	expect_range(test, a, va, 0x111110000ull, 4 * PG);
	expect_range(test, b, va, 0x222220000ull, 4 * PG);
	do_unmap(a, va, 4 * PG);
	expect_unmapped(test, a, va);
	expect_mapped(test, b, va, 0x222220000ull);

	/* G13's 39-bit window ends where G16's goes on. */
	KUNIT_EXPECT_EQ(test, b->va_size, 1ull << 39);
	KUNIT_EXPECT_EQ(test, a->va_size, 1ull << 42);
}

static void agx4_uat_remap_is_seen_after_invalidation(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const u64 va = 0x1800000000ull + 5 * PG;
	struct agx4_uat_op op;
	phys_addr_t pa;

	do_map(test, uat, va, 0xa0000000ull, PG, &gpu_rw);
	KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, va, &pa), 0);
	KUNIT_EXPECT_EQ(test, pa, 0xa0000000ull);

	/* Move the page in one batch; the GPU must see the new one. */
	c->tlb.invals = 0;
	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	KUNIT_ASSERT_EQ(test, agx4_uat_op_reserve(&op, va, PG), 0);
	agx4_uat_op_unmap(&op, va, PG);
	agx4_uat_op_map(&op, va, 0xb0000000ull, PG, &gpu_rw);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);

	KUNIT_EXPECT_EQ(test, c->tlb.invals, 1);	/* batched: once */
	KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, va, &pa), 0);
	KUNIT_EXPECT_EQ(test, pa, 0xb0000000ull);

	/* An unmap is seen too, even when it frees the tables. */
	do_unmap(uat, va, PG);
	KUNIT_EXPECT_EQ(test, gpu_translate(c, uat, va, &pa), -ENOENT);
	KUNIT_EXPECT_LE(test, c->tlb.last_start, va & ~(u64)(SZ_32M - 1));
	KUNIT_EXPECT_GE(test, c->tlb.last_start + c->tlb.last_size,
			(va & ~(u64)(SZ_32M - 1)) + SZ_32M);
}

static void agx4_uat_invalidation_covers_whole_batch(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	struct agx4_uat_op op;
	phys_addr_t pa;
	unsigned int i;

	for (i = 0; i < 4; i++) {
		do_map(test, uat, (u64)i << 30, 0x40000000ull + i * PG, PG,
		       &gpu_rw);
		KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, (u64)i << 30, &pa),
				0);
	}
	/* Two scattered changes in one batch, one invalidation. */
	c->tlb.invals = 0;
	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	agx4_uat_op_unmap(&op, 1ull << 30, PG);
	agx4_uat_op_unmap(&op, 3ull << 30, PG);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	KUNIT_EXPECT_EQ(test, c->tlb.invals, 1);
	KUNIT_EXPECT_EQ(test, gpu_translate(c, uat, 1ull << 30, &pa), -ENOENT);
	KUNIT_EXPECT_EQ(test, gpu_translate(c, uat, 3ull << 30, &pa), -ENOENT);
	KUNIT_EXPECT_EQ(test, gpu_translate(c, uat, 2ull << 30, &pa), 0);
	KUNIT_EXPECT_EQ(test, pa, 0x40000000ull + 2 * PG);

	/* A batch that changes nothing invalidates nothing. */
	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	KUNIT_EXPECT_EQ(test, c->tlb.invals, 1);
}

#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
/*
 * Each allocation of making a tree, taking over the loader's (two of its
 * tables), reserving tables and pinning a window fails in turn: each
 * call returns -ENOMEM and leaves nothing made, or succeeds where the
 * allocation that failed has a fallback (kmemleak's metadata, when it is
 * on).
 */
static void agx4_uat_out_of_memory_fails_cleanly(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	const unsigned int order = get_order(4 * PG);
	const u64 va = 0x10e0000000ull;
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	struct agx4_uat_window w = {};
	struct agx4_uat_region r;
	struct agx4_uat_op op;
	struct agx4_uat tree;
	struct page *pages;
	unsigned int n, enomem;
	u64 *root;
	bool hit;
	int ret;

	if (!agx4_test_failslab(test))
		kunit_skip(test, "no failslab in debugfs");
	pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, order);
	KUNIT_ASSERT_NOT_NULL(test, pages);
	r = (struct agx4_uat_region){ page_address(pages), page_to_phys(pages),
				      4 * PG };
	root = r.va;
	root[0] = (r.pa + PG) | 3;

	for (n = 1, enomem = 0; n < 100; n++) {
		agx4_test_fail_nth(n);
		ret = agx4_uat_init(&tree, c->dev, &agx4_test_g16_geom, false);
		hit = agx4_test_fail_hit();
		KUNIT_EXPECT_TRUE_MSG(test, !ret || ret == -ENOMEM, "init %u", n);
		enomem += !!ret;
		if (!ret)
			agx4_uat_fini(&tree);
		if (!hit)
			break;
	}
	KUNIT_EXPECT_LT(test, n, 100);
	KUNIT_EXPECT_GE_MSG(test, enomem, 1, "init");

	for (n = 1, enomem = 0; n < 100; n++) {
		agx4_test_fail_nth(n);
		ret = agx4_uat_init_borrowed(&tree, c->dev, &agx4_test_g16_geom,
					     true, &r, 1, r.pa);
		hit = agx4_test_fail_hit();
		KUNIT_EXPECT_TRUE_MSG(test, !ret || ret == -ENOMEM,
				      "borrowed %u", n);
		KUNIT_EXPECT_EQ_MSG(test, root[0], (r.pa + PG) | 3,
				    "borrowed %u", n);
		enomem += !!ret;
		if (!ret)
			agx4_uat_fini(&tree);
		if (!hit)
			break;
	}
	KUNIT_EXPECT_LT(test, n, 100);
	/* At least the loader's two tables. */
	KUNIT_EXPECT_GE_MSG(test, enomem, 2, "borrowed");

	for (n = 1, enomem = 0; n < 100; n++) {
		mutex_lock(&uat->lock);
		agx4_uat_op_begin(uat, &op);
		agx4_test_fail_nth(n);
		ret = agx4_uat_op_reserve(&op, va, PG);
		hit = agx4_test_fail_hit();
		KUNIT_EXPECT_TRUE_MSG(test, !ret || ret == -ENOMEM,
				      "reserve %u", n);
		KUNIT_EXPECT_EQ_MSG(test, op.failed_alloc, !!ret, "reserve %u", n);
		agx4_uat_op_end(&op);
		mutex_unlock(&uat->lock);
		KUNIT_EXPECT_EQ_MSG(test, uat->tables, 1, "reserve %u", n);
		enomem += !!ret;
		if (!hit)
			break;
	}
	KUNIT_EXPECT_LT(test, n, 100);
	/* The second-level table and the leaf table. */
	KUNIT_EXPECT_GE_MSG(test, enomem, 2, "reserve");

	for (n = 1, enomem = 0; n < 100; n++) {
		agx4_test_fail_nth(n);
		ret = agx4_uat_window_pin(uat, &w, va, SZ_32M);
		hit = agx4_test_fail_hit();
		KUNIT_EXPECT_TRUE_MSG(test, !ret || ret == -ENOMEM, "pin %u", n);
		if (ret) {
			KUNIT_EXPECT_NULL_MSG(test, w.leaf, "pin %u", n);
			KUNIT_EXPECT_EQ_MSG(test, uat->tables, 1, "pin %u", n);
		}
		agx4_uat_window_unpin(&w);
		enomem += !!ret;
		if (!hit)
			break;
	}
	KUNIT_EXPECT_LT(test, n, 100);
	/* The window's leaf array and its two tables. */
	KUNIT_EXPECT_GE_MSG(test, enomem, 3, "pin");
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
	__free_pages(pages, order);
}
#endif

/* Contexts: the TTB words, sharing, exhaustion, replacement order. */

struct ttb_log {
	u64 *ttb;
	unsigned int flushes;
	u64 words_at_flush[2];
	unsigned int asid_at_flush;
};

/*
 * A window maps and unmaps with no table allocated after the pin, and the
 * GPU sees each change once it is flushed; unpinning frees the tables.
 */
static void agx4_uat_window_maps_without_tables_and_frees_them(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const u64 va = 0x10e0000000ull;
	struct agx4_uat_window w = {};
	unsigned long before, pinned;
	phys_addr_t pa;

	before = uat->tables;
	KUNIT_ASSERT_EQ(test, agx4_uat_window_pin(uat, &w, va, 2 * SZ_32M), 0);
	pinned = uat->tables;
	/* Both leaves and the table above them. */
	KUNIT_EXPECT_EQ(test, pinned, before + 3);

	/* Across the boundary of the two leaves. */
	agx4_uat_window_map(&w, va + SZ_32M - PG, 0xa0000000ull, 3 * PG,
			    &gpu_rw);
	agx4_uat_window_flush(&w, va + SZ_32M - PG, 3 * PG);
	KUNIT_EXPECT_EQ(test, uat->tables, pinned);
	expect_range(test, uat, va + SZ_32M - PG, 0xa0000000ull, 3 * PG);
	KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, va + SZ_32M, &pa), 0);
	KUNIT_EXPECT_EQ(test, pa, 0xa0000000ull + PG);

	/* Unmapped and mapped elsewhere: the GPU sees the new page. */
	agx4_uat_window_unmap(&w, va + SZ_32M - PG, 3 * PG);
	KUNIT_EXPECT_EQ(test, gpu_translate(c, uat, va + SZ_32M, &pa), -ENOENT);
	KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, va + SZ_32M - PG, &pa),
			-ENOENT);
	agx4_uat_window_map(&w, va + SZ_32M, 0xb0000000ull, PG, &gpu_rw);
	agx4_uat_window_flush(&w, va + SZ_32M, PG);
	KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, va + SZ_32M, &pa), 0);
	KUNIT_EXPECT_EQ(test, pa, 0xb0000000ull);
	/* Empty leaves stay while pinned. */
	agx4_uat_window_unmap(&w, va + SZ_32M, PG);
	KUNIT_EXPECT_EQ(test, uat->tables, pinned);

	agx4_uat_window_unpin(&w);
	KUNIT_EXPECT_EQ(test, uat->tables, before);
	KUNIT_EXPECT_NULL(test, w.leaf);
}

/*
 * A window is refused for a range that is not whole pages, or where
 * something is mapped or another window holds a leaf table; a refused pin
 * leaves the tree as it was.
 */
static void agx4_uat_window_refuses_bad_and_taken_ranges(struct kunit *test)
{
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const u64 va = 0x10e0000000ull;
	struct agx4_uat_window w = {}, w2 = {};
	unsigned long before;

	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, va + PG / 2, SZ_32M),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, va, PG + PG / 2),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, va, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, uat->va_size,
						  SZ_32M), -EINVAL);
	/* Far past the tree: refused before its leaf array is allocated. */
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, 0, 1ull << 62),
			-EINVAL);

	/* A page mapped in the second leaf: the first must not stay. */
	do_map(test, uat, va + SZ_32M + 7 * PG, 0xc0000000ull, PG, &gpu_rw);
	before = uat->tables;
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, va, 2 * SZ_32M),
			-EBUSY);
	KUNIT_EXPECT_EQ(test, uat->tables, before);
	KUNIT_EXPECT_NULL(test, w.leaf);
	expect_mapped(test, uat, va + SZ_32M + 7 * PG, 0xc0000000ull);

	/* The same page mapped, a window beside it in its leaf: taken. */
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, va + SZ_32M + 7 * PG,
						  PG), -EBUSY);
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w, va + SZ_32M + 6 * PG,
						  2 * PG), -EBUSY);
	KUNIT_EXPECT_EQ(test, uat->tables, before);

	/* Pinned once: not twice, nor a window elsewhere in its leaf. */
	KUNIT_ASSERT_EQ(test, agx4_uat_window_pin(uat, &w, va, SZ_16M), 0);
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w2, va, SZ_32M),
			-EBUSY);
	KUNIT_EXPECT_EQ(test, agx4_uat_window_pin(uat, &w2, va + SZ_16M,
						  SZ_16M), -EBUSY);
	KUNIT_EXPECT_NULL(test, w2.leaf);
	agx4_uat_window_unpin(&w);
	do_unmap(uat, va + SZ_32M + 7 * PG, PG);
}

/*
 * A window may share its end leaf tables with the batch's own mappings
 * (a G17P VM's pool windows and the client's buffers below them): the
 * batch maps and unmaps beside the window, an empty shared table stays
 * while the window holds it, the window's pages are its own, and
 * unpinning leaves the batch's mappings and frees a table only once
 * nothing of either is in it.
 */
static void agx4_uat_window_shares_leaf_tables_with_the_batch(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	struct agx4_uat *uat = new_uat(test, &agx4_test_g16_geom, false);
	const u64 base = 0x1000000000ull, wva = base + SZ_4M;
	struct agx4_uat_window w = {};
	unsigned long before, pinned;
	phys_addr_t pa;

	do_map(test, uat, base, 0xc0000000ull, 2 * PG, &gpu_rw);
	before = uat->tables;
	/* 4 MiB in, up to 4 MiB past the first leaf: two leaves shared. */
	KUNIT_ASSERT_EQ(test, agx4_uat_window_pin(uat, &w, wva, SZ_32M), 0);
	pinned = uat->tables;
	KUNIT_EXPECT_EQ(test, pinned, before + 1);
	expect_range(test, uat, base, 0xc0000000ull, 2 * PG);

	/* Both sides of the boundary, through the window. */
	agx4_uat_window_map(&w, wva, 0xa0000000ull, PG, &gpu_rw);
	agx4_uat_window_map(&w, wva + SZ_32M - PG, 0xa0100000ull, PG, &gpu_rw);
	agx4_uat_window_flush(&w, wva, PG);
	agx4_uat_window_flush(&w, wva + SZ_32M - PG, PG);
	KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, wva + SZ_32M - PG, &pa), 0);
	KUNIT_EXPECT_EQ(test, pa, 0xa0100000ull);

	/* The batch beside the window, in both shared leaves. */
	do_map(test, uat, base + 2 * PG, 0xc1000000ull, PG, &gpu_rw);
	do_map(test, uat, wva + SZ_32M, 0xc2000000ull, PG, &gpu_rw);
	expect_mapped(test, uat, base + 2 * PG, 0xc1000000ull);
	expect_mapped(test, uat, wva + SZ_32M, 0xc2000000ull);
	KUNIT_EXPECT_EQ(test, uat->tables, pinned);
	/* Every batch page of the first leaf gone: the window keeps it. */
	do_unmap(uat, base, 3 * PG);
	do_unmap(uat, wva + SZ_32M, PG);
	KUNIT_EXPECT_EQ(test, uat->tables, pinned);
	KUNIT_ASSERT_EQ(test, gpu_translate(c, uat, wva, &pa), 0);
	KUNIT_EXPECT_EQ(test, pa, 0xa0000000ull);

	/* The batch again, then the window goes: the batch's page stays. */
	do_map(test, uat, base, 0xc3000000ull, PG, &gpu_rw);
	agx4_uat_window_unmap(&w, wva, PG);
	agx4_uat_window_unmap(&w, wva + SZ_32M - PG, PG);
	agx4_uat_window_unpin(&w);
	KUNIT_EXPECT_NULL(test, w.leaf);
	expect_mapped(test, uat, base, 0xc3000000ull);
	expect_unmapped(test, uat, wva);
	/* The second leaf, empty, went; the first holds the batch's page. */
	KUNIT_EXPECT_EQ(test, uat->tables, before);
	do_unmap(uat, base, PG);
}

/*
 * No window in a tree taken over from the boot loader: its tables are the
 * loader's, which a window's unlocked writes must not reach.
 */
static void agx4_uat_window_refused_in_borrowed_tree(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	const unsigned int order = get_order(2 * PG);
	const u64 va = 0xfffffc2000000000ull;
	struct agx4_uat_window w = {};
	struct agx4_uat_region r;
	struct agx4_uat *uat;
	struct page *pages;
	int ret;

	pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, order);
	KUNIT_ASSERT_NOT_NULL(test, pages);
	r = (struct agx4_uat_region){ page_address(pages), page_to_phys(pages),
				      2 * PG };
	uat = kunit_kzalloc(test, sizeof(*uat), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, uat);
	KUNIT_ASSERT_EQ(test, agx4_uat_init_borrowed(uat, c->dev,
						     &agx4_test_g16_geom, true,
						     &r, 1, r.pa), 0);
	uat->asid = 0;

	ret = agx4_uat_window_pin(uat, &w, va, SZ_32M);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	KUNIT_EXPECT_NULL(test, w.leaf);
	KUNIT_EXPECT_EQ(test, uat->tables, 0);
	if (!ret)
		agx4_uat_window_unpin(&w);
	agx4_uat_fini(uat);
	__free_pages(pages, order);
}

static void record_tlb_inval_asid(unsigned int asid)
{
	struct uat_ctx *c = kunit_get_current_test()->priv;
	struct ttb_log *log = c->ttb_log;

	log->flushes++;
	log->asid_at_flush = asid;
	log->words_at_flush[0] = log->ttb[2 * asid];
	log->words_at_flush[1] = log->ttb[2 * asid + 1];
}

static struct agx4_uat_ctx_table *new_ctx_table(struct kunit *test,
						struct ttb_log **logp)
{
	struct agx4_uat_ctx_table *tbl;
	struct ttb_log *log;
	u64 *ttb;

	tbl = kunit_kzalloc(test, sizeof(*tbl), GFP_KERNEL);
	ttb = kunit_kzalloc(test, PG, GFP_KERNEL);
	log = kunit_kzalloc(test, sizeof(*log), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tbl);
	KUNIT_ASSERT_NOT_NULL(test, ttb);
	KUNIT_ASSERT_NOT_NULL(test, log);
	memset(ttb, 0xff, PG);
	agx4_uat_ctx_table_init(tbl, ttb);
	log->ttb = ttb;
	*logp = log;
	return tbl;
}

static void agx4_uat_ctx_words_and_sharing(struct kunit *test)
{
	struct agx4_uat *dev_uat = new_uat(test, &agx4_test_g16_geom, false);
	struct agx4_uat *fw = new_uat(test, &agx4_test_g16_geom, true);
	struct agx4_uat *vm = new_uat(test, &agx4_test_g16_geom, false);
	struct agx4_uat_ctx_table *tbl;
	struct ttb_log *log;
	int ctx;

	tbl = new_ctx_table(test, &log);
	/* Every slot starts invalid. */
	KUNIT_EXPECT_EQ(test, log->ttb[0], 0);
	KUNIT_EXPECT_EQ(test, log->ttb[127], 0);

	KUNIT_ASSERT_EQ(test, agx4_uat_ctx_set_fw(tbl, dev_uat, fw), 0);
	KUNIT_EXPECT_EQ(test, log->ttb[0], dev_uat->root_pa | 1);	/* no tag */
	KUNIT_EXPECT_EQ(test, log->ttb[1], fw->root_pa | 1);
	KUNIT_EXPECT_EQ(test, dev_uat->asid, 0);
	KUNIT_EXPECT_EQ(test, agx4_uat_ctx_set_fw(tbl, dev_uat, fw), -EBUSY);

	vm->asid = -1;
	ctx = agx4_uat_ctx_get(tbl, vm, fw);
	KUNIT_ASSERT_EQ(test, ctx, 1);
	KUNIT_EXPECT_EQ(test, log->ttb[2], vm->root_pa | (1ull << 48) | 1);
	KUNIT_EXPECT_EQ(test, log->ttb[3], fw->root_pa | (1ull << 48) | 1);
	KUNIT_EXPECT_EQ(test, vm->asid, 1);
	/* A second user shares the slot. */
	KUNIT_EXPECT_EQ(test, agx4_uat_ctx_get(tbl, vm, fw), 1);
	agx4_uat_ctx_put(tbl, 1);
	KUNIT_EXPECT_EQ(test, log->ttb[2] & 1, 1);
	agx4_uat_ctx_put(tbl, 1);
	KUNIT_EXPECT_EQ(test, log->ttb[2] & 1, 0);
	KUNIT_EXPECT_EQ(test, log->ttb[3] & 1, 0);
	KUNIT_EXPECT_EQ(test, vm->asid, -1);
}

static void agx4_uat_ctx_exhaustion_is_ebusy(struct kunit *test)
{
	struct agx4_uat *fw = new_uat(test, &agx4_test_g16_geom, true);
	struct agx4_uat *vm[AGX4_UAT_NUM_CTX];
	struct agx4_uat_ctx_table *tbl;
	struct ttb_log *log;
	unsigned int i;

	tbl = new_ctx_table(test, &log);
	for (i = 1; i < AGX4_UAT_NUM_CTX; i++) {
		vm[i] = new_uat(test, &agx4_test_g16_geom, false);
		KUNIT_ASSERT_EQ(test, agx4_uat_ctx_get(tbl, vm[i], fw), i);
	}
	vm[0] = new_uat(test, &agx4_test_g16_geom, false);
	KUNIT_EXPECT_EQ(test, agx4_uat_ctx_get(tbl, vm[0], fw), -EBUSY);
	/* Slot 0 is never handed to a client. */
	KUNIT_EXPECT_EQ(test, log->ttb[0], 0);

	agx4_uat_ctx_put(tbl, 17);
	KUNIT_EXPECT_EQ(test, agx4_uat_ctx_get(tbl, vm[0], fw), 17);
	KUNIT_EXPECT_EQ(test, log->ttb[34], vm[0]->root_pa | (17ull << 48) | 1);
	for (i = 1; i < AGX4_UAT_NUM_CTX; i++)
		agx4_uat_ctx_put(tbl, i);
}

static void agx4_uat_ctx_replaced_in_spec_order(struct kunit *test)
{
	struct agx4_uat *fw = new_uat(test, &agx4_test_g16_geom, true);
	struct agx4_uat *a = new_uat(test, &agx4_test_g16_geom, false);
	struct agx4_uat *b = new_uat(test, &agx4_test_g16_geom, false);
	struct uat_ctx *c = test->priv;
	struct agx4_uat_ctx_table *tbl;
	struct ttb_log *log;

	tbl = new_ctx_table(test, &log);
	c->ttb_log = log;
	kunit_activate_static_stub(test, agx4_uat_tlb_inval_asid,
				   record_tlb_inval_asid);

	KUNIT_ASSERT_EQ(test, agx4_uat_ctx_get(tbl, a, fw), 1);
	KUNIT_EXPECT_EQ(test, log->flushes, 0);	/* it was empty */
	agx4_uat_ctx_put(tbl, 1);
	/* Invalidated before the flush; the flush was for context 1. */
	KUNIT_EXPECT_EQ(test, log->flushes, 1);
	KUNIT_EXPECT_EQ(test, log->asid_at_flush, 1);
	KUNIT_EXPECT_EQ(test, log->words_at_flush[0] & 1, 0);
	KUNIT_EXPECT_EQ(test, log->words_at_flush[1] & 1, 0);

	/* The freed slot goes to another tree with the new roots. */
	KUNIT_ASSERT_EQ(test, agx4_uat_ctx_get(tbl, b, fw), 1);
	KUNIT_EXPECT_EQ(test, log->ttb[2], b->root_pa | (1ull << 48) | 1);
	agx4_uat_ctx_put(tbl, 1);
	KUNIT_EXPECT_EQ(test, log->flushes, 2);
}

/* The loader's firmware tree: adopted, extended, and only ours freed. */
static void agx4_uat_borrowed_loader_tree_extended(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	const u64 fw = 0xfffffc0000000000ull;
	const u64 loader_attrs = 0x00c0000000000443ull;
	const unsigned int order = get_order(8 * PG);
	struct agx4_uat *uat;
	struct page *pages;
	phys_addr_t rpa;
	struct agx4_uat_region one, two[2];
	u64 *root, *l1, *l2;
	void *region;

	pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, order);
	KUNIT_ASSERT_NOT_NULL(test, pages);
	region = page_address(pages);
	rpa = page_to_phys(pages);
	one = (struct agx4_uat_region){ region, rpa, 8 * PG };
	/* The same pages as two reservations, as pagetables and l2 are. */
	two[0] = (struct agx4_uat_region){ region, rpa, 4 * PG };
	two[1] = (struct agx4_uat_region){ region + 4 * PG, rpa + 4 * PG,
					   4 * PG };
	root = region;
	l1 = region + PG;
	l2 = region + 2 * PG;
	root[0] = (rpa + PG) | 3;
	l1[0] = (rpa + 2 * PG) | 3;
	l2[5] = 0x30000000ull | loader_attrs;

	uat = kunit_kzalloc(test, sizeof(*uat), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, uat);
	KUNIT_ASSERT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, &one, 1, rpa), 0);
	uat->asid = 0;
	KUNIT_EXPECT_EQ(test, uat->root_pa, rpa);
	KUNIT_EXPECT_EQ(test, uat->tables, 0);
	expect_mapped(test, uat, fw + 5 * PG, 0x30000000ull);

	/* Into the loader's leaf table, under its second-level table, and
	 * under an empty root entry: 0, 1 and 2 tables of ours.
	 */
	do_map(test, uat, fw + 6 * PG, 0x40000000ull, PG, &fw_rw);
	KUNIT_EXPECT_EQ(test, uat->tables, 0);
	do_map(test, uat, fw + SZ_32M, 0x50000000ull, PG, &fw_rw);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
	do_map(test, uat, 0xfffffc2000100000ull, 0x60000000ull, 2 * PG, &fw_rw);
	KUNIT_EXPECT_EQ(test, uat->tables, 3);
	expect_mapped(test, uat, fw + 6 * PG, 0x40000000ull);
	expect_range(test, uat, 0xfffffc2000100000ull, 0x60000000ull, 2 * PG);
	KUNIT_EXPECT_EQ(test, l2[6] & ~GENMASK_ULL(41, 14), 0x00c0000000000443ull);

	/* Unmapping frees only agx4's tables; the loader's stay. */
	do_unmap(uat, fw + 6 * PG, PG);
	do_unmap(uat, fw + SZ_32M, PG);
	do_unmap(uat, 0xfffffc2000100000ull, 2 * PG);
	KUNIT_EXPECT_EQ(test, uat->tables, 0);
	KUNIT_EXPECT_EQ(test, l1[1], 0);
	KUNIT_EXPECT_EQ(test, root[2], 0);
	KUNIT_EXPECT_EQ(test, root[0], (rpa + PG) | 3);
	expect_mapped(test, uat, fw + 5 * PG, 0x30000000ull);

	/* Loader mappings can be unmapped too, but its tables are kept. */
	do_unmap(uat, fw + 5 * PG, PG);
	KUNIT_EXPECT_EQ(test, l1[0], (rpa + 2 * PG) | 3);
	agx4_uat_fini(uat);
	KUNIT_EXPECT_NULL(test, uat->root);

	/* Trees agx4 cannot adopt. */
	memset(region, 0, 8 * PG);
	KUNIT_EXPECT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, &one, 1,
						     rpa + 8 * PG), -EINVAL);
	root[0] = 0x10000000ull | 3;		/* table outside the region */
	KUNIT_EXPECT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, &one, 1, rpa), -EINVAL);
	root[0] = (rpa + PG) | 1;		/* a block descriptor */
	KUNIT_EXPECT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, &one, 1, rpa), -EINVAL);
	root[0] = rpa | 3;			/* the root twice */
	KUNIT_EXPECT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, &one, 1, rpa), -EINVAL);

	/*
	 * A loader table in its second reservation (l2) is adopted, and
	 * mapping below it fills it; without that reservation the tree
	 * cannot be adopted.
	 */
	memset(region, 0, 8 * PG);
	root[2] = (rpa + 4 * PG) | 3;
	KUNIT_EXPECT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, two, 1, rpa), -EINVAL);
	KUNIT_ASSERT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, two, 2, rpa), 0);
	uat->asid = 0;
	do_map(test, uat, 0xfffffc2000100000ull, 0x60000000ull, PG, &fw_rw);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);	/* one leaf table of ours */
	KUNIT_EXPECT_NE(test, ((u64 *)(region + 4 * PG))[0] & 3, 0);
	expect_mapped(test, uat, 0xfffffc2000100000ull, 0x60000000ull);
	do_unmap(uat, 0xfffffc2000100000ull, PG);
	agx4_uat_fini(uat);
	/* Overlapping reservations are refused. */
	two[1].pa = rpa + 3 * PG;
	KUNIT_EXPECT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, two, 2, rpa), -EINVAL);
	__free_pages(pages, order);
}

/*
 * Reservations the boot loader's tree cannot be adopted from: none, more
 * than agx4 tracks, an empty one, one not on 16 KiB pages, or a root
 * table not on a table boundary.  Each is refused on its own, with the
 * other inputs those of a tree that is adopted (an empty root in the first
 * reservation).
 */
static void agx4_uat_borrowed_bad_regions_refused(struct kunit *test)
{
	struct uat_ctx *c = test->priv;
	const unsigned int order = get_order(8 * PG);
	struct agx4_uat_region r[AGX4_UAT_MAX_REGIONS + 1];
	struct agx4_uat *uat;
	struct page *pages;
	phys_addr_t rpa;
	void *region;
	unsigned int i;
	int ret;

	pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, order);
	KUNIT_ASSERT_NOT_NULL(test, pages);
	region = page_address(pages);
	rpa = page_to_phys(pages);
	uat = kunit_kzalloc(test, sizeof(*uat), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, uat);
	for (i = 0; i < ARRAY_SIZE(r); i++)
		r[i] = (struct agx4_uat_region){ region + 2 * i * PG,
						 rpa + 2 * i * PG, 2 * PG };

	/* The inputs the cases below break one at a time are adopted. */
	KUNIT_ASSERT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, r, 2, rpa), 0);
	agx4_uat_fini(uat);

	KUNIT_EXPECT_EQ(test, agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom,
						     true, r, 0, rpa), -EINVAL);
	ret = agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom, true, r,
				     AGX4_UAT_MAX_REGIONS + 1, rpa);
	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	if (!ret)
		agx4_uat_fini(uat);
	ret = agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom, true, r,
				     2, rpa + 8);
	KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "root not on a table");
	if (!ret)
		agx4_uat_fini(uat);

	r[1].size = 0;
	ret = agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom, true, r,
				     2, rpa);
	KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "empty reservation");
	if (!ret)
		agx4_uat_fini(uat);

	r[1].size = PG + PG / 2;
	ret = agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom, true, r,
				     2, rpa);
	KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "size not in pages");
	if (!ret)
		agx4_uat_fini(uat);

	r[1].size = PG;
	r[1].pa += PG / 2;
	r[1].va += PG / 2;
	ret = agx4_uat_init_borrowed(uat, c->dev, &agx4_test_g16_geom, true, r,
				     2, rpa);
	KUNIT_EXPECT_EQ_MSG(test, ret, -EINVAL, "start not on a page");
	if (!ret)
		agx4_uat_fini(uat);
	KUNIT_EXPECT_NULL(test, uat->root);
	__free_pages(pages, order);
}

static struct kunit_case agx4_uat_cases[] = {
	KUNIT_CASE_PARAM(agx4_uat_pte_attributes_match_spec, pte_gen_params),
	KUNIT_CASE(agx4_uat_inexpressible_permissions_rejected),
	KUNIT_CASE(agx4_uat_bad_geometry_rejected),
	KUNIT_CASE_PARAM(agx4_uat_map_walk_round_trip_at_edges,
			 edge_gen_params),
	KUNIT_CASE(agx4_uat_random_ranges_round_trip),
	KUNIT_CASE(agx4_uat_partial_unmap_splits_mapping),
	KUNIT_CASE(agx4_uat_single_page_repeated),
	KUNIT_CASE(agx4_uat_huge_bind_8gib),
	KUNIT_CASE(agx4_uat_bad_ranges_rejected),
	KUNIT_CASE(agx4_uat_failed_reserve_leaves_tables_unchanged),
#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
	KUNIT_CASE(agx4_uat_out_of_memory_fails_cleanly),
#endif
	KUNIT_CASE(agx4_uat_two_trees_map_same_va_differently),
	KUNIT_CASE(agx4_uat_remap_is_seen_after_invalidation),
	KUNIT_CASE(agx4_uat_invalidation_covers_whole_batch),
	KUNIT_CASE(agx4_uat_window_maps_without_tables_and_frees_them),
	KUNIT_CASE(agx4_uat_window_refuses_bad_and_taken_ranges),
	KUNIT_CASE(agx4_uat_window_shares_leaf_tables_with_the_batch),
	KUNIT_CASE(agx4_uat_window_refused_in_borrowed_tree),
	KUNIT_CASE(agx4_uat_ctx_words_and_sharing),
	KUNIT_CASE(agx4_uat_ctx_exhaustion_is_ebusy),
	KUNIT_CASE(agx4_uat_ctx_replaced_in_spec_order),
	KUNIT_CASE(agx4_uat_borrowed_loader_tree_extended),
	KUNIT_CASE(agx4_uat_borrowed_bad_regions_refused),
	{ }
};

static struct kunit_suite agx4_uat_suite = {
	.name = "agx4_uat",
	.init = uat_test_init,
	.test_cases = agx4_uat_cases,
};

kunit_test_suite(agx4_uat_suite);
