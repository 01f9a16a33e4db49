// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout", run for G16 and for G17P: the declared
 * firmware objects against a table of offsets and sizes written here from
 * shared/spec/g16-g17p-reference.md 3.2-3.9 (not from the declarations),
 * and the builders' output against byte images written here from the same
 * sections.  Builder output is read back by raw offset, never through the
 * declarations.  Each generation prints how many values it checked.
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_of.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_work.h"
#include "../agx4_fwif.h"
#include "agx4_test_util.h"

struct expect_field {
	const char *obj;
	const char *field;	/* NULL: the object's size */
	u32 off;
	u32 size;
};

/* Shared by both generations (3.2, 3.3, 3.4, 3.9). */
static const struct expect_field common_fields[] = {
	{ "root", NULL, 0, 0xb8 },
	{ "root", "version", 0x00, 8 },
	{ "root", "region_a", 0x08, 8 },
	{ "root", "main_config", 0x18, 8 },
	{ "root", "region_c", 0x20, 8 },
	{ "root", "kind", 0x28, 4 },
	{ "root", "one", 0x2c, 4 },
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
	{ "uat_level", "one", 0x08, 8 },
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
	{ "ev_receipt", "kind", 0x00, 4 },
	{ "ev_receipt", "echo", 0x04, 0x44 },
	{ "vrow", NULL, 0, 0x40 },
	{ "vrow", "mv", 0x00, 0x40 },
	{ "hwdata", NULL, 0, 0x3db4 },
	{ "hwdata", "ts_aperture", 0x0028, 8 },
	{ "hwdata", "regwin", 0x0640, 53 * 0x28 },
	{ "hwdata", "chip_id", 0x0e90, 4 },
	{ "hwdata", "rev_hi", 0x0e94, 4 },
	{ "hwdata", "rev_lo", 0x0e98, 4 },
	{ "hwdata", "gpc", 0x0ea0, 4 },
	{ "hwdata", "one_eb8", 0x0eb8, 4 },
	{ "hwdata", "one_ec8", 0x0ec8, 4 },
	{ "hwdata", "clocks_per_ms", 0x0ed0, 4 },
	{ "hwdata", "sample_period", 0x0ed8, 4 },
	{ "hwdata", "ones_ee0", 0x0ee0, 12 },
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
	{ "hwdata", "const_258e", 0x258e, 2 },
	{ "hwdata", "groups", 0x2590, 32 },
	{ "hwdata", "channel_ones", 0x25b4, 48 },
	{ "hwdata", "one_25f4", 0x25f4, 4 },
	{ "hwdata", "one_2600", 0x2600, 4 },
	{ "hwdata", "one_2604", 0x2604, 4 },
	{ "hwdata", "one_2608", 0x2608, 4 },
	{ "region_a", NULL, 0, 0x4000 },
	{ "region_a", "opaque", 0x00, 0x4000 },
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
	{ "main_config", "four", 0x2f8, 4 },
	{ "main_config", "ff", 0x3d8, 4 },
	{ "main_config", "unaligned", 0x469, 8 },
	{ "main_config", "control", 0x4c0, 0x40 },
	{ "queue", NULL, 0, 0xb0 },
	{ "queue", "pointers", 0x00, 8 },
	{ "queue", "ring", 0x08, 8 },
	{ "queue", "job_list", 0x10, 8 },
	{ "queue", "private_area", 0x18, 8 },
	{ "queue", "all_ones", 0x2c, 4 },
	{ "queue", "priority", 0x30, 4 },
	{ "queue", "priority2", 0x34, 4 },
	{ "queue", "priority_mask", 0x38, 8 },
	{ "queue", "first", 0x40, 4 },
	{ "queue", "last", 0x48, 4 },
	{ "queue", "all_ones2", 0x4c, 4 },
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
	{ "ctl_register", "one", 0x04, 4 },
	{ "ctl_register", "mask", 0x08, 4 },
	{ "ctl_register", "control_data", 0x14, 8 },
	{ "ctl_register", "operands", 0x1c, 8 },
	{ "ctl_register", "operands2", 0x24, 8 },
	{ "ctl_register", "count", 0x2c, 4 },
	{ "ctl_register", "one2", 0x34, 4 },
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
	{ "ctl_limit_reply", "one", 0x04, 4 },
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
	{ "ev_limit", "one", 0x08, 4 },
	{ "ev_limit", "fragment_event", 0x0c, 4 },
	{ "ev_limit", "fragment_stamp", 0x10, 4 },
	{ "ev_partial", NULL, 0, 0x48 },
	{ "ev_partial", "kind", 0x00, 4 },
	{ "ev_partial", "active", 0x14, 4 },
	{ "ev_partial", "queue", 0x24, 8 },
	{ "ev_partial", "what", 0x2c, 4 },
	{ "ev_partial", "zero", 0x30, 4 },
	/* 3.11: TA work item */
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
	{ "ta_work", "all_ones", 0x848, 4 },
	{ "ta_work", "sampler_heap", 0x84c, 8 },
	{ "ta_work", "sampler_count", 0x854, 4 },
	{ "ta_work", "sampler_max", 0x858, 4 },
	{ "ta_work", "fw_85c", 0x85c, 8 },
	{ "ta_work", "request_growth", 0x864, 1 },
	{ "ta_work", "tail", 0x878, 0xc0 },
	/* 3.11: what both ends share, from TA +0x878 (and 3D +0xbc0) */
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
	/* 3.11: 3D work item */
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
	{ "frag_work", "all_ones", 0xb90, 4 },
	{ "frag_work", "sampler_heap", 0xb94, 8 },
	{ "frag_work", "sampler_count", 0xb9c, 4 },
	{ "frag_work", "sampler_max", 0xba0, 4 },
	{ "frag_work", "empty_tiles", 0xba4, 4 },
	{ "frag_work", "one", 0xba8, 4 },
	{ "frag_work", "msaa_on", 0xbac, 4 },
	{ "frag_work", "fw_bb0", 0xbb0, 4 },
	{ "frag_work", "fw_bb4", 0xbb4, 4 },
	{ "frag_work", "tail", 0xbc0, 0xc0 },
	{ "frag_work", "one_hi", 0xc80, 8 },
	/* 3.13: compute work item */
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
	{ "compute_work", "one", 0x7cc, 4 },
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
	{ "compute_work", "const_874", 0x874, 4 },
	{ "compute_work", "const_87c", 0x87c, 4 },
	{ "compute_work", "one_88b", 0x88b, 1 },
	{ "compute_work", "fw_88c", 0x88c, 0x10 },
	{ "compute_work", "fw_89c", 0x89c, 0x10 },
	{ "compute_work", "fw_8ac", 0x8ac, 0x10 },
	/* 3.11: microsequences */
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
	{ "ms_start_ta", "one", 0x1b8, 8 },
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
	{ "ms_start_3d", "one", 0x1e4, 4 },
	{ "ms_end_3d", NULL, 0, 0x6c },
	{ "ms_end_3d", "opcode", 0x00, 4 },
	{ "ms_end_3d", "uuid", 0x04, 4 },
	{ "ms_end_3d", "fw_stamp", 0x0c, 8 },
	{ "ms_end_3d", "stamp", 0x14, 4 },
	{ "ms_end_3d", "scene", 0x1c, 8 },
	{ "ms_end_3d", "bm", 0x24, 8 },
	{ "ms_end_3d", "one", 0x2c, 4 },
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
	{ "ms_start_compute", "one", 0x030, 4 },
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
	/* 3.11, 3.9: queue items */
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
	/* 3.10, 3.13 */
	{ "ts_pair", NULL, 0, 0x10 },
	{ "ts_pair", "start", 0x00, 8 },
	{ "ts_pair", "end", 0x08, 8 },
	{ "cdm_entry", NULL, 0, 12 },
	{ "cdm_entry", "barrier", 0x00, 4 },
	{ "cdm_entry", "jump_hi", 0x04, 4 },
	{ "cdm_entry", "jump_lo", 0x08, 4 },
	/* 6.1: the TVB pool */
	{ "bm", NULL, 0, 0x88 },
	{ "bm", "slot", 0x0c, 4 },
	{ "bm", "page_list", 0x20, 8 },
	{ "bm", "const_28", 0x28, 4 },
	{ "bm", "const_2c", 0x2c, 4 },
	{ "bm", "page_list_size", 0x30, 4 },
	{ "bm", "const_34", 0x34, 4 },
	{ "bm", "max_blocks", 0x38, 4 },
	{ "bm", "blocks", 0x3c, 4 },
	{ "bm", "block_list", 0x44, 8 },
	{ "bm", "block_control", 0x4c, 8 },
	{ "bm", "const_54", 0x54, 4 },
	{ "bm", "block_size", 0x58, 4 },
	{ "bm", "counter", 0x64, 8 },
	{ "bm", "const_7c", 0x7c, 4 },
	{ "bm", "const_80", 0x80, 4 },
	{ "bm", "const_84", 0x84, 4 },
	{ "block_control", NULL, 0, 0x64 },
	{ "block_control", "blocks", 0x00, 4 },
	{ "block_control", "blocks2", 0x04, 4 },
	{ "block_control", "one", 0x60, 4 },
	{ "scene", NULL, 0, 0x80 },
	{ "scene", "pool_slot", 0x00, 8 },
	{ "scene", "scene_list", 0x08, 8 },
	{ "scene", "scratch", 0x28, 8 },
	{ "scene", "block_control", 0x40, 8 },
	{ "scene", "one_hi", 0x48, 8 },
	{ "pb_desc", NULL, 0, 0x10 },
	{ "pb_desc", "page_list", 0x00, 4 },
	{ "pb_desc", "pages", 0x04, 4 },
	{ "block_entry", NULL, 0, 8 },
	{ "block_entry", "id", 0x00, 4 },
	{ "event_control", NULL, 0, 0x100 },
	{ "event_control", "count", 0x00, 8 },
	{ "event_control", "control", 0x10, 4 },
	/* 3.9 */
	{ "queue_context", NULL, 0, 0x40 },
	{ "queue_context", "ff", 0x00, 2 },
	{ "queue_context", "one", 0x05, 1 },
	{ "queue_context", "two", 0x26, 1 },
	{ "queue_context", "ff2", 0x33, 1 },
	/* 3.5 */
	{ "region_c", NULL, 0, 0x1000 },
	{ "region_c", "ktrace", 0x000, 4 },
	{ "region_c", "const_24", 0x024, 4 },
	{ "region_c", "ffff_54", 0x054, 2 },
	{ "region_c", "const_56", 0x056, 2 },
	{ "region_c", "ffff_58", 0x058, 2 },
	{ "region_c", "one_78", 0x078, 4 },
	{ "region_c", "max_power_mw", 0x084, 4 },
	{ "region_c", "thousand_88", 0x088, 8 },
	{ "region_c", "thousand_98", 0x098, 4 },
	{ "region_c", "const_998", 0x998, 16 },
	{ "region_c", "const_9c8", 0x9c8, 12 },
	{ "region_c", "const_e28", 0xe28, 4 },
	{ "region_c", "one_e2c", 0xe2c, 4 },
};

/* 3.11: the 3D work item's tail members, at their 3D offsets. */
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
	{ "main_config", "four", 0x300, 4 },
	{ "main_config", "ff", 0x3e0, 4 },
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
	{ "queue", "all_ones", 0x24, 4 },
	{ "queue", "priority", 0x28, 4 },
	{ "queue", "priority2", 0x2c, 4 },
	{ "queue", "priority_mask", 0x30, 8 },
	{ "queue", "first", 0x38, 4 },
	{ "queue", "prio5", 0x40, 4 },
	{ "queue", "all_ones2", 0x44, 4 },
	{ "queue", "uuid", 0x48, 4 },
	{ "queue", "announce", 0x7c, 4 },
	{ "queue", "unk_94", 0x94, 4 },
	{ "queue", "context", 0x9c, 8 },
	{ "pointers", NULL, 0, 0x80 },
	{ "pointers", "done", 0x00, 4 },
	{ "pointers", "read", 0x30, 4 },
	{ "pointers", "write", 0x40, 4 },
	{ "pointers", "all_ones", 0x50, 4 },
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
	{ "ev_grow", "one", 0x38, 8 },
	{ "ev_grow", "grid_bit", 0x40, 8 },
	{ "ev_limit", NULL, 0, 0x48 },
	{ "ev_limit", "kind", 0x00, 4 },
	{ "ev_limit", "zero", 0x04, 4 },
	{ "ev_limit", "one", 0x08, 4 },
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
	/* 3.12 and the reference: TA descriptor */
	{ "ta_work", NULL, 0, 0x9c0 },
	{ "ta_work", "type", 0x000, 4 },
	{ "ta_work", "sequence", 0x004, 8 },
	{ "ta_work", "context", 0x00c, 4 },
	{ "ta_work", "pool_a", 0x010, 8 },
	{ "ta_work", "pool", 0x018, 4 },
	{ "ta_work", "shared_a", 0x020, 8 },
	{ "ta_work", "pool_b", 0x028, 8 },
	{ "ta_work", "shared_b", 0x030, 8 },
	{ "ta_work", "const_38", 0x038, 1 },
	{ "ta_work", "const_3a", 0x03a, 1 },
	{ "ta_work", "const_3c", 0x03c, 1 },
	{ "ta_work", "work", 0x048, 4 },
	{ "ta_work", "regs", 0x060, 0x600 },
	{ "ta_work", "regs_alias", 0x760, 8 },
	{ "ta_work", "reg_header", 0x768, 4 },
	{ "ta_work", "tpc", 0x780, 8 },
	{ "ta_work", "const_789", 0x789, 1 },
	{ "ta_work", "grid_p1", 0x79c, 4 },
	{ "ta_work", "item_phase", 0x7a0, 4 },
	{ "ta_work", "item", 0x7a8, 4 },
	{ "ta_work", "item_x101", 0x7b0, 4 },
	{ "ta_work", "deflake_1", 0x7d6, 4 },
	{ "ta_work", "lifecycle_hi", 0x86e, 8 },
	{ "ta_work", "all_ones", 0x876, 4 },
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
	{ "ta_work", "const_932", 0x932, 1 },
	{ "ta_work", "support", 0x934, 8 },
	{ "ta_work", "one_93c", 0x93c, 1 },
	{ "ta_work", "status", 0x945, 8 },
	{ "ta_work", "one_94d", 0x94d, 1 },
	/* 3.12: 3D descriptor */
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
	{ "frag_work", "one_50", 0x050, 1 },
	{ "frag_work", "macro_size", 0x054, 4 },
	{ "frag_work", "merge_x", 0x068, 4 },
	{ "frag_work", "merge_y", 0x06c, 4 },
	{ "frag_work", "tiles", 0x078, 8 },
	{ "frag_work", "const_80", 0x080, 1 },
	{ "frag_work", "const_82", 0x082, 1 },
	{ "frag_work", "const_84", 0x084, 1 },
	{ "frag_work", "const_88", 0x088, 1 },
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
	{ "frag_work", "all_ones", 0x2110, 4 },
	{ "frag_work", "sampler_heap", 0x2114, 8 },
	{ "frag_work", "sampler_count", 0x211c, 4 },
	{ "frag_work", "sampler_max", 0x2120, 4 },
	{ "frag_work", "empty_tiles", 0x2124, 1 },
	{ "frag_work", "one_2128", 0x2128, 1 },
	{ "frag_work", "dispatch", 0x2140, 0x10 },
	{ "frag_work", "item_phase", 0x2150, 4 },
	{ "frag_work", "grid", 0x2154, 4 },
	{ "frag_work", "one_215c", 0x215c, 4 },
	{ "frag_work", "item2", 0x2160, 4 },
	{ "frag_work", "item_phase2", 0x2164, 4 },
	{ "frag_work", "lifecycle_lo", 0x2168, 8 },
	{ "frag_work", "index", 0x2170, 4 },
	{ "frag_work", "prof_start", 0x2198, 8 },
	{ "frag_work", "prof_end", 0x21a0, 8 },
	{ "frag_work", "ts_start", 0x21a8, 8 },
	{ "frag_work", "ts_end", 0x21b0, 8 },
	{ "frag_work", "const_21cc", 0x21cc, 1 },
	{ "frag_work", "support", 0x21ce, 8 },
	{ "frag_work", "one_21d6", 0x21d6, 1 },
	{ "frag_work", "status", 0x21df, 8 },
	{ "frag_work", "one_21e7", 0x21e7, 1 },
	{ "frag_work", "one_2208", 0x2208, 1 },
	{ "frag_work", "one_220c", 0x220c, 1 },
	{ "frag_work", "one_222d", 0x222d, 1 },
	/* 3.13: compute descriptor */
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
	{ "compute_work", "all_ones", 0xf28, 4 },
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
	{ "compute_work", "const_fb0", 0xfb0, 2 },
	{ "compute_work", "shared_control", 0xfb2, 8 },
	{ "compute_work", "support_control", 0xfba, 4 },
	{ "compute_work", "support_flags", 0xfbe, 4 },
	{ "compute_work", "const_fc5", 0xfc5, 1 },
	{ "compute_work", "zero_page", 0xfcb, 8 },
	{ "compute_work", "one_fd3", 0xfd3, 1 },
	/* 3.9: optional record, compute event item */
	{ "optional", NULL, 0, 0xc0 },
	{ "optional", "type", 0x00, 4 },
	{ "optional", "context_low", 0x08, 8 },
	{ "optional", "context_high", 0x10, 8 },
	{ "optional", "grid", 0x18, 2 },
	{ "optional", "first", 0x1a, 2 },
	{ "optional", "sched_class", 0x1e, 2 },
	{ "optional", "two", 0x22, 2 },
	{ "optional", "item", 0x2a, 2 },
	{ "optional", "phase", 0x2e, 2 },
	{ "optional", "context", 0x32, 2 },
	{ "optional", "shared_control", 0x36, 8 },
	{ "optional", "ordinal", 0x3e, 2 },
	{ "optional", "field_46", 0x46, 2 },
	{ "optional", "channel_control", 0x4a, 8 },
	{ "optional", "first2", 0x52, 2 },
	{ "optional", "context2", 0x56, 2 },
	{ "optional", "uuid", 0x5a, 2 },
	{ "optional", "scheduler", 0x5e, 2 },
	{ "optional", "first3", 0x62, 2 },
	{ "optional", "one", 0x66, 2 },
	{ "optional", "tiling_shared", 0x6e, 8 },
	{ "optional", "lifecycle", 0x76, 8 },
	{ "optional", "ns", 0x7e, 4 },
	{ "optional", "grid_p1", 0x82, 4 },
	{ "event_item_compute", NULL, 0, 0x400 },
	{ "event_item_compute", "item", 0x00, 0x40 },
	/* 3.5 */
	{ "region_c", NULL, 0, 0x1000 },
	{ "region_c", "ktrace", 0x000, 4 },
	{ "region_c", "const_24", 0x024, 4 },
	{ "region_c", "ffff_54", 0x054, 2 },
	{ "region_c", "const_56", 0x056, 2 },
	{ "region_c", "ffff_58", 0x058, 2 },
	{ "region_c", "one_78", 0x078, 4 },
	{ "region_c", "max_power_mw", 0x084, 4 },
	{ "region_c", "thousand_88", 0x088, 8 },
	{ "region_c", "thousand_98", 0x098, 4 },
	{ "region_c", "const_998", 0x998, 16 },
	{ "region_c", "const_9b8", 0x9b8, 28 },
	/* 6.2 */
	{ "pool_state", NULL, 0, 8 },
	{ "pool_state", "blocks", 0x00, 4 },
	{ "pool_state", "blocks2", 0x04, 4 },
	/* 3.4 */
	{ "hw_region", NULL, 0, 0x40 },
	{ "hw_region", "lead", 0x00, 4 },
	{ "hw_region", "value", 0x04, 4 },
	{ "hw_region", "tag", 0x08, 4 },
	{ "hw_region", "address", 0x0c, 8 },
	{ "hw_region", "size_a", 0x14, 4 },
	{ "hw_region", "size_b", 0x18, 4 },
	{ "hw_region", "trail", 0x1c, 4 },
};

struct layout_case {
	const struct agx4_fw_gen *gen;
	const struct expect_field *fields;
	unsigned int num_fields;
	/* 3.3: work-ring base in the bundle. */
	u32 ring_base;
	/* 3.2: root version words. */
	u16 version[4];
	u32 queue_size;
};

