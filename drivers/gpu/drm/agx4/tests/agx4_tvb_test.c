// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_tvb": TVB growth, refusal and the memory limit, end
 * to end through the UAPI on G16 and G17P, against the firmware model
 * scripted to ask for growth.
 *
 * A client opens the device as the Mesa fork does and submits renders;
 * the model's TA asks for growth N times, each waiting for the reply,
 * checks every "grew" against the pool's block control and block list
 * (each new block mapped for the GPU in the render's context), and runs a
 * partial render with the render's partial programs for every "refused".
 * The suite checks what the model saw (its counters), the job's fence,
 * that the queue goes on after a limit, that the pool's memory goes with
 * its VM, and that requests naming nothing agx4 made are not answered.
 *
 * The expected numbers are the specification's: G16 pools start with 11
 * blocks, G17P pools with 8, both grow by 10 a request, and the reference
 * drivers stop after 32 requests; G16 answers a memory-limit report with
 * device control 9, G17P only consumes it.  Nothing is read back from the
 * driver's own tables.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/jiffies.h>
#include <linux/unaligned.h>

#include <drm/drm_file.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_engine.h"
#include "../agx4_fw_queue.h"
#include "../agx4_fw.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g16_boot.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_g16_sub.h"
#include "../agx4_job.h"
#include "../agx4_tvb.h"
#include "../agx4_uat.h"
#include "../agx4_vm.h"
#include "agx4_test_util.h"

/* The most a case waits for the model: a bound, never a measure. */
#define BOUND_MS	5000

/* Event records (0x48 bytes) and the growth request's kind (spec). */
#define EV_SIZE		0x48
#define EV_GROW		6

/**
 * struct gen_facts - what the specification says of a generation's TVB
 * @soc: the SoC.
 * @name: for messages.
 * @initial: blocks a pool starts with.
 * @step: blocks one growth adds.
 * @default_limit: the default most blocks: 32 requests past @initial.
 * @bound: the most blocks a pool may be allowed.
 * @growths: the most growths a pool records: as many as the default
 *	step takes to reach @bound from @initial.
 * @limit_reply: the host answers a memory-limit report (opcode 9).
 * @whole_steps: a growth adds exactly @step blocks or is refused (G17P:
 *	the reference refuses a step that would pass the pool's limit).
 * @limit_after_refusal: a memory-limit report counts only after a refused
 *	growth of the render's pool (G16: the reference refuses one that
 *	follows none).
 */
struct gen_facts {
	enum agx4_soc_id soc;
	const char *name;
	u32 initial;
	u32 step;
	u32 default_limit;
	u32 bound;
	u32 growths;
	bool limit_reply;
	bool whole_steps;
	bool limit_after_refusal;
};

#define G16_FACTS { AGX4_SOC_T8132, "G16", 11, 10, 11 + 32 * 10, 331, 32, \
		    true, false, true }

static const struct gen_facts gens[] = {
	G16_FACTS,
	{ AGX4_SOC_T8140, "G17P", 8, 10, 8 + 32 * 10, 2048,
	  DIV_ROUND_UP(2048 - 8, 10), false, true, false },
};

/* G16 alone: its contexts are lent to the VMs with work. */
static const struct gen_facts g16_gens[] = { G16_FACTS };

static void gen_desc(const struct gen_facts *g, char *desc)
{
	strscpy(desc, g->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(gen, gens, gen_desc);
KUNIT_ARRAY_PARAM(g16, g16_gens, gen_desc);

static const struct gen_facts *facts(struct kunit *test)
{
	return test->param_value;
}

/* A booted device, a client that opened it as the fork does, a queue. */
struct tvb {
	struct kunit *test;
	const struct gen_facts *g;
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	struct agx4_test_client *c;
	struct agx4_test_fork f;
	u32 queue;
	unsigned int fw_objects;
	u32 out;
	struct agx4_test_cmdbuf cb;
};

static void restore_limit(void *data)
{
	agx4_tvb_max_blocks_param = 0;
}

/* Let the model run whatever a case left held, so that teardown ends. */
static void let_go(void *data)
{
	struct tvb *t = data;

	agx4_fwmodel_exec(t->m, AGX4_FWMODEL_RUN, 0);
	agx4_fwmodel_release(t->m, AGX4_FWMODEL_OLDEST_FIRST);
}

static struct tvb *tvb_open(struct kunit *test)
{
	struct tvb *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct agx4_test_client *warm;
	struct agx4_test_fork *wf;
	u32 q;

	KUNIT_ASSERT_NOT_NULL(test, t);
	t->test = test;
	t->g = facts(test);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_limit,
							NULL), 0);
	t->adev = agx4_test_probe(test, t->g->soc);
	t->m = agx4_test_model();
	/* The device-wide objects of the first queue, made by another client. */
	warm = agx4_test_client_open(test, t->adev);
	wf = kunit_kzalloc(test, sizeof(*wf), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, wf);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(warm, wf), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(warm, wf->vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &q), 0);
	agx4_test_client_close(warm);
	agx4_job_flush(t->adev);
	t->fw_objects = agx4_test_fw_objects(t->adev, false);

	t->c = agx4_test_client_open(test, t->adev);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, let_go, t), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(t->c, &t->f), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(t->c, t->f.vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &t->queue), 0);
	t->out = agx4_test_syncobj(t->c, NULL);
	return t;
}

