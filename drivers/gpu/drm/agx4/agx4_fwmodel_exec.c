// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/unaligned.h>

#include <kunit/visibility.h>

#ifdef CONFIG_ARM64
#include <asm/arch_timer.h>
#endif

#include "agx4_fwmodel_core.h"

/**
 * DOC: firmware model execution
 *
 * A doorbell 0x83 (priority << 2 | engine) makes the model's firmware
 * take the messages of the channels it names (engine 0: the TA and 3D
 * channels of that priority, 1: the 3D channel, 2: compute), from its read
 * cursor to the host's producer.  Each message names a queue record (a
 * lane) and the lane's new head; the message with "first" registers the
 * lane, whose read and done indices then come from its pointer block.
 * The channel's read and done cursors move as soon as a message is taken:
 * taking a message does not mean its work ran.
 *
 * Every lane is then executed from its read index to its head, through
 * the queue record's item ring, one item after the other: a wait that is
 * not met stops the lane and is tried again whenever another lane moves
 * (and at every kick); a work item starts (the read index moves past it),
 * is checked from end to end, and completes (its completion words, the
 * done index, the completion report) at once, after a delay, when the
 * test releases it, or never, as &enum agx4_fwmodel_mode and the per-job
 * scripts (&struct agx4_fwmodel_script) say.  What the items hold and what
 * completing one writes is the generation's: agx4_fwmodel_g16_work.c and
 * agx4_fwmodel_g17p_work.c.
 *
 * A malformed message, queue or item, or an access the firmware cannot
 * make, records a named error at the VA involved and crashes the
 * instance, as real firmware would stop on input it cannot execute.
 * Everything here runs on the model's ordered worker.
 */

/* Pointer block: firmware done index at +0, read index at +0x30 (H, both). */
#define PB_DONE			0x00
#define PB_READ			0x30

#define WORK_MSG_RING		256

/* Work done in one pass over the lanes. */
struct pass {
	unsigned int posted;
	/* Bit n: instance n got a completion report (&fwm_gen_desc.reports). */
	unsigned long reported;
	bool have_due;
	unsigned long due;
};

void agx4_fwmodel_exec_init(struct agx4_fwmodel *m)
{
	INIT_LIST_HEAD(&m->lanes);
	INIT_LIST_HEAD(&m->ready);
	hash_init(m->lane_hash);
	INIT_DELAYED_WORK(&m->exec_work, agx4_fwmodel_exec_timer);
}

static void lane_free(struct fwm_lane *l)
{
	list_del(&l->node);
	list_del(&l->ready);
	hash_del(&l->hnode);
	kfree(l);
}

void agx4_fwmodel_exec_fini(struct agx4_fwmodel *m)
{
	struct fwm_lane *l, *tmp;

	list_for_each_entry_safe(l, tmp, &m->lanes, node)
		lane_free(l);
}

static bool lane_idle(const struct fwm_lane *l)
{
	return !l->job.active && l->read == l->head;
}

/* Put @l on the ready list, in creation order, unless it is there. */
static void lane_ready(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	struct fwm_lane *pos;

	if (!list_empty(&l->ready))
		return;
	list_for_each_entry_reverse(pos, &m->ready, ready)
		if (pos->order < l->order)
			break;
	list_add(&l->ready, &pos->ready);
}

int agx4_fwmodel_item_fail(struct agx4_fwmodel *m, u64 where)
{
	return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_ITEM, where);
}

/* Drop the lanes an instance forgot when it was stopped or restarted. */
static void sync_epoch(struct agx4_fwmodel *m, unsigned int inst, u32 epoch)
{
	unsigned long flags;
	struct fwm_lane *l, *tmp;

	if (m->exec_epoch[inst] == epoch)
		return;
	list_for_each_entry_safe(l, tmp, &m->lanes, node) {
		if (l->inst != inst)
			continue;
		spin_lock_irqsave(&m->lock, flags);
		if (l->job.active)
			m->busy--;
		if (l->job.held)
			m->held--;
		spin_unlock_irqrestore(&m->lock, flags);
		lane_free(l);
	}
	if (inst == 0) {
		spin_lock_irqsave(&m->lock, flags);
		memset(m->grid_done, 0, sizeof(m->grid_done));
		spin_unlock_irqrestore(&m->lock, flags);
		/* A new firmware knows no pool and no receiver yet. */
		memset(m->tvb_count, 0, sizeof(m->tvb_count));
		memset(m->slot_owner, 0, sizeof(m->slot_owner));
		m->nscenes = 0;
	}
	m->exec_epoch[inst] = epoch;
}

/* Is the instance up (acknowledged, not crashed)?  Its epoch in @epoch. */
static bool live(struct agx4_fwmodel *m, unsigned int inst, u32 *epoch)
{
	unsigned long flags;
	struct fwm_inst *fi = &m->inst[inst];
	bool up;

	spin_lock_irqsave(&m->lock, flags);
	up = fi->running && fi->acked && !fi->crashed;
	*epoch = fi->epoch;
	spin_unlock_irqrestore(&m->lock, flags);
	return up;
}

/**
 * agx4_fwmodel_job_write() - add a completion write to a work item
 * @m: the model.
 * @l: its lane.
 * @va: firmware VA written.
 * @what: what is written there.
 * @val: the value for %FWM_W32.
 *
 * The firmware must be able to write @va (checked now, so a bad address
 * fails when the work starts, not when it completes).
 *
 * Return: 0 or -EIO (error recorded).
 */
int agx4_fwmodel_job_write(struct agx4_fwmodel *m, struct fwm_lane *l, u64 va,
			   enum fwm_wkind what, u32 val)
{
	struct fwm_job *j = &l->job;

