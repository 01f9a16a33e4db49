// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Firmware model, G16: what the work channels carry and how the firmware
 * executes a lane's items (barriers, TVB init, TA/3D/compute work).
 * Offsets are the protocol's, written here again; nothing is shared
 * with the driver's declarations.
 */

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_fwmodel_core.h"

/* Queue items: their first word (H). */
#define ITEM_TA			0
#define ITEM_3D			1
#define ITEM_COMPUTE		3
#define ITEM_BARRIER		4
#define ITEM_TVB_INIT		6
#define ITEM_SIZE		0x40

/* Ring capacity in entries, pointer block +0x50 (H). */
#define G16_RING_CAP		0x500

/* Timestamp commands and the microsequence's last command (H). */
#define MS_TS_START		0x80000003
#define MS_TS_END		0x00000003
#define MS_FINISH		0x40000002
/* In a timestamp command: the slot holding the destination, the queue, the user pair. */
#define TS_SLOT			0x14
#define TS_QUEUE		0x1c
#define TS_USER			0x24

/*
 * Notifier: +0x10 = 0x50, +0x24 context, +0x94 back to 0 once unlinked
 * (GravityLinux/linux drivers/gpu/drm/asahi/g16_runtime.rs@1ab42a3a
 * Bootstrap::retire retires a Work only once +0x94 is 0).
 */
#define NOTIFIER_SIZE		0x100
#define NOTIFIER_50		0x10
#define NOTIFIER_CONTEXT	0x24
#define NOTIFIER_LINKED		0x94

/* Registers naming what the GPU reads or writes (H). */
#define REG_TA_ENCODER		0x1c880
#define REG_TA_TILEMAP		0x1c039
#define REG_TA_TPC		0x1c0a1
#define REG_TA_STATUS		0x14318
#define REG_3D_STATUS		0x14080
#define REG_CDM_START		0x1a420
/* The CDM entry trampoline: a full barrier, then a jump (H). */
#define CDM_BARRIER		0x600fffff
#define CDM_JUMP		0x20000000
#define CDM_JUMP_MASK		0xff000000
#define REG_SIZE		12

/* Where each work kind keeps what the firmware reads (H). */
struct work_layout {
	u32 type;
	u32 size;
	u32 notifier;
	u32 regs;
	u32 reg_alias;
	u32 reg_header;
	/* Register count: u16 count, u16 bytes (render) or one u32 (compute). */
	u32 reg_count;
	/* Records the reference writes, beyond the count for TA and 3D. */
	u32 reg_records;
	bool header32;
	u32 ms;
	u32 ms_size_at;
	u32 ms_size;
	/* Driver stamp, firmware stamp, stamp value, event. */
	u32 driver_stamp;
	u32 fw_stamp;
	u32 stamp;
	u32 event;
	/* Microsequence: start, its register and queue pointers, timestamps, end. */
	u32 ms_start;
	u32 ms_start_queue;
	u32 ms_ts[2];
	u32 ms_end_at;
	u32 ms_end;
	u32 ms_end_queue;
	u32 ms_end_stamp;
	u32 ms_end_value;
	u32 ms_finish;
	/* A register naming a status page the GPU writes (0 for none). */
	u32 status_reg;
};

static const struct work_layout layouts[3] = {
	[FWM_KIND_TA] = {
		.type = ITEM_TA, .size = 0x940, .notifier = 0x10,
		.regs = 0x40, .reg_alias = 0x740, .reg_header = 0x748,
		.reg_count = 0x41, .reg_records = 71, .ms = 0x770, .ms_size_at = 0x778,
		.ms_size = 0x300, .driver_stamp = 0x878, .fw_stamp = 0x880,
		.stamp = 0x888, .event = 0x88c,
		.ms_start = 0x05, .ms_start_queue = 0x34,
		.ms_ts = { 0x1cc, 0x21c },
		.ms_end_at = 0x268, .ms_end = 0x06, .ms_end_queue = 0x284,
		.ms_end_stamp = 0x2b0, .ms_end_value = 0x2b8,
		.ms_finish = 0x2fc, .status_reg = REG_TA_STATUS,
	},
	[FWM_KIND_3D] = {
		.type = ITEM_3D, .size = 0xcc0, .notifier = 0x20,
		.regs = 0x80, .reg_alias = 0x780, .reg_header = 0x788,
		.reg_count = 0x51, .reg_records = 87, .ms = 0x14, .ms_size_at = 0x1c,
		.ms_size = 0x380, .driver_stamp = 0xbc0, .fw_stamp = 0xbc8,
		.stamp = 0xbd0, .event = 0xbd4,
		.ms_start = 0x07, .ms_start_queue = 0x4c,
		.ms_ts = { 0x1ec, 0x23c },
		.ms_end_at = 0x288, .ms_end = 0x08, .ms_end_queue = 0x2d8,
		.ms_end_stamp = 0x294, .ms_end_value = 0x29c,
		.ms_finish = 0x344, .status_reg = REG_3D_STATUS,
	},
	[FWM_KIND_COMPUTE] = {
		.type = ITEM_COMPUTE, .size = 0x8c0, .notifier = 0x10,
		.regs = 0x20, .reg_alias = 0x720, .reg_header = 0x728,
		.reg_count = 24, .reg_records = 24, .header32 = true, .ms = 0x760,
		.ms_size_at = 0x768, .ms_size = 0x300,
		.driver_stamp = 0x800, .fw_stamp = 0x808, .stamp = 0x810,
		.event = 0x814,
		.ms_start = 0x0b, .ms_start_queue = 0x24,
		.ms_ts = { 0x1bc, 0x20c },
		.ms_end_at = 0x258, .ms_end = 0x0c, .ms_end_queue = 0x264,
		.ms_end_stamp = 0x284, .ms_end_value = 0x28c,
		.ms_finish = 0x2d4,
	},
};

