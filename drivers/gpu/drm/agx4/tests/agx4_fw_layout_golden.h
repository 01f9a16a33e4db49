/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Shared by the agx4_fw_layout_* suites: the generations they run over,
 * byte images of expected values, and the fixed builder inputs the golden
 * images are written for.  Nothing here reads the driver's layout
 * declarations or tables.
 */
#ifndef AGX4_FW_LAYOUT_GOLDEN_H
#define AGX4_FW_LAYOUT_GOLDEN_H

#include <linux/types.h>

struct agx4_compute_desc;
struct agx4_fw_buf;
struct agx4_fw_chan_in;
struct agx4_fw_compute_in;
struct agx4_fw_gen;
struct agx4_fw_hwdata_in;
struct agx4_fw_item;
struct agx4_fw_mc_in;
struct agx4_fw_queue_in;
struct agx4_fw_render_in;
struct agx4_platform;
struct agx4_render_desc;
struct kunit;
struct kunit_suite;

/**
 * struct agx4_layout_case - one generation, as the layout suites see it
 * @gen: the generation's descriptor.
 * @idx: index into agx4_layout_cases and agx4_layout_checked.
 * @ring_base: offset of the work rings in the channel bundle.
 * @version: the root's four version words.
 * @queue_size: size of a queue record.
 * @build_channels: the generation's channel-table builder.
 * @build_main_config: its main-config builder.
 * @build_queue: its queue-record builder.
 * @build_hwdata: its hwdata builder.
 * @build_region_c: its region C builder.
 * @build_render: its render work builder.
 * @build_compute: its compute work builder.
 *
 * The builders are each generation's own functions, which its code calls
 * directly; the table lets one check run on both.
 */
struct agx4_layout_case {
	const struct agx4_fw_gen *gen;
	unsigned int idx;
	u32 ring_base;
	u16 version[4];
	u32 queue_size;
	int (*build_channels)(const struct agx4_fw_chan_in *in, void *buf,
			      size_t size);
	int (*build_main_config)(const struct agx4_fw_gen *gen,
				 const struct agx4_fw_mc_in *in, void *buf,
				 size_t size);
	int (*build_queue)(const struct agx4_fw_queue_in *in, void *buf,
			   size_t size);
	int (*build_hwdata)(const struct agx4_fw_gen *gen,
			    const struct agx4_platform *p,
			    const struct agx4_fw_hwdata_in *in, void *buf,
			    size_t size);
	int (*build_region_c)(const struct agx4_platform *p, void *buf,
			      size_t size);
	int (*build_render)(const struct agx4_render_desc *d,
			    const struct agx4_fw_render_in *in,
			    const struct agx4_fw_buf *bufs);
	int (*build_compute)(const struct agx4_compute_desc *d,
			     const struct agx4_fw_compute_in *in,
			     const struct agx4_fw_buf *bufs);
};

#define AGX4_LAYOUT_NUM_GENS 2

extern const struct agx4_layout_case agx4_layout_cases[AGX4_LAYOUT_NUM_GENS];
/* Expected values checked per generation, reset and printed per suite. */
extern unsigned int agx4_layout_checked[AGX4_LAYOUT_NUM_GENS];

const void *agx4_layout_gen_params(const void *prev, char *desc);
int agx4_layout_suite_init(struct kunit_suite *suite);
void agx4_layout_suite_exit(struct kunit_suite *suite);

/* A byte image: these values at these offsets, every other byte zero. */
struct agx4_golden {
	u32 off;
	u8 width;
	u64 value;
};

/* A growing list of expected values. */
struct agx4_golden_list {
	struct agx4_golden *g;
	unsigned int n;
	unsigned int cap;
};

struct agx4_golden_reg {
	u32 reg;
	u64 value;
};

#define RA	0xfffffc2000108000ull	/* region A */
#define MC	0xfffffc20c04f5a40ull	/* main config */
#define RC	0xfffffc20000f8000ull	/* region C */
#define SA	0xfffffc200003f180ull	/* status A */
#define SB	0xfffffc2000030000ull	/* status B */
#define X0	0xfffffc200003eb00ull
#define X1	0xfffffc20000f3440ull

/*
 * One render, fixed: 800x600, one layer, 32x32 tiles, one sample, 8 bytes
 * a sample.  Hence: tiles 25x19, macrotile blocks mx = my = 8, size1 80,
 * size2 64, size3 128, x/y blocks 0x202018, screen 0x12018, pixels
 * 0x257031f, macro size 0x80008, 4 tile-buffer blocks, utile config
 * 0xa000, tile config 0x10280 (empty tiles processed).
 */
