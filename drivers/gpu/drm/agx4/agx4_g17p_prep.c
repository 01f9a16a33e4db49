// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bits.h>
#include <linux/errno.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <drm/drm_print.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_queue.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g17p.h"
#include "agx4_g17p_sub.h"
#include "agx4_vm.h"

/**
 * DOC: G17P job preparation
 *
 * A job is one SUBMIT.  job_prepare() checks each compute command (as the
 * owner's command 0, agx4_fw_g17p_check_compute()) and each
 * render on a stand-in pool; it writes nothing of an owner or pool and
 * waits for no firmware room.  job_reserve(), from drm_sched's
 * prepare_job, gives the compute commands their ordinals, in the queue's
 * order, takes their descriptor slots and builds each command there, its
 * context record (with its dependency points) into the job, and the
 * owner's optional record with its command 0 (see "G17P compute
 * owners"); then takes a pool for the renders, which it builds there
 * (see "G17P render pools").  job_publish()
 * copies what was built in the job (render descriptors, records) into the
 * owner's or pool's slots for the command and runs the publication
 * (agx4_g17p_submit.c): item ring entries, event item, channel message,
 * inner write index, channel producer, then one doorbell per pipe.  A
 * compute command's context record lies at (n + 1) mod 256 of its owner's
 * context area, where the firmware looks for it, and a render's records
 * at its pool index; those can be written only at publication, as its
 * descriptors: jobs prepared but not yet run are not bounded, and the
 * record slot of command n is that of command n - 256.  The queue's
 * credits (128 commands) keep every published and unfinished command in
 * its own record slots.  A compute command's other records (event area,
 * scheduler, status, dispatch, scratch and robustness slots) are named to
 * the firmware by address, in its descriptor and ring items; they are
 * indexed as the context record's, by the ordinal mod 256 (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_compute_queues.rs@fc79d23c
 * PreparationSeed::prepare, Queue::stage), and written at publication.
 *
 * Counters.  An owner's command n is written as the queue submission
 * n + 1 (24 bits, H) and its event group n + 1 (24 bits of the event
 * counter, H); a pool's render k as the event group k + 1 (24 bits).  So
 * an owner takes 2^24 - 1 commands and a pool 2^24 - 1 renders.  Every
 * other per-command field is an index modulo its array, or wider (the
 * dependency values, 30 bits), or keeps the index's low bits as the
 * reference writes it (the TA's index << 16, the item 1..255).  Whether
 * the firmware takes a counter that goes back to a small value on a
 * queue it knows is not known, so agx4 does not wrap them on a live
 * firmware queue: the SUBMIT whose
 * commands would pass the limit first waits (interruptibly) until every
 * earlier job of its queue is freed, then recycles the owner or pool: a
 * context cleanup (as at destroy) makes the firmware forget it, its
 * records are rebuilt, and its counter restarts at 0 with the "first"
 * message, as for a new queue (L: that the firmware then restarts that
 * queue's grid completion count, which the dependency values assume).
 */

/*
 * Before @cb's commands are prepared: recycle @fq's owner or pool if
 * they would pass its counter's limit (see the DOC), once every earlier
 * job of @fq is freed.  0; -ERESTARTSYS, -ENODEV as agx4_g17p_pool_get(); the
 * cleanup's -ETIMEDOUT or -EIO (the counter stays at its limit, the next
 * SUBMIT tries again).
 */
static int recycle(struct agx4_g17p_queue *fq, const struct agx4_cmdbuf *cb)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_pool *pl = NULL;
	bool full = false, own;
	int ret;

	/* Counting the compute commands not given their ordinals yet. */
	spin_lock_irq(&sub->eng.lock);
	own = fq->owner->next + fq->unordered + cb->computes >
	      G17P_OWN_MAX_COMMANDS;
	/* No render, no pool to recycle (a pool never passes its limit). */
	if (cb->renders)
		full = agx4_g17p_pool_full(fq, cb);
	spin_unlock_irq(&sub->eng.lock);
	if (!own && !full)
		return 0;
	ret = agx4_g17p_queue_idle_wait(fq);
	if (!ret && own)
		ret = agx4_g17p_owner_recycle(fq);
	if (ret)
		return ret;
	/* Held, so that no other queue takes it over meanwhile. */
	spin_lock_irq(&sub->eng.lock);
	if (agx4_g17p_pool_full(fq, cb) && !fq->pool->live) {
		pl = fq->pool;
		pl->live = 1;
	}
	spin_unlock_irq(&sub->eng.lock);
	if (!pl)
		return 0;
	ret = agx4_g17p_pool_recycle(fq, pl);
	spin_lock_irq(&sub->eng.lock);
	pl->live--;
	agx4_room_put(&sub->eng, &sub->pool_room, agx4_g17p_pool_take);
	spin_unlock_irq(&sub->eng.lock);
	return ret;
}