/* The microsequence's register pointer, right after its start command (H). */
#define MS_REGS			0x14
#define MS_MAX			0x380

/* Channel message: tag, queue record, kind, head | event << 16 | first << 24 (H). */
int agx4_fwmodel_g16_work_msg(struct agx4_fwmodel *m, unsigned int inst,
			      unsigned int ch, u64 va, const u8 *msg,
			      struct fwm_work_msg *out)
{
	u32 w = get_unaligned_le32(msg + 0x14);

	/*
	 * H: the host kicks no work before the firmware took the opening
	 * FList (GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
	 * Bootstrap::submit_barrier waits for it before its kick).
	 */
	if (m->inst[inst].flist)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_SEQUENCE, va);
	/* M: the tag is a publication count + 1, never 0. */
	if (!get_unaligned_le64(msg))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG, va);
	out->queue = get_unaligned_le64(msg + 8);
	if (!out->queue)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, va + 8);
	/* Channel = priority * 3 + stage; the kind is the stage (H). */
	out->kind = get_unaligned_le32(msg + 0x10);
	if (out->kind != ch % 3)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
					 va + 0x10);
	if (w >> 25)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
					 va + 0x14);
	out->head = w & 0xffff;
	out->event = (w >> 16) & 0xff;
	out->first = w >> 24;
	return 0;
}

/* Priority rows: mask, first, last (H). */
static const struct { u64 mask; u32 first, last; } prio_rows[4] = {
	{ 0xffffffffffff0000ULL, 1, 1 },
	{ 0xffffffff00000000ULL, 0, 0 },
	{ 0xffff000000000000ULL, 0, 2 },
	{ 0, 0, 3 },
};

/*
 * The queue record (0xb0): +0x2c and +0x4c all-ones, the priority row of
 * its channel at +0x30..+0x48 (compute lanes: +0x30 = 0, +0x48 = 1,
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_runtime.rs@1ab42a3a
 * Bootstrap::prepare_queues); the pointer block with capacity 0x500 at
 * +0x50 (H).
 */
int agx4_fwmodel_g16_open_lane(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	unsigned int p = l->channel / 3;
	bool compute = l->kind == FWM_KIND_COMPUTE;
	u8 q[0xb0];
	u32 cap;

	if (agx4_fwmodel_read(m, l->inst, l->queue, q, sizeof(q)))
		return -EIO;
	if (get_unaligned_le32(q + 0x2c) != U32_MAX)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x2c);
	if (get_unaligned_le32(q + 0x4c) != U32_MAX)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x4c);
	if (get_unaligned_le32(q + 0x30) != (compute ? 0 : p))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x30);
	if (get_unaligned_le32(q + 0x34) != p)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x34);
	if (get_unaligned_le64(q + 0x38) != prio_rows[p].mask)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x38);
	if (get_unaligned_le32(q + 0x40) != prio_rows[p].first)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x40);
	if (get_unaligned_le32(q + 0x48) != (compute ? 1 : prio_rows[p].last))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x48);
	if (agx4_fwmodel_check(m, l->inst, l->pointers, 0x60, rw) ||
	    agx4_fwmodel_read32(m, l->inst, l->pointers + 0x50, &cap))
		return -EIO;
	if (cap != G16_RING_CAP)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->pointers + 0x50);
	l->cap = cap;
	return agx4_fwmodel_check(m, l->inst, l->ring, (u64)cap * 8,
				  AGX4_FWMODEL_READ);
}

/*
 * A barrier waits until a stamp word reaches a value (signed 32-bit
 * distance, H).  Two forms (H): the dependency form repeats the stamp
 * address at +0xc and waits for +0x14, with +0x30 = 1 (a dependency) or
 * 0 (the 3D prelude waiting for its TA); the bootstrap form waits for
 * +0xc.  Telling them apart by that repeated address, and refusing a
 * dependency form with +0x30 above 1, is the strictest reading.
 */
