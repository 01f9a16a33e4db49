// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_g16_submit": the G16 submission backend on a booted
 * device (firmware model), driven through its ops directly: what queue
 * creation, prepare, reserve and publish write, when a job counts as
 * done, and what is refused.  Expected values are written here from the specification of
 * each object and read back by raw offset, never through the driver's
 * declarations.  The model's doorbells are dropped so that only the test
 * plays the firmware's side (stamps, indices, cursors).
 *
 * KUnit suite "agx4_fw_g16_submit_uapi": the same backend under the job
 * unit, through the ioctls, with the model executing the work: more busy
 * queues than event leases, and unplug with work in flight.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/unaligned.h>
#include <linux/workqueue.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_engine.h"
#include "../agx4_fw.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_mem.h"
#include "../agx4_fw_obj.h"
#include "../agx4_fw_queue.h"
#include "../agx4_g16_sub.h"
#include "../agx4_g16_submit.h"
#include "../agx4_fwmodel.h"
#include "../agx4_job.h"
#include "../agx4_reset.h"
#include "../agx4_fw_build.h"
#include "../agx4_tvb.h"
#include "../agx4_uat.h"
#include "../agx4_vm.h"
#include "agx4_fw_layout_golden.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

/* The firmware heap and the compute Work alias window. */
#define HEAP		0xfffffc2200000000ull
#define ALIAS		0x7100000000ull

/* The queue block: lane s at s * 0xc000. */
#define LANE(s)		((s) * 0xc000u)
#define PTRS		0x4000u
#define RING		0x8000u
#define JOB_LIST	0x4100u
#define QCTX		0x4140u
#define STAMP		0x1040u

/* Compute Work storage. */
#define W_MS		0x1000u
#define W_NOTIFIER	0x1400u
#define W_TS		0x17c0u
#define W_THRESHOLD	0x1800u
#define W_DEPS		0x1900u
#define W_ENTRY		0x1a00u
#define W_DSTAMP	0x4000u

/* Channel 11 (priority 3, compute) and channel 8 (priority 2, compute). */
#define CH11_READ	(0xd64000u + 2 * 0x40 + 3 * 0x10)
#define CH11_DONE	(CH11_READ + 8)
#define CH11_PROD	(0xd60000u + 2 * 0x20 + 3 * 8)
#define CH11_RING	(0xba40u + 2 * 0x6000 + 0 * 0x1800)

/* A CDM stream in the VM (never read: doorbells are dropped). */
#define CDM_BASE	0x2000000000ull
#define CDM_END		0x2000000100ull

struct ctx {
	struct agx4_device *adev;
	const struct agx4_fw_submit_ops *ops;
	struct agx4_fwmodel *m;
	struct agx4_vm *vm;
};

static void put_vm(void *vm)
{
	agx4_vm_put(vm);
}

static struct agx4_fw_obj *boot_obj(struct kunit *test, struct agx4_fw_boot *b,
				    const char *name)
{
	unsigned int i;

	for (i = 0; i < b->num_objs; i++)
		if (!strcmp(b->objs[i].name, name))
			return b->objs[i].obj;
	KUNIT_FAIL(test, "no boot object %s", name);
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

static struct agx4_vm *new_vm(struct kunit *test);

static int init(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);
	struct ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	KUNIT_ASSERT_NOT_NULL(test, c);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	c->adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->adev);
	c->ops = c->adev->gen->submit;
	KUNIT_ASSERT_PTR_EQ(test, c->ops, &agx4_fw_g16_submit_ops);
	c->m = agx4_test_model();
	agx4_fwmodel_sync(c->m);
	/* Only the test plays the firmware from here on. */
	agx4_fwmodel_inject(c->m, AGX4_FWMODEL_FAULT_DROP_DOORBELL, 10000);
	test->priv = c;
	c->vm = new_vm(test);
	return 0;
}

/* A VM as VM_CREATE makes it, put at the end of the test. */
static struct agx4_vm *new_vm(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_vm *vm;

	vm = agx4_vm_create(&c->adev->base, c->adev->uat_geom,
			    AGX4_VM_START, AGX4_VM_END,
			    0x1100000000ull - AGX4_VM_KERNEL_MIN_SIZE,
			    0x1100000000ull);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, vm);
	/* As VM_CREATE: the backend's windows are kept from user binds. */
	KUNIT_ASSERT_EQ(test, agx4_vm_reserve(vm, c->ops->vm_reserved,
					      c->ops->num_vm_reserved), 0);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, put_vm, vm), 0);
	return vm;
}

static struct agx4_fw_queue *queue_on(struct kunit *test, struct agx4_vm *vm,
				      u32 prio)
{
	struct ctx *c = test->priv;
	const struct agx4_fw_queue_args args = {
		.vm = vm, .priority = prio, .usc_exec_base = 1ull << 40,
	};
	struct agx4_fw_queue *fq = NULL;

	KUNIT_ASSERT_EQ(test, c->ops->queue_create(c->adev, &args, &fq), 0);
	KUNIT_ASSERT_NOT_NULL(test, fq);
	return fq;
}

static struct agx4_fw_queue *queue(struct kunit *test, u32 prio)
{
	struct ctx *c = test->priv;

	return queue_on(test, c->vm, prio);
}

/* A command buffer of @n compute commands, no barriers, no timestamps. */
static struct agx4_cmdbuf *computes(struct kunit *test, u32 n)
{
	return agx4_test_parsed_computes(test, n, CDM_BASE, CDM_END);
}

/* Prepare a job, without reserving its lease. */
static struct agx4_fw_job *prepare_only(struct kunit *test,
					struct agx4_fw_queue *fq,
					const struct agx4_cmdbuf *cb, u32 credits)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *job = NULL;
	u32 got = 0;

	KUNIT_ASSERT_EQ(test, c->ops->job_prepare(fq, cb, &job, &got), 0);
	KUNIT_ASSERT_NOT_NULL(test, job);
	KUNIT_EXPECT_EQ(test, got, credits);
	return job;
}

/* Prepare a job and reserve its lease, as drm_sched would: no wait. */
static struct agx4_fw_job *prepare(struct kunit *test,
				   struct agx4_fw_queue *fq,
				   const struct agx4_cmdbuf *cb, u32 credits)
{
	struct ctx *c = test->priv;
	struct agx4_fw_job *job = prepare_only(test, fq, cb, credits);

	KUNIT_ASSERT_NULL(test, c->ops->job_reserve(job));
	return job;
}

static u32 rd32(const void *base, u32 off)
{
	return get_unaligned_le32(base + off);
}

static u64 rd64(const void *base, u32 off)
{
	return get_unaligned_le64(base + off);
}

/* Queue records, pointer blocks, stamps, job list and context. */
static void expect_lanes(struct kunit *test, struct agx4_fw_obj *q,
			 u32 prio, u64 mask, u32 first, u32 last)
{
	static const u32 stamp0[3] = { 0xb00, 0, 0 };
	u32 s;

	KUNIT_EXPECT_EQ(test, q->size, 0x24000);
	for (s = 0; s < 3; s++) {
		const u8 *rec = q->cpu + LANE(s);
		u64 va = q->va + LANE(s);

		KUNIT_EXPECT_EQ(test, rd64(rec, 0x00), va + PTRS);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0x08), va + RING);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0x10), q->va + JOB_LIST);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0x18), va + 0xb0);
		KUNIT_EXPECT_EQ(test, rd32(rec, 0x2c), 0xffffffff);
		/* Compute: not preemptible (+0x30 0, +0x48 1). */
		KUNIT_EXPECT_EQ(test, rd32(rec, 0x30), s == 2 ? 0 : prio);
		KUNIT_EXPECT_EQ(test, rd32(rec, 0x34), prio);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0x38), mask);
		KUNIT_EXPECT_EQ(test, rd32(rec, 0x40), first);
		KUNIT_EXPECT_EQ(test, rd32(rec, 0x48), s == 2 ? 1 : last);
		KUNIT_EXPECT_EQ(test, rd32(rec, 0x4c), 0xffffffff);
		KUNIT_EXPECT_EQ(test, rd32(rec, 0x50),
				((va - HEAP) >> 14) + 2);
		KUNIT_EXPECT_EQ(test, rd64(rec, 0xa4), q->va + QCTX);
		/* Pointer block: indices 0, capacity 0x500. */
		KUNIT_EXPECT_EQ(test, rd32(rec, PTRS + 0x00), 0);
		KUNIT_EXPECT_EQ(test, rd32(rec, PTRS + 0x30), 0);
		KUNIT_EXPECT_EQ(test, rd32(rec, PTRS + 0x40), 0);
		KUNIT_EXPECT_EQ(test, rd32(rec, PTRS + 0x50), 0x500);
		/* One step before the first target (0xc00 TA, 0x100 others). */
		KUNIT_EXPECT_EQ(test, rd32(rec, PTRS + STAMP), stamp0[s]);
	}
	KUNIT_EXPECT_EQ(test, rd64(q->cpu, JOB_LIST + 8), q->va + JOB_LIST);
	KUNIT_EXPECT_EQ(test, ((u8 *)q->cpu)[QCTX + 0], 0xff);
	KUNIT_EXPECT_EQ(test, ((u8 *)q->cpu)[QCTX + 1], 0xff);
	KUNIT_EXPECT_EQ(test, ((u8 *)q->cpu)[QCTX + 5], 1);
	KUNIT_EXPECT_EQ(test, ((u8 *)q->cpu)[QCTX + 0x26], 2);
	KUNIT_EXPECT_EQ(test, ((u8 *)q->cpu)[QCTX + 0x33], 0xff);
}

/* UAPI LOW runs at firmware priority 3, MEDIUM at 2. */
static void agx4_g16_submit_queue_records_by_priority(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *low = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_queue *med = queue(test, DRM_ASAHI_PRIORITY_MEDIUM);

	expect_lanes(test, agx4_fw_g16_queue_obj(low), 3, 0, 0, 3);
	expect_lanes(test, agx4_fw_g16_queue_obj(med), 2,
		     0xffff000000000000ull, 0, 2);
	c->ops->queue_destroy(low, true);
	c->ops->queue_destroy(med, true);
}

/* A register record of the compute program, by register. */
static u64 reg_value(struct kunit *test, const u8 *work, u32 reg)
{
	u32 i;

	for (i = 0; i < 24; i++)
		if (rd32(work, 0x20 + i * 12) == reg)
			return rd64(work, 0x20 + i * 12 + 4);
	KUNIT_FAIL(test, "no register %#x", reg);
	return 0;
}

static void expect_mapped(struct kunit *test, struct agx4_uat *uat, u64 va,
			  struct agx4_fw_obj *obj)
{
	phys_addr_t pa = 0;

	KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(uat, va, &pa, NULL), 0,
			    "%#llx", va);
	KUNIT_EXPECT_EQ(test, pa, page_to_phys(obj->chunks[0]));
}

/*
 * Prepare writes the Work storage and nothing the firmware can see;
 * publish numbers it, writes the ring, the write index, the message on
 * channel 11 and its producer, and rings one doorbell.
 */
