// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/math.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include <asm/byteorder.h>

#include "agx4_fw_work.h"
#include "agx4_fwif.h"
#include "agx4_regs.h"
#include "agx4_test_hooks.h"

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
 * Return: 0, or -EINVAL if a buffer is missing or smaller than what the
 * builder writes of its object (&agx4_fw_item.written).
 */
int agx4_fw_bufs_check(const struct agx4_fw_item *objs, unsigned int n,
		       const struct agx4_fw_buf *bufs)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!bufs[i].ptr ||
		    bufs[i].size < (objs[i].written ?: objs[i].size))
			return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_bufs_check);

/*
 * @addr as an offset from @base, if it lies in the 4 GiB above it (one
 * below @base wraps past them).
 */
static int ta_offset(u64 base, u64 addr, u64 *out)
{
	if (addr - base > U32_MAX)
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

/* The size and sampling limits the firmware takes. */
static bool shape_ok(const struct drm_asahi_cmd_render *c)
{
	return c->width_px && c->width_px <= AGX4_FW_MAX_DIM &&
	       c->height_px && c->height_px <= AGX4_FW_MAX_DIM &&
	       c->layers && c->layers <= AGX4_FW_MAX_LAYERS &&
	       utile_ok(c->utile_width_px, c->utile_height_px) &&
	       (c->samples == 1 || c->samples == 2 || c->samples == 4);
}

/* Macrotile blocks of a dimension of @px pixels (tiles of 32). */
static u64 macro_blocks(u32 px)
{
	return (DIV_ROUND_UP(DIV_ROUND_UP(px, 32), 4) + 3) & ~3ull;
}

/* Tilemap (size1) and TPC (size3) units, mx * my * ux * uy based. */
static u64 size1_of(u64 mxy, u64 uxy)
{
	return DIV_ROUND_UP(5 * mxy * uxy, 4);
}

static u64 size3_of(u64 mxy, u64 uxy)
{
	return 2 * mxy * uxy;
}

/* The tiling geometry (mx, my: macrotile blocks; ux, uy: utiles). */
static void geometry(const struct drm_asahi_cmd_render *c,
		     struct agx4_fw_render_vals *v)
{
	u64 tx = DIV_ROUND_UP(c->width_px, 32), ty = DIV_ROUND_UP(c->height_px, 32);
	u64 mx = macro_blocks(c->width_px), my = macro_blocks(c->height_px);
	u64 ux = 32 / c->utile_width_px, uy = 32 / c->utile_height_px;

	v->tiles_x = tx;
	v->tiles_y = ty;
	v->tiles = tx * ty;
	v->size1 = size1_of(mx * my, ux * uy);
	v->size2 = mx * my;
	v->size3 = size3_of(mx * my, ux * uy);
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
 * agx4_fw_render_scratch() - the bytes of a render's tilemap and TPC
 * @c: the render.
 * @tilemap: out: its tilemap's bytes, whole 16 KiB pages.
 * @tpc: out: its TPC's bytes, likewise.
 *
 * What agx4_fw_render_vals() derives as size1 and size3, 64 bytes each
 * per layer (H: as the reference sizes them), before anything is placed:
 * the kernel allocates both ahead of building the render.
 *
 * Return: 0, or -EINVAL for a size, layer count, tile size or sample
 * count the firmware does not take.
 */
int agx4_fw_render_scratch(const struct drm_asahi_cmd_render *c,
			   u64 *tilemap, u64 *tpc)
{
	u64 mxy, uxy;

	if (!shape_ok(c))
		return -EINVAL;
	mxy = macro_blocks(c->width_px) * macro_blocks(c->height_px);
	uxy = (32 / c->utile_width_px) * (32 / c->utile_height_px);
	*tilemap = round_up(size1_of(mxy, uxy) * 64 * c->layers, SZ_16K);
	*tpc = round_up(size3_of(mxy, uxy) * 64 * c->layers, SZ_16K);
	return 0;
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
	if (!shape_ok(c))
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_render_vals);

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_compute_vals);

/**
 * agx4_fw_zls_words() - the six words of a depth or stencil copy
 * @out: where to: buffer, stride, compression stride, buffer, buffer,
 *	compression buffer (the layout both generations' descriptors share).
 * @buf: the buffer.
 * @stride: its stride.
 * @comp: the compression buffer.
 * @comp_stride: its stride.
 */
void agx4_fw_zls_words(__le64 *out, u64 buf, u64 stride, u64 comp,
		       u64 comp_stride)
{
	out[0] = cpu_to_le64(buf);
	out[1] = cpu_to_le64(stride);
	out[2] = cpu_to_le64(comp_stride);
	out[3] = cpu_to_le64(buf);
	out[4] = cpu_to_le64(buf);
	out[5] = cpu_to_le64(comp);
}

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_emit_regs);

