/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P (t8140, firmware mBoot-18000.161.9): the firmware objects.  Every
 * offset of G17P is here and nowhere else; the field list after each
 * structure states the offsets the reference drivers use, and the build
 * fails where a declaration does not match it.
 */
#ifndef AGX4_FWIF_G17P_H
#define AGX4_FWIF_G17P_H

#include <linux/math.h>
#include <linux/sizes.h>

#include "agx4_fwif.h"

/*
 * A region view of the main config.  @value and @tag, when the view has a
 * value, read together as a context-0 GPU address (0x70_0183_8000, say)
 * that aliases the next view's region (M).
 */
struct g17p_region_view {
	/* The region. */
	__le64 address;
	/* Its value word; 0 for a view without one. */
	__le32 value;
	/* %G17P_MC_VIEW_TAG with a value, else 0. */
	__le32 tag;
} __packed;
#define G17P_REGION_VIEW_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, address, 0x0) TYPE(__VA_ARGS__, value, 0x8)	\
	 TYPE(__VA_ARGS__, tag, 0xc))
AGX4_FW_CHECK_FIELDS(struct g17p_region_view, 0x10, G17P_REGION_VIEW_FIELDS);

/*
 * A main config (0x600 bytes; primary at
 * bundle+0x1e5c0, secondary at bundle+0x22a80)
 */
struct g17p_main_config {
	/* hwdata (the bundle). */
	__le64 hwdata;
	/* Bundle+0xc500, twice. */
	__le64 repeated[2];
	u8 __pad_18[8];
	/* The channel table. */
	struct agx4_fw_channel channels[AGX4_FW_NUM_CHANNELS];
	u8 __pad_240[0x14];
	/* Five bundle addresses (primary only; unaligned). */
	__le64 addresses[5];
	u8 __pad_27c[0x54];
	/* Three region views. */
	struct g17p_region_view views[3];
	/* 4 (secondary only). */
	__le32 gap_300;
	u8 __pad_304[0xdc];
	/* 0xff (primary only). */
	__le32 gap_3e0;
	u8 __pad_3e4[0x8d];
	/* Secondary only (unaligned). */
	__le64 secondary_extra;
	u8 __pad_479[0x47];
	/* Slot 0 of the device-control ring. */
	u8 control[AGX4_FW_CTL_SIZE];
	u8 __pad_500[0x100];
} __packed;
#define G17P_MAIN_CONFIG_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, hwdata, 0x0)					\
	 TYPE(__VA_ARGS__, repeated, 0x8)				\
	 TYPE(__VA_ARGS__, channels, 0x20)				\
	 TYPE(__VA_ARGS__, addresses, 0x254)				\
	 TYPE(__VA_ARGS__, views, 0x2d0) TYPE(__VA_ARGS__, gap_300, 0x300)	\
	 TYPE(__VA_ARGS__, gap_3e0, 0x3e0)					\
	 TYPE(__VA_ARGS__, secondary_extra, 0x471)			\
	 TYPE(__VA_ARGS__, control, 0x4c0))
AGX4_FW_CHECK_FIELDS(struct g17p_main_config, 0x600, G17P_MAIN_CONFIG_FIELDS);

/* Work rings in the bundle: R + (i % 3) * 0x6000 + (3 - i / 3) * 0x1800. */
/* The main config's fixed contents, bundle-relative. */
#define G17P_MC_REPEATED	0xc500
#define G17P_MC_ADDRESSES	{ 0x2740, 0x3380, 0x4400, 0xbc80, 0xbd00 }
/* GAP: main config words of unknown meaning, as the reference writes them. */
#define G17P_MC_300		4
#define G17P_MC_3E0		0xff
#define G17P_MC_VIEW_TAG	0x70

/*
 * GAP: the trace ring's size is known only for G16 (512); G17P is assumed
 * alike.
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

/*
 * A queue (workqueue) record (0xc0 bytes).
 *
 * G16's fields from 0x2c on, 8 bytes earlier.
 */
struct g17p_queue {
	/* The pointer block. */
	__le64 pointers;
	/* The item ring. */
	__le64 ring;
	__le64 job_list;
	u8 __pad_18[0x4];
	/* Firmware-written mirror of the done index. */
	__le32 done;
	u8 __pad_20[0x4];
	__le32 gap_24;
	__le32 priority;
	__le32 priority2;
	/* Mask, or 0xff sentinel bytes at 0x36..0x37. */
	__le64 priority_mask;
	__le32 first;
	u8 __pad_3c[4];
	__le32 last;
	__le32 gap_44;
	/* 0x15 ordinary, 0x16 native. */
	__le32 uuid;
	u8 __pad_4c[0x30];
	/* Written 0 then 1 when announcing. */
	__le32 announce;
	u8 __pad_80[0x14];
	/* Unknown. */
	__le32 gap_94;
	u8 __pad_98[4];
	/* Context/control record (unaligned). */
	__le64 context;
	u8 __pad_a4[0x1c];
} __packed;
#define G17P_QUEUE_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, pointers, 0x0) TYPE(__VA_ARGS__, ring, 0x8)	\
	 TYPE(__VA_ARGS__, job_list, 0x10)				\
	 TYPE(__VA_ARGS__, done, 0x1c) TYPE(__VA_ARGS__, gap_24, 0x24)	\
	 TYPE(__VA_ARGS__, priority, 0x28)				\
	 TYPE(__VA_ARGS__, priority2, 0x2c)				\
	 TYPE(__VA_ARGS__, priority_mask, 0x30)				\
	 TYPE(__VA_ARGS__, first, 0x38) TYPE(__VA_ARGS__, last, 0x40)	\
	 TYPE(__VA_ARGS__, gap_44, 0x44)				\
	 TYPE(__VA_ARGS__, uuid, 0x48)					\
	 TYPE(__VA_ARGS__, announce, 0x7c)				\
	 TYPE(__VA_ARGS__, gap_94, 0x94)				\
	 TYPE(__VA_ARGS__, context, 0x9c))
AGX4_FW_CHECK_FIELDS(struct g17p_queue, 0xc0, G17P_QUEUE_FIELDS);

/* A queue's pointer block (0x80 bytes). */
struct g17p_pointers {
	/* Firmware done index. */
	__le32 done;
	u8 __pad_4[0x2c];
	/* Firmware read index. */
	__le32 read;
	u8 __pad_34[0xc];
	/* Host write index. */
	__le32 write;
	u8 __pad_44[0xc];
	__le32 gap_50;
	u8 __pad_54[0xc];
	/* Ring capacity, 0x500. */
	__le32 capacity;
	u8 __pad_64[0x1c];
} __packed;
#define G17P_POINTERS_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, done, 0x0) TYPE(__VA_ARGS__, read, 0x30)	\
	 TYPE(__VA_ARGS__, write, 0x40)					\
	 TYPE(__VA_ARGS__, gap_50, 0x50)				\
	 TYPE(__VA_ARGS__, capacity, 0x60))
AGX4_FW_CHECK_FIELDS(struct g17p_pointers, 0x80, G17P_POINTERS_FIELDS);

/* A work-channel (transport) message (0x18 bytes). */
struct g17p_work_msg {
	__le64 zero;
	/* The queue record. */
	__le64 queue;
	/* 0 TA, 1 3D, 2 compute. */
	__le32 kind;
	/* Head | grid << 16 | first << 24. */
	__le32 head;
} __packed;
#define G17P_WORK_MSG_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, zero, 0x0) TYPE(__VA_ARGS__, queue, 0x8)	\
	 TYPE(__VA_ARGS__, kind, 0x10) TYPE(__VA_ARGS__, head, 0x14))
AGX4_FW_CHECK_FIELDS(struct g17p_work_msg, G17P_WORK_MSG_SIZE,
		     G17P_WORK_MSG_FIELDS);

/* Device control 8, TVB growth reply. */
struct g17p_ctl_grow_reply {
	__le32 opcode;
	/* 1 if the pool grew. */
	__le32 success;
	/* Pool slot. */
	__le32 slot;
	/* Context (VM) id. */
	__le32 context;
	/* Request counter. */
	__le32 counter;
	u8 __pad_14[0x2c];
} __packed;
#define G17P_CTL_GROW_REPLY_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, success, 0x4)	\
	 TYPE(__VA_ARGS__, slot, 0x8) TYPE(__VA_ARGS__, context, 0xc)	\
	 TYPE(__VA_ARGS__, counter, 0x10))
AGX4_FW_CHECK_FIELDS(struct g17p_ctl_grow_reply, AGX4_FW_CTL_SIZE,
		     G17P_CTL_GROW_REPLY_FIELDS);

/* Device control 0x14, context cleanup. */
struct g17p_ctl_cleanup {
	__le32 opcode;
	u8 __pad_4[4];
	/* Bytes 0x26, 0, 1 and 4 of the channel-control record. */
	u8 ctrl[4];
	/* The context-control record (unaligned). */
	__le64 context_control;
	u8 __pad_14[0x2c];
} __packed;
#define G17P_CTL_CLEANUP_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, ctrl, 0x8)	\
	 TYPE(__VA_ARGS__, context_control, 0xc))
AGX4_FW_CHECK_FIELDS(struct g17p_ctl_cleanup, AGX4_FW_CTL_SIZE,
		     G17P_CTL_CLEANUP_FIELDS);

/* Device control 0x1b, after a cleanup. */
struct g17p_ctl_maintenance {
	__le32 opcode;
	/* 0..2. */
	__le32 kind;
	/* 1..2. */
	__le32 phase;
	u8 __pad_c[0x34];
} __packed;
#define G17P_CTL_MAINTENANCE_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, kind, 0x4)	\
	 TYPE(__VA_ARGS__, phase, 0x8))
AGX4_FW_CHECK_FIELDS(struct g17p_ctl_maintenance, AGX4_FW_CTL_SIZE,
		     G17P_CTL_MAINTENANCE_FIELDS);

/* Device control 0x2e, control tick (before a render or a compute). */
struct g17p_ctl_tick {
	__le32 opcode;
	/* Render: the render ordinal - 1; compute: 0. */
	__le32 ordinal;
	u8 __pad_8[0x4];
	/* Context word: 0 render, 2 compute. */
	__le32 context;
	u8 __pad_10[0x30];
} __packed;
#define G17P_CTL_TICK_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, opcode, 0x0)					\
	 TYPE(__VA_ARGS__, ordinal, 0x4)				\
	 TYPE(__VA_ARGS__, context, 0xc))
AGX4_FW_CHECK_FIELDS(struct g17p_ctl_tick, AGX4_FW_CTL_SIZE,
		     G17P_CTL_TICK_FIELDS);

/* Event 1, completion notification. */
struct g17p_ev_completion {
	__le32 kind;
	/* 128-bit grid mask (bytes 4..19). */
	u8 mask[16];
	u8 __pad_14[0x34];
} __packed;
#define G17P_EV_COMPLETION_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, mask, 0x4))
AGX4_FW_CHECK_FIELDS(struct g17p_ev_completion, AGX4_FW_EV_SIZE,
		     G17P_EV_COMPLETION_FIELDS);

/* TVB growth: owners (VM, pool) and grids below 64. */
/*
 * The reference accepts an owner with a VM in 1..63 and a pool below its
 * pool count (H); agx4 numbers render pools device-wide, up to the
 * reference's 15 (the grids below 32 without 4 and 5).
 */
