/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G17P submission backend (agx4_g17p_*.c): the state its files share
 * and the calls between them, and what the G17P boot
 * (agx4_fw_g17p_boot.c) builds that submission uses.
 */
#ifndef AGX4_G17P_SUB_H
#define AGX4_G17P_SUB_H

#include <linux/atomic.h>
#include <linux/bitmap.h>
#include <linux/container_of.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>
#include <linux/workqueue.h>

#include "agx4_engine.h"
#include "agx4_fw_g17p_init.h"
#include "agx4_uat.h"
#include "agx4_fw_g17p_work.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_queue.h"
#include "agx4_tvb.h"
#include "agx4_fwif_g17p.h"

struct agx4_cmdbuf;
struct agx4_device;
struct agx4_fw_boot;
struct agx4_fw_ctl;
struct agx4_fw_ev_grow_in;
struct agx4_fw_ev_limit_in;
struct agx4_uat;
struct agx4_vm;
struct drm_printer;
struct g17p_pool;

/* Work channels used: priority 2's TA, 3D and compute (6, 7, 8). */
#define AGX4_G17P_NUM_STAGES	3
/* Compute owners: grids 32 .. 127. */
#define AGX4_G17P_MAX_OWNERS	G17P_NUM_OWNERS
/* Render pools: grids 0 .. 31 without 4 and 5. */
#define AGX4_G17P_MAX_POOLS	G17P_NUM_POOLS

/**
 * struct agx4_fw_g17p_sub - the device's G17P submission state
 *
 * Made by the boot (agx4_fw_g17p_boot()), in the boot's own state.
 */
struct agx4_fw_g17p_sub {
	/** @b: the firmware. */
	struct agx4_fw_boot *b;
	/**
	 * @eng: the submission engine: publication, channel counts,
	 * doorbells and the jobs waiting for channel room.  Its lock
	 * (&agx4_engine.lock) protects @chan and every field said to be
	 * under it, and is also taken from the completion scan.
	 */
	struct agx4_engine eng;
	/** @chan: the primary's channels 6, 7 and 8, by stage. */
	struct agx4_work_chan chan[AGX4_G17P_NUM_STAGES];
	/** @chan_va: firmware addresses of their rings. */
	u64 chan_va[AGX4_G17P_NUM_STAGES];
	/** @renders_done: renders seen complete since the boot; under &agx4_engine.lock. */
	u64 renders_done;
	/**
	 * @render_ordinal: renders published since the boot, the ordinal of
	 * the next one (0: the first); under &agx4_engine.lock.
	 */
	u64 render_ordinal;
	/**
	 * @live: commands (render or compute) published and neither seen
	 * done nor freed; under &agx4_engine.lock.
	 */
	u32 live;
	/**
	 * @pool_terminals: completion reports from the primary naming both
	 * grids of each render pool, by pool index; under &agx4_engine.lock.
	 */
	u32 pool_terminals[AGX4_G17P_MAX_POOLS];
	/**
	 * @owner_terminals: completion reports from the primary naming each
	 * compute owner's grid, by owner index; under &agx4_engine.lock.
	 */
	u32 owner_terminals[AGX4_G17P_MAX_OWNERS];
	/**
	 * @setup_lock: protects @owners, @operands and the dispatch
	 * block; with &agx4_engine.lock, @pools and @pool (either lock
	 * reads them).
	 */
	struct mutex setup_lock;
	/** @owners: compute owner indices in use. */
	DECLARE_BITMAP(owners, AGX4_G17P_MAX_OWNERS);
	/** @pools: render pool indices in use. */
	DECLARE_BITMAP(pools, AGX4_G17P_MAX_POOLS);
	/** @pool: the render pools made, by index. */
	struct g17p_pool *pool[AGX4_G17P_MAX_POOLS];
	/**
	 * @pool_room: jobs whose queue has no pool wait here, in drm_sched's
	 * prepare_job, for one to go idle (&agx4_g17p_job.pool_wait); closed
	 * when submission ends.
	 */
	struct agx4_room pool_room;
	/**
	 * @unplaced: jobs with renders prepared and not freed whose renders
	 * have no pool index yet; under &agx4_engine.lock, as the next two.
	 */
	u32 unplaced;
	/** @orphans: pools of no queue, kept for jobs that wait for one. */
	u32 orphans;
	/** @pool_clock: counts renders placed, for &g17p_pool.used. */
	u64 pool_clock;
	/**
	 * @pool_work: retires what pools moving between VMs left in the VM
	 * they left (&g17p_pool.retire), and frees the orphans no job waits
	 * for; not queued once submission ended (agx4_engine_stopped()).
	 */
	struct work_struct pool_work;
	/** @operands: the compute operand buffers, made at first use. */
	struct agx4_fw_obj *operands;
	/** @dispatch: the dispatch block (primary region 1 + 0x20), CPU view. */
	void *dispatch;
	/** @region0: primary region 0, CPU view. */
	void *region0;
	/**
	 * @cleanup_lock: serialises queue cleanups: their device-control
	 * records, the wait for the firmware to take them, and @retained.
	 */
	struct mutex cleanup_lock;
	/**
	 * @retained: queues whose cleanup the firmware did not take in
	 * time, kept whole until a later cleanup finds the control channel
	 * drained or the firmware stops (a crash, the removal).
	 */
	struct list_head retained;
	/**
	 * @tvb_lock: serialises TVB growth with a pool's release and its
	 * counter's reset: protects each pool's grown blocks and the VM
	 * they are mapped in (a pool moves between VMs without it: see
	 * &g17p_pool.growing and &g17p_pool.moving); taken before
	 * @setup_lock.
	 */
	struct mutex tvb_lock;
};

