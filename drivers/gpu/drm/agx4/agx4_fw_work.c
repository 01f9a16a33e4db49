// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/string.h>

#include <kunit/visibility.h>

#include <asm/byteorder.h>

#include "agx4_fw_work.h"
#include "agx4_fwif.h"

/**
 * DOC: work items
 *
 * A job reaches the firmware as work items (one per stage: TA and 3D for a
 * render, one for compute) plus, depending on the generation, a
 * microsequence per stage and queue items around them.  Each generation
 * builds them in its own file from three generation-neutral inputs:
 *
 * - the validated command, &struct agx4_render_desc or
 *   &struct agx4_compute_desc (what the UAPI carries);
 * - the kernel's placement, &struct agx4_fw_render_in or
 *   &struct agx4_fw_compute_in (where the objects, stamps and pools are);
 * - the values both imply, computed here once (&struct
 *   agx4_fw_render_vals, &struct agx4_fw_compute_vals), which also checks
 *   the render geometry limits (%AGX4_FW_MAX_DIM and the others).
 *
 * Register programs are data: ordered tables of &struct agx4_fw_reg_src,
 * each record naming the register and the value member it writes.  The
 * TA and 3D programs are the same on G16 and G17P but for three values
 * each generation sets and a tail each appends (agx4_fw_emit_render());
 * partial-render and compute programs are per generation.
 * agx4_fw_emit_regs() turns a table into the records the firmware reads,
 * in table order, duplicates kept.
 */

/**
 * agx4_fw_bufs_check() - check the buffers a work builder was given
 * @objs: the objects it writes.
 * @n: how many.
 * @bufs: one buffer per object.
 *
 * Return: 0, or -EINVAL if a buffer is missing or too small.
 */
int agx4_fw_bufs_check(const struct agx4_fw_item *objs, unsigned int n,
		       const struct agx4_fw_buf *bufs)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!bufs[i].ptr || bufs[i].size < objs[i].size)
			return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_bufs_check);

/* @addr as an offset from @base, if it lies in the 4 GiB above it. */
static int ta_offset(u64 base, u64 addr, u64 *out)
{
	if (addr < base || addr - base > U32_MAX)
		return -ERANGE;
	*out = addr - base;
	return 0;
}

static bool utile_ok(u32 w, u32 h)
{
	return (w == 32 && h == 32) || (w == 32 && h == 16) ||
	       (w == 16 && h == 16);
}

static int sampler_vals(u64 heap, u32 count, u64 *vheap, u64 *vcount,
			u64 *vmax)
{
	if (heap & 7 || !heap != !count || count == U32_MAX)
		return -EINVAL;
	*vheap = heap;
	*vcount = count;
	*vmax = count ? count + 1 : 0;
	return 0;
}

static int ta_offsets(const struct agx4_render_desc *d,
		      const struct agx4_fw_render_in *in,
		      struct agx4_fw_render_vals *v)
{
	u64 base = in->context_base;
	int ret;

	ret = ta_offset(base, in->tilemap, &v->ta_tilemap) ?:
	      ta_offset(base, in->tpc, &v->ta_tpc) ?:
	      ta_offset(base, in->heapmeta, &v->ta_heapmeta) ?:
	      ta_offset(base, in->deflake[0], &v->ta_deflake1) ?:
	      ta_offset(base, in->deflake[1], &v->ta_deflake2) ?:
	      ta_offset(base, in->deflake[2], &v->ta_deflake3_tag) ?:
	      ta_offset(base, d->cmd.vdm_ctrl_stream_base, &v->ta_encoder);
	if (ret)
		return ret;
	v->ta_heapmeta_tag = v->ta_heapmeta | AGX4_FW_HEAPMETA_TAG;
	v->ta_deflake3_tag |= AGX4_FW_DEFLAKE3_TAG;
	return 0;
}

