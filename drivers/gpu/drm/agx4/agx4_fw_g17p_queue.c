// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/io.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/wait.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_decode.h"
#include "agx4_fw_g17p.h"
#include "agx4_fw_g17p_queue.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_queue.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g17p.h"
#include "agx4_rtkit.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G17P submission
 *
 * Every G17P work item goes through the primary firmware instance, on the
 * priority-2 channels: 6 (TA), 7 (3D) and 8 (compute).  GAP: which
 * firmware priority a UAPI priority maps to is not known on G17P, so every
 * queue runs at priority 2 whatever its UAPI priority, with the queue
 * record's priority-2 profile.
 *
 * Compute runs in the "independently owned queue" profile: each UAPI
 * queue owns one firmware compute queue (an owner), made at QUEUE_CREATE.
 * Owner i completes on grid 32 + i (up to 96 owners: the grids below 32
 * are the render pools', and report masks hold 128 grids) and runs in its
 * VM's context (ASID), which agx4_uat_ctx_get() gives and every queue of
 * the VM shares; the reference gives each owner an ASID of its own
 * (4 + i), which is its choice, not a firmware requirement.  Everything
 * an owner needs is allocated from the firmware heap as one 2 MiB arena
 * (the reference's relative layout, so the record arrays keep their
 * sizes): queue record, pointer block, item ring, two transport banks,
 * 256 context records, support object and its state word, channel
 * control, job list, optional record, 256 scheduler records, slot words,
 * status pairs, dispatch words, completion scratch and event areas, and
 * 240 descriptors.  The arena is also mapped in context 0 (the low
 * aliases the register-program locators and the optional record name) at
 * 0x72_0000_0000 + i * 2 MiB.  Its preemption save areas and robustness
 * words, which the GPU writes in the VM's context, are a second object
 * mapped in the VM's kernel carve-out, beside the compute operand
 * namespace (operand lists, table, state and 21 buffers of 1 MiB) the
 * support object and the compute program point at.
 *
 * Render runs in render pools: each UAPI queue gets one pool (a firmware
 * TA and 3D queue pair on channels 6 and 7) at its first render, so a
 * queue used only for compute takes none; pool p completes on grids
 * 2p + (p >= 2 ? 2 : 0) (TA) and one more (3D), its event slot is p, and
 * there are at most 15 (the grids below 32 without the compute grids 4
 * and 5).  A pool stays bound to its queue while the queue lives, but
 * while no render of that queue is prepared and not yet freed (the pool
 * is idle) another queue's render may take it over: the pool keeps its
 * firmware queues, records and counters (the firmware sees one queue
 * going on, so no cleanup is needed and its grids' completion counts stay
 * consistent with the render indices), and when the new queue's VM is
 * another its window is unmapped there, its memory zeroed (nothing of one
 * client reaches another), mapped in the new VM and the support object's
 * context and operand words rewritten.  The reference chooses a pool for
 * each render among its 15 by caller and rebinds idle compute owners to
 * other callers (H); that the firmware needs nothing more than this
 * rewrite to run a pool for another context is L.  A render that finds
 * no pool free or idle waits, interruptibly, until one is: see
 * pool_get().
 *
 * A pool is the reference's general form (pools 2 and up) with every
 * object its own: one arena in the firmware heap (queue records, pointer
 * blocks, rings, two banks each, status arrays, job list, pool A and B
 * records with their pre-records, the shared pool object (the TVB buffer
 * manager) and its leaves, both context areas, support and state,
 * channel control, descriptors, optional records, event items, completion
 * pairs and dispatch words), aliased in context 0 at 0x74_0000_0000 +
 * p * 4 MiB, and a 4 MiB window in the client VM at 0x10_0040_0000 +
 * p * 4 MiB, in the 64 MiB above the context base that the Mesa fork
 * leaves to the kernel: the aux-framebuffer page, metadata and deflake
 * pages, the status arrays and two leaves aliased, the pool's 8 TVB
 * blocks, and 2 MiB for the tilemap ring (8 blocks) and the TPC.  A render
 * whose tilemap ring and TPC do not fit there is refused with -EINVAL.
 *
 * TVB growth (agx4_tvb.c) adds blocks to a pool 10 at a time, mapped in
 * its slice of the VM's kernel carve-out (after the compute owners'
 * areas, one equal slice per pool index); they go when the pool moves to
 * another VM or is freed, and the pool's counts go back to 8 then.  A
 * memory-limit report is matched to the published render whose TA or 3D
 * descriptor, 3D descriptor, VM and pool it names.
 *
 * Before each render the pool's index registration in primary region 0
 * is written when it differs (the reference's render path); pool 0's is
 * the region's "resource record" at +0 that the reference writes cold.
 * The first render of a pool other than 0, once complete, leaves the
 * pool's "done" mark, and every render seen complete rings the control
 * doorbell (twice for the first since the boot).  Device control goes
 * with the work too (see ctl_before_locked()): a "tick" before every
 * render from the third since the boot, with the support's prestate when
 * nothing else runs, and before the third command of a compute owner made
 * after a render; and a pool's job list is reset when the pool goes idle
 * (see pool_quiesce_locked()).  The fragment-barrier render flag is not
 * taken: a vertex barrier on earlier render work of the queue is a point
 * in the TA's context record, a compute barrier on a render waits on the
 * CPU.
 *
 * A job is one SUBMIT.  job_prepare() writes each compute command's
 * descriptor into a descriptor slot of its owner that it takes for the
 * command (see below), and builds each command's context record (with
 * its dependency points), optional record and render descriptors into
 * the job's own memory; job_publish() copies the records into the
 * owner's or pool's slots for the command and runs the publication: item
 * ring entries, event item, channel message, inner write index, channel
 * producer, then one doorbell per pipe.  A compute command's context
 * record lies at (n + 1) mod 256 of its owner's context area, where the
 * firmware looks for it, and a render's records at its pool index; those
 * can be written only at publication: jobs prepared but not yet run are
 * not bounded, and the record slot of command n is that of command
 * n - 256.  The queue's credits (128 commands) keep every published and
 * unfinished command in its own record slots.  A compute command's other
 * records (event area, scheduler, status, dispatch, scratch and
 * robustness slots) are named to the firmware by address, in its
 * descriptor and ring items; they are indexed as the context record's,
 * by the ordinal mod 256 (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_compute_queues.rs@fc79d23c
 * PreparationSeed::prepare, Queue::stage), and written at publication.
 *
 * Compute descriptor slots.  An owner has 240 of 0x1040 bytes (the
 * firmware touches the 0x40 after the 0x1000 agx4 writes, H).  A slot's
 * address feeds only the command's own objects: the ring item that names
 * the descriptor (work), what the descriptor builder derives from work
 * and from its context-0 low alias (work_alias), and the context
 * record's work pointer and two program locators (low alias + the two
 * register programs).  Command n takes slot n mod 240, as the reference
 * does (H: g17p_compute_queues.rs@fc79d23c PreparationSeed::prepare),
 * at prepare, and gives it back when its job is freed (the firmware done
 * with it, or the command never went out).  The firmware cannot see a
 * slot until a publication names it, so prepare writes the descriptor
 * there.  While command n - 240 still holds the slot (so at most 240
 * compute commands of an owner are prepared and not freed, which a
 * SUBMIT of at most 128 commands reaches only behind earlier unfinished
 * SUBMITs) prepare waits, interruptibly, for its job to be freed, as a
 * render waits for a pool.  Within those 240 the ordinal's records
 * (mod 256) are never shared either.
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
 *
 * Queue teardown makes the firmware forget the queue's contexts before
 * their memory goes: see g17p_queue_destroy().  A queue a timeout killed
 * sends nothing more (what waited for its turn is dropped) and its jobs
 * count as done once what went out is.  After unplug the firmware, the
 * submission state and context 0's tables are gone: forgetting a job or
 * a queue frees its host structures and its firmware heap objects (the
 * heap outlives the firmware), unmaps its windows from the VM, and sends
 * and touches nothing else; context-0 aliases are therefore mapped by
 * hand, not recorded in the objects.
 */

/* The owners' areas fit the smallest kernel carve-out. */
static_assert(G17P_KC_OWNERS + AGX4_G17P_MAX_OWNERS * G17P_KC_OWNER_SIZE <=
	      AGX4_VM_KERNEL_MIN_SIZE);

/* GPU read-write, uncached, in a client or the device context. */
static const struct agx4_uat_prot gpu_rw = {
	.access = AGX4_UAT_GPU,
	.perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

/**
 * struct g17p_vm - a VM's G17P state (&agx4_vm.fw)
 * @sub: the device's submission state.
 * @ns: its compute operand lists, table and state.
 * @mapped: the namespace was (perhaps partly) mapped in the VM.
 */
struct g17p_vm {
	struct agx4_fw_g17p_sub *sub;
	struct agx4_fw_obj *ns;
	bool mapped;
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
 *	turns); the rest under &agx4_fw_g17p_sub.lock.
 * @w: write index in the current bank.
 * @seen: the done index last read from the current bank.
 * @published: commands published.
 * @terminals: &agx4_fw_g17p_sub.owner_terminals of its grid when it was
 *	made or recycled; under &agx4_fw_g17p_sub.lock.
 * @after_render: made (or recycled) once a render was published since the
 *	boot: its command 2 is preceded by a compute tick.
 * @desc_wq: prepare waiting for a descriptor slot; woken when one is
 *	given back, at unplug and when the firmware stops.
 * @held: descriptor slots a command holds (index, not offset).
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
	/**
	 * @desc_lock: protects @held; taken by prepare and by the freeing
	 * of jobs.
	 */
	spinlock_t desc_lock;
	wait_queue_head_t desc_wq;
	DECLARE_BITMAP(held, G17P_OWN_DESCS);
};

/**
 * struct g17p_pool - a render pool: a firmware TA and 3D queue pair
 * @index: pool number, also its event slot.
 * @grid: its TA grid; the 3D grid is @grid + 1.
 * @arena: the arena (firmware half).
 * @low: its context-0 alias.
 * @mem: its memory in the VM window.
 * @gpu: the window's base in the VM.
 * @fq: the queue it is bound to, NULL once that queue is being destroyed;
 *	under &agx4_fw_g17p_sub.setup_lock, as the next one.
 * @live: jobs of @fq with renders on it prepared and not freed; 0: idle.
 * @vm: the VM its window is mapped in (a reference held), NULL when in
 *	none; changed only by the job that holds it (@live).
 * @next: index of the next render prepared; the caller's submit lock, as
 *	the next two.
 * @tile: tilemap block bytes of the last render prepared, 0 before.
 * @tpc: TPC bytes of the last render prepared.
 * @epoch: transport epoch; the rest under &agx4_fw_g17p_sub.lock.
 * @w: write index of each stage in the current bank.
 * @seen: the done index last read from each stage's current bank.
 * @published: renders published.
 * @recent: the last %G17P_TILEMAP_BLOCKS renders published, by index, while
 *	their job lives.
 * @blocks: TVB blocks the pool holds (%G17P_POOL_GROUPS, then what growth
 *	added in @vm); under &agx4_fw_g17p_sub.tvb_lock, as the next three.
 * @counter: the request counter the pool's next growth request carries.
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
	struct agx4_vm *vm;
	u32 next;
	u64 tile;
	u64 tpc;
	u32 epoch;
	u32 w[2];
	u32 seen[2];
	u32 published;
	struct g17p_cmd *recent[G17P_TILEMAP_BLOCKS];
	u32 blocks;
	u32 counter;
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
 * @seq: the channel's producer count after its message.
 * @slotted: compute: it holds descriptor slot @slot of @owner.
 * @slot: compute: that slot's index.
 * @desc: render: TA descriptor bytes.
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
 * @seq3d: render: channel 7's producer count after its message.
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
 * @link: on &agx4_fw_g17p_sub.deferred while not wholly published.
 * @deferred: it is on that list.
 * @ran: job_publish() ran.
 * @pool: the pool its renders use (counted in its @live), or NULL.
 * @made_pool: its first render made @pool.
 * @took_pool: its first render took @pool over from another queue.
 * @first_n: its first compute ordinal.
 * @ncompute: its compute commands.
 * @nrender: its render commands.
 * @first_k: its first render index.
 * @tile: the pool's tilemap block bytes before it.
 * @tpc: the pool's TPC bytes before it.
 * @next: its first command not published yet.
 * @live: on &agx4_fw_g17p_sub.renders once a render of it went out,
 *	until it is freed; protected by &agx4_fw_g17p_sub.lock.
 * @nomem: a memory-limit report named one of its renders: it ends with
 *	-ENOMEM; protected likewise.
 * @count: its commands.
 * @cmds: the commands.
 */
struct agx4_g17p_job {
	struct agx4_fw_job base;
	struct agx4_g17p_queue *fq;
	struct list_head link;
	bool deferred;
	bool ran;
	struct g17p_pool *pool;
	bool made_pool;
	bool took_pool;
	u32 first_n;
	u32 ncompute;
	u32 nrender;
	u32 first_k;
	u64 tile;
	u64 tpc;
	u32 next;
	struct list_head live;
	bool nomem;
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
 * @pool: its render pool, from its first render; under
 *	&agx4_fw_g17p_sub.setup_lock (the queue's own jobs use it while they
 *	hold it, &g17p_pool.live).
 * @scratch: the builders' output before the copy into the job or, for
 *	a compute descriptor, into its slot.
 * @renders: render commands prepared; the caller's submit lock.
 * @last_render: the last render command published, or NULL; under
 *	&agx4_fw_g17p_sub.lock, as the next two.
 * @last_compute: the same for compute.
 * @deferred: its jobs on &agx4_fw_g17p_sub.deferred.
 * @blocked: the pass over &agx4_fw_g17p_sub.deferred in which one of its
 *	jobs could not go out.
 * @retained: on &agx4_fw_g17p_sub.retained, under its cleanup_lock.
 * @link: on &agx4_fw_g17p_sub.queues from its creation until it is freed;
 *	under &agx4_fw_g17p_sub.setup_lock.
 * @jobs: its jobs prepared and not freed.
 * @idle_wq: woken when @jobs drops to 0, at unplug and when the firmware
 *	stops.
 * @killed: queue_kill() ended its work: nothing more of it goes out;
 *	under &agx4_fw_g17p_sub.lock.
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
	void *scratch;
	u32 renders;
	struct g17p_cmd *last_render;
	struct g17p_cmd *last_compute;
	unsigned int deferred;
	u64 blocked;
	struct list_head retained;
	struct list_head link;
	atomic_t jobs;
	wait_queue_head_t idle_wq;
	bool killed;
	struct agx4_g17p_job *spare;
};

