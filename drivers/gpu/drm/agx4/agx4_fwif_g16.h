/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 (t8132, firmware mBoot-18000.161.10): the firmware objects, from
 * shared/spec/g16-g17p-reference.md 3.2-3.9.  Every offset of G16 is here
 * and nowhere else; the static_assert()s after each structure repeat the
 * specification's numbers so a wrong declaration does not build.
 */
#ifndef AGX4_FWIF_G16_H
#define AGX4_FWIF_G16_H

#include <linux/bits.h>

#include "agx4_fwif.h"

/**
 * struct g16_main_config - the main config (0x500 bytes, bundle+0x1da40)
 */
struct g16_main_config {
	/** @hwdata: hwdata (the bundle). */
	__le64 hwdata;
	/** @repeated: bundle+0xb980, twice. */
	__le64 repeated[2];
	/** @header: header pointer. */
	__le64 header;
	/** @channels: the channel table. */
	struct agx4_fw_channel channels[AGX4_FW_NUM_CHANNELS];
	/** @pad_240: unused. */
	u8 pad_240[0xc];
	/** @addresses: five bundle addresses (unaligned). */
	__le64 addresses[5];
	/** @pad_274: unused. */
	u8 pad_274[0x54];
	/** @regions: six region addresses. */
	__le64 regions[6];
	/** @four: 4. */
	__le32 four;
	/** @pad_2fc: unused. */
	u8 pad_2fc[0xdc];
	/** @ff: 0xff. */
	__le32 ff;
	/** @pad_3dc: unused. */
	u8 pad_3dc[0x8d];
	/** @unaligned: bundle+0x5380 (unaligned). */
	__le64 unaligned;
	/** @pad_471: unused. */
	u8 pad_471[0x4f];
	/** @control: slot 0 of the device-control ring. */
	u8 control[AGX4_FW_CTL_SIZE];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_main_config, 0x500);
AGX4_FW_CHECK(struct g16_main_config, repeated, 0x08);
AGX4_FW_CHECK(struct g16_main_config, header, 0x18);
AGX4_FW_CHECK(struct g16_main_config, channels, 0x20);
AGX4_FW_CHECK(struct g16_main_config, addresses, 0x24c);
AGX4_FW_CHECK(struct g16_main_config, regions, 0x2c8);
AGX4_FW_CHECK(struct g16_main_config, four, 0x2f8);
AGX4_FW_CHECK(struct g16_main_config, ff, 0x3d8);
AGX4_FW_CHECK(struct g16_main_config, unaligned, 0x469);
AGX4_FW_CHECK(struct g16_main_config, control, 0x4c0);

/* The main config's fixed contents (3.3), bundle-relative. */
#define G16_MC_REPEATED		0xb980
#define G16_MC_ADDRESSES	{ 0, 0x2680, 0x32c0, 0x4540, 0xb900 }
#define G16_MC_UNALIGNED	0x5380
#define G16_MC_FOUR		4
#define G16_MC_FF		0xff

/* Stamps (3.10): first + ordinal * step per lane (TA, 3D, compute). */
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

/**
 * struct g16_queue - a queue (workqueue) record (0xb0 bytes)
 */
struct g16_queue {
	/** @pointers: the pointer block. */
	__le64 pointers;
	/** @ring: the item ring. */
	__le64 ring;
	/** @job_list: the job list. */
	__le64 job_list;
	/** @private_area: queue + 0xb0 (0x2410 bytes zeroed on first use). */
	__le64 private_area;
	/** @pad_20: unused. */
	u8 pad_20[0xc];
	/** @all_ones: 0xffffffff. */
	__le32 all_ones;
	/** @priority: priority. */
	__le32 priority;
	/** @priority2: priority again. */
	__le32 priority2;
	/** @priority_mask: mask of the priority. */
	__le64 priority_mask;
	/** @first: first of the priority row. */
	__le32 first;
	/** @pad_44: unused. */
	u8 pad_44[4];
	/** @last: last of the priority row. */
	__le32 last;
	/** @all_ones2: 0xffffffff. */
	__le32 all_ones2;
	/** @uuid: the queue's UUID. */
	__le32 uuid;
	/** @pad_54: unused. */
	u8 pad_54[0x50];
	/** @context: context/control record (unaligned). */
	__le64 context;
	/** @pad_ac: unused. */
	u8 pad_ac[4];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_queue, 0xb0);
AGX4_FW_CHECK(struct g16_queue, ring, 0x08);
AGX4_FW_CHECK(struct g16_queue, job_list, 0x10);
AGX4_FW_CHECK(struct g16_queue, private_area, 0x18);
AGX4_FW_CHECK(struct g16_queue, all_ones, 0x2c);
AGX4_FW_CHECK(struct g16_queue, priority, 0x30);
AGX4_FW_CHECK(struct g16_queue, priority2, 0x34);
AGX4_FW_CHECK(struct g16_queue, priority_mask, 0x38);
AGX4_FW_CHECK(struct g16_queue, first, 0x40);
AGX4_FW_CHECK(struct g16_queue, last, 0x48);
AGX4_FW_CHECK(struct g16_queue, all_ones2, 0x4c);
AGX4_FW_CHECK(struct g16_queue, uuid, 0x50);
AGX4_FW_CHECK(struct g16_queue, context, 0xa4);

/**
 * struct g16_pointers - a queue's pointer block (0x60 bytes)
 */
struct g16_pointers {
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
	/** @capacity: ring capacity, 0x500. */
	__le32 capacity;
	/** @pad_54: unused. */
	u8 pad_54[0xc];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_pointers, 0x60);
AGX4_FW_CHECK(struct g16_pointers, read, 0x30);
AGX4_FW_CHECK(struct g16_pointers, write, 0x40);
AGX4_FW_CHECK(struct g16_pointers, capacity, 0x50);

/**
 * struct g16_work_msg - a work-channel (transport) message (0x18 bytes)
 */
struct g16_work_msg {
	/** @tag: publication sequence + 1. */
	__le64 tag;
	/** @queue: the queue record. */
	__le64 queue;
	/** @kind: 0 TA, 1 3D, 2 compute. */
	__le32 kind;
	/** @head: head | event << 16 | first << 24. */
	__le32 head;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_work_msg, G16_WORK_MSG_SIZE);
AGX4_FW_CHECK(struct g16_work_msg, queue, 0x08);
AGX4_FW_CHECK(struct g16_work_msg, kind, 0x10);
AGX4_FW_CHECK(struct g16_work_msg, head, 0x14);

/**
 * struct g16_ctl_register - device control 0x20, opening registration
 */
struct g16_ctl_register {
	/** @opcode: %AGX4_FW_CTL_REGISTER. */
	__le32 opcode;
	/** @one: 1. */
	__le32 one;
	/** @mask: 0x3f. */
	__le32 mask;
	/** @pad_c: unused. */
	u8 pad_c[8];
	/** @control_data: CONTROL_DATA (unaligned). */
	__le64 control_data;
	/** @operands: the operand table (unaligned). */
	__le64 operands;
	/** @operands2: the operand table again (unaligned). */
	__le64 operands2;
	/** @count: 160. */
	__le32 count;
	/** @pad_30: unused. */
	u8 pad_30[4];
	/** @one2: 1. */
	__le32 one2;
	/** @pad_38: unused. */
	u8 pad_38[8];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ctl_register, AGX4_FW_CTL_SIZE);
AGX4_FW_CHECK(struct g16_ctl_register, one, 0x04);
AGX4_FW_CHECK(struct g16_ctl_register, mask, 0x08);
AGX4_FW_CHECK(struct g16_ctl_register, control_data, 0x14);
AGX4_FW_CHECK(struct g16_ctl_register, operands, 0x1c);
AGX4_FW_CHECK(struct g16_ctl_register, operands2, 0x24);
AGX4_FW_CHECK(struct g16_ctl_register, count, 0x2c);
AGX4_FW_CHECK(struct g16_ctl_register, one2, 0x34);

/**
 * struct g16_ctl_grow_reply - device control 8, TVB growth reply
 */
struct g16_ctl_grow_reply {
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
	/** @subpipe: subpipe of the request. */
	__le32 subpipe;
	/** @halt_count: halt count of the request. */
	__le64 halt_count;
	/** @pad_20: unused. */
	u8 pad_20[0x20];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ctl_grow_reply, AGX4_FW_CTL_SIZE);
AGX4_FW_CHECK(struct g16_ctl_grow_reply, success, 0x04);
AGX4_FW_CHECK(struct g16_ctl_grow_reply, slot, 0x08);
AGX4_FW_CHECK(struct g16_ctl_grow_reply, context, 0x0c);
AGX4_FW_CHECK(struct g16_ctl_grow_reply, counter, 0x10);
AGX4_FW_CHECK(struct g16_ctl_grow_reply, subpipe, 0x14);
AGX4_FW_CHECK(struct g16_ctl_grow_reply, halt_count, 0x18);

/**
 * struct g16_ctl_limit_reply - device control 9, memory-limit reply
 */
