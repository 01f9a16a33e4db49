/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FWMODEL_H
#define AGX4_FWMODEL_H

#include <linux/bits.h>
#include <linux/types.h>

#include "agx4_transport.h"

struct device;
struct agx4_fwmodel;

/*
 * What the GPU nodes the model writes (agx4_fwmodel_dt_fill()) say, which
 * its firmware knows in turn: the SGX register windows of t8132 and
 * t8140, and the address t8132's apple,sgx-meta-sw-interrupt carries (GAP:
 * not the address a real t8132 gives; a page offset is kept to show the
 * rounding).  The t8132 node leaves apple,sgx-active-mcc-bit-vector out,
 * so the reference's default (memory controllers 0 and 1) holds.
 */
#define AGX4_FWMODEL_T8132_SGX		0x300000000ULL
#define AGX4_FWMODEL_T8132_META_SWI	0x301014010ULL
#define AGX4_FWMODEL_T8132_MCC_MASK	0x3
#define AGX4_FWMODEL_T8140_SGX		0x480000000ULL

/**
 * enum agx4_fwmodel_gen - the firmware generation the model plays
 * @AGX4_FWMODEL_G16: M4 (t8132), one firmware instance.
 * @AGX4_FWMODEL_G17P: A18 Pro (t8140), a primary and a secondary instance.
 */
enum agx4_fwmodel_gen {
	AGX4_FWMODEL_G16,
	AGX4_FWMODEL_G17P,
};

/**
 * enum agx4_fwmodel_err - why the model's firmware gave up
 * @AGX4_FWMODEL_OK: nothing went wrong.
 * @AGX4_FWMODEL_UNMAPPED: a VA the firmware needs is not mapped (where = VA).
 * @AGX4_FWMODEL_PERMISSION: a VA is mapped without the access the firmware
 *	needs, or without the access flag (where = VA).
 * @AGX4_FWMODEL_BAD_PA: a descriptor points at memory that is not RAM the
 *	model can reach (where = VA being translated).
 * @AGX4_FWMODEL_BAD_TTB: the context table slot the firmware uses is
 *	invalid, wrongly tagged or points outside RAM (where = the slot word).
 * @AGX4_FWMODEL_LOADER_MAP: the loader's mapping of the firmware's own image
 *	is gone from the root the firmware runs on (where = the image VA).
 * @AGX4_FWMODEL_BAD_ROOT: a field of the init-data root is wrong: version
 *	words, page-size/levels geometry, instance kind (where = field VA).
 * @AGX4_FWMODEL_BAD_CHANNEL: the channel table lacks a ring or state the
 *	firmware needs, or a ring end does not match its records (where =
 *	VA of the channel record).
 * @AGX4_FWMODEL_BAD_HANDOFF: the handoff page does not hold what the host
 *	must write before boot (where = offset in the page).
 * @AGX4_FWMODEL_BAD_MESSAGE: unknown endpoint or message type, or a
 *	malformed payload from the host (where = the message).
 * @AGX4_FWMODEL_BAD_SEQUENCE: a known message at the wrong time, e.g. a
 *	second init message or a doorbell before init (where = the message).
 * @AGX4_FWMODEL_NOT_STARTED: a message to an endpoint that was not started
 *	(where = the endpoint).
 * @AGX4_FWMODEL_BAD_RECORD: a malformed or unknown device-control record
 *	(where = VA of the record).
 * @AGX4_FWMODEL_COLD_STATE: the coprocessor was started without the AXI
 *	transition bits set (where = SGX offset).
 * @AGX4_FWMODEL_INJECTED: a crash the test asked for (where = the fault).
 * @AGX4_FWMODEL_BAD_WORK_MSG: a work-channel message the firmware cannot
 *	take: wrong kind for its channel, a head past the ring, an unknown
 *	queue without the "first" flag (where = VA of the message word).
 * @AGX4_FWMODEL_BAD_QUEUE: a queue record or pointer block the firmware
 *	cannot use (where = VA of the word).
 * @AGX4_FWMODEL_BAD_ITEM: a malformed queue item: unknown type, wrong
 *	size, register-program header or count, microsequence command, a
 *	field that must repeat another (where = VA of the word).
 * @AGX4_FWMODEL_GPU_FAULT: a buffer the GPU must reach through the
 *	client's page tables (the context slot its work names) is not mapped
 *	there with the access it needs, or the slot has no valid tables
 *	(where = the GPU VA).
 * @AGX4_FWMODEL_BAD_WINDOW: a register window the firmware maps from
 *	hwdata's table is missing or described wrongly there (where = VA of
 *	the hwdata word), or its firmware VA does not reach the window's
 *	physical address with write access exactly when the window is
 *	writable (where = the firmware VA).
 * @AGX4_FWMODEL_NR_ERRS: number of error codes.
 *
 * Access and layout errors during boot crash the firmware (the transport's
 * crashed callback fires); message, sequence and record errors are
 * counted and the offending input ignored, as firmware does with input
 * it cannot parse.
 */