static struct agx4_g17p_queue *to_g17p_queue(struct agx4_fw_queue *q)
{
	return container_of(q, struct agx4_g17p_queue, base);
}

static struct agx4_g17p_job *to_g17p_job(struct agx4_fw_job *j)
{
	return container_of(j, struct agx4_g17p_job, base);
}

#define SCRATCH_EV		sizeof(struct g17p_compute_work)
#define SCRATCH_SIZE		(SCRATCH_EV + sizeof(struct g17p_event_item_compute))

static void pool_quiesce_locked(struct agx4_fw_g17p_sub *sub,
				struct g17p_pool *pl);

static u64 own_va(const struct g17p_owner *o, u32 off)
{
	return o->arena->va + off;
}

static void *own_cpu(const struct g17p_owner *o, u32 off)
{
	return (u8 *)o->arena->cpu + off;
}

static u64 own_low(const struct g17p_owner *o, u32 off)
{
	return o->low + off;
}

/* Map @size bytes of @obj from @off at @va of @uat, which the caller owns. */
static int map_part(struct agx4_uat *uat, u64 va, struct agx4_fw_obj *obj,
		    u64 off, u64 size)
{
	struct agx4_uat_op op;
	u64 i;
	int ret;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	ret = agx4_uat_op_reserve(&op, va, size);
	for (i = 0; !ret && i < size; i += SZ_16K)
		agx4_uat_op_map(&op, va + i,
				page_to_phys(obj->chunks[(off + i) / SZ_16K]),
				SZ_16K, &gpu_rw);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	return ret;
}

static void unmap_part(struct agx4_uat *uat, u64 va, u64 size)
{
	struct agx4_uat_op op;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	agx4_uat_op_unmap(&op, va, size);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
}

static void unmap_namespace(struct agx4_vm *vm)
{
	u64 base = vm->kernel_start;
	unsigned int i;

	lockdep_assert_held(&vm->bind_lock);
	unmap_part(&vm->uat, base + G17P_KC_LISTS, G17P_NS_TABLE - G17P_NS_LISTS);
	unmap_part(&vm->uat, base + G17P_KC_TABLE, SZ_16K);
	unmap_part(&vm->uat, base + G17P_KC_STATE, G17P_KC_STATE_SIZE);
	for (i = 0; i < G17P_KC_NUM_BUFFERS; i++)
		unmap_part(&vm->uat, base + G17P_KC_BUFFERS + i * G17P_KC_BUFFER_STRIDE,
			   G17P_KC_BUFFER_SIZE);
}

static void vm_fw_free(struct agx4_vm *vm, void *fw)
{
	struct g17p_vm *gvm = fw;

	mutex_lock(&vm->bind_lock);
	if (gvm->mapped)
		unmap_namespace(vm);
	mutex_unlock(&vm->bind_lock);
	agx4_fw_obj_destroy(gvm->ns);
	kfree(gvm);
}

/* The device's operand buffers, made at the first queue. */
static struct agx4_fw_obj *operand_buffers(struct agx4_fw_g17p_sub *sub)
{
	struct agx4_fw_obj *obj;

	lockdep_assert_held(&sub->setup_lock);
	if (sub->operands)
		return sub->operands;
	mutex_lock(&sub->b->lock);
	obj = agx4_fw_boot_alloc(sub->b, "compute_operands",
				 G17P_KC_NUM_BUFFERS * G17P_KC_BUFFER_SIZE,
				 AGX4_FW_OBJ_SHARED);
	mutex_unlock(&sub->b->lock);
	if (!IS_ERR(obj))
		sub->operands = obj;
	return obj;
}

/*
 * The operand lists (16 KiB entries, 64 a buffer; buffer i's list at
 * page i / 8, + (i % 8) * 0x800) and table (buffer | 1 << 60, 0x40
 * apart), as the VM sees the buffers (M: the entries are GPU addresses).
 */
static void fill_namespace(struct agx4_fw_obj *ns, u64 base)
{
	u8 *cpu = ns->cpu;
	unsigned int i, j;

	for (i = 0; i < G17P_KC_NUM_BUFFERS; i++) {
		u64 buf = base + G17P_KC_BUFFERS + i * G17P_KC_BUFFER_STRIDE;
		__le64 *list = (__le64 *)(cpu + G17P_NS_LISTS +
					  (i / G17P_KC_LISTS_PER_PAGE) * SZ_16K +
					  (i % G17P_KC_LISTS_PER_PAGE) *
					  G17P_KC_LIST_STRIDE);

		for (j = 0; j < G17P_KC_BUFFER_SIZE / SZ_16K; j++)
			list[j] = cpu_to_le64(buf + j * SZ_16K);
		put_unaligned_le64(buf | G17P_KC_TABLE_TAG,
				   cpu + G17P_NS_TABLE + i * G17P_KC_TABLE_STRIDE);
	}
}

static int map_namespace(struct agx4_vm *vm, struct g17p_vm *gvm,
			 struct agx4_fw_obj *buffers)
{
	u64 base = vm->kernel_start;
	unsigned int i;
	int ret;

	lockdep_assert_held(&vm->bind_lock);
	gvm->mapped = true;
	ret = map_part(&vm->uat, base + G17P_KC_LISTS, gvm->ns, G17P_NS_LISTS,
		       G17P_NS_TABLE - G17P_NS_LISTS) ?:
	      map_part(&vm->uat, base + G17P_KC_TABLE, gvm->ns, G17P_NS_TABLE,
		       SZ_16K) ?:
	      map_part(&vm->uat, base + G17P_KC_STATE, gvm->ns, G17P_NS_STATE,
		       G17P_KC_STATE_SIZE);
	if (ret)
		return ret;
	for (i = 0; i < G17P_KC_NUM_BUFFERS; i++) {
		ret = map_part(&vm->uat, base + G17P_KC_BUFFERS +
			       i * G17P_KC_BUFFER_STRIDE, buffers,
			       i * G17P_KC_BUFFER_SIZE, G17P_KC_BUFFER_SIZE);
		if (ret)
			return ret;
	}
	return 0;
}

/* The VM's G17P state, made at its first queue. */
static struct g17p_vm *vm_state(struct agx4_fw_g17p_sub *sub,
				struct agx4_vm *vm)
{
	struct agx4_fw_obj *buffers;
	struct g17p_vm *gvm;
	int ret;

	lockdep_assert_held(&vm->fw_lock);
	if (vm->fw)
		return vm->fw;
	mutex_lock(&sub->setup_lock);
	buffers = operand_buffers(sub);
	mutex_unlock(&sub->setup_lock);
	if (IS_ERR(buffers))
		return ERR_CAST(buffers);
	gvm = kzalloc(sizeof(*gvm), GFP_KERNEL);
	if (!gvm)
		return ERR_PTR(-ENOMEM);
	gvm->sub = sub;
	gvm->ns = agx4_fw_obj_create(&sub->b->adev->mem->heap, G17P_NS_SIZE,
				     AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(gvm->ns)) {
		ret = PTR_ERR(gvm->ns);
		kfree(gvm);
		return ERR_PTR(ret);
	}
	fill_namespace(gvm->ns, vm->kernel_start);
	mutex_lock(&vm->bind_lock);
	ret = map_namespace(vm, gvm, buffers);
	mutex_unlock(&vm->bind_lock);
	if (ret) {
		vm_fw_free(vm, gvm);
		return ERR_PTR(ret);
	}
	vm->fw = gvm;
	vm->fw_free = vm_fw_free;
	return gvm;
}

/* The dispatch block, once (H: a non-zero block is left as it is). */
static void write_dispatch(struct agx4_fw_g17p_sub *sub)
{
	static const u32 words[] = G17P_DISPATCH_WORDS;
	struct g17p_dispatch *d = sub->dispatch;
	__le32 *w = &d->gap_0;
	unsigned int i;

	lockdep_assert_held(&sub->setup_lock);
	if (memchr_inv(d, 0, sizeof(*d)))
		return;
	for (i = 0; i < ARRAY_SIZE(words); i++)
		w[i] = cpu_to_le32(words[i]);
}

/*
 * The dispatch record at primary region 1 + 0, written at boot before the
 * init messages (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_vm.rs@fc79d23c Vm::build writes it, with
 * the other cold render-owner records, before either 0x81; its comment:
 * without them the first compute command runs but later compute work
 * retires without a command status).  The words are M: the reference's
 * body is not available, these are its generator's
 * (ADevWithAnIdea/m1n1@ffe58c78 proxyclient/experiments/agx_g17p_boot.py
 * PARTIAL_DISPATCH_RECORD_FIELDS).  GAP: the "current jobs" records
 * Vm::build writes at hw regions 0 and 1 + 0 are not written, their
 * contents being unknown.
 */
static void write_dispatch_record(void *region1)
{
	static const u32 words[] = G17P_DISPATCH_RECORD_WORDS;
	struct g17p_dispatch *d = region1 + G17P_DISPATCH_RECORD_OFFSET;
	__le32 *w = &d->gap_0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		w[i] = cpu_to_le32(words[i]);
}

static void init_pointers(struct g17p_pointers *p)
{
	memset(p, 0, sizeof(*p));
	p->gap_50 = cpu_to_le32(U32_MAX);
	p->capacity = cpu_to_le32(G17P_OWN_RING_ENTRIES);
}

/* The owner's queue-lifetime objects (what the firmware sees first). */
static int init_owner(struct agx4_g17p_queue *fq, struct g17p_owner *o)
{
	const struct agx4_fw_gen *gen = fq->base.adev->gen;
	struct agx4_fw_queue_in qin = {
		.pointers = own_va(o, G17P_OWN_POINTERS),
		.ring = own_va(o, G17P_OWN_RING),
		.job_list = own_va(o, G17P_OWN_JOB_LIST),
		.self = own_va(o, G17P_OWN_QUEUE),
		.priority = G17P_PRIORITY,
		.lane = AGX4_FW_LANE_COMPUTE,
		.uuid = G17P_OWN_UUID_BASE + o->grid,
		.context = own_va(o, G17P_OWN_CONTROL),
	};
	struct g17p_support *sup = own_cpu(o, G17P_OWN_SUPPORT);
	struct g17p_chan_control *cc = own_cpu(o, G17P_OWN_CONTROL);
	struct agx4_fw_job_list *jl = own_cpu(o, G17P_OWN_JOB_LIST);
	u64 cls = G17P_SUPPORT_CLASS_COMPUTE << G17P_SUPPORT_CLASS_SHIFT;

	sup->header = cpu_to_le64(fq->asid);
	sup->gap_8 = cpu_to_le64(1);
	sup->class = cpu_to_le32(G17P_SUPPORT_CLASS);
	sup->gap_18 = cpu_to_le64(G17P_SUPPORT_18);
	sup->class_20 = cpu_to_le64(cls);
	sup->class_28 = cpu_to_le64(cls);
	sup->operands = cpu_to_le64(fq->base.vm->kernel_start + G17P_KC_TABLE);
	sup->gap_40 = cpu_to_le32(G17P_SUPPORT_40);
	sup->cursor = cpu_to_le32(G17P_SUPPORT_CURSOR_COMPUTE);
	put_unaligned_le64(own_va(o, G17P_OWN_STATE), &sup->state);
	sup->gap_5c = cpu_to_le32(1);
	sup->kind = cpu_to_le32(G17P_SUPPORT_KIND_COMPUTE);
	*(__le32 *)own_cpu(o, G17P_OWN_STATE) = cpu_to_le32(1);
	cc->gap_0 = cpu_to_le64(G17P_CHAN_CONTROL_0);
	cc->gap_20 = cpu_to_le64(G17P_CHAN_CONTROL_20);
	cc->gap_30 = cpu_to_le64(G17P_CHAN_CONTROL_30);
	jl->self = cpu_to_le64(own_va(o, G17P_OWN_JOB_LIST));
	init_pointers(own_cpu(o, G17P_OWN_POINTERS));
	return gen->build_queue(&qin, own_cpu(o, G17P_OWN_QUEUE),
				sizeof(struct g17p_queue));
}

/* Unmap @obj from @fq's VM, where it lies at @gpu for @size bytes, and free it. */
static void unmap_destroy(struct agx4_g17p_queue *fq, struct agx4_fw_obj *obj,
			  u64 gpu, u64 size)
{
	if (IS_ERR_OR_NULL(obj))
		return;
	mutex_lock(&fq->base.vm->bind_lock);
	unmap_part(&fq->base.vm->uat, gpu, size);
	mutex_unlock(&fq->base.vm->bind_lock);
	agx4_fw_obj_destroy(obj);
}

/* Give back slot @i of @map (the owners or the pools). */
static void put_slot(struct agx4_fw_g17p_sub *sub, unsigned long *map,
		     unsigned int i)
{
	mutex_lock(&sub->setup_lock);
	clear_bit(i, map);
	mutex_unlock(&sub->setup_lock);
}

/*
 * The owner's memory and structure; the firmware must be done with it.
 * Context 0's alias is unmapped by the caller (owner_free()) while the
 * firmware's tables exist, not after unplug.
 */
static void owner_release(struct agx4_g17p_queue *fq, struct g17p_owner *o)
{
	unmap_destroy(fq, o->priv, o->priv_gpu, G17P_PRIV_SIZE);
	agx4_fw_obj_destroy(o->arena);
	kfree(o);
}

static void owner_free(struct agx4_g17p_queue *fq, struct g17p_owner *o)
{
	unsigned int i = o->index;

	unmap_part(&fq->sub->b->dev_uat, o->low, G17P_OWN_SIZE);
	owner_release(fq, o);
	put_slot(fq->sub, fq->sub->owners, i);
}

/*
 * A compute owner made (or made anew) after a render: it takes the
 * compute tick, and every idle pool's job list is reset first (H: G17P-6
 * and G17P-8, the reference's prepare_compute quiesces the render's list
 * before it makes a compute owner after a render, and its after_render
 * gates stage_compute_tick; GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9).  A pool some job holds is
 * left to its own idling: agx4's pools are independent of the owners.
 */
static void owner_after_render(struct agx4_fw_g17p_sub *sub,
			       struct g17p_owner *o)
{
	unsigned int i;

	mutex_lock(&sub->setup_lock);
	spin_lock_irq(&sub->lock);
	o->after_render = sub->render_ordinal != 0;
	for (i = 0; o->after_render && i < AGX4_G17P_MAX_POOLS; i++)
		if (sub->pool[i] && !sub->pool[i]->live)
			pool_quiesce_locked(sub, sub->pool[i]);
	spin_unlock_irq(&sub->lock);
	mutex_unlock(&sub->setup_lock);
}

