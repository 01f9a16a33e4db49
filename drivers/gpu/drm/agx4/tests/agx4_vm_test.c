// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_vm": VMs and VM_BIND operations on a fake agx4
 * device.  Mappings are checked by walking the VM's page tables; every
 * case puts what it made and checks that no object is left.
 */

#include <kunit/test.h>
#include <linux/dma-mapping.h>
#include <linux/sizes.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw_obj.h"
#include "../agx4_gem.h"
#include "../agx4_of.h"
#include "../agx4_vm.h"
#include "agx4_test_util.h"

#define PG		AGX4_UAT_PAGE_SIZE
#define VM_START	0x4000ull
#define VM_END		((1ull << 39) - 2 * PG)
#define KERN_START	(VM_END - SZ_32G)
#define RW		(AGX4_BIND_READ | AGX4_BIND_WRITE)
#define GPU_RW_ATTRS	0x00c0000000000c8bull

static int vm_test_init(struct kunit *test)
{
	test->priv = agx4_test_drm_device(test, "agx4_vm_test");
	return 0;
}

static struct agx4_vm *new_vm(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_vm *vm;

	vm = agx4_vm_create(&adev->base, &agx4_test_g16_geom, VM_START, VM_END,
			    KERN_START, VM_END);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vm);
	return vm;
}

static struct agx4_gem_object *new_bo(struct kunit *test, u64 pages)
{
	struct agx4_device *adev = test->priv;
	struct agx4_gem_object *bo;

	bo = agx4_gem_create(&adev->base, pages * PG, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bo);
	/* Pin the pages so the expected addresses can be read. */
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, drm_gem_shmem_get_pages_sgt(&bo->base));
	return bo;
}

static int bind1(struct agx4_vm *vm, u32 flags, struct agx4_gem_object *bo,
		 u64 offset, u64 addr, u64 range)
{
	struct agx4_vm_bind_op op = {
		.flags = flags, .obj = bo ? &bo->base.base : NULL,
		.offset = offset, .addr = addr, .range = range,
	};

	return agx4_vm_bind(vm, &op, 1);
}

static void expect_page(struct kunit *test, struct agx4_vm *vm, u64 va,
			struct agx4_gem_object *bo, u64 page)
{
	phys_addr_t pa = 0;

	KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(&vm->uat, va, &pa, NULL),
			    0, "va %llx", va);
	KUNIT_EXPECT_EQ_MSG(test, pa, agx4_gem_page_pa(bo, page), "va %llx",
			    va);
}

static void expect_hole(struct kunit *test, struct agx4_vm *vm, u64 va)
{
	phys_addr_t pa;

	KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(&vm->uat, va, &pa, NULL),
			    -ENOENT, "va %llx", va);
}

static void done(struct kunit *test, struct agx4_vm *vm,
		 struct agx4_gem_object **bos, unsigned int n)
{
	struct agx4_device *adev = test->priv;
	unsigned int i;

	for (i = 0; i < n; i++)
		drm_gem_object_put(&bos[i]->base.base);
	agx4_vm_put(vm);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&adev->gem_objects), 0,
			    "objects leaked");
}

static void agx4_vm_create_checks_carve_out(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	static const u64 bad[][2] = {
		{ VM_START - PG, VM_START + SZ_1G },	/* below the window */
		{ KERN_START, VM_END + PG },		/* above it */
		{ KERN_START, KERN_START + SZ_256M },	/* too small */
		{ KERN_START + 0x1000, VM_END },	/* misaligned */
		{ VM_END, KERN_START },			/* inverted */
	};
	struct agx4_vm *vm;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    PTR_ERR(agx4_vm_create(&adev->base,
							   &agx4_test_g16_geom, VM_START,
							   VM_END, bad[i][0],
							   bad[i][1])),
				    -EINVAL, "case %u", i);

	/* A window past what the page tables reach (2^39 bytes for G13). */
	KUNIT_EXPECT_EQ(test,
			PTR_ERR(agx4_vm_create(&adev->base, &agx4_test_g13_geom,
					       VM_START, (1ull << 39) + PG,
					       KERN_START, VM_END)),
			-EINVAL);
	vm = agx4_vm_create(&adev->base, &agx4_test_g13_geom, VM_START,
			    1ull << 39, KERN_START, VM_END);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vm);
	agx4_vm_put(vm);

	/* The smallest carve-out, at the bottom of the window. */
	vm = agx4_vm_create(&adev->base, &agx4_test_g16_geom, VM_START, VM_END, VM_START,
			    VM_START + AGX4_VM_KERNEL_MIN_SIZE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vm);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	agx4_vm_put(vm);
}

