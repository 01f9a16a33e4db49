// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 work items: its tail of the render programs both generations share
 * (agx4_fw_work.c) and its compute program (in the reference driver's
 * order), and the builders of the TA, 3D and compute work items, their
 * microsequences and the queue items around them.
 */

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include <asm/byteorder.h>

#include "agx4_fw.h"
#include "agx4_fw_g16_work.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g16.h"
#include "agx4_regs.h"
#include "agx4_regs_g16.h"
#include "agx4_test_hooks.h"

#define CV(r, m)	AGX4_FW_REG_VAL(struct agx4_fw_compute_vals, r, m)
#define K(r, v)		AGX4_FW_REG_CONST(r, v)

/* The 3D program ends with its start flag written twice. */
static const struct agx4_fw_reg_src g16_frag_tail[] = {
	K(AGX4_CR_01731, 1),
};

static_assert(AGX4_FW_TA_REGS == G16_TA_REGS);
static_assert(AGX4_FW_FRAG_REGS + ARRAY_SIZE(g16_frag_tail) == G16_FRAG_REGS);

/* The compute program (24 records). */
static const struct agx4_fw_reg_src g16_compute_prog[G16_COMPUTE_REGS] = {
	CV(AGX4_CR_CDM_RESOURCE, resource),
	CV(AGX4_CR_CDM_START, cdm_start),
	CV(AGX4_CR_CDM_RESOURCE_REGS_0, resource_regs[0]),
	CV(AGX4_CR_CDM_RESOURCE_REGS_1, resource_regs[1]),
	CV(AGX4_CR_CDM_RESOURCE_REGS_2, resource_regs[2]),
	CV(AGX4_CR_CDM_RESOURCE_REGS_3, resource_regs[3]),
	K(AGX4_CR_CDM_CONTROL, AGX4_CR_CDM_CONTROL_VALUE),
	K(AGX4_CR_1A458, G16_CR_1A458_VALUE),
	K(AGX4_CR_101D9, 0x1c),
	K(AGX4_CR_1A089, 0),
	K(AGX4_CR_1A091, 0),
	K(AGX4_CR_1A059, 0),
	K(AGX4_CR_1A061, 0),
	K(AGX4_CR_1A0B9, 0),
	K(AGX4_CR_1A0C1, 0),
	K(AGX4_CR_101D1, 0),
	K(AGX4_CR_0D479, 0),
	K(AGX4_CR_1A0E9, 8),
	K(AGX4_CR_107A1, AGX4_CR_107A1_VALUE),
	K(AGX4_CR_0A599, G16_CR_0A599_VALUE),
	K(AGX4_CR_0D411, AGX4_CR_0D411_VALUE),
	CV(AGX4_CR_CDM_REG_IDENTITY, reg_identity),
	CV(AGX4_CR_CDM_REG_IDENTITY_B, reg_identity),
	CV(AGX4_CR_CDM_REG_IDENTITY_C, reg_identity),
};

#undef CV
#undef K

static __le64 tag_page(u64 addr)
{
	return cpu_to_le64(G16_PAGE_TAG | addr >> G16_PAGE_TAG_SHIFT);
}

static bool page_tag_ok(u64 addr)
{
	return !(addr & (BIT_ULL(G16_PAGE_TAG_SHIFT) - 1));
}

/* The objects of a render, in the order of agx4_fw_g16_render_objs. */
enum {
	G16_R_TA, G16_R_TA_MS, G16_R_FRAG, G16_R_FRAG_MS, G16_R_TA_PRELUDE,
	G16_R_FRAG_PRELUDE, G16_R_NUM
};

/* The objects of a compute job. */
enum { G16_C_WORK, G16_C_MS, G16_C_ENTRY, G16_C_TS, G16_C_NUM };

const struct agx4_fw_item agx4_fw_g16_render_objs[G16_R_NUM] = {
	[G16_R_TA] = { "ta_work", sizeof(struct g16_ta_work) },
	[G16_R_TA_MS] = { "ta_ms", sizeof(struct g16_ta_ms) },
	[G16_R_FRAG] = { "frag_work", sizeof(struct g16_frag_work) },
	[G16_R_FRAG_MS] = { "frag_ms", sizeof(struct g16_frag_ms) },
	[G16_R_TA_PRELUDE] = { "ta_prelude", sizeof(struct g16_ta_prelude) },
	[G16_R_FRAG_PRELUDE] = { "barrier", sizeof(struct g16_barrier) },
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_render_objs);

const struct agx4_fw_item agx4_fw_g16_compute_objs[G16_C_NUM] = {
	[G16_C_WORK] = { "compute_work", sizeof(struct g16_compute_work) },
	[G16_C_MS] = { "compute_ms", sizeof(struct g16_compute_ms) },
	[G16_C_ENTRY] = { "cdm_entry", sizeof(struct g16_cdm_entry) },
	[G16_C_TS] = { "ts_pair", sizeof(struct g16_ts_pair) },
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_compute_objs);

