// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_hostile": the firmware's side is untrusted input.
 * On G16 and G17P, through the UAPI against the firmware model, the
 * firmware sends one hostile input at a time: event records of every kind
 * the driver decodes, malformed, truncated (the model zero-fills a short
 * record), out of range or replayed; an event-ring write cursor, the
 * work channels' read and done cursors and the device-control read cursor
 * outside their rings; growth
 * requests naming another VM's pool, an unknown slot or a stale counter;
 * G16 lane stamps and G17P done indices going backwards, jumping ahead of
 * the work published, or written before the rest of a completion;
 * memory-limit reports for no render; completions for work never
 * submitted; fatal reports with garbage; mailbox messages of unknown
 * types, payloads and endpoints.
 *
 * Each input ends in the outcome a maintainer expects (the table of
 * Documentation/gpu/agx4.rst, "what the driver does with a bad firmware
 * record"): ignored, or the firmware restarted.  For each the case
 * checks that the driver counted it in the counter of its kind, that a
 * job held in flight on the client's queue meanwhile ends as it should
 * (ignored: not signalled by the input, then 0 once the firmware
 * completes it; restart: -EIO), that no reset ran for an ignored input
 * and exactly one for the others.  KASAN, lockdep and the fence
 * signalling annotations of the KUnit kernel watch memory and fences.
 * The number of inputs is printed as "agx4-fw-hostile: records = M".
 *
 * Records are written here byte by byte at the offsets the protocol gives
 * (kind in the first word), never with the driver's builders.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/jiffies.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_event.h"
#include "../agx4_fw_boot.h"
#include "../agx4_job.h"
#include "../agx4_recovery.h"
#include "../agx4_reset.h"
#include "../agx4_tvb.h"
#include "agx4_test_util.h"

/* The most a case waits for anything: a bound, never a measure. */
#define BOUND_MS	5000
/* Event records are 0x48 bytes; the event ring has 256 entries (spec). */
#define EV_SIZE		0x48
#define EV_ENTRIES	256
/* G16 lane stamps step by 0x100 per work item (spec). */
#define STAMP_STEP	0x100
/*
 * A G17P compute command after its owner's first publishes two items, its
 * descriptor and its event item (the first adds the optional record)
 * (spec).
 */
#define G17P_COMPUTE_ITEMS	2
/* Work channels: 4 priorities x 3 engines, 256 entries each (spec). */
#define WORK_CHANNELS	12
/* The firmware's application endpoint and its message types (spec). */
#define EP_FW		0x20
#define MSG_NOTIFY	0x42ull
#define MSG_INIT_ACK	0x09ull

#define G16		BIT(0)
#define G17P		BIT(1)
#define BOTH		(G16 | G17P)

/* What the driver must do with an input. */
enum outcome {
	IGNORED,
	RESET,
};

/* The driver counter an input must move by one. */
enum cnt {
	C_MALFORMED,		/* event records the parser refused */
	C_UNKNOWN_KIND,		/* parsed, no consumer */
	C_RING,			/* event-ring cursor out of range */
	C_COMPLETION,		/* completion hints (kind 1) */
	C_FATAL,		/* fatal reports (kind 4) */
	C_RECEIPT,		/* device-control receipts (kind 13) */
	C_TVB_UNKNOWN,		/* growth requests naming no pool */
	C_TVB_STALE,		/* growth requests with a counter answered */
	C_TVB_AHEAD,		/* growth requests with a counter out of turn */
	C_LIMIT_UNMATCHED,	/* memory limits naming no render */
	C_BAD_MSG,		/* mailbox messages agx4 does not know */
	C_CHANNEL,		/* work-channel cursors out of range */
	C_STAMP,		/* lane stamps, done indices backwards or ahead */
	NR_CNT,
};

/* An input no counter of the driver's counts. */
#define C_NONE		NR_CNT

static const char *const cnt_names[NR_CNT] = {
	"malformed", "unknown kind", "ring errors", "completions", "fatal",
	"receipts", "tvb unknown", "tvb stale", "limit unmatched",
	"bad messages", "bad channel cursors", "bad stamps",
};

/* How the case sends its input. */
enum src {
	EVENT,		/* an event record */
	CURSOR,		/* the event ring's write cursor */
	WORK,		/* every work channel's read or done cursor */
	MESSAGE,	/* a raw mailbox message */
	STAMP,		/* the held job's lane stamp (G16), done index (G17P) */
	CTL,		/* the device-control read cursor, then a request */
};

/* Where a growth request's fields come from. */
enum fill {
	F_NONE,
	F_POOL,		/* this client's live pool: context, slot, grid */
	F_POOL_NEXT,	/* the same, counter past the last one answered */
};

/*
 * A field the case writes over its base record: @size bytes (1, 4 or 8)
 * at @off; @rel adds @val to what the base holds there.
 */
struct poke {
	u8 off;
	u8 size;
	bool rel;
	u64 val;
};

#define MAX_POKES	4

/**
 * struct hcase - one hostile input
 * @name: what it is.
 * @gens: the generations it applies to.
 * @src: how it is sent.
 * @kind: EVENT: the kind word of the base record; WORK: 0 for the read
 *	cursors, 1 for the done cursors.
 * @fill: EVENT grow records: the pool fields of the base.
 * @len: EVENT: bytes the firmware writes (0: the whole record).
 * @pokes: EVENT: fields written over the base, @npokes of them.
 * @npokes: see @pokes.
 * @ep: MESSAGE: the endpoint.
 * @msg: MESSAGE: the message; CURSOR, WORK, CTL: the cursor's value; STAMP:
 *	the distance from the stamp (G16) or done index (G17P) the held job's
 *	completion writes.
 * @out: the outcome.
 * @cnt: the counter it moves.
 * @g17p_differs: on G17P, the outcome is @out17 and the counter @cnt17.
 * @out17: see @g17p_differs.
 * @cnt17: see @g17p_differs.
 */
struct hcase {
	const char *name;
	u8 gens;
	enum src src;
	u32 kind;
	enum fill fill;
	u8 len;
	struct poke pokes[MAX_POKES];
	u8 npokes;
	u8 ep;
	u64 msg;
	enum outcome out;
	enum cnt cnt;
	bool g17p_differs;
	enum outcome out17;
	enum cnt cnt17;
};

#define P(o, s, v)	{ .off = (o), .size = (s), .val = (v) }
#define PREL(o, s, v)	{ .off = (o), .size = (s), .rel = true, .val = (v) }

/* An event record of both generations with one outcome. */
#define EV(n, k, o, c, ...)						\
	{ .name = n, .gens = BOTH, .src = EVENT, .kind = k,		\
	  .pokes = { __VA_ARGS__ },					\
	  .npokes = ARRAY_SIZE(((struct poke[]){ __VA_ARGS__ })),	\
	  .out = o, .cnt = c }
/* The same with the base record only. */
#define EV0(n, k, o, c)							\
	{ .name = n, .gens = BOTH, .src = EVENT, .kind = k,		\
	  .out = o, .cnt = c }
/* An event record of one generation. */
#define EVG(n, g, k, f, o, c, ...)					\
	{ .name = n, .gens = g, .src = EVENT, .kind = k, .fill = f,	\
	  .pokes = { __VA_ARGS__ },					\
	  .npokes = ARRAY_SIZE(((struct poke[]){ __VA_ARGS__ })),	\
	  .out = o, .cnt = c }
#define EVG0(n, g, k, f, o, c)						\
	{ .name = n, .gens = g, .src = EVENT, .kind = k, .fill = f,	\
	  .out = o, .cnt = c }
/* A record whose kind word only is written (the rest reads zero). */
#define TRUNC(n, k, o16, c16, o17, c17)					\
	{ .name = n, .gens = BOTH, .src = EVENT, .kind = k, .len = 4,	\
	  .out = o16, .cnt = c16, .g17p_differs = true, .out17 = o17,	\
	  .cnt17 = c17 }
/* A raw mailbox message. */
#define MSG(n, e, m)							\
	{ .name = n, .gens = BOTH, .src = MESSAGE, .ep = e, .msg = m,	\
	  .out = IGNORED, .cnt = C_BAD_MSG }
/* The event ring's write cursor. */
#define CUR(n, v)							\
	{ .name = n, .gens = BOTH, .src = CURSOR, .msg = v,		\
	  .out = RESET, .cnt = C_RING }

/* Every work channel's read (@d 0) or done (@d 1) cursor. */
#define WCUR(n, d, v)							\
	{ .name = n, .gens = BOTH, .src = WORK, .kind = d, .msg = v,	\
	  .out = RESET, .cnt = C_CHANNEL }

/*
 * The lane stamp of the held job (compute, the queue's latest work) is
 * written @v from its completion value.
 */
#define STMP(n, v, o, c)						\
	{ .name = n, .gens = G16, .src = STAMP, .msg = (u32)(s32)(v),	\
	  .out = o, .cnt = c }

/*
 * The done index of the held job's bank (compute, the queue's latest
 * work) is written @v from the value its completion writes.
 */
#define DONE(n, v, o, c)						\
	{ .name = n, .gens = G17P, .src = STAMP, .msg = (u32)(s32)(v),	\
	  .out = o, .cnt = c }

/*
 * The device-control read cursor at @v, then a growth request for the
 * client's pool, which the host answers on device control.
 */
#define CCUR(n, v)							\
	{ .name = n, .gens = BOTH, .src = CTL, .kind = K_GROW,		\
	  .fill = F_POOL_NEXT, .msg = v, .out = RESET, .cnt = C_CHANNEL }

/* Kinds (spec). */
#define K_COMPLETION	1
#define K_FATAL		4
#define K_PARTIAL	5
#define K_GROW		6
#define K_LIMIT		7
#define K_RECEIPT	13

static const struct hcase cases[] = {
	/* Kinds no firmware posts: the firmware is no longer understood. */
	EV0("kind 0", 0, RESET, C_MALFORMED),
	EV0("kind 2", 2, RESET, C_MALFORMED),
	EV0("kind 3", 3, RESET, C_MALFORMED),
	EV0("kind 8", 8, RESET, C_MALFORMED),
	EV0("kind 9", 9, RESET, C_MALFORMED),
	EV0("kind 10", 10, RESET, C_MALFORMED),
	EV0("kind 11", 11, RESET, C_MALFORMED),
	EV0("kind 12", 12, RESET, C_MALFORMED),
	EV0("kind 14", 14, RESET, C_MALFORMED),
	EV0("kind 15", 15, RESET, C_MALFORMED),
	EV0("kind 16", 16, RESET, C_MALFORMED),
	EV0("kind 17", 17, RESET, C_MALFORMED),
	EV0("kind 0x29", 0x29, RESET, C_MALFORMED),
	EV0("kind 0x77", 0x77, RESET, C_MALFORMED),
	EV0("kind 0x101", 0x101, RESET, C_MALFORMED),
	EV0("kind 0x10001", 0x10001, RESET, C_MALFORMED),
	EV0("kind 0x80000001", 0x80000001, RESET, C_MALFORMED),
	EV0("kind 0xffffffff", 0xffffffff, RESET, C_MALFORMED),
	EV0("kind 1 in the high half", K_COMPLETION | 0x10000, RESET,
	    C_MALFORMED),
	EV0("kind 13 in the high byte", K_RECEIPT << 24, RESET, C_MALFORMED),

	/* Fatal reports: a valid one restarts, garbage in the body too. */
	EV0("fatal", K_FATAL, RESET, C_FATAL),
	EV("fatal, +0x4 = 1", K_FATAL, RESET, C_MALFORMED, P(4, 1, 1)),
	EV("fatal, +0x5 = 0x80", K_FATAL, RESET, C_MALFORMED, P(5, 1, 0x80)),
	EV("fatal, +0x8 = ~0", K_FATAL, RESET, C_MALFORMED,
	   P(8, 4, 0xffffffff)),
	EV("fatal, +0xc garbage", K_FATAL, RESET, C_MALFORMED,
	   P(0xc, 8, 0xdeadbeefcafef00dull)),
	EV("fatal, +0x10 = 1", K_FATAL, RESET, C_MALFORMED, P(0x10, 4, 1)),
	EV("fatal, +0x20 = 1", K_FATAL, RESET, C_MALFORMED, P(0x20, 1, 1)),
	EV("fatal, +0x30 garbage", K_FATAL, RESET, C_MALFORMED,
	   P(0x30, 8, 0x4141414141414141ull)),
	EV("fatal, +0x40 = 1", K_FATAL, RESET, C_MALFORMED, P(0x40, 4, 1)),
	EV("fatal, +0x44 = ~0", K_FATAL, RESET, C_MALFORMED,
	   P(0x44, 4, 0xffffffff)),
	EV("fatal, last byte", K_FATAL, RESET, C_MALFORMED, P(0x47, 1, 1)),

	/* Completions are hints: for nothing, with garbage, replayed. */
	EV0("completion for no work", K_COMPLETION, IGNORED, C_COMPLETION),
	EV0("completion replayed", K_COMPLETION, IGNORED, C_COMPLETION),
	EV("completion, mask all ones", K_COMPLETION, IGNORED, C_COMPLETION,
	   P(4, 8, ~0ull), P(0xc, 8, ~0ull)),
	EV("completion, mask bit 127", K_COMPLETION, IGNORED, C_COMPLETION,
	   P(0x13, 1, 0x80)),
	EV("completion, garbage tail", K_COMPLETION, IGNORED, C_COMPLETION,
	   P(0x14, 8, 0xa5a5a5a5a5a5a5a5ull),
	   P(0x40, 8, 0x5a5a5a5a5a5a5a5aull)),
	EV("completion, last byte", K_COMPLETION, IGNORED, C_COMPLETION,
	   P(0x47, 1, 0xff)),

	/* Receipts nobody waits for; malformed ones. */
	EV("receipt for nothing", K_RECEIPT, IGNORED, C_RECEIPT,
	   P(4, 4, 1)),
	EV("receipt replayed", K_RECEIPT, IGNORED, C_RECEIPT, P(4, 4, 1)),
	EV("receipt, count ~0", K_RECEIPT, IGNORED, C_RECEIPT, P(4, 4, 1),
	   P(0x24, 4, 0xffffffff)),
	EV("receipt, wild addresses", K_RECEIPT, IGNORED, C_RECEIPT,
	   P(4, 4, 1), P(0xc, 8, 0xdead000000000000ull),
	   P(0x14, 8, ~0ull)),
	EV("receipt, +4 = 0", K_RECEIPT, RESET, C_MALFORMED, P(4, 4, 0)),
	EV("receipt, +4 = 2", K_RECEIPT, RESET, C_MALFORMED, P(4, 4, 2)),
	EV("receipt, +4 = ~0", K_RECEIPT, RESET, C_MALFORMED,
	   P(4, 4, 0xffffffff)),
	EV("receipt, +8 = 1", K_RECEIPT, RESET, C_MALFORMED, P(4, 4, 1),
	   P(8, 4, 1)),
	EV("receipt, +8 = 0x80000000", K_RECEIPT, RESET, C_MALFORMED,
	   P(4, 4, 1), P(8, 4, 0x80000000)),

	/* Truncated records: the kind word only. */
	TRUNC("truncated completion", K_COMPLETION, IGNORED, C_COMPLETION,
	      IGNORED, C_COMPLETION),
	TRUNC("truncated fatal", K_FATAL, RESET, C_FATAL, RESET, C_FATAL),
	TRUNC("truncated receipt", K_RECEIPT, RESET, C_MALFORMED, RESET,
	      C_MALFORMED),
	TRUNC("truncated growth request", K_GROW, RESET, C_MALFORMED, RESET,
	      C_MALFORMED),
	TRUNC("truncated memory limit", K_LIMIT, RESET, C_MALFORMED, RESET,
	      C_MALFORMED),
	/* G16 partial-render reports: no consumer; G17P: no such record. */
	TRUNC("partial render, empty", K_PARTIAL, IGNORED, C_UNKNOWN_KIND,
	      RESET, C_MALFORMED),
	{ .name = "partial render, garbage", .gens = BOTH, .src = EVENT,
	  .kind = K_PARTIAL,
	  .pokes = { P(0x14, 8, ~0ull), P(0x24, 8, 0xdead0000ull),
		     P(0x2c, 4, 0xffff0004) }, .npokes = 3,
	  .out = IGNORED, .cnt = C_UNKNOWN_KIND, .g17p_differs = true,
	  .out17 = RESET, .cnt17 = C_MALFORMED },
	{ .name = "partial render start", .gens = BOTH, .src = EVENT,
	  .kind = K_PARTIAL,
	  .pokes = { P(0x14, 8, 1), P(0x24, 8, 0x1234000ull),
		     P(0x2c, 4, 4) }, .npokes = 3,
	  .out = IGNORED, .cnt = C_UNKNOWN_KIND, .g17p_differs = true,
	  .out17 = RESET, .cnt17 = C_MALFORMED },

	/* Memory-limit reports, malformed (both layouts share +4, +8). */
	EV("limit, +4 = 1", K_LIMIT, RESET, C_MALFORMED, P(4, 4, 1),
	   P(8, 4, 1)),
	EV("limit, +4 = ~0", K_LIMIT, RESET, C_MALFORMED,
	   P(4, 4, 0xffffffff), P(8, 4, 1)),
	EV("limit, +8 = 0", K_LIMIT, RESET, C_MALFORMED, P(8, 4, 0)),
	EV("limit, +8 = 2", K_LIMIT, RESET, C_MALFORMED, P(8, 4, 2)),
	EV("limit, +8 = ~0", K_LIMIT, RESET, C_MALFORMED,
	   P(8, 4, 0xffffffff)),
	/* G16: +0xc fragment event, +0x10 fragment stamp; no such render. */
	EVG("limit, no render (event 33)", G16, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1), P(0xc, 4, 33),
	    P(0x10, 4, 0x7777700)),
	EVG("limit, event 0", G16, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1)),
	EVG("limit, event ~0", G16, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1), P(0xc, 4, 0xffffffff),
	    P(0x10, 4, 0xffffffff)),
	EVG("limit, stamp ~0", G16, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1), P(0xc, 4, 3),
	    P(0x10, 4, 0xffffffff)),
	EVG("limit, garbage tail", G16, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1), P(0x14, 8, ~0ull),
	    P(0x40, 8, ~0ull)),
	/*
	 * G17P: +0xc event, +0x10 work, +0x18 non-zero, +0x20 zero,
	 * +0x28 fragment, +0x30 event again, +0x38 VM (1..63), +0x40 pool
	 * (0..14).
	 */
	EVG("limit, +0x18 = 0", G17P, K_LIMIT, F_NONE, RESET, C_MALFORMED,
	    P(8, 4, 1), P(0x38, 8, 1)),
	EVG("limit, +0x20 = 1", G17P, K_LIMIT, F_NONE, RESET, C_MALFORMED,
	    P(8, 4, 1), P(0x18, 8, 1), P(0x20, 8, 1)),
	EVG("limit, VM 0", G17P, K_LIMIT, F_NONE, RESET, C_MALFORMED,
	    P(8, 4, 1), P(0x18, 8, 1), P(0x38, 8, 0)),
	EVG("limit, VM 64", G17P, K_LIMIT, F_NONE, RESET, C_MALFORMED,
	    P(8, 4, 1), P(0x18, 8, 1), P(0x38, 8, 64)),
	EVG("limit, VM 2^32 + 1", G17P, K_LIMIT, F_NONE, RESET, C_MALFORMED,
	    P(8, 4, 1), P(0x18, 8, 1), P(0x38, 8, 0x100000001ull)),
	EVG("limit, pool 15", G17P, K_LIMIT, F_NONE, RESET, C_MALFORMED,
	    P(8, 4, 1), P(0x18, 8, 1), P(0x38, 8, 1), P(0x40, 8, 15)),
	EVG("limit, pool 2^32", G17P, K_LIMIT, F_NONE, RESET, C_MALFORMED,
	    P(8, 4, 1), P(0x18, 8, 1), P(0x38, 8, 1),
	    P(0x40, 8, 0x100000000ull)),
	EVG("limit, no render", G17P, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1), P(0x18, 8, 1), P(0x38, 8, 1)),
	EVG("limit, wild descriptors", G17P, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1), P(0x18, 8, ~0ull),
	    P(0x38, 8, 63)),
	EVG("limit, last VM and pool", G17P, K_LIMIT, F_NONE, IGNORED,
	    C_LIMIT_UNMATCHED, P(8, 4, 1), P(0x18, 8, 1),
	    P(0x38, 8, 63)),

	/*
	 * G16 growth requests: +4 context, +8 slot (buffer-manager slots
	 * 7..63), +0xc counter, +0x10 subpipe, +0x14 halt count.
	 */
	EVG("grow, slot 0", G16, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(8, 4, 0)),
	EVG("grow, slot 6", G16, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(8, 4, 6)),
	EVG("grow, slot 64", G16, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(8, 4, 64)),
	EVG("grow, slot ~0", G16, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(8, 4, 0xffffffff)),
	EVG("grow, slot 2^31 + 7", G16, K_GROW, F_POOL_NEXT, RESET,
	    C_MALFORMED, P(8, 4, 0x80000007)),
	EVG("grow, slot 63: no pool", G16, K_GROW, F_POOL_NEXT, IGNORED,
	    C_TVB_UNKNOWN, P(8, 4, 63)),
	EVG("grow, another VM's context", G16, K_GROW, F_POOL_NEXT, IGNORED,
	    C_TVB_UNKNOWN, PREL(4, 4, 1)),
	EVG("grow, context ~0", G16, K_GROW, F_POOL_NEXT, IGNORED,
	    C_TVB_UNKNOWN, P(4, 4, 0xffffffff)),
	EVG("grow, context 0", G16, K_GROW, F_POOL_NEXT, IGNORED,
	    C_TVB_UNKNOWN, P(4, 4, 0)),
	EVG0("grow, counter replayed", G16, K_GROW, F_POOL, IGNORED,
	     C_TVB_STALE),
	EVG("grow, counter behind", G16, K_GROW, F_POOL, IGNORED,
	    C_TVB_STALE, PREL(0xc, 4, 0xffffffff)),
	EVG("grow, counter half a turn ahead", G16, K_GROW, F_POOL, IGNORED,
	    C_TVB_AHEAD, PREL(0xc, 4, 0x80000000)),
	EVG("grow, counter one past the next", G16, K_GROW, F_POOL_NEXT,
	    IGNORED, C_TVB_AHEAD, PREL(0xc, 4, 1)),
	EVG("grow, counter half a turn behind", G16, K_GROW, F_POOL, IGNORED,
	    C_TVB_STALE, PREL(0xc, 4, 0x80000001)),

	/*
	 * G17P growth requests: +4 context (VM 1..63), +8 pool (0..14),
	 * +0xc counter, +0x10 grid (below 64), +0x14..0x37 zero, +0x38 1,
	 * +0x40 the grid's bit.
	 */
	EVG("grow, VM 0", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(4, 4, 0)),
	EVG("grow, VM 64", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(4, 4, 64)),
	EVG("grow, VM ~0", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(4, 4, 0xffffffff)),
	EVG("grow, pool 15", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(8, 4, 15)),
	EVG("grow, pool ~0", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(8, 4, 0xffffffff)),
	EVG("grow, grid 64", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(0x10, 4, 64), P(0x40, 8, 0)),
	EVG("grow, +0x14 = 1", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(0x14, 4, 1)),
	EVG("grow, +0x37 = 1", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(0x37, 1, 1)),
	EVG("grow, +0x38 = 0", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(0x38, 8, 0)),
	EVG("grow, +0x38 = 2", G17P, K_GROW, F_POOL_NEXT, RESET, C_MALFORMED,
	    P(0x38, 8, 2)),
	EVG("grow, no grid bit", G17P, K_GROW, F_POOL_NEXT, RESET,
	    C_MALFORMED, P(0x40, 8, 0)),
	EVG("grow, two grid bits", G17P, K_GROW, F_POOL_NEXT, RESET,
	    C_MALFORMED, P(0x40, 8, 3)),
	EVG("grow, pool 14: no pool", G17P, K_GROW, F_POOL_NEXT, IGNORED,
	    C_TVB_UNKNOWN, P(8, 4, 14), P(0x10, 4, 30),
	    P(0x40, 8, 1ull << 30)),
	EVG("grow, another VM", G17P, K_GROW, F_POOL_NEXT, IGNORED,
	    C_TVB_UNKNOWN, PREL(4, 4, 1)),
	EVG("grow, another grid of the pool", G17P, K_GROW, F_POOL_NEXT,
	    IGNORED, C_TVB_UNKNOWN, P(0x10, 4, 63),
	    P(0x40, 8, 1ull << 63)),
	EVG0("grow, counter replayed", G17P, K_GROW, F_POOL, IGNORED,
	     C_TVB_STALE),
	EVG("grow, counter behind", G17P, K_GROW, F_POOL, IGNORED,
	    C_TVB_STALE, PREL(0xc, 4, 0xffffffff)),
	EVG("grow, counter half a turn ahead", G17P, K_GROW, F_POOL, IGNORED,
	    C_TVB_AHEAD, PREL(0xc, 4, 0x80000000)),
	EVG("grow, counter one past the next", G17P, K_GROW, F_POOL_NEXT,
	    IGNORED, C_TVB_AHEAD, PREL(0xc, 4, 1)),
	EVG("grow, counter half a turn behind", G17P, K_GROW, F_POOL, IGNORED,
	    C_TVB_STALE, PREL(0xc, 4, 0x80000001)),

	/* The event ring's write cursor outside its 256 entries. */
	CUR("event cursor 256", EV_ENTRIES),
	CUR("event cursor 257", EV_ENTRIES + 1),
	CUR("event cursor 0x1000", 0x1000),
	CUR("event cursor 2^31", 0x80000000),
	CUR("event cursor ~0", 0xffffffff),

	/*
	 * The work channels' cursors outside their 256 entries: the driver
	 * meets them when it next looks at the held job.
	 */
	WCUR("work read cursor 256", 0, 256),
	WCUR("work read cursor 0x101", 0, 0x101),
	WCUR("work read cursor ~0", 0, 0xffffffff),
	WCUR("work done cursor 256", 1, 256),
	WCUR("work done cursor 0x1ff", 1, 0x1ff),
	WCUR("work done cursor 2^31", 1, 0x80000000),

	/*
	 * The device-control channel's read cursor outside its entries:
	 * the host meets it when it answers the request that follows.
	 */
	CCUR("control read cursor 256", 256),
	CCUR("control read cursor 0x1ff", 0x1ff),
	CCUR("control read cursor ~0", 0xffffffff),

	/*
	 * G16 lane stamps.  The lane last read the completion value of the
	 * job before (or, on a fresh queue, one step below the first):
	 * that is STAMP_STEP below the held job's.  Backwards from there,
	 * or past the held job, the last published, the firmware is lost;
	 * the value read before, or the held job's own value ahead of its
	 * cursors and indices, completes nothing.
	 */
	STMP("stamp two steps back", -2 * STAMP_STEP, RESET, C_STAMP),
	STMP("stamp one below the last read", -STAMP_STEP - 1, RESET, C_STAMP),
	STMP("stamp half a turn back", S32_MIN, RESET, C_STAMP),
	STMP("stamp one past the last work", 1, RESET, C_STAMP),
	STMP("stamp a step past the last work", STAMP_STEP, RESET, C_STAMP),
	STMP("stamp half a turn ahead", S32_MAX, RESET, C_STAMP),
	STMP("stamp rewritten as last read", -STAMP_STEP, IGNORED, C_NONE),
	STMP("stamp of the held job before its cursors", 0, IGNORED, C_NONE),

	/*
	 * G17P done indices (no index wraps: a bank is left before its ring
	 * fills).  The first case comes on a fresh client (the case before
	 * restarted the firmware) and the next two on the same queue, so
	 * their held job is not its owner's first command: the bank's done
	 * index was last read at the end of the job before, its
	 * G17P_COMPUTE_ITEMS below the held job's.  Behind that, or past the
	 * held job, the firmware is lost; the value read before, or the held
	 * job's own end ahead of its cursors and status word, completes
	 * nothing.
	 */
	DONE("done index of the held job before its cursors", 0, IGNORED,
	     C_NONE),
	DONE("done index rewritten as last read", -G17P_COMPUTE_ITEMS, IGNORED,
	     C_NONE),
	DONE("done index one below the last read", -G17P_COMPUTE_ITEMS - 1,
	     RESET, C_STAMP),
	DONE("done index one past the last work", 1, RESET, C_STAMP),
	DONE("done index 0x100 past the last work", 0x100, RESET, C_STAMP),
	DONE("done index 2^31 - 1 past the last work", S32_MAX, RESET,
	     C_STAMP),
	DONE("done index 2^31 away", S32_MIN, RESET, C_STAMP),

	/* Mailbox messages agx4 does not know, on its endpoint and others. */
	MSG("message type 0", EP_FW, 0),
	MSG("message type 1", EP_FW, 1ull << 48),
	MSG("message type 8", EP_FW, 8ull << 48),
	MSG("message type 0xa", EP_FW, 0xaull << 48),
	MSG("message type 0x41", EP_FW, 0x41ull << 48),
	MSG("message type 0x43", EP_FW, 0x43ull << 48),
	MSG("message type 0x77", EP_FW, 0x77ull << 48),
	MSG("message type 0x81 (the host's)", EP_FW, 0x81ull << 48),
	MSG("message type 0x83 (the host's)", EP_FW, 0x83ull << 48),
	MSG("message type 0x84 (the host's)", EP_FW, 0x84ull << 48),
	MSG("message type 0x89 (the host's)", EP_FW, 0x89ull << 48),
	MSG("message type 0xff", EP_FW, 0xffull << 48),
	MSG("message type 0xffff", EP_FW, 0xffffull << 48),
	MSG("notification with payload 1", EP_FW, MSG_NOTIFY << 48 | 1),
	MSG("notification with payload 0xff", EP_FW, MSG_NOTIFY << 48 | 0xff),
	MSG("notification with a 48-bit payload", EP_FW,
	    MSG_NOTIFY << 48 | 0xffffffffffffull),
	MSG("init ack with payload", EP_FW, MSG_INIT_ACK << 48 | 2),
	MSG("notification on endpoint 0", 0, MSG_NOTIFY << 48),
	MSG("notification on endpoint 0x1f", 0x1f, MSG_NOTIFY << 48),
	MSG("notification on endpoint 0x21", 0x21, MSG_NOTIFY << 48),
	MSG("notification on endpoint 0x22", 0x22, MSG_NOTIFY << 48),
	MSG("notification on endpoint 0xff", 0xff, MSG_NOTIFY << 48),
	MSG("init ack on endpoint 0x21", 0x21, MSG_INIT_ACK << 48),
};

