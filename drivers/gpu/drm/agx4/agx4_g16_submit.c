// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/dma-fence.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/lockdep.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <asm/barrier.h>

#include <drm/drm_print.h>

#include "agx4_channel.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_decode.h"
#include "agx4_fw_g16.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fw_g16_init.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fwif_g16.h"
#include "agx4_g16_sub.h"
#include "agx4_g16_submit.h"
#include "agx4_reset.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"
#include "agx4_transport.h"
#include "agx4_vm.h"

/**
 * DOC: G16 submission
 *
 * The G16 backend of &struct agx4_fw_submit_ops, in four units by the
 * state each owns: this one (the queue and its lanes, publication,
 * completion, the lifecycle verbs, the memory-limit answer and the ops
 * table), agx4_g16_lease.c (event leases), agx4_g16_prep.c (job
 * preparation) and agx4_g16_vm.c (what a VM holds: its context, compute
 * storage, render objects and TVB pool).
 *
 * **Queues.**  A UAPI queue is three firmware lanes, TA (0), 3D (1) and
 * compute (2), in one 0x24000-byte block allocated from the firmware heap
 * (the reference's dynamic heap; no address is fixed).  Lane s starts at
 * s * 0xc000 with its queue record and the record's private area; its
 * pointer block is at lane + 0x4000 with the lane's firmware stamp word at
 * pointer block + 0x1040, and its item ring (0x500 u64 item addresses) at
 * lane + 0x8000.  The job list (0x4100) and the queue context (0x4140) in
 * lane 0's pointer page are shared by the three lanes.  A lane's UUID is
 * its record's distance from the heap base in 16 KiB units, plus 2.  The
 * UAPI priority p becomes firmware priority 3 - p, and the lane of stage
 * s at firmware priority f publishes on work channel f * 3 + s.  The
 * compute lane is not preemptible.  Each lane's firmware stamp starts one
 * step (0x100) before its first target: 0xb00 for TA, 0 for 3D and
 * compute.
 *
 * **Publish** (under the job unit's spinlock) numbers each compute item
 * with the device's compute publication count (work counter, identity,
 * event generation, the compute shared state), writes the ring entries
 * (dependencies first), then tries to send: for every lane the job used,
 * in 3D, TA, compute order, the lane's write index, then one channel
 * message (tag, queue record, kind, head | event << 16 | first << 24);
 * then the channel producers and one doorbell per (priority, engine).
 * A channel has room while both firmware cursors are less than 127
 * messages behind the producer; without room the job's messages, and
 * every later job's, wait for the engine's poll.  A render counts two Works on its
 * support's shared-state word, pushes the TA prelude on its pool's first
 * render only, then the TA work, and the 3D barrier and work.
 *
 * **Completion** requires, per lane the job used: the lane's firmware
 * stamp reached (signed), its done and read indices past the job's head
 * and the channel's read and done cursors past the message; and per
 * command: its driver stamp reached and the notifier's firmware word at
 * +0x94 back to 0.  Every queue of a priority shares its channels, so a
 * job may be looked at long after its message, hundreds of messages
 * later: the backend counts each channel's messages, and how far the
 * firmware's read and done cursors (ring indices) moved, in 64 bits, each
 * time it reads them under its lock, and compares those counts with the
 * job's message number.  Between two readings a cursor moves less than a
 * ring, since the host never lets a ring fill.
 * The firmware stamp only moves forward, and never past the last work
 * published on its lane: one that went backwards or ahead is counted and
 * the firmware restarted, as is a cursor outside its ring.  A render is
 * done once both lanes, both driver stamps and the notifier are, and the
 * device-control channel is idle.
 *
 * **Kill and unplug.**  A queue killed by a timeout sends nothing more:
 * its jobs' messages still waiting for room are dropped (those jobs count
 * as done for the firmware, which never saw them) and its event lease is
 * given back (to the job that has waited longest).  The unplug ends every
 * job's wait for a lease or for scene slots (-ENODEV; the job unit then
 * cancels the job).  After unplug, forgetting a job
 * or queue frees its host structures and its storage without a word to
 * the firmware, which is gone: storage aliased in context 0 is not
 * unmapped there (context 0's tables went with the firmware), only in the
 * VM's tables and the firmware heap's, which outlive it.
 *
 * **Memory limit.**  A memory-limit report is matched to the published
 * render whose 3D event (its queue's lease) and 3D stamp it names, and
 * answered with the 3D lane's queue record and that stamp.
 */

