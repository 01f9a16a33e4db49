// SPDX-License-Identifier: MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>

#include "asahi_drm.h"
#include "igt.h"
#include "igt_asahi.h"
#include "igt_asahi_uapi.h"

IGT_TEST_DESCRIPTION("VM_CREATE, VM_DESTROY, VM_BIND and GEM_BIND_OBJECT of "
		     "the asahi driver: binds, unbinds and every bad input "
		     "with its errno.");

#define PG	ASAHI_PAGE_SIZE
#define SZ_32G	(1ull << 35)
#define RW	(DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE)
#define UNBIND	DRM_ASAHI_BIND_UNBIND
#define SINGLE	DRM_ASAHI_BIND_SINGLE_PAGE

/* A user address every generation leaves free: the fork's main heap. */
#define HEAP	0x2000000000ull

/* Pages of the object the bind tests map. */
#define BO_PAGES	4

enum handle_kind { H_ZERO, H_GOOD, H_UNKNOWN };
enum addr_kind { A_HEAP, A_HEAP_MISALIGNED, A_KSTART, A_VM_END, A_ZERO, A_WRAP };

static const struct {
	const char *name;
	uint32_t kstart_off, kend_off;	/* pages below vm_end, or ~0 */
	uint64_t kstart, kend;		/* used when the offsets are ~0 */
	uint32_t pad;
} bad_creates[] = {
	{ "pad", 0, 0, 0, 0, 1 },
	{ "below-window", ~0u, ~0u, 0, 1ull << 30, 0 },
	{ "inverted", ~0u, ~0u, 0, 0, 0 },
	{ "empty", ~0u, ~0u, 0, 0, 0 },
	{ "wraps", ~0u, ~0u, ~0ull - PG + 1, PG, 0 },
	{ "past-2-42", ~0u, ~0u, 1ull << 42, (1ull << 42) + (1ull << 30), 0 },
};

static const struct {
	const char *name;
	uint32_t flags;
	enum handle_kind handle;
	uint64_t offset, range;
	enum addr_kind addr;
	int err;
} bad_ops[] = {
	{ "misaligned-addr", RW, H_GOOD, 0, PG, A_HEAP_MISALIGNED, EINVAL },
	{ "misaligned-range", RW, H_GOOD, 0, PG / 2, A_HEAP, EINVAL },
	{ "misaligned-offset", RW, H_GOOD, 0x1000, PG, A_HEAP, EINVAL },
	{ "misaligned-unknown-handle", RW, H_UNKNOWN, 0, PG, A_HEAP_MISALIGNED,
	  EINVAL },
	{ "range-0", RW, H_GOOD, 0, 0, A_HEAP, EINVAL },
	{ "no-permission", 0, H_GOOD, 0, PG, A_HEAP, EINVAL },
	{ "unknown-flag", RW | 0x100, H_GOOD, 0, PG, A_HEAP, EINVAL },
	{ "unknown-handle", RW, H_UNKNOWN, 0, PG, A_HEAP, ENOENT },
	{ "handle-0", RW, H_ZERO, 0, PG, A_HEAP, ENOENT },
	{ "past-object-end", RW, H_GOOD, PG, BO_PAGES * PG, A_HEAP, EINVAL },
	{ "single-page-past-object-end", RW | SINGLE, H_GOOD, BO_PAGES * PG,
	  16 * PG, A_HEAP, EINVAL },
	{ "over-kernel-carve-out", RW, H_GOOD, 0, PG, A_KSTART, EINVAL },
	{ "above-window", RW, H_GOOD, 0, PG, A_VM_END, EINVAL },
	{ "below-window", RW, H_GOOD, 0, PG, A_ZERO, EINVAL },
	{ "addr-range-wraps", RW, H_GOOD, 0, 2 * PG, A_WRAP, EINVAL },
	{ "unbind-with-handle", UNBIND, H_GOOD, 0, PG, A_HEAP, EINVAL },
	{ "unbind-with-offset", UNBIND, H_ZERO, PG, PG, A_HEAP, EINVAL },
	{ "unbind-with-read", UNBIND | DRM_ASAHI_BIND_READ, H_ZERO, 0, PG,
	  A_HEAP, EINVAL },
};