enum agx4_fwmodel_err {
	AGX4_FWMODEL_OK,
	AGX4_FWMODEL_UNMAPPED,
	AGX4_FWMODEL_PERMISSION,
	AGX4_FWMODEL_BAD_PA,
	AGX4_FWMODEL_BAD_TTB,
	AGX4_FWMODEL_LOADER_MAP,
	AGX4_FWMODEL_BAD_ROOT,
	AGX4_FWMODEL_BAD_CHANNEL,
	AGX4_FWMODEL_BAD_HANDOFF,
	AGX4_FWMODEL_BAD_MESSAGE,
	AGX4_FWMODEL_BAD_SEQUENCE,
	AGX4_FWMODEL_NOT_STARTED,
	AGX4_FWMODEL_BAD_RECORD,
	AGX4_FWMODEL_COLD_STATE,
	AGX4_FWMODEL_INJECTED,
	AGX4_FWMODEL_BAD_WORK_MSG,
	AGX4_FWMODEL_BAD_QUEUE,
	AGX4_FWMODEL_BAD_ITEM,
	AGX4_FWMODEL_GPU_FAULT,
	AGX4_FWMODEL_BAD_WINDOW,
	AGX4_FWMODEL_NR_ERRS,
};

/**
 * enum agx4_fwmodel_fault - misbehaviour a test can ask for
 * @AGX4_FWMODEL_FAULT_NONE: clear every armed fault.
 * @AGX4_FWMODEL_FAULT_NEVER_ACK: accept the init data but never acknowledge
 *	it (no status word on G16, no 0x09 on G17P).
 * @AGX4_FWMODEL_FAULT_ACK_LATE: acknowledge init data @arg ms late.
 * @AGX4_FWMODEL_FAULT_WRONG_STATUS: acknowledge with a wrong value: G16
 *	status word @arg (2 when 0), G17P 0x09 message with payload @arg (2
 *	when 0).
 * @AGX4_FWMODEL_FAULT_CRASH_IN_BOOT: crash during boot: @arg 0 on the init
 *	message (crashed callback), 1 in the RTKit handshake (start fails),
 *	2 + n: instance n on its control start (G17P; crashed callback).
 * @AGX4_FWMODEL_FAULT_MALFORMED_MSG: once booted, send a notification with
 *	a non-zero payload (@arg, 0xff when 0) on endpoint 0x20.
 * @AGX4_FWMODEL_FAULT_UNKNOWN_MSG: once booted, send a message of unknown
 *	type (@arg, 0x77 when 0) on endpoint 0x20.
 * @AGX4_FWMODEL_FAULT_DROP_DOORBELL: ignore the next @arg doorbells
 *	(work kicks and device-control doorbells).
 * @AGX4_FWMODEL_FAULT_FILL_EVENT_RING: post @arg events (kind 1, empty
 *	mask) without notification, then notify once; those that find the
 *	ring full are not posted (%AGX4_FWMODEL_CNT_EVENTS_DROPPED).
 * @AGX4_FWMODEL_FAULT_CONTROL_UNREAD: accept the init data but leave the
 *	device-control records produced before it unread.
 * @AGX4_FWMODEL_FAULT_CRASH: crash instance @arg now.
 * @AGX4_FWMODEL_FAULT_CONTROL_MOVED: on its control start (G17P), instance
 *	@arg moves its device-control read cursor past the staged record (to
 *	2) instead of leaving the ring as the init data staged it.
 * @AGX4_FWMODEL_FAULT_FLIST_AUX: on taking the opening FList (G16), write
 *	@arg (2 when 0) to CONTROL_AUX, where the host accepts only 0 or 1.
 */
