// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * G17P (Apple A18 Pro, t8140): the generation's firmware facts.
 */

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g17p.h"
#include "agx4_fw_g17p_boot.h"
#include "agx4_fw_g17p_work.h"
#include "agx4_fwif_g17p.h"
#include "agx4_fwif_g17p_power.h"
#include "agx4_regs.h"
#include "agx4_regs_g17p.h"
#include "agx4_test_hooks.h"

#define G17P_MAX_CORES		32

static int g17p_read_gpu_info(struct agx4_device *adev,
			      struct agx4_gpu_info *info)
{
	const struct agx4_platform *p = &adev->plat;
	u32 id = agx4_device_read_sgx(adev, AGX4_SGX_GPU_ID);
	u32 counts = agx4_device_read_sgx(adev, G17P_SGX_COUNTS);
	u32 dies = FIELD_GET(G17P_COUNT_DIES, counts);
	u32 cores = FIELD_GET(G17P_COUNT_CORES, counts);
	unsigned int i;

	if (!id || id == ~0u || FIELD_GET(G17P_ID_FAMILY, id) != 10 ||
	    FIELD_GET(G17P_ID_ZERO, id)) {
		drm_err(&adev->base, "not a G17P GPU (ID %#x)\n", id);
		return -ENODEV;
	}
	/* Only one die with one cluster is known to work (reference). */
	if (dies != 1 || FIELD_GET(G17P_COUNT_CLUSTERS, counts) != 1 ||
	    !cores || cores > G17P_MAX_CORES) {
		drm_err(&adev->base, "unsupported GPU topology %#x\n", counts);
		return -ENODEV;
	}
	info->revision = FIELD_GET(G17P_ID_REVISION, id);
	info->num_dies = dies;
	info->num_clusters = dies * FIELD_GET(G17P_COUNT_CLUSTERS, counts);
	info->cores_per_cluster = cores;
	info->core_mask = agx4_device_read_sgx(adev, G17P_SGX_CORE_MASK) &
			  GENMASK(cores - 1, 0);
	info->max_freq_khz = 0;
	for (i = 0; i < AGX4_NUM_RAW_PSTATES; i++)
		info->max_freq_khz = max(info->max_freq_khz,
					 p->raw_pstates[i].freq_hz / 1000);
	return 0;
}