	if (WARN_ON_ONCE(j->nwrites >= FWM_JOB_WRITES))
		return -EIO;
	if (agx4_fwmodel_check(m, l->inst, va, what == FWM_W32 ? 4 : 8,
			       AGX4_FWMODEL_WRITE))
		return -EIO;
	j->w[j->nwrites].va = va;
	j->w[j->nwrites].what = what;
	j->w[j->nwrites].val = val;
	j->nwrites++;
	return 0;
}

static struct fwm_lane *find_lane(struct agx4_fwmodel *m, unsigned int inst,
				  u64 queue)
{
	struct fwm_lane *l;

	hash_for_each_possible(m->lane_hash, l, hnode, queue)
		if (l->inst == inst && l->queue == queue)
			return l;
	return NULL;
}

/* Take one message: register or update its lane. */
static int take_msg(struct agx4_fwmodel *m, unsigned int inst,
		    unsigned int ch, u64 va, const struct fwm_work_msg *mi,
		    u32 epoch)
{
	struct fwm_lane *l = find_lane(m, inst, mi->queue);
	unsigned long flags;
	u64 pointers, ring;
	bool fresh = false;

	/*
	 * G17P: a queue the firmware knows starts again ("first") only
	 * after a context cleanup named it, and one it was told to forget
	 * is known again only from a "first".  No reference says either:
	 * the reference host sends "first" with a queue's first item (H)
	 * and makes the firmware forget a queue with a context cleanup
	 * (0x14, H); what the firmware does with a "first" for a queue it
	 * holds, or with a message for one it forgot, is not known (GAP),
	 * so the model refuses both (strictest reading).
	 */
	if (l && m->gen == AGX4_FWMODEL_G17P && mi->first != l->forgotten)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
					 va + 0x14);
	if (!l) {
		/* The firmware learns a queue from its first message (H). */
		if (!mi->first)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
						 va + 0x14);
		/* Atomic: the executor may be a doorbell's caller. */
		l = kzalloc(sizeof(*l), GFP_ATOMIC);
		if (!l)
			return -ENOMEM;
		l->inst = inst;
		l->epoch = epoch;
		l->queue = mi->queue;
		l->kind = mi->kind;
		l->order = m->lane_seq++;
		INIT_LIST_HEAD(&l->ready);
		list_add_tail(&l->node, &m->lanes);
		hash_add(m->lane_hash, &l->hnode, l->queue);
		fresh = true;
	}
	/* A queue is one lane: its kind never changes (H). */
	if (l->kind != mi->kind)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
					 va + 0x10);
	l->channel = ch;
	l->event = mi->event;
	if (agx4_fwmodel_read64(m, inst, l->queue, &pointers) ||
	    agx4_fwmodel_read64(m, inst, l->queue + 8, &ring))
		return -EIO;
	/*
	 * The queue record may name a new pointer block and ring while the
	 * lane is idle (the G17P bank switch); the indices restart from what
	 * the new block holds.  Refusing a switch under running work is the
	 * strictest reading: no reference switches one then.
	 */
	if (fresh || mi->first || pointers != l->pointers || ring != l->ring) {
		if (l->job.active || l->read != l->head)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
						 l->queue);
		if (!pointers)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED,
						 l->queue);
		if (!ring)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_UNMAPPED,
						 l->queue + 8);
		l->pointers = pointers;
		l->ring = ring;
		l->forgotten = false;
		if (m->desc->open_lane(m, l) ||
		    agx4_fwmodel_read32(m, inst, pointers + PB_DONE, &l->done) ||
		    agx4_fwmodel_read32(m, inst, pointers + PB_READ, &l->read))
			return -EIO;
		if (l->read != l->done || l->read >= l->cap)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_QUEUE,
						 pointers + PB_READ);
		l->head = l->read;
	}
	/*
	 * G17P: a queue registered with "first" numbers its commands from 0
	 * again (a queue rebuilt after its cleanup), and so does its grid's
	 * completion count (strictest reading: no reference says; a host
	 * counting on from before is not served).
	 */
	if (mi->first && m->gen == AGX4_FWMODEL_G17P && l->event < FWM_GRIDS) {
		spin_lock_irqsave(&m->lock, flags);
		m->grid_done[l->event] = 0;
		spin_unlock_irqrestore(&m->lock, flags);
		/*
		 * A new graph numbers its pool's growth requests from 0
		 * (GravityLinux/linux drivers/gpu/drm/asahi/
		 * g17p_growth_runtime.rs@fc79d23c new_graph).
		 */
		if (l->event < FWM_TVB_POOLS)
			m->tvb_count[l->event] = 0;
	}
	/* G16 rings wrap (head < capacity); G17P rings are linear (H). */
	if (m->desc->ring_wraps ? mi->head >= l->cap :
	    mi->head > l->cap || mi->head < l->head)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_WORK_MSG,
					 va + 0x14);
	l->head = mi->head;
	if (!lane_idle(l))
		lane_ready(m, l);
	return 0;
}

/**
 * agx4_fwmodel_exec_forget() - a context cleanup names a channel-control record
 * @m: the model.
 * @control: the record's firmware address.
 *
 * Every queue whose record names @control as its context is forgotten:
 * its next message must say "first" (take_msg()).  What the firmware does
 * with work such a queue still has is not known (GAP); the model lets it
 * finish.
 */
void agx4_fwmodel_exec_forget(struct agx4_fwmodel *m, u64 control)
{
	struct fwm_lane *l;

	list_for_each_entry(l, &m->lanes, node)
		if (l->control == control)
			l->forgotten = true;
}

/**
 * agx4_fwmodel_exec_kick() - take the messages of one work channel
 * @m: the model.
 * @inst: instance.
 * @ch: work channel.
 *
 * Return: 0, or -EIO after the instance crashed on what it found.
 */