/**
 * struct g17p_vm - a VM's G17P state (&agx4_vm.fw)
 * @sub: the device's submission state.
 * @ns: its compute operand lists, table and state.
 * @mapped: the namespace was (perhaps partly) mapped in the VM.
 * @pools: the render pools' windows in the VM (%G17P_WIN_BASE on), pinned
 *	while the state lives: a pool moves into the VM without allocating.
 * @owners: the compute owners' save areas in the VM (%G17P_KC_OWNERS of
 *	the kernel carve-out on, one part per owner index), pinned while the
 *	state lives: an owner's are mapped without allocating.
 */
struct g17p_vm {
	struct agx4_fw_g17p_sub *sub;
	struct agx4_fw_obj *ns;
	bool mapped;
	struct agx4_uat_window pools;
	struct agx4_uat_window owners;
};

/**
 * struct g17p_owner - a firmware compute queue and its arena
 * @index: owner index; grid 32 + @index.
 * @grid: its grid.
 * @arena: the arena (firmware half).
 * @low: its context-0 alias.
 * @priv: save areas and robustness words.
 * @priv_gpu: where @priv is in the VM.
 * @next: ordinal of the next command prepared; the caller's submit lock.
 * @epoch: transport epoch (0: the first bank, then the two pool banks by
 *	turns); the rest under &agx4_engine.lock.
 * @w: write index in the current bank.
 * @seen: the done index last read from the current bank.
 * @published: commands published.
 * @terminals: &agx4_fw_g17p_sub.owner_terminals of its grid when it was
 *	made or recycled; under &agx4_engine.lock.
 * @after_render: made (or recycled) once a render was published since the
 *	boot: its command 2 is preceded by a compute tick.
 * @held: descriptor slots a command holds (index, not offset); under
 *	&agx4_engine.lock, as the next one.
 * @desc_room: the wait of its queue's jobs for descriptor slots: at most
 *	one job waits (its queue's jobs reserve in order, and only its
 *	earlier jobs hold its slots); closed at unplug and when the
 *	firmware stops.
 */
struct g17p_owner {
	unsigned int index;
	u32 grid;
	struct agx4_fw_obj *arena;
	u64 low;
	struct agx4_fw_obj *priv;
	u64 priv_gpu;
	u32 next;
	u32 epoch;
	u32 w;
	u32 seen;
	u32 published;
	u32 terminals;
	bool after_render;
	DECLARE_BITMAP(held, G17P_OWN_DESCS);
	struct agx4_room desc_room;
};

/**
 * struct g17p_retire - what a pool left in the VM it moved out of
 * @vm: that VM (the pool's reference to it), NULL when nothing is left;
 *	under &agx4_engine.lock.
 * @blocks: the pool's block count there.
 * @ngrown: entries of @grown.
 * @grown: the blocks growth added there, still mapped in @vm.
 */
struct g17p_retire {
	struct agx4_vm *vm;
	u32 blocks;
	u32 ngrown;
	struct agx4_fw_obj *grown[G17P_TVB_MAX_GROWTHS];
};

