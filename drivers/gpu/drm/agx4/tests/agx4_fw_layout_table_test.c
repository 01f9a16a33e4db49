// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout_table": the declared firmware objects against
 * a table of offsets and sizes written here from the specification, not from
 * the declarations; every declared member must be in the table, and the
 * fw_layouts text must print exactly the table.
 */

#include <kunit/test.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_fw_decode.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_work.h"
#include "../agx4_fwif.h"
#include "../agx4_of.h"
#include "agx4_fw_layout_golden.h"
#include "agx4_test_util.h"

struct expect_field {
	const char *obj;
	const char *field;	/* NULL: the object's size */
	u32 off;
	u32 size;
};

/* Shared by both generations. */
static const struct expect_field common_fields[] = {
	{ "root", NULL, 0, 0xb8 },
	{ "root", "version", 0x00, 8 },
	{ "root", "region_a", 0x08, 8 },
	{ "root", "main_config", 0x18, 8 },
	{ "root", "region_c", 0x20, 8 },
	{ "root", "kind", 0x28, 4 },
	{ "root", "gap_2c", 0x2c, 4 },
	{ "root", "page_size", 0x30, 2 },
	{ "root", "page_bits", 0x32, 1 },
	{ "root", "levels", 0x33, 1 },
	{ "root", "level", 0x34, 0x60 },
	{ "root", "status_a", 0xa8, 8 },
	{ "root", "status_b", 0xb0, 8 },
	{ "root_extra", NULL, 0, 0xc8 },
	{ "root_extra", "root", 0x00, 0xb8 },
	{ "root_extra", "extra_0", 0xb8, 8 },
	{ "root_extra", "extra_1", 0xc0, 8 },
	{ "uat_level", NULL, 0, 0x20 },
	{ "uat_level", "bits", 0x00, 4 },
	{ "uat_level", "entries", 0x04, 2 },
	{ "uat_level", "page_size", 0x06, 2 },
	{ "uat_level", "gap_8", 0x08, 8 },
	{ "uat_level", "oa_mask", 0x10, 8 },
	{ "uat_level", "index_mask", 0x18, 8 },
	{ "channel", NULL, 0, 0x20 },
	{ "channel", "state", 0x00, 0x18 },
	{ "channel", "ring", 0x18, 8 },
	{ "status", NULL, 0, 0x80 },
	{ "status", "init", 0x04, 4 },
	{ "status", "ack", 0x10, 4 },
	{ "status", "accepted", 0x14, 4 },
	{ "regwin", NULL, 0, 0x28 },
	{ "regwin", "pa", 0x00, 8 },
	{ "regwin", "fw_va", 0x08, 8 },
	{ "regwin", "size", 0x10, 4 },
	{ "regwin", "stride", 0x14, 4 },
	{ "regwin", "sgx_offset", 0x18, 8 },
	{ "regwin", "flags", 0x20, 4 },
	{ "job_list", NULL, 0, 0x18 },
	{ "job_list", "head", 0x00, 8 },
	{ "job_list", "self", 0x08, 8 },
	{ "job_list", "tail", 0x10, 8 },
	{ "ev_fatal", NULL, 0, 0x48 },
	{ "ev_fatal", "kind", 0x00, 4 },
	{ "ev_fatal", "zero", 0x04, 0x44 },
	{ "ev_receipt", NULL, 0, 0x48 },
	/* Not an echo: +8 is 0, the count is at +0x24, the rest scratch. */
	{ "ev_receipt", "kind", 0x00, 4 },
	{ "ev_receipt", "gap_4", 0x04, 4 },
	{ "ev_receipt", "zero", 0x08, 4 },
	{ "ev_receipt", "control_data", 0x0c, 8 },
	{ "ev_receipt", "operands", 0x14, 8 },
	{ "ev_receipt", "operands2", 0x1c, 8 },
	{ "ev_receipt", "count", 0x24, 4 },
	{ "ev_receipt", "opaque", 0x28, 0x20 },
	{ "vrow", NULL, 0, 0x40 },
	{ "vrow", "mv", 0x00, 0x40 },
	{ "hwdata", NULL, 0, 0x3db4 },
	/* Five u64 constants at 0x0..0x27 (G17P's first two runs). */
	{ "hwdata", "gap_0", 0x0000, 0x28 },
	{ "hwdata", "ts_aperture", 0x0028, 8 },
	/* 63 YUV matrices of 3 x 4 i16. */
	{ "hwdata", "yuv", 0x0050, 63 * 0x18 },
	{ "hwdata", "regwin", 0x0640, 53 * 0x28 },
	{ "hwdata", "chip_id", 0x0e90, 4 },
	{ "hwdata", "rev_hi", 0x0e94, 4 },
	{ "hwdata", "rev_lo", 0x0e98, 4 },
	{ "hwdata", "gpc", 0x0ea0, 4 },
	{ "hwdata", "gap_ea4", 0x0ea4, 4 },
	{ "hwdata", "gap_eb8", 0x0eb8, 4 },
	{ "hwdata", "gap_ec0", 0x0ec0, 4 },
	{ "hwdata", "gap_ec8", 0x0ec8, 4 },
	{ "hwdata", "clocks_per_ms", 0x0ed0, 4 },
	{ "hwdata", "gap_ed4", 0x0ed4, 4 },
	{ "hwdata", "sample_period", 0x0ed8, 4 },
	{ "hwdata", "gap_ee0", 0x0ee0, 12 },
	{ "hwdata", "gap_f04", 0x0f04, 4 },
	{ "hwdata", "gap_f24", 0x0f24, 4 },
	{ "hwdata", "gap_f34", 0x0f34, 8 },
	{ "hwdata", "gap_f4c", 0x0f4c, 4 },
	{ "hwdata", "gap_f6c", 0x0f6c, 4 },
	{ "hwdata", "gap_f88", 0x0f88, 8 },
	{ "hwdata", "gap_fac", 0x0fac, 4 },
	{ "hwdata", "gap_fb8", 0x0fb8, 12 },
	{ "hwdata", "max_pstate", 0x0fc4, 4 },
	{ "hwdata", "freq_a", 0x0fc8, 44 },
	{ "hwdata", "core_mv", 0x1008, 11 * 0x40 },
	{ "hwdata", "mem_mv", 0x1408, 11 * 0x40 },
	{ "hwdata", "freq_b", 0x1808, 44 },
	{ "hwdata", "scale_b", 0x1848, 44 },
	{ "hwdata", "relative_a", 0x18c8, 44 },
	{ "hwdata", "relative_b", 0x1908, 44 },
	{ "hwdata", "index_a", 0x19c8, 44 },
	{ "hwdata", "index_b", 0x1a08, 44 },
	{ "hwdata", "max_pstate_b", 0x1cd8, 4 },
	{ "hwdata", "freq_b2", 0x1cdc, 44 },
	/* The second voltage rows: one word per 0x40 block, 11 states. */
	{ "hwdata", "core_mv2", 0x1d1c, 11 * 0x40 },
	{ "hwdata", "mem_mv2", 0x211c, 11 * 0x40 },
	{ "hwdata", "gap_2544", 0x2544, 5 * 4 },
	{ "hwdata", "gap_2568", 0x2568, 4 },
	{ "hwdata", "gap_2570", 0x2570, 4 },
	{ "hwdata", "gap_258e", 0x258e, 2 },
	/* Two groups of four words. */
	{ "hwdata", "groups", 0x2590, 32 },
	{ "hwdata", "channel_ones", 0x25b4, 48 },
	{ "hwdata", "gap_25f4", 0x25f4, 4 },
	{ "hwdata", "gap_2600", 0x2600, 4 },
	{ "hwdata", "gap_2604", 0x2604, 4 },
	{ "hwdata", "gap_2608", 0x2608, 4 },
	{ "hwdata", "gap_3d98", 0x3d98, 4 },
	{ "hwdata", "gap_3db0", 0x3db0, 4 },
	{ "region_a", NULL, 0, 0x4000 },
	{ "region_a", "opaque", 0x00, 0x4000 },
	/*
	 * Region C, one layout for both (the values differ): 4 KiB declared,
	 * G16 writes a whole 16 KiB page.
	 */
	{ "region_c", NULL, 0, 0x1000 },
	{ "region_c", "ktrace", 0x000, 4 },
	{ "region_c", "gap_24", 0x024, 4 },
	{ "region_c", "gap_30", 0x030, 16 },
	{ "region_c", "gap_54", 0x054, 2 },
	{ "region_c", "gap_56", 0x056, 2 },
	{ "region_c", "gap_58", 0x058, 2 },
	{ "region_c", "gap_5a", 0x05a, 0x12 },
	{ "region_c", "gap_78", 0x078, 4 },
	{ "region_c", "max_power_mw", 0x084, 4 },
	{ "region_c", "gap_88", 0x088, 8 },
	{ "region_c", "gap_98", 0x098, 4 },
	{ "region_c", "gap_7c4", 0x7c4, 4 },
	{ "region_c", "gap_7c8", 0x7c8, 0x20 },
	/* u32 6, 1, 1, 100, 100: the two 1s at 0x7ec and 0x7f0. */
	{ "region_c", "gap_7e8", 0x7e8, 0x14 },
	{ "region_c", "gap_998", 0x998, 16 },
	{ "region_c", "gap_9b8", 0x9b8, 16 },
	{ "region_c", "gap_9c8", 0x9c8, 12 },
	{ "region_c", "gap_e1c", 0xe1c, 4 },
	{ "region_c", "gap_e28", 0xe28, 4 },
	{ "region_c", "gap_e2c", 0xe2c, 4 },
	{ "region_c", "gap_e38", 0xe38, 8 },
	{ "region_c", "gap_e50", 0xe50, 4 },
	{ "reg", NULL, 0, 12 },
	{ "reg", "reg", 0x00, 4 },
	{ "reg", "value", 0x04, 8 },
};

