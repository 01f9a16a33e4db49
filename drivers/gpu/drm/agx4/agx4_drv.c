// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/dma-fence.h>
#include <linux/err.h>
#include <linux/math64.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/of.h>
#include <linux/overflow.h>
#include <linux/pid.h>
#include <linux/platform_device.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sysfs.h>
#include <linux/timekeeping.h>
#include <linux/uaccess.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_print.h>
#include <drm/drm_syncobj.h>

#ifdef CONFIG_ARM64
#include <asm/arch_timer.h>
#endif
#include <uapi/drm/asahi_drm.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_event.h"
#include "agx4_drv.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_queue.h"
#include "agx4_gem.h"
#include "agx4_job.h"
#include "agx4_job_report.h"
#include "agx4_of.h"
#include "agx4_queue.h"
#include "agx4_reset.h"
#include "agx4_tvb.h"
#include "agx4_test_hooks.h"
#include "agx4_vm.h"

/**
 * DOC: ioctls
 *
 * Every ioctl handler lives here: it copies its arguments in, checks
 * what the UAPI says about them, and calls down into the unit that owns
 * the object (agx4_vm, agx4_gem, agx4_job).  Each unit owns its part of
 * a file's state, a pool of its objects by id (&struct agx4_file), and no
 * unit touches another's pool: a handler looks an object up in one pool
 * and hands it to another unit.  At postclose each pool is destroyed by
 * its unit, queues first since each holds its VM.
 *
 * A handler either succeeds or changes nothing the client can see: every
 * argument is checked before the first object is created, and a failure
 * after that undoes what was made.
 *
 * What reaches the firmware's state (making a queue, SUBMIT, and the
 * last reference to a VM or queue, whose release frees firmware state)
 * runs inside drm_dev_enter() where it touches the device, and under the
 * reset lock (agx4_reset_enter(), agx4_reset_read_lock()), so that a
 * firmware restart never swaps the firmware under it.
 */

/* Drop a VM reference that may be the last: its release frees firmware state. */
static void put_vm(struct drm_device *drm, struct agx4_vm *vm)
{
	struct agx4_device *adev = to_agx4_device(drm);

	agx4_reset_read_lock(adev);
	agx4_vm_put(vm);
	agx4_reset_exit(adev);
}

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

/*
 * Command buffers up to this size are copied to the stack: a dispatch
 * (one compute command, with up to seven attachments) needs no allocation.
 */
#define SUBMIT_INLINE_CMDBUF	256

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
AGX4_VISIBLE_IF_TEST __maybe_unused u64 agx4_ticks_to_ns(u64 ticks, u32 rate)
{
	return rate ? mul_u64_u32_div(ticks, NSEC_PER_SEC, rate) : 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ticks_to_ns);

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
AGX4_VISIBLE_IF_TEST int agx4_ioctl_get_time(struct drm_device *drm, void *data,
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_get_time);

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
AGX4_VISIBLE_IF_TEST int agx4_ioctl_get_params(struct drm_device *drm, void *data,
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
	/* Soft faults are not enabled; the backend adds what it honours. */
	p.features = agx4_job_features(adev);
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
	/*
	 * The G16/G17P firmware writes command timestamps in nanoseconds
	 * (M: one reference driver reports it).
	 */
	p.command_timestamp_frequency_hz = NSEC_PER_SEC;

	if (copy_to_user(u64_to_user_ptr(args->pointer), &p,
			 min_t(u64, args->size, sizeof(p))))
		return -EFAULT;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_get_params);

/**
 * agx4_drv_open() - &drm_driver.open: an empty pool of each kind
 * @drm: the device.
 * @file: the new file.
 *
 * Return: 0 or -ENOMEM.
 */
static int agx4_drv_open(struct drm_device *drm, struct drm_file *file)
{
	struct agx4_file *af = kzalloc(sizeof(*af), GFP_KERNEL);

	if (!af)
		return -ENOMEM;
	af->vms = agx4_vm_pool_create();
	af->queues = agx4_queue_pool_create();
	af->fw_objects = agx4_gem_fw_pool_create();
	af->usage = agx4_job_usage_create();
	if (!af->vms || !af->queues || !af->fw_objects || !af->usage) {
		agx4_job_usage_put(af->usage);
		agx4_gem_fw_pool_destroy(af->fw_objects);
		agx4_queue_pool_destroy(af->queues);
		agx4_vm_pool_destroy(af->vms);
		kfree(af);
		return -ENOMEM;
	}
	file->driver_priv = af;
	return 0;
}

/**
 * agx4_drv_postclose() - &drm_driver.postclose: each unit drops its pool
 * @drm: the device.
 * @file: the file; its GEM handles are gone already.
 *
 * Queues go first, since each holds its VM; a VM or binding still used by
 * a job lives on until the job drops it.
 */
