// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/align.h>
#include <linux/device.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/of.h>
#include <linux/of_address.h>
#include <linux/overflow.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_of.h"
#include "agx4_test_hooks.h"

/**
 * DOC: device-tree inputs
 *
 * The boot loader (m1n1) loads the GPU firmware, builds its first page
 * tables, reserves the memory the firmware uses and copies the properties
 * the driver needs from Apple's device tree (ADT) into the GPU node.
 * agx4_of_parse() turns that node into a &struct agx4_platform and is the
 * only code that looks at the device tree.
 *
 * What is read is data: one table of property descriptors per SoC (name,
 * encoding, element count, accepted values, destination field), plus the
 * checks no table can express (named ``reg`` windows, named
 * ``memory-region`` entries that must be 16 KiB aligned and must not
 * overlap, the mailboxes, and on t8140 the ADT's copy of each reservation,
 * which must match the reservation itself).
 *
 * Properties copied from the ADT keep the ADT's little-endian byte order;
 * properties that are native to the Linux device tree (``reg``, the
 * private VM region) are big-endian cells.  The encoding is part of each
 * descriptor.
 *
 * The parser reads through &struct agx4_dt_source_ops, a seam: on hardware
 * it is backed by the OF API, in KUnit by property tables.  Every rejected
 * input names the node and the property in a probe error and in the
 * &struct agx4_dt_error it fills; the &struct agx4_platform is only
 * written when everything passed.
 */

/* The UAT and reservation granule: every reserved region is aligned to it. */
#define AGX4_DT_GRANULE		SZ_16K
/* Smallest windows the driver may touch (highest register offsets used). */
#define AGX4_ASC_MIN_SIZE	SZ_16K
#define AGX4_SGX_MIN_SIZE	SZ_64M
/* t8140 firmware needs at least this much of the pagetables reservation. */
#define AGX4_G17P_PT_MIN_SIZE	0x80000
/* AIC clocks per millisecond, to convert a sample period given in ms. */
#define AGX4_AIC_CLKS_PER_MS	24000
/* The exponent field of an IEEE-754 binary32. */
#define AGX4_F32_EXP_MASK	GENMASK(30, 23)

/**
 * enum agx4_prop_kind - how a property is encoded
 * @AGX4_PROP_STRING: a NUL-terminated string.
 * @AGX4_PROP_FLAG: presence only; stored as u32 1.
 * @AGX4_PROP_LE32: little-endian u32 values (ADT bytes).
 * @AGX4_PROP_BE32: big-endian cells.
 * @AGX4_PROP_LE64: little-endian u64 values (ADT bytes).
 * @AGX4_PROP_BE64: pairs of big-endian cells, most significant first.
 * @AGX4_PROP_BYTES: raw bytes; length @min or @max.
 * @AGX4_PROP_F32: little-endian IEEE-754 binary32 bit patterns (ADT
 *	bytes); Inf and NaN are rejected.
 */
enum agx4_prop_kind {
	AGX4_PROP_STRING,
	AGX4_PROP_FLAG,
	AGX4_PROP_LE32,
	AGX4_PROP_BE32,
	AGX4_PROP_LE64,
	AGX4_PROP_BE64,
	AGX4_PROP_BYTES,
	AGX4_PROP_F32,
};

/**
 * struct agx4_prop_desc - one device-tree property and where it goes
 * @name: property name.
 * @kind: encoding.
 * @required: absence is an error; else @def is stored (u32 kinds).
 * @count: elements (values, or the byte capacity for STRING/BYTES).
 * @offset: destination in &struct agx4_platform.
 * @len_offset: for BYTES, where the length goes.
 * @min: smallest accepted value of each u32 element (or BYTES length).
 * @max: largest accepted value; 0 means any.
 * @def: value of an absent optional u32 property.
 * @has_offset: if not 0, where 1 goes when the optional property is
 *	present.
 */
struct agx4_prop_desc {
	const char *name;
	enum agx4_prop_kind kind;
	bool required;
	u16 count;
	u16 offset;
	u16 len_offset;
	u32 min;
	u32 max;
	u32 def;
	u16 has_offset;
};

#define P_FIELD(f)	offsetof(struct agx4_platform, f)
#define P_REQ(n, k, f, c) \
	{ .name = n, .kind = k, .required = true, .count = c, .offset = P_FIELD(f) }
#define P_RANGE(n, k, f, lo, hi) \
	{ .name = n, .kind = k, .required = true, .count = 1, \
	  .offset = P_FIELD(f), .min = lo, .max = hi }
#define P_LE64(n, f)	P_REQ(n, AGX4_PROP_LE64, f, 1)
#define P_OPT(n, k, f, d) \
	{ .name = n, .kind = k, .count = 1, .offset = P_FIELD(f), .def = d }

