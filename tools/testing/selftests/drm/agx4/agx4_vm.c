// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * VMs from userspace: VM_CREATE with good and bad kernel ranges,
 * VM_DESTROY, VM_BIND of objects and its bad operations, unbinding and
 * re-binding (as Mesa re-binds its shader arena), a private object bound
 * in its own VM only, and GEM_CLOSE of a bound object.
 */

#include "agx4_uapi.h"

#define RW	(DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE)
/* An address in the user window, below the kernel range. */
#define ADDR	0x1000000000ull

static void test_create_destroy(const struct dev *d)
{
	const uint64_t end = d->p.vm_end, kstart = end - SZ_32G;
	const struct {
		const char *what;
		struct drm_asahi_vm_create a;
	} bad[] = {
		{ "pad_nonzero", { kstart, end, 0, 1 } },
		{ "below_window", { 0, 0x40000000ull, 0, 0 } },
		{ "above_window", { kstart, end + PG, 0, 0 } },
		{ "smaller_than_minimum",
		  { end - d->p.vm_kernel_min_size + PG, end, 0, 0 } },
		{ "misaligned_start", { kstart + 0x1000, end, 0, 0 } },
		{ "misaligned_end", { kstart, end - 0x1000, 0, 0 } },
		{ "inverted", { end, kstart, 0, 0 } },
		{ "empty", { kstart, kstart, 0, 0 } },
		{ "wraps", { ~0ull - PG + 1, PG, 0, 0 } },
	};
	struct drm_asahi_vm_create a;
	struct drm_asahi_vm_destroy x;
	uint32_t v1 = 0, v2 = 0;
	unsigned int i;
	int r1, r2;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		a = bad[i].a;
		expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_CREATE, &a), EINVAL,
			   "vm_create_%s", bad[i].what);
	}
	/* The exact minimum at the top, as the G17P fork asks. */
	r1 = vm_create(d->fd, end - d->p.vm_kernel_min_size, end, &v1);
	r2 = vm_create_top(d, &v2);
	ksft_test_result(!r1 && !r2 && v1 && v2 && v1 != v2,
			 "vm_create_two_distinct\n");

	x = (struct drm_asahi_vm_destroy){ .vm_id = v1, .pad = 1 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_DESTROY, &x), EINVAL,
		   "vm_destroy_pad_nonzero");
	expect_ret(vm_destroy(d->fd, 0), ENOENT, "vm_destroy_id_0");
	expect_ret(vm_destroy(d->fd, v2 + 100), ENOENT, "vm_destroy_unknown");
	expect_ret(vm_destroy(d->fd, v1), 0, "vm_destroy");
	expect_ret(vm_destroy(d->fd, v1), ENOENT, "vm_destroy_twice");
	vm_destroy(d->fd, v2);
}

/* A VM is its file's: another file of the same device cannot use it. */
static void test_other_file(const struct dev *d, uint32_t vm)
{
	int fd2 = open_asahi();
	uint32_t h;

	if (fd2 < 0 || gem_create(fd2, PG, 0, 0, &h)) {
		ksft_test_result_fail("vm_bind_from_other_file\n");
		return;
	}
	expect_ret(vm_bind(fd2, vm, RW, h, 0, PG, ADDR), ENOENT,
		   "vm_bind_from_other_file");
	expect_ret(vm_destroy(fd2, vm), ENOENT, "vm_destroy_from_other_file");
	close(fd2);
}