static void agx4_drv_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_device *adev = to_agx4_device(drm);

	agx4_reset_read_lock(adev);
	agx4_queue_pool_destroy(af->queues);
	agx4_gem_fw_pool_destroy(af->fw_objects);
	agx4_vm_pool_destroy(af->vms);
	agx4_reset_exit(adev);
	agx4_job_usage_put(af->usage);
	kfree(af);
}

/**
 * agx4_drv_info_print() - what the debugfs file ``info`` shows
 * @adev: the device.
 * @p: where to print.
 *
 * One ``key: value`` line each: the chip, the generation, the firmware
 * build the device tree names, the driver's DRM name and version, and
 * the counters a bug report needs: firmware restarts (and those after
 * which it stayed down), jobs that timed out, event records of the
 * current firmware boot that were unknown, malformed or read from a wild
 * ring cursor, and TVB growth requests, growths, refusals, requests not
 * answered (naming no pool, stale or ahead, malformed, dropped) and
 * memory-limit reports (and those naming no render).
 */
void agx4_drv_info_print(struct agx4_device *adev, struct drm_printer *p)
{
	const struct drm_driver *drv = adev->base.driver;
	u64 unknown = 0, malformed = 0, ring_errors = 0;
	struct agx4_tvb_stats t = { };
	unsigned long flags;

	drm_printf(p, "chip: t%x\n", adev->plat.chip_id);
	drm_printf(p, "generation: %s\n", adev->gen->name);
	drm_printf(p, "firmware_build: %s\n", adev->plat.firmware_build);
	drm_printf(p, "driver: %s %d.%d.%d\n", drv->name, drv->major,
		   drv->minor, drv->patchlevel);
	drm_printf(p, "restarts: %u\n", agx4_reset_count(adev));
	drm_printf(p, "restart_failures: %u\n", agx4_reset_failures(adev));
	drm_printf(p, "timeouts: %u\n", agx4_job_timeouts(adev));
	drm_printf(p, "hang_restarts: %u\n", agx4_job_hangs(adev));
	/* The firmware is not swapped under the reset's read side. */
	agx4_reset_read_lock(adev);
	if (adev->fw) {
		struct agx4_event *ev = &adev->fw->events;

		spin_lock_irqsave(&ev->lock, flags);
		unknown = ev->unknown;
		malformed = ev->malformed;
		ring_errors = ev->ring_errors;
		spin_unlock_irqrestore(&ev->lock, flags);
	}
	agx4_reset_exit(adev);
	drm_printf(p, "events_unknown: %llu\n", unknown);
	drm_printf(p, "events_malformed: %llu\n", malformed);
	drm_printf(p, "event_ring_errors: %llu\n", ring_errors);
	agx4_tvb_get_stats(adev, &t);
	drm_printf(p, "tvb_requests: %llu\n", t.requests);
	drm_printf(p, "tvb_grew: %llu\n", t.grew);
	drm_printf(p, "tvb_refused: %llu\n", t.refused);
	drm_printf(p, "tvb_ignored: %llu\n",
		   t.unknown + t.stale + t.ahead + t.malformed + t.dropped);
	drm_printf(p, "tvb_limits: %llu\n", t.limits);
	drm_printf(p, "tvb_limits_unmatched: %llu\n", t.limit_unmatched);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_drv_info_print);

static int info_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct drm_printer p = drm_seq_file_printer(m);

	agx4_drv_info_print(to_agx4_device(entry->dev), &p);
	return 0;
}

/*
 * Each open file of the device, as a "client" line (DRM client id, the
 * process that opened it), then what @fn prints of it.  The file list's
 * lock keeps each file from being freed meanwhile.
 */
static void each_client(struct drm_device *drm, struct seq_file *m,
			void (*fn)(struct drm_file *file, struct seq_file *m))
{
	struct drm_file *file;

	mutex_lock(&drm->filelist_mutex);
	list_for_each_entry(file, &drm->filelist, lhead) {
		struct task_struct *task;
		struct pid *pid;

		rcu_read_lock();
		pid = rcu_dereference(file->pid);
		task = pid_task(pid, PIDTYPE_TGID);
		seq_printf(m, "client %llu: pid %d, command %s\n",
			   file->client_id, pid_nr(pid),
			   task ? task->comm : "?");
		rcu_read_unlock();
		fn(file, m);
	}
	mutex_unlock(&drm->filelist_mutex);
}

/* The file's objects, one line each (agx4_gem_describe()). */
static void client_gems(struct drm_file *file, struct seq_file *m)
{
	struct drm_printer p = drm_seq_file_printer(m);
	struct drm_gem_object *obj;
	int id = 0;

	for (;; id++) {
		/* One at a time: describing one sleeps. */
		spin_lock(&file->table_lock);
		obj = idr_get_next(&file->object_idr, &id);
		if (obj)
			drm_gem_object_get(obj);
		spin_unlock(&file->table_lock);
		if (!obj)
			break;
		agx4_gem_describe(obj, id, &p);
		drm_gem_object_put(obj);
	}
}

