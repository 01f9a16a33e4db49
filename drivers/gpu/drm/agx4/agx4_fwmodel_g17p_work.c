// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Firmware model, G17P: what the work channels carry and how the firmware
 * executes a queue's commands: [descriptor, optional record?, event item]
 * from a linear item ring, each waiting for the dependency points of its
 * context record, completing with its status words, completion word,
 * indices and a terminal report.  Offsets are the protocol's, written
 * here again; nothing is shared with the driver's declarations.
 */

#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_fwmodel_core.h"

/* Item types, their first word (H). */
#define ITEM_TA			0
#define ITEM_3D			1
#define ITEM_COMPUTE		3
#define ITEM_EVENT		0x0e
#define ITEM_OPTIONAL		0x0f

#define EVENT_SIZE		0x40
#define OPTIONAL_SIZE		0xc0
#define REG_SIZE		12
#define REG_CDM_START		0x1a420

/*
 * Pointer block: +0x50 all-ones, +0x60 capacity 0x500, at least 0x80
 * bytes (ADevWithAnIdea/m1n1@ffe58c78 proxyclient/m1n1/agx/g17p_shim.py
 * create_queue_pair; GravityLinux/linux drivers/gpu/drm/asahi/
 * g17p_queue.rs@60cb2f79 pointers disagrees: capacity at +0x50 of 0x60).
 */
#define PB_SIZE			0x80
#define PB_CAP			0x500

/*
 * Queue record: +0x1c mirrors the done index (ADevWithAnIdea/m1n1@ffe58c78
 * proxyclient/m1n1/agx/g17p.py QUEUE_GPU_RPTR2).
 */
#define QUEUE_SIZE		0xc0
#define QUEUE_DONE_MIRROR	0x1c
/* The channel-control record a context cleanup names the queue by (H). */
#define QUEUE_CONTROL		0x9c

/*
 * Context records: 0x200 slots, indexed by the item's group (H); that the
 * firmware finds the record by the group, and refuses one naming another
 * descriptor or queue, is the strictest reading.
 */
#define CTX_SLOT		0x200
#define CTX_SIZE		0x180
#define CTX_SLOTS		256
#define CTX_POINTS		0x20
#define POINT_VALUE		GENMASK_ULL(29, 0)

/* Status records (render) are 0x40 bytes (H). */
#define STATUS_SIZE		0x40

/* A register program: its records, header (bytes << 16 | count), alias. */
struct program {
	u32 regs;
	u32 alias;
	u32 header;
	u32 count;
};

/* What each descriptor kind holds, and where (H). */
struct desc_layout {
	u32 type;
	/* Bytes the firmware reads, and bytes its low alias must map. */
	u32 size;
	u32 alias_size;
	u32 engine;
	struct program prog[4];
	/* Firmware timestamp pair, user timestamp pair, status (0: none). */
	u32 fw_ts;
	u32 user_ts;
	u32 status;
	/* Compute: the status pair pointers. */
	u32 status_pair;
	/* Registers of the main program that carry the work tag. */
	u32 tags[3];
	/* Lifecycle registers, the gate register and its two forms. */
	u32 life[3];
	u32 gate;
	u64 gate_ordinary;
	u64 gate_opening;
	u64 life_opening;
};

static const struct desc_layout layouts[3] = {
	[FWM_KIND_TA] = {
		.type = ITEM_TA, .size = 0x9c0, .engine = 0x0c,
		.prog = { { 0x60, 0x760, 0x768, 73 } },
		.fw_ts = 0x8fe, .user_ts = 0x90e, .status = 0x945,
		.tags = { 0x10209, 0x1c9f0, 0x14320 },
		.life = { 0x1ca10, 0x14a1, 0xa349 }, .gate = 0xa5a1,
		.gate_ordinary = 0xfe00400020ULL,
		.gate_opening = 0xe900400020ULL,
		.life_opening = 0xc4010000e8ULL,
	},
	[FWM_KIND_3D] = {
		.type = ITEM_3D, .size = 0x2240, .engine = 0x18,
		.prog = {
			{ 0xa0, 0x7a0, 0x7a8, 89 },
			{ 0x7c0, 0xec0, 0xec8, 16 },
			{ 0xee0, 0x15e0, 0x15e8, 23 },
			{ 0x1600, 0x1d00, 0x1d08, 10 },
		},
		.fw_ts = 0x2198, .user_ts = 0x21a8, .status = 0x21df,
		.tags = { 0x10211, 0x10420 },
		.life = { 0x160e0, 0x1499, 0xa341 }, .gate = 0xa5a9,
		.gate_ordinary = 0x14600400020ULL,
		.gate_opening = 0xed00400020ULL,
		.life_opening = 0xc4010000e7ULL,
	},
	[FWM_KIND_COMPUTE] = {
		.type = ITEM_COMPUTE, .size = 0x1000, .alias_size = 0x1040,
		.engine = 0x08,
		.prog = { { 0x40, 0x740, 0x748, 40 }, { 0x760, 0xe60, 0xe68, 4 } },
		/* M: the user pair's place; L: start, then end. */
		.user_ts = 0xf8c, .status_pair = 0xf7c,
	},
};

/* TA descriptor: its sequence, pool and shared pool object (H). */
#define TA_SEQ			0x04
#define TA_POOL			0x18
#define TA_BM			0x20