static const struct agx4_fw_layout g17p_layouts[] = {
	AGX4_FW_LAYOUT("main_config", G17P_MAIN_CONFIG_FIELDS,
		       struct g17p_main_config),
	AGX4_FW_LAYOUT("region_view", G17P_REGION_VIEW_FIELDS,
		       struct g17p_region_view),
	AGX4_FW_LAYOUT("queue", G17P_QUEUE_FIELDS, struct g17p_queue),
	AGX4_FW_LAYOUT("pointers", G17P_POINTERS_FIELDS, struct g17p_pointers),
	AGX4_FW_LAYOUT("work_msg", G17P_WORK_MSG_FIELDS, struct g17p_work_msg),
	AGX4_FW_LAYOUT("ctl_grow_reply", G17P_CTL_GROW_REPLY_FIELDS,
		       struct g17p_ctl_grow_reply),
	AGX4_FW_LAYOUT("ctl_cleanup", G17P_CTL_CLEANUP_FIELDS,
		       struct g17p_ctl_cleanup),
	AGX4_FW_LAYOUT("ctl_maintenance", G17P_CTL_MAINTENANCE_FIELDS,
		       struct g17p_ctl_maintenance),
	AGX4_FW_LAYOUT("ctl_tick", G17P_CTL_TICK_FIELDS, struct g17p_ctl_tick),
	AGX4_FW_LAYOUT("ev_completion", G17P_EV_COMPLETION_FIELDS,
		       struct g17p_ev_completion),
	AGX4_FW_LAYOUT("ev_grow", G17P_EV_GROW_FIELDS, struct g17p_ev_grow),
	AGX4_FW_LAYOUT("ev_limit", G17P_EV_LIMIT_FIELDS, struct g17p_ev_limit),
	AGX4_FW_LAYOUT("event_item", G17P_EVENT_ITEM_FIELDS,
		       struct g17p_event_item),
	AGX4_FW_LAYOUT("ta_work", G17P_TA_WORK_FIELDS, struct g17p_ta_work),
	AGX4_FW_LAYOUT("frag_work", G17P_FRAG_WORK_FIELDS,
		       struct g17p_frag_work),
	AGX4_FW_LAYOUT("compute_work", G17P_COMPUTE_WORK_FIELDS,
		       struct g17p_compute_work),
	AGX4_FW_LAYOUT("optional", G17P_OPTIONAL_FIELDS, struct g17p_optional),
	AGX4_FW_LAYOUT("hw_region", G17P_HW_REGION_FIELDS,
		       struct g17p_hw_region),
	AGX4_FW_LAYOUT("pool_state", G17P_POOL_STATE_FIELDS,
		       struct g17p_pool_state),
	AGX4_FW_LAYOUT("event_item_compute", G17P_EVENT_ITEM_COMPUTE_FIELDS,
		       struct g17p_event_item_compute),
	AGX4_FW_LAYOUT("dep_points", G17P_DEP_POINTS_FIELDS,
		       struct g17p_dep_points),
	AGX4_FW_LAYOUT("context", G17P_CONTEXT_FIELDS, struct g17p_context),
	AGX4_FW_LAYOUT("context_compute", G17P_CONTEXT_COMPUTE_FIELDS,
		       struct g17p_context_compute),
	AGX4_FW_LAYOUT("sched", G17P_SCHED_FIELDS, struct g17p_sched),
	AGX4_FW_LAYOUT("pool_a", G17P_SCHED_FIELDS, struct g17p_sched),
	AGX4_FW_LAYOUT("slot", G17P_SLOT_FIELDS, struct g17p_slot),
	AGX4_FW_LAYOUT("chan_control", G17P_CHAN_CONTROL_FIELDS,
		       struct g17p_chan_control),
	AGX4_FW_LAYOUT("support", G17P_SUPPORT_FIELDS, struct g17p_support),
	AGX4_FW_LAYOUT("dispatch", G17P_DISPATCH_FIELDS,
		       struct g17p_dispatch),
	AGX4_FW_LAYOUT("pool_b", G17P_POOL_B_FIELDS, struct g17p_pool_b),
	AGX4_FW_LAYOUT("pool_shared", G17P_POOL_SHARED_FIELDS,
		       struct g17p_pool_shared),
	AGX4_FW_LAYOUT("leaf_shared", G17P_LEAF_SHARED_FIELDS,
		       struct g17p_leaf_shared),
	AGX4_FW_LAYOUT("index_reg", G17P_INDEX_REG_FIELDS,
		       struct g17p_index_reg),
	AGX4_FW_LAYOUT("aux_fb", G17P_AUX_FB_FIELDS, struct g17p_aux_fb),
	AGX4_FW_LAYOUT("power", G17P_POWER_FIELDS, struct g17p_power),
};

static void g17p_cursors(struct agx4_fw_channel *c, u64 base)
{
	unsigned int j;

	for (j = 0; j < 3; j++)
		c->state[j] = cpu_to_le64(base + j * G17P_CURSOR_WORD_STRIDE);
}

