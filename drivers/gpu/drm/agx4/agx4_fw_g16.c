// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 (Apple M4, t8132): the generation's firmware facts
 * (shared/spec/g16-g17p-reference.md 3.2, 4.1, 6.1, 7.1, 8).
 */

#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_g16.h"
#include "agx4_fwif_g16.h"

/* ID register (SGX window): must read neither 0 nor all ones. */
#define G16_SGX_GPU_ID		0xd04000

/* Fixed on t8132: one die, one cluster, ten core slots (spec 7.1). */
#define G16_CORES_PER_CLUSTER	10

static int g16_read_gpu_info(struct agx4_device *adev,
			     struct agx4_gpu_info *info)
{
	const struct agx4_platform *p = &adev->plat;
	u32 id = agx4_device_read_sgx(adev, G16_SGX_GPU_ID);

	if (!id || id == ~0u) {
		drm_err(&adev->base, "GPU ID register reads %#x\n", id);
		return -ENODEV;
	}
	/* L: the reference reports revision 0 on t8132. */
	info->revision = 0;
	info->num_dies = 1;
	info->num_clusters = 1;
	info->cores_per_cluster = G16_CORES_PER_CLUSTER;
	info->core_mask = p->core_mask;
	info->max_freq_khz = p->freq_a[AGX4_NUM_PSTATES - 1] * 1000;
	return 0;
}

#define F(type, m) AGX4_FW_FIELD(struct type, m)

