// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_ioctl": the memory ioctls (GET_TIME, VM_CREATE,
 * VM_DESTROY, VM_BIND, GEM_CREATE, GEM_MMAP_OFFSET) through their
 * handlers, with a real DRM file and, for VM_BIND, operation arrays in
 * user memory.  Every malformed call is checked for its exact errno and
 * for leaving no VM, object, handle or mapping behind.
 */

#include <kunit/test.h>
#include <linux/file.h>
#include <linux/mman.h>
#include <linux/sizes.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_syncobj.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_file.h"
#include "../agx4_gem.h"
#include "../agx4_queue.h"
#include "../agx4_submit.h"
#include "../agx4_vm.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

#define PG		0x4000ull
#define KSTART		(AGX4_VM_END - SZ_32G)

struct ioctl_ctx {
	struct agx4_device *adev;
	struct file *filp;
	struct drm_file *file;
	unsigned long ubuf;	/* user memory for operation arrays */
	unsigned int hostile;
};

static int ioctl_test_init(struct kunit *test)
{
	struct ioctl_ctx *c = kunit_kzalloc(test, sizeof(*c), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->adev = agx4_test_drm_device(test, "agx4_ioctl_test");
	c->filp = mock_drm_getfile(c->adev->base.primary, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->filp);
	c->file = c->filp->private_data;
	c->ubuf = kunit_vm_mmap(test, NULL, 0, 4 * SZ_1M,
				PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE_MSG(test, c->ubuf, 0, "no user memory");
	test->priv = c;
	return 0;
}

static void ioctl_test_exit(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;

	fput(c->filp);
	flush_delayed_fput();
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->adev->gem_objects), 0,
			    "objects leaked");
}

static u32 vm_create(struct kunit *test, struct ioctl_ctx *c)
{
	struct drm_asahi_vm_create args = {
		.kernel_start = KSTART, .kernel_end = AGX4_VM_END,
	};

	KUNIT_ASSERT_EQ(test, agx4_ioctl_vm_create(&c->adev->base, &args,
						   c->file), 0);
	KUNIT_EXPECT_NE(test, args.vm_id, 0);
	return args.vm_id;
}

static u32 gem_create(struct kunit *test, struct ioctl_ctx *c, u64 size)
{
	struct drm_asahi_gem_create args = { .size = size };

	KUNIT_ASSERT_EQ(test, agx4_ioctl_gem_create(&c->adev->base, &args,
						    c->file), 0);
	KUNIT_EXPECT_NE(test, args.handle, 0);
	KUNIT_EXPECT_EQ(test, args.size, size);	/* left as given */
	return args.handle;
}

/* A malformed call: its errno, and no new VM or object. */
static void hostile(struct kunit *test, struct ioctl_ctx *c, const char *what,
		    int (*fn)(struct drm_device *, void *, struct drm_file *),
		    void *args, int err)
{
	struct agx4_file *af = c->file->driver_priv;
	int objects = atomic_read(&c->adev->gem_objects);
	unsigned long vms = 0, id;
	struct agx4_vm *vm;

	xa_for_each(&af->vms, id, vm)
		vms++;
	KUNIT_EXPECT_EQ_MSG(test, fn(&c->adev->base, args, c->file), err, "%s",
			    what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->adev->gem_objects), objects,
			    "%s made an object", what);
	xa_for_each(&af->vms, id, vm)
		vms--;
	KUNIT_EXPECT_EQ_MSG(test, vms, 0, "%s changed the VMs", what);
	c->hostile++;
}

