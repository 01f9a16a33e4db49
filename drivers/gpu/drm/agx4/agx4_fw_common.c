// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The records every generation known shares, and the helpers its builders
 * fill them with.
 */

#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/log2.h>
#include <linux/string.h>

#include <asm/byteorder.h>

#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fwif.h"
#include "agx4_test_hooks.h"

/**
 * agx4_fw_fill_uat_levels() - describe the page tables to the firmware
 * @gen: the generation (its &agx4_fw_gen.uat_geom).
 * @levels: the root's level records, one per level, root first.
 */
void agx4_fw_fill_uat_levels(const struct agx4_fw_gen *gen, void *levels)
{
	const struct agx4_uat_geom *g = gen->uat_geom;
	struct agx4_fw_uat_level *l = levels;
	unsigned int i, shift = g->root_shift;

	for (i = 0; i < g->levels; i++, l++) {
		u32 entries = i ? g->entries : g->root_entries;

		/* Index bits, page bits twice, the level's shift. */
		l->bits[0] = 8;
		l->bits[1] = AGX4_UAT_PAGE_SHIFT;
		l->bits[2] = AGX4_UAT_PAGE_SHIFT;
		l->bits[3] = shift;
		l->entries = cpu_to_le16(entries);
		l->page_size = cpu_to_le16(AGX4_UAT_PAGE_SIZE);
		l->gap_8 = cpu_to_le64(1);
		l->oa_mask = cpu_to_le64(GENMASK_ULL(g->oa_bits - 1,
						     AGX4_UAT_PAGE_SHIFT));
		l->index_mask = cpu_to_le64((u64)(entries - 1) << shift);
		shift -= ilog2(g->entries);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_fill_uat_levels);

/* Channels 13..15, placed relative to status record A (agx4_fwif.h). */
static const struct {
	u32 state[3];
	u32 ring;
} status_channels[] = AGX4_FW_STATUS_CHANNELS;

/**
 * agx4_fw_fill_status_channels() - fill channels 13..16 of a channel table
 * @channels: the whole table (&struct agx4_fw_channel[17]).
 * @status_a: firmware address of status record A.
 */
void agx4_fw_fill_status_channels(void *channels, u64 status_a)
{
	struct agx4_fw_channel *c = channels;
	unsigned int i, j;

	c += AGX4_FW_CHAN_EVENT;
	for (i = 0; i < ARRAY_SIZE(status_channels); i++, c++) {
		for (j = 0; j < 3; j++)
			c->state[j] = status_channels[i].state[j] ?
				cpu_to_le64(status_a +
					    status_channels[i].state[j]) : 0;
		c->ring = status_channels[i].ring ?
			cpu_to_le64(status_a + status_channels[i].ring) : 0;
	}
	memset(c, 0, sizeof(*c));	/* 16: unused */
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_fill_status_channels);

/**
 * agx4_fw_status_records() - where a firmware-to-host ring's records are
 * @ch: %AGX4_FW_CHAN_EVENT or %AGX4_FW_CHAN_TRACE.
 *
 * The channel's second state word is its record array; the ring word is
 * the array's end (H, both generations).
 *
 * Return: the array's offset from status record A.
 */
u32 agx4_fw_status_records(unsigned int ch)
{
	return status_channels[ch - AGX4_FW_CHAN_EVENT].state[1];
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_status_records);

/**
 * agx4_fw_build_root() - write an instance's init-data root
 * @gen: the generation: its version words, page-table shape and which
 *	instances' roots carry the support objects.
 * @in: what the root points at.
 * @buf: where to, zeroed first.
 * @size: bytes at @buf.
 *
 * The root is the same on every generation known, so both boots call
 * this.
 *
 * Return: 0, or -EINVAL for an instance the generation does not have or a
 * buffer too small for its root.
 */
int agx4_fw_build_root(const struct agx4_fw_gen *gen,
		       const struct agx4_fw_root_in *in, void *buf, size_t size)
{
	struct agx4_fw_root_extra *rx = buf;
	struct agx4_fw_root *r = buf;
	bool extra;
	unsigned int i;

	if (in->instance >= gen->num_instances)
		return -EINVAL;
	extra = gen->root_extra & BIT(in->instance);
	if (size < (extra ? sizeof(*rx) : sizeof(*r)))
		return -EINVAL;
	memset(buf, 0, extra ? sizeof(*rx) : sizeof(*r));
	for (i = 0; i < ARRAY_SIZE(r->version); i++)
		r->version[i] = cpu_to_le16(gen->root_version[i]);
	r->region_a = cpu_to_le64(in->region_a);
	r->main_config = cpu_to_le64(in->main_config);
	r->region_c = cpu_to_le64(in->region_c);
	r->kind = cpu_to_le32(in->instance);
	r->gap_2c = cpu_to_le32(1);
	r->page_size = cpu_to_le16(AGX4_UAT_PAGE_SIZE);
	r->page_bits = AGX4_UAT_PAGE_SHIFT;
	r->levels = ARRAY_SIZE(r->level);
	agx4_fw_fill_uat_levels(gen, r->level);
	r->status_a = cpu_to_le64(in->status_a);
	r->status_b = cpu_to_le64(in->status_b);
	if (extra) {
		rx->extra_0 = cpu_to_le64(in->extra_0);
		rx->extra_1 = cpu_to_le64(in->extra_1);
	}
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_build_root);

/**
 * agx4_fw_parse_common_event() - decode the events every generation shares
 * @rec: an event record of %AGX4_FW_EV_SIZE bytes.
 * @ev: out: the event.
 *
 * A receipt's first 0x28 bytes are decoded; the rest is firmware stack and
 * is not read.
 *
 * Return: 0 for a fatal report (4) or a receipt (13), -EPROTO for a fatal
 * report whose must-be-zero body is not or a receipt whose second and
 * third words are not 1 and 0, -ENOENT for any other kind.
 */
int agx4_fw_parse_common_event(const void *rec, struct agx4_fw_event *ev)
{
	const struct agx4_fw_ev_receipt *r = rec;
	const struct agx4_fw_ev_fatal *f = rec;

	switch (le32_to_cpu(f->kind)) {
	case AGX4_FW_EV_FATAL:
		if (memchr_inv(f->zero, 0, sizeof(f->zero)))
			return -EPROTO;
		ev->kind = AGX4_FW_EV_FATAL;
		return 0;
	case AGX4_FW_EV_RECEIPT:
		if (le32_to_cpu(r->gap_4) != 1 || r->zero)
			return -EPROTO;
		ev->kind = AGX4_FW_EV_RECEIPT;
		ev->receipt.control_data = le64_to_cpu(r->control_data);
		ev->receipt.operands = le64_to_cpu(r->operands);
		ev->receipt.operands2 = le64_to_cpu(r->operands2);
		ev->receipt.count = le32_to_cpu(r->count);
		return 0;
	}
	return -ENOENT;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_parse_common_event);

/**
 * agx4_fw_build_region_a() - write region A
 * @buf: where to.
 * @size: bytes at @buf.
 *
 * Region A is a zeroed page on every generation known.
 *
 * Return: 0, or -EINVAL for a buffer too small.
 */
int agx4_fw_build_region_a(void *buf, size_t size)
{
	if (size < sizeof(struct agx4_fw_region_a))
		return -EINVAL;
	memset(buf, 0, sizeof(struct agx4_fw_region_a));
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_build_region_a);

/**
 * agx4_fw_apply_runs() - lay constant runs over an object
 * @runs: the runs, each {offset, length, bytes}.
 * @n: how many.
 * @buf: the object.
 * @size: its size.
 *
 * For objects a generation fills partly from constants its reference
 * driver carries as byte runs (G17P hwdata and region C).
 *
 * Return: 0, or -EINVAL if a run does not fit (nothing written then).
 */
int agx4_fw_apply_runs(const struct agx4_fw_run *runs, unsigned int n,
		       void *buf, size_t size)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (runs[i].offset + runs[i].len > size)
			return -EINVAL;
	for (i = 0; i < n; i++)
		memcpy((u8 *)buf + runs[i].offset, runs[i].bytes, runs[i].len);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_apply_runs);