static const struct {
	const char *name;
	struct drm_asahi_gem_bind_object a;
	int err;
} bad_objects[] = {
	{ "pad", { .flags = 1, .range = PG, .pad = 1 }, EINVAL },
	{ "vm-id", { .flags = 1, .vm_id = 1, .range = PG }, EINVAL },
	{ "op-2", { .op = 2, .flags = 1, .range = PG }, EINVAL },
	{ "op-max", { .op = ~0u, .flags = 1, .range = PG }, EINVAL },
	{ "bind-flags-0", { .range = PG }, EINVAL },
	{ "bind-flags-2", { .flags = 2, .range = PG }, EINVAL },
	{ "bind-flags-3", { .flags = 3, .range = PG }, EINVAL },
	{ "bind-range-0", { .flags = 1 }, EINVAL },
	{ "bind-offset-misaligned", { .flags = 1, .offset = 0x1000, .range = PG },
	  EINVAL },
	{ "bind-range-misaligned", { .flags = 1, .range = PG + 8 }, EINVAL },
	{ "bind-past-object", { .flags = 1, .offset = 3 * PG, .range = 2 * PG },
	  EINVAL },
	{ "bind-offset-range-overflows", { .flags = 1, .offset = ~0ull - PG + 1,
					   .range = 2 * PG }, EINVAL },
	{ "unbind-flags", { .op = 1, .flags = 1, .object_handle = 1 }, EINVAL },
	{ "unbind-handle", { .op = 1, .handle = 1, .object_handle = 1 }, EINVAL },
	{ "unbind-offset", { .op = 1, .offset = PG, .object_handle = 1 }, EINVAL },
	{ "unbind-range", { .op = 1, .range = PG, .object_handle = 1 }, EINVAL },
	{ "unbind-object-0", { .op = 1 }, ENOENT },
	{ "unbind-unknown-object", { .op = 1, .object_handle = 777 }, ENOENT },
};

struct ctx {
	int fd;
	struct drm_asahi_params_global p;
	uint64_t kstart;
	uint32_t vm;
	uint32_t bo;
};

static int vm_create_raw(int fd, struct drm_asahi_vm_create *a)
{
	return igt_ioctl(fd, DRM_IOCTL_ASAHI_VM_CREATE, a) ? -errno : 0;
}

static int vm_bind_raw(int fd, struct drm_asahi_vm_bind *b)
{
	return igt_ioctl(fd, DRM_IOCTL_ASAHI_VM_BIND, b) ? -errno : 0;
}

static int bind_object_raw(int fd, struct drm_asahi_gem_bind_object *a)
{
	return igt_ioctl(fd, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, a) ? -errno : 0;
}

static uint64_t addr_of(const struct ctx *c, enum addr_kind k)
{
	switch (k) {
	case A_HEAP:
		return HEAP;
	case A_HEAP_MISALIGNED:
		return HEAP + 0x2000;
	case A_KSTART:
		return c->kstart;
	case A_VM_END:
		return c->p.vm_end;
	case A_ZERO:
		return 0;
	case A_WRAP:
		return ~0ull - PG + 1;
	}
	return 0;
}

static uint32_t handle_of(const struct ctx *c, enum handle_kind k)
{
	return k == H_GOOD ? c->bo : k == H_UNKNOWN ? c->bo + 1000 : 0;
}