/*
 * A compute owner made (or made anew): its grid's completion reports are
 * counted from here (H: G17P-31, GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@21d3e5c9 poll_independent_compute
 * waits for the grid's terminal count to reach the command's value,
 * counted from the baseline taken when the owner is made).  A report
 * for an owner this grid had before does not count for this one.
 */
static void owner_count_from_now(struct agx4_fw_g17p_sub *sub,
				 struct g17p_owner *o)
{
	unsigned long flags;

	spin_lock_irqsave(&sub->lock, flags);
	o->terminals = sub->owner_terminals[o->index];
	spin_unlock_irqrestore(&sub->lock, flags);
}

static int owner_create(struct agx4_g17p_queue *fq)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct agx4_fw_obj_heap *heap = &fq->base.adev->mem->heap;
	struct g17p_owner *o;
	unsigned int i;
	int ret;

	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	mutex_lock(&sub->setup_lock);
	i = find_first_zero_bit(sub->owners, AGX4_G17P_MAX_OWNERS);
	if (i < AGX4_G17P_MAX_OWNERS) {
		set_bit(i, sub->owners);
		write_dispatch(sub);
	}
	mutex_unlock(&sub->setup_lock);
	if (i >= AGX4_G17P_MAX_OWNERS) {
		kfree(o);
		return -ENOSPC;
	}
	o->index = i;
	o->grid = G17P_OWN_FIRST_GRID + i;
	spin_lock_init(&o->desc_lock);
	init_waitqueue_head(&o->desc_wq);
	o->low = G17P_OWN_LOW_BASE + (u64)i * G17P_OWN_SIZE;
	o->priv_gpu = fq->base.vm->kernel_start + G17P_KC_OWNERS +
		      i * G17P_KC_OWNER_SIZE;
	o->arena = agx4_fw_obj_create(heap, G17P_OWN_SIZE, AGX4_FW_OBJ_SHARED,
				      NULL, NULL);
	if (IS_ERR(o->arena))
		goto err;
	ret = map_part(&sub->b->dev_uat, o->low, o->arena, 0, G17P_OWN_SIZE);
	if (ret)
		goto err_ret;
	o->priv = agx4_fw_obj_create(heap, G17P_PRIV_SIZE, AGX4_FW_OBJ_SHARED,
				     NULL, NULL);
	if (IS_ERR(o->priv))
		goto err;
	mutex_lock(&fq->base.vm->bind_lock);
	ret = map_part(&fq->base.vm->uat, o->priv_gpu, o->priv, 0, G17P_PRIV_SIZE);
	mutex_unlock(&fq->base.vm->bind_lock);
	if (!ret)
		ret = init_owner(fq, o);
	if (ret)
		goto err_ret;
	owner_count_from_now(sub, o);
	owner_after_render(sub, o);
	fq->owner = o;
	return 0;

err:
	ret = PTR_ERR(IS_ERR(o->arena) ? o->arena : o->priv);
err_ret:
	owner_free(fq, o);
	return ret;
}

/* Pool @p's TA grid; its 3D grid is the next (H: 4 and 5 are compute's). */
static u32 pool_grid(unsigned int p)
{
	return 2 * p + (p >= 2 ? 2 : 0);
}

static u64 pool_va(const struct g17p_pool *pl, u32 off)
{
	return pl->arena->va + off;
}

static void *pool_cpu(const struct g17p_pool *pl, u32 off)
{
	return (u8 *)pl->arena->cpu + off;
}

static u64 pool_low(const struct g17p_pool *pl, u32 off)
{
	return pl->low + off;
}

/* TVB block ids count 32 KiB from the context base (H). */
static u32 block_id(u64 gpu)
{
	return (gpu - AGX4_FW_CONTEXT_BASE) >> G17P_POOL_ID_SHIFT;
}

/* Leaves, pool A and B with their pre-records, the shared objects (H). */
static void init_pool_tvb(struct g17p_pool *pl)
{
	struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);
	__le32 *primary = pool_cpu(pl, G17P_POOL_LEAF_PRIMARY);
	__le64 *secondary = pool_cpu(pl, G17P_POOL_LEAF_SECONDARY);
	struct g17p_sched *a = pool_cpu(pl, G17P_POOL_A_PRE);
	struct g17p_pool_b *b = pool_cpu(pl, G17P_POOL_B_PRE);
	u64 shared_ctl = pool_va(pl, G17P_POOL_LEAF_SHARED) +
			 offsetof(struct g17p_leaf_shared, done);
	u32 g, m, i;

	for (g = 0; g < G17P_POOL_GROUPS; g++) {
		u32 id = block_id(pl->gpu + G17P_WIN_BLOCKS + g * G17P_POOL_BLOCK_STRIDE);

		for (m = 0; m < G17P_POOL_BLOCK_PAGES; m++)
			primary[g * G17P_POOL_BLOCK_PAGES + m] = cpu_to_le32(id + m);
		secondary[g] = cpu_to_le64(id);
	}
	*(__le32 *)pool_cpu(pl, G17P_POOL_LEAF_A + 4) = cpu_to_le32(2);
	ls->blocks = cpu_to_le32(G17P_POOL_GROUPS);
	ls->blocks2 = cpu_to_le32(G17P_POOL_GROUPS);
	ls->gap_60 = cpu_to_le32(1);
	*(__le32 *)pool_cpu(pl, G17P_POOL_LEAF_FLAG) = cpu_to_le32(1);
	a[0].slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_A));
	for (i = 0; i < G17P_POOL_A_RECORDS; i++)
		a[1 + i].slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_A) + 4 + 4 * i);
	a[1].gap_10 = cpu_to_le32(G17P_SCHED_10);
	b[0].value = cpu_to_le32(G17P_POOL_B_PRE_VALUE);
	b[0].gap_4 = cpu_to_le32(G17P_POOL_B_4);
	b[0].slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_B));
	b[0].cycle = cpu_to_le32(G17P_POOL_B_CYCLE_LAST);
	b[0].shared = cpu_to_le64(shared_ctl);
	for (i = 0; i < G17P_POOL_B_RECORDS; i++) {
		struct g17p_pool_b *r = &b[1 + i];
		u32 k = i % G17P_POOL_B_CYCLES;

		r->value = cpu_to_le32(G17P_POOL_B_VALUE + 4 * i);
		r->gap_4 = cpu_to_le32(G17P_POOL_B_4);
		r->slot = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_B) + 4 + 4 * i);
		r->cycle = cpu_to_le32(k == G17P_POOL_B_CYCLES - 1 ?
				       G17P_POOL_B_CYCLE_LAST :
				       G17P_POOL_B_CYCLE + k * 0x20);
		r->shared = cpu_to_le64(shared_ctl);
	}
	b[1].used = cpu_to_le32(1);
	/* GAP: +0x0c names the pool (the reference's "pair"). */
	sh->pair = cpu_to_le32(pl->index);
	sh->primary = cpu_to_le64(pool_va(pl, G17P_POOL_LEAF_PRIMARY));
	sh->primary_gpu = cpu_to_le64(pl->gpu + G17P_WIN_LEAF_PRIMARY);
	sh->gap_30 = cpu_to_le32(G17P_POOL_SHARED_30);
	sh->pages = cpu_to_le32(G17P_POOL_GROUPS * G17P_POOL_BLOCK_PAGES);
	sh->gap_38 = cpu_to_le32(G17P_POOL_SHARED_38);
	sh->blocks = cpu_to_le32(G17P_POOL_GROUPS);
	put_unaligned_le64(pool_va(pl, G17P_POOL_LEAF_SECONDARY), &sh->secondary);
	put_unaligned_le64(pool_va(pl, G17P_POOL_LEAF_SHARED), &sh->shared_slots);
	sh->pages_m1 = cpu_to_le32(G17P_POOL_GROUPS * G17P_POOL_BLOCK_PAGES - 1);
	sh->block_size = cpu_to_le32(G17P_POOL_BLOCK_SIZE);
	put_unaligned_le64(pool_va(pl, G17P_POOL_LEAF_FLAG), &sh->flag);
	sh->gap_7c = cpu_to_le32(G17P_POOL_SHARED_7C);
	sh->gap_80 = cpu_to_le32(G17P_POOL_SHARED_80);
	/* GAP: +0x84 is 0x180000 + the pool's delta; agx4's window's. */
	sh->gap_84 = cpu_to_le32(G17P_POOL_SHARED_84 + (u32)(pl->gpu - G17P_WIN_BASE));
}

/* What of a pool names its client: the support's context and operands. */
static void pool_client(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	struct g17p_support *sup = pool_cpu(pl, G17P_POOL_SUPPORT);

	sup->gap_8 = cpu_to_le64(fq->asid);
	/* GAP: the render operand namespace; the VM's compute one. */
	sup->operands = cpu_to_le64(fq->base.vm->kernel_start + G17P_KC_TABLE);
}

/* The pool's memory as a new client must find it: zero but the aux page's words. */
static void pool_mem_init(struct g17p_pool *pl)
{
	struct g17p_aux_fb *aux = pl->mem->cpu + G17P_WIN_AUX;

	aux->gap_480 = cpu_to_le32(G17P_AUX_FB_480);
	aux->gap_484 = cpu_to_le32(G17P_AUX_FB_484);
}

static int init_pool(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	const struct agx4_fw_gen *gen = fq->base.adev->gen;
	struct g17p_support *sup = pool_cpu(pl, G17P_POOL_SUPPORT);
	struct g17p_chan_control *cc = pool_cpu(pl, G17P_POOL_CONTROL);
	struct agx4_fw_job_list *jl = pool_cpu(pl, G17P_POOL_JOB_LIST);
	u64 cls = G17P_SUPPORT_CLASS_RENDER << G17P_SUPPORT_CLASS_SHIFT;
	unsigned int st;
	int ret;

	sup->header = cpu_to_le64(G17P_POOL_SUPPORT_HEADER);
	pool_client(fq, pl);
	sup->class = cpu_to_le32(G17P_SUPPORT_CLASS);
	sup->gap_18 = cpu_to_le64(G17P_SUPPORT_18);
	sup->class_20 = cpu_to_le64(cls);
	sup->class_28 = cpu_to_le64(cls);
	sup->gap_40 = cpu_to_le32(G17P_SUPPORT_40);
	sup->cursor = cpu_to_le32(G17P_SUPPORT_CURSOR_RENDER);
	put_unaligned_le64(pool_va(pl, G17P_POOL_STATE), &sup->state);
	sup->kind = cpu_to_le32(G17P_SUPPORT_KIND_RENDER);
	cc->gap_0 = cpu_to_le64(G17P_CHAN_CONTROL_0);
	cc->gap_20 = cpu_to_le64(G17P_CHAN_CONTROL_20);
	cc->gap_30 = cpu_to_le64(G17P_CHAN_CONTROL_30);
	jl->self = cpu_to_le64(pool_va(pl, G17P_POOL_JOB_LIST));
	pool_mem_init(pl);
	init_pool_tvb(pl);
	for (st = 0; st < 2; st++) {
		struct agx4_fw_queue_in qin = {
			.pointers = pool_va(pl, G17P_POOL_POINTERS(st)),
			.ring = pool_va(pl, G17P_POOL_RING(st)),
			.job_list = pool_va(pl, G17P_POOL_JOB_LIST),
			.self = pool_va(pl, G17P_POOL_QUEUE(st)),
			.priority = G17P_PRIORITY,
			.lane = st,
			.uuid = G17P_POOL_UUID,
			.context = pool_va(pl, G17P_POOL_CONTROL),
		};

		init_pointers(pool_cpu(pl, G17P_POOL_POINTERS(st)));
		ret = gen->build_queue(&qin, pool_cpu(pl, G17P_POOL_QUEUE(st)),
				       sizeof(struct g17p_queue));
		if (ret)
			return ret;
	}
	return 0;
}

/* The pool's window in the VM: its memory and four arena pages. */
static int map_window(struct agx4_vm *vm, struct g17p_pool *pl)
{
	struct agx4_uat *uat = &vm->uat;
	u64 w = pl->gpu;
	int ret;
	u32 g;

	lockdep_assert_held(&vm->bind_lock);
	ret = map_part(uat, w + G17P_WIN_AUX, pl->mem, 0, G17P_MEM_BLOCKS) ?:
	      map_part(uat, w + G17P_WIN_STATUS(0), pl->arena, G17P_POOL_STATUS(0),
		       SZ_16K) ?:
	      map_part(uat, w + G17P_WIN_STATUS(1), pl->arena, G17P_POOL_STATUS(1),
		       SZ_16K) ?:
	      map_part(uat, w + G17P_WIN_LEAF_B, pl->arena, G17P_POOL_LEAF_B,
		       SZ_16K) ?:
	      map_part(uat, w + G17P_WIN_LEAF_PRIMARY, pl->arena,
		       G17P_POOL_LEAF_PRIMARY, SZ_16K) ?:
	      map_part(uat, w + G17P_WIN_SCRATCH, pl->mem, G17P_MEM_SCRATCH,
		       G17P_WIN_SCRATCH_SIZE);
	for (g = 0; g < G17P_POOL_GROUPS && !ret; g++)
		ret = map_part(uat, w + G17P_WIN_BLOCKS + g * G17P_POOL_BLOCK_STRIDE,
			       pl->mem, G17P_MEM_BLOCKS + g * G17P_POOL_BLOCK_SIZE,
			       G17P_POOL_BLOCK_SIZE);
	return ret;
}

/* A crashed or stopped primary uses no queue memory any more. */
static bool firmware_gone(struct agx4_fw_boot *b)
{
	return test_bit(0, &b->crashed) || !(READ_ONCE(b->started) & BIT(0));
}

/*
 * What ends a prepare's wait for room with -ENODEV: the device going
 * (g17p_unplug()) or the firmware stopped (g17p_fw_stopped()).  Both wake
 * every such wait (wake_waiters()); nothing polls.
 */
static bool submission_ends(struct agx4_fw_g17p_sub *sub)
{
	return READ_ONCE(sub->going) || firmware_gone(sub->b);
}

/* The bytes of the carve-out slice of each pool index for grown blocks. */
static u64 growth_slice(const struct agx4_vm *vm)
{
	u64 size = vm->kernel_end - vm->kernel_start;

	if (size <= G17P_KC_GROWTH)
		return 0;
	return rounddown((size - G17P_KC_GROWTH) / AGX4_G17P_MAX_POOLS,
			 G17P_POOL_BLOCK_STRIDE);
}

/* Where block @i (past the first %G17P_POOL_GROUPS) of @pl is in @vm. */
static u64 growth_va(const struct agx4_vm *vm, const struct g17p_pool *pl,
		     u32 i)
{
	return vm->kernel_start + G17P_KC_GROWTH + pl->index * growth_slice(vm) +
	       (u64)(i - G17P_POOL_GROUPS) * G17P_POOL_BLOCK_STRIDE;
}

