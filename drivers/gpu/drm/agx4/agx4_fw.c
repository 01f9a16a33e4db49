// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/log2.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include <asm/byteorder.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fwif.h"

/**
 * DOC: firmware generations and builds
 *
 * The firmware's structures change between generations and between
 * builds, and the firmware does not describe them.  agx4 knows them per
 * generation (one &struct agx4_fw_gen and one file each) and only runs
 * firmware builds it has been told about: the boot loader names the
 * loaded build in ``apple,firmware-build``, and agx4_fw_gen_select()
 * refuses any other, naming the build it found and the builds it
 * supports.  Adding a firmware build is adding its name to the
 * generation's list (and, where its layouts differ, their deltas).
 */

static const struct agx4_fw_gen *const agx4_fw_gens[] = {
	&agx4_fw_g16,
	&agx4_fw_g17p,
};

/**
 * agx4_fw_gen_list_builds() - the builds agx4 supports on a SoC
 * @soc: the SoC.
 * @buf: where the comma-separated list goes.
 * @len: its size.
 *
 * Return: the length of the list, as snprintf().
 */
int agx4_fw_gen_list_builds(enum agx4_soc_id soc, char *buf, size_t len)
{
	unsigned int g, b;
	int n = 0;

	if (len)
		buf[0] = '\0';
	for (g = 0; g < ARRAY_SIZE(agx4_fw_gens); g++) {
		const struct agx4_fw_gen *gen = agx4_fw_gens[g];

		if (gen->soc != soc)
			continue;
		for (b = 0; gen->builds[b]; b++)
			n += scnprintf(buf + n, len - n, "%s%s", n ? ", " : "",
				       gen->builds[b]);
	}
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_gen_list_builds);

/**
 * agx4_fw_gen_select() - the generation for a GPU and its firmware
 * @dev: the device, for the message.
 * @plat: its device-tree inputs (SoC and firmware build).
 *
 * Return: the generation, or ERR_PTR(-EOPNOTSUPP) for a firmware build
 * agx4 does not know on that SoC.  The device tree's and the generation's
 * numbers of firmware instances agree by construction; a mismatch is a
 * driver bug (-EINVAL).
 */
const struct agx4_fw_gen *agx4_fw_gen_select(struct device *dev,
					     const struct agx4_platform *plat)
{
	char list[128];
	unsigned int g, b;

	for (g = 0; g < ARRAY_SIZE(agx4_fw_gens); g++) {
		const struct agx4_fw_gen *gen = agx4_fw_gens[g];

		if (gen->soc != plat->soc)
			continue;
		for (b = 0; gen->builds[b]; b++) {
			if (strcmp(gen->builds[b], plat->firmware_build))
				continue;
			/* The SoC's coprocessors are the firmware's instances. */
			if (WARN_ON(gen->num_instances != plat->num_instances))
				return ERR_PTR(-EINVAL);
			return gen;
		}
	}
	agx4_fw_gen_list_builds(plat->soc, list, sizeof(list));
	dev_err(dev, "firmware build %s is not supported on t%x (supported: %s)\n",
		plat->firmware_build, plat->chip_id, list);
	return ERR_PTR(-EOPNOTSUPP);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_gen_select);

/**
 * agx4_fw_stamp_value() - the stamp value that means "work item done"
 * @gen: the generation (its &agx4_fw_chan_geom stamp values).
 * @lane: 0 TA, 1 3D, 2 compute.
 * @ordinal: the work item's ordinal on its lane.
 *
 * first + ordinal * step, wrapping at 32 bits (3.10); the word starts at
 * the value minus one step, "not done".
 *
 * Return: the value, or 0 for a lane the generation has no stamps for.
 */
u32 agx4_fw_stamp_value(const struct agx4_fw_gen *gen, unsigned int lane,
			u32 ordinal)
{
	if (lane >= ARRAY_SIZE(gen->chan.stamp_first) || !gen->chan.stamp_step)
		return 0;
	return gen->chan.stamp_first[lane] + ordinal * gen->chan.stamp_step;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_stamp_value);

/**
 * agx4_fw_stamp_reached() - has a stamp word reached a value
 * @stamp: the word as read.
 * @target: the value waited for.
 *
 * A signed 32-bit comparison (3.10), so the stamps may wrap.
 *
 * Return: true once @stamp is at or past @target.
 */