/* Index @idx of a ring of @n entries is at or past @target (half-ring). */
static bool index_reached(u32 idx, u32 target, u32 n)
{
	return idx < n && (idx + n - target) % n < n / 2;
}

static u32 lane_channel(const struct agx4_g16_queue *fq, u32 lane)
{
	return fq->priority * 3 + lane;
}

/* ---- queues ---- */

static int build_lane(struct agx4_g16_queue *fq, u32 s)
{
	struct agx4_device *adev = fq->base.adev;
	struct g16_lane *l = &fq->lanes[s];
	u8 *cpu = fq->obj->cpu + s * G16_Q_LANE;
	u64 va = fq->obj->va + s * G16_Q_LANE;
	struct agx4_fw_queue_in in = {
		.pointers = va + G16_Q_POINTERS,
		.ring = va + G16_Q_RING,
		.job_list = fq->obj->va + G16_Q_JOB_LIST,
		.self = va,
		.priority = fq->priority,
		.lane = s,
		.context = fq->obj->va + G16_Q_CONTEXT,
	};
	int ret;

	l->record = va;
	l->uuid = ((va - adev->gen->fw_heap.start) >> G16_Q_UUID_SHIFT) +
		  G16_Q_UUID_BIAS;
	in.uuid = l->uuid;
	ret = agx4_fw_g16_build_queue(&in, cpu, sizeof(struct g16_queue));
	if (ret)
		return ret;
	l->ptrs = (struct g16_pointers *)(cpu + G16_Q_POINTERS);
	l->ptrs->capacity = cpu_to_le32(G16_QUEUE_RING_ITEMS);
	l->ring = (__le64 *)(cpu + G16_Q_RING);
	l->fw_stamp = (__le32 *)(cpu + G16_Q_POINTERS + G16_LANE_STAMP);
	l->fw_stamp_va = in.pointers + G16_LANE_STAMP;
	/* H: one step before the first target, so comparisons start right. */
	l->seen = agx4_fw_stamp_value(adev->gen, s, 0) - G16_STAMP_STEP;
	l->top = l->seen;
	*l->fw_stamp = cpu_to_le32(l->seen);
	return 0;
}

static int g16_queue_create(struct agx4_device *adev,
			    const struct agx4_fw_queue_args *args,
			    struct agx4_fw_queue **out)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	struct agx4_fw_job_list *jobs;
	struct g16_queue_context *ctx;
	struct agx4_g16_queue *fq;
	u32 s;
	int ret;

	if (!sub)
		return -ENODEV;
	if (!args->vm || args->priority > DRM_ASAHI_PRIORITY_REALTIME)
		return -EINVAL;
	fq = kzalloc(sizeof(*fq), GFP_KERNEL);
	if (!fq)
		return -ENOMEM;
	fq->base.adev = adev;
	fq->sub = sub;
	/* Its storage is mapped in the VM: the VM outlives it. */
	fq->base.vm = agx4_vm_get(args->vm);
	fq->lease = -1;
	/* H: LOW (0) runs at firmware priority 3, MEDIUM at 2. */
	fq->priority = DRM_ASAHI_PRIORITY_REALTIME - args->priority;
	/*
	 * One shared (uncached) object for the whole block.  L: the
	 * reference maps the queue records firmware-private and cached; the
	 * host writes them only before the lane's first message.
	 */
	fq->obj = agx4_fw_obj_create(&adev->mem->heap, G16_Q_SIZE,
				     AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(fq->obj)) {
		ret = PTR_ERR(fq->obj);
		goto err_free;
	}
	for (s = 0; s < G16_LANES; s++) {
		ret = build_lane(fq, s);
		if (ret)
			goto err_obj;
	}
	jobs = fq->obj->cpu + G16_Q_JOB_LIST;
	jobs->self = cpu_to_le64(fq->obj->va + G16_Q_JOB_LIST);
	ctx = fq->obj->cpu + G16_Q_CONTEXT;
	ctx->gap_0[0] = G16_QUEUE_CONTEXT_0;
	ctx->gap_0[1] = G16_QUEUE_CONTEXT_0;
	ctx->gap_5 = G16_QUEUE_CONTEXT_5;
	ctx->gap_26 = G16_QUEUE_CONTEXT_26;
	ctx->gap_33 = G16_QUEUE_CONTEXT_33;
	*out = &fq->base;
	return 0;

