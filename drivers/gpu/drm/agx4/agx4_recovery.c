// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/rwsem.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_decode.h"
#include "agx4_fw_boot.h"
#include "agx4_fwif.h"
#include "agx4_job.h"
#include "agx4_job_report.h"
#include "agx4_job_reset.h"
#include "agx4_recovery.h"
#include "agx4_reset.h"
#include "agx4_test_hooks.h"
#include "agx4_trace.h"
#include "agx4_tvb.h"

/**
 * DOC: recovery
 *
 * Five things make agx4 give up on the running firmware: a crash (the
 * transport's crashed callback, RTKit's crash log on hardware), a fatal
 * event (kind 4, which carries no owner or address), an event record the
 * generation's parser refuses (an unknown kind: the firmware's state is no
 * longer understood), a word the firmware writes holding what it cannot
 * mean (an event-ring, work-channel or device-control cursor outside its
 * ring, a G16 lane stamp or G17P done index gone backwards or past the
 * work published), and a job timeout while the GPU's fault registers
 * report a fault (G16; G17P has no fault register agx4 knows).  Each calls
 * agx4_reset_schedule(), which is safe from any context, the event drain's
 * hard-IRQ path included: it only notes the cause and queues the reset
 * work on the unit's own ordered workqueue, never in the path that
 * signals fences.
 *
 * The reset work:
 *
 * 1. stops the TVB unit's answers (agx4_tvb_pre_reset()) and captures a
 *    devcoredump: the causes, the GPU's fault registers where known, the
 *    event record that caused it (as nine 64-bit words), every job in
 *    flight with its firmware objects decoded by name by the submission
 *    backend, every object and record of the boot decoded by name, then
 *    the crash log of each crashed instance.  A dump there is no memory
 *    for is skipped; the restart goes on;
 * 2. stops every firmware instance (agx4_fw_boot_stop()), so nothing
 *    writes memory the host frees from here on, then runs the job unit's
 *    pre_reset (agx4_job_pre_reset()): every queue's scheduler pauses,
 *    its jobs in flight end with -EIO and their firmware storage is
 *    forgotten, and the backend's waits for firmware room end;
 * 3. takes the reset lock for writing (&agx4_reset.sem), which waits for
 *    every ioctl and release that reaches the firmware's state;
 * 4. runs the firmware's pre_reset and post_reset: the running firmware
 *    is shut down and everything its boot made is freed
 *    (agx4_fw_boot_fini(): the job unit's kept queues and the backend's
 *    retained state go with it), then it is booted again from scratch
 *    (agx4_fw_boot_init()): every shared object is allocated and built
 *    again by the generation's builders, the context table cleared, the
 *    handshake run;
 * 5. runs the job unit's post_reset (agx4_job_post_reset()): every queue
 *    forgets its firmware side and makes it again, the VMs' firmware state
 *    with it, its jobs not yet run are prepared again for the new
 *    firmware and its scheduler runs again; then lets the TVB unit answer
 *    again, and the ioctls in again.
 *
 * Queues and VMs survive a restart: their clients see only the -EIO of
 * the jobs that were in the firmware.  Those are not run again: a job
 * that ran in part may have written memory a second run would find
 * changed.  A queue a timeout killed before stays dead (it was the
 * culprit), and so does one the new firmware has no room for.  Objects of
 * the old firmware are never freed through the new one (the backend's
 * forget calls).
 *
 * If the firmware does not come back, the device is lost: the reset lock
 * is let go with every ioctl that needs the firmware failing with
 * -ENODEV, and the device is unplugged from a work item of its own
 * (agx4_device_unplug(), which takes the removal's path), after which DRM
 * itself answers every ioctl with -ENODEV.
 *
 * The ``fw_restart`` module parameter (default on) can turn the restart
 * off: a crash or fatal fault is then captured, the firmware stopped and
 * its state kept for inspection in debugfs, and the device does no work
 * until it is removed.
 */

/* Room for the text of a dump; each crash log follows it, with its heading. */
#define DUMP_TEXT_SIZE		SZ_512K
#define DUMP_CRASHLOG_SIZE	SZ_64K
#define DUMP_HEAD_SIZE		64

