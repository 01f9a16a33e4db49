// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitfield.h>
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/gfp.h>
#include <linux/io.h>
#include <linux/log2.h>
#include <linux/minmax.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/xarray.h>

#include "agx4_test_hooks.h"
#include "agx4_uat.h"

/**
 * DOC: UAT page tables
 *
 * The GPU's MMU (UAT) walks ARMv8-style tables with a 16 KiB granule and
 * 8-byte descriptors, three levels: the root indexed by VA bits 41..36 (64
 * entries on G16/G17P, 8 on G13/G14), then two levels of 2048 entries
 * (bits 35..25 and 24..14).  Each context has two trees, one per address
 * half; the firmware half is shared by every context.
 *
 * Table pages are ordinary kernel pages (16 KiB, naturally aligned),
 * mapped for DMA so that edits can be cleaned to memory for the UAT, which
 * does not snoop the CPU caches.  Each table page carries a small
 * &struct uat_pt in its page's private field: the number of valid entries
 * (a table is freed when it has none), its parent entry, and the range of
 * entries edited since they were last cleaned.
 *
 * Changes are batched in a &struct agx4_uat_op: reserve (may allocate and
 * fail), then map and unmap (never allocate, never fail), then end: empty
 * tables are unlinked, edited entries cleaned once per table, the changed
 * range invalidated once in the TLB, and only then are dead tables freed,
 * since the UAT may walk them until the invalidation completes.
 *
 * TLB maintenance uses the CPU's outer-shareable broadcast TLBI
 * instructions, which the UAT observes: by VA and ASID for small ranges,
 * the whole ASID beyond %AGX4_UAT_TLBI_MAX_PAGES.  On hosts without those
 * instructions (UML, x86 with COMPILE_TEST) the helper does nothing; KUnit
 * replaces it with a model of a TLB.
 */

/* Descriptor bits: the hardware format, common to every generation. */
#define UAT_PTE_VALID	BIT_ULL(0)
#define UAT_PTE_TYPE	BIT_ULL(1)	/* table (levels 0-1) or page (leaf) */
#define UAT_PTE_ATTRIDX	GENMASK_ULL(4, 2)
#define UAT_PTE_AP		GENMASK_ULL(7, 6)
#define UAT_PTE_AF		BIT_ULL(10)
#define UAT_PTE_NG		BIT_ULL(11)
#define UAT_PTE_PXN		BIT_ULL(53)
#define UAT_PTE_UXN		BIT_ULL(54)
#define UAT_PTE_OS		BIT_ULL(55)	/* host-owned page ("GPU access") */
#define UAT_PTE_TABLE	(UAT_PTE_VALID | UAT_PTE_TYPE)

/* AttrIndx values fixed by the firmware's MAIR. */
#define UAT_ATTR_CACHED	0
#define UAT_ATTR_DEVICE	1
#define UAT_ATTR_UNCACHED	2

/* AP classes. */
#define UAT_AP_FW_GPU	0
#define UAT_AP_FW		1
#define UAT_AP_GPU		2

/* (UXN, PXN) pairs, as a 2-bit number UXN:PXN. */
#define UAT_XN(uxn, pxn)	(((uxn) << 1) | (pxn))

/* Beyond this many pages, invalidate the whole context instead. */
#define AGX4_UAT_TLBI_MAX_PAGES	512

#define UAT_TABLE_SIZE		AGX4_UAT_PAGE_SIZE
#define UAT_TABLE_ORDER		get_order(UAT_TABLE_SIZE)

/**
 * struct uat_pt - what agx4 knows about one table page
 * @page: the page.
 * @dma: its DMA address, for cache maintenance.
 * @parent: the table that points at this one; NULL for the root.
 * @parent_index: the entry of @parent that does.
 * @off: first offset (into the tree's half) the table covers.
 * @level: 0 for the root.
 * @valid: valid entries.
 * @dirty_lo: first entry edited since the last clean.
 * @dirty_hi: last such entry; below @dirty_lo when none.
 * @dirty_link: on &agx4_uat_op.dirty while edited.
 * @link: on &agx4_uat_op.empty or &agx4_uat_op.prealloc.
 * @on_empty: on &agx4_uat_op.empty.
 * @table: the table's kernel address.
 * @foreign: the table belongs to the boot loader (it lives in the
 *	borrowed region, is never freed and needs no cache maintenance).
 * @pin_first: in a leaf table a &struct agx4_uat_window holds, the first
 *	of the window's entries; its entries are written only through the
 *	window, @valid counts only the others, and the table is not freed
 *	while pinned.
 * @pin_end: one past the window's last entry; 0 when no window holds the
 *	table.
 */
struct uat_pt {
	struct page *page;
	dma_addr_t dma;
	struct uat_pt *parent;
	u32 parent_index;
	u64 off;
	u8 level;
	u32 valid;
	u32 dirty_lo;
	u32 dirty_hi;
	struct list_head dirty_link;
	struct list_head link;
	bool on_empty;
	u64 *table;
	bool foreign;
	u16 pin_first;
	u16 pin_end;
};

static inline bool pt_pinned(const struct uat_pt *pt)
{
	return pt->pin_end;
}

/* Do entries @first..@last - 1 of @pt meet its window's? */
static inline bool pt_pins(const struct uat_pt *pt, unsigned int first,
			   unsigned int last)
{
	return first < pt->pin_end && pt->pin_first < last;
}

static inline u64 *pt_table(struct uat_pt *pt)
{
	return pt->table;
}

/* The borrowed region a table's kernel address lies in, or NULL. */
static const struct agx4_uat_region *region_of_table(const struct agx4_uat *uat,
						     const void *table)
{
	unsigned int i;

	for (i = 0; i < uat->num_regions; i++) {
		const struct agx4_uat_region *r = &uat->regions[i];

		if (table >= r->va && table < r->va + r->size)
			return r;
	}
	return NULL;
}

/* The borrowed region a physical address lies in, or NULL. */
static const struct agx4_uat_region *region_of_pa(const struct agx4_uat *uat,
						  phys_addr_t pa)
{
	unsigned int i;

	for (i = 0; i < uat->num_regions; i++) {
		const struct agx4_uat_region *r = &uat->regions[i];

		if (pa >= r->pa && pa - r->pa < r->size)
			return r;
	}
	return NULL;
}

/* The &agx4_uat.foreign index of a loader table: its physical page. */
static unsigned long foreign_index(const struct agx4_uat_region *r,
				   const void *table)
{
	return (r->pa + (table - r->va)) >> AGX4_UAT_PAGE_SHIFT;
}

static inline struct uat_pt *table_pt(const struct agx4_uat *uat, u64 *table)
{
	const struct agx4_uat_region *r = region_of_table(uat, table);

	if (r)
		return xa_load(&((struct agx4_uat *)uat)->foreign,
			       foreign_index(r, table));
	return (struct uat_pt *)page_private(virt_to_page(table));
}

