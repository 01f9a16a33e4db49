// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_g17p_submit": the G17P submission backend on a
 * booted device (firmware model), driven through its ops directly: what
 * prepare and publish write, when a job counts as done, transport bank
 * rotation, and what is refused.  Expected values are written here from
 * the specification and read back by raw offset from the firmware
 * addresses the channel message and the records name, never through the
 * driver's declarations.  Work doorbells are recorded and not passed on,
 * so only the test plays the firmware's side (indices, cursors, status
 * words).
 */

#include <kunit/test.h>
#include <kunit/test-bug.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/kthread.h>
#include <linux/list.h>
#include <linux/sched/debug.h>
#include <linux/sched/signal.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_engine.h"
#include "../agx4_fw.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_mem.h"
#include "../agx4_fw_obj.h"
#include "../agx4_fw_queue.h"
#include "../agx4_fwmodel.h"
#include "../agx4_g17p_sub.h"
#include "../agx4_gem.h"
#include "../agx4_job.h"
#include "../agx4_transport.h"
#include "../agx4_uat.h"
#include "../agx4_vm.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

/* Channel 8 (priority 2, compute): ring in the bundle, cursors in RAM. */
#define CH8_RING	(0xc5c0u + 2 * 0x6000 + 1 * 0x1800)
#define CH8_READ	(2 * 0x100u + 1 * 0x40)
#define CH8_DONE	(CH8_READ + 0x10)
#define CH8_PROD	(CH8_READ + 0x20)
/* Channels 6 (TA) and 7 (3D). */
#define CH6_RING	(0xc5c0u + 0 * 0x6000 + 1 * 0x1800)
#define CH6_READ	(0 * 0x100u + 1 * 0x40)
#define CH7_RING	(0xc5c0u + 1 * 0x6000 + 1 * 0x1800)
#define CH7_READ	(1 * 0x100u + 1 * 0x40)
/* The compute doorbell: 0x83 << 48 | priority 2 << 2 | engine 2. */
#define KICK_COMPUTE	0x008300000000000aull
/* The render doorbell: engine 0. */
#define KICK_RENDER	0x0083000000000008ull
/* The first owner's grid and UUID. */
#define GRID0		32
#define UUID0		(0x200 + GRID0)

/* Pool p's window in the client VM: 0x10_0040_0000 + p * 4 MiB (agx4's). */
#define WIN0		0x1000400000ull
#define WIN_STRIDE	0x400000ull

#define CDM_BASE	0x2000000000ull
#define CDM_END		0x2000000100ull
#define G17P_TEST_KSTART	0x3000000000ull

struct ctx {
	struct agx4_device *adev;
	const struct agx4_fw_submit_ops *ops;
	struct agx4_vm *vm;
	u8 *bundle;
	u8 *cursors;
	struct agx4_fw_transport_ops wrap;
	const struct agx4_fw_transport_ops *real;
	u64 kicks[64];
	unsigned int nkicks;
	/* Control doorbells (0x0084000000000011) rung through ring(). */
	unsigned int nctl;
	/* @nkicks when the last control doorbell rang. */
	unsigned int ctl_at;
	bool pass;
	/* Completion reports fw_complete() posted, by grid. */
	u32 reported[128];
	/* set_counts() moved an owner's counter to @jump: not reported. */
	bool jumped;
	u32 jump;
};

static struct ctx *the_ctx;

/* Record work doorbells and keep them from the model. */
static int wrap_ring(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	struct ctx *c = the_ctx;

	if (msg == 0x0084000000000011ull) {
		c->nctl++;
		c->ctl_at = c->nkicks;
	}
	if (msg >> 48 == 0x83) {
		if (c->nkicks < ARRAY_SIZE(c->kicks))
			c->kicks[c->nkicks++] = msg;
		if (!c->pass)
			return 0;
	}
	return c->real->ring(priv, inst, ep, msg);
}

static void put_vm(void *vm)
{
	agx4_vm_put(vm);
}

/* A VM with the suite's kernel range, put when the case ends. */
static struct agx4_vm *test_vm(struct kunit *test, struct agx4_device *adev)
{
	struct agx4_vm *vm;

	vm = agx4_vm_create(&adev->base, adev->uat_geom, AGX4_VM_START,
			    AGX4_VM_END, G17P_TEST_KSTART,
			    G17P_TEST_KSTART + AGX4_VM_KERNEL_MIN_SIZE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vm);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, put_vm, vm), 0);
	/* As VM_CREATE: the backend's windows are kept from user binds. */
	KUNIT_ASSERT_EQ(test, agx4_vm_reserve(vm, adev->gen->submit->vm_reserved,
					      adev->gen->submit->num_vm_reserved),
			0);
	return vm;
}

static void unwrap(void *arg)
{
	struct ctx *c = arg;

	c->adev->transport.ops = c->real;
	the_ctx = NULL;
}

static struct agx4_fw_obj *boot_obj(struct agx4_fw_boot *b, const char *name)
{
	unsigned int i;

	for (i = 0; i < b->num_objs; i++)
		if (!strcmp(b->objs[i].name, name))
			return b->objs[i].obj;
	return NULL;
}

static unsigned int heap_objects(struct agx4_device *adev)
{
	struct agx4_fw_obj_heap *h = &adev->mem->heap;
	struct agx4_fw_obj *o;
	unsigned int n = 0;

	mutex_lock(&h->lock);
	list_for_each_entry(o, &h->objects, link)
		n++;
	mutex_unlock(&h->lock);
	return n;
}

/* The CPU view of firmware address @va, in any object of the heap. */
static u8 *fw_ptr(struct kunit *test, u64 va)
{
	struct ctx *c = test->priv;
	struct agx4_fw_obj_heap *h = &c->adev->mem->heap;
	struct agx4_fw_obj *o;
	u8 *p = NULL;

	mutex_lock(&h->lock);
	list_for_each_entry(o, &h->objects, link)
		if (o->cpu && va >= o->va && va < o->va + o->size)
			p = (u8 *)o->cpu + (va - o->va);
	mutex_unlock(&h->lock);
	KUNIT_ASSERT_NOT_NULL_MSG(test, p, "%#llx is no object", va);
	return p;
}

static int init(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);
	struct agx4_fw_obj *bundle, *cluster;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_ASSERT_NOT_NULL(test, c);
	agx4_test_fake_gpu(test, AGX4_SOC_T8140);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	c->adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->adev);
	c->ops = c->adev->gen->submit;
	KUNIT_ASSERT_PTR_EQ(test, c->ops, &agx4_fw_g17p_submit);
	agx4_fwmodel_sync(agx4_test_model());
	bundle = boot_obj(c->adev->fw, "bundle");
	cluster = boot_obj(c->adev->fw, "status");
	KUNIT_ASSERT_TRUE(test, bundle && cluster);
	c->bundle = bundle->cpu;
	c->cursors = cluster->cpu;
	c->real = c->adev->transport.ops;
	c->wrap = *c->real;
	c->wrap.ring = wrap_ring;
	the_ctx = c;
	c->adev->transport.ops = &c->wrap;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, unwrap, c), 0);
	c->vm = test_vm(test, c->adev);
	test->priv = c;
	return 0;
}

static struct agx4_fw_queue *queue(struct kunit *test)
{
	struct ctx *c = test->priv;
	const struct agx4_fw_queue_args args = {
		.vm = c->vm, .priority = 1, .usc_exec_base = 1ull << 40,
	};
	struct agx4_fw_queue *fq = NULL;

	KUNIT_ASSERT_EQ(test, c->ops->queue_create(c->adev, &args, &fq), 0);
	KUNIT_ASSERT_NOT_NULL(test, fq);
	return fq;
}

/* A command buffer of @n compute commands, no barriers, no timestamps. */
static struct agx4_cmdbuf *computes(struct kunit *test, u32 n)
{
	return agx4_test_parsed_computes(test, n, CDM_BASE, CDM_END);
}

static struct agx4_fw_job *prepare(struct kunit *test,
				   struct agx4_fw_queue *fq,
				   const struct agx4_cmdbuf *cb)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *job = NULL;
	u32 got = 0;

	KUNIT_ASSERT_EQ(test, c->ops->job_prepare(fq, cb, &job, &got), 0);
	KUNIT_ASSERT_NOT_NULL(test, job);
	KUNIT_EXPECT_EQ(test, got, cb->count);
	return job;
}

/*
 * Publish a prepared job as the job unit does, its descriptor slots
 * reserved first as drm_sched's prepare_job would: no wait.
 */
static void publish_kick(struct ctx *c, struct agx4_fw_job *job)
{
	struct kunit *test = kunit_get_current_test();

	KUNIT_ASSERT_NULL(test, c->ops->job_reserve(job));
	agx4_test_publish_kick(c->adev, c->ops, job);
}

static u32 rd32(const void *base, u32 off)
{
	return get_unaligned_le32(base + off);
}

static u64 rd64(const void *base, u32 off)
{
	return get_unaligned_le64(base + off);
}

static u32 *cursor(struct ctx *c, u32 off)
{
	return (u32 *)(c->cursors + off);
}

/* The channel-8 message in slot @slot. */
static const u8 *msg(struct ctx *c, u32 slot)
{
	return c->bundle + CH8_RING + slot * 0x18;
}

/* The firmware consumed channel 8 up to its producer. */
static void consume(struct ctx *c)
{
	u32 p = READ_ONCE(*cursor(c, CH8_PROD));

	WRITE_ONCE(*cursor(c, CH8_READ), p);
	WRITE_ONCE(*cursor(c, CH8_DONE), p);
}

/*
 * The primary posts a completion report (kind 1) naming the grids of
 * @lo (0-63) and @hi (64-127), and the host drains it.
 */
static void post_report2(struct kunit *test, u64 lo, u64 hi)
{
	struct agx4_fwmodel *m = agx4_test_model();
	u8 rec[0x48] = {};

	put_unaligned_le32(1, rec);
	put_unaligned_le64(lo, rec + 4);
	put_unaligned_le64(hi, rec + 0xc);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_post_event(m, 0, rec, sizeof(rec)),
			0);
	agx4_fwmodel_sync(m);
}

/* A completion report naming the grids below 64 of @mask. */
static void post_report(struct kunit *test, u64 mask)
{
	post_report2(test, mask, 0);
}

/* A report naming grid @grid alone: a compute owner's terminal. */
static void post_grid(struct kunit *test, u32 grid)
{
	post_report2(test, grid < 64 ? BIT_ULL(grid) : 0,
		     grid < 64 ? 0 : BIT_ULL(grid - 64));
}

/*
 * The firmware completed what queue @q's pointer block holds, all but
 * the completion reports: done index up to the write index, and the
 * second status word of every slot of the owner (the status array named
 * by descriptor @desc +0xf7c).
 */
static void fw_complete_quiet(struct kunit *test, u64 q, u64 desc0)
{
	u8 *qr = fw_ptr(test, q);
	u8 *p = fw_ptr(test, rd64(qr, 0x00));
	u8 *st = fw_ptr(test, rd64(fw_ptr(test, desc0), 0xf7c));
	u32 s;

	put_unaligned_le32(rd32(p, 0x40), p + 0x00);
	for (s = 0; s < 256; s++)
		put_unaligned_le64(1, st + s * 0x40 + 8);
	consume(test->priv);
}

/*
 * As fw_complete_quiet(), and the primary reports each command completed
 * since the last call: one report naming the owner's grid (descriptor
 * @desc0 +0xf54) per command, up to the support's state word (+0xfb2,
 * then +0x4c), which holds the number of commands published since the
 * owner was made.  A state word below what was reported is an owner made
 * anew: counted from 0 again.
 */
static void fw_complete(struct kunit *test, u64 q, u64 desc0)
{
	struct ctx *c = test->priv;
	const u8 *d = fw_ptr(test, desc0);
	u32 grid = rd32(d, 0xf54);
	u32 n = rd32(fw_ptr(test, rd64(fw_ptr(test, rd64(d, 0xfb2)), 0x4c)),
		     0);

	fw_complete_quiet(test, q, desc0);
	KUNIT_ASSERT_LT(test, grid, ARRAY_SIZE(c->reported));
	if (c->jumped)
		c->reported[grid] = c->jump;
	c->jumped = false;
	if (n < c->reported[grid])
		c->reported[grid] = 0;
	for (; c->reported[grid] < n; c->reported[grid]++)
		post_grid(test, grid);
}

/*
 * Move @fq's counters; the next fw_complete() reports the owner's
 * commands from @commands on (the driver counts those skipped as
 * reported).
 */
static void set_counts(struct kunit *test, struct agx4_fw_queue *fq,
		       u32 commands, u32 renders)
{
	struct ctx *c = test->priv;

	agx4_fw_g17p_queue_set_counts(fq, commands, renders);
	c->jumped = true;
	c->jump = commands;
}

/*
 * Prepare writes nothing the firmware sees; publish writes the owner's
 * objects as the independent compute profile has them, the item ring, the
 * event item, the channel message, the write index and the producer, and
 * rings the compute doorbell once.
 */
static void agx4_g17p_submit_compute_publishes_per_spec(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	u64 q, p, r, d, o, e, ctl, jl, sup, state, sched, ctxa, dlow;
	struct agx4_fw_job *job;
	const u8 *m, *rec;
	phys_addr_t pa_hi = 0, pa_lo = 0;
	int asid = c->vm->uat.asid;

	KUNIT_EXPECT_GT(test, asid, 1);
	job = prepare(test, fq, computes(test, 1));
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 0);
	KUNIT_EXPECT_EQ(test, rd64(msg(c, 0), 0x08), 0);
	publish_kick(c, job);

	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 1);
	KUNIT_ASSERT_EQ(test, c->nkicks, 1);
	KUNIT_EXPECT_EQ(test, c->kicks[0], KICK_COMPUTE);
	/* Message: queue record, kind 2, head 3 | grid << 16 | first << 24. */
	m = msg(c, 0);
	KUNIT_EXPECT_EQ(test, rd64(m, 0x00), 0);
	q = rd64(m, 0x08);
	KUNIT_EXPECT_EQ(test, rd32(m, 0x10), 2);
	KUNIT_EXPECT_EQ(test, rd32(m, 0x14), 3 | GRID0 << 16 | 1 << 24);

	/* Queue record: priority-2 profile, UUID 0x200 + grid. */
	rec = fw_ptr(test, q);
	p = rd64(rec, 0x00);
	r = rd64(rec, 0x08);
	jl = rd64(rec, 0x10);
	ctl = rd64(rec, 0x9c);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x24), 0xffffffff);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x28), 2);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x2c), 2);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x40), 2);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x44), 0xffffffff);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x48), UUID0);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, jl), 0x08), jl);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, ctl), 0x00),
			0x000001000000ffffull);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, ctl), 0x20),
			0x0002000000000000ull);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, ctl), 0x30), 0xff000000ull);
	/* Pointer block: write index 3, +0x50 0xffffffff, +0x60 0x500. */
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, p), 0x40), 3);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, p), 0x50), 0xffffffff);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, p), 0x60), 0x500);
	/* Items: descriptor, optional record, event item. */
	d = rd64(fw_ptr(test, r), 0x00);
	o = rd64(fw_ptr(test, r), 0x08);
	e = rd64(fw_ptr(test, r), 0x10);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, e), 0x00), 0x0e);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, e), 0x04), 0x10000 | GRID0);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, e), 0x08), 1 << 8 | 2);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, e), 0x10), 0x200);
	/* Optional record, compute form. */
	rec = fw_ptr(test, o);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 0x0f);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x18), GRID0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x1a), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x1e), 2);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x22), 2);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x32), asid);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x3e), 0x29);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x4a), ctl);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x56), 2);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x5a), UUID0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x5e), 2);
	KUNIT_EXPECT_EQ(test, rec[0x76], 0xff);
	KUNIT_EXPECT_EQ(test, rec[0x85], 0xff);
	sup = rd64(rec, 0x36);
	ctxa = rd64(rec, 0x10);
	/* The context area's low alias is the same memory. */
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->adev->fw->dev_uat,
						 rd64(rec, 0x08), &pa_lo, NULL),
			0);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->adev->mem->fw_uat, ctxa,
						 &pa_hi, NULL), 0);
	KUNIT_EXPECT_EQ(test, pa_lo, pa_hi);
	/* Support: header = ASID, class 0x15, cursor 0xa8, state n + 1. */
	rec = fw_ptr(test, sup);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x00), asid);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x08), 1);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x10), 2);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x18), 0x0004000000000070ull);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x20), 0x150000000000ull);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x28), 0x150000000000ull);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x48), 0xa8);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x5c), 1);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x60), 2);
	state = rd64(rec, 0x4c);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, state), 0), 1);
	/* Descriptor: type 3, context, grid, scheduler record. */
	rec = fw_ptr(test, d);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 3);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x0c), asid);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0xf54), GRID0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0xf60), 1);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0xfb2), sup);
	sched = rd64(rec, 0x10);
	dlow = rd64(rec, 0x740) - 0x40;
	/* Scheduler record: slot word (1), work 0, phase 0, 0x50. */
	rec = fw_ptr(test, sched);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x00)), 0), 1);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x08), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x0c), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x10), 0x50);
	/* Context record (n + 1 = slot 1): grid form, one point (32, 0). */
	rec = fw_ptr(test, ctxa + 0x200);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x000),
			1ull << 60 | (u64)GRID0 * 4 << 40 | 4);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x010), d);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x018), q);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x020),
			0xffff080000000001ull | (u64)GRID0 << 32);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x028), (u64)GRID0 << 40);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x030), 0);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x138), 8);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x150),
			0x0001100000000000ull | (dlow + 0x40) >> 5);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x158),
			0x0000200000000000ull | (dlow + 0x760) >> 5);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x178), 0x003fffffffffffffull);

	fw_complete(test, q, d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The second command: two items (no optional record), write index 5,
 * not "first", event counter 2 << 8 | 2, context slot 2 waiting for the
 * first command (point (grid, 1)), support state 2.
 */
static void agx4_g17p_submit_second_command_follows(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j1, *j2;
	u64 q, r, d1, d2, e, ctxa;
	const u8 *rec;

	j1 = prepare(test, fq, computes(test, 1));
	j2 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j1);
	publish_kick(c, j2);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 2);
	KUNIT_EXPECT_EQ(test, c->nkicks, 2);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 1), 0x14), 5 | GRID0 << 16);
	q = rd64(msg(c, 1), 0x08);
	KUNIT_EXPECT_EQ(test, q, rd64(msg(c, 0), 0x08));
	rec = fw_ptr(test, q);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0)), 0x40), 5);
	r = rd64(rec, 0x08);
	d1 = rd64(fw_ptr(test, r), 0x00);
	d2 = rd64(fw_ptr(test, r), 0x18);
	e = rd64(fw_ptr(test, r), 0x20);
	KUNIT_EXPECT_EQ(test, d2 - d1, 0x1040);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, e), 0x08), 2 << 8 | 2);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d2), 0xf60), 2);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d2), 0xf70), 1);
	ctxa = rd64(fw_ptr(test, rd64(fw_ptr(test, r), 0x08)), 0x10);
	rec = fw_ptr(test, ctxa + 2 * 0x200);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x000),
			1ull << 60 | (u64)GRID0 * 4 << 40 | 8);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x010), d2);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x028), (u64)GRID0 << 40 | 1);
	/* The support's state word counts the commands. */
	rec = fw_ptr(test, rd64(fw_ptr(test, d2), 0xfb2));
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x4c)), 0), 2);
	fw_complete(test, q, d1);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j2), 0);
	c->ops->job_free(j1, true);
	c->ops->job_free(j2, true);
	c->ops->queue_destroy(fq, true);
}

