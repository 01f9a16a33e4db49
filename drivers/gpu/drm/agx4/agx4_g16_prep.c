// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g16.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fw_g16_work.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g16.h"
#include "agx4_g16_sub.h"
#include "agx4_vm.h"

/**
 * DOC: G16 job preparation
 *
 * **Prepare** (ioctl, submit order) assigns each command its lane stamp
 * (first + ordinal * 0x100), resolves its barriers into dependency items
 * (a barrier on the render subqueue waits for a 3D stamp, on the compute
 * subqueue for a compute stamp) and builds everything except the
 * publication counters (agx4_g16_submit.c numbers and sends them).
 * Compute commands take their storage from the VM (agx4_g16_vm.c); a
 * render takes its VM's render objects, a scene slot and a scratch lease
 * there, and gets a 0x1c000-byte Work storage mapped at 0x72_0000_0000 +
 * (its address - the heap base) in context 0 and the VM.  Its TA and 3D
 * share the queue's render ordinal: stamps 0xc00 and 0x100 + ordinal *
 * 0x100, counters 2 * ordinal + 1 and 2 * ordinal.  Its barriers wait
 * ahead of the TA, except that with %AGX4_RENDER_VDM_BARRIER_FRAGMENT its
 * barrier on the render subqueue waits ahead of the 3D stage (the
 * fragment barrier, as the reference's G16 runtime can do: the backend
 * reports %AGX4_FEATURE_FRAGMENT_BARRIER).
 *
 * A job dropped before publication is undone (agx4_g16_unprepare()): the
 * lanes' ordinals and the queue's barrier history go back to what they
 * were, so the next prepare does not depend on it.
 */

/* A dependency item: wait until @lane of the queue reaches @stamp. */
static void build_dep(const struct agx4_g16_queue *fq, struct g16_barrier *b,
		      const struct g16_hist *h, u32 own_stamp, u32 own_lane)
{
	const struct g16_lane *p = &fq->lanes[h->lane];

	memset(b, 0, sizeof(*b));
	b->type = cpu_to_le32(G16_ITEM_BARRIER);
	b->stamp = cpu_to_le64(p->fw_stamp_va);
	b->stamp2 = b->stamp;
	b->value = cpu_to_le32(h->stamp);
	/* The event: set_events(), once the job has a lease. */
	b->own_stamp = cpu_to_le32(own_stamp);
	/* L: the waiting lane's UUID, as the bootstrap barrier's. */
	b->uuid = cpu_to_le32(fq->lanes[own_lane].uuid);
	b->graph = cpu_to_le32(G16_BARRIER_GRAPH);
}

/*
 * Resolve @wait against subqueue history @e (element 0 the work before
 * this job, then this job's commands of the subqueue).
 */
static const struct g16_hist *resolve(const struct g16_hist *e, u32 n,
				      s32 wait)
{
	if (wait == AGX4_WAIT_NONE || wait >= n || !e[wait].valid)
		return NULL;
	return &e[wait];
}

#define G16_COMPUTE_BUFS	4

/* The work items' buffers of compute storage @cpu, as the build takes them. */
static void compute_bufs(u8 *cpu, struct agx4_fw_buf *bufs)
{
	bufs[0] = (struct agx4_fw_buf){ cpu, sizeof(struct g16_compute_work) };
	bufs[1] = (struct agx4_fw_buf){ cpu + G16_CW_MS,
					sizeof(struct g16_compute_ms) };
	bufs[2] = (struct agx4_fw_buf){ cpu + G16_CW_ENTRY,
					sizeof(struct g16_cdm_entry) };
	bufs[3] = (struct agx4_fw_buf){ cpu + G16_CW_USER_TS,
					sizeof(struct g16_ts_pair) };
}

/*
 * The compute inputs that name the context (the count half of the
 * identities is numbered at publication).
 */
