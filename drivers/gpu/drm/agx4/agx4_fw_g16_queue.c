// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/err.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include <asm/barrier.h>

#include <kunit/visibility.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g16.h"
#include "agx4_fw_g16_boot.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_queue.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g16.h"
#include "agx4_rtkit.h"
#include "agx4_transport.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G16 submission
 *
 * The G16 backend of &struct agx4_fw_submit_ops.
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
 * **Events.**  While a queue has jobs (prepared and not freed) it holds
 * one of %G16_EVENT_LEASES event leases: lease k gives the event ids
 * 32 + 3k + stage; ids below 32 stay the bootstrap's.  A prepare that
 * finds every lease held by other busy queues fails with -ENOSPC: at most
 * 32 queues can have work outstanding at once; any number can exist.
 *
 * **Contexts.**  A VM's commands run in one context (ASID) taken at its
 * first job and kept for the VM's life.  The reference gives each VM a
 * separate compute view: roots of its own, with the device's compute
 * operand namespace (its directory and sixteen buffers, at the GPU
 * addresses the compute support names) mapped in, the same physical
 * pages in every VM.  agx4 runs compute in the VM's own tree instead, so
 * the user's buffers need no second mapping, and maps the namespace there
 * at the VM's first job (guards unmapped), until the VM goes.  The
 * namespace and the Work aliases below lie in [0x70_0000_0000,
 * 0x73_0000_0000), which the user must not bind (the fork's layout leaves
 * it free).  Running out of contexts fails a prepare with -ENOSPC.
 *
 * **Compute jobs.**  Each compute command gets a 0x2c000-byte object of
 * its own while it runs (a VM keeps up to %G16_VM_SPARE_WORKS of them,
 * still mapped, for its next commands; the save area is zeroed at every
 * reuse and the notifier's firmware bytes are left alone): the
 * 0x8000-byte Work storage (work item at +0, microsequence
 * +0x1000, notifier +0x1400, profiling slots +0x1700, user timestamp
 * pair +0x17c0, threshold word +0x1800, dependency items from +0x1900,
 * entry trampoline +0x1a00, save area +0x2000, driver stamp +0x4000)
 * followed by its 0x24000-byte scratch lease (scratch at +0, marker page
 * at +0x20000).  The whole object is also mapped for the GPU at
 * 0x71_0000_0000 + (its address - the heap base), in the device tree
 * (context 0) and in the VM's tree: unique per object, below
 * 0x72_0000_0000.
 *
 * **Prepare** (ioctl, submit order) assigns each command its lane stamp
 * (first + ordinal * 0x100), resolves its barriers into dependency items
 * (a barrier on the render subqueue waits for a 3D stamp, on the compute
 * subqueue for a compute stamp) and builds everything except the
 * publication counters.  **Publish** (under the job unit's spinlock)
 * numbers each compute item with the device's compute publication count
 * (work counter, identity, event generation, the compute shared state),
 * writes the ring entries (dependencies first), then tries to send: for
 * every lane the job used, in 3D, TA, compute order, the lane's write
 * index, then one channel message (tag, queue record, kind, head | event
 * << 16 | first << 24); then the channel producers and one doorbell per
 * (priority, engine).  A channel with no room (both firmware cursors
 * within 128 of the producer) defers the job's messages, and every later
 * job's, to @poll.
 *
 * **Completion** requires, per lane the job used: the lane's firmware
 * stamp reached (signed), its done and read indices past the job's head
 * and the channel's read and done cursors past the message; and per
 * command: its driver stamp reached and the notifier's firmware word at
 * +0x94 back to 0.
 *
 * Render commands are refused with -EOPNOTSUPP (not built yet).
 */

/* The queue block: three lanes and what they share. */
#define G16_Q_SIZE		0x24000
#define G16_Q_LANE		0xc000
#define G16_Q_POINTERS		0x4000
#define G16_Q_RING		0x8000
#define G16_Q_JOB_LIST		0x4100
#define G16_Q_CONTEXT		0x4140
/* H: UUID = (record - heap base) >> 14, + 2. */
#define G16_Q_UUID_SHIFT	14
#define G16_Q_UUID_BIAS		2
#define G16_LANES		3

/* Event ids: lease k gives G16_EVENT_FIRST + 3k + stage (M). */
#define G16_EVENT_FIRST		32
#define G16_EVENT_LEASES	32

/* Room rules (H): both halves of a ring are never in use at once. */
#define G16_RING_HALF		(G16_QUEUE_RING_ITEMS / 2)
#define G16_CHAN_HALF		(AGX4_FW_RING_ENTRIES / 2)

/* A compute command's object: Work storage, then its scratch lease. */
#define G16_CW_SIZE		0x8000
#define G16_CW_MS		0x1000
#define G16_CW_NOTIFIER		0x1400
#define G16_CW_PROF		0x1700
#define G16_CW_USER_TS		0x17c0
#define G16_CW_THRESHOLD	0x1800
#define G16_CW_DEPS		0x1900
#define G16_CW_ENTRY		0x1a00
#define G16_CW_SAVE		0x2000
#define G16_CW_DRIVER_STAMP	0x4000
#define G16_CS_SIZE		0x24000
#define G16_CS_MARKER		0x20000
/* H: the GPU alias window of compute Work storage, one per heap byte. */
#define G16_COMPUTE_ALIAS	0x7100000000ull
#define G16_ALIAS_WINDOW	0x100000000ull

/* Dependency items a command can need: one per subqueue. */
#define G16_MAX_DEPS		2
#define G16_DEP_SIZE		0x40

/* Doorbell engines: render (TA and 3D together) and compute (H). */
#define G16_ENGINE_RENDER	0
#define G16_ENGINE_COMPUTE	2

/* The head word of a channel message. */
#define G16_MSG_EVENT_SHIFT	16
#define G16_MSG_FIRST		BIT(24)

/* Subqueues of the UAPI barriers. */
enum { G16_SQ_RENDER, G16_SQ_COMPUTE, G16_SQ_NUM };

/* The alias attributes: GPU read-write, uncached (H: the reference's). */
static const struct agx4_uat_prot gpu_rw = {
	.access = AGX4_UAT_GPU,
	.perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

/**
 * struct g16_lane - one firmware lane of a queue
 * @record: firmware address of its queue record.
 * @uuid: the record's UUID.
 * @ptrs: its pointer block.
 * @ring: its item ring.
 * @fw_stamp: its firmware stamp word.
 * @fw_stamp_va: and the word's firmware address.
 * @head: next ring position the host writes; only @job_publish moves it.
 * @ordinal: its next work's ordinal; only prepare (and the free of a job
 *	never published) moves it, under the caller's submit lock.
 * @first_sent: a message named the lane already (the firmware registered
 *	it); protected by &agx4_fw_g16_sub.lock.
 */
struct g16_lane {
	u64 record;
	u32 uuid;
	struct g16_pointers *ptrs;
	__le64 *ring;
	__le32 *fw_stamp;
	u64 fw_stamp_va;
	u32 head;
	u32 ordinal;
	bool first_sent;
};

/**
 * struct g16_hist - the last work of a subqueue, for barrier 0
 * @valid: there is one.
 * @lane: the lane it ran on.
 * @stamp: its lane stamp.
 */
struct g16_hist {
	bool valid;
	u32 lane;
	u32 stamp;
};

/**
 * struct agx4_fw_queue - a G16 queue
 * @adev: the device.
 * @sub: submission's shared state.
 * @vm: the VM its commands run in (the caller keeps it alive).
 * @obj: the block of its three lanes.
 * @priority: its firmware priority.
 * @lanes: the lanes, by stage.
 * @hist: per subqueue, the last work prepared; prepare-time state under
 *	the caller's submit lock.
 * @lease: its event lease, -1 for none; protected by
 *	&agx4_fw_g16_sub.lock.
 * @outstanding: its jobs prepared and not freed; protected likewise.
 */
struct agx4_fw_queue {
	struct agx4_device *adev;
	struct agx4_fw_g16_sub *sub;
	struct agx4_vm *vm;
	struct agx4_fw_obj *obj;
	u32 priority;
	struct g16_lane lanes[G16_LANES];
	struct g16_hist hist[G16_SQ_NUM];
	int lease;
	u32 outstanding;
};

/**
 * struct g16_cmd - one command of a job
 * @obj: its storage.
 * @lane: the lane it runs on.
 * @stamp: its lane stamp target.
 * @ndeps: dependency items before it in the ring.
 */
struct g16_cmd {
	struct agx4_fw_obj *obj;
	u32 lane;
	u32 stamp;
	u32 ndeps;
};

/**
 * struct agx4_fw_job - a G16 job: the commands of one SUBMIT
 * @fq: its queue.
 * @link: on &agx4_fw_g16_sub.deferred while its messages wait; protected
 *	by &agx4_fw_g16_sub.lock.
 * @published: @job_publish ran.
 * @sent: its messages went out; protected by &agx4_fw_g16_sub.lock.
 * @lanes: bit s: it has work on lane s.
 * @head: per lane, the lane's ring position after its last entry.
 * @stamp: per lane, the stamp target of its last work there.
 * @epoch: per lane, the channel slot of its message (once @sent).
 * @tag: per lane, the tag of its message.
 * @prev_ordinal: the lanes' ordinals before prepare, to undo it.
 * @prev_hist: the queue's history before prepare, to undo it.
 * @ncmds: entries of @cmds.
 * @cmds: its commands, in order.
 */
struct agx4_fw_job {
	struct agx4_fw_queue *fq;
	struct list_head link;
	bool published;
	bool sent;
	u32 lanes;
	u32 head[G16_LANES];
	u32 stamp[G16_LANES];
	u32 epoch[G16_LANES];
	u64 tag[G16_LANES];
	u32 prev_ordinal[G16_LANES];
	struct g16_hist prev_hist[G16_SQ_NUM];
	u32 ncmds;
	struct g16_cmd cmds[] __counted_by(ncmds);
};

/* Compute storage a VM keeps for reuse (the reference's arenas hold 16). */
#define G16_VM_SPARE_WORKS	16

/**
 * struct g16_vm - what a VM holds for G16 submission
 * @adev: the device.
 * @ctx: the VM's context (ASID slot).
 * @spare: compute storage of retired commands, mapped still, for reuse;
 *	protected by &agx4_vm.fw_lock.
 * @nspare: entries of @spare; protected likewise.
 */
struct g16_vm {
	struct agx4_device *adev;
	int ctx;
	struct agx4_fw_obj *spare[G16_VM_SPARE_WORKS];
	u32 nspare;
};

/* "a has reached b": signed 32-bit distance (H). */
static bool stamp_reached(u32 a, u32 b)
{
	return (s32)(a - b) >= 0;
}

/* Index @idx of a ring of @n entries is at or past @target (half-ring). */
static bool index_reached(u32 idx, u32 target, u32 n)
{
	return idx < n && (idx + n - target) % n < n / 2;
}

static u32 lane_first_stamp(struct agx4_device *adev, u32 lane)
{
	return adev->gen->chan.stamp_first[lane];
}

static u32 lane_event(const struct agx4_fw_queue *fq, u32 lane)
{
	return G16_EVENT_FIRST + 3 * fq->lease + lane;
}

static u32 lane_channel(const struct agx4_fw_queue *fq, u32 lane)
{
	return fq->priority * 3 + lane;
}

/* ---- queues ---- */

static int build_lane(struct agx4_fw_queue *fq, u32 s)
{
	struct agx4_device *adev = fq->adev;
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
	ret = adev->gen->build_queue(&in, cpu, sizeof(struct g16_queue));
	if (ret)
		return ret;
	l->ptrs = (struct g16_pointers *)(cpu + G16_Q_POINTERS);
	l->ptrs->capacity = cpu_to_le32(G16_QUEUE_RING_ITEMS);
	l->ring = (__le64 *)(cpu + G16_Q_RING);
	l->fw_stamp = (__le32 *)(cpu + G16_Q_POINTERS + G16_LANE_STAMP);
	l->fw_stamp_va = in.pointers + G16_LANE_STAMP;
	/* H: one step before the first target, so comparisons start right. */
	*l->fw_stamp = cpu_to_le32(lane_first_stamp(adev, s) -
				   G16_STAMP_STEP);
	return 0;
}

static int g16_queue_create(struct agx4_device *adev,
			    const struct agx4_fw_queue_args *args,
			    struct agx4_fw_queue **out)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	struct agx4_fw_job_list *jobs;
	struct g16_queue_context *ctx;
	struct agx4_fw_queue *fq;
	u32 s;
	int ret;

	if (!sub)
		return -ENODEV;
	if (!args->vm || args->priority > DRM_ASAHI_PRIORITY_REALTIME)
		return -EINVAL;
	fq = kzalloc(sizeof(*fq), GFP_KERNEL);
	if (!fq)
		return -ENOMEM;
	fq->adev = adev;
	fq->sub = sub;
	fq->vm = args->vm;
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
	*out = fq;
	return 0;

err_obj:
	agx4_fw_obj_destroy(fq->obj);
err_free:
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
static void g16_queue_destroy(struct agx4_fw_queue *fq)
{
	if (!fq)
		return;
	WARN_ON(fq->outstanding || fq->lease >= 0);
	agx4_fw_obj_destroy(fq->obj);
	kfree(fq);
}

/* ---- per-VM state ---- */

/* Map @size bytes of @obj from @off at @va (reserved first). */
static int map_chunks(struct agx4_uat_op *op, struct agx4_fw_obj *obj, u64 off,
		      u64 va, u64 size)
{
	u64 k;
	int ret;

	ret = agx4_uat_op_reserve(op, va, size);
	if (ret)
		return ret;
	for (k = 0; k < size; k += AGX4_UAT_PAGE_SIZE)
		agx4_uat_op_map(op, va + k,
				page_to_phys(obj->chunks[(off + k) /
							 AGX4_UAT_PAGE_SIZE]),
				AGX4_UAT_PAGE_SIZE, &gpu_rw);
	return 0;
}

/*
 * The device's compute operand namespace in @uat (@map) or out of it:
 * the directory, then each 2 MiB buffer without its guard.
 */
static int compute_namespace(struct agx4_fw_g16_sub *sub, struct agx4_uat *uat,
			     bool map)
{
	struct agx4_uat_op op;
	int ret = 0;
	u32 i;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	if (map)
		ret = map_chunks(&op, sub->compute_dir, 0,
				 G16_COMPUTE_DIRECTORY,
				 G16_COMPUTE_DIRECTORY_SIZE);
	else
		agx4_uat_op_unmap(&op, G16_COMPUTE_DIRECTORY,
				  G16_COMPUTE_DIRECTORY_SIZE);
	for (i = 0; i < G16_COMPUTE_NUM_BUFFERS && !ret; i++) {
		u64 off = (u64)i * G16_OPERAND_BUFFER_STRIDE;

		if (map)
			ret = map_chunks(&op, sub->compute_bufs, off,
					 G16_COMPUTE_BUFFERS + off,
					 G16_OPERAND_BUFFER_SIZE);
		else
			agx4_uat_op_unmap(&op, G16_COMPUTE_BUFFERS + off,
					  G16_OPERAND_BUFFER_SIZE);
	}
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	if (ret)
		compute_namespace(sub, uat, false);
	return ret;
}

static void g16_vm_free(struct agx4_vm *vm, void *fw)
{
	struct g16_vm *gv = fw;
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(gv->adev->fw);

	while (gv->nspare)
		agx4_fw_obj_destroy(gv->spare[--gv->nspare]);
	if (sub) {
		compute_namespace(sub, &vm->uat, false);
		agx4_uat_ctx_put(&gv->adev->fw->ctx, gv->ctx);
	}
	kfree(gv);
}

/* The VM's context, taken at its first job. */
static int vm_context(struct agx4_fw_queue *fq)
{
	struct agx4_device *adev = fq->adev;
	struct agx4_vm *vm = fq->vm;
	struct g16_vm *gv;
	int ctx, ret;

	mutex_lock(&vm->fw_lock);
	gv = vm->fw;
	if (gv) {
		ctx = gv->ctx;
		goto out;
	}
	gv = kzalloc(sizeof(*gv), GFP_KERNEL);
	if (!gv) {
		ctx = -ENOMEM;
		goto out;
	}
	ctx = agx4_uat_ctx_get(&adev->fw->ctx, &vm->uat, &adev->mem->fw_uat);
	if (ctx < 0) {
		kfree(gv);
		/* Every slot is another VM's. */
		ctx = ctx == -EBUSY ? -ENOSPC : ctx;
		goto out;
	}
	ret = compute_namespace(fq->sub, &vm->uat, true);
	if (ret) {
		agx4_uat_ctx_put(&adev->fw->ctx, ctx);
		kfree(gv);
		ctx = ret;
		goto out;
	}
	gv->adev = adev;
	gv->ctx = ctx;
	vm->fw = gv;
	vm->fw_free = g16_vm_free;
out:
	mutex_unlock(&vm->fw_lock);
	return ctx;
}

/* ---- event leases ---- */

static int lease_take(struct agx4_fw_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	int ret = 0;

	spin_lock_irq(&sub->lock);
	if (!fq->outstanding) {
		unsigned long k = find_first_zero_bit(&sub->events,
						      G16_EVENT_LEASES);

		if (k >= G16_EVENT_LEASES) {
			ret = -ENOSPC;
			goto out;
		}
		__set_bit(k, &sub->events);
		fq->lease = k;
	}
	fq->outstanding++;
out:
	spin_unlock_irq(&sub->lock);
	return ret;
}

static void lease_put(struct agx4_fw_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->lock, flags);
	if (!WARN_ON(!fq->outstanding) && !--fq->outstanding) {
		__clear_bit(fq->lease, &sub->events);
		fq->lease = -1;
	}
	spin_unlock_irqrestore(&sub->lock, flags);
}

/* ---- prepare ---- */

/* A dependency item: wait until @lane of the queue reaches @stamp. */
static void build_dep(const struct agx4_fw_queue *fq, struct g16_barrier *b,
		      const struct g16_hist *h, u32 own_stamp, u32 own_lane)
{
	const struct g16_lane *p = &fq->lanes[h->lane];

	memset(b, 0, sizeof(*b));
	b->type = cpu_to_le32(G16_ITEM_BARRIER);
	b->stamp = cpu_to_le64(p->fw_stamp_va);
	b->stamp2 = b->stamp;
	b->value = cpu_to_le32(h->stamp);
	b->event = cpu_to_le32(lane_event(fq, h->lane));
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

/* Where the GPU sees compute storage @obj. */
static u64 compute_alias(struct agx4_device *adev, struct agx4_fw_obj *obj)
{
	return G16_COMPUTE_ALIAS + (obj->va - adev->gen->fw_heap.start);
}

/*
 * Compute storage for a command: a spare of the VM's, its save area
 * zeroed again, or a new one mapped at its alias in context 0 and the VM.
 */
static struct agx4_fw_obj *work_get(struct agx4_fw_queue *fq)
{
	struct agx4_device *adev = fq->adev;
	struct agx4_vm *vm = fq->vm;
	struct g16_vm *gv = vm->fw;
	struct agx4_fw_obj *obj = NULL;
	int ret;

	mutex_lock(&vm->fw_lock);
	if (gv->nspare)
		obj = gv->spare[--gv->nspare];
	mutex_unlock(&vm->fw_lock);
	if (obj) {
		/* H: the GPU-writable save area is zero at every use. */
		memset(obj->cpu + G16_CW_SAVE, 0,
		       G16_CW_DRIVER_STAMP - G16_CW_SAVE);
		return obj;
	}
	obj = agx4_fw_obj_create(&adev->mem->heap, G16_CW_SIZE + G16_CS_SIZE,
				 AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(obj))
		return obj;
	if (obj->va - adev->gen->fw_heap.start + obj->size >
	    G16_ALIAS_WINDOW)
		ret = -ENOSPC;
	else
		ret = agx4_fw_obj_alias(obj, &adev->fw->dev_uat,
					compute_alias(adev, obj), &gpu_rw) ?:
		      agx4_fw_obj_alias(obj, &vm->uat,
					compute_alias(adev, obj), &gpu_rw);
	if (ret) {
		agx4_fw_obj_destroy(obj);
		return ERR_PTR(ret);
	}
	return obj;
}

/*
 * Give compute storage back once the firmware is done with it (or never
 * saw it): kept for the VM's next command while there is room.
 */
static void work_put(struct agx4_fw_queue *fq, struct agx4_fw_obj *obj)
{
	struct agx4_vm *vm = fq->vm;
	struct g16_vm *gv = vm->fw;

	mutex_lock(&vm->fw_lock);
	if (gv->nspare < G16_VM_SPARE_WORKS) {
		gv->spare[gv->nspare++] = obj;
		obj = NULL;
	}
	mutex_unlock(&vm->fw_lock);
	agx4_fw_obj_destroy(obj);
}

static int build_compute(struct agx4_fw_queue *fq, struct g16_cmd *cmd,
			 const struct agx4_compute_desc *d, int ctx,
			 const struct g16_hist **deps, u32 ndeps)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct g16_lane *l = &fq->lanes[AGX4_FW_LANE_COMPUTE];
	struct g16_compute_notifier *nt;
	struct agx4_fw_obj *obj;
	u64 alias, w;
	u8 *cpu;
	u32 k;
	int ret;

	obj = work_get(fq);
	if (IS_ERR(obj))
		return PTR_ERR(obj);
	cmd->obj = obj;
	alias = compute_alias(fq->adev, obj);
	w = obj->va;
	cpu = obj->cpu;
	{
		const struct agx4_fw_compute_in in = {
			.st = {
				.work = w,
				.microseq = w + G16_CW_MS,
				.work_alias = alias,
				.queue = l->record,
				.stats = sub->compute_stats,
				.driver_stamp = w + G16_CW_DRIVER_STAMP,
				.fw_stamp = l->fw_stamp_va,
				.stamp = cmd->stamp,
				.event = lane_event(fq, AGX4_FW_LANE_COMPUTE),
				.prof = { w + G16_CW_PROF,
					  w + G16_CW_PROF + sizeof(u64) },
			},
			.context_id = ctx,
			.notifier = w + G16_CW_NOTIFIER,
			.resource = alias + G16_CW_SAVE,
			.cdm_entry = alias + G16_CW_ENTRY,
			/* The count half is numbered at publication. */
			.identity = (u64)ctx << 32,
			.reg_identity = (u64)ctx << 32 | 1,
			.ordinal = l->ordinal - 1,
			.support = sub->compute_support,
			.scratch = alias + G16_CW_SIZE,
			.marker = alias + G16_CW_SIZE + G16_CS_MARKER,
			.user_ts = w + G16_CW_USER_TS,
		};
		const struct agx4_fw_buf bufs[] = {
			{ cpu, sizeof(struct g16_compute_work) },
			{ cpu + G16_CW_MS, sizeof(struct g16_compute_ms) },
			{ cpu + G16_CW_ENTRY, sizeof(struct g16_cdm_entry) },
			{ cpu + G16_CW_USER_TS, sizeof(struct g16_ts_pair) },
		};

		ret = agx4_fw_g16_build_compute(d, &in, bufs);
		if (ret)
			return ret;
	}
	nt = (struct g16_compute_notifier *)(cpu + G16_CW_NOTIFIER);
	nt->threshold = cpu_to_le64(w + G16_CW_THRESHOLD);
	nt->count = 0;
	nt->control = cpu_to_le32(G16_EVENT_CONTROL);
	nt->context = cpu_to_le32(ctx);
	*(__le32 *)(cpu + G16_CW_THRESHOLD) =
		cpu_to_le32(G16_COMPUTE_THRESHOLD);
	*(__le32 *)(cpu + G16_CW_DRIVER_STAMP) =
		cpu_to_le32(cmd->stamp - G16_STAMP_STEP);
	for (k = 0; k < ndeps; k++)
		build_dep(fq, (struct g16_barrier *)(cpu + G16_CW_DEPS +
						     k * G16_DEP_SIZE),
			  deps[k], cmd->stamp, AGX4_FW_LANE_COMPUTE);
	cmd->ndeps = ndeps;
	return 0;
}

/* Undo what prepare did to the queue (the job was never published). */
static void unprepare(struct agx4_fw_job *job)
{
	struct agx4_fw_queue *fq = job->fq;
	u32 s;

	for (s = 0; s < G16_LANES; s++)
		fq->lanes[s].ordinal = job->prev_ordinal[s];
	memcpy(fq->hist, job->prev_hist, sizeof(fq->hist));
}

static void free_cmds(struct agx4_fw_job *job)
{
	u32 i;

	for (i = 0; i < job->ncmds; i++)
		if (job->cmds[i].obj)
			work_put(job->fq, job->cmds[i].obj);
}

static int prepare_cmds(struct agx4_fw_job *job, const struct agx4_cmdbuf *cb,
			int ctx, u32 *credits)
{
	struct agx4_fw_queue *fq = job->fq;
	struct g16_hist *e[G16_SQ_NUM];
	u32 n[G16_SQ_NUM] = { 1, 1 };
	u32 i, s, total = 0;
	int ret = 0;

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
		struct g16_lane *l;
		u32 ndeps = 0;

		h = resolve(e[G16_SQ_RENDER], n[G16_SQ_RENDER], c->wait_vdm);
		if (h)
			deps[ndeps++] = h;
		h = resolve(e[G16_SQ_COMPUTE], n[G16_SQ_COMPUTE], c->wait_cdm);
		if (h)
			deps[ndeps++] = h;
		cmd->lane = AGX4_FW_LANE_COMPUTE;
		l = &fq->lanes[cmd->lane];
		cmd->stamp = lane_first_stamp(fq->adev, cmd->lane) +
			     l->ordinal * G16_STAMP_STEP;
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

static int g16_job_prepare(struct agx4_fw_queue *fq,
			   const struct agx4_cmdbuf *cb,
			   struct agx4_fw_job **out, u32 *credits)
{
	struct agx4_fw_job *job;
	u32 i, s;
	int ctx, ret;

	if (!cb->count || cb->count > AGX4_MAX_COMMANDS)
		return -EINVAL;
	for (i = 0; i < cb->count; i++)
		if (!cb->cmds[i].is_compute)
			return -EOPNOTSUPP;
	ctx = vm_context(fq);
	if (ctx < 0)
		return ctx;
	job = kzalloc(struct_size(job, cmds, cb->count), GFP_KERNEL);
	if (!job)
		return -ENOMEM;
	job->ncmds = cb->count;
	job->fq = fq;
	INIT_LIST_HEAD(&job->link);
	ret = lease_take(fq);
	if (ret) {
		kfree(job);
		return ret;
	}
	for (s = 0; s < G16_LANES; s++)
		job->prev_ordinal[s] = fq->lanes[s].ordinal;
	memcpy(job->prev_hist, fq->hist, sizeof(fq->hist));
	ret = prepare_cmds(job, cb, ctx, credits);
	if (ret) {
		unprepare(job);
		free_cmds(job);
		lease_put(fq);
		kfree(job);
		return ret;
	}
	*out = job;
	return 0;
}

/* ---- publish and flush ---- */

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

	lockdep_assert_held(&sub->lock);
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

/* Room for one more message on @ch: both firmware cursors (H). */
static bool chan_room(struct agx4_channel *ch)
{
	u32 r = agx4_cursor_get(&ch->read), d = agx4_cursor_get(&ch->done);
	u32 n = ch->entries;

	if (r >= n || d >= n)
		return false;
	return (ch->head + n - r) % n + 1 < G16_CHAN_HALF &&
	       (ch->head + n - d) % n + 1 < G16_CHAN_HALF;
}

/* Send @job's messages if every channel it needs has room. */
static bool send_locked(struct agx4_fw_g16_sub *sub, struct agx4_fw_job *job,
			u32 *chans)
{
	/* H: 3D channels first, then TA, then compute. */
	static const u32 order[G16_LANES] = {
		AGX4_FW_LANE_3D, AGX4_FW_LANE_TA, AGX4_FW_LANE_COMPUTE };
	struct agx4_fw_queue *fq = job->fq;
	u32 i;

	lockdep_assert_held(&sub->lock);
	for (i = 0; i < G16_LANES; i++)
		if (job->lanes & BIT(order[i]) &&
		    !chan_room(&sub->chans[lane_channel(fq, order[i])]))
			return false;
	for (i = 0; i < G16_LANES; i++) {
		u32 s = order[i], c = lane_channel(fq, s);
		struct agx4_channel *ch = &sub->chans[c];
		struct g16_lane *l = &fq->lanes[s];
		struct g16_work_msg *msg;

		if (!(job->lanes & BIT(s)))
			continue;
		/* The ring entries before the index that covers them. */
		wmb();
		WRITE_ONCE(l->ptrs->write, cpu_to_le32(job->head[s]));
		msg = ch->ring + (size_t)ch->head * ch->entry_size;
		msg->tag = cpu_to_le64(job->tag[s]);
		msg->queue = cpu_to_le64(l->record);
		msg->kind = cpu_to_le32(s);
		msg->head = cpu_to_le32(job->head[s] |
					lane_event(fq, s) << G16_MSG_EVENT_SHIFT |
					(l->first_sent ? 0 : G16_MSG_FIRST));
		l->first_sent = true;
		job->epoch[s] = ch->head;
		ch->head = (ch->head + 1) % ch->entries;
		*chans |= BIT(c);
	}
	job->sent = true;
	return true;
}

/*
 * Send what waits, in order, while there is room; then move the
 * producers of the channels written and ring one doorbell per (priority,
 * engine).
 */
static void flush_locked(struct agx4_fw_g16_sub *sub, struct agx4_device *adev)
{
	const struct agx4_fw_transport *t = &adev->transport;
	struct agx4_fw_job *job, *tmp;
	unsigned long bells = 0;
	u32 chans = 0, c;

	lockdep_assert_held(&sub->lock);
	list_for_each_entry_safe(job, tmp, &sub->deferred, link) {
		if (!send_locked(sub, job, &chans))
			break;
		list_del_init(&job->link);
	}
	if (!chans)
		return;
	/* The messages before the producers; agx4_cursor_set() orders too. */
	wmb();
	for (c = 0; c < AGX4_FW_NUM_WORK_CHANNELS; c++) {
		if (!(chans & BIT(c)))
			continue;
		agx4_cursor_set(&sub->chans[c].prod, sub->chans[c].head);
		__set_bit(c / 3 * 3 + (c % 3 == AGX4_FW_LANE_COMPUTE ?
				       G16_ENGINE_COMPUTE : G16_ENGINE_RENDER),
			  &bells);
	}
	/* The producers before the doorbells. */
	wmb();
	for_each_set_bit(c, &bells, AGX4_FW_NUM_WORK_CHANNELS) {
		u64 msg;

		if (!agx4_rtkit_msg_kick(c / 3, c % 3, &msg) && t->ops &&
		    t->ops->ring)
			t->ops->ring(t->priv, 0, AGX4_RTKIT_EP_DOORBELL, msg);
	}
}

static void g16_job_publish(struct agx4_fw_job *job)
{
	struct agx4_fw_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;
	u32 i, k;

	spin_lock_irqsave(&sub->lock, flags);
	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];
		struct g16_lane *l = &fq->lanes[cmd->lane];

		job->tag[cmd->lane] = number_compute_locked(sub, cmd);
		for (k = 0; k < cmd->ndeps; k++)
			ring_push(l, cmd->obj->va + G16_CW_DEPS +
				  k * G16_DEP_SIZE);
		ring_push(l, cmd->obj->va);
		job->head[cmd->lane] = l->head;
	}
	job->published = true;
	list_add_tail(&job->link, &sub->deferred);
	flush_locked(sub, fq->adev);
	spin_unlock_irqrestore(&sub->lock, flags);
}

static void g16_poll(struct agx4_device *adev)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	unsigned long flags;

	if (!sub)
		return;
	spin_lock_irqsave(&sub->lock, flags);
	flush_locked(sub, adev);
	spin_unlock_irqrestore(&sub->lock, flags);
}

