/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FWIF_H
#define AGX4_FWIF_H

#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/compiler_attributes.h>
#include <linux/stddef.h>
#include <linux/types.h>

struct drm_printer;

/**
 * DOC: firmware layouts
 *
 * Every object shared with the firmware is a packed C structure of
 * fixed-width little-endian fields, declared once per generation in
 * agx4_fwif_g16.h or agx4_fwif_g17p.h (records that are the same on every
 * generation known so far are declared once, here).  Unaligned fields (a
 * u64 at main config +0x469, say) are ordinary members of a packed
 * structure; the compiler emits byte-safe accesses.
 *
 * Right after each structure, static_assert()s state its size and the
 * offset of every member, written from the specification.  A member moved
 * by mistake, or a pad of the wrong length, therefore fails the build.
 *
 * The same structures drive the decoder: each generation lists its
 * objects as &struct agx4_fw_layout tables built with AGX4_FW_FIELD(),
 * which takes names, offsets and sizes from the structures themselves.
 * agx4_fw_layouts_print() prints them as ``object field offset size``
 * lines (the ``fw_layouts`` debugfs file), so two firmware builds compare
 * with diff.
 */

/**
 * struct agx4_fw_field - one member of a firmware object, for the decoder
 * @name: the member's name.
 * @offset: its byte offset.
 * @size: its size in bytes (an array's whole size).
 */
struct agx4_fw_field {
	const char *name;
	u32 offset;
	u32 size;
};

/**
 * struct agx4_fw_layout - a firmware object, for the decoder
 * @name: the object's name.
 * @size: its size in bytes.
 * @fields: its members in offset order.
 * @num_fields: entries in @fields.
 */
struct agx4_fw_layout {
	const char *name;
	u32 size;
	const struct agx4_fw_field *fields;
	u32 num_fields;
};

/*
 * A decoder entry for the member designated by the variable arguments
 * (a name, or a name and an index) of @type.
 */
#define AGX4_FW_FIELD(type, ...)					\
	{ #__VA_ARGS__, offsetof(type, __VA_ARGS__),			\
	  sizeof_field(type, __VA_ARGS__) }

/* A decoder entry for object @name of @type with the given fields. */
#define AGX4_FW_LAYOUT(lname, type, ...) {				\
	.name = lname, .size = sizeof(type),				\
	.fields = (const struct agx4_fw_field[]){ __VA_ARGS__ },	\
	.num_fields = sizeof((const struct agx4_fw_field[]){ __VA_ARGS__ }) / \
		      sizeof(struct agx4_fw_field),			\
}