#define G17P_FIRST_VM		1
#define G17P_LAST_VM		63
#define G17P_NUM_POOLS		15
/* Compute owners: grids 32 .. 127 (agx4's count; a report mask holds 128). */
#define G17P_NUM_OWNERS		96
#define G17P_NUM_GRIDS		64
/* Post-cleanup maintenance: kinds 0..2, phases 1..2. */
#define G17P_MAINT_KINDS	3
#define G17P_MAINT_PHASES	2
/* Control ticks are sent for render ordinals from this on. */
#define G17P_TICK_FIRST_ORDINAL	2
/* A control tick's context word: before a render, before a compute. */
#define G17P_TICK_RENDER	0
#define G17P_TICK_COMPUTE	2
/* The compute command ordinal (of an owner) a compute tick precedes. */
#define G17P_TICK_COMPUTE_ORDINAL	2
/* The render prestate: four u32 at the support + 0x20, from ordinal 3. */
#define G17P_PRESTATE_FIRST_ORDINAL	3
#define G17P_PRESTATE		{ 0x1a0, 0x1ea0, 0, 0x1d00 }

/* Event 6, TVB growth request. */
struct g17p_ev_grow {
	__le32 kind;
	/* Context (VM) id. */
	__le32 context;
	/* Pool slot. */
	__le32 slot;
	/* Request counter. */
	__le32 counter;
	__le32 grid;
	/* Must be zero. */
	u8 zero[0x24];
	__le64 gap_38;
	/* 1 << @grid. */
	__le64 grid_bit;
} __packed;
#define G17P_EV_GROW_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, context, 0x4)	\
	 TYPE(__VA_ARGS__, slot, 0x8) TYPE(__VA_ARGS__, counter, 0xc)	\
	 TYPE(__VA_ARGS__, grid, 0x10) TYPE(__VA_ARGS__, zero, 0x14)	\
	 TYPE(__VA_ARGS__, gap_38, 0x38)					\
	 TYPE(__VA_ARGS__, grid_bit, 0x40))
AGX4_FW_CHECK_FIELDS(struct g17p_ev_grow, AGX4_FW_EV_SIZE, G17P_EV_GROW_FIELDS);

/* Event 7, memory limit reached. */
struct g17p_ev_limit {
	__le32 kind;
	__le32 zero;
	__le32 gap_8;
	__le32 event;
	/* The TA or 3D descriptor. */
	__le64 work;
	/* Non-zero. */
	__le64 nonzero;
	__le64 zero2;
	/* The fragment descriptor. */
	__le64 fragment;
	/* The event again. */
	__le64 event2;
	__le64 vm;
	__le64 pool;
} __packed;
#define G17P_EV_LIMIT_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, zero, 0x4)	\
	 TYPE(__VA_ARGS__, gap_8, 0x8) TYPE(__VA_ARGS__, event, 0xc)	\
	 TYPE(__VA_ARGS__, work, 0x10) TYPE(__VA_ARGS__, nonzero, 0x18)	\
	 TYPE(__VA_ARGS__, zero2, 0x20)					\
	 TYPE(__VA_ARGS__, fragment, 0x28)				\
	 TYPE(__VA_ARGS__, event2, 0x30) TYPE(__VA_ARGS__, vm, 0x38)	\
	 TYPE(__VA_ARGS__, pool, 0x40))
AGX4_FW_CHECK_FIELDS(struct g17p_ev_limit, AGX4_FW_EV_SIZE,
		     G17P_EV_LIMIT_FIELDS);

/* The event item ending every submission. */
struct g17p_event_item {
	__le32 type;
	/* 0x10000 | grid. */
	__le32 subtype;
	/* Group << 8 | counter low byte. */
	__le32 counter;
	u8 __pad_c[4];
	/* Kind << 8. */
	__le32 kind;
	u8 __pad_14[0x2c];
} __packed;
#define G17P_EVENT_ITEM_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, subtype, 0x4)	\
	 TYPE(__VA_ARGS__, counter, 0x8) TYPE(__VA_ARGS__, kind, 0x10))
AGX4_FW_CHECK_FIELDS(struct g17p_event_item, 0x40, G17P_EVENT_ITEM_FIELDS);

/*
 * Work items.  A render pushes
 * {descriptor, optional record, event item} per stage, a compute job
 * {descriptor, event item} (its first also the optional record).
 */
#define G17P_TA_REGS		73
#define G17P_FRAG_REGS		89
#define G17P_PSTORE_REGS	16
#define G17P_PRESUME_REGS	23
#define G17P_PLOAD_REGS		10
#define G17P_COMPUTE_REGS	40
/* The execution gates are constants on G17P. */
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
/* The optional record: the phase's item shift; render forms' +0x26. */
#define G17P_OPTIONAL_PHASE_SHIFT 8
#define G17P_OPTIONAL_RENDER_26	1
/* Render forms write the scheduler at +0x1e/+0x46 for this context. */
#define G17P_OPTIONAL_SCHED_CONTEXT 2
/* 3D and compute: 0xff bytes from the lifecycle to here. */
#define G17P_OPTIONAL_TA_TAIL_END 0x86
/*
 * GAP: the descriptors' gap_<offset> members are words of unknown meaning;
 * these are the reference's values (H), the others it writes are 1.
 */
#define G17P_TA_38		0x47
#define G17P_TA_3A		0x49
#define G17P_TA_932		0x44
#define G17P_FRAG_80		0x56
#define G17P_FRAG_82		0x57
#define G17P_FRAG_88		0x59
#define G17P_FRAG_21CC		0x53
#define G17P_ZLS_CONST		0x04040404
#define G17P_COMPUTE_CLASSES	{ 0x22, 0x23, 0x23, 0x24 }
#define G17P_COMPUTE_FB0		0x1a
#define G17P_COMPUTE_FC5		0x9f
/* The only USC execution base the reference runs. */
#define G17P_USC_EXEC_BASE	0x10000000000ull
/* Operand-state words of the compute program. */
#define G17P_COMPUTE_OPSTATE_WORDS { 0x12800, 0x13000, 0x9405, 0x12400, \
				     0x5, 0x9000 }
/*
 * The hardware work tag of compute and render work: context << 8 | the
 * low byte of the ordinal (compute) or of the render's node (render).
 */
#define G17P_WORK_TAG_SHIFT	8
#define G17P_WORK_TAG_MASK	0xff
/* The optional record's item fits a byte. */
#define G17P_TA_MAX_ITEM	0xff
/* The queue submission field holds 24 bits. */
#define G17P_MAX_SUBMISSION	0xffffff

/*
 * TA descriptor (0x9c0 bytes).
 *
 * Only the fields whose meaning is known are declared; the reference
 * fills no others.
 */
struct g17p_ta_work {
	__le32 type;
	/* The descriptor sequence (unaligned). */
	__le64 sequence;
	/* Context (VM) id. */
	__le32 context;
	/* Pool-A record of the render. */
	__le64 pool_a;
	/* The TVB pool. */
	__le32 pool;
	u8 __pad_1c[0x4];
	/* Shared pool object A. */
	__le64 shared_a;
	/* Pool-B record of the render. */
	__le64 pool_b;
	/* Shared pool object B. */
	__le64 shared_b;
	u8 gap_38;
	u8 __pad_39[0x1];
	u8 gap_3a;
	u8 __pad_3b[0x1];
	u8 gap_3c;
	u8 __pad_3d[0xb];
	/* The work value, ordinal + ordinal / 2. */
	__le32 work;
	u8 __pad_4c[0x14];
	/* The register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	u8 __pad_660[0x100];
	/* GPU address of @regs. */
	__le64 regs_alias;
	/* Program bytes << 16 | records. */
	__le32 reg_header;
	u8 __pad_76c[0x14];
	/* TPC base. */
	__le64 tpc;
	/* TPC bytes: (size3 << 6) * layers. */
	__le64 tpc_size;
	u8 __pad_790[0xc];
	/* Grid + 1. */
	__le32 grid_p1;
	/* Queue item << 8. */
	__le32 item_phase;
	u8 __pad_7a4[0x4];
	/* Queue item. */
	__le32 item;
	u8 __pad_7ac[0x4];
	/* Queue item * 0x101. */
	__le32 item_x101;
	u8 __pad_7b4[0x22];
	/* Deflake buffer 1, as a TA offset (unaligned). */
	__le32 deflake_1;
	u8 __pad_7da[0x94];
	/* Lifecycle >> 32 (unaligned). */
	__le64 lifecycle_hi;
	__le32 gap_876;
	/* Sampler heap (unaligned). */
	__le64 sampler_heap;
	/* Samplers. */
	__le32 sampler_count;
	/* Samplers + 1, 0 if none. */
	__le32 sampler_max;
	u8 __pad_88a[0x8];
	/* Reactive TVB growth. */
	u8 reactive_growth;
	u8 __pad_893[0x7];
	/* Vertex store flag. */
	u8 store_flag;
	u8 __pad_89b[0xb];
	/* The pair dispatch slots (unaligned). */
	__le64 dispatch[2];
	/*
	 * Queue item << 8; with the top of @dispatch[1] this is the
	 * reference's queue item << 24 | 0xffff at +0x8b4.
	 */
	__le16 item_8b6;
	u8 __pad_8b8[0x2];
	__le32 grid;
	u8 __pad_8be[0x6];
	/* Queue item << 16. */
	__le32 item_hi16;
	/* Queue item << 24. */
	__le32 item_hi24;
	u8 __pad_8cc[0x2];
	/* Lifecycle, low word (unaligned). */
	__le32 lifecycle_lo;
	u8 __pad_8d2[0x2];
	/* Item index << 16. */
	__le32 index_hi16;
	u8 __pad_8d8[0x26];
	/* Firmware timestamp start slot (unaligned). */
	__le64 prof_start;
	/* Firmware timestamp end slot (unaligned). */
	__le64 prof_end;
	/* User timestamp start (unaligned). */
	__le64 ts_start;
	/* User timestamp end (unaligned). */
	__le64 ts_end;
	u8 __pad_91e[0x14];
	u8 gap_932;
	u8 __pad_933[0x1];
	/* The render support object. */
	__le64 support;
	u8 gap_93c;
	u8 __pad_93d[0x8];
	/* The status record (unaligned). */
	__le64 status;
	u8 gap_94d;
	u8 __pad_94e[0x72];
} __packed;
#define G17P_TA_WORK_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, sequence, 0x4)	\
	 TYPE(__VA_ARGS__, context, 0xc)				\
	 TYPE(__VA_ARGS__, pool_a, 0x10) TYPE(__VA_ARGS__, pool, 0x18)	\
	 TYPE(__VA_ARGS__, shared_a, 0x20)				\
	 TYPE(__VA_ARGS__, pool_b, 0x28)				\
	 TYPE(__VA_ARGS__, shared_b, 0x30)				\
	 TYPE(__VA_ARGS__, gap_38, 0x38)				\
	 TYPE(__VA_ARGS__, gap_3a, 0x3a)				\
	 TYPE(__VA_ARGS__, gap_3c, 0x3c)				\
	 TYPE(__VA_ARGS__, work, 0x48) TYPE(__VA_ARGS__, regs, 0x60)	\
	 TYPE(__VA_ARGS__, regs_alias, 0x760)				\
	 TYPE(__VA_ARGS__, reg_header, 0x768)				\
	 TYPE(__VA_ARGS__, tpc, 0x780)					\
	 TYPE(__VA_ARGS__, tpc_size, 0x788)				\
	 TYPE(__VA_ARGS__, grid_p1, 0x79c)				\
	 TYPE(__VA_ARGS__, item_phase, 0x7a0)				\
	 TYPE(__VA_ARGS__, item, 0x7a8)					\
	 TYPE(__VA_ARGS__, item_x101, 0x7b0)				\
	 TYPE(__VA_ARGS__, deflake_1, 0x7d6)				\
	 TYPE(__VA_ARGS__, lifecycle_hi, 0x86e)				\
	 TYPE(__VA_ARGS__, gap_876, 0x876)				\
	 TYPE(__VA_ARGS__, sampler_heap, 0x87a)				\
	 TYPE(__VA_ARGS__, sampler_count, 0x882)			\
	 TYPE(__VA_ARGS__, sampler_max, 0x886)				\
	 TYPE(__VA_ARGS__, reactive_growth, 0x892)			\
	 TYPE(__VA_ARGS__, store_flag, 0x89a)				\
	 TYPE(__VA_ARGS__, dispatch, 0x8a6)				\
	 TYPE(__VA_ARGS__, item_8b6, 0x8b6)				\
	 TYPE(__VA_ARGS__, grid, 0x8ba)					\
	 TYPE(__VA_ARGS__, item_hi16, 0x8c4)				\
	 TYPE(__VA_ARGS__, item_hi24, 0x8c8)				\
	 TYPE(__VA_ARGS__, lifecycle_lo, 0x8ce)				\
	 TYPE(__VA_ARGS__, index_hi16, 0x8d4)				\
	 TYPE(__VA_ARGS__, prof_start, 0x8fe)				\
	 TYPE(__VA_ARGS__, prof_end, 0x906)				\
	 TYPE(__VA_ARGS__, ts_start, 0x90e)				\
	 TYPE(__VA_ARGS__, ts_end, 0x916)				\
	 TYPE(__VA_ARGS__, gap_932, 0x932)				\
	 TYPE(__VA_ARGS__, support, 0x934)				\
	 TYPE(__VA_ARGS__, gap_93c, 0x93c)				\
	 TYPE(__VA_ARGS__, status, 0x945)				\
	 TYPE(__VA_ARGS__, gap_94d, 0x94d))
