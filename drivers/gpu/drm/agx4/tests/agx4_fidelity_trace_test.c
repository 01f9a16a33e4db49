// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fidelity_trace": what the driver does, in order,
 * against the sequence the hardware-tested reference driver follows.
 *
 * The firmware model records every host action it sees (coprocessor and
 * endpoint starts and stops, mailbox messages and doorbells, SGX register
 * writes, ring cursors the host writes in memory) and what its firmware
 * answers (device-control records taken, events posted, messages sent):
 * agx4_fwmodel_trace_start().  Each case runs one scenario through the
 * driver on the model and compares the trace with the reference's
 * sequence, transcribed below step by step with its citation
 * (GravityLinux/linux drivers/gpu/drm/asahi/<file>@<commit> <function>).
 *
 * A step compares its kind, instance, endpoint, register and the bits of
 * its value that are not an address agx4 chooses (those are "any").  The
 * host's steps and the firmware's are two streams, each compared in its
 * own order (see tr_host()).  What the trace cannot see is not compared:
 * host reads and polls, delays, and writes to memory other than ring
 * cursors.  A step marked DIVERGES is one where agx4 is known to differ
 * from the reference: it never matches, so its case fails until the
 * driver follows the reference and the mark goes.
 *
 * The suite prints "agx4-fidelity: g16 trace steps = N, matching = M" and
 * the same for g17p: N the steps of every scenario of the generation (the
 * reference's, and those agx4 adds), M those that match.
 */

#include <kunit/test.h>
#include <linux/dma-fence.h>
#include <linux/slab.h>

#include <drm/drm_kunit_helpers.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_fwmodel.h"
#include "../agx4_job.h"
#include "../agx4_of.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

/* The most a case waits for the model: a bound, never a measure. */
#define BOUND_MS	5000

enum { TR_G16, TR_G17P };

/* ---- steps and their comparison ---------------------------------------- */

/**
 * struct tr_step - one step of a reference sequence
 * @kind: an &enum agx4_fwmodel_trace_kind (a message matches a doorbell:
 *	both are one mailbox write to the endpoint).
 * @inst: the firmware instance.
 * @ep: the endpoint, for messages.
 * @reg: the SGX offset, or the ring of a credit.
 * @value: the value.
 * @mask: the bits of @value compared: an address agx4 chooses is "any".
 * @diverges: agx4 does this differently from the reference, on purpose
 *	or by a documented divergence: the step is never counted as matching,
 *	so that the case fails until the driver follows the reference.
 */
struct tr_step {
	u8 kind;
	u8 inst;
	u8 ep;
	u32 reg;
	u64 value;
	u64 mask;
	bool diverges;
};

#define ALL		~0ull
/* A row of a table is { STEP(...) } or { DIVERGES, STEP(...) }. */
#define TR(k, i, e, r, v, m)						\
	.kind = AGX4_FWMODEL_TR_##k, .inst = (i), .ep = (e), .reg = (r),	\
	.value = (v), .mask = (m)
/* Host steps. */
#define START(i)		TR(START, i, 0, 0, 0, 0)
#define STOP(i)			TR(STOP, i, 0, 0, 0, 0)
#define EP(i, e)		TR(EP_START, i, e, 0, 0, 0)
#define MSG(i, e, v, m)		TR(SEND, i, e, 0, v, m)
#define SGX(r, v)		TR(SGX, 0, 0, r, v, ALL)
/* Firmware steps. */
#define CONTROL(i, op)		TR(CONTROL, i, 0, 0, op, ALL)
#define EVENT(i, k)		TR(EVENT, i, 0, 0, k, ALL)
#define REPLY(i, e, v)		TR(REPLY, i, e, 0, v, ALL)
#define CREDIT(i, r, v)		TR(CREDIT, i, 0, r, v, ALL)
/* A step where agx4 is known to differ from the reference. */
#define DIVERGES		.diverges = true

/* The 0x81 init message: type and the bits above the 44-bit address (H). */
#define INIT_MSG		0x0081000000000000ull
#define INIT_MASK		GENMASK_ULL(63, 44)
#define NOTIFY			0x0042000000000000ull
#define CTL_DOORBELL		0x0084000000000011ull

static const char *const tr_names[] = {
	[AGX4_FWMODEL_TR_START] = "start",
	[AGX4_FWMODEL_TR_STOP] = "stop",
	[AGX4_FWMODEL_TR_EP_START] = "ep-start",
	[AGX4_FWMODEL_TR_SEND] = "message",
	[AGX4_FWMODEL_TR_RING] = "doorbell",
	[AGX4_FWMODEL_TR_SGX] = "sgx",
	[AGX4_FWMODEL_TR_CREDIT] = "credit",
	[AGX4_FWMODEL_TR_CONTROL] = "control",
	[AGX4_FWMODEL_TR_EVENT] = "event",
	[AGX4_FWMODEL_TR_REPLY] = "reply",
};

/*
 * Two streams, each in its own order: what the host does, and what the
 * firmware does.  Between the two the order is the scheduler's (the model's
 * firmware runs on its own worker), within each it is fixed.  A credit of
 * the event ring's read cursor is where the firmware happened to read it,
 * which the host's timing decides: recorded, not compared.
 */
static bool tr_host(u8 kind)
{
	return kind <= AGX4_FWMODEL_TR_SGX;
}

static bool tr_compared(const struct agx4_fwmodel_trace *t)
{
	return !(t->kind == AGX4_FWMODEL_TR_CREDIT &&
		 t->reg == AGX4_FWMODEL_TRR_EVENT_READ);
}

static bool tr_match(const struct tr_step *s, const struct agx4_fwmodel_trace *t)
{
	u8 k = t->kind == AGX4_FWMODEL_TR_RING ? AGX4_FWMODEL_TR_SEND : t->kind;

	return !s->diverges && s->kind == k && s->inst == t->inst &&
	       s->ep == t->ep && s->reg == t->reg &&
	       !((s->value ^ t->value) & s->mask);
}

struct tr_count {
	unsigned int steps;
	unsigned int matching;
};

static struct tr_count tr_total[2];	/* G16, G17P */

static void tr_show(struct kunit *test, const char *what, bool host,
		    unsigned int i, const struct tr_step *s,
		    const struct agx4_fwmodel_trace *t)
{
	char exp[96] = "(none)", got[96] = "(none)";

	if (s)
		scnprintf(exp, sizeof(exp), "%s%s i%u ep%#x reg %#x val %#llx/%#llx",
			  s->diverges ? "DIVERGES " : "", tr_names[s->kind],
			  s->inst, s->ep, s->reg, s->value, s->mask);
	if (t)
		scnprintf(got, sizeof(got), "%s i%u ep%#x reg %#x val %#llx",
			  tr_names[t->kind], t->inst, t->ep, t->reg, t->value);
	kunit_info(test, "%s %s step %u: reference %s, agx4 %s\n", what,
		   host ? "host" : "firmware", i, exp, got);
}

/* Longest streams the alignment takes (a scenario's are far shorter). */
#define TR_STREAM_MAX	256

/*
 * Compare one stream by its longest common subsequence with the
 * reference's, so that one step agx4 adds or leaves out counts once and
 * does not shift every later step.  Every step of either side is counted;
 * those of the alignment match.  Adds to @c.
 */
static void tr_stream(struct kunit *test, const char *what, bool host,
		      const struct tr_step *ref, unsigned int nref,
		      const struct agx4_fwmodel_trace *t, unsigned int n,
		      struct tr_count *c)
{
	const struct tr_step **a;
	const struct agx4_fwmodel_trace **b;
	unsigned int na = 0, nb = 0, i, j, k = 0;
	u16 *l;

	a = kunit_kcalloc(test, TR_STREAM_MAX, sizeof(*a), GFP_KERNEL);
	b = kunit_kcalloc(test, TR_STREAM_MAX, sizeof(*b), GFP_KERNEL);
	l = kunit_kcalloc(test, (TR_STREAM_MAX + 1) * (TR_STREAM_MAX + 1),
			  sizeof(*l), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, a && b && l);
	for (i = 0; i < nref; i++)
		if (tr_host(ref[i].kind) == host) {
			KUNIT_ASSERT_LT(test, na, TR_STREAM_MAX);
			a[na++] = &ref[i];
		}
	for (j = 0; j < n; j++)
		if (tr_host(t[j].kind) == host && tr_compared(&t[j])) {
			KUNIT_ASSERT_LT(test, nb, TR_STREAM_MAX);
			b[nb++] = &t[j];
		}
#define L(x, y) l[(x) * (TR_STREAM_MAX + 1) + (y)]
	for (i = na; i-- > 0;)
		for (j = nb; j-- > 0;)
			L(i, j) = tr_match(a[i], b[j]) ? L(i + 1, j + 1) + 1 :
				  max(L(i + 1, j), L(i, j + 1));
	i = 0;
	j = 0;
	while (i < na || j < nb) {
		c->steps++;
		if (i < na && j < nb && tr_match(a[i], b[j]) &&
		    L(i, j) == L(i + 1, j + 1) + 1) {
			c->matching++;
			i++;
			j++;
		} else if (j == nb || (i < na && L(i + 1, j) >= L(i, j + 1))) {
			tr_show(test, what, host, k, a[i++], NULL);
		} else {
			tr_show(test, what, host, k, NULL, b[j++]);
		}
		k++;
	}
#undef L
}

/*
 * Compare the model's trace with the reference's sequence: every step must
 * match.  Adds to the generation's totals.
 */
static void tr_check(struct kunit *test, unsigned int gen, const char *what,
		     const struct tr_step *ref, unsigned int nref)
{
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fwmodel_trace *t;
	struct tr_count c = { };
	unsigned int n, lost;

	t = kunit_kcalloc(test, AGX4_FWMODEL_TRACE_MAX, sizeof(*t), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, t);
	agx4_fwmodel_sync(m);
	n = agx4_fwmodel_trace_get(m, t, AGX4_FWMODEL_TRACE_MAX, &lost);
	KUNIT_ASSERT_EQ_MSG(test, lost, 0, "%s: the trace overflowed", what);
	tr_stream(test, what, true, ref, nref, t, n, &c);
	tr_stream(test, what, false, ref, nref, t, n, &c);
	tr_total[gen].steps += c.steps;
	tr_total[gen].matching += c.matching;
	KUNIT_EXPECT_EQ_MSG(test, c.matching, c.steps,
			    "%s: %u of %u steps match the reference", what,
			    c.matching, c.steps);
}

/* ---- the reference's sequences ---------------------------------------- */

/*
 * G16 work-channel cursors (H): channel i (priority p = i / 3, stage
 * st = i % 3) has its firmware read and done words at SGX+0xd64000 +
 * st * 0x40 + p * 0x10 and 8 bytes on, its host producer at SGX+0xd60000
 * + st * 0x20 + p * 8.
 */
#define G16_PROD(st, p)	(0xd60000 + (st) * 0x20 + (p) * 8)
#define G16_CTL_READ	0xd640c0
#define G16_CTL_DONE	0xd640c8
#define G16_CTL_PROD	0xd60060

/*
 * The UAPI's medium priority (1) is firmware priority 3 - 1 = 2 (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16_drm.rs, queue creation,
 * "FirmwareQueues::new(3 - data.priority)"): its channels are 6 (TA), 7
 * (3D) and 8 (compute).
 */
#define G16_PRIO	2

/* G16 boot: GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@03789279. */
static const struct tr_step g16_boot[] = {
	/* Bootstrap::new: SGX+0x1000104 and +0x1000108 |= 1, from cold 0. */
	{ SGX(0x1000104, 1) },
	{ SGX(0x1000108, 1) },
	/* Bootstrap::new: SGX+0xd06030 = 6 (then the handoff page, memory). */
	{ SGX(0xd06030, 6) },
	/* Bootstrap::new: ASC+0x44 |= 0x10, RTKit boot. */
	{ START(0) },
	/* Bootstrap::new: endpoints 0x20, then 0x21, started. */
	{ EP(0, 0x20) },
	{ EP(0, 0x21) },
	/*
	 * publish: the three state words (read, done, producer) of
	 * main-config channels 0..11, in channel order, each written 0.
	 */
	{ SGX(0xd64000, 0) }, { SGX(0xd64008, 0) }, { SGX(0xd60000, 0) },
	{ SGX(0xd64040, 0) }, { SGX(0xd64048, 0) }, { SGX(0xd60020, 0) },
	{ SGX(0xd64080, 0) }, { SGX(0xd64088, 0) }, { SGX(0xd60040, 0) },
	{ SGX(0xd64010, 0) }, { SGX(0xd64018, 0) }, { SGX(0xd60008, 0) },
	{ SGX(0xd64050, 0) }, { SGX(0xd64058, 0) }, { SGX(0xd60028, 0) },
	{ SGX(0xd64090, 0) }, { SGX(0xd64098, 0) }, { SGX(0xd60048, 0) },
	{ SGX(0xd64020, 0) }, { SGX(0xd64028, 0) }, { SGX(0xd60010, 0) },
	{ SGX(0xd64060, 0) }, { SGX(0xd64068, 0) }, { SGX(0xd60030, 0) },
	{ SGX(0xd640a0, 0) }, { SGX(0xd640a8, 0) }, { SGX(0xd60050, 0) },
	{ SGX(0xd64030, 0) }, { SGX(0xd64038, 0) }, { SGX(0xd60018, 0) },
	{ SGX(0xd64070, 0) }, { SGX(0xd64078, 0) }, { SGX(0xd60038, 0) },
	{ SGX(0xd640b0, 0) }, { SGX(0xd640b8, 0) }, { SGX(0xd60058, 0) },
	/* publish: control cursors 0, 0, and producer 1 (slot 0 is staged). */
	{ SGX(G16_CTL_READ, 0) },
	{ SGX(G16_CTL_DONE, 0) },
	{ SGX(G16_CTL_PROD, 1) },
	/*
	 * publish: message 0x0081_0c20_0010_0000 on endpoint 0x20: the root's
	 * firmware address below bit 44, which agx4 chooses ("any").
	 */
	{ MSG(0, 0x20, INIT_MSG, INIT_MASK) },
	/* publish: "Slot zero (opcode 0x16)" is taken with the init data. */
	{ CONTROL(0, 0x16) },
	/*
	 * open_control: records 1 and 2 written, then (after the (1,1,1)
	 * check) the producer = 3, once.
	 */
	{ SGX(G16_CTL_PROD, 3) },
	/* open_control: (after 100 ms) 0x0084_0000_0000_0011 on 0x21. */
	{ MSG(0, 0x21, CTL_DOORBELL, ALL) },
	/*
	 * open_control: the firmware takes slot 1 (0x16) and slot 2 (0x20,
	 * the registration); service_flights (g16_runtime.rs@03789279)
	 * consumes its kind-13 receipt, after the 0x42 notification
	 * (g16.rs BootOps::recv_message).
	 */
	{ CONTROL(0, 0x16) },
	{ CONTROL(0, 0x20) },
	{ EVENT(0, 13) },
	{ REPLY(0, 0x20, NOTIFY) },
	/* submit_barrier: channel 1's producer (SGX+0xd60020) = 1. */
	{ SGX(G16_PROD(1, 0), 1) },
	/* submit_barrier: 0x0083_0000_0000_0001 on 0x21. */
	{ MSG(0, 0x21, 0x0083000000000001ull, ALL) },
};

/*
 * G16 first render, one growth: GravityLinux/linux
 * drivers/gpu/drm/asahi/g16_runtime.rs@03789279.
 */
static const struct tr_step g16_render[] = {
	/*
	 * publish_render: "for stage in [1usize, 0]": the 3D channel's
	 * producer first, then the TA's, each to epoch + 1.
	 */
	{ SGX(G16_PROD(1, G16_PRIO), 1) },
	{ SGX(G16_PROD(0, G16_PRIO), 1) },
	/* publish_render: 0x0083_0000_0000_0000 | priority << 2 on 0x21. */
	{ MSG(0, 0x21, 0x0083000000000000ull | G16_PRIO << 2, ALL) },
	/* The firmware asks for growth: event kind 6, then 0x42. */
	{ EVENT(0, 6) },
	{ REPLY(0, 0x20, NOTIFY) },
	/*
	 * service_render_events: the opcode-8 reply at the control tail,
	 * the event cursor, the producer = tail + 1 (4: the opening left 3),
	 * then 0x0084_0000_0000_0011 on 0x21.
	 */
	{ SGX(G16_CTL_PROD, 4) },
	{ MSG(0, 0x21, CTL_DOORBELL, ALL) },
	/* The firmware takes the reply (opcode 8). */
	{ CONTROL(0, 8) },
	/*
	 * TA and 3D complete: two kind-1 events, which service_flights and
	 * service_render_events consume, and a notification.
	 */
	{ EVENT(0, 1) },
	{ EVENT(0, 1) },
	{ REPLY(0, 0x20, NOTIFY) },
};

/* G16 compute: g16_runtime.rs@03789279 submit_compute_queue. */
static const struct tr_step g16_compute[] = {
	/* The compute channel's producer to epoch + 1. */
	{ SGX(G16_PROD(2, G16_PRIO), 1) },
	/* 0x0083_0000_0000_0002 | priority << 2 on 0x21. */
	{ MSG(0, 0x21, 0x0083000000000002ull | G16_PRIO << 2, ALL) },
	/* It completes: a kind-1 event (service_flights), a notification. */
	{ EVENT(0, 1) },
	{ REPLY(0, 0x20, NOTIFY) },
};

/* G16 shutdown: g16.rs@03789279 Bootstrap::drop: the RTKit shutdown. */
static const struct tr_step g16_shutdown[] = {
	{ STOP(0) },
};

/*
 * G17P boot of both instances: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@05fb6a7d.
 */
#define G17P_ACK	0x0009000000000000ull
#define G17P_ACK_MASK	GENMASK_ULL(63, 48)
static const struct tr_step g17p_boot[] = {
	/* Session::prepare: SGX+0x1000104 and +0x1000108 |= 1. */
	{ SGX(0x1000104, 1) },
	{ SGX(0x1000108, 1) },
	/*
	 * Session::prepare: for each peer in order, ASC+0x44 |= 0x10 and
	 * RTKit boot; endpoints 0x20/0x21 only required, not started.
	 */
	{ START(0) },
	{ START(1) },
	/*
	 * Session::start_inner (after the handoff and the VM): for each peer
	 * in order, start 0x20, start 0x21, send 0x81 | root on 0x20 (the
	 * root's address is agx4's: "any").
	 */
	{ EP(0, 0x20) },
	{ EP(0, 0x21) },
	{ MSG(0, 0x20, INIT_MSG, INIT_MASK) },
	{ EP(1, 0x20) },
	{ EP(1, 0x21) },
	{ MSG(1, 0x20, INIT_MSG, INIT_MASK) },
	/*
	 * Each instance finds its control ring staged consumed, producer 1
	 * (start_control requires all three counters at 1), and acknowledges
	 * with 0x09 on 0x20 (Operations::recv_message).
	 */
	{ CREDIT(0, AGX4_FWMODEL_TRR_CTL_PROD, 1) },
	{ TR(REPLY, 0, 0x20, 0, G17P_ACK, G17P_ACK_MASK) },
	{ CREDIT(1, AGX4_FWMODEL_TRR_CTL_PROD, 1) },
	{ TR(REPLY, 1, 0x20, 0, G17P_ACK, G17P_ACK_MASK) },
	/* Session::start_control: 0x89 on 0x21 to each peer in order. */
	{ MSG(0, 0x21, 0x0089000000000000ull, ALL) },
	{ MSG(1, 0x21, 0x0089000000000000ull, ALL) },
	/*
	 * The startup receipt, {13, 1, 0} in slot 0 of a peer's channel 13,
	 * which run_render and run_compute accept before the first work;
	 * the model's secondary posts it at 0x89, then notifies (0x42,
	 * Operations::recv_message).
	 */
	{ EVENT(1, 13) },
	{ REPLY(1, 0x20, NOTIFY) },
	/*
	 * Session::start_control: the status config words (memory), then
	 * 0x0084_0000_0000_0011 on the primary only.
	 */
	{ MSG(0, 0x21, CTL_DOORBELL, ALL) },
};

/* ---- the scenarios ---------------------------------------------------- */

/* A device of @soc, its model tracing from before the first register write. */
static struct agx4_device *tr_probe(struct kunit *test, enum agx4_soc_id soc)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, soc);
	struct agx4_device *adev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, soc);
	agx4_test_trace_model();
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_ASSERT_NOT_NULL(test, adev->fw);
	return adev;
}

