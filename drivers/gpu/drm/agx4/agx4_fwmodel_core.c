// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitfield.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>

#include <kunit/visibility.h>

#include "agx4_fwmodel_core.h"

/**
 * DOC: firmware model
 *
 * The firmware model plays the GPU coprocessor's firmware for tests and
 * for a software backend without hardware.  It is written from the
 * protocol description, never from agx4's own layout declarations, so a
 * layout or page-table bug on the driver's side cannot agree with itself.
 *
 * What it plays:
 *
 * - the boot loader: the reserved regions ("ttbs", "pagetables", "l2",
 *   "handoff", "firmware" and, on G17P, "firmware-secondary") as ordinary
 *   16 KiB-aligned kernel pages; the loader's firmware root in the first
 *   page of "pagetables" (G17P: a second root 0x40000 further for the
 *   secondary), whose entry 0 maps the firmware's own image at the bottom
 *   of the firmware-private range, entry 1 an empty table of that range
 *   and entry 2 the empty table in "l2" where the host's objects go; a
 *   handoff page with stale bytes where the host must write;
 * - the GPU register window (plain memory) with identity registers and,
 *   on G16, the channel cursors; the coprocessor control windows;
 * - the firmware: the transport ops of &struct agx4_fw_transport_ops.
 *   Every host message is handled on the model's own ordered workqueue;
 *   firmware messages reach the host from that worker, with no lock of
 *   the model held.
 *
 * What it checks: the firmware sees memory only through context 0 of the
 * context table in "ttbs" (on G16 the high half through the loader's root
 * instead, as the reference says its firmware does), walking the host's
 * page tables with its own walker (16 KiB pages, three levels, valid =
 * low bits 0b11, output address bits 41..14, the permission classes of
 * AP bits 7..6 and UXN/PXN, the access flag).  On the init message it
 * checks the handoff
 * page, the loader's image mapping, the root (version words, page-table
 * geometry), every object the root and the channel table name, with the
 * access the firmware needs (read for what it only reads, write for
 * status words, cursors and firmware-to-host rings), and every register
 * window the generation's reference maps from hwdata: the record as the
 * reference writes it, and a mapping of every page onto the window's
 * registers, writable exactly as the reference maps it.  The first thing that
 * is wrong is kept as a named error with the VA or value involved
 * (agx4_fwmodel_error()); an access or layout error crashes the firmware
 * (the transport's crashed callback), a bad message or device-control
 * record is counted and ignored.  Work is executed as the DOC "firmware
 * model execution" describes; what it cannot execute crashes it.
 *
 * How it is told to misbehave: agx4_fwmodel_inject() arms one of
 * &enum agx4_fwmodel_fault: never or late acknowledgment, a wrong
 * status, a crash during boot or at once, malformed or unknown messages
 * to the host, dropped doorbells, an event ring filled without
 * notification.
 *
 * The model does not speak RTKit's management protocol: the transport
 * ops sit above the RTKit library, and in 6.12 that library talks to the
 * ASC mailbox driver directly (apple_mbox_get(), not the mailbox
 * framework), which maps the mailbox registers and takes its interrupts
 * from a platform device; under UML there is neither to fake, so a
 * management-protocol peer would need a change to the library itself.
 *
 * Callbacks run on the model's worker: after the host stops an instance
 * no new callback starts for it, but one already running may finish;
 * agx4_fwmodel_sync() waits for it.
 */

#define FWM_OA_MASK		GENMASK_ULL(41, 14)
#define FWM_PTE_VALID		0x3ULL
#define FWM_PTE_AF		BIT_ULL(10)
#define FWM_PTE_AP		GENMASK_ULL(7, 6)
#define FWM_PTE_PXN		BIT_ULL(53)
#define FWM_PTE_UXN		BIT_ULL(54)
#define FWM_TTB_TAG		GENMASK_ULL(63, 48)
#define FWM_TTB_VALID		BIT_ULL(0)

/* Loader table and leaf attributes (H: firmware RW cached is 0x00c0...0443). */
#define FWM_LOADER_TABLE	0x3ULL
#define FWM_LOADER_FW_RW	0x00c0000000000443ULL

/* The firmware-private range starts here; the loader maps the image at its base (M). */
#define FWM_FW_IMAGE_VA		0xfffffc0000000000ULL
/* High-half VAs are rebuilt from a 44-bit field with this prefix (L). */
#define FWM_HIGH_PREFIX		0xfffff00000000000ULL

#define FWM_HANDOFF_MAGIC	0x4b1d000000000002ULL

/* Loader table pages inside one loader root block (GAP: the model's layout). */
#define FWM_LDR_ROOT		0x0000
#define FWM_LDR_L1_IMAGE	0x4000
#define FWM_LDR_L2_IMAGE	0x8000
#define FWM_LDR_L1_AUX		0xc000

/* SGX offsets (H). */
#define FWM_SGX_SIZE		0x1010000
#define FWM_SGX_AXI_A		0x1000104
#define FWM_SGX_AXI_B		0x1000108
#define FWM_SGX_D06030		0xd06030
#define FWM_ASC_SIZE		0x4000
#define FWM_ASC_CPU_CONTROL	0x44
#define FWM_ASC_CPU_STATUS	0x48
#define FWM_ASC_RUN		BIT(4)

static const char *const region_name[FWM_NR_REGIONS] = {
	[FWM_R_TTBS] = "ttbs",
	[FWM_R_PAGETABLES] = "pagetables",
	[FWM_R_L2] = "l2",
	[FWM_R_HANDOFF] = "handoff",
	[FWM_R_FIRMWARE] = "firmware",
	[FWM_R_FIRMWARE2] = "firmware-secondary",
};

static const char *const err_names[AGX4_FWMODEL_NR_ERRS] = {
	[AGX4_FWMODEL_OK] = "ok",
	[AGX4_FWMODEL_UNMAPPED] = "unmapped",
	[AGX4_FWMODEL_PERMISSION] = "permission",
	[AGX4_FWMODEL_BAD_PA] = "bad-pa",
	[AGX4_FWMODEL_BAD_TTB] = "bad-ttb",
	[AGX4_FWMODEL_LOADER_MAP] = "loader-map",
	[AGX4_FWMODEL_BAD_ROOT] = "bad-root",
	[AGX4_FWMODEL_BAD_CHANNEL] = "bad-channel",
	[AGX4_FWMODEL_BAD_HANDOFF] = "bad-handoff",
	[AGX4_FWMODEL_BAD_MESSAGE] = "bad-message",
	[AGX4_FWMODEL_BAD_SEQUENCE] = "bad-sequence",
	[AGX4_FWMODEL_NOT_STARTED] = "not-started",
	[AGX4_FWMODEL_BAD_RECORD] = "bad-record",
	[AGX4_FWMODEL_COLD_STATE] = "cold-state",
	[AGX4_FWMODEL_INJECTED] = "injected",
	[AGX4_FWMODEL_BAD_WORK_MSG] = "bad-work-message",
	[AGX4_FWMODEL_BAD_QUEUE] = "bad-queue",
	[AGX4_FWMODEL_BAD_ITEM] = "bad-item",
	[AGX4_FWMODEL_GPU_FAULT] = "gpu-fault",
	[AGX4_FWMODEL_BAD_WINDOW] = "bad-window",
};

/**
 * agx4_fwmodel_err_name() - name of a model error
 * @e: the error.
 *
 * Return: a short lower-case name, "unknown" for values out of range.
 */
const char *agx4_fwmodel_err_name(enum agx4_fwmodel_err e)
{
	if ((unsigned int)e >= AGX4_FWMODEL_NR_ERRS)
		return "unknown";
	return err_names[e];
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_err_name);

int agx4_fwmodel_fail(struct agx4_fwmodel *m, enum agx4_fwmodel_err e,
		      u64 where)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	if (m->err == AGX4_FWMODEL_OK) {
		m->err = e;
		m->err_where = where;
	}
	spin_unlock_irqrestore(&m->lock, flags);
	dev_dbg(m->dev, "fwmodel: %s at %#llx\n", agx4_fwmodel_err_name(e),
		where);
	return -EIO;
}

void agx4_fwmodel_counter_add(struct agx4_fwmodel *m,
			      enum agx4_fwmodel_counter c)
{
	agx4_fwmodel_counter_add_n(m, c, 1);
}

/* Add @n to counter @c. */
void agx4_fwmodel_counter_add_n(struct agx4_fwmodel *m,
				enum agx4_fwmodel_counter c, u32 n)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->counters[c] += n;
	spin_unlock_irqrestore(&m->lock, flags);
}

/* ---- the page-table walker ---- */

/*
 * Firmware access by AP class (bits 7..6) and (UXN << 1 | PXN) (H for the
 * classes and the words seen; M for AP 0 with UXN 1/PXN 0 = write-only).
 */
static const u8 fw_perm[4][4] = {
	/* firmware + GPU: NA, RO, WO, RW */
	{ 0, AGX4_FWMODEL_READ, AGX4_FWMODEL_WRITE,
	  AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE },
	/* firmware only: RO, NA, RW, RW (GPU RO) */
	{ AGX4_FWMODEL_READ, 0, AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE,
	  AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE },
	/* GPU only */
	{ 0, 0, 0, 0 },
	/* reserved: nobody */
	{ 0, 0, 0, 0 },
};

/*
 * GPU access by the same index (H): the firmware-and-GPU class as for the
 * firmware; firmware-only pages are GPU read-only with UXN 1, PXN 1 and
 * unreachable otherwise; the GPU-only class is RO, WO, RW, NA.
 */
static const u8 gpu_perm[4][4] = {
	{ 0, AGX4_FWMODEL_READ, AGX4_FWMODEL_WRITE,
	  AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE },
	{ 0, 0, 0, AGX4_FWMODEL_READ },
	{ AGX4_FWMODEL_READ, AGX4_FWMODEL_WRITE,
	  AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE, 0 },
	{ 0, 0, 0, 0 },
};

static bool ram(phys_addr_t pa, size_t len)
{
	return pfn_valid(PHYS_PFN(pa)) && pfn_valid(PHYS_PFN(pa + len - 1));
}

static u64 ttb_word(struct agx4_fwmodel *m, unsigned int slot, bool high)
{
	const __le64 *ttb = m->region[FWM_R_TTBS].va;

	return le64_to_cpu(READ_ONCE(ttb[slot * 2 + high]));
}

/* The loader's firmware root of @inst, in "pagetables". */
static phys_addr_t loader_root_pa(struct agx4_fwmodel *m, unsigned int inst)
{
	return m->region[FWM_R_PAGETABLES].pa +
	       (inst ? m->desc->secondary_root_offset : 0);
}

/* The root an instance runs on for one half of context @slot, or an error. */
static enum agx4_fwmodel_err root_of(struct agx4_fwmodel *m,
				     unsigned int inst, unsigned int slot,
				     bool gpu, bool high, phys_addr_t *root,
				     u64 *where)
{
	u64 w;

	/*
	 * H (G16): the firmware's own accesses to the high half go through
	 * its bootstrap root, the loader's, not through the context table,
	 * whose high words hold empty roots (GravityLinux/linux
	 * drivers/gpu/drm/asahi/g16.rs@1ab42a3a Bootstrap::publish: "Firmware
	 * keeps using its separate bootstrap root from the loader
	 * reservation, not this context entry").
	 */
	if (high && !gpu && m->desc->bootstrap_root) {
		*root = loader_root_pa(m, inst);
		*where = *root;
		return AGX4_FWMODEL_OK;
	}
	w = ttb_word(m, slot, high);
	*where = w;
	if (!(w & FWM_TTB_VALID))
		return high ? AGX4_FWMODEL_BAD_TTB : AGX4_FWMODEL_UNMAPPED;
	/*
	 * A slot is tagged with its number, so context 0 carries none;
	 * nothing but tag, address and valid may be set.
	 */
	if (FIELD_GET(FWM_TTB_TAG, w) != slot ||
	    (w & ~(FWM_TTB_TAG | FWM_OA_MASK | FWM_TTB_VALID)))
		return AGX4_FWMODEL_BAD_TTB;
	*root = w & FWM_OA_MASK;
	/*
	 * L: the G17P secondary runs on the high root 0x40000 after the
	 * primary's (the host must keep its copy there).
	 */
	if (inst > 0 && high && slot == 0)
		*root += m->desc->secondary_root_offset;
	if (!ram(*root, FWM_PAGE))
		return AGX4_FWMODEL_BAD_TTB;
	return AGX4_FWMODEL_OK;
}

static enum agx4_fwmodel_err walk_leaf(struct agx4_fwmodel *m,
				       unsigned int inst, unsigned int slot,
				       bool gpu, u64 va, unsigned int access,
				       phys_addr_t *pa, u64 *where, u64 *leaf)
{
	static const unsigned int shift[3] = { 36, 25, 14 };
	static const unsigned int mask[3] = { 63, 2047, 2047 };
	enum agx4_fwmodel_err e;
	phys_addr_t table;
	unsigned int lvl, ap, up, perm;
	bool high;
	u64 pte = 0;

	if ((va >> 42) == 0) {
		high = false;
	} else if ((va >> 42) == GENMASK_ULL(21, 0)) {
		high = true;
	} else {
		*where = va;
		return AGX4_FWMODEL_UNMAPPED;
	}
	e = root_of(m, inst, slot, gpu, high, &table, where);
	if (e != AGX4_FWMODEL_OK) {
		if (e == AGX4_FWMODEL_UNMAPPED)
			*where = va;
		return e;
	}
	*where = va;
	for (lvl = 0; lvl < 3; lvl++) {
		const __le64 *t;

		if (!ram(table, FWM_PAGE))
			return AGX4_FWMODEL_BAD_PA;
		t = phys_to_virt(table);
		pte = le64_to_cpu(READ_ONCE(t[(va >> shift[lvl]) & mask[lvl]]));
		if ((pte & FWM_PTE_VALID) != FWM_PTE_VALID)
			return AGX4_FWMODEL_UNMAPPED;
		table = pte & FWM_OA_MASK;
	}
	ap = FIELD_GET(FWM_PTE_AP, pte);
	up = (pte & FWM_PTE_UXN ? 2 : 0) | (pte & FWM_PTE_PXN ? 1 : 0);
	perm = gpu ? gpu_perm[ap][up] : fw_perm[ap][up];
	/*
	 * Every leaf the reference writes has the access flag
	 * (GravityLinux/linux drivers/gpu/drm/asahi/m4_pgtable.rs@bd25d194
	 * Prot::as_pte); one without it faults (strictest reading: an ARM
	 * walker's access-flag fault).
	 */
	if (!(pte & FWM_PTE_AF) || (perm & access) != access)
		return AGX4_FWMODEL_PERMISSION;
	*pa = (pte & FWM_OA_MASK) | (va & (FWM_PAGE - 1));
	if (leaf)
		*leaf = pte;
	return AGX4_FWMODEL_OK;
}