bool agx4_fw_stamp_reached(u32 stamp, u32 target)
{
	return (s32)(stamp - target) >= 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_stamp_reached);

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
		l->one = cpu_to_le64(1);
		l->oa_mask = cpu_to_le64(GENMASK_ULL(g->oa_bits - 1,
						     AGX4_UAT_PAGE_SHIFT));
		l->index_mask = cpu_to_le64((u64)(entries - 1) << shift);
		shift -= ilog2(g->entries);
	}
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_fill_uat_levels);

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
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_fill_status_channels);

/**
 * agx4_fw_build_root() - write an instance's init-data root
 * @gen: the generation: its version words, page-table shape and which
 *	instances' roots carry the support objects.
 * @in: what the root points at.
 * @buf: where to, zeroed first.
 * @size: bytes at @buf.
 *
 * The root is the same on every generation known (3.2), so both use this
 * as their &agx4_fw_gen.build_root.
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
	r->one = cpu_to_le32(1);
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
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_build_root);

/**
 * agx4_fw_parse_common_event() - decode the events every generation shares
 * @rec: an event record of %AGX4_FW_EV_SIZE bytes.
 * @ev: out: the event.
 *
 * Return: 0 for a fatal report (4) or a receipt (13), -EPROTO for a fatal
 * report whose must-be-zero body is not, -ENOENT for any other kind.
 */
int agx4_fw_parse_common_event(const void *rec, struct agx4_fw_event *ev)
{
	const struct agx4_fw_ev_receipt *r = rec;
	const struct agx4_fw_ev_fatal *f = rec;
	unsigned int i;

	switch (le32_to_cpu(f->kind)) {
	case AGX4_FW_EV_FATAL:
		if (memchr_inv(f->zero, 0, sizeof(f->zero)))
			return -EPROTO;
		ev->kind = AGX4_FW_EV_FATAL;
		return 0;
	case AGX4_FW_EV_RECEIPT:
		ev->kind = AGX4_FW_EV_RECEIPT;
		for (i = 0; i < ARRAY_SIZE(r->echo); i++)
			ev->echo[i] = le32_to_cpu(r->echo[i]);
		return 0;
	}
	return -ENOENT;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_parse_common_event);

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
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_build_region_a);

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
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_apply_runs);

/**
 * agx4_fw_regwins_check() - check the register windows for hwdata
 * @in: the hwdata inputs.
 *
 * Return: 0, or -EINVAL for a window with a slot out of range or used
 * twice, or no size.
 */
int agx4_fw_regwins_check(const struct agx4_fw_hwdata_in *in)
{
	DECLARE_BITMAP(used, AGX4_FW_NUM_REGWINS) = { };
	unsigned int i;

	for (i = 0; i < in->num_wins; i++) {
		const struct agx4_fw_regwin_in *w = &in->wins[i];

		if (w->slot >= AGX4_FW_NUM_REGWINS || !w->size ||
		    __test_and_set_bit(w->slot, used))
			return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_regwins_check);

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
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_regwins_fill);

static void le32_copy(__le32 *dst, const u32 *src, unsigned int n)
{
	while (n--)
		*dst++ = cpu_to_le32(*src++);
}

static void vrows(struct agx4_fw_vrow *rows, const u32 *mv)
{
	unsigned int i, j;

	for (i = 0; i < AGX4_FW_NUM_PSTATES; i++)
		for (j = 0; j < ARRAY_SIZE(rows[i].mv); j++)
			rows[i].mv[j] = cpu_to_le32(mv[i]);
}

/**
 * agx4_fw_hwdata_fill() - write what hwdata holds alike on all generations
 * @hw: hwdata.
 * @ps: the performance states, %AGX4_FW_NUM_PSTATES of each table.
 * @groups: the words at +0x2590.
 * @ngroups: how many.
 *
 * The performance tables (voltage rows as 16 copies a state, the second
 * frequency table twice), the state counts, the 0xffffffff per work
 * channel and the flag at +0x25f4 (3.4).
 */