static void test_bind_bad(const struct dev *d, uint32_t vm, uint32_t h)
{
	const uint64_t kstart = d->p.vm_end - SZ_32G;
	const struct {
		const char *what;
		struct drm_asahi_gem_bind_op op;
		int err;
	} bad[] = {
		{ "misaligned_addr", { RW, h, 0, PG, ADDR + 0x2000 }, EINVAL },
		{ "unknown_handle", { RW, h + 99, 0, PG, ADDR }, ENOENT },
		{ "handle_0", { RW, 0, 0, PG, ADDR }, ENOENT },
		{ "no_permission", { 0, h, 0, PG, ADDR }, EINVAL },
		{ "unknown_flag", { RW | 0x100, h, 0, PG, ADDR }, EINVAL },
		{ "range_0", { RW, h, 0, 0, ADDR }, EINVAL },
		{ "beyond_object", { RW, h, PG, 4 * PG, ADDR }, EINVAL },
		{ "misaligned_offset", { RW, h, 0x1000, PG, ADDR }, EINVAL },
		{ "over_kernel_range", { RW, h, 0, PG, kstart }, EINVAL },
		{ "above_window", { RW, h, 0, PG, d->p.vm_end }, EINVAL },
		{ "below_window", { RW, h, 0, PG, 0 }, EINVAL },
		{ "wraps", { RW, h, 0, 2 * PG, ~0ull - PG + 1 }, EINVAL },
		{ "unbind_with_handle",
		  { DRM_ASAHI_BIND_UNBIND, h, 0, PG, ADDR }, EINVAL },
		{ "unbind_with_read",
		  { DRM_ASAHI_BIND_UNBIND | DRM_ASAHI_BIND_READ, 0, 0, PG, ADDR },
		  EINVAL },
	};
	struct drm_asahi_gem_bind_op op = { RW, h, 0, PG, ADDR };
	struct drm_asahi_vm_bind b;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		expect_ret(vm_bind_op(d->fd, vm, &bad[i].op), bad[i].err,
			   "vm_bind_%s", bad[i].what);

	b = (struct drm_asahi_vm_bind){ vm, 1, sizeof(op), 1, (uintptr_t)&op };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_BIND, &b), EINVAL,
		   "vm_bind_pad_nonzero");
	b = (struct drm_asahi_vm_bind){ vm, 1, 0, 0, (uintptr_t)&op };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_BIND, &b), EINVAL,
		   "vm_bind_stride_0");
	b = (struct drm_asahi_vm_bind){ vm + 77, 1, sizeof(op), 0,
					(uintptr_t)&op };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_BIND, &b), ENOENT,
		   "vm_bind_unknown_vm");
	b = (struct drm_asahi_vm_bind){ vm, 1, sizeof(op), 0, 0 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_BIND, &b), EFAULT,
		   "vm_bind_null_array");
	b = (struct drm_asahi_vm_bind){ vm, 0, sizeof(op), 0, 0 };
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_BIND, &b), 0,
		   "vm_bind_zero_ops");
}

/*
 * Binds that must work: whole object, a slice at an offset, one page
 * repeated over a range, a batch of two, then unbind and re-bind at the
 * same address (Mesa's arena switch).
 */
static void test_bind_good(const struct dev *d, uint32_t vm, uint32_t h)
{
	struct drm_asahi_gem_bind_op ops[2] = {
		{ DRM_ASAHI_BIND_READ, h, 0, PG, ADDR + 0x100000 },
		{ RW, h, PG, 2 * PG, ADDR + 0x200000 },
	};
	struct drm_asahi_vm_bind b = {
		vm, 2, sizeof(ops[0]), 0, (uintptr_t)ops,
	};

	expect_ret(vm_bind(d->fd, vm, RW, h, 0, 4 * PG, ADDR), 0,
		   "vm_bind_whole_object");
	expect_ret(vm_bind(d->fd, vm, DRM_ASAHI_BIND_READ, h, 2 * PG, PG,
			   ADDR + 0x40000), 0, "vm_bind_slice_read_only");
	expect_ret(vm_bind(d->fd, vm, RW | DRM_ASAHI_BIND_SINGLE_PAGE, h, PG,
			   16 * PG, ADDR + 0x80000), 0,
		   "vm_bind_single_page_repeated");
	expect_ret(xioctl(d->fd, DRM_IOCTL_ASAHI_VM_BIND, &b), 0,
		   "vm_bind_batch_of_two");
	expect_ret(vm_unbind(d->fd, vm, 4 * PG, ADDR), 0, "vm_unbind");
	expect_ret(vm_bind(d->fd, vm, DRM_ASAHI_BIND_READ, h, 0, 4 * PG, ADDR),
		   0, "vm_rebind_same_address");
	/* Unbinding part of a mapping splits it. */
	expect_ret(vm_unbind(d->fd, vm, PG, ADDR + PG), 0,
		   "vm_unbind_middle_page");
	expect_ret(vm_unbind(d->fd, vm, 0x400000, ADDR), 0,
		   "vm_unbind_range_wider_than_mappings");
	/* Mesa's shader arena: read-only at 2^40. */
	expect_ret(vm_bind(d->fd, vm, DRM_ASAHI_BIND_READ, h, 0, 4 * PG,
			   USC_BASE), 0, "vm_bind_at_usc_base");
}