/* Merge point (@grid, @value) into @ctx, keeping a grid's highest value. */
static int add_point(struct g17p_context *ctx, u32 *n, u32 grid, u32 value)
{
	u32 i;

	if (value > G17P_DEP_MAX_VALUE)
		return -EINVAL;
	for (i = 0; i < *n; i++) {
		u64 p = le64_to_cpu(ctx->points.points[i]);

		if (p >> G17P_DEP_GRID_SHIFT == grid) {
			if ((p & G17P_DEP_MAX_VALUE) < value)
				ctx->points.points[i] =
					cpu_to_le64((u64)grid <<
						    G17P_DEP_GRID_SHIFT | value);
			return 0;
		}
	}
	if (*n == G17P_DEP_MAX_POINTS)
		return -E2BIG;
	ctx->points.points[(*n)++] =
		cpu_to_le64((u64)grid << G17P_DEP_GRID_SHIFT | value);
	return 0;
}

static void points_header(struct g17p_context *ctx, u32 engine, u32 slot,
			  u32 n)
{
	ctx->points.header = cpu_to_le64(G17P_DEP_HEADER_TAG |
					 (u64)engine << G17P_DEP_ENGINE_SHIFT |
					 (u64)slot << G17P_DEP_SLOT_SHIFT |
					 GENMASK_ULL(n - 1, 0));
}

static u64 locator(u64 code, u64 alias)
{
	return code << G17P_LOCATOR_CODE_SHIFT |
	       alias >> G17P_LOCATOR_ALIAS_SHIFT;
}

/* Where compute command @n of @o, in context @asid, lies and what it names. */
static void compute_in(struct agx4_g17p_queue *fq, struct g17p_owner *o,
		       int asid, u32 n, struct agx4_fw_compute_in *in)
{
	u32 s = n % G17P_OWN_RECORDS, desc = (n % G17P_OWN_DESCS) *
					     G17P_OWN_DESC_STRIDE;
	u64 priv = o->priv_gpu;

	*in = (struct agx4_fw_compute_in){
		.st = {
			.counter = n,
			.grid = o->grid,
			.ev_group = n + 1,
			.ev_counter = G17P_OWN_EV_COUNTER,
		},
		.context_id = asid,
		.resource = priv + (n % G17P_SAVE_SLOTS) * G17P_SAVE_SIZE,
		.reg_identity = G17P_OWN_IDENTITY + (u64)n * G17P_OWN_IDENTITY_STEP,
		.ordinal = n,
		.shared_control = own_va(o, G17P_OWN_SUPPORT),
		.support_control = G17P_OWN_SUPPORT_CONTROL,
		.queue_submission = n + 1,
		.submission_index = n + 1,
		.gate = G17P_OWN_GATE,
		.operand_state = fq->base.vm->kernel_start + G17P_KC_STATE,
		.usc_base = fq->usc_base,
	};
	/* The records of the ordinal mod 256 (see the DOC). */
	in->st.dispatch[0] = own_va(o, G17P_OWN_DISPATCH_A +
				    s * G17P_OWN_DISPATCH_STRIDE);
	in->st.dispatch[1] = own_va(o, G17P_OWN_DISPATCH_B +
				    s * G17P_OWN_DISPATCH_STRIDE);
	in->sched = own_va(o, G17P_OWN_SCHED + s * sizeof(struct g17p_sched));
	in->status[0] = own_va(o, G17P_OWN_STATUS + s * sizeof(struct g17p_slot));
	in->status[1] = in->status[0] + 8;
	in->zero_page = own_va(o, G17P_OWN_SCRATCH + s * sizeof(struct g17p_slot));
	in->robustness = priv + G17P_PRIV_ROBUST + s * sizeof(struct g17p_slot);
	in->st.work = own_va(o, desc);
	in->st.work_alias = own_low(o, desc);
}

/*
 * Build compute command @d as ordinal @n of @o, in context @asid: its
 * descriptor into @work, its event item into @ev (then @c's copy), its
 * context record into @c.  Writes nothing else of @o.
 */
static int build_compute(struct agx4_g17p_queue *fq, struct g17p_owner *o,
			 int asid, u32 n, const struct agx4_compute_desc *d,
			 struct g17p_cmd *c, void *work, void *ev)
{
	struct agx4_fw_compute_in in;
	struct agx4_fw_buf bufs[] = {
		{ work, G17P_OWN_DESC_BYTES },
		{ ev, sizeof(struct g17p_event_item_compute) },
	};
	struct g17p_context *ctx = &c->ctx;
	int ret;