int agx4_fwmodel_exec_kick(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int ch)
{
	const struct fwm_gen_desc *d = m->desc;
	u64 ring = m->inst[inst].ch[ch].ring;
	u8 wm[FWM_WORK_MSG];
	struct fwm_work_msg mi;
	u32 r, p, epoch;
	int ret;

	if (!ring || !live(m, inst, &epoch))
		return 0;
	sync_epoch(m, inst, epoch);
	if (d->work_cursor(m, inst, ch, 0, &r, false) ||
	    d->work_cursor(m, inst, ch, 2, &p, false))
		goto crash;
	if (m->gen == AGX4_FWMODEL_G17P)
		agx4_fwmodel_trace_cursor(m, inst,
					  AGX4_FWMODEL_TRR_WORK_PROD + ch, p);
	r %= WORK_MSG_RING;
	p %= WORK_MSG_RING;
	while (r != p) {
		u64 va = ring + (u64)r * FWM_WORK_MSG;

		memset(&mi, 0, sizeof(mi));
		if (agx4_fwmodel_read(m, inst, va, wm, sizeof(wm)) ||
		    d->work_msg(m, inst, ch, va, wm, &mi))
			goto crash;
		ret = take_msg(m, inst, ch, va, &mi, epoch);
		if (ret)
			goto crash;
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_WORK_MSGS);
		r = (r + 1) % WORK_MSG_RING;
		if (d->work_cursor(m, inst, ch, 0, &r, true) ||
		    d->work_cursor(m, inst, ch, 1, &r, true))
			goto crash;
	}
	return 0;
crash:
	agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
	return -EIO;
}

static int set_index(struct agx4_fwmodel *m, struct fwm_lane *l, u32 off,
		     u32 v)
{
	return agx4_fwmodel_write32(m, l->inst, l->pointers + off, v);
}

/*
 * The first armed script matching a work item of @l, consumed, with its
 * argument in *@arg; -1 for none.
 */
static int script_match(struct agx4_fwmodel *m, struct fwm_lane *l, u32 *arg)
{
	struct agx4_fwmodel_script *s;
	unsigned int i;
	int action;

	lockdep_assert_held(&m->lock);
	for (i = 0; i < m->nscripts; i++) {
		s = &m->scripts[i];
		if (s->kinds && !(s->kinds & BIT(l->kind)))
			continue;
		if (s->queue && s->queue != l->queue)
			continue;
		if (s->skip) {
			s->skip--;
			continue;
		}
		action = s->action;
		*arg = s->arg;
		memmove(s, s + 1, (m->nscripts - i - 1) * sizeof(*s));
		m->nscripts--;
		return action;
	}
	return -1;
}

static int post(struct agx4_fwmodel *m, unsigned int inst, u32 kind,
		const u64 *mask, struct pass *ps)
{
	u8 rec[FWM_EVT_RECORD] = {};
	int ret;

	put_unaligned_le32(kind, rec);
	if (mask) {
		put_unaligned_le64(mask[0], rec + 4);
		put_unaligned_le64(mask[1], rec + 0xc);
	}
	ret = agx4_fwmodel_post(m, inst, rec, false);
	if (ret == -EIO)
		return ret;
	if (!ret)
		ps->posted++;
	return 0;
}

/* Look again at @ms from now. */
static void pass_due(struct pass *ps, unsigned int ms)
{
	unsigned long due = jiffies + msecs_to_jiffies(ms);

	if (!ps->have_due || time_before(due, ps->due))
		ps->due = due;
	ps->have_due = true;
}

/*
 * @l's work item waits for room in a ring it writes: counted once per
 * wait, and the lanes run again in FWM_REPORT_POLL_MS.
 */
static void room_wait(struct agx4_fwmodel *m, struct fwm_lane *l,
		      struct pass *ps)
{
	if (!l->job.report_wait)
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_REPORT_STALLS);
	l->job.report_wait = true;
	pass_due(ps, FWM_REPORT_POLL_MS);
}

/*
 * A record the firmware posts on channel 13 for a work item (a G16
 * completion event, a growth request, a memory-limit report, a fatal
 * report) waits for room: the firmware neither overwrites a record the
 * host has not consumed nor drops one, and looks again every
 * FWM_REPORT_POLL_MS until the host's read cursor moves, as for the G17P
 * report rings (report_room()).  Strictest reading: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_runtime.rs@1ab42a3a service_render_events
 * consumes every record up to the firmware's cursor and hands the ring
 * back; no reference says what the firmware does when it fills.
 *
 * Return: 1 when there is room, 0 when it waits, -EIO.
 */
static int event_room(struct agx4_fwmodel *m, struct fwm_lane *l,
		      struct pass *ps)
{
	int ret = agx4_fwmodel_event_room(m, l->inst);

	/* No channel 13 yet: agx4_fwmodel_post() says so, as before. */
	if (ret == -ENODEV)
		return 1;
	if (ret)
		return ret;
	room_wait(m, l, ps);
	return 0;
}

/*
 * Post the record @l's work item has waiting (&fwm_job.post_wait) once
 * channel 13 has room: a fatal report, or the growth request or
 * memory-limit report in &fwm_tvb.req, after which the work item waits
 * for the reply where there is one.
 *
 * Return: 1 when nothing waits (any more), 0 when it still waits, -EIO.
 */
static int send_waiting(struct agx4_fwmodel *m, struct fwm_lane *l,
			struct pass *ps)
{
	struct fwm_job *j = &l->job;
	struct fwm_tvb *t = &j->tvb;
	u8 fatal[FWM_EVT_RECORD] = {};
	u32 kind = j->post_wait;
	bool limit = kind == FWM_EV_LIMIT;
	int ret;

