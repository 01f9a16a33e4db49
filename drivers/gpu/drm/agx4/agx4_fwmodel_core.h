/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Inside the firmware model: state shared by its core and its two
 * generation files.  Nothing outside agx4_fwmodel_*.c includes this.
 */
#ifndef AGX4_FWMODEL_CORE_H
#define AGX4_FWMODEL_CORE_H

#include <linux/hashtable.h>
#include <linux/list.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "agx4_fwmodel.h"

#define FWM_MAX_INST		2
#define FWM_CHANNELS		17
#define FWM_PAGE		0x4000ULL

/* Application endpoints (H). */
#define FWM_EP_FW		0x20
#define FWM_EP_DB		0x21

/* Message types, bits 63..48 (H). */
#define FWM_MSG_TYPE(m)		((u32)((m) >> 48))
#define FWM_MSG_INIT		0x81
#define FWM_MSG_NOTIFY		0x42
#define FWM_MSG_INIT_ACK	0x09
#define FWM_MSG_KICK		0x83
#define FWM_MSG_CONTROL		0x84
#define FWM_MSG_CONTROL_START	0x89
#define FWM_CONTROL_PAYLOAD	0x11

/* Ring geometry (H). */
#define FWM_RING_ENTRIES	256
#define FWM_CTL_RECORD		0x40
#define FWM_EVT_RECORD		0x48
#define FWM_STAT_ENTRIES	512
#define FWM_WORK_MSG		0x18

/* Channel-13/14 state block: host read cursor at +0, firmware write at +0x20 (H). */
#define FWM_CUR_READ		0x00
#define FWM_CUR_DONE		0x10
#define FWM_CUR_WRITE		0x20
#define FWM_CUR_BLOCK		0x24

/*
 * A cursor pair of a firmware-to-host ring a completion report goes to:
 * channel @ch's state word @state (the host's cursor, the firmware's
 * 0x20 after it) over @entries entries; with @record, the report's
 * record is written at the channel's state[1] + cursor * 0x48 first.
 */
struct fwm_report_ring {
	u8 ch;
	u8 state;
	bool record;
	u16 entries;
};

/* While a report ring is full, the firmware looks again this often. */
#define FWM_REPORT_POLL_MS	2

/* Regions the boot loader leaves behind. */
enum fwm_region {
	FWM_R_TTBS,
	FWM_R_PAGETABLES,
	FWM_R_L2,
	FWM_R_HANDOFF,
	FWM_R_FIRMWARE,
	FWM_R_FIRMWARE2,
	FWM_NR_REGIONS,
};

struct page;

struct fwm_region_mem {
	struct page *pages;
	unsigned int order;
	void *va;
	phys_addr_t pa;
	size_t size;
};

/* One firmware message in flight (host to firmware, or an internal command). */
struct fwm_msg {
	struct list_head node;
	unsigned int inst;
	u8 ep;
	u32 epoch;
	u64 msg;
	u8 rec[FWM_EVT_RECORD];
};

/* Internal commands, queued on the pseudo endpoint FWM_EP_CMD. */
#define FWM_EP_CMD		0xff
enum fwm_cmd {
	FWM_CMD_CRASH,
	FWM_CMD_POST,
	FWM_CMD_POST_STAT,
	FWM_CMD_FILL,
	FWM_CMD_SEND_BAD,
	FWM_CMD_RELEASE,
	FWM_CMD_SEND_RAW,
	FWM_CMD_CURSOR,
	FWM_CMD_STAMP,
	FWM_CMD_POOL,
};

/* Work kinds as the channel message carries them (H). */
#define FWM_KIND_TA		0
#define FWM_KIND_3D		1
#define FWM_KIND_COMPUTE	2

/* Event record kinds (H). */
#define FWM_EV_COMPLETE		1
#define FWM_EV_FATAL		4
#define FWM_EV_GROW		6
#define FWM_EV_LIMIT		7

/* Device-control replies to them: TVB growth, memory limit (H). */
#define FWM_OP_GROW_REPLY	8
#define FWM_OP_LIMIT_REPLY	9