static void agx4_g16_submit_compute_prepare_then_publish(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_device *adev = c->adev;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	struct agx4_fw_obj *hw = boot_obj(test, adev->fw, "hwdata");
	struct agx4_fw_obj *cs = boot_obj(test, adev->fw, "compute_state");
	struct agx4_fw_obj *sup = boot_obj(test, adev->fw, "support");
	const u8 *lane = q->cpu + LANE(2), *msg;
	u32 dropped, prod;
	struct agx4_fw_job *job;
	struct agx4_fw_obj *w;
	u64 alias, wv;
	int ctx;

	KUNIT_ASSERT_TRUE(test, hw && cs && sup);
	prod = agx4_device_read_sgx(adev, CH11_PROD);
	job = prepare(test, fq, computes(test, 1), 1);
	w = agx4_fw_g16_job_obj(job, 0);
	KUNIT_ASSERT_NOT_NULL(test, w);
	wv = w->va;
	alias = ALIAS + (wv - HEAP);
	ctx = c->vm->uat.asid;
	KUNIT_EXPECT_GT(test, ctx, 1);

	/* Work item: type 3, context, notifier, program, stamps, event. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x0), 3);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc), ctx);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x10), wv + W_NOTIFIER);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x720), alias + 0x20);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x760), wv + W_MS);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x798), alias + 0x2000);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x7e0), ctx);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x800), wv + W_DSTAMP);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x808), q->va + LANE(2) + PTRS +
			STAMP);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x810), 0x100);
	/* First lease: event 32 + 3 * 0 + 2. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x814), 34);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x86a), sup->va);
	KUNIT_EXPECT_EQ(test, reg_value(test, w->cpu, 0x1a420),
			alias + W_ENTRY);
	KUNIT_EXPECT_EQ(test, reg_value(test, w->cpu, 0x1a510),
			alias + 0x2000);
	/* Microsequence: queue, scratch and marker of the lease. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_MS + 0x0), 0x0b);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, W_MS + 0x24), q->va + LANE(2));
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, W_MS + 0x160), sup->va);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, W_MS + 0x188), alias + 0x8000);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, W_MS + 0x178),
			alias + 0x8000 + 0x20000);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_MS + 0x1b8), 34);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, W_MS + 0x284), q->va + LANE(2) +
			PTRS + STAMP);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_MS + 0x28c), 0x100);
	/* Notifier: threshold, 0, 0x50, context; threshold word 1. */
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, W_NOTIFIER + 0x0), wv + W_THRESHOLD);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_NOTIFIER + 0xc), 0);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_NOTIFIER + 0x10), 0x50);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_NOTIFIER + 0x24), ctx);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_THRESHOLD), 1);
	/* Driver stamp: target - 0x100. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_DSTAMP), 0);
	/* Trampoline: full barrier, then a jump to the stream. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_ENTRY), 0x600fffff);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_ENTRY + 4),
			0x20000000 | upper_32_bits(CDM_BASE));
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_ENTRY + 8),
			lower_32_bits(CDM_BASE));
	/* The GPU sees the storage at the alias, in context 0 and the VM. */
	expect_mapped(test, &adev->fw->dev_uat, alias, w);
	expect_mapped(test, &c->vm->uat, alias, w);
	/* Nothing visible yet. */
	KUNIT_EXPECT_EQ(test, rd64(lane, RING), 0);
	KUNIT_EXPECT_EQ(test, rd32(lane, PTRS + 0x40), 0);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(adev, CH11_PROD), prod);

	dropped = agx4_fwmodel_count(c->m, AGX4_FWMODEL_CNT_DOORBELLS_DROPPED);
	/* Not what the boot left (1): publication writes its own count. */
	put_unaligned_le32(0xdead, cs->cpu);
	agx4_test_publish_kick(c->adev, c->ops, job);
	/* Numbered 1: the first compute publication. */
	KUNIT_EXPECT_EQ(test, rd32(cs->cpu, 0), 1);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x4), 1);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x820), 1);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_MS + 0x34), 1);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_MS + 0x50), 1);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_MS + 0x1b0), 1);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, W_NOTIFIER + 0x8), 1);
	/* Ring entry, then the write index. */
	KUNIT_EXPECT_EQ(test, rd64(lane, RING), wv);
	KUNIT_EXPECT_EQ(test, rd32(lane, PTRS + 0x40), 1);
	/* Channel 11's message: tag, queue, kind 2, head | event | first. */
	msg = hw->cpu + CH11_RING + prod * 0x18;
	KUNIT_EXPECT_EQ(test, rd64(msg, 0x0), 1);
	KUNIT_EXPECT_EQ(test, rd64(msg, 0x8), q->va + LANE(2));
	KUNIT_EXPECT_EQ(test, rd32(msg, 0x10), 2);
	KUNIT_EXPECT_EQ(test, rd32(msg, 0x14), 1 | 34 << 16 | 1 << 24);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(adev, CH11_PROD), prod + 1);
	/* The model takes its mailbox asynchronously. */
	agx4_fwmodel_sync(c->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(c->m,
						 AGX4_FWMODEL_CNT_DOORBELLS_DROPPED),
			dropped + 1);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The VM's first job maps the device's compute operand namespace into the
 * VM's tree: the directory at 0x70_02cc_0000 and sixteen 2 MiB buffers
 * from 0x70_0310_8000, 0x208000 apart, the same pages as the device's,
 * the 32 KiB guards unmapped.
 */
static void agx4_g16_submit_vm_maps_compute_namespace(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_obj *dir = boot_obj(test, c->adev->fw,
					   "compute_directory");
	struct agx4_fw_obj *bufs = boot_obj(test, c->adev->fw,
					    "compute_buffers");
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_uat *uat = &c->vm->uat;
	struct agx4_fw_job *job;
	phys_addr_t pa = 0;
	u32 i;

	KUNIT_ASSERT_TRUE(test, dir && bufs);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(uat, 0x7002cc0000ull, &pa,
						 NULL), -ENOENT);
	job = prepare(test, fq, computes(test, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(uat, 0x7002cc0000ull, &pa,
						 NULL), 0);
	KUNIT_EXPECT_EQ(test, pa, page_to_phys(dir->chunks[0]));
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(uat, 0x7002cd4000ull, &pa,
						 NULL), 0);
	KUNIT_EXPECT_EQ(test, pa, page_to_phys(dir->chunks[5]));
	for (i = 0; i < 16; i++) {
		u64 va = 0x7003108000ull + i * 0x208000ull;
		u64 last = i * 0x208000ull + 0x200000 - 0x4000;

		KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(uat, va + 0x1fc000,
							     &pa, NULL), 0,
				    "buffer %u", i);
		KUNIT_EXPECT_EQ(test, pa, page_to_phys(bufs->chunks[last /
								     0x4000]));
		KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(uat, va + 0x200000,
							     &pa, NULL),
				    -ENOENT, "guard %u", i);
	}
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/* Play the firmware: complete @job's compute work on channel 11. */
enum { F_LANE_STAMP, F_DRIVER_STAMP, F_DONE, F_READ, F_CH_READ, F_CH_DONE,
	F_NUM };

static void firmware_step(struct ctx *c, struct agx4_fw_obj *q,
			  struct agx4_fw_obj *w, u32 step, u32 stamp, u32 head,
			  u32 epoch)
{
	u8 *lane = q->cpu + LANE(2);

	switch (step) {
	case F_LANE_STAMP:
		put_unaligned_le32(stamp, lane + PTRS + STAMP);
		break;
	case F_DRIVER_STAMP:
		put_unaligned_le32(stamp, w->cpu + W_DSTAMP);
		break;
	case F_DONE:
		put_unaligned_le32(head, lane + PTRS + 0x00);
		break;
	case F_READ:
		put_unaligned_le32(head, lane + PTRS + 0x30);
		break;
	case F_CH_READ:
		agx4_device_write_sgx(c->adev, CH11_READ, epoch);
		break;
	case F_CH_DONE:
		agx4_device_write_sgx(c->adev, CH11_DONE, epoch);
		break;
	}
}

/*
 * Done needs every signal: the lane stamp, the driver stamp, both lane
 * indices and both channel cursors, and the notifier's firmware word
 * back at 0; each one missing keeps the job in progress.
 */
static void agx4_g16_submit_compute_done_needs_every_signal(struct kunit *test)
{
	struct ctx *c = test->priv;
	u32 prod = agx4_device_read_sgx(c->adev, CH11_PROD);
	u32 missing, step;

	for (missing = 0; missing <= F_NUM; missing++) {
		struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
		struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
		struct agx4_fw_job *job = prepare(test, fq,
						  computes(test, 1), 1);
		struct agx4_fw_obj *w = agx4_fw_g16_job_obj(job, 0);

		agx4_test_publish_kick(c->adev, c->ops, job);
		prod++;
		for (step = 0; step < F_NUM; step++)
			if (step != missing)
				firmware_step(c, q, w, step, 0x100, 1, prod);
		/* missing == F_NUM: the notifier word is still linked. */
		if (missing == F_NUM)
			put_unaligned_le32(1, w->cpu + W_NOTIFIER + 0x94);
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_job_status(c->ops, job),
				    -EINPROGRESS, "without signal %u",
				    missing);
		if (missing < F_NUM)
			firmware_step(c, q, w, missing, 0x100, 1, prod);
		else
			put_unaligned_le32(0, w->cpu + W_NOTIFIER + 0x94);
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_job_status(c->ops, job), 0,
				    "with signal %u", missing);
		c->ops->job_free(job, true);
		c->ops->queue_destroy(fq, true);
	}
}

/*
 * A lane stamp never passes the last work published on the lane: one the
 * firmware wrote a step past it, which compares as reached, completes
 * nothing, is counted and restarts the firmware (held here, so it does
 * not run).  The stamp of the work itself then completes it.
 */
static void agx4_g16_submit_lane_stamp_past_the_work_is_refused(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	struct agx4_fw_job *job = prepare(test, fq, computes(test, 1), 1);
	struct agx4_fw_obj *w = agx4_fw_g16_job_obj(job, 0);
	u32 prod = agx4_device_read_sgx(c->adev, CH11_PROD) + 1;
	int bad = atomic_read(&c->adev->fw->bad_stamps);
	u32 step;

	/* The device goes with the case: the restart never runs. */
	agx4_reset_hold(c->adev, true);
	agx4_test_publish_kick(c->adev, c->ops, job);
	for (step = 0; step < F_NUM; step++)
		firmware_step(c, q, w, step, 0x100 + 0x100, 1, prod);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	KUNIT_EXPECT_GT(test, atomic_read(&c->adev->fw->bad_stamps), bad);
	KUNIT_EXPECT_TRUE(test, agx4_reset_pending(c->adev));
	firmware_step(c, q, w, F_LANE_STAMP, 0x100, 1, prod);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Barriers become dependency items ahead of the Work: the second command
 * waits for the first (cdm_barrier 1); a later job's barrier 0 waits for
 * the last compute of the queue.
 */
static void agx4_g16_submit_barriers_become_dependency_items(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	struct agx4_cmdbuf *cb = computes(test, 2), *cb2 = computes(test, 1);
	const u8 *lane = q->cpu + LANE(2);
	u64 stamp_va = q->va + LANE(2) + PTRS + STAMP;
	struct agx4_fw_job *job, *job2;
	struct agx4_fw_obj *w0, *w1, *w2;
	const u8 *dep;

	/* Barrier 0 on a queue that ran nothing: no item. */
	cb->cmds[0].wait_cdm = 0;
	cb->cmds[0].wait_vdm = 0;
	cb->cmds[1].wait_cdm = 1;
	job = prepare(test, fq, cb, 1 + 2);
	w0 = agx4_fw_g16_job_obj(job, 0);
	w1 = agx4_fw_g16_job_obj(job, 1);
	KUNIT_EXPECT_EQ(test, rd32(w0->cpu, W_DEPS), 0);
	dep = w1->cpu + W_DEPS;
	KUNIT_EXPECT_EQ(test, rd32(dep, 0x00), 4);
	KUNIT_EXPECT_EQ(test, rd64(dep, 0x04), stamp_va);
	KUNIT_EXPECT_EQ(test, rd64(dep, 0x0c), stamp_va);
	KUNIT_EXPECT_EQ(test, rd32(dep, 0x14), 0x100);
	KUNIT_EXPECT_EQ(test, rd32(dep, 0x20), 34);
	KUNIT_EXPECT_EQ(test, rd32(dep, 0x24), 0x200);
	KUNIT_EXPECT_EQ(test, rd32(dep, 0x28), rd32(lane, 0x50));
	KUNIT_EXPECT_EQ(test, rd32(dep, 0x30), 1);
	agx4_test_publish_kick(c->adev, c->ops, job);
	/* Ring: Work 0, the item, Work 1; one message covers all three. */
	KUNIT_EXPECT_EQ(test, rd64(lane, RING + 0), w0->va);
	KUNIT_EXPECT_EQ(test, rd64(lane, RING + 8), w1->va + W_DEPS);
	KUNIT_EXPECT_EQ(test, rd64(lane, RING + 16), w1->va);
	KUNIT_EXPECT_EQ(test, rd32(lane, PTRS + 0x40), 3);

	cb2->cmds[0].wait_cdm = 0;
	job2 = prepare(test, fq, cb2, 2);
	w2 = agx4_fw_g16_job_obj(job2, 0);
	KUNIT_EXPECT_EQ(test, rd32(w2->cpu, W_DEPS + 0x14), 0x200);
	KUNIT_EXPECT_EQ(test, rd32(w2->cpu, W_DEPS + 0x24), 0x300);
	c->ops->job_free(job2, true);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A channel without room (a firmware cursor 127 behind the producer)
 * defers the message: nothing of it is visible until the poll finds
 * room.
 */
static void agx4_g16_submit_full_channel_defers_to_poll(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	const u8 *lane = q->cpu + LANE(2);
	u32 prod = agx4_device_read_sgx(c->adev, CH11_PROD);
	struct agx4_fw_job *job;

	agx4_device_write_sgx(c->adev, CH11_DONE, (prod + 256 - 127) % 256);
	job = prepare(test, fq, computes(test, 1), 1);
	agx4_test_publish_kick(c->adev, c->ops, job);
	KUNIT_EXPECT_EQ(test, rd32(lane, PTRS + 0x40), 0);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(c->adev, CH11_PROD), prod);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(c->adev, CH11_PROD), prod);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	/* One more slot consumed: room again. */
	agx4_device_write_sgx(c->adev, CH11_DONE, (prod + 256 - 126) % 256);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, rd32(lane, PTRS + 0x40), 1);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(c->adev, CH11_PROD),
			(prod + 1) % 256);
	agx4_device_write_sgx(c->adev, CH11_DONE, prod);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A render the builder refuses (a zero-sized target) and an empty buffer
 * are refused, with nothing left behind.
 */
