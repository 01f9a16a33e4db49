// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/wait.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g17p.h"
#include "agx4_fw_queue.h"
#include "agx4_fwif_g17p.h"
#include "agx4_g17p_sub.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"

/**
 * DOC: G17P submission
 *
 * Every G17P work item goes through the primary firmware instance, on the
 * priority-2 channels: 6 (TA), 7 (3D) and 8 (compute).  GAP: which
 * firmware priority a UAPI priority maps to is not known on G17P, so every
 * queue runs at priority 2 whatever its UAPI priority, with the queue
 * record's priority-2 profile.
 *
 * The backend is split by the state each file owns: agx4_g17p_vm.c the
 * VM's state and the mapping helpers, agx4_g17p_owner.c the compute
 * owners, agx4_g17p_pool.c the render pools and TVB growth,
 * agx4_g17p_prep.c job preparation, agx4_g17p_queue.c the lifecycle of a
 * queue and its jobs, and this file publication and completion, with the
 * backend's operations (&agx4_fw_g17p_submit); agx4_g17p_sub.h holds what
 * they share.
 *
 * Before each render the pool's index registration in primary region 0 is
 * written when it differs (the reference's render path); pool 0's is the
 * region's "resource record" at +0 that the reference writes cold.  The first
 * render of a pool other than 0, once complete, leaves the pool's "done" mark,
 * and every render seen complete rings the control doorbell (twice for the
 * first since the boot).  Device control goes with the work too (see
 * ctl_before_locked()): a "tick" before every render from the third since the
 * boot, with the support's prestate when nothing else runs, and before the
 * third command of a compute owner made after a render; and a pool's job list
 * is reset when the pool goes idle (see agx4_g17p_pool_quiesce_locked()).  The
 * fragment-barrier render flag is not taken: a vertex barrier on earlier render
 * work of the queue is a point in the TA's context record, a compute barrier on
 * a render waits on the CPU.
 *
 * Item rings are used linearly and never wrap: every 128 commands an
 * owner moves to the other transport bank, which needs the owner idle
 * (GAP: whether a ring may wrap is not known).  A command that must wait
 * for earlier work on the CPU (a bank switch, or a barrier the firmware
 * cannot take as a point) stays unpublished, with every later job of its
 * queue, until that work is done; the completion scan's poll() publishes
 * it then.  A compute command's barrier on an earlier compute command of
 * its queue is the point on the owner's previous command every compute
 * context record carries; a barrier on render work waits on the CPU.  A
 * render reuses tilemap block (index mod 8) only once the render that
 * used it before is done, and a new bank or a new scratch geometry waits
 * for the pool to be idle.
 *
 * A compute command is done when the firmware's done index of its bank
 * reached its write index, both channel consumers passed its message and
 * the second word of its status pair is non-zero; a render when both its
 * stages are (indices and consumers), both status records have a non-zero
 * word, its completion word (the 3D's end timestamp) is set and the
 * primary posted a completion report naming both its pool's grids since
 * it went out (unless a memory-limit report named it).  A compute command
 * n also needs n + 1 completion reports of the primary naming its owner's
 * grid since the owner was made or recycled (GAP: whether the firmware
 * ever coalesces terminal reports; if it did, such a command would only
 * complete by its timeout, as in the reference).  A done index only
 * moves forward within a bank and never past the host's write index
 * there: one that went backwards or ahead is counted and the firmware
 * restarted, as is a cursor outside its ring.
 */

/*
 * One published stage: done index (sane, and at @w_end), both consumers
 * past its message @seq.  @seen and @top are those of the stage's current
 * bank: only the current bank is read (see cmd_done_locked()).  A done
 * index only the firmware writes, forward, never past what was published
 * in the bank (agx4_engine_progress_sane()).
 */
static bool stage_done(struct agx4_fw_g17p_sub *sub, unsigned int stage,
		       const struct g17p_pointers *p, u32 *seen, u32 top,
		       u32 w_end, u64 seq)
{
	u32 v = le32_to_cpu(READ_ONCE(p->done));
	/* Every look checks the channel's cursors too. */
	bool passed = agx4_work_chan_passed(&sub->eng, &sub->chan[stage], seq);

	return agx4_engine_progress_sane(&sub->eng, "stage", stage, v, seen,
					 top) && v >= w_end && passed;
}

static bool chan_room(struct agx4_fw_g17p_sub *sub, unsigned int stage)
{
	return agx4_work_chan_room(&sub->eng, &sub->chan[stage], 1);
}

/* A render status record with some non-zero word: the stage completed. */
static bool status_set(const struct g17p_pool *pl, unsigned int st, u32 k)
{
	const u64 *r = pool_cpu(pl, G17P_POOL_STATUS(st) +
				(k % G17P_CONTEXT_SLOTS) * G17P_POOL_STATUS_SIZE);
	unsigned int i;

	for (i = 0; i < G17P_POOL_STATUS_SIZE / sizeof(u64); i++)
		if (READ_ONCE(r[i]))
			return true;
	return false;
}