static const struct expect_field g16_fields[] = {
	{ "main_config", NULL, 0, 0x500 },
	{ "main_config", "hwdata", 0x00, 8 },
	{ "main_config", "repeated", 0x08, 0x10 },
	{ "main_config", "header", 0x18, 8 },
	{ "main_config", "channels", 0x20, 17 * 0x20 },
	{ "main_config", "addresses", 0x24c, 5 * 8 },
	{ "main_config", "regions", 0x2c8, 6 * 8 },
	{ "main_config", "gap_2f8", 0x2f8, 4 },
	{ "main_config", "gap_3d8", 0x3d8, 4 },
	{ "main_config", "power", 0x469, 8 },
	{ "main_config", "control", 0x4c0, 0x40 },
	{ "queue", NULL, 0, 0xb0 },
	{ "queue", "pointers", 0x00, 8 },
	{ "queue", "ring", 0x08, 8 },
	{ "queue", "job_list", 0x10, 8 },
	{ "queue", "private_area", 0x18, 8 },
	{ "queue", "gap_2c", 0x2c, 4 },
	{ "queue", "priority", 0x30, 4 },
	{ "queue", "priority2", 0x34, 4 },
	{ "queue", "priority_mask", 0x38, 8 },
	{ "queue", "first", 0x40, 4 },
	{ "queue", "last", 0x48, 4 },
	{ "queue", "gap_4c", 0x4c, 4 },
	{ "queue", "uuid", 0x50, 4 },
	{ "queue", "context", 0xa4, 8 },
	{ "pointers", NULL, 0, 0x60 },
	{ "pointers", "done", 0x00, 4 },
	{ "pointers", "read", 0x30, 4 },
	{ "pointers", "write", 0x40, 4 },
	{ "pointers", "capacity", 0x50, 4 },
	{ "work_msg", NULL, 0, 0x18 },
	{ "work_msg", "tag", 0x00, 8 },
	{ "work_msg", "queue", 0x08, 8 },
	{ "work_msg", "kind", 0x10, 4 },
	{ "work_msg", "head", 0x14, 4 },
	{ "ctl_register", NULL, 0, 0x40 },
	{ "ctl_register", "opcode", 0x00, 4 },
	{ "ctl_register", "gap_4", 0x04, 4 },
	{ "ctl_register", "mask", 0x08, 4 },
	{ "ctl_register", "control_data", 0x14, 8 },
	{ "ctl_register", "operands", 0x1c, 8 },
	{ "ctl_register", "operands2", 0x24, 8 },
	{ "ctl_register", "count", 0x2c, 4 },
	{ "ctl_register", "gap_34", 0x34, 4 },
	{ "ctl_grow_reply", NULL, 0, 0x40 },
	{ "ctl_grow_reply", "opcode", 0x00, 4 },
	{ "ctl_grow_reply", "success", 0x04, 4 },
	{ "ctl_grow_reply", "slot", 0x08, 4 },
	{ "ctl_grow_reply", "context", 0x0c, 4 },
	{ "ctl_grow_reply", "counter", 0x10, 4 },
	{ "ctl_grow_reply", "subpipe", 0x14, 4 },
	{ "ctl_grow_reply", "halt_count", 0x18, 8 },
	{ "ctl_limit_reply", NULL, 0, 0x40 },
	{ "ctl_limit_reply", "opcode", 0x00, 4 },
	{ "ctl_limit_reply", "gap_4", 0x04, 4 },
	{ "ctl_limit_reply", "fragment_queue", 0x08, 8 },
	{ "ctl_limit_reply", "fragment_stamp", 0x10, 4 },
	{ "ev_grow", NULL, 0, 0x48 },
	{ "ev_grow", "kind", 0x00, 4 },
	{ "ev_grow", "context", 0x04, 4 },
	{ "ev_grow", "slot", 0x08, 4 },
	{ "ev_grow", "counter", 0x0c, 4 },
	{ "ev_grow", "subpipe", 0x10, 4 },
	{ "ev_grow", "halt_count", 0x14, 8 },
	{ "ev_limit", NULL, 0, 0x48 },
	{ "ev_limit", "kind", 0x00, 4 },
	{ "ev_limit", "zero", 0x04, 4 },
	{ "ev_limit", "gap_8", 0x08, 4 },
	{ "ev_limit", "fragment_event", 0x0c, 4 },
	{ "ev_limit", "fragment_stamp", 0x10, 4 },
	{ "ev_partial", NULL, 0, 0x48 },
	{ "ev_partial", "kind", 0x00, 4 },
	{ "ev_partial", "active", 0x14, 8 },
	{ "ev_partial", "queue", 0x24, 8 },
	{ "ev_partial", "what", 0x2c, 4 },
	{ "ev_partial", "zero", 0x30, 8 },
	/* TA work item */
	{ "ta_work", NULL, 0, 0x940 },
	{ "ta_work", "type", 0x000, 4 },
	{ "ta_work", "counter", 0x004, 8 },
	{ "ta_work", "context", 0x00c, 4 },
	{ "ta_work", "event_control", 0x010, 8 },
	{ "ta_work", "bm_slot", 0x018, 8 },
	{ "ta_work", "bm", 0x020, 8 },
	{ "ta_work", "scene", 0x028, 8 },
	{ "ta_work", "empty_buffer", 0x030, 8 },
	{ "ta_work", "regs", 0x040, 0x600 },
	{ "ta_work", "regs_alias", 0x740, 8 },
	{ "ta_work", "reg_count", 0x748, 2 },
	{ "ta_work", "reg_bytes", 0x74a, 2 },
	{ "ta_work", "tpc", 0x760, 8 },
	{ "ta_work", "tpc_size", 0x768, 8 },
	{ "ta_work", "microseq", 0x770, 8 },
	{ "ta_work", "microseq_size", 0x778, 4 },
	{ "ta_work", "fragment_event", 0x77c, 4 },
	{ "ta_work", "fragment_stamp", 0x780, 4 },
	{ "ta_work", "fw_784", 0x784, 0x24 },
	{ "ta_work", "deflake_1", 0x7a8, 8 },
	{ "ta_work", "fw_83c", 0x83c, 4 },
	{ "ta_work", "lifecycle_hi", 0x840, 8 },
	{ "ta_work", "gap_848", 0x848, 4 },
	{ "ta_work", "sampler_heap", 0x84c, 8 },
	{ "ta_work", "sampler_count", 0x854, 4 },
	{ "ta_work", "sampler_max", 0x858, 4 },
	{ "ta_work", "fw_85c", 0x85c, 8 },
	{ "ta_work", "request_growth", 0x864, 1 },
	{ "ta_work", "tail", 0x878, 0xc0 },
	/* What both ends share, from TA +0x878 (and 3D +0xbc0) */
	{ "work_tail", NULL, 0, 0xc0 },
	{ "work_tail", "driver_stamp", 0x878 - 0x878, 8 },
	{ "work_tail", "fw_stamp", 0x880 - 0x878, 8 },
	{ "work_tail", "stamp", 0x888 - 0x878, 4 },
	{ "work_tail", "event", 0x88c - 0x878, 4 },
	{ "work_tail", "uuid", 0x898 - 0x878, 4 },
	{ "work_tail", "layers_m1", 0x8a0 - 0x878, 8 },
	{ "work_tail", "fw_30", 0x8a8 - 0x878, 0x18 },
	{ "work_tail", "prof_base", 0x8c0 - 0x878, 8 },
	{ "work_tail", "prof_start", 0x8c8 - 0x878, 8 },
	{ "work_tail", "prof_end", 0x8d0 - 0x878, 8 },
	{ "work_tail", "ts_start", 0x8d8 - 0x878, 8 },
	{ "work_tail", "ts_end", 0x8e0 - 0x878, 8 },
	{ "work_tail", "support", 0x8ff - 0x878, 8 },
	{ "work_tail", "layer_flags", 0x908 - 0x878, 8 },
	{ "work_tail", "shared_tail", 0x910 - 0x878, 8 },
	{ "work_tail", "fw_a0", 0x918 - 0x878, 0x10 },
	{ "work_tail", "fw_b0", 0x928 - 0x878, 0x10 },
	/* 3D work item */
	{ "frag_work", NULL, 0, 0xcc0 },
	{ "frag_work", "type", 0x000, 4 },
	{ "frag_work", "counter", 0x004, 8 },
	{ "frag_work", "context", 0x00c, 4 },
	{ "frag_work", "zero", 0x010, 4 },
	{ "frag_work", "microseq", 0x014, 8 },
	{ "frag_work", "microseq_size", 0x01c, 4 },
	{ "frag_work", "event_control", 0x020, 8 },
	{ "frag_work", "bm", 0x028, 8 },
	{ "frag_work", "scene", 0x030, 8 },
	{ "frag_work", "empty_buffer", 0x038, 8 },
	{ "frag_work", "tilemap", 0x040, 8 },
	{ "frag_work", "msaa", 0x048, 8 },
	{ "frag_work", "samples", 0x050, 4 },
	{ "frag_work", "macro_size", 0x054, 4 },
	{ "frag_work", "merge_x", 0x068, 4 },
	{ "frag_work", "merge_y", 0x06c, 4 },
	{ "frag_work", "tiles", 0x078, 8 },
	{ "frag_work", "regs", 0x080, 0x600 },
	{ "frag_work", "consts", 0x680, 0x20 },
	{ "frag_work", "regs_alias", 0x780, 8 },
	{ "frag_work", "reg_count", 0x788, 2 },
	{ "frag_work", "reg_bytes", 0x78a, 2 },
	{ "frag_work", "dbias", 0x7a0, 8 },
	{ "frag_work", "scissor", 0x7b0, 8 },
	{ "frag_work", "oclqry", 0x7c0, 8 },
	{ "frag_work", "load_bind", 0x8f8, 8 },
	{ "frag_work", "load", 0x900, 8 },
	{ "frag_work", "partial_load_bind", 0x928, 8 },
	{ "frag_work", "partial_load", 0x930, 8 },
	{ "frag_work", "zls_ctrl", 0x938, 8 },
	{ "frag_work", "zls_const", 0x940, 4 },
	{ "frag_work", "depth", 0x948, 0x30 },
	{ "frag_work", "stencil", 0x978, 0x30 },
	{ "frag_work", "tib", 0x9b8, 4 },
	{ "frag_work", "aux_fb_flags", 0x9c0, 8 },
	{ "frag_work", "dims", 0x9c8, 8 },
	{ "frag_work", "aux_fb_pages", 0x9d0, 8 },
	{ "frag_work", "tile_config", 0x9d8, 8 },
	{ "frag_work", "store_bind", 0x9f4, 4 },
	{ "frag_work", "store", 0x9fc, 8 },
	{ "frag_work", "partial_store_bind", 0xa14, 4 },
	{ "frag_work", "partial_store", 0xa1c, 8 },
	{ "frag_work", "depth_clear", 0xa28, 4 },
	{ "frag_work", "stencil_clear", 0xa2c, 4 },
	{ "frag_work", "sample_size", 0xa30, 8 },
	{ "frag_work", "zls_pixels", 0xa50, 8 },
	{ "frag_work", "fw_a58", 0xa58, 8 },
	{ "frag_work", "fw_b70", 0xb70, 8 },
	{ "frag_work", "sync_grow", 0xb80, 4 },
	{ "frag_work", "fw_b84", 0xb84, 4 },
	{ "frag_work", "lifecycle_hi", 0xb88, 8 },
	{ "frag_work", "gap_b90", 0xb90, 4 },
	{ "frag_work", "sampler_heap", 0xb94, 8 },
	{ "frag_work", "sampler_count", 0xb9c, 4 },
	{ "frag_work", "sampler_max", 0xba0, 4 },
	{ "frag_work", "empty_tiles", 0xba4, 4 },
	{ "frag_work", "gap_ba8", 0xba8, 4 },
	{ "frag_work", "msaa_on", 0xbac, 4 },
	{ "frag_work", "fw_bb0", 0xbb0, 4 },
	{ "frag_work", "fw_bb4", 0xbb4, 4 },
	{ "frag_work", "tail", 0xbc0, 0xc0 },
	{ "frag_work", "gap_c80", 0xc80, 8 },
	/* Compute work item */
	{ "compute_work", NULL, 0, 0x8c0 },
	{ "compute_work", "type", 0x000, 4 },
	{ "compute_work", "counter", 0x004, 8 },
	{ "compute_work", "context", 0x00c, 4 },
	{ "compute_work", "notifier", 0x010, 8 },
	{ "compute_work", "regs", 0x020, 24 * 12 },
	{ "compute_work", "regs_alias", 0x720, 8 },
	{ "compute_work", "reg_header", 0x728, 4 },
	{ "compute_work", "microseq", 0x760, 8 },
	{ "compute_work", "microseq_size", 0x768, 4 },
	{ "compute_work", "fw_76c", 0x76c, 8 },
	{ "compute_work", "resource", 0x798, 8 },
	{ "compute_work", "cdm_last", 0x7a0, 8 },
	{ "compute_work", "cdm_ctrl", 0x7c8, 4 },
	{ "compute_work", "gap_7cc", 0x7cc, 4 },
	{ "compute_work", "fw_7dc", 0x7dc, 4 },
	{ "compute_work", "identity_hi", 0x7e0, 4 },
	{ "compute_work", "sampler_heap", 0x7e8, 8 },
	{ "compute_work", "sampler_count", 0x7f0, 4 },
	{ "compute_work", "sampler_max", 0x7f4, 4 },
	{ "compute_work", "driver_stamp", 0x800, 8 },
	{ "compute_work", "fw_stamp", 0x808, 8 },
	{ "compute_work", "stamp", 0x810, 4 },
	{ "compute_work", "event", 0x814, 4 },
	{ "compute_work", "identity", 0x820, 4 },
	{ "compute_work", "ordinal", 0x828, 4 },
	{ "compute_work", "prof_base", 0x82c, 8 },
	{ "compute_work", "prof_start", 0x834, 8 },
	{ "compute_work", "prof_end", 0x83c, 8 },
	{ "compute_work", "support", 0x86a, 8 },
	{ "compute_work", "support_on", 0x872, 1 },
	{ "compute_work", "gap_874", 0x874, 4 },
	{ "compute_work", "gap_87c", 0x87c, 4 },
	{ "compute_work", "gap_88b", 0x88b, 1 },
	{ "compute_work", "fw_88c", 0x88c, 0x10 },
	{ "compute_work", "fw_89c", 0x89c, 0x10 },
	{ "compute_work", "fw_8ac", 0x8ac, 0x10 },
	/* Microsequences */
	{ "ms_timestamp", NULL, 0, 0x4c },
	{ "ms_timestamp", "opcode", 0x00, 4 },
	{ "ms_timestamp", "base", 0x04, 8 },
	{ "ms_timestamp", "start", 0x0c, 8 },
	{ "ms_timestamp", "slot", 0x14, 8 },
	{ "ms_timestamp", "queue", 0x1c, 8 },
	{ "ms_timestamp", "user", 0x24, 8 },
	{ "ms_timestamp", "state", 0x2c, 8 },
	{ "ms_timestamp", "state2", 0x34, 8 },
	{ "ms_timestamp", "uuid", 0x44, 4 },
	{ "ms_start_ta", NULL, 0, 0x1cc },
	{ "ms_start_ta", "opcode", 0x000, 4 },
	{ "ms_start_ta", "regs", 0x014, 8 },
	{ "ms_start_ta", "bm", 0x01c, 8 },
	{ "ms_start_ta", "scene", 0x024, 8 },
	{ "ms_start_ta", "stats", 0x02c, 8 },
	{ "ms_start_ta", "queue", 0x034, 8 },
	{ "ms_start_ta", "state", 0x03c, 8 },
	{ "ms_start_ta", "context", 0x044, 4 },
	{ "ms_start_ta", "counter", 0x048, 4 },
	{ "ms_start_ta", "bm_slot", 0x050, 8 },
	{ "ms_start_ta", "state2", 0x064, 8 },
	{ "ms_start_ta", "state3", 0x06c, 8 },
	{ "ms_start_ta", "uuid", 0x07c, 4 },
	{ "ms_start_ta", "support", 0x190, 8 },
	{ "ms_start_ta", "status", 0x1a8, 8 },
	{ "ms_start_ta", "gap_1b8", 0x1b8, 8 },
	{ "ms_start_ta", "event", 0x1c0, 4 },
	{ "ms_end_ta", NULL, 0, 0x54 },
	{ "ms_end_ta", "opcode", 0x00, 4 },
	{ "ms_end_ta", "scene", 0x04, 8 },
	{ "ms_end_ta", "bm", 0x0c, 8 },
	{ "ms_end_ta", "stats", 0x14, 8 },
	{ "ms_end_ta", "queue", 0x1c, 8 },
	{ "ms_end_ta", "state", 0x24, 8 },
	{ "ms_end_ta", "context", 0x2c, 4 },
	{ "ms_end_ta", "state2", 0x34, 8 },
	{ "ms_end_ta", "uuid", 0x40, 4 },
	{ "ms_end_ta", "fw_stamp", 0x48, 8 },
	{ "ms_end_ta", "stamp", 0x50, 4 },
	{ "ms_trailer_ta", NULL, 0, 0x20 },
	{ "ms_trailer_ta", "jump", 0x00, 8 },
	{ "ms_trailer_ta", "rel", 0x08, 4 },
	{ "ms_trailer_ta", "state", 0x0d, 8 },
	{ "ms_trailer_ta", "flags", 0x15, 4 },
	{ "ms_trailer_ta", "finish", 0x1c, 4 },
	{ "ta_ms", NULL, 0, 0x300 },
	{ "ta_ms", "start", 0x000, 0x1cc },
	{ "ta_ms", "ts_start", 0x1cc, 0x4c },
	{ "ta_ms", "ts_one", 0x218, 4 },
	{ "ta_ms", "ts_end", 0x21c, 0x4c },
	{ "ta_ms", "end", 0x268, 0x54 },
	{ "ta_ms", "trailer", 0x2e0, 0x20 },
	{ "ms_start_3d", NULL, 0, 0x1ec },
	{ "ms_start_3d", "opcode", 0x000, 4 },
	{ "ms_start_3d", "regs", 0x014, 8 },
	{ "ms_start_3d", "scene", 0x01c, 8 },
	{ "ms_start_3d", "stats", 0x024, 8 },
	{ "ms_start_3d", "state", 0x02c, 8 },
	{ "ms_start_3d", "scene_state", 0x034, 8 },
	{ "ms_start_3d", "state2", 0x03c, 8 },
	{ "ms_start_3d", "state3", 0x044, 8 },
	{ "ms_start_3d", "queue", 0x04c, 8 },
	{ "ms_start_3d", "work", 0x054, 8 },
	{ "ms_start_3d", "context", 0x05c, 4 },
	{ "ms_start_3d", "ta_counter", 0x060, 4 },
	{ "ms_start_3d", "bm_slot", 0x068, 8 },
	{ "ms_start_3d", "state4", 0x07c, 8 },
	{ "ms_start_3d", "state5", 0x084, 8 },
	{ "ms_start_3d", "uuid", 0x0a0, 4 },
	{ "ms_start_3d", "support", 0x1b0, 8 },
	{ "ms_start_3d", "status", 0x1c8, 8 },
	{ "ms_start_3d", "event", 0x1e0, 4 },
	{ "ms_start_3d", "gap_1e4", 0x1e4, 4 },
	{ "ms_end_3d", NULL, 0, 0x6c },
	{ "ms_end_3d", "opcode", 0x00, 4 },
	{ "ms_end_3d", "uuid", 0x04, 4 },
	{ "ms_end_3d", "fw_stamp", 0x0c, 8 },
	{ "ms_end_3d", "stamp", 0x14, 4 },
	{ "ms_end_3d", "scene", 0x1c, 8 },
	{ "ms_end_3d", "bm", 0x24, 8 },
	{ "ms_end_3d", "gap_2c", 0x2c, 4 },
	{ "ms_end_3d", "stats", 0x30, 8 },
	{ "ms_end_3d", "state2", 0x38, 8 },
	{ "ms_end_3d", "state3", 0x40, 8 },
	{ "ms_end_3d", "state", 0x48, 8 },
	{ "ms_end_3d", "queue", 0x50, 8 },
	{ "ms_end_3d", "work", 0x58, 8 },
	{ "ms_end_3d", "context", 0x60, 4 },
	{ "ms_end_3d", "state4", 0x64, 8 },
	{ "ms_trailer_3d", NULL, 0, 0x28 },
	{ "ms_trailer_3d", "jump", 0x00, 8 },
	{ "ms_trailer_3d", "rel", 0x08, 4 },
	{ "ms_trailer_3d", "state", 0x0d, 8 },
	{ "ms_trailer_3d", "flags", 0x15, 8 },
	{ "ms_trailer_3d", "finish", 0x24, 4 },
	{ "frag_ms", NULL, 0, 0x380 },
	{ "frag_ms", "start", 0x000, 0x1ec },
	{ "frag_ms", "ts_start", 0x1ec, 0x4c },
	{ "frag_ms", "ts_one", 0x238, 4 },
	{ "frag_ms", "ts_end", 0x23c, 0x4c },
	{ "frag_ms", "end", 0x288, 0x6c },
	{ "frag_ms", "trailer", 0x320, 0x28 },
	{ "ms_start_compute", NULL, 0, 0x1bc },
	{ "ms_start_compute", "opcode", 0x000, 4 },
	{ "ms_start_compute", "regs", 0x014, 8 },
	{ "ms_start_compute", "stats", 0x01c, 8 },
	{ "ms_start_compute", "queue", 0x024, 8 },
	{ "ms_start_compute", "context", 0x02c, 4 },
	{ "ms_start_compute", "gap_30", 0x030, 4 },
	{ "ms_start_compute", "event_generation", 0x034, 4 },
	{ "ms_start_compute", "state", 0x044, 8 },
	{ "ms_start_compute", "identity", 0x050, 4 },
	{ "ms_start_compute", "support", 0x160, 8 },
	{ "ms_start_compute", "marker", 0x178, 8 },
	{ "ms_start_compute", "scratch", 0x188, 0x20 },
	{ "ms_start_compute", "state2", 0x1a8, 8 },
	{ "ms_start_compute", "counter", 0x1b0, 4 },
	{ "ms_start_compute", "event", 0x1b8, 4 },
	{ "ms_end_compute", NULL, 0, 0x38 },
	{ "ms_end_compute", "opcode", 0x00, 4 },
	{ "ms_end_compute", "stats", 0x04, 8 },
	{ "ms_end_compute", "queue", 0x0c, 8 },
	{ "ms_end_compute", "context", 0x14, 4 },
	{ "ms_end_compute", "state", 0x18, 8 },
	{ "ms_end_compute", "identity", 0x24, 4 },
	{ "ms_end_compute", "fw_stamp", 0x2c, 8 },
	{ "ms_end_compute", "stamp", 0x34, 4 },
	{ "ms_trailer_compute", NULL, 0, 0x24 },
	{ "ms_trailer_compute", "jump", 0x00, 8 },
	{ "ms_trailer_compute", "rel", 0x08, 4 },
	{ "ms_trailer_compute", "state", 0x0d, 8 },
	{ "ms_trailer_compute", "state2", 0x15, 8 },
	{ "ms_trailer_compute", "finish", 0x20, 4 },
	{ "compute_ms", NULL, 0, 0x300 },
	{ "compute_ms", "start", 0x000, 0x1bc },
	{ "compute_ms", "ts_start", 0x1bc, 0x4c },
	{ "compute_ms", "ts_one", 0x208, 4 },
	{ "compute_ms", "ts_end", 0x20c, 0x4c },
	{ "compute_ms", "end", 0x258, 0x38 },
	{ "compute_ms", "trailer", 0x2b4, 0x24 },
	/* Queue items */
	{ "ta_prelude", NULL, 0, 0x40 },
	{ "ta_prelude", "type", 0x00, 4 },
	{ "ta_prelude", "context", 0x04, 4 },
	{ "ta_prelude", "bm_slot", 0x08, 4 },
	{ "ta_prelude", "blocks", 0x10, 4 },
	{ "ta_prelude", "bm", 0x14, 8 },
	{ "ta_prelude", "stamp", 0x1c, 4 },
	{ "barrier", NULL, 0, 0x40 },
	{ "barrier", "type", 0x00, 4 },
	{ "barrier", "stamp", 0x04, 8 },
	{ "barrier", "stamp2", 0x0c, 8 },
	{ "barrier", "value", 0x14, 4 },
	{ "barrier", "event", 0x20, 4 },
	{ "barrier", "own_stamp", 0x24, 4 },
	{ "barrier", "uuid", 0x28, 4 },
	{ "barrier", "graph", 0x30, 4 },
	{ "barrier_boot", NULL, 0, 0x40 },
	{ "barrier_boot", "type", 0x00, 4 },
	{ "barrier_boot", "stamp", 0x04, 8 },
	{ "barrier_boot", "value", 0x0c, 4 },
	{ "barrier_boot", "event", 0x10, 4 },
	{ "barrier_boot", "own_stamp", 0x14, 4 },
	{ "barrier_boot", "uuid", 0x18, 4 },
	{ "ts_pair", NULL, 0, 0x10 },
	{ "ts_pair", "start", 0x00, 8 },
	{ "ts_pair", "end", 0x08, 8 },
	{ "cdm_entry", NULL, 0, 12 },
	{ "cdm_entry", "barrier", 0x00, 4 },
	{ "cdm_entry", "jump_hi", 0x04, 4 },
	{ "cdm_entry", "jump_lo", 0x08, 4 },
	/* The TVB pool */
	{ "bm", NULL, 0, 0x88 },
	{ "bm", "slot", 0x0c, 4 },
	{ "bm", "page_list", 0x20, 8 },
	{ "bm", "gap_28", 0x28, 4 },
	{ "bm", "gap_2c", 0x2c, 4 },
	{ "bm", "page_list_size", 0x30, 4 },
	{ "bm", "gap_34", 0x34, 4 },
	{ "bm", "max_blocks", 0x38, 4 },
	{ "bm", "blocks", 0x3c, 4 },
	{ "bm", "block_list", 0x44, 8 },
	{ "bm", "block_control", 0x4c, 8 },
	{ "bm", "gap_54", 0x54, 4 },
	{ "bm", "block_size", 0x58, 4 },
	{ "bm", "counter", 0x64, 8 },
	{ "bm", "max_pages", 0x7c, 4 },
	{ "bm", "max_pages_nomemless", 0x80, 4 },
	{ "bm", "gap_84", 0x84, 4 },
	{ "block_control", NULL, 0, 0x64 },
	{ "block_control", "blocks", 0x00, 4 },
	{ "block_control", "blocks2", 0x04, 4 },
	{ "block_control", "gap_60", 0x60, 4 },
	{ "scene", NULL, 0, 0x80 },
	{ "scene", "pool_slot", 0x00, 8 },
	{ "scene", "scene_list", 0x08, 8 },
	{ "scene", "scratch", 0x28, 8 },
	{ "scene", "block_control", 0x40, 8 },
	{ "scene", "gap_48", 0x48, 8 },
	{ "pb_desc", NULL, 0, 0x10 },
	{ "pb_desc", "page_list", 0x00, 4 },
	{ "pb_desc", "pages", 0x04, 4 },
	{ "block_entry", NULL, 0, 8 },
	{ "block_entry", "id", 0x00, 4 },
	{ "event_control", NULL, 0, 0x100 },
	{ "event_control", "count", 0x00, 8 },
	{ "event_control", "control", 0x10, 4 },
	{ "queue_context", NULL, 0, 0x40 },
	{ "queue_context", "gap_0", 0x00, 2 },
	{ "queue_context", "gap_5", 0x05, 1 },
	{ "queue_context", "gap_26", 0x26, 1 },
	{ "queue_context", "gap_33", 0x33, 1 },
};