enum agx4_fwmodel_fault {
	AGX4_FWMODEL_FAULT_NONE,
	AGX4_FWMODEL_FAULT_NEVER_ACK,
	AGX4_FWMODEL_FAULT_ACK_LATE,
	AGX4_FWMODEL_FAULT_WRONG_STATUS,
	AGX4_FWMODEL_FAULT_CRASH_IN_BOOT,
	AGX4_FWMODEL_FAULT_MALFORMED_MSG,
	AGX4_FWMODEL_FAULT_UNKNOWN_MSG,
	AGX4_FWMODEL_FAULT_DROP_DOORBELL,
	AGX4_FWMODEL_FAULT_FILL_EVENT_RING,
	AGX4_FWMODEL_FAULT_CONTROL_UNREAD,
	AGX4_FWMODEL_FAULT_CRASH,
	AGX4_FWMODEL_FAULT_CONTROL_MOVED,
	AGX4_FWMODEL_FAULT_FLIST_AUX,
};

/**
 * enum agx4_fwmodel_counter - what the model counts
 * @AGX4_FWMODEL_CNT_RECEIVED: host messages handled (all endpoints).
 * @AGX4_FWMODEL_CNT_SENT: messages delivered to the host.
 * @AGX4_FWMODEL_CNT_DOORBELLS: doorbells seen (0x83 and 0x84).
 * @AGX4_FWMODEL_CNT_DOORBELLS_DROPPED: doorbells ignored on request.
 * @AGX4_FWMODEL_CNT_CONTROL_RECORDS: device-control records consumed.
 * @AGX4_FWMODEL_CNT_BAD_RECORDS: device-control records refused.
 * @AGX4_FWMODEL_CNT_BAD_MESSAGES: host messages refused (bad, out of
 *	sequence, endpoint not started).
 * @AGX4_FWMODEL_CNT_EVENTS: event records posted.
 * @AGX4_FWMODEL_CNT_EVENTS_DROPPED: events a test pushed in
 *	(agx4_fwmodel_post_event(), %AGX4_FWMODEL_FAULT_FILL_EVENT_RING) not
 *	posted because the ring was full; what the firmware posts itself
 *	waits for room instead (%AGX4_FWMODEL_CNT_REPORT_STALLS).
 * @AGX4_FWMODEL_CNT_CRASHES: crashes.
 * @AGX4_FWMODEL_CNT_IGNORED: messages dropped because their instance was
 *	stopped or crashed, or no host was attached.
 * @AGX4_FWMODEL_CNT_WORK_MSGS: work-channel messages consumed.
 * @AGX4_FWMODEL_CNT_TA: TA (vertex) work items completed.
 * @AGX4_FWMODEL_CNT_3D: 3D (fragment) work items completed.
 * @AGX4_FWMODEL_CNT_COMPUTE: compute work items completed.
 * @AGX4_FWMODEL_CNT_WAITS: dependency and barrier items passed (G16
 *	barrier items; G17P commands whose dependency points were met).
 * @AGX4_FWMODEL_CNT_TVB_INITS: G16 TVB-init preludes executed.
 * @AGX4_FWMODEL_CNT_STALLS: times a lane stopped on an unmet wait.
 * @AGX4_FWMODEL_CNT_GROW_REQUESTS: TVB growth requests (event kind 6)
 *	posted.
 * @AGX4_FWMODEL_CNT_GROW_GREW: growth replies (control opcode 8) saying
 *	"grew", checked.
 * @AGX4_FWMODEL_CNT_GROW_REFUSED: growth replies saying "refused".
 * @AGX4_FWMODEL_CNT_PARTIAL_RENDERS: partial renders run after a refusal.
 * @AGX4_FWMODEL_CNT_LIMITS: memory-limit reports (event kind 7) posted.
 * @AGX4_FWMODEL_CNT_LIMIT_REPLIES: G16 memory-limit replies (control
 *	opcode 9) taken.
 * @AGX4_FWMODEL_CNT_BAD_REPLIES: opcode 8 or 9 records refused: no
 *	request waits for them, or they do not echo it (also counted in
 *	%AGX4_FWMODEL_CNT_BAD_RECORDS).
 * @AGX4_FWMODEL_CNT_REPLY_TIMEOUTS: requests left unanswered too long;
 *	their work item never completes.
 * @AGX4_FWMODEL_CNT_INLINE_KICKS: work doorbells answered before the
 *	host's mailbox write returned (agx4_fwmodel_set_inline()).
 * @AGX4_FWMODEL_CNT_STAMP_WRITES: lane stamps (G16) or done indices (G17P)
 *	written on request (agx4_fwmodel_set_stamp()).
 * @AGX4_FWMODEL_CNT_REPORT_STALLS: times a work item waited because a
 *	ring its record goes to was full (the host had not handed it back):
 *	G17P's report rings for a completion, channel 13 for a G16
 *	completion event or registration receipt or the G17P startup
 *	receipt and, on both, a growth request, memory-limit report or
 *	fatal report.
 * @AGX4_FWMODEL_CNT_RENDER_TICKS: the firmware's ticks (24 MHz) from
 *	start to end of every TA and 3D work item whose private profiling
 *	end slot it wrote, summed (wraps at 2^32: about three minutes).
 * @AGX4_FWMODEL_CNT_COMPUTE_TICKS: the same for compute work items.
 * @AGX4_FWMODEL_NR_COUNTERS: number of counters.
 */
