// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Firmware model, G17P (A18 Pro, t8140): a primary and a secondary
 * instance, channel cursors in RAM, acknowledgment by message 0x09.
 */

#include <linux/errno.h>
#include <linux/sizes.h>
#include <linux/unaligned.h>

#include "agx4_fwmodel_core.h"

/* Device-control opcodes the firmware knows (H); unknown ones are refused. */
#define G17P_OP_TVB_REPLY	0x08
#define G17P_OP_LIMIT_REPLY	0x09
#define G17P_OP_CLEANUP		0x14
#define G17P_OP_OPEN_PRIMARY	0x16
#define G17P_OP_MAINTENANCE	0x1b
#define G17P_OP_OPEN_SECONDARY	0x2a
#define G17P_OP_TICK		0x2e

/*
 * Identity: bits 31..24 = 10 and 23..16 = 0 are what the reference
 * requires (H); revision 1 is chosen (GAP).  One die, one cluster, six
 * cores (M), all enabled.
 */
static const u32 g17p_sgx_id[][2] = {
	{ 0xd04000, 0x0a000100 },
	{ 0xd04010, 0x00010106 },
	{ 0xd0401c, 1 },
	{ 0xe01500, 0x3f },
	{ 0, 0 },
};

/*
 * The register windows (H: REGISTERS, GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_layout.rs@f22281c5, fixed for t8140; the
 * SGX ones are at 0x480000000 + offset there, the device tree's block
 * here).  Vm::build (g17p_vm.rs@fc79d23c) maps every one with the same
 * device PTE, which the firmware may write, whatever the record's flags:
 * slots 10 and 14 too.
 */
static const struct fwm_window g17p_windows[] = {
	{ 0, FWM_WIN_PHYS, false, true, 2, 0x301014000ULL, 0x4000 },
	{ 3, FWM_WIN_PHYS, false, true, 2, 0x220104000ULL, 0x18000 },
	{ 9, FWM_WIN_PHYS, false, true, 2, 0x3003d0000ULL, 0x1000 },
	{ 10, FWM_WIN_PHYS, false, true, 0, 0x3003c0000ULL, 0x2000 },
	{ 12, FWM_WIN_PHYS, false, true, 2, 0x40165c000ULL, 0x4000 },
	{ 14, FWM_WIN_PHYS, false, true, 0, 0x300280000ULL, 0x8000 },
	{ 17, FWM_WIN_SGX, false, true, 2, 0x0, 0x21400 },
	{ 22, FWM_WIN_SGX, false, true, 2, 0x1000000, 0x8000 },
	{ 26, FWM_WIN_SGX, true, true, 2, 0xd04000, 0x8000 },
	{ 27, FWM_WIN_SGX, true, true, 2, 0xd0d000, 0x1000 },
	{ 28, FWM_WIN_SGX, true, true, 2, 0xd58000, 0x8000 },
	{ 29, FWM_WIN_SGX, true, true, 2, 0xd10000, 0x4000 },
	{ 31, FWM_WIN_SGX, true, true, 2, 0xd40000, 0x4000 },
	{ 32, FWM_WIN_SGX, true, true, 2, 0xd60000, 0x4000 },
	{ 35, FWM_WIN_SGX, true, true, 2, 0xe00000, 0x4000 },
	{ 39, FWM_WIN_SGX, false, true, 2, 0xe08000, 0x8000 },
	{ 40, FWM_WIN_SGX, true, true, 2, 0xe1c000, 0x4000 },
	{ 41, FWM_WIN_SGX, false, true, 2, 0xe1f800, 0x4000 },
};

static int g17p_check_root(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			   const u8 *root)
{
	int ret;

	/* +0x28 "kind" = instance index (H). */
	if (get_unaligned_le32(root + 0x28) != inst)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, va + 0x28);
	if (inst == 0)
		/* Primary status B, 0xeb00 bytes, firmware-written (H). */
		return agx4_fwmodel_need(m, inst, va + 0xb0,
					 get_unaligned_le64(root + 0xb0),
					 0xeb00, AGX4_FWMODEL_READ |
					 AGX4_FWMODEL_WRITE);
	/* The secondary has no status B, and two extras (H). */
	if (get_unaligned_le64(root + 0xb0))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, va + 0xb0);
	ret = agx4_fwmodel_need(m, inst, va + 0xb8,
				get_unaligned_le64(root + 0xb8), 0x6c0,
				AGX4_FWMODEL_READ);
	if (ret)
		return ret;
	return agx4_fwmodel_need(m, inst, va + 0xc0,
				 get_unaligned_le64(root + 0xc0), 0x80,
				 AGX4_FWMODEL_READ);
}