/**
 * struct g17p_pool - a render pool: a firmware TA and 3D queue pair
 * @index: pool number, also its event slot.
 * @grid: its TA grid; the 3D grid is @grid + 1.
 * @arena: the arena (firmware half).
 * @low: its context-0 alias.
 * @mem: its memory in the VM window.
 * @gpu: the window's base in the VM.
 * @fq: the queue it is bound to; NULL for an orphan, or once that queue
 *	is being destroyed (@dying); under &agx4_engine.lock, as the next
 *	seven.
 * @live: jobs holding it (they took it at reserve and are not freed);
 *	0: idle.
 * @dying: its queue is destroyed: nobody takes it.
 * @moving: @fq took it and has not placed a render on it yet: its
 *	window may still be in the last queue's VM, no TVB growth.
 * @growing: a TVB growth is adding blocks: nobody takes it.
 * @used: &agx4_fw_g17p_sub.pool_clock at its last placement: the least
 *	recently used idle pool is taken first.
 * @bound_k: @next when @fq took it: its renders from there on are @fq's.
 * @retire: what it left in the VM it moved out of, for
 *	&agx4_fw_g17p_sub.pool_work; nobody takes it until that is done.
 * @vm: the VM its window is mapped in (a reference held), NULL when in
 *	none; changed only by the job that holds it (@live), or with the
 *	pool in no queue.
 * @asid: the context its support names as its client (pool_client()): a
 *	growth request for it must name that one; changed as @vm is.
 * @next: index of the next render placed; its holders', as the next
 *	two.
 * @tile: tilemap block bytes of the last render placed, 0 before.
 * @tpc: TPC bytes of the last render placed.
 * @epoch: transport epoch; the rest under &agx4_engine.lock.
 * @w: write index of each stage in the current bank.
 * @seen: the done index last read from each stage's current bank.
 * @published: renders published.
 * @recent: the last %G17P_TILEMAP_BLOCKS renders published, by index, while
 *	their job lives.
 * @tp: the TVB blocks the pool holds (%G17P_POOL_GROUPS, then what growth
 *	added in @vm) and its growth counter; under
 *	&agx4_fw_g17p_sub.tvb_lock (and @growing), as the next two.
 * @ngrown: entries of @grown.
 * @grown: the blocks each growth added, mapped in @vm's carve-out.
 */
struct g17p_pool {
	unsigned int index;
	u32 grid;
	struct agx4_fw_obj *arena;
	u64 low;
	struct agx4_fw_obj *mem;
	u64 gpu;
	struct agx4_g17p_queue *fq;
	unsigned int live;
	bool dying;
	bool moving;
	bool growing;
	u64 used;
	u32 bound_k;
	struct g17p_retire retire;
	struct agx4_vm *vm;
	int asid;
	u32 next;
	u64 tile;
	u64 tpc;
	u32 epoch;
	u32 w[2];
	u32 seen[2];
	u32 published;
	struct g17p_cmd *recent[G17P_TILEMAP_BLOCKS];
	struct agx4_tvb_pool tp;
	u32 ngrown;
	struct agx4_fw_obj *grown[G17P_TVB_MAX_GROWTHS];
};

/**
 * struct g17p_cmd - one command of a job
 * @compute: a compute command.
 * @wait_render: every render command published before it must be done.
 * @wait_compute: every compute command published before it must be done.
 * @published: it went out.
 * @done: the firmware was seen done with it.
 * @n: its ordinal on its owner or pool.
 * @epoch: the transport epoch (bank) of its owner or pool it went out in.
 * @w_end: the item ring write index after it.
 * @owner: its compute owner.
 * @ptrs: the pointer block of its bank, CPU view.
 * @seq: the number of its message on its channel (agx4_work_chan_write()).
 * @slotted: compute: it holds descriptor slot @slot of @owner; set by
 *	@job_reserve (or a slot handed over), under &agx4_engine.lock.
 * @counted: compute: it has its ordinal @n and slot index @slot (given
 *	at reserve), which agx4_g17p_desc_put() looks at.
 * @slot: compute: the index of the descriptor slot of its ordinal.
 * @desc: render: TA descriptor bytes (compute commands are built in
 *	their slot, at reserve).
 * @ev: its event item.
 * @ctx: its context record's host words (render: the TA's).
 * @npoints: dependency points in @ctx.
 * @pool: render: its pool.
 * @item: render: its queue item (1..255).
 * @fresh_geometry: render: zero the pool's TPC and tilemaps first.
 * @desc3d: render: 3D descriptor bytes.
 * @ev3d: render: the 3D event item.
 * @ctx3d: render: the 3D context record.
 * @npoints3d: dependency points in @ctx3d.
 * @opt: render: the TA and 3D optional records.
 * @ptrs3d: render: the 3D pointer block of its bank.
 * @w_end3d: render: the 3D write index after it.
 * @seq3d: render: the number of its 3D message on channel 7.
 * @terminals: render: its pool's terminal count when it went out.
 * @limited: render: a memory-limit report named it.
 */
