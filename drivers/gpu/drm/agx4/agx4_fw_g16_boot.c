// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/delay.h>
#include <linux/err.h>
#include <linux/iopoll.h>
#include <linux/random.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_event.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fw_g16_init.h"
#include "agx4_fw_g16_power.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_queue.h"
#include "agx4_fwif_g16.h"
#include "agx4_fwif_g16_power.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"

/**
 * DOC: G16 boot
 *
 * The G16 firmware (t8132, one instance) boots in this order:
 *
 * 0. The coprocessor must be cold (its run bit clear, its status
 *    "stopped"), before anything else is written.
 * 1. The "AXI transition" bits SGX+0x1000104 and SGX+0x1000108 are set and
 *    SGX+0xd06030 is written 6 (meaning unknown, GAP: the reference
 *    driver does it before every boot).
 * 2. The loader handoff page gets the host magic.
 * 3. The coprocessor starts; RTKit boots; endpoints 0x20 and 0x21 start.
 * 4. The init data is allocated and built: the bundle (hwdata, the
 *    power-controller block from the device tree's tunables, the work
 *    rings, then the main config with its channel table and the
 *    device-control ring), the root, regions A and C, the status area
 *    (status records A and B, the two support objects, the event and
 *    statistics rings), and the two register pages of the work and
 *    control cursors mapped for the firmware (the producer page read-only),
 *    and every register window hwdata lists, mapped where the reference
 *    driver maps them (see agx4_fw_g16_windows()).
 *    With them the device-wide objects that exist before any submission:
 *    the opening FList in CONTROL_DATA with CONTROL_AUX, its operand
 *    namespace (a 4 MiB page list, the operand table, twenty 2 MiB operand
 *    buffers), the compute support with its shared state and its operand
 *    namespace (a directory and sixteen 2 MiB buffers) with the opening
 *    client's compute scratch and marker, the 96 resume
 *    records, the parameter-buffer descriptor table and the page after it.
 *    Each VM's render support is that VM's, made with it: nothing of it
 *    exists at boot.
 * 5. Publication: every work cursor is zeroed, the control cursors are
 *    (0, 0) with the producer at 1 (slot 0 of the control ring already
 *    holds the initial record), context 0 is written with the PB views in
 *    its low half and an empty root in its high half (the firmware runs
 *    on the loader's root, not on this slot), the opening client's
 *    address space gets the two operand namespaces, and the root goes
 *    out (0x81).  The firmware accepts it by writing 1 at status A +0x14.
 *    Only then is context 1 written: the opening client's low half and an
 *    empty high root of its own, both tagged 1.
 * 6. Opening: two device-control records follow the initial one (another
 *    initial record, and the registration of the opening FList and its
 *    operand table), the notification state and ring are published in
 *    status B, and the doorbell rings.  The firmware consumes both records
 *    (every control cursor at 3), writes 1 at status A +0x1c and posts a
 *    receipt.
 * 7. The bootstrap barrier: one message on work channel 1 (priority 0,
 *    3D), with its producer, names a bootstrap queue whose ring holds two
 *    barrier items, both already satisfied; once the firmware reports
 *    the FList taken (its cursor, CONTROL_DATA +0x48, at 160), the kick
 *    (priority 0, 3D) follows.  The firmware takes the message (channel 1's read and done
 *    cursors at 1) and both items (the queue's read index at 2).
 *
 * Every step is bounded by the boot's timeout; a failure unwinds all of
 * it.
 *
 * The operand namespaces cost 73 MiB of memory per device (twenty and
 * sixteen 2 MiB buffers with their 32 KiB guards), the FList's page list
 * 4 MiB (0x80000 entries, of which the first 10240 are used), the rest a
 * few pages.
 */

/* Host-written registers of the boot (SGX offsets). */
#define G16_SGX_AXI_A		0x1000104
#define G16_SGX_AXI_B		0x1000108
#define G16_SGX_AXI_ON		BIT(0)
#define G16_SGX_D06030		0xd06030	/* GAP: meaning unknown */
#define G16_SGX_D06030_BOOT	6
/* The pages of the work and control cursors (see G16_CURSOR_*). */
#define G16_SGX_PRODUCERS	0xd60000
#define G16_SGX_CURSORS		0xd64000

/*
 * The bundle: hwdata at +0, the work rings from G16_WORK_RINGS, the main
 * config at +0x1da40 and its device-control ring (256 records from main
 * config +0x4c0) past the first 0x20000 bytes.
 */
#define G16_BUNDLE_SIZE		0x24000
#define G16_BUNDLE_MAIN_CONFIG	0x1da40
#define G16_HWDATA_SIZE		0x3db4

/*
 * The status area, as the reference lays it out from status B: status A
 * at +0xf180 and the two support objects at +0xeb00 and +0xc3440, with
 * status A's event (+0x2c0) and statistics (+0xafac0) rings inside.
 */
#define G16_STATUS_SIZE		0xc8000
#define G16_STATUS_A		0xf180
#define G16_STATUS_EXTRA_0	0xeb00
#define G16_STATUS_EXTRA_1	0xc3440
/* Status B: the notification state and ring pointers, and their flag. */
#define G16_STATUS_B_NOTIFY_STATE	0x4f88
#define G16_STATUS_B_NOTIFY_RING	0x4f90
#define G16_STATUS_B_NOTIFY_ON		0x4fd4
/* Status records: "present" at +4; accepted at +0x10 / +0x14; opened. */
#define G16_STATUS_PRESENT	0x04
#define G16_STATUS_ACCEPTED	0x14
#define G16_STATUS_OPENED	0x1c
/* Status A: the event channel's host read and firmware write cursors. */
#define G16_EVENT_READ		0x40
#define G16_EVENT_WRITE		0x60
#define G16_EVENT_RING		0x2c0

/*
 * The other cursor pairs of status A that the host hands back at every
 * drain, by copying the firmware's cursor (at +0x20) into the host's (at
 * +0), without reading a record (H: the G16 reference acknowledges these
 * rings after each drain; GAP: what the firmware counts in them).  Their
 * entries, where known: the event channel's second pair counts its 256
 * records, the statistics channel's second pair its 512 (H); the other five
 * are not known, so their firmware cursor is handed back unchecked
 * (%G16_CREDIT_UNBOUNDED).
 */
#define G16_CREDIT_FW		0x20
#define G16_CREDIT_UNBOUNDED	U32_MAX
static const struct {
	u32 host;
	u32 entries;
} g16_credits[] = {
	{ 0x80, AGX4_FW_RING_ENTRIES },
	{ 0x280, G16_TRACE_ENTRIES },
	{ 0xb0, G16_CREDIT_UNBOUNDED },
	{ 0xe0, G16_CREDIT_UNBOUNDED },
	{ 0x110, G16_CREDIT_UNBOUNDED },
	{ 0x140, G16_CREDIT_UNBOUNDED },
	{ 0x170, G16_CREDIT_UNBOUNDED },
};

/*
 * Status A: the statistics ring's (channel 14's) first cursor pair, whose
 * records the host reads (agx4_event_add_stats()) before it hands them
 * back like the other pairs.
 */
#define G16_STATS_READ		0x240

