// SPDX-License-Identifier: MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <errno.h>
#include <stdint.h>

#include "asahi_drm.h"
#include "igt.h"
#include "igt_asahi.h"
#include "igt_asahi_uapi.h"

IGT_TEST_DESCRIPTION("QUEUE_CREATE and QUEUE_DESTROY of the asahi driver and "
		     "their bad inputs.");

#define PG	ASAHI_PAGE_SIZE
#define SZ_32G	(1ull << 35)

static const uint32_t bad_priorities[] = {
	DRM_ASAHI_PRIORITY_HIGH, DRM_ASAHI_PRIORITY_REALTIME, 4, ~0u,
};

static const struct {
	const char *name;
	uint64_t base;
} bad_bases[] = {
	{ "0", 0 },
	{ "plus-one-page", ASAHI_USC_BASE + PG },
	{ "minus-one-page", ASAHI_USC_BASE - PG },
	{ "2-41", 1ull << 41 },
};

int igt_main()
{
	struct drm_asahi_params_global p = {};
	uint32_t vm = 0;
	unsigned int i;
	int fd = -1;

	igt_fixture() {
		fd = drm_open_driver_render(DRIVER_ASAHI);
		igt_asahi_get_params(fd, 0, &p, sizeof(p), 0);
		vm = igt_asahi_vm_create(fd, p.vm_end - SZ_32G, p.vm_end);
	}

	igt_describe("A LOW and a MEDIUM priority queue are created with "
		     "distinct ids >= 1 and destroyed.");
	igt_subtest("create-low-and-medium") {
		uint32_t a = igt_asahi_queue_create(fd, vm, DRM_ASAHI_PRIORITY_LOW);
		uint32_t b = igt_asahi_queue_create(fd, vm,
						    DRM_ASAHI_PRIORITY_MEDIUM);

		igt_assert_neq(a, b);
		igt_asahi_queue_destroy(fd, a);
		igt_asahi_queue_destroy(fd, b);
	}

	for (i = 0; i < ARRAY_SIZE(bad_priorities); i++) {
		igt_describe_f("Priority %u (reserved or unknown) is refused "
			       "with EINVAL.", bad_priorities[i]);
		igt_subtest_f("create-priority-%u", bad_priorities[i]) {
			uint32_t q;

			igt_assert_eq(__igt_asahi_queue_create(fd, vm,
							       bad_priorities[i],
							       ASAHI_USC_BASE, &q),
				      -EINVAL);
		}
	}

	for (i = 0; i < ARRAY_SIZE(bad_bases); i++) {
		igt_describe_f("A USC base other than Mesa's 2^40 (%s) is "
			       "refused with EINVAL.", bad_bases[i].name);
		igt_subtest_f("create-usc-base-%s", bad_bases[i].name) {
			uint32_t q;

			igt_assert_eq(__igt_asahi_queue_create(fd, vm, 0,
							       bad_bases[i].base,
							       &q), -EINVAL);
		}
	}

	igt_describe("Non-zero flags are refused with EINVAL.");
	igt_subtest("create-flags") {
		struct drm_asahi_queue_create a = {
			.flags = 1,
			.vm_id = vm,
			.usc_exec_base = ASAHI_USC_BASE,
		};

		igt_assert_eq(igt_ioctl(fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &a), -1);
		igt_assert_eq(errno, EINVAL);
	}

	igt_describe("VM 0 and an unknown VM fail with ENOENT.");
	igt_subtest("create-unknown-vm") {
		uint32_t q;

		igt_assert_eq(__igt_asahi_queue_create(fd, 0, 0, ASAHI_USC_BASE, &q),
			      -ENOENT);
		igt_assert_eq(__igt_asahi_queue_create(fd, vm + 50, 0,
						       ASAHI_USC_BASE, &q), -ENOENT);
	}

	igt_describe("A VM whose kernel carve-out lies on the 4 GiB USC heap "
		     "cannot run a queue (EINVAL).");
	igt_subtest("create-carve-out-over-usc-heap") {
		uint32_t vm2 = igt_asahi_vm_create(fd, ASAHI_USC_BASE,
						   ASAHI_USC_BASE +
						   p.vm_kernel_min_size);
		uint32_t q;

		igt_assert_eq(__igt_asahi_queue_create(fd, vm2, 0, ASAHI_USC_BASE,
						       &q), -EINVAL);
		igt_asahi_vm_destroy(fd, vm2);
	}

	igt_describe("QUEUE_DESTROY: a non-zero pad is EINVAL; id 0, an "
		     "unknown id and a second destroy are ENOENT.");
	igt_subtest("destroy-bad") {
		uint32_t q = igt_asahi_queue_create(fd, vm, 0);
		struct drm_asahi_queue_destroy d = { .queue_id = q, .pad = 1 };

		igt_assert_eq(igt_ioctl(fd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &d), -1);
		igt_assert_eq(errno, EINVAL);
		igt_assert_eq(__igt_asahi_queue_destroy(fd, 0), -ENOENT);
		igt_assert_eq(__igt_asahi_queue_destroy(fd, q + 40), -ENOENT);
		igt_asahi_queue_destroy(fd, q);
		igt_assert_eq(__igt_asahi_queue_destroy(fd, q), -ENOENT);
	}

	igt_describe("A queue outlives the destroy of its VM's id and is "
		     "destroyed after it.");
	igt_subtest("queue-outlives-vm-id") {
		uint32_t vm2 = igt_asahi_vm_create(fd, p.vm_end - SZ_32G, p.vm_end);
		uint32_t q = igt_asahi_queue_create(fd, vm2, 0), q2;

		igt_asahi_vm_destroy(fd, vm2);
		igt_assert_eq(__igt_asahi_queue_create(fd, vm2, 0, ASAHI_USC_BASE,
						       &q2), -ENOENT);
		igt_asahi_queue_destroy(fd, q);
	}

	igt_describe("A queue of one file is unknown to another (ENOENT).");
	igt_subtest("other-files-queue-unknown") {
		uint32_t q = igt_asahi_queue_create(fd, vm, 0);
		int fd2 = drm_open_driver_render(DRIVER_ASAHI);

		igt_assert_eq(__igt_asahi_queue_destroy(fd2, q), -ENOENT);
		drm_close_driver(fd2);
		igt_asahi_queue_destroy(fd, q);
	}

	igt_describe("Many queues are created and destroyed in turn.");
	igt_subtest("create-destroy-32") {
		uint32_t q[32];
		int j;

		for (j = 0; j < 32; j++)
			q[j] = igt_asahi_queue_create(fd, vm, j & 1);
		for (j = 0; j < 32; j++)
			igt_asahi_queue_destroy(fd, q[j]);
	}

	igt_fixture() {
		igt_asahi_vm_destroy(fd, vm);
		drm_close_driver(fd);
	}
}