struct g17p_cmd {
	bool compute;
	bool wait_render;
	bool wait_compute;
	bool published;
	bool done;
	bool slotted;
	bool counted;
	u16 slot;
	u32 n;
	u32 epoch;
	u32 w_end;
	struct g17p_owner *owner;
	struct g17p_pointers *ptrs;
	u64 seq;
	void *desc;
	struct g17p_event_item ev;
	struct g17p_context ctx;
	u32 npoints;
	struct g17p_pool *pool;
	u32 item;
	bool fresh_geometry;
	void *desc3d;
	struct g17p_event_item ev3d;
	struct g17p_context ctx3d;
	u32 npoints3d;
	struct g17p_optional opt[2];
	struct g17p_pointers *ptrs3d;
	u32 w_end3d;
	u64 seq3d;
	u32 terminals;
	bool limited;
};

/**
 * struct agx4_g17p_job - a SUBMIT on G17P
 * @base: what the job unit sees.
 * @fq: its queue.
 * @ran: job_publish() ran.
 * @cb: its commands (the job unit's, until the job is freed): its renders
 *	are built again at reserve, on the pool they take.
 * @pool: the pool its renders use (counted in its @live), or NULL; set
 *	under &agx4_engine.lock.
 * @placed: its renders are built on @pool: it may be published.
 * @pool_wait: its wait for a pool (&agx4_fw_g17p_sub.pool_room); its
 *	fence is allocated at prepare for a job with renders.
 * @asid: the context (ASID) its commands run in and name: its VM's.
 * @first_n: its first compute ordinal: at prepare, the compute commands
 *	of its queue's earlier jobs; given at reserve (@ordered).
 * @ncompute: its compute commands.
 * @nrender: its render commands.
 * @first_k: its first render index, once placed.
 * @tile: the pool's tilemap block bytes before it.
 * @tpc: the pool's TPC bytes before it.
 * @next: its first command not published yet.
 * @ordered: its compute commands have their ordinals (at reserve, under
 *	&agx4_engine.lock; until then they count in
 *	&agx4_g17p_queue.unordered).
 * @slotted: every compute command of it holds its descriptor slot; under
 *	&agx4_engine.lock.
 * @built: its compute commands are built in their slots (at reserve).
 * @unslotted: published without its descriptor slots or without its
 *	renders placed (its wait for them ended as the device went or the
 *	firmware stopped), or with its commands not built: none of it went
 *	out, it ends with -ECANCELED; under &agx4_engine.lock.
 * @desc_wait: its wait for descriptor slots (&g17p_owner.desc_room);
 *	its fence is allocated at prepare for a job with compute commands.
 * @count: its commands.
 * @cmds: the commands.
 */
struct agx4_g17p_job {
	struct agx4_fw_job base;
	struct agx4_g17p_queue *fq;
	bool ran;
	const struct agx4_cmdbuf *cb;
	struct g17p_pool *pool;
	bool placed;
	struct agx4_room_wait pool_wait;
	int asid;
	u32 first_n;
	u32 ncompute;
	u32 nrender;
	u32 first_k;
	u64 tile;
	u64 tpc;
	u32 next;
	bool ordered;
	bool slotted;
	bool built;
	bool unslotted;
	struct agx4_room_wait desc_wait;
	u32 count;
	struct g17p_cmd cmds[] __counted_by(count);
};

/**
 * struct agx4_g17p_queue - a UAPI queue's firmware side on G17P
 * @base: what the job unit sees (device, VM; a reference to the VM held).
 * @sub: the device's submission state.
 * @gvm: the VM's G17P state.
 * @asid: the VM's context.
 * @usc_base: the USC execution base.
 * @owner: its compute owner.
 * @pool: its render pool, NULL until it has one, and again once another
 *	queue took it over; under &agx4_engine.lock, as the next one.
 * @unplaced: render commands prepared and not yet placed on a pool.
 * @unordered: compute commands prepared and not yet given their ordinals
 *	(at reserve); under &agx4_engine.lock.
 * @scratch: the compute builder's event item before the copy into the
 *	command (see %AGX4_G17P_SCRATCH_SIZE).
 * @renders: render commands prepared; the caller's submit lock.
 * @last_render: the last render command published, or NULL; under
 *	&agx4_engine.lock, as the next two.
 * @last_compute: the same for compute.
 * @retained: on &agx4_fw_g17p_sub.retained, under its cleanup_lock.
 * @jobs: its jobs prepared and not freed; &agx4_engine.wq is woken when
 *	it drops to 0.
 * @killed: queue_kill() ended its work: nothing more of it goes out;
 *	under &agx4_engine.lock.
 * @spare: the storage of a freed job of one command, kept for the next
 *	one (most jobs have one), or NULL; taken and given with xchg().
 */