/* Channel message: 0, queue record, kind, w' | grid << 16 | first << 24 (H). */
int agx4_fwmodel_g17p_work_msg(struct agx4_fwmodel *m, unsigned int inst,
			       unsigned int ch, u64 va, const u8 *msg,
			       struct fwm_work_msg *out)
{
	u32 w = get_unaligned_le32(msg + 0x14);

	if (get_unaligned_le64(msg))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG, va);
	out->queue = get_unaligned_le64(msg + 8);
	if (!out->queue)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, va + 8);
	out->kind = get_unaligned_le32(msg + 0x10);
	if (out->kind != ch % 3)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
					 va + 0x10);
	/* Grids are below 128: the terminal mask has 128 bits (H). */
	if (w >> 25 || ((w >> 16) & 0xff) >= FWM_GRIDS)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
					 va + 0x14);
	out->head = w & 0xffff;
	out->event = (w >> 16) & 0xff;
	out->first = w >> 24;
	return 0;
}

/* Queue record +0x24 and +0x44 all-ones; pointer block +0x50 all-ones, +0x60 0x500 (H). */
int agx4_fwmodel_g17p_open_lane(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	const unsigned int rw = AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE;
	u8 q[QUEUE_SIZE], pb[PB_SIZE];

	if (agx4_fwmodel_check(m, l->inst, l->queue, QUEUE_SIZE, rw) ||
	    agx4_fwmodel_read(m, l->inst, l->queue, q, sizeof(q)))
		return -EIO;
	if (get_unaligned_le32(q + 0x24) != U32_MAX)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x24);
	if (get_unaligned_le32(q + 0x44) != U32_MAX)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->queue + 0x44);
	if (agx4_fwmodel_check(m, l->inst, l->pointers, PB_SIZE, rw) ||
	    agx4_fwmodel_read(m, l->inst, l->pointers, pb, sizeof(pb)))
		return -EIO;
	if (get_unaligned_le32(pb + 0x50) != U32_MAX)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->pointers + 0x50);
	if (get_unaligned_le32(pb + 0x60) != PB_CAP)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
					 l->pointers + 0x60);
	l->cap = PB_CAP;
	l->control = get_unaligned_le64(q + QUEUE_CONTROL);
	return agx4_fwmodel_check(m, l->inst, l->ring, (u64)l->cap * 8,
				  AGX4_FWMODEL_READ);
}

static int item_at(struct agx4_fwmodel *m, struct fwm_lane *l, u32 r,
		   u64 *item, u32 *type)
{
	u64 slot = l->ring + (u64)r * 8;

	if (agx4_fwmodel_read64(m, l->inst, slot, item))
		return -EIO;
	if (!*item)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, slot);
	return agx4_fwmodel_read32(m, l->inst, *item, type);
}

/*
 * The optional record: +0x18 u16 grid, +8 the context area's low alias
 * and +0x10 its firmware VA (H): the firmware finds the context records
 * of later commands there.
 */
static int optional(struct agx4_fwmodel *m, struct fwm_lane *l, u64 item)
{
	u8 o[OPTIONAL_SIZE];
	u64 area;

	if (agx4_fwmodel_read(m, l->inst, item, o, sizeof(o)))
		return -EIO;
	if (get_unaligned_le16(o + 0x18) != l->event)
		return agx4_fwmodel_item_fail(m, item + 0x18);
	if (!get_unaligned_le64(o + 8))
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED, item + 8);
	area = get_unaligned_le64(o + 0x10);
	if (agx4_fwmodel_need(m, l->inst, item + 0x10, area,
			      CTX_SLOTS * CTX_SLOT, AGX4_FWMODEL_READ))
		return -EIO;
	l->ctx_area = area;
	return 0;
}

/* Event item: 0x0e, 0x10000 | grid, group << 8 | low, kind << 8 (H). */
static int event_item(struct agx4_fwmodel *m, struct fwm_lane *l, u64 item,
		      u32 *group)
{
	u8 e[EVENT_SIZE];

	if (agx4_fwmodel_read(m, l->inst, item, e, sizeof(e)))
		return -EIO;
	if (get_unaligned_le32(e + 4) != (0x10000 | l->event))
		return agx4_fwmodel_item_fail(m, item + 4);
	if (get_unaligned_le32(e + 0x10) != l->kind << 8)
		return agx4_fwmodel_item_fail(m, item + 0x10);
	*group = get_unaligned_le32(e + 8) >> 8;
	if (!*group)
		return agx4_fwmodel_item_fail(m, item + 8);
	return 0;
}

/*
 * The receiver slot of a context record's point header belongs to one
 * receiver: a render pool (its TA and 3D grids, 2p and 2p + 1, share its
 * slot, the pool's index) or one compute grid.  The newest reference
 * gives each compute owner its own grid (32 + i) as its slot because the
 * fixed slot 2 of its older profile was shared by every compute owner
 * (GravityLinux/linux drivers/gpu/drm/asahi/g17p_compute_queues.rs@fc79d23c
 * PreparationSeed::prepare, word_220); a render's slot is its pool's
 * (g17p_render_lifecycle.rs@e64fbc4e Item::context).  Strictest reading:
 * a slot another receiver holds is refused.
 *
 * Return: 0, or -EBUSY when the slot is another receiver's.
 */
