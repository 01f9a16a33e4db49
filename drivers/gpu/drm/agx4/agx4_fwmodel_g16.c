// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Firmware model, G16 (M4, t8132): one instance, channel cursors in the
 * GPU register window, acknowledgment through status A.
 */

#include <linux/bitfield.h>
#include <linux/errno.h>
#include <linux/sizes.h>
#include <linux/unaligned.h>

#include "agx4_fwmodel_core.h"

/* Control ring cursors in SGX: firmware read, firmware done, host producer (H). */
static const u32 ctl_cursor_off[3] = { 0xd640c0, 0xd640c8, 0xd60060 };

/* Work channel cursors in SGX (H). */
#define G16_CUR_FW		0xd64000
#define G16_CUR_HOST		0xd60000
/* The resume records: where, how many, what (H). */
#define G16_RESUME		0xfffffc20001b8000ULL
#define G16_RESUME_RECORDS	96
#define G16_RESUME_WORD		0x0000007000001822ULL
/* Their pages' memory attribute: normal uncached (H). */
#define G16_CURSOR_ATTR		2

/* Registration record (opcode 0x20) fields (H). */
#define G16_OP_NOP		0x16
#define G16_OP_REGISTER		0x20
#define G16_OP_TVB_REPLY	0x08
#define G16_OP_LIMIT_REPLY	0x09
#define G16_EVENT_RECEIPT	13
/* Status A + 0x1c: the registration has been taken (H). */
#define G16_STATUS_REGISTERED	0x1c
/* Control data + 0x48: the FList's progress, the record's count once taken (M). */
#define G16_FLIST_PROGRESS	0x48
/* Control data + 0x4c: the FList's CONTROL_AUX address (H). */
#define G16_FLIST_AUX		0x4c
/*
 * The mapping notifications: status B's flag turning them on, its
 * pointers to the state page and the ring, and where the reference places
 * those pages (H: GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
 * open_control).
 */
#define G16_ROOT_STATUS_B	0xb0
#define G16_SB_NOTIFY_STATE	0x4f88
#define G16_SB_NOTIFY_RING	0x4f90
#define G16_SB_NOTIFY_ON	0x4fd4
#define G16_NOTIFY_STATE	0xfffffc2181000000ULL
#define G16_NOTIFY_RING		0xfffffc2181008000ULL

/*
 * GAP: identity values for t8132 are not recorded; these are non-zero,
 * not all-ones, and describe one die, one cluster of ten cores.
 */
static const u32 g16_sgx_id[][2] = {
	{ 0xd04000, 0x09000100 },
	{ 0xd04010, 0x0001010a },
	{ 0xd0401c, 1 },
	{ 0, 0 },
};

/*
 * The register windows (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_platform.rs@3a2ad760
 * Platform::build_registers, which lists them; g16.rs@1ab42a3a, which maps
 * each at its firmware address as device memory, writable exactly when
 * flag bit 1 is set, the memory controllers' windows one after the other):
 * the meta software-interrupt page, one 0x18000-byte window per memory
 * controller from 0x2201c4000, the SGX windows (the relative word the
 * offset, but 0 for slots 22, 39 and 41), and five at fixed addresses,
 * three of them read-only.
 */
static const struct fwm_window g16_windows[] = {
	{ 0, FWM_WIN_META, false, true, 2, 0, 0x4000 },
	{ 3, FWM_WIN_MCC, false, true, 2, 0x2201c4000ULL, 0x18000 },
	{ 17, FWM_WIN_SGX, true, true, 2, 0x0, 0x20000 },
	{ 26, FWM_WIN_SGX, true, true, 2, 0xd04000, 0x8000 },
	{ 27, FWM_WIN_SGX, true, true, 2, 0xd0d000, 0x1000 },
	{ 28, FWM_WIN_SGX, true, true, 2, 0xd58000, 0x8000 },
	{ 29, FWM_WIN_SGX, true, true, 2, 0xd10000, 0x4000 },
	{ 31, FWM_WIN_SGX, true, true, 2, 0xd40000, 0x4000 },
	{ 32, FWM_WIN_SGX, true, true, 2, 0xd60000, 0x8000 },
	{ 40, FWM_WIN_SGX, true, true, 2, 0xe1c000, 0x4000 },
	{ 22, FWM_WIN_SGX, false, true, 2, 0x1000000, 0x8000 },
	{ 39, FWM_WIN_SGX, false, true, 2, 0xe08000, 0x8000 },
	{ 41, FWM_WIN_SGX, false, true, 2, 0xe1f800, 0x4000 },
	{ 9, FWM_WIN_PHYS, false, true, 2, 0x3803d0000ULL, 0x1000 },
	{ 10, FWM_WIN_PHYS, false, false, 0, 0x3803c0000ULL, 0x2000 },
	{ 12, FWM_WIN_PHYS, false, true, 2, 0x50165c000ULL, 0x4000 },
	{ 14, FWM_WIN_PHYS, false, false, 0, 0x380280000ULL, 0x8000 },
	{ 15, FWM_WIN_PHYS, false, false, 0, 0x38c840000ULL, 0x24000 },
};

