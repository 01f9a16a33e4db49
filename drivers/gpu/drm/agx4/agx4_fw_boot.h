/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_BOOT_H
#define AGX4_FW_BOOT_H

#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "agx4_channel.h"
#include "agx4_event.h"
#include "agx4_fw_mem.h"
#include "agx4_of.h"
#include "agx4_uat.h"

struct agx4_device;
struct agx4_fw_obj;
struct drm_printer;

/* Firmware objects one boot may allocate. */
#define AGX4_FW_BOOT_MAX_OBJS	128
/* Records inside those objects the decoder shows by name. */
#define AGX4_FW_BOOT_MAX_VIEWS	16

/* Default wait for each boot handshake step. */
#define AGX4_FW_BOOT_TIMEOUT_MS	3000

/**
 * struct agx4_fw_boot_obj - a firmware object the boot made
 * @name: the decoder's name of what it holds (for dumps), or a label.
 * @obj: the object.
 */
struct agx4_fw_boot_obj {
	const char *name;
	struct agx4_fw_obj *obj;
};

/**
 * struct agx4_fw_boot_view - a record inside a boot object, by name
 * @file: its debugfs file name ("fw_root0", ...), unique per device.
 * @layout: the decoder's name of the record.
 * @obj: the object it lies in.
 * @offset: where in @obj.
 */
struct agx4_fw_boot_view {
	const char *file;
	const char *layout;
	struct agx4_fw_obj *obj;
	u64 offset;
};

/**
 * struct agx4_fw_boot - the firmware of one device, while it runs
 *
 * Made by the firmware step of the probe (agx4_fw_boot_init()), undone by
 * agx4_fw_boot_fini().  The generation's boot op fills the objects and
 * channels and runs the handshake; everything here is the generation-
 * neutral part of the firmware's lifecycle: transport callbacks, waits,
 * crash capture and the reset entry point.
 */
struct agx4_fw_boot {
	/** @adev: the device. */
	struct agx4_device *adev;
	/**
	 * @gone_hook: set by the job unit once it is up (agx4_job_fw_gone());
	 * called once the firmware is stopped, after a crash or at removal,
	 * before the backend's &agx4_fw_submit_ops.fw_gone.  A hook, since
	 * the job unit builds on this one and not the other way round.
	 */
	void (*gone_hook)(struct agx4_device *adev);
	/**
	 * @engine: the submission engine of this boot, set by the
	 * generation's submission state when it is made
	 * (agx4_engine_init()); NULL without one.  The job unit polls and
	 * rings through it.
	 */
	struct agx4_engine *engine;
	/**
	 * @incarnation: which boot of the device this is (1 at probe, one
	 * more at each restart): state made for an earlier one is the old
	 * firmware's.
	 */
	u32 incarnation;
	/** @timeout_ms: how long each handshake step may take. */
	unsigned int timeout_ms;
	/**
	 * @lock: serialises boot, shutdown, reset and crash capture;
	 * protects @started, @objs and @num_objs.
	 */
	struct mutex lock;
	/** @started: bit n: instance n was started and must be stopped. */
	unsigned long started;
	/** @objs: every object the boot allocated, in order. */
	struct agx4_fw_boot_obj objs[AGX4_FW_BOOT_MAX_OBJS];
	/** @num_objs: entries of @objs. */
	unsigned int num_objs;
	/** @views: records the decoder shows, in debugfs and crash dumps. */
	struct agx4_fw_boot_view views[AGX4_FW_BOOT_MAX_VIEWS];
	/** @num_views: entries of @views; protected like @objs. */
	unsigned int num_views;
	/** @views_shown: @views have debugfs files; protected like @objs. */
	bool views_shown;
	/** @handoff: the loader handoff page. */
	struct agx4_fw_mem_region handoff;
	/** @ttbs: the context table page. */
	struct agx4_fw_mem_region ttbs;
	/** @ctx: the context table, in @ttbs. */
	struct agx4_uat_ctx_table ctx;
	/** @dev_uat: context 0's low half (the device address space). */
	struct agx4_uat dev_uat;
	/**
	 * @render_uat: the render context's low half (G16: the opening
	 * client's), in context 1 (agx4_fw_boot_render_space(),
	 * agx4_fw_boot_render_context()).
	 */
	struct agx4_uat render_uat;
	/** @render_uat_ready: @render_uat is initialised. */
	bool render_uat_ready;
	/** @render_ctx: @render_uat's context, 0 while it has none. */
	int render_ctx;
	/**
	 * @empty_high: the high halves of contexts 0 and 1 when the
	 * generation gives each an empty root of its own (G16), the firmware
	 * running on the loader's root instead.
	 */
	struct agx4_uat empty_high[2];
	/** @num_empty_high: entries of @empty_high initialised. */
	unsigned int num_empty_high;
	/**
	 * @ctl_lock: serialises agx4_fw_boot_ctl_push(): boot, queue
	 * cleanup and TVB replies publish on @ctl from different contexts.
	 */
	spinlock_t ctl_lock;
	/** @ctl: each instance's device-control channel (12). */
	struct agx4_channel ctl[AGX4_MAX_INSTANCES];
	/** @events: the event channel (13) and its drain. */
	struct agx4_event events;
	/** @acked: bit n: instance n acknowledged its init data (G17P). */
	unsigned long acked;
	/** @wq: woken at every acknowledgment and crash. */
	wait_queue_head_t wq;
	/** @crashed: bit n: instance n crashed. */
	unsigned long crashed;
	/** @bad_messages: malformed or unknown messages from the firmware. */
	atomic_t bad_messages;
	/**
	 * @bad_cursors: times a work channel's read or done cursor, or a
	 * device-control read cursor, which the firmware writes, was seen
	 * outside its ring.
	 */
	atomic_t bad_cursors;
	/**
	 * @bad_stamps: times a G16 lane's firmware stamp or a G17P bank's
	 * done index, which the firmware writes, was seen behind an earlier
	 * reading or past the last work published there.
	 */
	atomic_t bad_stamps;
	/** @resets: times the reset entry point ran. */
	atomic_t resets;
	/**
	 * @dumped: bit n: instance n's crash was captured; only the crash
	 * work touches it.
	 */
	unsigned long dumped;
	/** @crash_work: captures a crash and calls agx4_fw_boot_reset(). */
	struct work_struct crash_work;
	/** @gen_priv: the generation's own state, kfree()d with the rest. */
	void *gen_priv;
};