/* The 64 MiB user timestamp aperture (H). */
#define FWM_TS_APERTURE		0xfffffc2181400000ULL
#define FWM_TS_APERTURE_SIZE	0x4000000ULL

/*
 * What a completion write stores.  A tick write whose &fwm_write.val is
 * FWM_PROFILING goes to a stage's profiling slot (its end counts in the
 * model's *_TICKS counters); a status word written with ticks does not.
 */
#define FWM_PROFILING	1
enum fwm_wkind {
	FWM_W32,		/* the u32 value */
	FWM_W_TICKS_START,	/* u64 24 MHz ticks at the start */
	FWM_W_TICKS_END,	/* u64 24 MHz ticks at completion */
	FWM_W_NS_START,		/* u64 ns at the start */
	FWM_W_NS_END,		/* u64 ns at completion */
};

struct fwm_write {
	u64 va;
	u32 val;
	u8 what;
};

#define FWM_JOB_WRITES		16

/*
 * A growth or limit script running on a TA work item: what is still to
 * be requested, the request waiting for its reply (the record as posted:
 * replies echo it), and what the generation learnt from the work item
 * to check the reply's effect, and the key of the pool the request is
 * for (&agx4_fwmodel.tvb_count).
 */
struct fwm_tvb {
	u32 left;
	bool limit;
	u32 wait;
	unsigned long deadline;
	u32 sent;
	u32 pool;
	u8 req[FWM_EVT_RECORD];
	u32 ctx;
	u64 bm;
	u32 blocks;
	u64 frag_queue;
	u64 frag_item;
	u64 frag_ctx;
};

/*
 * The work item a lane is executing: where its items end, and what
 * completing it writes, read from the item when it started.
 */
struct fwm_job {
	bool active;
	bool held;
	bool never;
	bool delayed;
	unsigned long due;
	u64 seq;
	u32 next;
	u64 item;
	u64 start_ns;
	unsigned int nwrites;
	struct fwm_write w[FWM_JOB_WRITES];
	/* G16: event id for the completion event; G17P: the grid. */
	u32 event;
	/* G17P: the terminal report's grid mask (two u64s), 0 for none. */
	u64 mask[2];
	bool report;
	struct fwm_tvb tvb;
	/* Waiting for room in a report ring or channel 13 (counted once). */
	bool report_wait;
	/*
	 * The kind of a record waiting for room on channel 13 before it is
	 * posted (a fatal report, or the growth request or memory-limit
	 * report in @tvb.req); 0 for none.
	 */
	u32 post_wait;
	/* G16: where completion writes the lane's stamp, and what; 0: none. */
	u64 stamp_at;
	u32 stamp;
	/* G16: the scene record a running TA or 3D work item uses. */
	u64 scene;
	/* The context (UAT context) the work item runs in. */
	u32 ctx;
};

/*
 * A firmware queue (lane) the model knows: registered by a channel
 * message with "first", executed from its read index to the newest head.
 * Worker only.
 */
struct fwm_lane {
	struct list_head node;
	/* In &agx4_fwmodel.ready while it has work; else empty. */
	struct list_head ready;
	struct hlist_node hnode;
	/* Creation order: passes visit lanes in it. */
	u64 order;
	unsigned int inst;
	u32 epoch;
	unsigned int channel;
	u32 kind;
	u64 queue;
	u64 pointers;
	u64 ring;
	u32 cap;
	u32 head;
	u32 read;
	u32 done;
	u32 event;
	bool stalled;
	/* G17P: the context area the optional record named. */
	u64 ctx_area;
	/* G17P: the channel-control record its queue record names (+0x9c). */
	u64 control;
	/* G17P: a context cleanup (0x14) named @control since its "first". */
	bool forgotten;
	struct fwm_job job;
};

/* What a work-channel message says (filled by the generation). */
struct fwm_work_msg {
	u64 queue;
	u32 kind;
	u32 head;
	u32 event;
	bool first;
};

