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
 * offset (``NAME_FIELDS(TYPE, ...)``, the reference drivers' numbers).
 * That list is the only other place a field is stated:
 * AGX4_FW_CHECK_FIELDS() expands it into a compile-time check of the
 * structure's size and of every member's offset, so a member moved by
 * mistake, or a pad of the wrong length, fails the build with the member's
 * name; AGX4_FW_LAYOUT() expands it into the decoder's &struct
 * agx4_fw_layout.  Pads (``__pad_<offset>``) are in no list.
 * agx4_fw_layouts_print() prints the layouts as ``object field offset
 * size`` lines (the ``fw_layouts`` debugfs file), so two firmware builds
 * compare with diff.
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
 * NAME_FIELDS(TYPE, ...): in parentheses, one TYPE(__VA_ARGS__, member,
 * offset) per member, in offset order, pads left out.  TYPE is the macro
 * applied to each member, the variadic arguments its first ones
 * (checkpatch accepts the reuse of parameters named so).  The list expands
 * into the offset checks (AGX4_FW_CHECK_FIELDS()) and, unwrapped, into the
 * decoder entry (AGX4_FW_LAYOUT()).
 *
 * A member at the wrong offset fails the build with "negative width in
 * bit-field '<member>_is_not_at_<offset>'".
 */
#define AGX4_FW_ASSERT_FIELD(T, m, off)					\
	-sizeof(struct { unsigned int m##_is_not_at_##off :		\
			 offsetof(T, m) == (off) ? 1 : -1; })
#define AGX4_FW_DECODE_FIELD(T, m, off)					\
	{ #m, (off), sizeof_field(T, m) },
#define AGX4_FW_EXPAND(...)	__VA_ARGS__
#define AGX4_FW_UNPAREN(...)	__VA_ARGS__

/* The size check and one offset check per member of @FIELDS. */
#define AGX4_FW_CHECK_FIELDS(T, size, FIELDS)				\
	static_assert(sizeof(T) == (size) &&				\
		      sizeof(FIELDS(AGX4_FW_ASSERT_FIELD, T)),		\
		      #T " is not " #size " bytes")

/*
 * The decoder's view of object @lname: @type is its field list, the
 * variadic argument its C type.
 */
#define AGX4_FW_LAYOUT(lname, type, ...) {				\
	.name = lname, .size = sizeof(__VA_ARGS__),			\
	.fields = (const struct agx4_fw_field[]){			\
		AGX4_FW_EXPAND(AGX4_FW_UNPAREN				\
			type(AGX4_FW_DECODE_FIELD, __VA_ARGS__)) },		\
	.num_fields = sizeof((const struct agx4_fw_field[]){		\
		AGX4_FW_EXPAND(AGX4_FW_UNPAREN				\
			type(AGX4_FW_DECODE_FIELD, __VA_ARGS__)) }) /		\
		sizeof(struct agx4_fw_field),				\
}

/*
 * One page-table level, as the root describes it.
 *
 * The same on G16 and G17P.
 */
struct agx4_fw_uat_level {
	/* {8, 14, 14, shift}: index width, page bits, page bits, shift. */
	u8 bits[4];
	/* Entries in a table of this level. */
	__le16 entries;
	__le16 page_size;
	__le64 gap_8;
	/* Output-address mask. */
	__le64 oa_mask;
	/* (entries - 1) << shift. */
	__le64 index_mask;
} __packed;
#define AGX4_FW_UAT_LEVEL_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, bits, 0x0) TYPE(__VA_ARGS__, entries, 0x4)	\
	 TYPE(__VA_ARGS__, page_size, 0x6) TYPE(__VA_ARGS__, gap_8, 0x8)	\
	 TYPE(__VA_ARGS__, oa_mask, 0x10)				\
	 TYPE(__VA_ARGS__, index_mask, 0x18))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_uat_level, 0x20, AGX4_FW_UAT_LEVEL_FIELDS);