struct g16_ctl_limit_reply {
	/** @opcode: %AGX4_FW_CTL_LIMIT_REPLY. */
	__le32 opcode;
	/** @one: 1. */
	__le32 one;
	/** @fragment_queue: the fragment queue. */
	__le64 fragment_queue;
	/** @fragment_stamp: its stamp. */
	__le32 fragment_stamp;
	/** @pad_14: unused. */
	u8 pad_14[0x2c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ctl_limit_reply, AGX4_FW_CTL_SIZE);
AGX4_FW_CHECK(struct g16_ctl_limit_reply, fragment_queue, 0x08);
AGX4_FW_CHECK(struct g16_ctl_limit_reply, fragment_stamp, 0x10);

/* Buffer-manager slots: 7 + the support lease, leases 0..56 (6.1, 3.16). */
#define G16_BM_SLOT_FIRST	7
#define G16_BM_SLOTS		57
/* The opening registration's mask (3.7). */
#define G16_CTL_REGISTER_MASK	0x3f
/* event 5: the low half of @what for a partial render. */
#define G16_PARTIAL_WHAT	4

/**
 * struct g16_ev_grow - event 6, TVB growth request
 */
struct g16_ev_grow {
	/** @kind: %AGX4_FW_EV_GROW. */
	__le32 kind;
	/** @context: context (VM) id. */
	__le32 context;
	/** @slot: pool slot. */
	__le32 slot;
	/** @counter: request counter. */
	__le32 counter;
	/** @subpipe: subpipe. */
	__le32 subpipe;
	/** @halt_count: halt count. */
	__le64 halt_count;
	/** @pad_1c: unused. */
	u8 pad_1c[0x2c];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ev_grow, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct g16_ev_grow, context, 0x04);
AGX4_FW_CHECK(struct g16_ev_grow, slot, 0x08);
AGX4_FW_CHECK(struct g16_ev_grow, counter, 0x0c);
AGX4_FW_CHECK(struct g16_ev_grow, subpipe, 0x10);
AGX4_FW_CHECK(struct g16_ev_grow, halt_count, 0x14);

/**
 * struct g16_ev_limit - event 7, memory limit reached
 */
struct g16_ev_limit {
	/** @kind: %AGX4_FW_EV_LIMIT. */
	__le32 kind;
	/** @zero: 0. */
	__le32 zero;
	/** @one: 1. */
	__le32 one;
	/** @fragment_event: the fragment event. */
	__le32 fragment_event;
	/** @fragment_stamp: the fragment stamp. */
	__le32 fragment_stamp;
	/** @pad_14: unused. */
	u8 pad_14[0x34];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ev_limit, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct g16_ev_limit, one, 0x08);
AGX4_FW_CHECK(struct g16_ev_limit, fragment_event, 0x0c);
AGX4_FW_CHECK(struct g16_ev_limit, fragment_stamp, 0x10);

/**
 * struct g16_ev_partial - event 5 (trace channel), partial render start
 */
struct g16_ev_partial {
	/** @kind: %AGX4_FW_EV_PARTIAL. */
	__le32 kind;
	/** @pad_4: unused. */
	u8 pad_4[0x10];
	/** @active: non-zero for a partial render. */
	__le32 active;
	/** @pad_18: unused. */
	u8 pad_18[0xc];
	/** @queue: the queue (unaligned). */
	__le64 queue;
	/** @what: low 16 bits 4 for a partial render. */
	__le32 what;
	/** @zero: 0. */
	__le32 zero;
	/** @pad_34: unused. */
	u8 pad_34[0x14];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ev_partial, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct g16_ev_partial, active, 0x14);
AGX4_FW_CHECK(struct g16_ev_partial, queue, 0x24);
AGX4_FW_CHECK(struct g16_ev_partial, what, 0x2c);
AGX4_FW_CHECK(struct g16_ev_partial, zero, 0x30);

/*
 * Work items, microsequences and queue items (g16-g17p-reference.md
 * 3.9-3.13).  Members named fw_<offset> are firmware state inside an
 * object that a microsequence points at; agx4 only passes their
 * addresses.
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
#define G16_FRAG_ONE_HI		0x100000000ull
#define G16_COMPUTE_CDM_CTRL	0x54024201
#define G16_COMPUTE_CONST_874	0x21b00
#define G16_COMPUTE_CONST_87C	0x11700
/* A page the firmware takes tagged: 1 << 56 | address >> 8. */
#define G16_PAGE_TAG		BIT_ULL(56)
#define G16_PAGE_TAG_SHIFT	8

/**
 * struct g16_work_tail - what a TA and a 3D work item both end with
 *
 * At TA +0x878 and 3D +0xbc0 (3.11): the same members at the same
 * distances.  Members named fw_<offset> are firmware state the
 * microsequence points at.
 */
struct g16_work_tail {
	/** @driver_stamp: driver stamp. */
	__le64 driver_stamp;
	/** @fw_stamp: firmware stamp. */
	__le64 fw_stamp;
	/** @stamp: stamp value. */
	__le32 stamp;
	/** @event: event id. */
	__le32 event;
	/** @pad_18: unused. */
	u8 pad_18[0x8];
	/** @uuid: UUID. */
	__le32 uuid;
	/** @pad_24: unused. */
	u8 pad_24[0x4];
	/** @layers_m1: layers - 1. */
	__le64 layers_m1;
	/** @fw_30: firmware state. */
	u8 fw_30[0x18];
	/** @prof_base: base of the profiling slots (microsequence only). */
	__le64 prof_base;
	/** @prof_start: private profiling start slot. */
	__le64 prof_start;
	/** @prof_end: private profiling end slot. */
	__le64 prof_end;
	/** @ts_start: user timestamp start (aperture address). */
	__le64 ts_start;
	/** @ts_end: user timestamp end. */
	__le64 ts_end;
	/** @pad_70: unused. */
	u8 pad_70[0x17];
	/** @support: tagged support page, 1 << 56 | support >> 8 (unaligned). */
	__le64 support;
	/** @pad_8f: unused. */
	u8 pad_8f[0x1];
	/** @layer_flags: TA 0xdaa0, 3D 0x113a0, | 1 << 62 when layered. */
	__le64 layer_flags;
	/** @shared_tail: tagged shared tail page. */
	__le64 shared_tail;
	/** @fw_a0: firmware state. */
	u8 fw_a0[0x10];
	/** @fw_b0: firmware state. */
	u8 fw_b0[0x10];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_work_tail, 0xc0);
AGX4_FW_CHECK(struct g16_work_tail, fw_stamp, 0x08);
AGX4_FW_CHECK(struct g16_work_tail, stamp, 0x10);
AGX4_FW_CHECK(struct g16_work_tail, event, 0x14);
AGX4_FW_CHECK(struct g16_work_tail, uuid, 0x20);
AGX4_FW_CHECK(struct g16_work_tail, layers_m1, 0x28);
AGX4_FW_CHECK(struct g16_work_tail, fw_30, 0x30);
AGX4_FW_CHECK(struct g16_work_tail, prof_base, 0x48);
AGX4_FW_CHECK(struct g16_work_tail, prof_start, 0x50);
AGX4_FW_CHECK(struct g16_work_tail, prof_end, 0x58);
AGX4_FW_CHECK(struct g16_work_tail, ts_start, 0x60);
AGX4_FW_CHECK(struct g16_work_tail, ts_end, 0x68);
AGX4_FW_CHECK(struct g16_work_tail, support, 0x87);
AGX4_FW_CHECK(struct g16_work_tail, layer_flags, 0x90);
AGX4_FW_CHECK(struct g16_work_tail, shared_tail, 0x98);
AGX4_FW_CHECK(struct g16_work_tail, fw_a0, 0xa0);
AGX4_FW_CHECK(struct g16_work_tail, fw_b0, 0xb0);

/**
 * struct g16_ta_work - TA (tiling) work item (0x940 bytes)
 *
 * Members named fw_<offset> are firmware state inside the item that
 * the microsequence points at; agx4 only passes their addresses.
 */
struct g16_ta_work {
	/** @type: 0 (TA). */
	__le32 type;
	/** @counter: queue ordinal * 2 + 1 (unaligned). */
	__le64 counter;
	/** @context: context id (ASID slot). */
	__le32 context;
	/** @event_control: event control record. */
	__le64 event_control;
	/** @bm_slot: buffer-manager slot. */
	__le64 bm_slot;
	/** @bm: buffer manager. */
	__le64 bm;
	/** @scene: scene record. */
	__le64 scene;
	/** @empty_buffer: empty buffer. */
	__le64 empty_buffer;
	/** @pad_38: unused. */
	u8 pad_38[0x8];
	/** @regs: the register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	/** @pad_640: unused. */
	u8 pad_640[0x100];
	/** @regs_alias: GPU address of @regs. */
	__le64 regs_alias;
	/** @reg_count: %G16_TA_REG_COUNT. */
	__le16 reg_count;
	/** @reg_bytes: %G16_TA_REG_COUNT * 12. */
	__le16 reg_bytes;
	/** @pad_74c: unused. */
	u8 pad_74c[0x14];
	/** @tpc: TPC base. */
	__le64 tpc;
	/** @tpc_size: (size3 << 6) * layers. */
	__le64 tpc_size;
	/** @microseq: the microsequence. */
	__le64 microseq;
	/** @microseq_size: its size. */
	__le32 microseq_size;
	/** @fragment_event: event of the matching 3D work (partial renders find it by this). */
	__le32 fragment_event;
	/** @fragment_stamp: its stamp value. */
	__le32 fragment_stamp;
	/** @fw_784: firmware state the microsequence points at. */
	u8 fw_784[0x24];
	/** @deflake_1: deflake buffer 1, as a context offset. */
	__le64 deflake_1;
	/** @pad_7b0: unused. */
	u8 pad_7b0[0x8c];
	/** @fw_83c: firmware state the microsequence points at. */
	u8 fw_83c[4];
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
	/** @fw_85c: firmware state the microsequence points at. */
	u8 fw_85c[8];
	/** @request_growth: request TVB growth. */
	u8 request_growth;
	/** @pad_865: unused. */
	u8 pad_865[0x13];
	/** @tail: the stamps, profiling and pages every render stage has. */
	struct g16_work_tail tail;
	/** @pad_938: unused. */
	u8 pad_938[0x8];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ta_work, 0x940);
AGX4_FW_CHECK(struct g16_ta_work, counter, 0x04);
AGX4_FW_CHECK(struct g16_ta_work, context, 0x0c);
AGX4_FW_CHECK(struct g16_ta_work, event_control, 0x10);
AGX4_FW_CHECK(struct g16_ta_work, bm_slot, 0x18);
AGX4_FW_CHECK(struct g16_ta_work, bm, 0x20);
AGX4_FW_CHECK(struct g16_ta_work, scene, 0x28);
AGX4_FW_CHECK(struct g16_ta_work, empty_buffer, 0x30);
AGX4_FW_CHECK(struct g16_ta_work, regs, 0x40);
AGX4_FW_CHECK(struct g16_ta_work, regs_alias, 0x740);
AGX4_FW_CHECK(struct g16_ta_work, reg_count, 0x748);
AGX4_FW_CHECK(struct g16_ta_work, reg_bytes, 0x74a);
AGX4_FW_CHECK(struct g16_ta_work, tpc, 0x760);
AGX4_FW_CHECK(struct g16_ta_work, tpc_size, 0x768);
AGX4_FW_CHECK(struct g16_ta_work, microseq, 0x770);
AGX4_FW_CHECK(struct g16_ta_work, microseq_size, 0x778);
AGX4_FW_CHECK(struct g16_ta_work, fragment_event, 0x77c);
AGX4_FW_CHECK(struct g16_ta_work, fragment_stamp, 0x780);
AGX4_FW_CHECK(struct g16_ta_work, fw_784, 0x784);
AGX4_FW_CHECK(struct g16_ta_work, deflake_1, 0x7a8);
AGX4_FW_CHECK(struct g16_ta_work, fw_83c, 0x83c);
AGX4_FW_CHECK(struct g16_ta_work, lifecycle_hi, 0x840);
AGX4_FW_CHECK(struct g16_ta_work, all_ones, 0x848);
AGX4_FW_CHECK(struct g16_ta_work, sampler_heap, 0x84c);
AGX4_FW_CHECK(struct g16_ta_work, sampler_count, 0x854);
AGX4_FW_CHECK(struct g16_ta_work, sampler_max, 0x858);
AGX4_FW_CHECK(struct g16_ta_work, fw_85c, 0x85c);
AGX4_FW_CHECK(struct g16_ta_work, request_growth, 0x864);
AGX4_FW_CHECK(struct g16_ta_work, tail, 0x878);

/**
 * struct g16_frag_work - 3D (fragment) work item (0xcc0 bytes)
 */
struct g16_frag_work {
	/** @type: 1 (3D). */
	__le32 type;
	/** @counter: queue ordinal * 2 (unaligned). */
	__le64 counter;
	/** @context: context id. */
	__le32 context;
	/** @zero: 0. */
	__le32 zero;
	/** @microseq: the microsequence (unaligned). */
	__le64 microseq;
	/** @microseq_size: its size. */
	__le32 microseq_size;
	/** @event_control: event control record. */
	__le64 event_control;
	/** @bm: buffer manager. */
	__le64 bm;
	/** @scene: scene record. */
	__le64 scene;
	/** @empty_buffer: empty buffer. */
	__le64 empty_buffer;
	/** @tilemap: tilemap. */
	__le64 tilemap;
	/** @msaa: PPP multisample control. */
	__le64 msaa;
	/** @samples: samples. */
	__le32 samples;
	/** @macro_size: macrotile size. */
	__le32 macro_size;
	/** @pad_58: unused. */
	u8 pad_58[0x10];
	/** @merge_x: ISP merge upper X (float bits). */
	__le32 merge_x;
	/** @merge_y: ISP merge upper Y. */
	__le32 merge_y;
	/** @pad_70: unused. */
	u8 pad_70[0x8];
	/** @tiles: tiles_x * tiles_y. */
	__le64 tiles;
	/** @regs: the register program. */
	struct agx4_fw_reg regs[AGX4_FW_MAX_REGS];
	/** @consts: four constants, %G16_FRAG_CONSTS. */
	__le64 consts[4];
	/** @pad_6a0: unused. */
	u8 pad_6a0[0xe0];
	/** @regs_alias: GPU address of @regs. */
	__le64 regs_alias;
	/** @reg_count: %G16_FRAG_REG_COUNT. */
	__le16 reg_count;
	/** @reg_bytes: %G16_FRAG_REG_COUNT * 12. */
	__le16 reg_bytes;
	/** @pad_78c: unused. */
	u8 pad_78c[0x14];
	/** @dbias: depth-bias array. */
	__le64 dbias;
	/** @pad_7a8: unused. */
	u8 pad_7a8[0x8];
	/** @scissor: scissor array. */
	__le64 scissor;
	/** @pad_7b8: unused. */
	u8 pad_7b8[0x8];
	/** @oclqry: occlusion query base. */
	__le64 oclqry;
	/** @pad_7c8: unused. */
	u8 pad_7c8[0x130];
	/** @load_bind: background program resources. */
	__le64 load_bind;
	/** @load: background program. */
	__le64 load;
	/** @pad_908: unused. */
	u8 pad_908[0x20];
	/** @partial_load_bind: partial-render background resources. */
	__le64 partial_load_bind;
	/** @partial_load: partial-render background program. */
	__le64 partial_load;
	/** @zls_ctrl: ZLS control. */
	__le64 zls_ctrl;
	/** @zls_const: 0x04040404. */
	__le32 zls_const;
	/** @pad_944: unused. */
	u8 pad_944[0x4];
	/** @depth: depth: buffer, stride, comp stride, buffer, buffer, comp buffer. */
	__le64 depth[6];
	/** @stencil: stencil, likewise. */
	__le64 stencil[6];
	/** @pad_9a8: unused. */
	u8 pad_9a8[0x10];
	/** @tib: tile-buffer encoding. */
	__le32 tib;
	/** @pad_9bc: unused. */
	u8 pad_9bc[0x4];
	/** @aux_fb_flags: aux framebuffer flags. */
	__le64 aux_fb_flags;
	/** @dims: height << 32 | width. */
	__le64 dims;
	/** @aux_fb_pages: aux framebuffer pages. */
	__le64 aux_fb_pages;
	/** @tile_config: tile config. */
	__le64 tile_config;
	/** @pad_9e0: unused. */
	u8 pad_9e0[0x14];
	/** @store_bind: end-of-tile program resources. */
	__le32 store_bind;
	/** @pad_9f8: unused. */
	u8 pad_9f8[0x4];
	/** @store: end-of-tile program (unaligned). */
	__le64 store;
	/** @pad_a04: unused. */
	u8 pad_a04[0x10];
	/** @partial_store_bind: partial-render end-of-tile resources. */
	__le32 partial_store_bind;
	/** @pad_a18: unused. */
	u8 pad_a18[0x4];
	/** @partial_store: partial-render end-of-tile program (unaligned). */
	__le64 partial_store;
	/** @pad_a24: unused. */
	u8 pad_a24[0x4];
	/** @depth_clear: depth clear value bits. */
	__le32 depth_clear;
	/** @stencil_clear: stencil clear value | 0x300. */
	__le32 stencil_clear;
	/** @sample_size: tile-buffer bytes per sample. */
	__le64 sample_size;
	/** @pad_a38: unused. */
	u8 pad_a38[0x18];
	/** @zls_pixels: ISP ZLS pixels. */
	__le64 zls_pixels;
	/** @fw_a58: firmware state the microsequence points at. */
	u8 fw_a58[8];
	/** @pad_a60: unused. */
	u8 pad_a60[0x110];
	/** @fw_b70: firmware state the microsequence points at. */
	u8 fw_b70[8];
	/** @pad_b78: unused. */
	u8 pad_b78[0x8];
	/** @sync_grow: fragment sync grow. */
	__le32 sync_grow;
	/** @fw_b84: firmware state the microsequence points at. */
	u8 fw_b84[4];
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
	__le32 empty_tiles;
	/** @one: 1. */
	__le32 one;
	/** @msaa_on: samples > 1. */
	__le32 msaa_on;
	/** @fw_bb0: firmware state the microsequence points at. */
	u8 fw_bb0[4];
	/** @fw_bb4: firmware state the microsequence points at. */
	u8 fw_bb4[4];
	/** @pad_bb8: unused. */
	u8 pad_bb8[0x8];
	/** @tail: as the TA work item's. */
	struct g16_work_tail tail;
	/** @one_hi: 0x1_0000_0000. */
	__le64 one_hi;
	/** @pad_c88: unused. */
	u8 pad_c88[0x38];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_frag_work, 0xcc0);
AGX4_FW_CHECK(struct g16_frag_work, counter, 0x04);
AGX4_FW_CHECK(struct g16_frag_work, context, 0x0c);
AGX4_FW_CHECK(struct g16_frag_work, zero, 0x10);
AGX4_FW_CHECK(struct g16_frag_work, microseq, 0x14);
AGX4_FW_CHECK(struct g16_frag_work, microseq_size, 0x1c);
AGX4_FW_CHECK(struct g16_frag_work, event_control, 0x20);
AGX4_FW_CHECK(struct g16_frag_work, bm, 0x28);
AGX4_FW_CHECK(struct g16_frag_work, scene, 0x30);
AGX4_FW_CHECK(struct g16_frag_work, empty_buffer, 0x38);
AGX4_FW_CHECK(struct g16_frag_work, tilemap, 0x40);
AGX4_FW_CHECK(struct g16_frag_work, msaa, 0x48);
AGX4_FW_CHECK(struct g16_frag_work, samples, 0x50);
AGX4_FW_CHECK(struct g16_frag_work, macro_size, 0x54);
AGX4_FW_CHECK(struct g16_frag_work, merge_x, 0x68);
AGX4_FW_CHECK(struct g16_frag_work, merge_y, 0x6c);
AGX4_FW_CHECK(struct g16_frag_work, tiles, 0x78);
AGX4_FW_CHECK(struct g16_frag_work, regs, 0x80);
AGX4_FW_CHECK(struct g16_frag_work, consts, 0x680);
AGX4_FW_CHECK(struct g16_frag_work, regs_alias, 0x780);
AGX4_FW_CHECK(struct g16_frag_work, reg_count, 0x788);
AGX4_FW_CHECK(struct g16_frag_work, reg_bytes, 0x78a);
AGX4_FW_CHECK(struct g16_frag_work, dbias, 0x7a0);
AGX4_FW_CHECK(struct g16_frag_work, scissor, 0x7b0);
AGX4_FW_CHECK(struct g16_frag_work, oclqry, 0x7c0);
AGX4_FW_CHECK(struct g16_frag_work, load_bind, 0x8f8);
AGX4_FW_CHECK(struct g16_frag_work, load, 0x900);
AGX4_FW_CHECK(struct g16_frag_work, partial_load_bind, 0x928);
AGX4_FW_CHECK(struct g16_frag_work, partial_load, 0x930);
AGX4_FW_CHECK(struct g16_frag_work, zls_ctrl, 0x938);
AGX4_FW_CHECK(struct g16_frag_work, zls_const, 0x940);
AGX4_FW_CHECK(struct g16_frag_work, depth, 0x948);
AGX4_FW_CHECK(struct g16_frag_work, stencil, 0x978);
AGX4_FW_CHECK(struct g16_frag_work, tib, 0x9b8);
AGX4_FW_CHECK(struct g16_frag_work, aux_fb_flags, 0x9c0);
AGX4_FW_CHECK(struct g16_frag_work, dims, 0x9c8);
AGX4_FW_CHECK(struct g16_frag_work, aux_fb_pages, 0x9d0);
AGX4_FW_CHECK(struct g16_frag_work, tile_config, 0x9d8);
AGX4_FW_CHECK(struct g16_frag_work, store_bind, 0x9f4);
AGX4_FW_CHECK(struct g16_frag_work, store, 0x9fc);
AGX4_FW_CHECK(struct g16_frag_work, partial_store_bind, 0xa14);
AGX4_FW_CHECK(struct g16_frag_work, partial_store, 0xa1c);
AGX4_FW_CHECK(struct g16_frag_work, depth_clear, 0xa28);
AGX4_FW_CHECK(struct g16_frag_work, stencil_clear, 0xa2c);
AGX4_FW_CHECK(struct g16_frag_work, sample_size, 0xa30);
AGX4_FW_CHECK(struct g16_frag_work, zls_pixels, 0xa50);
AGX4_FW_CHECK(struct g16_frag_work, fw_a58, 0xa58);
AGX4_FW_CHECK(struct g16_frag_work, fw_b70, 0xb70);
AGX4_FW_CHECK(struct g16_frag_work, sync_grow, 0xb80);
AGX4_FW_CHECK(struct g16_frag_work, fw_b84, 0xb84);
AGX4_FW_CHECK(struct g16_frag_work, lifecycle_hi, 0xb88);
AGX4_FW_CHECK(struct g16_frag_work, all_ones, 0xb90);
AGX4_FW_CHECK(struct g16_frag_work, sampler_heap, 0xb94);
AGX4_FW_CHECK(struct g16_frag_work, sampler_count, 0xb9c);
AGX4_FW_CHECK(struct g16_frag_work, sampler_max, 0xba0);
AGX4_FW_CHECK(struct g16_frag_work, empty_tiles, 0xba4);
AGX4_FW_CHECK(struct g16_frag_work, one, 0xba8);
AGX4_FW_CHECK(struct g16_frag_work, msaa_on, 0xbac);
AGX4_FW_CHECK(struct g16_frag_work, fw_bb0, 0xbb0);
AGX4_FW_CHECK(struct g16_frag_work, fw_bb4, 0xbb4);
AGX4_FW_CHECK(struct g16_frag_work, tail, 0xbc0);
AGX4_FW_CHECK(struct g16_frag_work, one_hi, 0xc80);

/**
 * struct g16_compute_work - compute work item (0x8c0 bytes)
 */
struct g16_compute_work {
	/** @type: 3 (compute). */
	__le32 type;
	/** @counter: publication counter (unaligned). */
	__le64 counter;
	/** @context: context id. */
	__le32 context;
	/** @notifier: the compute notifier. */
	__le64 notifier;
	/** @pad_18: unused. */
	u8 pad_18[0x8];
	/** @regs: the register program. */
	struct agx4_fw_reg regs[G16_COMPUTE_REGS];
	/** @pad_140: unused. */
	u8 pad_140[0x5e0];
	/** @regs_alias: GPU address of @regs. */
	__le64 regs_alias;
	/** @reg_header: count | bytes << 16 as the reference writes it: 24 | 288 << 16. */
	__le32 reg_header;
	/** @pad_72c: unused. */
	u8 pad_72c[0x34];
	/** @microseq: the microsequence. */
	__le64 microseq;
	/** @microseq_size: its size. */
	__le32 microseq_size;
	/** @fw_76c: firmware state the microsequence points at. */
	u8 fw_76c[8];
	/** @pad_774: unused. */
	u8 pad_774[0x24];
	/** @resource: preemption/save area. */
	__le64 resource;
	/** @cdm_last: CDM stream end - 4. */
	__le64 cdm_last;
	/** @pad_7a8: unused. */
	u8 pad_7a8[0x20];
	/** @cdm_ctrl: 0x54024201. */
	__le32 cdm_ctrl;
	/** @one: 1. */
	__le32 one;
	/** @pad_7d0: unused. */
	u8 pad_7d0[0xc];
	/** @fw_7dc: firmware state the microsequence points at. */
	u8 fw_7dc[4];
	/** @identity_hi: identity >> 32. */
	__le32 identity_hi;
	/** @pad_7e4: unused. */
	u8 pad_7e4[0x4];
	/** @sampler_heap: sampler heap, 0xffffffff if none. */
	__le64 sampler_heap;
	/** @sampler_count: samplers. */
	__le32 sampler_count;
	/** @sampler_max: samplers + 1, 0 if none. */
	__le32 sampler_max;
	/** @pad_7f8: unused. */
	u8 pad_7f8[0x8];
	/** @driver_stamp: driver stamp. */
	__le64 driver_stamp;
	/** @fw_stamp: firmware stamp. */
	__le64 fw_stamp;
	/** @stamp: stamp value. */
	__le32 stamp;
	/** @event: event id. */
	__le32 event;
	/** @pad_818: unused. */
	u8 pad_818[0x8];
	/** @identity: identity, low word. */
	__le32 identity;
	/** @pad_824: unused. */
	u8 pad_824[0x4];
	/** @ordinal: ordinal. */
	__le32 ordinal;
	/** @prof_base: base of the profiling slots (microsequence only). */
	__le64 prof_base;
	/** @prof_start: private profiling start slot (unaligned). */
	__le64 prof_start;
	/** @prof_end: private profiling end slot (unaligned). */
	__le64 prof_end;
	/** @pad_844: unused. */
	u8 pad_844[0x26];
	/** @support: support object (unaligned). */
	__le64 support;
	/** @support_on: 1. */
	u8 support_on;
	/** @pad_873: unused. */
	u8 pad_873[0x1];
	/** @const_874: 0x21b00. */
	__le32 const_874;
	/** @pad_878: unused. */
	u8 pad_878[0x4];
	/** @const_87c: 0x11700. */
	__le32 const_87c;
	/** @pad_880: unused. */
	u8 pad_880[0xb];
	/** @one_88b: 1. */
	u8 one_88b;
	/** @fw_88c: firmware state the microsequence points at. */
	u8 fw_88c[0x10];
	/** @fw_89c: firmware state the microsequence points at. */
	u8 fw_89c[0x10];
	/** @fw_8ac: firmware state the microsequence points at. */
	u8 fw_8ac[0x10];
	/** @pad_8bc: unused. */
	u8 pad_8bc[0x4];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_compute_work, 0x8c0);
AGX4_FW_CHECK(struct g16_compute_work, counter, 0x04);
AGX4_FW_CHECK(struct g16_compute_work, context, 0x0c);
AGX4_FW_CHECK(struct g16_compute_work, notifier, 0x10);
AGX4_FW_CHECK(struct g16_compute_work, regs, 0x20);
AGX4_FW_CHECK(struct g16_compute_work, regs_alias, 0x720);
AGX4_FW_CHECK(struct g16_compute_work, reg_header, 0x728);
AGX4_FW_CHECK(struct g16_compute_work, microseq, 0x760);
AGX4_FW_CHECK(struct g16_compute_work, microseq_size, 0x768);
AGX4_FW_CHECK(struct g16_compute_work, fw_76c, 0x76c);
AGX4_FW_CHECK(struct g16_compute_work, resource, 0x798);
AGX4_FW_CHECK(struct g16_compute_work, cdm_last, 0x7a0);
AGX4_FW_CHECK(struct g16_compute_work, cdm_ctrl, 0x7c8);
AGX4_FW_CHECK(struct g16_compute_work, one, 0x7cc);
AGX4_FW_CHECK(struct g16_compute_work, fw_7dc, 0x7dc);
AGX4_FW_CHECK(struct g16_compute_work, identity_hi, 0x7e0);
AGX4_FW_CHECK(struct g16_compute_work, sampler_heap, 0x7e8);
AGX4_FW_CHECK(struct g16_compute_work, sampler_count, 0x7f0);
AGX4_FW_CHECK(struct g16_compute_work, sampler_max, 0x7f4);
AGX4_FW_CHECK(struct g16_compute_work, driver_stamp, 0x800);
AGX4_FW_CHECK(struct g16_compute_work, fw_stamp, 0x808);
AGX4_FW_CHECK(struct g16_compute_work, stamp, 0x810);
AGX4_FW_CHECK(struct g16_compute_work, event, 0x814);
AGX4_FW_CHECK(struct g16_compute_work, identity, 0x820);
AGX4_FW_CHECK(struct g16_compute_work, ordinal, 0x828);
AGX4_FW_CHECK(struct g16_compute_work, prof_base, 0x82c);
AGX4_FW_CHECK(struct g16_compute_work, prof_start, 0x834);
AGX4_FW_CHECK(struct g16_compute_work, prof_end, 0x83c);
AGX4_FW_CHECK(struct g16_compute_work, support, 0x86a);
AGX4_FW_CHECK(struct g16_compute_work, support_on, 0x872);
AGX4_FW_CHECK(struct g16_compute_work, const_874, 0x874);
AGX4_FW_CHECK(struct g16_compute_work, const_87c, 0x87c);
AGX4_FW_CHECK(struct g16_compute_work, one_88b, 0x88b);
AGX4_FW_CHECK(struct g16_compute_work, fw_88c, 0x88c);
AGX4_FW_CHECK(struct g16_compute_work, fw_89c, 0x89c);
AGX4_FW_CHECK(struct g16_compute_work, fw_8ac, 0x8ac);

/**
 * struct g16_ms_timestamp - microsequence command: take a timestamp
 */
struct g16_ms_timestamp {
	/** @opcode: %G16_MS_TS_START or %G16_MS_TS_END. */
	__le32 opcode;
	/** @base: the work item's profiling slots. */
	__le64 base;
	/** @start: its start slot. */
	__le64 start;
	/** @slot: the slot this command writes. */
	__le64 slot;
	/** @queue: the queue record. */
	__le64 queue;
	/** @user: the work item's user timestamp pair, 0 if none. */
	__le64 user;
	/** @state: firmware state in the work item. */
	__le64 state;
	/** @state2: firmware state in the work item. */
	__le64 state2;
	/** @pad_3c: unused. */
	u8 pad_3c[0x8];
	/** @uuid: UUID. */
	__le32 uuid;
	/** @pad_48: unused. */
	u8 pad_48[0x4];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_timestamp, 0x4c);
AGX4_FW_CHECK(struct g16_ms_timestamp, base, 0x04);
AGX4_FW_CHECK(struct g16_ms_timestamp, start, 0x0c);
AGX4_FW_CHECK(struct g16_ms_timestamp, slot, 0x14);
AGX4_FW_CHECK(struct g16_ms_timestamp, queue, 0x1c);
AGX4_FW_CHECK(struct g16_ms_timestamp, user, 0x24);
AGX4_FW_CHECK(struct g16_ms_timestamp, state, 0x2c);
AGX4_FW_CHECK(struct g16_ms_timestamp, state2, 0x34);
AGX4_FW_CHECK(struct g16_ms_timestamp, uuid, 0x44);

/**
 * struct g16_ms_start_ta - microsequence command: start TA
 */
struct g16_ms_start_ta {
	/** @opcode: %G16_MS_START_TA. */
	__le32 opcode;
	/** @pad_4: unused. */
	u8 pad_4[0x10];
	/** @regs: the work item's register program. */
	__le64 regs;
	/** @bm: buffer manager. */
	__le64 bm;
	/** @scene: scene record. */
	__le64 scene;
	/** @stats: stage statistics. */
	__le64 stats;
	/** @queue: the queue record. */
	__le64 queue;
	/** @state: work item state (&g16_ta_work.fw_85c). */
	__le64 state;
	/** @context: context id. */
	__le32 context;
	/** @counter: the work item's counter. */
	__le32 counter;
	/** @pad_4c: unused. */
	u8 pad_4c[0x4];
	/** @bm_slot: buffer-manager slot. */
	__le64 bm_slot;
	/** @pad_58: unused. */
	u8 pad_58[0xc];
	/** @state2: work item state (&g16_ta_work.fw_784). */
	__le64 state2;
	/** @state3: work item state (&g16_ta_work.fw_8a8). */
	__le64 state3;
	/** @pad_74: unused. */
	u8 pad_74[0x8];
	/** @uuid: UUID. */
	__le32 uuid;
	/** @pad_80: unused. */
	u8 pad_80[0x110];
	/** @support: support object; the trailer jumps here. */
	__le64 support;
	/** @pad_198: unused. */
	u8 pad_198[0x10];
	/** @status: TA status page. */
	__le64 status;
	/** @pad_1b0: unused. */
	u8 pad_1b0[0x8];
	/** @one: 1. */
	__le64 one;
	/** @event: event id. */
	__le32 event;
	/** @pad_1c4: unused. */
	u8 pad_1c4[0x8];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_start_ta, 0x1cc);
AGX4_FW_CHECK(struct g16_ms_start_ta, regs, 0x14);
AGX4_FW_CHECK(struct g16_ms_start_ta, bm, 0x1c);
AGX4_FW_CHECK(struct g16_ms_start_ta, scene, 0x24);
AGX4_FW_CHECK(struct g16_ms_start_ta, stats, 0x2c);
AGX4_FW_CHECK(struct g16_ms_start_ta, queue, 0x34);
AGX4_FW_CHECK(struct g16_ms_start_ta, state, 0x3c);
AGX4_FW_CHECK(struct g16_ms_start_ta, context, 0x44);
AGX4_FW_CHECK(struct g16_ms_start_ta, counter, 0x48);
AGX4_FW_CHECK(struct g16_ms_start_ta, bm_slot, 0x50);
AGX4_FW_CHECK(struct g16_ms_start_ta, state2, 0x64);
AGX4_FW_CHECK(struct g16_ms_start_ta, state3, 0x6c);
AGX4_FW_CHECK(struct g16_ms_start_ta, uuid, 0x7c);
AGX4_FW_CHECK(struct g16_ms_start_ta, support, 0x190);
AGX4_FW_CHECK(struct g16_ms_start_ta, status, 0x1a8);
AGX4_FW_CHECK(struct g16_ms_start_ta, one, 0x1b8);
AGX4_FW_CHECK(struct g16_ms_start_ta, event, 0x1c0);

/**
 * struct g16_ms_end_ta - microsequence command: end TA
 */
struct g16_ms_end_ta {
	/** @opcode: %G16_MS_END_TA. */
	__le32 opcode;
	/** @scene: scene record. */
	__le64 scene;
	/** @bm: buffer manager. */
	__le64 bm;
	/** @stats: stage statistics. */
	__le64 stats;
	/** @queue: the queue record. */
	__le64 queue;
	/** @state: as &g16_ms_start_ta.state. */
	__le64 state;
	/** @context: context id. */
	__le32 context;
	/** @pad_30: unused. */
	u8 pad_30[0x4];
	/** @state2: as &g16_ms_start_ta.state2. */
	__le64 state2;
	/** @pad_3c: unused. */
	u8 pad_3c[0x4];
	/** @uuid: UUID. */
	__le32 uuid;
	/** @pad_44: unused. */
	u8 pad_44[0x4];
	/** @fw_stamp: firmware stamp. */
	__le64 fw_stamp;
	/** @stamp: stamp value. */
	__le32 stamp;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_end_ta, 0x54);
AGX4_FW_CHECK(struct g16_ms_end_ta, scene, 0x04);
AGX4_FW_CHECK(struct g16_ms_end_ta, bm, 0x0c);
AGX4_FW_CHECK(struct g16_ms_end_ta, stats, 0x14);
AGX4_FW_CHECK(struct g16_ms_end_ta, queue, 0x1c);
AGX4_FW_CHECK(struct g16_ms_end_ta, state, 0x24);
AGX4_FW_CHECK(struct g16_ms_end_ta, context, 0x2c);
AGX4_FW_CHECK(struct g16_ms_end_ta, state2, 0x34);
AGX4_FW_CHECK(struct g16_ms_end_ta, uuid, 0x40);
AGX4_FW_CHECK(struct g16_ms_end_ta, fw_stamp, 0x48);
AGX4_FW_CHECK(struct g16_ms_end_ta, stamp, 0x50);

/**
 * struct g16_ms_trailer_ta - microsequence trailer of TA
 */
struct g16_ms_trailer_ta {
	/** @jump: where the firmware resumes (&g16_ms_start_ta.support). */
	__le64 jump;
	/** @rel: minus the offset of the end command. */
	__le32 rel;
	/** @pad_c: unused. */
	u8 pad_c[0x1];
	/** @state: work item state (unaligned). */
	__le64 state;
	/** @flags: %G16_MS_TA_TRAILER_FLAGS (unaligned). */
	__le32 flags;
	/** @pad_19: unused. */
	u8 pad_19[0x3];
	/** @finish: %G16_MS_FINISH. */
	__le32 finish;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_trailer_ta, 0x20);
AGX4_FW_CHECK(struct g16_ms_trailer_ta, rel, 0x08);
AGX4_FW_CHECK(struct g16_ms_trailer_ta, state, 0x0d);
AGX4_FW_CHECK(struct g16_ms_trailer_ta, flags, 0x15);
AGX4_FW_CHECK(struct g16_ms_trailer_ta, finish, 0x1c);

/**
 * struct g16_ta_ms - the TA microsequence (0x300 bytes)
 */
struct g16_ta_ms {
	/** @start: start TA. */
	struct g16_ms_start_ta start;
	/** @ts_start: start timestamp. */
	struct g16_ms_timestamp ts_start;
	/** @ts_one: 1. */
	__le32 ts_one;
	/** @ts_end: end timestamp. */
	struct g16_ms_timestamp ts_end;
	/** @end: end TA. */
	struct g16_ms_end_ta end;
	/** @pad_2bc: unused. */
	u8 pad_2bc[0x24];
	/** @trailer: the trailer. */
	struct g16_ms_trailer_ta trailer;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ta_ms, 0x300);
AGX4_FW_CHECK(struct g16_ta_ms, ts_start, 0x1cc);
AGX4_FW_CHECK(struct g16_ta_ms, ts_one, 0x218);
AGX4_FW_CHECK(struct g16_ta_ms, ts_end, 0x21c);
AGX4_FW_CHECK(struct g16_ta_ms, end, 0x268);
AGX4_FW_CHECK(struct g16_ta_ms, trailer, 0x2e0);

/**
 * struct g16_ms_start_3d - microsequence command: start 3D
 */
struct g16_ms_start_3d {
	/** @opcode: %G16_MS_START_3D. */
	__le32 opcode;
	/** @pad_4: unused. */
	u8 pad_4[0x10];
	/** @regs: the work item's register program. */
	__le64 regs;
	/** @scene: scene record. */
	__le64 scene;
	/** @stats: stage statistics. */
	__le64 stats;
	/** @state: work item state (&g16_frag_work.fw_b70). */
	__le64 state;
	/** @scene_state: scene record + %G16_SCENE_FRAG_STATE. */
	__le64 scene_state;
	/** @state2: work item state (&g16_frag_work.fw_bb0). */
	__le64 state2;
	/** @state3: work item state (&g16_frag_work.fw_bb4). */
	__le64 state3;
	/** @queue: the queue record. */
	__le64 queue;
	/** @work: the work item. */
	__le64 work;
	/** @context: context id. */
	__le32 context;
	/** @ta_counter: the TA work item's counter. */
	__le32 ta_counter;
	/** @pad_64: unused. */
	u8 pad_64[0x4];
	/** @bm_slot: buffer-manager slot. */
	__le64 bm_slot;
	/** @pad_70: unused. */
	u8 pad_70[0xc];
	/** @state4: work item state (&g16_frag_work.fw_a58). */
	__le64 state4;
	/** @state5: work item state (&g16_frag_work.fw_bf0). */
	__le64 state5;
	/** @pad_8c: unused. */
	u8 pad_8c[0x14];
	/** @uuid: UUID. */
	__le32 uuid;
	/** @pad_a4: unused. */
	u8 pad_a4[0x10c];
	/** @support: support object; the trailer jumps here. */
	__le64 support;
	/** @pad_1b8: unused. */
	u8 pad_1b8[0x10];
	/** @status: 3D status page. */
	__le64 status;
	/** @pad_1d0: unused. */
	u8 pad_1d0[0x10];
	/** @event: event id. */
	__le32 event;
	/** @one: 1. */
	__le32 one;
	/** @pad_1e8: unused. */
	u8 pad_1e8[0x4];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_start_3d, 0x1ec);
AGX4_FW_CHECK(struct g16_ms_start_3d, regs, 0x14);
AGX4_FW_CHECK(struct g16_ms_start_3d, scene, 0x1c);
AGX4_FW_CHECK(struct g16_ms_start_3d, stats, 0x24);
AGX4_FW_CHECK(struct g16_ms_start_3d, state, 0x2c);
AGX4_FW_CHECK(struct g16_ms_start_3d, scene_state, 0x34);
AGX4_FW_CHECK(struct g16_ms_start_3d, state2, 0x3c);
AGX4_FW_CHECK(struct g16_ms_start_3d, state3, 0x44);
AGX4_FW_CHECK(struct g16_ms_start_3d, queue, 0x4c);
AGX4_FW_CHECK(struct g16_ms_start_3d, work, 0x54);
AGX4_FW_CHECK(struct g16_ms_start_3d, context, 0x5c);
AGX4_FW_CHECK(struct g16_ms_start_3d, ta_counter, 0x60);
AGX4_FW_CHECK(struct g16_ms_start_3d, bm_slot, 0x68);
AGX4_FW_CHECK(struct g16_ms_start_3d, state4, 0x7c);
AGX4_FW_CHECK(struct g16_ms_start_3d, state5, 0x84);
AGX4_FW_CHECK(struct g16_ms_start_3d, uuid, 0xa0);
AGX4_FW_CHECK(struct g16_ms_start_3d, support, 0x1b0);
AGX4_FW_CHECK(struct g16_ms_start_3d, status, 0x1c8);
AGX4_FW_CHECK(struct g16_ms_start_3d, event, 0x1e0);
AGX4_FW_CHECK(struct g16_ms_start_3d, one, 0x1e4);

/**
 * struct g16_ms_end_3d - microsequence command: end 3D
 */
struct g16_ms_end_3d {
	/** @opcode: %G16_MS_END_3D. */
	__le32 opcode;
	/** @uuid: UUID. */
	__le32 uuid;
	/** @pad_8: unused. */
	u8 pad_8[0x4];
	/** @fw_stamp: firmware stamp. */
	__le64 fw_stamp;
	/** @stamp: stamp value. */
	__le32 stamp;
	/** @pad_18: unused. */
	u8 pad_18[0x4];
	/** @scene: scene record. */
	__le64 scene;
	/** @bm: buffer manager. */
	__le64 bm;
	/** @one: 1. */
	__le32 one;
	/** @stats: stage statistics. */
	__le64 stats;
	/** @state2: as &g16_ms_start_3d.state2. */
	__le64 state2;
	/** @state3: as &g16_ms_start_3d.state3. */
	__le64 state3;
	/** @state: as &g16_ms_start_3d.state. */
	__le64 state;
	/** @queue: the queue record. */
	__le64 queue;
	/** @work: the work item. */
	__le64 work;
	/** @context: context id. */
	__le32 context;
	/** @state4: as &g16_ms_start_3d.state4. */
	__le64 state4;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_end_3d, 0x6c);
AGX4_FW_CHECK(struct g16_ms_end_3d, uuid, 0x04);
AGX4_FW_CHECK(struct g16_ms_end_3d, fw_stamp, 0x0c);
AGX4_FW_CHECK(struct g16_ms_end_3d, stamp, 0x14);
AGX4_FW_CHECK(struct g16_ms_end_3d, scene, 0x1c);
AGX4_FW_CHECK(struct g16_ms_end_3d, bm, 0x24);
AGX4_FW_CHECK(struct g16_ms_end_3d, one, 0x2c);
AGX4_FW_CHECK(struct g16_ms_end_3d, stats, 0x30);
AGX4_FW_CHECK(struct g16_ms_end_3d, state2, 0x38);
AGX4_FW_CHECK(struct g16_ms_end_3d, state3, 0x40);
AGX4_FW_CHECK(struct g16_ms_end_3d, state, 0x48);
AGX4_FW_CHECK(struct g16_ms_end_3d, queue, 0x50);
AGX4_FW_CHECK(struct g16_ms_end_3d, work, 0x58);
AGX4_FW_CHECK(struct g16_ms_end_3d, context, 0x60);
AGX4_FW_CHECK(struct g16_ms_end_3d, state4, 0x64);

/**
 * struct g16_ms_trailer_3d - microsequence trailer of 3D
 */
struct g16_ms_trailer_3d {
	/** @jump: where the firmware resumes (&g16_ms_start_3d.support). */
	__le64 jump;
	/** @rel: minus the offset of the end command. */
	__le32 rel;
	/** @pad_c: unused. */
	u8 pad_c[0x1];
	/** @state: work item state (unaligned). */
	__le64 state;
	/** @flags: %G16_MS_3D_TRAILER_FLAGS (unaligned). */
	__le64 flags;
	/** @pad_1d: unused. */
	u8 pad_1d[0x7];
	/** @finish: %G16_MS_FINISH. */
	__le32 finish;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_trailer_3d, 0x28);
AGX4_FW_CHECK(struct g16_ms_trailer_3d, rel, 0x08);
AGX4_FW_CHECK(struct g16_ms_trailer_3d, state, 0x0d);
AGX4_FW_CHECK(struct g16_ms_trailer_3d, flags, 0x15);
AGX4_FW_CHECK(struct g16_ms_trailer_3d, finish, 0x24);

/**
 * struct g16_frag_ms - the 3D microsequence (0x380 bytes)
 */
struct g16_frag_ms {
	/** @start: start 3D. */
	struct g16_ms_start_3d start;
	/** @ts_start: start timestamp. */
	struct g16_ms_timestamp ts_start;
	/** @ts_one: 1. */
	__le32 ts_one;
	/** @ts_end: end timestamp. */
	struct g16_ms_timestamp ts_end;
	/** @end: end 3D. */
	struct g16_ms_end_3d end;
	/** @pad_2f4: unused. */
	u8 pad_2f4[0x2c];
	/** @trailer: the trailer. */
	struct g16_ms_trailer_3d trailer;
	/** @pad_348: unused. */
	u8 pad_348[0x38];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_frag_ms, 0x380);
AGX4_FW_CHECK(struct g16_frag_ms, ts_start, 0x1ec);
AGX4_FW_CHECK(struct g16_frag_ms, ts_one, 0x238);
AGX4_FW_CHECK(struct g16_frag_ms, ts_end, 0x23c);
AGX4_FW_CHECK(struct g16_frag_ms, end, 0x288);
AGX4_FW_CHECK(struct g16_frag_ms, trailer, 0x320);

/**
 * struct g16_ms_start_compute - microsequence command: start compute
 */
struct g16_ms_start_compute {
	/** @opcode: %G16_MS_START_COMPUTE. */
	__le32 opcode;
	/** @pad_4: unused. */
	u8 pad_4[0x10];
	/** @regs: the work item's register program. */
	__le64 regs;
	/** @stats: stage statistics. */
	__le64 stats;
	/** @queue: the queue record. */
	__le64 queue;
	/** @context: context id. */
	__le32 context;
	/** @one: 1. */
	__le32 one;
	/** @event_generation: notifier event generation. */
	__le32 event_generation;
	/** @pad_38: unused. */
	u8 pad_38[0xc];
	/** @state: work item state (&g16_compute_work.fw_76c). */
	__le64 state;
	/** @pad_4c: unused. */
	u8 pad_4c[0x4];
	/** @identity: identity, low word. */
	__le32 identity;
	/** @pad_54: unused. */
	u8 pad_54[0x10c];
	/** @support: support object; the trailer jumps here. */
	__le64 support;
	/** @pad_168: unused. */
	u8 pad_168[0x10];
	/** @marker: compute marker page. */
	__le64 marker;
	/** @pad_180: unused. */
	u8 pad_180[0x8];
	/** @scratch: compute scratch at %G16_COMPUTE_SCRATCH_OFFSETS. */
	__le64 scratch[4];
	/** @state2: work item state (&g16_compute_work.fw_8ac). */
	__le64 state2;
	/** @counter: the work item's counter. */
	__le32 counter;
	/** @pad_1b4: unused. */
	u8 pad_1b4[0x4];
	/** @event: event id. */
	__le32 event;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_start_compute, 0x1bc);
AGX4_FW_CHECK(struct g16_ms_start_compute, regs, 0x14);
AGX4_FW_CHECK(struct g16_ms_start_compute, stats, 0x1c);
AGX4_FW_CHECK(struct g16_ms_start_compute, queue, 0x24);
AGX4_FW_CHECK(struct g16_ms_start_compute, context, 0x2c);
AGX4_FW_CHECK(struct g16_ms_start_compute, one, 0x30);
AGX4_FW_CHECK(struct g16_ms_start_compute, event_generation, 0x34);
AGX4_FW_CHECK(struct g16_ms_start_compute, state, 0x44);
AGX4_FW_CHECK(struct g16_ms_start_compute, identity, 0x50);
AGX4_FW_CHECK(struct g16_ms_start_compute, support, 0x160);
AGX4_FW_CHECK(struct g16_ms_start_compute, marker, 0x178);
AGX4_FW_CHECK(struct g16_ms_start_compute, scratch, 0x188);
AGX4_FW_CHECK(struct g16_ms_start_compute, state2, 0x1a8);
AGX4_FW_CHECK(struct g16_ms_start_compute, counter, 0x1b0);
AGX4_FW_CHECK(struct g16_ms_start_compute, event, 0x1b8);

/**
 * struct g16_ms_end_compute - microsequence command: end compute
 */
struct g16_ms_end_compute {
	/** @opcode: %G16_MS_END_COMPUTE. */
	__le32 opcode;
	/** @stats: stage statistics. */
	__le64 stats;
	/** @queue: the queue record. */
	__le64 queue;
	/** @context: context id. */
	__le32 context;
	/** @state: as &g16_ms_start_compute.state. */
	__le64 state;
	/** @pad_20: unused. */
	u8 pad_20[0x4];
	/** @identity: identity, low word. */
	__le32 identity;
	/** @pad_28: unused. */
	u8 pad_28[0x4];
	/** @fw_stamp: firmware stamp. */
	__le64 fw_stamp;
	/** @stamp: stamp value. */
	__le32 stamp;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_end_compute, 0x38);
AGX4_FW_CHECK(struct g16_ms_end_compute, stats, 0x04);
AGX4_FW_CHECK(struct g16_ms_end_compute, queue, 0x0c);
AGX4_FW_CHECK(struct g16_ms_end_compute, context, 0x14);
AGX4_FW_CHECK(struct g16_ms_end_compute, state, 0x18);
AGX4_FW_CHECK(struct g16_ms_end_compute, identity, 0x24);
AGX4_FW_CHECK(struct g16_ms_end_compute, fw_stamp, 0x2c);
AGX4_FW_CHECK(struct g16_ms_end_compute, stamp, 0x34);

/**
 * struct g16_ms_trailer_compute - microsequence trailer of compute
 */
struct g16_ms_trailer_compute {
	/** @jump: where the firmware resumes (&g16_ms_start_compute.support). */
	__le64 jump;
	/** @rel: minus the offset of the end command. */
	__le32 rel;
	/** @pad_c: unused. */
	u8 pad_c[0x1];
	/** @state: work item state (&g16_compute_work.fw_8ac; unaligned). */
	__le64 state;
	/** @state2: work item state (&g16_compute_work.fw_88c; unaligned). */
	__le64 state2;
	/** @pad_1d: unused. */
	u8 pad_1d[0x3];
	/** @finish: %G16_MS_FINISH. */
	__le32 finish;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ms_trailer_compute, 0x24);
AGX4_FW_CHECK(struct g16_ms_trailer_compute, rel, 0x08);
AGX4_FW_CHECK(struct g16_ms_trailer_compute, state, 0x0d);
AGX4_FW_CHECK(struct g16_ms_trailer_compute, state2, 0x15);
AGX4_FW_CHECK(struct g16_ms_trailer_compute, finish, 0x20);

/**
 * struct g16_compute_ms - the compute microsequence (0x300 bytes)
 */
struct g16_compute_ms {
	/** @start: start compute. */
	struct g16_ms_start_compute start;
	/** @ts_start: start timestamp. */
	struct g16_ms_timestamp ts_start;
	/** @ts_one: 1. */
	__le32 ts_one;
	/** @ts_end: end timestamp. */
	struct g16_ms_timestamp ts_end;
	/** @end: end compute. */
	struct g16_ms_end_compute end;
	/** @pad_290: unused. */
	u8 pad_290[0x24];
	/** @trailer: the trailer. */
	struct g16_ms_trailer_compute trailer;
	/** @pad_2d8: unused. */
	u8 pad_2d8[0x28];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_compute_ms, 0x300);
AGX4_FW_CHECK(struct g16_compute_ms, ts_start, 0x1bc);
AGX4_FW_CHECK(struct g16_compute_ms, ts_one, 0x208);
AGX4_FW_CHECK(struct g16_compute_ms, ts_end, 0x20c);
AGX4_FW_CHECK(struct g16_compute_ms, end, 0x258);
AGX4_FW_CHECK(struct g16_compute_ms, trailer, 0x2b4);

/**
 * struct g16_ta_prelude - queue item: TVB init before a pool's first TA
 */
struct g16_ta_prelude {
	/** @type: %G16_ITEM_TA_PRELUDE. */
	__le32 type;
	/** @context: context id. */
	__le32 context;
	/** @bm_slot: buffer-manager slot. */
	__le32 bm_slot;
	/** @pad_c: unused. */
	u8 pad_c[0x4];
	/** @blocks: initial TVB blocks. */
	__le32 blocks;
	/** @bm: buffer manager (unaligned). */
	__le64 bm;
	/** @stamp: the TA stamp value. */
	__le32 stamp;
	/** @pad_20: unused. */
	u8 pad_20[0x20];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ta_prelude, 0x40);
AGX4_FW_CHECK(struct g16_ta_prelude, context, 0x04);
AGX4_FW_CHECK(struct g16_ta_prelude, bm_slot, 0x08);
AGX4_FW_CHECK(struct g16_ta_prelude, blocks, 0x10);
AGX4_FW_CHECK(struct g16_ta_prelude, bm, 0x14);
AGX4_FW_CHECK(struct g16_ta_prelude, stamp, 0x1c);

/**
 * struct g16_barrier - queue item: wait for a stamp
 */
struct g16_barrier {
	/** @type: %G16_ITEM_BARRIER. */
	__le32 type;
	/** @stamp: the stamp waited for (unaligned). */
	__le64 stamp;
	/** @stamp2: the same stamp again (unaligned). */
	__le64 stamp2;
	/** @value: the value waited for. */
	__le32 value;
	/** @pad_18: unused. */
	u8 pad_18[0x8];
	/** @event: the event of the work waited for. */
	__le32 event;
	/** @own_stamp: the stamp of the work that waits. */
	__le32 own_stamp;
	/** @uuid: UUID of the work that waits. */
	__le32 uuid;
	/** @pad_2c: unused. */
	u8 pad_2c[0x4];
	/** @graph: 1: a dependency in the firmware graph; 0: the 3D prelude waiting for its TA. */
	__le32 graph;
	/** @pad_34: unused. */
	u8 pad_34[0xc];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_barrier, 0x40);
AGX4_FW_CHECK(struct g16_barrier, stamp, 0x04);
AGX4_FW_CHECK(struct g16_barrier, stamp2, 0x0c);
AGX4_FW_CHECK(struct g16_barrier, value, 0x14);
AGX4_FW_CHECK(struct g16_barrier, event, 0x20);
AGX4_FW_CHECK(struct g16_barrier, own_stamp, 0x24);
AGX4_FW_CHECK(struct g16_barrier, uuid, 0x28);
AGX4_FW_CHECK(struct g16_barrier, graph, 0x30);

/**
 * struct g16_barrier_boot - queue item: the bootstrap barrier
 */
struct g16_barrier_boot {
	/** @type: %G16_ITEM_BARRIER. */
	__le32 type;
	/** @stamp: the stamp waited for (unaligned). */
	__le64 stamp;
	/** @value: the value waited for. */
	__le32 value;
	/** @event: the event of the work waited for. */
	__le32 event;
	/** @own_stamp: the stamp of the work that waits. */
	__le32 own_stamp;
	/** @uuid: UUID of the work that waits. */
	__le32 uuid;
	/** @pad_1c: unused. */
	u8 pad_1c[0x24];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_barrier_boot, 0x40);
AGX4_FW_CHECK(struct g16_barrier_boot, stamp, 0x04);
AGX4_FW_CHECK(struct g16_barrier_boot, value, 0x0c);
AGX4_FW_CHECK(struct g16_barrier_boot, event, 0x10);
AGX4_FW_CHECK(struct g16_barrier_boot, own_stamp, 0x14);
AGX4_FW_CHECK(struct g16_barrier_boot, uuid, 0x18);

/**
 * struct g16_cdm_entry - the compute entry trampoline (12 bytes)
 *
 * Where a compute program starts: a full cache flush and barrier, then a
 * jump to the user's CDM stream.  The reference found the weaker barrier
 * 0x60000168 loses SSBO writes between work items.
 */
struct g16_cdm_entry {
	/** @barrier: %G16_CDM_BARRIER. */
	__le32 barrier;
	/** @jump_hi: %G16_CDM_JUMP | the stream's address >> 32. */
	__le32 jump_hi;
	/** @jump_lo: the stream's address, low word. */
	__le32 jump_lo;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_cdm_entry, 12);
AGX4_FW_CHECK(struct g16_cdm_entry, jump_hi, 0x04);
AGX4_FW_CHECK(struct g16_cdm_entry, jump_lo, 0x08);
#define G16_CDM_BARRIER		0x600fffff
#define G16_CDM_JUMP		0x20000000

/**
 * struct g16_ts_pair - a compute job's user timestamp destinations
 *
 * The timestamp commands of the compute microsequence point at it.
 */
struct g16_ts_pair {
	/** @start: start destination (aperture address), 0 for none. */
	__le64 start;
	/** @end: end destination. */
	__le64 end;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_ts_pair, 0x10);
AGX4_FW_CHECK(struct g16_ts_pair, end, 0x08);

/*
 * The TVB pool of a VM (g16-g17p-reference.md 6.1): a buffer manager, its
 * block control, block and page lists, a page of scene records and a
 * parameter-buffer descriptor slot.
 */
#define G16_BM_CONST_28		0x258000
#define G16_BM_CONST_2C		0x10
#define G16_BM_PAGE_LIST_SIZE	0x1c000
#define G16_BM_CONST_34		0x2c
#define G16_BM_MAX_BLOCKS	0x19b3
#define G16_BM_CONST_54		0x2b
#define G16_BM_CONST_7C		0x66cc
#define G16_BM_CONST_80		0x2244
#define G16_BM_CONST_84		0x248000
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
#define G16_SCENE_ONE_HI	0x100000000ull
#define G16_EVENT_CONTROL	0x50
/* The PB descriptor holds the page list's GPU address >> 4, 8-aligned. */
#define G16_PB_SHIFT		4
#define G16_PB_MASK		0xfffffff8

/**
 * struct g16_bm - the TVB buffer manager (6.1)
 *
 * Known up to +0x88; the reference gives it a page.
 */
struct g16_bm {
	/** @pad_0: unused. */
	u8 pad_0[0xc];
	/** @slot: the buffer-manager slot. */
	__le32 slot;
	/** @pad_10: unused. */
	u8 pad_10[0x10];
	/** @page_list: the page list (unaligned). */
	__le64 page_list;
	/** @const_28: %G16_BM_CONST_28. */
	__le32 const_28;
	/** @const_2c: %G16_BM_CONST_2C. */
	__le32 const_2c;
	/** @page_list_size: %G16_BM_PAGE_LIST_SIZE. */
	__le32 page_list_size;
	/** @const_34: %G16_BM_CONST_34. */
	__le32 const_34;
	/** @max_blocks: %G16_BM_MAX_BLOCKS. */
	__le32 max_blocks;
	/** @blocks: current blocks (the firmware keeps it up to date). */
	__le32 blocks;
	/** @pad_40: unused. */
	u8 pad_40[0x4];
	/** @block_list: the block list (unaligned). */
	__le64 block_list;
	/** @block_control: the block control (unaligned). */
	__le64 block_control;
	/** @const_54: %G16_BM_CONST_54. */
	__le32 const_54;
	/** @block_size: bytes a block, %G16_TVB_BLOCK_SIZE. */
	__le32 block_size;
	/** @pad_5c: unused. */
	u8 pad_5c[0x8];
	/** @counter: the growth counter (unaligned). */
	__le64 counter;
	/** @pad_6c: unused. */
	u8 pad_6c[0x10];
	/** @const_7c: %G16_BM_CONST_7C. */
	__le32 const_7c;
	/** @const_80: %G16_BM_CONST_80. */
	__le32 const_80;
	/** @const_84: %G16_BM_CONST_84. */
	__le32 const_84;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_bm, 0x88);
AGX4_FW_CHECK(struct g16_bm, slot, 0x0c);
AGX4_FW_CHECK(struct g16_bm, page_list, 0x20);
AGX4_FW_CHECK(struct g16_bm, const_28, 0x28);
AGX4_FW_CHECK(struct g16_bm, const_2c, 0x2c);
AGX4_FW_CHECK(struct g16_bm, page_list_size, 0x30);
AGX4_FW_CHECK(struct g16_bm, const_34, 0x34);
AGX4_FW_CHECK(struct g16_bm, max_blocks, 0x38);
AGX4_FW_CHECK(struct g16_bm, blocks, 0x3c);
AGX4_FW_CHECK(struct g16_bm, block_list, 0x44);
AGX4_FW_CHECK(struct g16_bm, block_control, 0x4c);
AGX4_FW_CHECK(struct g16_bm, const_54, 0x54);
AGX4_FW_CHECK(struct g16_bm, block_size, 0x58);
AGX4_FW_CHECK(struct g16_bm, counter, 0x64);
AGX4_FW_CHECK(struct g16_bm, const_7c, 0x7c);
AGX4_FW_CHECK(struct g16_bm, const_80, 0x80);
AGX4_FW_CHECK(struct g16_bm, const_84, 0x84);

/**
 * struct g16_block_control - TVB block control (6.1)
 *
 * Scene records point at +0x40 of it.
 */
struct g16_block_control {
	/** @blocks: blocks the pool has. */
	__le32 blocks;
	/** @blocks2: the same again. */
	__le32 blocks2;
	/** @pad_8: unused. */
	u8 pad_8[0x58];
	/** @one: 1. */
	__le32 one;
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_block_control, 0x64);
AGX4_FW_CHECK(struct g16_block_control, blocks2, 0x04);
AGX4_FW_CHECK(struct g16_block_control, one, 0x60);

/**
 * struct g16_scene - a scene record ("buffer thing", 6.1)
 */
struct g16_scene {
	/** @pool_slot: the pool-slot word of this record. */
	__le64 pool_slot;
	/** @scene_list: the scene-list word of this record. */
	__le64 scene_list;
	/** @pad_10: unused. */
	u8 pad_10[0x18];
	/** @scratch: %G16_SCENE_SCRATCH + (record mod 36) * 0x30. */
	__le64 scratch;
	/** @pad_30: unused. */
	u8 pad_30[0x10];
	/** @block_control: the block control + %G16_BLOCK_CONTROL_SCENE. */
	__le64 block_control;
	/** @one_hi: 0x1_0000_0000. */
	__le64 one_hi;
	/** @pad_50: unused. */
	u8 pad_50[0x30];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_scene, 0x80);
AGX4_FW_CHECK(struct g16_scene, scene_list, 0x08);
AGX4_FW_CHECK(struct g16_scene, scratch, 0x28);
AGX4_FW_CHECK(struct g16_scene, block_control, 0x40);
AGX4_FW_CHECK(struct g16_scene, one_hi, 0x48);

/**
 * struct g16_pb_desc - a parameter-buffer descriptor slot (6.1)
 */
struct g16_pb_desc {
	/** @page_list: (page list GPU address >> 4) & 0xfffffff8, in 32 bits. */
	__le32 page_list;
	/** @pages: pages in the list. */
	__le32 pages;
	/** @pad_8: unused. */
	u8 pad_8[0x8];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_pb_desc, 0x10);
AGX4_FW_CHECK(struct g16_pb_desc, pages, 0x04);

/**
 * struct g16_block_entry - a block-list entry (6.1)
 */
struct g16_block_entry {
	/** @id: the block id, (GPU address - 0x10_0000_0000) / 0x8000. */
	__le32 id;
	/** @pad_4: unused. */
	u8 pad_4[0x4];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_block_entry, 0x8);

/**
 * struct g16_event_control - an event-control record (6.1)
 */
struct g16_event_control {
	/** @count: this record's word of the event count array. */
	__le64 count;
	/** @pad_8: unused. */
	u8 pad_8[0x8];
	/** @control: %G16_EVENT_CONTROL on the render's own record. */
	__le32 control;
	/** @pad_14: unused. */
	u8 pad_14[0xec];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_event_control, 0x100);
AGX4_FW_CHECK(struct g16_event_control, control, 0x10);

/**
 * struct g16_queue_context - a queue context (3.9)
 */
struct g16_queue_context {
	/** @ff: 0xff, 0xff. */
	u8 ff[2];
	/** @pad_2: unused. */
	u8 pad_2[0x3];
	/** @one: 1. */
	u8 one;
	/** @pad_6: unused. */
	u8 pad_6[0x20];
	/** @two: 2. */
	u8 two;
	/** @pad_27: unused. */
	u8 pad_27[0xc];
	/** @ff2: 0xff. */
	u8 ff2;
	/** @pad_34: unused. */
	u8 pad_34[0xc];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_queue_context, 0x40);
AGX4_FW_CHECK(struct g16_queue_context, one, 0x05);
AGX4_FW_CHECK(struct g16_queue_context, two, 0x26);
AGX4_FW_CHECK(struct g16_queue_context, ff2, 0x33);

/* hwdata constants of G16 (3.4). */
#define G16_HWDATA_CLOCKS_PER_MS	24000
#define G16_HWDATA_CONST_258E		22
#define G16_HWDATA_GROUPS		{ 0, 1, 1, 1, 0, 1, 1, 1 }
/* binary32 1.02 */
#define G16_HWDATA_SCALE_B		0x3f828f5c
#define G16_HWDATA_REV_HI_SHIFT		4
#define G16_HWDATA_REV_LO_MASK		7
/* Region C constants (3.5). */
#define G16_RC_CONST_24		4096
#define G16_RC_CONST_56		40
#define G16_RC_THOUSAND		1000
#define G16_RC_CONST_998	{ 32, 8, 256, 1 }
#define G16_RC_CONST_9C8	{ 64, 64, 2 }
#define G16_RC_CONST_E28	3

/**
 * struct g16_region_c - region C (0x1000 bytes)
 */
struct g16_region_c {
	/** @ktrace: the KTrace mask, 0xffffffff to trace everything. */
	__le32 ktrace;
	/** @pad_4: unused. */
	u8 pad_4[0x20];
	/** @const_24: %G16_RC_CONST_24. */
	__le32 const_24;
	/** @pad_28: unused. */
	u8 pad_28[0x2c];
	/** @ffff_54: 0xffff. */
	__le16 ffff_54;
	/** @const_56: %G16_RC_CONST_56. */
	__le16 const_56;
	/** @ffff_58: 0xffff. */
	__le16 ffff_58;
	/** @pad_5a: unused. */
	u8 pad_5a[0x1e];
	/** @one_78: 1. */
	__le32 one_78;
	/** @pad_7c: unused. */
	u8 pad_7c[0x8];
	/** @max_power_mw: the GPU's most power, mW (device tree). */
	__le32 max_power_mw;
	/** @thousand_88: 1000, 1000. */
	__le32 thousand_88[2];
	/** @pad_90: unused. */
	u8 pad_90[0x8];
	/** @thousand_98: 1000. */
	__le32 thousand_98;
	/** @pad_9c: unused. */
	u8 pad_9c[0x8fc];
	/** @const_998: %G16_RC_CONST_998. */
	__le32 const_998[4];
	/** @pad_9a8: unused. */
	u8 pad_9a8[0x20];
	/** @const_9c8: %G16_RC_CONST_9C8. */
	__le32 const_9c8[3];
	/** @pad_9d4: unused. */
	u8 pad_9d4[0x454];
	/** @const_e28: %G16_RC_CONST_E28. */
	__le32 const_e28;
	/** @one_e2c: 1. */
	__le32 one_e2c;
	/** @pad_e30: unused. */
	u8 pad_e30[0x1d0];
} __packed;
AGX4_FW_CHECK_SIZE(struct g16_region_c, 0x1000);
AGX4_FW_CHECK(struct g16_region_c, const_24, 0x24);
AGX4_FW_CHECK(struct g16_region_c, ffff_54, 0x54);
AGX4_FW_CHECK(struct g16_region_c, const_56, 0x56);
AGX4_FW_CHECK(struct g16_region_c, ffff_58, 0x58);
AGX4_FW_CHECK(struct g16_region_c, one_78, 0x78);
AGX4_FW_CHECK(struct g16_region_c, max_power_mw, 0x84);
AGX4_FW_CHECK(struct g16_region_c, thousand_88, 0x88);
AGX4_FW_CHECK(struct g16_region_c, thousand_98, 0x98);
AGX4_FW_CHECK(struct g16_region_c, const_998, 0x998);
AGX4_FW_CHECK(struct g16_region_c, const_9c8, 0x9c8);
AGX4_FW_CHECK(struct g16_region_c, const_e28, 0xe28);
AGX4_FW_CHECK(struct g16_region_c, one_e2c, 0xe2c);

#endif /* AGX4_FWIF_G16_H */
