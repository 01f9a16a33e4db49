// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G16 (Apple M4, t8132): the generation's firmware facts.
 */

#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g16.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fwif_g16.h"
#include "agx4_fwif_g16_power.h"
#include "agx4_regs.h"
#include "agx4_regs_g16.h"
#include "agx4_test_hooks.h"

/* Fixed on t8132: one die, one cluster, ten core slots. */
#define G16_CORES_PER_CLUSTER	10

static int g16_read_gpu_info(struct agx4_device *adev,
			     struct agx4_gpu_info *info)
{
	const struct agx4_platform *p = &adev->plat;
	u32 id = agx4_device_read_sgx(adev, AGX4_SGX_GPU_ID);

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

static const struct agx4_fw_layout g16_layouts[] = {
	AGX4_FW_LAYOUT("main_config", G16_MAIN_CONFIG_FIELDS,
		       struct g16_main_config),
	AGX4_FW_LAYOUT("queue", G16_QUEUE_FIELDS, struct g16_queue),
	AGX4_FW_LAYOUT("pointers", G16_POINTERS_FIELDS, struct g16_pointers),
	AGX4_FW_LAYOUT("work_msg", G16_WORK_MSG_FIELDS, struct g16_work_msg),
	AGX4_FW_LAYOUT("ctl_register", G16_CTL_REGISTER_FIELDS,
		       struct g16_ctl_register),
	AGX4_FW_LAYOUT("ctl_grow_reply", G16_CTL_GROW_REPLY_FIELDS,
		       struct g16_ctl_grow_reply),
	AGX4_FW_LAYOUT("ctl_limit_reply", G16_CTL_LIMIT_REPLY_FIELDS,
		       struct g16_ctl_limit_reply),
	AGX4_FW_LAYOUT("ev_grow", G16_EV_GROW_FIELDS, struct g16_ev_grow),
	AGX4_FW_LAYOUT("ev_limit", G16_EV_LIMIT_FIELDS, struct g16_ev_limit),
	AGX4_FW_LAYOUT("ev_partial", G16_EV_PARTIAL_FIELDS,
		       struct g16_ev_partial),
	AGX4_FW_LAYOUT("work_tail", G16_WORK_TAIL_FIELDS, struct g16_work_tail),
	AGX4_FW_LAYOUT("ta_work", G16_TA_WORK_FIELDS, struct g16_ta_work),
	AGX4_FW_LAYOUT("frag_work", G16_FRAG_WORK_FIELDS, struct g16_frag_work),
	AGX4_FW_LAYOUT("compute_work", G16_COMPUTE_WORK_FIELDS,
		       struct g16_compute_work),
	AGX4_FW_LAYOUT("ms_timestamp", G16_MS_TIMESTAMP_FIELDS,
		       struct g16_ms_timestamp),
	AGX4_FW_LAYOUT("ms_start_ta", G16_MS_START_TA_FIELDS,
		       struct g16_ms_start_ta),
	AGX4_FW_LAYOUT("ms_end_ta", G16_MS_END_TA_FIELDS, struct g16_ms_end_ta),
	AGX4_FW_LAYOUT("ms_trailer_ta", G16_MS_TRAILER_TA_FIELDS,
		       struct g16_ms_trailer_ta),
	AGX4_FW_LAYOUT("ta_ms", G16_TA_MS_FIELDS, struct g16_ta_ms),
	AGX4_FW_LAYOUT("ms_start_3d", G16_MS_START_3D_FIELDS,
		       struct g16_ms_start_3d),
	AGX4_FW_LAYOUT("ms_end_3d", G16_MS_END_3D_FIELDS, struct g16_ms_end_3d),
	AGX4_FW_LAYOUT("ms_trailer_3d", G16_MS_TRAILER_3D_FIELDS,
		       struct g16_ms_trailer_3d),
	AGX4_FW_LAYOUT("frag_ms", G16_FRAG_MS_FIELDS, struct g16_frag_ms),
	AGX4_FW_LAYOUT("ms_start_compute", G16_MS_START_COMPUTE_FIELDS,
		       struct g16_ms_start_compute),
	AGX4_FW_LAYOUT("ms_end_compute", G16_MS_END_COMPUTE_FIELDS,
		       struct g16_ms_end_compute),
	AGX4_FW_LAYOUT("ms_trailer_compute", G16_MS_TRAILER_COMPUTE_FIELDS,
		       struct g16_ms_trailer_compute),
	AGX4_FW_LAYOUT("compute_ms", G16_COMPUTE_MS_FIELDS,
		       struct g16_compute_ms),
	AGX4_FW_LAYOUT("ta_prelude", G16_TA_PRELUDE_FIELDS,
		       struct g16_ta_prelude),
	AGX4_FW_LAYOUT("barrier", G16_BARRIER_FIELDS, struct g16_barrier),
	AGX4_FW_LAYOUT("barrier_boot", G16_BARRIER_BOOT_FIELDS,
		       struct g16_barrier_boot),
	AGX4_FW_LAYOUT("bm", G16_BM_FIELDS, struct g16_bm),
	AGX4_FW_LAYOUT("block_control", G16_BLOCK_CONTROL_FIELDS,
		       struct g16_block_control),
	AGX4_FW_LAYOUT("scene", G16_SCENE_FIELDS, struct g16_scene),
	AGX4_FW_LAYOUT("pb_desc", G16_PB_DESC_FIELDS, struct g16_pb_desc),
	AGX4_FW_LAYOUT("block_entry", G16_BLOCK_ENTRY_FIELDS,
		       struct g16_block_entry),
	AGX4_FW_LAYOUT("event_control", G16_EVENT_CONTROL_FIELDS,
		       struct g16_event_control),
	AGX4_FW_LAYOUT("compute_notifier", G16_COMPUTE_NOTIFIER_FIELDS,
		       struct g16_compute_notifier),
	AGX4_FW_LAYOUT("aux_fb", G16_AUX_FB_FIELDS, struct g16_aux_fb),
	AGX4_FW_LAYOUT("queue_context", G16_QUEUE_CONTEXT_FIELDS,
		       struct g16_queue_context),
	AGX4_FW_LAYOUT("ts_pair", G16_TS_PAIR_FIELDS, struct g16_ts_pair),
	AGX4_FW_LAYOUT("cdm_entry", G16_CDM_ENTRY_FIELDS, struct g16_cdm_entry),
	AGX4_FW_LAYOUT("power", G16_POWER_FIELDS, struct g16_power),
	AGX4_FW_LAYOUT("flist", G16_FLIST_FIELDS, struct g16_flist),
	AGX4_FW_LAYOUT("support", G16_SUPPORT_FIELDS, struct g16_support),
	AGX4_FW_LAYOUT("compute_state", G16_COMPUTE_STATE_FIELDS,
		       struct g16_compute_state),
	AGX4_FW_LAYOUT("resume", G16_RESUME_FIELDS, struct g16_resume),
};

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
	mc->gap_2f8 = cpu_to_le32(G16_MC_2F8);
	mc->gap_3d8 = cpu_to_le32(G16_MC_3D8);
	mc->power = cpu_to_le64(bundle + G16_MC_POWER);
	put_unaligned_le32(AGX4_FW_CTL_INITIAL, mc->control);
	return 0;
}

