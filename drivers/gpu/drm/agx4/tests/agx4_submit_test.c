// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suites "agx4_submit_replay" and "agx4_submit": submission through
 * the UAPI, on G16 and G17P, against the firmware model, as the real
 * client drives it.
 *
 * "agx4_submit_replay" replays the address space the Mesa fork for these
 * GPUs builds when it opens the device (agx4_test_fork_open()) and checks
 * that agx4 takes every binding of it where the fork puts it, then submits
 * render and compute work from it and checks that nothing agx4 placed in
 * the client's VM took the place of the client's own mappings.
 *
 * "agx4_submit" runs render, compute and mixed submissions to completion:
 * out-syncs (binary and timeline) signal, in-syncs hold a job back,
 * barriers order commands (the model holds work on request, so what may
 * not have started yet is seen not to have), 64 queues at once, queue
 * destroy and file close with work in flight, submissions to destroyed
 * VMs and queues, and user timestamps.  Every errno is checked exactly;
 * nothing measures time (a bounded wait only keeps a broken driver from
 * hanging the run).
 */

#include <kunit/test.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/jiffies.h>
#include <linux/sched/mm.h>
#include <linux/sched/signal.h>
#include <linux/dma-fence.h>
#include <linux/dma-fence-chain.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include <drm/drm_syncobj.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw_boot.h"
#include "../agx4_g17p_sub.h"
#include "../agx4_gem.h"
#include "../agx4_job.h"
#include "../agx4_uat.h"
#include "../agx4_vm.h"
#include "agx4_test_util.h"

#define PG		AGX4_UAT_PAGE_SIZE
/* The most a case waits for the model: a bound, never a measure. */
#define BOUND_MS	5000
#define NONE		DRM_ASAHI_BARRIER_NONE

/*
 * Leaf attributes of user mappings (GPU-only class, uncached, nG, AF): the
 * words the reference drivers write, RW and read-only.
 */
#define GPU_RW_ATTRS	0x00c0000000000c8bull
#define GPU_RO_ATTRS	0x0080000000000c8bull
#define PTE_PA_MASK	GENMASK_ULL(41, 14)

/*
 * The fork's two additions to the UAPI: a feature bit GET_PARAMS reports
 * when the kernel can move a render's VDM barrier to its fragment stage,
 * and the render flag that asks for it.
 */
#define FORK_FEATURE_FRAGMENT_BARRIER		BIT_ULL(1)
#define FORK_RENDER_VDM_BARRIER_FRAGMENT	BIT(3)

static const enum agx4_soc_id socs[] = { AGX4_SOC_T8132, AGX4_SOC_T8140 };

static void soc_desc(const enum agx4_soc_id *soc, char *desc)
{
	strscpy(desc, *soc == AGX4_SOC_T8132 ? "G16" : "G17P",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(soc, socs, soc_desc);

static enum agx4_soc_id param_soc(struct kunit *test)
{
	return *(const enum agx4_soc_id *)test->param_value;
}

/* A booted device, a client that opened it as the fork does, a queue. */
struct sub {
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	u32 queue;
	unsigned int fw_objects;
};

/*
 * Backends make some firmware objects for the whole device at its first
 * queue: a client of its own makes them, so that the objects a case's
 * client leaves behind can be counted against what is there after.
 */
static void warm_up(struct kunit *test, struct sub *s)
{
	struct agx4_test_client *c = agx4_test_client_open(test, s->adev);
	struct agx4_test_fork *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	u32 q;

	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(c, f), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(c, f->vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &q), 0);
	agx4_test_client_close(c);
	agx4_job_flush(s->adev);
	s->fw_objects = agx4_test_fw_objects(s->adev, false);
}

/* Let the model run whatever a case left held, so that teardown ends. */
static void let_go(void *data)
{
	struct sub *s = data;

	agx4_fwmodel_exec(s->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(s->m, AGX4_FWMODEL_OLDEST_FIRST);
}

static struct sub *sub_open(struct kunit *test)
{
	struct sub *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->adev = agx4_test_probe(test, param_soc(test));
	s->m = agx4_test_model();
	warm_up(test, s);
	s->c = agx4_test_client_open(test, s->adev);
	/* Before the client closes, even after a failed assertion. */
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, let_go, s), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(s->c, &s->f), 0);
	return s;
}

/* sub_open() and a medium-priority queue on the fork's VM. */
static struct sub *sub_queue(struct kunit *test)
{
	struct sub *s = sub_open(test);

	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &s->queue), 0);
	return s;
}

static void expect_no_model_error(struct kunit *test, struct sub *s)
{
	enum agx4_fwmodel_err e;
	u64 where = 0;

	agx4_fwmodel_sync(s->m);
	e = agx4_fwmodel_error(s->m, &where);
	KUNIT_EXPECT_EQ_MSG(test, e, AGX4_FWMODEL_OK, "model: %s at %#llx",
			    agx4_fwmodel_err_name(e), where);
}

static struct agx4_vm *fork_vm(struct sub *s)
{
	struct agx4_file *af = s->c->file->driver_priv;
	struct agx4_vm *vm = agx4_vm_pool_get(af->vms, s->f.vm_id);

	KUNIT_ASSERT_NOT_NULL(s->c->test, vm);
	return vm;
}

/*
 * Every binding the fork made still maps its own object's pages, with the
 * permission it asked for: first, second and last page of each.
 */
static void expect_fork_mappings(struct kunit *test, struct sub *s,
				 const char *when)
{
	struct agx4_vm *vm = fork_vm(s);
	unsigned int i, k;

	for (i = 0; i < s->f.nmaps; i++) {
		const struct agx4_test_fork_map *mp = &s->f.maps[i];
		struct agx4_gem_object *bo = agx4_test_bo(s->c,
							  s->f.handle[mp->bo]);
		u64 pages = mp->range / PG;
		u64 idx[3] = { 0, min_t(u64, 1, pages - 1), pages - 1 };

		for (k = 0; k < ARRAY_SIZE(idx); k++) {
			u64 va = mp->addr + idx[k] * PG, pte = 0;
			phys_addr_t pa = 0;
			int ret = agx4_uat_translate(&vm->uat, va, &pa, &pte);

			KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s: %#llx unmapped",
					    when, va);
			if (ret)
				continue;
			KUNIT_EXPECT_EQ_MSG(test, pa,
					    agx4_gem_page_pa(bo, idx[k]),
					    "%s: %#llx maps another page", when,
					    va);
			KUNIT_EXPECT_EQ_MSG(test, pte & ~PTE_PA_MASK,
					    mp->write ? GPU_RW_ATTRS :
					    GPU_RO_ATTRS,
					    "%s: %#llx attributes", when, va);
		}
	}
	agx4_vm_put(vm);
}

static bool fork_bound(const struct agx4_test_fork *f, u64 va)
{
	unsigned int i;

	for (i = 0; i < f->nmaps; i++)
		if (va >= f->maps[i].addr &&
		    va - f->maps[i].addr < f->maps[i].range)
			return true;
	return false;
}

/*
 * The fork allocates from its heaps at will: nothing but its own bindings
 * may be mapped there, or its next object would land on agx4's.  Pages of
 * [@start, @end) at multiples of @step from @start, and every page of its
 * first and last 4 MiB, are unmapped unless the fork bound them.
 */
static void expect_heap_left_alone(struct kunit *test, struct sub *s,
				   const char *heap, u64 start, u64 end,
				   u64 step)
{
	struct agx4_vm *vm = fork_vm(s);
	unsigned int bad = 0;
	phys_addr_t pa;
	u64 va, pte;

	for (va = start; va < end; ) {
		if (!fork_bound(&s->f, va) &&
		    !agx4_uat_translate(&vm->uat, va, &pa, &pte) && !bad++)
			KUNIT_FAIL(test, "%s: %#llx is mapped, not by the client",
				   heap, va);
		if (va - start < SZ_4M || end - va <= SZ_4M + PG)
			va += PG;
		else
			va = min(start + round_up(va - start + 1, step),
				 end - SZ_4M);
	}
	KUNIT_EXPECT_EQ_MSG(test, bad, 0, "%s: pages mapped behind the client",
			    heap);
	agx4_vm_put(vm);
}