	if (!kind)
		return 1;
	ret = event_room(m, l, ps);
	if (ret <= 0)
		return ret;
	j->post_wait = 0;
	j->report_wait = false;
	/* A fatal report has an empty body (H). */
	put_unaligned_le32(FWM_EV_FATAL, fatal);
	ret = agx4_fwmodel_post(m, l->inst,
				kind == FWM_EV_FATAL ? fatal : t->req, false);
	if (ret == -EIO)
		return ret;
	if (!ret)
		ps->posted++;
	if (kind == FWM_EV_FATAL)
		return 1;
	agx4_fwmodel_counter_add(m, limit ? AGX4_FWMODEL_CNT_LIMITS :
				 AGX4_FWMODEL_CNT_GROW_REQUESTS);
	t->sent++;
	if (limit && !m->desc->limit_reply)
		return 1;
	t->wait = limit ? FWM_OP_LIMIT_REPLY : FWM_OP_GROW_REPLY;
	t->deadline = jiffies +
		      msecs_to_jiffies(AGX4_FWMODEL_REPLY_TIMEOUT_MS);
	return 1;
}

/*
 * Post the next request of @l's growth or limit script, or end it: the
 * work item waits for the reply, or may complete.  The request waits for
 * room on channel 13 first (send_waiting()).
 */
static int tvb_next(struct agx4_fwmodel *m, struct fwm_lane *l,
		    struct pass *ps)
{
	struct fwm_tvb *t = &l->job.tvb;
	u8 rec[FWM_EVT_RECORD] = {};
	bool limit;
	int ret;

	t->wait = 0;
	if (t->left) {
		t->left--;
		limit = false;
	} else if (t->limit) {
		t->limit = false;
		limit = true;
	} else {
		return 0;
	}
	if (m->desc->tvb_request(m, l, limit, rec))
		return -EIO;
	put_unaligned_le32(limit ? FWM_EV_LIMIT : FWM_EV_GROW, rec);
	memcpy(t->req, rec, sizeof(rec));
	l->job.post_wait = limit ? FWM_EV_LIMIT : FWM_EV_GROW;
	ret = send_waiting(m, l, ps);
	return ret < 0 ? ret : 0;
}

/*
 * The firmware's clock: the counter the GPU shares with the CPU, in ns.  On
 * arm64 that is CNTPCT_EL0 at CNTFRQ_EL0; elsewhere (the software backend
 * on x86_64, UML) there is no shared counter and the model takes the raw
 * monotonic clock, which agx4's GET_TIME reads there too.  Not
 * CLOCK_MONOTONIC: its rate is steered and drifts from the raw clock, so
 * stamps taken with it would fall outside the host's GET_TIME readings.
 */
static u64 gpu_now_ns(void)
{
#ifdef CONFIG_ARM64
	return mul_u64_u32_div(__arch_counter_get_cntpct(), NSEC_PER_SEC,
			       arch_timer_get_cntfrq());
#else
	return ktime_get_raw_ns();
#endif
}

/* A work item of @l started: decide when it completes. */
static int job_start(struct agx4_fwmodel *m, struct fwm_lane *l,
		     struct pass *ps)
{
	unsigned long flags;
	struct fwm_job *j = &l->job;
	u32 arg = 0;
	int action, ret;

	j->active = true;
	j->seq = ++m->job_seq;
	j->start_ns = gpu_now_ns();
	spin_lock_irqsave(&m->lock, flags);
	m->busy++;
	action = script_match(m, l, &arg);
	if (action == AGX4_FWMODEL_ACT_HOLD ||
	    (action < 0 && m->mode == AGX4_FWMODEL_HOLD)) {
		j->held = true;
		m->held++;
	} else if (action == AGX4_FWMODEL_ACT_DELAY ||
		   (action < 0 && m->mode == AGX4_FWMODEL_DELAY)) {
		j->due = jiffies + msecs_to_jiffies(action < 0 ? m->mode_arg :
						    arg);
		j->delayed = true;
	}
	spin_unlock_irqrestore(&m->lock, flags);

	switch (action) {
	case AGX4_FWMODEL_ACT_NEVER:
		j->never = true;
		break;
	case AGX4_FWMODEL_ACT_FATAL:
		j->never = true;
		j->post_wait = FWM_EV_FATAL;
		ret = send_waiting(m, l, ps);
		return ret < 0 ? ret : 0;
	case AGX4_FWMODEL_ACT_CRASH:
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_INJECTED, j->item);
	case AGX4_FWMODEL_ACT_GPU_FAULT:
		j->never = true;
		if (m->desc->gpu_fault)
			m->desc->gpu_fault(m, l, (u64)arg << 14);
		break;
	case AGX4_FWMODEL_ACT_GROW:
	case AGX4_FWMODEL_ACT_LIMIT:
		j->tvb.left = arg;
		j->tvb.limit = action == AGX4_FWMODEL_ACT_LIMIT;
		return tvb_next(m, l, ps);
	default:
		break;
	}
	return 0;
}

/*
 * Where the generation reports completions into rings the host hands
 * back (&fwm_gen_desc.reports), a work item completes only when every one
 * has room: the firmware does not overwrite a report the host has not
 * handed back, and does not drop one either; it waits, looking again
 * while it does (strictest reading: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9 acknowledge_reports
 * credits every one of them after each completion, nothing says what
 * the firmware does when they fill).  Where it posts a completion event
 * on channel 13 alone (G16), it waits for room there (event_room()).
 *
 * Return: 1 when it may complete, 0 when it waits, -EIO.
 */
static int report_room(struct agx4_fwmodel *m, struct fwm_lane *l,
		       struct pass *ps)
{
	struct fwm_job *j = &l->job;
	int ret;

	if (!j->report)
		return 1;
	if (!m->desc->nreports)
		return event_room(m, l, ps);
	ret = agx4_fwmodel_report_room(m);
	if (ret)
		return ret;
	room_wait(m, l, ps);
	return 0;
}