AGX4_FW_CHECK_FIELDS(struct g17p_ta_work, 0x9c0, G17P_TA_WORK_FIELDS);

/*
 * 3D descriptor (0x2240 bytes).
 *
 * Holds the main program and the three partial-render programs.
 */
struct g17p_frag_work {
	__le32 type;
	/* The descriptor sequence (unaligned). */
	__le64 sequence;
	/* Context (VM) id. */
	__le32 context;
	u8 __pad_10[0x10];
	/* Pool-A record of the render. */
	__le64 pool_a;
	/* Shared pool object A. */
	__le64 shared_a;
	/* Pool-B record of the render. */
	__le64 pool_b;
	/* Shared pool object B. */
	__le64 shared_b;
	__le64 tilemap;
	/* PPP multisample control. */
	__le64 msaa;
	/* Samples per pixel. */
	__le32 samples;
	/* Macrotile size. */
	__le32 macro_size;
	u8 __pad_58[0x10];
	/* ISP merge upper X. */
	__le32 merge_x;
	/* ISP merge upper Y. */
	__le32 merge_y;
	u8 __pad_70[0x8];
	/* tiles_x * tiles_y. */
	__le64 tiles;
	u8 gap_80;
	u8 __pad_81[0x1];
	u8 gap_82;
	u8 __pad_83[0x1];
	u8 gap_84;
	u8 __pad_85[0x3];
	u8 gap_88;
	u8 __pad_89[0x7];
	/* Queue item. */
	__le32 item;
	u8 __pad_94[0xc];
	/* The main register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	u8 __pad_6a0[0x100];
	/* GPU address of @regs. */
	__le64 regs_alias;
	/* Program bytes << 16 | records. */
	__le32 reg_header;
	u8 __pad_7ac[0x14];
	/* The partial-store program. */
	struct agx4_fw_reg pstore_regs[G17P_PSTORE_REGS];
	u8 __pad_880[0x640];
	/* GPU address of @pstore_regs. */
	__le64 pstore_alias;
	__le32 pstore_header;
	u8 __pad_ecc[0x14];
	/* The partial-resume program. */
	struct agx4_fw_reg presume_regs[G17P_PRESUME_REGS];
	u8 __pad_ff4[0x5ec];
	/* GPU address of @presume_regs. */
	__le64 presume_alias;
	__le32 presume_header;
	u8 __pad_15ec[0x14];
	/* The partial-load program. */
	struct agx4_fw_reg pload_regs[G17P_PLOAD_REGS];
	u8 __pad_1678[0x688];
	/* GPU address of @pload_regs. */
	__le64 pload_alias;
	__le32 pload_header;
	u8 __pad_1d0c[0x14];
	/* Depth-bias array. */
	__le64 dbias;
	u8 __pad_1d28[0x8];
	/* Scissor array. */
	__le64 scissor;
	u8 __pad_1d38[0x8];
	/* Occlusion query base. */
	__le64 oclqry;
	u8 __pad_1d48[0x130];
	/* Background program resources. */
	__le64 load_bind;
	/* Background program. */
	__le64 load;
	u8 __pad_1e88[0x20];
	/* Partial-render background resources. */
	__le64 partial_load_bind;
	/* Partial-render background program. */
	__le64 partial_load;
	/* ZLS control (depth flags), as register 0x15319. */
	__le64 zls_ctrl;
	__le32 zls_const;
	u8 __pad_1ec4[0x4];
	/* Depth: buffer, stride, comp stride, buffer, buffer, comp buffer. */
	__le64 depth[6];
	/* Stencil, likewise. */
	__le64 stencil[6];
	u8 __pad_1f28[0x10];
	/* Tile-buffer blocks. */
	__le64 tib;
	/* Aux framebuffer flags. */
	__le64 aux_fb_flags;
	__le32 width;
	__le32 height;
	/* Aux framebuffer pages. */
	__le64 aux_fb_pages;
	__le64 tile_config;
	u8 __pad_1f60[0x18];
	/* End-of-tile program resources. */
	__le32 store_bind;
	/* End-of-tile program (unaligned). */
	__le64 store;
	u8 __pad_1f84[0x14];
	/* Partial-render end-of-tile resources. */
	__le32 partial_store_bind;
	/* Partial-render end-of-tile program (unaligned). */
	__le64 partial_store;
	u8 __pad_1fa4[0x4];
	/* Depth clear value bits. */
	__le32 depth_clear;
	/* Stencil clear value | 0x300, as register 0x15309 holds it. */
	__le32 stencil_clear;
	/* Sample size in bytes; tile-buffer blocks * 2 when it is 0. */
	__le32 sample_size;
	u8 __pad_1fb4[0x1c];
	/* ZLS pixels (depth dimensions), as register 0x15321. */
	__le64 zls_pixels;
	u8 __pad_1fd8[0x124];
	/* Fragment store flag. */
	u8 store_flag;
	u8 __pad_20fd[0x3];
	/* Fragment sync grow. */
	u8 sync_grow;
	u8 __pad_2101[0x7];
	/* Lifecycle >> 32. */
	__le64 lifecycle_hi;
	__le32 gap_2110;
	/* Sampler heap (unaligned). */
	__le64 sampler_heap;
	/* Samplers. */
	__le32 sampler_count;
	/* Samplers + 1, 0 if none. */
	__le32 sampler_max;
	/* Process empty tiles. */
	u8 empty_tiles;
	u8 __pad_2125[0x3];
	u8 gap_2128;
	u8 __pad_2129[0x3];
	/* 1 when multisampled. */
	__le32 multisampled;
	u8 __pad_2130[0x10];
	/* The pair dispatch slots. */
	__le64 dispatch[2];
	/* Queue item << 8. */
	__le32 item_phase;
	__le32 grid;
	u8 __pad_2158[0x4];
	__le32 gap_215c;
	/* Queue item again. */
	__le32 item2;
	/* Queue item << 8 again. */
	__le32 item_phase2;
	/* Lifecycle, low word. */
	__le64 lifecycle_lo;
	/* Item index. */
	__le32 index;
	u8 __pad_2174[0x24];
	/* Firmware timestamp start slot. */
	__le64 prof_start;
	/* Firmware timestamp end slot. */
	__le64 prof_end;
	/* User timestamp start. */
	__le64 ts_start;
	/* User timestamp end. */
	__le64 ts_end;
	u8 __pad_21b8[0x14];
	u8 gap_21cc;
	u8 __pad_21cd[0x1];
	/* The render support object (unaligned). */
	__le64 support;
	u8 gap_21d6;
	u8 __pad_21d7[0x8];
	/* The status record (unaligned). */
	__le64 status;
	u8 gap_21e7;
	u8 __pad_21e8[0x20];
	u8 gap_2208;
	u8 __pad_2209[0x3];
	u8 gap_220c;
	u8 __pad_220d[0x20];
	u8 gap_222d;
	u8 __pad_222e[0x12];
} __packed;
#define G17P_FRAG_WORK_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, sequence, 0x4)	\
	 TYPE(__VA_ARGS__, context, 0xc)				\
	 TYPE(__VA_ARGS__, pool_a, 0x20)				\
	 TYPE(__VA_ARGS__, shared_a, 0x28)				\
	 TYPE(__VA_ARGS__, pool_b, 0x30)				\
	 TYPE(__VA_ARGS__, shared_b, 0x38)				\
	 TYPE(__VA_ARGS__, tilemap, 0x40) TYPE(__VA_ARGS__, msaa, 0x48)	\
	 TYPE(__VA_ARGS__, samples, 0x50)				\
	 TYPE(__VA_ARGS__, macro_size, 0x54)				\
	 TYPE(__VA_ARGS__, merge_x, 0x68)				\
	 TYPE(__VA_ARGS__, merge_y, 0x6c)				\
	 TYPE(__VA_ARGS__, tiles, 0x78)					\
	 TYPE(__VA_ARGS__, gap_80, 0x80)				\
	 TYPE(__VA_ARGS__, gap_82, 0x82)				\
	 TYPE(__VA_ARGS__, gap_84, 0x84)				\
	 TYPE(__VA_ARGS__, gap_88, 0x88)				\
	 TYPE(__VA_ARGS__, item, 0x90) TYPE(__VA_ARGS__, regs, 0xa0)	\
	 TYPE(__VA_ARGS__, regs_alias, 0x7a0)				\
	 TYPE(__VA_ARGS__, reg_header, 0x7a8)				\
	 TYPE(__VA_ARGS__, pstore_regs, 0x7c0)				\
	 TYPE(__VA_ARGS__, pstore_alias, 0xec0)				\
	 TYPE(__VA_ARGS__, pstore_header, 0xec8)			\
	 TYPE(__VA_ARGS__, presume_regs, 0xee0)				\
	 TYPE(__VA_ARGS__, presume_alias, 0x15e0)			\
	 TYPE(__VA_ARGS__, presume_header, 0x15e8)			\
	 TYPE(__VA_ARGS__, pload_regs, 0x1600)				\
	 TYPE(__VA_ARGS__, pload_alias, 0x1d00)				\
	 TYPE(__VA_ARGS__, pload_header, 0x1d08)			\
	 TYPE(__VA_ARGS__, dbias, 0x1d20)				\
	 TYPE(__VA_ARGS__, scissor, 0x1d30)				\
	 TYPE(__VA_ARGS__, oclqry, 0x1d40)				\
	 TYPE(__VA_ARGS__, load_bind, 0x1e78)				\
	 TYPE(__VA_ARGS__, load, 0x1e80)				\
	 TYPE(__VA_ARGS__, partial_load_bind, 0x1ea8)			\
	 TYPE(__VA_ARGS__, partial_load, 0x1eb0)			\
	 TYPE(__VA_ARGS__, zls_ctrl, 0x1eb8)				\
	 TYPE(__VA_ARGS__, zls_const, 0x1ec0)				\
	 TYPE(__VA_ARGS__, depth, 0x1ec8)				\
	 TYPE(__VA_ARGS__, stencil, 0x1ef8)				\
	 TYPE(__VA_ARGS__, tib, 0x1f38)					\
	 TYPE(__VA_ARGS__, aux_fb_flags, 0x1f40)			\
	 TYPE(__VA_ARGS__, width, 0x1f48)				\
	 TYPE(__VA_ARGS__, height, 0x1f4c)				\
	 TYPE(__VA_ARGS__, aux_fb_pages, 0x1f50)			\
	 TYPE(__VA_ARGS__, tile_config, 0x1f58)				\
	 TYPE(__VA_ARGS__, store_bind, 0x1f78)				\
	 TYPE(__VA_ARGS__, store, 0x1f7c)				\
	 TYPE(__VA_ARGS__, partial_store_bind, 0x1f98)			\
	 TYPE(__VA_ARGS__, partial_store, 0x1f9c)			\
	 TYPE(__VA_ARGS__, depth_clear, 0x1fa8)				\
	 TYPE(__VA_ARGS__, stencil_clear, 0x1fac)			\
	 TYPE(__VA_ARGS__, sample_size, 0x1fb0)				\
	 TYPE(__VA_ARGS__, zls_pixels, 0x1fd0)				\
	 TYPE(__VA_ARGS__, store_flag, 0x20fc)				\
	 TYPE(__VA_ARGS__, sync_grow, 0x2100)				\
	 TYPE(__VA_ARGS__, lifecycle_hi, 0x2108)			\
	 TYPE(__VA_ARGS__, gap_2110, 0x2110)				\
	 TYPE(__VA_ARGS__, sampler_heap, 0x2114)			\
	 TYPE(__VA_ARGS__, sampler_count, 0x211c)			\
	 TYPE(__VA_ARGS__, sampler_max, 0x2120)				\
	 TYPE(__VA_ARGS__, empty_tiles, 0x2124)				\
	 TYPE(__VA_ARGS__, gap_2128, 0x2128)				\
	 TYPE(__VA_ARGS__, multisampled, 0x212c)			\
	 TYPE(__VA_ARGS__, dispatch, 0x2140)				\
	 TYPE(__VA_ARGS__, item_phase, 0x2150)				\
	 TYPE(__VA_ARGS__, grid, 0x2154)				\
	 TYPE(__VA_ARGS__, gap_215c, 0x215c)				\
	 TYPE(__VA_ARGS__, item2, 0x2160)				\
	 TYPE(__VA_ARGS__, item_phase2, 0x2164)				\
	 TYPE(__VA_ARGS__, lifecycle_lo, 0x2168)			\
	 TYPE(__VA_ARGS__, index, 0x2170)				\
	 TYPE(__VA_ARGS__, prof_start, 0x2198)				\
	 TYPE(__VA_ARGS__, prof_end, 0x21a0)				\
	 TYPE(__VA_ARGS__, ts_start, 0x21a8)				\
	 TYPE(__VA_ARGS__, ts_end, 0x21b0)				\
	 TYPE(__VA_ARGS__, gap_21cc, 0x21cc)				\
	 TYPE(__VA_ARGS__, support, 0x21ce)				\
	 TYPE(__VA_ARGS__, gap_21d6, 0x21d6)				\
	 TYPE(__VA_ARGS__, status, 0x21df)				\
	 TYPE(__VA_ARGS__, gap_21e7, 0x21e7)				\
	 TYPE(__VA_ARGS__, gap_2208, 0x2208)				\
	 TYPE(__VA_ARGS__, gap_220c, 0x220c)				\
	 TYPE(__VA_ARGS__, gap_222d, 0x222d))