static void compute_context(struct agx4_fw_compute_in *in, int ctx)
{
	in->context_id = ctx;
	in->identity = (u64)ctx << 32;
	in->reg_identity = (u64)ctx << 32 | 1;
}

static int build_compute(struct agx4_g16_queue *fq, struct g16_cmd *cmd,
			 const struct agx4_compute_desc *d, int ctx,
			 const struct g16_hist **deps, u32 ndeps)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct g16_lane *l = &fq->lanes[AGX4_FW_LANE_COMPUTE];
	struct agx4_fw_buf bufs[G16_COMPUTE_BUFS];
	struct g16_compute_notifier *nt;
	struct agx4_fw_compute_in *in;
	struct agx4_fw_obj *obj;
	u64 alias, w;
	u8 *cpu;
	u32 k;
	int ret;

	obj = agx4_g16_work_get(fq);
	if (IS_ERR(obj))
		return PTR_ERR(obj);
	cmd->obj = obj;
	alias = agx4_g16_compute_alias(fq->base.adev, obj);
	w = obj->va;
	cpu = obj->cpu;
	/* Kept for a build for another context; freed with the command. */
	in = kmalloc(sizeof(*in), GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	cmd->cin = in;
	cmd->cdesc = d;
	{
		*in = (struct agx4_fw_compute_in){
			.st = {
				.work = w,
				.microseq = w + G16_CW_MS,
				.work_alias = alias,
				.queue = l->record,
				.stats = sub->compute_stats,
				.driver_stamp = w + G16_CW_DRIVER_STAMP,
				.fw_stamp = l->fw_stamp_va,
				.stamp = cmd->stamp,
				/* Event 0 until set_events(). */
				.prof = { w + G16_CW_PROF,
					  w + G16_CW_PROF + sizeof(u64) },
			},
			.notifier = w + G16_CW_NOTIFIER,
			.resource = alias + G16_CW_SAVE,
			.cdm_entry = alias + G16_CW_ENTRY,
			.ordinal = l->ordinal - 1,
			.support = sub->compute_support,
			.scratch = alias + G16_CW_SIZE,
			.marker = alias + G16_CW_SIZE + G16_CS_MARKER,
			.user_ts = w + G16_CW_USER_TS,
		};
	}
	compute_context(in, ctx);
	compute_bufs(cpu, bufs);
	ret = agx4_fw_g16_build_compute(d, in, bufs);
	if (ret)
		return ret;
	nt = (struct g16_compute_notifier *)(cpu + G16_CW_NOTIFIER);
	nt->threshold = cpu_to_le64(w + G16_CW_THRESHOLD);
	nt->count = 0;
	nt->control = cpu_to_le32(G16_EVENT_CONTROL);
	nt->context = cpu_to_le32(ctx);
	*(__le32 *)(cpu + G16_CW_THRESHOLD) =
		cpu_to_le32(G16_COMPUTE_THRESHOLD);
	*(__le32 *)(cpu + G16_CW_DRIVER_STAMP) =
		cpu_to_le32(cmd->stamp - G16_STAMP_STEP);
	for (k = 0; k < ndeps; k++) {
		build_dep(fq, (struct g16_barrier *)(cpu + G16_CW_DEPS +
						     k * G16_DEP_SIZE),
			  deps[k], cmd->stamp, AGX4_FW_LANE_COMPUTE);
		cmd->dep_lane[k] = deps[k]->lane;
	}
	cmd->ndeps = ndeps;
	return 0;
}

#define G16_RENDER_BUFS	6
static_assert(ARRAY_SIZE(agx4_fw_g16_render_objs) == G16_RENDER_BUFS);

/* Where the build's objects lie in a render's storage, in its order. */
static const struct {
	u32 off;
	u32 size;
} render_objs[G16_RENDER_BUFS] = {
	{ G16_RW_TA, sizeof(struct g16_ta_work) },
	{ G16_RW_TA_MS, sizeof(struct g16_ta_ms) },
	{ G16_RW_3D, sizeof(struct g16_frag_work) },
	{ G16_RW_3D_MS, sizeof(struct g16_frag_ms) },
	{ G16_RW_TA_PRELUDE, sizeof(struct g16_ta_prelude) },
	{ G16_RW_3D_PRELUDE, sizeof(struct g16_barrier) },
};