static int wait_item(struct agx4_fwmodel *m, struct fwm_lane *l, u64 item)
{
	u8 b[ITEM_SIZE];
	u64 stamp;
	u32 value, cur, graph;

	if (agx4_fwmodel_read(m, l->inst, item, b, sizeof(b)))
		return -EIO;
	stamp = get_unaligned_le64(b + 4);
	if (get_unaligned_le64(b + 0xc) == stamp) {
		value = get_unaligned_le32(b + 0x14);
		graph = get_unaligned_le32(b + 0x30);
		if (graph > 1)
			return agx4_fwmodel_item_fail(m, item + 0x30);
	} else {
		value = get_unaligned_le32(b + 0xc);
	}
	if (!stamp)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, item + 4);
	if (agx4_fwmodel_read32(m, l->inst, stamp, &cur))
		return -EIO;
	if ((s32)(cur - value) < 0)
		return FWM_STEP_WAIT;
	agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_WAITS);
	return FWM_STEP_PASS;
}

/*
 * The buffer manager's page list and the slot's PB descriptor (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_tvb.rs@4f7fe108 Tvb::new):
 * the descriptor, in the table context 0 sees at GPU 0x70_0027_8000 + slot
 * * 16 (g16.rs@1ab42a3a, the table's alias), holds the page list's GPU
 * address as its distance from 0x10_0000_0000 >> 4 in word 0; the buffer
 * manager's u64 at +0x28 is that address (0x10_0025_8000 there) and +0x30
 * the bytes mapped at it (0x1c000), shared read-write in the client's
 * context.  Strictest reading: a buffer manager naming another page list
 * than its descriptor, or one the GPU cannot reach, is refused.
 */
#define PB_TABLE_GPU		0x7000278000ULL
#define PB_DESC_SIZE		16
#define PB_CONTEXT_BASE		0x1000000000ULL
#define BM_PAGE_LIST_GPU	0x28
#define BM_PAGE_LIST_SIZE	0x30
static int tvb_page_list(struct agx4_fwmodel *m, struct fwm_lane *l, u32 ctx,
			 u32 slot, u64 bm)
{
	u64 gpu;
	u32 size;
	__le32 pb;

	if (agx4_fwmodel_read64(m, l->inst, bm + BM_PAGE_LIST_GPU, &gpu) ||
	    agx4_fwmodel_read32(m, l->inst, bm + BM_PAGE_LIST_SIZE, &size) ||
	    agx4_fwmodel_gpu_read(m, l->inst, 0,
				  PB_TABLE_GPU + slot * PB_DESC_SIZE, &pb,
				  sizeof(pb)))
		return -EIO;
	if (gpu != PB_CONTEXT_BASE + ((u64)le32_to_cpu(pb) << 4))
		return agx4_fwmodel_item_fail(m, bm + BM_PAGE_LIST_GPU);
	if (!size)
		return agx4_fwmodel_item_fail(m, bm + BM_PAGE_LIST_SIZE);
	return agx4_fwmodel_gpu_check(m, l->inst, ctx, gpu, size,
				      AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE);
}

/*
 * TVB init before a pool's first TA: +4 context, +8 buffer-manager slot
 * (7..63 as the reference leases them, M), +0x10 initial blocks, +0x14
 * the buffer manager, which the firmware updates (0x88 bytes used, H).
 */
static int tvb_init(struct agx4_fwmodel *m, struct fwm_lane *l, u64 item)
{
	u8 b[ITEM_SIZE];
	u32 ctx, slot;

	if (agx4_fwmodel_read(m, l->inst, item, b, sizeof(b)))
		return -EIO;
	ctx = get_unaligned_le32(b + 4);
	slot = get_unaligned_le32(b + 8);
	if (!ctx || ctx > 63)
		return agx4_fwmodel_item_fail(m, item + 4);
	if (slot < 7 || slot > 63)
		return agx4_fwmodel_item_fail(m, item + 8);
	if (!get_unaligned_le32(b + 0x10))
		return agx4_fwmodel_item_fail(m, item + 0x10);
	if (agx4_fwmodel_need(m, l->inst, item + 0x14,
			      get_unaligned_le64(b + 0x14), 0x88,
			      AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE) ||
	    tvb_page_list(m, l, ctx, slot, get_unaligned_le64(b + 0x14)))
		return -EIO;
	/* A pool made anew numbers its growth requests from 0 again. */
	m->tvb_count[slot] = 0;
	agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_TVB_INITS);
	return FWM_STEP_PASS;
}

/* The last value register @reg gets in a program, or false. */
static bool reg_value(const u8 *regs, u32 count, u32 reg, u64 *val)
{
	bool found = false;
	u32 i;

	for (i = 0; i < count; i++) {
		if (get_unaligned_le32(regs + i * REG_SIZE) != reg)
			continue;
		*val = get_unaligned_le64(regs + i * REG_SIZE + 4);
		found = true;
	}
	return found;
}

/*
 * What the registers name must be reachable by the GPU in the client's
 * tables.  Every record the work item holds is looked at, also those past
 * the count the reference writes for TA and 3D (L: whether the firmware
 * programs them; strictest reading: it does).  A TA writes its status
 * page, tilemap and TPC (the last two named by their offset from the
 * context base, H), so they must be mapped for writing while it runs.
 */