void agx4_fw_hwdata_fill(struct agx4_fw_hwdata *hw,
			 const struct agx4_fw_pstates *ps, const u32 *groups,
			 unsigned int ngroups)
{
	unsigned int i;

	hw->max_pstate = cpu_to_le32(AGX4_FW_NUM_PSTATES - 1);
	hw->max_pstate_b = hw->max_pstate;
	le32_copy(hw->freq_a, ps->freq_a, AGX4_FW_NUM_PSTATES);
	vrows(hw->core_mv, ps->core_mv);
	vrows(hw->mem_mv, ps->mem_mv);
	le32_copy(hw->freq_b, ps->freq_b, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->freq_b2, ps->freq_b, AGX4_FW_NUM_PSTATES);
	for (i = 0; i < AGX4_FW_NUM_PSTATES; i++)
		hw->scale_b[i] = cpu_to_le32(ps->scale_b);
	le32_copy(hw->relative_a, ps->relative_a, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->relative_b, ps->relative_b, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->index_a, ps->index_a, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->index_b, ps->index_b, AGX4_FW_NUM_PSTATES);
	le32_copy(hw->groups, groups, min_t(unsigned int, ngroups,
					    ARRAY_SIZE(hw->groups)));
	for (i = 0; i < ARRAY_SIZE(hw->channel_ones); i++)
		hw->channel_ones[i] = cpu_to_le32(U32_MAX);
	hw->one_25f4 = cpu_to_le32(1);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_hwdata_fill);

#define F(type, m) AGX4_FW_FIELD(struct type, m)

/* The decoder's view of the records every generation shares. */
const struct agx4_fw_layout agx4_fw_common_layouts[] = {
	AGX4_FW_LAYOUT("root", struct agx4_fw_root,
		       F(agx4_fw_root, version), F(agx4_fw_root, region_a),
		       F(agx4_fw_root, main_config),
		       F(agx4_fw_root, region_c), F(agx4_fw_root, kind),
		       F(agx4_fw_root, one), F(agx4_fw_root, page_size),
		       F(agx4_fw_root, page_bits), F(agx4_fw_root, levels),
		       F(agx4_fw_root, level), F(agx4_fw_root, status_a),
		       F(agx4_fw_root, status_b)),
	AGX4_FW_LAYOUT("root_extra", struct agx4_fw_root_extra,
		       F(agx4_fw_root_extra, root),
		       F(agx4_fw_root_extra, extra_0),
		       F(agx4_fw_root_extra, extra_1)),
	AGX4_FW_LAYOUT("uat_level", struct agx4_fw_uat_level,
		       F(agx4_fw_uat_level, bits),
		       F(agx4_fw_uat_level, entries),
		       F(agx4_fw_uat_level, page_size),
		       F(agx4_fw_uat_level, one),
		       F(agx4_fw_uat_level, oa_mask),
		       F(agx4_fw_uat_level, index_mask)),
	AGX4_FW_LAYOUT("channel", struct agx4_fw_channel,
		       F(agx4_fw_channel, state), F(agx4_fw_channel, ring)),
	AGX4_FW_LAYOUT("status", struct agx4_fw_status,
		       F(agx4_fw_status, init), F(agx4_fw_status, ack),
		       F(agx4_fw_status, accepted)),
	AGX4_FW_LAYOUT("regwin", struct agx4_fw_regwin,
		       F(agx4_fw_regwin, pa), F(agx4_fw_regwin, fw_va),
		       F(agx4_fw_regwin, size), F(agx4_fw_regwin, stride),
		       F(agx4_fw_regwin, sgx_offset),
		       F(agx4_fw_regwin, flags)),
	AGX4_FW_LAYOUT("job_list", struct agx4_fw_job_list,
		       F(agx4_fw_job_list, head), F(agx4_fw_job_list, self),
		       F(agx4_fw_job_list, tail)),
	AGX4_FW_LAYOUT("ev_fatal", struct agx4_fw_ev_fatal,
		       F(agx4_fw_ev_fatal, kind), F(agx4_fw_ev_fatal, zero)),
	AGX4_FW_LAYOUT("ev_receipt", struct agx4_fw_ev_receipt,
		       F(agx4_fw_ev_receipt, kind),
		       F(agx4_fw_ev_receipt, echo)),
	AGX4_FW_LAYOUT("vrow", struct agx4_fw_vrow,
		       F(agx4_fw_vrow, mv)),
	AGX4_FW_LAYOUT("hwdata", struct agx4_fw_hwdata,
		       F(agx4_fw_hwdata, ts_aperture),
		       F(agx4_fw_hwdata, regwin), F(agx4_fw_hwdata, chip_id),
		       F(agx4_fw_hwdata, rev_hi), F(agx4_fw_hwdata, rev_lo),
		       F(agx4_fw_hwdata, gpc), F(agx4_fw_hwdata, one_eb8),
		       F(agx4_fw_hwdata, one_ec8),
		       F(agx4_fw_hwdata, clocks_per_ms),
		       F(agx4_fw_hwdata, sample_period),
		       F(agx4_fw_hwdata, ones_ee0),
		       F(agx4_fw_hwdata, max_pstate), F(agx4_fw_hwdata, freq_a),
		       F(agx4_fw_hwdata, core_mv), F(agx4_fw_hwdata, mem_mv),
		       F(agx4_fw_hwdata, freq_b), F(agx4_fw_hwdata, scale_b),
		       F(agx4_fw_hwdata, relative_a),
		       F(agx4_fw_hwdata, relative_b),
		       F(agx4_fw_hwdata, index_a), F(agx4_fw_hwdata, index_b),
		       F(agx4_fw_hwdata, max_pstate_b),
		       F(agx4_fw_hwdata, freq_b2),
		       F(agx4_fw_hwdata, const_258e), F(agx4_fw_hwdata, groups),
		       F(agx4_fw_hwdata, channel_ones),
		       F(agx4_fw_hwdata, one_25f4), F(agx4_fw_hwdata, one_2600),
		       F(agx4_fw_hwdata, one_2604),
		       F(agx4_fw_hwdata, one_2608)),
	AGX4_FW_LAYOUT("region_a", struct agx4_fw_region_a,
		       F(agx4_fw_region_a, opaque)),
	AGX4_FW_LAYOUT("reg", struct agx4_fw_reg,
		       F(agx4_fw_reg, reg), F(agx4_fw_reg, value)),
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_common_layouts);

