// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bits.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g17p_boot.h"
#include "agx4_fw_g17p_init.h"
#include "agx4_fw_obj.h"
#include "agx4_fwif_g17p.h"
#include "agx4_fwif_g17p_power.h"
#include "agx4_g17p_sub.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"

/**
 * DOC: G17P boot
 *
 * The G17P firmware (t8140) runs on two coprocessors, a primary and a
 * secondary, which share most of their init data.  It boots in this order:
 *
 * 1. The init data is allocated from the firmware heap and built:
 *
 *    - the private cluster: both instances' work-state blocks (channel
 *      cursors), primary status B (its fwctl pointers and config block) and
 *      status A, secondary status A, the secondary's support object and
 *      the state object after it;
 *    - the bundle both instances share: hwdata with its constants, the
 *      region records and the computed-page pointer, the power block and
 *      third-page constants, the pointer to the state object, and both
 *      main configs, each with its control ring pre-staged (one consumed
 *      record in slot 0: 0x16 primary, 0x2a secondary);
 *    - region A and region C, shared; both roots (the primary's 0xb8
 *      bytes, the secondary's 0xc8 with its two support objects), 0x8000
 *      apart in one object; the fwctl page; the computed page; the two
 *      hw regions; the two primary regions and the sentinel page the
 *      primary main config names; the GPU register windows hwdata lists,
 *      at the reference's firmware addresses.
 *
 * 2. Context slots 3..63 are cleared (a loader's or an earlier run's
 *    table pointers), and the "AXI transition" bits SGX+0x1000104 and
 *    SGX+0x1000108 are set.
 * 3. Both coprocessors start, the primary first, then the secondary; each
 *    boots RTKit and starts endpoints 0x20 and 0x21.
 * 4. The loader handoff page gets the host magic.
 * 5. Context 0 is written (device address space, firmware half), the
 *    primary regions and hw regions are aliased into context 0, and
 *    context 1 gets the render address space.
 * 6. Both device-control rings are presented consumed: every counter of
 *    channel 12 is 1 on both instances.  The rings the firmware fills on
 *    both instances (channels 13 and 14) are handed to the event drain.
 * 7. Both roots are published (0x81), the primary first; both instances
 *    acknowledge (0x09), within 5 s as the reference waits.
 * 8. Both get control start (0x89), the primary first, 12 ms apart.
 * 9. Five status-config words are written into primary status B.
 * 10. The primary's device-control doorbell rings (0x84); 100 ms later
 *     both instances' channel-12 counters must still read (1, 1, 1).
 *
 * Every wait is bounded by the boot's timeout; a failure unwinds all of
 * it.
 *
 * Firmware addresses: only the register windows have fixed ones.  The
 * reference driver builds the init graph at the end of the loader's
 * private VM region (0xffff_fc20_0000_0000) at offsets copied from a
 * capture; the firmware needs only the relations between some of the
 * objects, which agx4 keeps by allocating the related parts as one object
 * (each is named where it is laid out) and by writing every pointer from
 * the addresses it allocated, including the one hwdata hides in its
 * constants (+0x26ac, the computed page).  Context 0's low half is agx4's
 * own, so the low aliases there keep the reference's addresses.  Both
 * instances see the firmware heap through the loader's shared table of
 * root entry 2 (the ``l2`` reservation), so the secondary's root needs no
 * copy of agx4's mappings as long as the heap stays in that entry.
 *
 * GAP, named where each matters:
 *
 * - SGX+0xd06030: one reference script writes 0 before the first init
 *   data, the reference driver nothing; agx4 does not write it.
 * - The endpoints start with the coprocessors, not at control start.
 * - Start order: the reference driver starts the primary first, its
 *   author's notes say the secondary first.
 * - Context 1's render address space is empty; the reference maps a
 *   blank render shape there, including the page hwdata +0x20 names.
 * - Region A is a zeroed page, as in the reference driver; whether the
 *   firmware wants real contents there is not known.
 * - The three unknown status-config words, and which of the five the
 *   firmware needs.
 * - Words one reference script writes just before the init data (main
 *   config +0x32c, +0x344; region C +0x7c, +0x80, +0x9c, +0xa0) and the
 *   reference driver does not: not written.
 * - The firmware's startup receipt on the event ring is not waited for.
 */