static int user_buffers(struct agx4_fwmodel *m, struct fwm_lane *l,
			const struct work_layout *k, const u8 *regs,
			u32 count, u32 ctx)
{
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	u8 tramp[REG_SIZE];
	u64 v;
	u32 hi;

	if (k->status_reg && reg_value(regs, count, k->status_reg, &v) &&
	    agx4_fwmodel_gpu_check(m, l->inst, ctx, v & ~1ULL, 4, rw))
		return -EIO;
	if (l->kind == FWM_KIND_TA &&
	    reg_value(regs, count, REG_TA_ENCODER, &v) &&
	    agx4_fwmodel_gpu_check(m, l->inst, ctx, FWM_CONTEXT_BASE + v, 4,
				   AGX4_FWMODEL_READ))
		return -EIO;
	if (l->kind == FWM_KIND_TA &&
	    ((reg_value(regs, count, REG_TA_TILEMAP, &v) &&
	      agx4_fwmodel_gpu_check(m, l->inst, ctx, FWM_CONTEXT_BASE + v, 4,
				     rw)) ||
	     (reg_value(regs, count, REG_TA_TPC, &v) &&
	      agx4_fwmodel_gpu_check(m, l->inst, ctx, FWM_CONTEXT_BASE + v, 4,
				     rw))))
		return -EIO;
	if (l->kind != FWM_KIND_COMPUTE)
		return 0;
	if (!reg_value(regs, count, REG_CDM_START, &v))
		return agx4_fwmodel_item_fail(m, l->job.item + k->regs);
	if (agx4_fwmodel_gpu_read(m, l->inst, ctx, v, tramp, sizeof(tramp)))
		return -EIO;
	hi = get_unaligned_le32(tramp + 4);
	if (get_unaligned_le32(tramp) != CDM_BARRIER ||
	    (hi & CDM_JUMP_MASK) != CDM_JUMP)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ITEM, v);
	return agx4_fwmodel_gpu_check(m, l->inst, ctx,
				      (u64)(hi & ~CDM_JUMP_MASK) << 32 |
				      get_unaligned_le32(tramp + 8), 4,
				      AGX4_FWMODEL_READ);
}

/*
 * The microsequence's timestamp command at @at: the private profiling
 * destination is read from the slot it names; the user pair (start, end)
 * lies in the timestamp aperture (H).
 */
static int timestamp(struct agx4_fwmodel *m, struct fwm_lane *l, u64 msva,
		     const u8 *ms, u32 at, bool end)
{
	u64 slot = get_unaligned_le64(ms + at + TS_SLOT);
	u64 pair = get_unaligned_le64(ms + at + TS_USER);
	u64 dest, user;

	if (get_unaligned_le32(ms + at) != (end ? MS_TS_END : MS_TS_START))
		return agx4_fwmodel_item_fail(m, msva + at);
	if (get_unaligned_le64(ms + at + TS_QUEUE) != l->queue)
		return agx4_fwmodel_item_fail(m, msva + at + TS_QUEUE);
	if (slot) {
		if (agx4_fwmodel_read64(m, l->inst, slot, &dest))
			return -EIO;
		if (dest && agx4_fwmodel_job_write(m, l, dest, end ?
						   FWM_W_TICKS_END :
						   FWM_W_TICKS_START,
						   FWM_PROFILING))
			return -EIO;
	}
	if (!pair)
		return 0;
	if (agx4_fwmodel_read64(m, l->inst, pair + (end ? 8 : 0), &user))
		return -EIO;
	if (!user)
		return 0;
	if (user < FWM_TS_APERTURE ||
	    user - FWM_TS_APERTURE > FWM_TS_APERTURE_SIZE - 8)
		return agx4_fwmodel_item_fail(m, pair + (end ? 8 : 0));
	return agx4_fwmodel_job_write(m, l, user,
				      end ? FWM_W_NS_END : FWM_W_NS_START, 0);
}