/*
 * The init-data root.
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
	__le32 gap_2c;
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
#define AGX4_FW_ROOT_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, version, 0x0)				\
	 TYPE(__VA_ARGS__, region_a, 0x8)				\
	 TYPE(__VA_ARGS__, main_config, 0x18)				\
	 TYPE(__VA_ARGS__, region_c, 0x20)				\
	 TYPE(__VA_ARGS__, kind, 0x28) TYPE(__VA_ARGS__, gap_2c, 0x2c)	\
	 TYPE(__VA_ARGS__, page_size, 0x30)				\
	 TYPE(__VA_ARGS__, page_bits, 0x32)				\
	 TYPE(__VA_ARGS__, levels, 0x33) TYPE(__VA_ARGS__, level, 0x34)	\
	 TYPE(__VA_ARGS__, status_a, 0xa8)				\
	 TYPE(__VA_ARGS__, status_b, 0xb0))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_root, 0xb8, AGX4_FW_ROOT_FIELDS);

/*
 * A root with the two support objects (0xc8).
 *
 * The G16 root and the G17P secondary's.
 */
struct agx4_fw_root_extra {
	/* The common part. */
	struct agx4_fw_root root;
	/* Support object. */
	__le64 extra_0;
	/* Support object. */
	__le64 extra_1;
} __packed;
#define AGX4_FW_ROOT_EXTRA_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, root, 0x0) TYPE(__VA_ARGS__, extra_0, 0xb8)	\
	 TYPE(__VA_ARGS__, extra_1, 0xc0))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_root_extra, 0xc8,
		     AGX4_FW_ROOT_EXTRA_FIELDS);

/* Channels of the main config's table. */
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
 * G16 and G17P; 0 means "no such word".
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
#define AGX4_FW_CHANNEL_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, state, 0x0) TYPE(__VA_ARGS__, ring, 0x18))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_channel, 0x20, AGX4_FW_CHANNEL_FIELDS);

/*
 * A status record (status_a, status_b).
 *
 * The same on G16 and G17P: the host sets @init before boot, the
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
#define AGX4_FW_STATUS_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, init, 0x4) TYPE(__VA_ARGS__, ack, 0x10)	\
	 TYPE(__VA_ARGS__, accepted, 0x14))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_status, 0x80, AGX4_FW_STATUS_FIELDS);

/*
 * A hardware register window the firmware maps.
 *
 * The same on G16 and G17P; hwdata holds up to 53 of them.
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
	/* "Relative": the SGX offset of most SGX windows, else 0. */
	__le64 sgx_offset;
	/* Bit 1, present and read-write. */
	__le32 flags;
	u8 __pad_24[4];
} __packed;
#define AGX4_FW_REGWIN_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, pa, 0x0) TYPE(__VA_ARGS__, fw_va, 0x8)	\
	 TYPE(__VA_ARGS__, size, 0x10) TYPE(__VA_ARGS__, stride, 0x14)	\
	 TYPE(__VA_ARGS__, sgx_offset, 0x18)				\
	 TYPE(__VA_ARGS__, flags, 0x20))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_regwin, 0x28, AGX4_FW_REGWIN_FIELDS);

/* hwdata: window slots and performance states. */
/* A register window the firmware may write (flag bit 1). */
#define AGX4_FW_REGWIN_RW		BIT(1)
#define AGX4_FW_NUM_REGWINS		53
#define AGX4_FW_NUM_PSTATES		11
/* Colour-space matrices of hwdata. */
#define AGX4_FW_NUM_YUV			63
/* hwdata +0x2590: two groups of four words (H, both generations). */
#define AGX4_FW_HWDATA_GROUPS		{ 0, 1, 1, 1, 0, 1, 1, 1 }

/* One voltage row of hwdata. */
struct agx4_fw_vrow {
	/* Millivolts, the same in every word. */
	__le32 mv[16];
} __packed;
#define AGX4_FW_VROW_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, mv, 0x0))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_vrow, 0x40, AGX4_FW_VROW_FIELDS);