enum agx4_fwmodel_counter {
	AGX4_FWMODEL_CNT_RECEIVED,
	AGX4_FWMODEL_CNT_SENT,
	AGX4_FWMODEL_CNT_DOORBELLS,
	AGX4_FWMODEL_CNT_DOORBELLS_DROPPED,
	AGX4_FWMODEL_CNT_CONTROL_RECORDS,
	AGX4_FWMODEL_CNT_BAD_RECORDS,
	AGX4_FWMODEL_CNT_BAD_MESSAGES,
	AGX4_FWMODEL_CNT_EVENTS,
	AGX4_FWMODEL_CNT_EVENTS_DROPPED,
	AGX4_FWMODEL_CNT_CRASHES,
	AGX4_FWMODEL_CNT_IGNORED,
	AGX4_FWMODEL_CNT_WORK_MSGS,
	AGX4_FWMODEL_CNT_TA,
	AGX4_FWMODEL_CNT_3D,
	AGX4_FWMODEL_CNT_COMPUTE,
	AGX4_FWMODEL_CNT_WAITS,
	AGX4_FWMODEL_CNT_TVB_INITS,
	AGX4_FWMODEL_CNT_STALLS,
	AGX4_FWMODEL_CNT_GROW_REQUESTS,
	AGX4_FWMODEL_CNT_GROW_GREW,
	AGX4_FWMODEL_CNT_GROW_REFUSED,
	AGX4_FWMODEL_CNT_PARTIAL_RENDERS,
	AGX4_FWMODEL_CNT_LIMITS,
	AGX4_FWMODEL_CNT_LIMIT_REPLIES,
	AGX4_FWMODEL_CNT_BAD_REPLIES,
	AGX4_FWMODEL_CNT_REPLY_TIMEOUTS,
	AGX4_FWMODEL_CNT_INLINE_KICKS,
	AGX4_FWMODEL_CNT_STAMP_WRITES,
	AGX4_FWMODEL_CNT_REPORT_STALLS,
	AGX4_FWMODEL_CNT_RENDER_TICKS,
	AGX4_FWMODEL_CNT_COMPUTE_TICKS,
	AGX4_FWMODEL_NR_COUNTERS,
};