/*
 * t8132 power-controller tunables (``apple,sgx-gpu-*``): name, member of
 * &struct agx4_g16_tunables, default, accepted range (max 0: any).
 * Checks that depend on the sample period or the maximum power are the
 * power-block builder's.
 */
#define P_PWR(n, f, d, lo, hi) \
	{ .name = "apple,sgx-gpu-" n, .kind = AGX4_PROP_LE32, .count = 1, \
	  .offset = P_FIELD(pwr.f), .def = d, .min = lo, .max = hi }
#define P_PWRF(n, f, d) \
	{ .name = "apple,sgx-gpu-" n, .kind = AGX4_PROP_F32, .count = 1, \
	  .offset = P_FIELD(pwr.f), .def = d }
/* Optional without a default: the builder's choice depends on presence. */
#define P_PWR_HAS(n, k, f, lo) \
	{ .name = "apple,sgx-gpu-" n, .kind = k, .count = 1, \
	  .offset = P_FIELD(pwr.f), .min = lo, \
	  .has_offset = P_FIELD(pwr.has_##f) }

/* Read by both SoCs. */
static const struct agx4_prop_desc agx4_common_props[] = {
	P_REQ("apple,firmware-build", AGX4_PROP_STRING, firmware_build,
	      AGX4_FW_BUILD_MAX),
	/* GAP: cell encoding of this property; read as two 64-bit values. */
	P_REQ("apple,rtkit-private-vm-region", AGX4_PROP_BE64, private_vm, 2),
};

/*
 * t8132 (G16): the inputs of the hardware-data and power tables.  The
 * apple,m4-* properties and apple,chip-revision are ordinary DT cells the
 * loader writes big-endian (H); only the apple,sgx-* properties are ADT
 * bytes copied verbatim, little-endian.
 */
static const struct agx4_prop_desc agx4_t8132_props[] = {
	/* The ladder form apple,m4-power-mw is not read yet (L). */
	P_OPT("apple,m4-max-power-mw", AGX4_PROP_BE32, max_power_mw, 0),
	/* L: 11 values each, the performance states of the firmware tables. */
	P_REQ("apple,m4-freq-a", AGX4_PROP_BE32, freq_a, AGX4_NUM_PSTATES),
	P_REQ("apple,m4-freq-b", AGX4_PROP_BE32, freq_b, AGX4_NUM_PSTATES),
	P_REQ("apple,m4-core-voltage", AGX4_PROP_BE32, core_mv, AGX4_NUM_PSTATES),
	P_REQ("apple,m4-memory-voltage", AGX4_PROP_BE32, mem_mv, AGX4_NUM_PSTATES),
	P_REQ("apple,m4-index-a", AGX4_PROP_BE32, index_a, AGX4_NUM_PSTATES),
	P_REQ("apple,m4-index-b", AGX4_PROP_BE32, index_b, AGX4_NUM_PSTATES),
	P_REQ("apple,m4-relative-a", AGX4_PROP_BE32, relative_a, AGX4_NUM_PSTATES),
	P_REQ("apple,m4-relative-b", AGX4_PROP_BE32, relative_b, AGX4_NUM_PSTATES),
	P_REQ("apple,chip-revision", AGX4_PROP_BE32, chip_revision, 1),
	P_OPT("apple,sgx-no-gpc", AGX4_PROP_FLAG, no_gpc, 0),
	P_OPT("apple,sgx-gpu-pwr-sample-period-aic-clks", AGX4_PROP_LE32,
	      sample_period_clks, 0),
	/* At most 10 cores on t8132. */
	P_RANGE("apple,m4-core-mask", AGX4_PROP_BE32, core_mask, 1, 0x3ff),
	/* L: the number of memory controllers; 16 bits are accepted. */
	{ .name = "apple,sgx-active-mcc-bit-vector", .kind = AGX4_PROP_LE32,
	  .count = 1, .offset = P_FIELD(mcc_mask), .min = 1, .max = 0xffff,
	  .def = 3 },
	{ .name = "apple,sgx-meta-sw-interrupt", .kind = AGX4_PROP_BYTES,
	  .required = true, .count = AGX4_META_SWI_MAX,
	  .offset = P_FIELD(meta_swi), .len_offset = P_FIELD(meta_swi_len),
	  .min = 20, .max = 40 },
	/* Power loop; the integral clamp must not exceed the maximum power. */
	P_PWR("pwr-min-duty-cycle", pwr_min_duty_cycle, 40, 0,
	      AGX4_PWR_DUTY_MAX),
	P_PWR("pwr-integral-min-clamp", pwr_integral_min_clamp, 0, 0, 0),
	P_PWR("pwr-filter-time-constant", pwr_filter_time_constant, 313, 1, 0),
	P_PWRF("pwr-integral-gain", pwr_integral_gain, 0x3ca59586),
	P_PWRF("pwr-proportional-gain", pwr_proportional_gain, 0x40a90fdb),
	/* PPM loop; the time constant must be at least one sample period. */
	P_PWR("ppm-filter-time-constant-ms", ppm_filter_time_constant_ms, 16,
	      1, 0),
	P_PWRF("ppm-ki", ppm_ki, 0x43160000),
	P_PWRF("ppm-kp", ppm_kp, 0x3e800000),
	/* Utilisation loop; the dead zone must not exceed the target. */
	P_PWR("perf-base-pstate", perf_base_pstate, 1, 1,
	      AGX4_PWR_BASE_PSTATE_MAX),
	P_PWR("perf-tgt-utilization", perf_tgt_utilization, 85, 0,
	      AGX4_PWR_PERCENT_MAX),
	P_PWR("perf-dz", perf_dz, 0, 0, 0),
	P_PWR("perf-boost-min-util", perf_boost_min_util, 95, 0,
	      AGX4_PWR_PERCENT_MAX),
	P_PWR("perf-integral-min-clamp", perf_integral_min_clamp, 0, 0,
	      AGX4_PWR_PERF_CLAMP_MAX),
	P_PWR("perf-filter-time-constant", perf_filter_time_constant, 5, 1, 0),
	P_PWR("perf-filter-time-constant2", perf_filter_time_constant2, 200,
	      1, 0),
	P_PWRF("perf-integral-gain", perf_integral_gain, 0x3f4c28f6),
	P_PWRF("perf-integral-gain2", perf_integral_gain2, 0x3f4c28f6),
	P_PWRF("perf-proportional-gain", perf_proportional_gain, 0x40accccd),
	P_PWRF("perf-proportional-gain2", perf_proportional_gain2, 0x40accccd),
	P_PWR("perf-boost-ce-step", perf_boost_ce_step, 50, 0, 0),
	P_PWR("perf-reset-iters", perf_reset_iters, 6, 0, 0),
	P_PWR("perf-filter-drop-threshold", perf_filter_drop_threshold, 0, 0,
	      0),
	/* SE loop (GAP: units of the thresholds, criteria, tolerances). */
	P_PWR("se-filter-time-constant", se_filter_time_constant, 9, 1, 0),
	P_PWR("se-filter-time-constant-1", se_filter_time_constant_1, 3, 1, 0),
	P_PWRF("se-ki", se_ki, 0xc2480000),
	P_PWRF("se-ki-1", se_ki_1, 0xc2c80000),
	P_PWRF("se-kp", se_kp, 0xc0a00000),
	P_PWRF("se-kp-1", se_kp_1, 0xc0a00000),
	P_PWR("se-inactive-threshold", se_inactive_threshold, 2500, 0, 0),
	P_PWR("se-engagement-criteria", se_engagement_criteria, 600, 0, 0),
	P_PWR("se-engagement-tolerance", se_engagement_tolerance, 2, 0, 0),
	P_PWR("se-reset-tolerance", se_reset_tolerance, 4, 0, 0),
	P_PWR("se-reset-criteria", se_reset_criteria, 50, 0, 0),
	/*
	 * Average-power loop.  L: the reference reads input-filter-tc only
	 * when filter-tc-ms is absent; agx4 also rejects a malformed one
	 * that is then unused.
	 */
	P_PWR("avg-power-target-filter-tc", avg_power_target_filter_tc, 1, 1,
	      0),
	P_PWR_HAS("avg-power-ki-only", AGX4_PROP_F32, avg_power_ki_only, 0),
	P_PWR_HAS("avg-power-ki", AGX4_PROP_F32, avg_power_ki, 0),
	P_PWR("avg-power-min-duty-cycle", avg_power_min_duty_cycle, 40, 0,
	      AGX4_PWR_DUTY_MAX),
	P_PWRF("avg-power-kp", avg_power_kp, 0x401ae148),
	P_PWR_HAS("avg-power-filter-tc-ms", AGX4_PROP_LE32,
		  avg_power_filter_tc_ms, 1),
	P_PWR_HAS("avg-power-input-filter-tc", AGX4_PROP_LE32,
		  avg_power_input_filter_tc, 1),
	/* Fast die-0 thermal loop: degrees C, multiplied by 100 to a u32. */
	P_PWR("fast-die0-release-temp", fast_die0_release_temp, 80, 0,
	      AGX4_PWR_TEMP_MAX),
	P_PWR("fast-die0-prop-tgt-delta", fast_die0_prop_tgt_delta, 0, 0,
	      AGX4_PWR_TEMP_MAX),
	P_PWRF("fast-die0-integral-gain", fast_die0_integral_gain, 0x43480000),
	P_PWRF("fast-die0-proportional-gain", fast_die0_proportional_gain,
	       0x42f00000),
	/* The turbo controller's mode: any value; absent means mode 2. */
	P_PWR_HAS("turbo-controller-input", AGX4_PROP_LE32,
		  turbo_controller_input, 0),
};

/* t8140 (G17P): the loader ABI, the ADT's reservations, raw P-states. */
static const struct agx4_prop_desc agx4_t8140_props[] = {
	/* GAP: byte order of this loader property; read as a DT cell. */
	P_RANGE("apple,neo-boot-abi", AGX4_PROP_BE32, boot_abi, 1, 1),
	P_LE64("apple,sgx-gpu-region-base",
	       adt_mem[AGX4_MEM_TTBS].start),
	P_LE64("apple,sgx-gpu-region-size",
	       adt_mem[AGX4_MEM_TTBS].size),
	P_LE64("apple,sgx-gfx-shared-region-base",
	       adt_mem[AGX4_MEM_PAGETABLES].start),
	P_LE64("apple,sgx-gfx-shared-region-size",
	       adt_mem[AGX4_MEM_PAGETABLES].size),
	P_LE64("apple,sgx-gfx-shared-l2-region-base",
	       adt_mem[AGX4_MEM_L2].start),
	P_LE64("apple,sgx-gfx-shared-l2-region-size",
	       adt_mem[AGX4_MEM_L2].size),
	P_LE64("apple,sgx-gfx-handoff-base",
	       adt_mem[AGX4_MEM_HANDOFF].start),
	P_LE64("apple,sgx-gfx-handoff-size",
	       adt_mem[AGX4_MEM_HANDOFF].size),
	P_LE64("apple,sgx-gfx-data-base",
	       adt_mem[AGX4_MEM_FIRMWARE].start),
	P_LE64("apple,sgx-gfx-data-size",
	       adt_mem[AGX4_MEM_FIRMWARE].size),
	P_LE64("apple,sgx-gfx1-data-base",
	       adt_mem[AGX4_MEM_FIRMWARE1].start),
	P_LE64("apple,sgx-gfx1-data-size",
	       adt_mem[AGX4_MEM_FIRMWARE1].size),
	P_RANGE("apple,sgx-perf-state-count", AGX4_PROP_LE32, pstate_count,
		AGX4_NUM_RAW_PSTATES, AGX4_NUM_RAW_PSTATES),
	P_RANGE("apple,sgx-perf-state-table-count", AGX4_PROP_LE32,
		pstate_tables, 1, 1),
	P_REQ("apple,sgx-perf-states", AGX4_PROP_LE32, raw_pstates,
	      2 * AGX4_NUM_RAW_PSTATES),
	P_REQ("apple,sgx-perf-states-sram", AGX4_PROP_LE32, raw_pstates_sram,
	      2 * AGX4_NUM_RAW_PSTATES),
};

/**
 * struct agx4_soc_desc - what one SoC's GPU node must hold
 * @compatible: the SoC-specific compatible.
 * @soc: its id.
 * @chip_id: the chip number.
 * @num_instances: firmware instances (one mailbox and ASC each).
 * @mbox_names: ``mbox-names`` entries required, one per instance, or
 *	NULL when the mailboxes are used by index.
 * @regs: bitmask of the required &enum agx4_reg windows.
 * @mems: bitmask of the required &enum agx4_mem regions.
 * @pt_min_size: smallest ``pagetables`` reservation.
 * @props: SoC-specific properties.
 * @num_props: entries in @props.
 */
struct agx4_soc_desc {
	const char *compatible;
	enum agx4_soc_id soc;
	u32 chip_id;
	u32 num_instances;
	const char *const *mbox_names;
	u32 regs;
	u32 mems;
	u64 pt_min_size;
	const struct agx4_prop_desc *props;
	unsigned int num_props;
};

static const char *const agx4_t8140_mbox_names[] = { "primary", "secondary" };

static const struct agx4_soc_desc agx4_socs[] = {
	{
		.compatible = "apple,agx-t8132",
		.soc = AGX4_SOC_T8132,
		.chip_id = 0x8132,
		.num_instances = 1,
		.regs = BIT(AGX4_REG_ASC) | BIT(AGX4_REG_SGX),
		.mems = BIT(AGX4_MEM_TTBS) | BIT(AGX4_MEM_PAGETABLES) |
			BIT(AGX4_MEM_L2) | BIT(AGX4_MEM_HANDOFF) |
			BIT(AGX4_MEM_FIRMWARE),
		.pt_min_size = AGX4_DT_GRANULE,
		.props = agx4_t8132_props,
		.num_props = ARRAY_SIZE(agx4_t8132_props),
	},
	{
		.compatible = "apple,agx-t8140",
		.soc = AGX4_SOC_T8140,
		.chip_id = 0x8140,
		.num_instances = 2,
		.mbox_names = agx4_t8140_mbox_names,
		.regs = BIT(AGX4_REG_ASC) | BIT(AGX4_REG_SGX) |
			BIT(AGX4_REG_ASC1) | BIT(AGX4_REG_SGX_AUX),
		.mems = BIT(AGX4_MEM_TTBS) | BIT(AGX4_MEM_PAGETABLES) |
			BIT(AGX4_MEM_L2) | BIT(AGX4_MEM_HANDOFF) |
			BIT(AGX4_MEM_FIRMWARE) | BIT(AGX4_MEM_FIRMWARE1),
		.pt_min_size = AGX4_G17P_PT_MIN_SIZE,
		.props = agx4_t8140_props,
		.num_props = ARRAY_SIZE(agx4_t8140_props),
	},
};

static const char *const agx4_reg_names[AGX4_REG_COUNT] = {
	[AGX4_REG_ASC] = "asc",
	[AGX4_REG_SGX] = "sgx",
	[AGX4_REG_ASC1] = "asc-secondary",
	[AGX4_REG_SGX_AUX] = "sgx-aux",
};

static const char *const agx4_mem_names[AGX4_MEM_COUNT] = {
	[AGX4_MEM_TTBS] = "ttbs",
	[AGX4_MEM_PAGETABLES] = "pagetables",
	[AGX4_MEM_L2] = "l2",
	[AGX4_MEM_HANDOFF] = "handoff",
	[AGX4_MEM_FIRMWARE] = "firmware",
	[AGX4_MEM_FIRMWARE1] = "firmware-secondary",
};

/**
 * agx4_of_reg_name() - the ``reg-names`` entry of a window
 * @r: the window.
 *
 * Return: its name.
 */
const char *agx4_of_reg_name(enum agx4_reg r)
{
	return r < AGX4_REG_COUNT ? agx4_reg_names[r] : "?";
}
EXPORT_SYMBOL_NS_GPL(agx4_of_reg_name, DRM_AGX4);

/**
 * agx4_of_mem_name() - the ``memory-region-names`` entry of a region
 * @m: the region.
 *
 * Return: its name.
 */
const char *agx4_of_mem_name(enum agx4_mem m)
{
	return m < AGX4_MEM_COUNT ? agx4_mem_names[m] : "?";
}
EXPORT_SYMBOL_NS_GPL(agx4_of_mem_name, DRM_AGX4);

struct parse_ctx {
	struct device *dev;
	const struct agx4_dt_source *src;
	struct agx4_dt_error *err;
};

static int reject(struct parse_ctx *pc, int errno, const char *what,
		  const char *why)
{
	dev_err(pc->dev, "%s: %s: %s\n", pc->src->node, what, why);
	pc->err->what = what;
	pc->err->why = why;
	return errno;
}

/* Is @s, of @len bytes, a list of NUL-terminated strings containing @want? */
static bool strlist_has(const char *s, int len, const char *want)
{
	int pos = 0;

	while (pos < len) {
		size_t n = strnlen(s + pos, len - pos);

		if (pos + n == len)
			return false;	/* unterminated */
		if (!strcmp(s + pos, want))
			return true;
		pos += n + 1;
	}
	return false;
}

static bool strlist_valid(const char *s, int len)
{
	return len > 0 && s[len - 1] == '\0';
}

static const struct agx4_soc_desc *match_soc(struct parse_ctx *pc)
{
	const char *compat;
	int len;
	unsigned int i;

	compat = pc->src->ops->prop(pc->src->ctx, "compatible", &len);
	if (!compat || !strlist_valid(compat, len))
		return NULL;
	for (i = 0; i < ARRAY_SIZE(agx4_socs); i++)
		if (strlist_has(compat, len, agx4_socs[i].compatible))
			return &agx4_socs[i];
	return NULL;
}

static u64 get_value(const void *raw, enum agx4_prop_kind kind, unsigned int i)
{
	switch (kind) {
	case AGX4_PROP_LE32:
	case AGX4_PROP_F32:
		return get_unaligned_le32(raw + 4 * i);
	case AGX4_PROP_BE32:
		return get_unaligned_be32(raw + 4 * i);
	case AGX4_PROP_LE64:
		return get_unaligned_le64(raw + 8 * i);
	case AGX4_PROP_BE64:
		return get_unaligned_be64(raw + 8 * i);
	default:
		return 0;
	}
}

static unsigned int elem_size(enum agx4_prop_kind kind)
{
	switch (kind) {
	case AGX4_PROP_LE32:
	case AGX4_PROP_BE32:
	case AGX4_PROP_F32:
		return 4;
	case AGX4_PROP_LE64:
	case AGX4_PROP_BE64:
		return 8;
	default:
		return 1;
	}
}

static int parse_prop(struct parse_ctx *pc, const struct agx4_prop_desc *d,
		      struct agx4_platform *p)
{
	void *dst = (void *)p + d->offset;
	const void *raw;
	unsigned int i;
	int len;

	raw = pc->src->ops->prop(pc->src->ctx, d->name, &len);
	if (!raw) {
		if (d->required)
			return reject(pc, -ENOENT, d->name, "missing");
		if (d->kind != AGX4_PROP_STRING && d->kind != AGX4_PROP_BYTES)
			*(u32 *)dst = d->def;
		return 0;
	}

	switch (d->kind) {
	case AGX4_PROP_STRING:
		if (!strlist_valid(raw, len) || strnlen(raw, len) != len - 1)
			return reject(pc, -EINVAL, d->name,
				      "not a single NUL-terminated string");
		if (len == 1)
			return reject(pc, -EINVAL, d->name, "empty");
		if (len > d->count)
			return reject(pc, -EINVAL, d->name, "too long");
		memcpy(dst, raw, len);
		return 0;
	case AGX4_PROP_FLAG:
		if (len)
			return reject(pc, -EINVAL, d->name,
				      "boolean property has a value");
		*(u32 *)dst = 1;
		return 0;
	case AGX4_PROP_BYTES:
		if (len != d->min && len != d->max)
			return reject(pc, -EINVAL, d->name, "wrong size");
		memcpy(dst, raw, len);
		*(u32 *)((void *)p + d->len_offset) = len;
		return 0;
	default:
		break;
	}

	if (len != d->count * elem_size(d->kind))
		return reject(pc, -EINVAL, d->name, "wrong size");

	for (i = 0; i < d->count; i++) {
		u64 v = get_value(raw, d->kind, i);

		if (elem_size(d->kind) == 8) {
			((u64 *)dst)[i] = v;
			continue;
		}
		if (v < d->min || (d->max && v > d->max))
			return reject(pc, -EINVAL, d->name, "value out of range");
		/* An all-ones binary32 exponent is Inf or NaN. */
		if (d->kind == AGX4_PROP_F32 &&
		    (v & AGX4_F32_EXP_MASK) == AGX4_F32_EXP_MASK)
			return reject(pc, -EINVAL, d->name,
				      "not a finite binary32");
		((u32 *)dst)[i] = v;
	}
	if (d->has_offset)
		*(u32 *)((void *)p + d->has_offset) = 1;
	return 0;
}

static int parse_props(struct parse_ctx *pc, const struct agx4_prop_desc *d,
		       unsigned int n, struct agx4_platform *p)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		ret = parse_prop(pc, &d[i], p);
		if (ret)
			return ret;
	}
	return 0;
}

