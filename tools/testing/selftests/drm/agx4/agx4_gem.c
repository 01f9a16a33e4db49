// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Buffer objects from userspace: GEM_CREATE and its bad inputs, sizes
 * rounded to the GPU page, CPU maps that write and read back, fresh
 * objects zeroed, PRIME export and import, VM-private objects that
 * cannot be exported, GEM_MMAP_OFFSET's bad inputs, fdinfo's memory.
 */

#include "agx4_uapi.h"

static void test_create_bad(const struct dev *d, uint32_t vm)
{
	struct drm_asahi_gem_create a;
	uint32_t h;

	a = (struct drm_asahi_gem_create){ .size = PG, .pad = 1 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_GEM_CREATE, &a), EINVAL,
		   "gem_create_pad_nonzero");
	expect_ret(gem_create(d->fd, 0, 0, 0, &h), EINVAL, "gem_create_size_0");
	expect_ret(gem_create(d->fd, ~0ull, 0, 0, &h), EINVAL,
		   "gem_create_size_overflows");
	expect_ret(gem_create(d->fd, PG, 4, 0, &h), EINVAL,
		   "gem_create_unknown_flag");
	expect_ret(gem_create(d->fd, PG, 1u << 31, 0, &h), EINVAL,
		   "gem_create_high_flag");
	expect_ret(gem_create(d->fd, PG, 0, vm, &h), EINVAL,
		   "gem_create_vm_id_without_private");
	expect_ret(gem_create(d->fd, PG, DRM_ASAHI_GEM_VM_PRIVATE, 0, &h),
		   ENOENT, "gem_create_private_vm_0");
	expect_ret(gem_create(d->fd, PG, DRM_ASAHI_GEM_VM_PRIVATE, vm + 100,
			      &h), ENOENT, "gem_create_private_unknown_vm");
}

/* Write a pattern through one map, read it through another. */
static void test_write_readback(const struct dev *d, uint32_t flags)
{
	const size_t size = 3 * PG;
	uint32_t h = 0, *a = NULL, *b = NULL;
	bool zero = true, same = true;
	size_t i;
	int ret;

	ret = gem_create(d->fd, size, flags, 0, &h);
	if (!ret)
		a = gem_mmap(d->fd, h, size);
	if (a) {
		for (i = 0; i < size / 4; i++)
			zero &= !a[i];
		for (i = 0; i < size / 4; i++)
			a[i] = 0x9e3779b9u * (uint32_t)i;
		munmap(a, size);
		b = gem_mmap(d->fd, h, size);
	}
	if (b) {
		for (i = 0; i < size / 4; i++)
			same &= b[i] == 0x9e3779b9u * (uint32_t)i;
		munmap(b, size);
	}
	ksft_test_result(!ret && a && zero, "gem_new_object_is_zeroed_%s\n",
			 flags ? "wb" : "wc");
	ksft_test_result(b && same, "gem_write_read_back_%s\n",
			 flags ? "wb" : "wc");
	if (!ret)
		gem_close(d->fd, h);
}

/*
 * An object another file freed must not show its contents to the next
 * one: pages are zeroed, not recycled dirty.
 */
static void test_zeroed_across_files(void)
{
	const size_t size = 16 * PG;
	int fd1 = open_asahi(), fd2 = open_asahi();
	uint32_t h1, h2, *p;
	bool clean = true;
	size_t i;

	if (fd1 < 0 || fd2 < 0 || gem_create(fd1, size, 0, 0, &h1)) {
		ksft_test_result_fail("gem_zeroed_across_files\n");
		goto out;
	}
	p = gem_mmap(fd1, h1, size);
	if (p) {
		memset(p, 0xc3, size);
		munmap(p, size);
	}
	gem_close(fd1, h1);
	p = NULL;
	if (!gem_create(fd2, size, 0, 0, &h2))
		p = gem_mmap(fd2, h2, size);
	for (i = 0; p && i < size / 4; i++)
		clean &= !p[i];
	ksft_test_result(p && clean, "gem_zeroed_across_files\n");
	if (p)
		munmap(p, size);
out:
	if (fd1 >= 0)
		close(fd1);
	if (fd2 >= 0)
		close(fd2);
}

static void test_mmap_offset_bad(const struct dev *d)
{
	struct drm_asahi_gem_mmap_offset a;
	uint32_t h;

	if (gem_create(d->fd, PG, 0, 0, &h)) {
		ksft_test_result_fail("gem_mmap_offset_setup\n");
		return;
	}
	a = (struct drm_asahi_gem_mmap_offset){ .handle = h };
	ksft_test_result(!xioctl(d->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &a) &&
			 a.offset && !(a.offset % sysconf(_SC_PAGESIZE)),
			 "gem_mmap_offset\n");
	a = (struct drm_asahi_gem_mmap_offset){ .handle = h, .flags = 1 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &a), EINVAL,
		   "gem_mmap_offset_flags");
	a = (struct drm_asahi_gem_mmap_offset){ .handle = 0 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &a), ENOENT,
		   "gem_mmap_offset_handle_0");
	a = (struct drm_asahi_gem_mmap_offset){ .handle = h + 1000 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &a), ENOENT,
		   "gem_mmap_offset_unknown_handle");
	gem_close(d->fd, h);
	a = (struct drm_asahi_gem_mmap_offset){ .handle = h };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &a), ENOENT,
		   "gem_mmap_offset_closed_handle");
}

/*
 * PRIME: the dma-buf of a one-byte object is one GPU page long; its
 * re-import on the same device is the same handle; an import from a
 * second file sees the first one's bytes.
 */