static int g17p_build_channels(const struct agx4_fw_chan_in *in, void *buf,
			       size_t size)
{
	struct g17p_main_config *mc = buf;
	unsigned int i;

	if (size < sizeof(*mc))
		return -EINVAL;
	for (i = 0; i < AGX4_FW_NUM_WORK_CHANNELS; i++) {
		struct agx4_fw_channel *c = &mc->channels[i];
		u32 stage = i % 3, prio = i / 3;

		g17p_cursors(c, in->cursors +
			     stage * G17P_CURSOR_STAGE_STRIDE +
			     (3 - prio) * G17P_CURSOR_PRIO_STRIDE);
		c->ring = cpu_to_le64(in->bundle + G17P_WORK_RINGS +
				      stage * G17P_RING_STAGE_STRIDE +
				      (3 - prio) * G17P_RING_PRIO_STRIDE);
	}
	g17p_cursors(&mc->channels[AGX4_FW_CHAN_CONTROL],
		     in->cursors + G17P_CONTROL_CURSORS);
	mc->channels[AGX4_FW_CHAN_CONTROL].ring =
		cpu_to_le64(in->main_config +
			    offsetof(struct g17p_main_config, control));
	agx4_fw_fill_status_channels(mc->channels, in->status_a);
	return 0;
}

static int g17p_build_main_config(const struct agx4_fw_gen *gen,
				  const struct agx4_fw_mc_in *in, void *buf,
				  size_t size)
{
	static const u32 addresses[] = G17P_MC_ADDRESSES;
	struct g17p_main_config *mc = buf;
	u64 bundle = in->chan.bundle;
	unsigned int i;

	if (size < sizeof(*mc) || in->instance >= gen->num_instances)
		return -EINVAL;
	memset(mc, 0, sizeof(*mc));
	g17p_build_channels(&in->chan, buf, size);
	mc->hwdata = cpu_to_le64(bundle);
	mc->repeated[0] = cpu_to_le64(bundle + G17P_MC_REPEATED);
	mc->repeated[1] = mc->repeated[0];
	/* A view without a value has no tag either (H). */
	for (i = 0; i < ARRAY_SIZE(mc->views); i++) {
		mc->views[i].address = cpu_to_le64(in->views[i].address);
		mc->views[i].value = cpu_to_le32(in->views[i].value);
		if (in->views[i].value)
			mc->views[i].tag = cpu_to_le32(G17P_MC_VIEW_TAG);
	}
	if (in->instance) {
		/* The secondary has no work channels. */
		memset(mc->channels, 0,
		       AGX4_FW_NUM_WORK_CHANNELS * sizeof(mc->channels[0]));
		mc->gap_300 = cpu_to_le32(G17P_MC_300);
		mc->secondary_extra = cpu_to_le64(in->extra);
		put_unaligned_le32(AGX4_FW_CTL_INITIAL_SECONDARY, mc->control);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(addresses); i++)
		mc->addresses[i] = cpu_to_le64(bundle + addresses[i]);
	mc->gap_3e0 = cpu_to_le32(G17P_MC_3E0);
	put_unaligned_le32(AGX4_FW_CTL_INITIAL, mc->control);
	return 0;
}

/* G17P queues run at the one priority row the reference uses (2). */
#define G17P_QUEUE_PRIORITY	2
#define G17P_QUEUE_MASK		0xffff000000000000ull

static int g17p_build_queue(const struct agx4_fw_queue_in *in, void *buf,
			    size_t size)
{
	struct g17p_queue *q = buf;

	if (size < sizeof(*q) || in->priority != G17P_QUEUE_PRIORITY)
		return -EINVAL;
	memset(q, 0, sizeof(*q));
	q->pointers = cpu_to_le64(in->pointers);
	q->ring = cpu_to_le64(in->ring);
	q->job_list = cpu_to_le64(in->job_list);
	q->gap_24 = cpu_to_le32(U32_MAX);
	q->priority = cpu_to_le32(G17P_QUEUE_PRIORITY);
	q->priority2 = cpu_to_le32(G17P_QUEUE_PRIORITY);
	q->priority_mask = cpu_to_le64(G17P_QUEUE_MASK);
	q->first = 0;
	q->last = cpu_to_le32(G17P_QUEUE_PRIORITY);
	q->gap_44 = cpu_to_le32(U32_MAX);
	q->uuid = cpu_to_le32(in->uuid);
	q->context = cpu_to_le64(in->context);
	return 0;
}