/* Arm the model: the next TA does @action with @arg growth requests. */
static void script(struct tvb *t, enum agx4_fwmodel_action action, u32 arg)
{
	const struct agx4_fwmodel_script s = {
		.action = action, .arg = arg, .kinds = AGX4_FWMODEL_KIND_TA,
	};

	KUNIT_ASSERT_EQ(t->test, agx4_fwmodel_script(t->m, &s), 0);
}

/* Submit one render on @t's queue; its done fence, not waited for. */
static struct dma_fence *render_start(struct tvb *t)
{
	struct drm_asahi_cmd_render r = agx4_test_fork_render(&t->f, 0);
	struct drm_asahi_sync out = { DRM_ASAHI_SYNC_SYNCOBJ, t->out, 0 };
	struct dma_fence *f;

	memset(&t->cb, 0, sizeof(t->cb));
	agx4_test_cmd_render(&t->cb, &r);
	KUNIT_ASSERT_EQ(t->test, agx4_test_submit(t->c, t->queue, &t->cb, &out,
						  0, 1), 0);
	f = agx4_test_syncobj_fence(t->c, t->out, 0);
	KUNIT_ASSERT_NOT_NULL(t->test, f);
	return f;
}

/* Submit one render on the queue; its done fence's status, once done. */
static int render(struct tvb *t)
{
	struct dma_fence *f = render_start(t);
	int ret = agx4_test_fence_wait(f, BOUND_MS);

	dma_fence_put(f);
	return ret;
}

static u32 cnt(struct tvb *t, enum agx4_fwmodel_counter c)
{
	return agx4_fwmodel_count(t->m, c);
}

static void expect_no_model_error(struct tvb *t)
{
	u64 where = 0;
	enum agx4_fwmodel_err e = agx4_fwmodel_error(t->m, &where);

	KUNIT_EXPECT_EQ_MSG(t->test, e, AGX4_FWMODEL_OK,
			    "model error %s at %#llx",
			    agx4_fwmodel_err_name(e), where);
	KUNIT_EXPECT_EQ(t->test, cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), 0);
	KUNIT_EXPECT_EQ(t->test, cnt(t, AGX4_FWMODEL_CNT_REPLY_TIMEOUTS), 0);
}

static struct agx4_tvb_stats stats(struct tvb *t)
{
	struct agx4_tvb_stats s;

	agx4_tvb_flush(t->adev);
	agx4_tvb_get_stats(t->adev, &s);
	return s;
}

/* The limit, from the specification, with and without the parameter. */
static void agx4_tvb_limit_parameter_follows_the_spec(struct kunit *test)
{
	const struct gen_facts *g = facts(test);
	const struct agx4_fw_gen *gen = g->soc == AGX4_SOC_T8132 ?
					&agx4_fw_g16 : &agx4_fw_g17p;

	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_limit,
							NULL), 0);
	agx4_tvb_max_blocks_param = 0;
	KUNIT_EXPECT_EQ(test, agx4_tvb_max_blocks(gen), g->default_limit);
	agx4_tvb_max_blocks_param = g->initial + 2 * g->step;
	KUNIT_EXPECT_EQ(test, agx4_tvb_max_blocks(gen),
			g->initial + 2 * g->step);
	agx4_tvb_max_blocks_param = 1;
	KUNIT_EXPECT_EQ(test, agx4_tvb_max_blocks(gen), g->initial);
	agx4_tvb_max_blocks_param = 100000;
	KUNIT_EXPECT_EQ(test, agx4_tvb_max_blocks(gen), g->bound);
}

/* Growth 0 times: a render that asks for none gets no reply. */
static void agx4_tvb_render_without_growth_sends_no_reply(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;

	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.requests, 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 0);
	expect_no_model_error(t);
}

/* Growth @n times, each answered "grew", and the render completes. */
static void grow_n(struct kunit *test, u32 n)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;

	script(t, AGX4_FWMODEL_ACT_GROW, n);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), n);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), n);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_TA), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_3D), 1);
	KUNIT_EXPECT_EQ(test, s.grew, n);
	expect_no_model_error(t);
}

static void agx4_tvb_one_growth_grows_the_pool(struct kunit *test)
{
	grow_n(test, 1);
}

static void agx4_tvb_five_growths_grow_the_pool(struct kunit *test)
{
	grow_n(test, 5);
}

/*
 * The must-show case: the model asks three times with the limit at two
 * growths; the third is refused, the firmware renders partially with the
 * render's partial programs, and the job completes without error.
 */
static void agx4_tvb_refusal_partial_renders_and_completes(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;

	agx4_tvb_max_blocks_param = t->g->initial + 2 * t->g->step;
	script(t, AGX4_FWMODEL_ACT_GROW, 3);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), 3);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 2);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_3D), 1);
	KUNIT_EXPECT_EQ(test, s.grew, 2);
	KUNIT_EXPECT_EQ(test, s.refused, 1);
	expect_no_model_error(t);

	/* The pool stays at its limit: the next request is refused at once. */
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 2);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 2);
	expect_no_model_error(t);
}