/* Every heap of the fork, and the rest of the window at 0x10_0000_0000. */
static void expect_heaps_left_alone(struct kunit *test, struct sub *s)
{
	const struct agx4_test_fork *f = &s->f;

	expect_heap_left_alone(test, s, "context heap", f->ctx_start,
			       f->ctx_end, PG);
	expect_heap_left_alone(test, s, "main heap", f->main_start,
			       f->main_start + f->main_size, SZ_32M);
	expect_heap_left_alone(test, s, "main heap mirror",
			       f->main_start + f->main_size,
			       f->main_start + 2 * f->main_size, SZ_32M);
	expect_heap_left_alone(test, s, "USC heap", f->shader_base,
			       f->shader_base + SZ_4G, SZ_1M);
	expect_heap_left_alone(test, s, "zero and scratch pages",
			       f->addr[AGX4_FORK_ZERO], f->addr[AGX4_FORK_ZERO] +
			       SZ_64M, PG);
}

/*
 * The fork's layout, bound: the values it computed from GET_PARAMS are the
 * ones its source gives, every binding succeeded and maps its own pages,
 * and the USC arena can be re-bound at 2^40 back and forth.
 */
static void agx4_submit_replay_binds_the_fork_layout(struct kunit *test)
{
	struct sub *s = sub_open(test);
	struct agx4_test_fork *f = &s->f;
	struct agx4_vm *vm;
	phys_addr_t pa;
	u64 pte;

	/* The layout, from the fork's source, not from its computation. */
	KUNIT_EXPECT_EQ(test, f->shader_base, 0x10000000000ull);
	KUNIT_EXPECT_EQ(test, f->main_start, 0x2000000000ull);
	KUNIT_EXPECT_EQ(test, f->main_size, 0x1000000000ull);
	KUNIT_EXPECT_EQ(test, f->ctx_start, 0x1004000000ull);
	if (param_soc(test) == AGX4_SOC_T8132) {
		/* Just below 0x11_0000_0000, exactly the minimum. */
		KUNIT_EXPECT_EQ(test, f->kernel_end, 0x1100000000ull);
		KUNIT_EXPECT_EQ(test, f->kernel_start,
				0x1100000000ull - f->params.vm_kernel_min_size);
		KUNIT_EXPECT_EQ(test, f->ctx_end, f->kernel_start);
	} else {
		/* At the top, 32 GiB (the minimum is below that). */
		KUNIT_EXPECT_EQ(test, f->kernel_end, f->params.vm_end);
		KUNIT_EXPECT_EQ(test, f->kernel_start,
				f->params.vm_end - SZ_32G);
		KUNIT_EXPECT_EQ(test, f->ctx_end, 0x1100000000ull);
	}
	KUNIT_EXPECT_EQ(test, f->addr[AGX4_FORK_ARENA], 0x10000000000ull);
	KUNIT_EXPECT_EQ(test, f->addr[AGX4_FORK_RENDER_CTX], 0x1000000000ull);
	KUNIT_EXPECT_EQ(test, f->addr[AGX4_FORK_PRINTF], 0x100006c000ull);
	KUNIT_EXPECT_EQ(test, f->addr[AGX4_FORK_ZERO], 0x100000000ull);
	KUNIT_EXPECT_EQ(test, f->addr[AGX4_FORK_SCRATCH], 0x100004000ull);
	/* 17 bindings, each mapping its own pages. */
	KUNIT_EXPECT_EQ(test, f->nmaps, 17);
	expect_fork_mappings(test, s, "after open");

	/* The arena switch: UNBIND at 2^40, BIND the other there, and back. */
	KUNIT_EXPECT_EQ(test, agx4_test_fork_switch_arena(f, AGX4_FORK_ARENA2),
			0);
	expect_fork_mappings(test, s, "second arena at 2^40");
	KUNIT_EXPECT_EQ(test, agx4_test_fork_switch_arena(f, AGX4_FORK_ARENA),
			0);
	expect_fork_mappings(test, s, "first arena back at 2^40");
	KUNIT_EXPECT_EQ(test, f->nmaps, 17);
	expect_heaps_left_alone(test, s);

	/* Nothing beyond the arena, nothing between the zero page and 2^36. */
	vm = fork_vm(s);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&vm->uat, 0x10000000000ull +
						 AGX4_FORK_ARENA_SIZE, &pa,
						 &pte), 0);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&vm->uat, 0x100008000ull, &pa,
						 &pte), 0);
	agx4_vm_put(vm);
	expect_no_model_error(test, s);
}

/* The fork's per-queue timeline, a binary syncobj, and their fences. */
struct outs {
	u32 timeline;
	u32 binary;
	u64 point;
	struct drm_asahi_sync sync[2];
};

static void outs_init(struct sub *s, struct outs *o)
{
	o->timeline = agx4_test_syncobj(s->c, NULL);
	o->binary = agx4_test_syncobj(s->c, NULL);
	o->point = 0;
}

/* Submit @cb signalling the next timeline point and the binary syncobj. */
static int submit_out(struct sub *s, u32 queue, struct agx4_test_cmdbuf *cb,
		      struct outs *o)
{
	o->point++;
	o->sync[0] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, o->timeline, o->point,
	};
	o->sync[1] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_SYNCOBJ, o->binary, 0,
	};
	return agx4_test_submit(s->c, queue, cb, o->sync, 0, 2);
}

/* The binary out-sync signals, without error; so does the timeline point. */
static void expect_done(struct kunit *test, struct sub *s, struct outs *o)
{
	struct dma_fence *b = agx4_test_syncobj_fence(s->c, o->binary, 0);
	struct dma_fence *t = agx4_test_syncobj_fence(s->c, o->timeline,
						      o->point);

	KUNIT_ASSERT_NOT_NULL_MSG(test, b, "no fence in the binary out-sync");
	KUNIT_ASSERT_NOT_NULL_MSG(test, t, "timeline point %llu missing",
				  o->point);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(b, BOUND_MS), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(t, BOUND_MS), 0);
	dma_fence_put(b);
	dma_fence_put(t);
}

/*
 * What the fork submits from its layout: attachments, renders and
 * computes with Mesa's barriers, on a queue with a timeline out-sync; it
 * completes, the model saw nothing wrong, every binding of the client
 * still maps the client's pages and nothing else is mapped in its heaps,
 * before and after the arena switch and binds into both heaps.  (User
 * timestamps, which the fork's Vulkan driver asks for on the same
 * commands, have their own case.)
 */
static void agx4_submit_replay_submits_from_the_fork_layout(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_fork *f = &s->f;
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_attachment att = {
		.pointer = f->addr[AGX4_FORK_MAIN_BOTTOM],
		.size = AGX4_FORK_HEAP_BO_SIZE,
	};
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_cmd_render r;
	struct outs o;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	agx4_test_cmd(cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, &att,
		      sizeof(att), NONE, NONE);
	r = agx4_test_fork_render(f, 0);
	agx4_test_cmd_render(cb, &r);
	agx4_test_cmd(cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, &att,
		      sizeof(att), NONE, NONE);
	cc = agx4_test_fork_compute(f, 0);
	agx4_test_cmd_compute(cb, &cc);
	agx4_test_cmd_render(cb, &r);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	expect_done(test, s, &o);
	expect_no_model_error(test, s);
	expect_fork_mappings(test, s, "after the first submit");
	expect_heaps_left_alone(test, s);

	/* The other arena at 2^40, more bindings in both heaps, again. */
	KUNIT_EXPECT_EQ(test, agx4_test_fork_switch_arena(f, AGX4_FORK_ARENA2),
			0);
	KUNIT_EXPECT_EQ(test, agx4_test_fork_bind(f, AGX4_FORK_CTX_BOTTOM,
						  f->ctx_start +
						  AGX4_FORK_HEAP_BO_SIZE + PG,
						  true), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_fork_bind(f, AGX4_FORK_CTX_BOTTOM,
						  f->addr[AGX4_FORK_CTX_TOP] -
						  AGX4_FORK_HEAP_BO_SIZE - PG,
						  true), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_fork_bind(f, AGX4_FORK_MAIN_BOTTOM,
						  f->main_start +
						  AGX4_FORK_HEAP_BO_SIZE + PG,
						  true), 0);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	expect_done(test, s, &o);
	expect_no_model_error(test, s);
	expect_fork_mappings(test, s, "after the second submit");
	expect_heaps_left_alone(test, s);
}

