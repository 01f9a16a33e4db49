/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_OF_H
#define AGX4_OF_H

#include <linux/bits.h>
#include <linux/types.h>

struct device;
struct device_node;

/* longest firmware build string kept, with its NUL. */
#define AGX4_FW_BUILD_MAX 64
/* performance states the firmware tables carry. */
#define AGX4_NUM_PSTATES 11
/* raw (frequency, voltage) pairs on t8140. */
#define AGX4_NUM_RAW_PSTATES 16
/* firmware instances (coprocessors) of one GPU. */
#define AGX4_MAX_INSTANCES 2
/* longest apple,sgx-meta-sw-interrupt value. */
#define AGX4_META_SWI_MAX 40
/* The address it carries: at least one 16 KiB page up, below 1 << 48. */
#define AGX4_META_SWI_MIN 0x4000ull
#define AGX4_META_SWI_END BIT_ULL(48)

/**
 * enum agx4_soc_id - the SoCs agx4 drives
 * @AGX4_SOC_T8132: Apple M4, GPU generation G16.
 * @AGX4_SOC_T8140: Apple A18 Pro, GPU generation G17P.
 */
enum agx4_soc_id {
	AGX4_SOC_T8132,
	AGX4_SOC_T8140,
};

/**
 * enum agx4_reg - MMIO windows, by their ``reg-names`` entry
 * @AGX4_REG_ASC: "asc", the primary coprocessor.
 * @AGX4_REG_SGX: "sgx", the GPU (64 MiB).
 * @AGX4_REG_ASC1: "asc-secondary", the second coprocessor (t8140).
 * @AGX4_REG_SGX_AUX: "sgx-aux" (t8140).
 * @AGX4_REG_COUNT: number of windows.
 */
enum agx4_reg {
	AGX4_REG_ASC,
	AGX4_REG_SGX,
	AGX4_REG_ASC1,
	AGX4_REG_SGX_AUX,
	AGX4_REG_COUNT,
};

/**
 * enum agx4_mem - reserved memory, by its ``memory-region-names`` entry
 * @AGX4_MEM_TTBS: "ttbs", the context (TTB) table page.
 * @AGX4_MEM_PAGETABLES: "pagetables", the loader-built firmware tables.
 * @AGX4_MEM_L2: "l2".
 * @AGX4_MEM_HANDOFF: "handoff", the loader/kernel handoff page.
 * @AGX4_MEM_FIRMWARE: "firmware", primary firmware data.
 * @AGX4_MEM_FIRMWARE1: "firmware-secondary", secondary firmware data
 *	(t8140).
 * @AGX4_MEM_COUNT: number of regions.
 */
enum agx4_mem {
	AGX4_MEM_TTBS,
	AGX4_MEM_PAGETABLES,
	AGX4_MEM_L2,
	AGX4_MEM_HANDOFF,
	AGX4_MEM_FIRMWARE,
	AGX4_MEM_FIRMWARE1,
	AGX4_MEM_COUNT,
};

/**
 * struct agx4_range - a physical or virtual address range
 * @start: first address.
 * @size: length in bytes; 0 means absent.
 */
struct agx4_range {
	u64 start;
	u64 size;
};

/**
 * struct agx4_raw_pstate - one raw performance state of t8140
 * @freq_hz: frequency.
 * @mv: voltage in millivolts.
 */
struct agx4_raw_pstate {
	u32 freq_hz;
	u32 mv;
};

/*
 * Limits of the t8132 power-controller tunables the parser and the
 * power-block builder both check: duty cycles are performance states x
 * 100 (at most 1000), utilisations are percentages, temperatures are
 * multiplied by 100 into a u32.
 */
#define AGX4_PWR_DUTY_MAX		1000
#define AGX4_PWR_PERCENT_MAX		100
#define AGX4_PWR_PERF_CLAMP_MAX		95
#define AGX4_PWR_BASE_PSTATE_MAX	10
#define AGX4_PWR_TEMP_MAX		42949672

/*
 * The t8132 power-controller tunables: member x is the little-endian u32
 * property ``apple,sgx-gpu-<x with '-' for '_'>`` the loader copies from
 * the ADT, or its default when absent.  Members named *_gain, *_ki*,
 * *_kp* are IEEE-754 binary32 bit patterns (finite).  The has_* members
 * say whether the optional property they follow was present; the
 * power-block builder picks defaults for those itself.  Which of them a
 * real M4 ADT holds, and with which values, is not known (GAP).
 */