static int receiver_slot(struct agx4_fwmodel *m, struct fwm_lane *l,
			 u32 slot)
{
	u32 key = 1 + (l->kind == FWM_KIND_COMPUTE ? l->event :
		       l->event & ~1u);

	if (!m->slot_owner[slot])
		m->slot_owner[slot] = key;
	return m->slot_owner[slot] == key ? 0 : -EBUSY;
}

/*
 * The context record of a command: at the context area + (group mod
 * 256) * 0x200 (L: the slot the host uses, (index + 1) mod 256, is the
 * group the event item carries), naming the descriptor and the queue;
 * its dependency points (H): a header 0xffff << 48 | engine << 40 |
 * slot << 32 | (2^n - 1), then n points grid << 40 | value, each met
 * once grid has completed value commands (M).
 *
 * Return: 1 when every point is met, 0 when not, or -EIO.
 */
static int points_met(struct agx4_fwmodel *m, struct fwm_lane *l, u64 desc,
		      u32 group)
{
	const struct desc_layout *k = &layouts[l->kind];
	unsigned long flags;
	u64 ctx, h, p;
	u8 c[CTX_SIZE];
	u32 mask, n, i, grid;
	bool met = true, own;

	if (!l->ctx_area)
		return agx4_fwmodel_item_fail(m, desc);
	ctx = l->ctx_area + (u64)(group % CTX_SLOTS) * CTX_SLOT;
	if (agx4_fwmodel_read(m, l->inst, ctx, c, sizeof(c)))
		return -EIO;
	if (get_unaligned_le64(c + 0x10) != desc)
		return agx4_fwmodel_item_fail(m, ctx + 0x10);
	if (get_unaligned_le64(c + 0x18) != l->queue)
		return agx4_fwmodel_item_fail(m, ctx + 0x18);
	h = get_unaligned_le64(c + CTX_POINTS);
	mask = lower_32_bits(h);
	n = hweight32(mask);
	if (h >> 48 != 0xffff || ((h >> 40) & 0xff) != k->engine ||
	    !n || (mask & (mask + 1)) ||
	    receiver_slot(m, l, (h >> 32) & 0xff))
		return agx4_fwmodel_item_fail(m, ctx + CTX_POINTS);
	for (i = 0; i < n; i++) {
		p = get_unaligned_le64(c + CTX_POINTS + 8 + 8 * i);
		grid = p >> 40;
		own = grid == l->event;
		/*
		 * Foreign waits first, the receiving grid's own
		 * previous-value point last, and present (H:
		 * GravityLinux/linux
		 * drivers/gpu/drm/asahi/g17p_render_lifecycle.rs@e64fbc4e
		 * Item::context refuses a list without it and rotates it to
		 * the end; g17p_compute.rs@e64fbc4e context_dependencies
		 * likewise).  Strictest reading: any other order is refused.
		 */
		if (grid >= FWM_GRIDS || (p & GENMASK_ULL(39, 30)) ||
		    own != (i == n - 1))
			return agx4_fwmodel_item_fail(m, ctx + CTX_POINTS +
						      8 + 8 * i);
		spin_lock_irqsave(&m->lock, flags);
		met &= m->grid_done[grid] >= (p & POINT_VALUE);
		spin_unlock_irqrestore(&m->lock, flags);
	}
	if (met && n)
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_WAITS);
	return met;
}

/*
 * A compute program's CDM start register names the user's command stream
 * (H): the GPU reads it through the tables of the descriptor's context.
 */
static int cdm_stream(struct agx4_fwmodel *m, struct fwm_lane *l,
		      const struct desc_layout *k, const u8 *d)
{
	const struct program *p;
	unsigned int i, r;

	if (l->kind != FWM_KIND_COMPUTE)
		return 0;
	for (i = 0; i < ARRAY_SIZE(k->prog) && k->prog[i].count; i++) {
		p = &k->prog[i];
		for (r = 0; r < p->count; r++) {
			const u8 *rec = d + p->regs + r * REG_SIZE;

			if (get_unaligned_le32(rec) != REG_CDM_START)
				continue;
			return agx4_fwmodel_gpu_check(m, l->inst,
						      get_unaligned_le32(d + 0xc),
						      get_unaligned_le64(rec + 4),
						      4, AGX4_FWMODEL_READ);
		}
	}
	return agx4_fwmodel_item_fail(m, l->job.item + k->prog[0].regs);
}

/* Each register program: its header, and the same bytes at its low alias. */
static int programs(struct agx4_fwmodel *m, struct fwm_lane *l,
		    const struct desc_layout *k, const u8 *d, u64 desc)
{
	const struct program *p;
	u8 *alias;
	u32 bytes;
	int ret = 0;
	unsigned int i;

	BUILD_BUG_ON(0x100 * REG_SIZE > FWM_SCRATCH_SIZE);
	alias = m->scratch[FWM_SCRATCH_REGS];
	for (i = 0; i < ARRAY_SIZE(k->prog) && k->prog[i].count && !ret; i++) {
		p = &k->prog[i];
		bytes = p->count * REG_SIZE;
		if (get_unaligned_le32(d + p->header) != (bytes << 16 | p->count)) {
			ret = agx4_fwmodel_item_fail(m, desc + p->header);
			break;
		}
		/*
		 * The low aliases (ADevWithAnIdea/m1n1@ffe58c78
		 * proxyclient/m1n1/agx/g17p_compute.py
		 * build_compute_descriptor) are read in context 0, the
		 * firmware's own (strictest reading).
		 */
		ret = agx4_fwmodel_gpu_read(m, l->inst, 0,
					    get_unaligned_le64(d + p->alias),
					    alias, bytes);
		if (!ret && memcmp(alias, d + p->regs, bytes))
			ret = agx4_fwmodel_item_fail(m, desc + p->alias);
	}
	if (!ret)
		ret = cdm_stream(m, l, k, d);
	/*
	 * The firmware may read past the host's bytes: the alias must cover
	 * them (strictest reading; the size is the specification's).
	 */
	if (!ret && k->alias_size)
		ret = agx4_fwmodel_gpu_check(m, l->inst, 0,
					     get_unaligned_le64(d + k->prog[0].alias) -
					     k->prog[0].regs, k->alias_size,
					     AGX4_FWMODEL_READ);
	return ret;
}

