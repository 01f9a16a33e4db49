// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_obj": firmware objects, checked through the page
 * tables the firmware would walk.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>
#include <linux/sizes.h>

#include "../agx4_fw_obj.h"
#include "agx4_test_util.h"

#define PG	AGX4_UAT_PAGE_SIZE
#define FW_BASE	0xfffffc2200000000ull

struct obj_ctx {
	struct device *dev;
	struct agx4_uat fw;
	struct agx4_uat ctx0;
	struct agx4_fw_obj_heap fwm;
	unsigned int inits;
};

static int obj_test_init(struct kunit *test)
{
	struct obj_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->dev = agx4_test_dma_device(test, "agx4_fw_obj_test");
	KUNIT_ASSERT_EQ(test, agx4_uat_init(&c->fw, c->dev, &agx4_test_g16_geom, true), 0);
	KUNIT_ASSERT_EQ(test, agx4_uat_init(&c->ctx0, c->dev, &agx4_test_g16_geom, false), 0);
	KUNIT_ASSERT_EQ(test, agx4_fw_obj_heap_init(&c->fwm, c->dev, &c->fw, FW_BASE,
						    SZ_1G), 0);
	test->priv = c;
	return 0;
}

static void obj_test_exit(struct kunit *test)
{
	struct obj_ctx *c = test->priv;

	KUNIT_EXPECT_TRUE_MSG(test, list_empty(&c->fwm.objects),
			      "firmware objects left");
	agx4_fw_obj_heap_fini(&c->fwm);
	/* Every table went with the objects. */
	KUNIT_EXPECT_EQ(test, c->fw.tables, 1);
	KUNIT_EXPECT_EQ(test, c->ctx0.tables, 1);
	agx4_uat_fini(&c->fw);
	agx4_uat_fini(&c->ctx0);
}

/* The descriptor and address the firmware would find at @va. */
static u64 fw_pte(struct kunit *test, struct agx4_uat *uat, u64 va,
		  phys_addr_t *pa)
{
	u64 pte = 0;

	KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(uat, va, pa, &pte), 0,
			    "va %llx", va);
	return pte;
}

#define PTE_ATTRS(pte)	((pte) & ~GENMASK_ULL(41, 14))

static void fill(struct agx4_fw_obj *obj, void *priv)
{
	struct obj_ctx *c = priv;
	u32 *w = obj->cpu;

	c->inits++;
	/* Zeroed on entry, every time. */
	WARN_ON(w[0] || w[obj->size / 4 - 1]);
	w[0] = 0x1234abcd;
	w[obj->size / 4 - 1] = c->inits;
}

static void agx4_fw_obj_object_mapped_with_class_attrs(struct kunit *test)
{
	static const struct {
		enum agx4_fw_obj_class class;
		u64 attrs;
	} cases[] = {
		/* The words of the specification (4.1). */
		{ AGX4_FW_OBJ_PRIVATE, 0x00c0000000000443ull },
		{ AGX4_FW_OBJ_SHARED, 0x00c000000000044bull },
		{ AGX4_FW_OBJ_RO, 0x008000000000044bull },
	};
	struct obj_ctx *c = test->priv;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct agx4_fw_obj *obj;
		phys_addr_t pa;
		u64 off;

		obj = agx4_fw_obj_create(&c->fwm, 40000, cases[i].class, fill,
					 c);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, obj);
		KUNIT_EXPECT_EQ(test, obj->size, 3 * PG);
		KUNIT_EXPECT_GE(test, obj->va, FW_BASE);
		KUNIT_EXPECT_EQ(test, obj->va % PG, 0);
		for (off = 0; off < obj->size; off += PG) {
			u64 pte = fw_pte(test, &c->fw, obj->va + off, &pa);

			KUNIT_EXPECT_EQ(test, PTE_ATTRS(pte), cases[i].attrs);
			KUNIT_EXPECT_EQ(test, pa,
					page_to_phys(obj->chunks[off / PG]));
		}
		/* What the CPU wrote is what the firmware reads. */
		fw_pte(test, &c->fw, obj->va + obj->size - PG, &pa);
		KUNIT_EXPECT_EQ(test, *(u32 *)(phys_to_virt(pa) + PG - 4),
				c->inits);
		fw_pte(test, &c->fw, obj->va, &pa);
		KUNIT_EXPECT_EQ(test, *(u32 *)phys_to_virt(pa), 0x1234abcd);
		agx4_fw_obj_destroy(obj);
	}
	KUNIT_EXPECT_EQ(test, c->inits, 3);
}

