// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Helpers shared by the agx4 KUnit suites.
 */

#include <kunit/device.h>
#include <kunit/static_stub.h>
#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/dma-mapping.h>
#include <linux/gfp.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw.h"
#include "../agx4_fw_mem.h"
#include "agx4_test_util.h"

const struct agx4_uat_geom agx4_test_g16_geom = {
	.levels = 3, .root_shift = 36, .root_entries = 64, .entries = 2048,
	.oa_bits = 42,
};

const struct agx4_uat_geom agx4_test_g13_geom = {
	.levels = 3, .root_shift = 36, .root_entries = 8, .entries = 2048,
	.oa_bits = 42,
};

/**
 * agx4_test_dma_device() - a device that page tables can be DMA-mapped for
 * @test: the test; the device goes with it.
 * @name: its name.
 *
 * Return: the device.
 */
struct device *agx4_test_dma_device(struct kunit *test, const char *name)
{
	struct device *dev = kunit_device_register(test, name);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	dev->dma_mask = &dev->coherent_dma_mask;
	KUNIT_ASSERT_EQ(test, dma_set_mask_and_coherent(dev, DMA_BIT_MASK(64)),
			0);
	return dev;
}

/**
 * agx4_test_drm_device() - an agx4 DRM device on a fake parent, not probed
 * @test: the test; the device goes with it.
 * @name: the parent's name, unique within the test.
 *
 * Return: the device.
 */
struct agx4_device *agx4_test_drm_device(struct kunit *test, const char *name)
{
	struct device *dev = agx4_test_dma_device(test, name);
	struct agx4_device *adev;

	adev = drm_kunit_helper_alloc_drm_device_with_driver(test, dev,
							     struct agx4_device,
							     base,
							     &agx4_drm_driver);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	adev->uat_geom = &agx4_test_g16_geom;
	return adev;
}

/*
 * The register file of the running test.  KUnit runs one case at a time,
 * and every case that probes sets it first.
 */
static struct agx4_test_regs *current_regs;

static int fake_map_sgx(struct agx4_device *adev)
{
	return 0;
}

static u32 fake_read_sgx(struct agx4_device *adev, u32 offset)
{
	struct agx4_test_regs *r = current_regs;

	switch (offset) {
	case 0xd04000:
		return r->id;
	case 0xd04010:
		return r->counts;
	case 0xe01500:
		return r->core_mask;
	default:
		/* A register no test expected the driver to read. */
		KUNIT_FAIL(kunit_get_current_test(), "read of SGX+%#x", offset);
		return 0;
	}
}

/*
 * Reserved memory: one zeroed table page, so the loader's firmware tree is
 * an empty root.
 */
static int fake_map_region(struct agx4_device *adev, enum agx4_mem id,
			   struct agx4_fw_mem_region *r)
{
	struct page *p = alloc_pages(GFP_KERNEL | __GFP_ZERO,
				     get_order(AGX4_UAT_PAGE_SIZE));

	if (!p)
		return -ENOMEM;
	r->va = page_address(p);
	r->pa = page_to_phys(p);
	r->size = AGX4_UAT_PAGE_SIZE;
	return 0;
}

static void fake_unmap_region(struct agx4_device *adev,
			      struct agx4_fw_mem_region *r)
{
	__free_pages(virt_to_page(r->va), get_order(AGX4_UAT_PAGE_SIZE));
}

/**
 * agx4_test_fake_memory() - give the probe reserved memory of the test's
 * @test: the test; the stubs go with it.
 */
void agx4_test_fake_memory(struct kunit *test)
{
	kunit_activate_static_stub(test, agx4_fw_mem_map_region, fake_map_region);
	kunit_activate_static_stub(test, agx4_fw_mem_unmap_region,
				   fake_unmap_region);
}

/**
 * agx4_test_device_memory() - run the memory step on a test device
 * @test: the test.
 * @adev: a device from agx4_test_drm_device(); it becomes a @gen device.
 * @gen: the generation.
 */
void agx4_test_device_memory(struct kunit *test, struct agx4_device *adev,
			     const struct agx4_fw_gen *gen)
{
	adev->gen = gen;
	adev->uat_geom = gen->uat_geom;
	agx4_test_fake_memory(test);
	KUNIT_ASSERT_EQ(test, agx4_fw_mem_init(adev), 0);
}

/**
 * agx4_test_fake_gpu() - answer the probe's register reads for this test
 * @test: the test; the stubs go with it.
 * @soc: the GPU to look like.
 *
 * Return: the registers, set to a good GPU (t8140: one die, one cluster of
 * six cores, revision 0x11), for the test to change.
 */
struct agx4_test_regs *agx4_test_fake_gpu(struct kunit *test,
					  enum agx4_soc_id soc)
{
	struct agx4_test_regs *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	if (soc == AGX4_SOC_T8132) {
		r->id = 0x10001000;
	} else {
		r->id = 0x0a001100;
		r->counts = 0x00010106;
		r->core_mask = 0xffffffff;
	}
	current_regs = r;
	kunit_activate_static_stub(test, agx4_device_map_sgx, fake_map_sgx);
	kunit_activate_static_stub(test, agx4_device_read_sgx, fake_read_sgx);
	agx4_test_fake_memory(test);
	return r;
}