/**
 * enum agx4_fwmodel_mode - when the model completes the work it takes
 * @AGX4_FWMODEL_RUN: complete every work item as soon as it starts (the
 *	default).
 * @AGX4_FWMODEL_HOLD: start work items (their lane's read index moves)
 *	but complete none until agx4_fwmodel_release() completes those held
 *	at that time.
 * @AGX4_FWMODEL_DELAY: complete each work item @arg ms after it started.
 *
 * A lane executes its items in order, so at most one work item per lane
 * is in progress; the others wait behind it.
 */
enum agx4_fwmodel_mode {
	AGX4_FWMODEL_RUN,
	AGX4_FWMODEL_HOLD,
	AGX4_FWMODEL_DELAY,
};

/**
 * enum agx4_fwmodel_order - in which order held work completes
 * @AGX4_FWMODEL_OLDEST_FIRST: in the order the work items started.
 * @AGX4_FWMODEL_NEWEST_FIRST: the reverse: the last queue started
 *	completes first.
 */
enum agx4_fwmodel_order {
	AGX4_FWMODEL_OLDEST_FIRST,
	AGX4_FWMODEL_NEWEST_FIRST,
};

/**
 * enum agx4_fwmodel_action - what a script does to the work item it matches
 * @AGX4_FWMODEL_ACT_NEVER: take the work item and never complete it (its
 *	lane stops behind it until the instance restarts).
 * @AGX4_FWMODEL_ACT_GROW: a TA work item requests TVB growth @arg times,
 *	one request (event kind 6) at a time, each waiting for the host's
 *	reply (control opcode 8): "grew" is checked against the buffer
 *	manager's block control and block list, "refused" makes the
 *	firmware run a partial render with the render's partial programs.
 *	Then the work item completes.  A request not answered within
 *	%AGX4_FWMODEL_REPLY_TIMEOUT_MS leaves the work item uncompleted.
 * @AGX4_FWMODEL_ACT_LIMIT: as %AGX4_FWMODEL_ACT_GROW with @arg growth
 *	requests, then a memory-limit report (event kind 7) naming the
 *	render; G16 waits for its reply (control opcode 9), G17P does not
 *	(the host only consumes the report).  Then the work item completes
 *	as usual: the report is what tells the host the render hit the
 *	limit.
 * @AGX4_FWMODEL_ACT_FATAL: post a fatal report (kind 4, empty body) and
 *	never complete the work item.
 * @AGX4_FWMODEL_ACT_CRASH: crash the firmware instance when the work item
 *	starts.
 * @AGX4_FWMODEL_ACT_HOLD: hold this work item until agx4_fwmodel_release(),
 *	whatever the mode.
 * @AGX4_FWMODEL_ACT_DELAY: complete this work item @arg ms after it
 *	starts, whatever the mode.
 * @AGX4_FWMODEL_ACT_GPU_FAULT: the GPU faults, in the work item's context,
 *	at the 16 KiB page @arg (address @arg << 14), and the work item
 *	never completes (the GPU does not get past a fault by itself:
 *	strictest reading).  G16 latches it in its fault registers
 *	(SGX+0xd8c0 status, +0xd8c8 address, each two 32-bit halves low
 *	first, as the G16 reference reads them): status bit 0, the context
 *	in bits 22:17, a read (bit 4), reason 0 (L: the G13/G14 layout of
 *	that register).  G17P, whose fault register no reference names,
 *	shows nothing.
 */
enum agx4_fwmodel_action {
	AGX4_FWMODEL_ACT_NEVER,
	AGX4_FWMODEL_ACT_GROW,
	AGX4_FWMODEL_ACT_LIMIT,
	AGX4_FWMODEL_ACT_FATAL,
	AGX4_FWMODEL_ACT_CRASH,
	AGX4_FWMODEL_ACT_HOLD,
	AGX4_FWMODEL_ACT_DELAY,
	AGX4_FWMODEL_ACT_GPU_FAULT,
};

