// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_gem": buffer objects on a fake agx4 device.  Every
 * case ends by checking that no object is left alive.
 */

#include <kunit/test.h>
#include <linux/dma-buf.h>
#include <linux/dma-mapping.h>
#include <linux/file.h>
#include <linux/highmem.h>
#include <linux/iosys-map.h>
#include <linux/sizes.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_kunit_helpers.h>
#include <drm/drm_prime.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw_obj.h"
#include "../agx4_gem.h"
#include "agx4_test_util.h"

static int gem_test_init(struct kunit *test)
{
	test->priv = agx4_test_drm_device(test, "agx4_gem_test");
	return 0;
}

static void gem_test_exit(struct kunit *test)
{
	struct agx4_device *adev = test->priv;

	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&adev->gem_objects), 0,
			    "GEM objects leaked");
}

static void agx4_gem_size_rounds_up_to_16k(struct kunit *test)
{
	static const u64 sizes[][2] = {
		{ 1, 0x4000 }, { 0x4000, 0x4000 }, { 0x4001, 0x8000 },
		{ 0x123456, 0x124000 },
	};
	struct agx4_device *adev = test->priv;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		struct agx4_gem_object *bo;

		bo = agx4_gem_create(&adev->base, sizes[i][0], 0, NULL);
		KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bo);
		KUNIT_EXPECT_EQ(test, bo->base.base.size, sizes[i][1]);
		KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 1);
		drm_gem_object_put(&bo->base.base);
	}
}

static void agx4_gem_bad_arguments_are_einval(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_gem_object *root;

	root = agx4_gem_create(&adev->base, 0x4000, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, root);

	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_create(&adev->base, 0, 0, NULL)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_create(&adev->base,
						      AGX4_BO_MAX_SIZE + 1, 0,
						      NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_create(&adev->base, ~0ull, 0,
						      NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_create(&adev->base, 0x4000, 4,
						      NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_create(&adev->base, 0x4000,
						      AGX4_BO_VM_PRIVATE,
						      NULL)), -EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_create(&adev->base, 0x4000, 0,
						      &root->base.base)),
			-EINVAL);
	/* Only the root is alive. */
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 1);
	KUNIT_EXPECT_EQ(test, kref_read(&root->base.base.refcount), 1);
	drm_gem_object_put(&root->base.base);
}

static void agx4_gem_writeback_selects_cpu_caching(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_gem_object *wc, *wb;

	wc = agx4_gem_create(&adev->base, 0x4000, 0, NULL);
	wb = agx4_gem_create(&adev->base, 0x4000, AGX4_BO_WRITEBACK, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, wc);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, wb);
	KUNIT_EXPECT_TRUE(test, wc->base.map_wc);
	KUNIT_EXPECT_FALSE(test, wb->base.map_wc);
	KUNIT_EXPECT_EQ(test, wb->flags, AGX4_BO_WRITEBACK);
	drm_gem_object_put(&wc->base.base);
	drm_gem_object_put(&wb->base.base);
}

static void agx4_gem_vm_private_shares_resv_and_is_not_exported(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_gem_object *root, *priv, *pub;
	struct dma_buf *buf;

	root = agx4_gem_create(&adev->base, 0x4000, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, root);
	priv = agx4_gem_create(&adev->base, 0x8000, AGX4_BO_VM_PRIVATE,
			       &root->base.base);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, priv);
	KUNIT_EXPECT_PTR_EQ(test, priv->base.base.resv, root->base.base.resv);
	KUNIT_EXPECT_EQ(test, kref_read(&root->base.base.refcount), 2);

	buf = priv->base.base.funcs->export(&priv->base.base, O_RDWR);
	KUNIT_EXPECT_EQ(test, PTR_ERR(buf), -EINVAL);

	pub = agx4_gem_create(&adev->base, 0x4000, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, pub);
	KUNIT_EXPECT_PTR_NE(test, pub->base.base.resv, root->base.base.resv);
	buf = pub->base.base.funcs->export(&pub->base.base, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	/* The dma-buf keeps the object alive after the last handle. */
	drm_gem_object_put(&pub->base.base);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 3);
	dma_buf_put(buf);
	flush_delayed_fput();	/* the dma-buf's file goes in a work item */
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 2);

	/* The private object holds the VM root until it goes. */
	drm_gem_object_put(&root->base.base);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 2);
	drm_gem_object_put(&priv->base.base);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 0);
}

