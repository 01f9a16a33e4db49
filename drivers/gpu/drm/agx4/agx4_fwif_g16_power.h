/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 (t8132, firmware mBoot-18000.161.10): the power-controller block of
 * the bundle, declared like the objects of agx4_fwif_g16.h.
 */
#ifndef AGX4_FWIF_G16_POWER_H
#define AGX4_FWIF_G16_POWER_H

#include "agx4_fwif.h"

/* Where the block starts in the bundle: the main config points there (M). */
#define G16_POWER		0x5380

/*
 * The power-controller block (0x63d8 bytes, bundle+0x5380): the sample
 * period, the performance-state header, and the power, PPM, utilisation,
 * fast die-0 thermal, turbo, average-power and SE control loops, then,
 * past them, pointers to support object 1 and to the policy page, the
 * SMC keys and a random word.  A bundle offset is the offset here +
 * 0x5380.
 *
 * Filters with a time constant of n samples carry A(n) = (n - 1) / n and
 * I(n) = 1 / n; "binary32" members are IEEE-754 single bit patterns that
 * agx4_fw_g16_build_power() computes with the reference's rounding.
 *
 * H: offsets, widths and values (the reference's builder); M: that the
 * block starts at +0x5380, and the names, which follow the older
 * firmware's layout.  Members named gap_<offset> have no known meaning;
 * the builder names the constant it writes.  The block is unaligned in
 * places (the u64s from +0x28ec to +0x2bb4 are 4-aligned, the turbo
 * members 2-aligned, and the power slots start at an odd offset).
 */
