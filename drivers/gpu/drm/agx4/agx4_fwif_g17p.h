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

#endif /* AGX4_FWIF_G17P_H */