/* The tiling geometry of 3.12 (mx, my: macrotile blocks; ux, uy: utiles). */
static void geometry(const struct drm_asahi_cmd_render *c,
		     struct agx4_fw_render_vals *v)
{
	u64 tx = DIV_ROUND_UP(c->width_px, 32), ty = DIV_ROUND_UP(c->height_px, 32);
	u64 mx = (DIV_ROUND_UP(tx, 4) + 3) & ~3ull;
	u64 my = (DIV_ROUND_UP(ty, 4) + 3) & ~3ull;
	u64 ux = 32 / c->utile_width_px, uy = 32 / c->utile_height_px;

	v->tiles_x = tx;
	v->tiles_y = ty;
	v->tiles = tx * ty;
	v->size1 = DIV_ROUND_UP(5 * mx * my * ux * uy, 4);
	v->size2 = mx * my;
	v->size3 = 2 * mx * my * ux * uy;
	v->size1_tag = (4 * v->size1) << 24;
	v->x_blocks = 3 * mx | (2 * mx) << 9 | mx << 18;
	v->y_blocks = 3 * my | (2 * my) << 9 | my << 18;
	v->screen = (ty - 1) << 12 | (tx - 1);
	v->pixels = (c->width_px - 1) | (u64)(c->height_px - 1) << 16;
	v->macro_size = my * uy | (mx * ux) << 16;
	v->dims = (u64)c->height_px << 32 | c->width_px;
	v->layers = c->layers;
	v->layered = c->layers > 1;
	v->target_layers = v->layered ?
			   AGX4_FW_LAYERS_LAYERED | (c->layers - 1) :
			   AGX4_FW_LAYERS_SINGLE;
	v->target_layers_low = v->target_layers & AGX4_FW_LAYERS_LOW_MASK;
	v->tpc_size = (v->size3 << 6) * c->layers;
}

/* Tile-buffer blocks and their encoding. */
static int tile_buffer(const struct drm_asahi_cmd_render *c,
		       struct agx4_fw_render_vals *v)
{
	u32 blocks = DIV_ROUND_UP((u32)c->sample_size_B * c->utile_width_px *
				  c->utile_height_px * c->samples, 2048);

	if (blocks > AGX4_FW_MAX_TIB_BLOCKS)
		return -EINVAL;
	v->tib_blocks = blocks;
	v->tib = blocks & AGX4_FW_TIB_BLOCK_MASK;
	if (c->samples > 1)
		v->tib |= (u64)(c->samples *
				(blocks > AGX4_FW_TIB_BANK_BLOCKS ? 2 : 1))
			  << AGX4_FW_TIB_SAMPLES_SHIFT;
	v->sample_size = c->sample_size_B;
	return 0;
}

static void pipelines(const struct drm_asahi_cmd_render *c,
		      struct agx4_fw_render_vals *v)
{
	v->store_bind = c->eot.rsrc_spec;
	v->store = c->eot.usc;
	v->load_bind = c->bg.rsrc_spec;
	v->load = c->bg.usc;
	v->partial_store_bind = c->partial_eot.rsrc_spec;
	v->partial_store = c->partial_eot.usc;
	v->partial_load_bind = c->partial_bg.rsrc_spec;
	v->partial_load = c->partial_bg.usc;
}

static void zls(const struct drm_asahi_cmd_render *c,
		struct agx4_fw_render_vals *v)
{
	v->zls_ctrl = c->zls_ctrl;
	v->zls_pixels = c->isp_zls_pixels;
	v->depth_clear = c->isp_bgobjdepth;
	v->stencil_clear = c->isp_bgobjvals | AGX4_FW_STENCIL_CLEAR_TAG;
	v->depth = c->depth.base;
	v->depth_stride = c->depth.stride;
	v->depth_comp = c->depth.comp_base;
	v->depth_comp_stride = c->depth.comp_stride;
	v->stencil = c->stencil.base;
	v->stencil_stride = c->stencil.stride;
	v->stencil_comp = c->stencil.comp_base;
	v->stencil_comp_stride = c->stencil.comp_stride;
}

