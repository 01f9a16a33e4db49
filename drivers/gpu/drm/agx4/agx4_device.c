// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/devcoredump.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/mutex.h>
#include <linux/string.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_drv.h"
#include "agx4_fw.h"
#include "agx4_fw_gen.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_decode.h"
#include "agx4_job.h"
#include "agx4_recovery.h"
#include "agx4_reset.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"

/**
 * DOC: device lifetime
 *
 * The probe is a table of steps (&struct agx4_init_step), each bringing
 * one unit up and each with its undo.  agx4_device_create() parses the
 * device tree, then runs the steps in order; when step N fails, steps
 * N-1..0 are undone in reverse and nothing is left behind: memory of the
 * device itself is managed (devm/drmm) and goes with the failed probe.
 *
 * Registering the DRM device is the last step, so userspace only sees a
 * device that is fully up, and it is the first thing undone.
 * agx4_device_unplug() undoes every completed step in reverse.  It is
 * serialised by &agx4_device.unplug.lock and idempotent, because the
 * platform remove and a failed firmware restart may both call it.
 *
 * drm_dev_enter() discipline: undoing the DRM step calls drm_dev_unplug(),
 * which waits for every drm_dev_enter() section to end and makes every
 * later drm_dev_enter() fail.  Every path that touches the hardware, the
 * firmware or memory shared with it (ioctls, doorbells, interrupt and
 * mailbox work, debugfs) runs inside drm_dev_enter() / drm_dev_exit(), so
 * once unplug passes the DRM step no such path can run, and the remaining
 * steps tear the units down without racing them.  The job unit's run_job
 * and completion scan are the exception: they reach the firmware's memory
 * under the job unit's lock, run_job only while the device is not going
 * (agx4_job_unplug(), which undoing the DRM step calls before
 * drm_dev_unplug()), both only until agx4_job_fini() stops the unit,
 * before the firmware goes; their doorbells are rung inside
 * drm_dev_enter().  Paths that only release memory (GEM free, file close)
 * do not need it.
 */

/**
 * agx4_device_undo_steps() - undo the completed probe steps, in reverse
 * @adev: the device.
 * @steps: the table that agx4_device_run_steps() ran.
 */