static const enum agx4_soc_id socs[] = { AGX4_SOC_T8132, AGX4_SOC_T8140 };

static void soc_desc(const enum agx4_soc_id *soc, char *desc)
{
	strscpy(desc, *soc == AGX4_SOC_T8132 ? "G16" : "G17P",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(soc, socs, soc_desc);

/* A client as the Mesa fork opens the device, with one queue. */
struct cl {
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	u32 queue;
	u32 out;
	struct agx4_test_cmdbuf cb;
};

/* The device, its model, the client of the moment and its pool. */
struct hctx {
	struct kunit *test;
	unsigned int gen;	/* 0 G16, 1 G17P */
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	struct cl *cl;
	bool pool_live;
	u32 ctx;
	u32 slot;
	u32 counter;
	unsigned int resets;
};

/* The driver's counters an input may move. */
static void counts(struct hctx *h, u64 *c)
{
	const struct agx4_event *ev = &h->adev->fw->events;
	struct agx4_tvb_stats s;

	agx4_tvb_flush(h->adev);
	agx4_tvb_get_stats(h->adev, &s);
	c[C_MALFORMED] = READ_ONCE(ev->malformed);
	c[C_UNKNOWN_KIND] = READ_ONCE(ev->unknown);
	c[C_RING] = READ_ONCE(ev->ring_errors);
	c[C_COMPLETION] = READ_ONCE(ev->by_kind[K_COMPLETION]);
	c[C_FATAL] = READ_ONCE(ev->by_kind[K_FATAL]);
	c[C_RECEIPT] = READ_ONCE(ev->receipts);
	c[C_TVB_UNKNOWN] = s.unknown;
	c[C_TVB_STALE] = s.stale;
	c[C_TVB_AHEAD] = s.ahead;
	c[C_LIMIT_UNMATCHED] = s.limit_unmatched;
	c[C_BAD_MSG] = atomic_read(&h->adev->fw->bad_messages);
	c[C_CHANNEL] = atomic_read(&h->adev->fw->bad_cursors);
	c[C_STAMP] = atomic_read(&h->adev->fw->bad_stamps);
}

static void let_go(void *data)
{
	struct hctx *h = data;

	agx4_fwmodel_exec(h->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(h->m, AGX4_FWMODEL_OLDEST_FIRST);
}

static void unhold(void *data)
{
	struct hctx *h = data;

	agx4_reset_hold(h->adev, false);
}

static struct cl *cl_open(struct hctx *h)
{
	struct kunit *test = h->test;
	struct cl *cl = kunit_kzalloc(test, sizeof(*cl), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cl);
	cl->c = agx4_test_client_open(test, h->adev);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(cl->c, &cl->f), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(cl->c, cl->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &cl->queue), 0);
	cl->out = agx4_test_syncobj(cl->c, NULL);
	return cl;
}

static void cl_close(struct hctx *h)
{
	if (!h->cl)
		return;
	agx4_test_client_close(h->cl->c);
	kunit_kfree(h->test, h->cl);
	h->cl = NULL;
	h->pool_live = false;
}

/* Submit one command (a render when @render); its out-sync's fence. */
static struct dma_fence *submit(struct hctx *h, bool render)
{
	struct kunit *test = h->test;
	struct cl *cl = h->cl;
	struct drm_asahi_sync out = { DRM_ASAHI_SYNC_SYNCOBJ, cl->out, 0 };
	struct dma_fence *f;

	memset(&cl->cb, 0, sizeof(cl->cb));
	if (render) {
		struct drm_asahi_cmd_render r = agx4_test_fork_render(&cl->f, 0);

		agx4_test_cmd_render(&cl->cb, &r);
	} else {
		struct drm_asahi_cmd_compute cc =
			agx4_test_fork_compute(&cl->f, 0);

		agx4_test_cmd_compute(&cl->cb, &cc);
	}
	KUNIT_ASSERT_EQ(test, agx4_test_submit(cl->c, cl->queue, &cl->cb,
					       &out, 0, 1), 0);
	f = agx4_test_syncobj_fence(cl->c, cl->out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	return f;
}

/*
 * The client's render grows its pool once, as the firmware asks: the
 * pool's context, slot and last counter answered are then known.
 */
static void make_pool(struct hctx *h)
{
	struct kunit *test = h->test;
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
		.kinds = AGX4_FWMODEL_KIND_TA,
	};
	struct agx4_tvb_stats st;
	struct dma_fence *f;
	u64 grew;

	agx4_tvb_get_stats(h->adev, &st);
	grew = st.grew;
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(h->m, &s), 0);
	f = submit(h, true);
	KUNIT_ASSERT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
	agx4_tvb_flush(h->adev);
	agx4_tvb_get_stats(h->adev, &st);
	KUNIT_ASSERT_EQ(test, st.grew, grew + 1);
	h->ctx = st.last_context;
	h->slot = st.last_slot;
	h->counter = st.last_counter;
	h->pool_live = true;
}

static void wait_held(struct hctx *h, unsigned int n)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	while (agx4_fwmodel_held(h->m) < n && time_before(jiffies, end))
		usleep_range(200, 500);
	KUNIT_ASSERT_GE(h->test, agx4_fwmodel_held(h->m), n);
}