/* Can the work item of @l complete now? */
static bool job_due(struct agx4_fwmodel *m, struct fwm_lane *l,
		    struct pass *ps)
{
	struct fwm_job *j = &l->job;
	unsigned long due = j->due;

	if (j->never || j->held)
		return false;
	if (j->tvb.wait && time_after(jiffies, j->tvb.deadline)) {
		/* No reply: the work item stays unfinished (GAP: the bound). */
		j->tvb.wait = 0;
		j->never = true;
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_REPLY_TIMEOUTS);
		return false;
	}
	if (j->tvb.wait)
		due = j->tvb.deadline + 1;
	if (j->tvb.wait || (j->delayed && time_before(jiffies, j->due))) {
		if (!ps->have_due || time_before(due, ps->due))
			ps->due = due;
		ps->have_due = true;
		return false;
	}
	return true;
}

static const enum agx4_fwmodel_counter kind_counter[] = {
	[FWM_KIND_TA] = AGX4_FWMODEL_CNT_TA,
	[FWM_KIND_3D] = AGX4_FWMODEL_CNT_3D,
	[FWM_KIND_COMPUTE] = AGX4_FWMODEL_CNT_COMPUTE,
};

/* 24 MHz ticks, never 0 (0 is "not written" for the host). */
static u64 ticks(u64 ns)
{
	return max_t(u64, mul_u64_u32_div(ns, 3, 125), 1);
}

static int job_complete(struct agx4_fwmodel *m, struct fwm_lane *l,
			struct pass *ps)
{
	unsigned long flags;
	struct fwm_job *j = &l->job;
	u64 now = gpu_now_ns();
	u64 t0 = ticks(j->start_ns), t1 = ticks(now);
	unsigned int i;

	for (i = 0; i < j->nwrites; i++) {
		const struct fwm_write *w = &j->w[i];
		__le64 v;
		int ret;

		switch (w->what) {
		case FWM_W32:
			ret = agx4_fwmodel_write32(m, l->inst, w->va, w->val);
			break;
		default:
			v = cpu_to_le64(w->what == FWM_W_TICKS_START ? t0 :
					w->what == FWM_W_TICKS_END ? t1 :
					w->what == FWM_W_NS_START ?
					j->start_ns : now);
			ret = agx4_fwmodel_write(m, l->inst, w->va, &v,
						 sizeof(v));
			break;
		}
		if (ret)
			return ret;
		/* What a host reading the profiling slots measures. */
		if (w->what == FWM_W_TICKS_END && w->val == FWM_PROFILING)
			agx4_fwmodel_counter_add_n(m, l->kind == FWM_KIND_COMPUTE ?
						   AGX4_FWMODEL_CNT_COMPUTE_TICKS :
						   AGX4_FWMODEL_CNT_RENDER_TICKS,
						   t1 - t0);
	}
	if (set_index(m, l, PB_DONE, j->next))
		return -EIO;
	l->done = j->next;
	if (m->desc->retire && m->desc->retire(m, l))
		return -EIO;
	if (j->report && m->desc->nreports) {
		u8 rec[FWM_EVT_RECORD] = {};

		put_unaligned_le32(FWM_EV_COMPLETE, rec);
		put_unaligned_le64(j->mask[0], rec + 4);
		put_unaligned_le64(j->mask[1], rec + 0xc);
		if (agx4_fwmodel_report(m, rec, &ps->reported))
			return -EIO;
	} else if (j->report &&
		   post(m, l->inst, FWM_EV_COMPLETE, j->mask, ps)) {
		return -EIO;
	}
	agx4_fwmodel_counter_add(m, kind_counter[l->kind]);
	spin_lock_irqsave(&m->lock, flags);
	m->busy--;
	spin_unlock_irqrestore(&m->lock, flags);
	memset(j, 0, sizeof(*j));
	return 0;
}

/* Advance @r by @n items on @l's ring. */
static u32 advance(struct agx4_fwmodel *m, struct fwm_lane *l, u32 r, u32 n)
{
	return m->desc->ring_wraps ? (r + n) % l->cap : r + n;
}

/* Execute @l as far as it goes; *@moved when anything happened. */
static int lane_run(struct agx4_fwmodel *m, struct fwm_lane *l, bool *moved,
		    struct pass *ps)
{
	u32 n, next;
	int ret;

	for (;;) {
		if (l->job.active) {
			ret = send_waiting(m, l, ps);
			if (ret <= 0)
				return ret;
			if (!job_due(m, l, ps))
				return 0;
			ret = report_room(m, l, ps);
			if (ret <= 0)
				return ret;
			ret = job_complete(m, l, ps);
			if (ret)
				return ret;
			*moved = true;
			continue;
		}
		if (l->read == l->head)
			return 0;
		memset(&l->job, 0, sizeof(l->job));
		n = 0;
		ret = m->desc->step(m, l, l->read, &n);
		if (ret < 0)
			return ret;
		if (ret == FWM_STEP_WAIT) {
			if (!l->stalled)
				agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_STALLS);
			l->stalled = true;
			return 0;
		}
		l->stalled = false;
		next = advance(m, l, l->read, n);
		if (set_index(m, l, PB_READ, next))
			return -EIO;
		l->read = next;
		*moved = true;
		if (ret == FWM_STEP_PASS) {
			if (set_index(m, l, PB_DONE, next))
				return -EIO;
			l->done = next;
			continue;
		}
		l->job.next = next;
		ret = job_start(m, l, ps);
		if (ret)
			return ret;
	}
}

/* After a pass: one notification for what was posted, re-arm delays. */
static void pass_end(struct agx4_fwmodel *m, unsigned int inst,
		     struct pass *ps)
{
	unsigned long flags;
	unsigned int i;