static enum agx4_fwmodel_err walk_ctx(struct agx4_fwmodel *m,
				      unsigned int inst, unsigned int slot,
				      bool gpu, u64 va, unsigned int access,
				      phys_addr_t *pa, u64 *where)
{
	return walk_leaf(m, inst, slot, gpu, va, access, pa, where, NULL);
}

/**
 * agx4_fwmodel_ttb_empty_high() - check that a context's high half is empty
 * @m: the model.
 * @slot: the context.
 * @root: its root, on success (may be NULL).
 *
 * The high word must be valid, tagged with @slot and name a RAM page
 * with no entry set: an empty root.  Anything else is
 * %AGX4_FWMODEL_BAD_TTB at the word.
 *
 * Return: 0 or -EIO.
 */
int agx4_fwmodel_ttb_empty_high(struct agx4_fwmodel *m, unsigned int slot,
				phys_addr_t *root)
{
	u64 w = ttb_word(m, slot, true);
	const __le64 *t;
	phys_addr_t pa;
	unsigned int i;

	if (!(w & FWM_TTB_VALID) || FIELD_GET(FWM_TTB_TAG, w) != slot ||
	    (w & ~(FWM_TTB_TAG | FWM_OA_MASK | FWM_TTB_VALID)))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_TTB, w);
	pa = w & FWM_OA_MASK;
	if (!ram(pa, FWM_PAGE))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_TTB, w);
	t = phys_to_virt(pa);
	for (i = 0; i < FWM_PAGE / sizeof(*t); i++)
		if (READ_ONCE(t[i]))
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_TTB, w);
	if (root)
		*root = pa;
	return 0;
}

/**
 * agx4_fwmodel_ttb() - a word of the context table
 * @m: the model.
 * @slot: the context.
 * @high: its high word, else its low word.
 *
 * Return: the word.
 */
u64 agx4_fwmodel_ttb(struct agx4_fwmodel *m, unsigned int slot, bool high)
{
	return ttb_word(m, slot, high);
}

/*
 * The memory attribute index (leaf bits 4..2) the firmware's context 0
 * maps @va with: 0 cached, 1 device, 2 normal uncached (H: the loader's
 * firmware pages are 0x...443, attribute 0; the reference's device
 * windows 0x...447, attribute 1).  Records the error of a failed walk.
 */
int agx4_fwmodel_attr(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		      unsigned int *attr)
{
	enum agx4_fwmodel_err e;
	phys_addr_t pa;
	u64 where, pte;

	e = walk_leaf(m, inst, 0, false, va, AGX4_FWMODEL_READ, &pa, &where,
		      &pte);
	if (e != AGX4_FWMODEL_OK)
		return agx4_fwmodel_fail(m, e, where);
	*attr = FIELD_GET(GENMASK_ULL(4, 2), pte);
	return 0;
}

/*
 * The firmware's own view: context 0, but the high half through the
 * loader's root where the generation says so (&fwm_gen_desc.bootstrap_root).
 */
static enum agx4_fwmodel_err walk(struct agx4_fwmodel *m, unsigned int inst,
				  u64 va, unsigned int access,
				  phys_addr_t *pa, u64 *where)
{
	return walk_ctx(m, inst, 0, false, va, access, pa, where);
}

/*
 * Check that the GPU reaches [va, va + size) with @access through the
 * tables of context @slot; anything else is a GPU fault at the VA.
 */
int agx4_fwmodel_gpu_check(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int slot, u64 va, u64 size,
			   unsigned int access)
{
	enum agx4_fwmodel_err e;
	phys_addr_t pa;
	u64 p, where;

	for (p = va; p - va < size; p = (p | (FWM_PAGE - 1)) + 1) {
		e = walk_ctx(m, inst, slot, true, p, access, &pa, &where);
		if (e == AGX4_FWMODEL_OK && !ram(pa, 1))
			e = AGX4_FWMODEL_BAD_PA;
		if (e != AGX4_FWMODEL_OK)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_GPU_FAULT, p);
	}
	return 0;
}

/* Read what the GPU reads at @va in context @slot. */
int agx4_fwmodel_gpu_read(struct agx4_fwmodel *m, unsigned int inst,
			  unsigned int slot, u64 va, void *buf, size_t len)
{
	enum agx4_fwmodel_err e;
	phys_addr_t pa;
	u64 where;
	size_t n;

	while (len) {
		n = min_t(u64, len, FWM_PAGE - (va & (FWM_PAGE - 1)));
		e = walk_ctx(m, inst, slot, true, va, AGX4_FWMODEL_READ, &pa,
			     &where);
		if (e == AGX4_FWMODEL_OK && !ram(pa, n))
			e = AGX4_FWMODEL_BAD_PA;
		if (e != AGX4_FWMODEL_OK)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_GPU_FAULT, va);
		memcpy(buf, phys_to_virt(pa), n);
		va += n;
		buf += n;
		len -= n;
	}
	return 0;
}

/**
 * agx4_fwmodel_translate() - translate a VA as the firmware would
 * @m: the model.
 * @inst: firmware instance whose view is used.
 * @va: firmware or GPU VA (high half walks the high root of context 0,
 *	or on G16 the loader's root; low half the low root).
 * @access: %AGX4_FWMODEL_READ and/or %AGX4_FWMODEL_WRITE.
 * @pa: the physical address, on success.
 *
 * Does not record an error.
 *
 * Return: %AGX4_FWMODEL_OK or why the firmware could not make the access.
 */
enum agx4_fwmodel_err agx4_fwmodel_translate(struct agx4_fwmodel *m,
					     unsigned int inst, u64 va,
					     unsigned int access,
					     phys_addr_t *pa)
{
	u64 where;

	return walk(m, inst, va, access, pa, &where);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_translate);

/* Check that [va, va + size) allows @access; records the error. */
int agx4_fwmodel_check(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		       u64 size, unsigned int access)
{
	enum agx4_fwmodel_err e;
	phys_addr_t pa;
	u64 p, where;

	if (!size)
		return 0;
	for (p = va; p - va < size; p = (p | (FWM_PAGE - 1)) + 1) {
		e = walk(m, inst, p, access, &pa, &where);
		if (e != AGX4_FWMODEL_OK)
			return agx4_fwmodel_fail(m, e, where);
	}
	return 0;
}

/* Copy between the firmware's view and @buf, one page at a time. */
static int access_mem(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		      void *buf, size_t len, unsigned int access)
{
	enum agx4_fwmodel_err e;
	phys_addr_t pa;
	u64 where;
	size_t n;

	while (len) {
		n = min_t(u64, len, FWM_PAGE - (va & (FWM_PAGE - 1)));
		e = walk(m, inst, va, access, &pa, &where);
		if (e == AGX4_FWMODEL_OK && !ram(pa, n))
			e = AGX4_FWMODEL_BAD_PA;
		if (e != AGX4_FWMODEL_OK)
			return agx4_fwmodel_fail(m, e, where);
		if (access & AGX4_FWMODEL_WRITE)
			memcpy(phys_to_virt(pa), buf, n);
		else
			memcpy(buf, phys_to_virt(pa), n);
		va += n;
		buf += n;
		len -= n;
	}
	return 0;
}

int agx4_fwmodel_read(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		      void *buf, size_t len)
{
	return access_mem(m, inst, va, buf, len, AGX4_FWMODEL_READ);
}

int agx4_fwmodel_write(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		       const void *buf, size_t len)
{
	return access_mem(m, inst, va, (void *)buf, len, AGX4_FWMODEL_WRITE);
}

/* Cursor words: one aligned 32-bit access, ordered against the records. */
int agx4_fwmodel_read64(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			u64 *val)
{
	__le64 raw;

	if (agx4_fwmodel_read(m, inst, va, &raw, sizeof(raw)))
		return -EIO;
	*val = le64_to_cpu(raw);
	return 0;
}

int agx4_fwmodel_read32(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			u32 *val)
{
	enum agx4_fwmodel_err e;
	phys_addr_t pa;
	u64 where;

	e = walk(m, inst, va, AGX4_FWMODEL_READ, &pa, &where);
	if (e == AGX4_FWMODEL_OK && (!ram(pa, 4) || (pa & 3)))
		e = AGX4_FWMODEL_BAD_PA;
	if (e != AGX4_FWMODEL_OK)
		return agx4_fwmodel_fail(m, e, where);
	*val = le32_to_cpu(READ_ONCE(*(__le32 *)phys_to_virt(pa)));
	/* Records written before the cursor are read after it. */
	smp_rmb();
	return 0;
}

int agx4_fwmodel_write32(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			 u32 val)
{
	enum agx4_fwmodel_err e;
	phys_addr_t pa;
	u64 where;

	e = walk(m, inst, va, AGX4_FWMODEL_WRITE, &pa, &where);
	if (e == AGX4_FWMODEL_OK && (!ram(pa, 4) || (pa & 3)))
		e = AGX4_FWMODEL_BAD_PA;
	if (e != AGX4_FWMODEL_OK)
		return agx4_fwmodel_fail(m, e, where);
	/* Records are visible before the cursor that publishes them. */
	smp_wmb();
	WRITE_ONCE(*(__le32 *)phys_to_virt(pa), cpu_to_le32(val));
	return 0;
}

u32 agx4_fwmodel_sgx_read(struct agx4_fwmodel *m, u32 off)
{
	u32 v = le32_to_cpu(READ_ONCE(*(__le32 *)(m->sgx + off)));

	/* A producer cursor is read before the records it publishes. */
	smp_rmb();
	return v;
}

void agx4_fwmodel_sgx_write(struct agx4_fwmodel *m, u32 off, u32 val)
{
	/* What a cursor publishes is visible before the cursor. */
	smp_wmb();
	WRITE_ONCE(*(__le32 *)(m->sgx + off), cpu_to_le32(val));
}

/* ---- talking to the host (executor only) ---- */

void agx4_fwmodel_send(struct agx4_fwmodel *m, unsigned int inst, u8 ep,
		       u64 msg)
{
	unsigned long flags;
	const struct agx4_fw_transport_events *ev;
	void *cookie;

	spin_lock_irqsave(&m->lock, flags);
	ev = m->ev;
	cookie = m->cookie;
	m->counters[ev ? AGX4_FWMODEL_CNT_SENT : AGX4_FWMODEL_CNT_IGNORED]++;
	spin_unlock_irqrestore(&m->lock, flags);
	if (ev && ev->recv) {
		u64 t0 = ktime_get_ns();

		agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_REPLY, inst, ep, 0, msg);
		ev->recv(cookie, inst, ep, msg);
		m->host_ns += ktime_get_ns() - t0;
	}
}

/* Account a work item's run to &agx4_fwmodel.cpu_ns (executor only). */
void agx4_fwmodel_clock_start(struct agx4_fwmodel *m, struct fwm_clock *c)
{
	c->host_ns = m->host_ns;
	c->t0 = ktime_get_ns();
}

void agx4_fwmodel_clock_stop(struct agx4_fwmodel *m, const struct fwm_clock *c)
{
	u64 ran = ktime_get_ns() - c->t0;

	atomic64_add(ran - (m->host_ns - c->host_ns), &m->cpu_ns);
}

void agx4_fwmodel_crash(struct agx4_fwmodel *m, unsigned int inst,
			enum agx4_fwmodel_err e, u64 where)
{
	unsigned long flags;
	const struct agx4_fw_transport_events *ev;
	void *cookie;

	if (e != AGX4_FWMODEL_OK)
		agx4_fwmodel_fail(m, e, where);
	spin_lock_irqsave(&m->lock, flags);
	if (m->inst[inst].crashed) {
		spin_unlock_irqrestore(&m->lock, flags);
		return;
	}
	m->inst[inst].crashed = true;
	m->counters[AGX4_FWMODEL_CNT_CRASHES]++;
	ev = m->ev;
	cookie = m->cookie;
	spin_unlock_irqrestore(&m->lock, flags);
	dev_dbg(m->dev, "fwmodel: instance %u crashed\n", inst);
	if (ev && ev->crashed)
		ev->crashed(cookie, inst);
}

/*
 * Channel 13's cursors on @inst, in range: the host's read cursor in *@r,
 * the firmware's write cursor in *@w.  -ENODEV before init, -EIO when the
 * firmware could not reach them.
 */
static int event_cursors(struct agx4_fwmodel *m, unsigned int inst, u32 *r,
			 u32 *w)
{
	u64 cur = m->inst[inst].ch[13].state[0];

	if (!cur || !m->inst[inst].ch[13].state[1])
		return -ENODEV;
	if (agx4_fwmodel_read32(m, inst, cur + FWM_CUR_READ, r) ||
	    agx4_fwmodel_read32(m, inst, cur + FWM_CUR_WRITE, w))
		return -EIO;
	agx4_fwmodel_trace_cursor(m, inst, AGX4_FWMODEL_TRR_EVENT_READ, *r);
	*r %= FWM_RING_ENTRIES;
	*w %= FWM_RING_ENTRIES;
	return 0;
}