/*
 * What the reference maps at fixed firmware addresses before the firmware
 * starts, zeroed unless it says otherwise (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16.rs@1ab42a3a): firmware-private ranges and
 * shared pages nothing it builds points at, which the firmware may use
 * as state at fixed addresses (strictest reading: it does, and faults
 * where one is missing), the resume records (read-only, 96 records of
 * 0x40 bytes holding 0x0000007000001822), and four zeroed ranges GPU
 * read-only in context 0.
 */
static const struct {
	u64 va;
	u32 size;
	bool rw;
} g16_fixed_fw[] = {
	{ 0xfffffc20c0020000ULL, 0x8c000, true },
	{ 0xfffffc20c00b0000ULL, 0xc0000, true },
	{ 0xfffffc20c0178000ULL, 0x94000, true },
	{ 0xfffffc20c0210000ULL, 0x84000, true },
	{ 0xfffffc20c0298000ULL, 0xac000, true },
	{ 0xfffffc20c0348000ULL, 0x4000, true },
	{ 0xfffffc20c0350000ULL, 0x4000, true },
	{ 0xfffffc20c0358000ULL, 0x8000, true },
	{ 0xfffffc20c0368000ULL, 0x8000, true },
	{ 0xfffffc20c0378000ULL, 0xc000, true },
	{ 0xfffffc20c0388000ULL, 0x34000, true },
	{ 0xfffffc20c03c0000ULL, 0xc4000, true },
	{ 0xfffffc20c0488000ULL, 0x34000, true },
	{ 0xfffffc20c04c0000ULL, 0x10000, true },
	{ 0xfffffc20c0510000ULL, 0x4000, true },
	{ 0xfffffc20c0530000ULL, 0x4000, true },
	{ 0xfffffc20c05e8000ULL, 0x4000, true },
	{ 0xfffffc20c05ec000ULL, 0x4000, true },
	{ 0xfffffc2000110000ULL, 0x4000, true },
	{ 0xfffffc2000118000ULL, 0x4000, true },
	{ 0xfffffc2000120000ULL, 0x4000, true },
	{ 0xfffffc2000128000ULL, 0x4000, true },
	{ 0xfffffc2000130000ULL, 0x4000, true },
	{ 0xfffffc2000150000ULL, 0x4000, true },
	{ 0xfffffc2000140000ULL, 0x4000, true },
	{ 0xfffffc20001b0000ULL, 0x4000, true },
	{ 0xfffffc20001c0000ULL, 0x4000, true },
	{ 0xfffffc20001c4000ULL, 0x4000, true },
	{ 0xfffffc20001c8000ULL, 0x4000, true },
	{ 0xfffffc20001cc000ULL, 0x4000, true },
	{ 0xfffffc20c0524000ULL, 0x4000, true },
	{ G16_RESUME, 0x4000, false },
};

static const struct {
	u64 va;
	u32 size;
} g16_fixed_gpu[] = {
	{ 0x7000000000ULL, 0x8c000 },
	{ 0x7000090000ULL, 0xc0000 },
	{ 0x7000158000ULL, 0x94000 },
	{ 0x70001f0000ULL, 0x84000 },
};