static const struct agx4_fw_layout g16_layouts[] = {
	AGX4_FW_LAYOUT("main_config", struct g16_main_config,
		       F(g16_main_config, hwdata),
		       F(g16_main_config, repeated),
		       F(g16_main_config, header),
		       F(g16_main_config, channels),
		       F(g16_main_config, addresses),
		       F(g16_main_config, regions),
		       F(g16_main_config, four), F(g16_main_config, ff),
		       F(g16_main_config, unaligned),
		       F(g16_main_config, control)),
	AGX4_FW_LAYOUT("queue", struct g16_queue,
		       F(g16_queue, pointers), F(g16_queue, ring),
		       F(g16_queue, job_list), F(g16_queue, private_area),
		       F(g16_queue, all_ones), F(g16_queue, priority),
		       F(g16_queue, priority2), F(g16_queue, priority_mask),
		       F(g16_queue, first), F(g16_queue, last),
		       F(g16_queue, all_ones2), F(g16_queue, uuid),
		       F(g16_queue, context)),
	AGX4_FW_LAYOUT("pointers", struct g16_pointers,
		       F(g16_pointers, done), F(g16_pointers, read),
		       F(g16_pointers, write), F(g16_pointers, capacity)),
	AGX4_FW_LAYOUT("work_msg", struct g16_work_msg,
		       F(g16_work_msg, tag), F(g16_work_msg, queue),
		       F(g16_work_msg, kind), F(g16_work_msg, head)),
	AGX4_FW_LAYOUT("ctl_register", struct g16_ctl_register,
		       F(g16_ctl_register, opcode), F(g16_ctl_register, one),
		       F(g16_ctl_register, mask),
		       F(g16_ctl_register, control_data),
		       F(g16_ctl_register, operands),
		       F(g16_ctl_register, operands2),
		       F(g16_ctl_register, count), F(g16_ctl_register, one2)),
	AGX4_FW_LAYOUT("ctl_grow_reply", struct g16_ctl_grow_reply,
		       F(g16_ctl_grow_reply, opcode),
		       F(g16_ctl_grow_reply, success),
		       F(g16_ctl_grow_reply, slot),
		       F(g16_ctl_grow_reply, context),
		       F(g16_ctl_grow_reply, counter),
		       F(g16_ctl_grow_reply, subpipe),
		       F(g16_ctl_grow_reply, halt_count)),
	AGX4_FW_LAYOUT("ctl_limit_reply", struct g16_ctl_limit_reply,
		       F(g16_ctl_limit_reply, opcode),
		       F(g16_ctl_limit_reply, one),
		       F(g16_ctl_limit_reply, fragment_queue),
		       F(g16_ctl_limit_reply, fragment_stamp)),
	AGX4_FW_LAYOUT("ev_grow", struct g16_ev_grow,
		       F(g16_ev_grow, kind), F(g16_ev_grow, context),
		       F(g16_ev_grow, slot), F(g16_ev_grow, counter),
		       F(g16_ev_grow, subpipe), F(g16_ev_grow, halt_count)),
	AGX4_FW_LAYOUT("ev_limit", struct g16_ev_limit,
		       F(g16_ev_limit, kind), F(g16_ev_limit, zero),
		       F(g16_ev_limit, one), F(g16_ev_limit, fragment_event),
		       F(g16_ev_limit, fragment_stamp)),
	AGX4_FW_LAYOUT("ev_partial", struct g16_ev_partial,
		       F(g16_ev_partial, kind), F(g16_ev_partial, active),
		       F(g16_ev_partial, queue), F(g16_ev_partial, what),
		       F(g16_ev_partial, zero)),
	AGX4_FW_LAYOUT("work_tail", struct g16_work_tail,
		       F(g16_work_tail, driver_stamp),
		       F(g16_work_tail, fw_stamp), F(g16_work_tail, stamp),
		       F(g16_work_tail, event), F(g16_work_tail, uuid),
		       F(g16_work_tail, layers_m1), F(g16_work_tail, fw_30),
		       F(g16_work_tail, prof_base),
		       F(g16_work_tail, prof_start),
		       F(g16_work_tail, prof_end), F(g16_work_tail, ts_start),
		       F(g16_work_tail, ts_end), F(g16_work_tail, support),
		       F(g16_work_tail, layer_flags),
		       F(g16_work_tail, shared_tail), F(g16_work_tail, fw_a0),
		       F(g16_work_tail, fw_b0)),
	AGX4_FW_LAYOUT("ta_work", struct g16_ta_work,
		       F(g16_ta_work, type), F(g16_ta_work, counter),
		       F(g16_ta_work, context), F(g16_ta_work, event_control),
		       F(g16_ta_work, bm_slot), F(g16_ta_work, bm),
		       F(g16_ta_work, scene), F(g16_ta_work, empty_buffer),
		       F(g16_ta_work, regs), F(g16_ta_work, regs_alias),
		       F(g16_ta_work, reg_count), F(g16_ta_work, reg_bytes),
		       F(g16_ta_work, tpc), F(g16_ta_work, tpc_size),
		       F(g16_ta_work, microseq), F(g16_ta_work, microseq_size),
		       F(g16_ta_work, fragment_event),
		       F(g16_ta_work, fragment_stamp), F(g16_ta_work, fw_784),
		       F(g16_ta_work, deflake_1), F(g16_ta_work, fw_83c),
		       F(g16_ta_work, lifecycle_hi), F(g16_ta_work, all_ones),
		       F(g16_ta_work, sampler_heap),
		       F(g16_ta_work, sampler_count),
		       F(g16_ta_work, sampler_max), F(g16_ta_work, fw_85c),
		       F(g16_ta_work, request_growth), F(g16_ta_work, tail)),
	AGX4_FW_LAYOUT("frag_work", struct g16_frag_work,
		       F(g16_frag_work, type), F(g16_frag_work, counter),
		       F(g16_frag_work, context), F(g16_frag_work, zero),
		       F(g16_frag_work, microseq),
		       F(g16_frag_work, microseq_size),
		       F(g16_frag_work, event_control), F(g16_frag_work, bm),
		       F(g16_frag_work, scene), F(g16_frag_work, empty_buffer),
		       F(g16_frag_work, tilemap), F(g16_frag_work, msaa),
		       F(g16_frag_work, samples), F(g16_frag_work, macro_size),
		       F(g16_frag_work, merge_x), F(g16_frag_work, merge_y),
		       F(g16_frag_work, tiles), F(g16_frag_work, regs),
		       F(g16_frag_work, consts), F(g16_frag_work, regs_alias),
		       F(g16_frag_work, reg_count), F(g16_frag_work, reg_bytes),
		       F(g16_frag_work, dbias), F(g16_frag_work, scissor),
		       F(g16_frag_work, oclqry), F(g16_frag_work, load_bind),
		       F(g16_frag_work, load),
		       F(g16_frag_work, partial_load_bind),
		       F(g16_frag_work, partial_load),
		       F(g16_frag_work, zls_ctrl), F(g16_frag_work, zls_const),
		       F(g16_frag_work, depth), F(g16_frag_work, stencil),
		       F(g16_frag_work, tib), F(g16_frag_work, aux_fb_flags),
		       F(g16_frag_work, dims), F(g16_frag_work, aux_fb_pages),
		       F(g16_frag_work, tile_config),
		       F(g16_frag_work, store_bind), F(g16_frag_work, store),
		       F(g16_frag_work, partial_store_bind),
		       F(g16_frag_work, partial_store),
		       F(g16_frag_work, depth_clear),
		       F(g16_frag_work, stencil_clear),
		       F(g16_frag_work, sample_size),
		       F(g16_frag_work, zls_pixels), F(g16_frag_work, fw_a58),
		       F(g16_frag_work, fw_b70), F(g16_frag_work, sync_grow),
		       F(g16_frag_work, fw_b84), F(g16_frag_work, lifecycle_hi),
		       F(g16_frag_work, all_ones),
		       F(g16_frag_work, sampler_heap),
		       F(g16_frag_work, sampler_count),
		       F(g16_frag_work, sampler_max),
		       F(g16_frag_work, empty_tiles), F(g16_frag_work, one),
		       F(g16_frag_work, msaa_on), F(g16_frag_work, fw_bb0),
		       F(g16_frag_work, fw_bb4), F(g16_frag_work, tail),
		       F(g16_frag_work, one_hi)),
	AGX4_FW_LAYOUT("compute_work", struct g16_compute_work,
		       F(g16_compute_work, type), F(g16_compute_work, counter),
		       F(g16_compute_work, context),
		       F(g16_compute_work, notifier), F(g16_compute_work, regs),
		       F(g16_compute_work, regs_alias),
		       F(g16_compute_work, reg_header),
		       F(g16_compute_work, microseq),
		       F(g16_compute_work, microseq_size),
		       F(g16_compute_work, fw_76c),
		       F(g16_compute_work, resource),
		       F(g16_compute_work, cdm_last),
		       F(g16_compute_work, cdm_ctrl), F(g16_compute_work, one),
		       F(g16_compute_work, fw_7dc),
		       F(g16_compute_work, identity_hi),
		       F(g16_compute_work, sampler_heap),
		       F(g16_compute_work, sampler_count),
		       F(g16_compute_work, sampler_max),
		       F(g16_compute_work, driver_stamp),
		       F(g16_compute_work, fw_stamp),
		       F(g16_compute_work, stamp), F(g16_compute_work, event),
		       F(g16_compute_work, identity),
		       F(g16_compute_work, ordinal),
		       F(g16_compute_work, prof_base),
		       F(g16_compute_work, prof_start),
		       F(g16_compute_work, prof_end),
		       F(g16_compute_work, support),
		       F(g16_compute_work, support_on),
		       F(g16_compute_work, const_874),
		       F(g16_compute_work, const_87c),
		       F(g16_compute_work, one_88b),
		       F(g16_compute_work, fw_88c), F(g16_compute_work, fw_89c),
		       F(g16_compute_work, fw_8ac)),
	AGX4_FW_LAYOUT("ms_timestamp", struct g16_ms_timestamp,
		       F(g16_ms_timestamp, opcode), F(g16_ms_timestamp, base),
		       F(g16_ms_timestamp, start), F(g16_ms_timestamp, slot),
		       F(g16_ms_timestamp, queue), F(g16_ms_timestamp, user),
		       F(g16_ms_timestamp, state), F(g16_ms_timestamp, state2),
		       F(g16_ms_timestamp, uuid)),
	AGX4_FW_LAYOUT("ms_start_ta", struct g16_ms_start_ta,
		       F(g16_ms_start_ta, opcode), F(g16_ms_start_ta, regs),
		       F(g16_ms_start_ta, bm), F(g16_ms_start_ta, scene),
		       F(g16_ms_start_ta, stats), F(g16_ms_start_ta, queue),
		       F(g16_ms_start_ta, state), F(g16_ms_start_ta, context),
		       F(g16_ms_start_ta, counter), F(g16_ms_start_ta, bm_slot),
		       F(g16_ms_start_ta, state2), F(g16_ms_start_ta, state3),
		       F(g16_ms_start_ta, uuid), F(g16_ms_start_ta, support),
		       F(g16_ms_start_ta, status), F(g16_ms_start_ta, one),
		       F(g16_ms_start_ta, event)),
	AGX4_FW_LAYOUT("ms_end_ta", struct g16_ms_end_ta,
		       F(g16_ms_end_ta, opcode), F(g16_ms_end_ta, scene),
		       F(g16_ms_end_ta, bm), F(g16_ms_end_ta, stats),
		       F(g16_ms_end_ta, queue), F(g16_ms_end_ta, state),
		       F(g16_ms_end_ta, context), F(g16_ms_end_ta, state2),
		       F(g16_ms_end_ta, uuid), F(g16_ms_end_ta, fw_stamp),
		       F(g16_ms_end_ta, stamp)),
	AGX4_FW_LAYOUT("ms_trailer_ta", struct g16_ms_trailer_ta,
		       F(g16_ms_trailer_ta, jump), F(g16_ms_trailer_ta, rel),
		       F(g16_ms_trailer_ta, state), F(g16_ms_trailer_ta, flags),
		       F(g16_ms_trailer_ta, finish)),
	AGX4_FW_LAYOUT("ta_ms", struct g16_ta_ms,
		       F(g16_ta_ms, start), F(g16_ta_ms, ts_start),
		       F(g16_ta_ms, ts_one), F(g16_ta_ms, ts_end),
		       F(g16_ta_ms, end), F(g16_ta_ms, trailer)),
	AGX4_FW_LAYOUT("ms_start_3d", struct g16_ms_start_3d,
		       F(g16_ms_start_3d, opcode), F(g16_ms_start_3d, regs),
		       F(g16_ms_start_3d, scene), F(g16_ms_start_3d, stats),
		       F(g16_ms_start_3d, state),
		       F(g16_ms_start_3d, scene_state),
		       F(g16_ms_start_3d, state2), F(g16_ms_start_3d, state3),
		       F(g16_ms_start_3d, queue), F(g16_ms_start_3d, work),
		       F(g16_ms_start_3d, context),
		       F(g16_ms_start_3d, ta_counter),
		       F(g16_ms_start_3d, bm_slot), F(g16_ms_start_3d, state4),
		       F(g16_ms_start_3d, state5), F(g16_ms_start_3d, uuid),
		       F(g16_ms_start_3d, support), F(g16_ms_start_3d, status),
		       F(g16_ms_start_3d, event), F(g16_ms_start_3d, one)),
	AGX4_FW_LAYOUT("ms_end_3d", struct g16_ms_end_3d,
		       F(g16_ms_end_3d, opcode), F(g16_ms_end_3d, uuid),
		       F(g16_ms_end_3d, fw_stamp), F(g16_ms_end_3d, stamp),
		       F(g16_ms_end_3d, scene), F(g16_ms_end_3d, bm),
		       F(g16_ms_end_3d, one), F(g16_ms_end_3d, stats),
		       F(g16_ms_end_3d, state2), F(g16_ms_end_3d, state3),
		       F(g16_ms_end_3d, state), F(g16_ms_end_3d, queue),
		       F(g16_ms_end_3d, work), F(g16_ms_end_3d, context),
		       F(g16_ms_end_3d, state4)),
	AGX4_FW_LAYOUT("ms_trailer_3d", struct g16_ms_trailer_3d,
		       F(g16_ms_trailer_3d, jump), F(g16_ms_trailer_3d, rel),
		       F(g16_ms_trailer_3d, state), F(g16_ms_trailer_3d, flags),
		       F(g16_ms_trailer_3d, finish)),
	AGX4_FW_LAYOUT("frag_ms", struct g16_frag_ms,
		       F(g16_frag_ms, start), F(g16_frag_ms, ts_start),
		       F(g16_frag_ms, ts_one), F(g16_frag_ms, ts_end),
		       F(g16_frag_ms, end), F(g16_frag_ms, trailer)),
	AGX4_FW_LAYOUT("ms_start_compute", struct g16_ms_start_compute,
		       F(g16_ms_start_compute, opcode),
		       F(g16_ms_start_compute, regs),
		       F(g16_ms_start_compute, stats),
		       F(g16_ms_start_compute, queue),
		       F(g16_ms_start_compute, context),
		       F(g16_ms_start_compute, one),
		       F(g16_ms_start_compute, event_generation),
		       F(g16_ms_start_compute, state),
		       F(g16_ms_start_compute, identity),
		       F(g16_ms_start_compute, support),
		       F(g16_ms_start_compute, marker),
		       F(g16_ms_start_compute, scratch),
		       F(g16_ms_start_compute, state2),
		       F(g16_ms_start_compute, counter),
		       F(g16_ms_start_compute, event)),
	AGX4_FW_LAYOUT("ms_end_compute", struct g16_ms_end_compute,
		       F(g16_ms_end_compute, opcode),
		       F(g16_ms_end_compute, stats),
		       F(g16_ms_end_compute, queue),
		       F(g16_ms_end_compute, context),
		       F(g16_ms_end_compute, state),
		       F(g16_ms_end_compute, identity),
		       F(g16_ms_end_compute, fw_stamp),
		       F(g16_ms_end_compute, stamp)),
	AGX4_FW_LAYOUT("ms_trailer_compute", struct g16_ms_trailer_compute,
		       F(g16_ms_trailer_compute, jump),
		       F(g16_ms_trailer_compute, rel),
		       F(g16_ms_trailer_compute, state),
		       F(g16_ms_trailer_compute, state2),
		       F(g16_ms_trailer_compute, finish)),
	AGX4_FW_LAYOUT("compute_ms", struct g16_compute_ms,
		       F(g16_compute_ms, start), F(g16_compute_ms, ts_start),
		       F(g16_compute_ms, ts_one), F(g16_compute_ms, ts_end),
		       F(g16_compute_ms, end), F(g16_compute_ms, trailer)),
	AGX4_FW_LAYOUT("ta_prelude", struct g16_ta_prelude,
		       F(g16_ta_prelude, type), F(g16_ta_prelude, context),
		       F(g16_ta_prelude, bm_slot), F(g16_ta_prelude, blocks),
		       F(g16_ta_prelude, bm), F(g16_ta_prelude, stamp)),
	AGX4_FW_LAYOUT("barrier", struct g16_barrier,
		       F(g16_barrier, type), F(g16_barrier, stamp),
		       F(g16_barrier, stamp2), F(g16_barrier, value),
		       F(g16_barrier, event), F(g16_barrier, own_stamp),
		       F(g16_barrier, uuid), F(g16_barrier, graph)),
	AGX4_FW_LAYOUT("barrier_boot", struct g16_barrier_boot,
		       F(g16_barrier_boot, type), F(g16_barrier_boot, stamp),
		       F(g16_barrier_boot, value), F(g16_barrier_boot, event),
		       F(g16_barrier_boot, own_stamp),
		       F(g16_barrier_boot, uuid)),
	AGX4_FW_LAYOUT("bm", struct g16_bm,
		       F(g16_bm, slot), F(g16_bm, page_list),
		       F(g16_bm, const_28), F(g16_bm, const_2c),
		       F(g16_bm, page_list_size), F(g16_bm, const_34),
		       F(g16_bm, max_blocks), F(g16_bm, blocks),
		       F(g16_bm, block_list), F(g16_bm, block_control),
		       F(g16_bm, const_54), F(g16_bm, block_size),
		       F(g16_bm, counter), F(g16_bm, const_7c),
		       F(g16_bm, const_80), F(g16_bm, const_84)),
	AGX4_FW_LAYOUT("block_control", struct g16_block_control,
		       F(g16_block_control, blocks),
		       F(g16_block_control, blocks2),
		       F(g16_block_control, one)),
	AGX4_FW_LAYOUT("scene", struct g16_scene,
		       F(g16_scene, pool_slot), F(g16_scene, scene_list),
		       F(g16_scene, scratch), F(g16_scene, block_control),
		       F(g16_scene, one_hi)),
	AGX4_FW_LAYOUT("pb_desc", struct g16_pb_desc,
		       F(g16_pb_desc, page_list), F(g16_pb_desc, pages)),
	AGX4_FW_LAYOUT("block_entry", struct g16_block_entry,
		       F(g16_block_entry, id)),
	AGX4_FW_LAYOUT("event_control", struct g16_event_control,
		       F(g16_event_control, count),
		       F(g16_event_control, control)),
	AGX4_FW_LAYOUT("queue_context", struct g16_queue_context,
		       F(g16_queue_context, ff), F(g16_queue_context, one),
		       F(g16_queue_context, two), F(g16_queue_context, ff2)),
	AGX4_FW_LAYOUT("region_c", struct g16_region_c,
		       F(g16_region_c, ktrace), F(g16_region_c, const_24),
		       F(g16_region_c, ffff_54), F(g16_region_c, const_56),
		       F(g16_region_c, ffff_58), F(g16_region_c, one_78),
		       F(g16_region_c, max_power_mw),
		       F(g16_region_c, thousand_88),
		       F(g16_region_c, thousand_98), F(g16_region_c, const_998),
		       F(g16_region_c, const_9c8), F(g16_region_c, const_e28),
		       F(g16_region_c, one_e2c)),
	AGX4_FW_LAYOUT("ts_pair", struct g16_ts_pair,
		       F(g16_ts_pair, start), F(g16_ts_pair, end)),
	AGX4_FW_LAYOUT("cdm_entry", struct g16_cdm_entry,
		       F(g16_cdm_entry, barrier), F(g16_cdm_entry, jump_hi),
		       F(g16_cdm_entry, jump_lo)),
};