/*
 * The pool goes back to its first blocks: what growth added is freed
 * (unmapped by the caller) and the counts say %G17P_POOL_GROUPS again.  L:
 * the firmware reads them afresh at a render's start, and an idle pool
 * has none running.
 */
static void pool_shrink(struct g17p_pool *pl)
{
	struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);

	while (pl->ngrown)
		agx4_fw_obj_destroy(pl->grown[--pl->ngrown]);
	pl->blocks = G17P_POOL_GROUPS;
	ls->blocks = cpu_to_le32(G17P_POOL_GROUPS);
	ls->blocks2 = cpu_to_le32(G17P_POOL_GROUPS);
	sh->blocks = cpu_to_le32(G17P_POOL_GROUPS);
}

/*
 * Unmap the pool's window and grown blocks from the VM it is in, if any;
 * the grown blocks are freed.  The caller holds
 * &agx4_fw_g17p_sub.tvb_lock, or the submission state is gone.
 */
static void pool_unmap(struct g17p_pool *pl)
{
	if (!pl->vm)
		return;
	mutex_lock(&pl->vm->bind_lock);
	unmap_part(&pl->vm->uat, pl->gpu, G17P_WIN_STRIDE);
	if (pl->blocks > G17P_POOL_GROUPS)
		unmap_part(&pl->vm->uat, growth_va(pl->vm, pl, G17P_POOL_GROUPS),
			   (u64)(pl->blocks - G17P_POOL_GROUPS) *
			   G17P_POOL_BLOCK_STRIDE);
	mutex_unlock(&pl->vm->bind_lock);
	pool_shrink(pl);
	agx4_vm_put(pl->vm);
	pl->vm = NULL;
}

/* A pool changed hands or went: renders waiting for one look again. */
static void pool_event(struct agx4_fw_g17p_sub *sub)
{
	lockdep_assert_held(&sub->setup_lock);
	sub->pool_gen++;
	wake_up_all(&sub->pool_wq);
}

/* A pool's memory, window and structure (context 0's alias: the caller's). */
static void pool_release(struct g17p_pool *pl)
{
	pool_unmap(pl);
	agx4_fw_obj_destroy(pl->mem);
	agx4_fw_obj_destroy(pl->arena);
}

/* Free a pool no queue can reach any more, and give its index back. */
static void pool_free(struct agx4_fw_g17p_sub *sub, struct g17p_pool *pl)
{
	if (!pl)
		return;
	unmap_part(&sub->b->dev_uat, pl->low, G17P_POOL_SIZE);
	/* A growth request finds it no more once it is freed. */
	mutex_lock(&sub->tvb_lock);
	pool_release(pl);
	mutex_lock(&sub->setup_lock);
	if (sub->pool[pl->index] == pl)
		sub->pool[pl->index] = NULL;
	clear_bit(pl->index, sub->pools);
	pool_event(sub);
	mutex_unlock(&sub->setup_lock);
	mutex_unlock(&sub->tvb_lock);
	kfree(pl);
}

/*
 * Map the pool's window in @fq's VM, where it is not yet: out of the VM
 * it was in, its memory zeroed, the support object naming @fq's context.
 * The caller holds the pool (&g17p_pool.live), which is idle.  On failure
 * the pool is in no VM and the next render of @fq tries again.
 */
static int pool_bind(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	int ret;

	if (pl->vm == fq->base.vm)
		return 0;
	mutex_lock(&fq->sub->tvb_lock);
	if (pl->vm) {
		pool_unmap(pl);
		memset(pl->mem->cpu, 0, G17P_MEM_SIZE);
		pool_mem_init(pl);
		pl->tile = 0;
		pl->tpc = 0;
		pool_client(fq, pl);
		wmb();	/* the pool's memory before a render names it */
	}
	mutex_lock(&fq->base.vm->bind_lock);
	ret = map_window(fq->base.vm, pl);
	if (ret)
		unmap_part(&fq->base.vm->uat, pl->gpu, G17P_WIN_STRIDE);
	mutex_unlock(&fq->base.vm->bind_lock);
	if (!ret)
		pl->vm = agx4_vm_get(fq->base.vm);
	mutex_unlock(&fq->sub->tvb_lock);
	return ret;
}

/*
 * A new render pool at index @i (taken in &agx4_fw_g17p_sub.pools by the
 * caller) for @fq, held by its first render; given back on failure.
 */
static int pool_create(struct agx4_g17p_queue *fq, unsigned int i)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct agx4_fw_obj_heap *heap = &fq->base.adev->mem->heap;
	struct g17p_pool *pl;
	int ret;

	pl = kzalloc(sizeof(*pl), GFP_KERNEL);
	if (!pl) {
		put_slot(sub, sub->pools, i);
		return -ENOMEM;
	}
	pl->index = i;
	pl->blocks = G17P_POOL_GROUPS;
	pl->grid = pool_grid(i);
	pl->low = G17P_POOL_LOW_BASE + (u64)i * G17P_POOL_LOW_STRIDE;
	pl->gpu = G17P_WIN_BASE + (u64)i * G17P_WIN_STRIDE;
	pl->arena = agx4_fw_obj_create(heap, G17P_POOL_SIZE, AGX4_FW_OBJ_SHARED,
				       NULL, NULL);
	if (IS_ERR(pl->arena)) {
		ret = PTR_ERR(pl->arena);
		goto err;
	}
	ret = map_part(&sub->b->dev_uat, pl->low, pl->arena, 0, G17P_POOL_SIZE);
	if (ret)
		goto err;
	pl->mem = agx4_fw_obj_create(heap, G17P_MEM_SIZE, AGX4_FW_OBJ_SHARED,
				     NULL, NULL);
	if (IS_ERR(pl->mem)) {
		ret = PTR_ERR(pl->mem);
		goto err;
	}
	ret = pool_bind(fq, pl);
	if (!ret)
		ret = init_pool(fq, pl);
	if (ret)
		goto err;
	mutex_lock(&sub->setup_lock);
	pl->fq = fq;
	pl->live = 1;
	sub->pool[i] = pl;
	fq->pool = pl;
	mutex_unlock(&sub->setup_lock);
	return 0;

err:
	pool_free(sub, pl);
	return ret;
}

/*
 * An idle pool bound to another queue than @fq, or NULL.  Not a pool
 * some of whose prepared renders never went out (its queue was killed
 * with them waiting): the firmware would wait for them before the next
 * render.  Nothing publishes on an idle pool, so @published is stable.
 */
static struct g17p_pool *idle_pool(struct agx4_fw_g17p_sub *sub,
				   struct agx4_g17p_queue *fq)
{
	unsigned int i;

	lockdep_assert_held(&sub->setup_lock);
	for (i = 0; i < AGX4_G17P_MAX_POOLS; i++) {
		struct g17p_pool *pl = sub->pool[i];

		if (pl && pl->fq && pl->fq != fq && !pl->live &&
		    READ_ONCE(pl->published) == pl->next)
			return pl;
	}
	return NULL;
}

/*
 * The pool @job's renders use, held (&g17p_pool.live) until the job is
 * freed: @fq's own; else a new one; else one taken over from a queue
 * whose pool is idle; else it waits until a pool is given back or goes
 * idle.
 *
 * The wait: the caller (agx4_job_submit()) holds only @fq's submit lock,
 * inside the ioctl's drm_dev_enter() section; no other lock of the
 * submission path.  What ends it never needs that lock or that section:
 * a pool goes idle when the last job holding it is freed (drm_sched's
 * free_job, on the pool's queue's own scheduler, or a never-run job freed
 * by its queue's submitter) and is given back when its queue is destroyed
 * (agx4_job's queue release, off any file); both only take
 * &agx4_fw_g17p_sub.setup_lock, which is not held across the sleep.  A
 * job that never completes is ended by its timeout, and a killed queue
 * keeps its pool only until it is destroyed.  So the wait ends unless
 * every pool stays held by work that itself waits for this SUBMIT (a
 * client's own ordering, e.g. in-syncs it signals later): a signal ends
 * it then.  drm_dev_unplug() waits for the drm_dev_enter() section and
 * wakes nobody: the unplug first calls g17p_unplug(), which ends the wait
 * with -ENODEV, as does the firmware stopping (g17p_fw_stopped()).
 *
 * Return: 0; -ERESTARTSYS on a signal; -ENODEV once the device is going
 * or the firmware stopped; -ENOMEM.
 */
static int pool_get(struct agx4_g17p_queue *fq, struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_pool *pl;
	unsigned long gen;
	unsigned int i;
	int ret;

	for (;;) {
		mutex_lock(&sub->setup_lock);
		pl = fq->pool;
		if (pl) {
			pl->live++;
			mutex_unlock(&sub->setup_lock);
			break;
		}
		i = find_first_zero_bit(sub->pools, AGX4_G17P_MAX_POOLS);
		if (i < AGX4_G17P_MAX_POOLS) {
			set_bit(i, sub->pools);
			mutex_unlock(&sub->setup_lock);
			ret = pool_create(fq, i);
			if (ret)
				return ret;
			job->made_pool = true;
			pl = fq->pool;
			break;
		}
		pl = idle_pool(sub, fq);
		if (pl) {
			/* Its queue's next render will look for another. */
			pl->fq->pool = NULL;
			pl->fq = fq;
			pl->live = 1;
			fq->pool = pl;
			mutex_unlock(&sub->setup_lock);
			job->took_pool = true;
			break;
		}
		gen = sub->pool_gen;
		sub->pool_waiters++;
		mutex_unlock(&sub->setup_lock);
		ret = wait_event_interruptible(sub->pool_wq,
					       READ_ONCE(sub->pool_gen) != gen ||
					       submission_ends(sub));
		mutex_lock(&sub->setup_lock);
		sub->pool_waiters--;
		mutex_unlock(&sub->setup_lock);
		if (ret)
			return ret;
		if (submission_ends(sub))
			return -ENODEV;
	}
	job->pool = pl;
	job->first_k = pl->next;
	job->tile = pl->tile;
	job->tpc = pl->tpc;
	return pool_bind(fq, pl);
}

/* Let go of the pool @job held; the last job of an idle pool wakes waiters. */
static void pool_put(struct agx4_g17p_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	struct g17p_pool *pl = job->pool;

	if (!pl)
		return;
	job->pool = NULL;
	mutex_lock(&sub->setup_lock);
	if (!--pl->live)
		pool_event(sub);
	mutex_unlock(&sub->setup_lock);
}

static int g17p_queue_create(struct agx4_device *adev,
			     const struct agx4_fw_queue_args *args,
			     struct agx4_fw_queue **out)
{
	struct agx4_fw_boot *b = adev->fw;
	struct agx4_g17p_queue *fq;
	struct g17p_vm *gvm;
	int ret;

	if (!b)
		return -ENODEV;
	fq = kzalloc(sizeof(*fq), GFP_KERNEL);
	if (!fq)
		return -ENOMEM;
	fq->base.adev = adev;
	fq->sub = agx4_fw_g17p_sub(b);
	fq->base.vm = agx4_vm_get(args->vm);
	init_waitqueue_head(&fq->idle_wq);
	fq->usc_base = args->usc_exec_base;
	fq->scratch = kvzalloc(SCRATCH_SIZE, GFP_KERNEL);
	ret = -ENOMEM;
	if (!fq->scratch)
		goto err_vm;
	mutex_lock(&fq->base.vm->fw_lock);
	gvm = vm_state(fq->sub, fq->base.vm);
	mutex_unlock(&fq->base.vm->fw_lock);
	ret = PTR_ERR_OR_ZERO(gvm);
	if (ret)
		goto err_vm;
	fq->gvm = gvm;
	fq->asid = agx4_uat_ctx_get(&b->ctx, &fq->base.vm->uat, &adev->mem->fw_uat);
	if (fq->asid < 0) {
		ret = fq->asid == -EBUSY ? -ENOSPC : fq->asid;
		goto err_vm;
	}
	ret = owner_create(fq);
	if (ret)
		goto err_ctx;
	mutex_lock(&fq->sub->setup_lock);
	list_add_tail(&fq->link, &fq->sub->queues);
	mutex_unlock(&fq->sub->setup_lock);
	*out = &fq->base;
	return 0;

err_ctx:
	agx4_uat_ctx_put(&b->ctx, fq->asid);
err_vm:
	kvfree(fq->scratch);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
	return ret;
}

static void queue_free(struct agx4_g17p_queue *fq)
{
	mutex_lock(&fq->sub->setup_lock);
	list_del(&fq->link);
	mutex_unlock(&fq->sub->setup_lock);
	pool_free(fq->sub, fq->pool);
	owner_free(fq, fq->owner);
	agx4_uat_ctx_put(&fq->sub->b->ctx, fq->asid);
	kfree(fq->spare);
	kvfree(fq->scratch);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
}

/*
 * Queue context cleanup (0x14, H) of the channel-control record at @va
 * (@cc its CPU view), echoing the record's live bytes 0x26, 0, 1 and 4
 * (H: the firmware rewrites some of them; the reference sees
 * 0x04000002 | incarnation << 16 there).
 */
static int push_cleanup(struct agx4_g17p_queue *fq, u64 va, const u8 *cc)
{
	static const u8 echo[] = { 0x26, 0, 1, 4 };
	struct agx4_fw_ctl ctl = {
		.opcode = AGX4_FW_CTL_CLEANUP,
		.context_control = va,
	};
	u8 rec[AGX4_FW_CTL_SIZE];
	unsigned int i;
	int ret;

	static_assert(ARRAY_SIZE(echo) == sizeof(ctl.ctrl));
	for (i = 0; i < ARRAY_SIZE(echo); i++)
		ctl.ctrl[i] = READ_ONCE(cc[echo[i]]);
	ret = fq->base.adev->gen->build_ctl(&ctl, rec, sizeof(rec));
	if (!ret)
		ret = agx4_fw_boot_ctl_push(fq->sub->b, 0, rec, sizeof(rec));
	return ret;
}

/*
 * Tell the firmware to forget @fq's pool and owner: 0 once it took every
 * device-control record (its read and done counters passed them).
 */
static int cleanup(struct agx4_g17p_queue *fq)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_owner *o = fq->owner;
	struct g17p_pool *pl = fq->pool;
	bool pushed = false;
	int ret = 0;

	lockdep_assert_held(&sub->cleanup_lock);
	/* The pool, then the owner: the reverse of their creation (M). */
	if (pl && pl->published) {
		ret = push_cleanup(fq, pool_va(pl, G17P_POOL_CONTROL),
				   pool_cpu(pl, G17P_POOL_CONTROL));
		pushed = !ret;
	}
	if (!ret && o->published) {
		ret = push_cleanup(fq, own_va(o, G17P_OWN_CONTROL),
				   own_cpu(o, G17P_OWN_CONTROL));
		pushed = !ret;
	}
	if (ret || (!pushed && list_empty(&sub->retained)))
		return ret;
	return agx4_fw_boot_ctl_ring(sub->b, 0) ?:
	       agx4_fw_boot_wait_ctl(sub->b, 0);
}