static const struct layout_case cases[] = {
	{ &agx4_fw_g16, g16_fields, ARRAY_SIZE(g16_fields), 0xba40,
	  { 0x04b8, 0x8392, 0xc357, 0x0c89 }, 0xb0 },
	{ &agx4_fw_g17p, g17p_fields, ARRAY_SIZE(g17p_fields), 0xc5c0,
	  { 0x04c0, 0x0396, 0xa322, 0x0c8a }, 0xc0 },
};

static void case_desc(const struct layout_case *c, char *desc)
{
	strscpy(desc, c->gen->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(gen, cases, case_desc);

/* Values checked, per generation, over the whole suite. */
static unsigned int checked[ARRAY_SIZE(cases)];

static unsigned int case_index(const struct layout_case *c)
{
	return c - cases;
}

static const struct expect_field *field_at(const struct layout_case *c,
					   unsigned int i)
{
	return i < ARRAY_SIZE(common_fields) ? &common_fields[i] :
	       &c->fields[i - ARRAY_SIZE(common_fields)];
}

static void agx4_fw_layout_matches_spec_table(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	unsigned int total = ARRAY_SIZE(common_fields) + c->num_fields;
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
	checked[case_index(c)] += n;
}

/* A byte image: these values at these offsets, every other byte zero. */
struct golden {
	u32 off;
	u8 width;
	u64 value;
};

static unsigned int expect_image(struct kunit *test, const u8 *buf, u32 size,
				 const struct golden *g, unsigned int n,
				 const char *what)
{
	u8 *mask = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int i;
	u32 b;

	KUNIT_ASSERT_NOT_NULL(test, mask);
	for (i = 0; i < n; i++) {
		u8 v[8] = { };

		KUNIT_ASSERT_LE(test, g[i].off + g[i].width, size);
		memcpy(v, buf + g[i].off, g[i].width);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le64(v), g[i].value,
				    "%s +%#x", what, g[i].off);
		memset(mask + g[i].off, 1, g[i].width);
	}
	for (b = 0; b < size; b++)
		if (!mask[b])
			KUNIT_EXPECT_EQ_MSG(test, buf[b], 0, "%s +%#x", what, b);
	return n;
}

#define RA	0xfffffc2000108000ull	/* region A */
#define MC	0xfffffc20c04f5a40ull	/* main config */
#define RC	0xfffffc20000f8000ull	/* region C */
#define SA	0xfffffc200003f180ull	/* status A */
#define SB	0xfffffc2000030000ull	/* status B */
#define X0	0xfffffc200003eb00ull
#define X1	0xfffffc20000f3440ull

static void agx4_fw_layout_root_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_root_in in = {
		.region_a = RA, .main_config = MC, .region_c = RC,
		.status_a = SA, .status_b = SB, .extra_0 = X0, .extra_1 = X1,
	};
	bool g16 = c->gen == &agx4_fw_g16;
	struct golden g[40] = {
		{ 0x00, 2, c->version[0] }, { 0x02, 2, c->version[1] },
		{ 0x04, 2, c->version[2] }, { 0x06, 2, c->version[3] },
		{ 0x08, 8, RA }, { 0x18, 8, MC }, { 0x20, 8, RC },
		{ 0x2c, 4, 1 }, { 0x30, 2, 0x4000 }, { 0x32, 1, 14 },
		{ 0x33, 1, 3 }, { 0xa8, 8, SA }, { 0xb0, 8, SB },
	};
	static const struct { u8 shift; u16 entries; } lv[3] = {
		{ 36, 64 }, { 25, 2048 }, { 14, 2048 },
	};
	struct agx4_fw_root_in bad = in;
	unsigned int n = 13, i;
	u32 size = g16 ? 0xc8 : 0xb8;
	u8 *buf = kunit_kzalloc(test, 0x100, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < 3; i++) {
		u32 b = 0x34 + 0x20 * i;

		g[n++] = (struct golden){ b, 4,
			8 | 14 << 8 | 14 << 16 | (u32)lv[i].shift << 24 };
		g[n++] = (struct golden){ b + 4, 2, lv[i].entries };
		g[n++] = (struct golden){ b + 6, 2, 0x4000 };
		g[n++] = (struct golden){ b + 8, 8, 1 };
		g[n++] = (struct golden){ b + 0x10, 8, 0x3ffffffc000ull };
		g[n++] = (struct golden){ b + 0x18, 8,
			(u64)(lv[i].entries - 1) << lv[i].shift };
	}
	if (g16) {
		g[n++] = (struct golden){ 0xb8, 8, X0 };
		g[n++] = (struct golden){ 0xc0, 8, X1 };
	}
	memset(buf, 0xa5, 0x100);
	KUNIT_ASSERT_EQ(test, c->gen->build_root(c->gen, &in, buf, size), 0);
	checked[case_index(c)] += expect_image(test, buf, size, g, n, "root");
	/* Nothing written past the object. */
	KUNIT_EXPECT_EQ(test, buf[size], 0xa5);

	/* Inputs it refuses. */
	KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &in, buf, size - 1),
			-EINVAL);
	bad.instance = 2;
	KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &bad, buf, 0x100),
			-EINVAL);
	if (g16) {
		bad.instance = 1;
		KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &bad, buf,
							 0x100), -EINVAL);
		return;
	}
	/* The G17P secondary: kind 1, no status B, the two extras. */
	{
		struct agx4_fw_root_in in2 = in;

		in2.instance = 1;
		in2.status_b = 0;
		g[12] = (struct golden){ 0x28, 4, 1 };	/* replaces status B */
		g[n++] = (struct golden){ 0xb8, 8, X0 };
		g[n++] = (struct golden){ 0xc0, 8, X1 };
		KUNIT_ASSERT_EQ(test, c->gen->build_root(c->gen, &in2, buf,
							 0xc8), 0);
		checked[case_index(c)] += expect_image(test, buf, 0xc8, g, n,
						       "secondary root");
		KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &in2, buf,
							 0xc7), -EINVAL);
	}
}

#define BUNDLE	0xfffffc20c04d8000ull
#define CUR	0xfffffc2000028000ull
#define PROD	0xfffffc2000020000ull

/*
 * The channel table (3.3) as expected values: work channels unless
 * @control_only, then control, events, trace and state.
 */
static unsigned int channel_gold(const struct layout_case *c,
				 struct golden *g, bool control_only)
{
	bool g16 = c->gen == &agx4_fw_g16;
	/* G17P cursor offsets by channel (3.3, written out). */
	static const u32 g17p_off[12] = {
		0xc0, 0x1c0, 0x2c0, 0x80, 0x180, 0x280,
		0x40, 0x140, 0x240, 0x00, 0x100, 0x200,
	};
	unsigned int n = 0, i;

	for (i = 0; i < 12 && !control_only; i++) {
		u32 rec = 0x20 + 0x20 * i;
		u64 ring = BUNDLE + c->ring_base + (i % 3) * 0x6000 +
			   (3 - i / 3) * 0x1800;

		if (g16) {
			u32 a = (i % 3) * 0x40 + (i / 3) * 0x10;
			u32 b = (i % 3) * 0x20 + (i / 3) * 8;

			g[n++] = (struct golden){ rec, 8, CUR + a };
			g[n++] = (struct golden){ rec + 8, 8, CUR + a + 8 };
			g[n++] = (struct golden){ rec + 0x10, 8, PROD + b };
		} else {
			g[n++] = (struct golden){ rec, 8, CUR + g17p_off[i] };
			g[n++] = (struct golden){ rec + 8, 8,
						  CUR + g17p_off[i] + 0x10 };
			g[n++] = (struct golden){ rec + 0x10, 8,
						  CUR + g17p_off[i] + 0x20 };
		}
		g[n++] = (struct golden){ rec + 0x18, 8, ring };
	}
	/* 12: control, ring in the main config at +0x4c0. */
	if (g16) {
		g[n++] = (struct golden){ 0x1a0, 8, CUR + 0xc0 };
		g[n++] = (struct golden){ 0x1a8, 8, CUR + 0xc8 };
		g[n++] = (struct golden){ 0x1b0, 8, PROD + 0x60 };
	} else {
		g[n++] = (struct golden){ 0x1a0, 8, CUR + 0x300 };
		g[n++] = (struct golden){ 0x1a8, 8, CUR + 0x310 };
		g[n++] = (struct golden){ 0x1b0, 8, CUR + 0x320 };
	}
	g[n++] = (struct golden){ 0x1b8, 8, MC + 0x4c0 };
	/* 13..15 from status A; 16 empty. */
	g[n++] = (struct golden){ 0x1c0, 8, SA + 0x40 };
	g[n++] = (struct golden){ 0x1c8, 8, SA + 0x2c0 };
	g[n++] = (struct golden){ 0x1d0, 8, SA + 0x80 };
	g[n++] = (struct golden){ 0x1d8, 8, SA + 0x4ac0 };
	g[n++] = (struct golden){ 0x1e0, 8, SA + 0x240 };
	g[n++] = (struct golden){ 0x1e8, 8, SA + 0xa6ac0 };
	g[n++] = (struct golden){ 0x1f0, 8, SA + 0x280 };
	g[n++] = (struct golden){ 0x1f8, 8, SA + 0xafac0 };
	g[n++] = (struct golden){ 0x200, 8, SA + 0x2d2c0 };
	return n;
}

static void agx4_fw_layout_channel_table_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_chan_in in = {
		.bundle = BUNDLE, .main_config = MC, .status_a = SA,
		.cursors = CUR, .producers = PROD,
	};
	bool g16 = c->gen == &agx4_fw_g16;
	u32 size = g16 ? 0x500 : 0x600;
	struct golden *g;
	unsigned int n;
	u8 *buf;

	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	g = kunit_kcalloc(test, 17 * 4, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, g);
	n = channel_gold(c, g, false);
	KUNIT_ASSERT_EQ(test, c->gen->build_channels(&in, buf, size), 0);
	checked[case_index(c)] += expect_image(test, buf, size, g, n,
					       "channel table");
	KUNIT_EXPECT_EQ(test, c->gen->build_channels(&in, buf, size - 1),
			-EINVAL);
}

/* 3.3: whole main configs, every field outside the table too. */
static void agx4_fw_layout_main_config_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	const u64 gb = 0xfffffc2000000000ull;	/* G17P graph base */
	struct agx4_fw_mc_in in = {
		.chan = { .bundle = BUNDLE, .main_config = MC, .status_a = SA,
			  .cursors = CUR, .producers = PROD },
		.header = 0xfffffc2000020068ull,
		.regions = { 0xfffffc20c0518000ull, 0x7000278000ull,
			     0xfffffc2000128000ull, 0x7000280000ull,
			     0xfffffc2000130000ull, 0 },
		.views = { { gb + 0xc07c8000ull, 0x1838000 },
			   { gb + 0x15e0000ull, 0x1840000 },
			   { gb + 0x15e8000ull, 0 } },
		.extra = 0xfffffc20c04ff000ull,
	};
	u32 size = g16 ? 0x500 : 0x600;
	struct golden *g = kunit_kcalloc(test, 128, sizeof(*g), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int n, i;

	KUNIT_ASSERT_NOT_NULL(test, g);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_EQ(test, gen->build_main_config(gen, &in, buf, size), 0);
	n = channel_gold(c, g, false);
	g[n++] = (struct golden){ 0x00, 8, BUNDLE };
	g[n++] = (struct golden){ 0x08, 8, BUNDLE + (g16 ? 0xb980 : 0xc500) };
	g[n++] = (struct golden){ 0x10, 8, BUNDLE + (g16 ? 0xb980 : 0xc500) };
	g[n++] = (struct golden){ 0x4c0, 4, 0x16 };
	if (g16) {
		static const u32 addr[5] = { 0, 0x2680, 0x32c0, 0x4540, 0xb900 };

		g[n++] = (struct golden){ 0x18, 8, 0xfffffc2000020068ull };
		for (i = 0; i < 5; i++)
			g[n++] = (struct golden){ 0x24c + 8 * i, 8,
						  addr[i] ? BUNDLE + addr[i] : 0 };
		for (i = 0; i < 6; i++)
			g[n++] = (struct golden){ 0x2c8 + 8 * i, 8,
						  in.regions[i] };
		g[n++] = (struct golden){ 0x2f8, 4, 4 };
		g[n++] = (struct golden){ 0x3d8, 4, 0xff };
		g[n++] = (struct golden){ 0x469, 8, BUNDLE + 0x5380 };
	} else {
		static const u32 addr[5] = {
			0x2740, 0x3380, 0x4400, 0xbc80, 0xbd00,
		};

		for (i = 0; i < 5; i++)
			g[n++] = (struct golden){ 0x254 + 8 * i, 8,
						  BUNDLE + addr[i] };
		for (i = 0; i < 3; i++) {
			g[n++] = (struct golden){ 0x2d0 + 0x10 * i, 8,
						  in.views[i].address };
			g[n++] = (struct golden){ 0x2d8 + 0x10 * i, 4,
						  in.views[i].value };
			g[n++] = (struct golden){ 0x2dc + 0x10 * i, 4, 0x70 };
		}
		g[n++] = (struct golden){ 0x3e0, 4, 0xff };
	}
	checked[case_index(c)] += expect_image(test, buf, size, g, n,
					       "main config");
	KUNIT_EXPECT_EQ(test, gen->build_main_config(gen, &in, buf, size - 1),
			-EINVAL);
	in.instance = gen->num_instances;
	KUNIT_EXPECT_EQ(test, gen->build_main_config(gen, &in, buf, size),
			-EINVAL);
	if (g16)
		return;

	/* The G17P secondary: channels 12.. only, 4 at 0x300, 0x2a. */
	in.instance = 1;
	KUNIT_ASSERT_EQ(test, gen->build_main_config(gen, &in, buf, size), 0);
	n = channel_gold(c, g, true);
	g[n++] = (struct golden){ 0x00, 8, BUNDLE };
	g[n++] = (struct golden){ 0x08, 8, BUNDLE + 0xc500 };
	g[n++] = (struct golden){ 0x10, 8, BUNDLE + 0xc500 };
	g[n++] = (struct golden){ 0x300, 4, 4 };
	g[n++] = (struct golden){ 0x471, 8, in.extra };
	g[n++] = (struct golden){ 0x4c0, 4, 0x2a };
	checked[case_index(c)] += expect_image(test, buf, size, g, n,
					       "secondary main config");
}

static void agx4_fw_layout_queue_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	bool g16 = c->gen == &agx4_fw_g16;
	const u64 self = 0xfffffc2200010000ull;
	struct agx4_fw_queue_in in = {
		.pointers = 0xfffffc2200020000ull,
		.ring = 0xfffffc2200024000ull,
		.job_list = 0xfffffc2200028000ull,
		.self = self, .priority = 2, .uuid = 0x15,
		.context = 0xfffffc220002c000ull,
	};
	/* Shifted by 8 from 0x2c on for G17P (3.9). */
	u32 s = g16 ? 0 : 8;
	struct golden g[16] = {
		{ 0x00, 8, in.pointers }, { 0x08, 8, in.ring },
		{ 0x10, 8, in.job_list },
		{ 0x2c - s, 4, 0xffffffff }, { 0x30 - s, 4, 2 },
		{ 0x34 - s, 4, 2 }, { 0x38 - s, 8, 0xffff000000000000ull },
		{ 0x48 - s, 4, 2 }, { 0x4c - s, 4, 0xffffffff },
		{ 0x50 - s, 4, 0x15 }, { 0xa4 - s, 8, in.context },
	};
	unsigned int n = 11;
	u8 *buf = kunit_kzalloc(test, 0x100, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	if (g16)
		g[n++] = (struct golden){ 0x18, 8, self + 0xb0 };
	KUNIT_ASSERT_EQ(test, c->gen->build_queue(&in, buf, c->queue_size), 0);
	checked[case_index(c)] += expect_image(test, buf, c->queue_size, g, n,
					       "queue");
	KUNIT_EXPECT_EQ(test, c->gen->build_queue(&in, buf,
						  c->queue_size - 1), -EINVAL);
	in.priority = 4;
	KUNIT_EXPECT_EQ(test, c->gen->build_queue(&in, buf, 0x100), -EINVAL);
	if (!g16) {
		/* G17P takes only the priority-2 row. */
		in.priority = 0;
		KUNIT_EXPECT_EQ(test, c->gen->build_queue(&in, buf, 0x100),
				-EINVAL);
		return;
	}
	/* The G16 priority-0 row. */
	in.priority = 0;
	KUNIT_ASSERT_EQ(test, c->gen->build_queue(&in, buf, 0x100), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(buf + 0x38),
			0xffffffffffff0000ull);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(buf + 0x40), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(buf + 0x48), 1);
	checked[case_index(c)] += 3;
}

/* A growing list of expected values. */
struct gold_list {
	struct golden *g;
	unsigned int n;
	unsigned int cap;
};

static void gl_init(struct kunit *test, struct gold_list *l, unsigned int cap)
{
	l->g = kunit_kcalloc(test, cap, sizeof(*l->g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, l->g);
	l->n = 0;
	l->cap = cap;
}

static void gl_put(struct gold_list *l, u32 off, u8 width, u64 value)
{
	if (!WARN_ON(l->n >= l->cap))
		l->g[l->n++] = (struct golden){ off, width, value };
}

struct reg_expect {
	u32 reg;
	u64 value;
};

/* A register program at @base: 12-byte records {u32 reg, u64 value}. */
static void gl_regs(struct gold_list *l, u32 base, const struct reg_expect *r,
		    unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		gl_put(l, base + 12 * i, 4, r[i].reg);
		gl_put(l, base + 12 * i + 4, 8, r[i].value);
	}
}

/* A timestamp command (3.11) at @off of a microsequence. */
static void gl_ts(struct gold_list *l, u32 off, u32 opcode, u64 base,
		  u64 start, u64 slot, u64 queue, u64 user, u64 st, u64 st2,
		  u32 uuid)
{
	gl_put(l, off, 4, opcode);
	gl_put(l, off + 0x04, 8, base);
	gl_put(l, off + 0x0c, 8, start);
	gl_put(l, off + 0x14, 8, slot);
	gl_put(l, off + 0x1c, 8, queue);
	gl_put(l, off + 0x24, 8, user);
	gl_put(l, off + 0x2c, 8, st);
	gl_put(l, off + 0x34, 8, st2);
	gl_put(l, off + 0x44, 4, uuid);
}

/*
 * One render, fixed: 800x600, one layer, 32x32 tiles, one sample, 8 bytes
 * a sample.  By 3.12: tiles 25x19, macrotile blocks mx = my = 8, size1 80,
 * size2 64, size3 128, x/y blocks 0x202018, screen 0x12018, pixels
 * 0x257031f, macro size 0x80008, 4 tile-buffer blocks, utile config
 * 0xa000, tile config 0x10280 (empty tiles processed).
 */
#define R_CTX		0x1000000000ull
#define R_TILEMAP	0x1001000000ull
#define R_TPC		0x1001028000ull
#define R_HEAPMETA	0x10035d0000ull
#define R_DEFL1		0x100102c2a0ull
#define R_DEFL2		0x100102c020ull
#define R_DEFL3		0x100102c000ull
#define R_VDM		0x1004000000ull
#define R_TA_WORK	0xfffffc2200100000ull
#define R_TA_MS		0xfffffc2200104000ull
#define R_FR_WORK	0xfffffc2200108000ull
#define R_FR_MS		0xfffffc220010c000ull
#define R_TA_ALIAS	0x7200100000ull
#define R_FR_ALIAS	0x7200108000ull
#define R_TA_Q		0xfffffc2200200000ull
#define R_FR_Q		0xfffffc2200204000ull
#define R_TA_STATS	0xfffffc20c04da684ull
#define R_FR_STATS	0xfffffc20c04db2c8ull
#define R_TA_STATUS	0x1000078000ull
#define R_FR_STATUS	0x10001a8000ull
#define R_TA_DSTAMP	0xfffffc2000118040ull
#define R_FR_DSTAMP	0xfffffc2000118044ull
#define R_TA_FSTAMP	0xfffffc20c0510040ull
#define R_FR_FSTAMP	0xfffffc20c0510044ull
#define R_TA_TAIL	0xfffffc2000300000ull
#define R_FR_TAIL	0xfffffc2000358000ull
#define R_EVCTL		0xfffffc20c0588100ull
#define R_BM		0xfffffc20c0678000ull
#define R_SCENE		0xfffffc20c0600080ull
#define R_EMPTY		0xfffffc20c0602800ull
#define R_SUPPORT	0xfffffc20c05b8000ull
#define R_AUX		0x1000038000ull
#define R_TS		0xfffffc2181400000ull
#define R_PROF		0xfffffc2000034fd8ull
#define R_LIFE_TA	0x1234567800000001ull
#define R_LIFE_FR	0x1234567900000002ull