static inline unsigned int level_shift(const struct agx4_uat_geom *g,
				       unsigned int level)
{
	return AGX4_UAT_PAGE_SHIFT + (g->levels - 1 - level) * ilog2(g->entries);
}

static inline unsigned int level_entries(const struct agx4_uat_geom *g,
					 unsigned int level)
{
	return level ? g->entries : g->root_entries;
}

/* Entry of @level for @off, an offset into the tree's half. */
static inline unsigned int level_index(const struct agx4_uat *uat,
				       unsigned int level, u64 off)
{
	return (off >> level_shift(uat->geom, level)) &
		(level_entries(uat->geom, level) - 1);
}

static inline u64 oa_mask(const struct agx4_uat_geom *g)
{
	return GENMASK_ULL(g->oa_bits - 1, AGX4_UAT_PAGE_SHIFT);
}

/* The table an entry points at, in the borrowed region or in our pages. */
static u64 *child_table(const struct agx4_uat *uat, u64 entry)
{
	phys_addr_t pa = entry & oa_mask(uat->geom);
	const struct agx4_uat_region *r = region_of_pa(uat, pa);

	if (r)
		return r->va + (pa - r->pa);
	return phys_to_virt(pa);
}

static struct uat_pt *pt_alloc(struct agx4_uat *uat)
{
	struct uat_pt *pt;

	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (!pt)
		return NULL;
	pt->page = alloc_pages(GFP_KERNEL | __GFP_ZERO, UAT_TABLE_ORDER);
	if (!pt->page)
		goto err_free;
	pt->dma = dma_map_page(uat->dev, pt->page, 0, UAT_TABLE_SIZE,
			       DMA_TO_DEVICE);
	if (dma_mapping_error(uat->dev, pt->dma))
		goto err_pages;
	set_page_private(pt->page, (unsigned long)pt);
	pt->table = page_address(pt->page);
	INIT_LIST_HEAD(&pt->dirty_link);
	INIT_LIST_HEAD(&pt->link);
	pt->dirty_lo = U32_MAX;
	return pt;

err_pages:
	__free_pages(pt->page, UAT_TABLE_ORDER);
err_free:
	kfree(pt);
	return NULL;
}

static void pt_free(struct agx4_uat *uat, struct uat_pt *pt)
{
	dma_unmap_page(uat->dev, pt->dma, UAT_TABLE_SIZE, DMA_TO_DEVICE);
	set_page_private(pt->page, 0);
	__free_pages(pt->page, UAT_TABLE_ORDER);
	kfree(pt);
}

/**
 * agx4_uat_init() - create an empty tree
 * @uat: the tree.
 * @dev: device the tables are DMA-mapped for.
 * @geom: its shape.
 * @high_half: the tree covers the high (firmware) half.
 *
 * Return: 0 or -ENOMEM, -EINVAL for an impossible geometry.
 */
int agx4_uat_init(struct agx4_uat *uat, struct device *dev,
		  const struct agx4_uat_geom *geom, bool high_half)
{
	unsigned int ias;
	struct uat_pt *root;

	if (geom->levels < 2 || geom->levels > AGX4_UAT_MAX_LEVELS ||
	    !is_power_of_2(geom->entries) || !is_power_of_2(geom->root_entries) ||
	    geom->entries * sizeof(u64) != UAT_TABLE_SIZE ||
	    geom->root_entries > geom->entries ||
	    level_shift(geom, 0) != geom->root_shift ||
	    geom->oa_bits <= AGX4_UAT_PAGE_SHIFT || geom->oa_bits > 52)
		return -EINVAL;

	ias = geom->root_shift + ilog2(geom->root_entries);
	memset(uat, 0, sizeof(*uat));
	uat->dev = dev;
	uat->geom = geom;
	uat->va_size = 1ull << ias;
	uat->va_start = high_half ? -uat->va_size : 0;
	uat->asid = -1;
	mutex_init(&uat->lock);

	root = pt_alloc(uat);
	if (!root) {
		mutex_destroy(&uat->lock);
		return -ENOMEM;
	}
	uat->root = pt_table(root);
	uat->root_pa = page_to_phys(root->page);
	uat->tables = 1;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_init);

/* Record a loader table and, recursively, the loader tables below it. */
static int adopt_tree(struct agx4_uat *uat, u64 *table, unsigned int level)
{
	const struct agx4_uat_geom *g = uat->geom;
	unsigned int i, n = level_entries(g, level);
	struct uat_pt *pt;
	int ret;

	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (!pt)
		return -ENOMEM;
	pt->table = table;
	pt->foreign = true;
	pt->level = level;
	pt->dirty_lo = U32_MAX;
	INIT_LIST_HEAD(&pt->dirty_link);
	INIT_LIST_HEAD(&pt->link);
	ret = xa_insert(&uat->foreign,
			foreign_index(region_of_table(uat, table), table), pt,
			GFP_KERNEL);
	if (ret) {
		kfree(pt);
		return ret == -EBUSY ? -EINVAL : ret;	/* a table twice */
	}

	for (i = 0; i < n; i++) {
		u64 e = READ_ONCE(table[i]);
		phys_addr_t pa = e & oa_mask(g);

		if (!(e & UAT_PTE_VALID))
			continue;
		pt->valid++;
		if (level + 1 == g->levels)
			continue;
		/* Only tables, and only inside the regions, can be walked. */
		if ((e & UAT_PTE_TABLE) != UAT_PTE_TABLE ||
		    !region_of_pa(uat, pa))
			return -EINVAL;
		ret = adopt_tree(uat, child_table(uat, e), level + 1);
		if (ret)
			return ret;
	}
	return 0;
}

/**
 * agx4_uat_init_borrowed() - take over a tree the boot loader built
 * @uat: the tree.
 * @dev: device the tables agx4 adds are DMA-mapped for.
 * @geom: its shape.
 * @high_half: the tree covers the high (firmware) half.
 * @regions: the reservations the loader's tables lie in (``pagetables``,
 *	and ``l2`` where the loader keeps the table its firmware instances
 *	share), mapped uncached; they must stay mapped until agx4_uat_fini().
 * @num_regions: entries of @regions, 1 or 2.
 * @root_pa: the loader's root table, inside a region.
 *
 * The loader's tables stay where they are and are never freed; agx4 adds
 * entries to them and its own tables below, and frees only its own.  Every
 * table the loader's tree reaches must lie inside a region (agx4 has no
 * other way to reach it), and the loader may not use block descriptors.
 *
 * Return: 0; -EINVAL for misaligned or overlapping regions, a root outside
 * them, a table outside them or a block descriptor; -ENOMEM.
 */