/**
 * agx4_fwmodel_event_room() - has an instance's channel 13 room for a record?
 * @m: the model.
 * @inst: instance.
 *
 * The ring is full when the firmware's write cursor is one short of the
 * host's read cursor.  Executor only.
 *
 * Return: 1 when there is room, 0 when the ring is full, -ENODEV before
 * init, -EIO when the firmware could not reach the cursors.
 */
int agx4_fwmodel_event_room(struct agx4_fwmodel *m, unsigned int inst)
{
	u32 r, w;
	int ret = event_cursors(m, inst, &r, &w);

	if (ret)
		return ret;
	return (w + 1) % FWM_RING_ENTRIES != r;
}

/**
 * agx4_fwmodel_post() - post one event record on an instance's channel 13
 * @m: the model.
 * @inst: instance.
 * @rec: 0x48 bytes.
 * @notify: send the 0x42 notification after it.
 *
 * A full ring is never overwritten.  The firmware's own records wait for
 * room before they get here (agx4_fwmodel_event_room()); a record a test
 * pushes in (agx4_fwmodel_post_event(), the fill fault) that finds the
 * ring full is not posted and is counted.
 *
 * Return: 0, -ENOSPC when the ring was full, -ENODEV before init, -EIO
 * when the firmware could not reach the ring (it has crashed).
 */
int agx4_fwmodel_post(struct agx4_fwmodel *m, unsigned int inst,
		      const u8 *rec, bool notify)
{
	struct fwm_inst *fi = &m->inst[inst];
	u64 cur = fi->ch[13].state[0], base = fi->ch[13].state[1];
	u32 r, w;
	int ret = event_cursors(m, inst, &r, &w);

	if (ret == -ENODEV)
		return ret;
	if (ret)
		goto crash;
	if ((w + 1) % FWM_RING_ENTRIES == r) {
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_EVENTS_DROPPED);
		return -ENOSPC;
	}
	if (agx4_fwmodel_write(m, inst, base + (u64)w * FWM_EVT_RECORD, rec,
			       FWM_EVT_RECORD) ||
	    agx4_fwmodel_write32(m, inst, cur + FWM_CUR_WRITE,
				 (w + 1) % FWM_RING_ENTRIES))
		goto crash;
	agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_EVENTS);
	agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_EVENT, inst, 0, 0,
			   get_unaligned_le32(rec));
	if (notify)
		agx4_fwmodel_send(m, inst, FWM_EP_FW, (u64)FWM_MSG_NOTIFY << 48);
	return 0;
crash:
	agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
	return -EIO;
}

/*
 * The cursor pair of report ring @r on @inst: its address, and the host's
 * and firmware's cursors, in range.
 */
static int report_cursors(struct agx4_fwmodel *m, unsigned int inst,
			  const struct fwm_report_ring *r, u64 *cur,
			  u32 *host, u32 *fw)
{
	*cur = m->inst[inst].ch[r->ch].state[r->state];
	if (!*cur)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_CHANNEL,
					 m->inst[inst].main_va + 0x20 +
					 0x20 * r->ch + 8 * r->state);
	if (agx4_fwmodel_read32(m, inst, *cur + FWM_CUR_READ, host) ||
	    agx4_fwmodel_read32(m, inst, *cur + FWM_CUR_WRITE, fw))
		return -EIO;
	*host %= r->entries;
	*fw %= r->entries;
	return 0;
}

/*
 * Post @rec on @inst's statistics ring (channel 14, its first cursor pair)
 * and notify: what a test has the firmware post there (GAP: what the
 * firmware posts; its completion reports post zeroed records).  A full
 * ring is not overwritten: the record is dropped and counted.
 */
static void post_stat(struct agx4_fwmodel *m, unsigned int inst,
		      const u8 *rec)
{
	const struct fwm_report_ring ring = {
		.ch = 14, .state = 0, .record = true,
		.entries = FWM_STAT_ENTRIES,
	};
	u64 cur, base = m->inst[inst].ch[14].state[1];
	u32 host, fw;

	if (report_cursors(m, inst, &ring, &cur, &host, &fw))
		return;
	if ((fw + 1) % ring.entries == host) {
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_EVENTS_DROPPED);
		return;
	}
	if (agx4_fwmodel_write(m, inst, base + (u64)fw * FWM_EVT_RECORD, rec,
			       FWM_EVT_RECORD) ||
	    agx4_fwmodel_write32(m, inst, cur + FWM_CUR_WRITE,
				 (fw + 1) % ring.entries)) {
		agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
		return;
	}
	agx4_fwmodel_send(m, inst, FWM_EP_FW, (u64)FWM_MSG_NOTIFY << 48);
}

/**
 * agx4_fwmodel_report_room() - may a completion report go out now?
 * @m: the model.
 *
 * Every ring of &fwm_gen_desc.reports, on every instance, must have room
 * for one more entry: its firmware cursor one short of the host's means
 * full.  Executor only.
 *
 * Return: 1 when all have room, 0 when one is full, -EIO when the
 * firmware could not reach a cursor (error recorded).
 */
int agx4_fwmodel_report_room(struct agx4_fwmodel *m)
{
	const struct fwm_gen_desc *d = m->desc;
	unsigned int inst, i;
	u32 host, fw;
	u64 cur;

	for (inst = 0; inst < d->instances; inst++)
		for (i = 0; i < d->nreports; i++) {
			if (report_cursors(m, inst, &d->reports[i], &cur,
					   &host, &fw))
				return -EIO;
			if ((fw + 1) % d->reports[i].entries == host)
				return 0;
		}
	return 1;
}

/**
 * agx4_fwmodel_report() - post a completion report on every report ring
 * @m: the model.
 * @rec: the record (0x48 bytes) the channel-13 rings get.
 * @posted: bit n is set for each instance n written to.
 *
 * Call after agx4_fwmodel_report_room() said there is room; the caller
 * notifies.  Rings other than channel 13 get a zeroed entry (GAP: what
 * the firmware writes there; the host reads none of it).  Executor only.
 *
 * Return: 0, or -EIO when the firmware could not reach a ring (error
 * recorded).
 */
int agx4_fwmodel_report(struct agx4_fwmodel *m, const u8 *rec,
			unsigned long *posted)
{
	static const u8 zero[FWM_EVT_RECORD];
	const struct fwm_gen_desc *d = m->desc;
	unsigned int inst, i;
	u32 host, fw;
	u64 cur;

	for (inst = 0; inst < d->instances; inst++) {
		for (i = 0; i < d->nreports; i++) {
			const struct fwm_report_ring *r = &d->reports[i];
			u64 base = m->inst[inst].ch[r->ch].state[1];

			if (report_cursors(m, inst, r, &cur, &host, &fw))
				return -EIO;
			if (r->record &&
			    agx4_fwmodel_write(m, inst,
					       base + (u64)fw * FWM_EVT_RECORD,
					       r->ch == 13 ? rec : zero,
					       FWM_EVT_RECORD))
				return -EIO;
			if (agx4_fwmodel_write32(m, inst, cur + FWM_CUR_WRITE,
						 (fw + 1) % r->entries))
				return -EIO;
			if (r->ch == 13 && r->record)
				agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_EVENT,
						   inst, 0, 0,
						   get_unaligned_le32(rec));
		}
		*posted |= BIT(inst);
	}
	agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_EVENTS);
	return 0;
}

/* ---- faults ---- */

static bool fault_take(struct agx4_fwmodel *m, enum agx4_fwmodel_fault f,
		       u32 *arg)
{
	unsigned long flags;
	bool armed;

	spin_lock_irqsave(&m->lock, flags);
	armed = test_and_clear_bit(f, &m->fault);
	if (arg)
		*arg = m->fault_arg[f];
	spin_unlock_irqrestore(&m->lock, flags);
	return armed;
}

static bool fault_armed(struct agx4_fwmodel *m, enum agx4_fwmodel_fault f,
			u32 *arg)
{
	unsigned long flags;
	bool armed;

	spin_lock_irqsave(&m->lock, flags);
	armed = test_bit(f, &m->fault);
	if (arg)
		*arg = m->fault_arg[f];
	spin_unlock_irqrestore(&m->lock, flags);
	return armed;
}

/* fault_take() for the generation files: a fault that acts once. */
bool agx4_fwmodel_fault_take(struct agx4_fwmodel *m,
			     enum agx4_fwmodel_fault f, u32 *arg)
{
	return fault_take(m, f, arg);
}

/* Called with a doorbell: true when it must be dropped. */
static bool drop_doorbell(struct agx4_fwmodel *m)
{
	unsigned long flags;
	const unsigned int f = AGX4_FWMODEL_FAULT_DROP_DOORBELL;
	bool drop = false;

	spin_lock_irqsave(&m->lock, flags);
	if (test_bit(f, &m->fault) && m->fault_arg[f]) {
		drop = true;
		if (!--m->fault_arg[f])
			clear_bit(f, &m->fault);
		m->counters[AGX4_FWMODEL_CNT_DOORBELLS_DROPPED]++;
	} else {
		m->counters[AGX4_FWMODEL_CNT_DOORBELLS]++;
	}
	spin_unlock_irqrestore(&m->lock, flags);
	return drop;
}

static int queue_msg(struct agx4_fwmodel *m, unsigned int inst, u8 ep,
		     u64 msg, const void *rec, size_t len, gfp_t gfp)
{
	unsigned long flags;
	struct fwm_msg *q = kzalloc(sizeof(*q), gfp);

	if (!q)
		return -ENOMEM;
	q->inst = inst;
	q->ep = ep;
	q->msg = msg;
	if (rec)
		memcpy(q->rec, rec, min(len, sizeof(q->rec)));
	spin_lock_irqsave(&m->lock, flags);
	if (m->dying) {
		spin_unlock_irqrestore(&m->lock, flags);
		kfree(q);
		return -ENODEV;
	}
	q->epoch = m->inst[inst].epoch;
	list_add_tail(&q->node, &m->msgs);
	queue_work(m->wq, &m->work);
	spin_unlock_irqrestore(&m->lock, flags);
	return 0;
}

/* Queue an internal command for the worker. */
int agx4_fwmodel_queue_cmd(struct agx4_fwmodel *m, unsigned int inst,
			   enum fwm_cmd cmd)
{
	return queue_msg(m, inst, FWM_EP_CMD, cmd, NULL, 0, GFP_KERNEL);
}

/* Messages the host asked the firmware to misbehave with, once booted. */
static void send_bad(struct agx4_fwmodel *m, unsigned int inst)
{
	u32 arg;

	if (fault_take(m, AGX4_FWMODEL_FAULT_MALFORMED_MSG, &arg))
		agx4_fwmodel_send(m, inst, FWM_EP_FW,
				  ((u64)FWM_MSG_NOTIFY << 48) | (arg ?: 0xff));
	if (fault_take(m, AGX4_FWMODEL_FAULT_UNKNOWN_MSG, &arg))
		agx4_fwmodel_send(m, inst, FWM_EP_FW,
				  (u64)(arg ?: 0x77) << 48);
}

static void fill_events(struct agx4_fwmodel *m, unsigned int inst, u32 n)
{
	u8 rec[FWM_EVT_RECORD] = { 1 };	/* kind 1, empty completion mask */
	u32 i;

	for (i = 0; i < n; i++)
		if (agx4_fwmodel_post(m, inst, rec, false) == -EIO)
			return;
	agx4_fwmodel_send(m, inst, FWM_EP_FW, (u64)FWM_MSG_NOTIFY << 48);
}

/**
 * agx4_fwmodel_inject() - arm a fault
 * @m: the model.
 * @f: the fault; %AGX4_FWMODEL_FAULT_NONE disarms all.
 * @arg: its argument (see &enum agx4_fwmodel_fault).
 *
 * Faults about the boot act on the next init message; message faults
 * act at once if an instance has booted, otherwise right after the first
 * acknowledgment; a crash acts at once.
 */
void agx4_fwmodel_inject(struct agx4_fwmodel *m, enum agx4_fwmodel_fault f,
			 u32 arg)
{
	unsigned long flags;
	bool booted;

	if (f > AGX4_FWMODEL_FAULT_FLIST_AUX)
		return;
	spin_lock_irqsave(&m->lock, flags);
	if (f == AGX4_FWMODEL_FAULT_NONE) {
		m->fault = 0;
		spin_unlock_irqrestore(&m->lock, flags);
		return;
	}
	booted = m->inst[0].acked;
	if (f != AGX4_FWMODEL_FAULT_CRASH &&
	    f != AGX4_FWMODEL_FAULT_FILL_EVENT_RING) {
		set_bit(f, &m->fault);
		m->fault_arg[f] = arg;
	}
	spin_unlock_irqrestore(&m->lock, flags);

	switch (f) {
	case AGX4_FWMODEL_FAULT_CRASH:
		queue_msg(m, arg < m->desc->instances ? arg : 0, FWM_EP_CMD,
			  FWM_CMD_CRASH, NULL, 0, GFP_KERNEL);
		break;
	case AGX4_FWMODEL_FAULT_FILL_EVENT_RING:
		queue_msg(m, 0, FWM_EP_CMD, FWM_CMD_FILL, &arg, sizeof(arg),
			  GFP_KERNEL);
		break;
	case AGX4_FWMODEL_FAULT_MALFORMED_MSG:
	case AGX4_FWMODEL_FAULT_UNKNOWN_MSG:
		if (booted)
			queue_msg(m, 0, FWM_EP_CMD, FWM_CMD_SEND_BAD, NULL, 0,
				  GFP_KERNEL);
		break;
	default:
		break;
	}
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_inject);

/* ---- boot ---- */

