/* SPDX-License-Identifier: MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The Asahi GPU UAPI, as upstream defines it: every ioctl number, structure
 * size and field offset here equals upstream's, so that Mesa's asahi and
 * Vulkan drivers run unmodified.  The descriptions are agx4's own.
 */
#ifndef _ASAHI_DRM_H_
#define _ASAHI_DRM_H_

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

/**
 * DOC: Introduction
 *
 * Rules every structure here follows:
 *
 * - Only fixed-width fields; every field naturally aligned by explicit
 *   padding; no implicit holes.
 * - Padding and reserved fields must be zero; the kernel rejects anything
 *   else with -EINVAL, and it rejects unknown flags.
 * - Structures grow only at the end (or by giving a pad a meaning); a new
 *   field behaves like the old kernel when zero.  Indirect structures may
 *   grow only where the containing structure carries their size or stride.
 * - Every addition bumps the driver's minor version.
 * - Ioctls are never removed or renumbered; new ones go at the end.
 */

/**
 * define DRM_ASAHI_MAX_CLUSTERS - most GPU clusters of any device
 *
 * The length of &drm_asahi_params_global.core_masks.
 */
#define DRM_ASAHI_MAX_CLUSTERS 64

/**
 * struct drm_asahi_params_global - global parameters of the device
 *
 * Written by %DRM_IOCTL_ASAHI_GET_PARAMS for parameter group 0.
 */
struct drm_asahi_params_global {
	/** @features: bitmask of &enum drm_asahi_feature. */
	__u64 features;

	/** @gpu_generation: GPU generation number, e.g. 13, 14, 16. */
	__u32 gpu_generation;

	/**
	 * @gpu_variant: variant as an ASCII character: 'G' (base), 'S' (Pro),
	 * 'C' (Max), 'D' (Ultra).
	 */
	__u32 gpu_variant;

	/**
	 * @gpu_revision: revision in BCD-like hex: 0x00 = A0, 0x01 = A1,
	 * 0x10 = B0, 0x21 = C1.
	 */
	__u32 gpu_revision;

	/** @chip_id: SoC number in hex digits, e.g. 0x8132. */
	__u32 chip_id;

	/** @num_dies: dies in the SoC. */
	__u32 num_dies;

	/**
	 * @num_clusters_total: GPU clusters across all dies, the number of
	 * valid entries of @core_masks.
	 */
	__u32 num_clusters_total;

	/**
	 * @num_cores_per_cluster: core slots per cluster, fused-off ones
	 * included.
	 */
	__u32 num_cores_per_cluster;

	/** @max_frequency_khz: highest GPU core clock, in kHz. */
	__u32 max_frequency_khz;

	/**
	 * @core_masks: per cluster, the bitmask of present and enabled cores;
	 * entries from @num_clusters_total on are zero.
	 */
	__u64 core_masks[DRM_ASAHI_MAX_CLUSTERS];

	/** @vm_start: first GPU virtual address userspace may use. */
	__u64 vm_start;

	/** @vm_end: end (exclusive) of the user virtual address window. */
	__u64 vm_end;

	/**
	 * @vm_kernel_min_size: smallest kernel carve-out
	 * %DRM_IOCTL_ASAHI_VM_CREATE accepts.
	 */
	__u64 vm_kernel_min_size;

	/**
	 * @max_commands_per_submission: most hardware (render and compute)
	 * commands in one %DRM_IOCTL_ASAHI_SUBMIT.
	 */
	__u32 max_commands_per_submission;

	/**
	 * @max_attachments: most &struct drm_asahi_attachment in one
	 * attachments command.
	 */
	__u32 max_attachments;

	/**
	 * @command_timestamp_frequency_hz: tick rate of the timestamps the
	 * firmware writes for &struct drm_asahi_timestamp requests.
	 */
	__u64 command_timestamp_frequency_hz;
};

/**
 * enum drm_asahi_feature - optional features of the device
 * @DRM_ASAHI_FEATURE_SOFT_FAULTS: GPU faults on unmapped addresses are
 *	soft: loads read zero and stores are dropped.
 */