/* Priority rows: mask, first, last. */
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

	if (size < sizeof(*q) || in->priority >= ARRAY_SIZE(g16_priorities) ||
	    in->lane > AGX4_FW_LANE_COMPUTE)
		return -EINVAL;
	memset(q, 0, sizeof(*q));
	q->pointers = cpu_to_le64(in->pointers);
	q->ring = cpu_to_le64(in->ring);
	q->job_list = cpu_to_le64(in->job_list);
	q->private_area = cpu_to_le64(in->self + sizeof(*q));
	q->gap_2c = cpu_to_le32(U32_MAX);
	q->priority = cpu_to_le32(in->priority);
	q->priority2 = cpu_to_le32(in->priority);
	q->priority_mask = cpu_to_le64(g16_priorities[in->priority].mask);
	q->first = cpu_to_le32(g16_priorities[in->priority].first);
	q->last = cpu_to_le32(g16_priorities[in->priority].last);
	if (in->lane == AGX4_FW_LANE_COMPUTE) {
		/*
		 * H: the newest reference keeps compute non-preemptible:
		 * after the row it rewrites these two words for the compute
		 * lane of every priority (the TA and 3D lanes keep the row).
		 */
		q->priority = cpu_to_le32(G16_QUEUE_COMPUTE_PRIORITY);
		q->last = cpu_to_le32(G16_QUEUE_COMPUTE_LAST);
	}
	q->gap_4c = cpu_to_le32(U32_MAX);
	q->uuid = cpu_to_le32(in->uuid);
	q->context = cpu_to_le64(in->context);
	return 0;
}