AGX4_FW_CHECK_FIELDS(struct g17p_frag_work, 0x2240, G17P_FRAG_WORK_FIELDS);

/*
 * Compute descriptor (0x4000 bytes).
 *
 * L: the reference also writes (ordinal & 3) << 30 at +0xfc8 and then
 * @zero_page over its top byte, so the word keeps only the zero page's
 * low byte; agx4 writes the zero page alone.
 */
struct g17p_compute_work {
	__le32 type;
	/* The descriptor sequence (unaligned). */
	__le64 sequence;
	/* Context (VM) id. */
	__le32 context;
	/* The scheduler record. */
	__le64 sched;
	__le16 classes[4];
	u8 __pad_20[0x20];
	/* The primary register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	u8 __pad_640[0x100];
	/* GPU address of @regs. */
	__le64 regs_alias;
	/* Program bytes << 16 | records. */
	__le32 reg_header;
	u8 __pad_74c[0x14];
	/* The secondary program: the operand-state registers, swapped. */
	struct agx4_fw_reg regs2[G17P_COMPUTE_REGS2];
	u8 __pad_790[0x6d0];
	/* GPU address of @regs2. */
	__le64 regs2_alias;
	__le32 reg2_header;
	u8 __pad_e6c[0x6c];
	/* Preemption/save area. */
	__le64 resource;
	/* CDM terminator: stream end - 4. */
	__le64 cdm_last;
	u8 __pad_ee8[0x20];
	/* The first CDM control register value. */
	__le64 control;
	u8 __pad_f10[0x10];
	/* Identity >> 32. */
	__le32 identity_hi;
	u8 __pad_f24[0x4];
	__le32 gap_f28;
	/* Sampler heap (unaligned). */
	__le64 sampler_heap;
	/* Samplers. */
	__le32 sampler_count;
	/* Samplers + 1, 0 if none. */
	__le32 sampler_max;
	u8 __pad_f3c[0x4];
	/* The dispatch records. */
	__le64 dispatch[2];
	/* Queue submission << 8. */
	__le32 queue_submission;
	__le32 grid;
	__le32 queue_ordinal;
	u8 __pad_f5c[0x4];
	__le32 submission_index;
	u8 __pad_f64[0x4];
	/* Identity, low word. */
	__le64 identity;
	__le32 ordinal;
	u8 __pad_f74[0x8];
	/* The status pair (unaligned). */
	__le64 status[2];
	/*
	 * User timestamp destinations, start and end (unaligned; M: the
	 * place, L: the order).
	 */
	__le64 timestamps[2];
	u8 __pad_f9c[0x14];
	__le16 gap_fb0;
	/* Shared control (unaligned). */
	__le64 shared_control;
	/* Support control (unaligned). */
	__le32 support_control;
	/* Support flags (unaligned). */
	__le32 support_flags;
	u8 __pad_fc2[0x3];
	u8 gap_fc5;
	u8 __pad_fc6[0x5];
	/* Zero page (unaligned). */
	__le64 zero_page;
	u8 gap_fd3;
	u8 __pad_fd4[0x302c];
} __packed;
#define G17P_COMPUTE_WORK_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, sequence, 0x4)	\
	 TYPE(__VA_ARGS__, context, 0xc) TYPE(__VA_ARGS__, sched, 0x10)	\
	 TYPE(__VA_ARGS__, classes, 0x18) TYPE(__VA_ARGS__, regs, 0x40)	\
	 TYPE(__VA_ARGS__, regs_alias, 0x740)				\
	 TYPE(__VA_ARGS__, reg_header, 0x748)				\
	 TYPE(__VA_ARGS__, regs2, 0x760)				\
	 TYPE(__VA_ARGS__, regs2_alias, 0xe60)				\
	 TYPE(__VA_ARGS__, reg2_header, 0xe68)				\
	 TYPE(__VA_ARGS__, resource, 0xed8)				\
	 TYPE(__VA_ARGS__, cdm_last, 0xee0)				\
	 TYPE(__VA_ARGS__, control, 0xf08)				\
	 TYPE(__VA_ARGS__, identity_hi, 0xf20)				\
	 TYPE(__VA_ARGS__, gap_f28, 0xf28)				\
	 TYPE(__VA_ARGS__, sampler_heap, 0xf2c)				\
	 TYPE(__VA_ARGS__, sampler_count, 0xf34)			\
	 TYPE(__VA_ARGS__, sampler_max, 0xf38)				\
	 TYPE(__VA_ARGS__, dispatch, 0xf40)				\
	 TYPE(__VA_ARGS__, queue_submission, 0xf50)			\
	 TYPE(__VA_ARGS__, grid, 0xf54)					\
	 TYPE(__VA_ARGS__, queue_ordinal, 0xf58)			\
	 TYPE(__VA_ARGS__, submission_index, 0xf60)			\
	 TYPE(__VA_ARGS__, identity, 0xf68)				\
	 TYPE(__VA_ARGS__, ordinal, 0xf70)				\
	 TYPE(__VA_ARGS__, status, 0xf7c)				\
	 TYPE(__VA_ARGS__, timestamps, 0xf8c)				\
	 TYPE(__VA_ARGS__, gap_fb0, 0xfb0)				\
	 TYPE(__VA_ARGS__, shared_control, 0xfb2)			\
	 TYPE(__VA_ARGS__, support_control, 0xfba)			\
	 TYPE(__VA_ARGS__, support_flags, 0xfbe)			\
	 TYPE(__VA_ARGS__, gap_fc5, 0xfc5)				\
	 TYPE(__VA_ARGS__, zero_page, 0xfcb)				\
	 TYPE(__VA_ARGS__, gap_fd3, 0xfd3))
AGX4_FW_CHECK_FIELDS(struct g17p_compute_work, 0x4000,
		     G17P_COMPUTE_WORK_FIELDS);
/*
 * The bytes of a compute descriptor the host writes: every field above
 * lies in the first 0x1000, and the reference places descriptors 0x1040
 * apart with the firmware using the 0x40 after them (H), so the rest of
 * the nominal 0x4000 bytes is never read as the descriptor.
 */
#define G17P_COMPUTE_WORK_WRITTEN	0x1000
static_assert(offsetof(struct g17p_compute_work, __pad_fd4) <=
	      G17P_COMPUTE_WORK_WRITTEN);