#undef F

static int g16_build_channels(const struct agx4_fw_chan_in *in, void *buf,
			      size_t size)
{
	struct g16_main_config *mc = buf;
	unsigned int i;

	if (size < sizeof(*mc))
		return -EINVAL;
	for (i = 0; i < AGX4_FW_NUM_WORK_CHANNELS; i++) {
		struct agx4_fw_channel *c = &mc->channels[i];
		u32 stage = i % 3, prio = i / 3;
		u64 a = stage * G16_CURSOR_STAGE_STRIDE +
			prio * G16_CURSOR_PRIO_STRIDE;
		u64 b = stage * G16_PRODUCER_STAGE_STRIDE +
			prio * G16_PRODUCER_PRIO_STRIDE;

		c->state[0] = cpu_to_le64(in->cursors + a);
		c->state[1] = cpu_to_le64(in->cursors + a + G16_CURSOR_DONE);
		c->state[2] = cpu_to_le64(in->producers + b);
		c->ring = cpu_to_le64(in->bundle + G16_WORK_RINGS +
				      stage * G16_RING_STAGE_STRIDE +
				      (3 - prio) * G16_RING_PRIO_STRIDE);
	}
	mc->channels[AGX4_FW_CHAN_CONTROL] = (struct agx4_fw_channel){
		.state = {
			cpu_to_le64(in->cursors + G16_CONTROL_CURSOR),
			cpu_to_le64(in->cursors + G16_CONTROL_CURSOR +
				    G16_CURSOR_DONE),
			cpu_to_le64(in->producers + G16_CONTROL_PRODUCER),
		},
		.ring = cpu_to_le64(in->main_config +
				    offsetof(struct g16_main_config, control)),
	};
	agx4_fw_fill_status_channels(mc->channels, in->status_a);
	return 0;
}