	static_assert(G17P_OWN_DESC_BYTES == G17P_COMPUTE_WORK_WRITTEN);
	if (n + 1 > G17P_OWN_MAX_COMMANDS)
		return -ENOSPC;
	compute_in(fq, o, asid, n, &in);
	ret = agx4_fw_g17p_build_compute(d, &in, bufs);
	if (ret)
		return ret;
	memcpy(&c->ev, ev, sizeof(c->ev));
	c->npoints = 0;
	memset(ctx, 0, sizeof(*ctx));
	ctx->header = cpu_to_le64(G17P_CONTEXT_GRID_FORM |
				  (u64)o->grid * 4 << G17P_CONTEXT_GRID_SHIFT |
				  4ull * (n + 1));
	ctx->work = cpu_to_le64(in.st.work);
	ctx->queue = cpu_to_le64(own_va(o, G17P_OWN_QUEUE));
	/*
	 * The owner's previous command (H); barriers on compute are in it.
	 * It is the only point, so the own point comes last, as the
	 * reference orders them (g17p_compute.rs@e64fbc4e
	 * context_dependencies): any foreign wait added here must precede it.
	 */
	ret = add_point(ctx, &c->npoints, o->grid, n);
	if (ret)
		return ret;
	/*
	 * The receiver slot is the owner's own grid (H): a fixed slot would
	 * be shared by every owner, and slot 2 by render pool 2 as well.
	 */
	points_header(ctx, G17P_DEP_ENGINE_COMPUTE, o->grid, c->npoints);
	ctx->gap_138 = cpu_to_le64(G17P_CONTEXT_COMPUTE_138);
	ctx->program = cpu_to_le64(locator(G17P_LOCATOR_COMPUTE,
					   in.st.work_alias +
					   offsetof(struct g17p_compute_work,
						    regs)));
	ctx->partial[0] = cpu_to_le64(locator(G17P_LOCATOR_COMPUTE2,
					      in.st.work_alias +
					      offsetof(struct g17p_compute_work,
						       regs2)));
	ctx->gap_178 = cpu_to_le64(G17P_CONTEXT_LIMIT);
	/* A new transport bank needs the owner idle. */
	c->wait_compute = n && !(n % G17P_OWN_BANK_COMMANDS);
	return 0;
}

/*
 * Check a compute command at SUBMIT, writing nothing: as ordinal 0 of the
 * queue's owner, in the job's context.  What the builder refuses depends
 * on the command, its submission range and the queue's USC base, not on
 * the ordinal (recycle() keeps the ordinals below their limit), so a
 * command checked here builds at reserve.
 */
static int check_compute(struct agx4_g17p_queue *fq, struct agx4_g17p_job *job,
			 const struct agx4_compute_desc *d, struct g17p_cmd *c)
{
	struct agx4_fw_compute_in in;

	c->compute = true;
	compute_in(fq, fq->owner, job->asid, 0, &in);
	return agx4_fw_g17p_check_compute(d, &in);
}

/*
 * Give @job's compute commands the next ordinals of their queue's owner
 * (and so their descriptor slots): at reserve, in the queue's order.
 */
static void order_computes_locked(struct agx4_g17p_job *job)
{
	struct agx4_g17p_queue *fq = job->fq;
	struct g17p_owner *o = fq->owner;
	u32 i;

	lockdep_assert_held(&fq->sub->eng.lock);
	job->first_n = o->next;
	for (i = 0; i < job->count; i++) {
		struct g17p_cmd *c = &job->cmds[i];

		if (!c->compute)
			continue;
		c->n = o->next++;
		c->slot = c->n % G17P_OWN_DESCS;
		c->owner = o;
		c->counted = true;
	}
	fq->unordered -= job->ncompute;
	job->ordered = true;
}

/*
 * Build @job's compute commands, each in the descriptor slot it holds
 * (no publication names the slot yet and the firmware is done with its
 * last command, whose job was freed; publish_items() orders these writes
 * before the write index), and the owner's optional record with its
 * command 0.  From job_reserve: nothing sleeps or allocates.  The
 * builders refuse nothing prepare's check of the same commands passed;
 * if they did, the job is not built and is not published (-ECANCELED).
 */
static void build_computes(struct agx4_g17p_job *job)
{
	struct agx4_g17p_queue *fq = job->fq;
	struct g17p_owner *o = fq->owner;
	u32 i;
	int ret = 0;

	for (i = 0; i < job->count && !ret; i++) {
		struct g17p_cmd *c = &job->cmds[i];

		if (!c->compute)
			continue;
		ret = build_compute(fq, o, job->asid, c->n,
				    &job->cb->cmds[i].compute, c,
				    own_cpu(o, c->slot * G17P_OWN_DESC_STRIDE),
				    fq->scratch);
		if (!ret && !c->n)
			ret = agx4_g17p_write_optional(fq, o, job->asid);
	}
	if (WARN_ON_ONCE(ret))
		return;
	job->built = true;
}

