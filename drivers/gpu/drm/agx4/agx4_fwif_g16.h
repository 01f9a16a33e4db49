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

#endif /* AGX4_FWIF_G16_H */