/**
 * agx4_g17p_cmd_done_locked() - is the firmware done with a command
 * @sub: the submission state; the caller holds its lock.
 * @c: the command, published.
 *
 * Return: true once every sign of its end is there (see the DOC).
 */
bool agx4_g17p_cmd_done_locked(struct agx4_fw_g17p_sub *sub, struct g17p_cmd *c)
{
	lockdep_assert_held(&sub->eng.lock);
	if (READ_ONCE(c->done))
		return true;
	if (!c->published)
		return false;
	/*
	 * A bank is left only once the owner or pool is idle, its last
	 * command seen done: the stages of a command of an earlier bank
	 * were done then (its done index is not read again, and the bank's
	 * memory may be in use for a later epoch).
	 */
	if (c->compute) {
		struct g17p_owner *o = c->owner;
		struct g17p_slot *st;

		if (c->epoch == o->epoch &&
		    !stage_done(sub, AGX4_FW_LANE_COMPUTE, c->ptrs, &o->seen,
				o->w, c->w_end, c->seq))
			return false;
		st = own_cpu(o, G17P_OWN_STATUS +
				(c->n % G17P_OWN_RECORDS) * sizeof(*st));
		if (!READ_ONCE(st->word[1]))
			return false;
		/*
		 * And its grid's terminal count reached n + 1 since the owner
		 * was made (H: G17P-31, the reference's
		 * poll_independent_compute).
		 */
		if ((s32)(sub->owner_terminals[o->index] - o->terminals -
			  (c->n + 1)) < 0)
			return false;
	} else {
		struct g17p_pool *pl = c->pool;
		const __le64 *stamps = pool_cpu(pl, G17P_POOL_STAMPS +
						(c->n % G17P_POOL_SLOTS) *
						G17P_POOL_STAMP_SIZE);

		/* Both stages, both status records, the completion word. */
		if (c->epoch == pl->epoch &&
		    (!stage_done(sub, AGX4_FW_LANE_TA, c->ptrs, &pl->seen[0],
				 pl->w[0], c->w_end, c->seq) ||
		     !stage_done(sub, AGX4_FW_LANE_3D, c->ptrs3d, &pl->seen[1],
				 pl->w[1], c->w_end3d, c->seq3d)))
			return false;
		if (!status_set(pl, 0, c->n) || !status_set(pl, 1, c->n) ||
		    !READ_ONCE(stamps[1]))
			return false;
		/*
		 * And a terminal for its pool since it went out, unless the
		 * memory-limit report took its place (H: G17P-32, the
		 * reference's poll_render_inner: terminals past the baseline
		 * taken at publication, or the limit consumed).
		 */
		if (!c->limited &&
		    (s32)(sub->pool_terminals[pl->index] - c->terminals) <= 0)
			return false;
		/*
		 * The first render of a pool other than pool 0, once seen
		 * complete, leaves the pool's retirement mark in its
		 * shared-slots leaf (H: G17P-5, the reference's
		 * complete_ticket_leaf_publication).
		 */
		if (!c->n && pl->index) {
			struct g17p_leaf_shared *ls = pool_cpu(pl,
							       G17P_POOL_LEAF_SHARED);

			WRITE_ONCE(ls->done, cpu_to_le32(G17P_POOL_DONE_MARK));
		}
		/*
		 * A render seen complete pumps device control: the control
		 * doorbell twice after the first render since the boot, once
		 * after every later one (H: G17P-9, the reference's
		 * poll_render_inner).  The reference then takes a second look
		 * at the render on its next poll before it retires it; agx4
		 * retires it now, the doorbells ringing before the fence
		 * signals (L: that the second look is not needed).
		 */
		agx4_engine_note_ctl(&sub->eng, sub->renders_done++ ? 1 : 2);
		/* The pool's last render published: the pool is idle. */
		if (c->epoch == pl->epoch && c->w_end == pl->w[0] &&
		    c->w_end3d == pl->w[1])
			agx4_g17p_pool_quiesce_locked(sub, pl);
	}
	sub->live--;
	WRITE_ONCE(c->done, true);
	return true;
}

/* The host-owned words of a context record; the rest is the firmware's. */
static void write_context(struct g17p_context *dst,
			  const struct g17p_context *src, u32 npoints)
{
	dst->header = src->header;
	dst->frag_base = src->frag_base;
	dst->work = src->work;
	dst->queue = src->queue;
	memcpy(&dst->points, &src->points, (npoints + 1) * sizeof(u64));
	dst->gap_130 = src->gap_130;
	dst->gap_138 = src->gap_138;
	dst->program = src->program;
	memcpy(dst->partial, src->partial, sizeof(dst->partial));
	dst->gap_178 = src->gap_178;
}

