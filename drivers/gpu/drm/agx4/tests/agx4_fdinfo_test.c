// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fdinfo": what /proc/PID/fdinfo shows of a client, as
 * monitoring tools read it (Documentation/gpu/drm-usage-stats.rst).
 *
 * The text is produced by the device file's own show_fdinfo, the path a
 * read of /proc/PID/fdinfo/N takes, and parsed as those tools parse it:
 * "key:<tab>value[ unit]" lines.  Memory is checked against the sizes of
 * the objects the case made; engine time against the time the firmware
 * model's jobs took (each held DELAY_MS by the model) and against the
 * wall clock.
 */

#include <kunit/test.h>
#include <linux/dma-fence.h>
#include <linux/fs.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include <drm/drm_file.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_fwmodel.h"
#include "../agx4_uat.h"
#include "agx4_test_util.h"

#define FDINFO_SIZE	4096
#define BOUND_MS	5000
/*
 * How long the model holds each stage of a job: until DELAY_MS worth of
 * jiffies passed, so at least one jiffy less than that.
 */
#define DELAY_MS	30

/* The client's fdinfo text, as a read of /proc/PID/fdinfo/N gives it. */
static char *fdinfo(struct agx4_test_client *c)
{
	struct seq_file m = { };

	m.buf = kunit_kzalloc(c->test, FDINFO_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(c->test, m.buf);
	m.size = FDINFO_SIZE - 1;
	KUNIT_ASSERT_NOT_NULL(c->test, c->filp->f_op->show_fdinfo);
	c->filp->f_op->show_fdinfo(&m, c->filp);
	KUNIT_ASSERT_LT(c->test, m.count, m.size);
	m.buf[m.count] = '\0';
	return m.buf;
}

/*
 * The value of @key's line, in bytes for a size with a unit; -1 when the
 * key is absent; the test fails on a malformed line.
 */
static s64 value(struct kunit *test, const char *text, const char *key)
{
	size_t len = strlen(key);
	const char *at = text;
	unsigned long long v;
	char unit[8] = "";
	int n, got;

	for (;;) {
		at = strstr(at, key);
		if (!at)
			return -1;
		if ((at == text || at[-1] == '\n') && at[len] == ':')
			break;
		at += len;
	}
	n = 0;
	got = sscanf(at + len + 1, "\t%llu%n", &v, &n);
	KUNIT_ASSERT_EQ_MSG(test, got, 1, "bad line for %s", key);
	at += len + 1 + n;
	if (*at == ' ') {
		got = sscanf(at + 1, "%7[^\n]", unit);
		KUNIT_ASSERT_EQ_MSG(test, got, 1, "bad unit for %s", key);
	}
	if (!*unit || !strcmp(unit, "ns"))
		return v;
	if (!strcmp(unit, "KiB"))
		return v * SZ_1K;
	KUNIT_ASSERT_STREQ_MSG(test, unit, "MiB", "bad unit for %s", key);
	return v * SZ_1M;
}

static struct agx4_test_client *client(struct kunit *test,
				       enum agx4_soc_id soc)
{
	return agx4_test_client_open(test, agx4_test_probe(test, soc));
}

/* The keys the DRM core and agx4 print for every client. */
static void agx4_fdinfo_names_the_driver_and_client(struct kunit *test)
{
	struct agx4_test_client *a = client(test, AGX4_SOC_T8132);
	struct agx4_test_client *b = agx4_test_client_open(test, a->adev);
	char *ta = fdinfo(a), *tb = fdinfo(b);

	KUNIT_EXPECT_NOT_NULL(test, strstr(ta, "drm-driver:\tasahi\n"));
	KUNIT_EXPECT_GE(test, value(test, ta, "drm-client-id"), 0);
	KUNIT_EXPECT_NE(test, value(test, ta, "drm-client-id"),
			value(test, tb, "drm-client-id"));
	KUNIT_EXPECT_EQ(test, value(test, ta, "drm-total-memory"), 0);
	KUNIT_EXPECT_EQ(test, value(test, ta, "drm-shared-memory"), 0);
}

/*
 * Three objects of 16 KiB, 1 MiB and 4 MiB: the total is exactly their
 * sum, all private, none purgeable; none is resident until its pages are
 * taken (here by a kernel mapping, as a CPU mmap or a VM_BIND would), and
 * then exactly that one.  On a kernel whose pages are smaller than the
 * GPU's (the 4 KiB test kernels), objects get their pages when made, so
 * all are resident from the start.  Another client's objects count for
 * it alone.
 */
static void agx4_fdinfo_memory_is_the_sum_of_the_objects(struct kunit *test)
{
	static const u64 sizes[] = { SZ_16K, SZ_1M, 4 * SZ_1M };
	struct agx4_test_client *c = client(test, AGX4_SOC_T8132);
	struct agx4_test_client *o = agx4_test_client_open(test, c->adev);
	const s64 total = SZ_16K + SZ_1M + 4 * SZ_1M;
	const bool eager = PAGE_SIZE < AGX4_UAT_PAGE_SIZE;
	u32 handle[ARRAY_SIZE(sizes)];
	unsigned int i;
	char *text;
	u8 byte;

	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		handle[i] = agx4_test_gem_create(c, sizes[i], 0, 0);
		KUNIT_ASSERT_NE(test, handle[i], 0);
	}
	KUNIT_ASSERT_NE(test, agx4_test_gem_create(o, SZ_1M, 0, 0), 0);
	text = fdinfo(c);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-total-memory"), total);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-shared-memory"), 0);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-resident-memory"),
			eager ? total : 0);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-purgeable-memory"), 0);

	agx4_test_bo_read(c, handle[1], 0, &byte, 1);
	text = fdinfo(c);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-resident-memory"),
			eager ? total : SZ_1M);
	KUNIT_EXPECT_EQ(test, value(test, fdinfo(o), "drm-total-memory"),
			SZ_1M);
}

