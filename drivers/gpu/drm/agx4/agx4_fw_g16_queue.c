// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/dma-fence.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/list.h>
#include <linux/mm.h>
#include <linux/unaligned.h>
#include <linux/lockdep.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/wait.h>

#include <asm/barrier.h>

#include <drm/drm_drv.h>
#include <drm/drm_mm.h>
#include <drm/drm_print.h>

#include <kunit/visibility.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_decode.h"
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
 * **Events.**  While a queue has jobs reserved and not freed it holds one
 * of %G16_EVENT_LEASES event leases: lease k gives the event ids
 * 32 + 3k + stage; ids below 32 stay the bootstrap's.  At most 32 queues
 * have work outstanding at once; any number can exist.  A job takes its
 * queue's lease (or a free one) only in @job_reserve, from drm_sched's
 * prepare_job once its in-fences signalled, so a job waiting for them
 * holds none, and SUBMIT never waits for one.  A job that finds every
 * lease held by other queues waits in the scheduler, holding nothing,
 * for its own fence, which the next lease given back is handed to (in
 * the order the jobs began waiting): leases are held by queues with jobs
 * reserved, which run, complete or time out (a timeout kills the queue,
 * which gives its lease back at once).  The unplug ends those waits.  As
 * the lease is known only then, prepare builds every item with event 0
 * and @job_reserve writes the ids (set_events()).  Stamps and ordinals do
 * not depend on the lease: prepare still assigns them in SUBMIT order.
 * Resources a VM keeps while it lives (its context, its render support
 * lease) are not waited for: running out of them fails the prepare with
 * -ENOSPC.  A VM's scene slots and render scratch, which its prepared
 * renders hold, are: see render_lease().
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
 * (priority, engine).  A channel has room while both firmware cursors
 * are less than 127 messages behind the producer; without room the job's
 * messages, and every later job's, wait for @poll.
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
 * the firmware restarted, as is a cursor outside its ring.
 *
 * **Kill and unplug.**  A queue killed by a timeout sends nothing more:
 * its jobs' messages still waiting for room are dropped (those jobs count
 * as done for the firmware, which never saw them) and its event lease is
 * given back (to the job that has waited longest).  The unplug ends every
 * job's wait for a lease (-ENODEV; the job unit then cancels the job) and
 * every prepare's wait for a scene slot.  After unplug, forgetting a job
 * or queue frees its host structures and its storage without a word to
 * the firmware, which is gone: storage aliased in context 0 is not
 * unmapped there (context 0's tables went with the firmware), only in the
 * VM's tables and the firmware heap's, which outlive it.
 *
 * **Renders.**  A VM's first render makes its render objects: one of
 * %AGX4_FW_G16_SUPPORTS support leases (lease n: identity and
 * private-memory slot 3 + n, buffer-manager slot 7 + n; -ENOSPC when all
 * are taken), whose operand directory, table and 24 operand buffers are
 * mapped in the VM's kernel carve-out, and the VM's TVB pool (buffer
 * manager, scenes, block lists, the PB descriptor of its slot, the page
 * list, pool-slot words and first blocks mapped in the carve-out too).
 * The 0x35d4000-byte linear backing of the reference is not copied: the
 * firmware learns every one of these addresses from host-written records,
 * so agx4 maps only what is used and places it itself (the reference's
 * fixed aliases at 0x10_0008_0000 and around are free for the user).  Each
 * render leases one of the pool's %G16_SCENE_SLOTS scene slots and a
 * scratch lease from the rest of the carve-out (tilemap, TPC, metadata,
 * deflake, TA and 3D status and the aux-framebuffer page), and gets a
 * 0x1c000-byte Work storage mapped at 0x72_0000_0000 + (its address -
 * the heap base) in context 0 and the VM.  Its TA and 3D share the
 * queue's render ordinal: stamps 0xc00 and 0x100 + ordinal * 0x100,
 * counters 2 * ordinal + 1 and 2 * ordinal.  Its barriers wait ahead of
 * the TA, except that with %AGX4_RENDER_VDM_BARRIER_FRAGMENT its barrier
 * on the render subqueue waits ahead of the 3D stage (the fragment
 * barrier, as the reference's G16 runtime can do: the backend reports
 * %AGX4_FEATURE_FRAGMENT_BARRIER).  Publish counts two Works on the
 * support's shared-state word, pushes the TA prelude on the pool's first
 * render only, then the TA work, and the 3D barrier and work; a render is
 * done once both lanes, both driver stamps and the notifier are, and the
 * device-control channel is idle.
 *
 * **TVB growth** (agx4_tvb.c) adds blocks to a VM's pool 10 at a time,
 * mapped after its first blocks in the carve-out (room for 331 in all),
 * found by the buffer-manager slot and context a request names; they go
 * with the VM.  A memory-limit report is matched to the published render
 * whose 3D event (its queue's lease) and 3D stamp it names, and answered
 * with the 3D lane's queue record and that stamp.
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

/*
 * A render command's Work storage (0x1c000): notifier and count array,
 * work items, preludes with the dependency items after them,
 * microsequences, the firmware's shared tails and the driver stamps.
 */
#define G16_RW_SIZE		0x1c000
#define G16_RW_PROF		0x100
#define G16_RW_NOTIFIER		0x200
#define G16_RW_COUNT		0x300
#define G16_RW_TA		0x2940
#define G16_RW_TA_PRELUDE	0x4000
#define G16_RW_TA_MS		0x6340
#define G16_RW_3D		0x9b40
#define G16_RW_3D_PRELUDE	0xc000
#define G16_RW_3D_MS		0xd680
#define G16_RW_TA_TAIL		0x10000
#define G16_RW_3D_TAIL		0x14000
#define G16_RW_TA_DSTAMP	0x18000
#define G16_RW_3D_DSTAMP	0x18040
/* H: render Work is mapped for the GPU in this window (context 0, VM). */
#define G16_RENDER_ALIAS	0x7200000000ull

/*
 * A VM's render objects in its kernel carve-out (agx4's layout; the
 * firmware learns every address from host-written records): the operand
 * directory, table and 24 buffers of its render support, the TVB page
 * list, the pool-slot page, room for the pool's most blocks, then the
 * per-render scratch arena.  All of it stays inside the 4 GiB TA window.
 */
#define G16_VM_DIR		0x0
#define G16_VM_TABLE		0x20000
#define G16_VM_BUFS		0x40000
#define G16_VM_PAGES		0x3100000
#define G16_VM_SLOTS		0x3120000
#define G16_VM_BLOCKS		0x3128000
#define G16_VM_SCRATCH		0x6500000
#define G16_RENDER_BUFFERS	24
#define G16_RENDER_DIR_SIZE	0x18000
#define G16_RENDER_DIR_ENTRIES	0x80000
#define G16_RENDER_TABLE_STRIDE	0x40
#define G16_RENDER_TABLE_TAG	BIT_ULL(61)
#define G16_RENDER_TABLE_QWORDS	(G16_RENDER_BUFFERS * G16_RENDER_TABLE_STRIDE / 8)
/* The support's shared-state word: render Works published (+2 each). */
#define G16_SUPPORT_SHARED	0x1000
#define G16_SUPPORT_SIZE	0x4000
/* Support lease n: identity and private-memory slot 3 + n (H). */
#define G16_SUPPORT_ID_BASE	3

/* The TVB pool object (firmware-private): its parts. */
#define G16_TVB_SIZE		0x24000
#define G16_TVB_SCENES		0x4000
#define G16_TVB_CONTROL		0x8000
#define G16_TVB_SCENE_LIST	0xc000
#define G16_TVB_COUNTER		0x10000
#define G16_TVB_BLOCK_LIST	0x14000
/* +0x20000: unused (the empty buffer is the device's, agx4_fw_g16_sub). */
#define G16_TVB_PAGES_SIZE	0x1c000
#define G16_PB_DESC_SIZE	16

/*
 * The most blocks a pool holds (H: the reference's G16 maximum, 11 + 32
 * growths of 10), which the carve-out and the pool's lists have room
 * for; and the growths a pool records, 32 of the default 10 blocks.  A
 * pool grown in smaller steps (tvb_max_blocks raised between requests)
 * is refused growth once they are used.
 */
#define G16_TVB_MAX_BLOCKS	331
#define G16_TVB_MAX_GROWTHS	32
static_assert(G16_VM_BLOCKS + G16_TVB_MAX_BLOCKS * G16_TVB_BLOCK_STRIDE <=
	      G16_VM_SCRATCH);

/* Scene slots a pool leases to renders in flight (H). */
#define G16_SCENE_RECORD	0x80
#define G16_RECORD_INDEX	0x80001
#define G16_RECORD_INDEX_STEP	4

/* Per-render scratch: pages after tilemap and TPC (H). */
#define G16_RS_DEFLAKE		0x4000
#define G16_RS_DEFLAKE_2	0x20
#define G16_RS_DEFLAKE_1	0x2a0
#define G16_RS_TA_STATUS	(0x8000 + 0x240)
#define G16_RS_3D_STATUS	(0xc000 + 0x2c0)
#define G16_RS_AUX_FB		0x10000
#define G16_RS_PAGES		5
#define G16_RS_LAYERED_META	0x100

/* Constants of every render (H: the reference's SUBMIT translation). */
#define G16_TA_UUID		0x900a6bb
#define G16_3D_UUID		0x900a6ba
#define G16_TA_LIFECYCLE	0x08009f520900a6bbull
#define G16_3D_LIFECYCLE	0x08009f520900a6baull
#define G16_TA_WORK_STAMP	0x120
#define G16_3D_WORK_STAMP	0x121
#define G16_TA_GATE		0xa900400020ull
#define G16_3D_GATE		0xd500400020ull
#define G16_COMPLETION		4
#define G16_AUX_FB_FLAGS	0xc000
#define G16_AUX_FB_PAGES	0x100000
#define G16_TA_STATS		0x2684
#define G16_3D_STATS		0x32c8

/* The device-control channel's cursors: idle when both equal the producer. */
#define G16_SGX_CTL_READ	0xd640c0
#define G16_SGX_CTL_DONE	0xd640c8
#define G16_SGX_CTL_PROD	0xd60060

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
 * @seen: the firmware stamp as last read; protected by
 *	&agx4_fw_g16_sub.lock.
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
 *	&agx4_fw_g16_sub.lock.
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
 * @scene: a render's scene slot, -1 for none.
 * @scratch: a render's scratch lease.
 * @node: where @scratch is in the VM's scratch arena.
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
	bool aliased;
	bool prelude;
	u8 dep_lane[G16_MAX_DEPS];
};

/**
 * struct agx4_g16_job - a G16 job: the commands of one SUBMIT
 * @base: what the job unit sees.
 * @fq: its queue.
 * @link: on &agx4_fw_g16_sub.deferred while its messages wait; protected
 *	by &agx4_fw_g16_sub.lock.
 * @published: @job_publish ran.
 * @sent: its messages went out; protected by &agx4_fw_g16_sub.lock.
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
 *	queue's &agx4_g16_queue.outstanding; protected by &agx4_fw_g16_sub.lock.
 * @events: set_events() ran; only @job_reserve, serialised by drm_sched,
 *	touches it.
 * @waiting: on &agx4_fw_g16_sub.lease_waiters while it waits for a
 *	lease; protected by &agx4_fw_g16_sub.lock.
 * @wait: the fence of that wait, allocated by prepare, initialised at
 *	its first wait (@armed); the job holds a reference once it is.
 * @armed: @wait was initialised; under &agx4_fw_g16_sub.lock.
 * @live: on &agx4_fw_g16_sub.renders from its publication until it is
 *	freed, if it has a render; protected by &agx4_fw_g16_sub.lock.
 * @nomem: a memory-limit report named one of its renders: it ends with
 *	-ENOMEM; protected likewise.
 * @ncmds: entries of @cmds.
 * @cmds: its commands, in order.
 */
struct agx4_g16_job {
	struct agx4_fw_job base;
	struct agx4_g16_queue *fq;
	struct list_head link;
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
	struct list_head waiting;
	struct dma_fence *wait;
	bool armed;
	struct list_head live;
	bool nomem;
	u32 ncmds;
	struct g16_cmd cmds[] __counted_by(ncmds);
};

static struct agx4_g16_queue *to_g16_queue(struct agx4_fw_queue *q)
{
	return container_of(q, struct agx4_g16_queue, base);
}

static struct agx4_g16_job *to_g16_job(struct agx4_fw_job *j)
{
	return container_of(j, struct agx4_g16_job, base);
}

/* Compute storage a VM keeps for reuse (the reference's arenas hold 16). */
#define G16_VM_SPARE_WORKS	16

/**
 * struct g16_vm - what a VM holds for G16 submission
 * @adev: the device.
 * @ctx: the VM's context (ASID slot).
 * @spare: compute storage of retired commands, mapped still, for reuse;
 *	protected by &agx4_vm.fw_lock.
 * @nspare: entries of @spare; protected likewise.
 * @r: its render objects, or NULL; set under &agx4_vm.fw_lock.
 * @incarnation: the firmware boot it was made for
 *	(&agx4_fw_boot.incarnation).
 */
struct g16_vm {
	struct agx4_device *adev;
	u32 incarnation;
	int ctx;
	struct agx4_fw_obj *spare[G16_VM_SPARE_WORKS];
	u32 nspare;
	struct g16_render_vm *r;
};

/**
 * struct g16_render_vm - a VM's render objects, made at its first render
 * @lease: its render support lease; the pool's buffer-manager slot is
 *	%G16_BM_SLOT_FIRST + @lease.
 * @ks: the VM's kernel carve-out start, where they are mapped.
 * @support: the support lease page (record, shared-state word).
 * @dir: the operand directory.
 * @table: the operand table.
 * @bufs: the operand buffers, with their guards.
 * @tvb: the TVB pool (buffer manager, scenes, block control and lists).
 * @pages: the TVB page list.
 * @slots: the pool-slot words.
 * @blocks: the pool's first blocks, with their guards.
 * @scenes: bit s: scene slot s is a render's; under &agx4_vm.fw_lock.
 * @scratch: the scratch arena; under &agx4_vm.fw_lock.
 * @freed: renders that gave their scene slot and scratch back; under
 *	&agx4_vm.fw_lock.
 * @live: the pool's TA prelude went out; under &agx4_fw_g16_sub.lock.
 * @published: render Works published on the support; likewise.
 * @gv: the VM's G16 state (its context), for growth requests.
 * @vm: the VM.
 * @nblocks: blocks the pool holds; under &agx4_fw_g16_sub.tvb_lock, as
 *	the next three.
 * @counter: the request counter the pool's next growth request carries.
 * @refused: a growth of the pool was refused; set under
 *	&agx4_fw_g16_sub.tvb_lock, read without it by the memory-limit
 *	handler (WRITE_ONCE()/READ_ONCE()).
 * @ngrown: entries of @grown.
 * @grown: the blocks each growth added, with their guards, mapped after
 *	the first ones (@blocks).
 */
struct g16_render_vm {
	int lease;
	u64 ks;
	struct agx4_fw_obj *support;
	struct agx4_fw_obj *dir;
	struct agx4_fw_obj *table;
	struct agx4_fw_obj *bufs;
	struct agx4_fw_obj *tvb;
	struct agx4_fw_obj *pages;
	struct agx4_fw_obj *slots;
	struct agx4_fw_obj *blocks;
	unsigned long scenes;
	struct drm_mm scratch;
	unsigned long freed;
	bool live;
	u32 published;
	struct g16_vm *gv;
	struct agx4_vm *vm;
	u32 nblocks;
	u32 counter;
	bool refused;
	u32 ngrown;
	struct agx4_fw_obj *grown[G16_TVB_MAX_GROWTHS];
};

/* Index @idx of a ring of @n entries is at or past @target (half-ring). */
static bool index_reached(u32 idx, u32 target, u32 n)
{
	return idx < n && (idx + n - target) % n < n / 2;
}

static u32 lane_event(const struct agx4_g16_queue *fq, u32 lane)
{
	return G16_EVENT_FIRST + 3 * fq->lease + lane;
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
	ret = adev->gen->build_queue(&in, cpu, sizeof(struct g16_queue));
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
static void g16_queue_destroy(struct agx4_fw_queue *q)
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
 * @n blocks of @size bytes of @obj, @stride apart, mapped at @va in @uat
 * (the gaps left unmapped) or, @map false, unmapped again.
 */
static int map_spaced(struct agx4_uat *uat, struct agx4_fw_obj *obj, u64 va,
		      u32 n, u64 size, u64 stride, bool map)
{
	struct agx4_uat_op op;
	int ret = 0;
	u32 i;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	for (i = 0; i < n && !ret; i++) {
		if (map)
			ret = map_chunks(&op, obj, (u64)i * stride,
					 va + (u64)i * stride, size);
		else
			agx4_uat_op_unmap(&op, va + (u64)i * stride, size);
	}
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	if (ret)
		map_spaced(uat, obj, va, n, size, stride, false);
	return ret;
}

/*
 * Work storage @obj at @va in context 0 (@map) or out of it.  Not an
 * alias of the object's own (agx4_fw_obj_alias()): context 0's tables go
 * with the firmware, before storage forgotten after unplug is freed.
 */
static int dev_alias(struct agx4_device *adev, struct agx4_fw_obj *obj,
		     u64 va, bool map)
{
	return map_spaced(&adev->fw->dev_uat, obj, va, 1, obj->size, 0, map);
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

/* ---- a VM's render objects ---- */

/*
 * The submission state @vm's firmware state was made with, or NULL once
 * that firmware went: at unplug, or when the firmware restarted since
 * (its context table, context 0 and shared records are not the ones the
 * state names).
 */
static struct agx4_fw_g16_sub *vm_sub(const struct g16_vm *gv)
{
	struct agx4_fw_boot *b = gv->adev->fw;

	return b && b->incarnation == gv->incarnation ?
	       agx4_fw_g16_sub(b) : NULL;
}

static void render_vm_free(struct agx4_device *adev, struct agx4_vm *vm,
			   struct g16_render_vm *r)
{
	struct agx4_fw_g16_sub *sub = vm_sub(vm->fw);
	u32 initial = adev->gen->tvb.initial_blocks;
	unsigned long flags;

	/* No growth request finds the pool any more. */
	if (r->lease >= 0 && sub) {
		mutex_lock(&sub->tvb_lock);
		if (sub->pools[r->lease] == r)
			sub->pools[r->lease] = NULL;
		mutex_unlock(&sub->tvb_lock);
	}
	if (r->nblocks > initial)
		map_spaced(&vm->uat, NULL, r->ks + G16_VM_BLOCKS +
			   (u64)initial * G16_TVB_BLOCK_STRIDE,
			   r->nblocks - initial, G16_TVB_BLOCK_SIZE,
			   G16_TVB_BLOCK_STRIDE, false);
	while (r->ngrown)
		agx4_fw_obj_destroy(r->grown[--r->ngrown]);
	if (r->bufs)
		map_spaced(&vm->uat, r->bufs, r->ks + G16_VM_BUFS,
			   G16_RENDER_BUFFERS, G16_OPERAND_BUFFER_SIZE,
			   G16_OPERAND_BUFFER_STRIDE, false);
	if (r->blocks)
		map_spaced(&vm->uat, r->blocks, r->ks + G16_VM_BLOCKS,
			   adev->gen->tvb.initial_blocks,
			   G16_TVB_BLOCK_SIZE, G16_TVB_BLOCK_STRIDE, false);
	agx4_fw_obj_destroy(r->blocks);
	agx4_fw_obj_destroy(r->slots);
	agx4_fw_obj_destroy(r->pages);
	agx4_fw_obj_destroy(r->tvb);
	agx4_fw_obj_destroy(r->bufs);
	agx4_fw_obj_destroy(r->table);
	agx4_fw_obj_destroy(r->dir);
	agx4_fw_obj_destroy(r->support);
	if (r->lease >= 0 && sub) {
		memset(sub->pb_table + (G16_BM_SLOT_FIRST + r->lease) *
		       G16_PB_DESC_SIZE, 0, G16_PB_DESC_SIZE);
		spin_lock_irqsave(&sub->lock, flags);
		__clear_bit(r->lease, sub->supports);
		spin_unlock_irqrestore(&sub->lock, flags);
	}
	drm_mm_takedown(&r->scratch);
	kfree(r);
}

/* The support record of lease @r->lease, its namespace at @r->ks. */
static void render_support(struct g16_render_vm *r)
{
	struct g16_support *sup = r->support->cpu;
	__le64 *table = r->table->cpu;
	u32 pages = G16_RENDER_BUFFERS * G16_OPERAND_PAGES, i;

	sup->id = cpu_to_le64(G16_SUPPORT_ID_BASE + r->lease);
	sup->slot = cpu_to_le32(G16_SUPPORT_ID_BASE + r->lease);
	sup->directory = cpu_to_le64(r->ks + G16_VM_DIR);
	sup->capacity = cpu_to_le32(G16_RENDER_DIR_ENTRIES);
	sup->pages_mod = cpu_to_le32(pages % G16_RENDER_DIR_ENTRIES);
	sup->pages = cpu_to_le32(pages);
	sup->operands = cpu_to_le64(r->ks + G16_VM_TABLE);
	sup->cursor = cpu_to_le32(G16_RENDER_TABLE_QWORDS);
	sup->shared = cpu_to_le64(r->support->va + G16_SUPPORT_SHARED);
	for (i = 0; i < G16_RENDER_BUFFERS; i++)
		table[i * G16_RENDER_TABLE_STRIDE / 8] =
			cpu_to_le64((r->ks + G16_VM_BUFS +
				     (u64)i * G16_OPERAND_BUFFER_STRIDE) |
				    G16_RENDER_TABLE_TAG);
}

static int render_vm_objects(struct agx4_device *adev, struct agx4_vm *vm,
			     struct g16_render_vm *r)
{
	struct agx4_fw_obj_heap *h = &adev->mem->heap;
	const struct {
		struct agx4_fw_obj **obj;
		u64 size;
		u64 gpu;	/* carve-out offset + 1, 0: not mapped whole */
	} objs[] = {
		{ &r->support, G16_SUPPORT_SIZE, 0 },
		{ &r->dir, G16_RENDER_DIR_SIZE, G16_VM_DIR + 1 },
		{ &r->table, AGX4_UAT_PAGE_SIZE, G16_VM_TABLE + 1 },
		{ &r->bufs, G16_RENDER_BUFFERS * G16_OPERAND_BUFFER_STRIDE, 0 },
		{ &r->tvb, G16_TVB_SIZE, 0 },
		{ &r->pages, G16_TVB_PAGES_SIZE, G16_VM_PAGES + 1 },
		{ &r->slots, AGX4_UAT_PAGE_SIZE, G16_VM_SLOTS + 1 },
		{ &r->blocks, (u64)adev->gen->tvb.initial_blocks *
			      G16_TVB_BLOCK_STRIDE, 0 },
	};
	u32 i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(objs); i++) {
		struct agx4_fw_obj *o;

		o = agx4_fw_obj_create(h, objs[i].size, AGX4_FW_OBJ_SHARED,
				       NULL, NULL);
		if (IS_ERR(o))
			return PTR_ERR(o);
		*objs[i].obj = o;
		if (objs[i].gpu) {
			ret = agx4_fw_obj_alias(o, &vm->uat,
						r->ks + objs[i].gpu - 1,
						&gpu_rw);
			if (ret)
				return ret;
		}
	}
	ret = map_spaced(&vm->uat, r->bufs, r->ks + G16_VM_BUFS,
			 G16_RENDER_BUFFERS, G16_OPERAND_BUFFER_SIZE,
			 G16_OPERAND_BUFFER_STRIDE, true);
	if (ret) {
		agx4_fw_obj_destroy(r->bufs);
		r->bufs = NULL;
		return ret;
	}
	ret = map_spaced(&vm->uat, r->blocks, r->ks + G16_VM_BLOCKS,
			 adev->gen->tvb.initial_blocks, G16_TVB_BLOCK_SIZE,
			 G16_TVB_BLOCK_STRIDE, true);
	if (ret) {
		agx4_fw_obj_destroy(r->blocks);
		r->blocks = NULL;
	}
	return ret;
}

/* The VM's TVB pool, from its objects (the generation builds it). */
static int render_tvb(struct agx4_device *adev, struct agx4_fw_g16_sub *sub,
		      struct g16_render_vm *r)
{
	const struct agx4_fw_gen *gen = adev->gen;
	u32 slot = G16_BM_SLOT_FIRST + r->lease;
	u8 *t = r->tvb->cpu;
	const struct agx4_fw_tvb_in in = {
		.slot = slot,
		.blocks = gen->tvb.initial_blocks,
		.first_block = r->ks + G16_VM_BLOCKS,
		.page_list = r->pages->va,
		.page_list_gpu = r->ks + G16_VM_PAGES,
		.page_list_size = G16_TVB_PAGES_SIZE,
		.block_list = r->tvb->va + G16_TVB_BLOCK_LIST,
		.block_control = r->tvb->va + G16_TVB_CONTROL,
		.counter = r->tvb->va + G16_TVB_COUNTER,
		.scene_list = r->tvb->va + G16_TVB_SCENE_LIST,
		.pool_slots = r->ks + G16_VM_SLOTS,
	};
	struct agx4_fw_buf bufs[] = {
		{ t, 0 },
		{ t + G16_TVB_CONTROL, 0 },
		{ t + G16_TVB_BLOCK_LIST, 0 },
		{ r->pages->cpu, G16_TVB_PAGES_SIZE },
		{ t + G16_TVB_SCENES, 0 },
		{ sub->pb_table + slot * G16_PB_DESC_SIZE, G16_PB_DESC_SIZE },
	};
	u32 i;

	if (gen->num_tvb_objs != ARRAY_SIZE(bufs))
		return -EINVAL;
	for (i = 0; i < ARRAY_SIZE(bufs); i++)
		if (!bufs[i].size)
			bufs[i].size = gen->tvb_objs[i].size;
	return gen->build_tvb(gen, &in, bufs);
}

/* The VM's render objects, made at its first render; @vm->fw_lock held. */
static struct g16_render_vm *render_vm(struct agx4_g16_queue *fq)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct agx4_vm *vm = fq->base.vm;
	struct g16_vm *gv = vm->fw;
	struct g16_render_vm *r;
	unsigned long k;
	int ret;

	lockdep_assert_held(&vm->fw_lock);
	if (gv->r)
		return gv->r;
	if (vm->kernel_end - vm->kernel_start <= G16_VM_SCRATCH)
		return ERR_PTR(-ENOSPC);
	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return ERR_PTR(-ENOMEM);
	r->ks = vm->kernel_start;
	drm_mm_init(&r->scratch, r->ks + G16_VM_SCRATCH,
		    vm->kernel_end - r->ks - G16_VM_SCRATCH);
	spin_lock_irq(&sub->lock);
	k = find_first_zero_bit(sub->supports, AGX4_FW_G16_SUPPORTS);
	if (k < AGX4_FW_G16_SUPPORTS)
		__set_bit(k, sub->supports);
	spin_unlock_irq(&sub->lock);
	if (k >= AGX4_FW_G16_SUPPORTS) {
		r->lease = -1;
		ret = -ENOSPC;
		goto err;
	}
	r->lease = k;
	ret = render_vm_objects(adev, vm, r);
	if (ret)
		goto err;
	render_support(r);
	ret = agx4_fw_g16_build_operand_dir(r->dir->cpu, r->dir->size,
					    r->ks + G16_VM_BUFS,
					    G16_RENDER_BUFFERS) ?:
	      render_tvb(adev, sub, r);
	if (ret)
		goto err;
	r->gv = gv;
	r->vm = vm;
	r->nblocks = adev->gen->tvb.initial_blocks;
	mutex_lock(&sub->tvb_lock);
	sub->pools[r->lease] = r;
	mutex_unlock(&sub->tvb_lock);
	gv->r = r;
	return r;

err:
	render_vm_free(adev, vm, r);
	return ERR_PTR(ret);
}

static void work_destroy(struct agx4_device *adev, struct agx4_fw_obj *obj,
			 bool fw_alive);

static void g16_vm_free(struct agx4_vm *vm, void *fw)
{
	struct g16_vm *gv = fw;
	struct agx4_fw_g16_sub *sub = vm_sub(gv);

	if (gv->r)
		render_vm_free(gv->adev, vm, gv->r);

	/*
	 * After unplug or a restart, context 0 and the context table went
	 * with the firmware (unmapping from the VM needs neither).
	 */
	while (gv->nspare)
		work_destroy(gv->adev, gv->spare[--gv->nspare], !!sub);
	compute_namespace(sub, &vm->uat, false);
	if (sub)
		agx4_uat_ctx_put(&gv->adev->fw->ctx, gv->ctx);
	kfree(gv);
}

/* The VM's context, taken at its first job. */
static int vm_context(struct agx4_g16_queue *fq)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_vm *vm = fq->base.vm;
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
	gv->incarnation = adev->fw->incarnation;
	gv->ctx = ctx;
	vm->fw = gv;
	vm->fw_free = g16_vm_free;
out:
	mutex_unlock(&vm->fw_lock);
	return ctx;
}