/* The optional record before a descriptor (0xc0 bytes). */
struct g17p_optional {
	__le32 type;
	u8 __pad_4[0x4];
	/* Context scratch (low alias). */
	__le64 context_low;
	/* Firmware scratch. */
	__le64 context_high;
	__le16 grid;
	/* 1 for the queue's first item. */
	__le16 first;
	u8 __pad_1c[0x2];
	__le16 scheduler;
	u8 __pad_20[0x2];
	/* %G17P_KIND_TA, %G17P_KIND_3D or %G17P_KIND_COMPUTE. */
	__le16 kind;
	u8 __pad_24[0x2];
	/* 1 in the render forms, 0 in the compute form (GAP: meaning). */
	__le16 gap_26;
	u8 __pad_28[0x2];
	/* Item index. */
	__le16 item;
	u8 __pad_2c[0x2];
	/* Item index << 8. */
	__le16 phase;
	u8 __pad_30[0x2];
	__le16 context;
	u8 __pad_34[0x2];
	/* Shared control (unaligned). */
	__le64 shared_control;
	__le16 ordinal;
	u8 __pad_40[0x6];
	__le16 scheduler2;
	u8 __pad_48[0x2];
	/* Channel control (unaligned). */
	__le64 channel_control;
	__le16 first2;
	u8 __pad_54[0x2];
	__le16 context2;
	u8 __pad_58[0x2];
	__le16 uuid;
	u8 __pad_5c[0x2];
	__le16 scheduler3;
	u8 __pad_60[0x2];
	__le16 first3;
	u8 __pad_64[0x2];
	__le16 gap_66;
	u8 __pad_68[0x6];
	/* TA: the tiling shared object (unaligned). */
	__le64 tiling_shared;
	/* TA, as the next two: 3D and compute have 0xff bytes up to +0x86. */
	__le16 lifecycle;
	u8 __pad_78[0x6];
	/* The namespace. */
	__le16 ns;
	u8 __pad_80[0x2];
	/* Grid + 1. */
	__le16 grid_p1;
	u8 __pad_84[0x3c];
} __packed;
#define G17P_OPTIONAL_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, type, 0x0)					\
	 TYPE(__VA_ARGS__, context_low, 0x8)				\
	 TYPE(__VA_ARGS__, context_high, 0x10)				\
	 TYPE(__VA_ARGS__, grid, 0x18) TYPE(__VA_ARGS__, first, 0x1a)	\
	 TYPE(__VA_ARGS__, scheduler, 0x1e)				\
	 TYPE(__VA_ARGS__, kind, 0x22) TYPE(__VA_ARGS__, gap_26, 0x26)	\
	 TYPE(__VA_ARGS__, item, 0x2a) TYPE(__VA_ARGS__, phase, 0x2e)	\
	 TYPE(__VA_ARGS__, context, 0x32)				\
	 TYPE(__VA_ARGS__, shared_control, 0x36)			\
	 TYPE(__VA_ARGS__, ordinal, 0x3e)				\
	 TYPE(__VA_ARGS__, scheduler2, 0x46)				\
	 TYPE(__VA_ARGS__, channel_control, 0x4a)			\
	 TYPE(__VA_ARGS__, first2, 0x52)				\
	 TYPE(__VA_ARGS__, context2, 0x56)				\
	 TYPE(__VA_ARGS__, uuid, 0x5a)					\
	 TYPE(__VA_ARGS__, scheduler3, 0x5e)				\
	 TYPE(__VA_ARGS__, first3, 0x62) TYPE(__VA_ARGS__, gap_66, 0x66)	\
	 TYPE(__VA_ARGS__, tiling_shared, 0x6e)				\
	 TYPE(__VA_ARGS__, lifecycle, 0x76) TYPE(__VA_ARGS__, ns, 0x7e)	\
	 TYPE(__VA_ARGS__, grid_p1, 0x82))
AGX4_FW_CHECK_FIELDS(struct g17p_optional, 0xc0, G17P_OPTIONAL_FIELDS);

/*
 * The compute event item (0x400 bytes).
 *
 * Compute stores kind 0x200 and a 0x400-byte area.
 */
struct g17p_event_item_compute {
	/* As &struct g17p_event_item. */
	struct g17p_event_item item;
	u8 __pad_40[0x3c0];
} __packed;
#define G17P_EVENT_ITEM_COMPUTE_FIELDS(TYPE, ...)			\
	(TYPE(__VA_ARGS__, item, 0x0))
AGX4_FW_CHECK_FIELDS(struct g17p_event_item_compute, 0x400,
		     G17P_EVENT_ITEM_COMPUTE_FIELDS);

/*
 * Submission objects (agx4_g17p_*.c).  Only the words the host
 * writes or reads are declared; the rest is firmware-owned or unknown.
 */

/*
 * A dependency-point block (0x110 bytes, at +0x20 of every context
 * record): a header, then up to 32 points "do not start before grid g has
 * completed v commands".
 */
struct g17p_dep_points {
	/* 0xffff << 48 | engine << 40 | event slot << 32 | (2^n - 1). */
	__le64 header;
	/* Grid << 40 | value (value below 2^30). */
	__le64 points[32];
	u8 __pad_108[0x8];
} __packed;
#define G17P_DEP_POINTS_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, header, 0x0) TYPE(__VA_ARGS__, points, 0x8))
AGX4_FW_CHECK_FIELDS(struct g17p_dep_points, 0x110, G17P_DEP_POINTS_FIELDS);
#define G17P_DEP_MAX_POINTS	32
#define G17P_DEP_HEADER_TAG	0xffff000000000000ull
#define G17P_DEP_ENGINE_SHIFT	40
#define G17P_DEP_SLOT_SHIFT	32
#define G17P_DEP_GRID_SHIFT	40
#define G17P_DEP_MAX_VALUE	(BIT(30) - 1)
/* Engines of a point block: TA, 3D, compute. */
#define G17P_DEP_ENGINE_TA	0x0c
#define G17P_DEP_ENGINE_3D	0x18
#define G17P_DEP_ENGINE_COMPUTE	0x08

/*
 * A queue-context record: 0x180 bytes of a 0x200-byte slot; 256 slots
 * make a queue's context area, record n + 1 describing its command n.
 */
struct g17p_context {
	/* Flags | (grid * 4) << 40 | 4 * (index + 1). */
	__le64 header;
	/* 3D, ordinary context-1 form only: its descriptor locator base. */
	__le64 frag_base;
	/* The descriptor. */
	__le64 work;
	/* The queue record. */
	__le64 queue;
	struct g17p_dep_points points;
	/* Compute: 0 and 8 (GAP: meaning). */
	__le64 gap_130;
	__le64 gap_138;
	u8 __pad_140[0x10];
	/* Code << 40 | main program GPU alias >> 5. */
	__le64 program;
	/*
	 * 3D: the partial store, resume and load programs' locators;
	 * compute: [0] the secondary program's.
	 */
	__le64 partial[3];
	u8 __pad_170[0x8];
	/* 0x003f_ffff_ffff_ffff. */
	__le64 gap_178;
} __packed;
#define G17P_CONTEXT_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, header, 0x0)					\
	 TYPE(__VA_ARGS__, frag_base, 0x8)				\
	 TYPE(__VA_ARGS__, work, 0x10) TYPE(__VA_ARGS__, queue, 0x18)	\
	 TYPE(__VA_ARGS__, points, 0x20)				\
	 TYPE(__VA_ARGS__, gap_130, 0x130)				\
	 TYPE(__VA_ARGS__, gap_138, 0x138)				\
	 TYPE(__VA_ARGS__, program, 0x150)				\
	 TYPE(__VA_ARGS__, partial, 0x158)				\
	 TYPE(__VA_ARGS__, gap_178, 0x178))
AGX4_FW_CHECK_FIELDS(struct g17p_context, 0x180, G17P_CONTEXT_FIELDS);

/* The compute form: the same record, the whole 0x200-byte slot. */
struct g17p_context_compute {
	struct g17p_context ctx;
	u8 __pad_180[0x80];
} __packed;
#define G17P_CONTEXT_COMPUTE_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, ctx, 0x0))
AGX4_FW_CHECK_FIELDS(struct g17p_context_compute, 0x200,
		     G17P_CONTEXT_COMPUTE_FIELDS);
#define G17P_CONTEXT_SLOT	0x200
#define G17P_CONTEXT_SLOTS	256
/* Header: the grid-addressed form's flag, grid and index shifts. */
#define G17P_CONTEXT_GRID_FORM	BIT_ULL(60)
#define G17P_CONTEXT_GRID_SHIFT	40
#define G17P_CONTEXT_LIMIT	0x003fffffffffffffull
/* Locators: code << 40 | alias >> 5 (GAP-9: codes copied). */
#define G17P_LOCATOR_CODE_SHIFT	40
#define G17P_LOCATOR_ALIAS_SHIFT 5
#define G17P_LOCATOR_COMPUTE	0x110ull
#define G17P_LOCATOR_COMPUTE2	0x20ull
#define G17P_LOCATOR_TA		0x238ull
#define G17P_LOCATOR_3D		0x2b0ull
/* 3D partial-program codes for a context of 3 or more: 8 x records. */
#define G17P_LOCATOR_PSTORE	0x80ull
#define G17P_LOCATOR_PRESUME	0xb8ull
#define G17P_LOCATOR_PLOAD	0x50ull
/* Below context 3, every partial program takes this code instead (H). */
#define G17P_LOCATOR_PARTIAL_LOW	0x10ull
#define G17P_LOCATOR_PARTIAL_CONTEXTS	3
#define G17P_CONTEXT_COMPUTE_138 8

/*
 * A scheduler record (0x100 bytes); pool-A records of a render pool are
 * the same family.
 */
struct g17p_sched {
	/* The scheduler slot word (pool A: its slot in the pool-A leaf). */
	__le64 slot;
	/* Work id (pool A: the render's node). */
	__le32 work;
	/* Phase; non-zero on a reused pool-A record. */
	__le32 phase;
	/* 0x50. */
	__le32 gap_10;
	u8 __pad_14[0x10];
	/* 1 when the phase is not 0. */
	__le32 gap_24;
	u8 __pad_28[0x78];
	/* Other profiles: the job list. */
	__le64 job_list;
	u8 __pad_a8[0x18];
	/* Other profiles: 1, or a completion kind. */
	__le32 gap_c0;
	u8 __pad_c4[0x3c];
} __packed;
#define G17P_SCHED_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, slot, 0x0) TYPE(__VA_ARGS__, work, 0x8)	\
	 TYPE(__VA_ARGS__, phase, 0xc) TYPE(__VA_ARGS__, gap_10, 0x10)	\
	 TYPE(__VA_ARGS__, gap_24, 0x24)				\
	 TYPE(__VA_ARGS__, job_list, 0xa0)				\
	 TYPE(__VA_ARGS__, gap_c0, 0xc0))
AGX4_FW_CHECK_FIELDS(struct g17p_sched, 0x100, G17P_SCHED_FIELDS);
#define G17P_SCHED_10		0x50

/*
 * A 0x40-byte slot of a per-command array: scheduler slot word (u32 1),
 * status pair (the second word non-zero when done), dispatch word pair.
 */
struct g17p_slot {
	__le64 word[2];
	u8 __pad_10[0x30];
} __packed;
#define G17P_SLOT_FIELDS(TYPE, ...)	(TYPE(__VA_ARGS__, word, 0x0))
AGX4_FW_CHECK_FIELDS(struct g17p_slot, 0x40, G17P_SLOT_FIELDS);

/*
 * The channel-control record (0x40 bytes): the G16 queue context's
 * family.  Bytes 0, 1, 4 and 0x26 are echoed by a cleanup command.
 */
struct g17p_chan_control {
	__le64 gap_0;
	__le64 gap_8;
	__le64 gap_10;
	u8 __pad_18[0x8];
	__le64 gap_20;
	__le64 gap_28;
	__le64 gap_30;
	u8 __pad_38[0x8];
} __packed;
#define G17P_CHAN_CONTROL_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, gap_0, 0x0) TYPE(__VA_ARGS__, gap_8, 0x8)	\
	 TYPE(__VA_ARGS__, gap_10, 0x10) TYPE(__VA_ARGS__, gap_20, 0x20)	\
	 TYPE(__VA_ARGS__, gap_28, 0x28) TYPE(__VA_ARGS__, gap_30, 0x30))
AGX4_FW_CHECK_FIELDS(struct g17p_chan_control, 0x40,
		     G17P_CHAN_CONTROL_FIELDS);
/* The ordinary form (GAP: meaning). */
#define G17P_CHAN_CONTROL_0	0x000001000000ffffull
#define G17P_CHAN_CONTROL_20	0x0002000000000000ull
#define G17P_CHAN_CONTROL_30	0xff000000ull
/*
 * The record's live bytes a queue cleanup (0x14) echoes, in its control
 * word's order (H: the firmware rewrites some of them).
 */
