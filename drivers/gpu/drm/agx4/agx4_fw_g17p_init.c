// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P (Apple A18 Pro, t8140, firmware mBoot-18000.161.9): the init data
 * the firmware reads at boot: hwdata, region C, the main configs, the
 * bundle's power block and third-page tables, the primary status-B image,
 * the status-config words written at control start and the secondary's
 * support object; and the queue records, which the submission backend
 * makes too.
 *
 * The power block is a structure (&struct g17p_power) built field by
 * field from the values of the reference's runs 53..109.  The rest are
 * constant byte runs, as the reference driver writes them (H for every
 * byte; the meaning of each run is named at it, M where it comes by
 * analogy with G16, GAP where none is known).  A run starts at its first
 * non-zero byte, so many start inside a field; the number before each is
 * its position in the reference's list of runs.  The reference also lays
 * 4 runs on hwdata's tail (0x3d98, 0x3db0: the same bytes hwdata's own
 * constants hold) and 46 runs on bundle 0xd245..0xefff that its work-ring
 * clear erases again; agx4 writes neither, which yields the same bundle.
 */

#include <linux/bug.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g17p_init.h"
#include "agx4_fwif_g17p.h"
#include "agx4_fwif_g17p_power.h"
#include "agx4_of.h"
#include "agx4_test_hooks.h"

/* A run of constant bytes at @off. */
#define RUN(off, ...) { (off), sizeof((const u8[]){ __VA_ARGS__ }),	\
			(const u8[]){ __VA_ARGS__ } }

/*
 * The third page of the bundle (0x80ac..0xb8e1): 48 runs, positions 1..48 of
 * the reference's list.  Most meanings are GAP; G16 offsets are named where
 * values match (M).
 */
static const struct agx4_fw_run g17p_third_page_runs[] = {
	/* 1: u32 6. GAP */
	RUN(0x80ac, 0x06),
	/* 2: u32 1. GAP */
	RUN(0x80b8, 0x01),
	/*
	 * 3: packed run 0x8177..0x818f (7 odd-offset u32): 3500 at 0x8177. GAP
	 */
	RUN(0x8177, 0xac, 0x0d),
	/* 4: u32 1000 at 0x817b (packed). GAP */
	RUN(0x817b, 0xe8, 0x03),
	/* 5: u32 3000 at 0x817f (packed). GAP */
	RUN(0x817f, 0xb8, 0x0b),
	/* 6: u32 1000 at 0x8183 (packed). GAP */
	RUN(0x8183, 0xe8, 0x03),
	/* 7: u32 1000 at 0x8187 (packed). GAP */
	RUN(0x8187, 0xe8, 0x03),
	/* 8: u32 100 at 0x818b (packed). GAP */
	RUN(0x818b, 0x64),
	/* 9: u32 32 at 0x818f (packed). GAP */
	RUN(0x818f, 0x20),
	/* 10: u32 4. G16 0x81ac (M) */
	RUN(0x81b4, 0x04),
	/* 11: 0x81c0 f32 0.96875 (= 31/32). G16 0x81b8 (M) */
	RUN(0x81c2, 0x78, 0x3f),
	/* 12: 0x81c8 f32 0.03125 (= 1/32). G16 0x81c0 (M) */
	RUN(0x81cb, 0x3d),
	/* 13: 0x81d0 f32 5.0. G16 0x81c8 (M) */
	RUN(0x81d2, 0xa0, 0x40),
	/* 14: 0x81dc f32 65536.0. G16 0x81d4 (M) */
	RUN(0x81de, 0x80, 0x47),
	/* 15: 0x81e0 f32 15.0. G16 0x81d8 (M) */
	RUN(0x81e2, 0x70, 0x41),
	/* 16: u32 900 (= 1000 - 100). G16 0x81e4 (M) */
	RUN(0x81ec, 0x84, 0x03),
	/* 17: u32 1000. G16 0x81e8 (M) */
	RUN(0x81f0, 0xe8, 0x03),
	/* 18: u32 1000. G16 0x81ec (M) */
	RUN(0x81f4, 0xe8, 0x03),
	/* 19: u32 1000. G16 0x81f8 (M) */
	RUN(0x8200, 0xe8, 0x03),
	/* 20: u32 1000. G16 0x822c (M) */
	RUN(0x8234, 0xe8, 0x03),
	/* 21: u32 100. GAP */
	RUN(0x8274, 0x64),
	/* 22: u32 0x82a (same value as the sensor mask at 0x7550). GAP */
	RUN(0x8290, 0x2a, 0x08),
	/* 23: u32 125. GAP */
	RUN(0x8298, 0x7d),
	/* 24: u32 1. GAP */
	RUN(0x829c, 0x01),
	/* 25: u32 6318. GAP */
	RUN(0x8ee0, 0xae, 0x18),
	/* 26: u32 1. GAP */
	RUN(0x8ee8, 0x01),
	/* 27: two f32 25.1. GAP */
	RUN(0xaeec, 0xcd, 0xcc, 0xc8, 0x41, 0xcd, 0xcc, 0xc8, 0x41),
	/*
	 * 28: block 0xb5e4..0xb630: u32 1. GAP (the same numbers as status-B
	 * config +0x4e4..+0x530)
	 */
	RUN(0xb5e4, 0x01),
	/* 29: u32 500. GAP */
	RUN(0xb5e8, 0xf4, 0x01),
	/* 30: u32 6. GAP */
	RUN(0xb5ec, 0x06),
	/* 31: u32 12500 (1 of 6). GAP */
	RUN(0xb5f0, 0xd4, 0x30),
	/* 32: u32 12500. GAP */
	RUN(0xb5f4, 0xd4, 0x30),
	/* 33: u32 12500. GAP */
	RUN(0xb5f8, 0xd4, 0x30),
	/* 34: u32 12500. GAP */
	RUN(0xb5fc, 0xd4, 0x30),
	/* 35: u32 12500. GAP */
	RUN(0xb600, 0xd4, 0x30),
	/* 36: u32 12500 (6 of 6). GAP */
	RUN(0xb604, 0xd4, 0x30),
	/* 37: u32 4000. GAP */
	RUN(0xb608, 0xa0, 0x0f),
	/* 38: u32 12500 (1 of 5). GAP */
	RUN(0xb61c, 0xd4, 0x30),
	/* 39: u32 12500. GAP */
	RUN(0xb620, 0xd4, 0x30),
	/* 40: u32 12500. GAP */
	RUN(0xb624, 0xd4, 0x30),
	/* 41: u32 12500. GAP */
	RUN(0xb628, 0xd4, 0x30),
	/* 42: u32 12500 (5 of 5). GAP */
	RUN(0xb62c, 0xd4, 0x30),
	/* 43: u32 1. GAP */
	RUN(0xb630, 0x01),
	/* 44: u32 1. GAP */
	RUN(0xb7a8, 0x01),
	/* 45: f32 51.2. GAP */
	RUN(0xb7b4, 0xcd, 0xcc, 0x4c, 0x42),
	/* 46: 0xb7f4 f32 538.0 (byte 0xb7f4 is 0). GAP */
	RUN(0xb7f5, 0x80, 0x06, 0x44),
	/* 47: f32 25.2. GAP */
	RUN(0xb834, 0x9a, 0x99, 0xc9, 0x41),
	/* 48: u32 6250 (same value as secondary extra_1 +0x50). GAP */
	RUN(0xb8e0, 0x6a, 0x18),
};

/*
 * The config block of primary status B (at +0xe440, 0x6c0 bytes, to status
 * A): 57 runs, 102 bytes, offsets relative to the block.  It holds the
 * parameters of the controllers whose coefficients the bundle's power block
 * carries (M) and copies of two third-page tables.
 */