/* A client as the Mesa fork opens one, with a queue of medium priority. */
struct tr_client {
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	u32 queue;
	u32 out;
	struct agx4_test_cmdbuf cb;
};

static struct tr_client *tr_open(struct kunit *test, struct agx4_device *adev)
{
	struct tr_client *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->c = agx4_test_client_open(test, adev);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(t->c, &t->f), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(t->c, t->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &t->queue), 0);
	t->out = agx4_test_syncobj(t->c, NULL);
	return t;
}

/* Submit what @t->cb holds and wait until it is done. */
static void tr_submit(struct kunit *test, struct tr_client *t)
{
	struct drm_asahi_sync out = { DRM_ASAHI_SYNC_SYNCOBJ, t->out, 0 };
	struct dma_fence *f;

	KUNIT_ASSERT_EQ(test, agx4_test_submit(t->c, t->queue, &t->cb, &out,
					       0, 1), 0);
	f = agx4_test_syncobj_fence(t->c, t->out, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
}

/* A G16 boot, from the first register write to the bootstrap barrier. */
static void agx4_fidelity_trace_g16_boot(struct kunit *test)
{
	tr_probe(test, AGX4_SOC_T8132);
	tr_check(test, TR_G16, "g16 boot", g16_boot, ARRAY_SIZE(g16_boot));
}

/* A G16 device's first render, whose TA asks for growth once. */
static void agx4_fidelity_trace_g16_first_render_one_growth(struct kunit *test)
{
	struct agx4_device *adev = tr_probe(test, AGX4_SOC_T8132);
	struct agx4_fwmodel *m = agx4_test_model();
	const struct agx4_fwmodel_script grow = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = 1,
		.kinds = AGX4_FWMODEL_KIND_TA,
	};
	struct drm_asahi_cmd_render r;
	struct tr_client *t = tr_open(test, adev);

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(m, &grow), 0);
	agx4_fwmodel_sync(m);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(m), 0);
	r = agx4_test_fork_render(&t->f, 0);
	agx4_test_cmd_render(&t->cb, &r);
	tr_submit(test, t);
	tr_check(test, TR_G16, "g16 first render", g16_render,
		 ARRAY_SIZE(g16_render));
}