/*
 * The constant runs left of the reference's G17P hwdata constants: the
 * bytes its 29 hwdata runs set that are not a declared member.  Both fall
 * in the region records from +0x2610 (records 2 and 3), whose layout there
 * is not known (GAP); the first holds the address of an init-graph page
 * (M), which must follow the graph base.  Its 12 region C runs are all
 * written through &struct agx4_fw_region_c.
 */
/* A run of constant bytes at @off. */
#define RUN(off, ...) { (off), sizeof((const u8[]){ __VA_ARGS__ }),	\
			(const u8[]){ __VA_ARGS__ } }

static const struct agx4_fw_run g17p_hwdata_runs[] = {
	RUN(0x26ad, 0x80, 0x5d, 0x01, 0x20, 0xfc, 0xff, 0xff, 0x01, 0x00, 0x00,
	    0x00, 0x01),
	RUN(0x26e8, 0x01),
};

#undef RUN

static void le32_fill(__le32 *dst, const u32 *src, unsigned int n)
{
	while (n--)
		*dst++ = cpu_to_le32(*src++);
}

static int g17p_build_region_c(const struct agx4_platform *p, void *buf,
			       size_t size)
{
	static const u32 c30[] = G17P_RC_30, c7c8[] = G17P_RC_7C8;
	static const u32 c7e8[] = G17P_RC_7E8, c998[] = G17P_RC_998;
	static const u32 c9b8[] = G17P_RC_9B8, c9c8[] = G17P_RC_9C8;
	static const u32 ce38[] = G17P_RC_E38;
	static const u16 c5a[] = G17P_RC_5A;
	struct agx4_fw_region_c *rc = buf;
	unsigned int i;

	static_assert(sizeof(*rc) == G17P_REGION_C_SIZE);
	if (size < sizeof(*rc))
		return -EINVAL;
	memset(rc, 0, sizeof(*rc));
	rc->gap_24 = cpu_to_le32(G17P_RC_24);
	le32_fill(rc->gap_30, c30, ARRAY_SIZE(c30));
	rc->gap_54 = cpu_to_le16(G17P_RC_54);
	rc->gap_56 = cpu_to_le16(G17P_RC_56);
	rc->gap_58 = cpu_to_le16(G17P_RC_58);
	for (i = 0; i < ARRAY_SIZE(c5a); i++)
		rc->gap_5a[i] = cpu_to_le16(c5a[i]);
	rc->gap_78 = cpu_to_le32(G17P_RC_78);
	rc->max_power_mw = cpu_to_le32(G17P_RC_MAX_POWER_MW);
	rc->gap_88[0] = cpu_to_le32(G17P_RC_88);
	rc->gap_88[1] = cpu_to_le32(G17P_RC_88);
	rc->gap_98 = cpu_to_le32(G17P_RC_98);
	rc->gap_7c4 = cpu_to_le32(G17P_RC_7C4);
	le32_fill(rc->gap_7c8, c7c8, ARRAY_SIZE(c7c8));
	le32_fill(rc->gap_7e8, c7e8, ARRAY_SIZE(c7e8));
	le32_fill(rc->gap_998, c998, ARRAY_SIZE(c998));
	le32_fill(rc->gap_9b8, c9b8, ARRAY_SIZE(c9b8));
	le32_fill(rc->gap_9c8, c9c8, ARRAY_SIZE(c9c8));
	rc->gap_e1c = cpu_to_le32(G17P_RC_E1C);
	le32_fill(rc->gap_e38, ce38, ARRAY_SIZE(ce38));
	rc->gap_e50 = cpu_to_le32(G17P_RC_E50);
	return 0;
}