static void agx4_ioctl_get_time_checks_flags(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	struct drm_asahi_get_time a = { }, b = { };

	KUNIT_EXPECT_EQ(test, agx4_ioctl_get_time(&c->adev->base, &a, c->file),
			0);
	KUNIT_EXPECT_EQ(test, agx4_ioctl_get_time(&c->adev->base, &b, c->file),
			0);
	KUNIT_EXPECT_GE(test, b.gpu_timestamp, a.gpu_timestamp);
	KUNIT_EXPECT_NE(test, a.gpu_timestamp, 0);

	a.flags = 1;
	hostile(test, c, "get_time flags", agx4_ioctl_get_time, &a, -EINVAL);
	a.flags = 1ull << 63;
	hostile(test, c, "get_time high flag", agx4_ioctl_get_time, &a, -EINVAL);
	kunit_info(test, "agx4-uapi: hostile inputs tried (get_time) = %u\n",
		   c->hostile);
}

static void agx4_ioctl_vm_create_destroy_check_args(struct kunit *test)
{
	static const struct {
		const char *what;
		struct drm_asahi_vm_create args;
	} bad[] = {
		{ "pad", { KSTART, AGX4_VM_END, 0, 1 } },
		{ "below the window", { 0, SZ_1G, 0, 0 } },
		{ "above the window", { KSTART, AGX4_VM_END + PG, 0, 0 } },
		{ "too small", { AGX4_VM_END - SZ_256M, AGX4_VM_END, 0, 0 } },
		{ "misaligned start", { KSTART + 0x1000, AGX4_VM_END, 0, 0 } },
		{ "misaligned end", { KSTART, AGX4_VM_END - 0x1000, 0, 0 } },
		{ "inverted", { AGX4_VM_END, KSTART, 0, 0 } },
		{ "empty", { KSTART, KSTART, 0, 0 } },
		{ "wraps", { ~0ull - PG + 1, PG, 0, 0 } },
	};
	struct ioctl_ctx *c = test->priv;
	struct drm_asahi_vm_destroy d = { };
	struct drm_asahi_vm_create args;
	unsigned int i;
	u32 a, b;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		args = bad[i].args;
		hostile(test, c, bad[i].what, agx4_ioctl_vm_create, &args,
			-EINVAL);
	}
	/* The output field is ignored on input. */
	args = (struct drm_asahi_vm_create){ KSTART, AGX4_VM_END, 77, 0 };
	KUNIT_ASSERT_EQ(test, agx4_ioctl_vm_create(&c->adev->base, &args,
						   c->file), 0);
	a = args.vm_id;
	b = vm_create(test, c);
	KUNIT_EXPECT_NE(test, a, b);

	d.vm_id = a;
	d.pad = 1;
	hostile(test, c, "destroy pad", agx4_ioctl_vm_destroy, &d, -EINVAL);
	d.pad = 0;
	d.vm_id = 0;
	hostile(test, c, "destroy id 0", agx4_ioctl_vm_destroy, &d, -ENOENT);
	d.vm_id = 999;
	hostile(test, c, "destroy unknown id", agx4_ioctl_vm_destroy, &d,
		-ENOENT);
	d.vm_id = a;
	KUNIT_EXPECT_EQ(test, agx4_ioctl_vm_destroy(&c->adev->base, &d,
						    c->file), 0);
	hostile(test, c, "destroy twice", agx4_ioctl_vm_destroy, &d, -ENOENT);
	kunit_info(test, "agx4-uapi: hostile inputs tried (vm_create/destroy) = %u\n",
		   c->hostile);
}

