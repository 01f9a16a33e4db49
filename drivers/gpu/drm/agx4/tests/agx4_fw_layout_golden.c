// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Helpers shared by the agx4_fw_layout_* suites: see agx4_fw_layout_golden.h.
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_fw.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g16_boot.h"
#include "../agx4_fw_g16_init.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_g17p_init.h"
#include "../agx4_fw_g17p_work.h"
#include "../agx4_fw_work.h"
#include "agx4_fw_layout_golden.h"

const struct agx4_layout_case agx4_layout_cases[AGX4_LAYOUT_NUM_GENS] = {
	{
		.gen = &agx4_fw_g16,
		.idx = 0,
		.ring_base = 0xba40,
		.version = { 0x04b8, 0x8392, 0xc357, 0x0c89 },
		.queue_size = 0xb0,
		.build_channels = agx4_fw_g16_build_channels,
		.build_main_config = agx4_fw_g16_build_main_config,
		.build_queue = agx4_fw_g16_build_queue,
		.build_hwdata = agx4_fw_g16_build_hwdata,
		.build_region_c = agx4_fw_g16_build_region_c,
		.build_render = agx4_fw_g16_build_render,
		.build_compute = agx4_fw_g16_build_compute,
	},
	{
		.gen = &agx4_fw_g17p,
		.idx = 1,
		.ring_base = 0xc5c0,
		.version = { 0x04c0, 0x0396, 0xa322, 0x0c8a },
		.queue_size = 0xc0,
		.build_channels = agx4_fw_g17p_build_channels,
		.build_main_config = agx4_fw_g17p_build_main_config,
		.build_queue = agx4_fw_g17p_build_queue,
		.build_hwdata = agx4_fw_g17p_build_hwdata,
		.build_region_c = agx4_fw_g17p_build_region_c,
		.build_render = agx4_fw_g17p_build_render,
		.build_compute = agx4_fw_g17p_build_compute,
	},
};

unsigned int agx4_layout_checked[AGX4_LAYOUT_NUM_GENS];

