/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_WORK_H
#define AGX4_FW_WORK_H

#include <linux/build_bug.h>
#include <linux/stddef.h>
#include <linux/types.h>

#include <asm/byteorder.h>

#include "agx4_cmdbuf.h"

struct agx4_fw_reg;

/**
 * struct agx4_fw_buf - a buffer a builder writes one object into
 * @ptr: the buffer.
 * @size: its size in bytes.
 */
struct agx4_fw_buf {
	void *ptr;
	size_t size;
};

/**
 * struct agx4_fw_item - one object a work builder writes
 * @name: what it is, as the decoder names it.
 * @size: its size in bytes.
 * @written: bytes from its start the builder writes, zeros included, and
 *	the least a buffer for it may hold; 0 means all @size.  The rest is
 *	never written by the host.
 */
struct agx4_fw_item {
	const char *name;
	u32 size;
	u32 written;
};

/**
 * struct agx4_fw_stage_in - where the kernel placed one stage of a job
 *
 * Firmware addresses unless said otherwise.  Which members a generation
 * uses is said in its file; the others are ignored.
 *
 * @work: the stage's work item.
 * @microseq: its microsequence (G16).
 * @work_alias: GPU address at which the work item is also mapped; the
 *	firmware reaches its register programs there.
 * @queue: the queue record it is pushed to.
 * @stats: the stage's statistics record.
 * @status: its status page (GPU address, written to a register).
 * @driver_stamp: the driver stamp the firmware writes on completion.
 * @fw_stamp: the lane's firmware stamp.
 * @stamp: the stamp value that means "this work is done".
 * @event: the event id of the work.
 * @uuid: the work's UUID.
 * @counter: the work item's counter (queue ordinal based).
 * @lifecycle: the lifecycle word (registers and, >> 32, the item).
 * @work_stamp: the work-stamp register value.
 * @gate: the execution-gate register value (G17P: fixed, ignored).
 * @admission: the admission register value (G16: the pool slot).
 * @shared_tail: the shared tail page (G16; 256-byte aligned).
 * @prof: the private profiling slots the firmware writes raw ticks to.
 * @dispatch: the pair dispatch slots (G17P).
 * @status_rec: the status record (G17P).
 * @grid: the grid (G17P).
 * @item: the queue item (G17P; TA: below 256).
 * @index: the item index (G17P).
 * @store_flag: the stage's store flag (G17P).
 * @ev_group: the event item's group, below 2^24 (G17P).
 * @ev_counter: the event item's counter, low byte (G17P).
 */
struct agx4_fw_stage_in {
	u64 work;
	u64 microseq;
	u64 work_alias;
	u64 queue;
	u64 stats;
	u64 status;
	u64 driver_stamp;
	u64 fw_stamp;
	u32 stamp;
	u32 event;
	u32 uuid;
	u64 counter;
	u64 lifecycle;
	u64 work_stamp;
	u64 gate;
	u64 admission;
	u64 shared_tail;
	struct agx4_ts_dests prof;
	u64 dispatch[2];
	u64 status_rec;
	u32 grid;
	u32 item;
	u32 index;
	bool store_flag;
	u32 ev_group;
	u8 ev_counter;
};

/**
 * struct agx4_fw_render_in - the kernel's side of a render job
 *
 * What a render work item needs beyond the validated command
 * (&struct agx4_render_desc): where the kernel placed its objects and the
 * tiled-vertex-buffer state of its VM.
 *
 * @ta: the TA (vertex) stage.
 * @frag: the 3D (fragment) stage.
 * @context_id: the VM's context id (ASID slot).
 * @context_base: GPU address the TA offsets count from
 *	(%AGX4_FW_CONTEXT_BASE on both generations known).
 * @event_control: the event-control record.
 * @bm_slot: the buffer-manager (TVB pool) slot (G17P: the pool, 0..14).
 * @bm: the buffer manager.
 * @scene: the scene record ("buffer thing").
 * @empty_buffer: the empty buffer.
 * @tilemap: GPU address of the tilemap.
 * @tpc: GPU address of the tail-pointer cache.
 * @heapmeta: GPU address of the heap metadata.
 * @deflake: GPU addresses of the three deflake buffers.
 * @cycle: the scene-scratch "cycle" register value.
 * @record_index: the record-index register value.
 * @completion: the completion-control register value (G17P: none,
 *	ignored).
 * @support: the render support object (G16: 256-byte aligned).
 * @aux_fb: GPU address of the aux framebuffer.
 * @aux_fb_flags: its flags.
 * @aux_fb_pages: its page count.
 * @request_growth: ask the firmware to request TVB growth (G17P: reactive
 *	growth).
 * @sync_grow: fragment sync-grow.
 * @pool_objs: the scheduler pool records of the render (G17P): pool-A
 *	record, shared object A, pool-B record, shared object B.
 * @work_value: the render's work value, ordinal + ordinal / 2 (G17P).
 * @tvb_blocks: blocks the TA prelude starts the pool with (G16).
 */