/* Tilemap block and TPC bytes of a render (H: the reference's lease). */
static int render_scratch(const struct agx4_render_desc *d, u64 *tile,
			  u64 *tpc)
{
	int ret = agx4_fw_render_scratch(&d->cmd, tile, tpc);

	if (ret)
		return ret;
	/* agx4's limit: the ring and TPC fit the pool's window. */
	return G17P_TILEMAP_BLOCKS * *tile + *tpc > G17P_WIN_SCRATCH_SIZE ?
	       -EINVAL : 0;
}

static u64 partial_code(int asid, u64 code)
{
	return asid < G17P_LOCATOR_PARTIAL_CONTEXTS ? G17P_LOCATOR_PARTIAL_LOW :
	       code;
}

static void render_contexts(struct g17p_cmd *c, int asid, u64 ta_alias,
			    u64 fr_alias)
{
	struct g17p_pool *pl = c->pool;
	u32 k = c->n;
	u64 hdr = G17P_CONTEXT_GRID_FORM | 4ull * (k + 1);

	c->ctx.header = cpu_to_le64(hdr | (u64)pl->grid * 4 <<
				    G17P_CONTEXT_GRID_SHIFT);
	c->ctx.queue = cpu_to_le64(pool_va(pl, G17P_POOL_QUEUE(0)));
	c->ctx.program = cpu_to_le64(locator(G17P_LOCATOR_TA, ta_alias +
					     offsetof(struct g17p_ta_work,
						      regs)));
	c->ctx.gap_178 = cpu_to_le64(G17P_CONTEXT_LIMIT);
	c->ctx3d.header = cpu_to_le64(hdr | (u64)(pl->grid + 1) * 4 <<
				      G17P_CONTEXT_GRID_SHIFT);
	c->ctx3d.queue = cpu_to_le64(pool_va(pl, G17P_POOL_QUEUE(1)));
	c->ctx3d.program = cpu_to_le64(locator(G17P_LOCATOR_3D, fr_alias +
					       offsetof(struct g17p_frag_work,
							regs)));
	c->ctx3d.partial[0] =
		cpu_to_le64(locator(partial_code(asid, G17P_LOCATOR_PSTORE),
				    fr_alias + offsetof(struct g17p_frag_work,
							pstore_regs)));
	c->ctx3d.partial[1] =
		cpu_to_le64(locator(partial_code(asid, G17P_LOCATOR_PRESUME),
				    fr_alias + offsetof(struct g17p_frag_work,
							presume_regs)));
	c->ctx3d.partial[2] =
		cpu_to_le64(locator(partial_code(asid, G17P_LOCATOR_PLOAD),
				    fr_alias + offsetof(struct g17p_frag_work,
							pload_regs)));
	c->ctx3d.gap_178 = cpu_to_le64(G17P_CONTEXT_LIMIT);
}

static int render_optional(struct agx4_g17p_queue *fq, struct g17p_cmd *c,
			   int asid, unsigned int st)
{
	struct g17p_pool *pl = c->pool;
	struct agx4_fw_optional_in in = {
		.kind = st,
		.context_low = pool_low(pl, G17P_POOL_CONTEXTS(st)),
		.context_high = pool_va(pl, G17P_POOL_CONTEXTS(st)),
		.grid = pl->grid + st,
		.first = !c->n,
		/*
		 * GAP: the optional record's item is a byte; past the first
		 * bank, where the descriptors' item passes 255, agx4 counts
		 * it 1..255 round.
		 */
		.item = c->n % G17P_TA_MAX_ITEM + 1,
		.shared_control = pool_va(pl, G17P_POOL_SUPPORT),
		.ordinal = c->n & U16_MAX,
		.channel_control = pool_va(pl, G17P_POOL_CONTROL),
		.uuid = G17P_POOL_UUID,
		.context = asid,
		.tiling_shared = pool_va(pl, G17P_POOL_SHARED0),
		/*
		 * The TA's lifecycle half-word is the render's ordinal, like
		 * +0x3e, and its namespace its grid pair (H: the reference
		 * generator's defaults, build_optional_item()).
		 */
		.lifecycle = c->n & U16_MAX,
		.ns = (pl->grid + st) / 2,
	};

	return agx4_fw_g17p_build_optional(&in, &c->opt[st],
					   sizeof(c->opt[st]));
}

/*
 * A render's TA and 3D descriptors, event items, optional records and
 * context records with their points: the TA waits for the pool's
 * previous TA, the 3D for its TA and the pool's previous 3D (H); a
 * vertex barrier on an earlier render of the queue waits for that
 * render's 3D (H: the same queue's pool).  Built as render @k of @pl,
 * after a render of @tile tilemap block and @tpc TPC bytes (0: none), which
 * become this render's.  Writes nothing of @pl.
 */