/* The work items' buffers of a render's storage @cpu, as the build takes them. */
static void render_bufs(u8 *cpu, struct agx4_fw_buf *bufs)
{
	u32 i;

	for (i = 0; i < G16_RENDER_BUFS; i++)
		bufs[i] = (struct agx4_fw_buf){ cpu + render_objs[i].off,
						render_objs[i].size };
}

/*
 * The inputs that depend on where a render runs: its scratch at @base in
 * the VM's arena (tilemap, TPC, then metadata, deflake, TA and 3D status
 * and the aux-framebuffer page) and its scene slot @scene in the pool.
 */
static void place_in(struct agx4_fw_render_in *in,
		     const struct g16_render_vm *r, const struct g16_cmd *cmd,
		     u64 base, u32 scene)
{
	u64 m = base + cmd->tilemap + cmd->tpc;

	in->ta.status = m + G16_RS_TA_STATUS;
	in->frag.status = m + G16_RS_3D_STATUS;
	in->scene = r->tvb->va + G16_TVB_SCENES + scene * G16_SCENE_RECORD;
	in->tilemap = base;
	in->tpc = base + cmd->tilemap;
	in->heapmeta = cmd->desc->cmd.layers > 1 ? m + G16_RS_LAYERED_META : m;
	in->deflake[0] = m + G16_RS_DEFLAKE + G16_RS_DEFLAKE_1;
	in->deflake[1] = m + G16_RS_DEFLAKE + G16_RS_DEFLAKE_2;
	in->deflake[2] = m + G16_RS_DEFLAKE;
	in->cycle = G16_SCENE_SCRATCH + scene * G16_SCENE_SCRATCH_STRIDE;
	in->record_index = G16_RECORD_INDEX + scene * G16_RECORD_INDEX_STEP;
	in->aux_fb = m + G16_RS_AUX_FB;
}

/**
 * agx4_g16_render_place() - build a render again for the place it got
 * @fq: its queue.
 * @r: its VM's render objects.
 * @cmd: the render, with its scene slot and scratch place, mapped.
 *
 * SUBMIT built the render for the place it would get in an idle VM; if
 * the job got another (agx4_g16_scenes_reserve()), its work items are
 * built again from the same command and inputs, the place changed.  The
 * items the build does not write (dependency items, notifier, driver
 * stamps) do not depend on the place.  Every place lies in the arena,
 * inside the TA's 4 GiB, so a build that checked out at SUBMIT checks out
 * here.  Neither sleeps nor allocates.
 *
 * Return: true; false (a driver bug, WARNed) when the build failed: the
 * job must not go out.
 */
bool agx4_g16_render_place(struct agx4_g16_queue *fq, struct g16_render_vm *r,
			   struct g16_cmd *cmd)
{
	struct agx4_fw_buf bufs[G16_RENDER_BUFS];
	struct agx4_fw_render_in *in = cmd->in;

	if (in->tilemap == cmd->node.start &&
	    in->scene == r->tvb->va + G16_TVB_SCENES +
			 cmd->scene * G16_SCENE_RECORD)
		return true;
	place_in(in, r, cmd, cmd->node.start, cmd->scene);
	render_bufs(cmd->obj->cpu, bufs);
	return !WARN_ON_ONCE(agx4_fw_g16_build_render(cmd->desc, in, bufs));
}

/*
 * Build a render command; of its @ndeps dependencies, the first @nfrag
 * wait ahead of its 3D stage, the others ahead of its TA.  It is the
 * job's render number @nth, and the job's renders before it take @off
 * bytes of scratch (the sum goes up by this one's): SUBMIT builds it for
 * the place it would get in an idle VM, scene slot @nth at @off in the
 * arena; agx4_g16_render_place() builds it again if it gets another.
 */