static bool range_end(const struct agx4_range *r, u64 *end)
{
	return !check_add_overflow(r->start, r->size - 1, end);
}

static int parse_regs(struct parse_ctx *pc, const struct agx4_soc_desc *soc,
		      struct agx4_platform *p)
{
	static const u64 min_size[AGX4_REG_COUNT] = {
		[AGX4_REG_ASC] = AGX4_ASC_MIN_SIZE,
		[AGX4_REG_SGX] = AGX4_SGX_MIN_SIZE,
		[AGX4_REG_ASC1] = AGX4_ASC_MIN_SIZE,
		[AGX4_REG_SGX_AUX] = 1,
	};
	unsigned int r;
	u64 end;
	int ret;

	for (r = 0; r < AGX4_REG_COUNT; r++) {
		struct agx4_range *w = &p->reg[r];

		if (!(soc->regs & BIT(r)))
			continue;
		ret = pc->src->ops->reg(pc->src->ctx, agx4_reg_names[r], w);
		if (ret == -ENOENT)
			return reject(pc, ret, agx4_reg_names[r],
				      "reg entry missing");
		if (ret)
			return reject(pc, ret, agx4_reg_names[r],
				      "reg entry unreadable");
		if (w->size < min_size[r])
			return reject(pc, -EINVAL, agx4_reg_names[r],
				      "reg window too small");
		if (!range_end(w, &end))
			return reject(pc, -EINVAL, agx4_reg_names[r],
				      "reg window wraps");
	}
	return 0;
}