/* Whether descriptors @a and @b name the same per-command records. */
static bool same_records(struct kunit *test, u64 a, u64 b)
{
	/* Scheduler record, dispatch pair, status pair, zero page. */
	static const u32 at[] = { 0x10, 0xf40, 0xf48, 0xf7c, 0xf84, 0xfcb };
	const u8 *da = fw_ptr(test, a), *db = fw_ptr(test, b);
	unsigned int i, same = 0;

	for (i = 0; i < ARRAY_SIZE(at); i++)
		same += rd64(da, at[i]) == rd64(db, at[i]);
	KUNIT_EXPECT_TRUE_MSG(test, !same || same == ARRAY_SIZE(at),
			      "%u of %zu records shared", same, ARRAY_SIZE(at));
	return same == ARRAY_SIZE(at);
}

/*
 * A compute command's per-command records follow its ordinal (G17P-15):
 * commands in flight together name distinct ones, and a command prepared
 * after an earlier one was freed takes its own ordinal's slot and
 * records, not the freed command's.
 */
static void agx4_g17p_submit_records_follow_the_ordinal(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j1, *j2, *j3;
	u64 q, r, d1, d2, d3;
	const u8 *ring;

	j1 = prepare(test, fq, computes(test, 1));
	j2 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j1);
	publish_kick(c, j2);
	q = rd64(msg(c, 0), 0x08);
	r = rd64(fw_ptr(test, q), 0x08);
	ring = fw_ptr(test, r);
	/* d1, the optional record, e1, d2, e2. */
	d1 = rd64(ring, 0x00);
	d2 = rd64(ring, 0x18);
	KUNIT_EXPECT_NE(test, d1, d2);
	KUNIT_EXPECT_FALSE(test, same_records(test, d1, d2));
	KUNIT_EXPECT_NE(test, rd64(ring, 0x10), rd64(ring, 0x20));
	fw_complete(test, q, d1);
	c->ops->job_free(j1, true);

	j3 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j3);
	/* d3, e3 after them: slot and records 2. */
	d3 = rd64(ring, 0x28);
	KUNIT_EXPECT_EQ(test, d3, d1 + 2 * 0x1040);
	KUNIT_EXPECT_FALSE(test, same_records(test, d3, d1));
	KUNIT_EXPECT_FALSE(test, same_records(test, d3, d2));
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, d3), 0xf7c),
			rd64(fw_ptr(test, d1), 0xf7c) + 2 * 0x40);
	KUNIT_EXPECT_NE(test, rd64(ring, 0x30), rd64(ring, 0x10));
	fw_complete(test, q, d1);
	c->ops->job_free(j2, true);
	c->ops->job_free(j3, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Done needs all three: the done index at the command's write index,
 * both channel consumers past its message, its second status word.  Each
 * is left out alone while the firmware's indices and cursors only move
 * forward (the first command: a consumer, then the status word; the
 * second: the done index one item short), and none of that is taken as
 * a lost firmware.
 */
static void agx4_g17p_submit_done_needs_every_signal(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job = prepare(test, fq, computes(test, 1));
	struct agx4_fw_job *next = prepare(test, fq, computes(test, 1));
	int stamps = atomic_read(&c->adev->fw->bad_stamps);
	u8 *p, *st;
	u64 q, d;

	publish_kick(c, job);
	q = rd64(msg(c, 0), 0x08);
	d = rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)), 0);
	p = fw_ptr(test, rd64(fw_ptr(test, q), 0x00));
	st = fw_ptr(test, rd64(fw_ptr(test, d), 0xf84));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	put_unaligned_le32(3, p);
	put_unaligned_le64(1, st);
	WRITE_ONCE(*cursor(c, CH8_READ), 1);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	WRITE_ONCE(*cursor(c, CH8_DONE), 1);
	put_unaligned_le64(0, st);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	put_unaligned_le64(1, st);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	post_grid(test, GRID0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);

	/* The next command: descriptor and event item, to index 5. */
	publish_kick(c, next);
	d = rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)), 3 * 8);
	st = fw_ptr(test, rd64(fw_ptr(test, d), 0xf84));
	put_unaligned_le64(1, st);
	WRITE_ONCE(*cursor(c, CH8_READ), 2);
	WRITE_ONCE(*cursor(c, CH8_DONE), 2);
	put_unaligned_le32(4, p);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, next), -EINPROGRESS);
	put_unaligned_le32(5, p);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, next), -EINPROGRESS);
	post_grid(test, GRID0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, next), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->adev->fw->bad_stamps), stamps);
	c->ops->job_free(job, true);
	c->ops->job_free(next, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Command 128 opens a fresh transport bank: it waits (unpublished) until
 * the owner is idle, then goes out through poll() on the new bank at
 * write index 0 with the record's done mirror reset.
 */
static void agx4_g17p_submit_rotates_bank_when_idle(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *a, *b, *j;
	u64 q, p0, d0;
	u8 *rec, *p1;

	a = prepare(test, fq, computes(test, 64));
	b = prepare(test, fq, computes(test, 64));
	j = prepare(test, fq, computes(test, 1));
	publish_kick(c, a);
	publish_kick(c, b);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 128);
	q = rd64(msg(c, 0), 0x08);
	rec = fw_ptr(test, q);
	p0 = rd64(rec, 0x00);
	d0 = rd64(fw_ptr(test, rd64(rec, 0x08)), 0);
	/* 1 + 128 * 2 items in the first bank. */
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, p0), 0x40), 257);
	publish_kick(c, j);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 128);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j), -EINPROGRESS);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 128);
	put_unaligned_le32(257, rec + 0x1c);
	fw_complete(test, q, d0);
	agx4_test_poll_kick(c->adev);
	KUNIT_ASSERT_EQ(test, *cursor(c, CH8_PROD), 129);
	KUNIT_EXPECT_NE(test, rd64(rec, 0x00), p0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x1c), 0);
	p1 = fw_ptr(test, rd64(rec, 0x00));
	KUNIT_EXPECT_EQ(test, rd32(p1, 0x40), 2);
	KUNIT_EXPECT_EQ(test, rd32(p1, 0x50), 0xffffffff);
	KUNIT_EXPECT_EQ(test, rd32(p1, 0x60), 0x500);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 128), 0x14), 2 | GRID0 << 16);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, rd64(rec, 0x08)), 0),
			d0 + 128 * 0x1040);
	fw_complete(test, q, d0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, a), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j), 0);
	c->ops->job_free(a, true);
	c->ops->job_free(b, true);
	c->ops->job_free(j, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A compute command behind render work of its queue waits on the CPU;
 * one behind compute work takes the owner's point and goes out at once.
 */
static void agx4_g17p_submit_compute_barrier_on_compute_is_a_point(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_cmdbuf *cb = computes(test, 2);
	struct agx4_fw_job *job;

	cb->cmds[1].wait_cdm = 1;
	job = prepare(test, fq, cb);
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 2);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/* A render command of 800 x 600, one layer, its VDM stream in the window. */
static void set_render(struct agx4_cmd_desc *d)
{
	struct drm_asahi_cmd_render *r = &d->render.cmd;

	d->is_compute = false;
	d->wait_vdm = AGX4_WAIT_NONE;
	d->wait_cdm = AGX4_WAIT_NONE;
	r->vdm_ctrl_stream_base = 0x1005000000ull;
	r->width_px = 800;
	r->height_px = 600;
	r->layers = 1;
	r->utile_width_px = 32;
	r->utile_height_px = 32;
	r->samples = 1;
	r->sample_size_B = 8;
}

/* What prepare refuses, and that a refusal gives every ordinal back. */
static void agx4_g17p_submit_refusals_give_back(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_cmdbuf *bad = computes(test, 2), *empty = computes(test, 0);
	struct agx4_cmdbuf *render = computes(test, 1);
	struct agx4_fw_job *job = NULL;
	u32 credits = 0;
	const u8 *ring;

	bad->cmds[1].compute.cmd.cdm_ctrl_stream_end = CDM_BASE;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, bad, &job, &credits),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, empty, &job, &credits),
			-EINVAL);
	/* A render the firmware cannot take (no size). */
	render->cmds[0].is_compute = false;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, render, &job, &credits),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, job);
	/*
	 * One agx4 does not take: 16384 x 16384 in 32 x 32 utiles needs
	 * 1.25 MiB of tilemap (128 x 128 macrotiles, 5/4 unit of 64 bytes
	 * each), and 8 tilemaps and the TPC must fit the pool's 2 MiB.
	 */
	set_render(&render->cmds[0]);
	render->cmds[0].render.cmd.width_px = 16384;
	render->cmds[0].render.cmd.height_px = 16384;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, render, &job, &credits),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, job);
	/*
	 * More commands than a queue's 128 credits, whatever the parser let
	 * by: the count is refused before any command is looked at.
	 */
	bad = computes(test, 2);
	bad->count = 129;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, bad, &job, &credits),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, job);
	/* The next command is still the owner's first. */
	job = prepare(test, fq, computes(test, 1));
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 0), 0x14), 3 | GRID0 << 16 | 1 << 24);
	/* A prepared job dropped before it ran gives its ordinal back. */
	c->ops->job_free(prepare(test, fq, computes(test, 1)), true);
	job = prepare(test, fq, computes(test, 1));
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 1), 0x14), 5 | GRID0 << 16);
	/* Its event item counts it as the owner's second command. */
	ring = fw_ptr(test, rd64(fw_ptr(test, rd64(msg(c, 1), 0x08)), 0x08));
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(ring, 4 * 8)), 0x08),
			2 << 8 | 2);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Queues take owners until the grids run out (-ENOSPC, nothing kept);
 * destroying a queue frees everything its creation allocated.
 */
static void agx4_g17p_submit_queue_create_and_destroy_balance(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	const struct agx4_fw_queue_args args = {
		.vm = c->vm, .usc_exec_base = 1ull << 40,
	};
	struct agx4_fw_queue *fq = queue(test), *none = NULL;
	unsigned int before;
	int i;

	c->ops->queue_destroy(fq, true);
	before = heap_objects(c->adev);
	fq = queue(test);
	KUNIT_EXPECT_GT(test, heap_objects(c->adev), before);
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), before);
	for (i = 0; i < AGX4_G17P_MAX_OWNERS; i++)
		set_bit(i, sub->owners);
	KUNIT_EXPECT_EQ(test, c->ops->queue_create(c->adev, &args, &none),
			-ENOSPC);
	KUNIT_EXPECT_NULL(test, none);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), before);
	bitmap_zero(sub->owners, AGX4_G17P_MAX_OWNERS);
}

/*
 * A compute owner's save areas lie in its own part of a window the VM's
 * state pins: mapping them takes no page table of the VM (none may be
 * allocated, and the owner of the last index still maps), and a
 * destroyed owner's part is left unmapped, its page tables kept.
 */
static void agx4_g17p_submit_owner_save_areas_take_no_page_table(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_uat *uat = &c->vm->uat;
	struct agx4_fw_queue *fq = queue(test);
	unsigned long tables;
	phys_addr_t pa;
	u64 priv;

	priv = to_g17p_queue(fq)->owner->priv_gpu;
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(uat, priv, &pa, NULL), 0);
	/* agx4's layout: 0xc000 x 4 save areas, then 16 KiB of robustness. */
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(uat, priv + 0x34000 - 1,
						 &pa, NULL), 0);
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(uat, priv, &pa, NULL), 0);

	tables = uat->tables;
	uat->max_tables = tables;
	bitmap_set(sub->owners, 0, AGX4_G17P_MAX_OWNERS - 1);
	fq = queue(test);
	priv = to_g17p_queue(fq)->owner->priv_gpu;
	/* agx4's layout: 256 KiB per owner from 32 MiB into the carve-out. */
	KUNIT_EXPECT_EQ(test, priv, c->vm->kernel_start + 0x2000000 +
			95 * 0x40000);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(uat, priv, &pa, NULL), 0);
	KUNIT_EXPECT_EQ(test, uat->tables, tables);
	uat->max_tables = 0;
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(uat, priv, &pa, NULL), 0);
	KUNIT_EXPECT_EQ(test, uat->tables, tables);
	bitmap_zero(sub->owners, AGX4_G17P_MAX_OWNERS);
}

/*
 * A full channel 8 (255 messages outstanding) holds the rest of a job;
 * a later job of the same queue waits behind it even once there is room;
 * poll() sends both, in order.
 */
static void agx4_g17p_submit_full_channel_defers_in_order(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *a = queue(test), *b = queue(test);
	struct agx4_fw_queue *d = queue(test);
	struct agx4_fw_job *b1, *d1, *a1, *a2;
	u64 qa;

	/* 127 commands each: no bank switch (every 128) gets in the way. */
	b1 = prepare(test, b, computes(test, 127));
	d1 = prepare(test, d, computes(test, 127));
	a1 = prepare(test, a, computes(test, 2));
	a2 = prepare(test, a, computes(test, 1));
	publish_kick(c, b1);
	publish_kick(c, d1);
	publish_kick(c, a1);
	/* 255 outstanding: A's second command waits. */
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 255);
	qa = rd64(msg(c, 254), 0x08);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 254), 0x14) & 0xffff, 3);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, a1), -EINPROGRESS);
	/* The firmware took one message: room, but a2 is behind a1. */
	WRITE_ONCE(*cursor(c, CH8_READ), 1);
	WRITE_ONCE(*cursor(c, CH8_DONE), 1);
	publish_kick(c, a2);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 255);
	consume(c);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 1);
	KUNIT_EXPECT_EQ(test, rd64(msg(c, 255), 0x08), qa);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 255), 0x14) & 0xffff, 5);
	KUNIT_EXPECT_EQ(test, rd64(msg(c, 0), 0x08), qa);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 0), 0x14) & 0xffff, 7);
	/* One doorbell per publication pass that sent something. */
	KUNIT_EXPECT_EQ(test, c->nkicks, 4);
	c->ops->job_free(a1, true);
	c->ops->job_free(a2, true);
	c->ops->job_free(b1, true);
	c->ops->job_free(d1, true);
	c->ops->queue_destroy(a, true);
	c->ops->queue_destroy(b, true);
	c->ops->queue_destroy(d, true);
}

/*
 * A queue whose creation fails on the way (no page-table room in a new VM
 * for its operand namespace) keeps nothing: heap objects are given back
 * and the VM gets no state.  (Its owner's save areas take no page table:
 * agx4_g17p_submit_owner_save_areas_take_no_page_table.)
 */
static void agx4_g17p_submit_failed_create_keeps_nothing(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *none = NULL;
	struct agx4_vm *vm2;
	unsigned int before;

	/* The first VM's state stays from its first queue on. */
	c->ops->queue_destroy(queue(test), true);
	before = heap_objects(c->adev);

	/* A VM whose namespace cannot be mapped gets no state. */
	vm2 = agx4_vm_create(&c->adev->base, c->adev->uat_geom, AGX4_VM_START,
			     AGX4_VM_END, G17P_TEST_KSTART,
			     G17P_TEST_KSTART + AGX4_VM_KERNEL_MIN_SIZE);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vm2);
	/* As VM_CREATE: the backend's windows are kept from user binds. */
	KUNIT_ASSERT_EQ(test, agx4_vm_reserve(vm2, c->adev->gen->submit->vm_reserved,
					      c->adev->gen->submit->num_vm_reserved),
			0);
	vm2->uat.max_tables = vm2->uat.tables + 1;
	none = NULL;
	KUNIT_EXPECT_EQ(test, c->ops->queue_create(c->adev, &(struct agx4_fw_queue_args){
				.vm = vm2, .usc_exec_base = 1ull << 40 }, &none),
			-ENOMEM);
	KUNIT_EXPECT_NULL(test, none);
	KUNIT_EXPECT_NULL(test, vm2->fw);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), before);
	agx4_vm_put(vm2);
}

static struct agx4_cmdbuf *renders(struct kunit *test, u32 n)
{
	struct agx4_cmdbuf *cb = computes(test, n);
	u32 i;

	for (i = 0; i < n; i++)
		set_render(&cb->cmds[i]);
	cb->computes = 0;
	cb->renders = n;
	return cb;
}

static u32 *cur(struct ctx *c, u32 read, u32 word)
{
	return cursor(c, read + word * 0x10);
}

/* A report naming grids @grid and @grid + 1: a render pool's terminal. */
static void post_terminal(struct kunit *test, u32 grid)
{
	post_report(test, 3ull << grid);
}

/*
 * The firmware completed render queue @q's TA and 3D work so far, all but
 * the completion report.
 */
static void render_complete_quiet(struct kunit *test, u64 qta, u64 q3d)
{
	struct ctx *c = test->priv;
	u64 q[2] = { qta, q3d };
	unsigned int st, i;

	for (st = 0; st < 2; st++) {
		u8 *rec = fw_ptr(test, q[st]);
		u8 *p = fw_ptr(test, rd64(rec, 0x00));
		u8 *ring = fw_ptr(test, rd64(rec, 0x08));
		u32 w = rd32(p, 0x40), r = st ? CH7_READ : CH6_READ;

		/* Done and read indices. */
		put_unaligned_le32(w, p);
		put_unaligned_le32(w, p + 0x30);
		/* Every descriptor in the ring: status record and stamps. */
		for (i = 0; i < w; i += 3) {
			u8 *d = fw_ptr(test, rd64(ring, i * 8));

			put_unaligned_le64(1, fw_ptr(test, rd64(d, st ? 0x21df :
								0x945)));
			if (st)
				put_unaligned_le64(1, fw_ptr(test,
							     rd64(d, 0x21a0)));
		}
		WRITE_ONCE(*cur(c, r, 0), *cur(c, r, 2));
		WRITE_ONCE(*cur(c, r, 1), *cur(c, r, 2));
	}
}

/*
 * The firmware completed render queue @q's TA and 3D work so far, and
 * reported it: one report naming the pool's grids, the TA grid one below
 * the 3D grid its first event item carries (+4, 0x10000 | grid).
 */
static void render_complete(struct kunit *test, u64 qta, u64 q3d)
{
	u32 grid = rd32(fw_ptr(test, rd64(fw_ptr(test, rd64(fw_ptr(test, q3d),
							     0x08)), 16)), 4);

	render_complete_quiet(test, qta, q3d);
	post_terminal(test, (grid & 0xff) - 1);
}

/*
 * A first render: pool 0 (grids 0 and 1), the TA and 3D messages,
 * queue records, items, event items, the pool's A/B records, shared
 * object and leaves, both context records with their points, the optional
 * records, the support's count, the window aliases, one render doorbell.
 */