static int build_render(struct agx4_g16_queue *fq, struct g16_cmd *cmd,
			const struct agx4_render_desc *d, int ctx,
			const struct g16_hist **deps, u32 ndeps, u32 nfrag,
			u32 nth, u64 *off, u32 slot, u64 support)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct g16_lane *ta = &fq->lanes[AGX4_FW_LANE_TA];
	struct g16_lane *fr = &fq->lanes[AGX4_FW_LANE_3D];
	struct agx4_fw_buf bufs[G16_RENDER_BUFS];
	struct agx4_fw_render_in *in;
	struct g16_event_control *nt;
	struct g16_render_vm *r;
	u64 t, p, size, w, alias;
	struct g16_aux_fb *aux;
	u32 ord, k;
	u8 *cpu;
	int ret;

	cmd->render = true;
	cmd->lane = AGX4_FW_LANE_3D;
	ord = ta->ordinal;
	cmd->ta_stamp = agx4_fw_stamp_value(adev->gen, AGX4_FW_LANE_TA, ord);
	cmd->stamp = agx4_fw_stamp_value(adev->gen, AGX4_FW_LANE_3D, ord);
	ta->ordinal++;
	fr->ordinal++;
	ret = agx4_fw_render_scratch(&d->cmd, &t, &p);
	if (ret)
		return ret;
	r = agx4_g16_render_vm(fq);
	if (IS_ERR(r))
		return PTR_ERR(r);
	/* A job whose renders could not all run at once in an idle VM. */
	size = t + p + G16_RS_PAGES * AGX4_UAT_PAGE_SIZE;
	if (nth >= G16_SCENE_SLOTS || size > r->arena_size - *off)
		return -ENOSPC;
	cmd->tilemap = t;
	cmd->tpc = p;
	cmd->desc = d;
	cmd->scratch = agx4_fw_obj_create(&adev->mem->heap, size,
					  AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(cmd->scratch)) {
		ret = PTR_ERR(cmd->scratch);
		cmd->scratch = NULL;
		return ret;
	}
	cmd->obj = agx4_fw_obj_create(&adev->mem->heap, G16_RW_SIZE,
				      AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(cmd->obj)) {
		ret = PTR_ERR(cmd->obj);
		cmd->obj = NULL;
		return ret;
	}
	w = cmd->obj->va;
	cpu = cmd->obj->cpu;
	if (w - adev->gen->fw_heap.start + cmd->obj->size > G16_ALIAS_WINDOW)
		return -ENOSPC;
	alias = G16_RENDER_ALIAS + (w - adev->gen->fw_heap.start);
	ret = agx4_fw_obj_alias(cmd->obj, &fq->base.vm->uat, alias,
				&agx4_g16_gpu_rw) ?:
	      agx4_g16_dev_alias(adev, cmd->obj, alias, true);
	if (ret)
		return ret;
	cmd->aliased = true;

	aux = cmd->scratch->cpu + t + p + G16_RS_AUX_FB;
	aux->gap_600 = cpu_to_le32(G16_AUX_FB_600);
	aux->gap_604 = cpu_to_le32(G16_AUX_FB_604);
	/* Kept for a build at another place; freed with the command. */
	in = kzalloc(sizeof(*in), GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	cmd->in = in;
	in->ta = (struct agx4_fw_stage_in){
		.work = w + G16_RW_TA, .microseq = w + G16_RW_TA_MS,
		.work_alias = alias + G16_RW_TA, .queue = ta->record,
		.stats = sub->bundle + G16_TA_STATS,
		.driver_stamp = w + G16_RW_TA_DSTAMP,
		.fw_stamp = ta->fw_stamp_va, .stamp = cmd->ta_stamp,
		/* Event 0 until set_events(), as the 3D's. */
		.uuid = G16_TA_UUID,
		.counter = 2 * (u64)ord + 1, .lifecycle = G16_TA_LIFECYCLE,
		.work_stamp = G16_TA_WORK_STAMP, .gate = G16_TA_GATE,
		.admission = slot, .shared_tail = w + G16_RW_TA_TAIL,
		.prof = { w + G16_RW_PROF, w + G16_RW_PROF + 8 },
	};
	in->frag = (struct agx4_fw_stage_in){
		.work = w + G16_RW_3D, .microseq = w + G16_RW_3D_MS,
		.work_alias = alias + G16_RW_3D, .queue = fr->record,
		.stats = sub->bundle + G16_3D_STATS,
		.driver_stamp = w + G16_RW_3D_DSTAMP,
		.fw_stamp = fr->fw_stamp_va, .stamp = cmd->stamp,
		.uuid = G16_3D_UUID,
		.counter = 2 * (u64)ord, .lifecycle = G16_3D_LIFECYCLE,
		.work_stamp = G16_3D_WORK_STAMP, .gate = G16_3D_GATE,
		.admission = slot, .shared_tail = w + G16_RW_3D_TAIL,
		.prof = { w + G16_RW_PROF_3D, w + G16_RW_PROF_3D + 8 },
	};
	in->context_id = ctx;
	in->context_base = AGX4_FW_CONTEXT_BASE;
	in->event_control = w + G16_RW_NOTIFIER;
	in->bm_slot = slot;
	in->bm = r->tvb->va;
	in->empty_buffer = sub->empty_buffer;
	in->completion = G16_COMPLETION;
	in->support = support;
	in->aux_fb_flags = G16_AUX_FB_FLAGS |
			   (d->cmd.flags & DRM_ASAHI_RENDER_DBIAS_IS_INT);
	in->aux_fb_pages = G16_AUX_FB_PAGES;
	/* H: the reference always asks for growth; GAP: sync-grow off. */
	in->request_growth = true;
	in->tvb_blocks = adev->gen->tvb.initial_blocks;
	place_in(in, r, cmd, r->arena + *off, nth);
	*off += size;
	render_bufs(cpu, bufs);
	ret = agx4_fw_g16_build_render(d, in, bufs);
	if (ret)
		return ret;
	nt = (struct g16_event_control *)(cpu + G16_RW_NOTIFIER);
	nt->count = cpu_to_le64(w + G16_RW_COUNT);
	nt->stamp = cpu_to_le32(cmd->stamp);
	nt->gap_c = 0;
	nt->control = cpu_to_le32(G16_EVENT_CONTROL);
	nt->context = cpu_to_le32(ctx);
	put_unaligned_le32(G16_EVENT_COUNT_RENDER, cpu + G16_RW_COUNT);
	put_unaligned_le32(cmd->ta_stamp - G16_STAMP_STEP,
			   cpu + G16_RW_TA_DSTAMP);
	put_unaligned_le32(cmd->stamp - G16_STAMP_STEP,
			   cpu + G16_RW_3D_DSTAMP);
	for (k = 0; k < nfrag; k++)
		build_dep(fq, (struct g16_barrier *)(cpu + G16_RW_3D_PRELUDE +
						     (k + 1) * G16_DEP_SIZE),
			  deps[k], cmd->stamp, AGX4_FW_LANE_3D);
	for (k = nfrag; k < ndeps; k++)
		build_dep(fq, (struct g16_barrier *)(cpu + G16_RW_TA_PRELUDE +
						     (k - nfrag + 1) *
						     G16_DEP_SIZE),
			  deps[k], cmd->ta_stamp, AGX4_FW_LANE_TA);
	for (k = 0; k < ndeps; k++)
		cmd->dep_lane[k] = deps[k]->lane;
	cmd->nfrag = nfrag;
	cmd->ndeps = ndeps - nfrag;
	return 0;
}