static void agx4_fw_obj_guard_page_after_each_object(struct kunit *test)
{
	struct obj_ctx *c = test->priv;
	struct agx4_fw_obj *a, *b;
	phys_addr_t pa;

	a = agx4_fw_obj_create(&c->fwm, PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	b = agx4_fw_obj_create(&c->fwm, PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_EXPECT_TRUE(test, b->va >= a->va + 2 * PG ||
			  a->va >= b->va + 2 * PG);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->fw, a->va + PG, &pa,
						 NULL), -ENOENT);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->fw, b->va + PG, &pa,
						 NULL), -ENOENT);
	agx4_fw_obj_destroy(a);
	agx4_fw_obj_destroy(b);
}

static void agx4_fw_obj_mmio_and_external_not_owned(struct kunit *test)
{
	struct obj_ctx *c = test->priv;
	struct agx4_fw_obj *mmio, *ext;
	phys_addr_t pa;
	u64 pte;

	mmio = agx4_fw_obj_map_phys(&c->fwm, 0x300d60000ull, 0x8000,
				    AGX4_FW_OBJ_MMIO);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, mmio);
	KUNIT_EXPECT_NULL(test, mmio->cpu);
	pte = fw_pte(test, &c->fw, mmio->va + PG, &pa);
	KUNIT_EXPECT_EQ(test, PTE_ATTRS(pte), 0x00c0000000000447ull);
	KUNIT_EXPECT_EQ(test, pa, 0x300d64000ull);
	agx4_fw_obj_destroy(mmio);

	/* Registers the firmware only reads: firmware-only RO, device. */
	mmio = agx4_fw_obj_map_phys(&c->fwm, 0x300d60000ull, PG,
				    AGX4_FW_OBJ_MMIO_RO);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, mmio);
	pte = fw_pte(test, &c->fw, mmio->va, &pa);
	KUNIT_EXPECT_EQ(test, PTE_ATTRS(pte), 0x0080000000000447ull);
	KUNIT_EXPECT_EQ(test, pa, 0x300d60000ull);

	ext = agx4_fw_obj_map_phys(&c->fwm, 0x80000000ull, PG,
				   AGX4_FW_OBJ_EXTERNAL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, ext);
	pte = fw_pte(test, &c->fw, ext->va, &pa);
	KUNIT_EXPECT_EQ(test, PTE_ATTRS(pte), 0x00c000000000044bull);

	/* Classes and ranges each call accepts. */
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_phys(&c->fwm, 0x2000, PG,
							   AGX4_FW_OBJ_MMIO)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_phys(&c->fwm, 0, PG,
							   AGX4_FW_OBJ_SHARED)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_phys(&c->fwm, 1ull << 42,
							   PG, AGX4_FW_OBJ_MMIO)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create(&c->fwm, PG,
							 AGX4_FW_OBJ_MMIO, NULL,
							 NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create(&c->fwm, 0,
							 AGX4_FW_OBJ_SHARED,
							 NULL, NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create(&c->fwm, ~0ull,
							 AGX4_FW_OBJ_SHARED,
							 NULL, NULL)), -EINVAL);
	{
		phys_addr_t pas[2] = { 0x80000000ull, 0x80002000ull };

		KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages(&c->fwm, pas,
								    2,
								    AGX4_FW_OBJ_EXTERNAL)),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages(&c->fwm, pas,
								    0,
								    AGX4_FW_OBJ_EXTERNAL)),
				-EINVAL);
		KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages(&c->fwm, pas,
								    1,
								    AGX4_FW_OBJ_RO)),
				-EINVAL);
	}
	agx4_fw_obj_destroy(mmio);
	agx4_fw_obj_destroy(ext);
}