/* Host-written registers of the boot (SGX offsets). */
#define G17P_SGX_AXI_A		0x1000104
#define G17P_SGX_AXI_B		0x1000108
#define G17P_SGX_AXI_ON		BIT(0)
/* Context slots kept when the stale ones are cleared before the start (H). */
#define G17P_KEPT_CONTEXTS	3

/*
 * The private cluster: 0x178000 bytes at the graph base + 0x20000 in the
 * reference.  Kept whole (H for the offsets inside): primary status B
 * ends where primary status A begins; the primary's config block in
 * status B is the secondary root's first support object; the 0xb80-byte
 * state object bundle + 0x8ed8 names must follow the secondary's support
 * object (M: a stand-alone page there faults the firmware).
 */
#define G17P_CLUSTER_SIZE	0x178000
#define G17P_PRI_STATE		0x0		/* work-state base, cursors */
#define G17P_PRI_STATUS_B	0x340
#define G17P_PRI_STATUS_A	(G17P_PRI_STATUS_B + AGX4_G17P_STATUS_B_SIZE)
#define G17P_SEC_STATUS_A	0xc3100
#define G17P_SEC_STATE		0x1770c0
#define G17P_SEC_EXTRA		(G17P_SEC_STATE + 0x340)
#define G17P_STATE_OBJECT	(G17P_SEC_EXTRA + AGX4_G17P_SEC_EXTRA_SIZE)
#define G17P_STATE_OBJECT_SIZE	0xb80
static_assert(G17P_STATE_OBJECT + G17P_STATE_OBJECT_SIZE == G17P_CLUSTER_SIZE);
/* The primary's config block: status B + 0xe440, 0x6c0 bytes (H). */
#define G17P_SB_CONFIG		0xe440

/* Status records: "present" at +4 (H). */
#define G17P_STATUS_PRESENT	0x04
/*
 * Status A, each instance's: channel 13's records (256 of 0x48 bytes) and
 * its two cursor pairs, and channel 14's two pairs (512 entries), each
 * pair the host's cursor with the firmware's 0x20 after it (H: TRAILING_STATES,
 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_layout.rs@f22281c5, as
 * report_snapshot in g17p_boot.rs@21d3e5c9 reads them; M for 512: the
 * record array's size, 0x9000 bytes, in 0x48-byte entries).
 */
#define G17P_EVENT_READ		0x40
#define G17P_EVENT_WRITE	0x60
#define G17P_EVENT_RING		0x2c0
#define G17P_EVENT_READ2	0x80
#define G17P_EVENT_WRITE2	0xa0
#define G17P_TRACE_READ		0x240
#define G17P_TRACE_WRITE	0x260
#define G17P_TRACE_READ2	0x280
#define G17P_TRACE_WRITE2	0x2a0
#define G17P_TRACE_ENTRIES	512

/* Cursor words of a channel: read, done, producer (H). */
#define G17P_CUR_READ		0x00
#define G17P_CUR_DONE		0x10
#define G17P_CUR_PROD		0x20
/* Records each control ring holds at boot, consumed already (H). */
#define G17P_CTL_STAGED		1

/*
 * The bundle: hwdata at +0, both main configs (H: firmware-fixed relations
 * inside the one allocation both instances share, M).
 */
#define G17P_HWDATA_SIZE	0x3db4
#define G17P_MAIN_PRI		0x1e5c0
#define G17P_MAIN_SEC		0x22a80
/*
 * hwdata +0x26ac: the computed page, hidden in hwdata's constants as the
 * reference's address (graph base + 0x15d8000); agx4 writes its own (M:
 * the firmware follows the pointer, not the address).
 */
#define G17P_HWDATA_COMPUTED	0x26ac

/* The roots: the secondary's 0x8000 after the primary's (M, see below). */
#define G17P_ROOT_SEC		0x8000
#define G17P_ROOTS_SIZE		(G17P_ROOT_SEC + SZ_16K)

/* Each hw region is 8 pages; context 0 aliases all of them (H). */
#define G17P_HW_REGION_BYTES	0x20000

/*
 * Context-0 (low half) aliases of the primary regions and hw regions.
 * The firmware finds them through the main config's region views and
 * hwdata's region records, which carry these addresses; the addresses
 * themselves are the reference's (M: copied from a capture), kept because
 * context 0's low half is agx4's own and holds nothing else.
 */