/* The main config's header pointer: the producer page + 0x68 (M). */
#define G16_MC_HEADER		0x68

/* Records the opening registration announces (M): 8 per operand buffer. */
#define G16_OPENING_OPERANDS	160

/*
 * The bootstrap queue, agx4's placement (the firmware learns it from the
 * record and the work message): a firmware-private object with the queue
 * record, its private area, the barrier item and the item ring; a shared
 * one with the pointer block, the job list, the queue context and the
 * stamp the barrier waits for.
 */
#define G16_BQ_BARRIER		0x2500
#define G16_BQ_RING		0x4000
#define G16_BQ_SIZE		0x8000
#define G16_BS_JOB_LIST		0x100
#define G16_BS_CONTEXT		0x140
#define G16_BS_STAMP		0x200
/*
 * M: the reference's bootstrap values: queue UUID 1, priority 0, event 1;
 * each barrier item waits for 0 at the zero stamp (so it is satisfied),
 * as stamp 1 of UUID 1, event 0.
 */
#define G16_BOOT_UUID		1
#define G16_BOOT_PRIORITY	0
#define G16_BOOT_EVENT		1
#define G16_BOOT_OWN_STAMP	1
#define G16_BOOT_ITEMS		2
/* Work channel 1: priority 0, 3D. */
#define G16_BOOT_CHANNEL_PRIO	0
/* The work message's head word: new write index, event, first. */
#define G16_MSG_EVENT_SHIFT	16
#define G16_MSG_FIRST		BIT(24)
/* M: status A words the reference clears before the barrier. */
#define G16_STATUS_A_10		0x10
#define G16_STATUS_A_18		0x18