static int g16_build_main_config(const struct agx4_fw_gen *gen,
				 const struct agx4_fw_mc_in *in, void *buf,
				 size_t size)
{
	static const u32 addresses[] = G16_MC_ADDRESSES;
	struct g16_main_config *mc = buf;
	u64 bundle = in->chan.bundle;
	unsigned int i;

	if (size < sizeof(*mc) || in->instance)
		return -EINVAL;
	memset(mc, 0, sizeof(*mc));
	g16_build_channels(&in->chan, buf, size);
	mc->hwdata = cpu_to_le64(bundle);
	mc->repeated[0] = cpu_to_le64(bundle + G16_MC_REPEATED);
	mc->repeated[1] = mc->repeated[0];
	mc->header = cpu_to_le64(in->header);
	for (i = 0; i < ARRAY_SIZE(addresses); i++)
		mc->addresses[i] = addresses[i] ?
				   cpu_to_le64(bundle + addresses[i]) : 0;
	for (i = 0; i < ARRAY_SIZE(mc->regions); i++)
		mc->regions[i] = cpu_to_le64(in->regions[i]);
	mc->four = cpu_to_le32(G16_MC_FOUR);
	mc->ff = cpu_to_le32(G16_MC_FF);
	mc->unaligned = cpu_to_le64(bundle + G16_MC_UNALIGNED);
	put_unaligned_le32(AGX4_FW_CTL_INITIAL, mc->control);
	return 0;
}