/* The tail both render work items end with; @flags: the stage's. */
static void g16_work_tail(struct g16_work_tail *t,
			  const struct agx4_fw_stage_in *s,
			  const struct agx4_ts_dests *ts,
			  const struct agx4_fw_render_in *in,
			  const struct agx4_fw_render_vals *v, u64 flags)
{
	t->driver_stamp = cpu_to_le64(s->driver_stamp);
	t->fw_stamp = cpu_to_le64(s->fw_stamp);
	t->stamp = cpu_to_le32(s->stamp);
	t->event = cpu_to_le32(s->event);
	t->notify_flush = cpu_to_le32(G16_NOTIFY_FLUSH);
	t->uuid = cpu_to_le32(s->uuid);
	t->layers_m1 = cpu_to_le64(v->layers - 1);
	t->prof_start = cpu_to_le64(s->prof.start);
	t->prof_end = cpu_to_le64(s->prof.end);
	t->ts_start = cpu_to_le64(ts->start);
	t->ts_end = cpu_to_le64(ts->end);
	t->support = tag_page(in->support);
	t->layer_flags = cpu_to_le64(flags | (v->layered ? G16_LAYERED : 0));
	t->shared_tail = tag_page(s->shared_tail);
}

static int g16_ta_work(const struct agx4_render_desc *d,
		       const struct agx4_fw_render_in *in,
		       const struct agx4_fw_render_vals *v,
		       struct g16_ta_work *w)
{
	const struct agx4_fw_stage_in *s = &in->ta;
	int ret;

	memset(w, 0, sizeof(*w));
	ret = agx4_fw_emit_render(false, NULL, 0, v, w->regs,
				  ARRAY_SIZE(w->regs));
	if (ret < 0)
		return ret;
	w->type = cpu_to_le32(G16_WORK_TA);
	w->counter = cpu_to_le64(s->counter);
	w->context = cpu_to_le32(in->context_id);
	w->event_control = cpu_to_le64(in->event_control);
	w->bm_slot = cpu_to_le64(in->bm_slot);
	w->bm = cpu_to_le64(in->bm);
	w->scene = cpu_to_le64(in->scene);
	w->empty_buffer = cpu_to_le64(in->empty_buffer);
	w->regs_alias = AGX4_FW_AT(s->work_alias, struct g16_ta_work,
				   regs);
	w->reg_count = cpu_to_le16(G16_TA_REG_COUNT);
	w->reg_bytes = cpu_to_le16(G16_TA_REG_COUNT * sizeof(w->regs[0]));
	w->tpc = cpu_to_le64(in->tpc);
	w->tpc_size = cpu_to_le64(v->tpc_size);
	w->microseq = cpu_to_le64(s->microseq);
	w->microseq_size = cpu_to_le32(sizeof(struct g16_ta_ms));
	w->fragment_event = cpu_to_le32(in->frag.event);
	w->fragment_stamp = cpu_to_le32(in->frag.stamp);
	w->deflake_1 = cpu_to_le64(v->ta_deflake1);
	w->lifecycle_hi = cpu_to_le64(s->lifecycle >> 32);
	w->gap_848 = cpu_to_le32(U32_MAX);
	agx4_fw_samplers(v, &w->sampler_heap, &w->sampler_count,
			 &w->sampler_max);
	w->request_growth = in->request_growth;
	g16_work_tail(&w->tail, s, &d->ts_vtx, in, v, G16_TA_LAYER_FLAGS);
	return 0;
}

static void g16_ms_ts(struct g16_ms_timestamp *t, u32 opcode, u64 base,
		      u64 start, u64 slot, u64 queue, u64 user, u64 state,
		      u64 state2, u32 uuid)
{
	t->opcode = cpu_to_le32(opcode);
	t->base = cpu_to_le64(base);
	t->start = cpu_to_le64(start);
	t->slot = cpu_to_le64(slot);
	t->queue = cpu_to_le64(queue);
	t->user = cpu_to_le64(user);
	t->state = cpu_to_le64(state);
	t->state2 = cpu_to_le64(state2);
	t->uuid = cpu_to_le32(uuid);
}

/* Where a stage's microsequence finds the user timestamps, 0 for none. */
static u64 user_ts(const struct agx4_ts_dests *ts, u64 pair)
{
	return ts->start || ts->end ? pair : 0;
}

#define TA(m)	((u64)offsetof(struct g16_ta_work, m))