static int parse_mems(struct parse_ctx *pc, const struct agx4_soc_desc *soc,
		      struct agx4_platform *p)
{
	unsigned int m, o;
	u64 end, oend;
	int ret;

	for (m = 0; m < AGX4_MEM_COUNT; m++) {
		struct agx4_range *r = &p->mem[m];

		if (!(soc->mems & BIT(m)))
			continue;
		ret = pc->src->ops->memory_region(pc->src->ctx,
						  agx4_mem_names[m], r);
		if (ret == -ENOENT)
			return reject(pc, ret, agx4_mem_names[m],
				      "memory-region missing");
		if (ret)
			return reject(pc, ret, agx4_mem_names[m],
				      "memory-region unreadable");
		if (!r->size)
			return reject(pc, -EINVAL, agx4_mem_names[m],
				      "memory-region is empty");
		if (!IS_ALIGNED(r->start, AGX4_DT_GRANULE) ||
		    !IS_ALIGNED(r->size, AGX4_DT_GRANULE))
			return reject(pc, -EINVAL, agx4_mem_names[m],
				      "memory-region not 16 KiB aligned");
		if (!range_end(r, &end))
			return reject(pc, -EINVAL, agx4_mem_names[m],
				      "memory-region wraps");
		if (m == AGX4_MEM_PAGETABLES && r->size < soc->pt_min_size)
			return reject(pc, -EINVAL, agx4_mem_names[m],
				      "memory-region too small");
	}