static int g16_build_hwdata(const struct agx4_fw_gen *gen,
			    const struct agx4_platform *p,
			    const struct agx4_fw_hwdata_in *in, void *buf,
			    size_t size)
{
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
	/*
	 * H: the reference's platform builder leaves +0x28 zero and its
	 * bootstrap then writes the aperture there, before the bundle goes
	 * to the firmware; the firmware accepts user timestamps only inside.
	 */
	hw->ts_aperture = cpu_to_le64(in->ts_aperture);
	hw->chip_id = cpu_to_le32(p->chip_id);
	hw->rev_hi = cpu_to_le32(p->chip_revision >> G16_HWDATA_REV_HI_SHIFT);
	hw->rev_lo = cpu_to_le32(p->chip_revision & G16_HWDATA_REV_LO_MASK);
	hw->gpc = cpu_to_le32(!p->no_gpc);
	hw->gap_eb8 = cpu_to_le32(G16_HWDATA_EB8);
	hw->gap_ec8 = cpu_to_le32(G16_HWDATA_EC8);
	hw->clocks_per_ms = cpu_to_le32(G16_HWDATA_CLOCKS_PER_MS);
	hw->sample_period = cpu_to_le32(p->sample_period_clks /
					G16_HWDATA_CLOCKS_PER_MS);
	for (i = 0; i < ARRAY_SIZE(hw->gap_ee0); i++)
		hw->gap_ee0[i] = cpu_to_le32(G16_HWDATA_EE0);
	agx4_fw_hwdata_fill(hw, &(struct agx4_fw_pstates){
		.freq_a = p->freq_a, .freq_b = p->freq_b,
		.core_mv = p->core_mv, .mem_mv = p->mem_mv,
		.relative_a = p->relative_a, .relative_b = p->relative_b,
		.index_a = p->index_a, .index_b = p->index_b,
		.scale_b = G16_HWDATA_SCALE_B,
	});
	hw->gap_258e = cpu_to_le16(G16_HWDATA_258E);
	hw->gap_2604 = cpu_to_le32(G16_HWDATA_2604);
	return 0;
}

static int g16_build_region_c(const struct agx4_platform *p, void *buf,
			      size_t size)
{
	static const u32 c998[] = G16_RC_998, c9c8[] = G16_RC_9C8;
	struct agx4_fw_region_c *rc = buf;
	unsigned int i;

	static_assert(sizeof(*rc) <= G16_REGION_C_SIZE);
	if (size < G16_REGION_C_SIZE || !p->max_power_mw)
		return -EINVAL;
	memset(buf, 0, G16_REGION_C_SIZE);
	rc->gap_24 = cpu_to_le32(G16_RC_24);
	rc->gap_54 = cpu_to_le16(G16_RC_54);
	rc->gap_56 = cpu_to_le16(G16_RC_56);
	rc->gap_58 = cpu_to_le16(G16_RC_58);
	rc->gap_78 = cpu_to_le32(G16_RC_78);
	rc->max_power_mw = cpu_to_le32(p->max_power_mw);
	rc->gap_88[0] = cpu_to_le32(G16_RC_88);
	rc->gap_88[1] = cpu_to_le32(G16_RC_88);
	rc->gap_98 = cpu_to_le32(G16_RC_98);
	rc->gap_7e8[1] = cpu_to_le32(G16_RC_7EC);
	rc->gap_7e8[2] = cpu_to_le32(G16_RC_7F0);
	for (i = 0; i < ARRAY_SIZE(c998); i++)
		rc->gap_998[i] = cpu_to_le32(c998[i]);
	for (i = 0; i < ARRAY_SIZE(c9c8); i++)
		rc->gap_9c8[i] = cpu_to_le32(c9c8[i]);
	rc->gap_e28 = cpu_to_le32(G16_RC_E28);
	rc->gap_e2c = cpu_to_le32(G16_RC_E2C);
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
		if (l->zero || le32_to_cpu(l->gap_8) != 1)
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
		r->gap_4 = cpu_to_le32(1);
		r->mask = cpu_to_le32(G16_CTL_REGISTER_MASK);
		r->control_data = cpu_to_le64(c->control_data);
		r->operands = cpu_to_le64(c->operands);
		r->operands2 = cpu_to_le64(c->operands);
		r->count = cpu_to_le32(c->count);
		r->gap_34 = cpu_to_le32(1);
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
		l->gap_4 = cpu_to_le32(1);
		l->fragment_queue = cpu_to_le64(c->fragment_queue);
		l->fragment_stamp = cpu_to_le32(c->fragment_stamp);
		break;
	default:
		return -EOPNOTSUPP;
	}
	r->opcode = cpu_to_le32(c->opcode);
	return 0;
}