/*
 * The publication primitive: item ring entries, event item, channel
 * message; then the inner write index and the channel producer.
 */
static void publish_items(struct agx4_fw_g17p_sub *sub, unsigned int stage,
			  u64 queue, struct g17p_pointers *p, __le64 *ring,
			  u32 w, const u64 *items, u32 nitems, void *event,
			  const struct g17p_event_item *ev, u32 grid,
			  bool first, struct g17p_pointers **pp, u32 *w_end,
			  u64 *seq)
{
	struct agx4_work_chan *wc = &sub->chan[stage];
	struct g17p_work_msg msg = {
		.queue = cpu_to_le64(queue),
		.kind = cpu_to_le32(stage),
		.head = cpu_to_le32((w + nitems) | grid << 16 | (u32)first << 24),
	};
	u32 i;

	lockdep_assert_held(&sub->eng.lock);
	for (i = 0; i < nitems; i++)
		ring[w + i] = cpu_to_le64(items[i]);
	memcpy(event, ev, sizeof(*ev));
	*seq = agx4_work_chan_write(&sub->eng, wc, &msg, sizeof(msg));
	wmb();	/* items, event and message before the inner index */
	WRITE_ONCE(p->write, cpu_to_le32(w + nitems));
	/* The inner index before the producer (agx4_cursor_set() orders). */
	agx4_work_chan_publish(&sub->eng, wc);
	*pp = p;
	*w_end = w + nitems;
}

static void publish_compute(struct agx4_g17p_queue *fq, struct g17p_cmd *c)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_owner *o = c->owner;
	u32 n = c->n, s = n % G17P_OWN_RECORDS;
	u32 desc = c->slot * G17P_OWN_DESC_STRIDE;
	u32 ev = G17P_OWN_EVENTS + s * G17P_OWN_EVENT_SIZE;
	u32 slot = s * sizeof(struct g17p_slot);
	struct g17p_sched *sched = own_cpu(o, G17P_OWN_SCHED + s * sizeof(*sched));
	struct g17p_slot *st = own_cpu(o, G17P_OWN_STATUS + slot);
	u64 items[3];
	u32 nitems = 0;

	lockdep_assert_held(&sub->eng.lock);
	if (n && !(n % G17P_OWN_BANK_COMMANDS))
		agx4_g17p_switch_bank(o);
	memset(own_cpu(o, ev), 0, G17P_OWN_EVENT_SIZE);
	memset(own_cpu(o, G17P_OWN_SCRATCH + slot), 0, sizeof(struct g17p_slot));
	memset(sched, 0, sizeof(*sched));
	sched->slot = cpu_to_le64(own_va(o, G17P_OWN_SLOTS + slot));
	sched->work = cpu_to_le32(n);
	sched->gap_10 = cpu_to_le32(G17P_SCHED_10);
	*(__le32 *)own_cpu(o, G17P_OWN_SLOTS + slot) = cpu_to_le32(1);
	*(__le32 *)own_cpu(o, G17P_OWN_STATE) = cpu_to_le32(n + 1);
	*(__le64 *)own_cpu(o, G17P_OWN_DISPATCH_A + slot) = 0;
	*(__le64 *)own_cpu(o, G17P_OWN_DISPATCH_B + slot) = 0;
	st->word[0] = 0;
	st->word[1] = 0;
	write_context(own_cpu(o, G17P_OWN_CONTEXTS + ((n + 1) % G17P_OWN_RECORDS) *
			      G17P_CONTEXT_SLOT), &c->ctx, c->npoints);
	items[nitems++] = own_va(o, desc);
	if (!n)
		items[nitems++] = own_va(o, G17P_OWN_OPTIONAL);
	items[nitems++] = own_va(o, ev);
	/* GAP: "first" only on the owner's first item, not after a switch. */
	publish_items(sub, AGX4_FW_LANE_COMPUTE, own_va(o, G17P_OWN_QUEUE),
		      own_cpu(o, agx4_g17p_bank_offset(o)), own_cpu(o, agx4_g17p_ring_offset(o)),
		      o->w, items, nitems, own_cpu(o, ev), &c->ev, o->grid,
		      !n, &c->ptrs, &c->w_end, &c->seq);
	c->published = true;
	sub->live++;
	c->epoch = o->epoch;
	o->w += nitems;
	o->published++;
	fq->last_compute = c;
}

/*
 * One stage's objects: descriptor, optional record, context record; the
 * pool-A slot word of the render's record at @phase + 1 (3D) or + 2 (TA).
 */