#define G17P_CHAN_CONTROL_ECHO	{ 0x26, 0, 1, 4 }

/*
 * A support ("class") object (0x70 bytes at the start of a zeroed page),
 * both forms: the compact form's u32 class and low buffer overlay the
 * ordinary form's u64 2 at +0x10.
 */
struct g17p_support {
	/* Kind or the context (ASID) of an independent queue. */
	__le64 header;
	__le64 gap_8;
	/* 2. */
	__le32 class;
	/* Compact form: a low GPU buffer's low 32 bits. */
	__le32 low;
	/* 0x0004_0000_0000_0070. */
	__le64 gap_18;
	/* Class << 40, twice. */
	__le64 class_20;
	__le64 class_28;
	/* The operand table. */
	__le64 operands;
	u8 __pad_38[0x8];
	/* 4. */
	__le32 gap_40;
	/* Render class-4 state: active. */
	__le32 active;
	/* The cursor: 0xa8 compute, 0xb0 render, 0xe0 opening. */
	__le32 cursor;
	/* The firmware-state page (unaligned). */
	__le64 state;
	/* Compute: the owner index. */
	__le32 owner;
	u8 __pad_58[0x4];
	/* Compute: 1. */
	__le32 gap_5c;
	/* 2 compute, 3 render. */
	__le32 kind;
	u8 __pad_64[0xc];
} __packed;
#define G17P_SUPPORT_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, header, 0x0) TYPE(__VA_ARGS__, gap_8, 0x8)	\
	 TYPE(__VA_ARGS__, class, 0x10) TYPE(__VA_ARGS__, low, 0x14)	\
	 TYPE(__VA_ARGS__, gap_18, 0x18)				\
	 TYPE(__VA_ARGS__, class_20, 0x20)				\
	 TYPE(__VA_ARGS__, class_28, 0x28)				\
	 TYPE(__VA_ARGS__, operands, 0x30)				\
	 TYPE(__VA_ARGS__, gap_40, 0x40)				\
	 TYPE(__VA_ARGS__, active, 0x44)				\
	 TYPE(__VA_ARGS__, cursor, 0x48) TYPE(__VA_ARGS__, state, 0x4c)	\
	 TYPE(__VA_ARGS__, owner, 0x54) TYPE(__VA_ARGS__, gap_5c, 0x5c)	\
	 TYPE(__VA_ARGS__, kind, 0x60))
AGX4_FW_CHECK_FIELDS(struct g17p_support, 0x70, G17P_SUPPORT_FIELDS);
#define G17P_SUPPORT_CLASS	2
#define G17P_SUPPORT_18		0x0004000000000070ull
#define G17P_SUPPORT_CLASS_SHIFT 40
#define G17P_SUPPORT_CLASS_COMPUTE 0x15ull
#define G17P_SUPPORT_CLASS_RENDER 0x16ull
#define G17P_SUPPORT_40		4
#define G17P_SUPPORT_CURSOR_COMPUTE 0xa8
#define G17P_SUPPORT_CURSOR_RENDER 0xb0
#define G17P_SUPPORT_KIND_COMPUTE 2
#define G17P_SUPPORT_KIND_RENDER 3
/* The operand table both compute and render roots carry (H). */
#define G17P_OPERAND_TABLE	0x7000208000ull
/* The compute program's operand state (H). */
#define G17P_OPERAND_STATE	0x7000220000ull

/* The dispatch block (0x20 bytes, primary region 1 + 0x20; GAP-6). */
struct g17p_dispatch {
	__le32 gap_0;
	__le32 gap_4;
	__le32 gap_8;
	__le32 gap_c;
	__le32 gap_10;
	u8 __pad_14[0xc];
} __packed;
#define G17P_DISPATCH_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, gap_0, 0x0) TYPE(__VA_ARGS__, gap_4, 0x4)	\
	 TYPE(__VA_ARGS__, gap_8, 0x8) TYPE(__VA_ARGS__, gap_c, 0xc)	\
	 TYPE(__VA_ARGS__, gap_10, 0x10))
AGX4_FW_CHECK_FIELDS(struct g17p_dispatch, 0x20, G17P_DISPATCH_FIELDS);
#define G17P_DISPATCH_OFFSET	0x20
#define G17P_DISPATCH_WORDS	{ 0xe0000000, 0x08000000, 0, 0x2a00, 0x1500 }
/*
 * The dispatch record before it, at primary region 1 + 0 (HW-5), in the
 * same form; its words are M (the reference generator's).
 */
#define G17P_DISPATCH_RECORD_OFFSET	0
#define G17P_DISPATCH_RECORD_WORDS \
	{ 0xe0000000, 0x08000000, 0, 0x3800, 0x1c00 }

/* Pool B of a render pool: 79 records (0x80 bytes), a pre-record first. */
struct g17p_pool_b {
	/* 0x80004 + (work << 15) + pair * 0x140 + 4i. */
	__le32 value;
	/* 0x10. */
	__le32 gap_4;
	/* Its slot in the pool-B leaf. */
	__le64 slot;
	u8 __pad_10[0x18];
	/* The cycle value. */
	__le32 cycle;
	u8 __pad_2c[0x14];
	/* The shared-slots leaf + 0x40. */
	__le64 shared;
	u8 __pad_48[0x4];
	/* 1 once used. */
	__le32 used;
	u8 __pad_50[0x30];
} __packed;
#define G17P_POOL_B_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, value, 0x0) TYPE(__VA_ARGS__, gap_4, 0x4)	\
	 TYPE(__VA_ARGS__, slot, 0x8) TYPE(__VA_ARGS__, cycle, 0x28)	\
	 TYPE(__VA_ARGS__, shared, 0x40) TYPE(__VA_ARGS__, used, 0x4c))
AGX4_FW_CHECK_FIELDS(struct g17p_pool_b, 0x80, G17P_POOL_B_FIELDS);
#define G17P_POOL_A_RECORDS	35
#define G17P_POOL_B_RECORDS	79

/* The shared pool object (0x88 bytes): G17P's TVB buffer manager. */
struct g17p_pool_shared {
	/* The pool's last item index. */
	__le32 item;
	u8 __pad_4[0x8];
	/* The pair (0xffffffff while being rewritten). */
	__le32 pair;
	u8 __pad_10[0x10];
	/* The primary-index leaf. */
	__le64 primary;
	/* Its low GPU alias. */
	__le64 primary_gpu;
	/* 0x10000. */
	__le32 gap_30;
	/* Groups * 4. */
	__le32 pages;
	/* 0xc18. */
	__le32 gap_38;
	/* Groups (current blocks). */
	__le32 blocks;
	/* Tail, 0. */
	__le32 tail;
	/* The secondary-index leaf (unaligned). */
	__le64 secondary;
	/* The shared-slots leaf (unaligned). */
	__le64 shared_slots;
	/* Groups * 4 - 1. */
	__le32 pages_m1;
	/* Block size, 0x20000. */
	__le32 block_size;
	u8 __pad_5c[0x8];
	/* The flag leaf. */
	__le64 flag;
	u8 __pad_6c[0x10];
	/* 0x3060, 0x1020, 0x180000 + the pool's private delta. */
	__le32 gap_7c;
	__le32 gap_80;
	__le32 gap_84;
} __packed;
#define G17P_POOL_SHARED_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, item, 0x0) TYPE(__VA_ARGS__, pair, 0xc)	\
	 TYPE(__VA_ARGS__, primary, 0x20)				\
	 TYPE(__VA_ARGS__, primary_gpu, 0x28)				\
	 TYPE(__VA_ARGS__, gap_30, 0x30) TYPE(__VA_ARGS__, pages, 0x34)	\
	 TYPE(__VA_ARGS__, gap_38, 0x38) TYPE(__VA_ARGS__, blocks, 0x3c)	\
	 TYPE(__VA_ARGS__, tail, 0x40)					\
	 TYPE(__VA_ARGS__, secondary, 0x44)				\
	 TYPE(__VA_ARGS__, shared_slots, 0x4c)				\
	 TYPE(__VA_ARGS__, pages_m1, 0x54)				\
	 TYPE(__VA_ARGS__, block_size, 0x58)				\
	 TYPE(__VA_ARGS__, flag, 0x64) TYPE(__VA_ARGS__, gap_7c, 0x7c)	\
	 TYPE(__VA_ARGS__, gap_80, 0x80) TYPE(__VA_ARGS__, gap_84, 0x84))
AGX4_FW_CHECK_FIELDS(struct g17p_pool_shared, 0x88,
		     G17P_POOL_SHARED_FIELDS);

/* The shared-slots leaf of a render pool. */
struct g17p_leaf_shared {
	/* Block count, twice. */
	__le32 blocks;
	__le32 blocks2;
	u8 __pad_8[0x38];
	/* 0x13 once a pool's first item completed (pools >= 1). */
	__le32 done;
	u8 __pad_44[0x1c];
	/* 1. */
	__le32 gap_60;
	u8 __pad_64[0x1c];
} __packed;
#define G17P_LEAF_SHARED_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, blocks, 0x0) TYPE(__VA_ARGS__, blocks2, 0x4)	\
	 TYPE(__VA_ARGS__, done, 0x40) TYPE(__VA_ARGS__, gap_60, 0x60))
AGX4_FW_CHECK_FIELDS(struct g17p_leaf_shared, 0x80, G17P_LEAF_SHARED_FIELDS);

/* An index registration in primary region 0, at + pool * 0x10. */
#define G17P_INDEX_REG_SHIFT	4
struct g17p_index_reg {
	/* (Primary-index low GPU VA - 0x10_0000_0000) >> 4. */
	__le32 index;
	/* Groups. */
	__le32 groups;
	u8 __pad_8[0x8];
} __packed;
#define G17P_INDEX_REG_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, index, 0x0) TYPE(__VA_ARGS__, groups, 0x4))
AGX4_FW_CHECK_FIELDS(struct g17p_index_reg, 0x10, G17P_INDEX_REG_FIELDS);
/* The shared object's count at which the registration is written. */
#define G17P_INDEX_REG_FULL	32

/* The aux-framebuffer page: two words (G16 has them at +0x600/+0x604). */
struct g17p_aux_fb {
	u8 __pad_0[0x480];
	__le32 gap_480;
	__le32 gap_484;
	u8 __pad_488[0x3b78];
} __packed;
#define G17P_AUX_FB_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, gap_480, 0x480) TYPE(__VA_ARGS__, gap_484, 0x484))
AGX4_FW_CHECK_FIELDS(struct g17p_aux_fb, 0x4000, G17P_AUX_FB_FIELDS);
#define G17P_AUX_FB_480		0x60000000
#define G17P_AUX_FB_484		0x35b

/* hwdata: the fixed T8140 performance table. */
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
/*
 * GAP: hwdata words of unknown meaning, as the reference's constants give
 * them (H); per word unless an array.
 */
#define G17P_HWDATA_0		{ 0x6f00000000ull, 0xffc00000,		\
				  0x1000000000ull, 0x1000000000ull,	\
				  0x2ffffff8000ull }