/* The alias attributes: GPU read-write, uncached (H: the reference's). */
static const struct agx4_uat_prot gpu_rw = {
	.access = AGX4_UAT_GPU,
	.perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

/* The pause the reference makes before the opening's control doorbell. */
#define G16_OPEN_SETTLE_MS	100

/* Device-control records queued at boot: slot 0, then slots 1 and 2. */
#define G16_CTL_BOOT_RECORDS	3

/*
 * The register windows hwdata lists (H: every one, GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_platform.rs@3a2ad760
 * Platform::build_registers), in slot order, which is the order their
 * firmware addresses are packed in:
 *
 * - slot 0, the meta software-interrupt page: the 16 KiB page of the
 *   address in apple,sgx-meta-sw-interrupt;
 * - slot 3, the memory controllers: one 0x18000-byte window per bit set
 *   in apple,sgx-active-mcc-bit-vector, at %G16_MCC_BASE + (bit << 25),
 *   listed as one record (the first window's address, all their bytes,
 *   stride one window) and mapped one after the other;
 * - SGX windows at an offset in the SGX block, whose record's "relative"
 *   word is that offset, except for slots 22, 39 and 41, where it is 0;
 * - windows at fixed physical addresses outside it.
 *
 * The firmware may write a window whose record has flag bit 1; it only
 * reads the others (slots 10, 14 and 15), mapped read-only.
 */
enum g16_window_kind {
	G16_WIN_META,
	G16_WIN_MCC,
	G16_WIN_SGX,
	G16_WIN_PHYS,
};

#define G16_MCC_BASE		0x2201c4000ull
#define G16_MCC_SIZE		0x18000

static const struct g16_window {
	u8 slot;
	u8 kind;
	/* The record's relative word is the SGX offset (else 0). */
	bool relative;
	bool rw;
	/* SGX offset or physical address; unused for slots 0 and 3. */
	u64 addr;
	/* Bytes; slot 3: per memory controller. */
	u32 size;
} g16_windows[] = {
	{ 0, G16_WIN_META, false, true, 0, SZ_16K },
	{ 3, G16_WIN_MCC, false, true, 0, G16_MCC_SIZE },
	{ 9, G16_WIN_PHYS, false, true, 0x3803d0000ull, 0x1000 },
	{ 10, G16_WIN_PHYS, false, false, 0x3803c0000ull, 0x2000 },
	{ 12, G16_WIN_PHYS, false, true, 0x50165c000ull, 0x4000 },
	{ 14, G16_WIN_PHYS, false, false, 0x380280000ull, 0x8000 },
	{ 15, G16_WIN_PHYS, false, false, 0x38c840000ull, 0x24000 },
	{ 17, G16_WIN_SGX, true, true, 0x0, 0x20000 },
	{ 22, G16_WIN_SGX, false, true, 0x1000000, 0x8000 },
	{ 26, G16_WIN_SGX, true, true, 0xd04000, 0x8000 },
	{ 27, G16_WIN_SGX, true, true, 0xd0d000, 0x1000 },
	{ 28, G16_WIN_SGX, true, true, 0xd58000, 0x8000 },
	{ 29, G16_WIN_SGX, true, true, 0xd10000, 0x4000 },
	{ 31, G16_WIN_SGX, true, true, 0xd40000, 0x4000 },
	{ 32, G16_WIN_SGX, true, true, 0xd60000, 0x8000 },
	{ 39, G16_WIN_SGX, false, true, 0xe08000, 0x8000 },
	{ 40, G16_WIN_SGX, true, true, 0xe1c000, 0x4000 },
	{ 41, G16_WIN_SGX, false, true, 0xe1f800, 0x4000 },
};

static_assert(ARRAY_SIZE(g16_windows) == AGX4_FW_G16_NUM_WINDOWS);

/*
 * Firmware objects at the reference's fixed addresses (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16.rs@1ab42a3a, which allocates them there before
 * the firmware starts; g16_fw.rs@bd25d194 names the root, CONTROL_DATA,
 * CONTROL_AUX and region 0, g16_compute.rs@1ab42a3a the compute support,
 * g16_power.rs@bd25d194 the policy page).  agx4 keeps every relation the
 * firmware sees and adds its own objects only in its heap.
 */
#define G16_FIXED_ROOT			0xfffffc2000100000ull
#define G16_FIXED_PB_TABLE		0xfffffc2000128000ull
#define G16_FIXED_PB_AUX		0xfffffc2000130000ull
#define G16_FIXED_CONTROL_AUX		0xfffffc2000148000ull
#define G16_FIXED_COMPUTE_STATE		0xfffffc20001b0000ull
#define G16_FIXED_RESUME		0xfffffc20001b8000ull
#define G16_FIXED_POLICY		0xfffffc20c0500000ull
#define G16_FIXED_REGION_0		0xfffffc20c0518000ull
#define G16_FIXED_CONTROL_DATA		0xfffffc20c0528000ull
#define G16_FIXED_COMPUTE_SUPPORT	0xfffffc20c05e8000ull
/* The mapping-notification state and ring, past the register windows. */
#define G16_FIXED_NOTIFY_STATE		0xfffffc2181000000ull
#define G16_FIXED_NOTIFY_RING		0xfffffc2181008000ull
/*
 * The empty buffer every render names (TA +0x30, 3D +0x38): zero bytes
 * just past the 80 records of the reference's device-wide bootstrap scene
 * page (H: g16_render.rs@1ab42a3a Addresses::bootstrap, empty_buffer).
 * agx4 has no such scene page (each pool has its own records): the page
 * is allocated there, zero, for the empty buffer alone.
 */
#define G16_FIXED_SCENE_PAGE		0xfffffc20c0600000ull
#define G16_EMPTY_BUFFER		0x2800

/*
 * The rest of what the reference allocates zeroed at fixed addresses:
 * firmware-private ranges and shared pages that nothing it builds points
 * at, so possibly firmware state at fixed addresses (L); the ones agx4
 * fills (the PB table and the page after it, the compute shared state
 * and support) are objects of their own above.
 */
static const struct {
	u64 va;
	u32 size;
	u32 class;
} g16_zero_ranges[] = {
	{ 0xfffffc20c0020000ull, 0x8c000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c00b0000ull, 0xc0000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0178000ull, 0x94000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0210000ull, 0x84000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0298000ull, 0xac000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0348000ull, 0x4000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0350000ull, 0x4000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0358000ull, 0x8000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0368000ull, 0x8000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0378000ull, 0xc000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0388000ull, 0x34000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c03c0000ull, 0xc4000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0488000ull, 0x34000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c04c0000ull, 0x10000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0510000ull, 0x4000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c0530000ull, 0x4000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc20c05ec000ull, 0x4000, AGX4_FW_OBJ_PRIVATE },
	{ 0xfffffc2000110000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc2000118000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc2000120000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc2000150000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc2000140000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc20001c0000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc20001c4000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc20001c8000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc20001cc000ull, 0x4000, AGX4_FW_OBJ_SHARED },
	{ 0xfffffc20c0524000ull, 0x4000, AGX4_FW_OBJ_SHARED },
};

/*
 * Zeroed ranges the reference maps GPU read-only in context 0 (H: g16.rs
 * @1ab42a3a, alloc_low); what reads them is not known (L).
 */
static const struct {
	u64 va;
	u32 size;
} g16_gpu_zero_ranges[] = {
	{ 0x7000000000ull, 0x8c000 },
	{ 0x7000090000ull, 0xc0000 },
	{ 0x7000158000ull, 0x94000 },
	{ 0x70001f0000ull, 0x84000 },
};

/* The GPU's read-only view of them. */
static const struct agx4_uat_prot gpu_ro = {
	.access = AGX4_UAT_GPU,
	.perm = AGX4_UAT_RO,
	.memtype = AGX4_UAT_UNCACHED,
};

struct g16_boot {
	struct agx4_fw_obj *bundle;
	struct agx4_fw_obj *root;
	struct agx4_fw_obj *region_a;
	struct agx4_fw_obj *region_c;
	struct agx4_fw_obj *status;
	struct agx4_fw_obj *producers;
	struct agx4_fw_obj *cursors;
	struct agx4_fw_obj *control_data;
	struct agx4_fw_obj *control_aux;
	struct agx4_fw_obj *operand_list;
	struct agx4_fw_obj *operand_table;
	struct agx4_fw_obj *operand_bufs;
	struct agx4_fw_obj *notify_state;
	struct agx4_fw_obj *notify_ring;
	struct agx4_fw_obj *policy;
	struct agx4_fw_obj *region_0;
	struct agx4_fw_obj *pb_table;
	struct agx4_fw_obj *pb_aux;
	struct agx4_fw_obj *compute_support;
	struct agx4_fw_obj *compute_state;
	struct agx4_fw_obj *resume;
	struct agx4_fw_obj *compute_dir;
	struct agx4_fw_obj *compute_scratch;
	struct agx4_fw_obj *compute_marker;
	struct agx4_fw_obj *compute_bufs;
	struct agx4_fw_obj *boot_queue;
	struct agx4_fw_obj *boot_shared;
	struct agx4_fw_obj *compute_stats;
	struct agx4_fw_obj *scene_page;
	struct agx4_fw_obj *gpu_zero[4];
	struct agx4_fw_regwin_in wins[AGX4_FW_G16_NUM_WINDOWS];
	/* Work channel 1, which carries the bootstrap barrier. */
	struct agx4_work_chan work;
	/* Submission's shared state, once the barrier went through. */
	struct agx4_fw_g16_sub sub;
};

static void sgx_set(struct agx4_device *adev, u32 reg, u32 bits)
{
	agx4_device_write_sgx(adev, reg, agx4_device_read_sgx(adev, reg) | bits);
}

static u8 *status_a(struct g16_boot *g)
{
	return (u8 *)g->status->cpu + G16_STATUS_A;
}

/* The memory controllers' windows, in bit order; returns how many. */
static unsigned int mcc_windows(u32 mask, phys_addr_t *pa)
{
	unsigned int bit, n = 0;

	for (bit = 0; bit < 32; bit++)
		if (mask & BIT(bit))
			pa[n++] = G16_MCC_BASE + ((u64)bit << 25);
	return n;
}

/**
 * agx4_fw_g16_windows() - the register windows hwdata lists, placed
 * @plat: the device-tree inputs (SGX block, meta software-interrupt
 *	address, memory-controller mask).
 * @base: the first firmware address of the windows' range.
 * @end: the end of that range.
 * @wins: receives the %AGX4_FW_G16_NUM_WINDOWS windows, in slot order.
 *
 * The firmware addresses are packed as the reference packs them
 * (g16_platform.rs@3a2ad760 Platform::build_registers): in slot order from
 * @base, each window at the cursor plus its offset in its 16 KiB page, the
 * cursor then moving past the window's pages and one unmapped guard page.
 *
 * Return: 0, -EINVAL for an SGX window outside the SGX block or no memory
 * controller, -ENOSPC when the windows do not fit below @end.
 */
AGX4_VISIBLE_IF_TEST int agx4_fw_g16_windows(const struct agx4_platform *plat,
					     u64 base, u64 end,
					     struct agx4_fw_regwin_in *wins)
{
	const struct agx4_range *sgx = &plat->reg[AGX4_REG_SGX];
	phys_addr_t mcc[32];
	unsigned int i, n_mcc = mcc_windows(plat->mcc_mask, mcc);
	u64 cursor = base;

	if (!n_mcc)
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(g16_windows); i++) {
		const struct g16_window *d = &g16_windows[i];
		struct agx4_fw_regwin_in *w = &wins[i];
		u64 in_page;

		*w = (struct agx4_fw_regwin_in){
			.slot = d->slot,
			.rw = d->rw,
			.size = d->size,
			.stride = d->size,
		};
		switch (d->kind) {
		case G16_WIN_META:
			w->pa = plat->meta_swi_addr & ~(u64)(SZ_16K - 1);
			break;
		case G16_WIN_MCC:
			w->pa = mcc[0];
			w->size = n_mcc * d->size;
			break;
		case G16_WIN_SGX:
			if (d->addr + d->size > sgx->size)
				return -EINVAL;
			w->pa = sgx->start + d->addr;
			w->sgx_offset = d->relative ? d->addr : 0;
			break;
		default:
			w->pa = d->addr;
			break;
		}
		in_page = w->pa & (SZ_16K - 1);
		w->fw_va = cursor + in_page;
		cursor += round_up(in_page + w->size, SZ_16K) + SZ_16K;
		if (cursor > end)
			return -ENOSPC;
	}
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_windows);