/* The microsequence: its commands, and what its end command stamps. */
static int microsequence(struct agx4_fwmodel *m, struct fwm_lane *l,
			 const struct work_layout *k, const u8 *w, u64 item)
{
	u64 msva = get_unaligned_le64(w + k->ms);
	u64 stamp;
	u32 value;
	u8 *ms;
	int ret;

	if (get_unaligned_le32(w + k->ms_size_at) != k->ms_size)
		return agx4_fwmodel_item_fail(m, item + k->ms_size_at);
	if (!msva)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, item + k->ms);
	BUILD_BUG_ON(MS_MAX > FWM_SCRATCH_SIZE);
	ms = m->scratch[FWM_SCRATCH_MS];
	ret = agx4_fwmodel_read(m, l->inst, msva, ms, k->ms_size);
	if (ret)
		goto out;
	ret = -EIO;
	if (get_unaligned_le32(ms) != k->ms_start) {
		agx4_fwmodel_item_fail(m, msva);
		goto out;
	}
	if (get_unaligned_le64(ms + MS_REGS) != item + k->regs) {
		agx4_fwmodel_item_fail(m, msva + MS_REGS);
		goto out;
	}
	if (get_unaligned_le64(ms + k->ms_start_queue) != l->queue) {
		agx4_fwmodel_item_fail(m, msva + k->ms_start_queue);
		goto out;
	}
	if (get_unaligned_le32(ms + k->ms_end_at) != k->ms_end) {
		agx4_fwmodel_item_fail(m, msva + k->ms_end_at);
		goto out;
	}
	if (get_unaligned_le64(ms + k->ms_end_queue) != l->queue) {
		agx4_fwmodel_item_fail(m, msva + k->ms_end_queue);
		goto out;
	}
	if (get_unaligned_le32(ms + k->ms_finish) != MS_FINISH) {
		agx4_fwmodel_item_fail(m, msva + k->ms_finish);
		goto out;
	}
	/* The end command stamps the lane; the work item says the same (H). */
	stamp = get_unaligned_le64(ms + k->ms_end_stamp);
	value = get_unaligned_le32(ms + k->ms_end_value);
	if (stamp != get_unaligned_le64(w + k->fw_stamp)) {
		agx4_fwmodel_item_fail(m, msva + k->ms_end_stamp);
		goto out;
	}
	if (value != get_unaligned_le32(w + k->stamp)) {
		agx4_fwmodel_item_fail(m, msva + k->ms_end_value);
		goto out;
	}
	if (timestamp(m, l, msva, ms, k->ms_ts[0], false) ||
	    timestamp(m, l, msva, ms, k->ms_ts[1], true))
		goto out;
	if (!stamp) {
		agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED,
				  msva + k->ms_end_stamp);
		goto out;
	}
	l->job.stamp_at = stamp;
	l->job.stamp = value;
	ret = agx4_fwmodel_job_write(m, l, stamp, FWM_W32, value);
out:
	return ret;
}

/* The register program: header, count, and the same bytes at its GPU alias. */
static int registers(struct agx4_fwmodel *m, struct fwm_lane *l,
		     const struct work_layout *k, const u8 *w, u64 item,
		     u32 ctx)
{
	const u8 *regs = w + k->regs;
	u32 bytes = k->reg_count * REG_SIZE;
	u8 *alias;
	int ret;

	if (k->header32 ? get_unaligned_le32(w + k->reg_header) !=
			  (k->reg_count | bytes << 16) :
			  get_unaligned_le16(w + k->reg_header) !=
			  k->reg_count ||
			  get_unaligned_le16(w + k->reg_header + 2) != bytes)
		return agx4_fwmodel_item_fail(m, item + k->reg_header);
	if (WARN_ON_ONCE(bytes > FWM_SCRATCH_SIZE))
		return -EIO;
	alias = m->scratch[FWM_SCRATCH_REGS];
	ret = agx4_fwmodel_gpu_read(m, l->inst, ctx,
				    get_unaligned_le64(w + k->reg_alias),
				    alias, bytes);
	if (!ret && memcmp(alias, regs, bytes))
		ret = agx4_fwmodel_item_fail(m, item + k->reg_alias);
	if (!ret)
		ret = user_buffers(m, l, k, regs, k->reg_records, ctx);
	return ret;
}

/*
 * A work item: checked from end to end when it starts; completing it
 * writes the timestamps, the lane's firmware stamp, the driver stamp,
 * notifier +0x94 = 0 (H), then the done index and a completion event
 * (kind 1) whose 128-bit mask at +4 has the work's event bit (the G13
 * layout: ADevWithAnIdea/m1n1@ffe58c78 proxyclient/m1n1/fw/agx/
 * channels.py FlagMsg; GravityLinux/linux drivers/gpu/drm/asahi/
 * g16_runtime.rs@1ab42a3a Bootstrap::service_flights consumes it
 * without reading the body).
 */
/*
 * A TA names its scene record in its pool: the pool (its buffer manager,
 * TA +0x20) + 0x4000 + the scene slot * 0x80, one page of 80 records
 * (GravityLinux/linux drivers/gpu/drm/asahi/g16_render.rs@1ab42a3a
 * +0x28 of the TA, g16_tvb.rs@4f7fe108 the scene records).  A record
 * anywhere else is refused (strictest reading: the firmware may derive
 * the slot from the address).  The 3D names the same record at +0x30.
 * A render holds its scene slot while it is in flight (H: the reference
 * leases one of 36 per in-flight render), from its TA's start until its
 * 3D is done: a TA that starts on a record a render in flight uses is
 * refused (strictest reading: the firmware would overwrite one render's
 * scene state with the other's), and a 3D's completion lets it go.
 */