/**
 * enum agx4_fwmodel_cursor - a cursor the firmware writes
 * @AGX4_FWMODEL_CUR_EVENT_WRITE: the event ring's (channel 13) write
 *	cursor.
 * @AGX4_FWMODEL_CUR_CTL_READ: the device-control ring's read cursor.
 * @AGX4_FWMODEL_CUR_CTL_DONE: the device-control ring's done cursor.
 * @AGX4_FWMODEL_CUR_WORK_READ: a work channel's read cursor.
 * @AGX4_FWMODEL_CUR_WORK_DONE: a work channel's done cursor.
 * @AGX4_FWMODEL_CUR_STATS_WRITE: the statistics ring's (channel 14, first
 *	pair) write cursor.
 */
enum agx4_fwmodel_cursor {
	AGX4_FWMODEL_CUR_EVENT_WRITE,
	AGX4_FWMODEL_CUR_CTL_READ,
	AGX4_FWMODEL_CUR_CTL_DONE,
	AGX4_FWMODEL_CUR_WORK_READ,
	AGX4_FWMODEL_CUR_WORK_DONE,
	AGX4_FWMODEL_CUR_STATS_WRITE,
};

/* How long a growth or limit request waits for its reply (GAP: chosen). */
#define AGX4_FWMODEL_REPLY_TIMEOUT_MS	1000

/* Work kinds, as the channel message names them, for &agx4_fwmodel_script.kinds. */
#define AGX4_FWMODEL_KIND_TA		BIT(0)
#define AGX4_FWMODEL_KIND_3D		BIT(1)
#define AGX4_FWMODEL_KIND_COMPUTE	BIT(2)

/**
 * struct agx4_fwmodel_script - a per-job script
 * @action: what to do.
 * @arg: its argument (see &enum agx4_fwmodel_action).
 * @kinds: %AGX4_FWMODEL_KIND_* the script applies to; 0 for any.
 * @queue: firmware VA of the queue record it applies to; 0 for any.
 * @skip: matching work items to let through before it acts.
 *
 * A script acts once, on the first matching work item that starts after
 * @skip others matched; then it is gone.  Growth and limit scripts apply
 * to TA work items only (@kinds 0 or %AGX4_FWMODEL_KIND_TA).
 */
struct agx4_fwmodel_script {
	enum agx4_fwmodel_action action;
	u32 arg;
	u32 kinds;
	u64 queue;
	u32 skip;
};

/**
 * enum agx4_fwmodel_cmd_op - what a control command does
 * @AGX4_FWMODEL_CMD_SCRIPT: arm &agx4_fwmodel_cmd.script.
 * @AGX4_FWMODEL_CMD_CLEAR: disarm the scripts that have not acted.
 * @AGX4_FWMODEL_CMD_MODE: agx4_fwmodel_exec() with &agx4_fwmodel_cmd.mode
 *	and &agx4_fwmodel_cmd.arg.
 * @AGX4_FWMODEL_CMD_RELEASE: agx4_fwmodel_release() in
 *	&agx4_fwmodel_cmd.order.
 * @AGX4_FWMODEL_CMD_FAULT: agx4_fwmodel_inject() of &agx4_fwmodel_cmd.fault
 *	with &agx4_fwmodel_cmd.arg.
 */
enum agx4_fwmodel_cmd_op {
	AGX4_FWMODEL_CMD_SCRIPT,
	AGX4_FWMODEL_CMD_CLEAR,
	AGX4_FWMODEL_CMD_MODE,
	AGX4_FWMODEL_CMD_RELEASE,
	AGX4_FWMODEL_CMD_FAULT,
};

/**
 * struct agx4_fwmodel_cmd - a parsed control command (agx4_fwmodel_parse())
 * @op: what it does.
 * @script: the script, for %AGX4_FWMODEL_CMD_SCRIPT.
 * @mode: the mode, for %AGX4_FWMODEL_CMD_MODE.
 * @order: the order, for %AGX4_FWMODEL_CMD_RELEASE.
 * @fault: the fault, for %AGX4_FWMODEL_CMD_FAULT.
 * @arg: the mode's or the fault's argument.
 */