/* The record case @hc sends, over its base. */
static void build(struct hctx *h, const struct hcase *hc, u8 *rec)
{
	unsigned int i;

	memset(rec, 0, EV_SIZE);
	put_unaligned_le32(hc->kind, rec);
	if (hc->kind == K_GROW && hc->fill != F_NONE && !hc->len) {
		u32 counter = h->counter + (hc->fill == F_POOL_NEXT);

		put_unaligned_le32(h->ctx, rec + 4);
		put_unaligned_le32(h->slot, rec + 8);
		put_unaligned_le32(counter, rec + 0xc);
		if (h->gen) {
			/* The pool's TA grid: 2p (+2 from pool 2) (H). */
			u32 grid = 2 * h->slot + (h->slot >= 2 ? 2 : 0);

			put_unaligned_le32(grid, rec + 0x10);
			put_unaligned_le64(1, rec + 0x38);
			put_unaligned_le64(BIT_ULL(grid), rec + 0x40);
		} else {
			put_unaligned_le64(1, rec + 0x14);
		}
	}
	for (i = 0; i < hc->npokes; i++) {
		const struct poke *p = &hc->pokes[i];
		u8 *at = rec + p->off;

		switch (p->size) {
		case 1:
			*at = (p->rel ? *at : 0) + p->val;
			break;
		case 4:
			put_unaligned_le32((p->rel ? get_unaligned_le32(at) : 0) +
					   p->val, at);
			break;
		default:
			put_unaligned_le64((p->rel ? get_unaligned_le64(at) : 0) +
					   p->val, at);
			break;
		}
	}
}