	/* All present regions are valid now; none may overlap another. */
	for (m = 0; m < AGX4_MEM_COUNT; m++) {
		if (!p->mem[m].size)
			continue;
		range_end(&p->mem[m], &end);
		for (o = m + 1; o < AGX4_MEM_COUNT; o++) {
			if (!p->mem[o].size)
				continue;
			range_end(&p->mem[o], &oend);
			if (p->mem[m].start <= oend && p->mem[o].start <= end)
				return reject(pc, -EINVAL, agx4_mem_names[o],
					      "memory-region overlaps another");
		}
	}
	return 0;
}

static int parse_mboxes(struct parse_ctx *pc, const struct agx4_soc_desc *soc,
			struct agx4_platform *p)
{
	const char *names;
	unsigned int i;
	int n, len;

	n = pc->src->ops->mbox_count(pc->src->ctx);
	if (n <= 0)
		return reject(pc, -ENOENT, "mboxes", "missing");
	if (n != soc->num_instances)
		return reject(pc, -EINVAL, "mboxes",
			      "one mailbox per firmware instance expected");
	p->num_mboxes = n;

	if (!soc->mbox_names)
		return 0;
	names = pc->src->ops->prop(pc->src->ctx, "mbox-names", &len);
	if (!names)
		return reject(pc, -ENOENT, "mbox-names", "missing");
	if (!strlist_valid(names, len))
		return reject(pc, -EINVAL, "mbox-names", "malformed");
	for (i = 0; i < soc->num_instances; i++)
		if (!strlist_has(names, len, soc->mbox_names[i]))
			return reject(pc, -ENOENT, "mbox-names",
				      "a mailbox name is missing");
	return 0;
}