#define TA_BM			0x20
#define TA_SCENE		0x28
#define FRAG_SCENE		0x30
#define SCENE_RECORDS		0x4000
#define SCENE_RECORD_SIZE	0x80
#define SCENE_RECORDS_PER_PAGE	80
static int scene(struct agx4_fwmodel *m, struct fwm_lane *l, const u8 *w,
		 u64 item)
{
	u32 at = l->kind == FWM_KIND_TA ? TA_SCENE : FRAG_SCENE;
	unsigned int i;
	u64 sc, off;

	if (l->kind != FWM_KIND_TA && l->kind != FWM_KIND_3D)
		return 0;
	sc = get_unaligned_le64(w + at);
	if (l->kind == FWM_KIND_TA) {
		off = sc - get_unaligned_le64(w + TA_BM);
		if (off < SCENE_RECORDS ||
		    off >= SCENE_RECORDS +
			   SCENE_RECORDS_PER_PAGE * SCENE_RECORD_SIZE ||
		    off % SCENE_RECORD_SIZE)
			return agx4_fwmodel_item_fail(m, item + TA_SCENE);
	}
	l->job.scene = sc;
	if (l->kind == FWM_KIND_3D)
		return 0;
	for (i = 0; i < m->nscenes; i++)
		if (m->scenes[i] == sc)
			return agx4_fwmodel_item_fail(m, item + at);
	/* More renders in flight than the firmware has slots for. */
	if (m->nscenes == FWM_G16_SCENES)
		return agx4_fwmodel_item_fail(m, item + at);
	m->scenes[m->nscenes++] = sc;
	return 0;
}

/**
 * agx4_fwmodel_g16_retire() - a G16 work item completed
 * @m: the model.
 * @l: its lane.
 *
 * A 3D's completion ends its render: its scene record is free again.
 *
 * Return: 0.
 */
int agx4_fwmodel_g16_retire(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	unsigned int i;

	if (l->kind != FWM_KIND_3D)
		return 0;
	for (i = 0; i < m->nscenes; i++) {
		if (m->scenes[i] == l->job.scene) {
			m->scenes[i] = m->scenes[--m->nscenes];
			break;
		}
	}
	return 0;
}

/*
 * Every render names one device-wide empty buffer, TA +0x30 and 3D
 * +0x38: the constant 0xfffffc20c0602800, zero bytes just past the 80
 * records of the bootstrap scene page, never overridden (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_render.rs@1ab42a3a
 * Addresses::bootstrap, empty_buffer).  Strictest reading: the firmware
 * reads it there, to the end of its page, and finds zeros.
 */
#define EMPTY_BUFFER		0xfffffc20c0602800ULL
#define EMPTY_BUFFER_SIZE	0x1800
static int empty_buffer(struct agx4_fwmodel *m, struct fwm_lane *l,
			const u8 *w, u64 item)
{
	static const u32 at[] = { [FWM_KIND_TA] = 0x30, [FWM_KIND_3D] = 0x38 };
	u64 z[8], off;
	unsigned int i;

	if (l->kind != FWM_KIND_TA && l->kind != FWM_KIND_3D)
		return 0;
	if (get_unaligned_le64(w + at[l->kind]) != EMPTY_BUFFER)
		return agx4_fwmodel_item_fail(m, item + at[l->kind]);
	for (off = 0; off < EMPTY_BUFFER_SIZE; off += sizeof(z)) {
		if (agx4_fwmodel_read(m, l->inst, EMPTY_BUFFER + off, z,
				      sizeof(z)))
			return -EIO;
		for (i = 0; i < ARRAY_SIZE(z); i++)
			if (z[i])
				return agx4_fwmodel_item_fail(m, EMPTY_BUFFER +
							      off + i * 8);
	}
	return 0;
}

static int work(struct agx4_fwmodel *m, struct fwm_lane *l, u64 item)
{
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	const struct work_layout *k = &layouts[l->kind];
	u64 notifier, dstamp;
	u32 ctx, event;
	u8 *w, *nt;
	int ret;

	if (WARN_ON_ONCE(k->size + NOTIFIER_SIZE > FWM_SCRATCH_SIZE))
		return -EIO;
	w = m->scratch[FWM_SCRATCH_ITEM];
	nt = w + k->size;
	l->job.item = item;
	ret = agx4_fwmodel_read(m, l->inst, item, w, k->size);
	if (ret)
		goto out;
	ret = -EIO;
	ctx = get_unaligned_le32(w + 0xc);
	if (!ctx || ctx > 63) {
		agx4_fwmodel_item_fail(m, item + 0xc);
		goto out;
	}
	l->job.ctx = ctx;
	if (registers(m, l, k, w, item, ctx) ||
	    microsequence(m, l, k, w, item) || scene(m, l, w, item) ||
	    empty_buffer(m, l, w, item))
		goto out;
	dstamp = get_unaligned_le64(w + k->driver_stamp);
	if (agx4_fwmodel_need(m, l->inst, item + k->driver_stamp, dstamp, 4,
			      AGX4_FWMODEL_WRITE) ||
	    agx4_fwmodel_job_write(m, l, dstamp, FWM_W32,
				   get_unaligned_le32(w + k->stamp)))
		goto out;
	notifier = get_unaligned_le64(w + k->notifier);
	if (agx4_fwmodel_need(m, l->inst, item + k->notifier, notifier,
			      NOTIFIER_SIZE, rw) ||
	    agx4_fwmodel_read(m, l->inst, notifier, nt, NOTIFIER_SIZE))
		goto out;
	if (get_unaligned_le32(nt + NOTIFIER_50) != 0x50) {
		agx4_fwmodel_item_fail(m, notifier + NOTIFIER_50);
		goto out;
	}
	if (get_unaligned_le32(nt + NOTIFIER_CONTEXT) != ctx) {
		agx4_fwmodel_item_fail(m, notifier + NOTIFIER_CONTEXT);
		goto out;
	}
	if (agx4_fwmodel_job_write(m, l, notifier + NOTIFIER_LINKED, FWM_W32,
				   0))
		goto out;
	event = get_unaligned_le32(w + k->event);
	l->job.event = event;
	l->job.report = true;
	if (event < 128)
		l->job.mask[event / 64] = BIT_ULL(event % 64);
	ret = FWM_STEP_WORK;
out:
	return ret;
}