static void render_inputs(struct agx4_render_desc *d,
			  struct agx4_fw_render_in *in)
{
	struct drm_asahi_cmd_render *c = &d->cmd;

	memset(d, 0, sizeof(*d));
	memset(in, 0, sizeof(*in));
	c->flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES;
	c->isp_zls_pixels = 0x257031f;
	c->vdm_ctrl_stream_base = R_VDM;
	c->isp_scissor_base = 0x1100000000ull;
	c->isp_dbias_base = 0x1100004000ull;
	c->isp_oclqry_base = 0x1100008000ull;
	c->depth = (struct drm_asahi_zls_buffer){ 0x1200000000ull,
						  0x1200100000ull, 0x1000,
						  0x100 };
	c->stencil = (struct drm_asahi_zls_buffer){ 0x1300000000ull,
						    0x1300100000ull, 0x2000,
						    0x200 };
	c->zls_ctrl = 0x1234;
	c->ppp_multisamplectl = 0x88;
	c->sampler_heap = 0x1400000000ull;
	c->sampler_count = 3;
	c->ppp_ctrl = 0x202;
	c->width_px = 800;
	c->height_px = 600;
	c->layers = 1;
	c->utile_width_px = 32;
	c->utile_height_px = 32;
	c->samples = 1;
	c->sample_size_B = 8;
	c->isp_merge_upper_x = 0x3b0dbd2a;
	c->isp_merge_upper_y = 0x3b3cfc8e;
	c->bg = (struct drm_asahi_bg_eot){ 0x1000, 0x21 };
	c->eot = (struct drm_asahi_bg_eot){ 0x2000, 0x22 };
	c->partial_bg = (struct drm_asahi_bg_eot){ 0x3000, 0x23 };
	c->partial_eot = (struct drm_asahi_bg_eot){ 0x4000, 0x24 };
	c->isp_bgobjdepth = 0x3f800000;
	c->isp_bgobjvals = 0x1ab;
	d->ts_vtx = (struct agx4_ts_dests){ R_TS, R_TS + 8 };
	d->ts_frag = (struct agx4_ts_dests){ R_TS + 0x10, R_TS + 0x18 };

	in->ta = (struct agx4_fw_stage_in){
		.work = R_TA_WORK, .microseq = R_TA_MS,
		.work_alias = R_TA_ALIAS, .queue = R_TA_Q,
		.stats = R_TA_STATS, .status = R_TA_STATUS,
		.driver_stamp = R_TA_DSTAMP, .fw_stamp = R_TA_FSTAMP,
		.stamp = 0xd00, .event = 0x22, .uuid = 0x900a6bb,
		.counter = 3, .lifecycle = R_LIFE_TA, .work_stamp = 0x105,
		.gate = 0xfe00400020ull, .admission = 7,
		.shared_tail = R_TA_TAIL,
		.prof = { R_PROF, R_PROF + 8 },
	};
	in->frag = (struct agx4_fw_stage_in){
		.work = R_FR_WORK, .microseq = R_FR_MS,
		.work_alias = R_FR_ALIAS, .queue = R_FR_Q,
		.stats = R_FR_STATS, .status = R_FR_STATUS,
		.driver_stamp = R_FR_DSTAMP, .fw_stamp = R_FR_FSTAMP,
		.stamp = 0x200, .event = 0x23, .uuid = 0x900a6ba,
		.counter = 2, .lifecycle = R_LIFE_FR, .work_stamp = 0x106,
		.gate = 0x14600400020ull, .admission = 8,
		.shared_tail = R_FR_TAIL,
		.prof = { R_PROF + 0x10, R_PROF + 0x18 },
	};
	in->context_id = 9;
	in->context_base = R_CTX;
	in->event_control = R_EVCTL;
	in->bm_slot = 7;
	in->bm = R_BM;
	in->scene = R_SCENE;
	in->empty_buffer = R_EMPTY;
	in->tilemap = R_TILEMAP;
	in->tpc = R_TPC;
	in->heapmeta = R_HEAPMETA;
	in->deflake[0] = R_DEFL1;
	in->deflake[1] = R_DEFL2;
	in->deflake[2] = R_DEFL3;
	in->cycle = 0x240030;
	in->record_index = 0x80005;
	in->completion = 0x10000;
	in->support = R_SUPPORT;
	in->aux_fb = R_AUX;
	in->aux_fb_flags = 0xc001;
	in->aux_fb_pages = 0x100000;
	in->request_growth = true;
	in->tvb_blocks = 11;
}

/* 3.12: the G16 TA program for render_inputs(), in order. */
static const struct reg_expect g16_ta_regs[] = {
	{ 0x1748, 1 }, { 0x10141, 512 },
	{ 0x1c039, 0x1000000 }, { 0x1c9c8, 0x1000000 },
	{ 0x1c0a1, 0x1028000 },
	{ 0x1c031, 0x35d0000 | 1ull << 63 }, { 0x1c9c0, 0x35d0000 | 1ull << 63 },
	{ 0x1c051, 0x3a0012006b0003ull }, { 0x1c061, 1 },
	{ 0x10149, 0xa000 }, { 0x10139, 0x88 },
	{ 0x10111, 0x102c2a0 }, { 0x1c9b0, 0x102c2a0 },
	{ 0x10119, 0x102c020 }, { 0x1c9b8, 0x102c020 },
	{ 0x1c958, 1 }, { 0x1c950, 0x102c000 | 1ull << 50 }, { 0x1c930, 0 },
	{ 0x1c880, 0x4000000 },
	{ 0x1c079, 0x35d0000 }, { 0x1c9d8, 0x35d0000 },
	{ 0x10151, 0 }, { 0x1c199, 0 }, { 0x1c1a1, 0 }, { 0x1c1a9, 0 },
	{ 0x1c1b1, 0 }, { 0x1c1b9, 0 }, { 0x1c8f8, 0x8860 },
	{ 0x1c0b1, 80 }, { 0x1c850, 80 }, { 0x10131, 0x88 },
	{ 0x10121, 0x202 }, { 0x10129, 0x257031f }, { 0x101b9, 0x12018 },
	{ 0x1c069, 0x202018 }, { 0x1c071, 0x202018 }, { 0x1c081, 64 },
	{ 0x1c0a9, 128 }, { 0x10171, 256 }, { 0x10169, 0x8000 },
	{ 0xa309, 0 }, { 0x1c8e0, ~0ull }, { 0x1c8e8, ~0ull }, { 0x1c898, 0 },
	{ 0x101e1, 28 }, { 0x1c9e8, 0 },
	{ 0x1a099, 0 }, { 0x1a0a1, 0 }, { 0x1a069, 0 }, { 0x1a071, 0 },
	{ 0x1a0c9, 0 }, { 0x1a0d1, 0 }, { 0x101c9, 0 }, { 0xd471, 0 },
	{ 0x1a0f1, 8 }, { 0x10799, 0xff0000 }, { 0x1c830, 7 },
	{ 0x1ca30, 0x240030 }, { 0x16c39, 0x240030 }, { 0x1c910, 0x80005 },
	{ 0xa5a1, 0xfe00400020ull }, { 0xd419, 0x200000001ull },
	{ 0x1ca10, R_LIFE_TA }, { 0x14a1, R_LIFE_TA }, { 0xa349, R_LIFE_TA },
	{ 0x10209, 0x105 }, { 0x1c9f0, 0x105 }, { 0x14320, 0x105 },
	{ 0x14308, 0x10000 }, { 0x14318, R_TA_STATUS | 1 }, { 0x1740, 1 },
};

/* 3.12: the G16 3D program for render_inputs(), in order. */
static const struct reg_expect g16_frag_regs[] = {
	{ 0x1739, 1 }, { 0x10009, 0xa000 },
	{ 0x15379, 0x22 }, { 0x15381, 0x2000 },
	{ 0x15369, 0x21 }, { 0x15371, 0x1000 },
	{ 0x15131, 0x3b0dbd2a }, { 0x15139, 0x3b3cfc8e },
	{ 0x100a1, 0 }, { 0x15069, 0 }, { 0x15071, 0 }, { 0x16058, 0 },
	{ 0x10019, 0x88 }, { 0x100b1, 0x80008 }, { 0x16030, 0x80008 },
	{ 0x100d9, 0x12018 }, { 0xa301, 0 }, { 0x10791, 0xff0200 },
	{ 0x16098, R_HEAPMETA }, { 0x15109, 0x1100000000ull },
	{ 0x15101, 0x1100004000ull }, { 0x15021, 0xc001 },
	{ 0x15211, 600ull << 32 | 800 }, { 0x15049, 0x100000 },
	{ 0x10051, 4 }, { 0x15321, 0x257031f }, { 0x15301, 0x3f800000 },
	{ 0x15309, 0x1ab | 0x300 }, { 0x15311, 0x1100008000ull },
	{ 0x15319, 0x1234 }, { 0x15349, 0x04040404 }, { 0x15351, 0 },
	{ 0x15329, 0x1200000000ull }, { 0x15331, 0x1200000000ull },
	{ 0x15339, 0x1300000000ull }, { 0x15341, 0x1300000000ull },
	{ 0x15231, 0 }, { 0x15221, 0 }, { 0x15239, 0 }, { 0x15229, 0 },
	{ 0x15401, 0x1000 }, { 0x15421, 0x1000 },
	{ 0x15409, 0x2000 }, { 0x15429, 0x2000 },
	{ 0x153c1, 0x1200100000ull }, { 0x15411, 0x100 },
	{ 0x153c9, 0x1200100000ull }, { 0x15431, 0x100 },
	{ 0x153d1, 0x1300100000ull }, { 0x15419, 0x200 },
	{ 0x153d9, 0x1300100000ull }, { 0x15439, 0x200 },
	{ 0x16429, R_TILEMAP }, { 0x16060, R_HEAPMETA },
	{ 0x16431, 320ull << 24 }, { 0x10039, 0x10280 },
	{ 0x16020, 0 }, { 0x16451, 0 }, { 0x15359, 0 }, { 0x100b8, 0x8860 },
	{ 0x16461, R_AUX }, { 0x16090, R_AUX }, { 0x101e9, 28 },
	{ 0x160a8, 0 }, { 0x16068, 0x2418a200003717full },
	{ 0x1a0a9, 0 }, { 0x1a0b1, 0 }, { 0x1a079, 0 }, { 0x1a081, 0 },
	{ 0x1a0d9, 0 }, { 0x1a0e1, 0 }, { 0x101c1, 0 }, { 0xd469, 0 },
	{ 0x1a0f9, 8 }, { 0xa5a9, 0x14600400020ull },
	{ 0xd429, 0x200000001ull },
	{ 0x160e0, R_LIFE_FR }, { 0x1499, R_LIFE_FR }, { 0xa341, R_LIFE_FR },
	{ 0x1c838, 8 }, { 0x1ca28, 0x240030 },
	{ 0x10211, 0x106 }, { 0x10420, 0x106 },
	{ 0x14048, 0x10000 }, { 0x14080, R_FR_STATUS | 1 },
	{ 0x1731, 1 }, { 0x1731, 1 },
};

static void make_bufs(struct kunit *test, const struct agx4_fw_item *objs,
		      unsigned int nobjs, struct agx4_fw_buf *bufs,
		      unsigned int n)
{
	unsigned int i;

	KUNIT_ASSERT_EQ(test, nobjs, n);
	for (i = 0; i < n; i++) {
		/* One byte more than needed, to see nothing is written past. */
		bufs[i].size = objs[i].size;
		bufs[i].ptr = kunit_kmalloc(test, bufs[i].size + 1, GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, bufs[i].ptr);
		memset(bufs[i].ptr, 0xa5, bufs[i].size + 1);
	}
}

/* Nothing written: every byte still the fill of make_bufs(). */
static bool untouched(const struct agx4_fw_buf *bufs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (memchr_inv(bufs[i].ptr, 0xa5, bufs[i].size + 1))
			return false;
	return true;
}