/**
 * agx4_g16_job_context() - build a job's commands again for a context
 * @job: the job, counted on its VM's context (agx4_g16_ctx_reserve()),
 *	before its renders get their place and its events are written.
 * @ctx: that context, not the one SUBMIT built for.
 *
 * The context is named by the build's items and by each command's
 * notifier: each build is redone from its command and kept inputs, the
 * context changed, and the notifier names it.  Neither sleeps nor
 * allocates.
 *
 * Return: true; false (a driver bug, WARNed) when a build failed: the
 * job's context is left -1 and publication drops the job.
 */
bool agx4_g16_job_context(struct agx4_g16_job *job, int ctx)
{
	struct agx4_fw_buf bufs[G16_RENDER_BUFS];
	u32 i;

	job->ctx = -1;
	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];
		u8 *cpu = cmd->obj->cpu;

		if (cmd->render) {
			cmd->in->context_id = ctx;
			render_bufs(cpu, bufs);
			if (WARN_ON_ONCE(agx4_fw_g16_build_render(cmd->desc,
								  cmd->in,
								  bufs)))
				return false;
			((struct g16_event_control *)(cpu + G16_RW_NOTIFIER))->context =
				cpu_to_le32(ctx);
			continue;
		}
		compute_context(cmd->cin, ctx);
		compute_bufs(cpu, bufs);
		if (WARN_ON_ONCE(agx4_fw_g16_build_compute(cmd->cdesc, cmd->cin,
							   bufs)))
			return false;
		((struct g16_compute_notifier *)(cpu + G16_CW_NOTIFIER))->context =
			cpu_to_le32(ctx);
	}
	job->ctx = ctx;
	return true;
}