/*
 * Free the queues kept because the firmware did not take their cleanup:
 * it has taken every record since, or it stopped.  Their context-0
 * aliases, indices and contexts go too: the firmware's tables are there.
 */
static void free_retained(struct agx4_fw_g17p_sub *sub)
{
	struct agx4_g17p_queue *fq, *tmp;

	lockdep_assert_held(&sub->cleanup_lock);
	list_for_each_entry_safe(fq, tmp, &sub->retained, retained) {
		list_del(&fq->retained);
		queue_free(fq);
	}
}

/*
 * The firmware must forget a compute owner or render pool before its
 * memory is reused.  Each has its own channel-control record (which its
 * queue records name as their context); agx4 sends a context cleanup
 * (device control 0x14) for each the firmware has seen a message of (H),
 * rings the control doorbell and waits, up to the firmware timeout, until
 * the firmware took the records (both control counters past them, H).
 *
 * L: that taking the record is the end of the firmware's use: the one
 * receipt (event kind 13) the reference waits for answers the opening
 * registration (0x20); none is known for 0x14, so agx4 waits for none.
 * GAP: the six "post-cleanup maintenance" records (0x1b, kinds 0..2,
 * phases 1..2) of the reference's cleanup session are not sent: their
 * order and need are not known, and the release sequence read (the
 * native profile's) sends 0x14 alone.
 *
 * A queue whose records the firmware does not take in time is kept whole
 * (memory, context, VM reference) on &agx4_fw_g17p_sub.retained: never
 * freed while the firmware may still use it.  The next cleanup that finds
 * the control channel drained frees it; so does the firmware stopping
 * (g17p_fw_gone(): after a crash, and at removal, before the firmware's
 * tables go), so none outlives the device.  Once the firmware crashed or
 * stopped it uses nothing, and a queue destroyed then goes at once.
 */
static void g17p_queue_destroy(struct agx4_fw_queue *q)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);
	struct agx4_fw_g17p_sub *sub = fq->sub;
	int ret = 0;

	/* Its pool goes with it: nobody may take it over any more. */
	mutex_lock(&sub->setup_lock);
	if (fq->pool)
		fq->pool->fq = NULL;
	mutex_unlock(&sub->setup_lock);
	mutex_lock(&sub->cleanup_lock);
	if (!firmware_gone(sub->b))
		ret = cleanup(fq);
	if (ret && !firmware_gone(sub->b)) {
		dev_warn_ratelimited(fq->base.adev->base.dev,
				     "G17P firmware did not take a queue cleanup (%d): its memory is kept\n",
				     ret);
		list_add_tail(&fq->retained, &sub->retained);
	} else {
		free_retained(sub);
		queue_free(fq);
	}
	mutex_unlock(&sub->cleanup_lock);
}

/*
 * Make the firmware forget one channel-control record's context, as
 * g17p_queue_destroy() does for a queue: 0 once it took the cleanup.
 */
static int forget_context(struct agx4_g17p_queue *fq, u64 va, const u8 *cc)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	int ret;

	mutex_lock(&sub->cleanup_lock);
	ret = push_cleanup(fq, va, cc) ?:
	      agx4_fw_boot_ctl_ring(sub->b, 0) ?:
	      agx4_fw_boot_wait_ctl(sub->b, 0);
	mutex_unlock(&sub->cleanup_lock);
	return ret;
}

/*
 * Wait until every earlier job of @fq is freed: its work is done.  Only
 * the caller, under the queue's submit lock, adds jobs.  0; -ERESTARTSYS
 * on a signal; -ENODEV once the device is going or the firmware stopped.
 */
static int queue_idle_wait(struct agx4_g17p_queue *fq)
{
	int ret;

	ret = wait_event_interruptible(fq->idle_wq,
				       !atomic_read(&fq->jobs) ||
				       submission_ends(fq->sub));
	if (ret)
		return ret;
	return atomic_read(&fq->jobs) ? -ENODEV : 0;
}

/* An idle owner, forgotten by the firmware and made anew. */
static int owner_recycle(struct agx4_g17p_queue *fq)
{
	struct g17p_owner *o = fq->owner;
	int ret;

	if (o->published) {
		ret = forget_context(fq, own_va(o, G17P_OWN_CONTROL),
				     own_cpu(o, G17P_OWN_CONTROL));
		if (ret)
			return ret;
	}
	/* Every job freed: all its descriptor slots are free, in any order. */
	memset(o->arena->cpu, 0, G17P_OWN_SIZE);
	o->next = 0;
	o->epoch = 0;
	o->w = 0;
	o->seen = 0;
	o->published = 0;
	ret = init_owner(fq, o);
	if (ret)
		return ret;
	owner_count_from_now(fq->sub, o);
	owner_after_render(fq->sub, o);
	return 0;
}

/* An idle pool the caller holds, forgotten by the firmware and made anew. */
static int pool_recycle(struct agx4_g17p_queue *fq, struct g17p_pool *pl)
{
	int ret;

	if (pl->published) {
		ret = forget_context(fq, pool_va(pl, G17P_POOL_CONTROL),
				     pool_cpu(pl, G17P_POOL_CONTROL));
		if (ret)
			return ret;
	}
	memset(pl->arena->cpu, 0, G17P_POOL_SIZE);
	memset(pl->mem->cpu, 0, G17P_MEM_SIZE);
	memset(pl->recent, 0, sizeof(pl->recent));
	pl->next = 0;
	pl->tile = 0;
	pl->tpc = 0;
	pl->epoch = 0;
	pl->w[0] = 0;
	pl->w[1] = 0;
	pl->seen[0] = 0;
	pl->seen[1] = 0;
	pl->published = 0;
	/* A new graph: its growth requests are numbered from 0 again. */
	mutex_lock(&fq->sub->tvb_lock);
	pl->counter = 0;
	mutex_unlock(&fq->sub->tvb_lock);
	return init_pool(fq, pl);
}

static bool pool_full(struct agx4_g17p_queue *fq, const struct agx4_cmdbuf *cb)
{
	lockdep_assert_held(&fq->sub->setup_lock);
	return fq->pool && fq->pool->next + cb->renders > G17P_POOL_MAX_RENDERS;
}

/*
 * Before @cb's commands are prepared: recycle @fq's owner or pool if
 * they would pass its counter's limit (see the DOC), once every earlier
 * job of @fq is freed.  0; -ERESTARTSYS, -ENODEV as pool_get(); the
 * cleanup's -ETIMEDOUT or -EIO (the counter stays at its limit, the next
 * SUBMIT tries again).
 */
static int recycle(struct agx4_g17p_queue *fq, const struct agx4_cmdbuf *cb)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	bool own = fq->owner->next + cb->computes > G17P_OWN_MAX_COMMANDS;
	struct g17p_pool *pl = NULL;
	bool full = false;
	int ret;

	/* No render, no pool to recycle (a pool never passes its limit). */
	if (cb->renders) {
		mutex_lock(&sub->setup_lock);
		full = pool_full(fq, cb);
		mutex_unlock(&sub->setup_lock);
	}
	if (!own && !full)
		return 0;
	ret = queue_idle_wait(fq);
	if (!ret && own)
		ret = owner_recycle(fq);
	if (ret)
		return ret;
	/* Held, so that no other queue takes it over meanwhile. */
	mutex_lock(&sub->setup_lock);
	if (pool_full(fq, cb) && !fq->pool->live) {
		pl = fq->pool;
		pl->live = 1;
	}
	mutex_unlock(&sub->setup_lock);
	if (!pl)
		return 0;
	ret = pool_recycle(fq, pl);
	mutex_lock(&sub->setup_lock);
	if (!--pl->live)
		pool_event(sub);
	mutex_unlock(&sub->setup_lock);
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

static bool desc_held(struct g17p_owner *o, u16 slot)
{
	bool held;

	spin_lock(&o->desc_lock);
	held = test_bit(slot, o->held);
	spin_unlock(&o->desc_lock);
	return held;
}

/*
 * Take descriptor slot @n mod 240 of @o for command @n; while an earlier
 * command holds it, wait for its job to be freed (see the DOC).  0;
 * -ERESTARTSYS on a signal; -ENODEV once the device is going or the
 * firmware stopped.
 */
static int desc_get(struct agx4_g17p_queue *fq, struct g17p_owner *o, u32 n,
		    u16 *slot)
{
	u16 s = n % G17P_OWN_DESCS;
	int ret;

	for (;;) {
		spin_lock(&o->desc_lock);
		if (!test_bit(s, o->held)) {
			__set_bit(s, o->held);
			spin_unlock(&o->desc_lock);
			*slot = s;
			return 0;
		}
		spin_unlock(&o->desc_lock);
		if (submission_ends(fq->sub))
			return -ENODEV;
		ret = wait_event_interruptible(o->desc_wq,
					       !desc_held(o, s) ||
					       submission_ends(fq->sub));
		if (ret)
			return ret;
	}
}

/* Give @c's descriptor slot back: the firmware is done with it. */
static void desc_put(struct g17p_cmd *c)
{
	struct g17p_owner *o = c->owner;

	if (!c->slotted)
		return;
	c->slotted = false;
	spin_lock(&o->desc_lock);
	__clear_bit(c->slot, o->held);
	spin_unlock(&o->desc_lock);
	wake_up(&o->desc_wq);
}

/*
 * A compute command's descriptor, written into the descriptor slot it
 * takes, its event item and context record.
 */
static int prepare_compute(struct agx4_g17p_queue *fq,
			   const struct agx4_compute_desc *d,
			   struct g17p_cmd *c)
{
	const struct agx4_fw_gen *gen = fq->base.adev->gen;
	struct g17p_owner *o = fq->owner;
	u32 n = o->next, s = n % G17P_OWN_RECORDS, desc;
	u64 priv = o->priv_gpu;
	struct agx4_fw_compute_in in = {
		.st = {
			.counter = n,
			.grid = o->grid,
			.ev_group = n + 1,
			.ev_counter = G17P_OWN_EV_COUNTER,
		},
		.context_id = fq->asid,
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
	struct agx4_fw_buf bufs[] = {
		{ NULL, G17P_OWN_DESC_BYTES },
		{ fq->scratch + SCRATCH_EV,
		  sizeof(struct g17p_event_item_compute) },
	};
	struct g17p_context *ctx = &c->ctx;
	int ret;

	static_assert(G17P_OWN_DESC_BYTES == G17P_COMPUTE_WORK_WRITTEN);
	if (n + 1 > G17P_OWN_MAX_COMMANDS)
		return -ENOSPC;
	ret = desc_get(fq, o, n, &c->slot);
	if (ret)
		return ret;
	c->slotted = true;
	c->owner = o;
	/* The records of the ordinal mod 256 (see the DOC). */
	in.st.dispatch[0] = own_va(o, G17P_OWN_DISPATCH_A + s * 0x40);
	in.st.dispatch[1] = own_va(o, G17P_OWN_DISPATCH_B + s * 0x40);
	in.sched = own_va(o, G17P_OWN_SCHED + s * sizeof(struct g17p_sched));
	in.status[0] = own_va(o, G17P_OWN_STATUS + s * sizeof(struct g17p_slot));
	in.status[1] = in.status[0] + 8;
	in.zero_page = own_va(o, G17P_OWN_SCRATCH + s * sizeof(struct g17p_slot));
	in.robustness = priv + G17P_PRIV_ROBUST + s * sizeof(struct g17p_slot);
	desc = c->slot * G17P_OWN_DESC_STRIDE;
	in.st.work = own_va(o, desc);
	in.st.work_alias = own_low(o, desc);
	/*
	 * The descriptor is built in its slot: no publication names the
	 * slot yet and the firmware is done with its last command (whose
	 * job was freed); publish_items() orders these writes before the
	 * write index.
	 */
	bufs[0].ptr = own_cpu(o, desc);
	ret = gen->build_compute(d, &in, bufs);
	if (ret)
		return ret;
	memcpy(&c->ev, fq->scratch + SCRATCH_EV, sizeof(c->ev));
	c->compute = true;
	c->n = n;
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
	o->next++;
	return 0;
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
	/* Contexts below 3 take code 0x10 for every partial program (H). */
	return asid < 3 ? 0x10 : code;
}

static void render_contexts(struct agx4_g17p_queue *fq, struct g17p_cmd *c,
			    u64 ta_alias, u64 fr_alias)
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
		cpu_to_le64(locator(partial_code(fq->asid, G17P_LOCATOR_PSTORE),
				    fr_alias + offsetof(struct g17p_frag_work,
							pstore_regs)));
	c->ctx3d.partial[1] =
		cpu_to_le64(locator(partial_code(fq->asid, G17P_LOCATOR_PRESUME),
				    fr_alias + offsetof(struct g17p_frag_work,
							presume_regs)));
	c->ctx3d.partial[2] =
		cpu_to_le64(locator(partial_code(fq->asid, G17P_LOCATOR_PLOAD),
				    fr_alias + offsetof(struct g17p_frag_work,
							pload_regs)));
	c->ctx3d.gap_178 = cpu_to_le64(G17P_CONTEXT_LIMIT);
}

static int render_optional(struct agx4_g17p_queue *fq, struct g17p_cmd *c,
			   unsigned int st)
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
		.context = fq->asid,
		.tiling_shared = pool_va(pl, G17P_POOL_SHARED0),
		/*
		 * The TA's lifecycle half-word is the render's ordinal, like
		 * +0x3e, and its namespace its grid pair (H: the reference
		 * generator's defaults, build_optional_item()).
		 */
		.lifecycle = c->n & U16_MAX,
		.ns = (pl->grid + st) / 2,
	};

	return fq->base.adev->gen->build_optional(&in, &c->opt[st],
					     sizeof(c->opt[st]));
}

/*
 * A render's TA and 3D descriptors, event items, optional records and
 * context records with their points: the TA waits for the pool's
 * previous TA, the 3D for its TA and the pool's previous 3D (H); a
 * vertex barrier on an earlier render of the queue waits for that
 * render's 3D (H: the same queue's pool).
 */
