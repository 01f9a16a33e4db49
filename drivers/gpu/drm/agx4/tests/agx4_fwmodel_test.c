// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fwmodel": the firmware model on its own.  The host
 * side here is a minimal hand-written sequence: page tables, descriptor
 * words, addresses and record bytes are written in this file from the
 * protocol description (fixed firmware VAs of the G16 and G17P reference
 * drivers, the UAT PTE format), never with agx4's builders or layouts.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>
#include <linux/unaligned.h>

#include "../agx4_fwmodel.h"

#define PG		0x4000ULL
#define OA		0x3ffffffc000ULL

/* PTE words (UAT format: AP 7..6, AF 10, nG 11, PXN 53, UXN 54, bit 55). */
#define FW_RW		0x00c000000000044bULL	/* AP 1, UXN 1 PXN 0 */
#define FW_RW_CACHED	0x00c0000000000443ULL
#define FW_RO		0x008000000000044bULL	/* AP 1, UXN 0 PXN 0 */
#define GPU_RW		0x00c0000000000c8bULL	/* AP 2: no firmware access */
#define GPU_RO		0x0080000000000c8bULL
#define TABLE		0x3ULL
/* Device memory (attribute 1), firmware read-write / read-only. */
#define DEV_RW		0x00c0000000000447ULL
#define DEV_RO		0x0080000000000447ULL

/* G16 firmware VAs (fixed placements of the reference driver). */
#define G16_ROOT	0xfffffc2000100000ULL
#define G16_REGION_A	0xfffffc2000108000ULL
#define G16_REGION_C	0xfffffc20000f8000ULL
#define G16_SHARED	0xfffffc2000030000ULL	/* 0xc4000: status B/A, rings */
#define G16_SHARED_SZ	0xc4000ULL
#define G16_STATUS_B	0xfffffc2000030000ULL
#define G16_STATUS_A	0xfffffc200003f180ULL
#define G16_EXTRA_0	0xfffffc200003eb00ULL
#define G16_EXTRA_1	0xfffffc20000f3440ULL
#define G16_BUNDLE	0xfffffc20c04d8000ULL
#define G16_BUNDLE_SZ	0x24000ULL
#define G16_MAIN	(G16_BUNDLE + 0x1da40)
#define G16_CURSOR_PG	0xfffffc2000020000ULL
#define G16_CTL_DATA	0xfffffc20c0528000ULL
#define G16_RESUME	0xfffffc20001b8000ULL
#define G16_OPERANDS	0x0000007000000000ULL
#define G16_INIT_MSG	0x00810c2000100000ULL

/* G16 SGX cursors. */
#define SGX_CTL_READ	0xd640c0
#define SGX_CTL_DONE	0xd640c8
#define SGX_CTL_PROD	0xd60060

/* G17P firmware VAs (graph base 0xffff_fc20_0000_0000). */
#define G17_BASE	0xfffffc2000000000ULL
#define G17_PRIV	(G17_BASE + 0x20000)
#define G17_PRIV_SZ	0x178000ULL
#define G17_BUNDLE	(G17_BASE + 0xc0788000ULL)
#define G17_BUNDLE_SZ	0x28000ULL
#define G17_REGION_C	(G17_BASE + 0x1a0000)
#define G17_ROOT0	(G17_BASE + 0x1a8000)
#define G17_ROOT1	(G17_BASE + 0x1b0000)
#define G17_REGION_A	(G17_BASE + 0x1b8000)

#define MAX_PAGES	480
#define MAX_MSGS	512

struct fwt {
	struct kunit *test;
	struct agx4_fwmodel *m;
	const struct agx4_fw_transport_ops *ops;
	void *sgx;
	__le64 *ttbs;
	void *handoff;
	__le64 *root;			/* the high root the test maps into */
	phys_addr_t root_pa;
	__le64 *low;			/* context 0's low root */
	bool g16;			/* G16: empty high roots in slots 0, 1 */
	u8 prod[12];			/* work-channel producers */
	struct page *pages[MAX_PAGES];
	unsigned int npages;

	spinlock_t lock;		/* protects the fields below */
	unsigned int nmsgs;
	struct { unsigned int inst; u8 ep; u64 msg; } msgs[MAX_MSGS];
	unsigned int crashes[2];
	/* Milliseconds each receive callback busy-waits. */
	unsigned int recv_delay_ms;
};

static void ev_recv(void *cookie, unsigned int inst, u8 ep, u64 msg)
{
	struct fwt *t = cookie;
	u64 end = ktime_get_ns() + READ_ONCE(t->recv_delay_ms) * NSEC_PER_MSEC;

	/* Busy, on the clock the model reads: UML's mdelay() may be shorter. */
	while (ktime_get_ns() < end)
		cpu_relax();
	spin_lock(&t->lock);
	if (t->nmsgs < MAX_MSGS) {
		t->msgs[t->nmsgs].inst = inst;
		t->msgs[t->nmsgs].ep = ep;
		t->msgs[t->nmsgs].msg = msg;
		t->nmsgs++;
	}
	spin_unlock(&t->lock);
}

static void ev_crashed(void *cookie, unsigned int inst)
{
	struct fwt *t = cookie;

	spin_lock(&t->lock);
	t->crashes[inst]++;
	spin_unlock(&t->lock);
}

static const struct agx4_fw_transport_events events = {
	.recv = ev_recv,
	.crashed = ev_crashed,
};

/* How many messages @msg arrived from @inst on @ep. */
static unsigned int got(struct fwt *t, unsigned int inst, u8 ep, u64 msg)
{
	unsigned int i, n = 0;

	spin_lock(&t->lock);
	for (i = 0; i < t->nmsgs; i++)
		n += t->msgs[i].inst == inst && t->msgs[i].ep == ep &&
		     t->msgs[i].msg == msg;
	spin_unlock(&t->lock);
	return n;
}

static unsigned int crashes(struct fwt *t, unsigned int inst)
{
	unsigned int n;

	spin_lock(&t->lock);
	n = t->crashes[inst];
	spin_unlock(&t->lock);
	return n;
}

static void fwt_release(void *data)
{
	struct fwt *t = data;
	unsigned int i;

	agx4_fwmodel_destroy(t->m);
	for (i = 0; i < t->npages; i++)
		__free_pages(t->pages[i], 2);
}

/* A zeroed 16 KiB page of the test's own. */
static void *tpage(struct fwt *t, phys_addr_t *pa)
{
	struct page *p;

	KUNIT_ASSERT_LT(t->test, t->npages, MAX_PAGES);
	p = alloc_pages(GFP_KERNEL | __GFP_ZERO, 2);
	KUNIT_ASSERT_NOT_NULL(t->test, p);
	t->pages[t->npages++] = p;
	*pa = page_to_phys(p);
	return page_address(p);
}

/* The next-level table under @e, made if absent. */
static __le64 *tnext(struct fwt *t, __le64 *e)
{
	phys_addr_t pa;
	void *va;

	if ((le64_to_cpu(*e) & 3) == 3)
		return phys_to_virt(le64_to_cpu(*e) & OA);
	va = tpage(t, &pa);
	*e = cpu_to_le64(pa | TABLE);
	return va;
}

/* The leaf PTE slot of @va under @root (levels: bits 41..36, 35..25, 24..14). */
static __le64 *tpte(struct fwt *t, __le64 *root, u64 va)
{
	__le64 *l1 = tnext(t, &root[(va >> 36) & 63]);
	__le64 *l2 = tnext(t, &l1[(va >> 25) & 2047]);

	return &l2[(va >> 14) & 2047];
}

/* Back [va, va + size) of @root with fresh pages mapped with @attr. */
static void tmap_in(struct fwt *t, __le64 *root, u64 va, u64 size, u64 attr)
{
	u64 p;

	for (p = va & ~(PG - 1); p < va + size; p += PG) {
		phys_addr_t pa;

		tpage(t, &pa);
		*tpte(t, root, p) = cpu_to_le64(pa | attr);
	}
}

static void tmap(struct fwt *t, u64 va, u64 size, u64 attr)
{
	tmap_in(t, t->root, va, size, attr);
}

/* Map [va, va + size) of @root onto the one page at @pa, with @attr. */
static void tmap_same(struct fwt *t, __le64 *root, u64 va, u64 size,
		      phys_addr_t pa, u64 attr)
{
	u64 p;

	for (p = va; p < va + size; p += PG)
		*tpte(t, root, p) = cpu_to_le64(pa | attr);
}

/* Map @gva in @root onto the pages behind firmware VA @fwva. */
static void talias(struct fwt *t, __le64 *root, u64 gva, u64 fwva, u64 size,
		   u64 attr)
{
	u64 off;

	for (off = 0; off < size; off += PG) {
		u64 pte = le64_to_cpu(*tpte(t, t->root, fwva + off));

		*tpte(t, root, gva + off) = cpu_to_le64((pte & OA) | attr);
	}
}

/* Change the attributes of the page holding @va. */
static void tattr(struct fwt *t, u64 va, u64 attr)
{
	__le64 *pte = tpte(t, t->root, va);

	*pte = cpu_to_le64((le64_to_cpu(*pte) & OA) | attr);
}

static void tunmap(struct fwt *t, u64 va)
{
	*tpte(t, t->root, va) = 0;
}

/* The kernel address behind @va in the test's tables. */
static void *tva(struct fwt *t, u64 va)
{
	u64 pte = le64_to_cpu(*tpte(t, t->root, va));

	KUNIT_ASSERT_EQ(t->test, pte & 3, 3ULL);
	return phys_to_virt((pte & OA) | (va & (PG - 1)));
}

static void w32(struct fwt *t, u64 va, u32 v)
{
	put_unaligned_le32(v, tva(t, va));
}

static void w64(struct fwt *t, u64 va, u64 v)
{
	put_unaligned_le64(v, tva(t, va));
}

static u32 r32(struct fwt *t, u64 va)
{
	return get_unaligned_le32(tva(t, va));
}

static u64 r64(struct fwt *t, u64 va)
{
	return get_unaligned_le64(tva(t, va));
}

static u32 sgx_r(struct fwt *t, u32 off)
{
	return get_unaligned_le32(t->sgx + off);
}

static void sgx_w(struct fwt *t, u32 off, u32 v)
{
	put_unaligned_le32(v, t->sgx + off);
}

static struct fwt *fwt_new(struct kunit *test, enum agx4_fwmodel_gen gen)
{
	static atomic_t serial = ATOMIC_INIT(0);
	struct fwt *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct device *dev;
	char name[32];
	phys_addr_t pa;
	void *va;

	/* Cases that boot several models need distinct device names. */
	snprintf(name, sizeof(name), "agx4-fwmodel-%d",
		 atomic_inc_return(&serial));
	dev = kunit_device_register(test, name);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	spin_lock_init(&t->lock);
	t->g16 = gen == AGX4_FWMODEL_G16;
	t->m = agx4_fwmodel_create(dev, gen);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, t->m);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, fwt_release, t),
			0);
	t->ops = &agx4_fwmodel_transport_ops;
	agx4_fwmodel_attach(t->m, &events, t);
	t->sgx = agx4_fwmodel_sgx(t->m, NULL);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_region(t->m, "ttbs", &va, NULL,
						  NULL), 0);
	t->ttbs = va;
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_region(t->m, "handoff",
						  &t->handoff, NULL, NULL), 0);
	/* The host adopts the loader's firmware root and extends it. */
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_region(t->m, "pagetables", &va,
						  &pa, NULL), 0);
	t->root = va;
	t->root_pa = pa;
	return t;
}

/*
 * Context 0: an empty low root and, in the high half, the root the test
 * extends (G17P) or an empty root (G16, whose firmware walks the loader's
 * root itself: GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
 * Bootstrap::publish).
 */
static void set_ttb(struct fwt *t)
{
	phys_addr_t low, high = t->root_pa;

	/* The low root may hold what the init data set up already. */
	if (t->low)
		low = virt_to_phys(t->low);
	else
		t->low = tpage(t, &low);
	if (t->g16)
		tpage(t, &high);
	t->ttbs[0] = cpu_to_le64(low | 1);
	t->ttbs[1] = cpu_to_le64(high | 1);
}

/*
 * G16 context 1, the opening client, as the reference writes it after
 * the acceptance (g16.rs@1ab42a3a Bootstrap::open_control): its own low
 * root and its own empty high root, both tagged 1.
 */
static void g16_set_ctx1(struct fwt *t)
{
	phys_addr_t low, high;
	__le64 *root = tpage(t, &low);

	/* With the compute scratch and marker (g16_compute.rs@1ab42a3a). */
	tmap_in(t, root, 0x70030e0000ULL, 0x20000, GPU_RW);
	tmap_in(t, root, 0x1000c60000ULL, 0x4000, GPU_RW);
	tpage(t, &high);
	t->ttbs[2] = cpu_to_le64(low | BIT_ULL(48) | 1);
	t->ttbs[3] = cpu_to_le64(high | BIT_ULL(48) | 1);
}

static void write_handoff(struct fwt *t)
{
	put_unaligned_le64(0x4b1d000000000002ULL, t->handoff);
	put_unaligned_le32(0xffffffff, t->handoff + 0x18);
	put_unaligned_le64(0, t->handoff + 0x640);
}

/* Version words, kind, 1, page size, bits, levels, three level records. */
static void write_root_head(struct fwt *t, u64 root, const u16 *ver, u32 kind)
{
	static const u8 shift[3] = { 36, 25, 14 };
	static const u16 entries[3] = { 64, 2048, 2048 };
	u8 *r = tva(t, root);
	unsigned int i;

	for (i = 0; i < 4; i++)
		put_unaligned_le16(ver[i], r + 2 * i);
	put_unaligned_le32(kind, r + 0x28);
	put_unaligned_le32(1, r + 0x2c);
	put_unaligned_le16(0x4000, r + 0x30);
	r[0x32] = 14;
	r[0x33] = 3;
	for (i = 0; i < 3; i++) {
		u8 *l = r + 0x34 + 0x20 * i;

		l[0] = 8;
		l[1] = 14;
		l[2] = 14;
		l[3] = shift[i];
		put_unaligned_le16(entries[i], l + 4);
		put_unaligned_le16(0x4000, l + 6);
		put_unaligned_le64(1, l + 8);
		put_unaligned_le64(OA, l + 0x10);
		put_unaligned_le64((u64)(entries[i] - 1) << shift[i], l + 0x18);
	}
}

/* Channel record i of a main config: state[3], ring. */
static void write_channel(struct fwt *t, u64 main, unsigned int i, u64 s0,
			  u64 s1, u64 s2, u64 ring)
{
	u64 rec = main + 0x20 + 0x20 * i;

	w64(t, rec, s0);
	w64(t, rec + 8, s1);
	w64(t, rec + 0x10, s2);
	w64(t, rec + 0x18, ring);
}

/* Trailing channels 13..15, relative to status A (same on both generations). */
static void write_trailing(struct fwt *t, u64 main, u64 sa)
{
	write_channel(t, main, 13, sa + 0x40, sa + 0x2c0, sa + 0x80,
		      sa + 0x4ac0);
	write_channel(t, main, 14, sa + 0x240, sa + 0xa6ac0, sa + 0x280,
		      sa + 0xafac0);
	write_channel(t, main, 15, sa + 0x2d2c0, 0, 0, 0);
}

static const u16 g16_ver[4] = { 0x04b8, 0x8392, 0xc357, 0x0c89 };
static const u16 g17_ver[4] = { 0x04c0, 0x0396, 0xa322, 0x0c8a };

/*
 * A register window of hwdata (record at +0x640 + 0x28 * slot: PA, VA,
 * size, stride, relative, flags), mapped at @va onto @n runs of @stride
 * bytes from @pa[] with @pte.
 */
struct twin {
	u8 slot;
	u8 n;
	u64 pa[2];
	u32 size;
	u32 stride;
	u64 rel;
	u32 flags;
};

static void twindow(struct fwt *t, u64 hw, const struct twin *w, u64 va,
		    u64 pte)
{
	u64 rec = hw + 0x640 + 0x28 * w->slot, in = w->pa[0] & (PG - 1);
	u64 off;

	w64(t, rec, w->pa[0]);
	w64(t, rec + 0x08, va);
	w32(t, rec + 0x10, w->size);
	w32(t, rec + 0x14, w->stride);
	w64(t, rec + 0x18, w->rel);
	w32(t, rec + 0x20, w->flags);
	for (off = 0; off < in + w->size; off += PG) {
		u64 pa = w->n > 1 ? w->pa[off / w->stride] + off % w->stride :
				    w->pa[0] - in + off;

		*tpte(t, t->root, va - in + off) = cpu_to_le64(pa | pte);
	}
}

/*
 * The G16 windows as the reference lists them (the model's t8132 node:
 * SGX at 0x3_0000_0000, the doorbell page 0x3_0101_4000, memory
 * controllers 0 and 1), packed from 0xffff_fc21_8020_0000 in slot order
 * with a guard page after each; read-only where flag bit 1 is clear.
 */
#define G16_SGX		0x300000000ULL
static const struct twin g16_wins[] = {
	{ 0, 1, { 0x301014000ULL }, 0x4000, 0x4000, 0, 2 },
	{ 3, 2, { 0x2201c4000ULL, 0x2221c4000ULL }, 0x30000, 0x18000, 0, 2 },
	{ 9, 1, { 0x3803d0000ULL }, 0x1000, 0x1000, 0, 2 },
	{ 10, 1, { 0x3803c0000ULL }, 0x2000, 0x2000, 0, 0 },
	{ 12, 1, { 0x50165c000ULL }, 0x4000, 0x4000, 0, 2 },
	{ 14, 1, { 0x380280000ULL }, 0x8000, 0x8000, 0, 0 },
	{ 15, 1, { 0x38c840000ULL }, 0x24000, 0x24000, 0, 0 },
	{ 17, 1, { G16_SGX }, 0x20000, 0x20000, 0, 2 },
	{ 22, 1, { G16_SGX + 0x1000000 }, 0x8000, 0x8000, 0, 2 },
	{ 26, 1, { G16_SGX + 0xd04000 }, 0x8000, 0x8000, 0xd04000, 2 },
	{ 27, 1, { G16_SGX + 0xd0d000 }, 0x1000, 0x1000, 0xd0d000, 2 },
	{ 28, 1, { G16_SGX + 0xd58000 }, 0x8000, 0x8000, 0xd58000, 2 },
	{ 29, 1, { G16_SGX + 0xd10000 }, 0x4000, 0x4000, 0xd10000, 2 },
	{ 31, 1, { G16_SGX + 0xd40000 }, 0x4000, 0x4000, 0xd40000, 2 },
	{ 32, 1, { G16_SGX + 0xd60000 }, 0x8000, 0x8000, 0xd60000, 2 },
	{ 39, 1, { G16_SGX + 0xe08000 }, 0x8000, 0x8000, 0, 2 },
	{ 40, 1, { G16_SGX + 0xe1c000 }, 0x4000, 0x4000, 0xe1c000, 2 },
	{ 41, 1, { G16_SGX + 0xe1f800 }, 0x4000, 0x4000, 0, 2 },
};

/* The firmware VA of G16 window @i, packed as the reference packs them. */
static u64 g16_win_va(unsigned int i)
{
	u64 cursor = 0xfffffc2180200000ULL;
	unsigned int k;

	for (k = 0; k < i; k++)
		cursor += ALIGN((g16_wins[k].pa[0] & (PG - 1)) +
				g16_wins[k].size, PG) + PG;
	return cursor + (g16_wins[i].pa[0] & (PG - 1));
}

static void g16_windows(struct fwt *t, u64 hw)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g16_wins); i++)
		twindow(t, hw, &g16_wins[i], g16_win_va(i),
			g16_wins[i].flags & 2 ? DEV_RW : DEV_RO);
}

/* The G17P windows, at the reference's fixed addresses, all writable. */
#define G17_SGX		0x480000000ULL
static const struct { struct twin w; u64 va; } g17_wins[] = {
	{ { 0, 1, { 0x301014000ULL }, 0x4000, 0x4000, 0, 2 },
	  0xfffffc2180000000ULL },
	{ { 3, 1, { 0x220104000ULL }, 0x18000, 0x18000, 0, 2 },
	  0xfffffc2180008000ULL },
	{ { 9, 1, { 0x3003d0000ULL }, 0x1000, 0x1000, 0, 2 },
	  0xfffffc2180028000ULL },
	{ { 10, 1, { 0x3003c0000ULL }, 0x2000, 0x2000, 0, 0 },
	  0xfffffc2180030000ULL },
	{ { 12, 1, { 0x40165c000ULL }, 0x4000, 0x4000, 0, 2 },
	  0xfffffc2180038000ULL },
	{ { 14, 1, { 0x300280000ULL }, 0x8000, 0x8000, 0, 0 },
	  0xfffffc2180040000ULL },
	{ { 17, 1, { G17_SGX }, 0x21400, 0x21400, 0, 2 },
	  0xfffffc2180050000ULL },
	{ { 22, 1, { G17_SGX + 0x1000000 }, 0x8000, 0x8000, 0, 2 },
	  0xfffffc2180078000ULL },
	{ { 26, 1, { G17_SGX + 0xd04000 }, 0x8000, 0x8000, 0xd04000, 2 },
	  0xfffffc2180088000ULL },
	{ { 27, 1, { G17_SGX + 0xd0d000 }, 0x1000, 0x1000, 0xd0d000, 2 },
	  0xfffffc2180099000ULL },
	{ { 28, 1, { G17_SGX + 0xd58000 }, 0x8000, 0x8000, 0xd58000, 2 },
	  0xfffffc21800a0000ULL },
	{ { 29, 1, { G17_SGX + 0xd10000 }, 0x4000, 0x4000, 0xd10000, 2 },
	  0xfffffc21800b0000ULL },
	{ { 31, 1, { G17_SGX + 0xd40000 }, 0x4000, 0x4000, 0xd40000, 2 },
	  0xfffffc21800b8000ULL },
	{ { 32, 1, { G17_SGX + 0xd60000 }, 0x4000, 0x4000, 0xd60000, 2 },
	  0xfffffc21800c0000ULL },
	{ { 35, 1, { G17_SGX + 0xe00000 }, 0x4000, 0x4000, 0xe00000, 2 },
	  0xfffffc21800c8000ULL },
	{ { 39, 1, { G17_SGX + 0xe08000 }, 0x8000, 0x8000, 0, 2 },
	  0xfffffc21800d0000ULL },
	{ { 40, 1, { G17_SGX + 0xe1c000 }, 0x4000, 0x4000, 0xe1c000, 2 },
	  0xfffffc21800e0000ULL },
	{ { 41, 1, { G17_SGX + 0xe1f800 }, 0x4000, 0x4000, 0, 2 },
	  0xfffffc21800eb800ULL },
};

/* Everything the G16 firmware reads at init, as the reference places it. */
/*
 * What the reference maps at fixed addresses before the firmware starts
 * (its g16.rs): zeroed firmware-private ranges and shared pages, the
 * resume records, zeroed ranges GPU read-only in context 0.  The zeroed
 * ones all map one zero page here; the model only walks them.
 */
static void g16_fixed(struct fwt *t)
{
	static const struct { u64 va; u32 size; bool rw; } fw[] = {
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
		{ 0xfffffc20c05e8000ULL, 0x8000, true },
		{ 0xfffffc2000110000ULL, 0x1c000, true },
		{ 0xfffffc2000130000ULL, 0x4000, true },
		{ 0xfffffc2000140000ULL, 0x4000, true },
		{ 0xfffffc2000150000ULL, 0x4000, true },
		{ 0xfffffc20001b0000ULL, 0x4000, true },
		{ 0xfffffc20001c0000ULL, 0x10000, true },
		{ 0xfffffc20c0524000ULL, 0x4000, true },
	};
	static const struct { u64 va; u32 size; } gpu[] = {
		{ 0x7000000000ULL, 0x8c000 }, { 0x7000090000ULL, 0xc0000 },
		{ 0x7000158000ULL, 0x94000 }, { 0x70001f0000ULL, 0x84000 },
	};
	phys_addr_t zero, low;
	unsigned int i;

	tpage(t, &zero);
	if (!t->low)
		t->low = tpage(t, &low);
	for (i = 0; i < ARRAY_SIZE(fw); i++)
		tmap_same(t, t->root, fw[i].va, fw[i].size, zero, FW_RW);
	for (i = 0; i < ARRAY_SIZE(gpu); i++)
		tmap_same(t, t->low, gpu[i].va, gpu[i].size, zero, GPU_RO);
	tmap(t, G16_RESUME, PG, FW_RO);
	for (i = 0; i < 96; i++)
		w64(t, G16_RESUME + i * 0x40, 0x0000007000001822ULL);
}