/* The fixed T8140 performance table. */
static const u32 g17p_freq_a[] = G17P_FREQ_A, g17p_freq_b[] = G17P_FREQ_B;
static const u32 g17p_core_mv[] = G17P_CORE_MV, g17p_mem_mv[] = G17P_MEM_MV;
static const u32 g17p_rel_a[] = G17P_RELATIVE_A, g17p_rel_b[] = G17P_RELATIVE_B;
static const u32 g17p_idx_a[] = G17P_INDEX_A, g17p_idx_b[] = G17P_INDEX_B;
static_assert(ARRAY_SIZE(g17p_freq_a) == AGX4_FW_NUM_PSTATES);

static const struct agx4_fw_pstates g17p_pstates = {
	.freq_a = g17p_freq_a, .freq_b = g17p_freq_b,
	.core_mv = g17p_core_mv, .mem_mv = g17p_mem_mv,
	.relative_a = g17p_rel_a, .relative_b = g17p_rel_b,
	.index_a = g17p_idx_a, .index_b = g17p_idx_b,
	.scale_b = G17P_SCALE_B,
};

/* Matrix @m of hwdata: @diag on the diagonal, or the 12 words of @v. */
static void g17p_yuv(struct agx4_fw_hwdata *hw, unsigned int m, s16 diag,
		     const s16 *v)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(hw->yuv[m]); i++)
		hw->yuv[m][i] = cpu_to_le16(v ? v[i] : i % 5 ? 0 : diag);
}

static void g17p_hwdata_consts(struct agx4_fw_hwdata *hw)
{
	static const s16 yuv7[] = G17P_YUV_7, yuv27[] = G17P_YUV_27;
	static const s16 yuv59[] = G17P_YUV_59;
	static const u64 c0[] = G17P_HWDATA_0;
	static const u32 cf34[] = G17P_HWDATA_F34, cf88[] = G17P_HWDATA_F88;
	static const u32 cfb8[] = G17P_HWDATA_FB8, c2544[] = G17P_HWDATA_2544;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c0); i++)
		hw->gap_0[i] = cpu_to_le64(c0[i]);
	g17p_yuv(hw, 6, G17P_YUV_IDENTITY, NULL);
	g17p_yuv(hw, 7, 0, yuv7);
	g17p_yuv(hw, 27, 0, yuv27);
	g17p_yuv(hw, 38, G17P_YUV_38_DIAG, NULL);
	g17p_yuv(hw, 39, G17P_YUV_39_DIAG, NULL);
	g17p_yuv(hw, 59, 0, yuv59);
	hw->rev_hi = cpu_to_le32(G17P_HWDATA_REV_HI);
	hw->rev_lo = cpu_to_le32(G17P_HWDATA_REV_LO);
	hw->gpc = cpu_to_le32(G17P_HWDATA_GPC);
	hw->gap_ea4 = cpu_to_le32(G17P_HWDATA_EA4);
	hw->gap_eb8 = cpu_to_le32(G17P_HWDATA_EB8);
	hw->gap_ec0 = cpu_to_le32(G17P_HWDATA_EC0);
	hw->gap_ec8 = cpu_to_le32(G17P_HWDATA_EC8);
	hw->clocks_per_ms = cpu_to_le32(G17P_HWDATA_CLOCKS_PER_MS);
	hw->gap_ed4 = cpu_to_le32(G17P_HWDATA_ED4);
	hw->sample_period = cpu_to_le32(G17P_HWDATA_SAMPLE_PERIOD);
	for (i = 0; i < ARRAY_SIZE(hw->gap_ee0); i++)
		hw->gap_ee0[i] = cpu_to_le32(G17P_HWDATA_EE0);
	hw->gap_f04 = cpu_to_le32(G17P_HWDATA_F04);
	hw->gap_f24 = cpu_to_le32(G17P_HWDATA_F24);
	le32_fill(hw->gap_f34, cf34, ARRAY_SIZE(cf34));
	hw->gap_f4c = cpu_to_le32(G17P_HWDATA_F4C);
	hw->gap_f6c = cpu_to_le32(G17P_HWDATA_F6C);
	le32_fill(hw->gap_f88, cf88, ARRAY_SIZE(cf88));
	hw->gap_fac = cpu_to_le32(G17P_HWDATA_FAC);
	le32_fill(hw->gap_fb8, cfb8, ARRAY_SIZE(cfb8));
	le32_fill(hw->gap_2544, c2544, ARRAY_SIZE(c2544));
	hw->gap_2568 = cpu_to_le32(G17P_HWDATA_2568);
	hw->gap_2570 = cpu_to_le32(G17P_HWDATA_2570);
	hw->gap_258e = cpu_to_le16(G17P_HWDATA_258E);
	hw->gap_25f4 = cpu_to_le32(G17P_HWDATA_25F4);
	hw->gap_2600 = cpu_to_le32(G17P_HWDATA_2600);
	hw->gap_2608 = cpu_to_le32(G17P_HWDATA_2608);
	hw->gap_3d98 = cpu_to_le32(G17P_HWDATA_3D98);
	hw->gap_3db0 = cpu_to_le32(G17P_HWDATA_3DB0);
}