/* Priority rows: mask, first, last (spec 3.9). */
static const struct {
	u64 mask;
	u32 first;
	u32 last;
} g16_priorities[] = {
	{ 0xffffffffffff0000ull, 1, 1 },
	{ 0xffffffff00000000ull, 0, 0 },
	{ 0xffff000000000000ull, 0, 2 },
	{ 0, 0, 3 },
};

static int g16_build_queue(const struct agx4_fw_queue_in *in, void *buf,
			   size_t size)
{
	struct g16_queue *q = buf;

	if (size < sizeof(*q) || in->priority >= ARRAY_SIZE(g16_priorities))
		return -EINVAL;
	memset(q, 0, sizeof(*q));
	q->pointers = cpu_to_le64(in->pointers);
	q->ring = cpu_to_le64(in->ring);
	q->job_list = cpu_to_le64(in->job_list);
	q->private_area = cpu_to_le64(in->self + sizeof(*q));
	q->all_ones = cpu_to_le32(U32_MAX);
	q->priority = cpu_to_le32(in->priority);
	q->priority2 = cpu_to_le32(in->priority);
	q->priority_mask = cpu_to_le64(g16_priorities[in->priority].mask);
	q->first = cpu_to_le32(g16_priorities[in->priority].first);
	q->last = cpu_to_le32(g16_priorities[in->priority].last);
	q->all_ones2 = cpu_to_le32(U32_MAX);
	q->uuid = cpu_to_le32(in->uuid);
	q->context = cpu_to_le64(in->context);
	return 0;
}