/*
 * The hardware work tag of a render stage names its context in its
 * second byte, the low byte of the render's node below it: the mask
 * keeps the context while the node's byte wraps (GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_render.rs@498fde22 Parameters::work_stamp;
 * g17p_render_lifecycle.rs@e64fbc4e scheduler_stamp).  The firmware
 * attributes the work to the context the tag names: a tag naming another
 * context is refused (strictest reading).
 */
static int work_tags(struct agx4_fwmodel *m, const struct desc_layout *k,
		     const u8 *d, u64 desc, u32 ctx)
{
	const struct program *p = &k->prog[0];
	unsigned int i, j;
	u64 val;
	u32 reg;

	for (i = 0; i < p->count; i++) {
		reg = get_unaligned_le32(d + p->regs + i * REG_SIZE);
		val = get_unaligned_le64(d + p->regs + i * REG_SIZE + 4);
		for (j = 0; j < ARRAY_SIZE(k->tags) && k->tags[j]; j++)
			if (reg == k->tags[j] && val >> 8 != ctx)
				return agx4_fwmodel_item_fail(m, desc + p->regs +
							      i * REG_SIZE + 4);
	}
	return 0;
}

/*
 * The 3D descriptor's copies of its depth/stencil state: the reference
 * writes each from the same parameter as a register of the main program
 * (GravityLinux/linux drivers/gpu/drm/asahi/g17p_render.rs@498fde22
 * structural_tail and fragment_registers): +0x1eb8 depth flags (0x15319),
 * +0x1ec8..+0x1f20 depth buffer, stride, comp stride, buffer, buffer, comp
 * buffer (0x15329, 0x15401, 0x15411, 0x15329, 0x15329, 0x153c1) and the
 * stencil's likewise (0x15339, 0x15409, 0x15419, 0x15339, 0x15339,
 * 0x153d1), +0x1fac the stencil clear | 0x300 (u32, 0x15309) and +0x1fd0
 * the depth dimensions (0x15321).  The last write of a register counts;
 * one absent from the program holds 0.  A copy that disagrees is refused
 * (strictest reading: the firmware may take either).  +0x1fb0, the UAPI
 * sample size, has no register to check it against.
 */
static const struct {
	u16 at;
	u16 width;
	u32 reg;
} zls_copies_3d[] = {
	{ 0x1eb8, 8, 0x15319 },
	{ 0x1ec8, 8, 0x15329 }, { 0x1ed0, 8, 0x15401 }, { 0x1ed8, 8, 0x15411 },
	{ 0x1ee0, 8, 0x15329 }, { 0x1ee8, 8, 0x15329 }, { 0x1ef0, 8, 0x153c1 },
	{ 0x1ef8, 8, 0x15339 }, { 0x1f00, 8, 0x15409 }, { 0x1f08, 8, 0x15419 },
	{ 0x1f10, 8, 0x15339 }, { 0x1f18, 8, 0x15339 }, { 0x1f20, 8, 0x153d1 },
	{ 0x1fac, 4, 0x15309 },
	{ 0x1fd0, 8, 0x15321 },
};

static int zls_copies(struct agx4_fwmodel *m, const struct fwm_lane *l,
		      const struct desc_layout *k, const u8 *d, u64 desc)
{
	const struct program *p = &k->prog[0];
	unsigned int i, j;
	u64 want, have;

	if (l->kind != FWM_KIND_3D)
		return 0;
	for (i = 0; i < ARRAY_SIZE(zls_copies_3d); i++) {
		want = 0;
		for (j = 0; j < p->count; j++)
			if (get_unaligned_le32(d + p->regs + j * REG_SIZE) ==
			    zls_copies_3d[i].reg)
				want = get_unaligned_le64(d + p->regs +
							  j * REG_SIZE + 4);
		if (zls_copies_3d[i].width == 4) {
			have = get_unaligned_le32(d + zls_copies_3d[i].at);
			want = lower_32_bits(want);
		} else {
			have = get_unaligned_le64(d + zls_copies_3d[i].at);
		}
		if (have != want)
			return agx4_fwmodel_item_fail(m, desc +
						      zls_copies_3d[i].at);
	}
	return 0;
}

/*
 * A render stage's lifecycle words go with its gate: an ordinary render
 * has lifecycle 0 and the ordinary gate; only an opening descriptor (the
 * first-generation constructor for a dormant owner) has the opening
 * lifecycle words, and then the opening gates (GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_render_runtime.rs@21d3e5c9 first_descriptor;
 * g17p_render.rs@498fde22 tiling_registers, fragment_registers; the
 * generator's descriptor_lifecycle_value() is 0 for every render it
 * builds, ADevWithAnIdea/m1n1@ffe58c78 proxyclient/m1n1/agx/).
 * Anything else is refused (strictest reading).
 */