static void client_gpuvas(struct drm_file *file, struct seq_file *m)
{
	struct agx4_file *af = file->driver_priv;

	agx4_vm_pool_show(af->vms, m);
}

static void client_queues(struct drm_file *file, struct seq_file *m)
{
	struct agx4_file *af = file->driver_priv;
	struct drm_printer p = drm_seq_file_printer(m);

	agx4_queue_pool_print(af->queues, &p);
}

static int gems_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;

	each_client(entry->dev, m, client_gems);
	return 0;
}

static int gpuvas_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;

	each_client(entry->dev, m, client_gpuvas);
	return 0;
}

static int queues_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;

	each_client(entry->dev, m, client_queues);
	return 0;
}

/* The firmware's statistics records (agx4_event_stats_print()). */
static int fw_stats_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct agx4_device *adev = to_agx4_device(entry->dev);
	struct drm_printer p = drm_seq_file_printer(m);

	/* The firmware is not swapped under the reset's read side. */
	agx4_reset_read_lock(adev);
	if (adev->fw)
		agx4_event_stats_print(&adev->fw->events, &p);
	else
		drm_printf(&p, "ring: none\n");
	agx4_reset_exit(adev);
	return 0;
}

/*
 * The debugfs files of the device (beside the firmware's, agx4_fw_decode):
 * ``info`` (agx4_drv_info_print()), ``fw_stats`` (the firmware's
 * statistics records), and per client ``gems`` (its objects), ``gpuvas``
 * (its VMs' mappings) and ``queues`` (its queues).
 */
static const struct drm_debugfs_info agx4_debugfs_files[] = {
	{ "info", info_show },
	{ "fw_stats", fw_stats_show },
	{ "gems", gems_show },
	DRM_DEBUGFS_GPUVA_INFO(gpuvas_show, NULL),
	{ "queues", queues_show },
};

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_drv_debugfs_show() - what a debugfs file of agx4_drv shows
 * @adev: the device.
 * @name: the file's name.
 * @m: where to print.
 *
 * Return: 0, or -ENOENT for a file agx4_drv does not make.
 */
int agx4_drv_debugfs_show(struct agx4_device *adev, const char *name,
			  struct seq_file *m)
{
	struct drm_debugfs_entry entry = { .dev = &adev->base };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(agx4_debugfs_files); i++) {
		if (strcmp(agx4_debugfs_files[i].name, name))
			continue;
		entry.file = agx4_debugfs_files[i];
		m->private = &entry;
		return agx4_debugfs_files[i].show(m, NULL);
	}
	return -ENOENT;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_drv_debugfs_show);
#endif

/* &drm_driver.debugfs_init: the files a bug report reads first. */
static void agx4_drv_debugfs_init(struct drm_minor *minor)
{
	drm_debugfs_add_files(minor->dev, agx4_debugfs_files,
			      ARRAY_SIZE(agx4_debugfs_files));
}

/*
 * The device's ``firmware_build`` attribute: the firmware build the
 * device tree names (the one this driver's layouts were selected for),
 * for tools that compare layouts by build.
 */
static ssize_t firmware_build_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct agx4_device *adev = dev_get_drvdata(dev);

	return sysfs_emit(buf, "%s\n", adev->plat.firmware_build);
}
static DEVICE_ATTR_RO(firmware_build);

static struct attribute *agx4_attrs[] = {
	&dev_attr_firmware_build.attr,
	NULL,
};
ATTRIBUTE_GROUPS(agx4);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
const struct attribute_group **agx4_drv_dev_groups = agx4_groups;
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_drv_dev_groups);
#endif

static const char *const engine_names[AGX4_ENGINE_CLASSES] = {
	[AGX4_ENGINE_RENDER] = "render",
	[AGX4_ENGINE_COMPUTE] = "compute",
};

/**
 * agx4_drv_show_fdinfo() - &drm_driver.show_fdinfo: a client's GPU use
 * @p: where to print.
 * @file: the client.
 *
 * After the DRM core's drm-driver and drm-client-id, as
 * Documentation/gpu/drm-usage-stats.rst describes: the memory of the
 * client's objects (drm_show_memory_stats(); shared, private, resident;
 * purgeable is always 0, since the UAPI has no madvise), and the time its
 * completed jobs ran on each engine class, as the firmware measured it,
 * for the classes the generation measures.  Jobs of different queues may
 * run at once, so the time of a class can pass the wall-clock time.
 */
