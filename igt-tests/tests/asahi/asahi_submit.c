// SPDX-License-Identifier: MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "asahi_drm.h"
#include "igt.h"
#include "igt_asahi.h"
#include "igt_asahi_uapi.h"
#include "igt_syncobj.h"
#include "sw_sync.h"

IGT_TEST_DESCRIPTION("SUBMIT of the asahi driver in the address space the "
		     "Mesa fork builds: render and compute work with binary "
		     "and timeline syncobjs waited for from userspace, user "
		     "timestamps, and every bad input with its errno.");

#define PG		ASAHI_PAGE_SIZE
#define HDR		sizeof(struct drm_asahi_cmd_header)
#define CMDBUF_MAX	(1u << 20)

struct ctx {
	int fd;
	struct igt_asahi_fork f;
	uint32_t q;
};

static int64_t deadline(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec + ASAHI_WAIT_NS;
}

static bool wait_binary(int fd, uint32_t h)
{
	return syncobj_wait(fd, &h, 1, deadline(), 0, NULL);
}

/* The error the job's fence ended with: 1 signalled, < 0 an error. */
static int fence_status(int fd, uint32_t h)
{
	int sf = syncobj_handle_to_fd(fd, h,
				      DRM_SYNCOBJ_HANDLE_TO_FD_FLAGS_EXPORT_SYNC_FILE);
	int status = sync_fence_status(sf);

	close(sf);
	return status;
}

/* Submit @cb signalling a new binary syncobj, wait for it, check no error. */
static void submit_and_wait(struct ctx *c, uint32_t q,
			    const struct igt_asahi_cmdbuf *cb)
{
	uint32_t out = syncobj_create(c->fd, 0);
	struct drm_asahi_sync s = igt_asahi_sync_binary(out);

	igt_assert_eq(__igt_asahi_submit(c->fd, q, cb, &s, 0, 1), 0);
	igt_assert(wait_binary(c->fd, out));
	igt_assert_eq(fence_status(c->fd, out), 1);
	syncobj_destroy(c->fd, out);
}

static struct drm_asahi_cmd_compute *compute_of(struct igt_asahi_cmdbuf *cb,
						unsigned int i)
{
	return (void *)((uint8_t *)igt_asahi_cmd_payload(cb, i) + HDR);
}

static struct drm_asahi_cmd_render *render_of(struct igt_asahi_cmdbuf *cb,
					      unsigned int i)
{
	return (void *)((uint8_t *)igt_asahi_cmd_payload(cb, i) + HDR);
}

static struct drm_asahi_cmd_header *header_of(struct igt_asahi_cmdbuf *cb,
					      unsigned int i)
{
	return igt_asahi_cmd_payload(cb, i);
}

static void attachments(struct igt_asahi_cmdbuf *cb, uint16_t type,
			const struct igt_asahi_fork *f, unsigned int n)
{
	struct drm_asahi_attachment a[17];
	unsigned int i;

	memset(a, 0, sizeof(a));
	for (i = 0; i < n; i++) {
		a[i].pointer = f->addr[ASAHI_FORK_MAIN_BOTTOM] + i * PG;
		a[i].size = PG;
	}
	igt_asahi_cmd(cb, type, a, n * sizeof(a[0]));
}

/* Device coredumps: agx4 leaves one per firmware crash. */
static int crash_dumps(bool dismiss)
{
	DIR *dir = opendir("/sys/class/devcoredump");
	struct dirent *e;
	char path[300];
	int n = 0, fd;

	if (!dir)
		return 0;
	while ((e = readdir(dir))) {
		if (strncmp(e->d_name, "devcd", 5))
			continue;
		n++;
		if (!dismiss)
			continue;
		snprintf(path, sizeof(path), "/sys/class/devcoredump/%s/data",
			 e->d_name);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			igt_assert_eq(write(fd, "1", 1), 1);
			close(fd);
		}
	}
	closedir(dir);
	return n;
}