/* Offset and size checks, written next to each declaration. */
#define AGX4_FW_CHECK_SIZE(type, size) \
	static_assert(sizeof(type) == (size), #type " size")
#define AGX4_FW_CHECK(type, member, off) \
	static_assert(offsetof(type, member) == (off), #type "." #member)

/**
 * struct agx4_fw_uat_level - one page-table level, as the root describes it
 *
 * The same on G16 and G17P (g16-g17p-reference.md 3.2).
 */
struct agx4_fw_uat_level {
	/** @bits: {8, 14, 14, shift}: index width, page bits, page bits, shift. */
	u8 bits[4];
	/** @entries: entries in a table of this level. */
	__le16 entries;
	/** @page_size: 0x4000. */
	__le16 page_size;
	/** @one: 1. */
	__le64 one;
	/** @oa_mask: output-address mask. */
	__le64 oa_mask;
	/** @index_mask: (entries - 1) << shift. */
	__le64 index_mask;
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_uat_level, 0x20);
AGX4_FW_CHECK(struct agx4_fw_uat_level, entries, 0x04);
AGX4_FW_CHECK(struct agx4_fw_uat_level, page_size, 0x06);
AGX4_FW_CHECK(struct agx4_fw_uat_level, one, 0x08);
AGX4_FW_CHECK(struct agx4_fw_uat_level, oa_mask, 0x10);
AGX4_FW_CHECK(struct agx4_fw_uat_level, index_mask, 0x18);

/**
 * struct agx4_fw_root - the init-data root (g16-g17p-reference.md 3.2)
 *
 * The same on G16 and G17P up to status B (0xb8 bytes); only the version
 * words differ, and they come from &agx4_fw_gen.root_version.  Roots that
 * also carry the two support objects are &struct agx4_fw_root_extra.
 */
struct agx4_fw_root {
	/** @version: the root version words. */
	__le16 version[4];
	/** @region_a: region A. */
	__le64 region_a;
	/** @pad_10: unused. */
	u8 pad_10[8];
	/** @main_config: this instance's main config (channel table). */
	__le64 main_config;
	/** @region_c: region C. */
	__le64 region_c;
	/** @kind: the firmware instance, 0 primary, 1 secondary. */
	__le32 kind;
	/** @one: 1. */
	__le32 one;
	/** @page_size: UAT page size, 0x4000. */
	__le16 page_size;
	/** @page_bits: 14. */
	u8 page_bits;
	/** @levels: page-table levels, 3. */
	u8 levels;
	/** @level: the levels, root first. */
	struct agx4_fw_uat_level level[3];
	/** @pad_94: unused. */
	u8 pad_94[0x14];
	/** @status_a: status record A. */
	__le64 status_a;
	/** @status_b: status record B (0 on the G17P secondary). */
	__le64 status_b;
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_root, 0xb8);
AGX4_FW_CHECK(struct agx4_fw_root, region_a, 0x08);
AGX4_FW_CHECK(struct agx4_fw_root, main_config, 0x18);
AGX4_FW_CHECK(struct agx4_fw_root, region_c, 0x20);
AGX4_FW_CHECK(struct agx4_fw_root, kind, 0x28);
AGX4_FW_CHECK(struct agx4_fw_root, one, 0x2c);
AGX4_FW_CHECK(struct agx4_fw_root, page_size, 0x30);
AGX4_FW_CHECK(struct agx4_fw_root, page_bits, 0x32);
AGX4_FW_CHECK(struct agx4_fw_root, levels, 0x33);
AGX4_FW_CHECK(struct agx4_fw_root, level, 0x34);
AGX4_FW_CHECK(struct agx4_fw_root, status_a, 0xa8);
AGX4_FW_CHECK(struct agx4_fw_root, status_b, 0xb0);

/**
 * struct agx4_fw_root_extra - a root with the two support objects (0xc8)
 *
 * The G16 root and the G17P secondary's (3.2).
 */
struct agx4_fw_root_extra {
	/** @root: the common part. */
	struct agx4_fw_root root;
	/** @extra_0: support object. */
	__le64 extra_0;
	/** @extra_1: support object. */
	__le64 extra_1;
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_root_extra, 0xc8);
AGX4_FW_CHECK(struct agx4_fw_root_extra, extra_0, 0xb8);
AGX4_FW_CHECK(struct agx4_fw_root_extra, extra_1, 0xc0);

/* Channels of the main config's table (g16-g17p-reference.md 3.3). */
#define AGX4_FW_NUM_CHANNELS		17
#define AGX4_FW_NUM_WORK_CHANNELS	12
#define AGX4_FW_CHAN_CONTROL		12
#define AGX4_FW_CHAN_EVENT		13
#define AGX4_FW_CHAN_TRACE		14
#define AGX4_FW_CHAN_STATE		15
/* Entries of a work, control or event ring. */
#define AGX4_FW_RING_ENTRIES		256

/*
 * Channels 13 (events), 14 (trace) and 15 (a state word), as offsets from
 * status record A of their three state words and their ring: the same on
 * G16 and G17P (g16-g17p-reference.md 3.3); 0 means "no such word".
 */
#define AGX4_FW_STATUS_CHANNELS {				\
	{ { 0x40, 0x2c0, 0x80 }, 0x4ac0 },			\
	{ { 0x240, 0xa6ac0, 0x280 }, 0xafac0 },			\
	{ { 0x2d2c0 }, 0 },					\
}

/**
 * struct agx4_fw_channel - one record of the channel table
 *
 * The same on G16 and G17P.  For ring channels @state holds the firmware
 * addresses of the read, done and producer cursors.
 */
struct agx4_fw_channel {
	/** @state: the channel's three state-word addresses. */
	__le64 state[3];
	/** @ring: its ring. */
	__le64 ring;
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_channel, 0x20);
AGX4_FW_CHECK(struct agx4_fw_channel, ring, 0x18);

/**
 * struct agx4_fw_status - a status record (status_a, status_b)
 *
 * The same on G16 and G17P (3.2): the host sets @init before boot, the
 * firmware @ack and @accepted when it took the init data.
 */
struct agx4_fw_status {
	/** @pad_0: unused. */
	u8 pad_0[4];
	/** @init: 1 before boot. */
	__le32 init;
	/** @pad_8: unused. */
	u8 pad_8[8];
	/** @ack: 1 once acknowledged. */
	__le32 ack;
	/** @accepted: 1 once the init data is accepted. */
	__le32 accepted;
	/** @pad_18: unused. */
	u8 pad_18[0x68];
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_status, 0x80);
AGX4_FW_CHECK(struct agx4_fw_status, init, 0x04);
AGX4_FW_CHECK(struct agx4_fw_status, ack, 0x10);
AGX4_FW_CHECK(struct agx4_fw_status, accepted, 0x14);

/**
 * struct agx4_fw_regwin - a hardware register window the firmware maps
 *
 * The same on G16 and G17P (3.4); hwdata holds up to 53 of them.
 */
struct agx4_fw_regwin {
	/** @pa: physical address. */
	__le64 pa;
	/** @fw_va: where the firmware sees it. */
	__le64 fw_va;
	/** @size: bytes. */
	__le32 size;
	/** @stride: size / stride as the reference writes it. */
	__le32 stride;
	/** @sgx_offset: offset from the SGX window, 0 if absolute. */
	__le64 sgx_offset;
	/** @flags: bit 1, present and read-write. */
	__le32 flags;
	/** @pad_24: to the 0x28-byte stride. */
	u8 pad_24[4];
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_regwin, 0x28);
AGX4_FW_CHECK(struct agx4_fw_regwin, fw_va, 0x08);
AGX4_FW_CHECK(struct agx4_fw_regwin, size, 0x10);
AGX4_FW_CHECK(struct agx4_fw_regwin, stride, 0x14);
AGX4_FW_CHECK(struct agx4_fw_regwin, sgx_offset, 0x18);
AGX4_FW_CHECK(struct agx4_fw_regwin, flags, 0x20);

/* hwdata (g16-g17p-reference.md 3.4): window slots and performance states. */
/* A register window the firmware may write (flag bit 1). */
#define AGX4_FW_REGWIN_RW		BIT(1)
#define AGX4_FW_NUM_REGWINS		53
#define AGX4_FW_NUM_PSTATES		11

/**
 * struct agx4_fw_vrow - one voltage row of hwdata
 */
struct agx4_fw_vrow {
	/** @mv: millivolts, the same in every word. */
	__le32 mv[16];
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_vrow, 0x40);

/**
 * struct agx4_fw_hwdata - hwdata, the start of the bundle (0x3db4 bytes)
 *
 * The layout G16 and G17P share (g16-g17p-reference.md 3.4).  GAP: the
 * specification places "1 copy of voltage rows" after @freq_b2 without
 * an offset, and G17P's region records from +0x2610 without a count;
 * neither is declared.
 */
struct agx4_fw_hwdata {
	/** @pad_0: unused. */
	u8 pad_0[0x28];
	/** @ts_aperture: the timestamp aperture's firmware address. */
	__le64 ts_aperture;
	/** @pad_30: unused. */
	u8 pad_30[0x610];
	/** @regwin: the register windows, by slot. */
	struct agx4_fw_regwin regwin[AGX4_FW_NUM_REGWINS];
	/** @pad_e88: unused. */
	u8 pad_e88[0x8];
	/** @chip_id: 0x8132 or 0x8140. */
	__le32 chip_id;
	/** @rev_hi: G16: chip revision >> 4. */
	__le32 rev_hi;
	/** @rev_lo: G16: chip revision & 7. */
	__le32 rev_lo;
	/** @pad_e9c: unused. */
	u8 pad_e9c[0x4];
	/** @gpc: G16: 1 unless the GPU has no GPC. */
	__le32 gpc;
	/** @pad_ea4: unused. */
	u8 pad_ea4[0x14];
	/** @one_eb8: G16: 1. */
	__le32 one_eb8;
	/** @pad_ebc: unused. */
	u8 pad_ebc[0xc];
	/** @one_ec8: G16: 1. */
	__le32 one_ec8;
	/** @pad_ecc: unused. */
	u8 pad_ecc[0x4];
	/** @clocks_per_ms: G16: AIC clocks per ms, 24000. */
	__le32 clocks_per_ms;
	/** @pad_ed4: unused. */
	u8 pad_ed4[0x4];
	/** @sample_period: G16: the power sample period, ms. */
	__le32 sample_period;
	/** @pad_edc: unused. */
	u8 pad_edc[0x4];
	/** @ones_ee0: G16: 1, 1, 1. */
	__le32 ones_ee0[3];
	/** @pad_eec: unused. */
	u8 pad_eec[0xd8];
	/** @max_pstate: performance states - 1. */
	__le32 max_pstate;
	/** @freq_a: frequencies A, MHz. */
	__le32 freq_a[AGX4_FW_NUM_PSTATES];
	/** @pad_ff4: unused. */
	u8 pad_ff4[0x14];
	/** @core_mv: core voltage rows. */
	struct agx4_fw_vrow core_mv[AGX4_FW_NUM_PSTATES];
	/** @pad_12c8: unused. */
	u8 pad_12c8[0x140];
	/** @mem_mv: memory voltage rows. */
	struct agx4_fw_vrow mem_mv[AGX4_FW_NUM_PSTATES];
	/** @pad_16c8: unused. */
	u8 pad_16c8[0x140];
	/** @freq_b: frequencies B, MHz. */
	__le32 freq_b[AGX4_FW_NUM_PSTATES];
	/** @pad_1834: unused. */
	u8 pad_1834[0x14];
	/** @scale_b: scales B (binary32). */
	__le32 scale_b[AGX4_FW_NUM_PSTATES];
	/** @pad_1874: unused. */
	u8 pad_1874[0x54];
	/** @relative_a: relative performance A. */
	__le32 relative_a[AGX4_FW_NUM_PSTATES];
	/** @pad_18f4: unused. */
	u8 pad_18f4[0x14];
	/** @relative_b: relative performance B. */
	__le32 relative_b[AGX4_FW_NUM_PSTATES];
	/** @pad_1934: unused. */
	u8 pad_1934[0x94];
	/** @index_a: indices A. */
	__le32 index_a[AGX4_FW_NUM_PSTATES];
	/** @pad_19f4: unused. */
	u8 pad_19f4[0x14];
	/** @index_b: indices B. */
	__le32 index_b[AGX4_FW_NUM_PSTATES];
	/** @pad_1a34: unused. */
	u8 pad_1a34[0x2a4];
	/** @max_pstate_b: performance states - 1, again. */
	__le32 max_pstate_b;
	/** @freq_b2: frequencies B, again. */
	__le32 freq_b2[AGX4_FW_NUM_PSTATES];
	/** @pad_1d08: unused. */
	u8 pad_1d08[0x886];
	/** @const_258e: 22 (G16) or 12 (G17P). */
	__le16 const_258e;
	/** @groups: G16: words 1..3 of each 16-byte group 1; G17P: 0, 1, 1, 1. */
	__le32 groups[8];
	/** @pad_25b0: unused. */
	u8 pad_25b0[0x4];
	/** @channel_ones: 0xffffffff, one per work channel. */
	__le32 channel_ones[AGX4_FW_NUM_WORK_CHANNELS];
	/** @pad_25e4: unused. */
	u8 pad_25e4[0x10];
	/** @one_25f4: 1. */
	__le32 one_25f4;
	/** @pad_25f8: unused. */
	u8 pad_25f8[0x8];
	/** @one_2600: G17P: 1. */
	__le32 one_2600;
	/** @one_2604: G16: 1. */
	__le32 one_2604;
	/** @one_2608: G17P: 1. */
	__le32 one_2608;
	/** @pad_260c: unused. */
	u8 pad_260c[0x17a8];
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_hwdata, 0x3db4);
AGX4_FW_CHECK(struct agx4_fw_hwdata, ts_aperture, 0x28);
AGX4_FW_CHECK(struct agx4_fw_hwdata, regwin, 0x640);
AGX4_FW_CHECK(struct agx4_fw_hwdata, chip_id, 0xe90);
AGX4_FW_CHECK(struct agx4_fw_hwdata, rev_hi, 0xe94);
AGX4_FW_CHECK(struct agx4_fw_hwdata, rev_lo, 0xe98);
AGX4_FW_CHECK(struct agx4_fw_hwdata, gpc, 0xea0);
AGX4_FW_CHECK(struct agx4_fw_hwdata, one_eb8, 0xeb8);
AGX4_FW_CHECK(struct agx4_fw_hwdata, one_ec8, 0xec8);
AGX4_FW_CHECK(struct agx4_fw_hwdata, clocks_per_ms, 0xed0);
AGX4_FW_CHECK(struct agx4_fw_hwdata, sample_period, 0xed8);
AGX4_FW_CHECK(struct agx4_fw_hwdata, ones_ee0, 0xee0);
AGX4_FW_CHECK(struct agx4_fw_hwdata, max_pstate, 0xfc4);
AGX4_FW_CHECK(struct agx4_fw_hwdata, freq_a, 0xfc8);
AGX4_FW_CHECK(struct agx4_fw_hwdata, core_mv, 0x1008);
AGX4_FW_CHECK(struct agx4_fw_hwdata, mem_mv, 0x1408);
AGX4_FW_CHECK(struct agx4_fw_hwdata, freq_b, 0x1808);
AGX4_FW_CHECK(struct agx4_fw_hwdata, scale_b, 0x1848);
AGX4_FW_CHECK(struct agx4_fw_hwdata, relative_a, 0x18c8);
AGX4_FW_CHECK(struct agx4_fw_hwdata, relative_b, 0x1908);
AGX4_FW_CHECK(struct agx4_fw_hwdata, index_a, 0x19c8);
AGX4_FW_CHECK(struct agx4_fw_hwdata, index_b, 0x1a08);
AGX4_FW_CHECK(struct agx4_fw_hwdata, max_pstate_b, 0x1cd8);
AGX4_FW_CHECK(struct agx4_fw_hwdata, freq_b2, 0x1cdc);
AGX4_FW_CHECK(struct agx4_fw_hwdata, const_258e, 0x258e);
AGX4_FW_CHECK(struct agx4_fw_hwdata, groups, 0x2590);
AGX4_FW_CHECK(struct agx4_fw_hwdata, channel_ones, 0x25b4);
AGX4_FW_CHECK(struct agx4_fw_hwdata, one_25f4, 0x25f4);
AGX4_FW_CHECK(struct agx4_fw_hwdata, one_2600, 0x2600);
AGX4_FW_CHECK(struct agx4_fw_hwdata, one_2604, 0x2604);
AGX4_FW_CHECK(struct agx4_fw_hwdata, one_2608, 0x2608);

/**
 * struct agx4_fw_region_a - region A of the init data
 *
 * A zeroed page the firmware owns: m1n1 describes it so for G13/G14 (H,
 * fw-abi.md 2.1), the G17P reference allocates 0x4000 bytes and the G16
 * reference a page, neither writing anything (M).
 */
struct agx4_fw_region_a {
	/** @opaque: the firmware's; zero when handed over. */
	u8 opaque[0x4000];
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_region_a, 0x4000);

/**
 * struct agx4_fw_job_list - a queue's job list header
 *
 * The same on G16 and G17P (3.9): when empty, @self holds its own
 * address.
 */
struct agx4_fw_job_list {
	/** @head: first job, 0 when empty. */
	__le64 head;
	/** @self: the list's own address when empty. */
	__le64 self;
	/** @tail: unused by agx4. */
	__le64 tail;
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_job_list, 0x18);
AGX4_FW_CHECK(struct agx4_fw_job_list, self, 0x08);

/*
 * Register-value encodings shared by G16 and G17P (g16-g17p-reference.md
 * 3.12, 3.13), which agx4_fw_render_vals() and agx4_fw_compute_vals()
 * compute for both.
 */
/* The TA stage's 32-bit offsets count from here. */
#define AGX4_FW_CONTEXT_BASE		0x1000000000ull
/* Target layers: layered ? LAYERED | (layers - 1) : SINGLE. */
#define AGX4_FW_LAYERS_LAYERED		0xe000
#define AGX4_FW_LAYERS_SINGLE		0x8000
#define AGX4_FW_LAYERS_LOW_MASK		0x4fff
/* Tile-buffer encoding: blocks (wrapping at 64), samples * banks << 16. */
#define AGX4_FW_TIB_BLOCK_MASK		0x3f
#define AGX4_FW_TIB_SAMPLES_SHIFT	16
#define AGX4_FW_TIB_BANK_BLOCKS		32
/* The stencil clear register carries this above the value. */
#define AGX4_FW_STENCIL_CLEAR_TAG	0x300
/* Tile config: BASE | layered | process-empty-tiles. */
#define AGX4_FW_TILE_CONFIG_BASE	0x280
#define AGX4_FW_TILE_CONFIG_EMPTY	BIT(16)
#define AGX4_FW_TILE_CONFIG_LOW		GENMASK(15, 0)
/* Tile state: BASE | FIXED | (tx-1) << 44 | (ty-1) << 53 | layered << 32 |
 * (utile config & 0xf000) << 28.
 */
#define AGX4_FW_TILE_STATE_BASE		0x3717f
#define AGX4_FW_TILE_STATE_FIXED	BIT_ULL(37)
#define AGX4_FW_TILE_STATE_TX_SHIFT	44
#define AGX4_FW_TILE_STATE_TY_SHIFT	53
#define AGX4_FW_TILE_STATE_LAYERED	BIT_ULL(32)
#define AGX4_FW_TILE_STATE_UTILE_MASK	GENMASK_ULL(15, 12)
#define AGX4_FW_TILE_STATE_UTILE_SHIFT	28
/* Heap metadata and deflake 3 go to the TA tagged with these. */
#define AGX4_FW_HEAPMETA_TAG		BIT_ULL(63)
#define AGX4_FW_DEFLAKE3_TAG		BIT_ULL(50)
/* The compute save-area words the program points the hardware at. */
#define AGX4_FW_COMPUTE_SAVE_WORDS	{ 0x1480, 0x1488, 0x1490, 0x1498 }

/* Most records a work item's register program holds (3.11). */
#define AGX4_FW_MAX_REGS		128

/**
 * struct agx4_fw_reg - one record of a register program
 *
 * The same on G16 and G17P (3.11-3.13): the firmware writes @value to
 * GPU register @reg, in program order; duplicates are significant.
 */
struct agx4_fw_reg {
	/** @reg: the register. */
	__le32 reg;
	/** @value: what to write (unaligned). */
	__le64 value;
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_reg, 12);
AGX4_FW_CHECK(struct agx4_fw_reg, value, 0x04);

/* Device-control opcodes (3.7) and event kinds (3.8). */
#define AGX4_FW_CTL_INITIAL		0x16
#define AGX4_FW_CTL_INITIAL_SECONDARY	0x2a
#define AGX4_FW_CTL_REGISTER		0x20
#define AGX4_FW_CTL_GROW_REPLY		0x08
#define AGX4_FW_CTL_LIMIT_REPLY		0x09
#define AGX4_FW_CTL_CLEANUP		0x14
#define AGX4_FW_CTL_MAINTENANCE		0x1b
#define AGX4_FW_CTL_TICK		0x2e
#define AGX4_FW_CTL_SIZE		0x40

#define AGX4_FW_EV_COMPLETION		1
#define AGX4_FW_EV_FATAL		4
#define AGX4_FW_EV_PARTIAL		5
#define AGX4_FW_EV_GROW			6
#define AGX4_FW_EV_LIMIT		7
#define AGX4_FW_EV_RECEIPT		13
#define AGX4_FW_EV_SIZE			0x48

extern const struct agx4_fw_layout agx4_fw_common_layouts[];
extern const unsigned int agx4_fw_num_common_layouts;

/**
 * struct agx4_fw_ev_fatal - event 4, a fatal firmware condition
 *
 * The same on G16 and G17P (3.8): no fault address or owner.
 */
struct agx4_fw_ev_fatal {
	/** @kind: %AGX4_FW_EV_FATAL. */
	__le32 kind;
	/** @zero: must be zero. */
	u8 zero[0x44];
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_ev_fatal, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct agx4_fw_ev_fatal, zero, 0x04);

/**
 * struct agx4_fw_ev_receipt - event 13, a device-control command done
 *
 * The same on G16 and G17P (3.8): the body echoes the control record
 * from its second word on.
 */
struct agx4_fw_ev_receipt {
	/** @kind: %AGX4_FW_EV_RECEIPT. */
	__le32 kind;
	/** @echo: words 1.. of the control record. */
	__le32 echo[17];
} __packed;
AGX4_FW_CHECK_SIZE(struct agx4_fw_ev_receipt, AGX4_FW_EV_SIZE);
AGX4_FW_CHECK(struct agx4_fw_ev_receipt, echo, 0x04);

void agx4_fw_layouts_print(const struct agx4_fw_layout *layouts,
			   unsigned int n, struct drm_printer *p);
const struct agx4_fw_field *agx4_fw_layout_field(const struct agx4_fw_layout *l,
						 const char *name);

#endif /* AGX4_FWIF_H */
