/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 (t8132, firmware mBoot-18000.161.10): the firmware objects.  Every
 * offset of G16 is here and nowhere else; the field list after each
 * structure states the offsets the reference drivers use, and the build
 * fails where a declaration does not match it.
 */
#ifndef AGX4_FWIF_G16_H
#define AGX4_FWIF_G16_H

#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/sizes.h>

#include "agx4_fwif.h"

/* The main config (0x500 bytes, bundle+0x1da40). */
struct g16_main_config {
	/* hwdata (the bundle). */
	__le64 hwdata;
	/* Bundle+0xb980, twice. */
	__le64 repeated[2];
	/* Header pointer. */
	__le64 header;
	/* The channel table. */
	struct agx4_fw_channel channels[AGX4_FW_NUM_CHANNELS];
	u8 __pad_240[0xc];
	/* Five bundle addresses (unaligned). */
	__le64 addresses[5];
	u8 __pad_274[0x54];
	/* Six region addresses. */
	__le64 regions[6];
	__le32 gap_2f8;
	u8 __pad_2fc[0xdc];
	__le32 gap_3d8;
	u8 __pad_3dc[0x8d];
	/*
	 * The power object, bundle+%G16_MC_POWER (unaligned; M: the power
	 * fields found there match the older generations' power data).
	 */
	__le64 power;
	u8 __pad_471[0x4f];
	/* Slot 0 of the device-control ring. */
	u8 control[AGX4_FW_CTL_SIZE];
} __packed;
#define G16_MAIN_CONFIG_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, hwdata, 0x0)					\
	 TYPE(__VA_ARGS__, repeated, 0x8)				\
	 TYPE(__VA_ARGS__, header, 0x18)				\
	 TYPE(__VA_ARGS__, channels, 0x20)				\
	 TYPE(__VA_ARGS__, addresses, 0x24c)				\
	 TYPE(__VA_ARGS__, regions, 0x2c8)				\
	 TYPE(__VA_ARGS__, gap_2f8, 0x2f8) TYPE(__VA_ARGS__, gap_3d8, 0x3d8)	\
	 TYPE(__VA_ARGS__, power, 0x469)				\
	 TYPE(__VA_ARGS__, control, 0x4c0))
AGX4_FW_CHECK_FIELDS(struct g16_main_config, 0x500, G16_MAIN_CONFIG_FIELDS);

/* The main config's fixed contents, bundle-relative. */
#define G16_MC_REPEATED		0xb980
#define G16_MC_ADDRESSES	{ 0, 0x2680, 0x32c0, 0x4540, 0xb900 }
#define G16_MC_POWER		0x5380
/* GAP: main config words of unknown meaning, as the reference writes them. */
#define G16_MC_2F8		4
#define G16_MC_3D8		0xff

/* Stamps: first + ordinal * step per lane (TA, 3D, compute). */
#define G16_STAMP_STEP		0x100
#define G16_STAMP_FIRST		{ 0xc00, 0x100, 0x100 }
/* The trace ring (channel 14) holds 512 records. */
#define G16_TRACE_ENTRIES	512

/* Work rings in the bundle: R + (i % 3) * 0x6000 + (3 - i / 3) * 0x1800. */
#define G16_WORK_RINGS		0xba40
#define G16_RING_STAGE_STRIDE	0x6000
#define G16_RING_PRIO_STRIDE	0x1800
#define G16_WORK_MSG_SIZE	0x18
/* Cursor words in SGX registers (read/done page, producer page). */
#define G16_CURSOR_STAGE_STRIDE	0x40
#define G16_CURSOR_PRIO_STRIDE	0x10
#define G16_CURSOR_DONE		0x08
#define G16_PRODUCER_STAGE_STRIDE 0x20
#define G16_PRODUCER_PRIO_STRIDE 0x08
#define G16_CONTROL_CURSOR	0xc0
#define G16_CONTROL_PRODUCER	0x60

/* A queue (workqueue) record (0xb0 bytes). */
struct g16_queue {
	/* The pointer block. */
	__le64 pointers;
	/* The item ring. */
	__le64 ring;
	__le64 job_list;
	/* Queue + 0xb0 (0x2410 bytes zeroed on first use). */
	__le64 private_area;
	u8 __pad_20[0xc];
	__le32 gap_2c;
	__le32 priority;
	/* Priority again. */
	__le32 priority2;
	__le64 priority_mask;
	/* First of the priority row. */
	__le32 first;
	u8 __pad_44[4];
	/* Last of the priority row. */
	__le32 last;
	__le32 gap_4c;
	/* The queue's UUID. */
	__le32 uuid;
	u8 __pad_54[0x50];
	/* Context/control record (unaligned). */
	__le64 context;
	u8 __pad_ac[4];
} __packed;
#define G16_QUEUE_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, pointers, 0x0) TYPE(__VA_ARGS__, ring, 0x8)	\
	 TYPE(__VA_ARGS__, job_list, 0x10)				\
	 TYPE(__VA_ARGS__, private_area, 0x18)				\
	 TYPE(__VA_ARGS__, gap_2c, 0x2c)				\
	 TYPE(__VA_ARGS__, priority, 0x30)				\
	 TYPE(__VA_ARGS__, priority2, 0x34)				\
	 TYPE(__VA_ARGS__, priority_mask, 0x38)				\
	 TYPE(__VA_ARGS__, first, 0x40) TYPE(__VA_ARGS__, last, 0x48)	\
	 TYPE(__VA_ARGS__, gap_4c, 0x4c)				\
	 TYPE(__VA_ARGS__, uuid, 0x50)					\
	 TYPE(__VA_ARGS__, context, 0xa4))
AGX4_FW_CHECK_FIELDS(struct g16_queue, 0xb0, G16_QUEUE_FIELDS);
/*
 * What the compute lane's queue record carries at +0x30 and +0x48 instead
 * of its priority row's values: compute is not preempted.
 */
#define G16_QUEUE_COMPUTE_PRIORITY	0
#define G16_QUEUE_COMPUTE_LAST		1

/* A queue's pointer block (0x60 bytes). */
struct g16_pointers {
	/* Firmware done index. */
	__le32 done;
	u8 __pad_4[0x2c];
	/* Firmware read index. */
	__le32 read;
	u8 __pad_34[0xc];
	/* Host write index. */
	__le32 write;
	u8 __pad_44[0xc];
	/* Ring capacity, 0x500. */
	__le32 capacity;
	u8 __pad_54[0xc];
} __packed;
#define G16_POINTERS_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, done, 0x0) TYPE(__VA_ARGS__, read, 0x30)	\
	 TYPE(__VA_ARGS__, write, 0x40)					\
	 TYPE(__VA_ARGS__, capacity, 0x50))
AGX4_FW_CHECK_FIELDS(struct g16_pointers, 0x60, G16_POINTERS_FIELDS);

/* A work-channel (transport) message (0x18 bytes). */
struct g16_work_msg {
	/* Publication sequence + 1. */
	__le64 tag;
	/* The queue record. */
	__le64 queue;
	/* 0 TA, 1 3D, 2 compute. */
	__le32 kind;
	/* Head | event << 16 | first << 24. */
	__le32 head;
} __packed;
#define G16_WORK_MSG_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, tag, 0x0) TYPE(__VA_ARGS__, queue, 0x8)	\
	 TYPE(__VA_ARGS__, kind, 0x10) TYPE(__VA_ARGS__, head, 0x14))
AGX4_FW_CHECK_FIELDS(struct g16_work_msg, G16_WORK_MSG_SIZE,
		     G16_WORK_MSG_FIELDS);

/* Device control 0x20, opening registration. */
struct g16_ctl_register {
	__le32 opcode;
	__le32 gap_4;
	__le32 mask;
	u8 __pad_c[8];
	/* CONTROL_DATA (unaligned). */
	__le64 control_data;
	/* The operand table (unaligned). */
	__le64 operands;
	/* The operand table again (unaligned). */
	__le64 operands2;
	__le32 count;
	u8 __pad_30[4];
	__le32 gap_34;
	u8 __pad_38[8];
} __packed;
#define G16_CTL_REGISTER_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, gap_4, 0x4)	\
	 TYPE(__VA_ARGS__, mask, 0x8)					\
	 TYPE(__VA_ARGS__, control_data, 0x14)				\
	 TYPE(__VA_ARGS__, operands, 0x1c)				\
	 TYPE(__VA_ARGS__, operands2, 0x24)				\
	 TYPE(__VA_ARGS__, count, 0x2c) TYPE(__VA_ARGS__, gap_34, 0x34))
AGX4_FW_CHECK_FIELDS(struct g16_ctl_register, AGX4_FW_CTL_SIZE,
		     G16_CTL_REGISTER_FIELDS);

/* Device control 8, TVB growth reply. */
struct g16_ctl_grow_reply {
	__le32 opcode;
	/* 1 if the pool grew. */
	__le32 success;
	/* Pool slot. */
	__le32 slot;
	/* Context (VM) id. */
	__le32 context;
	/* Request counter. */
	__le32 counter;
	/* Subpipe of the request. */
	__le32 subpipe;
	/* Halt count of the request. */
	__le64 halt_count;
	u8 __pad_20[0x20];
} __packed;
#define G16_CTL_GROW_REPLY_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, success, 0x4)	\
	 TYPE(__VA_ARGS__, slot, 0x8) TYPE(__VA_ARGS__, context, 0xc)	\
	 TYPE(__VA_ARGS__, counter, 0x10)				\
	 TYPE(__VA_ARGS__, subpipe, 0x14)				\
	 TYPE(__VA_ARGS__, halt_count, 0x18))
AGX4_FW_CHECK_FIELDS(struct g16_ctl_grow_reply, AGX4_FW_CTL_SIZE,
		     G16_CTL_GROW_REPLY_FIELDS);

/* Device control 9, memory-limit reply. */
struct g16_ctl_limit_reply {
	__le32 opcode;
	__le32 gap_4;
	__le64 fragment_queue;
	__le32 fragment_stamp;
	u8 __pad_14[0x2c];
} __packed;
#define G16_CTL_LIMIT_REPLY_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, gap_4, 0x4)	\
	 TYPE(__VA_ARGS__, fragment_queue, 0x8)				\
	 TYPE(__VA_ARGS__, fragment_stamp, 0x10))
AGX4_FW_CHECK_FIELDS(struct g16_ctl_limit_reply, AGX4_FW_CTL_SIZE,
		     G16_CTL_LIMIT_REPLY_FIELDS);

/* Buffer-manager slots: 7 + the support lease, leases 0..56. */
#define G16_BM_SLOT_FIRST	7
#define G16_BM_SLOTS		57
/* The opening registration's mask. */
#define G16_CTL_REGISTER_MASK	0x3f
/* event 5: the low half of @what for a partial render. */
#define G16_PARTIAL_WHAT	4

/* Event 6, TVB growth request. */
struct g16_ev_grow {
	__le32 kind;
	/* Context (VM) id. */
	__le32 context;
	/* Pool slot. */
	__le32 slot;
	/* Request counter. */
	__le32 counter;
	__le32 subpipe;
	__le64 halt_count;
	u8 __pad_1c[0x2c];
} __packed;
#define G16_EV_GROW_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, context, 0x4)	\
	 TYPE(__VA_ARGS__, slot, 0x8) TYPE(__VA_ARGS__, counter, 0xc)	\
	 TYPE(__VA_ARGS__, subpipe, 0x10)				\
	 TYPE(__VA_ARGS__, halt_count, 0x14))
AGX4_FW_CHECK_FIELDS(struct g16_ev_grow, AGX4_FW_EV_SIZE, G16_EV_GROW_FIELDS);

/* Event 7, memory limit reached. */
struct g16_ev_limit {
	__le32 kind;
	__le32 zero;
	__le32 gap_8;
	__le32 fragment_event;
	__le32 fragment_stamp;
	u8 __pad_14[0x34];
} __packed;
#define G16_EV_LIMIT_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, zero, 0x4)	\
	 TYPE(__VA_ARGS__, gap_8, 0x8)					\
	 TYPE(__VA_ARGS__, fragment_event, 0xc)				\
	 TYPE(__VA_ARGS__, fragment_stamp, 0x10))
AGX4_FW_CHECK_FIELDS(struct g16_ev_limit, AGX4_FW_EV_SIZE, G16_EV_LIMIT_FIELDS);