struct agx4_fw_render_in {
	struct agx4_fw_stage_in ta;
	struct agx4_fw_stage_in frag;
	u32 context_id;
	u64 context_base;
	u64 event_control;
	u64 bm_slot;
	u64 bm;
	u64 scene;
	u64 empty_buffer;
	u64 tilemap;
	u64 tpc;
	u64 heapmeta;
	u64 deflake[3];
	u64 cycle;
	u64 record_index;
	u64 completion;
	u64 support;
	u64 aux_fb;
	u64 aux_fb_flags;
	u64 aux_fb_pages;
	bool request_growth;
	bool sync_grow;
	u64 pool_objs[4];
	u32 work_value;
	u32 tvb_blocks;
};

/**
 * struct agx4_fw_compute_in - the kernel's side of a compute job
 * @st: the stage.
 * @context_id: the VM's context id.
 * @notifier: the compute notifier record.
 * @resource: the preemption/save area.
 * @cdm_entry: GPU address of the entry trampoline the program starts at
 *	(G16), 0 to start at the user's stream.
 * @identity: the work's identity.
 * @reg_identity: the identity register value.
 * @ordinal: the work's ordinal.
 * @event_generation: the notifier's event generation.
 * @support: the compute support object.
 * @scratch: the compute scratch area.
 * @marker: the compute marker page.
 * @user_ts: where the user timestamp pair is placed (G16: the work's
 *	storage + 0x17c0).
 * @sched: the scheduler record (G17P).
 * @status: the status pair (G17P).
 * @shared_control: shared control (G17P).
 * @zero_page: the zero page (G17P).
 * @support_control: support control (G17P).
 * @support_flags: support flags (G17P).
 * @queue_submission: the queue's submission count, 1..0xffffff (G17P).
 * @queue_ordinal: the queue ordinal (G17P).
 * @submission_index: the submission index, not 0 (G17P).
 * @gate: the execution-gate register value (G17P).
 * @robustness: the robustness register value, without bit 0 (G17P).
 * @operand_state: the operand-state base (G17P).
 * @usc_base: the queue's USC execution base (G17P: its compute program
 *	carries it; the firmware runs shaders only at 2^40).
 */
struct agx4_fw_compute_in {
	struct agx4_fw_stage_in st;
	u32 context_id;
	u64 notifier;
	u64 resource;
	u64 cdm_entry;
	u64 identity;
	u64 reg_identity;
	u32 ordinal;
	u32 event_generation;
	u64 support;
	u64 scratch;
	u64 marker;
	u64 user_ts;
	u64 sched;
	u64 status[2];
	u64 shared_control;
	u64 zero_page;
	u32 support_control;
	u32 support_flags;
	u32 queue_submission;
	u32 queue_ordinal;
	u32 submission_index;
	u64 gate;
	u64 robustness;
	u64 operand_state;
	u64 usc_base;
};

/**
 * struct agx4_fw_tvb_in - a VM's tiled-vertex-buffer pool, placed
 * @slot: the pool's buffer-manager slot (G16: 7..63).
 * @blocks: blocks it starts with (the generation's initial blocks).
 * @first_block: GPU address of its first block; the others follow at the
 *	generation's block stride.
 * @page_list: firmware address of the page list.
 * @page_list_gpu: GPU address the page list is also mapped at.
 * @page_list_size: bytes of it mapped there.
 * @block_list: firmware address of the block list.
 * @block_control: firmware address of the block control.
 * @counter: firmware address of the growth counter.
 * @scene_list: firmware address of the scene list.
 * @pool_slots: GPU address of the pool-slot words.
 */
struct agx4_fw_tvb_in {
	u32 slot;
	u32 blocks;
	u64 first_block;
	u64 page_list;
	u64 page_list_gpu;
	u64 page_list_size;
	u64 block_list;
	u64 block_control;
	u64 counter;
	u64 scene_list;
	u64 pool_slots;
};