/* What a generation's step over a lane's ring did. */
enum fwm_step {
	FWM_STEP_PASS,		/* items done at once (waits met, preludes) */
	FWM_STEP_WAIT,		/* an unmet wait: the lane stops */
	FWM_STEP_WORK,		/* a work item started: lane->job filled */
};

struct fwm_channel {
	u64 state[3];
	u64 ring;
};

/*
 * Per instance.  The first group is under &agx4_fwmodel.lock; the second
 * (what the init data said) is written and read only by the executor.
 * @flist is G16's registered opening FList, its progress word's VA,
 * until the firmware takes it (0: none pending).
 */
struct fwm_inst {
	bool running;
	bool ep_started[2];
	bool crashed;
	bool init_seen;
	bool acked;
	bool control_started;
	bool ack_pending;
	bool cold_seen;
	u32 epoch;
	unsigned int stops;

	u64 root_va;
	u64 main_va;
	u64 status_a;
	u64 flist;
	struct fwm_channel ch[FWM_CHANNELS];
	/*
	 * A device-control record, or what control start posts, waits for
	 * room on channel 13, since the boot @ctl_epoch.
	 */
	bool ctl_wait;
	bool start_wait;
	u32 ctl_epoch;
};

struct fwm_gen_desc;

/* Where a register window lies (&fwm_window.where). */
enum fwm_window_where {
	FWM_WIN_SGX,	/* at @addr in the SGX block */
	FWM_WIN_PHYS,	/* at physical address @addr */
	FWM_WIN_META,	/* the page of the meta software-interrupt address */
	FWM_WIN_MCC,	/* one @size window per memory controller */
};

/**
 * struct fwm_window - a register window the firmware maps from hwdata
 * @slot: its record, at hwdata + 0x640 + 0x28 * @slot.
 * @where: an &enum fwm_window_where.
 * @relative: the record's +0x18 word is the SGX offset (else 0).
 * @flags: the record's +0x20 word.
 * @writable: whether the firmware's mapping allows writes, which must
 *	match exactly.
 * @addr: the SGX offset or physical address.
 * @size: bytes (per memory controller for %FWM_WIN_MCC).
 */
struct fwm_window {
	u8 slot;
	u8 where;
	bool relative;
	bool writable;
	u32 flags;
	u64 addr;
	u32 size;
};

/*
 * Buffers a work item is read into while it runs: the item or descriptor,
 * its register alias, its micro-sequence.  Allocated with the model, so
 * that running work allocates nothing (it may run in the caller of a
 * doorbell, in the host's fence-signalling path).
 */
enum fwm_scratch {
	FWM_SCRATCH_ITEM,
	FWM_SCRATCH_REGS,
	FWM_SCRATCH_MS,
	FWM_SCRATCH_N,
};

#define FWM_SCRATCH_SIZE	SZ_16K

#define FWM_SCRIPTS		16
#define FWM_GRIDS		128
/* Keys of TVB pools: G16 buffer-manager slots, G17P grids (below 64). */
#define FWM_TVB_POOLS		64
/* G16: renders in flight at once, 36 per pool of 57 (H). */
#define FWM_G16_SCENES		(57 * 36)
/* G17P receiver slots of dependency points (an 8-bit field). */
#define FWM_RECV_SLOTS		256
/* Host-written cursors a trace follows: event read, control, 12 work. */
#define FWM_TRACE_CURSORS	14