/*
 * The render flags the fork sends are accepted and run: process empty
 * tiles, integer depth bias, vertex scratch (with its helper programs),
 * no vertex clustering; and the fragment-barrier flag exactly when
 * GET_PARAMS reports the feature (-EINVAL otherwise).
 */
static void agx4_submit_accepts_the_forks_render_flags(struct kunit *test)
{
	static const u32 flags[] = {
		DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES,
		DRM_ASAHI_RENDER_DBIAS_IS_INT,
		DRM_ASAHI_RENDER_VERTEX_SCRATCH,
		DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING,
		DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES |
			DRM_ASAHI_RENDER_DBIAS_IS_INT |
			DRM_ASAHI_RENDER_VERTEX_SCRATCH,
	};
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_render r;
	unsigned int i;
	struct outs o;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		r = agx4_test_fork_render(&s->f, i);
		r.flags = flags[i];
		if (flags[i] & DRM_ASAHI_RENDER_VERTEX_SCRATCH) {
			/* Mesa's helper: a USC offset, cfg 1 << 16, data. */
			r.vertex_helper = (struct drm_asahi_helper_program){
				0x5000 | 1, 1 << 16,
				s->f.addr[AGX4_FORK_MAIN_BOTTOM],
			};
			r.fragment_helper = r.vertex_helper;
		}
		memset(cb, 0, sizeof(*cb));
		agx4_test_cmd_render(cb, &r);
		KUNIT_EXPECT_EQ_MSG(test, submit_out(s, s->queue, cb, &o), 0,
				    "flags %#x", flags[i]);
		expect_done(test, s, &o);
	}

	r = agx4_test_fork_render(&s->f, 0);
	r.flags = FORK_RENDER_VDM_BARRIER_FRAGMENT;
	memset(cb, 0, sizeof(*cb));
	agx4_test_cmd_render(cb, &r);
	ret = submit_out(s, s->queue, cb, &o);
	if (s->f.params.features & FORK_FEATURE_FRAGMENT_BARRIER) {
		KUNIT_EXPECT_EQ(test, ret, 0);
		expect_done(test, s, &o);
	} else {
		KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	}
	expect_no_model_error(test, s);
}

/* One render, to completion. */
static void agx4_submit_render_completes_and_signals(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_render r;
	u32 ta, frag;
	struct outs o;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	ta = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA);
	frag = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D);
	r = agx4_test_fork_render(&s->f, 0);
	agx4_test_cmd_render(cb, &r);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	expect_done(test, s, &o);
	expect_no_model_error(test, s);
	/* The firmware ran a vertex and a fragment stage, no compute. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA) -
			ta, 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D) -
			frag, 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE), 0);
}

/* One compute, to completion. */
static void agx4_submit_compute_completes_and_signals(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc;
	u32 ta;
	struct outs o;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	ta = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA);
	cc = agx4_test_fork_compute(&s->f, 0);
	agx4_test_cmd_compute(cb, &cc);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	expect_done(test, s, &o);
	expect_no_model_error(test, s);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA),
			ta);
}

/* Wait until the model holds @n work items, then let it settle. */
static unsigned int wait_held(struct kunit *test, struct sub *s,
			      unsigned int n)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	while (agx4_fwmodel_held(s->m) < n && time_before(jiffies, end))
		usleep_range(500, 1000);
	agx4_fwmodel_sync(s->m);
	KUNIT_EXPECT_GE_MSG(test, agx4_fwmodel_held(s->m), n,
			    "the model never held %u work items", n);
	return agx4_fwmodel_held(s->m);
}

/* Let held work go, and run everything from now on. */
static void run_all(struct sub *s)
{
	agx4_fwmodel_exec(s->m, AGX4_FWMODEL_RUN, 0);
	KUNIT_EXPECT_EQ(s->c->test,
			agx4_fwmodel_release(s->m, AGX4_FWMODEL_OLDEST_FIRST),
			0);
}

/*
 * Done fences signal in queue order: a compute submitted after a render,
 * with no barrier, completes in the firmware while the render is held
 * there, yet its out-sync stays unsignalled until the render's job is
 * done too.
 */
static void agx4_submit_done_fences_signal_in_queue_order(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct drm_asahi_cmd_render r = agx4_test_fork_render(&s->f, 0);
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	struct dma_fence *fa, *fb;
	struct outs a, b;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &a);
	outs_init(s, &b);
	agx4_fwmodel_hold(s->m);
	agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r, sizeof(r), NONE, NONE);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &a), 0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);

	/* From now on work completes at once; the render stays held. */
	agx4_fwmodel_exec(s->m, AGX4_FWMODEL_RUN, 0);
	memset(cb, 0, sizeof(*cb));
	agx4_test_cmd(cb, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc), NONE, NONE);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &b), 0);
	while (!agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_COMPUTE) &&
	       time_before(jiffies, end))
		usleep_range(500, 1000);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE), 1);
	fa = agx4_test_syncobj_fence(s->c, a.binary, 0);
	fb = agx4_test_syncobj_fence(s->c, b.binary, 0);
	KUNIT_ASSERT_NOT_NULL(test, fa);
	KUNIT_ASSERT_NOT_NULL(test, fb);
	/* The compute's completion was seen (events, the poll): no signal. */
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(fb, 100), -ETIMEDOUT);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(fa));

	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
						   AGX4_FWMODEL_OLDEST_FIRST),
			0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(fa, BOUND_MS), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(fb, BOUND_MS), 0);
	dma_fence_put(fa);
	dma_fence_put(fb);
	expect_no_model_error(test, s);
}

/*
 * Mixed submissions, back to back on one queue: each signals its own
 * out-syncs, and when the last has signalled every earlier one has.
 */
static void submit_mixed(struct kunit *test, struct sub *s)
{
	const unsigned int n = 8;
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	u32 computes = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_COMPUTE);
	u32 renders = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D);
	struct dma_fence *done[8];
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_cmd_render r;
	struct drm_asahi_sync sy;
	unsigned int i, k;
	u32 sync[8];

	KUNIT_ASSERT_NOT_NULL(test, cb);
	for (i = 0; i < n; i++) {
		memset(cb, 0, sizeof(*cb));
		for (k = 0; k <= i % 3; k++) {
			r = agx4_test_fork_render(&s->f, 3 * i + k);
			cc = agx4_test_fork_compute(&s->f, 3 * i + k);
			if ((i + k) % 2) {
				agx4_test_cmd_render(cb, &r);
				agx4_test_cmd_compute(cb, &cc);
			} else {
				agx4_test_cmd_compute(cb, &cc);
				agx4_test_cmd_render(cb, &r);
			}
		}
		sync[i] = agx4_test_syncobj(s->c, NULL);
		sy = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, sync[i] };
		KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, s->queue, cb, &sy,
						       0, 1), 0);
		done[i] = agx4_test_syncobj_fence(s->c, sync[i], 0);
		KUNIT_ASSERT_NOT_NULL(test, done[i]);
	}
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(done[n - 1], BOUND_MS), 0);
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_TRUE_MSG(test, dma_fence_is_signaled(done[i]),
				      "job %u not done after job %u", i, n - 1);
		KUNIT_EXPECT_EQ(test, dma_fence_get_status(done[i]), 1);
	}
	for (i = 0; i < n; i++)
		dma_fence_put(done[i]);
	expect_no_model_error(test, s);
	/* 1 + 2 + 3 + 1 + 2 + 3 + 1 + 2 renders, and as many computes. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE),
			computes + 15);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D),
			renders + 15);
}

static void agx4_submit_mixed_submits_complete_in_order(struct kunit *test)
{
	submit_mixed(test, sub_queue(test));
}

/*
 * The same, with a firmware that completes the work before the doorbell
 * write returns: the completion scan then runs inside run_job's doorbell
 * call, which must hold none of the job unit's locks.  The model answers
 * a doorbell in its call only when it is idle, which back-to-back
 * submissions cannot promise on a busy CPU; the first doorbell of each
 * part comes after the model has handled every message, so it must.
 */
