// SPDX-License-Identifier: MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "asahi_drm.h"
#include "igt.h"
#include "igt_asahi.h"
#include "igt_asahi_uapi.h"
#include "igt_syncobj.h"
#include "sw_sync.h"

IGT_TEST_DESCRIPTION("Recovery paths of agx4 driven by scripting its firmware "
		     "model: tiled-vertex-buffer growth and refusal, the memory "
		     "limit, a job that never completes.  Every subtest skips "
		     "on hardware, where the control (debugfs "
		     "agx4/model_script) is absent.");

#define PARAM_DIR	"/sys/module/agx4/parameters/"

struct ctx {
	int fd;
	bool model;
	char gen[16];
	struct igt_asahi_fork f;
	uint32_t q;
};

static int64_t deadline_ms(uint64_t ms)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec +
	       (int64_t)ms * 1000000ll;
}

static long read_param(const char *name)
{
	char path[128];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), PARAM_DIR "%s", name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

static bool write_param(const char *name, long v)
{
	char path[128];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), PARAM_DIR "%s", name);
	f = fopen(path, "w");
	if (!f)
		return false;
	ok = fprintf(f, "%ld\n", v) > 0;
	return !fclose(f) && ok;
}

/* Skip unless this is the model and it takes scripts. */
static void require_model(struct ctx *c)
{
	int ret;

	igt_require_f(c->model, "not agx4's firmware model\n");
	ret = igt_asahi_model_script(c->fd, "clear\n");
	igt_require_f(ret != -ENOENT,
		      "the model has no scripting control (debugfs agx4/model_script)\n");
	igt_assert_eq(ret, 0);
}

/* Disarm what earlier subtests left, then arm @line. */
static void script(struct ctx *c, const char *line)
{
	require_model(c);
	igt_assert_eq(igt_asahi_model_script(c->fd, line), 0);
}

static long counter(struct ctx *c, const char *name)
{
	long v = igt_asahi_model_counter(c->fd, name);

	igt_assert_f(v >= 0, "model counter %s missing\n", name);
	return v;
}

static int fence_status(int fd, uint32_t h)
{
	int sf = syncobj_handle_to_fd(fd, h,
				      DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE);
	int status = sync_fence_status(sf);

	close(sf);
	return status;
}

/* Submit @cb on @q; wait up to @ms; return its fence's status. */
static int run(struct ctx *c, uint32_t q, const struct igt_asahi_cmdbuf *cb,
	       uint64_t ms)
{
	uint32_t out = syncobj_create(c->fd, 0);
	struct drm_asahi_sync s = igt_asahi_sync_binary(out);
	int status;

	igt_assert_eq(__igt_asahi_submit(c->fd, q, cb, &s, 0, 1), 0);
	igt_assert(syncobj_wait(c->fd, &out, 1, deadline_ms(ms), 0, NULL));
	status = fence_status(c->fd, out);
	syncobj_destroy(c->fd, out);
	return status;
}

int igt_main()
{
	struct ctx c = { .fd = -1 };

	igt_fixture() {
		c.fd = drm_open_driver_render(DRIVER_ASAHI);
		c.model = igt_asahi_is_model(c.fd, c.gen, sizeof(c.gen));
		igt_assert_f(igt_asahi_fork_open(c.fd, &c.f),
			     "fork open: %s: %s\n", c.f.failed,
			     strerror(c.f.err));
		c.q = igt_asahi_queue_create(c.fd, c.f.vm,
					     DRM_ASAHI_PRIORITY_MEDIUM);
	}

	igt_describe("The model's scripting control refuses malformed "
		     "commands with EINVAL and arms nothing.");
	igt_subtest("script-rejects-malformed") {
		require_model(&c);
		igt_assert_eq(igt_asahi_model_script(c.fd, "explode 1 1 0\n"),
			      -EINVAL);
		igt_assert_eq(igt_asahi_model_script(c.fd, "grow 3 1\n"),
			      -EINVAL);
		/* Growth is the vertex stage's, not the fragment's. */
		igt_assert_eq(igt_asahi_model_script(c.fd, "grow 3 2 0\n"),
			      -EINVAL);
	}

	igt_describe("The model's vertex stage asks for more tiled-vertex-"
		     "buffer memory three times; the driver grows it and the "
		     "render completes without an error.");
	igt_subtest("tvb-growth") {
		struct igt_asahi_cmdbuf cb = {};
		long grew;

		script(&c, "grow 3 1 0\n");
		grew = counter(&c, "grow_grew");
		igt_asahi_fork_cmd_render(&cb, &c.f, 0);
		igt_assert_eq(run(&c, c.q, &cb, ASAHI_WAIT_NS / 1000000), 1);
		igt_assert_eq(counter(&c, "grow_grew"), grew + 3);
	}

	igt_describe("With the growth limit at its smallest, the model's "
		     "growth requests are refused; the firmware runs a partial "
		     "render and the render completes without an error.");
	igt_subtest("tvb-refusal") {
		struct igt_asahi_cmdbuf cb = {};
		long old = read_param("tvb_max_blocks"), partial;
		int status;

		script(&c, "grow 4 1 0\n");
		partial = counter(&c, "partial_renders");
		igt_require_f(old >= 0 && write_param("tvb_max_blocks", 1),
			      "tvb_max_blocks is not writable\n");
		igt_asahi_fork_cmd_render(&cb, &c.f, 1);
		status = run(&c, c.q, &cb, ASAHI_WAIT_NS / 1000000);
		igt_assert(write_param("tvb_max_blocks", old));
		igt_assert_eq(status, 1);
		igt_assert_eq(counter(&c, "partial_renders"), partial + 4);
	}

	igt_describe("The model reports that a render hit the memory limit: "
		     "its fence ends with ENOMEM and the queue goes on.");
	igt_subtest("memory-limit-enomem") {
		struct igt_asahi_cmdbuf cb = {};

		script(&c, "limit 1 1 0\n");
		igt_asahi_fork_cmd_render(&cb, &c.f, 2);
		igt_assert_eq(run(&c, c.q, &cb, ASAHI_WAIT_NS / 1000000), -ENOMEM);
		igt_assert_eq(run(&c, c.q, &cb, ASAHI_WAIT_NS / 1000000), 1);
	}

	igt_describe("The model never completes a compute job: after the job "
		     "timeout its fence ends with ETIMEDOUT, later submissions "
		     "on that queue fail with ECANCELED, and a new queue "
		     "works.");
	igt_subtest("job-timeout") {
		struct igt_asahi_cmdbuf cb = {};
		long timeout = read_param("job_timeout_ms");
		uint32_t q = igt_asahi_queue_create(c.fd, c.f.vm, 0), q2;

		script(&c, "never 0 4 0\n");
		igt_require_f(timeout > 0, "job_timeout_ms unknown\n");
		igt_asahi_fork_cmd_compute(&cb, &c.f, 3);
		igt_assert_eq(run(&c, q, &cb, timeout + 20000), -ETIMEDOUT);
		igt_assert_eq(__igt_asahi_submit(c.fd, q, &cb, NULL, 0, 0),
			      -ECANCELED);
		igt_asahi_queue_destroy(c.fd, q);
		q2 = igt_asahi_queue_create(c.fd, c.f.vm, 0);
		igt_assert_eq(run(&c, q2, &cb, ASAHI_WAIT_NS / 1000000), 1);
		igt_asahi_queue_destroy(c.fd, q2);
	}

	igt_fixture() {
		igt_asahi_queue_destroy(c.fd, c.q);
		igt_asahi_vm_destroy(c.fd, c.f.vm);
		drm_close_driver(c.fd);
	}
}