/**
 * struct agx4_fwmodel - the firmware model
 * @dev: device the model belongs to.
 * @gen: generation played.
 * @desc: its constants and handlers.
 * @region: what the boot loader left behind.
 * @sgx: the GPU register window (plain memory).
 * @sgx_size: its size.
 * @asc: the coprocessor control windows, one per instance.
 * @wq: the firmware's own ordered worker.
 * @work: drains @msgs.
 * @executing: the firmware's side runs now, in @wq or in the caller of a
 *	doorbell (agx4_fwmodel_set_inline()); one at a time (under @lock).
 *	What is documented "executor only" below belongs to it.
 * @inline_kicks: see agx4_fwmodel_set_inline() (under @lock).
 * @timer_missed: @exec_work found the caller of a doorbell executing
 *	and left its pass to it (under @lock).
 * @scratch: buffers work items are read into (executor only).
 * @ack_work: late init acknowledgments.
 * @poll_work: runs &fwm_gen_desc.poll.
 * @lock: protects @msgs, @inst's host-visible flags, the faults, @counters,
 *	@kicks, @err and @err_where.
 * @msgs: host messages and internal commands not yet handled.
 * @inst: per instance.
 * @ev: host callbacks (NULL until agx4_fwmodel_attach()).
 * @cookie: their argument.
 * @fault: armed faults, bit per &enum agx4_fwmodel_fault.
 * @fault_arg: their arguments.
 * @handoff_ok: the handoff page was found correct.
 * @early_sgx: the first of the boot's SGX registers the host wrote
 *	before it checked instance 0 cold (0: none; &fwm_gen_desc.cold_first).
 * @dying: destroy has begun; nothing new is queued.
 * @counters: see &enum agx4_fwmodel_counter.
 * @kicks: work kicks per channel.
 * @err: first error.
 * @err_where: VA or value involved.
 * @exec_work: completes delayed work (worker).
 * @exec_epoch: the instance epochs @lanes belong to (executor only).
 * @lanes: the lanes the firmware knows, oldest first (executor only).
 * @ready: those with work to start or finish, in the same order (executor
 *	only): a pass visits only these.
 * @lane_hash: @lanes by queue record address (executor only).
 * @lane_seq: the next lane's &fwm_lane.order (executor only).
 * @job_seq: start order of work items (executor only).
 * @tvb_count: the growth request counter of each TVB pool, by the key
 *	the generation gives a pool (&fwm_tvb.pool; executor only).  Both
 *	references number a pool's requests from 0 and move on by one with
 *	every reply, grown or refused: GravityLinux/linux
 *	drivers/gpu/drm/asahi/g16_tvb.rs@4f7fe108 Tvb::new and g16_runtime.rs
 *	service_render_events (G16); g17p_growth.rs@5f2f3fa2 Owner::request
 *	and g17p_growth_runtime.rs@fc79d23c register_pool, new_graph,
 *	step_inner (G17P).
 * @scenes: G16: the scene records of renders in flight, from the start
 *	of their TA to the completion of their 3D (executor only).
 * @nscenes: entries of @scenes.
 * @slot_owner: G17P: the receiver each dependency-point receiver slot
 *	belongs to, 1 + its key (0: none yet; executor only).
 * @render_ticks: G17P: render control ticks the primary took since it
 *	started (executor only).
 * @grid_done: G17P: commands completed per grid (executor writes;
 *	read under @lock).
 * @mode: see &enum agx4_fwmodel_mode (under @lock).
 * @mode_arg: its argument (under @lock).
 * @release: a release is pending, in this order + 1 (under @lock).
 * @held: work items held now (under @lock).
 * @busy: work items started and not complete (under @lock).
 * @scripts: armed scripts (under @lock).
 * @nscripts: their number (under @lock).
 * @cpu_ns: nanoseconds the model's work items and inline doorbells
 *	ran, less the host's receive callbacks they made: the CPU time that
 *	stands in for the coprocessor's (added to when an executor is done;
 *	agx4_fwmodel_cpu_ns() reads).
 * @host_ns: nanoseconds spent in the host's receive callbacks (executor
 *	only).
 * @trace_lock: protects @trace, @trace_len and @trace_lost; innermost:
 *	nothing else is taken while it is held.
 * @trace: the steps recorded since agx4_fwmodel_trace_start(), or NULL
 *	(off, the default).
 * @trace_len: steps in @trace.
 * @trace_lost: steps that did not fit.
 * @trace_seen: per instance, the last value of each host-written cursor
 *	in memory the firmware read, for &enum agx4_fwmodel_trace_ring
 *	(event read, control producer, work producers 0..11; executor only).
 */
struct agx4_fwmodel {
	struct device *dev;
	enum agx4_fwmodel_gen gen;
	const struct fwm_gen_desc *desc;
	struct fwm_region_mem region[FWM_NR_REGIONS];
	void *sgx;
	size_t sgx_size;
	void *asc[FWM_MAX_INST];