static void agx4_drv_show_fdinfo(struct drm_printer *p, struct drm_file *file)
{
	struct agx4_device *adev = to_agx4_device(file->minor->dev);
	struct agx4_file *af = file->driver_priv;
	unsigned int c;

	drm_show_memory_stats(p, file);
	for (c = 0; c < AGX4_ENGINE_CLASSES; c++) {
		s64 ns = agx4_job_usage_ns(adev, af->usage, c);

		if (ns >= 0)
			drm_printf(p, "drm-engine-%s:\t%lld ns\n",
				   engine_names[c], ns);
	}
}

/**
 * agx4_drv_close_object() - &drm_gem_object_funcs.close of agx4's objects
 * @obj: an object whose handle @file closes.
 * @file: the file.
 *
 * Closing a handle removes the object's mappings from every VM of the
 * file, as upstream does: Mesa never unbinds before it closes.  A VM with
 * work in flight is waited for first, up to the job timeout (see
 * agx4_vm_pool_unmap_obj()): at file close, DRM closes the handles while
 * the client's jobs may still run.
 */
void agx4_drv_close_object(struct drm_gem_object *obj, struct drm_file *file)
{
	struct agx4_file *af = file->driver_priv;

	if (af)
		agx4_vm_pool_unmap_obj(af->vms, obj, agx4_job_timeout());
}

/**
 * agx4_ioctl_vm_create() - DRM_IOCTL_ASAHI_VM_CREATE
 * @drm: the device.
 * @data: &struct drm_asahi_vm_create.
 * @file: the client.
 *
 * Return: 0; -EINVAL for a non-zero pad or a bad carve-out (one that
 * overlaps the GPU ranges the generation's submission backend maps in
 * every VM included); -ENOSPC when the file holds %AGX4_VM_MAX_PER_FILE
 * VMs; -ENOMEM.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_vm_create(struct drm_device *drm, void *data,
					      struct drm_file *file)
{
	const struct agx4_fw_gen *gen = to_agx4_device(drm)->gen;
	const struct agx4_fw_submit_ops *sub = gen ? gen->submit : NULL;
	struct drm_asahi_vm_create *args = data;
	struct agx4_file *af = file->driver_priv;
	struct agx4_vm *vm;
	u32 id;
	int ret;

	if (args->pad)
		return -EINVAL;
	vm = agx4_vm_create(drm, to_agx4_device(drm)->uat_geom, AGX4_VM_START,
			    AGX4_VM_END, args->kernel_start, args->kernel_end);
	if (IS_ERR(vm))
		return PTR_ERR(vm);
	ret = sub ? agx4_vm_reserve(vm, sub->vm_reserved,
				    sub->num_vm_reserved) : 0;
	if (!ret)
		ret = agx4_vm_pool_add(af->vms, vm, &id);
	if (ret) {
		agx4_vm_put(vm);
		return ret;
	}
	args->vm_id = id;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_vm_create);

/**
 * agx4_ioctl_vm_destroy() - DRM_IOCTL_ASAHI_VM_DESTROY
 * @drm: the device.
 * @data: &struct drm_asahi_vm_destroy.
 * @file: the client.
 *
 * The VM goes once queues and jobs using it let it go.
 *
 * Return: 0, -EINVAL for a non-zero pad, -ENOENT for an unknown VM.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_vm_destroy(struct drm_device *drm, void *data,
					       struct drm_file *file)
{
	struct drm_asahi_vm_destroy *args = data;
	struct agx4_file *af = file->driver_priv;
	struct agx4_device *adev = to_agx4_device(drm);
	int ret;

	if (args->pad)
		return -EINVAL;
	agx4_reset_read_lock(adev);
	ret = agx4_vm_pool_remove(af->vms, args->vm_id);
	agx4_reset_exit(adev);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_vm_destroy);

/*
 * Copy one user bind operation: a short stride is zero-extended, a longer
 * one must be zero beyond what this kernel knows.
 */
static int copy_bind_op(struct drm_asahi_gem_bind_op *op, u64 uptr, u32 stride)
{
	int ret = copy_struct_from_user(op, sizeof(*op), u64_to_user_ptr(uptr),
					stride);

	return ret == -E2BIG ? -EINVAL : ret;
}

static void put_bind_objs(struct agx4_vm_bind_op *ops, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (ops[i].obj)
			drm_gem_object_put(ops[i].obj);
}

