// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>

#include <kunit/visibility.h>

#include "agx4_device.h"
#include "agx4_drv.h"
#include "agx4_gem.h"
#include "agx4_of.h"

/*
 * Mesa's asahi driver finds its device by this name, so it is the
 * upstream driver's, as are the description and the version: the UAPI is
 * upstream's (include/uapi/drm/asahi_drm.h) and every addition to it bumps
 * the minor number.
 */
#define AGX4_DRM_NAME		"asahi"
#define AGX4_DRM_DESC		"Apple AGX Graphics"
#define AGX4_DRM_DATE		"20261201"
#define AGX4_DRM_MAJOR		0
#define AGX4_DRM_MINOR		0
#define AGX4_DRM_PATCHLEVEL	0

/* The UAPI's ioctls land here with the units that implement them. */
static const struct drm_ioctl_desc agx4_ioctls[] = {
};

DEFINE_DRM_GEM_FOPS(agx4_drm_fops);

/*
 * Render node only, GEM, binary and timeline syncobjs, GPU VA management:
 * the feature set Mesa expects of the asahi driver.
 */
const struct drm_driver agx4_drm_driver = {
	.driver_features = DRIVER_GEM | DRIVER_RENDER | DRIVER_SYNCOBJ |
			   DRIVER_SYNCOBJ_TIMELINE | DRIVER_GEM_GPUVA,
	.ioctls = agx4_ioctls,
	.num_ioctls = ARRAY_SIZE(agx4_ioctls),
	.fops = &agx4_drm_fops,
	.gem_create_object = agx4_gem_create_object,
	.gem_prime_import_sg_table = drm_gem_shmem_prime_import_sg_table,
	.name = AGX4_DRM_NAME,
	.desc = AGX4_DRM_DESC,
	.date = AGX4_DRM_DATE,
	.major = AGX4_DRM_MAJOR,
	.minor = AGX4_DRM_MINOR,
	.patchlevel = AGX4_DRM_PATCHLEVEL,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_drm_driver);

static int agx4_probe(struct platform_device *pdev)
{
	struct agx4_dt_source src;
	struct agx4_device *adev;

	agx4_of_source_init(&src, &pdev->dev);
	adev = agx4_device_create(&pdev->dev, &src);
	if (IS_ERR(adev))
		return dev_err_probe(&pdev->dev, PTR_ERR(adev),
				     "probe failed\n");
	platform_set_drvdata(pdev, adev);
	return 0;
}

static void agx4_remove(struct platform_device *pdev)
{
	agx4_device_unplug(platform_get_drvdata(pdev));
}

static const struct of_device_id agx4_of_match[] = {
	{ .compatible = "apple,agx-t8132" },
	{ .compatible = "apple,agx-t8140" },
	{ }
};
MODULE_DEVICE_TABLE(of, agx4_of_match);

static struct platform_driver agx4_platform_driver = {
	.driver = {
		.name = "agx4",
		.of_match_table = agx4_of_match,
	},
	.probe = agx4_probe,
	.remove = agx4_remove,
};
module_platform_driver(agx4_platform_driver);

MODULE_AUTHOR("The agx4 authors");
MODULE_DESCRIPTION("DRM driver for the Apple M4 and A18 Pro GPUs (asahi UAPI)");
MODULE_LICENSE("Dual MIT/GPL");
