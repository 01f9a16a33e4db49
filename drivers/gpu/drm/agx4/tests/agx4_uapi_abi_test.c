// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The Asahi UAPI, byte for byte: every ioctl number, structure size and
 * alignment, and field offset, written out from the specification
 * (shared/spec/uapi.md sections 1 and 4, numbers compiler-checked there)
 * and not from the header.  Each row is a compile-time assertion, so a
 * header that differs does not build; the KUnit case "agx4_uapi_abi"
 * checks the same rows at run time and reports how many there are.
 */

#include <kunit/test.h>
#include <linux/stddef.h>

#include <uapi/drm/asahi_drm.h>

/* Field offsets, nested fields with dotted names. */
static_assert(offsetof(struct drm_asahi_params_global, features) == 0);
static_assert(offsetof(struct drm_asahi_params_global, gpu_generation) == 8);
static_assert(offsetof(struct drm_asahi_params_global, gpu_variant) == 12);
static_assert(offsetof(struct drm_asahi_params_global, gpu_revision) == 16);
static_assert(offsetof(struct drm_asahi_params_global, chip_id) == 20);
static_assert(offsetof(struct drm_asahi_params_global, num_dies) == 24);
static_assert(offsetof(struct drm_asahi_params_global, num_clusters_total) == 28);
static_assert(offsetof(struct drm_asahi_params_global, num_cores_per_cluster) == 32);
static_assert(offsetof(struct drm_asahi_params_global, max_frequency_khz) == 36);
static_assert(offsetof(struct drm_asahi_params_global, core_masks) == 40);
static_assert(offsetof(struct drm_asahi_params_global, vm_start) == 552);
static_assert(offsetof(struct drm_asahi_params_global, vm_end) == 560);
static_assert(offsetof(struct drm_asahi_params_global, vm_kernel_min_size) == 568);
static_assert(offsetof(struct drm_asahi_params_global, max_commands_per_submission) == 576);
static_assert(offsetof(struct drm_asahi_params_global, max_attachments) == 580);
static_assert(offsetof(struct drm_asahi_params_global, command_timestamp_frequency_hz) == 584);
static_assert(offsetof(struct drm_asahi_get_params, param_group) == 0);
static_assert(offsetof(struct drm_asahi_get_params, pad) == 4);
static_assert(offsetof(struct drm_asahi_get_params, pointer) == 8);
static_assert(offsetof(struct drm_asahi_get_params, size) == 16);
static_assert(offsetof(struct drm_asahi_get_time, flags) == 0);
static_assert(offsetof(struct drm_asahi_get_time, gpu_timestamp) == 8);
static_assert(offsetof(struct drm_asahi_vm_create, kernel_start) == 0);
static_assert(offsetof(struct drm_asahi_vm_create, kernel_end) == 8);
static_assert(offsetof(struct drm_asahi_vm_create, vm_id) == 16);
static_assert(offsetof(struct drm_asahi_vm_create, pad) == 20);
static_assert(offsetof(struct drm_asahi_vm_destroy, vm_id) == 0);
static_assert(offsetof(struct drm_asahi_vm_destroy, pad) == 4);
static_assert(offsetof(struct drm_asahi_gem_create, size) == 0);
static_assert(offsetof(struct drm_asahi_gem_create, flags) == 8);
static_assert(offsetof(struct drm_asahi_gem_create, vm_id) == 12);
static_assert(offsetof(struct drm_asahi_gem_create, handle) == 16);
static_assert(offsetof(struct drm_asahi_gem_create, pad) == 20);
static_assert(offsetof(struct drm_asahi_gem_mmap_offset, handle) == 0);
static_assert(offsetof(struct drm_asahi_gem_mmap_offset, flags) == 4);
static_assert(offsetof(struct drm_asahi_gem_mmap_offset, offset) == 8);
static_assert(offsetof(struct drm_asahi_vm_bind, vm_id) == 0);
static_assert(offsetof(struct drm_asahi_vm_bind, num_binds) == 4);
static_assert(offsetof(struct drm_asahi_vm_bind, stride) == 8);
static_assert(offsetof(struct drm_asahi_vm_bind, pad) == 12);
static_assert(offsetof(struct drm_asahi_vm_bind, userptr) == 16);
static_assert(offsetof(struct drm_asahi_gem_bind_op, flags) == 0);
static_assert(offsetof(struct drm_asahi_gem_bind_op, handle) == 4);
static_assert(offsetof(struct drm_asahi_gem_bind_op, offset) == 8);
static_assert(offsetof(struct drm_asahi_gem_bind_op, range) == 16);
static_assert(offsetof(struct drm_asahi_gem_bind_op, addr) == 24);
static_assert(offsetof(struct drm_asahi_gem_bind_object, op) == 0);
static_assert(offsetof(struct drm_asahi_gem_bind_object, flags) == 4);
static_assert(offsetof(struct drm_asahi_gem_bind_object, handle) == 8);
static_assert(offsetof(struct drm_asahi_gem_bind_object, vm_id) == 12);
static_assert(offsetof(struct drm_asahi_gem_bind_object, offset) == 16);
static_assert(offsetof(struct drm_asahi_gem_bind_object, range) == 24);
static_assert(offsetof(struct drm_asahi_gem_bind_object, object_handle) == 32);
static_assert(offsetof(struct drm_asahi_gem_bind_object, pad) == 36);
static_assert(offsetof(struct drm_asahi_queue_create, flags) == 0);
static_assert(offsetof(struct drm_asahi_queue_create, vm_id) == 4);
static_assert(offsetof(struct drm_asahi_queue_create, priority) == 8);
static_assert(offsetof(struct drm_asahi_queue_create, queue_id) == 12);
static_assert(offsetof(struct drm_asahi_queue_create, usc_exec_base) == 16);
static_assert(offsetof(struct drm_asahi_queue_destroy, queue_id) == 0);
static_assert(offsetof(struct drm_asahi_queue_destroy, pad) == 4);
static_assert(offsetof(struct drm_asahi_sync, sync_type) == 0);
static_assert(offsetof(struct drm_asahi_sync, handle) == 4);
static_assert(offsetof(struct drm_asahi_sync, timeline_value) == 8);
static_assert(offsetof(struct drm_asahi_cmd_header, cmd_type) == 0);
static_assert(offsetof(struct drm_asahi_cmd_header, size) == 2);
static_assert(offsetof(struct drm_asahi_cmd_header, vdm_barrier) == 4);
static_assert(offsetof(struct drm_asahi_cmd_header, cdm_barrier) == 6);
static_assert(offsetof(struct drm_asahi_submit, syncs) == 0);
static_assert(offsetof(struct drm_asahi_submit, cmdbuf) == 8);
static_assert(offsetof(struct drm_asahi_submit, flags) == 16);
static_assert(offsetof(struct drm_asahi_submit, queue_id) == 20);
static_assert(offsetof(struct drm_asahi_submit, in_sync_count) == 24);
static_assert(offsetof(struct drm_asahi_submit, out_sync_count) == 28);
static_assert(offsetof(struct drm_asahi_submit, cmdbuf_size) == 32);
static_assert(offsetof(struct drm_asahi_submit, pad) == 36);
static_assert(offsetof(struct drm_asahi_attachment, pointer) == 0);
static_assert(offsetof(struct drm_asahi_attachment, size) == 8);
static_assert(offsetof(struct drm_asahi_attachment, pad) == 16);
static_assert(offsetof(struct drm_asahi_attachment, flags) == 20);
static_assert(offsetof(struct drm_asahi_zls_buffer, base) == 0);
static_assert(offsetof(struct drm_asahi_zls_buffer, comp_base) == 8);
static_assert(offsetof(struct drm_asahi_zls_buffer, stride) == 16);
static_assert(offsetof(struct drm_asahi_zls_buffer, comp_stride) == 20);
static_assert(offsetof(struct drm_asahi_timestamp, handle) == 0);
static_assert(offsetof(struct drm_asahi_timestamp, offset) == 4);
static_assert(offsetof(struct drm_asahi_timestamps, start) == 0);
static_assert(offsetof(struct drm_asahi_timestamps, end) == 8);
static_assert(offsetof(struct drm_asahi_helper_program, binary) == 0);
static_assert(offsetof(struct drm_asahi_helper_program, cfg) == 4);
static_assert(offsetof(struct drm_asahi_helper_program, data) == 8);
static_assert(offsetof(struct drm_asahi_bg_eot, usc) == 0);
static_assert(offsetof(struct drm_asahi_bg_eot, rsrc_spec) == 4);
static_assert(offsetof(struct drm_asahi_cmd_render, flags) == 0);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_zls_pixels) == 4);
static_assert(offsetof(struct drm_asahi_cmd_render, vdm_ctrl_stream_base) == 8);
static_assert(offsetof(struct drm_asahi_cmd_render, vertex_helper) == 16);
static_assert(offsetof(struct drm_asahi_cmd_render, vertex_helper.binary) == 16);
static_assert(offsetof(struct drm_asahi_cmd_render, vertex_helper.cfg) == 20);
static_assert(offsetof(struct drm_asahi_cmd_render, vertex_helper.data) == 24);
static_assert(offsetof(struct drm_asahi_cmd_render, fragment_helper) == 32);
static_assert(offsetof(struct drm_asahi_cmd_render, fragment_helper.binary) == 32);
static_assert(offsetof(struct drm_asahi_cmd_render, fragment_helper.cfg) == 36);
static_assert(offsetof(struct drm_asahi_cmd_render, fragment_helper.data) == 40);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_scissor_base) == 48);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_dbias_base) == 56);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_oclqry_base) == 64);
static_assert(offsetof(struct drm_asahi_cmd_render, depth) == 72);
static_assert(offsetof(struct drm_asahi_cmd_render, depth.base) == 72);
static_assert(offsetof(struct drm_asahi_cmd_render, depth.comp_base) == 80);
static_assert(offsetof(struct drm_asahi_cmd_render, depth.stride) == 88);
static_assert(offsetof(struct drm_asahi_cmd_render, depth.comp_stride) == 92);
static_assert(offsetof(struct drm_asahi_cmd_render, stencil) == 96);
static_assert(offsetof(struct drm_asahi_cmd_render, stencil.base) == 96);
static_assert(offsetof(struct drm_asahi_cmd_render, stencil.comp_base) == 104);
static_assert(offsetof(struct drm_asahi_cmd_render, stencil.stride) == 112);
static_assert(offsetof(struct drm_asahi_cmd_render, stencil.comp_stride) == 116);
static_assert(offsetof(struct drm_asahi_cmd_render, zls_ctrl) == 120);
static_assert(offsetof(struct drm_asahi_cmd_render, ppp_multisamplectl) == 128);
static_assert(offsetof(struct drm_asahi_cmd_render, sampler_heap) == 136);
static_assert(offsetof(struct drm_asahi_cmd_render, ppp_ctrl) == 144);
static_assert(offsetof(struct drm_asahi_cmd_render, width_px) == 148);
static_assert(offsetof(struct drm_asahi_cmd_render, height_px) == 150);
static_assert(offsetof(struct drm_asahi_cmd_render, layers) == 152);
static_assert(offsetof(struct drm_asahi_cmd_render, sampler_count) == 154);
static_assert(offsetof(struct drm_asahi_cmd_render, utile_width_px) == 156);
static_assert(offsetof(struct drm_asahi_cmd_render, utile_height_px) == 157);
static_assert(offsetof(struct drm_asahi_cmd_render, samples) == 158);
static_assert(offsetof(struct drm_asahi_cmd_render, sample_size_B) == 159);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_merge_upper_x) == 160);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_merge_upper_y) == 164);
static_assert(offsetof(struct drm_asahi_cmd_render, bg) == 168);
static_assert(offsetof(struct drm_asahi_cmd_render, bg.usc) == 168);
static_assert(offsetof(struct drm_asahi_cmd_render, bg.rsrc_spec) == 172);
static_assert(offsetof(struct drm_asahi_cmd_render, eot) == 176);
static_assert(offsetof(struct drm_asahi_cmd_render, eot.usc) == 176);
static_assert(offsetof(struct drm_asahi_cmd_render, eot.rsrc_spec) == 180);
static_assert(offsetof(struct drm_asahi_cmd_render, partial_bg) == 184);
static_assert(offsetof(struct drm_asahi_cmd_render, partial_bg.usc) == 184);
static_assert(offsetof(struct drm_asahi_cmd_render, partial_bg.rsrc_spec) == 188);
static_assert(offsetof(struct drm_asahi_cmd_render, partial_eot) == 192);
static_assert(offsetof(struct drm_asahi_cmd_render, partial_eot.usc) == 192);
static_assert(offsetof(struct drm_asahi_cmd_render, partial_eot.rsrc_spec) == 196);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_bgobjdepth) == 200);
static_assert(offsetof(struct drm_asahi_cmd_render, isp_bgobjvals) == 204);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_vtx) == 208);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_vtx.start.handle) == 208);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_vtx.start.offset) == 212);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_vtx.end.handle) == 216);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_vtx.end.offset) == 220);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_frag) == 224);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_frag.start.handle) == 224);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_frag.start.offset) == 228);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_frag.end.handle) == 232);
static_assert(offsetof(struct drm_asahi_cmd_render, ts_frag.end.offset) == 236);
static_assert(offsetof(struct drm_asahi_cmd_compute, flags) == 0);
static_assert(offsetof(struct drm_asahi_cmd_compute, sampler_count) == 4);
static_assert(offsetof(struct drm_asahi_cmd_compute, cdm_ctrl_stream_base) == 8);
static_assert(offsetof(struct drm_asahi_cmd_compute, cdm_ctrl_stream_end) == 16);
static_assert(offsetof(struct drm_asahi_cmd_compute, sampler_heap) == 24);
static_assert(offsetof(struct drm_asahi_cmd_compute, helper) == 32);
static_assert(offsetof(struct drm_asahi_cmd_compute, helper.binary) == 32);
static_assert(offsetof(struct drm_asahi_cmd_compute, helper.cfg) == 36);
static_assert(offsetof(struct drm_asahi_cmd_compute, helper.data) == 40);
static_assert(offsetof(struct drm_asahi_cmd_compute, ts) == 48);
static_assert(offsetof(struct drm_asahi_cmd_compute, ts.start.handle) == 48);
static_assert(offsetof(struct drm_asahi_cmd_compute, ts.start.offset) == 52);
static_assert(offsetof(struct drm_asahi_cmd_compute, ts.end.handle) == 56);
static_assert(offsetof(struct drm_asahi_cmd_compute, ts.end.offset) == 60);