enum drm_asahi_feature {
	DRM_ASAHI_FEATURE_SOFT_FAULTS = (1UL) << 0,
};

/**
 * struct drm_asahi_get_params - arguments of %DRM_IOCTL_ASAHI_GET_PARAMS
 */
struct drm_asahi_get_params {
	/** @param_group: the parameter group; only 0 exists. */
	__u32 param_group;

	/** @pad: must be zero. */
	__u32 pad;

	/** @pointer: user address the parameters are written to. */
	__u64 pointer;

	/**
	 * @size: size of the buffer at @pointer; the kernel writes
	 * min(@size, its structure size) bytes.
	 */
	__u64 size;
};

/**
 * struct drm_asahi_vm_create - arguments of %DRM_IOCTL_ASAHI_VM_CREATE
 */
struct drm_asahi_vm_create {
	/**
	 * @kernel_start: start of the virtual range userspace leaves to the
	 * kernel for its own per-VM structures.
	 */
	__u64 kernel_start;

	/** @kernel_end: end (exclusive) of that range. */
	__u64 kernel_end;

	/** @vm_id: out: the new VM. */
	__u32 vm_id;

	/** @pad: must be zero. */
	__u32 pad;
};

/**
 * struct drm_asahi_vm_destroy - arguments of %DRM_IOCTL_ASAHI_VM_DESTROY
 */
struct drm_asahi_vm_destroy {
	/** @vm_id: the VM to destroy. */
	__u32 vm_id;

	/** @pad: must be zero. */
	__u32 pad;
};

/**
 * enum drm_asahi_gem_flags - flags of a buffer object
 * @DRM_ASAHI_GEM_WRITEBACK: the CPU maps the object write-back cached
 *	(else write-combined).
 * @DRM_ASAHI_GEM_VM_PRIVATE: the object belongs to one VM: it may only be
 *	bound there and cannot be exported.
 */
enum drm_asahi_gem_flags {
	DRM_ASAHI_GEM_WRITEBACK = (1L << 0),
	DRM_ASAHI_GEM_VM_PRIVATE = (1L << 1),
};

/**
 * struct drm_asahi_gem_create - arguments of %DRM_IOCTL_ASAHI_GEM_CREATE
 */
struct drm_asahi_gem_create {
	/** @size: size in bytes, rounded up to the GPU page size. */
	__u64 size;

	/** @flags: &enum drm_asahi_gem_flags. */
	__u32 flags;

	/**
	 * @vm_id: with %DRM_ASAHI_GEM_VM_PRIVATE, the VM that owns the
	 * object; else zero.
	 */
	__u32 vm_id;

	/** @handle: out: the object's handle. */
	__u32 handle;

	/** @pad: must be zero. */
	__u32 pad;
};

/**
 * struct drm_asahi_gem_mmap_offset - arguments of
 * %DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET
 */
struct drm_asahi_gem_mmap_offset {
	/** @handle: the object. */
	__u32 handle;

	/** @flags: must be zero. */
	__u32 flags;

	/** @offset: out: the offset to mmap() the DRM file at. */
	__u64 offset;
};

/**
 * enum drm_asahi_bind_flags - flags of a bind operation
 * @DRM_ASAHI_BIND_UNBIND: unmap the range instead of mapping.
 * @DRM_ASAHI_BIND_READ: the GPU may read the mapping.
 * @DRM_ASAHI_BIND_WRITE: the GPU may write the mapping.
 * @DRM_ASAHI_BIND_SINGLE_PAGE: map the one page at the offset over the
 *	whole range.
 */
enum drm_asahi_bind_flags {
	DRM_ASAHI_BIND_UNBIND = (1L << 0),
	DRM_ASAHI_BIND_READ = (1L << 1),
	DRM_ASAHI_BIND_WRITE = (1L << 2),
	DRM_ASAHI_BIND_SINGLE_PAGE = (1L << 3),
};

/**
 * struct drm_asahi_gem_bind_op - one operation of %DRM_IOCTL_ASAHI_VM_BIND
 */
struct drm_asahi_gem_bind_op {
	/** @flags: &enum drm_asahi_bind_flags. */
	__u32 flags;