static void render_stage(struct g17p_pool *pl, struct g17p_cmd *c,
			 unsigned int st, u32 phase)
{
	u32 k = c->n, slot = k % G17P_POOL_SLOTS;
	u32 s = k % G17P_CONTEXT_SLOTS;
	u32 ra = (2 * k) % G17P_POOL_A_RECORDS;
	u32 desc = st ? G17P_POOL_DESC_3D + slot * G17P_POOL_3D_SIZE :
			G17P_POOL_DESC_TA + slot * G17P_POOL_TA_SIZE;

	memcpy(pool_cpu(pl, desc), st ? c->desc3d : c->desc,
	       st ? G17P_POOL_3D_SIZE : G17P_POOL_TA_SIZE);
	memcpy(pool_cpu(pl, G17P_POOL_OPTIONAL + slot * G17P_POOL_OPT_SIZE +
			(st ? 0 : sizeof(struct g17p_optional))),
	       &c->opt[st], sizeof(c->opt[st]));
	write_context(pool_cpu(pl, G17P_POOL_CONTEXTS(st) +
			       ((k + 1) % G17P_CONTEXT_SLOTS) *
			       G17P_CONTEXT_SLOT),
		      st ? &c->ctx3d : &c->ctx, st ? c->npoints3d : c->npoints);
	/* Pool-A slot word: phase 1 for the 3D, 2 for the TA (H). */
	*(__le32 *)pool_cpu(pl, G17P_POOL_LEAF_A + 4 + 4 * ra) =
		cpu_to_le32(phase + (st ? 1 : 2));
	/* The support's count of works: 2k + 1 after the 3D, + 2 after the TA. */
	*(__le32 *)pool_cpu(pl, G17P_POOL_STATE) = cpu_to_le32(2 * k + (st ? 1 : 2));
	memset(pool_cpu(pl, G17P_POOL_STATUS(st) + s * G17P_POOL_STATUS_SIZE), 0,
	       G17P_POOL_STATUS_SIZE);
}

/*
 * The pool's index registration in primary region 0 (+ pool * 0x10):
 * (the primary index's low alias - context base) >> 4 and the shared
 * object's count at +0x34, written before each render when that count is
 * 32 and the registration differs (H: the reference's render path; a
 * count the firmware grew is its own to keep).  agx4's pools hold
 * %G17P_POOL_GROUPS groups of %G17P_POOL_BLOCK_PAGES pages, 32.
 */
static void register_index(struct agx4_fw_g17p_sub *sub,
			   const struct g17p_pool *pl)
{
	const struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	struct g17p_index_reg *reg = (struct g17p_index_reg *)sub->region0 +
				     pl->index;
	u32 count = le32_to_cpu(READ_ONCE(sh->pages));
	u32 index = (le64_to_cpu(sh->primary_gpu) - AGX4_FW_CONTEXT_BASE) >>
		    G17P_INDEX_REG_SHIFT;

	lockdep_assert_held(&sub->eng.lock);
	if (count != G17P_INDEX_REG_FULL)
		return;
	if (le32_to_cpu(READ_ONCE(reg->index)) != index ||
	    le32_to_cpu(READ_ONCE(reg->groups)) != count) {
		WRITE_ONCE(reg->index, cpu_to_le32(index));
		WRITE_ONCE(reg->groups, cpu_to_le32(count));
	}
}

/*
 * A render, as the append path of the reference writes it (H): the
 * pool's index registration, pool A/B records and slot words, then the
 * 3D's and the TA's objects, then, on an idle pool, the shared pool
 * object's rewrite.  The pool-A slot phases count from 0 on a fresh
 * record and from the slot word's current value on a reused one, whose
 * +0x0c the firmware made non-zero (H).
 */