static const char *const cause_names[AGX4_RESET_NR_CAUSES] = {
	[AGX4_RESET_CRASH] = "firmware crash",
	[AGX4_RESET_FATAL] = "fatal event",
	[AGX4_RESET_BAD_EVENT] = "unparsable event",
	[AGX4_RESET_GPU_FAULT] = "GPU fault",
	[AGX4_RESET_BAD_CURSOR] = "event cursor out of range",
	[AGX4_RESET_BAD_CHANNEL] = "work channel cursor out of range",
	[AGX4_RESET_BAD_STAMP] = "lane stamp or done index backwards or ahead",
	[AGX4_RESET_BAD_CONTROL] = "device-control cursor out of range",
	[AGX4_RESET_HUNG] = "killed job kept by the firmware",
};

static u32 dev_index(struct agx4_device *adev)
{
	return adev->base.primary ? adev->base.primary->index : 0;
}

/* The dump of one reset; see the DOC above for what it holds. */
static void coredump(struct agx4_reset *r, unsigned int n,
		     unsigned long causes, unsigned long insts,
		     const u8 *rec, size_t rec_len)
{
	struct agx4_device *adev = r->adev;
	const struct agx4_fw_transport_ops *ops = adev->transport.ops;
	struct drm_print_iterator it = { .remain = DUMP_TEXT_SIZE };
	struct agx4_reset_fault f;
	struct drm_printer p;
	size_t len;
	unsigned int i;
	ssize_t got;
	char *buf;

	buf = vzalloc(DUMP_TEXT_SIZE +
		      AGX4_MAX_INSTANCES * (DUMP_HEAD_SIZE + DUMP_CRASHLOG_SIZE));
	if (!buf)
		return;
	it.data = buf;
	p = drm_coredump_printer(&it);
	/* No process is known to have caused a firmware reset. */
	agx4_fw_dump_header(adev, &p, "firmware restart", 0, NULL);
	drm_printf(&p, "agx4 recovery dump: reset %u, %s, firmware %s\n", n,
		   adev->gen->name, adev->plat.firmware_build);
	drm_printf(&p, "causes:");
	for_each_set_bit(i, &causes, AGX4_RESET_NR_CAUSES)
		drm_printf(&p, " %s", cause_names[i]);
	drm_printf(&p, "\ncrashed instances: %#lx\n", insts);
	agx4_reset_read_fault(adev, &f);
	if (f.known)
		drm_printf(&p, "fault: status %#018llx address %#018llx\n",
			   f.status, f.addr);
	else
		drm_printf(&p, "fault: no fault register known on %s\n",
			   adev->gen->name);
	agx4_reset_fault_print(&f, &p);
	if (rec_len) {
		drm_printf(&p, "event record:");
		for (i = 0; i + 8 <= rec_len; i += 8)
			drm_printf(&p, " %#018llx", get_unaligned_le64(rec + i));
		drm_printf(&p, "\n");
	}
	agx4_job_dump(adev, &p);
	if (adev->fw)
		agx4_fw_boot_print(adev->fw, &p);
	/* The crash logs follow the text, each in its own room. */
	len = it.offset;
	for_each_set_bit(i, &insts, AGX4_MAX_INSTANCES) {
		len += scnprintf(buf + len, DUMP_HEAD_SIZE,
				 "crashlog of instance %u:\n", i);
		if (!ops->read_crashlog)
			continue;
		got = ops->read_crashlog(adev->transport.priv, i, buf + len,
					 DUMP_CRASHLOG_SIZE);
		if (got > 0)
			len += got;
	}
	agx4_device_coredump(adev, buf, len, GFP_KERNEL);
}

/* A lost device goes the removal's way, outside the reset work. */
static void unplug_work(struct work_struct *w)
{
	struct agx4_reset *r = container_of(w, struct agx4_reset, unplug_work);
	struct drm_device *drm = &r->adev->base;

	agx4_device_unplug(r->adev);
	drm_dev_put(drm);
}

/*
 * The reset, with what agx4_reset_schedule() noted.  0 when the firmware
 * is up again; -ENODATA when there is nothing to do (no cause pending,
 * the device lost or going); -ECANCELED when fw_restart is off; else the
 * errno of the boot that failed, and the device is lost.
 */