static int lifecycle(struct agx4_fwmodel *m, const struct desc_layout *k,
		     const u8 *d, u64 desc)
{
	const struct program *p = &k->prog[0];
	u64 life[ARRAY_SIZE(k->life)] = {}, gate = 0, want;
	u32 at[ARRAY_SIZE(k->life)] = {}, reg;
	unsigned int i, j;

	if (!k->gate)
		return 0;
	/* A register absent from the program holds 0. */
	for (i = 0; i < p->count; i++) {
		reg = get_unaligned_le32(d + p->regs + i * REG_SIZE);
		if (reg == k->gate)
			gate = get_unaligned_le64(d + p->regs + i * REG_SIZE + 4);
		for (j = 0; j < ARRAY_SIZE(k->life); j++) {
			if (reg != k->life[j])
				continue;
			life[j] = get_unaligned_le64(d + p->regs +
						     i * REG_SIZE + 4);
			at[j] = p->regs + i * REG_SIZE + 4;
		}
	}
	if (gate == k->gate_opening)
		want = k->life_opening;
	else if (gate == k->gate_ordinary)
		want = 0;
	else
		return agx4_fwmodel_item_fail(m, desc + p->regs);
	for (j = 0; j < ARRAY_SIZE(k->life); j++)
		if (life[j] != want)
			return agx4_fwmodel_item_fail(m, desc +
						      (at[j] ?: p->regs));
	return 0;
}

/*
 * Before each render the host registers its pool's primary index in
 * primary region 0, at + pool * 0x10: (the index's low alias, shared
 * object +0x28, - 0x10_0000_0000) >> 4 and the count at +0x34, when that
 * count is 32 (GravityLinux/linux drivers/gpu/drm/asahi/
 * g17p_render_runtime.rs@21d3e5c9 stage_next_prepared,
 * g17p_render_lifecycle.rs@df192647 index_registration).  The region's
 * context-0 alias is 0x70_0183_8000 (g17p_initgraph.rs@f22281c5
 * primary_aliases).  A render whose registration is missing or stale is
 * refused (strictest reading).
 */
#define PRI_REGION0_LOW		0x7001838000ULL
#define INDEX_REG_STRIDE	0x10
#define SHARED_INDEX_LOW	0x28
#define SHARED_INDEX_COUNT	0x34
#define CONTEXT_BASE		0x1000000000ULL
static int index_registration(struct agx4_fwmodel *m, struct fwm_lane *l,
			      const u8 *d, u64 desc)
{
	u64 shared = get_unaligned_le64(d + TA_BM), low, at;
	u32 pool = get_unaligned_le32(d + TA_POOL), count, index, groups;
	u8 reg[8];

	if (l->kind != FWM_KIND_TA)
		return 0;
	if (agx4_fwmodel_read64(m, l->inst, shared + SHARED_INDEX_LOW, &low) ||
	    agx4_fwmodel_read32(m, l->inst, shared + SHARED_INDEX_COUNT,
				&count))
		return -EIO;
	if (count != 32)
		return 0;
	if (pool >= 0x8000 / INDEX_REG_STRIDE || low < CONTEXT_BASE)
		return agx4_fwmodel_item_fail(m, desc + TA_POOL);
	at = PRI_REGION0_LOW + (u64)pool * INDEX_REG_STRIDE;
	/* M: the firmware reads the low aliases in context 0, as the GPU. */
	if (agx4_fwmodel_gpu_read(m, l->inst, 0, at, reg, sizeof(reg)))
		return -EIO;
	index = get_unaligned_le32(reg);
	groups = get_unaligned_le32(reg + 4);
	if (index != (low - CONTEXT_BASE) >> 4 || groups != count)
		return agx4_fwmodel_item_fail(m, at);
	return 0;
}

/*
 * The cold dispatch record: before the first init message the host
 * writes it at primary region 1 + 0, whose context-0 view is
 * 0x70_0184_0000 (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_vm.rs@fc79d23c Vm::build;
 * g17p_initgraph.rs@f22281c5 primary_aliases).  Vm::build's comment: without
 * the cold records the first compute command runs, later compute work
 * retires without a command status.  The words (M, the reference's body
 * not being available) are the generator's: 0xe0000000, 0x08000000, 0,
 * 0x3800, 0x1c00 (ADevWithAnIdea/m1n1@ffe58c78
 * proxyclient/experiments/agx_g17p_boot.py PARTIAL_DISPATCH_RECORD_FIELDS).
 * Strictest reading: a compute command finding anything else there is
 * refused.
 */
#define PRI_REGION1_LOW		0x7001840000ULL
static const u32 dispatch_record_words[] = {
	0xe0000000, 0x08000000, 0, 0x3800, 0x1c00,
};

static int dispatch_record(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	u8 rec[sizeof(dispatch_record_words)];
	unsigned int i;

	if (l->kind != FWM_KIND_COMPUTE)
		return 0;
	/* M: the firmware reads the low aliases in context 0, as the GPU. */
	if (agx4_fwmodel_gpu_read(m, l->inst, 0, PRI_REGION1_LOW, rec,
				  sizeof(rec)))
		return -EIO;
	for (i = 0; i < ARRAY_SIZE(dispatch_record_words); i++)
		if (get_unaligned_le32(rec + 4 * i) != dispatch_record_words[i])
			return agx4_fwmodel_item_fail(m, PRI_REGION1_LOW + 4 * i);
	return 0;
}