static int send(struct hctx *h, const struct hcase *hc)
{
	u8 rec[EV_SIZE];
	unsigned int ch;
	int ret;

	switch (hc->src) {
	case EVENT:
		build(h, hc, rec);
		return agx4_fwmodel_post_event(h->m, 0, rec,
					       hc->len ?: EV_SIZE);
	case CURSOR:
		return agx4_fwmodel_set_cursor(h->m, 0,
					       AGX4_FWMODEL_CUR_EVENT_WRITE, 0,
					       hc->msg);
	case MESSAGE:
		return agx4_fwmodel_send_msg(h->m, 0, hc->ep, hc->msg);
	case STAMP:
		return agx4_fwmodel_set_stamp(h->m, 0, (s32)hc->msg);
	case CTL:
		ret = agx4_fwmodel_set_cursor(h->m, 0,
					      AGX4_FWMODEL_CUR_CTL_READ, 0,
					      hc->msg);
		if (ret)
			return ret;
		build(h, hc, rec);
		return agx4_fwmodel_post_event(h->m, 0, rec, EV_SIZE);
	case WORK:
		for (ch = 0; ch < WORK_CHANNELS; ch++) {
			ret = agx4_fwmodel_set_cursor(h->m, 0, hc->kind ?
						      AGX4_FWMODEL_CUR_WORK_DONE :
						      AGX4_FWMODEL_CUR_WORK_READ,
						      ch, hc->msg);
			if (ret)
				return ret;
		}
		return 0;
	}
	return -EINVAL;
}