static void agx4_fw_layout_g16_render_golden_bytes(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g16;
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_fw_render_in in;
	struct agx4_fw_buf bufs[6];
	struct gold_list l;
	u64 w = R_TA_WORK;
	unsigned int i, n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	render_inputs(d, &in);
	make_bufs(test, gen->render_objs, gen->num_render_objs, bufs,
		  ARRAY_SIZE(bufs));
	KUNIT_EXPECT_STREQ(test, gen->render_objs[0].name, "ta_work");
	KUNIT_EXPECT_EQ(test, gen->render_objs[0].size, 0x940);
	KUNIT_EXPECT_EQ(test, gen->render_objs[1].size, 0x300);
	KUNIT_EXPECT_EQ(test, gen->render_objs[2].size, 0xcc0);
	KUNIT_EXPECT_EQ(test, gen->render_objs[3].size, 0x380);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g16_ta_regs), 71);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g16_frag_regs), 87);
	KUNIT_ASSERT_EQ(test, gen->build_render(d, &in, bufs), 0);
	for (i = 0; i < ARRAY_SIZE(bufs); i++)
		KUNIT_EXPECT_EQ(test, ((u8 *)bufs[i].ptr)[bufs[i].size], 0xa5);

	/* TA work item (3.11) */
	gl_init(test, &l, 256);
	gl_put(&l, 0x000, 4, 0);
	gl_put(&l, 0x004, 8, 3);
	gl_put(&l, 0x00c, 4, 9);
	gl_put(&l, 0x010, 8, R_EVCTL);
	gl_put(&l, 0x018, 8, 7);
	gl_put(&l, 0x020, 8, R_BM);
	gl_put(&l, 0x028, 8, R_SCENE);
	gl_put(&l, 0x030, 8, R_EMPTY);
	gl_regs(&l, 0x040, g16_ta_regs, ARRAY_SIZE(g16_ta_regs));
	gl_put(&l, 0x740, 8, R_TA_ALIAS + 0x40);
	gl_put(&l, 0x748, 2, 0x41);
	gl_put(&l, 0x74a, 2, 0x41 * 12);
	gl_put(&l, 0x760, 8, R_TPC);
	gl_put(&l, 0x768, 8, (128 << 6) * 1);
	gl_put(&l, 0x770, 8, R_TA_MS);
	gl_put(&l, 0x778, 4, 0x300);
	gl_put(&l, 0x77c, 4, 0x23);
	gl_put(&l, 0x780, 4, 0x200);
	gl_put(&l, 0x7a8, 8, 0x102c2a0);
	gl_put(&l, 0x840, 8, R_LIFE_TA >> 32);
	gl_put(&l, 0x848, 4, 0xffffffff);
	gl_put(&l, 0x84c, 8, 0x1400000000ull);
	gl_put(&l, 0x854, 4, 3);
	gl_put(&l, 0x858, 4, 4);
	gl_put(&l, 0x864, 1, 1);
	gl_put(&l, 0x878, 8, R_TA_DSTAMP);
	gl_put(&l, 0x880, 8, R_TA_FSTAMP);
	gl_put(&l, 0x888, 4, 0xd00);
	gl_put(&l, 0x88c, 4, 0x22);
	gl_put(&l, 0x898, 4, 0x900a6bb);
	gl_put(&l, 0x8a0, 8, 0);
	gl_put(&l, 0x8c8, 8, R_PROF);
	gl_put(&l, 0x8d0, 8, R_PROF + 8);
	gl_put(&l, 0x8d8, 8, R_TS);
	gl_put(&l, 0x8e0, 8, R_TS + 8);
	gl_put(&l, 0x8ff, 8, 1ull << 56 | R_SUPPORT >> 8);
	gl_put(&l, 0x908, 8, 0xdaa0);
	gl_put(&l, 0x910, 8, 1ull << 56 | R_TA_TAIL >> 8);
	n += expect_image(test, bufs[0].ptr, 0x940, l.g, l.n, "G16 TA work");

	/* TA microsequence (3.11) */
	gl_init(test, &l, 96);
	gl_put(&l, 0x000, 4, 5);
	gl_put(&l, 0x014, 8, w + 0x40);
	gl_put(&l, 0x01c, 8, R_BM);
	gl_put(&l, 0x024, 8, R_SCENE);
	gl_put(&l, 0x02c, 8, R_TA_STATS);
	gl_put(&l, 0x034, 8, R_TA_Q);
	gl_put(&l, 0x03c, 8, w + 0x85c);
	gl_put(&l, 0x044, 4, 9);
	gl_put(&l, 0x048, 4, 3);
	gl_put(&l, 0x050, 8, 7);
	gl_put(&l, 0x064, 8, w + 0x784);
	gl_put(&l, 0x06c, 8, w + 0x8a8);
	gl_put(&l, 0x07c, 4, 0x900a6bb);
	gl_put(&l, 0x190, 8, R_SUPPORT);
	gl_put(&l, 0x1a8, 8, R_TA_STATUS);
	gl_put(&l, 0x1b8, 8, 1);
	gl_put(&l, 0x1c0, 4, 0x22);
	gl_ts(&l, 0x1cc, 0x80000003, w + 0x8c0, w + 0x8c8, w + 0x8c8, R_TA_Q,
	      w + 0x8d8, w + 0x928, w + 0x83c, 0x900a6bb);
	gl_put(&l, 0x218, 4, 1);
	gl_ts(&l, 0x21c, 3, w + 0x8c0, w + 0x8c8, w + 0x8d0, R_TA_Q,
	      w + 0x8d8, w + 0x928, w + 0x83c, 0x900a6bb);
	gl_put(&l, 0x268, 4, 6);
	gl_put(&l, 0x26c, 8, R_SCENE);
	gl_put(&l, 0x274, 8, R_BM);
	gl_put(&l, 0x27c, 8, R_TA_STATS);
	gl_put(&l, 0x284, 8, R_TA_Q);
	gl_put(&l, 0x28c, 8, w + 0x85c);
	gl_put(&l, 0x294, 4, 9);
	gl_put(&l, 0x29c, 8, w + 0x784);
	gl_put(&l, 0x2a8, 4, 0x900a6bb);
	gl_put(&l, 0x2b0, 8, R_TA_FSTAMP);
	gl_put(&l, 0x2b8, 4, 0xd00);
	gl_put(&l, 0x2e0, 8, R_TA_MS + 0x190);
	gl_put(&l, 0x2e8, 4, (u32)-0x268);
	gl_put(&l, 0x2ed, 8, w + 0x918);
	gl_put(&l, 0x2f5, 4, 1);
	gl_put(&l, 0x2fc, 4, 0x40000002);
	n += expect_image(test, bufs[1].ptr, 0x300, l.g, l.n, "G16 TA ms");

	/* 3D work item (3.11) */
	w = R_FR_WORK;
	gl_init(test, &l, 320);
	gl_put(&l, 0x000, 4, 1);
	gl_put(&l, 0x004, 8, 2);
	gl_put(&l, 0x00c, 4, 9);
	gl_put(&l, 0x014, 8, R_FR_MS);
	gl_put(&l, 0x01c, 4, 0x380);
	gl_put(&l, 0x020, 8, R_EVCTL);
	gl_put(&l, 0x028, 8, R_BM);
	gl_put(&l, 0x030, 8, R_SCENE);
	gl_put(&l, 0x038, 8, R_EMPTY);
	gl_put(&l, 0x040, 8, R_TILEMAP);
	gl_put(&l, 0x048, 8, 0x88);
	gl_put(&l, 0x050, 4, 1);
	gl_put(&l, 0x054, 4, 0x80008);
	gl_put(&l, 0x068, 4, 0x3b0dbd2a);
	gl_put(&l, 0x06c, 4, 0x3b3cfc8e);
	gl_put(&l, 0x078, 8, 25 * 19);
	gl_regs(&l, 0x080, g16_frag_regs, ARRAY_SIZE(g16_frag_regs));
	gl_put(&l, 0x680, 8, 0x8c020001dddc00ull);
	gl_put(&l, 0x688, 8, 0xa0001de1800ull);
	gl_put(&l, 0x690, 8, 0x8c020200029800ull);
	gl_put(&l, 0x698, 8, 0x220200039520ull);
	gl_put(&l, 0x780, 8, R_FR_ALIAS + 0x80);
	gl_put(&l, 0x788, 2, 0x51);
	gl_put(&l, 0x78a, 2, 0x51 * 12);
	gl_put(&l, 0x7a0, 8, 0x1100004000ull);
	gl_put(&l, 0x7b0, 8, 0x1100000000ull);
	gl_put(&l, 0x7c0, 8, 0x1100008000ull);
	gl_put(&l, 0x8f8, 8, 0x21);
	gl_put(&l, 0x900, 8, 0x1000);
	gl_put(&l, 0x928, 8, 0x23);
	gl_put(&l, 0x930, 8, 0x3000);
	gl_put(&l, 0x938, 8, 0x1234);
	gl_put(&l, 0x940, 4, 0x04040404);
	gl_put(&l, 0x948, 8, 0x1200000000ull);
	gl_put(&l, 0x950, 8, 0x1000);
	gl_put(&l, 0x958, 8, 0x100);
	gl_put(&l, 0x960, 8, 0x1200000000ull);
	gl_put(&l, 0x968, 8, 0x1200000000ull);
	gl_put(&l, 0x970, 8, 0x1200100000ull);
	gl_put(&l, 0x978, 8, 0x1300000000ull);
	gl_put(&l, 0x980, 8, 0x2000);
	gl_put(&l, 0x988, 8, 0x200);
	gl_put(&l, 0x990, 8, 0x1300000000ull);
	gl_put(&l, 0x998, 8, 0x1300000000ull);
	gl_put(&l, 0x9a0, 8, 0x1300100000ull);
	gl_put(&l, 0x9b8, 4, 4);
	gl_put(&l, 0x9c0, 8, 0xc001);
	gl_put(&l, 0x9c8, 8, 600ull << 32 | 800);
	gl_put(&l, 0x9d0, 8, 0x100000);
	gl_put(&l, 0x9d8, 8, 0x10280);
	gl_put(&l, 0x9f4, 4, 0x22);
	gl_put(&l, 0x9fc, 8, 0x2000);
	gl_put(&l, 0xa14, 4, 0x24);
	gl_put(&l, 0xa1c, 8, 0x4000);
	gl_put(&l, 0xa28, 4, 0x3f800000);
	gl_put(&l, 0xa2c, 4, 0xab | 0x300);
	gl_put(&l, 0xa30, 8, 8);
	gl_put(&l, 0xa50, 8, 0x257031f);
	gl_put(&l, 0xb80, 4, 0);
	gl_put(&l, 0xb88, 8, R_LIFE_FR >> 32);
	gl_put(&l, 0xb90, 4, 0xffffffff);
	gl_put(&l, 0xb94, 8, 0x1400000000ull);
	gl_put(&l, 0xb9c, 4, 3);
	gl_put(&l, 0xba0, 4, 4);
	gl_put(&l, 0xba4, 4, 1);
	gl_put(&l, 0xba8, 4, 1);
	gl_put(&l, 0xbac, 4, 0);
	gl_put(&l, 0xbc0, 8, R_FR_DSTAMP);
	gl_put(&l, 0xbc8, 8, R_FR_FSTAMP);
	gl_put(&l, 0xbd0, 4, 0x200);
	gl_put(&l, 0xbd4, 4, 0x23);
	gl_put(&l, 0xbe0, 4, 0x900a6ba);
	gl_put(&l, 0xbe8, 8, 0);
	gl_put(&l, 0xc10, 8, R_PROF + 0x10);
	gl_put(&l, 0xc18, 8, R_PROF + 0x18);
	gl_put(&l, 0xc20, 8, R_TS + 0x10);
	gl_put(&l, 0xc28, 8, R_TS + 0x18);
	gl_put(&l, 0xc47, 8, 1ull << 56 | R_SUPPORT >> 8);
	gl_put(&l, 0xc50, 8, 0x113a0);
	gl_put(&l, 0xc58, 8, 1ull << 56 | R_FR_TAIL >> 8);
	gl_put(&l, 0xc80, 8, 0x100000000ull);
	n += expect_image(test, bufs[2].ptr, 0xcc0, l.g, l.n, "G16 3D work");

	/* 3D microsequence (3.11) */
	gl_init(test, &l, 128);
	gl_put(&l, 0x000, 4, 7);
	gl_put(&l, 0x014, 8, w + 0x80);
	gl_put(&l, 0x01c, 8, R_SCENE);
	gl_put(&l, 0x024, 8, R_FR_STATS);
	gl_put(&l, 0x02c, 8, w + 0xb70);
	gl_put(&l, 0x034, 8, R_SCENE + 0x54);
	gl_put(&l, 0x03c, 8, w + 0xbb0);
	gl_put(&l, 0x044, 8, w + 0xbb4);
	gl_put(&l, 0x04c, 8, R_FR_Q);
	gl_put(&l, 0x054, 8, w);
	gl_put(&l, 0x05c, 4, 9);
	gl_put(&l, 0x060, 4, 3);
	gl_put(&l, 0x068, 8, 7);
	gl_put(&l, 0x07c, 8, w + 0xa58);
	gl_put(&l, 0x084, 8, w + 0xbf0);
	gl_put(&l, 0x0a0, 4, 0x900a6ba);
	gl_put(&l, 0x1b0, 8, R_SUPPORT);
	gl_put(&l, 0x1c8, 8, R_FR_STATUS);
	gl_put(&l, 0x1e0, 4, 0x23);
	gl_put(&l, 0x1e4, 4, 1);
	gl_ts(&l, 0x1ec, 0x80000003, w + 0xc08, w + 0xc10, w + 0xc10, R_FR_Q,
	      w + 0xc20, w + 0xc70, w + 0xb84, 0x900a6ba);
	gl_put(&l, 0x238, 4, 1);
	gl_ts(&l, 0x23c, 3, w + 0xc08, w + 0xc10, w + 0xc18, R_FR_Q,
	      w + 0xc20, w + 0xc70, w + 0xb84, 0x900a6ba);
	gl_put(&l, 0x288, 4, 8);
	gl_put(&l, 0x28c, 4, 0x900a6ba);
	gl_put(&l, 0x294, 8, R_FR_FSTAMP);
	gl_put(&l, 0x29c, 4, 0x200);
	gl_put(&l, 0x2a4, 8, R_SCENE);
	gl_put(&l, 0x2ac, 8, R_BM);
	gl_put(&l, 0x2b4, 4, 1);
	gl_put(&l, 0x2b8, 8, R_FR_STATS);
	gl_put(&l, 0x2c0, 8, w + 0xbb0);
	gl_put(&l, 0x2c8, 8, w + 0xbb4);
	gl_put(&l, 0x2d0, 8, w + 0xb70);
	gl_put(&l, 0x2d8, 8, R_FR_Q);
	gl_put(&l, 0x2e0, 8, w);
	gl_put(&l, 0x2e8, 4, 9);
	gl_put(&l, 0x2ec, 8, w + 0xa58);
	gl_put(&l, 0x320, 8, R_FR_MS + 0x1b0);
	gl_put(&l, 0x328, 4, (u32)-0x288);
	gl_put(&l, 0x32d, 8, w + 0xc60);
	gl_put(&l, 0x335, 8, 0x110100000001ull);
	gl_put(&l, 0x344, 4, 0x40000002);
	n += expect_image(test, bufs[3].ptr, 0x380, l.g, l.n, "G16 3D ms");

	/* Preludes (3.11, 3.9): TVB init, and the 3D barrier on the TA. */
	gl_init(test, &l, 8);
	gl_put(&l, 0x00, 4, 6);
	gl_put(&l, 0x04, 4, 9);
	gl_put(&l, 0x08, 4, 7);
	gl_put(&l, 0x10, 4, 11);
	gl_put(&l, 0x14, 8, R_BM);
	gl_put(&l, 0x1c, 4, 0xd00);
	n += expect_image(test, bufs[4].ptr, 0x40, l.g, l.n, "G16 TA prelude");
	gl_init(test, &l, 8);
	gl_put(&l, 0x00, 4, 4);
	gl_put(&l, 0x04, 8, R_TA_FSTAMP);
	gl_put(&l, 0x0c, 8, R_TA_FSTAMP);
	gl_put(&l, 0x14, 4, 0xd00);
	gl_put(&l, 0x20, 4, 0x22);
	gl_put(&l, 0x24, 4, 0x200);
	gl_put(&l, 0x28, 4, 0x900a6ba);
	gl_put(&l, 0x30, 4, 0);
	n += expect_image(test, bufs[5].ptr, 0x40, l.g, l.n, "G16 3D prelude");
	checked[0] += n;
}

#define C_WORK		0xfffffc2200300000ull
#define C_MS		(C_WORK + 0x1000)
#define C_ALIAS		0x7100300000ull
#define C_Q		0xfffffc20c5000000ull
#define C_STATS		0xfffffc20c5008000ull
#define C_RES		0x1000c64000ull
#define C_ENTRY		0x7100301a00ull
#define C_SUPPORT	0xfffffc20c05e8000ull
#define C_SCRATCH	0x70030e0000ull
#define C_MARKER	0x1000c60000ull
#define C_CDM		0x1500000000ull

static void compute_inputs(struct agx4_compute_desc *d,
			   struct agx4_fw_compute_in *in)
{
	memset(d, 0, sizeof(*d));
	memset(in, 0, sizeof(*in));
	d->cmd.cdm_ctrl_stream_base = C_CDM;
	d->cmd.cdm_ctrl_stream_end = C_CDM + 0x1000;
	d->ts = (struct agx4_ts_dests){ R_TS + 0x20, R_TS + 0x28 };
	in->st = (struct agx4_fw_stage_in){
		.work = C_WORK, .microseq = C_MS, .work_alias = C_ALIAS,
		.queue = C_Q, .stats = C_STATS,
		.driver_stamp = C_WORK + 0x1600, .fw_stamp = C_WORK + 0x1680,
		.stamp = 0x200, .event = 4, .counter = 2,
		.prof = { C_WORK + 0x1700, C_WORK + 0x1708 },
	};
	in->context_id = 1;
	in->notifier = C_WORK + 0x1400;
	in->resource = C_RES;
	in->cdm_entry = C_ENTRY;
	in->identity = (1ull << 32) + 2;
	in->reg_identity = (1ull << 32) + 1;
	in->ordinal = 5;
	in->event_generation = 2;
	in->support = C_SUPPORT;
	in->scratch = C_SCRATCH;
	in->marker = C_MARKER;
	in->user_ts = C_WORK + 0x17c0;
}

/* 3.13: the G16 compute program for compute_inputs(), in order. */
static const struct reg_expect g16_compute_regs[] = {
	{ 0x1a510, C_RES }, { 0x1a420, C_ENTRY },
	{ 0x1a4d0, C_RES + 0x1480 }, { 0x1a4d8, C_RES + 0x1488 },
	{ 0x1a4e0, C_RES + 0x1490 }, { 0x1a4e8, C_RES + 0x1498 },
	{ 0x1a440, 0x154024201ull }, { 0x1a458, 0x10c08ae0 },
	{ 0x101d9, 0x1c }, { 0x1a089, 0 }, { 0x1a091, 0 }, { 0x1a059, 0 },
	{ 0x1a061, 0 }, { 0x1a0b9, 0 }, { 0x1a0c1, 0 }, { 0x101d1, 0 },
	{ 0xd479, 0 }, { 0x1a0e9, 8 }, { 0x107a1, 0xff0000 },
	{ 0xa599, 0x20000400020ull }, { 0xd411, 0x200000001ull },
	{ 0x1a540, (1ull << 32) + 1 }, { 0x14a9, (1ull << 32) + 1 },
	{ 0xa351, (1ull << 32) + 1 },
};

static void agx4_fw_layout_g16_compute_golden_bytes(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g16;
	struct agx4_compute_desc *d = kunit_kzalloc(test, sizeof(*d),
						    GFP_KERNEL);
	struct agx4_fw_compute_in in;
	struct agx4_fw_buf bufs[4];
	struct gold_list l;
	const u64 w = C_WORK;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	compute_inputs(d, &in);
	make_bufs(test, gen->compute_objs, gen->num_compute_objs, bufs,
		  ARRAY_SIZE(bufs));
	KUNIT_EXPECT_EQ(test, gen->compute_objs[0].size, 0x8c0);
	KUNIT_EXPECT_EQ(test, gen->compute_objs[1].size, 0x300);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g16_compute_regs), 24);
	KUNIT_ASSERT_EQ(test, gen->build_compute(d, &in, bufs), 0);

	gl_init(test, &l, 128);
	gl_put(&l, 0x000, 4, 3);
	gl_put(&l, 0x004, 8, 2);
	gl_put(&l, 0x00c, 4, 1);
	gl_put(&l, 0x010, 8, w + 0x1400);
	gl_regs(&l, 0x020, g16_compute_regs, ARRAY_SIZE(g16_compute_regs));
	gl_put(&l, 0x720, 8, C_ALIAS + 0x20);
	gl_put(&l, 0x728, 4, 24 | 288 << 16);
	gl_put(&l, 0x760, 8, C_MS);
	gl_put(&l, 0x768, 4, 0x300);
	gl_put(&l, 0x798, 8, C_RES);
	gl_put(&l, 0x7a0, 8, C_CDM + 0x1000 - 4);
	gl_put(&l, 0x7c8, 4, 0x54024201);
	gl_put(&l, 0x7cc, 4, 1);
	gl_put(&l, 0x7e0, 4, 1);
	gl_put(&l, 0x7e8, 8, 0xffffffff);
	gl_put(&l, 0x7f0, 4, 0);
	gl_put(&l, 0x7f4, 4, 0);
	gl_put(&l, 0x800, 8, w + 0x1600);
	gl_put(&l, 0x808, 8, w + 0x1680);
	gl_put(&l, 0x810, 4, 0x200);
	gl_put(&l, 0x814, 4, 4);
	gl_put(&l, 0x820, 4, 2);
	gl_put(&l, 0x828, 4, 5);
	gl_put(&l, 0x834, 8, w + 0x1700);
	gl_put(&l, 0x83c, 8, w + 0x1708);
	gl_put(&l, 0x86a, 8, C_SUPPORT);
	gl_put(&l, 0x872, 1, 1);
	gl_put(&l, 0x874, 4, 0x21b00);
	gl_put(&l, 0x87c, 4, 0x11700);
	gl_put(&l, 0x88b, 1, 1);
	n += expect_image(test, bufs[0].ptr, 0x8c0, l.g, l.n, "G16 compute work");

	gl_init(test, &l, 96);
	gl_put(&l, 0x000, 4, 0xb);
	gl_put(&l, 0x014, 8, w + 0x20);
	gl_put(&l, 0x01c, 8, C_STATS);
	gl_put(&l, 0x024, 8, C_Q);
	gl_put(&l, 0x02c, 4, 1);
	gl_put(&l, 0x030, 4, 1);
	gl_put(&l, 0x034, 4, 2);
	gl_put(&l, 0x044, 8, w + 0x76c);
	gl_put(&l, 0x050, 4, 2);
	gl_put(&l, 0x160, 8, C_SUPPORT);
	gl_put(&l, 0x178, 8, C_MARKER);
	gl_put(&l, 0x188, 8, C_SCRATCH);
	gl_put(&l, 0x190, 8, C_SCRATCH + 0xf400);
	gl_put(&l, 0x198, 8, C_SCRATCH + 0x1e800);
	gl_put(&l, 0x1a0, 8, C_SCRATCH + 0x1f000);
	gl_put(&l, 0x1a8, 8, w + 0x8ac);
	gl_put(&l, 0x1b0, 4, 2);
	gl_put(&l, 0x1b8, 4, 4);
	gl_ts(&l, 0x1bc, 0x80000003, w + 0x82c, w + 0x834, w + 0x834, C_Q,
	      w + 0x17c0, w + 0x89c, w + 0x7dc, 2);
	gl_put(&l, 0x208, 4, 1);
	gl_ts(&l, 0x20c, 3, w + 0x82c, w + 0x834, w + 0x83c, C_Q,
	      w + 0x17c0, w + 0x89c, w + 0x7dc, 2);
	gl_put(&l, 0x258, 4, 0xc);
	gl_put(&l, 0x25c, 8, C_STATS);
	gl_put(&l, 0x264, 8, C_Q);
	gl_put(&l, 0x26c, 4, 1);
	gl_put(&l, 0x270, 8, w + 0x76c);
	gl_put(&l, 0x27c, 4, 2);
	gl_put(&l, 0x284, 8, w + 0x1680);
	gl_put(&l, 0x28c, 4, 0x200);
	gl_put(&l, 0x2b4, 8, C_MS + 0x160);
	gl_put(&l, 0x2bc, 4, (u32)-0x258);
	gl_put(&l, 0x2c1, 8, w + 0x8ac);
	gl_put(&l, 0x2c9, 8, w + 0x88c);
	gl_put(&l, 0x2d4, 4, 0x40000002);
	n += expect_image(test, bufs[1].ptr, 0x300, l.g, l.n, "G16 compute ms");

	/* 3.13: the entry trampoline; 3.10: the user timestamp pair. */
	gl_init(test, &l, 4);
	gl_put(&l, 0, 4, 0x600fffff);
	gl_put(&l, 4, 4, 0x20000000 | upper_32_bits(C_CDM));
	gl_put(&l, 8, 4, lower_32_bits(C_CDM));
	n += expect_image(test, bufs[2].ptr, 12, l.g, l.n, "G16 CDM entry");
	gl_init(test, &l, 2);
	gl_put(&l, 0, 8, R_TS + 0x20);
	gl_put(&l, 8, 8, R_TS + 0x28);
	n += expect_image(test, bufs[3].ptr, 16, l.g, l.n, "G16 ts pair");
	checked[0] += n;
}

/* What G17P takes beyond render_inputs() (3.9, 3.12). */
#define P_POOL_A	0xfffffc20c07c8300ull
#define P_SHARED_A	0xfffffc20c07d0000ull
#define P_POOL_B	0xfffffc20c07d8280ull
#define P_SHARED_B	0xfffffc20c07e0000ull
#define P_TA_D0		0xfffffc20001c8000ull
#define P_TA_D1		0xfffffc20c07c0000ull
#define P_FR_D0		0xfffffc20001c8004ull
#define P_FR_D1		0xfffffc20c07c0004ull
#define P_TA_STATUS	0xfffffc2001610040ull
#define P_FR_STATUS	0xfffffc2001630040ull
#define P_STAMP_A	0xfffffc2000024c68ull

static void g17p_render_inputs(struct agx4_render_desc *d,
			       struct agx4_fw_render_in *in)
{
	render_inputs(d, in);
	d->cmd.ppp_multisamplectl = 0x99;
	in->bm_slot = 1;
	in->ta.admission = 1;
	in->frag.admission = 1;
	in->pool_objs[0] = P_POOL_A;
	in->pool_objs[1] = P_SHARED_A;
	in->pool_objs[2] = P_POOL_B;
	in->pool_objs[3] = P_SHARED_B;
	in->work_value = 4;
	in->ta.grid = 0;
	in->ta.item = 2;
	in->ta.index = 1;
	in->ta.dispatch[0] = P_TA_D0;
	in->ta.dispatch[1] = P_TA_D1;
	in->ta.status_rec = P_TA_STATUS;
	in->ta.ev_group = 0x12;
	in->ta.ev_counter = 0x34;
	in->ta.prof = (struct agx4_ts_dests){ P_STAMP_A, P_STAMP_A + 8 };
	in->frag.grid = 1;
	in->frag.item = 2;
	in->frag.index = 1;
	in->frag.dispatch[0] = P_FR_D0;
	in->frag.dispatch[1] = P_FR_D1;
	in->frag.status_rec = P_FR_STATUS;
	in->frag.store_flag = true;
	in->frag.ev_group = 0x12;
	in->frag.ev_counter = 0x35;
	in->frag.prof = (struct agx4_ts_dests){ P_STAMP_A, P_STAMP_A + 8 };
}