/**
 * agx4_g16_job_slot() - build a job's renders again for a lease
 * @job: the job, whose VM holds a render support lease now
 *	(agx4_g16_support_reserve()), before its renders get their place.
 * @slot: the lease's buffer-manager slot, not the one SUBMIT built for.
 * @support: the lease's support record.
 *
 * The slot is each stage's admission and the TVB-init prelude's slot,
 * the record the work items' support: each render is built again from its
 * command and kept inputs with them changed.  Neither sleeps nor
 * allocates.
 *
 * Return: true; false (a driver bug, WARNed) when a build failed: the
 * job's slot is left 0 and publication drops the job.
 */
bool agx4_g16_job_slot(struct agx4_g16_job *job, u32 slot, u64 support)
{
	struct agx4_fw_buf bufs[G16_RENDER_BUFS];
	u32 i;

	job->slot = 0;
	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];

		if (!cmd->render)
			continue;
		cmd->in->ta.admission = slot;
		cmd->in->frag.admission = slot;
		cmd->in->bm_slot = slot;
		cmd->in->support = support;
		render_bufs(cmd->obj->cpu, bufs);
		if (WARN_ON_ONCE(agx4_fw_g16_build_render(cmd->desc, cmd->in,
							  bufs)))
			return false;
	}
	job->slot = slot;
	return true;
}

/**
 * agx4_g16_unprepare() - undo what prepare did to a job's queue
 * @job: the job, never published.
 *
 * The lanes' ordinals and the queue's barrier history go back to what
 * they were before the job was prepared.
 */
void agx4_g16_unprepare(struct agx4_g16_job *job)
{
	struct agx4_g16_queue *fq = job->fq;
	u32 s;

	for (s = 0; s < G16_LANES; s++)
		fq->lanes[s].ordinal = job->prev_ordinal[s];
	memcpy(fq->hist, job->prev_hist, sizeof(fq->hist));
}

/**
 * agx4_g16_free_cmds() - free the storage and resources of a job's commands
 * @job: the job.
 * @fw_alive: the firmware is there; false after unplug, when compute
 *	storage is not kept either.
 */