static void agx4_vm_bind_maps_object_pages(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 8);
	const u64 va = 0x1000000000ull;
	phys_addr_t pa;
	u64 pte, i;

	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo, 0, va, 8 * PG), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 1);
	for (i = 0; i < 8; i++)
		expect_page(test, vm, va + i * PG, bo, i);
	expect_hole(test, vm, va + 8 * PG);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(&vm->uat, va, &pa, &pte), 0);
	KUNIT_EXPECT_EQ(test, pte & ~GENMASK_ULL(41, 14), GPU_RW_ATTRS);

	/* Read-only and write-only mappings. */
	KUNIT_ASSERT_EQ(test, bind1(vm, AGX4_BIND_READ, bo, 2 * PG, va, PG), 0);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(&vm->uat, va, &pa, &pte), 0);
	KUNIT_EXPECT_EQ(test, pte & ~GENMASK_ULL(41, 14), 0x0080000000000c8bull);
	KUNIT_EXPECT_EQ(test, pa, agx4_gem_page_pa(bo, 2));
	KUNIT_ASSERT_EQ(test, bind1(vm, AGX4_BIND_WRITE, bo, 0, va + PG, PG), 0);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(&vm->uat, va + PG, &pa, &pte),
			0);
	KUNIT_EXPECT_EQ(test, pte & ~GENMASK_ULL(41, 14), 0x00a0000000000c8bull);
	done(test, vm, &bo, 1);
}

static void agx4_vm_partial_unbind_splits(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 8);
	const u64 va = SZ_32M - 4 * PG;		/* across a leaf table */
	u64 i;

	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo, 0, va, 8 * PG), 0);
	KUNIT_ASSERT_EQ(test, bind1(vm, AGX4_BIND_UNBIND, NULL, 0, va + 3 * PG,
				    2 * PG), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 2);
	for (i = 0; i < 8; i++) {
		if (i == 3 || i == 4)
			expect_hole(test, vm, va + i * PG);
		else
			expect_page(test, vm, va + i * PG, bo, i);
	}
	/* Unbinding holes and the rest. */
	KUNIT_EXPECT_EQ(test, bind1(vm, AGX4_BIND_UNBIND, NULL, 0, VM_START,
				    KERN_START - VM_START), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	KUNIT_EXPECT_EQ(test, vm->uat.tables, 1);
	done(test, vm, &bo, 1);
}

static void agx4_vm_bind_over_live_range_replaces(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo[2] = { new_bo(test, 8), new_bo(test, 2) };
	const u64 va = 0x2000000000ull;
	u64 i;

	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], 0, va, 8 * PG), 0);
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[1], 0, va + 2 * PG, 2 * PG), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 3);
	for (i = 0; i < 8; i++) {
		if (i == 2 || i == 3)
			expect_page(test, vm, va + i * PG, bo[1], i - 2);
		else
			expect_page(test, vm, va + i * PG, bo[0], i);
	}
	/* Same object again over the whole range merges nothing wrongly. */
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], 0, va, 8 * PG), 0);
	for (i = 0; i < 8; i++)
		expect_page(test, vm, va + i * PG, bo[0], i);
	done(test, vm, bo, 2);
}

static void agx4_vm_single_page_repeats(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 2);
	const u64 va = 0x100000000ull;
	u64 i;

	KUNIT_ASSERT_EQ(test, bind1(vm, RW | AGX4_BIND_SINGLE_PAGE, bo, PG, va,
				    100 * PG), 0);
	for (i = 0; i < 100; i += 9)
		expect_page(test, vm, va + i * PG, bo, 1);
	expect_page(test, vm, va + 99 * PG, bo, 1);
	done(test, vm, &bo, 1);
}