static void g16_init_data(struct fwt *t)
{
	u8 *r;
	unsigned int i;

	tmap(t, G16_ROOT, PG, FW_RO);
	tmap(t, G16_REGION_A, PG, FW_RO);
	tmap(t, G16_REGION_C, PG, FW_RO);
	tmap(t, G16_SHARED, G16_SHARED_SZ, FW_RW);
	tmap(t, G16_BUNDLE, G16_BUNDLE_SZ, FW_RW_CACHED);
	tmap(t, G16_CURSOR_PG, PG, FW_RO);
	tmap(t, G16_CTL_DATA, PG, FW_RW_CACHED);

	write_root_head(t, G16_ROOT, g16_ver, 0);
	r = tva(t, G16_ROOT);
	put_unaligned_le64(G16_REGION_A, r + 0x08);
	put_unaligned_le64(G16_MAIN, r + 0x18);
	put_unaligned_le64(G16_REGION_C, r + 0x20);
	put_unaligned_le64(G16_STATUS_A, r + 0xa8);
	put_unaligned_le64(G16_STATUS_B, r + 0xb0);
	put_unaligned_le64(G16_EXTRA_0, r + 0xb8);
	put_unaligned_le64(G16_EXTRA_1, r + 0xc0);

	w64(t, G16_MAIN, G16_BUNDLE);
	w64(t, G16_MAIN + 0x08, G16_BUNDLE + 0xb980);
	w64(t, G16_MAIN + 0x10, G16_BUNDLE + 0xb980);
	w64(t, G16_MAIN + 0x18, G16_CURSOR_PG + 0x68);
	for (i = 0; i < 12; i++)
		write_channel(t, G16_MAIN, i, 0, 0, 0,
			      G16_BUNDLE + 0xba40 + (i % 3) * 0x6000 +
			      (3 - i / 3) * 0x1800);
	write_channel(t, G16_MAIN, 12, 0, 0, 0, G16_MAIN + 0x4c0);
	write_trailing(t, G16_MAIN, G16_STATUS_A);
	g16_windows(t, G16_BUNDLE);
	g16_fixed(t);
	/* Slot 0 of the control ring: the opening no-op, produced. */
	w32(t, G16_MAIN + 0x4c0, 0x16);
	w32(t, G16_STATUS_A + 4, 1);
	w32(t, G16_STATUS_B + 4, 1);
}

/* Cold start, handoff, AXI bits, RTKit, endpoints: G16 steps 4..6. */
static int g16_start(struct fwt *t)
{
	int ret;

	KUNIT_EXPECT_EQ(t->test, t->ops->cold(t->m, 0), 0);
	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	write_handoff(t);
	ret = t->ops->start(t->m, 0);
	if (ret)
		return ret;
	KUNIT_EXPECT_EQ(t->test, t->ops->start_endpoint(t->m, 0, 0x20), 0);
	KUNIT_EXPECT_EQ(t->test, t->ops->start_endpoint(t->m, 0, 0x21), 0);
	return 0;
}

/* Publish: cursors, TTB slot 0, the init message (step 8). */
static void g16_publish(struct fwt *t)
{
	sgx_w(t, SGX_CTL_READ, 0);
	sgx_w(t, SGX_CTL_DONE, 0);
	sgx_w(t, SGX_CTL_PROD, 1);
	set_ttb(t);
	KUNIT_ASSERT_EQ(t->test, t->ops->send(t->m, 0, 0x20, G16_INIT_MSG), 0);
	agx4_fwmodel_sync(t->m);
}

static struct fwt *g16_ready(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	g16_init_data(t);
	KUNIT_ASSERT_EQ(test, g16_start(t), 0);
	return t;
}

static struct fwt *g16_booted(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	g16_publish(t);
	KUNIT_ASSERT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
	return t;
}

static void expect_err(struct fwt *t, enum agx4_fwmodel_err e, u64 where)
{
	u64 w = 0;

	KUNIT_EXPECT_STREQ(t->test,
			   agx4_fwmodel_err_name(agx4_fwmodel_error(t->m, &w)),
			   agx4_fwmodel_err_name(e));
	KUNIT_EXPECT_EQ(t->test, w, where);
}

/* ---- the trace ---- */

/* Off by default: a booted model recorded nothing. */
static void trace_is_off_until_started(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	struct agx4_fwmodel_trace tr[4];
	unsigned int lost = 1;

	agx4_fwmodel_trace_sgx(t->m, 0xd60060, 2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_trace_get(t->m, tr, 4, &lost), 0);
	KUNIT_EXPECT_EQ(test, lost, 0);
}

/* Host steps in the order the host took them, then the firmware's. */
static void trace_records_host_steps_in_order(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	struct agx4_fwmodel_trace tr[8];
	unsigned int n;

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(t->m), 0);
	agx4_fwmodel_trace_sgx(t->m, SGX_CTL_PROD, 1);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	t->ops->stop(t->m, 0);
	n = agx4_fwmodel_trace_get(t->m, tr, ARRAY_SIZE(tr), NULL);
	KUNIT_ASSERT_EQ(test, n, 3);
	KUNIT_EXPECT_EQ(test, tr[0].kind, AGX4_FWMODEL_TR_SGX);
	KUNIT_EXPECT_EQ(test, tr[0].reg, SGX_CTL_PROD);
	KUNIT_EXPECT_EQ(test, tr[0].value, 1);
	KUNIT_EXPECT_EQ(test, tr[1].kind, AGX4_FWMODEL_TR_RING);
	KUNIT_EXPECT_EQ(test, tr[1].ep, 0x21);
	KUNIT_EXPECT_EQ(test, tr[1].value, 0x0084000000000011ULL);
	KUNIT_EXPECT_EQ(test, tr[2].kind, AGX4_FWMODEL_TR_STOP);
	KUNIT_EXPECT_EQ(test, tr[2].inst, 0);
}

/* A full trace keeps its first steps and counts the rest as lost. */
static void trace_counts_what_does_not_fit(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	struct agx4_fwmodel_trace tr[2];
	unsigned int i, lost = 0;

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(t->m), 0);
	for (i = 0; i < AGX4_FWMODEL_TRACE_MAX + 6; i++)
		agx4_fwmodel_trace_sgx(t->m, 4 * i, i);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_trace_get(t->m, tr, 2, &lost),
			AGX4_FWMODEL_TRACE_MAX);
	KUNIT_EXPECT_EQ(test, lost, 6);
	KUNIT_EXPECT_EQ(test, tr[1].reg, 4);
	/* A new trace starts empty. */
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(t->m), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_trace_get(t->m, tr, 2, &lost), 0);
	KUNIT_EXPECT_EQ(test, lost, 0);
}

/* ---- G16 boot ---- */

static void g16_boot_acknowledges_in_status_a(struct kunit *test)
{
	struct fwt *t = g16_booted(test);

	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x10), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 1);
	/* The pre-filled no-op in slot 0 was consumed. */
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_READ), 1);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_DONE), 1);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m,
					   AGX4_FWMODEL_CNT_CONTROL_RECORDS), 1);
	/* The firmware answered the handoff with its own magic. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(t->handoff + 8),
			0x4b1d000000000002ULL);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
}

/* Step 9: slots 1 (no-op) and 2 (registration), producer 3, doorbell. */
/*
 * The mapping-notification pages as the reference leaves them before the
 * opening (its g16.rs open_control): state and ring at fixed addresses,
 * named in status B, turned on.
 */
#define G16_NOTIFY_STATE	0xfffffc2181000000ULL
#define G16_NOTIFY_RING		0xfffffc2181008000ULL

static void g16_notify_pages(struct fwt *t)
{
	tmap(t, G16_NOTIFY_STATE, PG, FW_RW);
	tmap(t, G16_NOTIFY_RING, PG, FW_RW);
	w64(t, G16_STATUS_B + 0x4f88, G16_NOTIFY_STATE);
	w64(t, G16_STATUS_B + 0x4f90, G16_NOTIFY_RING);
	w32(t, G16_STATUS_B + 0x4fd4, 1);
}

static void g16_open_control(struct fwt *t)
{
	u64 rec = G16_MAIN + 0x4c0 + 2 * 0x40;

	w32(t, G16_MAIN + 0x4c0 + 0x40, 0x16);
	w32(t, rec, 0x20);
	w32(t, rec + 4, 1);
	w32(t, rec + 8, 0x3f);
	w64(t, rec + 0x14, G16_CTL_DATA);
	w64(t, rec + 0x1c, G16_OPERANDS);
	w64(t, rec + 0x24, G16_OPERANDS);
	w32(t, rec + 0x2c, 160);
	w32(t, rec + 0x34, 1);
	g16_set_ctx1(t);
	sgx_w(t, SGX_CTL_PROD, 3);
	KUNIT_ASSERT_EQ(t->test, t->ops->ring(t->m, 0, 0x21,
					      0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
}

static void g16_registration_posts_receipt(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u64 ev = G16_STATUS_A + 0x2c0;

	g16_notify_pages(t);
	g16_open_control(t);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_READ), 3);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_DONE), 3);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x1c), 1);
	/* Event ring: firmware write cursor at state[0] + 0x20 = 1, kind 13. */
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), 1);
	/* The reference's receipt: the registration from +0x14 at +0xc. */
	KUNIT_EXPECT_EQ(test, r32(t, ev), 13);
	KUNIT_EXPECT_EQ(test, r32(t, ev + 4), 1);
	KUNIT_EXPECT_EQ(test, r32(t, ev + 8), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(tva(t, ev + 0xc)),
			G16_CTL_DATA);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(tva(t, ev + 0x14)),
			G16_OPERANDS);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(tva(t, ev + 0x1c)),
			G16_OPERANDS);
	KUNIT_EXPECT_EQ(test, r32(t, ev + 0x24), 160);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 1);
}

/*
 * The opening faults the instance when the notification pages are not
 * where status B and the reference put them, not writable, or not turned
 * on.
 */
static void g16_opening_needs_the_notification_pages(struct kunit *test)
{
	static const struct { u32 off; u64 val; bool map; } bad[] = {
		{ 0x4f88, G16_NOTIFY_STATE + PG, true },	/* elsewhere */
		{ 0x4f90, G16_NOTIFY_STATE, true },		/* the state page */
		{ 0x4fd4, 0, true },				/* off */
		{ 0x4fd4, 1, false },				/* unmapped */
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct fwt *t = g16_booted(test);

		if (bad[i].map) {
			g16_notify_pages(t);
			if (bad[i].off == 0x4fd4)
				w32(t, G16_STATUS_B + 0x4fd4, bad[i].val);
			else
				w64(t, G16_STATUS_B + bad[i].off, bad[i].val);
			expect_err(t, AGX4_FWMODEL_OK, 0);
			g16_open_control(t);
			expect_err(t, AGX4_FWMODEL_BAD_ROOT,
				   G16_STATUS_B + bad[i].off);
		} else {
			w64(t, G16_STATUS_B + 0x4f88, G16_NOTIFY_STATE);
			w64(t, G16_STATUS_B + 0x4f90, G16_NOTIFY_RING);
			w32(t, G16_STATUS_B + 0x4fd4, 1);
			g16_open_control(t);
			expect_err(t, AGX4_FWMODEL_UNMAPPED, G16_NOTIFY_STATE);
		}
		KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x1c), 0);
	}
}

/*
 * The registration's receipt finds the event ring full: the firmware
 * stops at the record (no receipt, no progress, cursors unmoved, nothing
 * dropped) and takes it by itself once the host consumes.
 */
static void g16_registration_waits_for_event_ring_room(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u64 cur = G16_STATUS_A + 0x40;
	unsigned int i;

	w32(t, cur, 0);
	w32(t, cur + 0x20, 255);
	g16_notify_pages(t);
	g16_open_control(t);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	/* The no-op in slot 1 is taken; the registration in slot 2 waits. */
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_READ), 2);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_DONE), 2);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x1c), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G16_CTL_DATA + 0x48), 0);
	KUNIT_EXPECT_EQ(test, r32(t, cur + 0x20), 255);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_EVENTS_DROPPED),
			0);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_REPORT_STALLS),
			1);

	w32(t, cur, 255);
	for (i = 0; i < 100 && sgx_r(t, SGX_CTL_READ) != 3; i++) {
		usleep_range(5000, 10000);
		agx4_fwmodel_sync(t->m);
	}
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_READ), 3);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_DONE), 3);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x1c), 1);
	/* The FList is taken with the first work, not with the record. */
	KUNIT_EXPECT_EQ(test, r32(t, G16_CTL_DATA + 0x48), 0);
	KUNIT_EXPECT_EQ(test, r32(t, cur + 0x20), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x2c0 + 255 * 0x48), 13);
	KUNIT_EXPECT_EQ(test,
			get_unaligned_le64(tva(t, G16_STATUS_A + 0x2c0 +
					   255 * 0x48 + 0xc)), G16_CTL_DATA);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_BAD_RECORDS),
			0);
}

static void g16_unknown_record_is_bad_record(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u64 rec = G16_MAIN + 0x4c0 + 0x40;

	w32(t, rec, 0x99);
	sgx_w(t, SGX_CTL_PROD, 2);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_RECORD, rec);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_BAD_RECORDS),
			1);
	/* Consumed all the same, and the firmware lives on. */
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_READ), 2);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
}

static void g16_malformed_registration_is_bad_record(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u64 rec = G16_MAIN + 0x4c0 + 0x40;

	/* A registration whose size word is not 160. */
	w32(t, rec, 0x20);
	w32(t, rec + 4, 1);
	w32(t, rec + 8, 0x3f);
	w64(t, rec + 0x14, G16_CTL_DATA);
	w64(t, rec + 0x1c, G16_OPERANDS);
	w64(t, rec + 0x24, G16_OPERANDS);
	w32(t, rec + 0x2c, 161);
	w32(t, rec + 0x34, 1);
	sgx_w(t, SGX_CTL_PROD, 2);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_RECORD, rec);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x1c), 0);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 0);
}

/* ---- G16 errors, each from one crafted change to a good sequence ---- */

static void g16_unmapped_main_config(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	const u64 hole = 0xfffffc20c1000000ULL;

	put_unaligned_le64(hole, tva(t, G16_ROOT) + 0x18);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_UNMAPPED, hole);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 0);
}

/* The record of window @slot in G16 hwdata. */
#define G16_WIN_REC(slot)	(G16_BUNDLE + 0x640 + 0x28 * (slot))

/* The firmware faults at init, before any acknowledgment. */
static void expect_window_fault(struct fwt *t, u64 where)
{
	expect_err(t, AGX4_FWMODEL_BAD_WINDOW, where);
	KUNIT_EXPECT_EQ(t->test, crashes(t, 0), 1);
	KUNIT_EXPECT_FALSE(t->test, agx4_fwmodel_booted(t->m, 0));
	KUNIT_EXPECT_EQ(t->test, r32(t, G16_STATUS_A + 0x14), 0);
}

static void g16_missing_window_is_bad_window(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	/* Slot 9 (absolute, 0x3803d0000) left out of hwdata. */
	memset(tva(t, G16_WIN_REC(9)), 0, 0x28);
	g16_publish(t);
	expect_window_fault(t, G16_WIN_REC(9));
}

static void g16_slot_22_relative_word_must_be_zero(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	w64(t, G16_WIN_REC(22) + 0x18, 0x1000000);
	g16_publish(t);
	expect_window_fault(t, G16_WIN_REC(22) + 0x18);
}

static void g16_window_record_fields_are_checked(struct kunit *test)
{
	static const struct { u32 off, bytes; u64 bad; } f[] = {
		{ 0x10, 4, 0x4000 },	/* slot 3: one controller's size */
		{ 0x14, 4, 0x30000 },	/* stride: all of them */
		{ 0x20, 4, 0 },		/* flags: read-only */
		{ 0x08, 8, 0 },		/* no firmware address */
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(f); i++) {
		struct fwt *t = g16_ready(test);
		u64 w = G16_WIN_REC(3) + f[i].off;

		if (f[i].bytes == 4)
			w32(t, w, f[i].bad);
		else
			w64(t, w, f[i].bad);
		g16_publish(t);
		expect_window_fault(t, f[i].off == 0x08 ? G16_WIN_REC(3) + 8 :
				    w);
	}
}

static void g16_window_must_reach_its_registers(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	/* The second memory controller's first page. */
	u64 va = g16_win_va(1) + 0x18000;

	*tpte(t, t->root, va) = cpu_to_le64(0x2201c4000ULL | DEV_RW);
	g16_publish(t);
	expect_window_fault(t, va);
}

static void g16_window_write_access_follows_flags(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	/* Slot 10 (index 3) is read-only: a writable mapping is wrong. */
	u64 ro = g16_win_va(3), rw = g16_win_va(2);

	tattr(t, ro, DEV_RW);
	g16_publish(t);
	expect_window_fault(t, ro);

	/* Slot 9 (index 2) is writable: a read-only mapping is wrong. */
	t = g16_ready(test);
	tattr(t, rw, DEV_RO);
	g16_publish(t);
	expect_window_fault(t, rw);

	/* And an unmapped page of a window is a fault too. */
	t = g16_ready(test);
	tunmap(t, g16_win_va(6) + 0x20000);
	g16_publish(t);
	expect_window_fault(t, g16_win_va(6) + 0x20000);
}

static void g16_null_pointer_is_unmapped_at_the_field(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	put_unaligned_le64(0, tva(t, G16_ROOT) + 0x08);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_UNMAPPED, G16_ROOT + 0x08);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
}

static void g16_unmapped_event_ring(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	u64 page = G16_STATUS_A + 0x2c0 + 0x4000;

	tunmap(t, page);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_UNMAPPED, page & ~(PG - 1));
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
}

static void g16_root_gpu_only_is_permission(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	tattr(t, G16_ROOT, GPU_RW);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_PERMISSION, G16_ROOT);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
}

static void g16_status_read_only_is_permission(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	tattr(t, G16_STATUS_A, FW_RO);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_PERMISSION, G16_STATUS_A);
}

static void g16_event_ring_read_only_is_permission(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	u64 last = G16_STATUS_A + 0x2c0 + 0x4800 - 1;

	tattr(t, last, FW_RO);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_PERMISSION, last & ~(PG - 1));
}

static void g16_access_flag_clear_is_permission(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	tattr(t, G16_REGION_C, FW_RO & ~BIT_ULL(10));
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_PERMISSION, G16_REGION_C);
}

static void g16_mapping_outside_ram_is_bad_pa(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	*tpte(t, t->root, G16_ROOT) = cpu_to_le64(0x3fffff00000ULL | FW_RO);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_PA, G16_ROOT);
}

/*
 * The reference maps its fixed firmware ranges before the firmware starts;
 * the model takes one missing as the firmware would (a fault at init), and
 * refuses resume records that do not hold the reference's word.
 */
static void g16_fixed_range_missing_faults(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	tunmap(t, 0xfffffc20c03c4000ULL);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_UNMAPPED, 0xfffffc20c03c4000ULL);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
}

static void g16_resume_record_checked(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	w64(t, G16_RESUME + 95 * 0x40, 0);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_ROOT, G16_RESUME + 95 * 0x40);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
}

static void g16_bad_version_is_bad_root(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	put_unaligned_le16(0xc358, tva(t, G16_ROOT) + 4);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_ROOT, G16_ROOT + 4);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
}

static void g16_bad_geometry_is_bad_root(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	/* Level 1 claims 1024 entries. */
	put_unaligned_le16(1024, tva(t, G16_ROOT) + 0x34 + 0x20 + 4);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_ROOT, G16_ROOT + 0x54 + 4);
}

static void g16_bad_levels_is_bad_root(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	((u8 *)tva(t, G16_ROOT))[0x33] = 4;
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_ROOT, G16_ROOT + 0x33);
}

static void g16_event_ring_end_is_bad_channel(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	u64 rec = G16_MAIN + 0x20 + 0x20 * 13;

	w64(t, rec + 0x18, G16_STATUS_A + 0x4ac0 + 0x48);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_CHANNEL, rec + 0x18);
}

static void g16_missing_work_ring_is_bad_channel(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	u64 rec = G16_MAIN + 0x20 + 0x20 * 5;

	w64(t, rec + 0x18, 0);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_CHANNEL, rec);
}

static void g16_invalid_ttb_is_bad_ttb(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	set_ttb(t);
	t->ttbs[1] = cpu_to_le64(t->root_pa);	/* valid bit clear */
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x20, G16_INIT_MSG), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_TTB, t->root_pa);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
}

static void g16_tagged_slot0_is_bad_ttb(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	u64 w = t->root_pa | (1ULL << 48) | 1;

	set_ttb(t);
	t->ttbs[1] = cpu_to_le64(w);
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x20, G16_INIT_MSG), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_TTB, w);
}

/* G16 slot 0's high word names the loader's root, which is not empty. */
static void g16_nonempty_slot0_high_root_is_bad_ttb(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	u64 w = t->root_pa | 1;

	set_ttb(t);
	t->ttbs[1] = cpu_to_le64(w);
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x20, G16_INIT_MSG), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_TTB, w);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
}

/* G16 context 1 written before the init data was accepted. */
static void g16_slot1_before_acceptance_is_bad_ttb(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	g16_set_ctx1(t);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_TTB, le64_to_cpu(t->ttbs[2]) |
					    le64_to_cpu(t->ttbs[3]));
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
}

/* The firmware walks the loader's root, whatever slot 0's high word says. */
static void g16_firmware_walks_the_loader_root(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	phys_addr_t pa;

	t->ttbs[1] = 0;
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, G16_ROOT,
						     AGX4_FWMODEL_READ, &pa),
			AGX4_FWMODEL_OK);
}

/*
 * Context 1 holds the compute scratch and marker at the opening (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_compute.rs@1ab42a3a
 * private_ranges).
 */
static void g16_registration_needs_compute_scratch_and_marker(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < 2; i++) {
		struct fwt *t = g16_booted(test);
		u64 rec = G16_MAIN + 0x4c0 + 0x40;
		phys_addr_t low;
		__le64 *root;

		g16_set_ctx1(t);
		root = tpage(t, &low);
		if (i)
			tmap_in(t, root, 0x70030e0000ULL, 0x20000, GPU_RW);
		t->ttbs[2] = cpu_to_le64(low | BIT_ULL(48) | 1);
		w32(t, rec, 0x20);
		w32(t, rec + 4, 1);
		w32(t, rec + 8, 0x3f);
		w64(t, rec + 0x14, G16_CTL_DATA);
		w64(t, rec + 0x1c, G16_OPERANDS);
		w64(t, rec + 0x24, G16_OPERANDS);
		w32(t, rec + 0x2c, 160);
		w32(t, rec + 0x34, 1);
		sgx_w(t, SGX_CTL_PROD, 2);
		KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
						   0x0084000000000011ULL), 0);
		agx4_fwmodel_sync(t->m);
		expect_err(t, AGX4_FWMODEL_GPU_FAULT,
			   i ? 0x1000c60000ULL : 0x70030e0000ULL);
	}
}

/* The opening registration needs context 1 as the reference writes it. */
static void g16_registration_checks_slot1(struct kunit *test)
{
	static const char *const what[] = {
		"unset", "shared high root", "non-empty high root", "untagged",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(what); i++) {
		struct fwt *t = g16_booted(test);
		u64 rec = G16_MAIN + 0x4c0 + 0x40;
		u64 w;

		g16_set_ctx1(t);
		switch (i) {
		case 0:
			t->ttbs[2] = 0;
			t->ttbs[3] = 0;
			break;
		case 1:
			t->ttbs[3] = cpu_to_le64((le64_to_cpu(t->ttbs[1]) &
						  OA) | BIT_ULL(48) | 1);
			break;
		case 2:
			t->ttbs[3] = cpu_to_le64(t->root_pa | BIT_ULL(48) | 1);
			break;
		case 3:
			t->ttbs[3] = cpu_to_le64(le64_to_cpu(t->ttbs[3]) &
						 ~GENMASK_ULL(63, 48));
			break;
		}
		w = le64_to_cpu(t->ttbs[i ? 3 : 2]);
		w32(t, rec, 0x20);
		w32(t, rec + 4, 1);
		w32(t, rec + 8, 0x3f);
		w64(t, rec + 0x14, G16_CTL_DATA);
		w64(t, rec + 0x1c, G16_OPERANDS);
		w64(t, rec + 0x24, G16_OPERANDS);
		w32(t, rec + 0x2c, 160);
		w32(t, rec + 0x34, 1);
		sgx_w(t, SGX_CTL_PROD, 2);
		KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
						   0x0084000000000011ULL), 0);
		agx4_fwmodel_sync(t->m);
		kunit_info(test, "slot 1 %s\n", what[i]);
		expect_err(t, AGX4_FWMODEL_BAD_TTB, w);
		KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x1c), 0);
	}
}