int agx4_uat_init_borrowed(struct agx4_uat *uat, struct device *dev,
			   const struct agx4_uat_geom *geom, bool high_half,
			   const struct agx4_uat_region *regions,
			   unsigned int num_regions, phys_addr_t root_pa)
{
	const struct agx4_uat_region *root_region;
	unsigned int i;
	int ret;

	if (!num_regions || num_regions > AGX4_UAT_MAX_REGIONS ||
	    !IS_ALIGNED(root_pa, UAT_TABLE_SIZE))
		return -EINVAL;
	for (i = 0; i < num_regions; i++) {
		const struct agx4_uat_region *r = &regions[i];

		if (!r->size || !IS_ALIGNED(r->pa | r->size, UAT_TABLE_SIZE) ||
		    (i && r->pa < regions[0].pa + regions[0].size &&
		     regions[0].pa < r->pa + r->size))
			return -EINVAL;
	}
	ret = agx4_uat_init(uat, dev, geom, high_half);
	if (ret)
		return ret;
	/* Drop the root agx4_uat_init() made; the loader's takes its place. */
	pt_free(uat, table_pt(uat, uat->root));
	uat->tables = 0;
	memcpy(uat->regions, regions, num_regions * sizeof(*regions));
	uat->num_regions = num_regions;
	root_region = region_of_pa(uat, root_pa);
	if (!root_region) {
		uat->num_regions = 0;
		mutex_destroy(&uat->lock);
		uat->root = NULL;
		return -EINVAL;
	}
	uat->root = root_region->va + (root_pa - root_region->pa);
	uat->root_pa = root_pa;
	xa_init(&uat->foreign);

	ret = adopt_tree(uat, uat->root, 0);
	if (ret) {
		unsigned long i;
		struct uat_pt *pt;

		xa_for_each(&uat->foreign, i, pt)
			kfree(pt);
		xa_destroy(&uat->foreign);
		mutex_destroy(&uat->lock);
		uat->root = NULL;
	}
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_init_borrowed);

/* Free our tables under @table, and @table itself unless it is foreign. */
static void free_tree(struct agx4_uat *uat, u64 *table, unsigned int level)
{
	unsigned int i, n = level_entries(uat->geom, level);
	struct uat_pt *pt = table_pt(uat, table);

	if (level + 1 < uat->geom->levels) {
		for (i = 0; i < n; i++) {
			if (table[i] & UAT_PTE_VALID)
				free_tree(uat, child_table(uat, table[i]),
					  level + 1);
		}
	}
	if (pt->foreign) {
		kfree(pt);
		return;
	}
	pt_free(uat, pt);
	uat->tables--;
}

/**
 * agx4_uat_fini() - free every table of a tree
 * @uat: the tree; no context may still use it.
 */
void agx4_uat_fini(struct agx4_uat *uat)
{
	if (!uat->root)
		return;
	free_tree(uat, uat->root, 0);
	WARN_ON(uat->tables);
	uat->root = NULL;
	if (uat->num_regions)
		xa_destroy(&uat->foreign);
	mutex_destroy(&uat->lock);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_fini);

/*
 * (UXN, PXN) for each permission of each class, or -1 where the class
 * cannot express it: the UAT's PTE permission encoding, as m1n1 and the
 * G16/G17P reference drivers program it (H).
 */
static const s8 uat_xn[3][5] = {
	[AGX4_UAT_FW_GPU] = {
		[AGX4_UAT_NA] = UAT_XN(0, 0), [AGX4_UAT_RO] = UAT_XN(0, 1),
		[AGX4_UAT_WO] = UAT_XN(1, 0), [AGX4_UAT_RW] = UAT_XN(1, 1),
		[AGX4_UAT_FW_RW_GPU_RO] = -1,
	},
	[AGX4_UAT_FW] = {
		[AGX4_UAT_RO] = UAT_XN(0, 0), [AGX4_UAT_NA] = UAT_XN(0, 1),
		[AGX4_UAT_RW] = UAT_XN(1, 0), [AGX4_UAT_FW_RW_GPU_RO] = UAT_XN(1, 1),
		[AGX4_UAT_WO] = -1,
	},
	[AGX4_UAT_GPU] = {
		[AGX4_UAT_RO] = UAT_XN(0, 0), [AGX4_UAT_WO] = UAT_XN(0, 1),
		[AGX4_UAT_RW] = UAT_XN(1, 0), [AGX4_UAT_NA] = UAT_XN(1, 1),
		[AGX4_UAT_FW_RW_GPU_RO] = -1,
	},
};

static const u8 uat_ap[3] = {
	[AGX4_UAT_FW_GPU] = UAT_AP_FW_GPU,
	[AGX4_UAT_FW] = UAT_AP_FW,
	[AGX4_UAT_GPU] = UAT_AP_GPU,
};

static const u8 uat_attr[3] = {
	[AGX4_UAT_CACHED] = UAT_ATTR_CACHED,
	[AGX4_UAT_DEVICE] = UAT_ATTR_DEVICE,
	[AGX4_UAT_UNCACHED] = UAT_ATTR_UNCACHED,
};

/**
 * agx4_uat_prot_valid() - can the UAT express these attributes?
 * @prot: the attributes.
 *
 * Return: true if agx4_uat_pte_attrs() can encode them.
 */
bool agx4_uat_prot_valid(const struct agx4_uat_prot *prot)
{
	return prot->access <= AGX4_UAT_GPU &&
	       prot->perm <= AGX4_UAT_FW_RW_GPU_RO &&
	       prot->memtype <= AGX4_UAT_UNCACHED &&
	       uat_xn[prot->access][prot->perm] >= 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_prot_valid);

/**
 * agx4_uat_pte_attrs() - the attribute bits of a leaf descriptor
 * @prot: the attributes; must be valid (agx4_uat_prot_valid()).
 *
 * Return: the descriptor without its output address, or 0 for invalid
 * attributes.
 */
u64 agx4_uat_pte_attrs(const struct agx4_uat_prot *prot)
{
	int xn;

	if (WARN_ON(!agx4_uat_prot_valid(prot)))
		return 0;
	xn = uat_xn[prot->access][prot->perm];
	return UAT_PTE_VALID | UAT_PTE_TYPE | UAT_PTE_AF | UAT_PTE_OS |
	       FIELD_PREP(UAT_PTE_ATTRIDX, uat_attr[prot->memtype]) |
	       FIELD_PREP(UAT_PTE_AP, uat_ap[prot->access]) |
	       (prot->global ? 0 : UAT_PTE_NG) |
	       ((xn & 2) ? UAT_PTE_UXN : 0) | ((xn & 1) ? UAT_PTE_PXN : 0);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_pte_attrs);

/**
 * agx4_uat_op_begin() - start a batch of changes
 * @uat: the tree; its lock must be held until agx4_uat_op_end().
 * @op: the batch.
 */