static void agx4_gem_handle_and_mmap_offset(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct drm_file *dfile;
	struct file *file;
	u64 off = 0, off2 = 0;
	u32 handle = 0;

	file = mock_drm_getfile(adev->base.primary, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, file);
	dfile = file->private_data;

	KUNIT_ASSERT_EQ(test, agx4_gem_create_with_handle(dfile, &adev->base,
							  0x10000, 0, NULL,
							  &handle), 0);
	KUNIT_EXPECT_NE(test, handle, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 1);
	KUNIT_EXPECT_EQ(test, agx4_gem_mmap_offset(dfile, handle, &off), 0);
	KUNIT_EXPECT_NE(test, off, 0);
	KUNIT_EXPECT_EQ(test, off % PAGE_SIZE, 0);
	/* Stable across calls. */
	KUNIT_EXPECT_EQ(test, agx4_gem_mmap_offset(dfile, handle, &off2), 0);
	KUNIT_EXPECT_EQ(test, off, off2);
	KUNIT_EXPECT_EQ(test, agx4_gem_mmap_offset(dfile, handle + 1, &off2),
			-ENOENT);

	/* A failed create leaves neither handle nor object. */
	KUNIT_EXPECT_EQ(test, agx4_gem_create_with_handle(dfile, &adev->base,
							  0, 0, NULL, &handle),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 1);

	/* Closing the file drops the handle and the object. */
	fput(file);
	flush_delayed_fput();
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 0);
}

static void agx4_gem_pages_pinned_by_sg_table(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_gem_object *bo;
	struct sg_table *sgt;

	bo = agx4_gem_create(&adev->base, 0x20000, AGX4_BO_WRITEBACK, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bo);
	sgt = drm_gem_shmem_get_pages_sgt(&bo->base);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, sgt);
	KUNIT_EXPECT_NOT_NULL(test, bo->base.pages);
	/* Plus, with pages under 16 KiB, the use its blocks hold. */
	KUNIT_EXPECT_EQ(test, bo->base.pages_use_count,
			min_t(unsigned int, SZ_16K / PAGE_SIZE, 2));
	drm_gem_object_put(&bo->base.base);
}

/*
 * With CPU pages under 16 KiB (this UML kernel) every GPU page of an
 * object is one naturally aligned, physically contiguous block from the
 * moment the object exists, so the address a GPU page table entry gives
 * reaches the object's own memory to the last byte: what is written at
 * the address of GPU page 1 plus 0x3ff8 is what the CPU reads at that
 * offset of the object, and the object lives and dies without a warning
 * from the shmem helper.
 */
static void agx4_gem_gpu_pages_are_contiguous_blocks(struct kunit *test)
{
	const unsigned int per = SZ_16K / PAGE_SIZE;
	struct agx4_device *adev = test->priv;
	struct agx4_gem_object *bo;
	struct iosys_map map;
	unsigned int i, j;
	u64 *cpu, got;

	if (PAGE_SIZE >= SZ_16K)
		kunit_skip(test, "CPU pages are at least 16 KiB");
	bo = agx4_gem_create(&adev->base, 3 * SZ_16K, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bo);
	KUNIT_ASSERT_NOT_NULL(test, bo->base.pages);
	for (i = 0; i < 3; i++) {
		phys_addr_t pa = agx4_gem_page_pa(bo, i);

		KUNIT_EXPECT_EQ(test, pa & (SZ_16K - 1), 0);
		for (j = 0; j < per; j++)
			KUNIT_EXPECT_EQ_MSG(test,
					    page_to_phys(bo->base.pages[i * per + j]),
					    pa + j * PAGE_SIZE, "GPU page %u", i);
	}

	cpu = kmap_local_page(pfn_to_page(PHYS_PFN(agx4_gem_page_pa(bo, 1) +
						   0x3ff8)));
	cpu[(0x3ff8 & (PAGE_SIZE - 1)) / sizeof(u64)] = 0x5ca1ab1e0ddba11ull;
	kunmap_local(cpu);
	KUNIT_ASSERT_EQ(test, drm_gem_vmap_unlocked(&bo->base.base, &map), 0);
	iosys_map_memcpy_from(&got, &map, SZ_16K + 0x3ff8, sizeof(got));
	drm_gem_vunmap_unlocked(&bo->base.base, &map);
	KUNIT_EXPECT_EQ(test, got, 0x5ca1ab1e0ddba11ull);
	drm_gem_object_put(&bo->base.base);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 0);
}