/*
 * A refused growth, then the memory limit: the job's fence ends with
 * -ENOMEM (G16 after its reply, G17P with none), and the next job on the
 * same queue completes.
 */
static void agx4_tvb_limit_fails_the_job_and_the_queue_goes_on(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;

	agx4_tvb_max_blocks_param = t->g->initial;
	script(t, AGX4_FWMODEL_ACT_LIMIT, 1);
	KUNIT_EXPECT_EQ(test, render(t), -ENOMEM);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_LIMITS), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_LIMIT_REPLIES),
			t->g->limit_reply ? 1 : 0);
	KUNIT_EXPECT_EQ(test, s.limits, 1);
	KUNIT_EXPECT_EQ(test, s.limit_unmatched, 0);
	expect_no_model_error(t);

	KUNIT_EXPECT_EQ(test, render(t), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_3D), 2);
	expect_no_model_error(t);
}

/* Open another client on @t's device, with its own VM, queue and pool. */
static struct tvb *tvb_other(struct tvb *t)
{
	struct tvb *o = kunit_kzalloc(t->test, sizeof(*o), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(t->test, o);
	*o = *t;
	o->c = agx4_test_client_open(t->test, t->adev);
	KUNIT_ASSERT_EQ(t->test, agx4_test_fork_open(o->c, &o->f), 0);
	KUNIT_ASSERT_EQ(t->test,
			agx4_test_queue_create(o->c, o->f.vm_id,
					       DRM_ASAHI_PRIORITY_MEDIUM,
					       &o->queue), 0);
	o->out = agx4_test_syncobj(o->c, NULL);
	return o;
}

/*
 * The firmware numbers each pool's growth requests from 0 and moves the
 * number on with every reply, "grew" or "refused" (both references); the
 * model does the same and answers nothing else.  The first request of a
 * pool (counter 0) is answered; a second pool starts at 0 again while
 * the first one's counter goes on where it was; a refusal counts too.
 */
static void agx4_tvb_each_pool_numbers_its_requests_from_zero(struct kunit *test)
{
	struct tvb *t = tvb_open(test), *o;
	struct agx4_tvb_stats s;

	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.grew, 1);
	KUNIT_EXPECT_EQ(test, s.last_counter, 0);
	KUNIT_EXPECT_EQ(test, s.stale + s.ahead + s.unknown, 0);

	script(t, AGX4_FWMODEL_ACT_GROW, 2);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.grew, 3);
	KUNIT_EXPECT_EQ(test, s.last_counter, 2);

	o = tvb_other(t);
	script(o, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(o), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.grew, 4);
	KUNIT_EXPECT_EQ(test, s.last_counter, 0);

	/* A refusal moves the first pool's counter on as well. */
	agx4_tvb_max_blocks_param = t->g->initial + 3 * t->g->step;
	script(t, AGX4_FWMODEL_ACT_GROW, 2);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.refused, 2);
	KUNIT_EXPECT_EQ(test, s.last_counter, 4);
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.refused, 3);
	KUNIT_EXPECT_EQ(test, s.last_counter, 5);
	KUNIT_EXPECT_EQ(test, s.stale + s.ahead + s.unknown, 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REQUESTS), 7);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 4);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 3);
	expect_no_model_error(t);
}

/*
 * With the limit half a step past one growth, the second growth is
 * refused on G17P (whole steps only, as the reference) and grows by the
 * half step on G16.
 */
static void agx4_tvb_growth_short_of_a_step(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	u32 half = t->g->step / 2;
	struct agx4_tvb_stats s;

	agx4_tvb_max_blocks_param = t->g->initial + t->g->step + half;
	script(t, AGX4_FWMODEL_ACT_GROW, 2);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.grew, t->g->whole_steps ? 1 : 2);
	KUNIT_EXPECT_EQ(test, s.refused, t->g->whole_steps ? 1 : 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS),
			t->g->whole_steps ? 1 : 0);
	expect_no_model_error(t);
}

static void restore_timeout(void *data)
{
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
}

/*
 * A firmware that reports the memory limit after its pool grew, with no
 * refusal before.  On G16 the report names no render agx4 knows: it is
 * counted, not answered and fails nothing, so the render waits for a
 * reply that does not come and ends by its timeout, never with -ENOMEM.
 * G17P has no such rule: the render ends with -ENOMEM and the queue
 * goes on.
 */
static void agx4_tvb_limit_without_a_refusal(struct kunit *test)
{
	bool ignored = facts(test)->limit_after_refusal;
	struct agx4_tvb_stats s;
	struct tvb *t;
	int ret;

	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_timeout,
							NULL), 0);
	agx4_job_timeout_ms = 2 * AGX4_FWMODEL_REPLY_TIMEOUT_MS;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	t = tvb_open(test);
	script(t, AGX4_FWMODEL_ACT_LIMIT, 1);
	ret = render(t);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.grew, 1);
	KUNIT_EXPECT_EQ(test, s.refused, 0);
	KUNIT_EXPECT_EQ(test, s.limits, 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_LIMIT_REPLIES), 0);
	if (ignored) {
		KUNIT_EXPECT_NE(test, ret, 0);
		KUNIT_EXPECT_NE(test, ret, -ENOMEM);
		KUNIT_EXPECT_EQ(test, s.limit_unmatched, 1);
	} else {
		KUNIT_EXPECT_EQ(test, ret, -ENOMEM);
		KUNIT_EXPECT_EQ(test, s.limit_unmatched, 0);
		KUNIT_EXPECT_EQ(test, render(t), 0);
	}
}