static void agx4_g16_submit_refuses_bad_render_and_empty(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_cmdbuf *cb = computes(test, 2);
	struct agx4_fw_job *job = NULL;
	unsigned int objs = heap_objects(c->adev);
	u32 credits = 0;

	cb->cmds[1].is_compute = false;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, cb, &job, &credits),
			-EINVAL);
	/* The compute before it: its storage is the VM's spare now. */
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs + 1);
	objs++;
	cb->count = 0;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, cb, &job, &credits),
			-EINVAL);
	/*
	 * More commands than a job takes, whatever the parser let by: the
	 * count is refused before any command is looked at.
	 */
	cb = computes(test, 2);
	cb->count = AGX4_MAX_COMMANDS + 1;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, cb, &job, &credits),
			-EINVAL);
	KUNIT_EXPECT_NULL(test, job);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs);
	c->ops->queue_destroy(fq, true);
}

/*
 * A command the builder refuses (no CDM stream) fails the prepare with
 * everything it took given back: its storage, the queue's ordinal (the
 * next job gets the first stamp again) and the event lease.
 */
static void agx4_g16_submit_failed_prepare_gives_back(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_cmdbuf *cb = computes(test, 2);
	unsigned int objs = heap_objects(c->adev);
	struct agx4_fw_job *job = NULL;
	u32 credits = 0;

	cb->cmds[1].compute.cmd.cdm_ctrl_stream_base = 0;
	KUNIT_EXPECT_EQ(test, c->ops->job_prepare(fq, cb, &job, &credits),
			-EINVAL);
	/* Both commands' storage went back to the VM's spares, no more. */
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs + 2);
	job = prepare(test, fq, computes(test, 1), 1);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs + 2);
	KUNIT_EXPECT_EQ(test, rd32(agx4_fw_g16_job_obj(job, 0)->cpu, 0x810),
			0x100);
	KUNIT_EXPECT_EQ(test, rd32(agx4_fw_g16_job_obj(job, 0)->cpu, 0x814),
			34);
	/* A job never published: freeing it undoes its prepare too. */
	c->ops->job_free(job, true);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs + 2);
	job = prepare(test, fq, computes(test, 1), 1);
	KUNIT_EXPECT_EQ(test, rd32(agx4_fw_g16_job_obj(job, 0)->cpu, 0x810),
			0x100);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/* A command buffer of one render (the golden command, VDM in the window). */
static struct agx4_cmdbuf *render(struct kunit *test)
{
	struct agx4_cmdbuf *cb = computes(test, 1);
	struct agx4_fw_render_in *in = kunit_kzalloc(test, sizeof(*in),
						     GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, in);
	cb->computes = 0;
	cb->renders = 1;
	cb->cmds[0].is_compute = false;
	agx4_golden_render_inputs(&cb->cmds[0].render, in);
	return cb;
}

static struct agx4_fw_obj *heap_obj_at(struct agx4_device *adev, u64 va)
{
	struct agx4_fw_obj_heap *h = &adev->mem->heap;
	struct agx4_fw_obj *o, *found = NULL;

	mutex_lock(&h->lock);
	list_for_each_entry(o, &h->objects, link)
		if (va >= o->va && va < o->va + o->size)
			found = o;
	mutex_unlock(&h->lock);
	return found;
}

/* Channels 9 (TA) and 10 (3D) at firmware priority 3. */
#define CH9_PROD	(0xd60000u + 0 * 0x20 + 3 * 8)
#define CH10_PROD	(0xd60000u + 1 * 0x20 + 3 * 8)
#define CH9_RING	0xba40u
#define CH10_RING	(0xba40u + 0x6000)

/*
 * A VM's first render makes its support lease (id and private-memory slot
 * 3), its operand namespace in the carve-out and its TVB pool (PB
 * descriptor of slot 7); the render's Work gets its notifier, count array
 * and driver stamps; publish pushes the TA prelude once, both works and
 * the 3D barrier, counts two Works on the support and sends one message
 * per lane.
 */
static void agx4_g16_submit_render_prepare_then_publish(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_device *adev = c->adev;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	struct agx4_fw_obj *hw = boot_obj(test, adev->fw, "hwdata");
	struct agx4_fw_obj *pb = boot_obj(test, adev->fw, "pb_table");
	u64 ks = c->vm->kernel_start, wv, sv;
	const u8 *ta = q->cpu + LANE(0), *fr = q->cpu + LANE(1), *msg;
	u32 p9 = agx4_device_read_sgx(adev, CH9_PROD);
	u32 p10 = agx4_device_read_sgx(adev, CH10_PROD);
	struct agx4_fw_job *job, *job2;
	struct agx4_fw_obj *w, *sup;
	int ctx;

	KUNIT_ASSERT_TRUE(test, hw && pb);
	job = prepare(test, fq, render(test), 4);
	w = agx4_fw_g16_job_obj(job, 0);
	KUNIT_ASSERT_NOT_NULL(test, w);
	wv = w->va;
	ctx = c->vm->uat.asid;
	/* The support lease, as the 3D microsequence names it (+0x1b0). */
	sv = rd64(w->cpu, 0xd680 + 0x1b0);
	sup = heap_obj_at(adev, sv);
	KUNIT_ASSERT_NOT_NULL(test, sup);
	KUNIT_EXPECT_EQ(test, rd64(sup->cpu, 0x00), 3);
	KUNIT_EXPECT_EQ(test, rd32(sup->cpu, 0x08), 3);
	KUNIT_EXPECT_EQ(test, rd64(sup->cpu, 0x14), ks);
	KUNIT_EXPECT_EQ(test, rd32(sup->cpu, 0x1c), 0x80000);
	KUNIT_EXPECT_EQ(test, rd32(sup->cpu, 0x24), 12288);
	KUNIT_EXPECT_EQ(test, rd32(sup->cpu, 0x2c), 12288);
	KUNIT_EXPECT_EQ(test, rd64(sup->cpu, 0x30), ks + 0x20000);
	KUNIT_EXPECT_EQ(test, rd32(sup->cpu, 0x48), 0xc0);
	KUNIT_EXPECT_EQ(test, rd64(sup->cpu, 0x4c), sv + 0x1000);
	/* PB descriptor of slot 7: the page list (context-relative >> 4). */
	KUNIT_EXPECT_EQ(test, rd32(pb->cpu, 7 * 16),
			(u32)((ks + 0x3100000 - 0x1000000000ull) >> 4) & ~7u);
	KUNIT_EXPECT_EQ(test, rd32(pb->cpu, 7 * 16 + 4), 44);
	/* Notifier, count array, driver stamps (targets - 0x100). */
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x200), wv + 0x300);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x208), 0x100);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x210), 0x50);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x224), ctx);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x300), 2);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x18000), 0xb00);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x18040), 0);
	/* Work items: TA counter 1, 3D counter 0; both name the notifier. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x2940), 0);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x2940 + 4), 1);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x2940 + 0x10), wv + 0x200);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x9b40), 1);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x9b40 + 4), 0);
	/* TA prelude (type 6, slot 7, 11 blocks); 3D waits for 0xc00. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x4000), 6);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x4008), 7);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x4010), 11);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc000), 4);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0xc004), q->va + LANE(0) + PTRS +
			STAMP);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc014), 0xc00);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc030), 0);
	KUNIT_EXPECT_EQ(test, rd32(ta, PTRS + 0x40), 0);

	agx4_test_publish_kick(c->adev, c->ops, job);
	KUNIT_EXPECT_EQ(test, rd32(sup->cpu, 0x1000), 2);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 0), wv + 0x4000);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 8), wv + 0x2940);
	KUNIT_EXPECT_EQ(test, rd32(ta, PTRS + 0x40), 2);
	KUNIT_EXPECT_EQ(test, rd64(fr, RING + 0), wv + 0xc000);
	KUNIT_EXPECT_EQ(test, rd64(fr, RING + 8), wv + 0x9b40);
	KUNIT_EXPECT_EQ(test, rd32(fr, PTRS + 0x40), 2);
	msg = hw->cpu + CH9_RING + p9 * 0x18;
	KUNIT_EXPECT_EQ(test, rd64(msg, 0x0), 1);
	KUNIT_EXPECT_EQ(test, rd64(msg, 0x8), q->va + LANE(0));
	KUNIT_EXPECT_EQ(test, rd32(msg, 0x10), 0);
	KUNIT_EXPECT_EQ(test, rd32(msg, 0x14), 2 | 32 << 16 | 1 << 24);
	msg = hw->cpu + CH10_RING + p10 * 0x18;
	KUNIT_EXPECT_EQ(test, rd64(msg, 0x0), 1);
	KUNIT_EXPECT_EQ(test, rd64(msg, 0x8), q->va + LANE(1));
	KUNIT_EXPECT_EQ(test, rd32(msg, 0x10), 1);
	KUNIT_EXPECT_EQ(test, rd32(msg, 0x14), 2 | 33 << 16 | 1 << 24);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(adev, CH9_PROD), p9 + 1);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(adev, CH10_PROD), p10 + 1);

	/* The pool's second render: no prelude, the count at 4. */
	job2 = prepare(test, fq, render(test), 4);
	agx4_test_publish_kick(c->adev, c->ops, job2);
	w = agx4_fw_g16_job_obj(job2, 0);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 16), w->va + 0x2940);
	KUNIT_EXPECT_EQ(test, rd32(ta, PTRS + 0x40), 3);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x2940 + 4), 3);
	KUNIT_EXPECT_EQ(test, rd32(sup->cpu, 0x1000), 4);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	c->ops->job_free(job2, true);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * The fragment barrier (render flag bit 3): a render's barrier on the
 * render subqueue becomes an item ahead of its 3D stage, waiting for the
 * previous render's 3D stamp; its compute barrier stays ahead of the TA.
 * Without the flag both wait ahead of the TA.
 */