static int g16_check_fixed(struct agx4_fwmodel *m, unsigned int inst)
{
	unsigned int i;
	u64 rec;

	for (i = 0; i < ARRAY_SIZE(g16_fixed_fw); i++)
		if (agx4_fwmodel_check(m, inst, g16_fixed_fw[i].va,
				       g16_fixed_fw[i].size,
				       AGX4_FWMODEL_READ |
				       (g16_fixed_fw[i].rw ?
					AGX4_FWMODEL_WRITE : 0)))
			return -EIO;
	for (i = 0; i < G16_RESUME_RECORDS; i++) {
		if (agx4_fwmodel_read64(m, inst, G16_RESUME + i * 0x40, &rec))
			return -EIO;
		if (rec != G16_RESUME_WORD)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 G16_RESUME + i * 0x40);
	}
	for (i = 0; i < ARRAY_SIZE(g16_fixed_gpu); i++)
		if (agx4_fwmodel_gpu_check(m, inst, 0, g16_fixed_gpu[i].va,
					   g16_fixed_gpu[i].size,
					   AGX4_FWMODEL_READ))
			return -EIO;
	return 0;
}

/*
 * The context table at the init message (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16.rs@1ab42a3a Bootstrap::publish): slot 0's high
 * word an empty root (the firmware runs on the loader's), and slot 1 not
 * yet written: open_control writes it after the acceptance.  Strictest
 * reading: the firmware refuses either otherwise.
 */
static int g16_check_ttb_init(struct agx4_fwmodel *m)
{
	u64 w;

	if (agx4_fwmodel_ttb_empty_high(m, 0, NULL))
		return -EIO;
	w = agx4_fwmodel_ttb(m, 1, false) | agx4_fwmodel_ttb(m, 1, true);
	if (w)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_TTB, w);
	return 0;
}

/*
 * The opening client's compute scratch and marker, which the reference
 * maps in context 1 at boot with the compute namespace (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_compute.rs@1ab42a3a
 * private_ranges, g16.rs@1ab42a3a Bootstrap::new); strictest reading:
 * the firmware's opening finds them GPU read-write.
 */
static const struct {
	u64 va;
	u32 size;
} g16_opening_ranges[] = {
	{ 0x70030e0000ULL, 0x20000 },
	{ 0x1000c60000ULL, 0x4000 },
};

/*
 * Slot 1 once the init data is accepted (H: g16.rs@1ab42a3a
 * Bootstrap::open_control): the opening client's own low root and its own
 * empty high root, both tagged 1, written before the opening doorbell.
 */
static int g16_check_ttb_open(struct agx4_fwmodel *m)
{
	u64 low = agx4_fwmodel_ttb(m, 1, false);
	phys_addr_t high0, high1;
	unsigned int i;

	if (!(low & 1) || (low >> 48) != 1)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_TTB, low);
	if (agx4_fwmodel_ttb_empty_high(m, 0, &high0) ||
	    agx4_fwmodel_ttb_empty_high(m, 1, &high1))
		return -EIO;
	if (high0 == high1)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_TTB,
					 agx4_fwmodel_ttb(m, 1, true));
	for (i = 0; i < ARRAY_SIZE(g16_opening_ranges); i++)
		if (agx4_fwmodel_gpu_check(m, 0, 1, g16_opening_ranges[i].va,
					   g16_opening_ranges[i].size,
					   AGX4_FWMODEL_READ |
					   AGX4_FWMODEL_WRITE))
			return -EIO;
	return 0;
}

static int g16_check_root(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			  const u8 *root)
{
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	unsigned int attr;
	__le64 hdr;
	int ret;

	if (g16_check_ttb_init(m))
		return -EIO;
	if (get_unaligned_le32(root + 0x28))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, va + 0x28);
	if (g16_check_fixed(m, inst))
		return -EIO;
	/* L: status B's and the extras' sizes are not known; the model reads their heads. */
	ret = agx4_fwmodel_need(m, inst, va + 0xb0,
				get_unaligned_le64(root + 0xb0), 0x80, rw);
	if (!ret)
		ret = agx4_fwmodel_need(m, inst, va + 0xb8,
					get_unaligned_le64(root + 0xb8), 8,
					AGX4_FWMODEL_READ);
	if (!ret)
		ret = agx4_fwmodel_need(m, inst, va + 0xc0,
					get_unaligned_le64(root + 0xc0), 0x80,
					AGX4_FWMODEL_READ);
	if (ret)
		return ret;
	/* Main config + 0x18: the header pointer into the producer-cursor page (H). */
	if (agx4_fwmodel_read(m, inst, get_unaligned_le64(root + 0x18) + 0x18,
			      &hdr, sizeof(hdr)))
		return -EIO;
	ret = agx4_fwmodel_need(m, inst, get_unaligned_le64(root + 0x18) + 0x18,
				le64_to_cpu(hdr), 8, AGX4_FWMODEL_READ);
	if (ret)
		return ret;
	/*
	 * The producer-cursor page is mapped normal uncached, unlike the
	 * register windows (H: GravityLinux/linux drivers/gpu/drm/asahi/
	 * g16.rs@1ab42a3a maps SGX+0xd60000 and +0xd64000 with its shared
	 * attribute, saying so on purpose); strictest reading: the firmware
	 * refuses another attribute.
	 */
	ret = agx4_fwmodel_attr(m, inst, le64_to_cpu(hdr), &attr);
	if (!ret && attr != G16_CURSOR_ATTR)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
					 get_unaligned_le64(root + 0x18) + 0x18);
	return ret;
}

