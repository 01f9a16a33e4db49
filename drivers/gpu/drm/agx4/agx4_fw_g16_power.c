// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "agx4_fw_g16_power.h"
#include "agx4_fwif_g16_power.h"
#include "agx4_of.h"
#include "agx4_test_hooks.h"

/**
 * DOC: G16 power controller
 *
 * The G16 firmware runs the GPU's power and performance control loops
 * from a block of the bundle (&struct g16_power, bundle+0x5380) that the
 * host fills before boot: sample period, performance-state limits,
 * filter coefficients and loop gains, computed from the
 * ``apple,sgx-gpu-*`` tunables the loader copies from the ADT (defaults
 * where absent), the sample period and the maximum power.
 *
 * About half of its binary32 members are computed.  The kernel uses no
 * floating point, and the reference driver computes them with a software
 * float whose rounding is not IEEE-754's, so agx4 reproduces that software
 * float in integer arithmetic (below), bit for bit.  The two differ by one
 * unit in the last place in rare cases (a time constant of 255 samples,
 * a maximum power of 251 mW, ...), never for the defaults with a sample
 * period of 1-16 ms.  Whether the firmware cares is not known (GAP); agx4
 * follows the reference, which is what the firmware has run with.
 */

/* AIC clocks per millisecond. */
#define CLKS_PER_MS		24000
/* Performance states x 100: the highest (1000) and the lowest. */
#define PSTATE_MAX		((AGX4_NUM_PSTATES - 1) * 100)
#define PSTATE_MIN		100
/* The average-power filter's default time constant: 248 ms in samples. */
#define AVG_FILTER_MS		248
/* The turbo controller's mode when its property is absent. */
#define TURBO_DEFAULT_MODE	2

/* binary32 bit patterns. */
#define F32_FRAC		GENMASK(22, 0)
#define F32_EXP			GENMASK(30, 23)
#define F32_SIGN		BIT(31)
#define F32_INF			0x7f800000
#define F32_ZERO		0x00000000
#define F32_1			0x3f800000	/* 1.0 */
#define F32_5			0x40a00000	/* 5.0 */
#define F32_15			0x41700000	/* 15.0 */
#define F32_64			0x42800000	/* 64.0 */
#define F32_95			0x42be0000	/* 95.0 */
#define F32_100			0x42c80000	/* 100.0 */
#define F32_1000		0x447a0000	/* 1000.0 */
#define F32_3000		0x453b8000	/* 3000.0 */
#define F32_24000		0x46bb8000	/* 24000.0 */
#define F32_65536		0x47800000	/* 65536.0 */
#define F32_M1000		0xc47a0000	/* -1000.0 */
#define F32_1_02		0x3f828f5c	/* 1.02 */
#define F32_AVG_KI		0x41870000	/* 16.875 */
#define F32_M100_65536		0xbac80000	/* -100 / 65536 */

/* Constants of the block without a known meaning (GAP) or unit (M). */
#define G16_PWR_9B8		625
#define G16_PERF_B40		6
#define G16_PERF_B44		1
#define G16_DIE_SENSORS		0x6958	/* bits 3, 4, 6, 8, 11, 13, 14 */
#define G16_DIE_2278		4
#define G16_DIE_22C4		11000	/* M: 110.00 degrees C */
#define G16_TURBO_2756		900
#define G16_TURBO_1000		1000
#define G16_TURBO_27BA		200
#define G16_SE_2B4C		50
#define G16_SE_2B50		1
#define G16_SE_2B84		100
#define G16_SE_2B98		1400
/* The SE sample count rule: (33 ms + half a period) / period. */
#define G16_SE_33MS		33
#define G16_LOOP_2E2C		4
#define G16_LOOP_FILTER		32
/* The power slots' initial value. */
#define G16_POWER_SLOT_INIT	S16_MAX
/* A four-character SMC key, big-endian, as the firmware reads it. */
#define SMC_KEY(a, b, c, d)	((a) << 24 | (b) << 16 | (c) << 8 | (d))