static const struct agx4_fw_run g17p_sb_config_runs[] = {
	/* 1: u32 15 (cf. average-power filter length m = 15) (M) */
	RUN(0x0010, 0x0f),
	/* 2: f32 0.5 at +0x14 (cf. average-power ki x dt, bundle 0x7d60) (M) */
	RUN(0x0017, 0x3f),
	/*
	 * 3: f32 4.25 at +0x18 (cf. average-power kp, bundle 0x7d70); u32 40 at
	 * +0x1c (cf. min duty) (M)
	 */
	RUN(0x001a, 0x88, 0x40, 0x28),
	/* 4: u32 1. GAP */
	RUN(0x0020, 0x01),
	/* 5: u32 11000 (cf. fast-die0 target 110.00 C, bundle 0x75ac) (M) */
	RUN(0x00c8, 0xf8, 0x2a),
	/* 6: u32 8000 (cf. fast-die0 release 80.00 C, bundle 0x7558) (M) */
	RUN(0x00cc, 0x40, 0x1f),
	/*
	 * 7: f32 20.34 at +0xd8 (cf. fast-die0 kp, bundle 0x758c); f32 9.376 at
	 * +0xdc (cf. ki x dt, bundle 0x757c) (M)
	 */
	RUN(0x00d8, 0x52, 0xb8, 0xa2, 0x41, 0x19, 0x04, 0x16, 0x41),
	/* 8: u32 9900 (cf. turbo TARGET, bundle 0x7a52) (M) */
	RUN(0x00f0, 0xac, 0x26),
	/* 9: u32 200 (cf. bundle 0x7aa2) (M) */
	RUN(0x00f4, 0xc8),
	/* 10: f32 100.0 at +0x108 (cf. turbo KP, bundle 0x7a32) (M) */
	RUN(0x010a, 0xc8, 0x42),
	/*
	 * 11: f32 400.0 at +0x10c (cf. turbo KI, bundle 0x7a22); u32 200 at
	 * +0x110 (M)
	 */
	RUN(0x010e, 0xc8, 0x43, 0xc8),
	/* 12: u32 1. GAP */
	RUN(0x0128, 0x01),
	/* 13: u32 9550 (max power mW) (M) */
	RUN(0x012c, 0x4e, 0x25),
	/*
	 * 14: f32 0.5 at +0x130 (cf. PPM kp, bundle 0x5cdc); f32 6.4 at +0x134
	 * (cf. PPM ki x dt, bundle 0x5ccc) (M)
	 */
	RUN(0x0133, 0x3f, 0xcd, 0xcc, 0xcc, 0x40),
	/* 15: u32 1. GAP */
	RUN(0x014c, 0x01),
	/* 16: u32 1. GAP */
	RUN(0x01c0, 0x01),
	/* 17: u32 1. GAP */
	RUN(0x01c4, 0x01),
	/* 18: u32 4. GAP */
	RUN(0x01c8, 0x04),
	/* 19: u32 1. GAP */
	RUN(0x01cc, 0x01),
	/* 20: u32 1. GAP */
	RUN(0x01d0, 0x01),
	/* 21: u32 1. GAP */
	RUN(0x01d4, 0x01),
	/* 22: u32 1. GAP */
	RUN(0x01d8, 0x01),
	/*
	 * 23: u32 1; block +0x4e4..+0x530 equals bundle 0xb5e4..0xb630 (offset
	 * difference 0xb100). GAP
	 */
	RUN(0x04e4, 0x01),
	/* 24: u32 500. GAP */
	RUN(0x04e8, 0xf4, 0x01),
	/* 25: u32 6. GAP */
	RUN(0x04ec, 0x06),
	/* 26: u32 12500. GAP */
	RUN(0x04f0, 0xd4, 0x30),
	/* 27: u32 12500. GAP */
	RUN(0x04f4, 0xd4, 0x30),
	/* 28: u32 12500. GAP */
	RUN(0x04f8, 0xd4, 0x30),
	/* 29: u32 12500. GAP */
	RUN(0x04fc, 0xd4, 0x30),
	/* 30: u32 12500. GAP */
	RUN(0x0500, 0xd4, 0x30),
	/* 31: u32 12500. GAP */
	RUN(0x0504, 0xd4, 0x30),
	/* 32: u32 4000. GAP */
	RUN(0x0508, 0xa0, 0x0f),
	/* 33: u32 12500. GAP */
	RUN(0x051c, 0xd4, 0x30),
	/* 34: u32 12500. GAP */
	RUN(0x0520, 0xd4, 0x30),
	/* 35: u32 12500. GAP */
	RUN(0x0524, 0xd4, 0x30),
	/* 36: u32 12500. GAP */
	RUN(0x0528, 0xd4, 0x30),
	/* 37: u32 12500. GAP */
	RUN(0x052c, 0xd4, 0x30),
	/* 38: u32 1. GAP */
	RUN(0x0530, 0x01),
	/* 39: u32 6. GAP */
	RUN(0x058c, 0x06),
	/* 40: u32 3500 (cf. bundle 0x8177). GAP */
	RUN(0x0590, 0xac, 0x0d),
	/* 41: u32 1000. GAP */
	RUN(0x0594, 0xe8, 0x03),
	/* 42: u32 3000 (cf. bundle 0x817f). GAP */
	RUN(0x0598, 0xb8, 0x0b),
	/* 43: u32 100. GAP */
	RUN(0x059c, 0x64),
	/* 44: u32 1 (cf. bundle 0x5e20). GAP */
	RUN(0x05cc, 0x01),
	/* 45: u32 4 (cf. bundle 0x5e21). GAP */
	RUN(0x05d0, 0x04),
	/*
	 * 46: u32 8000; pairs (8000,200) (4000,200) (2000,200) (1000,200) at
	 * +0x5dc..+0x5f8, aligned copy of bundle 0x5e2d.. GAP
	 */
	RUN(0x05dc, 0x40, 0x1f),
	/* 47: u32 200. GAP */
	RUN(0x05e0, 0xc8),
	/* 48: u32 4000. GAP */
	RUN(0x05e4, 0xa0, 0x0f),
	/* 49: u32 200. GAP */
	RUN(0x05e8, 0xc8),
	/* 50: u32 2000. GAP */
	RUN(0x05ec, 0xd0, 0x07),
	/* 51: u32 200. GAP */
	RUN(0x05f0, 0xc8),
	/* 52: u32 1000. GAP */
	RUN(0x05f4, 0xe8, 0x03),
	/* 53: u32 200. GAP */
	RUN(0x05f8, 0xc8),
	/* 54: f32 15.0 at +0x604 (cf. bundle 0x81e0) (M) */
	RUN(0x0606, 0x70, 0x41),
	/*
	 * 55: f32 5.0 at +0x608 (cf. bundle 0x81d0); u32 32 at +0x60c (cf. the
	 * 1/32 filter at 0x81c0/0x81c8) (M)
	 */
	RUN(0x060a, 0xa0, 0x40, 0x20),
	/* 56: u32 1000 (M) */
	RUN(0x0610, 0xe8, 0x03),
	/* 57: u32 900 (cf. bundle 0x81ec) (M) */
	RUN(0x0620, 0x84, 0x03),
};

/*
 * The secondary's support object (0x80 bytes, its root's +0xc0): 6 runs.
 */
static const struct agx4_fw_run g17p_sec_extra_runs[] = {
	/* 1: u32 1 */
	RUN(0x0014, 0x01),
	/* 2: u32 1 */
	RUN(0x002c, 0x01),
	/* 3: u32 1 */
	RUN(0x0030, 0x01),
	/* 4: u32 1 */
	RUN(0x0040, 0x01),
	/* 5: u32 1 */
	RUN(0x004c, 0x01),
	/* 6: u32 6250 */
	RUN(0x0050, 0x6a, 0x18),
};

