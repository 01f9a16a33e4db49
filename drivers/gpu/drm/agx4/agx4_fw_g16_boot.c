// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/delay.h>
#include <linux/err.h>
#include <linux/random.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g16.h"
#include "agx4_fw_g16_power.h"
#include "agx4_fw_obj.h"
#include "agx4_fwif_g16.h"

/**
 * DOC: G16 boot
 *
 * The G16 firmware (t8132, one instance) boots in this order:
 *
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
 *    control cursors mapped for the firmware (the producer page read-only).
 * 5. Publication: every work cursor is zeroed, the control cursors are
 *    (0, 0) with the producer at 1 (slot 0 of the control ring already
 *    holds the initial record), context 0 is written, and the root goes
 *    out (0x81).  The firmware accepts it by writing 1 at status A +0x14.
 * 6. Opening: two device-control records follow the initial one (another
 *    initial record, and the registration of the opening control data),
 *    the notification state and ring are published in status B, and the
 *    doorbell rings.  The firmware consumes both records (every control
 *    cursor at 3), writes 1 at status A +0x1c and posts a receipt.
 *
 * Every step is bounded by the boot's timeout; a failure unwinds all of
 * it.  Still missing (named where it matters): the opening FList contents
 * and support objects, the register windows whose sizes are not known,
 * the second context and the bootstrap barrier.  Real firmware needs
 * them; the firmware model does not check them.
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

/* The main config's header pointer: the producer page + 0x68 (M). */
#define G16_MC_HEADER		0x68

/* Records the opening registration announces (M). */
#define G16_OPENING_OPERANDS	160

/* Device-control records queued at boot: slot 0, then slots 1 and 2. */
#define G16_CTL_BOOT_RECORDS	3

/*
 * Register windows hwdata describes whose offset and size are known:
 * slot, SGX offset, size, writable.  Slots 0 and 3 (the meta software
 * interrupt page and the memory-controller windows), 31, 39, 40, 41 and
 * the absolute windows 9, 10, 12, 14 and 15 are GAP: their sizes are not
 * known; they are left out.
 */
static const struct {
	u32 slot;
	u32 offset;
	u32 size;
	bool rw;
} g16_windows[] = {
	{ 17, 0x0, 0x20000, true },
	{ 22, 0x1000000, 0x8000, true },
	{ 26, 0xd04000, 0x8000, true },
	{ 28, 0xd58000, 0x8000, true },
	{ 29, 0xd10000, 0x4000, true },
	{ 32, 0xd60000, 0x8000, true },
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
	struct agx4_fw_obj *operands;
	struct agx4_fw_obj *notify;
	struct agx4_fw_obj *policy;
	struct agx4_fw_obj *regions[3];
	struct agx4_fw_regwin_in wins[ARRAY_SIZE(g16_windows)];
};

static void sgx_set(struct agx4_device *adev, u32 reg, u32 bits)
{
	agx4_device_write_sgx(adev, reg, agx4_device_read_sgx(adev, reg) | bits);
}

static u8 *status_a(struct g16_boot *g)
{
	return (u8 *)g->status->cpu + G16_STATUS_A;
}