static void agx4_g16_submit_fragment_barrier_moves_to_3d(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	u64 fr_stamp = q->va + LANE(1) + PTRS + STAMP;
	u64 cs_stamp = q->va + LANE(2) + PTRS + STAMP;
	const u8 *ta = q->cpu + LANE(0), *fr = q->cpu + LANE(1);
	struct agx4_cmdbuf *cb1 = render(test), *cb2 = render(test);
	struct agx4_cmdbuf *cb3 = render(test), *cc = computes(test, 1);
	struct agx4_fw_job *j1, *j0, *j2, *j3;
	struct agx4_fw_obj *w;

	j0 = prepare(test, fq, cc, 1);
	agx4_test_publish_kick(c->adev, c->ops, j0);
	j1 = prepare(test, fq, cb1, 4);
	agx4_test_publish_kick(c->adev, c->ops, j1);
	/* TA: prelude, work; 3D: barrier, work. */
	KUNIT_ASSERT_EQ(test, rd32(ta, PTRS + 0x40), 2);
	KUNIT_ASSERT_EQ(test, rd32(fr, PTRS + 0x40), 2);

	cb2->cmds[0].render.cmd.flags |= BIT(3);
	cb2->cmds[0].wait_vdm = 0;
	cb2->cmds[0].wait_cdm = 0;
	j2 = prepare(test, fq, cb2, 6);
	w = agx4_fw_g16_job_obj(j2, 0);
	/* 3D item: waits for the first render's 3D stamp, as 3D stamp 0x200. */
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc040), 4);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0xc044), fr_stamp);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc054), 0x100);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc060), 33);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc064), 0x200);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc070), 1);
	/* TA item: waits for the compute, as TA stamp 0xd00. */
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x4044), cs_stamp);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x4054), 0x100);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x4064), 0xd00);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x4080), 0);
	agx4_test_publish_kick(c->adev, c->ops, j2);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 16), w->va + 0x4040);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 24), w->va + 0x2940);
	KUNIT_EXPECT_EQ(test, rd64(fr, RING + 16), w->va + 0xc040);
	KUNIT_EXPECT_EQ(test, rd64(fr, RING + 24), w->va + 0xc000);
	KUNIT_EXPECT_EQ(test, rd64(fr, RING + 32), w->va + 0x9b40);

	/* Without the flag: both items ahead of the TA. */
	cb3->cmds[0].wait_vdm = 0;
	cb3->cmds[0].wait_cdm = 0;
	j3 = prepare(test, fq, cb3, 6);
	w = agx4_fw_g16_job_obj(j3, 0);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x4044), fr_stamp);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0x4054), 0x200);
	KUNIT_EXPECT_EQ(test, rd64(w->cpu, 0x4084), cs_stamp);
	KUNIT_EXPECT_EQ(test, rd32(w->cpu, 0xc040), 0);
	agx4_test_publish_kick(c->adev, c->ops, j3);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 32), w->va + 0x4040);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 40), w->va + 0x4080);
	KUNIT_EXPECT_EQ(test, rd64(ta, RING + 48), w->va + 0x2940);
	KUNIT_EXPECT_EQ(test, rd64(fr, RING + 40), w->va + 0xc000);
	c->ops->job_free(j3, true);
	c->ops->job_free(j2, true);
	c->ops->job_free(j1, true);
	c->ops->job_free(j0, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * A render is done when both lanes and both driver stamps are, and only
 * once the device-control channel is idle (its read and done cursors at
 * its producer): growth replies may still name the render.
 */
static void agx4_g16_submit_render_done_waits_for_idle_control(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_device *adev = c->adev;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	u32 p9 = agx4_device_read_sgx(adev, CH9_PROD) + 1;
	u32 p10 = agx4_device_read_sgx(adev, CH10_PROD) + 1;
	u32 ctl = agx4_device_read_sgx(adev, 0xd60060);
	struct agx4_fw_job *job = prepare(test, fq, render(test), 4);
	struct agx4_fw_obj *w = agx4_fw_g16_job_obj(job, 0);
	u8 *ta = q->cpu + LANE(0), *fr = q->cpu + LANE(1);

	agx4_test_publish_kick(c->adev, c->ops, job);
	put_unaligned_le32(0xc00, ta + PTRS + STAMP);
	put_unaligned_le32(0x100, fr + PTRS + STAMP);
	put_unaligned_le32(0xc00, w->cpu + 0x18000);
	put_unaligned_le32(0x100, w->cpu + 0x18040);
	put_unaligned_le32(2, ta + PTRS + 0x00);
	put_unaligned_le32(2, ta + PTRS + 0x30);
	put_unaligned_le32(2, fr + PTRS + 0x00);
	put_unaligned_le32(2, fr + PTRS + 0x30);
	agx4_device_write_sgx(adev, 0xd64000 + 0 * 0x40 + 3 * 0x10, p9);
	agx4_device_write_sgx(adev, 0xd64000 + 0 * 0x40 + 3 * 0x10 + 8, p9);
	agx4_device_write_sgx(adev, 0xd64000 + 1 * 0x40 + 3 * 0x10, p10);
	agx4_device_write_sgx(adev, 0xd64000 + 1 * 0x40 + 3 * 0x10 + 8, p10);
	agx4_device_write_sgx(adev, 0xd640c0, ctl - 1);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	agx4_device_write_sgx(adev, 0xd640c0, ctl);
	agx4_device_write_sgx(adev, 0xd640c8, ctl);
	put_unaligned_le32(0xbff, w->cpu + 0x18000);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	put_unaligned_le32(0xc00, w->cpu + 0x18000);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Storage comes back for the VM's next command: the same object, its save
 * area zero again, the notifier's firmware bytes (0x14..0x24) and the
 * firmware's profiling slots untouched, the host's words rewritten.
 */
static void agx4_g16_submit_reused_storage_is_reset(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_job *job = prepare(test, fq, computes(test, 1), 1);
	struct agx4_fw_obj *w = agx4_fw_g16_job_obj(job, 0), *w2;
	u8 *cpu = w->cpu;
	u32 i, bad = 0;

	memset(cpu + 0x2000, 0x5a, 0x2000);
	memset(cpu + W_NOTIFIER + 0x14, 0xa5, 0x10);
	put_unaligned_le32(0x777, cpu + W_DSTAMP);
	put_unaligned_le32(0, cpu + W_THRESHOLD);
	c->ops->job_free(job, true);
	job = prepare(test, fq, computes(test, 1), 1);
	w2 = agx4_fw_g16_job_obj(job, 0);
	KUNIT_ASSERT_PTR_EQ(test, w2, w);
	for (i = 0x2000; i < 0x4000; i++)
		bad += cpu[i] != 0;
	KUNIT_EXPECT_EQ(test, bad, 0);
	for (i = 0x14; i < 0x24; i++)
		KUNIT_EXPECT_EQ(test, cpu[W_NOTIFIER + i], 0xa5);
	KUNIT_EXPECT_EQ(test, rd32(cpu, W_DSTAMP), 0);
	KUNIT_EXPECT_EQ(test, rd32(cpu, W_THRESHOLD), 1);
	KUNIT_EXPECT_EQ(test, rd32(cpu, W_NOTIFIER + 0x10), 0x50);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq, true);
}

/* The compute lane's event id of a job's first command. */
static u32 job_event(struct agx4_fw_job *job)
{
	return rd32(agx4_fw_g16_job_obj(job, 0)->cpu, 0x814);
}

/* 64 queues, 32 of them busy: one prepared job each, leases 0..31. */
static void busy_32(struct kunit *test, struct agx4_fw_queue **fq,
		    struct agx4_fw_job **job, struct agx4_cmdbuf *cb)
{
	u32 i;

	for (i = 0; i < 64; i++)
		fq[i] = queue(test, DRM_ASAHI_PRIORITY_MEDIUM);
	for (i = 0; i < 32; i++) {
		job[i] = prepare(test, fq[i], cb, 1);
		KUNIT_EXPECT_EQ(test, job_event(job[i]), 32 + 3 * i + 2);
	}
}

/* Free busy_32()'s jobs and the 33rd, except queue 5's (freed already). */
static void busy_32_end(struct ctx *c, struct agx4_fw_queue **fq,
			struct agx4_fw_job **job)
{
	u32 i;

	for (i = 0; i < 33; i++)
		if (i != 5)
			c->ops->job_free(job[i], true);
	for (i = 0; i < 64; i++)
		c->ops->queue_destroy(fq[i], true);
}

/*
 * 64 queues exist at once and 32 of them hold work (one event lease each,
 * ids 32 + 3k + stage): the jobs of the 33rd and 34th busy queues prepare
 * at once, with event 0 in their items, and their reserves return fences
 * to wait for, holding nothing.  A job of queue 5 freed hands lease 5 to
 * the job that waited first, and only to it: its fence signals, its
 * reserve returns NULL and its items carry lease 5's ids; a job of queue
 * 6 freed does the same for the second.
 */
static void agx4_g16_submit_33rd_busy_queue_waits_for_a_lease(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[64];
	struct agx4_fw_job *job[33] = { }, *second;
	struct agx4_cmdbuf *cb = computes(test, 1);
	struct dma_fence *f, *f2;

	busy_32(test, fq, job, cb);
	job[32] = prepare_only(test, fq[32], cb, 1);
	second = prepare_only(test, fq[33], cb, 1);
	KUNIT_EXPECT_EQ(test, job_event(job[32]), 0);
	f = c->ops->job_reserve(job[32]);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f2 = c->ops->job_reserve(second);
	KUNIT_ASSERT_NOT_NULL(test, f2);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, job_event(job[32]), 0);

	c->ops->job_free(job[5], true);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, 0);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f2));
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(job[32]));
	KUNIT_EXPECT_EQ(test, job_event(job[32]), 32 + 3 * 5 + 2);

	c->ops->job_free(job[6], true);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f2));
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(second));
	KUNIT_EXPECT_EQ(test, job_event(second), 32 + 3 * 6 + 2);
	dma_fence_put(f);
	dma_fence_put(f2);
	c->ops->job_free(second, true);
	job[6] = prepare(test, fq[6], cb, 1);
	busy_32_end(c, fq, job);
}

#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
/*
 * Each allocation of a prepare fails in turn while every lease is held,
 * so that a job prepared has to wait for one.  A prepare fails with
 * -ENOMEM, or succeeds when the allocation failed has a fallback (the
 * kernel's own, kmemleak's metadata when it is on); then its reserve
 * returns the fence to wait for, which the prepare allocated.
 */