#undef RUN

/*
 * Bundle + 0x8ed8: the 0xb80-byte state object that follows the
 * secondary's support object (secondary channel-12 state + 0xc0).  The
 * firmware requires the relation (M: a stand-alone page there faults).
 */
#define G17P_BUNDLE_STATE_OBJECT 0x8ed8

/* Primary status B. */
#define G17P_SB_PRESENT		0x0004	/* u32 1, as every status record */
#define G17P_SB_CONFIG_ONE	0x4018	/* GAP: u64 0x0005_0601_0000_0000 */
#define G17P_SB_CONFIG_ONE_VAL	0x0005060100000000ull
#define G17P_SB_CONFIG_TWO	0x4020	/* GAP: u64 61 */
#define G17P_SB_CONFIG_TWO_VAL	61
#define G17P_SB_CONFIG_THREE	0x40b0	/* GAP: u64 5 */
#define G17P_SB_CONFIG_THREE_VAL 5
#define G17P_SB_FWCTL		0x48e0	/* u64 the fwctl page */
#define G17P_SB_FWCTL_RING	0x48e8	/* u64 its ring, at +0x40 */
#define G17P_FWCTL_RING		0x40
/* "Lifecycle header" {enabled, sequence, reserved} (M for the names). */
#define G17P_SB_LIFECYCLE	0xe434
#define G17P_SB_CONFIG		0xe440
#define G17P_SB_CONFIG_SIZE	0x6c0

static_assert(G17P_SB_CONFIG + G17P_SB_CONFIG_SIZE == AGX4_G17P_STATUS_B_SIZE);

/*
 * The bundle's power and performance controller block (&struct g17p_power).
 * The tunables are frozen, as the reference writes them: a 16 ms sample
 * period, 9550 mW, base performance state 1.  The values below are those
 * of its constant runs (H), named by what the block's members hold (M).
 */

/* AIC clocks per millisecond. */
#define CLKS_PER_MS		24000
/* The sample period. */
#define G17P_PERIOD_MS		16
#define G17P_PERIOD_CLKS	(G17P_PERIOD_MS * CLKS_PER_MS)
#define G17P_MAX_POWER_MW	9550
/* Performance states x 100: the highest (1000), the lowest and the base. */
#define PSTATE_MAX		1000
#define PSTATE_MIN		100
#define G17P_PSTATE_BASE	100
/* The current and target performance state at boot. */
#define G17P_PSTATE_BOOT	1
/* The minimum duty cycle of every loop, performance state x 100. */
#define G17P_MIN_DUTY		40
/* The header's other words, as on G16 (M). */
#define G17P_PS_STATUS		4
#define G17P_PS_ONE		1

/* Filter lengths in samples. */
#define G17P_PPM_FILTER_N	1
#define G17P_AVG_TGT_FILTER_N	1
#define G17P_AVG_FILTER_N	15
#define G17P_SE_FILTER_N1	9
#define G17P_SE_FILTER_N2	3

/* binary32 bit patterns. */
#define F32_ZERO		0x00000000
#define F32_1			0x3f800000	/* 1.0 */
#define F32_40			0x42200000	/* 40.0 */
#define F32_95			0x42be0000	/* 95.0 */
#define F32_100			0x42c80000	/* 100.0 */
#define F32_1000		0x447a0000	/* 1000.0 */
#define F32_3000		0x453b8000	/* 3000.0 */
#define F32_9550		0x46153800	/* 9550.0 */
#define F32_16000		0x467a0000	/* 16000.0 */
#define F32_65536		0x47800000	/* 65536.0 */
#define F32_1_02		0x3f828f5c	/* 1.02 */
#define F32_M100_65536		0xbac80000	/* -100 / 65536 */
/* Filter coefficients, A(n) = (n - 1) / n and I(n) = 1 / n. */
#define F32_A1			F32_ZERO
#define F32_I1			F32_1
#define F32_A3			0x3f2aaaab	/* 2 / 3 */
#define F32_I3			0x3eaaaaab	/* 1 / 3 */
#define F32_A5			0x3f4ccccd	/* 0.8 */
#define F32_I5			0x3e4ccccd	/* 0.2 */
#define F32_A9			0x3f638e39	/* 8 / 9 */
#define F32_I9			0x3de38e39	/* 1 / 9 */
#define F32_A15			0x3f6eeeef	/* 14 / 15 */
#define F32_I15			0x3d888889	/* 1 / 15 */
#define F32_A125		0x3f7df3b6	/* 0.992 */
#define F32_I125		0x3c03126f	/* 0.008 */
#define F32_A200		0x3f7eb852	/* 0.995 */
#define F32_I200		0x3ba3d70a	/* 0.005 */
#define F32_A313		0x3f7f2e9f	/* 312 / 313 */
#define F32_I313		0x3b516154	/* 1 / 313 */
/* The loops' gains: ki_dt ones are per sample (x 0.016 s). */
#define G17P_PWR_KI		0x3ca59586	/* 0.0202129 */
#define G17P_PWR_KP		0x40a90fdb	/* 5.28319 */
#define G17P_PWR_PSTATE_K	0xbdd67344	/* -1000 / 9550 */
#define G17P_PPM_KI_DT		0x40cccccd	/* 6.4 */
#define G17P_PPM_KP		0x3f000000	/* 0.5 */
#define G17P_PERF_KI		0x3f69d4d8	/* 0.913404 */
#define G17P_PERF_KP		0x4064f5c3	/* 3.5775 */
#define G17P_PERF_BOOST_K	0x41179436	/* (1000 - 100) / 95 */
#define G17P_DIE_KI_DT		0x41160419	/* 9.376 */
#define G17P_DIE_KP		0x41a2b852	/* 20.34 */
#define G17P_TURBO_KI		0x43c80000	/* 400.0 */
#define G17P_TURBO_KP		F32_100
#define G17P_AVG_KI_DT		0x3f000000	/* 0.5 */
#define G17P_AVG_KP		0x40880000	/* 4.25 */
#define G17P_SE_KI_DT		0xbf4ccccd	/* -0.8 */
#define G17P_SE_KP		0xc0a00000	/* -5.0 */

/* The performance loop's tunables. */
#define G17P_PERF_TGT_UTIL	92	/* % */
#define G17P_PERF_BOOST_MIN_UTIL 100	/* % */
#define G17P_PERF_BOOST_CE_STEP	34
#define G17P_PERF_RESET_ITERS	6
/* The power slots' initial value. */
#define G17P_SLOT_INIT		S16_MAX
/* The A18 Pro's highest GPU frequency (the last of its ladder), MHz. */
#define G17P_MAX_FREQ_MHZ	1470
/* The fast die-0 loop: sensors (bits 1, 3, 5, 11), release 80.00 C. */
#define G17P_DIE_SENSORS	0x82a
#define G17P_DIE_RELEASE_CC	8000
/* The turbo controller's target. */
#define G17P_TURBO_TARGET	9900
/* The SE loop: its thresholds and criteria. */
#define G17P_SE_INACTIVE_THRESHOLD	2500
#define G17P_SE_ENGAGEMENT_CRITERIA	525
#define G17P_SE_ENGAGEMENT_TOLERANCE	2
#define G17P_SE_RESET_TOLERANCE		4
#define G17P_SE_RESET_CRITERIA		50
/* The SE sample count rule: (33 ms + half a period) / period. */
#define G17P_SE_33MS		33