static void g16_lost_image_is_loader_map(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	t->root[0] = 0;
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_LOADER_MAP, 0xfffffc0000000000ULL);
}

static void g16_handoff_checked_at_start(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	KUNIT_ASSERT_EQ(test, t->ops->cold(t->m, 0), 0);

	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	write_handoff(t);
	put_unaligned_le32(0, t->handoff + 0x18);
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 0), -EIO);
	expect_err(t, AGX4_FWMODEL_BAD_HANDOFF, 0x18);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(t->m, 0));
}

static void g16_stale_handoff_word_refused(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	KUNIT_ASSERT_EQ(test, t->ops->cold(t->m, 0), 0);

	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	/* The host forgets to clear +0x640: the loader's bytes stay. */
	put_unaligned_le64(0x4b1d000000000002ULL, t->handoff);
	put_unaligned_le32(0xffffffff, t->handoff + 0x18);
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 0), -EIO);
	expect_err(t, AGX4_FWMODEL_BAD_HANDOFF, 0x640);
}

static void g16_start_without_axi_is_cold_state(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	KUNIT_ASSERT_EQ(test, t->ops->cold(t->m, 0), 0);

	write_handoff(t);
	sgx_w(t, 0x1000104, 1);
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 0), -EIO);
	expect_err(t, AGX4_FWMODEL_COLD_STATE, 0x1000108);
}

/*
 * The host checks the coprocessor cold before anything else (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a Bootstrap::new).
 */
static void g16_start_without_cold_check_is_cold_state(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	write_handoff(t);
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 0), -EIO);
	expect_err(t, AGX4_FWMODEL_COLD_STATE, 0x44);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(t->m, 0));
}

static void g16_sgx_writes_before_cold_check_are_cold_state(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	/* The host's write, as its register accessor reports it. */
	sgx_w(t, 0x1000104, 1);
	agx4_fwmodel_trace_sgx(t->m, 0x1000104, 1);
	KUNIT_ASSERT_EQ(test, t->ops->cold(t->m, 0), 0);
	sgx_w(t, 0x1000108, 1);
	agx4_fwmodel_trace_sgx(t->m, 0x1000108, 1);
	write_handoff(t);
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 0), -EIO);
	expect_err(t, AGX4_FWMODEL_COLD_STATE, 0x1000104);
}

/* A running coprocessor is not cold. */
static void g16_cold_check_of_running_instance_is_busy(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	KUNIT_EXPECT_EQ(test, t->ops->cold(t->m, 0), -EBUSY);
	KUNIT_EXPECT_EQ(test, t->ops->cold(t->m, 1), -EINVAL);
}

/*
 * The opening FList is taken once the first work is published, not at
 * its registration (H: g16.rs@1ab42a3a Bootstrap::submit_barrier writes
 * the message and producer, then waits for the FList, then kicks).
 */
static void g16_flist_taken_after_first_work_published(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	unsigned int i;

	g16_notify_pages(t);
	g16_open_control(t);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	msleep(20);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, G16_CTL_DATA + 0x48), 0);
	/* Channel 1's producer (stage 1, priority 0) moves. */
	sgx_w(t, 0xd60020, 1);
	for (i = 0; i < 5000 && r32(t, G16_CTL_DATA + 0x48) != 160; i++)
		usleep_range(1000, 2000);
	KUNIT_EXPECT_EQ(test, r32(t, G16_CTL_DATA + 0x48), 160);
	expect_err(t, AGX4_FWMODEL_OK, 0);
}

static void g16_message_to_stopped_endpoint(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	KUNIT_ASSERT_EQ(test, t->ops->cold(t->m, 0), 0);

	g16_init_data(t);
	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	write_handoff(t);
	KUNIT_ASSERT_EQ(test, t->ops->start(t->m, 0), 0);
	KUNIT_EXPECT_EQ(test, t->ops->start_endpoint(t->m, 0, 0x21), 0);
	KUNIT_EXPECT_EQ(test, t->ops->start_endpoint(t->m, 0, 0x22), -EINVAL);
	KUNIT_EXPECT_EQ(test, t->ops->start_endpoint(t->m, 0, 0x1), -EINVAL);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_NOT_STARTED, 0x20);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
}

static void g16_unknown_message_is_bad_message(struct kunit *test)
{
	struct fwt *t = g16_booted(test);

	KUNIT_EXPECT_EQ(test, t->ops->send(t->m, 0, 0x22, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, t->ops->send(t->m, 1, 0x20, 1), -EINVAL);
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x20,
					   0x0055000000000000ULL), 0);
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x21,
					   0x0084000000000012ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_MESSAGE, 1);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_BAD_MESSAGES),
			3);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
}

static void g16_out_of_order_is_bad_sequence(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	/* A control doorbell before init, then a second init message. */
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_SEQUENCE, 0x0084000000000011ULL);
	g16_publish(t);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x20, G16_INIT_MSG), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_BAD_MESSAGES),
			2);
}

static void g16_init_with_high_bits_is_bad_message(struct kunit *test)
{
	struct fwt *t = g16_ready(test);
	const u64 msg = G16_INIT_MSG | (1ULL << 44);

	set_ttb(t);
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x20, msg), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_MESSAGE, msg);
}

/* ---- G16 work ---- */

/*
 * Objects of one UAPI queue and its work, placed as the reference
 * places them (lanes, Work storage and their GPU aliases), in the
 * dynamic firmware range.
 */
#define DYN		0xfffffc2200000000ULL
#define LANE(s)		(DYN + (s) * 0xc000ULL)	/* s: 0 TA, 1 3D, 2 compute */
#define LANE_PB(s)	(LANE(s) + 0x4000)
#define LANE_RING(s)	(LANE(s) + 0x8000)
#define LANE_STAMP(s)	(LANE_PB(s) + 0x1040)
#define LANE_JOBS	(DYN + 0x4100)
#define LANE_CTX	(DYN + 0x4140)
#define RWORK		(DYN + 0x100000)	/* render Work, 0x1c000 */
#define CWORK(i)	(DYN + 0x200000 + (i) * 0x8000ULL)
#define RALIAS(w)	(0x7200000000ULL + ((w) - DYN))
#define CALIAS(w)	(0x7100000000ULL + ((w) - DYN))
#define BM		(DYN + 0x300000)
/*
 * The PB descriptor table (firmware page, context 0's GPU alias
 * 0x70_0027_8000) and the page list its slot 7 names, GPU 0x10_0025_8000
 * in the client, 0x1c000 bytes (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_tvb.rs@4f7fe108 Tvb::new).
 */
#define PB_TABLE	(DYN + 0x304000)
#define PB_TABLE_GPU	0x7000278000ULL
#define PB_LIST_GPU	0x1000258000ULL
#define PB_LIST_SIZE	0x1c000
/*
 * The device-wide empty buffer every render names (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_render.rs@1ab42a3a Addresses::bootstrap).
 */
#define EMPTY_PAGE	0xfffffc20c0600000ULL
#define EMPTY_BUF	(EMPTY_PAGE + 0x2800)
#define TS_AP		0xfffffc2181400000ULL
#define CTX_BASE	0x1000000000ULL
#define USER_VDM	(CTX_BASE + 0x100000)
#define USER_STATUS	(CTX_BASE + 0x130000)
#define USER_CDM	0x0000001200000000ULL
#define SLOT		9

#define TA_W		(RWORK + 0x2940)
#define FRAG_W		(RWORK + 0x9b40)
#define TA_MS		(RWORK + 0x6340)
#define FRAG_MS		(RWORK + 0xd680)
#define NOTIFIER	(RWORK + 0x200)

struct g16w {
	struct fwt *t;
	__le64 *client;
	u32 head[3];
	bool first[3];
};

/* A client context: low root tagged with its slot. */
static __le64 *client_slot(struct fwt *t, unsigned int slot)
{
	phys_addr_t pa;
	__le64 *root = tpage(t, &pa);

	t->ttbs[slot * 2] = cpu_to_le64(pa | (u64)slot << 48 | 1);
	t->ttbs[slot * 2 + 1] = cpu_to_le64(t->root_pa | (u64)slot << 48 | 1);
	return root;
}

/*
 * Queue record, pointer block (capacity 0x500), lane stamp one step
 * before @first_stamp, for lane @s at priority @p.
 */
static void g16_lane(struct fwt *t, unsigned int s, unsigned int p,
		     u32 first_stamp)
{
	static const struct { u64 mask; u32 first, last; } row[4] = {
		{ 0xffffffffffff0000ULL, 1, 1 }, { 0xffffffff00000000ULL, 0, 0 },
		{ 0xffff000000000000ULL, 0, 2 }, { 0, 0, 3 },
	};
	u64 q = LANE(s);

	w64(t, q, LANE_PB(s));
	w64(t, q + 8, LANE_RING(s));
	w64(t, q + 0x10, LANE_JOBS);
	w64(t, q + 0x18, q + 0xb0);
	w32(t, q + 0x2c, 0xffffffff);
	w32(t, q + 0x30, s == 2 ? 0 : p);
	w32(t, q + 0x34, p);
	w64(t, q + 0x38, row[p].mask);
	w32(t, q + 0x40, row[p].first);
	w32(t, q + 0x48, s == 2 ? 1 : row[p].last);
	w32(t, q + 0x4c, 0xffffffff);
	w32(t, q + 0x50, (q - DYN) / 0x4000 + 2);
	w64(t, q + 0xa4, LANE_CTX);
	w32(t, LANE_PB(s) + 0x50, 0x500);
	w32(t, LANE_STAMP(s), first_stamp - 0x100);
}

static struct g16w *g16w_new(struct kunit *test)
{
	struct g16w *g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	struct fwt *t;
	unsigned int s;

	KUNIT_ASSERT_NOT_NULL(test, g);
	t = g16_booted(test);
	g->t = t;
	tmap(t, DYN, 0x24000, FW_RW);
	tmap(t, RWORK, 0x10000, FW_RW_CACHED);
	tmap(t, RWORK + 0x10000, 0xc000, FW_RW);
	tmap(t, CWORK(0), 0x10000, FW_RW);
	tmap(t, BM, PG, FW_RW);
	tmap(t, TS_AP, PG, FW_RW);
	g->client = client_slot(t, SLOT);
	tmap(t, PB_TABLE, PG, FW_RW);
	tmap(t, EMPTY_PAGE, PG, FW_RW);
	talias(t, t->low, PB_TABLE_GPU, PB_TABLE, PG, GPU_RW);
	w32(t, PB_TABLE + 7 * 16, (PB_LIST_GPU - 0x1000000000ULL) >> 4);
	w32(t, PB_TABLE + 7 * 16 + 4, 44);
	tmap_in(t, g->client, PB_LIST_GPU, PB_LIST_SIZE, GPU_RW);
	w64(t, BM + 0x28, PB_LIST_GPU);
	w32(t, BM + 0x30, PB_LIST_SIZE);
	/* Work register pages at their GPU aliases; the user's buffers. */
	talias(t, g->client, RALIAS(RWORK), RWORK, PG, GPU_RO);
	talias(t, g->client, RALIAS(RWORK) + 0x4000, RWORK + 0x8000, PG,
	       GPU_RO);
	talias(t, g->client, CALIAS(CWORK(0)), CWORK(0), PG, GPU_RO);
	talias(t, g->client, CALIAS(CWORK(1)), CWORK(1), PG, GPU_RO);
	tmap_in(t, g->client, USER_VDM, PG, GPU_RO);
	tmap_in(t, g->client, USER_STATUS, PG, GPU_RW);
	tmap_in(t, g->client, USER_CDM, PG, GPU_RO);
	for (s = 0; s < 3; s++) {
		g16_lane(t, s, 2, s == 0 ? 0xc00 : 0x100);
		g->first[s] = true;
	}
	return g;
}

static void reg(struct fwt *t, u64 at, u32 r, u64 v)
{
	w32(t, at, r);
	w64(t, at + 4, v);
}

/* A timestamp command of a microsequence (start or end). */
static void ms_ts(struct fwt *t, u64 at, bool end, u64 slot, u64 q, u64 pair)
{
	w32(t, at, end ? 3 : 0x80000003);
	w64(t, at + 0x14, slot);
	w64(t, at + 0x1c, q);
	w64(t, at + 0x24, pair);
}

/* Compute Work @i on lane 2, stamp @stamp, event @event, user timestamps. */
static void g16_compute(struct g16w *g, unsigned int i, u32 stamp, u32 event)
{
	struct fwt *t = g->t;
	u64 w = CWORK(i), ms = w + 0x1000, ntf = w + 0x1400, q = LANE(2);
	unsigned int k;

	w32(t, w, 3);
	w64(t, w + 4, i + 1);
	w32(t, w + 0xc, SLOT);
	w64(t, w + 0x10, ntf);
	for (k = 0; k < 24; k++)
		reg(t, w + 0x20 + 12 * k, k ? 0x1a0e9 : 0x1a420,
		    k ? 8 : CALIAS(w) + 0x1a00);
	w64(t, w + 0x720, CALIAS(w) + 0x20);
	w32(t, w + 0x728, 24 | 288 << 16);
	w64(t, w + 0x760, ms);
	w32(t, w + 0x768, 0x300);
	w64(t, w + 0x800, w + 0x4000);
	w64(t, w + 0x808, LANE_STAMP(2));
	w32(t, w + 0x810, stamp);
	w32(t, w + 0x814, event);
	w64(t, w + 0x834, w + 0x1700);
	w64(t, w + 0x83c, w + 0x1708);
	/* Microsequence (0x300): start, two timestamps, end, finish. */
	w32(t, ms, 0x0b);
	w64(t, ms + 0x14, w + 0x20);
	w64(t, ms + 0x24, q);
	ms_ts(t, ms + 0x1bc, false, w + 0x834, q, w + 0x17c0);
	ms_ts(t, ms + 0x20c, true, w + 0x83c, q, w + 0x17c0);
	w32(t, ms + 0x258, 0x0c);
	w64(t, ms + 0x264, q);
	w64(t, ms + 0x284, LANE_STAMP(2));
	w32(t, ms + 0x28c, stamp);
	w32(t, ms + 0x2d4, 0x40000002);
	/* Notifier, user timestamp pair, trampoline, driver stamp. */
	w64(t, ntf, w + 0x1800);
	w32(t, ntf + 0x10, 0x50);
	w32(t, ntf + 0x24, SLOT);
	w32(t, ntf + 0x94, 1);
	w64(t, w + 0x17c0, TS_AP + 0x100 + 16 * i);
	w64(t, w + 0x17c8, TS_AP + 0x108 + 16 * i);
	w32(t, w + 0x1800, 1);
	w32(t, w + 0x1a00, 0x600fffff);
	w32(t, w + 0x1a04, 0x20000000 | (u32)(USER_CDM >> 32));
	w32(t, w + 0x1a08, lower_32_bits(USER_CDM));
	w32(t, w + 0x4000, stamp - 0x100);
}

/* Put @item on lane @s's ring. */
static void push(struct g16w *g, unsigned int s, u64 item)
{
	w64(g->t, LANE_RING(s) + 8 * g->head[s], item);
	g->head[s]++;
	w32(g->t, LANE_PB(s) + 0x40, g->head[s]);
}

/* One message for lane @s at priority 2 (channel 6 + s), then the kick. */
static void g16_publish_lane(struct g16w *g, unsigned int s, u32 event)
{
	struct fwt *t = g->t;
	unsigned int ch = 6 + s;
	u64 msg = G16_BUNDLE + 0xba40 + (ch % 3) * 0x6000 +
		  (3 - ch / 3) * 0x1800 + t->prod[ch] * 0x18;

	w64(t, msg, 1);
	w64(t, msg + 8, LANE(s));
	w32(t, msg + 0x10, s);
	w32(t, msg + 0x14, g->head[s] | event << 16 | g->first[s] << 24);
	g->first[s] = false;
	t->prod[ch]++;
	sgx_w(t, 0xd60000 + (ch % 3) * 0x20 + (ch / 3) * 8, t->prod[ch]);
}

static void kick(struct fwt *t, unsigned int prio, unsigned int engine)
{
	KUNIT_ASSERT_EQ(t->test, t->ops->ring(t->m, 0, 0x21,
					      0x0083000000000000ULL |
					      prio << 2 | engine), 0);
	agx4_fwmodel_sync(t->m);
}

/* The G16 firmware read and done cursors of work channel @ch. */
static u32 g16_cursor(struct fwt *t, unsigned int ch, unsigned int which)
{
	return sgx_r(t, 0xd64000 + (ch % 3) * 0x40 + (ch / 3) * 0x10 +
		     which * 8);
}

/* Event record @i on the G16 event ring: word at @off. */
static u32 g16_event(struct fwt *t, unsigned int i, u32 off)
{
	return r32(t, G16_STATUS_A + 0x2c0 + i * 0x48 + off);
}

static void g16_kick_counts_and_barrier_retires(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u64 ring1 = G16_BUNDLE + 0xba40 + 1 * 0x6000 + 3 * 0x1800;
	u64 q = G16_SHARED + 0x20000, pb = G16_SHARED + 0x20100;
	u64 ring = G16_SHARED + 0x24000, bar = G16_SHARED + 0x20200;
	u64 stamp = G16_SHARED + 0x20300;

	/*
	 * The bootstrap barrier: a priority-0 3D queue whose ring holds the
	 * same barrier item twice, waiting for 0 at a zero stamp.
	 */
	w64(t, q, pb);
	w64(t, q + 8, ring);
	w32(t, q + 0x2c, 0xffffffff);
	w64(t, q + 0x38, 0xffffffffffff0000ULL);
	w32(t, q + 0x40, 1);
	w32(t, q + 0x48, 1);
	w32(t, q + 0x4c, 0xffffffff);
	w32(t, pb + 0x50, 0x500);
	w32(t, bar, 4);
	w64(t, bar + 4, stamp);
	w32(t, bar + 0x14, 1);
	w32(t, bar + 0x18, 1);
	w64(t, ring, bar);
	w64(t, ring + 8, bar);
	w32(t, pb + 0x40, 2);
	w64(t, ring1, 1);
	w64(t, ring1 + 8, q);
	w32(t, ring1 + 0x10, 1);
	w32(t, ring1 + 0x14, 2 | (1 << 16) | (1 << 24));
	/* Producer of channel 1: SGX+0xd60000 + (1 % 3) * 0x20. */
	sgx_w(t, 0xd60020, 1);
	kick(t, 0, 1);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_kicks(t->m, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_kicks(t->m, 0), 0);
	/* Channel 1 cursors, firmware side: SGX+0xd64000 + 0x40 and + 8. */
	KUNIT_EXPECT_EQ(test, sgx_r(t, 0xd64040), 1);
	KUNIT_EXPECT_EQ(test, sgx_r(t, 0xd64048), 1);
	KUNIT_EXPECT_EQ(test, r32(t, pb + 0x30), 2);
	KUNIT_EXPECT_EQ(test, r32(t, pb), 2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_WAITS),
			2);
}

static void g16_compute_completes(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;

	g16_compute(g, 0, 0x100, 35);
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
	/* Stamps, notifier unlinked, indices, channel 8's cursors. */
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0x100);
	KUNIT_EXPECT_EQ(test, r32(t, CWORK(0) + 0x4000), 0x100);
	KUNIT_EXPECT_EQ(test, r32(t, CWORK(0) + 0x1400 + 0x94), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2)), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2) + 0x30), 1);
	KUNIT_EXPECT_EQ(test, g16_cursor(t, 8, 0), 1);
	KUNIT_EXPECT_EQ(test, g16_cursor(t, 8, 1), 1);
	/* Private profiling (ticks) and user timestamps (ns), start <= end. */
	KUNIT_EXPECT_NE(test, r64(t, CWORK(0) + 0x1700), 0);
	KUNIT_EXPECT_LE(test, r64(t, CWORK(0) + 0x1700),
			r64(t, CWORK(0) + 0x1708));
	KUNIT_EXPECT_NE(test, r64(t, TS_AP + 0x100), 0);
	KUNIT_EXPECT_LE(test, r64(t, TS_AP + 0x100), r64(t, TS_AP + 0x108));
	/* One completion event, kind 1, event 35's bit; one notification. */
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), 1);
	KUNIT_EXPECT_EQ(test, g16_event(t, 0, 0), 1);
	KUNIT_EXPECT_EQ(test, g16_event(t, 0, 4 + 4), BIT(35 - 32));
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_COMPUTE),
			1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 0);
}

/*
 * G16's event ring (channel 13) filled while the host does not drain it:
 * a completion whose event finds it full waits, its work item not
 * complete (no stamp, no done index), and nothing is dropped; once the
 * host consumes the records the firmware looks again by itself and every
 * event is there, in order.
 */
static void g16_full_event_ring_holds_completion_until_drained(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	u64 cur = G16_STATUS_A + 0x40;
	u32 events, notes;
	unsigned int i;

	/* Everything so far consumed, then 254 records: one slot left. */
	w32(t, cur, 0);
	w32(t, cur + 0x20, 0);
	events = agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_EVENTS);
	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_FILL_EVENT_RING, 254);
	agx4_fwmodel_sync(t->m);
	KUNIT_ASSERT_EQ(test, r32(t, cur + 0x20), 254);
	notes = got(t, 0, 0x20, 0x0042000000000000ULL);

	g16_compute(g, 0, 0x100, 35);
	g16_compute(g, 1, 0x200, 36);
	push(g, 2, CWORK(0));
	push(g, 2, CWORK(1));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	/* The first takes the last slot; the second waits for room. */
	KUNIT_EXPECT_EQ(test, g16_event(t, 254, 0), 1);
	KUNIT_EXPECT_EQ(test, g16_event(t, 254, 8), BIT(35 - 32));
	KUNIT_EXPECT_EQ(test, r32(t, cur + 0x20), 255);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0x100);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2)), 1);
	KUNIT_EXPECT_EQ(test, r32(t, CWORK(1) + 0x4000), 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 1);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_REPORT_STALLS),
			1);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_EVENTS_DROPPED),
			0);
	/* Still waiting a while later: it looks again, and waits again. */
	msleep(30);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2)), 1);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_REPORT_STALLS),
			1);

	/* The host drains: the second completes without another doorbell. */
	w32(t, cur, 255);
	for (i = 0; i < 100 && r32(t, LANE_PB(2)) != 2; i++) {
		usleep_range(5000, 10000);
		agx4_fwmodel_sync(t->m);
	}
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2)), 2);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0x200);
	KUNIT_EXPECT_EQ(test, r32(t, CWORK(1) + 0x4000), 0x200);
	KUNIT_EXPECT_EQ(test, g16_event(t, 255, 0), 1);
	KUNIT_EXPECT_EQ(test, g16_event(t, 255, 8), BIT(36 - 32));
	KUNIT_EXPECT_EQ(test, r32(t, cur + 0x20), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_EVENTS),
			events + 254 + 2);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_EVENTS_DROPPED),
			0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_COMPUTE),
			2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 0);
	/* Each completion notified: the host learns of the late one too. */
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL),
			notes + 2);
}

/* A dependency item stops the lane until the stamp it names is reached. */
static void g16_dependency_waits_for_stamp(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	u64 dep = CWORK(0) + 0x1900;

	g16_compute(g, 0, 0x100, 35);
	/* Type 4, graph form: wait for 0x200 at the 3D lane's stamp. */
	w32(t, dep, 4);
	w64(t, dep + 4, LANE_STAMP(1));
	w64(t, dep + 0xc, LANE_STAMP(1));
	w32(t, dep + 0x14, 0x200);
	w32(t, dep + 0x20, 33);
	w32(t, dep + 0x24, 0x100);
	w32(t, dep + 0x30, 1);
	push(g, 2, dep);
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2) + 0x30), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_STALLS),
			1);
	/* Reached in signed distance: 0x200 itself. */
	w32(t, LANE_STAMP(1), 0x200);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2)), 2);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_WAITS),
			1);
}