void agx4_g16_free_cmds(struct agx4_g16_job *job, bool fw_alive)
{
	u32 i;

	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];

		kfree(cmd->cin);
		if (cmd->render)
			agx4_g16_render_put(job->fq, cmd, fw_alive);
		else if (cmd->obj && fw_alive)
			agx4_g16_work_put(job->fq, cmd->obj);
		else if (cmd->obj)
			agx4_g16_work_destroy(job->fq->base.adev, cmd->obj,
					      false);
	}
}

/*
 * The render support lease a job's renders are built for in SUBMIT: its
 * VM's now (@job->slot its slot, @support its record), or none (@job->slot
 * 0, @support the VM's TVB pool object, a stand-in page): the job builds
 * them again for the one it gets (agx4_g16_job_slot()).  The VM's render
 * objects are made first, and a lease for the job to take if none is
 * free (agx4_g16_support_offer()).
 */
static int build_lease(struct agx4_g16_job *job, u64 *support)
{
	struct g16_render_vm *r = agx4_g16_render_vm(job->fq);
	int ret;

	if (IS_ERR(r))
		return PTR_ERR(r);
	*support = r->tvb->va;
	ret = agx4_g16_support_offer(job->fq, r, &job->slot, support);
	return ret;
}

static int prepare_cmds(struct agx4_g16_job *job, const struct agx4_cmdbuf *cb,
			int ctx, u32 *credits)
{
	struct agx4_g16_queue *fq = job->fq;
	/* NULL until allocated: the error path frees every one. */
	struct g16_hist *e[G16_SQ_NUM] = { };
	u32 n[G16_SQ_NUM] = { 1, 1 };
	u32 i, s, total = 0, nth = 0;
	u64 scratch = 0, support = 0;
	int ret = 0;

	if (cb->renders) {
		ret = build_lease(job, &support);
		if (ret)
			return ret;
	}

	for (s = 0; s < G16_SQ_NUM; s++) {
		e[s] = kcalloc(cb->count + 1, sizeof(*e[s]), GFP_KERNEL);
		if (!e[s]) {
			ret = -ENOMEM;
			goto out;
		}
		e[s][0] = fq->hist[s];
	}
	for (i = 0; i < cb->count; i++) {
		const struct agx4_cmd_desc *c = &cb->cmds[i];
		const struct g16_hist *deps[G16_MAX_DEPS], *h;
		struct g16_cmd *cmd = &job->cmds[i];
		u32 ndeps = 0, nfrag = 0;
		struct g16_lane *l;

		h = resolve(e[G16_SQ_RENDER], n[G16_SQ_RENDER], c->wait_vdm);
		if (h) {
			deps[ndeps++] = h;
			nfrag = !c->is_compute &&
				(c->render.cmd.flags &
				 AGX4_RENDER_VDM_BARRIER_FRAGMENT);
		}
		h = resolve(e[G16_SQ_COMPUTE], n[G16_SQ_COMPUTE], c->wait_cdm);
		if (h)
			deps[ndeps++] = h;
		cmd->scene = -1;
		if (!c->is_compute) {
			ret = build_render(fq, cmd, &c->render, ctx, deps,
					   ndeps, nfrag, nth++, &scratch,
					   job->slot ?: G16_BM_SLOT_FIRST,
					   support);
			if (ret)
				goto out;
			e[G16_SQ_RENDER][n[G16_SQ_RENDER]++] =
				(struct g16_hist){ .valid = true,
						   .lane = AGX4_FW_LANE_3D,
						   .stamp = cmd->stamp };
			job->lanes |= BIT(AGX4_FW_LANE_TA) |
				      BIT(AGX4_FW_LANE_3D);
			job->stamp[AGX4_FW_LANE_TA] = cmd->ta_stamp;
			job->stamp[AGX4_FW_LANE_3D] = cmd->stamp;
			/* TA: items, prelude, work; 3D: prelude, work. */
			total += 2 + ndeps + 2;
			continue;
		}
		cmd->lane = AGX4_FW_LANE_COMPUTE;
		l = &fq->lanes[cmd->lane];
		cmd->stamp = agx4_fw_stamp_value(fq->base.adev->gen, cmd->lane,
						 l->ordinal);
		l->ordinal++;
		ret = build_compute(fq, cmd, &c->compute, ctx, deps, ndeps);
		if (ret)
			goto out;
		e[G16_SQ_COMPUTE][n[G16_SQ_COMPUTE]++] = (struct g16_hist){
			.valid = true, .lane = cmd->lane, .stamp = cmd->stamp };
		job->lanes |= BIT(cmd->lane);
		job->stamp[cmd->lane] = cmd->stamp;
		total += 1 + ndeps;
	}
	fq->hist[G16_SQ_RENDER] = e[G16_SQ_RENDER][n[G16_SQ_RENDER] - 1];
	fq->hist[G16_SQ_COMPUTE] = e[G16_SQ_COMPUTE][n[G16_SQ_COMPUTE] - 1];
	*credits = total;
out:
	for (s = 0; s < G16_SQ_NUM; s++)
		kfree(e[s]);
	return ret;
}

