// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The Asahi UAPI, byte for byte: every ioctl number, structure size and
 * alignment, and field offset, written out from the UAPI specification
 * and not from the header.  Each row is a compile-time assertion, so a
 * header that differs does not build.  The KUnit suite "agx4_uapi_abi"
 * checks what a header cannot: the driver's ioctl table and identity.
 */

#include <kunit/test.h>
#include <linux/stddef.h>

#include <drm/drm_drv.h>
#include <drm/drm_ioctl.h>
#include <uapi/drm/asahi_drm.h>

#include "../agx4_drv.h"

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
 * The rows above are the whole ABI check: a header that differs does not
 * build.  What only shows at run time is how the driver registers that
 * ABI with the DRM core: one entry per ioctl, indexed by its id, with the
 * ioctl number the core takes the argument size and direction from, and
 * upstream's flags; and the driver name and features Mesa opens the device
 * by.  Written here from the UAPI specification, not from the driver.
 */
static const struct {
	const char *name;
	unsigned int cmd;
	u32 flags;
} ioctl_table[] = {
	{ "ASAHI_GET_PARAMS", 0x40186440u, DRM_RENDER_ALLOW },
	{ "ASAHI_GET_TIME", 0xc0106441u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_VM_CREATE", 0xc0186442u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_VM_DESTROY", 0x40086443u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_VM_BIND", 0x40186444u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_GEM_CREATE", 0xc0186445u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_GEM_MMAP_OFFSET", 0xc0106446u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_GEM_BIND_OBJECT", 0xc0286447u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_QUEUE_CREATE", 0xc0186448u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_QUEUE_DESTROY", 0x40086449u, DRM_AUTH | DRM_RENDER_ALLOW },
	{ "ASAHI_SUBMIT", 0x4028644au, DRM_AUTH | DRM_RENDER_ALLOW },
};

static void agx4_uapi_abi_driver_registers_every_ioctl(struct kunit *test)
{
	const struct drm_driver *drv = &agx4_drm_driver;
	unsigned int i;

	KUNIT_ASSERT_EQ(test, drv->num_ioctls, ARRAY_SIZE(ioctl_table));
	for (i = 0; i < ARRAY_SIZE(ioctl_table); i++) {
		const struct drm_ioctl_desc *d = &drv->ioctls[i];

		KUNIT_EXPECT_EQ_MSG(test, d->cmd, ioctl_table[i].cmd, "%s",
				    ioctl_table[i].name);
		KUNIT_EXPECT_EQ_MSG(test, d->flags, ioctl_table[i].flags, "%s",
				    ioctl_table[i].name);
		KUNIT_EXPECT_NOT_NULL_MSG(test, d->func, "%s",
					  ioctl_table[i].name);
		KUNIT_EXPECT_NOT_NULL_MSG(test, d->name, "%s",
					  ioctl_table[i].name);
		if (d->name)
			KUNIT_EXPECT_STREQ(test, d->name, ioctl_table[i].name);
	}
	KUNIT_EXPECT_STREQ(test, drv->name, "asahi");
	KUNIT_EXPECT_EQ(test, drv->driver_features,
			DRIVER_GEM | DRIVER_RENDER | DRIVER_SYNCOBJ |
			DRIVER_SYNCOBJ_TIMELINE | DRIVER_GEM_GPUVA);
}

static struct kunit_case agx4_uapi_abi_cases[] = {
	KUNIT_CASE(agx4_uapi_abi_driver_registers_every_ioctl),
	{ }
};

static struct kunit_suite agx4_uapi_abi_suite = {
	.name = "agx4_uapi_abi",
	.test_cases = agx4_uapi_abi_cases,
};

kunit_test_suite(agx4_uapi_abi_suite);