static void close_with_work(bool wait_first)
{
	struct igt_asahi_cmdbuf cb = {};
	struct igt_asahi_fork f;
	struct drm_asahi_sync s;
	uint32_t q, out;
	int fd, i;

	crash_dumps(true);
	fd = drm_open_driver_render(DRIVER_ASAHI);
	igt_assert_f(igt_asahi_fork_open(fd, &f), "fork open: %s: %s\n",
		     f.failed, strerror(f.err));
	q = igt_asahi_queue_create(fd, f.vm, DRM_ASAHI_PRIORITY_MEDIUM);
	igt_asahi_fork_cmd_render(&cb, &f, 9);
	igt_asahi_fork_cmd_compute(&cb, &f, 9);
	out = syncobj_create(fd, 0);
	s = igt_asahi_sync_binary(out);
	for (i = 0; i < 100; i++)
		igt_assert_eq(__igt_asahi_submit(fd, q, &cb, &s, 0, 1), 0);
	if (wait_first)
		igt_assert(wait_binary(fd, out));
	drm_close_driver(fd);

	/* The device stays usable, and what was queued ran without a crash. */
	fd = drm_open_driver_render(DRIVER_ASAHI);
	igt_asahi_get_params(fd, 0, &f.p, sizeof(f.p), 0);
	for (i = 0; i < 10 && !crash_dumps(false); i++)
		usleep(100000);
	igt_assert_eq(crash_dumps(false), 0);
	drm_close_driver(fd);
}