err_obj:
	agx4_fw_obj_destroy(fq->obj);
err_free:
	agx4_vm_put(fq->base.vm);
	kfree(fq);
	return ret;
}

/*
 * GAP: the reference never frees a queue's lanes (they live as long as
 * the device).  agx4 frees them when the UAPI queue goes, which the
 * caller allows only once every job retired: each lane's indices and
 * stamp reached what it published, so the firmware has nothing left to
 * read there.
 */
static void g16_queue_destroy_fw(struct agx4_fw_queue *q)
{
	struct agx4_g16_queue *fq;

	if (!q)
		return;
	fq = to_g16_queue(q);
	WARN_ON(fq->outstanding || fq->lease >= 0);
	agx4_fw_obj_destroy(fq->obj);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
}

/* Number compute command @cmd with the next publication count. */
static u64 number_compute_locked(struct agx4_fw_g16_sub *sub,
				 struct g16_cmd *cmd)
{
	u8 *cpu = cmd->obj->cpu;
	struct g16_compute_work *w = (struct g16_compute_work *)cpu;
	struct g16_compute_ms *m = (struct g16_compute_ms *)(cpu + G16_CW_MS);
	struct g16_compute_notifier *nt =
		(struct g16_compute_notifier *)(cpu + G16_CW_NOTIFIER);
	u64 n = ++sub->compute_published;
	__le32 n32 = cpu_to_le32(lower_32_bits(n));

	lockdep_assert_held(&sub->eng.lock);
	WRITE_ONCE(*sub->compute_state, n32);
	w->counter = cpu_to_le64(n);
	w->identity = n32;
	m->start.event_generation = n32;
	m->start.identity = n32;
	m->start.counter = n32;
	m->ts_start.uuid = n32;
	m->ts_end.uuid = n32;
	m->end.identity = n32;
	nt->generation = n32;
	return n;
}

static void ring_push(struct g16_lane *l, u64 item)
{
	l->ring[l->head] = cpu_to_le64(item);
	l->head = (l->head + 1) % G16_QUEUE_RING_ITEMS;
}

/* Room for one more message on channel @c (&agx4_fw_chan_geom.work_limit). */
static bool chan_room(struct agx4_fw_g16_sub *sub, u32 c)
{
	return agx4_work_chan_room(&sub->eng, &sub->chans[c], 1);
}

/* Send @job's messages if every channel it needs has room. */
static bool send_locked(struct agx4_fw_g16_sub *sub, struct agx4_g16_job *job,
			u32 *chans)
{
	/* H: 3D channels first, then TA, then compute. */
	static const u32 order[G16_LANES] = {
		AGX4_FW_LANE_3D, AGX4_FW_LANE_TA, AGX4_FW_LANE_COMPUTE };
	struct agx4_g16_queue *fq = job->fq;
	u32 i;

	lockdep_assert_held(&sub->eng.lock);
	for (i = 0; i < G16_LANES; i++)
		if (job->lanes & BIT(order[i]) &&
		    !chan_room(sub, lane_channel(fq, order[i])))
			return false;
	for (i = 0; i < G16_LANES; i++) {
		u32 s = order[i], c = lane_channel(fq, s);
		struct g16_lane *l = &fq->lanes[s];
		struct g16_work_msg msg = {
			.tag = cpu_to_le64(job->tag[s]),
			.queue = cpu_to_le64(l->record),
			.kind = cpu_to_le32(s),
			.head = cpu_to_le32(job->head[s] |
					    agx4_g16_lane_event(fq, s) <<
					    G16_MSG_EVENT_SHIFT |
					    (l->first_sent ? 0 : G16_MSG_FIRST)),
		};

		if (!(job->lanes & BIT(s)))
			continue;
		/* The ring entries before the index that covers them. */
		wmb();
		WRITE_ONCE(l->ptrs->write, cpu_to_le32(job->head[s]));
		l->first_sent = true;
		job->msg[s] = agx4_work_chan_write(&sub->eng, &sub->chans[c],
						   &msg, sizeof(msg));
		*chans |= BIT(c);
	}
	job->sent = true;
	return true;
}