/* ---- event leases ---- */

/* One more job on @fq, with a lease if it has none; false: none free. */
static bool lease_try_locked(struct agx4_g16_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;

	lockdep_assert_held(&sub->lock);
	if (fq->lease < 0) {
		unsigned long k = find_first_zero_bit(&sub->events,
						      G16_EVENT_LEASES);

		if (k >= G16_EVENT_LEASES)
			return false;
		__set_bit(k, &sub->events);
		fq->lease = k;
	}
	fq->outstanding++;
	return true;
}

/* Give the lease back: @sub->lock held.  False if @fq had none. */
static bool lease_release_locked(struct agx4_g16_queue *fq)
{
	lockdep_assert_held(&fq->sub->lock);
	if (fq->lease < 0)
		return false;
	__clear_bit(fq->lease, &fq->sub->events);
	fq->lease = -1;
	return true;
}

/*
 * End the wait of @job (off &agx4_fw_g16_sub.lease_waiters): with @err
 * for a job that will not be reserved.  Its fence's lock nests inside
 * @sub->lock; drm_sched's callback only queues its work.
 */
static void lease_wake_locked(struct agx4_g16_job *job, int err)
{
	lockdep_assert_held(&job->fq->sub->lock);
	list_del_init(&job->waiting);
	if (err)
		dma_fence_set_error(job->wait, err);
	dma_fence_signal(job->wait);
}