static void g16_ta_ms(const struct agx4_render_desc *d,
		      const struct agx4_fw_render_in *in, struct g16_ta_ms *m)
{
	const struct agx4_fw_stage_in *s = &in->ta;
	struct g16_ms_start_ta *st = &m->start;
	struct g16_ms_end_ta *e = &m->end;
	u64 w = s->work, user = user_ts(&d->ts_vtx, w + TA(tail.ts_start));

	memset(m, 0, sizeof(*m));
	st->opcode = cpu_to_le32(G16_MS_START_TA);
	st->regs = cpu_to_le64(w + TA(regs));
	st->bm = cpu_to_le64(in->bm);
	st->scene = cpu_to_le64(in->scene);
	st->stats = cpu_to_le64(s->stats);
	st->queue = cpu_to_le64(s->queue);
	st->state = cpu_to_le64(w + TA(fw_85c));
	st->context = cpu_to_le32(in->context_id);
	st->counter = cpu_to_le32(s->counter);
	st->bm_slot = cpu_to_le64(in->bm_slot);
	st->state2 = cpu_to_le64(w + TA(fw_784));
	st->state3 = cpu_to_le64(w + TA(tail.fw_30));
	st->uuid = cpu_to_le32(s->uuid);
	st->support = cpu_to_le64(in->support);
	st->status = cpu_to_le64(s->status);
	st->gap_1b8 = cpu_to_le64(1);
	st->event = cpu_to_le32(s->event);
	g16_ms_ts(&m->ts_start, G16_MS_TS_START, w + TA(tail.prof_base),
		  w + TA(tail.prof_start), w + TA(tail.prof_start), s->queue, user,
		  w + TA(tail.fw_b0), w + TA(fw_83c), s->uuid);
	m->ts_one = cpu_to_le32(1);
	g16_ms_ts(&m->ts_end, G16_MS_TS_END, w + TA(tail.prof_base),
		  w + TA(tail.prof_start), w + TA(tail.prof_end), s->queue, user,
		  w + TA(tail.fw_b0), w + TA(fw_83c), s->uuid);
	e->opcode = cpu_to_le32(G16_MS_END_TA);
	e->scene = cpu_to_le64(in->scene);
	e->bm = cpu_to_le64(in->bm);
	e->stats = cpu_to_le64(s->stats);
	e->queue = cpu_to_le64(s->queue);
	e->state = st->state;
	e->context = st->context;
	e->state2 = st->state2;
	e->uuid = st->uuid;
	e->fw_stamp = cpu_to_le64(s->fw_stamp);
	e->stamp = cpu_to_le32(s->stamp);
	m->trailer.jump = AGX4_FW_AT(s->microseq, struct g16_ta_ms,
				     start.support);
	m->trailer.rel = cpu_to_le32(-(s32)offsetof(struct g16_ta_ms, end));
	m->trailer.state = cpu_to_le64(w + TA(tail.fw_a0));
	m->trailer.flags = cpu_to_le32(G16_MS_TA_TRAILER_FLAGS);
	m->trailer.finish = cpu_to_le32(G16_MS_FINISH);
}

#undef TA

static int g16_frag_work(const struct agx4_render_desc *d,
			 const struct agx4_fw_render_in *in,
			 const struct agx4_fw_render_vals *v,
			 struct g16_frag_work *w)
{
	static const u64 consts[] = G16_FRAG_CONSTS;
	const struct agx4_fw_stage_in *s = &in->frag;
	unsigned int i;
	int ret;

	memset(w, 0, sizeof(*w));
	ret = agx4_fw_emit_render(true, g16_frag_tail,
				  ARRAY_SIZE(g16_frag_tail), v, w->regs,
				  ARRAY_SIZE(w->regs));
	if (ret < 0)
		return ret;
	w->type = cpu_to_le32(G16_WORK_FRAG);
	w->counter = cpu_to_le64(s->counter);
	w->context = cpu_to_le32(in->context_id);
	w->microseq = cpu_to_le64(s->microseq);
	w->microseq_size = cpu_to_le32(sizeof(struct g16_frag_ms));
	w->event_control = cpu_to_le64(in->event_control);
	w->bm = cpu_to_le64(in->bm);
	w->scene = cpu_to_le64(in->scene);
	w->empty_buffer = cpu_to_le64(in->empty_buffer);
	w->tilemap = cpu_to_le64(in->tilemap);
	w->msaa = cpu_to_le64(v->msaa);
	w->samples = cpu_to_le32(v->samples);
	w->macro_size = cpu_to_le32(v->macro_size);
	w->merge_x = cpu_to_le32(v->merge_x);
	w->merge_y = cpu_to_le32(v->merge_y);
	w->tiles = cpu_to_le64(v->tiles);
	for (i = 0; i < ARRAY_SIZE(consts); i++)
		w->consts[i] = cpu_to_le64(consts[i]);
	w->regs_alias = AGX4_FW_AT(s->work_alias, struct g16_frag_work,
				   regs);
	w->reg_count = cpu_to_le16(G16_FRAG_REG_COUNT);
	w->reg_bytes = cpu_to_le16(G16_FRAG_REG_COUNT * sizeof(w->regs[0]));
	w->dbias = cpu_to_le64(v->dbias);
	w->scissor = cpu_to_le64(v->scissor);
	w->oclqry = cpu_to_le64(v->oclqry);
	w->load_bind = cpu_to_le64(v->load_bind);
	w->load = cpu_to_le64(v->load);
	w->partial_load_bind = cpu_to_le64(v->partial_load_bind);
	w->partial_load = cpu_to_le64(v->partial_load);
	w->zls_ctrl = cpu_to_le64(v->zls_ctrl);
	w->zls_const = cpu_to_le32(G16_ZLS_CONST);
	agx4_fw_zls_words(w->depth, v->depth, v->depth_stride, v->depth_comp,
			  v->depth_comp_stride);
	agx4_fw_zls_words(w->stencil, v->stencil, v->stencil_stride,
			  v->stencil_comp, v->stencil_comp_stride);
	w->tib = cpu_to_le32(v->tib);
	w->aux_fb_flags = cpu_to_le64(v->aux_fb_flags);
	w->dims = cpu_to_le64(v->dims);
	w->aux_fb_pages = cpu_to_le64(v->aux_fb_pages);
	w->tile_config = cpu_to_le64(v->tile_config);
	w->store_bind = cpu_to_le32(v->store_bind);
	w->store = cpu_to_le64(v->store);
	w->partial_store_bind = cpu_to_le32(v->partial_store_bind);
	w->partial_store = cpu_to_le64(v->partial_store);
	w->depth_clear = cpu_to_le32(v->depth_clear);
	w->stencil_clear = cpu_to_le32((d->cmd.isp_bgobjvals & 0xff) | 0x300);
	w->sample_size = cpu_to_le64(v->sample_size);
	w->zls_pixels = cpu_to_le64(v->zls_pixels);
	w->sync_grow = cpu_to_le32(in->sync_grow);
	w->lifecycle_hi = cpu_to_le64(s->lifecycle >> 32);
	w->gap_b90 = cpu_to_le32(U32_MAX);
	agx4_fw_samplers(v, &w->sampler_heap, &w->sampler_count,
			 &w->sampler_max);
	w->empty_tiles = cpu_to_le32(v->empty_tiles);
	w->gap_ba8 = cpu_to_le32(1);
	w->msaa_on = cpu_to_le32(v->samples > 1);
	g16_work_tail(&w->tail, s, &d->ts_frag, in, v, G16_FRAG_LAYER_FLAGS);
	w->gap_c80 = cpu_to_le64(G16_FRAG_C80);
	return 0;
}