static int g16_ctl_cursor(struct agx4_fwmodel *m, unsigned int inst,
			  unsigned int which, u32 *val, bool write)
{
	if (write)
		agx4_fwmodel_sgx_write(m, ctl_cursor_off[which], *val);
	else
		*val = agx4_fwmodel_sgx_read(m, ctl_cursor_off[which]);
	return 0;
}

static int g16_work_cursor(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int ch, unsigned int which, u32 *val,
			   bool write)
{
	u32 a = (ch % 3) * 0x40 + (ch / 3) * 0x10;
	u32 b = (ch % 3) * 0x20 + (ch / 3) * 8;
	u32 off = which == 2 ? G16_CUR_HOST + b : G16_CUR_FW + a + which * 8;

	if (write)
		agx4_fwmodel_sgx_write(m, off, *val);
	else
		*val = agx4_fwmodel_sgx_read(m, off);
	return 0;
}

/*
 * The mapping notifications, as the opening finds them: the reference
 * maps the state page and the ring at fixed addresses, names them in
 * status B and turns them on before it rings for the opening (H:
 * g16.rs@1ab42a3a open_control).  Strictest reading: the firmware writes
 * both pages from then on, so each must be mapped writable, and it may
 * find them by address as well, so each must be where the reference puts
 * it; anything else faults the instance.
 */
static int g16_check_notify(struct agx4_fwmodel *m, unsigned int inst)
{
	static const u32 off[2] = { G16_SB_NOTIFY_STATE, G16_SB_NOTIFY_RING };
	static const u64 at[2] = { G16_NOTIFY_STATE, G16_NOTIFY_RING };
	__le64 sb, va;
	__le32 on;
	unsigned int i;
	u64 b;

	if (agx4_fwmodel_read(m, inst,
			      m->inst[inst].root_va + G16_ROOT_STATUS_B,
			      &sb, sizeof(sb)))
		return -EIO;
	b = le64_to_cpu(sb);
	if (agx4_fwmodel_read(m, inst, b + G16_SB_NOTIFY_ON, &on, sizeof(on)))
		return -EIO;
	if (le32_to_cpu(on) != 1)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
					 b + G16_SB_NOTIFY_ON);
	for (i = 0; i < ARRAY_SIZE(off); i++) {
		if (agx4_fwmodel_read(m, inst, b + off[i], &va, sizeof(va)))
			return -EIO;
		if (le64_to_cpu(va) != at[i])
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 b + off[i]);
		if (agx4_fwmodel_check(m, inst, at[i], SZ_16K,
				       AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE))
			return -EIO;
	}
	return 0;
}

/*
 * The opening registration: +4 = 1, +8 = 0x3f, +0x14 control data,
 * +0x1c and +0x24 the operand table (twice), +0x2c = 160, +0x34 = 1 (H).
 */