/*
 * Constants of members without a known meaning (gap_) or unit (M);
 * G17P_PWR_ONE is each such word the reference sets to 1.
 */
#define G17P_PWR_ONE		1
#define G17P_PWR_9B8		625
#define G17P_PERF_B40		6
#define G17P_REC_BE1		4
#define G17P_REC_BE5		100
#define G17P_DIE_2320		4
#define G17P_DIE_236C		11000	/* M: 110.00 degrees C */
#define G17P_TURBO_27FE		900
#define G17P_TURBO_1000		1000
#define G17P_TURBO_2862		200
#define G17P_REC_2965		4
#define G17P_REC_INDEX		575	/* the first record's index */
#define G17P_SE_2C94		50
#define G17P_SE_2CCC		100
#define G17P_SE_2CE0		1400

/* The sample period and the two performance-state headers. */
static void g17p_power_header(struct g17p_power *pw)
{
	pw->period_clks = cpu_to_le32(G17P_PERIOD_CLKS);
	pw->period_clks2 = cpu_to_le32(G17P_PERIOD_CLKS);
	pw->ps_status = cpu_to_le32(G17P_PS_STATUS);
	pw->ps_scale = cpu_to_le32(F32_1);
	pw->ps_actual = cpu_to_le32(G17P_PSTATE_BOOT);
	pw->ps_target = cpu_to_le32(G17P_PSTATE_BOOT);
	pw->ps_base = cpu_to_le32(G17P_PSTATE_BASE);
	pw->ps_one = cpu_to_le32(G17P_PS_ONE);
	pw->ps_max = cpu_to_le32(PSTATE_MAX);
	pw->ps_min = cpu_to_le32(PSTATE_MIN);
	pw->ps2_status = cpu_to_le32(G17P_PS_STATUS);
	pw->ps2_scale = cpu_to_le32(F32_1);
	pw->ps2_actual = cpu_to_le32(G17P_PSTATE_BOOT);
	pw->ps2_target = cpu_to_le32(G17P_PSTATE_BOOT);
	pw->ps2_base = cpu_to_le32(G17P_PSTATE_BASE);
	pw->ps2_one = cpu_to_le32(G17P_PS_ONE);
	pw->ps2_max = cpu_to_le32(PSTATE_MAX);
	pw->ps2_min = cpu_to_le32(PSTATE_MIN);
}

/* The power loop (a 313-sample filter) and the PPM loop. */
static void g17p_power_loops(struct g17p_power *pw)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pw->pstate_k); i++)
		pw->pstate_k[i] = cpu_to_le32(F32_1_02);

	pw->gap_9b8 = cpu_to_le32(G17P_PWR_9B8);
	pw->pwr_filter_a = cpu_to_le32(F32_A313);
	pw->pwr_filter_i = cpu_to_le32(F32_I313);
	pw->pwr_ki = cpu_to_le32(G17P_PWR_KI);
	pw->pwr_max_power_f = cpu_to_le32(F32_9550);
	pw->pwr_kp = cpu_to_le32(G17P_PWR_KP);
	pw->pwr_pstate_k = cpu_to_le32(G17P_PWR_PSTATE_K);
	pw->pwr_min_duty = cpu_to_le32(G17P_MIN_DUTY);
	pw->pwr_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->pwr_max_pstate2 = cpu_to_le32(PSTATE_MAX);
	pw->pwr_max_power = cpu_to_le32(G17P_MAX_POWER_MW);
	pw->pwr_max_pstate3 = cpu_to_le32(PSTATE_MAX);

	pw->ppm_tc_x4 = cpu_to_le32(4 * G17P_PPM_FILTER_N);
	pw->ppm_filter_a = cpu_to_le32(F32_A1);
	pw->ppm_filter_i = cpu_to_le32(F32_I1);
	pw->ppm_ki_dt = cpu_to_le32(G17P_PPM_KI_DT);
	pw->gap_a98 = cpu_to_le32(F32_65536);
	pw->ppm_kp = cpu_to_le32(G17P_PPM_KP);
	pw->ppm_min_duty = cpu_to_le32(G17P_MIN_DUTY);
	pw->ppm_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->ppm_max_power = cpu_to_le32(G17P_MAX_POWER_MW);
	pw->ppm_tc_ms = cpu_to_le32(G17P_PPM_FILTER_N * G17P_PERIOD_MS);
	pw->ppm_tc_clks = cpu_to_le64(G17P_PPM_FILTER_N * G17P_PERIOD_CLKS);
}

/* The performance loop (filters of 5 and 125 samples), then two words. */
static void g17p_power_perf(struct g17p_power *pw)
{
	/* The packed record's pairs of words (M: a ladder of some kind). */
	static const u32 pairs[4][2] = {
		{ 8000, 200 }, { 4000, 200 }, { 2000, 200 }, { 1000, 200 },
	};
	unsigned int i, j;

	pw->perf_tgt_util = cpu_to_le32(G17P_PERF_TGT_UTIL);
	pw->perf_boost_min_util = cpu_to_le32(G17P_PERF_BOOST_MIN_UTIL);
	pw->perf_boost_ce_step = cpu_to_le32(G17P_PERF_BOOST_CE_STEP);
	pw->perf_reset_iters = cpu_to_le32(G17P_PERF_RESET_ITERS);
	pw->gap_b40 = cpu_to_le32(G17P_PERF_B40);
	pw->gap_b44 = cpu_to_le32(G17P_PWR_ONE);
	pw->perf_filter_a = cpu_to_le32(F32_A5);
	pw->perf_filter2_a = cpu_to_le32(F32_A125);
	pw->perf_filter_i = cpu_to_le32(F32_I5);
	pw->perf_filter2_i = cpu_to_le32(F32_I125);
	pw->perf_ki = cpu_to_le32(G17P_PERF_KI);
	pw->perf_ki2 = cpu_to_le32(G17P_PERF_KI);
	pw->gap_b68 = cpu_to_le32(F32_95);
	pw->perf_kp = cpu_to_le32(G17P_PERF_KP);
	pw->perf_kp2 = cpu_to_le32(G17P_PERF_KP);
	pw->perf_boost_k = cpu_to_le32(G17P_PERF_BOOST_K);
	pw->perf_base = cpu_to_le32(G17P_PSTATE_BASE);
	pw->perf_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->perf_base2 = cpu_to_le32(G17P_PSTATE_BASE);
	pw->perf_tgt_util2 = cpu_to_le32(G17P_PERF_TGT_UTIL);
	pw->perf_base3 = cpu_to_le32(G17P_PSTATE_BASE);

	pw->gap_be0 = G17P_PWR_ONE;
	pw->gap_be1 = cpu_to_le32(G17P_REC_BE1);
	pw->gap_be5 = cpu_to_le32(G17P_REC_BE5);
	pw->gap_be9 = 0;
	for (i = 0; i < ARRAY_SIZE(pairs); i++)
		for (j = 0; j < ARRAY_SIZE(pairs[i]); j++)
			pw->gap_bed[i][j] = cpu_to_le32(pairs[i][j]);
	pw->gap_c0d = cpu_to_le32(G17P_PWR_ONE);
	pw->gap_c64 = cpu_to_le32(G17P_PWR_ONE);
	pw->gap_c90 = cpu_to_le32(G17P_PWR_ONE);
}

/* The power slots: 512 i16 from an odd offset. */
static void g17p_power_slots(struct g17p_power *pw)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(pw->power_slots); i++)
		for (j = 0; j < ARRAY_SIZE(pw->power_slots[i]); j++)
			pw->power_slots[i][j] = cpu_to_le16(G17P_SLOT_INIT);
}