static void placement(const struct agx4_fw_render_in *in,
		      struct agx4_fw_render_vals *v)
{
	v->heapmeta = in->heapmeta;
	v->tilemap = in->tilemap;
	v->layermeta = in->heapmeta;
	v->aux_fb = in->aux_fb;
	v->aux_fb_flags = in->aux_fb_flags;
	v->aux_fb_pages = in->aux_fb_pages;
	v->ta_admission = in->ta.admission;
	v->frag_admission = in->frag.admission;
	v->cycle = in->cycle;
	v->record_index = in->record_index;
	v->ta_gate = in->ta.gate;
	v->frag_gate = in->frag.gate;
	v->ta_lifecycle = in->ta.lifecycle;
	v->frag_lifecycle = in->frag.lifecycle;
	v->ta_work_stamp = in->ta.work_stamp;
	v->frag_work_stamp = in->frag.work_stamp;
	v->completion = in->completion;
	v->ta_status = in->ta.status | 1;
	v->frag_status = in->frag.status | 1;
}

/**
 * agx4_fw_render_vals() - compute the values a render work item uses
 * @d: the validated command.
 * @in: the kernel's placement.
 * @v: out: the values.
 *
 * Checks the render geometry limits whatever the command
 * parser already checked, so that no builder depends on its caller.
 *
 * Return: 0; -EINVAL for a size, layer count, tile size, sample count,
 * tile-buffer size or sampler heap the firmware does not take; -ERANGE
 * for a TA address (tilemap, TPC, heap metadata, deflake buffers, VDM
 * stream) outside the 4 GiB above @in->context_base.
 */
int agx4_fw_render_vals(const struct agx4_render_desc *d,
			const struct agx4_fw_render_in *in,
			struct agx4_fw_render_vals *v)
{
	const struct drm_asahi_cmd_render *c = &d->cmd;
	int ret;

	memset(v, 0, sizeof(*v));
	if (!c->width_px || c->width_px > AGX4_FW_MAX_DIM ||
	    !c->height_px || c->height_px > AGX4_FW_MAX_DIM ||
	    !c->layers || c->layers > AGX4_FW_MAX_LAYERS ||
	    !utile_ok(c->utile_width_px, c->utile_height_px) ||
	    (c->samples != 1 && c->samples != 2 && c->samples != 4))
		return -EINVAL;
	ret = tile_buffer(c, v) ?:
	      sampler_vals(c->sampler_heap, c->sampler_count, &v->sampler_heap,
			   &v->sampler_count, &v->sampler_max) ?:
	      ta_offsets(d, in, v);
	if (ret)
		return ret;
	geometry(c, v);
	pipelines(c, v);
	zls(c, v);
	placement(in, v);
	v->utile_config = (c->utile_width_px / 16) << 12 |
			  (c->utile_height_px / 16) << 14 | ilog2(c->samples);
	v->samples = c->samples;
	v->msaa = c->ppp_multisamplectl;
	v->ppp_ctrl = c->ppp_ctrl;
	v->merge_x = c->isp_merge_upper_x;
	v->merge_y = c->isp_merge_upper_y;
	v->scissor = c->isp_scissor_base;
	v->dbias = c->isp_dbias_base;
	v->oclqry = c->isp_oclqry_base;
	v->empty_tiles = !!(c->flags & DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES);
	v->tile_config = AGX4_FW_TILE_CONFIG_BASE | v->layered |
			 (v->empty_tiles ? AGX4_FW_TILE_CONFIG_EMPTY : 0);
	v->tile_config_low = v->tile_config & AGX4_FW_TILE_CONFIG_LOW;
	v->tile_state = AGX4_FW_TILE_STATE_BASE | AGX4_FW_TILE_STATE_FIXED |
			(v->tiles_x - 1) << AGX4_FW_TILE_STATE_TX_SHIFT |
			(v->tiles_y - 1) << AGX4_FW_TILE_STATE_TY_SHIFT |
			(v->layered ? AGX4_FW_TILE_STATE_LAYERED : 0) |
			(v->utile_config & AGX4_FW_TILE_STATE_UTILE_MASK) <<
			AGX4_FW_TILE_STATE_UTILE_SHIFT;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_render_vals);

/* Save-area words the compute program points the hardware at. */
static const u32 compute_resource_words[] = AGX4_FW_COMPUTE_SAVE_WORDS;