int igt_main()
{
	struct ctx c = { .fd = -1 };
	unsigned int i;

	igt_fixture() {
		c.fd = drm_open_driver_render(DRIVER_ASAHI);
		igt_asahi_get_params(c.fd, 0, &c.p, sizeof(c.p), 0);
		c.kstart = c.p.vm_end - SZ_32G;
		c.vm = igt_asahi_vm_create(c.fd, c.kstart, c.p.vm_end);
		c.bo = igt_asahi_gem_create(c.fd, BO_PAGES * PG, 0, 0);
	}

	igt_describe("Two VMs with the kernel carve-out at the top of the "
		     "window (as Mesa asks) get distinct ids >= 1, and both "
		     "are destroyed.");
	igt_subtest("create-destroy") {
		uint32_t a = igt_asahi_vm_create(c.fd, c.kstart, c.p.vm_end);
		uint32_t b = igt_asahi_vm_create(c.fd, c.kstart, c.p.vm_end);

		igt_assert_neq(a, b);
		igt_asahi_vm_destroy(c.fd, a);
		igt_asahi_vm_destroy(c.fd, b);
	}

	igt_describe("A stale vm_id on input is ignored: it is an output.");
	igt_subtest("create-ignores-output-field") {
		struct drm_asahi_vm_create a = {
			.kernel_start = c.kstart,
			.kernel_end = c.p.vm_end,
			.vm_id = 77,
		};

		igt_assert_eq(vm_create_raw(c.fd, &a), 0);
		igt_assert_neq(a.vm_id, 0);
		igt_asahi_vm_destroy(c.fd, a.vm_id);
	}

	igt_describe("A carve-out of exactly vm_kernel_min_size at the top is "
		     "accepted; one page less is refused with EINVAL.");
	igt_subtest("create-kernel-min-size") {
		uint64_t min = c.p.vm_kernel_min_size;
		uint32_t id = 0;

		igt_assert_eq(__igt_asahi_vm_create(c.fd, c.p.vm_end - min,
						    c.p.vm_end, &id), 0);
		igt_asahi_vm_destroy(c.fd, id);
		igt_assert_eq(__igt_asahi_vm_create(c.fd, c.p.vm_end - min + PG,
						    c.p.vm_end, &id), -EINVAL);
	}

	igt_describe("Carve-outs that are misaligned, outside the window or "
		     "above it are refused with EINVAL.");
	igt_subtest("create-bad-carve-out") {
		uint64_t e = c.p.vm_end;
		uint32_t id;

		igt_assert_eq(__igt_asahi_vm_create(c.fd, c.kstart + 0x1000, e, &id),
			      -EINVAL);
		igt_assert_eq(__igt_asahi_vm_create(c.fd, c.kstart, e - 0x1000, &id),
			      -EINVAL);
		igt_assert_eq(__igt_asahi_vm_create(c.fd, c.kstart, e + PG, &id),
			      -EINVAL);
		igt_assert_eq(__igt_asahi_vm_create(c.fd, e - (256ull << 20), e, &id),
			      -EINVAL);
	}

	for (i = 0; i < ARRAY_SIZE(bad_creates); i++) {
		igt_describe_f("VM_CREATE with a bad carve-out or field (%s) "
			       "fails with EINVAL.", bad_creates[i].name);
		igt_subtest_f("create-%s", bad_creates[i].name) {
			struct drm_asahi_vm_create a = {
				.kernel_start = bad_creates[i].kstart,
				.kernel_end = bad_creates[i].kend,
				.pad = bad_creates[i].pad,
			};

			if (!strcmp(bad_creates[i].name, "pad")) {
				a.kernel_start = c.kstart;
				a.kernel_end = c.p.vm_end;
			} else if (!strcmp(bad_creates[i].name, "inverted")) {
				a.kernel_start = c.p.vm_end;
				a.kernel_end = c.kstart;
			} else if (!strcmp(bad_creates[i].name, "empty")) {
				a.kernel_start = c.kstart;
				a.kernel_end = c.kstart;
			}
			igt_assert_eq(vm_create_raw(c.fd, &a), -EINVAL);
		}
	}

	igt_describe("VM_DESTROY: a non-zero pad is EINVAL; id 0, an unknown "
		     "id and a second destroy are ENOENT.");
	igt_subtest("destroy-bad") {
		uint32_t a = igt_asahi_vm_create(c.fd, c.kstart, c.p.vm_end);
		struct drm_asahi_vm_destroy d = { .vm_id = a, .pad = 1 };

		igt_assert_eq(igt_ioctl(c.fd, DRM_IOCTL_ASAHI_VM_DESTROY, &d), -1);
		igt_assert_eq(errno, EINVAL);
		igt_assert_eq(__igt_asahi_vm_destroy(c.fd, 0), -ENOENT);
		igt_assert_eq(__igt_asahi_vm_destroy(c.fd, a + 999), -ENOENT);
		igt_asahi_vm_destroy(c.fd, a);
		igt_assert_eq(__igt_asahi_vm_destroy(c.fd, a), -ENOENT);
	}

	igt_describe("A VM of one file is unknown to another (ENOENT).");
	igt_subtest("other-files-vm-unknown") {
		int fd2 = drm_open_driver_render(DRIVER_ASAHI);

		igt_assert_eq(__igt_asahi_vm_bind(fd2, c.vm, RW, c.bo, 0, PG, HEAP),
			      -ENOENT);
		igt_assert_eq(__igt_asahi_vm_destroy(fd2, c.vm), -ENOENT);
		drm_close_driver(fd2);
	}

	igt_describe("Read-write, read-only and write-only binds succeed, and "
		     "their ranges unbind.");
	igt_subtest("bind-unbind") {
		igt_asahi_vm_bind(c.fd, c.vm, RW, c.bo, 0, BO_PAGES * PG, HEAP);
		igt_asahi_vm_bind(c.fd, c.vm, DRM_ASAHI_BIND_READ, c.bo, PG, PG,
				  HEAP + 16 * PG);
		igt_asahi_vm_bind(c.fd, c.vm, DRM_ASAHI_BIND_WRITE, c.bo, 0, PG,
				  HEAP + 32 * PG);
		igt_assert_eq(__igt_asahi_vm_unbind(c.fd, c.vm, 64 * PG, HEAP), 0);
	}

	igt_describe("A bind over a live mapping replaces the part it covers, "
		     "as Mesa's sparse binding relies on.");
	igt_subtest("bind-replaces-overlap") {
		igt_asahi_vm_bind(c.fd, c.vm, RW, c.bo, 0, BO_PAGES * PG, HEAP);
		igt_asahi_vm_bind(c.fd, c.vm, DRM_ASAHI_BIND_READ, c.bo, 0, 2 * PG,
				  HEAP + PG);
		igt_assert_eq(__igt_asahi_vm_unbind(c.fd, c.vm, BO_PAGES * PG, HEAP),
			      0);
	}

	igt_describe("Unbinding a range with holes or nothing mapped succeeds.");
	igt_subtest("unbind-hole") {
		igt_assert_eq(__igt_asahi_vm_unbind(c.fd, c.vm, 64 * PG,
						    HEAP + (1ull << 30)), 0);
	}

	igt_describe("SINGLE_PAGE maps one page of the object over a 64-page "
		     "range, using its last page.");
	igt_subtest("bind-single-page") {
		igt_asahi_vm_bind(c.fd, c.vm, RW | SINGLE, c.bo,
				  (BO_PAGES - 1) * PG, 64 * PG, HEAP);
		igt_assert_eq(__igt_asahi_vm_unbind(c.fd, c.vm, 64 * PG, HEAP), 0);
	}

	igt_describe("Two operations in one VM_BIND, a bind then an unbind, "
		     "succeed.");
	igt_subtest("bind-two-ops") {
		struct drm_asahi_gem_bind_op ops[2] = {
			{ RW, c.bo, 0, 2 * PG, HEAP },
			{ UNBIND, 0, 0, PG, HEAP },
		};

		igt_assert_eq(__igt_asahi_vm_bind_ops(c.fd, c.vm, ops, 2), 0);
		igt_assert_eq(__igt_asahi_vm_unbind(c.fd, c.vm, 2 * PG, HEAP), 0);
	}

	for (i = 0; i < ARRAY_SIZE(bad_ops); i++) {
		igt_describe_f("A bind operation with %s fails with %s, alone "
			       "and after a good operation.", bad_ops[i].name,
			       bad_ops[i].err == ENOENT ? "ENOENT" : "EINVAL");
		igt_subtest_f("bind-op-%s", bad_ops[i].name) {
			struct drm_asahi_gem_bind_op ops[2] = {
				{ RW, c.bo, 0, BO_PAGES * PG, HEAP + (1ull << 32) },
				{
					.flags = bad_ops[i].flags,
					.handle = handle_of(&c, bad_ops[i].handle),
					.offset = bad_ops[i].offset,
					.range = bad_ops[i].range,
					.addr = addr_of(&c, bad_ops[i].addr),
				},
			};

			igt_assert_eq(__igt_asahi_vm_bind_ops(c.fd, c.vm, &ops[1], 1),
				      -bad_ops[i].err);
			igt_assert_eq(__igt_asahi_vm_bind_ops(c.fd, c.vm, ops, 2),
				      -bad_ops[i].err);
		}
	}

	igt_describe("VM_BIND itself: a non-zero pad, stride 0 and more than "
		     "4096 operations are EINVAL; an unknown VM is ENOENT; a "
		     "NULL array is EFAULT; zero operations succeed.");
	igt_subtest("bind-bad-args") {
		struct drm_asahi_gem_bind_op op = { RW, c.bo, 0, PG, HEAP };
		struct drm_asahi_vm_bind b = {
			.vm_id = c.vm,
			.num_binds = 1,
			.stride = sizeof(op),
			.pad = 1,
			.userptr = to_user_pointer(&op),
		};

		igt_assert_eq(vm_bind_raw(c.fd, &b), -EINVAL);
		b.pad = 0;
		b.stride = 0;
		igt_assert_eq(vm_bind_raw(c.fd, &b), -EINVAL);
		b.stride = sizeof(op);
		b.num_binds = 4097;
		igt_assert_eq(vm_bind_raw(c.fd, &b), -EINVAL);
		b.num_binds = 1;
		b.vm_id = c.vm + 500;
		igt_assert_eq(vm_bind_raw(c.fd, &b), -ENOENT);
		b.vm_id = c.vm;
		b.userptr = 0;
		igt_assert_eq(vm_bind_raw(c.fd, &b), -EFAULT);
		b.num_binds = 0;
		igt_assert_eq(vm_bind_raw(c.fd, &b), 0);
	}

	igt_describe("An operation array that runs into unmapped memory fails "
		     "with EFAULT.");
	igt_subtest("bind-array-past-mapping") {
		uint8_t *m = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		struct drm_asahi_gem_bind_op op = { RW, c.bo, 0, PG, HEAP };
		struct drm_asahi_vm_bind b = {
			.vm_id = c.vm,
			.num_binds = 2,
			.stride = sizeof(op),
		};

		igt_assert(m != MAP_FAILED);
		munmap(m + 4096, 4096);
		memcpy(m + 4096 - sizeof(op), &op, sizeof(op));
		b.userptr = to_user_pointer(m + 4096 - sizeof(op));
		igt_assert_eq(vm_bind_raw(c.fd, &b), -EFAULT);
		munmap(m, 4096);
	}

	igt_describe("A stride longer than the operation is accepted when the "
		     "extra bytes are zero and refused (EINVAL) otherwise.");
	igt_subtest("bind-long-stride") {
		uint8_t buf[48] = {};
		struct drm_asahi_gem_bind_op op = { RW, c.bo, 0, PG, HEAP };
		struct drm_asahi_vm_bind b = {
			.vm_id = c.vm,
			.num_binds = 1,
			.stride = sizeof(buf),
			.userptr = to_user_pointer(buf),
		};

		memcpy(buf, &op, sizeof(op));
		igt_assert_eq(vm_bind_raw(c.fd, &b), 0);
		buf[40] = 1;
		igt_assert_eq(vm_bind_raw(c.fd, &b), -EINVAL);
		igt_assert_eq(__igt_asahi_vm_unbind(c.fd, c.vm, PG, HEAP), 0);
	}

	igt_describe("A VM-private object binds into its own VM and is "
		     "refused (EINVAL) by another VM.");
	igt_subtest("bind-private-other-vm") {
		uint32_t vm2 = igt_asahi_vm_create(c.fd, c.kstart, c.p.vm_end);
		uint32_t h = igt_asahi_gem_create(c.fd, PG,
						  DRM_ASAHI_GEM_VM_PRIVATE, c.vm);

		igt_assert_eq(__igt_asahi_vm_bind(c.fd, c.vm, RW, h, 0, PG, HEAP),
			      0);
		igt_assert_eq(__igt_asahi_vm_bind(c.fd, vm2, RW, h, 0, PG, HEAP),
			      -EINVAL);
		gem_close(c.fd, h);
		igt_asahi_vm_destroy(c.fd, vm2);
	}

	igt_describe("Closing a handle unmaps it; binding after the VM was "
		     "destroyed fails with ENOENT.");
	igt_subtest("bind-after-destroy") {
		uint32_t vm2 = igt_asahi_vm_create(c.fd, c.kstart, c.p.vm_end);
		uint32_t h = igt_asahi_gem_create(c.fd, PG, 0, 0);

		igt_asahi_vm_bind(c.fd, vm2, RW, h, 0, PG, HEAP);
		gem_close(c.fd, h);
		igt_asahi_vm_destroy(c.fd, vm2);
		igt_assert_eq(__igt_asahi_vm_bind(c.fd, vm2, RW, c.bo, 0, PG, HEAP),
			      -ENOENT);
	}

	igt_describe("GEM_BIND_OBJECT makes timestamp objects with distinct "
		     "handles >= 1; each unbinds once, then is unknown "
		     "(ENOENT).");
	igt_subtest("bind-object-timestamps") {
		uint32_t a = 0, b = 0;

		igt_assert_eq(__igt_asahi_bind_timestamps(c.fd, c.bo, 0,
							  BO_PAGES * PG, &a), 0);
		igt_assert_eq(__igt_asahi_bind_timestamps(c.fd, c.bo, PG, PG, &b),
			      0);
		igt_assert_neq(a, 0);
		igt_assert_neq(b, 0);
		igt_assert_neq(a, b);
		igt_assert_eq(__igt_asahi_unbind_object(c.fd, a), 0);
		igt_assert_eq(__igt_asahi_unbind_object(c.fd, a), -ENOENT);
		igt_assert_eq(__igt_asahi_unbind_object(c.fd, b), 0);
	}

	igt_describe("GEM_BIND_OBJECT of an unknown handle fails with ENOENT.");
	igt_subtest("bind-object-unknown-handle") {
		uint32_t o;

		igt_assert_eq(__igt_asahi_bind_timestamps(c.fd, c.bo + 1000, 0, PG,
							  &o), -ENOENT);
		igt_assert_eq(__igt_asahi_bind_timestamps(c.fd, 0, 0, PG, &o),
			      -ENOENT);
	}

	for (i = 0; i < ARRAY_SIZE(bad_objects); i++) {
		igt_describe_f("GEM_BIND_OBJECT with %s fails with %s.",
			       bad_objects[i].name,
			       bad_objects[i].err == ENOENT ? "ENOENT" : "EINVAL");
		igt_subtest_f("bind-object-%s", bad_objects[i].name) {
			struct drm_asahi_gem_bind_object a = bad_objects[i].a;

			if (a.op == DRM_ASAHI_BIND_OBJECT_OP_BIND ||
			    a.op > DRM_ASAHI_BIND_OBJECT_OP_UNBIND)
				a.handle = c.bo;
			igt_assert_eq(bind_object_raw(c.fd, &a), -bad_objects[i].err);
		}
	}

	igt_fixture() {
		gem_close(c.fd, c.bo);
		igt_asahi_vm_destroy(c.fd, c.vm);
		drm_close_driver(c.fd);
	}
}