static void agx4_submit_work_completes_inside_the_doorbell(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct outs o;
	u32 first;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	agx4_fwmodel_set_inline(s->m, true);
	agx4_fwmodel_sync(s->m);
	outs_init(s, &o);
	agx4_test_cmd_compute(cb, &cc);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	expect_done(test, s, &o);
	first = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_INLINE_KICKS);
	KUNIT_EXPECT_GE(test, first, 1);

	agx4_fwmodel_sync(s->m);
	submit_mixed(test, s);
	KUNIT_EXPECT_GT(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_INLINE_KICKS),
			first);
}

/*
 * Barriers inside one submission.  A render whose compute barrier names
 * the compute before it does not start while that compute is held; the
 * same two commands without the barrier both start at once (the model
 * holds two work items): the check can see a missing barrier.
 */
static void agx4_submit_barrier_holds_render_behind_compute(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct drm_asahi_cmd_render r = agx4_test_fork_render(&s->f, 0);
	struct outs o;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);

	/* Without a barrier: both lanes start. */
	agx4_fwmodel_hold(s->m);
	agx4_test_cmd(cb, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc), NONE, NONE);
	agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r, sizeof(r), NONE, NONE);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 2), 2);
	run_all(s);
	expect_done(test, s, &o);

	/* The render waits for compute 1 of this submission. */
	agx4_fwmodel_hold(s->m);
	memset(cb, 0, sizeof(*cb));
	agx4_test_cmd(cb, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc), NONE, NONE);
	agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r, sizeof(r), NONE, 1);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA),
			1);	/* the first submission's */
	/* The compute completes; only then does the render start. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
						   AGX4_FWMODEL_OLDEST_FIRST),
			0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE), 2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA),
			1);
	run_all(s);
	expect_done(test, s, &o);
	expect_no_model_error(test, s);
}

/*
 * A compute whose render barrier names the render before it waits for
 * that render's fragment stage: held behind the vertex stage, then behind
 * the fragment stage; and a barrier 0 on the next submission waits for
 * the previous submission's compute.
 */
static void agx4_submit_barrier_holds_compute_behind_render(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct drm_asahi_cmd_render r = agx4_test_fork_render(&s->f, 0);
	struct outs o, o2;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	outs_init(s, &o2);

	agx4_fwmodel_hold(s->m);
	agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r, sizeof(r), NONE, NONE);
	agx4_test_cmd(cb, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc), 1, NONE);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	/* The vertex stage runs; the compute has not started. */
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
						   AGX4_FWMODEL_OLDEST_FIRST),
			0);
	/* The fragment stage runs; still no compute. */
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA),
			1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D),
			0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
						   AGX4_FWMODEL_OLDEST_FIRST),
			0);
	/* Now the compute runs, held. */
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D),
			1);

	/* The next submission's render waits for that compute (barrier 0). */
	memset(cb, 0, sizeof(*cb));
	agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r, sizeof(r), NONE, 0);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o2), 0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA),
			1);
	run_all(s);
	expect_done(test, s, &o);
	expect_done(test, s, &o2);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_TA),
			2);
	expect_no_model_error(test, s);
}

/*
 * The fork's fragment barrier.  Where GET_PARAMS reports the feature, a
 * render whose render barrier names the render before it and that asks
 * for the fragment barrier starts its vertex stage as soon as that
 * render's vertex stage is done (its wait moves ahead of its fragment
 * stage), and its fragment stage still waits for the earlier render; the
 * same render without the flag waits for the whole earlier render before
 * its vertex stage.  Where the feature is not reported, the flag is
 * -EINVAL.
 */
static void agx4_submit_fragment_barrier_lets_tiling_start(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_render r1 = agx4_test_fork_render(&s->f, 0);
	struct drm_asahi_cmd_render r2 = agx4_test_fork_render(&s->f, 1);
	unsigned int frag;
	struct outs o;
	u32 done3d;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	if (!(s->f.params.features & FORK_FEATURE_FRAGMENT_BARRIER)) {
		r2.flags |= FORK_RENDER_VDM_BARRIER_FRAGMENT;
		agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r1, sizeof(r1), NONE,
			      NONE);
		agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r2, sizeof(r2), 1,
			      NONE);
		KUNIT_EXPECT_EQ(test, submit_out(s, s->queue, cb, &o), -EINVAL);
		return;
	}
	for (frag = 0; frag < 2; frag++) {
		r2.flags = frag ? FORK_RENDER_VDM_BARRIER_FRAGMENT : 0;
		memset(cb, 0, sizeof(*cb));
		agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r1, sizeof(r1), NONE,
			      NONE);
		agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, &r2, sizeof(r2), 1,
			      NONE);
		done3d = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D);
		agx4_fwmodel_hold(s->m);
		KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
		/* The first render's vertex stage. */
		KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
		KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
							   AGX4_FWMODEL_OLDEST_FIRST),
				0);
		/*
		 * Its fragment stage; with the flag, the second render's
		 * vertex stage too.
		 */
		KUNIT_EXPECT_EQ_MSG(test, wait_held(test, s, 1 + frag),
				    1 + frag, "fragment barrier %u", frag);
		KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
							 AGX4_FWMODEL_CNT_3D),
				done3d);
		run_all(s);
		expect_done(test, s, &o);
		KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
							 AGX4_FWMODEL_CNT_3D),
				done3d + 2);
	}
	expect_no_model_error(test, s);
}

/* A fence the test signals itself. */
struct test_fence {
	struct dma_fence base;
	spinlock_t lock;	/* the fence's */
};

static const char *test_fence_name(struct dma_fence *f)
{
	return "agx4_submit_test";
}

static const struct dma_fence_ops test_fence_ops = {
	.get_driver_name = test_fence_name,
	.get_timeline_name = test_fence_name,
};

static void test_fence_release(void *data)
{
	struct dma_fence *f = data;

	dma_fence_signal(f);
	dma_fence_put(f);
}

/*
 * A fence of the test's; when the test ends it is signalled, so that a
 * job still waiting on it after a failed assertion can go.
 */
static struct dma_fence *test_fence(struct kunit *test)
{
	struct test_fence *f = kzalloc(sizeof(*f), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, f);
	spin_lock_init(&f->lock);
	dma_fence_init(&f->base, &test_fence_ops, &f->lock,
		       dma_fence_context_alloc(1), 1);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, test_fence_release,
							&f->base), 0);
	return &f->base;
}

/*
 * In-syncs: a job waiting on a binary syncobj whose fence has not
 * signalled, or on a timeline point not yet signalled, does not reach the
 * firmware and its out-sync stays unsignalled; signalling the wait lets
 * it run to completion.
 */
static void agx4_submit_in_syncs_hold_the_job(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct dma_fence *gate = test_fence(test), *gate2 = test_fence(test);
	struct dma_fence_chain *chain = dma_fence_chain_alloc();
	struct dma_fence *out;
	struct drm_asahi_sync sy[2];
	struct drm_syncobj *so;
	u32 bin, tl, done, msgs;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	KUNIT_ASSERT_NOT_NULL(test, chain);
	agx4_test_cmd_compute(cb, &cc);

	/* A binary wait. */
	bin = agx4_test_syncobj(s->c, gate);
	done = agx4_test_syncobj(s->c, NULL);
	sy[0] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, bin };
	sy[1] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, done };
	msgs = agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_WORK_MSGS);
	KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, s->queue, cb, sy, 1, 1),
			0);
	out = agx4_test_syncobj_fence(s->c, done, 0);
	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(out, 100), -ETIMEDOUT);
	agx4_fwmodel_sync(s->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_WORK_MSGS),
			msgs);
	dma_fence_signal(gate);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(out, BOUND_MS), 0);
	dma_fence_put(out);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE), 1);

	/* A timeline wait on point 5. */
	tl = agx4_test_syncobj(s->c, NULL);
	so = drm_syncobj_find(s->c->file, tl);
	KUNIT_ASSERT_NOT_NULL(test, so);
	drm_syncobj_add_point(so, chain, gate2, 5);
	drm_syncobj_put(so);
	sy[0] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, tl,
					 5 };
	KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, s->queue, cb, sy, 1, 1),
			0);
	out = agx4_test_syncobj_fence(s->c, done, 0);
	KUNIT_ASSERT_NOT_NULL(test, out);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(out, 100), -ETIMEDOUT);
	agx4_fwmodel_sync(s->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE), 1);
	dma_fence_signal(gate2);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(out, BOUND_MS), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE), 2);
	dma_fence_put(out);
	expect_no_model_error(test, s);
}