#define FR(m)	((u64)offsetof(struct g16_frag_work, m))

static void g16_frag_ms(const struct agx4_render_desc *d,
			const struct agx4_fw_render_in *in,
			struct g16_frag_ms *m)
{
	const struct agx4_fw_stage_in *s = &in->frag;
	struct g16_ms_start_3d *st = &m->start;
	struct g16_ms_end_3d *e = &m->end;
	u64 w = s->work, user = user_ts(&d->ts_frag, w + FR(tail.ts_start));

	memset(m, 0, sizeof(*m));
	st->opcode = cpu_to_le32(G16_MS_START_3D);
	st->regs = cpu_to_le64(w + FR(regs));
	st->scene = cpu_to_le64(in->scene);
	st->stats = cpu_to_le64(s->stats);
	st->state = cpu_to_le64(w + FR(fw_b70));
	st->scene_state = cpu_to_le64(in->scene + G16_SCENE_FRAG_STATE);
	st->state2 = cpu_to_le64(w + FR(fw_bb0));
	st->state3 = cpu_to_le64(w + FR(fw_bb4));
	st->queue = cpu_to_le64(s->queue);
	st->work = cpu_to_le64(w);
	st->context = cpu_to_le32(in->context_id);
	st->ta_counter = cpu_to_le32(in->ta.counter);
	st->bm_slot = cpu_to_le64(in->bm_slot);
	st->state4 = cpu_to_le64(w + FR(fw_a58));
	st->state5 = cpu_to_le64(w + FR(tail.fw_30));
	st->uuid = cpu_to_le32(s->uuid);
	st->support = cpu_to_le64(in->support);
	st->status = cpu_to_le64(s->status);
	st->event = cpu_to_le32(s->event);
	st->gap_1e4 = cpu_to_le32(1);
	g16_ms_ts(&m->ts_start, G16_MS_TS_START, w + FR(tail.prof_base),
		  w + FR(tail.prof_start), w + FR(tail.prof_start), s->queue, user,
		  w + FR(tail.fw_b0), w + FR(fw_b84), s->uuid);
	m->ts_one = cpu_to_le32(1);
	g16_ms_ts(&m->ts_end, G16_MS_TS_END, w + FR(tail.prof_base),
		  w + FR(tail.prof_start), w + FR(tail.prof_end), s->queue, user,
		  w + FR(tail.fw_b0), w + FR(fw_b84), s->uuid);
	e->opcode = cpu_to_le32(G16_MS_END_3D);
	e->uuid = st->uuid;
	e->fw_stamp = cpu_to_le64(s->fw_stamp);
	e->stamp = cpu_to_le32(s->stamp);
	e->scene = st->scene;
	e->bm = cpu_to_le64(in->bm);
	e->gap_2c = cpu_to_le32(1);
	e->stats = st->stats;
	e->state2 = st->state2;
	e->state3 = st->state3;
	e->state = st->state;
	e->queue = st->queue;
	e->work = st->work;
	e->context = st->context;
	e->state4 = st->state4;
	m->trailer.jump = AGX4_FW_AT(s->microseq, struct g16_frag_ms,
				     start.support);
	m->trailer.rel = cpu_to_le32(-(s32)offsetof(struct g16_frag_ms, end));
	m->trailer.state = cpu_to_le64(w + FR(tail.fw_a0));
	m->trailer.flags = cpu_to_le64(G16_MS_3D_TRAILER_FLAGS);
	m->trailer.finish = cpu_to_le32(G16_MS_FINISH);
}