/* TA and 3D Work of one render, the 3D behind its prelude on the TA stamp. */
static void g16_render(struct g16w *g, bool tvb_init)
{
	struct fwt *t = g->t;
	u64 ra = RALIAS(RWORK);
	unsigned int k;

	/* Notifier shared by both stages, count array. */
	w64(t, NOTIFIER, RWORK + 0x300);
	w32(t, NOTIFIER + 8, 0x100);
	w32(t, NOTIFIER + 0x10, 0x50);
	w32(t, NOTIFIER + 0x24, SLOT);
	w32(t, NOTIFIER + 0x94, 1);
	w32(t, RWORK + 0x300, 2);
	/* TA Work: its pool and scene record 1 there. */
	w32(t, TA_W, 0);
	w64(t, TA_W + 4, 1);
	w64(t, TA_W + 0x20, BM);
	w64(t, TA_W + 0x30, EMPTY_BUF);
	w64(t, FRAG_W + 0x38, EMPTY_BUF);
	w64(t, TA_W + 0x28, BM + 0x4000 + 0x80);
	w32(t, TA_W + 0xc, SLOT);
	w64(t, TA_W + 0x10, NOTIFIER);
	for (k = 0; k < 0x41; k++)
		reg(t, TA_W + 0x40 + 12 * k,
		    k == 0 ? 0x1c880 : k == 1 ? 0x14318 : 0x1748,
		    k == 0 ? USER_VDM - CTX_BASE : k == 1 ? USER_STATUS | 1 : 1);
	w64(t, TA_W + 0x740, ra + 0x2980);
	put_unaligned_le16(0x41, tva(t, TA_W + 0x748));
	put_unaligned_le16(0x41 * 12, tva(t, TA_W + 0x74a));
	w64(t, TA_W + 0x770, TA_MS);
	w32(t, TA_W + 0x778, 0x300);
	w64(t, TA_W + 0x878, RWORK + 0x18000);
	w64(t, TA_W + 0x880, LANE_STAMP(0));
	w32(t, TA_W + 0x888, 0xc00);
	w32(t, TA_W + 0x88c, 32);
	w64(t, TA_W + 0x8c8, RWORK + 0x100);
	w64(t, TA_W + 0x8d0, RWORK + 0x108);
	w32(t, TA_MS, 5);
	w64(t, TA_MS + 0x14, TA_W + 0x40);
	w64(t, TA_MS + 0x34, LANE(0));
	ms_ts(t, TA_MS + 0x1cc, false, TA_W + 0x8c8, LANE(0), 0);
	ms_ts(t, TA_MS + 0x21c, true, TA_W + 0x8d0, LANE(0), 0);
	w32(t, TA_MS + 0x268, 6);
	w64(t, TA_MS + 0x284, LANE(0));
	w64(t, TA_MS + 0x2b0, LANE_STAMP(0));
	w32(t, TA_MS + 0x2b8, 0xc00);
	w32(t, TA_MS + 0x2fc, 0x40000002);
	w32(t, RWORK + 0x18000, 0xb00);
	/* 3D Work. */
	w32(t, FRAG_W, 1);
	w64(t, FRAG_W + 4, 0);
	w32(t, FRAG_W + 0xc, SLOT);
	w64(t, FRAG_W + 0x14, FRAG_MS);
	w32(t, FRAG_W + 0x1c, 0x380);
	w64(t, FRAG_W + 0x20, NOTIFIER);
	for (k = 0; k < 0x51; k++)
		reg(t, FRAG_W + 0x80 + 12 * k, k ? 0x1739 : 0x14080,
		    k ? 1 : USER_STATUS | 1);
	w64(t, FRAG_W + 0x780, ra + 0x4000 + 0x1bc0);
	put_unaligned_le16(0x51, tva(t, FRAG_W + 0x788));
	put_unaligned_le16(0x51 * 12, tva(t, FRAG_W + 0x78a));
	w64(t, FRAG_W + 0xbc0, RWORK + 0x18040);
	w64(t, FRAG_W + 0xbc8, LANE_STAMP(1));
	w32(t, FRAG_W + 0xbd0, 0x100);
	w32(t, FRAG_W + 0xbd4, 33);
	w64(t, FRAG_W + 0xc10, RWORK + 0x110);
	w64(t, FRAG_W + 0xc18, RWORK + 0x118);
	w32(t, FRAG_MS, 7);
	w64(t, FRAG_MS + 0x14, FRAG_W + 0x80);
	w64(t, FRAG_MS + 0x4c, LANE(1));
	ms_ts(t, FRAG_MS + 0x1ec, false, FRAG_W + 0xc10, LANE(1), 0);
	ms_ts(t, FRAG_MS + 0x23c, true, FRAG_W + 0xc18, LANE(1), 0);
	w32(t, FRAG_MS + 0x288, 8);
	w64(t, FRAG_MS + 0x294, LANE_STAMP(1));
	w32(t, FRAG_MS + 0x29c, 0x100);
	w64(t, FRAG_MS + 0x2d8, LANE(1));
	w32(t, FRAG_MS + 0x344, 0x40000002);
	w32(t, RWORK + 0x18040, 0);
	/* Preludes: TVB init (TA), barrier on the TA stamp (3D, graph 0). */
	w32(t, RWORK + 0x4000, 6);
	w32(t, RWORK + 0x4004, SLOT);
	w32(t, RWORK + 0x4008, 7);
	w32(t, RWORK + 0x4010, 11);
	w64(t, RWORK + 0x4014, BM);
	w32(t, RWORK + 0x401c, 0xc00);
	w32(t, RWORK + 0xc000, 4);
	w64(t, RWORK + 0xc004, LANE_STAMP(0));
	w64(t, RWORK + 0xc00c, LANE_STAMP(0));
	w32(t, RWORK + 0xc014, 0xc00);
	w32(t, RWORK + 0xc020, 32);
	w32(t, RWORK + 0xc024, 0x100);
	if (tvb_init)
		push(g, 0, RWORK + 0x4000);
	push(g, 0, TA_W);
	push(g, 1, RWORK + 0xc000);
	push(g, 1, FRAG_W);
	/* 3D then TA, as the host flushes them. */
	g16_publish_lane(g, 1, 33);
	g16_publish_lane(g, 0, 32);
}

/*
 * The buffer manager names the page list its PB descriptor names, mapped
 * for the GPU in the client's context; anything else is refused.
 */
static void g16_bm_page_list_must_match_pb_descriptor(struct kunit *test)
{
	static const struct {
		const char *what;
		u64 gpu;
		u32 size;
		enum agx4_fwmodel_err err;
		u64 where;
	} cases[] = {
		{ "another page list", PB_LIST_GPU + 0x4000, PB_LIST_SIZE,
		  AGX4_FWMODEL_BAD_ITEM, BM + 0x28 },
		{ "an offset, not an address", 0x258000, PB_LIST_SIZE,
		  AGX4_FWMODEL_BAD_ITEM, BM + 0x28 },
		{ "no size", PB_LIST_GPU, 0, AGX4_FWMODEL_BAD_ITEM, BM + 0x30 },
		{ "past the mapping", PB_LIST_GPU, PB_LIST_SIZE + PG,
		  AGX4_FWMODEL_GPU_FAULT, PB_LIST_GPU + PB_LIST_SIZE },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct g16w *g = g16w_new(test);
		struct fwt *t = g->t;

		g16_render(g, true);
		w64(t, BM + 0x28, cases[i].gpu);
		w32(t, BM + 0x30, cases[i].size);
		kick(t, 2, 0);
		kunit_info(test, "%s\n", cases[i].what);
		expect_err(t, cases[i].err, cases[i].where);
		KUNIT_EXPECT_EQ(test,
				agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_TVB_INITS),
				0);
	}
}

/* One empty buffer for every render, zero, where the reference has it. */
static void g16_render_names_the_device_empty_buffer(struct kunit *test)
{
	static const struct {
		const char *what;
		u64 at, value;
		u64 dirty;
		u64 where;
	} cases[] = {
		{ "TA elsewhere", TA_W + 0x30, EMPTY_PAGE, 0, TA_W + 0x30 },
		{ "3D elsewhere", FRAG_W + 0x38, BM + 0x20000, 0,
		  FRAG_W + 0x38 },
		{ "not zero", 0, 0, EMPTY_BUF + 0x100, EMPTY_BUF + 0x100 },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct g16w *g = g16w_new(test);
		struct fwt *t = g->t;

		g16_render(g, true);
		if (cases[i].at)
			w64(t, cases[i].at, cases[i].value);
		if (cases[i].dirty)
			w32(t, cases[i].dirty, 1);
		kick(t, 2, 0);
		kunit_info(test, "%s\n", cases[i].what);
		expect_err(t, AGX4_FWMODEL_BAD_ITEM, cases[i].where);
	}
}

static void g16_render_completes_both_stages(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;

	g16_render(g, true);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0x100);
	KUNIT_EXPECT_EQ(test, r32(t, RWORK + 0x18000), 0xc00);
	KUNIT_EXPECT_EQ(test, r32(t, RWORK + 0x18040), 0x100);
	KUNIT_EXPECT_EQ(test, r32(t, NOTIFIER + 0x94), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(0)), 2);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(1)), 2);
	KUNIT_EXPECT_NE(test, r64(t, RWORK + 0x100), 0);
	KUNIT_EXPECT_NE(test, r64(t, RWORK + 0x118), 0);
	KUNIT_EXPECT_EQ(test, g16_cursor(t, 6, 1), 1);
	KUNIT_EXPECT_EQ(test, g16_cursor(t, 7, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_TA), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_3D), 1);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_TVB_INITS), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), 2);
}

/* Held TA: the 3D lane stops on its prelude; released, both complete. */
/*
 * A G16 TA's scene record lies in the first records page of its pool:
 * pool + 0x4000 + slot * 0x80, 80 records (the reference's); the model
 * refuses one elsewhere.
 */
static void g16_ta_scene_record_in_its_pool(struct kunit *test)
{
	static const struct { u64 off; bool ok; } rows[] = {
		{ 0x4000, true }, { 0x4000 + 79 * 0x80, true },
		{ 0x3f80, false }, { 0x4040, false },
		{ 0x4000 + 80 * 0x80, false }, { 0, false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct g16w *g = g16w_new(test);
		struct fwt *t = g->t;

		g16_render(g, false);
		w64(t, TA_W + 0x28, BM + rows[i].off);
		kick(t, 2, 0);
		if (rows[i].ok) {
			expect_err(t, AGX4_FWMODEL_OK, 0);
			KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
		} else {
			expect_err(t, AGX4_FWMODEL_BAD_ITEM, TA_W + 0x28);
			KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
		}
	}
}

static void g16_held_ta_stalls_its_3d(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;

	agx4_fwmodel_hold(t->m);
	g16_render(g, false);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), 1);
	/* The TA was taken (read index) but is not done. */
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(0) + 0x30), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(0)), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xb00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(1) + 0x30), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), 0);
	/* Still holding: the TA completes, the 3D starts and is held. */
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_release(t->m,
						   AGX4_FWMODEL_OLDEST_FIRST), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(1) + 0x30), 2);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0);
	/* Running freely, the held 3D completes. */
	agx4_fwmodel_exec(t->m, AGX4_FWMODEL_RUN, 0);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_release(t->m,
						   AGX4_FWMODEL_OLDEST_FIRST), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0x100);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(1)), 2);
}

/* Two queues held, released newest first: completion events in reverse. */
static void g16_release_newest_first(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;

	agx4_fwmodel_hold(t->m);
	g16_render(g, false);
	kick(t, 2, 0);
	g16_compute(g, 0, 0x100, 35);
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), 2);
	agx4_fwmodel_exec(t->m, AGX4_FWMODEL_RUN, 0);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_release(t->m,
						   AGX4_FWMODEL_NEWEST_FIRST), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	/* Compute (event 35) first, then the TA (32), then the 3D (33). */
	KUNIT_EXPECT_EQ(test, g16_event(t, 0, 8), BIT(35 - 32));
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 8), BIT(32 - 32));
	KUNIT_EXPECT_EQ(test, g16_event(t, 2, 8), BIT(33 - 32));
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 0);
}

static void g16_delay_completes_later(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;

	agx4_fwmodel_exec(t->m, AGX4_FWMODEL_DELAY, 50);
	g16_compute(g, 0, 0x100, 35);
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), 0);
	msleep(150);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 0);
	KUNIT_EXPECT_GE(test, r64(t, TS_AP + 0x108) - r64(t, TS_AP + 0x100),
			40000000ULL);
}

/* A never-completing job stops its lane only; other queues carry on. */
static void g16_script_never_completes_one_job(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script never = {
		.action = AGX4_FWMODEL_ACT_NEVER,
		.kinds = AGX4_FWMODEL_KIND_COMPUTE,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &never), 0);
	g16_compute(g, 0, 0x100, 35);
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	g16_render(g, false);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2) + 0x30), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2)), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 1);
	/* Release does not touch it: it is not held. */
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_release(t->m,
						   AGX4_FWMODEL_OLDEST_FIRST), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0);
}

static void g16_script_fatal_and_crash(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_FATAL,
		.queue = LANE(1),
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	s.action = AGX4_FWMODEL_ACT_CRASH;
	s.queue = 0;
	s.kinds = AGX4_FWMODEL_KIND_COMPUTE;
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	/* Growth is the TA's: not for compute. */
	s.action = AGX4_FWMODEL_ACT_GROW;
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_script(t->m, &s), -EINVAL);
	s.action = AGX4_FWMODEL_ACT_NEVER;
	s.kinds = BIT(3);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_script(t->m, &s), -EINVAL);
	/* The 3D's fatal report: kind 4, empty body; the 3D never completes. */
	g16_render(g, false);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, g16_event(t, 0, 0), 1);
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 0), 4);
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 8), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0);
	/* The compute crashes the firmware when it starts. */
	g16_compute(g, 0, 0x100, 35);
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_INJECTED, CWORK(0));
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0);
}

/* Per-job hold and delay, whatever the mode: the other queue runs on. */
static void g16_script_holds_and_delays_one_job(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_HOLD,
		.kinds = AGX4_FWMODEL_KIND_TA,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	s.action = AGX4_FWMODEL_ACT_DELAY;
	s.arg = 50;
	s.kinds = AGX4_FWMODEL_KIND_COMPUTE;
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_render(g, false);
	kick(t, 2, 0);
	g16_compute(g, 0, 0x100, 35);
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 2);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xb00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0);
	msleep(150);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0x100);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xb00);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_release(t->m,
						   AGX4_FWMODEL_OLDEST_FIRST), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 0);
}

/* The G16 ring wraps at its capacity: items at 0x4ff and 0, head 1. */
static void g16_ring_wraps_at_0x500(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	u64 dep = CWORK(0) + 0x1900;

	/* The lane starts near the end of its ring (both indices 0x4ff). */
	w32(t, LANE_PB(2), 0x4ff);
	w32(t, LANE_PB(2) + 0x30, 0x4ff);
	g->head[2] = 0x4ff;
	g16_compute(g, 0, 0x100, 35);
	w32(t, dep, 4);
	w64(t, dep + 4, LANE_STAMP(1));
	w64(t, dep + 0xc, LANE_STAMP(1));
	w32(t, dep + 0x30, 1);
	push(g, 2, dep);
	g->head[2] = 0;
	push(g, 2, CWORK(0));
	g16_publish_lane(g, 2, 35);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2)), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_PB(2) + 0x30), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(2)), 0x100);
}

/* One broken field per case: the error, where, and a crash. */
struct g16_bad {
	const char *name;
	u64 va;
	u32 val;
	bool wide;
	enum agx4_fwmodel_err err;
	u64 where;
};

static const struct g16_bad g16_bad_cases[] = {
	{ "unknown item type", CWORK(0), 5, false, AGX4_FWMODEL_BAD_ITEM,
	  CWORK(0) },
	{ "start command", CWORK(0) + 0x1000, 0x0a, false,
	  AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x1000 },
	{ "end command", CWORK(0) + 0x1258, 0x0b, false,
	  AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x1258 },
	{ "finish command", CWORK(0) + 0x12d4, 0, false,
	  AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x12d4 },
	{ "timestamp command", CWORK(0) + 0x120c, 0x80000003, false,
	  AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x120c },
	{ "register header", CWORK(0) + 0x728, 25 | 300 << 16, false,
	  AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x728 },
	{ "microsequence size", CWORK(0) + 0x768, 0x380, false,
	  AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x768 },
	{ "end stamp differs from the item's", CWORK(0) + 0x128c, 0x200,
	  false, AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x128c },
	{ "register alias elsewhere", CWORK(0) + 0x720,
	  lower_32_bits(CALIAS(CWORK(0)) + 0x40), false, AGX4_FWMODEL_BAD_ITEM,
	  CWORK(0) + 0x720 },
	{ "context slot", CWORK(0) + 0xc, 64, false, AGX4_FWMODEL_BAD_ITEM,
	  CWORK(0) + 0xc },
	{ "context slot without tables", CWORK(0) + 0xc, 10, false,
	  AGX4_FWMODEL_GPU_FAULT, CALIAS(CWORK(0)) + 0x20 },
	{ "notifier 0x50", CWORK(0) + 0x1410, 0x51, false,
	  AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x1410 },
	{ "user timestamp outside the aperture", CWORK(0) + 0x17c8,
	  0x2000, true, AGX4_FWMODEL_BAD_ITEM, CWORK(0) + 0x17c8 },
	{ "driver stamp unmapped", CWORK(0) + 0x800, 0x10000000, true,
	  AGX4_FWMODEL_UNMAPPED, 0x10000000 },
	{ "lane stamp read-only", CWORK(0) + 0x808, 0, true,
	  AGX4_FWMODEL_PERMISSION, G16_CURSOR_PG },
	{ "trampoline barrier", CWORK(0) + 0x1a00, 0x60000168, false,
	  AGX4_FWMODEL_BAD_ITEM, CALIAS(CWORK(0)) + 0x1a00 },
	{ "CDM stream not in the client", CWORK(0) + 0x1a08, 0x4000, false,
	  AGX4_FWMODEL_GPU_FAULT, USER_CDM + 0x4000 },
	{ "queue priority row", LANE(2) + 0x48, 2, false,
	  AGX4_FWMODEL_BAD_QUEUE, LANE(2) + 0x48 },
	{ "pointer block capacity", LANE_PB(2) + 0x50, 0x400, false,
	  AGX4_FWMODEL_BAD_QUEUE, LANE_PB(2) + 0x50 },
};

static void g16_malformed_work_crashes(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g16_bad_cases); i++) {
		const struct g16_bad *c = &g16_bad_cases[i];
		struct g16w *g = g16w_new(test);
		struct fwt *t = g->t;
		u64 v = c->val;

		g16_compute(g, 0, 0x100, 35);
		/* The lane stamp case points both stamps at a read-only page. */
		if (c->err == AGX4_FWMODEL_PERMISSION) {
			v = G16_CURSOR_PG;
			w64(t, CWORK(0) + 0x1284, v);
		}
		if (c->wide)
			w64(t, c->va, v);
		else
			w32(t, c->va, v);
		push(g, 2, CWORK(0));
		g16_publish_lane(g, 2, 35);
		kick(t, 2, 2);
		KUNIT_EXPECT_STREQ_MSG(test,
				       agx4_fwmodel_err_name(agx4_fwmodel_error(t->m, NULL)),
				       agx4_fwmodel_err_name(c->err), "%s", c->name);
		expect_err(t, c->err, c->where);
		KUNIT_EXPECT_EQ_MSG(test, crashes(t, 0), 1, "%s", c->name);
		KUNIT_EXPECT_EQ_MSG(test, r32(t, LANE_STAMP(2)), 0, "%s", c->name);
	}
}

/* Channel messages the firmware cannot take. */
static void g16_malformed_messages_crash(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < 4; i++) {
		struct g16w *g = g16w_new(test);
		struct fwt *t = g->t;
		u64 msg = G16_BUNDLE + 0xba40 + 2 * 0x6000 + 1 * 0x1800;
		u64 where = msg + 0x14;

		g16_compute(g, 0, 0x100, 35);
		push(g, 2, CWORK(0));
		if (i == 3)
			g->first[2] = false;	/* unknown queue without "first" */
		g16_publish_lane(g, 2, 35);
		if (i == 0) {
			w32(t, msg + 0x10, 1);	/* a 3D kind on a compute channel */
			where = msg + 0x10;
		} else if (i == 1) {
			w32(t, msg + 0x14, 0x500 | 1 << 24);	/* head past the ring */
		} else if (i == 2) {
			w64(t, msg, 0);		/* tag 0 */
			where = msg;
		}
		kick(t, 2, 2);
		expect_err(t, AGX4_FWMODEL_BAD_WORK_MSG, where);
		KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	}
}

static void g16_kick_to_missing_pipe_is_bad_message(struct kunit *test)
{
	struct fwt *t = g16_booted(test);

	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0083000000000003ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_MESSAGE, 0x0083000000000003ULL);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_kicks(t->m, 0), 0);
}

/* ---- faults ---- */

static void fault_never_ack(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_NEVER_ACK, 0);
	g16_publish(t);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 0);
}

static void fault_none_disarms(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_NEVER_ACK, 0);
	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_WRONG_STATUS, 0);
	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_NONE, 0);
	g16_publish(t);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 1);
}

static void fault_ack_late(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_ACK_LATE, 50);
	g16_publish(t);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 0);
	msleep(150);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 1);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
}

static void fault_ack_late_then_destroy(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_ACK_LATE, 10000);
	g16_publish(t);
	/* fwt_release destroys the model with the acknowledgment pending. */
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
}

static void destroy_with_messages_in_flight(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	unsigned int i;

	/* fwt_release destroys the model while these may still be queued. */
	for (i = 0; i < 64; i++)
		KUNIT_EXPECT_EQ(test, t->ops->ring(t->m, 0, 0x21,
						   0x0084000000000011ULL), 0);
	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_CRASH, 0);
}

static void fault_wrong_status(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_WRONG_STATUS, 0);
	g16_publish(t);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 2);
}

static void fault_crash_in_boot_on_init(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, 0);
	g16_publish(t);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	expect_err(t, AGX4_FWMODEL_INJECTED, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x14), 0);
	/* A crashed firmware ignores what follows. */
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_IGNORED),
			1);
}

static void fault_crash_in_boot_in_rtkit(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT, 1);
	KUNIT_EXPECT_EQ(test, g16_start(t), -ETIMEDOUT);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(t->m, 0));
	expect_err(t, AGX4_FWMODEL_INJECTED, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT);
	/* One-shot: the next start boots. */
	KUNIT_EXPECT_EQ(test, g16_start(t), 0);
}

static void fault_malformed_and_unknown_messages(struct kunit *test)
{
	struct fwt *t = g16_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_MALFORMED_MSG, 0);
	g16_publish(t);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x00420000000000ffULL), 1);
	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_UNKNOWN_MSG, 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0077000000000000ULL), 1);
}

static void fault_drop_doorbell(struct kunit *test)
{
	struct fwt *t = g16_booted(test);

	w32(t, G16_MAIN + 0x4c0 + 0x40, 0x16);
	sgx_w(t, SGX_CTL_PROD, 2);
	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_DROP_DOORBELL, 1);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_READ), 1);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m,
					   AGX4_FWMODEL_CNT_DOORBELLS_DROPPED), 1);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, sgx_r(t, SGX_CTL_READ), 2);
}

static void fault_fill_event_ring(struct kunit *test)
{
	struct fwt *t = g16_booted(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_FILL_EVENT_RING, 300);
	agx4_fwmodel_sync(t->m);
	/* 256 slots hold 255 records; the rest are dropped, never overwritten. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_EVENTS),
			255);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m,
					   AGX4_FWMODEL_CNT_EVENTS_DROPPED), 45);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), 255);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 1);
	/* The host drains (read cursor = write cursor): room again. */
	w32(t, G16_STATUS_A + 0x40, 255);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_post_event(t->m, 0, "\x05", 1), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x2c0 + 255 * 0x48), 5);
}