/* 3.12: the G17P TA program for g17p_render_inputs(), in order. */
static const struct reg_expect g17p_ta_regs[] = {
	{ 0x1748, 1 }, { 0x10141, 512 },
	{ 0x1c039, 0x1000000 }, { 0x1c9c8, 0x1000000 },
	{ 0x1c0a1, 0x1028000 },
	{ 0x1c031, 0x35d0000 | 1ull << 63 }, { 0x1c9c0, 0x35d0000 | 1ull << 63 },
	{ 0x1c051, 0x3a0012006b0003ull }, { 0x1c061, 1 },
	{ 0x10149, 0xa000 }, { 0x10139, 0x99 },
	{ 0x10111, 0x102c2a0 }, { 0x1c9b0, 0x102c2a0 },
	{ 0x10119, 0x102c020 }, { 0x1c9b8, 0x102c020 },
	{ 0x1c958, 1 }, { 0x1c950, 0x102c000 | 1ull << 50 }, { 0x1c930, 0 },
	{ 0x1c880, 0x4000000 },
	{ 0x1c079, 0x35d0000 }, { 0x1c9d8, 0x35d0000 },
	{ 0x10151, 0 }, { 0x1c199, 0 }, { 0x1c1a1, 0 }, { 0x1c1a9, 0 },
	{ 0x1c1b1, 0 }, { 0x1c1b9, 0 }, { 0x1c8f8, 0x8860 },
	{ 0x1c0b1, 80 }, { 0x1c850, 80 }, { 0x10131, 0x99 },
	{ 0x10121, 0x202 }, { 0x10129, 0x257031f }, { 0x101b9, 0x12018 },
	{ 0x1c069, 0x202018 }, { 0x1c071, 0x202018 }, { 0x1c081, 64 },
	{ 0x1c0a9, 128 }, { 0x10171, 256 }, { 0x10169, 0x8000 },
	{ 0xa309, 0 }, { 0x1c8e0, ~0ull }, { 0x1c8e8, ~0ull }, { 0x1c898, 0 },
	{ 0x101e1, 28 }, { 0x1c9e8, 0 },
	{ 0x1a099, 0 }, { 0x1a0a1, 0 }, { 0x1a069, 0 }, { 0x1a071, 0 },
	{ 0x1a0c9, 0 }, { 0x1a0d1, 0 }, { 0x101c9, 0 }, { 0xd471, 0 },
	{ 0x1a0f1, 8 }, { 0x10799, 0xff0000 }, { 0x1c830, 1 },
	{ 0x1ca30, 0x240030 }, { 0x16c39, 0x240030 }, { 0x1c910, 0x80005 },
	{ 0xa5a1, 0xfe00400020ull }, { 0xd419, 0x200000001ull },
	{ 0x1ca10, R_LIFE_TA }, { 0x14a1, R_LIFE_TA }, { 0xa349, R_LIFE_TA },
	{ 0x10209, 0x105 }, { 0x1c9f0, 0x105 }, { 0x14320, 0x105 },
	{ 0x14308, 0 }, { 0x14318, R_TA_STATUS | 1 }, { 0x1740, 1 },
	{ 0x1c880, 0x102c2a0 }, { 0x1c898, 1 },
};

/* 3.12: the G17P main 3D program for g17p_render_inputs(), in order. */
static const struct reg_expect g17p_frag_regs[] = {
	{ 0x1739, 1 }, { 0x10009, 0xa000 },
	{ 0x15379, 0x22 }, { 0x15381, 0x2000 },
	{ 0x15369, 0x21 }, { 0x15371, 0x1000 },
	{ 0x15131, 0x3b0dbd2a }, { 0x15139, 0x3b3cfc8e },
	{ 0x100a1, 0 }, { 0x15069, 0 }, { 0x15071, 0 }, { 0x16058, 0 },
	{ 0x10019, 0x99 }, { 0x100b1, 0x80008 }, { 0x16030, 0x80008 },
	{ 0x100d9, 0x12018 }, { 0xa301, 0 }, { 0x10791, 0xff0200 },
	{ 0x16098, R_HEAPMETA }, { 0x15109, 0x1100000000ull },
	{ 0x15101, 0x1100004000ull }, { 0x15021, 0xc001 },
	{ 0x15211, 600ull << 32 | 800 }, { 0x15049, 0x100000 },
	{ 0x10051, 4 }, { 0x15321, 0x257031f }, { 0x15301, 0x3f800000 },
	{ 0x15309, 0x3ab }, { 0x15311, 0x1100008000ull },
	{ 0x15319, 0x1234 }, { 0x15349, 0x04040404 }, { 0x15351, 0 },
	{ 0x15329, 0x1200000000ull }, { 0x15331, 0x1200000000ull },
	{ 0x15339, 0x1300000000ull }, { 0x15341, 0x1300000000ull },
	{ 0x15231, 0 }, { 0x15221, 0 }, { 0x15239, 0 }, { 0x15229, 0 },
	{ 0x15401, 0x1000 }, { 0x15421, 0x1000 },
	{ 0x15409, 0x2000 }, { 0x15429, 0x2000 },
	{ 0x153c1, 0x1200100000ull }, { 0x15411, 0x100 },
	{ 0x153c9, 0x1200100000ull }, { 0x15431, 0x100 },
	{ 0x153d1, 0x1300100000ull }, { 0x15419, 0x200 },
	{ 0x153d9, 0x1300100000ull }, { 0x15439, 0x200 },
	{ 0x16429, R_TILEMAP }, { 0x16060, R_HEAPMETA },
	{ 0x16431, 320ull << 24 }, { 0x10039, 0x10280 },
	{ 0x16020, 0 }, { 0x16451, 0 }, { 0x15359, 0 }, { 0x100b8, 0x8860 },
	{ 0x16461, R_AUX }, { 0x16090, R_AUX }, { 0x101e9, 28 },
	{ 0x160a8, 0 }, { 0x16068, 0x2418a200003717full },
	{ 0x1a0a9, 0 }, { 0x1a0b1, 0 }, { 0x1a079, 0 }, { 0x1a081, 0 },
	{ 0x1a0d9, 0 }, { 0x1a0e1, 0 }, { 0x101c1, 0 }, { 0xd469, 0 },
	{ 0x1a0f9, 8 }, { 0xa5a9, 0x14600400020ull },
	{ 0xd429, 0x200000001ull },
	{ 0x160e0, R_LIFE_FR }, { 0x1499, R_LIFE_FR }, { 0xa341, R_LIFE_FR },
	{ 0x1c838, 1 }, { 0x1ca28, 0x240030 },
	{ 0x10211, 0x106 }, { 0x10420, 0x106 },
	{ 0x14048, 0 }, { 0x14080, R_FR_STATUS | 1 },
	{ 0x1731, 1 }, { 0x16020, 1 }, { 0x16020, 0 }, { 0x16068, 0x40000 },
};

#define DEPTH	0x1200000000ull
#define DCOMP	0x1200100000ull
#define STEN	0x1300000000ull
#define SCOMP	0x1300100000ull

/* 3.12: the partial programs, in order. */
static const struct reg_expect g17p_pstore_regs[] = {
	{ 0x15379, 0x24 }, { 0x15381, 0x4000 }, { 0x10039, 0x10280 },
	{ 0x15359, 0x20 }, { 0x15331, DEPTH }, { 0x153c9, DCOMP },
	{ 0x15341, STEN }, { 0x153d9, SCOMP }, { 0x15421, 0x1000 },
	{ 0x15431, 0x100 }, { 0x15429, 0x2000 }, { 0x15439, 0x200 },
	{ 0x15221, 0 }, { 0x15229, 0 }, { 0x15319, 0x1234 },
	{ 0x15349, 0x04040404 },
};

static const struct reg_expect g17p_presume_regs[] = {
	{ 0x15379, 0x24 }, { 0x15381, 0x4000 }, { 0x15369, 0x23 },
	{ 0x15371, 0x3000 }, { 0x10039, 0x0280 }, { 0x15359, 0x20 },
	{ 0x15331, DEPTH }, { 0x153c9, DCOMP }, { 0x15341, STEN },
	{ 0x153d9, SCOMP }, { 0x15421, 0x1000 }, { 0x15431, 0x100 },
	{ 0x15429, 0x2000 }, { 0x15439, 0x200 }, { 0x15221, 0 },
	{ 0x15229, 0 }, { 0x15309, 0x3ab }, { 0x15329, DEPTH },
	{ 0x153c1, DCOMP }, { 0x15339, STEN }, { 0x153d1, SCOMP },
	{ 0x15319, 0x1234 }, { 0x15349, 0x04040404 },
};

static const struct reg_expect g17p_pload_regs[] = {
	{ 0x15369, 0x23 }, { 0x15371, 0x3000 }, { 0x10039, 0x0280 },
	{ 0x15309, 0x3ab }, { 0x15329, DEPTH }, { 0x153c1, DCOMP },
	{ 0x15339, STEN }, { 0x153d1, SCOMP }, { 0x15319, 0x1234 },
	{ 0x15349, 0x04040404 },
};

static void agx4_fw_layout_g17p_render_golden_bytes(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g17p;
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_fw_render_in in;
	struct agx4_fw_buf bufs[4];
	struct gold_list l;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	g17p_render_inputs(d, &in);
	make_bufs(test, gen->render_objs, gen->num_render_objs, bufs,
		  ARRAY_SIZE(bufs));
	KUNIT_EXPECT_EQ(test, gen->render_objs[0].size, 0x9c0);
	KUNIT_EXPECT_EQ(test, gen->render_objs[1].size, 0x40);
	KUNIT_EXPECT_EQ(test, gen->render_objs[2].size, 0x2240);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g17p_ta_regs), 73);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g17p_frag_regs), 89);
	KUNIT_ASSERT_EQ(test, gen->build_render(d, &in, bufs), 0);

	/* TA descriptor */
	gl_init(test, &l, 256);
	gl_put(&l, 0x000, 4, 0);
	gl_put(&l, 0x004, 8, 3);
	gl_put(&l, 0x00c, 4, 9);
	gl_put(&l, 0x010, 8, P_POOL_A);
	gl_put(&l, 0x018, 4, 1);
	gl_put(&l, 0x020, 8, P_SHARED_A);
	gl_put(&l, 0x028, 8, P_POOL_B);
	gl_put(&l, 0x030, 8, P_SHARED_B);
	gl_put(&l, 0x038, 1, 0x47);
	gl_put(&l, 0x03a, 1, 0x49);
	gl_put(&l, 0x03c, 1, 0x49);
	gl_put(&l, 0x048, 4, 4);
	gl_regs(&l, 0x060, g17p_ta_regs, ARRAY_SIZE(g17p_ta_regs));
	gl_put(&l, 0x760, 8, R_TA_ALIAS + 0x60);
	gl_put(&l, 0x768, 4, 0x036c0049);
	gl_put(&l, 0x780, 8, R_TPC);
	gl_put(&l, 0x789, 1, 0x78);
	gl_put(&l, 0x79c, 4, 1);
	gl_put(&l, 0x7a0, 4, 2 * 0x100);
	gl_put(&l, 0x7a8, 4, 2);
	gl_put(&l, 0x7b0, 4, 2 * 0x101);
	gl_put(&l, 0x7d6, 4, 0x102c2a0);
	gl_put(&l, 0x86e, 8, R_LIFE_TA >> 32);
	gl_put(&l, 0x876, 4, 0xffffffff);
	gl_put(&l, 0x87a, 8, 0x1400000000ull);
	gl_put(&l, 0x882, 4, 3);
	gl_put(&l, 0x886, 4, 4);
	gl_put(&l, 0x892, 1, 1);
	gl_put(&l, 0x8a6, 8, P_TA_D0);
	gl_put(&l, 0x8ae, 8, P_TA_D1);
	/* Over the top of the second slot: item << 24 | 0xffff. */
	gl_put(&l, 0x8b4, 4, 2 << 24 | 0xffff);
	gl_put(&l, 0x8ba, 4, 0);
	gl_put(&l, 0x8c4, 4, 2 << 16);
	gl_put(&l, 0x8c8, 4, 2 << 24);
	gl_put(&l, 0x8ce, 4, R_LIFE_TA & 0xffffffff);
	gl_put(&l, 0x8d4, 4, 1 << 16);
	gl_put(&l, 0x8fe, 8, P_STAMP_A);
	gl_put(&l, 0x906, 8, P_STAMP_A + 8);
	gl_put(&l, 0x90e, 8, R_TS);
	gl_put(&l, 0x916, 8, R_TS + 8);
	gl_put(&l, 0x932, 1, 0x44);
	gl_put(&l, 0x934, 8, R_SUPPORT);
	gl_put(&l, 0x93c, 1, 1);
	gl_put(&l, 0x945, 8, P_TA_STATUS);
	gl_put(&l, 0x94d, 1, 1);
	n += expect_image(test, bufs[0].ptr, 0x9c0, l.g, l.n, "G17P TA");

	/* Event items (3.9): 0x0e, 0x10000 | grid, group << 8 | counter, kind << 8. */
	gl_init(test, &l, 4);
	gl_put(&l, 0x00, 4, 0x0e);
	gl_put(&l, 0x04, 4, 0x10000);
	gl_put(&l, 0x08, 4, 0x1234);
	gl_put(&l, 0x10, 4, 0);
	n += expect_image(test, bufs[1].ptr, 0x40, l.g, l.n, "G17P TA event");
	gl_init(test, &l, 4);
	gl_put(&l, 0x00, 4, 0x0e);
	gl_put(&l, 0x04, 4, 0x10001);
	gl_put(&l, 0x08, 4, 0x1235);
	gl_put(&l, 0x10, 4, 0x100);
	n += expect_image(test, bufs[3].ptr, 0x40, l.g, l.n, "G17P 3D event");

	/* 3D descriptor */
	gl_init(test, &l, 512);
	gl_put(&l, 0x000, 4, 1);
	gl_put(&l, 0x004, 8, 2);
	gl_put(&l, 0x00c, 4, 9);
	gl_put(&l, 0x020, 8, P_POOL_A);
	gl_put(&l, 0x028, 8, P_SHARED_A);
	gl_put(&l, 0x030, 8, P_POOL_B);
	gl_put(&l, 0x038, 8, P_SHARED_B);
	gl_put(&l, 0x040, 8, R_TILEMAP);
	gl_put(&l, 0x048, 8, 0x99);
	gl_put(&l, 0x050, 1, 1);
	gl_put(&l, 0x054, 4, 0x80008);
	gl_put(&l, 0x068, 4, 0x3b0dbd2a);
	gl_put(&l, 0x06c, 4, 0x3b3cfc8e);
	gl_put(&l, 0x078, 8, 25 * 19);
	gl_put(&l, 0x080, 1, 0x56);
	gl_put(&l, 0x082, 1, 0x57);
	gl_put(&l, 0x084, 1, 0x57);
	gl_put(&l, 0x088, 1, 0x59);
	gl_put(&l, 0x090, 4, 2);
	gl_regs(&l, 0x0a0, g17p_frag_regs, ARRAY_SIZE(g17p_frag_regs));
	gl_put(&l, 0x7a0, 8, R_FR_ALIAS + 0xa0);
	gl_put(&l, 0x7a8, 4, (89 * 12) << 16 | 89);
	gl_regs(&l, 0x7c0, g17p_pstore_regs, ARRAY_SIZE(g17p_pstore_regs));
	gl_put(&l, 0xec0, 8, R_FR_ALIAS + 0x7c0);
	gl_put(&l, 0xec8, 4, (16 * 12) << 16 | 16);
	gl_regs(&l, 0xee0, g17p_presume_regs, ARRAY_SIZE(g17p_presume_regs));
	gl_put(&l, 0x15e0, 8, R_FR_ALIAS + 0xee0);
	gl_put(&l, 0x15e8, 4, (23 * 12) << 16 | 23);
	gl_regs(&l, 0x1600, g17p_pload_regs, ARRAY_SIZE(g17p_pload_regs));
	gl_put(&l, 0x1d00, 8, R_FR_ALIAS + 0x1600);
	gl_put(&l, 0x1d08, 4, (10 * 12) << 16 | 10);
	gl_put(&l, 0x1d20, 8, 0x1100004000ull);
	gl_put(&l, 0x1d30, 8, 0x1100000000ull);
	gl_put(&l, 0x1d40, 8, 0x1100008000ull);
	gl_put(&l, 0x1e78, 8, 0x21);
	gl_put(&l, 0x1e80, 8, 0x1000);
	gl_put(&l, 0x1ea8, 8, 0x23);
	gl_put(&l, 0x1eb0, 8, 0x3000);
	gl_put(&l, 0x1ec0, 4, 0x04040404);
	gl_put(&l, 0x1f38, 8, 4);
	gl_put(&l, 0x1f40, 8, 0xc001);
	gl_put(&l, 0x1f48, 4, 800);
	gl_put(&l, 0x1f4c, 4, 600);
	gl_put(&l, 0x1f50, 8, 0x100000);
	gl_put(&l, 0x1f58, 8, 0x10280);
	gl_put(&l, 0x1f78, 4, 0x22);
	gl_put(&l, 0x1f7c, 8, 0x2000);
	gl_put(&l, 0x1f98, 4, 0x24);
	gl_put(&l, 0x1f9c, 8, 0x4000);
	gl_put(&l, 0x1fa8, 4, 0x3f800000);
	gl_put(&l, 0x1fac, 8, 4ull << 33 | 0x300);
	gl_put(&l, 0x20fc, 1, 1);
	gl_put(&l, 0x2100, 1, 0);
	gl_put(&l, 0x2108, 8, R_LIFE_FR >> 32);
	gl_put(&l, 0x2110, 4, 0xffffffff);
	gl_put(&l, 0x2114, 8, 0x1400000000ull);
	gl_put(&l, 0x211c, 4, 3);
	gl_put(&l, 0x2120, 4, 4);
	gl_put(&l, 0x2124, 1, 1);
	gl_put(&l, 0x2128, 1, 1);
	gl_put(&l, 0x2140, 8, P_FR_D0);
	gl_put(&l, 0x2148, 8, P_FR_D1);
	gl_put(&l, 0x2150, 4, 2 << 8);
	gl_put(&l, 0x2154, 4, 1);
	gl_put(&l, 0x215c, 4, 1);
	gl_put(&l, 0x2160, 4, 2);
	gl_put(&l, 0x2164, 4, 2 << 8);
	gl_put(&l, 0x2168, 8, R_LIFE_FR & 0xffffffff);
	gl_put(&l, 0x2170, 4, 1);
	gl_put(&l, 0x2198, 8, P_STAMP_A);
	gl_put(&l, 0x21a0, 8, P_STAMP_A + 8);
	gl_put(&l, 0x21a8, 8, R_TS + 0x10);
	gl_put(&l, 0x21b0, 8, R_TS + 0x18);
	gl_put(&l, 0x21cc, 1, 0x53);
	gl_put(&l, 0x21ce, 8, R_SUPPORT);
	gl_put(&l, 0x21d6, 1, 1);
	gl_put(&l, 0x21df, 8, P_FR_STATUS);
	gl_put(&l, 0x21e7, 1, 1);
	gl_put(&l, 0x2208, 1, 1);
	gl_put(&l, 0x220c, 1, 1);
	gl_put(&l, 0x222d, 1, 1);
	n += expect_image(test, bufs[2].ptr, 0x2240, l.g, l.n, "G17P 3D");
	checked[1] += n;

	/* G17P specifics refused: a third pool, a TA item past a byte, a
	 * second dispatch slot outside the firmware half.
	 */
	in.bm_slot = 2;
	KUNIT_EXPECT_EQ(test, gen->build_render(d, &in, bufs), -EINVAL);
	g17p_render_inputs(d, &in);
	in.ta.item = 0x100;
	KUNIT_EXPECT_EQ(test, gen->build_render(d, &in, bufs), -EINVAL);
	g17p_render_inputs(d, &in);
	in.ta.dispatch[1] = 0x00001c20c07c0000ull;
	KUNIT_EXPECT_EQ(test, gen->build_render(d, &in, bufs), -EINVAL);
}