	/** @handle: the object to map; zero for an unbind. */
	__u32 handle;

	/**
	 * @offset: byte offset into the object where the mapping starts (for
	 * a single-page mapping, of that page); zero for an unbind.
	 */
	__u64 offset;

	/** @range: bytes of address space to map or unmap. */
	__u64 range;

	/** @addr: GPU virtual address of the range. */
	__u64 addr;
};

/**
 * struct drm_asahi_vm_bind - arguments of %DRM_IOCTL_ASAHI_VM_BIND
 */
struct drm_asahi_vm_bind {
	/** @vm_id: the VM. */
	__u32 vm_id;

	/** @num_binds: number of operations; zero does nothing. */
	__u32 num_binds;

	/**
	 * @stride: bytes from one &struct drm_asahi_gem_bind_op to the next in
	 * the user array, so the operation can grow.
	 */
	__u32 stride;

	/** @pad: must be zero. */
	__u32 pad;

	/** @userptr: user address of the operations. */
	__u64 userptr;
};

/**
 * enum drm_asahi_bind_object_op - what %DRM_IOCTL_ASAHI_GEM_BIND_OBJECT does
 * @DRM_ASAHI_BIND_OBJECT_OP_BIND: make a special object of a buffer slice.
 * @DRM_ASAHI_BIND_OBJECT_OP_UNBIND: release a special object.
 */
enum drm_asahi_bind_object_op {
	DRM_ASAHI_BIND_OBJECT_OP_BIND = 0,
	DRM_ASAHI_BIND_OBJECT_OP_UNBIND = 1,
};

/**
 * enum drm_asahi_bind_object_flags - uses of a special object
 * @DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS: the firmware writes command
 *	timestamps into it.
 */
enum drm_asahi_bind_object_flags {
	DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS = (1L << 0),
};

/**
 * struct drm_asahi_gem_bind_object - arguments of
 * %DRM_IOCTL_ASAHI_GEM_BIND_OBJECT
 */
struct drm_asahi_gem_bind_object {
	/** @op: &enum drm_asahi_bind_object_op. */
	__u32 op;

	/**
	 * @flags: for a bind, &enum drm_asahi_bind_object_flags (exactly
	 * one usage); for an unbind, zero.
	 */
	__u32 flags;

	/** @handle: for a bind, the buffer object; else zero. */
	__u32 handle;

	/** @vm_id: reserved, must be zero. */
	__u32 vm_id;

	/** @offset: for a bind, byte offset of the slice; else zero. */
	__u64 offset;

	/** @range: for a bind, bytes of the slice; else zero. */
	__u64 range;

	/**
	 * @object_handle: out for a bind, in for an unbind: the special
	 * object.
	 */
	__u32 object_handle;

	/** @pad: must be zero. */
	__u32 pad;
};

/**
 * enum drm_asahi_cmd_type - commands of a submission
 * @DRM_ASAHI_CMD_RENDER: a render pass, &struct drm_asahi_cmd_render.
 * @DRM_ASAHI_CMD_COMPUTE: a compute dispatch, &struct drm_asahi_cmd_compute.
 * @DRM_ASAHI_SET_VERTEX_ATTACHMENTS: attachments of the vertex stage of the
 *	next render command, an array of &struct drm_asahi_attachment.
 * @DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS: the same for its fragment stage.
 * @DRM_ASAHI_SET_COMPUTE_ATTACHMENTS: the same for the next compute
 *	command.
 */
enum drm_asahi_cmd_type {
	DRM_ASAHI_CMD_RENDER = 0,
	DRM_ASAHI_CMD_COMPUTE = 1,
	DRM_ASAHI_SET_VERTEX_ATTACHMENTS = 2,
	DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS = 3,
	DRM_ASAHI_SET_COMPUTE_ATTACHMENTS = 4,
};

/**
 * enum drm_asahi_priority - scheduling priority of a queue
 * @DRM_ASAHI_PRIORITY_LOW: low.
 * @DRM_ASAHI_PRIORITY_MEDIUM: medium.
 * @DRM_ASAHI_PRIORITY_HIGH: high (reserved).
 * @DRM_ASAHI_PRIORITY_REALTIME: real time (reserved).
 */
