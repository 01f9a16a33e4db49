// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P work items: its tails of the render programs both generations
 * share (agx4_fw_work.c), its partial-render and compute programs (in
 * the reference driver's order), and the builders of the TA, 3D and
 * compute descriptors, the optional record and the event items.
 */

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include <asm/byteorder.h>

#include "agx4_fw.h"
#include "agx4_fw_g17p_work.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g17p.h"
#include "agx4_regs.h"
#include "agx4_regs_g17p.h"
#include "agx4_test_hooks.h"

#define RV(r, m)	AGX4_FW_REG_VAL(struct agx4_fw_render_vals, r, m)
#define CV(r, m)	AGX4_FW_REG_VAL(struct agx4_fw_compute_vals, r, m)
#define K(r, v)		AGX4_FW_REG_CONST(r, v)

/* After the shared programs: the TA's deflake and flag, the 3D's resets. */
static const struct agx4_fw_reg_src g17p_ta_tail[] = {
	RV(AGX4_CR_TA_ENCODER, ta_deflake1),
	K(AGX4_CR_1C898, 1),
};

static const struct agx4_fw_reg_src g17p_frag_tail[] = {
	K(AGX4_CR_16020, 1),
	K(AGX4_CR_16020, 0),
	K(AGX4_CR_FRAG_TILE_STATE, G17P_CR_FRAG_TILE_STATE_VALUE),
};

static_assert(AGX4_FW_TA_REGS + ARRAY_SIZE(g17p_ta_tail) == G17P_TA_REGS);
static_assert(AGX4_FW_FRAG_REGS + ARRAY_SIZE(g17p_frag_tail) ==
	      G17P_FRAG_REGS);

/* The partial-render store program (16 records). */
static const struct agx4_fw_reg_src g17p_pstore_prog[G17P_PSTORE_REGS] = {
	RV(AGX4_CR_FRAG_STORE_BIND, partial_store_bind),
	RV(AGX4_CR_FRAG_STORE, partial_store),
	RV(AGX4_CR_FRAG_TILE_CONFIG, tile_config),
	K(AGX4_CR_15359, 0x20),
	RV(AGX4_CR_FRAG_DEPTH_B, depth),
	RV(AGX4_CR_FRAG_DEPTH_COMP_B, depth_comp),
	RV(AGX4_CR_FRAG_STENCIL_B, stencil),
	RV(AGX4_CR_FRAG_STENCIL_COMP_B, stencil_comp),
	RV(AGX4_CR_FRAG_DEPTH_STRIDE_B, depth_stride),
	RV(AGX4_CR_FRAG_DEPTH_COMP_STRIDE_B, depth_comp_stride),
	RV(AGX4_CR_FRAG_STENCIL_STRIDE_B, stencil_stride),
	RV(AGX4_CR_FRAG_STENCIL_COMP_STRIDE_B, stencil_comp_stride),
	K(AGX4_CR_15221, 0),
	K(AGX4_CR_15229, 0),
	RV(AGX4_CR_FRAG_ZLS_CTRL, zls_ctrl),
	K(AGX4_CR_15349, AGX4_CR_15349_VALUE),
};

/* The partial-render resume program (23 records). */
static const struct agx4_fw_reg_src g17p_presume_prog[G17P_PRESUME_REGS] = {
	RV(AGX4_CR_FRAG_STORE_BIND, partial_store_bind),
	RV(AGX4_CR_FRAG_STORE, partial_store),
	RV(AGX4_CR_FRAG_LOAD_BIND, partial_load_bind),
	RV(AGX4_CR_FRAG_LOAD, partial_load),
	RV(AGX4_CR_FRAG_TILE_CONFIG, tile_config_low),
	K(AGX4_CR_15359, 0x20),
	RV(AGX4_CR_FRAG_DEPTH_B, depth),
	RV(AGX4_CR_FRAG_DEPTH_COMP_B, depth_comp),
	RV(AGX4_CR_FRAG_STENCIL_B, stencil),
	RV(AGX4_CR_FRAG_STENCIL_COMP_B, stencil_comp),
	RV(AGX4_CR_FRAG_DEPTH_STRIDE_B, depth_stride),
	RV(AGX4_CR_FRAG_DEPTH_COMP_STRIDE_B, depth_comp_stride),
	RV(AGX4_CR_FRAG_STENCIL_STRIDE_B, stencil_stride),
	RV(AGX4_CR_FRAG_STENCIL_COMP_STRIDE_B, stencil_comp_stride),
	K(AGX4_CR_15221, 0),
	K(AGX4_CR_15229, 0),
	RV(AGX4_CR_FRAG_STENCIL_CLEAR, stencil_clear),
	RV(AGX4_CR_FRAG_DEPTH, depth),
	RV(AGX4_CR_FRAG_DEPTH_COMP, depth_comp),
	RV(AGX4_CR_FRAG_STENCIL, stencil),
	RV(AGX4_CR_FRAG_STENCIL_COMP, stencil_comp),
	RV(AGX4_CR_FRAG_ZLS_CTRL, zls_ctrl),
	K(AGX4_CR_15349, AGX4_CR_15349_VALUE),
};

/* The partial-render load program (10 records). */
static const struct agx4_fw_reg_src g17p_pload_prog[G17P_PLOAD_REGS] = {
	RV(AGX4_CR_FRAG_LOAD_BIND, partial_load_bind),
	RV(AGX4_CR_FRAG_LOAD, partial_load),
	RV(AGX4_CR_FRAG_TILE_CONFIG, tile_config_low),
	RV(AGX4_CR_FRAG_STENCIL_CLEAR, stencil_clear),
	RV(AGX4_CR_FRAG_DEPTH, depth),
	RV(AGX4_CR_FRAG_DEPTH_COMP, depth_comp),
	RV(AGX4_CR_FRAG_STENCIL, stencil),
	RV(AGX4_CR_FRAG_STENCIL_COMP, stencil_comp),
	RV(AGX4_CR_FRAG_ZLS_CTRL, zls_ctrl),
	K(AGX4_CR_15349, AGX4_CR_15349_VALUE),
};

/* The compute program (40 records). */
static const struct agx4_fw_reg_src g17p_compute_prog[G17P_COMPUTE_REGS] = {
	CV(AGX4_CR_CDM_RESOURCE, resource),
	CV(AGX4_CR_CDM_START, cdm_start),
	CV(AGX4_CR_CDM_RESOURCE_REGS_0, resource_regs[0]),
	CV(AGX4_CR_CDM_RESOURCE_REGS_1, resource_regs[1]),
	CV(AGX4_CR_CDM_RESOURCE_REGS_2, resource_regs[2]),
	CV(AGX4_CR_CDM_RESOURCE_REGS_3, resource_regs[3]),
	CV(G17P_CR_CDM_USC_BASE, usc_base),
	CV(G17P_CR_CDM_HELPER_BINARY, helper_binary),
	CV(G17P_CR_CDM_HELPER_DATA, helper_data),
	CV(G17P_CR_CDM_HELPER_CFG, helper_cfg),
	K(AGX4_CR_CDM_CONTROL, AGX4_CR_CDM_CONTROL_VALUE),
	K(AGX4_CR_1A458, G17P_CR_1A458_VALUE),
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
	K(AGX4_CR_0A599, G17P_CR_0A599_VALUE),
	K(AGX4_CR_0D411, AGX4_CR_0D411_VALUE),
	CV(AGX4_CR_CDM_REG_IDENTITY, reg_identity),
	CV(AGX4_CR_CDM_REG_IDENTITY_B, reg_identity),
	CV(AGX4_CR_CDM_REG_IDENTITY_C, reg_identity),
	CV(G17P_CR_CDM_CTX_ORDINAL, ctx_ordinal),
	CV(G17P_CR_CDM_CTX_ORDINAL_B, ctx_ordinal),
	CV(G17P_CR_CDM_GATE, gate),
	CV(G17P_CR_CDM_ROBUSTNESS, robustness),
	CV(G17P_CR_CDM_OPSTATE_0, opstate[0]),
	CV(G17P_CR_CDM_OPSTATE_1, opstate[1]),
	CV(G17P_CR_CDM_OPSTATE_2, opstate[2]),
	CV(G17P_CR_CDM_OPSTATE_3, opstate[3]),
	CV(G17P_CR_CDM_OPSTATE_4, opstate[4]),
	CV(G17P_CR_CDM_OPSTATE_5, opstate[5]),
	K(AGX4_CR_CDM_CONTROL, G17P_CR_CDM_CONTROL_VALUE),
	K(AGX4_CR_0A599, G17P_CR_0A599_VALUE2),
};

/* The secondary compute program: the operand-state pairs, swapped. */
static const struct agx4_fw_reg_src g17p_compute_prog2[G17P_COMPUTE_REGS2] = {
	CV(G17P_CR_CDM_OPSTATE_2, opstate[4]),
	CV(G17P_CR_CDM_OPSTATE_3, opstate[5]),
	CV(G17P_CR_CDM_OPSTATE_4, opstate[2]),
	CV(G17P_CR_CDM_OPSTATE_5, opstate[3]),
};

#undef RV
#undef CV
#undef K

/* A program's header word. */
static __le32 reg_header(unsigned int n)
{
	return cpu_to_le32(n * sizeof(struct agx4_fw_reg) <<
			   G17P_REG_HEADER_SHIFT | n);
}

enum { G17P_R_TA, G17P_R_TA_EV, G17P_R_FRAG, G17P_R_FRAG_EV, G17P_R_NUM };
enum { G17P_C_WORK, G17P_C_EV, G17P_C_NUM };

const struct agx4_fw_item agx4_fw_g17p_render_objs[G17P_R_NUM] = {
	[G17P_R_TA] = { "ta_work", sizeof(struct g17p_ta_work) },
	[G17P_R_TA_EV] = { "event_item", sizeof(struct g17p_event_item) },
	[G17P_R_FRAG] = { "frag_work", sizeof(struct g17p_frag_work) },
	[G17P_R_FRAG_EV] = { "event_item", sizeof(struct g17p_event_item) },
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_render_objs);

const struct agx4_fw_item agx4_fw_g17p_compute_objs[G17P_C_NUM] = {
	[G17P_C_WORK] = { "compute_work", sizeof(struct g17p_compute_work),
			  G17P_COMPUTE_WORK_WRITTEN },
	[G17P_C_EV] = { "event_item_compute",
			sizeof(struct g17p_event_item_compute) },
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_compute_objs);

static void g17p_event_item(struct g17p_event_item *e,
			    const struct agx4_fw_stage_in *s, u32 kind)
{
	e->type = cpu_to_le32(G17P_ITEM_EVENT);
	e->subtype = cpu_to_le32(G17P_EVENT_SUBTYPE | (s->grid & 0xffff));
	e->counter = cpu_to_le32(s->ev_group << 8 | s->ev_counter);
	e->kind = cpu_to_le32(kind << 8);
}

/* The scheduler pool records, as both descriptors start with them. */
static void pool_objs(const struct agx4_fw_render_in *in, __le64 *pool_a,
		      __le64 *shared_a, __le64 *pool_b, __le64 *shared_b)
{
	*pool_a = cpu_to_le64(in->pool_objs[0]);
	*shared_a = cpu_to_le64(in->pool_objs[1]);
	*pool_b = cpu_to_le64(in->pool_objs[2]);
	*shared_b = cpu_to_le64(in->pool_objs[3]);
}

static int g17p_ta_work(const struct agx4_render_desc *d,
			const struct agx4_fw_render_in *in,
			const struct agx4_fw_render_vals *v,
			struct g17p_ta_work *w)
{
	const struct agx4_fw_stage_in *s = &in->ta;
	int ret;

	memset(w, 0, sizeof(*w));
	ret = agx4_fw_emit_render(false, g17p_ta_tail, ARRAY_SIZE(g17p_ta_tail),
				  v, w->regs, ARRAY_SIZE(w->regs));
	if (ret < 0)
		return ret;
	w->type = cpu_to_le32(G17P_WORK_TA);
	w->sequence = cpu_to_le64(s->counter);
	w->context = cpu_to_le32(in->context_id);
	pool_objs(in, &w->pool_a, &w->shared_a, &w->pool_b, &w->shared_b);
	w->pool = cpu_to_le32(in->bm_slot);
	w->gap_38 = G17P_TA_38;
	w->gap_3a = G17P_TA_3A;
	w->gap_3c = G17P_TA_3A;
	w->work = cpu_to_le32(in->work_value);
	w->regs_alias = AGX4_FW_AT(s->work_alias, struct g17p_ta_work,
				   regs);
	w->reg_header = reg_header(ret);
	w->tpc = cpu_to_le64(in->tpc);
	/*
	 * The TPC's size in bytes (H: the newest reference; an older one
	 * and the reference generator write the byte 0x78 at +0x789, the
	 * size of a one-tile render's TPC).
	 */
	w->tpc_size = cpu_to_le64(v->tpc_size);
	w->grid_p1 = cpu_to_le32(s->grid + 1);
	w->item_phase = cpu_to_le32(s->item << 8);
	w->item = cpu_to_le32(s->item);
	w->item_x101 = cpu_to_le32(s->item * 0x101);
	w->deflake_1 = cpu_to_le32(v->ta_deflake1);
	w->lifecycle_hi = cpu_to_le64(s->lifecycle >> 32);
	w->gap_876 = cpu_to_le32(U32_MAX);
	agx4_fw_samplers(v, &w->sampler_heap, &w->sampler_count,
			 &w->sampler_max);
	w->reactive_growth = in->request_growth;
	w->store_flag = s->store_flag;
	w->dispatch[0] = cpu_to_le64(s->dispatch[0]);
	w->dispatch[1] = cpu_to_le64(s->dispatch[1]);
	w->item_8b6 = cpu_to_le16(s->item << 8);
	w->grid = cpu_to_le32(s->grid);
	w->item_hi16 = cpu_to_le32(s->item << 16);
	w->item_hi24 = cpu_to_le32(s->item << 24);
	w->lifecycle_lo = cpu_to_le32(lower_32_bits(s->lifecycle));
	w->index_hi16 = cpu_to_le32(s->index << 16);
	w->prof_start = cpu_to_le64(s->prof.start);
	w->prof_end = cpu_to_le64(s->prof.end);
	w->ts_start = cpu_to_le64(d->ts_vtx.start);
	w->ts_end = cpu_to_le64(d->ts_vtx.end);
	w->gap_932 = G17P_TA_932;
	w->support = cpu_to_le64(in->support);
	w->gap_93c = 1;
	w->status = cpu_to_le64(s->status_rec);
	w->gap_94d = 1;
	return 0;
}

/* An embedded program: its records, alias and header. */
static int g17p_program(const struct agx4_fw_reg_src *prog, unsigned int n,
			const struct agx4_fw_render_vals *v, u64 base,
			struct g17p_frag_work *w, struct agx4_fw_reg *regs,
			unsigned int max, __le64 *alias, __le32 *header)
{
	int ret = agx4_fw_emit_rvals(prog, n, v, regs, max);

	if (ret < 0)
		return ret;
	*alias = cpu_to_le64(base + ((u8 *)regs - (u8 *)w));
	*header = reg_header(n);
	return 0;
}

static int g17p_frag_programs(const struct agx4_fw_render_in *in,
			      const struct agx4_fw_render_vals *v,
			      struct g17p_frag_work *w)
{
	u64 base = in->frag.work_alias;

	int n = agx4_fw_emit_render(true, g17p_frag_tail,
				    ARRAY_SIZE(g17p_frag_tail), v, w->regs,
				    ARRAY_SIZE(w->regs));

	if (n < 0)
		return n;
	w->regs_alias = AGX4_FW_AT(base, struct g17p_frag_work, regs);
	w->reg_header = reg_header(n);
	return g17p_program(g17p_pstore_prog, ARRAY_SIZE(g17p_pstore_prog), v,
			    base, w, w->pstore_regs, ARRAY_SIZE(w->pstore_regs),
			    &w->pstore_alias, &w->pstore_header) ?:
	       g17p_program(g17p_presume_prog, ARRAY_SIZE(g17p_presume_prog),
			    v, base, w, w->presume_regs,
			    ARRAY_SIZE(w->presume_regs), &w->presume_alias,
			    &w->presume_header) ?:
	       g17p_program(g17p_pload_prog, ARRAY_SIZE(g17p_pload_prog), v,
			    base, w, w->pload_regs, ARRAY_SIZE(w->pload_regs),
			    &w->pload_alias, &w->pload_header);
}

static int g17p_frag_work(const struct agx4_render_desc *d,
			  const struct agx4_fw_render_in *in,
			  const struct agx4_fw_render_vals *v,
			  struct g17p_frag_work *w)
{
	const struct agx4_fw_stage_in *s = &in->frag;
	int ret;

	memset(w, 0, sizeof(*w));
	ret = g17p_frag_programs(in, v, w);
	if (ret)
		return ret;
	w->type = cpu_to_le32(G17P_WORK_FRAG);
	w->sequence = cpu_to_le64(s->counter);
	w->context = cpu_to_le32(in->context_id);
	pool_objs(in, &w->pool_a, &w->shared_a, &w->pool_b, &w->shared_b);
	w->tilemap = cpu_to_le64(in->tilemap);
	w->msaa = cpu_to_le64(v->msaa);
	w->samples = cpu_to_le32(v->samples);
	w->macro_size = cpu_to_le32(v->macro_size);
	w->merge_x = cpu_to_le32(v->merge_x);
	w->merge_y = cpu_to_le32(v->merge_y);
	w->tiles = cpu_to_le64(v->tiles);
	w->gap_80 = G17P_FRAG_80;
	w->gap_82 = G17P_FRAG_82;
	w->gap_84 = G17P_FRAG_82;
	w->gap_88 = G17P_FRAG_88;
	w->item = cpu_to_le32(s->item);
	w->dbias = cpu_to_le64(v->dbias);
	w->scissor = cpu_to_le64(v->scissor);
	w->oclqry = cpu_to_le64(v->oclqry);
	w->load_bind = cpu_to_le64(v->load_bind);
	w->load = cpu_to_le64(v->load);
	w->partial_load_bind = cpu_to_le64(v->partial_load_bind);
	w->partial_load = cpu_to_le64(v->partial_load);
	/*
	 * Copies of the depth/stencil state the registers carry, from the
	 * same UAPI values (H: GravityLinux/linux
	 * drivers/gpu/drm/asahi/g17p_render.rs@498fde22 structural_tail).
	 */
	w->zls_ctrl = cpu_to_le64(v->zls_ctrl);
	w->zls_const = cpu_to_le32(G17P_ZLS_CONST);
	agx4_fw_zls_words(w->depth, v->depth, v->depth_stride, v->depth_comp,
			  v->depth_comp_stride);
	agx4_fw_zls_words(w->stencil, v->stencil, v->stencil_stride,
			  v->stencil_comp, v->stencil_comp_stride);
	w->tib = cpu_to_le64(v->tib_blocks);
	w->aux_fb_flags = cpu_to_le64(v->aux_fb_flags);
	w->width = cpu_to_le32(d->cmd.width_px);
	w->height = cpu_to_le32(d->cmd.height_px);
	w->aux_fb_pages = cpu_to_le64(v->aux_fb_pages);
	w->tile_config = cpu_to_le64(v->tile_config);
	w->store_bind = cpu_to_le32(v->store_bind);
	w->store = cpu_to_le64(v->store);
	w->partial_store_bind = cpu_to_le32(v->partial_store_bind);
	w->partial_store = cpu_to_le64(v->partial_store);
	w->depth_clear = cpu_to_le32(v->depth_clear);
	/*
	 * Two words (H: GravityLinux/linux
	 * drivers/gpu/drm/asahi/g17p_render.rs@498fde22 structural_tail,
	 * Parameters::sample_size_field): the stencil clear as register
	 * 0x15309 has it, and the UAPI sample size, or the tile-buffer
	 * blocks * 2 when that is 0.
	 */
	w->stencil_clear = cpu_to_le32(lower_32_bits(v->stencil_clear));
	w->sample_size = cpu_to_le32(v->sample_size ?: v->tib_blocks * 2);
	w->zls_pixels = cpu_to_le64(v->zls_pixels);
	w->store_flag = s->store_flag;
	/*
	 * Fragment sync grow: unless the host asks for it, set exactly when
	 * empty tiles are not processed (H: the reference and the reference
	 * generator both write it as the complement of +0x2124).
	 */
	w->sync_grow = in->sync_grow || !v->empty_tiles;
	w->lifecycle_hi = cpu_to_le64(s->lifecycle >> 32);
	w->gap_2110 = cpu_to_le32(U32_MAX);
	agx4_fw_samplers(v, &w->sampler_heap, &w->sampler_count,
			 &w->sampler_max);
	w->empty_tiles = v->empty_tiles;
	w->gap_2128 = 1;
	w->multisampled = cpu_to_le32(v->samples > 1);
	w->dispatch[0] = cpu_to_le64(s->dispatch[0]);
	w->dispatch[1] = cpu_to_le64(s->dispatch[1]);
	w->item_phase = cpu_to_le32(s->item << 8);
	w->grid = cpu_to_le32(s->grid);
	w->gap_215c = cpu_to_le32(1);
	w->item2 = cpu_to_le32(s->item);
	w->item_phase2 = cpu_to_le32(s->item << 8);
	w->lifecycle_lo = cpu_to_le64(lower_32_bits(s->lifecycle));
	w->index = cpu_to_le32(s->index);
	w->prof_start = cpu_to_le64(s->prof.start);
	w->prof_end = cpu_to_le64(s->prof.end);
	w->ts_start = cpu_to_le64(d->ts_frag.start);
	w->ts_end = cpu_to_le64(d->ts_frag.end);
	w->gap_21cc = G17P_FRAG_21CC;
	w->support = cpu_to_le64(in->support);
	w->gap_21d6 = 1;
	w->status = cpu_to_le64(s->status_rec);
	w->gap_21e7 = 1;
	w->gap_2208 = 1;
	w->gap_220c = 1;
	w->gap_222d = 1;
	return 0;
}

/*
 * The TA descriptor's item field shares bytes with the top of the second
 * dispatch slot, which therefore must be a firmware (high-half) address.
 */
static bool g17p_dispatch_ok(const struct agx4_fw_stage_in *s)
{
	return upper_16_bits(upper_32_bits(s->dispatch[1])) == 0xffff;
}

/**
 * agx4_fw_g17p_build_render() - build the work items of a G17P render
 * @d: the validated command.
 * @in: the kernel's placement.
 * @bufs: one buffer per object of agx4_fw_g17p_render_objs: TA
 *	descriptor, its event item, 3D descriptor, its event item.
 *
 * Nothing is written unless every input checks out.
 *
 * Return: 0; -EINVAL for a missing or short buffer, inputs the firmware
 * does not take (agx4_fw_render_vals()), a pool of 15 or more or a TA
 * dispatch slot outside the firmware half;
 * -ERANGE for a TA address out of range.
 */
int agx4_fw_g17p_build_render(const struct agx4_render_desc *d,
			      const struct agx4_fw_render_in *in,
			      const struct agx4_fw_buf *bufs)
{
	struct agx4_fw_render_vals v;
	int ret;

	ret = agx4_fw_bufs_check(agx4_fw_g17p_render_objs, G17P_R_NUM, bufs);
	if (ret)
		return ret;
	if (in->bm_slot >= G17P_NUM_POOLS || !g17p_dispatch_ok(&in->ta))
		return -EINVAL;
	ret = agx4_fw_render_vals(d, in, &v);
	if (ret)
		return ret;
	/*
	 * Where G17P's programs differ from G16's: the second MSAA
	 * control and the layer word, the tile-buffer block count, the fixed
	 * gates and no completion control.
	 */
	v.ta_msaa2 = v.msaa;
	v.ta_layer_word = 0;
	v.frag_tib = v.tib_blocks;
	v.ta_gate = G17P_TA_GATE;
	v.frag_gate = G17P_FRAG_GATE;
	v.completion = 0;
	ret = g17p_ta_work(d, in, &v, bufs[G17P_R_TA].ptr) ?:
	      g17p_frag_work(d, in, &v, bufs[G17P_R_FRAG].ptr);
	if (ret)
		return ret;
	memset(bufs[G17P_R_TA_EV].ptr, 0, sizeof(struct g17p_event_item));
	memset(bufs[G17P_R_FRAG_EV].ptr, 0, sizeof(struct g17p_event_item));
	g17p_event_item(bufs[G17P_R_TA_EV].ptr, &in->ta, G17P_KIND_TA);
	g17p_event_item(bufs[G17P_R_FRAG_EV].ptr, &in->frag, G17P_KIND_3D);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_render);

static void g17p_compute_work(const struct agx4_compute_desc *d,
			      const struct agx4_fw_compute_in *in,
			      const struct agx4_fw_compute_vals *v,
			      struct g17p_compute_work *w)
{
	static const u16 classes[] = G17P_COMPUTE_CLASSES;
	const struct agx4_fw_stage_in *s = &in->st;
	unsigned int i;

	w->type = cpu_to_le32(G17P_WORK_COMPUTE);
	w->sequence = cpu_to_le64(s->counter);
	w->context = cpu_to_le32(in->context_id);
	w->sched = cpu_to_le64(in->sched);
	for (i = 0; i < ARRAY_SIZE(classes); i++)
		w->classes[i] = cpu_to_le16(classes[i]);
	w->regs_alias = AGX4_FW_AT(s->work_alias, struct g17p_compute_work,
				   regs);
	w->reg_header = reg_header(G17P_COMPUTE_REGS);
	w->regs2_alias = AGX4_FW_AT(s->work_alias, struct g17p_compute_work,
				    regs2);
	w->reg2_header = reg_header(G17P_COMPUTE_REGS2);
	w->resource = cpu_to_le64(v->resource);
	w->cdm_last = cpu_to_le64(v->cdm_last);
	w->control = cpu_to_le64(AGX4_CR_CDM_CONTROL_VALUE);
	w->identity_hi = cpu_to_le32(upper_32_bits(v->reg_identity));
	w->gap_f28 = cpu_to_le32(U32_MAX);
	w->sampler_heap = cpu_to_le64(v->sampler_heap);
	w->sampler_count = cpu_to_le32(v->sampler_count);
	w->sampler_max = cpu_to_le32(v->sampler_max);
	w->dispatch[0] = cpu_to_le64(s->dispatch[0]);
	w->dispatch[1] = cpu_to_le64(s->dispatch[1]);
	w->queue_submission = cpu_to_le32(in->queue_submission << 8);
	w->grid = cpu_to_le32(s->grid);
	w->queue_ordinal = cpu_to_le32(in->queue_ordinal);
	w->submission_index = cpu_to_le32(in->submission_index);
	w->identity = cpu_to_le64(lower_32_bits(v->reg_identity));
	w->ordinal = cpu_to_le32(in->ordinal);
	w->status[0] = cpu_to_le64(in->status[0]);
	w->status[1] = cpu_to_le64(in->status[1]);
	/*
	 * M: the user timestamp destinations (firmware addresses in the
	 * timestamp aperture, 0 for none); L: start first, as in every
	 * other timestamp pair of the G16 and G17P descriptors.
	 */
	w->timestamps[0] = cpu_to_le64(d->ts.start);
	w->timestamps[1] = cpu_to_le64(d->ts.end);
	w->gap_fb0 = cpu_to_le16(G17P_COMPUTE_FB0);
	w->shared_control = cpu_to_le64(in->shared_control);
	w->support_control = cpu_to_le32(in->support_control);
	w->support_flags = cpu_to_le32(in->support_flags);
	w->gap_fc5 = G17P_COMPUTE_FC5;
	w->zero_page = cpu_to_le64(in->zero_page);
	w->gap_fd3 = 1;
}

/* The values only the G17P compute program has. */
static void g17p_compute_vals(const struct agx4_fw_compute_in *in,
			      struct agx4_fw_compute_vals *v)
{
	static const u32 opstate[] = G17P_COMPUTE_OPSTATE_WORDS;
	unsigned int i;

	v->usc_base = in->usc_base;
	v->ctx_ordinal = (u64)in->context_id << G17P_WORK_TAG_SHIFT |
			 (in->ordinal & G17P_WORK_TAG_MASK);
	for (i = 0; i < ARRAY_SIZE(v->opstate); i++)
		v->opstate[i] = in->operand_state + opstate[i];
}

/* What agx4_fw_g17p_build_compute() refuses of its inputs; @v filled. */
static int g17p_compute_refuse(const struct agx4_compute_desc *d,
			       const struct agx4_fw_compute_in *in,
			       struct agx4_fw_compute_vals *v)
{
	int ret = agx4_fw_compute_vals(d, in, v);

	if (ret)
		return ret;
	if (!in->submission_index || !in->queue_submission ||
	    in->queue_submission > G17P_MAX_SUBMISSION ||
	    in->usc_base != G17P_USC_EXEC_BASE)
		return -EINVAL;
	if (v->helper_binary || v->helper_data || v->helper_cfg)
		return -EOPNOTSUPP;
	return 0;
}

/**
 * agx4_fw_g17p_check_compute() - would a G17P compute job build
 * @d: the validated command.
 * @in: the kernel's placement.
 *
 * Writes nothing.  Given buffers of the right sizes,
 * agx4_fw_g17p_build_compute() refuses exactly what this refuses: its
 * register programs are fixed tables that fit their records.
 *
 * Return: as agx4_fw_g17p_build_compute().
 */
int agx4_fw_g17p_check_compute(const struct agx4_compute_desc *d,
			       const struct agx4_fw_compute_in *in)
{
	struct agx4_fw_compute_vals v;

	return g17p_compute_refuse(d, in, &v);
}

/**
 * agx4_fw_g17p_build_compute() - build the work items of a G17P compute job
 * @d: the validated command.
 * @in: the kernel's placement.
 * @bufs: one buffer per object of agx4_fw_g17p_compute_objs: the
 *	descriptor and its event item.
 *
 * The descriptor's first %G17P_COMPUTE_WORK_WRITTEN bytes are written (its
 * buffer may hold no more); the rest of the 0x4000-byte object is left
 * alone.
 *
 * Return: 0; -EINVAL for a missing or short buffer, inputs the firmware
 * does not take (agx4_fw_compute_vals()), a submission index of 0, a
 * queue submission count outside 1..0xffffff or a USC execution base
 * other than 2^40; -EOPNOTSUPP for a helper
 * program (the reference requires none).  The user timestamps go to
 * descriptor +0xf8c (start) and +0xf94 (end).
 */
int agx4_fw_g17p_build_compute(const struct agx4_compute_desc *d,
			       const struct agx4_fw_compute_in *in,
			       const struct agx4_fw_buf *bufs)
{
	struct g17p_compute_work *w = bufs[G17P_C_WORK].ptr;
	struct agx4_fw_compute_vals v;
	int ret;

	ret = agx4_fw_bufs_check(agx4_fw_g17p_compute_objs, G17P_C_NUM, bufs) ?:
	      g17p_compute_refuse(d, in, &v);
	if (ret)
		return ret;
	g17p_compute_vals(in, &v);
	memset(w, 0, G17P_COMPUTE_WORK_WRITTEN);
	ret = agx4_fw_emit_cvals(g17p_compute_prog,
				 ARRAY_SIZE(g17p_compute_prog), &v, w->regs,
				 ARRAY_SIZE(w->regs));
	if (ret < 0)
		return ret;
	ret = agx4_fw_emit_cvals(g17p_compute_prog2,
				 ARRAY_SIZE(g17p_compute_prog2), &v, w->regs2,
				 ARRAY_SIZE(w->regs2));
	if (ret < 0)
		return ret;
	g17p_compute_work(d, in, &v, w);
	memset(bufs[G17P_C_EV].ptr, 0, sizeof(struct g17p_event_item_compute));
	g17p_event_item(bufs[G17P_C_EV].ptr, &in->st, G17P_KIND_COMPUTE);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_compute);

/* A value for a 16-bit field, or false if it does not fit. */
/*
 * Store @v in a 16-bit field; a value too wide clears *@ok (every field
 * is stored either way, so one check covers a whole record).
 */
static void put16(__le16 *field, u32 v, bool *ok)
{
	*field = cpu_to_le16(v);
	if (v > U16_MAX)
		*ok = false;
}

/**
 * agx4_fw_g17p_build_optional() - build the optional record before a descriptor
 * @in: its fields.
 * @buf: where to, zeroed first.
 * @size: bytes at @buf.
 *
 * The reference has two forms (H).  The render form (TA, 3D) writes the
 * scheduler at +0x5e and, only with a scheduler class or for context 2,
 * at +0x1e and +0x46; the TA record carries the tiling shared object,
 * lifecycle, namespace and grid + 1, the 3D record 0xff bytes there.  The
 * compute form takes its three scheduler and two context words from the
 * caller as they are, and carries 0xff bytes where the TA tail is.
 *
 * Return: 0, or -EINVAL for a short buffer, an unknown stage, an item
 * index above 255 or a value too wide for its 16-bit field (nothing
 * written then).
 */
int agx4_fw_g17p_build_optional(const struct agx4_fw_optional_in *in,
				void *buf, size_t size)
{
	struct g17p_optional o = { };
	bool ok = true;
	u32 sched;

	if (size < sizeof(o) || in->kind > G17P_KIND_COMPUTE ||
	    in->item > G17P_TA_MAX_ITEM)
		return -EINVAL;
	o.type = cpu_to_le32(G17P_ITEM_OPTIONAL);
	o.context_low = cpu_to_le64(in->context_low);
	o.context_high = cpu_to_le64(in->context_high);
	o.first = cpu_to_le16(in->first);
	o.first2 = o.first;
	o.first3 = o.first;
	o.kind = cpu_to_le16(in->kind);
	o.item = cpu_to_le16(in->item);
	o.phase = cpu_to_le16(in->item << G17P_OPTIONAL_PHASE_SHIFT);
	o.shared_control = cpu_to_le64(in->shared_control);
	o.channel_control = cpu_to_le64(in->channel_control);
	o.gap_66 = cpu_to_le16(1);
	put16(&o.grid, in->grid, &ok);
	put16(&o.ordinal, in->ordinal, &ok);
	put16(&o.uuid, in->uuid, &ok);
	if (in->kind == G17P_KIND_COMPUTE) {
		put16(&o.scheduler, in->sched[0], &ok);
		put16(&o.scheduler2, in->sched[1], &ok);
		put16(&o.scheduler3, in->sched[2], &ok);
		put16(&o.context, in->ctx[0], &ok);
		put16(&o.context2, in->ctx[1], &ok);
	} else {
		sched = in->sched_class ?: in->context;
		put16(&o.context, in->context, &ok);
		put16(&o.context2, in->context, &ok);
		put16(&o.scheduler3, sched, &ok);
		if (in->sched_class ||
		    in->context == G17P_OPTIONAL_SCHED_CONTEXT) {
			o.scheduler = o.scheduler3;
			o.scheduler2 = o.scheduler3;
		}
		o.gap_26 = cpu_to_le16(G17P_OPTIONAL_RENDER_26);
	}
	if (in->kind == G17P_KIND_TA) {
		o.tiling_shared = cpu_to_le64(in->tiling_shared);
		put16(&o.lifecycle, in->lifecycle, &ok);
		put16(&o.ns, in->ns, &ok);
		put16(&o.grid_p1, in->grid + 1, &ok);
	} else {
		memset((u8 *)&o + offsetof(struct g17p_optional, lifecycle),
		       0xff, G17P_OPTIONAL_TA_TAIL_END -
		       offsetof(struct g17p_optional, lifecycle));
	}
	if (!ok)
		return -EINVAL;
	memcpy(buf, &o, sizeof(o));
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_build_optional);