/*
 * A pair of u64 destinations at @off of the descriptor: nanoseconds for
 * @user timestamps, else ticks (@prof: the firmware timestamp pair,
 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_render.rs@498fde22
 * timestamp_a/timestamp_b; else a status pair, for which the reference
 * only asks that the word be non-zero).
 */
static int pair(struct agx4_fwmodel *m, struct fwm_lane *l, const u8 *d,
		u64 desc, u32 off, bool user, bool prof, bool need_end)
{
	unsigned int i;
	u64 dest;

	for (i = 0; i < 2; i++) {
		dest = get_unaligned_le64(d + off + 8 * i);
		if (!dest && i == 1 && need_end)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED,
						 desc + off + 8);
		if (!dest)
			continue;
		if (user && (dest < FWM_TS_APERTURE ||
			     dest - FWM_TS_APERTURE >
			     FWM_TS_APERTURE_SIZE - 8))
			return agx4_fwmodel_item_fail(m, desc + off + 8 * i);
		if (agx4_fwmodel_job_write(m, l, dest, user ?
					   (i ? FWM_W_NS_END : FWM_W_NS_START) :
					   (i ? FWM_W_TICKS_END :
					    FWM_W_TICKS_START),
					   prof ? FWM_PROFILING : 0))
			return -EIO;
	}
	return 0;
}

/*
 * An independent compute queue's support object ("class" object, named by
 * the descriptor's shared-control word at +0xfb2) carries the queue's
 * context (ASID) in its header, and each of its descriptors the same
 * context at +0xc (H: the reference's independent compute queues write
 * both from the queue's one ASID, GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_compute_queues.rs@fc79d23c).  A descriptor
 * naming another context than its support object is refused (GAP: which
 * one the firmware uses is not known; strictest reading).
 */
#define COMPUTE_SUPPORT		0xfb2
static int compute_support(struct agx4_fwmodel *m, struct fwm_lane *l,
			   const u8 *d, u64 desc, u32 ctx)
{
	u64 header;

	if (l->kind != FWM_KIND_COMPUTE)
		return 0;
	if (agx4_fwmodel_read64(m, l->inst,
				get_unaligned_le64(d + COMPUTE_SUPPORT),
				&header))
		return -EIO;
	if (header != ctx)
		return agx4_fwmodel_item_fail(m, desc + 0xc);
	return 0;
}

/*
 * A descriptor, checked when its command starts.  Completing it writes
 * (H): the firmware timestamp pair (the 3D end word is the render's
 * completion word), the user timestamps, the status record (render: at
 * least one non-zero qword; GAP what else) or the status pair (compute:
 * the second word non-zero).
 */
static int descriptor(struct agx4_fwmodel *m, struct fwm_lane *l, u64 desc)
{
	const struct desc_layout *k = &layouts[l->kind];
	u64 status;
	u32 ctx;
	u8 *d;
	int ret;

	if (WARN_ON_ONCE(k->size > FWM_SCRATCH_SIZE))
		return -EIO;
	d = m->scratch[FWM_SCRATCH_ITEM];
	ret = agx4_fwmodel_read(m, l->inst, desc, d, k->size);
	if (ret)
		goto out;
	ret = -EIO;
	ctx = get_unaligned_le32(d + 0xc);
	if (!ctx || ctx > 63) {
		agx4_fwmodel_item_fail(m, desc + 0xc);
		goto out;
	}
	l->job.ctx = ctx;
	if (compute_support(m, l, d, desc, ctx) ||
	    programs(m, l, k, d, desc) || work_tags(m, k, d, desc, ctx) ||
	    lifecycle(m, k, d, desc) || zls_copies(m, l, k, d, desc) ||
	    index_registration(m, l, d, desc) || dispatch_record(m, l))
		goto out;
	if (k->fw_ts && pair(m, l, d, desc, k->fw_ts, false, true,
			     l->kind == FWM_KIND_3D))
		goto out;
	if (pair(m, l, d, desc, k->user_ts, true, false, false))
		goto out;
	if (k->status_pair) {
		if (pair(m, l, d, desc, k->status_pair, false, false, true))
			goto out;
	} else {
		status = get_unaligned_le64(d + k->status);
		if (agx4_fwmodel_need(m, l->inst, desc + k->status, status,
				      STATUS_SIZE, AGX4_FWMODEL_WRITE) ||
		    agx4_fwmodel_job_write(m, l, status, FWM_W_TICKS_END, 0))
			goto out;
	}
	ret = 0;
out:
	return ret;
}