static void agx4_g17p_submit_render_publishes_per_spec(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job = prepare(test, fq, renders(test, 1));
	u64 qta, q3d, ta, fr, ota, o3d, sup, pa, pb, sh, ctxa;
	const u8 *rec, *m;
	phys_addr_t p1 = 0, p2 = 0;
	int asid = c->vm->uat.asid;
	u32 id0;

	KUNIT_EXPECT_EQ(test, *cursor(c, CH6_READ + 0x20), 0);
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH6_READ + 0x20), 1);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH7_READ + 0x20), 1);
	KUNIT_ASSERT_EQ(test, c->nkicks, 1);
	KUNIT_EXPECT_EQ(test, c->kicks[0], KICK_RENDER);
	m = c->bundle + CH6_RING;
	qta = rd64(m, 0x08);
	KUNIT_EXPECT_EQ(test, rd32(m, 0x10), 0);
	KUNIT_EXPECT_EQ(test, rd32(m, 0x14), 3 | 0 << 16 | 1 << 24);
	m = c->bundle + CH7_RING;
	q3d = rd64(m, 0x08);
	KUNIT_EXPECT_EQ(test, rd32(m, 0x10), 1);
	KUNIT_EXPECT_EQ(test, rd32(m, 0x14), 3 | 1 << 16 | 1 << 24);
	/* Queue records: UUID 0x15, one channel control, one job list. */
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, qta), 0x48), 0x15);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, q3d), 0x48), 0x15);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, qta), 0x9c),
			rd64(fw_ptr(test, q3d), 0x9c));
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, qta), 0x10),
			rd64(fw_ptr(test, q3d), 0x10));
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(fw_ptr(test, qta), 0)),
				   0x40), 3);
	/* Items: descriptor, optional record, event item, per stage. */
	rec = fw_ptr(test, rd64(fw_ptr(test, qta), 0x08));
	ta = rd64(rec, 0);
	ota = rd64(rec, 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 16)), 0), 0x0e);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 16)), 4), 0x10000);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 16)), 8), 1 << 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 16)), 0x10), 0);
	rec = fw_ptr(test, rd64(fw_ptr(test, q3d), 0x08));
	fr = rd64(rec, 0);
	o3d = rd64(rec, 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 16)), 4), 0x10001);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 16)), 8), 1 << 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 16)), 0x10), 0x100);
	/* Descriptors: type, context, pool, node, the pool's records. */
	rec = fw_ptr(test, ta);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x0c), asid);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x18), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x48), 0);
	pa = rd64(rec, 0x10);
	sh = rd64(rec, 0x20);
	pb = rd64(rec, 0x28);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, fr), 0x20), pa);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, fr), 0x28), sh);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, fr), 0x30), pb);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, fr), 0x38), rd64(rec, 0x30));
	sup = rd64(rec, 0x934);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, fr), 0x21ce), sup);
	/* Pool A: pre-record names the slots leaf, record 0 slot + 4. */
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, pa), 0x00),
			rd64(fw_ptr(test, pa - 0x100), 0x00) + 4);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, pa), 0x08), 0);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, pa), 0x10), 0x50);
	/* The TA's phase (2) in the pool-A slots leaf, record 0. */
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(fw_ptr(test, pa), 0)), 0),
			2);
	/* Pool B: record 0 and its pre-record. */
	rec = fw_ptr(test, pb);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 0x80004);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x04), 0x10);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x08),
			rd64(fw_ptr(test, pb - 0x80), 0x08) + 4);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x28), 0x178020);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x4c), 1);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, pb - 0x80), 0x00), 0x80000);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, pb - 0x80), 0x28), 0x178000);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, pb + 35 * 0x80), 0x28),
			0x178000);
	/* Shared pool object: 8 groups of 4 pages of 0x20000 blocks. */
	rec = fw_ptr(test, sh);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x0c), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x30), 0x10000);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x34), 32);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x38), 0xc18);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x3c), 8);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x54), 31);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x58), 0x20000);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x7c), 0x3060);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x80), 0x1020);
	id0 = rd32(fw_ptr(test, rd64(rec, 0x20)), 0);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x20)), 4), id0 + 1);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x20)), 16), id0 + 5);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, rd64(rec, 0x44)), 8), id0 + 5);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x4c)), 0), 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x4c)), 4), 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x4c)), 0x60), 1);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x64)), 0), 1);
	/* The block of id0 is in the VM: the primary index's low alias too. */
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->vm->uat,
						 0x1000000000ull + id0 * 0x8000ull,
						 &p1, NULL), 0);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->vm->uat, rd64(rec, 0x28),
						 &p1, NULL), 0);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->adev->mem->fw_uat,
						 rd64(rec, 0x20), &p2, NULL), 0);
	KUNIT_EXPECT_EQ(test, p1, p2);
	/* Support: render class-4 state; its count 2k + 2 after the TA. */
	rec = fw_ptr(test, sup);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x00), 6);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x08), asid);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x20), 0x160000000000ull);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x48), 0xb0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x60), 3);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(rec, 0x4c)), 0), 2);
	/* Optional records: TA form, 3D form. */
	rec = fw_ptr(test, ota);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 0x0f);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x18), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x1a), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x22), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x26), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x5a), 0x15);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x36), sup);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x6e), sh);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x82), 1);
	ctxa = rd64(rec, 0x10);
	rec = fw_ptr(test, o3d);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x18), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le16(rec + 0x22), 1);
	KUNIT_EXPECT_EQ(test, rec[0x76], 0xff);
	/* TA context record (slot 1): own grid 0, the previous TA (0). */
	rec = fw_ptr(test, ctxa + 0x200);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x000), 1ull << 60 | 4);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x010), ta);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x018), qta);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x020), 0xffff0c0000000001ull);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x028), 0);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x150), 0x238ull << 40 |
			rd64(fw_ptr(test, ta), 0x760) >> 5);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x178), 0x003fffffffffffffull);
	/* 3D context record: grid 1; its TA (0, 1) and its previous 3D. */
	rec = fw_ptr(test, rd64(fw_ptr(test, o3d), 0x10) + 0x200);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x000), 1ull << 60 | 4ull << 40 | 4);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x010), fr);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x018), q3d);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x020), 0xffff180000000003ull);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x028), 1);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x030), 1ull << 40);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x150), 0x2b0ull << 40 |
			rd64(fw_ptr(test, fr), 0x7a0) >> 5);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x158), (asid < 3 ? 0x10ull : 0x80ull)
			<< 40 | rd64(fw_ptr(test, fr), 0xec0) >> 5);

	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A render is done only with both stages' indices, consumers and status
 * records, and the completion word (the 3D's end timestamp).
 */
static void agx4_g17p_submit_render_done_needs_every_signal(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job = prepare(test, fq, renders(test, 1));
	int stamps = atomic_read(&c->adev->fw->bad_stamps);
	u64 qta, q3d, fr;
	u8 *word;

	publish_kick(c, job);
	qta = rd64(c->bundle + CH6_RING, 0x08);
	q3d = rd64(c->bundle + CH7_RING, 0x08);
	fr = rd64(fw_ptr(test, rd64(fw_ptr(test, q3d), 0x08)), 0);
	render_complete(test, qta, q3d);
	/* The TA's done index one item short (before any look: forward). */
	word = fw_ptr(test, rd64(fw_ptr(test, qta), 0x00));
	put_unaligned_le32(2, word);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	put_unaligned_le32(3, word);
	word = fw_ptr(test, rd64(fw_ptr(test, fr), 0x21a0));
	put_unaligned_le64(0, word);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	put_unaligned_le64(1, word);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->adev->fw->bad_stamps), stamps);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/* A render pool's rings hold 0x500 items (spec); a render takes 3. */
#define POOL_RING_ITEMS		0x500

/*
 * Once a render pool's rings are nearly full, the next render waits for
 * the pool to go idle and opens fresh banks.  A render of the bank left
 * behind that nobody looked at since is done by what was seen then (the
 * pool idle): its old bank's done index, far past anything the new bank
 * published, is neither read again nor taken as a lost firmware.
 */
static void agx4_g17p_submit_pool_bank_switch_keeps_older_renders_done(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	int stamps = atomic_read(&c->adev->fw->bad_stamps);
	unsigned int n = POOL_RING_ITEMS / 3 / 8 + 2, i, at = n;
	struct agx4_fw_job **jobs;
	u64 qta = 0, q3d = 0, p0 = 0;

	jobs = kunit_kcalloc(test, n, sizeof(*jobs), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, jobs);
	for (i = 0; i < n && at == n; i++) {
		jobs[i] = prepare(test, fq, renders(test, 8));
		publish_kick(c, jobs[i]);
		if (!i) {
			qta = rd64(c->bundle + CH6_RING, 0x08);
			q3d = rd64(c->bundle + CH7_RING, 0x08);
			p0 = rd64(fw_ptr(test, qta), 0x00);
		}
		render_complete(test, qta, q3d);
		agx4_test_poll_kick(c->adev);
		/* The firmware takes the renders' control ticks. */
		agx4_fwmodel_sync(agx4_test_model());
		render_complete(test, qta, q3d);
		if (rd64(fw_ptr(test, qta), 0x00) != p0)
			at = i;
	}
	/* The switch came within the job that filled the first bank. */
	KUNIT_ASSERT_LT(test, at, n);
	KUNIT_EXPECT_EQ(test, at, POOL_RING_ITEMS / 3 / 8);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, jobs[at]), 0);
	for (i = 0; i < at; i++)
		KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, jobs[i]), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->adev->fw->bad_stamps), stamps);
	for (i = 0; i <= at; i++)
		c->ops->job_free(jobs[i], true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A second render follows (item 2, not first, context slot 2); a vertex
 * barrier on the previous SUBMIT's render waits for its 3D (grid 1,
 * value 1) in the TA's context, ahead of the TA grid's own point (the
 * reference's order, G17P-13); a compute command behind a render of its
 * SUBMIT stays unpublished until that render is done.
 */
static void agx4_g17p_submit_render_barriers(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_cmdbuf *mixed = renders(test, 2);
	struct agx4_fw_job *j1, *j2;
	u64 qta, q3d, o;
	const u8 *rec;

	mixed->cmds[0].wait_vdm = 0;
	mixed->cmds[1].is_compute = true;
	mixed->cmds[1].wait_vdm = 1;
	mixed->cmds[1].compute.cmd = (struct drm_asahi_cmd_compute){
		.cdm_ctrl_stream_base = CDM_BASE,
		.cdm_ctrl_stream_end = CDM_END,
	};
	j1 = prepare(test, fq, renders(test, 1));
	j2 = prepare(test, fq, mixed);
	publish_kick(c, j1);
	publish_kick(c, j2);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH6_READ + 0x20), 2);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 0);
	qta = rd64(c->bundle + CH6_RING, 0x08);
	q3d = rd64(c->bundle + CH7_RING, 0x08);
	KUNIT_EXPECT_EQ(test, rd32(c->bundle + CH6_RING + 0x18, 0x14), 6);
	o = rd64(fw_ptr(test, rd64(fw_ptr(test, qta), 0x08)), 4 * 8);
	rec = fw_ptr(test, rd64(fw_ptr(test, o), 0x10) + 2 * 0x200);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x000), 1ull << 60 | 8);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x020), 0xffff0c0000000003ull);
	/* The foreign wait first, the TA grid's own point last. */
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x028), 1ull << 40 | 1);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x030), 1);
	/* The compute goes once the render it waits for is done. */
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 0);
	render_complete(test, qta, q3d);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 1);
	c->ops->job_free(j1, true);
	c->ops->job_free(j2, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Queues take no render pool until their first render, and compute on a
 * queue runs without one.
 */
static void agx4_g17p_submit_pools_are_taken_at_first_render(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job = NULL;

	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
	job = prepare(test, fq, computes(test, 1));
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 0), 0x14), 3 | GRID0 << 16 | 1 << 24);
	c->ops->job_free(job, true);
	/* The first render takes pool 0, and its destruction gives it back. */
	job = prepare(test, fq, renders(test, 1));
	KUNIT_EXPECT_TRUE(test, test_bit(0, sub->pools));
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
}

static void put_bo(void *bo)
{
	drm_gem_object_put(bo);
}

/* A 16 KiB buffer object bound read-write at @addr in the test's VM. */
static void bind_stream(struct kunit *test, u64 addr)
{
	struct ctx *c = test->priv;
	struct agx4_gem_object *bo;
	struct agx4_vm_bind_op op = {
		.flags = AGX4_BIND_READ | AGX4_BIND_WRITE,
		.addr = addr, .range = 0x4000,
	};

	bo = agx4_gem_create(&c->adev->base, 0x4000, 0, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, bo);
	op.obj = &bo->base.base;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, put_bo, op.obj),
			0);
	KUNIT_ASSERT_EQ(test, agx4_vm_bind(c->vm, &op, 1), 0);
}

/* Wait (polling, as the completion scan does) until @job is done. */
/* The firmware model, once idle, found nothing it refuses. */
static void expect_model_ok(struct kunit *test)
{
	struct agx4_fwmodel *m = agx4_test_model();
	enum agx4_fwmodel_err e;
	u64 where = 0;

	agx4_fwmodel_sync(m);
	e = agx4_fwmodel_error(m, &where);
	KUNIT_EXPECT_EQ_MSG(test, e, AGX4_FWMODEL_OK, "model: %s at %#llx",
			    agx4_fwmodel_err_name(e), where);
}

static int wait_job(struct ctx *c, struct agx4_fw_job *job)
{
	unsigned int i;
	int ret = -EINPROGRESS;

	for (i = 0; i < 200 && ret == -EINPROGRESS; i++) {
		agx4_test_poll_kick(c->adev);
		ret = agx4_test_job_status(c->ops, job);
		if (ret == -EINPROGRESS)
			usleep_range(5000, 10000);
	}
	return ret;
}

/*
 * The firmware model, which reads everything through the page tables
 * with its own offsets, runs a render and a compute command to the end:
 * the items, context records, points and aliases are what it takes.
 */
static void agx4_g17p_submit_model_runs_render_and_compute(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_cmdbuf *cb = renders(test, 2);
	struct agx4_fw_job *job;

	cb->cmds[1].is_compute = true;
	cb->cmds[1].compute.cmd = (struct drm_asahi_cmd_compute){
		.cdm_ctrl_stream_base = CDM_BASE,
		.cdm_ctrl_stream_end = CDM_END,
	};
	/* The control streams, as the client would bind them. */
	bind_stream(test, CDM_BASE);
	bind_stream(test, cb->cmds[0].render.cmd.vdm_ctrl_stream_base);
	c->pass = true;
	job = prepare(test, fq, cb);
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, wait_job(c, job), 0);
	expect_model_ok(test);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A render whose vertex barrier waits on the previous SUBMIT's render,
 * run by the firmware model: its TA's context record carries the wait on
 * the 3D grid first and its own point last, which the model takes (it
 * refuses any other order, G17P-13), and both renders complete.
 */
static void agx4_g17p_submit_barrier_render_runs_on_the_model(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_cmdbuf *first = renders(test, 1);
	struct agx4_cmdbuf *second = renders(test, 1);
	struct agx4_fw_job *j1, *j2;

	second->cmds[0].wait_vdm = 0;
	bind_stream(test, first->cmds[0].render.cmd.vdm_ctrl_stream_base);
	c->pass = true;
	j1 = prepare(test, fq, first);
	publish_kick(c, j1);
	j2 = prepare(test, fq, second);
	publish_kick(c, j2);
	KUNIT_EXPECT_EQ(test, wait_job(c, j1), 0);
	KUNIT_EXPECT_EQ(test, wait_job(c, j2), 0);
	expect_model_ok(test);
	c->ops->job_free(j1, true);
	c->ops->job_free(j2, true);
	c->ops->queue_destroy(fq, true);
}

/* Status A of each instance in the "status" object (graph base + 0x2ee40, + 0xe3100). */
static const u32 status_a[] = { 0x2ee40 - 0x20000, 0xe3100 - 0x20000 };

/*
 * More completion reports than one report ring holds (255) go through:
 * the model's firmware waits while a ring it reports into is not handed
 * back, so the host must hand back both instances' channel 13 (both
 * pairs) and channel 14 (both pairs), and take the secondary's records,
 * its startup receipt first.  At the end every pair is handed back.
 */
static void agx4_g17p_submit_more_reports_than_a_ring_holds(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_event *ev = &c->adev->fw->events;
	struct agx4_fw_queue *fq = queue(test);
	u32 done = agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_COMPUTE);
	static const u32 pairs[] = { 0x40, 0x80, 0x240, 0x280 };
	unsigned int i, k;
	int ret;

	bind_stream(test, CDM_BASE);
	c->pass = true;
	for (i = 0; i < 300; i++) {
		struct agx4_fw_job *job = prepare(test, fq, computes(test, 1));

		publish_kick(c, job);
		ret = wait_job(c, job);
		c->ops->job_free(job, true);
		KUNIT_ASSERT_EQ_MSG(test, ret, 0, "command %u", i);
	}
	expect_model_ok(test);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_COMPUTE) -
			done, 300);
	KUNIT_EXPECT_EQ(test, ev->peer_taken, 301);
	KUNIT_EXPECT_EQ(test, ev->malformed, 0);
	KUNIT_EXPECT_EQ(test, ev->ring_errors, 0);
	for (i = 0; i < ARRAY_SIZE(status_a); i++)
		for (k = 0; k < ARRAY_SIZE(pairs); k++) {
			u32 off = status_a[i] + pairs[k];

			KUNIT_EXPECT_EQ_MSG(test, *cursor(c, off),
					    *cursor(c, off + 0x20),
					    "instance %u pair %#x", i,
					    pairs[k]);
		}
	c->ops->queue_destroy(fq, true);
}

/* The channel-6 (TA) and -7 (3D) messages in slot @slot. */
static const u8 *msg_ta(struct ctx *c, u32 slot)
{
	return c->bundle + CH6_RING + slot * 0x18;
}

/* The primary's device-control record in slot @slot (0x40 each). */
static const u8 *ctl_rec(struct ctx *c, u32 slot)
{
	return (const u8 *)c->adev->fw->ctl[0].ring + (slot % 256) * 0x40;
}

/* The device-control producer: the slot the next record goes to. */
static u32 ctl_head(struct ctx *c)
{
	return c->adev->fw->ctl[0].head;
}

/* A compute command published and completed on @fq, and freed. */
static void compute_done(struct kunit *test, struct agx4_fw_queue *fq,
			 u32 slot)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *job = prepare(test, fq, computes(test, 1));
	u64 q;

	publish_kick(c, job);
	q = rd64(msg(c, slot), 0x08);
	fw_complete(test, q, rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)),
				  0));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
}

/* The firmware's rewrite of a channel-control record's bytes 0, 1, 4. */
static void incarnate(struct kunit *test, u64 cc_va, u8 incarnation)
{
	u8 *cc = fw_ptr(test, cc_va);

	/* The ordinary form as the host wrote it (0x26 = 2, 0 = 1 = 0xff). */
	KUNIT_EXPECT_EQ(test, cc[0x26], 2);
	KUNIT_EXPECT_EQ(test, cc[0], 0xff);
	KUNIT_EXPECT_EQ(test, cc[1], 0xff);
	cc[0] = 0;
	cc[1] = incarnation;
	cc[4] = 4;
}

/* A context cleanup record: 0x14, the echoed bytes, the control record. */
static void expect_cleanup(struct kunit *test, const u8 *rec, u32 echo,
			   u64 cc_va)
{
	static const u8 zero[0x40];

	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 0x14);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x04), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x08), echo);
	KUNIT_EXPECT_EQ(test, rd64(rec, 0x0c), cc_va);
	KUNIT_EXPECT_MEMEQ(test, rec + 0x14, zero, 0x40 - 0x14);
}

/*
 * Destroying a queue makes the firmware forget its contexts: one context
 * cleanup (device control 0x14) per channel-control record the firmware
 * has seen work on, the render pool's before the compute owner's, each
 * echoing its record's live bytes 0x26, 0, 1, 4 at +8 and naming it at
 * +0xc; the model takes both before the memory goes.  A queue that never
 * published anything sends none.
 */
static void agx4_g17p_submit_destroy_cleans_up_contexts(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fw_queue *fq = queue(test);
	u32 records = agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	u32 bad = agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_BAD_RECORDS);
	u32 h = ctl_head(c);
	struct agx4_fw_job *job;
	unsigned int base;
	u64 own_cc, pool_cc;

	/* Never used: nothing to forget (the VM keeps its state). */
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_EQ(test, ctl_head(c), h);
	base = heap_objects(c->adev);

	fq = queue(test);
	compute_done(test, fq, 0);
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	render_complete(test, rd64(msg_ta(c, 0), 0x08),
			rd64(c->bundle + CH7_RING, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	/* Queue records +0x9c: their channel-control records. */
	own_cc = rd64(fw_ptr(test, rd64(msg(c, 0), 0x08)), 0x9c);
	pool_cc = rd64(fw_ptr(test, rd64(msg_ta(c, 0), 0x08)), 0x9c);
	KUNIT_EXPECT_NE(test, own_cc, pool_cc);
	incarnate(test, own_cc, 3);
	incarnate(test, pool_cc, 5);

	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_EQ(test, ctl_head(c), (h + 2) % 256);
	expect_cleanup(test, ctl_rec(c, h), 0x04050002, pool_cc);
	expect_cleanup(test, ctl_rec(c, h + 1), 0x04030002, own_cc);
	/* The model took both, and refused none, before the memory went. */
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records + 2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_BAD_RECORDS),
			bad);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
}