static int g16_build_hwdata(const struct agx4_fw_gen *gen,
			    const struct agx4_platform *p,
			    const struct agx4_fw_hwdata_in *in, void *buf,
			    size_t size)
{
	static const u32 groups[] = G16_HWDATA_GROUPS;
	struct agx4_fw_hwdata *hw = buf;
	unsigned int i;
	int ret;

	static_assert(AGX4_FW_NUM_PSTATES == AGX4_NUM_PSTATES);
	if (size < sizeof(*hw) || !p->sample_period_clks)
		return -EINVAL;
	ret = agx4_fw_regwins_check(in);
	if (ret)
		return ret;
	memset(hw, 0, sizeof(*hw));
	agx4_fw_regwins_fill(hw, in);
	hw->ts_aperture = cpu_to_le64(in->ts_aperture);
	hw->chip_id = cpu_to_le32(p->chip_id);
	hw->rev_hi = cpu_to_le32(p->chip_revision >> G16_HWDATA_REV_HI_SHIFT);
	hw->rev_lo = cpu_to_le32(p->chip_revision & G16_HWDATA_REV_LO_MASK);
	hw->gpc = cpu_to_le32(!p->no_gpc);
	hw->one_eb8 = cpu_to_le32(1);
	hw->one_ec8 = cpu_to_le32(1);
	hw->clocks_per_ms = cpu_to_le32(G16_HWDATA_CLOCKS_PER_MS);
	hw->sample_period = cpu_to_le32(p->sample_period_clks /
					G16_HWDATA_CLOCKS_PER_MS);
	for (i = 0; i < ARRAY_SIZE(hw->ones_ee0); i++)
		hw->ones_ee0[i] = cpu_to_le32(1);
	agx4_fw_hwdata_fill(hw, &(struct agx4_fw_pstates){
		.freq_a = p->freq_a, .freq_b = p->freq_b,
		.core_mv = p->core_mv, .mem_mv = p->mem_mv,
		.relative_a = p->relative_a, .relative_b = p->relative_b,
		.index_a = p->index_a, .index_b = p->index_b,
		.scale_b = G16_HWDATA_SCALE_B,
	}, groups, ARRAY_SIZE(groups));
	hw->const_258e = cpu_to_le16(G16_HWDATA_CONST_258E);
	hw->one_2604 = cpu_to_le32(1);
	return 0;
}