#define AGX4_T8140_PRIVATE_VM_START	0xfffffc0000000000ull
#define AGX4_T8140_PRIVATE_VM_SIZE	0x2000000000ull

static int check_private_vm(struct parse_ctx *pc, struct agx4_platform *p)
{
	static const char *what = "apple,rtkit-private-vm-region";
	u64 end;

	if (!p->private_vm.size)
		return reject(pc, -EINVAL, what, "empty");
	if (!IS_ALIGNED(p->private_vm.start, AGX4_DT_GRANULE) ||
	    !IS_ALIGNED(p->private_vm.size, AGX4_DT_GRANULE))
		return reject(pc, -EINVAL, what, "not 16 KiB aligned");
	if (!range_end(&p->private_vm, &end))
		return reject(pc, -EINVAL, what, "wraps");
	/* The firmware's private range is in the upper (kernel) half. */
	if (!(p->private_vm.start & BIT_ULL(63)))
		return reject(pc, -EINVAL, what, "not in the upper half");
	/*
	 * G17P: the firmware's graph sits at the end of this range, and the
	 * reference takes only the range its firmware build has (H:
	 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_platform.rs@5f23f74e).
	 */
	if (p->soc == AGX4_SOC_T8140 &&
	    (p->private_vm.start != AGX4_T8140_PRIVATE_VM_START ||
	     p->private_vm.size != AGX4_T8140_PRIVATE_VM_SIZE))
		return reject(pc, -EINVAL, what,
			      "not the range of the G17P firmware");
	return 0;
}