/* The item at ring index @r of @l. */
int agx4_fwmodel_g16_step(struct agx4_fwmodel *m, struct fwm_lane *l, u32 r,
			  u32 *n)
{
	u64 slot = l->ring + (u64)r * 8, item;
	u32 type;

	*n = 1;
	if (agx4_fwmodel_read64(m, l->inst, slot, &item))
		return -EIO;
	if (!item)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, slot);
	if (agx4_fwmodel_read32(m, l->inst, item, &type))
		return -EIO;
	if (type == ITEM_BARRIER)
		return wait_item(m, l, item);
	/* TVB init comes before a TA; work items only on their own lane (H). */
	if (type == ITEM_TVB_INIT && l->kind == FWM_KIND_TA)
		return tvb_init(m, l, item);
	if (type == layouts[l->kind].type)
		return work(m, l, item);
	return agx4_fwmodel_item_fail(m, item);
}

/*
 * TVB growth and the memory limit.  The TA Work names its buffer
 * manager: +0x18 the BM slot, +0x20 the buffer manager; +0x77c/+0x780
 * the event and stamp of its 3D Work, by which partial rendering finds
 * that Work (H).  The buffer manager (0x88 bytes): +0xc slot, +0x3c
 * current blocks (a mirror the firmware updates once it takes a reply:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_tvb.rs@4f7fe108
 * Tvb::grow), +0x44 the block list
 * (u64 block IDs, M), +0x4c the block control (the block count, twice,
 * in its first two u32s, L) (H for the offsets).
 */
#define TA_BM_SLOT		0x18
#define TA_FRAG_EVENT		0x77c
#define TA_FRAG_STAMP		0x780
#define BM_SIZE			0x88
#define BM_SLOT			0x0c
/* 3D Work: partial background (load) and end-of-tile (store) programs (H). */
#define FRAG_PARTIAL_BG		0x930
#define FRAG_PARTIAL_EOT	0xa1c
#define FRAG_STAMP		0xbd0
#define FRAG_EVENT		0xbd4

/*
 * The 3D Work of this render on a 3D lane, not yet executed: the one
 * with the event and stamp the TA Work names.
 */
static int find_frag(struct agx4_fwmodel *m, struct fwm_lane *l, u64 ta,
		     u32 event, u32 stamp)
{
	struct fwm_tvb *t = &l->job.tvb;
	struct fwm_lane *f;
	u32 r, type, e, s;
	u64 item;

	list_for_each_entry(f, &m->lanes, node) {
		if (f->inst != l->inst || f->kind != FWM_KIND_3D || !f->cap)
			continue;
		for (r = f->read; r != f->head; r = (r + 1) % f->cap) {
			if (agx4_fwmodel_read64(m, f->inst,
						f->ring + (u64)r * 8, &item) ||
			    !item ||
			    agx4_fwmodel_read32(m, f->inst, item, &type))
				return -EIO;
			if (type != ITEM_3D)
				continue;
			if (agx4_fwmodel_read32(m, f->inst, item + FRAG_EVENT,
						&e) ||
			    agx4_fwmodel_read32(m, f->inst, item + FRAG_STAMP,
						&s))
				return -EIO;
			if (e == event && s == stamp) {
				t->frag_queue = f->queue;
				t->frag_item = item;
				return 0;
			}
		}
	}
	return agx4_fwmodel_item_fail(m, ta + TA_FRAG_EVENT);
}

/*
 * Growth request (kind 6): +4 context, +8 BM slot, +0xc request counter,
 * +0x10 subpipe, +0x14 u64 halt count (H).  The counter is the pool's:
 * 0 for its first request, one more after each reply, grown or refused
 * (GravityLinux/linux drivers/gpu/drm/asahi/g16_tvb.rs@4f7fe108 Tvb::new
 * starts it at 0; g16_runtime.rs@1ab42a3a service_render_events answers
 * only a request carrying the pool's counter and moves it on after each
 * reply).  A pool is keyed by its BM slot and starts again at its TVB
 * init item (tvb_init()), which comes before the pool's first TA.  The
 * reference takes a subpipe below 64 and any halt count, and echoes both
 * in its reply (service_render_events); the values here, subpipe 0 (TA)
 * and the work item's own count of requests, are the model's choice,
 * and the reply must echo them exactly (strictest reading).
 * Memory-limit report (kind 7): +4 0, +8 1, +0xc the 3D event,
 * +0x10 the 3D stamp (H).
 */