/* Sizes and alignments. */
static_assert(sizeof(struct drm_asahi_params_global) == 592);
static_assert(__alignof__(struct drm_asahi_params_global) == 8);
static_assert(sizeof(struct drm_asahi_get_params) == 24);
static_assert(__alignof__(struct drm_asahi_get_params) == 8);
static_assert(sizeof(struct drm_asahi_vm_create) == 24);
static_assert(__alignof__(struct drm_asahi_vm_create) == 8);
static_assert(sizeof(struct drm_asahi_vm_destroy) == 8);
static_assert(__alignof__(struct drm_asahi_vm_destroy) == 4);
static_assert(sizeof(struct drm_asahi_gem_create) == 24);
static_assert(__alignof__(struct drm_asahi_gem_create) == 8);
static_assert(sizeof(struct drm_asahi_gem_mmap_offset) == 16);
static_assert(__alignof__(struct drm_asahi_gem_mmap_offset) == 8);
static_assert(sizeof(struct drm_asahi_gem_bind_op) == 32);
static_assert(__alignof__(struct drm_asahi_gem_bind_op) == 8);
static_assert(sizeof(struct drm_asahi_vm_bind) == 24);
static_assert(__alignof__(struct drm_asahi_vm_bind) == 8);
static_assert(sizeof(struct drm_asahi_gem_bind_object) == 40);
static_assert(__alignof__(struct drm_asahi_gem_bind_object) == 8);
static_assert(sizeof(struct drm_asahi_queue_create) == 24);
static_assert(__alignof__(struct drm_asahi_queue_create) == 8);
static_assert(sizeof(struct drm_asahi_queue_destroy) == 8);
static_assert(__alignof__(struct drm_asahi_queue_destroy) == 4);
static_assert(sizeof(struct drm_asahi_sync) == 16);
static_assert(__alignof__(struct drm_asahi_sync) == 8);
static_assert(sizeof(struct drm_asahi_cmd_header) == 8);
static_assert(__alignof__(struct drm_asahi_cmd_header) == 2);
static_assert(sizeof(struct drm_asahi_submit) == 40);
static_assert(__alignof__(struct drm_asahi_submit) == 8);
static_assert(sizeof(struct drm_asahi_attachment) == 24);
static_assert(__alignof__(struct drm_asahi_attachment) == 8);
static_assert(sizeof(struct drm_asahi_zls_buffer) == 24);
static_assert(__alignof__(struct drm_asahi_zls_buffer) == 8);
static_assert(sizeof(struct drm_asahi_timestamp) == 8);
static_assert(__alignof__(struct drm_asahi_timestamp) == 4);
static_assert(sizeof(struct drm_asahi_timestamps) == 16);
static_assert(__alignof__(struct drm_asahi_timestamps) == 4);
static_assert(sizeof(struct drm_asahi_helper_program) == 16);
static_assert(__alignof__(struct drm_asahi_helper_program) == 8);
static_assert(sizeof(struct drm_asahi_bg_eot) == 8);
static_assert(__alignof__(struct drm_asahi_bg_eot) == 4);
static_assert(sizeof(struct drm_asahi_cmd_render) == 240);
static_assert(__alignof__(struct drm_asahi_cmd_render) == 8);
static_assert(sizeof(struct drm_asahi_cmd_compute) == 64);
static_assert(__alignof__(struct drm_asahi_cmd_compute) == 8);
static_assert(sizeof(struct drm_asahi_get_time) == 16);
static_assert(__alignof__(struct drm_asahi_get_time) == 8);