int igt_main()
{
	struct ctx c = { .fd = -1 };

	igt_fixture() {
		c.fd = drm_open_driver_render(DRIVER_ASAHI);
		igt_assert_f(igt_asahi_fork_open(c.fd, &c.f),
			     "fork open: %s: %s\n", c.f.failed,
			     strerror(c.f.err));
		c.q = igt_asahi_queue_create(c.fd, c.f.vm,
					     DRM_ASAHI_PRIORITY_MEDIUM);
	}

	igt_describe("The Mesa fork's device open replays in a second file: "
		     "its VM carve-out, fixed bindings, heaps and their "
		     "read-only mirrors, a timestamp object and the USC arena "
		     "switch at 2^40 all succeed.");
	igt_subtest("fork-open") {
		int fd2 = drm_open_driver_render(DRIVER_ASAHI);
		struct igt_asahi_fork f2;
		bool ok = igt_asahi_fork_open(fd2, &f2);

		igt_info("kernel carve-out [%#llx, %#llx), user from %#llx, "
			 "main heap %#llx + %#llx, context heap [%#llx, %#llx)\n",
			 (unsigned long long)f2.kernel_start,
			 (unsigned long long)f2.kernel_end,
			 (unsigned long long)f2.user_start,
			 (unsigned long long)f2.main_start,
			 (unsigned long long)f2.main_size,
			 (unsigned long long)f2.ctx_start,
			 (unsigned long long)f2.ctx_end);
		igt_assert_f(ok, "step %s failed: %s\n", f2.failed,
			     strerror(f2.err));
		igt_assert_neq(f2.ts_object, 0);
		drm_close_driver(fd2);
	}

	igt_describe("A compute command completes and signals its binary "
		     "syncobj without an error.");
	igt_subtest("compute-binary-syncobj") {
		struct igt_asahi_cmdbuf cb = {};

		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		submit_and_wait(&c, c.q, &cb);
	}

	igt_describe("A render command completes and signals its binary "
		     "syncobj without an error.");
	igt_subtest("render-binary-syncobj") {
		struct igt_asahi_cmdbuf cb = {};

		igt_asahi_fork_cmd_render(&cb, &c.f, 0);
		submit_and_wait(&c, c.q, &cb);
	}

	igt_describe("Two renders and two computes, each waiting for all "
		     "earlier ones through its barriers, complete.");
	igt_subtest("renders-and-computes-with-barriers") {
		struct igt_asahi_cmdbuf cb = {};

		igt_asahi_fork_cmd_render(&cb, &c.f, 1);
		igt_asahi_fork_cmd_compute(&cb, &c.f, 1);
		igt_asahi_fork_cmd_render(&cb, &c.f, 2);
		igt_asahi_fork_cmd_compute(&cb, &c.f, 2);
		submit_and_wait(&c, c.q, &cb);
	}

	igt_describe("Fragment and compute attachment lists (16 entries, the "
		     "limit) ahead of their commands are accepted and the "
		     "work completes.");
	igt_subtest("attachments") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_params_global *p = &c.f.p;

		attachments(&cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, &c.f,
			    p->max_attachments < 16 ? p->max_attachments : 16);
		igt_asahi_fork_cmd_render(&cb, &c.f, 3);
		attachments(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, &c.f, 1);
		igt_asahi_fork_cmd_compute(&cb, &c.f, 3);
		submit_and_wait(&c, c.q, &cb);
	}

	igt_describe("max_commands_per_submission commands in one submission "
		     "complete.");
	igt_subtest("max-commands") {
		struct igt_asahi_cmdbuf cb = {};
		unsigned int i;

		for (i = 0; i < c.f.p.max_commands_per_submission; i++)
			igt_asahi_fork_cmd_compute(&cb, &c.f, i % 16);
		submit_and_wait(&c, c.q, &cb);
	}

	igt_describe("Two submissions signal timeline points 1 and 2; a wait "
		     "for point 2 (for submit) returns and the timeline "
		     "reads 2.");
	igt_subtest("timeline-syncobj-points") {
		struct igt_asahi_cmdbuf cb = {};
		uint32_t tl = syncobj_create(c.fd, 0);
		struct drm_asahi_sync s;
		uint64_t pt = 2, v = 0;

		igt_asahi_fork_cmd_compute(&cb, &c.f, 4);
		s = igt_asahi_sync_point(tl, 1);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, &s, 0, 1), 0);
		s = igt_asahi_sync_point(tl, 2);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, &s, 0, 1), 0);
		igt_assert(syncobj_timeline_wait(c.fd, &tl, &pt, 1, deadline(),
						 DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT,
						 NULL));
		syncobj_timeline_query(c.fd, &tl, &v, 1);
		igt_assert_eq_u64(v, 2);
		syncobj_destroy(c.fd, tl);
	}

	igt_describe("A chain: the second submission waits for the first's "
		     "binary syncobj and signals a timeline point; the third "
		     "waits for that point; all signal.  A wait on the "
		     "already signalled first syncobj passes at once.");
	igt_subtest("chain-through-syncobjs") {
		struct igt_asahi_cmdbuf cb = {};
		uint32_t a = syncobj_create(c.fd, 0), b = syncobj_create(c.fd, 0);
		uint32_t tl = syncobj_create(c.fd, 0), d = syncobj_create(c.fd, 0);
		struct drm_asahi_sync s[2];
		uint64_t pt = 5;

		igt_asahi_fork_cmd_compute(&cb, &c.f, 5);
		s[0] = igt_asahi_sync_binary(a);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 0, 1), 0);
		s[1] = igt_asahi_sync_point(tl, 5);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), 0);
		s[0] = igt_asahi_sync_point(tl, 5);
		s[1] = igt_asahi_sync_binary(b);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), 0);
		igt_assert(wait_binary(c.fd, b));
		igt_assert(syncobj_timeline_wait(c.fd, &tl, &pt, 1, deadline(), 0,
						 NULL));
		s[0] = igt_asahi_sync_binary(a);
		s[1] = igt_asahi_sync_binary(d);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), 0);
		igt_assert(wait_binary(c.fd, d));
		syncobj_destroy(c.fd, a);
		syncobj_destroy(c.fd, b);
		syncobj_destroy(c.fd, tl);
		syncobj_destroy(c.fd, d);
	}

	igt_describe("Two queues on one VM (LOW and MEDIUM) both complete "
		     "their work.");
	igt_subtest("two-queues") {
		uint32_t q2 = igt_asahi_queue_create(c.fd, c.f.vm,
						     DRM_ASAHI_PRIORITY_LOW);
		struct igt_asahi_cmdbuf cb = {};
		uint32_t o[2] = { syncobj_create(c.fd, 0), syncobj_create(c.fd, 0) };
		struct drm_asahi_sync s;

		igt_asahi_fork_cmd_render(&cb, &c.f, 7);
		igt_asahi_fork_cmd_compute(&cb, &c.f, 7);
		s = igt_asahi_sync_binary(o[0]);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, &s, 0, 1), 0);
		s = igt_asahi_sync_binary(o[1]);
		igt_assert_eq(__igt_asahi_submit(c.fd, q2, &cb, &s, 0, 1), 0);
		igt_assert(syncobj_wait(c.fd, o, 2, deadline(),
					DRM_SYNCOBJ_WAIT_FLAGS_WAIT_ALL, NULL));
		syncobj_destroy(c.fd, o[0]);
		syncobj_destroy(c.fd, o[1]);
		igt_asahi_queue_destroy(c.fd, q2);
	}

	igt_describe("200 submissions in a row; the last one's syncobj "
		     "signals.");
	igt_subtest("200-in-a-row") {
		struct igt_asahi_cmdbuf cb = {};
		uint32_t out = syncobj_create(c.fd, 0);
		struct drm_asahi_sync s = igt_asahi_sync_binary(out);
		int i;

		igt_asahi_fork_cmd_compute(&cb, &c.f, 8);
		for (i = 0; i < 200; i++)
			igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, &s, 0, 1), 0);
		igt_assert(wait_binary(c.fd, out));
		syncobj_destroy(c.fd, out);
	}

	igt_describe("SUBMIT refuses non-zero flags and pad with EINVAL and an "
		     "unknown queue with ENOENT.");
	igt_subtest("bad-flags-pad-queue") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_submit s = {};

		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		s.cmdbuf = to_user_pointer(cb.buf);
		s.cmdbuf_size = cb.size;
		s.queue_id = c.q;
		s.flags = 1;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EINVAL);
		s.flags = 0;
		s.pad = 1;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EINVAL);
		s.pad = 0;
		s.queue_id = c.q + 33;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, ENOENT);
		s.queue_id = 0;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, ENOENT);
	}

	igt_describe("SUBMIT's command buffer: empty, cut short, or past 1 MiB "
		     "is EINVAL; a NULL one is EFAULT.");
	igt_subtest("bad-cmdbuf-framing") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_submit s = {};

		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		s.queue_id = c.q;
		s.cmdbuf = to_user_pointer(cb.buf);
		s.cmdbuf_size = 0;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EINVAL);
		s.cmdbuf_size = cb.size - 1;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EINVAL);
		s.cmdbuf_size = 7;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EINVAL);
		s.cmdbuf_size = CMDBUF_MAX + 8;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EINVAL);
		s.cmdbuf_size = cb.size;
		s.cmdbuf = 0;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EFAULT);
	}

	igt_describe("SUBMIT's sync array: NULL with a count is EFAULT; counts "
		     "whose sum overflows are EINVAL.");
	igt_subtest("bad-sync-array") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_sync syncs[2] = {};
		struct drm_asahi_submit s = {};

		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		s.queue_id = c.q;
		s.cmdbuf = to_user_pointer(cb.buf);
		s.cmdbuf_size = cb.size;
		s.in_sync_count = 1;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EFAULT);
		s.syncs = to_user_pointer(syncs);
		s.in_sync_count = ~0u;
		s.out_sync_count = ~0u;
		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_SUBMIT, &s), -1);
		igt_assert_eq(errno, EINVAL);
	}

	igt_describe("Bad sync entries: an unknown type or a point on a binary "
		     "syncobj is EINVAL; syncobj 0 is ENOENT; waiting for a "
		     "binary syncobj with no fence or a timeline point never "
		     "submitted is EINVAL; signalling timeline point 0 is "
		     "EINVAL.  Then a good submission still works.");
	igt_subtest("bad-syncs") {
		struct igt_asahi_cmdbuf cb = {};
		uint32_t sig = syncobj_create(c.fd, DRM_SYNCOBJ_CREATE_SIGNALED);
		uint32_t out = syncobj_create(c.fd, 0);
		uint32_t empty = syncobj_create(c.fd, 0);
		struct drm_asahi_sync s[2];

		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		s[0] = (struct drm_asahi_sync){ 2, sig, 0 };
		s[1] = igt_asahi_sync_binary(out);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), -EINVAL);
		s[0] = igt_asahi_sync_binary(sig);
		s[1] = (struct drm_asahi_sync){ ~0u, out, 0 };
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), -EINVAL);
		s[0] = igt_asahi_sync_binary(0);
		s[1] = igt_asahi_sync_binary(out);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), -ENOENT);
		s[0] = igt_asahi_sync_binary(sig);
		s[1] = igt_asahi_sync_binary(0);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), -ENOENT);
		s[1] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, out, 7 };
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), -EINVAL);
		s[0] = igt_asahi_sync_binary(empty);
		s[1] = igt_asahi_sync_binary(out);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), -EINVAL);
		s[0] = igt_asahi_sync_point(empty, 9);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), -EINVAL);
		s[0] = igt_asahi_sync_point(out, 0);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 0, 1), -EINVAL);

		s[0] = igt_asahi_sync_binary(sig);
		s[1] = igt_asahi_sync_binary(out);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, s, 1, 1), 0);
		igt_assert(wait_binary(c.fd, out));
		syncobj_destroy(c.fd, sig);
		syncobj_destroy(c.fd, out);
		syncobj_destroy(c.fd, empty);
	}

	igt_describe("Bad commands are EINVAL: an unknown type, a barrier on a "
		     "later command, a barrier on an attachment command, no "
		     "hardware command, one command more than the limit.");
	igt_subtest("bad-command-stream") {
		struct igt_asahi_cmdbuf cb = {};
		uint8_t zero[8] = {};
		unsigned int i;

		igt_asahi_cmd(&cb, 5, zero, sizeof(zero));
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		header_of(&cb, 0)->cdm_barrier = 1;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		header_of(&cb, 0)->cdm_barrier = 0xfffe;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		attachments(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, &c.f, 1);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		header_of(&cb, 0)->vdm_barrier = 0;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		for (i = 0; i <= c.f.p.max_commands_per_submission; i++)
			igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
	}

	igt_describe("Bad render commands are EINVAL: unknown flags (bits 4 "
		     "and 31), width, "
		     "height or layers 0, a tile size the hardware lacks, 3 "
		     "samples, a longer payload with non-zero bytes beyond.");
	igt_subtest("bad-render") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_cmd_render good, *r;
		uint8_t longer[sizeof(good) + 8];

		igt_asahi_fork_cmd_render(&cb, &c.f, 0);
		r = render_of(&cb, 0);
		good = *r;
		r->flags |= 1u << 4;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		r->flags = good.flags | 1u << 31;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		*r = good;
		r->width_px = 0;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		*r = good;
		r->height_px = 0;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		*r = good;
		r->layers = 0;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		*r = good;
		r->utile_width_px = 16;
		r->utile_height_px = 32;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		*r = good;
		r->samples = 3;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		memset(longer, 0, sizeof(longer));
		memcpy(longer, &good, sizeof(good));
		longer[sizeof(good) + 3] = 1;
		igt_asahi_cmd(&cb, DRM_ASAHI_CMD_RENDER, longer, sizeof(longer));
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
	}

	igt_describe("The Mesa fork's fragment barrier (render flag bit 3): a "
		     "device that reports the feature (GET_PARAMS features "
		     "bit 1) runs a render carrying it, after a compute it "
		     "waits for; one that does not refuses it with EINVAL.");
	igt_subtest("render-fork-fragment-barrier") {
		struct igt_asahi_cmdbuf cb = {};

		igt_asahi_fork_cmd_compute(&cb, &c.f, 12);
		igt_asahi_fork_cmd_render(&cb, &c.f, 12);
		render_of(&cb, 1)->flags |= ASAHI_RENDER_FORK_VDM_BARRIER_FRAGMENT;
		igt_info("features %#llx\n", (unsigned long long)c.f.p.features);
		if (c.f.p.features & ASAHI_FEATURE_FORK_FRAGMENT_BARRIER)
			submit_and_wait(&c, c.q, &cb);
		else
			igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0),
				      -EINVAL);
	}

	igt_describe("A render payload longer than this kernel knows, zero "
		     "beyond, and a shorter compute payload (zero-extended) "
		     "are accepted and complete.");
	igt_subtest("payload-sizes") {
		struct igt_asahi_cmdbuf cb = {}, tmp = {};
		uint8_t longer[sizeof(struct drm_asahi_cmd_render) + 16];

		igt_asahi_fork_cmd_render(&tmp, &c.f, 0);
		memset(longer, 0, sizeof(longer));
		memcpy(longer, render_of(&tmp, 0), sizeof(struct drm_asahi_cmd_render));
		igt_asahi_cmd(&cb, DRM_ASAHI_CMD_RENDER, longer, sizeof(longer));
		memset(&tmp, 0, sizeof(tmp));
		igt_asahi_fork_cmd_compute(&tmp, &c.f, 0);
		/* Up to sampler_heap: helper and timestamps read as zero. */
		igt_asahi_cmd(&cb, DRM_ASAHI_CMD_COMPUTE, compute_of(&tmp, 0), 32);
		submit_and_wait(&c, c.q, &cb);
	}

	igt_describe("Bad compute commands and attachments are EINVAL: compute "
		     "flags, 17 attachments, a size not a multiple of 24, an "
		     "attachment's pad or flags.");
	igt_subtest("bad-compute-and-attachments") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_attachment a = { .pointer = c.f.addr[ASAHI_FORK_MAIN_BOTTOM],
						  .size = PG };

		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		compute_of(&cb, 0)->flags = 1;
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		attachments(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, &c.f, 17);
		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		igt_asahi_cmd(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, &a, 20);
		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		a.pad = 1;
		igt_asahi_cmd(&cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, &a, sizeof(a));
		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);

		memset(&cb, 0, sizeof(cb));
		a.pad = 0;
		a.flags = 1;
		igt_asahi_cmd(&cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, &a, sizeof(a));
		igt_asahi_fork_cmd_render(&cb, &c.f, 0);
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
	}

	igt_describe("Bad timestamp requests: an unknown object is ENOENT; an "
		     "offset at the object's end is ERANGE; a misaligned "
		     "offset, or an offset with no object, is EINVAL.");
	igt_subtest("bad-timestamps") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_cmd_compute *k;

		igt_asahi_fork_cmd_compute(&cb, &c.f, 0);
		k = compute_of(&cb, 0);
		k->ts.end = (struct drm_asahi_timestamp){ c.f.ts_object + 50, 0 };
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -ENOENT);
		k->ts.end = (struct drm_asahi_timestamp){ c.f.ts_object, PG };
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -ERANGE);
		k->ts.end = (struct drm_asahi_timestamp){ c.f.ts_object, 0xfffffff8 };
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -ERANGE);
		k->ts.end = (struct drm_asahi_timestamp){ c.f.ts_object, 12 };
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
		k->ts.end = (struct drm_asahi_timestamp){ 0, 8 };
		igt_assert_eq(__igt_asahi_submit(c.fd, c.q, &cb, NULL, 0, 0), -EINVAL);
	}

	igt_describe("User timestamps: the firmware writes the start and end "
		     "of a compute command into the first and last slots of "
		     "the 16 KiB timestamp object, in GET_TIME's nanoseconds, "
		     "between two GET_TIME reads.");
	igt_subtest("user-timestamps") {
		struct igt_asahi_cmdbuf cb = {};
		struct drm_asahi_get_time t0 = {}, t1 = {};
		struct drm_asahi_cmd_compute *k;
		const unsigned int last = PG / sizeof(uint64_t) - 1;
		uint64_t *ts;

		igt_asahi_fork_cmd_compute(&cb, &c.f, 10);
		k = compute_of(&cb, 0);
		k->ts.start = (struct drm_asahi_timestamp){ c.f.ts_object, 0 };
		k->ts.end = (struct drm_asahi_timestamp){ c.f.ts_object,
							  PG - 8 };
		ts = igt_asahi_gem_mmap(c.fd, c.f.handle[ASAHI_FORK_TS], PG);
		igt_assert(ts);
		ts[0] = ts[last] = 0;
		igt_asahi_get_time(c.fd, &t0, 0);
		submit_and_wait(&c, c.q, &cb);
		igt_asahi_get_time(c.fd, &t1, 0);
		igt_info("start %llu end %llu, GET_TIME %llu .. %llu\n",
			 (unsigned long long)ts[0], (unsigned long long)ts[last],
			 (unsigned long long)t0.gpu_timestamp,
			 (unsigned long long)t1.gpu_timestamp);
		igt_assert_lte_u64(t0.gpu_timestamp, ts[0]);
		igt_assert_lte_u64(ts[0], ts[last]);
		igt_assert_lte_u64(ts[last], t1.gpu_timestamp);
		munmap(ts, PG);
	}

	igt_describe("Destroying a queue with work queued: its last syncobj "
		     "still signals.");
	igt_subtest("queue-destroy-with-work") {
		uint32_t q2 = igt_asahi_queue_create(c.fd, c.f.vm, 0);
		struct igt_asahi_cmdbuf cb = {};
		uint32_t out = syncobj_create(c.fd, 0);
		struct drm_asahi_sync s = igt_asahi_sync_binary(out);
		int i;

		igt_asahi_fork_cmd_render(&cb, &c.f, 11);
		for (i = 0; i < 20; i++)
			igt_assert_eq(__igt_asahi_submit(c.fd, q2, &cb, &s, 0, 1), 0);
		igt_asahi_queue_destroy(c.fd, q2);
		igt_assert(wait_binary(c.fd, out));
		syncobj_destroy(c.fd, out);
	}

	igt_describe("A client that waits for its work and closes: the device "
		     "stays usable and the firmware did not crash.");
	igt_subtest("wait-then-close")
		close_with_work(true);

	igt_describe("A client that closes with 100 submissions in flight, as "
		     "when a process dies mid-frame: the work still finds its "
		     "buffers, the firmware does not crash and the device "
		     "stays usable.");
	igt_subtest("submit-then-close")
		close_with_work(false);

	igt_fixture() {
		igt_asahi_queue_destroy(c.fd, c.q);
		igt_asahi_vm_destroy(c.fd, c.f.vm);
		drm_close_driver(c.fd);
	}
}