/*
 * The reference's software binary32.  A value is (-1)^neg * m * 2^(e-32);
 * normalised, 2^32 <= m < 2^33: bits 32..9 of m are the 24 significant
 * bits, bits 8..0 nine guard bits.  It differs from IEEE-754: products,
 * quotients and alignments drop the bits below the guard bits (no sticky
 * bit), then round half to even on the guard bits alone.  There are no
 * subnormals (they read and round as zero); Inf and NaN read as finite
 * values of exponent 128.
 */
struct sf {
	bool neg;
	int e;
	u64 m;
};

/*
 * Shift m so that its leading one is bit 32, truncating; values below
 * 2^-126 become zero (its sign kept).
 */
static struct sf sf_norm(struct sf x)
{
	int lz = 64 - fls64(x.m);

	if (lz > 31) {
		x.m <<= lz - 31;
		x.e -= lz - 31;
	} else if (lz < 31) {
		x.m >>= 31 - lz;
		x.e += 31 - lz;
	}
	if (!x.m || x.e < -126) {
		x.m = 0;
		x.e = 0;
	}
	return x;
}

static struct sf sf_unpack(u32 bits)
{
	struct sf x = {
		.neg = bits & F32_SIGN,
		.e = (int)((bits & F32_EXP) >> 23) - 127,
		.m = (u64)((bits & F32_FRAC) | BIT(23)) << 9,
	};

	return sf_norm(x);
}

static u32 sf_pack(struct sf x)
{
	u32 sign = x.neg ? F32_SIGN : 0;

	x = sf_norm(x);
	if (x.m) {
		/* Half to even on the guard bits: + 255 + (bit 9 of m). */
		x.m += 255 + ((x.m >> 9) & 1);
		x = sf_norm(x);
	}
	if (x.e > 127)
		return sign | F32_INF;
	if (!x.m)
		return sign;
	return sign | (u32)(x.e + 127) << 23 | ((u32)(x.m >> 9) & F32_FRAC);
}

/* v, rounded to binary32 (exact for v < 2^24). */
static u32 sf_from_u32(u32 v)
{
	return sf_pack((struct sf){ .e = 32, .m = v });
}

/* a * b: the product of the significands' top 25 bits. */
static u32 sf_mul(u32 a, u32 b)
{
	struct sf x = sf_unpack(a), y = sf_unpack(b);

	return sf_pack((struct sf){
		.neg = x.neg != y.neg,
		.e = x.e + y.e,
		.m = ((x.m >> 8) * (y.m >> 8)) >> 16,
	});
}

/* a / b, the remainder dropped; Inf of a's sign for b = 0 or a = Inf/NaN. */
static u32 sf_div(u32 a, u32 b)
{
	struct sf x = sf_unpack(a), y = sf_unpack(b);

	if (!y.m || x.e > 127)
		return (x.neg ? F32_SIGN : 0) | F32_INF;
	return sf_pack((struct sf){
		.neg = x.neg != y.neg,
		.e = x.e - y.e,
		.m = div64_u64(x.m << 24, y.m >> 8),
	});
}

/* a - b: the operand of smaller exponent shifted right, truncating. */
static u32 sf_sub(u32 a, u32 b)
{
	struct sf x = sf_unpack(a), y = sf_unpack(b ^ F32_SIGN), r;

	if (x.e < y.e) {
		x.m = y.e - x.e > 63 ? 0 : x.m >> (y.e - x.e);
		x.e = y.e;
	} else if (y.e < x.e) {
		y.m = x.e - y.e > 63 ? 0 : y.m >> (x.e - y.e);
		y.e = x.e;
	}
	r.e = x.e;
	if (x.neg == y.neg) {
		r.m = x.m + y.m;
		r.neg = x.neg;
	} else if (x.m >= y.m) {
		r.m = x.m - y.m;
		r.neg = x.neg;
	} else {
		r.m = y.m - x.m;
		r.neg = !x.neg;
	}
	return sf_pack(r);
}