/*
 * Hwdata, the start of the bundle (0x3db4 bytes), laid out alike on G16
 * and G17P.  The performance tables come twice: frequencies A with 16
 * copies of each voltage row, then (from +0x1cd8) frequencies B with one
 * word of each (H: both reference drivers fill them so).
 *
 * GAP: members named gap_<offset> are words both reference drivers write
 * with a constant whose meaning is not known; each builder names the value
 * it writes.  G17P's region records from +0x2610 have no known count and
 * are not declared.
 */
struct agx4_fw_hwdata {
	__le64 gap_0[5];
	/* The timestamp aperture's firmware address. */
	__le64 ts_aperture;
	u8 __pad_30[0x20];
	/*
	 * Colour-space matrices, 3 rows of 4 signed words each (M: what
	 * G17P's constants decode to; G16 leaves them 0).
	 */
	__le16 yuv[AGX4_FW_NUM_YUV][12];
	u8 __pad_638[0x8];
	/* The register windows, by slot. */
	struct agx4_fw_regwin regwin[AGX4_FW_NUM_REGWINS];
	u8 __pad_e88[0x8];
	/* 0x8132 or 0x8140. */
	__le32 chip_id;
	/* Chip revision >> 4. */
	__le32 rev_hi;
	/* Chip revision & 7. */
	__le32 rev_lo;
	u8 __pad_e9c[0x4];
	/* 1 unless the GPU has no GPC. */
	__le32 gpc;
	__le32 gap_ea4;
	u8 __pad_ea8[0x10];
	__le32 gap_eb8;
	u8 __pad_ebc[0x4];
	__le32 gap_ec0;
	u8 __pad_ec4[0x4];
	__le32 gap_ec8;
	u8 __pad_ecc[0x4];
	/* AIC clocks per ms. */
	__le32 clocks_per_ms;
	__le32 gap_ed4;
	/* The power sample period, ms. */
	__le32 sample_period;
	u8 __pad_edc[0x4];
	__le32 gap_ee0[3];
	u8 __pad_eec[0x18];
	__le32 gap_f04;
	u8 __pad_f08[0x1c];
	__le32 gap_f24;
	u8 __pad_f28[0xc];
	__le32 gap_f34[2];
	u8 __pad_f3c[0x10];
	__le32 gap_f4c;
	u8 __pad_f50[0x1c];
	__le32 gap_f6c;
	u8 __pad_f70[0x18];
	__le32 gap_f88[2];
	u8 __pad_f90[0x1c];
	__le32 gap_fac;
	u8 __pad_fb0[0x8];
	__le32 gap_fb8[3];
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
	u8 __pad_1d08[0x14];
	/* The core voltages again, in the first word of each row only. */
	struct agx4_fw_vrow core_mv2[AGX4_FW_NUM_PSTATES];
	u8 __pad_1fdc[0x140];
	/* The memory voltages again, likewise. */
	struct agx4_fw_vrow mem_mv2[AGX4_FW_NUM_PSTATES];
	u8 __pad_23dc[0x168];
	__le32 gap_2544[5];
	u8 __pad_2558[0x10];
	__le32 gap_2568;
	u8 __pad_256c[0x4];
	__le32 gap_2570;
	u8 __pad_2574[0x1a];
	__le16 gap_258e;
	/* Two groups of four words, %AGX4_FW_HWDATA_GROUPS. */
	__le32 groups[8];
	u8 __pad_25b0[0x4];
	/* 0xffffffff, one per work channel. */
	__le32 channel_ones[AGX4_FW_NUM_WORK_CHANNELS];
	u8 __pad_25e4[0x10];
	__le32 gap_25f4;
	u8 __pad_25f8[0x8];
	__le32 gap_2600;
	__le32 gap_2604;
	__le32 gap_2608;
	u8 __pad_260c[0x178c];
	__le32 gap_3d98;
	u8 __pad_3d9c[0x14];
	__le32 gap_3db0;
} __packed;
#define AGX4_FW_HWDATA_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, gap_0, 0x0)					\
	 TYPE(__VA_ARGS__, ts_aperture, 0x28)				\
	 TYPE(__VA_ARGS__, yuv, 0x50) TYPE(__VA_ARGS__, regwin, 0x640)	\
	 TYPE(__VA_ARGS__, chip_id, 0xe90)				\
	 TYPE(__VA_ARGS__, rev_hi, 0xe94)				\
	 TYPE(__VA_ARGS__, rev_lo, 0xe98) TYPE(__VA_ARGS__, gpc, 0xea0)	\
	 TYPE(__VA_ARGS__, gap_ea4, 0xea4)				\
	 TYPE(__VA_ARGS__, gap_eb8, 0xeb8)				\
	 TYPE(__VA_ARGS__, gap_ec0, 0xec0)				\
	 TYPE(__VA_ARGS__, gap_ec8, 0xec8)				\
	 TYPE(__VA_ARGS__, clocks_per_ms, 0xed0)			\
	 TYPE(__VA_ARGS__, gap_ed4, 0xed4)				\
	 TYPE(__VA_ARGS__, sample_period, 0xed8)			\
	 TYPE(__VA_ARGS__, gap_ee0, 0xee0)				\
	 TYPE(__VA_ARGS__, gap_f04, 0xf04)				\
	 TYPE(__VA_ARGS__, gap_f24, 0xf24)				\
	 TYPE(__VA_ARGS__, gap_f34, 0xf34)				\
	 TYPE(__VA_ARGS__, gap_f4c, 0xf4c)				\
	 TYPE(__VA_ARGS__, gap_f6c, 0xf6c)				\
	 TYPE(__VA_ARGS__, gap_f88, 0xf88)				\
	 TYPE(__VA_ARGS__, gap_fac, 0xfac)				\
	 TYPE(__VA_ARGS__, gap_fb8, 0xfb8)				\
	 TYPE(__VA_ARGS__, max_pstate, 0xfc4)				\
	 TYPE(__VA_ARGS__, freq_a, 0xfc8)				\
	 TYPE(__VA_ARGS__, core_mv, 0x1008)				\
	 TYPE(__VA_ARGS__, mem_mv, 0x1408)				\
	 TYPE(__VA_ARGS__, freq_b, 0x1808)				\
	 TYPE(__VA_ARGS__, scale_b, 0x1848)				\
	 TYPE(__VA_ARGS__, relative_a, 0x18c8)				\
	 TYPE(__VA_ARGS__, relative_b, 0x1908)				\
	 TYPE(__VA_ARGS__, index_a, 0x19c8)				\
	 TYPE(__VA_ARGS__, index_b, 0x1a08)				\
	 TYPE(__VA_ARGS__, max_pstate_b, 0x1cd8)			\
	 TYPE(__VA_ARGS__, freq_b2, 0x1cdc)				\
	 TYPE(__VA_ARGS__, core_mv2, 0x1d1c)				\
	 TYPE(__VA_ARGS__, mem_mv2, 0x211c)				\
	 TYPE(__VA_ARGS__, gap_2544, 0x2544)				\
	 TYPE(__VA_ARGS__, gap_2568, 0x2568)				\
	 TYPE(__VA_ARGS__, gap_2570, 0x2570)				\
	 TYPE(__VA_ARGS__, gap_258e, 0x258e)				\
	 TYPE(__VA_ARGS__, groups, 0x2590)				\
	 TYPE(__VA_ARGS__, channel_ones, 0x25b4)			\
	 TYPE(__VA_ARGS__, gap_25f4, 0x25f4)				\
	 TYPE(__VA_ARGS__, gap_2600, 0x2600)				\
	 TYPE(__VA_ARGS__, gap_2604, 0x2604)				\
	 TYPE(__VA_ARGS__, gap_2608, 0x2608)				\
	 TYPE(__VA_ARGS__, gap_3d98, 0x3d98)				\
	 TYPE(__VA_ARGS__, gap_3db0, 0x3db0))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_hwdata, 0x3db4, AGX4_FW_HWDATA_FIELDS);