/*
 * Pages mapped at an address the caller names: there and nowhere else,
 * guard page included; a taken, misaligned or outside address refused.
 */
static void agx4_fw_obj_map_pages_at_fixed_address(struct kunit *test)
{
	struct obj_ctx *c = test->priv;
	const u64 at = FW_BASE + 0x100000;
	const phys_addr_t pas[2] = { 0x380000000ull, 0x220000000ull };
	struct agx4_fw_obj *w, *x;
	phys_addr_t pa;
	u64 pte;

	w = agx4_fw_obj_map_pages_at(&c->fwm, at, pas, 2, AGX4_FW_OBJ_MMIO_RO);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, w);
	KUNIT_EXPECT_EQ(test, w->va, at);
	fw_pte(test, &c->fw, at, &pa);
	KUNIT_EXPECT_EQ(test, pa, pas[0]);
	pte = fw_pte(test, &c->fw, at + PG + 0x123, &pa);
	KUNIT_EXPECT_EQ(test, pa, pas[1] + 0x123);
	/* Device memory, read only. */
	KUNIT_EXPECT_EQ(test, PTE_ATTRS(pte), 0x0080000000000447ull);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&c->fw, at + 2 * PG, &pa,
						 &pte), 0);

	/* Taken: the object, and its guard page. */
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages_at(&c->fwm, at + PG,
							       pas, 1,
							       AGX4_FW_OBJ_MMIO)),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages_at(&c->fwm,
							       at + 2 * PG,
							       pas, 1,
							       AGX4_FW_OBJ_MMIO)),
			-ENOSPC);
	/* Right after the guard is free. */
	x = agx4_fw_obj_map_pages_at(&c->fwm, at + 3 * PG, pas, 1,
				     AGX4_FW_OBJ_MMIO);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, x);
	KUNIT_EXPECT_EQ(test, x->va, at + 3 * PG);

	/* A page past the output address bits of the tables. */
	{
		const phys_addr_t far[1] = { 1ull << 42 };

		KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages_at(&c->fwm,
								       at + 8 * PG,
								       far, 1,
								       AGX4_FW_OBJ_MMIO)),
				-EINVAL);
	}
	/* Misaligned, below the space, past its end (guard included). */
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages_at(&c->fwm,
							       at + 0x800,
							       pas, 1,
							       AGX4_FW_OBJ_MMIO)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages_at(&c->fwm,
							       FW_BASE - PG,
							       pas, 1,
							       AGX4_FW_OBJ_MMIO)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_map_pages_at(&c->fwm,
							       FW_BASE + SZ_1G -
							       PG, pas, 1,
							       AGX4_FW_OBJ_MMIO)),
			-EINVAL);
	agx4_fw_obj_destroy(x);
	agx4_fw_obj_destroy(w);
}

#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
/*
 * Mapping scattered pages with each of its allocations failing in turn
 * (the object, its copy of the page list, the page tables): -ENOMEM, or
 * the object mapping exactly those pages when the allocation failed has
 * a fallback (kmemleak's metadata, when it is on); never an object
 * mapping other memory.  An alias whose record cannot be allocated is
 * not mapped.
 */