static int prepare_render(struct agx4_g17p_queue *fq, struct g17p_pool *pl,
			  const struct agx4_render_desc *d,
			  struct g17p_cmd *c, s64 barrier)
{
	u32 k = pl->next, st = k % G17P_POOL_SLOTS, s = k % G17P_CONTEXT_SLOTS;
	u32 node = k + k / 2, ra = (2 * k) % G17P_POOL_A_RECORDS;
	u32 rb = k % G17P_POOL_B_RECORDS;
	const struct g17p_pool_b *pb = pool_cpu(pl, G17P_POOL_B + rb * sizeof(*pb));
	u64 ta = G17P_POOL_DESC_TA + st * G17P_POOL_TA_SIZE;
	u64 fr = G17P_POOL_DESC_3D + st * G17P_POOL_3D_SIZE;
	u64 stamps = pool_va(pl, G17P_POOL_STAMPS + st * G17P_POOL_STAMP_SIZE);
	u64 dispatch = pool_va(pl, G17P_POOL_DISPATCH), deflake, tile, tpc;
	u8 *buf = fq->scratch;
	struct agx4_fw_buf bufs[] = {
		{ buf, sizeof(struct g17p_ta_work) },
		{ buf + 0x1000, sizeof(struct g17p_event_item) },
		{ buf + 0x1100, sizeof(struct g17p_frag_work) },
		{ buf + 0x3400, sizeof(struct g17p_event_item) },
	};
	struct agx4_fw_render_in in = { };
	struct agx4_fw_stage_in *stage[2] = { &in.ta, &in.frag };
	u32 i;
	int ret;

	static_assert(0x3400 + sizeof(struct g17p_event_item) <= SCRATCH_SIZE);
	if (k + 1 > G17P_POOL_MAX_RENDERS)
		return -ENOSPC;
	ret = render_scratch(d, &tile, &tpc);
	if (ret)
		return ret;
	c->pool = pl;
	c->n = k;
	/* The descriptors' item is the render's index + 1, in full (H). */
	c->item = k + 1;
	/* A pool's memory starts zeroed: only a change needs clearing. */
	c->fresh_geometry = pl->tile && (pl->tile != tile || pl->tpc != tpc);
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
		x->work_stamp = (u64)fq->asid << G17P_WORK_TAG_SHIFT |
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
		 * The TA's +0x8fe and the 3D's start share a word; the TA's
		 * end word is left 0, the 3D's end is the next word (H:
		 * GravityLinux/linux drivers/gpu/drm/asahi/g17p_render.rs@498fde22
		 * timestamp_a, ta_timestamp_end 0 by default; the generator
		 * alike).
		 */
		x->prof.start = stamps;
		x->prof.end = i ? stamps + 8 : 0;
	}
	in.context_id = fq->asid;
	in.context_base = AGX4_FW_CONTEXT_BASE;
	in.bm_slot = pl->index;
	in.tilemap = pl->gpu + G17P_WIN_SCRATCH + (k % G17P_TILEMAP_BLOCKS) * tile;
	in.tpc = pl->gpu + G17P_WIN_SCRATCH + G17P_TILEMAP_BLOCKS * tile;
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
	ret = fq->base.adev->gen->build_render(d, &in, bufs);
	if (ret)
		return ret;
	c->desc = kmemdup(bufs[0].ptr, G17P_POOL_TA_SIZE, GFP_KERNEL);
	c->desc3d = kmemdup(bufs[2].ptr, G17P_POOL_3D_SIZE, GFP_KERNEL);
	if (!c->desc || !c->desc3d)
		return -ENOMEM;
	memcpy(&c->ev, bufs[1].ptr, sizeof(c->ev));
	memcpy(&c->ev3d, bufs[3].ptr, sizeof(c->ev3d));
	ret = render_optional(fq, c, 0) ?: render_optional(fq, c, 1);
	if (ret)
		return ret;
	render_contexts(fq, c, in.ta.work_alias, in.frag.work_alias);
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
	pl->tile = tile;
	pl->tpc = tpc;
	pl->next++;
	return 0;
}

/* The compute optional record, with the owner's first command (H). */
static int write_optional(struct agx4_g17p_queue *fq, struct g17p_owner *o)
{
	static const u32 sched[] = G17P_OWN_OPT_SCHED;
	struct agx4_fw_optional_in in = {
		.kind = G17P_KIND_COMPUTE,
		.context_low = own_low(o, G17P_OWN_CONTEXTS),
		.context_high = own_va(o, G17P_OWN_CONTEXTS),
		.grid = o->grid,
		.first = true,
		.shared_control = own_va(o, G17P_OWN_SUPPORT),
		.ordinal = G17P_OWN_OPT_ORDINAL,
		.channel_control = own_va(o, G17P_OWN_CONTROL),
		.uuid = G17P_OWN_UUID_BASE + o->grid,
		.sched = { sched[0], sched[1], sched[2] },
		.ctx = { fq->asid, G17P_OWN_OPT_CTX2 },
	};

	return fq->base.adev->gen->build_optional(&in, own_cpu(o, G17P_OWN_OPTIONAL),
					     sizeof(struct g17p_optional));
}

static void free_cmds(struct agx4_g17p_job *job)
{
	u32 i;

	for (i = 0; i < job->count; i++) {
		desc_put(&job->cmds[i]);
		kfree(job->cmds[i].desc);
		kfree(job->cmds[i].desc3d);
	}
}

/*
 * Give back what a job that never ran took of its queue's counters, and
 * its pool.
 */
static void rollback(struct agx4_g17p_job *job)
{
	struct agx4_g17p_queue *fq = job->fq;
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_pool *pl = job->pool;

	fq->owner->next = job->first_n;
	fq->renders -= job->nrender;
	if (!pl)
		return;
	if (job->made_pool) {
		/* Nothing went out on it: the firmware never saw it. */
		mutex_lock(&sub->setup_lock);
		fq->pool = NULL;
		pl->fq = NULL;
		mutex_unlock(&sub->setup_lock);
		job->pool = NULL;
		pool_free(sub, pl);
		return;
	}
	pl->next = job->first_k;
	pl->tile = job->tile;
	pl->tpc = job->tpc;
	pool_put(job);
}

/* The render a vertex barrier names, as a pool index; -1 for none. */
static s64 vdm_target(struct agx4_g17p_queue *fq, const struct agx4_g17p_job *job,
		      s32 wait)
{
	if (wait == AGX4_WAIT_NONE)
		return -1;
	if (!wait)
		/* A pool new to the queue holds none of its renders. */
		return fq->renders > job->nrender && !job->made_pool &&
		       !job->took_pool ? (s64)job->first_k - 1 : -1;
	return wait <= job->nrender ? (s64)job->first_k + wait - 1 : -1;
}

static int prepare_cmd(struct agx4_g17p_queue *fq, struct agx4_g17p_job *job,
		       const struct agx4_cmd_desc *cd, struct g17p_cmd *c)
{
	s64 target;
	int ret;

	if (cd->is_compute) {
		ret = prepare_compute(fq, &cd->compute, c);
		if (!ret && !c->n)
			ret = write_optional(fq, fq->owner);
		job->ncompute++;
		/* Render work of this or an earlier SUBMIT: on the CPU. */
		if (cd->wait_vdm != AGX4_WAIT_NONE &&
		    (cd->wait_vdm || fq->renders > job->nrender))
			c->wait_render = true;
		return ret;
	}
	if (!job->pool) {
		ret = pool_get(fq, job);
		if (ret)
			return ret;
	}
	target = vdm_target(fq, job, cd->wait_vdm);
	ret = prepare_render(fq, job->pool, &cd->render, c, target);
	if (ret)
		return ret;
	job->nrender++;
	fq->renders++;
	/* Compute work of this or an earlier SUBMIT: on the CPU. */
	if (cd->wait_cdm != AGX4_WAIT_NONE && (cd->wait_cdm || job->first_n))
		c->wait_compute = true;
	return 0;
}

static int g17p_job_prepare(struct agx4_fw_queue *q,
			    const struct agx4_cmdbuf *cb,
			    struct agx4_fw_job **out, u32 *credits)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);
	struct agx4_g17p_job *job;
	u32 i;
	int ret = 0;

	if (!cb->count || cb->count > G17P_CREDITS)
		return -EINVAL;
	ret = recycle(fq, cb);
	if (ret)
		return ret;
	job = cb->count == 1 ? xchg(&fq->spare, NULL) : NULL;
	if (job)
		memset(job, 0, struct_size(job, cmds, 1));
	else
		job = kzalloc(struct_size(job, cmds, cb->count), GFP_KERNEL);
	if (!job)
		return -ENOMEM;
	job->fq = fq;
	job->count = cb->count;
	job->first_n = fq->owner->next;
	INIT_LIST_HEAD(&job->link);
	INIT_LIST_HEAD(&job->live);
	for (i = 0; i < cb->count && !ret; i++)
		ret = prepare_cmd(fq, job, &cb->cmds[i], &job->cmds[i]);
	if (ret) {
		rollback(job);
		free_cmds(job);
		kfree(job);
		return ret;
	}
	atomic_inc(&fq->jobs);
	job->base.queue = q;
	*out = &job->base;
	*credits = cb->count;
	return 0;
}

/* Both consumers of @stage passed every message before @seq? */
static bool chan_passed(struct agx4_fw_g17p_sub *sub, unsigned int stage,
			u64 seq)
{
	lockdep_assert_held(&sub->lock);
	return sub->cons[stage][0] >= seq && sub->cons[stage][1] >= seq;
}

/*
 * Extend the channel's 8-bit consumer counters to 64 bits.  Called at
 * every publication and status check, so a counter never moves 256 or
 * more between two looks (at most 255 messages are outstanding).  A
 * cursor outside the ring moves nothing: the firmware wrote what it
 * cannot mean, and is restarted.
 */
static void chan_observe(struct agx4_fw_g17p_sub *sub, unsigned int stage)
{
	struct agx4_channel *ch = &sub->chan[stage];
	u32 cur[2] = { agx4_cursor_get(&ch->read), agx4_cursor_get(&ch->done) };
	bool wild = false;
	unsigned int i;

	lockdep_assert_held(&sub->lock);
	for (i = 0; i < 2; i++) {
		u64 c = sub->cons[stage][i];

		if (cur[i] >= AGX4_FW_RING_ENTRIES) {
			wild = true;
			continue;
		}
		c += (u8)(cur[i] - (u32)c);
		sub->cons[stage][i] = min(c, sub->prod[stage]);
	}
	if (unlikely(wild)) {
		atomic_inc(&sub->b->bad_cursors);
		agx4_reset_schedule(sub->b->adev, AGX4_RESET_BAD_CHANNEL, 0,
				    NULL, 0);
	}
}

static bool chan_room(struct agx4_fw_g17p_sub *sub, unsigned int stage)
{
	chan_observe(sub, stage);
	return sub->prod[stage] - min(sub->cons[stage][0], sub->cons[stage][1]) <
	       AGX4_FW_RING_ENTRIES - 1;
}

/*
 * A done index @v read from a bank, which only the firmware writes, moves
 * forward and never past what was published in the bank (@top): false,
 * the firmware restarted, if it went behind the value last read (*@seen)
 * or ahead.  A firmware that did either could make a later command look
 * done; its indices mean nothing any more.  Only the current bank is
 * read: see cmd_done_locked().  (L: the firmware writes a done index only
 * with the ends of items it took from the ring, in order; no source
 * states it.)
 */
static bool done_sane_locked(struct agx4_fw_g17p_sub *sub, unsigned int stage,
			     u32 v, u32 *seen, u32 top)
{
	lockdep_assert_held(&sub->lock);
	if (unlikely(v < *seen || v > top)) {
		atomic_inc(&sub->b->bad_stamps);
		/* Every look meets it again until the restart. */
		drm_dbg_ratelimited(&sub->b->adev->base,
				    "stage %u done index %u: seen %u, top %u\n",
				    stage, v, *seen, top);
		agx4_reset_schedule(sub->b->adev, AGX4_RESET_BAD_STAMP, 0,
				    NULL, 0);
		return false;
	}
	*seen = v;
	return true;
}

/*
 * One published stage: done index (sane, and at @w_end), both consumers.
 * @seen and @top are those of the stage's current bank (see
 * done_sane_locked()).
 */
static bool stage_done(struct agx4_fw_g17p_sub *sub, unsigned int stage,
		       const struct g17p_pointers *p, u32 *seen, u32 top,
		       u32 w_end, u64 seq)
{
	u32 v = le32_to_cpu(READ_ONCE(p->done));

	chan_observe(sub, stage);
	return done_sane_locked(sub, stage, v, seen, top) && v >= w_end &&
	       chan_passed(sub, stage, seq);
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

static bool cmd_done_locked(struct agx4_fw_g17p_sub *sub, struct g17p_cmd *c)
{
	lockdep_assert_held(&sub->lock);
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
		atomic_add(sub->renders_done++ ? 1 : 2, &sub->ctl_rings);
		/* The pool's last render published: the pool is idle. */
		if (c->epoch == pl->epoch && c->w_end == pl->w[0] &&
		    c->w_end3d == pl->w[1])
			pool_quiesce_locked(sub, pl);
	}
	sub->live--;
	WRITE_ONCE(c->done, true);
	return true;
}

/* Move an idle owner to its next transport bank (H). */
static void switch_bank(struct g17p_owner *o)
{
	struct g17p_queue *q = own_cpu(o, G17P_OWN_QUEUE);
	u32 bank = G17P_OWN_BANKS + (o->epoch % 2) * G17P_OWN_BANK_SIZE;
	struct g17p_pointers *p = own_cpu(o, bank);

	init_pointers(p);
	memset(own_cpu(o, bank + G17P_OWN_BANK_RING), 0,
	       G17P_OWN_RING_ENTRIES * sizeof(u64));
	wmb();	/* the fresh bank before the record names it */
	q->pointers = cpu_to_le64(own_va(o, bank));
	q->ring = cpu_to_le64(own_va(o, bank + G17P_OWN_BANK_RING));
	q->done = 0;
	wmb();	/* the record before anything published through it */
	o->epoch++;
	o->w = 0;
	o->seen = 0;
}

static u32 bank_offset(const struct g17p_owner *o)
{
	return o->epoch ? G17P_OWN_BANKS + ((o->epoch - 1) % 2) * G17P_OWN_BANK_SIZE :
			  G17P_OWN_POINTERS;
}