static int g16_build_region_c(const struct agx4_platform *p, void *buf,
			      size_t size)
{
	static const u32 c998[] = G16_RC_CONST_998, c9c8[] = G16_RC_CONST_9C8;
	struct g16_region_c *rc = buf;
	unsigned int i;

	if (size < sizeof(*rc) || !p->max_power_mw)
		return -EINVAL;
	memset(rc, 0, sizeof(*rc));
	rc->const_24 = cpu_to_le32(G16_RC_CONST_24);
	rc->ffff_54 = cpu_to_le16(U16_MAX);
	rc->const_56 = cpu_to_le16(G16_RC_CONST_56);
	rc->ffff_58 = cpu_to_le16(U16_MAX);
	rc->one_78 = cpu_to_le32(1);
	rc->max_power_mw = cpu_to_le32(p->max_power_mw);
	rc->thousand_88[0] = cpu_to_le32(G16_RC_THOUSAND);
	rc->thousand_88[1] = cpu_to_le32(G16_RC_THOUSAND);
	rc->thousand_98 = cpu_to_le32(G16_RC_THOUSAND);
	for (i = 0; i < ARRAY_SIZE(c998); i++)
		rc->const_998[i] = cpu_to_le32(c998[i]);
	for (i = 0; i < ARRAY_SIZE(c9c8); i++)
		rc->const_9c8[i] = cpu_to_le32(c9c8[i]);
	rc->const_e28 = cpu_to_le32(G16_RC_CONST_E28);
	rc->one_e2c = cpu_to_le32(1);
	return 0;
}

static bool g16_slot_ok(u32 slot)
{
	return slot >= G16_BM_SLOT_FIRST &&
	       slot < G16_BM_SLOT_FIRST + G16_BM_SLOTS;
}

static int g16_parse_event(const void *rec, size_t size,
			   struct agx4_fw_event *ev)
{
	const struct g16_ev_partial *p = rec;
	const struct g16_ev_limit *l = rec;
	const struct g16_ev_grow *g = rec;
	int ret;

	memset(ev, 0, sizeof(*ev));
	if (size < AGX4_FW_EV_SIZE)
		return -EINVAL;
	ret = agx4_fw_parse_common_event(rec, ev);
	if (ret != -ENOENT)
		return ret;
	ev->kind = le32_to_cpu(g->kind);
	switch (ev->kind) {
	case AGX4_FW_EV_COMPLETION:
		/* G16 completion reports carry nothing the host reads. */
		return 0;
	case AGX4_FW_EV_PARTIAL:
		ev->partial_start = (le32_to_cpu(p->what) & 0xffff) ==
				    G16_PARTIAL_WHAT && !p->zero && p->active;
		ev->partial_queue = le64_to_cpu(p->queue);
		return 0;
	case AGX4_FW_EV_GROW:
		ev->grow.context = le32_to_cpu(g->context);
		ev->grow.slot = le32_to_cpu(g->slot);
		ev->grow.counter = le32_to_cpu(g->counter);
		ev->grow.subpipe = le32_to_cpu(g->subpipe);
		ev->grow.halt_count = le64_to_cpu(g->halt_count);
		return g16_slot_ok(ev->grow.slot) ? 0 : -ERANGE;
	case AGX4_FW_EV_LIMIT:
		if (l->zero || le32_to_cpu(l->one) != 1)
			return -EPROTO;
		ev->limit.event = le32_to_cpu(l->fragment_event);
		ev->limit.stamp = le32_to_cpu(l->fragment_stamp);
		return 0;
	}
	return -EPROTO;
}