	struct workqueue_struct *wq;
	struct work_struct work;
	bool executing;
	bool inline_kicks;
	bool timer_missed;
	u8 *scratch[FWM_SCRATCH_N];
	struct delayed_work ack_work;
	struct delayed_work poll_work;

	spinlock_t lock;	/* see the kernel-doc above */
	struct list_head msgs;
	struct fwm_inst inst[FWM_MAX_INST];
	const struct agx4_fw_transport_events *ev;
	void *cookie;
	unsigned long fault;
	u32 fault_arg[AGX4_FWMODEL_FAULT_FLIST_AUX + 1];
	bool handoff_ok;
	u32 early_sgx;
	bool dying;
	u32 counters[AGX4_FWMODEL_NR_COUNTERS];
	u32 kicks[AGX4_FWMODEL_WORK_CHANNELS];
	enum agx4_fwmodel_err err;
	u64 err_where;

	struct delayed_work exec_work;
	u32 exec_epoch[FWM_MAX_INST];
	struct list_head lanes;
	struct list_head ready;
	DECLARE_HASHTABLE(lane_hash, 6);
	u64 lane_seq;
	u64 job_seq;
	u32 tvb_count[FWM_TVB_POOLS];
	u64 scenes[FWM_G16_SCENES];
	unsigned int nscenes;
	u32 slot_owner[FWM_RECV_SLOTS];
	u32 render_ticks;
	u32 grid_done[FWM_GRIDS];
	enum agx4_fwmodel_mode mode;
	u32 mode_arg;
	unsigned int release;
	unsigned int held;
	unsigned int busy;
	struct agx4_fwmodel_script scripts[FWM_SCRIPTS];
	unsigned int nscripts;
	atomic64_t cpu_ns;
	u64 host_ns;

	spinlock_t trace_lock;	/* see the kernel-doc above */
	struct agx4_fwmodel_trace *trace;
	unsigned int trace_len;
	unsigned int trace_lost;
	u32 trace_seen[FWM_MAX_INST][FWM_TRACE_CURSORS];
};

/**
 * struct fwm_clock - a work item's start, for &agx4_fwmodel.cpu_ns
 * @t0: when it started.
 * @host_ns: &agx4_fwmodel.host_ns then.
 */
struct fwm_clock {
	u64 t0;
	u64 host_ns;
};

