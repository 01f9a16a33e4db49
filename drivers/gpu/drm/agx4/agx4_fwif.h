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
 * Right after each structure, one list names every member with its
 * offset (``NAME_FIELDS(X, T)``, the specification's numbers).  That list
 * is the only other place a field is stated: AGX4_FW_CHECK_FIELDS()
 * expands it into a static_assert() of the structure's size and of every
 * member's offset, so a member moved by mistake, or a pad of the wrong
 * length, fails the build with the member's name; AGX4_FW_LAYOUT() expands
 * it into the decoder's &struct agx4_fw_layout.  Pads (``__pad_<offset>``)
 * are in no list.  agx4_fw_layouts_print() prints the layouts as ``object
 * field offset size`` lines (the ``fw_layouts`` debugfs file), so two
 * firmware builds compare with diff.
 *
 * The structures carry plain comments where a member's name does not say
 * enough; a constant a builder writes is named where the builder writes
 * it.
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
 * Each object's members are listed once, right after its declaration, as
 * NAME_FIELDS(X, T): one X(T, member, offset) per member, in offset order,
 * pads left out.  That one list expands into the offset checks
 * (AGX4_FW_CHECK_FIELDS()) and into the decoder entry (AGX4_FW_LAYOUT()).
 */
#define AGX4_FW_ASSERT_FIELD(T, m, off)					\
	static_assert(offsetof(T, m) == (off),				\
		      #T "." #m " is not at offset " #off);
#define AGX4_FW_DECODE_FIELD(T, m, off)					\
	{ #m, offsetof(T, m), sizeof_field(T, m) },
/* A member a builder also writes through a u64 view of the object. */
#define AGX4_FW_ASSERT_U64(T, m, off)					\
	static_assert(sizeof_field(T, m) == 8 && (off) % 8 == 0,	\
		      #T "." #m " is not an aligned 64-bit word");

/* The size check and one offset check per member of @FIELDS. */
#define AGX4_FW_CHECK_FIELDS(T, size, FIELDS)				\
	FIELDS(AGX4_FW_ASSERT_FIELD, T)					\
	static_assert(sizeof(T) == (size), #T " is not " #size " bytes")

/* The decoder's view of object @lname, of type @T, members @FIELDS. */
#define AGX4_FW_LAYOUT(lname, T, FIELDS) {				\
	.name = lname, .size = sizeof(T),				\
	.fields = (const struct agx4_fw_field[]){			\
		FIELDS(AGX4_FW_DECODE_FIELD, T) },			\
	.num_fields = sizeof((const struct agx4_fw_field[]){		\
		FIELDS(AGX4_FW_DECODE_FIELD, T) }) /			\
		sizeof(struct agx4_fw_field),				\
}

/*
 * One page-table level, as the root describes it.
 *
 * The same on G16 and G17P (g16-g17p-reference.md 3.2).
 */
struct agx4_fw_uat_level {
	/* {8, 14, 14, shift}: index width, page bits, page bits, shift. */
	u8 bits[4];
	/* Entries in a table of this level. */
	__le16 entries;
	__le16 page_size;
	__le64 one;
	/* Output-address mask. */
	__le64 oa_mask;
	/* (entries - 1) << shift. */
	__le64 index_mask;
} __packed;
#define AGX4_FW_UAT_LEVEL_FIELDS(X, T)					\
	X(T, bits, 0x0) X(T, entries, 0x4) X(T, page_size, 0x6)		\
	X(T, one, 0x8) X(T, oa_mask, 0x10) X(T, index_mask, 0x18)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_uat_level, 0x20, AGX4_FW_UAT_LEVEL_FIELDS);

/*
 * The init-data root (g16-g17p-reference.md 3.2).
 *
 * The same on G16 and G17P up to status B (0xb8 bytes); only the version
 * words differ, and they come from &agx4_fw_gen.root_version.  Roots that
 * also carry the two support objects are &struct agx4_fw_root_extra.
 */
struct agx4_fw_root {
	/* The root version words. */
	__le16 version[4];
	__le64 region_a;
	u8 __pad_10[8];
	/* This instance's main config (channel table). */
	__le64 main_config;
	__le64 region_c;
	/* The firmware instance, 0 primary, 1 secondary. */
	__le32 kind;
	__le32 one;
	/* UAT page size, 0x4000. */
	__le16 page_size;
	u8 page_bits;
	/* Page-table levels, 3. */
	u8 levels;
	/* The levels, root first. */
	struct agx4_fw_uat_level level[3];
	u8 __pad_94[0x14];
	/* Status record A. */
	__le64 status_a;
	/* Status record B (0 on the G17P secondary). */
	__le64 status_b;
} __packed;
#define AGX4_FW_ROOT_FIELDS(X, T)					\
	X(T, version, 0x0) X(T, region_a, 0x8) X(T, main_config, 0x18)	\
	X(T, region_c, 0x20) X(T, kind, 0x28) X(T, one, 0x2c)		\
	X(T, page_size, 0x30) X(T, page_bits, 0x32) X(T, levels, 0x33)	\
	X(T, level, 0x34) X(T, status_a, 0xa8) X(T, status_b, 0xb0)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_root, 0xb8, AGX4_FW_ROOT_FIELDS);

/*
 * A root with the two support objects (0xc8).
 *
 * The G16 root and the G17P secondary's (3.2).
 */
struct agx4_fw_root_extra {
	/* The common part. */
	struct agx4_fw_root root;
	/* Support object. */
	__le64 extra_0;
	/* Support object. */
	__le64 extra_1;
} __packed;
#define AGX4_FW_ROOT_EXTRA_FIELDS(X, T)					\
	X(T, root, 0x0) X(T, extra_0, 0xb8) X(T, extra_1, 0xc0)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_root_extra, 0xc8,
		     AGX4_FW_ROOT_EXTRA_FIELDS);

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

/*
 * One record of the channel table.
 *
 * The same on G16 and G17P.  For ring channels @state holds the firmware
 * addresses of the read, done and producer cursors.
 */
struct agx4_fw_channel {
	/* The channel's three state-word addresses. */
	__le64 state[3];
	__le64 ring;
} __packed;
#define AGX4_FW_CHANNEL_FIELDS(X, T)					\
	X(T, state, 0x0) X(T, ring, 0x18)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_channel, 0x20, AGX4_FW_CHANNEL_FIELDS);