/**
 * struct agx4_fw_optional_in - a G17P optional record, before encoding
 * @kind: the stage it precedes: 0 TA, 1 3D, 2 compute.
 * @context_low: the context scratch, low alias.
 * @context_high: the firmware scratch.
 * @grid: the grid.
 * @first: this is the queue's first item.
 * @item: the item index, below 256 (the phase is item << 8 in 16 bits).
 * @shared_control: the shared control object.
 * @ordinal: the ordinal.
 * @channel_control: the channel control record.
 * @uuid: the UUID.
 * @context: render: the context, written at +0x32 and +0x56.
 * @sched_class: render: the scheduler class, 0 for none (then the
 *	scheduler is @context).
 * @tiling_shared: TA: the tiling shared object.
 * @lifecycle: TA: the lifecycle (16 bits).
 * @ns: TA: the namespace.
 * @sched: compute: the scheduler words at +0x1e, +0x46 and +0x5e.
 * @ctx: compute: the context words at +0x32 and +0x56.
 *
 * The record's 16-bit fields take values below 2^16 only.
 */
struct agx4_fw_optional_in {
	u32 kind;
	u64 context_low;
	u64 context_high;
	u32 grid;
	bool first;
	u32 item;
	u64 shared_control;
	u32 ordinal;
	u64 channel_control;
	u32 uuid;
	u32 context;
	u32 sched_class;
	u64 tiling_shared;
	u32 lifecycle;
	u32 ns;
	u32 sched[3];
	u32 ctx[2];
};

/* Render geometry limits. */
#define AGX4_FW_MAX_DIM		16384
#define AGX4_FW_MAX_LAYERS	2048
#define AGX4_FW_MAX_TIB_BLOCKS	64

/**
 * struct agx4_fw_render_vals - every value a render work item is built of
 *
 * Computed once per render from the command and the kernel's placement by
 * agx4_fw_render_vals(); register programs name the member they write
 * (&struct agx4_fw_reg_src).  All members are u64 so a program can index
 * them.
 *
 * @ta_tilemap: tilemap, as a TA offset.
 * @ta_tpc: TPC, as a TA offset.
 * @ta_heapmeta: heap metadata, as a TA offset.
 * @ta_heapmeta_tag: the same | 1 << 63.
 * @ta_deflake1: deflake buffer 1, as a TA offset.
 * @ta_deflake2: deflake buffer 2, as a TA offset.
 * @ta_deflake3_tag: deflake buffer 3, as a TA offset, | 1 << 50.
 * @ta_encoder: the VDM stream, as a TA offset.
 * @utile_config: (utile_w / 16) << 12 | (utile_h / 16) << 14 | log2(samples).
 * @msaa: PPP multisample control.
 * @ppp_ctrl: PPP control.
 * @size1: ceil(5 * mx * my * ux * uy / 4).
 * @size2: mx * my.
 * @size3: 2 * mx * my * ux * uy.
 * @size1_tag: (4 * size1) << 24.
 * @pixels: (width - 1) | (height - 1) << 16.
 * @screen: (tiles_y - 1) << 12 | (tiles_x - 1).
 * @x_blocks: 3mx | 2mx << 9 | mx << 18.
 * @y_blocks: the same for my.
 * @macro_size: my * uy | (mx * ux) << 16.
 * @target_layers: layered ? 0xe000 | (layers - 1) : 0x8000.
 * @target_layers_low: @target_layers & 0x4fff.
 * @tiles: tiles_x * tiles_y.
 * @tiles_x: ceil(width / 32).
 * @tiles_y: ceil(height / 32).
 * @tpc_size: (size3 << 6) * layers.
 * @layers: layers.
 * @layered: 1 if more than one layer.
 * @samples: samples per pixel.
 * @sample_size: tile-buffer bytes per sample.
 * @tib: the tile-buffer encoding.
 * @tib_blocks: the tile-buffer blocks.
 * @tile_config: 0x280 | layered | process-empty-tiles << 16.
 * @tile_config_low: @tile_config & 0xffff.
 * @tile_state: the 3D tile-state register value.
 * @dims: height << 32 | width.
 * @merge_x: ISP merge upper X.
 * @merge_y: ISP merge upper Y.
 * @store_bind: end-of-tile program resources.
 * @store: end-of-tile program.
 * @load_bind: background program resources.
 * @load: background program.
 * @partial_store_bind: partial-render end-of-tile resources.
 * @partial_store: partial-render end-of-tile program.
 * @partial_load_bind: partial-render background resources.
 * @partial_load: partial-render background program.
 * @heapmeta: heap metadata (GPU address).
 * @tilemap: tilemap (GPU address).
 * @layermeta: layer metadata (GPU address; the heap metadata).
 * @scissor: scissor array.
 * @dbias: depth-bias array.
 * @oclqry: occlusion query base.
 * @zls_ctrl: ZLS control.
 * @zls_pixels: ISP ZLS pixels.
 * @depth_clear: depth clear value bits.
 * @stencil_clear: stencil clear value | 0x300.
 * @depth: depth buffer.
 * @depth_stride: its layer stride.
 * @depth_comp: its compression metadata.
 * @depth_comp_stride: that metadata's layer stride.
 * @stencil: stencil buffer.
 * @stencil_stride: its layer stride.
 * @stencil_comp: its compression metadata.
 * @stencil_comp_stride: that metadata's layer stride.
 * @aux_fb: aux framebuffer.
 * @aux_fb_flags: its flags.
 * @aux_fb_pages: its page count.
 * @empty_tiles: 1 to process empty tiles.
 * @sampler_heap: sampler heap.
 * @sampler_count: samplers.
 * @sampler_max: samplers + 1, 0 if none.
 * @ta_admission: TA admission register value.
 * @frag_admission: 3D admission register value.
 * @cycle: scene-scratch cycle.
 * @record_index: record index.
 * @ta_gate: TA execution gate.
 * @frag_gate: 3D execution gate.
 * @ta_lifecycle: TA lifecycle.
 * @frag_lifecycle: 3D lifecycle.
 * @ta_work_stamp: TA work stamp.
 * @frag_work_stamp: 3D work stamp.
 * @completion: completion control.
 * @ta_status: TA status page | 1.
 * @frag_status: 3D status page | 1.
 * @ta_msaa2: the TA's second multisample register (G16 0x88, G17P the
 *	multisample control).
 * @ta_layer_word: the TA's layer word (G16 @target_layers_low, G17P 0).
 * @frag_tib: the 3D tile-buffer register (G16 @tib, G17P @tib_blocks).
 */