/* Event 5 (trace channel), partial render start. */
struct g16_ev_partial {
	__le32 kind;
	u8 __pad_4[0x10];
	/* Non-zero for a partial render (unaligned). */
	__le64 active;
	u8 __pad_1c[0x8];
	/* The queue (unaligned). */
	__le64 queue;
	/* Low 16 bits %G16_PARTIAL_WHAT for a partial render. */
	__le32 what;
	/* Zero for a partial render. */
	__le64 zero;
	u8 __pad_38[0x10];
} __packed;
#define G16_EV_PARTIAL_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, active, 0x14)	\
	 TYPE(__VA_ARGS__, queue, 0x24) TYPE(__VA_ARGS__, what, 0x2c)	\
	 TYPE(__VA_ARGS__, zero, 0x30))
AGX4_FW_CHECK_FIELDS(struct g16_ev_partial, AGX4_FW_EV_SIZE,
		     G16_EV_PARTIAL_FIELDS);

/*
 * Work items, microsequences and queue items.  Members named fw_<offset>
 * are firmware state inside an object that a microsequence points at;
 * agx4 only passes their addresses.
 */

/* Register-program header words, as the reference writes them. */
/*
 * L: the reference writes a count of 0x41 (TA) and 0x51 (3D) although its
 * programs have 71 and 87 records; the firmware is assumed to take the
 * counts as the reference writes them.
 */
#define G16_TA_REG_COUNT	0x41
#define G16_FRAG_REG_COUNT	0x51
#define G16_TA_REGS		71
#define G16_FRAG_REGS		87
#define G16_COMPUTE_REGS	24
/*
 * The ISP merge bounds' numerator when a command leaves them 0: binary32
 * 1.732051 (about sqrt(3)), exponent 0 (H).
 */
#define G16_MERGE_NUMERATOR	0x3fddb3d9
static_assert((G16_MERGE_NUMERATOR >> 23) == 127);
/* The TA's second multisample register holds a constant on G16. */
#define G16_TA_MSAA2		0x88
#define G16_COMPUTE_REG_HEADER	(24 | 288 << 16)
/* Microsequence sizes. */
#define G16_TA_MS_SIZE		0x300
#define G16_FRAG_MS_SIZE	0x380
#define G16_COMPUTE_MS_SIZE	0x300
/* Work-item types (their first word). */
#define G16_WORK_TA		0
#define G16_WORK_FRAG		1
#define G16_WORK_COMPUTE	3
/* Microsequence opcodes. */
#define G16_MS_START_TA		0x05
#define G16_MS_END_TA		0x06
#define G16_MS_START_3D		0x07
#define G16_MS_END_3D		0x08
#define G16_MS_START_COMPUTE	0x0b
#define G16_MS_END_COMPUTE	0x0c
#define G16_MS_TS_START		0x80000003
#define G16_MS_TS_END		0x00000003
#define G16_MS_FINISH		0x40000002
#define G16_MS_TA_TRAILER_FLAGS	0x1
#define G16_MS_3D_TRAILER_FLAGS	0x110100000001ull
/* The scene record's fragment state, which start-3D points at. */
#define G16_SCENE_FRAG_STATE	0x54
/* Compute scratch words start-compute points at. */
#define G16_COMPUTE_SCRATCH_OFFSETS { 0, 0xf400, 0x1e800, 0x1f000 }
/* Queue item types. */
#define G16_ITEM_BARRIER	4
#define G16_ITEM_TA_PRELUDE	6
/* Constants of the work items. */
#define G16_TA_LAYER_FLAGS	0xdaa0
#define G16_FRAG_LAYER_FLAGS	0x113a0
#define G16_LAYERED		BIT_ULL(62)
#define G16_FRAG_CONSTS		{ 0x8c020001dddc00ull, 0xa0001de1800ull, \
				  0x8c020200029800ull, 0x220200039520ull }
#define G16_ZLS_CONST		0x04040404
/* GAP: the 3D work item word at +0xc80. */
#define G16_FRAG_C80		0x100000000ull
#define G16_COMPUTE_CDM_CTRL	0x54024201
/* Work items ask the firmware to flush notifier stamps (H). */
#define G16_NOTIFY_FLUSH	1
/* GAP: compute work item words of unknown meaning (H for the values). */
#define G16_COMPUTE_874		0x21b00
#define G16_COMPUTE_87C		0x11700
/* A page the firmware takes tagged: 1 << 56 | address >> 8. */
#define G16_PAGE_TAG		BIT_ULL(56)
#define G16_PAGE_TAG_SHIFT	8

/*
 * What a TA and a 3D work item both end with.
 *
 * At TA +0x878 and 3D +0xbc0: the same members at the same
 * distances.  Members named fw_<offset> are firmware state the
 * microsequence points at.
 */
struct g16_work_tail {
	__le64 driver_stamp;
	/* Firmware stamp. */
	__le64 fw_stamp;
	__le32 stamp;
	__le32 event;
	u8 __pad_18[0x4];
	/*
	 * %G16_NOTIFY_FLUSH: the firmware flushes the notifier's stamps
	 * before the storage may be reused (H: the reference's comment).
	 */
	__le32 notify_flush;
	__le32 uuid;
	u8 __pad_24[0x4];
	/* Layers - 1. */
	__le64 layers_m1;
	u8 fw_30[0x18];
	/* Base of the profiling slots (microsequence only). */
	__le64 prof_base;
	/* Private profiling start slot. */
	__le64 prof_start;
	/* Private profiling end slot. */
	__le64 prof_end;
	/* User timestamp start (aperture address). */
	__le64 ts_start;
	/* User timestamp end. */
	__le64 ts_end;
	u8 __pad_70[0x17];
	/* Tagged support page, 1 << 56 | support >> 8 (unaligned). */
	__le64 support;
	u8 __pad_8f[0x1];
	/* TA 0xdaa0, 3D 0x113a0, | 1 << 62 when layered. */
	__le64 layer_flags;
	/* Tagged shared tail page. */
	__le64 shared_tail;
	u8 fw_a0[0x10];
	u8 fw_b0[0x10];
} __packed;
#define G16_WORK_TAIL_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, driver_stamp, 0x0)				\
	 TYPE(__VA_ARGS__, fw_stamp, 0x8)				\
	 TYPE(__VA_ARGS__, stamp, 0x10) TYPE(__VA_ARGS__, event, 0x14)	\
	 TYPE(__VA_ARGS__, notify_flush, 0x1c)				\
	 TYPE(__VA_ARGS__, uuid, 0x20)					\
	 TYPE(__VA_ARGS__, layers_m1, 0x28)				\
	 TYPE(__VA_ARGS__, fw_30, 0x30)					\
	 TYPE(__VA_ARGS__, prof_base, 0x48)				\
	 TYPE(__VA_ARGS__, prof_start, 0x50)				\
	 TYPE(__VA_ARGS__, prof_end, 0x58)				\
	 TYPE(__VA_ARGS__, ts_start, 0x60)				\
	 TYPE(__VA_ARGS__, ts_end, 0x68)				\
	 TYPE(__VA_ARGS__, support, 0x87)				\
	 TYPE(__VA_ARGS__, layer_flags, 0x90)				\
	 TYPE(__VA_ARGS__, shared_tail, 0x98)				\
	 TYPE(__VA_ARGS__, fw_a0, 0xa0) TYPE(__VA_ARGS__, fw_b0, 0xb0))
AGX4_FW_CHECK_FIELDS(struct g16_work_tail, 0xc0, G16_WORK_TAIL_FIELDS);

/*
 * TA (tiling) work item (0x940 bytes).
 *
 * Members named fw_<offset> are firmware state inside the item that
 * the microsequence points at; agx4 only passes their addresses.
 */
struct g16_ta_work {
	__le32 type;
	/* Queue ordinal * 2 + 1 (unaligned). */
	__le64 counter;
	/* Context id (ASID slot). */
	__le32 context;
	/* Event control record. */
	__le64 event_control;
	/* Buffer-manager slot. */
	__le64 bm_slot;
	/* Buffer manager. */
	__le64 bm;
	/* Scene record. */
	__le64 scene;
	__le64 empty_buffer;
	u8 __pad_38[0x8];
	/* The register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	u8 __pad_640[0x100];
	/* GPU address of @regs. */
	__le64 regs_alias;
	__le16 reg_count;
	__le16 reg_bytes;
	u8 __pad_74c[0x14];
	/* TPC base. */
	__le64 tpc;
	/* (size3 << 6) * layers. */
	__le64 tpc_size;
	/* The microsequence. */
	__le64 microseq;
	__le32 microseq_size;
	/* Event of the matching 3D work (partial renders find it by this). */
	__le32 fragment_event;
	__le32 fragment_stamp;
	u8 fw_784[0x24];
	/* Deflake buffer 1, as a context offset. */
	__le64 deflake_1;
	u8 __pad_7b0[0x8c];
	u8 fw_83c[4];
	/* Lifecycle >> 32. */
	__le64 lifecycle_hi;
	__le32 gap_848;
	/* Sampler heap (unaligned). */
	__le64 sampler_heap;
	/* Samplers. */
	__le32 sampler_count;
	/* Samplers + 1, 0 if none. */
	__le32 sampler_max;
	u8 fw_85c[8];
	/* Request TVB growth. */
	u8 request_growth;
	u8 __pad_865[0x13];
	/* The stamps, profiling and pages every render stage has. */
	struct g16_work_tail tail;
	u8 __pad_938[0x8];
} __packed;
#define G16_TA_WORK_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, counter, 0x4)	\
	 TYPE(__VA_ARGS__, context, 0xc)				\
	 TYPE(__VA_ARGS__, event_control, 0x10)				\
	 TYPE(__VA_ARGS__, bm_slot, 0x18) TYPE(__VA_ARGS__, bm, 0x20)	\
	 TYPE(__VA_ARGS__, scene, 0x28)					\
	 TYPE(__VA_ARGS__, empty_buffer, 0x30)				\
	 TYPE(__VA_ARGS__, regs, 0x40)					\
	 TYPE(__VA_ARGS__, regs_alias, 0x740)				\
	 TYPE(__VA_ARGS__, reg_count, 0x748)				\
	 TYPE(__VA_ARGS__, reg_bytes, 0x74a)				\
	 TYPE(__VA_ARGS__, tpc, 0x760)					\
	 TYPE(__VA_ARGS__, tpc_size, 0x768)				\
	 TYPE(__VA_ARGS__, microseq, 0x770)				\
	 TYPE(__VA_ARGS__, microseq_size, 0x778)			\
	 TYPE(__VA_ARGS__, fragment_event, 0x77c)			\
	 TYPE(__VA_ARGS__, fragment_stamp, 0x780)			\
	 TYPE(__VA_ARGS__, fw_784, 0x784)				\
	 TYPE(__VA_ARGS__, deflake_1, 0x7a8)				\
	 TYPE(__VA_ARGS__, fw_83c, 0x83c)				\
	 TYPE(__VA_ARGS__, lifecycle_hi, 0x840)				\
	 TYPE(__VA_ARGS__, gap_848, 0x848)				\
	 TYPE(__VA_ARGS__, sampler_heap, 0x84c)				\
	 TYPE(__VA_ARGS__, sampler_count, 0x854)			\
	 TYPE(__VA_ARGS__, sampler_max, 0x858)				\
	 TYPE(__VA_ARGS__, fw_85c, 0x85c)				\
	 TYPE(__VA_ARGS__, request_growth, 0x864)			\
	 TYPE(__VA_ARGS__, tail, 0x878))
AGX4_FW_CHECK_FIELDS(struct g16_ta_work, 0x940, G16_TA_WORK_FIELDS);