#undef F

const unsigned int agx4_fw_num_common_layouts =
	ARRAY_SIZE(agx4_fw_common_layouts);
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_num_common_layouts);

/**
 * agx4_fw_layouts_print() - print object layouts as text
 * @layouts: the objects.
 * @n: how many.
 * @p: where to.
 *
 * One ``object field offset size`` line per member (offset and size in
 * hex), after one ``object - 0 size`` line per object, so that the
 * layouts of two firmware builds compare with diff.
 */
void agx4_fw_layouts_print(const struct agx4_fw_layout *layouts,
			   unsigned int n, struct drm_printer *p)
{
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		const struct agx4_fw_layout *l = &layouts[i];

		drm_printf(p, "%s - 0x0 0x%x\n", l->name, l->size);
		for (j = 0; j < l->num_fields; j++)
			drm_printf(p, "%s %s 0x%x 0x%x\n", l->name,
				   l->fields[j].name, l->fields[j].offset,
				   l->fields[j].size);
	}
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_layouts_print);

/**
 * agx4_fw_layout_field() - look a member of an object up by name
 * @l: the object.
 * @name: the member.
 *
 * Return: the member, or NULL.
 */
const struct agx4_fw_field *agx4_fw_layout_field(const struct agx4_fw_layout *l,
						 const char *name)
{
	unsigned int i;

	for (i = 0; i < l->num_fields; i++)
		if (!strcmp(l->fields[i].name, name))
			return &l->fields[i];
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_layout_field);

/**
 * agx4_fw_gen_layouts_print() - print every object a generation uses
 * @gen: the generation.
 * @p: where to.
 *
 * The shared records first, then the generation's own, as
 * agx4_fw_layouts_print() writes them: the ``fw_layouts`` text.
 */
void agx4_fw_gen_layouts_print(const struct agx4_fw_gen *gen,
			       struct drm_printer *p)
{
	agx4_fw_layouts_print(agx4_fw_common_layouts,
			      agx4_fw_num_common_layouts, p);
	agx4_fw_layouts_print(gen->layouts, gen->num_layouts, p);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_gen_layouts_print);

/**
 * agx4_fw_layout_find() - look an object of a generation up by name
 * @gen: the generation.
 * @name: the object.
 *
 * Return: the object (a shared record or the generation's own), or NULL.
 */
const struct agx4_fw_layout *agx4_fw_layout_find(const struct agx4_fw_gen *gen,
						 const char *name)
{
	unsigned int i;

	for (i = 0; i < agx4_fw_num_common_layouts; i++)
		if (!strcmp(agx4_fw_common_layouts[i].name, name))
			return &agx4_fw_common_layouts[i];
	for (i = 0; i < gen->num_layouts; i++)
		if (!strcmp(gen->layouts[i].name, name))
			return &gen->layouts[i];
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_layout_find);