int agx4_fwmodel_handoff_check(struct agx4_fwmodel *m)
{
	unsigned long flags;
	u8 *h = m->region[FWM_R_HANDOFF].va;

	if (get_unaligned_le64(h) != FWM_HANDOFF_MAGIC)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_HANDOFF, 0);
	if (get_unaligned_le32(h + 0x18) != 0xffffffff)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_HANDOFF, 0x18);
	if (get_unaligned_le64(h + 0x640) != 0)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_HANDOFF, 0x640);
	/*
	 * The firmware answers with the same magic at +8 once it is up
	 * (ADevWithAnIdea/m1n1@ffe58c78 proxyclient/m1n1/fw/agx/handoff.py
	 * GFXHandoff.initialize waits for it).
	 */
	put_unaligned_le64(FWM_HANDOFF_MAGIC, h + 8);
	spin_lock_irqsave(&m->lock, flags);
	m->handoff_ok = true;
	spin_unlock_irqrestore(&m->lock, flags);
	return 0;
}

/* The root's page-table geometry, level i at 0x34 + 0x20 * i (H). */
static int check_geometry(struct agx4_fwmodel *m, u64 va, const u8 *root)
{
	static const u8 shift[3] = { 36, 25, 14 };
	static const u16 entries[3] = { 64, 2048, 2048 };
	unsigned int i;

	if (get_unaligned_le32(root + 0x2c) != 1)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, va + 0x2c);
	if (get_unaligned_le16(root + 0x30) != FWM_PAGE)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, va + 0x30);
	if (root[0x32] != 14)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, va + 0x32);
	if (root[0x33] != 3)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, va + 0x33);
	for (i = 0; i < 3; i++) {
		const u8 *l = root + 0x34 + 0x20 * i;
		u64 lva = va + 0x34 + 0x20 * i;

		if (l[0] != 8 || l[1] != 14 || l[2] != 14 || l[3] != shift[i])
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT, lva);
		if (get_unaligned_le16(l + 4) != entries[i])
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 lva + 4);
		if (get_unaligned_le16(l + 6) != FWM_PAGE)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 lva + 6);
		if (get_unaligned_le64(l + 8) != 1)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 lva + 8);
		if (get_unaligned_le64(l + 0x10) != FWM_OA_MASK)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 lva + 0x10);
		if (get_unaligned_le64(l + 0x18) !=
		    (u64)(entries[i] - 1) << shift[i])
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 lva + 0x18);
	}
	return 0;
}

/*
 * A pointer the firmware follows: non-zero (else unmapped, at the VA of
 * the pointer) and reachable for @size bytes with @access.
 */
int agx4_fwmodel_need(struct agx4_fwmodel *m, unsigned int inst, u64 where,
		      u64 ptr, u64 size, unsigned int access)
{
	if (!ptr)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, where);
	return agx4_fwmodel_check(m, inst, ptr, size, access);
}

static int need(struct agx4_fwmodel *m, unsigned int inst, u64 where,
		u64 ptr, u64 size, unsigned int access)
{
	return agx4_fwmodel_need(m, inst, where, ptr, size, access);
}

static int check_channels(struct agx4_fwmodel *m, unsigned int inst)
{
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	struct fwm_inst *fi = &m->inst[inst];
	bool ram_cursors = m->gen == AGX4_FWMODEL_G17P;
	unsigned int i, k;
	int ret;

	for (i = 0; i < 16; i++) {
		struct fwm_channel *c = &fi->ch[i];
		u64 rva = fi->main_va + 0x20 + 0x20 * i;

		/* The G17P secondary fills only the trailing channels (H). */
		if (i < 12 && inst > 0)
			continue;
		if (i <= 12) {
			u64 len = i < 12 ? FWM_RING_ENTRIES * FWM_WORK_MSG :
					   FWM_RING_ENTRIES * FWM_CTL_RECORD;

			if (!c->ring)
				return agx4_fwmodel_fail(m,
						AGX4_FWMODEL_BAD_CHANNEL, rva);
			ret = agx4_fwmodel_check(m, inst, c->ring, len,
						 AGX4_FWMODEL_READ);
			if (ret)
				return ret;
			if (ram_cursors) {
				/* G17P cursors are RAM words at state[0] + 0/0x10/0x20 (H). */
				ret = need(m, inst, rva, c->state[0],
					   FWM_CUR_BLOCK, rw);
				if (ret)
					return ret;
				continue;
			}
			/* L: G16 keeps its cursors in SGX; any state named must be mapped. */
			for (k = 0; k < 3; k++) {
				u64 len = c->state[k] ? 4 : 0;

				ret = agx4_fwmodel_check(m, inst, c->state[k],
							 len, AGX4_FWMODEL_READ);
				if (ret)
					return ret;
			}
			continue;
		}
		if (i == 15) {
			ret = need(m, inst, rva, c->state[0], 4, rw);
			if (ret)
				return ret;
			continue;
		}
		/* 13, 14: states[0] cursors, states[1] records, ring = their end (H). */
		k = i == 13 ? FWM_RING_ENTRIES : FWM_STAT_ENTRIES;
		ret = need(m, inst, rva, c->state[0], FWM_CUR_BLOCK, rw);
		if (!ret)
			ret = need(m, inst, rva + 8, c->state[1],
				   (u64)k * FWM_EVT_RECORD, rw);
		if (ret)
			return ret;
		if (c->ring != c->state[1] + (u64)k * FWM_EVT_RECORD)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_CHANNEL,
						 rva + 0x18);
		/*
		 * Where completion reports advance the second pair too
		 * (G17P), it is a cursor block like the first.
		 */
		if (m->desc->nreports)
			ret = need(m, inst, rva + 0x10, c->state[2],
				   FWM_CUR_BLOCK, rw);
		else
			ret = agx4_fwmodel_check(m, inst, c->state[2],
						 c->state[2] ? 4 : 0,
						 AGX4_FWMODEL_READ);
		if (ret)
			return ret;
	}
	return 0;
}

/* hwdata's register-window records: 0x28 bytes from +0x640 (H). */
#define FWM_HW_WINDOWS		0x640
#define FWM_HW_WINDOW		0x28
#define FWM_MCC_MAX		32

/*
 * A window's physical runs, each @size bytes, back to back at its firmware
 * address; returns how many (0 for none).
 */
static unsigned int window_runs(const struct fwm_gen_desc *d,
				const struct fwm_window *w, u64 *pa)
{
	unsigned int bit, n = 0;

	switch (w->where) {
	case FWM_WIN_SGX:
		pa[0] = d->sgx_pa + w->addr;
		return 1;
	case FWM_WIN_META:
		pa[0] = d->meta_swi & ~(FWM_PAGE - 1);
		return 1;
	case FWM_WIN_MCC:
		/*
		 * G16: 0x2201c4000 + (bit << 25) per bit of the mask (H:
		 * GravityLinux/linux drivers/gpu/drm/asahi/g16_platform.rs@3a2ad760
		 * Platform::build_registers).
		 */
		for (bit = 0; bit < FWM_MCC_MAX; bit++)
			if (d->mcc_mask & BIT(bit))
				pa[n++] = w->addr + ((u64)bit << 25);
		return n;
	default:
		pa[0] = w->addr;
		return 1;
	}
}

/*
 * The register windows: the firmware maps each from its hwdata record
 * (physical address, firmware address, size, stride, relative word,
 * flags) and touches its registers, so every record must say what the
 * reference says and its firmware address must reach every page of the
 * window, writable exactly when the generation's table says.  The
 * registers are not RAM: only the translation is checked.  A window
 * missing or wrong is a fault at boot.
 */
static int check_windows(struct agx4_fwmodel *m, unsigned int inst, u64 hw)
{
	const struct fwm_gen_desc *d = m->desc;
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	u64 run[FWM_MCC_MAX];
	unsigned int i, n;

	for (i = 0; i < d->num_windows; i++) {
		const struct fwm_window *w = &d->windows[i];
		u64 rec = hw + FWM_HW_WINDOWS + FWM_HW_WINDOW * w->slot;
		u8 r[FWM_HW_WINDOW];
		u64 va, p, size, where;
		enum agx4_fwmodel_err e;
		bool writable;
		phys_addr_t pa;

		n = window_runs(d, w, run);
		if (!n)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WINDOW, rec);
		size = (u64)n * w->size;
		if (agx4_fwmodel_read(m, inst, rec, r, sizeof(r)))
			return -EIO;
		if (get_unaligned_le64(r) != run[0])
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WINDOW, rec);
		va = get_unaligned_le64(r + 8);
		if (!va || (va & (FWM_PAGE - 1)) != (run[0] & (FWM_PAGE - 1)))
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WINDOW,
						 rec + 8);
		if (get_unaligned_le32(r + 0x10) != size)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WINDOW,
						 rec + 0x10);
		if (get_unaligned_le32(r + 0x14) != w->size)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WINDOW,
						 rec + 0x14);
		if (get_unaligned_le64(r + 0x18) != (w->relative ? w->addr : 0))
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WINDOW,
						 rec + 0x18);
		if (get_unaligned_le32(r + 0x20) != w->flags)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WINDOW,
						 rec + 0x20);
		for (p = va; p - va < size; p = (p | (FWM_PAGE - 1)) + 1) {
			u64 off = p - va;

			e = walk(m, inst, p, AGX4_FWMODEL_READ, &pa, &where);
			if (e != AGX4_FWMODEL_OK ||
			    pa != run[off / w->size] + off % w->size)
				return agx4_fwmodel_fail(m,
							 AGX4_FWMODEL_BAD_WINDOW,
							 p);
			writable = walk(m, inst, p, rw, &pa, &where) ==
				   AGX4_FWMODEL_OK;
			if (writable != w->writable)
				return agx4_fwmodel_fail(m,
							 AGX4_FWMODEL_BAD_WINDOW,
							 p);
		}
	}
	return 0;
}

static int check_init(struct agx4_fwmodel *m, unsigned int inst, u64 va)
{
	const struct fwm_gen_desc *d = m->desc;
	struct fwm_inst *fi = &m->inst[inst];
	u8 root[0xc8], mc[0x20 + 0x20 * FWM_CHANNELS];
	enum agx4_fwmodel_err e;
	phys_addr_t pa, img;
	unsigned int i;
	u64 where;
	int ret;

	if (!m->handoff_ok) {
		ret = agx4_fwmodel_handoff_check(m);
		if (ret)
			return ret;
	}

	/* The firmware runs from its image: the loader's mapping must survive. */
	e = walk(m, inst, FWM_FW_IMAGE_VA, AGX4_FWMODEL_READ, &pa, &where);
	if (e == AGX4_FWMODEL_BAD_TTB)
		return agx4_fwmodel_fail(m, e, where);
	img = m->region[inst ? FWM_R_FIRMWARE2 : FWM_R_FIRMWARE].pa;
	if (e != AGX4_FWMODEL_OK || pa != img)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_LOADER_MAP,
					 FWM_FW_IMAGE_VA);

	if (agx4_fwmodel_read(m, inst, va, root, d->root_size[inst]))
		return -EIO;
	for (i = 0; i < 4; i++)
		if (get_unaligned_le16(root + 2 * i) != d->version[i])
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ROOT,
						 va + 2 * i);
	ret = check_geometry(m, va, root);
	if (ret)
		return ret;
	/* Region A, main config, region C, status A (H). */
	ret = need(m, inst, va + 0x08, get_unaligned_le64(root + 0x08),
		   FWM_PAGE, AGX4_FWMODEL_READ);
	if (!ret)
		ret = need(m, inst, va + 0x18, get_unaligned_le64(root + 0x18),
			   d->main_size, AGX4_FWMODEL_READ);
	if (!ret)
		ret = need(m, inst, va + 0x20, get_unaligned_le64(root + 0x20),
			   0x1000, AGX4_FWMODEL_READ);
	if (!ret)
		ret = need(m, inst, va + 0xa8, get_unaligned_le64(root + 0xa8),
			   0x80, AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE);
	if (!ret)
		ret = d->check_root(m, inst, va, root);
	if (ret)
		return ret;

	fi->root_va = va;
	fi->main_va = get_unaligned_le64(root + 0x18);
	fi->status_a = get_unaligned_le64(root + 0xa8);
	if (agx4_fwmodel_read(m, inst, fi->main_va, mc, sizeof(mc)))
		return -EIO;
	/* hwdata (0x3db4 bytes) and the firmware-written "repeated" area (L: 0xc0). */
	ret = need(m, inst, fi->main_va, get_unaligned_le64(mc), 0x3db4,
		   AGX4_FWMODEL_READ);
	for (i = 1; i < 3 && !ret; i++)
		ret = need(m, inst, fi->main_va + 8 * i,
			   get_unaligned_le64(mc + 8 * i), 0xc0,
			   AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE);
	if (ret)
		return ret;
	for (i = 0; i < FWM_CHANNELS; i++) {
		const u8 *c = mc + 0x20 + 0x20 * i;

		fi->ch[i].state[0] = get_unaligned_le64(c);
		fi->ch[i].state[1] = get_unaligned_le64(c + 8);
		fi->ch[i].state[2] = get_unaligned_le64(c + 0x10);
		fi->ch[i].ring = get_unaligned_le64(c + 0x18);
	}
	ret = check_channels(m, inst);
	if (ret)
		return ret;
	return check_windows(m, inst, get_unaligned_le64(mc));
}

/*
 * A device-control record whose receipt finds channel 13 full is not
 * consumed: the firmware stops at it, its cursors unmoved, and looks
 * again every FWM_REPORT_POLL_MS until the host consumes (strictest
 * reading, as for the records work posts there); counted once.
 */
static void control_rearm(struct agx4_fwmodel *m, unsigned int inst)
{
	struct fwm_inst *fi = &m->inst[inst];
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	fi->ctl_epoch = fi->epoch;
	if (!m->dying)
		mod_delayed_work(m->wq, &m->exec_work,
				 msecs_to_jiffies(FWM_REPORT_POLL_MS));
	spin_unlock_irqrestore(&m->lock, flags);
}

static void control_wait(struct agx4_fwmodel *m, unsigned int inst,
			 bool waited)
{
	if (!waited)
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_REPORT_STALLS);
	m->inst[inst].ctl_wait = true;
	control_rearm(m, inst);
}