#undef FR

/* The TVB initialisation pushed before a pool's first TA. */
static void g16_ta_prelude(const struct agx4_fw_render_in *in,
			   struct g16_ta_prelude *p)
{
	memset(p, 0, sizeof(*p));
	p->type = cpu_to_le32(G16_ITEM_TA_PRELUDE);
	p->context = cpu_to_le32(in->context_id);
	p->bm_slot = cpu_to_le32(in->bm_slot);
	p->blocks = cpu_to_le32(in->tvb_blocks);
	p->bm = cpu_to_le64(in->bm);
	p->stamp = cpu_to_le32(in->ta.stamp);
}

/* The barrier before the 3D work: wait for the TA's firmware stamp. */
static void g16_frag_prelude(const struct agx4_fw_render_in *in,
			     struct g16_barrier *b)
{
	memset(b, 0, sizeof(*b));
	b->type = cpu_to_le32(G16_ITEM_BARRIER);
	b->stamp = cpu_to_le64(in->ta.fw_stamp);
	b->stamp2 = b->stamp;
	b->value = cpu_to_le32(in->ta.stamp);
	b->event = cpu_to_le32(in->ta.event);
	b->own_stamp = cpu_to_le32(in->frag.stamp);
	b->uuid = cpu_to_le32(in->frag.uuid);
	b->graph = 0;
}

/*
 * The ISP merge bound of a render whose command leaves it 0: the binary32
 * quotient G16_MERGE_NUMERATOR / @dim, rounded to nearest even as an
 * IEEE division of the two binary32 values is (H: the reference divides
 * f32 0x3fddb3d9, about sqrt(3), by the width or height).  Computed on
 * integers: @dim (1..16384, checked by the caller) is exact in binary32.
 */
AGX4_VISIBLE_IF_TEST u32 agx4_fw_g16_merge_default(u32 dim)
{
	u64 m = (G16_MERGE_NUMERATOR & GENMASK(22, 0)) | BIT(23);
	u64 q, r;
	int s = 0;

	if (!dim)
		return 0;
	/* m / dim scaled by 2^s into [2^23, 2^24). */
	while (((m << s) / dim) < BIT(23))
		s++;
	q = (m << s) / dim;
	r = (m << s) % dim;
	if (2 * r > dim || (2 * r == dim && (q & 1)))
		q++;
	if (q == BIT(24)) {
		q >>= 1;
		s--;
	}
	return (u32)(127 - s) << 23 | (q & GENMASK(22, 0));
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_merge_default);

/**
 * agx4_fw_g16_build_render() - build the work items of a G16 render
 * @d: the validated command.
 * @in: the kernel's placement.
 * @bufs: one buffer per object of agx4_fw_g16_render_objs: TA work item,
 *	TA microsequence, 3D work item, 3D microsequence, TA prelude (which
 *	the caller pushes only before a pool's first render), 3D prelude.
 *
 * Nothing is written unless every input checks out.
 *
 * Return: 0, -EINVAL for a missing or short buffer, inputs the firmware
 * does not take (agx4_fw_render_vals()) or a support or shared-tail page
 * not 256-byte aligned, -ERANGE for a TA address out of range.
 */
int agx4_fw_g16_build_render(const struct agx4_render_desc *d,
			     const struct agx4_fw_render_in *in,
			     const struct agx4_fw_buf *bufs)
{
	struct agx4_fw_render_vals v;
	int ret;

	ret = agx4_fw_bufs_check(agx4_fw_g16_render_objs, G16_R_NUM, bufs);
	if (ret)
		return ret;
	if (!page_tag_ok(in->support) || !page_tag_ok(in->ta.shared_tail) ||
	    !page_tag_ok(in->frag.shared_tail))
		return -EINVAL;
	ret = agx4_fw_render_vals(d, in, &v);
	if (ret)
		return ret;
	/* Where G16's programs differ from G17P's. */
	if (!v.merge_x)
		v.merge_x = agx4_fw_g16_merge_default(d->cmd.width_px);
	if (!v.merge_y)
		v.merge_y = agx4_fw_g16_merge_default(d->cmd.height_px);
	v.ta_msaa2 = G16_TA_MSAA2;
	v.ta_layer_word = v.target_layers_low;
	v.frag_tib = v.tib;
	ret = g16_ta_work(d, in, &v, bufs[G16_R_TA].ptr) ?:
	      g16_frag_work(d, in, &v, bufs[G16_R_FRAG].ptr);
	if (ret)
		return ret;
	g16_ta_ms(d, in, bufs[G16_R_TA_MS].ptr);
	g16_frag_ms(d, in, bufs[G16_R_FRAG_MS].ptr);
	g16_ta_prelude(in, bufs[G16_R_TA_PRELUDE].ptr);
	g16_frag_prelude(in, bufs[G16_R_FRAG_PRELUDE].ptr);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_render);