/*
 * A cleanup the firmware does not take (its doorbell lost) keeps the
 * queue's memory and owner until a later cleanup drains the control
 * channel; then both queues go.
 */
static void agx4_g17p_submit_cleanup_not_taken_keeps_memory(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int timeout = c->adev->fw->timeout_ms, base, held;
	struct agx4_fw_queue *fq, *fq2;
	u32 records;

	/* The VM's state stays from its first queue on. */
	c->ops->queue_destroy(queue(test), true);
	base = heap_objects(c->adev);
	fq = queue(test);
	compute_done(test, fq, 0);
	held = heap_objects(c->adev);
	records = agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	c->adev->fw->timeout_ms = 50;
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_DROP_DOORBELL, 1);
	c->ops->queue_destroy(fq, true);
	agx4_fwmodel_sync(m);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), held);
	KUNIT_EXPECT_TRUE(test, test_bit(0, sub->owners));

	/* The next queue takes owner 1; its cleanup drains both. */
	fq2 = queue(test);
	compute_done(test, fq2, 1);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 1), 0x14) >> 16 & 0xff, GRID0 + 1);
	c->ops->queue_destroy(fq2, true);
	c->adev->fw->timeout_ms = timeout;
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records + 2);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->owners,
					     AGX4_G17P_MAX_OWNERS));
}

/* Whether any object of the firmware heap holds firmware address @va. */
static bool in_heap(struct agx4_device *adev, u64 va)
{
	struct agx4_fw_obj_heap *h = &adev->mem->heap;
	struct agx4_fw_obj *o;
	bool found = false;

	mutex_lock(&h->lock);
	list_for_each_entry(o, &h->objects, link)
		if (va >= o->va && va < o->va + o->size)
			found = true;
	mutex_unlock(&h->lock);
	return found;
}

/*
 * A queue that ran a compute and a render (owner and pool, the pool's
 * window in the VM) and whose cleanup the firmware did not take: kept.
 * @own and @pool receive the firmware addresses of its compute and TA
 * queue records, which lie in its owner's and its pool's memory.
 */
static void retain_queue(struct kunit *test, u64 *own, u64 *pool)
{
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int timeout = c->adev->fw->timeout_ms;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job;
	u32 records;

	compute_done(test, fq, 0);
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	render_complete(test, rd64(msg_ta(c, 0), 0x08),
			rd64(c->bundle + CH7_RING, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	*own = rd64(msg(c, 0), 0x08);
	*pool = rd64(msg_ta(c, 0), 0x08);
	records = agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	c->adev->fw->timeout_ms = 50;
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_DROP_DOORBELL, 1);
	c->ops->queue_destroy(fq, true);
	agx4_fwmodel_sync(m);
	c->adev->fw->timeout_ms = timeout;
	KUNIT_ASSERT_EQ(test,
			agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records);
	KUNIT_ASSERT_TRUE(test, in_heap(c->adev, *own));
	KUNIT_ASSERT_TRUE(test, in_heap(c->adev, *pool));
}

/*
 * A queue kept because the firmware did not take its cleanup does not
 * outlive the device: the removal, which destroys no other queue, frees
 * its owner's and pool's firmware memory and gives its VM references
 * (the queue's and its pool's window's) back.
 */
static void agx4_g17p_submit_retained_queue_freed_at_removal(struct kunit *test)
{
	struct ctx *c = test->priv;
	unsigned int refs;
	u64 own, pool;

	/* The VM's state stays from its first queue on. */
	c->ops->queue_destroy(queue(test), true);
	refs = kref_read(&c->vm->ref);
	retain_queue(test, &own, &pool);
	KUNIT_EXPECT_GT(test, kref_read(&c->vm->ref), refs);

	agx4_device_unplug(c->adev);
	KUNIT_ASSERT_NULL(test, c->adev->fw);
	KUNIT_EXPECT_FALSE(test, in_heap(c->adev, own));
	KUNIT_EXPECT_FALSE(test, in_heap(c->adev, pool));
	KUNIT_EXPECT_EQ(test, kref_read(&c->vm->ref), refs);
}

/*
 * A firmware crash frees a kept queue at once, without another queue's
 * cleanup: the stopped firmware uses none of its memory.  Its owner and
 * pool indices come back.
 */
static void agx4_g17p_submit_retained_queue_freed_at_crash(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int refs, base;
	u64 own, pool;

	c->ops->queue_destroy(queue(test), true);
	refs = kref_read(&c->vm->ref);
	base = heap_objects(c->adev);
	retain_queue(test, &own, &pool);
	KUNIT_EXPECT_TRUE(test, test_bit(0, sub->owners));
	KUNIT_EXPECT_TRUE(test, test_bit(0, sub->pools));

	agx4_test_no_restart(test);
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(m);
	flush_work(&c->adev->fw->crash_work);
	KUNIT_ASSERT_TRUE(test, test_bit(0, &c->adev->fw->crashed));
	KUNIT_EXPECT_FALSE(test, in_heap(c->adev, own));
	KUNIT_EXPECT_FALSE(test, in_heap(c->adev, pool));
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
	KUNIT_EXPECT_EQ(test, kref_read(&c->vm->ref), refs);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->owners,
					     AGX4_G17P_MAX_OWNERS));
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
}

/*
 * What a render SUBMIT takes it gives back when it fails: a pool it made
 * (context 0's page tables running out, or a render refused after the
 * pool was made); a pool made for a job that succeeded stays with its
 * queue.  A render placed and dropped before it ran gives back the pool's
 * render index, so the next render is the one after the last published.
 * A queue whose owner cannot be aliased keeps nothing.
 */
static void agx4_g17p_submit_failed_render_gives_back(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_uat *dev_uat = &c->adev->fw->dev_uat;
	const struct agx4_fw_queue_args args = {
		.vm = c->vm, .usc_exec_base = 1ull << 40,
	};
	struct agx4_fw_queue *fq, *fq2, *none = NULL;
	struct agx4_cmdbuf *bad = computes(test, 1);
	struct agx4_fw_job *job = NULL, *j1;
	unsigned int base, before;
	u32 credits = 0;
	const u8 *ring;

	/* The VM's state stays from its first queue on. */
	c->ops->queue_destroy(queue(test), true);
	base = heap_objects(c->adev);
	/* Owner 64's context-0 alias (a fresh table) finds no room. */
	bitmap_fill(sub->owners, 64);
	dev_uat->max_tables = dev_uat->tables;
	KUNIT_EXPECT_EQ(test, c->ops->queue_create(c->adev, &args, &none),
			-ENOMEM);
	dev_uat->max_tables = 0;
	KUNIT_EXPECT_NULL(test, none);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
	KUNIT_EXPECT_FALSE(test, test_bit(64, sub->owners));
	bitmap_zero(sub->owners, AGX4_G17P_MAX_OWNERS);

	fq = queue(test);
	before = heap_objects(c->adev);
	/* The first pool's context-0 alias finds no table room. */
	dev_uat->max_tables = dev_uat->tables;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, renders(test, 1), &job,
						  &credits), -ENOMEM);
	dev_uat->max_tables = 0;
	KUNIT_EXPECT_NULL(test, job);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), before);
	/* Its window needs no table in the VM: pinned with the VM's state. */
	c->vm->uat.max_tables = c->vm->uat.tables;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, renders(test, 1), &job,
						  &credits), 0);
	c->vm->uat.max_tables = 0;
	KUNIT_ASSERT_NOT_NULL(test, job);
	c->ops->job_free(job, true);
	job = NULL;
	/* A pool is its queue's until the queue goes (arena and memory). */
	KUNIT_EXPECT_TRUE(test, test_bit(0, sub->pools));
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), before + 2);
	/* A render without a size, refused after its SUBMIT made a pool. */
	fq2 = queue(test);
	bad->cmds[0].is_compute = false;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq2, bad, &job, &credits),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, job);
	KUNIT_EXPECT_FALSE(test, test_bit(1, sub->pools));
	c->ops->queue_destroy(fq2, true);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), before + 2);

	/* Render 0 out, render 1 placed and dropped: render 1 again. */
	j1 = prepare(test, fq, renders(test, 1));
	publish_kick(c, j1);
	job = prepare(test, fq, renders(test, 1));
	KUNIT_ASSERT_NULL(test, c->ops->job_reserve(job));
	c->ops->job_free(job, true);
	KUNIT_EXPECT_TRUE(test, test_bit(0, sub->pools));
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd32(msg_ta(c, 1), 0x14), 6 | 0 << 16);
	ring = fw_ptr(test, rd64(fw_ptr(test, rd64(msg_ta(c, 1), 0x08)), 0x08));
	/* Its TA event item: counter (index + 1) << 8. */
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(ring, 5 * 8)), 0x08),
			2 << 8);
	render_complete(test, rd64(msg_ta(c, 0), 0x08),
			rd64(c->bundle + CH7_RING, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(j1, true);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
}

/*
 * The shared pool object (+0x0c pool, +0 render index) and the
 * shared-slots mark (+0x60) are rewritten only on an idle pool: a render
 * published while the previous one runs leaves them to the firmware.
 */
static void agx4_g17p_submit_shared_pool_object_only_when_idle(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j0, *j1, *j2;
	u64 qta, q3d, ta;
	u8 *sh, *slots;

	j0 = prepare(test, fq, renders(test, 1));
	publish_kick(c, j0);
	qta = rd64(msg_ta(c, 0), 0x08);
	q3d = rd64(c->bundle + CH7_RING, 0x08);
	/* TA descriptor +0x20: the shared pool object. */
	ta = rd64(fw_ptr(test, rd64(fw_ptr(test, qta), 0x08)), 0);
	sh = fw_ptr(test, rd64(fw_ptr(test, ta), 0x20));
	slots = fw_ptr(test, rd64(sh, 0x4c));
	KUNIT_EXPECT_EQ(test, rd32(slots, 0x60), 1);
	/* The firmware's own values while render 0 runs. */
	put_unaligned_le32(0x77, sh + 0x0c);
	put_unaligned_le32(0, slots + 0x60);
	j1 = prepare(test, fq, renders(test, 1));
	publish_kick(c, j1);
	KUNIT_EXPECT_EQ(test, rd32(msg_ta(c, 1), 0x14) & 0xffff, 6);
	KUNIT_EXPECT_EQ(test, rd32(sh, 0x0c), 0x77);
	KUNIT_EXPECT_EQ(test, rd32(sh, 0x00), 0);
	KUNIT_EXPECT_EQ(test, rd32(slots, 0x60), 0);
	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), 0);
	j2 = prepare(test, fq, renders(test, 1));
	publish_kick(c, j2);
	KUNIT_EXPECT_EQ(test, rd32(sh, 0x0c), 0);
	KUNIT_EXPECT_EQ(test, rd32(sh, 0x00), 2);
	KUNIT_EXPECT_EQ(test, rd32(slots, 0x60), 1);
	render_complete(test, qta, q3d);
	c->ops->job_free(j0, true);
	c->ops->job_free(j1, true);
	c->ops->job_free(j2, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A render's pool-A slot word goes through phases 0, 1 (3D), 2 (TA) on a
 * fresh pool-A record, and continues from its current value on a record
 * the firmware marked reused (+0x0c non-zero).
 */
static void agx4_g17p_submit_reused_pool_a_record_continues_phases(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j0, *j1;
	u64 rec0, ta, ring;
	u8 *rec1, *slot1;

	j0 = prepare(test, fq, renders(test, 1));
	publish_kick(c, j0);
	ring = rd64(fw_ptr(test, rd64(msg_ta(c, 0), 0x08)), 0x08);
	ta = rd64(fw_ptr(test, ring), 0);
	/* TA descriptor +0x10: pool-A record (2 * index) mod 35. */
	rec0 = rd64(fw_ptr(test, ta), 0x10);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(fw_ptr(test, rec0), 0)), 0),
			2);
	/* Render 1 takes record 2, which the firmware has used before. */
	rec1 = fw_ptr(test, rec0 + 2 * 0x100);
	slot1 = fw_ptr(test, rd64(rec1, 0));
	put_unaligned_le32(1, rec1 + 0x0c);
	put_unaligned_le32(7, slot1);
	j1 = prepare(test, fq, renders(test, 1));
	publish_kick(c, j1);
	ta = rd64(fw_ptr(test, ring), 3 * 8);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, ta), 0x10), rec0 + 2 * 0x100);
	KUNIT_EXPECT_EQ(test, rd32(slot1, 0), 7 + 2);
	KUNIT_EXPECT_EQ(test, rd32(rec1, 0x08), 1);
	render_complete(test, rd64(msg_ta(c, 0), 0x08),
			rd64(c->bundle + CH7_RING, 0x08));
	c->ops->job_free(j0, true);
	c->ops->job_free(j1, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A crashed firmware uses nothing any more: a queue destroyed after the
 * crash sends no cleanup and waits for none, and everything goes.
 */
static void agx4_g17p_submit_destroy_after_crash_frees_at_once(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fw_queue *fq;
	unsigned int base;
	u32 h;

	c->ops->queue_destroy(queue(test), true);
	base = heap_objects(c->adev);
	fq = queue(test);
	compute_done(test, fq, 0);
	agx4_test_no_restart(test);
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(m);
	flush_work(&c->adev->fw->crash_work);
	KUNIT_ASSERT_TRUE(test, test_bit(0, &c->adev->fw->crashed));
	h = ctl_head(c);
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_EQ(test, ctl_head(c), h);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
}

/* A job_prepare() run in a thread of its own, which may wait there. */
struct waiter {
	struct ctx *c;
	struct agx4_fw_queue *fq;
	struct agx4_cmdbuf *cb;
	struct agx4_fw_job *job;
	int ret;
	struct completion done;
	bool reaped;
	struct task_struct *task;
};

static int waiter_fn(void *data)
{
	struct waiter *w = data;
	u32 credits = 0;

	allow_signal(SIGINT);
	w->ret = w->c->ops->job_prepare(w->fq, w->cb, &w->job, &credits);
	complete(&w->done);
	return 0;
}

static void waiter_reap(void *data)
{
	struct waiter *w = data;

	/* Never leave the thread behind, even after a failed assertion. */
	if (!w->reaped) {
		send_sig(SIGINT, w->task, 1);
		wait_for_completion(&w->done);
	}
	put_task_struct(w->task);
}

static struct waiter *prepare_in_thread(struct kunit *test,
					struct agx4_fw_queue *fq,
					struct agx4_cmdbuf *cb)
{
	struct waiter *w = kunit_kzalloc(test, sizeof(*w), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, w);
	w->c = test->priv;
	w->fq = fq;
	w->cb = cb;
	init_completion(&w->done);
	w->task = kthread_create(waiter_fn, w, "agx4-g17p-prepare");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, w->task);
	get_task_struct(w->task);
	wake_up_process(w->task);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, waiter_reap, w),
			0);
	return w;
}

/* Jobs waiting in job_reserve for a pool now. */
static unsigned int pool_waiters(struct ctx *c)
{
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	unsigned int n;

	spin_lock_irq(&sub->eng.lock);
	n = list_count_nodes(&sub->pool_room.waiters);
	spin_unlock_irq(&sub->eng.lock);
	return n;
}

/*
 * Reserve @job, which finds no pool: it waits for a fence, not signalled,
 * as the @n-th job waiting for a pool.
 */
static struct dma_fence *reserve_waits(struct kunit *test,
				       struct agx4_fw_job *job, unsigned int n)
{
	struct ctx *c = test->priv;
	struct dma_fence *f = c->ops->job_reserve(job);

	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, pool_waiters(c), n);
	return f;
}

/* @f signalled with @err; the reference dropped. */
static void expect_signalled(struct kunit *test, struct dma_fence *f, int err)
{
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, err);
	dma_fence_put(f);
}

/* The result of @w's prepare, once it returned (bounded wait). */
static int waiter_result(struct kunit *test, struct waiter *w)
{
	w->reaped = wait_for_completion_timeout(&w->done, 5 * HZ);
	KUNIT_EXPECT_TRUE_MSG(test, w->reaped, "job_prepare() never returned");
	if (!w->reaped)
		sched_show_task(w->task);
	return w->reaped ? w->ret : -ETIME;
}

/*
 * 15 queues each hold a pool with a render in flight: the render of a
 * 16th queue, in another VM, is prepared at once (SUBMIT never waits for
 * a pool, no -ENOSPC) and waits in job_reserve, on a fence.  When the
 * first queue's render is done and freed its pool is idle, the fence
 * signals and the waiting render takes the pool over: it goes out on
 * pool 0's queue records, continuing their indices (render 1, not
 * "first"), the window is unmapped from the first VM and mapped in the
 * second, its memory zeroed but for the aux page's words, and the
 * support object names the new context.  Everything goes
 * when the queues do.
 */
/**
 * struct every_pool - 15 queues each holding a pool, and a second VM
 * @fq: the queues; the 16th is the second VM's, made by the case.
 * @job: their renders in flight.
 * @vm2: the second VM.
 * @args2: a queue of @vm2.
 * @qta: pool 0's TA queue record.
 * @q3d: its 3D queue record.
 * @base: heap objects before the queues.
 */
struct every_pool {
	struct agx4_fw_queue *fq[16];
	struct agx4_fw_job *job[16];
	struct agx4_vm *vm2;
	struct agx4_fw_queue_args args2;
	u64 qta, q3d;
	unsigned int base;
};

/* 15 queues of the first VM, each with a render in flight on its pool. */
static void hold_every_pool(struct kunit *test, struct every_pool *p)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	unsigned int i;

	p->vm2 = test_vm(test, c->adev);
	p->args2 = (struct agx4_fw_queue_args){
		.vm = p->vm2, .priority = 1, .usc_exec_base = 1ull << 40,
	};
	/* Both VMs' state stays from their first queue on. */
	c->ops->queue_destroy(queue(test), true);
	KUNIT_ASSERT_EQ(test, c->ops->queue_create(c->adev, &p->args2,
						   &p->fq[15]), 0);
	c->ops->queue_destroy(p->fq[15], true);
	p->base = heap_objects(c->adev);
	for (i = 0; i < 15; i++) {
		p->fq[i] = queue(test);
		p->job[i] = prepare(test, p->fq[i], renders(test, 1));
		publish_kick(c, p->job[i]);
	}
	KUNIT_EXPECT_TRUE(test, bitmap_full(sub->pools, AGX4_G17P_MAX_POOLS));
	p->qta = rd64(msg_ta(c, 0), 0x08);
	p->q3d = rd64(c->bundle + CH7_RING, 0x08);
}