#define Q_SCHED		0xfffffc20c0840000ull
#define Q_D0		0xfffffc20001c8010ull
#define Q_D1		0xfffffc20c07c0010ull
#define Q_S0		0xfffffc2001640000ull
#define Q_SC		0xfffffc20c0848000ull
#define Q_ZP		0xfffffc2000400000ull
#define Q_OS		0x7000400000ull

static void g17p_compute_inputs(struct agx4_compute_desc *d,
				struct agx4_fw_compute_in *in)
{
	compute_inputs(d, in);
	d->ts = (struct agx4_ts_dests){ };
	in->cdm_entry = 0;
	in->st.grid = 4;
	in->st.dispatch[0] = Q_D0;
	in->st.dispatch[1] = Q_D1;
	in->st.ev_group = 0x20;
	in->st.ev_counter = 7;
	in->st.prof = (struct agx4_ts_dests){ P_STAMP_A, P_STAMP_A + 8 };
	in->sched = Q_SCHED;
	in->status[0] = Q_S0;
	in->status[1] = Q_S0 + 8;
	in->shared_control = Q_SC;
	in->zero_page = Q_ZP;
	in->support_control = 0x1234;
	in->support_flags = 0x5678;
	in->queue_submission = 3;
	in->queue_ordinal = 6;
	in->submission_index = 7;
	in->gate = 0xabc;
	in->robustness = 0x100;
	in->operand_state = Q_OS;
}

/* 3.13: the G17P compute programs for g17p_compute_inputs(), in order. */
static const struct reg_expect g17p_compute_regs[] = {
	{ 0x1a510, C_RES }, { 0x1a420, C_CDM },
	{ 0x1a4d0, C_RES + 0x1480 }, { 0x1a4d8, C_RES + 0x1488 },
	{ 0x1a4e0, C_RES + 0x1490 }, { 0x1a4e8, C_RES + 0x1498 },
	{ 0x10071, 0x10000000000ull }, { 0x11841, 0 }, { 0x11849, 0 },
	{ 0x11f81, 0 }, { 0x1a440, 0x154024201ull }, { 0x1a458, 0x10c08860 },
	{ 0x101d9, 0x1c }, { 0x1a089, 0 }, { 0x1a091, 0 }, { 0x1a059, 0 },
	{ 0x1a061, 0 }, { 0x1a0b9, 0 }, { 0x1a0c1, 0 }, { 0x101d1, 0 },
	{ 0xd479, 0 }, { 0x1a0e9, 8 }, { 0x107a1, 0xff0000 },
	{ 0xa599, 0x13200400020ull }, { 0xd411, 0x200000001ull },
	{ 0x1a540, (1ull << 32) + 1 }, { 0x14a9, (1ull << 32) + 1 },
	{ 0xa351, (1ull << 32) + 1 },
	{ 0x10201, 1 << 8 | 5 }, { 0x10428, 1 << 8 | 5 },
	{ 0x14028, 0xabc }, { 0x14070, 0x101 },
	{ 0x10229, Q_OS + 0x12800 }, { 0x140a8, Q_OS + 0x13000 },
	{ 0x10099, Q_OS + 0x9405 }, { 0x10091, Q_OS + 0x12400 },
	{ 0xa5c1, Q_OS + 5 }, { 0xa5c9, Q_OS + 0x9000 },
	{ 0x1a440, 0x154024209ull }, { 0xa599, 0x6000400020ull },
};

static const struct reg_expect g17p_compute_regs2[] = {
	{ 0x10099, Q_OS + 5 }, { 0x10091, Q_OS + 0x9000 },
	{ 0xa5c1, Q_OS + 0x9405 }, { 0xa5c9, Q_OS + 0x12400 },
};

static void agx4_fw_layout_g17p_compute_golden_bytes(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g17p;
	struct agx4_compute_desc *d = kunit_kzalloc(test, sizeof(*d),
						    GFP_KERNEL);
	struct agx4_fw_compute_in in;
	struct agx4_fw_buf bufs[2];
	struct gold_list l;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, d);
	g17p_compute_inputs(d, &in);
	make_bufs(test, gen->compute_objs, gen->num_compute_objs, bufs,
		  ARRAY_SIZE(bufs));
	KUNIT_EXPECT_EQ(test, gen->compute_objs[0].size, 0x4000);
	KUNIT_ASSERT_EQ(test, ARRAY_SIZE(g17p_compute_regs), 40);
	KUNIT_ASSERT_EQ(test, gen->build_compute(d, &in, bufs), 0);

	gl_init(test, &l, 160);
	gl_put(&l, 0x000, 4, 3);
	gl_put(&l, 0x004, 8, 2);
	gl_put(&l, 0x00c, 4, 1);
	gl_put(&l, 0x010, 8, Q_SCHED);
	gl_put(&l, 0x018, 2, 0x22);
	gl_put(&l, 0x01a, 2, 0x23);
	gl_put(&l, 0x01c, 2, 0x23);
	gl_put(&l, 0x01e, 2, 0x24);
	gl_regs(&l, 0x040, g17p_compute_regs, ARRAY_SIZE(g17p_compute_regs));
	gl_put(&l, 0x740, 8, C_ALIAS + 0x40);
	gl_put(&l, 0x748, 4, (40 * 12) << 16 | 40);
	gl_regs(&l, 0x760, g17p_compute_regs2, ARRAY_SIZE(g17p_compute_regs2));
	gl_put(&l, 0xe60, 8, C_ALIAS + 0x760);
	gl_put(&l, 0xe68, 4, 0x300004);
	gl_put(&l, 0xed8, 8, C_RES);
	gl_put(&l, 0xee0, 8, C_CDM + 0x1000 - 4);
	gl_put(&l, 0xf08, 8, 0x154024201ull);
	gl_put(&l, 0xf20, 4, 1);
	gl_put(&l, 0xf28, 4, 0xffffffff);
	gl_put(&l, 0xf2c, 8, 0);
	gl_put(&l, 0xf34, 4, 0);
	gl_put(&l, 0xf38, 4, 0);
	gl_put(&l, 0xf40, 8, Q_D0);
	gl_put(&l, 0xf48, 8, Q_D1);
	gl_put(&l, 0xf50, 4, 3 << 8);
	gl_put(&l, 0xf54, 4, 4);
	gl_put(&l, 0xf58, 4, 6);
	gl_put(&l, 0xf60, 4, 7);
	gl_put(&l, 0xf68, 8, 1);
	gl_put(&l, 0xf70, 4, 5);
	gl_put(&l, 0xf7c, 8, Q_S0);
	gl_put(&l, 0xf84, 8, Q_S0 + 8);
	gl_put(&l, 0xf8c, 8, P_STAMP_A);
	gl_put(&l, 0xf94, 8, P_STAMP_A + 8);
	gl_put(&l, 0xfb0, 2, 0x1a);
	gl_put(&l, 0xfb2, 8, Q_SC);
	gl_put(&l, 0xfba, 4, 0x1234);
	gl_put(&l, 0xfbe, 4, 0x5678);
	gl_put(&l, 0xfc5, 1, 0x9f);
	gl_put(&l, 0xfcb, 8, Q_ZP);
	gl_put(&l, 0xfd3, 1, 1);
	n += expect_image(test, bufs[0].ptr, 0x4000, l.g, l.n, "G17P compute");
	gl_init(test, &l, 4);
	gl_put(&l, 0x00, 4, 0x0e);
	gl_put(&l, 0x04, 4, 0x10004);
	gl_put(&l, 0x08, 4, 0x2007);
	gl_put(&l, 0x10, 4, 0x200);
	n += expect_image(test, bufs[1].ptr, 0x400, l.g, l.n,
			  "G17P compute event");
	checked[1] += n;

	/* G17P specifics refused. */
	in.submission_index = 0;
	KUNIT_EXPECT_EQ(test, gen->build_compute(d, &in, bufs), -EINVAL);
	g17p_compute_inputs(d, &in);
	in.queue_submission = 0x1000000;
	KUNIT_EXPECT_EQ(test, gen->build_compute(d, &in, bufs), -EINVAL);
	g17p_compute_inputs(d, &in);
	d->cmd.helper.binary = 0x1000;
	KUNIT_EXPECT_EQ(test, gen->build_compute(d, &in, bufs), -EOPNOTSUPP);
	g17p_compute_inputs(d, &in);
	d->ts.end = R_TS;
	KUNIT_EXPECT_EQ(test, gen->build_compute(d, &in, bufs), -EOPNOTSUPP);
}

/* Each input check of the render builder, one at a time. */
static void agx4_fw_layout_render_builder_refuses_bad_input(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_render_desc *good = kunit_kzalloc(test, sizeof(*d),
						      GFP_KERNEL);
	struct agx4_fw_render_in in, good_in;
	struct agx4_fw_buf bufs[8];
	unsigned int i, n = gen->num_render_objs;
	static const struct {
		const char *what;
		int err;
	} cases[] = {
		{ "width 0", -EINVAL }, { "width 16385", -EINVAL },
		{ "height 0", -EINVAL }, { "height 16385", -EINVAL },
		{ "layers 0", -EINVAL }, { "layers 2049", -EINVAL },
		{ "utile 16x32", -EINVAL }, { "3 samples", -EINVAL },
		{ "tile buffer > 64 blocks", -EINVAL },
		{ "sampler heap misaligned", -EINVAL },
		{ "samplers without heap", -EINVAL },
		{ "heap without samplers", -EINVAL },
		{ "tilemap below context base", -ERANGE },
		{ "VDM stream 4 GiB above it", -ERANGE },
		{ "deflake 3 out of range", -ERANGE },
		{ "buffer short", -EINVAL }, { "buffer missing", -EINVAL },
	};

	if (!gen->build_render)
		kunit_skip(test, "%s: no render builder yet", gen->name);
	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_ASSERT_NOT_NULL(test, good);
	KUNIT_ASSERT_LE(test, n, ARRAY_SIZE(bufs));
	if (gen == &agx4_fw_g17p)
		g17p_render_inputs(good, &good_in);
	else
		render_inputs(good, &good_in);
	make_bufs(test, gen->render_objs, n, bufs, n);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct drm_asahi_cmd_render *cmd = &d->cmd;
		struct agx4_fw_buf b[8];

		*d = *good;
		in = good_in;
		memcpy(b, bufs, sizeof(b));
		switch (i) {
		case 0:
			cmd->width_px = 0;
			break;
		case 1:
			cmd->width_px = 16385;
			break;
		case 2:
			cmd->height_px = 0;
			break;
		case 3:
			cmd->height_px = 16385;
			break;
		case 4:
			cmd->layers = 0;
			break;
		case 5:
			cmd->layers = 2049;
			break;
		case 6:
			cmd->utile_width_px = 16;
			break;
		case 7:
			cmd->samples = 3;
			break;
		case 8:
			cmd->samples = 4;
			cmd->sample_size_B = 64;
			break;
		case 9:
			cmd->sampler_heap |= 4;
			break;
		case 10:
			cmd->sampler_heap = 0;
			break;
		case 11:
			cmd->sampler_count = 0;
			break;
		case 12:
			in.tilemap = in.context_base - 0x4000;
			break;
		case 13:
			cmd->vdm_ctrl_stream_base = in.context_base +
						    0x100000000ull;
			break;
		case 14:
			in.deflake[2] = in.context_base + 0x1ffff0000ull;
			break;
		case 15:
			b[n - 1].size--;
			break;
		case 16:
			b[0].ptr = NULL;
			break;
		}
		KUNIT_EXPECT_EQ_MSG(test, gen->build_render(d, &in, b),
				    cases[i].err, "%s", cases[i].what);
		KUNIT_EXPECT_TRUE_MSG(test, untouched(bufs, n),
				      "%s: output written", cases[i].what);
	}
	if (gen == &agx4_fw_g16) {
		/* G16 tags the support and shared-tail pages: 256-aligned. */
		in = good_in;
		in.support += 0x80;
		KUNIT_EXPECT_EQ(test, gen->build_render(good, &in, bufs),
				-EINVAL);
		in = good_in;
		in.frag.shared_tail += 8;
		KUNIT_EXPECT_EQ(test, gen->build_render(good, &in, bufs),
				-EINVAL);
		KUNIT_EXPECT_TRUE(test, untouched(bufs, n));
	}
	/* And the good inputs do build. */
	KUNIT_EXPECT_EQ(test, gen->build_render(good, &good_in, bufs), 0);
}

/* Each input check of the compute builder. */
static void agx4_fw_layout_compute_builder_refuses_bad_input(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	struct agx4_compute_desc *good = kunit_kzalloc(test, sizeof(*good),
						       GFP_KERNEL);
	struct agx4_compute_desc *d = kunit_kzalloc(test, sizeof(*d),
						    GFP_KERNEL);
	struct agx4_fw_compute_in in;
	struct agx4_fw_buf bufs[8];
	unsigned int i, n = gen->num_compute_objs;
	static const char *const what[] = {
		"no stream", "stream misaligned", "end misaligned",
		"end before start", "sampler heap misaligned",
		"samplers without heap", "buffer short", "buffer missing",
	};

	if (!gen->build_compute)
		kunit_skip(test, "%s: no compute builder yet", gen->name);
	KUNIT_ASSERT_NOT_NULL(test, good);
	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_ASSERT_LE(test, n, ARRAY_SIZE(bufs));
	if (gen == &agx4_fw_g17p)
		g17p_compute_inputs(good, &in);
	else
		compute_inputs(good, &in);
	make_bufs(test, gen->compute_objs, n, bufs, n);
	for (i = 0; i < ARRAY_SIZE(what); i++) {
		struct drm_asahi_cmd_compute *cmd = &d->cmd;
		struct agx4_fw_buf b[8];

		*d = *good;
		memcpy(b, bufs, sizeof(b));
		switch (i) {
		case 0:
			cmd->cdm_ctrl_stream_base = 0;
			break;
		case 1:
			cmd->cdm_ctrl_stream_base += 2;
			break;
		case 2:
			cmd->cdm_ctrl_stream_end += 1;
			break;
		case 3:
			cmd->cdm_ctrl_stream_end = cmd->cdm_ctrl_stream_base;
			break;
		case 4:
			cmd->sampler_heap = 0x1400000004ull;
			cmd->sampler_count = 1;
			break;
		case 5:
			cmd->sampler_count = 1;
			break;
		case 6:
			b[0].size--;
			break;
		case 7:
			b[n - 1].ptr = NULL;
			break;
		}
		KUNIT_EXPECT_EQ_MSG(test, gen->build_compute(d, &in, b), -EINVAL,
				    "%s", what[i]);
		KUNIT_EXPECT_TRUE_MSG(test, untouched(bufs, n),
				      "%s: output written", what[i]);
	}
	KUNIT_EXPECT_EQ(test, gen->build_compute(good, &in, bufs), 0);
}

#define T_PL		0xfffffc20c0890000ull
#define T_PL_GPU	0x1000258000ull
#define T_BL		0xfffffc20c0878000ull
#define T_BC		0xfffffc2000340000ull
#define T_CNT		0xfffffc2000350000ull
#define T_SL		0xfffffc2000348000ull
#define T_SLOTS		0x1000080000ull

/* 6.1: the pool of the reference's first VM, written out. */
static void agx4_fw_layout_g16_tvb_golden_bytes(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g16;
	struct agx4_fw_tvb_in in = {
		.slot = 7, .blocks = 11, .first_block = 0x1000088000ull,
		.page_list = T_PL, .page_list_gpu = T_PL_GPU,
		.block_list = T_BL, .block_control = T_BC, .counter = T_CNT,
		.scene_list = T_SL, .pool_slots = T_SLOTS,
	};
	struct agx4_fw_tvb_in bad;
	struct agx4_fw_buf bufs[6];
	struct gold_list l;
	unsigned int n = 0, i, j;

	make_bufs(test, gen->tvb_objs, gen->num_tvb_objs, bufs,
		  ARRAY_SIZE(bufs));
	KUNIT_ASSERT_EQ(test, gen->build_tvb(gen, &in, bufs), 0);

	gl_init(test, &l, 16);
	gl_put(&l, 0x0c, 4, 7);
	gl_put(&l, 0x20, 8, T_PL);
	gl_put(&l, 0x28, 4, 0x258000);
	gl_put(&l, 0x2c, 4, 0x10);
	gl_put(&l, 0x30, 4, 0x1c000);
	gl_put(&l, 0x34, 4, 0x2c);
	gl_put(&l, 0x38, 4, 0x19b3);
	gl_put(&l, 0x3c, 4, 11);
	gl_put(&l, 0x44, 8, T_BL);
	gl_put(&l, 0x4c, 8, T_BC);
	gl_put(&l, 0x54, 4, 0x2b);
	gl_put(&l, 0x58, 4, 0x20000);
	gl_put(&l, 0x64, 8, T_CNT);
	gl_put(&l, 0x7c, 4, 0x66cc);
	gl_put(&l, 0x80, 4, 0x2244);
	gl_put(&l, 0x84, 4, 0x248000);
	n += expect_image(test, bufs[0].ptr, bufs[0].size, l.g, l.n, "BM");

	gl_init(test, &l, 3);
	gl_put(&l, 0x00, 4, 11);
	gl_put(&l, 0x04, 4, 11);
	gl_put(&l, 0x60, 4, 1);
	n += expect_image(test, bufs[1].ptr, bufs[1].size, l.g, l.n,
			  "block control");

	/* Block ids 0x11 + 5i, page ids 0x11 + 5i + j. */
	gl_init(test, &l, 11);
	for (i = 0; i < 11; i++)
		gl_put(&l, i * 8, 4, 0x11 + 5 * i);
	n += expect_image(test, bufs[2].ptr, bufs[2].size, l.g, l.n,
			  "block list");
	gl_init(test, &l, 44);
	for (i = 0; i < 11; i++)
		for (j = 0; j < 4; j++)
			gl_put(&l, (i * 4 + j) * 4, 4, 0x11 + 5 * i + j);
	n += expect_image(test, bufs[3].ptr, bufs[3].size, l.g, l.n,
			  "page list");

	gl_init(test, &l, 80 * 5);
	for (i = 0; i < 80; i++) {
		gl_put(&l, i * 0x80, 8, T_SLOTS + i * 4);
		gl_put(&l, i * 0x80 + 0x08, 8, T_SL + i * 4);
		gl_put(&l, i * 0x80 + 0x28, 8, 0x240000 + (i % 36) * 0x30);
		gl_put(&l, i * 0x80 + 0x40, 8, T_BC + 0x40);
		gl_put(&l, i * 0x80 + 0x48, 8, 0x100000000ull);
	}
	n += expect_image(test, bufs[4].ptr, 0x2800, l.g, l.n, "scene page");

	gl_init(test, &l, 2);
	gl_put(&l, 0x00, 4, lower_32_bits((T_PL_GPU >> 4) & 0xfffffff8));
	gl_put(&l, 0x04, 4, 44);
	n += expect_image(test, bufs[5].ptr, 16, l.g, l.n, "PB descriptor");
	checked[0] += n;

	/* Refused, with nothing written. */
	make_bufs(test, gen->tvb_objs, gen->num_tvb_objs, bufs,
		  ARRAY_SIZE(bufs));
	for (i = 0; i < 8; i++) {
		bad = in;
		switch (i) {
		case 0:
			bad.slot = 6;
			break;
		case 1:
			bad.slot = 64;
			break;
		case 2:
			bad.blocks = 0;
			break;
		case 3:
			bad.blocks = gen->tvb.max_blocks + 1;
			break;
		case 4:
			bad.first_block += 0x4000;
			break;
		case 5:
			bad.first_block = 0x80000;
			break;
		case 6:
			bad.page_list_gpu += 0x40;
			break;
		case 7:
			bad.page_list_gpu = AGX4_FW_CONTEXT_BASE + (1ull << 36);
			break;
		}
		KUNIT_EXPECT_EQ_MSG(test, gen->build_tvb(gen, &bad, bufs),
				    -EINVAL, "case %u", i);
	}
	KUNIT_EXPECT_TRUE(test, untouched(bufs, ARRAY_SIZE(bufs)));
}

/* The little-endian value of @width bytes at @off inside some run. */
static u64 find_run(const struct agx4_fw_run *runs, unsigned int n, u32 off,
		    unsigned int width)
{
	unsigned int i;
	u8 v[8] = { };

	for (i = 0; i < n; i++)
		if (off >= runs[i].offset &&
		    off + width <= runs[i].offset + runs[i].len) {
			memcpy(v, runs[i].bytes + off - runs[i].offset, width);
			return get_unaligned_le64(v);
		}
	return ~0ull;
}