static void agx4_ioctl_gem_create_and_mmap_offset(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	struct drm_asahi_gem_mmap_offset mo = { };
	struct drm_asahi_gem_create g;
	u32 vm = vm_create(test, c), h;

	g = (struct drm_asahi_gem_create){ .size = PG, .pad = 1 };
	hostile(test, c, "gem pad", agx4_ioctl_gem_create, &g, -EINVAL);
	g = (struct drm_asahi_gem_create){ .size = PG, .flags = 4 };
	hostile(test, c, "gem unknown flag", agx4_ioctl_gem_create, &g, -EINVAL);
	g = (struct drm_asahi_gem_create){ .size = PG, .flags = 1u << 31 };
	hostile(test, c, "gem high flag", agx4_ioctl_gem_create, &g, -EINVAL);
	g = (struct drm_asahi_gem_create){ .size = PG, .vm_id = vm };
	hostile(test, c, "gem vm_id without private", agx4_ioctl_gem_create, &g,
		-EINVAL);
	g = (struct drm_asahi_gem_create){ .size = 0 };
	hostile(test, c, "gem size 0", agx4_ioctl_gem_create, &g, -EINVAL);
	g = (struct drm_asahi_gem_create){ .size = ~0ull };
	hostile(test, c, "gem size overflows", agx4_ioctl_gem_create, &g,
		-EINVAL);
	g = (struct drm_asahi_gem_create){ .size = AGX4_BO_MAX_SIZE + 1 };
	hostile(test, c, "gem size too large", agx4_ioctl_gem_create, &g,
		-EINVAL);
	g = (struct drm_asahi_gem_create){ .size = PG,
		.flags = DRM_ASAHI_GEM_VM_PRIVATE, .vm_id = 99 };
	hostile(test, c, "gem private, unknown vm", agx4_ioctl_gem_create, &g,
		-ENOENT);
	g = (struct drm_asahi_gem_create){ .size = PG,
		.flags = DRM_ASAHI_GEM_VM_PRIVATE };
	hostile(test, c, "gem private, vm 0", agx4_ioctl_gem_create, &g,
		-ENOENT);

	/* A private object of a live VM, and a plain one. */
	g = (struct drm_asahi_gem_create){ .size = PG,
		.flags = DRM_ASAHI_GEM_VM_PRIVATE | DRM_ASAHI_GEM_WRITEBACK,
		.vm_id = vm };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_gem_create(&c->adev->base, &g,
						    c->file), 0);
	h = gem_create(test, c, 3 * PG);

	mo.handle = h;
	KUNIT_EXPECT_EQ(test, agx4_ioctl_gem_mmap_offset(&c->adev->base, &mo,
							 c->file), 0);
	KUNIT_EXPECT_NE(test, mo.offset, 0);
	mo.flags = 1;
	hostile(test, c, "mmap flags", agx4_ioctl_gem_mmap_offset, &mo,
		-EINVAL);
	mo = (struct drm_asahi_gem_mmap_offset){ .handle = 0 };
	hostile(test, c, "mmap handle 0", agx4_ioctl_gem_mmap_offset, &mo,
		-ENOENT);
	mo.handle = h + 100;
	hostile(test, c, "mmap unknown handle", agx4_ioctl_gem_mmap_offset, &mo,
		-ENOENT);
	kunit_info(test, "agx4-uapi: hostile inputs tried (gem) = %u\n",
		   c->hostile);
}

/* Write @n operations @stride bytes apart into user memory. */
static u64 put_ops(struct kunit *test, struct ioctl_ctx *c,
		   const struct drm_asahi_gem_bind_op *ops, unsigned int n,
		   u32 stride)
{
	unsigned int i;
	u8 tail[64] = { };

	for (i = 0; i < n; i++) {
		void __user *u = (void __user *)(c->ubuf + (u64)i * stride);

		KUNIT_ASSERT_EQ(test, copy_to_user(u, &ops[i],
						   min_t(u32, stride,
							 sizeof(ops[i]))), 0);
		if (stride > sizeof(ops[i]))
			KUNIT_ASSERT_EQ(test, copy_to_user(u + sizeof(ops[i]),
							   tail, stride -
							   sizeof(ops[i])), 0);
	}
	return c->ubuf;
}