static void agx4_g16_submit_out_of_memory_prepare_while_leases_are_held(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[64];
	struct agx4_fw_job *job[32] = { }, *j;
	struct agx4_cmdbuf *cb = computes(test, 1);
	struct dma_fence *f;
	unsigned int n, enomem = 0;
	bool hit;
	u32 credits;
	int ret;

	if (!agx4_test_failslab(test))
		kunit_skip(test, "no failslab in debugfs");
	busy_32(test, fq, job, cb);
	for (n = 1; n < 200; n++) {
		j = NULL;
		agx4_test_fail_nth(n);
		ret = c->ops->job_prepare(fq[32], cb, &j, &credits);
		hit = agx4_test_fail_hit();
		if (ret) {
			KUNIT_EXPECT_EQ_MSG(test, ret, -ENOMEM, "allocation %u", n);
			KUNIT_EXPECT_NULL_MSG(test, j, "allocation %u", n);
			enomem++;
			continue;
		}
		f = c->ops->job_reserve(j);
		KUNIT_EXPECT_NOT_NULL_MSG(test, f, "allocation %u", n);
		dma_fence_put(f);
		c->ops->job_free(j, true);
		if (!hit)
			break;
	}
	KUNIT_EXPECT_LT(test, n, 200);
	KUNIT_EXPECT_GT(test, enomem, 0);
	for (n = 0; n < 32; n++)
		c->ops->job_free(job[n], true);
	for (n = 0; n < 64; n++)
		c->ops->queue_destroy(fq[n], true);
}
#endif

/*
 * A render prepared while every lease is held carries event 0 wherever
 * an event id goes; the reserve that gets lease 7 writes its ids there:
 * TA 32 + 3 * 7 = 53 and 3D 54 in the TA Work's tail (+0x88c) and 3D
 * event (+0x77c), the TA microsequence (+0x1c0), the 3D Work's tail
 * (+0xbd4), the 3D microsequence (+0x1e0) and the 3D prelude, which waits
 * for the TA (+0x20).
 */
static void agx4_g16_submit_render_gets_its_event_ids_at_reserve(struct kunit *test)
{
	static const struct { u32 off, base, id; } ev[] = {
		{ 0x88c, 0x2940, 53 }, { 0x77c, 0x2940, 54 },
		{ 0x1c0, 0x6340, 53 }, { 0xbd4, 0x9b40, 54 },
		{ 0x1e0, 0xd680, 54 }, { 0x20, 0xc000, 53 },
	};
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[64];
	struct agx4_fw_job *job[33] = { };
	struct agx4_cmdbuf *cb = computes(test, 1);
	const u8 *w;
	struct dma_fence *f;
	unsigned int i;

	busy_32(test, fq, job, cb);
	job[32] = prepare_only(test, fq[32], render(test), 4);
	w = agx4_fw_g16_job_obj(job[32], 0)->cpu;
	for (i = 0; i < ARRAY_SIZE(ev); i++)
		KUNIT_EXPECT_EQ_MSG(test, rd32(w, ev[i].base + ev[i].off), 0,
				    "+%#x", ev[i].base + ev[i].off);
	f = c->ops->job_reserve(job[32]);
	KUNIT_ASSERT_NOT_NULL(test, f);
	c->ops->job_free(job[7], true);
	job[7] = job[5];
	job[5] = NULL;
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	dma_fence_put(f);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(job[32]));
	for (i = 0; i < ARRAY_SIZE(ev); i++)
		KUNIT_EXPECT_EQ_MSG(test, rd32(w, ev[i].base + ev[i].off),
				    ev[i].id, "+%#x", ev[i].base + ev[i].off);
	busy_32_end(c, fq, job);
}

/*
 * A job waiting for a lease holds nothing, and freeing it (its queue
 * went) ends its wait with -ECANCELED and leaves nothing behind: no
 * storage, no lease (the next one given back goes to the next waiter,
 * or stays free), no ordinal (the queue's next job has its first stamp).
 */
static void agx4_g16_submit_job_waiting_for_a_lease_holds_nothing(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[64];
	struct agx4_fw_job *job[33] = { }, *extra;
	struct agx4_cmdbuf *cb = computes(test, 1);
	unsigned int objs;
	struct dma_fence *f;

	busy_32(test, fq, job, cb);
	objs = heap_objects(c->adev);
	extra = prepare_only(test, fq[32], cb, 1);
	f = c->ops->job_reserve(extra);
	KUNIT_ASSERT_NOT_NULL(test, f);
	c->ops->job_free(extra, true);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, -ECANCELED);
	dma_fence_put(f);
	/* Its command's storage is the VM's spare now, nothing else. */
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs + 1);
	c->ops->job_free(job[5], true);
	job[32] = prepare(test, fq[32], cb, 1);
	KUNIT_EXPECT_EQ(test, heap_objects(c->adev), objs + 1);
	KUNIT_EXPECT_EQ(test, rd32(agx4_fw_g16_job_obj(job[32], 0)->cpu,
				   0x810), 0x100);
	KUNIT_EXPECT_EQ(test, job_event(job[32]), 32 + 3 * 5 + 2);
	busy_32_end(c, fq, job);
}

/*
 * The unplug hook ends a job's wait for a lease at once, with -ENODEV
 * (its fence is signalled by the call itself: no lease came back), and
 * hands it no lease.
 */
static void agx4_g16_submit_unplug_ends_the_wait_for_a_lease(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq[64];
	struct agx4_fw_job *job[33] = { };
	struct agx4_cmdbuf *cb = computes(test, 1);
	struct dma_fence *f;

	busy_32(test, fq, job, cb);
	job[32] = prepare_only(test, fq[32], cb, 1);
	f = c->ops->job_reserve(job[32]);
	KUNIT_ASSERT_NOT_NULL(test, f);
	agx4_engine_stop(c->adev->fw->engine);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, -ENODEV);
	dma_fence_put(f);
	c->ops->job_free(job[5], true);
	KUNIT_EXPECT_EQ(test, job_event(job[32]), 0);
	busy_32_end(c, fq, job);
}

/*
 * A killed queue sends nothing more: its job's messages, deferred by a
 * full channel, stay unsent when room comes back (the write index and
 * the producer do not move for it) and the job counts as not in
 * progress; a later job of another queue, deferred behind it, goes out.
 * The killed queue's lease (0) is free again for a third queue.
 */
static void agx4_g16_submit_killed_queue_sends_nothing_deferred(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_queue *fq2 = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_queue *fq3 = queue(test, DRM_ASAHI_PRIORITY_LOW);
	const u8 *lane = agx4_fw_g16_queue_obj(fq)->cpu + LANE(2);
	const u8 *lane2 = agx4_fw_g16_queue_obj(fq2)->cpu + LANE(2);
	u32 prod = agx4_device_read_sgx(c->adev, CH11_PROD);
	struct agx4_fw_job *job, *job2, *job3;

	KUNIT_ASSERT_NOT_NULL(test, c->ops->queue_kill);
	agx4_device_write_sgx(c->adev, CH11_DONE, (prod + 256 - 127) % 256);
	job = prepare(test, fq, computes(test, 1), 1);
	job2 = prepare(test, fq2, computes(test, 1), 1);
	KUNIT_EXPECT_EQ(test, job_event(job), 34);
	KUNIT_EXPECT_EQ(test, job_event(job2), 37);
	agx4_test_publish_kick(c->adev, c->ops, job);
	agx4_test_publish_kick(c->adev, c->ops, job2);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(c->adev, CH11_PROD), prod);
	c->ops->queue_kill(fq);
	agx4_device_write_sgx(c->adev, CH11_DONE, prod);
	agx4_test_poll_kick(c->adev);
	KUNIT_EXPECT_EQ(test, rd32(lane, PTRS + 0x40), 0);
	KUNIT_EXPECT_EQ(test, rd32(lane2, PTRS + 0x40), 1);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(c->adev, CH11_PROD),
			(prod + 1) % 256);
	KUNIT_EXPECT_NE(test, agx4_test_job_status(c->ops, job), -EINPROGRESS);
	job3 = prepare(test, fq3, computes(test, 1), 1);
	KUNIT_EXPECT_EQ(test, job_event(job3), 34);
	c->ops->job_free(job3, true);
	c->ops->job_free(job2, true);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq3, true);
	c->ops->queue_destroy(fq2, true);
	c->ops->queue_destroy(fq, true);
}

/* 36 one-render jobs of @fq, reserved: every scene slot of the VM. */
static void take_scene_slots(struct kunit *test, struct agx4_fw_queue *fq,
			     struct agx4_fw_job **job)
{
	u32 i;

	for (i = 0; i < 36; i++)
		job[i] = prepare(test, fq, render(test), 4);
}

/*
 * A killed queue's job that waits for a scene slot stops waiting at once
 * (-ECANCELED), so it does not hold back another queue's job waiting
 * behind it: the next slot given back goes to that one.
 */
static void agx4_g16_submit_killed_queue_stops_waiting_for_scene_slots(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_queue *fq2 = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_job *job[36], *b, *other;
	struct dma_fence *fb, *fo;
	u32 i;

	take_scene_slots(test, fq, job);
	b = prepare_only(test, fq, render(test), 4);
	other = prepare_only(test, fq2, render(test), 4);
	fb = c->ops->job_reserve(b);
	fo = c->ops->job_reserve(other);
	KUNIT_ASSERT_NOT_NULL(test, fb);
	KUNIT_ASSERT_NOT_NULL(test, fo);

	c->ops->queue_kill(fq);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(fb));
	KUNIT_EXPECT_EQ(test, fb->error, -ECANCELED);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fo));
	c->ops->job_free(job[0], true);
	KUNIT_EXPECT_TRUE_MSG(test, dma_fence_is_signaled(fo),
			      "the slot went to the killed queue's job");
	KUNIT_EXPECT_EQ(test, fo->error, 0);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(other));
	dma_fence_put(fb);
	dma_fence_put(fo);
	c->ops->job_free(other, true);
	c->ops->job_free(b, true);
	for (i = 1; i < 36; i++)
		c->ops->job_free(job[i], true);
	c->ops->queue_destroy(fq2, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Once submission ends while a job waits for a scene slot (the firmware
 * stopped after a crash: agx4_engine_stop()), the job, if it is
 * published after all, sends nothing and ends -ECANCELED: it holds no
 * slot, no scratch mapping and no lease.
 */
static void agx4_g16_submit_job_stopped_waiting_sends_nothing(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_queue *fq2 = queue(test, DRM_ASAHI_PRIORITY_LOW);
	const u8 *ta = agx4_fw_g16_queue_obj(fq2)->cpu + LANE(0);
	u32 p9 = agx4_device_read_sgx(c->adev, CH9_PROD);
	struct agx4_fw_job *job[36], *late;
	struct dma_fence *f;
	u32 i;

	take_scene_slots(test, fq, job);
	late = prepare_only(test, fq2, render(test), 4);
	f = c->ops->job_reserve(late);
	KUNIT_ASSERT_NOT_NULL(test, f);
	agx4_engine_stop(c->adev->fw->engine);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_EQ(test, f->error, -ENODEV);
	dma_fence_put(f);
	KUNIT_EXPECT_NULL(test, c->ops->job_reserve(late));
	agx4_test_publish_kick(c->adev, c->ops, late);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, late), -ECANCELED);
	KUNIT_EXPECT_EQ(test, rd32(ta, PTRS + 0x40), 0);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(c->adev, CH9_PROD), p9);
	c->ops->job_free(late, true);
	for (i = 0; i < 36; i++)
		c->ops->job_free(job[i], true);
	c->ops->queue_destroy(fq2, true);
	c->ops->queue_destroy(fq, true);
}

/*
 * Every queue of a priority shares its channels: a job whose completion
 * is looked at only after 256 + 150 later messages of another queue on
 * its channel (each consumed by the firmware) is done.  Its message lies
 * 150 slots behind the cursors' ring index then, on the far side of a
 * half-ring window.
 */