/**
 * struct fwm_gen_desc - what differs between generations
 * @instances: firmware instances.
 * @region_size: size of each loader region (0 = absent).
 * @secondary_root_offset: where the secondary's roots sit after the
 *	primary's (loader root and the high root the firmware runs on).
 * @version: the root's four version words.
 * @root_size: root size per instance.
 * @main_size: main config size.
 * @sgx_id: identity registers, offset/value pairs ending with offset 0.
 * @windows: the register windows the firmware maps from hwdata.
 * @num_windows: how many.
 * @sgx_pa: the SGX block's physical address (the device tree's).
 * @meta_swi: the meta software-interrupt address (the device tree's).
 * @mcc_mask: the memory controllers (the device tree's).
 * @check_root: check the generation's own root pointers.
 * @ctl_cursor: read or write the control ring's cursor @which (0 firmware
 *	read, 1 firmware done, 2 host producer).
 * @work_cursor: the same for work channel @ch.
 * @acked: after the status words: what else acknowledges init data.
 * @ctl_record: act on a device-control record: 0, -EINVAL when malformed
 *	or unknown, -EAGAIN when what it posts on channel 13 finds no room
 *	(nothing done: the record is taken again later), -EIO when the
 *	firmware could not reach memory.
 * @work_msg: parse a work-channel message at @va: 0 or -EIO (error
 *	recorded).
 * @open_lane: check a lane's queue record and pointer block and set its
 *	ring capacity: 0 or -EIO (error recorded).
 * @step: execute the item(s) at ring index @r of @l: an &enum fwm_step
 *	with *@n the items it covers, or -EIO (error recorded).
 * @retire: after a work item of @l completed: generation bookkeeping
 *	(G17P: grid counts, done mirror): 0 or -EIO.
 * @tvb_request: build the body of the next growth request (kind 6) or,
 *	when @limit, the memory-limit report (kind 7) of the TA work item
 *	of @l (the kind word is the caller's): 0 or -EIO (error recorded).
 * @tvb_echo: does the opcode 8/9 record @rec answer what @l waits for?
 * @tvb_partial: check what a partial render runs: 0 or -EIO.
 * @gpu_fault: optional; latch a GPU fault of the work item @l runs, in
 *	its context (&fwm_job.ctx), at @addr where the generation's fault
 *	registers show it (%AGX4_FWMODEL_ACT_GPU_FAULT).
 * @limit_reply: the host replies to a memory-limit report (opcode 9).
 * @ring_wraps: the item ring wraps at its capacity (G16) or is used
 *	linearly (G17P).
 * @stale_contexts: the loader leaves stale words in context slots 3..63,
 *	which the host must clear before any coprocessor starts.
 * @cold_first: the host checks the coprocessor is cold (the transport's
 *	cold op) before the boot's SGX writes and the coprocessor's start.
 * @bootstrap_root: the firmware's own accesses to the high half walk the
 *	loader's root in "pagetables", never the context table (G16); else
 *	they walk context 0's high word.
 * @reports: the rings, on every instance, a completion report goes to;
 *	a report waits until all of them have room.  None (@nreports 0):
 *	the report goes to the primary's channel 13 alone and waits until
 *	that has room.
 * @nreports: entries of @reports.
 * @control_started: after control start (0x89) on @inst: what the
 *	firmware posts then: 0, or -EAGAIN when channel 13 has no room yet
 *	(nothing posted: called again later).
 * @poll: what the firmware does on its own, without a message, run as
 *	executor every millisecond while agx4_fwmodel_poll_arm() asked for
 *	it and it returns true.
 */
struct fwm_gen_desc {
	unsigned int instances;
	size_t region_size[FWM_NR_REGIONS];
	u64 secondary_root_offset;
	u16 version[4];
	size_t root_size[FWM_MAX_INST];
	size_t main_size;
	const u32 (*sgx_id)[2];
	const struct fwm_window *windows;
	unsigned int num_windows;
	u64 sgx_pa;
	u64 meta_swi;
	u32 mcc_mask;
	int (*check_root)(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			  const u8 *root);
	int (*ctl_cursor)(struct agx4_fwmodel *m, unsigned int inst,
			  unsigned int which, u32 *val, bool write);
	int (*work_cursor)(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int ch, unsigned int which, u32 *val,
			   bool write);
	void (*acked)(struct agx4_fwmodel *m, unsigned int inst, u32 status);
	int (*ctl_record)(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			  const u8 *rec);
	int (*work_msg)(struct agx4_fwmodel *m, unsigned int inst,
			unsigned int ch, u64 va, const u8 *msg,
			struct fwm_work_msg *out);
	int (*open_lane)(struct agx4_fwmodel *m, struct fwm_lane *l);
	int (*step)(struct agx4_fwmodel *m, struct fwm_lane *l, u32 r, u32 *n);
	int (*retire)(struct agx4_fwmodel *m, struct fwm_lane *l);
	int (*tvb_request)(struct agx4_fwmodel *m, struct fwm_lane *l,
			   bool limit, u8 *rec);
	bool (*tvb_echo)(struct agx4_fwmodel *m, struct fwm_lane *l,
			 const u8 *rec);
	int (*tvb_partial)(struct agx4_fwmodel *m, struct fwm_lane *l);
	void (*gpu_fault)(struct agx4_fwmodel *m, struct fwm_lane *l, u64 addr);
	bool limit_reply;
	bool ring_wraps;
	bool bootstrap_root;
	bool cold_first;
	bool stale_contexts;
	const struct fwm_report_ring *reports;
	unsigned int nreports;
	int (*control_started)(struct agx4_fwmodel *m, unsigned int inst);
	bool (*poll)(struct agx4_fwmodel *m);
};