/* The ioctl numbers, the same on every Linux architecture. */
static_assert((unsigned int)DRM_IOCTL_ASAHI_GET_PARAMS == 0x40186440u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_GET_TIME == 0xc0106441u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_VM_CREATE == 0xc0186442u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_VM_DESTROY == 0x40086443u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_VM_BIND == 0x40186444u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_GEM_CREATE == 0xc0186445u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET == 0xc0106446u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_GEM_BIND_OBJECT == 0xc0286447u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_QUEUE_CREATE == 0xc0186448u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_QUEUE_DESTROY == 0x40086449u);
static_assert((unsigned int)DRM_IOCTL_ASAHI_SUBMIT == 0x4028644au);

/* The enumerations' values, which Mesa compiles in too. */
static_assert(DRM_ASAHI_MAX_CLUSTERS == 64);
static_assert(DRM_ASAHI_BARRIER_NONE == 0xffff);
static_assert(DRM_ASAHI_FEATURE_SOFT_FAULTS == 0x1);
static_assert(DRM_ASAHI_GEM_WRITEBACK == 0x1 && DRM_ASAHI_GEM_VM_PRIVATE == 0x2);
static_assert(DRM_ASAHI_BIND_UNBIND == 0x1 && DRM_ASAHI_BIND_READ == 0x2 &&
	      DRM_ASAHI_BIND_WRITE == 0x4 && DRM_ASAHI_BIND_SINGLE_PAGE == 0x8);