/*
 * A lease came back (@sub->lock held): the job that has waited longest
 * takes it for its queue, which holds none (its jobs reserve in order,
 * and only its first unreserved one can wait).
 */
static void lease_handoff_locked(struct agx4_fw_g16_sub *sub)
{
	struct agx4_g16_job *job;

	job = list_first_entry_or_null(&sub->lease_waiters,
				       struct agx4_g16_job, waiting);
	if (!job || !lease_try_locked(job->fq))
		return;
	job->leased = true;
	lease_wake_locked(job, 0);
}

static void lease_put(struct agx4_g16_queue *fq)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->lock, flags);
	if (!WARN_ON(!fq->outstanding) && !--fq->outstanding &&
	    lease_release_locked(fq))
		lease_handoff_locked(sub);
	spin_unlock_irqrestore(&sub->lock, flags);
}

static const char *lease_fence_name(struct dma_fence *f)
{
	return "agx4-g16-lease";
}

static const struct dma_fence_ops lease_fence_ops = {
	.get_driver_name = lease_fence_name,
	.get_timeline_name = lease_fence_name,
};

/* A dependency item's event: that of the lane it waits for. */
static void dep_event(const struct agx4_g16_queue *fq, u8 *item, u32 lane)
{
	((struct g16_barrier *)item)->event = cpu_to_le32(lane_event(fq, lane));
}