extern const struct fwm_gen_desc agx4_fwmodel_g16_desc;

/* Work execution per generation (agx4_fwmodel_g16_work.c, _g17p_work.c). */
int agx4_fwmodel_g16_work_msg(struct agx4_fwmodel *m, unsigned int inst,
			      unsigned int ch, u64 va, const u8 *msg,
			      struct fwm_work_msg *out);
int agx4_fwmodel_g16_open_lane(struct agx4_fwmodel *m, struct fwm_lane *l);
int agx4_fwmodel_g16_step(struct agx4_fwmodel *m, struct fwm_lane *l, u32 r,
			  u32 *n);
int agx4_fwmodel_g16_tvb_request(struct agx4_fwmodel *m, struct fwm_lane *l,
				 bool limit, u8 *rec);
bool agx4_fwmodel_g16_tvb_echo(struct agx4_fwmodel *m, struct fwm_lane *l,
			       const u8 *rec);
/*
 * The buffer manager of both generations (G17P's shared pool object is the
 * same record, H): +0x3c the blocks the firmware counts, +0x44 the block
 * list (G16) or secondary index (G17P), one u64 ID per block, +0x4c the
 * block control (the count, twice, in its first two u32s).
 */
#define FWM_BM_BLOCKS		0x3c
#define FWM_BM_LIST		0x44
/* The context base: TA addresses are 32-bit offsets from it (H). */
#define FWM_CONTEXT_BASE	0x1000000000ULL
#define FWM_BM_CONTROL		0x4c

int agx4_fwmodel_tvb_grew(struct agx4_fwmodel *m, struct fwm_lane *l);
int agx4_fwmodel_g16_retire(struct agx4_fwmodel *m, struct fwm_lane *l);
int agx4_fwmodel_g16_tvb_partial(struct agx4_fwmodel *m, struct fwm_lane *l);
int agx4_fwmodel_g17p_work_msg(struct agx4_fwmodel *m, unsigned int inst,
			       unsigned int ch, u64 va, const u8 *msg,
			       struct fwm_work_msg *out);
int agx4_fwmodel_g17p_open_lane(struct agx4_fwmodel *m, struct fwm_lane *l);
int agx4_fwmodel_g17p_step(struct agx4_fwmodel *m, struct fwm_lane *l, u32 r,
			   u32 *n);
int agx4_fwmodel_g17p_retire(struct agx4_fwmodel *m, struct fwm_lane *l);
int agx4_fwmodel_g17p_tvb_request(struct agx4_fwmodel *m, struct fwm_lane *l,
				  bool limit, u8 *rec);
bool agx4_fwmodel_g17p_tvb_echo(struct agx4_fwmodel *m, struct fwm_lane *l,
				const u8 *rec);
int agx4_fwmodel_g17p_tvb_partial(struct agx4_fwmodel *m,
				  struct fwm_lane *l);
extern const struct fwm_gen_desc agx4_fwmodel_g17p_desc;

/* Core services for the generation files. */
int agx4_fwmodel_fail(struct agx4_fwmodel *m, enum agx4_fwmodel_err e,
		      u64 where);
int agx4_fwmodel_check(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		       u64 size, unsigned int access);
int agx4_fwmodel_attr(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		      unsigned int *attr);
int agx4_fwmodel_need(struct agx4_fwmodel *m, unsigned int inst, u64 where,
		      u64 ptr, u64 size, unsigned int access);
int agx4_fwmodel_read(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		      void *buf, size_t len);
int agx4_fwmodel_write(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		       const void *buf, size_t len);
int agx4_fwmodel_read32(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			u32 *val);
int agx4_fwmodel_write32(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			 u32 val);
u32 agx4_fwmodel_sgx_read(struct agx4_fwmodel *m, u32 off);
void agx4_fwmodel_sgx_write(struct agx4_fwmodel *m, u32 off, u32 val);
void agx4_fwmodel_send(struct agx4_fwmodel *m, unsigned int inst, u8 ep,
		       u64 msg);
