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
#include "agx4_fw_g17p_init.h"
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
	.tvb = {
		.initial_blocks = G17P_POOL_GROUPS,
		.growth_blocks = G17P_TVB_GROWTH_BLOCKS,
		.max_blocks = G17P_TVB_MAX_BLOCKS,
	},
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
	.parse_event = g17p_parse_event,
	.build_ctl = g17p_build_ctl,
	.boot = agx4_fw_g17p_boot,
	.submit = &agx4_fw_g17p_submit,
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p);