#define G17P_CTX0_PRI_REGION0	0x7001838000ull
#define G17P_CTX0_PRI_REGION1	0x7001840000ull
#define G17P_CTX0_HW_REGION0	0x7001848000ull
#define G17P_CTX0_HW_REGION1	0x7001870000ull
static_assert(upper_32_bits(G17P_CTX0_PRI_REGION0) == G17P_MC_VIEW_TAG);

/* hwdata's two region records: lead and trail words (H, meaning GAP). */
#define G17P_HW_REGION0_LEAD	0x100
#define G17P_HW_REGION1_TRAIL	2

/*
 * How long both acknowledgments (0x09) may take: the reference polls 500
 * times, 10 ms apart, and stops early on a crash (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9 start_inner).  A device
 * that sets its own handshake timeout uses that instead.
 */
#define G17P_ACK_TIMEOUT_MS	5000

/* The pause the reference makes after the primary's control start. */
#define G17P_CONTROL_START_MS	12
/* And before it checks the control counters after the doorbell. */
#define G17P_CONTROL_SETTLE_MS	100

/*
 * The register windows hwdata lists, every one (H: REGISTERS,
 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_layout.rs@f22281c5):
 * slot, where (an offset in the SGX block, or a fixed physical address of
 * t8140 outside it: slots 0, 3, 9, 10, 12 and 14, which the device tree
 * does not give), size, the record's "relative" word (the SGX offset, or
 * 0 where the reference writes 0), the record's flag bit 1 (clear for
 * slots 10 and 14), and the firmware address the reference maps it at.
 * Windows are mapped from their containing 16 KiB pages, the firmware
 * address keeping the offset in the page, all of them device memory the
 * firmware may write, whatever the flag says: the reference maps every
 * one with the same writable device PTE (H: Vm::build,
 * g17p_vm.rs@fc79d23c).
 */
static const struct {
	u8 slot;
	bool sgx;
	bool rw;
	u64 addr;
	u32 size;
	u32 relative;
	u64 fw_va;
} g17p_windows[] = {
	{ 0, false, true, 0x301014000ull, 0x4000, 0, 0xfffffc2180000000ull },
	{ 3, false, true, 0x220104000ull, 0x18000, 0, 0xfffffc2180008000ull },
	{ 9, false, true, 0x3003d0000ull, 0x1000, 0, 0xfffffc2180028000ull },
	{ 10, false, false, 0x3003c0000ull, 0x2000, 0, 0xfffffc2180030000ull },
	{ 12, false, true, 0x40165c000ull, 0x4000, 0, 0xfffffc2180038000ull },
	{ 14, false, false, 0x300280000ull, 0x8000, 0, 0xfffffc2180040000ull },
	{ 17, true, true, 0x0, 0x21400, 0, 0xfffffc2180050000ull },
	{ 22, true, true, 0x1000000, 0x8000, 0, 0xfffffc2180078000ull },
	{ 26, true, true, 0xd04000, 0x8000, 0xd04000, 0xfffffc2180088000ull },
	{ 27, true, true, 0xd0d000, 0x1000, 0xd0d000, 0xfffffc2180099000ull },
	{ 28, true, true, 0xd58000, 0x8000, 0xd58000, 0xfffffc21800a0000ull },
	{ 29, true, true, 0xd10000, 0x4000, 0xd10000, 0xfffffc21800b0000ull },
	{ 31, true, true, 0xd40000, 0x4000, 0xd40000, 0xfffffc21800b8000ull },
	{ 32, true, true, 0xd60000, 0x4000, 0xd60000, 0xfffffc21800c0000ull },
	{ 35, true, true, 0xe00000, 0x4000, 0xe00000, 0xfffffc21800c8000ull },
	{ 39, true, true, 0xe08000, 0x8000, 0, 0xfffffc21800d0000ull },
	{ 40, true, true, 0xe1c000, 0x4000, 0xe1c000, 0xfffffc21800e0000ull },
	{ 41, true, true, 0xe1f800, 0x4000, 0, 0xfffffc21800eb800ull },
};

/* Slots that carry only the read-write flag (H). */
static const u8 g17p_flag_slots[] = {
	2, 5, 6, 7, 8, 30, 33, 34, 37, 38, 42, 43, 46, 47, 48, 49, 52,
};

#define G17P_NUM_WINS	(ARRAY_SIZE(g17p_windows) + ARRAY_SIZE(g17p_flag_slots))