/*
 * Every sync of a SUBMIT counts, however many it has: 3 in-syncs hold
 * the job until the last one signals, then 6 out-syncs (binary and
 * timeline) all get its fence.  9 syncs, and 4 and 5 around the count
 * the ioctl keeps without allocating.
 */
static void agx4_submit_every_sync_counts(struct kunit *test)
{
	static const unsigned int counts[][2] = { { 3, 6 }, { 2, 2 }, { 2, 3 } };
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct drm_asahi_sync sy[9];
	struct dma_fence *gate[3], *f;
	unsigned int k, i, nin, nout;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	agx4_test_cmd_compute(cb, &cc);
	for (k = 0; k < ARRAY_SIZE(counts); k++) {
		nin = counts[k][0];
		nout = counts[k][1];
		for (i = 0; i < nin; i++) {
			gate[i] = test_fence(test);
			sy[i] = (struct drm_asahi_sync){
				DRM_ASAHI_SYNC_SYNCOBJ,
				agx4_test_syncobj(s->c, gate[i]) };
		}
		for (i = nin; i < nin + nout; i++)
			sy[i] = (struct drm_asahi_sync){
				i % 2 ? DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ :
					DRM_ASAHI_SYNC_SYNCOBJ,
				agx4_test_syncobj(s->c, NULL), i % 2 ? 7 : 0 };
		KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, s->queue, cb, sy,
						       nin, nout), 0);
		/* The last in-sync is what the job waits for. */
		for (i = 0; i < nin; i++) {
			f = agx4_test_syncobj_fence(s->c, sy[nin].handle,
						    sy[nin].timeline_value);
			KUNIT_ASSERT_NOT_NULL(test, f);
			KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, 50),
					-ETIMEDOUT);
			dma_fence_put(f);
			dma_fence_signal(gate[i]);
		}
		for (i = nin; i < nin + nout; i++) {
			f = agx4_test_syncobj_fence(s->c, sy[i].handle,
						    sy[i].timeline_value);
			KUNIT_ASSERT_NOT_NULL_MSG(test, f, "out-sync %u of %u",
						  i - nin, nout);
			KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS),
					0);
			dma_fence_put(f);
		}
	}
	expect_no_model_error(test, s);
}

/*
 * Out-syncs: each submission adds its timeline point (and no other), a
 * binary syncobj gets the newest job's fence, and a signalled in-sync
 * (binary and timeline) lets the job through at once.
 */
static void agx4_submit_signals_timeline_points(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct drm_asahi_sync sy[3];
	struct dma_fence *f1, *f2;
	u32 tl, bin, stub;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	agx4_test_cmd_compute(cb, &cc);
	tl = agx4_test_syncobj(s->c, NULL);
	bin = agx4_test_syncobj(s->c, NULL);
	f1 = dma_fence_get_stub();
	stub = agx4_test_syncobj(s->c, f1);	/* which takes its own */
	dma_fence_put(f1);

	sy[0] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, stub };
	sy[1] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, tl,
					 1 };
	sy[2] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, bin };
	KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, s->queue, cb, sy, 1, 2),
			0);
	f1 = agx4_test_syncobj_fence(s->c, tl, 1);
	KUNIT_ASSERT_NOT_NULL(test, f1);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f1, BOUND_MS), 0);

	/* Point 1 as the wait, point 2 as the signal. */
	sy[0] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, tl,
					 1 };
	sy[1] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, tl,
					 2 };
	KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, s->queue, cb, sy, 1, 2),
			0);
	f2 = agx4_test_syncobj_fence(s->c, tl, 2);
	KUNIT_ASSERT_NOT_NULL(test, f2);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f2, BOUND_MS), 0);
	/* No point 3 was added. */
	KUNIT_EXPECT_NULL(test, agx4_test_syncobj_fence(s->c, tl, 3));
	dma_fence_put(f1);
	dma_fence_put(f2);
	/* The binary syncobj holds the second job's fence, signalled. */
	f2 = agx4_test_syncobj_fence(s->c, bin, 0);
	KUNIT_ASSERT_NOT_NULL(test, f2);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f2, BOUND_MS), 0);
	dma_fence_put(f2);
	expect_no_model_error(test, s);
}

/*
 * 64 queues on one VM, all busy at once: each gets two submits before any
 * is waited for, with the model running freely.  The firmware has room
 * for fewer queues with work at once than that (G16: 32 event leases;
 * G17P: 15 render pools), so some SUBMITs wait for room in the ioctl
 * instead of failing; every job completes.  @render adds a render before
 * each compute.
 */
static void many_queues(struct kunit *test, bool render)
{
	const unsigned int n = 64, rounds = 2;
	struct sub *s = sub_open(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct dma_fence **done = kunit_kcalloc(test, n * rounds,
						sizeof(*done), GFP_KERNEL);
	u32 *queue = kunit_kcalloc(test, n, sizeof(*queue), GFP_KERNEL);
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_cmd_render r;
	struct drm_asahi_sync sy;
	unsigned int i, k;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	KUNIT_ASSERT_NOT_NULL(test, done);
	KUNIT_ASSERT_NOT_NULL(test, queue);
	for (i = 0; i < n; i++)
		KUNIT_ASSERT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
							     i % 2, &queue[i]),
				0);
	for (k = 0; k < n * rounds; k++) {
		i = k % n;
		memset(cb, 0, sizeof(*cb));
		r = agx4_test_fork_render(&s->f, i);
		cc = agx4_test_fork_compute(&s->f, i);
		if (render)
			agx4_test_cmd_render(cb, &r);
		agx4_test_cmd_compute(cb, &cc);
		sy = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ,
					      agx4_test_syncobj(s->c, NULL) };
		KUNIT_ASSERT_EQ_MSG(test, agx4_test_submit(s->c, queue[i], cb,
							   &sy, 0, 1), 0,
				    "queue %u, round %u", i, k / n);
		done[k] = agx4_test_syncobj_fence(s->c, sy.handle, 0);
		KUNIT_ASSERT_NOT_NULL(test, done[k]);
	}
	for (k = 0; k < n * rounds; k++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[k],
							       BOUND_MS), 0,
				    "queue %u, round %u", k % n, k / n);
		KUNIT_EXPECT_EQ(test, done[k]->error, 0);
		dma_fence_put(done[k]);
	}
	expect_no_model_error(test, s);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m,
						 AGX4_FWMODEL_CNT_COMPUTE),
			n * rounds);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D),
			render ? n * rounds : 0);
	for (i = 0; i < n; i++)
		KUNIT_EXPECT_EQ(test, agx4_test_queue_destroy(s->c, queue[i]),
				0);
}

static void agx4_submit_64_queues_each_complete(struct kunit *test)
{
	many_queues(test, false);
}

static void agx4_submit_64_render_queues_each_complete(struct kunit *test)
{
	many_queues(test, true);
}

/*
 * Queues complete independently: with one queue's job held in the
 * firmware, a job of another queue that the firmware completes at once
 * signals while the first is still unsignalled; releasing the first then
 * signals it too.
 */
static void agx4_submit_queues_complete_independently(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct outs o1, o2;
	struct dma_fence *f1, *f2;
	u32 q2;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &q2), 0);
	outs_init(s, &o1);
	outs_init(s, &o2);
	agx4_test_cmd_compute(cb, &cc);
	agx4_fwmodel_hold(s->m);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o1), 0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	f1 = agx4_test_syncobj_fence(s->c, o1.binary, 0);
	KUNIT_ASSERT_NOT_NULL(test, f1);

	/* New work completes at once; the first job stays held. */
	agx4_fwmodel_exec(s->m, AGX4_FWMODEL_RUN, 0);
	KUNIT_ASSERT_EQ(test, submit_out(s, q2, cb, &o2), 0);
	f2 = agx4_test_syncobj_fence(s->c, o2.binary, 0);
	KUNIT_ASSERT_NOT_NULL(test, f2);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f2, BOUND_MS), 0);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f1));
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(s->m), 1);

	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
						   AGX4_FWMODEL_OLDEST_FIRST),
			0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f1, BOUND_MS), 0);
	dma_fence_put(f1);
	dma_fence_put(f2);
	expect_no_model_error(test, s);
}