/**
 * agx4_ioctl_vm_bind() - DRM_IOCTL_ASAHI_VM_BIND
 * @drm: the device.
 * @data: &struct drm_asahi_vm_bind.
 * @file: the client.
 *
 * Every operation is copied and checked before any is applied, and they
 * are applied all or none (agx4_vm_bind()).
 *
 * Return: 0; -EINVAL for a bad pad, stride, count, or operation (an
 * import the GPU cannot map included); -ENOENT for an unknown VM or
 * object; -EFAULT; -ENOMEM; -ENODEV once unplugged.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_vm_bind(struct drm_device *drm, void *data,
					    struct drm_file *file)
{
	struct drm_asahi_vm_bind *args = data;
	struct agx4_file *af = file->driver_priv;
	struct drm_asahi_gem_bind_op uop;
	struct agx4_vm_bind_op *ops;
	struct agx4_vm *vm;
	unsigned int i;
	int ret, idx;

	if (args->pad || !args->stride)
		return -EINVAL;
	if (!args->num_binds)
		return 0;
	if (args->num_binds > AGX4_VM_MAX_BINDS ||
	    (u64)args->num_binds * args->stride > AGX4_VM_MAX_BIND_BYTES)
		return -EINVAL;

	vm = agx4_vm_pool_get(af->vms, args->vm_id);
	if (!vm)
		return -ENOENT;
	ops = kvcalloc(args->num_binds, sizeof(*ops), GFP_KERNEL);
	if (!ops) {
		ret = -ENOMEM;
		goto out_vm;
	}

	/* Copy once; everything below looks only at the copy. */
	for (i = 0; i < args->num_binds; i++) {
		ret = copy_bind_op(&uop, args->userptr + (u64)i * args->stride,
				   args->stride);
		if (ret)
			goto out_ops;
		ops[i] = (struct agx4_vm_bind_op){
			.flags = uop.flags, .offset = uop.offset,
			.range = uop.range, .addr = uop.addr,
		};
		ret = agx4_vm_check_op_shape(vm, &ops[i]);
		if (!ret && (uop.flags & DRM_ASAHI_BIND_UNBIND) && uop.handle)
			ret = -EINVAL;
		if (ret)
			goto out_ops;
		/* An unknown handle leaves it NULL: agx4_vm_bind() says -ENOENT. */
		if (!(uop.flags & DRM_ASAHI_BIND_UNBIND))
			ops[i].obj = drm_gem_object_lookup(file, uop.handle);
	}

	if (!drm_dev_enter(drm, &idx)) {
		ret = -ENODEV;
		goto out_ops;
	}
	ret = agx4_vm_bind(vm, ops, args->num_binds);
	drm_dev_exit(idx);
out_ops:
	put_bind_objs(ops, args->num_binds);
	kvfree(ops);
out_vm:
	put_vm(drm, vm);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_vm_bind);

/**
 * agx4_ioctl_gem_create() - DRM_IOCTL_ASAHI_GEM_CREATE
 * @drm: the device.
 * @data: &struct drm_asahi_gem_create; @size is left as given.
 * @file: the client.
 *
 * Return: 0; -EINVAL for a non-zero pad, unknown flags, a VM id without
 * %DRM_ASAHI_GEM_VM_PRIVATE or a bad size; -ENOENT for an unknown VM;
 * -ENOMEM.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_gem_create(struct drm_device *drm, void *data,
					       struct drm_file *file)
{
	struct drm_asahi_gem_create *args = data;
	struct agx4_file *af = file->driver_priv;
	struct agx4_vm *vm = NULL;
	int ret;

	if (args->pad || (args->flags & ~AGX4_BO_FLAGS))
		return -EINVAL;
	if (args->flags & AGX4_BO_VM_PRIVATE) {
		vm = agx4_vm_pool_get(af->vms, args->vm_id);
		if (!vm)
			return -ENOENT;
	} else if (args->vm_id) {
		return -EINVAL;
	}
	ret = agx4_gem_create_with_handle(file, drm, args->size, args->flags,
					  vm ? vm->base.r_obj : NULL,
					  &args->handle);
	agx4_vm_put(vm);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_gem_create);

/**
 * agx4_ioctl_gem_mmap_offset() - DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET
 * @drm: the device.
 * @data: &struct drm_asahi_gem_mmap_offset.
 * @file: the client.
 *
 * Return: 0, -EINVAL for non-zero flags, -ENOENT for an unknown handle.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_gem_mmap_offset(struct drm_device *drm,
						    void *data,
						    struct drm_file *file)
{
	struct drm_asahi_gem_mmap_offset *args = data;

	if (args->flags)
		return -EINVAL;
	return agx4_gem_mmap_offset(file, args->handle, &args->offset);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_gem_mmap_offset);

static int bind_object(struct agx4_device *adev, struct drm_file *file,
		       struct drm_asahi_gem_bind_object *args)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_gem_fw_binding *b;
	struct drm_gem_object *obj;
	int ret;

	if (args->flags != DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS)
		return -EINVAL;
	if (!adev->mem)
		return -ENODEV;
	obj = drm_gem_object_lookup(file, args->handle);
	if (!obj)
		return -ENOENT;
	/* It refuses an import the GPU cannot map (-EINVAL). */
	b = agx4_gem_bind_fw(&adev->mem->ts, to_agx4_bo(obj), args->offset,
			     args->range);
	drm_gem_object_put(obj);
	if (IS_ERR(b))
		return PTR_ERR(b);
	ret = agx4_gem_fw_pool_add(af->fw_objects, b, &args->object_handle);
	if (ret) {
		agx4_gem_unbind_fw(b);
		args->object_handle = 0;
	}
	return ret;
}