/* Cursors are RAM words at the channel's state[0] + 0, 0x10, 0x20 (H). */
static int cursor(struct agx4_fwmodel *m, unsigned int inst, u64 base,
		  unsigned int which, u32 *val, bool write)
{
	u64 va = base + which * FWM_CUR_DONE;

	if (write)
		return agx4_fwmodel_write32(m, inst, va, *val);
	return agx4_fwmodel_read32(m, inst, va, val);
}

static int g17p_ctl_cursor(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int which, u32 *val, bool write)
{
	return cursor(m, inst, m->inst[inst].ch[12].state[0], which, val,
		      write);
}

static int g17p_work_cursor(struct agx4_fwmodel *m, unsigned int inst,
			    unsigned int ch, unsigned int which, u32 *val,
			    bool write)
{
	return cursor(m, inst, m->inst[inst].ch[ch].state[0], which, val,
		      write);
}

static void g17p_acked(struct agx4_fwmodel *m, unsigned int inst, u32 status)
{
	/* 0x09 << 48 acknowledges; a wrong status is carried in the payload. */
	agx4_fwmodel_send(m, inst, FWM_EP_FW,
			  ((u64)FWM_MSG_INIT_ACK << 48) |
			  (status == 1 ? 0 : status));
}

/*
 * The 0x2e control tick, 0x40 bytes: +0 0x2e, +4 a tick number, +0xc a
 * context word, the rest zero (GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_render_lifecycle.rs@df192647 control_tick;
 * g17p_boot.rs@21d3e5c9 announce_render, stage_compute_tick).  Before a
 * render (context 0) the number is the render's ordinal - 1, and the host
 * sends one for every render from ordinal 2 (control_tick refuses a
 * lower one), so the render ticks since the firmware started carry 1, 2,
 * 3, ... in turn; before a compute (context 2) it is 0.  Both go to the
 * primary only (announce_render and stage_compute_tick write peer 0's
 * channel 12).  Anything else is refused (strictest reading).
 */
#define TICK_NUMBER		0x04
#define TICK_CONTEXT		0x0c
#define TICK_RENDER		0
#define TICK_COMPUTE		2
static int g17p_tick(struct agx4_fwmodel *m, unsigned int inst,
		     const u8 *rec)
{
	u32 number = get_unaligned_le32(rec + TICK_NUMBER);
	u32 context = get_unaligned_le32(rec + TICK_CONTEXT);
	unsigned int i;

	if (inst != 0 || get_unaligned_le32(rec + 8))
		return -EINVAL;
	for (i = 0x10; i < FWM_CTL_RECORD; i++)
		if (rec[i])
			return -EINVAL;
	if (context == TICK_COMPUTE)
		return number ? -EINVAL : 0;
	if (context != TICK_RENDER || number != m->render_ticks + 1)
		return -EINVAL;
	m->render_ticks++;
	return 0;
}

static int g17p_ctl_record(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			   const u8 *rec)
{
	switch (get_unaligned_le32(rec)) {
	case G17P_OP_TVB_REPLY:
	/*
	 * The memory-limit reply exists only as a diagnostic (M): no
	 * request waits for it, so it is refused.
	 */
	case G17P_OP_LIMIT_REPLY:
		return agx4_fwmodel_exec_reply(m, inst, rec);
	/*
	 * A context cleanup makes the firmware forget the queues whose
	 * records name its channel-control record (+0xc, H): each starts
	 * again only with a "first" message (agx4_fwmodel_exec_forget()).
	 */
	case G17P_OP_CLEANUP:
		agx4_fwmodel_exec_forget(m, get_unaligned_le64(rec + 0xc));
		return 0;
	case G17P_OP_OPEN_PRIMARY:
	case G17P_OP_OPEN_SECONDARY:
	/* L: lifecycle records are accepted, not acted on yet. */
	case G17P_OP_MAINTENANCE:
		return 0;
	case G17P_OP_TICK:
		return g17p_tick(m, inst, rec);
	default:
		return -EINVAL;
	}
}