struct agx4_g16_tunables {
	u32 pwr_min_duty_cycle;
	u32 pwr_integral_min_clamp;
	u32 pwr_filter_time_constant;
	u32 pwr_integral_gain;
	u32 pwr_proportional_gain;
	u32 ppm_filter_time_constant_ms;
	u32 ppm_ki;
	u32 ppm_kp;
	u32 perf_base_pstate;
	u32 perf_tgt_utilization;
	u32 perf_dz;
	u32 perf_boost_min_util;
	u32 perf_integral_min_clamp;
	u32 perf_filter_time_constant;
	u32 perf_filter_time_constant2;
	u32 perf_integral_gain;
	u32 perf_integral_gain2;
	u32 perf_proportional_gain;
	u32 perf_proportional_gain2;
	u32 perf_boost_ce_step;
	u32 perf_reset_iters;
	u32 perf_filter_drop_threshold;
	u32 se_filter_time_constant;
	u32 se_filter_time_constant_1;
	u32 se_ki;
	u32 se_ki_1;
	u32 se_kp;
	u32 se_kp_1;
	u32 se_inactive_threshold;
	u32 se_engagement_criteria;
	u32 se_engagement_tolerance;
	u32 se_reset_tolerance;
	u32 se_reset_criteria;
	u32 avg_power_target_filter_tc;
	u32 avg_power_ki_only;
	u32 has_avg_power_ki_only;
	u32 avg_power_ki;
	u32 has_avg_power_ki;
	u32 avg_power_min_duty_cycle;
	u32 avg_power_kp;
	u32 avg_power_filter_tc_ms;
	u32 has_avg_power_filter_tc_ms;
	u32 avg_power_input_filter_tc;
	u32 has_avg_power_input_filter_tc;
	u32 fast_die0_release_temp;
	u32 fast_die0_prop_tgt_delta;
	u32 fast_die0_integral_gain;
	u32 fast_die0_proportional_gain;
	u32 turbo_controller_input;
	u32 has_turbo_controller_input;
};

/**
 * struct agx4_platform - everything agx4 takes from the device tree
 *
 * Filled by agx4_of_parse() and never changed after probe.  Fields of the
 * other SoC stay zero.
 */
struct agx4_platform {
	/** @soc: the SoC, from the compatible. */
	enum agx4_soc_id soc;
	/** @chip_id: 0x8132 or 0x8140. */
	u32 chip_id;
	/** @num_instances: firmware instances, one per coprocessor. */
	u32 num_instances;
	/** @num_mboxes: mailboxes in ``mboxes``, one per instance. */
	u32 num_mboxes;
	/** @firmware_build: ``apple,firmware-build``, NUL-terminated. */
	char firmware_build[AGX4_FW_BUILD_MAX];
	/** @reg: MMIO windows; absent optional ones have size 0. */
	struct agx4_range reg[AGX4_REG_COUNT];
	/** @mem: reserved memory; absent optional ones have size 0. */
	struct agx4_range mem[AGX4_MEM_COUNT];
	/**
	 * @private_vm: ``apple,rtkit-private-vm-region``, the firmware's
	 * private virtual range.
	 */
	struct agx4_range private_vm;

	/* t8132 (G16) inputs; ADT values, stored little-endian in the DT. */