/* &agx4_engine_ops.send: a waiting job's messages, if they fit. */
static bool send_one(struct agx4_fw_job *j, unsigned long *chans)
{
	struct agx4_g16_job *job = to_g16_job(j);
	u32 c = 0;
	bool all = send_locked(job->fq->sub, job, &c);

	*chans |= c;
	return all;
}

/*
 * Move the producers of the channels written (@chans) and note one kick
 * per (priority, engine), rung by the job unit (agx4_engine_ring()).
 */
static void publish_locked(struct agx4_fw_g16_sub *sub, u32 chans)
{
	static const u8 stage_order[3] = {
		AGX4_FW_LANE_3D, AGX4_FW_LANE_TA, AGX4_FW_LANE_COMPUTE,
	};
	unsigned long bells = 0;
	u32 c, i;

	lockdep_assert_held(&sub->eng.lock);
	for (i = 0; i < AGX4_FW_NUM_WORK_CHANNELS; i++) {
		/*
		 * Per priority, the 3D channel's producer before the TA's
		 * (H: the reference publishes a render's stages 3D first),
		 * then the compute channel's.
		 */
		c = i / 3 * 3 + stage_order[i % 3];
		if (!(chans & BIT(c)))
			continue;
		agx4_work_chan_publish(&sub->eng, &sub->chans[c]);
		bells |= BIT(c / 3 * 3 + (c % 3 == AGX4_FW_LANE_COMPUTE ?
					  G16_ENGINE_COMPUTE : G16_ENGINE_RENDER));
	}
	agx4_engine_note_kick(&sub->eng, bells);
}

/*
 * A render's ring entries: the TA's dependency items, its prelude on the
 * pool's first render, the TA work; the 3D prelude and the 3D work.  The
 * support's shared-state word counts both stages first.
 */
static void publish_render_locked(struct agx4_g16_job *job,
				  struct g16_cmd *cmd)
{
	struct agx4_g16_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct g16_render_vm *r = ((struct g16_vm *)fq->base.vm->fw)->r;
	struct g16_lane *ta = &fq->lanes[AGX4_FW_LANE_TA];
	struct g16_lane *fr = &fq->lanes[AGX4_FW_LANE_3D];
	u64 w = cmd->obj->va;
	u32 k;

	lockdep_assert_held(&sub->eng.lock);
	r->sl->published += 2;
	WRITE_ONCE(*(__le32 *)(r->sl->support->cpu + G16_SUPPORT_SHARED),
		   cpu_to_le32(r->sl->published));
	job->tag[AGX4_FW_LANE_TA] = ++sub->render_published;
	job->tag[AGX4_FW_LANE_3D] = sub->render_published;
	for (k = 0; k < cmd->ndeps; k++)
		ring_push(ta, w + G16_RW_TA_PRELUDE + (k + 1) * G16_DEP_SIZE);
	if (!r->live) {
		ring_push(ta, w + G16_RW_TA_PRELUDE);
		r->live = true;
		WRITE_ONCE(r->inits, r->inits + 1);
		cmd->prelude = true;
	}
	ring_push(ta, w + G16_RW_TA);
	for (k = 0; k < cmd->nfrag; k++)
		ring_push(fr, w + G16_RW_3D_PRELUDE + (k + 1) * G16_DEP_SIZE);
	ring_push(fr, w + G16_RW_3D_PRELUDE);
	ring_push(fr, w + G16_RW_3D);
	job->head[AGX4_FW_LANE_TA] = ta->head;
	job->head[AGX4_FW_LANE_3D] = fr->head;
	ta->top = cmd->ta_stamp;
	fr->top = cmd->stamp;
}