static void agx4_g17p_submit_render_waits_and_takes_an_idle_pool(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct every_pool *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct agx4_fw_queue **fq;
	struct agx4_fw_job **job;
	struct agx4_vm *vm2;
	struct dma_fence *f;
	phys_addr_t pa = 0;
	u64 qta, q3d, sup;
	unsigned int i, base;
	u8 *aux;

	KUNIT_ASSERT_NOT_NULL(test, p);
	hold_every_pool(test, p);
	fq = p->fq;
	job = p->job;
	vm2 = p->vm2;
	qta = p->qta;
	q3d = p->q3d;
	base = p->base;
	/* Pool 0's aux page, with a client value the next client must not see. */
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(&c->vm->uat, WIN0, &pa, NULL),
			0);
	aux = phys_to_virt(pa);
	KUNIT_EXPECT_EQ(test, rd32(aux, 0x480), 0x60000000);
	put_unaligned_le64(0x5a5a5a5a, aux + 0x100);

	KUNIT_ASSERT_EQ(test, c->ops->queue_create(c->adev, &p->args2, &fq[15]),
			0);
	job[15] = prepare(test, fq[15], renders(test, 1));
	f = reserve_waits(test, job[15], 1);

	/* Queue 0's render completes: not enough, its job must be freed. */
	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job[0]), 0);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	c->ops->job_free(job[0], true);
	expect_signalled(test, f, 0);
	KUNIT_EXPECT_EQ(test, pool_waiters(c), 0);
	publish_kick(c, job[15]);
	/* Pool 0's TA queue again: write index 6, grid 0, not first. */
	KUNIT_EXPECT_EQ(test, rd64(msg_ta(c, 15), 0x08), qta);
	KUNIT_EXPECT_EQ(test, rd32(msg_ta(c, 15), 0x14), 6 | 0 << 16);
	/* The window left the first VM for the second, zeroed. */
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&c->vm->uat, WIN0, &pa, NULL),
			0);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(&vm2->uat, WIN0, &pa, NULL),
			0);
	aux = phys_to_virt(pa);
	KUNIT_EXPECT_EQ(test, rd64(aux, 0x100), 0);
	KUNIT_EXPECT_EQ(test, rd32(aux, 0x480), 0x60000000);
	KUNIT_EXPECT_EQ(test, rd32(aux, 0x484), 0x35b);
	/* Pool 1's window stays where it was. */
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->vm->uat, WIN0 + WIN_STRIDE,
						 &pa, NULL), 0);
	/* The TA descriptor's support object (+0x934) names the new context. */
	sup = rd64(fw_ptr(test, rd64(fw_ptr(test, rd64(fw_ptr(test, qta), 0x08)),
				     3 * 8)), 0x934);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, sup), 0x08), vm2->uat.asid);

	/* Queue 0 renders again: it waits for a pool in its turn. */
	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job[15]), 0);
	for (i = 1; i < 16; i++)
		c->ops->job_free(job[i], true);
	for (i = 0; i < 16; i++)
		c->ops->queue_destroy(fq[i], true);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
}

/*
 * A growth writes what the reference writes (G17P-35): the new blocks'
 * ids in the secondary index (a u64 base id per block) and the new count
 * twice in the shared slots; the primary index keeps the first blocks'
 * page ids only, its entries past them untouched.
 */
static void agx4_g17p_submit_growth_writes_secondary_ids_and_count(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job = prepare(test, fq, renders(test, 1));
	struct agx4_fw_ev_grow_in req = {
		.context = c->vm->uat.asid, .slot = 0, .counter = 0,
	};
	const u8 *sh, *primary, *secondary, *slots;
	u64 qta, q3d, ta;
	u32 i, id0;

	publish_kick(c, job);
	qta = rd64(c->bundle + CH6_RING, 0x08);
	q3d = rd64(c->bundle + CH7_RING, 0x08);
	ta = rd64(fw_ptr(test, rd64(fw_ptr(test, qta), 0x08)), 0);
	/* The TA names its pool's shared object at +0x20. */
	sh = fw_ptr(test, rd64(fw_ptr(test, ta), 0x20));
	primary = fw_ptr(test, rd64(sh, 0x20));
	secondary = fw_ptr(test, rd64(sh, 0x44));
	slots = fw_ptr(test, rd64(sh, 0x4c));
	id0 = rd32(primary, 0);
	KUNIT_ASSERT_EQ(test, c->ops->tvb->grow(c->adev, &req, 2048), 18);
	KUNIT_EXPECT_EQ(test, rd32(slots, 0), 18);
	KUNIT_EXPECT_EQ(test, rd32(slots, 4), 18);
	for (i = 0; i < 18; i++)
		KUNIT_EXPECT_NE_MSG(test, rd64(secondary, 8 * i), 0,
				    "block %u", i);
	/* The first blocks' page ids stay; nothing is written past them. */
	KUNIT_EXPECT_EQ(test, rd32(primary, 0), id0);
	KUNIT_EXPECT_EQ(test, rd32(primary, 4 * 31),
			rd64(secondary, 8 * 7) + 3);
	for (i = 32; i < 18 * 4; i++)
		KUNIT_EXPECT_EQ_MSG(test, rd32(primary, 4 * i), 0, "page %u",
				    i);
	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * An idle pool taken over by a queue of another VM moves into it without
 * a page table more: the VM's pools' window was pinned with its state, so
 * the move could run where nothing may allocate.  With the VM's table
 * budget at what it holds, the render still goes out and completes, and
 * the window is there in the new VM.
 */
static void agx4_g17p_submit_pool_takeover_allocates_no_page_table(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct every_pool *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	unsigned long budget, tables;
	phys_addr_t pa;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, p);
	hold_every_pool(test, p);
	KUNIT_ASSERT_EQ(test, c->ops->queue_create(c->adev, &p->args2,
						   &p->fq[15]), 0);
	render_complete(test, p->qta, p->q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, p->job[0]), 0);
	c->ops->job_free(p->job[0], true);

	budget = p->vm2->uat.max_tables;
	tables = p->vm2->uat.tables;
	p->job[15] = prepare(test, p->fq[15], renders(test, 1));
	p->vm2->uat.max_tables = tables;
	KUNIT_ASSERT_NULL(test, c->ops->job_reserve(p->job[15]));
	KUNIT_EXPECT_EQ(test, p->vm2->uat.tables, tables);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&p->vm2->uat, WIN0, &pa, NULL),
			0);
	p->vm2->uat.max_tables = budget;
	publish_kick(c, p->job[15]);
	render_complete(test, p->qta, p->q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, p->job[15]), 0);
	for (i = 1; i < 16; i++)
		c->ops->job_free(p->job[i], true);
	for (i = 0; i < 16; i++)
		c->ops->queue_destroy(p->fq[i], true);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), p->base);
}

/*
 * A job waiting for a pool that is freed (its queue goes) ends its wait
 * with -ECANCELED and gives back everything it took (its compute
 * command's ordinal too: the queue's next compute command is its first).
 * A firmware that crashed ends the wait with -ENODEV; the job takes no
 * pool and waits for nothing after.
 */
static void agx4_g17p_submit_pool_wait_ends_on_free_and_crash(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct every_pool *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_cmdbuf *cb = renders(test, 2);
	struct agx4_fw_queue *fq;
	struct agx4_fw_job *job;
	struct dma_fence *f;
	unsigned int i, base;

	KUNIT_ASSERT_NOT_NULL(test, p);
	/* Every pool held by a render in flight, no pool to take over. */
	hold_every_pool(test, p);
	fq = queue(test);
	base = heap_objects(c->adev);
	cb->cmds[0].is_compute = true;
	cb->cmds[0].compute.cmd = (struct drm_asahi_cmd_compute){
		.cdm_ctrl_stream_base = CDM_BASE,
		.cdm_ctrl_stream_end = CDM_END,
	};
	job = prepare(test, fq, cb);
	f = reserve_waits(test, job, 1);
	c->ops->job_free(job, true);
	expect_signalled(test, f, -ECANCELED);
	KUNIT_EXPECT_EQ(test, pool_waiters(c), 0);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
	job = prepare(test, fq, computes(test, 1));
	publish_kick(c, job);
	/* The owner's first command (its grid is the 16th owner's). */
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 0), 0x14), 3 | (GRID0 + 15) << 16 |
			1 << 24);
	c->ops->job_free(job, true);

	job = prepare(test, fq, renders(test, 1));
	f = reserve_waits(test, job, 1);
	agx4_test_no_restart(test);
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(m);
	flush_work(&c->adev->fw->crash_work);
	expect_signalled(test, f, -ENODEV);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(job));
	KUNIT_EXPECT_EQ(test, pool_waiters(c), 0);
	c->ops->job_free(job, true);
	for (i = 0; i < 15; i++)
		c->ops->job_free(p->job[i], true);
	for (i = 0; i < 15; i++)
		c->ops->queue_destroy(p->fq[i], true);
	c->ops->queue_destroy(fq, true);
}

/*
 * With every pool held by a render in flight, the renders of two more
 * queues wait for one.  The first waiter's queue killed, its wait ends at
 * once (-ECANCELED) and it takes nothing: the pool freed next goes to the
 * other queue's job, which waited behind it.
 */
static void agx4_g17p_submit_killed_queue_stops_waiting_for_a_pool(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct every_pool *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct agx4_fw_queue *fa, *fb;
	struct agx4_fw_job *a, *b;
	struct dma_fence *fwa, *fwb;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, p);
	hold_every_pool(test, p);
	fa = queue(test);
	KUNIT_ASSERT_EQ(test, c->ops->queue_create(c->adev, &p->args2, &fb), 0);
	a = prepare(test, fa, renders(test, 1));
	b = prepare(test, fb, renders(test, 1));
	fwa = reserve_waits(test, a, 1);
	fwb = reserve_waits(test, b, 2);

	c->ops->queue_kill(fa);
	expect_signalled(test, fwa, -ECANCELED);
	KUNIT_EXPECT_EQ(test, pool_waiters(c), 1);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fwb));
	render_complete(test, p->qta, p->q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, p->job[0]), 0);
	c->ops->job_free(p->job[0], true);
	expect_signalled(test, fwb, 0);
	KUNIT_EXPECT_EQ(test, pool_waiters(c), 0);
	KUNIT_EXPECT_PTR_EQ(test, to_g17p_job(b)->pool,
			    agx4_fw_g17p_sub(c->adev->fw)->pool[0]);
	KUNIT_EXPECT_NULL(test, to_g17p_job(a)->pool);
	c->ops->job_free(a, true);
	c->ops->job_free(b, true);
	for (i = 1; i < 15; i++)
		c->ops->job_free(p->job[i], true);
	for (i = 0; i < 15; i++)
		c->ops->queue_destroy(p->fq[i], true);
	c->ops->queue_destroy(fa, true);
	c->ops->queue_destroy(fb, true);
}

/* Item @i of the ring queue @q's record names (its current bank). */
static u64 ring_item(struct kunit *test, u64 q, u32 i)
{
	return rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)), i * 8);
}

/*
 * Context record of command @n of queue @q's owner: the context area is
 * what the optional record (the first command's second item) names at
 * +0x10; command n's record is its slot (n + 1) mod 256.
 */
static const u8 *compute_ctx(struct kunit *test, u64 q, u32 n)
{
	u64 ctxa = rd64(fw_ptr(test, ring_item(test, q, 1)), 0x10);

	return fw_ptr(test, ctxa + ((n + 1) % 256) * 0x200);
}

/*
 * Publish one compute job on @fq, let the firmware complete it and free
 * it; the descriptor its first ring item (@item) names.
 */
static u64 run_one(struct kunit *test, struct agx4_fw_queue *fq, u32 item)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *job = prepare(test, fq, computes(test, 1));
	u64 q, d;

	publish_kick(c, job);
	q = rd64(msg(c, 0), 0x08);
	d = ring_item(test, q, item);
	fw_complete(test, q, d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	return d;
}

/*
 * SUBMIT writes nothing of the owner: a compute command is only checked
 * there (its descriptor, the owner's optional record for command 0, its
 * records are built at reserve, in the slot it then holds).  The owner's
 * arena is byte for byte what it was until the job is reserved, and then
 * holds command 0's descriptor and optional record.
 */
static void agx4_g17p_submit_prepare_writes_nothing_of_the_owner(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct g17p_owner *o = to_g17p_queue(fq)->owner;
	struct agx4_fw_job *job;
	u8 *before;
	u64 q;

	before = vmalloc(o->arena->size);
	KUNIT_ASSERT_NOT_NULL(test, before);
	memcpy(before, o->arena->cpu, o->arena->size);
	job = prepare(test, fq, computes(test, 2));
	KUNIT_EXPECT_EQ(test, memcmp(before, o->arena->cpu, o->arena->size), 0);
	KUNIT_EXPECT_EQ(test, o->next, 0);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(job));
	KUNIT_EXPECT_NE(test, memcmp(before, o->arena->cpu, o->arena->size), 0);
	KUNIT_EXPECT_EQ(test, o->next, 2);
	/* Descriptors 0 and 1 in slots 0 and 1 (type 3, ordinal at +0xf70). */
	KUNIT_EXPECT_EQ(test, rd32(o->arena->cpu, 0), 3);
	KUNIT_EXPECT_EQ(test, rd32(o->arena->cpu, 0xf70), 0);
	KUNIT_EXPECT_EQ(test, rd32(o->arena->cpu, 0x1040 + 0xf70), 1);
	vfree(before);
	/* Published: command 0's second item is the optional record (0x0f). */
	publish_kick(c, job);
	q = rd64(msg(c, 0), 0x08);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, ring_item(test, q, 1)), 0), 0x0f);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A job's compute commands take their ordinals when it is reserved, in
 * its queue's order: a job prepared before another and dropped before it
 * was reserved takes none, so the next job's command is the owner's
 * first (ordinal 0, "first"), not one waiting for a command that never
 * ran, and the model runs it to the end.
 */
static void agx4_g17p_submit_job_dropped_before_reserve_takes_no_ordinal(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *dropped, *job;
	u64 d;

	bind_stream(test, CDM_BASE);
	c->pass = true;
	dropped = prepare(test, fq, computes(test, 1));
	job = prepare(test, fq, computes(test, 1));
	c->ops->job_free(dropped, true);
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 0), 0x14), 3 | GRID0 << 16 | 1 << 24);
	d = ring_item(test, rd64(msg(c, 0), 0x08), 0);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d), 0xf70), 0);
	KUNIT_EXPECT_EQ(test, wait_job(c, job), 0);
	expect_model_ok(test);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * One job at a time: command n's descriptor is in slot n (the ordinal
 * mod 240, G17P-15), which its ring item, its context record's work
 * pointer and the record's two program locators (low alias + 0x40 and
 * + 0x760, >> 5) all name; slot 0 is the arena's first (owner base + 0,
 * low alias 0x72_0000_0000 for owner 0).
 */
static void agx4_g17p_submit_serial_commands_take_their_ordinal_slot(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	/* The commands' first ring items: 3 for the first, then 2 each. */
	static const u32 item[] = { 0, 3, 5, 7 };
	u64 d[ARRAY_SIZE(item)], q, low;
	const u8 *rec;
	u32 n;

	for (n = 0; n < ARRAY_SIZE(item); n++)
		d[n] = run_one(test, fq, item[n]);
	q = rd64(msg(c, 0), 0x08);
	KUNIT_EXPECT_EQ(test, d[0], q - 0x100000);
	for (n = 0; n < ARRAY_SIZE(item); n++) {
		low = 0x7200000000ull + n * 0x1040;
		KUNIT_EXPECT_EQ_MSG(test, d[n], d[0] + n * 0x1040,
				    "command %u", n);
		rec = compute_ctx(test, q, n);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0x010), d[n]);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0x150),
				0x0001100000000000ull | (low + 0x40) >> 5);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0x158),
				0x0000200000000000ull | (low + 0x760) >> 5);
		/* Each slot holds its command's ordinal. */
		KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d[n]), 0xf70), n);
	}
	c->ops->queue_destroy(fq, true);
}

/*
 * The reference's indexing (G17P-15): command n's descriptor is slot
 * n mod 240 and its records (here the status pair) n mod 256, so
 * commands 239 and 240 take descriptor slots 239 and 0 and status
 * records 239 and 240.
 */
static void agx4_g17p_submit_descriptor_and_records_by_ordinal(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j;
	u64 q, d239, d240;
	u8 *p;

	set_counts(test, fq, 239, 0);
	j = prepare(test, fq, computes(test, 2));
	publish_kick(c, j);
	q = rd64(msg(c, 0), 0x08);
	d239 = ring_item(test, q, 0);
	d240 = ring_item(test, q, 2);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d239), 0xf70), 239);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d240), 0xf70), 240);
	KUNIT_EXPECT_EQ(test, d240, d239 - 239 * 0x1040);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, d240), 0xf7c),
			rd64(fw_ptr(test, d239), 0xf7c) + 0x40);
	KUNIT_EXPECT_EQ(test, rd64(fw_ptr(test, d240), 0xf84),
			rd64(fw_ptr(test, d240), 0xf7c) + 8);
	/* Done: the done index at the write index, both status words set. */
	p = fw_ptr(test, rd64(fw_ptr(test, q), 0x00));
	put_unaligned_le32(rd32(p, 0x40), p);
	put_unaligned_le64(1, fw_ptr(test, rd64(fw_ptr(test, d239), 0xf84)));
	put_unaligned_le64(1, fw_ptr(test, rd64(fw_ptr(test, d240), 0xf84)));
	consume(c);
	post_grid(test, GRID0);
	post_grid(test, GRID0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j), 0);
	c->ops->job_free(j, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Two commands in flight have different slots; once both are freed the
 * next command takes the slot of its ordinal, 2, not a freed one.
 */
static void agx4_g17p_submit_descriptor_slots_in_flight_differ(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j1, *j2, *j3;
	u64 q, d1, d2, d3;

	j1 = prepare(test, fq, computes(test, 1));
	j2 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j1);
	publish_kick(c, j2);
	q = rd64(msg(c, 0), 0x08);
	d1 = ring_item(test, q, 0);
	d2 = ring_item(test, q, 3);
	KUNIT_EXPECT_NE(test, d1, d2);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d1), 0xf70), 0);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d2), 0xf70), 1);
	fw_complete(test, q, d1);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j2), 0);
	c->ops->job_free(j1, true);
	c->ops->job_free(j2, true);
	j3 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j3);
	d3 = ring_item(test, q, 5);
	KUNIT_EXPECT_EQ(test, d3, d1 + 2 * 0x1040);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d3), 0xf70), 2);
	fw_complete(test, q, d1);
	c->ops->job_free(j3, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The firmware model holds a queue's first command: while it is not
 * done the next command, prepared and published after it, takes another
 * slot and leaves the held one's descriptor whole; the model then runs
 * both to the end without an error, and a third command takes the slot
 * of its ordinal, 2.
 */
static void agx4_g17p_submit_held_command_keeps_its_descriptor_slot(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j1, *j2, *j3;
	u64 q, d1, d2, d3;
	unsigned int i;
	u8 *snap;

	bind_stream(test, CDM_BASE);
	c->pass = true;
	agx4_fwmodel_exec(m, AGX4_FWMODEL_HOLD, 0);
	j1 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j1);
	q = rd64(msg(c, 0), 0x08);
	d1 = ring_item(test, q, 0);
	for (i = 0; i < 50 && !agx4_fwmodel_held(m); i++)
		usleep_range(2000, 5000);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_held(m), 1);
	snap = kunit_kmalloc(test, 0x1000, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, snap);
	memcpy(snap, fw_ptr(test, d1), 0x1000);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), -EINPROGRESS);

	j2 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j2);
	d2 = ring_item(test, q, 3);
	KUNIT_EXPECT_NE(test, d2, d1);
	KUNIT_EXPECT_EQ(test, memcmp(fw_ptr(test, d1), snap, 0x1000), 0);

	agx4_fwmodel_exec(m, AGX4_FWMODEL_RUN, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(m, AGX4_FWMODEL_OLDEST_FIRST),
			0);
	KUNIT_EXPECT_EQ(test, wait_job(c, j1), 0);
	KUNIT_EXPECT_EQ(test, wait_job(c, j2), 0);
	expect_model_ok(test);
	c->ops->job_free(j2, true);
	c->ops->job_free(j1, true);
	j3 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j3);
	d3 = ring_item(test, q, 5);
	KUNIT_EXPECT_EQ(test, d3, d1 + 2 * 0x1040);
	KUNIT_EXPECT_EQ(test, wait_job(c, j3), 0);
	c->ops->job_free(j3, true);
	c->ops->queue_destroy(fq, true);
}

/* Prepare a job and reserve its descriptor slots: no wait. */
static struct agx4_fw_job *reserved(struct kunit *test,
				    struct agx4_fw_queue *fq,
				    const struct agx4_cmdbuf *cb)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *job = prepare(test, fq, cb);

	KUNIT_ASSERT_NULL(test, c->ops->job_reserve(job));
	return job;
}

/*
 * Command n's descriptor slot (n mod 240) may still be held by command
 * n - 240: its prepare does not wait for it (nor write it), its reserve
 * does, holding what it could take.  Command 0 went out; 1..239 are
 * reserved and not freed; a job of commands 240 and 241 prepares at
 * once, and its reserve returns a fence.  Slot 0 still holds command 0's
 * descriptor.  Command 0's job freed hands slot 0 to the waiting job,
 * which keeps it and still waits for slot 1; command 1..119's job freed
 * signals its fence.  Its reserve then returns NULL, holding slots 0 and
 * 1, and builds its descriptors there, which its items name once it is
 * published.
 */
