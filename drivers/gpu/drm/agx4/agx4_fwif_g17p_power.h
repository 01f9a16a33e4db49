/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P (t8140, firmware mBoot-18000.161.9): the power and performance
 * controller block of the bundle, declared like the objects of
 * agx4_fwif_g17p.h.
 */
#ifndef AGX4_FWIF_G17P_POWER_H
#define AGX4_FWIF_G17P_POWER_H

#include "agx4_fwif.h"

/*
 * Where the block starts in the bundle: the secondary main config's
 * secondary_extra points there (H value, M meaning).
 */
#define G17P_POWER		0x5240

/*
 * The power and performance controller block (0x2d90 bytes, bundle+0x5240,
 * as far as agx4 writes it): the sample period, the performance-state
 * header, and the power, PPM, performance, fast die-0 thermal, turbo,
 * average-power and SE control loops; the same controllers as G16's
 * &struct g16_power.  A bundle offset is the offset here + 0x5240.
 *
 * A member named as in &struct g16_power is its G16 counterpart (M): at
 * the same offset up to perf_base3, 0xa8 bytes further from power_slots
 * to max_pstate_2918, 0x148 bytes further from there on.  Where G16's
 * member has no meaning either, or its name carries its offset, the name
 * here carries this block's offset.  Members named gap_<offset> have no
 * known meaning; the builder names the constant it writes.
 *
 * Filters with a time constant of n samples carry A(n) = (n - 1) / n and
 * I(n) = 1 / n; "binary32" members are IEEE-754 single bit patterns.
 *
 * H: offsets, widths and values (the reference's constant runs); M: the
 * names.  The block is unaligned in places: two records one byte off
 * alignment, the power slots at an odd offset, the turbo members
 * 2-aligned, and the u64s of the average-power and SE loops 4-aligned.
 */