static int build_render(struct agx4_g17p_queue *fq, struct g17p_pool *pl,
			int asid, u32 k, const struct agx4_render_desc *d,
			struct g17p_cmd *c, s64 barrier, u64 *tile, u64 *tpc)
{
	u32 st = k % G17P_POOL_SLOTS, s = k % G17P_CONTEXT_SLOTS;
	u32 node = k + k / 2, ra = (2 * k) % G17P_POOL_A_RECORDS;
	u32 rb = k % G17P_POOL_B_RECORDS;
	const struct g17p_pool_b *pb = pool_cpu(pl, G17P_POOL_B + rb * sizeof(*pb));
	u64 ta = G17P_POOL_DESC_TA + st * G17P_POOL_TA_SIZE;
	u64 fr = G17P_POOL_DESC_3D + st * G17P_POOL_3D_SIZE;
	u64 stamps = pool_va(pl, G17P_POOL_STAMPS + st * G17P_POOL_STAMP_SIZE);
	u64 dispatch = pool_va(pl, G17P_POOL_DISPATCH), deflake, tl, tp;
	struct agx4_fw_buf bufs[] = {
		{ c->desc, sizeof(struct g17p_ta_work) },
		{ &c->ev, sizeof(c->ev) },
		{ c->desc3d, sizeof(struct g17p_frag_work) },
		{ &c->ev3d, sizeof(c->ev3d) },
	};
	struct agx4_fw_render_in in = { };
	struct agx4_fw_stage_in *stage[2] = { &in.ta, &in.frag };
	u32 i;
	int ret;