/* ---- completion ---- */

static bool lane_done(struct agx4_fw_job *job, u32 s)
{
	struct agx4_fw_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct agx4_channel *ch = &sub->chans[lane_channel(fq, s)];
	const struct g16_lane *l = &fq->lanes[s];
	u32 next = (job->epoch[s] + 1) % ch->entries;

	return stamp_reached(le32_to_cpu(READ_ONCE(*l->fw_stamp)),
			     job->stamp[s]) &&
	       index_reached(le32_to_cpu(READ_ONCE(l->ptrs->done)),
			     job->head[s], G16_QUEUE_RING_ITEMS) &&
	       index_reached(le32_to_cpu(READ_ONCE(l->ptrs->read)),
			     job->head[s], G16_QUEUE_RING_ITEMS) &&
	       index_reached(agx4_cursor_get(&ch->read), next, ch->entries) &&
	       index_reached(agx4_cursor_get(&ch->done), next, ch->entries);
}

static bool cmd_done(const struct g16_cmd *cmd)
{
	const u8 *cpu = cmd->obj->cpu;
	const struct g16_compute_notifier *nt =
		(const void *)(cpu + G16_CW_NOTIFIER);
	u32 ds = le32_to_cpu(READ_ONCE(*(const __le32 *)(cpu +
						       G16_CW_DRIVER_STAMP)));

	return stamp_reached(ds, cmd->stamp) && !READ_ONCE(nt->linked);
}