static void agx4_g16_submit_done_after_a_ring_of_later_messages(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fq = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_queue *fq2 = queue(test, DRM_ASAHI_PRIORITY_LOW);
	struct agx4_fw_obj *q = agx4_fw_g16_queue_obj(fq);
	struct agx4_cmdbuf *cb = computes(test, 1);
	u32 prod = agx4_device_read_sgx(c->adev, CH11_PROD), p, i, step;
	struct agx4_fw_job *job = prepare(test, fq, cb, 1), *j;
	struct agx4_fw_obj *w = agx4_fw_g16_job_obj(job, 0);

	agx4_test_publish_kick(c->adev, c->ops, job);
	for (step = 0; step < F_NUM; step++)
		firmware_step(c, q, w, step, 0x100, 1, (prod + 1) % 256);
	for (i = 0; i < 256 + 150; i++) {
		j = prepare(test, fq2, cb, 1);
		agx4_test_publish_kick(c->adev, c->ops, j);
		p = agx4_device_read_sgx(c->adev, CH11_PROD);
		agx4_device_write_sgx(c->adev, CH11_READ, p);
		agx4_device_write_sgx(c->adev, CH11_DONE, p);
		c->ops->job_free(j, true);
	}
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(c->adev, CH11_PROD),
			(prod + 1 + 256 + 150) % 256);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, job), 0);
	c->ops->job_free(job, true);
	c->ops->queue_destroy(fq2, true);
	c->ops->queue_destroy(fq, true);
}

/* Client contexts: 63 slots past context 0, the boot's render context 1 in one. */
#define CLIENT_CTXS	62

/* The context a VM is bound to now, -1 for none. */
static int asid_of(struct agx4_vm *vm)
{
	return READ_ONCE(vm->uat.asid);
}

/* The context a compute job's work item and notifier name. */
static void expect_job_ctx(struct kunit *test, struct agx4_fw_job *job, int ctx)
{
	const u8 *w = agx4_fw_g16_job_obj(job, 0)->cpu;

	KUNIT_EXPECT_EQ(test, rd32(w, 0xc), ctx);
	KUNIT_EXPECT_EQ(test, rd32(w, 0x7e0), ctx);
	KUNIT_EXPECT_EQ(test, rd32(w, W_NOTIFIER + 0x24), ctx);
}

/* What the context cases make: one VM more than there are contexts. */
struct ctx_vms {
	struct agx4_fw_queue *fq[CLIENT_CTXS + 1];
	struct agx4_fw_job *job[CLIENT_CTXS + 1];
	struct agx4_vm *vm[CLIENT_CTXS + 1];
	struct dma_fence *f[CLIENT_CTXS];
	int ctx[CLIENT_CTXS + 1];
};

/* CLIENT_CTXS + 1 VMs with a queue of priority @prio each. */
static struct ctx_vms *ctx_vms(struct kunit *test, u32 prio)
{
	struct ctx_vms *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	u32 i;

	KUNIT_ASSERT_NOT_NULL(test, t);
	for (i = 0; i <= CLIENT_CTXS; i++) {
		t->vm[i] = new_vm(test);
		t->fq[i] = queue_on(test, t->vm[i], prio);
	}
	return t;
}

/* A job of each of the first CLIENT_CTXS VMs, prepared and reserved. */
static void ctx_vms_reserve(struct kunit *test, struct ctx_vms *t,
			    const struct agx4_cmdbuf *cb)
{
	struct ctx *c = test->priv;
	u32 i;

	for (i = 0; i < CLIENT_CTXS; i++) {
		t->job[i] = prepare_only(test, t->fq[i], cb, 1);
		t->f[i] = c->ops->job_reserve(t->job[i]);
	}
}

/* Free every job, put the fences, destroy the queues. */
static void ctx_vms_end(struct ctx *c, struct ctx_vms *t, struct dma_fence *wait,
			u32 freed)
{
	u32 i;

	for (i = 0; i <= CLIENT_CTXS; i++)
		if (i != freed)
			c->ops->job_free(t->job[i], true);
	for (i = 0; i < CLIENT_CTXS; i++)
		if (t->f[i])
			dma_fence_put(t->f[i]);
	if (wait)
		dma_fence_put(wait);
	for (i = 0; i <= CLIENT_CTXS; i++)
		c->ops->queue_destroy(t->fq[i], true);
}

/*
 * More VMs than contexts: a context is lent to a VM while its jobs are
 * counted on it (reserved, not freed) and kept while it idles, until a
 * VM without one needs it.
 * - 62 VMs run a job each, one after the other: each gets its own
 *   context, and keeps it once idle.
 * - A 63rd VM's job takes back the least recently used one (VM 0's):
 *   VM 0 is left with none, and the job, which SUBMIT built for no
 *   context, names the one it got.  A growth request for VM 0's pool
 *   naming context -1 finds nothing.
 * - VM 0 runs again: it takes back the next least recently used (VM 1's).
 * - With every context counted on (62 jobs reserved at once, 30 of them
 *   still waiting for an event lease, which they take after the
 *   context), a job of a VM without one waits, on a fence, holding
 *   nothing; the first job freed hands its VM's context over (and its
 *   lease to the first job waiting for one), and the waiting job names
 *   it.  No prepare or reserve fails.
 */
static void agx4_g16_submit_contexts_are_lent_while_vms_have_work(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_cmdbuf *cb = computes(test, 1);
	/* A request naming "no context" (-1) for VM 0's pool. */
	const struct agx4_fw_ev_grow_in none = {
		.context = U32_MAX, .slot = 7, .counter = 1,
	};
	struct ctx_vms *t = ctx_vms(test, DRM_ASAHI_PRIORITY_MEDIUM);
	struct agx4_fw_queue **fq = t->fq;
	struct agx4_fw_job **job = t->job;
	struct agx4_vm **vm = t->vm;
	struct dma_fence **f = t->f, *wait;
	int *ctx = t->ctx, got;
	u32 i, k;

	for (i = 0; i < CLIENT_CTXS; i++) {
		/* VM 0 renders: its pool is buffer-manager slot 7. */
		job[i] = i ? prepare(test, fq[i], cb, 1) :
			     prepare(test, fq[i], render(test), 4);
		ctx[i] = asid_of(vm[i]);
		KUNIT_EXPECT_GT(test, ctx[i], 1);
		for (k = 0; k < i; k++)
			KUNIT_EXPECT_NE(test, ctx[i], ctx[k]);
		if (i)
			expect_job_ctx(test, job[i], ctx[i]);
		c->ops->job_free(job[i], true);
		KUNIT_EXPECT_EQ(test, asid_of(vm[i]), ctx[i]);
	}

	job[CLIENT_CTXS] = prepare(test, fq[CLIENT_CTXS], cb, 1);
	KUNIT_EXPECT_EQ(test, asid_of(vm[CLIENT_CTXS]), ctx[0]);
	KUNIT_EXPECT_EQ(test, asid_of(vm[0]), -1);
	expect_job_ctx(test, job[CLIENT_CTXS], ctx[0]);
	c->ops->job_free(job[CLIENT_CTXS], true);
	/* No growth request finds the pool of VM 0, which has no context. */
	KUNIT_EXPECT_EQ(test, c->ops->tvb->grow(c->adev, &none, 1000),
			-ENOENT);

	job[0] = prepare(test, fq[0], cb, 1);
	KUNIT_EXPECT_EQ(test, asid_of(vm[0]), ctx[1]);
	KUNIT_EXPECT_EQ(test, asid_of(vm[1]), -1);
	expect_job_ctx(test, job[0], ctx[1]);
	c->ops->job_free(job[0], true);

	/* Every context counted on: VMs 0..61 with a job reserved each. */
	ctx_vms_reserve(test, t, cb);
	for (i = 0; i < CLIENT_CTXS; i++) {
		/* The first 32 hold the event leases, the rest wait for one. */
		if (i < 32)
			KUNIT_EXPECT_NULL(test, f[i]);
		else
			KUNIT_EXPECT_NOT_NULL(test, f[i]);
		KUNIT_EXPECT_GT(test, asid_of(vm[i]), 1);
	}
	KUNIT_EXPECT_EQ(test, asid_of(vm[CLIENT_CTXS]), -1);
	job[CLIENT_CTXS] = prepare_only(test, fq[CLIENT_CTXS], cb, 1);
	wait = c->ops->job_reserve(job[CLIENT_CTXS]);
	KUNIT_ASSERT_NOT_NULL(test, wait);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(wait));
	expect_job_ctx(test, job[CLIENT_CTXS], 0);

	got = asid_of(vm[5]);
	c->ops->job_free(job[5], true);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(wait));
	KUNIT_EXPECT_EQ(test, wait->error, 0);
	KUNIT_EXPECT_EQ(test, asid_of(vm[5]), -1);
	KUNIT_EXPECT_EQ(test, asid_of(vm[CLIENT_CTXS]), got);
	/* Lease 5 went to job 32, the first waiting for a lease. */
	KUNIT_ASSERT_NOT_NULL(test, f[32]);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(f[32]));
	dma_fence_put(wait);
	wait = c->ops->job_reserve(job[CLIENT_CTXS]);
	/* Its context held, it now waits for a lease like the others. */
	KUNIT_EXPECT_NOT_NULL(test, wait);
	expect_job_ctx(test, job[CLIENT_CTXS], got);
	ctx_vms_end(c, t, wait, 5);
}

/*
 * A killed queue's job the firmware finishes gives its VM's context back
 * then, though the job unit keeps the job until the queue goes: with every
 * context counted on, a job of a VM without one waits until the killed
 * job is found done (not a moment before), then takes that VM's context.
 */
static void agx4_g16_submit_killed_job_done_gives_its_context_back(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_cmdbuf *cb = computes(test, 1);
	struct ctx_vms *t = ctx_vms(test, DRM_ASAHI_PRIORITY_LOW);
	u32 prod = agx4_device_read_sgx(c->adev, CH11_PROD), step;
	struct agx4_fw_obj *q, *w;
	struct dma_fence *wait;
	int got;

	ctx_vms_reserve(test, t, cb);
	KUNIT_ASSERT_NULL(test, t->f[0]);
	got = asid_of(t->vm[0]);
	q = agx4_fw_g16_queue_obj(t->fq[0]);
	w = agx4_fw_g16_job_obj(t->job[0], 0);
	agx4_test_publish_kick(c->adev, c->ops, t->job[0]);
	c->ops->queue_kill(t->fq[0]);

	t->job[CLIENT_CTXS] = prepare_only(test, t->fq[CLIENT_CTXS], cb, 1);
	wait = c->ops->job_reserve(t->job[CLIENT_CTXS]);
	KUNIT_ASSERT_NOT_NULL(test, wait);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, t->job[0]),
			-EINPROGRESS);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(wait));
	KUNIT_EXPECT_EQ(test, asid_of(t->vm[0]), got);

	for (step = 0; step < F_NUM; step++)
		firmware_step(c, q, w, step, 0x100, 1, (prod + 1) % 256);
	KUNIT_EXPECT_EQ(test, agx4_test_job_status(c->ops, t->job[0]), 0);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(wait));
	KUNIT_EXPECT_EQ(test, asid_of(t->vm[0]), -1);
	KUNIT_EXPECT_EQ(test, asid_of(t->vm[CLIENT_CTXS]), got);
	ctx_vms_end(c, t, wait, CLIENT_CTXS + 1);
}

/*
 * With every context counted on, a job of a VM without one waits for
 * one; its queue killed, the wait ends at once (-ECANCELED), holding
 * nothing: the job will not run, so it takes no context.
 */
static void agx4_g16_submit_killed_queue_stops_waiting_for_a_context(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_cmdbuf *cb = computes(test, 1);
	struct ctx_vms *t = ctx_vms(test, DRM_ASAHI_PRIORITY_LOW);
	struct dma_fence *wait;

	ctx_vms_reserve(test, t, cb);
	t->job[CLIENT_CTXS] = prepare_only(test, t->fq[CLIENT_CTXS], cb, 1);
	wait = c->ops->job_reserve(t->job[CLIENT_CTXS]);
	KUNIT_ASSERT_NOT_NULL(test, wait);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(wait));

	c->ops->queue_kill(t->fq[CLIENT_CTXS]);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(wait));
	KUNIT_EXPECT_EQ(test, wait->error, -ECANCELED);
	KUNIT_EXPECT_EQ(test, asid_of(t->vm[CLIENT_CTXS]), -1);
	ctx_vms_end(c, t, wait, CLIENT_CTXS + 1);
}