#define CW(m)	((u64)offsetof(struct g16_compute_work, m))

static void g16_compute_work(const struct agx4_compute_desc *d,
			     const struct agx4_fw_compute_in *in,
			     const struct agx4_fw_compute_vals *v,
			     struct g16_compute_work *w)
{
	const struct agx4_fw_stage_in *s = &in->st;

	w->type = cpu_to_le32(G16_WORK_COMPUTE);
	w->counter = cpu_to_le64(s->counter);
	w->context = cpu_to_le32(in->context_id);
	w->notifier = cpu_to_le64(in->notifier);
	w->regs_alias = AGX4_FW_AT(s->work_alias, struct g16_compute_work,
				   regs);
	w->reg_header = cpu_to_le32(G16_COMPUTE_REG_HEADER);
	w->microseq = cpu_to_le64(s->microseq);
	w->microseq_size = cpu_to_le32(sizeof(struct g16_compute_ms));
	w->resource = cpu_to_le64(v->resource);
	w->cdm_last = cpu_to_le64(v->cdm_last);
	w->cdm_ctrl = cpu_to_le32(G16_COMPUTE_CDM_CTRL);
	w->gap_7cc = cpu_to_le32(1);
	w->identity_hi = cpu_to_le32(in->identity >> 32);
	w->sampler_heap = cpu_to_le64(v->sampler_count ? v->sampler_heap :
				      U32_MAX);
	w->sampler_count = cpu_to_le32(v->sampler_count);
	w->sampler_max = cpu_to_le32(v->sampler_max);
	w->driver_stamp = cpu_to_le64(s->driver_stamp);
	w->fw_stamp = cpu_to_le64(s->fw_stamp);
	w->stamp = cpu_to_le32(s->stamp);
	w->event = cpu_to_le32(s->event);
	w->notify_flush = cpu_to_le32(G16_NOTIFY_FLUSH);
	w->identity = cpu_to_le32(in->identity);
	w->ordinal = cpu_to_le32(in->ordinal);
	w->prof_start = cpu_to_le64(s->prof.start);
	w->prof_end = cpu_to_le64(s->prof.end);
	w->support = cpu_to_le64(in->support);
	w->support_on = 1;
	w->gap_874 = cpu_to_le32(G16_COMPUTE_874);
	w->gap_87c = cpu_to_le32(G16_COMPUTE_87C);
	w->gap_88b = 1;
}

static void g16_compute_ms(const struct agx4_compute_desc *d,
			   const struct agx4_fw_compute_in *in,
			   struct g16_compute_ms *m)
{
	static const u32 scratch[] = G16_COMPUTE_SCRATCH_OFFSETS;
	const struct agx4_fw_stage_in *s = &in->st;
	struct g16_ms_start_compute *st = &m->start;
	struct g16_ms_end_compute *e = &m->end;
	u64 w = s->work, user = user_ts(&d->ts, in->user_ts);
	unsigned int i;

	memset(m, 0, sizeof(*m));
	st->opcode = cpu_to_le32(G16_MS_START_COMPUTE);
	st->regs = cpu_to_le64(w + CW(regs));
	st->stats = cpu_to_le64(s->stats);
	st->queue = cpu_to_le64(s->queue);
	st->context = cpu_to_le32(in->context_id);
	st->gap_30 = cpu_to_le32(1);
	st->event_generation = cpu_to_le32(in->event_generation);
	st->state = cpu_to_le64(w + CW(fw_76c));
	st->identity = cpu_to_le32(in->identity);
	st->support = cpu_to_le64(in->support);
	st->marker = cpu_to_le64(in->marker);
	for (i = 0; i < ARRAY_SIZE(st->scratch); i++)
		st->scratch[i] = cpu_to_le64(in->scratch + scratch[i]);
	st->state2 = cpu_to_le64(w + CW(fw_8ac));
	st->counter = cpu_to_le32(s->counter);
	st->event = cpu_to_le32(s->event);
	g16_ms_ts(&m->ts_start, G16_MS_TS_START, w + CW(prof_base),
		  w + CW(prof_start), w + CW(prof_start), s->queue, user,
		  w + CW(fw_89c), w + CW(fw_7dc), in->identity);
	m->ts_one = cpu_to_le32(1);
	g16_ms_ts(&m->ts_end, G16_MS_TS_END, w + CW(prof_base),
		  w + CW(prof_start), w + CW(prof_end), s->queue, user,
		  w + CW(fw_89c), w + CW(fw_7dc), in->identity);
	e->opcode = cpu_to_le32(G16_MS_END_COMPUTE);
	e->stats = st->stats;
	e->queue = st->queue;
	e->context = st->context;
	e->state = st->state;
	e->identity = st->identity;
	e->fw_stamp = cpu_to_le64(s->fw_stamp);
	e->stamp = cpu_to_le32(s->stamp);
	m->trailer.jump = AGX4_FW_AT(s->microseq, struct g16_compute_ms,
				     start.support);
	m->trailer.rel = cpu_to_le32(-(s32)offsetof(struct g16_compute_ms,
						    end));
	m->trailer.state = cpu_to_le64(w + CW(fw_8ac));
	m->trailer.state2 = cpu_to_le64(w + CW(fw_88c));
	m->trailer.finish = cpu_to_le32(G16_MS_FINISH);
}

