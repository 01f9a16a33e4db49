// SPDX-License-Identifier: MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "asahi_drm.h"
#include "igt.h"
#include "igt_asahi.h"
#include "igt_asahi_uapi.h"

IGT_TEST_DESCRIPTION("GEM_CREATE and GEM_MMAP_OFFSET of the asahi driver: "
		     "their bad inputs, CPU access, zeroing and PRIME sharing.");

#define PG	ASAHI_PAGE_SIZE

/* Object sizes are at most 2^42 bytes (the GPU's address width). */
#define MAX_BO_SIZE	(1ull << 42)

static int gem_create_raw(int fd, struct drm_asahi_gem_create *args)
{
	return igt_ioctl(fd, DRM_IOCTL_ASAHI_GEM_CREATE, args) ? -errno : 0;
}

static uint32_t top_vm(int fd, const struct drm_asahi_params_global *p)
{
	return igt_asahi_vm_create(fd, p->vm_end - (1ull << 35), p->vm_end);
}

static void fill(uint32_t *m, size_t size, uint32_t seed)
{
	size_t i;

	for (i = 0; i < size / 4; i++)
		m[i] = seed ^ (uint32_t)(i * 2654435761u);
}

static void check_fill(const uint32_t *m, size_t size, uint32_t seed)
{
	size_t i;

	for (i = 0; i < size / 4; i++)
		igt_assert_f(m[i] == (seed ^ (uint32_t)(i * 2654435761u)),
			     "word %zu: %#x\n", i, m[i]);
}

static void check_zero(const uint32_t *m, size_t size)
{
	size_t i;

	for (i = 0; i < size / 4; i++)
		igt_assert_f(!m[i], "word %zu: %#x\n", i, m[i]);
}

/* Write through one mapping, read back through a fresh one. */
static void write_read_back(int fd, uint32_t flags)
{
	const size_t size = 4 * PG;
	uint32_t h = igt_asahi_gem_create(fd, size, flags, 0);
	uint32_t *m = igt_asahi_gem_mmap(fd, h, size);

	igt_assert(m);
	check_zero(m, size);
	fill(m, size, 0x5eed0000 | flags);
	munmap(m, size);
	m = igt_asahi_gem_mmap(fd, h, size);
	igt_assert(m);
	check_fill(m, size, 0x5eed0000 | flags);
	munmap(m, size);
	gem_close(fd, h);
}