	static_assert(sizeof(struct g17p_ta_work) <= G17P_POOL_TA_SIZE);
	static_assert(sizeof(struct g17p_frag_work) <= G17P_POOL_3D_SIZE);
	if (k + 1 > G17P_POOL_MAX_RENDERS)
		return -ENOSPC;
	ret = render_scratch(d, &tl, &tp);
	if (ret)
		return ret;
	c->pool = pl;
	c->npoints = 0;
	c->npoints3d = 0;
	memset(&c->ctx, 0, sizeof(c->ctx));
	memset(&c->ctx3d, 0, sizeof(c->ctx3d));
	c->n = k;
	/* The descriptors' item is the render's index + 1, in full (H). */
	c->item = k + 1;
	/* A pool's memory starts zeroed: only a change needs clearing. */
	c->fresh_geometry = *tile && (*tile != tl || *tpc != tp);
	for (i = 0; i < 2; i++) {
		struct agx4_fw_stage_in *x = stage[i];
		u64 work = i ? fr : ta;

		x->work = pool_va(pl, work);
		x->work_alias = pool_low(pl, work);
		x->queue = pool_va(pl, G17P_POOL_QUEUE(i));
		/* GAP: the register names the record's alias, by index. */
		x->status = pl->gpu + G17P_WIN_STATUS(i) + s * G17P_POOL_STATUS_SIZE;
		x->status_rec = pool_va(pl, G17P_POOL_STATUS(i) + s * G17P_POOL_STATUS_SIZE);
		x->lifecycle = G17P_POOL_LIFECYCLE;
		/* The descriptor sequence: 2k + 1 for the TA, 2k the 3D (H). */
		x->counter = 2 * (u64)k + (i ? 0 : 1);
		/*
		 * The hardware work tag: the context in the second byte, the
		 * node's low byte below it, so that the tag wraps without
		 * carrying into the context (H).
		 */
		x->work_stamp = (u64)asid << G17P_WORK_TAG_SHIFT |
				(node & G17P_WORK_TAG_MASK);
		x->admission = pl->index;
		x->dispatch[0] = dispatch + 4 * i;
		x->dispatch[1] = dispatch + G17P_POOL_DISPATCH_B + 4 * i;
		x->grid = pl->grid + i;
		x->item = c->item;
		x->index = k;
		/* Both stages' store flags are 0 (H: both references). */
		x->store_flag = 0;
		x->ev_group = k + 1;
		/*
		 * The TA's +0x8fe and the 3D's start share a word; the TA's end
		 * word is left 0, the 3D's end is the next word (H:
		 * GravityLinux/linux
		 * drivers/gpu/drm/asahi/g17p_render.rs@498fde22 timestamp_a,
		 * ta_timestamp_end 0 by default; the generator alike).
		 */
		x->prof.start = stamps;
		x->prof.end = i ? stamps + 8 : 0;
	}
	in.context_id = asid;
	in.context_base = AGX4_FW_CONTEXT_BASE;
	in.bm_slot = pl->index;
	in.tilemap = pl->gpu + G17P_WIN_SCRATCH + (k % G17P_TILEMAP_BLOCKS) * tl;
	in.tpc = pl->gpu + G17P_WIN_SCRATCH + G17P_TILEMAP_BLOCKS * tl;
	in.heapmeta = pl->gpu + G17P_WIN_META +
		      (d->cmd.layers > 1 ? G17P_HEAPMETA_LAYERED : 0);
	deflake = pl->gpu + G17P_WIN_DEFLAKE;
	in.deflake[0] = deflake + G17P_DEFLAKE_1;
	in.deflake[1] = deflake + G17P_DEFLAKE_2;
	in.deflake[2] = deflake + G17P_DEFLAKE_3;
	in.cycle = le32_to_cpu(pb->cycle);
	in.record_index = le32_to_cpu(pb->value) | 1;
	in.support = pool_va(pl, G17P_POOL_SUPPORT);
	in.aux_fb = pl->gpu + G17P_WIN_AUX;
	in.aux_fb_flags = G17P_POOL_AUX_FLAGS |
			  (d->cmd.flags & DRM_ASAHI_RENDER_DBIAS_IS_INT ?
			   G17P_POOL_AUX_DBIAS : 0);
	in.aux_fb_pages = G17P_POOL_AUX_PAGES;
	in.request_growth = true;
	in.pool_objs[0] = pool_va(pl, G17P_POOL_A + ra * sizeof(struct g17p_sched));
	in.pool_objs[1] = pool_va(pl, G17P_POOL_SHARED0);
	in.pool_objs[2] = pool_va(pl, G17P_POOL_B + rb * sizeof(*pb));
	in.pool_objs[3] = pool_va(pl, G17P_POOL_SHARED1);
	in.work_value = node;
	ret = agx4_fw_g17p_build_render(d, &in, bufs);
	if (ret)
		return ret;
	ret = render_optional(fq, c, asid, 0) ?:
	      render_optional(fq, c, asid, 1);
	if (ret)
		return ret;
	render_contexts(c, asid, in.ta.work_alias, in.frag.work_alias);
	c->ctx.work = cpu_to_le64(in.ta.work);
	c->ctx3d.work = cpu_to_le64(in.frag.work);
	/*
	 * Foreign waits first, the receiving grid's own previous-value
	 * point last (H: GravityLinux/linux
	 * drivers/gpu/drm/asahi/g17p_render_lifecycle.rs@e64fbc4e
	 * Item::context keeps that order for the firmware's value list).
	 */
	ret = 0;
	if (barrier >= 0 && barrier < k)
		ret = add_point(&c->ctx, &c->npoints, pl->grid + 1,
				barrier + 1);
	ret = ret ?: add_point(&c->ctx, &c->npoints, pl->grid, k) ?:
	      add_point(&c->ctx3d, &c->npoints3d, pl->grid, k + 1) ?:
	      add_point(&c->ctx3d, &c->npoints3d, pl->grid + 1, k);
	if (ret)
		return ret;
	points_header(&c->ctx, G17P_DEP_ENGINE_TA, pl->index, c->npoints);
	points_header(&c->ctx3d, G17P_DEP_ENGINE_3D, pl->index,
		      c->npoints3d);
	/* A new bank, or new scratch geometry, needs the pool idle. */
	c->wait_render = (k && !(k % G17P_POOL_BANK_RENDERS)) || c->fresh_geometry;
	*tile = tl;
	*tpc = tp;
	return 0;
}

/**
 * agx4_g17p_free_cmds() - free the host storage of a job's commands
 * @job: the job.
 *
 * Its descriptor slots are agx4_g17p_desc_put()'s to give back; its wait
 * for them, if any, has ended.
 */
void agx4_g17p_free_cmds(struct agx4_g17p_job *job)
{
	u32 i;

	for (i = 0; i < job->count; i++) {
		kfree(job->cmds[i].desc);
		kfree(job->cmds[i].desc3d);
	}
}

/**
 * agx4_g17p_rollback() - undo a job that never ran
 * @job: the job.
 *
 * Give back what a job that never ran took of its queue's and its pool's
 * counters (the pool itself: agx4_g17p_pool_put()).
 */
void agx4_g17p_rollback(struct agx4_g17p_job *job)
{
	struct agx4_g17p_queue *fq = job->fq;
	struct g17p_pool *pl = job->pool;

	if (job->ordered)
		fq->owner->next = job->first_n;
	fq->renders -= job->nrender;
	if (!pl || !job->placed)
		return;
	pl->next = job->first_k;
	pl->tile = job->tile;
	pl->tpc = job->tpc;
}

/*
 * The render a vertex barrier names, as an index of @pl; -1 for none.  A
 * pool taken over holds none of the queue's earlier renders (and was
 * idle: they are done).
 */