/*
 * The fault registers, each read as two 32-bit halves, low first (L: the
 * reference reads them as 64-bit registers; the halves are assumed to
 * read the same).
 */
static void g16_read_fault(struct agx4_device *adev, u64 *status, u64 *addr)
{
	*status = agx4_device_read_sgx(adev, G16_SGX_FAULT_STATUS) |
		  (u64)agx4_device_read_sgx(adev, G16_SGX_FAULT_STATUS + 4) << 32;
	*addr = agx4_device_read_sgx(adev, G16_SGX_FAULT_ADDR) |
		(u64)agx4_device_read_sgx(adev, G16_SGX_FAULT_ADDR + 4) << 32;
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
		/* H: both cursors less than half a ring behind. */
		.work_limit = AGX4_FW_RING_ENTRIES / 2 - 1,
		.trace_entries = G16_TRACE_ENTRIES,
		.stamp_step = G16_STAMP_STEP,
		.stamp_first = G16_STAMP_FIRST,
	},
	/* The reference's tvb_max_blocks module parameter defaults to 331. */
	.tvb = { .initial_blocks = 11, .growth_blocks = 10, .max_blocks = 331 },
	/* Dynamic allocations of the reference; 4 GiB is agx4's choice. */
	.fw_heap = { 0xfffffc2200000000ull, 0x100000000ull },
	/*
	 * The reference's 64 MiB aperture, written at hwdata+0x28 (M: one
	 * source gives the base).
	 */
	.ts_aperture = { 0xfffffc2181400000ull, 0x4000000ull },
	/*
	 * H: the reference packs the windows from its REGISTER_BASE up to
	 * REGISTER_LIMIT (GravityLinux/linux
	 * drivers/gpu/drm/asahi/g16_platform.rs@3a2ad760).
	 */
	.reg_windows = { 0xfffffc2180200000ull, 0xe00000ull },
	/*
	 * H: the reference's fixed firmware objects, 0xfffffc2000100000 to
	 * 0xfffffc20c05f0000, and the notification pages just past its
	 * register windows, 0xfffffc2181000000 to 0xfffffc218100c000
	 * (g16.rs@1ab42a3a; the boot places them).
	 */
	.fixed_objs = {
		{ 0xfffffc2000000000ull, 0x100000000ull },
		{ 0xfffffc2181000000ull, 0x10000ull },
	},
	.read_gpu_info = g16_read_gpu_info,
	.read_fault = g16_read_fault,
	.layouts = g16_layouts,
	.num_layouts = ARRAY_SIZE(g16_layouts),
	.build_root = agx4_fw_build_root,
	.build_channels = g16_build_channels,
	.build_main_config = g16_build_main_config,
	.build_queue = g16_build_queue,
	.build_hwdata = g16_build_hwdata,
	.build_region_c = g16_build_region_c,
	.render_objs = agx4_fw_g16_render_objs,
	.num_render_objs = ARRAY_SIZE(agx4_fw_g16_render_objs),
	.build_render = agx4_fw_g16_build_render,
	.compute_objs = agx4_fw_g16_compute_objs,
	.num_compute_objs = ARRAY_SIZE(agx4_fw_g16_compute_objs),
	.build_compute = agx4_fw_g16_build_compute,
	.tvb_objs = agx4_fw_g16_tvb_objs,
	.num_tvb_objs = ARRAY_SIZE(agx4_fw_g16_tvb_objs),
	.build_tvb = agx4_fw_g16_build_tvb,
	.parse_event = g16_parse_event,
	.build_ctl = g16_build_ctl,
	.boot = agx4_fw_g16_boot,
	.submit = &agx4_fw_g16_submit_ops,
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16);