/*
 * Region A of the init data.
 *
 * A zeroed page the firmware owns: m1n1 describes it so for G13/G14 (H),
 * the G17P reference allocates 0x4000 bytes and the G16 reference a page,
 * neither writing anything (M).
 */
struct agx4_fw_region_a {
	/* The firmware's; zero when handed over. */
	u8 opaque[0x4000];
} __packed;
#define AGX4_FW_REGION_A_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, opaque, 0x0))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_region_a, 0x4000, AGX4_FW_REGION_A_FIELDS);

/*
 * Region C (0x1000 bytes on G17P; G16 gives it a 16 KiB page, the rest
 * zero).  The same offsets on both generations, with different values;
 * each generation writes the members its reference writes.
 *
 * GAP: members named gap_<offset> are words whose meaning is not known;
 * the builders write the reference's constants, named where written.
 */
struct agx4_fw_region_c {
	/* The KTrace mask, 0xffffffff to trace everything. */
	__le32 ktrace;
	u8 __pad_4[0x20];
	__le32 gap_24;
	u8 __pad_28[0x8];
	__le32 gap_30[4];
	u8 __pad_40[0x14];
	__le16 gap_54;
	__le16 gap_56;
	__le16 gap_58;
	__le16 gap_5a[9];
	u8 __pad_6c[0xc];
	__le32 gap_78;
	u8 __pad_7c[0x8];
	/* The GPU's most power, mW. */
	__le32 max_power_mw;
	__le32 gap_88[2];
	u8 __pad_90[0x8];
	__le32 gap_98;
	u8 __pad_9c[0x728];
	__le32 gap_7c4;
	/* binary32 */
	__le32 gap_7c8[8];
	__le32 gap_7e8[5];
	u8 __pad_7fc[0x19c];
	__le32 gap_998[4];
	u8 __pad_9a8[0x10];
	__le32 gap_9b8[4];
	__le32 gap_9c8[3];
	u8 __pad_9d4[0x448];
	__le32 gap_e1c;
	u8 __pad_e20[0x8];
	__le32 gap_e28;
	__le32 gap_e2c;
	u8 __pad_e30[0x8];
	__le32 gap_e38[2];
	u8 __pad_e40[0x10];
	__le32 gap_e50;
	u8 __pad_e54[0x1ac];
} __packed;
#define AGX4_FW_REGION_C_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, ktrace, 0x0) TYPE(__VA_ARGS__, gap_24, 0x24)	\
	 TYPE(__VA_ARGS__, gap_30, 0x30)				\
	 TYPE(__VA_ARGS__, gap_54, 0x54)				\
	 TYPE(__VA_ARGS__, gap_56, 0x56)				\
	 TYPE(__VA_ARGS__, gap_58, 0x58)				\
	 TYPE(__VA_ARGS__, gap_5a, 0x5a)				\
	 TYPE(__VA_ARGS__, gap_78, 0x78)				\
	 TYPE(__VA_ARGS__, max_power_mw, 0x84)				\
	 TYPE(__VA_ARGS__, gap_88, 0x88)				\
	 TYPE(__VA_ARGS__, gap_98, 0x98)				\
	 TYPE(__VA_ARGS__, gap_7c4, 0x7c4)				\
	 TYPE(__VA_ARGS__, gap_7c8, 0x7c8)				\
	 TYPE(__VA_ARGS__, gap_7e8, 0x7e8)				\
	 TYPE(__VA_ARGS__, gap_998, 0x998)				\
	 TYPE(__VA_ARGS__, gap_9b8, 0x9b8)				\
	 TYPE(__VA_ARGS__, gap_9c8, 0x9c8)				\
	 TYPE(__VA_ARGS__, gap_e1c, 0xe1c)				\
	 TYPE(__VA_ARGS__, gap_e28, 0xe28)				\
	 TYPE(__VA_ARGS__, gap_e2c, 0xe2c)				\
	 TYPE(__VA_ARGS__, gap_e38, 0xe38)				\
	 TYPE(__VA_ARGS__, gap_e50, 0xe50))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_region_c, 0x1000,
		     AGX4_FW_REGION_C_FIELDS);