/* The boost helper and the fast die-0 thermal loop. */
static void g17p_power_die(struct g17p_power *pw)
{
	pw->gap_2298 = cpu_to_le32(F32_65536);
	pw->boost_min_duty_f = cpu_to_le32(F32_40);
	pw->boost_max_pstate_f = cpu_to_le32(F32_1000);
	pw->max_freq_mhz = cpu_to_le32(G17P_MAX_FREQ_MHZ);
	pw->boost_min_duty = cpu_to_le32(G17P_MIN_DUTY);
	pw->boost_min_pstate_f = cpu_to_le32(F32_100);
	pw->boost_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->boost_filter_a = cpu_to_le32(F32_A5);
	pw->boost_filter_i = cpu_to_le32(F32_I5);

	pw->die_sensor_mask = cpu_to_le64(G17P_DIE_SENSORS);
	pw->die_release_cc = cpu_to_le32(G17P_DIE_RELEASE_CC);
	pw->gap_2320 = cpu_to_le32(G17P_DIE_2320);
	pw->gap_2334 = cpu_to_le32(F32_1);
	pw->die_ki_dt = cpu_to_le32(G17P_DIE_KI_DT);
	pw->gap_2348 = cpu_to_le32(F32_65536);
	pw->die_kp = cpu_to_le32(G17P_DIE_KP);
	pw->die_min_duty = cpu_to_le32(G17P_MIN_DUTY);
	pw->die_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->die_max_pstate2 = cpu_to_le32(PSTATE_MAX);
	pw->gap_236c = cpu_to_le32(G17P_DIE_236C);
	pw->die_max_pstate3 = cpu_to_le32(PSTATE_MAX);
}

/* The turbo controller (a 200-sample filter) and the words after it. */
static void g17p_power_turbo(struct g17p_power *pw)
{
	static const u8 bytes_25bc[] = { 0x06, 0x00, 0x00, 0x42 };

	BUILD_BUG_ON(sizeof(bytes_25bc) != sizeof(pw->gap_25bc));
	memcpy(pw->gap_25bc, bytes_25bc, sizeof(bytes_25bc));
	pw->turbo_filter_a = cpu_to_le32(F32_A200);
	pw->turbo_filter_i = cpu_to_le32(F32_I200);
	pw->turbo_ki = cpu_to_le32(G17P_TURBO_KI);
	pw->gap_27ee = cpu_to_le32(F32_65536);
	pw->turbo_kp = cpu_to_le32(G17P_TURBO_KP);
	pw->gap_27fa = cpu_to_le32(F32_M100_65536);
	pw->gap_27fe = cpu_to_le32(G17P_TURBO_27FE);
	pw->gap_2802 = cpu_to_le32(G17P_TURBO_1000);
	pw->gap_2806 = cpu_to_le32(G17P_TURBO_1000);
	pw->gap_280e = cpu_to_le32(F32_3000);
	pw->turbo_target = cpu_to_le32(G17P_TURBO_TARGET);
	pw->gap_2846 = cpu_to_le32(G17P_TURBO_1000);
	pw->gap_2862 = cpu_to_le32(G17P_TURBO_2862);

	pw->max_pstate_2918 = cpu_to_le32(PSTATE_MAX);
	pw->gap_292c = cpu_to_le32(G17P_PWR_ONE);
	pw->gap_2960 = G17P_PWR_ONE;
	pw->gap_2961 = G17P_PWR_ONE;
	pw->gap_2965 = G17P_REC_2965;
	/* Three records of consecutive indices; the third only its index. */
	pw->gap_297d = cpu_to_le32(G17P_REC_INDEX);
	pw->gap_2981 = cpu_to_le32(G17P_PWR_ONE);
	pw->gap_2985 = cpu_to_le32(G17P_PWR_ONE);
	pw->gap_299d = cpu_to_le32(G17P_REC_INDEX + 1);
	pw->gap_29a1 = cpu_to_le32(G17P_PWR_ONE);
	pw->gap_29a5 = cpu_to_le32(G17P_PWR_ONE);
	pw->gap_29bd = cpu_to_le32(G17P_REC_INDEX + 2);
}

/* The maximum-power mirrors and the average-power loops. */
static void g17p_power_avg(struct g17p_power *pw)
{
	unsigned int i;

	pw->gap_2a08 = cpu_to_le32(G17P_PWR_ONE);
	for (i = 0; i < ARRAY_SIZE(pw->max_power_2a10); i++)
		pw->max_power_2a10[i] = cpu_to_le32(G17P_MAX_POWER_MW);
	pw->avg_tgt_filter_i = cpu_to_le32(F32_I1);
	pw->avg_tgt_tc_x4 = cpu_to_le32(4 * G17P_AVG_TGT_FILTER_N);
	pw->avg_tgt_tc_ms = cpu_to_le32(G17P_AVG_TGT_FILTER_N *
					G17P_PERIOD_MS);
	pw->avg_tgt_tc_clks = cpu_to_le64(G17P_AVG_TGT_FILTER_N *
					  G17P_PERIOD_CLKS);

	pw->avg_tc_x4 = cpu_to_le32(4 * G17P_AVG_FILTER_N);
	pw->avg_filter_a = cpu_to_le32(F32_A15);
	pw->avg_filter_i = cpu_to_le32(F32_I15);
	pw->avg_ki_dt = cpu_to_le32(G17P_AVG_KI_DT);
	pw->gap_2b2c = cpu_to_le32(F32_65536);
	pw->avg_kp = cpu_to_le32(G17P_AVG_KP);
	pw->avg_min_duty = cpu_to_le32(G17P_MIN_DUTY);
	pw->avg_max_pstate[0] = cpu_to_le32(PSTATE_MAX);
	pw->avg_max_pstate[1] = cpu_to_le32(PSTATE_MAX);
	pw->avg_max_power_f = cpu_to_le32(F32_9550);
	pw->avg_max_power = cpu_to_le32(G17P_MAX_POWER_MW);
	pw->avg_tc_ms = cpu_to_le32(G17P_AVG_FILTER_N * G17P_PERIOD_MS);
	pw->avg_tc_clks = cpu_to_le64(G17P_AVG_FILTER_N * G17P_PERIOD_CLKS);
	pw->avg_max_pstate2 = cpu_to_le32(PSTATE_MAX);
	pw->gap_2bc4 = cpu_to_le32(G17P_PWR_ONE);
}