/*
 * Map every window where agx4_fw_g16_windows() placed it: device memory,
 * writable when the firmware may write it, from the 16 KiB page that
 * holds its start; the memory controllers' windows one after the other.
 */
static int map_windows(struct agx4_fw_boot *b, struct g16_boot *g)
{
	const struct agx4_platform *plat = &b->adev->plat;
	const struct agx4_range *r = &b->adev->gen->reg_windows;
	phys_addr_t mcc[32];
	unsigned int i, n;
	int ret;

	ret = agx4_fw_g16_windows(plat, r->start, r->start + r->size, g->wins);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(g->wins); i++) {
		const struct agx4_fw_regwin_in *w = &g->wins[i];
		u64 in_page = w->pa & (SZ_16K - 1);
		phys_addr_t pa = w->pa - in_page;

		if (g16_windows[i].kind == G16_WIN_MCC) {
			n = mcc_windows(plat->mcc_mask, mcc);
			ret = agx4_fw_boot_map_window(b, w->fw_va, mcc, n,
						      w->stride, w->rw);
		} else {
			ret = agx4_fw_boot_map_window(b, w->fw_va - in_page,
						      &pa, 1,
						      round_up(in_page + w->size,
							       SZ_16K),
						      w->rw);
		}
		if (ret)
			return ret;
	}
	return 0;
}

static int alloc_objects(struct agx4_fw_boot *b, struct g16_boot *g)
{
	const struct {
		struct agx4_fw_obj **obj;
		const char *name;
		u64 size;
		unsigned int class;
		/* Where the reference places it (H), or 0: the heap. */
		u64 at;
	} objs[] = {
		/* Named for what the decoder shows of it: hwdata comes first. */
		{ &g->bundle, "hwdata", G16_BUNDLE_SIZE, AGX4_FW_OBJ_PRIVATE },
		{ &g->root, "root_extra", SZ_16K, AGX4_FW_OBJ_RO, G16_FIXED_ROOT },
		{ &g->region_a, "region_a", SZ_16K, AGX4_FW_OBJ_RO },
		{ &g->region_c, "region_c", SZ_16K, AGX4_FW_OBJ_RO },
		{ &g->status, "status", G16_STATUS_SIZE, AGX4_FW_OBJ_SHARED },
		/* CONTROL_DATA holds the opening FList. */
		{ &g->control_data, "flist", SZ_16K, AGX4_FW_OBJ_PRIVATE,
		  G16_FIXED_CONTROL_DATA },
		{ &g->control_aux, "control_aux", SZ_16K, AGX4_FW_OBJ_SHARED,
		  G16_FIXED_CONTROL_AUX },
		/* The opening namespace: GPU-only, aliased in context 1. */
		{ &g->operand_list, "operand_list",
		  G16_FLIST_ENTRIES * sizeof(__le64), AGX4_FW_OBJ_SHARED },
		{ &g->operand_table, "operand_table", G16_OPEN_TABLE_SIZE,
		  AGX4_FW_OBJ_SHARED },
		/* The mapping-notification state and ring. */
		{ &g->notify_state, "notify_state", SZ_16K,
		  AGX4_FW_OBJ_SHARED, G16_FIXED_NOTIFY_STATE },
		{ &g->notify_ring, "notify_ring", SZ_16K, AGX4_FW_OBJ_SHARED,
		  G16_FIXED_NOTIFY_RING },
		/* Extra policy objects the power block points at, zeroed (GAP). */
		{ &g->policy, "policy", SZ_16K, AGX4_FW_OBJ_PRIVATE,
		  G16_FIXED_POLICY },
		/* GAP: the main config's first region, left zeroed. */
		{ &g->region_0, "region_0", SZ_16K, AGX4_FW_OBJ_SHARED,
		  G16_FIXED_REGION_0 },
		/* Zero until a VM's TVB pool takes a slot. */
		{ &g->pb_table, "pb_table", SZ_16K, AGX4_FW_OBJ_SHARED,
		  G16_FIXED_PB_TABLE },
		/* GAP: the page after the table, left zeroed. */
		{ &g->pb_aux, "pb_aux", SZ_16K, AGX4_FW_OBJ_SHARED,
		  G16_FIXED_PB_AUX },
		{ &g->compute_support, "support", SZ_16K, AGX4_FW_OBJ_PRIVATE,
		  G16_FIXED_COMPUTE_SUPPORT },
		{ &g->compute_state, "compute_state", SZ_16K,
		  AGX4_FW_OBJ_SHARED, G16_FIXED_COMPUTE_STATE },
		{ &g->resume, "resume", SZ_16K, AGX4_FW_OBJ_RO, G16_FIXED_RESUME },
		{ &g->compute_dir, "compute_directory",
		  G16_COMPUTE_DIRECTORY_SIZE, AGX4_FW_OBJ_SHARED },
		{ &g->compute_scratch, "compute_scratch",
		  G16_COMPUTE_SCRATCH_SIZE, AGX4_FW_OBJ_SHARED },
		{ &g->compute_marker, "compute_marker", G16_COMPUTE_MARKER_SIZE,
		  AGX4_FW_OBJ_SHARED },
		/*
		 * The operand buffers, each followed by its guard (allocated,
		 * never mapped for the GPU): one object per namespace.
		 */
		{ &g->operand_bufs, "operand_buffers",
		  G16_OPEN_NUM_BUFFERS * G16_OPERAND_BUFFER_STRIDE,
		  AGX4_FW_OBJ_SHARED },
		{ &g->compute_bufs, "compute_buffers",
		  G16_COMPUTE_NUM_BUFFERS * G16_OPERAND_BUFFER_STRIDE,
		  AGX4_FW_OBJ_SHARED },
		{ &g->boot_queue, "queue", G16_BQ_SIZE, AGX4_FW_OBJ_PRIVATE },
		{ &g->boot_shared, "pointers", SZ_16K, AGX4_FW_OBJ_SHARED },
		/*
		 * Written by the firmware only; every compute microsequence
		 * names it (the reference places it in a bootstrap compute
		 * queue's allocation, M).
		 */
		{ &g->compute_stats, "compute_stats", SZ_16K,
		  AGX4_FW_OBJ_PRIVATE },
		{ &g->scene_page, "empty_buffer", SZ_16K, AGX4_FW_OBJ_PRIVATE,
		  G16_FIXED_SCENE_PAGE },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		if (objs[i].at)
			*objs[i].obj = agx4_fw_boot_alloc_at(b, objs[i].name,
							     objs[i].at,
							     objs[i].size,
							     objs[i].class);
		else
			*objs[i].obj = agx4_fw_boot_alloc(b, objs[i].name,
							  objs[i].size,
							  objs[i].class);
		if (IS_ERR(*objs[i].obj))
			return PTR_ERR(*objs[i].obj);
	}
	for (i = 0; i < ARRAY_SIZE(g16_zero_ranges); i++) {
		struct agx4_fw_obj *z;

		z = agx4_fw_boot_alloc_at(b, "reference_zeroed",
					  g16_zero_ranges[i].va,
					  g16_zero_ranges[i].size,
					  g16_zero_ranges[i].class);
		if (IS_ERR(z))
			return PTR_ERR(z);
	}
	for (i = 0; i < ARRAY_SIZE(g16_gpu_zero_ranges); i++) {
		g->gpu_zero[i] = agx4_fw_boot_alloc(b, "gpu_zeroed",
						    g16_gpu_zero_ranges[i].size,
						    AGX4_FW_OBJ_SHARED);
		if (IS_ERR(g->gpu_zero[i]))
			return PTR_ERR(g->gpu_zero[i]);
	}
	/*
	 * H: the two cursor pages are mapped normal uncached, as shared
	 * memory, not as device memory like the register windows (the
	 * reference's choice, which says it differs on purpose).
	 */
	g->producers = agx4_fw_boot_map_sgx(b, "producers", G16_SGX_PRODUCERS,
					    SZ_16K, AGX4_FW_OBJ_EXTERNAL_RO);
	if (IS_ERR(g->producers))
		return PTR_ERR(g->producers);
	g->cursors = agx4_fw_boot_map_sgx(b, "cursors", G16_SGX_CURSORS,
					  SZ_16K, AGX4_FW_OBJ_EXTERNAL);
	if (IS_ERR(g->cursors))
		return PTR_ERR(g->cursors);
	return map_windows(b, g);
}