enum drm_asahi_priority {
	DRM_ASAHI_PRIORITY_LOW = 0,
	DRM_ASAHI_PRIORITY_MEDIUM = 1,
	DRM_ASAHI_PRIORITY_HIGH = 2,
	DRM_ASAHI_PRIORITY_REALTIME = 3,
};

/**
 * struct drm_asahi_queue_create - arguments of %DRM_IOCTL_ASAHI_QUEUE_CREATE
 */
struct drm_asahi_queue_create {
	/** @flags: must be zero. */
	__u32 flags;

	/** @vm_id: the VM the queue's commands run in. */
	__u32 vm_id;

	/** @priority: &enum drm_asahi_priority. */
	__u32 priority;

	/** @queue_id: out: the new queue. */
	__u32 queue_id;

	/**
	 * @usc_exec_base: GPU virtual address every 32-bit shader address of
	 * the queue is relative to.
	 */
	__u64 usc_exec_base;
};

/**
 * struct drm_asahi_queue_destroy - arguments of
 * %DRM_IOCTL_ASAHI_QUEUE_DESTROY
 */
struct drm_asahi_queue_destroy {
	/** @queue_id: the queue. */
	__u32 queue_id;

	/** @pad: must be zero. */
	__u32 pad;
};

/**
 * enum drm_asahi_sync_type - kinds of synchronisation object
 * @DRM_ASAHI_SYNC_SYNCOBJ: a binary syncobj.
 * @DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ: a point on a timeline syncobj.
 */
enum drm_asahi_sync_type {
	DRM_ASAHI_SYNC_SYNCOBJ = 0,
	DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ = 1,
};

/**
 * struct drm_asahi_sync - one wait or signal of a submission
 */
struct drm_asahi_sync {
	/** @sync_type: &enum drm_asahi_sync_type. */
	__u32 sync_type;

	/** @handle: the syncobj. */
	__u32 handle;

	/** @timeline_value: the timeline point; zero for a binary syncobj. */
	__u64 timeline_value;
};

/**
 * define DRM_ASAHI_BARRIER_NONE - no barrier
 *
 * In &drm_asahi_cmd_header.vdm_barrier or .cdm_barrier: the command waits
 * for nothing on that subqueue.
 */
#define DRM_ASAHI_BARRIER_NONE (0xFFFFu)

/**
 * struct drm_asahi_cmd_header - header of one command in a command buffer
 *
 * The payload of @size bytes follows the header.
 */
struct drm_asahi_cmd_header {
	/** @cmd_type: &enum drm_asahi_cmd_type. */
	__u16 cmd_type;

	/** @size: bytes of payload after the header. */
	__u16 size;

	/**
	 * @vdm_barrier: index of the earlier render command this one waits
	 * for, or %DRM_ASAHI_BARRIER_NONE.
	 */
	__u16 vdm_barrier;

	/**
	 * @cdm_barrier: index of the earlier compute command this one waits
	 * for, or %DRM_ASAHI_BARRIER_NONE.
	 */
	__u16 cdm_barrier;
};

/**
 * struct drm_asahi_submit - arguments of %DRM_IOCTL_ASAHI_SUBMIT
 */
struct drm_asahi_submit {
	/**
	 * @syncs: user address of @in_sync_count waits followed by
	 * @out_sync_count signals, as &struct drm_asahi_sync.
	 */
	__u64 syncs;

	/** @cmdbuf: user address of the command buffer. */
	__u64 cmdbuf;

	/** @flags: must be zero. */
	__u32 flags;

	/** @queue_id: the queue. */
	__u32 queue_id;

	/** @in_sync_count: waits before the submission may start. */
	__u32 in_sync_count;

	/** @out_sync_count: signals when the whole submission completes. */
	__u32 out_sync_count;

	/** @cmdbuf_size: bytes of the command buffer. */
	__u32 cmdbuf_size;

	/** @pad: must be zero. */
	__u32 pad;
};