static void g16_job_publish(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_g16_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;
	u32 i, k, chans = 0;

	spin_lock_irqsave(&sub->eng.lock, flags);
	/*
	 * Submission ended while the job waited for a context, a lease or
	 * its renders' places (agx4_engine_stop() after a crash the firmware
	 * is not restarted from), or a command could not be built for its
	 * context or place:
	 * none of it goes out, and it ends -ECANCELED.  Its ordinals stay
	 * taken (later jobs were prepared after them).
	 */
	if (!job->ctx_held || job->ctx <= 0 || !job->leased ||
	    (job->nrender && (!job->placed || !job->slot))) {
		job->published = true;
		job->dropped = true;
		spin_unlock_irqrestore(&sub->eng.lock, flags);
		return;
	}
	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];
		struct g16_lane *l = &fq->lanes[cmd->lane];

		if (cmd->render) {
			publish_render_locked(job, cmd);
			agx4_engine_render_live(&sub->eng, &job->base);
			continue;
		}
		job->tag[cmd->lane] = number_compute_locked(sub, cmd);
		for (k = 0; k < cmd->ndeps; k++)
			ring_push(l, cmd->obj->va + G16_CW_DEPS +
				  k * G16_DEP_SIZE);
		ring_push(l, cmd->obj->va);
		job->head[cmd->lane] = l->head;
		l->top = cmd->stamp;
	}
	job->published = true;
	if (agx4_engine_defer_needed(&sub->eng, &fq->base) ||
	    !send_locked(sub, job, &chans))
		agx4_engine_defer(&sub->eng, &job->base);
	publish_locked(sub, chans);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/* &agx4_engine_ops.sent: the producers of the channels a flush wrote. */
static void sent(struct agx4_engine *e, unsigned long chans)
{
	publish_locked(container_of(e, struct agx4_fw_g16_sub, eng), chans);
}

static const struct agx4_engine_ops g16_engine_ops = {
	.send = send_one,
	.sent = sent,
};

/*
 * The queue was killed: drop its jobs' messages that wait for room, so
 * they never go out, and give its lease back for other queues (the
 * firmware may still post events with its ids for work it took: events
 * only wake the host, which then reads stamps).
 */
static void drop_job(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	u32 i;

	job->dropped = true;
	/*
	 * Its pool's TA prelude never reached the firmware: the VM's next
	 * render carries it.  L: a render of the VM that another queue
	 * published behind it has none.
	 */
	for (i = 0; i < job->ncmds; i++)
		if (job->cmds[i].prelude)
			((struct g16_vm *)job->fq->base.vm->fw)->r->live = false;
}

static void g16_queue_kill(struct agx4_fw_queue *q)
{
	struct agx4_g16_queue *fq = to_g16_queue(q);
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->eng.lock, flags);
	agx4_engine_drop_queue(&sub->eng, &fq->base, drop_job);
	agx4_g16_lease_drop_locked(fq);
	/*
	 * Its jobs waiting for a context, a render support lease or scene
	 * slots hold others back.
	 */
	agx4_g16_ctx_kill_locked(fq);
	agx4_g16_support_kill_locked(fq);
	agx4_g16_scenes_kill_locked(fq);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
}

/* ---- completion ---- */

/* Both firmware cursors of the channel of @job's lane @s passed its message. */
static bool message_done_locked(struct agx4_g16_job *job, u32 s)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;

	return agx4_work_chan_passed(&sub->eng,
				     &sub->chans[lane_channel(job->fq, s)],
				     job->msg[s]);
}

/*
 * Lane @s's firmware stamp: only the firmware writes it, forward, never
 * past the last work published on the lane (agx4_engine_progress_sane()).
 */
static bool stamp_sane_locked(struct agx4_g16_job *job, u32 s)
{
	struct agx4_g16_queue *fq = job->fq;
	struct g16_lane *l = &fq->lanes[s];

	return agx4_engine_progress_sane(&fq->sub->eng, "lane", s,
					 le32_to_cpu(READ_ONCE(*l->fw_stamp)),
					 &l->seen, l->top);
}

static bool lane_done(struct agx4_g16_job *job, u32 s)
{
	const struct g16_lane *l = &job->fq->lanes[s];

	return agx4_fw_stamp_reached(le32_to_cpu(READ_ONCE(*l->fw_stamp)),
				     job->stamp[s]) &&
	       index_reached(le32_to_cpu(READ_ONCE(l->ptrs->done)),
			     job->head[s], G16_QUEUE_RING_ITEMS) &&
	       index_reached(le32_to_cpu(READ_ONCE(l->ptrs->read)),
			     job->head[s], G16_QUEUE_RING_ITEMS);
}