/* A grown pool's blocks go with its VM: no firmware object is left. */
static void agx4_tvb_grown_pool_freed_with_its_vm(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	unsigned long end;

	script(t, AGX4_FWMODEL_ACT_GROW, 3);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 3);
	KUNIT_EXPECT_GT(test, agx4_test_fw_objects(t->adev, false),
			t->fw_objects);
	agx4_test_client_close(t->c);
	end = jiffies + msecs_to_jiffies(BOUND_MS);
	agx4_job_flush(t->adev);
	while (agx4_test_fw_objects(t->adev, false) != t->fw_objects &&
	       time_before(jiffies, end)) {
		usleep_range(500, 1000);
		agx4_job_flush(t->adev);
	}
	KUNIT_EXPECT_EQ_MSG(test, agx4_test_fw_objects(t->adev, false),
			    t->fw_objects, "firmware objects leaked");
}

/* The VM's page tables may grow to @max (0: no bound). */
static void set_max_tables(struct agx4_vm *vm, unsigned long max)
{
	mutex_lock(&vm->uat.lock);
	vm->uat.max_tables = max;
	mutex_unlock(&vm->uat.lock);
}

static struct dma_fence *render_nowait(struct tvb *t);
static void wait_pending(struct tvb *t, u32 n);

/*
 * Growth that needs a page table its VM cannot have (the VM's table
 * budget spent once the render is in the firmware and asks) is answered
 * "refused": the firmware renders partially and nothing is counted as
 * grown, while the model checks that each "grew" maps every new block.
 * The limit's 32 requests go past at least one 32 MiB table of the
 * pool's blocks on both generations.  With the budget back, the pool
 * grows on to the limit.
 */
static void agx4_tvb_growth_without_page_tables_is_refused(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_file *af = t->c->file->driver_priv;
	u32 growths = (t->g->default_limit - t->g->initial) / t->g->step;
	struct agx4_tvb_stats s;
	struct dma_fence *f;
	unsigned long budget;
	struct agx4_vm *vm;

	vm = agx4_vm_pool_get(af->vms, t->f.vm_id);
	KUNIT_ASSERT_NOT_NULL(test, vm);
	budget = vm->uat.max_tables;
	agx4_tvb_hold(t->adev, true);
	script(t, AGX4_FWMODEL_ACT_GROW, growths);
	f = render_nowait(t);
	wait_pending(t, 1);
	set_max_tables(vm, vm->uat.tables);
	agx4_tvb_hold(t->adev, false);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
	set_max_tables(vm, budget);
	agx4_vm_put(vm);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.requests, growths);
	KUNIT_EXPECT_GT_MSG(test, s.refused, 0,
			    "no growth needed a page table");
	KUNIT_EXPECT_EQ(test, s.grew + s.refused, growths);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), s.grew);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED),
			s.refused);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS),
			s.refused);
	expect_no_model_error(t);

	/* The refused growths are still there to make, and no more. */
	script(t, AGX4_FWMODEL_ACT_GROW, s.refused + 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), growths);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED),
			s.refused + 1);
	expect_no_model_error(t);
}

/* Post a growth request the firmware did not make, as a hostile firmware. */
static void post_grow(struct tvb *t, u32 context, u32 slot, u32 counter)
{
	u8 rec[EV_SIZE] = {};
	/* G17P: the pool's TA grid, 2p (+2 from pool 2), and its bit (H). */
	u32 grid = 2 * slot + (slot >= 2 ? 2 : 0);

	put_unaligned_le32(EV_GROW, rec);
	put_unaligned_le32(context, rec + 4);
	put_unaligned_le32(slot, rec + 8);
	put_unaligned_le32(counter, rec + 0xc);
	if (t->g->soc == AGX4_SOC_T8140) {
		put_unaligned_le32(grid, rec + 0x10);
		put_unaligned_le64(1, rec + 0x38);
		put_unaligned_le64(BIT_ULL(grid), rec + 0x40);
	} else {
		put_unaligned_le64(1, rec + 0x14);
	}
	KUNIT_ASSERT_EQ(t->test, agx4_fwmodel_post_event(t->m, 0, rec,
							 sizeof(rec)), 0);
	agx4_fwmodel_sync(t->m);
}

/*
 * Requests that name no pool agx4 made, a pool of another context or a
 * counter already answered are counted and not answered (the control
 * ring gets nothing); the pool still grows for the firmware's own next
 * request.  (A record the parser refuses restarts the firmware: the
 * agx4_recovery suite covers it.)
 */
