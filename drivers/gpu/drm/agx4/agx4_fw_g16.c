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
	.parse_event = g16_parse_event,
	.build_ctl = g16_build_ctl,
	.boot = agx4_fw_g16_boot,
	.submit = &agx4_fw_g16_submit_ops,
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16);