#define RV(r, m)	AGX4_FW_REG_VAL(struct agx4_fw_render_vals, r, m)
#define K(r, v)		AGX4_FW_REG_CONST(r, v)

/*
 * The render programs G16 and G17P share (in the reference drivers'
 * order): the records that differ between them
 * name a value each generation sets (&agx4_fw_render_vals.ta_msaa2,
 * .ta_layer_word, .frag_tib), and each generation appends its own tail.
 */
static const struct agx4_fw_reg_src ta_prog[AGX4_FW_TA_REGS] = {
	K(AGX4_CR_01748, 1),
	K(AGX4_CR_10141, 512),
	RV(AGX4_CR_TA_TILEMAP, ta_tilemap),
	RV(AGX4_CR_TA_TILEMAP_B, ta_tilemap),
	RV(AGX4_CR_TA_TPC, ta_tpc),
	RV(AGX4_CR_TA_HEAPMETA_TAG, ta_heapmeta_tag),
	RV(AGX4_CR_TA_HEAPMETA_TAG_B, ta_heapmeta_tag),
	K(AGX4_CR_1C051, AGX4_CR_1C051_VALUE),
	K(AGX4_CR_1C061, 1),
	RV(AGX4_CR_TA_UTILE_CONFIG, utile_config),
	RV(AGX4_CR_TA_MSAA, msaa),
	RV(AGX4_CR_TA_DEFLAKE1, ta_deflake1),
	RV(AGX4_CR_TA_DEFLAKE1_B, ta_deflake1),
	RV(AGX4_CR_TA_DEFLAKE2, ta_deflake2),
	RV(AGX4_CR_TA_DEFLAKE2_B, ta_deflake2),
	K(AGX4_CR_1C958, 1),
	RV(AGX4_CR_TA_DEFLAKE3_TAG, ta_deflake3_tag),
	K(AGX4_CR_1C930, 0),
	RV(AGX4_CR_TA_ENCODER, ta_encoder),
	/* Layer metadata: the heap metadata. */
	RV(AGX4_CR_TA_HEAPMETA, ta_heapmeta),
	RV(AGX4_CR_TA_HEAPMETA_B, ta_heapmeta),
	K(AGX4_CR_10151, 0),
	K(AGX4_CR_1C199, 0),
	K(AGX4_CR_1C1A1, 0),
	K(AGX4_CR_1C1A9, 0),
	K(AGX4_CR_1C1B1, 0),
	K(AGX4_CR_1C1B9, 0),
	K(AGX4_CR_1C8F8, AGX4_CR_1C8F8_VALUE),
	RV(AGX4_CR_TA_SIZE1, size1),
	RV(AGX4_CR_TA_SIZE1_B, size1),
	RV(AGX4_CR_TA_MSAA2, ta_msaa2),
	RV(AGX4_CR_TA_PPP_CTRL, ppp_ctrl),
	RV(AGX4_CR_TA_PIXELS, pixels),
	RV(AGX4_CR_TA_SCREEN, screen),
	RV(AGX4_CR_TA_X_BLOCKS, x_blocks),
	RV(AGX4_CR_TA_Y_BLOCKS, y_blocks),
	RV(AGX4_CR_TA_SIZE2, size2),
	RV(AGX4_CR_TA_SIZE3, size3),
	K(AGX4_CR_10171, 256),
	RV(AGX4_CR_TA_TARGET_LAYERS, target_layers),
	K(AGX4_CR_0A309, 0),
	K(AGX4_CR_1C8E0, U64_MAX),
	K(AGX4_CR_1C8E8, U64_MAX),
	K(AGX4_CR_1C898, 0),
	K(AGX4_CR_101E1, 28),
	RV(AGX4_CR_TA_LAYER_WORD, ta_layer_word),
	K(AGX4_CR_1A099, 0),
	K(AGX4_CR_1A0A1, 0),
	K(AGX4_CR_1A069, 0),
	K(AGX4_CR_1A071, 0),
	K(AGX4_CR_1A0C9, 0),
	K(AGX4_CR_1A0D1, 0),
	K(AGX4_CR_101C9, 0),
	K(AGX4_CR_0D471, 0),
	K(AGX4_CR_1A0F1, 8),
	K(AGX4_CR_10799, AGX4_CR_10799_VALUE),
	/* G16: the buffer-manager slot; G17P: the TVB pool. */
	RV(AGX4_CR_TA_ADMISSION, ta_admission),
	RV(AGX4_CR_TA_CYCLE, cycle),
	RV(AGX4_CR_TA_CYCLE_B, cycle),
	RV(AGX4_CR_TA_RECORD_INDEX, record_index),
	RV(AGX4_CR_TA_GATE, ta_gate),
	K(AGX4_CR_0D419, AGX4_CR_0D419_VALUE),
	RV(AGX4_CR_TA_LIFECYCLE, ta_lifecycle),
	RV(AGX4_CR_TA_LIFECYCLE_B, ta_lifecycle),
	RV(AGX4_CR_TA_LIFECYCLE_C, ta_lifecycle),
	RV(AGX4_CR_TA_WORK_STAMP, ta_work_stamp),
	RV(AGX4_CR_TA_WORK_STAMP_B, ta_work_stamp),
	RV(AGX4_CR_TA_WORK_STAMP_C, ta_work_stamp),
	RV(AGX4_CR_TA_COMPLETION, completion),
	RV(AGX4_CR_TA_STATUS, ta_status),
	K(AGX4_CR_01740, 1),
};