/*
 * The rings a completion report goes to, on both instances, as the
 * reference host reads and hands them back after every completion
 * (GravityLinux/linux drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9
 * report_snapshot and acknowledge_reports; the words are TRAILING_STATES
 * in g17p_layout.rs@f22281c5):
 *
 * - channel 13, state word 0: the report itself, in the 256-entry record
 *   array at state[1] (the reference reads the records between the two
 *   cursors; on the secondary it accepts only kind 1 there, and the
 *   startup receipt);
 * - channel 13, state word 2: its firmware cursor is read and handed back
 *   with the first pair's (GAP: what it counts; the model moves it with
 *   every report);
 * - channel 14, state words 0 and 2: handed back the same way, never
 *   read (GAP: their records; the model writes a zeroed entry at the
 *   first pair's cursor; 512 entries, the 0x9000-byte record array, M).
 *
 * That the secondary reports the primary's completions is the strictest
 * reading (L): the reference accepts kind-1 records from it and uses
 * none.
 */
static const struct fwm_report_ring g17p_reports[] = {
	{ .ch = 13, .state = 0, .record = true, .entries = FWM_RING_ENTRIES },
	{ .ch = 13, .state = 2, .entries = FWM_RING_ENTRIES },
	{ .ch = 14, .state = 0, .record = true, .entries = FWM_STAT_ENTRIES },
	{ .ch = 14, .state = 2, .entries = FWM_STAT_ENTRIES },
};

/*
 * The secondary's startup receipt: at control start it posts {13, 1, 0}
 * as the first record of its channel 13 (the reference finds exactly
 * that one record there, firmware cursor 1, before its first work:
 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9, the
 * startup check after report_snapshot).  When exactly it comes is not
 * known: strictest reading, while control start is taken, the latest
 * moment before the reference looks.
 */
static int g17p_control_started(struct agx4_fwmodel *m, unsigned int inst)
{
	u8 rec[FWM_EVT_RECORD] = {};

	if (inst != 1)
		return 0;
	/* It waits for room, as every record the firmware posts. */
	if (!agx4_fwmodel_event_room(m, inst))
		return -EAGAIN;
	put_unaligned_le32(13, rec);
	put_unaligned_le32(1, rec + 4);
	agx4_fwmodel_post(m, inst, rec, true);
	return 0;
}

const struct fwm_gen_desc agx4_fwmodel_g17p_desc = {
	.instances = 2,
	/* "pagetables" is at least 0x80000 (H); the other sizes are GAP. */
	.region_size = {
		[FWM_R_TTBS] = SZ_16K,
		[FWM_R_PAGETABLES] = SZ_512K,
		[FWM_R_L2] = SZ_16K,
		[FWM_R_HANDOFF] = SZ_16K,
		[FWM_R_FIRMWARE] = SZ_64K,
		[FWM_R_FIRMWARE2] = SZ_64K,
	},
	/*
	 * The host keeps the secondary's high root 0x40000 after the
	 * primary's (H); that the secondary firmware runs on it is L.
	 */
	.secondary_root_offset = 0x40000,
	.version = { 0x04c0, 0x0396, 0xa322, 0x0c8a },
	.root_size = { 0xb8, 0xc8 },
	.main_size = 0x600,
	.sgx_id = g17p_sgx_id,
	.windows = g17p_windows,
	.num_windows = ARRAY_SIZE(g17p_windows),
	/* What the model's t8140 node gives (agx4_fwmodel_dt_fill()). */
	.sgx_pa = AGX4_FWMODEL_T8140_SGX,
	.check_root = g17p_check_root,
	.ctl_cursor = g17p_ctl_cursor,
	.work_cursor = g17p_work_cursor,
	.acked = g17p_acked,
	.ctl_record = g17p_ctl_record,
	.work_msg = agx4_fwmodel_g17p_work_msg,
	.open_lane = agx4_fwmodel_g17p_open_lane,
	.step = agx4_fwmodel_g17p_step,
	.retire = agx4_fwmodel_g17p_retire,
	.tvb_request = agx4_fwmodel_g17p_tvb_request,
	.tvb_echo = agx4_fwmodel_g17p_tvb_echo,
	.tvb_partial = agx4_fwmodel_g17p_tvb_partial,
	/* G17P only consumes a memory-limit report (H). */
	.limit_reply = false,
	.reports = g17p_reports,
	.nreports = ARRAY_SIZE(g17p_reports),
	.control_started = g17p_control_started,
	/* H: g17p_memory.rs@e64fbc4e Memory::prepare_cold (stale_contexts()). */
	.stale_contexts = true,
};