#undef CW

/**
 * agx4_fw_g16_build_compute() - build the work items of a G16 compute job
 * @d: the validated command.
 * @in: the kernel's placement.
 * @bufs: one buffer per object of agx4_fw_g16_compute_objs: work item,
 *	microsequence, entry trampoline, user timestamp pair.
 *
 * Return: 0, or -EINVAL for a missing or short buffer or inputs the
 * firmware does not take (agx4_fw_compute_vals()).
 */
int agx4_fw_g16_build_compute(const struct agx4_compute_desc *d,
			      const struct agx4_fw_compute_in *in,
			      const struct agx4_fw_buf *bufs)
{
	struct g16_compute_work *w = bufs[G16_C_WORK].ptr;
	struct g16_cdm_entry *entry = bufs[G16_C_ENTRY].ptr;
	struct g16_ts_pair *ts = bufs[G16_C_TS].ptr;
	struct agx4_fw_compute_vals v;
	int ret;

	ret = agx4_fw_bufs_check(agx4_fw_g16_compute_objs, G16_C_NUM, bufs) ?:
	      agx4_fw_compute_vals(d, in, &v);
	if (ret)
		return ret;
	memset(w, 0, sizeof(*w));
	ret = agx4_fw_emit_cvals(g16_compute_prog,
				 ARRAY_SIZE(g16_compute_prog), &v, w->regs,
				 ARRAY_SIZE(w->regs));
	if (ret < 0)
		return ret;
	g16_compute_work(d, in, &v, w);
	g16_compute_ms(d, in, bufs[G16_C_MS].ptr);
	entry->barrier = cpu_to_le32(G16_CDM_BARRIER);
	entry->jump_hi = cpu_to_le32(G16_CDM_JUMP | v.cdm_stream >> 32);
	entry->jump_lo = cpu_to_le32(lower_32_bits(v.cdm_stream));
	ts->start = cpu_to_le64(d->ts.start);
	ts->end = cpu_to_le64(d->ts.end);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_compute);

/* The TVB pool's objects; lists sized for the most blocks a pool holds. */
#define G16_TVB_MAX_BLOCKS	331
enum {
	G16_T_BM, G16_T_CONTROL, G16_T_BLOCKS, G16_T_PAGES, G16_T_SCENES,
	G16_T_PB, G16_T_NUM
};

const struct agx4_fw_item agx4_fw_g16_tvb_objs[G16_T_NUM] = {
	[G16_T_BM] = { "bm", sizeof(struct g16_bm) },
	[G16_T_CONTROL] = { "block_control", sizeof(struct g16_block_control) },
	[G16_T_BLOCKS] = { "block_list", G16_TVB_MAX_BLOCKS *
			   sizeof(struct g16_block_entry) },
	[G16_T_PAGES] = { "page_list", G16_TVB_MAX_BLOCKS *
			  G16_TVB_PAGES_PER_BLOCK * sizeof(__le32) },
	[G16_T_SCENES] = { "scene_page", G16_SCENES_PER_PAGE *
			   sizeof(struct g16_scene) },
	[G16_T_PB] = { "pb_desc", sizeof(struct g16_pb_desc) },
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_tvb_objs);

static void g16_bm(const struct agx4_fw_tvb_in *in, struct g16_bm *bm)
{
	memset(bm, 0, sizeof(*bm));
	bm->slot = cpu_to_le32(in->slot);
	bm->page_list = cpu_to_le64(in->page_list);
	bm->page_list_gpu = cpu_to_le64(in->page_list_gpu);
	bm->page_list_size = cpu_to_le32(in->page_list_size);
	bm->gap_34 = cpu_to_le32(G16_BM_34);
	bm->max_blocks = cpu_to_le32(G16_BM_MAX_BLOCKS);
	bm->blocks = cpu_to_le32(in->blocks);
	bm->block_list = cpu_to_le64(in->block_list);
	bm->block_control = cpu_to_le64(in->block_control);
	bm->gap_54 = cpu_to_le32(G16_BM_54);
	bm->block_size = cpu_to_le32(G16_TVB_BLOCK_SIZE);
	bm->counter = cpu_to_le64(in->counter);
	bm->max_pages = cpu_to_le32(G16_BM_MAX_PAGES);
	bm->max_pages_nomemless = cpu_to_le32(G16_BM_MAX_PAGES_NOMEMLESS);
	bm->gap_84 = cpu_to_le32(G16_BM_84);
}