static bool render_done(struct agx4_device *adev, const struct g16_cmd *cmd)
{
	const u8 *cpu = cmd->obj->cpu;
	const struct g16_event_control *nt =
		(const void *)(cpu + G16_RW_NOTIFIER);
	u32 p = agx4_device_read_sgx(adev, G16_SGX_CTL_PROD);

	u32 ta = get_unaligned_le32(cpu + G16_RW_TA_DSTAMP);
	u32 fr = get_unaligned_le32(cpu + G16_RW_3D_DSTAMP);

	/* H: growth replies may name the work until control is idle. */
	return agx4_fw_stamp_reached(ta, cmd->ta_stamp) &&
	       agx4_fw_stamp_reached(fr, cmd->stamp) &&
	       !READ_ONCE(nt->linked) &&
	       agx4_device_read_sgx(adev, G16_SGX_CTL_READ) == p &&
	       agx4_device_read_sgx(adev, G16_SGX_CTL_DONE) == p;
}

static bool cmd_done(const struct g16_cmd *cmd)
{
	const u8 *cpu = cmd->obj->cpu;
	const struct g16_compute_notifier *nt =
		(const void *)(cpu + G16_CW_NOTIFIER);
	u32 ds = le32_to_cpu(READ_ONCE(*(const __le32 *)(cpu +
						       G16_CW_DRIVER_STAMP)));

	return agx4_fw_stamp_reached(ds, cmd->stamp) && !READ_ONCE(nt->linked);
}

/*
 * The ticks between a stage's private start and end timestamps, which
 * the firmware writes at @off of its work object: TA +0x100/+0x108, 3D
 * +0x110/+0x118, compute +0x1700/+0x1708, raw 24 MHz ticks (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_runtime.rs@1ab42a3a, the
 * profiling slots it converts to ns).  A hostile value only makes the
 * client's reported time wrong: 0 unless both were written, end not
 * before start.
 */
static u64 stage_ticks(const u8 *cpu, u32 off)
{
	u64 start = get_unaligned_le64(cpu + off);
	u64 end = get_unaligned_le64(cpu + off + sizeof(u64));

	return start && end >= start ? end - start : 0;
}

/* What each of @job's commands ran for, by class, once they are done. */
static void job_busy(struct agx4_g16_job *job)
{
	u64 *busy = job->base.busy_ticks;
	u32 i;

	for (i = 0; i < job->ncmds; i++) {
		const struct g16_cmd *cmd = &job->cmds[i];
		const u8 *cpu = cmd->obj->cpu;

		if (cmd->render)
			busy[AGX4_ENGINE_RENDER] +=
				stage_ticks(cpu, G16_RW_PROF) +
				stage_ticks(cpu, G16_RW_PROF + 2 * sizeof(u64));
		else
			busy[AGX4_ENGINE_COMPUTE] +=
				stage_ticks(cpu, G16_CW_PROF);
	}
}

static int job_status(struct agx4_g16_job *job)
{
	struct agx4_fw_job *j = &job->base;
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	bool nomem;
	int ret = 0;
	u32 i, s;

	/* The job unit's device lock is held, interrupts off. */
	lockdep_assert_irqs_disabled();
	spin_lock(&sub->eng.lock);
	nomem = job->base.nomem;
	if (job->dropped)
		ret = -ECANCELED;
	else if (!job->sent)
		ret = -EINPROGRESS;
	for (s = 0; s < G16_LANES && !ret; s++)
		if (job->lanes & BIT(s) &&
		    (!stamp_sane_locked(job, s) || !message_done_locked(job, s)))
			ret = -EINPROGRESS;
	spin_unlock(&sub->eng.lock);
	if (ret)
		return ret;
	/* The stamps before what they cover. */
	rmb();
	for (s = 0; s < G16_LANES; s++)
		if (job->lanes & BIT(s) && !lane_done(job, s))
			return -EINPROGRESS;
	for (i = 0; i < job->ncmds; i++) {
		const struct g16_cmd *cmd = &job->cmds[i];

		if (cmd->render ? !render_done(job->fq->base.adev, cmd) :
				  !cmd_done(cmd))
			return -EINPROGRESS;
	}
	memset(j->busy_ticks, 0, sizeof(j->busy_ticks));
	job_busy(job);
	/* The render ran to its end, without all of its geometry. */
	return nomem ? -ENOMEM : 0;
}