static void agx4_tvb_hostile_requests_are_ignored(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;
	u32 ctx, slot, counter, other_slot, other_ctx, records;

	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_ASSERT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_ASSERT_EQ(test, s.grew, 1);
	ctx = s.last_context;
	slot = s.last_slot;
	counter = s.last_counter;
	/*
	 * G16: buffer-manager slots 7..63; G17P: pools 0..14, VMs from 1
	 * (spec): the last slot or pool, which this client's first render
	 * does not take, and another valid context.
	 */
	other_slot = t->g->soc == AGX4_SOC_T8132 ? 63 : 14;
	other_ctx = ctx == 1 ? 2 : 1;
	records = cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS);

	post_grow(t, ctx, other_slot, counter + 1);
	post_grow(t, other_ctx, slot, counter + 1);
	post_grow(t, ctx, slot, counter);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.unknown, 2);
	KUNIT_EXPECT_EQ(test, s.stale, 1);
	KUNIT_EXPECT_EQ(test, s.grew, 1);
	KUNIT_EXPECT_EQ(test, s.refused, 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records);
	expect_no_model_error(t);

	/* The firmware's own requests still grow the pool. */
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 2);
	expect_no_model_error(t);
}

/* A memory-limit report naming no render in flight fails nothing. */
static void agx4_tvb_limit_for_no_render_is_ignored(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	u8 rec[EV_SIZE] = {};
	struct agx4_tvb_stats s;
	u32 records;

	KUNIT_ASSERT_EQ(test, render(t), 0);
	records = cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	put_unaligned_le32(7, rec);
	put_unaligned_le32(1, rec + 8);
	if (t->g->soc == AGX4_SOC_T8140) {
		/* +0xc event, +0x10 work, +0x18 non-zero, +0x28 fragment. */
		put_unaligned_le32(0, rec + 0xc);
		put_unaligned_le64(0x123440, rec + 0x10);
		put_unaligned_le64(1, rec + 0x18);
		put_unaligned_le64(0x567880, rec + 0x28);
		put_unaligned_le64(1, rec + 0x38);
		put_unaligned_le64(0, rec + 0x40);
	} else {
		/* +0xc fragment event, +0x10 fragment stamp. */
		put_unaligned_le32(33, rec + 0xc);
		put_unaligned_le32(0x7777700, rec + 0x10);
	}
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_post_event(t->m, 0, rec,
						      sizeof(rec)), 0);
	agx4_fwmodel_sync(t->m);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.limits, 1);
	KUNIT_EXPECT_EQ(test, s.limit_unmatched, 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	expect_no_model_error(t);
}

/* Submit one render on the queue; its done fence, not waited for. */
static struct dma_fence *render_nowait(struct tvb *t)
{
	struct drm_asahi_cmd_render r = agx4_test_fork_render(&t->f, 0);
	struct drm_asahi_sync out = { DRM_ASAHI_SYNC_SYNCOBJ, t->out, 0 };
	struct dma_fence *f;

	memset(&t->cb, 0, sizeof(t->cb));
	agx4_test_cmd_render(&t->cb, &r);
	KUNIT_ASSERT_EQ(t->test, agx4_test_submit(t->c, t->queue, &t->cb,
						  &out, 0, 1), 0);
	f = agx4_test_syncobj_fence(t->c, t->out, 0);
	KUNIT_ASSERT_NOT_NULL(t->test, f);
	return f;
}

/* Wait until @n requests or replies wait in the unit (held). */
static void wait_pending(struct tvb *t, u32 n)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	while (agx4_tvb_pending(t->adev) < n && time_before(jiffies, end))
		usleep_range(200, 500);
	KUNIT_ASSERT_EQ(t->test, agx4_tvb_pending(t->adev), n);
}

/*
 * A growth request for a pool whose block control the firmware changed
 * (it counts a block the host never gave it) is counted as malformed
 * and not answered: the host grows only a pool it can trust.  With the
 * count put back, the same request, posted again, grows the pool and the
 * render completes.
 */
static void agx4_tvb_request_for_a_changed_pool_is_ignored(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;
	struct dma_fence *f;
	u32 records;

	agx4_tvb_hold(t->adev, true);
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	f = render_nowait(t);
	wait_pending(t, 1);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_set_pool_blocks(t->m, 0, 1), 0);
	agx4_fwmodel_sync(t->m);
	records = cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	KUNIT_EXPECT_EQ(test, agx4_tvb_run_one(t->adev), -EPROTO);
	agx4_tvb_get_stats(t->adev, &s);
	KUNIT_EXPECT_EQ(test, s.requests, 1);
	KUNIT_EXPECT_EQ(test, s.malformed, 1);
	KUNIT_EXPECT_EQ(test, s.grew, 0);
	KUNIT_EXPECT_EQ(test, s.refused, 0);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records);

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_set_pool_blocks(t->m, 0, -1), 0);
	post_grow(t, s.last_context, s.last_slot, s.last_counter);
	agx4_tvb_hold(t->adev, false);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.malformed, 1);
	KUNIT_EXPECT_EQ(test, s.grew, 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 1);
	expect_no_model_error(t);
}