/* Toward zero to u32; negative (but -0), or 2^32 and above: -EINVAL. */
static int sf_trunc(u32 bits, u32 *out)
{
	int e = (int)((bits & F32_EXP) >> 23) - 127;
	u32 m = (bits & F32_FRAC) | BIT(23);

	if ((bits & F32_SIGN) && bits != F32_SIGN)
		return -EINVAL;
	if (e > 31)
		return -EINVAL;
	if (e < 0)
		*out = 0;
	else
		*out = e >= 23 ? m << (e - 23) : m >> (23 - e);
	return 0;
}

/* The inputs, what is derived from them, and the first error. */
struct calc {
	const struct agx4_platform *plat;
	const struct agx4_g16_tunables *t;
	struct g16_power *pw;
	int err;
	/* The sample period in AIC clocks, and in whole ms (P). */
	u32 pc;
	u32 p;
	/* Maximum power in mW, and as binary32. */
	u32 maxp;
	u32 maxf;
	/* The base performance state x 100. */
	u32 bs;
	/* DT: the period in seconds, f32(P) / 1000. */
	u32 dt;
};

/* A binary32 member: Inf and NaN are refused, as the reference does. */
static __le32 f32(struct calc *c, u32 bits)
{
	if ((bits & F32_EXP) == F32_EXP)
		c->err = -EINVAL;
	return cpu_to_le32(bits);
}

static u32 umul(struct calc *c, u32 a, u32 b)
{
	u32 r;

	if (check_mul_overflow(a, b, &r))
		c->err = -EINVAL;
	return r;
}

/*
 * A filter over n samples: its coefficients and, for filters whose length
 * the block also states, that length in samples x 4, in ms and in clocks
 * (each must fit a u32).
 */
struct filter {
	__le32 a;
	__le32 i;
	u32 x4;
	u32 ms;
	u32 clks;
};

static struct filter filter(struct calc *c, u32 n)
{
	u32 nf = sf_from_u32(n);

	if (!n)
		c->err = -EINVAL;
	return (struct filter){
		/* A(n) = (f32(n) - 1.0) / f32(n), each step rounded. */
		.a = f32(c, sf_div(sf_sub(nf, F32_1), nf)),
		/* I(n) = 1.0 / f32(n). */
		.i = f32(c, sf_div(F32_1, nf)),
	};
}

static struct filter timed_filter(struct calc *c, u32 n)
{
	struct filter f = filter(c, n);

	f.x4 = umul(c, n, 4);
	f.ms = umul(c, n, c->p);
	f.clks = umul(c, f.ms, CLKS_PER_MS);
	return f;
}

/* gain * DT: a gain per second applied once per sample. */
static __le32 per_sample(struct calc *c, u32 gain)
{
	return f32(c, sf_mul(gain, c->dt));
}

/* 100 * v (degrees to centi-degrees) through binary32: f32(v) * 100.0. */
static u32 centi(struct calc *c, u32 v)
{
	u32 r = 0;

	if (sf_trunc(sf_mul(sf_from_u32(v), F32_100), &r))
		c->err = -EINVAL;
	return r;
}

/* The checks that do not depend on a computation. */
static bool inputs_valid(const struct agx4_platform *plat)
{
	const struct agx4_g16_tunables *t = &plat->pwr;

	return plat->sample_period_clks >= CLKS_PER_MS &&
	       plat->max_power_mw && plat->max_power_mw <= S32_MAX &&
	       t->pwr_min_duty_cycle <= AGX4_PWR_DUTY_MAX &&
	       t->pwr_integral_min_clamp <= plat->max_power_mw &&
	       t->perf_base_pstate >= 1 &&
	       t->perf_base_pstate <= AGX4_PWR_BASE_PSTATE_MAX &&
	       t->perf_tgt_utilization <= AGX4_PWR_PERCENT_MAX &&
	       t->perf_dz <= t->perf_tgt_utilization &&
	       t->perf_boost_min_util <= AGX4_PWR_PERCENT_MAX &&
	       t->perf_integral_min_clamp <= AGX4_PWR_PERF_CLAMP_MAX &&
	       t->avg_power_min_duty_cycle <= AGX4_PWR_DUTY_MAX &&
	       t->fast_die0_release_temp <= AGX4_PWR_TEMP_MAX &&
	       t->fast_die0_prop_tgt_delta <= AGX4_PWR_TEMP_MAX;
}

