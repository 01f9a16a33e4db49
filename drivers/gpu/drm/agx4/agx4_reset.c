// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitfield.h>
#include <linux/bitops.h>
#include <linux/moduleparam.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_reset.h"
#include "agx4_test_hooks.h"

/*
 * What every unit calls to give up on the running firmware
 * (agx4_reset_schedule()) and to keep it from being swapped while it
 * reaches the firmware's state (the reset lock, &agx4_reset.sem).  The
 * restart itself is the recovery unit's (agx4_recovery.c), which this
 * unit does not call: it only queues the recovery's work.
 */

AGX4_VISIBLE_IF_TEST bool agx4_fw_restart = true;
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_restart);
module_param_named(fw_restart, agx4_fw_restart, bool, 0644);
MODULE_PARM_DESC(fw_restart,
		 "Restart the firmware after a crash or fatal fault (default true; false keeps the crashed state for inspection)");

/**
 * agx4_reset_schedule() - give up on the running firmware
 * @adev: the device.
 * @cause: why.
 * @inst: for %AGX4_RESET_CRASH, the instance that crashed.
 * @rec: the event record behind it, or NULL.
 * @len: bytes of @rec.
 *
 * Notes the cause and queues the reset.  Safe from any context (the event
 * drain's hard-IRQ path included); does nothing once the device is going.
 */
void agx4_reset_schedule(struct agx4_device *adev,
			 enum agx4_reset_cause cause, unsigned int inst,
			 const void *rec, size_t len)
{
	struct agx4_reset *r = adev->reset;
	unsigned long flags;
	bool queue = false;

	if (!r || cause >= AGX4_RESET_NR_CAUSES)
		return;
	spin_lock_irqsave(&r->lock, flags);
	if (!r->gone) {
		r->causes |= BIT(cause);
		if (cause == AGX4_RESET_CRASH && inst < AGX4_MAX_INSTANCES)
			r->insts |= BIT(inst);
		if (rec && len && !r->rec_len) {
			r->rec_len = min(len, sizeof(r->rec));
			memcpy(r->rec, rec, r->rec_len);
		}
		queue = !(IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST) && r->held);
	}
	spin_unlock_irqrestore(&r->lock, flags);
	if (queue)
		queue_work(r->wq, &r->work);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_schedule);

/**
 * agx4_reset_wanted() - whether a crash restarts the firmware
 * @adev: the device.
 *
 * Return: true once the recovery unit is up, unless the ``fw_restart``
 * parameter is off.
 */
bool agx4_reset_wanted(struct agx4_device *adev)
{
	return adev->reset && READ_ONCE(agx4_fw_restart);
}

/**
 * agx4_reset_due() - whether a firmware restart is on its way
 * @adev: the device.
 *
 * True from agx4_reset_schedule() until the reset it queued has run (or
 * found nothing to do).  A job that times out meanwhile is the restart's
 * to end: its queue is not blamed for it.
 *
 * Return: true while one is.
 */
bool agx4_reset_due(struct agx4_device *adev)
{
	struct agx4_reset *r = adev->reset;
	unsigned long flags;
	bool ret;

	if (!r)
		return false;
	spin_lock_irqsave(&r->lock, flags);
	ret = r->causes || r->running;
	spin_unlock_irqrestore(&r->lock, flags);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_due);

/**
 * agx4_reset_read_lock() - keep the firmware from being swapped
 * @adev: the device.
 *
 * For a path that reaches the firmware's state and must not fail (file
 * close, a queue's release); pair with agx4_reset_exit().
 */
void agx4_reset_read_lock(struct agx4_device *adev)
{
	if (adev->reset)
		down_read(&adev->reset->sem);
}

/**
 * agx4_reset_write_lock() - keep every reader out while the firmware goes
 * @adev: the device.
 *
 * For the removal's firmware shutdown, which, as a restart does, frees
 * the backend's state that a queue's release reaches (under
 * agx4_reset_read_lock()): a release runs wholly before it, and is freed
 * through the backend, or wholly after, and is forgotten.  Pair with
 * agx4_reset_write_unlock().
 */
void agx4_reset_write_lock(struct agx4_device *adev)
{
	if (adev->reset)
		down_write(&adev->reset->sem);
}

/**
 * agx4_reset_write_unlock() - end agx4_reset_write_lock()
 * @adev: the device.
 */
void agx4_reset_write_unlock(struct agx4_device *adev)
{
	if (adev->reset)
		up_write(&adev->reset->sem);
}

/**
 * agx4_reset_enter() - keep the firmware from being swapped, if it is there
 * @adev: the device.
 *
 * For an ioctl that reaches the firmware's state; pair with
 * agx4_reset_exit() when it succeeds.
 *
 * Return: 0, or -ENODEV when the firmware did not come back from a reset.
 */
int agx4_reset_enter(struct agx4_device *adev)
{
	struct agx4_reset *r = adev->reset;

	if (!r)
		return 0;
	down_read(&r->sem);
	if (r->lost) {
		up_read(&r->sem);
		return -ENODEV;
	}
	return 0;
}

/**
 * agx4_reset_exit() - end agx4_reset_enter() or agx4_reset_read_lock()
 * @adev: the device.
 */
void agx4_reset_exit(struct agx4_device *adev)
{
	if (adev->reset)
		up_read(&adev->reset->sem);
}

/* The UAT context of the faulting access, in the fault status. */
#define FAULT_CONTEXT	GENMASK_ULL(22, 17)

/**
 * agx4_reset_read_fault() - what the GPU's fault registers say
 * @adev: the device.
 * @f: receives them; @f->known is false where the generation has none
 *	agx4 knows, or once the device is unplugged.
 */
void agx4_reset_read_fault(struct agx4_device *adev,
			   struct agx4_reset_fault *f)
{
	int idx;