static void case_desc(const struct agx4_layout_case *c, char *desc)
{
	strscpy(desc, c->gen->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(gen, agx4_layout_cases, case_desc);

const void *agx4_layout_gen_params(const void *prev, char *desc)
{
	return gen_gen_params(prev, desc);
}

int agx4_layout_suite_init(struct kunit_suite *suite)
{
	memset(agx4_layout_checked, 0, sizeof(agx4_layout_checked));
	return 0;
}

void agx4_layout_suite_exit(struct kunit_suite *suite)
{
	unsigned int i;

	for (i = 0; i < AGX4_LAYOUT_NUM_GENS; i++)
		if (agx4_layout_checked[i])
			kunit_log(KERN_INFO, suite,
				  "agx4-layout: %s %s expected values checked = %u\n",
				  suite->name, agx4_layout_cases[i].gen->name,
				  agx4_layout_checked[i]);
}

unsigned int agx4_golden_expect(struct kunit *test, const u8 *buf, u32 size,
				const struct agx4_golden *g, unsigned int n,
				const char *what)
{
	u8 *mask = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int i;
	u32 b;

	KUNIT_ASSERT_NOT_NULL(test, mask);
	for (i = 0; i < n; i++) {
		u8 v[8] = { };

		KUNIT_ASSERT_LE(test, g[i].off + g[i].width, size);
		memcpy(v, buf + g[i].off, g[i].width);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le64(v), g[i].value,
				    "%s +%#x", what, g[i].off);
		memset(mask + g[i].off, 1, g[i].width);
	}
	for (b = 0; b < size; b++)
		if (!mask[b])
			KUNIT_EXPECT_EQ_MSG(test, buf[b], 0, "%s +%#x", what, b);
	return n;
}

void agx4_golden_init(struct kunit *test, struct agx4_golden_list *l,
		      unsigned int cap)
{
	l->g = kunit_kcalloc(test, cap, sizeof(*l->g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, l->g);
	l->n = 0;
	l->cap = cap;
}

void agx4_golden_put(struct agx4_golden_list *l, u32 off, u8 width,
		     u64 value)
{
	if (!WARN_ON(l->n >= l->cap))
		l->g[l->n++] = (struct agx4_golden){ off, width, value };
}

/* A register program at @base: 12-byte records {u32 reg, u64 value}. */
void agx4_golden_regs(struct agx4_golden_list *l, u32 base,
		      const struct agx4_golden_reg *r, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		agx4_golden_put(l, base + 12 * i, 4, r[i].reg);
		agx4_golden_put(l, base + 12 * i + 4, 8, r[i].value);
	}
}

/* A timestamp command at @off of a microsequence. */
void agx4_golden_ts(struct agx4_golden_list *l, u32 off, u32 opcode,
		    u64 base, u64 start, u64 slot, u64 queue, u64 user,
		    u64 st, u64 st2, u32 uuid)
{
	agx4_golden_put(l, off, 4, opcode);
	agx4_golden_put(l, off + 0x04, 8, base);
	agx4_golden_put(l, off + 0x0c, 8, start);
	agx4_golden_put(l, off + 0x14, 8, slot);
	agx4_golden_put(l, off + 0x1c, 8, queue);
	agx4_golden_put(l, off + 0x24, 8, user);
	agx4_golden_put(l, off + 0x2c, 8, st);
	agx4_golden_put(l, off + 0x34, 8, st2);
	agx4_golden_put(l, off + 0x44, 4, uuid);
}

void agx4_golden_render_inputs(struct agx4_render_desc *d,
			       struct agx4_fw_render_in *in)
{
	struct drm_asahi_cmd_render *c = &d->cmd;

	memset(d, 0, sizeof(*d));
	memset(in, 0, sizeof(*in));
	c->flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
	c->isp_zls_pixels = 0x257031f;
	c->vdm_ctrl_stream_base = R_VDM;
	c->isp_scissor_base = 0x1100000000ull;
	c->isp_dbias_base = 0x1100004000ull;
	c->isp_oclqry_base = 0x1100008000ull;
	c->depth = (struct drm_asahi_zls_buffer){ 0x1200000000ull,
						  0x1200100000ull, 0x1000,
						  0x100 };
	c->stencil = (struct drm_asahi_zls_buffer){ 0x1300000000ull,
						    0x1300100000ull, 0x2000,
						    0x200 };
	c->zls_ctrl = 0x1234;
	c->ppp_multisamplectl = 0x88;
	c->sampler_heap = 0x1400000000ull;
	c->sampler_count = 3;
	c->ppp_ctrl = 0x202;
	c->width_px = 800;
	c->height_px = 600;
	c->layers = 1;
	c->utile_width_px = 32;
	c->utile_height_px = 32;
	c->samples = 1;
	c->sample_size_B = 8;
	c->isp_merge_upper_x = 0x3b0dbd2a;
	c->isp_merge_upper_y = 0x3b3cfc8e;
	c->bg = (struct drm_asahi_bg_eot){ 0x1000, 0x21 };
	c->eot = (struct drm_asahi_bg_eot){ 0x2000, 0x22 };
	c->partial_bg = (struct drm_asahi_bg_eot){ 0x3000, 0x23 };
	c->partial_eot = (struct drm_asahi_bg_eot){ 0x4000, 0x24 };
	c->isp_bgobjdepth = 0x3f800000;
	c->isp_bgobjvals = 0x1ab;
	d->ts_vtx = (struct agx4_ts_dests){ R_TS, R_TS + 8 };
	d->ts_frag = (struct agx4_ts_dests){ R_TS + 0x10, R_TS + 0x18 };

	in->ta = (struct agx4_fw_stage_in){
		.work = R_TA_WORK, .microseq = R_TA_MS,
		.work_alias = R_TA_ALIAS, .queue = R_TA_Q,
		.stats = R_TA_STATS, .status = R_TA_STATUS,
		.driver_stamp = R_TA_DSTAMP, .fw_stamp = R_TA_FSTAMP,
		.stamp = 0xd00, .event = 0x22, .uuid = 0x900a6bb,
		.counter = 3, .lifecycle = R_LIFE_TA, .work_stamp = 0x901,
		.gate = 0xfe00400020ull, .admission = 7,
		.shared_tail = R_TA_TAIL,
		.prof = { R_PROF, R_PROF + 8 },
	};
	in->frag = (struct agx4_fw_stage_in){
		.work = R_FR_WORK, .microseq = R_FR_MS,
		.work_alias = R_FR_ALIAS, .queue = R_FR_Q,
		.stats = R_FR_STATS, .status = R_FR_STATUS,
		.driver_stamp = R_FR_DSTAMP, .fw_stamp = R_FR_FSTAMP,
		.stamp = 0x200, .event = 0x23, .uuid = 0x900a6ba,
		.counter = 2, .lifecycle = R_LIFE_FR, .work_stamp = 0x901,
		.gate = 0x14600400020ull, .admission = 8,
		.shared_tail = R_FR_TAIL,
		.prof = { R_PROF + 0x10, R_PROF + 0x18 },
	};
	in->context_id = 9;
	in->context_base = R_CTX;
	in->event_control = R_EVCTL;
	in->bm_slot = 7;
	in->bm = R_BM;
	in->scene = R_SCENE;
	in->empty_buffer = R_EMPTY;
	in->tilemap = R_TILEMAP;
	in->tpc = R_TPC;
	in->heapmeta = R_HEAPMETA;
	in->deflake[0] = R_DEFL1;
	in->deflake[1] = R_DEFL2;
	in->deflake[2] = R_DEFL3;
	in->cycle = 0x240030;
	in->record_index = 0x80005;
	in->completion = 0x10000;
	in->support = R_SUPPORT;
	in->aux_fb = R_AUX;
	in->aux_fb_flags = 0xc001;
	in->aux_fb_pages = 0x100000;
	in->request_growth = true;
	in->tvb_blocks = 11;
}

void agx4_golden_make_bufs(struct kunit *test,
			   const struct agx4_fw_item *objs,
			   unsigned int nobjs, struct agx4_fw_buf *bufs,
			   unsigned int n)
{
	unsigned int i;

	KUNIT_ASSERT_EQ(test, nobjs, n);
	for (i = 0; i < n; i++) {
		/* One byte more than needed, to see nothing is written past. */
		bufs[i].size = objs[i].size;
		bufs[i].ptr = kunit_kmalloc(test, bufs[i].size + 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, bufs[i].ptr);
		memset(bufs[i].ptr, 0xa5, bufs[i].size + 1);
	}
}

/* Nothing written: every byte still the fill of agx4_golden_make_bufs(). */
bool agx4_golden_untouched(const struct agx4_fw_buf *bufs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (memchr_inv(bufs[i].ptr, 0xa5, bufs[i].size + 1))
			return false;
	return true;
}

void agx4_golden_compute_inputs(struct agx4_compute_desc *d,
				struct agx4_fw_compute_in *in)
{
	memset(d, 0, sizeof(*d));
	memset(in, 0, sizeof(*in));
	d->cmd.cdm_ctrl_stream_base = C_CDM;
	d->cmd.cdm_ctrl_stream_end = C_CDM + 0x1000;
	d->ts = (struct agx4_ts_dests){ R_TS + 0x20, R_TS + 0x28 };
	in->st = (struct agx4_fw_stage_in){
		.work = C_WORK, .microseq = C_MS, .work_alias = C_ALIAS,
		.queue = C_Q, .stats = C_STATS,
		.driver_stamp = C_WORK + 0x1600, .fw_stamp = C_WORK + 0x1680,
		.stamp = 0x200, .event = 4, .counter = 2,
		.prof = { C_WORK + 0x1700, C_WORK + 0x1708 },
	};
	in->context_id = 1;
	in->notifier = C_WORK + 0x1400;
	in->resource = C_RES;
	in->cdm_entry = C_ENTRY;
	in->identity = (1ull << 32) + 2;
	in->reg_identity = (1ull << 32) + 1;
	in->ordinal = 5;
	in->event_generation = 2;
	in->support = C_SUPPORT;
	in->scratch = C_SCRATCH;
	in->marker = C_MARKER;
	in->user_ts = C_WORK + 0x17c0;
}

void agx4_golden_g17p_render_inputs(struct agx4_render_desc *d,
				    struct agx4_fw_render_in *in)
{
	agx4_golden_render_inputs(d, in);
	d->cmd.ppp_multisamplectl = 0x99;
	in->bm_slot = 1;
	in->ta.admission = 1;
	in->frag.admission = 1;
	in->pool_objs[0] = P_POOL_A;
	in->pool_objs[1] = P_SHARED_A;
	in->pool_objs[2] = P_POOL_B;
	in->pool_objs[3] = P_SHARED_B;
	in->work_value = 4;
	in->ta.grid = 0;
	in->ta.item = 2;
	in->ta.index = 1;
	in->ta.dispatch[0] = P_TA_D0;
	in->ta.dispatch[1] = P_TA_D1;
	in->ta.status_rec = P_TA_STATUS;
	in->ta.ev_group = 0x12;
	in->ta.ev_counter = 0x34;
	in->ta.prof = (struct agx4_ts_dests){ P_STAMP_A, P_STAMP_A + 8 };
	in->frag.grid = 1;
	in->frag.item = 2;
	in->frag.index = 1;
	in->frag.dispatch[0] = P_FR_D0;
	in->frag.dispatch[1] = P_FR_D1;
	in->frag.status_rec = P_FR_STATUS;
	in->frag.ev_group = 0x12;
	in->frag.ev_counter = 0x35;
	in->frag.prof = (struct agx4_ts_dests){ P_STAMP_A, P_STAMP_A + 8 };
}

void agx4_golden_g17p_compute_inputs(struct agx4_compute_desc *d,
				     struct agx4_fw_compute_in *in)
{
	agx4_golden_compute_inputs(d, in);
	d->ts = (struct agx4_ts_dests){ };
	in->cdm_entry = 0;
	in->st.grid = 4;
	in->st.dispatch[0] = Q_D0;
	in->st.dispatch[1] = Q_D1;
	in->st.ev_group = 0x20;
	in->st.ev_counter = 7;
	in->st.prof = (struct agx4_ts_dests){ P_STAMP_A, P_STAMP_A + 8 };
	in->sched = Q_SCHED;
	in->status[0] = Q_S0;
	in->status[1] = Q_S0 + 8;
	in->shared_control = Q_SC;
	in->zero_page = Q_ZP;
	in->support_control = 0x1234;
	in->support_flags = 0x5678;
	in->queue_submission = 3;
	in->queue_ordinal = 6;
	in->submission_index = 7;
	in->gate = 0xabc;
	in->robustness = 0x100;
	in->operand_state = Q_OS;
	in->usc_base = 1ull << 40;	/* what Mesa passes, and G17P takes */
}