/*
 * Write the event ids of @job's queue's lease into every item prepare
 * built with event 0: each stage's work and microsequence, the TA work's
 * fragment event, a render's 3D prelude (it waits for the TA) and the
 * dependency items (each waits for a lane of the same queue, whose
 * earlier jobs, if not freed yet, hold the same lease).  Before
 * @job_publish, so before the firmware sees any of it.
 */
static void set_events(struct agx4_g16_job *job)
{
	const struct agx4_g16_queue *fq = job->fq;
	__le32 ta = cpu_to_le32(lane_event(fq, AGX4_FW_LANE_TA));
	__le32 fr = cpu_to_le32(lane_event(fq, AGX4_FW_LANE_3D));
	__le32 cp = cpu_to_le32(lane_event(fq, AGX4_FW_LANE_COMPUTE));
	u32 i, k;

	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];
		u8 *cpu = cmd->obj->cpu;

		if (!cmd->render) {
			((struct g16_compute_work *)cpu)->event = cp;
			((struct g16_compute_ms *)(cpu + G16_CW_MS))->start.event = cp;
			for (k = 0; k < cmd->ndeps; k++)
				dep_event(fq, cpu + G16_CW_DEPS + k * G16_DEP_SIZE,
					  cmd->dep_lane[k]);
			continue;
		}
		((struct g16_ta_work *)(cpu + G16_RW_TA))->tail.event = ta;
		((struct g16_ta_work *)(cpu + G16_RW_TA))->fragment_event = fr;
		((struct g16_ta_ms *)(cpu + G16_RW_TA_MS))->start.event = ta;
		((struct g16_frag_work *)(cpu + G16_RW_3D))->tail.event = fr;
		((struct g16_frag_ms *)(cpu + G16_RW_3D_MS))->start.event = fr;
		((struct g16_barrier *)(cpu + G16_RW_3D_PRELUDE))->event = ta;
		for (k = 0; k < cmd->nfrag; k++)
			dep_event(fq, cpu + G16_RW_3D_PRELUDE +
				  (k + 1) * G16_DEP_SIZE, cmd->dep_lane[k]);
		for (k = 0; k < cmd->ndeps; k++)
			dep_event(fq, cpu + G16_RW_TA_PRELUDE +
				  (k + 1) * G16_DEP_SIZE,
				  cmd->dep_lane[cmd->nfrag + k]);
	}
}

/*
 * drm_sched's prepare_job, once @job's dependencies are met: its queue
 * counts it on its lease (one it holds, or a free one) and its event ids
 * are written; or it waits, holding nothing, for its fence, which the
 * next lease given back is handed to.  Every lease is held by a queue
 * with jobs reserved, which need nothing from this job: they complete,
 * or time out (which kills their queue and gives its lease back).  The
 * unplug ends the wait too (g16_unplug()).  Nothing here sleeps or
 * allocates: prepare allocated the fence.
 */
static struct dma_fence *g16_job_reserve(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	struct dma_fence *wait = NULL;
	unsigned long flags;
	bool leased;

	spin_lock_irqsave(&sub->lock, flags);
	if (!job->leased && !sub->going) {
		if (lease_try_locked(job->fq)) {
			job->leased = true;
		} else {
			/*
			 * A context of its own: these fences do not signal
			 * in the order they were made (a job freed while
			 * waiting ends its own).
			 */
			if (!job->armed) {
				dma_fence_init(job->wait, &lease_fence_ops,
					       &sub->fence_lock,
					       dma_fence_context_alloc(1), 1);
				job->armed = true;
			}
			/*
			 * A job waits once: its fence signals only with a
			 * lease handed to it, or once the device is going.
			 */
			list_add_tail(&job->waiting, &sub->lease_waiters);
			wait = dma_fence_get(job->wait);
		}
	}
	leased = job->leased;
	spin_unlock_irqrestore(&sub->lock, flags);
	if (leased && !job->events) {
		set_events(job);
		job->events = true;
	}
	return wait;
}

