// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Helpers shared by the agx4 KUnit suites.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/dma-mapping.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
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