static int g16_register(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			const u8 *rec)
{
	u8 ev[FWM_EVT_RECORD] = {};
	u64 data = get_unaligned_le64(rec + 0x14);
	u64 table = get_unaligned_le64(rec + 0x1c);
	int ret;

	if (get_unaligned_le32(rec + 4) != 1 ||
	    get_unaligned_le32(rec + 8) != 0x3f || !data || !table ||
	    get_unaligned_le64(rec + 0x24) != table ||
	    get_unaligned_le32(rec + 0x2c) != 160 ||
	    get_unaligned_le32(rec + 0x34) != 1)
		return -EINVAL;
	/* The registration is the opening client's: context 1 is set. */
	if (g16_check_ttb_open(m))
		return -EIO;
	/* The firmware reads the control data it is given. */
	if (agx4_fwmodel_check(m, inst, data, 1, AGX4_FWMODEL_READ) ||
	    g16_check_notify(m, inst))
		return -EIO;
	/* Its receipt waits for room on channel 13, and the record with it. */
	ret = agx4_fwmodel_event_room(m, inst);
	if (!ret)
		return -EAGAIN;
	if (ret < 0 && ret != -ENODEV)
		return -EIO;
	/*
	 * The receipt echoes the record under kind 13: +4 the record's +4,
	 * +8 zero, then the record from +0x14 on at +0xc (the control data,
	 * the operand table twice, the count 160 at +0x24); the rest of the
	 * record is not meaningful (GravityLinux/linux
	 * drivers/gpu/drm/asahi/g16_runtime.rs@1ab42a3a
	 * Bootstrap::service_flights accepts exactly that prefix once).
	 */
	put_unaligned_le32(G16_EVENT_RECEIPT, ev);
	memcpy(ev + 4, rec + 4, 4);
	memcpy(ev + 0xc, rec + 0x14, 0x1c);
	ret = agx4_fwmodel_post(m, inst, ev, true);
	if (ret == -EIO)
		return ret;
	/*
	 * H: the host waits for the FList's progress (160) only after it
	 * published the first work, the bootstrap barrier's message and
	 * producer, and kicks only then ("first-work registration";
	 * GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
	 * Bootstrap::submit_barrier).  Strictest reading: the firmware takes
	 * the FList (g16_poll()) once a work producer moved, not before.
	 */
	m->inst[inst].flist = data + G16_FLIST_PROGRESS;
	agx4_fwmodel_poll_arm(m);
	return agx4_fwmodel_write32(m, inst,
				    m->inst[inst].status_a +
				    G16_STATUS_REGISTERED, 1);
}

/*
 * The registered FList is taken once any work producer moved: the whole
 * FList at once (L), its progress word then the count, 8 per operand
 * buffer (M).
 */
static bool g16_poll(struct agx4_fwmodel *m)
{
	struct fwm_inst *fi = &m->inst[0];
	unsigned int ch;
	u32 prod, arg;
	u64 aux;

	if (!fi->flist)
		return false;
	if (!agx4_fwmodel_running(m, 0)) {
		fi->flist = 0;
		return false;
	}
	for (ch = 0; ch < AGX4_FWMODEL_WORK_CHANNELS; ch++) {
		g16_work_cursor(m, 0, ch, 2, &prod, false);
		if (prod)
			break;
	}
	if (ch == AGX4_FWMODEL_WORK_CHANNELS)
		return true;
	/*
	 * The firmware reports on CONTROL_AUX too; the host takes the FList
	 * only with 0 or 1 there (GravityLinux/linux
	 * drivers/gpu/drm/asahi/g16.rs@1ab42a3a Bootstrap::submit_barrier).
	 * A test may have it write another value, before the progress.
	 */
	if (agx4_fwmodel_fault_take(m, AGX4_FWMODEL_FAULT_FLIST_AUX, &arg) &&
	    (agx4_fwmodel_read64(m, 0, fi->flist - G16_FLIST_PROGRESS +
				 G16_FLIST_AUX, &aux) ||
	     agx4_fwmodel_write32(m, 0, aux, arg ?: 2)))
		agx4_fwmodel_crash(m, 0, AGX4_FWMODEL_OK, 0);
	if (agx4_fwmodel_write32(m, 0, fi->flist, 160))
		agx4_fwmodel_crash(m, 0, AGX4_FWMODEL_OK, 0);
	fi->flist = 0;
	return false;
}

static int g16_ctl_record(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			  const u8 *rec)
{
	switch (get_unaligned_le32(rec)) {
	case G16_OP_NOP:
		return 0;
	case G16_OP_TVB_REPLY:
	case G16_OP_LIMIT_REPLY:
		return agx4_fwmodel_exec_reply(m, inst, rec);
	case G16_OP_REGISTER:
		return g16_register(m, inst, va, rec);
	default:
		return -EINVAL;
	}
}

/*
 * The rings a completion report goes to, as the G16 reference host hands
 * them back after every drain (H: the event channel's two cursor pairs
 * and the statistics channel's two, each copied write to read):
 *
 * - channel 13, state word 0: the report itself, in the event ring;
 * - channel 13, state word 2: moved with every report (GAP: what it
 *   counts);
 * - channel 14, state words 0 and 2: a zeroed entry at the first pair's
 *   cursor, both cursors moved (GAP: their records; 512 entries, M).
 *
 * That the firmware waits for room in each before a report, rather than
 * overwriting or dropping, is the strictest reading (L), as on G17P.
 * The five other pairs the reference hands back are not filled: what
 * they count is not known.
 */