static int reset_run(struct agx4_reset *r)
{
	struct agx4_device *adev = r->adev;
	unsigned long causes, insts, flags;
	u8 rec[AGX4_FW_EV_SIZE];
	size_t rec_len;
	unsigned int n;
	int ret, idx;

	spin_lock_irqsave(&r->lock, flags);
	causes = r->gone ? 0 : r->causes;
	insts = r->insts;
	rec_len = r->rec_len;
	memcpy(rec, r->rec, rec_len);
	r->causes = 0;
	r->running = !!causes;
	r->insts = 0;
	r->rec_len = 0;
	spin_unlock_irqrestore(&r->lock, flags);
	/* A second cause behind a reset that ran already, or a lost device. */
	if (!causes || READ_ONCE(r->lost) || !adev->fw)
		return -ENODATA;
	/*
	 * Everything below touches the hardware.  The unplug waits for this
	 * work before it unplugs (agx4_reset_unplug()), so this only holds
	 * once the device is going another way.
	 */
	if (!drm_dev_enter(&adev->base, &idx))
		return -ENODATA;

	n = atomic_inc_return(&r->count);
	trace_agx4_reset_begin(dev_index(adev), __ffs(causes), n);
	drm_err(&adev->base, "firmware reset %u: %s%s\n", n,
		cause_names[__ffs(causes)],
		hweight_long(causes) > 1 ? " and more" : "");
	/* Growth requests of this firmware are answered no more. */
	agx4_tvb_pre_reset(adev);
	/* A dump that cannot be made does not keep the restart from running. */
	coredump(r, n, causes, insts, rec, rec_len);
	if (!agx4_reset_wanted(adev)) {
		agx4_fw_boot_reset(adev->fw);
		ret = -ECANCELED;
		trace_agx4_reset_end(dev_index(adev), n, ret);
		goto out;
	}

	/*
	 * The firmware writes nothing more; then the job unit's pre_reset:
	 * nothing more runs, waits end, and what the jobs held may go.
	 */
	agx4_fw_boot_stop(adev);
	agx4_job_pre_reset(adev);
	down_write(&r->sem);
	if (READ_ONCE(r->gone)) {
		/* The removal stops the firmware itself. */
		up_write(&r->sem);
		ret = -ENODATA;
		goto out;
	}
	/* The firmware's pre_reset and post_reset: shut down, boot again. */
	agx4_fw_boot_fini(adev);
	ret = agx4_fw_boot_init(adev);
	if (!ret) {
		agx4_job_post_reset(adev);
		agx4_tvb_post_reset(adev);
	} else {
		r->lost = true;
		agx4_job_reset_failed(adev);
	}
	up_write(&r->sem);
	trace_agx4_reset_end(dev_index(adev), n, ret);
	if (!ret) {
		drm_info(&adev->base, "firmware reset %u: firmware up again\n",
			 n);
		goto out;
	}
	atomic_inc(&r->failures);
	drm_err(&adev->base, "firmware reset %u failed (%d): the device is lost\n",
		n, ret);
	drm_dev_get(&adev->base);
	queue_work(system_unbound_wq, &r->unplug_work);
out:
	drm_dev_exit(idx);
	return ret;
}

/* reset_run(), after which no reset is on its way (agx4_reset_due()). */
static int reset_run_end(struct agx4_reset *r)
{
	unsigned long flags;
	int ret = reset_run(r);

	spin_lock_irqsave(&r->lock, flags);
	r->running = false;
	spin_unlock_irqrestore(&r->lock, flags);
	return ret;
}

static void reset_work(struct work_struct *w)
{
	reset_run_end(container_of(w, struct agx4_reset, work));
}

static void reset_release(struct drm_device *drm, void *data)
{
	struct agx4_reset *r = data;

	destroy_workqueue(r->wq);
}

/**
 * agx4_recovery_init() - the recovery unit (a probe step, before the firmware)
 * @adev: the device.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_recovery_init(struct agx4_device *adev)
{
	struct agx4_reset *r;
	int ret;

	r = drmm_kzalloc(&adev->base, sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->adev = adev;
	r->wq = alloc_ordered_workqueue("agx4-reset", 0);
	if (!r->wq)
		return -ENOMEM;
	ret = drmm_add_action_or_reset(&adev->base, reset_release, r);
	if (ret)
		return ret;
	INIT_WORK(&r->work, reset_work);
	INIT_WORK(&r->unplug_work, unplug_work);
	init_rwsem(&r->sem);
	spin_lock_init(&r->lock);
	adev->reset = r;
	return 0;
}

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_recovery_run() - run the reset waiting, in the caller's task
 * @adev: the device, held (agx4_reset_hold()).
 *
 * The same reset the workqueue runs; a lost device is unplugged from its
 * own work item all the same.
 *
 * Return: 0 when the firmware is up again, -ENODATA when no reset was
 * due, -ECANCELED when fw_restart is off, else the failed boot's errno.
 */
int agx4_recovery_run(struct agx4_device *adev)
{
	return adev->reset ? reset_run_end(adev->reset) : -ENODATA;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_recovery_run);
#endif
