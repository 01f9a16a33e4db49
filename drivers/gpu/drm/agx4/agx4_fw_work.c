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
 *   the geometry limits of g16-g17p-reference.md 3.12.
 *
 * Register programs are data: an ordered table of &struct agx4_fw_reg_src
 * per generation and stage, each record naming the register and the value
 * member it writes.  agx4_fw_emit_regs() turns a table into the records
 * the firmware reads, in table order, duplicates kept.
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

/* Tile-buffer blocks and their encoding (3.11, 3.12). */
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
 * Checks the limits of g16-g17p-reference.md 3.12 whatever the command
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

/* Save-area words the compute program points the hardware at (3.13). */
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