static_assert(DRM_ASAHI_BIND_OBJECT_OP_BIND == 0 &&
	      DRM_ASAHI_BIND_OBJECT_OP_UNBIND == 1 &&
	      DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS == 0x1);
static_assert(DRM_ASAHI_CMD_RENDER == 0 && DRM_ASAHI_CMD_COMPUTE == 1 &&
	      DRM_ASAHI_SET_VERTEX_ATTACHMENTS == 2 &&
	      DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS == 3 &&
	      DRM_ASAHI_SET_COMPUTE_ATTACHMENTS == 4);
static_assert(DRM_ASAHI_PRIORITY_LOW == 0 && DRM_ASAHI_PRIORITY_MEDIUM == 1 &&
	      DRM_ASAHI_PRIORITY_HIGH == 2 && DRM_ASAHI_PRIORITY_REALTIME == 3);
static_assert(DRM_ASAHI_SYNC_SYNCOBJ == 0 &&
	      DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ == 1);
static_assert(DRM_ASAHI_RENDER_VERTEX_SCRATCH == 0x1 &&
	      DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES == 0x2 &&
	      DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING == 0x4 &&
	      DRM_ASAHI_RENDER_DBIAS_IS_INT == 0x40000);
static_assert(DRM_ASAHI_SUBMIT == 10);

/*
 * The same rows again as data, so that they are counted and checked at run
 * time too (a row deleted above is still caught here, and the totals are
 * checked against the specification's).
 */
struct abi_row {
	const char *what;
	size_t actual;
	size_t expected;
};

