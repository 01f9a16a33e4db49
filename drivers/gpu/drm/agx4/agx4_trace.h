/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Tracepoints of the submission path: each event names the device (the
 * primary node's index), the queue (its done fences' context) and the
 * job (its done fence's seqno), so one job can be followed from SUBMIT
 * to its fence.  Recovery adds the beginning and end of each firmware
 * restart (agx4_reset.c).
 */

#if !defined(AGX4_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define AGX4_TRACE_H

#include <linux/tracepoint.h>
#include <linux/types.h>

#undef TRACE_SYSTEM
#define TRACE_SYSTEM agx4
#define TRACE_INCLUDE_FILE agx4_trace

DECLARE_EVENT_CLASS(agx4_job,
		    TP_PROTO(u32 dev, u64 ctx, u64 seqno, int err),
		    TP_ARGS(dev, ctx, seqno, err),
		    TP_STRUCT__entry(__field(u32, dev)
				     __field(u64, ctx)
				     __field(u64, seqno)
				     __field(int, err)),
		    TP_fast_assign(__entry->dev = dev;
				   __entry->ctx = ctx;
				   __entry->seqno = seqno;
				   __entry->err = err;),
		    TP_printk("dev=%u queue=%llu job=%llu err=%d",
			      __entry->dev, __entry->ctx, __entry->seqno,
			      __entry->err));

/* A SUBMIT became a job (err 0) or was refused after validation. */
DEFINE_EVENT(agx4_job, agx4_job_submit,
	     TP_PROTO(u32 dev, u64 ctx, u64 seqno, int err),
	     TP_ARGS(dev, ctx, seqno, err));

/* The backend published the job and rang the doorbells. */
DEFINE_EVENT(agx4_job, agx4_job_kick,
	     TP_PROTO(u32 dev, u64 ctx, u64 seqno, int err),
	     TP_ARGS(dev, ctx, seqno, err));

/* The job's done fence signalled, with its error. */
DEFINE_EVENT(agx4_job, agx4_job_done,
	     TP_PROTO(u32 dev, u64 ctx, u64 seqno, int err),
	     TP_ARGS(dev, ctx, seqno, err));

/* The job timed out and killed its queue. */
DEFINE_EVENT(agx4_job, agx4_job_timeout,
	     TP_PROTO(u32 dev, u64 ctx, u64 seqno, int err),
	     TP_ARGS(dev, ctx, seqno, err));

/*
 * TVB growth (agx4_tvb.c): each event names the device, the pool's
 * context (VM) id, its slot (G16 buffer-manager slot, G17P pool) and the
 * request counter the firmware gave the request.
 */
TRACE_EVENT(agx4_tvb_grow_request,
	    TP_PROTO(u32 dev, u32 context, u32 slot, u32 counter),
	    TP_ARGS(dev, context, slot, counter),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(u32, context)
			     __field(u32, slot)
			     __field(u32, counter)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->context = context;
			   __entry->slot = slot;
			   __entry->counter = counter;),
	    TP_printk("dev=%u context=%u slot=%u counter=%u",
		      __entry->dev, __entry->context, __entry->slot,
		      __entry->counter));

/* The pool grew to @blocks blocks and the firmware was told. */
TRACE_EVENT(agx4_tvb_grow_reply,
	    TP_PROTO(u32 dev, u32 context, u32 slot, u32 counter, u32 blocks),
	    TP_ARGS(dev, context, slot, counter, blocks),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(u32, context)
			     __field(u32, slot)
			     __field(u32, counter)
			     __field(u32, blocks)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->context = context;
			   __entry->slot = slot;
			   __entry->counter = counter;
			   __entry->blocks = blocks;),
	    TP_printk("dev=%u context=%u slot=%u counter=%u blocks=%u",
		      __entry->dev, __entry->context, __entry->slot,
		      __entry->counter, __entry->blocks));

/*
 * Growth refused (the firmware renders partially): err -ENOSPC for the
 * pool limit, -ENOMEM for memory.
 */
TRACE_EVENT(agx4_tvb_grow_refused,
	    TP_PROTO(u32 dev, u32 context, u32 slot, u32 counter, int err),
	    TP_ARGS(dev, context, slot, counter, err),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(u32, context)
			     __field(u32, slot)
			     __field(u32, counter)
			     __field(int, err)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->context = context;
			   __entry->slot = slot;
			   __entry->counter = counter;
			   __entry->err = err;),
	    TP_printk("dev=%u context=%u slot=%u counter=%u err=%d",
		      __entry->dev, __entry->context, __entry->slot,
		      __entry->counter, __entry->err));

/*
 * A memory-limit report: the render's event and (G16) fragment stamp;
 * err 0 when a published job was marked to end with -ENOMEM, -ENOENT
 * when none matched.
 */
TRACE_EVENT(agx4_tvb_limit,
	    TP_PROTO(u32 dev, u32 event, u32 stamp, int err),
	    TP_ARGS(dev, event, stamp, err),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(u32, event)
			     __field(u32, stamp)
			     __field(int, err)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->event = event;
			   __entry->stamp = stamp;
			   __entry->err = err;),
	    TP_printk("dev=%u event=%u stamp=%#x err=%d",
		      __entry->dev, __entry->event, __entry->stamp,
		      __entry->err));

/* A firmware restart began: @cause is &enum agx4_reset_cause, @n its number. */
TRACE_EVENT(agx4_reset_begin,
	    TP_PROTO(u32 dev, u32 cause, u32 n),
	    TP_ARGS(dev, cause, n),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(u32, cause)
			     __field(u32, n)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->cause = cause;
			   __entry->n = n;),
	    TP_printk("dev=%u cause=%u reset=%u", __entry->dev,
		      __entry->cause, __entry->n));

/* It ended: @err 0 when the firmware is up again, else the device is lost. */
TRACE_EVENT(agx4_reset_end,
	    TP_PROTO(u32 dev, u32 n, int err),
	    TP_ARGS(dev, n, err),
	    TP_STRUCT__entry(__field(u32, dev)
			     __field(u32, n)
			     __field(int, err)),
	    TP_fast_assign(__entry->dev = dev;
			   __entry->n = n;
			   __entry->err = err;),
	    TP_printk("dev=%u reset=%u err=%d", __entry->dev, __entry->n,
		      __entry->err));

#endif /* AGX4_TRACE_H */

/* Outside the guard: define_trace.h reads this file again. */
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#include <trace/define_trace.h>