/* ---- prepare ---- */

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

/* Where the GPU sees compute storage @obj. */
static u64 compute_alias(struct agx4_device *adev, struct agx4_fw_obj *obj)
{
	return G16_COMPUTE_ALIAS + (obj->va - adev->gen->fw_heap.start);
}

/*
 * Compute storage for a command: a spare of the VM's, its save area
 * zeroed again, or a new one mapped at its alias in context 0 and the VM.
 */
static struct agx4_fw_obj *work_get(struct agx4_g16_queue *fq)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_vm *vm = fq->base.vm;
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
		ret = agx4_fw_obj_alias(obj, &vm->uat,
					compute_alias(adev, obj), &gpu_rw);
	if (!ret) {
		ret = dev_alias(adev, obj, compute_alias(adev, obj), true);
		if (!ret)
			return obj;
	}
	agx4_fw_obj_destroy(obj);
	return ERR_PTR(ret);
}

/*
 * Free compute storage: out of context 0 first while the firmware is
 * there (@fw_alive), then out of the VM and the heap.
 */
static void work_destroy(struct agx4_device *adev, struct agx4_fw_obj *obj,
			 bool fw_alive)
{
	if (fw_alive)
		dev_alias(adev, obj, compute_alias(adev, obj), false);
	agx4_fw_obj_destroy(obj);
}

/*
 * Give compute storage back once the firmware is done with it (or never
 * saw it): kept for the VM's next command while there is room.
 */
static void work_put(struct agx4_g16_queue *fq, struct agx4_fw_obj *obj)
{
	struct agx4_vm *vm = fq->base.vm;
	struct g16_vm *gv = vm->fw;

	mutex_lock(&vm->fw_lock);
	if (gv->nspare < G16_VM_SPARE_WORKS) {
		gv->spare[gv->nspare++] = obj;
		obj = NULL;
	}
	mutex_unlock(&vm->fw_lock);
	if (obj)
		work_destroy(fq->base.adev, obj, true);
}

static int build_compute(struct agx4_g16_queue *fq, struct g16_cmd *cmd,
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
	alias = compute_alias(fq->base.adev, obj);
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
				/* Event 0 until set_events(). */
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
	for (k = 0; k < ndeps; k++) {
		build_dep(fq, (struct g16_barrier *)(cpu + G16_CW_DEPS +
						     k * G16_DEP_SIZE),
			  deps[k], cmd->stamp, AGX4_FW_LANE_COMPUTE);
		cmd->dep_lane[k] = deps[k]->lane;
	}
	cmd->ndeps = ndeps;
	return 0;
}

/*
 * A render's scene slot and scratch lease, mapped in the VM.  With every
 * slot busy or no room in the arena, the first render of a job (@first:
 * the job holds no slot) waits, interruptibly, until a render of the VM
 * gives its slot back (its job freed), or the device goes (-ENODEV).
 * Holding none, no two prepares wait for each other; the renders that
 * hold them were prepared before and run without this one (unless the
 * client orders them after it: a signal ends the wait then).  A later
 * render of the job, or one whose scratch would not fit in an empty
 * arena, fails with -ENOSPC.
 */
static int render_lease(struct agx4_g16_queue *fq, struct g16_render_vm *r,
			struct g16_cmd *cmd, u64 size, bool first)
{
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct agx4_vm *vm = fq->base.vm;
	unsigned long k, freed;
	int ret;

	if (size > vm->kernel_end - r->ks - G16_VM_SCRATCH)
		return -ENOSPC;
	for (;;) {
		mutex_lock(&vm->fw_lock);
		k = find_first_zero_bit(&r->scenes, G16_SCENE_SLOTS);
		if (k >= G16_SCENE_SLOTS) {
			ret = -ENOSPC;
		} else {
			ret = drm_mm_insert_node_in_range(&r->scratch,
							  &cmd->node, size,
							  AGX4_UAT_PAGE_SIZE,
							  0, 0, U64_MAX,
							  DRM_MM_INSERT_BEST);
			if (!ret) {
				__set_bit(k, &r->scenes);
				cmd->scene = k;
			}
		}
		freed = r->freed;
		mutex_unlock(&vm->fw_lock);
		if (!ret)
			break;
		/* Every scene slot busy, or no room in the arena. */
		if (!first)
			return -ENOSPC;
		ret = wait_event_interruptible(sub->scene_wq,
					       READ_ONCE(r->freed) != freed ||
					       READ_ONCE(sub->going));
		if (ret)
			return ret;
		if (READ_ONCE(sub->going))
			return -ENODEV;
	}
	cmd->scratch = agx4_fw_obj_create(&fq->base.adev->mem->heap, size,
					  AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(cmd->scratch)) {
		ret = PTR_ERR(cmd->scratch);
		cmd->scratch = NULL;
		return ret;
	}
	return agx4_fw_obj_alias(cmd->scratch, &vm->uat, cmd->node.start,
				 &gpu_rw);
}

/*
 * Build a render command; of its @ndeps dependencies, the first @nfrag
 * wait ahead of its 3D stage, the others ahead of its TA.
 */
static int build_render(struct agx4_g16_queue *fq, struct g16_cmd *cmd,
			const struct agx4_render_desc *d, int ctx,
			const struct g16_hist **deps, u32 ndeps, u32 nfrag,
			bool first)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct g16_lane *ta = &fq->lanes[AGX4_FW_LANE_TA];
	struct g16_lane *fr = &fq->lanes[AGX4_FW_LANE_3D];
	struct agx4_fw_render_in *in;
	struct g16_event_control *nt;
	struct g16_render_vm *r;
	u64 t, p, base, m, w, alias;
	u32 ord, slot, k;
	u8 *cpu, *aux;
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
	mutex_lock(&fq->base.vm->fw_lock);
	r = render_vm(fq);
	mutex_unlock(&fq->base.vm->fw_lock);
	if (IS_ERR(r))
		return PTR_ERR(r);
	ret = render_lease(fq, r, cmd,
			   t + p + G16_RS_PAGES * AGX4_UAT_PAGE_SIZE, first);
	if (ret)
		return ret;
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
	ret = agx4_fw_obj_alias(cmd->obj, &fq->base.vm->uat, alias, &gpu_rw) ?:
	      dev_alias(adev, cmd->obj, alias, true);
	if (ret)
		return ret;
	cmd->aliased = true;

	slot = G16_BM_SLOT_FIRST + r->lease;
	base = cmd->node.start;
	m = base + t + p;
	aux = cmd->scratch->cpu + t + p + G16_RS_AUX_FB;
	put_unaligned_le32(G16_AUX_FB_600, aux + 0x600);
	put_unaligned_le32(G16_AUX_FB_604, aux + 0x604);
	in = kzalloc(sizeof(*in), GFP_KERNEL);
	if (!in)
		return -ENOMEM;
	in->ta = (struct agx4_fw_stage_in){
		.work = w + G16_RW_TA, .microseq = w + G16_RW_TA_MS,
		.work_alias = alias + G16_RW_TA, .queue = ta->record,
		.stats = sub->bundle + G16_TA_STATS,
		.status = m + G16_RS_TA_STATUS,
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
		.status = m + G16_RS_3D_STATUS,
		.driver_stamp = w + G16_RW_3D_DSTAMP,
		.fw_stamp = fr->fw_stamp_va, .stamp = cmd->stamp,
		.uuid = G16_3D_UUID,
		.counter = 2 * (u64)ord, .lifecycle = G16_3D_LIFECYCLE,
		.work_stamp = G16_3D_WORK_STAMP, .gate = G16_3D_GATE,
		.admission = slot, .shared_tail = w + G16_RW_3D_TAIL,
		.prof = { w + G16_RW_PROF + 0x10, w + G16_RW_PROF + 0x18 },
	};
	in->context_id = ctx;
	in->context_base = AGX4_FW_CONTEXT_BASE;
	in->event_control = w + G16_RW_NOTIFIER;
	in->bm_slot = slot;
	in->bm = r->tvb->va;
	in->scene = r->tvb->va + G16_TVB_SCENES + cmd->scene * G16_SCENE_RECORD;
	in->empty_buffer = sub->empty_buffer;
	in->tilemap = base;
	in->tpc = base + t;
	in->heapmeta = d->cmd.layers > 1 ? m + G16_RS_LAYERED_META : m;
	in->deflake[0] = m + G16_RS_DEFLAKE + G16_RS_DEFLAKE_1;
	in->deflake[1] = m + G16_RS_DEFLAKE + G16_RS_DEFLAKE_2;
	in->deflake[2] = m + G16_RS_DEFLAKE;
	in->cycle = G16_SCENE_SCRATCH + cmd->scene * G16_SCENE_SCRATCH_STRIDE;
	in->record_index = G16_RECORD_INDEX + cmd->scene * G16_RECORD_INDEX_STEP;
	in->completion = G16_COMPLETION;
	in->support = r->support->va;
	in->aux_fb = m + G16_RS_AUX_FB;
	in->aux_fb_flags = G16_AUX_FB_FLAGS |
			   (d->cmd.flags & DRM_ASAHI_RENDER_DBIAS_IS_INT);
	in->aux_fb_pages = G16_AUX_FB_PAGES;
	/* H: the reference always asks for growth; GAP: sync-grow off. */
	in->request_growth = true;
	in->tvb_blocks = adev->gen->tvb.initial_blocks;
	{
		const struct agx4_fw_buf bufs[] = {
			{ cpu + G16_RW_TA, sizeof(struct g16_ta_work) },
			{ cpu + G16_RW_TA_MS, sizeof(struct g16_ta_ms) },
			{ cpu + G16_RW_3D, sizeof(struct g16_frag_work) },
			{ cpu + G16_RW_3D_MS, sizeof(struct g16_frag_ms) },
			{ cpu + G16_RW_TA_PRELUDE,
			  sizeof(struct g16_ta_prelude) },
			{ cpu + G16_RW_3D_PRELUDE, sizeof(struct g16_barrier) },
		};

		ret = adev->gen->build_render(d, in, bufs);
	}
	kfree(in);
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

