/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Between the G16 boot (agx4_fw_g16_boot.c), which builds the device-wide
 * objects, and the G16 submission backend (agx4_g16_*.c), which uses
 * them.
 */
#ifndef AGX4_FW_G16_BOOT_H
#define AGX4_FW_G16_BOOT_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "agx4_engine.h"
#include "agx4_fwif.h"
#include "agx4_uat.h"

struct agx4_fw_boot;
struct agx4_fw_chan_in;
struct agx4_fw_gen;
struct agx4_fw_hwdata_in;
struct agx4_fw_mc_in;
struct agx4_fw_obj;
struct agx4_fw_queue_in;
struct agx4_fw_regwin_in;
struct agx4_platform;

/* Render support leases, lent to the VMs that render (H: 57). */
#define AGX4_FW_G16_SUPPORTS	57

struct g16_render_vm;
struct g16_support_lease;
struct g16_vm;

/**
 * struct agx4_fw_g16_sub - what G16 submission shares across queues
 *
 * Made by the boot once the bootstrap barrier went through; lives as
 * long as the firmware.
 */
struct agx4_fw_g16_sub {
	/**
	 * @eng: the submission engine: publication, the channels' counts,
	 * doorbells and the jobs whose messages wait for ring room.  Its
	 * lock (&agx4_engine.lock) also protects the publication counts,
	 * @events and the lease waits; it is taken inside the job unit's
	 * spinlock (the ops run under it), never around anything that
	 * sleeps.
	 */
	struct agx4_engine eng;
	/** @chans: the work channels, by firmware priority * 3 + stage. */
	struct agx4_work_chan chans[AGX4_FW_NUM_WORK_CHANNELS];
	/** @compute_published: compute work items published so far. */
	u64 compute_published;
	/** @render_published: render work items (TA + 3D) published. */
	u64 render_published;
	/** @events: bit k: event lease k (ids 32 + 3k ..) is taken; &agx4_engine.lock. */
	unsigned long events;
	/**
	 * @leases: the event leases as jobs wait for them (agx4_g16_lease.c);
	 * protected by &agx4_engine.lock.
	 */
	struct agx4_room leases;
	/**
	 * @contexts: the UAT contexts as jobs wait for them (a VM's is lent
	 * while jobs of its are counted on it, agx4_g16_vm.c); protected by
	 * &agx4_engine.lock, as the next two.
	 */
	struct agx4_room contexts;
	/** @ctx_vm: by context, the VM's G16 state it is lent to, or NULL. */
	struct g16_vm *ctx_vm[AGX4_UAT_NUM_CTX];
	/** @ctx_clock: contexts taken so far, the least recently used first. */
	u64 ctx_clock;
	/** @compute_support: firmware address of the compute support. */
	u64 compute_support;
	/** @compute_state: the compute shared state (CPU view). */
	__le32 *compute_state;
	/** @compute_stats: the compute statistics record. */
	u64 compute_stats;
	/** @empty_buffer: the device-wide empty buffer every render names. */
	u64 empty_buffer;
	/** @compute_dir: the compute operand directory. */
	struct agx4_fw_obj *compute_dir;
	/** @compute_bufs: the compute operand buffers, with their guards. */
	struct agx4_fw_obj *compute_bufs;
	/** @bundle: the bundle (the render statistics are in it). */
	u64 bundle;
	/** @pb_table: the parameter-buffer descriptor table (CPU view). */
	void *pb_table;
	/**
	 * @support_lock: serialises the making, lending and taking back of
	 * render support leases (agx4_g16_support.c), which map and clear
	 * their storage.  Taken before @tvb_lock and &agx4_engine.lock.
	 */
	struct mutex support_lock;
	/**
	 * @supports: by index, the render support leases made so far (made
	 * in SUBMIT, freed when the firmware goes); set under @support_lock
	 * and &agx4_engine.lock, read under either.
	 */
	struct g16_support_lease *supports[AGX4_FW_G16_SUPPORTS];
	/**
	 * @support_room: the jobs waiting for their VM to get a lease;
	 * under &agx4_engine.lock.
	 */
	struct agx4_room support_room;
	/**
	 * @support_clock: leases lent so far, the least recently used
	 * first; under @support_lock.
	 */
	u64 support_clock;
	/** @support_ids: render objects given an id (&g16_render_vm.id). */
	u64 support_ids;
	/**
	 * @support_ready: @support_work is set up; under &agx4_engine.lock.
	 */
	bool support_ready;
	/**
	 * @support_work: lends leases to the VMs of the jobs waiting for one
	 * (agx4_g16_support_work()); set up with the first lease, under
	 * @support_lock.
	 */
	struct work_struct support_work;
	/**
	 * @tvb_lock: serialises TVB growth with the teardown of the pools: a
	 * pool a growth request found stays until it is done.
	 */
	struct mutex tvb_lock;
};

struct agx4_fw_g16_sub *agx4_fw_g16_sub(struct agx4_fw_boot *b);

/* The register windows hwdata lists (H). */
#define AGX4_FW_G16_NUM_WINDOWS	18

int agx4_fw_g16_boot(struct agx4_fw_boot *b);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
int agx4_fw_g16_windows(const struct agx4_platform *plat, u64 base, u64 end,
			struct agx4_fw_regwin_in *wins);
#endif

#endif /* AGX4_FW_G16_BOOT_H */