static int g16_build_ctl(const struct agx4_fw_ctl *c, void *buf, size_t size)
{
	struct g16_ctl_limit_reply *l = buf;
	struct g16_ctl_grow_reply *g = buf;
	struct g16_ctl_register *r = buf;

	if (size < AGX4_FW_CTL_SIZE)
		return -EINVAL;
	switch (c->opcode) {
	case AGX4_FW_CTL_REGISTER:
		if (!c->count)
			return -EINVAL;
		memset(buf, 0, AGX4_FW_CTL_SIZE);
		r->one = cpu_to_le32(1);
		r->mask = cpu_to_le32(G16_CTL_REGISTER_MASK);
		r->control_data = cpu_to_le64(c->control_data);
		r->operands = cpu_to_le64(c->operands);
		r->operands2 = cpu_to_le64(c->operands);
		r->count = cpu_to_le32(c->count);
		r->one2 = cpu_to_le32(1);
		break;
	case AGX4_FW_CTL_GROW_REPLY:
		if (c->grow_ok > 1 || !g16_slot_ok(c->grow.slot))
			return -EINVAL;
		memset(buf, 0, AGX4_FW_CTL_SIZE);
		g->success = cpu_to_le32(c->grow_ok);
		g->slot = cpu_to_le32(c->grow.slot);
		g->context = cpu_to_le32(c->grow.context);
		g->counter = cpu_to_le32(c->grow.counter);
		g->subpipe = cpu_to_le32(c->grow.subpipe);
		g->halt_count = cpu_to_le64(c->grow.halt_count);
		break;
	case AGX4_FW_CTL_LIMIT_REPLY:
		memset(buf, 0, AGX4_FW_CTL_SIZE);
		l->one = cpu_to_le32(1);
		l->fragment_queue = cpu_to_le64(c->fragment_queue);
		l->fragment_stamp = cpu_to_le32(c->fragment_stamp);
		break;
	default:
		return -EOPNOTSUPP;
	}
	r->opcode = cpu_to_le32(c->opcode);
	return 0;
}

static const char *const g16_builds[] = {
	"mBoot-18000.161.10",
	NULL,
};

static const struct agx4_uat_geom g16_uat = {
	.levels = 3,
	.root_shift = 36,
	.root_entries = 64,
	.entries = 2048,
	.oa_bits = 42,
};

/* G16: one firmware instance, cursors in SGX registers. */
const struct agx4_fw_gen agx4_fw_g16 = {
	.name = "G16",
	.soc = AGX4_SOC_T8132,
	.gpu_generation = 16,
	.gpu_variant = 'G',
	.builds = g16_builds,
	.num_instances = 1,
	.uat_geom = &g16_uat,
	.root_version = { 0x04b8, 0x8392, 0xc357, 0x0c89 },
	.root_extra = BIT(0),
	.cursors_in_mmio = true,
	.chan = {
		.work_msg_size = G16_WORK_MSG_SIZE,
		.ctl_size = AGX4_FW_CTL_SIZE,
		.event_size = AGX4_FW_EV_SIZE,
		.ring_entries = AGX4_FW_RING_ENTRIES,
		.trace_entries = G16_TRACE_ENTRIES,
		.stamp_step = G16_STAMP_STEP,
		.stamp_first = G16_STAMP_FIRST,
	},
	/* The reference's tvb_max_blocks module parameter defaults to 331. */
	.tvb = { .initial_blocks = 11, .growth_blocks = 10, .max_blocks = 331 },
	/* Dynamic allocations of the reference; 4 GiB is agx4's choice. */
	.fw_heap = { 0xfffffc2200000000ull, 0x100000000ull },
	/* M: the reference's 64 MiB aperture, written at hwdata+0x28. */
	.ts_aperture = { 0xfffffc2181400000ull, 0x4000000ull },
	.read_gpu_info = g16_read_gpu_info,
	.layouts = g16_layouts,
	.num_layouts = ARRAY_SIZE(g16_layouts),
	.build_root = agx4_fw_build_root,
	.build_channels = g16_build_channels,
	.build_main_config = g16_build_main_config,
	.build_queue = g16_build_queue,
	.build_hwdata = g16_build_hwdata,
	.build_region_c = g16_build_region_c,
	.render_objs = g16_render_objs,
	.num_render_objs = ARRAY_SIZE(g16_render_objs),
	.build_render = g16_build_render,
	.compute_objs = g16_compute_objs,
	.num_compute_objs = ARRAY_SIZE(g16_compute_objs),
	.build_compute = g16_build_compute,
	.tvb_objs = g16_tvb_objs,
	.num_tvb_objs = ARRAY_SIZE(g16_tvb_objs),
	.build_tvb = g16_build_tvb,
	.parse_event = g16_parse_event,
	.build_ctl = g16_build_ctl,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16);