static void agx4_vm_huge_single_page_bind(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 1);
	const u64 va = 0x4000000000ull, size = 8ull << 30;

	KUNIT_ASSERT_EQ(test, bind1(vm, RW | AGX4_BIND_SINGLE_PAGE, bo, 0, va,
				    size), 0);
	KUNIT_EXPECT_EQ(test, vm->uat.tables, 258);
	expect_page(test, vm, va, bo, 0);
	expect_page(test, vm, va + size - PG, bo, 0);
	KUNIT_ASSERT_EQ(test, bind1(vm, AGX4_BIND_UNBIND, NULL, 0, va, size), 0);
	KUNIT_EXPECT_EQ(test, vm->uat.tables, 1);
	done(test, vm, &bo, 1);
}

/* Every malformed operation, alone: its errno, and nothing changes. */
struct bad_op {
	const char *name;
	u32 flags;
	bool obj;
	u64 offset;
	u64 addr;
	u64 range;
	int err;
};

static const struct bad_op bad_ops[] = {
	{ "addr misaligned", RW, true, 0, 0x1000002000ull, PG, -EINVAL },
	{ "range misaligned", RW, true, 0, 0x1000000000ull, 0x2000, -EINVAL },
	{ "offset misaligned", RW, true, 0x1000, 0x1000000000ull, PG, -EINVAL },
	{ "range zero", RW, true, 0, 0x1000000000ull, 0, -EINVAL },
	{ "addr+range overflows", RW, true, 0, ~0ull - PG + 1, 2 * PG, -EINVAL },
	{ "below the window", RW, true, 0, 0, PG, -EINVAL },
	{ "above the window", RW, true, 0, VM_END, PG, -EINVAL },
	{ "across the window end", RW, true, 0, VM_END - PG, 2 * PG, -EINVAL },
	{ "over the carve-out", RW, true, 0, KERN_START - PG, 2 * PG, -EINVAL },
	{ "inside the carve-out", RW, true, 0, KERN_START + SZ_1G, PG,
	  -EINVAL },
	{ "unknown flag", RW | 0x10, true, 0, 0x1000000000ull, PG, -EINVAL },
	{ "neither read nor write", 0, true, 0, 0x1000000000ull, PG, -EINVAL },
	{ "single page only", AGX4_BIND_SINGLE_PAGE, true, 0, 0x1000000000ull,
	  PG, -EINVAL },
	{ "no object", RW, false, 0, 0x1000000000ull, PG, -ENOENT },
	{ "beyond the object", RW, true, 0, 0x1000000000ull, 5 * PG, -EINVAL },
	{ "offset beyond the object", RW, true, 4 * PG, 0x1000000000ull, PG,
	  -EINVAL },
	{ "offset+range overflows", RW, true, ~0ull - PG + 1, 0x1000000000ull,
	  2 * PG, -EINVAL },
	{ "single page past the end", RW | AGX4_BIND_SINGLE_PAGE, true, 4 * PG,
	  0x1000000000ull, PG, -EINVAL },
	{ "unbind with an object", AGX4_BIND_UNBIND, true, 0, 0x1000000000ull,
	  PG, -EINVAL },
	{ "unbind with an offset", AGX4_BIND_UNBIND, false, PG, 0x1000000000ull,
	  PG, -EINVAL },
	{ "unbind with read", AGX4_BIND_UNBIND | AGX4_BIND_READ, false, 0,
	  0x1000000000ull, PG, -EINVAL },
	{ "unbind over the carve-out", AGX4_BIND_UNBIND, false, 0, KERN_START,
	  PG, -EINVAL },
	{ "unbind misaligned", AGX4_BIND_UNBIND, false, 0, 0x1000002000ull, PG,
	  -EINVAL },
};

static void bad_op_desc(const struct bad_op *t, char *desc)
{
	strscpy(desc, t->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bad_op, bad_ops, bad_op_desc);

static void agx4_vm_malformed_op_rejected_and_nothing_changes(struct kunit *test)
{
	const struct bad_op *t = test->param_value;
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 4);
	struct agx4_vm_bind_op ops[2] = {
		/* A good op first: it must not be applied either. */
		{ .flags = RW, .obj = &bo->base.base, .addr = 0x800000000ull,
		  .range = 4 * PG },
		{ .flags = t->flags, .obj = t->obj ? &bo->base.base : NULL,
		  .offset = t->offset, .addr = t->addr, .range = t->range },
	};

	KUNIT_EXPECT_EQ(test, agx4_vm_bind(vm, &ops[1], 1), t->err);
	KUNIT_EXPECT_EQ(test, agx4_vm_bind(vm, ops, 2), t->err);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	expect_hole(test, vm, 0x800000000ull);
	KUNIT_EXPECT_EQ(test, vm->uat.tables, 1);
	done(test, vm, &bo, 1);
}