static int g16_job_status(struct agx4_fw_job *job)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	unsigned long flags;
	bool sent;
	u32 i, s;

	spin_lock_irqsave(&sub->lock, flags);
	sent = job->sent;
	spin_unlock_irqrestore(&sub->lock, flags);
	if (!sent)
		return -EINPROGRESS;
	/* The stamps before what they cover. */
	rmb();
	for (s = 0; s < G16_LANES; s++)
		if (job->lanes & BIT(s) && !lane_done(job, s))
			return -EINPROGRESS;
	for (i = 0; i < job->ncmds; i++)
		if (!cmd_done(&job->cmds[i]))
			return -EINPROGRESS;
	return 0;
}

static void g16_job_free(struct agx4_fw_job *job)
{
	struct agx4_fw_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->lock, flags);
	/* Published and never sent: its queue is going away. */
	list_del_init(&job->link);
	spin_unlock_irqrestore(&sub->lock, flags);
	if (!job->published)
		unprepare(job);
	free_cmds(job);
	lease_put(fq);
	kfree(job);
}

#if IS_ENABLED(CONFIG_KUNIT)
/**
 * agx4_fw_g16_queue_obj() - the block of a queue's lanes, for tests
 * @fq: the queue.
 *
 * Return: the object.
 */
struct agx4_fw_obj *agx4_fw_g16_queue_obj(struct agx4_fw_queue *fq)
{
	return fq->obj;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16_queue_obj);

/**
 * agx4_fw_g16_job_obj() - the storage of a job's command, for tests
 * @job: the job.
 * @i: the command.
 *
 * Return: the object, or NULL past the job's commands.
 */
struct agx4_fw_obj *agx4_fw_g16_job_obj(struct agx4_fw_job *job, u32 i)
{
	return i < job->ncmds ? job->cmds[i].obj : NULL;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16_job_obj);
#endif

/*
 * The G16 submission backend.  Credits count ring entries: a queue's
 * published and unretired work never holds half of a lane's ring.
 */
const struct agx4_fw_submit_ops agx4_fw_g16_submit_ops = {
	.credit_limit = G16_RING_HALF - 1,
	.queue_create = g16_queue_create,
	.queue_destroy = g16_queue_destroy,
	.job_prepare = g16_job_prepare,
	.job_publish = g16_job_publish,
	.job_status = g16_job_status,
	.job_free = g16_job_free,
	.poll = g16_poll,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16_submit_ops);