static void agx4_ioctl_vm_bind_copies_checks_and_applies(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	u32 vm_id = vm_create(test, c), h = gem_create(test, c, 4 * PG);
	struct agx4_vm *vm = agx4_file_get_vm(c->file, vm_id);
	const u32 rw = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE;
	struct drm_asahi_gem_bind_op good = {
		.flags = rw, .handle = h, .range = 4 * PG,
		.addr = 0x1000000000ull,
	};
	struct drm_asahi_gem_bind_op ops[2];
	struct drm_asahi_vm_bind b;
	u8 junk = 1;
	const struct {
		const char *what;
		struct drm_asahi_gem_bind_op op;
		int err;
	} bad[] = {
		{ "op misaligned addr", { rw, h, 0, PG, 0x1000002000ull },
		  -EINVAL },
		{ "op misaligned with unknown handle",
		  { rw, h + 9, 0, PG, 0x1000002000ull }, -EINVAL },
		{ "op unknown handle", { rw, h + 9, 0, PG, 0x1000000000ull },
		  -ENOENT },
		{ "op handle 0", { rw, 0, 0, PG, 0x1000000000ull }, -ENOENT },
		{ "op no permission", { 0, h, 0, PG, 0x1000000000ull },
		  -EINVAL },
		{ "op unknown flag", { rw | 0x100, h, 0, PG, 0x1000000000ull },
		  -EINVAL },
		{ "op range 0", { rw, h, 0, 0, 0x1000000000ull }, -EINVAL },
		{ "op beyond object", { rw, h, PG, 4 * PG, 0x1000000000ull },
		  -EINVAL },
		{ "op over carve-out", { rw, h, 0, PG, KSTART }, -EINVAL },
		{ "op above window", { rw, h, 0, PG, AGX4_VM_END }, -EINVAL },
		{ "op below window", { rw, h, 0, PG, 0 }, -EINVAL },
		{ "op addr+range wraps", { rw, h, 0, 2 * PG, ~0ull - PG + 1 },
		  -EINVAL },
		{ "unbind with handle",
		  { DRM_ASAHI_BIND_UNBIND, h, 0, PG, 0x1000000000ull },
		  -EINVAL },
		{ "unbind with offset",
		  { DRM_ASAHI_BIND_UNBIND, 0, PG, PG, 0x1000000000ull },
		  -EINVAL },
		{ "unbind with read",
		  { DRM_ASAHI_BIND_UNBIND | DRM_ASAHI_BIND_READ, 0, 0, PG,
		    0x1000000000ull }, -EINVAL },
	};
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, vm);

	/* The call itself. */
	b = (struct drm_asahi_vm_bind){ vm_id, 1, 32, 1, c->ubuf };
	hostile(test, c, "bind pad", agx4_ioctl_vm_bind, &b, -EINVAL);
	b = (struct drm_asahi_vm_bind){ vm_id, 1, 0, 0, c->ubuf };
	hostile(test, c, "bind stride 0", agx4_ioctl_vm_bind, &b, -EINVAL);
	b = (struct drm_asahi_vm_bind){ vm_id, AGX4_VM_MAX_BINDS + 1, 32, 0,
					c->ubuf };
	hostile(test, c, "bind too many", agx4_ioctl_vm_bind, &b, -EINVAL);
	b = (struct drm_asahi_vm_bind){ vm_id, 4000, 0x10000, 0, c->ubuf };
	hostile(test, c, "bind array too large", agx4_ioctl_vm_bind, &b,
		-EINVAL);
	b = (struct drm_asahi_vm_bind){ vm_id + 50, 1, 32, 0, c->ubuf };
	hostile(test, c, "bind unknown vm", agx4_ioctl_vm_bind, &b, -ENOENT);
	b = (struct drm_asahi_vm_bind){ vm_id, 1, 32, 0, 0 };
	hostile(test, c, "bind NULL array", agx4_ioctl_vm_bind, &b, -EFAULT);
	/* The first operation is readable, the second is past the mapping. */
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)(c->ubuf + 4 * SZ_1M -
							   32), &good,
					   sizeof(good)), 0);
	b = (struct drm_asahi_vm_bind){ vm_id, 2, 32, 0,
					c->ubuf + 4 * SZ_1M - 32 };
	hostile(test, c, "bind array past mapping", agx4_ioctl_vm_bind, &b,
		-EFAULT);
	b = (struct drm_asahi_vm_bind){ vm_id, 0, 32, 0, 0 };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_vm_bind(&c->adev->base, &b, c->file),
			0);

	/* Each bad operation, alone and after a good one. */
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		ops[0] = good;
		ops[1] = bad[i].op;
		b = (struct drm_asahi_vm_bind){ vm_id, 1, 32, 0,
						put_ops(test, c, &ops[1], 1, 32) };
		hostile(test, c, bad[i].what, agx4_ioctl_vm_bind, &b,
			bad[i].err);
		b = (struct drm_asahi_vm_bind){ vm_id, 2, 32, 0,
						put_ops(test, c, ops, 2, 32) };
		hostile(test, c, bad[i].what, agx4_ioctl_vm_bind, &b,
			bad[i].err);
		KUNIT_EXPECT_EQ_MSG(test, agx4_vm_num_mappings(vm), 0, "%s",
				    bad[i].what);
	}

	/* A longer stride must be zero beyond the known fields. */
	b = (struct drm_asahi_vm_bind){ vm_id, 1, 40, 0,
					put_ops(test, c, &good, 1, 40) };
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)(c->ubuf + 35),
					   &junk, 1), 0);
	hostile(test, c, "bind stride 40, junk tail", agx4_ioctl_vm_bind, &b,
		-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	/* A short one zero-extends: addr is then 0, below the window. */
	b = (struct drm_asahi_vm_bind){ vm_id, 1, 24,
					0, put_ops(test, c, &good, 1, 24) };
	hostile(test, c, "bind stride 24", agx4_ioctl_vm_bind, &b, -EINVAL);

	/* And good calls: stride 40 with a zero tail, then stride 32. */
	b = (struct drm_asahi_vm_bind){ vm_id, 1, 40, 0,
					put_ops(test, c, &good, 1, 40) };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_vm_bind(&c->adev->base, &b, c->file),
			0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 1);
	ops[0] = good;
	ops[0].addr += 0x100000000ull;
	b = (struct drm_asahi_vm_bind){ vm_id, 1, 32, 0,
					put_ops(test, c, ops, 1, 32) };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_vm_bind(&c->adev->base, &b, c->file),
			0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 2);

	/* Closing the handle unmaps the object from the file's VMs. */
	KUNIT_EXPECT_EQ(test, drm_gem_handle_delete(c->file, h), 0);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	agx4_vm_put(vm);
	kunit_info(test, "agx4-uapi: hostile inputs tried (vm_bind) = %u\n",
		   c->hostile);
}