/*
 * tvb_max_blocks is writable at run time.  Raised one block before each
 * request, every growth adds one block, and the pool's record of its
 * growths fills long before its blocks run out: the growth past it is
 * refused (the firmware renders partially) and the render completes.
 * G16 only: G17P grows by whole steps, and its record holds as many as
 * reach its block bound.
 */
static void agx4_tvb_growths_past_the_record_are_refused(struct kunit *test)
{
	struct tvb *t;
	u32 n, i;
	struct dma_fence *f;
	int ret;

	if (facts(test)->whole_steps)
		kunit_skip(test, "whole steps only: the record holds the bound");
	t = tvb_open(test);
	n = t->g->growths;

	agx4_tvb_hold(t->adev, true);
	script(t, AGX4_FWMODEL_ACT_GROW, n + 1);
	f = render_nowait(t);
	for (i = 0; i <= n; i++) {
		wait_pending(t, 1);
		agx4_tvb_max_blocks_param = t->g->initial + i + 1;
		ret = agx4_tvb_run_one(t->adev);
		if (i < n)
			KUNIT_ASSERT_EQ(test, ret, t->g->initial + i + 1);
	}
	KUNIT_EXPECT_EQ(test, ret, -ENOSPC);
	agx4_tvb_hold(t->adev, false);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), n);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_PARTIAL_RENDERS), 1);
	expect_no_model_error(t);
}

/*
 * A growth request still waiting when the device is unplugged is not
 * answered: the removal tears the TVB unit down after drm_dev_unplug()
 * and before the firmware goes, and nothing may reach the firmware then.
 * The request is held in the unit (as the fault suite does) so that it
 * waits for the unplug; the render's fence ends with -ENODEV.
 */
static void agx4_tvb_request_at_unplug_is_dropped(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;
	struct dma_fence *f;
	u32 records, answers;

	agx4_tvb_hold(t->adev, true);
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	f = render_nowait(t);
	wait_pending(t, 1);
	agx4_fwmodel_sync(t->m);
	records = cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS);
	answers = cnt(t, AGX4_FWMODEL_CNT_GROW_GREW) +
		  cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED) +
		  cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES);

	agx4_device_unplug(t->adev);
	agx4_tvb_get_stats(t->adev, &s);
	KUNIT_EXPECT_EQ(test, s.requests, 0);
	KUNIT_EXPECT_EQ(test, s.dropped, 1);
	KUNIT_EXPECT_EQ(test, agx4_tvb_pending(t->adev), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_CONTROL_RECORDS),
			records);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW) +
			cnt(t, AGX4_FWMODEL_CNT_GROW_REFUSED) +
			cnt(t, AGX4_FWMODEL_CNT_BAD_REPLIES), answers);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), -ENODEV);
	dma_fence_put(f);
}

/* &agx4_limit_match_fn naming any job it is shown. */
static bool match_any(struct agx4_fw_job *job,
		      const struct agx4_fw_ev_limit_in *lim,
		      struct agx4_fw_ctl *reply)
{
	return true;
}

/*
 * The backend's stop (a restart or the device going) ends the matching of
 * memory-limit reports: a render in flight then is named by none, since
 * from there on the job unit frees jobs by forgetting them, off the
 * engine's list.
 */
static void agx4_tvb_limit_after_stop_names_no_render(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_fw_ev_limit_in lim = { };
	struct agx4_fw_ctl reply = { };
	struct agx4_fw_job *job;
	struct agx4_engine *e;
	struct dma_fence *f;

	agx4_tvb_hold(t->adev, true);
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	f = render_nowait(t);
	wait_pending(t, 1);
	e = t->adev->fw->engine;
	KUNIT_ASSERT_FALSE(test, list_empty(&e->renders));
	job = list_first_entry(&e->renders, struct agx4_fw_job, live_link);

	agx4_engine_stop(t->adev->fw->engine);
	KUNIT_EXPECT_EQ(test, agx4_engine_limit(e, &lim, &reply, match_any),
			-ENOENT);
	KUNIT_EXPECT_FALSE(test, job->nomem);
	agx4_device_unplug(t->adev);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), -ENODEV);
	dma_fence_put(f);
}

/*
 * The device-control ring is full when a growth reply must go out: the
 * reply is not lost, it waits (on the TVB workqueue, off the fence path)
 * for the firmware to take what fills the ring, then goes out, and the
 * render completes.  The ring is filled, without a doorbell, with
 * records the firmware takes and does nothing with (G16 opcode 0x16,
 * G17P 0x2e with context word 2, a compute tick).
 */
static void agx4_tvb_reply_waits_for_room_on_a_full_ring(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	u8 rec[0x40] = {};
	struct agx4_tvb_stats s;
	struct dma_fence *f;
	unsigned int n;
	int ret = 0;

	agx4_tvb_hold(t->adev, true);
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	f = render_nowait(t);
	wait_pending(t, 1);
	put_unaligned_le32(t->g->soc == AGX4_SOC_T8132 ? 0x16 : 0x2e, rec);
	if (t->g->soc != AGX4_SOC_T8132)
		put_unaligned_le32(2, rec + 0xc);
	for (n = 0; n < 4096 && !ret; n++)
		ret = agx4_fw_boot_ctl_push(t->adev->fw, 0, rec, sizeof(rec));
	KUNIT_ASSERT_EQ_MSG(test, ret, -EBUSY, "the ring never filled");

	agx4_tvb_hold(t->adev, false);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.ring_full, 1);
	KUNIT_EXPECT_EQ(test, s.reply_errors, 0);
	KUNIT_EXPECT_EQ(test, s.grew, 1);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 1);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_BAD_RECORDS), 0);
	expect_no_model_error(t);
}