/* The sample period and the two performance-state headers. */
static void fill_header(struct calc *c)
{
	struct g16_power *pw = c->pw;

	pw->period_clks = cpu_to_le32(c->pc);
	pw->period_clks2 = cpu_to_le32(c->pc);
	pw->ps_status = cpu_to_le32(4);
	pw->ps_scale = f32(c, F32_1);
	pw->ps_actual = cpu_to_le32(1);
	pw->ps_target = cpu_to_le32(1);
	pw->ps_zero = 0;
	pw->ps_base = cpu_to_le32(c->bs);
	pw->ps_one = cpu_to_le32(1);
	pw->ps_max = cpu_to_le32(PSTATE_MAX);
	pw->ps_min = cpu_to_le32(PSTATE_MIN);
	pw->ps2_status = cpu_to_le32(4);
	pw->ps2_scale = f32(c, F32_1);
	pw->ps2_actual = cpu_to_le32(1);
	pw->ps2_target = cpu_to_le32(1);
	pw->ps2_zero = 0;
	pw->ps2_base = cpu_to_le32(c->bs);
	pw->ps2_one = cpu_to_le32(1);
	pw->ps2_max = cpu_to_le32(PSTATE_MAX);
	pw->ps2_min = cpu_to_le32(PSTATE_MIN);
}

/* The power loop and the PPM loop. */
static void fill_power(struct calc *c)
{
	const struct agx4_g16_tunables *t = c->t;
	struct g16_power *pw = c->pw;
	struct filter f = filter(c, t->pwr_filter_time_constant);
	u32 minf = sf_from_u32(t->pwr_integral_min_clamp);
	u32 n = t->ppm_filter_time_constant_ms / c->p;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pw->pstate_k); i++)
		pw->pstate_k[i] = f32(c, F32_1_02);

	pw->gap_9b8 = cpu_to_le32(G16_PWR_9B8);
	pw->pwr_filter_a = f.a;
	pw->pwr_filter_i = f.i;
	pw->pwr_ki = f32(c, t->pwr_integral_gain);
	pw->pwr_integral_min = f32(c, minf);
	pw->pwr_max_power_f = f32(c, c->maxf);
	pw->pwr_kp = f32(c, t->pwr_proportional_gain);
	/* -1000.0 / f32(maximum power). */
	pw->pwr_pstate_k = f32(c, sf_div(F32_M1000, c->maxf));
	pw->pwr_min_duty = cpu_to_le32(t->pwr_min_duty_cycle);
	pw->pwr_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->pwr_max_pstate2 = cpu_to_le32(PSTATE_MAX);
	pw->pwr_max_power = cpu_to_le32(c->maxp);
	pw->pwr_max_pstate3 = cpu_to_le32(PSTATE_MAX);

	/* n = floor(time constant in ms / P) samples. */
	f = timed_filter(c, n);
	pw->ppm_tc_x4 = cpu_to_le32(f.x4);
	pw->ppm_filter_a = f.a;
	pw->ppm_filter_i = f.i;
	pw->ppm_ki_dt = per_sample(c, t->ppm_ki);
	pw->ppm_integral_min = f32(c, minf);
	pw->gap_a98 = f32(c, F32_65536);
	pw->ppm_kp = f32(c, t->ppm_kp);
	pw->ppm_min_duty = cpu_to_le32(t->pwr_min_duty_cycle);
	pw->ppm_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->ppm_max_power = cpu_to_le32(c->maxp);
	pw->ppm_tc_ms = cpu_to_le32(t->ppm_filter_time_constant_ms);
	pw->ppm_tc_clks = cpu_to_le64(f.clks);
}