static void agx4_vm_other_vms_private_object_rejected(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_vm *a = new_vm(test), *b = new_vm(test);
	struct agx4_gem_object *priv;

	priv = agx4_gem_create(&adev->base, PG, AGX4_BO_VM_PRIVATE,
			       a->base.r_obj);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, priv);
	KUNIT_EXPECT_EQ(test, bind1(b, RW, priv, 0, 0x100000000ull, PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, bind1(a, RW, priv, 0, 0x100000000ull, PG), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(a), 1);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(b), 0);
	agx4_vm_put(b);
	done(test, a, &priv, 1);
}

static void agx4_vm_failed_prepare_leaves_vm_unchanged(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 4);
	struct agx4_vm_bind_op ops[2] = {
		{ .flags = AGX4_BIND_UNBIND, .addr = 0x100000000ull,
		  .range = 4 * PG },
		{ .flags = RW, .obj = &bo->base.base, .addr = 1ull << 38,
		  .range = 4 * PG },
	};
	u64 i;

	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo, 0, 0x100000000ull, 4 * PG), 0);
	/* The second op needs two more tables; allow one. */
	vm->uat.max_tables = vm->uat.tables + 1;
	KUNIT_EXPECT_EQ(test, agx4_vm_bind(vm, ops, 2), -ENOMEM);
	/* The unbind before it did not happen either. */
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 1);
	for (i = 0; i < 4; i++)
		expect_page(test, vm, 0x100000000ull + i * PG, bo, i);
	expect_hole(test, vm, 1ull << 38);
	done(test, vm, &bo, 1);
}

static void agx4_vm_two_vms_same_va(struct kunit *test)
{
	struct agx4_vm *a = new_vm(test), *b = new_vm(test);
	struct agx4_gem_object *bo[2] = { new_bo(test, 1), new_bo(test, 1) };
	const u64 va = 0x300000000ull;

	KUNIT_ASSERT_EQ(test, bind1(a, RW, bo[0], 0, va, PG), 0);
	KUNIT_ASSERT_EQ(test, bind1(b, RW, bo[1], 0, va, PG), 0);
	expect_page(test, a, va, bo[0], 0);
	expect_page(test, b, va, bo[1], 0);
	agx4_vm_put(b);
	done(test, a, bo, 2);
}

static void agx4_vm_object_lives_while_mapped(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 2);

	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo, 0, 0x100000000ull, 2 * PG), 0);
	/* The last handle goes; the mapping keeps the object. */
	drm_gem_object_put(&bo->base.base);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 1);
	expect_page(test, vm, 0x100000000ull + PG, bo, 1);
	/* A queue still holds the VM after VM_DESTROY dropped the handle. */
	agx4_vm_get(vm);
	agx4_vm_put(vm);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 1);
	agx4_vm_put(vm);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 0);
}

static void agx4_vm_unmap_obj_removes_only_its_mappings(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo[2] = { new_bo(test, 4), new_bo(test, 1) };

	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], 0, 0x100000000ull, 4 * PG),
			0);
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], PG, 0x200000000ull, PG), 0);
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[1], 0, 0x300000000ull, PG), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 3);

	KUNIT_EXPECT_EQ(test, agx4_vm_unmap_obj(vm, &bo[0]->base.base), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 1);
	expect_hole(test, vm, 0x100000000ull);
	expect_hole(test, vm, 0x200000000ull);
	expect_page(test, vm, 0x300000000ull, bo[1], 0);
	/* Nothing mapped: nothing to do. */
	KUNIT_EXPECT_EQ(test, agx4_vm_unmap_obj(vm, &bo[0]->base.base), 0);
	done(test, vm, bo, 2);
}