void agx4_fwmodel_crash(struct agx4_fwmodel *m, unsigned int inst,
			enum agx4_fwmodel_err e, u64 where);
int agx4_fwmodel_post(struct agx4_fwmodel *m, unsigned int inst,
		      const u8 *rec, bool notify);
int agx4_fwmodel_event_room(struct agx4_fwmodel *m, unsigned int inst);
void agx4_fwmodel_control_retry(struct agx4_fwmodel *m, unsigned int inst);
int agx4_fwmodel_report_room(struct agx4_fwmodel *m);
int agx4_fwmodel_report(struct agx4_fwmodel *m, const u8 *rec,
			unsigned long *posted);
void agx4_fwmodel_counter_add(struct agx4_fwmodel *m,
			      enum agx4_fwmodel_counter c);
void agx4_fwmodel_counter_add_n(struct agx4_fwmodel *m,
				enum agx4_fwmodel_counter c, u32 n);
int agx4_fwmodel_handoff_check(struct agx4_fwmodel *m);
int agx4_fwmodel_ttb_empty_high(struct agx4_fwmodel *m, unsigned int slot,
				phys_addr_t *root);
u64 agx4_fwmodel_ttb(struct agx4_fwmodel *m, unsigned int slot, bool high);
int agx4_fwmodel_queue_cmd(struct agx4_fwmodel *m, unsigned int inst,
			   enum fwm_cmd cmd);
int agx4_fwmodel_gpu_read(struct agx4_fwmodel *m, unsigned int inst,
			  unsigned int slot, u64 va, void *buf, size_t len);
int agx4_fwmodel_gpu_check(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int slot, u64 va, u64 size,
			   unsigned int access);
int agx4_fwmodel_read64(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			u64 *val);
bool agx4_fwmodel_fault_take(struct agx4_fwmodel *m,
			     enum agx4_fwmodel_fault f, u32 *arg);

void agx4_fwmodel_exec_done(struct agx4_fwmodel *m);

/* The trace (agx4_fwmodel_trace_start()); a no-op while it is off. */
void agx4_fwmodel_trace(struct agx4_fwmodel *m, enum agx4_fwmodel_trace_kind k,
			unsigned int inst, u8 ep, u32 reg, u64 value);
void agx4_fwmodel_trace_cursor(struct agx4_fwmodel *m, unsigned int inst,
			       u32 ring, u32 value);

/* Execution (agx4_fwmodel_exec.c), executor only unless said. */
void agx4_fwmodel_exec_init(struct agx4_fwmodel *m);
void agx4_fwmodel_exec_fini(struct agx4_fwmodel *m);
int agx4_fwmodel_exec_kick(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int ch);
void agx4_fwmodel_exec_run(struct agx4_fwmodel *m, unsigned int inst);
void agx4_fwmodel_exec_release(struct agx4_fwmodel *m, unsigned int inst);
void agx4_fwmodel_exec_pool(struct agx4_fwmodel *m, unsigned int inst,
			    s32 delta);
void agx4_fwmodel_exec_stamp(struct agx4_fwmodel *m, unsigned int inst,
			     s32 delta);
void agx4_fwmodel_exec_timer(struct work_struct *w);
void agx4_fwmodel_exec_forget(struct agx4_fwmodel *m, u64 control);
void agx4_fwmodel_poll_arm(struct agx4_fwmodel *m);
void agx4_fwmodel_clock_start(struct agx4_fwmodel *m, struct fwm_clock *c);
void agx4_fwmodel_clock_stop(struct agx4_fwmodel *m, const struct fwm_clock *c);
int agx4_fwmodel_job_write(struct agx4_fwmodel *m, struct fwm_lane *l,
			   u64 va, enum fwm_wkind what, u32 val);
int agx4_fwmodel_item_fail(struct agx4_fwmodel *m, u64 where);
int agx4_fwmodel_exec_reply(struct agx4_fwmodel *m, unsigned int inst,
			    const u8 *rec);

#endif /* AGX4_FWMODEL_CORE_H */