static u32 ring_offset(const struct g17p_owner *o)
{
	return o->epoch ? bank_offset(o) + G17P_OWN_BANK_RING : G17P_OWN_RING;
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
	struct agx4_channel *ch = &sub->chan[stage];
	struct g17p_work_msg *msg = ch->ring + ch->head * sizeof(*msg);
	u32 i;

	lockdep_assert_held(&sub->lock);
	for (i = 0; i < nitems; i++)
		ring[w + i] = cpu_to_le64(items[i]);
	memcpy(event, ev, sizeof(*ev));
	msg->zero = 0;
	msg->queue = cpu_to_le64(queue);
	msg->kind = cpu_to_le32(stage);
	msg->head = cpu_to_le32((w + nitems) | grid << 16 | (u32)first << 24);
	wmb();	/* items, event and message before the inner index */
	WRITE_ONCE(p->write, cpu_to_le32(w + nitems));
	ch->head = (ch->head + 1) % ch->entries;
	sub->prod[stage]++;
	/* agx4_cursor_set() orders the inner index before the producer. */
	agx4_cursor_set(&ch->prod, ch->head);
	*pp = p;
	*w_end = w + nitems;
	*seq = sub->prod[stage];
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

	lockdep_assert_held(&sub->lock);
	if (n && !(n % G17P_OWN_BANK_COMMANDS))
		switch_bank(o);
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
		      own_cpu(o, bank_offset(o)), own_cpu(o, ring_offset(o)),
		      o->w, items, nitems, own_cpu(o, ev), &c->ev, o->grid,
		      !n, &c->ptrs, &c->w_end, &c->seq);
	c->published = true;
	sub->live++;
	c->epoch = o->epoch;
	o->w += nitems;
	o->published++;
	fq->last_compute = c;
}

/* Move an idle pool to the next transport bank of both stages (H). */
static void switch_pool_banks(struct g17p_pool *pl)
{
	u32 bank = (pl->epoch % 2) * G17P_OWN_BANK_SIZE;
	unsigned int st;

	for (st = 0; st < 2; st++) {
		struct g17p_queue *q = pool_cpu(pl, G17P_POOL_QUEUE(st));
		u32 off = G17P_POOL_BANKS(st) + bank;

		init_pointers(pool_cpu(pl, off));
		memset(pool_cpu(pl, off + G17P_OWN_BANK_RING), 0,
		       G17P_POOL_RING_ENTRIES * sizeof(u64));
		wmb();	/* the fresh bank before the record names it */
		q->pointers = cpu_to_le64(pool_va(pl, off));
		q->ring = cpu_to_le64(pool_va(pl, off + G17P_OWN_BANK_RING));
		q->done = 0;
		pl->w[st] = 0;
		pl->seen[st] = 0;
	}
	wmb();	/* the records before anything published through them */
	pl->epoch++;
}

static u32 pool_bank(const struct g17p_pool *pl, unsigned int st)
{
	return pl->epoch ? G17P_POOL_BANKS(st) + ((pl->epoch - 1) % 2) *
			   G17P_OWN_BANK_SIZE : G17P_POOL_POINTERS(st);
}

static u32 pool_ring(const struct g17p_pool *pl, unsigned int st)
{
	return pl->epoch ? pool_bank(pl, st) + G17P_OWN_BANK_RING : G17P_POOL_RING(st);
}

/*
 * An idle pool's job list is reset: when both stages' done, read and
 * write indices are the pool's last write index and the list's +8 word
 * (the firmware moves it) is not the list's own address, the header is
 * written anew, {0, its own address, 0} (H: G17P-6, the reference's
 * quiesce after the last render of a wave; GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_render_runtime.rs@21d3e5c9 quiesce).  A pool
 * with work in flight is left alone.
 */
static void pool_quiesce_locked(struct agx4_fw_g17p_sub *sub,
				struct g17p_pool *pl)
{
	struct agx4_fw_job_list *jl = pool_cpu(pl, G17P_POOL_JOB_LIST);
	u64 self = pool_va(pl, G17P_POOL_JOB_LIST);
	unsigned int st;

	lockdep_assert_held(&sub->lock);
	for (st = 0; st < 2; st++) {
		const struct g17p_pointers *p = pool_cpu(pl, pool_bank(pl, st));

		if (le32_to_cpu(READ_ONCE(p->done)) != pl->w[st] ||
		    le32_to_cpu(READ_ONCE(p->read)) != pl->w[st] ||
		    le32_to_cpu(READ_ONCE(p->write)) != pl->w[st])
			return;
	}
	if (le64_to_cpu(READ_ONCE(jl->self)) == self)
		return;
	WRITE_ONCE(jl->head, 0);
	WRITE_ONCE(jl->self, cpu_to_le64(self));
	WRITE_ONCE(jl->tail, 0);
	wmb();	/* the header before what is published next */
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

/* Is every render of @pl before index @k done: the pool idle? */
static bool pool_idle_locked(struct agx4_fw_g17p_sub *sub,
			     struct g17p_pool *pl, u32 k)
{
	struct g17p_cmd *prev;

	lockdep_assert_held(&sub->lock);
	if (!k)
		return true;
	/* The pool's renders complete in order (each waits for the last). */
	prev = pl->recent[(k - 1) % G17P_TILEMAP_BLOCKS];
	return !prev || cmd_done_locked(sub, prev);
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

	lockdep_assert_held(&sub->lock);
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
	bool idle = pool_idle_locked(sub, pl, k);
	u32 phase = 0;
	unsigned int st;

	lockdep_assert_held(&sub->lock);
	register_index(sub, pl);
	if (k && !(k % G17P_POOL_BANK_RENDERS))
		switch_pool_banks(pl);
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
			      pool_cpu(pl, pool_bank(pl, st)),
			      pool_cpu(pl, pool_ring(pl, st)), pl->w[st], items,
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

	return c->n < G17P_TILEMAP_BLOCKS || !prev || cmd_done_locked(sub, prev);
}

/* May @c go out now: its CPU waits are over and its channels have room? */
static bool cmd_ready(struct agx4_g17p_queue *fq, struct g17p_cmd *c)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;

	lockdep_assert_held(&sub->lock);
	if (c->wait_render && fq->last_render &&
	    !cmd_done_locked(sub, fq->last_render))
		return false;
	if (c->wait_compute && fq->last_compute &&
	    !cmd_done_locked(sub, fq->last_compute))
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

	lockdep_assert_held(&sub->lock);
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
		atomic_inc(&sub->ctl_rings);
	return ret;
}

/* Publish what of @job may go out; true when all of it went. */
static bool publish_job_locked(struct agx4_g17p_job *job, unsigned long *kick)
{
	struct agx4_g17p_queue *fq = job->fq;

	lockdep_assert_held(&fq->sub->lock);
	for (; job->next < job->count; job->next++) {
		struct g17p_cmd *c = &job->cmds[job->next];

		if (!cmd_ready(fq, c) || ctl_before_locked(fq->sub, c))
			return false;
		if (c->compute) {
			publish_compute(fq, c);
			*kick |= BIT(G17P_PIPE_COMPUTE);
		} else {
			publish_render(fq, c);
			*kick |= BIT(G17P_PIPE_RENDER);
			if (list_empty(&job->live))
				list_add_tail(&job->live, &fq->sub->renders);
		}
	}
	return true;
}

static void defer_job(struct agx4_g17p_job *job)
{
	lockdep_assert_held(&job->fq->sub->lock);
	list_add_tail(&job->link, &job->fq->sub->deferred);
	job->deferred = true;
	job->fq->deferred++;
}

static void undefer_job(struct agx4_g17p_job *job)
{
	lockdep_assert_held(&job->fq->sub->lock);
	list_del_init(&job->link);
	job->deferred = false;
	job->fq->deferred--;
}

/*
 * One doorbell per pipe noted, outside every lock: the firmware may
 * answer before the mailbox write returns.
 */
static void g17p_kick(struct agx4_device *adev)
{
	struct agx4_fw_g17p_sub *sub;
	const struct agx4_fw_transport *t = &adev->transport;
	unsigned long pipes;
	unsigned int pipe;
	int n;
	u64 msg;

	if (!adev->fw)
		return;
	sub = agx4_fw_g17p_sub(adev->fw);
	for (n = atomic_xchg(&sub->ctl_rings, 0); n; n--)
		if (test_bit(0, &adev->fw->crashed) ||
		    t->ops->ring(t->priv, 0, AGX4_RTKIT_EP_DOORBELL,
				 agx4_rtkit_msg_ctl_doorbell()))
			break;
	if (!atomic_long_read(&sub->kick_pending))
		return;
	/* Fully ordered: what the pipes publish is seen before the ring. */
	pipes = atomic_long_xchg(&sub->kick_pending, 0);
	for_each_set_bit(pipe, &pipes, BITS_PER_LONG) {
		if (test_bit(0, &adev->fw->crashed) ||
		    agx4_rtkit_msg_kick(G17P_PRIORITY, pipe, &msg))
			continue;
		if (t->ops->ring(t->priv, 0, AGX4_RTKIT_EP_DOORBELL, msg))
			set_bit(pipe, &sub->kick_lost);
	}
}

/* Note @pipes for the next kick, after what they publish (see there). */
static void note_kick(struct agx4_fw_g17p_sub *sub, unsigned long pipes)
{
	if (!pipes)
		return;
	/*
	 * The writes that published before the bits; pairs with the fully
	 * ordered atomic_long_xchg() of g17p_kick().
	 */
	smp_mb__before_atomic();
	atomic_long_or(pipes, &sub->kick_pending);
}

static void g17p_job_publish(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	unsigned long pipes = 0;

	/* The job unit's device lock is held, interrupts off. */
	lockdep_assert_irqs_disabled();
	spin_lock(&sub->lock);
	job->ran = true;
	/* Behind an earlier job of the queue that is still waiting. */
	if (!job->fq->killed &&
	    (job->fq->deferred || !publish_job_locked(job, &pipes)))
		defer_job(job);
	note_kick(sub, pipes);
	spin_unlock(&sub->lock);
}

static void g17p_poll(struct agx4_device *adev)
{
	struct agx4_fw_g17p_sub *sub;
	struct agx4_g17p_job *job, *tmp;
	unsigned long pipes;

	if (!adev->fw)
		return;
	sub = agx4_fw_g17p_sub(adev->fw);
	/*
	 * Nothing to flush, the common case: only job_publish() adds to
	 * @deferred, and the caller's lock serialises it with this call.
	 */
	if (!READ_ONCE(sub->kick_lost) && list_empty(&sub->deferred))
		return;
	/* The job unit's device lock is held, interrupts off. */
	lockdep_assert_irqs_disabled();
	spin_lock(&sub->lock);
	pipes = xchg(&sub->kick_lost, 0);
	sub->pass++;
	list_for_each_entry_safe(job, tmp, &sub->deferred, link) {
		if (job->fq->blocked == sub->pass)
			continue;
		if (publish_job_locked(job, &pipes))
			undefer_job(job);
		else
			job->fq->blocked = sub->pass;
	}
	note_kick(sub, pipes);
	spin_unlock(&sub->lock);
}

/*
 * Done: every command published and done; on a killed queue, every
 * command that went out done (the rest never will go out).
 */
static int g17p_job_status(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	int ret = 0;
	u32 i;

	/* The job unit's device lock is held, interrupts off. */
	lockdep_assert_irqs_disabled();
	spin_lock(&sub->lock);
	if (job->next < job->count && !job->fq->killed)
		ret = -EINPROGRESS;
	for (i = 0; i < job->next && !ret; i++)
		if (!cmd_done_locked(sub, &job->cmds[i]))
			ret = -EINPROGRESS;
	/* The render ran to its end, without all of its geometry. */
	if (!ret && job->nomem)
		ret = -ENOMEM;
	spin_unlock(&sub->lock);
	return ret;
}

/*
 * A timeout ended every published job of @fq: what of them waits in
 * &agx4_fw_g17p_sub.deferred never goes out (what went out runs on: its
 * storage stays until job_status() says the firmware is done with it).
 */
static void g17p_queue_kill(struct agx4_fw_queue *q)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct agx4_g17p_job *job, *tmp;
	unsigned long flags;

	spin_lock_irqsave(&sub->lock, flags);
	fq->killed = true;
	list_for_each_entry_safe(job, tmp, &sub->deferred, link)
		if (job->fq == fq)
			undefer_job(job);
	spin_unlock_irqrestore(&sub->lock, flags);
}

static void g17p_job_free(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_g17p_queue *fq = job->fq;
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_cmd *first = job->cmds, *end = job->cmds + job->count;
	unsigned long flags;
	unsigned int i;

	spin_lock_irqsave(&sub->lock, flags);
	list_del_init(&job->live);
	if (job->deferred)
		undefer_job(job);
	/* Out and never seen done (a killed queue, a lost firmware). */
	for (i = 0; i < job->count; i++)
		if (job->cmds[i].published && !READ_ONCE(job->cmds[i].done))
			sub->live--;
	/* Done (or never out): nothing later waits for these. */
	if (fq->last_compute >= first && fq->last_compute < end)
		fq->last_compute = NULL;
	if (fq->last_render >= first && fq->last_render < end)
		fq->last_render = NULL;
	if (job->pool)
		for (i = 0; i < G17P_TILEMAP_BLOCKS; i++)
			if (job->pool->recent[i] >= first &&
			    job->pool->recent[i] < end)
				job->pool->recent[i] = NULL;
	spin_unlock_irqrestore(&sub->lock, flags);
	/* A job dropped before it ran gives its ordinals back. */
	if (!job->ran && fq->owner->next == job->first_n + job->ncompute &&
	    (!job->pool || job->pool->next == job->first_k + job->nrender))
		rollback(job);
	pool_put(job);
	free_cmds(job);
	/* Kept for the next job of one command; the one kept before goes. */
	if (job->count == 1)
		job = xchg(&fq->spare, job);
	kfree(job);
	/* Fully ordered, as wq_has_sleeper() needs against the wait. */
	if (atomic_dec_and_test(&fq->jobs) && wq_has_sleeper(&fq->idle_wq))
		wake_up_all(&fq->idle_wq);
}

/* A record, by the decoder's name @layout, from where the host keeps it. */
static void dump_record(struct agx4_device *adev, const char *layout,
			const void *rec, size_t size, struct drm_printer *p)
{
	const struct agx4_fw_layout *l = agx4_fw_layout_find(adev->gen,
							     layout);

	drm_printf(p, "    %s\n", layout);
	if (l)
		agx4_fw_decode(l, rec, size, p);
}

/*
 * A crash dump: each command's pointer block (firmware-shared), event
 * item and context record (as the host wrote them into the firmware's).
 */
static void g17p_job_dump(struct agx4_fw_job *j, struct drm_printer *p)
{
	struct agx4_g17p_job *job = to_g17p_job(j);
	struct agx4_device *adev = job->fq->base.adev;
	u32 i;

	for (i = 0; i < job->count; i++) {
		const struct g17p_cmd *c = &job->cmds[i];

		drm_printf(p, "    command %u: %s, ordinal %u\n", i,
			   c->compute ? "compute" : "render", c->n);
		if (c->ptrs)
			dump_record(adev, "pointers", c->ptrs,
				    sizeof(*c->ptrs), p);
		dump_record(adev, "event_item", &c->ev, sizeof(c->ev), p);
		dump_record(adev, "context", &c->ctx, sizeof(c->ctx), p);
	}
}

