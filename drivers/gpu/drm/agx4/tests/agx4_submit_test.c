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
#include <linux/sizes.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_gem.h"
#include "../agx4_uat.h"
#include "../agx4_vm.h"
#include "agx4_test_util.h"

#define PG		AGX4_UAT_PAGE_SIZE

/*
 * Leaf attributes of user mappings (GPU-only class, uncached, nG, AF): the
 * words the reference drivers write, RW and read-only.
 */
#define GPU_RW_ATTRS	0x00c0000000000c8bull
#define GPU_RO_ATTRS	0x0080000000000c8bull
#define PTE_PA_MASK	GENMASK_ULL(41, 14)

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
};

static struct sub *sub_open(struct kunit *test)
{
	struct sub *s = kunit_kzalloc(test, sizeof(*s), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, s);
	s->adev = agx4_test_probe(test, param_soc(test));
	s->m = agx4_test_model();
	s->c = agx4_test_client_open(test, s->adev);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(s->c, &s->f), 0);
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

static struct kunit_case agx4_submit_replay_cases[] = {
	KUNIT_CASE_PARAM(agx4_submit_replay_binds_the_fork_layout,
			 soc_gen_params),
	{ }
};

static struct kunit_suite agx4_submit_replay_suite = {
	.name = "agx4_submit_replay",
	.test_cases = agx4_submit_replay_cases,
};

kunit_test_suites(&agx4_submit_replay_suite);