static const struct abi_row field_rows[] = {
	{ "params_global.features",
	  offsetof(struct drm_asahi_params_global, features), 0 },
	{ "params_global.gpu_generation",
	  offsetof(struct drm_asahi_params_global, gpu_generation), 8 },
	{ "params_global.gpu_variant",
	  offsetof(struct drm_asahi_params_global, gpu_variant), 12 },
	{ "params_global.gpu_revision",
	  offsetof(struct drm_asahi_params_global, gpu_revision), 16 },
	{ "params_global.chip_id",
	  offsetof(struct drm_asahi_params_global, chip_id), 20 },
	{ "params_global.num_dies",
	  offsetof(struct drm_asahi_params_global, num_dies), 24 },
	{ "params_global.num_clusters_total",
	  offsetof(struct drm_asahi_params_global, num_clusters_total), 28 },
	{ "params_global.num_cores_per_cluster",
	  offsetof(struct drm_asahi_params_global, num_cores_per_cluster), 32 },
	{ "params_global.max_frequency_khz",
	  offsetof(struct drm_asahi_params_global, max_frequency_khz), 36 },
	{ "params_global.core_masks",
	  offsetof(struct drm_asahi_params_global, core_masks), 40 },
	{ "params_global.vm_start",
	  offsetof(struct drm_asahi_params_global, vm_start), 552 },
	{ "params_global.vm_end",
	  offsetof(struct drm_asahi_params_global, vm_end), 560 },
	{ "params_global.vm_kernel_min_size",
	  offsetof(struct drm_asahi_params_global, vm_kernel_min_size), 568 },
	{ "params_global.max_commands_per_submission",
	  offsetof(struct drm_asahi_params_global, max_commands_per_submission), 576 },
	{ "params_global.max_attachments",
	  offsetof(struct drm_asahi_params_global, max_attachments), 580 },
	{ "params_global.command_timestamp_frequency_hz",
	  offsetof(struct drm_asahi_params_global, command_timestamp_frequency_hz), 584 },
	{ "get_params.param_group",
	  offsetof(struct drm_asahi_get_params, param_group), 0 },
	{ "get_params.pad",
	  offsetof(struct drm_asahi_get_params, pad), 4 },
	{ "get_params.pointer",
	  offsetof(struct drm_asahi_get_params, pointer), 8 },
	{ "get_params.size",
	  offsetof(struct drm_asahi_get_params, size), 16 },
	{ "get_time.flags",
	  offsetof(struct drm_asahi_get_time, flags), 0 },
	{ "get_time.gpu_timestamp",
	  offsetof(struct drm_asahi_get_time, gpu_timestamp), 8 },
	{ "vm_create.kernel_start",
	  offsetof(struct drm_asahi_vm_create, kernel_start), 0 },
	{ "vm_create.kernel_end",
	  offsetof(struct drm_asahi_vm_create, kernel_end), 8 },
	{ "vm_create.vm_id",
	  offsetof(struct drm_asahi_vm_create, vm_id), 16 },
	{ "vm_create.pad",
	  offsetof(struct drm_asahi_vm_create, pad), 20 },
	{ "vm_destroy.vm_id",
	  offsetof(struct drm_asahi_vm_destroy, vm_id), 0 },
	{ "vm_destroy.pad",
	  offsetof(struct drm_asahi_vm_destroy, pad), 4 },
	{ "gem_create.size",
	  offsetof(struct drm_asahi_gem_create, size), 0 },
	{ "gem_create.flags",
	  offsetof(struct drm_asahi_gem_create, flags), 8 },
	{ "gem_create.vm_id",
	  offsetof(struct drm_asahi_gem_create, vm_id), 12 },
	{ "gem_create.handle",
	  offsetof(struct drm_asahi_gem_create, handle), 16 },
	{ "gem_create.pad",
	  offsetof(struct drm_asahi_gem_create, pad), 20 },
	{ "gem_mmap_offset.handle",
	  offsetof(struct drm_asahi_gem_mmap_offset, handle), 0 },
	{ "gem_mmap_offset.flags",
	  offsetof(struct drm_asahi_gem_mmap_offset, flags), 4 },
	{ "gem_mmap_offset.offset",
	  offsetof(struct drm_asahi_gem_mmap_offset, offset), 8 },
	{ "vm_bind.vm_id",
	  offsetof(struct drm_asahi_vm_bind, vm_id), 0 },
	{ "vm_bind.num_binds",
	  offsetof(struct drm_asahi_vm_bind, num_binds), 4 },
	{ "vm_bind.stride",
	  offsetof(struct drm_asahi_vm_bind, stride), 8 },
	{ "vm_bind.pad",
	  offsetof(struct drm_asahi_vm_bind, pad), 12 },
	{ "vm_bind.userptr",
	  offsetof(struct drm_asahi_vm_bind, userptr), 16 },
	{ "gem_bind_op.flags",
	  offsetof(struct drm_asahi_gem_bind_op, flags), 0 },
	{ "gem_bind_op.handle",
	  offsetof(struct drm_asahi_gem_bind_op, handle), 4 },
	{ "gem_bind_op.offset",
	  offsetof(struct drm_asahi_gem_bind_op, offset), 8 },
	{ "gem_bind_op.range",
	  offsetof(struct drm_asahi_gem_bind_op, range), 16 },
	{ "gem_bind_op.addr",
	  offsetof(struct drm_asahi_gem_bind_op, addr), 24 },
	{ "gem_bind_object.op",
	  offsetof(struct drm_asahi_gem_bind_object, op), 0 },
	{ "gem_bind_object.flags",
	  offsetof(struct drm_asahi_gem_bind_object, flags), 4 },
	{ "gem_bind_object.handle",
	  offsetof(struct drm_asahi_gem_bind_object, handle), 8 },
	{ "gem_bind_object.vm_id",
	  offsetof(struct drm_asahi_gem_bind_object, vm_id), 12 },
	{ "gem_bind_object.offset",
	  offsetof(struct drm_asahi_gem_bind_object, offset), 16 },
	{ "gem_bind_object.range",
	  offsetof(struct drm_asahi_gem_bind_object, range), 24 },
	{ "gem_bind_object.object_handle",
	  offsetof(struct drm_asahi_gem_bind_object, object_handle), 32 },
	{ "gem_bind_object.pad",
	  offsetof(struct drm_asahi_gem_bind_object, pad), 36 },
	{ "queue_create.flags",
	  offsetof(struct drm_asahi_queue_create, flags), 0 },
	{ "queue_create.vm_id",
	  offsetof(struct drm_asahi_queue_create, vm_id), 4 },
	{ "queue_create.priority",
	  offsetof(struct drm_asahi_queue_create, priority), 8 },
	{ "queue_create.queue_id",
	  offsetof(struct drm_asahi_queue_create, queue_id), 12 },
	{ "queue_create.usc_exec_base",
	  offsetof(struct drm_asahi_queue_create, usc_exec_base), 16 },
	{ "queue_destroy.queue_id",
	  offsetof(struct drm_asahi_queue_destroy, queue_id), 0 },
	{ "queue_destroy.pad",
	  offsetof(struct drm_asahi_queue_destroy, pad), 4 },
	{ "sync.sync_type",
	  offsetof(struct drm_asahi_sync, sync_type), 0 },
	{ "sync.handle",
	  offsetof(struct drm_asahi_sync, handle), 4 },
	{ "sync.timeline_value",
	  offsetof(struct drm_asahi_sync, timeline_value), 8 },
	{ "cmd_header.cmd_type",
	  offsetof(struct drm_asahi_cmd_header, cmd_type), 0 },
	{ "cmd_header.size",
	  offsetof(struct drm_asahi_cmd_header, size), 2 },
	{ "cmd_header.vdm_barrier",
	  offsetof(struct drm_asahi_cmd_header, vdm_barrier), 4 },
	{ "cmd_header.cdm_barrier",
	  offsetof(struct drm_asahi_cmd_header, cdm_barrier), 6 },
	{ "submit.syncs",
	  offsetof(struct drm_asahi_submit, syncs), 0 },
	{ "submit.cmdbuf",
	  offsetof(struct drm_asahi_submit, cmdbuf), 8 },
	{ "submit.flags",
	  offsetof(struct drm_asahi_submit, flags), 16 },
	{ "submit.queue_id",
	  offsetof(struct drm_asahi_submit, queue_id), 20 },
	{ "submit.in_sync_count",
	  offsetof(struct drm_asahi_submit, in_sync_count), 24 },
	{ "submit.out_sync_count",
	  offsetof(struct drm_asahi_submit, out_sync_count), 28 },
	{ "submit.cmdbuf_size",
	  offsetof(struct drm_asahi_submit, cmdbuf_size), 32 },
	{ "submit.pad",
	  offsetof(struct drm_asahi_submit, pad), 36 },
	{ "attachment.pointer",
	  offsetof(struct drm_asahi_attachment, pointer), 0 },
	{ "attachment.size",
	  offsetof(struct drm_asahi_attachment, size), 8 },
	{ "attachment.pad",
	  offsetof(struct drm_asahi_attachment, pad), 16 },
	{ "attachment.flags",
	  offsetof(struct drm_asahi_attachment, flags), 20 },
	{ "zls_buffer.base",
	  offsetof(struct drm_asahi_zls_buffer, base), 0 },
	{ "zls_buffer.comp_base",
	  offsetof(struct drm_asahi_zls_buffer, comp_base), 8 },
	{ "zls_buffer.stride",
	  offsetof(struct drm_asahi_zls_buffer, stride), 16 },
	{ "zls_buffer.comp_stride",
	  offsetof(struct drm_asahi_zls_buffer, comp_stride), 20 },
	{ "timestamp.handle",
	  offsetof(struct drm_asahi_timestamp, handle), 0 },
	{ "timestamp.offset",
	  offsetof(struct drm_asahi_timestamp, offset), 4 },
	{ "timestamps.start",
	  offsetof(struct drm_asahi_timestamps, start), 0 },
	{ "timestamps.end",
	  offsetof(struct drm_asahi_timestamps, end), 8 },
	{ "helper_program.binary",
	  offsetof(struct drm_asahi_helper_program, binary), 0 },
	{ "helper_program.cfg",
	  offsetof(struct drm_asahi_helper_program, cfg), 4 },
	{ "helper_program.data",
	  offsetof(struct drm_asahi_helper_program, data), 8 },
	{ "bg_eot.usc",
	  offsetof(struct drm_asahi_bg_eot, usc), 0 },
	{ "bg_eot.rsrc_spec",
	  offsetof(struct drm_asahi_bg_eot, rsrc_spec), 4 },
	{ "cmd_render.flags",
	  offsetof(struct drm_asahi_cmd_render, flags), 0 },
	{ "cmd_render.isp_zls_pixels",
	  offsetof(struct drm_asahi_cmd_render, isp_zls_pixels), 4 },
	{ "cmd_render.vdm_ctrl_stream_base",
	  offsetof(struct drm_asahi_cmd_render, vdm_ctrl_stream_base), 8 },
	{ "cmd_render.vertex_helper",
	  offsetof(struct drm_asahi_cmd_render, vertex_helper), 16 },
	{ "cmd_render.vertex_helper.binary",
	  offsetof(struct drm_asahi_cmd_render, vertex_helper.binary), 16 },
	{ "cmd_render.vertex_helper.cfg",
	  offsetof(struct drm_asahi_cmd_render, vertex_helper.cfg), 20 },
	{ "cmd_render.vertex_helper.data",
	  offsetof(struct drm_asahi_cmd_render, vertex_helper.data), 24 },
	{ "cmd_render.fragment_helper",
	  offsetof(struct drm_asahi_cmd_render, fragment_helper), 32 },
	{ "cmd_render.fragment_helper.binary",
	  offsetof(struct drm_asahi_cmd_render, fragment_helper.binary), 32 },
	{ "cmd_render.fragment_helper.cfg",
	  offsetof(struct drm_asahi_cmd_render, fragment_helper.cfg), 36 },
	{ "cmd_render.fragment_helper.data",
	  offsetof(struct drm_asahi_cmd_render, fragment_helper.data), 40 },
	{ "cmd_render.isp_scissor_base",
	  offsetof(struct drm_asahi_cmd_render, isp_scissor_base), 48 },
	{ "cmd_render.isp_dbias_base",
	  offsetof(struct drm_asahi_cmd_render, isp_dbias_base), 56 },
	{ "cmd_render.isp_oclqry_base",
	  offsetof(struct drm_asahi_cmd_render, isp_oclqry_base), 64 },
	{ "cmd_render.depth",
	  offsetof(struct drm_asahi_cmd_render, depth), 72 },
	{ "cmd_render.depth.base",
	  offsetof(struct drm_asahi_cmd_render, depth.base), 72 },
	{ "cmd_render.depth.comp_base",
	  offsetof(struct drm_asahi_cmd_render, depth.comp_base), 80 },
	{ "cmd_render.depth.stride",
	  offsetof(struct drm_asahi_cmd_render, depth.stride), 88 },
	{ "cmd_render.depth.comp_stride",
	  offsetof(struct drm_asahi_cmd_render, depth.comp_stride), 92 },
	{ "cmd_render.stencil",
	  offsetof(struct drm_asahi_cmd_render, stencil), 96 },
	{ "cmd_render.stencil.base",
	  offsetof(struct drm_asahi_cmd_render, stencil.base), 96 },
	{ "cmd_render.stencil.comp_base",
	  offsetof(struct drm_asahi_cmd_render, stencil.comp_base), 104 },
	{ "cmd_render.stencil.stride",
	  offsetof(struct drm_asahi_cmd_render, stencil.stride), 112 },
	{ "cmd_render.stencil.comp_stride",
	  offsetof(struct drm_asahi_cmd_render, stencil.comp_stride), 116 },
	{ "cmd_render.zls_ctrl",
	  offsetof(struct drm_asahi_cmd_render, zls_ctrl), 120 },
	{ "cmd_render.ppp_multisamplectl",
	  offsetof(struct drm_asahi_cmd_render, ppp_multisamplectl), 128 },
	{ "cmd_render.sampler_heap",
	  offsetof(struct drm_asahi_cmd_render, sampler_heap), 136 },
	{ "cmd_render.ppp_ctrl",
	  offsetof(struct drm_asahi_cmd_render, ppp_ctrl), 144 },
	{ "cmd_render.width_px",
	  offsetof(struct drm_asahi_cmd_render, width_px), 148 },
	{ "cmd_render.height_px",
	  offsetof(struct drm_asahi_cmd_render, height_px), 150 },
	{ "cmd_render.layers",
	  offsetof(struct drm_asahi_cmd_render, layers), 152 },
	{ "cmd_render.sampler_count",
	  offsetof(struct drm_asahi_cmd_render, sampler_count), 154 },
	{ "cmd_render.utile_width_px",
	  offsetof(struct drm_asahi_cmd_render, utile_width_px), 156 },
	{ "cmd_render.utile_height_px",
	  offsetof(struct drm_asahi_cmd_render, utile_height_px), 157 },
	{ "cmd_render.samples",
	  offsetof(struct drm_asahi_cmd_render, samples), 158 },
	{ "cmd_render.sample_size_B",
	  offsetof(struct drm_asahi_cmd_render, sample_size_B), 159 },
	{ "cmd_render.isp_merge_upper_x",
	  offsetof(struct drm_asahi_cmd_render, isp_merge_upper_x), 160 },
	{ "cmd_render.isp_merge_upper_y",
	  offsetof(struct drm_asahi_cmd_render, isp_merge_upper_y), 164 },
	{ "cmd_render.bg",
	  offsetof(struct drm_asahi_cmd_render, bg), 168 },
	{ "cmd_render.bg.usc",
	  offsetof(struct drm_asahi_cmd_render, bg.usc), 168 },
	{ "cmd_render.bg.rsrc_spec",
	  offsetof(struct drm_asahi_cmd_render, bg.rsrc_spec), 172 },
	{ "cmd_render.eot",
	  offsetof(struct drm_asahi_cmd_render, eot), 176 },
	{ "cmd_render.eot.usc",
	  offsetof(struct drm_asahi_cmd_render, eot.usc), 176 },
	{ "cmd_render.eot.rsrc_spec",
	  offsetof(struct drm_asahi_cmd_render, eot.rsrc_spec), 180 },
	{ "cmd_render.partial_bg",
	  offsetof(struct drm_asahi_cmd_render, partial_bg), 184 },
	{ "cmd_render.partial_bg.usc",
	  offsetof(struct drm_asahi_cmd_render, partial_bg.usc), 184 },
	{ "cmd_render.partial_bg.rsrc_spec",
	  offsetof(struct drm_asahi_cmd_render, partial_bg.rsrc_spec), 188 },
	{ "cmd_render.partial_eot",
	  offsetof(struct drm_asahi_cmd_render, partial_eot), 192 },
	{ "cmd_render.partial_eot.usc",
	  offsetof(struct drm_asahi_cmd_render, partial_eot.usc), 192 },
	{ "cmd_render.partial_eot.rsrc_spec",
	  offsetof(struct drm_asahi_cmd_render, partial_eot.rsrc_spec), 196 },
	{ "cmd_render.isp_bgobjdepth",
	  offsetof(struct drm_asahi_cmd_render, isp_bgobjdepth), 200 },
	{ "cmd_render.isp_bgobjvals",
	  offsetof(struct drm_asahi_cmd_render, isp_bgobjvals), 204 },
	{ "cmd_render.ts_vtx",
	  offsetof(struct drm_asahi_cmd_render, ts_vtx), 208 },
	{ "cmd_render.ts_vtx.start.handle",
	  offsetof(struct drm_asahi_cmd_render, ts_vtx.start.handle), 208 },
	{ "cmd_render.ts_vtx.start.offset",
	  offsetof(struct drm_asahi_cmd_render, ts_vtx.start.offset), 212 },
	{ "cmd_render.ts_vtx.end.handle",
	  offsetof(struct drm_asahi_cmd_render, ts_vtx.end.handle), 216 },
	{ "cmd_render.ts_vtx.end.offset",
	  offsetof(struct drm_asahi_cmd_render, ts_vtx.end.offset), 220 },
	{ "cmd_render.ts_frag",
	  offsetof(struct drm_asahi_cmd_render, ts_frag), 224 },
	{ "cmd_render.ts_frag.start.handle",
	  offsetof(struct drm_asahi_cmd_render, ts_frag.start.handle), 224 },
	{ "cmd_render.ts_frag.start.offset",
	  offsetof(struct drm_asahi_cmd_render, ts_frag.start.offset), 228 },
	{ "cmd_render.ts_frag.end.handle",
	  offsetof(struct drm_asahi_cmd_render, ts_frag.end.handle), 232 },
	{ "cmd_render.ts_frag.end.offset",
	  offsetof(struct drm_asahi_cmd_render, ts_frag.end.offset), 236 },
	{ "cmd_compute.flags",
	  offsetof(struct drm_asahi_cmd_compute, flags), 0 },
	{ "cmd_compute.sampler_count",
	  offsetof(struct drm_asahi_cmd_compute, sampler_count), 4 },
	{ "cmd_compute.cdm_ctrl_stream_base",
	  offsetof(struct drm_asahi_cmd_compute, cdm_ctrl_stream_base), 8 },
	{ "cmd_compute.cdm_ctrl_stream_end",
	  offsetof(struct drm_asahi_cmd_compute, cdm_ctrl_stream_end), 16 },
	{ "cmd_compute.sampler_heap",
	  offsetof(struct drm_asahi_cmd_compute, sampler_heap), 24 },
	{ "cmd_compute.helper",
	  offsetof(struct drm_asahi_cmd_compute, helper), 32 },
	{ "cmd_compute.helper.binary",
	  offsetof(struct drm_asahi_cmd_compute, helper.binary), 32 },
	{ "cmd_compute.helper.cfg",
	  offsetof(struct drm_asahi_cmd_compute, helper.cfg), 36 },
	{ "cmd_compute.helper.data",
	  offsetof(struct drm_asahi_cmd_compute, helper.data), 40 },
	{ "cmd_compute.ts",
	  offsetof(struct drm_asahi_cmd_compute, ts), 48 },
	{ "cmd_compute.ts.start.handle",
	  offsetof(struct drm_asahi_cmd_compute, ts.start.handle), 48 },
	{ "cmd_compute.ts.start.offset",
	  offsetof(struct drm_asahi_cmd_compute, ts.start.offset), 52 },
	{ "cmd_compute.ts.end.handle",
	  offsetof(struct drm_asahi_cmd_compute, ts.end.handle), 56 },
	{ "cmd_compute.ts.end.offset",
	  offsetof(struct drm_asahi_cmd_compute, ts.end.offset), 60 },
};