/* A G16 compute job on a queue that has done nothing yet. */
static void agx4_fidelity_trace_g16_compute(struct kunit *test)
{
	struct agx4_device *adev = tr_probe(test, AGX4_SOC_T8132);
	struct agx4_fwmodel *m = agx4_test_model();
	struct tr_client *t = tr_open(test, adev);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&t->f, 0);

	agx4_fwmodel_sync(m);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(m), 0);
	agx4_test_cmd_compute(&t->cb, &cc);
	tr_submit(test, t);
	tr_check(test, TR_G16, "g16 compute", g16_compute,
		 ARRAY_SIZE(g16_compute));
}

/* A booted G16 device going away. */
static void agx4_fidelity_trace_g16_shutdown(struct kunit *test)
{
	struct agx4_device *adev = tr_probe(test, AGX4_SOC_T8132);
	struct agx4_fwmodel *m = agx4_test_model();

	agx4_fwmodel_sync(m);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(m), 0);
	agx4_device_unplug(adev);
	tr_check(test, TR_G16, "g16 shutdown", g16_shutdown,
		 ARRAY_SIZE(g16_shutdown));
}

/* A G17P boot, both instances, up to the control start. */
static void agx4_fidelity_trace_g17p_boot(struct kunit *test)
{
	tr_probe(test, AGX4_SOC_T8140);
	tr_check(test, TR_G17P, "g17p boot", g17p_boot,
		 ARRAY_SIZE(g17p_boot));
}