struct agx4_fw_render_vals {
	u64 ta_tilemap, ta_tpc, ta_heapmeta, ta_heapmeta_tag;
	u64 ta_deflake1, ta_deflake2, ta_deflake3_tag, ta_encoder;
	u64 utile_config, msaa, ppp_ctrl;
	u64 size1, size2, size3, size1_tag, pixels, screen;
	u64 x_blocks, y_blocks, macro_size, target_layers, target_layers_low;
	u64 tiles, tiles_x, tiles_y, tpc_size, layers, layered, samples;
	u64 sample_size, tib, tib_blocks, tile_config, tile_config_low;
	u64 tile_state, dims;
	u64 merge_x, merge_y;
	u64 store_bind, store, load_bind, load;
	u64 partial_store_bind, partial_store, partial_load_bind, partial_load;
	u64 heapmeta, tilemap, layermeta, scissor, dbias, oclqry;
	u64 zls_ctrl, zls_pixels, depth_clear, stencil_clear;
	u64 depth, depth_stride, depth_comp, depth_comp_stride;
	u64 stencil, stencil_stride, stencil_comp, stencil_comp_stride;
	u64 aux_fb, aux_fb_flags, aux_fb_pages, empty_tiles;
	u64 sampler_heap, sampler_count, sampler_max;
	u64 ta_admission, frag_admission, cycle, record_index;
	u64 ta_gate, frag_gate, ta_lifecycle, frag_lifecycle;
	u64 ta_work_stamp, frag_work_stamp, completion, ta_status, frag_status;
	u64 ta_msaa2, ta_layer_word, frag_tib;
};

/**
 * struct agx4_fw_compute_vals - every value a compute work item uses
 *
 * Computed by agx4_fw_compute_vals().
 *
 * @resource: the preemption/save area.
 * @resource_regs: @resource + 0x1480, + 0x1488, + 0x1490, + 0x1498: the
 *	save-area words the program points the hardware at.
 * @cdm_start: where the CDM starts: the entry trampoline or the stream.
 * @cdm_stream: the user's CDM stream.
 * @cdm_last: the stream's end - 4.
 * @reg_identity: the identity register value.
 * @sampler_heap: sampler heap.
 * @sampler_count: samplers.
 * @sampler_max: samplers + 1, 0 if none.
 * @usc_base: the USC execution base (G17P).
 * @helper_binary: the helper program (must be 0 on G17P).
 * @helper_data: its data.
 * @helper_cfg: its configuration.
 * @ctx_ordinal: context << 8 | ordinal & 0xff (G17P).
 * @gate: the execution gate (G17P).
 * @robustness: robustness | 1 (G17P).
 * @opstate: operand-state words (G17P): base + 0x12800, + 0x13000,
 *	+ 0x9405, + 0x12400, + 5, + 0x9000.
 */