static const struct abi_row struct_rows[] = {
	{ "params_global size", sizeof(struct drm_asahi_params_global), 592 },
	{ "params_global align", __alignof__(struct drm_asahi_params_global), 8 },
	{ "get_params size", sizeof(struct drm_asahi_get_params), 24 },
	{ "get_params align", __alignof__(struct drm_asahi_get_params), 8 },
	{ "vm_create size", sizeof(struct drm_asahi_vm_create), 24 },
	{ "vm_create align", __alignof__(struct drm_asahi_vm_create), 8 },
	{ "vm_destroy size", sizeof(struct drm_asahi_vm_destroy), 8 },
	{ "vm_destroy align", __alignof__(struct drm_asahi_vm_destroy), 4 },
	{ "gem_create size", sizeof(struct drm_asahi_gem_create), 24 },
	{ "gem_create align", __alignof__(struct drm_asahi_gem_create), 8 },
	{ "gem_mmap_offset size", sizeof(struct drm_asahi_gem_mmap_offset), 16 },
	{ "gem_mmap_offset align", __alignof__(struct drm_asahi_gem_mmap_offset), 8 },
	{ "gem_bind_op size", sizeof(struct drm_asahi_gem_bind_op), 32 },
	{ "gem_bind_op align", __alignof__(struct drm_asahi_gem_bind_op), 8 },
	{ "vm_bind size", sizeof(struct drm_asahi_vm_bind), 24 },
	{ "vm_bind align", __alignof__(struct drm_asahi_vm_bind), 8 },
	{ "gem_bind_object size", sizeof(struct drm_asahi_gem_bind_object), 40 },
	{ "gem_bind_object align", __alignof__(struct drm_asahi_gem_bind_object), 8 },
	{ "queue_create size", sizeof(struct drm_asahi_queue_create), 24 },
	{ "queue_create align", __alignof__(struct drm_asahi_queue_create), 8 },
	{ "queue_destroy size", sizeof(struct drm_asahi_queue_destroy), 8 },
	{ "queue_destroy align", __alignof__(struct drm_asahi_queue_destroy), 4 },
	{ "sync size", sizeof(struct drm_asahi_sync), 16 },
	{ "sync align", __alignof__(struct drm_asahi_sync), 8 },
	{ "cmd_header size", sizeof(struct drm_asahi_cmd_header), 8 },
	{ "cmd_header align", __alignof__(struct drm_asahi_cmd_header), 2 },
	{ "submit size", sizeof(struct drm_asahi_submit), 40 },
	{ "submit align", __alignof__(struct drm_asahi_submit), 8 },
	{ "attachment size", sizeof(struct drm_asahi_attachment), 24 },
	{ "attachment align", __alignof__(struct drm_asahi_attachment), 8 },
	{ "zls_buffer size", sizeof(struct drm_asahi_zls_buffer), 24 },
	{ "zls_buffer align", __alignof__(struct drm_asahi_zls_buffer), 8 },
	{ "timestamp size", sizeof(struct drm_asahi_timestamp), 8 },
	{ "timestamp align", __alignof__(struct drm_asahi_timestamp), 4 },
	{ "timestamps size", sizeof(struct drm_asahi_timestamps), 16 },
	{ "timestamps align", __alignof__(struct drm_asahi_timestamps), 4 },
	{ "helper_program size", sizeof(struct drm_asahi_helper_program), 16 },
	{ "helper_program align", __alignof__(struct drm_asahi_helper_program), 8 },
	{ "bg_eot size", sizeof(struct drm_asahi_bg_eot), 8 },
	{ "bg_eot align", __alignof__(struct drm_asahi_bg_eot), 4 },
	{ "cmd_render size", sizeof(struct drm_asahi_cmd_render), 240 },
	{ "cmd_render align", __alignof__(struct drm_asahi_cmd_render), 8 },
	{ "cmd_compute size", sizeof(struct drm_asahi_cmd_compute), 64 },
	{ "cmd_compute align", __alignof__(struct drm_asahi_cmd_compute), 8 },
	{ "get_time size", sizeof(struct drm_asahi_get_time), 16 },
	{ "get_time align", __alignof__(struct drm_asahi_get_time), 8 },
};