struct g17p_boot {
	struct agx4_fw_obj *cluster;
	struct agx4_fw_obj *fwctl;
	struct agx4_fw_obj *bundle;
	struct agx4_fw_obj *hw_region[2];
	struct agx4_fw_obj *roots;
	struct agx4_fw_obj *region_c;
	struct agx4_fw_obj *region_a;
	struct agx4_fw_obj *computed;
	struct agx4_fw_obj *pri_region[2];
	struct agx4_fw_obj *sentinel;
	struct agx4_fw_regwin_in wins[G17P_NUM_WINS];
	struct agx4_fw_g17p_sub sub;
};

static void sgx_set(struct agx4_device *adev, u32 reg, u32 bits)
{
	agx4_device_write_sgx(adev, reg, agx4_device_read_sgx(adev, reg) | bits);
}

static u8 *cluster(struct g17p_boot *g, u32 off)
{
	return (u8 *)g->cluster->cpu + off;
}

static u64 cluster_va(struct g17p_boot *g, u32 off)
{
	return g->cluster->va + off;
}

static u64 bundle_va(struct g17p_boot *g, u32 off)
{
	return g->bundle->va + off;
}

static int map_windows(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	const struct agx4_range *sgx = &b->adev->plat.reg[AGX4_REG_SGX];
	unsigned int i, n = 0;
	int ret;

	for (i = 0; i < ARRAY_SIZE(g17p_windows); i++) {
		u64 pa = g17p_windows[i].addr, size = g17p_windows[i].size;
		u64 in_page = pa & (SZ_16K - 1);
		phys_addr_t page;

		if (g17p_windows[i].sgx) {
			if (pa + size > sgx->size)
				return -EINVAL;
			pa += sgx->start;
		}
		page = pa - in_page;
		ret = agx4_fw_boot_map_window(b, g17p_windows[i].fw_va - in_page,
					      &page, 1,
					      round_up(in_page + size, SZ_16K),
					      true);
		if (ret)
			return ret;
		g->wins[n++] = (struct agx4_fw_regwin_in){
			.slot = g17p_windows[i].slot,
			.rw = g17p_windows[i].rw,
			.pa = pa,
			.fw_va = g17p_windows[i].fw_va,
			.size = size,
			.stride = size,
			.sgx_offset = g17p_windows[i].relative,
		};
	}
	for (i = 0; i < ARRAY_SIZE(g17p_flag_slots); i++)
		g->wins[n++] = (struct agx4_fw_regwin_in){
			.slot = g17p_flag_slots[i],
			.rw = true,
		};
	return 0;
}

static int alloc_objects(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	const struct {
		struct agx4_fw_obj **obj;
		const char *name;
		u64 size;
		unsigned int class;
	} objs[] = {
		{ &g->cluster, "status", G17P_CLUSTER_SIZE, AGX4_FW_OBJ_SHARED },
		{ &g->fwctl, "fwctl", SZ_16K, AGX4_FW_OBJ_SHARED },
		{ &g->bundle, "bundle", AGX4_G17P_BUNDLE_SIZE,
		  AGX4_FW_OBJ_PRIVATE },
		{ &g->hw_region[0], "hw_region", G17P_HW_REGION_BYTES,
		  AGX4_FW_OBJ_PRIVATE },
		{ &g->hw_region[1], "hw_region", G17P_HW_REGION_BYTES,
		  AGX4_FW_OBJ_PRIVATE },
		/*
		 * Both roots in one object: the firmware requires the
		 * secondary's root 0x8000 after the primary's (M: the
		 * secondary's init message is taken as the primary's plus
		 * that delta; the page between them is unused).
		 */
		{ &g->roots, "roots", G17P_ROOTS_SIZE, AGX4_FW_OBJ_RO },
		{ &g->region_c, "region_c", SZ_16K, AGX4_FW_OBJ_RO },
		{ &g->region_a, "region_a", SZ_16K, AGX4_FW_OBJ_RO },
		{ &g->computed, "computed", SZ_16K, AGX4_FW_OBJ_SHARED },
		{ &g->pri_region[0], "pri_region", SZ_16K, AGX4_FW_OBJ_SHARED },
		{ &g->pri_region[1], "pri_region", SZ_16K, AGX4_FW_OBJ_SHARED },
		/* The blank page the primary's first region view names (M). */
		{ &g->sentinel, "sentinel", SZ_16K, AGX4_FW_OBJ_PRIVATE },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		struct agx4_fw_obj *obj = agx4_fw_boot_alloc(b, objs[i].name,
							     objs[i].size,
							     objs[i].class);

		if (IS_ERR(obj))
			return PTR_ERR(obj);
		*objs[i].obj = obj;
	}
	return map_windows(b, g);
}