/* The command at ring index @r of @l: descriptor, optional record?, event item. */
int agx4_fwmodel_g17p_step(struct agx4_fwmodel *m, struct fwm_lane *l, u32 r,
			   u32 *n)
{
	const struct desc_layout *k = &layouts[l->kind];
	u64 desc, item;
	u32 type, group;
	int ret;

	if (item_at(m, l, r, &desc, &type))
		return -EIO;
	if (type != k->type)
		return agx4_fwmodel_item_fail(m, desc);
	*n = 1;
	for (;;) {
		if (r + *n >= l->head)
			return agx4_fwmodel_item_fail(m, l->ring +
						      (u64)(r + *n) * 8);
		if (item_at(m, l, r + *n, &item, &type))
			return -EIO;
		(*n)++;
		if (type == ITEM_EVENT)
			break;
		if (type != ITEM_OPTIONAL || *n > 2)
			return agx4_fwmodel_item_fail(m, item);
		if (optional(m, l, item))
			return -EIO;
	}
	if (event_item(m, l, item, &group))
		return -EIO;
	ret = points_met(m, l, desc, group);
	if (ret <= 0)
		return ret < 0 ? ret : FWM_STEP_WAIT;
	l->job.item = desc;
	if (descriptor(m, l, desc))
		return -EIO;
	/*
	 * One terminal report per completed command (H): compute its own
	 * grid; a render both grids of its pair once the 3D completes, the
	 * TA grid being the 3D grid - 1 (H: TA even, 3D = TA + 1).
	 */
	if (l->kind != FWM_KIND_TA) {
		l->job.report = true;
		l->job.mask[l->event / 64] |= BIT_ULL(l->event % 64);
		if (l->kind == FWM_KIND_3D && (l->event & 1))
			l->job.mask[(l->event - 1) / 64] |=
				BIT_ULL((l->event - 1) % 64);
	}
	return FWM_STEP_WORK;
}

/* After a command completed: its grid's count and the queue's done mirror. */
int agx4_fwmodel_g17p_retire(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->grid_done[l->event]++;
	spin_unlock_irqrestore(&m->lock, flags);
	return agx4_fwmodel_write32(m, l->inst, l->queue + QUEUE_DONE_MIRROR,
				    l->done);
}

/*
 * TVB growth and the memory limit.  The TA descriptor names its pool
 * (+0x18) and the pool's buffer manager, shared[0] (+0x20); its sequence
 * (+4) is 2 * index + 1 and its 3D's, on the pool's 3D queue, 2 * index,
 * naming the same shared[0] at +0x28 (H; the 3D's pool word at +0x458 is
 * not used: it lies inside the main register program).  The buffer
 * manager: +0x3c current
 * blocks, +0x44 the secondary index (a u64 base ID per block), +0x4c the
 * shared slots (the block count, twice, in its first two u32s) (H).
 */
#define FRAG_BM			0x28
#define BM_SIZE			0x88
/* Context record: the 3D partial store, resume and load locators (H). */
#define CTX_PARTIAL		0x158
#define LOC_ALIAS		GENMASK_ULL(39, 0)

/*
 * The 3D command of this render, not yet executed, and its context
 * record (found as the 3D's step finds it: the optional record's context
 * area, else the queue's, at the event item's group).
 */
static int find_frag(struct agx4_fwmodel *m, struct fwm_lane *l, u64 ta,
		     u32 seq)
{
	struct fwm_tvb *t = &l->job.tvb;
	u32 r, n, type, s, group;
	struct fwm_lane *f;
	u8 o[OPTIONAL_SIZE];
	u64 desc, item, area, bm;

	list_for_each_entry(f, &m->lanes, node) {
		if (f->inst != l->inst || f->kind != FWM_KIND_3D)
			continue;
		for (r = f->read; r < f->head; r++) {
			if (item_at(m, f, r, &desc, &type))
				return -EIO;
			if (type != ITEM_3D)
				continue;
			if (agx4_fwmodel_read64(m, f->inst, desc + FRAG_BM,
						&bm) ||
			    agx4_fwmodel_read32(m, f->inst, desc + TA_SEQ, &s))
				return -EIO;
			if (bm != t->bm || s + 1 != seq)
				continue;
			area = f->ctx_area;
			for (n = r + 1; n < f->head; n++) {
				if (item_at(m, f, n, &item, &type))
					return -EIO;
				if (type != ITEM_OPTIONAL)
					break;
				if (agx4_fwmodel_read(m, f->inst, item, o,
						      sizeof(o)))
					return -EIO;
				area = get_unaligned_le64(o + 0x10);
			}
			if (n == f->head || type != ITEM_EVENT || !area)
				return agx4_fwmodel_item_fail(m, desc);
			if (agx4_fwmodel_read32(m, f->inst, item + 8, &group))
				return -EIO;
			t->frag_queue = f->queue;
			t->frag_item = desc;
			t->frag_ctx = area + (u64)((group >> 8) % CTX_SLOTS) *
				      CTX_SLOT;
			return 0;
		}
	}
	return agx4_fwmodel_item_fail(m, ta + TA_SEQ);
}

/*
 * Growth request (kind 6): +4 context, +8 pool, +0xc request counter,
 * +0x10 the TA grid, +0x14..+0x37 zero, +0x38 u64 1, +0x40 u64 1 << grid
 * (H; GAP: a grid past 63 leaves +0x40 zero).  The counter is the
 * pool's: 0 for its first request, one more after each reply, grown or
 * refused (GravityLinux/linux drivers/gpu/drm/asahi/g17p_growth.rs@5f2f3fa2
 * Owner::request accepts only the pool's counter;
 * g17p_growth_runtime.rs@fc79d23c register_pool and new_graph start it
 * at 0, step_inner moves it on per reply).  A pool is keyed by its TA
 * grid and starts again when the grid's queue is registered anew
 * ("first", a new graph).  Memory-limit report (kind 7): +4 0, +8 1, +0xc
 * event, +0x10 u64 the TA descriptor, +0x18 u64 non-zero, +0x20 0, +0x28
 * u64 the 3D descriptor, +0x30 u64 event, +0x38 u64 context, +0x40 u64
 * pool (H; M: the event is the pool's event slot, its number; GAP: +0x18
 * is 1).
 */