static const struct abi_row ioctl_rows[] = {
	{ "GET_PARAMS", (unsigned int)DRM_IOCTL_ASAHI_GET_PARAMS, 0x40186440u },
	{ "GET_TIME", (unsigned int)DRM_IOCTL_ASAHI_GET_TIME, 0xc0106441u },
	{ "VM_CREATE", (unsigned int)DRM_IOCTL_ASAHI_VM_CREATE, 0xc0186442u },
	{ "VM_DESTROY", (unsigned int)DRM_IOCTL_ASAHI_VM_DESTROY, 0x40086443u },
	{ "VM_BIND", (unsigned int)DRM_IOCTL_ASAHI_VM_BIND, 0x40186444u },
	{ "GEM_CREATE", (unsigned int)DRM_IOCTL_ASAHI_GEM_CREATE, 0xc0186445u },
	{ "GEM_MMAP_OFFSET", (unsigned int)DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, 0xc0106446u },
	{ "GEM_BIND_OBJECT", (unsigned int)DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, 0xc0286447u },
	{ "QUEUE_CREATE", (unsigned int)DRM_IOCTL_ASAHI_QUEUE_CREATE, 0xc0186448u },
	{ "QUEUE_DESTROY", (unsigned int)DRM_IOCTL_ASAHI_QUEUE_DESTROY, 0x40086449u },
	{ "SUBMIT", (unsigned int)DRM_IOCTL_ASAHI_SUBMIT, 0x4028644au },
};