static void publish_render(struct agx4_g17p_queue *fq, struct g17p_cmd *c)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_pool *pl = c->pool;
	u32 k = c->n, slot = k % G17P_POOL_SLOTS;
	u32 ra = (2 * k) % G17P_POOL_A_RECORDS;
	u32 rb = k % G17P_POOL_B_RECORDS;
	struct g17p_sched *a = pool_cpu(pl, G17P_POOL_A + ra * sizeof(*a));
	struct g17p_pool_b *b = pool_cpu(pl, G17P_POOL_B + rb * sizeof(*b));
	struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);
	u32 ev = G17P_POOL_EVENTS + slot * G17P_POOL_EV_SIZE;
	u32 opt = G17P_POOL_OPTIONAL + slot * G17P_POOL_OPT_SIZE;
	u8 *scratch = (u8 *)pl->mem->cpu + G17P_MEM_SCRATCH;
	__le32 *slot_word = pool_cpu(pl, G17P_POOL_LEAF_A + 4 + 4 * ra);
	bool idle = agx4_g17p_pool_idle_locked(sub, pl, k);
	u32 phase = 0;
	unsigned int st;

	lockdep_assert_held(&sub->eng.lock);
	register_index(sub, pl);
	if (k && !(k % G17P_POOL_BANK_RENDERS))
		agx4_g17p_switch_pool_banks(pl);
	if (c->fresh_geometry)
		memset(scratch, 0, G17P_WIN_SCRATCH_SIZE);
	else if (k >= G17P_TILEMAP_BLOCKS)
		memset(scratch + (k % G17P_TILEMAP_BLOCKS) * pl->tile, 0, pl->tile);
	memset(pool_cpu(pl, G17P_POOL_DISPATCH), 0, 16);
	memset(pool_cpu(pl, G17P_POOL_DISPATCH + G17P_POOL_DISPATCH_B), 0, 16);
	a->work = cpu_to_le32(k + k / 2);
	a->gap_10 = cpu_to_le32(G17P_SCHED_10);
	b->used = cpu_to_le32(1);
	/* H: the shared-slots mark and shared[0] only on an idle pool. */
	if (idle)
		ls->gap_60 = cpu_to_le32(1);
	if (READ_ONCE(a->phase))
		phase = le32_to_cpu(READ_ONCE(*slot_word));
	*slot_word = cpu_to_le32(phase);
	render_stage(pl, c, 1, phase);
	*(__le32 *)pool_cpu(pl, G17P_POOL_LEAF_FLAG) = cpu_to_le32(k + 1);
	memset(pool_cpu(pl, G17P_POOL_STAMPS + slot * G17P_POOL_STAMP_SIZE), 0, 16);
	render_stage(pl, c, 0, phase);
	if (idle) {
		sh->pair = cpu_to_le32(U32_MAX);
		wmb();	/* the pool is being rewritten before it is named again */
		sh->pair = cpu_to_le32(pl->index);
		sh->item = cpu_to_le32(k);
	}
	for (st = 0; st < 2; st++) {
		u32 d = st ? G17P_POOL_DESC_3D + slot * G17P_POOL_3D_SIZE :
			     G17P_POOL_DESC_TA + slot * G17P_POOL_TA_SIZE;
		u32 e = ev + (st ? 0 : sizeof(struct g17p_event_item));
		u64 items[3] = {
			pool_va(pl, d),
			pool_va(pl, opt + (st ? 0 : sizeof(struct g17p_optional))),
			pool_va(pl, e),
		};

		publish_items(sub, st, pool_va(pl, G17P_POOL_QUEUE(st)),
			      pool_cpu(pl, agx4_g17p_pool_bank(pl, st)),
			      pool_cpu(pl, agx4_g17p_pool_ring(pl, st)), pl->w[st], items,
			      ARRAY_SIZE(items), pool_cpu(pl, e),
			      st ? &c->ev3d : &c->ev, pl->grid + st, !k,
			      st ? &c->ptrs3d : &c->ptrs,
			      st ? &c->w_end3d : &c->w_end,
			      st ? &c->seq3d : &c->seq);
		pl->w[st] += ARRAY_SIZE(items);
	}
	c->published = true;
	c->terminals = sub->pool_terminals[pl->index];
	sub->live++;
	sub->render_ordinal++;
	c->epoch = pl->epoch;
	pl->published++;
	pl->recent[k % G17P_TILEMAP_BLOCKS] = c;
	fq->last_render = c;
}

/* Is the render that used tilemap block @k mod 8 before @c done? */
static bool tilemap_free(struct agx4_fw_g17p_sub *sub, struct g17p_cmd *c)
{
	struct g17p_cmd *prev = c->pool->recent[c->n % G17P_TILEMAP_BLOCKS];

	return c->n < G17P_TILEMAP_BLOCKS || !prev || agx4_g17p_cmd_done_locked(sub, prev);
}

/* May @c go out now: its CPU waits are over and its channels have room? */
static bool cmd_ready(struct agx4_g17p_queue *fq, struct g17p_cmd *c)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;

	lockdep_assert_held(&sub->eng.lock);
	if (c->wait_render && fq->last_render &&
	    !agx4_g17p_cmd_done_locked(sub, fq->last_render))
		return false;
	if (c->wait_compute && fq->last_compute &&
	    !agx4_g17p_cmd_done_locked(sub, fq->last_compute))
		return false;
	if (c->compute)
		return chan_room(sub, AGX4_FW_LANE_COMPUTE);
	return tilemap_free(sub, c) && chan_room(sub, AGX4_FW_LANE_TA) &&
	       chan_room(sub, AGX4_FW_LANE_3D);
}