/* The device-wide objects that exist before the first submission. */
static int build_device_objects(struct g16_boot *g)
{
	struct g16_compute_state *cs = g->compute_state->cpu;
	int ret;

	ret = agx4_fw_g16_build_flist(g->control_data->cpu,
				      g->control_data->size,
				      g->control_aux->va);
	if (!ret)
		ret = agx4_fw_g16_build_operand_dir(g->operand_list->cpu,
						    g->operand_list->size,
						    G16_OPEN_BUFFERS,
						    G16_OPEN_NUM_BUFFERS);
	if (!ret)
		ret = agx4_fw_g16_build_operand_dir(g->compute_dir->cpu,
						    g->compute_dir->size,
						    G16_COMPUTE_BUFFERS,
						    G16_COMPUTE_NUM_BUFFERS);
	if (!ret)
		ret = agx4_fw_g16_build_compute_support(g->compute_support->cpu,
							g->compute_support->size,
							g->compute_state->va);
	if (!ret)
		ret = agx4_fw_g16_build_resume(g->resume->cpu, g->resume->size);
	if (ret)
		return ret;
	cs->published = cpu_to_le32(G16_COMPUTE_STATE_BOOT);
	return 0;
}

/*
 * @n operand buffers from @va, each 2 MiB followed by an unmapped guard:
 * the whole object is mapped, then each guard unmapped again (the object
 * unmaps the rest when it goes).
 */
static int map_buffers(struct agx4_uat *uat, struct agx4_fw_obj *obj, u64 va,
		       unsigned int n)
{
	struct agx4_uat_op op;
	unsigned int i;
	int ret;

	ret = agx4_fw_obj_alias(obj, uat, va, &gpu_rw);
	if (ret)
		return ret;
	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	for (i = 0; i < n; i++)
		agx4_uat_op_unmap(&op, va + (u64)i * G16_OPERAND_BUFFER_STRIDE +
				  G16_OPERAND_BUFFER_SIZE,
				  G16_OPERAND_BUFFER_STRIDE -
				  G16_OPERAND_BUFFER_SIZE);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	return 0;
}

/*
 * The GPU views.  Context 0's low half holds the PB descriptor table and
 * the page after it; context 1, the opening client (an address space of
 * its own in the low half, tagged with its context), holds the two
 * operand namespaces and the compute scratch and marker the reference
 * maps with them: as in the reference, which keeps them apart because
 * the page list at %G16_OPEN_LIST spans both PB views.  None of these
 * addresses is agx4's to choose: the FList, the compute support and the
 * main config's region list hand them to the firmware, which passes them
 * on to the GPU as they are (M: the reference has only ever used these).
 */
static int map_gpu_views(struct agx4_fw_boot *b, struct g16_boot *g)
{
	struct {
		struct agx4_fw_obj *obj;
		struct agx4_uat *uat;
		u64 va;
	} views[] = {
		{ g->pb_table, &b->dev_uat, G16_PB_TABLE_GPU },
		{ g->pb_aux, &b->dev_uat, G16_PB_AUX_GPU },
		{ g->operand_list, &b->render_uat, G16_OPEN_LIST },
		{ g->operand_table, &b->render_uat, G16_OPEN_TABLE },
		{ g->compute_dir, &b->render_uat, G16_COMPUTE_DIRECTORY },
		{ g->compute_scratch, &b->render_uat, G16_COMPUTE_SCRATCH },
		{ g->compute_marker, &b->render_uat, G16_COMPUTE_MARKER },
	};
	unsigned int i;
	int ret;

	ret = agx4_fw_boot_render_space(b);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(views); i++) {
		ret = agx4_fw_obj_alias(views[i].obj, views[i].uat, views[i].va,
					&gpu_rw);
		if (ret)
			return ret;
	}
	static_assert(ARRAY_SIZE(g16_gpu_zero_ranges) ==
		      ARRAY_SIZE(((struct g16_boot *)0)->gpu_zero));
	for (i = 0; i < ARRAY_SIZE(g16_gpu_zero_ranges); i++) {
		ret = agx4_fw_obj_alias(g->gpu_zero[i], &b->dev_uat,
					g16_gpu_zero_ranges[i].va, &gpu_ro);
		if (ret)
			return ret;
	}
	ret = map_buffers(&b->render_uat, g->operand_bufs, G16_OPEN_BUFFERS,
			  G16_OPEN_NUM_BUFFERS);
	if (!ret)
		ret = map_buffers(&b->render_uat, g->compute_bufs,
				  G16_COMPUTE_BUFFERS, G16_COMPUTE_NUM_BUFFERS);
	return ret;
}