static unsigned int check_rows(struct kunit *test, const struct abi_row *rows,
			       unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ_MSG(test, rows[i].actual, rows[i].expected, "%s",
				    rows[i].what);
	return n;
}

static void agx4_uapi_abi_matches_upstream(struct kunit *test)
{
	unsigned int fields, structs, ioctls;

	fields = check_rows(test, field_rows, ARRAY_SIZE(field_rows));
	structs = check_rows(test, struct_rows, ARRAY_SIZE(struct_rows)) / 2;
	ioctls = check_rows(test, ioctl_rows, ARRAY_SIZE(ioctl_rows));
	/* The specification's totals (uapi.md 1 and 4). */
	KUNIT_EXPECT_EQ(test, structs, 23);
	KUNIT_EXPECT_EQ(test, ioctls, 11);
	KUNIT_EXPECT_GE(test, fields, 155);
	kunit_info(test, "agx4-uapi: abi field offsets checked = %u\n", fields);
	kunit_info(test, "agx4-uapi: abi structs checked = %u\n", structs);
	kunit_info(test, "agx4-uapi: abi ioctl numbers checked = %u\n", ioctls);
}

static struct kunit_case agx4_uapi_abi_cases[] = {
	KUNIT_CASE(agx4_uapi_abi_matches_upstream),
	{ }
};

static struct kunit_suite agx4_uapi_abi_suite = {
	.name = "agx4_uapi_abi",
	.test_cases = agx4_uapi_abi_cases,
};

kunit_test_suite(agx4_uapi_abi_suite);
