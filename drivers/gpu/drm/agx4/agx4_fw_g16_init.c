// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/errno.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g16_init.h"
#include "agx4_fwif_g16.h"
#include "agx4_fwif_g16_power.h"
#include "agx4_of.h"
#include "agx4_test_hooks.h"

/**
 * DOC: G16 init data
 *
 * The builders of the records the G16 boot hands the firmware and the
 * submission backend's queue records: each writes one record into a
 * zeroed buffer from the values its caller names, checks what it is
 * given against the record's fields, and touches nothing else (no
 * device, no firmware object), so that the layout suites can compare its
 * output with the reference's bytes.  The boot (agx4_fw_g16_boot.c)
 * allocates, places and maps the objects; the firmware layouts are the
 * declarations of agx4_fwif_g16.h.
 */

/**
 * agx4_fw_g16_build_flist() - build the opening FList
 * @buf: CONTROL_DATA (zeroed first).
 * @size: its bytes.
 * @aux: CONTROL_AUX's firmware address.
 *
 * The FList names the opening namespace at its GPU addresses in context 1
 * (%G16_OPEN_LIST, %G16_OPEN_TABLE): the firmware hands those on as they
 * are, so the namespace must be mapped exactly there (the reference has
 * never placed it elsewhere, M).
 *
 * Return: 0, or -EINVAL for a short buffer.
 */
int agx4_fw_g16_build_flist(void *buf, size_t size, u64 aux)
{
	struct g16_flist *fl = buf;

	if (size < sizeof(*fl))
		return -EINVAL;
	memset(fl, 0, sizeof(*fl));
	fl->gap_0 = cpu_to_le32(G16_FLIST_0);
	fl->list = cpu_to_le64(G16_OPEN_LIST);
	fl->list_entries = cpu_to_le32(G16_FLIST_ENTRIES);
	fl->gap_28 = cpu_to_le32(G16_FLIST_28);
	fl->operands = cpu_to_le64(G16_OPEN_TABLE);
	fl->aux = cpu_to_le64(aux);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_flist);

/**
 * agx4_fw_g16_build_operand_dir() - list the 4 KiB pages of operand buffers
 * @buf: the list (or directory), zeroed first.
 * @size: its bytes.
 * @base: the first buffer's GPU address; the others follow every
 *	%G16_OPERAND_BUFFER_STRIDE bytes.
 * @buffers: how many.
 *
 * Entry k is page k % 512 of buffer k / 512; the entries past the last
 * page stay zero.
 *
 * Return: 0, or -EINVAL for a list too short for every page.
 */
int agx4_fw_g16_build_operand_dir(void *buf, size_t size, u64 base,
				  unsigned int buffers)
{
	u32 k, n = buffers * G16_OPERAND_PAGES;
	__le64 *dir = buf;

	if (size < (size_t)n * sizeof(*dir))
		return -EINVAL;
	memset(buf, 0, size);
	for (k = 0; k < n; k++)
		dir[k] = cpu_to_le64(base +
				     (u64)(k / G16_OPERAND_PAGES) *
				     G16_OPERAND_BUFFER_STRIDE +
				     (u64)(k % G16_OPERAND_PAGES) *
				     G16_OPERAND_PAGE);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_operand_dir);

/**
 * agx4_fw_g16_build_compute_support() - build the compute support object
 * @buf: the object (zeroed first).
 * @size: its bytes.
 * @shared: the compute shared state's firmware address.
 *
 * The compute operand namespace: the directory at %G16_COMPUTE_DIRECTORY
 * and its sixteen buffers; no operand table.
 *
 * Return: 0, or -EINVAL for a short buffer.
 */
int agx4_fw_g16_build_compute_support(void *buf, size_t size, u64 shared)
{
	u32 cap = G16_COMPUTE_DIRECTORY_SIZE / sizeof(__le64);
	u32 pages = G16_COMPUTE_NUM_BUFFERS * G16_OPERAND_PAGES;
	struct g16_support *s = buf;

	if (size < sizeof(*s))
		return -EINVAL;
	memset(s, 0, sizeof(*s));
	s->id = cpu_to_le64(G16_SUPPORT_COMPUTE_ID);
	s->slot = cpu_to_le32(G16_SUPPORT_COMPUTE_SLOT);
	s->directory = cpu_to_le64(G16_COMPUTE_DIRECTORY);
	s->capacity = cpu_to_le32(cap);
	s->pages_mod = cpu_to_le32(pages % cap);
	s->pages = cpu_to_le32(pages);
	s->shared = cpu_to_le64(shared);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_compute_support);

/**
 * agx4_fw_g16_build_resume() - build the resume records
 * @buf: their page (zeroed first).
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a buffer short of the 96 records.
 */
int agx4_fw_g16_build_resume(void *buf, size_t size)
{
	struct g16_resume *r = buf;
	unsigned int i;

	if (size < G16_RESUME_RECORDS * sizeof(*r))
		return -EINVAL;
	memset(buf, 0, size);
	for (i = 0; i < G16_RESUME_RECORDS; i++)
		r[i].gap_0 = cpu_to_le64(G16_RESUME_0);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_resume);

/**
 * agx4_fw_g16_build_channels() - fill the channel table of a main config
 * @in: the channels' addresses.
 * @buf: the main config; only its channel table is written.
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a buffer short of a main config.
 */
AGX4_VISIBLE_IF_TEST int
agx4_fw_g16_build_channels(const struct agx4_fw_chan_in *in, void *buf,
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_channels);

/**
 * agx4_fw_g16_build_main_config() - write the main config
 * @gen: the generation.
 * @in: what it points at.
 * @buf: the main config (zeroed first), channel table included.
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer or an instance other than 0.
 */
int agx4_fw_g16_build_main_config(const struct agx4_fw_gen *gen,
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
	agx4_fw_g16_build_channels(&in->chan, buf, size);
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_main_config);

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

/**
 * agx4_fw_g16_build_queue() - write a queue record
 * @in: the queue's objects and priority.
 * @buf: the record (zeroed first).
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer, a priority past the four rows
 * or an unknown lane.
 */
int agx4_fw_g16_build_queue(const struct agx4_fw_queue_in *in, void *buf,
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_queue);

/**
 * agx4_fw_g16_build_hwdata() - write hwdata
 * @gen: the generation.
 * @p: the device-tree inputs.
 * @in: the register windows and the timestamp aperture.
 * @buf: hwdata (zeroed first).
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer, a window slot out of range or
 * used twice, or no sample period.
 */
int agx4_fw_g16_build_hwdata(const struct agx4_fw_gen *gen,
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_hwdata);

/**
 * agx4_fw_g16_build_region_c() - write region C
 * @p: the device-tree inputs.
 * @buf: region C (zeroed first).
 * @size: its bytes.
 *
 * Return: 0, or -EINVAL for a short buffer or no power limit.
 */
int agx4_fw_g16_build_region_c(const struct agx4_platform *p, void *buf,
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
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_build_region_c);