static void fault_crash_after_boot(struct kunit *test)
{
	struct fwt *t = g16_booted(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
	expect_err(t, AGX4_FWMODEL_INJECTED, AGX4_FWMODEL_FAULT_CRASH);
	/* Stop and start again: a fresh boot. */
	t->ops->stop(t->m, 0);
	KUNIT_ASSERT_EQ(test, g16_start(t), 0);
	g16_publish(t);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
}

static void post_event_notifies(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u8 rec[0x48] = { 6 };

	put_unaligned_le32(0x1234, rec + 0xc);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_post_event(t->m, 0, rec,
						      sizeof(rec)), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_post_event(t->m, 0, rec, 0x49),
			-EINVAL);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x2c0), 6);
	KUNIT_EXPECT_EQ(test, r32(t, G16_STATUS_A + 0x2c0 + 0xc), 0x1234);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 1);
}

/*
 * The model's CPU time counts its own work, not the host's receive
 * callbacks: a callback that busy-waits 100 ms adds nothing to it.
 */
static void cpu_time_leaves_out_the_host_callbacks(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u8 rec[0x48] = { 6 };
	u64 before, spent;

	agx4_fwmodel_sync(t->m);
	before = agx4_fwmodel_cpu_ns(t->m);
	WRITE_ONCE(t->recv_delay_ms, 100);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_post_event(t->m, 0, rec,
						      sizeof(rec)), 0);
	agx4_fwmodel_sync(t->m);
	WRITE_ONCE(t->recv_delay_ms, 0);
	KUNIT_ASSERT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 1);
	spent = agx4_fwmodel_cpu_ns(t->m) - before;
	KUNIT_EXPECT_GT(test, spent, 0);
	KUNIT_EXPECT_LT(test, spent, 100 * NSEC_PER_MSEC);
}

/*
 * A doorbell answered in its caller (inline) counts toward the model's
 * CPU time whole, less the host's receive callbacks it made: a callback
 * that busy-waits 100 ms in it adds nothing.
 */
static void cpu_time_inline_leaves_out_the_host_callbacks(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	unsigned int msgs, inline_msgs;
	u64 before, spent;

	agx4_fwmodel_sync(t->m);
	agx4_fwmodel_set_inline(t->m, true);
	g16_render(g, false);
	spin_lock(&t->lock);
	msgs = t->nmsgs;
	spin_unlock(&t->lock);
	before = agx4_fwmodel_cpu_ns(t->m);
	WRITE_ONCE(t->recv_delay_ms, 100);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0083000000000000ULL | 2 << 2), 0);
	WRITE_ONCE(t->recv_delay_ms, 0);
	spent = agx4_fwmodel_cpu_ns(t->m) - before;
	spin_lock(&t->lock);
	inline_msgs = t->nmsgs - msgs;
	spin_unlock(&t->lock);
	/* The completion's notification reached the host in the call. */
	KUNIT_EXPECT_GT(test, inline_msgs, 0);
	agx4_fwmodel_set_inline(t->m, false);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_INLINE_KICKS),
			1);
	/* The TA completed in the call, and told the host. */
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
	KUNIT_EXPECT_GT(test, spent, 0);
	KUNIT_EXPECT_LT(test, spent, 100 * NSEC_PER_MSEC);
}

static void stop_is_recorded_and_idempotent(struct kunit *test)
{
	struct fwt *t = g16_booted(test);
	u8 *asc = agx4_fwmodel_asc(t->m, 0, NULL);

	KUNIT_EXPECT_EQ(test, get_unaligned_le32(asc + 0x44) & 0x10, 0x10);
	t->ops->stop(t->m, 0);
	t->ops->stop(t->m, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_stops(t->m, 0), 1);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(t->m, 0));
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(asc + 0x44) & 0x10, 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(asc + 0x48) & 3, 2);
	/* A stopped instance takes no messages. */
	KUNIT_EXPECT_EQ(test, t->ops->send(t->m, 0, 0x20, G16_INIT_MSG), -EIO);
}

/* ---- the walker, on tables built here ---- */

struct walk_case {
	u64 attr_low;	/* AP bits and AF */
	bool uxn, pxn;
	unsigned int access;	/* firmware access allowed */
};

/* Firmware access by AP class and (UXN, PXN), from the UAT permission table. */
static const struct walk_case perm_cases[] = {
	{ 0x000 | 0x400, 0, 0, 0 },
	{ 0x000 | 0x400, 0, 1, AGX4_FWMODEL_READ },
	{ 0x000 | 0x400, 1, 0, AGX4_FWMODEL_WRITE },
	{ 0x000 | 0x400, 1, 1, AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE },
	{ 0x040 | 0x400, 0, 0, AGX4_FWMODEL_READ },
	{ 0x040 | 0x400, 0, 1, 0 },
	{ 0x040 | 0x400, 1, 0, AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE },
	{ 0x040 | 0x400, 1, 1, AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE },
	{ 0x080 | 0x400, 0, 0, 0 },
	{ 0x080 | 0x400, 0, 1, 0 },
	{ 0x080 | 0x400, 1, 0, 0 },
	{ 0x080 | 0x400, 1, 1, 0 },
	{ 0x0c0 | 0x400, 1, 1, 0 },
};

static void walker_permission_classes(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	const u64 va = 0xfffffc2000400000ULL;
	unsigned int i, a;

	set_ttb(t);
	tmap(t, va, PG, FW_RW);
	for (i = 0; i < ARRAY_SIZE(perm_cases); i++) {
		const struct walk_case *c = &perm_cases[i];
		u64 attr = 0x3 | c->attr_low | (c->uxn ? BIT_ULL(54) : 0) |
			   (c->pxn ? BIT_ULL(53) : 0) | BIT_ULL(55);

		tattr(t, va, attr);
		for (a = 1; a <= 3; a++) {
			phys_addr_t pa;
			enum agx4_fwmodel_err e =
				agx4_fwmodel_translate(t->m, 0, va, a, &pa);

			KUNIT_EXPECT_EQ_MSG(test, e == AGX4_FWMODEL_OK,
					    (c->access & a) == a,
					    "case %u access %u", i, a);
			if (e != AGX4_FWMODEL_OK)
				KUNIT_EXPECT_EQ(test, e,
						AGX4_FWMODEL_PERMISSION);
		}
	}
}

static void walker_three_levels_and_offset(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	/* Indices 2 / 0x605 / 0x7ff, offset 0x1234. */
	const u64 va = 0xfffffc2000000000ULL | (0x605ULL << 25) |
		       (0x7ffULL << 14) | 0x1234;
	phys_addr_t pa, got_pa;

	set_ttb(t);
	tpage(t, &pa);
	*tpte(t, t->root, va) = cpu_to_le64(pa | FW_RO);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va,
						     AGX4_FWMODEL_READ,
						     &got_pa),
			AGX4_FWMODEL_OK);
	KUNIT_EXPECT_EQ(test, got_pa, pa + 0x1234);
	/* The neighbours at each level are not mapped. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va - PG,
						     AGX4_FWMODEL_READ, &got_pa),
			AGX4_FWMODEL_UNMAPPED);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va ^ (1ULL << 25),
						     AGX4_FWMODEL_READ, &got_pa),
			AGX4_FWMODEL_UNMAPPED);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va ^ (8ULL << 36),
						     AGX4_FWMODEL_READ, &got_pa),
			AGX4_FWMODEL_UNMAPPED);
	/* A write to a read-only page. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va,
						     AGX4_FWMODEL_WRITE,
						     &got_pa),
			AGX4_FWMODEL_PERMISSION);
}

static void walker_output_address_mask(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	const u64 va = 0xfffffc2000404000ULL;
	phys_addr_t pa, got_pa;

	set_ttb(t);
	tpage(t, &pa);
	/* Bits 47..42 and 13..12 are not address bits. */
	*tpte(t, t->root, va) = cpu_to_le64(pa | (0x3fULL << 42) | 0x3000 |
					    FW_RW);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va + 8,
						     AGX4_FWMODEL_READ,
						     &got_pa),
			AGX4_FWMODEL_OK);
	KUNIT_EXPECT_EQ(test, got_pa, pa + 8);
}

static void walker_invalid_descriptors(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	const u64 va = 0xfffffc2000408000ULL;
	__le64 *l1, *l2;
	phys_addr_t pa;
	u64 good;
	unsigned int lvl, low;

	set_ttb(t);
	tmap(t, va, PG, FW_RW);
	l1 = phys_to_virt(le64_to_cpu(t->root[2]) & OA);
	l2 = phys_to_virt(le64_to_cpu(l1[(va >> 25) & 2047]) & OA);
	for (lvl = 0; lvl < 3; lvl++) {
		__le64 *e = lvl == 0 ? &t->root[2] :
			    lvl == 1 ? &l1[(va >> 25) & 2047] :
				       &l2[(va >> 14) & 2047];

		good = le64_to_cpu(*e);
		/* Low bits 0b01 (block), 0b10, 0b00: all invalid here. */
		for (low = 0; low < 3; low++) {
			enum agx4_fwmodel_err err;

			*e = cpu_to_le64((good & ~3ULL) | low);
			err = agx4_fwmodel_translate(t->m, 0, va,
						     AGX4_FWMODEL_READ, &pa);
			KUNIT_EXPECT_EQ_MSG(test, err, AGX4_FWMODEL_UNMAPPED,
					    "level %u low bits %u", lvl, low);
		}
		*e = cpu_to_le64(good);
	}
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va,
						     AGX4_FWMODEL_READ, &pa),
			AGX4_FWMODEL_OK);
}

static void walker_low_half_uses_low_root(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	const u64 va = 0x0000007001838000ULL;
	phys_addr_t low_pa, pa, got_pa;
	__le64 *low = tpage(t, &low_pa);

	t->ttbs[1] = cpu_to_le64(t->root_pa | 1);
	tpage(t, &pa);
	*tpte(t, low, va) = cpu_to_le64(pa | FW_RW);
	/* Low root invalid: the low half is simply not mapped. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va,
						     AGX4_FWMODEL_READ,
						     &got_pa),
			AGX4_FWMODEL_UNMAPPED);
	t->ttbs[0] = cpu_to_le64(low_pa | 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va,
						     AGX4_FWMODEL_READ,
						     &got_pa),
			AGX4_FWMODEL_OK);
	KUNIT_EXPECT_EQ(test, got_pa, pa);
	/* The same index in the high half is another mapping. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0,
						     va | 0xfffffc0000000000ULL,
						     AGX4_FWMODEL_READ,
						     &got_pa),
			AGX4_FWMODEL_UNMAPPED);
	/* Neither half: not canonical. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0,
						     va | (1ULL << 50),
						     AGX4_FWMODEL_READ,
						     &got_pa),
			AGX4_FWMODEL_UNMAPPED);
}

static void walker_table_outside_ram(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	const u64 va = 0xfffffc3000000000ULL;	/* root index 3 */
	phys_addr_t pa;

	set_ttb(t);
	t->root[3] = cpu_to_le64(0x3fffff00000ULL | TABLE);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0, va,
						     AGX4_FWMODEL_READ, &pa),
			AGX4_FWMODEL_BAD_PA);
}

static void loader_maps_the_image(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G16);
	phys_addr_t img, pa, l2;
	size_t size;

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_region(t->m, "firmware", NULL,
						  &img, &size), 0);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_region(t->m, "l2", NULL, &l2,
						  NULL), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_region(t->m, "firmware-secondary",
						  NULL, NULL, NULL), -ENOENT);
	KUNIT_EXPECT_EQ(test, img & (PG - 1), 0);
	set_ttb(t);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(t->m, 0,
						     0xfffffc0000000000ULL +
						     size - 4,
						     AGX4_FWMODEL_READ, &pa),
			AGX4_FWMODEL_OK);
	KUNIT_EXPECT_EQ(test, pa, img + size - 4);
	/* Root entry 2, where the host's objects go, is the "l2" table. */
	KUNIT_EXPECT_EQ(test, le64_to_cpu(t->root[2]), l2 | 3);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(t->sgx + 0xd04010), 0x0001010a);
}

/* ---- G17P ---- */

#define G17_MAIN0	(G17_BUNDLE + 0x1e5c0)
#define G17_MAIN1	(G17_BUNDLE + 0x22a80)
#define G17_SA0		(G17_BASE + 0x2ee40)
#define G17_SA1		(G17_BASE + 0xe3100)
#define G17_SB0		(G17_BASE + 0x20340)
#define G17_STATE0	(G17_BASE + 0x20000)
#define G17_STATE1	(G17_BASE + 0x1970c0)

static void g17_instance(struct fwt *t, unsigned int inst)
{
	u64 root = inst ? G17_ROOT1 : G17_ROOT0;
	u64 main = inst ? G17_MAIN1 : G17_MAIN0;
	u64 sa = inst ? G17_SA1 : G17_SA0;
	u64 state = inst ? G17_STATE1 : G17_STATE0;
	u8 *r;
	unsigned int i;

	write_root_head(t, root, g17_ver, inst);
	r = tva(t, root);
	put_unaligned_le64(G17_REGION_A, r + 0x08);
	put_unaligned_le64(main, r + 0x18);
	put_unaligned_le64(G17_REGION_C, r + 0x20);
	put_unaligned_le64(sa, r + 0xa8);
	if (inst) {
		put_unaligned_le64(G17_BASE + 0x2e780, r + 0xb8);
		put_unaligned_le64(G17_BASE + 0x197400, r + 0xc0);
	} else {
		put_unaligned_le64(G17_SB0, r + 0xb0);
	}
	w64(t, main, G17_BUNDLE);
	w64(t, main + 0x08, G17_BUNDLE + 0xc500);
	w64(t, main + 0x10, G17_BUNDLE + 0xc500);
	for (i = 0; i < 12 && !inst; i++)
		write_channel(t, main, i,
			      state + (i % 3) * 0x100 + (3 - i / 3) * 0x40,
			      0, 0, G17_BUNDLE + 0xc5c0 + (i % 3) * 0x6000 +
			      (3 - i / 3) * 0x1800);
	write_channel(t, main, 12, state + 0x300, 0, 0, main + 0x4c0);
	write_trailing(t, main, sa);
	/* The control ring, pre-staged: one consumed record. */
	w32(t, main + 0x4c0, inst ? 0x2a : 0x16);
	w32(t, state + 0x300, 1);
	w32(t, state + 0x310, 1);
	w32(t, state + 0x320, 1);
	w32(t, sa + 4, 1);
}

/*
 * The loader leaves stale pointers in context slots 3..63, which the host
 * clears before a coprocessor starts, keeping 0..2 (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_memory.rs@e64fbc4e Memory::prepare_cold).
 */
static void g17_stale_context_slots_refuse_start(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G17P);
	unsigned int i;
	u64 w;

	for (i = 0; i < 6; i++)
		KUNIT_EXPECT_EQ(test, le64_to_cpu(t->ttbs[i]), 0);
	for (i = 6; i < 128; i++)
		KUNIT_EXPECT_NE(test, le64_to_cpu(t->ttbs[i]), 0);
	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	/* All but slot 40 cleared. */
	w = le64_to_cpu(t->ttbs[80]) | le64_to_cpu(t->ttbs[81]);
	memset(t->ttbs + 6, 0, 74 * sizeof(*t->ttbs));
	memset(t->ttbs + 82, 0, 46 * sizeof(*t->ttbs));
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 0), -EIO);
	expect_err(t, AGX4_FWMODEL_BAD_TTB, w);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(t->m, 0));
}

static void g17_cleared_context_slots_start(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G17P);

	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	memset(t->ttbs + 6, 0, 122 * sizeof(*t->ttbs));
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 0), 0);
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 1), 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
}

static struct fwt *g17_ready(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G17P);
	unsigned int i;

	tmap(t, G17_PRIV, G17_PRIV_SZ, FW_RW);
	tmap(t, G17_BUNDLE, G17_BUNDLE_SZ, FW_RW_CACHED);
	tmap(t, G17_REGION_C, PG, FW_RO);
	tmap(t, G17_ROOT0, PG, FW_RO);
	tmap(t, G17_ROOT1, PG, FW_RO);
	tmap(t, G17_REGION_A, PG, FW_RO);
	g17_instance(t, 0);
	g17_instance(t, 1);
	for (i = 0; i < ARRAY_SIZE(g17_wins); i++)
		twindow(t, G17_BUNDLE, &g17_wins[i].w, g17_wins[i].va, DEV_RW);

	/* The loader's stale context slots 3..63 go before the starts. */
	memset(t->ttbs + 6, 0, 122 * sizeof(*t->ttbs));
	sgx_w(t, 0x1000104, 1);
	sgx_w(t, 0x1000108, 1);
	for (i = 0; i < 2; i++)
		KUNIT_ASSERT_EQ(test, t->ops->start(t->m, i), 0);
	/* G17P writes the handoff page after the RTKit boots. */
	write_handoff(t);
	set_ttb(t);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_EQ(test, t->ops->start_endpoint(t->m, i, 0x20), 0);
		KUNIT_EXPECT_EQ(test, t->ops->start_endpoint(t->m, i, 0x21), 0);
	}
	return t;
}

static void g17_publish(struct fwt *t)
{
	KUNIT_ASSERT_EQ(t->test, t->ops->send(t->m, 0, 0x20,
					      0x00810c20001a8000ULL), 0);
	KUNIT_ASSERT_EQ(t->test, t->ops->send(t->m, 1, 0x20,
					      0x00810c20001b0000ULL), 0);
	agx4_fwmodel_sync(t->m);
}

static void g17p_boot_acks_both_instances(struct kunit *test)
{
	struct fwt *t = g17_ready(test);
	unsigned int i;

	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_EQ(test, got(t, i, 0x20, 0x0009000000000000ULL), 1);
		KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, i));
	}
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x14), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x14), 1);
	/* Control start, then the doorbell on the primary. */
	for (i = 0; i < 2; i++)
		KUNIT_ASSERT_EQ(test, t->ops->send(t->m, i, 0x21,
						   0x0089000000000000ULL), 0);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_STATE0 + 0x300), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_STATE0 + 0x310), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_STATE1 + 0x300), 1);
	KUNIT_EXPECT_EQ(test, crashes(t, 0) + crashes(t, 1), 0);
}

/* G17P: every window writable, slots 10 and 14 too (the reference's PTE). */
static void g17p_window_read_only_is_bad_window(struct kunit *test)
{
	struct fwt *t = g17_ready(test);
	u64 va = 0xfffffc2180040000ULL;	/* slot 14 */

	tattr(t, va, DEV_RO);
	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_WINDOW, va);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_FALSE(test, agx4_fwmodel_booted(t->m, 0));
}

static void g17p_missing_window_is_bad_window(struct kunit *test)
{
	struct fwt *t = g17_ready(test);
	u64 rec = G17_BUNDLE + 0x640 + 0x28 * 12;

	memset(tva(t, rec), 0, 0x28);
	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_WINDOW, rec);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
}

static void g17p_doorbell_before_control_start(struct kunit *test)
{
	struct fwt *t = g17_ready(test);

	g17_publish(t);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_SEQUENCE, 0x0084000000000011ULL);
}

static void g17p_control_record_consumed_from_ram(struct kunit *test)
{
	struct fwt *t = g17_ready(test);

	g17_publish(t);
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x21,
					   0x0089000000000000ULL), 0);
	/* The first render tick: 0x2e, +4 = 1. */
	w32(t, G17_MAIN0 + 0x4c0 + 0x40, 0x2e);
	w32(t, G17_MAIN0 + 0x4c0 + 0x44, 1);
	w32(t, G17_STATE0 + 0x320, 2);
	KUNIT_ASSERT_EQ(test, t->ops->ring(t->m, 0, 0x21,
					   0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_STATE0 + 0x300), 2);
	KUNIT_EXPECT_EQ(test, r32(t, G17_STATE0 + 0x310), 2);
}

static void g17p_handoff_checked_at_init(struct kunit *test)
{
	struct fwt *t = g17_ready(test);

	put_unaligned_le64(0, t->handoff);
	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_HANDOFF, 0);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0009000000000000ULL), 0);
}

static void g17p_secondary_kind_is_bad_root(struct kunit *test)
{
	struct fwt *t = g17_ready(test);

	put_unaligned_le32(0, tva(t, G17_ROOT1) + 0x28);
	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_BAD_ROOT, G17_ROOT1 + 0x28);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
	KUNIT_EXPECT_EQ(test, crashes(t, 1), 1);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
}

static void g17p_secondary_runs_on_its_own_root(struct kunit *test)
{
	struct fwt *t = g17_ready(test);
	__le64 *second = (void *)t->root + 0x40000;

	/* The secondary's root loses the host's entry 2. */
	second[2] = 0;
	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_UNMAPPED, G17_ROOT1);
	KUNIT_EXPECT_EQ(test, crashes(t, 1), 1);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
}

static void g17p_status_b_gpu_only_is_permission(struct kunit *test)
{
	struct fwt *t = g17_ready(test);
	u64 page = G17_BASE + 0x28000;	/* inside status B only */

	tattr(t, page, GPU_RW);
	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_PERMISSION, page);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
}

static void g17p_wrong_status_in_ack(struct kunit *test)
{
	struct fwt *t = g17_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_WRONG_STATUS, 7);
	g17_publish(t);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0009000000000007ULL), 1);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0009000000000000ULL), 0);
}

static void g17p_never_ack_sends_no_0x09(struct kunit *test)
{
	struct fwt *t = g17_ready(test);

	agx4_fwmodel_inject(t->m, AGX4_FWMODEL_FAULT_NEVER_ACK, 0);
	g17_publish(t);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0009000000000000ULL), 0);
	KUNIT_EXPECT_EQ(test, got(t, 1, 0x20, 0x0009000000000000ULL), 0);
	/* Control start before the acknowledgment is out of order. */
	KUNIT_ASSERT_EQ(test, t->ops->send(t->m, 0, 0x21,
					   0x0089000000000000ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_BAD_SEQUENCE, 0x0089000000000000ULL);
}

static void g17p_event_on_secondary_ring(struct kunit *test)
{
	struct fwt *t = g17_ready(test);

	g17_publish(t);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_post_event(t->m, 1, "\x0d\x01", 2),
			0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0), 0x10d);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x40 + 0x20), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x40 + 0x20), 0);
	KUNIT_EXPECT_EQ(test, got(t, 1, 0x20, 0x0042000000000000ULL), 1);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 0);
}

/* ---- G17P work ---- */

/* Independent compute owner i (ASID 4 + i, grid 32 + i), as the reference places it. */
#define OWN(i)		(0xfffffc20e0000000ULL + (i) * 0x200000ULL)
#define OWN_LOW(i)	(0x7200000000ULL + (i) * 0x200000ULL)
#define OWN_Q(i)	(OWN(i) + 0x100000)
#define OWN_PB(i)	(OWN(i) + 0x104000)
#define OWN_RING(i)	(OWN(i) + 0x108000)
#define OWN_CTX(i)	(OWN(i) + 0x110000)
#define OWN_OPT(i)	(OWN(i) + 0x154000)
#define OWN_STATUS(i)	(OWN(i) + 0x178000)
#define OWN_SUPPORT(i)	(OWN(i) + 0x148000)
#define OWN_CONTROL(i)	(OWN(i) + 0x14c000)
#define OWN_EVENTS(i)	(OWN(i) + 0x1a0000)
#define OWN_DESC(i, n)	(OWN(i) + (n) * 0x1040ULL)
#define OWN_CDM(i)	(0x1200000000ULL + (i) * 0x100000ULL)

/* A render pool: TA grid 0, 3D grid 1 (s = 0 TA, 1 3D). */
#define POOL		0xfffffc20d0000000ULL
#define POOL_Q(s)	(POOL + (s) * 0xc0)
#define POOL_PB(s)	(POOL + 0x8000 + (s) * 0x8000ULL)
#define POOL_RING(s)	(POOL + 0x18000 + (s) * 0x8000ULL)
#define POOL_STATUS(s)	(POOL + 0x28000 + (s) * 0x8000ULL)
#define POOL_DESC(s)	(POOL + 0x40000 + (s) * 0x4000ULL)
#define POOL_OPT(s)	(POOL + 0x48000 + (s) * 0xc0ULL)
#define POOL_EV(s)	(POOL + 0x48200 + (s) * 0x40ULL)
#define POOL_PAIR	(POOL + 0x48400)
#define POOL_CTX(s)	(POOL + 0x90000 + (s) * 0x20000ULL)
#define POOL_LOW(s)	(0x7000000000ULL + (s) * 0x4000ULL)