static int g17p_build_hwdata(const struct agx4_fw_gen *gen,
			     const struct agx4_platform *p,
			     const struct agx4_fw_hwdata_in *in, void *buf,
			     size_t size)
{
	struct agx4_fw_hwdata *hw = buf;
	u8 *base = buf;
	unsigned int i;
	int ret;

	if (size < sizeof(*hw) || in->num_regions > AGX4_FW_MAX_HW_REGIONS)
		return -EINVAL;
	ret = agx4_fw_regwins_check(in);
	if (ret)
		return ret;
	memset(hw, 0, sizeof(*hw));
	ret = agx4_fw_apply_runs(g17p_hwdata_runs,
				 ARRAY_SIZE(g17p_hwdata_runs), hw, sizeof(*hw));
	if (ret)
		return ret;
	g17p_hwdata_consts(hw);
	agx4_fw_regwins_fill(hw, in);
	hw->ts_aperture = cpu_to_le64(in->ts_aperture);
	hw->chip_id = cpu_to_le32(p->chip_id);
	agx4_fw_hwdata_fill(hw, &g17p_pstates);
	for (i = 0; i < in->num_regions; i++) {
		const struct agx4_fw_hw_region_in *r = &in->regions[i];
		struct g17p_hw_region *out = (void *)(base + G17P_HW_REGIONS +
						      i * G17P_HW_REGION_STRIDE);

		out->lead = cpu_to_le32(r->lead);
		out->value = cpu_to_le32(r->value);
		out->tag = cpu_to_le32(G17P_MC_VIEW_TAG);
		out->address = cpu_to_le64(r->address);
		out->size_a = cpu_to_le32(G17P_HW_REGION_SIZE_A);
		out->size_b = cpu_to_le32(G17P_HW_REGION_SIZE_B);
		out->trail = cpu_to_le32(r->trail);
	}
	return 0;
}

static bool g17p_pool_ok(u32 vm, u32 pool)
{
	return vm >= G17P_FIRST_VM && vm <= G17P_LAST_VM &&
	       pool < G17P_NUM_POOLS;
}

static int g17p_parse_grow(const struct g17p_ev_grow *g,
			   struct agx4_fw_event *ev)
{
	ev->grow.context = le32_to_cpu(g->context);
	ev->grow.slot = le32_to_cpu(g->slot);
	ev->grow.counter = le32_to_cpu(g->counter);
	ev->grow.subpipe = le32_to_cpu(g->grid);
	if (!g17p_pool_ok(ev->grow.context, ev->grow.slot) ||
	    ev->grow.subpipe >= G17P_NUM_GRIDS)
		return -ERANGE;
	if (memchr_inv(g->zero, 0, sizeof(g->zero)) ||
	    le64_to_cpu(g->gap_38) != 1 ||
	    le64_to_cpu(g->grid_bit) != BIT_ULL(ev->grow.subpipe))
		return -EPROTO;
	return 0;
}