	/** @max_power_mw: ``apple,m4-max-power-mw``; 0 if absent. */
	u32 max_power_mw;
	/** @freq_a: ``apple,m4-freq-a``, per performance state. */
	u32 freq_a[AGX4_NUM_PSTATES];
	/** @freq_b: ``apple,m4-freq-b``. */
	u32 freq_b[AGX4_NUM_PSTATES];
	/** @core_mv: ``apple,m4-core-voltage``. */
	u32 core_mv[AGX4_NUM_PSTATES];
	/** @mem_mv: ``apple,m4-memory-voltage``. */
	u32 mem_mv[AGX4_NUM_PSTATES];
	/** @index_a: ``apple,m4-index-a``. */
	u32 index_a[AGX4_NUM_PSTATES];
	/** @index_b: ``apple,m4-index-b``. */
	u32 index_b[AGX4_NUM_PSTATES];
	/** @relative_a: ``apple,m4-relative-a``. */
	u32 relative_a[AGX4_NUM_PSTATES];
	/** @relative_b: ``apple,m4-relative-b``. */
	u32 relative_b[AGX4_NUM_PSTATES];
	/** @chip_revision: ``apple,chip-revision``. */
	u32 chip_revision;
	/** @no_gpc: ``apple,sgx-no-gpc`` is present. */
	u32 no_gpc;
	/**
	 * @sample_period_clks: power sample period in AIC clocks, from
	 * ``apple,sgx-gpu-pwr-sample-period-aic-clks`` or else 24000 times
	 * ``apple,sgx-gpu-power-sample-period`` (ms); 0 if neither.
	 */
	u32 sample_period_clks;
	/** @core_mask: ``apple,m4-core-mask``, at most 10 cores. */
	u32 core_mask;
	/** @mcc_mask: ``apple,sgx-active-mcc-bit-vector``, default 3. */
	u32 mcc_mask;
	/** @meta_swi: ``apple,sgx-meta-sw-interrupt``, raw bytes. */
	u8 meta_swi[AGX4_META_SWI_MAX];
	/** @meta_swi_len: its length, 20 or 40. */
	u32 meta_swi_len;
	/**
	 * @meta_swi_addr: the address @meta_swi carries, the u64 at its
	 * bytes [len - 20, len - 12): the page of register window 0.
	 */
	u64 meta_swi_addr;
	/** @pwr: the ``apple,sgx-gpu-*`` power-controller tunables. */
	struct agx4_g16_tunables pwr;

	/* t8140 (G17P) inputs. */

	/** @boot_abi: ``apple,neo-boot-abi``, must be 1. */
	u32 boot_abi;
	/**
	 * @adt_mem: the ADT's view of each reserved region
	 * (``apple,sgx-*-base``/``-size``), which must equal @mem.
	 */
	struct agx4_range adt_mem[AGX4_MEM_COUNT];
	/** @pstate_count: ``apple,sgx-perf-state-count``, must be 16. */
	u32 pstate_count;
	/** @pstate_tables: ``apple,sgx-perf-state-table-count``, must be 1. */
	u32 pstate_tables;
	/** @raw_pstates: ``apple,sgx-perf-states``. */
	struct agx4_raw_pstate raw_pstates[AGX4_NUM_RAW_PSTATES];
	/** @raw_pstates_sram: ``apple,sgx-perf-states-sram``. */
	struct agx4_raw_pstate raw_pstates_sram[AGX4_NUM_RAW_PSTATES];
};

/**
 * struct agx4_dt_source_ops - where agx4_of_parse() reads the device tree
 *
 * The production source reads the GPU's &struct device_node through the
 * OF API; KUnit supplies property tables.  Every op returns 0 or a
 * negative errno, -ENOENT meaning "not there".
 */
struct agx4_dt_source_ops {
	/**
	 * @prop: raw bytes of property @name of the GPU node; sets *@len.
	 * Returns NULL if absent.
	 */
	const void *(*prop)(void *ctx, const char *name, int *len);
	/** @reg: the ``reg`` entry named @name, bus-translated. */
	int (*reg)(void *ctx, const char *name, struct agx4_range *out);
	/**
	 * @memory_region: the ``memory-region`` entry named @name (through
	 * ``memory-region-names``).
	 */
	int (*memory_region)(void *ctx, const char *name,
			     struct agx4_range *out);
	/** @mbox_count: number of entries in ``mboxes``. */
	int (*mbox_count)(void *ctx);
};

/**
 * struct agx4_dt_source - a device tree to parse
 * @ops: how to read it.
 * @ctx: first argument of every op.
 * @node: name of the node, for messages.
 */
struct agx4_dt_source {
	const struct agx4_dt_source_ops *ops;
	void *ctx;
	const char *node;
};

/**
 * struct agx4_dt_error - what agx4_of_parse() rejected
 * @what: the property (or ``reg``/``memory-region`` entry) at fault.
 * @why: a short reason.
 */
struct agx4_dt_error {
	const char *what;
	const char *why;
};

int agx4_of_parse(struct device *dev, const struct agx4_dt_source *src,
		  struct agx4_platform *plat, struct agx4_dt_error *err);
void agx4_of_source_init(struct agx4_dt_source *src, struct device *dev);
const char *agx4_of_reg_name(enum agx4_reg r);
const char *agx4_of_mem_name(enum agx4_mem m);

#endif /* AGX4_OF_H */