/**
 * agx4_fw_regwins_check() - check the register windows for hwdata
 * @in: the hwdata inputs.
 *
 * A window of size 0 is a flag-only slot: G17P's table has 17 that carry
 * only the read-write flag (H), with no address, stride or offset.
 *
 * Return: 0, or -EINVAL for a window with a slot out of range or used
 * twice, or a flag-only slot with an address, stride or offset or without
 * the flag.
 */
int agx4_fw_regwins_check(const struct agx4_fw_hwdata_in *in)
{
	DECLARE_BITMAP(used, AGX4_FW_NUM_REGWINS) = { };
	unsigned int i;

	for (i = 0; i < in->num_wins; i++) {
		const struct agx4_fw_regwin_in *w = &in->wins[i];

		if (w->slot >= AGX4_FW_NUM_REGWINS ||
		    __test_and_set_bit(w->slot, used))
			return -EINVAL;
		if (!w->size && (w->pa || w->fw_va || w->stride ||
				 w->sgx_offset || !w->rw))
			return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_regwins_check);

/**
 * agx4_fw_regwins_fill() - write checked register windows into hwdata
 * @hw: hwdata.
 * @in: the inputs, checked by agx4_fw_regwins_check().
 */
void agx4_fw_regwins_fill(struct agx4_fw_hwdata *hw,
			  const struct agx4_fw_hwdata_in *in)
{
	unsigned int i;

	for (i = 0; i < in->num_wins; i++) {
		const struct agx4_fw_regwin_in *w = &in->wins[i];
		struct agx4_fw_regwin *r = &hw->regwin[w->slot];

		r->pa = cpu_to_le64(w->pa);
		r->fw_va = cpu_to_le64(w->fw_va);
		r->size = cpu_to_le32(w->size);
		r->stride = cpu_to_le32(w->stride);
		r->sgx_offset = cpu_to_le64(w->sgx_offset);
		r->flags = cpu_to_le32(w->rw ? AGX4_FW_REGWIN_RW : 0);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_regwins_fill);

static void le32_copy(__le32 *dst, const u32 *src, unsigned int n)
{
	while (n--)
		*dst++ = cpu_to_le32(*src++);
}

/* Voltage rows: @copies words of each state's voltage, the rest 0. */
static void vrows(struct agx4_fw_vrow *rows, const u32 *mv,
		  unsigned int copies)
{
	unsigned int i, j;

	for (i = 0; i < AGX4_FW_NUM_PSTATES; i++)
		for (j = 0; j < copies; j++)
			rows[i].mv[j] = cpu_to_le32(mv[i]);
}

/**
 * agx4_fw_hwdata_fill() - write what hwdata holds alike on all generations
 * @hw: hwdata.
 * @ps: the performance states, %AGX4_FW_NUM_PSTATES of each table.
 *
 * The performance tables (the first voltage rows as 16 copies a state,
 * the second as one; the second frequency table twice), the state counts,
 * the two groups at +0x2590 and the 0xffffffff per work channel.
 */
void agx4_fw_hwdata_fill(struct agx4_fw_hwdata *hw,
			 const struct agx4_fw_pstates *ps)
{
	static const u32 groups[] = AGX4_FW_HWDATA_GROUPS;
	unsigned int i;

	static_assert(ARRAY_SIZE(groups) == ARRAY_SIZE(hw->groups));

	hw->max_pstate = cpu_to_le32(AGX4_FW_NUM_PSTATES - 1);
	hw->max_pstate_b = hw->max_pstate;
	le32_copy(hw->freq_a, ps->freq_a, AGX4_FW_NUM_PSTATES);
	vrows(hw->core_mv, ps->core_mv, ARRAY_SIZE(hw->core_mv[0].mv));
	vrows(hw->mem_mv, ps->mem_mv, ARRAY_SIZE(hw->mem_mv[0].mv));
	vrows(hw->core_mv2, ps->core_mv, 1);
	vrows(hw->mem_mv2, ps->mem_mv, 1);
	le32_copy(hw->freq_b, ps->freq_b, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->freq_b2, ps->freq_b, AGX4_FW_NUM_PSTATES);
	for (i = 0; i < AGX4_FW_NUM_PSTATES; i++)
		hw->scale_b[i] = cpu_to_le32(ps->scale_b);
	le32_copy(hw->relative_a, ps->relative_a, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->relative_b, ps->relative_b, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->index_a, ps->index_a, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->index_b, ps->index_b, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->groups, groups, ARRAY_SIZE(groups));
	for (i = 0; i < ARRAY_SIZE(hw->channel_ones); i++)
		hw->channel_ones[i] = cpu_to_le32(U32_MAX);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_hwdata_fill);

/* The decoder's view of the records every generation shares. */
const struct agx4_fw_layout agx4_fw_common_layouts[] = {
	AGX4_FW_LAYOUT("root", AGX4_FW_ROOT_FIELDS, struct agx4_fw_root),
	AGX4_FW_LAYOUT("root_extra", AGX4_FW_ROOT_EXTRA_FIELDS,
		       struct agx4_fw_root_extra),
	AGX4_FW_LAYOUT("uat_level", AGX4_FW_UAT_LEVEL_FIELDS,
		       struct agx4_fw_uat_level),
	AGX4_FW_LAYOUT("channel", AGX4_FW_CHANNEL_FIELDS,
		       struct agx4_fw_channel),
	AGX4_FW_LAYOUT("status", AGX4_FW_STATUS_FIELDS, struct agx4_fw_status),
	AGX4_FW_LAYOUT("regwin", AGX4_FW_REGWIN_FIELDS, struct agx4_fw_regwin),
	AGX4_FW_LAYOUT("job_list", AGX4_FW_JOB_LIST_FIELDS,
		       struct agx4_fw_job_list),
	AGX4_FW_LAYOUT("ev_fatal", AGX4_FW_EV_FATAL_FIELDS,
		       struct agx4_fw_ev_fatal),
	AGX4_FW_LAYOUT("ev_receipt", AGX4_FW_EV_RECEIPT_FIELDS,
		       struct agx4_fw_ev_receipt),
	AGX4_FW_LAYOUT("vrow", AGX4_FW_VROW_FIELDS, struct agx4_fw_vrow),
	AGX4_FW_LAYOUT("hwdata", AGX4_FW_HWDATA_FIELDS, struct agx4_fw_hwdata),
	AGX4_FW_LAYOUT("region_c", AGX4_FW_REGION_C_FIELDS,
		       struct agx4_fw_region_c),
	AGX4_FW_LAYOUT("region_a", AGX4_FW_REGION_A_FIELDS,
		       struct agx4_fw_region_a),
	AGX4_FW_LAYOUT("reg", AGX4_FW_REG_FIELDS, struct agx4_fw_reg),
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_common_layouts);

const unsigned int agx4_fw_num_common_layouts =
	ARRAY_SIZE(agx4_fw_common_layouts);
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_num_common_layouts);