void agx4_uat_op_begin(struct agx4_uat *uat, struct agx4_uat_op *op)
{
	lockdep_assert_held(&uat->lock);
	memset(op, 0, sizeof(*op));
	op->uat = uat;
	INIT_LIST_HEAD(&op->prealloc);
	INIT_LIST_HEAD(&op->dirty);
	INIT_LIST_HEAD(&op->empty);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_op_begin);

static bool range_ok(const struct agx4_uat *uat, u64 va, u64 size)
{
	u64 off = va - uat->va_start;

	return size && IS_ALIGNED(va, AGX4_UAT_PAGE_SIZE) &&
	       IS_ALIGNED(size, AGX4_UAT_PAGE_SIZE) &&
	       off < uat->va_size && size <= uat->va_size - off;
}

/* Missing tables under @table for the offsets [off, end). */
static unsigned long count_missing(struct agx4_uat *uat, u64 *table,
				   unsigned int level, u64 off, u64 end)
{
	const struct agx4_uat_geom *g = uat->geom;
	u64 span = 1ull << level_shift(g, level);
	unsigned long missing = 0;

	while (off < end) {
		u64 next = min(end, round_down(off, span) + span);
		u64 entry = table[level_index(uat, level, off)];

		if (level + 2 == g->levels) {
			/* The entry points at a leaf table. */
			if (!(entry & UAT_PTE_VALID))
				missing++;
		} else if (entry & UAT_PTE_VALID) {
			missing += count_missing(uat, child_table(uat, entry),
						 level + 1, off, next);
		} else {
			/* This table and every table below it. */
			u64 sub = 1ull << level_shift(g, level + 1);

			missing += 1 + DIV_ROUND_UP_ULL(next - round_down(off, sub),
							 sub);
		}
		off = next;
	}
	return missing;
}

/**
 * agx4_uat_op_reserve() - allocate what mapping a range will need
 * @op: the batch.
 * @va: start of the range, 16 KiB aligned, inside the tree's half.
 * @size: its size, 16 KiB aligned, not 0.
 *
 * Allocates every table page that agx4_uat_op_map() of this range can
 * need, given the tables present now.  Reservations add up: reserve every
 * range of the batch before mapping any.
 *
 * Return: 0, -EINVAL for a bad range, -ENOMEM when memory or the tree's
 * table budget (&agx4_uat.max_tables) runs out (the batch keeps what it
 * had reserved before).
 */
int agx4_uat_op_reserve(struct agx4_uat_op *op, u64 va, u64 size)
{
	struct agx4_uat *uat = op->uat;
	unsigned long n;

	lockdep_assert_held(&uat->lock);
	if (!range_ok(uat, va, size))
		return -EINVAL;

	n = count_missing(uat, uat->root, 0, va - uat->va_start,
			  va - uat->va_start + size);
	if (uat->max_tables &&
	    uat->tables + op->nprealloc + n > uat->max_tables) {
		op->failed_alloc = true;
		return -ENOMEM;
	}
	while (n--) {
		struct uat_pt *pt = pt_alloc(uat);

		if (!pt) {
			op->failed_alloc = true;
			return -ENOMEM;
		}
		list_add(&pt->link, &op->prealloc);
		op->nprealloc++;
	}
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_op_reserve);

static void mark_dirty(struct agx4_uat_op *op, struct uat_pt *pt,
		       unsigned int lo, unsigned int hi)
{
	if (list_empty(&pt->dirty_link))
		list_add_tail(&pt->dirty_link, &op->dirty);
	pt->dirty_lo = min(pt->dirty_lo, lo);
	pt->dirty_hi = max(pt->dirty_hi, hi);
}

static void note_inval(struct agx4_uat_op *op, u64 start, u64 end)
{
	if (op->inval_start == op->inval_end) {
		op->inval_start = start;
		op->inval_end = end;
		return;
	}
	op->inval_start = min(op->inval_start, start);
	op->inval_end = max(op->inval_end, end);
}

/* The leaf table for @off, creating missing tables from the reservation. */
static u64 *leaf_table(struct agx4_uat_op *op, u64 off)
{
	struct agx4_uat *uat = op->uat;
	u64 *table = uat->root;
	unsigned int level;

	for (level = 0; level + 1 < uat->geom->levels; level++) {
		unsigned int idx = level_index(uat, level, off);
		struct uat_pt *child;

		if (table[idx] & UAT_PTE_VALID) {
			table = child_table(uat, table[idx]);
			continue;
		}
		if (WARN_ON(list_empty(&op->prealloc)))
			return NULL;
		child = list_first_entry(&op->prealloc, struct uat_pt, link);
		list_del_init(&child->link);
		op->nprealloc--;
		child->parent = table_pt(uat, table);
		child->parent_index = idx;
		child->level = level + 1;
		child->off = round_down(off, 1ull << level_shift(uat->geom, level));
		uat->tables++;

		table[idx] = page_to_phys(child->page) | UAT_PTE_TABLE;
		child->parent->valid++;
		mark_dirty(op, child->parent, idx, idx);
		table = pt_table(child);
	}
	return table;
}

/**
 * agx4_uat_op_map() - map a physically contiguous range
 * @op: the batch; the range must have been reserved.
 * @va: start, 16 KiB aligned.
 * @pa: physical start, 16 KiB aligned.
 * @size: size, 16 KiB aligned.
 * @prot: attributes.
 *
 * The range must not be mapped already (unmap it first: changing a live
 * translation needs break-before-make, which the batch gives by unmapping
 * and mapping in one operation).  Never allocates, never fails; a range
 * that was not reserved or is mapped already is a driver bug and WARNs.
 */