static int alloc_objects(struct agx4_fw_boot *b, struct g16_boot *g)
{
	const struct {
		struct agx4_fw_obj **obj;
		const char *name;
		u64 size;
		unsigned int class;
	} objs[] = {
		/* Named for what the decoder shows of it: hwdata comes first. */
		{ &g->bundle, "hwdata", G16_BUNDLE_SIZE, AGX4_FW_OBJ_PRIVATE },
		{ &g->root, "root_extra", SZ_16K, AGX4_FW_OBJ_RO },
		{ &g->region_a, "region_a", SZ_16K, AGX4_FW_OBJ_RO },
		{ &g->region_c, "region_c", SZ_16K, AGX4_FW_OBJ_RO },
		{ &g->status, "status", G16_STATUS_SIZE, AGX4_FW_OBJ_SHARED },
		/* GAP: the opening FList and operand table are left zeroed. */
		{ &g->control_data, "control_data", SZ_16K, AGX4_FW_OBJ_PRIVATE },
		{ &g->operands, "operands", SZ_16K, AGX4_FW_OBJ_SHARED },
		/* The mapping-notification state (first page) and ring. */
		{ &g->notify, "notify", 2 * SZ_16K, AGX4_FW_OBJ_SHARED },
		/* Extra policy objects the power block points at, zeroed (GAP). */
		{ &g->policy, "policy", SZ_16K, AGX4_FW_OBJ_PRIVATE },
		/* GAP: the opening region objects are left zeroed. */
		{ &g->regions[0], "region_0", SZ_16K, AGX4_FW_OBJ_SHARED },
		{ &g->regions[1], "region_2", SZ_16K, AGX4_FW_OBJ_SHARED },
		{ &g->regions[2], "region_4", SZ_16K, AGX4_FW_OBJ_SHARED },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		*objs[i].obj = agx4_fw_boot_alloc(b, objs[i].name, objs[i].size,
						  objs[i].class);
		if (IS_ERR(*objs[i].obj))
			return PTR_ERR(*objs[i].obj);
	}
	g->producers = agx4_fw_boot_map_sgx(b, "producers", G16_SGX_PRODUCERS,
					    SZ_16K, AGX4_FW_OBJ_MMIO_RO);
	if (IS_ERR(g->producers))
		return PTR_ERR(g->producers);
	g->cursors = agx4_fw_boot_map_sgx(b, "cursors", G16_SGX_CURSORS,
					  SZ_16K, AGX4_FW_OBJ_MMIO);
	if (IS_ERR(g->cursors))
		return PTR_ERR(g->cursors);
	for (i = 0; i < ARRAY_SIZE(g16_windows); i++) {
		struct agx4_fw_obj *w;

		w = agx4_fw_boot_map_sgx(b, "window", g16_windows[i].offset,
					 g16_windows[i].size,
					 AGX4_FW_OBJ_MMIO);
		if (IS_ERR(w))
			return PTR_ERR(w);
		g->wins[i] = (struct agx4_fw_regwin_in){
			.slot = g16_windows[i].slot,
			.rw = g16_windows[i].rw,
			.pa = b->adev->plat.reg[AGX4_REG_SGX].start +
			      g16_windows[i].offset,
			.fw_va = w->va,
			.size = g16_windows[i].size,
			.stride = g16_windows[i].size,
			.sgx_offset = g16_windows[i].offset,
		};
	}
	return 0;
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
		.regions = {
			g->regions[0]->va, 0, g->regions[1]->va, 0,
			g->regions[2]->va, 0,
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

	ret = gen->build_hwdata(gen, &adev->plat, &hw, g->bundle->cpu,
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
	ret = gen->build_main_config(gen, &mc, g->bundle->cpu +
				     G16_BUNDLE_MAIN_CONFIG,
				     sizeof(struct g16_main_config));
	if (ret)
		return ret;
	ret = gen->build_root(gen, &root, g->root->cpu, g->root->size);
	if (ret)
		return ret;
	ret = agx4_fw_build_region_a(g->region_a->cpu, g->region_a->size);
	if (ret)
		return ret;
	ret = gen->build_region_c(&adev->plat, g->region_c->cpu,
				  g->region_c->size);
	if (ret)
		return ret;
	put_unaligned_le32(1, sb + G16_STATUS_PRESENT);
	put_unaligned_le32(1, status_a(g) + G16_STATUS_PRESENT);
	return 0;
}

/* The host's view of the control and event channels. */
static int setup_channels(struct agx4_fw_boot *b, struct g16_boot *g)
{
	struct agx4_device *adev = b->adev;
	struct g16_main_config *mc = g->bundle->cpu + G16_BUNDLE_MAIN_CONFIG;
	struct agx4_channel *ctl = &b->ctl[0];
	struct agx4_channel *ev = &b->events.ring;
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

	ret = agx4_channel_init(ev, "events", status_a(g) + G16_EVENT_RING,
				adev->gen->chan.event_size,
				adev->gen->chan.ring_entries);
	if (ret)
		return ret;
	ev->prod.ram = (u32 *)(status_a(g) + G16_EVENT_WRITE);
	ev->read.ram = (u32 *)(status_a(g) + G16_EVENT_READ);
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
	ret = agx4_fw_boot_contexts(b);
	if (ret)
		return ret;
	ret = agx4_fw_boot_publish_root(b, 0, g->root->va);
	if (ret)
		return ret;
	ret = agx4_fw_boot_wait_u32(b, (u32 *)(status_a(g) +
					       G16_STATUS_ACCEPTED), 1);
	if (ret)
		drm_err(&b->adev->base, "G16 firmware did not accept its init data: %d\n",
			ret);
	return ret;
}

static int open_control(struct agx4_fw_boot *b, struct g16_boot *g)
{
	const struct agx4_fw_gen *gen = b->adev->gen;
	struct agx4_fw_ctl reg = {
		.opcode = AGX4_FW_CTL_REGISTER,
		.control_data = g->control_data->va,
		.operands = g->operands->va,
		.count = G16_OPENING_OPERANDS,
	};
	u8 rec[AGX4_FW_CTL_SIZE] = { };
	u8 *sb = g->status->cpu;
	int ret;

	put_unaligned_le32(AGX4_FW_CTL_INITIAL, rec);
	ret = agx4_fw_boot_ctl_push(b, 0, rec, sizeof(rec));
	if (ret)
		return ret;
	ret = gen->build_ctl(&reg, rec, sizeof(rec));
	if (ret)
		return ret;
	ret = agx4_fw_boot_ctl_push(b, 0, rec, sizeof(rec));
	if (ret)
		return ret;
	put_unaligned_le64(g->notify->va, sb + G16_STATUS_B_NOTIFY_STATE);
	put_unaligned_le64(g->notify->va + SZ_16K, sb + G16_STATUS_B_NOTIFY_RING);
	put_unaligned_le32(1, sb + G16_STATUS_B_NOTIFY_ON);
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
	if (ret) {
		drm_err(&adev->base, "G16 init data: build failed: %d\n", ret);
		return ret;
	}
	ret = publish(b, g);
	if (!ret)
		ret = open_control(b, g);
	return ret;
}