/*
 * What the firmware posts at control start waits for room likewise
 * (&fwm_gen_desc.control_started says -EAGAIN): counted once, and posted
 * from the model's timer once the host consumes.
 */
static void control_start_post(struct agx4_fwmodel *m, unsigned int inst)
{
	struct fwm_inst *fi = &m->inst[inst];

	if (!m->desc->control_started ||
	    m->desc->control_started(m, inst) != -EAGAIN) {
		fi->start_wait = false;
		return;
	}
	if (!fi->start_wait)
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_REPORT_STALLS);
	fi->start_wait = true;
	control_rearm(m, inst);
}

/* Consume device-control records from the read cursor to the producer. */
static int control_consume(struct agx4_fwmodel *m, unsigned int inst)
{
	const struct fwm_gen_desc *d = m->desc;
	u64 ring = m->inst[inst].ch[12].ring;
	bool waited = m->inst[inst].ctl_wait;
	u8 rec[FWM_CTL_RECORD];
	u32 r, p;
	int ret;

	m->inst[inst].ctl_wait = false;
	if (d->ctl_cursor(m, inst, 0, &r, false) ||
	    d->ctl_cursor(m, inst, 2, &p, false))
		return -EIO;
	if (m->gen == AGX4_FWMODEL_G17P)
		agx4_fwmodel_trace_cursor(m, inst, AGX4_FWMODEL_TRR_CTL_PROD, p);
	if (r >= FWM_RING_ENTRIES || p >= FWM_RING_ENTRIES) {
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_BAD_RECORDS);
		agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_RECORD, max(r, p));
		return 0;
	}
	while (r != p) {
		u64 va = ring + (u64)r * FWM_CTL_RECORD;

		if (agx4_fwmodel_read(m, inst, va, rec, sizeof(rec)))
			return -EIO;
		agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_CONTROL, inst, 0, 0,
				   get_unaligned_le32(rec));
		ret = d->ctl_record(m, inst, va, rec);
		if (ret == -EIO)
			return ret;
		if (ret == -EAGAIN) {
			control_wait(m, inst, waited);
			return 0;
		}
		agx4_fwmodel_counter_add(m, ret ? AGX4_FWMODEL_CNT_BAD_RECORDS :
					 AGX4_FWMODEL_CNT_CONTROL_RECORDS);
		if (ret)
			agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_RECORD, va);
		r = (r + 1) % FWM_RING_ENTRIES;
		if (d->ctl_cursor(m, inst, 0, &r, true) ||
		    d->ctl_cursor(m, inst, 1, &r, true))
			return -EIO;
	}
	return 0;
}

/**
 * agx4_fwmodel_control_retry() - look again at a waiting device-control record
 * @m: the model.
 * @inst: instance.
 *
 * Executor only: when a record of @inst, or what its control start posts,
 * waits for room on channel 13 (control_wait(), control_start_post()) and
 * the instance still runs the boot it waited in, the firmware posts what
 * control start had, and takes the control ring again from that record.
 */
void agx4_fwmodel_control_retry(struct agx4_fwmodel *m, unsigned int inst)
{
	struct fwm_inst *fi = &m->inst[inst];
	unsigned long flags;
	bool go;

	if (!fi->ctl_wait && !fi->start_wait)
		return;
	spin_lock_irqsave(&m->lock, flags);
	go = fi->running && fi->acked && !fi->crashed &&
	     fi->epoch == fi->ctl_epoch;
	spin_unlock_irqrestore(&m->lock, flags);
	if (!go) {
		fi->ctl_wait = false;
		fi->start_wait = false;
		return;
	}
	if (fi->start_wait)
		control_start_post(m, inst);
	if (fi->ctl_wait && control_consume(m, inst))
		agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
}

static void ack(struct agx4_fwmodel *m, unsigned int inst)
{
	unsigned long flags;
	u32 status = 1, arg;

	/*
	 * What a refusal looks like is not known: strictest reading, any
	 * value but 1 is one (the references wait for exactly 1).
	 */
	if (fault_armed(m, AGX4_FWMODEL_FAULT_WRONG_STATUS, &arg))
		status = arg ?: 2;
	/*
	 * Status A: +0x10 and +0x14 = 1 when the init data is accepted
	 * (GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
	 * Bootstrap::publish waits for +0x14; ADevWithAnIdea/m1n1@ffe58c78
	 * proxyclient/m1n1/agx/g17p_initdata.py build_status_block: both
	 * words 1 once acknowledged).
	 */
	if (agx4_fwmodel_write32(m, inst, m->inst[inst].status_a + 0x10, 1) ||
	    agx4_fwmodel_write32(m, inst, m->inst[inst].status_a + 0x14,
				 status)) {
		agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
		return;
	}
	if (m->desc->acked)
		m->desc->acked(m, inst, status);
	spin_lock_irqsave(&m->lock, flags);
	m->inst[inst].acked = true;
	spin_unlock_irqrestore(&m->lock, flags);
	send_bad(m, inst);
}

static void ack_work(struct work_struct *w)
{
	unsigned long flags;
	struct agx4_fwmodel *m = container_of(w, struct agx4_fwmodel,
					      ack_work.work);
	unsigned int i;

	for (i = 0; i < m->desc->instances; i++) {
		bool go;

		spin_lock_irqsave(&m->lock, flags);
		go = m->inst[i].ack_pending && m->inst[i].running &&
		     !m->inst[i].crashed;
		m->inst[i].ack_pending = false;
		spin_unlock_irqrestore(&m->lock, flags);
		if (go)
			ack(m, i);
	}
}

/**
 * agx4_fwmodel_poll_arm() - run the generation's poll in a millisecond
 * @m: the model.
 */
void agx4_fwmodel_poll_arm(struct agx4_fwmodel *m)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	if (!m->dying && m->desc->poll)
		queue_delayed_work(m->wq, &m->poll_work, msecs_to_jiffies(1));
	spin_unlock_irqrestore(&m->lock, flags);
}

static void poll_work(struct work_struct *w)
{
	struct agx4_fwmodel *m = container_of(w, struct agx4_fwmodel,
					      poll_work.work);
	unsigned long flags;
	bool busy, again = true;

	spin_lock_irqsave(&m->lock, flags);
	busy = m->executing;
	if (!busy)
		m->executing = true;
	spin_unlock_irqrestore(&m->lock, flags);
	if (!busy) {
		again = m->desc->poll(m);
		agx4_fwmodel_exec_done(m);
	}
	if (again)
		agx4_fwmodel_poll_arm(m);
}

static void handle_init(struct agx4_fwmodel *m, unsigned int inst, u64 msg)
{
	unsigned long flags;
	u64 va = FWM_HIGH_PREFIX | (msg & GENMASK_ULL(43, 0));
	bool again;
	u32 arg;

	if (msg & GENMASK_ULL(47, 44)) {
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_BAD_MESSAGES);
		agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_MESSAGE, msg);
		return;
	}
	spin_lock_irqsave(&m->lock, flags);
	again = m->inst[inst].init_seen;
	m->inst[inst].init_seen = true;
	spin_unlock_irqrestore(&m->lock, flags);
	if (again) {
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_BAD_MESSAGES);
		agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_SEQUENCE, msg);
		return;
	}
	if (fault_armed(m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, &arg) && !arg) {
		fault_take(m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, NULL);
		agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_INJECTED,
				   AGX4_FWMODEL_FAULT_CRASH_IN_BOOT);
		return;
	}
	/*
	 * L: records already produced are consumed at init: G16 produces
	 * the opening no-op before init and finds all three control cursors
	 * at 1 afterwards; G17P stages them consumed.  A started firmware
	 * has taken no render tick yet.
	 */
	if (inst == 0)
		m->render_ticks = 0;
	if (check_init(m, inst, va) ||
	    (!fault_take(m, AGX4_FWMODEL_FAULT_CONTROL_UNREAD, NULL) &&
	     control_consume(m, inst))) {
		agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
		return;
	}
	if (fault_armed(m, AGX4_FWMODEL_FAULT_NEVER_ACK, NULL))
		return;
	if (fault_armed(m, AGX4_FWMODEL_FAULT_ACK_LATE, &arg)) {
		spin_lock_irqsave(&m->lock, flags);
		if (!m->dying) {
			m->inst[inst].ack_pending = true;
			queue_delayed_work(m->wq, &m->ack_work,
					   msecs_to_jiffies(arg));
		}
		spin_unlock_irqrestore(&m->lock, flags);
		return;
	}
	ack(m, inst);
}

static void bad_msg(struct agx4_fwmodel *m, enum agx4_fwmodel_err e, u64 v)
{
	agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_BAD_MESSAGES);
	agx4_fwmodel_fail(m, e, v);
}

static void write_cursor(struct agx4_fwmodel *m, unsigned int inst,
			 enum agx4_fwmodel_cursor c, unsigned int ch, u32 v);

static void handle_db(struct agx4_fwmodel *m, unsigned int inst, u64 msg,
		      bool acked, bool control_started)
{
	unsigned long flags;
	u32 type = FWM_MSG_TYPE(msg);
	u64 payload = msg & GENMASK_ULL(47, 0);
	unsigned int ch;
	u32 arg;

	switch (type) {
	case FWM_MSG_KICK:
		/* (priority << 2) | engine; engine 3 and channels past 11 do not exist (H). */
		if (payload > 0x1f || (payload & 3) == 3 ||
		    (payload >> 2) * 3 + (payload & 3) >= 12) {
			bad_msg(m, AGX4_FWMODEL_BAD_MESSAGE, msg);
			return;
		}
		if (drop_doorbell(m))
			return;
		ch = (payload >> 2) * 3 + (payload & 3);
		spin_lock_irqsave(&m->lock, flags);
		m->kicks[ch]++;
		spin_unlock_irqrestore(&m->lock, flags);
		if (!acked) {
			bad_msg(m, AGX4_FWMODEL_BAD_SEQUENCE, msg);
			return;
		}
		/*
		 * Engine 0 is render: its TA and 3D channels together; 2
		 * compute (GravityLinux/linux drivers/gpu/drm/asahi/
		 * g16_runtime.rs@1ab42a3a Bootstrap::flush kicks once per
		 * priority after publishing both render channels); 1 the 3D
		 * channel alone, as the G16 bootstrap barrier kicks it
		 * (g16.rs@1ab42a3a Bootstrap::submit_barrier).
		 */
		if (agx4_fwmodel_exec_kick(m, inst, ch) ||
		    ((payload & 3) == 0 &&
		     agx4_fwmodel_exec_kick(m, inst, ch + 1)))
			return;
		agx4_fwmodel_exec_run(m, inst);
		return;
	case FWM_MSG_CONTROL:
		if (payload != FWM_CONTROL_PAYLOAD) {
			bad_msg(m, AGX4_FWMODEL_BAD_MESSAGE, msg);
			return;
		}
		if (drop_doorbell(m))
			return;
		if (!acked || (m->gen == AGX4_FWMODEL_G17P && !control_started)) {
			bad_msg(m, AGX4_FWMODEL_BAD_SEQUENCE, msg);
			return;
		}
		if (control_consume(m, inst)) {
			agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
			return;
		}
		/* A growth or limit reply may let work complete. */
		agx4_fwmodel_exec_run(m, inst);
		return;
	case FWM_MSG_CONTROL_START:
		if (m->gen != AGX4_FWMODEL_G17P || payload) {
			bad_msg(m, AGX4_FWMODEL_BAD_MESSAGE, msg);
			return;
		}
		if (!acked || control_started) {
			bad_msg(m, AGX4_FWMODEL_BAD_SEQUENCE, msg);
			return;
		}
		if (fault_armed(m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, &arg) &&
		    arg == 2 + inst) {
			fault_take(m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, NULL);
			agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_INJECTED,
					   AGX4_FWMODEL_FAULT_CRASH_IN_BOOT);
			return;
		}
		spin_lock_irqsave(&m->lock, flags);
		m->inst[inst].control_started = true;
		spin_unlock_irqrestore(&m->lock, flags);
		if (fault_armed(m, AGX4_FWMODEL_FAULT_CONTROL_MOVED, &arg) &&
		    arg == inst) {
			fault_take(m, AGX4_FWMODEL_FAULT_CONTROL_MOVED, NULL);
			write_cursor(m, inst, AGX4_FWMODEL_CUR_CTL_READ, 0, 2);
		}
		control_start_post(m, inst);
		return;
	default:
		bad_msg(m, AGX4_FWMODEL_BAD_MESSAGE, msg);
	}
}

/* The firmware writes @v into one of its cursors (agx4_fwmodel_set_cursor()). */
static void write_cursor(struct agx4_fwmodel *m, unsigned int inst,
			 enum agx4_fwmodel_cursor c, unsigned int ch, u32 v)
{
	const struct fwm_gen_desc *d = m->desc;
	u64 cur = m->inst[inst].ch[13].state[0];
	int ret = -EINVAL;

	switch (c) {
	case AGX4_FWMODEL_CUR_STATS_WRITE:
		cur = m->inst[inst].ch[14].state[0];
		fallthrough;
	case AGX4_FWMODEL_CUR_EVENT_WRITE:
		if (!cur)
			return;
		ret = agx4_fwmodel_write32(m, inst, cur + FWM_CUR_WRITE, v);
		if (!ret)
			agx4_fwmodel_send(m, inst, FWM_EP_FW,
					  (u64)FWM_MSG_NOTIFY << 48);
		break;
	case AGX4_FWMODEL_CUR_CTL_READ:
	case AGX4_FWMODEL_CUR_CTL_DONE:
		ret = d->ctl_cursor(m, inst, c == AGX4_FWMODEL_CUR_CTL_DONE,
				    &v, true);
		break;
	case AGX4_FWMODEL_CUR_WORK_READ:
	case AGX4_FWMODEL_CUR_WORK_DONE:
		ret = d->work_cursor(m, inst, ch,
				     c == AGX4_FWMODEL_CUR_WORK_DONE, &v, true);
		break;
	}
	if (ret)
		agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
}