/* Submit one render or compute and wait for it; 0 or its fence's error. */
static int run(struct agx4_test_client *c, struct agx4_test_fork *f,
	       u32 queue, u32 out, bool render, unsigned int n)
{
	struct drm_asahi_sync sync = { DRM_ASAHI_SYNC_SYNCOBJ, out, 0 };
	struct agx4_test_cmdbuf *cb;
	struct dma_fence *fence;
	int ret;

	cb = kunit_kzalloc(c->test, sizeof(*cb), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(c->test, cb);
	if (render) {
		struct drm_asahi_cmd_render r = agx4_test_fork_render(f, n);

		agx4_test_cmd_render(cb, &r);
	} else {
		struct drm_asahi_cmd_compute k = agx4_test_fork_compute(f, n);

		agx4_test_cmd_compute(cb, &k);
	}
	KUNIT_ASSERT_EQ(c->test, agx4_test_submit(c, queue, cb, &sync, 0, 1),
			0);
	fence = agx4_test_syncobj_fence(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(c->test, fence);
	ret = agx4_test_fence_wait(fence, BOUND_MS);
	dma_fence_put(fence);
	return ret;
}

static void restore_model(void *data)
{
	agx4_fwmodel_exec(data, AGX4_FWMODEL_RUN, 0);
}

/*
 * What each generation measures: G16 every stage (a render's TA and 3D,
 * a compute), G17P a render's 3D stage (its TA's start shares the word
 * the 3D's start is written over, and compute asks for no firmware
 * timestamp): no compute key there.
 */
struct engine_case {
	enum agx4_soc_id soc;
	const char *name;
	bool compute;
	unsigned int render_stages;
};

static const struct engine_case engine_cases[] = {
	{ AGX4_SOC_T8132, "G16", true, 2 },
	{ AGX4_SOC_T8140, "G17P", false, 1 },
};

static void engine_desc(const struct engine_case *e, char *desc)
{
	strscpy(desc, e->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(engine, engine_cases, engine_desc);

/*
 * After each of three renders and three computes, the client's time on
 * each class it measures grows and never goes back, and ends exactly at
 * the time the model's firmware wrote in the profiling slots (24 MHz
 * ticks), at least the time the model held each measured stage, and no
 * more than each job's wall-clock time.  A class not measured has no key;
 * a client that ran nothing shows 0.
 */
static void agx4_fdinfo_engine_time_follows_the_firmware(struct kunit *test)
{
	const struct engine_case *e = test->param_value;
	struct agx4_test_client *c = client(test, e->soc);
	struct agx4_test_client *idle = agx4_test_client_open(test, c->adev);
	struct agx4_fwmodel *m = agx4_test_model();
	s64 last[2] = { 0, 0 }, wall[2] = { 0, 0 };
	static const char *const keys[2] = {
		"drm-engine-render", "drm-engine-compute",
	};
	static const enum agx4_fwmodel_counter counters[2] = {
		AGX4_FWMODEL_CNT_RENDER_TICKS, AGX4_FWMODEL_CNT_COMPUTE_TICKS,
	};
	const u64 stage = (msecs_to_jiffies(DELAY_MS) - 1) * TICK_NSEC;
	const bool measured[2] = { true, e->compute };
	struct agx4_test_fork *f;
	unsigned int i, k;
	u32 queue, out;
	u32 ticks[2];

	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(c, f), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(c, f->vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &queue), 0);
	out = agx4_test_syncobj(c, NULL);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_model,
							m), 0);
	agx4_fwmodel_exec(m, AGX4_FWMODEL_DELAY, DELAY_MS);
	for (k = 0; k < 2; k++)
		ticks[k] = agx4_fwmodel_count(m, counters[k]);

	for (i = 0; i < 6; i++) {
		unsigned int cls = i % 2;
		u64 start = ktime_get_ns();
		char *text;

		KUNIT_ASSERT_EQ(test, run(c, f, queue, out, !cls, i / 2), 0);
		wall[cls] += ktime_get_ns() - start;
		text = fdinfo(c);
		for (k = 0; k < 2; k++) {
			s64 ns = value(test, text, keys[k]);

			if (!measured[k]) {
				KUNIT_EXPECT_EQ_MSG(test, ns, -1, "%s shown",
						    keys[k]);
				continue;
			}
			KUNIT_EXPECT_GE_MSG(test, ns, last[k], "%s went back",
					    keys[k]);
			last[k] = ns;
		}
		if (measured[cls])
			KUNIT_EXPECT_GT_MSG(test, last[cls], 0,
					    "%s after job %u", keys[cls], i);
	}
	KUNIT_ASSERT_GT(test, stage, 0);
	for (k = 0; k < 2; k++) {
		/* Exactly what the firmware wrote, at 24 MHz. */
		u32 t = agx4_fwmodel_count(m, counters[k]) - ticks[k];

		if (!measured[k])
			continue;
		KUNIT_EXPECT_EQ_MSG(test, last[k], (s64)t * 125 / 3, "%s",
				    keys[k]);
		KUNIT_EXPECT_GE(test, last[k],
				3 * (k ? 1 : e->render_stages) * stage);
		KUNIT_EXPECT_LE(test, last[k], wall[k]);
		KUNIT_EXPECT_EQ(test, value(test, fdinfo(idle), keys[k]), 0);
	}
}

/*
 * A device whose generation has no submission (SUBMIT: -EOPNOTSUPP) shows
 * its clients' memory and no engine key: nothing runs there.
 */
static void agx4_fdinfo_without_submission_shows_no_engine_time(struct kunit *test)
{
	struct agx4_device *adev = agx4_test_drm_device(test, "agx4_fdinfo");
	struct agx4_test_client *c = agx4_test_client_open(test, adev);
	char *text;

	KUNIT_ASSERT_NE(test, agx4_test_gem_create(c, SZ_16K, 0, 0), 0);
	text = fdinfo(c);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-total-memory"), SZ_16K);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-engine-render"), -1);
	KUNIT_EXPECT_EQ(test, value(test, text, "drm-engine-compute"), -1);
}

static struct kunit_case agx4_fdinfo_cases[] = {
	KUNIT_CASE(agx4_fdinfo_names_the_driver_and_client),
	KUNIT_CASE(agx4_fdinfo_memory_is_the_sum_of_the_objects),
	KUNIT_CASE_PARAM(agx4_fdinfo_engine_time_follows_the_firmware,
			 engine_gen_params),
	KUNIT_CASE(agx4_fdinfo_without_submission_shows_no_engine_time),
	{ }
};

static struct kunit_suite agx4_fdinfo_suite = {
	.name = "agx4_fdinfo",
	.test_cases = agx4_fdinfo_cases,
};

kunit_test_suite(agx4_fdinfo_suite);