static u32 new_syncobj(struct kunit *test, struct ioctl_ctx *c, bool fence)
{
	struct dma_fence *f = fence ? dma_fence_get_stub() : NULL;
	struct drm_syncobj *so;
	u32 handle;

	KUNIT_ASSERT_EQ(test, drm_syncobj_create(&so, 0, f), 0);
	dma_fence_put(f);
	KUNIT_ASSERT_EQ(test, drm_syncobj_get_handle(c->file, so, &handle), 0);
	drm_syncobj_put(so);
	return handle;
}

static void agx4_ioctl_queues_and_submit_checked(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	u32 vm = vm_create(test, c);
	struct drm_asahi_queue_create qc = { .vm_id = vm };
	struct drm_asahi_queue_destroy qd = { };
	struct drm_asahi_cmd_header h = {
		.cmd_type = DRM_ASAHI_CMD_COMPUTE, .size = 64,
		.vdm_barrier = DRM_ASAHI_BARRIER_NONE, .cdm_barrier = 0,
	};
	struct drm_asahi_cmd_compute cc = { };
	u32 signalled = new_syncobj(test, c, true);
	u32 empty = new_syncobj(test, c, false);
	struct drm_asahi_sync syncs[2];
	const unsigned long ucmd = c->ubuf, usync = c->ubuf + SZ_64K;
	struct drm_asahi_submit sb;
	unsigned int i;
	u32 qid;
	static const struct {
		const char *what;
		struct drm_asahi_sync s[2];
		int err;
	} bad_syncs[] = {
		{ "sync type 2", { { 2, 1, 0 }, { 0, 2, 0 } }, -EINVAL },
		{ "binary wait with a point", { { 0, 1, 5 }, { 0, 2, 0 } },
		  -EINVAL },
		{ "binary signal with a point", { { 0, 1, 0 }, { 0, 2, 5 } },
		  -EINVAL },
		{ "wait on unknown syncobj", { { 0, 99, 0 }, { 0, 2, 0 } },
		  -ENOENT },
		{ "wait on syncobj without fence", { { 0, 2, 0 }, { 0, 2, 0 } },
		  -EINVAL },
		{ "wait on missing timeline point", { { 1, 1, 7 }, { 0, 2, 0 } },
		  -EINVAL },
		{ "signal unknown syncobj", { { 0, 1, 0 }, { 0, 99, 0 } },
		  -ENOENT },
		{ "signal timeline point 0", { { 0, 1, 0 }, { 1, 2, 0 } },
		  -EINVAL },
	};

	KUNIT_ASSERT_EQ(test, signalled, 1);	/* the table below relies on it */
	KUNIT_ASSERT_EQ(test, empty, 2);

	qc.flags = 1;
	hostile(test, c, "queue flags", agx4_ioctl_queue_create, &qc, -EINVAL);
	qc.flags = 0;
	for (i = DRM_ASAHI_PRIORITY_HIGH; i <= 5; i++) {
		qc.priority = i;
		hostile(test, c, "queue priority", agx4_ioctl_queue_create, &qc,
			-EINVAL);
	}
	qc.priority = DRM_ASAHI_PRIORITY_MEDIUM;
	qc.vm_id = vm + 7;
	hostile(test, c, "queue unknown vm", agx4_ioctl_queue_create, &qc,
		-ENOENT);
	qc.vm_id = vm;
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_create(&c->adev->base, &qc,
						      c->file), 0);
	qid = qc.queue_id;
	KUNIT_EXPECT_NE(test, qid, 0);

	/* A valid submission: one compute command, a wait and a signal. */
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)ucmd, &h, sizeof(h)),
			0);
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)(ucmd + sizeof(h)),
					   &cc, sizeof(cc)), 0);
	syncs[0] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, signalled };
	syncs[1] = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, empty };
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)usync, syncs,
					   sizeof(syncs)), 0);
	sb = (struct drm_asahi_submit){ usync, ucmd, 0, qid, 1, 1, 72, 0 };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_submit(&c->adev->base, &sb, c->file),
			-EOPNOTSUPP);

	sb.flags = 1;
	hostile(test, c, "submit flags", agx4_ioctl_submit, &sb, -EINVAL);
	sb.flags = 0;
	sb.pad = 1;
	hostile(test, c, "submit pad", agx4_ioctl_submit, &sb, -EINVAL);
	sb.pad = 0;
	sb.queue_id = qid + 3;
	hostile(test, c, "submit unknown queue", agx4_ioctl_submit, &sb,
		-ENOENT);
	sb.queue_id = qid;
	sb.in_sync_count = AGX4_SUBMIT_MAX_SYNCS;
	hostile(test, c, "submit too many syncs", agx4_ioctl_submit, &sb,
		-EINVAL);
	sb.in_sync_count = ~0u;
	sb.out_sync_count = ~0u;
	hostile(test, c, "submit sync counts overflow", agx4_ioctl_submit, &sb,
		-EINVAL);
	sb.in_sync_count = 1;
	sb.out_sync_count = 1;
	sb.syncs = 0;
	hostile(test, c, "submit syncs NULL", agx4_ioctl_submit, &sb, -EFAULT);
	sb.syncs = usync;
	sb.cmdbuf_size = AGX4_CMDBUF_MAX_SIZE + 1;
	hostile(test, c, "submit cmdbuf too large", agx4_ioctl_submit, &sb,
		-EINVAL);
	sb.cmdbuf_size = 0;
	hostile(test, c, "submit empty cmdbuf", agx4_ioctl_submit, &sb,
		-EINVAL);
	sb.cmdbuf_size = 71;
	hostile(test, c, "submit cmdbuf cut short", agx4_ioctl_submit, &sb,
		-EINVAL);
	sb.cmdbuf_size = 72;
	sb.cmdbuf = 0;
	hostile(test, c, "submit cmdbuf NULL", agx4_ioctl_submit, &sb, -EFAULT);
	sb.cmdbuf = ucmd;

	for (i = 0; i < ARRAY_SIZE(bad_syncs); i++) {
		KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)usync,
						   bad_syncs[i].s,
						   sizeof(bad_syncs[i].s)), 0);
		hostile(test, c, bad_syncs[i].what, agx4_ioctl_submit, &sb,
			bad_syncs[i].err);
	}

	qd.queue_id = qid;
	qd.pad = 1;
	hostile(test, c, "queue destroy pad", agx4_ioctl_queue_destroy, &qd,
		-EINVAL);
	qd.pad = 0;
	KUNIT_EXPECT_EQ(test, agx4_ioctl_queue_destroy(&c->adev->base, &qd,
						       c->file), 0);
	hostile(test, c, "queue destroy twice", agx4_ioctl_queue_destroy, &qd,
		-ENOENT);
	hostile(test, c, "submit to destroyed queue", agx4_ioctl_submit, &sb,
		-ENOENT);
	kunit_info(test, "agx4-uapi: hostile inputs tried (queue/submit) = %u\n",
		   c->hostile);
}