int agx4_fwmodel_g16_tvb_request(struct agx4_fwmodel *m, struct fwm_lane *l,
				 bool limit, u8 *rec)
{
	struct fwm_tvb *t = &l->job.tvb;
	u64 ta = l->job.item, control;
	u32 slot, event, stamp, bm_slot;

	if (agx4_fwmodel_read32(m, l->inst, ta + 0xc, &t->ctx) ||
	    agx4_fwmodel_read32(m, l->inst, ta + TA_BM_SLOT, &slot) ||
	    agx4_fwmodel_read64(m, l->inst, ta + TA_BM, &t->bm) ||
	    agx4_fwmodel_read32(m, l->inst, ta + TA_FRAG_EVENT, &event) ||
	    agx4_fwmodel_read32(m, l->inst, ta + TA_FRAG_STAMP, &stamp))
		return -EIO;
	if (!t->frag_item && find_frag(m, l, ta, event, stamp))
		return -EIO;
	if (limit) {
		put_unaligned_le32(0, rec + 4);
		put_unaligned_le32(1, rec + 8);
		put_unaligned_le32(event, rec + 0xc);
		put_unaligned_le32(stamp, rec + 0x10);
		return 0;
	}
	if (agx4_fwmodel_need(m, l->inst, ta + TA_BM, t->bm, BM_SIZE,
			      AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE) ||
	    agx4_fwmodel_read32(m, l->inst, t->bm + BM_SLOT, &bm_slot) ||
	    agx4_fwmodel_read64(m, l->inst, t->bm + FWM_BM_CONTROL, &control))
		return -EIO;
	if (bm_slot != slot)
		return agx4_fwmodel_item_fail(m, t->bm + BM_SLOT);
	if (agx4_fwmodel_need(m, l->inst, t->bm + FWM_BM_CONTROL, control, 8,
			      AGX4_FWMODEL_READ) ||
	    agx4_fwmodel_read32(m, l->inst, control, &t->blocks))
		return -EIO;
	if (slot >= FWM_TVB_POOLS)
		return agx4_fwmodel_item_fail(m, ta + TA_BM_SLOT);
	t->pool = slot;
	put_unaligned_le32(t->ctx, rec + 4);
	put_unaligned_le32(slot, rec + 8);
	put_unaligned_le32(m->tvb_count[slot], rec + 0xc);
	put_unaligned_le32(0, rec + 0x10);
	put_unaligned_le64(t->sent + 1, rec + 0x14);
	return 0;
}

/*
 * Replies echo the request (H): opcode 8 {+4 grew, +8 slot, +0xc
 * context, +0x10 counter, +0x14 subpipe, +0x18 u64 halt count}; opcode 9
 * {+4 1, +8 u64 the 3D queue, +0x10 the 3D stamp}.
 */
bool agx4_fwmodel_g16_tvb_echo(struct agx4_fwmodel *m, struct fwm_lane *l,
			       const u8 *rec)
{
	const struct fwm_tvb *t = &l->job.tvb;
	const u8 *q = t->req;

	if (get_unaligned_le32(rec) == FWM_OP_LIMIT_REPLY)
		return get_unaligned_le32(rec + 4) == 1 &&
		       get_unaligned_le64(rec + 8) == t->frag_queue &&
		       get_unaligned_le32(rec + 0x10) ==
		       get_unaligned_le32(q + 0x10);
	return get_unaligned_le32(rec + 8) == get_unaligned_le32(q + 8) &&
	       get_unaligned_le32(rec + 0xc) == get_unaligned_le32(q + 4) &&
	       get_unaligned_le32(rec + 0x10) == get_unaligned_le32(q + 0xc) &&
	       get_unaligned_le32(rec + 0x14) == get_unaligned_le32(q + 0x10) &&
	       get_unaligned_le64(rec + 0x18) == get_unaligned_le64(q + 0x14);
}

/*
 * "Refused": the firmware stores the tiles with the partial end-of-tile
 * program and reloads them with the partial background program of the 3D
 * Work (H), both USC programs the GPU reads in the render's context.  L:
 * the Work holds either the full GPU VA or, as userspace gives it, the
 * 32-bit offset from the USC base 1 << 40 (H for the base); a value
 * below 2^32 is taken as the offset.
 */
#define USC_BASE		BIT_ULL(40)
int agx4_fwmodel_g16_tvb_partial(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	static const u32 at[] = { FRAG_PARTIAL_BG, FRAG_PARTIAL_EOT };
	struct fwm_tvb *t = &l->job.tvb;
	unsigned int i;
	u64 usc;

	for (i = 0; i < ARRAY_SIZE(at); i++) {
		if (agx4_fwmodel_read64(m, l->inst, t->frag_item + at[i], &usc))
			return -EIO;
		if (!usc)
			return agx4_fwmodel_item_fail(m, t->frag_item + at[i]);
		if (usc <= U32_MAX)
			usc += USC_BASE;
		if (agx4_fwmodel_gpu_check(m, l->inst, t->ctx, usc, 4,
					   AGX4_FWMODEL_READ))
			return -EIO;
	}
	return 0;
}