/**
 * agx4_ioctl_gem_bind_object() - DRM_IOCTL_ASAHI_GEM_BIND_OBJECT
 * @drm: the device.
 * @data: &struct drm_asahi_gem_bind_object.
 * @file: the client.
 *
 * BIND maps a slice of an object into the firmware's timestamp aperture
 * and returns a handle that command timestamps name; UNBIND drops the
 * handle (the mapping goes when the last job writing into it is done).
 *
 * Return: 0; -EINVAL for a non-zero pad or vm_id, an unknown op, bad
 * flags, a non-zero field UNBIND does not take, a misaligned, empty or
 * too large slice or an import the GPU cannot map; -ENOENT for an unknown
 * GEM or object handle; -ENOSPC when the aperture (or the file's share) is
 * full; -ENODEV once the device is gone; -ENOMEM.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_gem_bind_object(struct drm_device *drm,
						    void *data,
						    struct drm_file *file)
{
	struct drm_asahi_gem_bind_object *args = data;
	struct agx4_file *af = file->driver_priv;
	int idx, ret;

	if (args->pad || args->vm_id)
		return -EINVAL;
	if (args->op == DRM_ASAHI_BIND_OBJECT_OP_UNBIND) {
		if (args->flags || args->handle || args->offset || args->range)
			return -EINVAL;
		return agx4_gem_fw_pool_remove(af->fw_objects,
					       args->object_handle);
	}
	if (args->op != DRM_ASAHI_BIND_OBJECT_OP_BIND)
		return -EINVAL;
	if (!drm_dev_enter(drm, &idx))
		return -ENODEV;
	ret = bind_object(to_agx4_device(drm), file, args);
	drm_dev_exit(idx);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_gem_bind_object);

/**
 * agx4_ioctl_queue_create() - DRM_IOCTL_ASAHI_QUEUE_CREATE
 * @drm: the device.
 * @data: &struct drm_asahi_queue_create.
 * @file: the client.
 *
 * Return: 0; -EINVAL for non-zero flags, a priority above MEDIUM (HIGH
 * and REALTIME are reserved, as upstream), a USC execution base other
 * than %AGX4_USC_EXEC_BASE or a VM whose kernel carve-out overlaps the
 * shader range; -ENOENT for an unknown VM; -ENOSPC past
 * %AGX4_QUEUE_MAX_PER_FILE queues or when the firmware has no room for
 * another queue; -EIO for a VM whose firmware state was made before a
 * firmware restart (make a new VM); -ENODEV after unplug, or once the
 * firmware did not come back from a restart; -ENOMEM.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_queue_create(struct drm_device *drm,
						 void *data,
						 struct drm_file *file)
{
	struct drm_asahi_queue_create *args = data;
	struct agx4_file *af = file->driver_priv;
	struct agx4_job_queue *q;
	struct agx4_vm *vm;
	int ret, idx;
	u32 id;

	if (args->flags || args->priority > DRM_ASAHI_PRIORITY_MEDIUM ||
	    args->usc_exec_base != AGX4_USC_EXEC_BASE)
		return -EINVAL;
	vm = agx4_vm_pool_get(af->vms, args->vm_id);
	if (!vm)
		return -ENOENT;
	if (vm->kernel_start < args->usc_exec_base + AGX4_USC_RANGE &&
	    args->usc_exec_base < vm->kernel_end) {
		put_vm(drm, vm);
		return -EINVAL;
	}
	/* The firmware side is made here: not after unplug. */
	if (!drm_dev_enter(drm, &idx)) {
		put_vm(drm, vm);
		return -ENODEV;
	}
	ret = agx4_reset_enter(to_agx4_device(drm));
	if (ret) {
		drm_dev_exit(idx);
		put_vm(drm, vm);
		return ret;
	}
	q = agx4_job_queue_create(to_agx4_device(drm), vm, args->priority,
				  args->usc_exec_base, af->usage);
	agx4_vm_put(vm);
	agx4_reset_exit(to_agx4_device(drm));
	drm_dev_exit(idx);
	if (IS_ERR(q))
		return PTR_ERR(q);
	ret = agx4_queue_pool_add(af->queues, q, &id);
	if (ret) {
		agx4_job_queue_put(q);
		return ret;
	}
	/* For messages: a timeout names the queue as its client knows it. */
	agx4_job_queue_name(q, id, args->vm_id);
	args->queue_id = id;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_queue_create);

