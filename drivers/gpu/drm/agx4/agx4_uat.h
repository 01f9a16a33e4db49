/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_UAT_H
#define AGX4_UAT_H

#include <linux/bits.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/types.h>
#include <linux/xarray.h>

struct device;

/* The UAT granule: pages and page-table pages are 16 KiB on every SoC. */
#define AGX4_UAT_PAGE_SHIFT	14
#define AGX4_UAT_PAGE_SIZE	BIT_ULL(AGX4_UAT_PAGE_SHIFT)
/* Deepest table walk of any generation. */
#define AGX4_UAT_MAX_LEVELS	3
/* What one leaf table maps: 2048 entries of 16 KiB. */
#define AGX4_UAT_LEAF_SPAN	(AGX4_UAT_PAGE_SIZE * (AGX4_UAT_PAGE_SIZE / 8))

/**
 * struct agx4_uat_geom - shape of one GPU address-space half
 * @levels: table levels (3).
 * @root_shift: VA bit the root index starts at (36).
 * @root_entries: root entries: 64 on G16/G17P (42-bit input), 8 on
 *	G13/G14 (39-bit).
 * @entries: entries of a non-root table (2048).
 * @oa_bits: output (physical) address bits (42).
 *
 * Held by the generation descriptor; the page-table code knows no
 * generation.
 */
struct agx4_uat_geom {
	u8 levels;
	u8 root_shift;
	u16 root_entries;
	u16 entries;
	u8 oa_bits;
};

/**
 * enum agx4_uat_access - who may reach a page (the AP class)
 * @AGX4_UAT_FW_GPU: the firmware and the GPU.
 * @AGX4_UAT_FW: the firmware only (the GPU may get read access, see
 *	%AGX4_UAT_FW_RW_GPU_RO).
 * @AGX4_UAT_GPU: the GPU only (user mappings).
 */
enum agx4_uat_access {
	AGX4_UAT_FW_GPU,
	AGX4_UAT_FW,
	AGX4_UAT_GPU,
};

/**
 * enum agx4_uat_perm - what the parties of the class may do
 * @AGX4_UAT_NA: no access.
 * @AGX4_UAT_RO: read only.
 * @AGX4_UAT_WO: write only.
 * @AGX4_UAT_RW: read and write.
 * @AGX4_UAT_FW_RW_GPU_RO: firmware read-write, GPU read-only (only with
 *	%AGX4_UAT_FW).
 *
 * Not every class has every permission: %AGX4_UAT_FW has no write-only.
 */
enum agx4_uat_perm {
	AGX4_UAT_NA,
	AGX4_UAT_RO,
	AGX4_UAT_WO,
	AGX4_UAT_RW,
	AGX4_UAT_FW_RW_GPU_RO,
};

/**
 * enum agx4_uat_memtype - memory attributes (the AttrIndx values)
 * @AGX4_UAT_CACHED: normal, write-back (firmware-private objects).
 * @AGX4_UAT_DEVICE: device memory (MMIO).
 * @AGX4_UAT_UNCACHED: normal, shared with the CPU and the GPU.
 */
enum agx4_uat_memtype {
	AGX4_UAT_CACHED,
	AGX4_UAT_DEVICE,
	AGX4_UAT_UNCACHED,
};

/**
 * struct agx4_uat_prot - the attributes of a mapping
 * @access: who may reach it.
 * @perm: what they may do.
 * @memtype: memory attributes.
 * @global: the mapping is the same in every context (firmware half);
 *	otherwise it is tagged with the context (nG).
 */
struct agx4_uat_prot {
	enum agx4_uat_access access;
	enum agx4_uat_perm perm;
	enum agx4_uat_memtype memtype;
	bool global;
};

/**
 * struct agx4_uat_region - memory holding page tables the boot loader built
 * @va: its kernel mapping (uncached).
 * @pa: its physical address, 16 KiB aligned.
 * @size: its size, a multiple of 16 KiB.
 */
struct agx4_uat_region {
	void *va;
	phys_addr_t pa;
	size_t size;
};

/*
 * Regions a borrowed tree's tables may lie in: the loader's ``pagetables``
 * reservation, and ``l2``, where it keeps the table shared by every
 * firmware instance.
 */