/* The SE loop, filters of 9 and 3 samples. */
static void g17p_power_se(struct g17p_power *pw)
{
	static const u32 n[2] = { G17P_SE_FILTER_N1, G17P_SE_FILTER_N2 };
	unsigned int i;

	pw->gap_2c94 = cpu_to_le32(G17P_SE_2C94);
	pw->gap_2c98 = cpu_to_le32(G17P_PWR_ONE);
	pw->se_filter_a[0] = cpu_to_le32(F32_A9);
	pw->se_filter_a[1] = cpu_to_le32(F32_A3);
	pw->se_filter_i[0] = cpu_to_le32(F32_I9);
	pw->se_filter_i[1] = cpu_to_le32(F32_I3);
	for (i = 0; i < ARRAY_SIZE(n); i++) {
		pw->se_ki_dt[i] = cpu_to_le32(G17P_SE_KI_DT);
		pw->se_kp[i] = cpu_to_le32(G17P_SE_KP);
		pw->se_tc_ms[i] = cpu_to_le32(n[i] * G17P_PERIOD_MS);
		pw->se_tc_clks[i] = cpu_to_le64(n[i] * G17P_PERIOD_CLKS);
	}
	pw->gap_2cbc = cpu_to_le32(F32_65536);
	pw->gap_2ccc = cpu_to_le32(G17P_SE_2CCC);
	pw->se_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->se_base = cpu_to_le32(G17P_PSTATE_BASE);
	pw->se_period_us_f = cpu_to_le32(F32_16000);
	pw->gap_2ce0 = cpu_to_le32(G17P_SE_2CE0);
	pw->gap_2d08 = cpu_to_le32(F32_65536);
	pw->se_period_us = cpu_to_le32(G17P_PERIOD_MS * 1000);
	pw->se_33ms = cpu_to_le32((G17P_SE_33MS + G17P_PERIOD_MS / 2) /
				  G17P_PERIOD_MS);
	pw->se_inactive_threshold = cpu_to_le32(G17P_SE_INACTIVE_THRESHOLD);
	pw->se_engagement_criteria = cpu_to_le32(G17P_SE_ENGAGEMENT_CRITERIA);
	pw->se_engagement_tolerance =
		cpu_to_le32(G17P_SE_ENGAGEMENT_TOLERANCE);
	pw->se_reset_tolerance = cpu_to_le32(G17P_SE_RESET_TOLERANCE);
	pw->se_reset_criteria = cpu_to_le32(G17P_SE_RESET_CRITERIA);
	pw->gap_2d78 = cpu_to_le32(F32_65536);
	pw->se_min_duty = cpu_to_le32(G17P_MIN_DUTY);
	pw->se_max_pstate2 = cpu_to_le32(PSTATE_MAX);
}

/* The whole block: what it does not set is zero. */
static void g17p_build_power(u8 *bundle)
{
	struct g17p_power *pw = (struct g17p_power *)(bundle + G17P_POWER);

	memset(pw, 0, sizeof(*pw));
	g17p_power_header(pw);
	g17p_power_loops(pw);
	g17p_power_perf(pw);
	g17p_power_slots(pw);
	g17p_power_die(pw);
	g17p_power_turbo(pw);
	g17p_power_avg(pw);
	g17p_power_se(pw);
}

/**
 * agx4_fw_g17p_init_bundle() - the bundle's constants beyond hwdata
 * @bundle: the bundle, hwdata built or not; the power block is written
 *	whole, and the bytes the runs do not name are left alone.
 * @size: its size, at least %AGX4_G17P_BUNDLE_SIZE.
 * @state_object: firmware address of the state object that follows the
 *	secondary's support object.
 *
 * Return: 0, or -EINVAL for a short buffer (nothing written then).
 */
int agx4_fw_g17p_init_bundle(void *bundle, size_t size, u64 state_object)
{
	int ret;

	if (size < AGX4_G17P_BUNDLE_SIZE)
		return -EINVAL;
	g17p_build_power(bundle);
	ret = agx4_fw_apply_runs(g17p_third_page_runs,
				 ARRAY_SIZE(g17p_third_page_runs), bundle, size);
	if (ret)
		return ret;
	put_unaligned_le64(state_object,
			   (u8 *)bundle + G17P_BUNDLE_STATE_OBJECT);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_init_bundle);

/**
 * agx4_fw_g17p_init_status_b() - the primary status-B image
 * @sb: status B, zeroed.
 * @size: its size, at least %AGX4_G17P_STATUS_B_SIZE.
 * @fwctl: firmware address of the fwctl page.
 *
 * Return: 0, or -EINVAL for a short buffer (nothing written then).
 */
int agx4_fw_g17p_init_status_b(void *sb, size_t size, u64 fwctl)
{
	u8 *p = sb;

	if (size < AGX4_G17P_STATUS_B_SIZE)
		return -EINVAL;
	put_unaligned_le32(1, p + G17P_SB_PRESENT);
	put_unaligned_le64(fwctl, p + G17P_SB_FWCTL);
	put_unaligned_le64(fwctl + G17P_FWCTL_RING, p + G17P_SB_FWCTL_RING);
	/* Enabled 1, sequence 0, reserved 0. */
	put_unaligned_le32(1, p + G17P_SB_LIFECYCLE);
	put_unaligned_le32(0, p + G17P_SB_LIFECYCLE + 4);
	put_unaligned_le32(0, p + G17P_SB_LIFECYCLE + 8);
	return agx4_fw_apply_runs(g17p_sb_config_runs,
				  ARRAY_SIZE(g17p_sb_config_runs),
				  p + G17P_SB_CONFIG, G17P_SB_CONFIG_SIZE);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_init_status_b);

/**
 * agx4_fw_g17p_status_config() - the status-config words of control start
 * @sb: primary status B.
 * @fwctl: firmware address of the fwctl page.
 *
 * Five u64 the reference writes after both firmware instances acknowledged
 * their init data and got control start, before the first device-control
 * doorbell: three of unknown meaning (GAP; which of them the firmware
 * needs is not known either) and the fwctl page and ring again.  Status B
 * is uncached, so plain stores reach the firmware; the barrier orders them
 * before the doorbell.
 */
void agx4_fw_g17p_status_config(void *sb, u64 fwctl)
{
	u8 *p = sb;

	put_unaligned_le64(G17P_SB_CONFIG_ONE_VAL, p + G17P_SB_CONFIG_ONE);
	put_unaligned_le64(G17P_SB_CONFIG_TWO_VAL, p + G17P_SB_CONFIG_TWO);
	put_unaligned_le64(G17P_SB_CONFIG_THREE_VAL, p + G17P_SB_CONFIG_THREE);
	put_unaligned_le64(fwctl, p + G17P_SB_FWCTL);
	put_unaligned_le64(fwctl + G17P_FWCTL_RING, p + G17P_SB_FWCTL_RING);
	/* The words reach memory before the doorbell that follows. */
	wmb();
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_status_config);

/**
 * agx4_fw_g17p_init_sec_extra() - the secondary's support object
 * @buf: the object, zeroed.
 * @size: its size, at least %AGX4_G17P_SEC_EXTRA_SIZE.
 *
 * Return: 0, or -EINVAL for a short buffer (nothing written then).
 */
int agx4_fw_g17p_init_sec_extra(void *buf, size_t size)
{
	if (size < AGX4_G17P_SEC_EXTRA_SIZE)
		return -EINVAL;
	return agx4_fw_apply_runs(g17p_sec_extra_runs,
				  ARRAY_SIZE(g17p_sec_extra_runs), buf,
				  AGX4_G17P_SEC_EXTRA_SIZE);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_init_sec_extra);

static void g17p_cursors(struct agx4_fw_channel *c, u64 base)
{
	unsigned int j;

	for (j = 0; j < 3; j++)
		c->state[j] = cpu_to_le64(base + j * G17P_CURSOR_WORD_STRIDE);
}

/**
 * agx4_fw_g17p_build_channels() - fill the channel table of a main config
 * @in: the channels' addresses.
 * @buf: the main config; only its channel table is written.
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a buffer short of a main config.
 */
AGX4_VISIBLE_IF_TEST int
agx4_fw_g17p_build_channels(const struct agx4_fw_chan_in *in, void *buf,
			    size_t size)
{
	struct g17p_main_config *mc = buf;
	unsigned int i;

	if (size < sizeof(*mc))
		return -EINVAL;
	for (i = 0; i < AGX4_FW_NUM_WORK_CHANNELS; i++) {
		struct agx4_fw_channel *c = &mc->channels[i];
		u32 stage = i % 3, prio = i / 3;

		g17p_cursors(c, in->cursors +
			     stage * G17P_CURSOR_STAGE_STRIDE +
			     (3 - prio) * G17P_CURSOR_PRIO_STRIDE);
		c->ring = cpu_to_le64(in->bundle + G17P_WORK_RINGS +
				      stage * G17P_RING_STAGE_STRIDE +
				      (3 - prio) * G17P_RING_PRIO_STRIDE);
	}
	g17p_cursors(&mc->channels[AGX4_FW_CHAN_CONTROL],
		     in->cursors + G17P_CONTROL_CURSORS);
	mc->channels[AGX4_FW_CHAN_CONTROL].ring =
		cpu_to_le64(in->main_config +
			    offsetof(struct g17p_main_config, control));
	agx4_fw_fill_status_channels(mc->channels, in->status_a);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_channels);