struct agx4_fwmodel_cmd {
	enum agx4_fwmodel_cmd_op op;
	struct agx4_fwmodel_script script;
	enum agx4_fwmodel_mode mode;
	enum agx4_fwmodel_order order;
	enum agx4_fwmodel_fault fault;
	u32 arg;
};

/* Access a firmware translation needs (agx4_fwmodel_translate()). */
#define AGX4_FWMODEL_READ	BIT(0)
#define AGX4_FWMODEL_WRITE	BIT(1)

/* Work channels (0..11) whose kicks the model counts. */
#define AGX4_FWMODEL_WORK_CHANNELS	12

/**
 * enum agx4_fwmodel_trace_kind - what a trace step records
 * @AGX4_FWMODEL_TR_START: the host started instance @inst's coprocessor
 *	(ASC+0x44 |= 0x10).
 * @AGX4_FWMODEL_TR_STOP: the host stopped it.
 * @AGX4_FWMODEL_TR_EP_START: the host started endpoint @ep.
 * @AGX4_FWMODEL_TR_SEND: the host sent message @value to endpoint @ep.
 * @AGX4_FWMODEL_TR_RING: the host rang doorbell @value on endpoint @ep.
 * @AGX4_FWMODEL_TR_SGX: the host wrote @value to SGX register @reg.
 * @AGX4_FWMODEL_TR_CREDIT: the firmware found a ring cursor the host
 *	writes in memory moved to @value (@reg a &enum agx4_fwmodel_trace_ring).
 * @AGX4_FWMODEL_TR_CONTROL: the firmware took a device-control record of
 *	opcode @value.
 * @AGX4_FWMODEL_TR_EVENT: the firmware posted an event record of kind
 *	@value on channel 13.
 * @AGX4_FWMODEL_TR_REPLY: the firmware sent message @value on endpoint @ep.
 */
enum agx4_fwmodel_trace_kind {
	AGX4_FWMODEL_TR_START,
	AGX4_FWMODEL_TR_STOP,
	AGX4_FWMODEL_TR_EP_START,
	AGX4_FWMODEL_TR_SEND,
	AGX4_FWMODEL_TR_RING,
	AGX4_FWMODEL_TR_SGX,
	AGX4_FWMODEL_TR_CREDIT,
	AGX4_FWMODEL_TR_CONTROL,
	AGX4_FWMODEL_TR_EVENT,
	AGX4_FWMODEL_TR_REPLY,
};

/**
 * enum agx4_fwmodel_trace_ring - the host-written cursors a credit names
 * @AGX4_FWMODEL_TRR_EVENT_READ: the event ring's (channel 13) read cursor.
 * @AGX4_FWMODEL_TRR_CTL_PROD: the device-control ring's producer, where
 *	it is in memory (G17P; G16's is an SGX register).
 * @AGX4_FWMODEL_TRR_WORK_PROD: work channel 0..11's producer, where it is
 *	in memory (G17P), plus the channel.
 */
enum agx4_fwmodel_trace_ring {
	AGX4_FWMODEL_TRR_EVENT_READ = 0x100,
	AGX4_FWMODEL_TRR_CTL_PROD = 0x200,
	AGX4_FWMODEL_TRR_WORK_PROD = 0x300,
};

/**
 * struct agx4_fwmodel_trace - one step of what the model saw, in order
 * @kind: an &enum agx4_fwmodel_trace_kind.
 * @inst: the firmware instance.
 * @ep: the endpoint, for messages.
 * @reg: the SGX offset or the ring, for register writes and credits.
 * @value: the message, register value, cursor, opcode or event kind.
 */
struct agx4_fwmodel_trace {
	u8 kind;
	u8 inst;
	u8 ep;
	u32 reg;
	u64 value;
};

/* Steps a trace keeps; later ones are counted as lost. */
#define AGX4_FWMODEL_TRACE_MAX	1024

struct agx4_fwmodel *agx4_fwmodel_create(struct device *dev,
					 enum agx4_fwmodel_gen gen);
void agx4_fwmodel_destroy(struct agx4_fwmodel *m);

int agx4_fwmodel_region(struct agx4_fwmodel *m, const char *name, void **va,
			phys_addr_t *pa, size_t *size);