static int build_bundle(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	struct agx4_device *adev = b->adev;
	const struct agx4_fw_gen *gen = adev->gen;
	const struct agx4_fw_hw_region_in regions[] = {
		{
			.lead = G17P_HW_REGION0_LEAD,
			.value = lower_32_bits(G17P_CTX0_HW_REGION0),
			.address = g->hw_region[0]->va,
		}, {
			.value = lower_32_bits(G17P_CTX0_HW_REGION1),
			.address = g->hw_region[1]->va,
			.trail = G17P_HW_REGION1_TRAIL,
		},
	};
	struct agx4_fw_hwdata_in hw = {
		.ts_aperture = gen->ts_aperture.start,
		.wins = g->wins,
		.num_wins = ARRAY_SIZE(g->wins),
		.regions = regions,
		.num_regions = ARRAY_SIZE(regions),
	};
	u8 *bundle = g->bundle->cpu;
	int ret;

	ret = agx4_fw_g17p_build_hwdata(gen, &adev->plat, &hw, bundle,
					G17P_HWDATA_SIZE);
	if (ret)
		return ret;
	put_unaligned_le64(g->computed->va, bundle + G17P_HWDATA_COMPUTED);
	/*
	 * The reference then zeroes the work rings (bundle + 0xc5c0 on);
	 * nothing agx4 writes lies there, and the bundle starts zeroed.
	 */
	return agx4_fw_g17p_init_bundle(bundle, g->bundle->size,
					cluster_va(g, G17P_STATE_OBJECT));
}

static int build_instance(struct agx4_fw_boot *b, struct g17p_boot *g,
			  unsigned int inst)
{
	const struct agx4_fw_gen *gen = b->adev->gen;
	u32 main_off = inst ? G17P_MAIN_SEC : G17P_MAIN_PRI;
	u32 sa = inst ? G17P_SEC_STATUS_A : G17P_PRI_STATUS_A;
	struct agx4_fw_mc_in mc = {
		.chan = {
			.bundle = g->bundle->va,
			.main_config = bundle_va(g, main_off),
			.status_a = cluster_va(g, sa),
			.cursors = cluster_va(g, inst ? G17P_SEC_STATE :
						    G17P_PRI_STATE),
		},
		.instance = inst,
	};
	struct agx4_fw_root_in root = {
		.instance = inst,
		.region_a = g->region_a->va,
		.main_config = bundle_va(g, main_off),
		.region_c = g->region_c->va,
		.status_a = cluster_va(g, sa),
	};
	u8 *root_buf = (u8 *)g->roots->cpu + (inst ? G17P_ROOT_SEC : 0);
	int ret;

	/*
	 * The region views: the primary names the sentinel and its two
	 * regions with their context-0 aliases; the secondary the aliases
	 * only (H).
	 */
	mc.views[0].value = lower_32_bits(G17P_CTX0_PRI_REGION0);
	mc.views[1].value = lower_32_bits(G17P_CTX0_PRI_REGION1);
	if (inst) {
		mc.extra = bundle_va(g, G17P_POWER);
		/* No status B; its support objects instead (H). */
		root.extra_0 = cluster_va(g, G17P_PRI_STATUS_B + G17P_SB_CONFIG);
		root.extra_1 = cluster_va(g, G17P_SEC_EXTRA);
		ret = agx4_fw_g17p_init_sec_extra(cluster(g, G17P_SEC_EXTRA),
						  AGX4_G17P_SEC_EXTRA_SIZE);
	} else {
		mc.views[0].address = g->sentinel->va;
		mc.views[1].address = g->pri_region[0]->va;
		mc.views[2].address = g->pri_region[1]->va;
		root.status_b = cluster_va(g, G17P_PRI_STATUS_B);
		ret = agx4_fw_g17p_init_status_b(cluster(g, G17P_PRI_STATUS_B),
						 AGX4_G17P_STATUS_B_SIZE,
						 g->fwctl->va);
	}
	if (ret)
		return ret;
	/* The main config writes slot 0 of its control ring too (H). */
	ret = agx4_fw_g17p_build_main_config(gen, &mc,
					     g->bundle->cpu + main_off,
					     sizeof(struct g17p_main_config));
	if (ret)
		return ret;
	put_unaligned_le32(1, cluster(g, sa) + G17P_STATUS_PRESENT);
	return agx4_fw_build_root(gen, &root, root_buf, SZ_16K);
}