/**
 * agx4_fw_g17p_build_main_config() - write an instance's main config
 * @gen: the generation.
 * @in: what it points at.
 * @buf: the main config (zeroed first), channel table included.
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer or an instance the generation
 * does not have.
 */
int agx4_fw_g17p_build_main_config(const struct agx4_fw_gen *gen,
				   const struct agx4_fw_mc_in *in, void *buf,
				   size_t size)
{
	static const u32 addresses[] = G17P_MC_ADDRESSES;
	struct g17p_main_config *mc = buf;
	u64 bundle = in->chan.bundle;
	unsigned int i;

	if (size < sizeof(*mc) || in->instance >= gen->num_instances)
		return -EINVAL;
	memset(mc, 0, sizeof(*mc));
	agx4_fw_g17p_build_channels(&in->chan, buf, size);
	mc->hwdata = cpu_to_le64(bundle);
	mc->repeated[0] = cpu_to_le64(bundle + G17P_MC_REPEATED);
	mc->repeated[1] = mc->repeated[0];
	/* A view without a value has no tag either (H). */
	for (i = 0; i < ARRAY_SIZE(mc->views); i++) {
		mc->views[i].address = cpu_to_le64(in->views[i].address);
		mc->views[i].value = cpu_to_le32(in->views[i].value);
		if (in->views[i].value)
			mc->views[i].tag = cpu_to_le32(G17P_MC_VIEW_TAG);
	}
	if (in->instance) {
		/* The secondary has no work channels. */
		memset(mc->channels, 0,
		       AGX4_FW_NUM_WORK_CHANNELS * sizeof(mc->channels[0]));
		mc->gap_300 = cpu_to_le32(G17P_MC_300);
		mc->secondary_extra = cpu_to_le64(in->extra);
		put_unaligned_le32(AGX4_FW_CTL_INITIAL_SECONDARY, mc->control);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(addresses); i++)
		mc->addresses[i] = cpu_to_le64(bundle + addresses[i]);
	mc->gap_3e0 = cpu_to_le32(G17P_MC_3E0);
	put_unaligned_le32(AGX4_FW_CTL_INITIAL, mc->control);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_main_config);

/* G17P queues run at the one priority row the reference uses (2). */
#define G17P_QUEUE_PRIORITY	2
#define G17P_QUEUE_MASK		0xffff000000000000ull

/**
 * agx4_fw_g17p_build_queue() - write a queue record
 * @in: the queue's objects and priority.
 * @buf: the record (zeroed first).
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer or a priority other than
 * %G17P_QUEUE_PRIORITY.
 */
int agx4_fw_g17p_build_queue(const struct agx4_fw_queue_in *in, void *buf,
			     size_t size)
{
	struct g17p_queue *q = buf;

	if (size < sizeof(*q) || in->priority != G17P_QUEUE_PRIORITY)
		return -EINVAL;
	memset(q, 0, sizeof(*q));
	q->pointers = cpu_to_le64(in->pointers);
	q->ring = cpu_to_le64(in->ring);
	q->job_list = cpu_to_le64(in->job_list);
	q->gap_24 = cpu_to_le32(U32_MAX);
	q->priority = cpu_to_le32(G17P_QUEUE_PRIORITY);
	q->priority2 = cpu_to_le32(G17P_QUEUE_PRIORITY);
	q->priority_mask = cpu_to_le64(G17P_QUEUE_MASK);
	q->first = 0;
	q->last = cpu_to_le32(G17P_QUEUE_PRIORITY);
	q->gap_44 = cpu_to_le32(U32_MAX);
	q->uuid = cpu_to_le32(in->uuid);
	q->context = cpu_to_le64(in->context);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_queue);

/*
 * The constant runs left of the reference's G17P hwdata constants: the
 * bytes its 29 hwdata runs set that are not a declared member.  Both fall
 * in the region records from +0x2610 (records 2 and 3), whose layout there
 * is not known (GAP); the first holds the address of an init-graph page
 * (M), which must follow the graph base.  Its 12 region C runs are all
 * written through &struct agx4_fw_region_c.
 */
/* A run of constant bytes at @off. */
#define RUN(off, ...) { (off), sizeof((const u8[]){ __VA_ARGS__ }),	\
			(const u8[]){ __VA_ARGS__ } }

static const struct agx4_fw_run g17p_hwdata_runs[] = {
	RUN(0x26ad, 0x80, 0x5d, 0x01, 0x20, 0xfc, 0xff, 0xff, 0x01, 0x00, 0x00,
	    0x00, 0x01),
	RUN(0x26e8, 0x01),
};

#undef RUN

static void le32_fill(__le32 *dst, const u32 *src, unsigned int n)
{
	while (n--)
		*dst++ = cpu_to_le32(*src++);
}

/**
 * agx4_fw_g17p_build_region_c() - write region C
 * @p: the device-tree inputs (G17P's values are fixed: none is read).
 * @buf: region C (zeroed first).
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer.
 */
int agx4_fw_g17p_build_region_c(const struct agx4_platform *p, void *buf,
				size_t size)
{
	static const u32 c30[] = G17P_RC_30, c7c8[] = G17P_RC_7C8;
	static const u32 c7e8[] = G17P_RC_7E8, c998[] = G17P_RC_998;
	static const u32 c9b8[] = G17P_RC_9B8, c9c8[] = G17P_RC_9C8;
	static const u32 ce38[] = G17P_RC_E38;
	static const u16 c5a[] = G17P_RC_5A;
	struct agx4_fw_region_c *rc = buf;
	unsigned int i;

	static_assert(sizeof(*rc) == G17P_REGION_C_SIZE);
	if (size < sizeof(*rc))
		return -EINVAL;
	memset(rc, 0, sizeof(*rc));
	rc->gap_24 = cpu_to_le32(G17P_RC_24);
	le32_fill(rc->gap_30, c30, ARRAY_SIZE(c30));
	rc->gap_54 = cpu_to_le16(G17P_RC_54);
	rc->gap_56 = cpu_to_le16(G17P_RC_56);
	rc->gap_58 = cpu_to_le16(G17P_RC_58);
	for (i = 0; i < ARRAY_SIZE(c5a); i++)
		rc->gap_5a[i] = cpu_to_le16(c5a[i]);
	rc->gap_78 = cpu_to_le32(G17P_RC_78);
	rc->max_power_mw = cpu_to_le32(G17P_RC_MAX_POWER_MW);
	rc->gap_88[0] = cpu_to_le32(G17P_RC_88);
	rc->gap_88[1] = cpu_to_le32(G17P_RC_88);
	rc->gap_98 = cpu_to_le32(G17P_RC_98);
	rc->gap_7c4 = cpu_to_le32(G17P_RC_7C4);
	le32_fill(rc->gap_7c8, c7c8, ARRAY_SIZE(c7c8));
	le32_fill(rc->gap_7e8, c7e8, ARRAY_SIZE(c7e8));
	le32_fill(rc->gap_998, c998, ARRAY_SIZE(c998));
	le32_fill(rc->gap_9b8, c9b8, ARRAY_SIZE(c9b8));
	le32_fill(rc->gap_9c8, c9c8, ARRAY_SIZE(c9c8));
	rc->gap_e1c = cpu_to_le32(G17P_RC_E1C);
	le32_fill(rc->gap_e38, ce38, ARRAY_SIZE(ce38));
	rc->gap_e50 = cpu_to_le32(G17P_RC_E50);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_region_c);