/* 3D (fragment) work item (0xcc0 bytes). */
struct g16_frag_work {
	__le32 type;
	/* Queue ordinal * 2 (unaligned). */
	__le64 counter;
	__le32 context;
	__le32 zero;
	/* The microsequence (unaligned). */
	__le64 microseq;
	__le32 microseq_size;
	/* Event control record. */
	__le64 event_control;
	/* Buffer manager. */
	__le64 bm;
	/* Scene record. */
	__le64 scene;
	__le64 empty_buffer;
	__le64 tilemap;
	/* PPP multisample control. */
	__le64 msaa;
	__le32 samples;
	/* Macrotile size. */
	__le32 macro_size;
	u8 __pad_58[0x10];
	/* ISP merge upper X (float bits). */
	__le32 merge_x;
	/* ISP merge upper Y. */
	__le32 merge_y;
	u8 __pad_70[0x8];
	/* tiles_x * tiles_y. */
	__le64 tiles;
	/* The register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	/* Four constants, %G16_FRAG_CONSTS. */
	__le64 consts[4];
	u8 __pad_6a0[0xe0];
	/* GPU address of @regs. */
	__le64 regs_alias;
	__le16 reg_count;
	__le16 reg_bytes;
	u8 __pad_78c[0x14];
	/* Depth-bias array. */
	__le64 dbias;
	u8 __pad_7a8[0x8];
	/* Scissor array. */
	__le64 scissor;
	u8 __pad_7b8[0x8];
	/* Occlusion query base. */
	__le64 oclqry;
	u8 __pad_7c8[0x130];
	/* Background program resources. */
	__le64 load_bind;
	/* Background program. */
	__le64 load;
	u8 __pad_908[0x20];
	/* Partial-render background resources. */
	__le64 partial_load_bind;
	/* Partial-render background program. */
	__le64 partial_load;
	/* ZLS control. */
	__le64 zls_ctrl;
	__le32 zls_const;
	u8 __pad_944[0x4];
	/* Depth: buffer, stride, comp stride, buffer, buffer, comp buffer. */
	__le64 depth[6];
	/* Stencil, likewise. */
	__le64 stencil[6];
	u8 __pad_9a8[0x10];
	/* Tile-buffer encoding. */
	__le32 tib;
	u8 __pad_9bc[0x4];
	/* Aux framebuffer flags. */
	__le64 aux_fb_flags;
	/* Height << 32 | width. */
	__le64 dims;
	/* Aux framebuffer pages. */
	__le64 aux_fb_pages;
	__le64 tile_config;
	u8 __pad_9e0[0x14];
	/* End-of-tile program resources. */
	__le32 store_bind;
	u8 __pad_9f8[0x4];
	/* End-of-tile program (unaligned). */
	__le64 store;
	u8 __pad_a04[0x10];
	/* Partial-render end-of-tile resources. */
	__le32 partial_store_bind;
	u8 __pad_a18[0x4];
	/* Partial-render end-of-tile program (unaligned). */
	__le64 partial_store;
	u8 __pad_a24[0x4];
	/* Depth clear value bits. */
	__le32 depth_clear;
	/* Stencil clear value | 0x300. */
	__le32 stencil_clear;
	/* Tile-buffer bytes per sample. */
	__le64 sample_size;
	u8 __pad_a38[0x18];
	/* ISP ZLS pixels. */
	__le64 zls_pixels;
	u8 fw_a58[8];
	u8 __pad_a60[0x110];
	u8 fw_b70[8];
	u8 __pad_b78[0x8];
	/* Fragment sync grow. */
	__le32 sync_grow;
	u8 fw_b84[4];
	/* Lifecycle >> 32. */
	__le64 lifecycle_hi;
	__le32 gap_b90;
	/* Sampler heap (unaligned). */
	__le64 sampler_heap;
	/* Samplers. */
	__le32 sampler_count;
	/* Samplers + 1, 0 if none. */
	__le32 sampler_max;
	/* Process empty tiles. */
	__le32 empty_tiles;
	__le32 gap_ba8;
	/* Samples > 1. */
	__le32 msaa_on;
	u8 fw_bb0[4];
	u8 fw_bb4[4];
	u8 __pad_bb8[0x8];
	/* As the TA work item's. */
	struct g16_work_tail tail;
	__le64 gap_c80;
	u8 __pad_c88[0x38];
} __packed;
#define G16_FRAG_WORK_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, counter, 0x4)	\
	 TYPE(__VA_ARGS__, context, 0xc) TYPE(__VA_ARGS__, zero, 0x10)	\
	 TYPE(__VA_ARGS__, microseq, 0x14)				\
	 TYPE(__VA_ARGS__, microseq_size, 0x1c)				\
	 TYPE(__VA_ARGS__, event_control, 0x20)				\
	 TYPE(__VA_ARGS__, bm, 0x28) TYPE(__VA_ARGS__, scene, 0x30)	\
	 TYPE(__VA_ARGS__, empty_buffer, 0x38)				\
	 TYPE(__VA_ARGS__, tilemap, 0x40) TYPE(__VA_ARGS__, msaa, 0x48)	\
	 TYPE(__VA_ARGS__, samples, 0x50)				\
	 TYPE(__VA_ARGS__, macro_size, 0x54)				\
	 TYPE(__VA_ARGS__, merge_x, 0x68)				\
	 TYPE(__VA_ARGS__, merge_y, 0x6c)				\
	 TYPE(__VA_ARGS__, tiles, 0x78) TYPE(__VA_ARGS__, regs, 0x80)	\
	 TYPE(__VA_ARGS__, consts, 0x680)				\
	 TYPE(__VA_ARGS__, regs_alias, 0x780)				\
	 TYPE(__VA_ARGS__, reg_count, 0x788)				\
	 TYPE(__VA_ARGS__, reg_bytes, 0x78a)				\
	 TYPE(__VA_ARGS__, dbias, 0x7a0)				\
	 TYPE(__VA_ARGS__, scissor, 0x7b0)				\
	 TYPE(__VA_ARGS__, oclqry, 0x7c0)				\
	 TYPE(__VA_ARGS__, load_bind, 0x8f8)				\
	 TYPE(__VA_ARGS__, load, 0x900)					\
	 TYPE(__VA_ARGS__, partial_load_bind, 0x928)			\
	 TYPE(__VA_ARGS__, partial_load, 0x930)				\
	 TYPE(__VA_ARGS__, zls_ctrl, 0x938)				\
	 TYPE(__VA_ARGS__, zls_const, 0x940)				\
	 TYPE(__VA_ARGS__, depth, 0x948)				\
	 TYPE(__VA_ARGS__, stencil, 0x978)				\
	 TYPE(__VA_ARGS__, tib, 0x9b8)					\
	 TYPE(__VA_ARGS__, aux_fb_flags, 0x9c0)				\
	 TYPE(__VA_ARGS__, dims, 0x9c8)					\
	 TYPE(__VA_ARGS__, aux_fb_pages, 0x9d0)				\
	 TYPE(__VA_ARGS__, tile_config, 0x9d8)				\
	 TYPE(__VA_ARGS__, store_bind, 0x9f4)				\
	 TYPE(__VA_ARGS__, store, 0x9fc)				\
	 TYPE(__VA_ARGS__, partial_store_bind, 0xa14)			\
	 TYPE(__VA_ARGS__, partial_store, 0xa1c)			\
	 TYPE(__VA_ARGS__, depth_clear, 0xa28)				\
	 TYPE(__VA_ARGS__, stencil_clear, 0xa2c)			\
	 TYPE(__VA_ARGS__, sample_size, 0xa30)				\
	 TYPE(__VA_ARGS__, zls_pixels, 0xa50)				\
	 TYPE(__VA_ARGS__, fw_a58, 0xa58)				\
	 TYPE(__VA_ARGS__, fw_b70, 0xb70)				\
	 TYPE(__VA_ARGS__, sync_grow, 0xb80)				\
	 TYPE(__VA_ARGS__, fw_b84, 0xb84)				\
	 TYPE(__VA_ARGS__, lifecycle_hi, 0xb88)				\
	 TYPE(__VA_ARGS__, gap_b90, 0xb90)				\
	 TYPE(__VA_ARGS__, sampler_heap, 0xb94)				\
	 TYPE(__VA_ARGS__, sampler_count, 0xb9c)			\
	 TYPE(__VA_ARGS__, sampler_max, 0xba0)				\
	 TYPE(__VA_ARGS__, empty_tiles, 0xba4)				\
	 TYPE(__VA_ARGS__, gap_ba8, 0xba8)					\
	 TYPE(__VA_ARGS__, msaa_on, 0xbac)				\
	 TYPE(__VA_ARGS__, fw_bb0, 0xbb0)				\
	 TYPE(__VA_ARGS__, fw_bb4, 0xbb4)				\
	 TYPE(__VA_ARGS__, tail, 0xbc0)					\
	 TYPE(__VA_ARGS__, gap_c80, 0xc80))
AGX4_FW_CHECK_FIELDS(struct g16_frag_work, 0xcc0, G16_FRAG_WORK_FIELDS);

/* Compute work item (0x8c0 bytes). */
struct g16_compute_work {
	__le32 type;
	/* Publication counter (unaligned). */
	__le64 counter;
	__le32 context;
	/* The compute notifier. */
	__le64 notifier;
	u8 __pad_18[0x8];
	/* The register program. */
	struct agx4_fw_reg regs[G16_COMPUTE_REGS];
	u8 __pad_140[0x5e0];
	/* GPU address of @regs. */
	__le64 regs_alias;
	/* Count | bytes << 16 as the reference writes it: 24 | 288 << 16. */
	__le32 reg_header;
	u8 __pad_72c[0x34];
	/* The microsequence. */
	__le64 microseq;
	__le32 microseq_size;
	u8 fw_76c[8];
	u8 __pad_774[0x24];
	/* Preemption/save area. */
	__le64 resource;
	/* CDM stream end - 4. */
	__le64 cdm_last;
	u8 __pad_7a8[0x20];
	__le32 cdm_ctrl;
	__le32 gap_7cc;
	u8 __pad_7d0[0xc];
	u8 fw_7dc[4];
	/* Identity >> 32. */
	__le32 identity_hi;
	u8 __pad_7e4[0x4];
	/* Sampler heap, 0xffffffff if none. */
	__le64 sampler_heap;
	/* Samplers. */
	__le32 sampler_count;
	/* Samplers + 1, 0 if none. */
	__le32 sampler_max;
	u8 __pad_7f8[0x8];
	__le64 driver_stamp;
	/* Firmware stamp. */
	__le64 fw_stamp;
	__le32 stamp;
	__le32 event;
	u8 __pad_818[0x4];
	/* %G16_NOTIFY_FLUSH, as in &g16_work_tail.notify_flush. */
	__le32 notify_flush;
	/* Identity, low word. */
	__le32 identity;
	u8 __pad_824[0x4];
	__le32 ordinal;
	/* Base of the profiling slots (microsequence only). */
	__le64 prof_base;
	/* Private profiling start slot (unaligned). */
	__le64 prof_start;
	/* Private profiling end slot (unaligned). */
	__le64 prof_end;
	u8 __pad_844[0x26];
	/* Support object (unaligned). */
	__le64 support;
	u8 support_on;
	u8 __pad_873[0x1];
	__le32 gap_874;
	u8 __pad_878[0x4];
	__le32 gap_87c;
	u8 __pad_880[0xb];
	u8 gap_88b;
	u8 fw_88c[0x10];
	u8 fw_89c[0x10];
	u8 fw_8ac[0x10];
	u8 __pad_8bc[0x4];
} __packed;
#define G16_COMPUTE_WORK_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, counter, 0x4)	\
	 TYPE(__VA_ARGS__, context, 0xc)				\
	 TYPE(__VA_ARGS__, notifier, 0x10)				\
	 TYPE(__VA_ARGS__, regs, 0x20)					\
	 TYPE(__VA_ARGS__, regs_alias, 0x720)				\
	 TYPE(__VA_ARGS__, reg_header, 0x728)				\
	 TYPE(__VA_ARGS__, microseq, 0x760)				\
	 TYPE(__VA_ARGS__, microseq_size, 0x768)			\
	 TYPE(__VA_ARGS__, fw_76c, 0x76c)				\
	 TYPE(__VA_ARGS__, resource, 0x798)				\
	 TYPE(__VA_ARGS__, cdm_last, 0x7a0)				\
	 TYPE(__VA_ARGS__, cdm_ctrl, 0x7c8)				\
	 TYPE(__VA_ARGS__, gap_7cc, 0x7cc) TYPE(__VA_ARGS__, fw_7dc, 0x7dc)	\
	 TYPE(__VA_ARGS__, identity_hi, 0x7e0)				\
	 TYPE(__VA_ARGS__, sampler_heap, 0x7e8)				\
	 TYPE(__VA_ARGS__, sampler_count, 0x7f0)			\
	 TYPE(__VA_ARGS__, sampler_max, 0x7f4)				\
	 TYPE(__VA_ARGS__, driver_stamp, 0x800)				\
	 TYPE(__VA_ARGS__, fw_stamp, 0x808)				\
	 TYPE(__VA_ARGS__, stamp, 0x810)				\
	 TYPE(__VA_ARGS__, event, 0x814)				\
	 TYPE(__VA_ARGS__, notify_flush, 0x81c)				\
	 TYPE(__VA_ARGS__, identity, 0x820)				\
	 TYPE(__VA_ARGS__, ordinal, 0x828)				\
	 TYPE(__VA_ARGS__, prof_base, 0x82c)				\
	 TYPE(__VA_ARGS__, prof_start, 0x834)				\
	 TYPE(__VA_ARGS__, prof_end, 0x83c)				\
	 TYPE(__VA_ARGS__, support, 0x86a)				\
	 TYPE(__VA_ARGS__, support_on, 0x872)				\
	 TYPE(__VA_ARGS__, gap_874, 0x874)				\
	 TYPE(__VA_ARGS__, gap_87c, 0x87c)				\
	 TYPE(__VA_ARGS__, gap_88b, 0x88b)				\
	 TYPE(__VA_ARGS__, fw_88c, 0x88c)				\
	 TYPE(__VA_ARGS__, fw_89c, 0x89c)				\
	 TYPE(__VA_ARGS__, fw_8ac, 0x8ac))