/*
 * Once the client is closed and its work done: no GEM object, no
 * timestamp mapping and no firmware object beyond the device's own is
 * left (what goes, goes off work items: a bounded wait).
 */
static void expect_nothing_left(struct kunit *test, struct sub *s)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	agx4_job_flush(s->adev);
	while ((atomic_read(&s->adev->gem_objects) ||
		agx4_test_fw_objects(s->adev, true) ||
		agx4_test_fw_objects(s->adev, false) != s->fw_objects) &&
	       time_before(jiffies, end)) {
		usleep_range(500, 1000);
		agx4_job_flush(s->adev);
	}
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&s->adev->gem_objects), 0,
			    "GEM objects leaked");
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(s->adev, true), 0,
			    "timestamp mappings leaked");
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(s->adev, false),
			    s->fw_objects, "firmware objects leaked");
}

/*
 * QUEUE_DESTROY while the queue's job is in the firmware: it returns at
 * once, the job still completes and signals, the queue id is gone
 * (-ENOENT for a submission and a second destroy), and closing the file
 * then leaves nothing behind.
 */
static void agx4_submit_queue_destroy_with_work_in_flight(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct dma_fence *f;
	struct outs o;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	agx4_test_cmd_compute(cb, &cc);
	agx4_fwmodel_hold(s->m);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	f = agx4_test_syncobj_fence(s->c, o.binary, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);

	KUNIT_EXPECT_EQ(test, agx4_test_queue_destroy(s->c, s->queue), 0);
	KUNIT_EXPECT_EQ(test, submit_out(s, s->queue, cb, &o), -ENOENT);
	KUNIT_EXPECT_EQ(test, agx4_test_queue_destroy(s->c, s->queue),
			-ENOENT);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	run_all(s);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
	expect_no_model_error(test, s);
	agx4_test_client_close(s->c);
	expect_nothing_left(test, s);
}

static void restore_timeout(void *unused)
{
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
}

/*
 * A second queue, with a 100 ms job timeout, whose one compute the model
 * holds until the timeout kills the queue; then the queue is destroyed
 * while the firmware still owns the job's storage, and the case waits
 * until the job unit released it (its device reference went).  @vm
 * receives the fork's VM (a reference the caller drops), @refs its
 * reference count and @objs the firmware objects before that queue.
 */
static void kill_and_destroy(struct kunit *test, struct sub *s,
			     struct agx4_vm **vm, unsigned int *refs,
			     unsigned int *objs)
{
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	unsigned int devrefs;
	struct dma_fence *f;
	struct outs o;
	u32 q;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	*vm = fork_vm(s);
	*refs = kref_read(&(*vm)->ref);
	*objs = agx4_test_fw_objects(s->adev, false);
	devrefs = kref_read(&s->adev->base.ref);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_timeout,
							NULL), 0);
	agx4_job_timeout_ms = 100;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &q), 0);
	outs_init(s, &o);
	agx4_test_cmd_compute(cb, &cc);
	agx4_fwmodel_hold(s->m);
	KUNIT_ASSERT_EQ(test, submit_out(s, q, cb, &o), 0);
	KUNIT_EXPECT_EQ(test, wait_held(test, s, 1), 1);
	f = agx4_test_syncobj_fence(s->c, o.binary, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), -ETIMEDOUT);
	dma_fence_put(f);
	/* Still held: the firmware owns the killed job's storage. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(s->m), 1);

	KUNIT_ASSERT_EQ(test, agx4_test_queue_destroy(s->c, q), 0);
	while (kref_read(&s->adev->base.ref) > devrefs &&
	       time_before(jiffies, end)) {
		agx4_job_flush(s->adev);
		usleep_range(500, 1000);
	}
	KUNIT_ASSERT_EQ_MSG(test, kref_read(&s->adev->base.ref), devrefs,
			    "the killed queue was never released");
	/* Kept whole: its firmware queue still holds the VM. */
	KUNIT_EXPECT_GT(test, kref_read(&(*vm)->ref), *refs);
	KUNIT_EXPECT_GT(test, agx4_test_fw_objects(s->adev, false), *objs);
}

/*
 * A queue a timeout killed while the firmware still held its job, then
 * destroyed, does not outlive the device: the removal stops the firmware
 * and frees the kept queue, so the VM references its firmware side held
 * are back.
 */
static void agx4_submit_killed_queue_freed_at_removal(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	unsigned int refs, objs;
	struct agx4_vm *vm;

	kill_and_destroy(test, s, &vm, &refs, &objs);
	agx4_device_unplug(s->adev);
	KUNIT_ASSERT_NULL(test, s->adev->fw);
	KUNIT_EXPECT_EQ(test, kref_read(&vm->ref), refs);
	agx4_vm_put(vm);
}

/*
 * The same queue is freed when the firmware crashes, the device still
 * up: its VM references come back at once, and once the client closed
 * (the VM, which may keep compute storage for reuse, with it) no
 * firmware object is left.
 */
static void agx4_submit_killed_queue_freed_at_crash(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	unsigned int refs, objs;
	struct agx4_vm *vm;

	kill_and_destroy(test, s, &vm, &refs, &objs);
	agx4_test_no_restart(test);
	agx4_fwmodel_inject(s->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(s->m);
	flush_work(&s->adev->fw->crash_work);
	KUNIT_ASSERT_TRUE(test, test_bit(0, &s->adev->fw->crashed));
	KUNIT_EXPECT_EQ(test, kref_read(&vm->ref), refs);
	agx4_vm_put(vm);
	agx4_test_client_close(s->c);
	expect_nothing_left(test, s);
}

/* A file closed from a work item: its close waits for the VM's work. */
struct close_work {
	struct work_struct work;
	struct agx4_test_client *c;
};

static void close_fn(struct work_struct *w)
{
	agx4_test_client_close(container_of(w, struct close_work, work)->c);
}

/*
 * Closing the file with work in the firmware on two queues: the close
 * waits for the jobs, they complete and signal the fences taken before,
 * and every object goes.
 */
static void agx4_submit_file_close_with_work_in_flight(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct close_work cw = { .c = s->c };
	struct dma_fence *f1, *f2;
	struct outs o1, o2;
	u32 q2;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
						     DRM_ASAHI_PRIORITY_LOW,
						     &q2), 0);
	outs_init(s, &o1);
	outs_init(s, &o2);
	agx4_test_cmd_compute(cb, &cc);
	agx4_fwmodel_hold(s->m);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o1), 0);
	KUNIT_ASSERT_EQ(test, submit_out(s, q2, cb, &o2), 0);
	KUNIT_EXPECT_GE(test, wait_held(test, s, 2), 2);
	f1 = agx4_test_syncobj_fence(s->c, o1.binary, 0);
	f2 = agx4_test_syncobj_fence(s->c, o2.binary, 0);
	KUNIT_ASSERT_NOT_NULL(test, f1);
	KUNIT_ASSERT_NOT_NULL(test, f2);

	INIT_WORK_ONSTACK(&cw.work, close_fn);
	schedule_work(&cw.work);
	msleep(50);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f1));
	agx4_fwmodel_exec(s->m, AGX4_FWMODEL_RUN, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
						   AGX4_FWMODEL_OLDEST_FIRST),
			0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f1, BOUND_MS), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f2, BOUND_MS), 0);
	flush_work(&cw.work);
	destroy_work_on_stack(&cw.work);
	dma_fence_put(f1);
	dma_fence_put(f2);
	expect_nothing_left(test, s);
	expect_no_model_error(test, s);
}