/**
 * agx4_fw_compute_vals() - compute the values a compute work item uses
 * @d: the validated command.
 * @in: the kernel's placement.
 * @v: out: the values.
 *
 * Return: 0, or -EINVAL for a CDM stream that is empty, misaligned or
 * ends before it starts, or a bad sampler heap.
 */
int agx4_fw_compute_vals(const struct agx4_compute_desc *d,
			 const struct agx4_fw_compute_in *in,
			 struct agx4_fw_compute_vals *v)
{
	const struct drm_asahi_cmd_compute *c = &d->cmd;
	unsigned int i;

	memset(v, 0, sizeof(*v));
	if (!c->cdm_ctrl_stream_base || c->cdm_ctrl_stream_base & 3 ||
	    c->cdm_ctrl_stream_end & 3 ||
	    c->cdm_ctrl_stream_end <= c->cdm_ctrl_stream_base)
		return -EINVAL;
	if (sampler_vals(c->sampler_heap, c->sampler_count, &v->sampler_heap,
			 &v->sampler_count, &v->sampler_max))
		return -EINVAL;
	v->resource = in->resource;
	for (i = 0; i < ARRAY_SIZE(v->resource_regs); i++)
		v->resource_regs[i] = in->resource + compute_resource_words[i];
	v->cdm_stream = c->cdm_ctrl_stream_base;
	v->cdm_start = in->cdm_entry ?: c->cdm_ctrl_stream_base;
	v->cdm_last = c->cdm_ctrl_stream_end - 4;
	v->reg_identity = in->reg_identity;
	v->helper_binary = c->helper.binary;
	v->helper_data = c->helper.data;
	v->helper_cfg = c->helper.cfg;
	v->gate = in->gate;
	v->robustness = in->robustness | 1;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_compute_vals);

/**
 * agx4_fw_emit_regs() - write a register program
 * @prog: the program's records, in order.
 * @n: how many.
 * @vals: the values structure, as an array of u64.
 * @nvals: its length.
 * @out: where to.
 * @max: records there is room for at @out.
 *
 * Return: records written (@n), -E2BIG if they do not fit, or -EINVAL for
 * a record naming a value past @nvals.
 */
int agx4_fw_emit_regs(const struct agx4_fw_reg_src *prog, unsigned int n,
		      const u64 *vals, unsigned int nvals,
		      struct agx4_fw_reg *out, unsigned int max)
{
	unsigned int i;

	if (n > max)
		return -E2BIG;
	for (i = 0; i < n; i++)
		if (prog[i].val != AGX4_FW_REG_IMM && prog[i].val >= nvals)
			return -EINVAL;
	for (i = 0; i < n; i++) {
		u64 value = prog[i].val == AGX4_FW_REG_IMM ? prog[i].imm :
			    vals[prog[i].val];

		out[i].reg = cpu_to_le32(prog[i].reg);
		out[i].value = cpu_to_le64(value);
	}
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_emit_regs);

#define RV(r, m)	AGX4_FW_REG_VAL(struct agx4_fw_render_vals, r, m)
#define K(r, v)		AGX4_FW_REG_CONST(r, v)

/*
 * The render programs G16 and G17P share (in the reference drivers'
 * order): the records that differ between them
 * name a value each generation sets (&agx4_fw_render_vals.ta_msaa2,
 * .ta_layer_word, .frag_tib), and each generation appends its own tail.
 */