static void handle_cmd(struct agx4_fwmodel *m, struct fwm_msg *q)
{
	switch (q->msg) {
	case FWM_CMD_CRASH:
		agx4_fwmodel_crash(m, q->inst, AGX4_FWMODEL_INJECTED,
				   AGX4_FWMODEL_FAULT_CRASH);
		break;
	case FWM_CMD_POST:
		agx4_fwmodel_post(m, q->inst, q->rec, true);
		break;
	case FWM_CMD_POST_STAT:
		post_stat(m, q->inst, q->rec);
		break;
	case FWM_CMD_FILL:
		fill_events(m, q->inst, get_unaligned((u32 *)q->rec));
		break;
	case FWM_CMD_SEND_BAD:
		send_bad(m, q->inst);
		break;
	case FWM_CMD_RELEASE:
		agx4_fwmodel_exec_release(m, q->inst);
		break;
	case FWM_CMD_SEND_RAW:
		agx4_fwmodel_send(m, q->inst, q->rec[0],
				  get_unaligned_le64(q->rec + 8));
		break;
	case FWM_CMD_CURSOR:
		write_cursor(m, q->inst, q->rec[0], q->rec[1],
			     get_unaligned_le32(q->rec + 4));
		break;
	case FWM_CMD_STAMP:
		agx4_fwmodel_exec_stamp(m, q->inst,
					(s32)get_unaligned_le32(q->rec));
		break;
	case FWM_CMD_POOL:
		agx4_fwmodel_exec_pool(m, q->inst,
				       (s32)get_unaligned_le32(q->rec));
		break;
	}
}

static void handle(struct agx4_fwmodel *m, struct fwm_msg *q)
{
	unsigned long flags;
	struct fwm_inst *fi = &m->inst[q->inst];
	bool live, started, acked, control_started;

	spin_lock_irqsave(&m->lock, flags);
	live = fi->running && !fi->crashed && q->epoch == fi->epoch;
	started = q->ep != FWM_EP_CMD && fi->ep_started[q->ep - FWM_EP_FW];
	acked = fi->acked;
	control_started = fi->control_started;
	if (!live)
		m->counters[AGX4_FWMODEL_CNT_IGNORED]++;
	else if (q->ep != FWM_EP_CMD)
		m->counters[AGX4_FWMODEL_CNT_RECEIVED]++;
	spin_unlock_irqrestore(&m->lock, flags);
	if (!live)
		return;
	if (q->ep == FWM_EP_CMD) {
		handle_cmd(m, q);
		return;
	}
	if (!started) {
		bad_msg(m, AGX4_FWMODEL_NOT_STARTED, q->ep);
		return;
	}
	if (q->ep == FWM_EP_FW) {
		if (FWM_MSG_TYPE(q->msg) == FWM_MSG_INIT)
			handle_init(m, q->inst, q->msg);
		else
			bad_msg(m, AGX4_FWMODEL_BAD_MESSAGE, q->msg);
		return;
	}
	handle_db(m, q->inst, q->msg, acked, control_started);
}

static void fwm_work(struct work_struct *w)
{
	unsigned long flags;
	struct agx4_fwmodel *m = container_of(w, struct agx4_fwmodel, work);
	struct fwm_clock clock;
	struct fwm_msg *q;

	agx4_fwmodel_clock_start(m, &clock);
	for (;;) {
		spin_lock_irqsave(&m->lock, flags);
		/* A doorbell's caller executing requeues this when done. */
		q = m->executing ? NULL :
		    list_first_entry_or_null(&m->msgs, struct fwm_msg, node);
		if (q) {
			list_del(&q->node);
			m->executing = true;
		}
		spin_unlock_irqrestore(&m->lock, flags);
		if (!q)
			break;
		handle(m, q);
		kfree(q);
		agx4_fwmodel_exec_done(m);
	}
	agx4_fwmodel_clock_stop(m, &clock);
}

/*
 * The executor is done: what arrived meanwhile, and a timer pass it
 * stood in the way of, go to the worker.
 */
void agx4_fwmodel_exec_done(struct agx4_fwmodel *m)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->executing = false;
	if (!m->dying) {
		if (!list_empty(&m->msgs))
			queue_work(m->wq, &m->work);
		if (m->timer_missed)
			mod_delayed_work(m->wq, &m->exec_work, 0);
	}
	m->timer_missed = false;
	spin_unlock_irqrestore(&m->lock, flags);
}

/*
 * In inline mode, a work doorbell rung with interrupts on, while nothing
 * else executes and no earlier message waits, runs in the caller.  The
 * whole call is the model's CPU time, from the doorbell to the hand-off
 * of what arrived meanwhile (on hardware the doorbell is one mailbox
 * write), less the host's receive callbacks it made.
 * Return: true when it ran.
 */
static bool ring_inline(struct agx4_fwmodel *m, unsigned int inst, u64 msg)
{
	struct fwm_msg q = { .inst = inst, .ep = FWM_EP_DB, .msg = msg };
	unsigned long flags;
	u64 t0, host;
	bool go;

	/* Outside inline mode, every doorbell goes to the worker. */
	if (!READ_ONCE(m->inline_kicks))
		return false;
	t0 = ktime_get_ns();
	if (FWM_MSG_TYPE(msg) != FWM_MSG_KICK ||
	    inst >= m->desc->instances || irqs_disabled())
		return false;
	spin_lock_irqsave(&m->lock, flags);
	go = m->inline_kicks && !m->executing && !m->dying &&
	     list_empty(&m->msgs) && m->inst[inst].running;
	if (go) {
		m->executing = true;
		m->counters[AGX4_FWMODEL_CNT_INLINE_KICKS]++;
		q.epoch = m->inst[inst].epoch;
	}
	spin_unlock_irqrestore(&m->lock, flags);
	if (!go)
		return false;
	/* The host's callbacks only run in an executor: this one, now. */
	host = m->host_ns;
	handle(m, &q);
	host = m->host_ns - host;
	agx4_fwmodel_exec_done(m);
	atomic64_add(ktime_get_ns() - t0 - host, &m->cpu_ns);
	return true;
}

/**
 * agx4_fwmodel_set_inline() - answer work doorbells in their caller
 * @m: the model.
 * @on: whether to.
 *
 * On, a work doorbell (0x83) the host rings with interrupts on, while the
 * firmware's side is idle, runs in the host's call: the work it names
 * starts, and completes if the mode lets it, before the call returns, so
 * the host's receive callbacks run inside its doorbell call.  This is a
 * firmware that answers before the mailbox write returns (on hardware,
 * an interrupt taken right after it), without the context switch to the
 * model's worker, which the coprocessor does not cost the CPU.  The host
 * must ring doorbells with none of its locks held.  Off (the default),
 * every message goes to the worker.
 */
void agx4_fwmodel_set_inline(struct agx4_fwmodel *m, bool on)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->inline_kicks = on;
	spin_unlock_irqrestore(&m->lock, flags);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_set_inline);

/* ---- transport ops ---- */

static void asc_set(struct agx4_fwmodel *m, unsigned int inst, bool run)
{
	__le32 *ctl = m->asc[inst] + FWM_ASC_CPU_CONTROL;
	__le32 *st = m->asc[inst] + FWM_ASC_CPU_STATUS;
	u32 v = le32_to_cpu(READ_ONCE(*ctl));

	v = run ? v | FWM_ASC_RUN : v & ~FWM_ASC_RUN;
	WRITE_ONCE(*ctl, cpu_to_le32(v));
	/* Status bit 0 running, bit 1 stopped (M). */
	WRITE_ONCE(*st, cpu_to_le32(run ? 1 : 2));
}

/* The coprocessor's state, as the host reads it before it writes anything. */
static int op_cold(void *priv, unsigned int inst)
{
	unsigned long flags;
	struct agx4_fwmodel *m = priv;
	int ret = 0;

	if (inst >= m->desc->instances)
		return -EINVAL;
	spin_lock_irqsave(&m->lock, flags);
	if (m->inst[inst].running)
		ret = -EBUSY;
	else
		m->inst[inst].cold_seen = true;
	spin_unlock_irqrestore(&m->lock, flags);
	return ret;
}

/*
 * H (G16): the host checks that the coprocessor is cold (ASC+0x44 bit 4
 * clear, ASC+0x48 & 3 == 2) before the SGX writes and the handoff page
 * (GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a Bootstrap::new).
 * Strictest reading: a start without that check first, or after one of
 * the boot's SGX writes, is refused.
 */
static int cold_order(struct agx4_fwmodel *m, unsigned int inst)
{
	unsigned long flags;
	bool seen;
	u32 early;

	if (!m->desc->cold_first)
		return 0;
	spin_lock_irqsave(&m->lock, flags);
	seen = m->inst[inst].cold_seen;
	early = inst ? 0 : m->early_sgx;
	spin_unlock_irqrestore(&m->lock, flags);
	if (early)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_COLD_STATE, early);
	if (!seen)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_COLD_STATE,
					 FWM_ASC_CPU_CONTROL);
	return 0;
}

/*
 * H (G17P): before the coprocessors start the host clears context slots
 * 3..63, keeping 0..2 (GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_memory.rs@e64fbc4e Memory::prepare_cold:
 * "Other stale table pointers must go").  The model's loader leaves stale
 * words there (agx4_fwmodel_create()); strictest reading: a start that
 * finds one is refused.
 */
#define FWM_CTX_KEPT		3
#define FWM_CTX_SLOTS		64
#define FWM_CTX_STALE		0x0000dead00000001ULL
static int stale_contexts(struct agx4_fwmodel *m)
{
	unsigned int slot;
	u64 w;

	if (!m->desc->stale_contexts)
		return 0;
	for (slot = FWM_CTX_KEPT; slot < FWM_CTX_SLOTS; slot++) {
		w = ttb_word(m, slot, false) | ttb_word(m, slot, true);
		if (w)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_TTB, w);
	}
	return 0;
}

static int op_start(void *priv, unsigned int inst)
{
	unsigned long flags;
	struct agx4_fwmodel *m = priv;
	struct fwm_inst *fi;
	u32 arg;

	if (inst >= m->desc->instances)
		return -EINVAL;
	fi = &m->inst[inst];
	if (fault_armed(m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, &arg) && arg == 1) {
		fault_take(m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, NULL);
		agx4_fwmodel_fail(m, AGX4_FWMODEL_INJECTED,
				  AGX4_FWMODEL_FAULT_CRASH_IN_BOOT);
		return -ETIMEDOUT;
	}
	if (cold_order(m, inst) || stale_contexts(m))
		return -EIO;
	/*
	 * GAP: what hardware does without the AXI transition bits is not
	 * known; both generations set them before the coprocessor starts,
	 * and the model refuses to boot without them.
	 */
	if (!(agx4_fwmodel_sgx_read(m, FWM_SGX_AXI_A) & 1)) {
		agx4_fwmodel_fail(m, AGX4_FWMODEL_COLD_STATE, FWM_SGX_AXI_A);
		return -EIO;
	}
	if (!(agx4_fwmodel_sgx_read(m, FWM_SGX_AXI_B) & 1)) {
		agx4_fwmodel_fail(m, AGX4_FWMODEL_COLD_STATE, FWM_SGX_AXI_B);
		return -EIO;
	}
	/* G16 writes the handoff page before the coprocessor starts (H). */
	if (m->gen == AGX4_FWMODEL_G16 && agx4_fwmodel_handoff_check(m))
		return -EIO;

	spin_lock_irqsave(&m->lock, flags);
	if (fi->running) {
		spin_unlock_irqrestore(&m->lock, flags);
		return -EBUSY;
	}
	fi->running = true;
	fi->cold_seen = false;
	if (!inst)
		m->early_sgx = 0;
	fi->crashed = false;
	fi->init_seen = false;
	fi->acked = false;
	fi->control_started = false;
	fi->ack_pending = false;
	fi->ep_started[0] = false;
	fi->ep_started[1] = false;
	fi->epoch++;
	spin_unlock_irqrestore(&m->lock, flags);
	asc_set(m, inst, true);
	agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_START, inst, 0, 0, 0);
	return 0;
}

static void op_stop(void *priv, unsigned int inst)
{
	unsigned long flags;
	struct agx4_fwmodel *m = priv;
	struct fwm_inst *fi;

	if (inst >= m->desc->instances)
		return;
	agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_STOP, inst, 0, 0, 0);
	fi = &m->inst[inst];
	spin_lock_irqsave(&m->lock, flags);
	if (fi->running) {
		fi->running = false;
		fi->stops++;
		fi->epoch++;
		fi->acked = false;
		fi->control_started = false;
		fi->ack_pending = false;
		fi->ep_started[0] = false;
		fi->ep_started[1] = false;
		m->handoff_ok = false;
	}
	spin_unlock_irqrestore(&m->lock, flags);
	asc_set(m, inst, false);
}

static int op_start_endpoint(void *priv, unsigned int inst, u8 ep)
{
	unsigned long flags;
	struct agx4_fwmodel *m = priv;
	int ret = 0;

	if (inst >= m->desc->instances || (ep != FWM_EP_FW && ep != FWM_EP_DB))
		return -EINVAL;
	spin_lock_irqsave(&m->lock, flags);
	if (m->inst[inst].running)
		m->inst[inst].ep_started[ep - FWM_EP_FW] = true;
	else
		ret = -EIO;
	spin_unlock_irqrestore(&m->lock, flags);
	if (!ret)
		agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_EP_START, inst, ep, 0, 0);
	return ret;
}

