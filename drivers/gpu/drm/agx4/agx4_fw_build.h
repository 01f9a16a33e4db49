/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_BUILD_H
#define AGX4_FW_BUILD_H

/*
 * What the generation builders of init-data objects, events and device
 * control take and give (each generation's own, and the &struct
 * agx4_fw_gen ops), and the helpers for the records every generation
 * shares (agx4_fw_common.c).  Only the
 * builders and their callers include this; work-item inputs are in
 * agx4_fw_work.h.
 */

#include <linux/types.h>

#include "agx4_fwif.h"

struct agx4_fw_gen;
struct agx4_fw_hwdata;

/**
 * struct agx4_fw_root_in - what an init-data root points at
 * @instance: firmware instance, 0 (primary) or 1.
 * @region_a: region A.
 * @main_config: the instance's main config.
 * @region_c: region C.
 * @status_a: status record A.
 * @status_b: status record B.
 * @extra_0: support object (G16, G17P secondary).
 * @extra_1: support object (G16, G17P secondary).
 */
struct agx4_fw_root_in {
	u32 instance;
	u64 region_a;
	u64 main_config;
	u64 region_c;
	u64 status_a;
	u64 status_b;
	u64 extra_0;
	u64 extra_1;
};

/**
 * struct agx4_fw_chan_in - where the channel table's rings and cursors are
 * @bundle: the bundle (hwdata first; the work rings are in it).
 * @main_config: the main config (the control ring is in it).
 * @status_a: status record A (the event, trace and state channels are
 *	placed from it).
 * @cursors: where the firmware sees the read/done cursor words (G16: the
 *	alias of SGX+0xd64000; G17P: the RAM state base).
 * @producers: where it sees the producer words (G16: the alias of
 *	SGX+0xd60000; G17P: unused, they follow the cursors).
 */
struct agx4_fw_chan_in {
	u64 bundle;
	u64 main_config;
	u64 status_a;
	u64 cursors;
	u64 producers;
};

/**
 * struct agx4_fw_mc_view - a region view of a G17P main config
 * @address: the region (0 for the secondary's views).
 * @value: its value word; 0 for a view without one, whose tag word then
 *	stays 0 too.
 */
struct agx4_fw_mc_view {
	u64 address;
	u32 value;
};

/* Regions (G16) and region views (G17P) a main config lists. */
#define AGX4_FW_MC_REGIONS	6
#define AGX4_FW_MC_VIEWS	3

/**
 * struct agx4_fw_mc_in - what a main config holds besides its channels
 * @chan: where its channels' rings and cursors are.
 * @instance: the firmware instance it is for.
 * @header: G16: the header pointer.
 * @regions: G16: the six region addresses.
 * @views: G17P primary: the three region views.
 * @extra: G17P secondary: its extra object.
 */
struct agx4_fw_mc_in {
	struct agx4_fw_chan_in chan;
	u32 instance;
	u64 header;
	u64 regions[AGX4_FW_MC_REGIONS];
	struct agx4_fw_mc_view views[AGX4_FW_MC_VIEWS];
	u64 extra;
};

/**
 * struct agx4_fw_queue_in - a queue record's inputs
 * @pointers: its pointer block.
 * @ring: its item ring.
 * @job_list: its job list.
 * @self: the record's own address (G16 places its private area after it).
 * @priority: firmware priority 0..3 (G17P: 2 only).
 * @lane: the lane it feeds: %AGX4_FW_LANE_TA, %AGX4_FW_LANE_3D or
 *	%AGX4_FW_LANE_COMPUTE.
 * @uuid: the queue's UUID.
 * @context: its context/control record.
 */
struct agx4_fw_queue_in {
	u64 pointers;
	u64 ring;
	u64 job_list;
	u64 self;
	u32 priority;
	u32 lane;
	u32 uuid;
	u64 context;
};

/**
 * struct agx4_fw_run - constant bytes at an offset of an object
 * @offset: where.
 * @len: how many.
 * @bytes: the bytes.
 */
struct agx4_fw_run {
	u32 offset;
	u32 len;
	const u8 *bytes;
};