AGX4_FW_CHECK_FIELDS(struct g16_compute_work, 0x8c0, G16_COMPUTE_WORK_FIELDS);

/* Microsequence command: take a timestamp. */
struct g16_ms_timestamp {
	/* %G16_MS_TS_START or %G16_MS_TS_END. */
	__le32 opcode;
	/* The work item's profiling slots. */
	__le64 base;
	/* Its start slot. */
	__le64 start;
	/* The slot this command writes. */
	__le64 slot;
	/* The queue record. */
	__le64 queue;
	/* The work item's user timestamp pair, 0 if none. */
	__le64 user;
	/* Firmware state in the work item. */
	__le64 state;
	/* Firmware state in the work item. */
	__le64 state2;
	u8 __pad_3c[0x8];
	__le32 uuid;
	u8 __pad_48[0x4];
} __packed;
#define G16_MS_TIMESTAMP_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, base, 0x4)	\
	 TYPE(__VA_ARGS__, start, 0xc) TYPE(__VA_ARGS__, slot, 0x14)	\
	 TYPE(__VA_ARGS__, queue, 0x1c) TYPE(__VA_ARGS__, user, 0x24)	\
	 TYPE(__VA_ARGS__, state, 0x2c) TYPE(__VA_ARGS__, state2, 0x34)	\
	 TYPE(__VA_ARGS__, uuid, 0x44))
AGX4_FW_CHECK_FIELDS(struct g16_ms_timestamp, 0x4c, G16_MS_TIMESTAMP_FIELDS);

/* Microsequence command: start TA. */
struct g16_ms_start_ta {
	__le32 opcode;
	u8 __pad_4[0x10];
	/* The work item's register program. */
	__le64 regs;
	/* Buffer manager. */
	__le64 bm;
	/* Scene record. */
	__le64 scene;
	/* Stage statistics. */
	__le64 stats;
	/* The queue record. */
	__le64 queue;
	/* Work item state (&g16_ta_work.fw_85c). */
	__le64 state;
	__le32 context;
	/* The work item's counter. */
	__le32 counter;
	u8 __pad_4c[0x4];
	/* Buffer-manager slot. */
	__le64 bm_slot;
	u8 __pad_58[0xc];
	/* Work item state (&g16_ta_work.fw_784). */
	__le64 state2;
	/* Work item state (&g16_ta_work.fw_8a8). */
	__le64 state3;
	u8 __pad_74[0x8];
	__le32 uuid;
	u8 __pad_80[0x110];
	/* Support object; the trailer jumps here. */
	__le64 support;
	u8 __pad_198[0x10];
	/* TA status page. */
	__le64 status;
	u8 __pad_1b0[0x8];
	__le64 gap_1b8;
	__le32 event;
	u8 __pad_1c4[0x8];
} __packed;
#define G16_MS_START_TA_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, regs, 0x14)	\
	 TYPE(__VA_ARGS__, bm, 0x1c) TYPE(__VA_ARGS__, scene, 0x24)	\
	 TYPE(__VA_ARGS__, stats, 0x2c) TYPE(__VA_ARGS__, queue, 0x34)	\
	 TYPE(__VA_ARGS__, state, 0x3c)					\
	 TYPE(__VA_ARGS__, context, 0x44)				\
	 TYPE(__VA_ARGS__, counter, 0x48)				\
	 TYPE(__VA_ARGS__, bm_slot, 0x50)				\
	 TYPE(__VA_ARGS__, state2, 0x64)				\
	 TYPE(__VA_ARGS__, state3, 0x6c) TYPE(__VA_ARGS__, uuid, 0x7c)	\
	 TYPE(__VA_ARGS__, support, 0x190)				\
	 TYPE(__VA_ARGS__, status, 0x1a8) TYPE(__VA_ARGS__, gap_1b8, 0x1b8)	\
	 TYPE(__VA_ARGS__, event, 0x1c0))
AGX4_FW_CHECK_FIELDS(struct g16_ms_start_ta, 0x1cc, G16_MS_START_TA_FIELDS);

/* Microsequence command: end TA. */
struct g16_ms_end_ta {
	__le32 opcode;
	/* Scene record. */
	__le64 scene;
	/* Buffer manager. */
	__le64 bm;
	/* Stage statistics. */
	__le64 stats;
	/* The queue record. */
	__le64 queue;
	/* As &g16_ms_start_ta.state. */
	__le64 state;
	__le32 context;
	u8 __pad_30[0x4];
	/* As &g16_ms_start_ta.state2. */
	__le64 state2;
	u8 __pad_3c[0x4];
	__le32 uuid;
	u8 __pad_44[0x4];
	/* Firmware stamp. */
	__le64 fw_stamp;
	__le32 stamp;
} __packed;
#define G16_MS_END_TA_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, scene, 0x4)	\
	 TYPE(__VA_ARGS__, bm, 0xc) TYPE(__VA_ARGS__, stats, 0x14)	\
	 TYPE(__VA_ARGS__, queue, 0x1c) TYPE(__VA_ARGS__, state, 0x24)	\
	 TYPE(__VA_ARGS__, context, 0x2c)				\
	 TYPE(__VA_ARGS__, state2, 0x34) TYPE(__VA_ARGS__, uuid, 0x40)	\
	 TYPE(__VA_ARGS__, fw_stamp, 0x48)				\
	 TYPE(__VA_ARGS__, stamp, 0x50))
AGX4_FW_CHECK_FIELDS(struct g16_ms_end_ta, 0x54, G16_MS_END_TA_FIELDS);

/* Microsequence trailer of TA. */
struct g16_ms_trailer_ta {
	/* Where the firmware resumes (&g16_ms_start_ta.support). */
	__le64 jump;
	/* Minus the offset of the end command. */
	__le32 rel;
	u8 __pad_c[0x1];
	/* Work item state (unaligned). */
	__le64 state;
	/* %G16_MS_TA_TRAILER_FLAGS (unaligned). */
	__le32 flags;
	u8 __pad_19[0x3];
	__le32 finish;
} __packed;
#define G16_MS_TRAILER_TA_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, jump, 0x0) TYPE(__VA_ARGS__, rel, 0x8)	\
	 TYPE(__VA_ARGS__, state, 0xd) TYPE(__VA_ARGS__, flags, 0x15)	\
	 TYPE(__VA_ARGS__, finish, 0x1c))
AGX4_FW_CHECK_FIELDS(struct g16_ms_trailer_ta, 0x20, G16_MS_TRAILER_TA_FIELDS);

/* The TA microsequence (0x300 bytes). */
struct g16_ta_ms {
	/* Start TA. */
	struct g16_ms_start_ta start;
	/* Start timestamp. */
	struct g16_ms_timestamp ts_start;
	__le32 ts_one;
	/* End timestamp. */
	struct g16_ms_timestamp ts_end;
	/* End TA. */
	struct g16_ms_end_ta end;
	u8 __pad_2bc[0x24];
	struct g16_ms_trailer_ta trailer;
} __packed;
#define G16_TA_MS_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, start, 0x0)					\
	 TYPE(__VA_ARGS__, ts_start, 0x1cc)				\
	 TYPE(__VA_ARGS__, ts_one, 0x218)				\
	 TYPE(__VA_ARGS__, ts_end, 0x21c) TYPE(__VA_ARGS__, end, 0x268)	\
	 TYPE(__VA_ARGS__, trailer, 0x2e0))
AGX4_FW_CHECK_FIELDS(struct g16_ta_ms, 0x300, G16_TA_MS_FIELDS);

/* Microsequence command: start 3D. */
struct g16_ms_start_3d {
	__le32 opcode;
	u8 __pad_4[0x10];
	/* The work item's register program. */
	__le64 regs;
	/* Scene record. */
	__le64 scene;
	/* Stage statistics. */
	__le64 stats;
	/* Work item state (&g16_frag_work.fw_b70). */
	__le64 state;
	/* Scene record + %G16_SCENE_FRAG_STATE. */
	__le64 scene_state;
	/* Work item state (&g16_frag_work.fw_bb0). */
	__le64 state2;
	/* Work item state (&g16_frag_work.fw_bb4). */
	__le64 state3;
	/* The queue record. */
	__le64 queue;
	/* The work item. */
	__le64 work;
	__le32 context;
	/* The TA work item's counter. */
	__le32 ta_counter;
	u8 __pad_64[0x4];
	/* Buffer-manager slot. */
	__le64 bm_slot;
	u8 __pad_70[0xc];
	/* Work item state (&g16_frag_work.fw_a58). */
	__le64 state4;
	/* Work item state (&g16_frag_work.fw_bf0). */
	__le64 state5;
	u8 __pad_8c[0x14];
	__le32 uuid;
	u8 __pad_a4[0x10c];
	/* Support object; the trailer jumps here. */
	__le64 support;
	u8 __pad_1b8[0x10];
	/* 3D status page. */
	__le64 status;
	u8 __pad_1d0[0x10];
	__le32 event;
	__le32 gap_1e4;
	u8 __pad_1e8[0x4];
} __packed;
#define G16_MS_START_3D_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, regs, 0x14)	\
	 TYPE(__VA_ARGS__, scene, 0x1c) TYPE(__VA_ARGS__, stats, 0x24)	\
	 TYPE(__VA_ARGS__, state, 0x2c)					\
	 TYPE(__VA_ARGS__, scene_state, 0x34)				\
	 TYPE(__VA_ARGS__, state2, 0x3c)				\
	 TYPE(__VA_ARGS__, state3, 0x44) TYPE(__VA_ARGS__, queue, 0x4c)	\
	 TYPE(__VA_ARGS__, work, 0x54) TYPE(__VA_ARGS__, context, 0x5c)	\
	 TYPE(__VA_ARGS__, ta_counter, 0x60)				\
	 TYPE(__VA_ARGS__, bm_slot, 0x68)				\
	 TYPE(__VA_ARGS__, state4, 0x7c)				\
	 TYPE(__VA_ARGS__, state5, 0x84) TYPE(__VA_ARGS__, uuid, 0xa0)	\
	 TYPE(__VA_ARGS__, support, 0x1b0)				\
	 TYPE(__VA_ARGS__, status, 0x1c8)				\
	 TYPE(__VA_ARGS__, event, 0x1e0) TYPE(__VA_ARGS__, gap_1e4, 0x1e4))
AGX4_FW_CHECK_FIELDS(struct g16_ms_start_3d, 0x1ec, G16_MS_START_3D_FIELDS);

/* Microsequence command: end 3D. */
struct g16_ms_end_3d {
	__le32 opcode;
	__le32 uuid;
	u8 __pad_8[0x4];
	/* Firmware stamp. */
	__le64 fw_stamp;
	__le32 stamp;
	u8 __pad_18[0x4];
	/* Scene record. */
	__le64 scene;
	/* Buffer manager. */
	__le64 bm;
	__le32 gap_2c;
	/* Stage statistics. */
	__le64 stats;
	/* As &g16_ms_start_3d.state2. */
	__le64 state2;
	/* As &g16_ms_start_3d.state3. */
	__le64 state3;
	/* As &g16_ms_start_3d.state. */
	__le64 state;
	/* The queue record. */
	__le64 queue;
	/* The work item. */
	__le64 work;
	__le32 context;
	/* As &g16_ms_start_3d.state4. */
	__le64 state4;
} __packed;
#define G16_MS_END_3D_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, uuid, 0x4)	\
	 TYPE(__VA_ARGS__, fw_stamp, 0xc)				\
	 TYPE(__VA_ARGS__, stamp, 0x14) TYPE(__VA_ARGS__, scene, 0x1c)	\
	 TYPE(__VA_ARGS__, bm, 0x24) TYPE(__VA_ARGS__, gap_2c, 0x2c)	\
	 TYPE(__VA_ARGS__, stats, 0x30) TYPE(__VA_ARGS__, state2, 0x38)	\
	 TYPE(__VA_ARGS__, state3, 0x40) TYPE(__VA_ARGS__, state, 0x48)	\
	 TYPE(__VA_ARGS__, queue, 0x50) TYPE(__VA_ARGS__, work, 0x58)	\
	 TYPE(__VA_ARGS__, context, 0x60)				\
	 TYPE(__VA_ARGS__, state4, 0x64))