/* The utilisation loop, the power slots and the boost helper. */
static void fill_perf(struct calc *c)
{
	const struct agx4_g16_tunables *t = c->t;
	struct g16_power *pw = c->pw;
	struct filter f1 = filter(c, t->perf_filter_time_constant);
	struct filter f2 = filter(c, t->perf_filter_time_constant2);
	struct filter boost = filter(c, 5);
	u32 tgt = t->perf_tgt_utilization - t->perf_dz;
	unsigned int i, j;

	pw->perf_tgt_util = cpu_to_le32(tgt);
	pw->perf_boost_min_util = cpu_to_le32(t->perf_boost_min_util);
	pw->perf_boost_ce_step = cpu_to_le32(t->perf_boost_ce_step);
	pw->perf_reset_iters = cpu_to_le32(t->perf_reset_iters);
	pw->gap_b40 = cpu_to_le32(G16_PERF_B40);
	pw->gap_b44 = cpu_to_le32(G16_PERF_B44);
	pw->perf_filter_drop = cpu_to_le32(t->perf_filter_drop_threshold);
	pw->perf_filter_a = f1.a;
	pw->perf_filter2_a = f2.a;
	pw->perf_filter_i = f1.i;
	pw->perf_filter2_i = f2.i;
	pw->perf_ki = f32(c, t->perf_integral_gain);
	pw->perf_ki2 = f32(c, t->perf_integral_gain2);
	pw->perf_integral_min = f32(c, sf_from_u32(t->perf_integral_min_clamp));
	pw->gap_b68 = f32(c, F32_95);
	pw->perf_kp = f32(c, t->perf_proportional_gain);
	pw->perf_kp2 = f32(c, t->perf_proportional_gain2);
	/* f32(1000 - base) / 95.0. */
	pw->perf_boost_k = f32(c, sf_div(sf_from_u32(PSTATE_MAX - c->bs),
					 F32_95));
	pw->perf_base = cpu_to_le32(c->bs);
	pw->perf_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->perf_base2 = cpu_to_le32(c->bs);
	pw->perf_tgt_util2 = cpu_to_le32(tgt);
	pw->perf_dz = cpu_to_le32(t->perf_dz);
	pw->perf_base3 = cpu_to_le32(c->bs);

	for (i = 0; i < ARRAY_SIZE(pw->power_slots); i++)
		for (j = 0; j < ARRAY_SIZE(pw->power_slots[i]); j++)
			pw->power_slots[i][j] = cpu_to_le16(G16_POWER_SLOT_INIT);

	pw->gap_21f0 = f32(c, F32_65536);
	pw->boost_min_duty_f = f32(c, sf_from_u32(t->pwr_min_duty_cycle));
	pw->boost_max_pstate_f = f32(c, sf_from_u32(PSTATE_MAX));
	pw->max_freq_mhz = cpu_to_le32(c->plat->freq_a[AGX4_NUM_PSTATES - 1]);
	pw->boost_min_duty = cpu_to_le32(t->pwr_min_duty_cycle);
	pw->boost_min_pstate_f = f32(c, F32_100);
	pw->boost_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->boost_filter_a = boost.a;
	pw->boost_filter_i = boost.i;
}

/* The fast die-0 thermal loop. */
static void fill_die(struct calc *c)
{
	const struct agx4_g16_tunables *t = c->t;
	struct g16_power *pw = c->pw;
	/* FDT = (f32(PC) / 24000.0) / 1000.0: the unrounded period, s. */
	u32 fdt = sf_div(sf_div(sf_from_u32(c->pc), F32_24000), F32_1000);

	pw->die_sensor_mask = cpu_to_le64(G16_DIE_SENSORS);
	pw->die_release_cc = cpu_to_le32(centi(c, t->fast_die0_release_temp));
	pw->gap_2278 = cpu_to_le32(G16_DIE_2278);
	pw->gap_2284 = f32(c, F32_ZERO);
	pw->gap_228c = f32(c, F32_1);
	pw->die_ki_dt = f32(c, sf_mul(t->fast_die0_integral_gain, fdt));
	pw->gap_229c = f32(c, F32_ZERO);
	pw->gap_22a0 = f32(c, F32_65536);
	pw->die_kp = f32(c, t->fast_die0_proportional_gain);
	pw->gap_22ac = f32(c, F32_ZERO);
	pw->die_min_duty = cpu_to_le32(t->pwr_min_duty_cycle);
	pw->die_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->die_max_pstate2 = cpu_to_le32(PSTATE_MAX);
	pw->die_tgt_delta_cc =
		cpu_to_le32(centi(c, t->fast_die0_prop_tgt_delta));
	pw->gap_22c4 = cpu_to_le32(G16_DIE_22C4);
	pw->die_max_pstate3 = cpu_to_le32(PSTATE_MAX);
}