static void g17_ctl(struct fwt *t, const u32 *w, unsigned int n);

struct g17w {
	struct fwt *t;
	__le64 *client;
	u32 head[12];
	u32 ring_head[2];
};

/*
 * The cold dispatch record the host writes at boot: primary region 1
 * (here at the reference's firmware address), + 0, seen in context 0 at
 * 0x70_0184_0000.
 */
#define G17_REGION1		(G17_BASE + 0x15e8000)
#define G17_REGION1_LOW		0x7001840000ULL
static void g17_dispatch_record(struct fwt *t)
{
	static const u32 words[] = { 0xe0000000, 0x08000000, 0, 0x3800,
				     0x1c00 };
	unsigned int i;

	tmap(t, G17_REGION1, PG, FW_RW);
	talias(t, t->low, G17_REGION1_LOW, G17_REGION1, PG, GPU_RO);
	for (i = 0; i < ARRAY_SIZE(words); i++)
		w32(t, G17_REGION1 + 4 * i, words[i]);
}

static struct g17w *g17w_new(struct kunit *test)
{
	struct g17w *g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	struct fwt *t;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, g);
	t = g17_ready(test);
	g->t = t;
	g17_publish(t);
	for (i = 0; i < 2; i++)
		KUNIT_ASSERT_EQ(test, t->ops->send(t->m, i, 0x21,
						   0x0089000000000000ULL), 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_ASSERT_TRUE(test, agx4_fwmodel_booted(t->m, 0));
	tmap(t, TS_AP, PG, FW_RW);
	g17_dispatch_record(t);
	return g;
}

/* Owner @i's queue record, pointer block, ring and pages. */
static void g17_owner(struct g17w *g, unsigned int i)
{
	struct fwt *t = g->t;
	u64 q = OWN_Q(i);

	/* Two pages of descriptors; only the first has its low alias. */
	tmap(t, OWN(i), 2 * PG, FW_RW);
	talias(t, t->low, OWN_LOW(i), OWN(i), PG, GPU_RO);
	tmap(t, q, PG, FW_RW);
	tmap(t, OWN_PB(i), PG, FW_RW);
	tmap(t, OWN_RING(i), PG, FW_RW);
	tmap(t, OWN_CTX(i), 0x20000, FW_RW);
	tmap(t, OWN_OPT(i), PG, FW_RW);
	tmap(t, OWN_STATUS(i), PG, FW_RW);
	tmap(t, OWN_EVENTS(i), PG, FW_RW);
	w64(t, q, OWN_PB(i));
	w64(t, q + 8, OWN_RING(i));
	w64(t, q + 0x10, OWN(i) + 0x150000);
	w32(t, q + 0x24, 0xffffffff);
	w32(t, q + 0x28, 2);
	w32(t, q + 0x2c, 2);
	w32(t, q + 0x40, 2);
	w32(t, q + 0x44, 0xffffffff);
	w32(t, q + 0x48, 0x200 + 32 + i);
	w64(t, q + 0x9c, OWN_CONTROL(i));
	/* Its support object names the owner's context (ASID) in its header. */
	tmap(t, OWN_SUPPORT(i), PG, FW_RW);
	w64(t, OWN_SUPPORT(i), 4 + i);
	/* The caller's tables under ASID 4 + i, with its command stream. */
	tmap_in(t, client_slot(t, 4 + i), OWN_CDM(i), PG, GPU_RO);
	w32(t, OWN_PB(i) + 0x50, 0xffffffff);
	w32(t, OWN_PB(i) + 0x60, 0x500);
}

static void g17_ring(struct g17w *g, u64 ring, unsigned int *head, u64 item)
{
	w64(g->t, ring + 8 * *head, item);
	(*head)++;
}

/*
 * Command @n of owner @i: descriptor, optional record (n = 0), event
 * item, context record waiting for the owner's previous command and,
 * if @grid2 is not 0, for @grid2 to reach @value2.
 */
static void g17_compute(struct g17w *g, unsigned int i, unsigned int n,
			unsigned int grid2, u32 value2)
{
	struct fwt *t = g->t;
	u64 d = OWN_DESC(i, n), low = OWN_LOW(i) + n * 0x1040;
	u64 ev = OWN_EVENTS(i) + n * 0x400, st = OWN_STATUS(i) + n * 0x40;
	u64 ctx = OWN_CTX(i) + (n + 1) * 0x200ULL;
	unsigned int grid = 32 + i, k;

	w32(t, d, 3);
	w32(t, d + 4, n);
	w32(t, d + 0xc, 4 + i);
	w64(t, d + 0x10, OWN(i) + 0x160000 + n * 0x100);
	for (k = 0; k < 40; k++)
		reg(t, d + 0x40 + 12 * k, 0x10071 + k, 0x10000000000ULL + k);
	w64(t, d + 0x740, low + 0x40);
	w32(t, d + 0x748, 40 * 12 << 16 | 40);
	for (k = 0; k < 4; k++)
		reg(t, d + 0x760 + 12 * k, 0x1a420 + k, k ? k : OWN_CDM(i));
	w64(t, d + 0xe60, low + 0x760);
	w32(t, d + 0xe68, 0x300004);
	w64(t, d + 0xf7c, st);
	w64(t, d + 0xf84, st + 8);
	w64(t, d + 0xf8c, TS_AP + 0x200 + 16 * n);
	w64(t, d + 0xf94, TS_AP + 0x208 + 16 * n);
	put_unaligned_le64(OWN_SUPPORT(i), tva(t, d + 0xfb2));
	if (n == 0) {
		u64 o = OWN_OPT(i);

		w32(t, o, 0x0f);
		w64(t, o + 8, OWN_LOW(i) + 0x110000);
		w64(t, o + 0x10, OWN_CTX(i));
		put_unaligned_le16(grid, tva(t, o + 0x18));
	}
	w32(t, ev, 0x0e);
	w32(t, ev + 4, 0x10000 | grid);
	w32(t, ev + 8, (n + 1) << 8 | 2);
	w32(t, ev + 0x10, 0x200);
	w64(t, ctx, 1ULL << 60 | (u64)(grid * 4) << 40 | 4 * (n + 1));
	w64(t, ctx + 0x10, d);
	w64(t, ctx + 0x18, OWN_Q(i));
	w64(t, ctx + 0x20, 0xffff080000000000ULL | (u64)grid << 32 |
	    (grid2 ? 3 : 1));
	/* Foreign waits first, the owner's own point last. */
	if (grid2)
		w64(t, ctx + 0x28, (u64)grid2 << 40 | value2);
	w64(t, ctx + (grid2 ? 0x30 : 0x28), (u64)grid << 40 | n);
	g17_ring(g, OWN_RING(i), &g->head[i], d);
	if (n == 0)
		g17_ring(g, OWN_RING(i), &g->head[i], OWN_OPT(i));
	g17_ring(g, OWN_RING(i), &g->head[i], ev);
}

/* RAM cursors of primary work channel @ch: +0 read, +0x10 done, +0x20 producer. */
static u64 g17_state(unsigned int ch)
{
	return G17_STATE0 + (ch % 3) * 0x100 + (3 - ch / 3) * 0x40;
}

/* One message on channel @ch for @queue, head @w, then the producer. */
static void g17_message(struct g17w *g, unsigned int ch, u64 queue, u32 w,
			unsigned int grid, bool first)
{
	struct fwt *t = g->t;
	u64 msg = G17_BUNDLE + 0xc5c0 + (ch % 3) * 0x6000 +
		  (3 - ch / 3) * 0x1800 + t->prod[ch] * 0x18;

	w64(t, msg, 0);
	w64(t, msg + 8, queue);
	w32(t, msg + 0x10, ch % 3);
	w32(t, msg + 0x14, w | grid << 16 | first << 24);
	t->prod[ch]++;
	w32(t, g17_state(ch) + 0x20, t->prod[ch]);
}

/* A context cleanup (0x14) naming @control, as the host sends one. */
static void g17_cleanup(struct fwt *t, u64 control)
{
	const u32 w[] = { 0x14, 0, 0x04000002, lower_32_bits(control),
			  upper_32_bits(control) };

	g17_ctl(t, w, ARRAY_SIZE(w));
}

/* Report @i on the primary's report ring: word at @off. */
static u32 g17_report(struct fwt *t, unsigned int i, u32 off)
{
	return r32(t, G17_SA0 + 0x2c0 + i * 0x48 + off);
}

static void g17p_compute_completes(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;

	g17_owner(g, 0);
	g17_compute(g, 0, 0, 0, 0);
	g17_compute(g, 0, 1, 0, 0);
	g17_message(g, 8, OWN_Q(0), 5, 32, true);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
	/* Both commands: status pair second word, done/read, mirror, cursors. */
	KUNIT_EXPECT_NE(test, r64(t, OWN_STATUS(0) + 8), 0);
	KUNIT_EXPECT_NE(test, r64(t, OWN_STATUS(0) + 0x48), 0);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0)), 5);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0) + 0x30), 5);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_Q(0) + 0x1c), 5);
	KUNIT_EXPECT_EQ(test, r32(t, g17_state(8)), 1);
	KUNIT_EXPECT_EQ(test, r32(t, g17_state(8) + 0x10), 1);
	KUNIT_EXPECT_NE(test, r64(t, TS_AP + 0x218), 0);
	/* One kind-1 report per command: bit 32 of the mask at bytes 4..19. */
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x40 + 0x20), 2);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 0), 1);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 4), 0);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 8), 1);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 0xc), 0);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 0x10), 0);
	KUNIT_EXPECT_EQ(test, g17_report(t, 1, 8), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_grid(t->m, 32), 2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_COMPUTE),
			2);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 1);
}

/*
 * The secondary's startup receipt: at its control start the secondary
 * posts {13, 1, 0} as the first record of its channel 13, and notifies
 * on its own endpoint; the primary's ring stays empty.
 */
static void g17p_secondary_posts_startup_receipt(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;

	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x40 + 0x20), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0), 13);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0 + 4), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0 + 8), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x40 + 0x20), 0);
	KUNIT_EXPECT_EQ(test, got(t, 1, 0x20, 0x0042000000000000ULL), 1);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 0);
}

/*
 * The startup receipt finds the secondary's channel 13 full at control
 * start: nothing is posted or dropped, and it comes by itself once the
 * host consumes.
 */
static void g17p_startup_receipt_waits_for_room(struct kunit *test)
{
	struct fwt *t = g17_ready(test);
	u64 cur = G17_SA1 + 0x40;
	unsigned int i;

	g17_publish(t);
	w32(t, cur, 0);
	w32(t, cur + 0x20, 255);
	for (i = 0; i < 2; i++)
		KUNIT_ASSERT_EQ(test, t->ops->send(t->m, i, 0x21,
						   0x0089000000000000ULL), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, cur + 0x20), 255);
	KUNIT_EXPECT_EQ(test, got(t, 1, 0x20, 0x0042000000000000ULL), 0);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_EVENTS_DROPPED),
			0);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_REPORT_STALLS),
			1);

	w32(t, cur, 255);
	for (i = 0; i < 100 && r32(t, cur + 0x20) != 0; i++) {
		usleep_range(5000, 10000);
		agx4_fwmodel_sync(t->m);
	}
	KUNIT_EXPECT_EQ(test, r32(t, cur + 0x20), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0 + 255 * 0x48), 13);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0 + 255 * 0x48 + 4), 1);
	KUNIT_EXPECT_EQ(test, got(t, 1, 0x20, 0x0042000000000000ULL), 1);
	expect_err(t, AGX4_FWMODEL_OK, 0);
}

/* Status A @sa's cursor pair at @off: host, and the firmware's 0x20 on. */
static void expect_pair(struct fwt *t, u64 sa, u32 off, u32 host, u32 fw)
{
	KUNIT_EXPECT_EQ_MSG(t->test, r32(t, sa + off), host, "%#llx+%#x",
			    sa, off);
	KUNIT_EXPECT_EQ_MSG(t->test, r32(t, sa + off + 0x20), fw,
			    "%#llx+%#x", sa, off);
}

/*
 * A completion report goes to channel 13 of both instances (its record
 * and both cursor pairs) and to both pairs of channel 14 of both, and
 * each instance notifies.
 */
static void g17p_completion_reports_on_every_ring(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	unsigned int i;

	g17_owner(g, 0);
	g17_compute(g, 0, 0, 0, 0);
	g17_compute(g, 0, 1, 0, 0);
	g17_message(g, 8, OWN_Q(0), 5, 32, true);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	expect_pair(t, G17_SA0, 0x40, 0, 2);
	expect_pair(t, G17_SA0, 0x80, 0, 2);
	expect_pair(t, G17_SA1, 0x40, 0, 3);
	expect_pair(t, G17_SA1, 0x80, 0, 2);
	for (i = 0; i < 2; i++) {
		u64 sa = i ? G17_SA1 : G17_SA0;

		expect_pair(t, sa, 0x240, 0, 2);
		expect_pair(t, sa, 0x280, 0, 2);
	}
	/* The secondary's copies behind its receipt: kind 1, bit 32. */
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0 + 0x48), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0 + 0x48 + 8), 1);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA1 + 0x2c0 + 2 * 0x48 + 8), 1);
	KUNIT_EXPECT_EQ(test, got(t, 0, 0x20, 0x0042000000000000ULL), 1);
	KUNIT_EXPECT_EQ(test, got(t, 1, 0x20, 0x0042000000000000ULL), 2);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_REPORT_STALLS),
			0);
}

/*
 * Report ring @sa + @off (@entries) full: the firmware's cursor one short
 * of the host's.  A command then waits, not completing (no status, no
 * done index, no report anywhere), until the host hands the ring back;
 * then it completes and the cursor wraps.
 */
static void report_ring_full_stalls(struct kunit *test, u64 sa, u32 off,
				    u32 entries)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	u32 fw0 = r32(t, G17_SA0 + 0x60);
	unsigned int i;

	w32(t, sa + off + 0x20, entries - 1);
	g17_owner(g, 0);
	g17_compute(g, 0, 0, 0, 0);
	g17_message(g, 8, OWN_Q(0), 3, 32, true);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r64(t, OWN_STATUS(0) + 8), 0);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0)), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x60), fw0);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_REPORT_STALLS),
			1);
	/* Still waiting a while later: it looks again, and waits again. */
	msleep(30);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0)), 0);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_REPORT_STALLS),
			1);
	/* Handed back: it completes without another doorbell. */
	w32(t, sa + off, entries - 1);
	for (i = 0; i < 100 && !r32(t, OWN_PB(0)); i++) {
		usleep_range(5000, 10000);
		agx4_fwmodel_sync(t->m);
	}
	KUNIT_EXPECT_NE(test, r64(t, OWN_STATUS(0) + 8), 0);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0)), 3);
	KUNIT_EXPECT_EQ(test, r32(t, sa + off + 0x20), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x60), fw0 + 1);
	expect_err(t, AGX4_FWMODEL_OK, 0);
}

static void g17p_full_secondary_event_pair_stalls(struct kunit *test)
{
	report_ring_full_stalls(test, G17_SA1, 0x80, 256);
}

static void g17p_full_primary_trace_ring_stalls(struct kunit *test)
{
	report_ring_full_stalls(test, G17_SA0, 0x240, 512);
}

/* A dependency point on another grid stops the command until that grid completes. */
static void g17p_point_waits_for_other_grid(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;

	g17_owner(g, 0);
	g17_owner(g, 1);
	g17_compute(g, 0, 0, 33, 1);
	g17_message(g, 8, OWN_Q(0), 3, 32, true);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0) + 0x30), 0);
	KUNIT_EXPECT_EQ(test, r64(t, OWN_STATUS(0) + 8), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_STALLS),
			1);
	/* Grid 33's first command completes; the waiting one follows. */
	g17_compute(g, 1, 0, 0, 0);
	g17_message(g, 8, OWN_Q(1), 3, 33, true);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0)), 3);
	KUNIT_EXPECT_NE(test, r64(t, OWN_STATUS(0) + 8), 0);
	/* Grid 33 reported first, then 32. */
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 8), 2);
	KUNIT_EXPECT_EQ(test, g17_report(t, 1, 8), 1);
}

/* A render: TA then 3D behind the TA's grid; one report with both bits. */
static void g17_render(struct g17w *g)
{
	struct fwt *t = g->t;
	static const u32 prog3d[4][4] = {
		{ 0xa0, 0x7a0, 0x7a8, 89 }, { 0x7c0, 0xec0, 0xec8, 16 },
		{ 0xee0, 0x15e0, 0x15e8, 23 }, { 0x1600, 0x1d00, 0x1d08, 10 },
	};
	unsigned int s, k, p;

	tmap(t, POOL, PG, FW_RW);
	tmap(t, POOL_PB(0), 0x10000, FW_RW);
	tmap(t, POOL_RING(0), 0x10000, FW_RW);
	tmap(t, POOL_STATUS(0), 0x10000, FW_RW);
	tmap(t, POOL_DESC(0), 0x8000, FW_RW);
	tmap(t, POOL_OPT(0), PG, FW_RW);
	tmap(t, POOL_CTX(0), 0x40000, FW_RW);
	for (s = 0; s < 2; s++) {
		u64 q = POOL_Q(s), d = POOL_DESC(s), o = POOL_OPT(s);
		u64 ev = POOL_EV(s), ctx = POOL_CTX(s) + 0x200;

		talias(t, t->low, POOL_LOW(s), d, PG, GPU_RO);
		w64(t, q, POOL_PB(s));
		w64(t, q + 8, POOL_RING(s));
		w32(t, q + 0x24, 0xffffffff);
		w32(t, q + 0x44, 0xffffffff);
		w32(t, q + 0x48, 0x15);
		w32(t, POOL_PB(s) + 0x50, 0xffffffff);
		w32(t, POOL_PB(s) + 0x60, 0x500);
		w32(t, d, s);
		w32(t, d + 4, s ? 0 : 1);
		w32(t, d + 0xc, 1);
		/*
		 * The TA's shared pool object: a zeroed 0x100 bytes, whose
		 * count (+0x34) asks for no index registration.
		 */
		if (s == 0)
			w64(t, d + 0x20, POOL + 0x3f00);
		if (s == 0) {
			for (k = 0; k < 73; k++)
				reg(t, d + 0x60 + 12 * k, 0x1748 + k, k);
			/* An ordinary render's gate (lifecycle words 0). */
			reg(t, d + 0x60, 0xa5a1, 0xfe00400020ULL);
			w64(t, d + 0x760, POOL_LOW(0) + 0x60);
			w32(t, d + 0x768, 0x036c0049);
			w64(t, d + 0x906, POOL_PAIR);
			w64(t, d + 0x945, POOL_STATUS(0));
		} else {
			for (p = 0; p < 4; p++) {
				for (k = 0; k < prog3d[p][3]; k++)
					reg(t, d + prog3d[p][0] + 12 * k,
					    0x15000 + p * 0x100 + k, k);
				if (!p)
					reg(t, d + 0xa0, 0xa5a9,
					    0x14600400020ULL);
				w64(t, d + prog3d[p][1],
				    POOL_LOW(1) + prog3d[p][0]);
				w32(t, d + prog3d[p][2],
				    prog3d[p][3] * 12 << 16 | prog3d[p][3]);
			}
			w64(t, d + 0x2198, POOL_PAIR);
			w64(t, d + 0x21a0, POOL_PAIR + 8);
			w64(t, d + 0x21df, POOL_STATUS(1));
		}
		w32(t, o, 0x0f);
		w64(t, o + 8, 0x7000438000ULL + s * 0x28000);
		w64(t, o + 0x10, POOL_CTX(s));
		put_unaligned_le16(s, tva(t, o + 0x18));
		w32(t, ev, 0x0e);
		w32(t, ev + 4, 0x10000 | s);
		w32(t, ev + 8, 1 << 8);
		w32(t, ev + 0x10, s << 8);
		/* TA: (own grid, 0); 3D: (TA grid, 1) and (own grid, 0). */
		w64(t, ctx + 0x10, d);
		w64(t, ctx + 0x18, q);
		w64(t, ctx + 0x20, 0xffff000000000000ULL |
		    (u64)(s ? 0x18 : 0x0c) << 40 | (s ? 3 : 1));
		w64(t, ctx + 0x28, s ? 1 : 0);
		w64(t, ctx + 0x30, s ? 1ULL << 40 : 0);
		g17_ring(g, POOL_RING(s), &g->ring_head[s], d);
		g17_ring(g, POOL_RING(s), &g->ring_head[s], o);
		g17_ring(g, POOL_RING(s), &g->ring_head[s], ev);
	}
	g17_message(g, 6, POOL_Q(0), 3, 0, true);
	g17_message(g, 7, POOL_Q(1), 3, 1, true);
}

/*
 * What a render stage's program must say of itself (the reference's
 * forms): the work tag names the descriptor's context (1 here) whatever
 * its low byte; lifecycle words are 0 with the ordinary gate and the
 * opening words only with the opening gate.  Each row replaces one
 * register of the TA (@stage 0) or 3D program; @ok rows must run.
 */
static void g17p_render_tag_and_lifecycle_checked(struct kunit *test)
{
	static const struct {
		const char *name;
		unsigned int stage, index;
		u32 reg;
		u64 val;
		bool ok;
	} rows[] = {
		{ "TA tag of its context, low byte 0xff", 0, 2, 0x10209,
		  1 << 8 | 0xff, true },
		{ "TA tag carried into the next context", 0, 2, 0x10209,
		  2 << 8 | 0x00, false },
		{ "3D tag of context 0", 1, 2, 0x10420, 0x7f, false },
		{ "TA opening words with the ordinary gate", 0, 1, 0x1ca10,
		  0xc4010000e8ULL, false },
		{ "3D opening words with the ordinary gate", 1, 1, 0xa341,
		  0xc4010000e7ULL, false },
		{ "TA gate of neither form", 0, 0, 0xa5a1, 0xfe00400021ULL,
		  false },
		{ "TA opening gate, ordinary words", 0, 0, 0xa5a1,
		  0xe900400020ULL, false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct g17w *g = g17w_new(test);
		struct fwt *t = g->t;
		u64 at = POOL_DESC(rows[i].stage) +
			 (rows[i].stage ? 0xa0 : 0x60) + 12 * rows[i].index;

		g17_render(g);
		reg(t, at, rows[i].reg, rows[i].val);
		kick(t, 2, 0);
		agx4_fwmodel_sync(t->m);
		if (rows[i].ok) {
			expect_err(t, AGX4_FWMODEL_OK, 0);
			KUNIT_EXPECT_EQ_MSG(test, crashes(t, 0), 0, "%s",
					    rows[i].name);
		} else {
			KUNIT_EXPECT_EQ_MSG(test, agx4_fwmodel_error(t->m, NULL),
					    AGX4_FWMODEL_BAD_ITEM, "%s",
					    rows[i].name);
			KUNIT_EXPECT_EQ_MSG(test, crashes(t, 0), 1, "%s",
					    rows[i].name);
		}
	}
}

/*
 * The 3D descriptor's depth/stencil copies (+0x1eb8, +0x1ec8..+0x1f20,
 * +0x1fac, +0x1fd0) must hold what its registers hold (G17P-10, G17P-27):
 * a copy the program agrees with runs, one it does not is refused.
 */
static void g17p_3d_depth_stencil_copies_match_registers(struct kunit *test)
{
	static const struct {
		const char *name;
		u32 reg;
		u64 val;
		u32 at;
		u64 copy;
		unsigned int width;
		bool ok;
	} rows[] = {
		{ "depth flags", 0x15319, 0x1234, 0x1eb8, 0x1234, 8, true },
		{ "depth flags differ", 0x15319, 0x1234, 0x1eb8, 0x1235, 8,
		  false },
		{ "depth buffer not copied", 0x15329, 0x1200000000ULL, 0x1ec8,
		  0, 8, false },
		{ "stencil comp stride", 0x15419, 0x200, 0x1f08, 0x200, 8, true },
		{ "stencil clear", 0x15309, 0x3ab, 0x1fac, 0x3ab, 4, true },
		{ "stencil clear without its tag", 0x15309, 0x3ab, 0x1fac, 0xab,
		  4, false },
		{ "depth dimensions", 0x15321, 0x257031f, 0x1fd0, 0x257031f, 8,
		  true },
		{ "a copy without its register", 0x15000, 0, 0x1f20, 1, 8,
		  false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rows); i++) {
		struct g17w *g = g17w_new(test);
		struct fwt *t = g->t;
		u64 d = POOL_DESC(1);

		g17_render(g);
		/* Main program record 5 becomes the register under test. */
		reg(t, d + 0xa0 + 12 * 5, rows[i].reg, rows[i].val);
		if (rows[i].width == 4)
			w32(t, d + rows[i].at, rows[i].copy);
		else
			w64(t, d + rows[i].at, rows[i].copy);
		kick(t, 2, 0);
		agx4_fwmodel_sync(t->m);
		if (rows[i].ok) {
			KUNIT_EXPECT_EQ_MSG(test, agx4_fwmodel_error(t->m, NULL),
					    AGX4_FWMODEL_OK, "%s", rows[i].name);
			KUNIT_EXPECT_NE_MSG(test, r64(t, POOL_STATUS(1)), 0,
					    "%s", rows[i].name);
		} else {
			u64 w = 0;

			KUNIT_EXPECT_EQ_MSG(test, agx4_fwmodel_error(t->m, &w),
					    AGX4_FWMODEL_BAD_ITEM, "%s",
					    rows[i].name);
			KUNIT_EXPECT_EQ_MSG(test, w, d + rows[i].at, "%s",
					    rows[i].name);
		}
	}
}

static void g17p_render_reports_the_pair_once(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;

	agx4_fwmodel_hold(t->m);
	g17_render(g);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	/* TA held: the 3D waits for grid 0 without starting. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), 1);
	KUNIT_EXPECT_EQ(test, r32(t, POOL_PB(0) + 0x30), 3);
	KUNIT_EXPECT_EQ(test, r32(t, POOL_PB(1) + 0x30), 0);
	KUNIT_EXPECT_EQ(test, r64(t, POOL_PAIR + 8), 0);
	agx4_fwmodel_exec(t->m, AGX4_FWMODEL_RUN, 0);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_release(t->m,
						   AGX4_FWMODEL_OLDEST_FIRST), 0);
	agx4_fwmodel_sync(t->m);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_NE(test, r64(t, POOL_STATUS(0)), 0);
	KUNIT_EXPECT_NE(test, r64(t, POOL_STATUS(1)), 0);
	KUNIT_EXPECT_NE(test, r64(t, POOL_PAIR), 0);
	KUNIT_EXPECT_NE(test, r64(t, POOL_PAIR + 8), 0);
	KUNIT_EXPECT_EQ(test, r32(t, POOL_PB(1)), 3);
	KUNIT_EXPECT_EQ(test, r32(t, POOL_Q(0) + 0x1c), 3);
	KUNIT_EXPECT_EQ(test, r32(t, POOL_Q(1) + 0x1c), 3);
	/* One terminal report: both grids of the pool, after the 3D. */
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x40 + 0x20), 1);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 0), 1);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 4), 3);
	KUNIT_EXPECT_EQ(test, g17_report(t, 0, 0xc), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_TA), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(t->m, AGX4_FWMODEL_CNT_3D), 1);
}