/*
 * The address in apple,sgx-meta-sw-interrupt: the u64 at bytes
 * [len - 20, len - 12) of the 20- or 40-byte value, at least one page up
 * and below 1 << 48 (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_platform.rs@3a2ad760
 * Platform::build_registers).
 */
static int check_meta_swi(struct parse_ctx *pc, struct agx4_platform *p)
{
	u64 a = get_unaligned_le64(p->meta_swi + p->meta_swi_len - 20);

	if (a < AGX4_META_SWI_MIN || a >= AGX4_META_SWI_END)
		return reject(pc, -EINVAL, "apple,sgx-meta-sw-interrupt",
			      "address out of range");
	p->meta_swi_addr = a;
	return 0;
}

static int check_t8132(struct parse_ctx *pc, struct agx4_platform *p)
{
	static const char *what = "apple,sgx-gpu-power-sample-period";
	const void *raw;
	int len, ret;

	ret = check_meta_swi(pc, p);
	if (ret)
		return ret;
	if (p->sample_period_clks)
		return 0;
	raw = pc->src->ops->prop(pc->src->ctx, what, &len);
	if (!raw)
		return 0;
	if (len != 4)
		return reject(pc, -EINVAL, what, "wrong size");
	if (check_mul_overflow(get_unaligned_le32(raw), AGX4_AIC_CLKS_PER_MS,
			       &p->sample_period_clks))
		return reject(pc, -EINVAL, what, "value out of range");
	return 0;
}