	if (ps->posted)
		ps->reported |= BIT(inst);
	/* Each instance written to notifies on its own endpoint. */
	for (i = 0; i < m->desc->instances; i++)
		if (ps->reported & BIT(i))
			agx4_fwmodel_send(m, i, FWM_EP_FW,
					  (u64)FWM_MSG_NOTIFY << 48);
	if (!ps->have_due)
		return;
	spin_lock_irqsave(&m->lock, flags);
	if (!m->dying)
		mod_delayed_work(m->wq, &m->exec_work,
				 time_after(ps->due, jiffies) ?
				 ps->due - jiffies : 0);
	spin_unlock_irqrestore(&m->lock, flags);
}

/*
 * Passes over the lanes with work, oldest lane first, until one moves
 * nothing: a lane that completes work may meet another lane's wait.  An
 * idle lane leaves the ready list; a message that gives it work puts it
 * back (take_msg()).
 */
static void run_lanes(struct agx4_fwmodel *m, unsigned int inst,
		      struct pass *ps)
{
	struct fwm_lane *l, *tmp;
	bool moved;

	do {
		moved = false;
		list_for_each_entry_safe(l, tmp, &m->ready, ready) {
			if (l->inst != inst)
				continue;
			if (lane_run(m, l, &moved, ps)) {
				agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
				return;
			}
			if (lane_idle(l))
				list_del_init(&l->ready);
		}
	} while (moved);
}

/**
 * agx4_fwmodel_exec_run() - execute every lane of an instance
 * @m: the model.
 * @inst: instance.
 *
 * Until nothing moves: a lane that completes work may meet another
 * lane's wait.
 */
void agx4_fwmodel_exec_run(struct agx4_fwmodel *m, unsigned int inst)
{
	struct pass ps = {};
	u32 epoch;

	if (!live(m, inst, &epoch))
		return;
	sync_epoch(m, inst, epoch);
	run_lanes(m, inst, &ps);
	pass_end(m, inst, &ps);
}

/* The held work item to complete next in @order, or NULL. */
static struct fwm_lane *next_held(struct agx4_fwmodel *m, unsigned int inst,
				  enum agx4_fwmodel_order order)
{
	struct fwm_lane *l, *best = NULL;

	list_for_each_entry(l, &m->lanes, node) {
		if (l->inst != inst || !l->job.held)
			continue;
		if (!best ||
		    (order == AGX4_FWMODEL_NEWEST_FIRST ?
		     l->job.seq > best->job.seq : l->job.seq < best->job.seq))
			best = l;
	}
	return best;
}

/**
 * agx4_fwmodel_exec_release() - complete the held work items (executor)
 * @m: the model.
 * @inst: instance.
 *
 * In the order agx4_fwmodel_release() asked for, all of them before any
 * lane moves on; then the lanes run as usual.  One whose report has no
 * room yet is no longer held and completes, with the others waiting for
 * room, when its lane runs.
 */
void agx4_fwmodel_exec_release(struct agx4_fwmodel *m, unsigned int inst)
{
	unsigned long flags;
	struct pass ps = {};
	struct fwm_lane *l;
	unsigned int order;
	u32 epoch;
	int ret;

	spin_lock_irqsave(&m->lock, flags);
	order = m->release;
	m->release = 0;
	spin_unlock_irqrestore(&m->lock, flags);
	if (!order || !live(m, inst, &epoch))
		return;
	sync_epoch(m, inst, epoch);
	while ((l = next_held(m, inst, order - 1))) {
		spin_lock_irqsave(&m->lock, flags);
		l->job.held = false;
		m->held--;
		spin_unlock_irqrestore(&m->lock, flags);
		ret = report_room(m, l, &ps);
		if (ret < 0 || (ret && job_complete(m, l, &ps))) {
			agx4_fwmodel_crash(m, inst, AGX4_FWMODEL_OK, 0);
			return;
		}
	}
	run_lanes(m, inst, &ps);
	pass_end(m, inst, &ps);
}

/**
 * agx4_fwmodel_exec_stamp() - write a held work item's lane stamp (executor)
 * @m: the model.
 * @inst: instance.
 * @delta: added to the value its completion will write.
 *
 * For the oldest work item held on @inst, the firmware writes now, @delta
 * away from what its completion will write, the lane's stamp if the item
 * stamps its lane (G16), else the lane's done index (G17P), and counts it;
 * nothing else moves (the model's own done index stays).  Without a held
 * item, nothing happens and nothing is counted.
 */
void agx4_fwmodel_exec_stamp(struct agx4_fwmodel *m, unsigned int inst,
			     s32 delta)
{
	struct fwm_lane *l = next_held(m, inst, AGX4_FWMODEL_OLDEST_FIRST);
	int ret;

	if (!l)
		return;
	if (l->job.stamp_at)
		ret = agx4_fwmodel_write32(m, inst, l->job.stamp_at,
					   l->job.stamp + delta);
	else
		ret = set_index(m, l, PB_DONE, l->job.next + delta);
	if (!ret)
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_STAMP_WRITES);
}

/**
 * agx4_fwmodel_exec_pool() - change a waiting pool's count (executor)
 * @m: the model.
 * @inst: instance.
 * @delta: added to the block control's count.
 *
 * For the first render of @inst waiting for a growth reply, the firmware
 * writes the first count of its pool's block control @delta away from
 * what it holds.  Without such a render, nothing happens.
 */
void agx4_fwmodel_exec_pool(struct agx4_fwmodel *m, unsigned int inst,
			    s32 delta)
{
	struct fwm_lane *l;
	u64 control;
	u32 n;

	list_for_each_entry(l, &m->lanes, node) {
		if (l->inst != inst || !l->job.active ||
		    l->job.tvb.wait != FWM_OP_GROW_REPLY)
			continue;
		if (!agx4_fwmodel_read64(m, inst, l->job.tvb.bm + FWM_BM_CONTROL,
					 &control) &&
		    !agx4_fwmodel_read32(m, inst, control, &n))
			agx4_fwmodel_write32(m, inst, control, n + delta);
		return;
	}
}