/* Undo what prepare did to the queue (the job was never published). */
static void unprepare(struct agx4_g16_job *job)
{
	struct agx4_g16_queue *fq = job->fq;
	u32 s;

	for (s = 0; s < G16_LANES; s++)
		fq->lanes[s].ordinal = job->prev_ordinal[s];
	memcpy(fq->hist, job->prev_hist, sizeof(fq->hist));
}

/*
 * Give a render command's scene slot, scratch and storage back; its
 * storage out of context 0 first while the firmware is there
 * (@fw_alive).
 */
static void render_put(struct agx4_g16_queue *fq, struct g16_cmd *cmd,
		       bool fw_alive)
{
	struct agx4_device *adev = fq->base.adev;
	struct agx4_vm *vm = fq->base.vm;
	struct g16_vm *gv = vm->fw;

	mutex_lock(&vm->fw_lock);
	if (drm_mm_node_allocated(&cmd->node))
		drm_mm_remove_node(&cmd->node);
	if (cmd->scene >= 0) {
		__clear_bit(cmd->scene, &gv->r->scenes);
		gv->r->freed++;
	}
	mutex_unlock(&vm->fw_lock);
	/* After unplug nobody waits (and the submission state went). */
	if (cmd->scene >= 0 && fw_alive)
		wake_up_all(&fq->sub->scene_wq);
	agx4_fw_obj_destroy(cmd->scratch);
	if (cmd->aliased && fw_alive)
		dev_alias(adev, cmd->obj, G16_RENDER_ALIAS +
			  (cmd->obj->va - adev->gen->fw_heap.start), false);
	agx4_fw_obj_destroy(cmd->obj);
}

/* @fw_alive false: after unplug, compute storage is not kept either. */
static void free_cmds(struct agx4_g16_job *job, bool fw_alive)
{
	u32 i;

	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];

		if (cmd->render)
			render_put(job->fq, cmd, fw_alive);
		else if (cmd->obj && fw_alive)
			work_put(job->fq, cmd->obj);
		else if (cmd->obj)
			work_destroy(job->fq->base.adev, cmd->obj, false);
	}
}

static int prepare_cmds(struct agx4_g16_job *job, const struct agx4_cmdbuf *cb,
			int ctx, u32 *credits)
{
	struct agx4_g16_queue *fq = job->fq;
	/* NULL until allocated: the error path frees every one. */
	struct g16_hist *e[G16_SQ_NUM] = { };
	u32 n[G16_SQ_NUM] = { 1, 1 };
	u32 i, s, total = 0;
	bool rendered = false;
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
					   ndeps, nfrag, !rendered);
			rendered = true;
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

static int g16_job_prepare(struct agx4_fw_queue *q,
			   const struct agx4_cmdbuf *cb,
			   struct agx4_fw_job **out, u32 *credits)
{
	struct agx4_g16_queue *fq = to_g16_queue(q);
	struct agx4_g16_job *job;
	u32 s;
	int ctx, ret;

	if (!cb->count || cb->count > AGX4_MAX_COMMANDS)
		return -EINVAL;
	ctx = vm_context(fq);
	if (ctx < 0)
		return ctx;
	job = kzalloc(struct_size(job, cmds, cb->count), GFP_KERNEL);
	if (!job)
		return -ENOMEM;
	/* The fence a wait for a lease may need: g16_job_reserve() cannot allocate. */
	job->wait = kzalloc(sizeof(*job->wait), GFP_KERNEL);
	if (!job->wait) {
		kfree(job);
		return -ENOMEM;
	}
	job->ncmds = cb->count;
	job->fq = fq;
	INIT_LIST_HEAD(&job->link);
	INIT_LIST_HEAD(&job->waiting);
	INIT_LIST_HEAD(&job->live);
	for (s = 0; s < G16_LANES; s++)
		job->prev_ordinal[s] = fq->lanes[s].ordinal;
	memcpy(job->prev_hist, fq->hist, sizeof(fq->hist));
	ret = prepare_cmds(job, cb, ctx, credits);
	if (ret) {
		unprepare(job);
		free_cmds(job, true);
		kfree(job->wait);
		kfree(job);
		return ret;
	}
	job->base.queue = q;
	*out = &job->base;
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

/*
 * Extend firmware cursor @c of channel @ch (a ring index) into @seen, the
 * count of messages it passed: it moved by its distance from where @seen
 * puts it, which is at most the messages sent and not yet passed (the
 * host never lets the ring fill, so it cannot have gone round).  A value
 * outside the ring or past the producer moves nothing.  False for a value
 * outside the ring.
 */
static bool cursor_sync(const struct agx4_channel *ch,
			const struct agx4_cursor *c, u64 sent, u64 *seen)
{
	u32 n = ch->entries, v = agx4_cursor_get(c);
	u64 behind = sent - *seen;
	u32 at, moved;

	if (v >= n)
		return false;
	/* Where the ring index of @seen is: @behind before the host's. */
	at = (ch->head + n - behind % n) % n;
	moved = (v + n - at) % n;
	if (moved <= behind)
		*seen += moved;
	return true;
}

/*
 * Bring channel @c's counts up to its firmware cursors; false if insane:
 * a cursor outside the ring, which the firmware cannot mean, and for which
 * it is restarted.  (The channel's cursors are SGX registers: their
 * &agx4_cursor.adev is the device.)
 */
static bool chan_sync_locked(struct agx4_fw_g16_sub *sub, u32 c)
{
	struct agx4_fw_g16_count *k = &sub->counts[c];
	const struct agx4_channel *ch = &sub->chans[c];
	bool r, d;

	lockdep_assert_held(&sub->lock);
	r = cursor_sync(ch, &ch->read, k->sent, &k->read);
	d = cursor_sync(ch, &ch->done, k->sent, &k->done);
	if (unlikely(!(r && d))) {
		atomic_inc(&ch->read.adev->fw->bad_cursors);
		agx4_reset_schedule(ch->read.adev, AGX4_RESET_BAD_CHANNEL, 0,
				    NULL, 0);
	}
	return r && d;
}

/*
 * Room for one more message on channel @c: both firmware cursors less
 * than half a ring behind the producer, the new message included (H).
 * Ring indices are exact here, as the host never lets the ring fill.
 */
static bool chan_room(struct agx4_fw_g16_sub *sub, u32 c)
{
	struct agx4_channel *ch = &sub->chans[c];
	u32 r = agx4_cursor_get(&ch->read), d = agx4_cursor_get(&ch->done);
	u32 n = ch->entries;

	if (!chan_sync_locked(sub, c) || r >= n || d >= n)
		return false;
	return (ch->head + n - r) % n + 1 < G16_CHAN_HALF &&
	       (ch->head + n - d) % n + 1 < G16_CHAN_HALF;
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

	lockdep_assert_held(&sub->lock);
	for (i = 0; i < G16_LANES; i++)
		if (job->lanes & BIT(order[i]) &&
		    !chan_room(sub, lane_channel(fq, order[i])))
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
		job->msg[s] = sub->counts[c].sent++;
		ch->head = (ch->head + 1) % ch->entries;
		*chans |= BIT(c);
	}
	job->sent = true;
	return true;
}

/*
 * Send what waits, in order, while there is room; then move the
 * producers of the channels written and note one doorbell per (priority,
 * engine) for g16_kick().
 */