/* The fixed T8140 performance table. */
static const u32 g17p_freq_a[] = G17P_FREQ_A, g17p_freq_b[] = G17P_FREQ_B;
static const u32 g17p_core_mv[] = G17P_CORE_MV, g17p_mem_mv[] = G17P_MEM_MV;
static const u32 g17p_rel_a[] = G17P_RELATIVE_A, g17p_rel_b[] = G17P_RELATIVE_B;
static const u32 g17p_idx_a[] = G17P_INDEX_A, g17p_idx_b[] = G17P_INDEX_B;
static_assert(ARRAY_SIZE(g17p_freq_a) == AGX4_FW_NUM_PSTATES);

static const struct agx4_fw_pstates g17p_pstates = {
	.freq_a = g17p_freq_a, .freq_b = g17p_freq_b,
	.core_mv = g17p_core_mv, .mem_mv = g17p_mem_mv,
	.relative_a = g17p_rel_a, .relative_b = g17p_rel_b,
	.index_a = g17p_idx_a, .index_b = g17p_idx_b,
	.scale_b = G17P_SCALE_B,
};

/* Matrix @m of hwdata: @diag on the diagonal, or the 12 words of @v. */
static void g17p_yuv(struct agx4_fw_hwdata *hw, unsigned int m, s16 diag,
		     const s16 *v)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hw->yuv[m]); i++)
		hw->yuv[m][i] = cpu_to_le16(v ? v[i] : i % 5 ? 0 : diag);
}

static void g17p_hwdata_consts(struct agx4_fw_hwdata *hw)
{
	static const s16 yuv7[] = G17P_YUV_7, yuv27[] = G17P_YUV_27;
	static const s16 yuv59[] = G17P_YUV_59;
	static const u64 c0[] = G17P_HWDATA_0;
	static const u32 cf34[] = G17P_HWDATA_F34, cf88[] = G17P_HWDATA_F88;
	static const u32 cfb8[] = G17P_HWDATA_FB8, c2544[] = G17P_HWDATA_2544;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c0); i++)
		hw->gap_0[i] = cpu_to_le64(c0[i]);
	g17p_yuv(hw, 6, G17P_YUV_IDENTITY, NULL);
	g17p_yuv(hw, 7, 0, yuv7);
	g17p_yuv(hw, 27, 0, yuv27);
	g17p_yuv(hw, 38, G17P_YUV_38_DIAG, NULL);
	g17p_yuv(hw, 39, G17P_YUV_39_DIAG, NULL);
	g17p_yuv(hw, 59, 0, yuv59);
	hw->rev_hi = cpu_to_le32(G17P_HWDATA_REV_HI);
	hw->rev_lo = cpu_to_le32(G17P_HWDATA_REV_LO);
	hw->gpc = cpu_to_le32(G17P_HWDATA_GPC);
	hw->gap_ea4 = cpu_to_le32(G17P_HWDATA_EA4);
	hw->gap_eb8 = cpu_to_le32(G17P_HWDATA_EB8);
	hw->gap_ec0 = cpu_to_le32(G17P_HWDATA_EC0);
	hw->gap_ec8 = cpu_to_le32(G17P_HWDATA_EC8);
	hw->clocks_per_ms = cpu_to_le32(G17P_HWDATA_CLOCKS_PER_MS);
	hw->gap_ed4 = cpu_to_le32(G17P_HWDATA_ED4);
	hw->sample_period = cpu_to_le32(G17P_HWDATA_SAMPLE_PERIOD);
	for (i = 0; i < ARRAY_SIZE(hw->gap_ee0); i++)
		hw->gap_ee0[i] = cpu_to_le32(G17P_HWDATA_EE0);
	hw->gap_f04 = cpu_to_le32(G17P_HWDATA_F04);
	hw->gap_f24 = cpu_to_le32(G17P_HWDATA_F24);
	le32_fill(hw->gap_f34, cf34, ARRAY_SIZE(cf34));
	hw->gap_f4c = cpu_to_le32(G17P_HWDATA_F4C);
	hw->gap_f6c = cpu_to_le32(G17P_HWDATA_F6C);
	le32_fill(hw->gap_f88, cf88, ARRAY_SIZE(cf88));
	hw->gap_fac = cpu_to_le32(G17P_HWDATA_FAC);
	le32_fill(hw->gap_fb8, cfb8, ARRAY_SIZE(cfb8));
	le32_fill(hw->gap_2544, c2544, ARRAY_SIZE(c2544));
	hw->gap_2568 = cpu_to_le32(G17P_HWDATA_2568);
	hw->gap_2570 = cpu_to_le32(G17P_HWDATA_2570);
	hw->gap_258e = cpu_to_le16(G17P_HWDATA_258E);
	hw->gap_25f4 = cpu_to_le32(G17P_HWDATA_25F4);
	hw->gap_2600 = cpu_to_le32(G17P_HWDATA_2600);
	hw->gap_2608 = cpu_to_le32(G17P_HWDATA_2608);
	hw->gap_3d98 = cpu_to_le32(G17P_HWDATA_3D98);
	hw->gap_3db0 = cpu_to_le32(G17P_HWDATA_3DB0);
}

/**
 * agx4_fw_g17p_build_hwdata() - write hwdata
 * @gen: the generation.
 * @p: the device-tree inputs (the chip ID).
 * @in: the register windows, the GPU regions and the timestamp aperture.
 * @buf: hwdata (zeroed first).
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer, too many regions, or a window
 * slot out of range or used twice.
 */
int agx4_fw_g17p_build_hwdata(const struct agx4_fw_gen *gen,
			      const struct agx4_platform *p,
			      const struct agx4_fw_hwdata_in *in, void *buf,
			      size_t size)
{
	struct agx4_fw_hwdata *hw = buf;
	u8 *base = buf;
	unsigned int i;
	int ret;

	if (size < sizeof(*hw) || in->num_regions > AGX4_FW_MAX_HW_REGIONS)
		return -EINVAL;
	ret = agx4_fw_regwins_check(in);
	if (ret)
		return ret;
	memset(hw, 0, sizeof(*hw));
	ret = agx4_fw_apply_runs(g17p_hwdata_runs,
				 ARRAY_SIZE(g17p_hwdata_runs), hw, sizeof(*hw));
	if (ret)
		return ret;
	g17p_hwdata_consts(hw);
	agx4_fw_regwins_fill(hw, in);
	hw->ts_aperture = cpu_to_le64(in->ts_aperture);
	hw->chip_id = cpu_to_le32(p->chip_id);
	agx4_fw_hwdata_fill(hw, &g17p_pstates);
	for (i = 0; i < in->num_regions; i++) {
		const struct agx4_fw_hw_region_in *r = &in->regions[i];
		struct g17p_hw_region *out = (void *)(base + G17P_HW_REGIONS +
						      i * G17P_HW_REGION_STRIDE);

		out->lead = cpu_to_le32(r->lead);
		out->value = cpu_to_le32(r->value);
		out->tag = cpu_to_le32(G17P_MC_VIEW_TAG);
		out->address = cpu_to_le64(r->address);
		out->size_a = cpu_to_le32(G17P_HW_REGION_SIZE_A);
		out->size_b = cpu_to_le32(G17P_HW_REGION_SIZE_B);
		out->trail = cpu_to_le32(r->trail);
	}
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_hwdata);
