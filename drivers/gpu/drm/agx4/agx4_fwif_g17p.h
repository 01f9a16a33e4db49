/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P (t8140, firmware mBoot-18000.161.9): the firmware objects, from
 * shared/spec/g16-g17p-reference.md 3.2-3.9 and 3.14.  Every offset of
 * G17P is here and nowhere else; the static_assert()s after each
 * structure repeat the specification's numbers.
 */
#ifndef AGX4_FWIF_G17P_H
#define AGX4_FWIF_G17P_H

#include "agx4_fwif.h"

/**
 * struct g17p_region_view - a region view of the main config
 */
struct g17p_region_view {
	/** @address: the region. */
	__le64 address;
	/** @value: its value word. */
	__le32 value;
	/** @tag: 0x70. */
	__le32 tag;
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_region_view, 0x10);

/**
 * struct g17p_main_config - a main config (0x600 bytes; primary at
 * bundle+0x1e5c0, secondary at bundle+0x22a80)
 */
struct g17p_main_config {
	/** @hwdata: hwdata (the bundle). */
	__le64 hwdata;
	/** @repeated: bundle+0xc500, twice. */
	__le64 repeated[2];
	/** @pad_18: unused. */
	u8 pad_18[8];
	/** @channels: the channel table. */
	struct agx4_fw_channel channels[AGX4_FW_NUM_CHANNELS];
	/** @pad_240: unused. */
	u8 pad_240[0x14];
	/** @addresses: five bundle addresses (primary only; unaligned). */
	__le64 addresses[5];
	/** @pad_27c: unused. */
	u8 pad_27c[0x54];
	/** @views: three region views. */
	struct g17p_region_view views[3];
	/** @four: 4 (secondary only). */
	__le32 four;
	/** @pad_304: unused. */
	u8 pad_304[0xdc];
	/** @ff: 0xff (primary only). */
	__le32 ff;
	/** @pad_3e4: unused. */
	u8 pad_3e4[0x8d];
	/** @secondary_extra: secondary only (unaligned). */
	__le64 secondary_extra;
	/** @pad_479: unused. */
	u8 pad_479[0x47];
	/** @control: slot 0 of the device-control ring. */
	u8 control[AGX4_FW_CTL_SIZE];
	/** @pad_500: unused. */
	u8 pad_500[0x100];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_main_config, 0x600);
AGX4_FW_CHECK(struct g17p_main_config, repeated, 0x08);
AGX4_FW_CHECK(struct g17p_main_config, channels, 0x20);
AGX4_FW_CHECK(struct g17p_main_config, addresses, 0x254);
AGX4_FW_CHECK(struct g17p_main_config, views, 0x2d0);
AGX4_FW_CHECK(struct g17p_main_config, four, 0x300);
AGX4_FW_CHECK(struct g17p_main_config, ff, 0x3e0);
AGX4_FW_CHECK(struct g17p_main_config, secondary_extra, 0x471);
AGX4_FW_CHECK(struct g17p_main_config, control, 0x4c0);

/* Work rings in the bundle: R + (i % 3) * 0x6000 + (3 - i / 3) * 0x1800. */
/* The main config's fixed contents (3.3), bundle-relative. */
#define G17P_MC_REPEATED	0xc500
#define G17P_MC_ADDRESSES	{ 0x2740, 0x3380, 0x4400, 0xbc80, 0xbd00 }
#define G17P_MC_FOUR		4
#define G17P_MC_FF		0xff
#define G17P_MC_VIEW_TAG	0x70

/*
 * GAP: the specification gives the G17P trace ring's size only for G16
 * (512); G17P is assumed alike.
 */
#define G17P_TRACE_ENTRIES	512

#define G17P_WORK_RINGS		0xc5c0
#define G17P_RING_STAGE_STRIDE	0x6000
#define G17P_RING_PRIO_STRIDE	0x1800
#define G17P_WORK_MSG_SIZE	0x18
/*
 * Cursor words in RAM: channel i at base + (i % 3) * 0x100 +
 * (3 - i / 3) * 0x40, words read/done/producer 0x10 apart; control at
 * base + 0x300.
 */
#define G17P_CURSOR_STAGE_STRIDE 0x100
#define G17P_CURSOR_PRIO_STRIDE	0x40
#define G17P_CURSOR_WORD_STRIDE	0x10
#define G17P_CONTROL_CURSORS	0x300

/**
 * struct g17p_queue - a queue (workqueue) record (0xc0 bytes)
 *
 * G16's fields from 0x2c on, 8 bytes earlier.
 */