/* The contexts G16 lends to the VMs with work (one is the firmware's). */
#define G16_CLIENT_CTXS	62

/*
 * Give every context of the firmware to a VM with work: G16_CLIENT_CTXS
 * VMs of a new client, each with a queue and one compute command (its
 * stream in a buffer of its own), all completed.  @t's VM, idle and the
 * least recently used, loses its context to the last of them.
 */
static void take_every_context(struct tvb *t)
{
	struct kunit *test = t->test;
	struct agx4_test_client *c = agx4_test_client_open(test, t->adev);
	struct dma_fence **done;
	u64 va = t->f.main_start;
	u32 i;

	done = kunit_kcalloc(test, G16_CLIENT_CTXS, sizeof(*done), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, done);
	for (i = 0; i < G16_CLIENT_CTXS; i++) {
		const struct drm_asahi_cmd_compute cc = {
			.cdm_ctrl_stream_base = va,
			.cdm_ctrl_stream_end = va + SZ_4K,
		};
		struct drm_asahi_sync sy = {
			.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
			.handle = agx4_test_syncobj(c, NULL),
		};
		u32 vm, bo, q;

		KUNIT_ASSERT_EQ(test, agx4_test_vm_create(c, t->f.kernel_start,
							  t->f.kernel_end, &vm),
				0);
		bo = agx4_test_gem_create(c, SZ_16K, DRM_ASAHI_GEM_VM_PRIVATE,
					  vm);
		KUNIT_ASSERT_NE(test, bo, 0);
		KUNIT_ASSERT_EQ(test, agx4_test_vm_bind(c, vm, DRM_ASAHI_BIND_READ,
							bo, 0, SZ_16K, va), 0);
		KUNIT_ASSERT_EQ(test, agx4_test_queue_create(c, vm,
							     DRM_ASAHI_PRIORITY_MEDIUM,
							     &q), 0);
		memset(&t->cb, 0, sizeof(t->cb));
		agx4_test_cmd_compute(&t->cb, &cc);
		KUNIT_ASSERT_EQ(test, agx4_test_submit(c, q, &t->cb, &sy, 0, 1),
				0);
		done[i] = agx4_test_syncobj_fence(c, sy.handle, 0);
		KUNIT_ASSERT_NOT_NULL(test, done[i]);
	}
	for (i = 0; i < G16_CLIENT_CTXS; i++) {
		KUNIT_EXPECT_EQ_MSG(test, agx4_test_fence_wait(done[i], BOUND_MS),
				    0, "VM %u", i);
		dma_fence_put(done[i]);
	}
}

/*
 * A VM whose context was taken back while it was idle sends its pool's
 * TVB-init prelude again with its next render, naming its new context;
 * the firmware makes the pool anew there and numbers its growth requests
 * from 0 again (the model, as both references make a pool: its count
 * starts at the pool's init).  That request is answered: the render
 * completes, grown, and nothing was out of sequence.
 */
static void agx4_tvb_g16_pool_grows_again_after_its_context_was_taken_back(struct kunit *test)
{
	struct tvb *t = tvb_open(test);
	struct agx4_tvb_stats s;

	script(t, AGX4_FWMODEL_ACT_GROW, 2);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_TVB_INITS), 1);
	take_every_context(t);
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	/* The prelude went again: the VM had lost its context. */
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_TVB_INITS), 2);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 3);
	KUNIT_EXPECT_EQ(test, s.grew, 3);
	KUNIT_EXPECT_EQ(test, s.last_counter, 0);
	KUNIT_EXPECT_EQ(test, s.stale + s.ahead + s.unknown, 0);
	expect_no_model_error(t);
}

static void restore_leases(void *data)
{
	agx4_g16_support_leases_param = 0;
}

/* G16 with at most @n render support leases, for the rest of the case. */
static void leases(struct kunit *test, unsigned int n)
{
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_leases,
							NULL), 0);
	agx4_g16_support_leases_param = n;
}

/*
 * More VMs render than there are render support leases (two, by the
 * parameter): four VMs render in turn, each with one growth, then the
 * first again.  From the third on, a VM's lease is the least recently
 * used idle VM's, taken back, cleared and lent again.  Every render
 * completes, grown, and the model finds nothing wrong: at each pool's
 * TVB init it checks that the descriptor at the init's slot names the
 * pool's page list, at each growth that the buffer manager names the
 * slot the render was admitted on.  Each VM's pool is made at its slot
 * (five TVB inits: the first VM twice, after its lease went to another).
 */