/*
 * A bank switch: while the owner is idle the host gives its queue record
 * a fresh pointer block and ring (indices 0) and the mirror 0; the next
 * command, without "first", starts at ring index 0 of the new bank.
 */
static void g17p_bank_switch_restarts_the_ring(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	u64 pb2 = OWN(0) + 0x190000, ring2 = pb2 + 0x4000;

	g17_owner(g, 0);
	g17_compute(g, 0, 0, 0, 0);
	g17_message(g, 8, OWN_Q(0), 3, 32, true);
	kick(t, 2, 2);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_Q(0) + 0x1c), 3);
	tmap(t, pb2, 0x8000, FW_RW);
	w32(t, pb2 + 0x50, 0xffffffff);
	w32(t, pb2 + 0x60, 0x500);
	w64(t, OWN_Q(0), pb2);
	w64(t, OWN_Q(0) + 8, ring2);
	w32(t, OWN_Q(0) + 0x1c, 0);
	g->head[0] = 0;
	w64(t, OWN_RING(0), 0);
	g17_compute(g, 0, 1, 0, 0);
	/* The new command's items went to the old ring: copy them over. */
	w64(t, ring2, r64(t, OWN_RING(0)));
	w64(t, ring2 + 8, r64(t, OWN_RING(0) + 8));
	g17_message(g, 8, OWN_Q(0), 2, 32, false);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, pb2), 2);
	KUNIT_EXPECT_EQ(test, r32(t, pb2 + 0x30), 2);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_Q(0) + 0x1c), 2);
	KUNIT_EXPECT_NE(test, r64(t, OWN_STATUS(0) + 0x48), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_grid(t->m, 32), 2);
}

/*
 * Owner 0 ran two commands; then, once idle, its queue is rebuilt
 * (indices, mirror and ring from 0) and its first command written again.
 * With @cleanup the host first makes the firmware forget it (0x14 naming
 * its channel-control record).  Returns the message's address.
 */
static u64 g17_owner_again(struct g17w *g, bool cleanup)
{
	struct fwt *t = g->t;
	u64 msg;

	g17_owner(g, 0);
	g17_compute(g, 0, 0, 0, 0);
	g17_compute(g, 0, 1, 0, 0);
	g17_message(g, 8, OWN_Q(0), 5, 32, true);
	kick(t, 2, 2);
	KUNIT_EXPECT_EQ(t->test, agx4_fwmodel_grid(t->m, 32), 2);
	if (cleanup)
		g17_cleanup(t, OWN_CONTROL(0));
	w32(t, OWN_PB(0), 0);
	w32(t, OWN_PB(0) + 0x30, 0);
	w32(t, OWN_Q(0) + 0x1c, 0);
	w64(t, OWN_STATUS(0), 0);
	w64(t, OWN_STATUS(0) + 8, 0);
	g->head[0] = 0;
	g17_compute(g, 0, 0, 0, 0);
	msg = G17_BUNDLE + 0xc5c0 + 2 * 0x6000 + 0x1800 + t->prod[8] * 0x18;
	g17_message(g, 8, OWN_Q(0), 3, 32, true);
	kick(t, 2, 2);
	return msg;
}

/*
 * A recycled owner: once it is idle the host makes the firmware forget
 * it, rebuilds its queue and registers it again with "first", numbering
 * its commands from 0; the grid's completion count restarts with them.
 */
static void g17p_cleanup_lets_a_queue_start_again(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;

	g17_owner_again(g, true);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 0);
	KUNIT_EXPECT_EQ(test, r32(t, OWN_PB(0)), 3);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_grid(t->m, 32), 1);
}

/*
 * A queue the firmware knows does not start again ("first") without a
 * cleanup in between: the firmware still holds it (strictest reading).
 */
static void g17p_first_item_of_a_known_queue_needs_its_cleanup(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	u64 msg = g17_owner_again(g, false);

	expect_err(t, AGX4_FWMODEL_BAD_WORK_MSG, msg + 0x14);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_grid(t->m, 32), 2);
}

/*
 * A queue the firmware was told to forget is known again only from a
 * "first": a command appended after the cleanup, as if the queue went on,
 * is refused and does not run.
 */
static void g17p_forgotten_queue_needs_a_first_message(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	u64 msg;

	g17_owner(g, 0);
	g17_compute(g, 0, 0, 0, 0);
	g17_message(g, 8, OWN_Q(0), 3, 32, true);
	kick(t, 2, 2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_grid(t->m, 32), 1);
	g17_cleanup(t, OWN_CONTROL(0));
	g17_compute(g, 0, 1, 0, 0);
	msg = G17_BUNDLE + 0xc5c0 + 2 * 0x6000 + 0x1800 + t->prod[8] * 0x18;
	g17_message(g, 8, OWN_Q(0), 5, 32, false);
	kick(t, 2, 2);
	expect_err(t, AGX4_FWMODEL_BAD_WORK_MSG, msg + 0x14);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_grid(t->m, 32), 1);
}

struct g17_bad {
	const char *name;
	u64 va;
	u64 val;
	u8 width;
	enum agx4_fwmodel_err err;
	u64 where;
};

#define G17_MSG8	(G17_BUNDLE + 0xc5c0 + 2 * 0x6000 + 1 * 0x1800)

static const struct g17_bad g17_bad_cases[] = {
	{ "message word 0", G17_MSG8, 1, 8, AGX4_FWMODEL_BAD_WORK_MSG,
	  G17_MSG8 },
	{ "program header", OWN_DESC(0, 0) + 0x748, 41 * 12 << 16 | 41, 4,
	  AGX4_FWMODEL_BAD_ITEM, OWN_DESC(0, 0) + 0x748 },
	{ "secondary program alias", OWN_DESC(0, 0) + 0xe60,
	  OWN_LOW(0) + 0x770, 8, AGX4_FWMODEL_BAD_ITEM,
	  OWN_DESC(0, 0) + 0xe60 },
	{ "descriptor alias elsewhere", OWN_DESC(0, 0) + 0x740,
	  OWN_LOW(0) + 0x3000 + 0x40, 8, AGX4_FWMODEL_BAD_ITEM,
	  OWN_DESC(0, 0) + 0x740 },
	{ "event item grid", OWN_EVENTS(0) + 4, 0x10000 | 33, 4,
	  AGX4_FWMODEL_BAD_ITEM, OWN_EVENTS(0) + 4 },
	{ "event item kind", OWN_EVENTS(0) + 0x10, 0x100, 4,
	  AGX4_FWMODEL_BAD_ITEM, OWN_EVENTS(0) + 0x10 },
	{ "context names another descriptor", OWN_CTX(0) + 0x210,
	  OWN_DESC(0, 1), 8, AGX4_FWMODEL_BAD_ITEM, OWN_CTX(0) + 0x210 },
	{ "points engine", OWN_CTX(0) + 0x220, 0xffff0c0200000001ULL, 8,
	  AGX4_FWMODEL_BAD_ITEM, OWN_CTX(0) + 0x220 },
	{ "point value past 30 bits", OWN_CTX(0) + 0x228,
	  32ULL << 40 | 1ULL << 30, 8, AGX4_FWMODEL_BAD_ITEM,
	  OWN_CTX(0) + 0x228 },
	{ "own point missing", OWN_CTX(0) + 0x228, 33ULL << 40, 8,
	  AGX4_FWMODEL_BAD_ITEM, OWN_CTX(0) + 0x228 },
	{ "own point before a foreign point", OWN_CTX(0) + 0x220,
	  0xffff082000000003ULL, 8, AGX4_FWMODEL_BAD_ITEM,
	  OWN_CTX(0) + 0x228 },
	{ "dispatch record missing", G17_REGION1, 0, 4, AGX4_FWMODEL_BAD_ITEM,
	  G17_REGION1_LOW },
	{ "dispatch record with the block's words", G17_REGION1 + 0xc,
	  0x2a00, 4, AGX4_FWMODEL_BAD_ITEM, G17_REGION1_LOW + 0xc },
	{ "status word unset", OWN_DESC(0, 0) + 0xf84, 0, 8,
	  AGX4_FWMODEL_UNMAPPED, OWN_DESC(0, 0) + 0xf84 },
	{ "status pair unmapped", OWN_DESC(0, 0) + 0xf84, OWN(0) + 0x8000,
	  8, AGX4_FWMODEL_UNMAPPED, OWN(0) + 0x8000 },
	{ "CDM stream not in the caller's tables", OWN_DESC(0, 0) + 0x764,
	  OWN_CDM(0) + 0x4000, 8, AGX4_FWMODEL_GPU_FAULT, OWN_CDM(0) + 0x4000 },
	{ "pointer block capacity", OWN_PB(0) + 0x60, 0x800, 4,
	  AGX4_FWMODEL_BAD_QUEUE, OWN_PB(0) + 0x60 },
	{ "descriptor slot holds the optional record", OWN_RING(0),
	  OWN_OPT(0), 8, AGX4_FWMODEL_BAD_ITEM, OWN_OPT(0) },
	{ "support object names another context", OWN_SUPPORT(0), 5, 8,
	  AGX4_FWMODEL_BAD_ITEM, OWN_DESC(0, 0) + 0xc },
	{ "no event item before the head", G17_MSG8 + 0x14,
	  2 | 32 << 16 | 1 << 24, 4, AGX4_FWMODEL_BAD_ITEM,
	  OWN_RING(0) + 0x10 },
};

/*
 * The firmware reads 0x40 bytes past a compute descriptor's 0x1000: its
 * low alias must cover them.  Descriptor 3 ends 0x100 bytes into the
 * next page, which has no alias.
 */
static void g17p_descriptor_alias_covers_0x1040(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;

	g17_owner(g, 0);
	g17_compute(g, 0, 0, 0, 0);
	g17_compute(g, 0, 3, 0, 0);
	/* Command 3 waits for command 0 only. */
	w64(t, OWN_CTX(0) + 4 * 0x200 + 0x28, 32ULL << 40 | 1);
	g17_message(g, 8, OWN_Q(0), 5, 32, true);
	kick(t, 2, 2);
	KUNIT_EXPECT_NE(test, r64(t, OWN_STATUS(0) + 8), 0);
	expect_err(t, AGX4_FWMODEL_GPU_FAULT, OWN_LOW(0) + 0x4000);
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_EQ(test, r64(t, OWN_STATUS(0) + 3 * 0x40 + 8), 0);
}

static void g17p_malformed_work_crashes(struct kunit *test)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(g17_bad_cases); i++) {
		const struct g17_bad *c = &g17_bad_cases[i];
		struct g17w *g = g17w_new(test);
		struct fwt *t = g->t;

		g17_owner(g, 0);
		g17_compute(g, 0, 0, 0, 0);
		g17_message(g, 8, OWN_Q(0), 3, 32, true);
		if (c->width == 8)
			w64(t, c->va, c->val);
		else
			w32(t, c->va, c->val);
		kick(t, 2, 2);
		KUNIT_EXPECT_STREQ_MSG(test,
				       agx4_fwmodel_err_name(agx4_fwmodel_error(t->m, NULL)),
				       agx4_fwmodel_err_name(c->err), "%s", c->name);
		expect_err(t, c->err, c->where);
		KUNIT_EXPECT_EQ_MSG(test, crashes(t, 0), 1, "%s", c->name);
		KUNIT_EXPECT_EQ_MSG(test, r32(t, G17_SA0 + 0x40 + 0x20), 0, "%s",
				    c->name);
	}
}

static void g17p_ids_for_identify(struct kunit *test)
{
	struct fwt *t = fwt_new(test, AGX4_FWMODEL_G17P);
	u32 id = get_unaligned_le32(t->sgx + 0xd04000);
	u32 counts = get_unaligned_le32(t->sgx + 0xd04010);
	size_t size;

	KUNIT_EXPECT_EQ(test, id >> 24, 10);
	KUNIT_EXPECT_EQ(test, (id >> 16) & 0xff, 0);
	KUNIT_EXPECT_EQ(test, (counts >> 16) & 0xf, 1);
	KUNIT_EXPECT_LE(test, counts & 0xff, 32);
	KUNIT_EXPECT_NE(test, get_unaligned_le32(t->sgx + 0xe01500), 0);
	KUNIT_EXPECT_PTR_EQ(test, agx4_fwmodel_sgx(t->m, &size), t->sgx);
	KUNIT_EXPECT_GE(test, size, (size_t)0x1000108 + 4);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_region(t->m, "pagetables", NULL,
						  NULL, &size), 0);
	KUNIT_EXPECT_GE(test, size, (size_t)0x80000);
	KUNIT_EXPECT_NOT_NULL(test, agx4_fwmodel_asc(t->m, 1, NULL));
	KUNIT_EXPECT_EQ(test, t->ops->start(t->m, 2), -EINVAL);
}

static void err_names_are_distinct(struct kunit *test)
{
	unsigned int i, j;

	for (i = 0; i < AGX4_FWMODEL_NR_ERRS; i++)
		for (j = i + 1; j < AGX4_FWMODEL_NR_ERRS; j++)
			KUNIT_EXPECT_STRNEQ(test, agx4_fwmodel_err_name(i),
					    agx4_fwmodel_err_name(j));
	KUNIT_EXPECT_STREQ(test, agx4_fwmodel_err_name(AGX4_FWMODEL_NR_ERRS),
			   "unknown");
}

/*
 * TVB growth and the memory limit.  The host's side is written here by
 * hand: replies on the control ring, blocks in the client's tables.
 */
#define G16_BM_LIST	(BM + 0x1000)
#define G16_BM_CTL	(BM + 0x2000)
#define G16_BM_SLOT	7
#define G16_USC		0x10000000000ULL
#define G16_PBG		(G16_USC + 0x1000)
#define G16_PEOT	(G16_USC + 0x2000)

/* A block ID's GPU VA: context base + ID * 0x8000 (both generations). */
#define TVB_BLOCK_VA(id)	(CTX_BASE + (u64)(id) * 0x8000)

/*
 * The render of g16_render() with its buffer manager (slot 7, 11 blocks
 * listed as IDs 0x11 + 5i) and partial programs mapped for the GPU.
 */
static void g16_tvb_render(struct g16w *g)
{
	struct fwt *t = g->t;
	unsigned int i;

	g16_render(g, false);
	w32(t, TA_W + 0x18, G16_BM_SLOT);
	w64(t, TA_W + 0x20, BM);
	w32(t, TA_W + 0x77c, 33);
	w32(t, TA_W + 0x780, 0x100);
	w32(t, BM + 0xc, G16_BM_SLOT);
	w32(t, BM + 0x3c, 11);
	w64(t, BM + 0x44, G16_BM_LIST);
	w64(t, BM + 0x4c, G16_BM_CTL);
	for (i = 0; i < 11; i++)
		w64(t, G16_BM_LIST + 8 * i, 0x11 + 5 * i);
	w32(t, G16_BM_CTL, 11);
	w32(t, G16_BM_CTL + 4, 11);
	w32(t, G16_BM_CTL + 0x60, 1);
	w64(t, FRAG_W + 0x930, G16_PBG);
	w64(t, FRAG_W + 0xa1c, G16_PEOT);
	tmap_in(t, g->client, G16_USC, 3 * PG, GPU_RO);
}

/* The host grows the pool by two blocks, mapped, and counts them twice. */
static void g16_host_grow(struct g16w *g)
{
	struct fwt *t = g->t;
	u32 n = r32(t, G16_BM_CTL), i;

	for (i = n; i < n + 2; i++) {
		w64(t, G16_BM_LIST + 8 * i, 0x11 + 5 * i);
		tmap_in(t, g->client, TVB_BLOCK_VA(0x11 + 5 * i), 0x20000,
			GPU_RW);
	}
	w32(t, G16_BM_CTL, n + 2);
	w32(t, G16_BM_CTL + 4, n + 2);
}

/* A device-control record of @n words on the G16 ring, produced and rung. */
static void g16_ctl(struct fwt *t, const u32 *w, unsigned int n)
{
	u32 p = sgx_r(t, SGX_CTL_PROD);
	u64 rec = G16_MAIN + 0x4c0 + p * 0x40ULL;
	unsigned int i;

	memset(tva(t, rec), 0, 0x40);
	for (i = 0; i < n; i++)
		w32(t, rec + 4 * i, w[i]);
	sgx_w(t, SGX_CTL_PROD, p + 1);
	KUNIT_ASSERT_EQ(t->test, t->ops->ring(t->m, 0, 0x21,
					      0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
}

/* Answer the growth request in event @i: echo it, grew or refused. */
static void g16_answer(struct fwt *t, unsigned int i, bool grew)
{
	const u32 w[8] = {
		8, grew, g16_event(t, i, 8), g16_event(t, i, 4),
		g16_event(t, i, 0xc), g16_event(t, i, 0x10),
		g16_event(t, i, 0x14), g16_event(t, i, 0x18),
	};

	g16_ctl(t, w, ARRAY_SIZE(w));
}

static u32 cnt(struct fwt *t, enum agx4_fwmodel_counter c)
{
	return agx4_fwmodel_count(t->m, c);
}

/*
 * GROW 3: three requests, one at a time, each naming the context, the BM
 * slot, a new counter and the halt count; the TA waits for each reply:
 * grew (checked, the mirror follows), refused (partial render), grew;
 * then TA and 3D complete.
 */
static void g16_grow_three_times_refused_once(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 3,
	};
	unsigned int i;

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	for (i = 0; i < 3; i++) {
		/* Request i is event i: nothing else was posted meanwhile. */
		KUNIT_ASSERT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), i + 1);
		KUNIT_EXPECT_EQ(test, g16_event(t, i, 0), 6);
		KUNIT_EXPECT_EQ(test, g16_event(t, i, 4), SLOT);
		KUNIT_EXPECT_EQ(test, g16_event(t, i, 8), G16_BM_SLOT);
		/* The pool's request counter: from 0, one more per reply. */
		KUNIT_EXPECT_EQ(test, g16_event(t, i, 0xc), i);
		KUNIT_EXPECT_EQ(test, g16_event(t, i, 0x14), i + 1);
		KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
		KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 1);
		if (i == 1) {
			g16_answer(t, i, false);
		} else {
			g16_host_grow(g);
			g16_answer(t, i, true);
			KUNIT_EXPECT_EQ(test, r32(t, BM + 0x3c),
					r32(t, G16_BM_CTL));
		}
		expect_err(t, AGX4_FWMODEL_OK, 0);
	}
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), 3);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 2);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_TA), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_3D), 1);
}

/*
 * A growth request that finds the event ring full waits on its TA, not
 * posted and not lost; once the host consumes, it goes out by itself
 * (no doorbell), its reply deadline starting then, and the render
 * finishes when answered.
 */
static void g16_grow_request_waits_for_event_ring_room(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};
	u64 cur = G16_STATUS_A + 0x40;
	unsigned int i;

	/* Full: the firmware's cursor one short of the host's. */
	w32(t, cur, 0);
	w32(t, cur + 0x20, 255);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, cur + 0x20), 255);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_EVENTS_DROPPED), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_REPORT_STALLS), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 1);

	/* The host consumes: the request goes out in the last slot. */
	w32(t, cur, 255);
	for (i = 0; i < 100 && r32(t, cur + 0x20) != 0; i++) {
		usleep_range(5000, 10000);
		agx4_fwmodel_sync(t->m);
	}
	KUNIT_ASSERT_EQ(test, r32(t, cur + 0x20), 0);
	KUNIT_EXPECT_EQ(test, g16_event(t, 255, 0), 6);
	KUNIT_EXPECT_EQ(test, g16_event(t, 255, 8), G16_BM_SLOT);
	KUNIT_EXPECT_EQ(test, g16_event(t, 255, 0xc), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), 1);
	g16_host_grow(g);
	g16_answer(t, 255, true);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_EVENTS_DROPPED), 0);
}

/* "Grew" with a new block the GPU cannot reach: a GPU fault at the block. */
static void g16_grew_needs_mapped_blocks(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	kick(t, 2, 0);
	/* Counted, listed, not mapped. */
	w64(t, G16_BM_LIST + 8 * 11, 0x11 + 5 * 11);
	w32(t, G16_BM_CTL, 12);
	w32(t, G16_BM_CTL + 4, 12);
	g16_answer(t, 0, true);
	expect_err(t, AGX4_FWMODEL_GPU_FAULT, TVB_BLOCK_VA(0x11 + 5 * 11));
	KUNIT_EXPECT_EQ(test, crashes(t, 0), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
}

/* "Grew" without more blocks in the block control is a bad record. */
static void g16_grew_without_blocks_is_bad_record(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	kick(t, 2, 0);
	g16_answer(t, 0, true);
	expect_err(t, AGX4_FWMODEL_BAD_RECORD, G16_BM_CTL);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
}

/* A refusal runs the 3D Work's partial programs: a missing one is a bad item. */
static void g16_partial_render_needs_partial_eot(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	w64(t, FRAG_W + 0xa1c, 0);
	kick(t, 2, 0);
	g16_answer(t, 0, false);
	expect_err(t, AGX4_FWMODEL_BAD_ITEM, FRAG_W + 0xa1c);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
}

/*
 * LIMIT 1: a refused request, then the limit report {0, 1, 3D event, 3D
 * stamp}; the TA waits for opcode 9 {1, the 3D queue, the 3D stamp} and a
 * reply naming another queue is refused; then the render completes.
 */
static void g16_limit_reports_and_waits_for_opcode_9(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_LIMIT, .arg = 1,
	};
	u32 w[5] = { 9, 1, lower_32_bits(LANE(0)), upper_32_bits(LANE(0)),
		     0x100 };

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	kick(t, 2, 0);
	g16_answer(t, 0, false);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_ASSERT_EQ(test, r32(t, G16_STATUS_A + 0x40 + 0x20), 2);
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 0), 7);
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 4), 0);
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 8), 1);
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 0xc), 33);
	KUNIT_EXPECT_EQ(test, g16_event(t, 1, 0x10), 0x100);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_LIMITS), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
	/* The TA's queue is not the 3D's: refused, still waiting. */
	g16_ctl(t, w, ARRAY_SIZE(w));
	expect_err(t, AGX4_FWMODEL_BAD_RECORD,
		   G16_MAIN + 0x4c0 + 2 * 0x40);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
	w[2] = lower_32_bits(LANE(1));
	w[3] = upper_32_bits(LANE(1));
	g16_ctl(t, w, ARRAY_SIZE(w));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_LIMIT_REPLIES), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(1)), 0x100);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_3D), 1);
}