/**
 * struct agx4_fw_hw_region_in - a region record of G17P hwdata
 * @lead: its lead word.
 * @value: its value word.
 * @address: the region.
 * @trail: its trail word.
 */
struct agx4_fw_hw_region_in {
	u32 lead;
	u32 value;
	u64 address;
	u32 trail;
};

/**
 * struct agx4_fw_pstates - the performance-state tables of hwdata
 * @freq_a: frequencies A, MHz.
 * @freq_b: frequencies B, MHz.
 * @core_mv: core millivolts.
 * @mem_mv: memory millivolts.
 * @relative_a: relative performance A.
 * @relative_b: relative performance B.
 * @index_a: indices A.
 * @index_b: indices B.
 * @scale_b: the scale B of every state (binary32).
 */
struct agx4_fw_pstates {
	const u32 *freq_a;
	const u32 *freq_b;
	const u32 *core_mv;
	const u32 *mem_mv;
	const u32 *relative_a;
	const u32 *relative_b;
	const u32 *index_a;
	const u32 *index_b;
	u32 scale_b;
};

/**
 * struct agx4_fw_regwin_in - a hardware register window for hwdata
 * @slot: its slot, below %AGX4_FW_NUM_REGWINS.
 * @rw: the firmware may write it.
 * @pa: its physical address.
 * @fw_va: where the firmware sees it.
 * @size: its size in bytes; 0 for a flag-only slot (G17P), which has
 *	@rw set and no address, stride or offset, and is not mapped.
 * @stride: the record's second size word, as the reference writes it.
 * @sgx_offset: the record's "relative" word: the window's offset in the
 *	SGX block for most SGX windows, 0 for the others and where the
 *	reference writes 0 (G16 and G17P slots 22, 39 and 41; G17P 17).
 */
struct agx4_fw_regwin_in {
	u32 slot;
	bool rw;
	u64 pa;
	u64 fw_va;
	u32 size;
	u32 stride;
	u64 sgx_offset;
};

/**
 * struct agx4_fw_hwdata_in - what hwdata says beyond the device tree
 * @ts_aperture: firmware address of the timestamp aperture.
 * @wins: the register windows.
 * @num_wins: how many.
 * @regions: G17P: the region records.
 * @num_regions: how many (G17P: up to %AGX4_FW_MAX_HW_REGIONS).
 */
struct agx4_fw_hwdata_in {
	u64 ts_aperture;
	const struct agx4_fw_regwin_in *wins;
	u32 num_wins;
	const struct agx4_fw_hw_region_in *regions;
	u32 num_regions;
};

/*
 * GAP: how many region records G17P hwdata holds is not known; agx4
 * takes up to this many (they stay below the next known field).
 */
#define AGX4_FW_MAX_HW_REGIONS	16

/**
 * struct agx4_fw_ev_grow_in - a TVB growth request (event 6)
 * @context: the VM's context id (G17P: 1 or 2).
 * @slot: the pool (G16: buffer-manager slot 7..63; G17P: 0..14).
 * @counter: the request counter, echoed in the reply.
 * @subpipe: G16 subpipe; G17P grid (< 64).
 * @halt_count: G16 halt count, echoed in the reply.
 */
struct agx4_fw_ev_grow_in {
	u32 context;
	u32 slot;
	u32 counter;
	u32 subpipe;
	u64 halt_count;
};

/**
 * struct agx4_fw_ev_limit_in - memory limit reached (event 7)
 * @event: the fragment event (G16) or the work's event (G17P).
 * @stamp: the fragment stamp (G16).
 * @work: the TA or 3D descriptor (G17P).
 * @fragment: the fragment descriptor (G17P).
 * @vm: the VM (G17P).
 * @pool: the pool (G17P).
 */
struct agx4_fw_ev_limit_in {
	u32 event;
	u32 stamp;
	u64 work;
	u64 fragment;
	u64 vm;
	u64 pool;
};