/*
 * G17P shutdown: GravityLinux/linux drivers/gpu/drm/asahi/g17p_boot.rs@05fb6a7d,
 * the session's drop: the RTKit shutdown of each started peer, in reverse
 * order, the secondary first.
 */
static const struct tr_step g17p_shutdown[] = {
	{ STOP(1) },
	{ STOP(0) },
};

/* A booted G17P device going away. */
static void agx4_fidelity_trace_g17p_shutdown(struct kunit *test)
{
	struct agx4_device *adev = tr_probe(test, AGX4_SOC_T8140);
	struct agx4_fwmodel *m = agx4_test_model();

	agx4_fwmodel_sync(m);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(m), 0);
	agx4_device_unplug(adev);
	tr_check(test, TR_G17P, "g17p shutdown", g17p_shutdown,
		 ARRAY_SIZE(g17p_shutdown));
}

/* ---- the suite -------------------------------------------------------- */

static int agx4_fidelity_trace_init(struct kunit_suite *suite)
{
	memset(tr_total, 0, sizeof(tr_total));
	return 0;
}

static void agx4_fidelity_trace_exit(struct kunit_suite *suite)
{
	kunit_log(KERN_INFO, suite,
		  "agx4-fidelity: g16 trace steps = %u, matching = %u\n",
		  tr_total[TR_G16].steps, tr_total[TR_G16].matching);
	kunit_log(KERN_INFO, suite,
		  "agx4-fidelity: g17p trace steps = %u, matching = %u\n",
		  tr_total[TR_G17P].steps, tr_total[TR_G17P].matching);
}

static struct kunit_case agx4_fidelity_trace_cases[] = {
	KUNIT_CASE(agx4_fidelity_trace_g16_boot),
	KUNIT_CASE(agx4_fidelity_trace_g16_first_render_one_growth),
	KUNIT_CASE(agx4_fidelity_trace_g16_compute),
	KUNIT_CASE(agx4_fidelity_trace_g16_shutdown),
	KUNIT_CASE(agx4_fidelity_trace_g17p_boot),
	KUNIT_CASE(agx4_fidelity_trace_g17p_shutdown),
	{ }
};

static struct kunit_suite agx4_fidelity_trace_suite = {
	.name = "agx4_fidelity_trace",
	.suite_init = agx4_fidelity_trace_init,
	.suite_exit = agx4_fidelity_trace_exit,
	.test_cases = agx4_fidelity_trace_cases,
};

kunit_test_suite(agx4_fidelity_trace_suite);