static void flush_locked(struct agx4_fw_g16_sub *sub)
{
	static const u8 stage_order[3] = {
		AGX4_FW_LANE_3D, AGX4_FW_LANE_TA, AGX4_FW_LANE_COMPUTE,
	};
	struct agx4_g16_job *job, *tmp;
	u32 chans = 0, c, i;

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
	for (i = 0; i < AGX4_FW_NUM_WORK_CHANNELS; i++) {
		/*
		 * Per priority, the 3D channel's producer before the TA's
		 * (H: the reference publishes a render's stages 3D first),
		 * then the compute channel's.
		 */
		c = i / 3 * 3 + stage_order[i % 3];
		if (!(chans & BIT(c)))
			continue;
		agx4_cursor_set(&sub->chans[c].prod, sub->chans[c].head);
		__set_bit(c / 3 * 3 + (c % 3 == AGX4_FW_LANE_COMPUTE ?
				       G16_ENGINE_COMPUTE : G16_ENGINE_RENDER),
			  &sub->kick_pending);
	}
}

/*
 * One doorbell per (priority, engine) noted, outside every lock: the
 * firmware may answer before the mailbox write returns.
 */
static void g16_kick(struct agx4_device *adev)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	const struct agx4_fw_transport *t = &adev->transport;
	unsigned long flags, bells;
	unsigned int c;
	u64 msg;

	if (!sub)
		return;
	spin_lock_irqsave(&sub->lock, flags);
	bells = sub->kick_pending;
	sub->kick_pending = 0;
	spin_unlock_irqrestore(&sub->lock, flags);
	/* The producers, written under the lock, before the doorbells. */
	wmb();
	for_each_set_bit(c, &bells, AGX4_FW_NUM_WORK_CHANNELS) {
		if (agx4_rtkit_msg_kick(c / 3, c % 3, &msg) || !t->ops ||
		    !t->ops->ring)
			continue;
		if (t->ops->ring(t->priv, 0, AGX4_RTKIT_EP_DOORBELL, msg)) {
			spin_lock_irqsave(&sub->lock, flags);
			__set_bit(c, &sub->kick_lost);
			spin_unlock_irqrestore(&sub->lock, flags);
		}
	}
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

	lockdep_assert_held(&sub->lock);
	r->published += 2;
	WRITE_ONCE(*(__le32 *)(r->support->cpu + G16_SUPPORT_SHARED),
		   cpu_to_le32(r->published));
	job->tag[AGX4_FW_LANE_TA] = ++sub->render_published;
	job->tag[AGX4_FW_LANE_3D] = sub->render_published;
	for (k = 0; k < cmd->ndeps; k++)
		ring_push(ta, w + G16_RW_TA_PRELUDE + (k + 1) * G16_DEP_SIZE);
	if (!r->live) {
		ring_push(ta, w + G16_RW_TA_PRELUDE);
		r->live = true;
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
	u32 i, k;

	spin_lock_irqsave(&sub->lock, flags);
	for (i = 0; i < job->ncmds; i++) {
		struct g16_cmd *cmd = &job->cmds[i];
		struct g16_lane *l = &fq->lanes[cmd->lane];

		if (cmd->render) {
			publish_render_locked(job, cmd);
			if (list_empty(&job->live))
				list_add_tail(&job->live, &sub->renders);
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
	list_add_tail(&job->link, &sub->deferred);
	flush_locked(sub);
	spin_unlock_irqrestore(&sub->lock, flags);
}

static void g16_poll(struct agx4_device *adev)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	unsigned long flags;

	if (!sub)
		return;
	spin_lock_irqsave(&sub->lock, flags);
	sub->kick_pending |= sub->kick_lost;
	sub->kick_lost = 0;
	flush_locked(sub);
	spin_unlock_irqrestore(&sub->lock, flags);
}

/*
 * The queue was killed: drop its jobs' messages that wait for room, so
 * they never go out, and give its lease back for other queues (the
 * firmware may still post events with its ids for work it took: events
 * only wake the host, which then reads stamps).
 */
static void g16_queue_kill(struct agx4_fw_queue *q)
{
	struct agx4_g16_queue *fq = to_g16_queue(q);
	struct agx4_fw_g16_sub *sub = fq->sub;
	struct agx4_g16_job *job, *tmp;
	unsigned long flags;
	u32 i;

	spin_lock_irqsave(&sub->lock, flags);
	list_for_each_entry_safe(job, tmp, &sub->deferred, link) {
		if (job->fq != fq)
			continue;
		list_del_init(&job->link);
		job->dropped = true;
		/*
		 * Its pool's TA prelude never reached the firmware: the
		 * VM's next render carries it.  L: a render of the VM that
		 * another queue published behind it has none.
		 */
		for (i = 0; i < job->ncmds; i++)
			if (job->cmds[i].prelude)
				((struct g16_vm *)fq->base.vm->fw)->r->live = false;
	}
	if (lease_release_locked(fq))
		lease_handoff_locked(sub);
	spin_unlock_irqrestore(&sub->lock, flags);
}

/* ---- completion ---- */

/* Both firmware cursors of the channel of @job's lane @s passed its message. */
static bool message_done_locked(struct agx4_g16_job *job, u32 s)
{
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	u32 c = lane_channel(job->fq, s);
	const struct agx4_fw_g16_count *k = &sub->counts[c];

	lockdep_assert_held(&sub->lock);
	chan_sync_locked(sub, c);
	return k->read > job->msg[s] && k->done > job->msg[s];
}

/*
 * Lane @s's firmware stamp, which only the firmware writes, moves forward
 * and never past the last work published on the lane: false, the firmware
 * restarted, if it went backwards or ahead.  A firmware that did either
 * could make a later job look done; its stamps mean nothing any more.
 * (L: the firmware writes a lane's stamp only with the targets of work it
 * took from the lane, in order; no source states it.)
 */
static bool stamp_sane_locked(struct agx4_g16_job *job, u32 s)
{
	struct agx4_g16_queue *fq = job->fq;
	struct g16_lane *l = &fq->lanes[s];
	u32 v = le32_to_cpu(READ_ONCE(*l->fw_stamp));

	lockdep_assert_held(&fq->sub->lock);
	if (unlikely(!agx4_fw_stamp_reached(v, l->seen) ||
		     agx4_fw_stamp_reached(v, l->top + 1))) {
		atomic_inc(&fq->base.adev->fw->bad_stamps);
		/* Every look meets it again until the restart. */
		drm_dbg_ratelimited(&fq->base.adev->base,
				    "lane %u stamp %#x: seen %#x, top %#x\n",
				    s, v, l->seen, l->top);
		agx4_reset_schedule(fq->base.adev, AGX4_RESET_BAD_STAMP, 0, NULL, 0);
		return false;
	}
	l->seen = v;
	return true;
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

static int g16_job_status(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_fw_g16_sub *sub = job->fq->sub;
	bool nomem;
	int ret = 0;
	u32 i, s;

	/* The job unit's device lock is held, interrupts off. */
	lockdep_assert_irqs_disabled();
	spin_lock(&sub->lock);
	nomem = job->nomem;
	if (job->dropped)
		ret = -ECANCELED;
	else if (!job->sent)
		ret = -EINPROGRESS;
	for (s = 0; s < G16_LANES && !ret; s++)
		if (job->lanes & BIT(s) &&
		    (!stamp_sane_locked(job, s) || !message_done_locked(job, s)))
			ret = -EINPROGRESS;
	spin_unlock(&sub->lock);
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
	/* The render ran to its end, without all of its geometry. */
	return nomem ? -ENOMEM : 0;
}

/* The job's reference to its wait fence, or the fence never used. */
static void wait_free(struct agx4_g16_job *job)
{
	if (job->armed)
		dma_fence_put(job->wait);
	else
		kfree(job->wait);
}

static void g16_job_free(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);
	struct agx4_g16_queue *fq = job->fq;
	struct agx4_fw_g16_sub *sub = fq->sub;
	unsigned long flags;

	spin_lock_irqsave(&sub->lock, flags);
	/* Published and never sent: its queue is going away. */
	list_del_init(&job->link);
	list_del_init(&job->live);
	/* Still waiting for a lease: its queue is going away. */
	if (!list_empty(&job->waiting))
		lease_wake_locked(job, -ECANCELED);
	spin_unlock_irqrestore(&sub->lock, flags);
	if (!job->published)
		unprepare(job);
	free_cmds(job, true);
	if (job->leased)
		lease_put(fq);
	wait_free(job);
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
 * lease, if any, was ended by the unplug (g16_unplug()).
 */
static void g16_job_forget(struct agx4_fw_job *j)
{
	struct agx4_g16_job *job = to_g16_job(j);

	free_cmds(job, false);
	wait_free(job);
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

/*
 * The device is going: end every job's wait for a lease with -ENODEV, and
 * start no other (the job unit publishes nothing more; after the unplug
 * the jobs are forgotten, without the state the waits are listed in).
 * A prepare waiting for a scene slot (render_lease()) ends with -ENODEV:
 * drm_dev_unplug(), which comes next, waits for it.
 */
static void g16_unplug(struct agx4_device *adev)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	struct agx4_g16_job *job, *tmp;
	unsigned long flags;

	if (!sub)
		return;
	spin_lock_irqsave(&sub->lock, flags);
	WRITE_ONCE(sub->going, true);
	list_for_each_entry_safe(job, tmp, &sub->lease_waiters, waiting)
		lease_wake_locked(job, -ENODEV);
	spin_unlock_irqrestore(&sub->lock, flags);
	wake_up_all(&sub->scene_wq);
}

/* ---- TVB growth and the memory limit ---- */

/*
 * The pool's state as the host wrote it: the firmware's mirror of the
 * block count at most the pool's, the block control the pool's count
 * twice, the list, control and block size where they were (H: the
 * reference checks the same before it grows a pool).
 */
static bool pool_intact(const struct g16_render_vm *r)
{
	const struct g16_bm *bm = r->tvb->cpu;
	const struct g16_block_control *bc = r->tvb->cpu + G16_TVB_CONTROL;

	return le32_to_cpu(bm->blocks) <= r->nblocks &&
	       le32_to_cpu(bc->blocks) == r->nblocks &&
	       le32_to_cpu(bc->blocks2) == r->nblocks &&
	       le64_to_cpu(bm->block_list) ==
	       r->tvb->va + G16_TVB_BLOCK_LIST &&
	       le64_to_cpu(bm->block_control) ==
	       r->tvb->va + G16_TVB_CONTROL &&
	       le32_to_cpu(bm->block_size) == G16_TVB_BLOCK_SIZE;
}

/*
 * Add blocks @old..@new - 1 to @r: one object for them, each block
 * mapped for the GPU at its place after the pool's first blocks (the
 * guards between them unmapped, the ASID's TLB invalidated by the
 * mapping), then their ids appended to the block list and the new count
 * written twice in the block control (H).  The firmware grows its page
 * list itself.
 */
static int pool_add_blocks(struct agx4_device *adev, struct g16_render_vm *r,
			   u32 old, u32 new)
{
	struct g16_block_control *bc = r->tvb->cpu + G16_TVB_CONTROL;
	struct g16_block_entry *bl = r->tvb->cpu + G16_TVB_BLOCK_LIST;
	u64 va = r->ks + G16_VM_BLOCKS + (u64)old * G16_TVB_BLOCK_STRIDE;
	struct agx4_fw_obj *obj;
	u32 i;
	int ret;

	if (r->ngrown == ARRAY_SIZE(r->grown))
		return -ENOSPC;
	obj = agx4_fw_obj_create(&adev->mem->heap,
				 (u64)(new - old) * G16_TVB_BLOCK_STRIDE,
				 AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(obj))
		return -ENOMEM;
	ret = map_spaced(&r->vm->uat, obj, va, new - old, G16_TVB_BLOCK_SIZE,
			 G16_TVB_BLOCK_STRIDE, true);
	if (ret) {
		agx4_fw_obj_destroy(obj);
		return -ENOMEM;
	}
	r->grown[r->ngrown++] = obj;
	for (i = old; i < new; i++) {
		u64 b = r->ks + G16_VM_BLOCKS + (u64)i * G16_TVB_BLOCK_STRIDE;

		bl[i].id = cpu_to_le32((b - AGX4_FW_CONTEXT_BASE) /
				       G16_TVB_ID_UNIT);
	}
	/* The blocks are mapped and listed before the count names them. */
	wmb();
	bc->blocks = cpu_to_le32(new);
	bc->blocks2 = cpu_to_le32(new);
	r->nblocks = new;
	return 0;
}

/*
 * A growth request names the pool by its buffer-manager slot (7 + the
 * support lease) and the VM by its context.  Its counter is the pool's:
 * 0 for the pool's first request, one more after each reply, "grew" or
 * "refused" (H: the reference answers only a request carrying its pool's
 * counter, which it starts at 0 when it makes the pool and moves on after
 * every reply).  A request behind it repeats one already answered; one
 * ahead of it is out of sequence: neither is answered.
 *
 * The slot is bounded by the parser already (agx4_fw_g16.c refuses a
 * request outside slots 7..63), and the TVB unit asks only while the
 * firmware that made the request is up; both are checked again here
 * because the slot indexes @sub->pools.
 */
static_assert(AGX4_FW_G16_SUPPORTS == G16_BM_SLOTS);

static int g16_tvb_grow(struct agx4_device *adev,
			const struct agx4_fw_ev_grow_in *req, u32 max_blocks)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	u32 lease = req->slot - G16_BM_SLOT_FIRST, old, new;
	struct g16_render_vm *r;
	int ret;

	if (!sub || req->slot < G16_BM_SLOT_FIRST ||
	    lease >= AGX4_FW_G16_SUPPORTS)
		return -ENOENT;
	mutex_lock(&sub->tvb_lock);
	r = sub->pools[lease];
	if (!r || req->context != r->gv->ctx) {
		ret = -ENOENT;
		goto out;
	}
	if (req->counter != r->counter) {
		ret = agx4_fw_grow_counter_error(req->counter, r->counter);
		goto out;
	}
	if (!pool_intact(r)) {
		ret = -EPROTO;
		goto out;
	}
	/* Answered from here on, "grew" or "refused". */
	r->counter++;
	old = r->nblocks;
	new = min3(old + adev->gen->tvb.growth_blocks, max_blocks,
		   (u32)G16_TVB_MAX_BLOCKS);
	ret = new > old ? pool_add_blocks(adev, r, old, new) : -ENOSPC;
	if (!ret)
		ret = new;
	else
		WRITE_ONCE(r->refused, true);
out:
	mutex_unlock(&sub->tvb_lock);
	return ret;
}

/*
 * A memory-limit report names the render by the event and stamp of its
 * 3D stage (H): the event of its queue's lease on the 3D lane, the stamp
 * of its 3D work.  The reply names the 3D lane's queue record and echoes
 * the stamp (H).  The firmware reports the limit only once a growth of
 * the render's pool was refused (H: the reference refuses a report that
 * follows none): a report without one names no render agx4 knows.
 */
static int g16_tvb_limit(struct agx4_device *adev,
			 const struct agx4_fw_ev_limit_in *lim,
			 struct agx4_fw_ctl *reply)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(adev->fw);
	struct agx4_g16_job *job;
	unsigned long flags;
	int ret = -ENOENT;
	u32 i;

	if (!sub)
		return ret;
	spin_lock_irqsave(&sub->lock, flags);
	list_for_each_entry(job, &sub->renders, live) {
		struct agx4_g16_queue *fq = job->fq;
		const struct g16_vm *gv = fq->base.vm->fw;

		if (fq->lease < 0 ||
		    lane_event(fq, AGX4_FW_LANE_3D) != lim->event ||
		    !gv->r || !READ_ONCE(gv->r->refused))
			continue;
		for (i = 0; i < job->ncmds; i++)
			if (job->cmds[i].render &&
			    job->cmds[i].stamp == lim->stamp)
				break;
		if (i == job->ncmds)
			continue;
		job->nomem = true;
		reply->opcode = AGX4_FW_CTL_LIMIT_REPLY;
		reply->fragment_queue = fq->lanes[AGX4_FW_LANE_3D].record;
		reply->fragment_stamp = lim->stamp;
		ret = 0;
		break;
	}
	spin_unlock_irqrestore(&sub->lock, flags);
	return ret;
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
	return to_g16_queue(fq)->obj;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16_queue_obj);

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
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16_job_obj);
#endif