/* One input: see the suite's comment for what is checked. */
static void run_case(struct hctx *h, const struct hcase *hc)
{
	struct kunit *test = h->test;
	bool g17p = h->gen && hc->g17p_differs;
	enum outcome out = g17p ? hc->out17 : hc->out;
	enum cnt want = g17p ? hc->cnt17 : hc->cnt;
	u64 before[NR_CNT], after[NR_CNT];
	unsigned int i, resets = h->resets;
	u32 stamps;
	struct dma_fence *f;
	int err;

	if (!h->cl)
		h->cl = cl_open(h);
	if (hc->fill != F_NONE && !h->pool_live)
		make_pool(h);

	/* A job in flight on the client's queue, held by the firmware. */
	agx4_fwmodel_hold(h->m);
	f = submit(h, false);
	wait_held(h, 1);
	counts(h, before);
	stamps = agx4_fwmodel_count(h->m, AGX4_FWMODEL_CNT_STAMP_WRITES);

	KUNIT_ASSERT_EQ_MSG(test, send(h, hc), 0, "%s", hc->name);
	agx4_fwmodel_sync(h->m);
	agx4_event_drain(&h->adev->fw->events);
	/* What a completion hint or the poll would do: look at the jobs. */
	if (hc->src == WORK || hc->src == STAMP)
		agx4_job_notify(h->adev);
	/* The firmware did write the stamp or index, on the held job's lane. */
	if (hc->src == STAMP) {
		stamps = agx4_fwmodel_count(h->m, AGX4_FWMODEL_CNT_STAMP_WRITES) -
			 stamps;
		KUNIT_EXPECT_EQ_MSG(test, stamps, 1, "%s: stamps written",
				    hc->name);
	}
	agx4_tvb_flush(h->adev);

	/* Restarts are held: the counters are the firmware boot's. */
	KUNIT_EXPECT_EQ_MSG(test, agx4_reset_pending(h->adev), out == RESET,
			    "%s: %s", hc->name, out == RESET ?
			    "no firmware restart" : "a firmware restart");
	KUNIT_EXPECT_FALSE_MSG(test, dma_fence_is_signaled(f),
			       "%s: a held job's fence signalled", hc->name);
	counts(h, after);
	for (i = 0; i < NR_CNT; i++) {
		/*
		 * Every drain, or look at a job, meets a wild cursor or
		 * stamp again.
		 */
		if (i == want && (i == C_RING || i == C_CHANNEL ||
				  i == C_STAMP))
			KUNIT_EXPECT_GE_MSG(test, after[i], before[i] + 1,
					    "%s: %s", hc->name, cnt_names[i]);
		else if (i == want)
			KUNIT_EXPECT_EQ_MSG(test, after[i], before[i] + 1,
					    "%s: %s", hc->name, cnt_names[i]);
		else
			KUNIT_EXPECT_EQ_MSG(test, after[i], before[i],
					    "%s: %s moved", hc->name,
					    cnt_names[i]);
	}
	if (agx4_reset_pending(h->adev)) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_recovery_run(h->adev), 0,
				    "%s: restart", hc->name);
		h->resets++;
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(f, BOUND_MS),
				    -EIO, "%s: the job in flight", hc->name);
	}
	KUNIT_EXPECT_EQ_MSG(test, agx4_reset_count(h->adev), h->resets,
			    "%s: restarts", hc->name);

	agx4_fwmodel_exec(h->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(h->m, AGX4_FWMODEL_OLDEST_FIRST);
	if (h->resets == resets) {
		err = agx4_test_fence_wait(f, BOUND_MS);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "%s: the job in flight",
				    hc->name);
		dma_fence_put(f);
		/* The queue takes work and completes it as before. */
		f = submit(h, false);
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(f, BOUND_MS), 0,
				    "%s: the next job", hc->name);
	} else {
		/* The old queue is dead: the next case opens a new client. */
		cl_close(h);
	}
	dma_fence_put(f);
}