/*
 * A queue's job list header.
 *
 * The same on G16 and G17P: when empty, @self holds its own
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
#define AGX4_FW_JOB_LIST_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, head, 0x0) TYPE(__VA_ARGS__, self, 0x8)	\
	 TYPE(__VA_ARGS__, tail, 0x10))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_job_list, 0x18, AGX4_FW_JOB_LIST_FIELDS);

/*
 * Register-value encodings shared by G16 and G17P, which
 * agx4_fw_render_vals() and agx4_fw_compute_vals() compute for both.
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

/* Most records a work item's register program holds. */
#define AGX4_FW_MAX_REGS		128

/*
 * One record of a register program.
 *
 * The same on G16 and G17P: the firmware writes @value to
 * GPU register @reg, in program order; duplicates are significant.
 */
struct agx4_fw_reg {
	/* The register. */
	__le32 reg;
	/* What to write (unaligned). */
	__le64 value;
} __packed;
#define AGX4_FW_REG_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, reg, 0x0) TYPE(__VA_ARGS__, value, 0x4))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_reg, 12, AGX4_FW_REG_FIELDS);

/* Device-control opcodes and event kinds. */
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

/*
 * Event 4, a fatal firmware condition.
 *
 * The same on G16 and G17P: no fault address or owner.
 */