/*
 * A file closed while the firmware holds a render that reads the file's
 * own objects: closing the handles (which DRM does before the driver's
 * postclose) must not take the mappings from under the render.  The
 * close waits for the VM's work, so it runs in a work item here while
 * the test lets the model go on.
 */
static void agx4_submit_file_close_keeps_mappings_of_work_in_flight(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_render r = agx4_test_fork_render(&s->f, 0);
	struct close_work cw = { .c = s->c };
	struct dma_fence *f;
	struct agx4_vm *vm;
	struct outs o;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	agx4_test_cmd_render(cb, &r);
	agx4_fwmodel_hold(s->m);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	KUNIT_EXPECT_GE(test, wait_held(test, s, 1), 1);
	f = agx4_test_syncobj_fence(s->c, o.binary, 0);
	KUNIT_ASSERT_NOT_NULL(test, f);
	vm = fork_vm(s);

	INIT_WORK_ONSTACK(&cw.work, close_fn);
	schedule_work(&cw.work);
	/* Time for a close that does not wait to unmap everything. */
	msleep(50);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(f));
	KUNIT_EXPECT_GT_MSG(test, agx4_vm_num_mappings(vm), 0,
			    "the close unmapped the render's objects");
	agx4_fwmodel_exec(s->m, AGX4_FWMODEL_RUN, 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_release(s->m,
						   AGX4_FWMODEL_OLDEST_FIRST),
			0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	flush_work(&cw.work);
	destroy_work_on_stack(&cw.work);
	/* Then the handles' close unmapped them. */
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	agx4_vm_put(vm);
	dma_fence_put(f);
	expect_no_model_error(test, s);
	expect_nothing_left(test, s);
}

/*
 * A VM destroyed while a queue holds it lives on for that queue: its
 * submissions still run, in its mappings.  A destroyed queue and an id
 * never made are -ENOENT; so is queue 0.
 */
static void agx4_submit_destroyed_vm_and_queue(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct drm_asahi_vm_destroy vd = { .vm_id = s->f.vm_id };
	struct outs o;
	u32 q2, q3;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	outs_init(s, &o);
	agx4_test_cmd_compute(cb, &cc);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
						     DRM_ASAHI_PRIORITY_LOW,
						     &q2), 0);
	expect_fork_mappings(test, s, "before VM_DESTROY");
	KUNIT_ASSERT_EQ(test, agx4_ioctl_vm_destroy(&s->adev->base, &vd,
						    s->c->file), 0);
	KUNIT_EXPECT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	expect_done(test, s, &o);
	/* The VM is gone for the ioctls that name it. */
	KUNIT_EXPECT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
						     DRM_ASAHI_PRIORITY_LOW,
						     &q3), -ENOENT);

	KUNIT_EXPECT_EQ(test, agx4_test_queue_destroy(s->c, s->queue), 0);
	KUNIT_EXPECT_EQ(test, submit_out(s, s->queue, cb, &o), -ENOENT);
	KUNIT_EXPECT_EQ(test, submit_out(s, q2 + 100, cb, &o), -ENOENT);
	KUNIT_EXPECT_EQ(test, submit_out(s, 0, cb, &o), -ENOENT);
	/* The other queue still runs on the destroyed VM. */
	KUNIT_EXPECT_EQ(test, submit_out(s, q2, cb, &o), 0);
	expect_done(test, s, &o);
	expect_no_model_error(test, s);
	KUNIT_EXPECT_EQ(test, agx4_test_queue_destroy(s->c, q2), 0);
	agx4_test_client_close(s->c);
	expect_nothing_left(test, s);
}

static u64 get_time(struct sub *s)
{
	struct drm_asahi_get_time t = { };

	KUNIT_EXPECT_EQ(s->c->test, agx4_ioctl_get_time(&s->adev->base, &t,
							s->c->file), 0);
	return t.gpu_timestamp;
}

/*
 * User timestamps: every slot a command names gets a value in the time
 * base of GET_TIME, between the readings before and after the
 * submission; each stage's start is not after its end, and the slots
 * nobody named stay zero.  The last slot of the 16 KiB object is named
 * too (the end of compute).  The same on both generations: G17P takes
 * a compute command's pair in its descriptor as it takes a render's.
 */
static void agx4_submit_writes_user_timestamps(struct kunit *test)
{
	struct sub *s = sub_queue(test);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(&s->f, 0);
	struct drm_asahi_cmd_render r = agx4_test_fork_render(&s->f, 0);
	u64 v[7], before, after;
	unsigned int i;
	struct outs o;
	u32 obj, ts;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	/* A plain object: with 4 KiB CPU pages slot 0x3ff8 is in its 4th. */
	obj = agx4_test_gem_create(s->c, PG, DRM_ASAHI_GEM_WRITEBACK, 0);
	ts = agx4_test_bind_timestamps(s->c, obj, PG);
	outs_init(s, &o);
	r.ts_vtx.start = (struct drm_asahi_timestamp){ ts, 0x00 };
	r.ts_vtx.end = (struct drm_asahi_timestamp){ ts, 0x08 };
	r.ts_frag.start = (struct drm_asahi_timestamp){ ts, 0x10 };
	r.ts_frag.end = (struct drm_asahi_timestamp){ ts, 0x18 };
	cc.ts.start = (struct drm_asahi_timestamp){ ts, 0x20 };
	cc.ts.end = (struct drm_asahi_timestamp){ ts, 0x3ff8 };
	agx4_test_cmd_render(cb, &r);
	agx4_test_cmd_compute(cb, &cc);
	before = get_time(s);
	KUNIT_ASSERT_EQ(test, submit_out(s, s->queue, cb, &o), 0);
	expect_done(test, s, &o);
	after = get_time(s);

	/* v[0..5]: 0x00..0x28; v[6]: 0x3ff8. */
	agx4_test_bo_read(s->c, obj, 0, v, 6 * sizeof(u64));
	agx4_test_bo_read(s->c, obj, 0x3ff8, &v[6], sizeof(u64));
	for (i = 0; i < 7; i++) {
		if (i == 5)
			continue;
		KUNIT_EXPECT_GE_MSG(test, v[i], before, "slot %u", i);
		KUNIT_EXPECT_LE_MSG(test, v[i], after, "slot %u", i);
	}
	KUNIT_EXPECT_LE(test, v[0], v[1]);	/* vertex */
	KUNIT_EXPECT_LE(test, v[2], v[3]);	/* fragment */
	KUNIT_EXPECT_LE(test, v[1], v[3]);	/* fragment after vertex */
	KUNIT_EXPECT_LE(test, v[4], v[6]);	/* compute */
	KUNIT_EXPECT_EQ(test, v[5], 0);		/* 0x28: not named */
	expect_no_model_error(test, s);
}

/* G17P: 15 render pools per device, shared by turns (G16 has no pools). */
#define G17P_POOLS	15

static void g17p_only(struct kunit *test)
{
	if (param_soc(test) != AGX4_SOC_T8140)
		kunit_skip(test, "G17P's render pools");
}

/* Jobs waiting in the scheduler (prepare_job) for a pool now. */
static unsigned int pool_waiters(struct sub *s)
{
	struct agx4_fw_g17p_sub *sub = agx4_fw_g17p_sub(s->adev->fw);
	unsigned int n;

	spin_lock_irq(&sub->eng.lock);
	n = list_count_nodes(&sub->pool_room.waiters);
	spin_unlock_irq(&sub->eng.lock);
	return n;
}

/* 16 queues; the first 15 each submit a render the model holds. */
static void fill_pools(struct kunit *test, struct sub *s, u32 *queue,
		       struct dma_fence **done)
{
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_render r;
	struct drm_asahi_sync sy;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	for (i = 0; i <= G17P_POOLS; i++)
		KUNIT_ASSERT_EQ(test, agx4_test_queue_create(s->c, s->f.vm_id,
							     DRM_ASAHI_PRIORITY_MEDIUM,
							     &queue[i]), 0);
	agx4_fwmodel_hold(s->m);
	for (i = 0; i < G17P_POOLS; i++) {
		memset(cb, 0, sizeof(*cb));
		r = agx4_test_fork_render(&s->f, i);
		agx4_test_cmd_render(cb, &r);
		sy = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ,
					      agx4_test_syncobj(s->c, NULL) };
		KUNIT_ASSERT_EQ_MSG(test, agx4_test_submit(s->c, queue[i], cb,
							   &sy, 0, 1), 0,
				    "queue %u", i);
		done[i] = agx4_test_syncobj_fence(s->c, sy.handle, 0);
		KUNIT_ASSERT_NOT_NULL(test, done[i]);
	}
	/* Every render's vertex stage is in the firmware, held. */
	KUNIT_EXPECT_EQ(test, wait_held(test, s, G17P_POOLS), G17P_POOLS);
}