static s64 vdm_target(const struct agx4_g17p_job *job,
		      const struct g17p_pool *pl, s32 wait)
{
	if (wait == AGX4_WAIT_NONE)
		return -1;
	if (!wait)
		return job->first_k > pl->bound_k ? (s64)job->first_k - 1 : -1;
	return wait <= job->nrender ? (s64)job->first_k + wait - 1 : -1;
}

/*
 * Check a render on a stand-in pool (agx4_g17p_pool_stand_in()), and
 * allocate what it is built into at reserve.
 */
static int check_render(struct agx4_g17p_queue *fq, struct agx4_g17p_job *job,
			const struct agx4_render_desc *d, struct g17p_cmd *c,
			struct g17p_pool **made)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_pool *pl;
	u64 tile = 0, tpc = 0;
	int ret;

	c->desc = kzalloc(G17P_POOL_TA_SIZE, GFP_KERNEL);
	c->desc3d = kzalloc(G17P_POOL_3D_SIZE, GFP_KERNEL);
	if (!c->desc || !c->desc3d)
		return -ENOMEM;
	mutex_lock(&sub->setup_lock);
	pl = agx4_g17p_pool_stand_in(sub);
	if (!pl) {
		/* Every pool went since this SUBMIT began: an index is free. */
		mutex_unlock(&sub->setup_lock);
		ret = agx4_g17p_pool_prepare(fq, made);
		if (ret)
			return ret;
		mutex_lock(&sub->setup_lock);
		pl = agx4_g17p_pool_stand_in(sub);
	}
	if (!pl) {
		mutex_unlock(&sub->setup_lock);
		return -ENOMEM;
	}
	ret = build_render(fq, pl, job->asid, 0, d, c, -1, &tile, &tpc);
	mutex_unlock(&sub->setup_lock);
	c->pool = NULL;
	return ret;
}

static int prepare_cmd(struct agx4_g17p_queue *fq, struct agx4_g17p_job *job,
		       const struct agx4_cmd_desc *cd, struct g17p_cmd *c,
		       struct g17p_pool **made)
{
	int ret;

	if (cd->is_compute) {
		ret = check_compute(fq, job, &cd->compute, c);
		job->ncompute++;
		/* Render work of this or an earlier SUBMIT: on the CPU. */
		if (cd->wait_vdm != AGX4_WAIT_NONE &&
		    (cd->wait_vdm || fq->renders > job->nrender))
			c->wait_render = true;
		return ret;
	}
	ret = check_render(fq, job, &cd->render, c, made);
	if (ret)
		return ret;
	job->nrender++;
	fq->renders++;
	/* Compute work of this or an earlier SUBMIT: on the CPU. */
	if (cd->wait_cdm != AGX4_WAIT_NONE && (cd->wait_cdm || job->first_n))
		c->wait_compute = true;
	return 0;
}

/*
 * Build @job's renders on the pool it holds, as its next renders: the
 * pool moved into the queue's VM first if it was taken over.  From
 * job_reserve: nothing sleeps or allocates.  The builders refuse nothing
 * prepare's check of the same commands passed; if they did, the job
 * stays unplaced and is not published (-ECANCELED).
 */
static void place(struct agx4_g17p_job *job)
{
	struct agx4_g17p_queue *fq = job->fq;
	struct g17p_pool *pl = job->pool;
	u64 tile, tpc;
	u32 i, k;
	int ret = 0;

	agx4_g17p_pool_bind(fq, pl, job->asid);
	job->first_k = pl->next;
	job->tile = pl->tile;
	job->tpc = pl->tpc;
	tile = pl->tile;
	tpc = pl->tpc;
	k = pl->next;
	for (i = 0; i < job->count && !ret; i++) {
		const struct agx4_cmd_desc *cd = &job->cb->cmds[i];

		if (cd->is_compute)
			continue;
		ret = build_render(fq, pl, job->asid, k, &cd->render,
				   &job->cmds[i],
				   vdm_target(job, pl, cd->wait_vdm), &tile,
				   &tpc);
		k++;
	}
	if (WARN_ON_ONCE(ret))
		return;
	pl->next = k;
	pl->tile = tile;
	pl->tpc = tpc;
	agx4_g17p_pool_placed(job);
}

/**
 * agx4_g17p_job_reserve() - &agx4_fw_submit_ops.job_reserve for G17P
 * @j: the job.
 *
 * drm_sched's prepare_job, once the job's dependencies are met: its
 * compute commands take their ordinals and descriptor slots
 * (agx4_g17p_desc_reserve_locked()) and are built there
 * (build_computes()), then its renders a pool, on which they are built
 * (place()): the
 * queue's own, or else the least recently used idle pool of another
 * queue (agx4_g17p_pool_take()); or the job waits, holding no pool, for
 * its fence, which a pool going idle is handed to.  The pools are held by
 * reserved jobs, which need nothing of this one: they complete, or time
 * out (which kills their queue), and are freed.  The unplug and the
 * firmware stopping end the wait (the room closes): the job is then not
 * published.  Nothing here sleeps or allocates: prepare allocated the
 * fences and the renders' buffers.
 *
 * Return: NULL once the job holds what it needs, or will not be
 * published; otherwise the fence to wait for.
 */