AGX4_FW_CHECK_FIELDS(struct g16_ms_end_3d, 0x6c, G16_MS_END_3D_FIELDS);

/* Microsequence trailer of 3D. */
struct g16_ms_trailer_3d {
	/* Where the firmware resumes (&g16_ms_start_3d.support). */
	__le64 jump;
	/* Minus the offset of the end command. */
	__le32 rel;
	u8 __pad_c[0x1];
	/* Work item state (unaligned). */
	__le64 state;
	/* %G16_MS_3D_TRAILER_FLAGS (unaligned). */
	__le64 flags;
	u8 __pad_1d[0x7];
	__le32 finish;
} __packed;
#define G16_MS_TRAILER_3D_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, jump, 0x0) TYPE(__VA_ARGS__, rel, 0x8)	\
	 TYPE(__VA_ARGS__, state, 0xd) TYPE(__VA_ARGS__, flags, 0x15)	\
	 TYPE(__VA_ARGS__, finish, 0x24))
AGX4_FW_CHECK_FIELDS(struct g16_ms_trailer_3d, 0x28, G16_MS_TRAILER_3D_FIELDS);

/* The 3D microsequence (0x380 bytes). */
struct g16_frag_ms {
	/* Start 3D. */
	struct g16_ms_start_3d start;
	/* Start timestamp. */
	struct g16_ms_timestamp ts_start;
	__le32 ts_one;
	/* End timestamp. */
	struct g16_ms_timestamp ts_end;
	/* End 3D. */
	struct g16_ms_end_3d end;
	u8 __pad_2f4[0x2c];
	struct g16_ms_trailer_3d trailer;
	u8 __pad_348[0x38];
} __packed;
#define G16_FRAG_MS_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, start, 0x0)					\
	 TYPE(__VA_ARGS__, ts_start, 0x1ec)				\
	 TYPE(__VA_ARGS__, ts_one, 0x238)				\
	 TYPE(__VA_ARGS__, ts_end, 0x23c) TYPE(__VA_ARGS__, end, 0x288)	\
	 TYPE(__VA_ARGS__, trailer, 0x320))
AGX4_FW_CHECK_FIELDS(struct g16_frag_ms, 0x380, G16_FRAG_MS_FIELDS);

/* Microsequence command: start compute. */
struct g16_ms_start_compute {
	__le32 opcode;
	u8 __pad_4[0x10];
	/* The work item's register program. */
	__le64 regs;
	/* Stage statistics. */
	__le64 stats;
	/* The queue record. */
	__le64 queue;
	__le32 context;
	__le32 gap_30;
	/* Notifier event generation. */
	__le32 event_generation;
	u8 __pad_38[0xc];
	/* Work item state (&g16_compute_work.fw_76c). */
	__le64 state;
	u8 __pad_4c[0x4];
	/* Identity, low word. */
	__le32 identity;
	u8 __pad_54[0x10c];
	/* Support object; the trailer jumps here. */
	__le64 support;
	u8 __pad_168[0x10];
	/* Compute marker page. */
	__le64 marker;
	u8 __pad_180[0x8];
	/* Compute scratch at %G16_COMPUTE_SCRATCH_OFFSETS. */
	__le64 scratch[4];
	/* Work item state (&g16_compute_work.fw_8ac). */
	__le64 state2;
	/* The work item's counter. */
	__le32 counter;
	u8 __pad_1b4[0x4];
	__le32 event;
} __packed;
#define G16_MS_START_COMPUTE_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, regs, 0x14)	\
	 TYPE(__VA_ARGS__, stats, 0x1c) TYPE(__VA_ARGS__, queue, 0x24)	\
	 TYPE(__VA_ARGS__, context, 0x2c) TYPE(__VA_ARGS__, gap_30, 0x30)	\
	 TYPE(__VA_ARGS__, event_generation, 0x34)			\
	 TYPE(__VA_ARGS__, state, 0x44)					\
	 TYPE(__VA_ARGS__, identity, 0x50)				\
	 TYPE(__VA_ARGS__, support, 0x160)				\
	 TYPE(__VA_ARGS__, marker, 0x178)				\
	 TYPE(__VA_ARGS__, scratch, 0x188)				\
	 TYPE(__VA_ARGS__, state2, 0x1a8)				\
	 TYPE(__VA_ARGS__, counter, 0x1b0)				\
	 TYPE(__VA_ARGS__, event, 0x1b8))
AGX4_FW_CHECK_FIELDS(struct g16_ms_start_compute, 0x1bc,
		     G16_MS_START_COMPUTE_FIELDS);

/* Microsequence command: end compute. */
struct g16_ms_end_compute {
	__le32 opcode;
	/* Stage statistics. */
	__le64 stats;
	/* The queue record. */
	__le64 queue;
	__le32 context;
	/* As &g16_ms_start_compute.state. */
	__le64 state;
	u8 __pad_20[0x4];
	/* Identity, low word. */
	__le32 identity;
	u8 __pad_28[0x4];
	/* Firmware stamp. */
	__le64 fw_stamp;
	__le32 stamp;
} __packed;
#define G16_MS_END_COMPUTE_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opcode, 0x0) TYPE(__VA_ARGS__, stats, 0x4)	\
	 TYPE(__VA_ARGS__, queue, 0xc) TYPE(__VA_ARGS__, context, 0x14)	\
	 TYPE(__VA_ARGS__, state, 0x18)					\
	 TYPE(__VA_ARGS__, identity, 0x24)				\
	 TYPE(__VA_ARGS__, fw_stamp, 0x2c)				\
	 TYPE(__VA_ARGS__, stamp, 0x34))
AGX4_FW_CHECK_FIELDS(struct g16_ms_end_compute, 0x38,
		     G16_MS_END_COMPUTE_FIELDS);

/* Microsequence trailer of compute. */
struct g16_ms_trailer_compute {
	/* Where the firmware resumes (&g16_ms_start_compute.support). */
	__le64 jump;
	/* Minus the offset of the end command. */
	__le32 rel;
	u8 __pad_c[0x1];
	/* Work item state (&g16_compute_work.fw_8ac; unaligned). */
	__le64 state;
	/* Work item state (&g16_compute_work.fw_88c; unaligned). */
	__le64 state2;
	u8 __pad_1d[0x3];
	__le32 finish;
} __packed;
#define G16_MS_TRAILER_COMPUTE_FIELDS(TYPE, ...)			\
	(TYPE(__VA_ARGS__, jump, 0x0) TYPE(__VA_ARGS__, rel, 0x8)	\
	 TYPE(__VA_ARGS__, state, 0xd) TYPE(__VA_ARGS__, state2, 0x15)	\
	 TYPE(__VA_ARGS__, finish, 0x20))
AGX4_FW_CHECK_FIELDS(struct g16_ms_trailer_compute, 0x24,
		     G16_MS_TRAILER_COMPUTE_FIELDS);

/* The compute microsequence (0x300 bytes). */
struct g16_compute_ms {
	/* Start compute. */
	struct g16_ms_start_compute start;
	/* Start timestamp. */
	struct g16_ms_timestamp ts_start;
	__le32 ts_one;
	/* End timestamp. */
	struct g16_ms_timestamp ts_end;
	/* End compute. */
	struct g16_ms_end_compute end;
	u8 __pad_290[0x24];
	struct g16_ms_trailer_compute trailer;
	u8 __pad_2d8[0x28];
} __packed;
#define G16_COMPUTE_MS_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, start, 0x0)					\
	 TYPE(__VA_ARGS__, ts_start, 0x1bc)				\
	 TYPE(__VA_ARGS__, ts_one, 0x208)				\
	 TYPE(__VA_ARGS__, ts_end, 0x20c) TYPE(__VA_ARGS__, end, 0x258)	\
	 TYPE(__VA_ARGS__, trailer, 0x2b4))
AGX4_FW_CHECK_FIELDS(struct g16_compute_ms, 0x300, G16_COMPUTE_MS_FIELDS);

/* Queue item: TVB init before a pool's first TA. */
struct g16_ta_prelude {
	__le32 type;
	__le32 context;
	/* Buffer-manager slot. */
	__le32 bm_slot;
	u8 __pad_c[0x4];
	/* Initial TVB blocks. */
	__le32 blocks;
	/* Buffer manager (unaligned). */
	__le64 bm;
	/* The TA stamp value. */
	__le32 stamp;
	u8 __pad_20[0x20];
} __packed;
#define G16_TA_PRELUDE_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, context, 0x4)	\
	 TYPE(__VA_ARGS__, bm_slot, 0x8)				\
	 TYPE(__VA_ARGS__, blocks, 0x10) TYPE(__VA_ARGS__, bm, 0x14)	\
	 TYPE(__VA_ARGS__, stamp, 0x1c))
AGX4_FW_CHECK_FIELDS(struct g16_ta_prelude, 0x40, G16_TA_PRELUDE_FIELDS);

/* Queue item: wait for a stamp. */
struct g16_barrier {
	__le32 type;
	/* The stamp waited for (unaligned). */
	__le64 stamp;
	/* The same stamp again (unaligned). */
	__le64 stamp2;
	/* The value waited for. */
	__le32 value;
	u8 __pad_18[0x8];
	/* The event of the work waited for. */
	__le32 event;
	/* The stamp of the work that waits. */
	__le32 own_stamp;
	/* UUID of the work that waits. */
	__le32 uuid;
	u8 __pad_2c[0x4];
	/*
	 * 1: a dependency in the firmware graph; 0: the 3D prelude waiting
	 * for its TA.
	 */
	__le32 graph;
	u8 __pad_34[0xc];
} __packed;
#define G16_BARRIER_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, stamp, 0x4)	\
	 TYPE(__VA_ARGS__, stamp2, 0xc) TYPE(__VA_ARGS__, value, 0x14)	\
	 TYPE(__VA_ARGS__, event, 0x20)					\
	 TYPE(__VA_ARGS__, own_stamp, 0x24)				\
	 TYPE(__VA_ARGS__, uuid, 0x28) TYPE(__VA_ARGS__, graph, 0x30))
AGX4_FW_CHECK_FIELDS(struct g16_barrier, 0x40, G16_BARRIER_FIELDS);

/* Queue item: the bootstrap barrier. */
struct g16_barrier_boot {
	__le32 type;
	/* The stamp waited for (unaligned). */
	__le64 stamp;
	/* The value waited for. */
	__le32 value;
	/* The event of the work waited for. */
	__le32 event;
	/* The stamp of the work that waits. */
	__le32 own_stamp;
	/* UUID of the work that waits. */
	__le32 uuid;
	u8 __pad_1c[0x24];
} __packed;
#define G16_BARRIER_BOOT_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, type, 0x0) TYPE(__VA_ARGS__, stamp, 0x4)	\
	 TYPE(__VA_ARGS__, value, 0xc) TYPE(__VA_ARGS__, event, 0x10)	\
	 TYPE(__VA_ARGS__, own_stamp, 0x14)				\
	 TYPE(__VA_ARGS__, uuid, 0x18))
AGX4_FW_CHECK_FIELDS(struct g16_barrier_boot, 0x40, G16_BARRIER_BOOT_FIELDS);

/*
 * The compute entry trampoline (12 bytes).
 *
 * Where a compute program starts: a full cache flush and barrier, then a
 * jump to the user's CDM stream.  The reference found the weaker barrier
 * 0x60000168 loses SSBO writes between work items.
 */
struct g16_cdm_entry {
	__le32 barrier;
	/* %G16_CDM_JUMP | the stream's address >> 32. */
	__le32 jump_hi;
	/* The stream's address, low word. */
	__le32 jump_lo;
} __packed;
#define G16_CDM_ENTRY_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, barrier, 0x0)				\
	 TYPE(__VA_ARGS__, jump_hi, 0x4)				\
	 TYPE(__VA_ARGS__, jump_lo, 0x8))
AGX4_FW_CHECK_FIELDS(struct g16_cdm_entry, 12, G16_CDM_ENTRY_FIELDS);
#define G16_CDM_BARRIER		0x600fffff
#define G16_CDM_JUMP		0x20000000