static int build_init_data(struct agx4_fw_boot *b, struct g16_boot *g)
{
	struct agx4_device *adev = b->adev;
	const struct agx4_fw_gen *gen = adev->gen;
	u64 status_b = g->status->va, status_a_va = status_b + G16_STATUS_A;
	u64 mc_va = g->bundle->va + G16_BUNDLE_MAIN_CONFIG;
	struct agx4_fw_hwdata_in hw = {
		.ts_aperture = gen->ts_aperture.start,
		.wins = g->wins,
		.num_wins = ARRAY_SIZE(g->wins),
	};
	struct agx4_fw_mc_in mc = {
		.chan = {
			.bundle = g->bundle->va,
			.main_config = mc_va,
			.status_a = status_a_va,
			.cursors = g->cursors->va,
			.producers = g->producers->va,
		},
		.header = g->producers->va + G16_MC_HEADER,
		/* The PB table and the page after it, in both views. */
		.regions = {
			g->region_0->va, G16_PB_TABLE_GPU, g->pb_table->va,
			G16_PB_AUX_GPU, g->pb_aux->va, 0,
		},
	};
	struct agx4_fw_root_in root = {
		.region_a = g->region_a->va,
		.main_config = mc_va,
		.region_c = g->region_c->va,
		.status_a = status_a_va,
		.status_b = status_b,
		.extra_0 = status_b + G16_STATUS_EXTRA_0,
		.extra_1 = status_b + G16_STATUS_EXTRA_1,
	};
	struct agx4_fw_g16_power_in pwr = {
		.extra_1 = status_b + G16_STATUS_EXTRA_1,
		.policy = g->policy->va,
		.random = get_random_u32(),
	};
	u8 *sb = g->status->cpu;
	int ret;

	ret = agx4_fw_g16_build_hwdata(gen, &adev->plat, &hw, g->bundle->cpu,
				       G16_HWDATA_SIZE);
	if (ret)
		return ret;
	ret = agx4_fw_g16_build_power(&adev->plat, &pwr, g->bundle->cpu,
				      g->bundle->size);
	if (ret) {
		drm_err(&adev->base, "G16 power block not built (%d): apple,sgx-gpu-* tunables vs. a %u-clock sample period and %u mW\n",
			ret, adev->plat.sample_period_clks,
			adev->plat.max_power_mw);
		return ret;
	}
	ret = agx4_fw_g16_build_main_config(gen, &mc, g->bundle->cpu +
					    G16_BUNDLE_MAIN_CONFIG,
					    sizeof(struct g16_main_config));
	if (ret)
		return ret;
	ret = agx4_fw_build_root(gen, &root, g->root->cpu, g->root->size);
	if (ret)
		return ret;
	ret = agx4_fw_build_region_a(g->region_a->cpu, g->region_a->size);
	if (ret)
		return ret;
	ret = agx4_fw_g16_build_region_c(&adev->plat, g->region_c->cpu,
					 g->region_c->size);
	if (ret)
		return ret;
	ret = build_device_objects(g);
	if (ret)
		return ret;
	put_unaligned_le32(1, sb + G16_STATUS_PRESENT);
	put_unaligned_le32(1, status_a(g) + G16_STATUS_PRESENT);
	return 0;
}

/* The host's view @ch of the work channel of @stage at @prio. */
static int work_channel(struct agx4_fw_boot *b, struct g16_boot *g,
			struct agx4_work_chan *wc, u32 stage, u32 prio)
{
	struct agx4_device *adev = b->adev;
	u32 a = stage * G16_CURSOR_STAGE_STRIDE + prio * G16_CURSOR_PRIO_STRIDE;
	struct agx4_channel *ch = &wc->ch;
	int ret;

	ret = agx4_work_chan_init(wc, "work", g->bundle->cpu + G16_WORK_RINGS +
				  stage * G16_RING_STAGE_STRIDE +
				  (3 - prio) * G16_RING_PRIO_STRIDE,
				  adev->gen->chan.work_msg_size,
				  adev->gen->chan.ring_entries,
				  adev->gen->chan.work_limit);
	if (ret)
		return ret;
	ch->read = (struct agx4_cursor){
		.adev = adev, .sgx = G16_SGX_CURSORS + a };
	ch->done = (struct agx4_cursor){
		.adev = adev, .sgx = G16_SGX_CURSORS + a + G16_CURSOR_DONE };
	ch->prod = (struct agx4_cursor){
		.adev = adev,
		.sgx = G16_SGX_PRODUCERS + stage * G16_PRODUCER_STAGE_STRIDE +
		       prio * G16_PRODUCER_PRIO_STRIDE };
	return 0;
}

/* The host's view of the control, event and bootstrap work channels. */
static int setup_channels(struct agx4_fw_boot *b, struct g16_boot *g)
{
	struct agx4_device *adev = b->adev;
	struct g16_main_config *mc = g->bundle->cpu + G16_BUNDLE_MAIN_CONFIG;
	struct agx4_channel *ctl = &b->ctl[0];
	struct agx4_channel *ev = &b->events.ring;
	unsigned int i;
	int ret;

	ret = agx4_channel_init(ctl, "control", mc->control,
				adev->gen->chan.ctl_size,
				adev->gen->chan.ring_entries);
	if (ret)
		return ret;
	ctl->read = (struct agx4_cursor){
		.adev = adev, .sgx = G16_SGX_CURSORS + G16_CONTROL_CURSOR };
	ctl->done = (struct agx4_cursor){
		.adev = adev,
		.sgx = G16_SGX_CURSORS + G16_CONTROL_CURSOR + G16_CURSOR_DONE };
	ctl->prod = (struct agx4_cursor){
		.adev = adev, .sgx = G16_SGX_PRODUCERS + G16_CONTROL_PRODUCER };

	ret = work_channel(b, g, &g->work, AGX4_FW_LANE_3D,
			   G16_BOOT_CHANNEL_PRIO);
	if (ret)
		return ret;

	ret = agx4_channel_init(ev, "events", status_a(g) + G16_EVENT_RING,
				adev->gen->chan.event_size,
				adev->gen->chan.ring_entries);
	if (ret)
		return ret;
	ev->prod.ram = (u32 *)(status_a(g) + G16_EVENT_WRITE);
	ev->read.ram = (u32 *)(status_a(g) + G16_EVENT_READ);
	ret = agx4_event_add_stats(&b->events, status_a(g) +
				   agx4_fw_status_records(AGX4_FW_CHAN_TRACE),
				   (u32 *)(status_a(g) + G16_STATS_READ),
				   (u32 *)(status_a(g) + G16_STATS_READ +
					   G16_CREDIT_FW), G16_TRACE_ENTRIES);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(g16_credits); i++) {
		u8 *host = status_a(g) + g16_credits[i].host;

		ret = agx4_event_add_credit(&b->events, (u32 *)host,
					    (u32 *)(host + G16_CREDIT_FW),
					    g16_credits[i].entries);
		if (ret)
			return ret;
	}
	return 0;
}

static void zero_cursors(struct agx4_fw_boot *b)
{
	struct agx4_device *adev = b->adev;
	unsigned int i;

	for (i = 0; i < AGX4_FW_NUM_WORK_CHANNELS; i++) {
		u32 stage = i % 3, prio = i / 3;
		u32 a = G16_SGX_CURSORS + stage * G16_CURSOR_STAGE_STRIDE +
			prio * G16_CURSOR_PRIO_STRIDE;

		agx4_device_write_sgx(adev, a, 0);
		agx4_device_write_sgx(adev, a + G16_CURSOR_DONE, 0);
		agx4_device_write_sgx(adev, G16_SGX_PRODUCERS +
				      stage * G16_PRODUCER_STAGE_STRIDE +
				      prio * G16_PRODUCER_PRIO_STRIDE, 0);
	}
	/* Slot 0 of the control ring holds the initial record already. */
	agx4_device_write_sgx(adev, G16_SGX_CURSORS + G16_CONTROL_CURSOR, 0);
	agx4_device_write_sgx(adev, G16_SGX_CURSORS + G16_CONTROL_CURSOR +
			      G16_CURSOR_DONE, 0);
	b->ctl[0].head = 1;
	agx4_cursor_set(&b->ctl[0].prod, 1);
}