/*
 * A status record (status_a, status_b).
 *
 * The same on G16 and G17P (3.2): the host sets @init before boot, the
 * firmware @ack and @accepted when it took the init data.
 */
struct agx4_fw_status {
	u8 __pad_0[4];
	/* 1 before boot. */
	__le32 init;
	u8 __pad_8[8];
	/* 1 once acknowledged. */
	__le32 ack;
	/* 1 once the init data is accepted. */
	__le32 accepted;
	u8 __pad_18[0x68];
} __packed;
#define AGX4_FW_STATUS_FIELDS(X, T)					\
	X(T, init, 0x4) X(T, ack, 0x10) X(T, accepted, 0x14)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_status, 0x80, AGX4_FW_STATUS_FIELDS);

/*
 * A hardware register window the firmware maps.
 *
 * The same on G16 and G17P (3.4); hwdata holds up to 53 of them.
 */
struct agx4_fw_regwin {
	/* Physical address. */
	__le64 pa;
	/* Where the firmware sees it. */
	__le64 fw_va;
	/* Bytes. */
	__le32 size;
	/* Size / stride as the reference writes it. */
	__le32 stride;
	/* Offset from the SGX window, 0 if absolute. */
	__le64 sgx_offset;
	/* Bit 1, present and read-write. */
	__le32 flags;
	u8 __pad_24[4];
} __packed;
#define AGX4_FW_REGWIN_FIELDS(X, T)					\
	X(T, pa, 0x0) X(T, fw_va, 0x8) X(T, size, 0x10)			\
	X(T, stride, 0x14) X(T, sgx_offset, 0x18) X(T, flags, 0x20)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_regwin, 0x28, AGX4_FW_REGWIN_FIELDS);

/* hwdata (g16-g17p-reference.md 3.4): window slots and performance states. */
/* A register window the firmware may write (flag bit 1). */
#define AGX4_FW_REGWIN_RW		BIT(1)
#define AGX4_FW_NUM_REGWINS		53
#define AGX4_FW_NUM_PSTATES		11

/* One voltage row of hwdata. */
struct agx4_fw_vrow {
	/* Millivolts, the same in every word. */
	__le32 mv[16];
} __packed;
#define AGX4_FW_VROW_FIELDS(X, T)					\
	X(T, mv, 0x0)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_vrow, 0x40, AGX4_FW_VROW_FIELDS);

