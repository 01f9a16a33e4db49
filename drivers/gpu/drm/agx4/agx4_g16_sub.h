/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Between the units of the G16 submission backend: the queue, its lanes
 * and publication (agx4_g16_submit.c), the event leases
 * (agx4_g16_lease.c), job preparation (agx4_g16_prep.c) and the per-VM
 * state (agx4_g16_vm.c).  Nothing outside them includes it.
 */
#ifndef AGX4_G16_SUB_H
#define AGX4_G16_SUB_H

#include <linux/bits.h>
#include <linux/container_of.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>

#include <drm/drm_mm.h>

#include "agx4_fw_g16_boot.h"
#include "agx4_fw_queue.h"
#include "agx4_tvb.h"
#include "agx4_fwif_g16.h"
#include "agx4_uat.h"

struct agx4_cmdbuf;
struct agx4_device;
struct agx4_fw_ev_grow_in;
struct agx4_fw_render_in;
struct agx4_fw_obj;
struct agx4_render_desc;
struct agx4_vm;
struct dma_fence;

/* Subqueues of the UAPI barriers. */
enum { G16_SQ_RENDER, G16_SQ_COMPUTE, G16_SQ_NUM };
/* A command waits for at most one work of each subqueue. */
static_assert(G16_MAX_DEPS == G16_SQ_NUM);

/* The alias attributes: GPU read-write, uncached (H: the reference's). */
extern const struct agx4_uat_prot agx4_g16_gpu_rw;

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
 *	it); protected by &agx4_engine.lock.
 * @seen: the firmware stamp as last read; protected by
 *	&agx4_engine.lock.
 * @top: the stamp target of the last work published on the lane, past
 *	which the firmware cannot have stamped; protected likewise.
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
	u32 seen;
	u32 top;
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
 * struct agx4_g16_queue - a G16 queue
 * @base: what the job unit sees (device, VM; the queue holds a reference
 *	to the VM).
 * @sub: submission's shared state.
 * @obj: the block of its three lanes.
 * @priority: its firmware priority.
 * @lanes: the lanes, by stage.
 * @hist: per subqueue, the last work prepared; prepare-time state under
 *	the caller's submit lock.
 * @lease: its event lease, -1 for none; protected by
 *	&agx4_engine.lock.
 * @outstanding: its jobs reserved and not freed; protected likewise.
 *	The queue holds a lease while it has any, unless it was killed.
 */