static int publish(struct agx4_fw_boot *b, struct g16_boot *g)
{
	int ret;

	zero_cursors(b);
	/* Context 0's high half is an empty root (see agx4_fw_boot_contexts()). */
	ret = agx4_fw_boot_contexts(b, true);
	if (!ret)
		ret = map_gpu_views(b, g);
	if (ret)
		return ret;
	ret = agx4_fw_boot_publish_root(b, 0, g->root->va);
	if (ret)
		return ret;
	ret = agx4_fw_boot_wait_u32(b, (u32 *)(status_a(g) +
					       G16_STATUS_ACCEPTED), 1);
	if (ret) {
		drm_err(&b->adev->base, "G16 firmware did not accept its init data: %d\n",
			ret);
		return ret;
	}
	/*
	 * H: context 1, the opening client, is written only now, after the
	 * acceptance, with an empty high root of its own
	 * (GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
	 * Bootstrap::open_control).
	 */
	return agx4_fw_boot_render_context(b, true);
}

static int open_control(struct agx4_fw_boot *b, struct g16_boot *g)
{
	const struct agx4_fw_gen *gen = b->adev->gen;
	struct agx4_fw_ctl reg = {
		.opcode = AGX4_FW_CTL_REGISTER,
		.control_data = g->control_data->va,
		.operands = G16_OPEN_TABLE,
		.count = G16_OPENING_OPERANDS,
	};
	struct agx4_channel *ctl = &b->ctl[0];
	u8 rec[2][AGX4_FW_CTL_SIZE] = { };
	u8 *sb = g->status->cpu;
	int ret;

	/*
	 * H: the reference opens only a control channel that took the
	 * initial record and nothing else: read, done and producer at 1.
	 */
	if (agx4_cursor_get(&ctl->read) != 1 ||
	    agx4_cursor_get(&ctl->done) != 1 ||
	    agx4_cursor_get(&ctl->prod) != 1) {
		drm_err(&b->adev->base, "G16 control channel not ready to open (%u/%u/%u)\n",
			agx4_cursor_get(&ctl->read), agx4_cursor_get(&ctl->done),
			agx4_cursor_get(&ctl->prod));
		return -EIO;
	}
	/* Both records, then the producer once, at 3 (H: the reference). */
	put_unaligned_le32(AGX4_FW_CTL_INITIAL, rec[0]);
	ret = gen->build_ctl(&reg, rec[1], sizeof(rec[1]));
	if (ret)
		return ret;
	ret = agx4_fw_boot_ctl_push_n(b, 0, rec, sizeof(rec[0]), 2);
	if (ret)
		return ret;
	put_unaligned_le64(g->notify_state->va, sb + G16_STATUS_B_NOTIFY_STATE);
	put_unaligned_le64(g->notify_ring->va, sb + G16_STATUS_B_NOTIFY_RING);
	put_unaligned_le32(1, sb + G16_STATUS_B_NOTIFY_ON);
	/* M: the reference pauses before this doorbell; it says not why. */
	msleep(G16_OPEN_SETTLE_MS);
	ret = agx4_fw_boot_ctl_ring(b, 0);
	if (ret)
		return ret;
	ret = agx4_fw_boot_wait_ctl(b, 0);
	if (!ret)
		ret = agx4_fw_boot_wait_u32(b, (u32 *)(status_a(g) +
						       G16_STATUS_OPENED), 1);
	if (!ret)
		ret = agx4_event_wait_receipts(&b->events, 1, b->timeout_ms);
	if (ret)
		drm_err(&b->adev->base, "G16 firmware did not open its control channel: %d\n",
			ret);
	return ret;
}

/* The bootstrap queue: its record, pointers, job list, context and items. */
static int build_boot_queue(struct agx4_fw_boot *b, struct g16_boot *g)
{
	u64 qva = g->boot_queue->va, sva = g->boot_shared->va;
	u8 *q = g->boot_queue->cpu, *s = g->boot_shared->cpu;
	struct g16_pointers *ptr = (struct g16_pointers *)s;
	struct agx4_fw_job_list *jobs = (void *)(s + G16_BS_JOB_LIST);
	struct g16_queue_context *ctx = (void *)(s + G16_BS_CONTEXT);
	struct g16_barrier_boot *bar = (void *)(q + G16_BQ_BARRIER);
	__le64 *ring = (__le64 *)(q + G16_BQ_RING);
	const struct agx4_fw_queue_in in = {
		.pointers = sva,
		.ring = qva + G16_BQ_RING,
		.job_list = sva + G16_BS_JOB_LIST,
		.self = qva,
		.priority = G16_BOOT_PRIORITY,
		.lane = AGX4_FW_LANE_3D,
		.uuid = G16_BOOT_UUID,
		.context = sva + G16_BS_CONTEXT,
	};
	unsigned int i;
	int ret;

	static_assert(sizeof(struct g16_queue) + G16_QUEUE_PRIVATE_SIZE <=
		      G16_BQ_BARRIER);
	static_assert(G16_BQ_RING + G16_QUEUE_RING_ITEMS * sizeof(__le64) <=
		      G16_BQ_SIZE);
	ret = agx4_fw_g16_build_queue(&in, q, sizeof(struct g16_queue));
	if (ret)
		return ret;
	jobs->self = cpu_to_le64(in.job_list);
	ctx->gap_0[0] = G16_QUEUE_CONTEXT_0;
	ctx->gap_0[1] = G16_QUEUE_CONTEXT_0;
	ctx->gap_5 = G16_QUEUE_CONTEXT_5;
	ctx->gap_26 = G16_QUEUE_CONTEXT_26;
	ctx->gap_33 = G16_QUEUE_CONTEXT_33;
	/* Satisfied already: it waits for 0 at a stamp that is 0. */
	bar->type = cpu_to_le32(G16_ITEM_BARRIER);
	bar->stamp = cpu_to_le64(sva + G16_BS_STAMP);
	bar->own_stamp = cpu_to_le32(G16_BOOT_OWN_STAMP);
	bar->uuid = cpu_to_le32(G16_BOOT_UUID);
	/* M: the reference's two items are the same item, twice. */
	for (i = 0; i < G16_BOOT_ITEMS; i++)
		ring[i] = cpu_to_le64(qva + G16_BQ_BARRIER);
	ptr->capacity = cpu_to_le32(G16_QUEUE_RING_ITEMS);
	ptr->write = cpu_to_le32(G16_BOOT_ITEMS);
	return 0;
}