static void test_prime(const struct dev *d)
{
	int fd2 = open_asahi(), dmabuf = -1;
	uint32_t h = 0, h_same = 0, h2 = 0, *p, *q = NULL;
	off_t size = -1;
	int ret;

	ret = gem_create(d->fd, 1, 0, 0, &h);
	if (!ret)
		ret = drmPrimeHandleToFD(d->fd, h, DRM_CLOEXEC | DRM_RDWR,
					 &dmabuf);
	ksft_test_result(!ret && dmabuf >= 0, "prime_export\n");
	if (dmabuf >= 0)
		size = lseek(dmabuf, 0, SEEK_END);
	ksft_test_result(size == (off_t)PG, "gem_size_rounds_up_to_16k\n");
	ksft_test_result(dmabuf >= 0 &&
			 !drmPrimeFDToHandle(d->fd, dmabuf, &h_same) &&
			 h_same == h, "prime_reimport_same_handle\n");

	p = gem_mmap(d->fd, h, PG);
	if (p) {
		p[0] = 0x600dcafe;
		p[PG / 4 - 1] = 0xfeedf00d;
		munmap(p, PG);
	}
	if (fd2 >= 0 && dmabuf >= 0 && !drmPrimeFDToHandle(fd2, dmabuf, &h2))
		q = gem_mmap(fd2, h2, PG);
	ksft_test_result(q && q[0] == 0x600dcafe && q[PG / 4 - 1] == 0xfeedf00d,
			 "prime_import_other_file_sees_contents\n");
	if (q)
		munmap(q, PG);
	if (dmabuf >= 0)
		close(dmabuf);
	if (fd2 >= 0)
		close(fd2);
	if (h)
		gem_close(d->fd, h);
}

static void test_private_export(const struct dev *d, uint32_t vm)
{
	int dmabuf = -1, ret;
	uint32_t h;

	ret = gem_create(d->fd, PG, DRM_ASAHI_GEM_VM_PRIVATE, vm, &h);
	ksft_test_result(!ret, "gem_create_private\n");
	if (ret)
		return;
	ret = drmPrimeHandleToFD(d->fd, h, DRM_CLOEXEC, &dmabuf) ? -errno : 0;
	expect_ret(ret, EINVAL, "prime_export_private_refused");
	if (dmabuf >= 0)
		close(dmabuf);
	gem_close(d->fd, h);
}

/* GEM_CLOSE twice: the second is refused, nothing else changes. */
static void test_close(const struct dev *d)
{
	uint32_t h;

	if (gem_create(d->fd, PG, 0, 0, &h)) {
		ksft_test_result_fail("gem_close_twice\n");
		return;
	}
	ksft_test_result(!gem_close(d->fd, h) &&
			 gem_close(d->fd, h) == -EINVAL, "gem_close_twice\n");
}

/* Many objects, then a large one: creation scales and sizes hold. */
static void test_many(const struct dev *d)
{
	uint32_t h[64];
	unsigned int i, n = 0;

	for (i = 0; i < 64; i++)
		if (!gem_create(d->fd, (i + 1) * PG, DRM_ASAHI_GEM_WRITEBACK, 0,
				&h[n]))
			n++;
	ksft_test_result(n == 64, "gem_create_64_objects\n");
	for (i = 0; i < n; i++)
		gem_close(d->fd, h[i]);
}

/*
 * What monitoring tools read of a client: the driver's name, a client
 * id, and exactly the memory of its objects (16 KiB, 1 MiB and 4 MiB).
 */
static void test_fdinfo(void)
{
	static const uint64_t sizes[] = { PG, SZ_1M, 4 * SZ_1M };
	int fd = open_asahi();
	bool made = fd >= 0;
	char driver[16] = "";
	uint32_t h[3];
	unsigned int i;

	for (i = 0; made && i < 3; i++)
		made = !gem_create(fd, sizes[i], 0, 0, &h[i]);
	fdinfo_value(fd, "drm-driver", driver, sizeof(driver));
	ksft_test_result(made && !strcmp(driver, "asahi") &&
			 fdinfo_value(fd, "drm-client-id", NULL, 0) >= 0,
			 "fdinfo_names_the_driver_and_client\n");
	ksft_test_result(made && fdinfo_value(fd, "drm-total-memory", NULL, 0) ==
			 (long long)(PG + SZ_1M + 4 * SZ_1M),
			 "fdinfo_memory_is_the_sum_of_the_objects\n");
	if (fd >= 0) {
		char path[48], text[1024];
		ssize_t n = -1;
		int f;

		/* The whole text, as monitoring tools read it, for the log. */
		snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
		f = open(path, O_RDONLY | O_CLOEXEC);
		if (f >= 0) {
			n = read(f, text, sizeof(text) - 1);
			close(f);
		}
		text[n > 0 ? n : 0] = '\0';
		for (char *l = strtok(text, "\n"); l; l = strtok(NULL, "\n"))
			ksft_print_msg("fdinfo: %s\n", l);
		close(fd);
	}
}

int main(void)
{
	struct dev d;
	uint32_t vm = 0;

	ksft_print_header();
	dev_open(&d);
	if (vm_create_top(&d, &vm))
		ksft_exit_fail_msg("VM_CREATE failed\n");
	test_create_bad(&d, vm);
	test_write_readback(&d, 0);
	test_write_readback(&d, DRM_ASAHI_GEM_WRITEBACK);
	test_zeroed_across_files();
	test_mmap_offset_bad(&d);
	test_prime(&d);
	test_private_export(&d, vm);
	test_close(&d);
	test_many(&d);
	test_fdinfo();
	vm_destroy(d.fd, vm);
	close(d.fd);
	done();
}