/* The turbo controller, by mode (GAP: what the modes mean). */
static void fill_turbo(struct calc *c)
{
	static const struct {
		u32 kp, ki, target, delta, thresh;
	} modes[] = {
		{ 0x43960000 /* 300.0 */, 0x3fa66666 /* 1.3 */, 9600, 300, 0 },
		{ 0x437a0000 /* 250.0 */, 0x3f933333 /* 1.15 */, 0, 0, 700 },
		{ 0x437a0000, 0x3f933333, 10150, 0, 700 },
	};
	const struct agx4_g16_tunables *t = c->t;
	struct g16_power *pw = c->pw;
	struct filter f = filter(c, 200);
	u32 mode = t->has_turbo_controller_input ?
		   t->turbo_controller_input : TURBO_DEFAULT_MODE;
	unsigned int m = min_t(u32, mode, ARRAY_SIZE(modes) - 1);

	pw->turbo_present = t->has_turbo_controller_input ? 1 : 0;
	pw->turbo_mode1 = mode == 1;
	pw->turbo_filter_a = f.a;
	pw->turbo_filter_i = f.i;
	pw->turbo_ki = f32(c, modes[m].ki);
	pw->gap_2742 = f32(c, F32_ZERO);
	pw->gap_2746 = f32(c, F32_65536);
	pw->turbo_kp = f32(c, modes[m].kp);
	pw->gap_2752 = f32(c, F32_M100_65536);
	pw->gap_2756 = cpu_to_le32(G16_TURBO_2756);
	pw->gap_275a = cpu_to_le32(G16_TURBO_1000);
	pw->gap_275e = cpu_to_le32(G16_TURBO_1000);
	pw->gap_2766 = f32(c, F32_3000);
	pw->turbo_target = cpu_to_le32(modes[m].target);
	pw->turbo_delta = cpu_to_le32(modes[m].delta);
	pw->gap_279e = cpu_to_le32(G16_TURBO_1000);
	pw->gap_27ba = cpu_to_le32(G16_TURBO_27BA);
	pw->turbo_thresh = cpu_to_le32(modes[m].thresh);
	pw->gap_27d6 = f32(c, F32_64);
	pw->gap_27da = f32(c, F32_65536);
}