#define G17P_HWDATA_REV_HI	1
#define G17P_HWDATA_REV_LO	1
#define G17P_HWDATA_GPC		1
#define G17P_HWDATA_EA4		1
#define G17P_HWDATA_EB8		1
#define G17P_HWDATA_EC0		1
#define G17P_HWDATA_EC8		1
#define G17P_HWDATA_CLOCKS_PER_MS 24000
#define G17P_HWDATA_ED4		1
#define G17P_HWDATA_SAMPLE_PERIOD 16
#define G17P_HWDATA_EE0		1
#define G17P_HWDATA_F04		31
#define G17P_HWDATA_F24		4
#define G17P_HWDATA_F34		{ 1, 1 }
#define G17P_HWDATA_F4C		49
#define G17P_HWDATA_F6C		1
#define G17P_HWDATA_F88		{ 6, 1 }
#define G17P_HWDATA_FAC		1
#define G17P_HWDATA_FB8		{ 30, 4, 6 }
#define G17P_HWDATA_2544	{ 4, 6, 3, 7, 7 }
#define G17P_HWDATA_2568	5
#define G17P_HWDATA_2570	1
#define G17P_HWDATA_258E	12
#define G17P_HWDATA_25F4	1
#define G17P_HWDATA_2600	1
#define G17P_HWDATA_2608	1
#define G17P_HWDATA_3D98	0xffffffff
#define G17P_HWDATA_3DB0	0xffffffff
/*
 * The colour-space matrices the reference sets (M: what its constants
 * decode to), 3 rows of 4 signed words; the others stay 0.
 */
#define G17P_YUV_IDENTITY	0x2008
#define G17P_YUV_7 { 0x24cb, 0, 0x2cfa, -0x3676, 0x24cb, -0x0b0a, -0x16e9, \
		     0x1877, 0x24cb, 0x38d9, 0, -0x4255 }
#define G17P_YUV_27 { 0x2000, -8, 0x2cdb, -0x2cd3, 0x2000, -0x0b00, \
		      -0x16da, 0x21da, 0x2000, 0x38b6, 8, -0x38be }
#define G17P_YUV_38_DIAG	0x7fe0
#define G17P_YUV_39_DIAG	-0x8000
#define G17P_YUV_59 { 0x2645, 0x4b23, 0x0e98, 0, -0x15a1, -0x2a5e, 0x3fff, \
		      0x4000, 0x4000, -0x35a2, -0x0a5e, 0x4000 }
/* Region records, 0x40 apart from here. */
#define G17P_HW_REGIONS		0x2610
#define G17P_HW_REGION_STRIDE	0x40
#define G17P_HW_REGION_SIZE_A	0x800
#define G17P_HW_REGION_SIZE_B	0x40

/*
 * A region record of G17P hwdata.
 *
 * At hwdata + %G17P_HW_REGIONS + 0x40 * n.
 */
struct g17p_hw_region {
	/* Lead word. */
	__le32 lead;
	/* The region's value word. */
	__le32 value;
	__le32 tag;
	/* The region (unaligned). */
	__le64 address;
	__le32 size_a;
	__le32 size_b;
	/* Trail word. */
	__le32 trail;
	u8 __pad_20[0x20];
} __packed;
#define G17P_HW_REGION_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, lead, 0x0) TYPE(__VA_ARGS__, value, 0x4)	\
	 TYPE(__VA_ARGS__, tag, 0x8) TYPE(__VA_ARGS__, address, 0xc)	\
	 TYPE(__VA_ARGS__, size_a, 0x14)				\
	 TYPE(__VA_ARGS__, size_b, 0x18)				\
	 TYPE(__VA_ARGS__, trail, 0x1c))
AGX4_FW_CHECK_FIELDS(struct g17p_hw_region, 0x40, G17P_HW_REGION_FIELDS);

/*
 * Region C (&struct agx4_fw_region_c, 0x1000 bytes).  GAP: words of
 * unknown meaning, as the reference's constants give them (H).
 */
#define G17P_REGION_C_SIZE	0x1000
#define G17P_RC_24		3000
#define G17P_RC_30		{ 1, 1, 0, 120 }
#define G17P_RC_54		0xffff
#define G17P_RC_56		40
#define G17P_RC_58		0xffff
#define G17P_RC_5A		{ 0, 0, 1, 0, 1, 0, 3, 0, 1 }
#define G17P_RC_78		1
#define G17P_RC_MAX_POWER_MW	9550
#define G17P_RC_88		1000
#define G17P_RC_98		1000
#define G17P_RC_7C4		2000
/* binary32 1.0, 0.8, 0.2, 0.9, 0.1, 0.25, 0.6, 0.9 */
#define G17P_RC_7C8		{ 0x3f800000, 0x3f4ccccd, 0x3e4ccccd, \
				  0x3f666666, 0x3dcccccd, 0x3e800000, \
				  0x3f19999a, 0x3f666666 }
#define G17P_RC_7E8		{ 6, 1, 1, 100, 100 }
#define G17P_RC_998		{ 40, 10, 250, 1 }
#define G17P_RC_9B8		{ 600000, 600000, 5, 0 }
#define G17P_RC_9C8		{ 40, 50, 1 }
#define G17P_RC_E1C		0x100
#define G17P_RC_E38		{ 0x300, 0x100 }
/*
 * H: the reference's author reports the primary firmware faulting on the
 * first registration when this is 0.
 */
#define G17P_RC_E50		0x100

/*
 * A TVB pool's state page.
 *
 * The block-id list it goes with holds up to %G17P_TVB_MAX_IDS entries of
 * 8 bytes (one 16 KiB page), each a block id (H: the reference's list
 * entries are u64; the ids fit 32 bits).
 */
struct g17p_pool_state {
	/* Blocks the pool has (initially 8). */
	__le32 blocks;
	/* The same again. */
	__le32 blocks2;
} __packed;
#define G17P_POOL_STATE_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, blocks, 0x0)					\
	 TYPE(__VA_ARGS__, blocks2, 0x4))
AGX4_FW_CHECK_FIELDS(struct g17p_pool_state, 8, G17P_POOL_STATE_FIELDS);
#define G17P_TVB_MAX_IDS	2048

/*
 * The submission arenas (the G17P submission backend): where each
 * firmware object of a compute owner, of a render pool, of the VM's kernel
 * carve-out and of a pool's window in the client VM lies, and the values
 * the submission writes there.  The build checks that each array ends
 * before the next object starts.
 */

#define G17P_PRIORITY		2
#define G17P_PIPE_RENDER	0
#define G17P_PIPE_COMPUTE	2
/*
 * The kicks, by the engine's numbering (group * 3 + pipe): G17P rings
 * priority 2's render pipe for TA and 3D, and its compute pipe.
 */
#define G17P_BELL_RENDER	(G17P_PRIORITY * 3 + G17P_PIPE_RENDER)
#define G17P_BELL_COMPUTE	(G17P_PRIORITY * 3 + G17P_PIPE_COMPUTE)

/* Commands a queue may have published and not finished (its credits). */
#define G17P_CREDITS		128

/*
 * Commands of one owner and renders of one pool before a recycle: n + 1
 * and k + 1 must fit 24 bits (queue submission, event group; H).
 */
#define G17P_OWN_MAX_COMMANDS	G17P_MAX_SUBMISSION
#define G17P_POOL_MAX_RENDERS	0xffffff

/* An owner's arena: offsets from its base (H: the reference's layout). */
#define G17P_OWN_SIZE		SZ_2M
#define G17P_OWN_DESC_STRIDE	0x1040
#define G17P_OWN_DESCS		240
#define G17P_OWN_DESC_BYTES	0x1000
#define G17P_OWN_QUEUE		0x100000
#define G17P_OWN_POINTERS	0x104000
#define G17P_OWN_RING		0x108000
#define G17P_OWN_CONTEXTS	0x110000
#define G17P_OWN_SUPPORT	0x140000
#define G17P_OWN_STATE		0x144000
#define G17P_OWN_SCRATCH	0x148000
#define G17P_OWN_CONTROL	0x14c000
#define G17P_OWN_JOB_LIST	0x150000
#define G17P_OWN_OPTIONAL	0x154000
#define G17P_OWN_SCHED		0x160000
#define G17P_OWN_SLOTS		0x170000
#define G17P_OWN_STATUS		0x178000
#define G17P_OWN_DISPATCH_A	0x17c000
#define G17P_OWN_DISPATCH_B	0x180000
/* Each ordinal's dispatch words in the two arrays above (H). */
#define G17P_OWN_DISPATCH_STRIDE 0x40
#define G17P_OWN_BANKS		0x190000
#define G17P_OWN_BANK_SIZE	0x8000
#define G17P_OWN_BANK_RING	0x4000
#define G17P_OWN_EVENTS		0x1a0000
#define G17P_OWN_EVENT_SIZE	0x400
#define G17P_OWN_RECORDS	256
#define G17P_OWN_RING_ENTRIES	0x500
#define G17P_OWN_BANK_COMMANDS	128
static_assert(G17P_OWN_EVENTS + G17P_OWN_RECORDS * G17P_OWN_EVENT_SIZE <=
	      G17P_OWN_SIZE);
static_assert(G17P_OWN_DESCS * G17P_OWN_DESC_STRIDE <= G17P_OWN_QUEUE);
static_assert(G17P_OWN_BANK_COMMANDS >= G17P_CREDITS);
static_assert(G17P_OWN_DESCS > G17P_CREDITS);
static_assert(G17P_OWN_DESCS <= G17P_OWN_RECORDS);
/* The records of an ordinal mod 256 each fit their array. */
static_assert(G17P_OWN_SCHED + G17P_OWN_RECORDS * 0x100 <= G17P_OWN_SLOTS);
static_assert(G17P_OWN_SLOTS + G17P_OWN_RECORDS * 0x40 <= G17P_OWN_STATUS);
static_assert(G17P_OWN_STATUS + G17P_OWN_RECORDS * 0x40 <= G17P_OWN_DISPATCH_A);
static_assert(G17P_OWN_DISPATCH_A + G17P_OWN_RECORDS * 0x40 <=
	      G17P_OWN_DISPATCH_B);
static_assert(G17P_OWN_SCRATCH + G17P_OWN_RECORDS * 0x40 <= G17P_OWN_CONTROL);

/* Context-0 low alias of owner i's arena (M: the reference's window). */
#define G17P_OWN_LOW_BASE	0x7200000000ull
#define G17P_OWN_FIRST_GRID	32
#define G17P_OWN_UUID_BASE	0x200
/* Per-command constants of the descriptor and program (H). */
#define G17P_OWN_SUPPORT_CONTROL	0xe0a00001
#define G17P_OWN_IDENTITY	0x0200020803000247ull
#define G17P_OWN_IDENTITY_STEP	0x200000001ull
#define G17P_OWN_GATE		1
#define G17P_OWN_EV_COUNTER	2
/* The compute optional record's words (H; GAP: meaning). */
#define G17P_OWN_OPT_SCHED	{ 2, 0, 2 }
#define G17P_OWN_OPT_CTX2	2
#define G17P_OWN_OPT_ORDINAL	0x29

/*
 * The VM's kernel carve-out: the compute operand namespace (lists, table,
 * state, buffers; the reference's relative layout from 0x70_0000_0000,
 * M), then each owner's save areas and robustness words.
 */
#define G17P_KC_LISTS		0x0
#define G17P_KC_LIST_STRIDE	0x800
#define G17P_KC_LISTS_PER_PAGE	8
#define G17P_KC_TABLE		0x208000
#define G17P_KC_TABLE_STRIDE	0x40
#define G17P_KC_TABLE_TAG	BIT_ULL(60)
#define G17P_KC_STATE		0x220000
#define G17P_KC_STATE_SIZE	0x14000
#define G17P_KC_BUFFERS		0x238000
#define G17P_KC_BUFFER_STRIDE	0x108000
#define G17P_KC_BUFFER_SIZE	SZ_1M
#define G17P_KC_NUM_BUFFERS	21
#define G17P_KC_LIST_PAGES	\
	DIV_ROUND_UP(G17P_KC_NUM_BUFFERS, G17P_KC_LISTS_PER_PAGE)