	memset(f, 0, sizeof(*f));
	/* A device without registers (KUnit's job-unit tests) has none. */
	if (!adev->gen || !adev->gen->read_fault || !adev->sgx ||
	    !drm_dev_enter(&adev->base, &idx))
		return;
	adev->gen->read_fault(adev, &f->status, &f->addr);
	f->known = true;
	drm_dev_exit(idx);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_read_fault);

/**
 * agx4_reset_fault_context() - the UAT context a GPU fault names
 * @f: as agx4_reset_read_fault() read them.
 *
 * Return: the context of the faulting access (status bits 22:17, L on
 * G16 as the layout below), or -1 when no fault register is known or the
 * status's fault bit (0) is clear: a culprit is named only for a fault
 * the register itself says happened.
 */
int agx4_reset_fault_context(const struct agx4_reset_fault *f)
{
	if (!f->known || !(f->status & BIT_ULL(0)))
		return -1;
	return FIELD_GET(FAULT_CONTEXT, f->status);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_fault_context);

/*
 * The reasons of a fault's status (bits 3:1), as m1n1's hw/agx.py names
 * them for G13/G14 (H there; L on G16, whose register at SGX+0xd8c0 is
 * the one the G16 reference logs, layout not stated).
 */
static const char *const fault_reasons[] = {
	"invalid", "access flag", "write only", "read only", "no access",
	"unknown",
};

/**
 * agx4_reset_fault_print() - what the fault registers say, decoded
 * @f: as agx4_reset_read_fault() read them.
 * @p: where to print.
 *
 * One line: nothing known, no fault (a status of 0), or the faulting
 * address and the status's fields as the G13/G14 fault register lays
 * them out (L for G16, whose register sits where the G14X one does): the
 * UAT context of the access (bits 22:17), the unit (16:9), the page-table
 * level (8:7), read or write (bit 4) and the reason (3:1).  Bit 0 says it
 * faulted; agx4 takes any non-zero status as a fault (L), and says when
 * that bit is clear.
 */
void agx4_reset_fault_print(const struct agx4_reset_fault *f,
			    struct drm_printer *p)
{
	u32 reason = FIELD_GET(GENMASK_ULL(3, 1), f->status);

	if (!f->known) {
		drm_printf(p, "fault: no fault register known\n");
		return;
	}
	if (!f->status) {
		drm_printf(p, "fault: none\n");
		return;
	}
	drm_printf(p,
		   "fault: address %#018llx, context %llu, unit %#llx, level %llu, %s, %s%s (status %#018llx)\n",
		   f->addr, FIELD_GET(FAULT_CONTEXT, f->status),
		   FIELD_GET(GENMASK_ULL(16, 9), f->status),
		   FIELD_GET(GENMASK_ULL(8, 7), f->status),
		   f->status & BIT_ULL(4) ? "read" : "write",
		   reason < ARRAY_SIZE(fault_reasons) ? fault_reasons[reason] :
		   "reason unknown",
		   f->status & BIT_ULL(0) ? "" : ", fault bit clear", f->status);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_fault_print);

/**
 * agx4_reset_unplug() - the device is going: no more resets
 * @adev: the device.
 *
 * Called first at unplug: a reset queued is dropped, one running is waited
 * for (unless it is the caller's own work), so the removal that follows
 * stops the firmware alone.
 */
void agx4_reset_unplug(struct agx4_device *adev)
{
	struct agx4_reset *r = adev->reset;
	unsigned long flags;

	if (!r)
		return;
	spin_lock_irqsave(&r->lock, flags);
	r->gone = true;
	spin_unlock_irqrestore(&r->lock, flags);
	if (current_work() != &r->work)
		cancel_work_sync(&r->work);
}

/**
 * agx4_reset_count() - resets begun
 * @adev: the device.
 *
 * Return: the count.
 */
unsigned int agx4_reset_count(struct agx4_device *adev)
{
	return adev->reset ? atomic_read(&adev->reset->count) : 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_count);

/**
 * agx4_reset_failures() - resets after which the firmware stayed down
 * @adev: the device.
 *
 * Return: the count.
 */
unsigned int agx4_reset_failures(struct agx4_device *adev)
{
	return adev->reset ? atomic_read(&adev->reset->failures) : 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_failures);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_reset_hold() - restart in the test's task, not on the workqueue
 * @adev: the device.
 * @hold: true: causes wait for agx4_recovery_run(); false: back to the
 *	workqueue, which runs a reset if one waits.
 *
 * For the fault-injection suite, whose failures only reach allocations
 * made in the test's own task.
 */
void agx4_reset_hold(struct agx4_device *adev, bool hold)
{
	struct agx4_reset *r = adev->reset;
	bool queue;

	if (!r)
		return;
	spin_lock_irq(&r->lock);
	r->held = hold;
	queue = !hold && r->causes;
	spin_unlock_irq(&r->lock);
	if (hold)
		flush_workqueue(r->wq);
	else if (queue)
		queue_work(r->wq, &r->work);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_hold);

/**
 * agx4_reset_pending() - whether a cause waits for the reset
 * @adev: the device.
 *
 * Return: true when one does.
 */
bool agx4_reset_pending(struct agx4_device *adev)
{
	struct agx4_reset *r = adev->reset;
	bool ret;

	if (!r)
		return false;
	spin_lock_irq(&r->lock);
	ret = r->causes;
	spin_unlock_irq(&r->lock);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_pending);

/**
 * agx4_reset_flush() - wait for resets queued and their unplug
 * @adev: the device.
 */
void agx4_reset_flush(struct agx4_device *adev)
{
	if (!adev->reset)
		return;
	flush_workqueue(adev->reset->wq);
	flush_work(&adev->reset->unplug_work);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_reset_flush);

#endif