static int g17p_parse_limit(const struct g17p_ev_limit *l,
			    struct agx4_fw_event *ev)
{
	if (l->zero || le32_to_cpu(l->gap_8) != 1 || !l->nonzero || l->zero2)
		return -EPROTO;
	ev->limit.event = le32_to_cpu(l->event);
	ev->limit.work = le64_to_cpu(l->work);
	ev->limit.fragment = le64_to_cpu(l->fragment);
	ev->limit.vm = le64_to_cpu(l->vm);
	ev->limit.pool = le64_to_cpu(l->pool);
	if (ev->limit.vm > U32_MAX || ev->limit.pool > U32_MAX ||
	    !g17p_pool_ok(ev->limit.vm, ev->limit.pool))
		return -ERANGE;
	return 0;
}

static int g17p_parse_event(const void *rec, size_t size,
			    struct agx4_fw_event *ev)
{
	const struct g17p_ev_completion *c = rec;
	int ret;

	memset(ev, 0, sizeof(*ev));
	if (size < AGX4_FW_EV_SIZE)
		return -EINVAL;
	ret = agx4_fw_parse_common_event(rec, ev);
	if (ret != -ENOENT)
		return ret;
	ev->kind = le32_to_cpu(c->kind);
	switch (ev->kind) {
	case AGX4_FW_EV_COMPLETION:
		ev->mask[0] = get_unaligned_le64(c->mask);
		ev->mask[1] = get_unaligned_le64(c->mask + 8);
		return 0;
	case AGX4_FW_EV_GROW:
		return g17p_parse_grow(rec, ev);
	case AGX4_FW_EV_LIMIT:
		return g17p_parse_limit(rec, ev);
	}
	return -EPROTO;
}

static int g17p_build_ctl(const struct agx4_fw_ctl *c, void *buf,
			  size_t size)
{
	struct g17p_ctl_maintenance *m = buf;
	struct g17p_ctl_grow_reply *g = buf;
	struct g17p_ctl_cleanup *cl = buf;
	struct g17p_ctl_tick *t = buf;

	if (size < AGX4_FW_CTL_SIZE)
		return -EINVAL;
	switch (c->opcode) {
	case AGX4_FW_CTL_GROW_REPLY:
		if (c->grow_ok > 1 ||
		    !g17p_pool_ok(c->grow.context, c->grow.slot))
			return -EINVAL;
		memset(buf, 0, AGX4_FW_CTL_SIZE);
		g->success = cpu_to_le32(c->grow_ok);
		g->slot = cpu_to_le32(c->grow.slot);
		g->context = cpu_to_le32(c->grow.context);
		g->counter = cpu_to_le32(c->grow.counter);
		break;
	case AGX4_FW_CTL_CLEANUP:
		memset(buf, 0, AGX4_FW_CTL_SIZE);
		memcpy(cl->ctrl, c->ctrl, sizeof(cl->ctrl));
		cl->context_control = cpu_to_le64(c->context_control);
		break;
	case AGX4_FW_CTL_MAINTENANCE:
		if (c->maint_kind >= G17P_MAINT_KINDS || !c->maint_phase ||
		    c->maint_phase > G17P_MAINT_PHASES)
			return -EINVAL;
		memset(buf, 0, AGX4_FW_CTL_SIZE);
		m->kind = cpu_to_le32(c->maint_kind);
		m->phase = cpu_to_le32(c->maint_phase);
		break;
	case AGX4_FW_CTL_TICK:
		/* A render's from ordinal 2; a compute's is tick 0. */
		if (c->tick_context == G17P_TICK_RENDER ?
		    c->ordinal < G17P_TICK_FIRST_ORDINAL :
		    c->tick_context != G17P_TICK_COMPUTE || c->ordinal)
			return -EINVAL;
		memset(buf, 0, AGX4_FW_CTL_SIZE);
		if (c->ordinal)
			t->ordinal = cpu_to_le32(c->ordinal - 1);
		t->context = cpu_to_le32(c->tick_context);
		break;
	default:
		/* Opcode 9 exists on G17P only as a diagnostic. */
		return -EOPNOTSUPP;
	}
	g->opcode = cpu_to_le32(c->opcode);
	return 0;
}