#define R_CTX		0x1000000000ull
#define R_TILEMAP	0x1001000000ull
#define R_TPC		0x1001028000ull
#define R_HEAPMETA	0x10035d0000ull
#define R_DEFL1		0x100102c2a0ull
#define R_DEFL2		0x100102c020ull
#define R_DEFL3		0x100102c000ull
#define R_VDM		0x1004000000ull
#define R_TA_WORK	0xfffffc2200100000ull
#define R_TA_MS		0xfffffc2200104000ull
#define R_FR_WORK	0xfffffc2200108000ull
#define R_FR_MS		0xfffffc220010c000ull
#define R_TA_ALIAS	0x7200100000ull
#define R_FR_ALIAS	0x7200108000ull
#define R_TA_Q		0xfffffc2200200000ull
#define R_FR_Q		0xfffffc2200204000ull
#define R_TA_STATS	0xfffffc20c04da684ull
#define R_FR_STATS	0xfffffc20c04db2c8ull
#define R_TA_STATUS	0x1000078000ull
#define R_FR_STATUS	0x10001a8000ull
#define R_TA_DSTAMP	0xfffffc2000118040ull
#define R_FR_DSTAMP	0xfffffc2000118044ull
#define R_TA_FSTAMP	0xfffffc20c0510040ull
#define R_FR_FSTAMP	0xfffffc20c0510044ull
#define R_TA_TAIL	0xfffffc2000300000ull
#define R_FR_TAIL	0xfffffc2000358000ull
#define R_EVCTL		0xfffffc20c0588100ull
#define R_BM		0xfffffc20c0678000ull
#define R_SCENE		0xfffffc20c0600080ull
#define R_EMPTY		0xfffffc20c0602800ull
#define R_SUPPORT	0xfffffc20c05b8000ull
#define R_AUX		0x1000038000ull
#define R_TS		0xfffffc2181400000ull
#define R_PROF		0xfffffc2000034fd8ull
#define R_LIFE_TA	0x1234567800000001ull
#define R_LIFE_FR	0x1234567900000002ull

#define C_WORK		0xfffffc2200300000ull
#define C_MS		(C_WORK + 0x1000)
#define C_ALIAS		0x7100300000ull
#define C_Q		0xfffffc20c5000000ull
#define C_STATS		0xfffffc20c5008000ull
#define C_RES		0x1000c64000ull
#define C_ENTRY		0x7100301a00ull
#define C_SUPPORT	0xfffffc20c05e8000ull
#define C_SCRATCH	0x70030e0000ull
#define C_MARKER	0x1000c60000ull
#define C_CDM		0x1500000000ull

/* What G17P takes beyond agx4_golden_render_inputs(). */
#define P_POOL_A	0xfffffc20c07c8300ull
#define P_SHARED_A	0xfffffc20c07d0000ull
#define P_POOL_B	0xfffffc20c07d8280ull
#define P_SHARED_B	0xfffffc20c07e0000ull
#define P_TA_D0		0xfffffc20001c8000ull
#define P_TA_D1		0xfffffc20c07c0000ull
#define P_FR_D0		0xfffffc20001c8004ull
#define P_FR_D1		0xfffffc20c07c0004ull
#define P_TA_STATUS	0xfffffc2001610040ull
#define P_FR_STATUS	0xfffffc2001630040ull
#define P_STAMP_A	0xfffffc2000024c68ull

#define Q_SCHED		0xfffffc20c0840000ull
#define Q_D0		0xfffffc20001c8010ull
#define Q_D1		0xfffffc20c07c0010ull
#define Q_S0		0xfffffc2001640000ull
#define Q_SC		0xfffffc20c0848000ull
#define Q_ZP		0xfffffc2000400000ull
#define Q_OS		0x7000400000ull

unsigned int agx4_golden_expect(struct kunit *test, const u8 *buf, u32 size,
				const struct agx4_golden *g, unsigned int n,
				const char *what);
void agx4_golden_init(struct kunit *test, struct agx4_golden_list *l,
		      unsigned int cap);
void agx4_golden_put(struct agx4_golden_list *l, u32 off, u8 width,
		     u64 value);
void agx4_golden_regs(struct agx4_golden_list *l, u32 base,
		      const struct agx4_golden_reg *r, unsigned int n);
void agx4_golden_ts(struct agx4_golden_list *l, u32 off, u32 opcode,
		    u64 base, u64 start, u64 slot, u64 queue, u64 user,
		    u64 st, u64 st2, u32 uuid);

/* Output buffers for @objs, filled with 0xa5 one byte past their size. */
void agx4_golden_make_bufs(struct kunit *test,
			   const struct agx4_fw_item *objs,
			   unsigned int nobjs, struct agx4_fw_buf *bufs,
			   unsigned int n);
bool agx4_golden_untouched(const struct agx4_fw_buf *bufs, unsigned int n);

void agx4_golden_render_inputs(struct agx4_render_desc *d,
			       struct agx4_fw_render_in *in);
void agx4_golden_g17p_render_inputs(struct agx4_render_desc *d,
				    struct agx4_fw_render_in *in);
void agx4_golden_compute_inputs(struct agx4_compute_desc *d,
				struct agx4_fw_compute_in *in);
void agx4_golden_g17p_compute_inputs(struct agx4_compute_desc *d,
				     struct agx4_fw_compute_in *in);

#endif /* AGX4_FW_LAYOUT_GOLDEN_H */