/*
 * A compute job's user timestamp destinations.
 *
 * The timestamp commands of the compute microsequence point at it.
 */
struct g16_ts_pair {
	/* Start destination (aperture address), 0 for none. */
	__le64 start;
	/* End destination. */
	__le64 end;
} __packed;
#define G16_TS_PAIR_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, start, 0x0) TYPE(__VA_ARGS__, end, 0x8))
AGX4_FW_CHECK_FIELDS(struct g16_ts_pair, 0x10, G16_TS_PAIR_FIELDS);

/*
 * The TVB pool of a VM: a buffer manager, its block control, block and page
 * lists, a page of scene records and a parameter-buffer descriptor slot.
 * GAP: the buffer manager's gap_<offset> words, of unknown meaning, carry
 * these values of the reference (H for the values).
 */
#define G16_BM_34		0x2c
#define G16_BM_54		0x2b
#define G16_BM_84		0x248000
#define G16_BM_MAX_BLOCKS	0x19b3
/*
 * L: the pages of the most blocks (4 x 0x19b3) and a third of them, where
 * the older generations' buffer managers keep their page limits.
 */
#define G16_BM_MAX_PAGES	0x66cc
#define G16_BM_MAX_PAGES_NOMEMLESS 0x2244
/* Blocks: 0x20000 bytes each, mapped 0x28000 apart (a guard between). */
#define G16_TVB_BLOCK_SIZE	0x20000
#define G16_TVB_BLOCK_STRIDE	0x28000
/* Block and page ids count 32 KiB units above the context base. */
#define G16_TVB_ID_UNIT		0x8000
#define G16_TVB_PAGES_PER_BLOCK	4
/* Scene records: 80 to a page, 36 scratch slots. */
#define G16_SCENES_PER_PAGE	80
#define G16_SCENE_SLOTS		36
#define G16_SCENE_SCRATCH	0x240000
#define G16_SCENE_SCRATCH_STRIDE 0x30
#define G16_BLOCK_CONTROL_SCENE	0x40
/* GAP: the scene record word at +0x48. */
#define G16_SCENE_48		0x100000000ull
#define G16_EVENT_CONTROL	0x50
/* The PB descriptor holds the page list's GPU address >> 4, 8-aligned. */
#define G16_PB_SHIFT		4
#define G16_PB_MASK		0xfffffff8

/*
 * The TVB buffer manager.
 *
 * Known up to +0x88; the reference gives it a page.
 */
struct g16_bm {
	u8 __pad_0[0xc];
	/* The buffer-manager slot. */
	__le32 slot;
	u8 __pad_10[0x10];
	/* The page list (unaligned). */
	__le64 page_list;
	/*
	 * Where the GPU sees it, the address the PB descriptor names
	 * (unaligned; the reference's 0x10_0025_8000, H).
	 */
	__le64 page_list_gpu;
	/* Bytes mapped there (the reference's 0x1c000, H). */
	__le32 page_list_size;
	__le32 gap_34;
	__le32 max_blocks;
	/* Current blocks (the firmware keeps it up to date). */
	__le32 blocks;
	u8 __pad_40[0x4];
	/* The block list (unaligned). */
	__le64 block_list;
	/* The block control (unaligned). */
	__le64 block_control;
	__le32 gap_54;
	/* Bytes a block, %G16_TVB_BLOCK_SIZE. */
	__le32 block_size;
	u8 __pad_5c[0x8];
	/* The growth counter (unaligned). */
	__le64 counter;
	u8 __pad_6c[0x10];
	__le32 max_pages;
	__le32 max_pages_nomemless;
	__le32 gap_84;
} __packed;
#define G16_BM_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, slot, 0xc)					\
	 TYPE(__VA_ARGS__, page_list, 0x20)				\
	 TYPE(__VA_ARGS__, page_list_gpu, 0x28)				\
	 TYPE(__VA_ARGS__, page_list_size, 0x30)			\
	 TYPE(__VA_ARGS__, gap_34, 0x34)				\
	 TYPE(__VA_ARGS__, max_blocks, 0x38)				\
	 TYPE(__VA_ARGS__, blocks, 0x3c)				\
	 TYPE(__VA_ARGS__, block_list, 0x44)				\
	 TYPE(__VA_ARGS__, block_control, 0x4c)				\
	 TYPE(__VA_ARGS__, gap_54, 0x54)				\
	 TYPE(__VA_ARGS__, block_size, 0x58)				\
	 TYPE(__VA_ARGS__, counter, 0x64)				\
	 TYPE(__VA_ARGS__, max_pages, 0x7c)				\
	 TYPE(__VA_ARGS__, max_pages_nomemless, 0x80)				\
	 TYPE(__VA_ARGS__, gap_84, 0x84))
AGX4_FW_CHECK_FIELDS(struct g16_bm, 0x88, G16_BM_FIELDS);

/*
 * TVB block control.
 *
 * Scene records point at +0x40 of it.
 */
struct g16_block_control {
	/* Blocks the pool has. */
	__le32 blocks;
	/* The same again. */
	__le32 blocks2;
	u8 __pad_8[0x58];
	__le32 gap_60;
} __packed;
#define G16_BLOCK_CONTROL_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, blocks, 0x0) TYPE(__VA_ARGS__, blocks2, 0x4)	\
	 TYPE(__VA_ARGS__, gap_60, 0x60))
AGX4_FW_CHECK_FIELDS(struct g16_block_control, 0x64, G16_BLOCK_CONTROL_FIELDS);

/* A scene record ("buffer thing"). */
struct g16_scene {
	/* The pool-slot word of this record. */
	__le64 pool_slot;
	/* The scene-list word of this record. */
	__le64 scene_list;
	u8 __pad_10[0x18];
	/* %G16_SCENE_SCRATCH + (record mod 36) * 0x30. */
	__le64 scratch;
	u8 __pad_30[0x10];
	/* The block control + %G16_BLOCK_CONTROL_SCENE. */
	__le64 block_control;
	__le64 gap_48;
	u8 __pad_50[0x30];
} __packed;
#define G16_SCENE_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, pool_slot, 0x0)				\
	 TYPE(__VA_ARGS__, scene_list, 0x8)				\
	 TYPE(__VA_ARGS__, scratch, 0x28)				\
	 TYPE(__VA_ARGS__, block_control, 0x40)				\
	 TYPE(__VA_ARGS__, gap_48, 0x48))
AGX4_FW_CHECK_FIELDS(struct g16_scene, 0x80, G16_SCENE_FIELDS);

/* A parameter-buffer descriptor slot. */
struct g16_pb_desc {
	/* (page list GPU address >> 4) & 0xfffffff8, in 32 bits. */
	__le32 page_list;
	/* Pages in the list. */
	__le32 pages;
	u8 __pad_8[0x8];
} __packed;
#define G16_PB_DESC_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, page_list, 0x0)				\
	 TYPE(__VA_ARGS__, pages, 0x4))
AGX4_FW_CHECK_FIELDS(struct g16_pb_desc, 0x10, G16_PB_DESC_FIELDS);

/* A block-list entry. */
struct g16_block_entry {
	/* The block id, (GPU address - 0x10_0000_0000) / 0x8000. */
	__le32 id;
	u8 __pad_4[0x4];
} __packed;
#define G16_BLOCK_ENTRY_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, id, 0x0))
AGX4_FW_CHECK_FIELDS(struct g16_block_entry, 0x8, G16_BLOCK_ENTRY_FIELDS);

/*
 * A render notifier ("event control", 0x100 bytes at Work +0x200): what the
 * firmware's notifier pass reads when a render's stages complete.  The
 * host writes @count, @stamp, @gap_c, @control and @context before each
 * publication; bytes 0x14..0x24 and everything from 0x28 on are the
 * firmware's (list links and state), never written by the host once the
 * record was published.
 */
struct g16_event_control {
	/* The notifier's count array (u32 2: two stages). */
	__le64 count;
	/* The 3D stamp value. */
	__le32 stamp;
	/* 0 (H: the reference writes it). */
	__le32 gap_c;
	/* %G16_EVENT_CONTROL. */
	__le32 control;
	u8 __pad_14[0x10];
	/* The context (ASID slot). */
	__le32 context;
	u8 __pad_28[0x6c];
	/* Firmware-owned: 0 once the notifier pass unlinked the work (GAP). */
	__le32 linked;
	u8 __pad_98[0x68];
} __packed;
#define G16_EVENT_CONTROL_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, count, 0x0) TYPE(__VA_ARGS__, stamp, 0x8)	\
	 TYPE(__VA_ARGS__, gap_c, 0xc)					\
	 TYPE(__VA_ARGS__, control, 0x10)				\
	 TYPE(__VA_ARGS__, context, 0x24)				\
	 TYPE(__VA_ARGS__, linked, 0x94))
AGX4_FW_CHECK_FIELDS(struct g16_event_control, 0x100, G16_EVENT_CONTROL_FIELDS);
/* A render notifier's count array: one count per stage. */
#define G16_EVENT_COUNT_RENDER	2

/*
 * A compute notifier (0x100 bytes at compute Work +0x1400), of the render
 * notifier's family.  The host writes only bytes 0..0x14 and 0x24..0x28;
 * bytes 0x14..0x24 are firmware-owned list links, even after completion.
 */
struct g16_compute_notifier {
	/* The threshold word (u32 1). */
	__le64 threshold;
	/* The event generation: the compute publication count. */
	__le32 generation;
	/* 0. */
	__le32 count;
	/* %G16_EVENT_CONTROL. */
	__le32 control;
	u8 __pad_14[0x10];
	/* The context (ASID slot). */
	__le32 context;
	u8 __pad_28[0x6c];
	/* Firmware-owned: 0 once the notifier pass unlinked the work (GAP). */
	__le32 linked;
	u8 __pad_98[0x68];
} __packed;
#define G16_COMPUTE_NOTIFIER_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, threshold, 0x0)				\
	 TYPE(__VA_ARGS__, generation, 0x8)				\
	 TYPE(__VA_ARGS__, count, 0xc) TYPE(__VA_ARGS__, control, 0x10)	\
	 TYPE(__VA_ARGS__, context, 0x24)				\
	 TYPE(__VA_ARGS__, linked, 0x94))
AGX4_FW_CHECK_FIELDS(struct g16_compute_notifier, 0x100,
		     G16_COMPUTE_NOTIFIER_FIELDS);
/* What a compute notifier's threshold word holds. */
#define G16_COMPUTE_THRESHOLD	1

/*
 * The aux-framebuffer page a render's 3D stage is given (GPU memory, one
 * 16 KiB page): two words at +0x600 and +0x604, zero elsewhere.  GAP:
 * their meaning is not known; the values are the reference's (H).
 */
struct g16_aux_fb {
	u8 __pad_0[0x600];
	__le32 gap_600;
	__le32 gap_604;
} __packed;
#define G16_AUX_FB_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, gap_600, 0x600) TYPE(__VA_ARGS__, gap_604, 0x604))
AGX4_FW_CHECK_FIELDS(struct g16_aux_fb, 0x608, G16_AUX_FB_FIELDS);
#define G16_AUX_FB_600		0x60000000
#define G16_AUX_FB_604		0x35b

/* A queue context. */
struct g16_queue_context {
	u8 gap_0[2];
	u8 __pad_2[0x3];
	u8 gap_5;
	u8 __pad_6[0x20];
	u8 gap_26;
	u8 __pad_27[0xc];
	u8 gap_33;
	u8 __pad_34[0xc];
} __packed;
#define G16_QUEUE_CONTEXT_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, gap_0, 0x0) TYPE(__VA_ARGS__, gap_5, 0x5)		\
	 TYPE(__VA_ARGS__, gap_26, 0x26) TYPE(__VA_ARGS__, gap_33, 0x33))
AGX4_FW_CHECK_FIELDS(struct g16_queue_context, 0x40, G16_QUEUE_CONTEXT_FIELDS);

/*
 * The opening FList (0x80 bytes at CONTROL_DATA), which the opening
 * registration (device control 0x20) names: the list of 4 KiB operand
 * pages the firmware may draw accelerator-private memory from, and the
 * operand table.  Of the same family as &struct g16_support (the list
 * here, the directory there, at +0x14).
 */