struct g16_power {
	u8 __pad_0[0x4];
	/* The sample period in AIC clocks (24 MHz). */
	__le32 period_clks;
	/* The same. */
	__le32 period_clks2;
	u8 __pad_c[0x4];
	__le32 ps_status;
	/* binary32 */
	__le32 ps_scale;
	u8 __pad_18[0x14];
	/* Current and target performance state, 1 at boot. */
	__le32 ps_actual;
	__le32 ps_target;
	u8 __pad_34[0x8];
	/* Written 0 explicitly. */
	__le32 ps_zero;
	/* Base performance state x 100. */
	__le32 ps_base;
	__le32 ps_one;
	/* Highest performance state x 100 (1000). */
	__le32 ps_max;
	u8 __pad_4c[0x4];
	/* Lowest performance state x 100 (100). */
	__le32 ps_min;
	u8 __pad_54[0xc];
	/* A second set of the same values, packed closer. */
	__le32 ps2_status;
	__le32 ps2_scale;
	u8 __pad_68[0x4];
	__le32 ps2_actual;
	__le32 ps2_target;
	u8 __pad_74[0x8];
	__le32 ps2_zero;
	__le32 ps2_base;
	__le32 ps2_one;
	__le32 ps2_max;
	u8 __pad_8c[0x4];
	__le32 ps2_min;
	u8 __pad_94[0x2c];
	/* binary32, per performance state (M: an SRAM factor). */
	__le32 pstate_k[11];
	u8 __pad_ec[0x8cc];
	__le32 gap_9b8;
	u8 __pad_9bc[0x8];
	/* The power filter, A(n) and I(n) (binary32, see the builder). */
	__le32 pwr_filter_a;
	u8 __pad_9c8[0x4];
	__le32 pwr_filter_i;
	u8 __pad_9d0[0x4];
	/* Power loop integral gain (binary32). */
	__le32 pwr_ki;
	u8 __pad_9d8[0x4];
	/* Integral clamp, mW (binary32). */
	__le32 pwr_integral_min;
	/* Maximum power, mW (binary32). */
	__le32 pwr_max_power_f;
	/* Power loop proportional gain (binary32). */
	__le32 pwr_kp;
	u8 __pad_9e8[0x4];
	/* -1000 / maximum power (binary32). */
	__le32 pwr_pstate_k;
	/* Minimum duty cycle, performance state x 100. */
	__le32 pwr_min_duty;
	__le32 pwr_max_pstate;
	__le32 pwr_max_pstate2;
	u8 __pad_9fc[0x8];
	/* Maximum power, mW. */
	__le32 pwr_max_power;
	u8 __pad_a08[0x30];
	__le32 pwr_max_pstate3;
	u8 __pad_a3c[0x34];
	/* The PPM filter: its time constant n in samples x 4, A(n), I(n). */
	__le32 ppm_tc_x4;
	u8 __pad_a74[0x8];
	__le32 ppm_filter_a;
	u8 __pad_a80[0x4];
	__le32 ppm_filter_i;
	u8 __pad_a88[0x4];
	/* PPM integral gain x the period in seconds (binary32). */
	__le32 ppm_ki_dt;
	u8 __pad_a90[0x4];
	__le32 ppm_integral_min;
	/* binary32 */
	__le32 gap_a98;
	/* binary32 */
	__le32 ppm_kp;
	u8 __pad_aa0[0x8];
	__le32 ppm_min_duty;
	__le32 ppm_max_pstate;
	u8 __pad_ab0[0xc];
	__le32 ppm_max_power;
	u8 __pad_ac0[0x8];
	/* The time constant as the device tree gives it, ms. */
	__le32 ppm_tc_ms;
	u8 __pad_acc[0x4];
	/* n x the period, AIC clocks. */
	__le64 ppm_tc_clks;
	u8 __pad_ad8[0x50];
	/* Target utilisation minus the dead zone, %. */
	__le32 perf_tgt_util;
	u8 __pad_b2c[0x4];
	__le32 perf_boost_min_util;
	__le32 perf_boost_ce_step;
	__le32 perf_reset_iters;
	u8 __pad_b3c[0x4];
	__le32 gap_b40;
	__le32 gap_b44;
	__le32 perf_filter_drop;
	/* The two utilisation filters, A(n) then I(n) (binary32). */
	__le32 perf_filter_a;
	__le32 perf_filter2_a;
	__le32 perf_filter_i;
	__le32 perf_filter2_i;
	/* binary32 */
	__le32 perf_ki;
	/* binary32 */
	__le32 perf_ki2;
	/* binary32 */
	__le32 perf_integral_min;
	/* binary32 */
	__le32 gap_b68;
	/* binary32 */
	__le32 perf_kp;
	/* binary32 */
	__le32 perf_kp2;
	/* (1000 - base) / 95 (binary32). */
	__le32 perf_boost_k;
	__le32 perf_base;
	__le32 perf_max_pstate;
	__le32 perf_base2;
	u8 __pad_b84[0x8];
	__le32 perf_tgt_util2;
	u8 __pad_b90[0x4];
	/* The dead zone, %. */
	__le32 perf_dz;
	u8 __pad_b98[0x28];
	__le32 perf_base3;
	u8 __pad_bc4[0x102b];
	/* "Initial power slots", all 0x7fff; odd-aligned (GAP: meaning). */
	__le16 power_slots[16][32];
	u8 __pad_1fef[0x201];
	/* binary32 */
	__le32 gap_21f0;
	/* binary32 */
	__le32 boost_min_duty_f;
	/* binary32 */
	__le32 boost_max_pstate_f;
	/* The highest GPU frequency, MHz. */
	__le32 max_freq_mhz;
	u8 __pad_2200[0x10];
	__le32 boost_min_duty;
	u8 __pad_2214[0x4];
	/* binary32 */
	__le32 boost_min_pstate_f;
	__le32 boost_max_pstate;
	u8 __pad_2220[0x4];
	/* A(5), I(5) (binary32). */
	__le32 boost_filter_a;
	__le32 boost_filter_i;
	u8 __pad_222c[0x3c];
	/* Fast die-0 thermal loop: its sensors. */
	__le64 die_sensor_mask;
	/* Release temperature, centi-degrees C. */
	__le32 die_release_cc;
	u8 __pad_2274[0x4];
	__le32 gap_2278;
	u8 __pad_227c[0x8];
	/* binary32 */
	__le32 gap_2284;
	u8 __pad_2288[0x4];
	/* binary32 */
	__le32 gap_228c;
	u8 __pad_2290[0x4];
	/* Integral gain x the unrounded period in seconds (binary32). */
	__le32 die_ki_dt;
	u8 __pad_2298[0x4];
	/* binary32 */
	__le32 gap_229c;
	/* binary32 */
	__le32 gap_22a0;
	/* binary32 */
	__le32 die_kp;
	u8 __pad_22a8[0x4];
	/* binary32 */
	__le32 gap_22ac;
	__le32 die_min_duty;
	__le32 die_max_pstate;
	__le32 die_max_pstate2;
	/* Proportional target delta, centi-degrees C. */
	__le32 die_tgt_delta_cc;
	u8 __pad_22c0[0x4];
	/* M: a temperature, centi-degrees C. */
	__le32 gap_22c4;
	u8 __pad_22c8[0x30];
	__le32 die_max_pstate3;
	u8 __pad_22fc[0x21c];
	/* The turbo controller (GAP: meaning of its fields). */
	u8 turbo_present;
	u8 turbo_mode1;
	u8 __pad_251a[0x210];
	/* A(200), I(200) (binary32). */
	__le32 turbo_filter_a;
	u8 __pad_272e[0x4];
	__le32 turbo_filter_i;
	u8 __pad_2736[0x4];
	/* binary32 */
	__le32 turbo_ki;
	u8 __pad_273e[0x4];
	/* binary32 */
	__le32 gap_2742;
	/* binary32 */
	__le32 gap_2746;
	/* binary32 */
	__le32 turbo_kp;
	u8 __pad_274e[0x4];
	/* binary32 */
	__le32 gap_2752;
	__le32 gap_2756;
	__le32 gap_275a;
	__le32 gap_275e;
	u8 __pad_2762[0x4];
	/* binary32 */
	__le32 gap_2766;
	__le32 turbo_target;
	u8 __pad_276e[0x4];
	__le32 turbo_delta;
	u8 __pad_2776[0x28];
	__le32 gap_279e;
	u8 __pad_27a2[0x18];
	__le32 gap_27ba;
	u8 __pad_27be[0x14];
	__le32 turbo_thresh;
	/* binary32 */
	__le32 gap_27d6;
	/* binary32 */
	__le32 gap_27da;
	u8 __pad_27de[0x92];
	__le32 max_pstate_2870;
	u8 __pad_2874[0x54];
	/* Maximum power, mW, three times. */
	__le32 max_power_28c8[3];
	u8 __pad_28d4[0x8];
	/* The average-power target filter, t samples: A(t), I(t), 4t, ... */
	__le32 avg_tgt_filter_a;
	__le32 avg_tgt_filter_i;
	__le32 avg_tgt_tc_x4;
	__le32 avg_tgt_tc_ms;
	__le64 avg_tgt_tc_clks;
	u8 __pad_28f4[0xc8];
	/* The average-power filter, likewise. */
	__le32 avg_tc_x4;
	u8 __pad_29c0[0x8];
	__le32 avg_filter_a;
	u8 __pad_29cc[0x4];
	__le32 avg_filter_i;
	u8 __pad_29d4[0x4];
	/* binary32 */
	__le32 avg_ki_dt;
	u8 __pad_29dc[0x4];
	/* binary32 */
	__le32 gap_29e0;
	/* binary32 */
	__le32 gap_29e4;
	/* binary32 */
	__le32 avg_kp;
	u8 __pad_29ec[0x4];
	/* binary32 */
	__le32 gap_29f0;
	__le32 avg_min_duty;
	__le32 avg_max_pstate[2];
	u8 __pad_2a00[0x4];
	/* binary32 */
	__le32 avg_max_power_f;
	__le32 avg_max_power;
	u8 __pad_2a0c[0x8];
	__le32 avg_tc_ms;
	u8 __pad_2a18[0x4];
	__le64 avg_tc_clks;
	u8 __pad_2a24[0x18];
	__le32 avg_max_pstate2;
	u8 __pad_2a40[0x10c];
	__le32 gap_2b4c;
	__le32 gap_2b50;
	u8 __pad_2b54[0x4];
	/* The SE filters (two time constants): A(n), then I(n) (binary32). */
	__le32 se_filter_a[2];
	__le32 se_filter_i[2];
	/* binary32 */
	__le32 se_ki_dt[2];
	/* binary32 */
	__le32 gap_2b70;
	/* binary32 */
	__le32 gap_2b74;
	/* binary32 */
	__le32 se_kp[2];
	u8 __pad_2b80[0x4];
	__le32 gap_2b84;
	__le32 se_max_pstate;
	__le32 se_base;
	u8 __pad_2b90[0x4];
	/* The period, us (binary32). */
	__le32 se_period_us_f;
	__le32 gap_2b98;
	u8 __pad_2b9c[0x8];
	__le32 se_tc_ms[2];
	__le64 se_tc_clks[2];
	u8 __pad_2bbc[0x4];
	/* binary32 */
	__le32 gap_2bc0;
	u8 __pad_2bc4[0x24];
	__le32 se_period_us;
	/* About 33 ms in samples (GAP: meaning). */
	__le32 se_33ms;
	__le32 se_inactive_threshold;
	__le32 se_engagement_criteria;
	__le32 se_engagement_tolerance;
	__le32 se_reset_tolerance;
	__le32 se_reset_criteria;
	u8 __pad_2c04[0x2c];
	/* binary32 */
	__le32 gap_2c30;
	/* binary32 */
	__le32 gap_2c34;
	u8 __pad_2c38[0x8];
	__le32 se_min_duty;
	__le32 se_max_pstate2;
	u8 __pad_2c48[0x1e4];
	/* An unnamed loop (GAP: meaning). */
	__le32 gap_2e2c;
	u8 __pad_2e30[0x8];
	/* binary32 */
	__le32 gap_2e38;
	u8 __pad_2e3c[0x4];
	/* binary32 */
	__le32 gap_2e40;
	u8 __pad_2e44[0x4];
	/* binary32 */
	__le32 gap_2e48;
	u8 __pad_2e4c[0x4];
	/* binary32 */
	__le32 gap_2e50;
	/* binary32 */
	__le32 gap_2e54;
	/* binary32 */
	__le32 gap_2e58;
	u8 __pad_2e5c[0x8];
	__le32 gap_2e64;
	__le32 gap_2e68[2];
	u8 __pad_2e70[0x8];
	__le32 gap_2e78;
	u8 __pad_2e7c[0x30];
	__le32 gap_2eac;
	u8 __pad_2eb0[0xca0];
	/* Support object 1 + 0x80. */
	__le64 extra_1;
	u8 __pad_3b58[0x27c0];
	/* The zeroed private page of extra policy objects. */
	__le64 policy;
	/* SMC keys, big-endian ASCII as a u32. */
	__le32 smc_tr;
	u8 __pad_6324[0x64];
	__le32 smc_t0;
	__le32 smc_t1;
	__le32 smc_eb;
	__le32 smc_el;
	u8 __pad_6398[0x3c];
	/* A random word per probe (GAP: meaning). */
	__le32 random;
} __packed;
#define G16_POWER_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, period_clks, 0x4)				\
	 TYPE(__VA_ARGS__, period_clks2, 0x8)				\
	 TYPE(__VA_ARGS__, ps_status, 0x10)				\
	 TYPE(__VA_ARGS__, ps_scale, 0x14)				\
	 TYPE(__VA_ARGS__, ps_actual, 0x2c)				\
	 TYPE(__VA_ARGS__, ps_target, 0x30)				\
	 TYPE(__VA_ARGS__, ps_zero, 0x3c)				\
	 TYPE(__VA_ARGS__, ps_base, 0x40)				\
	 TYPE(__VA_ARGS__, ps_one, 0x44)				\
	 TYPE(__VA_ARGS__, ps_max, 0x48)				\
	 TYPE(__VA_ARGS__, ps_min, 0x50)				\
	 TYPE(__VA_ARGS__, ps2_status, 0x60)				\
	 TYPE(__VA_ARGS__, ps2_scale, 0x64)				\
	 TYPE(__VA_ARGS__, ps2_actual, 0x6c)				\
	 TYPE(__VA_ARGS__, ps2_target, 0x70)				\
	 TYPE(__VA_ARGS__, ps2_zero, 0x7c)				\
	 TYPE(__VA_ARGS__, ps2_base, 0x80)				\
	 TYPE(__VA_ARGS__, ps2_one, 0x84)				\
	 TYPE(__VA_ARGS__, ps2_max, 0x88)				\
	 TYPE(__VA_ARGS__, ps2_min, 0x90)				\
	 TYPE(__VA_ARGS__, pstate_k, 0xc0)				\
	 TYPE(__VA_ARGS__, gap_9b8, 0x9b8)				\
	 TYPE(__VA_ARGS__, pwr_filter_a, 0x9c4)				\
	 TYPE(__VA_ARGS__, pwr_filter_i, 0x9cc)				\
	 TYPE(__VA_ARGS__, pwr_ki, 0x9d4)				\
	 TYPE(__VA_ARGS__, pwr_integral_min, 0x9dc)			\
	 TYPE(__VA_ARGS__, pwr_max_power_f, 0x9e0)			\
	 TYPE(__VA_ARGS__, pwr_kp, 0x9e4)				\
	 TYPE(__VA_ARGS__, pwr_pstate_k, 0x9ec)				\
	 TYPE(__VA_ARGS__, pwr_min_duty, 0x9f0)				\
	 TYPE(__VA_ARGS__, pwr_max_pstate, 0x9f4)			\
	 TYPE(__VA_ARGS__, pwr_max_pstate2, 0x9f8)			\
	 TYPE(__VA_ARGS__, pwr_max_power, 0xa04)			\
	 TYPE(__VA_ARGS__, pwr_max_pstate3, 0xa38)			\
	 TYPE(__VA_ARGS__, ppm_tc_x4, 0xa70)				\
	 TYPE(__VA_ARGS__, ppm_filter_a, 0xa7c)				\
	 TYPE(__VA_ARGS__, ppm_filter_i, 0xa84)				\
	 TYPE(__VA_ARGS__, ppm_ki_dt, 0xa8c)				\
	 TYPE(__VA_ARGS__, ppm_integral_min, 0xa94)			\
	 TYPE(__VA_ARGS__, gap_a98, 0xa98)				\
	 TYPE(__VA_ARGS__, ppm_kp, 0xa9c)				\
	 TYPE(__VA_ARGS__, ppm_min_duty, 0xaa8)				\
	 TYPE(__VA_ARGS__, ppm_max_pstate, 0xaac)			\
	 TYPE(__VA_ARGS__, ppm_max_power, 0xabc)			\
	 TYPE(__VA_ARGS__, ppm_tc_ms, 0xac8)				\
	 TYPE(__VA_ARGS__, ppm_tc_clks, 0xad0)				\
	 TYPE(__VA_ARGS__, perf_tgt_util, 0xb28)			\
	 TYPE(__VA_ARGS__, perf_boost_min_util, 0xb30)			\
	 TYPE(__VA_ARGS__, perf_boost_ce_step, 0xb34)			\
	 TYPE(__VA_ARGS__, perf_reset_iters, 0xb38)			\
	 TYPE(__VA_ARGS__, gap_b40, 0xb40)				\
	 TYPE(__VA_ARGS__, gap_b44, 0xb44)				\
	 TYPE(__VA_ARGS__, perf_filter_drop, 0xb48)			\
	 TYPE(__VA_ARGS__, perf_filter_a, 0xb4c)			\
	 TYPE(__VA_ARGS__, perf_filter2_a, 0xb50)			\
	 TYPE(__VA_ARGS__, perf_filter_i, 0xb54)			\
	 TYPE(__VA_ARGS__, perf_filter2_i, 0xb58)			\
	 TYPE(__VA_ARGS__, perf_ki, 0xb5c)				\
	 TYPE(__VA_ARGS__, perf_ki2, 0xb60)				\
	 TYPE(__VA_ARGS__, perf_integral_min, 0xb64)			\
	 TYPE(__VA_ARGS__, gap_b68, 0xb68)				\
	 TYPE(__VA_ARGS__, perf_kp, 0xb6c)				\
	 TYPE(__VA_ARGS__, perf_kp2, 0xb70)				\
	 TYPE(__VA_ARGS__, perf_boost_k, 0xb74)				\
	 TYPE(__VA_ARGS__, perf_base, 0xb78)				\
	 TYPE(__VA_ARGS__, perf_max_pstate, 0xb7c)			\
	 TYPE(__VA_ARGS__, perf_base2, 0xb80)				\
	 TYPE(__VA_ARGS__, perf_tgt_util2, 0xb8c)			\
	 TYPE(__VA_ARGS__, perf_dz, 0xb94)				\
	 TYPE(__VA_ARGS__, perf_base3, 0xbc0)				\
	 TYPE(__VA_ARGS__, power_slots, 0x1bef)				\
	 TYPE(__VA_ARGS__, gap_21f0, 0x21f0)				\
	 TYPE(__VA_ARGS__, boost_min_duty_f, 0x21f4)			\
	 TYPE(__VA_ARGS__, boost_max_pstate_f, 0x21f8)			\
	 TYPE(__VA_ARGS__, max_freq_mhz, 0x21fc)			\
	 TYPE(__VA_ARGS__, boost_min_duty, 0x2210)			\
	 TYPE(__VA_ARGS__, boost_min_pstate_f, 0x2218)			\
	 TYPE(__VA_ARGS__, boost_max_pstate, 0x221c)			\
	 TYPE(__VA_ARGS__, boost_filter_a, 0x2224)			\
	 TYPE(__VA_ARGS__, boost_filter_i, 0x2228)			\
	 TYPE(__VA_ARGS__, die_sensor_mask, 0x2268)			\
	 TYPE(__VA_ARGS__, die_release_cc, 0x2270)			\
	 TYPE(__VA_ARGS__, gap_2278, 0x2278)				\
	 TYPE(__VA_ARGS__, gap_2284, 0x2284)				\
	 TYPE(__VA_ARGS__, gap_228c, 0x228c)				\
	 TYPE(__VA_ARGS__, die_ki_dt, 0x2294)				\
	 TYPE(__VA_ARGS__, gap_229c, 0x229c)				\
	 TYPE(__VA_ARGS__, gap_22a0, 0x22a0)				\
	 TYPE(__VA_ARGS__, die_kp, 0x22a4)				\
	 TYPE(__VA_ARGS__, gap_22ac, 0x22ac)				\
	 TYPE(__VA_ARGS__, die_min_duty, 0x22b0)			\
	 TYPE(__VA_ARGS__, die_max_pstate, 0x22b4)			\
	 TYPE(__VA_ARGS__, die_max_pstate2, 0x22b8)			\
	 TYPE(__VA_ARGS__, die_tgt_delta_cc, 0x22bc)			\
	 TYPE(__VA_ARGS__, gap_22c4, 0x22c4)				\
	 TYPE(__VA_ARGS__, die_max_pstate3, 0x22f8)			\
	 TYPE(__VA_ARGS__, turbo_present, 0x2518)			\
	 TYPE(__VA_ARGS__, turbo_mode1, 0x2519)				\
	 TYPE(__VA_ARGS__, turbo_filter_a, 0x272a)			\
	 TYPE(__VA_ARGS__, turbo_filter_i, 0x2732)			\
	 TYPE(__VA_ARGS__, turbo_ki, 0x273a)				\
	 TYPE(__VA_ARGS__, gap_2742, 0x2742)				\
	 TYPE(__VA_ARGS__, gap_2746, 0x2746)				\
	 TYPE(__VA_ARGS__, turbo_kp, 0x274a)				\
	 TYPE(__VA_ARGS__, gap_2752, 0x2752)				\
	 TYPE(__VA_ARGS__, gap_2756, 0x2756)				\
	 TYPE(__VA_ARGS__, gap_275a, 0x275a)				\
	 TYPE(__VA_ARGS__, gap_275e, 0x275e)				\
	 TYPE(__VA_ARGS__, gap_2766, 0x2766)				\
	 TYPE(__VA_ARGS__, turbo_target, 0x276a)			\
	 TYPE(__VA_ARGS__, turbo_delta, 0x2772)				\
	 TYPE(__VA_ARGS__, gap_279e, 0x279e)				\
	 TYPE(__VA_ARGS__, gap_27ba, 0x27ba)				\
	 TYPE(__VA_ARGS__, turbo_thresh, 0x27d2)			\
	 TYPE(__VA_ARGS__, gap_27d6, 0x27d6)				\
	 TYPE(__VA_ARGS__, gap_27da, 0x27da)				\
	 TYPE(__VA_ARGS__, max_pstate_2870, 0x2870)			\
	 TYPE(__VA_ARGS__, max_power_28c8, 0x28c8)			\
	 TYPE(__VA_ARGS__, avg_tgt_filter_a, 0x28dc)			\
	 TYPE(__VA_ARGS__, avg_tgt_filter_i, 0x28e0)			\
	 TYPE(__VA_ARGS__, avg_tgt_tc_x4, 0x28e4)			\
	 TYPE(__VA_ARGS__, avg_tgt_tc_ms, 0x28e8)			\
	 TYPE(__VA_ARGS__, avg_tgt_tc_clks, 0x28ec)			\
	 TYPE(__VA_ARGS__, avg_tc_x4, 0x29bc)				\
	 TYPE(__VA_ARGS__, avg_filter_a, 0x29c8)			\
	 TYPE(__VA_ARGS__, avg_filter_i, 0x29d0)			\
	 TYPE(__VA_ARGS__, avg_ki_dt, 0x29d8)				\
	 TYPE(__VA_ARGS__, gap_29e0, 0x29e0)				\
	 TYPE(__VA_ARGS__, gap_29e4, 0x29e4)				\
	 TYPE(__VA_ARGS__, avg_kp, 0x29e8)				\
	 TYPE(__VA_ARGS__, gap_29f0, 0x29f0)				\
	 TYPE(__VA_ARGS__, avg_min_duty, 0x29f4)			\
	 TYPE(__VA_ARGS__, avg_max_pstate, 0x29f8)			\
	 TYPE(__VA_ARGS__, avg_max_power_f, 0x2a04)			\
	 TYPE(__VA_ARGS__, avg_max_power, 0x2a08)			\
	 TYPE(__VA_ARGS__, avg_tc_ms, 0x2a14)				\
	 TYPE(__VA_ARGS__, avg_tc_clks, 0x2a1c)				\
	 TYPE(__VA_ARGS__, avg_max_pstate2, 0x2a3c)			\
	 TYPE(__VA_ARGS__, gap_2b4c, 0x2b4c)				\
	 TYPE(__VA_ARGS__, gap_2b50, 0x2b50)				\
	 TYPE(__VA_ARGS__, se_filter_a, 0x2b58)				\
	 TYPE(__VA_ARGS__, se_filter_i, 0x2b60)				\
	 TYPE(__VA_ARGS__, se_ki_dt, 0x2b68)				\
	 TYPE(__VA_ARGS__, gap_2b70, 0x2b70)				\
	 TYPE(__VA_ARGS__, gap_2b74, 0x2b74)				\
	 TYPE(__VA_ARGS__, se_kp, 0x2b78)				\
	 TYPE(__VA_ARGS__, gap_2b84, 0x2b84)				\
	 TYPE(__VA_ARGS__, se_max_pstate, 0x2b88)			\
	 TYPE(__VA_ARGS__, se_base, 0x2b8c)				\
	 TYPE(__VA_ARGS__, se_period_us_f, 0x2b94)			\
	 TYPE(__VA_ARGS__, gap_2b98, 0x2b98)				\
	 TYPE(__VA_ARGS__, se_tc_ms, 0x2ba4)				\
	 TYPE(__VA_ARGS__, se_tc_clks, 0x2bac)				\
	 TYPE(__VA_ARGS__, gap_2bc0, 0x2bc0)				\
	 TYPE(__VA_ARGS__, se_period_us, 0x2be8)			\
	 TYPE(__VA_ARGS__, se_33ms, 0x2bec)				\
	 TYPE(__VA_ARGS__, se_inactive_threshold, 0x2bf0)		\
	 TYPE(__VA_ARGS__, se_engagement_criteria, 0x2bf4)		\
	 TYPE(__VA_ARGS__, se_engagement_tolerance, 0x2bf8)		\
	 TYPE(__VA_ARGS__, se_reset_tolerance, 0x2bfc)			\
	 TYPE(__VA_ARGS__, se_reset_criteria, 0x2c00)			\
	 TYPE(__VA_ARGS__, gap_2c30, 0x2c30)				\
	 TYPE(__VA_ARGS__, gap_2c34, 0x2c34)				\
	 TYPE(__VA_ARGS__, se_min_duty, 0x2c40)				\
	 TYPE(__VA_ARGS__, se_max_pstate2, 0x2c44)			\
	 TYPE(__VA_ARGS__, gap_2e2c, 0x2e2c)				\
	 TYPE(__VA_ARGS__, gap_2e38, 0x2e38)				\
	 TYPE(__VA_ARGS__, gap_2e40, 0x2e40)				\
	 TYPE(__VA_ARGS__, gap_2e48, 0x2e48)				\
	 TYPE(__VA_ARGS__, gap_2e50, 0x2e50)				\
	 TYPE(__VA_ARGS__, gap_2e54, 0x2e54)				\
	 TYPE(__VA_ARGS__, gap_2e58, 0x2e58)				\
	 TYPE(__VA_ARGS__, gap_2e64, 0x2e64)				\
	 TYPE(__VA_ARGS__, gap_2e68, 0x2e68)				\
	 TYPE(__VA_ARGS__, gap_2e78, 0x2e78)				\
	 TYPE(__VA_ARGS__, gap_2eac, 0x2eac)				\
	 TYPE(__VA_ARGS__, extra_1, 0x3b50)				\
	 TYPE(__VA_ARGS__, policy, 0x6318)				\
	 TYPE(__VA_ARGS__, smc_tr, 0x6320)				\
	 TYPE(__VA_ARGS__, smc_t0, 0x6388)				\
	 TYPE(__VA_ARGS__, smc_t1, 0x638c)				\
	 TYPE(__VA_ARGS__, smc_eb, 0x6390)				\
	 TYPE(__VA_ARGS__, smc_el, 0x6394)				\
	 TYPE(__VA_ARGS__, random, 0x63d4))
AGX4_FW_CHECK_FIELDS(struct g16_power, 0x63d8, G16_POWER_FIELDS);

#endif /* AGX4_FWIF_G16_POWER_H */