static void agx4_g17p_submit_241st_command_waits_for_its_slot_at_reserve(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *a, *a2, *b, *j;
	struct dma_fence *f;
	u64 q, d0;

	a = prepare(test, fq, computes(test, 1));
	publish_kick(c, a);
	q = rd64(msg(c, 0), 0x08);
	d0 = ring_item(test, q, 0);
	KUNIT_EXPECT_EQ(test, d0, q - 0x100000);
	a2 = reserved(test, fq, computes(test, 119));
	b = reserved(test, fq, computes(test, 120));
	j = prepare(test, fq, computes(test, 2));
	f = c->ops->job_reserve(j);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d0), 0xf70), 0);

	fw_complete(test, q, d0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, a), 0);
	c->ops->job_free(a, true);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	c->ops->job_free(a2, true);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, 0);
	dma_fence_put(f);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d0), 0xf70), 0);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(j));
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d0), 0xf70), 240);

	publish_kick(c, j);
	KUNIT_EXPECT_EQ(test, ring_item(test, q, 3), d0);
	KUNIT_EXPECT_EQ(test, ring_item(test, q, 5), d0 + 0x1040);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d0), 0xf70), 240);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d0 + 0x1040), 0xf70), 241);
	fw_complete(test, q, d0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j), 0);
	c->ops->job_free(b, true);
	c->ops->job_free(j, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * SUBMIT takes no slot and writes no descriptor, even when the slot of
 * the command's place is free: command 480's place, slot 0, is free
 * (command 0 freed) while command 240, prepared before it, has not taken
 * slot 0 yet; command 240's job takes it at reserve, without a wait, and
 * command 480's later.
 */
static void agx4_g17p_submit_later_command_leaves_the_slot_to_an_earlier_one(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *a, *a2, *b, *j, *m1, *m2, *k;
	struct dma_fence *f;
	u64 q, d0;

	a = prepare(test, fq, computes(test, 1));
	publish_kick(c, a);
	q = rd64(msg(c, 0), 0x08);
	d0 = ring_item(test, q, 0);
	a2 = reserved(test, fq, computes(test, 119));
	b = reserved(test, fq, computes(test, 120));
	/* Command 240: slot 0 is command 0's. */
	j = prepare(test, fq, computes(test, 1));
	fw_complete(test, q, d0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, a), 0);
	c->ops->job_free(a, true);
	/* Commands 241..479, then 480, whose slot 0 is free now. */
	m1 = prepare(test, fq, computes(test, 120));
	m2 = prepare(test, fq, computes(test, 119));
	k = prepare(test, fq, computes(test, 1));
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d0), 0xf70), 0);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(j));
	f = c->ops->job_reserve(m1);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	dma_fence_put(f);
	c->ops->job_free(k, true);
	c->ops->job_free(m2, true);
	c->ops->job_free(m1, true);
	c->ops->job_free(j, true);
	c->ops->job_free(b, true);
	c->ops->job_free(a2, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A job waiting for a descriptor slot, freed (its queue goes), ends its
 * wait with -ECANCELED and leaves nothing behind: no wait (the queue's
 * next job, which takes its ordinal back, waits for the slot in its
 * turn, and is handed it when its holder is freed) and no storage.
 */
static void agx4_g17p_submit_job_freed_while_waiting_for_a_slot_ends_its_wait(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *a, *b, *j, *k;
	struct dma_fence *f;
	unsigned int objs;

	a = reserved(test, fq, computes(test, 120));
	b = reserved(test, fq, computes(test, 120));
	objs = heap_objects(c->adev);
	j = prepare(test, fq, computes(test, 1));
	f = c->ops->job_reserve(j);
	KUNIT_ASSERT_NOT_NULL(test, f);
	c->ops->job_free(j, true);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, -ECANCELED);
	dma_fence_put(f);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs);

	k = prepare(test, fq, computes(test, 1));
	f = c->ops->job_reserve(k);
	KUNIT_ASSERT_NOT_NULL(test, f);
	c->ops->job_free(a, true);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, 0);
	dma_fence_put(f);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(k));
	c->ops->job_free(k, true);
	c->ops->job_free(b, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The unplug ends a job's wait for a descriptor slot at once, with
 * -ENODEV (its fence is signalled by the call itself: no slot came
 * back), and hands it no slot: its reserve returns NULL, and a
 * publication sends none of it (no message, no doorbell) and ends it
 * -ECANCELED.  A job prepared later takes nothing and waits for nothing.
 */
static void agx4_g17p_submit_unplug_ends_the_wait_for_a_slot(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *a, *b, *j, *k;
	struct dma_fence *f;

	a = reserved(test, fq, computes(test, 120));
	b = reserved(test, fq, computes(test, 120));
	j = prepare(test, fq, computes(test, 1));
	f = c->ops->job_reserve(j);
	KUNIT_ASSERT_NOT_NULL(test, f);
	agx4_engine_stop(c->adev->fw->engine);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, -ENODEV);
	dma_fence_put(f);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(j));
	agx4_test_publish_kick(c->adev, c->ops, j);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 0);
	KUNIT_EXPECT_EQ(test, c->nkicks, 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j), -ECANCELED);
	k = prepare(test, fq, computes(test, 1));
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(k));
	c->ops->job_free(a, true);
	c->ops->job_free(k, true);
	c->ops->job_free(j, true);
	c->ops->job_free(b, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A job waiting for a descriptor slot (its queue's 240 held by reserved
 * jobs) ends its wait at once (-ECANCELED) when its queue is killed: it
 * will not run, so it takes nothing more.
 */
static void agx4_g17p_submit_killed_queue_stops_waiting_for_a_slot(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *a, *b, *j;
	struct dma_fence *f;

	a = reserved(test, fq, computes(test, 120));
	b = reserved(test, fq, computes(test, 120));
	j = prepare(test, fq, computes(test, 1));
	f = c->ops->job_reserve(j);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	c->ops->queue_kill(fq);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, -ECANCELED);
	dma_fence_put(f);
	KUNIT_EXPECT_FALSE(test, to_g17p_job(j)->slotted);
	c->ops->job_free(j, true);
	c->ops->job_free(b, true);
	c->ops->job_free(a, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The firmware crashing (not restarted) ends a job's wait for a
 * descriptor slot with -ENODEV: the slots' holders may never be freed
 * while the firmware is stopped.
 */
static void agx4_g17p_submit_crash_ends_the_wait_for_a_slot(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *a, *b, *j;
	struct dma_fence *f;

	a = reserved(test, fq, computes(test, 120));
	b = reserved(test, fq, computes(test, 120));
	j = prepare(test, fq, computes(test, 1));
	f = c->ops->job_reserve(j);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	agx4_test_no_restart(test);
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(m);
	flush_work(&c->adev->fw->crash_work);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, -ENODEV);
	dma_fence_put(f);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(j));
	c->ops->job_free(j, true);
	c->ops->job_free(b, true);
	c->ops->job_free(a, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The unplug hook ends every kind of wait for room at once, with
 * -ENODEV: a render SUBMIT waiting for a pool and a SUBMIT waiting for
 * its queue to go idle before a recycle, asleep together, and a job
 * waiting in the scheduler for a descriptor slot, each on a queue of its
 * own.  No wait re-checks anything by itself, so only the hook's wake-up
 * can end them before the bounded wait does (the reap's signal would,
 * after it).  A wait that starts after the hook ends at once.  The
 * firmware is still up: the job in flight completes and everything goes.
 */
static void agx4_g17p_submit_unplug_ends_every_wait_for_room(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fp = queue(test);
	struct agx4_fw_queue *fd = queue(test);
	struct agx4_fw_queue *fi = queue(test);
	struct every_pool *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct agx4_fw_job *a, *b, *j1, *jd, *jp, *late;
	struct dma_fence *fd_wait, *fp_wait;
	struct waiter *wi;
	unsigned int i;
	u64 q;

	KUNIT_ASSERT_NOT_NULL(test, p);
	/* Every pool held by a render in flight, no pool to take over. */
	hold_every_pool(test, p);
	jp = prepare(test, fp, renders(test, 1));
	fp_wait = reserve_waits(test, jp, 1);
	/* Every descriptor slot of @fd's owner held. */
	a = reserved(test, fd, computes(test, 120));
	b = reserved(test, fd, computes(test, 120));
	jd = prepare(test, fd, computes(test, 1));
	fd_wait = c->ops->job_reserve(jd);
	KUNIT_ASSERT_NOT_NULL(test, fd_wait);
	/* @fi's owner at its limit, its last command in flight. */
	set_counts(test, fi, 0xfffffe, 0);
	j1 = prepare(test, fi, computes(test, 1));
	publish_kick(c, j1);
	q = rd64(msg(c, 0), 0x08);
	wi = prepare_in_thread(test, fi, computes(test, 1));
	msleep(100);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fp_wait));
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fd_wait));
	KUNIT_EXPECT_FALSE(test, completion_done(&wi->done));

	agx4_engine_stop(c->adev->fw->engine);
	/* A waiter still there would run into what the case frees: stop. */
	KUNIT_ASSERT_EQ(test, waiter_result(test, wi), -ENODEV);
	expect_signalled(test, fp_wait, -ENODEV);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fd_wait));
	KUNIT_EXPECT_EQ(test, fd_wait->error, -ENODEV);
	dma_fence_put(fd_wait);
	KUNIT_EXPECT_NULL(test, wi->job);
	KUNIT_EXPECT_EQ(test, pool_waiters(c), 0);
	/* A job reserved after the hook waits for nothing. */
	late = prepare(test, fp, renders(test, 1));
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(late));
	KUNIT_EXPECT_EQ(test, pool_waiters(c), 0);

	fw_complete(test, q, rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)),
				  0));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), 0);
	c->ops->job_free(j1, true);
	c->ops->job_free(jd, true);
	c->ops->job_free(b, true);
	c->ops->job_free(a, true);
	c->ops->job_free(late, true);
	c->ops->job_free(jp, true);
	for (i = 0; i < 15; i++)
		c->ops->job_free(p->job[i], true);
	for (i = 0; i < 15; i++)
		c->ops->queue_destroy(p->fq[i], true);
	c->ops->queue_destroy(fi, true);
	c->ops->queue_destroy(fd, true);
	c->ops->queue_destroy(fp, true);
}

/*
 * A timeout killed the queue: what of its work waits unpublished (here
 * a command behind a bank switch) never goes out, not even once the
 * owner is idle; the jobs count as done once what went out is; and
 * everything goes with the queue.
 */
static void agx4_g17p_submit_kill_drops_deferred_work(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq;
	struct agx4_fw_job *a, *b, *j;
	unsigned int base;
	u64 q, d0;

	c->ops->queue_destroy(queue(test), true);
	base = heap_objects(c->adev);
	fq = queue(test);
	a = prepare(test, fq, computes(test, 64));
	b = prepare(test, fq, computes(test, 64));
	j = prepare(test, fq, computes(test, 2));
	publish_kick(c, a);
	publish_kick(c, b);
	publish_kick(c, j);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 128);
	c->ops->queue_kill(fq);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, a), -EINPROGRESS);
	q = rd64(msg(c, 0), 0x08);
	d0 = rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)), 0);
	fw_complete(test, q, d0);
	put_unaligned_le32(257, fw_ptr(test, q) + 0x1c);
	agx4_test_poll_kick(c->adev);
	/* The owner is idle, the bank could switch: nothing more went out. */
	KUNIT_EXPECT_EQ(test, *cursor(c, CH8_PROD), 128);
	KUNIT_EXPECT_EQ(test, c->nkicks, 2);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, a), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, b), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j), 0);
	c->ops->job_free(a, true);
	c->ops->job_free(b, true);
	c->ops->job_free(j, true);
	c->ops->queue_destroy(fq, true);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
}

/*
 * After unplug (the firmware, the submission state and context 0's
 * tables gone) forgetting a queue's jobs and the queue frees every
 * object the queue had in the firmware heap: its owner's arena and save
 * areas, its pool's arena and memory (4 objects), with its window gone
 * from the VM, and touches nothing the unplug freed (KASAN would say).
 */
static void agx4_g17p_submit_forget_after_unplug_keeps_nothing(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq;
	struct agx4_fw_job *j1, *j2, *j3;
	phys_addr_t pa = 0;
	unsigned int left;

	fq = queue(test);
	j1 = prepare(test, fq, computes(test, 1));
	j2 = prepare(test, fq, renders(test, 1));
	j3 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j1);
	publish_kick(c, j2);
	/* Full channel 8 is not needed: j3 waits behind nothing, it is out. */
	publish_kick(c, j3);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->vm->uat, WIN0, &pa, NULL),
			0);
	agx4_device_unplug(c->adev);
	KUNIT_ASSERT_NULL(test, c->adev->fw);
	left = heap_objects(c->adev);
	c->ops->job_free(j1, false);
	c->ops->job_free(j2, false);
	c->ops->job_free(j3, false);
	c->ops->queue_destroy(fq, false);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), left - 4);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&c->vm->uat, WIN0, &pa, NULL),
			0);
}

/*
 * The counters' limits: an owner's command n is written as the queue
 * submission n + 1 (24 bits) and the event group n + 1; a pool's render
 * k as the event group k + 1 (24 bits).  Command 2^24 - 2 and render
 * 2^24 - 2 are the last ones; the next SUBMIT, with the queue idle,
 * first sends a context cleanup for the owner (or pool), which the
 * firmware takes, and goes out as the first command (render) of the
 * same queue records again: "first", optional record, counters from 1.
 */
static void agx4_g17p_submit_counters_recycle_at_their_limit(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fw_queue *fq = queue(test);
	u32 records = agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	struct agx4_fw_job *job;
	u64 q, r, d, qta, q3d, cc;
	const u8 *ring;
	u32 h;

	set_counts(test, fq, 0xfffffe, 0);
	job = prepare(test, fq, computes(test, 1));
	publish_kick(c, job);
	q = rd64(msg(c, 0), 0x08);
	r = rd64(fw_ptr(test, q), 0x08);
	d = rd64(fw_ptr(test, r), 0);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 0), 0x14), 2 | GRID0 << 16);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d), 0xf50), 0xffffff << 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(fw_ptr(test, r), 8)), 8),
			0xffffff << 8 | 2);
	fw_complete(test, q, d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	cc = rd64(fw_ptr(test, q), 0x9c);
	incarnate(test, cc, 3);
	h = ctl_head(c);
	job = prepare(test, fq, computes(test, 1));
	KUNIT_EXPECT_EQ(test, ctl_head(c), (h + 1) % 256);
	expect_cleanup(test, ctl_rec(c, h), 0x04030002, cc);
	KUNIT_EXPECT_EQ(test,
			agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records + 1);
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd64(msg(c, 1), 0x08), q);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 1), 0x14), 3 | GRID0 << 16 | 1 << 24);
	d = rd64(fw_ptr(test, r), 0);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d), 0xf50), 1 << 8);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, d), 0xf60), 1);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(fw_ptr(test, r), 8)), 0),
			0x0f);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(fw_ptr(test, r), 16)), 8),
			1 << 8 | 2);
	fw_complete(test, q, d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);

	/* A render, then render 2^24 - 2 of the same pool. */
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	qta = rd64(msg_ta(c, 0), 0x08);
	q3d = rd64(c->bundle + CH7_RING, 0x08);
	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	set_counts(test, fq, 1, 0xfffffe);
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd32(msg_ta(c, 1), 0x14), 6 | 0 << 16);
	ring = fw_ptr(test, rd64(fw_ptr(test, qta), 0x08));
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(ring, 5 * 8)), 0x08),
			0xffffff << 8);
	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	cc = rd64(fw_ptr(test, qta), 0x9c);
	incarnate(test, cc, 5);
	h = ctl_head(c);
	job = prepare(test, fq, renders(test, 1));
	KUNIT_EXPECT_EQ(test, ctl_head(c), (h + 1) % 256);
	expect_cleanup(test, ctl_rec(c, h), 0x04050002, cc);
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, rd64(msg_ta(c, 2), 0x08), qta);
	KUNIT_EXPECT_EQ(test, rd32(msg_ta(c, 2), 0x14), 3 | 0 << 16 | 1 << 24);
	KUNIT_EXPECT_EQ(test, rd32(fw_ptr(test, rd64(ring, 2 * 8)), 0x08),
			1 << 8);
	render_complete(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The SUBMIT that passes the limit while the queue's last command is
 * still in flight waits, sending nothing, until that job is done and
 * freed; then the cleanup goes and the command is the owner's first.
 */
static void agx4_g17p_submit_recycle_waits_for_an_idle_queue(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *j1;
	struct waiter *w;
	u64 q;
	u32 h;

	set_counts(test, fq, 0xfffffe, 0);
	j1 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j1);
	q = rd64(msg(c, 0), 0x08);
	h = ctl_head(c);
	w = prepare_in_thread(test, fq, computes(test, 1));
	msleep(100);
	KUNIT_EXPECT_FALSE(test, completion_done(&w->done));
	KUNIT_EXPECT_EQ(test, ctl_head(c), h);
	fw_complete(test, q, rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)),
				  0));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), 0);
	/* Done is not enough: the job must be freed. */
	msleep(60);
	KUNIT_EXPECT_FALSE(test, completion_done(&w->done));
	c->ops->job_free(j1, true);
	KUNIT_ASSERT_EQ(test, waiter_result(test, w), 0);
	KUNIT_EXPECT_EQ(test, ctl_head(c), (h + 1) % 256);
	publish_kick(c, w->job);
	KUNIT_EXPECT_EQ(test, rd32(msg(c, 1), 0x14), 3 | GRID0 << 16 | 1 << 24);
	fw_complete(test, q, rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)),
				  0));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, w->job), 0);
	c->ops->job_free(w->job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * 15 queues with a render in flight each; queue 0 then places renders 1
 * and 2 and is killed before they are published; a 16th queue's render
 * waits for a pool.  Queue 0's render completes and all its jobs are
 * freed: its pool is idle, with renders that never went out, and the
 * waiter still waits.  Return: the waiter's fence (@job[15]'s).
 */
static struct dma_fence *pool_with_gaps(struct kunit *test,
					struct agx4_fw_queue **fq,
					struct agx4_fw_job **job)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *b, *d;
	struct dma_fence *f;
	unsigned int i;

	for (i = 0; i < 15; i++) {
		fq[i] = queue(test);
		job[i] = prepare(test, fq[i], renders(test, 1));
		publish_kick(c, job[i]);
	}
	b = reserved(test, fq[0], renders(test, 1));
	d = reserved(test, fq[0], renders(test, 1));
	c->ops->queue_kill(fq[0]);
	fq[15] = queue(test);
	job[15] = prepare(test, fq[15], renders(test, 1));
	f = reserve_waits(test, job[15], 1);
	render_complete(test, rd64(msg_ta(c, 0), 0x08),
			rd64(c->bundle + CH7_RING, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job[0]), 0);
	c->ops->job_free(job[0], true);
	c->ops->job_free(b, true);
	c->ops->job_free(d, true);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	return f;
}

/*
 * A pool whose queue was killed with renders placed (reserved) and never
 * published is never taken over, even once its jobs are freed (the
 * firmware would wait for the renders that never came); a render waiting
 * for a pool takes the next idle one instead.
 */