static int build_init_data(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	int ret;

	ret = build_bundle(b, g);
	if (!ret)
		ret = agx4_fw_build_region_a(g->region_a->cpu, g->region_a->size);
	if (!ret)
		ret = agx4_fw_g17p_build_region_c(&b->adev->plat,
						  g->region_c->cpu,
						  g->region_c->size);
	if (!ret)
		ret = build_instance(b, g, 0);
	if (!ret)
		ret = build_instance(b, g, 1);
	return ret;
}

/*
 * Start order: the reference driver starts the primary first; the notes
 * of the reference's author say the secondary first.  agx4 follows the
 * driver that boots (GAP: which order the firmware needs is not known).
 * The endpoints are started later, each instance's just before its init
 * message, as the reference does (G17P-28).
 */
static int start_instances(struct agx4_fw_boot *b)
{
	int ret;

	ret = agx4_fw_boot_start_cpu(b, 0);
	if (!ret)
		ret = agx4_fw_boot_start_cpu(b, 1);
	return ret;
}

/*
 * Context 0 (device address space, firmware half) and context 1 (the
 * render address space, firmware half), and the context-0 aliases the
 * firmware finds through the region views and region records.  The
 * aliases are GPU read-write, uncached (H: the reference's attributes).
 */
static int contexts(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	static const struct agx4_uat_prot gpu_rw = {
		.access = AGX4_UAT_GPU,
		.perm = AGX4_UAT_RW,
		.memtype = AGX4_UAT_UNCACHED,
	};
	const struct {
		struct agx4_fw_obj *obj;
		u64 va;
	} aliases[] = {
		{ g->pri_region[0], G17P_CTX0_PRI_REGION0 },
		{ g->pri_region[1], G17P_CTX0_PRI_REGION1 },
		{ g->hw_region[0], G17P_CTX0_HW_REGION0 },
		{ g->hw_region[1], G17P_CTX0_HW_REGION1 },
	};
	unsigned int i;
	int ret;

	ret = agx4_fw_boot_contexts(b, false);
	if (ret)
		return ret;
	for (i = 0; i < ARRAY_SIZE(aliases); i++) {
		ret = agx4_fw_obj_alias(aliases[i].obj, &b->dev_uat,
					aliases[i].va, &gpu_rw);
		if (ret)
			return ret;
	}
	/* GAP: the render address space stays empty (no blank shape). */
	return agx4_fw_boot_render_context(b, false);
}

/*
 * The rings the firmware fills, on both instances: the primary's channel
 * 13 is drained and dispatched, the secondary's drained and checked, and
 * the cursor pairs whose records agx4 does not read are handed back at
 * every drain: channel 13's second pair and channel 14's, all but the
 * primary's first, whose statistics records are read (H:
 * acknowledge_reports, GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9; the firmware stops
 * reporting into a ring that is not handed back, L).
 */