static void agx4_fw_obj_out_of_memory_fails_cleanly(struct kunit *test)
{
	static const struct agx4_uat_prot gpu_ro = {
		.access = AGX4_UAT_GPU, .perm = AGX4_UAT_RO,
		.memtype = AGX4_UAT_UNCACHED,
	};
	const u64 alias_va = 0x7001838000ull;
	struct obj_ctx *c = test->priv;
	const phys_addr_t pas[2] = { 0x380000000ull, 0x220000000ull };
	unsigned int n, enomem = 0;
	struct agx4_fw_obj *obj;
	phys_addr_t pa;
	bool hit;

	if (!agx4_test_failslab(test))
		kunit_skip(test, "no failslab in debugfs");
	for (n = 1; n < 100; n++) {
		agx4_test_fail_nth(n);
		obj = agx4_fw_obj_map_pages(&c->fwm, pas, 2, AGX4_FW_OBJ_MMIO);
		hit = agx4_test_fail_hit();
		if (IS_ERR(obj)) {
			KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(obj), -ENOMEM,
					    "allocation %u", n);
			KUNIT_EXPECT_EQ_MSG(test, c->fw.tables, 1,
					    "allocation %u", n);
			enomem++;
			continue;
		}
		fw_pte(test, &c->fw, obj->va, &pa);
		KUNIT_EXPECT_EQ_MSG(test, pa, pas[0], "allocation %u", n);
		fw_pte(test, &c->fw, obj->va + PG, &pa);
		KUNIT_EXPECT_EQ_MSG(test, pa, pas[1], "allocation %u", n);
		agx4_fw_obj_destroy(obj);
		if (!hit)
			break;
	}
	KUNIT_EXPECT_LT(test, n, 100);
	/* The object, the page list and two tables. */
	KUNIT_EXPECT_GE(test, enomem, 4);

	/* The alias's record is its first allocation. */
	obj = agx4_fw_obj_create(&c->fwm, PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, obj);
	agx4_test_fail_nth(1);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_alias(obj, &c->ctx0, alias_va,
						&gpu_ro), -ENOMEM);
	KUNIT_EXPECT_TRUE(test, agx4_test_fail_hit());
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->ctx0, alias_va, &pa,
						 NULL), -ENOENT);
	KUNIT_EXPECT_EQ(test, c->ctx0.tables, 1);
	agx4_fw_obj_destroy(obj);
}
#endif