/*
 * Device control that goes before command @c, on the primary's
 * device-control channel (12), all in the reference's pipelined form,
 * agx4's pools being independent render roots (GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9 announce_render,
 * stage_compute_tick; g17p_render_lifecycle.rs@df192647 control_tick,
 * control_prestate):
 *
 * - before a render of device-global ordinal 2 or more (0: the first
 *   since the boot), a tick {0x2e, ordinal - 1, +0xc 0}, then the control
 *   doorbell (H: G17P-7).  The ring must have credit (the render waits
 *   for it), the firmware need not have taken what it holds.  From
 *   ordinal 3, with no render or compute command out and not seen done
 *   anywhere on the device, the render's pool support first gets the
 *   prestate {0x1a0, 0x1ea0, 0, 0x1d00} at +0x20 (H; L: that it is the
 *   pool's own support, the one its descriptors name: the reference's
 *   pools share one).  The 32-bit word keeps the ordinal's low bits; the
 *   two ordinals in 2^32 whose low bits fall below 2 send none (GAP).
 * - before command 2 of a compute owner made after a render, a tick
 *   {0x2e, 0, +0xc 2}, with no control doorbell: the compute doorbell
 *   carries it (H: G17P-8).
 *
 * The records and the producer are written before the command's own
 * producers; the doorbells ring after the lock, the control doorbell
 * before the work doorbells (g17p_kick()).
 *
 * Return: 0, or -EBUSY (the command waits: no credit), or the push's
 * errno.
 */
static int ctl_before_locked(struct agx4_fw_g17p_sub *sub,
			     const struct g17p_cmd *c)
{
	static const u32 prestate[] = G17P_PRESTATE;
	struct agx4_fw_ctl ctl = { .opcode = AGX4_FW_CTL_TICK };
	u64 ord = sub->render_ordinal;
	u8 rec[AGX4_FW_CTL_SIZE];
	__le32 *sup;
	unsigned int i;
	int ret;

	lockdep_assert_held(&sub->eng.lock);
	if (c->compute) {
		if (!c->owner->after_render ||
		    c->n != G17P_TICK_COMPUTE_ORDINAL)
			return 0;
		ctl.tick_context = G17P_TICK_COMPUTE;
	} else {
		if (ord < G17P_TICK_FIRST_ORDINAL)
			return 0;
		ctl.ordinal = lower_32_bits(ord - 1) + 1;
		ctl.tick_context = G17P_TICK_RENDER;
	}
	if (sub->b->adev->gen->build_ctl(&ctl, rec, sizeof(rec)))
		return 0;
	if (!agx4_fw_boot_ctl_room(sub->b, 0))
		return -EBUSY;
	if (!c->compute && ord >= G17P_PRESTATE_FIRST_ORDINAL && !sub->live) {
		sup = pool_cpu(c->pool, G17P_POOL_SUPPORT +
			       offsetof(struct g17p_support, class_20));
		for (i = 0; i < ARRAY_SIZE(prestate); i++)
			WRITE_ONCE(sup[i], cpu_to_le32(prestate[i]));
	}
	/* agx4_cursor_set() orders the prestate and record before the producer. */
	ret = agx4_fw_boot_ctl_push(sub->b, 0, rec, sizeof(rec));
	if (!ret && !c->compute)
		agx4_engine_note_ctl(&sub->eng, 1);
	return ret;
}

/* Publish what of @job may go out; true when all of it went. */
static bool publish_job_locked(struct agx4_g17p_job *job, unsigned long *kick)
{
	struct agx4_g17p_queue *fq = job->fq;

	lockdep_assert_held(&fq->sub->eng.lock);
	for (; job->next < job->count; job->next++) {
		struct g17p_cmd *c = &job->cmds[job->next];

		if (!cmd_ready(fq, c) || ctl_before_locked(fq->sub, c))
			return false;
		if (c->compute) {
			publish_compute(fq, c);
			*kick |= BIT(G17P_BELL_COMPUTE);
		} else {
			publish_render(fq, c);
			*kick |= BIT(G17P_BELL_RENDER);
			agx4_engine_render_live(&fq->sub->eng, &job->base);
		}
	}
	return true;
}

static void g17p_job_publish(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	unsigned long bells = 0;

	/* The job unit's device lock is held, interrupts off. */
	lockdep_assert_irqs_disabled();
	spin_lock(&sub->eng.lock);
	job->ran = true;
	/*
	 * Its wait for descriptor slots ended without them (the device
	 * goes, or the firmware stopped), or its commands were not built:
	 * none of it goes out.
	 */
	if ((job->ncompute && (!job->slotted || !job->built)) ||
	    (job->nrender && !job->placed))
		job->unslotted = true;
	/* Behind an earlier job of the queue that is still waiting. */
	else if (!job->fq->killed &&
		 (agx4_engine_defer_needed(&sub->eng, &job->fq->base) ||
		  !publish_job_locked(job, &bells)))
		agx4_engine_defer(&sub->eng, &job->base);
	agx4_engine_note_kick(&sub->eng, bells);
	spin_unlock(&sub->eng.lock);
}