struct agx4_fw_compute_vals {
	u64 resource;
	u64 resource_regs[4];
	u64 cdm_start;
	u64 cdm_stream;
	u64 cdm_last;
	u64 reg_identity;
	u64 sampler_heap;
	u64 sampler_count;
	u64 sampler_max;
	u64 usc_base;
	u64 helper_binary;
	u64 helper_data;
	u64 helper_cfg;
	u64 ctx_ordinal;
	u64 gate;
	u64 robustness;
	u64 opstate[6];
};

/* A register program record whose value is a constant. */
#define AGX4_FW_REG_IMM		U16_MAX

/**
 * struct agx4_fw_reg_src - one record of a register program, as data
 * @reg: the register.
 * @val: index of the u64 member of the values structure it writes, or
 *	%AGX4_FW_REG_IMM.
 * @imm: the constant for %AGX4_FW_REG_IMM.
 */
struct agx4_fw_reg_src {
	u32 reg;
	u16 val;
	u64 imm;
};

/*
 * A record writing the member of values structure @type that the variadic
 * argument designates.  The emitters read the values structure as an array
 * of u64, so the member must be an aligned u64: the build fails otherwise.
 */
#define AGX4_FW_REG_VAL(type, r, ...)					\
	{ .reg = (r),							\
	  .val = offsetof(type, __VA_ARGS__) / sizeof(u64) +		\
		 BUILD_BUG_ON_ZERO(sizeof_field(type, __VA_ARGS__) != 8 ||	\
				   offsetof(type, __VA_ARGS__) % 8) }
/* A record writing the constant @v. */
#define AGX4_FW_REG_CONST(r, v) \
	{ .reg = (r), .val = AGX4_FW_REG_IMM, .imm = (v) }

int agx4_fw_bufs_check(const struct agx4_fw_item *objs, unsigned int n,
		       const struct agx4_fw_buf *bufs);
int agx4_fw_render_scratch(const struct drm_asahi_cmd_render *c,
			   u64 *tilemap, u64 *tpc);
int agx4_fw_render_vals(const struct agx4_render_desc *d,
			const struct agx4_fw_render_in *in,
			struct agx4_fw_render_vals *v);
int agx4_fw_compute_vals(const struct agx4_compute_desc *d,
			 const struct agx4_fw_compute_in *in,
			 struct agx4_fw_compute_vals *v);
/* Records of the render programs both generations share. */
#define AGX4_FW_TA_REGS		71
#define AGX4_FW_FRAG_REGS	86

/* Firmware address of member @m of the object of @type at @base, LE. */
#define AGX4_FW_AT(base, type, m)	cpu_to_le64((base) + offsetof(type, m))

/**
 * agx4_fw_samplers() - write a work item's sampler heap, count and maximum
 * @v: the render's values.
 * @heap: the heap field.
 * @count: the count field.
 * @max: the count + 1 field.
 */
static inline void agx4_fw_samplers(const struct agx4_fw_render_vals *v,
				    __le64 *heap, __le32 *count, __le32 *max)
{
	*heap = cpu_to_le64(v->sampler_heap);
	*count = cpu_to_le32(v->sampler_count);
	*max = cpu_to_le32(v->sampler_max);
}

int agx4_fw_emit_rvals(const struct agx4_fw_reg_src *prog, unsigned int n,
		       const struct agx4_fw_render_vals *v,
		       struct agx4_fw_reg *out, unsigned int max);
int agx4_fw_emit_cvals(const struct agx4_fw_reg_src *prog, unsigned int n,
		       const struct agx4_fw_compute_vals *v,
		       struct agx4_fw_reg *out, unsigned int max);
int agx4_fw_emit_render(bool frag, const struct agx4_fw_reg_src *tail,
			unsigned int ntail, const struct agx4_fw_render_vals *v,
			struct agx4_fw_reg *out, unsigned int max);
void agx4_fw_zls_words(__le64 *out, u64 buf, u64 stride, u64 comp,
		       u64 comp_stride);
int agx4_fw_emit_regs(const struct agx4_fw_reg_src *prog, unsigned int n,
		      const u64 *vals, unsigned int nvals,
		      struct agx4_fw_reg *out, unsigned int max);

#endif /* AGX4_FW_WORK_H */
