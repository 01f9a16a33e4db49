// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_info": what a bug report or a firmware bisect reads
 * of a device: the debugfs file ``info`` (chip, generation, firmware
 * build, driver version, restart, timeout, event and TVB counters), the
 * per-client files ``gems``, ``gpuvas`` and ``queues``, the device
 * attribute ``firmware_build``, and the header of ``fw_layouts``.
 *
 * The expected chips and builds are the two this driver supports (the
 * test device tree names the build each generation's firmware is);
 * counters are checked against what the case made happen.
 */

#include <kunit/test.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/device.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/sysfs.h>
#include <linux/unaligned.h>

#include <drm/drm_file.h>
#include <drm/drm_print.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw_decode.h"
#include "../agx4_fwmodel.h"
#include "../agx4_job.h"
#include "../agx4_reset.h"
#include "agx4_test_util.h"

#define TEXT_SIZE	SZ_4K
#define BOUND_MS	5000

struct gen_case {
	enum agx4_soc_id soc;
	const char *chip;
	const char *name;
	const char *build;
};

static const struct gen_case gens[] = {
	{ AGX4_SOC_T8132, "t8132", "G16", "mBoot-18000.161.10" },
	{ AGX4_SOC_T8140, "t8140", "G17P", "mBoot-18000.161.9" },
};

static void gen_desc(const struct gen_case *g, char *desc)
{
	strscpy(desc, g->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(gen, gens, gen_desc);

/* What @print writes for @adev, as a string. */
static char *text(struct kunit *test, struct agx4_device *adev,
		  void (*print)(struct agx4_device *, struct drm_printer *))
{
	struct drm_print_iterator iter = { };
	struct drm_printer p;
	char *buf = kunit_kzalloc(test, TEXT_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	iter.data = buf;
	iter.remain = TEXT_SIZE - 1;
	p = drm_coredump_printer(&iter);
	print(adev, &p);
	KUNIT_ASSERT_GT(test, iter.remain, 0);
	return buf;
}

/* Whether @t has the whole line @line. */
static bool has_line(const char *t, const char *line)
{
	size_t n = strlen(line);
	const char *at;

	for (at = t; (at = strstr(at, line)); at += n)
		if ((at == t || at[-1] == '\n') && at[n] == '\n')
			return true;
	return false;
}

static void expect_line(struct kunit *test, const char *t, const char *fmt,
			const char *v)
{
	char line[96];

	snprintf(line, sizeof(line), fmt, v);
	KUNIT_EXPECT_TRUE_MSG(test, has_line(t, line), "no line \"%s\" in:\n%s",
			      line, t);
}

/*
 * ``info`` names the chip, generation, firmware build and driver, and a
 * device that ran nothing has every counter at 0.
 */
static void agx4_info_names_the_device_and_counts_nothing_yet(struct kunit *test)
{
	const struct gen_case *g = test->param_value;
	struct agx4_device *adev = agx4_test_probe(test, g->soc);
	static const char *const counters[] = {
		"restarts", "restart_failures", "timeouts", "hang_restarts",
		"events_unknown",
		"events_malformed", "event_ring_errors", "tvb_requests",
		"tvb_grew", "tvb_refused", "tvb_ignored", "tvb_limits",
		"tvb_limits_unmatched",
	};
	char *t = text(test, adev, agx4_drv_info_print);
	unsigned int i;

	expect_line(test, t, "chip: %s", g->chip);
	expect_line(test, t, "generation: %s", g->name);
	expect_line(test, t, "firmware_build: %s", g->build);
	expect_line(test, t, "driver: %s 0.0.0", "asahi");
	for (i = 0; i < ARRAY_SIZE(counters); i++)
		expect_line(test, t, "%s: 0", counters[i]);
}

/* Let the model and the recovery run until @n restarts began. */
static void wait_restarts(struct kunit *test, struct agx4_device *adev,
			  struct agx4_fwmodel *m, unsigned int n)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	do {
		agx4_fwmodel_sync(m);
		agx4_reset_flush(adev);
		if (agx4_reset_count(adev) >= n)
			break;
		usleep_range(200, 500);
	} while (time_before(jiffies, end));
	KUNIT_ASSERT_EQ(test, agx4_reset_count(adev), n);
}

/*
 * An empty partial-render report (kind 5): on G16 a kind nothing
 * consumes, counted in events_unknown and ignored; G17P has no such
 * record, so its parser refuses it and the firmware is restarted.  A
 * firmware crash then counts one restart more; the event counters are
 * the new firmware boot's.
 */
static void agx4_info_counts_unknown_events_and_restarts(struct kunit *test)
{
	const struct gen_case *g = test->param_value;
	struct agx4_device *adev = agx4_test_probe(test, g->soc);
	struct agx4_fwmodel *m = agx4_test_model();
	bool g16 = g->soc == AGX4_SOC_T8132;
	u8 rec[0x48] = { };
	char *t;

	put_unaligned_le32(5, rec);
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_post_event(m, 0, rec, sizeof(rec)),
			0);
	agx4_fwmodel_sync(m);
	wait_restarts(test, adev, m, g16 ? 0 : 1);
	t = text(test, adev, agx4_drv_info_print);
	expect_line(test, t, "events_unknown: %s", g16 ? "1" : "0");
	expect_line(test, t, "restarts: %s", g16 ? "0" : "1");

	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_CRASH, 0);
	wait_restarts(test, adev, m, g16 ? 1 : 2);
	t = text(test, adev, agx4_drv_info_print);
	expect_line(test, t, "restarts: %s", g16 ? "1" : "2");
	expect_line(test, t, "restart_failures: %s", "0");
	expect_line(test, t, "events_unknown: %s", "0");
}

/* The device attribute firmware_build: the build, one line. */
static void agx4_info_firmware_build_attribute(struct kunit *test)
{
	const struct gen_case *g = test->param_value;
	struct agx4_device *adev = agx4_test_probe(test, g->soc);
	struct device *dev = adev->base.dev;
	struct device_attribute *attr = NULL;
	struct attribute **a;
	char *buf, want[64];
	void *old;

	for (a = agx4_drv_dev_groups[0]->attrs; *a; a++)
		if (!strcmp((*a)->name, "firmware_build"))
			attr = container_of(*a, struct device_attribute, attr);
	KUNIT_ASSERT_NOT_NULL(test, attr);
	KUNIT_EXPECT_EQ(test, attr->attr.mode, 0444);
	buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	/* The platform driver's probe sets the device's data so. */
	old = dev_get_drvdata(dev);
	dev_set_drvdata(dev, adev);
	KUNIT_EXPECT_EQ(test, attr->show(dev, attr, buf),
			(ssize_t)strlen(g->build) + 1);
	dev_set_drvdata(dev, old);
	snprintf(want, sizeof(want), "%s\n", g->build);
	KUNIT_EXPECT_STREQ(test, buf, want);
}

/*
 * fw_layouts starts with the build, the generation and the driver, each
 * on a "#" line, so that saved tables say what they describe.
 */
static void agx4_info_fw_layouts_header_names_build_and_generation(struct kunit *test)
{
	const struct gen_case *g = test->param_value;
	struct agx4_device *adev = agx4_test_probe(test, g->soc);
	char *t = text(test, adev, agx4_fw_layouts_header);

	expect_line(test, t, "# firmware_build %s", g->build);
	expect_line(test, t, "# generation %s", g->name);
	expect_line(test, t, "# driver %s 0.0.0", "asahi");
	KUNIT_EXPECT_EQ(test, t[0], '#');
}

/* A debugfs file of agx4_drv, as its reader gets it. */
static char *debugfs(struct kunit *test, struct agx4_device *adev,
		     const char *name)
{
	struct seq_file m = { };

	m.buf = kunit_kzalloc(test, TEXT_SIZE * 4, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, m.buf);
	m.size = TEXT_SIZE * 4 - 1;
	KUNIT_ASSERT_EQ(test, agx4_drv_debugfs_show(adev, name, &m), 0);
	KUNIT_ASSERT_LT(test, m.count, m.size);
	m.buf[m.count] = '\0';
	return m.buf;
}

/* Whether @t has a line starting with @prefix. */
static bool has_prefix(const char *t, const char *prefix)
{
	size_t n = strlen(prefix);
	const char *at;

	for (at = t; (at = strstr(at, prefix)); at += n)
		if (at == t || at[-1] == '\n')
			return true;
	return false;
}

static unsigned int count_prefix(const char *t, const char *prefix)
{
	size_t n = strlen(prefix);
	unsigned int k = 0;
	const char *at;

	for (at = t; (at = strstr(at, prefix)); at += n)
		if (at == t || at[-1] == '\n')
			k++;
	return k;
}

static void restore_timeout(void *data)
{
	agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	agx4_hang_timeout_ms = 0;
}

/*
 * Per client, as a bug report reads them: ``gems`` lists each object of
 * the client with its size and how many VMs map it; ``gpuvas`` each VM
 * with its carve-out and mappings; ``queues`` each queue's priority,
 * state and jobs.  A queue killed by a timeout says so with the error its
 * job ended with, and ``info`` counts the timeout.  A second client shows
 * under its own line, with its own objects.
 */
static void agx4_info_clients_objects_vms_and_queues(struct kunit *test)
{
	struct agx4_device *adev = agx4_test_probe(test, AGX4_SOC_T8132);
	struct agx4_test_client *c = agx4_test_client_open(test, adev);
	struct agx4_test_client *o = agx4_test_client_open(test, adev);
	struct agx4_fwmodel *m = agx4_test_model();
	const struct agx4_fwmodel_script never = {
		.action = AGX4_FWMODEL_ACT_NEVER,
		.kinds = AGX4_FWMODEL_KIND_COMPUTE,
	};
	struct drm_asahi_cmd_compute k;
	struct agx4_test_cmdbuf *cb;
	struct drm_asahi_sync sync;
	struct agx4_test_fork *f;
	struct dma_fence *fence;
	char line[128], *t;
	unsigned int i;
	u32 q, out, h;

	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restore_timeout,
							NULL), 0);
	agx4_job_timeout_ms = 300;
	/* Killed jobs the case keeps restart no firmware. */
	agx4_hang_timeout_ms = AGX4_JOB_TIMEOUT_MS;
	f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	cb = kunit_kzalloc(test, sizeof(*cb), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	KUNIT_ASSERT_NOT_NULL(test, cb);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(c, f), 0);
	KUNIT_ASSERT_EQ(test, agx4_test_queue_create(c, f->vm_id,
						     DRM_ASAHI_PRIORITY_MEDIUM,
						     &q), 0);
	h = agx4_test_gem_create(o, SZ_16K, 0, 0);
	KUNIT_ASSERT_NE(test, h, 0);

	t = debugfs(test, adev, "gems");
	snprintf(line, sizeof(line), "client %llu: pid ", c->file->client_id);
	KUNIT_EXPECT_TRUE(test, has_prefix(t, line));
	snprintf(line, sizeof(line), "client %llu: pid ", o->file->client_id);
	KUNIT_EXPECT_TRUE(test, has_prefix(t, line));
	for (i = 0; i < AGX4_FORK_NR_BOS; i++) {
		if (!f->handle[i])
			continue;
		snprintf(line, sizeof(line), "handle %u: size %#llx, handles 1, ",
			 f->handle[i], f->size[i]);
		KUNIT_EXPECT_TRUE_MSG(test, has_prefix(t, line), "no %s in:\n%s",
				      line, t);
	}
	snprintf(line, sizeof(line), "handle %u: size %#x, handles 1, vms 0, ",
		 h, SZ_16K);
	KUNIT_EXPECT_TRUE_MSG(test, has_prefix(t, line), "no %s", line);
	/* The arena is mapped in the fork's VM. */
	KUNIT_EXPECT_GE(test, count_prefix(t, "handle "), 2);
	KUNIT_EXPECT_NOT_NULL(test, strstr(t, ", vms 1, "));

	t = debugfs(test, adev, "gpuvas");
	snprintf(line, sizeof(line),
		 "vm %u: kernel carve-out [0x%016llx;0x%016llx]", f->vm_id,
		 f->kernel_start, f->kernel_end);
	KUNIT_EXPECT_TRUE_MSG(test, has_line(t, line), "no %s in:\n%s", line,
			      t);
	KUNIT_EXPECT_TRUE(test, has_prefix(t, "DRM GPU VA space (agx4)"));
	snprintf(line, sizeof(line), "     | 0x%016llx |",
		 f->addr[AGX4_FORK_ARENA]);
	KUNIT_EXPECT_TRUE_MSG(test, has_prefix(t, line), "no %s", line);

	t = debugfs(test, adev, "queues");
	snprintf(line, sizeof(line),
		 "queue %u: priority %u, owner %d (%s), live, in flight 0, submitted 0",
		 q, DRM_ASAHI_PRIORITY_MEDIUM, task_tgid_nr(current),
		 current->comm);
	KUNIT_EXPECT_TRUE_MSG(test, has_line(t, line), "no %s in:\n%s", line,
			      t);

	/* A compute the firmware never finishes: the queue is killed. */
	KUNIT_ASSERT_EQ(test, agx4_fwmodel_script(m, &never), 0);
	out = agx4_test_syncobj(c, NULL);
	sync = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, out, 0 };
	k = agx4_test_fork_compute(f, 0);
	agx4_test_cmd_compute(cb, &k);
	KUNIT_ASSERT_EQ(test, agx4_test_submit(c, q, cb, &sync, 0, 1), 0);
	fence = agx4_test_syncobj_fence(c, out, 0);
	KUNIT_ASSERT_NOT_NULL(test, fence);
	KUNIT_EXPECT_EQ(test, agx4_test_fence_wait(fence, BOUND_MS),
			-ETIMEDOUT);
	dma_fence_put(fence);
	t = debugfs(test, adev, "queues");
	snprintf(line, sizeof(line),
		 "queue %u: priority %u, owner %d (%s), killed (%d), in flight 0, submitted 1",
		 q, DRM_ASAHI_PRIORITY_MEDIUM, task_tgid_nr(current),
		 current->comm, -ETIMEDOUT);
	KUNIT_EXPECT_TRUE_MSG(test, has_line(t, line), "no %s in:\n%s", line,
			      t);
	t = text(test, adev, agx4_drv_info_print);
	expect_line(test, t, "timeouts: %s", "1");
}