/* The maximum-power mirrors and the average-power loop. */
static void fill_avg(struct calc *c)
{
	const struct agx4_g16_tunables *t = c->t;
	struct g16_power *pw = c->pw;
	struct filter tf = timed_filter(c, t->avg_power_target_filter_tc);
	struct filter f;
	unsigned int i;
	u32 m, ki;

	/*
	 * The filter's length in samples: the time constant in ms / P, or
	 * else the one in samples, or else 248 ms / P.
	 */
	if (t->has_avg_power_filter_tc_ms)
		m = t->avg_power_filter_tc_ms / c->p;
	else if (t->has_avg_power_input_filter_tc)
		m = t->avg_power_input_filter_tc;
	else
		m = AVG_FILTER_MS / c->p;
	f = timed_filter(c, m);

	/* ki-only is per second, ki per sample; else 16.875 per second. */
	if (t->has_avg_power_ki_only)
		ki = sf_mul(t->avg_power_ki_only, c->dt);
	else if (t->has_avg_power_ki)
		ki = t->avg_power_ki;
	else
		ki = sf_mul(F32_AVG_KI, c->dt);

	pw->max_pstate_2870 = cpu_to_le32(PSTATE_MAX);
	for (i = 0; i < ARRAY_SIZE(pw->max_power_28c8); i++)
		pw->max_power_28c8[i] = cpu_to_le32(c->maxp);
	pw->avg_tgt_filter_a = tf.a;
	pw->avg_tgt_filter_i = tf.i;
	pw->avg_tgt_tc_x4 = cpu_to_le32(tf.x4);
	pw->avg_tgt_tc_ms = cpu_to_le32(tf.ms);
	pw->avg_tgt_tc_clks = cpu_to_le64(tf.clks);
	pw->avg_tc_x4 = cpu_to_le32(f.x4);
	pw->avg_filter_a = f.a;
	pw->avg_filter_i = f.i;
	pw->avg_ki_dt = f32(c, ki);
	pw->gap_29e0 = f32(c, F32_ZERO);
	pw->gap_29e4 = f32(c, F32_65536);
	pw->avg_kp = f32(c, t->avg_power_kp);
	pw->gap_29f0 = f32(c, F32_ZERO);
	pw->avg_min_duty = cpu_to_le32(t->avg_power_min_duty_cycle);
	pw->avg_max_pstate[0] = cpu_to_le32(PSTATE_MAX);
	pw->avg_max_pstate[1] = cpu_to_le32(PSTATE_MAX);
	pw->avg_max_power_f = f32(c, c->maxf);
	pw->avg_max_power = cpu_to_le32(c->maxp);
	pw->avg_tc_ms = cpu_to_le32(t->has_avg_power_filter_tc_ms ?
				    t->avg_power_filter_tc_ms : f.ms);
	pw->avg_tc_clks = cpu_to_le64(f.clks);
	pw->avg_max_pstate2 = cpu_to_le32(PSTATE_MAX);
}

/* The SE loop, and the unnamed loop after it (GAP: both meanings). */
static void fill_se(struct calc *c)
{
	const struct agx4_g16_tunables *t = c->t;
	struct g16_power *pw = c->pw;
	struct filter f[2] = {
		timed_filter(c, t->se_filter_time_constant),
		timed_filter(c, t->se_filter_time_constant_1),
	};
	struct filter loop = filter(c, G16_LOOP_FILTER);
	u32 us = umul(c, c->p, 1000);
	unsigned int i;

	pw->gap_2b4c = cpu_to_le32(G16_SE_2B4C);
	pw->gap_2b50 = cpu_to_le32(G16_SE_2B50);
	for (i = 0; i < 2; i++) {
		pw->se_filter_a[i] = f[i].a;
		pw->se_filter_i[i] = f[i].i;
		pw->se_tc_ms[i] = cpu_to_le32(f[i].ms);
		pw->se_tc_clks[i] = cpu_to_le64(f[i].clks);
	}
	pw->se_ki_dt[0] = per_sample(c, t->se_ki);
	pw->se_ki_dt[1] = per_sample(c, t->se_ki_1);
	pw->gap_2b70 = f32(c, F32_ZERO);
	pw->gap_2b74 = f32(c, F32_65536);
	pw->se_kp[0] = f32(c, t->se_kp);
	pw->se_kp[1] = f32(c, t->se_kp_1);
	pw->gap_2b84 = cpu_to_le32(G16_SE_2B84);
	pw->se_max_pstate = cpu_to_le32(PSTATE_MAX);
	pw->se_base = cpu_to_le32(c->bs);
	pw->se_period_us_f = f32(c, sf_from_u32(us));
	pw->gap_2b98 = cpu_to_le32(G16_SE_2B98);
	pw->gap_2bc0 = f32(c, F32_65536);
	pw->se_period_us = cpu_to_le32(us);
	pw->se_33ms = cpu_to_le32((G16_SE_33MS + c->p / 2) / c->p);
	pw->se_inactive_threshold = cpu_to_le32(t->se_inactive_threshold);
	pw->se_engagement_criteria = cpu_to_le32(t->se_engagement_criteria);
	pw->se_engagement_tolerance = cpu_to_le32(t->se_engagement_tolerance);
	pw->se_reset_tolerance = cpu_to_le32(t->se_reset_tolerance);
	pw->se_reset_criteria = cpu_to_le32(t->se_reset_criteria);
	pw->gap_2c30 = f32(c, F32_65536);
	pw->gap_2c34 = f32(c, F32_ZERO);
	pw->se_min_duty = cpu_to_le32(t->pwr_min_duty_cycle);
	pw->se_max_pstate2 = cpu_to_le32(PSTATE_MAX);

	pw->gap_2e2c = cpu_to_le32(G16_LOOP_2E2C);
	pw->gap_2e38 = loop.a;
	pw->gap_2e40 = loop.i;
	pw->gap_2e48 = f32(c, F32_5);
	pw->gap_2e50 = f32(c, F32_ZERO);
	pw->gap_2e54 = f32(c, F32_65536);
	pw->gap_2e58 = f32(c, F32_15);
	pw->gap_2e64 = cpu_to_le32(PSTATE_MAX - PSTATE_MIN);
	pw->gap_2e68[0] = cpu_to_le32(PSTATE_MAX);
	pw->gap_2e68[1] = cpu_to_le32(PSTATE_MAX);
	pw->gap_2e78 = cpu_to_le32(PSTATE_MAX);
	pw->gap_2eac = cpu_to_le32(PSTATE_MAX);
}