static const struct fwm_report_ring g16_reports[] = {
	{ .ch = 13, .state = 0, .record = true, .entries = FWM_RING_ENTRIES },
	{ .ch = 13, .state = 2, .entries = FWM_RING_ENTRIES },
	{ .ch = 14, .state = 0, .record = true, .entries = FWM_STAT_ENTRIES },
	{ .ch = 14, .state = 2, .entries = FWM_STAT_ENTRIES },
};

/*
 * The G16 fault registers, in the SGX block: status at +0xd8c0, address at
 * +0xd8c8, each two 32-bit halves, low first (H: where the G16 reference
 * reads them; L: the status's fields, the G13/G14 layout).
 */
#define G16_FAULT_STATUS	0xd8c0
#define G16_FAULT_ADDR		0xd8c8
#define G16_FAULT_VALID		BIT(0)
#define G16_FAULT_READ		BIT(4)
#define G16_FAULT_CONTEXT	GENMASK(22, 17)

/* &fwm_gen_desc.gpu_fault: latch the fault as the registers show it. */
static void g16_gpu_fault(struct agx4_fwmodel *m, struct fwm_lane *l, u64 addr)
{
	u32 *r = m->sgx;

	if (!r || m->sgx_size < G16_FAULT_ADDR + 8)
		return;
	WRITE_ONCE(r[G16_FAULT_ADDR / 4], lower_32_bits(addr));
	WRITE_ONCE(r[G16_FAULT_ADDR / 4 + 1], upper_32_bits(addr));
	WRITE_ONCE(r[G16_FAULT_STATUS / 4 + 1], 0);
	WRITE_ONCE(r[G16_FAULT_STATUS / 4],
		   G16_FAULT_VALID | G16_FAULT_READ |
		   FIELD_PREP(G16_FAULT_CONTEXT, l->job.ctx));
}

const struct fwm_gen_desc agx4_fwmodel_g16_desc = {
	.instances = 1,
	/* GAP: the loader's region sizes; each is at least what the model puts there. */
	.region_size = {
		[FWM_R_TTBS] = SZ_16K,
		[FWM_R_PAGETABLES] = SZ_64K,
		[FWM_R_L2] = SZ_16K,
		[FWM_R_HANDOFF] = SZ_16K,
		[FWM_R_FIRMWARE] = SZ_64K,
	},
	.version = { 0x04b8, 0x8392, 0xc357, 0x0c89 },
	.root_size = { 0xc8 },
	.main_size = 0x500,
	.sgx_id = g16_sgx_id,
	.windows = g16_windows,
	.num_windows = ARRAY_SIZE(g16_windows),
	/* What the model's t8132 node gives (agx4_fwmodel_dt_fill()). */
	.sgx_pa = AGX4_FWMODEL_T8132_SGX,
	.meta_swi = AGX4_FWMODEL_T8132_META_SWI,
	.mcc_mask = AGX4_FWMODEL_T8132_MCC_MASK,
	.check_root = g16_check_root,
	.ctl_cursor = g16_ctl_cursor,
	.work_cursor = g16_work_cursor,
	.ctl_record = g16_ctl_record,
	.work_msg = agx4_fwmodel_g16_work_msg,
	.open_lane = agx4_fwmodel_g16_open_lane,
	.step = agx4_fwmodel_g16_step,
	.retire = agx4_fwmodel_g16_retire,
	.tvb_request = agx4_fwmodel_g16_tvb_request,
	.tvb_echo = agx4_fwmodel_g16_tvb_echo,
	.tvb_partial = agx4_fwmodel_g16_tvb_partial,
	.gpu_fault = g16_gpu_fault,
	.reports = g16_reports,
	.nreports = ARRAY_SIZE(g16_reports),
	/* G16 answers a memory-limit report with opcode 9 (H). */
	.limit_reply = true,
	.ring_wraps = true,
	/* H: g16.rs@1ab42a3a Bootstrap::publish (see root_of()). */
	.bootstrap_root = true,
	/* H: g16.rs@1ab42a3a Bootstrap::new (see cold_order()). */
	.cold_first = true,
	.poll = g16_poll,
};