/**
 * struct drm_asahi_attachment - memory a command's shaders write
 *
 * A hint to the firmware; an attachments command is an array of these.
 */
struct drm_asahi_attachment {
	/** @pointer: GPU virtual address. */
	__u64 pointer;

	/** @size: bytes. */
	__u64 size;

	/** @pad: must be zero. */
	__u32 pad;

	/** @flags: must be zero. */
	__u32 flags;
};

/**
 * enum drm_asahi_render_flags - flags of a render command
 * @DRM_ASAHI_RENDER_VERTEX_SCRATCH: a vertex-stage shader uses scratch.
 * @DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES: run the background and
 *	end-of-tile programs on tiles without geometry too (clears).
 * @DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING: run the vertex stage on one
 *	cluster only.
 * @DRM_ASAHI_RENDER_DBIAS_IS_INT: the depth bias uses the integer formula.
 */
enum drm_asahi_render_flags {
	DRM_ASAHI_RENDER_VERTEX_SCRATCH = (1U << 0),
	DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES = (1U << 1),
	DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING = (1U << 2),
	DRM_ASAHI_RENDER_DBIAS_IS_INT = (1U << 18),
};

/**
 * struct drm_asahi_zls_buffer - a depth or stencil buffer
 */
struct drm_asahi_zls_buffer {
	/** @base: GPU virtual address of the buffer. */
	__u64 base;

	/** @comp_base: GPU virtual address of its compression metadata. */
	__u64 comp_base;

	/** @stride: bytes between layers. */
	__u32 stride;

	/** @comp_stride: bytes between layers of the metadata. */
	__u32 comp_stride;
};

/**
 * struct drm_asahi_timestamp - where the firmware writes one timestamp
 */
struct drm_asahi_timestamp {
	/**
	 * @handle: a special object from %DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, or
	 * zero for no timestamp.
	 */
	__u32 handle;

	/** @offset: byte offset in it of the 8-byte timestamp. */
	__u32 offset;
};

/**
 * struct drm_asahi_timestamps - start and end timestamps of a command
 */
struct drm_asahi_timestamps {
	/** @start: written when the command starts. */
	struct drm_asahi_timestamp start;

	/** @end: written when the command ends. */
	struct drm_asahi_timestamp end;
};

/**
 * struct drm_asahi_helper_program - the helper program of a stage
 *
 * Dispatched by the hardware to hand out scratch memory.
 */
struct drm_asahi_helper_program {
	/**
	 * @binary: shader address of the helper (relative to the queue's
	 * usc_exec_base) with configuration in the low bits; zero for none.
	 */
	__u32 binary;

	/** @cfg: more configuration of the helper. */
	__u32 cfg;

	/** @data: a value the helper can read; opaque to the kernel. */
	__u64 data;
};

/**
 * struct drm_asahi_bg_eot - a background or end-of-tile program
 */
struct drm_asahi_bg_eot {
	/** @usc: shader address of the program's descriptor words. */
	__u32 usc;

	/** @rsrc_spec: its packed resource counts. */
	__u32 rsrc_spec;
};

/**
 * struct drm_asahi_cmd_render - payload of %DRM_ASAHI_CMD_RENDER
 *
 * One render pass.  Most fields are register values the kernel passes to
 * the firmware unchanged.
 */
struct drm_asahi_cmd_render {
	/** @flags: &enum drm_asahi_render_flags. */
	__u32 flags;

	/** @isp_zls_pixels: ISP_ZLS_PIXELS, depth/stencil size. */
	__u32 isp_zls_pixels;

	/** @vdm_ctrl_stream_base: VDM_CTRL_STREAM_BASE. */
	__u64 vdm_ctrl_stream_base;

	/** @vertex_helper: helper program of the vertex stage. */
	struct drm_asahi_helper_program vertex_helper;

	/** @fragment_helper: helper program of the fragment stage. */
	struct drm_asahi_helper_program fragment_helper;

	/** @isp_scissor_base: ISP_SCISSOR_BASE. */
	__u64 isp_scissor_base;