static const struct agx4_fw_reg_src ta_prog[AGX4_FW_TA_REGS] = {
	K(0x01748, 1),
	K(0x10141, 512),
	RV(0x1c039, ta_tilemap),
	RV(0x1c9c8, ta_tilemap),
	RV(0x1c0a1, ta_tpc),
	RV(0x1c031, ta_heapmeta_tag),
	RV(0x1c9c0, ta_heapmeta_tag),
	K(0x1c051, 0x3a0012006b0003ull),
	K(0x1c061, 1),
	RV(0x10149, utile_config),
	RV(0x10139, msaa),
	RV(0x10111, ta_deflake1),
	RV(0x1c9b0, ta_deflake1),
	RV(0x10119, ta_deflake2),
	RV(0x1c9b8, ta_deflake2),
	K(0x1c958, 1),
	RV(0x1c950, ta_deflake3_tag),
	K(0x1c930, 0),
	RV(0x1c880, ta_encoder),
	/* Layer metadata: the heap metadata. */
	RV(0x1c079, ta_heapmeta),
	RV(0x1c9d8, ta_heapmeta),
	K(0x10151, 0),
	K(0x1c199, 0),
	K(0x1c1a1, 0),
	K(0x1c1a9, 0),
	K(0x1c1b1, 0),
	K(0x1c1b9, 0),
	K(0x1c8f8, 0x8860),
	RV(0x1c0b1, size1),
	RV(0x1c850, size1),
	RV(0x10131, ta_msaa2),
	RV(0x10121, ppp_ctrl),
	RV(0x10129, pixels),
	RV(0x101b9, screen),
	RV(0x1c069, x_blocks),
	RV(0x1c071, y_blocks),
	RV(0x1c081, size2),
	RV(0x1c0a9, size3),
	K(0x10171, 256),
	RV(0x10169, target_layers),
	K(0x0a309, 0),
	K(0x1c8e0, U64_MAX),
	K(0x1c8e8, U64_MAX),
	K(0x1c898, 0),
	K(0x101e1, 28),
	RV(0x1c9e8, ta_layer_word),
	K(0x1a099, 0),
	K(0x1a0a1, 0),
	K(0x1a069, 0),
	K(0x1a071, 0),
	K(0x1a0c9, 0),
	K(0x1a0d1, 0),
	K(0x101c9, 0),
	K(0x0d471, 0),
	K(0x1a0f1, 8),
	K(0x10799, 0xff0000),
	/* G16: the buffer-manager slot; G17P: the TVB pool. */
	RV(0x1c830, ta_admission),
	RV(0x1ca30, cycle),
	RV(0x16c39, cycle),
	RV(0x1c910, record_index),
	RV(0x0a5a1, ta_gate),
	K(0x0d419, 0x200000001ull),
	RV(0x1ca10, ta_lifecycle),
	RV(0x014a1, ta_lifecycle),
	RV(0x0a349, ta_lifecycle),
	RV(0x10209, ta_work_stamp),
	RV(0x1c9f0, ta_work_stamp),
	RV(0x14320, ta_work_stamp),
	RV(0x14308, completion),
	RV(0x14318, ta_status),
	K(0x01740, 1),
};

static const struct agx4_fw_reg_src frag_prog[AGX4_FW_FRAG_REGS] = {
	K(0x01739, 1),
	RV(0x10009, utile_config),
	RV(0x15379, store_bind),
	RV(0x15381, store),
	RV(0x15369, load_bind),
	RV(0x15371, load),
	RV(0x15131, merge_x),
	RV(0x15139, merge_y),
	K(0x100a1, 0),
	K(0x15069, 0),
	K(0x15071, 0),
	K(0x16058, 0),
	RV(0x10019, msaa),
	RV(0x100b1, macro_size),
	RV(0x16030, macro_size),
	RV(0x100d9, screen),
	K(0x0a301, 0),
	K(0x10791, 0xff0200),
	RV(0x16098, heapmeta),
	RV(0x15109, scissor),
	RV(0x15101, dbias),
	RV(0x15021, aux_fb_flags),
	RV(0x15211, dims),
	RV(0x15049, aux_fb_pages),
	RV(0x10051, frag_tib),
	RV(0x15321, zls_pixels),
	RV(0x15301, depth_clear),
	RV(0x15309, stencil_clear),
	RV(0x15311, oclqry),
	RV(0x15319, zls_ctrl),
	K(0x15349, 0x04040404),
	K(0x15351, 0),
	RV(0x15329, depth),
	RV(0x15331, depth),
	RV(0x15339, stencil),
	RV(0x15341, stencil),
	K(0x15231, 0),
	K(0x15221, 0),
	K(0x15239, 0),
	K(0x15229, 0),
	RV(0x15401, depth_stride),
	RV(0x15421, depth_stride),
	RV(0x15409, stencil_stride),
	RV(0x15429, stencil_stride),
	RV(0x153c1, depth_comp),
	RV(0x15411, depth_comp_stride),
	RV(0x153c9, depth_comp),
	RV(0x15431, depth_comp_stride),
	RV(0x153d1, stencil_comp),
	RV(0x15419, stencil_comp_stride),
	RV(0x153d9, stencil_comp),
	RV(0x15439, stencil_comp_stride),
	RV(0x16429, tilemap),
	RV(0x16060, layermeta),
	RV(0x16431, size1_tag),
	RV(0x10039, tile_config),
	K(0x16020, 0),
	K(0x16451, 0),
	K(0x15359, 0),
	K(0x100b8, 0x8860),
	RV(0x16461, aux_fb),
	RV(0x16090, aux_fb),
	K(0x101e9, 28),
	K(0x160a8, 0),
	RV(0x16068, tile_state),
	K(0x1a0a9, 0),
	K(0x1a0b1, 0),
	K(0x1a079, 0),
	K(0x1a081, 0),
	K(0x1a0d9, 0),
	K(0x1a0e1, 0),
	K(0x101c1, 0),
	K(0x0d469, 0),
	K(0x1a0f9, 8),
	RV(0x0a5a9, frag_gate),
	K(0x0d429, 0x200000001ull),
	RV(0x160e0, frag_lifecycle),
	RV(0x01499, frag_lifecycle),
	RV(0x0a341, frag_lifecycle),
	RV(0x1c838, frag_admission),
	RV(0x1ca28, cycle),
	RV(0x10211, frag_work_stamp),
	RV(0x10420, frag_work_stamp),
	RV(0x14048, completion),
	RV(0x14080, frag_status),
	K(0x01731, 1),
};