#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
/* Out of memory, unmapping an object changes nothing; later it works. */
static void agx4_vm_unmap_obj_out_of_memory_unmaps_nothing(struct kunit *test)
{
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo[1] = { new_bo(test, 2) };
	int ret;

	if (!agx4_test_failslab(test))
		kunit_skip(test, "no failslab in debugfs");
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], 0, 0x100000000ull, PG), 0);
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], PG, 0x200000000ull, PG), 0);

	/* Its first allocation: the list of what to unmap. */
	agx4_test_fail_nth(1);
	ret = agx4_vm_unmap_obj(vm, &bo[0]->base.base);
	KUNIT_EXPECT_TRUE(test, agx4_test_fail_hit());
	KUNIT_EXPECT_EQ(test, ret, -ENOMEM);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 2);
	expect_page(test, vm, 0x100000000ull, bo[0], 0);
	expect_page(test, vm, 0x200000000ull, bo[0], 1);

	KUNIT_EXPECT_EQ(test, agx4_vm_unmap_obj(vm, &bo[0]->base.base), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	done(test, vm, bo, 1);
}
#endif

/* The backend's windows: no bind or unbind there, nor a carve-out over one. */
static void agx4_vm_reserved_windows_refuse_binds(struct kunit *test)
{
	static const struct agx4_range win[] = {
		{ .start = 0x7000000000ull, .size = 0x300000000ull },
	};
	struct agx4_device *adev = test->priv;
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo = new_bo(test, 2);
	struct agx4_vm *over;

	KUNIT_ASSERT_EQ(test, agx4_vm_reserve(vm, win, 1), 0);
	KUNIT_EXPECT_EQ(test, bind1(vm, RW, bo, 0, win[0].start, PG), -EINVAL);
	KUNIT_EXPECT_EQ(test, bind1(vm, RW, bo, 0, win[0].start - PG, 2 * PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, bind1(vm, RW, bo, 0,
				    win[0].start + win[0].size - PG, 2 * PG),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, bind1(vm, AGX4_BIND_UNBIND, NULL, 0,
				    win[0].start, PG), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	/* Right next to it, on both sides, is the user's. */
	KUNIT_EXPECT_EQ(test, bind1(vm, RW, bo, 0, win[0].start - 2 * PG,
				    2 * PG), 0);
	KUNIT_EXPECT_EQ(test, bind1(vm, RW, bo, 0, win[0].start + win[0].size,
				    2 * PG), 0);

	over = agx4_vm_create(&adev->base, &agx4_test_g16_geom, VM_START,
			      VM_END, win[0].start, win[0].start + SZ_4G);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, over);
	KUNIT_EXPECT_EQ(test, agx4_vm_reserve(over, win, 1), -EINVAL);
	agx4_vm_put(over);
	agx4_vm_put(vm);
	drm_gem_object_put(&bo->base.base);
}

/*
 * The backend maps its firmware objects in a VM only in the kernel
 * carve-out and its reserved windows, where no bind reaches; anywhere
 * else is refused and nothing is mapped.
 */
static void agx4_vm_backend_maps_only_in_its_own_ranges(struct kunit *test)
{
	static const struct agx4_range win[] = {
		{ .start = 0x7000000000ull, .size = 0x300000000ull },
	};
	static const struct agx4_uat_prot gpu_rw = {
		.access = AGX4_UAT_GPU, .perm = AGX4_UAT_RW,
		.memtype = AGX4_UAT_UNCACHED,
	};
	struct device *dev = agx4_test_dma_device(test, "agx4_vm_fw_test");
	struct agx4_vm *vm = new_vm(test);
	struct agx4_gem_object *bo[1];
	struct agx4_uat_window w;
	struct agx4_fw_obj_heap *fwm;
	struct agx4_fw_obj *obj;
	struct agx4_uat *fw;
	phys_addr_t pa;

	fw = kunit_kzalloc(test, sizeof(*fw), GFP_KERNEL);
	fwm = kunit_kzalloc(test, sizeof(*fwm), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fw);
	KUNIT_ASSERT_NOT_NULL(test, fwm);
	KUNIT_ASSERT_EQ(test, agx4_uat_init(fw, dev, &agx4_test_g16_geom,
					    true), 0);
	KUNIT_ASSERT_EQ(test, agx4_fw_obj_heap_init(fwm, dev, fw,
						    0xfffffc2200000000ull,
						    SZ_1G), 0);
	obj = agx4_fw_obj_create(fwm, 2 * PG, AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, obj);
	KUNIT_ASSERT_EQ(test, agx4_vm_reserve(vm, win, 1), 0);

	KUNIT_EXPECT_EQ(test, agx4_vm_map_fw_obj(vm, KERN_START + PG, obj, 0,
						 2 * PG, &gpu_rw), 0);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&vm->uat, KERN_START + 2 * PG,
						 &pa, NULL), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_map_fw_obj(vm, win[0].start, obj, PG, PG,
						 &gpu_rw), 0);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&vm->uat, win[0].start, &pa,
						 NULL), 0);
	/* The user's range, and ones straddling the carve-out's ends. */
	KUNIT_EXPECT_EQ(test, agx4_vm_map_fw_obj(vm, 0x200000000ull, obj, 0,
						 PG, &gpu_rw), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_vm_map_fw_obj(vm, KERN_START - PG, obj, 0,
						 2 * PG, &gpu_rw), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_vm_map_fw_obj(vm, VM_END - PG, obj, 0,
						 2 * PG, &gpu_rw), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&vm->uat, 0x200000000ull,
						 &pa, NULL), -ENOENT);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&vm->uat, KERN_START - PG,
						 &pa, NULL), -ENOENT);

	agx4_vm_unmap_fw(vm, KERN_START + PG, 2 * PG);
	agx4_vm_unmap_fw(vm, win[0].start, PG);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&vm->uat, KERN_START + PG,
						 &pa, NULL), -ENOENT);

	/*
	 * The backend's unmap of a user's range, or of one straddling the
	 * carve-out's start, leaves the user's pages mapped.
	 */
	bo[0] = new_bo(test, 2);
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], 0, 0x200000000ull, PG), 0);
	KUNIT_ASSERT_EQ(test, bind1(vm, RW, bo[0], PG, KERN_START - PG, PG), 0);
	agx4_vm_unmap_fw(vm, 0x200000000ull, PG);
	agx4_vm_unmap_fw(vm, KERN_START - PG, 2 * PG);
	expect_page(test, vm, 0x200000000ull, bo[0], 0);
	expect_page(test, vm, KERN_START - PG, bo[0], 1);

	/*
	 * A window only in the backend's ranges: not in a user's range, nor
	 * straddling the carve-out's start.
	 */
	w = (struct agx4_uat_window){};
	KUNIT_EXPECT_EQ(test, agx4_vm_pin_window(vm, &w, SZ_16G, SZ_32M),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_vm_pin_window(vm, &w,
						 round_down(KERN_START, SZ_32M),
						 2 * SZ_32M), -EINVAL);
	KUNIT_EXPECT_NULL(test, w.leaf);
	agx4_vm_unpin_window(vm, &w);
	KUNIT_ASSERT_EQ(test, agx4_vm_pin_window(vm, &w,
						 round_up(KERN_START, SZ_32M),
						 SZ_32M), 0);
	agx4_vm_unpin_window(vm, &w);

	agx4_fw_obj_destroy(obj);
	agx4_fw_obj_heap_fini(fwm);
	agx4_uat_fini(fw);
	done(test, vm, bo, 1);
}

