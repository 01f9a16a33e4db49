// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_device": the probe and unplug of a device on a fake
 * parent device, and the probe-step engine's unwinding.
 */

#include <kunit/static_stub.h>
#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/gfp.h>
#include <linux/device.h>
#include <linux/string.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw.h"
#include "../agx4_fw_mem.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

static void agx4_device_probe_registers_asahi_render_node(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_device *adev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);

	KUNIT_EXPECT_TRUE(test, adev->base.registered);
	KUNIT_EXPECT_NOT_NULL(test, adev->base.render);
	KUNIT_EXPECT_STREQ(test, adev->base.driver->name, "asahi");
	KUNIT_EXPECT_TRUE(test, drm_core_check_feature(&adev->base,
						       DRIVER_RENDER));
	KUNIT_EXPECT_TRUE(test, drm_core_check_feature(&adev->base,
						       DRIVER_SYNCOBJ_TIMELINE));
	KUNIT_EXPECT_TRUE(test, drm_core_check_feature(&adev->base,
						       DRIVER_GEM_GPUVA));
	KUNIT_EXPECT_FALSE(test, drm_core_check_feature(&adev->base,
							DRIVER_MODESET));
	KUNIT_EXPECT_EQ(test, adev->plat.chip_id, 0x8132);
	KUNIT_EXPECT_FALSE(test, drm_dev_is_unplugged(&adev->base));
}

static void agx4_device_unplug_is_idempotent(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct agx4_device *adev;
	int idx;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8140);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_ASSERT_TRUE(test, drm_dev_enter(&adev->base, &idx));
	drm_dev_exit(idx);

	agx4_device_unplug(adev);
	KUNIT_EXPECT_TRUE(test, drm_dev_is_unplugged(&adev->base));
	KUNIT_EXPECT_FALSE(test, adev->base.registered);
	KUNIT_EXPECT_EQ(test, adev->steps_done, 0);
	KUNIT_EXPECT_FALSE(test, drm_dev_enter(&adev->base, &idx));

	/* Again, and once more by the devm action when the device goes. */
	agx4_device_unplug(adev);
	KUNIT_EXPECT_TRUE(test, adev->unplug.done);
	KUNIT_EXPECT_EQ(test, adev->steps_done, 0);
}

/*
 * Probe @dt on @dev and expect @err; release what the failed probe left,
 * as the driver core does, so the parent can probe again.
 */
static void expect_probe_fails(struct kunit *test, struct device *dev,
			       struct agx4_test_dt *dt, int err,
			       const char *what)
{
	struct agx4_device *adev;
	void *group;

	group = devres_open_group(dev, NULL, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, group);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_EXPECT_EQ_MSG(test, PTR_ERR_OR_ZERO(adev), err, "%s", what);
	devres_release_group(dev, group);
}

static void agx4_device_probe_with_bad_dt_fails_cleanly(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_device *adev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	agx4_test_dt_del(dt, "apple,firmware-build");
	expect_probe_fails(test, dev, dt, -ENOENT, "no firmware build");

	/* The same parent can probe again once the node is fixed. */
	agx4_test_dt_set_str(test, dt, "apple,firmware-build",
			     "mBoot-18000.161.10");
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_EXPECT_TRUE(test, adev->base.registered);
}

static void agx4_device_probe_refuses_unknown_firmware(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_dt_set_str(test, dt, "apple,firmware-build",
			     "mBoot-19000.1.1");
	expect_probe_fails(test, dev, dt, -EOPNOTSUPP, "unknown build");
}