struct agx4_g16_queue {
	struct agx4_fw_queue base;
	struct agx4_fw_g16_sub *sub;
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
 * @lane: the lane it runs on (a render: the 3D lane, its last).
 * @stamp: its lane stamp target (a render: the 3D stamp).
 * @ndeps: dependency items before it in the ring (a render: the TA's).
 * @nfrag: a render's dependency items before its 3D stage.
 * @render: a render command.
 * @ta_stamp: a render's TA stamp target.
 * @scene: a render's scene slot, -1 until the job has its place
 *	(agx4_g16_scenes_reserve()).
 * @scratch: a render's scratch (tilemap, TPC, then %G16_RS_PAGES pages).
 * @node: where @scratch is in the VM's scratch arena, once placed.
 * @mapped: @scratch is mapped at @node in the arena's window.
 * @tilemap: a render's tilemap bytes (the start of @scratch).
 * @tpc: its TPC bytes (after the tilemap).
 * @desc: a render's command, in the job's command buffer, which lives
 *	as long as the job: the build is redone with it once the job has
 *	its place, if that is not the one SUBMIT built for, or its VM's
 *	context, likewise.
 * @in: a render's inputs to the build, kept for that.
 * @cdesc: a compute command, in the job's command buffer: its build is
 *	redone with it for the VM's context, if not the one SUBMIT built
 *	for.
 * @cin: a compute command's inputs to the build, kept for that.
 * @aliased: a render's storage is mapped at its alias in context 0.
 * @prelude: a render that carries its pool's TA prelude.
 * @dep_lane: the lane each of its dependency items waits for (a render:
 *	the 3D stage's first, then the TA's), for set_events().
 */
struct g16_cmd {
	struct agx4_fw_obj *obj;
	u32 lane;
	u32 stamp;
	u32 ndeps;
	u32 nfrag;
	bool render;
	u32 ta_stamp;
	int scene;
	struct agx4_fw_obj *scratch;
	struct drm_mm_node node;
	bool mapped;
	u64 tilemap;
	u64 tpc;
	const struct agx4_render_desc *desc;
	struct agx4_fw_render_in *in;
	const struct agx4_compute_desc *cdesc;
	struct agx4_fw_compute_in *cin;
	bool aliased;
	bool prelude;
	u8 dep_lane[G16_MAX_DEPS];
};

/**
 * struct agx4_g16_job - a G16 job: the commands of one SUBMIT
 * @base: what the job unit sees.
 * @fq: its queue.
 * @published: @job_publish ran.
 * @sent: its messages went out; protected by &agx4_engine.lock.
 * @dropped: its queue was killed before they went out, so they never
 *	will; protected likewise.
 * @lanes: bit s: it has work on lane s.
 * @head: per lane, the lane's ring position after its last entry.
 * @stamp: per lane, the stamp target of its last work there.
 * @msg: per lane, the number of its message on the lane's channel
 *	(&agx4_fw_g16_count.sent before it; once @sent).
 * @tag: per lane, the tag of its message.
 * @prev_ordinal: the lanes' ordinals before prepare, to undo it.
 * @prev_hist: the queue's history before prepare, to undo it.
 * @leased: @job_reserve (or a lease handed over) counted it in its
 *	queue's &agx4_g16_queue.outstanding; protected by &agx4_engine.lock.
 * @events: set_events() ran; only @job_reserve, serialised by drm_sched,
 *	touches it.
 * @lease_wait: its wait for an event lease (&agx4_fw_g16_sub.leases).
 * @ctx_wait: its wait for its VM's context (&agx4_fw_g16_sub.contexts).
 * @ctx_held: it is counted on its VM's context (&g16_vm.busy);
 *	protected by &agx4_engine.lock.
 * @ctx: the context its commands are built for (0: none yet); only
 *	prepare and then @job_reserve, serialised by drm_sched, touch it.
 * @nrender: its render commands.
 * @support_wait: its wait for its VM's render support lease, if it
 *	renders (&agx4_fw_g16_sub.support_room).
 * @supported: its VM holds a lease for it (&g16_render_vm.sl); protected
 *	by &agx4_engine.lock.
 * @slot: the buffer-manager slot its renders are built for (0: a
 *	stand-in, not yet a lease's); only prepare
 *	and then @job_reserve, serialised by drm_sched, touch it.
 * @scene_wait: its wait for scene slots and scratch, if it renders.
 * @scened: it holds its renders' scene slots and scratch places;
 *	protected by &agx4_engine.lock.
 * @placed: its scratch is mapped there and its renders built for it;
 *	only @job_reserve, serialised by drm_sched, touches it.
 * @ncmds: entries of @cmds.
 * @cmds: its commands, in order.
 */
struct agx4_g16_job {
	struct agx4_fw_job base;
	struct agx4_g16_queue *fq;
	bool published;
	bool sent;
	bool dropped;
	u32 lanes;
	u32 head[G16_LANES];
	u32 stamp[G16_LANES];
	u64 msg[G16_LANES];
	u64 tag[G16_LANES];
	u32 prev_ordinal[G16_LANES];
	struct g16_hist prev_hist[G16_SQ_NUM];
	bool leased;
	bool events;
	struct agx4_room_wait lease_wait;
	struct agx4_room_wait ctx_wait;
	bool ctx_held;
	int ctx;
	u32 nrender;
	struct agx4_room_wait support_wait;
	bool supported;
	u32 slot;
	struct agx4_room_wait scene_wait;
	bool scened;
	bool placed;
	u32 ncmds;
	struct g16_cmd cmds[] __counted_by(ncmds);
};

static inline struct agx4_g16_queue *to_g16_queue(struct agx4_fw_queue *q)
{
	return container_of(q, struct agx4_g16_queue, base);
}

static inline struct agx4_g16_job *to_g16_job(struct agx4_fw_job *j)
{
	return container_of(j, struct agx4_g16_job, base);
}

/* Compute storage a VM keeps for reuse (the reference's arenas hold 16). */
#define G16_VM_SPARE_WORKS	16

/**
 * struct g16_vm - what a VM holds for G16 submission (agx4_vm_fw_state())
 * @lock: protects @spare, @nspare and the making of @r.
 * @adev: the device.
 * @vm: the VM.
 * @ctx: the context (ASID slot) lent to the VM, or -1; written under
 *	&agx4_engine.lock, stable while @busy.
 * @busy: its jobs counted on @ctx (&agx4_g16_job.ctx_held): they were
 *	reserved and the firmware is not done with them (nor were they
 *	freed); under &agx4_engine.lock.  While 0 the
 *	context may be taken back for another VM.
 * @used: &agx4_fw_g16_sub.ctx_clock when a job last took @ctx; under
 *	&agx4_engine.lock.
 * @spare: compute storage of retired commands, mapped still, for reuse.
 * @nspare: entries of @spare.
 * @r: its render objects, or NULL; set under @lock.
 * @incarnation: the firmware boot it was made for
 *	(&agx4_fw_boot.incarnation).
 */
struct g16_vm {
	/* Protects @spare, @nspare and the making of @r. */
	struct mutex lock;
	struct agx4_device *adev;
	u32 incarnation;
	struct agx4_vm *vm;
	int ctx;
	u32 busy;
	u64 used;
	struct agx4_fw_obj *spare[G16_VM_SPARE_WORKS];
	u32 nspare;
	struct g16_render_vm *r;
};

/*
 * Where a render support lease's operand directory, table and buffers are
 * mapped in the VM it is lent to: its carve-out up to the TVB page list.
 */
#define G16_VM_LEASE_SIZE	G16_VM_PAGES
static_assert(G16_VM_BUFS + G16_RENDER_BUFFERS * G16_OPERAND_BUFFER_STRIDE <=
	      G16_VM_LEASE_SIZE);

/**
 * struct g16_support_lease - a render support lease and its storage
 * @n: its index: support identity and private-memory slot 3 + @n,
 *	buffer-manager slot %G16_BM_SLOT_FIRST + @n.
 * @support: the support page (record, shared-state word).
 * @dir: the operand directory.
 * @table: the operand table.
 * @bufs: the operand buffers, with their guards.
 * @r: the render objects it is lent to, or NULL; changed under
 *	&agx4_fw_g16_sub.support_lock and &agx4_engine.lock, read under
 *	either, as @used.
 * @last: the id of the render objects it was last lent to, whose data
 *	its operand buffers may hold (0: none, they are zero); under
 *	&agx4_fw_g16_sub.support_lock.
 * @used: &agx4_fw_g16_sub.support_clock when it was last lent.
 * @published: render Works published on it (its shared-state word);
 *	under &agx4_engine.lock.
 */
struct g16_support_lease {
	u32 n;
	struct agx4_fw_obj *support;
	struct agx4_fw_obj *dir;
	struct agx4_fw_obj *table;
	struct agx4_fw_obj *bufs;
	struct g16_render_vm *r;
	u64 last;
	u64 used;
	u32 published;
};

/**
 * struct g16_render_vm - a VM's render objects, made at its first render
 * @sl: the render support lease lent to it, or NULL; as
 *	&g16_support_lease.r, and stable while its VM has jobs counted on
 *	its context (&g16_vm.busy).  The pool's buffer-manager slot is
 *	%G16_BM_SLOT_FIRST + its index.
 * @id: their number among the render objects of the firmware's
 *	submission state, given when first lent a lease (0: never); under
 *	&agx4_fw_g16_sub.support_lock.
 * @ks: the VM's kernel carve-out start, where they are mapped.
 * @lease_window: the page tables of the carve-out's first
 *	%G16_VM_LEASE_SIZE bytes, where the lease's storage is mapped while
 *	it is lent (from drm_sched's prepare_job, where nothing may
 *	allocate).
 * @pb: the pool's parameter-buffer descriptor, as the firmware's table
 *	holds it at the lease's slot while the lease is lent.
 * @tvb: the TVB pool (buffer manager, scenes, block control and lists).
 * @pages: the TVB page list.
 * @slots: the pool-slot words.
 * @blocks: the pool's first blocks, with their guards.
 * @lock: protects @scenes and @scratch; taken inside &agx4_engine.lock
 *	(the room's), alone once the firmware went (the VM outlives it).
 * @scenes: bit s: scene slot s is a render's.
 * @scratch: the scratch arena.
 * @arena: the arena's start, whole leaf tables of @window.
 * @arena_size: its bytes.
 * @window: the arena's page tables, pinned while the VM renders: a job
 *	maps its scratch there when it gets its place, where nothing may
 *	allocate.
 * @scene_room: the jobs waiting for scene slots and scratch
 *	(agx4_g16_scenes_reserve()); under &agx4_engine.lock.
 * @live: the pool's TA prelude went out since it got its lease; under
 *	&agx4_engine.lock.
 * @inits: the preludes that went out (each makes the pool anew for the
 *	firmware, which numbers its growth requests from 0 again); under
 *	&agx4_engine.lock, read without it by growth.
 * @tp_inits: @inits when growth last looked; under
 *	&agx4_fw_g16_sub.tvb_lock.
 * @gv: the VM's G16 state (its context), for growth requests.
 * @vm: the VM.
 * @tp: the pool's blocks and growth counter; under
 *	&agx4_fw_g16_sub.tvb_lock, as the next two (its refusal is read
 *	without it by the memory-limit handler).
 * @ngrown: entries of @grown.
 * @grown: the blocks each growth added, with their guards, mapped after
 *	the first ones (@blocks).
 */
struct g16_render_vm {
	struct g16_support_lease *sl;
	u64 id;
	u64 ks;
	struct agx4_uat_window lease_window;
	u8 pb[G16_PB_DESC_SIZE];
	struct agx4_fw_obj *tvb;
	struct agx4_fw_obj *pages;
	struct agx4_fw_obj *slots;
	struct agx4_fw_obj *blocks;
	spinlock_t lock;	/* @scenes, @scratch */
	unsigned long scenes;
	struct drm_mm scratch;
	u64 arena;
	u64 arena_size;
	struct agx4_uat_window window;
	struct agx4_room scene_room;
	bool live;
	u32 inits;
	u32 tp_inits;
	struct g16_vm *gv;
	struct agx4_vm *vm;
	struct agx4_tvb_pool tp;
	u32 ngrown;
	struct agx4_fw_obj *grown[G16_TVB_MAX_GROWTHS];
};

/* The event id of @fq's lease on @lane (its lease must be held). */
static inline u32 agx4_g16_lane_event(const struct agx4_g16_queue *fq,
				      u32 lane)
{
	return G16_EVENT_FIRST + 3 * fq->lease + lane;
}

/* agx4_g16_vm.c: a VM's context, storage and render objects. */
int agx4_g16_vm_context(struct agx4_g16_queue *fq);
struct dma_fence *agx4_g16_ctx_reserve(struct agx4_g16_job *job);
void agx4_g16_ctx_put(struct agx4_g16_job *job);
void agx4_g16_ctx_cancel_locked(struct agx4_g16_job *job, int err);
void agx4_g16_ctx_done_locked(struct agx4_g16_job *job);
void agx4_g16_ctx_kill_locked(struct agx4_g16_queue *fq);
struct g16_render_vm *agx4_g16_render_vm(struct agx4_g16_queue *fq);
struct dma_fence *agx4_g16_scenes_reserve(struct agx4_g16_job *job);
void agx4_g16_scenes_cancel_locked(struct agx4_g16_job *job, int err);
void agx4_g16_scenes_kill_locked(struct agx4_g16_queue *fq);
bool agx4_g16_render_place(struct agx4_g16_queue *fq, struct g16_render_vm *r,
			   struct g16_cmd *cmd);
void agx4_g16_render_put(struct agx4_g16_queue *fq, struct g16_cmd *cmd,
			 bool fw_alive);
u64 agx4_g16_compute_alias(struct agx4_device *adev, struct agx4_fw_obj *obj);
struct agx4_fw_obj *agx4_g16_work_get(struct agx4_g16_queue *fq);
void agx4_g16_work_put(struct agx4_g16_queue *fq, struct agx4_fw_obj *obj);
void agx4_g16_work_destroy(struct agx4_device *adev, struct agx4_fw_obj *obj,
			   bool fw_alive);
int agx4_g16_dev_alias(struct agx4_device *adev, struct agx4_fw_obj *obj,
		       u64 va, bool map);
int agx4_g16_tvb_grow(struct agx4_device *adev,
		      const struct agx4_fw_ev_grow_in *req, u32 max_blocks);

/* agx4_g16_support.c: render support leases. */
int agx4_g16_support_offer(struct agx4_g16_queue *fq, struct g16_render_vm *r,
			   u32 *slot, u64 *support);
struct dma_fence *agx4_g16_support_reserve(struct agx4_g16_job *job);
void agx4_g16_support_cancel_locked(struct agx4_g16_job *job, int err);
void agx4_g16_support_kill_locked(struct agx4_g16_queue *fq);
void agx4_g16_support_idle_locked(struct agx4_fw_g16_sub *sub);
void agx4_g16_support_leave(struct agx4_fw_g16_sub *sub,
			    struct g16_render_vm *r);
struct g16_render_vm *agx4_g16_support_pool(struct agx4_fw_g16_sub *sub,
					    u32 slot);
void agx4_g16_support_work(struct work_struct *work);
void agx4_g16_fw_gone(struct agx4_device *adev);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
extern unsigned int agx4_g16_support_leases_param;
#endif

/* agx4_g16_lease.c: event leases. */
struct dma_fence *agx4_g16_job_reserve(struct agx4_fw_job *j);
void agx4_g16_lease_put(struct agx4_g16_queue *fq);
void agx4_g16_lease_drop_locked(struct agx4_g16_queue *fq);
void agx4_g16_lease_cancel_locked(struct agx4_g16_job *job, int err);
void agx4_g16_job_waits_fini(struct agx4_g16_job *job);

/* agx4_g16_prep.c: job preparation and its undoing. */
int agx4_g16_job_prepare(struct agx4_fw_queue *q, const struct agx4_cmdbuf *cb,
			 struct agx4_fw_job **out, u32 *credits);
void agx4_g16_unprepare(struct agx4_g16_job *job);
bool agx4_g16_job_context(struct agx4_g16_job *job, int ctx);
bool agx4_g16_job_slot(struct agx4_g16_job *job, u32 slot, u64 support);
void agx4_g16_free_cmds(struct agx4_g16_job *job, bool fw_alive);

#endif /* AGX4_G16_SUB_H */