/* The 3D work item's tail members, at their 3D offsets. */
static const struct expect_field g16_frag_tail_fields[] = {
	{ "frag_work", "driver_stamp", 0xbc0, 8 },
	{ "frag_work", "fw_stamp", 0xbc8, 8 },
	{ "frag_work", "stamp", 0xbd0, 4 },
	{ "frag_work", "event", 0xbd4, 4 },
	{ "frag_work", "uuid", 0xbe0, 4 },
	{ "frag_work", "layers_m1", 0xbe8, 8 },
	{ "frag_work", "fw_30", 0xbf0, 0x18 },
	{ "frag_work", "prof_base", 0xc08, 8 },
	{ "frag_work", "prof_start", 0xc10, 8 },
	{ "frag_work", "prof_end", 0xc18, 8 },
	{ "frag_work", "ts_start", 0xc20, 8 },
	{ "frag_work", "ts_end", 0xc28, 8 },
	{ "frag_work", "support", 0xc47, 8 },
	{ "frag_work", "layer_flags", 0xc50, 8 },
	{ "frag_work", "shared_tail", 0xc58, 8 },
	{ "frag_work", "fw_a0", 0xc60, 0x10 },
	{ "frag_work", "fw_b0", 0xc70, 0x10 },
};

static const struct expect_field g17p_fields[] = {
	{ "main_config", NULL, 0, 0x600 },
	{ "main_config", "hwdata", 0x00, 8 },
	{ "main_config", "repeated", 0x08, 0x10 },
	{ "main_config", "channels", 0x20, 17 * 0x20 },
	{ "main_config", "addresses", 0x254, 5 * 8 },
	{ "main_config", "views", 0x2d0, 3 * 0x10 },
	{ "main_config", "gap_300", 0x300, 4 },
	{ "main_config", "gap_3e0", 0x3e0, 4 },
	{ "main_config", "secondary_extra", 0x471, 8 },
	{ "main_config", "control", 0x4c0, 0x40 },
	{ "region_view", NULL, 0, 0x10 },
	{ "region_view", "address", 0x00, 8 },
	{ "region_view", "value", 0x08, 4 },
	{ "region_view", "tag", 0x0c, 4 },
	{ "queue", NULL, 0, 0xc0 },
	{ "queue", "pointers", 0x00, 8 },
	{ "queue", "ring", 0x08, 8 },
	{ "queue", "job_list", 0x10, 8 },
	{ "queue", "gap_24", 0x24, 4 },
	{ "queue", "priority", 0x28, 4 },
	{ "queue", "priority2", 0x2c, 4 },
	{ "queue", "priority_mask", 0x30, 8 },
	{ "queue", "first", 0x38, 4 },
	{ "queue", "last", 0x40, 4 },
	{ "queue", "gap_44", 0x44, 4 },
	{ "queue", "uuid", 0x48, 4 },
	{ "queue", "announce", 0x7c, 4 },
	{ "queue", "gap_94", 0x94, 4 },
	{ "queue", "context", 0x9c, 8 },
	{ "pointers", NULL, 0, 0x80 },
	{ "pointers", "done", 0x00, 4 },
	{ "pointers", "read", 0x30, 4 },
	{ "pointers", "write", 0x40, 4 },
	{ "pointers", "gap_50", 0x50, 4 },
	{ "pointers", "capacity", 0x60, 4 },
	{ "work_msg", NULL, 0, 0x18 },
	{ "work_msg", "zero", 0x00, 8 },
	{ "work_msg", "queue", 0x08, 8 },
	{ "work_msg", "kind", 0x10, 4 },
	{ "work_msg", "head", 0x14, 4 },
	{ "ctl_grow_reply", NULL, 0, 0x40 },
	{ "ctl_grow_reply", "opcode", 0x00, 4 },
	{ "ctl_grow_reply", "success", 0x04, 4 },
	{ "ctl_grow_reply", "slot", 0x08, 4 },
	{ "ctl_grow_reply", "context", 0x0c, 4 },
	{ "ctl_grow_reply", "counter", 0x10, 4 },
	{ "ctl_cleanup", NULL, 0, 0x40 },
	{ "ctl_cleanup", "opcode", 0x00, 4 },
	{ "ctl_cleanup", "ctrl", 0x08, 4 },
	{ "ctl_cleanup", "context_control", 0x0c, 8 },
	{ "ctl_maintenance", NULL, 0, 0x40 },
	{ "ctl_maintenance", "opcode", 0x00, 4 },
	{ "ctl_maintenance", "kind", 0x04, 4 },
	{ "ctl_maintenance", "phase", 0x08, 4 },
	{ "ctl_tick", NULL, 0, 0x40 },
	{ "ctl_tick", "opcode", 0x00, 4 },
	{ "ctl_tick", "ordinal", 0x04, 4 },
	{ "ev_completion", NULL, 0, 0x48 },
	{ "ev_completion", "kind", 0x00, 4 },
	{ "ev_completion", "mask", 0x04, 16 },
	{ "ev_grow", NULL, 0, 0x48 },
	{ "ev_grow", "kind", 0x00, 4 },
	{ "ev_grow", "context", 0x04, 4 },
	{ "ev_grow", "slot", 0x08, 4 },
	{ "ev_grow", "counter", 0x0c, 4 },
	{ "ev_grow", "grid", 0x10, 4 },
	{ "ev_grow", "zero", 0x14, 0x24 },
	{ "ev_grow", "gap_38", 0x38, 8 },
	{ "ev_grow", "grid_bit", 0x40, 8 },
	{ "ev_limit", NULL, 0, 0x48 },
	{ "ev_limit", "kind", 0x00, 4 },
	{ "ev_limit", "zero", 0x04, 4 },
	{ "ev_limit", "gap_8", 0x08, 4 },
	{ "ev_limit", "event", 0x0c, 4 },
	{ "ev_limit", "work", 0x10, 8 },
	{ "ev_limit", "nonzero", 0x18, 8 },
	{ "ev_limit", "zero2", 0x20, 8 },
	{ "ev_limit", "fragment", 0x28, 8 },
	{ "ev_limit", "event2", 0x30, 8 },
	{ "ev_limit", "vm", 0x38, 8 },
	{ "ev_limit", "pool", 0x40, 8 },
	{ "event_item", NULL, 0, 0x40 },
	{ "event_item", "type", 0x00, 4 },
	{ "event_item", "subtype", 0x04, 4 },
	{ "event_item", "counter", 0x08, 4 },
	{ "event_item", "kind", 0x10, 4 },
	/* TA descriptor */
	{ "ta_work", NULL, 0, 0x9c0 },
	{ "ta_work", "type", 0x000, 4 },
	{ "ta_work", "sequence", 0x004, 8 },
	{ "ta_work", "context", 0x00c, 4 },
	{ "ta_work", "pool_a", 0x010, 8 },
	{ "ta_work", "pool", 0x018, 4 },
	{ "ta_work", "shared_a", 0x020, 8 },
	{ "ta_work", "pool_b", 0x028, 8 },
	{ "ta_work", "shared_b", 0x030, 8 },
	{ "ta_work", "gap_38", 0x038, 1 },
	{ "ta_work", "gap_3a", 0x03a, 1 },
	{ "ta_work", "gap_3c", 0x03c, 1 },
	{ "ta_work", "work", 0x048, 4 },
	{ "ta_work", "regs", 0x060, 0x600 },
	{ "ta_work", "regs_alias", 0x760, 8 },
	{ "ta_work", "reg_header", 0x768, 4 },
	{ "ta_work", "tpc", 0x780, 8 },
	{ "ta_work", "gap_789", 0x789, 1 },
	{ "ta_work", "grid_p1", 0x79c, 4 },
	{ "ta_work", "item_phase", 0x7a0, 4 },
	{ "ta_work", "item", 0x7a8, 4 },
	{ "ta_work", "item_x101", 0x7b0, 4 },
	{ "ta_work", "deflake_1", 0x7d6, 4 },
	{ "ta_work", "lifecycle_hi", 0x86e, 8 },
	{ "ta_work", "gap_876", 0x876, 4 },
	{ "ta_work", "sampler_heap", 0x87a, 8 },
	{ "ta_work", "sampler_count", 0x882, 4 },
	{ "ta_work", "sampler_max", 0x886, 4 },
	{ "ta_work", "reactive_growth", 0x892, 1 },
	{ "ta_work", "store_flag", 0x89a, 1 },
	{ "ta_work", "dispatch", 0x8a6, 0x10 },
	{ "ta_work", "item_8b6", 0x8b6, 2 },
	{ "ta_work", "grid", 0x8ba, 4 },
	{ "ta_work", "item_hi16", 0x8c4, 4 },
	{ "ta_work", "item_hi24", 0x8c8, 4 },
	{ "ta_work", "lifecycle_lo", 0x8ce, 4 },
	{ "ta_work", "index_hi16", 0x8d4, 4 },
	{ "ta_work", "prof_start", 0x8fe, 8 },
	{ "ta_work", "prof_end", 0x906, 8 },
	{ "ta_work", "ts_start", 0x90e, 8 },
	{ "ta_work", "ts_end", 0x916, 8 },
	{ "ta_work", "gap_932", 0x932, 1 },
	{ "ta_work", "support", 0x934, 8 },
	{ "ta_work", "gap_93c", 0x93c, 1 },
	{ "ta_work", "status", 0x945, 8 },
	{ "ta_work", "gap_94d", 0x94d, 1 },
	/* 3D descriptor */
	{ "frag_work", NULL, 0, 0x2240 },
	{ "frag_work", "type", 0x000, 4 },
	{ "frag_work", "sequence", 0x004, 8 },
	{ "frag_work", "context", 0x00c, 4 },
	{ "frag_work", "pool_a", 0x020, 8 },
	{ "frag_work", "shared_a", 0x028, 8 },
	{ "frag_work", "pool_b", 0x030, 8 },
	{ "frag_work", "shared_b", 0x038, 8 },
	{ "frag_work", "tilemap", 0x040, 8 },
	{ "frag_work", "msaa", 0x048, 8 },
	{ "frag_work", "gap_50", 0x050, 1 },
	{ "frag_work", "macro_size", 0x054, 4 },
	{ "frag_work", "merge_x", 0x068, 4 },
	{ "frag_work", "merge_y", 0x06c, 4 },
	{ "frag_work", "tiles", 0x078, 8 },
	{ "frag_work", "gap_80", 0x080, 1 },
	{ "frag_work", "gap_82", 0x082, 1 },
	{ "frag_work", "gap_84", 0x084, 1 },
	{ "frag_work", "gap_88", 0x088, 1 },
	{ "frag_work", "item", 0x090, 4 },
	{ "frag_work", "regs", 0x0a0, 0x600 },
	{ "frag_work", "regs_alias", 0x7a0, 8 },
	{ "frag_work", "reg_header", 0x7a8, 4 },
	{ "frag_work", "pstore_regs", 0x7c0, 16 * 12 },
	{ "frag_work", "pstore_alias", 0xec0, 8 },
	{ "frag_work", "pstore_header", 0xec8, 4 },
	{ "frag_work", "presume_regs", 0xee0, 23 * 12 },
	{ "frag_work", "presume_alias", 0x15e0, 8 },
	{ "frag_work", "presume_header", 0x15e8, 4 },
	{ "frag_work", "pload_regs", 0x1600, 10 * 12 },
	{ "frag_work", "pload_alias", 0x1d00, 8 },
	{ "frag_work", "pload_header", 0x1d08, 4 },
	{ "frag_work", "dbias", 0x1d20, 8 },
	{ "frag_work", "scissor", 0x1d30, 8 },
	{ "frag_work", "oclqry", 0x1d40, 8 },
	{ "frag_work", "load_bind", 0x1e78, 8 },
	{ "frag_work", "load", 0x1e80, 8 },
	{ "frag_work", "partial_load_bind", 0x1ea8, 8 },
	{ "frag_work", "partial_load", 0x1eb0, 8 },
	{ "frag_work", "zls_const", 0x1ec0, 4 },
	{ "frag_work", "tib", 0x1f38, 8 },
	{ "frag_work", "aux_fb_flags", 0x1f40, 8 },
	{ "frag_work", "width", 0x1f48, 4 },
	{ "frag_work", "height", 0x1f4c, 4 },
	{ "frag_work", "aux_fb_pages", 0x1f50, 8 },
	{ "frag_work", "tile_config", 0x1f58, 8 },
	{ "frag_work", "store_bind", 0x1f78, 4 },
	{ "frag_work", "store", 0x1f7c, 8 },
	{ "frag_work", "partial_store_bind", 0x1f98, 4 },
	{ "frag_work", "partial_store", 0x1f9c, 8 },
	{ "frag_work", "depth_clear", 0x1fa8, 4 },
	{ "frag_work", "tib_tag", 0x1fac, 8 },
	{ "frag_work", "store_flag", 0x20fc, 1 },
	{ "frag_work", "sync_grow", 0x2100, 1 },
	{ "frag_work", "lifecycle_hi", 0x2108, 8 },
	{ "frag_work", "gap_2110", 0x2110, 4 },
	{ "frag_work", "sampler_heap", 0x2114, 8 },
	{ "frag_work", "sampler_count", 0x211c, 4 },
	{ "frag_work", "sampler_max", 0x2120, 4 },
	{ "frag_work", "empty_tiles", 0x2124, 1 },
	{ "frag_work", "gap_2128", 0x2128, 1 },
	{ "frag_work", "dispatch", 0x2140, 0x10 },
	{ "frag_work", "item_phase", 0x2150, 4 },
	{ "frag_work", "grid", 0x2154, 4 },
	{ "frag_work", "gap_215c", 0x215c, 4 },
	{ "frag_work", "item2", 0x2160, 4 },
	{ "frag_work", "item_phase2", 0x2164, 4 },
	{ "frag_work", "lifecycle_lo", 0x2168, 8 },
	{ "frag_work", "index", 0x2170, 4 },
	{ "frag_work", "prof_start", 0x2198, 8 },
	{ "frag_work", "prof_end", 0x21a0, 8 },
	{ "frag_work", "ts_start", 0x21a8, 8 },
	{ "frag_work", "ts_end", 0x21b0, 8 },
	{ "frag_work", "gap_21cc", 0x21cc, 1 },
	{ "frag_work", "support", 0x21ce, 8 },
	{ "frag_work", "gap_21d6", 0x21d6, 1 },
	{ "frag_work", "status", 0x21df, 8 },
	{ "frag_work", "gap_21e7", 0x21e7, 1 },
	{ "frag_work", "gap_2208", 0x2208, 1 },
	{ "frag_work", "gap_220c", 0x220c, 1 },
	{ "frag_work", "gap_222d", 0x222d, 1 },
	/* Compute descriptor */
	{ "compute_work", NULL, 0, 0x4000 },
	{ "compute_work", "type", 0x000, 4 },
	{ "compute_work", "sequence", 0x004, 8 },
	{ "compute_work", "context", 0x00c, 4 },
	{ "compute_work", "sched", 0x010, 8 },
	{ "compute_work", "classes", 0x018, 8 },
	{ "compute_work", "regs", 0x040, 0x600 },
	{ "compute_work", "regs_alias", 0x740, 8 },
	{ "compute_work", "reg_header", 0x748, 4 },
	{ "compute_work", "regs2", 0x760, 4 * 12 },
	{ "compute_work", "regs2_alias", 0xe60, 8 },
	{ "compute_work", "reg2_header", 0xe68, 4 },
	{ "compute_work", "resource", 0xed8, 8 },
	{ "compute_work", "cdm_last", 0xee0, 8 },
	{ "compute_work", "control", 0xf08, 8 },
	{ "compute_work", "identity_hi", 0xf20, 4 },
	{ "compute_work", "gap_f28", 0xf28, 4 },
	{ "compute_work", "sampler_heap", 0xf2c, 8 },
	{ "compute_work", "sampler_count", 0xf34, 4 },
	{ "compute_work", "sampler_max", 0xf38, 4 },
	{ "compute_work", "dispatch", 0xf40, 0x10 },
	{ "compute_work", "queue_submission", 0xf50, 4 },
	{ "compute_work", "grid", 0xf54, 4 },
	{ "compute_work", "queue_ordinal", 0xf58, 4 },
	{ "compute_work", "submission_index", 0xf60, 4 },
	{ "compute_work", "identity", 0xf68, 8 },
	{ "compute_work", "ordinal", 0xf70, 4 },
	{ "compute_work", "status", 0xf7c, 0x10 },
	{ "compute_work", "timestamps", 0xf8c, 0x10 },
	{ "compute_work", "gap_fb0", 0xfb0, 2 },
	{ "compute_work", "shared_control", 0xfb2, 8 },
	{ "compute_work", "support_control", 0xfba, 4 },
	{ "compute_work", "support_flags", 0xfbe, 4 },
	{ "compute_work", "gap_fc5", 0xfc5, 1 },
	{ "compute_work", "zero_page", 0xfcb, 8 },
	{ "compute_work", "gap_fd3", 0xfd3, 1 },
	/* Optional record, compute event item */
	{ "optional", NULL, 0, 0xc0 },
	{ "optional", "type", 0x00, 4 },
	{ "optional", "context_low", 0x08, 8 },
	{ "optional", "context_high", 0x10, 8 },
	{ "optional", "grid", 0x18, 2 },
	{ "optional", "first", 0x1a, 2 },
	{ "optional", "scheduler", 0x1e, 2 },
	/* 0 TA, 1 3D, 2 compute; +0x26 1 in the render form only. */
	{ "optional", "kind", 0x22, 2 },
	{ "optional", "gap_26", 0x26, 2 },
	{ "optional", "item", 0x2a, 2 },
	{ "optional", "phase", 0x2e, 2 },
	{ "optional", "context", 0x32, 2 },
	{ "optional", "shared_control", 0x36, 8 },
	{ "optional", "ordinal", 0x3e, 2 },
	{ "optional", "scheduler2", 0x46, 2 },
	{ "optional", "channel_control", 0x4a, 8 },
	{ "optional", "first2", 0x52, 2 },
	{ "optional", "context2", 0x56, 2 },
	{ "optional", "uuid", 0x5a, 2 },
	{ "optional", "scheduler3", 0x5e, 2 },
	{ "optional", "first3", 0x62, 2 },
	{ "optional", "gap_66", 0x66, 2 },
	{ "optional", "tiling_shared", 0x6e, 8 },
	/* TA: three u16. */
	{ "optional", "lifecycle", 0x76, 2 },
	{ "optional", "ns", 0x7e, 2 },
	{ "optional", "grid_p1", 0x82, 2 },
	{ "event_item_compute", NULL, 0, 0x400 },
	{ "event_item_compute", "item", 0x00, 0x40 },
	{ "pool_state", NULL, 0, 8 },
	{ "pool_state", "blocks", 0x00, 4 },
	{ "pool_state", "blocks2", 0x04, 4 },
	{ "hw_region", NULL, 0, 0x40 },
	{ "hw_region", "lead", 0x00, 4 },
	{ "hw_region", "value", 0x04, 4 },
	{ "hw_region", "tag", 0x08, 4 },
	{ "hw_region", "address", 0x0c, 8 },
	{ "hw_region", "size_a", 0x14, 4 },
	{ "hw_region", "size_b", 0x18, 4 },
	{ "hw_region", "trail", 0x1c, 4 },
};