/* The bootstrap barrier: the first work the firmware takes. */
static int submit_barrier(struct agx4_fw_boot *b, struct g16_boot *g)
{
	struct g16_flist *fl = g->control_data->cpu;
	struct g16_pointers *ptr = g->boot_shared->cpu;
	const struct g16_work_msg msg = {
		.tag = cpu_to_le64(1),
		.queue = cpu_to_le64(g->boot_queue->va),
		.kind = cpu_to_le32(AGX4_FW_LANE_3D),
		.head = cpu_to_le32(G16_BOOT_ITEMS |
				    (G16_BOOT_EVENT << G16_MSG_EVENT_SHIFT) |
				    G16_MSG_FIRST),
	};
	bool done;
	u64 kick;
	int ret;

	ret = build_boot_queue(b, g);
	if (ret)
		return ret;
	/* H: the reference sends the barrier only on an untouched channel. */
	if (agx4_cursor_get(&g->work.ch.read) || agx4_cursor_get(&g->work.ch.done) ||
	    agx4_cursor_get(&g->work.ch.prod)) {
		drm_err(&b->adev->base, "G16 work channel 1 not empty before the barrier (%u/%u/%u)\n",
			agx4_cursor_get(&g->work.ch.read),
			agx4_cursor_get(&g->work.ch.done),
			agx4_cursor_get(&g->work.ch.prod));
		return -EBUSY;
	}
	put_unaligned_le32(0, status_a(g) + G16_STATUS_A_10);
	put_unaligned_le32(0, status_a(g) + G16_STATUS_A_18);
	ret = agx4_channel_push(&g->work.ch, &msg, sizeof(msg));
	if (ret)
		return ret;
	/*
	 * H: as the reference, with the message and producer written, wait
	 * until the firmware took the FList (its cursor at 8 per operand
	 * buffer) with CONTROL_AUX 0 or 1, and only then kick
	 * (GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
	 * Bootstrap::submit_barrier).
	 */
	ret = agx4_fw_boot_wait_u32(b, (const u32 *)(void *)&fl->cursor,
				    G16_FLIST_TAKEN);
	if (!ret && get_unaligned_le32(g->control_aux->cpu) > 1)
		ret = -EPROTO;
	if (ret) {
		drm_err(&b->adev->base, "G16 firmware did not take the opening FList: %d (%u/%u, aux %u)\n",
			ret, le32_to_cpu(READ_ONCE(fl->cursor)), G16_FLIST_TAKEN,
			get_unaligned_le32(g->control_aux->cpu));
		return ret;
	}
	ret = agx4_rtkit_msg_kick(G16_BOOT_CHANNEL_PRIO, AGX4_FW_LANE_3D,
				  &kick);
	if (!ret)
		ret = agx4_fw_boot_send(b, 0, AGX4_RTKIT_EP_DOORBELL, kick);
	if (ret)
		return ret;
	/* Both items taken, then the message retired on the channel. */
	ret = agx4_fw_boot_wait_u32(b, (const u32 *)(void *)&ptr->read,
				    G16_BOOT_ITEMS);
	if (!ret)
		ret = read_poll_timeout(agx4_channel_consumed, done, done, 1000,
					b->timeout_ms * 1000ull, false,
					&g->work.ch);
	if (ret)
		drm_err(&b->adev->base, "G16 firmware did not take the bootstrap barrier: %d (channel %u/%u, queue %u)\n",
			ret, agx4_cursor_get(&g->work.ch.read),
			agx4_cursor_get(&g->work.ch.done), le32_to_cpu(ptr->read));
	return ret;
}

/*
 * Submission's shared state: every work channel, its host cursor where
 * the producer is (channel 1 past the bootstrap barrier), and the
 * device-wide objects compute work names.
 */
static int init_submission(struct agx4_fw_boot *b, struct g16_boot *g)
{
	struct agx4_fw_g16_sub *sub = &g->sub;
	unsigned int i;
	int ret;

	/*
	 * In publication order across queues: a message carries its work's
	 * number, given at publication.
	 */
	agx4_engine_init(&sub->eng, b, b->adev->gen->submit->engine, true);
	agx4_room_init(&sub->leases);
	agx4_room_init(&sub->contexts);
	agx4_room_init(&sub->support_room);
	mutex_init(&sub->support_lock);
	mutex_init(&sub->tvb_lock);
	for (i = 0; i < AGX4_FW_NUM_WORK_CHANNELS; i++) {
		struct agx4_channel *ch = &sub->chans[i].ch;

		ret = work_channel(b, g, &sub->chans[i], i % 3, i / 3);
		if (ret)
			return ret;
		ch->head = agx4_cursor_get(&ch->prod) % ch->entries;
	}
	sub->compute_support = g->compute_support->va;
	sub->compute_state = g->compute_state->cpu;
	sub->compute_stats = g->compute_stats->va;
	sub->empty_buffer = g->scene_page->va + G16_EMPTY_BUFFER;
	sub->compute_dir = g->compute_dir;
	sub->compute_bufs = g->compute_bufs;
	sub->bundle = g->bundle->va;
	sub->pb_table = g->pb_table->cpu;
	return 0;
}

/**
 * agx4_fw_g16_sub() - G16 submission's shared state
 * @b: the firmware, booted.
 *
 * Return: the state, or NULL if the firmware is not a booted G16.
 */
struct agx4_fw_g16_sub *agx4_fw_g16_sub(struct agx4_fw_boot *b)
{
	struct g16_boot *g = b ? b->gen_priv : NULL;

	return g && g->sub.compute_support ? &g->sub : NULL;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_sub);

/* The records debugfs and crash dumps show by name. */
static int add_views(struct agx4_fw_boot *b, struct g16_boot *g)
{
	const struct agx4_fw_boot_view views[] = {
		{ "fw_root", "root", g->root, 0 },
		{ "fw_hwdata", "hwdata", g->bundle, 0 },
		{ "fw_power", "power", g->bundle, G16_POWER },
		{ "fw_main_config", "main_config", g->bundle,
		  G16_BUNDLE_MAIN_CONFIG },
		{ "fw_region_c", "region_c", g->region_c, 0 },
		{ "fw_status_a", "status", g->status, G16_STATUS_A },
		{ "fw_status_b", "status", g->status, 0 },
	};

	return agx4_fw_boot_views(b, views, ARRAY_SIZE(views));
}

/**
 * agx4_fw_g16_boot() - &agx4_fw_gen.boot of G16
 * @b: the firmware, its lock held.
 *
 * Return: 0 or a negative errno; what was started is stopped by the
 * caller, what was allocated is freed by it.
 */
int agx4_fw_g16_boot(struct agx4_fw_boot *b)
{
	struct agx4_device *adev = b->adev;
	struct g16_boot *g;
	int ret;

	lockdep_assert_held(&b->lock);
	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return -ENOMEM;
	b->gen_priv = g;

	/*
	 * H: the coprocessor must be cold before anything is written
	 * (GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
	 * Bootstrap::new checks ASC+0x44 and +0x48 first).
	 */
	ret = agx4_fw_boot_check_cold(b, 0);
	if (ret)
		return ret;
	sgx_set(adev, G16_SGX_AXI_A, G16_SGX_AXI_ON);
	sgx_set(adev, G16_SGX_AXI_B, G16_SGX_AXI_ON);
	agx4_device_write_sgx(adev, G16_SGX_D06030, G16_SGX_D06030_BOOT);
	ret = agx4_fw_boot_handoff(b);
	if (ret)
		return ret;
	ret = agx4_fw_boot_start(b, 0);
	if (ret)
		return ret;
	ret = alloc_objects(b, g);
	if (ret) {
		drm_err(&adev->base, "G16 init data: allocation failed: %d\n", ret);
		return ret;
	}
	ret = build_init_data(b, g);
	if (!ret)
		ret = setup_channels(b, g);
	if (!ret)
		ret = add_views(b, g);
	if (ret) {
		drm_err(&adev->base, "G16 init data: build failed: %d\n", ret);
		return ret;
	}
	ret = publish(b, g);
	if (!ret)
		ret = open_control(b, g);
	if (!ret)
		ret = submit_barrier(b, g);
	if (!ret)
		ret = init_submission(b, g);
	return ret;
}