/* The words past the loops: pointers, SMC keys, the random word. */
static void fill_tail(struct calc *c, const struct agx4_fw_g16_power_in *in)
{
	struct g16_power *pw = c->pw;

	/* GAP: why support object 1 + 0x80. */
	pw->extra_1 = cpu_to_le64(in->extra_1 + 0x80);
	pw->policy = cpu_to_le64(in->policy);
	/* M: GPU temperature and energy sensors of the SMC. */
	pw->smc_tr = cpu_to_le32(SMC_KEY('g', '0', 'T', 'R'));
	pw->smc_t0 = cpu_to_le32(SMC_KEY('g', '0', 't', '0'));
	pw->smc_t1 = cpu_to_le32(SMC_KEY('g', '0', 't', '1'));
	pw->smc_eb = cpu_to_le32(SMC_KEY('g', '0', 'E', 'B'));
	pw->smc_el = cpu_to_le32(SMC_KEY('g', '0', 'E', 'L'));
	pw->random = cpu_to_le32(in->random);
}

/**
 * agx4_fw_g16_build_power() - build the bundle's power-controller block
 * @plat: the device tree: sample period, maximum power, the highest
 *	frequency and the power tunables.
 * @in: what the block points at, and this boot's random word.
 * @bundle: the bundle.
 * @size: its size; the block ends at +0xb758.
 *
 * Writes bundle+0x5380..0xb757 whole (what the block does not set is
 * zero) and nothing else.
 *
 * Return: 0, -EINVAL for a bundle too small or inputs out of range (a
 * sample period under 1 ms, no maximum power, a tunable outside its range
 * or a computed value that is not finite or does not fit), -ENOMEM; on
 * error the bundle is not written.
 */
int agx4_fw_g16_build_power(const struct agx4_platform *plat,
			    const struct agx4_fw_g16_power_in *in,
			    void *bundle, size_t size)
{
	struct calc c = {
		.plat = plat,
		.t = &plat->pwr,
		.pc = plat->sample_period_clks,
		.p = plat->sample_period_clks / CLKS_PER_MS,
		.maxp = plat->max_power_mw,
		.bs = plat->pwr.perf_base_pstate * 100,
	};
	int ret;

	if (size < G16_POWER + sizeof(*c.pw) || !inputs_valid(plat))
		return -EINVAL;
	c.pw = kvzalloc(sizeof(*c.pw), GFP_KERNEL);
	if (!c.pw)
		return -ENOMEM;
	c.maxf = sf_from_u32(c.maxp);
	/* DT = f32(P) / 1000.0. */
	c.dt = sf_div(sf_from_u32(c.p), F32_1000);

	fill_header(&c);
	fill_power(&c);
	fill_perf(&c);
	fill_die(&c);
	fill_turbo(&c);
	fill_avg(&c);
	fill_se(&c);
	fill_tail(&c, in);

	ret = c.err;
	if (!ret)
		memcpy(bundle + G16_POWER, c.pw, sizeof(*c.pw));
	kvfree(c.pw);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_power);