/* Each generation's table, by agx4_layout_case.idx. */
static const struct {
	const struct expect_field *fields;
	unsigned int num_fields;
} gen_tables[AGX4_LAYOUT_NUM_GENS] = {
	{ g16_fields, ARRAY_SIZE(g16_fields) },
	{ g17p_fields, ARRAY_SIZE(g17p_fields) },
};

static const struct expect_field *field_at(const struct agx4_layout_case *c,
					   unsigned int i)
{
	return i < ARRAY_SIZE(common_fields) ? &common_fields[i] :
	       &gen_tables[c->idx].fields[i - ARRAY_SIZE(common_fields)];
}

static void agx4_fw_layout_matches_spec_table(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	unsigned int total = ARRAY_SIZE(common_fields) +
			     gen_tables[c->idx].num_fields;
	unsigned int i, j, n = 0;

	for (i = 0; i < total; i++) {
		const struct expect_field *e = field_at(c, i);
		const struct agx4_fw_layout *l = agx4_fw_layout_find(c->gen, e->obj);
		const struct agx4_fw_field *f;

		KUNIT_ASSERT_NOT_NULL_MSG(test, l, "no object %s", e->obj);
		if (!e->field) {
			KUNIT_EXPECT_EQ_MSG(test, l->size, e->size, "%s size",
					    e->obj);
			n++;
			continue;
		}
		f = agx4_fw_layout_field(l, e->field);
		KUNIT_ASSERT_NOT_NULL_MSG(test, f, "no %s.%s", e->obj, e->field);
		KUNIT_EXPECT_EQ_MSG(test, f->offset, e->off, "%s.%s offset",
				    e->obj, e->field);
		KUNIT_EXPECT_EQ_MSG(test, f->size, e->size, "%s.%s size",
				    e->obj, e->field);
		n += 2;
	}
	/* Every declared member is in the table: nothing unreviewed. */
	for (i = 0; i < agx4_fw_num_common_layouts + c->gen->num_layouts; i++) {
		const struct agx4_fw_layout *l =
			i < agx4_fw_num_common_layouts ?
			&agx4_fw_common_layouts[i] :
			&c->gen->layouts[i - agx4_fw_num_common_layouts];

		for (j = 0; j < l->num_fields; j++) {
			bool found = false;
			unsigned int k;

			for (k = 0; k < total && !found; k++) {
				const struct expect_field *e = field_at(c, k);

				found = e->field && !strcmp(e->obj, l->name) &&
					!strcmp(e->field, l->fields[j].name);
			}
			KUNIT_EXPECT_TRUE_MSG(test, found,
					      "%s.%s not in the spec table",
					      l->name, l->fields[j].name);
		}
	}
	/* G16's 3D tail: the shared record placed at the 3D offsets. */
	if (c->gen == &agx4_fw_g16) {
		const struct agx4_fw_layout *fw, *wt;
		const struct agx4_fw_field *t, *f;

		fw = agx4_fw_layout_find(c->gen, "frag_work");
		wt = agx4_fw_layout_find(c->gen, "work_tail");
		KUNIT_ASSERT_NOT_NULL(test, fw);
		KUNIT_ASSERT_NOT_NULL(test, wt);
		t = agx4_fw_layout_field(fw, "tail");
		KUNIT_ASSERT_NOT_NULL(test, t);
		for (i = 0; i < ARRAY_SIZE(g16_frag_tail_fields); i++) {
			const struct expect_field *e = &g16_frag_tail_fields[i];

			f = agx4_fw_layout_field(wt, e->field);
			KUNIT_ASSERT_NOT_NULL(test, f);
			KUNIT_EXPECT_EQ_MSG(test, t->offset + f->offset, e->off,
					    "frag_work.%s offset", e->field);
			KUNIT_EXPECT_EQ_MSG(test, f->size, e->size,
					    "frag_work.%s size", e->field);
			n += 2;
		}
	}
	agx4_layout_checked[c->idx] += n;
}