struct g17p_queue {
	/** @pointers: the pointer block. */
	__le64 pointers;
	/** @ring: the item ring. */
	__le64 ring;
	/** @job_list: the job list. */
	__le64 job_list;
	/** @pad_18: unused. */
	u8 pad_18[0xc];
	/** @all_ones: 0xffffffff. */
	__le32 all_ones;
	/** @priority: 2. */
	__le32 priority;
	/** @priority2: 2. */
	__le32 priority2;
	/** @priority_mask: mask, or 0xff sentinel bytes at 0x36..0x37. */
	__le64 priority_mask;
	/** @first: 0. */
	__le32 first;
	/** @pad_3c: unused. */
	u8 pad_3c[4];
	/** @prio5: 2. */
	__le32 prio5;
	/** @all_ones2: 0xffffffff. */
	__le32 all_ones2;
	/** @uuid: 0x15 ordinary, 0x16 native. */
	__le32 uuid;
	/** @pad_4c: unused. */
	u8 pad_4c[0x30];
	/** @announce: written 0 then 1 when announcing. */
	__le32 announce;
	/** @pad_80: unused. */
	u8 pad_80[0x14];
	/** @unk_94: unknown. */
	__le32 unk_94;
	/** @pad_98: unused. */
	u8 pad_98[4];
	/** @context: context/control record (unaligned). */
	__le64 context;
	/** @pad_a4: unused. */
	u8 pad_a4[0x1c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_queue, 0xc0);
AGX4_FW_CHECK(struct g17p_queue, ring, 0x08);
AGX4_FW_CHECK(struct g17p_queue, job_list, 0x10);
AGX4_FW_CHECK(struct g17p_queue, all_ones, 0x24);
AGX4_FW_CHECK(struct g17p_queue, priority, 0x28);
AGX4_FW_CHECK(struct g17p_queue, priority2, 0x2c);
AGX4_FW_CHECK(struct g17p_queue, priority_mask, 0x30);
AGX4_FW_CHECK(struct g17p_queue, first, 0x38);
AGX4_FW_CHECK(struct g17p_queue, prio5, 0x40);
AGX4_FW_CHECK(struct g17p_queue, all_ones2, 0x44);
AGX4_FW_CHECK(struct g17p_queue, uuid, 0x48);
AGX4_FW_CHECK(struct g17p_queue, announce, 0x7c);
AGX4_FW_CHECK(struct g17p_queue, unk_94, 0x94);
AGX4_FW_CHECK(struct g17p_queue, context, 0x9c);

/**
 * struct g17p_pointers - a queue's pointer block (0x80 bytes)
 */
struct g17p_pointers {
	/** @done: firmware done index. */
	__le32 done;
	/** @pad_4: unused. */
	u8 pad_4[0x2c];
	/** @read: firmware read index. */
	__le32 read;
	/** @pad_34: unused. */
	u8 pad_34[0xc];
	/** @write: host write index. */
	__le32 write;
	/** @pad_44: unused. */
	u8 pad_44[0xc];
	/** @all_ones: 0xffffffff. */
	__le32 all_ones;
	/** @pad_54: unused. */
	u8 pad_54[0xc];
	/** @capacity: ring capacity, 0x500. */
	__le32 capacity;
	/** @pad_64: unused. */
	u8 pad_64[0x1c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_pointers, 0x80);
AGX4_FW_CHECK(struct g17p_pointers, read, 0x30);
AGX4_FW_CHECK(struct g17p_pointers, write, 0x40);
AGX4_FW_CHECK(struct g17p_pointers, all_ones, 0x50);
AGX4_FW_CHECK(struct g17p_pointers, capacity, 0x60);

/**
 * struct g17p_work_msg - a work-channel (transport) message (0x18 bytes)
 */
struct g17p_work_msg {
	/** @zero: 0. */
	__le64 zero;
	/** @queue: the queue record. */
	__le64 queue;
	/** @kind: 0 TA, 1 3D, 2 compute. */
	__le32 kind;
	/** @head: head | grid << 16 | first << 24. */
	__le32 head;
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_work_msg, G17P_WORK_MSG_SIZE);
AGX4_FW_CHECK(struct g17p_work_msg, queue, 0x08);
AGX4_FW_CHECK(struct g17p_work_msg, kind, 0x10);
AGX4_FW_CHECK(struct g17p_work_msg, head, 0x14);

/**
 * struct g17p_ctl_grow_reply - device control 8, TVB growth reply
 */
struct g17p_ctl_grow_reply {
	/** @opcode: %AGX4_FW_CTL_GROW_REPLY. */
	__le32 opcode;
	/** @success: 1 if the pool grew. */
	__le32 success;
	/** @slot: pool slot. */
	__le32 slot;
	/** @context: context (VM) id. */
	__le32 context;
	/** @counter: request counter. */
	__le32 counter;
	/** @pad_14: unused. */
	u8 pad_14[0x2c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ctl_grow_reply, AGX4_FW_CTL_SIZE);
AGX4_FW_CHECK(struct g17p_ctl_grow_reply, success, 0x04);
AGX4_FW_CHECK(struct g17p_ctl_grow_reply, slot, 0x08);
AGX4_FW_CHECK(struct g17p_ctl_grow_reply, context, 0x0c);
AGX4_FW_CHECK(struct g17p_ctl_grow_reply, counter, 0x10);

/**
 * struct g17p_ctl_cleanup - device control 0x14, context cleanup
 */
struct g17p_ctl_cleanup {
	/** @opcode: %AGX4_FW_CTL_CLEANUP. */
	__le32 opcode;
	/** @pad_4: unused. */
	u8 pad_4[4];
	/** @ctrl: bytes 0x26, 0, 1 and 4 of the channel-control record. */
	u8 ctrl[4];
	/** @context_control: the context-control record (unaligned). */
	__le64 context_control;
	/** @pad_14: unused. */
	u8 pad_14[0x2c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ctl_cleanup, AGX4_FW_CTL_SIZE);
AGX4_FW_CHECK(struct g17p_ctl_cleanup, ctrl, 0x08);
AGX4_FW_CHECK(struct g17p_ctl_cleanup, context_control, 0x0c);

/**
 * struct g17p_ctl_maintenance - device control 0x1b, after a cleanup
 */
struct g17p_ctl_maintenance {
	/** @opcode: %AGX4_FW_CTL_MAINTENANCE. */
	__le32 opcode;
	/** @kind: 0..2. */
	__le32 kind;
	/** @phase: 1..2. */
	__le32 phase;
	/** @pad_c: unused. */
	u8 pad_c[0x34];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ctl_maintenance, AGX4_FW_CTL_SIZE);
AGX4_FW_CHECK(struct g17p_ctl_maintenance, kind, 0x04);
AGX4_FW_CHECK(struct g17p_ctl_maintenance, phase, 0x08);

/**
 * struct g17p_ctl_tick - device control 0x2e, render control tick
 */
struct g17p_ctl_tick {
	/** @opcode: %AGX4_FW_CTL_TICK. */
	__le32 opcode;
	/** @ordinal: render ordinal - 1. */
	__le32 ordinal;
	/** @pad_8: unused. */
	u8 pad_8[0x38];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ctl_tick, AGX4_FW_CTL_SIZE);
AGX4_FW_CHECK(struct g17p_ctl_tick, ordinal, 0x04);

/**
 * struct g17p_ev_completion - event 1, completion notification
 */
struct g17p_ev_completion {
	/** @kind: %AGX4_FW_EV_COMPLETION. */
	__le32 kind;
	/** @mask: 128-bit grid mask (bytes 4..19). */
	u8 mask[16];
	/** @pad_14: unused. */
	u8 pad_14[0x34];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ev_completion, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct g17p_ev_completion, mask, 0x04);

/* TVB growth (6.2): VMs 1 and 2, pools 0 and 1, grids below 64. */
#define G17P_FIRST_VM		1
#define G17P_NUM_VMS		2
#define G17P_NUM_POOLS		2
#define G17P_NUM_GRIDS		64
/* Post-cleanup maintenance (3.7): kinds 0..2, phases 1..2. */
#define G17P_MAINT_KINDS	3
#define G17P_MAINT_PHASES	2
/* Control ticks are sent for render ordinals from this on (3.7). */
#define G17P_TICK_FIRST_ORDINAL	2

/**
 * struct g17p_ev_grow - event 6, TVB growth request
 */
struct g17p_ev_grow {
	/** @kind: %AGX4_FW_EV_GROW. */
	__le32 kind;
	/** @context: context (VM) id. */
	__le32 context;
	/** @slot: pool slot. */
	__le32 slot;
	/** @counter: request counter. */
	__le32 counter;
	/** @grid: grid. */
	__le32 grid;
	/** @zero: must be zero. */
	u8 zero[0x24];
	/** @one: 1. */
	__le64 one;
	/** @grid_bit: 1 << @grid. */
	__le64 grid_bit;
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ev_grow, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct g17p_ev_grow, context, 0x04);
AGX4_FW_CHECK(struct g17p_ev_grow, slot, 0x08);
AGX4_FW_CHECK(struct g17p_ev_grow, counter, 0x0c);
AGX4_FW_CHECK(struct g17p_ev_grow, grid, 0x10);
AGX4_FW_CHECK(struct g17p_ev_grow, zero, 0x14);
AGX4_FW_CHECK(struct g17p_ev_grow, one, 0x38);
AGX4_FW_CHECK(struct g17p_ev_grow, grid_bit, 0x40);

/**
 * struct g17p_ev_limit - event 7, memory limit reached
 */
struct g17p_ev_limit {
	/** @kind: %AGX4_FW_EV_LIMIT. */
	__le32 kind;
	/** @zero: 0. */
	__le32 zero;
	/** @one: 1. */
	__le32 one;
	/** @event: the event. */
	__le32 event;
	/** @work: the TA or 3D descriptor. */
	__le64 work;
	/** @nonzero: non-zero. */
	__le64 nonzero;
	/** @zero2: 0. */
	__le64 zero2;
	/** @fragment: the fragment descriptor. */
	__le64 fragment;
	/** @event2: the event again. */
	__le64 event2;
	/** @vm: the VM. */
	__le64 vm;
	/** @pool: the pool. */
	__le64 pool;
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ev_limit, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct g17p_ev_limit, one, 0x08);
AGX4_FW_CHECK(struct g17p_ev_limit, event, 0x0c);
AGX4_FW_CHECK(struct g17p_ev_limit, work, 0x10);
AGX4_FW_CHECK(struct g17p_ev_limit, nonzero, 0x18);
AGX4_FW_CHECK(struct g17p_ev_limit, zero2, 0x20);
AGX4_FW_CHECK(struct g17p_ev_limit, fragment, 0x28);
AGX4_FW_CHECK(struct g17p_ev_limit, event2, 0x30);
AGX4_FW_CHECK(struct g17p_ev_limit, vm, 0x38);
AGX4_FW_CHECK(struct g17p_ev_limit, pool, 0x40);

/**
 * struct g17p_event_item - the event item ending every submission
 */
struct g17p_event_item {
	/** @type: 0x0e. */
	__le32 type;
	/** @subtype: 0x10000 | grid. */
	__le32 subtype;
	/** @counter: group << 8 | counter low byte. */
	__le32 counter;
	/** @pad_c: unused. */
	u8 pad_c[4];
	/** @kind: kind << 8. */
	__le32 kind;
	/** @pad_14: unused. */
	u8 pad_14[0x2c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_event_item, 0x40);
AGX4_FW_CHECK(struct g17p_event_item, subtype, 0x04);
AGX4_FW_CHECK(struct g17p_event_item, counter, 0x08);
AGX4_FW_CHECK(struct g17p_event_item, kind, 0x10);

/*
 * Work items (g16-g17p-reference.md 3.9, 3.12, 3.13).  A render pushes
 * {descriptor, optional record, event item} per stage, a compute job
 * {descriptor, event item} (its first also the optional record).
 */
#define G17P_TA_REGS		73
#define G17P_FRAG_REGS		89
#define G17P_PSTORE_REGS	16
#define G17P_PRESUME_REGS	23
#define G17P_PLOAD_REGS		10
#define G17P_COMPUTE_REGS	40
/* The execution gates are constants on G17P (3.12). */
#define G17P_TA_GATE		0xfe00400020ull
#define G17P_FRAG_GATE		0x14600400020ull
#define G17P_COMPUTE_REGS2	4
/* A program header is its bytes << 16 | its records. */
#define G17P_REG_HEADER_SHIFT	16
#define G17P_WORK_TA		0
#define G17P_WORK_FRAG		1
#define G17P_WORK_COMPUTE	3
#define G17P_ITEM_EVENT		0x0e
/* The event item's default subtype, | grid. */
#define G17P_EVENT_SUBTYPE	0x10000
/* Stage kinds, as channel messages and event items give them. */
#define G17P_KIND_TA		0
#define G17P_KIND_3D		1
#define G17P_KIND_COMPUTE	2
#define G17P_ITEM_OPTIONAL	0x0f
/* The optional record: constants, and the phase's item shift. */
#define G17P_OPTIONAL_TWO	2
#define G17P_OPTIONAL_PHASE_SHIFT 8
/* Constants of the descriptors, as the reference writes them. */
#define G17P_TA_CONST_38	0x47
#define G17P_TA_CONST_3A	0x49
#define G17P_TA_CONST_789	0x78
#define G17P_TA_CONST_932	0x44
#define G17P_FRAG_CONST_80	0x56
#define G17P_FRAG_CONST_82	0x57
#define G17P_FRAG_CONST_88	0x59
#define G17P_FRAG_CONST_21CC	0x53
#define G17P_ZLS_CONST		0x04040404
#define G17P_TIB_TAG_SHIFT	33
#define G17P_TIB_TAG		0x300
#define G17P_COMPUTE_CLASSES	{ 0x22, 0x23, 0x23, 0x24 }
#define G17P_COMPUTE_CONST_FB0	0x1a
#define G17P_COMPUTE_CONST_FC5	0x9f
/* The only USC execution base the reference runs (3.13). */
#define G17P_USC_EXEC_BASE	0x10000000000ull
/* Operand-state words of the compute program (3.13). */
#define G17P_COMPUTE_OPSTATE_WORDS { 0x12800, 0x13000, 0x9405, 0x12400, \
				     0x5, 0x9000 }
/* Its hardware work tag: context << 8 | the ordinal's low byte. */
#define G17P_WORK_TAG_SHIFT	8
#define G17P_WORK_TAG_MASK	0xff
/* The TA queue item fits a byte (3.9). */
#define G17P_TA_MAX_ITEM	0xff
/* The queue submission field holds 24 bits. */
#define G17P_MAX_SUBMISSION	0xffffff

/**
 * struct g17p_ta_work - TA descriptor (0x9c0 bytes)
 *
 * Only the fields the specification decodes are declared; the reference
 * fills no others.
 */
struct g17p_ta_work {
	/** @type: 0 (TA). */
	__le32 type;
	/** @sequence: the descriptor sequence (unaligned). */
	__le64 sequence;
	/** @context: context (VM) id. */
	__le32 context;
	/** @pool_a: pool-A record of the render. */
	__le64 pool_a;
	/** @pool: the TVB pool. */
	__le32 pool;
	/** @pad_1c: unused. */
	u8 pad_1c[0x4];
	/** @shared_a: shared pool object A. */
	__le64 shared_a;
	/** @pool_b: pool-B record of the render. */
	__le64 pool_b;
	/** @shared_b: shared pool object B. */
	__le64 shared_b;
	/** @const_38: %G17P_TA_CONST_38. */
	u8 const_38;
	/** @pad_39: unused. */
	u8 pad_39[0x1];
	/** @const_3a: %G17P_TA_CONST_3A. */
	u8 const_3a;
	/** @pad_3b: unused. */
	u8 pad_3b[0x1];
	/** @const_3c: %G17P_TA_CONST_3A. */
	u8 const_3c;
	/** @pad_3d: unused. */
	u8 pad_3d[0xb];
	/** @work: the work value, ordinal + ordinal / 2. */
	__le32 work;
	/** @pad_4c: unused. */
	u8 pad_4c[0x14];
	/** @regs: the register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	/** @pad_660: unused. */
	u8 pad_660[0x100];
	/** @regs_alias: GPU address of @regs. */
	__le64 regs_alias;
	/** @reg_header: program bytes << 16 | records. */
	__le32 reg_header;
	/** @pad_76c: unused. */
	u8 pad_76c[0x14];
	/** @tpc: TPC base. */
	__le64 tpc;
	/** @pad_788: unused. */
	u8 pad_788[0x1];
	/** @const_789: %G17P_TA_CONST_789. */
	u8 const_789;
	/** @pad_78a: unused. */
	u8 pad_78a[0x12];
	/** @grid_p1: grid + 1. */
	__le32 grid_p1;
	/** @item_phase: queue item << 8. */
	__le32 item_phase;
	/** @pad_7a4: unused. */
	u8 pad_7a4[0x4];
	/** @item: queue item. */
	__le32 item;
	/** @pad_7ac: unused. */
	u8 pad_7ac[0x4];
	/** @item_x101: queue item * 0x101. */
	__le32 item_x101;
	/** @pad_7b4: unused. */
	u8 pad_7b4[0x22];
	/** @deflake_1: deflake buffer 1, as a TA offset (unaligned). */
	__le32 deflake_1;
	/** @pad_7da: unused. */
	u8 pad_7da[0x94];
	/** @lifecycle_hi: lifecycle >> 32 (unaligned). */
	__le64 lifecycle_hi;
	/** @all_ones: 0xffffffff. */
	__le32 all_ones;
	/** @sampler_heap: sampler heap (unaligned). */
	__le64 sampler_heap;
	/** @sampler_count: samplers. */
	__le32 sampler_count;
	/** @sampler_max: samplers + 1, 0 if none. */
	__le32 sampler_max;
	/** @pad_88a: unused. */
	u8 pad_88a[0x8];
	/** @reactive_growth: reactive TVB growth. */
	u8 reactive_growth;
	/** @pad_893: unused. */
	u8 pad_893[0x7];
	/** @store_flag: vertex store flag. */
	u8 store_flag;
	/** @pad_89b: unused. */
	u8 pad_89b[0xb];
	/** @dispatch: the pair dispatch slots (unaligned). */
	__le64 dispatch[2];
	/**
	 * @item_8b6: queue item << 8; with the top of @dispatch[1] this is
	 * the reference's queue item << 24 | 0xffff at +0x8b4.
	 */
	__le16 item_8b6;
	/** @pad_8b8: unused. */
	u8 pad_8b8[0x2];
	/** @grid: grid. */
	__le32 grid;
	/** @pad_8be: unused. */
	u8 pad_8be[0x6];
	/** @item_hi16: queue item << 16. */
	__le32 item_hi16;
	/** @item_hi24: queue item << 24. */
	__le32 item_hi24;
	/** @pad_8cc: unused. */
	u8 pad_8cc[0x2];
	/** @lifecycle_lo: lifecycle, low word (unaligned). */
	__le32 lifecycle_lo;
	/** @pad_8d2: unused. */
	u8 pad_8d2[0x2];
	/** @index_hi16: item index << 16. */
	__le32 index_hi16;
	/** @pad_8d8: unused. */
	u8 pad_8d8[0x26];
	/** @prof_start: firmware timestamp start slot (unaligned). */
	__le64 prof_start;
	/** @prof_end: firmware timestamp end slot (unaligned). */
	__le64 prof_end;
	/** @ts_start: user timestamp start (unaligned). */
	__le64 ts_start;
	/** @ts_end: user timestamp end (unaligned). */
	__le64 ts_end;
	/** @pad_91e: unused. */
	u8 pad_91e[0x14];
	/** @const_932: %G17P_TA_CONST_932. */
	u8 const_932;
	/** @pad_933: unused. */
	u8 pad_933[0x1];
	/** @support: the render support object. */
	__le64 support;
	/** @one_93c: 1. */
	u8 one_93c;
	/** @pad_93d: unused. */
	u8 pad_93d[0x8];
	/** @status: the status record (unaligned). */
	__le64 status;
	/** @one_94d: 1. */
	u8 one_94d;
	/** @pad_94e: unused. */
	u8 pad_94e[0x72];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_ta_work, 0x9c0);
AGX4_FW_CHECK(struct g17p_ta_work, sequence, 0x04);
AGX4_FW_CHECK(struct g17p_ta_work, context, 0x0c);
AGX4_FW_CHECK(struct g17p_ta_work, pool_a, 0x10);
AGX4_FW_CHECK(struct g17p_ta_work, pool, 0x18);
AGX4_FW_CHECK(struct g17p_ta_work, shared_a, 0x20);
AGX4_FW_CHECK(struct g17p_ta_work, pool_b, 0x28);
AGX4_FW_CHECK(struct g17p_ta_work, shared_b, 0x30);
AGX4_FW_CHECK(struct g17p_ta_work, const_38, 0x38);
AGX4_FW_CHECK(struct g17p_ta_work, const_3a, 0x3a);
AGX4_FW_CHECK(struct g17p_ta_work, const_3c, 0x3c);
AGX4_FW_CHECK(struct g17p_ta_work, work, 0x48);
AGX4_FW_CHECK(struct g17p_ta_work, regs, 0x60);
AGX4_FW_CHECK(struct g17p_ta_work, regs_alias, 0x760);
AGX4_FW_CHECK(struct g17p_ta_work, reg_header, 0x768);
AGX4_FW_CHECK(struct g17p_ta_work, tpc, 0x780);
AGX4_FW_CHECK(struct g17p_ta_work, const_789, 0x789);
AGX4_FW_CHECK(struct g17p_ta_work, grid_p1, 0x79c);
AGX4_FW_CHECK(struct g17p_ta_work, item_phase, 0x7a0);
AGX4_FW_CHECK(struct g17p_ta_work, item, 0x7a8);
AGX4_FW_CHECK(struct g17p_ta_work, item_x101, 0x7b0);
AGX4_FW_CHECK(struct g17p_ta_work, deflake_1, 0x7d6);
AGX4_FW_CHECK(struct g17p_ta_work, lifecycle_hi, 0x86e);
AGX4_FW_CHECK(struct g17p_ta_work, all_ones, 0x876);
AGX4_FW_CHECK(struct g17p_ta_work, sampler_heap, 0x87a);
AGX4_FW_CHECK(struct g17p_ta_work, sampler_count, 0x882);
AGX4_FW_CHECK(struct g17p_ta_work, sampler_max, 0x886);
AGX4_FW_CHECK(struct g17p_ta_work, reactive_growth, 0x892);
AGX4_FW_CHECK(struct g17p_ta_work, store_flag, 0x89a);
AGX4_FW_CHECK(struct g17p_ta_work, dispatch, 0x8a6);
AGX4_FW_CHECK(struct g17p_ta_work, item_8b6, 0x8b6);
AGX4_FW_CHECK(struct g17p_ta_work, grid, 0x8ba);
AGX4_FW_CHECK(struct g17p_ta_work, item_hi16, 0x8c4);
AGX4_FW_CHECK(struct g17p_ta_work, item_hi24, 0x8c8);
AGX4_FW_CHECK(struct g17p_ta_work, lifecycle_lo, 0x8ce);
AGX4_FW_CHECK(struct g17p_ta_work, index_hi16, 0x8d4);
AGX4_FW_CHECK(struct g17p_ta_work, prof_start, 0x8fe);
AGX4_FW_CHECK(struct g17p_ta_work, prof_end, 0x906);
AGX4_FW_CHECK(struct g17p_ta_work, ts_start, 0x90e);
AGX4_FW_CHECK(struct g17p_ta_work, ts_end, 0x916);
AGX4_FW_CHECK(struct g17p_ta_work, const_932, 0x932);
AGX4_FW_CHECK(struct g17p_ta_work, support, 0x934);
AGX4_FW_CHECK(struct g17p_ta_work, one_93c, 0x93c);
AGX4_FW_CHECK(struct g17p_ta_work, status, 0x945);
AGX4_FW_CHECK(struct g17p_ta_work, one_94d, 0x94d);

/**
 * struct g17p_frag_work - 3D descriptor (0x2240 bytes)
 *
 * Holds the main program and the three partial-render programs.
 */
struct g17p_frag_work {
	/** @type: 1 (3D). */
	__le32 type;
	/** @sequence: the descriptor sequence (unaligned). */
	__le64 sequence;
	/** @context: context (VM) id. */
	__le32 context;
	/** @pad_10: unused. */
	u8 pad_10[0x10];
	/** @pool_a: pool-A record of the render. */
	__le64 pool_a;
	/** @shared_a: shared pool object A. */
	__le64 shared_a;
	/** @pool_b: pool-B record of the render. */
	__le64 pool_b;
	/** @shared_b: shared pool object B. */
	__le64 shared_b;
	/** @tilemap: tilemap. */
	__le64 tilemap;
	/** @msaa: PPP multisample control. */
	__le64 msaa;
	/** @one_50: 1. */
	u8 one_50;
	/** @pad_51: unused. */
	u8 pad_51[0x3];
	/** @macro_size: macrotile size. */
	__le32 macro_size;
	/** @pad_58: unused. */
	u8 pad_58[0x10];
	/** @merge_x: ISP merge upper X. */
	__le32 merge_x;
	/** @merge_y: ISP merge upper Y. */
	__le32 merge_y;
	/** @pad_70: unused. */
	u8 pad_70[0x8];
	/** @tiles: tiles_x * tiles_y. */
	__le64 tiles;
	/** @const_80: %G17P_FRAG_CONST_80. */
	u8 const_80;
	/** @pad_81: unused. */
	u8 pad_81[0x1];
	/** @const_82: %G17P_FRAG_CONST_82. */
	u8 const_82;
	/** @pad_83: unused. */
	u8 pad_83[0x1];
	/** @const_84: %G17P_FRAG_CONST_82. */
	u8 const_84;
	/** @pad_85: unused. */
	u8 pad_85[0x3];
	/** @const_88: %G17P_FRAG_CONST_88. */
	u8 const_88;
	/** @pad_89: unused. */
	u8 pad_89[0x7];
	/** @item: queue item. */
	__le32 item;
	/** @pad_94: unused. */
	u8 pad_94[0xc];
	/** @regs: the main register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	/** @pad_6a0: unused. */
	u8 pad_6a0[0x100];
	/** @regs_alias: GPU address of @regs. */
	__le64 regs_alias;
	/** @reg_header: program bytes << 16 | records. */
	__le32 reg_header;
	/** @pad_7ac: unused. */
	u8 pad_7ac[0x14];
	/** @pstore_regs: the partial-store program. */
	struct agx4_fw_reg pstore_regs[G17P_PSTORE_REGS];
	/** @pad_880: unused. */
	u8 pad_880[0x640];
	/** @pstore_alias: GPU address of @pstore_regs. */
	__le64 pstore_alias;
	/** @pstore_header: its header. */
	__le32 pstore_header;
	/** @pad_ecc: unused. */
	u8 pad_ecc[0x14];
	/** @presume_regs: the partial-resume program. */
	struct agx4_fw_reg presume_regs[G17P_PRESUME_REGS];
	/** @pad_ff4: unused. */
	u8 pad_ff4[0x5ec];
	/** @presume_alias: GPU address of @presume_regs. */
	__le64 presume_alias;
	/** @presume_header: its header. */
	__le32 presume_header;
	/** @pad_15ec: unused. */
	u8 pad_15ec[0x14];
	/** @pload_regs: the partial-load program. */
	struct agx4_fw_reg pload_regs[G17P_PLOAD_REGS];
	/** @pad_1678: unused. */
	u8 pad_1678[0x688];
	/** @pload_alias: GPU address of @pload_regs. */
	__le64 pload_alias;
	/** @pload_header: its header. */
	__le32 pload_header;
	/** @pad_1d0c: unused. */
	u8 pad_1d0c[0x14];
	/** @dbias: depth-bias array. */
	__le64 dbias;
	/** @pad_1d28: unused. */
	u8 pad_1d28[0x8];
	/** @scissor: scissor array. */
	__le64 scissor;
	/** @pad_1d38: unused. */
	u8 pad_1d38[0x8];
	/** @oclqry: occlusion query base. */
	__le64 oclqry;
	/** @pad_1d48: unused. */
	u8 pad_1d48[0x130];
	/** @load_bind: background program resources. */
	__le64 load_bind;
	/** @load: background program. */
	__le64 load;
	/** @pad_1e88: unused. */
	u8 pad_1e88[0x20];
	/** @partial_load_bind: partial-render background resources. */
	__le64 partial_load_bind;
	/** @partial_load: partial-render background program. */
	__le64 partial_load;
	/** @pad_1eb8: unused. */
	u8 pad_1eb8[0x8];
	/** @zls_const: 0x04040404. */
	__le32 zls_const;
	/** @pad_1ec4: unused. */
	u8 pad_1ec4[0x74];
	/** @tib: tile-buffer blocks. */
	__le64 tib;
	/** @aux_fb_flags: aux framebuffer flags. */
	__le64 aux_fb_flags;
	/** @width: width. */
	__le32 width;
	/** @height: height. */
	__le32 height;
	/** @aux_fb_pages: aux framebuffer pages. */
	__le64 aux_fb_pages;
	/** @tile_config: tile config. */
	__le64 tile_config;
	/** @pad_1f60: unused. */
	u8 pad_1f60[0x18];
	/** @store_bind: end-of-tile program resources. */
	__le32 store_bind;
	/** @store: end-of-tile program (unaligned). */
	__le64 store;
	/** @pad_1f84: unused. */
	u8 pad_1f84[0x14];
	/** @partial_store_bind: partial-render end-of-tile resources. */
	__le32 partial_store_bind;
	/** @partial_store: partial-render end-of-tile program (unaligned). */
	__le64 partial_store;
	/** @pad_1fa4: unused. */
	u8 pad_1fa4[0x4];
	/** @depth_clear: depth clear value bits. */
	__le32 depth_clear;
	/** @tib_tag: tile-buffer blocks << 33 | 0x300 (unaligned). */
	__le64 tib_tag;
	/** @pad_1fb4: unused. */
	u8 pad_1fb4[0x148];
	/** @store_flag: fragment store flag. */
	u8 store_flag;
	/** @pad_20fd: unused. */
	u8 pad_20fd[0x3];
	/** @sync_grow: fragment sync grow. */
	u8 sync_grow;
	/** @pad_2101: unused. */
	u8 pad_2101[0x7];
	/** @lifecycle_hi: lifecycle >> 32. */
	__le64 lifecycle_hi;
	/** @all_ones: 0xffffffff. */
	__le32 all_ones;
	/** @sampler_heap: sampler heap (unaligned). */
	__le64 sampler_heap;
	/** @sampler_count: samplers. */
	__le32 sampler_count;
	/** @sampler_max: samplers + 1, 0 if none. */
	__le32 sampler_max;
	/** @empty_tiles: process empty tiles. */
	u8 empty_tiles;
	/** @pad_2125: unused. */
	u8 pad_2125[0x3];
	/** @one_2128: 1. */
	u8 one_2128;
	/** @pad_2129: unused. */
	u8 pad_2129[0x17];
	/** @dispatch: the pair dispatch slots. */
	__le64 dispatch[2];
	/** @item_phase: queue item << 8. */
	__le32 item_phase;
	/** @grid: grid. */
	__le32 grid;
	/** @pad_2158: unused. */
	u8 pad_2158[0x4];
	/** @one_215c: 1. */
	__le32 one_215c;
	/** @item2: queue item again. */
	__le32 item2;
	/** @item_phase2: queue item << 8 again. */
	__le32 item_phase2;
	/** @lifecycle_lo: lifecycle, low word. */
	__le64 lifecycle_lo;
	/** @index: item index. */
	__le32 index;
	/** @pad_2174: unused. */
	u8 pad_2174[0x24];
	/** @prof_start: firmware timestamp start slot. */
	__le64 prof_start;
	/** @prof_end: firmware timestamp end slot. */
	__le64 prof_end;
	/** @ts_start: user timestamp start. */
	__le64 ts_start;
	/** @ts_end: user timestamp end. */
	__le64 ts_end;
	/** @pad_21b8: unused. */
	u8 pad_21b8[0x14];
	/** @const_21cc: %G17P_FRAG_CONST_21CC. */
	u8 const_21cc;
	/** @pad_21cd: unused. */
	u8 pad_21cd[0x1];
	/** @support: the render support object (unaligned). */
	__le64 support;
	/** @one_21d6: 1. */
	u8 one_21d6;
	/** @pad_21d7: unused. */
	u8 pad_21d7[0x8];
	/** @status: the status record (unaligned). */
	__le64 status;
	/** @one_21e7: 1. */
	u8 one_21e7;
	/** @pad_21e8: unused. */
	u8 pad_21e8[0x20];
	/** @one_2208: 1. */
	u8 one_2208;
	/** @pad_2209: unused. */
	u8 pad_2209[0x3];
	/** @one_220c: 1. */
	u8 one_220c;
	/** @pad_220d: unused. */
	u8 pad_220d[0x20];
	/** @one_222d: 1. */
	u8 one_222d;
	/** @pad_222e: unused. */
	u8 pad_222e[0x12];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_frag_work, 0x2240);
AGX4_FW_CHECK(struct g17p_frag_work, sequence, 0x04);
AGX4_FW_CHECK(struct g17p_frag_work, context, 0x0c);
AGX4_FW_CHECK(struct g17p_frag_work, pool_a, 0x20);
AGX4_FW_CHECK(struct g17p_frag_work, shared_a, 0x28);
AGX4_FW_CHECK(struct g17p_frag_work, pool_b, 0x30);
AGX4_FW_CHECK(struct g17p_frag_work, shared_b, 0x38);
AGX4_FW_CHECK(struct g17p_frag_work, tilemap, 0x40);
AGX4_FW_CHECK(struct g17p_frag_work, msaa, 0x48);
AGX4_FW_CHECK(struct g17p_frag_work, one_50, 0x50);
AGX4_FW_CHECK(struct g17p_frag_work, macro_size, 0x54);
AGX4_FW_CHECK(struct g17p_frag_work, merge_x, 0x68);
AGX4_FW_CHECK(struct g17p_frag_work, merge_y, 0x6c);
AGX4_FW_CHECK(struct g17p_frag_work, tiles, 0x78);
AGX4_FW_CHECK(struct g17p_frag_work, const_80, 0x80);
AGX4_FW_CHECK(struct g17p_frag_work, const_82, 0x82);
AGX4_FW_CHECK(struct g17p_frag_work, const_84, 0x84);
AGX4_FW_CHECK(struct g17p_frag_work, const_88, 0x88);
AGX4_FW_CHECK(struct g17p_frag_work, item, 0x90);
AGX4_FW_CHECK(struct g17p_frag_work, regs, 0xa0);
AGX4_FW_CHECK(struct g17p_frag_work, regs_alias, 0x7a0);
AGX4_FW_CHECK(struct g17p_frag_work, reg_header, 0x7a8);
AGX4_FW_CHECK(struct g17p_frag_work, pstore_regs, 0x7c0);
AGX4_FW_CHECK(struct g17p_frag_work, pstore_alias, 0xec0);
AGX4_FW_CHECK(struct g17p_frag_work, pstore_header, 0xec8);
AGX4_FW_CHECK(struct g17p_frag_work, presume_regs, 0xee0);
AGX4_FW_CHECK(struct g17p_frag_work, presume_alias, 0x15e0);
AGX4_FW_CHECK(struct g17p_frag_work, presume_header, 0x15e8);
AGX4_FW_CHECK(struct g17p_frag_work, pload_regs, 0x1600);
AGX4_FW_CHECK(struct g17p_frag_work, pload_alias, 0x1d00);
AGX4_FW_CHECK(struct g17p_frag_work, pload_header, 0x1d08);
AGX4_FW_CHECK(struct g17p_frag_work, dbias, 0x1d20);
AGX4_FW_CHECK(struct g17p_frag_work, scissor, 0x1d30);
AGX4_FW_CHECK(struct g17p_frag_work, oclqry, 0x1d40);
AGX4_FW_CHECK(struct g17p_frag_work, load_bind, 0x1e78);
AGX4_FW_CHECK(struct g17p_frag_work, load, 0x1e80);
AGX4_FW_CHECK(struct g17p_frag_work, partial_load_bind, 0x1ea8);
AGX4_FW_CHECK(struct g17p_frag_work, partial_load, 0x1eb0);
AGX4_FW_CHECK(struct g17p_frag_work, zls_const, 0x1ec0);
AGX4_FW_CHECK(struct g17p_frag_work, tib, 0x1f38);
AGX4_FW_CHECK(struct g17p_frag_work, aux_fb_flags, 0x1f40);
AGX4_FW_CHECK(struct g17p_frag_work, width, 0x1f48);
AGX4_FW_CHECK(struct g17p_frag_work, height, 0x1f4c);
AGX4_FW_CHECK(struct g17p_frag_work, aux_fb_pages, 0x1f50);
AGX4_FW_CHECK(struct g17p_frag_work, tile_config, 0x1f58);
AGX4_FW_CHECK(struct g17p_frag_work, store_bind, 0x1f78);
AGX4_FW_CHECK(struct g17p_frag_work, store, 0x1f7c);
AGX4_FW_CHECK(struct g17p_frag_work, partial_store_bind, 0x1f98);
AGX4_FW_CHECK(struct g17p_frag_work, partial_store, 0x1f9c);
AGX4_FW_CHECK(struct g17p_frag_work, depth_clear, 0x1fa8);
AGX4_FW_CHECK(struct g17p_frag_work, tib_tag, 0x1fac);
AGX4_FW_CHECK(struct g17p_frag_work, store_flag, 0x20fc);
AGX4_FW_CHECK(struct g17p_frag_work, sync_grow, 0x2100);
AGX4_FW_CHECK(struct g17p_frag_work, lifecycle_hi, 0x2108);
AGX4_FW_CHECK(struct g17p_frag_work, all_ones, 0x2110);
AGX4_FW_CHECK(struct g17p_frag_work, sampler_heap, 0x2114);
AGX4_FW_CHECK(struct g17p_frag_work, sampler_count, 0x211c);
AGX4_FW_CHECK(struct g17p_frag_work, sampler_max, 0x2120);
AGX4_FW_CHECK(struct g17p_frag_work, empty_tiles, 0x2124);
AGX4_FW_CHECK(struct g17p_frag_work, one_2128, 0x2128);
AGX4_FW_CHECK(struct g17p_frag_work, dispatch, 0x2140);
AGX4_FW_CHECK(struct g17p_frag_work, item_phase, 0x2150);
AGX4_FW_CHECK(struct g17p_frag_work, grid, 0x2154);
AGX4_FW_CHECK(struct g17p_frag_work, one_215c, 0x215c);
AGX4_FW_CHECK(struct g17p_frag_work, item2, 0x2160);
AGX4_FW_CHECK(struct g17p_frag_work, item_phase2, 0x2164);
AGX4_FW_CHECK(struct g17p_frag_work, lifecycle_lo, 0x2168);
AGX4_FW_CHECK(struct g17p_frag_work, index, 0x2170);
AGX4_FW_CHECK(struct g17p_frag_work, prof_start, 0x2198);
AGX4_FW_CHECK(struct g17p_frag_work, prof_end, 0x21a0);
AGX4_FW_CHECK(struct g17p_frag_work, ts_start, 0x21a8);
AGX4_FW_CHECK(struct g17p_frag_work, ts_end, 0x21b0);
AGX4_FW_CHECK(struct g17p_frag_work, const_21cc, 0x21cc);
AGX4_FW_CHECK(struct g17p_frag_work, support, 0x21ce);
AGX4_FW_CHECK(struct g17p_frag_work, one_21d6, 0x21d6);
AGX4_FW_CHECK(struct g17p_frag_work, status, 0x21df);
AGX4_FW_CHECK(struct g17p_frag_work, one_21e7, 0x21e7);
AGX4_FW_CHECK(struct g17p_frag_work, one_2208, 0x2208);
AGX4_FW_CHECK(struct g17p_frag_work, one_220c, 0x220c);
AGX4_FW_CHECK(struct g17p_frag_work, one_222d, 0x222d);

/**
 * struct g17p_compute_work - compute descriptor (0x4000 bytes)
 *
 * L: the reference also writes (ordinal & 3) << 30 at +0xfc8 and then
 * @zero_page over its top byte, so the word keeps only the zero page's
 * low byte; agx4 writes the zero page alone.
 */
struct g17p_compute_work {
	/** @type: 3 (compute). */
	__le32 type;
	/** @sequence: the descriptor sequence (unaligned). */
	__le64 sequence;
	/** @context: context (VM) id. */
	__le32 context;
	/** @sched: the scheduler record. */
	__le64 sched;
	/** @classes: %G17P_COMPUTE_CLASSES. */
	__le16 classes[4];
	/** @pad_20: unused. */
	u8 pad_20[0x20];
	/** @regs: the primary register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	/** @pad_640: unused. */
	u8 pad_640[0x100];
	/** @regs_alias: GPU address of @regs. */
	__le64 regs_alias;
	/** @reg_header: program bytes << 16 | records. */
	__le32 reg_header;
	/** @pad_74c: unused. */
	u8 pad_74c[0x14];
	/** @regs2: the secondary program: the operand-state registers, swapped. */
	struct agx4_fw_reg regs2[G17P_COMPUTE_REGS2];
	/** @pad_790: unused. */
	u8 pad_790[0x6d0];
	/** @regs2_alias: GPU address of @regs2. */
	__le64 regs2_alias;
	/** @reg2_header: its header. */
	__le32 reg2_header;
	/** @pad_e6c: unused. */
	u8 pad_e6c[0x6c];
	/** @resource: preemption/save area. */
	__le64 resource;
	/** @cdm_last: CDM terminator: stream end - 4. */
	__le64 cdm_last;
	/** @pad_ee8: unused. */
	u8 pad_ee8[0x20];
	/** @control: the first CDM control register value. */
	__le64 control;
	/** @pad_f10: unused. */
	u8 pad_f10[0x10];
	/** @identity_hi: identity >> 32. */
	__le32 identity_hi;
	/** @pad_f24: unused. */
	u8 pad_f24[0x4];
	/** @all_ones: 0xffffffff. */
	__le32 all_ones;
	/** @sampler_heap: sampler heap (unaligned). */
	__le64 sampler_heap;
	/** @sampler_count: samplers. */
	__le32 sampler_count;
	/** @sampler_max: samplers + 1, 0 if none. */
	__le32 sampler_max;
	/** @pad_f3c: unused. */
	u8 pad_f3c[0x4];
	/** @dispatch: the dispatch records. */
	__le64 dispatch[2];
	/** @queue_submission: queue submission << 8. */
	__le32 queue_submission;
	/** @grid: grid. */
	__le32 grid;
	/** @queue_ordinal: queue ordinal. */
	__le32 queue_ordinal;
	/** @pad_f5c: unused. */
	u8 pad_f5c[0x4];
	/** @submission_index: submission index. */
	__le32 submission_index;
	/** @pad_f64: unused. */
	u8 pad_f64[0x4];
	/** @identity: identity, low word. */
	__le64 identity;
	/** @ordinal: ordinal. */
	__le32 ordinal;
	/** @pad_f74: unused. */
	u8 pad_f74[0x8];
	/** @status: the status pair (unaligned). */
	__le64 status[2];
	/** @timestamps: firmware timestamp slots (unaligned). */
	__le64 timestamps[2];
	/** @pad_f9c: unused. */
	u8 pad_f9c[0x14];
	/** @const_fb0: %G17P_COMPUTE_CONST_FB0. */
	__le16 const_fb0;
	/** @shared_control: shared control (unaligned). */
	__le64 shared_control;
	/** @support_control: support control (unaligned). */
	__le32 support_control;
	/** @support_flags: support flags (unaligned). */
	__le32 support_flags;
	/** @pad_fc2: unused. */
	u8 pad_fc2[0x3];
	/** @const_fc5: %G17P_COMPUTE_CONST_FC5. */
	u8 const_fc5;
	/** @pad_fc6: unused. */
	u8 pad_fc6[0x5];
	/** @zero_page: zero page (unaligned). */
	__le64 zero_page;
	/** @one_fd3: 1. */
	u8 one_fd3;
	/** @pad_fd4: unused. */
	u8 pad_fd4[0x302c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_compute_work, 0x4000);
AGX4_FW_CHECK(struct g17p_compute_work, sequence, 0x04);
AGX4_FW_CHECK(struct g17p_compute_work, context, 0x0c);
AGX4_FW_CHECK(struct g17p_compute_work, sched, 0x10);
AGX4_FW_CHECK(struct g17p_compute_work, classes, 0x18);
AGX4_FW_CHECK(struct g17p_compute_work, regs, 0x40);
AGX4_FW_CHECK(struct g17p_compute_work, regs_alias, 0x740);
AGX4_FW_CHECK(struct g17p_compute_work, reg_header, 0x748);
AGX4_FW_CHECK(struct g17p_compute_work, regs2, 0x760);
AGX4_FW_CHECK(struct g17p_compute_work, regs2_alias, 0xe60);
AGX4_FW_CHECK(struct g17p_compute_work, reg2_header, 0xe68);
AGX4_FW_CHECK(struct g17p_compute_work, resource, 0xed8);
AGX4_FW_CHECK(struct g17p_compute_work, cdm_last, 0xee0);
AGX4_FW_CHECK(struct g17p_compute_work, control, 0xf08);
AGX4_FW_CHECK(struct g17p_compute_work, identity_hi, 0xf20);
AGX4_FW_CHECK(struct g17p_compute_work, all_ones, 0xf28);
AGX4_FW_CHECK(struct g17p_compute_work, sampler_heap, 0xf2c);
AGX4_FW_CHECK(struct g17p_compute_work, sampler_count, 0xf34);
AGX4_FW_CHECK(struct g17p_compute_work, sampler_max, 0xf38);
AGX4_FW_CHECK(struct g17p_compute_work, dispatch, 0xf40);
AGX4_FW_CHECK(struct g17p_compute_work, queue_submission, 0xf50);
AGX4_FW_CHECK(struct g17p_compute_work, grid, 0xf54);
AGX4_FW_CHECK(struct g17p_compute_work, queue_ordinal, 0xf58);
AGX4_FW_CHECK(struct g17p_compute_work, submission_index, 0xf60);
AGX4_FW_CHECK(struct g17p_compute_work, identity, 0xf68);
AGX4_FW_CHECK(struct g17p_compute_work, ordinal, 0xf70);
AGX4_FW_CHECK(struct g17p_compute_work, status, 0xf7c);
AGX4_FW_CHECK(struct g17p_compute_work, timestamps, 0xf8c);
AGX4_FW_CHECK(struct g17p_compute_work, const_fb0, 0xfb0);
AGX4_FW_CHECK(struct g17p_compute_work, shared_control, 0xfb2);
AGX4_FW_CHECK(struct g17p_compute_work, support_control, 0xfba);
AGX4_FW_CHECK(struct g17p_compute_work, support_flags, 0xfbe);
AGX4_FW_CHECK(struct g17p_compute_work, const_fc5, 0xfc5);
AGX4_FW_CHECK(struct g17p_compute_work, zero_page, 0xfcb);
AGX4_FW_CHECK(struct g17p_compute_work, one_fd3, 0xfd3);

/**
 * struct g17p_optional - the optional record before a descriptor (0xc0 bytes)
 */
struct g17p_optional {
	/** @type: %G17P_ITEM_OPTIONAL. */
	__le32 type;
	/** @pad_4: unused. */
	u8 pad_4[0x4];
	/** @context_low: context scratch (low alias). */
	__le64 context_low;
	/** @context_high: firmware scratch. */
	__le64 context_high;
	/** @grid: grid. */
	__le16 grid;
	/** @first: 1 for the queue's first item. */
	__le16 first;
	/** @pad_1c: unused. */
	u8 pad_1c[0x2];
	/** @sched_class: scheduler class. */
	__le16 sched_class;
	/** @pad_20: unused. */
	u8 pad_20[0x2];
	/** @two: 2. */
	__le16 two;
	/** @pad_24: unused. */
	u8 pad_24[0x6];
	/** @item: item index. */
	__le16 item;
	/** @pad_2c: unused. */
	u8 pad_2c[0x2];
	/** @phase: item index << 8. */
	__le16 phase;
	/** @pad_30: unused. */
	u8 pad_30[0x2];
	/** @context: context. */
	__le16 context;
	/** @pad_34: unused. */
	u8 pad_34[0x2];
	/** @shared_control: shared control (unaligned). */
	__le64 shared_control;
	/** @ordinal: ordinal. */
	__le16 ordinal;
	/** @pad_40: unused. */
	u8 pad_40[0x6];
	/** @field_46: as the reference writes it. */
	__le16 field_46;
	/** @pad_48: unused. */
	u8 pad_48[0x2];
	/** @channel_control: channel control (unaligned). */
	__le64 channel_control;
	/** @first2: @first again. */
	__le16 first2;
	/** @pad_54: unused. */
	u8 pad_54[0x2];
	/** @context2: context again. */
	__le16 context2;
	/** @pad_58: unused. */
	u8 pad_58[0x2];
	/** @uuid: UUID. */
	__le16 uuid;
	/** @pad_5c: unused. */
	u8 pad_5c[0x2];
	/** @scheduler: scheduler. */
	__le16 scheduler;
	/** @pad_60: unused. */
	u8 pad_60[0x2];
	/** @first3: @first again. */
	__le16 first3;
	/** @pad_64: unused. */
	u8 pad_64[0x2];
	/** @one: 1. */
	__le16 one;
	/** @pad_68: unused. */
	u8 pad_68[0x6];
	/** @tiling_shared: TA: the tiling shared object (unaligned). */
	__le64 tiling_shared;
	/** @lifecycle: TA: the lifecycle (unaligned); 3D, compute: 0xff bytes. */
	__le64 lifecycle;
	/** @ns: TA: the namespace (unaligned); 3D, compute: 0xff bytes. */
	__le32 ns;
	/** @grid_p1: TA: grid + 1 (unaligned); 3D, compute: 0xff bytes. */
	__le32 grid_p1;
	/** @pad_86: unused. */
	u8 pad_86[0x3a];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_optional, 0xc0);
AGX4_FW_CHECK(struct g17p_optional, context_low, 0x08);
AGX4_FW_CHECK(struct g17p_optional, context_high, 0x10);
AGX4_FW_CHECK(struct g17p_optional, grid, 0x18);
AGX4_FW_CHECK(struct g17p_optional, first, 0x1a);
AGX4_FW_CHECK(struct g17p_optional, sched_class, 0x1e);
AGX4_FW_CHECK(struct g17p_optional, two, 0x22);
AGX4_FW_CHECK(struct g17p_optional, item, 0x2a);
AGX4_FW_CHECK(struct g17p_optional, phase, 0x2e);
AGX4_FW_CHECK(struct g17p_optional, context, 0x32);
AGX4_FW_CHECK(struct g17p_optional, shared_control, 0x36);
AGX4_FW_CHECK(struct g17p_optional, ordinal, 0x3e);
AGX4_FW_CHECK(struct g17p_optional, field_46, 0x46);
AGX4_FW_CHECK(struct g17p_optional, channel_control, 0x4a);
AGX4_FW_CHECK(struct g17p_optional, first2, 0x52);
AGX4_FW_CHECK(struct g17p_optional, context2, 0x56);
AGX4_FW_CHECK(struct g17p_optional, uuid, 0x5a);
AGX4_FW_CHECK(struct g17p_optional, scheduler, 0x5e);
AGX4_FW_CHECK(struct g17p_optional, first3, 0x62);
AGX4_FW_CHECK(struct g17p_optional, one, 0x66);
AGX4_FW_CHECK(struct g17p_optional, tiling_shared, 0x6e);
AGX4_FW_CHECK(struct g17p_optional, lifecycle, 0x76);
AGX4_FW_CHECK(struct g17p_optional, ns, 0x7e);
AGX4_FW_CHECK(struct g17p_optional, grid_p1, 0x82);

/**
 * struct g17p_event_item_compute - the compute event item (0x400 bytes)
 *
 * Compute stores kind 0x200 and a 0x400-byte area (3.9).
 */
struct g17p_event_item_compute {
	/** @item: as &struct g17p_event_item. */
	struct g17p_event_item item;
	/** @pad_40: unused. */
	u8 pad_40[0x3c0];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_event_item_compute, 0x400);

/* hwdata (3.4): the fixed T8140 performance table. */
#define G17P_FREQ_A	{ 0, 338, 492, 618, 796, 928, 1056, 1170, 1278, 1338, \
			  1470 }
#define G17P_FREQ_B	{ 0, 338, 492, 618, 796, 928, 952, 1053, 1152, 1204, \
			  1326 }
#define G17P_CORE_MV	{ 125, 595, 615, 635, 685, 730, 780, 815, 865, 885, \
			  955 }
#define G17P_MEM_MV	{ 765, 765, 765, 765, 765, 765, 780, 815, 865, 885, \
			  955 }
#define G17P_RELATIVE_A	{ 0, 16, 23, 30, 43, 57, 74, 85, 90, 92, 100 }
#define G17P_RELATIVE_B	{ 0, 0, 13, 24, 40, 52, 63, 73, 83, 88, 100 }
#define G17P_INDEX_A	{ 0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15 }
#define G17P_INDEX_B	{ 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14 }
/* binary32 1.02 */
#define G17P_SCALE_B		0x3f828f5c
#define G17P_HWDATA_CONST_258E	12
#define G17P_HWDATA_GROUPS	{ 0, 1, 1, 1 }
/* Region records, 0x40 apart from here. */
#define G17P_HW_REGIONS		0x2610
#define G17P_HW_REGION_STRIDE	0x40
#define G17P_HW_REGION_SIZE_A	0x800
#define G17P_HW_REGION_SIZE_B	0x40

/**
 * struct g17p_hw_region - a region record of G17P hwdata (3.4)
 *
 * At hwdata + %G17P_HW_REGIONS + 0x40 * n.
 */
struct g17p_hw_region {
	/** @lead: lead word. */
	__le32 lead;
	/** @value: the region's value word. */
	__le32 value;
	/** @tag: %G17P_MC_VIEW_TAG. */
	__le32 tag;
	/** @address: the region (unaligned). */
	__le64 address;
	/** @size_a: %G17P_HW_REGION_SIZE_A. */
	__le32 size_a;
	/** @size_b: %G17P_HW_REGION_SIZE_B. */
	__le32 size_b;
	/** @trail: trail word. */
	__le32 trail;
	/** @pad_20: unused. */
	u8 pad_20[0x20];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_hw_region, 0x40);
AGX4_FW_CHECK(struct g17p_hw_region, value, 0x04);
AGX4_FW_CHECK(struct g17p_hw_region, tag, 0x08);
AGX4_FW_CHECK(struct g17p_hw_region, address, 0x0c);
AGX4_FW_CHECK(struct g17p_hw_region, size_a, 0x14);
AGX4_FW_CHECK(struct g17p_hw_region, size_b, 0x18);
AGX4_FW_CHECK(struct g17p_hw_region, trail, 0x1c);

/**
 * struct g17p_region_c - region C (0x1000 bytes)
 *
 * The named members are those the specification gives; the constant runs
 * the builder lays over it (agx4_fw_g17p.c) also set +0x30, words after
 * +0x58, +0x7c4 and +0xe1c, +0xe38, +0xe50.
 */
struct g17p_region_c {
	/** @ktrace: the KTrace mask. */
	__le32 ktrace;
	/** @pad_4: unused. */
	u8 pad_4[0x20];
	/** @const_24: 3000. */
	__le32 const_24;
	/** @pad_28: unused. */
	u8 pad_28[0x2c];
	/** @ffff_54: 0xffff. */
	__le16 ffff_54;
	/** @const_56: 40. */
	__le16 const_56;
	/** @ffff_58: 0xffff. */
	__le16 ffff_58;
	/** @pad_5a: unused. */
	u8 pad_5a[0x1e];
	/** @one_78: 1. */
	__le32 one_78;
	/** @pad_7c: unused. */
	u8 pad_7c[0x8];
	/** @max_power_mw: the GPU's most power, 9550 mW. */
	__le32 max_power_mw;
	/** @thousand_88: 1000, 1000. */
	__le32 thousand_88[2];
	/** @pad_90: unused. */
	u8 pad_90[0x8];
	/** @thousand_98: 1000. */
	__le32 thousand_98;
	/** @pad_9c: unused. */
	u8 pad_9c[0x8fc];
	/** @const_998: 40, 10, 250, 1. */
	__le32 const_998[4];
	/** @pad_9a8: unused. */
	u8 pad_9a8[0x10];
	/** @const_9b8: 600000, 600000, 5, 0, 40, 50, 1. */
	__le32 const_9b8[7];
	/** @pad_9d4: unused. */
	u8 pad_9d4[0x62c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_region_c, 0x1000);
AGX4_FW_CHECK(struct g17p_region_c, const_24, 0x24);
AGX4_FW_CHECK(struct g17p_region_c, ffff_54, 0x54);
AGX4_FW_CHECK(struct g17p_region_c, const_56, 0x56);
AGX4_FW_CHECK(struct g17p_region_c, ffff_58, 0x58);
AGX4_FW_CHECK(struct g17p_region_c, one_78, 0x78);
AGX4_FW_CHECK(struct g17p_region_c, max_power_mw, 0x84);
AGX4_FW_CHECK(struct g17p_region_c, thousand_88, 0x88);
AGX4_FW_CHECK(struct g17p_region_c, thousand_98, 0x98);
AGX4_FW_CHECK(struct g17p_region_c, const_998, 0x998);
AGX4_FW_CHECK(struct g17p_region_c, const_9b8, 0x9b8);

/**
 * struct g17p_pool_state - a TVB pool's state page (6.2)
 *
 * The block-id list it goes with holds up to %G17P_TVB_MAX_IDS u32 ids.
 */
struct g17p_pool_state {
	/** @blocks: blocks the pool has (initially 8). */
	__le32 blocks;
	/** @blocks2: the same again. */
	__le32 blocks2;
} __packed;
AGX4_FW_CHECK_SIZE(struct g17p_pool_state, 8);
AGX4_FW_CHECK(struct g17p_pool_state, blocks2, 0x04);
#define G17P_TVB_MAX_IDS	2048

#endif /* AGX4_FWIF_G17P_H */