static int do_send(struct agx4_fwmodel *m, unsigned int inst, u8 ep,
		   u64 msg, gfp_t gfp)
{
	unsigned long flags;
	bool running;

	if (inst >= m->desc->instances)
		return -EINVAL;
	if (ep != FWM_EP_FW && ep != FWM_EP_DB) {
		bad_msg(m, AGX4_FWMODEL_BAD_MESSAGE, msg);
		return -EINVAL;
	}
	spin_lock_irqsave(&m->lock, flags);
	running = m->inst[inst].running;
	if (!running)
		m->counters[AGX4_FWMODEL_CNT_IGNORED]++;
	spin_unlock_irqrestore(&m->lock, flags);
	if (!running)
		return -EIO;
	return queue_msg(m, inst, ep, msg, NULL, 0, gfp);
}

static int op_send(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	agx4_fwmodel_trace(priv, AGX4_FWMODEL_TR_SEND, inst, ep, 0, msg);
	return do_send(priv, inst, ep, msg, GFP_KERNEL);
}

static int op_ring(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	int ret;

	agx4_fwmodel_trace(priv, AGX4_FWMODEL_TR_RING, inst, ep, 0, msg);
	if (ep == FWM_EP_DB && ring_inline(priv, inst, msg))
		return 0;
	ret = do_send(priv, inst, ep, msg, GFP_ATOMIC);

	return ret == -ENOMEM ? -EBUSY : ret;
}

/*
 * The crash log a crashed instance leaves: one line of text naming the
 * first error the model kept (real crash logs are RTKit's binary format,
 * which nothing in agx4 parses; a dump only carries it).
 */
static ssize_t op_read_crashlog(void *priv, unsigned int inst, void *buf,
				size_t len)
{
	struct agx4_fwmodel *m = priv;
	unsigned long flags;
	enum agx4_fwmodel_err e;
	bool crashed;
	u64 where;

	if (inst >= m->desc->instances)
		return -EINVAL;
	spin_lock_irqsave(&m->lock, flags);
	crashed = m->inst[inst].crashed;
	e = m->err;
	where = m->err_where;
	spin_unlock_irqrestore(&m->lock, flags);
	if (!crashed || !len)
		return 0;
	return scnprintf(buf, len, "fwmodel crashlog: instance %u: %s at %#llx\n",
			 inst, agx4_fwmodel_err_name(e), where);
}

const struct agx4_fw_transport_ops agx4_fwmodel_transport_ops = {
	.cold = op_cold,
	.start = op_start,
	.stop = op_stop,
	.start_endpoint = op_start_endpoint,
	.send = op_send,
	.ring = op_ring,
	.read_crashlog = op_read_crashlog,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_transport_ops);

/* ---- creation: what the boot loader leaves behind ---- */

static void loader_root(struct agx4_fwmodel *m, size_t off,
			enum fwm_region image)
{
	struct fwm_region_mem *pt = &m->region[FWM_R_PAGETABLES];
	struct fwm_region_mem *img = &m->region[image];
	__le64 *root = pt->va + off + FWM_LDR_ROOT;
	__le64 *l1 = pt->va + off + FWM_LDR_L1_IMAGE;
	__le64 *l2 = pt->va + off + FWM_LDR_L2_IMAGE;
	size_t i;

	/*
	 * GAP: the loader's firmware tables are not described; the model
	 * maps what the firmware cannot run without (its image, at the base
	 * of the private range, root entry 0), gives entry 1 an empty table
	 * and points entry 2, where the host's objects live, at the empty
	 * shared table in "l2" (H for G17P: entries 0..2 valid, entry 2 the
	 * "l2" table).
	 */
	root[0] = cpu_to_le64((pt->pa + off + FWM_LDR_L1_IMAGE) |
			      FWM_LOADER_TABLE);
	root[1] = cpu_to_le64((pt->pa + off + FWM_LDR_L1_AUX) |
			      FWM_LOADER_TABLE);
	root[2] = cpu_to_le64(m->region[FWM_R_L2].pa | FWM_LOADER_TABLE);
	l1[0] = cpu_to_le64((pt->pa + off + FWM_LDR_L2_IMAGE) |
			    FWM_LOADER_TABLE);
	for (i = 0; i < img->size / FWM_PAGE; i++)
		l2[i] = cpu_to_le64((img->pa + i * FWM_PAGE) |
				    FWM_LOADER_FW_RW);
}

static int alloc_regions(struct agx4_fwmodel *m)
{
	unsigned int i;

	for (i = 0; i < FWM_NR_REGIONS; i++) {
		struct fwm_region_mem *r = &m->region[i];
		size_t size = m->desc->region_size[i];

		if (!size)
			continue;
		r->order = max(get_order(size), get_order(FWM_PAGE));
		r->pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, r->order);
		if (!r->pages)
			return -ENOMEM;
		r->va = page_address(r->pages);
		r->pa = page_to_phys(r->pages);
		r->size = size;
	}
	return 0;
}

static void free_regions(struct agx4_fwmodel *m)
{
	unsigned int i;

	for (i = 0; i < FWM_NR_REGIONS; i++)
		if (m->region[i].pages)
			__free_pages(m->region[i].pages, m->region[i].order);
}

/**
 * agx4_fwmodel_destroy() - stop and free a model
 * @m: the model, or NULL/ERR_PTR (ignored).
 *
 * Safe at any point, including after a crash or in the middle of a boot:
 * pending work is cancelled or finished first.  The host must not use the
 * transport afterwards.
 */
void agx4_fwmodel_destroy(struct agx4_fwmodel *m)
{
	unsigned long flags;
	struct fwm_msg *q, *tmp;
	unsigned int i;

	if (IS_ERR_OR_NULL(m))
		return;
	if (m->wq) {
		spin_lock_irqsave(&m->lock, flags);
		m->dying = true;
		spin_unlock_irqrestore(&m->lock, flags);
		cancel_delayed_work_sync(&m->ack_work);
		cancel_delayed_work_sync(&m->poll_work);
		cancel_delayed_work_sync(&m->exec_work);
		destroy_workqueue(m->wq);
	}
	agx4_fwmodel_exec_fini(m);
	list_for_each_entry_safe(q, tmp, &m->msgs, node)
		kfree(q);
	for (i = 0; i < FWM_SCRATCH_N; i++)
		kfree(m->scratch[i]);
	for (i = 0; i < FWM_MAX_INST; i++)
		kfree(m->asc[i]);
	vfree(m->sgx);
	free_regions(m);
	kfree(m->trace);
	kfree(m);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_destroy);

/**
 * agx4_fwmodel_create() - a firmware model in its cold, just-loaded state
 * @dev: device the model belongs to (for messages).
 * @gen: generation to play.
 *
 * Return: the model, or an ERR_PTR.
 */
struct agx4_fwmodel *agx4_fwmodel_create(struct device *dev,
					 enum agx4_fwmodel_gen gen)
{
	struct agx4_fwmodel *m;
	const u32 (*id)[2];
	unsigned int i;
	u8 *h;

	if (gen != AGX4_FWMODEL_G16 && gen != AGX4_FWMODEL_G17P)
		return ERR_PTR(-EINVAL);
	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m)
		return ERR_PTR(-ENOMEM);
	m->dev = dev;
	m->gen = gen;
	m->desc = gen == AGX4_FWMODEL_G16 ? &agx4_fwmodel_g16_desc :
					    &agx4_fwmodel_g17p_desc;
	spin_lock_init(&m->lock);
	spin_lock_init(&m->trace_lock);
	INIT_LIST_HEAD(&m->msgs);
	INIT_WORK(&m->work, fwm_work);
	INIT_DELAYED_WORK(&m->ack_work, ack_work);
	INIT_DELAYED_WORK(&m->poll_work, poll_work);
	agx4_fwmodel_exec_init(m);

	if (alloc_regions(m))
		goto nomem;
	m->sgx_size = FWM_SGX_SIZE;
	m->sgx = vzalloc(m->sgx_size);
	if (!m->sgx)
		goto nomem;
	for (i = 0; i < m->desc->instances; i++) {
		m->asc[i] = kzalloc(FWM_ASC_SIZE, GFP_KERNEL);
		if (!m->asc[i])
			goto nomem;
		asc_set(m, i, false);
	}
	for (i = 0; i < FWM_SCRATCH_N; i++) {
		m->scratch[i] = kmalloc(FWM_SCRATCH_SIZE, GFP_KERNEL);
		if (!m->scratch[i])
			goto nomem;
	}
	m->wq = alloc_ordered_workqueue("agx4-fwmodel", 0);
	if (!m->wq)
		goto nomem;

	for (id = m->desc->sgx_id; (*id)[0]; id++)
		agx4_fwmodel_sgx_write(m, (*id)[0], (*id)[1]);
	loader_root(m, 0, FWM_R_FIRMWARE);
	if (m->desc->instances > 1)
		loader_root(m, m->desc->secondary_root_offset,
			    FWM_R_FIRMWARE2);
	/*
	 * GAP: stale loader bytes where the host must write, so that a
	 * missing write is seen (the host's +0x640 must become 0).
	 */
	h = m->region[FWM_R_HANDOFF].va;
	put_unaligned_le64(0x0640064006400640ULL, h + 0x640);
	/* GAP: stale context slots a loader left, the host must clear. */
	if (m->desc->stale_contexts) {
		__le64 *ttb = m->region[FWM_R_TTBS].va;

		for (i = 2 * FWM_CTX_KEPT; i < 2 * FWM_CTX_SLOTS; i++)
			ttb[i] = cpu_to_le64(FWM_CTX_STALE | (u64)i << 48);
	}
	return m;

nomem:
	agx4_fwmodel_destroy(m);
	return ERR_PTR(-ENOMEM);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_create);

/* ---- queries ---- */

/**
 * agx4_fwmodel_region() - a region the boot loader left behind
 * @m: the model.
 * @name: memory-region name ("ttbs", "pagetables", "l2", "handoff",
 *	"firmware", "firmware-secondary").
 * @va: kernel address of the region (may be NULL).
 * @pa: its physical address, 16 KiB aligned (may be NULL).
 * @size: its size (may be NULL).
 *
 * Return: 0, or -ENOENT when this generation has no such region.
 */
int agx4_fwmodel_region(struct agx4_fwmodel *m, const char *name, void **va,
			phys_addr_t *pa, size_t *size)
{
	unsigned int i;

	for (i = 0; i < FWM_NR_REGIONS; i++) {
		if (strcmp(name, region_name[i]) || !m->region[i].size)
			continue;
		if (va)
			*va = m->region[i].va;
		if (pa)
			*pa = m->region[i].pa;
		if (size)
			*size = m->region[i].size;
		return 0;
	}
	return -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_region);

/**
 * agx4_fwmodel_sgx() - the GPU register window
 * @m: the model.
 * @size: its size (0x1010000 bytes: up to and past the AXI bits).
 *
 * Plain zeroed memory with the identity registers filled in; G16 channel
 * cursors live here.  The host accesses it with readl()/writel() through
 * an __iomem cast.
 *
 * Return: the window.
 */
void *agx4_fwmodel_sgx(struct agx4_fwmodel *m, size_t *size)
{
	if (size)
		*size = m->sgx_size;
	return m->sgx;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_sgx);

/**
 * agx4_fwmodel_asc() - the coprocessor control window of an instance
 * @m: the model.
 * @inst: instance.
 * @size: its size (0x4000).
 *
 * CPU control at +0x44 (bit 4 = run) and status at +0x48 (2 = stopped,
 * cold; 1 = running), kept by the model's start and stop.
 *
 * Return: the window, or NULL for an instance the generation lacks.
 */
void *agx4_fwmodel_asc(struct agx4_fwmodel *m, unsigned int inst,
		       size_t *size)
{
	if (inst >= m->desc->instances)
		return NULL;
	if (size)
		*size = FWM_ASC_SIZE;
	return m->asc[inst];
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_asc);

/**
 * agx4_fwmodel_attach() - connect the host's callbacks
 * @m: the model.
 * @ev: callbacks; firmware messages before this are dropped and counted.
 * @cookie: their first argument.
 */
void agx4_fwmodel_attach(struct agx4_fwmodel *m,
			 const struct agx4_fw_transport_events *ev,
			 void *cookie)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->ev = ev;
	m->cookie = cookie;
	spin_unlock_irqrestore(&m->lock, flags);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_attach);

/**
 * agx4_fwmodel_error() - the first error the firmware met
 * @m: the model.
 * @where: the VA or value involved (may be NULL).
 *
 * Return: the error, %AGX4_FWMODEL_OK when none.
 */
enum agx4_fwmodel_err agx4_fwmodel_error(struct agx4_fwmodel *m, u64 *where)
{
	unsigned long flags;
	enum agx4_fwmodel_err e;

	spin_lock_irqsave(&m->lock, flags);
	e = m->err;
	if (where)
		*where = m->err_where;
	spin_unlock_irqrestore(&m->lock, flags);
	return e;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_error);

/**
 * agx4_fwmodel_sync() - wait until the firmware handled every message
 * @m: the model.
 *
 * Late acknowledgments still waiting for their delay are not waited
 * for.  Must not be called from a transport callback.
 */
void agx4_fwmodel_sync(struct agx4_fwmodel *m)
{
	flush_workqueue(m->wq);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_sync);

/**
 * agx4_fwmodel_booted() - has an instance acknowledged its init data?
 * @m: the model.
 * @inst: instance.
 *
 * Return: true once acknowledged (even with a wrong status), until stop.
 */
bool agx4_fwmodel_booted(struct agx4_fwmodel *m, unsigned int inst)
{
	unsigned long flags;
	bool b;

	if (inst >= m->desc->instances)
		return false;
	spin_lock_irqsave(&m->lock, flags);
	b = m->inst[inst].acked && !m->inst[inst].crashed;
	spin_unlock_irqrestore(&m->lock, flags);
	return b;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_booted);

/**
 * agx4_fwmodel_running() - is an instance's coprocessor started?
 * @m: the model.
 * @inst: instance.
 *
 * Return: true between a successful start and the next stop.
 */
bool agx4_fwmodel_running(struct agx4_fwmodel *m, unsigned int inst)
{
	unsigned long flags;
	bool r;

	if (inst >= m->desc->instances)
		return false;
	spin_lock_irqsave(&m->lock, flags);
	r = m->inst[inst].running;
	spin_unlock_irqrestore(&m->lock, flags);
	return r;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_running);