void agx4_uat_op_map(struct agx4_uat_op *op, u64 va, phys_addr_t pa,
		     u64 size, const struct agx4_uat_prot *prot)
{
	struct agx4_uat *uat = op->uat;
	const unsigned int leaf = uat->geom->levels - 1;
	u64 attrs = agx4_uat_pte_attrs(prot);
	u64 off = va - uat->va_start, end = off + size;

	lockdep_assert_held(&uat->lock);
	if (WARN_ON(!range_ok(uat, va, size) ||
		    !IS_ALIGNED(pa, AGX4_UAT_PAGE_SIZE) ||
		    ((pa + size - 1) >> uat->geom->oa_bits) || !attrs))
		return;

	note_inval(op, off, end);
	while (off < end) {
		u64 *table = leaf_table(op, off);
		unsigned int first = level_index(uat, leaf, off), i;
		unsigned int last = min_t(u64, uat->geom->entries,
					  first + ((end - off) >> AGX4_UAT_PAGE_SHIFT));
		struct uat_pt *pt;

		if (!table)
			return;
		pt = table_pt(uat, table);
		/* A window's range is mapped only through the window. */
		if (WARN_ON_ONCE(pt_pins(pt, first, last)))
			return;
		for (i = first; i < last; i++) {
			WARN_ON_ONCE(table[i] & UAT_PTE_VALID);
			table[i] = pa | attrs;
			pa += AGX4_UAT_PAGE_SIZE;
		}
		pt->valid += last - first;
		mark_dirty(op, pt, first, last - 1);
		off += (u64)(last - first) << AGX4_UAT_PAGE_SHIFT;
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_op_map);

static void note_empty(struct agx4_uat_op *op, struct uat_pt *pt)
{
	if (!pt->valid && pt->parent && !pt->on_empty && !pt->foreign &&
	    !pt_pinned(pt)) {
		pt->on_empty = true;
		list_add_tail(&pt->link, &op->empty);
	}
}

/**
 * agx4_uat_op_unmap() - unmap a range
 * @op: the batch.
 * @va: start, 16 KiB aligned.
 * @size: size, 16 KiB aligned.
 *
 * Unmapped holes inside the range are skipped.  Never allocates, never
 * fails.
 */
void agx4_uat_op_unmap(struct agx4_uat_op *op, u64 va, u64 size)
{
	struct agx4_uat *uat = op->uat;
	const struct agx4_uat_geom *g = uat->geom;
	const unsigned int leaf = g->levels - 1;
	u64 off = va - uat->va_start, end = off + size;

	lockdep_assert_held(&uat->lock);
	if (WARN_ON(!range_ok(uat, va, size)))
		return;

	note_inval(op, off, end);
	while (off < end) {
		u64 *table = uat->root;
		unsigned int level, first, last, i, cleared = 0;
		bool skip;
		u64 next;

		/* Find the leaf table, or skip the whole hole. */
		for (level = 0; level < leaf; level++) {
			u64 entry = table[level_index(uat, level, off)];

			if (!(entry & UAT_PTE_VALID))
				break;
			table = child_table(uat, entry);
		}
		if (level < leaf) {
			u64 span = 1ull << level_shift(g, level);

			next = round_down(off, span) + span;
			off = min(end, next);
			continue;
		}

		first = level_index(uat, leaf, off);
		last = min_t(u64, g->entries,
			     first + ((end - off) >> AGX4_UAT_PAGE_SHIFT));
		/* A window's range is unmapped only through it. */
		skip = WARN_ON_ONCE(pt_pins(table_pt(uat, table), first, last));
		for (i = first; i < last && !skip; i++) {
			if (table[i] & UAT_PTE_VALID) {
				table[i] = 0;
				cleared++;
			}
		}
		if (cleared) {
			struct uat_pt *pt = table_pt(uat, table);

			pt->valid -= cleared;
			mark_dirty(op, pt, first, last - 1);
			note_empty(op, pt);
		}
		off += (u64)(last - first) << AGX4_UAT_PAGE_SHIFT;
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_op_unmap);

/**
 * agx4_uat_tlb_inval() - invalidate the UAT's TLB for a range of a tree
 * @uat: the tree.
 * @start: first address, 16 KiB aligned.
 * @size: bytes, 16 KiB aligned.
 *
 * The firmware half is shared by every context and invalidated for all of
 * them; a low half only for the context it is bound to, and not at all
 * while it is bound to none (binding a context invalidates it).
 */
void agx4_uat_tlb_inval(struct agx4_uat *uat, u64 start, u64 size)
{
	AGX4_STATIC_STUB_REDIRECT(agx4_uat_tlb_inval, uat, start, size);
#ifdef CONFIG_ARM64
	{
		bool all = uat->va_start != 0;
		u64 pages = size >> AGX4_UAT_PAGE_SHIFT;
		u64 va, i, asid;
		int ctx;

		/*
		 * Table writes are visible before the invalidation starts,
		 * and before the context is read: bound since, the context's
		 * first use sees them (set_asid()).
		 */
		dsb(osh);
		ctx = READ_ONCE(uat->asid);
		if (!all && ctx < 0)
			return;
		asid = (u64)ctx << 48;
		if (pages > AGX4_UAT_TLBI_MAX_PAGES) {
			if (all)	/* TLBI VMALLE1OS */
				asm volatile("sys #0, c8, c1, #0" : : : "memory");
			else		/* TLBI ASIDE1OS */
				asm volatile("sys #0, c8, c1, #2, %0"
					     : : "r" (asid) : "memory");
		} else {
			/* One per 16 KiB page, addresses in 4 KiB units. */
			for (i = 0, va = start; i < pages;
			     i++, va += AGX4_UAT_PAGE_SIZE) {
				u64 arg = (va >> 12) & GENMASK_ULL(43, 0);

				if (all)	/* TLBI VAAE1OS */
					asm volatile("sys #0, c8, c1, #3, %0"
						     : : "r" (arg) : "memory");
				else		/* TLBI VAE1OS */
					asm volatile("sys #0, c8, c1, #1, %0"
						     : : "r" (arg | asid)
						     : "memory");
			}
		}
		dsb(osh);
		isb();
	}
#endif
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_tlb_inval);

/**
 * agx4_uat_op_end() - finish a batch
 * @op: the batch.
 *
 * Unlinks tables left empty, cleans every edited entry to memory,
 * invalidates the changed range, then frees the dead tables and whatever
 * was reserved but not used.
 */
void agx4_uat_op_end(struct agx4_uat_op *op)
{
	struct agx4_uat *uat = op->uat;
	struct uat_pt *pt, *tmp;
	LIST_HEAD(dead);
	int level;

	lockdep_assert_held(&uat->lock);

	/* Deepest first, so that a parent emptied by its child follows. */
	for (level = uat->geom->levels - 1; level > 0; level--) {
		list_for_each_entry_safe(pt, tmp, &op->empty, link) {
			struct uat_pt *parent = pt->parent;
			u64 span;

			if (pt->level != level)
				continue;
			list_del_init(&pt->link);
			pt->on_empty = false;
			if (pt->valid)		/* refilled later in the batch */
				continue;
			pt_table(parent)[pt->parent_index] = 0;
			parent->valid--;
			mark_dirty(op, parent, pt->parent_index, pt->parent_index);
			note_empty(op, parent);
			/* The walk caches may hold the table for its whole span. */
			span = 1ull << level_shift(uat->geom, level - 1);
			note_inval(op, pt->off, pt->off + span);
			if (!list_empty(&pt->dirty_link))
				list_del_init(&pt->dirty_link);
			list_add(&pt->link, &dead);
			uat->tables--;
		}
	}

	list_for_each_entry_safe(pt, tmp, &op->dirty, dirty_link) {
		/* The borrowed region is mapped uncached: nothing to clean. */
		if (!pt->foreign)
			dma_sync_single_for_device(uat->dev,
						   pt->dma + pt->dirty_lo * sizeof(u64),
						   (pt->dirty_hi - pt->dirty_lo + 1) *
						   sizeof(u64), DMA_TO_DEVICE);
		pt->dirty_lo = U32_MAX;
		pt->dirty_hi = 0;
		list_del_init(&pt->dirty_link);
	}

	if (op->inval_start != op->inval_end)
		agx4_uat_tlb_inval(uat, uat->va_start + op->inval_start,
				   op->inval_end - op->inval_start);

	list_for_each_entry_safe(pt, tmp, &dead, link)
		pt_free(uat, pt);
	list_for_each_entry_safe(pt, tmp, &op->prealloc, link)
		pt_free(uat, pt);
	op->nprealloc = 0;
	INIT_LIST_HEAD(&op->prealloc);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_op_end);

/**
 * DOC: UAT windows
 *
 * Some mappings must be made where nothing may sleep or allocate: a
 * render's scratch goes in its VM when drm_sched's prepare_job hands the
 * job its place, in the path that signals the job's fences, and a G17P
 * render pool moves to the VM of the job that takes it over there.  A
 * window is a range of 16 KiB pages whose leaf tables stay linked while it
 * is pinned: agx4_uat_window_pin() makes them, under the tree's lock, and
 * from then on the range is the window's alone.  agx4_uat_window_map(),
 * agx4_uat_window_flush() and agx4_uat_window_unmap() write its entries
 * without the tree's lock and without allocating; each caller writes a
 * part of the range it owns (the window does not serialise them), cleans
 * those entries to memory and invalidates them.
 *
 * A window need not cover whole leaf tables (%AGX4_UAT_LEAF_SPAN each): a
 * leaf table at either end may hold the batch's mappings outside the
 * window too (a G17P VM's pool windows share their first leaf table with
 * the client's own buffers below them).  The batch keeps the count of its
 * own entries there and never writes the window's (it WARNs); the window
 * writes only its own entries.  Both clean only the entries they wrote, a
 * whole cache line at a time, which writes back the other side's entries
 * of that line as they are in the cache: a clean never loses a write, so
 * the two need no common lock.  A pinned table is never freed, so nothing
 * of the tree moves under the window; a leaf table holds one window at
 * most.  agx4_uat_window_unpin() gives the tables back to the tree, which
 * frees them once nothing of the batch is left in them either.
 */

/* The leaf of the tree's half that @va lies in. */
static u64 leaf_of(const struct agx4_uat *uat, u64 va)
{
	return (va - uat->va_start) / AGX4_UAT_LEAF_SPAN;
}

/* The window's leaf table for @va and the entry of @va in it. */
static struct uat_pt *window_leaf(const struct agx4_uat_window *w, u64 va,
				  unsigned int *index)
{
	*index = ((va - w->uat->va_start) % AGX4_UAT_LEAF_SPAN) >>
		 AGX4_UAT_PAGE_SHIFT;
	return w->leaf[leaf_of(w->uat, va) - leaf_of(w->uat, w->va)];
}

static bool window_range_ok(const struct agx4_uat_window *w, u64 va, u64 size)
{
	return w->leaf && size && IS_ALIGNED(va | size, AGX4_UAT_PAGE_SIZE) &&
	       va >= w->va && va - w->va <= w->size &&
	       size <= w->size - (va - w->va);
}

/*
 * Entries @first..@end - 1 of the leaf table of @w at @off (into the
 * tree's half, the table's first address or the window's start).
 */
static void window_entries(const struct agx4_uat_window *w, u64 off,
			   unsigned int *first, unsigned int *end)
{
	u64 start = w->va - w->uat->va_start, stop = start + w->size;
	u64 base = round_down(off, AGX4_UAT_LEAF_SPAN);

	*first = (max(start, base) - base) >> AGX4_UAT_PAGE_SHIFT;
	*end = (min(stop, base + AGX4_UAT_LEAF_SPAN) - base) >>
	       AGX4_UAT_PAGE_SHIFT;
}

/*
 * Give back the first @n leaves of @w (pinned); the window's entries
 * should be clear, and what the batch has in them stays.
 */
static void window_release(struct agx4_uat_window *w, unsigned long n,
			   struct agx4_uat_op *op)
{
	unsigned long i;

	for (i = 0; i < n; i++) {
		struct uat_pt *pt = w->leaf[i];
		unsigned int k, left = 0;

		for (k = pt->pin_first; k < pt->pin_end; k++)
			left += !!(pt->table[k] & UAT_PTE_VALID);
		/* Every entry should have been unmapped: a driver bug. */
		if (WARN_ON_ONCE(left)) {
			memset(pt->table + pt->pin_first, 0,
			       (pt->pin_end - pt->pin_first) * sizeof(u64));
			mark_dirty(op, pt, pt->pin_first, pt->pin_end - 1);
			note_inval(op, pt->off + ((u64)pt->pin_first << AGX4_UAT_PAGE_SHIFT),
				   pt->off + ((u64)pt->pin_end << AGX4_UAT_PAGE_SHIFT));
		}
		pt->pin_first = 0;
		pt->pin_end = 0;
		note_empty(op, pt);
	}
}

/**
 * agx4_uat_window_pin() - make a range's leaf tables and keep them
 * @uat: the tree (not a borrowed one).
 * @w: the window, not pinned.
 * @va: the range's start, 16 KiB aligned.
 * @size: its bytes, likewise, not 0.
 *
 * Takes the tree's lock.  Nothing may be mapped in the range: it becomes
 * the window's.  The rest of the leaf tables at its ends stays the
 * batch's, mapped or not.
 *
 * Return: 0; -EINVAL for a misaligned range or one outside the tree;
 * -EBUSY when something is mapped there or a window holds one of its leaf
 * tables already; -ENOMEM.
 */
int agx4_uat_window_pin(struct agx4_uat *uat, struct agx4_uat_window *w,
			u64 va, u64 size)
{
	unsigned long i, n;
	struct agx4_uat_op op;
	int ret;

	/* range_ok() refuses an empty or unaligned window too. */
	if (!range_ok(uat, va, size) || uat->num_regions)
		return -EINVAL;
	n = leaf_of(uat, va + size - 1) - leaf_of(uat, va) + 1;
	w->leaf = kcalloc(n, sizeof(*w->leaf), GFP_KERNEL);
	if (!w->leaf)
		return -ENOMEM;
	w->uat = uat;
	w->va = va;
	w->size = size;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	ret = agx4_uat_op_reserve(&op, va, size);
	for (i = 0; !ret && i < n; i++) {
		u64 off = max(va - uat->va_start,
			      (leaf_of(uat, va) + i) * AGX4_UAT_LEAF_SPAN);
		u64 *table = leaf_table(&op, off);
		struct uat_pt *pt = table ? table_pt(uat, table) : NULL;
		unsigned int first, end, k;

		if (!pt) {
			ret = -ENOMEM;
			break;
		}
		window_entries(w, off, &first, &end);
		/* Taken: pinned by another window, or a page mapped in its part. */
		for (k = first; k < end; k++)
			if (table[k] & UAT_PTE_VALID)
				break;
		if (pt_pinned(pt) || k < end) {
			/* Linked before this batch: nothing to give back. */
			ret = -EBUSY;
			break;
		}
		pt->pin_first = first;
		pt->pin_end = end;
		w->leaf[i] = pt;
	}
	/* Empty leaves this batch linked go again at its end. */
	if (ret)
		window_release(w, i, &op);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	if (ret) {
		kfree(w->leaf);
		w->leaf = NULL;
	}
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_window_pin);

/**
 * agx4_uat_window_unpin() - give a window's tables back to the tree
 * @w: the window; every page it mapped unmapped.  Not pinned: ignored.
 *
 * Takes the tree's lock; the tables are freed.  Before agx4_uat_fini().
 */
void agx4_uat_window_unpin(struct agx4_uat_window *w)
{
	struct agx4_uat *uat = w->uat;
	struct agx4_uat_op op;

	if (!w->leaf)
		return;
	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	window_release(w, leaf_of(uat, w->va + w->size - 1) -
		       leaf_of(uat, w->va) + 1, &op);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	kfree(w->leaf);
	w->leaf = NULL;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_window_unpin);

/**
 * agx4_uat_window_map() - write a physically contiguous range's entries
 * @w: the window.
 * @va: start, in the window, 16 KiB aligned; a part the caller owns.
 * @pa: physical start, 16 KiB aligned.
 * @size: bytes, 16 KiB aligned.
 * @prot: attributes.
 *
 * Neither sleeps nor allocates; the UAT sees nothing of it before
 * agx4_uat_window_flush() of the range.  The entries must be clear; a bad
 * range is a driver bug and WARNs.
 */
void agx4_uat_window_map(struct agx4_uat_window *w, u64 va, phys_addr_t pa,
			 u64 size, const struct agx4_uat_prot *prot)
{
	u64 attrs = agx4_uat_pte_attrs(prot), end = va + size;

	if (WARN_ON(!window_range_ok(w, va, size) ||
		    !IS_ALIGNED(pa, AGX4_UAT_PAGE_SIZE) ||
		    ((pa + size - 1) >> w->uat->geom->oa_bits) || !attrs))
		return;
	for (; va < end; va += AGX4_UAT_PAGE_SIZE, pa += AGX4_UAT_PAGE_SIZE) {
		unsigned int k;
		struct uat_pt *pt = window_leaf(w, va, &k);

		WARN_ON_ONCE(pt->table[k] & UAT_PTE_VALID);
		WRITE_ONCE(pt->table[k], pa | attrs);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_window_map);

/**
 * agx4_uat_window_flush() - make a window's written entries the UAT's
 * @w: the window.
 * @va: start of the range written, 16 KiB aligned.
 * @size: its bytes.
 *
 * Cleans the range's entries to memory, then invalidates its
 * translations.  Neither sleeps nor allocates.
 */
void agx4_uat_window_flush(struct agx4_uat_window *w, u64 va, u64 size)
{
	u64 end = va + size, at = va;

	if (WARN_ON(!window_range_ok(w, va, size)))
		return;
	while (at < end) {
		unsigned int first, n;
		struct uat_pt *pt = window_leaf(w, at, &first);

		n = min_t(u64, w->uat->geom->entries - first,
			  (end - at) >> AGX4_UAT_PAGE_SHIFT);
		dma_sync_single_for_device(w->uat->dev,
					   pt->dma + first * sizeof(u64),
					   n * sizeof(u64), DMA_TO_DEVICE);
		at += (u64)n << AGX4_UAT_PAGE_SHIFT;
	}
	agx4_uat_tlb_inval(w->uat, va, size);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_window_flush);

/**
 * agx4_uat_window_unmap() - clear a range of a window
 * @w: the window.
 * @va: start, in the window, 16 KiB aligned; a part the caller owns.
 * @size: bytes, 16 KiB aligned.
 *
 * Clears the entries, cleans them and invalidates their translations.
 * Neither sleeps nor allocates.
 */
void agx4_uat_window_unmap(struct agx4_uat_window *w, u64 va, u64 size)
{
	u64 at, end = va + size;

	if (WARN_ON(!window_range_ok(w, va, size)))
		return;
	for (at = va; at < end; at += AGX4_UAT_PAGE_SIZE) {
		unsigned int k;
		struct uat_pt *pt = window_leaf(w, at, &k);

		WRITE_ONCE(pt->table[k], 0);
	}
	agx4_uat_window_flush(w, va, size);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_window_unmap);

/**
 * agx4_uat_table_overhead() - host memory agx4 keeps per table page
 *
 * Return: bytes of bookkeeping beside each 16 KiB table page.
 */
size_t agx4_uat_table_overhead(void)
{
	return sizeof(struct uat_pt);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_table_overhead);

/**
 * agx4_uat_translate() - walk the tree like the UAT does
 * @uat: the tree.
 * @va: the address.
 * @pa: the physical address it maps to.
 * @pte: the leaf descriptor; may be NULL.
 *
 * Return: 0, -ERANGE outside the tree's half, -ENOENT if unmapped.
 */
int agx4_uat_translate(struct agx4_uat *uat, u64 va, phys_addr_t *pa,
		       u64 *pte)
{
	const struct agx4_uat_geom *g = uat->geom;
	u64 *table = uat->root, entry = 0, off = va - uat->va_start;
	unsigned int level;

	if (off >= uat->va_size)
		return -ERANGE;
	for (level = 0; level < g->levels; level++) {
		entry = READ_ONCE(table[level_index(uat, level, off)]);
		if ((entry & UAT_PTE_TABLE) != UAT_PTE_TABLE)
			return -ENOENT;
		if (level + 1 < g->levels)
			table = child_table(uat, entry);
	}
	*pa = (entry & oa_mask(g)) | (va & (AGX4_UAT_PAGE_SIZE - 1));
	if (pte)
		*pte = entry;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_translate);

/**
 * DOC: UAT contexts
 *
 * The context table has 64 slots.  Slot 0 is the firmware/device context,
 * set once at boot.  A client address space takes a slot when it is first
 * needed (agx4_uat_ctx_get()) and keeps it while it has users; two users
 * of the same tree share the slot.  When all 63 client slots are taken,
 * agx4_uat_ctx_get() fails with -EBUSY rather than evicting a context the
 * firmware may be running: the caller waits for a slot to be released (a
 * queue's job runs once an earlier one retires) or reports the error.
 *
 * A slot is (re)written in the order the UAT requires: clear the valid
 * bits, make the store visible, invalidate the context's TLB entries, and
 * only then write the new roots.
 */

#define UAT_TTB_VALID	BIT_ULL(0)
#define UAT_TTB_ASID	GENMASK_ULL(63, 48)

/**
 * agx4_uat_tlb_inval_asid() - invalidate every TLB entry of a context
 * @asid: the context.
 */
void agx4_uat_tlb_inval_asid(unsigned int asid)
{
	AGX4_STATIC_STUB_REDIRECT(agx4_uat_tlb_inval_asid, asid);
#ifdef CONFIG_ARM64
	dsb(osh);
	/* TLBI ASIDE1OS */
	asm volatile("sys #0, c8, c1, #2, %0"
		     : : "r" ((u64)asid << 48) : "memory");
	dsb(osh);
	isb();
#endif
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_tlb_inval_asid);

/**
 * agx4_uat_ctx_table_init() - take over the context table
 * @tbl: the table.
 * @ttb: the ``ttbs`` page, mapped; every slot is cleared.
 */
void agx4_uat_ctx_table_init(struct agx4_uat_ctx_table *tbl, u64 *ttb)
{
	memset(tbl, 0, sizeof(*tbl));
	tbl->ttb = ttb;
	spin_lock_init(&tbl->lock);
	memset(ttb, 0, AGX4_UAT_NUM_CTX * 2 * sizeof(u64));
	wmb();	/* cleared before any context is used */
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_ctx_table_init);

/**
 * agx4_uat_ctx_table_fini() - release the context table
 * @tbl: the table; every client context must have been put.
 */
void agx4_uat_ctx_table_fini(struct agx4_uat_ctx_table *tbl)
{
	/* Nothing to free: the words stay in the ``ttbs`` page. */
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_ctx_table_fini);

static u64 ttb_word(struct agx4_uat *uat, unsigned int ctx)
{
	if (!uat)
		return 0;
	return uat->root_pa | (ctx ? FIELD_PREP(UAT_TTB_ASID, ctx) : 0) |
	       UAT_TTB_VALID;
}

static void ctx_write_locked(struct agx4_uat_ctx_table *tbl, unsigned int ctx,
			     struct agx4_uat *low, struct agx4_uat *high)
{
	u64 *w = &tbl->ttb[2 * ctx];

	lockdep_assert_held(&tbl->lock);
	if ((READ_ONCE(w[0]) | READ_ONCE(w[1])) & UAT_TTB_VALID) {
		WRITE_ONCE(w[0], w[0] & ~UAT_TTB_VALID);
		WRITE_ONCE(w[1], w[1] & ~UAT_TTB_VALID);
		wmb();	/* invalid before the TLB is flushed */
		agx4_uat_tlb_inval_asid(ctx);
	}
	if (low || high) {
		WRITE_ONCE(w[0], ttb_word(low, ctx));
		WRITE_ONCE(w[1], ttb_word(high, ctx));
		wmb();	/* the new roots are in memory before first use */
	}
	tbl->slot[ctx].low = low;
	tbl->slot[ctx].high = high;
}

/*
 * Under the context table's lock, so not under the tree's (a mutex): the
 * barrier orders the write before the context's first use, as
 * agx4_uat_tlb_inval() orders its table writes before its read.
 */
static void set_asid(struct agx4_uat *uat, int asid)
{
	if (!uat)
		return;
	WRITE_ONCE(uat->asid, asid);
	/* Bound before the context's first use: see agx4_uat_tlb_inval(). */
	smp_mb();
}

/**
 * agx4_uat_ctx_set_fw() - program the firmware/device context (slot 0)
 * @tbl: the table.
 * @low: the device address space (context 0's low half).
 * @high: the firmware half, shared by every context.
 *
 * Return: 0, or -EBUSY if slot 0 is set already.
 */
int agx4_uat_ctx_set_fw(struct agx4_uat_ctx_table *tbl, struct agx4_uat *low,
			struct agx4_uat *high)
{
	unsigned long flags;
	int ret = 0;

	spin_lock_irqsave(&tbl->lock, flags);
	if (tbl->slot[AGX4_UAT_CTX_FW].users) {
		ret = -EBUSY;
	} else {
		ctx_write_locked(tbl, AGX4_UAT_CTX_FW, low, high);
		set_asid(low, AGX4_UAT_CTX_FW);
		tbl->slot[AGX4_UAT_CTX_FW].users = 1;
	}
	spin_unlock_irqrestore(&tbl->lock, flags);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_ctx_set_fw);

/**
 * agx4_uat_ctx_get() - a context for a client address space
 * @tbl: the table.
 * @low: the client's low-half tree.
 * @high: the firmware half.
 *
 * Return: the context (1..63), shared with earlier users of @low, or
 * -EBUSY when every client context is in use.
 */
int agx4_uat_ctx_get(struct agx4_uat_ctx_table *tbl, struct agx4_uat *low,
		     struct agx4_uat *high)
{
	unsigned long flags;
	int ctx, free = -1;

	spin_lock_irqsave(&tbl->lock, flags);
	for (ctx = 1; ctx < AGX4_UAT_NUM_CTX; ctx++) {
		if (tbl->slot[ctx].users && tbl->slot[ctx].low == low) {
			tbl->slot[ctx].users++;
			goto out;
		}
		if (!tbl->slot[ctx].users && free < 0)
			free = ctx;
	}
	ctx = free;
	if (ctx < 0) {
		ctx = -EBUSY;
		goto out;
	}
	ctx_write_locked(tbl, ctx, low, high);
	set_asid(low, ctx);
	tbl->slot[ctx].users = 1;
out:
	spin_unlock_irqrestore(&tbl->lock, flags);
	return ctx;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_ctx_get);

/**
 * agx4_uat_ctx_put() - drop a reference to a client context
 * @tbl: the table.
 * @ctx: what agx4_uat_ctx_get() returned.
 *
 * The last reference clears the slot and its TLB entries.
 */
void agx4_uat_ctx_put(struct agx4_uat_ctx_table *tbl, int ctx)
{
	unsigned long flags;
	struct agx4_uat *low;

	if (WARN_ON(ctx <= AGX4_UAT_CTX_FW || ctx >= AGX4_UAT_NUM_CTX))
		return;
	spin_lock_irqsave(&tbl->lock, flags);
	if (!WARN_ON(!tbl->slot[ctx].users) && !--tbl->slot[ctx].users) {
		low = tbl->slot[ctx].low;
		ctx_write_locked(tbl, ctx, NULL, NULL);
		set_asid(low, -1);
	}
	spin_unlock_irqrestore(&tbl->lock, flags);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_uat_ctx_put);