/* Expect the bytes of the constant runs @runs. */
static void gl_runs(struct gold_list *l, const struct agx4_fw_run *runs,
		    unsigned int n)
{
	unsigned int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < runs[i].len; j++)
			gl_put(l, runs[i].offset + j, 1, runs[i].bytes[j]);
}

/* 3.4, 3.5: hwdata and region C from fixed device-tree inputs. */
static void agx4_fw_layout_hwdata_and_region_c_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	static const u32 fa[11] = { 0, 338, 492, 618, 796, 928, 1056, 1170,
				    1278, 1338, 1470 };
	static const u32 fb[11] = { 0, 338, 492, 618, 796, 928, 952, 1053,
				    1152, 1204, 1326 };
	static const u32 cmv[11] = { 125, 595, 615, 635, 685, 730, 780, 815,
				     865, 885, 955 };
	static const u32 mmv[11] = { 765, 765, 765, 765, 765, 765, 780, 815,
				     865, 885, 955 };
	static const u32 ra[11] = { 0, 16, 23, 30, 43, 57, 74, 85, 90, 92, 100 };
	static const u32 rb[11] = { 0, 0, 13, 24, 40, 52, 63, 73, 83, 88, 100 };
	static const u32 ia[11] = { 0, 1, 2, 3, 4, 5, 7, 9, 11, 13, 15 };
	static const u32 ib[11] = { 0, 1, 2, 3, 4, 5, 6, 8, 10, 12, 14 };
	const struct agx4_fw_regwin_in wins[] = {
		{ .slot = 17, .rw = true, .pa = 0x404000000ull,
		  .fw_va = 0xfffffc2180200000ull, .size = 0x20000,
		  .stride = 0x20000, .sgx_offset = 0 },
		{ .slot = 32, .rw = true, .pa = 0x404d60000ull,
		  .fw_va = 0xfffffc2180224000ull, .size = 0x8000,
		  .stride = 0x8000, .sgx_offset = 0xd60000 },
		{ .slot = 9, .pa = 0x3803d0000ull,
		  .fw_va = 0xfffffc2180230000ull, .size = 0x4000,
		  .stride = 0x4000 },
	};
	struct agx4_fw_hwdata_in in = {
		.ts_aperture = 0xfffffc2181400000ull,
		.wins = wins, .num_wins = ARRAY_SIZE(wins),
	};
	static const struct agx4_fw_hw_region_in hw_regions[] = {
		{ 1, 0x1838000, 0xfffffc20c07c8000ull, 2 },
		{ 3, 0x1840000, 0xfffffc20015e0000ull, 4 },
	};
	struct agx4_fw_regwin_in bad[2];
	struct agx4_platform *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	u8 *buf = kunit_kzalloc(test, 0x4000, GFP_KERNEL);
	struct gold_list l;
	unsigned int n = 0, i, j;

	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	p->chip_id = g16 ? 0x8132 : 0x8140;
	p->max_power_mw = 20000;
	memcpy(p->freq_a, fa, sizeof(fa));
	memcpy(p->freq_b, fb, sizeof(fb));
	memcpy(p->core_mv, cmv, sizeof(cmv));
	memcpy(p->mem_mv, mmv, sizeof(mmv));
	memcpy(p->relative_a, ra, sizeof(ra));
	memcpy(p->relative_b, rb, sizeof(rb));
	memcpy(p->index_a, ia, sizeof(ia));
	memcpy(p->index_b, ib, sizeof(ib));
	p->chip_revision = 0x11;
	p->sample_period_clks = 24000 * 8;
	/* 3.5, 3.4: values the G17P runs must agree with. */
	if (!g16) {
		KUNIT_EXPECT_EQ(test, find_run(g17p_runs[1], g17p_num_runs[1],
					       0x84, 4), 9550);
		KUNIT_EXPECT_EQ(test, find_run(g17p_runs[0], g17p_num_runs[0],
					       0x1cd8, 1), 10);
	}

	/* Region A: a zeroed page (fw-abi.md 2.1). */
	memset(buf, 0xa5, 0x4000);
	KUNIT_EXPECT_EQ(test, agx4_fw_build_region_a(buf, 0x3fff), -EINVAL);
	KUNIT_ASSERT_EQ(test, agx4_fw_build_region_a(buf, 0x4000), 0);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0, 0x4000));
	n++;

	/* Region C */
	KUNIT_ASSERT_EQ(test, gen->build_region_c(p, buf, 0x1000), 0);
	gl_init(test, &l, 256);
	if (!g16)
		gl_runs(&l, g17p_runs[1], g17p_num_runs[1]);
	gl_put(&l, 0x024, 4, g16 ? 4096 : 3000);
	gl_put(&l, 0x054, 2, 0xffff);
	gl_put(&l, 0x056, 2, 40);
	gl_put(&l, 0x058, 2, 0xffff);
	gl_put(&l, 0x078, 4, 1);
	gl_put(&l, 0x084, 4, g16 ? 20000 : 9550);
	gl_put(&l, 0x088, 4, 1000);
	gl_put(&l, 0x08c, 4, 1000);
	gl_put(&l, 0x098, 4, 1000);
	if (g16) {
		gl_put(&l, 0x998, 4, 32);
		gl_put(&l, 0x99c, 4, 8);
		gl_put(&l, 0x9a0, 4, 256);
		gl_put(&l, 0x9a4, 4, 1);
		gl_put(&l, 0x9c8, 4, 64);
		gl_put(&l, 0x9cc, 4, 64);
		gl_put(&l, 0x9d0, 4, 2);
		gl_put(&l, 0xe28, 4, 3);
		gl_put(&l, 0xe2c, 4, 1);
	} else {
		gl_put(&l, 0x998, 4, 40);
		gl_put(&l, 0x99c, 4, 10);
		gl_put(&l, 0x9a0, 4, 250);
		gl_put(&l, 0x9a4, 4, 1);
		gl_put(&l, 0x9b8, 4, 600000);
		gl_put(&l, 0x9bc, 4, 600000);
		gl_put(&l, 0x9c0, 4, 5);
		gl_put(&l, 0x9c4, 4, 0);
		gl_put(&l, 0x9c8, 4, 40);
		gl_put(&l, 0x9cc, 4, 50);
		gl_put(&l, 0x9d0, 4, 1);
	}
	n += expect_image(test, buf, 0x1000, l.g, l.n, "region C");
	KUNIT_EXPECT_EQ(test, gen->build_region_c(p, buf, 0xfff), -EINVAL);
	if (g16) {
		p->max_power_mw = 0;
		KUNIT_EXPECT_EQ(test, gen->build_region_c(p, buf, 0x1000),
				-EINVAL);
	}

	/* hwdata (3.4) */
	if (!g16) {
		in.regions = hw_regions;
		in.num_regions = ARRAY_SIZE(hw_regions);
	}
	memset(buf, 0xa5, 0x4000);
	KUNIT_ASSERT_EQ(test, gen->build_hwdata(gen, p, &in, buf, 0x3db4), 0);
	KUNIT_EXPECT_EQ(test, buf[0x3db4], 0xa5);
	gl_init(test, &l, 1200);
	if (!g16) {
		/* The runs, and the values of theirs the specification gives. */
		gl_runs(&l, g17p_runs[0], g17p_num_runs[0]);
		gl_put(&l, 0xed0, 4, 24000);
		for (i = 0; i < ARRAY_SIZE(hw_regions); i++) {
			u32 r = 0x2610 + 0x40 * i;

			gl_put(&l, r, 4, hw_regions[i].lead);
			gl_put(&l, r + 0x04, 4, hw_regions[i].value);
			gl_put(&l, r + 0x08, 4, 0x70);
			gl_put(&l, r + 0x0c, 8, hw_regions[i].address);
			gl_put(&l, r + 0x14, 4, 0x800);
			gl_put(&l, r + 0x18, 4, 0x40);
			gl_put(&l, r + 0x1c, 4, hw_regions[i].trail);
		}
	}
	gl_put(&l, 0x28, 8, 0xfffffc2181400000ull);
	for (i = 0; i < ARRAY_SIZE(wins); i++) {
		u32 r = 0x640 + 0x28 * wins[i].slot;

		gl_put(&l, r, 8, wins[i].pa);
		gl_put(&l, r + 0x08, 8, wins[i].fw_va);
		gl_put(&l, r + 0x10, 4, wins[i].size);
		gl_put(&l, r + 0x14, 4, wins[i].stride);
		gl_put(&l, r + 0x18, 8, wins[i].sgx_offset);
		gl_put(&l, r + 0x20, 4, wins[i].rw ? 2 : 0);
	}
	gl_put(&l, 0xe90, 4, g16 ? 0x8132 : 0x8140);
	if (g16) {
		gl_put(&l, 0xe94, 4, 1);
		gl_put(&l, 0xe98, 4, 1);
		gl_put(&l, 0xea0, 4, 1);
		gl_put(&l, 0xeb8, 4, 1);
		gl_put(&l, 0xec8, 4, 1);
		gl_put(&l, 0xed0, 4, 24000);
		gl_put(&l, 0xed8, 4, 8);
		gl_put(&l, 0xee0, 4, 1);
		gl_put(&l, 0xee4, 4, 1);
		gl_put(&l, 0xee8, 4, 1);
	}
	gl_put(&l, 0xfc4, 4, 10);
	gl_put(&l, 0x1cd8, 4, 10);
	for (i = 0; i < 11; i++) {
		gl_put(&l, 0xfc8 + 4 * i, 4, fa[i]);
		for (j = 0; j < 16; j++) {
			gl_put(&l, 0xfc8 + 0x40 + 0x40 * i + 4 * j, 4, cmv[i]);
			gl_put(&l, 0xfc8 + 0x440 + 0x40 * i + 4 * j, 4, mmv[i]);
		}
		gl_put(&l, 0x1808 + 4 * i, 4, fb[i]);
		gl_put(&l, 0x1cdc + 4 * i, 4, fb[i]);
		gl_put(&l, 0x1848 + 4 * i, 4, 0x3f828f5c);
		gl_put(&l, 0x18c8 + 4 * i, 4, ra[i]);
		gl_put(&l, 0x1908 + 4 * i, 4, rb[i]);
		gl_put(&l, 0x19c8 + 4 * i, 4, ia[i]);
		gl_put(&l, 0x1a08 + 4 * i, 4, ib[i]);
	}
	gl_put(&l, 0x258e, 2, g16 ? 22 : 12);
	for (i = 0; i < (g16 ? 2 : 1); i++)
		for (j = 1; j < 4; j++)
			gl_put(&l, 0x2590 + 16 * i + 4 * j, 4, 1);
	for (i = 0; i < 12; i++)
		gl_put(&l, 0x25b4 + 4 * i, 4, 0xffffffff);
	gl_put(&l, 0x25f4, 4, 1);
	if (g16) {
		gl_put(&l, 0x2604, 4, 1);
	} else {
		gl_put(&l, 0x2600, 4, 1);
		gl_put(&l, 0x2608, 4, 1);
	}
	n += expect_image(test, buf, 0x3db4, l.g, l.n, "hwdata");
	checked[case_index(c)] += n;

	/* Refused: slot 53, a slot twice, an empty window, no period. */
	memset(buf, 0xa5, 0x4000);
	bad[0] = wins[0];
	bad[1] = wins[1];
	in.wins = bad;
	in.num_wins = 2;
	bad[1].slot = 53;
	KUNIT_EXPECT_EQ(test, gen->build_hwdata(gen, p, &in, buf, 0x3db4),
			-EINVAL);
	bad[1].slot = bad[0].slot;
	KUNIT_EXPECT_EQ(test, gen->build_hwdata(gen, p, &in, buf, 0x3db4),
			-EINVAL);
	bad[1] = wins[1];
	bad[1].size = 0;
	KUNIT_EXPECT_EQ(test, gen->build_hwdata(gen, p, &in, buf, 0x3db4),
			-EINVAL);
	bad[1] = wins[1];
	KUNIT_EXPECT_EQ(test, gen->build_hwdata(gen, p, &in, buf, 0x3db3),
			-EINVAL);
	if (g16) {
		p->sample_period_clks = 0;
		KUNIT_EXPECT_EQ(test, gen->build_hwdata(gen, p, &in, buf,
							0x3db4), -EINVAL);
	} else {
		in.wins = wins;
		in.num_wins = ARRAY_SIZE(wins);
		in.num_regions = 17;
		KUNIT_EXPECT_EQ(test, gen->build_hwdata(gen, p, &in, buf,
							0x3db4), -EINVAL);
	}
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, 0x4000));
}

/* 3.3, 3.8, 3.9, 3.10: ring geometry and stamps in the descriptor. */
static void agx4_fw_layout_channel_geometry_and_stamps(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;

	KUNIT_EXPECT_EQ(test, gen->chan.work_msg_size, 0x18);
	KUNIT_EXPECT_EQ(test, gen->chan.ctl_size, 0x40);
	KUNIT_EXPECT_EQ(test, gen->chan.event_size, 0x48);
	KUNIT_EXPECT_EQ(test, gen->chan.ring_entries, 256);
	KUNIT_EXPECT_EQ(test, gen->chan.trace_entries, 512);
	KUNIT_EXPECT_EQ(test, gen->num_instances, g16 ? 1 : 2);
	KUNIT_EXPECT_EQ(test, gen->cursors_in_mmio, g16);
	KUNIT_EXPECT_EQ(test, gen->tvb.initial_blocks, g16 ? 11 : 8);
	KUNIT_EXPECT_EQ(test, gen->tvb.growth_blocks, 10);
	KUNIT_EXPECT_EQ(test, gen->tvb.max_blocks, g16 ? 331 : 2048);
	checked[case_index(c)] += 10;
	if (!g16) {
		/* G17P completes by status records: no stamps. */
		KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 0, 1), 0);
		return;
	}
	/* first + ordinal * 0x100: TA 0xc00, 3D and compute 0x100. */
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 0, 0), 0xc00);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 0, 1), 0xd00);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 1, 1), 0x200);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 2, 5), 0x600);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 1, 0x00ffffff),
			0x100 + 0xffffff00);
	KUNIT_EXPECT_EQ(test, agx4_fw_stamp_value(gen, 3, 0), 0);
	checked[case_index(c)] += 5;
	/* Reached is a signed comparison: the "not done" value is not. */
	KUNIT_EXPECT_TRUE(test, agx4_fw_stamp_reached(0xd00, 0xd00));
	KUNIT_EXPECT_TRUE(test, agx4_fw_stamp_reached(0xe00, 0xd00));
	KUNIT_EXPECT_FALSE(test, agx4_fw_stamp_reached(0xc00, 0xd00));
	KUNIT_EXPECT_TRUE(test, agx4_fw_stamp_reached(0x100, 0xffffff00));
	KUNIT_EXPECT_FALSE(test, agx4_fw_stamp_reached(0xffffff00, 0x100));
}

/* 3.9: the G17P optional record, TA and 3D forms. */
static void agx4_fw_layout_g17p_optional_golden_bytes(struct kunit *test)
{
	const struct agx4_fw_gen *gen = &agx4_fw_g17p;
	struct agx4_fw_optional_in in = {
		.kind = 0, .context_low = 0x7000438000ull,
		.context_high = 0xfffffc20001d8000ull, .grid = 2, .first = true,
		.sched_class = 4, .item = 3, .context = 1,
		.shared_control = 0xfffffc20c0848000ull, .ordinal = 9,
		.field_46 = 0x46, .channel_control = 0xfffffc20c07b8000ull,
		.uuid = 0x15, .scheduler = 5,
		.tiling_shared = 0xfffffc20c0850000ull,
		.lifecycle = 0x123456789ull, .ns = 0x77,
	};
	u8 *buf = kunit_kmalloc(test, 0xc1, GFP_KERNEL);
	struct gold_list l;
	unsigned int n = 0, i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_NULL(test, agx4_fw_g16.build_optional);
	memset(buf, 0xa5, 0xc1);
	KUNIT_ASSERT_EQ(test, gen->build_optional(&in, buf, 0xc0), 0);
	KUNIT_EXPECT_EQ(test, buf[0xc0], 0xa5);
	gl_init(test, &l, 48);
	gl_put(&l, 0x00, 4, 0xf);
	gl_put(&l, 0x08, 8, 0x7000438000ull);
	gl_put(&l, 0x10, 8, 0xfffffc20001d8000ull);
	gl_put(&l, 0x18, 2, 2);
	gl_put(&l, 0x1a, 2, 1);
	gl_put(&l, 0x1e, 2, 4);
	gl_put(&l, 0x22, 2, 2);
	gl_put(&l, 0x2a, 2, 3);
	gl_put(&l, 0x2e, 2, 3 << 8);
	gl_put(&l, 0x32, 2, 1);
	gl_put(&l, 0x36, 8, 0xfffffc20c0848000ull);
	gl_put(&l, 0x3e, 2, 9);
	gl_put(&l, 0x46, 2, 0x46);
	gl_put(&l, 0x4a, 8, 0xfffffc20c07b8000ull);
	gl_put(&l, 0x52, 2, 1);
	gl_put(&l, 0x56, 2, 1);
	gl_put(&l, 0x5a, 2, 0x15);
	gl_put(&l, 0x5e, 2, 5);
	gl_put(&l, 0x62, 2, 1);
	gl_put(&l, 0x66, 2, 1);
	gl_put(&l, 0x6e, 8, 0xfffffc20c0850000ull);
	gl_put(&l, 0x76, 8, 0x123456789ull);
	gl_put(&l, 0x7e, 4, 0x77);
	gl_put(&l, 0x82, 4, 3);
	n += expect_image(test, buf, 0xc0, l.g, l.n, "optional TA");

	/* 3D: no tiling object, 0x76..0x85 all 0xff. */
	in.kind = 1;
	KUNIT_ASSERT_EQ(test, gen->build_optional(&in, buf, 0xc0), 0);
	l.n -= 4;
	for (i = 0x76; i < 0x86; i++)
		gl_put(&l, i, 1, 0xff);
	n += expect_image(test, buf, 0xc0, l.g, l.n, "optional 3D");
	checked[1] += n;

	/* Refused, nothing written. */
	memset(buf, 0xa5, 0xc1);
	in.kind = 3;
	KUNIT_EXPECT_EQ(test, gen->build_optional(&in, buf, 0xc0), -EINVAL);
	in.kind = 2;
	KUNIT_EXPECT_EQ(test, gen->build_optional(&in, buf, 0xbf), -EINVAL);
	in.item = 256;
	KUNIT_EXPECT_EQ(test, gen->build_optional(&in, buf, 0xc0), -EINVAL);
	in.item = 3;
	in.uuid = 0x10000;
	KUNIT_EXPECT_EQ(test, gen->build_optional(&in, buf, 0xc0), -EINVAL);
	in.uuid = 0x15;
	in.context = 0x10000;
	KUNIT_EXPECT_EQ(test, gen->build_optional(&in, buf, 0xc0), -EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, 0xc1));
}