#undef RV
#undef K

/**
 * agx4_fw_emit_rvals() - write a register program from a render's values
 * @prog: the program's records, in order.
 * @n: how many.
 * @v: the values.
 * @out: where to.
 * @max: records there is room for at @out.
 *
 * Return: as agx4_fw_emit_regs().
 */
int agx4_fw_emit_rvals(const struct agx4_fw_reg_src *prog, unsigned int n,
		       const struct agx4_fw_render_vals *v,
		       struct agx4_fw_reg *out, unsigned int max)
{
	return agx4_fw_emit_regs(prog, n, (const u64 *)v,
				 sizeof(*v) / sizeof(u64), out, max);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_emit_rvals);

/**
 * agx4_fw_emit_cvals() - write a register program from a compute job's values
 * @prog: the program's records, in order.
 * @n: how many.
 * @v: the values.
 * @out: where to.
 * @max: records there is room for at @out.
 *
 * Return: as agx4_fw_emit_regs().
 */
int agx4_fw_emit_cvals(const struct agx4_fw_reg_src *prog, unsigned int n,
		       const struct agx4_fw_compute_vals *v,
		       struct agx4_fw_reg *out, unsigned int max)
{
	return agx4_fw_emit_regs(prog, n, (const u64 *)v,
				 sizeof(*v) / sizeof(u64), out, max);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_emit_cvals);

/**
 * agx4_fw_emit_render() - write a render stage's register program
 * @frag: the 3D program, else the TA program.
 * @tail: the generation's records after the shared ones.
 * @ntail: how many.
 * @v: the render's values.
 * @out: where to.
 * @max: records there is room for at @out.
 *
 * Return: records written, or -E2BIG if they do not fit.
 */
int agx4_fw_emit_render(bool frag, const struct agx4_fw_reg_src *tail,
			unsigned int ntail, const struct agx4_fw_render_vals *v,
			struct agx4_fw_reg *out, unsigned int max)
{
	const struct agx4_fw_reg_src *prog = frag ? frag_prog : ta_prog;
	unsigned int n = frag ? ARRAY_SIZE(frag_prog) : ARRAY_SIZE(ta_prog);
	int ret;

	if (n + ntail > max)
		return -E2BIG;
	ret = agx4_fw_emit_rvals(prog, n, v, out, max);
	if (ret < 0)
		return ret;
	ret = agx4_fw_emit_rvals(tail, ntail, v, out + n, max - n);
	return ret < 0 ? ret : n + ntail;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_emit_render);