/*
 * Every input of the table that applies to the generation, one after the
 * other on one device.
 */
static void agx4_fw_hostile_records_have_their_outcome(struct kunit *test)
{
	bool g16 = *(const enum agx4_soc_id *)test->param_value ==
		   AGX4_SOC_T8132;
	struct hctx *h = kunit_kzalloc(test, sizeof(*h), GFP_KERNEL);
	unsigned int i, records = 0;

	KUNIT_ASSERT_NOT_NULL(test, h);
	h->test = test;
	h->gen = g16 ? 0 : 1;
	h->adev = agx4_test_probe(test, g16 ? AGX4_SOC_T8132 :
				  AGX4_SOC_T8140);
	h->m = agx4_test_model();
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, let_go, h), 0);
	agx4_reset_hold(h->adev, true);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, unhold, h), 0);

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		if (!(cases[i].gens & BIT(h->gen)))
			continue;
		run_case(h, &cases[i]);
		records++;
		/* A restart that failed leaves no firmware to go on with. */
		if (!h->adev->fw)
			break;
	}
	cl_close(h);
	KUNIT_EXPECT_EQ(test, agx4_reset_failures(h->adev), 0);
	kunit_info(test, "agx4-fw-hostile: records = %u\n", records);
	KUNIT_EXPECT_GE(test, records, 100);
}

static struct kunit_case agx4_fw_hostile_cases[] = {
	KUNIT_CASE_PARAM(agx4_fw_hostile_records_have_their_outcome,
			 soc_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_hostile_suite = {
	.name = "agx4_fw_hostile",
	.test_cases = agx4_fw_hostile_cases,
};

kunit_test_suite(agx4_fw_hostile_suite);