static const char *const g17p_builds[] = {
	"mBoot-18000.161.9",
	NULL,
};

static const struct agx4_uat_geom g17p_uat = {
	.levels = 3,
	.root_shift = 36,
	.root_entries = 64,
	.entries = 2048,
	.oa_bits = 42,
};

/* G17P: two firmware instances, cursors in shared memory. */
const struct agx4_fw_gen agx4_fw_g17p = {
	.name = "G17P",
	.soc = AGX4_SOC_T8140,
	.gpu_generation = 17,
	.gpu_variant = 'P',
	.builds = g17p_builds,
	.num_instances = 2,
	.uat_geom = &g17p_uat,
	.root_version = { 0x04c0, 0x0396, 0xa322, 0x0c8a },
	.root_extra = BIT(1),
	.cursors_in_mmio = false,
	/* G17P completes by status records, not stamps. */
	.chan = {
		.work_msg_size = G17P_WORK_MSG_SIZE,
		.ctl_size = AGX4_FW_CTL_SIZE,
		.event_size = AGX4_FW_EV_SIZE,
		.ring_entries = AGX4_FW_RING_ENTRIES,
		/* As full as the ring takes (L: no reference limits it). */
		.work_limit = AGX4_FW_RING_ENTRIES - 1,
		.trace_entries = G17P_TRACE_ENTRIES,
	},
	.tvb = { .initial_blocks = 8, .growth_blocks = 10, .max_blocks = 2048 },
	/* As on G16; 4 GiB is agx4's choice. */
	.fw_heap = { 0xfffffc2200000000ull, 0x100000000ull },
	/*
	 * The base is the one G17P's hwdata constants carry at +0x28 (the
	 * same as G16's); L: the size is assumed to be G16's.
	 */
	.ts_aperture = { 0xfffffc2181400000ull, 0x4000000ull },
	/*
	 * H for the windows' addresses, 0xfffffc2180000000 to
	 * 0xfffffc21800ef800 (REGISTERS, GravityLinux/linux
	 * drivers/gpu/drm/asahi/g17p_layout.rs@f22281c5); the range's end
	 * is agx4's, below the timestamp aperture.
	 */
	.reg_windows = { 0xfffffc2180000000ull, 0x1000000ull },
	.read_gpu_info = g17p_read_gpu_info,
	.layouts = g17p_layouts,
	.num_layouts = ARRAY_SIZE(g17p_layouts),
	.build_root = agx4_fw_build_root,
	.build_channels = g17p_build_channels,
	.build_main_config = g17p_build_main_config,
	.build_queue = g17p_build_queue,
	.build_hwdata = g17p_build_hwdata,
	.build_region_c = g17p_build_region_c,
	.render_objs = agx4_fw_g17p_render_objs,
	.num_render_objs = ARRAY_SIZE(agx4_fw_g17p_render_objs),
	.build_render = agx4_fw_g17p_build_render,
	.build_optional = agx4_fw_g17p_build_optional,
	.compute_objs = agx4_fw_g17p_compute_objs,
	.num_compute_objs = ARRAY_SIZE(agx4_fw_g17p_compute_objs),
	.build_compute = agx4_fw_g17p_build_compute,
	.parse_event = g17p_parse_event,
	.build_ctl = g17p_build_ctl,
	.boot = agx4_fw_g17p_boot,
	.submit = &agx4_fw_g17p_submit,
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p);