struct dma_fence *agx4_g17p_job_reserve(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	struct dma_fence *wait;
	unsigned long flags;

	if (job->ncompute) {
		spin_lock_irqsave(&sub->eng.lock, flags);
		if (!job->ordered)
			order_computes_locked(job);
		wait = agx4_g17p_desc_reserve_locked(job);
		spin_unlock_irqrestore(&sub->eng.lock, flags);
		if (wait)
			return wait;
		if (job->slotted && !job->built)
			build_computes(job);
	}
	if (!job->nrender || job->placed)
		return NULL;
	spin_lock_irqsave(&sub->eng.lock, flags);
	if (!job->pool && !agx4_g17p_submission_ends(sub) &&
	    !agx4_g17p_pool_take_own(job))
		wait = agx4_room_get(&sub->eng, &sub->pool_room,
				     &job->pool_wait, agx4_g17p_pool_take);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	if (!wait && job->pool)
		place(job);
	return wait;
}

/**
 * agx4_g17p_job_prepare() - &agx4_fw_submit_ops.job_prepare for G17P
 * @q: the queue.
 * @cb: the SUBMIT's validated commands.
 * @out: set to the job prepared.
 * @credits: set to the credits the job takes.
 *
 * Return: as &agx4_fw_submit_ops.job_prepare; -EINVAL for a render whose
 * tilemap ring and TPC do not fit its pool's window.
 */
int agx4_g17p_job_prepare(struct agx4_fw_queue *q, const struct agx4_cmdbuf *cb,
			  struct agx4_fw_job **out, u32 *credits)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);
	struct g17p_pool *made = NULL;
	struct agx4_g17p_job *job;
	u32 i;
	int ret = 0;

	if (!cb->count || cb->count > G17P_CREDITS)
		return -EINVAL;
	ret = recycle(fq, cb);
	if (!ret && cb->renders)
		ret = agx4_g17p_pool_prepare(fq, &made);
	if (ret)
		return ret;
	job = cb->count == 1 ? xchg(&fq->spare, NULL) : NULL;
	if (job)
		memset(job, 0, struct_size(job, cmds, 1));
	else
		job = kzalloc(struct_size(job, cmds, cb->count), GFP_KERNEL);
	if (!job) {
		agx4_g17p_pool_unmake(fq, made);
		return -ENOMEM;
	}
	job->fq = fq;
	job->cb = cb;
	job->count = cb->count;
	job->asid = fq->asid;
	/*
	 * The compute commands of the queue's earlier jobs: given their
	 * ordinals (at reserve) or still to be.  At reserve, this job's
	 * first ordinal is this (order_computes_locked()).
	 */
	spin_lock_irq(&fq->sub->eng.lock);
	job->first_n = fq->owner->next + fq->unordered;
	spin_unlock_irq(&fq->sub->eng.lock);
	INIT_LIST_HEAD(&job->base.defer_link);
	INIT_LIST_HEAD(&job->base.live_link);
	for (i = 0; i < cb->count && !ret; i++)
		ret = prepare_cmd(fq, job, &cb->cmds[i], &job->cmds[i], &made);
	/*
	 * Compute commands take their ordinals and descriptor slots at
	 * reserve, which may wait, with a fence agx4_g17p_job_reserve()
	 * cannot allocate; renders take their pool there, and may wait for
	 * one.
	 */
	if (!ret && job->ncompute)
		ret = agx4_room_wait_init(&job->desc_wait, job->fq);
	if (!ret && job->nrender)
		ret = agx4_room_wait_init(&job->pool_wait, job->fq);
	if (ret) {
		agx4_g17p_desc_put(job);
		agx4_g17p_rollback(job);
		agx4_g17p_free_cmds(job);
		if (job->desc_wait.fence)
			agx4_room_wait_fini(&job->desc_wait);
		kfree(job);
		agx4_g17p_pool_unmake(fq, made);
		return ret;
	}
	spin_lock_irq(&fq->sub->eng.lock);
	fq->unordered += job->ncompute;
	if (job->nrender) {
		fq->unplaced += job->nrender;
		fq->sub->unplaced++;
	}
	spin_unlock_irq(&fq->sub->eng.lock);
	atomic_inc(&fq->jobs);
	job->base.queue = q;
	*out = &job->base;
	*credits = cb->count;
	return 0;
}