/*
 * The fences the job's waits may need (for an event lease, a context, and
 * if it renders scene slots and a render support lease):
 * agx4_g16_job_reserve() cannot allocate.
 */
static int init_waits(struct agx4_g16_job *job)
{
	if (agx4_room_wait_init(&job->lease_wait, job->fq))
		return -ENOMEM;
	if (agx4_room_wait_init(&job->ctx_wait, job->fq))
		goto err_lease;
	if (!job->nrender)
		return 0;
	if (agx4_room_wait_init(&job->scene_wait, job->fq))
		goto err_ctx;
	if (!agx4_room_wait_init(&job->support_wait, job->fq))
		return 0;
	agx4_room_wait_fini(&job->scene_wait);
err_ctx:
	agx4_room_wait_fini(&job->ctx_wait);
err_lease:
	agx4_room_wait_fini(&job->lease_wait);
	return -ENOMEM;
}

/**
 * agx4_g16_job_prepare() - &agx4_fw_submit_ops.job_prepare for G16
 * @q: the queue.
 * @cb: the parsed command buffer.
 * @out: the job.
 * @credits: the ring entries it takes.
 *
 * Return: 0 or a negative errno; on error the queue is as it was.
 */
int agx4_g16_job_prepare(struct agx4_fw_queue *q,
			 const struct agx4_cmdbuf *cb,
			 struct agx4_fw_job **out, u32 *credits)
{
	struct agx4_g16_queue *fq = to_g16_queue(q);
	struct agx4_g16_job *job;
	u32 s;
	int ctx, ret;

	if (!cb->count || cb->count > AGX4_MAX_COMMANDS)
		return -EINVAL;
	ctx = agx4_g16_vm_context(fq);
	if (ctx < 0)
		return ctx;
	job = kzalloc(struct_size(job, cmds, cb->count), GFP_KERNEL);
	if (!job)
		return -ENOMEM;
	job->nrender = cb->renders;
	job->fq = fq;
	if (init_waits(job)) {
		kfree(job);
		return -ENOMEM;
	}
	job->ncmds = cb->count;
	INIT_LIST_HEAD(&job->base.defer_link);
	INIT_LIST_HEAD(&job->base.live_link);
	for (s = 0; s < G16_LANES; s++)
		job->prev_ordinal[s] = fq->lanes[s].ordinal;
	memcpy(job->prev_hist, fq->hist, sizeof(fq->hist));
	job->ctx = ctx;
	ret = prepare_cmds(job, cb, ctx, credits);
	if (ret) {
		agx4_g16_unprepare(job);
		agx4_g16_free_cmds(job, true);
		agx4_g16_job_waits_fini(job);
		kfree(job);
		return ret;
	}
	job->base.queue = q;
	*out = &job->base;
	return 0;
}