/**
 * agx4_fwmodel_stops() - how often a running instance was stopped
 * @m: the model.
 * @inst: instance.
 *
 * Return: the number of stops that shut a running instance down.
 */
unsigned int agx4_fwmodel_stops(struct agx4_fwmodel *m, unsigned int inst)
{
	unsigned long flags;
	unsigned int n;

	if (inst >= m->desc->instances)
		return 0;
	spin_lock_irqsave(&m->lock, flags);
	n = m->inst[inst].stops;
	spin_unlock_irqrestore(&m->lock, flags);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_stops);

/**
 * agx4_fwmodel_cpu_ns() - the CPU time the model stood in for the firmware
 * @m: the model.
 *
 * On hardware the firmware runs on the GPU's own coprocessor; here its
 * work costs the host's CPU.  Benchmarks subtract this from what they
 * measure to get the driver's own cost.
 *
 * Return: nanoseconds the model's work items and inline doorbell calls
 * ran since it was created, less the time spent in the host's receive
 * callbacks they made.
 */
u64 agx4_fwmodel_cpu_ns(struct agx4_fwmodel *m)
{
	return atomic64_read(&m->cpu_ns);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_cpu_ns);

/**
 * agx4_fwmodel_count() - read a counter
 * @m: the model.
 * @c: the counter.
 *
 * Return: its value.
 */
u32 agx4_fwmodel_count(struct agx4_fwmodel *m, enum agx4_fwmodel_counter c)
{
	unsigned long flags;
	u32 v;

	if ((unsigned int)c >= AGX4_FWMODEL_NR_COUNTERS)
		return 0;
	spin_lock_irqsave(&m->lock, flags);
	v = m->counters[c];
	spin_unlock_irqrestore(&m->lock, flags);
	return v;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_count);

/**
 * agx4_fwmodel_kicks() - work kicks seen for a channel
 * @m: the model.
 * @channel: work channel, 0..11.
 *
 * Return: the number of kicks (dropped ones not included).
 */
u32 agx4_fwmodel_kicks(struct agx4_fwmodel *m, unsigned int channel)
{
	unsigned long flags;
	u32 v;

	if (channel >= AGX4_FWMODEL_WORK_CHANNELS)
		return 0;
	spin_lock_irqsave(&m->lock, flags);
	v = m->kicks[channel];
	spin_unlock_irqrestore(&m->lock, flags);
	return v;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_kicks);

/* A worker command of @inst that posts a record of up to 0x48 bytes. */
static int queue_record(struct agx4_fwmodel *m, unsigned int inst, u8 cmd,
			const void *rec, size_t len)
{
	if (inst >= m->desc->instances || len > FWM_EVT_RECORD)
		return -EINVAL;
	return queue_msg(m, inst, FWM_EP_CMD, cmd, rec, len, GFP_KERNEL);
}

/**
 * agx4_fwmodel_post_event() - make the firmware post an event
 * @m: the model.
 * @inst: instance whose event ring (channel 13) gets it.
 * @rec: the record, up to 0x48 bytes (the rest is zero).
 * @len: its length.
 *
 * The firmware's worker writes the record, advances its cursor and sends
 * the 0x42 notification, as for its own events; a record that finds the
 * ring full is not posted (counted in %AGX4_FWMODEL_CNT_EVENTS_DROPPED).
 *
 * Return: 0 or a negative errno (the post itself is asynchronous).
 */
int agx4_fwmodel_post_event(struct agx4_fwmodel *m, unsigned int inst,
			    const void *rec, size_t len)
{
	return queue_record(m, inst, FWM_CMD_POST, rec, len);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_post_event);

/**
 * agx4_fwmodel_post_stat() - make the firmware post a statistics record
 * @m: the model.
 * @inst: instance whose statistics ring (channel 14) gets it.
 * @rec: the record, up to 0x48 bytes (the rest is zero).
 * @len: its length.
 *
 * As agx4_fwmodel_post_event(), on the statistics ring's first cursor
 * pair; a record that finds the ring full is not posted (counted in
 * %AGX4_FWMODEL_CNT_EVENTS_DROPPED).
 *
 * Return: 0 or a negative errno (the post itself is asynchronous).
 */
int agx4_fwmodel_post_stat(struct agx4_fwmodel *m, unsigned int inst,
			   const void *rec, size_t len)
{
	return queue_record(m, inst, FWM_CMD_POST_STAT, rec, len);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_post_stat);

/**
 * agx4_fwmodel_send_msg() - make the firmware send a raw mailbox message
 * @m: the model.
 * @inst: the instance that sends it.
 * @ep: the endpoint it comes from, any value.
 * @msg: the message, any value.
 *
 * For hostile-firmware tests: the worker hands @msg to the host's
 * receive callback as it is, in order with the firmware's own messages
 * (agx4_fwmodel_sync() waits for it).
 *
 * Return: 0 or a negative errno (the send itself is asynchronous).
 */
int agx4_fwmodel_send_msg(struct agx4_fwmodel *m, unsigned int inst, u8 ep,
			  u64 msg)
{
	u8 rec[16] = { ep };

	if (inst >= m->desc->instances)
		return -EINVAL;
	put_unaligned_le64(msg, rec + 8);
	return queue_msg(m, inst, FWM_EP_CMD, FWM_CMD_SEND_RAW, rec,
			 sizeof(rec), GFP_KERNEL);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_send_msg);

/**
 * agx4_fwmodel_set_cursor() - make the firmware write one of its cursors
 * @m: the model.
 * @inst: the instance whose cursor it is.
 * @c: which cursor.
 * @channel: the work channel (0..11) for %AGX4_FWMODEL_CUR_WORK_READ and
 *	%AGX4_FWMODEL_CUR_WORK_DONE; ignored otherwise.
 * @value: what the firmware writes, any value (in or out of its ring).
 *
 * For hostile-firmware tests.  The worker writes @value where the
 * generation keeps the cursor (G16: SGX registers for the control and
 * work channels; G17P: RAM words), in order with the firmware's own
 * writes; after the event ring's write cursor it sends the notification,
 * as after a record.  The model's own loops keep reading the cursor
 * modulo their ring, so it goes on working.
 *
 * Return: 0 or a negative errno (the write itself is asynchronous).
 */
int agx4_fwmodel_set_cursor(struct agx4_fwmodel *m, unsigned int inst,
			    enum agx4_fwmodel_cursor c, unsigned int channel,
			    u32 value)
{
	u8 rec[8] = { c, channel };

	if (inst >= m->desc->instances || c > AGX4_FWMODEL_CUR_STATS_WRITE ||
	    channel >= AGX4_FWMODEL_WORK_CHANNELS)
		return -EINVAL;
	put_unaligned_le32(value, rec + 4);
	return queue_msg(m, inst, FWM_EP_CMD, FWM_CMD_CURSOR, rec, sizeof(rec),
			 GFP_KERNEL);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_set_cursor);

/* A worker command of @inst carrying one signed value. */
static int queue_delta(struct agx4_fwmodel *m, unsigned int inst, u8 cmd,
		       s32 delta)
{
	u8 rec[4];

	if (inst >= m->desc->instances)
		return -EINVAL;
	put_unaligned_le32(delta, rec);
	return queue_msg(m, inst, FWM_EP_CMD, cmd, rec, sizeof(rec),
			 GFP_KERNEL);
}

/**
 * agx4_fwmodel_set_stamp() - make the firmware write a lane stamp early
 * @m: the model.
 * @inst: the instance.
 * @delta: how far from the completion value of the work it writes.
 *
 * For hostile-firmware tests: the worker writes the lane stamp of the
 * oldest work item held now (G16, whose lanes carry stamps; on G17P the
 * lane's done index instead) as its completion value plus @delta
 * (backwards, ahead, or the value itself before anything else of the
 * completion), in order with the firmware's own writes, and counts
 * %AGX4_FWMODEL_CNT_STAMP_WRITES.  The item stays held; its completion
 * writes the right value.
 *
 * Return: 0 or a negative errno (the write itself is asynchronous).
 */
int agx4_fwmodel_set_stamp(struct agx4_fwmodel *m, unsigned int inst,
			   s32 delta)
{
	return queue_delta(m, inst, FWM_CMD_STAMP, delta);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_set_stamp);

/**
 * agx4_fwmodel_set_pool_blocks() - make the firmware change a pool's count
 * @m: the model.
 * @inst: the instance.
 * @delta: added to the count.
 *
 * For hostile-firmware tests: the worker adds @delta to the block count
 * in the block control of the pool whose render waits for a growth reply
 * on @inst, a count only the host writes.  Nothing else changes; the
 * request stays waiting.
 *
 * Return: 0 or a negative errno (the write itself is asynchronous).
 */
int agx4_fwmodel_set_pool_blocks(struct agx4_fwmodel *m, unsigned int inst,
				 s32 delta)
{
	return queue_delta(m, inst, FWM_CMD_POOL, delta);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_set_pool_blocks);

/* ---- the trace ---- */

/* Record one step; a no-op while the trace is off (any context). */
void agx4_fwmodel_trace(struct agx4_fwmodel *m, enum agx4_fwmodel_trace_kind k,
			unsigned int inst, u8 ep, u32 reg, u64 value)
{
	struct agx4_fwmodel_trace *t;
	unsigned long flags;

	if (!READ_ONCE(m->trace))
		return;
	spin_lock_irqsave(&m->trace_lock, flags);
	if (m->trace_len < AGX4_FWMODEL_TRACE_MAX) {
		t = &m->trace[m->trace_len++];
		t->kind = k;
		t->inst = inst;
		t->ep = ep;
		t->reg = reg;
		t->value = value;
	} else {
		m->trace_lost++;
	}
	spin_unlock_irqrestore(&m->trace_lock, flags);
}

/*
 * The firmware read a cursor the host writes in memory (@ring, an
 * &enum agx4_fwmodel_trace_ring): a credit step when it moved since the
 * firmware last read it (executor only).
 */
void agx4_fwmodel_trace_cursor(struct agx4_fwmodel *m, unsigned int inst,
			       u32 ring, u32 value)
{
	unsigned int i;

	if (!READ_ONCE(m->trace) || inst >= FWM_MAX_INST)
		return;
	if (ring == AGX4_FWMODEL_TRR_EVENT_READ)
		i = 0;
	else if (ring == AGX4_FWMODEL_TRR_CTL_PROD)
		i = 1;
	else
		i = 2 + ring - AGX4_FWMODEL_TRR_WORK_PROD;
	if (i >= FWM_TRACE_CURSORS || m->trace_seen[inst][i] == value)
		return;
	m->trace_seen[inst][i] = value;
	agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_CREDIT, inst, 0, ring, value);
}

/**
 * agx4_fwmodel_trace_start() - record, in order, what the host does
 * @m: the model.
 *
 * From now on the model records every host action it sees (coprocessor
 * and endpoint starts and stops, messages, doorbells, SGX register writes
 * reported with agx4_fwmodel_trace_sgx(), cursors the host writes in
 * memory as the firmware reads them) and what its firmware answers
 * (device-control records taken, events posted, messages sent), up to
 * %AGX4_FWMODEL_TRACE_MAX steps.  A second call starts a new trace.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_fwmodel_trace_start(struct agx4_fwmodel *m)
{
	struct agx4_fwmodel_trace *t, *old;
	unsigned long flags;

	t = kcalloc(AGX4_FWMODEL_TRACE_MAX, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	spin_lock_irqsave(&m->trace_lock, flags);
	old = m->trace;
	m->trace_len = 0;
	m->trace_lost = 0;
	WRITE_ONCE(m->trace, t);
	spin_unlock_irqrestore(&m->trace_lock, flags);
	kfree(old);
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_trace_start);

/**
 * agx4_fwmodel_trace_get() - the steps recorded so far
 * @m: the model.
 * @buf: where to copy them.
 * @max: room in @buf.
 * @lost: steps that did not fit in the trace (may be NULL).
 *
 * Return: the steps recorded (those past @max are not copied), 0 when
 * the trace is off.
 */
unsigned int agx4_fwmodel_trace_get(struct agx4_fwmodel *m,
				    struct agx4_fwmodel_trace *buf,
				    unsigned int max, unsigned int *lost)
{
	unsigned long flags;
	unsigned int n;

	spin_lock_irqsave(&m->trace_lock, flags);
	n = m->trace ? m->trace_len : 0;
	if (n)
		memcpy(buf, m->trace, min(n, max) * sizeof(*buf));
	if (lost)
		*lost = m->trace_lost;
	spin_unlock_irqrestore(&m->trace_lock, flags);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_trace_get);

/**
 * agx4_fwmodel_trace_sgx() - the host wrote a GPU register
 * @m: the model.
 * @off: SGX offset.
 * @val: the value.
 *
 * The register window is plain memory the host writes directly; whoever
 * provides the host's write calls this, for the trace and for the order
 * of the boot's writes (&fwm_gen_desc.cold_first).
 */
void agx4_fwmodel_trace_sgx(struct agx4_fwmodel *m, u32 off, u32 val)
{
	unsigned long flags;

	/* The boot's register writes, before the host checked it is cold. */
	if (m->desc->cold_first && (off == FWM_SGX_AXI_A ||
				    off == FWM_SGX_AXI_B ||
				    off == FWM_SGX_D06030)) {
		spin_lock_irqsave(&m->lock, flags);
		if (!m->inst[0].running && !m->inst[0].cold_seen &&
		    !m->early_sgx)
			m->early_sgx = off;
		spin_unlock_irqrestore(&m->lock, flags);
	}
	agx4_fwmodel_trace(m, AGX4_FWMODEL_TR_SGX, 0, 0, off, val);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_trace_sgx);

MODULE_AUTHOR("The agx4 authors");
MODULE_DESCRIPTION("Firmware model and software device for agx4 (testing only)");
MODULE_LICENSE("Dual MIT/GPL");