/* @line, a whole line of @text. */
static bool has_line(const char *text, const char *line)
{
	const char *at = text;

	while ((at = strstr(at, line))) {
		if (at == text || at[-1] == '\n')
			return true;
		at++;
	}
	return false;
}

/*
 * The fw_layouts text is the table above and nothing else: an ``object -
 * 0x0 size`` line per object and an ``object member offset size`` line per
 * member, in hex.
 */
static void agx4_fw_layout_text_lists_every_field(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	unsigned int total = ARRAY_SIZE(common_fields) +
			     gen_tables[c->idx].num_fields;
	const size_t cap = SZ_128K;
	struct drm_print_iterator iter = { };
	unsigned int i, lines = 0;
	const char *at, *end;
	struct drm_printer p;
	char line[96], *text;

	text = kunit_kzalloc(test, cap, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, text);
	iter.data = text;
	iter.remain = cap - 1;
	p = drm_coredump_printer(&iter);
	agx4_fw_gen_layouts_print(c->gen, &p);
	KUNIT_ASSERT_GT_MSG(test, iter.remain, 0, "text longer than %zu", cap);

	/* Two lines written out, as a reader diffing two builds sees them. */
	KUNIT_EXPECT_TRUE(test, has_line(text, "root - 0x0 0xb8\n"));
	KUNIT_EXPECT_TRUE(test, has_line(text, "root main_config 0x18 0x8\n"));
	for (i = 0; i < total; i++) {
		const struct expect_field *e = field_at(c, i);

		if (e->field)
			snprintf(line, sizeof(line), "%s %s 0x%x 0x%x\n",
				 e->obj, e->field, e->off, e->size);
		else
			snprintf(line, sizeof(line), "%s - 0x0 0x%x\n",
				 e->obj, e->size);
		KUNIT_EXPECT_TRUE_MSG(test, has_line(text, line), "no line %s",
				      line);
	}
	/* And no line the table does not have. */
	for (at = text; *at; at = end + 1) {
		bool found = false;

		end = strchrnul(at, '\n');
		for (i = 0; i < total && !found; i++) {
			const struct expect_field *e = field_at(c, i);

			if (e->field)
				snprintf(line, sizeof(line), "%s %s 0x%x 0x%x",
					 e->obj, e->field, e->off, e->size);
			else
				snprintf(line, sizeof(line), "%s - 0x0 0x%x",
					 e->obj, e->size);
			found = strlen(line) == end - at &&
				!strncmp(line, at, end - at);
		}
		KUNIT_EXPECT_TRUE_MSG(test, found, "line not in the table: %.*s",
				      (int)(end - at), at);
		lines++;
		if (!*end)
			break;
	}
	KUNIT_EXPECT_EQ(test, lines, total);
	agx4_layout_checked[c->idx] += total + 2;
}

static struct kunit_case agx4_fw_layout_table_cases[] = {
	KUNIT_CASE_PARAM(agx4_fw_layout_matches_spec_table, agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_text_lists_every_field,
			 agx4_layout_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_layout_table_suite = {
	.name = "agx4_fw_layout_table",
	.suite_init = agx4_layout_suite_init,
	.suite_exit = agx4_layout_suite_exit,
	.test_cases = agx4_fw_layout_table_cases,
};

kunit_test_suite(agx4_fw_layout_table_suite);