	/** @isp_dbias_base: ISP_DBIAS_BASE. */
	__u64 isp_dbias_base;

	/** @isp_oclqry_base: ISP_OCLQRY_BASE. */
	__u64 isp_oclqry_base;

	/** @depth: the depth buffer. */
	struct drm_asahi_zls_buffer depth;

	/** @stencil: the stencil buffer. */
	struct drm_asahi_zls_buffer stencil;

	/** @zls_ctrl: ZLS_CTRL. */
	__u64 zls_ctrl;

	/** @ppp_multisamplectl: PPP_MULTISAMPLECTL. */
	__u64 ppp_multisamplectl;

	/** @sampler_heap: GPU virtual address of the sampler heap. */
	__u64 sampler_heap;

	/** @ppp_ctrl: PPP_CTRL. */
	__u32 ppp_ctrl;

	/** @width_px: framebuffer width in pixels. */
	__u16 width_px;

	/** @height_px: framebuffer height in pixels. */
	__u16 height_px;

	/** @layers: framebuffer layers. */
	__u16 layers;

	/** @sampler_count: samplers in the heap. */
	__u16 sampler_count;

	/** @utile_width_px: tile width in pixels. */
	__u8 utile_width_px;

	/** @utile_height_px: tile height in pixels. */
	__u8 utile_height_px;

	/** @samples: samples per pixel. */
	__u8 samples;

	/** @sample_size_B: tile-buffer bytes per sample. */
	__u8 sample_size_B;

	/** @isp_merge_upper_x: ISP_MERGE_UPPER_X, float bits. */
	__u32 isp_merge_upper_x;

	/** @isp_merge_upper_y: ISP_MERGE_UPPER_Y, float bits. */
	__u32 isp_merge_upper_y;

	/** @bg: background program, run at the start of each tile. */
	struct drm_asahi_bg_eot bg;

	/** @eot: end-of-tile program. */
	struct drm_asahi_bg_eot eot;

	/** @partial_bg: background program when resuming a partial render. */
	struct drm_asahi_bg_eot partial_bg;

	/** @partial_eot: end-of-tile program when pausing for one. */
	struct drm_asahi_bg_eot partial_eot;

	/** @isp_bgobjdepth: ISP_BGOBJDEPTH, the depth clear value. */
	__u32 isp_bgobjdepth;

	/** @isp_bgobjvals: ISP_BGOBJVALS, the stencil clear value. */
	__u32 isp_bgobjvals;

	/** @ts_vtx: timestamps of the vertex stage. */
	struct drm_asahi_timestamps ts_vtx;

	/** @ts_frag: timestamps of the fragment stage. */
	struct drm_asahi_timestamps ts_frag;
};

/**
 * struct drm_asahi_cmd_compute - payload of %DRM_ASAHI_CMD_COMPUTE
 */
struct drm_asahi_cmd_compute {
	/** @flags: must be zero. */
	__u32 flags;

	/** @sampler_count: samplers in the heap. */
	__u32 sampler_count;

	/** @cdm_ctrl_stream_base: CDM_CTRL_STREAM_BASE. */
	__u64 cdm_ctrl_stream_base;

	/**
	 * @cdm_ctrl_stream_end: end of the first contiguous part of the
	 * control stream.
	 */
	__u64 cdm_ctrl_stream_end;

	/** @sampler_heap: GPU virtual address of the sampler heap. */
	__u64 sampler_heap;

	/** @helper: the helper program. */
	struct drm_asahi_helper_program helper;

	/** @ts: timestamps of the command. */
	struct drm_asahi_timestamps ts;
};

/**
 * struct drm_asahi_get_time - arguments of %DRM_IOCTL_ASAHI_GET_TIME
 */
struct drm_asahi_get_time {
	/** @flags: must be zero. */
	__u64 flags;

	/** @gpu_timestamp: out: the GPU's time now, in nanoseconds. */
	__u64 gpu_timestamp;
};