static void agx4_ioctl_get_params_writes_prefix(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8140);
	struct device *dev = agx4_test_dma_device(test, "agx4_params_test");
	struct drm_asahi_params_global *p;
	struct drm_asahi_get_params gp;
	struct agx4_device *adev;
	struct file *filp;
	u8 *buf;
	int i;

	p = kunit_kzalloc(test, 4096, GFP_KERNEL);
	buf = kunit_kzalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, p);
	KUNIT_ASSERT_NOT_NULL(test, buf);

	/* The ioctl suite's device was never identified. */
	gp = (struct drm_asahi_get_params){ .pointer = c->ubuf, .size = 592 };
	hostile(test, c, "params of an unidentified device",
		agx4_ioctl_get_params, &gp, -ENODEV);

	agx4_test_fake_gpu(test, AGX4_SOC_T8140);
	adev = agx4_device_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	filp = mock_drm_getfile(adev->base.render, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, filp);

	/* Whole: every field, as GET_PARAMS of a t8140 should read. */
	memset(buf, 0xa5, 4096);
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)c->ubuf, buf, 4096),
			0);
	gp = (struct drm_asahi_get_params){ .pointer = c->ubuf, .size = 4096 };
	KUNIT_ASSERT_EQ(test, agx4_ioctl_get_params(&adev->base, &gp,
						    filp->private_data), 0);
	KUNIT_ASSERT_EQ(test, copy_from_user(p, (void __user *)c->ubuf, 4096),
			0);
	KUNIT_EXPECT_EQ(test, p->features, 0);
	KUNIT_EXPECT_EQ(test, p->gpu_generation, 17);
	KUNIT_EXPECT_EQ(test, p->gpu_variant, 'P');
	KUNIT_EXPECT_EQ(test, p->gpu_revision, 0x11);
	KUNIT_EXPECT_EQ(test, p->chip_id, 0x8140);
	KUNIT_EXPECT_EQ(test, p->num_dies, 1);
	KUNIT_EXPECT_EQ(test, p->num_clusters_total, 1);
	KUNIT_EXPECT_EQ(test, p->num_cores_per_cluster, 6);
	KUNIT_EXPECT_EQ(test, p->max_frequency_khz, 1600000);
	KUNIT_EXPECT_EQ(test, p->core_masks[0], 0x3f);
	for (i = 1; i < DRM_ASAHI_MAX_CLUSTERS; i++)
		KUNIT_EXPECT_EQ(test, p->core_masks[i], 0);
	KUNIT_EXPECT_EQ(test, p->vm_start, 0x4000);
	KUNIT_EXPECT_EQ(test, p->vm_end, (1ull << 42) - 0x8000);
	KUNIT_EXPECT_EQ(test, p->vm_kernel_min_size, 0x20000000);
	KUNIT_EXPECT_EQ(test, p->max_commands_per_submission, 64);
	KUNIT_EXPECT_EQ(test, p->max_attachments, 16);
	KUNIT_EXPECT_EQ(test, p->command_timestamp_frequency_hz, 1000000000);
	/* Nothing beyond the structure was written. */
	KUNIT_EXPECT_FALSE(test, memchr_inv((u8 *)p + sizeof(*p), 0xa5,
					    4096 - sizeof(*p)));

	/* A shorter buffer gets a prefix; zero bytes get nothing. */
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)c->ubuf, buf, 4096),
			0);
	gp.size = 12;
	KUNIT_ASSERT_EQ(test, agx4_ioctl_get_params(&adev->base, &gp,
						    filp->private_data), 0);
	KUNIT_ASSERT_EQ(test, copy_from_user(p, (void __user *)c->ubuf, 64), 0);
	KUNIT_EXPECT_EQ(test, p->gpu_generation, 17);
	KUNIT_EXPECT_EQ(test, ((u8 *)p)[12], 0xa5);
	gp.size = 0;
	gp.pointer = 0;
	KUNIT_EXPECT_EQ(test, agx4_ioctl_get_params(&adev->base, &gp,
						    filp->private_data), 0);

	gp = (struct drm_asahi_get_params){ 1, 0, c->ubuf, 592 };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_get_params(&adev->base, &gp,
						    filp->private_data), -EINVAL);
	gp = (struct drm_asahi_get_params){ 0, 1, c->ubuf, 592 };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_get_params(&adev->base, &gp,
						    filp->private_data), -EINVAL);
	gp = (struct drm_asahi_get_params){ 0, 0, 0, 592 };
	KUNIT_EXPECT_EQ(test, agx4_ioctl_get_params(&adev->base, &gp,
						    filp->private_data), -EFAULT);
	c->hostile += 3;
	fput(filp);
	flush_delayed_fput();
	kunit_info(test, "agx4-uapi: hostile inputs tried (get_params) = %u\n",
		   c->hostile);
}

static struct kunit_case agx4_ioctl_cases[] = {
	KUNIT_CASE(agx4_ioctl_get_time_checks_flags),
	KUNIT_CASE(agx4_ioctl_get_params_writes_prefix),
	KUNIT_CASE(agx4_ioctl_vm_create_destroy_check_args),
	KUNIT_CASE(agx4_ioctl_gem_create_and_mmap_offset),
	KUNIT_CASE(agx4_ioctl_vm_bind_copies_checks_and_applies),
	KUNIT_CASE(agx4_ioctl_queues_and_submit_checked),
	{ }
};

static struct kunit_suite agx4_ioctl_suite = {
	.name = "agx4_ioctl",
	.init = ioctl_test_init,
	.exit = ioctl_test_exit,
	.test_cases = agx4_ioctl_cases,
};

kunit_test_suite(agx4_ioctl_suite);