void *agx4_fwmodel_sgx(struct agx4_fwmodel *m, size_t *size);
void *agx4_fwmodel_asc(struct agx4_fwmodel *m, unsigned int inst,
		       size_t *size);

extern const struct agx4_fw_transport_ops agx4_fwmodel_transport_ops;

void agx4_fwmodel_attach(struct agx4_fwmodel *m,
			 const struct agx4_fw_transport_events *ev,
			 void *cookie);

enum agx4_fwmodel_err agx4_fwmodel_error(struct agx4_fwmodel *m, u64 *where);
const char *agx4_fwmodel_err_name(enum agx4_fwmodel_err e);

void agx4_fwmodel_inject(struct agx4_fwmodel *m, enum agx4_fwmodel_fault f,
			 u32 arg);

void agx4_fwmodel_sync(struct agx4_fwmodel *m);
bool agx4_fwmodel_booted(struct agx4_fwmodel *m, unsigned int inst);
bool agx4_fwmodel_running(struct agx4_fwmodel *m, unsigned int inst);
unsigned int agx4_fwmodel_stops(struct agx4_fwmodel *m, unsigned int inst);
u32 agx4_fwmodel_count(struct agx4_fwmodel *m, enum agx4_fwmodel_counter c);
u64 agx4_fwmodel_cpu_ns(struct agx4_fwmodel *m);
u32 agx4_fwmodel_kicks(struct agx4_fwmodel *m, unsigned int channel);
int agx4_fwmodel_post_event(struct agx4_fwmodel *m, unsigned int inst,
			    const void *rec, size_t len);
int agx4_fwmodel_post_stat(struct agx4_fwmodel *m, unsigned int inst,
			   const void *rec, size_t len);
int agx4_fwmodel_send_msg(struct agx4_fwmodel *m, unsigned int inst, u8 ep,
			  u64 msg);
int agx4_fwmodel_set_cursor(struct agx4_fwmodel *m, unsigned int inst,
			    enum agx4_fwmodel_cursor c, unsigned int channel,
			    u32 value);
int agx4_fwmodel_set_stamp(struct agx4_fwmodel *m, unsigned int inst,
			   s32 delta);
int agx4_fwmodel_set_pool_blocks(struct agx4_fwmodel *m, unsigned int inst,
				 s32 delta);
void agx4_fwmodel_exec(struct agx4_fwmodel *m, enum agx4_fwmodel_mode mode,
		       u32 arg);
void agx4_fwmodel_set_inline(struct agx4_fwmodel *m, bool on);
void agx4_fwmodel_hold(struct agx4_fwmodel *m);
int agx4_fwmodel_release(struct agx4_fwmodel *m,
			 enum agx4_fwmodel_order order);
unsigned int agx4_fwmodel_held(struct agx4_fwmodel *m);
unsigned int agx4_fwmodel_busy(struct agx4_fwmodel *m);
int agx4_fwmodel_script(struct agx4_fwmodel *m,
			const struct agx4_fwmodel_script *s);
u32 agx4_fwmodel_grid(struct agx4_fwmodel *m, unsigned int grid);
enum agx4_fwmodel_err agx4_fwmodel_translate(struct agx4_fwmodel *m,
					     unsigned int inst, u64 va,
					     unsigned int access,
					     phys_addr_t *pa);

int agx4_fwmodel_parse(const char *line, size_t len,
		       struct agx4_fwmodel_cmd *cmd);
int agx4_fwmodel_command(struct agx4_fwmodel *m, const char *line,
			 size_t len);
size_t agx4_fwmodel_show(struct agx4_fwmodel *m, char *buf, size_t size);

int agx4_fwmodel_trace_start(struct agx4_fwmodel *m);
unsigned int agx4_fwmodel_trace_get(struct agx4_fwmodel *m,
				    struct agx4_fwmodel_trace *buf,
				    unsigned int max, unsigned int *lost);
void agx4_fwmodel_trace_sgx(struct agx4_fwmodel *m, u32 off, u32 val);

#endif /* AGX4_FWMODEL_H */