static void agx4_gem_bind_fw_maps_slice_for_firmware(struct kunit *test)
{
	/* The firmware's timestamp aperture. */
	const u64 window_base = 0xfffffc2181400000ull, pg = 0x4000;
	struct agx4_device *adev = test->priv;
	struct agx4_gem_fw_binding *b;
	struct agx4_gem_object *bo, *idle;
	struct agx4_fw_obj_heap *window;
	struct agx4_uat *fw;
	phys_addr_t pa;
	u64 pte;

	fw = kunit_kzalloc(test, sizeof(*fw), GFP_KERNEL);
	window = kunit_kzalloc(test, sizeof(*window), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fw);
	KUNIT_ASSERT_NOT_NULL(test, window);
	KUNIT_ASSERT_EQ(test, agx4_uat_init(fw, adev->base.dev, &agx4_test_g16_geom,
					    true), 0);
	KUNIT_ASSERT_EQ(test, agx4_fw_obj_heap_init(window, adev->base.dev, fw,
						    window_base, SZ_64M), 0);

	bo = agx4_gem_create(&adev->base, 4 * pg, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bo);
	b = agx4_gem_bind_fw(window, bo, pg, 2 * pg);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_EXPECT_GE(test, b->fw->va, window_base);
	KUNIT_EXPECT_LT(test, b->fw->va, window_base + SZ_64M);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(fw, b->fw->va, &pa, &pte), 0);
	KUNIT_EXPECT_EQ(test, pa, agx4_gem_page_pa(bo, 1));
	KUNIT_EXPECT_EQ(test, pte & ~GENMASK_ULL(41, 14), 0x00c000000000044bull);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(fw, b->fw->va + pg, &pa, NULL),
			0);
	KUNIT_EXPECT_EQ(test, pa, agx4_gem_page_pa(bo, 2));

	/*
	 * Slices that do not fit the object, refused before its pages are
	 * pinned: an object never bound has no scatter list made.
	 */
	idle = agx4_gem_create(&adev->base, 4 * pg, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, idle);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_bind_fw(window, idle, 0x1000, pg)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_bind_fw(window, idle, 0, 0)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_bind_fw(window, idle, pg, 4 * pg)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_gem_bind_fw(window, idle,
						       ~0ull - pg + 1, 2 * pg)),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, idle->base.sgt);
	drm_gem_object_put(&idle->base.base);

	/* The binding keeps the object after its last handle. */
	drm_gem_object_put(&bo->base.base);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 1);
	agx4_gem_unbind_fw(b);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->gem_objects), 0);
	KUNIT_EXPECT_EQ(test, fw->tables, 1);
	agx4_fw_obj_heap_fini(window);
	agx4_uat_fini(fw);
}

static void agx4_gem_prime_import_self_and_other_device(struct kunit *test)
{
	struct agx4_device *adev = test->priv;
	struct agx4_device *other = agx4_test_drm_device(test, "agx4_gem_other");
	struct drm_gem_object *self, *imp;
	struct agx4_gem_object *bo;
	struct dma_buf *buf;

	bo = agx4_gem_create(&adev->base, 0x8000, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bo);
	buf = drm_gem_prime_export(&bo->base.base, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);

	/* Into the same device: the object itself. */
	self = drm_gem_prime_import(&adev->base, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, self);
	KUNIT_EXPECT_PTR_EQ(test, self, &bo->base.base);
	drm_gem_object_put(self);

	/* Into another device: a new agx4 object over the same pages. */
	imp = drm_gem_prime_import(&other->base, buf);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, imp);
	KUNIT_EXPECT_TRUE(test, agx4_gem_is_agx4(imp));
	KUNIT_EXPECT_EQ(test, imp->size, 0x8000);
	KUNIT_EXPECT_EQ(test, to_agx4_bo(imp)->flags, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&other->gem_objects), 1);

	drm_gem_object_put(imp);
	dma_buf_put(buf);
	drm_gem_object_put(&bo->base.base);
	flush_delayed_fput();
	KUNIT_EXPECT_EQ(test, atomic_read(&other->gem_objects), 0);
}

static struct kunit_case agx4_gem_cases[] = {
	KUNIT_CASE(agx4_gem_size_rounds_up_to_16k),
	KUNIT_CASE(agx4_gem_bad_arguments_are_einval),
	KUNIT_CASE(agx4_gem_writeback_selects_cpu_caching),
	KUNIT_CASE(agx4_gem_vm_private_shares_resv_and_is_not_exported),
	KUNIT_CASE(agx4_gem_handle_and_mmap_offset),
	KUNIT_CASE(agx4_gem_pages_pinned_by_sg_table),
	KUNIT_CASE(agx4_gem_gpu_pages_are_contiguous_blocks),
	KUNIT_CASE(agx4_gem_bind_fw_maps_slice_for_firmware),
	KUNIT_CASE(agx4_gem_prime_import_self_and_other_device),
	{ }
};

static struct kunit_suite agx4_gem_suite = {
	.name = "agx4_gem",
	.init = gem_test_init,
	.exit = gem_test_exit,
	.test_cases = agx4_gem_cases,
};

kunit_test_suite(agx4_gem_suite);