static const struct agx4_fw_reg_src frag_prog[AGX4_FW_FRAG_REGS] = {
	K(AGX4_CR_01739, 1),
	RV(AGX4_CR_FRAG_UTILE_CONFIG, utile_config),
	RV(AGX4_CR_FRAG_STORE_BIND, store_bind),
	RV(AGX4_CR_FRAG_STORE, store),
	RV(AGX4_CR_FRAG_LOAD_BIND, load_bind),
	RV(AGX4_CR_FRAG_LOAD, load),
	RV(AGX4_CR_FRAG_MERGE_X, merge_x),
	RV(AGX4_CR_FRAG_MERGE_Y, merge_y),
	K(AGX4_CR_100A1, 0),
	K(AGX4_CR_15069, 0),
	K(AGX4_CR_15071, 0),
	K(AGX4_CR_16058, 0),
	RV(AGX4_CR_FRAG_MSAA, msaa),
	RV(AGX4_CR_FRAG_MACRO_SIZE, macro_size),
	RV(AGX4_CR_FRAG_MACRO_SIZE_B, macro_size),
	RV(AGX4_CR_FRAG_SCREEN, screen),
	K(AGX4_CR_0A301, 0),
	K(AGX4_CR_10791, AGX4_CR_10791_VALUE),
	RV(AGX4_CR_FRAG_HEAPMETA, heapmeta),
	RV(AGX4_CR_FRAG_SCISSOR, scissor),
	RV(AGX4_CR_FRAG_DBIAS, dbias),
	RV(AGX4_CR_FRAG_AUX_FB_FLAGS, aux_fb_flags),
	RV(AGX4_CR_FRAG_DIMS, dims),
	RV(AGX4_CR_FRAG_AUX_FB_PAGES, aux_fb_pages),
	RV(AGX4_CR_FRAG_TIB, frag_tib),
	RV(AGX4_CR_FRAG_ZLS_PIXELS, zls_pixels),
	RV(AGX4_CR_FRAG_DEPTH_CLEAR, depth_clear),
	RV(AGX4_CR_FRAG_STENCIL_CLEAR, stencil_clear),
	RV(AGX4_CR_FRAG_OCLQRY, oclqry),
	RV(AGX4_CR_FRAG_ZLS_CTRL, zls_ctrl),
	K(AGX4_CR_15349, AGX4_CR_15349_VALUE),
	K(AGX4_CR_15351, 0),
	RV(AGX4_CR_FRAG_DEPTH, depth),
	RV(AGX4_CR_FRAG_DEPTH_B, depth),
	RV(AGX4_CR_FRAG_STENCIL, stencil),
	RV(AGX4_CR_FRAG_STENCIL_B, stencil),
	K(AGX4_CR_15231, 0),
	K(AGX4_CR_15221, 0),
	K(AGX4_CR_15239, 0),
	K(AGX4_CR_15229, 0),
	RV(AGX4_CR_FRAG_DEPTH_STRIDE, depth_stride),
	RV(AGX4_CR_FRAG_DEPTH_STRIDE_B, depth_stride),
	RV(AGX4_CR_FRAG_STENCIL_STRIDE, stencil_stride),
	RV(AGX4_CR_FRAG_STENCIL_STRIDE_B, stencil_stride),
	RV(AGX4_CR_FRAG_DEPTH_COMP, depth_comp),
	RV(AGX4_CR_FRAG_DEPTH_COMP_STRIDE, depth_comp_stride),
	RV(AGX4_CR_FRAG_DEPTH_COMP_B, depth_comp),
	RV(AGX4_CR_FRAG_DEPTH_COMP_STRIDE_B, depth_comp_stride),
	RV(AGX4_CR_FRAG_STENCIL_COMP, stencil_comp),
	RV(AGX4_CR_FRAG_STENCIL_COMP_STRIDE, stencil_comp_stride),
	RV(AGX4_CR_FRAG_STENCIL_COMP_B, stencil_comp),
	RV(AGX4_CR_FRAG_STENCIL_COMP_STRIDE_B, stencil_comp_stride),
	RV(AGX4_CR_FRAG_TILEMAP, tilemap),
	RV(AGX4_CR_FRAG_LAYERMETA, layermeta),
	RV(AGX4_CR_FRAG_SIZE1_TAG, size1_tag),
	RV(AGX4_CR_FRAG_TILE_CONFIG, tile_config),
	K(AGX4_CR_16020, 0),
	K(AGX4_CR_16451, 0),
	K(AGX4_CR_15359, 0),
	K(AGX4_CR_100B8, AGX4_CR_100B8_VALUE),
	RV(AGX4_CR_FRAG_AUX_FB, aux_fb),
	RV(AGX4_CR_FRAG_AUX_FB_B, aux_fb),
	K(AGX4_CR_101E9, 28),
	K(AGX4_CR_160A8, 0),
	RV(AGX4_CR_FRAG_TILE_STATE, tile_state),
	K(AGX4_CR_1A0A9, 0),
	K(AGX4_CR_1A0B1, 0),
	K(AGX4_CR_1A079, 0),
	K(AGX4_CR_1A081, 0),
	K(AGX4_CR_1A0D9, 0),
	K(AGX4_CR_1A0E1, 0),
	K(AGX4_CR_101C1, 0),
	K(AGX4_CR_0D469, 0),
	K(AGX4_CR_1A0F9, 8),
	RV(AGX4_CR_FRAG_GATE, frag_gate),
	K(AGX4_CR_0D429, AGX4_CR_0D429_VALUE),
	RV(AGX4_CR_FRAG_LIFECYCLE, frag_lifecycle),
	RV(AGX4_CR_FRAG_LIFECYCLE_B, frag_lifecycle),
	RV(AGX4_CR_FRAG_LIFECYCLE_C, frag_lifecycle),
	RV(AGX4_CR_FRAG_ADMISSION, frag_admission),
	RV(AGX4_CR_FRAG_CYCLE, cycle),
	RV(AGX4_CR_FRAG_WORK_STAMP, frag_work_stamp),
	RV(AGX4_CR_FRAG_WORK_STAMP_B, frag_work_stamp),
	RV(AGX4_CR_FRAG_COMPLETION, completion),
	RV(AGX4_CR_FRAG_STATUS, frag_status),
	K(AGX4_CR_01731, 1),
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_emit_rvals);

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_emit_cvals);

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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_emit_render);