/*
 * The G16 submission backend.  Credits count ring entries: a queue's
 * published and unretired work never holds half of a lane's ring.
 */
/* The compute namespace and the Work aliases, in every VM. */
static const struct agx4_range g16_vm_reserved[] = {
	{ .start = 0x7000000000ull, .size = 0x300000000ull },
};

const struct agx4_fw_submit_ops agx4_fw_g16_submit_ops = {
	.credit_limit = G16_RING_HALF - 1,
	.features = AGX4_FEATURE_FRAGMENT_BARRIER,
	.vm_reserved = g16_vm_reserved,
	.num_vm_reserved = ARRAY_SIZE(g16_vm_reserved),
	.queue_create = g16_queue_create,
	.queue_destroy = g16_queue_destroy,
	.job_prepare = g16_job_prepare,
	.job_reserve = g16_job_reserve,
	.job_publish = g16_job_publish,
	.job_status = g16_job_status,
	.job_free = g16_job_free,
	.poll = g16_poll,
	.kick = g16_kick,
	.queue_kill = g16_queue_kill,
	.job_dump = g16_job_dump,
	.job_forget = g16_job_forget,
	.queue_forget = g16_queue_forget,
	.unplug = g16_unplug,
	.tvb_grow = g16_tvb_grow,
	.tvb_limit = g16_tvb_limit,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g16_submit_ops);