#define AGX4_UAT_MAX_REGIONS	2

/**
 * struct agx4_uat - one page-table tree (one root)
 *
 * Covers one half of a GPU address space: the low (user) half [0, 2^ias)
 * or the high (firmware) half [2^64 - 2^ias, 2^64).
 */
struct agx4_uat {
	/** @dev: device for DMA (cache maintenance of the tables). */
	struct device *dev;
	/** @geom: the table shape. */
	const struct agx4_uat_geom *geom;
	/** @va_start: first address of the half. */
	u64 va_start;
	/** @va_size: its size, 2^ias. */
	u64 va_size;
	/** @root: the root table. */
	u64 *root;
	/** @root_pa: its physical address, for the context table. */
	phys_addr_t root_pa;
	/**
	 * @lock: protects every table of the tree; held across a whole
	 * &struct agx4_uat_op.
	 */
	struct mutex lock;
	/**
	 * @asid: the context (ASID) the tree is bound to, for TLB
	 * invalidation, or -1 while unbound; written under the context
	 * table's lock (&agx4_uat_ctx_table.lock), which a backend may take
	 * where nothing sleeps, so not under @lock, and read without either
	 * (READ_ONCE()): an invalidation reads it after its table writes,
	 * behind a full barrier, and the binding writes it before the
	 * context's first use, behind one too, so one of them sees the
	 * other (see agx4_uat_tlb_inval()).
	 */
	int asid;
	/** @tables: table pages allocated now, the root included. */
	unsigned long tables;
	/**
	 * @max_tables: most table pages the tree may have, reserved ones
	 * included; 0 for no limit.  Bounds the kernel memory one address
	 * space can pin: a single 16 KiB page bound at many scattered
	 * addresses would otherwise cost a 16 KiB table per 32 MiB span.
	 */
	unsigned long max_tables;
	/**
	 * @regions: the loader's page-table regions, when the tree was
	 * borrowed (agx4_uat_init_borrowed()).
	 */
	struct agx4_uat_region regions[AGX4_UAT_MAX_REGIONS];
	/** @num_regions: entries of @regions; 0 for a tree agx4 built. */
	unsigned int num_regions;
	/** @foreign: bookkeeping of the loader's tables, by physical page. */
	struct xarray foreign;
};

/**
 * struct agx4_uat_op - one batch of page-table changes
 *
 * Begun with agx4_uat_op_begin() and ended with agx4_uat_op_end(), all
 * under &agx4_uat.lock.  agx4_uat_op_reserve() allocates every table page
 * a later map of the range can need; agx4_uat_op_map() and
 * agx4_uat_op_unmap() then never allocate and never fail.  Tables that
 * become empty are only unlinked and freed at the end, so a reservation
 * stays valid for the whole batch.  Cache maintenance of the edited
 * entries and TLB invalidation of the changed range happen once, at the
 * end.
 */
struct agx4_uat_op {
	/** @uat: the tree. */
	struct agx4_uat *uat;
	/** @prealloc: reserved table pages not used yet. */
	struct list_head prealloc;
	/** @nprealloc: entries on @prealloc. */
	unsigned int nprealloc;
	/** @dirty: tables whose entries were edited. */
	struct list_head dirty;
	/** @empty: tables that lost their last entry. */
	struct list_head empty;
	/**
	 * @inval_start: start of the range whose translations changed, as an
	 * offset into the tree's half.
	 */
	u64 inval_start;
	/** @inval_end: its end (exclusive); equal to start when none did. */
	u64 inval_end;
	/** @failed_alloc: a reservation failed (for messages). */
	bool failed_alloc;
};

struct uat_pt;

/**
 * struct agx4_uat_window - a range whose leaf tables stay in place
 * @uat: the tree.
 * @va: the range's start, 16 KiB aligned.
 * @size: its bytes, likewise.
 * @leaf: the leaf tables the range meets, one per %AGX4_UAT_LEAF_SPAN of
 *	the tree from the one @va is in; NULL while the window is not
 *	pinned.
 *
 * See the "UAT windows" section of agx4_uat.c: pinned under the tree's
 * lock, then written without it, neither sleeping nor allocating.
 */