/**
 * agx4_fwmodel_exec_reply() - a growth or limit reply on the control ring
 * @m: the model.
 * @inst: instance.
 * @rec: the control record (opcode 8 or 9).
 *
 * Acts on the request it answers: "grew" is checked, "refused" runs a
 * partial render; then the script goes on (the next request, or the work
 * item may complete when the lanes run next).
 *
 * Return: 0; -EINVAL when no request waits for this reply or the reply
 * does not echo it; -EIO when the firmware failed (error recorded).
 */
int agx4_fwmodel_exec_reply(struct agx4_fwmodel *m, unsigned int inst,
			    const u8 *rec)
{
	const struct fwm_gen_desc *d = m->desc;
	u32 op = get_unaligned_le32(rec), ok = get_unaligned_le32(rec + 4);
	struct pass ps = {};
	struct fwm_lane *l;
	u32 epoch;
	int ret;

	if (!live(m, inst, &epoch))
		return -EINVAL;
	sync_epoch(m, inst, epoch);
	list_for_each_entry(l, &m->lanes, node) {
		if (l->inst == inst && l->job.active && l->job.tvb.wait == op &&
		    (op != FWM_OP_GROW_REPLY || ok <= 1) &&
		    d->tvb_echo(m, l, rec))
			goto found;
	}
	agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_BAD_REPLIES);
	return -EINVAL;
found:
	l->job.tvb.wait = 0;
	/* Every reply to a growth request moves the pool's counter on. */
	if (op == FWM_OP_GROW_REPLY)
		m->tvb_count[l->job.tvb.pool]++;
	if (op == FWM_OP_LIMIT_REPLY) {
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_LIMIT_REPLIES);
	} else if (ok) {
		if (agx4_fwmodel_tvb_grew(m, l))
			return -EIO;
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_GROW_GREW);
	} else {
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_GROW_REFUSED);
		if (d->tvb_partial(m, l))
			return -EIO;
		agx4_fwmodel_counter_add(m, AGX4_FWMODEL_CNT_PARTIAL_RENDERS);
	}
	ret = tvb_next(m, l, &ps);
	pass_end(m, inst, &ps);
	return ret ? -EIO : 0;
}

void agx4_fwmodel_exec_timer(struct work_struct *w)
{
	struct agx4_fwmodel *m = container_of(w, struct agx4_fwmodel,
					      exec_work.work);
	struct fwm_clock clock;
	unsigned long flags;
	unsigned int i;
	bool busy;

	spin_lock_irqsave(&m->lock, flags);
	busy = m->executing;
	if (busy)
		m->timer_missed = true;
	else
		m->executing = true;
	spin_unlock_irqrestore(&m->lock, flags);
	if (busy)
		return;
	agx4_fwmodel_clock_start(m, &clock);
	for (i = 0; i < m->desc->instances; i++) {
		agx4_fwmodel_control_retry(m, i);
		agx4_fwmodel_exec_run(m, i);
	}
	agx4_fwmodel_clock_stop(m, &clock);
	agx4_fwmodel_exec_done(m);
}

/**
 * agx4_fwmodel_exec() - choose when work completes
 * @m: the model.
 * @mode: see &enum agx4_fwmodel_mode.
 * @arg: the delay in ms for %AGX4_FWMODEL_DELAY.
 *
 * Applies to work items that start from now on; held items stay held
 * until agx4_fwmodel_release().  Any context but a transport callback.
 */
void agx4_fwmodel_exec(struct agx4_fwmodel *m, enum agx4_fwmodel_mode mode,
		       u32 arg)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->mode = mode;
	m->mode_arg = arg;
	spin_unlock_irqrestore(&m->lock, flags);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_exec);

/**
 * agx4_fwmodel_hold() - hold every work item that starts from now on
 * @m: the model.
 *
 * The same as agx4_fwmodel_exec(@m, %AGX4_FWMODEL_HOLD, 0).
 */
void agx4_fwmodel_hold(struct agx4_fwmodel *m)
{
	agx4_fwmodel_exec(m, AGX4_FWMODEL_HOLD, 0);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_hold);

/**
 * agx4_fwmodel_release() - complete the work held now
 * @m: the model.
 * @order: the order the held work items complete in.
 *
 * The firmware's worker completes every work item held now, in @order,
 * before any lane moves on (agx4_fwmodel_sync() waits for it); then the
 * lanes run on in the current mode, so in %AGX4_FWMODEL_HOLD the next
 * work items are held again (one step at a time).  To run freely, set
 * %AGX4_FWMODEL_RUN with agx4_fwmodel_exec() first.
 *
 * Return: 0 or a negative errno.
 */
int agx4_fwmodel_release(struct agx4_fwmodel *m,
			 enum agx4_fwmodel_order order)
{
	unsigned long flags;

	if (order != AGX4_FWMODEL_OLDEST_FIRST &&
	    order != AGX4_FWMODEL_NEWEST_FIRST)
		return -EINVAL;
	spin_lock_irqsave(&m->lock, flags);
	m->release = order + 1;
	spin_unlock_irqrestore(&m->lock, flags);
	/* Work is executed by the primary instance on both generations (H). */
	return agx4_fwmodel_queue_cmd(m, 0, FWM_CMD_RELEASE);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_release);

/**
 * agx4_fwmodel_held() - work items held now
 * @m: the model.
 *
 * Return: their number.
 */