/*
 * After unplug: the firmware is gone, and with it the submission state
 * and context 0's tables (the boot's).  A job's host storage goes.
 */
static void g17p_job_forget(struct agx4_fw_job *j)
{
	struct agx4_g17p_job *job = to_g17p_job(j);

	free_cmds(job);
	kfree(job);
}

/*
 * After unplug, each of its jobs forgotten or freed: the queue's memory
 * goes without a word to the firmware.  Its context-0 aliases are not
 * unmapped (those tables went with the firmware), its windows in the VM
 * are; its owner and pool indices, its context and its place on
 * &agx4_fw_g17p_sub.queues went with the submission state.
 */
static void g17p_queue_forget(struct agx4_fw_queue *q)
{
	struct agx4_g17p_queue *fq = to_g17p_queue(q);

	if (fq->pool) {
		pool_release(fq->pool);
		kfree(fq->pool);
	}
	owner_release(fq, fq->owner);
	kfree(fq->spare);
	kvfree(fq->scratch);
	agx4_vm_put(fq->base.vm);
	kfree(fq);
}

/* Wake every wait of a prepare for room: they look at submission_ends(). */
static void wake_waiters(struct agx4_fw_g17p_sub *sub)
{
	struct agx4_g17p_queue *fq;

	mutex_lock(&sub->setup_lock);
	list_for_each_entry(fq, &sub->queues, link) {
		wake_up_all(&fq->idle_wq);
		wake_up_all(&fq->owner->desc_wq);
	}
	mutex_unlock(&sub->setup_lock);
	wake_up_all(&sub->pool_wq);
}

/*
 * The device is going (before drm_dev_unplug(), which waits for the
 * SUBMITs in these waits): end them, and any later one, with -ENODEV.
 */
static void g17p_unplug(struct agx4_device *adev)
{
	struct agx4_fw_g17p_sub *sub;

	/* Without the firmware (shut down already) nothing can wait. */
	if (!adev->fw || !adev->fw->gen_priv)
		return;
	sub = agx4_fw_g17p_sub(adev->fw);
	WRITE_ONCE(sub->going, true);
	wake_waiters(sub);
}

/* The firmware stopped: firmware_gone() holds, the waits end. */
static void g17p_fw_stopped(struct agx4_device *adev)
{
	wake_waiters(agx4_fw_g17p_sub(adev->fw));
}

/*
 * The firmware stopped (a crash, or the removal after the job unit
 * stopped) and its tables are still there: the queues kept for it go,
 * as a destroy would free them now.
 */
static void g17p_fw_gone(struct agx4_device *adev)
{
	struct agx4_fw_g17p_sub *sub;

	if (!adev->fw || !adev->fw->gen_priv)
		return;
	sub = agx4_fw_g17p_sub(adev->fw);
	if (WARN_ON(!firmware_gone(sub->b)))
		return;
	mutex_lock(&sub->cleanup_lock);
	free_retained(sub);
	mutex_unlock(&sub->cleanup_lock);
}

/* The render pools' windows, in every VM that renders. */
static const struct agx4_range g17p_vm_reserved[] = {
	{ .start = G17P_WIN_BASE, .size = AGX4_G17P_MAX_POOLS * G17P_WIN_STRIDE },
};

/* ---- TVB growth and the memory limit ---- */

/*
 * The pool's TVB state as the host wrote it: the firmware's mirror of
 * the block count at most the pool's, the shared slots the pool's count
 * twice, the secondary index, the shared slots and the block size where
 * they were (M: as G16's buffer manager, which the pool's shares its
 * layout with).
 */
static bool pool_intact(const struct g17p_pool *pl)
{
	const struct g17p_pool_shared *sh = pool_cpu(pl, G17P_POOL_SHARED0);
	const struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);

	return le32_to_cpu(sh->blocks) <= pl->blocks &&
	       le32_to_cpu(ls->blocks) == pl->blocks &&
	       le32_to_cpu(ls->blocks2) == pl->blocks &&
	       le64_to_cpu(sh->secondary) ==
	       pool_va(pl, G17P_POOL_LEAF_SECONDARY) &&
	       le64_to_cpu(sh->shared_slots) ==
	       pool_va(pl, G17P_POOL_LEAF_SHARED) &&
	       le32_to_cpu(sh->block_size) == G17P_POOL_BLOCK_SIZE;
}

/*
 * Add blocks @old..@new - 1 to @pl: one object for them, each block
 * mapped in the pool's VM at its place in the pool's carve-out slice,
 * their ids appended to the secondary index, then the new count written
 * twice in the shared slots (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_growth_runtime.rs@fc79d23c allocate writes
 * those and nothing else).  The primary index keeps the first blocks'
 * page ids only, as the reference leaves it.  GAP: whether the firmware
 * extends the page counts of the pool object itself, as G16's does its
 * page list, is not known; agx4 leaves them to it.
 */
static int pool_add_blocks(struct agx4_device *adev, struct g17p_pool *pl,
			   u32 old, u32 new)
{
	struct g17p_leaf_shared *ls = pool_cpu(pl, G17P_POOL_LEAF_SHARED);
	__le64 *secondary = pool_cpu(pl, G17P_POOL_LEAF_SECONDARY);
	struct agx4_vm *vm = pl->vm;
	struct agx4_fw_obj *obj;
	u32 i;
	int ret = 0;

	if (pl->ngrown == ARRAY_SIZE(pl->grown))
		return -ENOSPC;
	obj = agx4_fw_obj_create(&adev->mem->heap,
				 (u64)(new - old) * G17P_POOL_BLOCK_SIZE,
				 AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(obj))
		return -ENOMEM;
	mutex_lock(&vm->bind_lock);
	for (i = old; i < new && !ret; i++)
		ret = map_part(&vm->uat, growth_va(vm, pl, i), obj,
			       (u64)(i - old) * G17P_POOL_BLOCK_SIZE,
			       G17P_POOL_BLOCK_SIZE);
	if (ret)
		unmap_part(&vm->uat, growth_va(vm, pl, old),
			   (u64)(new - old) * G17P_POOL_BLOCK_STRIDE);
	mutex_unlock(&vm->bind_lock);
	if (ret) {
		agx4_fw_obj_destroy(obj);
		return -ENOMEM;
	}
	pl->grown[pl->ngrown++] = obj;
	for (i = old; i < new; i++)
		secondary[i] = cpu_to_le64(block_id(growth_va(vm, pl, i)));
	/* The blocks are mapped and listed before the count names them. */
	wmb();
	ls->blocks = cpu_to_le32(new);
	ls->blocks2 = cpu_to_le32(new);
	pl->blocks = new;
	return 0;
}

/*
 * A growth request names the pool by its index and grid, and its VM by
 * the context the pool's queue runs in.  Its counter is the pool's: 0 for
 * the first request of a pool made anew (pool_create(), pool_recycle()),
 * one more after each reply, "grew" or "refused" (H: the reference
 * accepts only its pool's counter, starts it at 0 for a new pool or
 * graph and moves it on per reply).  A pool that changes hands keeps its
 * counter: the firmware's graph is the same.  A request behind the
 * counter repeats one already answered; one ahead of it is out of
 * sequence: neither is answered.
 *
 * A pool grows by exactly the generation's step or not at all (H: the
 * reference refuses a step that would pass the pool's limit rather than
 * grow by less).
 *
 * The pool is bounded by the parser already (agx4_fw_g17p.c refuses a
 * request past pool 14), and the TVB unit asks only while the firmware
 * that made the request is up; both are checked again here because the
 * pool indexes @sub->pool.
 */
static int g17p_tvb_grow(struct agx4_device *adev,
			 const struct agx4_fw_ev_grow_in *req, u32 max_blocks)
{
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(adev->fw);
	struct g17p_pool *pl;
	u32 old, new, room;
	int asid = -1, ret;

	if (!sub || req->slot >= AGX4_G17P_MAX_POOLS)
		return -ENOENT;
	mutex_lock(&sub->tvb_lock);
	mutex_lock(&sub->setup_lock);
	pl = sub->pool[req->slot];
	if (pl && pl->fq)
		asid = pl->fq->asid;
	mutex_unlock(&sub->setup_lock);
	/* A pool of no queue has no context (-1): no request names it. */
	if (!pl || !pl->vm || (int)req->context != asid ||
	    req->subpipe != pl->grid) {
		ret = -ENOENT;
		goto out;
	}
	if (req->counter != pl->counter) {
		ret = agx4_fw_grow_counter_error(req->counter, pl->counter);
		goto out;
	}
	if (!pool_intact(pl)) {
		ret = -EPROTO;
		goto out;
	}
	/* Answered from here on, "grew" or "refused". */
	pl->counter++;
	old = pl->blocks;
	room = G17P_POOL_GROUPS +
	       min_t(u64, growth_slice(pl->vm) / G17P_POOL_BLOCK_STRIDE,
		     G17P_TVB_MAX_BLOCKS);
	new = old + adev->gen->tvb.growth_blocks;
	if (new <= min3(max_blocks, room, (u32)G17P_TVB_MAX_BLOCKS))
		ret = pool_add_blocks(adev, pl, old, new);
	else
		ret = -ENOSPC;
	if (!ret)
		ret = new;
out:
	mutex_unlock(&sub->tvb_lock);
	return ret;
}

/*
 * A memory-limit report names the render exactly (H): its TA or 3D
 * descriptor, its 3D descriptor, the VM and the pool.  Its render is
 * one of a published job of that pool's, not seen done yet.
 */
static int g17p_tvb_limit(struct agx4_device *adev,
			  const struct agx4_fw_ev_limit_in *lim,
			  struct agx4_fw_ctl *reply)
{
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(adev->fw);
	struct agx4_g17p_job *job;
	unsigned long flags;
	int ret = -ENOENT;
	u32 i;

	if (!sub)
		return ret;
	spin_lock_irqsave(&sub->lock, flags);
	list_for_each_entry(job, &sub->renders, live) {
		struct g17p_pool *pl = job->pool;

		if (!pl || pl->index != lim->pool ||
		    (u64)job->fq->asid != lim->vm)
			continue;
		for (i = 0; i < job->next; i++) {
			struct g17p_cmd *c = &job->cmds[i];
			u32 slot = c->n % G17P_POOL_SLOTS;
			u64 ta = pool_va(pl, G17P_POOL_DESC_TA + slot * G17P_POOL_TA_SIZE);
			u64 fr = pool_va(pl, G17P_POOL_DESC_3D + slot * G17P_POOL_3D_SIZE);

			if (!c->compute && c->published && !c->done &&
			    (lim->work == ta || lim->work == fr) &&
			    lim->fragment == fr)
				break;
		}
		if (i == job->next)
			continue;
		job->cmds[i].limited = true;
		job->nomem = true;
		ret = 0;
		break;
	}
	spin_unlock_irqrestore(&sub->lock, flags);
	/* G17P only consumes the report (H): no reply. */
	reply->opcode = 0;
	return ret;
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
static void g17p_completion(struct agx4_device *adev,
			    const struct agx4_fw_event *e)
{
	struct agx4_fw_g17p_sub *sub;
	unsigned long flags;
	unsigned int i;

	if (!adev->fw || !adev->fw->gen_priv)
		return;
	sub = agx4_fw_g17p_sub(adev->fw);
	spin_lock_irqsave(&sub->lock, flags);
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
	spin_unlock_irqrestore(&sub->lock, flags);
}

const struct agx4_fw_submit_ops agx4_fw_g17p_submit = {
	.credit_limit = G17P_CREDITS,
	.vm_reserved = g17p_vm_reserved,
	.num_vm_reserved = ARRAY_SIZE(g17p_vm_reserved),
	.queue_create = g17p_queue_create,
	.queue_destroy = g17p_queue_destroy,
	.job_prepare = g17p_job_prepare,
	.job_publish = g17p_job_publish,
	.job_status = g17p_job_status,
	.job_free = g17p_job_free,
	.poll = g17p_poll,
	.completion = g17p_completion,
	.kick = g17p_kick,
	.queue_kill = g17p_queue_kill,
	.job_dump = g17p_job_dump,
	.job_forget = g17p_job_forget,
	.queue_forget = g17p_queue_forget,
	.unplug = g17p_unplug,
	.fw_stopped = g17p_fw_stopped,
	.fw_gone = g17p_fw_gone,
	.tvb_grow = g17p_tvb_grow,
	.tvb_limit = g17p_tvb_limit,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g17p_submit);

#if IS_ENABLED(CONFIG_KUNIT)
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
	spin_lock_irqsave(&sub->lock, flags);
	o->terminals = sub->owner_terminals[o->index] - commands;
	spin_unlock_irqrestore(&sub->lock, flags);
	o->next = commands;
	if (fq->pool)
		fq->pool->next = renders;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g17p_queue_set_counts);
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
	spin_lock_init(&sub->lock);
	INIT_LIST_HEAD(&sub->deferred);
	INIT_LIST_HEAD(&sub->renders);
	mutex_init(&sub->setup_lock);
	mutex_init(&sub->tvb_lock);
	init_waitqueue_head(&sub->pool_wq);
	mutex_init(&sub->cleanup_lock);
	INIT_LIST_HEAD(&sub->retained);
	INIT_LIST_HEAD(&sub->queues);
	sub->region0 = region0;
	sub->dispatch = (u8 *)region1 + G17P_DISPATCH_OFFSET;
	write_dispatch_record(region1);
	for (stage = 0; stage < AGX4_G17P_NUM_STAGES; stage++) {
		u32 ring = G17P_WORK_RINGS + stage * G17P_RING_STAGE_STRIDE +
			   (3 - G17P_PRIORITY) * G17P_RING_PRIO_STRIDE;
		u8 *cur = cursors + stage * G17P_CURSOR_STAGE_STRIDE +
			  (3 - G17P_PRIORITY) * G17P_CURSOR_PRIO_STRIDE;
		struct agx4_channel *ch = &sub->chan[stage];

		agx4_channel_init(ch, "work", bundle + ring,
				  geom->work_msg_size, geom->ring_entries);
		ch->read.ram = (u32 *)cur;
		ch->done.ram = (u32 *)(cur + G17P_CURSOR_WORD_STRIDE);
		ch->prod.ram = (u32 *)(cur + 2 * G17P_CURSOR_WORD_STRIDE);
		sub->chan_va[stage] = bundle_va + ring;
	}
}