static void agx4_fw_obj_space_exhaustion_is_enospc(struct kunit *test)
{
	struct obj_ctx *c = test->priv;
	struct agx4_fw_obj_heap small;
	struct agx4_fw_obj *a, *b, *d;

	/* Room for two one-page objects with their guard pages. */
	KUNIT_ASSERT_EQ(test, agx4_fw_obj_heap_init(&small, c->dev, &c->fw,
						    0xfffffc3000000000ull, 4 * PG),
			0);
	a = agx4_fw_obj_create(&small, PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	b = agx4_fw_obj_create(&small, PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	d = agx4_fw_obj_create(&small, PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(d), -ENOSPC);
	/* Nothing of the failed object is left in the tables. */
	KUNIT_EXPECT_EQ(test, c->fw.tables, 3);

	agx4_fw_obj_destroy(a);
	d = agx4_fw_obj_create(&small, PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, d);
	agx4_fw_obj_destroy(b);
	agx4_fw_obj_destroy(d);
	agx4_fw_obj_heap_fini(&small);

	/*
	 * Ranges outside the tree's half are refused: starting at its end,
	 * starting below it (in the low half), running past its end; and
	 * empty ranges and ranges not in whole 16 KiB pages.
	 */
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_heap_init(&small, c->dev, &c->fw, 0, PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_heap_init(&small, c->dev, &c->fw,
						    0x1000000000ull, PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_heap_init(&small, c->dev, &c->fw,
						    0xffffffffffffc000ull, 2 * PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_heap_init(&small, c->dev, &c->fw,
						    0xfffffc3000000000ull, 0),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_heap_init(&small, c->dev, &c->fw,
						    0xfffffc3000002000ull, PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_heap_init(&small, c->dev, &c->fw,
						    0xfffffc3000000000ull,
						    PG + PG / 2), -EINVAL);
}

/* Attributes the UAT cannot express: a GPU class with a firmware permission. */
static const struct agx4_uat_prot gpu_fw_only = {
	.access = AGX4_UAT_GPU, .perm = AGX4_UAT_FW_RW_GPU_RO,
	.memtype = AGX4_UAT_UNCACHED,
};

static void agx4_fw_obj_alias_follows_object(struct kunit *test)
{
	static const struct agx4_uat_prot gpu_ro = {
		.access = AGX4_UAT_GPU, .perm = AGX4_UAT_RO,
		.memtype = AGX4_UAT_UNCACHED,
	};
	struct obj_ctx *c = test->priv;
	const u64 alias_va = 0x7001838000ull;
	struct agx4_fw_obj *obj;
	phys_addr_t fw_pa, pa;
	u64 pte;

	obj = agx4_fw_obj_create(&c->fwm, 2 * PG, AGX4_FW_OBJ_SHARED, NULL,
				 NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, obj);
	KUNIT_ASSERT_EQ(test, agx4_fw_obj_alias(obj, &c->ctx0, alias_va,
						&gpu_ro), 0);
	fw_pte(test, &c->fw, obj->va + PG, &fw_pa);
	pte = fw_pte(test, &c->ctx0, alias_va + PG, &pa);
	KUNIT_EXPECT_EQ(test, pa, fw_pa);
	KUNIT_EXPECT_EQ(test, PTE_ATTRS(pte), 0x0080000000000c8bull);

	/* An alias needs expressible attributes and a free, valid range. */
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_alias(obj, &c->ctx0, 1ull << 42,
						&gpu_ro), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_alias(obj, &c->ctx0, alias_va + 8 * PG,
						&gpu_fw_only), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->ctx0, alias_va + 8 * PG,
						 &pa, NULL), -ENOENT);

	agx4_fw_obj_destroy(obj);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->ctx0, alias_va, &pa,
						 NULL), -ENOENT);
}

/*
 * A part of an object mapped elsewhere: the pages of that part, at the
 * address asked, and gone again once unmapped, while the object stays;
 * a part outside the object or not whole pages is refused.
 */
static void agx4_fw_obj_part_maps_only_that_part(struct kunit *test)
{
	static const struct agx4_uat_prot gpu_rw = {
		.access = AGX4_UAT_GPU, .perm = AGX4_UAT_RW,
		.memtype = AGX4_UAT_UNCACHED,
	};
	struct obj_ctx *c = test->priv;
	const u64 va = 0x7001838000ull;
	struct agx4_fw_obj *obj;
	phys_addr_t fw_pa, pa;

	obj = agx4_fw_obj_create(&c->fwm, 4 * PG, AGX4_FW_OBJ_SHARED, NULL,
				 NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, obj);
	KUNIT_ASSERT_EQ(test, agx4_fw_obj_map_part(obj, 2 * PG, 2 * PG,
						   &c->ctx0, va, &gpu_rw), 0);
	/* va maps the object's third page, va + PG its fourth. */
	fw_pte(test, &c->fw, obj->va + 2 * PG, &fw_pa);
	fw_pte(test, &c->ctx0, va, &pa);
	KUNIT_EXPECT_EQ(test, pa, fw_pa);
	fw_pte(test, &c->fw, obj->va + 3 * PG, &fw_pa);
	fw_pte(test, &c->ctx0, va + PG, &pa);
	KUNIT_EXPECT_EQ(test, pa, fw_pa);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->ctx0, va + 2 * PG, &pa,
						 NULL), -ENOENT);

	/* Past the object's end, not whole pages, empty, bad attributes. */
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_map_part(obj, 3 * PG, 2 * PG,
						   &c->ctx0, va + 8 * PG,
						   &gpu_rw), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_map_part(obj, 5 * PG, PG,
						   &c->ctx0, va + 8 * PG,
						   &gpu_rw), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_map_part(obj, PG / 2, PG,
						   &c->ctx0, va + 8 * PG,
						   &gpu_rw), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_map_part(obj, 0, 0, &c->ctx0,
						   va + 8 * PG, &gpu_rw),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_map_part(obj, 0, PG, &c->ctx0,
						   va + 8 * PG + 8, &gpu_rw),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_obj_map_part(obj, 0, PG, &c->ctx0,
						   va + 8 * PG, &gpu_fw_only),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->ctx0, va + 8 * PG, &pa,
						 NULL), -ENOENT);

	agx4_fw_obj_unmap_part(&c->ctx0, va, 2 * PG);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->ctx0, va, &pa, NULL),
			-ENOENT);
	fw_pte(test, &c->fw, obj->va + 2 * PG, &fw_pa);
	agx4_fw_obj_destroy(obj);
}

