/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_RESET_H
#define AGX4_RESET_H

#include <linux/atomic.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "agx4_fwif.h"

struct drm_printer;

struct agx4_device;

/**
 * struct agx4_reset - a device's reset state, between the units and the
 *	recovery (agx4_recovery.c)
 */
struct agx4_reset {
	/** @adev: the device. */
	struct agx4_device *adev;
	/** @wq: ordered: one reset at a time. */
	struct workqueue_struct *wq;
	/** @work: the reset (the recovery's work). */
	struct work_struct work;
	/** @unplug_work: takes a lost device down (the recovery's). */
	struct work_struct unplug_work;
	/**
	 * @sem: held for reading by every path that reaches the firmware's
	 * state through &agx4_device.fw or the submission backend (the
	 * ioctls that do, file close, the job unit's queue releases), and
	 * for writing by the reset while it swaps the firmware; protects
	 * @lost.
	 */
	struct rw_semaphore sem;
	/** @lost: the firmware did not come back; the device is going. */
	bool lost;
	/**
	 * @lock: protects @gone, @causes, @running, @insts, @rec and
	 * @rec_len.
	 */
	spinlock_t lock;
	/** @gone: the device is going: no more resets are queued. */
	bool gone;
	/** @causes: bit n: &enum agx4_reset_cause n is pending. */
	unsigned long causes;
	/**
	 * @running: a reset took @causes and has not ended
	 * (agx4_reset_due()).
	 */
	bool running;
	/** @insts: bit n: instance n crashed, pending. */
	unsigned long insts;
	/** @rec: the event record behind a pending reset, @rec_len bytes. */
	u8 rec[AGX4_FW_EV_SIZE];
	/** @rec_len: 0 for none. */
	size_t rec_len;
	/** @count: resets begun. */
	atomic_t count;
	/** @failures: resets after which the firmware did not come back. */
	atomic_t failures;
	/**
	 * @held: only ever set by the agx4 tests (agx4_reset_hold()):
	 * causes are noted without @work, for agx4_recovery_run() to
	 * restart in the test's task; protected by @lock.  Present in every
	 * build, so that the tests do not change the layout; false and never
	 * read without them.
	 */
	bool held;
};

/**
 * enum agx4_reset_cause - why the firmware is restarted
 * @AGX4_RESET_CRASH: a firmware instance crashed (the transport's crashed
 *	callback: RTKit's crash log).
 * @AGX4_RESET_FATAL: the firmware posted a fatal event (kind 4).
 * @AGX4_RESET_BAD_EVENT: the firmware posted an event agx4 cannot parse
 *	(an unknown kind, or a known one with impossible contents).
 * @AGX4_RESET_GPU_FAULT: a job timed out while the GPU's fault registers
 *	reported a fault.
 * @AGX4_RESET_BAD_CURSOR: the event ring's write cursor, which the firmware
 *	writes, is outside the ring.
 * @AGX4_RESET_BAD_CHANNEL: a work channel's read or done cursor, which the
 *	firmware writes, is outside the channel's ring.
 * @AGX4_RESET_BAD_CONTROL: a device-control channel's read cursor, which
 *	the firmware writes, is outside the channel's ring (seen when the host
 *	pushes a record).
 * @AGX4_RESET_BAD_STAMP: a G16 lane's firmware stamp or a G17P bank's done
 *	index, which the firmware writes, went backwards or past the last
 *	work published there.
 * @AGX4_RESET_HUNG: the firmware kept a job a timeout killed for a hang
 *	timeout more (agx4_job.c's hang check).
 * @AGX4_RESET_NR_CAUSES: number of causes.
 */
enum agx4_reset_cause {
	AGX4_RESET_CRASH,
	AGX4_RESET_FATAL,
	AGX4_RESET_BAD_EVENT,
	AGX4_RESET_GPU_FAULT,
	AGX4_RESET_BAD_CURSOR,
	AGX4_RESET_BAD_CHANNEL,
	AGX4_RESET_BAD_STAMP,
	AGX4_RESET_BAD_CONTROL,
	AGX4_RESET_HUNG,
	AGX4_RESET_NR_CAUSES,
};

/**
 * struct agx4_reset_fault - what the GPU's fault registers say
 * @known: the generation has fault registers agx4 knows (G16).
 * @status: fault status/information.
 * @addr: faulting address.
 */
struct agx4_reset_fault {
	bool known;
	u64 status;
	u64 addr;
};

/* As the units the recovery restarts call it. */
void agx4_reset_schedule(struct agx4_device *adev,
			 enum agx4_reset_cause cause, unsigned int inst,
			 const void *rec, size_t len);
bool agx4_reset_wanted(struct agx4_device *adev);
bool agx4_reset_due(struct agx4_device *adev);
int agx4_reset_enter(struct agx4_device *adev);
void agx4_reset_read_lock(struct agx4_device *adev);
void agx4_reset_write_lock(struct agx4_device *adev);
void agx4_reset_write_unlock(struct agx4_device *adev);
void agx4_reset_exit(struct agx4_device *adev);
void agx4_reset_read_fault(struct agx4_device *adev,
			   struct agx4_reset_fault *f);
int agx4_reset_fault_context(const struct agx4_reset_fault *f);
void agx4_reset_fault_print(const struct agx4_reset_fault *f,
			    struct drm_printer *p);

void agx4_reset_unplug(struct agx4_device *adev);
unsigned int agx4_reset_count(struct agx4_device *adev);
unsigned int agx4_reset_failures(struct agx4_device *adev);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
extern bool agx4_fw_restart;
void agx4_reset_flush(struct agx4_device *adev);
void agx4_reset_hold(struct agx4_device *adev, bool hold);
bool agx4_reset_pending(struct agx4_device *adev);
#endif

#endif /* AGX4_RESET_H */