struct g17p_power {
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
	u8 __pad_34[0xc];
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
	u8 __pad_74[0xc];
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
	/* The power filter, A(n) and I(n) (binary32). */
	__le32 pwr_filter_a;
	u8 __pad_9c8[0x4];
	__le32 pwr_filter_i;
	u8 __pad_9d0[0x4];
	/* Power loop integral gain (binary32). */
	__le32 pwr_ki;
	u8 __pad_9d8[0x8];
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
	u8 __pad_a90[0x8];
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
	/* The time constant, ms. */
	__le32 ppm_tc_ms;
	u8 __pad_acc[0x4];
	/* n x the period, AIC clocks. */
	__le64 ppm_tc_clks;
	u8 __pad_ad8[0x50];
	/* The performance loop: the target utilisation, %. */
	__le32 perf_tgt_util;
	u8 __pad_b2c[0x4];
	__le32 perf_boost_min_util;
	__le32 perf_boost_ce_step;
	__le32 perf_reset_iters;
	u8 __pad_b3c[0x4];
	__le32 gap_b40;
	__le32 gap_b44;
	u8 __pad_b48[0x4];
	/* The two utilisation filters, A(n) then I(n) (binary32). */
	__le32 perf_filter_a;
	__le32 perf_filter2_a;
	__le32 perf_filter_i;
	__le32 perf_filter2_i;
	/* binary32 */
	__le32 perf_ki;
	/* binary32 */
	__le32 perf_ki2;
	u8 __pad_b64[0x4];
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
	u8 __pad_b90[0x30];
	__le32 perf_base3;
	u8 __pad_bc4[0x1c];
	/*
	 * A record one byte off alignment, with no G16 counterpart (GAP): a
	 * byte, three words, four pairs of words, a word.
	 */
	u8 gap_be0;
	__le32 gap_be1;
	__le32 gap_be5;
	__le32 gap_be9;
	__le32 gap_bed[4][2];
	__le32 gap_c0d;
	u8 __pad_c11[0x53];
	/* A word with no G16 counterpart (GAP). */
	__le32 gap_c64;
	u8 __pad_c68[0x28];
	/* A word with no G16 counterpart (GAP). */
	__le32 gap_c90;
	u8 __pad_c94[0x1003];
	/* "Initial power slots", all 0x7fff; odd-aligned (GAP: meaning). */
	__le16 power_slots[16][32];
	u8 __pad_2097[0x201];
	/* The boost helper (binary32). */
	__le32 gap_2298;
	__le32 boost_min_duty_f;
	__le32 boost_max_pstate_f;
	/* The highest GPU frequency, MHz. */
	__le32 max_freq_mhz;
	u8 __pad_22a8[0x10];
	__le32 boost_min_duty;
	u8 __pad_22bc[0x4];
	/* binary32 */
	__le32 boost_min_pstate_f;
	__le32 boost_max_pstate;
	u8 __pad_22c8[0x4];
	/* A(5), I(5) (binary32). */
	__le32 boost_filter_a;
	__le32 boost_filter_i;
	u8 __pad_22d4[0x3c];
	/* Fast die-0 thermal loop: its sensors. */
	__le64 die_sensor_mask;
	/* Release temperature, centi-degrees C. */
	__le32 die_release_cc;
	u8 __pad_231c[0x4];
	__le32 gap_2320;
	u8 __pad_2324[0x10];
	/* binary32 */
	__le32 gap_2334;
	u8 __pad_2338[0x4];
	/* Integral gain x the period in seconds (binary32). */
	__le32 die_ki_dt;
	u8 __pad_2340[0x8];
	/* binary32 */
	__le32 gap_2348;
	/* binary32 */
	__le32 die_kp;
	u8 __pad_2350[0x8];
	__le32 die_min_duty;
	__le32 die_max_pstate;
	__le32 die_max_pstate2;
	u8 __pad_2364[0x8];
	/* M: a temperature, centi-degrees C. */
	__le32 gap_236c;
	u8 __pad_2370[0x30];
	__le32 die_max_pstate3;
	u8 __pad_23a4[0x218];
	/*
	 * Four bytes (GAP); G16's turbo_present and turbo_mode1 would follow
	 * them, both 0 here (M).
	 */
	u8 gap_25bc[4];
	u8 __pad_25c0[0x212];
	/* The turbo controller, 2-aligned: A(200), I(200) (binary32). */
	__le32 turbo_filter_a;
	u8 __pad_27d6[0x4];
	__le32 turbo_filter_i;
	u8 __pad_27de[0x4];
	/* binary32 */
	__le32 turbo_ki;
	u8 __pad_27e6[0x8];
	/* binary32 */
	__le32 gap_27ee;
	/* binary32 */
	__le32 turbo_kp;
	u8 __pad_27f6[0x4];
	/* binary32 */
	__le32 gap_27fa;
	__le32 gap_27fe;
	__le32 gap_2802;
	__le32 gap_2806;
	u8 __pad_280a[0x4];
	/* binary32 */
	__le32 gap_280e;
	__le32 turbo_target;
	u8 __pad_2816[0x30];
	__le32 gap_2846;
	u8 __pad_284a[0x18];
	__le32 gap_2862;
	u8 __pad_2866[0xb2];
	__le32 max_pstate_2918;
	u8 __pad_291c[0x10];
	/* A word with no G16 counterpart (GAP). */
	__le32 gap_292c;
	u8 __pad_2930[0x30];
	/* Three bytes (GAP). */
	u8 gap_2960;
	u8 gap_2961;
	u8 __pad_2962[0x3];
	u8 gap_2965;
	u8 __pad_2966[0x17];
	/* A record: an index and two words, one byte off alignment (GAP). */
	__le32 gap_297d;
	__le32 gap_2981;
	__le32 gap_2985;
	u8 __pad_2989[0x14];
	/* The next index's record, 0x20 on (GAP). */
	__le32 gap_299d;
	__le32 gap_29a1;
	__le32 gap_29a5;
	u8 __pad_29a9[0x14];
	/* The next index's, only its index set (GAP). */
	__le32 gap_29bd;
	u8 __pad_29c1[0x47];
	/* A word G16 does not have, then the maximum power, mW, three times. */
	__le32 gap_2a08;
	u8 __pad_2a0c[0x4];
	__le32 max_power_2a10[3];
	u8 __pad_2a1c[0xc];
	/*
	 * The average-power target filter over t samples: I(t), 4t, and t
	 * sample periods in ms and in AIC clocks (4-aligned).
	 */
	__le32 avg_tgt_filter_i;
	__le32 avg_tgt_tc_x4;
	__le32 avg_tgt_tc_ms;
	__le64 avg_tgt_tc_clks;
	u8 __pad_2a3c[0xc8];
	/* The average-power filter, likewise. */
	__le32 avg_tc_x4;
	u8 __pad_2b08[0x8];
	__le32 avg_filter_a;
	u8 __pad_2b14[0x4];
	__le32 avg_filter_i;
	u8 __pad_2b1c[0x4];
	/* binary32 */
	__le32 avg_ki_dt;
	u8 __pad_2b24[0x8];
	/* binary32 */
	__le32 gap_2b2c;
	/* binary32 */
	__le32 avg_kp;
	u8 __pad_2b34[0x8];
	__le32 avg_min_duty;
	__le32 avg_max_pstate[2];
	u8 __pad_2b48[0x4];
	/* binary32 */
	__le32 avg_max_power_f;
	__le32 avg_max_power;
	u8 __pad_2b54[0x8];
	__le32 avg_tc_ms;
	u8 __pad_2b60[0x4];
	__le64 avg_tc_clks;
	u8 __pad_2b6c[0x18];
	__le32 avg_max_pstate2;
	u8 __pad_2b88[0x3c];
	/* A word with no G16 counterpart (GAP). */
	__le32 gap_2bc4;
	u8 __pad_2bc8[0xcc];
	/* The SE loop. */
	__le32 gap_2c94;
	__le32 gap_2c98;
	u8 __pad_2c9c[0x4];
	/* The SE filters (two time constants): A(n), then I(n) (binary32). */
	__le32 se_filter_a[2];
	__le32 se_filter_i[2];
	/* binary32 */
	__le32 se_ki_dt[2];
	u8 __pad_2cb8[0x4];
	/* binary32 */
	__le32 gap_2cbc;
	/* binary32 */
	__le32 se_kp[2];
	u8 __pad_2cc8[0x4];
	__le32 gap_2ccc;
	__le32 se_max_pstate;
	__le32 se_base;
	u8 __pad_2cd8[0x4];
	/* The period, us (binary32). */
	__le32 se_period_us_f;
	__le32 gap_2ce0;
	u8 __pad_2ce4[0x8];
	__le32 se_tc_ms[2];
	__le64 se_tc_clks[2];
	u8 __pad_2d04[0x4];
	/* binary32 */
	__le32 gap_2d08;
	u8 __pad_2d0c[0x24];
	__le32 se_period_us;
	/* About 33 ms in samples. */
	__le32 se_33ms;
	__le32 se_inactive_threshold;
	__le32 se_engagement_criteria;
	__le32 se_engagement_tolerance;
	__le32 se_reset_tolerance;
	__le32 se_reset_criteria;
	u8 __pad_2d4c[0x2c];
	/* binary32 */
	__le32 gap_2d78;
	u8 __pad_2d7c[0xc];
	__le32 se_min_duty;
	__le32 se_max_pstate2;
} __packed;
#define G17P_POWER_FIELDS(TYPE, ...)					\
	(TYPE(__VA_ARGS__, period_clks, 0x4)				\
	 TYPE(__VA_ARGS__, period_clks2, 0x8)				\
	 TYPE(__VA_ARGS__, ps_status, 0x10)				\
	 TYPE(__VA_ARGS__, ps_scale, 0x14)				\
	 TYPE(__VA_ARGS__, ps_actual, 0x2c)				\
	 TYPE(__VA_ARGS__, ps_target, 0x30)				\
	 TYPE(__VA_ARGS__, ps_base, 0x40)				\
	 TYPE(__VA_ARGS__, ps_one, 0x44)				\
	 TYPE(__VA_ARGS__, ps_max, 0x48)				\
	 TYPE(__VA_ARGS__, ps_min, 0x50)				\
	 TYPE(__VA_ARGS__, ps2_status, 0x60)				\
	 TYPE(__VA_ARGS__, ps2_scale, 0x64)				\
	 TYPE(__VA_ARGS__, ps2_actual, 0x6c)				\
	 TYPE(__VA_ARGS__, ps2_target, 0x70)				\
	 TYPE(__VA_ARGS__, ps2_base, 0x80)				\
	 TYPE(__VA_ARGS__, ps2_one, 0x84)				\
	 TYPE(__VA_ARGS__, ps2_max, 0x88)				\
	 TYPE(__VA_ARGS__, ps2_min, 0x90)				\
	 TYPE(__VA_ARGS__, pstate_k, 0xc0)				\
	 TYPE(__VA_ARGS__, gap_9b8, 0x9b8)				\
	 TYPE(__VA_ARGS__, pwr_filter_a, 0x9c4)				\
	 TYPE(__VA_ARGS__, pwr_filter_i, 0x9cc)				\
	 TYPE(__VA_ARGS__, pwr_ki, 0x9d4)				\
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
	 TYPE(__VA_ARGS__, perf_filter_a, 0xb4c)			\
	 TYPE(__VA_ARGS__, perf_filter2_a, 0xb50)			\
	 TYPE(__VA_ARGS__, perf_filter_i, 0xb54)			\
	 TYPE(__VA_ARGS__, perf_filter2_i, 0xb58)			\
	 TYPE(__VA_ARGS__, perf_ki, 0xb5c)				\
	 TYPE(__VA_ARGS__, perf_ki2, 0xb60)				\
	 TYPE(__VA_ARGS__, gap_b68, 0xb68)				\
	 TYPE(__VA_ARGS__, perf_kp, 0xb6c)				\
	 TYPE(__VA_ARGS__, perf_kp2, 0xb70)				\
	 TYPE(__VA_ARGS__, perf_boost_k, 0xb74)				\
	 TYPE(__VA_ARGS__, perf_base, 0xb78)				\
	 TYPE(__VA_ARGS__, perf_max_pstate, 0xb7c)			\
	 TYPE(__VA_ARGS__, perf_base2, 0xb80)				\
	 TYPE(__VA_ARGS__, perf_tgt_util2, 0xb8c)			\
	 TYPE(__VA_ARGS__, perf_base3, 0xbc0)				\
	 TYPE(__VA_ARGS__, gap_be0, 0xbe0)				\
	 TYPE(__VA_ARGS__, gap_be1, 0xbe1)				\
	 TYPE(__VA_ARGS__, gap_be5, 0xbe5)				\
	 TYPE(__VA_ARGS__, gap_be9, 0xbe9)				\
	 TYPE(__VA_ARGS__, gap_bed, 0xbed)				\
	 TYPE(__VA_ARGS__, gap_c0d, 0xc0d)				\
	 TYPE(__VA_ARGS__, gap_c64, 0xc64)				\
	 TYPE(__VA_ARGS__, gap_c90, 0xc90)				\
	 TYPE(__VA_ARGS__, power_slots, 0x1c97)				\
	 TYPE(__VA_ARGS__, gap_2298, 0x2298)				\
	 TYPE(__VA_ARGS__, boost_min_duty_f, 0x229c)			\
	 TYPE(__VA_ARGS__, boost_max_pstate_f, 0x22a0)			\
	 TYPE(__VA_ARGS__, max_freq_mhz, 0x22a4)			\
	 TYPE(__VA_ARGS__, boost_min_duty, 0x22b8)			\
	 TYPE(__VA_ARGS__, boost_min_pstate_f, 0x22c0)			\
	 TYPE(__VA_ARGS__, boost_max_pstate, 0x22c4)			\
	 TYPE(__VA_ARGS__, boost_filter_a, 0x22cc)			\
	 TYPE(__VA_ARGS__, boost_filter_i, 0x22d0)			\
	 TYPE(__VA_ARGS__, die_sensor_mask, 0x2310)			\
	 TYPE(__VA_ARGS__, die_release_cc, 0x2318)			\
	 TYPE(__VA_ARGS__, gap_2320, 0x2320)				\
	 TYPE(__VA_ARGS__, gap_2334, 0x2334)				\
	 TYPE(__VA_ARGS__, die_ki_dt, 0x233c)				\
	 TYPE(__VA_ARGS__, gap_2348, 0x2348)				\
	 TYPE(__VA_ARGS__, die_kp, 0x234c)				\
	 TYPE(__VA_ARGS__, die_min_duty, 0x2358)			\
	 TYPE(__VA_ARGS__, die_max_pstate, 0x235c)			\
	 TYPE(__VA_ARGS__, die_max_pstate2, 0x2360)			\
	 TYPE(__VA_ARGS__, gap_236c, 0x236c)				\
	 TYPE(__VA_ARGS__, die_max_pstate3, 0x23a0)			\
	 TYPE(__VA_ARGS__, gap_25bc, 0x25bc)				\
	 TYPE(__VA_ARGS__, turbo_filter_a, 0x27d2)			\
	 TYPE(__VA_ARGS__, turbo_filter_i, 0x27da)			\
	 TYPE(__VA_ARGS__, turbo_ki, 0x27e2)				\
	 TYPE(__VA_ARGS__, gap_27ee, 0x27ee)				\
	 TYPE(__VA_ARGS__, turbo_kp, 0x27f2)				\
	 TYPE(__VA_ARGS__, gap_27fa, 0x27fa)				\
	 TYPE(__VA_ARGS__, gap_27fe, 0x27fe)				\
	 TYPE(__VA_ARGS__, gap_2802, 0x2802)				\
	 TYPE(__VA_ARGS__, gap_2806, 0x2806)				\
	 TYPE(__VA_ARGS__, gap_280e, 0x280e)				\
	 TYPE(__VA_ARGS__, turbo_target, 0x2812)			\
	 TYPE(__VA_ARGS__, gap_2846, 0x2846)				\
	 TYPE(__VA_ARGS__, gap_2862, 0x2862)				\
	 TYPE(__VA_ARGS__, max_pstate_2918, 0x2918)			\
	 TYPE(__VA_ARGS__, gap_292c, 0x292c)				\
	 TYPE(__VA_ARGS__, gap_2960, 0x2960)				\
	 TYPE(__VA_ARGS__, gap_2961, 0x2961)				\
	 TYPE(__VA_ARGS__, gap_2965, 0x2965)				\
	 TYPE(__VA_ARGS__, gap_297d, 0x297d)				\
	 TYPE(__VA_ARGS__, gap_2981, 0x2981)				\
	 TYPE(__VA_ARGS__, gap_2985, 0x2985)				\
	 TYPE(__VA_ARGS__, gap_299d, 0x299d)				\
	 TYPE(__VA_ARGS__, gap_29a1, 0x29a1)				\
	 TYPE(__VA_ARGS__, gap_29a5, 0x29a5)				\
	 TYPE(__VA_ARGS__, gap_29bd, 0x29bd)				\
	 TYPE(__VA_ARGS__, gap_2a08, 0x2a08)				\
	 TYPE(__VA_ARGS__, max_power_2a10, 0x2a10)			\
	 TYPE(__VA_ARGS__, avg_tgt_filter_i, 0x2a28)			\
	 TYPE(__VA_ARGS__, avg_tgt_tc_x4, 0x2a2c)			\
	 TYPE(__VA_ARGS__, avg_tgt_tc_ms, 0x2a30)			\
	 TYPE(__VA_ARGS__, avg_tgt_tc_clks, 0x2a34)			\
	 TYPE(__VA_ARGS__, avg_tc_x4, 0x2b04)				\
	 TYPE(__VA_ARGS__, avg_filter_a, 0x2b10)			\
	 TYPE(__VA_ARGS__, avg_filter_i, 0x2b18)			\
	 TYPE(__VA_ARGS__, avg_ki_dt, 0x2b20)				\
	 TYPE(__VA_ARGS__, gap_2b2c, 0x2b2c)				\
	 TYPE(__VA_ARGS__, avg_kp, 0x2b30)				\
	 TYPE(__VA_ARGS__, avg_min_duty, 0x2b3c)			\
	 TYPE(__VA_ARGS__, avg_max_pstate, 0x2b40)			\
	 TYPE(__VA_ARGS__, avg_max_power_f, 0x2b4c)			\
	 TYPE(__VA_ARGS__, avg_max_power, 0x2b50)			\
	 TYPE(__VA_ARGS__, avg_tc_ms, 0x2b5c)				\
	 TYPE(__VA_ARGS__, avg_tc_clks, 0x2b64)				\
	 TYPE(__VA_ARGS__, avg_max_pstate2, 0x2b84)			\
	 TYPE(__VA_ARGS__, gap_2bc4, 0x2bc4)				\
	 TYPE(__VA_ARGS__, gap_2c94, 0x2c94)				\
	 TYPE(__VA_ARGS__, gap_2c98, 0x2c98)				\
	 TYPE(__VA_ARGS__, se_filter_a, 0x2ca0)				\
	 TYPE(__VA_ARGS__, se_filter_i, 0x2ca8)				\
	 TYPE(__VA_ARGS__, se_ki_dt, 0x2cb0)				\
	 TYPE(__VA_ARGS__, gap_2cbc, 0x2cbc)				\
	 TYPE(__VA_ARGS__, se_kp, 0x2cc0)				\
	 TYPE(__VA_ARGS__, gap_2ccc, 0x2ccc)				\
	 TYPE(__VA_ARGS__, se_max_pstate, 0x2cd0)			\
	 TYPE(__VA_ARGS__, se_base, 0x2cd4)				\
	 TYPE(__VA_ARGS__, se_period_us_f, 0x2cdc)			\
	 TYPE(__VA_ARGS__, gap_2ce0, 0x2ce0)				\
	 TYPE(__VA_ARGS__, se_tc_ms, 0x2cec)				\
	 TYPE(__VA_ARGS__, se_tc_clks, 0x2cf4)				\
	 TYPE(__VA_ARGS__, gap_2d08, 0x2d08)				\
	 TYPE(__VA_ARGS__, se_period_us, 0x2d30)			\
	 TYPE(__VA_ARGS__, se_33ms, 0x2d34)				\
	 TYPE(__VA_ARGS__, se_inactive_threshold, 0x2d38)		\
	 TYPE(__VA_ARGS__, se_engagement_criteria, 0x2d3c)		\
	 TYPE(__VA_ARGS__, se_engagement_tolerance, 0x2d40)		\
	 TYPE(__VA_ARGS__, se_reset_tolerance, 0x2d44)			\
	 TYPE(__VA_ARGS__, se_reset_criteria, 0x2d48)			\
	 TYPE(__VA_ARGS__, gap_2d78, 0x2d78)				\
	 TYPE(__VA_ARGS__, se_min_duty, 0x2d88)				\
	 TYPE(__VA_ARGS__, se_max_pstate2, 0x2d8c))
AGX4_FW_CHECK_FIELDS(struct g17p_power, 0x2d90, G17P_POWER_FIELDS);

#endif /* AGX4_FWIF_G17P_POWER_H */