int agx4_fwmodel_g17p_tvb_request(struct agx4_fwmodel *m, struct fwm_lane *l,
				  bool limit, u8 *rec)
{
	struct fwm_tvb *t = &l->job.tvb;
	u64 ta = l->job.item, control;
	u32 pool, seq;

	if (agx4_fwmodel_read32(m, l->inst, ta + 0xc, &t->ctx) ||
	    agx4_fwmodel_read32(m, l->inst, ta + TA_POOL, &pool) ||
	    agx4_fwmodel_read32(m, l->inst, ta + TA_SEQ, &seq) ||
	    agx4_fwmodel_read64(m, l->inst, ta + TA_BM, &t->bm))
		return -EIO;
	if (!t->frag_item && find_frag(m, l, ta, seq))
		return -EIO;
	if (limit) {
		put_unaligned_le32(0, rec + 4);
		put_unaligned_le32(1, rec + 8);
		put_unaligned_le32(pool, rec + 0xc);
		put_unaligned_le64(ta, rec + 0x10);
		put_unaligned_le64(1, rec + 0x18);
		put_unaligned_le64(t->frag_item, rec + 0x28);
		put_unaligned_le64(pool, rec + 0x30);
		put_unaligned_le64(t->ctx, rec + 0x38);
		put_unaligned_le64(pool, rec + 0x40);
		return 0;
	}
	if (agx4_fwmodel_need(m, l->inst, ta + TA_BM, t->bm, BM_SIZE,
			      AGX4_FWMODEL_READ | AGX4_FWMODEL_WRITE) ||
	    agx4_fwmodel_read64(m, l->inst, t->bm + FWM_BM_CONTROL, &control) ||
	    agx4_fwmodel_need(m, l->inst, t->bm + FWM_BM_CONTROL, control, 8,
			      AGX4_FWMODEL_READ) ||
	    agx4_fwmodel_read32(m, l->inst, control, &t->blocks))
		return -EIO;
	if (l->event >= FWM_TVB_POOLS)
		return agx4_fwmodel_item_fail(m, ta + TA_POOL);
	t->pool = l->event;
	put_unaligned_le32(t->ctx, rec + 4);
	put_unaligned_le32(pool, rec + 8);
	put_unaligned_le32(m->tvb_count[t->pool], rec + 0xc);
	put_unaligned_le32(l->event, rec + 0x10);
	put_unaligned_le64(1, rec + 0x38);
	put_unaligned_le64(l->event < 64 ? BIT_ULL(l->event) : 0, rec + 0x40);
	return 0;
}

/* Opcode 8 echoes the request: {+4 grew, +8 pool, +0xc context, +0x10 counter} (H). */
bool agx4_fwmodel_g17p_tvb_echo(struct agx4_fwmodel *m, struct fwm_lane *l,
				const u8 *rec)
{
	const u8 *q = l->job.tvb.req;

	return get_unaligned_le32(rec) == FWM_OP_GROW_REPLY &&
	       get_unaligned_le32(rec + 8) == get_unaligned_le32(q + 8) &&
	       get_unaligned_le32(rec + 0xc) == get_unaligned_le32(q + 4) &&
	       get_unaligned_le32(rec + 0x10) == get_unaligned_le32(q + 0xc);
}

/*
 * "Refused": the firmware runs the 3D's partial store, resume and load
 * programs (H), found through the 3D's context record: each locator is
 * code << 40 | (alias >> 5), code 0x10 or 8 * the program's records,
 * naming the program's low alias, which the firmware reads in its own
 * context (strictest reading: no reference builds a refusal's programs;
 * the firmware follows each locator and checks what it finds).
 */
int agx4_fwmodel_g17p_tvb_partial(struct agx4_fwmodel *m,
				  struct fwm_lane *l)
{
	const struct desc_layout *k = &layouts[FWM_KIND_3D];
	struct fwm_tvb *t = &l->job.tvb;
	u64 loc, alias, code;
	unsigned int i;
	u32 header;

	for (i = 1; i < 4; i++) {
		const struct program *p = &k->prog[i];
		u64 at = t->frag_ctx + CTX_PARTIAL + 8 * (i - 1);

		if (agx4_fwmodel_read64(m, l->inst, at, &loc) ||
		    agx4_fwmodel_read64(m, l->inst, t->frag_item + p->alias,
					&alias) ||
		    agx4_fwmodel_read32(m, l->inst, t->frag_item + p->header,
					&header))
			return -EIO;
		code = loc >> 40;
		if ((code != 0x10 && code != 8 * p->count) ||
		    (loc & LOC_ALIAS) != alias >> 5 || alias & 0x1f)
			return agx4_fwmodel_item_fail(m, at);
		if (header != (p->count * REG_SIZE << 16 | p->count))
			return agx4_fwmodel_item_fail(m, t->frag_item +
						      p->header);
		if (agx4_fwmodel_gpu_check(m, l->inst, 0, alias,
					   p->count * REG_SIZE,
					   AGX4_FWMODEL_READ))
			return -EIO;
	}
	return 0;
}