static int setup_reports(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	const struct agx4_fw_chan_geom *geom = &b->adev->gen->chan;
	struct agx4_event *events = &b->events;
	const struct {
		u32 read, write, entries;
	} pairs[] = {
		{ G17P_EVENT_READ2, G17P_EVENT_WRITE2, geom->ring_entries },
		{ G17P_TRACE_READ2, G17P_TRACE_WRITE2, G17P_TRACE_ENTRIES },
		/* The primary's is read (agx4_event_add_stats()). */
		{ G17P_TRACE_READ, G17P_TRACE_WRITE, G17P_TRACE_ENTRIES },
	};
	unsigned int inst, i;
	int ret;

	for (inst = 0; inst < AGX4_MAX_INSTANCES; inst++) {
		u32 sa = inst ? G17P_SEC_STATUS_A : G17P_PRI_STATUS_A;
		struct agx4_channel *ev = inst ? &events->peer : &events->ring;
		void *stats = cluster(g, sa + agx4_fw_status_records(AGX4_FW_CHAN_TRACE));

		ret = agx4_channel_init(ev, inst ? "secondary events" :
					"events", cluster(g, sa + G17P_EVENT_RING),
					geom->event_size, geom->ring_entries);
		if (ret)
			return ret;
		ev->prod.ram = (u32 *)cluster(g, sa + G17P_EVENT_WRITE);
		ev->read.ram = (u32 *)cluster(g, sa + G17P_EVENT_READ);
		for (i = 0; i < ARRAY_SIZE(pairs); i++) {
			u32 *host = (u32 *)cluster(g, sa + pairs[i].read);
			u32 *fw = (u32 *)cluster(g, sa + pairs[i].write);

			if (!inst && pairs[i].read == G17P_TRACE_READ)
				ret = agx4_event_add_stats(events, stats, host,
							   fw, pairs[i].entries);
			else
				ret = agx4_event_add_credit(events, host, fw,
							    pairs[i].entries);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/*
 * Both control rings hold one record, consumed already: the host's and
 * both firmware counters are 1 (H).
 */
static int setup_channels(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	const struct agx4_fw_chan_geom *geom = &b->adev->gen->chan;
	unsigned int inst;
	int ret;

	for (inst = 0; inst < AGX4_MAX_INSTANCES; inst++) {
		struct g17p_main_config *mc = g->bundle->cpu +
			(inst ? G17P_MAIN_SEC : G17P_MAIN_PRI);
		u8 *cur = cluster(g, (inst ? G17P_SEC_STATE : G17P_PRI_STATE) +
				  G17P_CONTROL_CURSORS);
		struct agx4_channel *ctl = &b->ctl[inst];

		ret = agx4_channel_init(ctl, "control", mc->control,
					geom->ctl_size, geom->ring_entries);
		if (ret)
			return ret;
		ctl->read.ram = (u32 *)(cur + G17P_CUR_READ);
		ctl->done.ram = (u32 *)(cur + G17P_CUR_DONE);
		ctl->prod.ram = (u32 *)(cur + G17P_CUR_PROD);
		agx4_cursor_set(&ctl->read, G17P_CTL_STAGED);
		agx4_cursor_set(&ctl->done, G17P_CTL_STAGED);
		agx4_cursor_set(&ctl->prod, G17P_CTL_STAGED);
		ctl->head = G17P_CTL_STAGED;
	}
	ret = setup_reports(b, g);
	if (ret)
		return ret;
	/* The primary's work channels, for submission. */
	agx4_fw_g17p_sub_init(&g->sub, b, g->bundle->cpu, g->bundle->va,
			      cluster(g, G17P_PRI_STATE), g->pri_region[0]->cpu,
			      g->pri_region[1]->cpu);
	return 0;
}

/**
 * agx4_fw_g17p_sub() - the submission state of a booted G17P device
 * @b: the firmware.
 *
 * Return: the state, set up by the boot.
 */
struct agx4_fw_g17p_sub *agx4_fw_g17p_sub(struct agx4_fw_boot *b)
{
	return &((struct g17p_boot *)b->gen_priv)->sub;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_sub);

/*
 * Both roots out, the primary first, each instance's endpoints started
 * just before its root (H: the reference's start_inner); both must
 * acknowledge (0x09).
 */
static int publish(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	unsigned int inst;
	int ret;

	for (inst = 0; inst < AGX4_MAX_INSTANCES; inst++) {
		ret = agx4_fw_boot_start_endpoints(b, inst) ?:
		      agx4_fw_boot_publish_root(b, inst, g->roots->va +
						(inst ? G17P_ROOT_SEC : 0));
		if (ret)
			return ret;
	}
	ret = agx4_fw_boot_wait_acked(b, BIT(0) | BIT(1),
				      b->adev->fw_timeout_ms ?:
				      G17P_ACK_TIMEOUT_MS);
	if (ret)
		drm_err(&b->adev->base, "G17P firmware did not acknowledge its init data (%#lx): %d\n",
			READ_ONCE(b->acked), ret);
	return ret;
}

static bool ctl_counters_staged(struct agx4_fw_boot *b, unsigned int inst)
{
	const struct agx4_channel *ctl = &b->ctl[inst];

	return agx4_cursor_get(&ctl->read) == G17P_CTL_STAGED &&
	       agx4_cursor_get(&ctl->done) == G17P_CTL_STAGED &&
	       agx4_cursor_get(&ctl->prod) == G17P_CTL_STAGED;
}

/*
 * Control start on both (0x89), the status-config words, the primary's
 * control doorbell; the firmware must leave both staged rings as they
 * are.
 */
static int control_start(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	unsigned int inst;
	int ret;

	for (inst = 0; inst < AGX4_MAX_INSTANCES; inst++) {
		ret = agx4_fw_boot_send(b, inst, AGX4_RTKIT_EP_DOORBELL,
					agx4_rtkit_msg_control_start());
		if (ret)
			return ret;
		if (!inst)
			msleep(G17P_CONTROL_START_MS);
	}
	agx4_fw_g17p_status_config(cluster(g, G17P_PRI_STATUS_B), g->fwctl->va);
	ret = agx4_fw_boot_ctl_ring(b, 0);
	if (ret)
		return ret;
	msleep(G17P_CONTROL_SETTLE_MS);
	if (READ_ONCE(b->crashed))
		return -EIO;
	for (inst = 0; inst < AGX4_MAX_INSTANCES; inst++) {
		if (!ctl_counters_staged(b, inst)) {
			drm_err(&b->adev->base, "G17P firmware %u: control counters moved at control start\n",
				inst);
			return -EPROTO;
		}
	}
	return 0;
}

/* The records debugfs and crash dumps show by name. */
static int add_views(struct agx4_fw_boot *b, struct g17p_boot *g)
{
	const struct agx4_fw_boot_view views[] = {
		{ "fw_root0", "root", g->roots, 0 },
		{ "fw_root1", "root_extra", g->roots, G17P_ROOT_SEC },
		{ "fw_hwdata", "hwdata", g->bundle, 0 },
		{ "fw_main_config0", "main_config", g->bundle, G17P_MAIN_PRI },
		{ "fw_main_config1", "main_config", g->bundle, G17P_MAIN_SEC },
		{ "fw_region_c", "region_c", g->region_c, 0 },
		{ "fw_status_a0", "status", g->cluster, G17P_PRI_STATUS_A },
		{ "fw_status_a1", "status", g->cluster, G17P_SEC_STATUS_A },
	};

	return agx4_fw_boot_views(b, views, ARRAY_SIZE(views));
}

/**
 * agx4_fw_g17p_boot() - &agx4_fw_gen.boot of G17P
 * @b: the firmware, its lock held.
 *
 * Return: 0 or a negative errno; what was started is stopped by the
 * caller, what was allocated is freed by it.
 */
int agx4_fw_g17p_boot(struct agx4_fw_boot *b)
{
	struct agx4_device *adev = b->adev;
	struct g17p_boot *g;
	int ret;

	lockdep_assert_held(&b->lock);
	g = kzalloc(sizeof(*g), GFP_KERNEL);
	if (!g)
		return -ENOMEM;
	b->gen_priv = g;

	ret = alloc_objects(b, g);
	if (!ret)
		ret = build_init_data(b, g);
	if (!ret)
		ret = add_views(b, g);
	if (ret)
		return ret;
	/*
	 * H: before the coprocessors start, context slots 3..63 are cleared
	 * (0..2 kept) so that no stale table pointer survives
	 * (GravityLinux/linux drivers/gpu/drm/asahi/g17p_memory.rs@e64fbc4e
	 * Memory::prepare_cold).  The reference also zeroes its low root,
	 * a table at a fixed address; agx4's is allocated zero when the table
	 * is taken over (agx4_fw_boot_contexts()).
	 */
	ret = agx4_fw_boot_clear_contexts(b, G17P_KEPT_CONTEXTS);
	if (ret)
		return ret;
	sgx_set(adev, G17P_SGX_AXI_A, G17P_SGX_AXI_ON);
	sgx_set(adev, G17P_SGX_AXI_B, G17P_SGX_AXI_ON);
	/* GAP: SGX+0xd06030 is not written (see the overview). */
	ret = start_instances(b);
	if (!ret)
		ret = agx4_fw_boot_handoff(b);
	if (!ret)
		ret = contexts(b, g);
	if (!ret)
		ret = setup_channels(b, g);
	if (!ret)
		ret = publish(b, g);
	if (!ret)
		ret = control_start(b, g);
	return ret;
}