/* Post @n statistics records of @kind, word 1 of each its number from @first. */
static void post_stats(struct kunit *test, struct agx4_fwmodel *m, u32 kind,
		       unsigned int first, unsigned int n)
{
	u8 rec[0x48] = { };
	unsigned int i;

	for (i = 0; i < n; i++) {
		put_unaligned_le32(kind, rec);
		put_unaligned_le32(first + i, rec + 4);
		put_unaligned_le32(0xa5a5a5a5, rec + 0x44);
		KUNIT_ASSERT_EQ(test, agx4_fwmodel_post_stat(m, 0, rec,
							     sizeof(rec)), 0);
	}
}

/*
 * ``fw_stats``: the primary's statistics ring (channel 14) is read, its
 * records counted by kind (0x10 to 0x1e named by the firmware's trace
 * tags, the rest "other") and the latest 16 shown oldest first as raw
 * words after the kind.  A write cursor past the ring's 512 entries is
 * a ring error, as on the event ring, and the firmware is restarted.
 */
static void agx4_info_fw_stats_counts_kinds_and_shows_the_latest(struct kunit *test)
{
	const struct gen_case *g = test->param_value;
	struct agx4_device *adev = agx4_test_probe(test, g->soc);
	struct agx4_fwmodel *m = agx4_test_model();
	char *t = debugfs(test, adev, "fw_stats");
	unsigned int i, n;
	char want[200];

	expect_line(test, t, "ring: %s", "read");
	expect_line(test, t, "records: %s", "0");
	expect_line(test, t, "latest %s, oldest first:", "0");

	post_stats(test, m, 0x10, 100, 1);
	post_stats(test, m, 0x1e, 101, 1);
	post_stats(test, m, 0x42, 102, 1);
	post_stats(test, m, 0x14, 0, 20);
	agx4_fwmodel_sync(m);
	t = debugfs(test, adev, "fw_stats");
	expect_line(test, t, "records: %s", "23");
	expect_line(test, t, "kind 0x10 (GPU utilisation): %s", "1");
	expect_line(test, t, "kind 0x14 (counter add): %s", "20");
	expect_line(test, t, "kind 0x1e (p-state residency): %s", "1");
	expect_line(test, t, "kind 0x11 (range (L)): %s", "0");
	expect_line(test, t, "other kinds: %s", "1");
	expect_line(test, t, "latest %s, oldest first:", "16");
	KUNIT_EXPECT_EQ(test, count_prefix(t, "0x14 (counter add): "), 16);
	KUNIT_EXPECT_FALSE(test, has_prefix(t, "0x10 (GPU utilisation): "));
	/* The oldest kept is the 8th 0x14 record; 16 words follow it. */
	KUNIT_EXPECT_NOT_NULL(test, strstr(t, "latest 16, oldest first:\n"
				    "0x14 (counter add): 00000004 00000000"));
	/* The newest: number 19, 15 zero words, the last word. */
	n = scnprintf(want, sizeof(want), " %08x", 19);
	for (i = 0; i < 15; i++)
		n += scnprintf(want + n, sizeof(want) - n, " %08x", 0);
	scnprintf(want + n, sizeof(want) - n, " a5a5a5a5\n");
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(t, want), "no \"%s\" in:\n%s",
				  want, t);

	KUNIT_ASSERT_EQ(test, agx4_fwmodel_set_cursor(m, 0,
						      AGX4_FWMODEL_CUR_STATS_WRITE,
						      0, 512), 0);
	wait_restarts(test, adev, m, 1);
	t = text(test, adev, agx4_drv_info_print);
	expect_line(test, t, "restarts: %s", "1");
	t = debugfs(test, adev, "fw_stats");
	expect_line(test, t, "records: %s", "0");
}

static struct kunit_case agx4_info_cases[] = {
	KUNIT_CASE_PARAM(agx4_info_names_the_device_and_counts_nothing_yet,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_info_counts_unknown_events_and_restarts,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_info_firmware_build_attribute, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_info_fw_layouts_header_names_build_and_generation,
			 gen_gen_params),
	KUNIT_CASE(agx4_info_clients_objects_vms_and_queues),
	KUNIT_CASE_PARAM(agx4_info_fw_stats_counts_kinds_and_shows_the_latest,
			 gen_gen_params),
	{ }
};

static struct kunit_suite agx4_info_suite = {
	.name = "agx4_info",
	.test_cases = agx4_info_cases,
};

kunit_test_suite(agx4_info_suite);