unsigned int agx4_fwmodel_held(struct agx4_fwmodel *m)
{
	unsigned long flags;
	unsigned int n;

	spin_lock_irqsave(&m->lock, flags);
	n = m->held;
	spin_unlock_irqrestore(&m->lock, flags);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_held);

/**
 * agx4_fwmodel_busy() - work items started and not complete
 * @m: the model.
 *
 * Held, delayed and never-completing ones.
 *
 * Return: their number.
 */
unsigned int agx4_fwmodel_busy(struct agx4_fwmodel *m)
{
	unsigned long flags;
	unsigned int n;

	spin_lock_irqsave(&m->lock, flags);
	n = m->busy;
	spin_unlock_irqrestore(&m->lock, flags);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_busy);

/**
 * agx4_fwmodel_script() - arm a per-job script
 * @m: the model.
 * @s: the script (copied).
 *
 * Return: 0; -EINVAL for an unknown action or kind, or a growth or limit
 * script for other work than TA; -ENOSPC when 16 scripts are armed.
 */
int agx4_fwmodel_script(struct agx4_fwmodel *m,
			const struct agx4_fwmodel_script *s)
{
	struct agx4_fwmodel_script c = *s;
	unsigned long flags;
	int ret = 0;

	if (c.kinds & ~(AGX4_FWMODEL_KIND_TA | AGX4_FWMODEL_KIND_3D |
			AGX4_FWMODEL_KIND_COMPUTE))
		return -EINVAL;
	switch (c.action) {
	case AGX4_FWMODEL_ACT_NEVER:
	case AGX4_FWMODEL_ACT_FATAL:
	case AGX4_FWMODEL_ACT_CRASH:
	case AGX4_FWMODEL_ACT_HOLD:
	case AGX4_FWMODEL_ACT_DELAY:
	case AGX4_FWMODEL_ACT_GPU_FAULT:
		break;
	case AGX4_FWMODEL_ACT_GROW:
	case AGX4_FWMODEL_ACT_LIMIT:
		/* The TA requests growth and reports the limit (H). */
		if (c.kinds && c.kinds != AGX4_FWMODEL_KIND_TA)
			return -EINVAL;
		c.kinds = AGX4_FWMODEL_KIND_TA;
		break;
	default:
		return -EINVAL;
	}
	spin_lock_irqsave(&m->lock, flags);
	if (m->nscripts < FWM_SCRIPTS)
		m->scripts[m->nscripts++] = c;
	else
		ret = -ENOSPC;
	spin_unlock_irqrestore(&m->lock, flags);
	return ret;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_script);

/**
 * agx4_fwmodel_grid() - G17P: commands completed on a grid
 * @m: the model.
 * @grid: grid, 0..127.
 *
 * Return: the count since the primary last started (0 on G16).
 */
u32 agx4_fwmodel_grid(struct agx4_fwmodel *m, unsigned int grid)
{
	unsigned long flags;
	u32 n;

	if (grid >= FWM_GRIDS)
		return 0;
	spin_lock_irqsave(&m->lock, flags);
	n = m->grid_done[grid];
	spin_unlock_irqrestore(&m->lock, flags);
	return n;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_grid);

/*
 * A TVB block: 0x20000 bytes at the context base + ID * 0x8000 (H, stated
 * for G16; L for G17P, whose index leaves the specification gives the
 * same contents as G16's block list).
 */
#define BLOCK_UNIT		0x8000ULL
#define BLOCK_SIZE		0x20000ULL

/**
 * agx4_fwmodel_tvb_grew() - check a "grew" reply's effect on the pool
 * @m: the model.
 * @l: the lane whose render asked.
 *
 * The block control must count more blocks than at the request (the
 * count, twice), and the block list must name each new one with a
 * non-zero ID of a block mapped read/write for the GPU in the render's
 * context; the firmware then updates the buffer manager's count at +0x3c
 * (GravityLinux/linux drivers/gpu/drm/asahi/g16_tvb.rs@4f7fe108 Tvb::grow
 * reads it as the firmware's mirror, behind the host's until then).
 *
 * Return: 0; -EIO for memory the model cannot reach (a new block
 * unmapped included), or a model error (bad record) for a reply whose
 * effect is not there.
 */
int agx4_fwmodel_tvb_grew(struct agx4_fwmodel *m, struct fwm_lane *l)
{
	struct fwm_tvb *t = &l->job.tvb;
	u64 control, list, id;
	u32 n, n2, i;

	if (agx4_fwmodel_read64(m, l->inst, t->bm + FWM_BM_CONTROL, &control) ||
	    agx4_fwmodel_read64(m, l->inst, t->bm + FWM_BM_LIST, &list) ||
	    agx4_fwmodel_read32(m, l->inst, control, &n) ||
	    agx4_fwmodel_read32(m, l->inst, control + 4, &n2))
		return -EIO;
	if (n != n2 || n <= t->blocks)
		return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_RECORD, control);
	if (agx4_fwmodel_need(m, l->inst, t->bm + FWM_BM_LIST, list,
			      (u64)n * 8, AGX4_FWMODEL_READ))
		return -EIO;
	for (i = t->blocks; i < n; i++) {
		if (agx4_fwmodel_read64(m, l->inst, list + 8ULL * i, &id))
			return -EIO;
		if (!id)
			return agx4_fwmodel_fail(m, AGX4_FWMODEL_BAD_RECORD,
						 list + 8ULL * i);
		if (agx4_fwmodel_gpu_check(m, l->inst, t->ctx,
					   FWM_CONTEXT_BASE + id * BLOCK_UNIT,
					   BLOCK_SIZE, AGX4_FWMODEL_READ |
					   AGX4_FWMODEL_WRITE))
			return -EIO;
	}
	t->blocks = n;
	return agx4_fwmodel_write32(m, l->inst, t->bm + FWM_BM_BLOCKS, n);
}