int agx4_fw_boot_init(struct agx4_device *adev);
void agx4_fw_boot_fini(struct agx4_device *adev);
void agx4_fw_boot_reset(struct agx4_fw_boot *b);
bool agx4_fw_boot_down(struct agx4_fw_boot *b);
void agx4_fw_boot_stop(struct agx4_device *adev);
void agx4_fw_boot_print(struct agx4_fw_boot *b, struct drm_printer *p);

/* For the generations' boot ops. */
struct agx4_fw_obj *agx4_fw_boot_alloc_at(struct agx4_fw_boot *b,
					  const char *name, u64 va, u64 size,
					  unsigned int class);
struct agx4_fw_obj *agx4_fw_boot_alloc(struct agx4_fw_boot *b,
				       const char *name, u64 size,
				       unsigned int class);
struct agx4_fw_obj *agx4_fw_boot_map_sgx(struct agx4_fw_boot *b,
					 const char *name, u32 offset,
					 u64 size, unsigned int class);
int agx4_fw_boot_map_window(struct agx4_fw_boot *b, u64 va,
			    const phys_addr_t *pa, unsigned int n, u64 size,
			    bool rw);
int agx4_fw_boot_views(struct agx4_fw_boot *b,
		       const struct agx4_fw_boot_view *views, unsigned int n);
int agx4_fw_boot_start_cpu(struct agx4_fw_boot *b, unsigned int inst);
int agx4_fw_boot_start_endpoints(struct agx4_fw_boot *b, unsigned int inst);
int agx4_fw_boot_start(struct agx4_fw_boot *b, unsigned int inst);
int agx4_fw_boot_send(struct agx4_fw_boot *b, unsigned int inst, u8 ep,
		      u64 msg);
int agx4_fw_boot_publish_root(struct agx4_fw_boot *b, unsigned int inst,
			      u64 root_va);
int agx4_fw_boot_wait_u32(struct agx4_fw_boot *b, const u32 *word, u32 value);
int agx4_fw_boot_wait_acked(struct agx4_fw_boot *b, unsigned long mask,
			    unsigned int timeout_ms);
int agx4_fw_boot_ctl_push(struct agx4_fw_boot *b, unsigned int inst,
			  const void *rec, size_t len);
int agx4_fw_boot_ctl_push_n(struct agx4_fw_boot *b, unsigned int inst,
			    const void *recs, size_t len, unsigned int n);
int agx4_fw_boot_ctl_ring(struct agx4_fw_boot *b, unsigned int inst);
bool agx4_fw_boot_ctl_room(struct agx4_fw_boot *b, unsigned int inst);
int agx4_fw_boot_wait_ctl(struct agx4_fw_boot *b, unsigned int inst);
int agx4_fw_boot_handoff(struct agx4_fw_boot *b);
int agx4_fw_boot_check_cold(struct agx4_fw_boot *b, unsigned int inst);
int agx4_fw_boot_clear_contexts(struct agx4_fw_boot *b, unsigned int first);
int agx4_fw_boot_contexts(struct agx4_fw_boot *b, bool empty_high);
int agx4_fw_boot_render_space(struct agx4_fw_boot *b);
int agx4_fw_boot_render_context(struct agx4_fw_boot *b, bool empty_high);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
void agx4_fw_boot_coredump(struct agx4_fw_boot *b, unsigned int inst);
#endif

#endif /* AGX4_FW_BOOT_H */