/* The namespace object: lists, table, state. */
#define G17P_NS_LISTS		0
#define G17P_NS_TABLE		(G17P_KC_LIST_PAGES * SZ_16K)
#define G17P_NS_STATE		(G17P_NS_TABLE + SZ_16K)
#define G17P_NS_SIZE		(G17P_NS_STATE + G17P_KC_STATE_SIZE)
#define G17P_KC_OWNERS		0x2000000
#define G17P_KC_OWNER_SIZE	0x40000
/*
 * Save areas (G17P-16), L: 3 pages each (the reference re-points 3 pages
 * per slot), 4 per owner, taken by ordinal mod 4: an owner runs one
 * command at a time (each waits for its previous one).  The reference
 * spaces 256 of them 0x78000 apart (preempt + slot * 0x78000,
 * PreparationSeed::prepare, g17p_compute_queues.rs@fc79d23c), which agx4
 * does not follow: that is 120 MiB of the VM's carve-out per owner (the
 * carve-out is 512 MiB for up to 96 owners); even 4 such slots would
 * take 1.9 MiB per owner (against 208 KiB) and cut each pool's TVB
 * growth room from 194 blocks to 122; and the stride is not a size the
 * firmware fills, since the reference's own robustness words (preempt +
 * 0x100000 + slot * 0x40) lie inside slot 2's stride.  The robustness
 * words are indexed by the ordinal mod 256, as the reference's.
 */
#define G17P_SAVE_SLOTS		4
#define G17P_SAVE_SIZE		0xc000
#define G17P_PRIV_ROBUST	(G17P_SAVE_SLOTS * G17P_SAVE_SIZE)
#define G17P_PRIV_SIZE		(G17P_PRIV_ROBUST + SZ_16K)
static_assert(G17P_KC_BUFFERS + G17P_KC_NUM_BUFFERS * G17P_KC_BUFFER_STRIDE <=
	      G17P_KC_OWNERS);
static_assert(G17P_PRIV_SIZE <= G17P_KC_OWNER_SIZE);
/*
 * The rest of the carve-out holds the blocks TVB growth adds to the VM's
 * pools: one equal slice per pool index (agx4's layout; GAP: where the
 * firmware needs them is not known, the reference takes the first free
 * range from 0x10_0200_0000, which agx4's pool windows use).
 */
#define G17P_KC_GROWTH		\
	(G17P_KC_OWNERS + G17P_NUM_OWNERS * G17P_KC_OWNER_SIZE)

/*
 * A render pool's arena: offsets from its base.  The reference's layout
 * for pools 2 and up (H), with everything a pool uses its own (support,
 * state, channel control, descriptors, optional records, event items,
 * completion pairs, dispatch words), so pools never share a slot.
 */
#define G17P_POOL_QUEUE(st)	((st) * 0xc0)
#define G17P_POOL_POINTERS(st)	(0x8000 + (st) * 0x8000)
#define G17P_POOL_RING(st)	(0x18000 + (st) * 0x8000)
#define G17P_POOL_STATUS(st)	(0x28000 + (st) * 0x8000)
#define G17P_POOL_JOB_LIST	0x38000
#define G17P_POOL_A_PRE		0x40000
#define G17P_POOL_A		0x40100
#define G17P_POOL_B_PRE		0x48000
#define G17P_POOL_B		0x48080
#define G17P_POOL_SHARED1	0x4a800
#define G17P_POOL_LEAF_PRIMARY	0x50000
#define G17P_POOL_LEAF_SECONDARY	0x60000
#define G17P_POOL_LEAF_A	0x68000
#define G17P_POOL_LEAF_B	0x70000
#define G17P_POOL_LEAF_SHARED	0x78000
#define G17P_POOL_LEAF_FLAG	0x80000
#define G17P_POOL_SHARED0	0x88000
#define G17P_POOL_CONTEXTS(st)	(0x90000 + (st) * 0x20000)
#define G17P_POOL_BANKS(st)	(0xd0000 + (st) * 0x10000)
#define G17P_POOL_SUPPORT	0xf0000
#define G17P_POOL_STATE		0xf4000
#define G17P_POOL_CONTROL	0xf8000
#define G17P_POOL_STAMPS	0xfc000
#define G17P_POOL_DISPATCH	0x100000
#define G17P_POOL_DISPATCH_B	0x2000
#define G17P_POOL_OPTIONAL	0x104000
#define G17P_POOL_EVENTS	0x110000
#define G17P_POOL_DESC_TA	0x120000
#define G17P_POOL_DESC_3D	0x170000
#define G17P_POOL_SIZE		0x284000
/* Storage slots (descriptors, optional records, events, completion). */
#define G17P_POOL_SLOTS		128
#define G17P_POOL_OPT_SIZE	0x180
#define G17P_POOL_EV_SIZE	0x80
#define G17P_POOL_STAMP_SIZE	0x40
#define G17P_POOL_STATUS_SIZE	0x40
#define G17P_POOL_TA_SIZE	0x9c0
#define G17P_POOL_3D_SIZE	0x2240
static_assert(G17P_POOL_DESC_TA + G17P_POOL_SLOTS * G17P_POOL_TA_SIZE <=
	      G17P_POOL_DESC_3D);
static_assert(G17P_POOL_DESC_3D + G17P_POOL_SLOTS * G17P_POOL_3D_SIZE <=
	      G17P_POOL_SIZE);
static_assert(G17P_POOL_SLOTS >= G17P_CREDITS);
/* Item rings: 3 items a render, used up to 0x500 entries (H). */
#define G17P_POOL_RING_ENTRIES	0x500
#define G17P_POOL_BANK_RENDERS	(G17P_POOL_RING_ENTRIES / 3)
/* Context-0 alias of pool p's arena (agx4's choice of window). */
#define G17P_POOL_LOW_BASE	0x7400000000ull
#define G17P_POOL_LOW_STRIDE	0x400000
#define G17P_POOL_UUID		0x15
/* The last pool's 3D grid is below the owners' (see pool_grid()). */
static_assert(2 * (G17P_NUM_POOLS - 1) + 2 + 1 < G17P_OWN_FIRST_GRID);
/* Every owner's grid is in a report's 128-bit mask. */
static_assert(G17P_OWN_FIRST_GRID + G17P_NUM_OWNERS <= 128);
/* Groups of TVB blocks a pool starts with, and their geometry (H). */
#define G17P_POOL_GROUPS	8
#define G17P_POOL_BLOCK_SIZE	0x20000
#define G17P_POOL_BLOCK_STRIDE	0x28000
#define G17P_POOL_BLOCK_PAGES	4
#define G17P_POOL_ID_SHIFT	15
/*
 * Growths a pool records: up to 2048 blocks (H), %G17P_TVB_GROWTH_BLOCKS
 * at a time and by that whole step or not at all (H), from the
 * %G17P_POOL_GROUPS it starts with: the record holds every growth that
 * reaches the bound, so a pool's blocks run out before its record does.
 */
#define G17P_TVB_MAX_BLOCKS	2048
#define G17P_TVB_GROWTH_BLOCKS	10
#define G17P_TVB_MAX_GROWTHS	\
	DIV_ROUND_UP(G17P_TVB_MAX_BLOCKS - G17P_POOL_GROUPS, \
		     G17P_TVB_GROWTH_BLOCKS)
/* Pool-B cycle values (H). */
#define G17P_POOL_B_VALUE	0x80004
#define G17P_POOL_B_PRE_VALUE	0x80000
#define G17P_POOL_B_4		0x10
#define G17P_POOL_B_CYCLE	0x178020
/* The cycle value of record k (k < G17P_POOL_B_CYCLES - 1) steps by this. */
#define G17P_POOL_B_CYCLE_STEP	0x20
#define G17P_POOL_B_CYCLE_LAST	0x178000
#define G17P_POOL_B_CYCLES	36
#define G17P_POOL_SHARED_30	0x10000
#define G17P_POOL_SHARED_38	0xc18
#define G17P_POOL_SHARED_7C	0x3060
#define G17P_POOL_SHARED_80	0x1020
#define G17P_POOL_SHARED_84	0x180000
#define G17P_POOL_DONE_MARK	0x13

/*
 * Pool p's window in the client VM, in the 64 MiB above the context base
 * that the Mesa fork leaves to the kernel (M): the aux-framebuffer,
 * metadata and deflake pages, the status arrays and two leaves aliased,
 * the TVB blocks and a scratch area for the tilemap ring and TPC.
 */
#define G17P_WIN_BASE		(AGX4_FW_CONTEXT_BASE + 0x400000)
#define G17P_WIN_STRIDE		0x400000
#define G17P_WIN_AUX		0x0
#define G17P_WIN_META		0x4000
#define G17P_WIN_DEFLAKE	0x8000
#define G17P_WIN_STATUS(st)	(0xc000 + (st) * 0x4000)
#define G17P_WIN_LEAF_B		0x14000
#define G17P_WIN_LEAF_PRIMARY	0x18000
#define G17P_WIN_BLOCKS		0x20000
#define G17P_WIN_SCRATCH	0x180000
#define G17P_WIN_SCRATCH_SIZE	0x200000
static_assert(G17P_WIN_BLOCKS + G17P_POOL_GROUPS * G17P_POOL_BLOCK_STRIDE <=
	      G17P_WIN_SCRATCH);
static_assert(G17P_WIN_SCRATCH + G17P_WIN_SCRATCH_SIZE <= G17P_WIN_STRIDE);
static_assert(G17P_WIN_BASE + G17P_NUM_POOLS * G17P_WIN_STRIDE <=
	      AGX4_FW_CONTEXT_BASE + 0x4000000);
/* The pool's own memory there: aux, meta, deflake, blocks, scratch. */
#define G17P_MEM_BLOCKS		0xc000
#define G17P_MEM_SCRATCH	\
	(G17P_MEM_BLOCKS + G17P_POOL_GROUPS * G17P_POOL_BLOCK_SIZE)
#define G17P_MEM_SIZE		(G17P_MEM_SCRATCH + G17P_WIN_SCRATCH_SIZE)
#define G17P_DEFLAKE_3		0x0
#define G17P_DEFLAKE_2		0x20
#define G17P_DEFLAKE_1		0x2a0
#define G17P_HEAPMETA_LAYERED	0x100
/* The tilemap ring: one block a render, by index (H). */
#define G17P_TILEMAP_BLOCKS	8
/* Render support (class-4 state form, H). */
#define G17P_POOL_SUPPORT_HEADER	6
/*
 * The lifecycle words of an ordinary render are 0, with the ordinary
 * gates (H: both references; the words 0xc4010000e8 / 0xc4010000e7 and
 * their own gates belong only to an opening descriptor built for a
 * dormant owner, which agx4 never builds).
 */
#define G17P_POOL_LIFECYCLE	0
/* Aux-framebuffer flags and pages, as G16's (M: same family). */
#define G17P_POOL_AUX_FLAGS	0xc000
#define G17P_POOL_AUX_PAGES	0x100000
#define G17P_POOL_AUX_DBIAS	BIT(18)
/* A pool's starting blocks fill its index registration. */
static_assert(G17P_POOL_GROUPS * G17P_POOL_BLOCK_PAGES == G17P_INDEX_REG_FULL);

#endif /* AGX4_FWIF_G17P_H */