int igt_main()
{
	struct drm_asahi_params_global p = {};
	int fd = -1;

	igt_fixture() {
		fd = drm_open_driver_render(DRIVER_ASAHI);
		igt_asahi_get_params(fd, 0, &p, sizeof(p), 0);
	}

	igt_describe("A 16 KiB object is created, its size is left as given "
		     "and it has a handle.");
	igt_subtest("create-16k") {
		struct drm_asahi_gem_create g = { .size = PG };

		igt_assert_eq(gem_create_raw(fd, &g), 0);
		igt_assert_neq(g.handle, 0);
		igt_assert_eq_u64(g.size, PG);
		gem_close(fd, g.handle);
	}

	igt_describe("A 4 KiB request gets a whole 16 KiB GPU page: the first "
		     "16 KiB map, 32 KiB do not.");
	igt_subtest("size-rounds-up-to-16k") {
		uint32_t h = igt_asahi_gem_create(fd, 4096, 0, 0);
		uint64_t off = 0;
		void *m;

		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, h, 0, &off), 0);
		m = mmap(NULL, PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
		igt_assert(m != MAP_FAILED);
		munmap(m, PG);
		m = mmap(NULL, 2 * PG, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off);
		igt_assert(m == MAP_FAILED);
		gem_close(fd, h);
	}

	igt_describe("Size 0 is refused with EINVAL.");
	igt_subtest("create-size-0") {
		struct drm_asahi_gem_create g = { .size = 0 };

		igt_assert_eq(gem_create_raw(fd, &g), -EINVAL);
	}

	igt_describe("A size whose rounding overflows is refused with EINVAL.");
	igt_subtest("create-size-overflows") {
		struct drm_asahi_gem_create g = { .size = ~0ull };

		igt_assert_eq(gem_create_raw(fd, &g), -EINVAL);
	}

	igt_describe("A size past 2^42 bytes is refused with EINVAL.");
	igt_subtest("create-size-too-large") {
		struct drm_asahi_gem_create g = { .size = MAX_BO_SIZE + PG };

		igt_assert_eq(gem_create_raw(fd, &g), -EINVAL);
	}

	igt_describe("A non-zero pad is refused with EINVAL.");
	igt_subtest("create-pad") {
		struct drm_asahi_gem_create g = { .size = PG, .pad = 1 };

		igt_assert_eq(gem_create_raw(fd, &g), -EINVAL);
	}

	igt_describe("Unknown flags (bit 2, bit 31) are refused with EINVAL.");
	igt_subtest("create-unknown-flags") {
		struct drm_asahi_gem_create g = { .size = PG, .flags = 4 };

		igt_assert_eq(gem_create_raw(fd, &g), -EINVAL);
		g.flags = 1u << 31;
		igt_assert_eq(gem_create_raw(fd, &g), -EINVAL);
	}

	igt_describe("A VM id without VM_PRIVATE is refused with EINVAL.");
	igt_subtest("create-vm-id-without-private") {
		uint32_t vm = top_vm(fd, &p);
		struct drm_asahi_gem_create g = { .size = PG, .vm_id = vm };

		igt_assert_eq(gem_create_raw(fd, &g), -EINVAL);
		igt_asahi_vm_destroy(fd, vm);
	}

	igt_describe("VM_PRIVATE with VM 0 or an unknown VM fails with ENOENT.");
	igt_subtest("create-private-unknown-vm") {
		struct drm_asahi_gem_create g = {
			.size = PG,
			.flags = DRM_ASAHI_GEM_VM_PRIVATE,
		};

		igt_assert_eq(gem_create_raw(fd, &g), -ENOENT);
		g.vm_id = 0x7777;
		igt_assert_eq(gem_create_raw(fd, &g), -ENOENT);
	}

	igt_describe("A VM-private object of a live VM is created; once the VM "
		     "is destroyed its id is unknown (ENOENT).");
	igt_subtest("create-private") {
		uint32_t vm = top_vm(fd, &p), h = 0;

		igt_assert_eq(__igt_asahi_gem_create(fd, PG,
						     DRM_ASAHI_GEM_VM_PRIVATE |
						     DRM_ASAHI_GEM_WRITEBACK,
						     vm, &h), 0);
		igt_assert_neq(h, 0);
		gem_close(fd, h);
		igt_asahi_vm_destroy(fd, vm);
		igt_assert_eq(__igt_asahi_gem_create(fd, PG,
						     DRM_ASAHI_GEM_VM_PRIVATE,
						     vm, &h), -ENOENT);
	}

	igt_describe("MMAP_OFFSET gives distinct non-zero offsets for two "
		     "objects and the same one twice for one object.");
	igt_subtest("mmap-offset") {
		uint32_t a = igt_asahi_gem_create(fd, PG, 0, 0);
		uint32_t b = igt_asahi_gem_create(fd, PG, 0, 0);
		uint64_t oa = 0, ob = 0, oa2 = 0;

		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, a, 0, &oa), 0);
		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, b, 0, &ob), 0);
		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, a, 0, &oa2), 0);
		igt_assert_neq_u64(oa, 0);
		igt_assert_neq_u64(oa, ob);
		igt_assert_eq_u64(oa, oa2);
		gem_close(fd, a);
		gem_close(fd, b);
	}

	igt_describe("MMAP_OFFSET refuses non-zero flags with EINVAL.");
	igt_subtest("mmap-offset-flags") {
		uint32_t h = igt_asahi_gem_create(fd, PG, 0, 0);
		uint64_t off;

		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, h, 1, &off), -EINVAL);
		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, h, 1u << 31, &off),
			      -EINVAL);
		gem_close(fd, h);
	}

	igt_describe("MMAP_OFFSET of handle 0, an unknown handle or a closed "
		     "one fails with ENOENT.");
	igt_subtest("mmap-offset-bad-handle") {
		uint32_t h = igt_asahi_gem_create(fd, PG, 0, 0);
		uint64_t off;

		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, 0, 0, &off), -ENOENT);
		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, h + 1000, 0, &off),
			      -ENOENT);
		gem_close(fd, h);
		igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, h, 0, &off), -ENOENT);
	}

	igt_describe("A write-combined object reads back what was written, "
		     "through a new mapping.");
	igt_subtest("write-read-back-wc")
		write_read_back(fd, 0);

	igt_describe("A write-back (cached) object reads back what was "
		     "written, through a new mapping.");
	igt_subtest("write-read-back-wb")
		write_read_back(fd, DRM_ASAHI_GEM_WRITEBACK);

	igt_describe("An object made after another file's objects were "
		     "filled and freed reads as zero.");
	igt_subtest("zeroed-across-files") {
		const size_t size = 16 * PG;
		int fd2 = drm_open_driver_render(DRIVER_ASAHI);
		uint32_t h[8];
		uint32_t *m;
		int i;

		for (i = 0; i < 8; i++) {
			h[i] = igt_asahi_gem_create(fd2, size, 0, 0);
			m = igt_asahi_gem_mmap(fd2, h[i], size);
			igt_assert(m);
			memset(m, 0xcd, size);
			munmap(m, size);
		}
		drm_close_driver(fd2);
		for (i = 0; i < 8; i++) {
			h[i] = igt_asahi_gem_create(fd, size, 0, 0);
			m = igt_asahi_gem_mmap(fd, h[i], size);
			igt_assert(m);
			check_zero(m, size);
			munmap(m, size);
		}
		for (i = 0; i < 8; i++)
			gem_close(fd, h[i]);
	}

	igt_describe("Closing a handle twice: the second close fails with "
		     "EINVAL.");
	igt_subtest("close-twice") {
		struct drm_gem_close c = {
			.handle = igt_asahi_gem_create(fd, PG, 0, 0),
		};

		igt_assert_eq(igt_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c), 0);
		igt_assert_eq(igt_ioctl(fd, DRM_IOCTL_GEM_CLOSE, &c), -1);
		igt_assert_eq(errno, EINVAL);
	}

	igt_describe("64 objects of different sizes each keep their own "
		     "contents.");
	igt_subtest("many-objects-keep-contents") {
		uint32_t h[64];
		uint32_t *m;
		int i;

		for (i = 0; i < 64; i++) {
			h[i] = igt_asahi_gem_create(fd, (i % 4 + 1) * PG,
						    i & 1 ? DRM_ASAHI_GEM_WRITEBACK : 0,
						    0);
			m = igt_asahi_gem_mmap(fd, h[i], (i % 4 + 1) * PG);
			igt_assert(m);
			fill(m, (i % 4 + 1) * PG, i);
			munmap(m, (i % 4 + 1) * PG);
		}
		for (i = 0; i < 64; i++) {
			m = igt_asahi_gem_mmap(fd, h[i], (i % 4 + 1) * PG);
			igt_assert(m);
			check_fill(m, (i % 4 + 1) * PG, i);
			munmap(m, (i % 4 + 1) * PG);
			gem_close(fd, h[i]);
		}
	}

	igt_describe("An exported object imported into the same file is the "
		     "same handle.");
	igt_subtest("prime-reimport-same-handle") {
		uint32_t h = igt_asahi_gem_create(fd, PG, 0, 0);
		int dmabuf = prime_handle_to_fd(fd, h);

		igt_assert_lte(0, dmabuf);
		igt_assert_eq(prime_fd_to_handle(fd, dmabuf), h);
		close(dmabuf);
		gem_close(fd, h);
	}

	igt_describe("An object exported by one file and imported by another "
		     "shares its memory both ways, and the import can be "
		     "bound into the importer's VM, as Mesa requires.");
	igt_subtest("prime-import-other-file") {
		const size_t size = 2 * PG;
		int fd2 = drm_open_driver_render(DRIVER_ASAHI);
		uint32_t h = igt_asahi_gem_create(fd, size, 0, 0), h2, vm;
		uint32_t *m, *m2;
		int dmabuf;

		m = igt_asahi_gem_mmap(fd, h, size);
		igt_assert(m);
		fill(m, size, 0xabc);
		dmabuf = prime_handle_to_fd(fd, h);
		h2 = prime_fd_to_handle(fd2, dmabuf);
		close(dmabuf);
		m2 = igt_asahi_gem_mmap(fd2, h2, size);
		igt_assert(m2);
		check_fill(m2, size, 0xabc);
		fill(m2, size, 0xdef);
		check_fill(m, size, 0xdef);

		vm = top_vm(fd2, &p);
		igt_assert_eq(__igt_asahi_vm_bind(fd2, vm, DRM_ASAHI_BIND_READ |
						  DRM_ASAHI_BIND_WRITE, h2, 0,
						  size, 0x2000000000ull), 0);
		munmap(m, size);
		munmap(m2, size);
		gem_close(fd2, h2);
		igt_asahi_vm_destroy(fd2, vm);
		drm_close_driver(fd2);
		gem_close(fd, h);
	}

	igt_describe("A VM-private object cannot be exported (EINVAL).");
	igt_subtest("prime-export-private-refused") {
		uint32_t vm = top_vm(fd, &p);
		uint32_t h = igt_asahi_gem_create(fd, PG, DRM_ASAHI_GEM_VM_PRIVATE,
						  vm);
		struct drm_prime_handle args = { .handle = h, .flags = DRM_CLOEXEC };

		igt_assert_eq(igt_ioctl(fd, DRM_IOCTL_PRIME_HANDLE_TO_FD, &args), -1);
		igt_assert_eq(errno, EINVAL);
		gem_close(fd, h);
		igt_asahi_vm_destroy(fd, vm);
	}

	igt_fixture() {
		drm_close_driver(fd);
	}
}