struct agx4_g17p_queue {
	struct agx4_fw_queue base;
	struct agx4_fw_g17p_sub *sub;
	struct g17p_vm *gvm;
	int asid;
	u64 usc_base;
	struct g17p_owner *owner;
	struct g17p_pool *pool;
	u32 unplaced;
	u32 unordered;
	void *scratch;
	u32 renders;
	struct g17p_cmd *last_render;
	struct g17p_cmd *last_compute;
	struct list_head retained;
	atomic_t jobs;
	bool killed;
	struct agx4_g17p_job *spare;
};

static inline struct agx4_g17p_queue *to_g17p_queue(struct agx4_fw_queue *q)
{
	return container_of(q, struct agx4_g17p_queue, base);
}

static inline struct agx4_g17p_job *to_g17p_job(struct agx4_fw_job *j)
{
	return container_of(j, struct agx4_g17p_job, base);
}

/*
 * &agx4_g17p_queue.scratch: the whole event item of a compute command
 * built at reserve (serialised by the queue's scheduler), whose first
 * 0x40 bytes the command keeps.
 */
#define AGX4_G17P_SCRATCH_SIZE	sizeof(struct g17p_event_item_compute)

static inline u64 own_va(const struct g17p_owner *o, u32 off)
{
	return o->arena->va + off;
}

static inline void *own_cpu(const struct g17p_owner *o, u32 off)
{
	return (u8 *)o->arena->cpu + off;
}

static inline u64 own_low(const struct g17p_owner *o, u32 off)
{
	return o->low + off;
}

/* Pool @p's TA grid; its 3D grid is the next (H: 4 and 5 are compute's). */
static inline u32 pool_grid(unsigned int p)
{
	return 2 * p + (p >= 2 ? 2 : 0);
}

static inline u64 pool_va(const struct g17p_pool *pl, u32 off)
{
	return pl->arena->va + off;
}

static inline void *pool_cpu(const struct g17p_pool *pl, u32 off)
{
	return (u8 *)pl->arena->cpu + off;
}

static inline u64 pool_low(const struct g17p_pool *pl, u32 off)
{
	return pl->low + off;
}

/* agx4_g17p_vm.c: the VM's state, the mappings' attributes */
extern const struct agx4_uat_prot agx4_g17p_gpu_rw;
struct g17p_vm *agx4_g17p_vm_state(struct agx4_fw_g17p_sub *sub,
				   struct agx4_vm *vm);
void agx4_g17p_write_dispatch(struct agx4_fw_g17p_sub *sub);
void agx4_g17p_write_dispatch_record(void *region1);

/* agx4_g17p_owner.c: compute owners */
void agx4_g17p_init_pointers(struct g17p_pointers *p);
void agx4_g17p_put_slot(struct agx4_fw_g17p_sub *sub, unsigned long *map,
			unsigned int i);
void agx4_g17p_owner_release(struct agx4_g17p_queue *fq, struct g17p_owner *o);
void agx4_g17p_owner_free(struct agx4_g17p_queue *fq, struct g17p_owner *o);
int agx4_g17p_owner_create(struct agx4_g17p_queue *fq);
int agx4_g17p_owner_recycle(struct agx4_g17p_queue *fq);
struct dma_fence *agx4_g17p_desc_reserve_locked(struct agx4_g17p_job *job);
void agx4_g17p_desc_put(struct agx4_g17p_job *job);
void agx4_g17p_desc_kill_locked(struct agx4_g17p_queue *fq);
int agx4_g17p_write_optional(struct agx4_g17p_queue *fq, struct g17p_owner *o,
			     int asid);
void agx4_g17p_switch_bank(struct g17p_owner *o);
u32 agx4_g17p_bank_offset(const struct g17p_owner *o);
u32 agx4_g17p_ring_offset(const struct g17p_owner *o);