/*
 * Hwdata, the start of the bundle (0x3db4 bytes).
 *
 * The layout G16 and G17P share (g16-g17p-reference.md 3.4).  GAP: the
 * specification places "1 copy of voltage rows" after @freq_b2 without
 * an offset, and G17P's region records from +0x2610 without a count;
 * neither is declared.
 */
struct agx4_fw_hwdata {
	u8 __pad_0[0x28];
	/* The timestamp aperture's firmware address. */
	__le64 ts_aperture;
	u8 __pad_30[0x610];
	/* The register windows, by slot. */
	struct agx4_fw_regwin regwin[AGX4_FW_NUM_REGWINS];
	u8 __pad_e88[0x8];
	/* 0x8132 or 0x8140. */
	__le32 chip_id;
	/* G16: chip revision >> 4. */
	__le32 rev_hi;
	/* G16: chip revision & 7. */
	__le32 rev_lo;
	u8 __pad_e9c[0x4];
	/* G16: 1 unless the GPU has no GPC. */
	__le32 gpc;
	u8 __pad_ea4[0x14];
	/* G16: 1. */
	__le32 one_eb8;
	u8 __pad_ebc[0xc];
	/* G16: 1. */
	__le32 one_ec8;
	u8 __pad_ecc[0x4];
	/* G16: AIC clocks per ms, 24000. */
	__le32 clocks_per_ms;
	u8 __pad_ed4[0x4];
	/* G16: the power sample period, ms. */
	__le32 sample_period;
	u8 __pad_edc[0x4];
	/* G16: 1, 1, 1. */
	__le32 ones_ee0[3];
	u8 __pad_eec[0xd8];
	/* Performance states - 1. */
	__le32 max_pstate;
	/* Frequencies A, MHz. */
	__le32 freq_a[AGX4_FW_NUM_PSTATES];
	u8 __pad_ff4[0x14];
	/* Core voltage rows. */
	struct agx4_fw_vrow core_mv[AGX4_FW_NUM_PSTATES];
	u8 __pad_12c8[0x140];
	/* Memory voltage rows. */
	struct agx4_fw_vrow mem_mv[AGX4_FW_NUM_PSTATES];
	u8 __pad_16c8[0x140];
	/* Frequencies B, MHz. */
	__le32 freq_b[AGX4_FW_NUM_PSTATES];
	u8 __pad_1834[0x14];
	/* Scales B (binary32). */
	__le32 scale_b[AGX4_FW_NUM_PSTATES];
	u8 __pad_1874[0x54];
	/* Relative performance A. */
	__le32 relative_a[AGX4_FW_NUM_PSTATES];
	u8 __pad_18f4[0x14];
	/* Relative performance B. */
	__le32 relative_b[AGX4_FW_NUM_PSTATES];
	u8 __pad_1934[0x94];
	/* Indices A. */
	__le32 index_a[AGX4_FW_NUM_PSTATES];
	u8 __pad_19f4[0x14];
	/* Indices B. */
	__le32 index_b[AGX4_FW_NUM_PSTATES];
	u8 __pad_1a34[0x2a4];
	/* Performance states - 1, again. */
	__le32 max_pstate_b;
	/* Frequencies B, again. */
	__le32 freq_b2[AGX4_FW_NUM_PSTATES];
	u8 __pad_1d08[0x886];
	/* 22 (G16) or 12 (G17P). */
	__le16 const_258e;
	/* G16: words 1..3 of each 16-byte group 1; G17P: 0, 1, 1, 1. */
	__le32 groups[8];
	u8 __pad_25b0[0x4];
	/* 0xffffffff, one per work channel. */
	__le32 channel_ones[AGX4_FW_NUM_WORK_CHANNELS];
	u8 __pad_25e4[0x10];
	__le32 one_25f4;
	u8 __pad_25f8[0x8];
	/* G17P: 1. */
	__le32 one_2600;
	/* G16: 1. */
	__le32 one_2604;
	/* G17P: 1. */
	__le32 one_2608;
	u8 __pad_260c[0x17a8];
} __packed;
#define AGX4_FW_HWDATA_FIELDS(X, T)					\
	X(T, ts_aperture, 0x28) X(T, regwin, 0x640)			\
	X(T, chip_id, 0xe90) X(T, rev_hi, 0xe94) X(T, rev_lo, 0xe98)	\
	X(T, gpc, 0xea0) X(T, one_eb8, 0xeb8) X(T, one_ec8, 0xec8)	\
	X(T, clocks_per_ms, 0xed0) X(T, sample_period, 0xed8)		\
	X(T, ones_ee0, 0xee0) X(T, max_pstate, 0xfc4)			\
	X(T, freq_a, 0xfc8) X(T, core_mv, 0x1008) X(T, mem_mv, 0x1408)	\
	X(T, freq_b, 0x1808) X(T, scale_b, 0x1848)			\
	X(T, relative_a, 0x18c8) X(T, relative_b, 0x1908)		\
	X(T, index_a, 0x19c8) X(T, index_b, 0x1a08)			\
	X(T, max_pstate_b, 0x1cd8) X(T, freq_b2, 0x1cdc)		\
	X(T, const_258e, 0x258e) X(T, groups, 0x2590)			\
	X(T, channel_ones, 0x25b4) X(T, one_25f4, 0x25f4)		\
	X(T, one_2600, 0x2600) X(T, one_2604, 0x2604)			\
	X(T, one_2608, 0x2608)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_hwdata, 0x3db4, AGX4_FW_HWDATA_FIELDS);