/* &agx4_engine_ops.send: a waiting job's commands, as they fit. */
static bool flush_one(struct agx4_fw_job *j, unsigned long *bells)
{
	return publish_job_locked(to_g17p_job(j), bells);
}

/*
 * A completion report of the primary: each render pool whose two grids
 * it names, and each compute owner whose grid it names, has a terminal
 * more (H: G17P-32 and G17P-31, GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_growth_runtime.rs@fc79d23c step_inner counts
 * a grid's terminals from the kind-1 reports whose grid mask holds the
 * terminal mask, a pool's both its grids, an owner's its one grid;
 * poll_render_inner and poll_independent_compute, g17p_boot.rs@21d3e5c9,
 * read them).  The secondary's reports are not counted, as the
 * reference's growth service reads the primary's only.
 */
static void g17p_completion(struct agx4_engine *eng,
			    const struct agx4_fw_event *e)
{
	struct agx4_fw_g17p_sub *sub = container_of(eng, struct agx4_fw_g17p_sub,
						    eng);
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&sub->eng.lock, flags);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++) {
		u32 g = pool_grid(i);

		/* A pool's two grids are in one u64: g is even, below 32. */
		if ((e->mask[0] >> g & 3) == 3)
			sub->pool_terminals[i]++;
	}
	for (i = 0; i < AGX4_G17P_MAX_OWNERS; i++) {
		u32 g = G17P_OWN_FIRST_GRID + i;

		if (e->mask[g / 64] & BIT_ULL(g % 64))
			sub->owner_terminals[i]++;
	}
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/* Each command published its own producers: @bells are the doorbells. */
static const struct agx4_engine_ops g17p_engine_ops = {
	.send = flush_one,
	.completion = g17p_completion,
};

/*
 * The ticks a done render's 3D stage ran: its per-command timestamp pair
 * (in its pool's stamp slot, zeroed at its publication) holds the 3D's
 * start, written over the TA's start, and the 3D's end (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_render.rs@498fde22
 * timestamp_a and timestamp_b; the TA's end is not asked for).  The
 * slot is the render's until its job is retired: render
 * n + G17P_POOL_SLOTS of the pool needs credits only this job's
 * retirement gives back (G17P_CREDITS <= G17P_POOL_SLOTS).  0 unless
 * both were written, end not before start.
 */
static u64 render_ticks(const struct g17p_cmd *c)
{
	const __le64 *stamps = pool_cpu(c->pool, G17P_POOL_STAMPS +
					(c->n % G17P_POOL_SLOTS) *
					G17P_POOL_STAMP_SIZE);
	u64 start = le64_to_cpu(READ_ONCE(stamps[0]));
	u64 end = le64_to_cpu(READ_ONCE(stamps[1]));

	return start && end >= start ? end - start : 0;
}

static_assert(G17P_CREDITS <= G17P_POOL_SLOTS);

/*
 * Done: every command published and done; on a killed queue, every
 * command that went out done (the rest never will go out).  A job
 * published without its descriptor slots sent nothing: -ECANCELED.
 */
static int g17p_job_status(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	int ret = 0;
	u32 i;

	/* The job unit's device lock is held, interrupts off. */
	lockdep_assert_irqs_disabled();
	spin_lock(&sub->eng.lock);
	if (job->unslotted)
		ret = -ECANCELED;
	else if (job->next < job->count && !job->fq->killed)
		ret = -EINPROGRESS;
	for (i = 0; i < job->next && !ret; i++)
		if (!agx4_g17p_cmd_done_locked(sub, &job->cmds[i]))
			ret = -EINPROGRESS;
	/* The render ran to its end, without all of its geometry. */
	if (!ret && job->base.nomem)
		ret = -ENOMEM;
	if (!ret || ret == -ENOMEM) {
		u64 busy = 0;

		for (i = 0; i < job->next; i++)
			if (!job->cmds[i].compute)
				busy += render_ticks(&job->cmds[i]);
		j->busy_ticks[AGX4_ENGINE_RENDER] = busy;
	}
	spin_unlock(&sub->eng.lock);
	return ret;
}

/* The render pools' windows, in every VM that renders. */
static const struct agx4_range g17p_vm_reserved[] = {
	{ .start = G17P_WIN_BASE, .size = AGX4_G17P_MAX_POOLS * G17P_WIN_STRIDE },
};

/* &agx4_fw_submit_ops.job_free: through the firmware, or forgotten. */
static void g17p_job_free(struct agx4_fw_job *j, bool fw)
{
	if (fw)
		agx4_g17p_job_free(j);
	else
		agx4_g17p_job_forget(j);
}

/* &agx4_fw_submit_ops.queue_destroy: through the firmware, or forgotten. */
static void g17p_queue_destroy(struct agx4_fw_queue *q, bool fw)
{
	if (fw)
		agx4_g17p_queue_destroy(q);
	else
		agx4_g17p_queue_forget(q);
}