/* Bytes of an array member one decoder line shows. */
#define AGX4_FW_DECODE_LINE	16

static void decode_bytes(const struct agx4_fw_layout *l,
			 const struct agx4_fw_field *f, const u8 *b,
			 struct drm_printer *p)
{
	u32 off, skipped = 0;

	for (off = 0; off < f->size; off += AGX4_FW_DECODE_LINE) {
		u32 n = min_t(u32, AGX4_FW_DECODE_LINE, f->size - off);

		if (!memchr_inv(b + off, 0, n)) {
			skipped += n;
			continue;
		}
		drm_printf(p, "%s.%s+0x%x = %*ph\n", l->name, f->name, off, n,
			   b + off);
	}
	if (skipped == f->size)
		drm_printf(p, "%s.%s = 0 (0x%x bytes)\n", l->name, f->name,
			   f->size);
}

/**
 * agx4_fw_decode() - print the members of a firmware object by name
 * @l: the object's layout.
 * @obj: the object.
 * @size: bytes readable at @obj; members past it are not printed.
 * @p: where to.
 *
 * One ``object.member = value`` line per member: members of 1, 2, 4 or 8
 * bytes as little-endian integers, others (arrays, embedded records) as
 * hex bytes, 16 a line, all-zero lines left out.  The debugfs files of
 * live objects and the devcoredump print through this.
 */
void agx4_fw_decode(const struct agx4_fw_layout *l, const void *obj,
		    size_t size, struct drm_printer *p)
{
	const u8 *base = obj;
	unsigned int i;

	for (i = 0; i < l->num_fields; i++) {
		const struct agx4_fw_field *f = &l->fields[i];
		const u8 *b = base + f->offset;
		u64 v;

		if (f->offset + f->size > size)
			break;
		switch (f->size) {
		case 1:
			v = *b;
			break;
		case 2:
			v = get_unaligned_le16(b);
			break;
		case 4:
			v = get_unaligned_le32(b);
			break;
		case 8:
			v = get_unaligned_le64(b);
			break;
		default:
			decode_bytes(l, f, b, p);
			continue;
		}
		drm_printf(p, "%s.%s = 0x%llx\n", l->name, f->name, v);
	}
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_decode);

/**
 * struct agx4_fw_live - a live firmware object shown in debugfs
 * @layout: its layout.
 * @obj: the object (a CPU mapping the firmware shares).
 * @size: its size.
 */
struct agx4_fw_live {
	const struct agx4_fw_layout *layout;
	const void *obj;
	size_t size;
};

static int fw_object_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	const struct agx4_fw_live *live = entry->file.data;
	struct drm_printer p = drm_seq_file_printer(m);

	agx4_fw_decode(live->layout, live->obj, live->size, &p);
	return 0;
}

/**
 * agx4_fw_debugfs_add_object() - show a live firmware object in debugfs
 * @adev: the device.
 * @file: the debugfs file name ("fw_root0", ...).
 * @object: the object's layout name in the device's generation.
 * @obj: the object; it must outlive the DRM device.
 * @size: its size.
 *
 * Return: 0; -ENOENT if the generation has no such object; -ENOMEM.
 */
int agx4_fw_debugfs_add_object(struct agx4_device *adev, const char *file,
			       const char *object, const void *obj,
			       size_t size)
{
	const struct agx4_fw_layout *l = agx4_fw_layout_find(adev->gen, object);
	struct agx4_fw_live *live;

	if (!l)
		return -ENOENT;
	live = drmm_kzalloc(&adev->base, sizeof(*live), GFP_KERNEL);
	if (!live)
		return -ENOMEM;
	live->layout = l;
	live->obj = obj;
	live->size = size;
	drm_debugfs_add_file(&adev->base, file, fw_object_show, live);
	return 0;
}

static int fw_layouts_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	const struct agx4_fw_gen *gen = to_agx4_device(entry->dev)->gen;
	struct drm_printer p = drm_seq_file_printer(m);

	agx4_fw_gen_layouts_print(gen, &p);
	return 0;
}

/**
 * agx4_fw_debugfs_init() - add the firmware files to the device's debugfs
 * @adev: the device, its generation chosen.
 *
 * ``fw_layouts``: every object of the generation, as
 * agx4_fw_gen_layouts_print() writes it.
 */
void agx4_fw_debugfs_init(struct agx4_device *adev)
{
	drm_debugfs_add_file(&adev->base, "fw_layouts", fw_layouts_show, NULL);
}