struct agx4_fw_ev_fatal {
	__le32 kind;
	/* Must be zero. */
	u8 zero[0x44];
} __packed;
#define AGX4_FW_EV_FATAL_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, zero, 0x4))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_ev_fatal, AGX4_FW_EV_SIZE,
		     AGX4_FW_EV_FATAL_FIELDS);

/*
 * Event 13, a device-control command done.
 *
 * Not an echo of the control record: the G16 receipt of the opening
 * registration (control 0x20) carries 1, 0, then the registration's
 * control data, operand table (twice) and count, and 0x20 bytes of
 * firmware stack that mean nothing (H: three versions of the G16
 * reference read it so).  G17P's only known receipt, its secondary's
 * start-up one, is {13, 1, 0...} (M).
 */
struct agx4_fw_ev_receipt {
	__le32 kind;
	__le32 gap_4;
	__le32 zero;
	/* Unaligned. */
	__le64 control_data;
	/* Unaligned. */
	__le64 operands;
	/* Unaligned. */
	__le64 operands2;
	__le32 count;
	/* Firmware stack bytes: never read. */
	u8 opaque[0x20];
} __packed;
#define AGX4_FW_EV_RECEIPT_FIELDS(TYPE, ...)				\
	(TYPE(__VA_ARGS__, kind, 0x0) TYPE(__VA_ARGS__, gap_4, 0x4)	\
	 TYPE(__VA_ARGS__, zero, 0x8)					\
	 TYPE(__VA_ARGS__, control_data, 0xc)				\
	 TYPE(__VA_ARGS__, operands, 0x14)				\
	 TYPE(__VA_ARGS__, operands2, 0x1c)				\
	 TYPE(__VA_ARGS__, count, 0x24)					\
	 TYPE(__VA_ARGS__, opaque, 0x28))
AGX4_FW_CHECK_FIELDS(struct agx4_fw_ev_receipt, AGX4_FW_EV_SIZE,
		     AGX4_FW_EV_RECEIPT_FIELDS);

#endif /* AGX4_FWIF_H */