/* The shared helpers refuse what does not fit, writing nothing. */
static void agx4_fw_layout_helpers_refuse_what_does_not_fit(struct kunit *test)
{
	static const struct agx4_fw_reg_src prog[] = {
		AGX4_FW_REG_CONST(0x1748, 1),
		{ .reg = 0x10141, .val = 1 },
		{ .reg = 0x10149, .val = 2 },
	};
	static const u8 bytes[] = { 1, 2, 3, 4 };
	const struct agx4_fw_run runs[] = {
		{ 0, sizeof(bytes), bytes }, { 0x3e, sizeof(bytes), bytes },
	};
	const u64 vals[3] = { 10, 20, 30 };
	struct agx4_fw_reg out[4];
	u8 buf[0x40];

	memset(out, 0xa5, sizeof(out));
	/* More records than room; a record naming a value past the end. */
	KUNIT_EXPECT_EQ(test, agx4_fw_emit_regs(prog, 3, vals, 3, out, 2),
			-E2BIG);
	KUNIT_EXPECT_EQ(test, agx4_fw_emit_regs(prog, 3, vals, 2, out, 4),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(out, 0xa5, sizeof(out)));
	KUNIT_ASSERT_EQ(test, agx4_fw_emit_regs(prog, 3, vals, 3, out, 4), 3);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(out[1].reg), 0x10141);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(&out[1].value), 20);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(&out[0].value), 1);

	/* A run past the object's end. */
	memset(buf, 0xa5, sizeof(buf));
	KUNIT_EXPECT_EQ(test, agx4_fw_apply_runs(runs, 2, buf, sizeof(buf)),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, sizeof(buf)));
	KUNIT_EXPECT_EQ(test, agx4_fw_apply_runs(runs, 1, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_EQ(test, buf[3], 4);
}

/* An event record written byte by byte from 3.8. */
static u8 *ev_rec(struct kunit *test, u32 kind)
{
	u8 *r = kunit_kzalloc(test, 0x48, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	put_unaligned_le32(kind, r);
	return r;
}

static void agx4_fw_layout_events_parse_per_spec(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	struct agx4_fw_event ev;
	unsigned int n = 0, i;
	u8 *r;

	/* 13: a receipt echoes the control record. */
	r = ev_rec(test, 13);
	put_unaligned_le32(1, r + 4);
	put_unaligned_le64(0xfffffc20c0528000ull, r + 0xc);
	put_unaligned_le32(160, r + 0x28);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.kind, 13);
	KUNIT_EXPECT_EQ(test, ev.echo[0], 1);
	KUNIT_EXPECT_EQ(test, ev.echo[2], 0xc0528000);
	KUNIT_EXPECT_EQ(test, ev.echo[3], 0xfffffc20);
	KUNIT_EXPECT_EQ(test, ev.echo[9], 160);
	n += 5;

	/* 4: fatal, all-zero body. */
	r = ev_rec(test, 4);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.kind, 4);
	r[0x47] = 1;
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	n += 2;

	/* Unknown kinds and short records. */
	for (i = 0; i < 16; i++) {
		if (i == 1 || i == 4 || i == 6 || i == 7 || i == 13 ||
		    (i == 5 && g16))
			continue;
		r = ev_rec(test, i);
		KUNIT_EXPECT_EQ_MSG(test, gen->parse_event(r, 0x48, &ev),
				    -EPROTO, "kind %u", i);
	}
	r = ev_rec(test, 4);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x47, &ev), -EINVAL);

	if (g16) {
		/* 6: +4 context, +8 slot, +0xc counter, +0x10 subpipe, +0x14 halt. */
		r = ev_rec(test, 6);
		put_unaligned_le32(3, r + 4);
		put_unaligned_le32(9, r + 8);
		put_unaligned_le32(5, r + 0xc);
		put_unaligned_le32(1, r + 0x10);
		put_unaligned_le64(0x123456789ull, r + 0x14);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_EQ(test, ev.kind, 6);
		KUNIT_EXPECT_EQ(test, ev.grow.context, 3);
		KUNIT_EXPECT_EQ(test, ev.grow.slot, 9);
		KUNIT_EXPECT_EQ(test, ev.grow.counter, 5);
		KUNIT_EXPECT_EQ(test, ev.grow.subpipe, 1);
		KUNIT_EXPECT_EQ(test, ev.grow.halt_count, 0x123456789ull);
		n += 6;
		/* Pool slots are 7..63 (7 + lease 0..56). */
		put_unaligned_le32(6, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
		put_unaligned_le32(64, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
		put_unaligned_le32(63, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);

		/* 7: +4 0, +8 1, +0xc fragment event, +0x10 fragment stamp. */
		r = ev_rec(test, 7);
		put_unaligned_le32(1, r + 8);
		put_unaligned_le32(0x23, r + 0xc);
		put_unaligned_le32(0x300, r + 0x10);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_EQ(test, ev.limit.event, 0x23);
		KUNIT_EXPECT_EQ(test, ev.limit.stamp, 0x300);
		n += 2;
		put_unaligned_le32(1, r + 4);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
		put_unaligned_le32(0, r + 4);
		put_unaligned_le32(2, r + 8);
		KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);

		/* 5: partial render when +0x2c & 0xffff == 4, +0x30 == 0, +0x14 != 0. */
		r = ev_rec(test, 5);
		put_unaligned_le32(1, r + 0x14);
		put_unaligned_le64(R_FR_Q, r + 0x24);
		put_unaligned_le32(0x70004, r + 0x2c);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_TRUE(test, ev.partial_start);
		KUNIT_EXPECT_EQ(test, ev.partial_queue, R_FR_Q);
		put_unaligned_le32(1, r + 0x30);
		KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
		KUNIT_EXPECT_FALSE(test, ev.partial_start);
		n += 3;
		checked[case_index(c)] += n;
		return;
	}

	/* G17P 1: bytes 4..19 are the grid mask. */
	r = ev_rec(test, 1);
	put_unaligned_le64(0x8000000000000003ull, r + 4);
	put_unaligned_le64(0x10, r + 12);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.mask[0], 0x8000000000000003ull);
	KUNIT_EXPECT_EQ(test, ev.mask[1], 0x10);
	n += 2;

	/* G17P 6: +4 VM, +8 pool, +0xc counter, +0x10 grid, 0x14..0x37 zero,
	 * +0x38 1, +0x40 1 << grid.
	 */
	r = ev_rec(test, 6);
	put_unaligned_le32(2, r + 4);
	put_unaligned_le32(1, r + 8);
	put_unaligned_le32(7, r + 0xc);
	put_unaligned_le32(5, r + 0x10);
	put_unaligned_le64(1, r + 0x38);
	put_unaligned_le64(1ull << 5, r + 0x40);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.grow.context, 2);
	KUNIT_EXPECT_EQ(test, ev.grow.slot, 1);
	KUNIT_EXPECT_EQ(test, ev.grow.counter, 7);
	KUNIT_EXPECT_EQ(test, ev.grow.subpipe, 5);
	n += 4;
	{
		static const struct {
			u32 off;
			u8 width;
			u64 value;
			int err;
		} bad[] = {
			{ 0x04, 4, 0, -ERANGE }, { 0x04, 4, 3, -ERANGE },
			{ 0x08, 4, 2, -ERANGE }, { 0x10, 4, 64, -ERANGE },
			{ 0x14, 1, 1, -EPROTO }, { 0x37, 1, 1, -EPROTO },
			{ 0x38, 8, 2, -EPROTO }, { 0x40, 8, 1 << 4, -EPROTO },
		};
		u8 *good = kunit_kmalloc(test, 0x48, GFP_KERNEL);

		KUNIT_ASSERT_NOT_NULL(test, good);
		memcpy(good, r, 0x48);
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			u8 v[8];

			memcpy(r, good, 0x48);
			put_unaligned_le64(bad[i].value, v);
			memcpy(r + bad[i].off, v, bad[i].width);
			KUNIT_EXPECT_EQ_MSG(test, gen->parse_event(r, 0x48, &ev),
					    bad[i].err, "grow +%#x", bad[i].off);
		}
	}

	/* G17P 7: +4 0, +8 1, +0xc event, +0x10 work, +0x18 != 0, +0x20 0,
	 * +0x28 fragment, +0x30 event, +0x38 VM, +0x40 pool.
	 */
	r = ev_rec(test, 7);
	put_unaligned_le32(1, r + 8);
	put_unaligned_le32(0x41, r + 0xc);
	put_unaligned_le64(R_TA_WORK, r + 0x10);
	put_unaligned_le64(1, r + 0x18);
	put_unaligned_le64(R_FR_WORK, r + 0x28);
	put_unaligned_le64(0x41, r + 0x30);
	put_unaligned_le64(1, r + 0x38);
	put_unaligned_le64(0, r + 0x40);
	KUNIT_ASSERT_EQ(test, gen->parse_event(r, 0x48, &ev), 0);
	KUNIT_EXPECT_EQ(test, ev.limit.event, 0x41);
	KUNIT_EXPECT_EQ(test, ev.limit.work, R_TA_WORK);
	KUNIT_EXPECT_EQ(test, ev.limit.fragment, R_FR_WORK);
	KUNIT_EXPECT_EQ(test, ev.limit.vm, 1);
	KUNIT_EXPECT_EQ(test, ev.limit.pool, 0);
	n += 5;
	put_unaligned_le64(0, r + 0x18);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	put_unaligned_le64(1, r + 0x18);
	put_unaligned_le64(1, r + 0x20);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -EPROTO);
	put_unaligned_le64(0, r + 0x20);
	put_unaligned_le64(3, r + 0x38);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
	put_unaligned_le64(1, r + 0x38);
	put_unaligned_le64(1ull << 32, r + 0x40);
	KUNIT_EXPECT_EQ(test, gen->parse_event(r, 0x48, &ev), -ERANGE);
	checked[case_index(c)] += n;
}

static void agx4_fw_layout_control_records_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	bool g16 = gen == &agx4_fw_g16;
	u8 *buf = kunit_kmalloc(test, 0x41, GFP_KERNEL);
	struct agx4_fw_ctl ctl = { };
	struct gold_list l;
	unsigned int n = 0;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	memset(buf, 0xa5, 0x41);

	/* 8: TVB growth reply. */
	ctl.opcode = 8;
	ctl.grow_ok = 1;
	ctl.grow.slot = g16 ? 9 : 1;
	ctl.grow.context = g16 ? 3 : 2;
	ctl.grow.counter = 5;
	ctl.grow.subpipe = 1;
	ctl.grow.halt_count = 0x123456789ull;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	KUNIT_EXPECT_EQ(test, buf[0x40], 0xa5);
	gl_init(test, &l, 8);
	gl_put(&l, 0x00, 4, 8);
	gl_put(&l, 0x04, 4, 1);
	gl_put(&l, 0x08, 4, g16 ? 9 : 1);
	gl_put(&l, 0x0c, 4, g16 ? 3 : 2);
	gl_put(&l, 0x10, 4, 5);
	if (g16) {
		gl_put(&l, 0x14, 4, 1);
		gl_put(&l, 0x18, 8, 0x123456789ull);
	}
	n += expect_image(test, buf, 0x40, l.g, l.n, "grow reply");
	/* Refused: success > 1, a pool that cannot be, a short buffer. */
	memset(buf, 0xa5, 0x41);
	ctl.grow_ok = 2;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.grow_ok = 0;
	ctl.grow.slot = g16 ? 64 : 2;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.grow.slot = g16 ? 9 : 1;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x3f), -EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, 0x41));

	if (g16) {
		/* 0x20: opening registration. */
		memset(&ctl, 0, sizeof(ctl));
		ctl.opcode = 0x20;
		ctl.control_data = 0xfffffc20c0528000ull;
		ctl.operands = 0x7000408000ull;
		ctl.count = 160;
		KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
		gl_init(test, &l, 8);
		gl_put(&l, 0x00, 4, 0x20);
		gl_put(&l, 0x04, 4, 1);
		gl_put(&l, 0x08, 4, 0x3f);
		gl_put(&l, 0x14, 8, 0xfffffc20c0528000ull);
		gl_put(&l, 0x1c, 8, 0x7000408000ull);
		gl_put(&l, 0x24, 8, 0x7000408000ull);
		gl_put(&l, 0x2c, 4, 160);
		gl_put(&l, 0x34, 4, 1);
		n += expect_image(test, buf, 0x40, l.g, l.n, "registration");
		/* 9: memory-limit reply. */
		memset(&ctl, 0, sizeof(ctl));
		ctl.opcode = 9;
		ctl.fragment_queue = R_FR_Q;
		ctl.fragment_stamp = 0x300;
		KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
		gl_init(test, &l, 4);
		gl_put(&l, 0x00, 4, 9);
		gl_put(&l, 0x04, 4, 1);
		gl_put(&l, 0x08, 8, R_FR_Q);
		gl_put(&l, 0x10, 4, 0x300);
		n += expect_image(test, buf, 0x40, l.g, l.n, "limit reply");
		/* G17P's commands are not G16's. */
		ctl.opcode = 0x14;
		KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40),
				-EOPNOTSUPP);
		ctl.opcode = 0x20;
		ctl.count = 0;
		KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
		checked[case_index(c)] += n;
		return;
	}

	/* 0x14: context cleanup, bytes {ctrl[0x26], ctrl[0], ctrl[1], ctrl[4]}. */
	memset(&ctl, 0, sizeof(ctl));
	ctl.opcode = 0x14;
	ctl.ctrl[0] = 0x02;
	ctl.ctrl[1] = 0x00;
	ctl.ctrl[2] = 0x05;
	ctl.ctrl[3] = 0x04;
	ctl.context_control = 0xfffffc20c07b8000ull;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	gl_init(test, &l, 4);
	gl_put(&l, 0x00, 4, 0x14);
	gl_put(&l, 0x08, 4, 0x04050002);
	gl_put(&l, 0x0c, 8, 0xfffffc20c07b8000ull);
	n += expect_image(test, buf, 0x40, l.g, l.n, "cleanup");
	/* 0x1b: maintenance, kind 0..2, phase 1..2. */
	memset(&ctl, 0, sizeof(ctl));
	ctl.opcode = 0x1b;
	ctl.maint_kind = 2;
	ctl.maint_phase = 1;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	gl_init(test, &l, 4);
	gl_put(&l, 0x00, 4, 0x1b);
	gl_put(&l, 0x04, 4, 2);
	gl_put(&l, 0x08, 4, 1);
	n += expect_image(test, buf, 0x40, l.g, l.n, "maintenance");
	ctl.maint_kind = 3;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.maint_kind = 0;
	ctl.maint_phase = 0;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	ctl.maint_phase = 3;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	/* 0x2e: control tick, +4 = ordinal - 1, ordinals 2 and up. */
	memset(&ctl, 0, sizeof(ctl));
	ctl.opcode = 0x2e;
	ctl.ordinal = 7;
	KUNIT_ASSERT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), 0);
	gl_init(test, &l, 2);
	gl_put(&l, 0x00, 4, 0x2e);
	gl_put(&l, 0x04, 4, 6);
	n += expect_image(test, buf, 0x40, l.g, l.n, "tick");
	ctl.ordinal = 1;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EINVAL);
	/* G16's registration and limit reply are not G17P's. */
	ctl.opcode = 0x20;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EOPNOTSUPP);
	ctl.opcode = 9;
	KUNIT_EXPECT_EQ(test, gen->build_ctl(&ctl, buf, 0x40), -EOPNOTSUPP);
	checked[case_index(c)] += n;
}

/* The decoder names every member of a live object and its value. */
static void agx4_fw_layout_decoder_prints_live_fields(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	const struct agx4_fw_root_in in = {
		.region_a = RA, .main_config = MC, .region_c = RC,
		.status_a = SA, .status_b = SB,
	};
	const struct agx4_fw_layout *l = agx4_fw_layout_find(gen, "root");
	struct drm_print_iterator iter = { };
	struct agx4_device *adev;
	struct drm_printer p;
	char *text, line[64];
	u8 *root;

	KUNIT_ASSERT_NOT_NULL(test, l);
	root = kunit_kzalloc(test, 0xc8, GFP_KERNEL);
	text = kunit_kzalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, root);
	KUNIT_ASSERT_NOT_NULL(test, text);
	KUNIT_ASSERT_EQ(test, gen->build_root(gen, &in, root, 0xc8), 0);
	iter.data = text;
	iter.remain = 4095;
	p = drm_coredump_printer(&iter);
	agx4_fw_decode(l, root, 0xb8, &p);

	snprintf(line, sizeof(line), "root.main_config = 0x%llx\n", MC);
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, line));
	snprintf(line, sizeof(line), "root.status_b = 0x%llx\n", SB);
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, line));
	/* Eight bytes read as one little-endian word, whatever they hold. */
	snprintf(line, sizeof(line), "root.version = 0x%llx\n",
		 (u64)c->version[3] << 48 | (u64)c->version[2] << 32 |
		 (u64)c->version[1] << 16 | c->version[0]);
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, line));
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, "root.page_bits = 0xe\n"));
	/* An array: hex bytes by offset. */
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, "root.level+0x0 = 08 0e 0e 24"));
	/* Nothing past the size it was given. */
	iter = (struct drm_print_iterator){ .data = text, .remain = 4095 };
	memset(text, 0, 4096);
	p = drm_coredump_printer(&iter);
	agx4_fw_decode(l, root, 0xb0, &p);
	KUNIT_EXPECT_NULL(test, strstr(text, "root.status_b"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, "root.status_a"));
	checked[case_index(c)] += 4;

	/* The debugfs side: objects the generation has, by name. */
	adev = agx4_test_drm_device(test, "agx4-decode");
	adev->gen = gen;
	KUNIT_EXPECT_EQ(test, agx4_fw_debugfs_add_object(adev, "fw_root0",
							 "root", root, 0xb8), 0);
	KUNIT_EXPECT_EQ(test, agx4_fw_debugfs_add_object(adev, "fw_x", "nope",
							 root, 0xb8), -ENOENT);
}

/* Every decoder entry: in its object, in offset order, none overlapping. */
static void agx4_fw_layout_fields_ordered_and_disjoint(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	unsigned int i, j, total = agx4_fw_num_common_layouts +
				   c->gen->num_layouts;

	for (i = 0; i < total; i++) {
		const struct agx4_fw_layout *l =
			i < agx4_fw_num_common_layouts ?
			&agx4_fw_common_layouts[i] :
			&c->gen->layouts[i - agx4_fw_num_common_layouts];
		u32 end = 0;

		KUNIT_EXPECT_GT_MSG(test, l->num_fields, 0, "%s", l->name);
		for (j = 0; j < l->num_fields; j++) {
			const struct agx4_fw_field *f = &l->fields[j];

			KUNIT_EXPECT_GE_MSG(test, f->offset, end, "%s.%s",
					    l->name, f->name);
			KUNIT_EXPECT_LE_MSG(test, f->offset + f->size, l->size,
					    "%s.%s", l->name, f->name);
			end = f->offset + f->size;
		}
		/* Names are unique within an object and across objects. */
		for (j = 0; j < total; j++) {
			const struct agx4_fw_layout *o =
				j < agx4_fw_num_common_layouts ?
				&agx4_fw_common_layouts[j] :
				&c->gen->layouts[j - agx4_fw_num_common_layouts];

			if (o != l)
				KUNIT_EXPECT_STRNEQ(test, o->name, l->name);
		}
	}
}

/* The fw_layouts text, as the debugfs file prints it, in the test log. */
static void agx4_fw_layout_text_lists_every_field(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	struct drm_printer p = drm_info_printer(NULL);
	unsigned int i, fields = 0;

	for (i = 0; i < c->gen->num_layouts; i++)
		fields += c->gen->layouts[i].num_fields;
	KUNIT_EXPECT_GT(test, fields, 60);
	agx4_fw_gen_layouts_print(c->gen, &p);
}

static void fw_layout_suite_exit(struct kunit_suite *suite)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		kunit_log(KERN_INFO, suite,
			  "agx4-layout: %s expected values checked = %u\n",
			  cases[i].gen->name, checked[i]);
}

static int fw_layout_suite_init(struct kunit_suite *suite)
{
	memset(checked, 0, sizeof(checked));
	return 0;
}

static struct kunit_case agx4_fw_layout_cases[] = {
	KUNIT_CASE_PARAM(agx4_fw_layout_matches_spec_table, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_root_golden_bytes, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_channel_table_golden_bytes,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_main_config_golden_bytes,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_queue_golden_bytes, gen_gen_params),
	KUNIT_CASE(agx4_fw_layout_g16_render_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g16_compute_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g16_tvb_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g17p_render_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g17p_compute_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_g17p_optional_golden_bytes),
	KUNIT_CASE(agx4_fw_layout_helpers_refuse_what_does_not_fit),
	KUNIT_CASE_PARAM(agx4_fw_layout_render_builder_refuses_bad_input,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_compute_builder_refuses_bad_input,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_hwdata_and_region_c_golden_bytes,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_channel_geometry_and_stamps,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_events_parse_per_spec, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_control_records_golden_bytes,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_decoder_prints_live_fields,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_fields_ordered_and_disjoint,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_text_lists_every_field,
			 gen_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_layout_suite = {
	.name = "agx4_fw_layout",
	.suite_init = fw_layout_suite_init,
	.suite_exit = fw_layout_suite_exit,
	.test_cases = agx4_fw_layout_cases,
};

kunit_test_suite(agx4_fw_layout_suite);