struct agx4_uat_window {
	struct agx4_uat *uat;
	u64 va;
	u64 size;
	struct uat_pt **leaf;
};

/* Contexts (TTB slots); slot 0 is the firmware/device context. */
#define AGX4_UAT_NUM_CTX	64
#define AGX4_UAT_CTX_FW		0

/**
 * struct agx4_uat_ctx_table - the context (TTB) table
 *
 * One 16-byte slot per context in the ``ttbs`` reservation: the root of
 * the low half, then the root of the high half, each as root PA | context
 * << 48 | valid (no context tag in slot 0).  The context number is the
 * ASID the TLB entries of its low half are tagged with.
 */
struct agx4_uat_ctx_table {
	/**
	 * @ttb: the slots, in memory the UAT reads (write-combined, so a
	 * store needs no cache maintenance).
	 */
	u64 *ttb;
	/**
	 * @lock: protects @slot and the words of @ttb; a spinlock, taken
	 * with interrupts off, since a backend lends contexts under its
	 * engine's lock (&agx4_engine.lock).
	 */
	spinlock_t lock;
	/** @slot: what each context holds; protected by @lock. */
	struct {
		/** @slot.low: the low-half tree, NULL when free. */
		struct agx4_uat *low;
		/** @slot.high: the high-half tree. */
		struct agx4_uat *high;
		/** @slot.users: references from agx4_uat_ctx_get(). */
		unsigned int users;
	} slot[AGX4_UAT_NUM_CTX];
};

void agx4_uat_ctx_table_init(struct agx4_uat_ctx_table *tbl, u64 *ttb);
void agx4_uat_ctx_table_fini(struct agx4_uat_ctx_table *tbl);
int agx4_uat_ctx_set_fw(struct agx4_uat_ctx_table *tbl, struct agx4_uat *low,
			struct agx4_uat *high);
int agx4_uat_ctx_get(struct agx4_uat_ctx_table *tbl, struct agx4_uat *low,
		     struct agx4_uat *high);
void agx4_uat_ctx_put(struct agx4_uat_ctx_table *tbl, int ctx);
void agx4_uat_tlb_inval_asid(unsigned int asid);

int agx4_uat_init(struct agx4_uat *uat, struct device *dev,
		  const struct agx4_uat_geom *geom, bool high_half);
int agx4_uat_init_borrowed(struct agx4_uat *uat, struct device *dev,
			   const struct agx4_uat_geom *geom, bool high_half,
			   const struct agx4_uat_region *regions,
			   unsigned int num_regions, phys_addr_t root_pa);
void agx4_uat_fini(struct agx4_uat *uat);
u64 agx4_uat_pte_attrs(const struct agx4_uat_prot *prot);
bool agx4_uat_prot_valid(const struct agx4_uat_prot *prot);

void agx4_uat_op_begin(struct agx4_uat *uat, struct agx4_uat_op *op);
int agx4_uat_op_reserve(struct agx4_uat_op *op, u64 va, u64 size);
void agx4_uat_op_map(struct agx4_uat_op *op, u64 va, phys_addr_t pa,
		     u64 size, const struct agx4_uat_prot *prot);
void agx4_uat_op_unmap(struct agx4_uat_op *op, u64 va, u64 size);
void agx4_uat_op_end(struct agx4_uat_op *op);

int agx4_uat_window_pin(struct agx4_uat *uat, struct agx4_uat_window *w,
			u64 va, u64 size);
void agx4_uat_window_unpin(struct agx4_uat_window *w);
void agx4_uat_window_map(struct agx4_uat_window *w, u64 va, phys_addr_t pa,
			 u64 size, const struct agx4_uat_prot *prot);
void agx4_uat_window_flush(struct agx4_uat_window *w, u64 va, u64 size);
void agx4_uat_window_unmap(struct agx4_uat_window *w, u64 va, u64 size);

int agx4_uat_translate(struct agx4_uat *uat, u64 va, phys_addr_t *pa,
		       u64 *pte);
void agx4_uat_tlb_inval(struct agx4_uat *uat, u64 start, u64 size);
size_t agx4_uat_table_overhead(void);

#endif /* AGX4_UAT_H */