static void agx4_tvb_g16_more_rendering_vms_than_leases_complete(struct kunit *test)
{
	struct tvb *t = tvb_open(test), *o;
	struct agx4_tvb_stats s;
	u32 i;

	leases(test, 2);
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	for (i = 1; i < 4; i++) {
		o = tvb_other(t);
		script(o, AGX4_FWMODEL_ACT_GROW, 1);
		KUNIT_EXPECT_EQ_MSG(test, render(o), 0, "VM %u", i);
	}
	script(t, AGX4_FWMODEL_ACT_GROW, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	s = stats(t);
	KUNIT_EXPECT_EQ(test, s.grew, 5);
	KUNIT_EXPECT_EQ(test, s.stale + s.ahead + s.unknown, 0);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_GROW_GREW), 5);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_TVB_INITS), 5);
	expect_no_model_error(t);
}

/*
 * One lease, its VM's render held in the firmware: a second VM's render
 * is submitted without error and waits in the scheduler (nothing of it
 * reaches the firmware); once the first completes, the lease goes to the
 * second VM, whose render completes.
 */
static void agx4_tvb_g16_render_waits_for_the_lease_of_a_busy_vm(struct kunit *test)
{
	struct tvb *t = tvb_open(test), *o;
	struct dma_fence *a, *b;
	unsigned int held, i;

	leases(test, 1);
	agx4_fwmodel_hold(t->m);
	a = render_start(t);
	for (i = 0; !agx4_fwmodel_held(t->m) && i < BOUND_MS / 20; i++)
		msleep(20);
	held = agx4_fwmodel_held(t->m);
	KUNIT_ASSERT_GT(test, held, 0);
	o = tvb_other(t);
	b = render_start(o);
	msleep(100);
	agx4_fwmodel_sync(t->m);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_held(t->m), held);
	KUNIT_EXPECT_FALSE_MSG(test, dma_fence_is_signaled(b),
			       "the render ran while the only lease was busy");
	let_go(t);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(a, BOUND_MS), 0);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(b, BOUND_MS), 0);
	dma_fence_put(a);
	dma_fence_put(b);
	KUNIT_EXPECT_EQ(test, cnt(t, AGX4_FWMODEL_CNT_TVB_INITS), 2);
	expect_no_model_error(t);
}

/* Lease 0's operand buffers, CPU view, and their bytes. */
static u8 *lease0_bufs(struct tvb *t, size_t *size)
{
	struct agx4_fw_g16_sub *sub = agx4_fw_g16_sub(t->adev->fw);

	KUNIT_ASSERT_NOT_NULL(t->test, sub);
	KUNIT_ASSERT_NOT_NULL(t->test, sub->supports[0]);
	*size = sub->supports[0]->bufs->size;
	return sub->supports[0]->bufs->cpu;
}

/*
 * Nothing of one client reaches another through a lease: with one lease,
 * the first VM renders and its operand buffers are filled (as its
 * renders' work would leave them); the lease then goes to a second VM,
 * whose render completes, and the buffers hold only zeroes.
 */
static void agx4_tvb_g16_lease_lent_to_another_vm_is_cleared_first(struct kunit *test)
{
	struct tvb *t = tvb_open(test), *o;
	size_t size, i, left = 0;
	u8 *bufs;

	leases(test, 1);
	KUNIT_EXPECT_EQ(test, render(t), 0);
	bufs = lease0_bufs(t, &size);
	memset(bufs, 0xa5, size);
	o = tvb_other(t);
	KUNIT_EXPECT_EQ(test, render(o), 0);
	for (i = 0; i < size; i++)
		left += bufs[i] != 0;
	KUNIT_EXPECT_EQ_MSG(test, left, 0,
			    "bytes of the first VM's left for the second");
	expect_no_model_error(t);
}

static struct kunit_case agx4_tvb_cases[] = {
	KUNIT_CASE_PARAM(agx4_tvb_limit_parameter_follows_the_spec,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_render_without_growth_sends_no_reply,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_one_growth_grows_the_pool, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_each_pool_numbers_its_requests_from_zero,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_growth_short_of_a_step, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_five_growths_grow_the_pool, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_refusal_partial_renders_and_completes,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_limit_without_a_refusal, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_limit_fails_the_job_and_the_queue_goes_on,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_growth_without_page_tables_is_refused,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_grown_pool_freed_with_its_vm,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_hostile_requests_are_ignored,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_limit_for_no_render_is_ignored,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_request_for_a_changed_pool_is_ignored,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_growths_past_the_record_are_refused,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_request_at_unplug_is_dropped,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_limit_after_stop_names_no_render,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_reply_waits_for_room_on_a_full_ring,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_g16_pool_grows_again_after_its_context_was_taken_back,
			 g16_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_g16_more_rendering_vms_than_leases_complete,
			 g16_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_g16_render_waits_for_the_lease_of_a_busy_vm,
			 g16_gen_params),
	KUNIT_CASE_PARAM(agx4_tvb_g16_lease_lent_to_another_vm_is_cleared_first,
			 g16_gen_params),
	{ }
};

static struct kunit_suite agx4_tvb_suite = {
	.name = "agx4_tvb",
	.test_cases = agx4_tvb_cases,
};

kunit_test_suite(agx4_tvb_suite);
