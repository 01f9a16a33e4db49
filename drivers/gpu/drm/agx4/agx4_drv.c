// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/math64.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/platform_device.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>

#include <kunit/visibility.h>

#ifdef CONFIG_ARM64
#include <asm/arch_timer.h>
#endif
#include <uapi/drm/asahi_drm.h>

#include "agx4_device.h"
#include "agx4_drv.h"
#include "agx4_fw.h"
#include "agx4_file.h"
#include "agx4_gem.h"
#include "agx4_queue.h"
#include "agx4_cmdbuf.h"
#include "agx4_vm.h"
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

/**
 * agx4_ticks_to_ns() - a counter value in nanoseconds
 * @ticks: counter value.
 * @rate: its frequency in Hz; 0 for a counter that does not run.
 *
 * The product is formed in 128 bits: ticks * 10^9 passes 2^64 after
 * twelve minutes at 24 MHz.
 *
 * Return: @ticks in ns, 0 when @rate is 0.
 */
VISIBLE_IF_KUNIT __maybe_unused u64 agx4_ticks_to_ns(u64 ticks, u32 rate)
{
	return rate ? mul_u64_u32_div(ticks, NSEC_PER_SEC, rate) : 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ticks_to_ns);

/**
 * agx4_ioctl_get_time() - DRM_IOCTL_ASAHI_GET_TIME
 * @drm: the device.
 * @data: &struct drm_asahi_get_time.
 * @file: the client.
 *
 * The GPU shares the SoC's reference counter with the CPU; its time is
 * that counter (CNTPCT_EL0) in nanoseconds.  Where there is no such
 * counter (COMPILE_TEST builds) the raw monotonic clock stands in.
 *
 * Return: 0, or -EINVAL for non-zero flags.
 */
VISIBLE_IF_KUNIT int agx4_ioctl_get_time(struct drm_device *drm, void *data,
					 struct drm_file *file)
{
	struct drm_asahi_get_time *args = data;

	if (args->flags)
		return -EINVAL;
#ifdef CONFIG_ARM64
	/* CNTPCT_EL0 at CNTFRQ_EL0 (24 MHz on Apple SoCs). */
	args->gpu_timestamp = agx4_ticks_to_ns(__arch_counter_get_cntpct(),
					       arch_timer_get_cntfrq());
#else
	args->gpu_timestamp = ktime_get_raw_ns();
#endif
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_get_time);

/**
 * agx4_ioctl_get_params() - DRM_IOCTL_ASAHI_GET_PARAMS
 * @drm: the device.
 * @data: &struct drm_asahi_get_params.
 * @file: the client.
 *
 * Writes min(size, sizeof(struct drm_asahi_params_global)) bytes: an older
 * userspace gets a prefix, a newer one keeps what it had beyond.
 *
 * Return: 0; -EINVAL for a parameter group other than 0 or a non-zero
 * pad; -ENODEV for a device that was never identified; -EFAULT.
 */
VISIBLE_IF_KUNIT int agx4_ioctl_get_params(struct drm_device *drm, void *data,
					   struct drm_file *file)
{
	struct drm_asahi_get_params *args = data;
	struct agx4_device *adev = to_agx4_device(drm);
	const struct agx4_gpu_info *info = &adev->info;
	struct drm_asahi_params_global p;

	if (args->param_group || args->pad)
		return -EINVAL;
	if (!adev->gen || !info->num_clusters)
		return -ENODEV;

	memset(&p, 0, sizeof(p));
	p.features = 0;	/* soft faults are not enabled */
	p.gpu_generation = adev->gen->gpu_generation;
	p.gpu_variant = adev->gen->gpu_variant;
	p.gpu_revision = info->revision;
	p.chip_id = adev->plat.chip_id;
	p.num_dies = info->num_dies;
	p.num_clusters_total = info->num_clusters;
	p.num_cores_per_cluster = info->cores_per_cluster;
	p.max_frequency_khz = info->max_freq_khz;
	p.core_masks[0] = info->core_mask;
	p.vm_start = AGX4_VM_START;
	p.vm_end = AGX4_VM_END;
	p.vm_kernel_min_size = AGX4_VM_KERNEL_MIN_SIZE;
	p.max_commands_per_submission = AGX4_MAX_COMMANDS;
	p.max_attachments = AGX4_MAX_ATTACHMENTS;
	/* M: the reference firmware's timestamps are in nanoseconds. */
	p.command_timestamp_frequency_hz = NSEC_PER_SEC;

	if (copy_to_user(u64_to_user_ptr(args->pointer), &p,
			 min_t(u64, args->size, sizeof(p))))
		return -EFAULT;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_ioctl_get_params);

#define AGX4_IOCTL(name, func, flags) \
	DRM_IOCTL_DEF_DRV(ASAHI_##name, func, flags)

/* Indexed by the UAPI's ioctl ids.  The flags are upstream's. */
static const struct drm_ioctl_desc agx4_ioctls[] = {
	AGX4_IOCTL(GET_PARAMS, agx4_ioctl_get_params, DRM_RENDER_ALLOW),
	AGX4_IOCTL(GET_TIME, agx4_ioctl_get_time, DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(VM_CREATE, agx4_ioctl_vm_create,
		   DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(VM_DESTROY, agx4_ioctl_vm_destroy,
		   DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(VM_BIND, agx4_ioctl_vm_bind, DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(GEM_CREATE, agx4_ioctl_gem_create,
		   DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(GEM_MMAP_OFFSET, agx4_ioctl_gem_mmap_offset,
		   DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(GEM_BIND_OBJECT, agx4_ioctl_gem_bind_object,
		   DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(QUEUE_CREATE, agx4_ioctl_queue_create,
		   DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(QUEUE_DESTROY, agx4_ioctl_queue_destroy,
		   DRM_AUTH | DRM_RENDER_ALLOW),
	AGX4_IOCTL(SUBMIT, agx4_ioctl_submit, DRM_AUTH | DRM_RENDER_ALLOW),
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
	.open = agx4_file_open,
	.postclose = agx4_file_postclose,
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