/**
 * agx4_ioctl_queue_destroy() - DRM_IOCTL_ASAHI_QUEUE_DESTROY
 * @drm: the device.
 * @data: &struct drm_asahi_queue_destroy.
 * @file: the client.
 *
 * Return: 0, -EINVAL for a non-zero pad, -ENOENT for an unknown queue.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_queue_destroy(struct drm_device *drm,
						  void *data,
						  struct drm_file *file)
{
	struct drm_asahi_queue_destroy *args = data;
	struct agx4_file *af = file->driver_priv;

	if (args->pad)
		return -EINVAL;
	return agx4_queue_pool_remove(af->queues, args->queue_id);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_queue_destroy);

/* @buf: the caller's storage resolve_syncs() was given. */
static void put_syncs(struct agx4_job_syncs *s, const u64 *buf)
{
	u32 i;

	for (i = 0; i < s->nin; i++)
		dma_fence_put(s->in[i]);
	for (i = 0; i < s->nout; i++)
		drm_syncobj_put(s->out[i]);
	if ((u64 *)s->in != buf)
		kfree(s->in);	/* with @out and @points */
}

/*
 * @buf: storage for @nbuf u64, used instead of an allocation when the
 * references fit.
 */
static int resolve_syncs(struct drm_file *file, const struct drm_asahi_sync *v,
			 u32 nin, u32 nout, struct agx4_job_syncs *s, u64 *buf,
			 u32 nbuf)
{
	u32 i;
	int ret;

	/* One array: the in-fences, then the out-syncobjs and points. */
	static_assert(sizeof(*s->in) == sizeof(u64) &&
		      sizeof(*s->out) == sizeof(u64));
	if (nin + 2 * nout <= nbuf) {
		memset(buf, 0, (nin + 2 * nout) * sizeof(u64));
		s->in = (struct dma_fence **)buf;
	} else {
		s->in = kcalloc(nin + 2 * nout, sizeof(u64), GFP_KERNEL);
		if (!s->in)
			return -ENOMEM;
	}
	s->out = (struct drm_syncobj **)(s->in + nin);
	s->points = (u64 *)(s->out + nout);

	for (i = 0; i < nin + nout; i++) {
		bool timeline = v[i].sync_type == DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ;

		if (v[i].sync_type > DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ)
			return -EINVAL;
		if (!timeline && v[i].timeline_value)
			return -EINVAL;
		if (i < nin) {
			/* The fence must exist now (-ENOENT, -EINVAL). */
			ret = drm_syncobj_find_fence(file, v[i].handle,
						     v[i].timeline_value, 0,
						     &s->in[s->nin]);
			if (ret)
				return ret;
			s->nin++;
			continue;
		}
		/* Signalling timeline point 0 is meaningless. */
		if (timeline && !v[i].timeline_value)
			return -EINVAL;
		s->out[s->nout] = drm_syncobj_find(file, v[i].handle);
		if (!s->out[s->nout])
			return -ENOENT;
		s->points[s->nout] = v[i].timeline_value;
		s->nout++;
	}
	return 0;
}

static int ts_get(void *ctx, u32 handle, u64 *va, u64 *size, void **ref)
{
	struct agx4_gem_fw_binding *b = agx4_gem_fw_pool_get(ctx, handle);

	if (!b)
		return -ENOENT;
	*va = b->fw->va;
	*size = b->fw->size;
	*ref = b;
	return 0;
}

static void ts_put(void *ref)
{
	agx4_gem_unbind_fw(ref);
}

/* Timestamps name the client's GEM_BIND_OBJECT handles. */
static const struct agx4_ts_ops file_ts_ops = {
	.get = ts_get,
	.put = ts_put,
};

/**
 * agx4_ioctl_submit() - DRM_IOCTL_ASAHI_SUBMIT
 * @drm: the device.
 * @data: &struct drm_asahi_submit.
 * @file: the client.
 *
 * Everything a job needs is checked before anything is queued: the
 * queue, every wait (its fence must exist now), every signal (its syncobj
 * must exist; a timeline point must not be 0) and the command buffer,
 * copied once and parsed into a &struct agx4_cmdbuf.
 *
 * Then the job is queued (agx4_job_submit()): its finished fence replaces
 * each binary out-sync's fence and becomes the named point of each
 * timeline out-sync.
 *
 * Return: 0; -EINVAL for a bad field, count, sync or command buffer, or
 * commands the firmware cannot run; -ENOENT for an unknown queue,
 * syncobj or timestamp object; -ERANGE for a timestamp past the end of
 * its object; -ECANCELED for a queue a timeout killed or a firmware
 * restart ended; -ENOSPC when the firmware has no room for the job's
 * objects; -EOPNOTSUPP on a generation agx4 cannot submit to; -ENODEV
 * after unplug, or once the firmware did not come back from a restart;
 * -EFAULT; -ENOMEM.
 */