static void agx4_device_probe_identifies_gpu(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *g16 = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_test_dt *g17p = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct agx4_device *adev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	adev = agx4_device_create(dev, &g16->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	/* t8132: fixed topology, core mask and top frequency from the DT. */
	KUNIT_EXPECT_EQ(test, adev->info.num_dies, 1);
	KUNIT_EXPECT_EQ(test, adev->info.num_clusters, 1);
	KUNIT_EXPECT_EQ(test, adev->info.cores_per_cluster, 10);
	KUNIT_EXPECT_EQ(test, adev->info.core_mask, 0x3ff);
	KUNIT_EXPECT_EQ(test, adev->info.max_freq_khz, 1470000);
	agx4_device_unplug(adev);

	/* t8140: from the ID registers; the mask is cut to the cores. */
	agx4_test_fake_gpu(test, AGX4_SOC_T8140);
	adev = agx4_device_create(dev, &g17p->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_EXPECT_EQ(test, adev->info.revision, 0x11);
	KUNIT_EXPECT_EQ(test, adev->info.cores_per_cluster, 6);
	KUNIT_EXPECT_EQ(test, adev->info.core_mask, 0x3f);
	KUNIT_EXPECT_EQ(test, adev->info.max_freq_khz, 1600000);
	agx4_device_unplug(adev);
}

static void agx4_device_probe_refuses_unknown_gpu(struct kunit *test)
{
	static const struct {
		const char *what;
		enum agx4_soc_id soc;
		u32 id;
		u32 counts;
	} bad[] = {
		{ "t8132 ID 0", AGX4_SOC_T8132, 0, 0 },
		{ "t8132 ID all ones", AGX4_SOC_T8132, ~0u, 0 },
		{ "t8140 family 9", AGX4_SOC_T8140, 0x09001100, 0x00010106 },
		{ "t8140 bits 23..16 set", AGX4_SOC_T8140, 0x0a011100,
		  0x00010106 },
		{ "t8140 two dies", AGX4_SOC_T8140, 0x0a001100, 0x00020106 },
		{ "t8140 two clusters", AGX4_SOC_T8140, 0x0a001100, 0x00010206 },
		{ "t8140 no cores", AGX4_SOC_T8140, 0x0a001100, 0x00010100 },
		{ "t8140 33 cores", AGX4_SOC_T8140, 0x0a001100, 0x00010121 },
	};
	struct device *dev = drm_kunit_helper_alloc_device(test);
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct agx4_test_dt *dt = agx4_test_dt_alloc(test, bad[i].soc);
		struct agx4_test_regs *r = agx4_test_fake_gpu(test, bad[i].soc);

		r->id = bad[i].id;
		r->counts = bad[i].counts;
		expect_probe_fails(test, dev, dt, -ENODEV, bad[i].what);
	}
}

/* The step engine, on a table of steps that record what they did. */

#define NSTEPS 4

struct step_log {
	int fail_at;
	int calls[2 * NSTEPS];
	int ncalls;
};

static struct step_log *step_log(void)
{
	return kunit_get_current_test()->priv;
}

static int step_init(int i)
{
	struct step_log *log = step_log();

	log->calls[log->ncalls++] = i + 1;
	return i == log->fail_at ? -100 - i : 0;
}

static void step_fini(int i)
{
	struct step_log *log = step_log();

	log->calls[log->ncalls++] = -(i + 1);
}

static int step0_init(struct agx4_device *adev)
{
	return step_init(0);
}

static void step0_fini(struct agx4_device *adev)
{
	step_fini(0);
}

static int step1_init(struct agx4_device *adev)
{
	return step_init(1);
}

static void step1_fini(struct agx4_device *adev)
{
	step_fini(1);
}

static int step2_init(struct agx4_device *adev)
{
	return step_init(2);
}

static int step3_init(struct agx4_device *adev)
{
	return step_init(3);
}

static void step3_fini(struct agx4_device *adev)
{
	step_fini(3);
}

static const struct agx4_init_step test_steps[NSTEPS] = {
	{ "zero", step0_init, step0_fini },
	{ "one", step1_init, step1_fini },
	{ "two", step2_init, NULL },	/* nothing to undo */
	{ "three", step3_init, step3_fini },
};

static const int fail_points[] = { 0, 1, 2, 3, NSTEPS };

static void fail_point_desc(const int *p, char *desc)
{
	if (*p == NSTEPS)
		strscpy(desc, "no step fails", KUNIT_PARAM_DESC_SIZE);
	else
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "step %d fails", *p);
}

KUNIT_ARRAY_PARAM(fail_point, fail_points, fail_point_desc);

static void agx4_device_failed_step_unwinds_in_reverse(struct kunit *test)
{
	int fail_at = *(const int *)test->param_value;
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_device *adev;
	struct step_log *log;
	int expect[2 * NSTEPS], n = 0, i, ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	adev = drm_kunit_helper_alloc_drm_device_with_driver(test, dev,
							     struct agx4_device,
							     base,
							     &agx4_drm_driver);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	log = kunit_kzalloc(test, sizeof(*log), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, log);
	log->fail_at = fail_at;
	test->priv = log;

	ret = agx4_device_run_steps(adev, test_steps, NSTEPS);

	/* Steps 0..fail_at run; those that completed are undone, last first. */
	for (i = 0; i <= fail_at && i < NSTEPS; i++)
		expect[n++] = i + 1;
	if (fail_at < NSTEPS) {
		KUNIT_EXPECT_EQ(test, ret, -100 - fail_at);
		for (i = fail_at - 1; i >= 0; i--)
			if (test_steps[i].fini)
				expect[n++] = -(i + 1);
		KUNIT_EXPECT_EQ(test, adev->steps_done, 0);
	} else {
		KUNIT_EXPECT_EQ(test, ret, 0);
		KUNIT_EXPECT_EQ(test, adev->steps_done, NSTEPS);
		/* And a later undo takes everything down, last first. */
		agx4_device_undo_steps(adev, test_steps);
		for (i = NSTEPS - 1; i >= 0; i--)
			if (test_steps[i].fini)
				expect[n++] = -(i + 1);
		KUNIT_EXPECT_EQ(test, adev->steps_done, 0);
	}
	KUNIT_ASSERT_EQ(test, log->ncalls, n);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, log->calls[i], expect[i], "call %d", i);
}