static int g16_job_status(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	int ret = job_status(job);

	/*
	 * The firmware is done with it (or never had it): its VM's context
	 * may go, though a killed queue keeps the job until it goes.  Once
	 * counted off, the lock is not taken again (a hint read, checked
	 * under the lock).
	 */
	if (ret != -EINPROGRESS && READ_ONCE(job->ctx_held)) {
		spin_lock(&sub->eng.lock);
		agx4_g16_ctx_done_locked(job);
		spin_unlock(&sub->eng.lock);
	}
	return ret;
}

static void g16_job_free_fw(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_g16_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->eng.lock, flags);
	/* Published and never sent: its queue is going away. */
	agx4_engine_undefer(&sub->eng, &job->base);
	agx4_engine_render_gone(&sub->eng, &job->base);
	/*
	 * Still waiting for a context, a lease or scene slots: its queue is
	 * going away.
	 */
	agx4_g16_lease_cancel_locked(job, -ECANCELED);
	agx4_g16_ctx_cancel_locked(job, -ECANCELED);
	agx4_g16_support_cancel_locked(job, -ECANCELED);
	if (job->nrender)
		agx4_g16_scenes_cancel_locked(job, -ECANCELED);
	spin_unlock_irqrestore(&sub->eng.lock, flags);
	if (!job->published)
		agx4_g16_unprepare(job);
	agx4_g16_free_cmds(job, true);
	if (job->leased)
		agx4_g16_lease_put(fq);
	agx4_g16_ctx_put(job);
	agx4_g16_job_waits_fini(job);
	kfree(job);
}

/* One record of @obj at @off, by the decoder's name @layout. */
static void dump_record(struct agx4_device *adev, const char *layout,
			struct agx4_fw_obj *obj, u64 off, struct drm_printer *p)
{
	const struct agx4_fw_layout *l = agx4_fw_layout_find(adev->gen,
							     layout);

	drm_printf(p, "    %s at %#llx\n", layout, obj->va + off);
	if (l && obj->cpu && off < obj->size)
		agx4_fw_decode(l, obj->cpu + off, obj->size - off, p);
}

/* A crash dump: the queue record of each lane it uses, each work item. */
static void g16_job_dump(struct agx4_fw_job *j, struct drm_printer *p)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_g16_queue *fq = job->fq;
	struct agx4_device *adev = fq->base.adev;
	u32 i, s;

	for (s = 0; s < G16_LANES; s++)
		if (job->lanes & BIT(s))
			dump_record(adev, "queue", fq->obj, s * G16_Q_LANE, p);
	for (i = 0; i < job->ncmds; i++) {
		const struct g16_cmd *c = &job->cmds[i];

		if (c->render) {
			dump_record(adev, "ta_work", c->obj, G16_RW_TA, p);
			dump_record(adev, "frag_work", c->obj, G16_RW_3D, p);
		} else {
			dump_record(adev, "compute_work", c->obj, 0, p);
		}
	}
}

/*
 * After unplug: free what the job holds without the firmware and its
 * shared state (both gone, or going): the job, its commands' storage and
 * their leases in the VM, which outlives the job.  Its event lease and
 * its place in the queue's history go with the firmware; its wait for a
 * lease, if any, was ended by the unplug (agx4_engine_stop()).
 */
static void g16_job_forget(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);

	agx4_g16_free_cmds(job, false);
	agx4_g16_job_waits_fini(job);
	kfree(job);
}

/* After unplug, each of its jobs forgotten or freed: the same for a queue. */
static void g16_queue_forget(struct agx4_fw_queue *q)
{
	struct agx4_g16_queue *fq = to_g16_queue(q);

	agx4_fw_obj_destroy(fq->obj);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
}

/* &agx4_fw_submit_ops.job_free: through the firmware, or forgotten. */
static void g16_job_free(struct agx4_fw_job *j, bool fw)
{
	if (fw)
		g16_job_free_fw(j);
	else
		g16_job_forget(j);
}