/*
 * An owned object at a fixed address, packed: zeroed, mapped with its
 * class's attributes, no guard page after it (the next object may start
 * right there), and the same refusals as the other fixed placements.
 */
static void agx4_fw_obj_create_at_packs_without_guard(struct kunit *test)
{
	struct obj_ctx *c = test->priv;
	const u64 at = FW_BASE + 0x200000;
	struct agx4_fw_obj *a, *b;
	phys_addr_t pa;

	a = agx4_fw_obj_create_at(&c->fwm, at, 2 * PG, AGX4_FW_OBJ_PRIVATE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	KUNIT_EXPECT_EQ(test, a->va, at);
	KUNIT_EXPECT_NULL(test, memchr_inv(a->cpu, 0, 2 * PG));
	fw_pte(test, &c->fw, at + PG, &pa);
	b = agx4_fw_obj_create_at(&c->fwm, at + 2 * PG, PG, AGX4_FW_OBJ_RO);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_EXPECT_EQ(test, b->va, at + 2 * PG);
	/* Taken, misaligned, outside the space, not an owned class. */
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create_at(&c->fwm, at + PG,
							    PG,
							    AGX4_FW_OBJ_SHARED)),
			-ENOSPC);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create_at(&c->fwm,
							    at + 0x800, PG,
							    AGX4_FW_OBJ_SHARED)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create_at(&c->fwm,
							    FW_BASE - PG, PG,
							    AGX4_FW_OBJ_SHARED)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create_at(&c->fwm,
							    FW_BASE + SZ_1G -
							    PG, 2 * PG,
							    AGX4_FW_OBJ_SHARED)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_fw_obj_create_at(&c->fwm, at + 8 * PG,
							    PG,
							    AGX4_FW_OBJ_MMIO)),
			-EINVAL);
	agx4_fw_obj_destroy(b);
	agx4_fw_obj_destroy(a);
}

static struct kunit_case agx4_fw_obj_cases[] = {
	KUNIT_CASE(agx4_fw_obj_object_mapped_with_class_attrs),
	KUNIT_CASE(agx4_fw_obj_guard_page_after_each_object),
	KUNIT_CASE(agx4_fw_obj_mmio_and_external_not_owned),
	KUNIT_CASE(agx4_fw_obj_map_pages_at_fixed_address),
	KUNIT_CASE(agx4_fw_obj_create_at_packs_without_guard),
	KUNIT_CASE(agx4_fw_obj_space_exhaustion_is_enospc),
#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
	KUNIT_CASE(agx4_fw_obj_out_of_memory_fails_cleanly),
#endif
	KUNIT_CASE(agx4_fw_obj_alias_follows_object),
	KUNIT_CASE(agx4_fw_obj_part_maps_only_that_part),
	{ }
};

static struct kunit_suite agx4_fw_obj_suite = {
	.name = "agx4_fw_obj",
	.init = obj_test_init,
	.exit = obj_test_exit,
	.test_cases = agx4_fw_obj_cases,
};

kunit_test_suite(agx4_fw_obj_suite);