static void g16_scenes(const struct agx4_fw_tvb_in *in, struct g16_scene *sc)
{
	unsigned int i;

	memset(sc, 0, G16_SCENES_PER_PAGE * sizeof(*sc));
	for (i = 0; i < G16_SCENES_PER_PAGE; i++, sc++) {
		sc->pool_slot = cpu_to_le64(in->pool_slots + i * sizeof(u32));
		sc->scene_list = cpu_to_le64(in->scene_list + i * sizeof(u32));
		sc->scratch = cpu_to_le64(G16_SCENE_SCRATCH +
					  (i % G16_SCENE_SLOTS) *
					  G16_SCENE_SCRATCH_STRIDE);
		sc->block_control = cpu_to_le64(in->block_control +
						G16_BLOCK_CONTROL_SCENE);
		sc->gap_48 = cpu_to_le64(G16_SCENE_48);
	}
}

/**
 * agx4_fw_g16_build_tvb() - build a VM's TVB pool
 * @gen: the generation (its initial and most blocks).
 * @in: where the pool's objects are.
 * @bufs: one buffer per object of agx4_fw_g16_tvb_objs: buffer manager,
 *	block control, block list, page list, scene page, PB descriptor.
 *
 * Block i is mapped at @in->first_block + i * 0x28000; its id is its
 * distance from the context base in 32 KiB units, and its four pages'
 * ids follow it.
 *
 * Return: 0, or -EINVAL for a missing or short buffer, a slot outside
 * 7..63, a block count outside 1..the generation's limit, a first block
 * not 32 KiB-aligned above the context base or ids past 32 bits, or a
 * page list the PB descriptor cannot address (below the context base, 2^36
 * or more above it, or not 128-byte aligned) or shorter than the page list
 * or longer than 32 bits count.  The buffer manager names the page list
 * where the PB descriptor does, with its mapped size.
 */
int agx4_fw_g16_build_tvb(const struct agx4_fw_gen *gen,
			  const struct agx4_fw_tvb_in *in,
			  const struct agx4_fw_buf *bufs)
{
	struct g16_block_control *bc = bufs[G16_T_CONTROL].ptr;
	struct g16_block_entry *bl = bufs[G16_T_BLOCKS].ptr;
	struct g16_pb_desc *pb = bufs[G16_T_PB].ptr;
	__le32 *pages = bufs[G16_T_PAGES].ptr;
	u64 first, last, pb_addr;
	unsigned int i, j;
	int ret;

	ret = agx4_fw_bufs_check(agx4_fw_g16_tvb_objs, G16_T_NUM, bufs);
	if (ret)
		return ret;
	if (in->slot < G16_BM_SLOT_FIRST ||
	    in->slot >= G16_BM_SLOT_FIRST + G16_BM_SLOTS || !in->blocks ||
	    in->blocks > gen->tvb.max_blocks ||
	    in->blocks > G16_TVB_MAX_BLOCKS)
		return -EINVAL;
	if (in->first_block < AGX4_FW_CONTEXT_BASE ||
	    in->first_block % G16_TVB_ID_UNIT ||
	    in->page_list_gpu < AGX4_FW_CONTEXT_BASE ||
	    in->page_list_size < agx4_fw_g16_tvb_objs[G16_T_PAGES].size ||
	    in->page_list_size > U32_MAX)
		return -EINVAL;
	/*
	 * The reference writes (address >> 4) & 0xfffffff8 into 32 bits,
	 * which is the page list's distance from the context base >> 4 for
	 * every address it can take: 128-byte aligned, within 2^36 above it.
	 */
	pb_addr = (in->page_list_gpu - AGX4_FW_CONTEXT_BASE) >> G16_PB_SHIFT;
	if (pb_addr != (pb_addr & G16_PB_MASK))
		return -EINVAL;
	first = (in->first_block - AGX4_FW_CONTEXT_BASE) / G16_TVB_ID_UNIT;
	last = first + (u64)(gen->tvb.max_blocks - 1) *
		       (G16_TVB_BLOCK_STRIDE / G16_TVB_ID_UNIT) +
	       G16_TVB_PAGES_PER_BLOCK - 1;
	if (last > U32_MAX)
		return -EINVAL;

	g16_bm(in, bufs[G16_T_BM].ptr);
	memset(bc, 0, sizeof(*bc));
	bc->blocks = cpu_to_le32(in->blocks);
	bc->blocks2 = cpu_to_le32(in->blocks);
	bc->gap_60 = cpu_to_le32(1);
	memset(bl, 0, agx4_fw_g16_tvb_objs[G16_T_BLOCKS].size);
	memset(pages, 0, agx4_fw_g16_tvb_objs[G16_T_PAGES].size);
	for (i = 0; i < in->blocks; i++) {
		u32 id = first + i * (G16_TVB_BLOCK_STRIDE / G16_TVB_ID_UNIT);

		bl[i].id = cpu_to_le32(id);
		for (j = 0; j < G16_TVB_PAGES_PER_BLOCK; j++)
			pages[i * G16_TVB_PAGES_PER_BLOCK + j] =
				cpu_to_le32(id + j);
	}
	g16_scenes(in, bufs[G16_T_SCENES].ptr);
	memset(pb, 0, sizeof(*pb));
	pb->page_list = cpu_to_le32(pb_addr);
	pb->pages = cpu_to_le32(in->blocks * G16_TVB_PAGES_PER_BLOCK);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_tvb);