/*
 * Region A of the init data.
 *
 * A zeroed page the firmware owns: m1n1 describes it so for G13/G14 (H,
 * fw-abi.md 2.1), the G17P reference allocates 0x4000 bytes and the G16
 * reference a page, neither writing anything (M).
 */
struct agx4_fw_region_a {
	/* The firmware's; zero when handed over. */
	u8 opaque[0x4000];
} __packed;
#define AGX4_FW_REGION_A_FIELDS(X, T)					\
	X(T, opaque, 0x0)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_region_a, 0x4000, AGX4_FW_REGION_A_FIELDS);

/*
 * A queue's job list header.
 *
 * The same on G16 and G17P (3.9): when empty, @self holds its own
 * address.
 */
struct agx4_fw_job_list {
	/* First job, 0 when empty. */
	__le64 head;
	/* The list's own address when empty. */
	__le64 self;
	/* Unused by agx4. */
	__le64 tail;
} __packed;
#define AGX4_FW_JOB_LIST_FIELDS(X, T)					\
	X(T, head, 0x0) X(T, self, 0x8) X(T, tail, 0x10)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_job_list, 0x18, AGX4_FW_JOB_LIST_FIELDS);

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

/*
 * One record of a register program.
 *
 * The same on G16 and G17P (3.11-3.13): the firmware writes @value to
 * GPU register @reg, in program order; duplicates are significant.
 */
struct agx4_fw_reg {
	/* The register. */
	__le32 reg;
	/* What to write (unaligned). */
	__le64 value;
} __packed;
#define AGX4_FW_REG_FIELDS(X, T)					\
	X(T, reg, 0x0) X(T, value, 0x4)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_reg, 12, AGX4_FW_REG_FIELDS);

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

/*
 * Event 4, a fatal firmware condition.
 *
 * The same on G16 and G17P (3.8): no fault address or owner.
 */
struct agx4_fw_ev_fatal {
	__le32 kind;
	/* Must be zero. */
	u8 zero[0x44];
} __packed;
#define AGX4_FW_EV_FATAL_FIELDS(X, T)					\
	X(T, kind, 0x0) X(T, zero, 0x4)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_ev_fatal, AGX4_FW_EV_SIZE,
		     AGX4_FW_EV_FATAL_FIELDS);

/*
 * Event 13, a device-control command done.
 *
 * The same on G16 and G17P (3.8): the body echoes the control record
 * from its second word on.
 */
struct agx4_fw_ev_receipt {
	__le32 kind;
	/* Words 1.. of the control record. */
	__le32 echo[17];
} __packed;
#define AGX4_FW_EV_RECEIPT_FIELDS(X, T)					\
	X(T, kind, 0x0) X(T, echo, 0x4)
AGX4_FW_CHECK_FIELDS(struct agx4_fw_ev_receipt, AGX4_FW_EV_SIZE,
		     AGX4_FW_EV_RECEIPT_FIELDS);

#endif /* AGX4_FWIF_H */