AGX4_VISIBLE_IF_TEST int agx4_ioctl_submit(struct drm_device *drm, void *data,
					   struct drm_file *file)
{
	struct drm_asahi_submit *args = data;
	struct agx4_file *af = file->driver_priv;
	/* What Mesa sends fits here; more are allocated. */
	struct drm_asahi_sync inline_syncs[4];
	struct drm_asahi_sync *syncs = inline_syncs;
	/* Their references, when they fit: 1 per in-sync, 2 per out-sync. */
	u64 inline_refs[2 * ARRAY_SIZE(inline_syncs)];
	/* So does a dispatch's command buffer (only parsing reads it). */
	u64 inline_cmdbuf[SUBMIT_INLINE_CMDBUF / sizeof(u64)];
	struct agx4_job_syncs refs = { };
	struct agx4_cmdbuf *desc = NULL;
	struct agx4_job_queue *q;
	void *cmdbuf = inline_cmdbuf;
	u64 nsyncs;
	int ret, idx;

	if (args->flags || args->pad)
		return -EINVAL;
	nsyncs = (u64)args->in_sync_count + args->out_sync_count;
	if (nsyncs > AGX4_SUBMIT_MAX_SYNCS ||
	    args->cmdbuf_size > AGX4_CMDBUF_MAX_SIZE)
		return -EINVAL;
	q = agx4_queue_pool_get(af->queues, args->queue_id);
	if (!q)
		return -ENOENT;

	if (nsyncs > ARRAY_SIZE(inline_syncs)) {
		syncs = memdup_array_user(u64_to_user_ptr(args->syncs), nsyncs,
					  sizeof(*syncs));
		if (IS_ERR(syncs)) {
			ret = PTR_ERR(syncs);
			syncs = inline_syncs;
			goto out;
		}
	} else if (copy_from_user(inline_syncs, u64_to_user_ptr(args->syncs),
				  nsyncs * sizeof(*syncs))) {
		ret = -EFAULT;
		goto out;
	}
	ret = resolve_syncs(file, syncs, args->in_sync_count,
			    args->out_sync_count, &refs, inline_refs,
			    ARRAY_SIZE(inline_refs));
	if (ret)
		goto out;

	if (args->cmdbuf_size > sizeof(inline_cmdbuf)) {
		cmdbuf = vmemdup_user(u64_to_user_ptr(args->cmdbuf),
				      args->cmdbuf_size);
		if (IS_ERR(cmdbuf)) {
			ret = PTR_ERR(cmdbuf);
			goto out;
		}
	} else if (copy_from_user(inline_cmdbuf, u64_to_user_ptr(args->cmdbuf),
				  args->cmdbuf_size)) {
		ret = -EFAULT;
		goto out;
	}
	ret = agx4_cmdbuf_parse(cmdbuf, args->cmdbuf_size, &file_ts_ops,
				af->fw_objects, &desc);
	if (cmdbuf != inline_cmdbuf)
		kvfree(cmdbuf);
	if (!ret) {
		/* Work reaches the firmware only before unplug. */
		if (drm_dev_enter(drm, &idx)) {
			ret = agx4_reset_enter(to_agx4_device(drm));
			if (!ret) {
				ret = agx4_job_submit(q, file, desc, &refs);
				agx4_reset_exit(to_agx4_device(drm));
			} else {
				agx4_cmdbuf_free(desc);
			}
			drm_dev_exit(idx);
		} else {
			agx4_cmdbuf_free(desc);
			ret = -ENODEV;
		}
	}
out:
	put_syncs(&refs, inline_refs);
	if (syncs != inline_syncs)
		kfree(syncs);
	agx4_job_queue_put(q);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_ioctl_submit);

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

static const struct file_operations agx4_drm_fops = {
	.owner = THIS_MODULE,
	DRM_GEM_FOPS,
	.show_fdinfo = drm_show_fdinfo,
};

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
	.open = agx4_drv_open,
	.postclose = agx4_drv_postclose,
	.show_fdinfo = agx4_drv_show_fdinfo,
	.debugfs_init = agx4_drv_debugfs_init,
	.gem_create_object = agx4_gem_create_object,
	.gem_prime_import_sg_table = agx4_gem_prime_import_sg_table,
	.name = AGX4_DRM_NAME,
	.desc = AGX4_DRM_DESC,
	.date = AGX4_DRM_DATE,
	.major = AGX4_DRM_MAJOR,
	.minor = AGX4_DRM_MINOR,
	.patchlevel = AGX4_DRM_PATCHLEVEL,
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_drm_driver);

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
		.dev_groups = agx4_groups,
	},
	.probe = agx4_probe,
	.remove = agx4_remove,
};

module_platform_driver(agx4_platform_driver);

MODULE_AUTHOR("The agx4 authors");
MODULE_DESCRIPTION("DRM driver for the Apple M4 and A18 Pro GPUs (asahi UAPI)");
MODULE_LICENSE("Dual MIT/GPL");