AGX4_VISIBLE_IF_TEST void agx4_device_undo_steps(struct agx4_device *adev,
						 const struct agx4_init_step *steps)
{
	while (adev->steps_done) {
		const struct agx4_init_step *s = &steps[--adev->steps_done];

		if (s->fini)
			s->fini(adev);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_undo_steps);

/**
 * agx4_device_run_steps() - run probe steps in order
 * @adev: the device; its @steps_done must be 0.
 * @steps: the table.
 * @n: entries in @steps.
 *
 * On failure, the steps that completed are undone in reverse before
 * returning, and @adev->steps_done is 0 again.
 *
 * Return: 0 or the errno of the step that failed.
 */
AGX4_VISIBLE_IF_TEST int agx4_device_run_steps(struct agx4_device *adev,
					       const struct agx4_init_step *steps,
					       unsigned int n)
{
	int ret;

	if (drm_WARN_ON(&adev->base, adev->steps_done))
		return -EBUSY;

	while (adev->steps_done < n) {
		const struct agx4_init_step *s = &steps[adev->steps_done];

		ret = s->init(adev);
		if (ret) {
			drm_err(&adev->base, "probe step %s failed: %d\n",
				s->name, ret);
			agx4_device_undo_steps(adev, steps);
			return ret;
		}
		adev->steps_done++;
	}
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_run_steps);

/**
 * agx4_device_map_sgx() - map the GPU's register window
 * @adev: the device; its parent is the platform device.
 *
 * The window stays mapped for the device's life (devm).  KUnit replaces
 * this and agx4_device_read_sgx() with a register file.
 *
 * Return: 0 or a negative errno.
 */
AGX4_VISIBLE_IF_TEST int agx4_device_map_sgx(struct agx4_device *adev)
{
	const struct agx4_range *w = &adev->plat.reg[AGX4_REG_SGX];

	AGX4_STATIC_STUB_REDIRECT(agx4_device_map_sgx, adev);
	if (adev->backend && adev->backend->map_sgx)
		return adev->backend->map_sgx(adev);
	adev->sgx = devm_ioremap(adev->base.dev, w->start, w->size);
	return adev->sgx ? 0 : -ENOMEM;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_map_sgx);

/**
 * agx4_device_read_sgx() - read a GPU register
 * @adev: the device, mapped.
 * @offset: offset in the SGX window.
 *
 * Return: the register's value.
 */
u32 agx4_device_read_sgx(struct agx4_device *adev, u32 offset)
{
	AGX4_STATIC_STUB_REDIRECT(agx4_device_read_sgx, adev, offset);
	if (unlikely(adev->backend && adev->backend->read_sgx))
		return adev->backend->read_sgx(adev, offset);
	return readl(adev->sgx + offset);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_read_sgx);

/**
 * agx4_device_write_sgx() - write a GPU register
 * @adev: the device, mapped.
 * @offset: offset in the SGX window.
 * @value: the value.
 *
 * Orders earlier writes to memory before the register's (writel()).
 */
void agx4_device_write_sgx(struct agx4_device *adev, u32 offset, u32 value)
{
	AGX4_STATIC_STUB_REDIRECT(agx4_device_write_sgx, adev, offset, value);
	if (unlikely(adev->backend && adev->backend->write_sgx))
		adev->backend->write_sgx(adev, offset, value);
	else
		writel(value, adev->sgx + offset);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_write_sgx);

/* Map the registers and learn what the GPU is. */
static int identify_step(struct agx4_device *adev)
{
	int ret = agx4_device_map_sgx(adev);

	if (ret)
		return ret;
	ret = adev->gen->read_gpu_info(adev, &adev->info);
	if (ret)
		return ret;
	drm_info(&adev->base, "%s rev %#x: %u die(s), %u cluster(s), core mask %#llx, %u MHz\n",
		 adev->gen->name, adev->info.revision, adev->info.num_dies,
		 adev->info.num_clusters, adev->info.core_mask,
		 adev->info.max_freq_khz / 1000);
	return 0;
}

/**
 * agx4_device_transport_init() - bind the firmware transport
 * @adev: the device.
 *
 * On hardware, the RTKit transport (agx4_rtkit).  KUnit replaces it with
 * the firmware model.
 *
 * Return: 0 or a negative errno.
 */
AGX4_VISIBLE_IF_TEST int agx4_device_transport_init(struct agx4_device *adev)
{
	AGX4_STATIC_STUB_REDIRECT(agx4_device_transport_init, adev);
	if (adev->backend && adev->backend->transport_init)
		return adev->backend->transport_init(adev);
	return agx4_rtkit_init(adev, &adev->transport);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_transport_init);

static int drm_register_step(struct agx4_device *adev)
{
	return drm_dev_register(&adev->base, 0);
}

/*
 * drm_dev_unplug() waits for every ioctl inside drm_dev_enter() and wakes
 * none: SUBMITs waiting there for firmware room are told to give up first.
 * Before that, no firmware restart may run any more: the rest of the
 * unplug reads and frees what a restart swaps.
 */
static void drm_unregister_step(struct agx4_device *adev)
{
	agx4_reset_unplug(adev);
	agx4_job_unplug(adev);
	drm_dev_unplug(&adev->base);
}

/*
 * The firmware goes at removal with the reset lock held for writing, as
 * in a restart: a queue released meanwhile is freed through the backend
 * before its state goes, or forgotten after, never while it goes.
 */
static void firmware_fini(struct agx4_device *adev)
{
	agx4_reset_write_lock(adev);
	agx4_fw_boot_fini(adev);
	agx4_reset_write_unlock(adev);
}

/*
 * The probe, in order.  Units add their step here as they land;
 * registration stays last.
 */
static const struct agx4_init_step agx4_probe_steps[] = {
	{ "identify", identify_step, NULL },
	/* Undone at DRM release, not at unplug (agx4_fw_mem). */
	{ "memory", agx4_fw_mem_init, NULL },
	/* Device-managed: goes with the device. */
	{ "transport", agx4_device_transport_init, NULL },
	{ "firmware", agx4_fw_boot_init, firmware_fini },
	{ "jobs", agx4_job_init, agx4_job_fini },
	/* Restarts only once everything they restart is up. */
	{ "reset", agx4_recovery_init, agx4_reset_unplug },
	{ "drm", drm_register_step, drm_unregister_step },
};

static ssize_t dump_read(char *buffer, loff_t offset, size_t count,
			 void *data, size_t datalen)
{
	return memory_read_from_buffer(buffer, count, &offset, data, datalen);
}

static void dump_free(void *data)
{
	kvfree(data);
}

/**
 * agx4_device_coredump() - hand a dump over
 * @adev: the device.
 * @buf: the dump, from kvmalloc(); taken over (freed by whoever keeps it).
 * @len: its bytes.
 * @gfp: what devcoredump may allocate with (GFP_NOWAIT off a path that
 *	signals fences).
 *
 * To devcoredump (``/sys/class/devcoredump``), or to the device's backend
 * where it takes dumps (&agx4_device_backend.coredump).
 */
void agx4_device_coredump(struct agx4_device *adev, void *buf, size_t len,
			  gfp_t gfp)
{
	if (adev->backend && adev->backend->coredump) {
		adev->backend->coredump(adev, buf, len);
		return;
	}
	dev_coredumpm(adev->base.dev, THIS_MODULE, buf, len, gfp, dump_read,
		      dump_free);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_coredump);

/**
 * agx4_device_unplug() - take the device down
 * @adev: the device.
 *
 * Undoes every completed probe step in reverse, starting with the DRM
 * registration.  Safe to call more than once and from several paths.
 */
void agx4_device_unplug(struct agx4_device *adev)
{
	mutex_lock(&adev->unplug.lock);
	if (!adev->unplug.done) {
		agx4_device_undo_steps(adev, agx4_probe_steps);
		adev->unplug.done = true;
	}
	mutex_unlock(&adev->unplug.lock);
}
EXPORT_SYMBOL_NS_GPL(agx4_device_unplug, DRM_AGX4);

static void unplug_action(void *data)
{
	agx4_device_unplug(data);
}

/**
 * agx4_device_create_backend() - allocate and bring up an agx4 device
 * @dev: the parent device (the platform device, or a KUnit device).
 * @src: its device tree.
 * @backend: what stands in for the hardware, or NULL for the hardware.
 * @priv: the backend's state (&agx4_device.backend_priv).
 *
 * The device is unplugged automatically when @dev goes away, if nobody
 * did it before.
 *
 * Return: the device, or an ERR_PTR(); on error nothing is left set up.
 */
struct agx4_device *
agx4_device_create_backend(struct device *dev, const struct agx4_dt_source *src,
			   const struct agx4_device_backend *backend,
			   void *priv)
{
	struct agx4_dt_error derr;
	struct agx4_device *adev;
	int ret;

	adev = devm_drm_dev_alloc(dev, &agx4_drm_driver, struct agx4_device,
				  base);
	if (IS_ERR(adev))
		return adev;
	adev->backend = backend;
	adev->backend_priv = priv;

	ret = drmm_mutex_init(&adev->base, &adev->unplug.lock);
	if (ret)
		return ERR_PTR(ret);

	ret = agx4_of_parse(dev, src, &adev->plat, &derr);
	if (ret)
		return ERR_PTR(ret);
	adev->gen = agx4_fw_gen_select(dev, &adev->plat);
	if (IS_ERR(adev->gen))
		return ERR_CAST(adev->gen);
	adev->uat_geom = adev->gen->uat_geom;
	agx4_fw_debugfs_init(adev);

	ret = agx4_device_run_steps(adev, agx4_probe_steps,
				    ARRAY_SIZE(agx4_probe_steps));
	if (ret)
		return ERR_PTR(ret);

	ret = devm_add_action_or_reset(dev, unplug_action, adev);
	if (ret)
		return ERR_PTR(ret);

	drm_info(&adev->base, "t%x (%s), firmware %s, %u firmware instance(s)\n",
		 adev->plat.chip_id, adev->gen->name, adev->plat.firmware_build,
		 adev->gen->num_instances);
	return adev;
}
EXPORT_SYMBOL_NS_GPL(agx4_device_create_backend, DRM_AGX4);

/**
 * agx4_device_create() - allocate and bring up an agx4 device on hardware
 * @dev: the parent device (the platform device, or a KUnit device).
 * @src: its device tree.
 *
 * Return: as agx4_device_create_backend().
 */
struct agx4_device *agx4_device_create(struct device *dev,
				       const struct agx4_dt_source *src)
{
	return agx4_device_create_backend(dev, src, NULL, NULL);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_device_create);