struct g16_flist {
	__le32 gap_0;
	u8 __pad_4[0x10];
	/* The operand-page list's GPU address (unaligned). */
	__le64 list;
	/* Entries the list has room for. */
	__le32 list_entries;
	u8 __pad_20[0x8];
	__le32 gap_28;
	u8 __pad_2c[0x4];
	/* The operand table's GPU address. */
	__le64 operands;
	u8 __pad_38[0x10];
	/* Firmware-written progress, %G16_FLIST_TAKEN once all is taken. */
	__le32 cursor;
	/* CONTROL_AUX, which the firmware also writes (unaligned). */
	__le64 aux;
	u8 __pad_54[0x2c];
} __packed;
#define G16_FLIST_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, gap_0, 0x0) TYPE(__VA_ARGS__, list, 0x14)	\
	 TYPE(__VA_ARGS__, list_entries, 0x1c)				\
	 TYPE(__VA_ARGS__, gap_28, 0x28)				\
	 TYPE(__VA_ARGS__, operands, 0x30)				\
	 TYPE(__VA_ARGS__, cursor, 0x48) TYPE(__VA_ARGS__, aux, 0x4c))
AGX4_FW_CHECK_FIELDS(struct g16_flist, 0x80, G16_FLIST_FIELDS);
/* GAP: FList words of unknown meaning, as the reference writes them (H). */
#define G16_FLIST_0		1
#define G16_FLIST_28		1
/* The list has room for 4 MiB of u64 entries. */
#define G16_FLIST_ENTRIES	0x80000
/* M: the progress the reference waits for: 8 per operand buffer. */
#define G16_FLIST_TAKEN		160

/*
 * The opening operand namespace, in context 1's low half (the opening
 * client, as the reference maps it): the page list, the operand table
 * (zero) and twenty 2 MiB operand buffers, each followed by an unmapped
 * 32 KiB guard.  List entry k is buffer k / 512, 4 KiB page
 * k % 512.
 */
#define G16_OPEN_LIST		0x7000000000ull
#define G16_OPEN_TABLE		0x7000408000ull
#define G16_OPEN_TABLE_SIZE	0x10000
#define G16_OPEN_BUFFERS	0x7000420000ull
#define G16_OPEN_NUM_BUFFERS	20
/* Operand buffers, here and in the compute namespace. */
#define G16_OPERAND_BUFFER_SIZE	0x200000
#define G16_OPERAND_BUFFER_STRIDE 0x208000
#define G16_OPERAND_PAGE	0x1000
#define G16_OPERAND_PAGES	(G16_OPERAND_BUFFER_SIZE / G16_OPERAND_PAGE)

/*
 * The compute operand namespace, likewise: a directory of 4 KiB page
 * addresses (entry k: buffer k / 512, page k % 512) and sixteen 2 MiB
 * buffers.
 */
#define G16_COMPUTE_DIRECTORY	0x7002cc0000ull
#define G16_COMPUTE_DIRECTORY_SIZE 0x18000
#define G16_COMPUTE_BUFFERS	0x7003108000ull
#define G16_COMPUTE_NUM_BUFFERS	16
/*
 * The opening client's compute scratch and marker, mapped with the
 * namespace at boot (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_compute.rs@1ab42a3a private_ranges).
 */
#define G16_COMPUTE_SCRATCH	0x70030e0000ull
#define G16_COMPUTE_SCRATCH_SIZE 0x20000
#define G16_COMPUTE_MARKER	0x1000c60000ull
#define G16_COMPUTE_MARKER_SIZE	0x4000

/*
 * The GPU aliases of the parameter-buffer descriptor table and of the page
 * after it, in context 0 (the main config's region list names both).
 */
#define G16_PB_TABLE_GPU	0x7000278000ull
#define G16_PB_AUX_GPU		0x7000280000ull

/*
 * A support object (0x100 bytes): an operand namespace the firmware draws
 * accelerator-private pages from, with its own private-memory slot.  The
 * compute support exists from boot; each VM's render support is one.
 */
struct g16_support {
	/* The pool identity. */
	__le64 id;
	/* The private-memory (FList) slot, distinct per support object. */
	__le32 slot;
	u8 __pad_c[0x8];
	/* The operand directory's GPU address (unaligned). */
	__le64 directory;
	/* The directory's capacity, in u64 entries. */
	__le32 capacity;
	u8 __pad_20[0x4];
	/* @pages modulo @capacity. */
	__le32 pages_mod;
	u8 __pad_28[0x4];
	/* 4 KiB pages in the namespace. */
	__le32 pages;
	/* The operand table, 0 for none (compute). */
	__le64 operands;
	u8 __pad_38[0x10];
	__le32 cursor;
	/* The shared-state page (unaligned). */
	__le64 shared;
	u8 __pad_54[0xac];
} __packed;
#define G16_SUPPORT_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, id, 0x0) TYPE(__VA_ARGS__, slot, 0x8)	\
	 TYPE(__VA_ARGS__, directory, 0x14)				\
	 TYPE(__VA_ARGS__, capacity, 0x1c)				\
	 TYPE(__VA_ARGS__, pages_mod, 0x24)				\
	 TYPE(__VA_ARGS__, pages, 0x2c) TYPE(__VA_ARGS__, operands, 0x30)	\
	 TYPE(__VA_ARGS__, cursor, 0x48) TYPE(__VA_ARGS__, shared, 0x4c))
AGX4_FW_CHECK_FIELDS(struct g16_support, 0x100, G16_SUPPORT_FIELDS);
/* The compute support's identity and slot (the opening FList has 1). */
#define G16_SUPPORT_COMPUTE_ID	2
#define G16_SUPPORT_COMPUTE_SLOT 2

/*
 * The compute shared state: the number of compute work items published
 * (low 32 bits), which the firmware compares with what it consumed (M).
 */
struct g16_compute_state {
	__le32 published;
} __packed;
#define G16_COMPUTE_STATE_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, published, 0x0))
AGX4_FW_CHECK_FIELDS(struct g16_compute_state, 4, G16_COMPUTE_STATE_FIELDS);
/* What it holds at boot. */
#define G16_COMPUTE_STATE_BOOT	1

/*
 * A resume record, one of 96 in a page the firmware only reads.  GAP: who
 * reads them and why is not known; the reference writes the first word of
 * each and nothing else.
 */
struct g16_resume {
	__le64 gap_0;
	u8 __pad_8[0x38];
} __packed;
#define G16_RESUME_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, gap_0, 0x0))
AGX4_FW_CHECK_FIELDS(struct g16_resume, 0x40, G16_RESUME_FIELDS);
#define G16_RESUME_RECORDS	96
#define G16_RESUME_0		0x0000007000001822ull

/* A queue's item ring: this many u64 item pointers. */
#define G16_QUEUE_RING_ITEMS	0x500
/* A lane's firmware stamp word: its pointer block + 0x1040. */
#define G16_LANE_STAMP		0x1040
/* The dependency variant of &struct g16_barrier: a firmware graph item. */
#define G16_BARRIER_GRAPH	1
/* The private area after a queue record, zero when first used. */
#define G16_QUEUE_PRIVATE_SIZE	0x2410
/* GAP: a queue context's bytes, as the reference writes them (H). */
#define G16_QUEUE_CONTEXT_0	0xff
#define G16_QUEUE_CONTEXT_5	1
#define G16_QUEUE_CONTEXT_26	2
#define G16_QUEUE_CONTEXT_33	0xff

/* hwdata constants of G16. */
#define G16_HWDATA_CLOCKS_PER_MS	24000
/* binary32 1.02 */
#define G16_HWDATA_SCALE_B		0x3f828f5c
#define G16_HWDATA_REV_HI_SHIFT		4
#define G16_HWDATA_REV_LO_MASK		7
/* GAP: words of unknown meaning, as the reference writes them (H). */
#define G16_HWDATA_EB8			1
#define G16_HWDATA_EC8			1
#define G16_HWDATA_EE0			1
#define G16_HWDATA_258E			22
#define G16_HWDATA_2604			1

/*
 * Region C: the reference gives it a whole 16 KiB page (H); the members
 * are &struct agx4_fw_region_c's.  GAP: words of unknown meaning, as the
 * reference writes them (H).
 */
#define G16_REGION_C_SIZE	0x4000
#define G16_RC_24		4096
#define G16_RC_54		0xffff
#define G16_RC_56		40
#define G16_RC_58		0xffff
#define G16_RC_78		1
#define G16_RC_88		1000
#define G16_RC_98		1000
#define G16_RC_7EC		1
#define G16_RC_7F0		1
#define G16_RC_998		{ 32, 8, 256, 1 }
#define G16_RC_9C8		{ 64, 64, 2 }
#define G16_RC_E28		3
#define G16_RC_E2C		1

/*
 * The submission arenas (agx4_g16_*.c): the blocks the G16 backend lays
 * out in the firmware heap and in a VM, and the values every work of a
 * kind carries.
 */
/* The queue block: three lanes and what they share. */
#define G16_Q_SIZE		0x24000
#define G16_Q_LANE		0xc000
#define G16_Q_POINTERS		0x4000
#define G16_Q_RING		0x8000
#define G16_Q_JOB_LIST		0x4100
#define G16_Q_CONTEXT		0x4140
/* H: UUID = (record - heap base) >> 14, + 2. */
#define G16_Q_UUID_SHIFT	14
#define G16_Q_UUID_BIAS		2
#define G16_LANES		3

/* Event ids: lease k gives G16_EVENT_FIRST + 3k + stage (M). */
#define G16_EVENT_FIRST		32
#define G16_EVENT_LEASES	32

/* Room rules (H): both halves of a ring are never in use at once. */
#define G16_RING_HALF		(G16_QUEUE_RING_ITEMS / 2)
#define G16_CHAN_HALF		(AGX4_FW_RING_ENTRIES / 2)

/* A compute command's object: Work storage, then its scratch lease. */
#define G16_CW_SIZE		0x8000
#define G16_CW_MS		0x1000
#define G16_CW_NOTIFIER		0x1400
#define G16_CW_PROF		0x1700
#define G16_CW_USER_TS		0x17c0
#define G16_CW_THRESHOLD	0x1800
#define G16_CW_DEPS		0x1900
#define G16_CW_ENTRY		0x1a00
#define G16_CW_SAVE		0x2000
#define G16_CW_DRIVER_STAMP	0x4000
#define G16_CS_SIZE		0x24000
#define G16_CS_MARKER		0x20000
/* H: the GPU alias window of compute Work storage, one per heap byte. */
#define G16_COMPUTE_ALIAS	0x7100000000ull
#define G16_ALIAS_WINDOW	0x100000000ull

/*
 * A render command's Work storage (0x1c000): notifier and count array,
 * work items, preludes with the dependency items after them,
 * microsequences, the firmware's shared tails and the driver stamps.
 */
#define G16_RW_SIZE		0x1c000
#define G16_RW_PROF		0x100
/* The TA stage's start and end stamps there, then the 3D's. */
#define G16_RW_PROF_3D		(G16_RW_PROF + 0x10)
#define G16_RW_NOTIFIER		0x200
#define G16_RW_COUNT		0x300
#define G16_RW_TA		0x2940
#define G16_RW_TA_PRELUDE	0x4000
#define G16_RW_TA_MS		0x6340
#define G16_RW_3D		0x9b40
#define G16_RW_3D_PRELUDE	0xc000
#define G16_RW_3D_MS		0xd680
#define G16_RW_TA_TAIL		0x10000
#define G16_RW_3D_TAIL		0x14000
#define G16_RW_TA_DSTAMP	0x18000
#define G16_RW_3D_DSTAMP	0x18040
/* H: render Work is mapped for the GPU in this window (context 0, VM). */
#define G16_RENDER_ALIAS	0x7200000000ull
/*
 * The range of every VM that holds the compute namespace and both alias
 * windows, which the user must not bind (the fork's layout leaves it free).
 */
#define G16_VM_RESERVED		0x7000000000ull
#define G16_VM_RESERVED_SIZE	0x300000000ull

/*
 * A VM's render objects in its kernel carve-out (agx4's layout; the
 * firmware learns every address from host-written records): the operand
 * directory, table and 24 buffers of its render support, the TVB page
 * list, the pool-slot page, room for the pool's most blocks, then the
 * per-render scratch arena.  All of it stays inside the 4 GiB TA window.
 */
#define G16_VM_DIR		0x0
#define G16_VM_TABLE		0x20000
#define G16_VM_BUFS		0x40000
#define G16_VM_PAGES		0x3100000
#define G16_VM_SLOTS		0x3120000
#define G16_VM_BLOCKS		0x3128000
#define G16_VM_SCRATCH		0x6500000
/*
 * agx4's limit on a VM's scratch arena, which starts at the first leaf
 * table after G16_VM_SCRATCH: its page tables stay pinned while the VM
 * renders (16 tables, 256 KiB at most), so that a job can map its
 * scratch where it may not allocate.  The fork's 512 MiB carve-out
 * leaves 384 MiB.
 */