static void agx4_device_probe_adopts_loader_firmware_tree(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct agx4_device *adev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_ASSERT_NOT_NULL(test, adev->mem);
	/* The root is the loader's, the region's first page. */
	KUNIT_EXPECT_EQ(test, adev->mem->fw_uat.root_pa, adev->mem->pagetables.pa);
	KUNIT_EXPECT_PTR_EQ(test, (void *)adev->mem->fw_uat.root,
			    adev->mem->pagetables.va);
	KUNIT_EXPECT_EQ(test, adev->mem->heap.base, adev->gen->fw_heap.start);
	KUNIT_EXPECT_EQ(test, adev->mem->ts.base, adev->gen->ts_aperture.start);
	KUNIT_EXPECT_EQ(test, adev->mem->ts.size, adev->gen->ts_aperture.size);
}

/* Reserved memory whose loader tree holds a block descriptor. */
static int maps_live;
static int bad_tree_map(struct agx4_device *adev, enum agx4_mem id,
			struct agx4_fw_mem_region *r)
{
	struct page *p = alloc_pages(GFP_KERNEL | __GFP_ZERO, 2);
	u64 *root;

	if (!p)
		return -ENOMEM;
	r->va = page_address(p);
	r->pa = page_to_phys(p);
	r->size = 4 * PAGE_SIZE;
	root = r->va;
	root[3] = 0x40000000ull | 1;	/* valid, not a table */
	maps_live++;
	return 0;
}

static void bad_tree_unmap(struct agx4_device *adev, struct agx4_fw_mem_region *r)
{
	__free_pages(virt_to_page(r->va), 2);
	maps_live--;
}

static int no_region_map(struct agx4_device *adev, enum agx4_mem id,
			 struct agx4_fw_mem_region *r)
{
	return -ENODEV;
}

static void agx4_device_probe_refuses_bad_loader_tree(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	maps_live = 0;
	kunit_activate_static_stub(test, agx4_fw_mem_map_region, bad_tree_map);
	kunit_activate_static_stub(test, agx4_fw_mem_unmap_region,
				   bad_tree_unmap);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_device_create(dev, &dt->src)),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, maps_live, 0);

	kunit_activate_static_stub(test, agx4_fw_mem_map_region, no_region_map);
	KUNIT_EXPECT_EQ(test, PTR_ERR(agx4_device_create(dev, &dt->src)),
			-ENODEV);
}

static struct kunit_case agx4_device_cases[] = {
	KUNIT_CASE(agx4_device_probe_registers_asahi_render_node),
	KUNIT_CASE(agx4_device_unplug_is_idempotent),
	KUNIT_CASE(agx4_device_probe_with_bad_dt_fails_cleanly),
	KUNIT_CASE(agx4_device_probe_refuses_unknown_firmware),
	KUNIT_CASE(agx4_device_probe_identifies_gpu),
	KUNIT_CASE(agx4_device_probe_refuses_unknown_gpu),
	KUNIT_CASE(agx4_device_probe_adopts_loader_firmware_tree),
	KUNIT_CASE(agx4_device_probe_refuses_bad_loader_tree),
	KUNIT_CASE_PARAM(agx4_device_failed_step_unwinds_in_reverse,
			 fail_point_gen_params),
	{ }
};

static struct kunit_suite agx4_device_suite = {
	.name = "agx4_device",
	.test_cases = agx4_device_cases,
};

kunit_test_suite(agx4_device_suite);

MODULE_DESCRIPTION("KUnit tests for agx4");
MODULE_LICENSE("Dual MIT/GPL");
MODULE_IMPORT_NS(EXPORTED_FOR_KUNIT_TESTING);
MODULE_IMPORT_NS(DRM_AGX4);
MODULE_IMPORT_NS(DMA_BUF);