static void restore_leases(void *data)
{
	agx4_g16_support_leases_param = 0;
}

/*
 * With one render support lease, held by a VM's reserved render, another
 * VM's render waits for it; its queue killed, the wait ends at once
 * (-ECANCELED): the job will not run, so it takes no lease.
 */
static void agx4_g16_submit_killed_queue_stops_waiting_for_a_render_lease(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_fw_queue *fa, *fb;
	struct agx4_fw_job *a, *b;
	struct dma_fence *wait;

	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_leases,
							NULL), 0);
	agx4_g16_support_leases_param = 1;
	fa = queue_on(test, new_vm(test), DRM_ASAHI_PRIORITY_LOW);
	fb = queue_on(test, new_vm(test), DRM_ASAHI_PRIORITY_LOW);
	a = prepare(test, fa, render(test), 4);
	b = prepare_only(test, fb, render(test), 4);
	wait = c->ops->job_reserve(b);
	KUNIT_ASSERT_NOT_NULL(test, wait);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(wait));

	c->ops->queue_kill(fb);
	KUNIT_EXPECT_TRUE(test, dma_fence_is_signaled(wait));
	KUNIT_EXPECT_EQ(test, wait->error, -ECANCELED);
	dma_fence_put(wait);
	c->ops->job_free(b, true);
	c->ops->job_free(a, true);
	c->ops->queue_destroy(fb, true);
	c->ops->queue_destroy(fa, true);
}

/*
 * Work storage forgotten once the firmware stopped (a restart's first
 * step) leaves its alias in context 0 until the restart's shutdown takes
 * those tables; storage made meanwhile at the same heap address, as by a
 * SUBMIT that met the crash, takes the alias over without mapping over a
 * live entry (which WARNs, and miscounts the table), and unmaps cleanly.
 */
static void agx4_g16_submit_alias_of_forgotten_storage_is_replaced_while_down(struct kunit *test)
{
	struct ctx *c = test->priv;
	struct agx4_device *adev = c->adev;
	struct agx4_fw_obj *a, *b;
	phys_addr_t pa, pb;
	u64 va, at;

	a = agx4_fw_obj_create(&adev->mem->heap, G16_RW_SIZE,
			       AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, a);
	at = a->va;
	va = G16_RENDER_ALIAS + (at - adev->gen->fw_heap.start);
	KUNIT_ASSERT_EQ(test, agx4_g16_dev_alias(adev, a, va, true), 0);
	/* The firmware crashed; the storage is forgotten, its alias left. */
	set_bit(0, &adev->fw->crashed);
	agx4_fw_obj_destroy(a);
	b = agx4_fw_obj_create(&adev->mem->heap, G16_RW_SIZE,
			       AGX4_FW_OBJ_SHARED, NULL, NULL);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, b);
	KUNIT_ASSERT_EQ(test, b->va, at);
	KUNIT_EXPECT_EQ(test, agx4_g16_dev_alias(adev, b, va, true), 0);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(&adev->fw->dev_uat, va, &pa,
						 NULL), 0);
	KUNIT_ASSERT_EQ(test, agx4_uat_translate(&adev->mem->fw_uat, b->va,
						 &pb, NULL), 0);
	KUNIT_EXPECT_EQ(test, pa, pb);
	agx4_g16_dev_alias(adev, b, va, false);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&adev->fw->dev_uat, va, &pa,
						 NULL), -ENOENT);
	agx4_fw_obj_destroy(b);
	clear_bit(0, &adev->fw->crashed);
}

static struct kunit_case agx4_g16_submit_cases[] = {
	KUNIT_CASE(agx4_g16_submit_queue_records_by_priority),
	KUNIT_CASE(agx4_g16_submit_compute_prepare_then_publish),
	KUNIT_CASE(agx4_g16_submit_vm_maps_compute_namespace),
	KUNIT_CASE(agx4_g16_submit_render_prepare_then_publish),
	KUNIT_CASE(agx4_g16_submit_render_done_waits_for_idle_control),
	KUNIT_CASE(agx4_g16_submit_fragment_barrier_moves_to_3d),
	KUNIT_CASE(agx4_g16_submit_compute_done_needs_every_signal),
	KUNIT_CASE(agx4_g16_submit_lane_stamp_past_the_work_is_refused),
	KUNIT_CASE(agx4_g16_submit_barriers_become_dependency_items),
	KUNIT_CASE(agx4_g16_submit_full_channel_defers_to_poll),
	KUNIT_CASE(agx4_g16_submit_refuses_bad_render_and_empty),
	KUNIT_CASE(agx4_g16_submit_failed_prepare_gives_back),
	KUNIT_CASE(agx4_g16_submit_reused_storage_is_reset),
	KUNIT_CASE(agx4_g16_submit_33rd_busy_queue_waits_for_a_lease),
	KUNIT_CASE(agx4_g16_submit_contexts_are_lent_while_vms_have_work),
	KUNIT_CASE(agx4_g16_submit_killed_job_done_gives_its_context_back),
	KUNIT_CASE(agx4_g16_submit_killed_queue_stops_waiting_for_a_context),
	KUNIT_CASE(agx4_g16_submit_killed_queue_stops_waiting_for_a_render_lease),
	KUNIT_CASE(agx4_g16_submit_alias_of_forgotten_storage_is_replaced_while_down),
#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
	KUNIT_CASE(agx4_g16_submit_out_of_memory_prepare_while_leases_are_held),
#endif
	KUNIT_CASE(agx4_g16_submit_render_gets_its_event_ids_at_reserve),
	KUNIT_CASE(agx4_g16_submit_job_waiting_for_a_lease_holds_nothing),
	KUNIT_CASE(agx4_g16_submit_unplug_ends_the_wait_for_a_lease),
	KUNIT_CASE(agx4_g16_submit_killed_queue_sends_nothing_deferred),
	KUNIT_CASE(agx4_g16_submit_killed_queue_stops_waiting_for_scene_slots),
	KUNIT_CASE(agx4_g16_submit_job_stopped_waiting_sends_nothing),
	KUNIT_CASE(agx4_g16_submit_done_after_a_ring_of_later_messages),
	{ }
};

static struct kunit_suite agx4_g16_submit_suite = {
	.name = "agx4_fw_g16_submit",
	.init = init,
	.test_cases = agx4_g16_submit_cases,
};

/* ---- through the ioctls, the model executing the work ---- */

/* Bound of every wait on the model. */
#define BOUND_MS	5000

/* A booted G16 device, a client that opened it as the fork does. */
struct uapi {
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	struct agx4_test_cmdbuf cb;
};

/* Let the model run whatever a case left held, so that teardown ends. */
static void let_go(void *data)
{
	struct agx4_fwmodel *m = data;

	agx4_fwmodel_exec(m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(m, AGX4_FWMODEL_OLDEST_FIRST);
}

/* @release_at_end: let held work go when the case ends (not after unplug). */
static struct uapi *uapi_open(struct kunit *test, bool release_at_end)
{
	struct uapi *u = kunit_kzalloc(test, sizeof(*u), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, u);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	u->adev = agx4_test_probe(test, AGX4_SOC_T8132);
	u->m = agx4_test_model();
	u->c = agx4_test_client_open(test, u->adev);
	if (release_at_end)
		KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, let_go,
								u->m), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(u->c, &u->f), 0);
	return u;
}

static void uapi_queues(struct uapi *u, u32 *queue, u32 n)
{
	u32 i;

	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ(u->c->test,
				agx4_test_queue_create(u->c, u->f.vm_id,
						       DRM_ASAHI_PRIORITY_MEDIUM,
						       &queue[i]), 0);
}

/*
 * SUBMIT one render or compute command of the fork's on @queue, signalling
 * a new syncobj; its fence in @done.
 */
static int uapi_submit(struct uapi *u, u32 queue, bool render, u32 n,
		       struct dma_fence **done)
{
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_cmd_render r;
	struct drm_asahi_sync sy = {
		.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
		.handle = agx4_test_syncobj(u->c, NULL),
	};
	int ret;

	memset(&u->cb, 0, sizeof(u->cb));
	if (render) {
		r = agx4_test_fork_render(&u->f, n);
		agx4_test_cmd_render(&u->cb, &r);
	} else {
		cc = agx4_test_fork_compute(&u->f, n);
		agx4_test_cmd_compute(&u->cb, &cc);
	}
	ret = agx4_test_submit(u->c, queue, &u->cb, &sy, 0, 1);
	*done = ret ? NULL : agx4_test_syncobj_fence(u->c, sy.handle, 0);
	return ret;
}

static void wait_held(struct kunit *test, struct uapi *u, unsigned int n)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	while (agx4_fwmodel_held(u->m) < n && time_before(jiffies, end))
		usleep_range(500, 1000);
	KUNIT_ASSERT_GE_MSG(test, agx4_fwmodel_held(u->m), n,
			    "the model never held %u work items", n);
}

/*
 * 32 queues with compute work held in the firmware use every event lease:
 * a 33rd queue's SUBMIT does not wait for one, its job does, in the
 * scheduler: it is not published (the model holds 32 items, no more) and
 * its fence stays unsignalled until the held work is let go and its jobs
 * are freed; then every job completes.
 */
static void agx4_g16_uapi_33rd_busy_queue_waits_for_held_work(struct kunit *test)
{
	struct uapi *u = uapi_open(test, true);
	struct dma_fence *done[33] = { };
	u32 queue[33], i;

	uapi_queues(u, queue, 33);
	agx4_fwmodel_hold(u->m);
	for (i = 0; i < 32; i++)
		KUNIT_ASSERT_EQ_MSG(test, uapi_submit(u, queue[i], false, i,
						      &done[i]), 0,
				    "queue %u", i);
	wait_held(test, u, 32);
	KUNIT_ASSERT_EQ(test, uapi_submit(u, queue[32], false, 32, &done[32]),
			0);
	msleep(100);
	agx4_fwmodel_sync(u->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(u->m), 32);
	KUNIT_EXPECT_FALSE_MSG(test, dma_fence_is_signaled(done[32]),
			       "the job ran while every lease was held");
	let_go(u->m);
	for (i = 0; i < 33; i++) {
		if (!done[i])
			continue;
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS), 0,
				    "queue %u", i);
		dma_fence_put(done[i]);
	}
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

/*
 * 40 queues each SUBMIT a compute command whose in-sync is a fence
 * nobody signals yet, more than there are event leases: their jobs wait
 * for it holding no lease, so a 41st queue's job, with no in-sync, runs
 * and completes meanwhile.  Once the fence signals, all 40 run and
 * complete too, leases passing from queue to queue.
 */
