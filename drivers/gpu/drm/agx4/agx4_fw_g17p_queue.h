/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Between the G17P boot (agx4_fw_g17p_boot.c) and the G17P submission
 * backend (agx4_fw_g17p_queue.c): what boot built that submission uses.
 */
#ifndef AGX4_FW_G17P_QUEUE_H
#define AGX4_FW_G17P_QUEUE_H

#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#include "agx4_channel.h"
#include "agx4_fwif_g17p.h"

struct agx4_fw_boot;
struct agx4_fw_obj;
struct agx4_fw_queue;
struct g17p_pool;

/* Work channels used: priority 2's TA, 3D and compute (6, 7, 8). */
#define AGX4_G17P_NUM_STAGES	3
/* Compute owners: grids 32 .. 127. */
#define AGX4_G17P_MAX_OWNERS	G17P_NUM_OWNERS
/* Render pools: grids 0 .. 31 without 4 and 5. */
#define AGX4_G17P_MAX_POOLS	G17P_NUM_POOLS

/**
 * struct agx4_fw_g17p_sub - the device's G17P submission state
 *
 * Made by the boot (agx4_fw_g17p_boot()), in the boot's own state.
 */
struct agx4_fw_g17p_sub {
	/** @b: the firmware. */
	struct agx4_fw_boot *b;
	/**
	 * @lock: protects @chan (rings and producer cursors) and
	 * @deferred; taken with interrupts off, it is also taken from the
	 * completion scan.
	 */
	spinlock_t lock;
	/** @chan: the primary's channels 6, 7 and 8, by stage. */
	struct agx4_channel chan[AGX4_G17P_NUM_STAGES];
	/** @chan_va: firmware addresses of their rings. */
	u64 chan_va[AGX4_G17P_NUM_STAGES];
	/**
	 * @prod: messages published on each of @chan, counted from boot.
	 */
	u64 prod[AGX4_G17P_NUM_STAGES];
	/**
	 * @cons: the firmware's read and done counters of each of @chan,
	 * extended to 64 bits.
	 */
	u64 cons[AGX4_G17P_NUM_STAGES][2];
	/** @deferred: jobs not wholly published, in publication order. */
	struct list_head deferred;
	/** @pass: passes over @deferred. */
	u64 pass;
	/**
	 * @kick_pending: pipes whose doorbell the next kick rings; set
	 * after what they publish is written (atomic_long_or() after a full
	 * barrier), taken by the kick with atomic_long_xchg(), without @lock.
	 */
	atomic_long_t kick_pending;
	/**
	 * @kick_lost: pipes whose doorbell the mailbox refused; set_bit(),
	 * taken by the next poll with xchg().
	 */
	unsigned long kick_lost;
	/**
	 * @ctl_rings: control doorbells the next kick rings for renders
	 * seen complete; added to under @lock, taken by the kick with
	 * atomic_xchg().
	 */
	atomic_t ctl_rings;
	/** @renders_done: renders seen complete since the boot; under @lock. */
	u64 renders_done;
	/**
	 * @render_ordinal: renders published since the boot, the ordinal of
	 * the next one (0: the first); under @lock.
	 */
	u64 render_ordinal;
	/**
	 * @live: commands (render or compute) published and neither seen
	 * done nor freed; under @lock.
	 */
	u32 live;
	/**
	 * @pool_terminals: completion reports from the primary naming both
	 * grids of each render pool, by pool index; under @lock.
	 */
	u32 pool_terminals[AGX4_G17P_MAX_POOLS];
	/**
	 * @owner_terminals: completion reports from the primary naming each
	 * compute owner's grid, by owner index; under @lock.
	 */
	u32 owner_terminals[AGX4_G17P_MAX_OWNERS];
	/**
	 * @setup_lock: protects @owners, @pools, @pool, @pool_gen,
	 * @pool_waiters, @queues, which queue each pool is bound to,
	 * @operands and the dispatch block.
	 */
	struct mutex setup_lock;
	/** @owners: compute owner indices in use. */
	DECLARE_BITMAP(owners, AGX4_G17P_MAX_OWNERS);
	/** @pools: render pool indices in use. */
	DECLARE_BITMAP(pools, AGX4_G17P_MAX_POOLS);
	/** @pool: the render pools made, by index. */
	struct g17p_pool *pool[AGX4_G17P_MAX_POOLS];
	/**
	 * @pool_wq: renders waiting for a pool; woken when one is given back
	 * or goes idle, at unplug and when the firmware stops.
	 */
	wait_queue_head_t pool_wq;
	/** @pool_gen: counts those events. */
	unsigned long pool_gen;
	/** @pool_waiters: renders waiting for a pool now. */
	unsigned int pool_waiters;
	/**
	 * @queues: every queue made and not freed, whose waits the unplug
	 * and the firmware stopping wake.
	 */
	struct list_head queues;
	/**
	 * @going: the device is going (&agx4_fw_submit_ops.unplug): waits
	 * for room give up.  Set once, read locklessly.
	 */
	bool going;
	/** @operands: the compute operand buffers, made at first use. */
	struct agx4_fw_obj *operands;
	/** @dispatch: the dispatch block (primary region 1 + 0x20), CPU view. */
	void *dispatch;
	/** @region0: primary region 0, CPU view. */
	void *region0;
	/**
	 * @cleanup_lock: serialises queue cleanups: their device-control
	 * records, the wait for the firmware to take them, and @retained.
	 */
	struct mutex cleanup_lock;
	/**
	 * @retained: queues whose cleanup the firmware did not take in
	 * time, kept whole until a later cleanup finds the control channel
	 * drained or the firmware stops (a crash, the removal).
	 */
	struct list_head retained;
	/**
	 * @tvb_lock: serialises TVB growth with a pool's binding to a VM
	 * and its release: protects each pool's grown blocks and the VM
	 * they are mapped in; taken before @setup_lock.
	 */
	struct mutex tvb_lock;
	/**
	 * @renders: jobs with a render published and not freed, for the
	 * memory-limit report to find; protected by @lock.
	 */
	struct list_head renders;
};

struct agx4_fw_g17p_sub *agx4_fw_g17p_sub(struct agx4_fw_boot *b);
void agx4_fw_g17p_sub_init(struct agx4_fw_g17p_sub *sub,
			   struct agx4_fw_boot *b, u8 *bundle, u64 bundle_va,
			   u8 *cursors, void *region0, void *region1);
#if IS_ENABLED(CONFIG_KUNIT)
void agx4_fw_g17p_queue_set_counts(struct agx4_fw_queue *fq, u32 commands,
				   u32 renders);
#endif

#endif /* AGX4_FW_G17P_QUEUE_H */