/*
 * Replies nobody waits for are refused: opcode 8 and 9 with no request,
 * and a growth reply whose counter does not echo the request's.
 */
static void g16_reply_without_request_is_refused(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};
	const u32 grow[8] = { 8, 0, G16_BM_SLOT, SLOT, 1, 0, 1, 0 };
	const u32 limit[5] = { 9, 1, lower_32_bits(LANE(1)),
			       upper_32_bits(LANE(1)), 0x100 };
	u32 wrong[8];

	g16_ctl(t, grow, ARRAY_SIZE(grow));
	expect_err(t, AGX4_FWMODEL_BAD_RECORD, G16_MAIN + 0x4c0 + 0x40);
	g16_ctl(t, limit, ARRAY_SIZE(limit));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 2);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_RECORDS), 2);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	kick(t, 2, 0);
	memcpy(wrong, grow, sizeof(wrong));
	wrong[4] = g16_event(t, 0, 0xc) + 1;
	g16_ctl(t, wrong, ARRAY_SIZE(wrong));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 3);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 0);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
	/* The right echo is still taken. */
	g16_answer(t, 0, false);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00);
}

/* No reply within the bound: the TA never completes (the host times out). */
static void g16_unanswered_request_leaves_the_job(struct kunit *test)
{
	struct g16w *g = g16w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g16_tvb_render(g);
	kick(t, 2, 0);
	msleep(AGX4_FWMODEL_REPLY_TIMEOUT_MS + 100);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_REPLY_TIMEOUTS), 1);
	/* A late reply finds nothing waiting. */
	g16_answer(t, 0, false);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 1);
	KUNIT_EXPECT_EQ(test, r32(t, LANE_STAMP(0)), 0xc00 - 0x100);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_busy(t->m), 1);
}

/* G17P: the pool's buffer manager, its shared slots and secondary index. */
#define G17_BM		(POOL + 0x1000)
#define G17_BM_CTL	(POOL + 0x2000)
#define G17_BM_INDEX	(POOL + 0x3000)

static void g17_tvb_render(struct g17w *g)
{
	struct fwt *t = g->t;
	static const u32 partial[3] = { 0x7c0, 0xee0, 0x1600 };
	u64 ctx3d = POOL_CTX(1) + 0x200;
	unsigned int i;

	g17_render(g);
	/* The render's VM (context 1): its tables, for the grown blocks. */
	g->client = client_slot(t, 1);
	w64(t, POOL_DESC(0) + 0x20, G17_BM);
	w64(t, POOL_DESC(1) + 0x28, G17_BM);
	w32(t, G17_BM + 0x3c, 8);
	w64(t, G17_BM + 0x44, G17_BM_INDEX);
	w64(t, G17_BM + 0x4c, G17_BM_CTL);
	w32(t, G17_BM_CTL, 8);
	w32(t, G17_BM_CTL + 4, 8);
	w32(t, G17_BM_CTL + 0x60, 1);
	for (i = 0; i < 8; i++)
		w64(t, G17_BM_INDEX + 8 * i, 0x11 + 5 * i);
	/* Partial store, resume, load locators: code 0x10 | alias >> 5. */
	for (i = 0; i < 3; i++)
		w64(t, ctx3d + 0x158 + 8 * i,
		    0x10ULL << 40 | (POOL_LOW(1) + partial[i]) >> 5);
}

/* Block @i of the pool, IDs as the first blocks', listed and mapped. */
static void g17_host_block(struct g17w *g, unsigned int i)
{
	w64(g->t, G17_BM_INDEX + 8 * i, 0x11 + 5 * i);
	tmap_in(g->t, g->client, TVB_BLOCK_VA(0x11 + 5 * i), 0x20000, GPU_RW);
}

/* A device-control record on the G17P primary's ring, produced and rung. */
static void g17_ctl(struct fwt *t, const u32 *w, unsigned int n)
{
	u32 p = r32(t, G17_STATE0 + 0x320);
	u64 rec = G17_MAIN0 + 0x4c0 + p * 0x40ULL;
	unsigned int i;

	memset(tva(t, rec), 0, 0x40);
	for (i = 0; i < n; i++)
		w32(t, rec + 4 * i, w[i]);
	w32(t, G17_STATE0 + 0x320, p + 1);
	KUNIT_ASSERT_EQ(t->test, t->ops->ring(t->m, 0, 0x21,
					      0x0084000000000011ULL), 0);
	agx4_fwmodel_sync(t->m);
}

static void g17_answer(struct fwt *t, unsigned int i, bool grew)
{
	const u32 w[5] = {
		8, grew, g17_report(t, i, 8), g17_report(t, i, 4),
		g17_report(t, i, 0xc),
	};

	g17_ctl(t, w, ARRAY_SIZE(w));
}

/*
 * Control ticks (0x2e): render ticks carry 1, 2, 3, ... in turn (the
 * render ordinal - 1, from ordinal 2) with context word 0; a compute tick
 * carries 0 with context word 2.  A number out of turn, another context
 * word or other bytes set are refused; a refused render tick counts for
 * nothing.
 */
static void g17p_tick_numbers_follow_renders(struct kunit *test)
{
	static const u32 ok[][4] = {
		{ 0x2e, 1, 0, 0 }, { 0x2e, 0, 0, 2 }, { 0x2e, 2, 0, 0 },
	};
	static const u32 bad[][4] = {
		{ 0x2e, 4, 0, 0 }, { 0x2e, 0, 0, 0 }, { 0x2e, 1, 0, 2 },
		{ 0x2e, 3, 0, 1 }, { 0x2e, 3, 1, 0 },
	};
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	u32 good = cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	u32 p, i;

	for (i = 0; i < ARRAY_SIZE(ok); i++)
		g17_ctl(t, ok[i], 4);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			good + ARRAY_SIZE(ok));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_RECORDS), 0);
	p = r32(t, G17_STATE0 + 0x320);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		g17_ctl(t, bad[i], 4);
		KUNIT_EXPECT_EQ_MSG(test, cnt(t, AGX4_FWMODEL_CNT_BAD_RECORDS),
				    i + 1, "record %u", i);
	}
	/* The first error is kept: the first bad record. */
	expect_err(t, AGX4_FWMODEL_BAD_RECORD, G17_MAIN0 + 0x4c0 + p * 0x40ULL);
	/* The next in turn is still 3. */
	g17_ctl(t, (const u32[]){ 0x2e, 3, 0, 0 }, 4);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_RECORDS),
			ARRAY_SIZE(bad));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			good + ARRAY_SIZE(ok) + 1);
}

/*
 * GROW 2: requests {context, pool, counter, TA grid, zeros, 1, 1 << grid},
 * answered grew (the shared slots and the index hold two more blocks)
 * then refused (partial programs through the 3D's context record); then
 * the render completes with its one terminal report.
 */
static void g17p_grow_grew_then_refused(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 2,
	};
	unsigned int i, k;

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g17_tvb_render(g);
	kick(t, 2, 0);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	for (i = 0; i < 2; i++) {
		KUNIT_ASSERT_EQ(test, r32(t, G17_SA0 + 0x40 + 0x20), i + 1);
		KUNIT_EXPECT_EQ(test, g17_report(t, i, 0), 6);
		KUNIT_EXPECT_EQ(test, g17_report(t, i, 4), 1);
		KUNIT_EXPECT_EQ(test, g17_report(t, i, 8), 0);
		/* The pool's request counter: from 0, one more per reply. */
		KUNIT_EXPECT_EQ(test, g17_report(t, i, 0xc), i);
		KUNIT_EXPECT_EQ(test, g17_report(t, i, 0x10), 0);
		for (k = 0x14; k < 0x38; k += 4)
			KUNIT_EXPECT_EQ(test, g17_report(t, i, k), 0);
		KUNIT_EXPECT_EQ(test, r64(t, G17_SA0 + 0x2c0 + i * 0x48 + 0x38),
				1);
		KUNIT_EXPECT_EQ(test, r64(t, G17_SA0 + 0x2c0 + i * 0x48 + 0x40),
				1);
		KUNIT_EXPECT_EQ(test, r64(t, POOL_PAIR + 8), 0);
		if (i == 0) {
			g17_host_block(g, 8);
			g17_host_block(g, 9);
			w32(t, G17_BM_CTL, 10);
			w32(t, G17_BM_CTL + 4, 10);
		}
		g17_answer(t, i, i == 0);
		expect_err(t, AGX4_FWMODEL_OK, 0);
	}
	KUNIT_EXPECT_EQ(test, r32(t, G17_BM + 0x3c), 10);
	KUNIT_EXPECT_NE(test, r64(t, POOL_PAIR + 8), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_SA0 + 0x40 + 0x20), 3);
	KUNIT_EXPECT_EQ(test, g17_report(t, 2, 0), 1);
	KUNIT_EXPECT_EQ(test, g17_report(t, 2, 4), 3);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), 2);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_3D), 1);
}

/* A G17P render that asked for growth once; its pool's block 8 made. */
static struct g17w *g17_grow_asked(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(g->t->m, &s), 0);
	g17_tvb_render(g);
	kick(g->t, 2, 0);
	g17_host_block(g, 8);
	return g;
}

/*
 * G17P "grew" with a block the secondary index does not name: a bad
 * record at its index entry; the render does not complete.
 */
static void g17p_grew_needs_indexed_blocks(struct kunit *test)
{
	struct g17w *g = g17_grow_asked(test);
	struct fwt *t = g->t;

	w32(t, G17_BM_CTL, 10);
	w32(t, G17_BM_CTL + 4, 10);
	g17_answer(t, 0, true);
	expect_err(t, AGX4_FWMODEL_BAD_RECORD, G17_BM_INDEX + 8 * 9);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_BM + 0x3c), 8);
	KUNIT_EXPECT_EQ(test, r64(t, POOL_PAIR + 8), 0);
}

/*
 * G17P "grew" naming a block the render's VM does not map: a GPU fault
 * at the block, as on G16 (the same ID encoding, L for G17P).
 */
static void g17p_grew_needs_mapped_blocks(struct kunit *test)
{
	struct g17w *g = g17_grow_asked(test);
	struct fwt *t = g->t;

	/* Listed, not mapped. */
	w64(t, G17_BM_INDEX + 8 * 9, 0x11 + 5 * 9);
	w32(t, G17_BM_CTL, 10);
	w32(t, G17_BM_CTL + 4, 10);
	g17_answer(t, 0, true);
	expect_err(t, AGX4_FWMODEL_GPU_FAULT, TVB_BLOCK_VA(0x11 + 5 * 9));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 0);
	KUNIT_EXPECT_EQ(test, r32(t, G17_BM + 0x3c), 8);
}

/* A partial locator not naming its program's alias is a bad item. */
static void g17p_partial_render_checks_locators(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};
	u64 loc = POOL_CTX(1) + 0x200 + 0x160;

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g17_tvb_render(g);
	w64(t, loc, 0x10ULL << 40 | (POOL_LOW(1) + 0x7c0) >> 5);
	kick(t, 2, 0);
	g17_answer(t, 0, false);
	expect_err(t, AGX4_FWMODEL_BAD_ITEM, loc);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS), 0);
	KUNIT_EXPECT_EQ(test, r64(t, POOL_PAIR + 8), 0);
}

/*
 * LIMIT 1 on G17P: refused, then the limit report naming the TA and 3D
 * descriptors, context and pool; nothing waits for a reply, the render
 * completes; an opcode 9 then is refused (diagnostic only).
 */
static void g17p_limit_is_consumed_only(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_LIMIT, .arg = 1,
	};
	const u32 limit[5] = { 9, 1 };
	u64 rep = G17_SA0 + 0x2c0 + 0x48;

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g17_tvb_render(g);
	kick(t, 2, 0);
	KUNIT_EXPECT_EQ(test, r64(t, POOL_PAIR + 8), 0);
	g17_answer(t, 0, false);
	expect_err(t, AGX4_FWMODEL_OK, 0);
	KUNIT_EXPECT_EQ(test, g17_report(t, 1, 0), 7);
	KUNIT_EXPECT_EQ(test, g17_report(t, 1, 4), 0);
	KUNIT_EXPECT_EQ(test, g17_report(t, 1, 8), 1);
	KUNIT_EXPECT_EQ(test, r64(t, rep + 0x10), POOL_DESC(0));
	KUNIT_EXPECT_NE(test, r64(t, rep + 0x18), 0);
	KUNIT_EXPECT_EQ(test, r64(t, rep + 0x20), 0);
	KUNIT_EXPECT_EQ(test, r64(t, rep + 0x28), POOL_DESC(1));
	KUNIT_EXPECT_EQ(test, r64(t, rep + 0x38), 1);
	KUNIT_EXPECT_EQ(test, r64(t, rep + 0x40), 0);
	KUNIT_EXPECT_NE(test, r64(t, POOL_PAIR + 8), 0);
	KUNIT_EXPECT_EQ(test, g17_report(t, 2, 0), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_LIMITS), 1);
	g17_ctl(t, limit, ARRAY_SIZE(limit));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_LIMIT_REPLIES), 0);
}

/* G17P: a growth reply with no request waiting, or a wrong echo, is refused. */
static void g17p_reply_without_request_is_refused(struct kunit *test)
{
	struct g17w *g = g17w_new(test);
	struct fwt *t = g->t;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
	};
	u32 w[5] = { 8, 0, 0, 1, 1 };

	g17_ctl(t, w, ARRAY_SIZE(w));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 1);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(t->m, &s), 0);
	g17_tvb_render(g);
	kick(t, 2, 0);
	w[3] = 2;	/* another context */
	g17_ctl(t, w, ARRAY_SIZE(w));
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 2);
	KUNIT_EXPECT_EQ(test, r64(t, POOL_PAIR + 8), 0);
	g17_answer(t, 0, false);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 2);
	KUNIT_EXPECT_NE(test, r64(t, POOL_PAIR + 8), 0);
}

static struct kunit_case agx4_fwmodel_cases[] = {
	KUNIT_CASE(walker_permission_classes),
	KUNIT_CASE(walker_three_levels_and_offset),
	KUNIT_CASE(walker_output_address_mask),
	KUNIT_CASE(walker_invalid_descriptors),
	KUNIT_CASE(walker_low_half_uses_low_root),
	KUNIT_CASE(walker_table_outside_ram),
	KUNIT_CASE(loader_maps_the_image),
	KUNIT_CASE(err_names_are_distinct),
	KUNIT_CASE(g16_boot_acknowledges_in_status_a),
	KUNIT_CASE(trace_is_off_until_started),
	KUNIT_CASE(trace_records_host_steps_in_order),
	KUNIT_CASE(trace_counts_what_does_not_fit),
	KUNIT_CASE(g16_registration_posts_receipt),
	KUNIT_CASE(g16_opening_needs_the_notification_pages),
	KUNIT_CASE(g16_registration_waits_for_event_ring_room),
	KUNIT_CASE(g16_unknown_record_is_bad_record),
	KUNIT_CASE(g16_malformed_registration_is_bad_record),
	KUNIT_CASE(g16_unmapped_main_config),
	KUNIT_CASE(g16_missing_window_is_bad_window),
	KUNIT_CASE(g16_slot_22_relative_word_must_be_zero),
	KUNIT_CASE(g16_window_record_fields_are_checked),
	KUNIT_CASE(g16_window_must_reach_its_registers),
	KUNIT_CASE(g16_window_write_access_follows_flags),
	KUNIT_CASE(g16_null_pointer_is_unmapped_at_the_field),
	KUNIT_CASE(g16_unmapped_event_ring),
	KUNIT_CASE(g16_root_gpu_only_is_permission),
	KUNIT_CASE(g16_status_read_only_is_permission),
	KUNIT_CASE(g16_event_ring_read_only_is_permission),
	KUNIT_CASE(g16_access_flag_clear_is_permission),
	KUNIT_CASE(g16_mapping_outside_ram_is_bad_pa),
	KUNIT_CASE(g16_fixed_range_missing_faults),
	KUNIT_CASE(g16_resume_record_checked),
	KUNIT_CASE(g16_bad_version_is_bad_root),
	KUNIT_CASE(g16_bad_geometry_is_bad_root),
	KUNIT_CASE(g16_bad_levels_is_bad_root),
	KUNIT_CASE(g16_event_ring_end_is_bad_channel),
	KUNIT_CASE(g16_missing_work_ring_is_bad_channel),
	KUNIT_CASE(g16_invalid_ttb_is_bad_ttb),
	KUNIT_CASE(g16_tagged_slot0_is_bad_ttb),
	KUNIT_CASE(g17_stale_context_slots_refuse_start),
	KUNIT_CASE(g17_cleared_context_slots_start),
	KUNIT_CASE(g16_nonempty_slot0_high_root_is_bad_ttb),
	KUNIT_CASE(g16_start_without_cold_check_is_cold_state),
	KUNIT_CASE(g16_sgx_writes_before_cold_check_are_cold_state),
	KUNIT_CASE(g16_cold_check_of_running_instance_is_busy),
	KUNIT_CASE(g16_flist_taken_after_first_work_published),
	KUNIT_CASE(g16_slot1_before_acceptance_is_bad_ttb),
	KUNIT_CASE(g16_firmware_walks_the_loader_root),
	KUNIT_CASE(g16_registration_needs_compute_scratch_and_marker),
	KUNIT_CASE(g16_registration_checks_slot1),
	KUNIT_CASE(g16_lost_image_is_loader_map),
	KUNIT_CASE(g16_handoff_checked_at_start),
	KUNIT_CASE(g16_stale_handoff_word_refused),
	KUNIT_CASE(g16_start_without_axi_is_cold_state),
	KUNIT_CASE(g16_message_to_stopped_endpoint),
	KUNIT_CASE(g16_unknown_message_is_bad_message),
	KUNIT_CASE(g16_out_of_order_is_bad_sequence),
	KUNIT_CASE(g16_init_with_high_bits_is_bad_message),
	KUNIT_CASE(g16_kick_counts_and_barrier_retires),
	KUNIT_CASE(g16_compute_completes),
	KUNIT_CASE(g16_full_event_ring_holds_completion_until_drained),
	KUNIT_CASE(g16_dependency_waits_for_stamp),
	KUNIT_CASE(g16_bm_page_list_must_match_pb_descriptor),
	KUNIT_CASE(g16_render_names_the_device_empty_buffer),
	KUNIT_CASE(g16_render_completes_both_stages),
	KUNIT_CASE(g16_ta_scene_record_in_its_pool),
	KUNIT_CASE(g16_held_ta_stalls_its_3d),
	KUNIT_CASE(g16_release_newest_first),
	KUNIT_CASE(g16_delay_completes_later),
	KUNIT_CASE(g16_script_never_completes_one_job),
	KUNIT_CASE(g16_script_fatal_and_crash),
	KUNIT_CASE(g16_script_holds_and_delays_one_job),
	KUNIT_CASE(g16_ring_wraps_at_0x500),
	KUNIT_CASE(g16_malformed_work_crashes),
	KUNIT_CASE(g16_malformed_messages_crash),
	KUNIT_CASE(g16_kick_to_missing_pipe_is_bad_message),
	KUNIT_CASE(fault_never_ack),
	KUNIT_CASE(fault_none_disarms),
	KUNIT_CASE(fault_ack_late),
	KUNIT_CASE(fault_ack_late_then_destroy),
	KUNIT_CASE(destroy_with_messages_in_flight),
	KUNIT_CASE(fault_wrong_status),
	KUNIT_CASE(fault_crash_in_boot_on_init),
	KUNIT_CASE(fault_crash_in_boot_in_rtkit),
	KUNIT_CASE(fault_malformed_and_unknown_messages),
	KUNIT_CASE(fault_drop_doorbell),
	KUNIT_CASE(fault_fill_event_ring),
	KUNIT_CASE(fault_crash_after_boot),
	KUNIT_CASE(post_event_notifies),
	KUNIT_CASE(cpu_time_leaves_out_the_host_callbacks),
	KUNIT_CASE(cpu_time_inline_leaves_out_the_host_callbacks),
	KUNIT_CASE(stop_is_recorded_and_idempotent),
	KUNIT_CASE(g17p_boot_acks_both_instances),
	KUNIT_CASE(g17p_window_read_only_is_bad_window),
	KUNIT_CASE(g17p_missing_window_is_bad_window),
	KUNIT_CASE(g17p_doorbell_before_control_start),
	KUNIT_CASE(g17p_control_record_consumed_from_ram),
	KUNIT_CASE(g17p_handoff_checked_at_init),
	KUNIT_CASE(g17p_secondary_kind_is_bad_root),
	KUNIT_CASE(g17p_secondary_runs_on_its_own_root),
	KUNIT_CASE(g17p_status_b_gpu_only_is_permission),
	KUNIT_CASE(g17p_wrong_status_in_ack),
	KUNIT_CASE(g17p_never_ack_sends_no_0x09),
	KUNIT_CASE(g17p_event_on_secondary_ring),
	KUNIT_CASE(g17p_ids_for_identify),
	KUNIT_CASE(g17p_compute_completes),
	KUNIT_CASE(g17p_secondary_posts_startup_receipt),
	KUNIT_CASE(g17p_startup_receipt_waits_for_room),
	KUNIT_CASE(g17p_completion_reports_on_every_ring),
	KUNIT_CASE(g17p_full_secondary_event_pair_stalls),
	KUNIT_CASE(g17p_full_primary_trace_ring_stalls),
	KUNIT_CASE(g17p_point_waits_for_other_grid),
	KUNIT_CASE(g17p_render_reports_the_pair_once),
	KUNIT_CASE(g17p_3d_depth_stencil_copies_match_registers),
	KUNIT_CASE(g17p_render_tag_and_lifecycle_checked),
	KUNIT_CASE(g17p_bank_switch_restarts_the_ring),
	KUNIT_CASE(g17p_cleanup_lets_a_queue_start_again),
	KUNIT_CASE(g17p_first_item_of_a_known_queue_needs_its_cleanup),
	KUNIT_CASE(g17p_forgotten_queue_needs_a_first_message),
	KUNIT_CASE(g17p_malformed_work_crashes),
	KUNIT_CASE(g17p_descriptor_alias_covers_0x1040),
	KUNIT_CASE(g16_grow_three_times_refused_once),
	KUNIT_CASE(g16_grow_request_waits_for_event_ring_room),
	KUNIT_CASE(g16_grew_needs_mapped_blocks),
	KUNIT_CASE(g16_grew_without_blocks_is_bad_record),
	KUNIT_CASE(g16_partial_render_needs_partial_eot),
	KUNIT_CASE(g16_limit_reports_and_waits_for_opcode_9),
	KUNIT_CASE(g16_reply_without_request_is_refused),
	KUNIT_CASE_SLOW(g16_unanswered_request_leaves_the_job),
	KUNIT_CASE(g17p_grow_grew_then_refused),
	KUNIT_CASE(g17p_tick_numbers_follow_renders),
	KUNIT_CASE(g17p_grew_needs_indexed_blocks),
	KUNIT_CASE(g17p_grew_needs_mapped_blocks),
	KUNIT_CASE(g17p_partial_render_checks_locators),
	KUNIT_CASE(g17p_limit_is_consumed_only),
	KUNIT_CASE(g17p_reply_without_request_is_refused),
	{}
};

static struct kunit_suite agx4_fwmodel_suite = {
	.name = "agx4_fwmodel",
	.test_cases = agx4_fwmodel_cases,
};

kunit_test_suite(agx4_fwmodel_suite);