/**
 * enum drm_asahi_ioctl_id - ioctl numbers, relative to DRM_COMMAND_BASE
 * @DRM_ASAHI_GET_PARAMS: %DRM_IOCTL_ASAHI_GET_PARAMS.
 * @DRM_ASAHI_GET_TIME: %DRM_IOCTL_ASAHI_GET_TIME.
 * @DRM_ASAHI_VM_CREATE: %DRM_IOCTL_ASAHI_VM_CREATE.
 * @DRM_ASAHI_VM_DESTROY: %DRM_IOCTL_ASAHI_VM_DESTROY.
 * @DRM_ASAHI_VM_BIND: %DRM_IOCTL_ASAHI_VM_BIND.
 * @DRM_ASAHI_GEM_CREATE: %DRM_IOCTL_ASAHI_GEM_CREATE.
 * @DRM_ASAHI_GEM_MMAP_OFFSET: %DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET.
 * @DRM_ASAHI_GEM_BIND_OBJECT: %DRM_IOCTL_ASAHI_GEM_BIND_OBJECT.
 * @DRM_ASAHI_QUEUE_CREATE: %DRM_IOCTL_ASAHI_QUEUE_CREATE.
 * @DRM_ASAHI_QUEUE_DESTROY: %DRM_IOCTL_ASAHI_QUEUE_DESTROY.
 * @DRM_ASAHI_SUBMIT: %DRM_IOCTL_ASAHI_SUBMIT.
 *
 * Append only: never reorder, remove or reuse an entry.
 */
enum drm_asahi_ioctl_id {
	DRM_ASAHI_GET_PARAMS = 0,
	DRM_ASAHI_GET_TIME,
	DRM_ASAHI_VM_CREATE,
	DRM_ASAHI_VM_DESTROY,
	DRM_ASAHI_VM_BIND,
	DRM_ASAHI_GEM_CREATE,
	DRM_ASAHI_GEM_MMAP_OFFSET,
	DRM_ASAHI_GEM_BIND_OBJECT,
	DRM_ASAHI_QUEUE_CREATE,
	DRM_ASAHI_QUEUE_DESTROY,
	DRM_ASAHI_SUBMIT,
};

#define DRM_IOCTL_ASAHI(__access, __id, __type) \
	DRM_IO ## __access(DRM_COMMAND_BASE + DRM_ASAHI_ ## __id, \
			   struct drm_asahi_ ## __type)

/* An anonymous enum, as upstream has, so that bindings see the numbers. */
enum {
	DRM_IOCTL_ASAHI_GET_PARAMS = DRM_IOCTL_ASAHI(W, GET_PARAMS, get_params),
	DRM_IOCTL_ASAHI_GET_TIME = DRM_IOCTL_ASAHI(WR, GET_TIME, get_time),
	DRM_IOCTL_ASAHI_VM_CREATE = DRM_IOCTL_ASAHI(WR, VM_CREATE, vm_create),
	DRM_IOCTL_ASAHI_VM_DESTROY = DRM_IOCTL_ASAHI(W, VM_DESTROY, vm_destroy),
	DRM_IOCTL_ASAHI_VM_BIND = DRM_IOCTL_ASAHI(W, VM_BIND, vm_bind),
	DRM_IOCTL_ASAHI_GEM_CREATE = DRM_IOCTL_ASAHI(WR, GEM_CREATE, gem_create),
	DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET = DRM_IOCTL_ASAHI(WR, GEM_MMAP_OFFSET,
							  gem_mmap_offset),
	DRM_IOCTL_ASAHI_GEM_BIND_OBJECT = DRM_IOCTL_ASAHI(WR, GEM_BIND_OBJECT,
							  gem_bind_object),
	DRM_IOCTL_ASAHI_QUEUE_CREATE = DRM_IOCTL_ASAHI(WR, QUEUE_CREATE,
						       queue_create),
	DRM_IOCTL_ASAHI_QUEUE_DESTROY = DRM_IOCTL_ASAHI(W, QUEUE_DESTROY,
							queue_destroy),
	DRM_IOCTL_ASAHI_SUBMIT = DRM_IOCTL_ASAHI(W, SUBMIT, submit),
};

#if defined(__cplusplus)
}
#endif

#endif /* _ASAHI_DRM_H_ */