static void agx4_g17p_submit_killed_pool_with_gaps_is_not_taken(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[16];
	struct agx4_fw_job *job[16];
	struct dma_fence *f;
	unsigned int i;

	f = pool_with_gaps(test, fq, job);
	/* Queue 1's render is done and freed: its pool goes over. */
	render_complete(test, rd64(msg_ta(c, 1), 0x08),
			rd64(c->bundle + CH7_RING + 0x18, 0x08));
	c->ops->job_free(job[1], true);
	expect_signalled(test, f, 0);
	publish_kick(c, job[15]);
	KUNIT_EXPECT_EQ(test, rd64(msg_ta(c, 15), 0x08),
			rd64(msg_ta(c, 1), 0x08));
	for (i = 2; i < 16; i++)
		c->ops->job_free(job[i], true);
	for (i = 0; i < 16; i++)
		c->ops->queue_destroy(fq[i], true);
}

/*
 * A job prepared and not yet reserved (still waiting for its in-fences,
 * as far as the backend knows) holds no pool: 15 queues whose SUBMITs
 * made every pool, none of them reserved, do not keep a 16th queue's job
 * from taking one at its reserve.  Their own jobs then take the pools
 * left idle, each in turn, until the last finds none and waits; it takes
 * the pool the 16th queue's job frees.
 */
static void agx4_g17p_submit_prepared_jobs_hold_no_pool(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_fw_queue *fq[16];
	struct agx4_fw_job *job[16];
	struct dma_fence *f;
	unsigned int i;

	for (i = 0; i < 15; i++) {
		fq[i] = queue(test);
		job[i] = prepare(test, fq[i], renders(test, 1));
	}
	KUNIT_EXPECT_TRUE(test, bitmap_full(sub->pools, AGX4_G17P_MAX_POOLS));
	fq[15] = queue(test);
	job[15] = prepare(test, fq[15], renders(test, 1));
	publish_kick(c, job[15]);
	KUNIT_EXPECT_PTR_EQ(test, sub->pool[0]->fq, to_g17p_queue(fq[15]));
	KUNIT_EXPECT_NULL(test, to_g17p_queue(fq[0])->pool);
	for (i = 0; i < 14; i++)
		KUNIT_EXPECT_NULL_MSG(test, c->ops->job_reserve(job[i]),
				      "queue %u", i);
	f = reserve_waits(test, job[14], 1);
	render_complete(test, rd64(msg_ta(c, 0), 0x08),
			rd64(c->bundle + CH7_RING, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job[15]), 0);
	c->ops->job_free(job[15], true);
	expect_signalled(test, f, 0);
	KUNIT_EXPECT_PTR_EQ(test, to_g17p_queue(fq[14])->pool, sub->pool[0]);
	for (i = 0; i < 15; i++)
		c->ops->job_free(job[i], true);
	for (i = 0; i < 16; i++)
		c->ops->queue_destroy(fq[i], true);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
}

/*
 * The pool taken over is the least recently used idle one: with every
 * pool idle, each having run one render in queue order, and queue 0
 * rendering once more, a 16th queue takes queue 1's pool; queue 0 keeps
 * its own.
 */
static void agx4_g17p_submit_takes_the_least_recently_used_pool(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_fw_queue *fq[16];
	struct agx4_fw_job *job;
	unsigned int i;

	for (i = 0; i < 16; i++) {
		fq[i] = queue(test);
		if (i == 15)
			break;
		job = prepare(test, fq[i], renders(test, 1));
		publish_kick(c, job);
		render_complete(test, rd64(msg_ta(c, i), 0x08),
				rd64(c->bundle + CH7_RING + i * 0x18, 0x08));
		KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
		c->ops->job_free(job, true);
	}
	job = prepare(test, fq[0], renders(test, 1));
	publish_kick(c, job);
	render_complete(test, rd64(msg_ta(c, 15), 0x08),
			rd64(c->bundle + CH7_RING + 15 * 0x18, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);

	job = prepare(test, fq[15], renders(test, 1));
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(job));
	KUNIT_EXPECT_PTR_EQ(test, sub->pool[1]->fq, to_g17p_queue(fq[15]));
	KUNIT_EXPECT_NULL(test, to_g17p_queue(fq[1])->pool);
	KUNIT_EXPECT_PTR_EQ(test, to_g17p_queue(fq[0])->pool, sub->pool[0]);
	c->ops->job_free(job, true);
	for (i = 0; i < 16; i++)
		c->ops->queue_destroy(fq[i], true);
}

/*
 * A pool no job may take (its killed queue left renders placed and never
 * published) whose queue is destroyed while a job waits for a pool is
 * kept for that job: an orphan, in no VM, made anew (the firmware forgot
 * it), so the waiting job's render is the pool's first again.  Once no
 * job waits, nothing of it is left.
 */
static void agx4_g17p_submit_destroyed_queue_leaves_its_pool_to_a_waiter(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct agx4_fw_queue *fq[16];
	struct agx4_fw_job *job[16];
	struct dma_fence *f;
	unsigned int i, base;

	/* The VM's state stays from its first queue on. */
	c->ops->queue_destroy(queue(test), true);
	base = heap_objects(c->adev);
	f = pool_with_gaps(test, fq, job);
	c->ops->queue_destroy(fq[0], true);
	expect_signalled(test, f, 0);
	KUNIT_EXPECT_PTR_EQ(test, sub->pool[0]->fq, to_g17p_queue(fq[15]));
	publish_kick(c, job[15]);
	/* Pool 0's first render: write index 3, grid 0, first. */
	KUNIT_EXPECT_EQ(test, rd32(msg_ta(c, 15), 0x14), 3 | 0 << 16 | 1 << 24);
	for (i = 1; i < 16; i++)
		c->ops->job_free(job[i], true);
	for (i = 1; i < 16; i++)
		c->ops->queue_destroy(fq[i], true);
	flush_work(&sub->pool_work);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), base);
}

/*
 * A pool that grew in one VM and is taken over by a queue of another
 * leaves its grown blocks behind: the move (in prepare_job) only unmaps
 * the window; the pool's work item then unmaps the grown blocks from the
 * first VM and frees them, and drops that VM.  Everything goes with the
 * queues.
 */
static void agx4_g17p_submit_moved_pool_retires_its_grown_blocks(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(c->adev->fw);
	struct every_pool *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	struct agx4_fw_ev_grow_in req = { .slot = 0, .counter = 0 };
	u64 grown = c->vm->kernel_start + G17P_KC_GROWTH;
	unsigned int i, refs;
	phys_addr_t pa;

	KUNIT_ASSERT_NOT_NULL(test, p);
	hold_every_pool(test, p);
	/* The VM's context, as its queues have it now. */
	req.context = c->vm->uat.asid;
	req.subpipe = sub->pool[0]->grid;
	KUNIT_ASSERT_EQ(test, c->ops->tvb->grow(c->adev, &req, 2048), 18);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->vm->uat, grown, &pa, NULL),
			0);
	render_complete(test, p->qta, p->q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, p->job[0]), 0);
	c->ops->job_free(p->job[0], true);
	refs = kref_read(&c->vm->ref);
	KUNIT_ASSERT_EQ(test, c->ops->queue_create(c->adev, &p->args2,
						   &p->fq[15]), 0);
	p->job[15] = prepare(test, p->fq[15], renders(test, 1));
	publish_kick(c, p->job[15]);
	flush_work(&sub->pool_work);
	KUNIT_EXPECT_NULL(test, sub->pool[0]->retire.vm);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&c->vm->uat, grown, &pa, NULL),
			0);
	KUNIT_EXPECT_EQ(test, kref_read(&c->vm->ref), refs - 1);
	/* The pool counts its first blocks again. */
	KUNIT_EXPECT_EQ(test, sub->pool[0]->tp.blocks, 8);
	for (i = 1; i < 16; i++)
		c->ops->job_free(p->job[i], true);
	for (i = 0; i < 16; i++)
		c->ops->queue_destroy(p->fq[i], true);
	KUNIT_EXPECT_TRUE(test, bitmap_empty(sub->pools, AGX4_G17P_MAX_POOLS));
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), p->base);
}

/* The value of register @reg in the register program at @regs, or ~0. */
static u64 prog_reg(const u8 *regs, u32 count, u32 reg)
{
	u32 i;

	for (i = 0; i < count; i++)
		if (rd32(regs, i * 12) == reg)
			return rd64(regs, i * 12 + 4);
	return ~0ull;
}

/*
 * A pool's render k carries the hardware work tag (context << 8) | the
 * low byte of its node k + k / 2, which passes 255 from render 171 on:
 * the tag must keep naming its context there (the firmware model refuses
 * a tag naming another context).  Renders 170 to 172 of one pool, run by
 * the model, each carry the queue's context in the TA's and the 3D's tag
 * registers.
 */
static void agx4_g17p_submit_render_tag_keeps_its_context_past_node_255(struct kunit *test)
{
	static const u32 ta_tags[] = { 0x10209, 0x1c9f0, 0x14320 };
	static const u32 frag_tags[] = { 0x10211, 0x10420 };
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	int asid = c->vm->uat.asid;
	struct agx4_fw_job *job;
	u64 qta, q3d;
	u32 k, n, node, i;

	bind_stream(test, renders(test, 1)->cmds[0].render.cmd.vdm_ctrl_stream_base);
	c->pass = true;
	/* Renders 0 to 169, in jobs of at most 64, run by the model. */
	for (k = 0; k < 170; k += n) {
		n = min(170 - k, 64u);
		job = prepare(test, fq, renders(test, n));
		publish_kick(c, job);
		KUNIT_ASSERT_EQ(test, wait_job(c, job), 0);
		c->ops->job_free(job, true);
	}
	qta = rd64(msg_ta(c, 0), 0x08);
	q3d = rd64(c->bundle + CH7_RING, 0x08);
	for (k = 170; k <= 172; k++) {
		const u8 *ta, *frag;
		u32 wta, w3d;

		/* This render's descriptors: the first items it adds. */
		wta = rd32(fw_ptr(test, rd64(fw_ptr(test, qta), 0)), 0x40);
		w3d = rd32(fw_ptr(test, rd64(fw_ptr(test, q3d), 0)), 0x40);
		job = prepare(test, fq, renders(test, 1));
		publish_kick(c, job);
		KUNIT_EXPECT_EQ(test, wait_job(c, job), 0);
		ta = fw_ptr(test, ring_item(test, qta, wta));
		frag = fw_ptr(test, ring_item(test, q3d, w3d));
		node = k + k / 2;
		for (i = 0; i < ARRAY_SIZE(ta_tags); i++)
			KUNIT_EXPECT_EQ_MSG(test, prog_reg(ta + 0x60, 73,
							   ta_tags[i]),
					    (u64)asid << 8 | (node & 0xff),
					    "render %u TA %#x", k, ta_tags[i]);
		for (i = 0; i < ARRAY_SIZE(frag_tags); i++)
			KUNIT_EXPECT_EQ_MSG(test, prog_reg(frag + 0xa0, 89,
							   frag_tags[i]),
					    (u64)asid << 8 | (node & 0xff),
					    "render %u 3D %#x", k, frag_tags[i]);
		c->ops->job_free(job, true);
	}
	expect_model_ok(test);
	c->ops->queue_destroy(fq, true);
}

/*
 * Two compute queues and a render, run by the firmware model: each
 * compute owner's context records name its own grid as their receiver
 * slot, the render its pool's index, so no two receivers share a slot
 * (the model refuses a slot another receiver holds).
 */
static void agx4_g17p_submit_compute_receiver_slot_is_the_owner_grid(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[2] = { queue(test), queue(test) };
	struct agx4_cmdbuf *cb = renders(test, 2);
	struct agx4_fw_job *job[2];
	u64 q, grid;
	unsigned int i;

	cb->cmds[1].is_compute = true;
	cb->cmds[1].compute.cmd = (struct drm_asahi_cmd_compute){
		.cdm_ctrl_stream_base = CDM_BASE,
		.cdm_ctrl_stream_end = CDM_END,
	};
	bind_stream(test, CDM_BASE);
	bind_stream(test, cb->cmds[0].render.cmd.vdm_ctrl_stream_base);
	c->pass = true;
	job[0] = prepare(test, fq[0], cb);
	publish_kick(c, job[0]);
	job[1] = prepare(test, fq[1], computes(test, 1));
	publish_kick(c, job[1]);
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_EQ(test, wait_job(c, job[i]), 0);
		/* The owner's queue and the grid its messages carry. */
		q = rd64(msg(c, i), 0x08);
		grid = rd32(msg(c, i), 0x14) >> 16 & 0xff;
		KUNIT_EXPECT_GE(test, grid, 32);
		KUNIT_EXPECT_EQ(test, rd64(compute_ctx(test, q, 0), 0x020) >> 32,
				0xffff0800ull | grid);
	}
	expect_model_ok(test);
	for (i = 0; i < 2; i++) {
		c->ops->job_free(job[i], true);
		c->ops->queue_destroy(fq[i], true);
	}
}

/*
 * The first render of pool 1, once complete, leaves 0x13 at +0x40 of the
 * pool's shared-slots leaf (the reference's retirement mark); pool 0's
 * first render leaves none.  The leaf is found through the TA's shared
 * pool object (+0x20), whose +0x4c names it.
 */
static void agx4_g17p_submit_first_render_of_pool_1_leaves_the_mark(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[2] = { queue(test), queue(test) };
	struct agx4_fw_job *job;
	unsigned int i;
	u64 qta, shared;
	u32 w;

	bind_stream(test, renders(test, 1)->cmds[0].render.cmd.vdm_ctrl_stream_base);
	c->pass = true;
	for (i = 0; i < 2; i++) {
		job = prepare(test, fq[i], renders(test, 1));
		publish_kick(c, job);
		KUNIT_ASSERT_EQ(test, wait_job(c, job), 0);
		/* Its TA queue and the first descriptor on it. */
		qta = rd64(msg_ta(c, i), 0x08);
		w = rd32(fw_ptr(test, rd64(fw_ptr(test, qta), 0)), 0x40);
		KUNIT_ASSERT_EQ(test, w, 3);
		shared = rd64(fw_ptr(test, ring_item(test, qta, 0)), 0x20);
		KUNIT_EXPECT_EQ_MSG(test,
				    rd32(fw_ptr(test, rd64(fw_ptr(test, shared),
							   0x4c)), 0x40),
				    i ? 0x13 : 0, "pool %u", i);
		c->ops->job_free(job, true);
	}
	for (i = 0; i < 2; i++)
		c->ops->queue_destroy(fq[i], true);
}

/*
 * Every render seen complete rings the control doorbell, twice for the
 * first render since the boot (the reference's completion path), before
 * its job is reported done; render 2 rings one more for its tick.
 */
static void agx4_g17p_submit_render_completion_rings_control(struct kunit *test)
{
	static const unsigned int want[] = { 2, 3, 5 };
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job;
	unsigned int i;

	bind_stream(test, renders(test, 1)->cmds[0].render.cmd.vdm_ctrl_stream_base);
	c->pass = true;
	c->nctl = 0;
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		job = prepare(test, fq, renders(test, 1));
		publish_kick(c, job);
		KUNIT_ASSERT_EQ(test, wait_job(c, job), 0);
		agx4_test_poll_kick(c->adev);
		KUNIT_EXPECT_EQ_MSG(test, c->nctl, want[i], "render %u", i);
		c->ops->job_free(job, true);
	}
	c->ops->queue_destroy(fq, true);
}

/* Render @k of a pool's first bank, queue @qta: its TA descriptor. */
static u64 ta_desc(struct kunit *test, u64 qta, u32 k)
{
	return ring_item(test, qta, 3 * k);
}

/*
 * A render published on @fq (its messages in slot @slot), completed by
 * the test, seen done (its completion doorbells rung), freed.
 */
static void render_done(struct kunit *test, struct agx4_fw_queue *fq,
			u32 slot)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *job = prepare(test, fq, renders(test, 1));

	publish_kick(c, job);
	render_complete(test, rd64(msg_ta(c, slot), 0x08),
			rd64(c->bundle + CH7_RING + slot * 0x18, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	agx4_test_poll_kick(c->adev);
	c->ops->job_free(job, true);
}

/* A 0x2e control tick: tick number @number, context word @context. */
static void expect_tick(struct kunit *test, const u8 *rec, u32 number,
			u32 context)
{
	static const u8 zero[0x40];

	KUNIT_EXPECT_EQ(test, rd32(rec, 0x00), 0x2e);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x04), number);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x08), 0);
	KUNIT_EXPECT_EQ(test, rd32(rec, 0x0c), context);
	KUNIT_EXPECT_MEMEQ(test, rec + 0x10, zero, 0x40 - 0x10);
}

/*
 * Renders 0 and 1 since the boot go out with no device control; every
 * later one is preceded by a 0x2e tick on the primary's device-control
 * ring, +4 = ordinal - 1, +0xc = 0, and the control doorbell rung before
 * the render doorbell.  From ordinal 3, a render published while nothing
 * else is out first writes the prestate {0x1a0, 0x1ea0, 0, 0x1d00} at
 * +0x20 of the support its descriptors name; one published while a
 * render is out does not.  The model takes every tick.
 */
static void agx4_g17p_submit_render_ticks_from_ordinal_2(struct kunit *test)
{
	static const u32 prestate[4] = { 0x1a0, 0x1ea0, 0, 0x1d00 };
	struct ctx *c = test->priv;
	struct agx4_fwmodel *m = agx4_test_model();
	u32 bad = agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_BAD_RECORDS);
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job[2];
	u64 qta, sup;
	unsigned int k, i;
	u32 h;
	u8 *w;

	for (k = 0; k < 4; k++) {
		unsigned int nctl = c->nctl, nkicks = c->nkicks;

		h = ctl_head(c);
		render_done(test, fq, k);
		qta = rd64(msg_ta(c, k), 0x08);
		sup = rd64(fw_ptr(test, ta_desc(test, qta, k)), 0x934);
		w = fw_ptr(test, sup + 0x20);
		KUNIT_EXPECT_EQ_MSG(test, c->kicks[nkicks], KICK_RENDER,
				    "render %u", k);
		if (k < 2) {
			KUNIT_EXPECT_EQ_MSG(test, ctl_head(c), h,
					    "render %u", k);
			/* Only the completion doorbells (2 for render 0). */
			KUNIT_EXPECT_EQ(test, c->nctl - nctl, k ? 1 : 2);
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, ctl_head(c), (h + 1) % 256,
				    "render %u", k);
		expect_tick(test, ctl_rec(c, h), k - 1, 0);
		/* Its own control doorbell and its completion doorbell. */
		KUNIT_EXPECT_EQ(test, c->nctl - nctl, 2);
		if (k == 2) {
			KUNIT_EXPECT_EQ(test, rd64(w, 0), 0x160000000000ull);
			KUNIT_EXPECT_EQ(test, rd64(w, 8), 0x160000000000ull);
		} else {
			for (i = 0; i < 4; i++)
				KUNIT_EXPECT_EQ_MSG(test, rd32(w, 4 * i),
						    prestate[i], "word %u", i);
		}
	}

	/* Render 4 while nothing is out: the doorbells' order. */
	memset(w, 0, 16);
	job[0] = prepare(test, fq, renders(test, 1));
	h = ctl_head(c);
	k = c->nkicks;
	publish_kick(c, job[0]);
	expect_tick(test, ctl_rec(c, h), 3, 0);
	KUNIT_ASSERT_EQ(test, c->nkicks, k + 1);
	KUNIT_EXPECT_EQ(test, c->ctl_at, k);
	KUNIT_EXPECT_EQ(test, rd32(w, 4), 0x1ea0);
	/* Render 5 while render 4 is out: its tick, no prestate. */
	memset(w, 0, 16);
	job[1] = prepare(test, fq, renders(test, 1));
	publish_kick(c, job[1]);
	expect_tick(test, ctl_rec(c, h + 1), 4, 0);
	KUNIT_EXPECT_EQ(test, rd64(w, 0), 0);
	KUNIT_EXPECT_EQ(test, rd64(w, 8), 0);
	render_complete(test, qta, rd64(c->bundle + CH7_RING, 0x08));
	for (i = 0; i < 2; i++) {
		KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job[i]), 0);
		c->ops->job_free(job[i], true);
	}
	agx4_fwmodel_sync(m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_BAD_RECORDS),
			bad);
	c->ops->queue_destroy(fq, true);
}