/*
 * G17P's render pools have windows in every VM, in the 64 MiB above
 * 0x10_0000_0000 that the Mesa fork leaves to the kernel: from
 * 0x10_0040_0000, 4 MiB per pool.  Userspace cannot bind there.
 */
static void test_kernel_windows(const struct dev *d, uint32_t vm, uint32_t h)
{
	if (d->p.gpu_generation != 17) {
		ksft_test_result_skip("vm_bind_in_render_pool_window (G17P only)\n");
		return;
	}
	expect_ret(vm_bind(d->fd, vm, RW, h, 0, PG, 0x1000400000ull), EINVAL,
		   "vm_bind_in_render_pool_window");
	expect_ret(vm_bind(d->fd, vm, RW, h, 0, PG, 0x1003ffc000ull), EINVAL,
		   "vm_bind_in_last_render_pool_window");
}

static void test_private(const struct dev *d, uint32_t vm)
{
	uint32_t other = 0, h = 0;
	int ret;

	ret = vm_create_top(d, &other) ||
	      gem_create(d->fd, 2 * PG, DRM_ASAHI_GEM_VM_PRIVATE, vm, &h);
	ksft_test_result(!ret, "vm_private_setup\n");
	if (ret)
		return;
	expect_ret(vm_bind(d->fd, vm, RW, h, 0, 2 * PG, ADDR + 0x10000000), 0,
		   "vm_bind_private_in_own_vm");
	expect_ret(vm_bind(d->fd, other, RW, h, 0, 2 * PG, ADDR), EINVAL,
		   "vm_bind_private_in_other_vm");
	/* Closing a bound object unmaps it; the VM stays usable. */
	expect_ret(gem_close(d->fd, h), 0, "gem_close_bound_private");
	expect_ret(vm_destroy(d->fd, other), 0, "vm_destroy_after_private");
}

/* Destroying a VM with live mappings and objects bound in it. */
static void test_destroy_bound(const struct dev *d)
{
	uint32_t vm, h;

	if (vm_create_top(d, &vm) || gem_create(d->fd, PG, 0, 0, &h)) {
		ksft_test_result_fail("vm_destroy_with_mappings\n");
		return;
	}
	vm_bind(d->fd, vm, RW, h, 0, PG, ADDR);
	expect_ret(vm_destroy(d->fd, vm), 0, "vm_destroy_with_mappings");
	expect_ret(gem_close(d->fd, h), 0, "gem_close_after_vm_destroy");
}

int main(void)
{
	struct dev d;
	uint32_t vm = 0, h = 0;

	ksft_print_header();
	dev_open(&d);
	test_create_destroy(&d);
	if (vm_create_top(&d, &vm) || gem_create(d.fd, 4 * PG, 0, 0, &h))
		ksft_exit_fail_msg("VM or object setup failed\n");
	test_other_file(&d, vm);
	test_bind_bad(&d, vm, h);
	test_bind_good(&d, vm, h);
	test_kernel_windows(&d, vm, h);
	test_private(&d, vm);
	test_destroy_bound(&d);
	gem_close(d.fd, h);
	vm_destroy(d.fd, vm);
	close(d.fd);
	done();
}