/**
 * struct agx4_fw_event - an event record, checked and decoded
 * @kind: %AGX4_FW_EV_COMPLETION, %AGX4_FW_EV_FATAL, %AGX4_FW_EV_PARTIAL,
 *	%AGX4_FW_EV_GROW, %AGX4_FW_EV_LIMIT or %AGX4_FW_EV_RECEIPT.
 * @mask: completion: the 128-bit grid mask (G17P; G16 sends none).
 * @grow: growth request.
 * @limit: memory limit.
 * @partial_start: partial-render record (G16 trace channel): a partial
 *	render of @partial_queue started; false for other records.
 * @partial_queue: its queue.
 * @receipt: receipt: what it reports of the command it answers (for the
 *	G16 opening registration: its control data, operand table twice and
 *	count).
 * @receipt.control_data: +0xc.
 * @receipt.operands: +0x14.
 * @receipt.operands2: +0x1c.
 * @receipt.count: +0x24.
 */
struct agx4_fw_event {
	u32 kind;
	union {
		u64 mask[2];
		struct agx4_fw_ev_grow_in grow;
		struct agx4_fw_ev_limit_in limit;
		struct {
			bool partial_start;
			u64 partial_queue;
		};
		struct {
			u64 control_data;
			u64 operands;
			u64 operands2;
			u32 count;
		} receipt;
	};
};

/**
 * struct agx4_fw_ctl - a device-control command, before encoding
 * @opcode: the command (%AGX4_FW_CTL_GROW_REPLY, ...).
 * @grow: %AGX4_FW_CTL_GROW_REPLY: @grow.subpipe is the G16 subpipe and
 *	@grow.halt_count its halt count (both echoed); @grow_ok 1 if the
 *	pool grew.
 * @grow_ok: see @grow.
 * @fragment_queue: %AGX4_FW_CTL_LIMIT_REPLY (G16): the fragment queue.
 * @fragment_stamp: and its stamp.
 * @control_data: %AGX4_FW_CTL_REGISTER (G16): CONTROL_DATA.
 * @operands: and the operand table.
 * @count: and the operand count (160).
 * @ctrl: %AGX4_FW_CTL_CLEANUP (G17P): bytes 0x26, 0, 1 and 4 of the
 *	channel-control record.
 * @context_control: and the context-control record.
 * @maint_kind: %AGX4_FW_CTL_MAINTENANCE (G17P): kind 0..2.
 * @maint_phase: and phase 1..2.
 * @ordinal: %AGX4_FW_CTL_TICK (G17P): the render ordinal, 2 or more,
 *	before a render; 0 before a compute.
 * @tick_context: and the context word: %G17P_TICK_RENDER or
 *	%G17P_TICK_COMPUTE.
 */
struct agx4_fw_ctl {
	u32 opcode;
	union {
		struct {
			struct agx4_fw_ev_grow_in grow;
			u32 grow_ok;
		};
		struct {
			u64 fragment_queue;
			u32 fragment_stamp;
		};
		struct {
			u64 control_data;
			u64 operands;
			u32 count;
		};
		struct {
			u8 ctrl[4];
			u64 context_control;
		};
		struct {
			u32 maint_kind;
			u32 maint_phase;
		};
		struct {
			u32 ordinal;
			u32 tick_context;
		};
	};
};

int agx4_fw_build_root(const struct agx4_fw_gen *gen,
		       const struct agx4_fw_root_in *in, void *buf, size_t size);
int agx4_fw_build_region_a(void *buf, size_t size);
int agx4_fw_regwins_check(const struct agx4_fw_hwdata_in *in);
void agx4_fw_hwdata_fill(struct agx4_fw_hwdata *hw,
			 const struct agx4_fw_pstates *ps);
void agx4_fw_regwins_fill(struct agx4_fw_hwdata *hw,
			  const struct agx4_fw_hwdata_in *in);
int agx4_fw_apply_runs(const struct agx4_fw_run *runs, unsigned int n,
		       void *buf, size_t size);
int agx4_fw_parse_common_event(const void *rec, struct agx4_fw_event *ev);
void agx4_fw_fill_uat_levels(const struct agx4_fw_gen *gen, void *levels);
void agx4_fw_fill_status_channels(void *channels, u64 status_a);
u32 agx4_fw_status_records(unsigned int ch);

/* The layouts of the records every generation shares. */
extern const struct agx4_fw_layout agx4_fw_common_layouts[];
extern const unsigned int agx4_fw_num_common_layouts;

#endif /* AGX4_FW_BUILD_H */