/*
 * With no credit on the device-control ring, a render that needs a tick
 * waits, unpublished, and goes out with its tick once the firmware took
 * a record.
 */
static void agx4_g17p_submit_render_tick_waits_for_credit(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_channel *ch = &c->adev->fw->ctl[0];
	struct agx4_fw_job *job;
	u32 read, h;

	render_done(test, fq, 0);
	render_done(test, fq, 1);
	/* The firmware's read cursor just past the head: the ring full. */
	read = agx4_cursor_get(&ch->read);
	h = ctl_head(c);
	WRITE_ONCE(*ch->read.ram, (h + 1) % 256);
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	KUNIT_EXPECT_EQ(test, ctl_head(c), h);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH6_READ + 0x20), 2);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	WRITE_ONCE(*ch->read.ram, read);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, ctl_head(c), (h + 1) % 256);
	expect_tick(test, ctl_rec(c, h), 1, 0);
	KUNIT_EXPECT_EQ(test, *cursor(c, CH6_READ + 0x20), 3);
	render_complete(test, rd64(msg_ta(c, 2), 0x08),
			rd64(c->bundle + CH7_RING + 2 * 0x18, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A compute owner made after a render sends a tick {0x2e, 0, +0xc 2}
 * before its command 2, and no control doorbell (the compute doorbell
 * carries it); one made before any render sends none.
 */
static void agx4_g17p_submit_compute_tick_after_render(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *before = queue(test), *after;
	unsigned int n, slot = 0;
	u32 h;

	render_done(test, before, 0);
	after = queue(test);
	for (n = 0; n < 4; n++) {
		unsigned int nctl = c->nctl;

		h = ctl_head(c);
		compute_done(test, before, slot++);
		KUNIT_EXPECT_EQ_MSG(test, ctl_head(c), h, "before, %u", n);
		compute_done(test, after, slot++);
		KUNIT_EXPECT_EQ_MSG(test, ctl_head(c), (h + (n == 2)) % 256,
				    "after, %u", n);
		if (n == 2)
			expect_tick(test, ctl_rec(c, h), 0, 2);
		KUNIT_EXPECT_EQ(test, c->nctl, nctl);
	}
	c->ops->queue_destroy(after, true);
	c->ops->queue_destroy(before, true);
}

/*
 * When a pool goes idle, a job list whose +8 word the firmware moved is
 * written anew: {0, its own address, 0}.  One with work out is not; a
 * compute owner made after a render resets an idle pool's too.
 */
static void agx4_g17p_submit_idle_pool_resets_its_job_list(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test), *other;
	struct agx4_fw_job *job;
	u64 qta, jl;
	u8 *w;

	render_done(test, fq, 0);
	qta = rd64(msg_ta(c, 0), 0x08);
	jl = rd64(fw_ptr(test, qta), 0x10);
	w = fw_ptr(test, jl);
	KUNIT_EXPECT_EQ(test, rd64(w, 8), jl);
	/* The firmware moves the list while render 1 runs. */
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	put_unaligned_le64(0x1234000, w);
	put_unaligned_le64(0x1234000, w + 8);
	put_unaligned_le64(0x5678000, w + 0x10);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	KUNIT_EXPECT_EQ(test, rd64(w, 8), 0x1234000);
	render_complete(test, qta, rd64(c->bundle + CH7_RING, 0x08));
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	KUNIT_EXPECT_EQ(test, rd64(w, 0), 0);
	KUNIT_EXPECT_EQ(test, rd64(w, 8), jl);
	KUNIT_EXPECT_EQ(test, rd64(w, 0x10), 0);
	c->ops->job_free(job, true);
	/* Moved again while idle: a compute owner made now resets it. */
	put_unaligned_le64(0x1234000, w + 8);
	other = queue(test);
	KUNIT_EXPECT_EQ(test, rd64(w, 8), jl);
	c->ops->queue_destroy(other, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A render whose memory says complete is not done before the primary
 * reported a terminal for its pool since it went out: a report for
 * another pool's grids, or one for its TA grid alone, is not one.
 */
static void agx4_g17p_submit_render_done_needs_its_pool_terminal(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test);
	struct agx4_fw_job *job;
	u64 qta, q3d;

	/* A report before the render went out does not count for it. */
	post_terminal(test, 0);
	job = prepare(test, fq, renders(test, 1));
	publish_kick(c, job);
	qta = rd64(msg_ta(c, 0), 0x08);
	q3d = rd64(c->bundle + CH7_RING, 0x08);
	render_complete_quiet(test, qta, q3d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	post_terminal(test, 2);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	post_report(test, 1);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	post_terminal(test, 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A compute command whose memory says complete is not done before the
 * primary reported its owner's grid n + 1 times since the owner was made:
 * a report before that, one for another owner's grid or a render pool's
 * do not count, and each report counts for one command.
 */
static void agx4_g17p_submit_compute_done_needs_its_grid_terminal(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq;
	struct agx4_fw_job *j1, *j2;
	u64 q, d;

	/* Before the owner is made: not its report. */
	post_grid(test, GRID0);
	fq = queue(test);
	j1 = prepare(test, fq, computes(test, 1));
	j2 = prepare(test, fq, computes(test, 1));
	publish_kick(c, j1);
	publish_kick(c, j2);
	q = rd64(msg(c, 0), 0x08);
	d = rd64(fw_ptr(test, rd64(fw_ptr(test, q), 0x08)), 0);
	fw_complete_quiet(test, q, d);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), -EINPROGRESS);
	post_grid(test, GRID0 + 1);
	post_grid(test, GRID0 + 64);
	post_report(test, 3);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), -EINPROGRESS);
	post_grid(test, GRID0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j1), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j2), -EINPROGRESS);
	post_grid(test, GRID0);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, j2), 0);
	c->ops->job_free(j1, true);
	c->ops->job_free(j2, true);
	c->ops->queue_destroy(fq, true);
}

static struct kunit_case agx4_g17p_submit_cases[] = {
	KUNIT_CASE(agx4_g17p_submit_compute_publishes_per_spec),
	KUNIT_CASE(agx4_g17p_submit_second_command_follows),
	KUNIT_CASE(agx4_g17p_submit_records_follow_the_ordinal),
	KUNIT_CASE(agx4_g17p_submit_descriptor_and_records_by_ordinal),
	KUNIT_CASE(agx4_g17p_submit_done_needs_every_signal),
	KUNIT_CASE(agx4_g17p_submit_rotates_bank_when_idle),
	KUNIT_CASE(agx4_g17p_submit_compute_barrier_on_compute_is_a_point),
	KUNIT_CASE(agx4_g17p_submit_refusals_give_back),
	KUNIT_CASE(agx4_g17p_submit_queue_create_and_destroy_balance),
	KUNIT_CASE(agx4_g17p_submit_prepare_writes_nothing_of_the_owner),
	KUNIT_CASE(agx4_g17p_submit_job_dropped_before_reserve_takes_no_ordinal),
	KUNIT_CASE(agx4_g17p_submit_owner_save_areas_take_no_page_table),
	KUNIT_CASE(agx4_g17p_submit_full_channel_defers_in_order),
	KUNIT_CASE(agx4_g17p_submit_failed_create_keeps_nothing),
	KUNIT_CASE(agx4_g17p_submit_render_publishes_per_spec),
	KUNIT_CASE(agx4_g17p_submit_render_done_needs_every_signal),
	KUNIT_CASE(agx4_g17p_submit_render_done_needs_its_pool_terminal),
	KUNIT_CASE(agx4_g17p_submit_compute_done_needs_its_grid_terminal),
	KUNIT_CASE(agx4_g17p_submit_pool_bank_switch_keeps_older_renders_done),
	KUNIT_CASE(agx4_g17p_submit_render_barriers),
	KUNIT_CASE(agx4_g17p_submit_barrier_render_runs_on_the_model),
	KUNIT_CASE(agx4_g17p_submit_pools_are_taken_at_first_render),
	KUNIT_CASE(agx4_g17p_submit_more_reports_than_a_ring_holds),
	KUNIT_CASE(agx4_g17p_submit_model_runs_render_and_compute),
	KUNIT_CASE(agx4_g17p_submit_destroy_cleans_up_contexts),
	KUNIT_CASE(agx4_g17p_submit_cleanup_not_taken_keeps_memory),
	KUNIT_CASE(agx4_g17p_submit_retained_queue_freed_at_removal),
	KUNIT_CASE(agx4_g17p_submit_retained_queue_freed_at_crash),
	KUNIT_CASE(agx4_g17p_submit_failed_render_gives_back),
	KUNIT_CASE(agx4_g17p_submit_shared_pool_object_only_when_idle),
	KUNIT_CASE(agx4_g17p_submit_reused_pool_a_record_continues_phases),
	KUNIT_CASE(agx4_g17p_submit_destroy_after_crash_frees_at_once),
	KUNIT_CASE(agx4_g17p_submit_render_waits_and_takes_an_idle_pool),
	KUNIT_CASE(agx4_g17p_submit_growth_writes_secondary_ids_and_count),
	KUNIT_CASE(agx4_g17p_submit_pool_takeover_allocates_no_page_table),
	KUNIT_CASE(agx4_g17p_submit_pool_wait_ends_on_free_and_crash),
	KUNIT_CASE(agx4_g17p_submit_killed_queue_stops_waiting_for_a_pool),
	KUNIT_CASE(agx4_g17p_submit_kill_drops_deferred_work),
	KUNIT_CASE(agx4_g17p_submit_forget_after_unplug_keeps_nothing),
	KUNIT_CASE(agx4_g17p_submit_counters_recycle_at_their_limit),
	KUNIT_CASE(agx4_g17p_submit_render_tag_keeps_its_context_past_node_255),
	KUNIT_CASE(agx4_g17p_submit_compute_receiver_slot_is_the_owner_grid),
	KUNIT_CASE(agx4_g17p_submit_first_render_of_pool_1_leaves_the_mark),
	KUNIT_CASE(agx4_g17p_submit_render_completion_rings_control),
	KUNIT_CASE(agx4_g17p_submit_render_ticks_from_ordinal_2),
	KUNIT_CASE(agx4_g17p_submit_render_tick_waits_for_credit),
	KUNIT_CASE(agx4_g17p_submit_compute_tick_after_render),
	KUNIT_CASE(agx4_g17p_submit_idle_pool_resets_its_job_list),
	KUNIT_CASE(agx4_g17p_submit_recycle_waits_for_an_idle_queue),
	KUNIT_CASE(agx4_g17p_submit_killed_pool_with_gaps_is_not_taken),
	KUNIT_CASE(agx4_g17p_submit_prepared_jobs_hold_no_pool),
	KUNIT_CASE(agx4_g17p_submit_takes_the_least_recently_used_pool),
	KUNIT_CASE(agx4_g17p_submit_destroyed_queue_leaves_its_pool_to_a_waiter),
	KUNIT_CASE(agx4_g17p_submit_moved_pool_retires_its_grown_blocks),
	KUNIT_CASE(agx4_g17p_submit_serial_commands_take_their_ordinal_slot),
	KUNIT_CASE(agx4_g17p_submit_descriptor_slots_in_flight_differ),
	KUNIT_CASE(agx4_g17p_submit_held_command_keeps_its_descriptor_slot),
	KUNIT_CASE(agx4_g17p_submit_241st_command_waits_for_its_slot_at_reserve),
	KUNIT_CASE(agx4_g17p_submit_later_command_leaves_the_slot_to_an_earlier_one),
	KUNIT_CASE(agx4_g17p_submit_job_freed_while_waiting_for_a_slot_ends_its_wait),
	KUNIT_CASE(agx4_g17p_submit_unplug_ends_the_wait_for_a_slot),
	KUNIT_CASE(agx4_g17p_submit_crash_ends_the_wait_for_a_slot),
	KUNIT_CASE(agx4_g17p_submit_killed_queue_stops_waiting_for_a_slot),
	KUNIT_CASE(agx4_g17p_submit_unplug_ends_every_wait_for_room),
	{ }
};

static struct kunit_suite agx4_g17p_submit_suite = {
	.name = "agx4_fw_g17p_submit",
	.init = init,
	.test_cases = agx4_g17p_submit_cases,
};

/* ---- through the ioctls, the model executing the work ---- */

/* Bound of every wait on the model. */
#define BOUND_MS	5000
/* Compute SUBMITs held back: more than an owner has descriptor slots. */
#define HELD_JOBS	250

/* A booted G17P device, a client that opened it as the fork does. */
struct uapi {
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	struct agx4_test_cmdbuf cb;
};

static struct uapi *uapi_open(struct kunit *test)
{
	struct uapi *u = kunit_kzalloc(test, sizeof(*u), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, u);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	u->adev = agx4_test_probe(test, AGX4_SOC_T8140);
	u->m = agx4_test_model();
	u->c = agx4_test_client_open(test, u->adev);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(u->c, &u->f), 0);
	return u;
}

static const char *gate_name(struct dma_fence *f)
{
	return "agx4-test-gate";
}

static const struct dma_fence_ops gate_ops = {
	.get_driver_name = gate_name,
	.get_timeline_name = gate_name,
};

/*
 * Signal the gate and drop the case's reference, before the client
 * closes, even after a failed assertion.
 */
static void gate_open(void *data)
{
	dma_fence_signal(data);
	dma_fence_put(data);
}

/* From a work item, some time after it is armed: open a gate. */
struct later {
	struct delayed_work dw;
	struct dma_fence *gate;
	bool ran;
};

static void later_fn(struct work_struct *work)
{
	struct later *l = container_of(to_delayed_work(work), struct later,
				       dw);

	dma_fence_signal(l->gate);
	WRITE_ONCE(l->ran, true);
}

static void later_cancel(void *data)
{
	cancel_delayed_work_sync(&((struct later *)data)->dw);
}

static struct later *later_arm(struct kunit *test, struct dma_fence *gate,
			       unsigned int ms)
{
	struct later *l = kunit_kzalloc(test, sizeof(*l), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, l);
	l->gate = gate;
	INIT_DELAYED_WORK(&l->dw, later_fn);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, later_cancel, l),
			0);
	schedule_delayed_work(&l->dw, msecs_to_jiffies(ms));
	return l;
}

/*
 * One queue SUBMITs 250 compute commands, one per SUBMIT, each held back
 * by an in-sync fence nobody signals yet: more commands prepared than its
 * owner has descriptor slots (240).  Every SUBMIT returns 0 at once:
 * none waits for a slot (the 241st would wait for command 0's job, which
 * cannot run).  Should one wait, the gate opens after 3 s, the jobs run
 * and free their slots, and the case fails instead of hanging.  Nothing
 * ran meanwhile.  Once the gate opens every job runs, taking the slots
 * the earlier ones give back, and they complete in order.
 */
static void agx4_g17p_uapi_submit_does_not_wait_for_descriptor_slots(struct kunit *test)
{
	struct uapi *u = uapi_open(test);
	struct dma_fence *gate = kzalloc(sizeof(*gate), GFP_KERNEL);
	static DEFINE_SPINLOCK(gate_lock);
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_sync sy[2];
	struct dma_fence **done;
	struct later *fallback;
	u32 queue, in, i;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, gate);
	dma_fence_init(gate, &gate_ops, &gate_lock, dma_fence_context_alloc(1),
		       1);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gate_open, gate),
			0);
	done = kunit_kcalloc(test, HELD_JOBS, sizeof(*done), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, done);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(u->c, u->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &queue), 0);
	in = agx4_test_syncobj(u->c, gate);
	fallback = later_arm(test, gate, 3000);
	for (i = 0; i < HELD_JOBS; i++) {
		sy[0] = (struct drm_asahi_sync){ .sync_type =
						 DRM_ASAHI_SYNC_SYNCOBJ,
						 .handle = in };
		sy[1] = (struct drm_asahi_sync){
			.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
			.handle = agx4_test_syncobj(u->c, NULL) };
		memset(&u->cb, 0, sizeof(u->cb));
		cc = agx4_test_fork_compute(&u->f, i % 64);
		agx4_test_cmd_compute(&u->cb, &cc);
		ret = agx4_test_submit(u->c, queue, &u->cb, sy, 1, 1);
		KUNIT_ASSERT_EQ_MSG(test, ret, 0, "SUBMIT %u", i);
		done[i] = agx4_test_syncobj_fence(u->c, sy[1].handle, 0);
		KUNIT_ASSERT_NOT_NULL(test, done[i]);
	}
	cancel_delayed_work_sync(&fallback->dw);
	KUNIT_EXPECT_FALSE_MSG(test, fallback->ran,
			       "a SUBMIT waited for a descriptor slot");
	agx4_fwmodel_sync(u->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(u->m, AGX4_FWMODEL_CNT_COMPUTE),
			0);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(done[0]));

	dma_fence_signal(gate);
	for (i = 0; i < HELD_JOBS; i++)
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS), 0,
				    "job %u", i);
	for (i = 1; i < HELD_JOBS; i++)
		KUNIT_EXPECT_LE_MSG(test, ktime_compare(done[i - 1]->timestamp,
							done[i]->timestamp), 0,
				    "job %u completed before job %u", i, i - 1);
	agx4_fwmodel_sync(u->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(u->m, AGX4_FWMODEL_CNT_COMPUTE),
			HELD_JOBS);
	for (i = 0; i < HELD_JOBS; i++)
		dma_fence_put(done[i]);
}

/*
 * The removal stops the job unit, then shuts the firmware down; a client
 * that lets its queue go in between (its render pool in the submission
 * state's table, its owner's too) has it kept and freed through the
 * backend as the firmware goes, not forgotten while the submission state
 * still names its pool (the firmware's shutdown would then reach the
 * freed pool: KASAN says so).  Once the device is gone no firmware object
 * is left.
 */
static void agx4_g17p_uapi_queue_released_during_removal_leaves_nothing(struct kunit *test)
{
	struct uapi *u = uapi_open(test);
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_cmd_render r;
	struct drm_asahi_sync sy;
	struct dma_fence *done;
	u32 queue, i;

	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(u->c, u->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &queue), 0);
	for (i = 0; i < 2; i++) {
		sy = (struct drm_asahi_sync){
			.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
			.handle = agx4_test_syncobj(u->c, NULL) };
		memset(&u->cb, 0, sizeof(u->cb));
		if (i) {
			cc = agx4_test_fork_compute(&u->f, 0);
			agx4_test_cmd_compute(&u->cb, &cc);
		} else {
			r = agx4_test_fork_render(&u->f, 0);
			agx4_test_cmd_render(&u->cb, &r);
		}
		KUNIT_ASSERT_EQ(test, agx4_test_submit(u->c, queue, &u->cb, &sy,
						       0, 1), 0);
		done = agx4_test_syncobj_fence(u->c, sy.handle, 0);
		KUNIT_ASSERT_NOT_NULL(test, done);
		KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(done, BOUND_MS), 0);
		dma_fence_put(done);
	}

	/* The removal's first half; the client goes; then the rest. */
	agx4_job_unplug(u->adev);
	agx4_job_fini(u->adev);
	agx4_test_client_close(u->c);
	agx4_job_flush(u->adev);
	agx4_device_unplug(u->adev);
	KUNIT_ASSERT_NULL(test, u->adev->fw);
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(u->adev, false), 0,
			    "firmware objects left after the removal");
}

static struct kunit_case agx4_g17p_uapi_cases[] = {
	KUNIT_CASE(agx4_g17p_uapi_submit_does_not_wait_for_descriptor_slots),
	KUNIT_CASE(agx4_g17p_uapi_queue_released_during_removal_leaves_nothing),
	{ }
};

static struct kunit_suite agx4_g17p_uapi_suite = {
	.name = "agx4_fw_g17p_submit_uapi",
	.test_cases = agx4_g17p_uapi_cases,
};

kunit_test_suites(&agx4_g17p_submit_suite, &agx4_g17p_uapi_suite);