static int check_t8140(struct parse_ctx *pc, struct agx4_platform *p)
{
	unsigned int m;

	for (m = 0; m < AGX4_MEM_COUNT; m++) {
		if (p->adt_mem[m].start != p->mem[m].start ||
		    p->adt_mem[m].size != p->mem[m].size)
			return reject(pc, -EINVAL, agx4_mem_names[m],
				      "memory-region differs from the ADT's");
	}
	return 0;
}

/**
 * agx4_of_parse() - read and check the GPU's device-tree node
 * @dev: the device, for messages.
 * @src: the device tree to read.
 * @plat: filled on success; untouched on failure.
 * @err: on failure, what was rejected and why.
 *
 * Return: 0, -ENODEV for a node that is not one of agx4's GPUs, -ENOENT
 * for a missing property or entry, -EINVAL for a malformed one, or an
 * errno from @src.
 */
int agx4_of_parse(struct device *dev, const struct agx4_dt_source *src,
		  struct agx4_platform *plat, struct agx4_dt_error *err)
{
	struct parse_ctx pc = { .dev = dev, .src = src, .err = err };
	const struct agx4_soc_desc *soc;
	struct agx4_platform *p;
	int ret;

	err->what = NULL;
	err->why = NULL;

	soc = match_soc(&pc);
	if (!soc)
		return reject(&pc, -ENODEV, "compatible", "not an agx4 GPU");

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->soc = soc->soc;
	p->chip_id = soc->chip_id;
	p->num_instances = soc->num_instances;

	ret = parse_regs(&pc, soc, p);
	if (!ret)
		ret = parse_mems(&pc, soc, p);
	if (!ret)
		ret = parse_mboxes(&pc, soc, p);
	if (!ret)
		ret = parse_props(&pc, agx4_common_props,
				  ARRAY_SIZE(agx4_common_props), p);
	if (!ret)
		ret = check_private_vm(&pc, p);
	if (!ret)
		ret = parse_props(&pc, soc->props, soc->num_props, p);
	if (!ret && soc->soc == AGX4_SOC_T8132)
		ret = check_t8132(&pc, p);
	if (!ret && soc->soc == AGX4_SOC_T8140)
		ret = check_t8140(&pc, p);
	if (!ret)
		*plat = *p;
	kfree(p);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_of_parse);

/* The production source: the OF API on the device's node. */

static const void *of_src_prop(void *ctx, const char *name, int *len)
{
	return of_get_property(ctx, name, len);
}

static int of_src_resource(struct device_node *np, int index,
			   struct agx4_range *out)
{
	struct resource res;
	int ret;

	ret = of_address_to_resource(np, index, &res);
	if (ret)
		return ret;
	out->start = res.start;
	out->size = resource_size(&res);
	return 0;
}

static int of_src_reg(void *ctx, const char *name, struct agx4_range *out)
{
	int idx = of_property_match_string(ctx, "reg-names", name);

	if (idx < 0)
		return -ENOENT;
	return of_src_resource(ctx, idx, out);
}

static int of_src_memory_region(void *ctx, const char *name,
				struct agx4_range *out)
{
	struct device_node *rnp;
	int idx, ret;

	idx = of_property_match_string(ctx, "memory-region-names", name);
	if (idx < 0)
		return -ENOENT;
	rnp = of_parse_phandle(ctx, "memory-region", idx);
	if (!rnp)
		return -ENOENT;
	ret = of_src_resource(rnp, 0, out);
	of_node_put(rnp);
	return ret;
}

static int of_src_mbox_count(void *ctx)
{
	return of_count_phandle_with_args(ctx, "mboxes", "#mbox-cells");
}

static const struct agx4_dt_source_ops agx4_of_source_ops = {
	.prop = of_src_prop,
	.reg = of_src_reg,
	.memory_region = of_src_memory_region,
	.mbox_count = of_src_mbox_count,
};

/**
 * agx4_of_source_init() - read the device tree through the OF API
 * @src: the source to set up.
 * @dev: a device with an OF node; the node must outlive @src.
 */
void agx4_of_source_init(struct agx4_dt_source *src, struct device *dev)
{
	src->ops = &agx4_of_source_ops;
	src->ctx = dev->of_node;
	src->node = dev->of_node ? of_node_full_name(dev->of_node) : dev_name(dev);
}