/* agx4_g17p_pool.c: render pools, TVB growth */
void agx4_g17p_pool_release(struct g17p_pool *pl);
void agx4_g17p_pool_drop(struct agx4_fw_g17p_sub *sub, struct g17p_pool *pl);
void agx4_g17p_pools_gone(struct agx4_fw_g17p_sub *sub);
void agx4_g17p_pool_work(struct work_struct *work);
int agx4_g17p_pool_prepare(struct agx4_g17p_queue *fq, struct g17p_pool **made);
void agx4_g17p_pool_unmake(struct agx4_g17p_queue *fq, struct g17p_pool *pl);
struct g17p_pool *agx4_g17p_pool_stand_in(struct agx4_fw_g17p_sub *sub);
bool agx4_g17p_pool_take_own(struct agx4_g17p_job *job);
bool agx4_g17p_pool_take(struct agx4_room *r, struct agx4_room_wait *w);
void agx4_g17p_pool_bind(struct agx4_g17p_queue *fq, struct g17p_pool *pl,
			 int asid);
void agx4_g17p_pool_placed(struct agx4_g17p_job *job);
void agx4_g17p_pool_put(struct agx4_g17p_job *job);
int agx4_g17p_pool_recycle(struct agx4_g17p_queue *fq, struct g17p_pool *pl);
bool agx4_g17p_pool_full(struct agx4_g17p_queue *fq,
			 const struct agx4_cmdbuf *cb);
void agx4_g17p_switch_pool_banks(struct g17p_pool *pl);
u32 agx4_g17p_pool_bank(const struct g17p_pool *pl, unsigned int st);
u32 agx4_g17p_pool_ring(const struct g17p_pool *pl, unsigned int st);
void agx4_g17p_pool_quiesce_locked(struct agx4_fw_g17p_sub *sub,
				   struct g17p_pool *pl);
bool agx4_g17p_pool_idle_locked(struct agx4_fw_g17p_sub *sub,
				struct g17p_pool *pl, u32 k);
int agx4_g17p_tvb_grow(struct agx4_device *adev,
		       const struct agx4_fw_ev_grow_in *req, u32 max_blocks);
int agx4_g17p_tvb_limit(struct agx4_device *adev,
			const struct agx4_fw_ev_limit_in *lim,
			struct agx4_fw_ctl *reply);

/* agx4_g17p_prep.c: job preparation */
void agx4_g17p_free_cmds(struct agx4_g17p_job *job);
void agx4_g17p_rollback(struct agx4_g17p_job *job);
struct dma_fence *agx4_g17p_job_reserve(struct agx4_fw_job *j);
int agx4_g17p_job_prepare(struct agx4_fw_queue *q, const struct agx4_cmdbuf *cb,
			  struct agx4_fw_job **out, u32 *credits);

/* agx4_g17p_queue.c: queue and job lifecycle */
bool agx4_g17p_submission_ends(struct agx4_fw_g17p_sub *sub);
int agx4_g17p_queue_create(struct agx4_device *adev,
			   const struct agx4_fw_queue_args *args,
			   struct agx4_fw_queue **out);
void agx4_g17p_queue_destroy(struct agx4_fw_queue *q);
int agx4_g17p_forget_context(struct agx4_g17p_queue *fq, u64 va, const u8 *cc);
int agx4_g17p_queue_idle_wait(struct agx4_g17p_queue *fq);
void agx4_g17p_queue_kill(struct agx4_fw_queue *q);
void agx4_g17p_job_free(struct agx4_fw_job *j);
void agx4_g17p_job_dump(struct agx4_fw_job *j, struct drm_printer *p);
void agx4_g17p_job_forget(struct agx4_fw_job *j);
void agx4_g17p_queue_forget(struct agx4_fw_queue *q);
void agx4_g17p_fw_gone(struct agx4_device *adev);

/* agx4_g17p_submit.c: publication, completion */
bool agx4_g17p_cmd_done_locked(struct agx4_fw_g17p_sub *sub,
			       struct g17p_cmd *c);

struct agx4_fw_g17p_sub *agx4_fw_g17p_sub(struct agx4_fw_boot *b);
void agx4_fw_g17p_sub_init(struct agx4_fw_g17p_sub *sub,
			   struct agx4_fw_boot *b, u8 *bundle, u64 bundle_va,
			   u8 *cursors, void *region0, void *region1);
#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
void agx4_fw_g17p_queue_set_counts(struct agx4_fw_queue *fq, u32 commands,
				   u32 renders);
#endif

#endif /* AGX4_G17P_SUB_H */