static void agx4_g16_uapi_jobs_waiting_for_in_syncs_hold_no_lease(struct kunit *test)
{
	struct uapi *u = uapi_open(test, true);
	struct dma_fence *gate = kzalloc(sizeof(*gate), GFP_KERNEL);
	static DEFINE_SPINLOCK(gate_lock);
	struct dma_fence *done[41] = { };
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_sync sy[2];
	u32 queue[41], in, i;

	KUNIT_ASSERT_NOT_NULL(test, gate);
	dma_fence_init(gate, &gate_ops, &gate_lock, dma_fence_context_alloc(1),
		       1);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gate_open, gate),
			0);
	uapi_queues(u, queue, 41);
	in = agx4_test_syncobj(u->c, gate);
	for (i = 0; i < 40; i++) {
		sy[0] = (struct drm_asahi_sync){ .sync_type =
						 DRM_ASAHI_SYNC_SYNCOBJ,
						 .handle = in };
		sy[1] = (struct drm_asahi_sync){
			.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
			.handle = agx4_test_syncobj(u->c, NULL) };
		memset(&u->cb, 0, sizeof(u->cb));
		cc = agx4_test_fork_compute(&u->f, i);
		agx4_test_cmd_compute(&u->cb, &cc);
		KUNIT_ASSERT_EQ_MSG(test, agx4_test_submit(u->c, queue[i],
							   &u->cb, sy, 1, 1),
				    0, "queue %u", i);
		done[i] = agx4_test_syncobj_fence(u->c, sy[1].handle, 0);
	}
	KUNIT_ASSERT_EQ(test, uapi_submit(u, queue[40], false, 40, &done[40]),
			0);
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[40], BOUND_MS), 0,
			    "a job without in-syncs found no lease");
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(done[0]));
	dma_fence_signal(gate);
	for (i = 0; i < 41; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS), 0,
				    "queue %u", i);
		dma_fence_put(done[i]);
	}
}

/*
 * 64 queues each SUBMIT a render while the model runs freely, each work
 * item taking 20 ms: the first 32 are still busy when the 33rd comes, so
 * later SUBMITs wait for leases; every one succeeds and completes.
 */
static void agx4_g16_uapi_64_rendering_queues_complete(struct kunit *test)
{
	struct uapi *u = uapi_open(test, true);
	struct dma_fence *done[64] = { };
	u32 queue[64], i;

	uapi_queues(u, queue, 64);
	agx4_fwmodel_exec(u->m, AGX4_FWMODEL_DELAY, 20);
	for (i = 0; i < 64; i++)
		KUNIT_EXPECT_EQ_MSG(test, uapi_submit(u, queue[i], true, i,
						      &done[i]), 0,
				    "queue %u", i);
	for (i = 0; i < 64; i++) {
		if (!done[i])
			continue;
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS), 0,
				    "queue %u", i);
		dma_fence_put(done[i]);
	}
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(u->m, AGX4_FWMODEL_CNT_3D),
			64);
}

/*
 * Unplug while 32 queues' work is held in the firmware and a 33rd
 * queue's job waits in the scheduler for a lease (its SUBMIT returned at
 * once): the unplug ends that wait itself, and the job, never published,
 * ends -ECANCELED; the held jobs end with -ENODEV; and once the client
 * closes every job and queue is forgotten: no firmware object is left
 * (the device's own went with the firmware).  Nothing else could end the
 * wait: no lease comes back after the unplug.
 */
static void agx4_g16_uapi_unplug_ends_the_wait_and_leaves_nothing(struct kunit *test)
{
	struct uapi *u = uapi_open(test, false);
	struct dma_fence *done[33] = { };
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	u32 queue[33], i;

	uapi_queues(u, queue, 33);
	agx4_fwmodel_hold(u->m);
	for (i = 0; i < 32; i++)
		KUNIT_ASSERT_EQ_MSG(test, uapi_submit(u, queue[i], i % 2, i,
						      &done[i]), 0,
				    "queue %u", i);
	wait_held(test, u, 32);
	KUNIT_ASSERT_EQ(test, uapi_submit(u, queue[32], false, 32, &done[32]),
			0);
	msleep(50);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(done[32]));
	agx4_device_unplug(u->adev);
	for (i = 0; i < 33; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS),
				    i < 32 ? -ENODEV : -ECANCELED,
				    "queue %u", i);
		dma_fence_put(done[i]);
	}
	agx4_test_client_close(u->c);
	agx4_job_flush(u->adev);
	while (agx4_test_fw_objects(u->adev, false) &&
	       time_before(jiffies, end)) {
		usleep_range(500, 1000);
		agx4_job_flush(u->adev);
	}
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(u->adev, false), 0,
			    "firmware objects left after unplug");
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(u->adev, true), 0,
			    "timestamp mappings left after unplug");
}

/*
 * 36 renders on 32 queues (one lease each, so every render goes out, and
 * is held or queued behind one that is) take every scene slot of their
 * VM.  Return the fences; the caller lets go or unplugs.
 */
static void fill_scene_slots(struct kunit *test, struct uapi *u, u32 *queue,
			     struct dma_fence **done)
{
	u32 i;

	uapi_queues(u, queue, 32);
	agx4_fwmodel_hold(u->m);
	for (i = 0; i < 36; i++)
		KUNIT_ASSERT_EQ_MSG(test, uapi_submit(u, queue[i % 32], true,
						      i, &done[i]), 0,
				    "render %u", i);
	wait_held(test, u, 32);
}

/*
 * With every scene slot of the VM held, a 37th render's SUBMIT returns at
 * once and its job waits in the scheduler, unpublished; once the held
 * work is let go, a slot is handed to it and all 37 complete.  Renders
 * that got other slots and scratch places than the ones SUBMIT built them
 * for ran in their own (the model refuses two running renders that share
 * either).
 */
static void agx4_g16_uapi_render_waits_in_scheduler_for_a_scene_slot(struct kunit *test)
{
	struct uapi *u = uapi_open(test, false);
	struct dma_fence *done[37] = { };
	unsigned long t0;
	u32 queue[32], i;

	fill_scene_slots(test, u, queue, done);
	t0 = jiffies;
	KUNIT_ASSERT_EQ(test, uapi_submit(u, queue[0], true, 36, &done[36]),
			0);
	KUNIT_EXPECT_LT_MSG(test, jiffies_to_msecs(jiffies - t0), 1000U,
			    "SUBMIT waited for a scene slot");
	msleep(100);
	KUNIT_EXPECT_FALSE_MSG(test, dma_fence_is_signaled(done[36]),
			       "the render ran while every slot was held");
	let_go(u->m);
	for (i = 0; i < 37; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS), 0,
				    "render %u", i);
		dma_fence_put(done[i]);
	}
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(u->m, AGX4_FWMODEL_CNT_3D),
			37);
}

/*
 * The unplug ends a job's wait for a scene slot: the 37th render, which
 * waits in the scheduler, is never published and ends -ECANCELED; the
 * held renders end -ENODEV; nothing is left once the client closes.
 * Nothing else could end the wait: no slot comes back after the unplug.
 */
static void agx4_g16_uapi_unplug_ends_the_wait_for_a_scene_slot(struct kunit *test)
{
	struct uapi *u = uapi_open(test, false);
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	struct dma_fence *done[37] = { };
	u32 queue[32], i;

	fill_scene_slots(test, u, queue, done);
	KUNIT_ASSERT_EQ(test, uapi_submit(u, queue[0], true, 36, &done[36]),
			0);
	msleep(50);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(done[36]));
	agx4_device_unplug(u->adev);
	for (i = 0; i < 37; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS),
				    i < 36 ? -ENODEV : -ECANCELED,
				    "render %u", i);
		dma_fence_put(done[i]);
	}
	agx4_test_client_close(u->c);
	agx4_job_flush(u->adev);
	while (agx4_test_fw_objects(u->adev, false) &&
	       time_before(jiffies, end)) {
		usleep_range(500, 1000);
		agx4_job_flush(u->adev);
	}
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(u->adev, false), 0,
			    "firmware objects left after unplug");
}

/* VMs with work in agx4_g16_uapi_more_vms_than_contexts_complete. */
#define MANY_VMS	80

/*
 * More VMs with work than the firmware has contexts (62): MANY_VMS VMs of
 * one client, each with a queue and a compute command whose stream lies in
 * a buffer of its own, SUBMIT one command each while the model takes 20
 * ms per work item, so that most are in flight together.  No SUBMIT
 * fails: a job whose VM has no context waits for one in the scheduler,
 * and every job completes.  Printed as "agx4-contexts: ...".
 */
static void agx4_g16_uapi_more_vms_than_contexts_complete(struct kunit *test)
{
	struct uapi *u = uapi_open(test, true);
	struct dma_fence **done;
	u32 *queue, i, errors = 0, fails = 0;
	u64 va = u->f.main_start;

	done = kunit_kcalloc(test, MANY_VMS, sizeof(*done), GFP_KERNEL);
	queue = kunit_kcalloc(test, MANY_VMS, sizeof(*queue), GFP_KERNEL);
	KUNIT_ASSERT_TRUE(test, done && queue);
	for (i = 0; i < MANY_VMS; i++) {
		u32 vm, bo;

		KUNIT_ASSERT_EQ(test, agx4_test_vm_create(u->c, u->f.kernel_start,
							  u->f.kernel_end, &vm),
				0);
		bo = agx4_test_gem_create(u->c, SZ_16K,
					  DRM_ASAHI_GEM_VM_PRIVATE, vm);
		KUNIT_ASSERT_NE(test, bo, 0);
		KUNIT_ASSERT_EQ(test, agx4_test_vm_bind(u->c, vm,
							DRM_ASAHI_BIND_READ, bo,
							0, SZ_16K, va), 0);
		KUNIT_ASSERT_EQ(test, agx4_test_queue_create(u->c, vm,
							     DRM_ASAHI_PRIORITY_MEDIUM,
							     &queue[i]), 0);
	}
	agx4_fwmodel_exec(u->m, AGX4_FWMODEL_DELAY, 20);
	for (i = 0; i < MANY_VMS; i++) {
		const struct drm_asahi_cmd_compute cc = {
			.cdm_ctrl_stream_base = va,
			.cdm_ctrl_stream_end = va + SZ_4K,
		};
		struct drm_asahi_sync sy = {
			.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
			.handle = agx4_test_syncobj(u->c, NULL),
		};
		int ret;

		memset(&u->cb, 0, sizeof(u->cb));
		agx4_test_cmd_compute(&u->cb, &cc);
		ret = agx4_test_submit(u->c, queue[i], &u->cb, &sy, 0, 1);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "VM %u", i);
		if (ret) {
			errors++;
			continue;
		}
		done[i] = agx4_test_syncobj_fence(u->c, sy.handle, 0);
	}
	for (i = 0; i < MANY_VMS; i++) {
		int err;

		if (!done[i])
			continue;
		err = agx4_test_fence_wait(done[i], BOUND_MS);
		KUNIT_EXPECT_EQ_MSG(test, err, 0, "VM %u", i);
		fails += !!err;
		dma_fence_put(done[i]);
	}
	kunit_info(test, "agx4-contexts: G16 VMs with work = %u (contexts %u), submit errors = %u, failed jobs = %u\n",
		   MANY_VMS, CLIENT_CTXS, errors, fails);
}

static struct kunit_case agx4_g16_uapi_cases[] = {
	KUNIT_CASE(agx4_g16_uapi_33rd_busy_queue_waits_for_held_work),
	KUNIT_CASE(agx4_g16_uapi_jobs_waiting_for_in_syncs_hold_no_lease),
	KUNIT_CASE(agx4_g16_uapi_64_rendering_queues_complete),
	KUNIT_CASE(agx4_g16_uapi_more_vms_than_contexts_complete),
	KUNIT_CASE(agx4_g16_uapi_unplug_ends_the_wait_and_leaves_nothing),
	KUNIT_CASE(agx4_g16_uapi_render_waits_in_scheduler_for_a_scene_slot),
	KUNIT_CASE(agx4_g16_uapi_unplug_ends_the_wait_for_a_scene_slot),
	{ }
};

static struct kunit_suite agx4_g16_uapi_suite = {
	.name = "agx4_fw_g16_submit_uapi",
	.test_cases = agx4_g16_uapi_cases,
};

kunit_test_suites(&agx4_g16_submit_suite, &agx4_g16_uapi_suite);