static const struct agx4_tvb_ops g17p_tvb_ops = {
	.grow = agx4_g17p_tvb_grow,
	.limit = agx4_g17p_tvb_limit,
};

const struct agx4_fw_submit_ops agx4_fw_g17p_submit = {
	.credit_limit = G17P_CREDITS,
	.vm_reserved = g17p_vm_reserved,
	.num_vm_reserved = ARRAY_SIZE(g17p_vm_reserved),
	.engine = &g17p_engine_ops,
	.queue_create = agx4_g17p_queue_create,
	.queue_destroy = g17p_queue_destroy,
	.job_prepare = agx4_g17p_job_prepare,
	.job_reserve = agx4_g17p_job_reserve,
	.job_publish = g17p_job_publish,
	.job_status = g17p_job_status,
	/* Renders' 3D stages only: compute asks for no firmware timestamp. */
	.engine_time = BIT(AGX4_ENGINE_RENDER),
	.job_free = g17p_job_free,
	.queue_kill = agx4_g17p_queue_kill,
	.job_dump = agx4_g17p_job_dump,
	.fw_gone = agx4_g17p_fw_gone,
	.tvb = &g17p_tvb_ops,
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_submit);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_fw_g17p_queue_set_counts() - move an idle queue's counters
 * @q: the queue, with no job prepared and not freed.
 * @commands: its owner's next command ordinal.
 * @renders: its pool's next render index, if it has a pool.
 *
 * For tests of the counters' limits, which take 2^24 commands to reach.
 * The owner's grid counts as reported for every command skipped.
 */
void agx4_fw_g17p_queue_set_counts(struct agx4_fw_queue *q, u32 commands,
				   u32 renders)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_owner *o = fq->owner;
	unsigned long flags;

	/* As if the firmware had reported the commands skipped. */
	spin_lock_irqsave(&sub->eng.lock, flags);
	o->terminals = sub->owner_terminals[o->index] - commands;
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	o->next = commands;
	if (fq->pool)
		fq->pool->next = renders;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g17p_queue_set_counts);
#endif

/**
 * agx4_fw_g17p_sub_init() - set up the submission state at boot
 * @sub: the state.
 * @b: the firmware.
 * @bundle: the bundle (the work rings are in it), CPU view.
 * @bundle_va: its firmware address.
 * @cursors: the primary's work-state base (channel cursors), CPU view.
 * @region0: primary region 0, CPU view.
 * @region1: primary region 1, CPU view (the dispatch block is in it);
 *	its dispatch record at +0 is written here, before the init messages.
 */
void agx4_fw_g17p_sub_init(struct agx4_fw_g17p_sub *sub,
			   struct agx4_fw_boot *b, u8 *bundle, u64 bundle_va,
			   u8 *cursors, void *region0, void *region1)
{
	const struct agx4_fw_chan_geom *geom = &b->adev->gen->chan;
	unsigned int stage;

	memset(sub, 0, sizeof(*sub));
	sub->b = b;
	/* Queues pass each other: no message carries a publication number. */
	agx4_engine_init(&sub->eng, b, &g17p_engine_ops, false);
	mutex_init(&sub->setup_lock);
	mutex_init(&sub->tvb_lock);
	agx4_room_init(&sub->pool_room);
	INIT_WORK(&sub->pool_work, agx4_g17p_pool_work);
	mutex_init(&sub->cleanup_lock);
	INIT_LIST_HEAD(&sub->retained);
	sub->region0 = region0;
	sub->dispatch = (u8 *)region1 + G17P_DISPATCH_OFFSET;
	agx4_g17p_write_dispatch_record(region1);
	for (stage = 0; stage < AGX4_G17P_NUM_STAGES; stage++) {
		u32 ring = G17P_WORK_RINGS + stage * G17P_RING_STAGE_STRIDE +
			   (3 - G17P_PRIORITY) * G17P_RING_PRIO_STRIDE;
		u8 *cur = cursors + stage * G17P_CURSOR_STAGE_STRIDE +
			  (3 - G17P_PRIORITY) * G17P_CURSOR_PRIO_STRIDE;
		struct agx4_channel *ch = &sub->chan[stage].ch;

		agx4_work_chan_init(&sub->chan[stage], "work", bundle + ring,
				    geom->work_msg_size, geom->ring_entries,
				    geom->work_limit);
		ch->read.ram = (u32 *)cur;
		ch->done.ram = (u32 *)(cur + G17P_CURSOR_WORD_STRIDE);
		ch->prod.ram = (u32 *)(cur + 2 * G17P_CURSOR_WORD_STRIDE);
		sub->chan_va[stage] = bundle_va + ring;
	}
}