/* &agx4_fw_submit_ops.queue_destroy: through the firmware, or forgotten. */
static void g16_queue_destroy(struct agx4_fw_queue *q, bool fw)
{
	if (fw)
		g16_queue_destroy_fw(q);
	else
		g16_queue_forget(q);
}

/*
 * A memory-limit report names the render by the event and stamp of its
 * 3D stage (H): the event of its queue's lease on the 3D lane, the stamp
 * of its 3D work.  The reply names the 3D lane's queue record and echoes
 * the stamp (H).  The firmware reports the limit only once a growth of
 * the render's pool was refused (H: the reference refuses a report that
 * follows none): a report without one names no render agx4 knows.
 */
/* &agx4_limit_match_fn: the render of @j the report names, if any. */
static bool g16_limit_match(struct agx4_fw_job *j,
			    const struct agx4_fw_ev_limit_in *lim,
			    struct agx4_fw_ctl *reply)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_g16_queue *fq = job->fq;
	const struct g16_vm *gv = fq->base.vm->fw;
	u32 i;

	if (fq->lease < 0 ||
	    agx4_g16_lane_event(fq, AGX4_FW_LANE_3D) != lim->event ||
	    !gv->r || !READ_ONCE(gv->r->tp.refused))
		return false;
	for (i = 0; i < job->ncmds; i++)
		if (job->cmds[i].render && job->cmds[i].stamp == lim->stamp)
			break;
	if (i == job->ncmds)
		return false;
	reply->opcode = AGX4_FW_CTL_LIMIT_REPLY;
	reply->fragment_queue = fq->lanes[AGX4_FW_LANE_3D].record;
	reply->fragment_stamp = lim->stamp;
	return true;
}

static int g16_tvb_limit(struct agx4_device *adev,
			 const struct agx4_fw_ev_limit_in *lim,
			 struct agx4_fw_ctl *reply)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);

	if (!sub)
		return -ENOENT;
	return agx4_engine_limit(&sub->eng, lim, reply, g16_limit_match);
}

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_fw_g16_queue_obj() - the block of a queue's lanes, for tests
 * @fq: the queue.
 *
 * Return: the object.
 */
struct agx4_fw_obj *agx4_fw_g16_queue_obj(struct agx4_fw_queue *fq)
{
	return to_g16_queue(fq)->obj;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_queue_obj);

/**
 * agx4_fw_g16_job_obj() - the storage of a job's command, for tests
 * @j: the job.
 * @i: the command.
 *
 * Return: the object, or NULL past the job's commands.
 */
struct agx4_fw_obj *agx4_fw_g16_job_obj(struct agx4_fw_job *j, u32 i)
{
	struct agx4_g16_job *job = to_g16_job(j);

	return i < job->ncmds ? job->cmds[i].obj : NULL;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_job_obj);
#endif

static const struct agx4_tvb_ops g16_tvb_ops = {
	.grow = agx4_g16_tvb_grow,
	.limit = g16_tvb_limit,
};

/*
 * The G16 submission backend.  Credits count ring entries: a queue's
 * published and unretired work never holds half of a lane's ring.
 */
/* The compute namespace and the Work aliases, in every VM. */
static const struct agx4_range g16_vm_reserved[] = {
	{ .start = G16_VM_RESERVED, .size = G16_VM_RESERVED_SIZE },
};

const struct agx4_fw_submit_ops agx4_fw_g16_submit_ops = {
	.credit_limit = G16_RING_HALF - 1,
	.features = AGX4_FEATURE_FRAGMENT_BARRIER,
	.vm_reserved = g16_vm_reserved,
	.num_vm_reserved = ARRAY_SIZE(g16_vm_reserved),
	.engine = &g16_engine_ops,
	.queue_create = g16_queue_create,
	.queue_destroy = g16_queue_destroy,
	.job_prepare = agx4_g16_job_prepare,
	.job_reserve = agx4_g16_job_reserve,
	.job_publish = g16_job_publish,
	.job_status = g16_job_status,
	.engine_time = BIT(AGX4_ENGINE_RENDER) | BIT(AGX4_ENGINE_COMPUTE),
	.job_free = g16_job_free,
	.queue_kill = g16_queue_kill,
	.job_dump = g16_job_dump,
	.fw_gone = agx4_g16_fw_gone,
	.tvb = &g16_tvb_ops,
};
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_g16_submit_ops);
