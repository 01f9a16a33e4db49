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
#include <drm/drm_managed.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw.h"
#include "../agx4_fw_mem.h"
#include "../agx4_fwmodel.h"
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
 * The register file and the firmware model of the running test.  KUnit
 * runs one case at a time, and every case that probes sets them first.
 */
static struct agx4_test_regs *current_regs;
static struct agx4_fwmodel *current_model;
static u32 *current_sgx;
static size_t current_sgx_size;
/* A fault to arm on the next model, and the handshake timeout to use. */
static enum agx4_fwmodel_fault next_fault;
static u32 next_fault_arg;
static unsigned int next_timeout_ms;

static void model_destroy(struct drm_device *drm, void *data)
{
	if (current_model == data) {
		current_model = NULL;
		current_sgx = NULL;
	}
	agx4_fwmodel_destroy(data);
}

/*
 * The probe's first step maps the registers: the GPU's firmware model is
 * made then, for the device being probed, and goes when the DRM device is
 * released: after its unplug, which shuts the firmware down, and after the
 * firmware address space, whose loader tables are the model's memory.
 */
static int fake_map_sgx(struct agx4_device *adev)
{
	struct kunit *test = kunit_get_current_test();
	enum agx4_fwmodel_gen gen = adev->plat.soc == AGX4_SOC_T8132 ?
				    AGX4_FWMODEL_G16 : AGX4_FWMODEL_G17P;
	struct agx4_fwmodel *m = agx4_fwmodel_create(adev->base.dev, gen);

	if (IS_ERR(m))
		return PTR_ERR(m);
	KUNIT_ASSERT_EQ(test, drmm_add_action_or_reset(&adev->base,
						       model_destroy, m), 0);
	current_model = m;
	current_sgx = agx4_fwmodel_sgx(m, &current_sgx_size);
	if (next_fault)
		agx4_fwmodel_inject(m, next_fault, next_fault_arg);
	return 0;
}

static u32 *sgx_word(u32 offset)
{
	struct kunit *test = kunit_get_current_test();

	if (!current_sgx || offset % 4 || offset >= current_sgx_size) {
		KUNIT_FAIL(test, "access to SGX+%#x", offset);
		return NULL;
	}
	return &current_sgx[offset / 4];
}

static void fake_write_sgx(struct agx4_device *adev, u32 offset, u32 value)
{
	u32 *w = sgx_word(offset);

	if (w)
		WRITE_ONCE(*w, value);
}

/* The transport is the model's; its events go wherever the device says. */
static void model_recv(void *cookie, unsigned int inst, u8 ep, u64 msg)
{
	struct agx4_device *adev = cookie;
	const struct agx4_fw_transport_events *ev = adev->transport.events;

	if (ev && ev->recv)
		ev->recv(adev->transport.cookie, inst, ep, msg);
}

static void model_crashed(void *cookie, unsigned int inst)
{
	struct agx4_device *adev = cookie;
	const struct agx4_fw_transport_events *ev = adev->transport.events;

	if (ev && ev->crashed)
		ev->crashed(adev->transport.cookie, inst);
}

static const struct agx4_fw_transport_events model_events = {
	.recv = model_recv,
	.crashed = model_crashed,
};

static int fake_transport_init(struct agx4_device *adev)
{
	if (!current_model)
		return -ENODEV;
	adev->transport.ops = &agx4_fwmodel_transport_ops;
	adev->transport.priv = current_model;
	adev->fw_timeout_ms = next_timeout_ms;
	agx4_fwmodel_attach(current_model, &model_events, adev);
	return 0;
}

/**
 * agx4_test_model() - the firmware model of the device the test probed
 *
 * Return: the model of the last probe's device, or NULL.
 */
struct agx4_fwmodel *agx4_test_model(void)
{
	return current_model;
}

/**
 * agx4_test_arm_model() - how the next probe's firmware must behave
 * @fault: a fault to inject as soon as the model exists, or
 *	%AGX4_FWMODEL_FAULT_NONE.
 * @arg: its argument.
 * @timeout_ms: the handshake timeout of the next probe (0: the driver's
 *	default).
 */
void agx4_test_arm_model(enum agx4_fwmodel_fault fault, u32 arg,
			 unsigned int timeout_ms)
{
	next_fault = fault;
	next_fault_arg = arg;
	next_timeout_ms = timeout_ms;
}

static u32 fake_read_sgx(struct agx4_device *adev, u32 offset)
{
	struct agx4_test_regs *r = current_regs;
	u32 *w;

	switch (offset) {
	case 0xd04000:
		return r->id;
	case 0xd04010:
		return r->counts;
	case 0xe01500:
		return r->core_mask;
	default:
		/* Anything else is the model's register file. */
		w = sgx_word(offset);
		return w ? READ_ONCE(*w) : 0;
	}
}

/* Pages fake_map_region() allocated and has not freed. */
static void *own_pages[32];

/* Remember @va (@add) or forget it; false when full, or not ours. */
static bool own_page(void *va, bool add)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(own_pages); i++) {
		if (own_pages[i] == (add ? NULL : va)) {
			own_pages[i] = add ? va : NULL;
			return true;
		}
	}
	return false;
}

/*
 * Reserved memory: one zeroed table page, so the loader's firmware tree is
 * an empty root; or, when the test's GPU has a firmware model, the memory
 * the model's boot loader left.
 */
static int fake_map_region(struct agx4_device *adev, enum agx4_mem id,
			   struct agx4_fw_mem_region *r)
{
	struct page *p;

	/* With a model, the loader's memory is the model's. */
	if (current_model) {
		size_t size;
		int ret;

		ret = agx4_fwmodel_region(current_model, agx4_of_mem_name(id),
					  &r->va, &r->pa, &size);
		r->size = size;
		return ret;
	}
	p = alloc_pages(GFP_KERNEL | __GFP_ZERO, get_order(AGX4_UAT_PAGE_SIZE));
	if (p && !own_page(page_address(p), true)) {
		__free_pages(p, get_order(AGX4_UAT_PAGE_SIZE));
		p = NULL;
	}

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
	/* Only what fake_map_region() allocated; the model's stays its own. */
	if (own_page(r->va, false))
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
	current_model = NULL;
	current_sgx = NULL;
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	kunit_activate_static_stub(test, agx4_device_map_sgx, fake_map_sgx);
	kunit_activate_static_stub(test, agx4_device_read_sgx, fake_read_sgx);
	kunit_activate_static_stub(test, agx4_device_write_sgx, fake_write_sgx);
	kunit_activate_static_stub(test, agx4_device_transport_init,
				   fake_transport_init);
	agx4_test_fake_memory(test);
	return r;
}