/*
 * Every pool busy with a held render of queues 0..14 (fill_pools()), and
 * queue 15's render SUBMIT: it returns 0 at once, and its job waits in
 * the scheduler for a pool (bounded wait), and stays there.  Its done
 * fence, in @done[15].
 */
static void wait_for_a_pool(struct kunit *test, struct sub *s, u32 *queue,
			    struct dma_fence **done)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct drm_asahi_cmd_render r;
	struct drm_asahi_sync sy;

	KUNIT_ASSERT_NOT_NULL(test, cb);
	fill_pools(test, s, queue, done);
	r = agx4_test_fork_render(&s->f, G17P_POOLS);
	agx4_test_cmd_render(cb, &r);
	sy = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ,
				      agx4_test_syncobj(s->c, NULL) };
	KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, queue[G17P_POOLS], cb, &sy,
					       0, 1), 0);
	done[G17P_POOLS] = agx4_test_syncobj_fence(s->c, sy.handle, 0);
	KUNIT_ASSERT_NOT_NULL(test, done[G17P_POOLS]);
	while (!pool_waiters(s) && time_before(jiffies, end))
		usleep_range(500, 1000);
	KUNIT_EXPECT_EQ(test, pool_waiters(s), 1);
	msleep(100);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(done[G17P_POOLS]));
}

/*
 * G17P: with 15 queues' renders held in the firmware (every pool busy),
 * a 16th queue's render SUBMIT succeeds at once and its job waits in the
 * scheduler; once the held work completes it takes a pool and its
 * render runs to completion too.
 */
static void agx4_submit_render_waits_for_a_busy_pool(struct kunit *test)
{
	struct sub *s;
	struct dma_fence *done[G17P_POOLS + 1];
	u32 queue[G17P_POOLS + 1];
	unsigned int i;

	g17p_only(test);
	s = sub_open(test);
	wait_for_a_pool(test, s, queue, done);
	run_all(s);
	for (i = 0; i <= G17P_POOLS; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS), 0,
				    "queue %u", i);
		dma_fence_put(done[i]);
	}
	KUNIT_EXPECT_EQ(test, pool_waiters(s), 0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(s->m, AGX4_FWMODEL_CNT_3D),
			G17P_POOLS + 1);
	expect_no_model_error(test, s);
}

/*
 * G17P: while a queue's job waits in the scheduler for a pool, the
 * queue's next render SUBMIT returns 0 at once too (no SUBMIT sleeps for
 * firmware room); once the held work completes both run, in order, and
 * nothing is left behind once the client is closed.
 */
static void agx4_submit_second_submit_behind_a_pool_wait_returns_at_once(struct kunit *test)
{
	struct agx4_test_cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb),
						    GFP_KERNEL);
	struct dma_fence *done[G17P_POOLS + 1], *next;
	u32 queue[G17P_POOLS + 1];
	struct drm_asahi_cmd_render r;
	struct drm_asahi_sync sy;
	struct sub *s;
	unsigned int i;

	g17p_only(test);
	KUNIT_ASSERT_NOT_NULL(test, cb);
	s = sub_open(test);
	wait_for_a_pool(test, s, queue, done);
	r = agx4_test_fork_render(&s->f, G17P_POOLS + 1);
	agx4_test_cmd_render(cb, &r);
	sy = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ,
				      agx4_test_syncobj(s->c, NULL) };
	KUNIT_ASSERT_EQ(test, agx4_test_submit(s->c, queue[G17P_POOLS], cb, &sy,
					       0, 1), 0);
	next = agx4_test_syncobj_fence(s->c, sy.handle, 0);
	KUNIT_ASSERT_NOT_NULL(test, next);
	KUNIT_EXPECT_FALSE(test, dma_fence_is_signaled(next));
	run_all(s);
	for (i = 0; i <= G17P_POOLS; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS), 0,
				    "queue %u", i);
		dma_fence_put(done[i]);
	}
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(next, BOUND_MS), 0);
	dma_fence_put(next);
	expect_no_model_error(test, s);
	agx4_test_client_close(s->c);
	expect_nothing_left(test, s);
}

/*
 * G17P: unplug while 15 queues' renders are held and a 16th queue's job
 * waits in the scheduler for a pool: the unplug ends the wait, the job is
 * not run (its fence has an error), the held jobs end with -ENODEV, and
 * once the client closes every job and queue is forgotten: no firmware
 * object is left (the device's own went with the firmware).  Held work is
 * not let go at the end: the firmware is gone.  Nothing else ends the
 * wait (no pool comes back), so the job's fence signals only if the
 * unplug ended it.
 */
static void agx4_submit_unplug_ends_the_wait_for_a_pool(struct kunit *test)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	struct dma_fence *done[G17P_POOLS + 1];
	u32 queue[G17P_POOLS + 1];
	struct sub *s;
	unsigned int i;

	g17p_only(test);
	s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, s);
	s->adev = agx4_test_probe(test, param_soc(test));
	s->m = agx4_test_model();
	s->c = agx4_test_client_open(test, s->adev);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(s->c, &s->f), 0);
	wait_for_a_pool(test, s, queue, done);
	agx4_device_unplug(s->adev);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(done[G17P_POOLS], BOUND_MS),
			-ECANCELED);
	dma_fence_put(done[G17P_POOLS]);
	for (i = 0; i < G17P_POOLS; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i],
							       BOUND_MS),
				    -ENODEV, "queue %u", i);
		dma_fence_put(done[i]);
	}
	agx4_test_client_close(s->c);
	agx4_job_flush(s->adev);
	while (agx4_test_fw_objects(s->adev, false) &&
	       time_before(jiffies, end)) {
		usleep_range(500, 1000);
		agx4_job_flush(s->adev);
	}
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(s->adev, false), 0,
			    "firmware objects left after unplug");
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&s->adev->gem_objects), 0,
			    "GEM objects left after unplug");
}

static struct kunit_case agx4_submit_replay_cases[] = {
	KUNIT_CASE_PARAM(agx4_submit_replay_binds_the_fork_layout,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_replay_submits_from_the_fork_layout,
			 soc_gen_params),
	{ }
};

static struct kunit_suite agx4_submit_replay_suite = {
	.name = "agx4_submit_replay",
	.test_cases = agx4_submit_replay_cases,
};

static struct kunit_case agx4_submit_cases[] = {
	KUNIT_CASE_PARAM(agx4_submit_compute_completes_and_signals,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_accepts_the_forks_render_flags,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_render_completes_and_signals,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_work_completes_inside_the_doorbell,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_mixed_submits_complete_in_order,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_done_fences_signal_in_queue_order,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_barrier_holds_render_behind_compute,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_barrier_holds_compute_behind_render,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_fragment_barrier_lets_tiling_start,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_in_syncs_hold_the_job, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_every_sync_counts, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_signals_timeline_points, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_queues_complete_independently,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_queue_destroy_with_work_in_flight,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_killed_queue_freed_at_removal,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_killed_queue_freed_at_crash,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_file_close_keeps_mappings_of_work_in_flight,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_file_close_with_work_in_flight,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_destroyed_vm_and_queue, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_writes_user_timestamps, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_64_queues_each_complete, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_64_render_queues_each_complete,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_render_waits_for_a_busy_pool,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_second_submit_behind_a_pool_wait_returns_at_once,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_submit_unplug_ends_the_wait_for_a_pool,
			 soc_gen_params),
	{ }
};

static struct kunit_suite agx4_submit_suite = {
	.name = "agx4_submit",
	.test_cases = agx4_submit_cases,
};

kunit_test_suites(&agx4_submit_replay_suite, &agx4_submit_suite);