#define G16_VM_SCRATCH_MAX	SZ_512M
#define G16_RENDER_BUFFERS	24
#define G16_RENDER_DIR_SIZE	0x18000
#define G16_RENDER_DIR_ENTRIES	0x80000
#define G16_RENDER_TABLE_STRIDE	0x40
#define G16_RENDER_TABLE_TAG	BIT_ULL(61)
#define G16_RENDER_TABLE_QWORDS	(G16_RENDER_BUFFERS * G16_RENDER_TABLE_STRIDE / 8)
/* The support's shared-state word: render Works published (+2 each). */
#define G16_SUPPORT_SHARED	0x1000
#define G16_SUPPORT_SIZE	0x4000
/* Support lease n: identity and private-memory slot 3 + n (H). */
#define G16_SUPPORT_ID_BASE	3

/* The TVB pool object (firmware-private): its parts. */
#define G16_TVB_SIZE		0x24000
#define G16_TVB_SCENES		0x4000
#define G16_TVB_CONTROL		0x8000
#define G16_TVB_SCENE_LIST	0xc000
#define G16_TVB_COUNTER		0x10000
#define G16_TVB_BLOCK_LIST	0x14000
/* +0x20000: unused (the empty buffer is the device's). */
#define G16_TVB_PAGES_SIZE	0x1c000
#define G16_PB_DESC_SIZE	16

/*
 * The most blocks a pool holds (H: the reference's G16 maximum, 11 + 32
 * growths of 10), which the carve-out and the pool's lists have room
 * for; and the growths a pool records, 32 of the default 10 blocks.  A
 * pool grown in smaller steps (tvb_max_blocks raised between requests)
 * is refused growth once they are used.
 */
#define G16_TVB_MAX_BLOCKS	331
#define G16_TVB_MAX_GROWTHS	32

/* Scene slots a pool leases to renders in flight (H). */
#define G16_SCENE_RECORD	0x80
#define G16_RECORD_INDEX	0x80001
#define G16_RECORD_INDEX_STEP	4

/* Per-render scratch: pages after tilemap and TPC (H). */
#define G16_RS_DEFLAKE		0x4000
#define G16_RS_DEFLAKE_2	0x20
#define G16_RS_DEFLAKE_1	0x2a0
#define G16_RS_TA_STATUS	(0x8000 + 0x240)
#define G16_RS_3D_STATUS	(0xc000 + 0x2c0)
#define G16_RS_AUX_FB		0x10000
#define G16_RS_PAGES		5
#define G16_RS_LAYERED_META	0x100

/* Constants of every render (H: the reference's SUBMIT translation). */
#define G16_TA_UUID		0x900a6bb
#define G16_3D_UUID		0x900a6ba
#define G16_TA_LIFECYCLE	0x08009f520900a6bbull
#define G16_3D_LIFECYCLE	0x08009f520900a6baull
#define G16_TA_WORK_STAMP	0x120
#define G16_3D_WORK_STAMP	0x121
#define G16_TA_GATE		0xa900400020ull
#define G16_3D_GATE		0xd500400020ull
#define G16_COMPLETION		4
#define G16_AUX_FB_FLAGS	0xc000
#define G16_AUX_FB_PAGES	0x100000
#define G16_TA_STATS		0x2684
#define G16_3D_STATS		0x32c8

/* The device-control channel's cursors: idle when both equal the producer. */
#define G16_SGX_CTL_READ	0xd640c0
#define G16_SGX_CTL_DONE	0xd640c8
#define G16_SGX_CTL_PROD	0xd60060

/* Dependency items a command can need: one per subqueue. */
#define G16_MAX_DEPS		2
#define G16_DEP_SIZE		0x40

/* Doorbell engines: render (TA and 3D together) and compute (H). */
#define G16_ENGINE_RENDER	0
#define G16_ENGINE_COMPUTE	2

/* The head word of a channel message. */
#define G16_MSG_EVENT_SHIFT	16
#define G16_MSG_FIRST		BIT(24)

/*
 * The arenas above are agx4's layout of what the firmware learns from
 * host-written records; these checks keep every part inside its object
 * and clear of the next part.
 */
/* The queue block: a lane's record and private area, pointers and ring. */
static_assert(G16_LANES * G16_Q_LANE == G16_Q_SIZE);
static_assert(sizeof(struct g16_queue) + G16_QUEUE_PRIVATE_SIZE <=
	      G16_Q_POINTERS);
static_assert(G16_Q_POINTERS + sizeof(struct g16_pointers) <=
	      G16_Q_JOB_LIST);
static_assert(G16_Q_JOB_LIST + sizeof(struct agx4_fw_job_list) <=
	      G16_Q_CONTEXT);
static_assert(G16_Q_CONTEXT + sizeof(struct g16_queue_context) <=
	      G16_Q_POINTERS + G16_LANE_STAMP);
static_assert(G16_Q_POINTERS + G16_LANE_STAMP + sizeof(__le32) <=
	      G16_Q_RING);
static_assert(G16_Q_RING + G16_QUEUE_RING_ITEMS * sizeof(__le64) <=
	      G16_Q_LANE);
/* Compute Work storage, in the order of its parts. */
static_assert(sizeof(struct g16_compute_work) <= G16_CW_MS);
static_assert(G16_CW_MS + sizeof(struct g16_compute_ms) <= G16_CW_NOTIFIER);
static_assert(G16_CW_NOTIFIER + sizeof(struct g16_compute_notifier) <=
	      G16_CW_PROF);
static_assert(G16_CW_PROF + 2 * sizeof(__le64) <= G16_CW_USER_TS);
static_assert(G16_CW_USER_TS + sizeof(struct g16_ts_pair) <=
	      G16_CW_THRESHOLD);
static_assert(G16_CW_THRESHOLD + sizeof(__le32) <= G16_CW_DEPS);
static_assert(sizeof(struct g16_barrier) == G16_DEP_SIZE);
static_assert(G16_CW_DEPS + G16_MAX_DEPS * G16_DEP_SIZE <= G16_CW_ENTRY);
static_assert(G16_CW_ENTRY + sizeof(struct g16_cdm_entry) <= G16_CW_SAVE);
static_assert(G16_CW_SAVE < G16_CW_DRIVER_STAMP);
static_assert(G16_CW_DRIVER_STAMP + sizeof(__le32) <= G16_CW_SIZE);
static_assert(G16_CS_MARKER < G16_CS_SIZE);
/* Render Work storage: a prelude, then up to G16_MAX_DEPS items. */
static_assert(G16_RW_PROF + 4 * sizeof(__le64) <= G16_RW_NOTIFIER);
static_assert(G16_RW_NOTIFIER + sizeof(struct g16_event_control) <=
	      G16_RW_COUNT);
static_assert(G16_RW_COUNT + sizeof(__le32) <= G16_RW_TA);
static_assert(G16_RW_TA + sizeof(struct g16_ta_work) <= G16_RW_TA_PRELUDE);
static_assert(sizeof(struct g16_ta_prelude) <= G16_DEP_SIZE);
static_assert(G16_RW_TA_PRELUDE + (1 + G16_MAX_DEPS) * G16_DEP_SIZE <=
	      G16_RW_TA_MS);
static_assert(G16_RW_TA_MS + sizeof(struct g16_ta_ms) <= G16_RW_3D);
static_assert(G16_RW_3D + sizeof(struct g16_frag_work) <=
	      G16_RW_3D_PRELUDE);
static_assert(G16_RW_3D_PRELUDE + (1 + G16_MAX_DEPS) * G16_DEP_SIZE <=
	      G16_RW_3D_MS);
static_assert(G16_RW_3D_MS + sizeof(struct g16_frag_ms) <= G16_RW_TA_TAIL);
static_assert(G16_RW_TA_TAIL < G16_RW_3D_TAIL);
static_assert(G16_RW_3D_TAIL < G16_RW_TA_DSTAMP);
static_assert(G16_RW_TA_DSTAMP + sizeof(__le32) <= G16_RW_3D_DSTAMP);
static_assert(G16_RW_3D_DSTAMP + sizeof(__le32) <= G16_RW_SIZE);
/* The compute namespace and both alias windows, in that order. */
static_assert(G16_COMPUTE_DIRECTORY + G16_COMPUTE_DIRECTORY_SIZE <=
	      G16_COMPUTE_BUFFERS);
static_assert(G16_COMPUTE_BUFFERS + G16_COMPUTE_NUM_BUFFERS *
	      G16_OPERAND_BUFFER_STRIDE <= G16_COMPUTE_ALIAS);
static_assert(G16_VM_RESERVED <= G16_COMPUTE_DIRECTORY);
static_assert(G16_COMPUTE_ALIAS + G16_ALIAS_WINDOW <= G16_RENDER_ALIAS);
static_assert(G16_RENDER_ALIAS + G16_ALIAS_WINDOW <=
	      G16_VM_RESERVED + G16_VM_RESERVED_SIZE);
/* The kernel carve-out, inside the 4 GiB TA window. */
static_assert(G16_VM_DIR + G16_RENDER_DIR_SIZE <= G16_VM_TABLE);
static_assert(G16_VM_TABLE + G16_RENDER_TABLE_QWORDS * sizeof(__le64) <=
	      G16_VM_BUFS);
static_assert(G16_VM_BUFS + G16_RENDER_BUFFERS * G16_OPERAND_BUFFER_STRIDE <=
	      G16_VM_PAGES);
static_assert(G16_VM_PAGES + G16_TVB_PAGES_SIZE <= G16_VM_SLOTS);
static_assert(G16_VM_SLOTS < G16_VM_BLOCKS);
static_assert(G16_VM_BLOCKS + G16_TVB_MAX_BLOCKS * G16_TVB_BLOCK_STRIDE <=
	      G16_VM_SCRATCH);
static_assert(G16_VM_SCRATCH < SZ_4G);
/* The support lease page and the TVB pool object. */
static_assert(sizeof(struct g16_support) <= G16_SUPPORT_SHARED);
static_assert(G16_SUPPORT_SHARED + sizeof(__le32) <= G16_SUPPORT_SIZE);
static_assert(sizeof(struct g16_bm) <= G16_TVB_SCENES);
static_assert(G16_TVB_SCENES + G16_SCENE_SLOTS * G16_SCENE_RECORD <=
	      G16_TVB_CONTROL);
static_assert(G16_TVB_CONTROL + sizeof(struct g16_block_control) <=
	      G16_TVB_SCENE_LIST);
static_assert(G16_TVB_SCENE_LIST < G16_TVB_COUNTER);
static_assert(G16_TVB_COUNTER < G16_TVB_BLOCK_LIST);
static_assert(G16_TVB_BLOCK_LIST + G16_TVB_MAX_BLOCKS *
	      sizeof(struct g16_block_entry) <= G16_TVB_SIZE);
/* Per-render scratch after tilemap and TPC, in the order of its parts. */
static_assert(G16_RS_LAYERED_META < G16_RS_DEFLAKE);
static_assert(G16_RS_DEFLAKE + G16_RS_DEFLAKE_1 < G16_RS_TA_STATUS);
static_assert(G16_RS_TA_STATUS < G16_RS_3D_STATUS);
static_assert(G16_RS_3D_STATUS < G16_RS_AUX_FB);
/* A render's identities: each stage's UUID is its lifecycle's low word. */
static_assert((G16_TA_LIFECYCLE & 0xffffffff) == G16_TA_UUID);
static_assert((G16_3D_LIFECYCLE & 0xffffffff) == G16_3D_UUID);
/* The device-control channel's cursor words, as the channel table's. */
static_assert((G16_SGX_CTL_READ & 0xfff) == G16_CONTROL_CURSOR);
static_assert(G16_SGX_CTL_READ + G16_CURSOR_DONE == G16_SGX_CTL_DONE);
static_assert((G16_SGX_CTL_PROD & 0xfff) == G16_CONTROL_PRODUCER);
/* A message's head word: ring index, event id and first flag apart. */
static_assert(G16_QUEUE_RING_ITEMS <= (1 << G16_MSG_EVENT_SHIFT));
static_assert((G16_EVENT_FIRST + 3 * G16_EVENT_LEASES) <=
	      (G16_MSG_FIRST >> G16_MSG_EVENT_SHIFT));

#endif /* AGX4_FWIF_G16_H */