static struct kunit_case agx4_vm_cases[] = {
	KUNIT_CASE(agx4_vm_create_checks_carve_out),
	KUNIT_CASE(agx4_vm_reserved_windows_refuse_binds),
	KUNIT_CASE(agx4_vm_backend_maps_only_in_its_own_ranges),
	KUNIT_CASE(agx4_vm_bind_maps_object_pages),
	KUNIT_CASE(agx4_vm_partial_unbind_splits),
	KUNIT_CASE(agx4_vm_bind_over_live_range_replaces),
	KUNIT_CASE(agx4_vm_single_page_repeats),
	KUNIT_CASE(agx4_vm_huge_single_page_bind),
	KUNIT_CASE_PARAM(agx4_vm_malformed_op_rejected_and_nothing_changes,
			 bad_op_gen_params),
	KUNIT_CASE(agx4_vm_other_vms_private_object_rejected),
	KUNIT_CASE(agx4_vm_failed_prepare_leaves_vm_unchanged),
	KUNIT_CASE(agx4_vm_two_vms_same_va),
	KUNIT_CASE(agx4_vm_object_lives_while_mapped),
	KUNIT_CASE(agx4_vm_unmap_obj_removes_only_its_mappings),
#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
	KUNIT_CASE(agx4_vm_unmap_obj_out_of_memory_unmaps_nothing),
#endif
	{ }
};

static struct kunit_suite agx4_vm_suite = {
	.name = "agx4_vm",
	.init = vm_test_init,
	.test_cases = agx4_vm_cases,
};

kunit_test_suite(agx4_vm_suite);
