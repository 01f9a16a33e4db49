// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_ioctl": all eleven ioctls through their handlers (and
 * the ioctl table through drm_ioctl()), with a real DRM file and
 * arguments in user memory.  Every malformed call is checked for its exact
 * errno and for leaving no VM, queue, object, timestamp object or firmware
 * mapping behind; the suite prints how many it tried, per ioctl and in
 * all, when it ends.
 */

#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/dma-buf.h>
#include <linux/file.h>
#include <linux/gfp.h>
#include <linux/mman.h>
#include <linux/scatterlist.h>
#include <linux/sizes.h>
#include <linux/uaccess.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_prime.h>
#include <drm/drm_syncobj.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_mem.h"
#include "../agx4_fw_obj.h"
#include "../agx4_gem.h"
#include "../agx4_queue.h"
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
};

static struct agx4_file *file_of(struct ioctl_ctx *c)
{
	return c->file->driver_priv;
}

/* Malformed calls tried, by ioctl id, over the whole suite. */
static unsigned int tried[DRM_ASAHI_SUBMIT + 1];

static const char *const ioctl_names[] = {
	[DRM_ASAHI_GET_PARAMS] = "GET_PARAMS",
	[DRM_ASAHI_GET_TIME] = "GET_TIME",
	[DRM_ASAHI_VM_CREATE] = "VM_CREATE",
	[DRM_ASAHI_VM_DESTROY] = "VM_DESTROY",
	[DRM_ASAHI_VM_BIND] = "VM_BIND",
	[DRM_ASAHI_GEM_CREATE] = "GEM_CREATE",
	[DRM_ASAHI_GEM_MMAP_OFFSET] = "GEM_MMAP_OFFSET",
	[DRM_ASAHI_GEM_BIND_OBJECT] = "GEM_BIND_OBJECT",
	[DRM_ASAHI_QUEUE_CREATE] = "QUEUE_CREATE",
	[DRM_ASAHI_QUEUE_DESTROY] = "QUEUE_DESTROY",
	[DRM_ASAHI_SUBMIT] = "SUBMIT",
};

typedef int (*ioctl_fn)(struct drm_device *, void *, struct drm_file *);

static unsigned int ioctl_id(ioctl_fn fn)
{
	static const struct {
		ioctl_fn fn;
		unsigned int id;
	} map[] = {
		{ agx4_ioctl_get_params, DRM_ASAHI_GET_PARAMS },
		{ agx4_ioctl_get_time, DRM_ASAHI_GET_TIME },
		{ agx4_ioctl_vm_create, DRM_ASAHI_VM_CREATE },
		{ agx4_ioctl_vm_destroy, DRM_ASAHI_VM_DESTROY },
		{ agx4_ioctl_vm_bind, DRM_ASAHI_VM_BIND },
		{ agx4_ioctl_gem_create, DRM_ASAHI_GEM_CREATE },
		{ agx4_ioctl_gem_mmap_offset, DRM_ASAHI_GEM_MMAP_OFFSET },
		{ agx4_ioctl_gem_bind_object, DRM_ASAHI_GEM_BIND_OBJECT },
		{ agx4_ioctl_queue_create, DRM_ASAHI_QUEUE_CREATE },
		{ agx4_ioctl_queue_destroy, DRM_ASAHI_QUEUE_DESTROY },
		{ agx4_ioctl_submit, DRM_ASAHI_SUBMIT },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(map); i++)
		if (map[i].fn == fn)
			return map[i].id;
	KUNIT_FAIL(kunit_get_current_test(), "not an ioctl handler");
	return 0;
}

static int ioctl_suite_init(struct kunit_suite *suite)
{
	memset(tried, 0, sizeof(tried));
	return 0;
}

static void ioctl_suite_exit(struct kunit_suite *suite)
{
	unsigned int i, total = 0;

	for (i = 0; i < ARRAY_SIZE(tried); i++) {
		kunit_log(KERN_INFO, suite, "agx4-uapi: hostile %s = %u\n",
			  ioctl_names[i], tried[i]);
		total += tried[i];
	}
	kunit_log(KERN_INFO, suite, "agx4-uapi: hostile inputs tried = %u\n",
		  total);
}

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

/* Firmware objects of the timestamp aperture, if the device has one. */
static unsigned long ts_mappings(struct ioctl_ctx *c)
{
	struct agx4_fw_obj_heap *ts;
	unsigned long n = 0;
	struct list_head *l;

	if (!c->adev->mem)
		return 0;
	ts = &c->adev->mem->ts;
	mutex_lock(&ts->lock);
	list_for_each(l, &ts->objects)
		n++;
	mutex_unlock(&ts->lock);
	return n;
}

/*
 * A malformed call: its errno, and no new or lost VM, queue, object,
 * timestamp object or firmware mapping.
 */
static void hostile(struct kunit *test, struct ioctl_ctx *c, const char *what,
		    ioctl_fn fn, void *args, int err)
{
	struct agx4_file *af = c->file->driver_priv;
	int objects = atomic_read(&c->adev->gem_objects);
	unsigned long vms = agx4_vm_pool_count(af->vms), queues = agx4_queue_pool_count(af->queues);
	unsigned long ts = agx4_gem_fw_pool_count(af->fw_objects), maps = ts_mappings(c);

	KUNIT_EXPECT_EQ_MSG(test, fn(&c->adev->base, args, c->file), err, "%s",
			    what);
	KUNIT_EXPECT_EQ_MSG(test, atomic_read(&c->adev->gem_objects), objects,
			    "%s made an object", what);
	KUNIT_EXPECT_EQ_MSG(test, agx4_vm_pool_count(af->vms), vms,
			    "%s changed the VMs", what);
	KUNIT_EXPECT_EQ_MSG(test, agx4_queue_pool_count(af->queues), queues,
			    "%s changed the queues", what);
	KUNIT_EXPECT_EQ_MSG(test, agx4_gem_fw_pool_count(af->fw_objects), ts,
			    "%s changed the timestamp objects", what);
	KUNIT_EXPECT_EQ_MSG(test, ts_mappings(c), maps,
			    "%s changed the aperture", what);
	tried[ioctl_id(fn)]++;
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
	a.flags = 2;
	hostile(test, c, "get_time flag 1", agx4_ioctl_get_time, &a, -EINVAL);
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
		{ "past 2^42", { 1ull << 42, (1ull << 42) + SZ_1G, 0, 0 } },
		{ "starts at 0", { 0, SZ_1G, 0, 0 } },
		{ "one page short of 512 MiB",
		  { AGX4_VM_END - SZ_512M + PG, AGX4_VM_END, 0, 0 } },
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
	/* Flags first: an unknown bit is refused before the VM is looked up. */
	g = (struct drm_asahi_gem_create){ .size = PG,
		.flags = DRM_ASAHI_GEM_VM_PRIVATE | 4, .vm_id = 99 };
	hostile(test, c, "gem unknown flag, private, unknown vm",
		agx4_ioctl_gem_create, &g, -EINVAL);

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
	mo = (struct drm_asahi_gem_mmap_offset){ .handle = h,
						 .flags = 1u << 31 };
	hostile(test, c, "mmap high flag", agx4_ioctl_gem_mmap_offset, &mo,
		-EINVAL);
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
	struct agx4_vm *vm = agx4_vm_pool_get(file_of(c)->vms, vm_id);
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
	/* A stride of 0 is refused even with nothing to bind. */
	b = (struct drm_asahi_vm_bind){ vm_id, 0, 0, 0, c->ubuf };
	hostile(test, c, "bind stride 0, no binds", agx4_ioctl_vm_bind, &b,
		-EINVAL);
	/*
	 * The count limit on its own, under the byte cap: as many valid
	 * unbind operations as the limit bind, one more is refused.
	 */
	{
		const struct drm_asahi_gem_bind_op un = {
			DRM_ASAHI_BIND_UNBIND, 0, 0, PG, 0x1000000000ull };
		unsigned int i, n = AGX4_VM_MAX_BINDS + 1;
		struct drm_asahi_gem_bind_op *many;

		many = kunit_kcalloc(test, n, sizeof(*many), GFP_KERNEL);
		KUNIT_ASSERT_NOT_NULL(test, many);
		for (i = 0; i < n; i++)
			many[i] = un;
		put_ops(test, c, many, n, sizeof(un));
		b = (struct drm_asahi_vm_bind){ vm_id, AGX4_VM_MAX_BINDS,
						sizeof(un), 0, c->ubuf };
		KUNIT_EXPECT_EQ(test, agx4_ioctl_vm_bind(&c->adev->base, &b,
							 c->file), 0);
		b.num_binds++;
		hostile(test, c, "bind one past the limit, all valid",
			agx4_ioctl_vm_bind, &b, -EINVAL);
		memset(many, 0, n * sizeof(*many));
		put_ops(test, c, many, n, sizeof(un));
		kunit_kfree(test, many);
	}
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
	struct drm_asahi_queue_create qc = {
		.vm_id = vm, .usc_exec_base = AGX4_USC_EXEC_BASE,
	};
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
		{ "wait on syncobj 0", { { 0, 0, 0 }, { 0, 2, 0 } }, -ENOENT },
		{ "signal syncobj 0", { { 0, 1, 0 }, { 0, 0, 0 } }, -ENOENT },
		{ "sync type ~0", { { 0, 1, 0 }, { ~0u, 2, 0 } }, -EINVAL },
	};

	static const u64 bad_usc[] = {
		0, AGX4_USC_EXEC_BASE - SZ_4G, AGX4_USC_EXEC_BASE + SZ_4G,
		AGX4_USC_EXEC_BASE | 1, BIT_ULL(39), BIT_ULL(41), ~0ull,
	};
	struct drm_asahi_vm_create carve = {
		.kernel_start = AGX4_USC_EXEC_BASE + SZ_2G,
		.kernel_end = AGX4_USC_EXEC_BASE + SZ_2G + SZ_1G,
	};
	u32 usc_carved;

	KUNIT_ASSERT_EQ(test, signalled, 1);	/* the table below relies on it */
	KUNIT_ASSERT_EQ(test, empty, 2);
	KUNIT_ASSERT_EQ(test, agx4_ioctl_vm_create(&c->adev->base, &carve,
						   c->file), 0);
	usc_carved = carve.vm_id;

	qc.flags = 1;
	hostile(test, c, "queue flags", agx4_ioctl_queue_create, &qc, -EINVAL);
	qc.flags = 0;
	for (i = DRM_ASAHI_PRIORITY_HIGH; i <= 5; i++) {
		qc.priority = i;
		hostile(test, c, "queue priority", agx4_ioctl_queue_create, &qc,
			-EINVAL);
	}
	qc.priority = ~0u;
	hostile(test, c, "queue priority ~0", agx4_ioctl_queue_create, &qc,
		-EINVAL);
	qc.priority = DRM_ASAHI_PRIORITY_MEDIUM;
	qc.flags = 1u << 31;
	hostile(test, c, "queue high flag", agx4_ioctl_queue_create, &qc,
		-EINVAL);
	qc.flags = 0;
	/* The firmware runs shaders only at 2^40, which Mesa passes. */
	for (i = 0; i < ARRAY_SIZE(bad_usc); i++) {
		qc.usc_exec_base = bad_usc[i];
		hostile(test, c, "queue USC base", agx4_ioctl_queue_create, &qc,
			-EINVAL);
	}
	qc.usc_exec_base = AGX4_USC_EXEC_BASE;
	qc.vm_id = usc_carved;
	hostile(test, c, "queue on a VM whose carve-out holds the USC range",
		agx4_ioctl_queue_create, &qc, -EINVAL);
	qc.vm_id = 0;
	hostile(test, c, "queue vm 0", agx4_ioctl_queue_create, &qc, -ENOENT);
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
	/* More than the ioctl keeps on its stack. */
	sb.in_sync_count = 4;
	hostile(test, c, "submit 5 syncs NULL", agx4_ioctl_submit, &sb,
		-EFAULT);
	sb.in_sync_count = 1;
	sb.syncs = usync;
	sb.cmdbuf_size = AGX4_CMDBUF_MAX_SIZE + 1;
	hostile(test, c, "submit cmdbuf too large", agx4_ioctl_submit, &sb,
		-EINVAL);
	/* Refused before the ioctl copies (a 4 GiB copy would not be made). */
	sb.cmdbuf_size = U32_MAX;
	hostile(test, c, "submit cmdbuf of 4 GiB", agx4_ioctl_submit, &sb,
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
	qd.queue_id = 0;
	hostile(test, c, "queue destroy id 0", agx4_ioctl_queue_destroy, &qd,
		-ENOENT);
	qd.queue_id = qid + 40;
	hostile(test, c, "queue destroy unknown", agx4_ioctl_queue_destroy, &qd,
		-ENOENT);
	qd.queue_id = qid;
	KUNIT_EXPECT_EQ(test, agx4_ioctl_queue_destroy(&c->adev->base, &qd,
						       c->file), 0);
	hostile(test, c, "queue destroy twice", agx4_ioctl_queue_destroy, &qd,
		-ENOENT);
	hostile(test, c, "submit to destroyed queue", agx4_ioctl_submit, &sb,
		-ENOENT);
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
	/* Arguments are checked before the device. */
	gp.param_group = ~0u;
	hostile(test, c, "params group ~0", agx4_ioctl_get_params, &gp,
		-EINVAL);
	gp.param_group = 0;
	gp.pad = ~0u;
	hostile(test, c, "params pad ~0", agx4_ioctl_get_params, &gp, -EINVAL);

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
	tried[DRM_ASAHI_GET_PARAMS] += 3;
	fput(filp);
	flush_delayed_fput();
}

static void agx4_ioctl_get_time_scaling_does_not_overflow(struct kunit *test)
{
	/* 10^5 s at 24 MHz: ticks * 10^9 would be 2.4e21, past 2^64. */
	KUNIT_EXPECT_EQ(test, agx4_ticks_to_ns(2400000000000ull, 24000000),
			100000ull * NSEC_PER_SEC);
	/* 200 years at 24 MHz, still exact. */
	KUNIT_EXPECT_EQ(test, agx4_ticks_to_ns(24000000ull * 86400 * 365 * 200,
					       24000000),
			86400ull * 365 * 200 * NSEC_PER_SEC);
	/* A 1 GHz counter is nanoseconds already, to the last value. */
	KUNIT_EXPECT_EQ(test, agx4_ticks_to_ns(U64_MAX, NSEC_PER_SEC), U64_MAX);
	KUNIT_EXPECT_EQ(test, agx4_ticks_to_ns(25, 24000000), 1041);
	KUNIT_EXPECT_EQ(test, agx4_ticks_to_ns(12345, 0), 0);
}

/* Nothing but the file's own handle keeps @b. */
static void expect_only_handle_ref(struct kunit *test,
				   struct agx4_gem_fw_binding *b)
{
	KUNIT_EXPECT_EQ(test, kref_read(&b->ref), 1);
}

static void agx4_ioctl_bind_object_maps_into_aperture(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	const struct agx4_range *ap = &agx4_fw_g16.ts_aperture;
	struct drm_asahi_gem_bind_object a;
	struct agx4_gem_fw_binding *b;
	struct drm_gem_object *obj;
	phys_addr_t pa;
	u32 h, h2, oh;
	u64 va, pte;
	unsigned int i;
	struct {
		const char *what;
		struct drm_asahi_gem_bind_object a;
		int err;
	} bad[] = {
		{ "pad", { .flags = 1, .offset = 0, .range = PG, .pad = 1 },
		  -EINVAL },
		{ "vm_id", { .flags = 1, .vm_id = 1, .range = PG }, -EINVAL },
		{ "op 2", { .op = 2, .flags = 1, .range = PG }, -EINVAL },
		{ "op ~0", { .op = ~0u, .flags = 1, .range = PG }, -EINVAL },
		{ "bind flags 0", { .range = PG }, -EINVAL },
		{ "bind flags 2", { .flags = 2, .range = PG }, -EINVAL },
		{ "bind flags 3", { .flags = 3, .range = PG }, -EINVAL },
		{ "bind high flag", { .flags = 1u << 31 | 1, .range = PG },
		  -EINVAL },
		{ "bind range 0", { .flags = 1 }, -EINVAL },
		{ "bind offset misaligned", { .flags = 1, .offset = 0x1000,
					      .range = PG }, -EINVAL },
		{ "bind range misaligned", { .flags = 1, .range = PG + 8 },
		  -EINVAL },
		{ "bind past the object", { .flags = 1, .offset = 3 * PG,
					    .range = 2 * PG }, -EINVAL },
		{ "bind offset past the object", { .flags = 1,
						   .offset = 8 * PG,
						   .range = PG }, -EINVAL },
		{ "bind offset+range overflows", { .flags = 1,
						   .offset = ~0ull - PG + 1,
						   .range = 2 * PG }, -EINVAL },
		{ "bind range huge", { .flags = 1, .range = 1ull << 62 },
		  -EINVAL },
		{ "unbind flags", { .op = 1, .flags = 1, .object_handle = 1 },
		  -EINVAL },
		{ "unbind handle", { .op = 1, .handle = 1, .object_handle = 1 },
		  -EINVAL },
		{ "unbind offset", { .op = 1, .offset = PG, .object_handle = 1 },
		  -EINVAL },
		{ "unbind range", { .op = 1, .range = PG, .object_handle = 1 },
		  -EINVAL },
		{ "unbind object 0", { .op = 1 }, -ENOENT },
		{ "unbind unknown object", { .op = 1, .object_handle = 77 },
		  -ENOENT },
	};

	/* The suite's device has no firmware address space yet. */
	h = gem_create(test, c, 4 * PG);
	a = (struct drm_asahi_gem_bind_object){ .flags = 1, .handle = h,
						.range = PG };
	hostile(test, c, "bind without device memory",
		agx4_ioctl_gem_bind_object, &a, -ENODEV);
	agx4_test_device_memory(test, c->adev, &agx4_fw_g16);

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		if (!bad[i].a.op)
			bad[i].a.handle = h;
		hostile(test, c, bad[i].what, agx4_ioctl_gem_bind_object,
			&bad[i].a, bad[i].err);
	}
	a = (struct drm_asahi_gem_bind_object){ .flags = 1, .range = PG };
	hostile(test, c, "bind handle 0", agx4_ioctl_gem_bind_object, &a,
		-ENOENT);
	a.handle = h + 50;
	hostile(test, c, "bind unknown handle", agx4_ioctl_gem_bind_object, &a,
		-ENOENT);

	/* Pages 1 and 2 of the object, as the firmware sees them. */
	a = (struct drm_asahi_gem_bind_object){ .flags = 1, .handle = h,
						.offset = PG, .range = 2 * PG };
	KUNIT_ASSERT_EQ(test, agx4_ioctl_gem_bind_object(&c->adev->base, &a,
							 c->file), 0);
	oh = a.object_handle;
	KUNIT_EXPECT_GE(test, oh, 1);
	b = agx4_gem_fw_pool_get(file_of(c)->fw_objects, oh);
	KUNIT_ASSERT_NOT_NULL(test, b);
	va = b->fw->va;
	KUNIT_EXPECT_GE(test, va, ap->start);
	KUNIT_EXPECT_LE(test, va + 2 * PG, ap->start + ap->size);
	for (i = 0; i < 2; i++) {
		KUNIT_ASSERT_EQ(test, agx4_uat_translate(&c->adev->mem->fw_uat,
							 va + i * PG, &pa, &pte),
				0);
		KUNIT_EXPECT_EQ(test, pa, agx4_gem_page_pa(b->bo, 1 + i));
	}
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&c->adev->mem->fw_uat,
						 va + 2 * PG, &pa, &pte), 0);
	agx4_gem_unbind_fw(b);
	expect_only_handle_ref(test, b);

	/* Mesa binds whole objects; a second handle for the same object. */
	a = (struct drm_asahi_gem_bind_object){ .flags = 1, .handle = h,
						.range = 4 * PG };
	KUNIT_ASSERT_EQ(test, agx4_ioctl_gem_bind_object(&c->adev->base, &a,
							 c->file), 0);
	h2 = a.object_handle;
	KUNIT_EXPECT_NE(test, h2, oh);

	/* The binding keeps the object alive after its handle closes. */
	obj = drm_gem_object_lookup(c->file, h);
	KUNIT_ASSERT_NOT_NULL(test, obj);
	drm_gem_object_put(obj);
	KUNIT_EXPECT_EQ(test, drm_gem_handle_delete(c->file, h), 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->adev->gem_objects), 1);

	/* UNBIND removes the mapping and the handle, once. */
	a = (struct drm_asahi_gem_bind_object){
		.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND, .object_handle = oh,
	};
	KUNIT_EXPECT_EQ(test, agx4_ioctl_gem_bind_object(&c->adev->base, &a,
							 c->file), 0);
	KUNIT_EXPECT_NE(test, agx4_uat_translate(&c->adev->mem->fw_uat, va, &pa,
						 &pte), 0);
	KUNIT_EXPECT_NULL(test, agx4_gem_fw_pool_get(file_of(c)->fw_objects, oh));
	hostile(test, c, "unbind twice", agx4_ioctl_gem_bind_object, &a,
		-ENOENT);
	/* h2 is left for file close to release (the exit checks leaks). */
}

static void put_user_buf(struct kunit *test, unsigned long uaddr,
			 const void *p, size_t n)
{
	KUNIT_ASSERT_EQ(test, copy_to_user((void __user *)uaddr, p, n), 0);
}

/*
 * A dma-buf exporter that is not a DRM driver (a display controller, V4L2
 * or udmabuf in real life): one physically contiguous block whose bus
 * address it states itself, starting @misalign bytes into the block.
 */
struct foreign_buf {
	struct page *pages;
	unsigned int order;
	size_t size;
	unsigned int misalign;
};

static struct sg_table *foreign_map(struct dma_buf_attachment *at,
				    enum dma_data_direction dir)
{
	struct foreign_buf *f = at->dmabuf->priv;
	struct sg_table *sgt = kzalloc(sizeof(*sgt), GFP_KERNEL);

	if (!sgt || sg_alloc_table(sgt, 1, GFP_KERNEL)) {
		kfree(sgt);
		return ERR_PTR(-ENOMEM);
	}
	sg_set_page(sgt->sgl, f->pages, f->size, f->misalign);
	sg_dma_address(sgt->sgl) = page_to_phys(f->pages) + f->misalign;
	sg_dma_len(sgt->sgl) = f->size;
	return sgt;
}

static void foreign_unmap(struct dma_buf_attachment *at, struct sg_table *sgt,
			  enum dma_data_direction dir)
{
	sg_free_table(sgt);
	kfree(sgt);
}

static void foreign_release(struct dma_buf *buf)
{
	struct foreign_buf *f = buf->priv;

	__free_pages(f->pages, f->order);
	kfree(f);
}

static const struct dma_buf_ops foreign_ops = {
	.map_dma_buf = foreign_map,
	.unmap_dma_buf = foreign_unmap,
	.release = foreign_release,
};

/* Import @size bytes of a foreign buffer as a handle of @c's file. */
static u32 foreign_import(struct kunit *test, struct ioctl_ctx *c, size_t size,
			  unsigned int misalign, phys_addr_t *pa)
{
	DEFINE_DMA_BUF_EXPORT_INFO(info);
	struct drm_gem_object *imp;
	struct foreign_buf *f;
	struct dma_buf *buf;
	u32 h;

	f = kzalloc(sizeof(*f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->order = get_order(size + misalign);
	f->pages = alloc_pages(GFP_KERNEL | __GFP_ZERO, f->order);
	KUNIT_ASSERT_NOT_NULL(test, f->pages);
	f->size = size;
	f->misalign = misalign;
	*pa = page_to_phys(f->pages) + misalign;
	info.ops = &foreign_ops;
	info.size = size;
	info.flags = O_RDWR;
	info.priv = f;
	buf = dma_buf_export(&info);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, buf);
	imp = drm_gem_prime_import(&c->adev->base, buf);
	dma_buf_put(buf);	/* the import holds the buffer */
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, imp);
	KUNIT_EXPECT_TRUE(test, agx4_gem_is_agx4(imp));
	KUNIT_ASSERT_EQ(test, drm_gem_handle_create(c->file, imp, &h), 0);
	drm_gem_object_put(imp);
	return h;
}

/* Buffers of any exporter bind, at the addresses the exporter gave. */
static void agx4_ioctl_foreign_import_binds_at_exporter_addresses(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	struct drm_asahi_gem_bind_object a = { .flags = 1, .range = PG };
	struct drm_asahi_gem_bind_op op = {
		.flags = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE,
		.range = 2 * PG, .addr = SZ_1G,
	};
	struct drm_asahi_vm_bind vb = { .num_binds = 1, .stride = sizeof(op),
					.userptr = c->ubuf };
	struct agx4_gem_fw_binding *b;
	struct agx4_vm *vm;
	phys_addr_t base, pa;
	u64 pte;
	u32 h;

	agx4_test_device_memory(test, c->adev, &agx4_fw_g16);
	h = foreign_import(test, c, 2 * PG, 0, &base);
	KUNIT_ASSERT_EQ(test, base & (PG - 1), 0);

	op.handle = h;
	put_user_buf(test, c->ubuf, &op, sizeof(op));
	vb.vm_id = vm_create(test, c);
	KUNIT_ASSERT_EQ(test, agx4_ioctl_vm_bind(&c->adev->base, &vb, c->file),
			0);
	vm = agx4_vm_pool_get(file_of(c)->vms, vb.vm_id);
	KUNIT_ASSERT_NOT_NULL(test, vm);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&vm->uat, SZ_1G, &pa, &pte), 0);
	KUNIT_EXPECT_EQ(test, pa, base);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&vm->uat, SZ_1G + PG + 8, &pa,
						 &pte), 0);
	KUNIT_EXPECT_EQ(test, pa, base + PG + 8);
	agx4_vm_put(vm);

	/* Timestamps may land in an imported buffer too. */
	a.handle = h;
	a.offset = PG;
	KUNIT_ASSERT_EQ(test, agx4_ioctl_gem_bind_object(&c->adev->base, &a,
							 c->file), 0);
	b = agx4_gem_fw_pool_get(file_of(c)->fw_objects, a.object_handle);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_EXPECT_EQ(test, agx4_uat_translate(&c->adev->mem->fw_uat,
						 b->fw->va, &pa, &pte), 0);
	KUNIT_EXPECT_EQ(test, pa, base + PG);
	agx4_gem_unbind_fw(b);

	/* Closing the handle unmaps it from the VM (the exit checks leaks). */
	KUNIT_EXPECT_EQ(test, drm_gem_handle_delete(c->file, h), 0);
	vm = agx4_vm_pool_get(file_of(c)->vms, vb.vm_id);
	KUNIT_EXPECT_EQ(test, agx4_vm_num_mappings(vm), 0);
	agx4_vm_put(vm);
	flush_delayed_fput();
}

/*
 * An exporter's segment that is not 16 KiB-aligned cannot be mapped by
 * the GPU: the import works, binding it fails and changes nothing.
 */
static void agx4_ioctl_foreign_import_misaligned_is_refused(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	struct drm_asahi_gem_bind_object a = { .flags = 1, .range = PG };
	struct drm_asahi_gem_bind_op op = { .flags = DRM_ASAHI_BIND_READ,
					    .range = PG, .addr = SZ_1G };
	struct drm_asahi_vm_bind vb = { .num_binds = 1, .stride = sizeof(op),
					.userptr = c->ubuf };
	phys_addr_t pa;
	u32 h;

	agx4_test_device_memory(test, c->adev, &agx4_fw_g16);
	h = foreign_import(test, c, PG, SZ_4K, &pa);

	a.handle = h;
	hostile(test, c, "bind a misaligned import", agx4_ioctl_gem_bind_object,
		&a, -EINVAL);
	op.handle = h;
	put_user_buf(test, c->ubuf, &op, sizeof(op));
	vb.vm_id = vm_create(test, c);
	hostile(test, c, "vm_bind a misaligned import", agx4_ioctl_vm_bind,
		&vb, -EINVAL);
	KUNIT_EXPECT_EQ(test, drm_gem_handle_delete(c->file, h), 0);
	flush_delayed_fput();
}

/* A queue on a new VM, for submissions. */
static u32 new_queue(struct kunit *test, struct ioctl_ctx *c)
{
	struct drm_asahi_queue_create qc = {
		.vm_id = vm_create(test, c), .usc_exec_base = AGX4_USC_EXEC_BASE,
	};

	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_create(&c->adev->base, &qc,
						      c->file), 0);
	return qc.queue_id;
}

/* A bound whole object of @pages pages; its object handle. */
static u32 new_ts_object(struct kunit *test, struct ioctl_ctx *c, u64 pages)
{
	struct drm_asahi_gem_bind_object a = {
		.flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
		.handle = gem_create(test, c, pages * PG), .range = pages * PG,
	};

	KUNIT_ASSERT_EQ(test, agx4_ioctl_gem_bind_object(&c->adev->base, &a,
							 c->file), 0);
	return a.object_handle;
}

static struct drm_asahi_cmd_render ok_render(void)
{
	return (struct drm_asahi_cmd_render){
		.width_px = 64, .height_px = 64, .layers = 1,
		.utile_width_px = 32, .utile_height_px = 32, .samples = 1,
	};
}

/* One command, header and payload, at @uaddr; returns the bytes. */
static u32 put_cmd(struct kunit *test, unsigned long uaddr, u16 type,
		   const void *payload, u16 size)
{
	struct drm_asahi_cmd_header hd = {
		.cmd_type = type, .size = size,
		.vdm_barrier = DRM_ASAHI_BARRIER_NONE,
		.cdm_barrier = DRM_ASAHI_BARRIER_NONE,
	};

	put_user_buf(test, uaddr, &hd, sizeof(hd));
	put_user_buf(test, uaddr + sizeof(hd), payload, size);
	return sizeof(hd) + size;
}

static void agx4_ioctl_submit_resolves_timestamps(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	const unsigned long ucmd = c->ubuf;
	struct drm_asahi_cmd_render r;
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_submit sb;
	struct agx4_gem_fw_binding *b;
	u32 qid, oh, i;
	static const struct {
		const char *what;
		u32 handle_add;	/* added to the good handle; ~0 for 0 */
		u32 offset;
		int err;
	} bad[] = {
		{ "ts unknown object", 5, 0, -ENOENT },
		{ "ts at the end", 0, 2 * 0x4000, -ERANGE },
		{ "ts last 4 bytes", 0, 2 * 0x4000 - 4, -EINVAL },
		{ "ts misaligned", 0, 12, -EINVAL },
		{ "ts offset 0xfffffff8", 0, 0xfffffff8, -ERANGE },
		{ "ts no object, offset", ~0u, 8, -EINVAL },
	};

	agx4_test_device_memory(test, c->adev, &agx4_fw_g16);
	qid = new_queue(test, c);
	oh = new_ts_object(test, c, 2);
	b = agx4_gem_fw_pool_get(file_of(c)->fw_objects, oh);
	KUNIT_ASSERT_NOT_NULL(test, b);
	agx4_gem_unbind_fw(b);

	/* Valid: compute start and end at the ends of the object. */
	cc = (struct drm_asahi_cmd_compute){ };
	cc.ts.start.handle = oh;
	cc.ts.end.handle = oh;
	cc.ts.end.offset = 2 * PG - 8;
	sb = (struct drm_asahi_submit){ .cmdbuf = ucmd, .queue_id = qid };
	sb.cmdbuf_size = put_cmd(test, ucmd, DRM_ASAHI_CMD_COMPUTE, &cc,
				 sizeof(cc));
	KUNIT_EXPECT_EQ(test, agx4_ioctl_submit(&c->adev->base, &sb, c->file),
			-EOPNOTSUPP);
	expect_only_handle_ref(test, b);

	/* Valid: a render naming all four. */
	r = ok_render();
	r.ts_vtx.start.handle = oh;
	r.ts_vtx.end = (struct drm_asahi_timestamp){ oh, 8 };
	r.ts_frag.start = (struct drm_asahi_timestamp){ oh, 16 };
	r.ts_frag.end = (struct drm_asahi_timestamp){ oh, 24 };
	sb.cmdbuf_size = put_cmd(test, ucmd, DRM_ASAHI_CMD_RENDER, &r,
				 sizeof(r));
	KUNIT_EXPECT_EQ(test, agx4_ioctl_submit(&c->adev->base, &sb, c->file),
			-EOPNOTSUPP);
	expect_only_handle_ref(test, b);

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		struct drm_asahi_timestamp t = {
			bad[i].handle_add == ~0u ? 0 : oh + bad[i].handle_add,
			bad[i].offset,
		};

		/* In a compute command's end... */
		cc = (struct drm_asahi_cmd_compute){ };
		cc.ts.start.handle = oh;
		cc.ts.end = t;
		sb.cmdbuf_size = put_cmd(test, ucmd, DRM_ASAHI_CMD_COMPUTE, &cc,
					 sizeof(cc));
		hostile(test, c, bad[i].what, agx4_ioctl_submit, &sb,
			bad[i].err);
		expect_only_handle_ref(test, b);
		/* ...and a render command's fragment end. */
		r = ok_render();
		r.ts_vtx.start.handle = oh;
		r.ts_frag.end = t;
		sb.cmdbuf_size = put_cmd(test, ucmd, DRM_ASAHI_CMD_RENDER, &r,
					 sizeof(r));
		hostile(test, c, bad[i].what, agx4_ioctl_submit, &sb,
			bad[i].err);
		expect_only_handle_ref(test, b);
	}
}

/*
 * Malformed command buffers through SUBMIT, including each command-buffer
 * mis-parse known in the upstream Rust driver.
 */
static void agx4_ioctl_submit_rejects_bad_command_buffers(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	const unsigned long u = c->ubuf;
	struct drm_asahi_cmd_header hd = {
		.cmd_type = DRM_ASAHI_CMD_COMPUTE, .size = 64,
		.vdm_barrier = DRM_ASAHI_BARRIER_NONE,
		.cdm_barrier = DRM_ASAHI_BARRIER_NONE,
	};
	struct drm_asahi_attachment att[17] = { };
	struct drm_asahi_cmd_compute cc = { };
	struct drm_asahi_cmd_render r;
	struct drm_asahi_submit sb;
	u8 *big;
	u32 n, i;

	big = kunit_kzalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, big);
	sb = (struct drm_asahi_submit){ .cmdbuf = u,
					.queue_id = new_queue(test, c) };

	/* Framing. */
	put_user_buf(test, u, &hd, sizeof(hd));
	sb.cmdbuf_size = 4;
	hostile(test, c, "cmdbuf cut mid-header", agx4_ioctl_submit, &sb,
		-EINVAL);
	sb.cmdbuf_size = 7;
	hostile(test, c, "cmdbuf 7 bytes", agx4_ioctl_submit, &sb, -EINVAL);
	n = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc));
	sb.cmdbuf_size = n - 1;
	hostile(test, c, "command longer than the buffer", agx4_ioctl_submit,
		&sb, -EINVAL);
	sb.cmdbuf_size = n + 3;
	hostile(test, c, "trailing bytes after a command", agx4_ioctl_submit,
		&sb, -EINVAL);
	n = put_cmd(test, u, 5, NULL, 0);
	sb.cmdbuf_size = n;
	hostile(test, c, "command type 5", agx4_ioctl_submit, &sb, -EINVAL);
	n = put_cmd(test, u, 0xffff, NULL, 0);
	hostile(test, c, "command type 0xffff", agx4_ioctl_submit, &sb,
		-EINVAL);
	n = put_cmd(test, u, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, NULL, 0);
	sb.cmdbuf_size = n;
	hostile(test, c, "only a software command", agx4_ioctl_submit, &sb,
		-EINVAL);
	for (i = n = 0; i < AGX4_MAX_COMMANDS + 1; i++)
		n += put_cmd(test, u + n, DRM_ASAHI_CMD_COMPUTE, &cc,
			     sizeof(cc));
	sb.cmdbuf_size = n;
	hostile(test, c, "65 commands", agx4_ioctl_submit, &sb, -EINVAL);

	/* A payload longer than the structure: the tail must be zero. */
	memset(big, 0, 512);
	big[sizeof(cc) + 7] = 1;
	n = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, big, sizeof(cc) + 8);
	sb.cmdbuf_size = n;
	hostile(test, c, "compute payload with a junk tail", agx4_ioctl_submit,
		&sb, -EINVAL);
	big[sizeof(cc) + 7] = 0;
	n = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, big, sizeof(cc) + 8);
	KUNIT_EXPECT_EQ(test, agx4_ioctl_submit(&c->adev->base, &sb, c->file),
			-EOPNOTSUPP);
	r = ok_render();
	memset(big, 0, 512);
	memcpy(big, &r, sizeof(r));
	big[sizeof(r) + 100] = 0x80;
	sb.cmdbuf_size = put_cmd(test, u, DRM_ASAHI_CMD_RENDER, big,
				 sizeof(r) + 128);
	hostile(test, c, "render payload with a junk tail", agx4_ioctl_submit,
		&sb, -EINVAL);
	/* A longer payload then a second command: walked by its size. */
	big[sizeof(r) + 100] = 0;
	n = put_cmd(test, u, DRM_ASAHI_CMD_RENDER, big, sizeof(r) + 128);
	n += put_cmd(test, u + n, 9, NULL, 0);
	sb.cmdbuf_size = n;
	hostile(test, c, "bad command after a long payload", agx4_ioctl_submit,
		&sb, -EINVAL);

	/* Barriers. */
	hd = (struct drm_asahi_cmd_header){ DRM_ASAHI_CMD_COMPUTE, 64,
					    DRM_ASAHI_BARRIER_NONE, 1 };
	put_user_buf(test, u, &hd, sizeof(hd));
	put_user_buf(test, u + sizeof(hd), &cc, sizeof(cc));
	sb.cmdbuf_size = sizeof(hd) + sizeof(cc);
	hostile(test, c, "compute waits for itself", agx4_ioctl_submit, &sb,
		-EINVAL);
	hd.cdm_barrier = 0xfffe;
	put_user_buf(test, u, &hd, sizeof(hd));
	hostile(test, c, "barrier 0xfffe", agx4_ioctl_submit, &sb, -EINVAL);
	hd = (struct drm_asahi_cmd_header){ DRM_ASAHI_CMD_COMPUTE, 64, 1,
					    DRM_ASAHI_BARRIER_NONE };
	put_user_buf(test, u, &hd, sizeof(hd));
	hostile(test, c, "compute waits for a later render", agx4_ioctl_submit,
		&sb, -EINVAL);
	hd = (struct drm_asahi_cmd_header){ DRM_ASAHI_SET_COMPUTE_ATTACHMENTS,
					    0, DRM_ASAHI_BARRIER_NONE, 0 };
	put_user_buf(test, u, &hd, sizeof(hd));
	n = sizeof(hd) + put_cmd(test, u + sizeof(hd), DRM_ASAHI_CMD_COMPUTE,
				 &cc, sizeof(cc));
	sb.cmdbuf_size = n;
	hostile(test, c, "barrier 0 on a software command", agx4_ioctl_submit,
		&sb, -EINVAL);
	hd.vdm_barrier = 3;
	hd.cdm_barrier = DRM_ASAHI_BARRIER_NONE;
	put_user_buf(test, u, &hd, sizeof(hd));
	hostile(test, c, "vdm barrier on a software command",
		agx4_ioctl_submit, &sb, -EINVAL);
	/* Two computes; the second waits for a third. */
	n = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc));
	hd = (struct drm_asahi_cmd_header){ DRM_ASAHI_CMD_COMPUTE, 64,
					    DRM_ASAHI_BARRIER_NONE, 2 };
	put_user_buf(test, u + n, &hd, sizeof(hd));
	put_user_buf(test, u + n + sizeof(hd), &cc, sizeof(cc));
	sb.cmdbuf_size = n + sizeof(hd) + sizeof(cc);
	hostile(test, c, "compute waits for a later compute",
		agx4_ioctl_submit, &sb, -EINVAL);
	hd.cdm_barrier = 1;
	put_user_buf(test, u + n, &hd, sizeof(hd));
	KUNIT_EXPECT_EQ(test, agx4_ioctl_submit(&c->adev->base, &sb, c->file),
			-EOPNOTSUPP);

	/* Attachments. */
	for (i = 0; i < ARRAY_SIZE(att); i++)
		att[i] = (struct drm_asahi_attachment){ 0x100000000ull, 64 };
	n = put_cmd(test, u, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, att, 25);
	sb.cmdbuf_size = n + put_cmd(test, u + n, DRM_ASAHI_CMD_COMPUTE, &cc,
				     sizeof(cc));
	hostile(test, c, "attachments of 25 bytes", agx4_ioctl_submit, &sb,
		-EINVAL);
	n = put_cmd(test, u, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, att, 49);
	sb.cmdbuf_size = n + put_cmd(test, u + n, DRM_ASAHI_CMD_COMPUTE, &cc,
				     sizeof(cc));
	hostile(test, c, "attachments of 49 bytes", agx4_ioctl_submit, &sb,
		-EINVAL);
	n = put_cmd(test, u, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, att,
		    sizeof(att));
	sb.cmdbuf_size = n + put_cmd(test, u + n, DRM_ASAHI_CMD_COMPUTE, &cc,
				     sizeof(cc));
	hostile(test, c, "17 attachments", agx4_ioctl_submit, &sb, -EINVAL);
	att[0].pad = 1;
	n = put_cmd(test, u, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, att,
		    2 * sizeof(att[0]));
	sb.cmdbuf_size = n + put_cmd(test, u + n, DRM_ASAHI_CMD_COMPUTE, &cc,
				     sizeof(cc));
	hostile(test, c, "attachment pad", agx4_ioctl_submit, &sb, -EINVAL);
	att[0].pad = 0;
	att[1].flags = 4;
	n = put_cmd(test, u, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, att,
		    2 * sizeof(att[0]));
	sb.cmdbuf_size = n + put_cmd(test, u + n, DRM_ASAHI_CMD_COMPUTE, &cc,
				     sizeof(cc));
	hostile(test, c, "attachment flags", agx4_ioctl_submit, &sb, -EINVAL);
	att[1].flags = 0;
	att[1].size = ~0ull;
	n = put_cmd(test, u, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, att,
		    2 * sizeof(att[0]));
	sb.cmdbuf_size = n + put_cmd(test, u + n, DRM_ASAHI_CMD_COMPUTE, &cc,
				     sizeof(cc));
	hostile(test, c, "attachment size overflows", agx4_ioctl_submit, &sb,
		-EINVAL);

	/* Render and compute fields. */
#define RF(f) offsetof(struct drm_asahi_cmd_render, f)
	{
		static const struct {
			const char *what;
			u32 off;	/* of the field in the render command */
			u32 size;
			u32 value;
		} fields[] = {
			{ "render flag bit 4", RF(flags), 4, 0x10 },
			{ "render width 0", RF(width_px), 2, 0 },
			{ "render width 16385", RF(width_px), 2, 16385 },
			{ "render height 0", RF(height_px), 2, 0 },
			{ "render layers 0", RF(layers), 2, 0 },
			{ "render layers 2049", RF(layers), 2, 2049 },
			{ "render utile 8", RF(utile_width_px), 1, 8 },
			{ "render samples 3", RF(samples), 1, 3 },
			{ "render samples 0", RF(samples), 1, 0 },
			{ "render samples 8", RF(samples), 1, 8 },
			{ "render height 16385", RF(height_px), 2, 16385 },
			{ "render utile 32x8", RF(utile_height_px), 1, 8 },
			{ "render flag bit 17", RF(flags), 4, 1u << 17 },
			{ "render flag bit 31", RF(flags), 4, 1u << 31 },
		};

		for (i = 0; i < ARRAY_SIZE(fields); i++) {
			r = ok_render();
			memcpy((u8 *)&r + fields[i].off, &fields[i].value,
			       fields[i].size);	/* little-endian */
			sb.cmdbuf_size = put_cmd(test, u, DRM_ASAHI_CMD_RENDER,
						 &r, sizeof(r));
			hostile(test, c, fields[i].what, agx4_ioctl_submit,
				&sb, -EINVAL);
		}
	}
#undef RF
	cc.flags = 1;
	sb.cmdbuf_size = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, &cc,
				 sizeof(cc));
	hostile(test, c, "compute flags", agx4_ioctl_submit, &sb, -EINVAL);
	cc.flags = 0;
	cc.ts.start.handle = 3;
	sb.cmdbuf_size = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, &cc,
				 sizeof(cc));
	hostile(test, c, "compute timestamp without objects",
		agx4_ioctl_submit, &sb, -ENOENT);
}

/* Ids and handles are per file: another file's are unknown here. */
static void agx4_ioctl_other_files_ids_are_unknown(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	const unsigned long u = c->ubuf;
	struct drm_asahi_gem_bind_object bo;
	struct drm_asahi_gem_mmap_offset mo;
	struct drm_asahi_queue_destroy qd;
	struct drm_asahi_queue_create qc;
	struct drm_asahi_cmd_compute cc;
	struct drm_asahi_gem_create g;
	struct drm_asahi_vm_destroy vd;
	struct drm_asahi_gem_bind_op op;
	struct drm_asahi_vm_bind vb;
	struct drm_asahi_submit sb;
	struct drm_asahi_sync sy;
	struct drm_file *mine = c->file, *other;
	struct drm_syncobj *so;
	struct file *filp;
	u32 vm_b, q_b, gem_b, ts_b, sync_b, q_a;

	agx4_test_device_memory(test, c->adev, &agx4_fw_g16);
	filp = mock_drm_getfile(c->adev->base.primary, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, filp);
	other = filp->private_data;

	/* File B: a VM, a queue, an object, a timestamp object, a syncobj. */
	c->file = other;
	vm_b = vm_create(test, c);
	qc = (struct drm_asahi_queue_create){
		.vm_id = vm_b, .usc_exec_base = AGX4_USC_EXEC_BASE,
	};
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_create(&c->adev->base, &qc,
						      other), 0);
	q_b = qc.queue_id;
	ts_b = new_ts_object(test, c, 1);
	gem_b = gem_create(test, c, PG);
	KUNIT_ASSERT_EQ(test, drm_syncobj_create(&so, 0, NULL), 0);
	KUNIT_ASSERT_EQ(test, drm_syncobj_get_handle(other, so, &sync_b), 0);
	drm_syncobj_put(so);
	c->file = mine;

	vd = (struct drm_asahi_vm_destroy){ .vm_id = vm_b };
	hostile(test, c, "destroy another file's VM", agx4_ioctl_vm_destroy,
		&vd, -ENOENT);
	op = (struct drm_asahi_gem_bind_op){ .flags = DRM_ASAHI_BIND_READ,
					     .handle = gem_b, .range = PG,
					     .addr = SZ_1G };
	put_user_buf(test, u, &op, sizeof(op));
	vb = (struct drm_asahi_vm_bind){ .vm_id = vm_b, .num_binds = 1,
					 .stride = sizeof(op), .userptr = u };
	hostile(test, c, "bind into another file's VM", agx4_ioctl_vm_bind,
		&vb, -ENOENT);
	g = (struct drm_asahi_gem_create){ .size = PG, .vm_id = vm_b,
					   .flags = DRM_ASAHI_GEM_VM_PRIVATE };
	hostile(test, c, "object private to another file's VM",
		agx4_ioctl_gem_create, &g, -ENOENT);
	qc = (struct drm_asahi_queue_create){
		.vm_id = vm_b, .usc_exec_base = AGX4_USC_EXEC_BASE,
	};
	hostile(test, c, "queue on another file's VM", agx4_ioctl_queue_create,
		&qc, -ENOENT);
	qd = (struct drm_asahi_queue_destroy){ .queue_id = q_b };
	hostile(test, c, "destroy another file's queue",
		agx4_ioctl_queue_destroy, &qd, -ENOENT);
	sb = (struct drm_asahi_submit){ .queue_id = q_b, .cmdbuf = u,
					.cmdbuf_size = 72 };
	hostile(test, c, "submit to another file's queue", agx4_ioctl_submit,
		&sb, -ENOENT);
	mo = (struct drm_asahi_gem_mmap_offset){ .handle = gem_b };
	hostile(test, c, "mmap another file's object",
		agx4_ioctl_gem_mmap_offset, &mo, -ENOENT);
	bo = (struct drm_asahi_gem_bind_object){ .flags = 1, .handle = gem_b,
						 .range = PG };
	hostile(test, c, "bind another file's object",
		agx4_ioctl_gem_bind_object, &bo, -ENOENT);
	bo = (struct drm_asahi_gem_bind_object){ .op = 1,
						 .object_handle = ts_b };
	hostile(test, c, "unbind another file's timestamps",
		agx4_ioctl_gem_bind_object, &bo, -ENOENT);

	/* My own queue, naming file B's timestamps and syncobj. */
	q_a = new_queue(test, c);
	cc = (struct drm_asahi_cmd_compute){ };
	cc.ts.end.handle = ts_b;
	sb = (struct drm_asahi_submit){ .queue_id = q_a, .cmdbuf = u };
	sb.cmdbuf_size = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, &cc,
				 sizeof(cc));
	hostile(test, c, "another file's timestamps", agx4_ioctl_submit, &sb,
		-ENOENT);
	cc.ts.end.handle = 0;
	sb.cmdbuf_size = put_cmd(test, u, DRM_ASAHI_CMD_COMPUTE, &cc,
				 sizeof(cc));
	sy = (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, sync_b };
	put_user_buf(test, u + SZ_64K, &sy, sizeof(sy));
	sb.syncs = u + SZ_64K;
	sb.out_sync_count = 1;
	hostile(test, c, "another file's syncobj", agx4_ioctl_submit, &sb,
		-ENOENT);
	/* File B's object handle names nothing in my VM either. */
	op.handle = gem_b;
	put_user_buf(test, u, &op, sizeof(op));
	vb.vm_id = vm_create(test, c);
	hostile(test, c, "bind another file's object handle",
		agx4_ioctl_vm_bind, &vb, -ENOENT);

	fput(filp);
	flush_delayed_fput();
}

/* The ioctl table, through the DRM core's entry point. */
static void agx4_ioctl_table_dispatches_by_number(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	struct drm_asahi_gem_bind_object bo = { .pad = 1 };
	struct drm_asahi_get_time t = { };
	struct drm_asahi_gem_create g = { .size = PG };

	put_user_buf(test, c->ubuf, &t, sizeof(t));
	KUNIT_EXPECT_EQ(test, drm_ioctl(c->filp, DRM_IOCTL_ASAHI_GET_TIME,
					c->ubuf), 0);
	KUNIT_ASSERT_EQ(test, copy_from_user(&t, (void __user *)c->ubuf,
					     sizeof(t)), 0);
	KUNIT_EXPECT_NE(test, t.gpu_timestamp, 0);

	put_user_buf(test, c->ubuf, &g, sizeof(g));
	KUNIT_EXPECT_EQ(test, drm_ioctl(c->filp, DRM_IOCTL_ASAHI_GEM_CREATE,
					c->ubuf), 0);
	KUNIT_ASSERT_EQ(test, copy_from_user(&g, (void __user *)c->ubuf,
					     sizeof(g)), 0);
	KUNIT_EXPECT_NE(test, g.handle, 0);
	KUNIT_EXPECT_EQ(test, atomic_read(&c->adev->gem_objects), 1);

	/* GEM_BIND_OBJECT has its entry (a pad error, not "no ioctl"). */
	put_user_buf(test, c->ubuf, &bo, sizeof(bo));
	KUNIT_EXPECT_EQ(test, drm_ioctl(c->filp,
					DRM_IOCTL_ASAHI_GEM_BIND_OBJECT,
					c->ubuf), -EINVAL);
	bo = (struct drm_asahi_gem_bind_object){ .op = 1, .object_handle = 9 };
	put_user_buf(test, c->ubuf, &bo, sizeof(bo));
	KUNIT_EXPECT_EQ(test, drm_ioctl(c->filp,
					DRM_IOCTL_ASAHI_GEM_BIND_OBJECT,
					c->ubuf), -ENOENT);
	/* Past the last id: the core's -EINVAL. */
	KUNIT_EXPECT_EQ(test, drm_ioctl(c->filp,
					DRM_IOWR(DRM_COMMAND_BASE + 11,
						 struct drm_asahi_get_time),
					c->ubuf), -EINVAL);
}

#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
/*
 * On a device without submission QUEUE_CREATE still makes a queue (that
 * SUBMIT then refuses).  Out of memory for it, QUEUE_CREATE answers
 * -ENOMEM and makes nothing: the next QUEUE_CREATE gets the first id.
 */
static void agx4_ioctl_queue_create_out_of_memory_makes_nothing(struct kunit *test)
{
	struct ioctl_ctx *c = test->priv;
	struct drm_asahi_queue_create qc = {
		.vm_id = vm_create(test, c),
		.priority = DRM_ASAHI_PRIORITY_MEDIUM,
		.usc_exec_base = AGX4_USC_EXEC_BASE,
	};
	int ret;

	if (!agx4_test_failslab(test))
		kunit_skip(test, "no failslab in debugfs");
	/* Its first allocation: the queue. */
	agx4_test_fail_nth(1);
	ret = agx4_ioctl_queue_create(&c->adev->base, &qc, c->file);
	KUNIT_EXPECT_TRUE(test, agx4_test_fail_hit());
	KUNIT_EXPECT_EQ(test, ret, -ENOMEM);
	KUNIT_EXPECT_EQ(test, qc.queue_id, 0);
	KUNIT_ASSERT_EQ(test, agx4_ioctl_queue_create(&c->adev->base, &qc,
						      c->file), 0);
	KUNIT_EXPECT_EQ(test, qc.queue_id, 1);
}
#endif

static struct kunit_case agx4_ioctl_cases[] = {
	KUNIT_CASE(agx4_ioctl_get_time_checks_flags),
	KUNIT_CASE(agx4_ioctl_get_params_writes_prefix),
	KUNIT_CASE(agx4_ioctl_vm_create_destroy_check_args),
	KUNIT_CASE(agx4_ioctl_gem_create_and_mmap_offset),
	KUNIT_CASE(agx4_ioctl_vm_bind_copies_checks_and_applies),
	KUNIT_CASE(agx4_ioctl_queues_and_submit_checked),
	KUNIT_CASE(agx4_ioctl_get_time_scaling_does_not_overflow),
	KUNIT_CASE(agx4_ioctl_bind_object_maps_into_aperture),
	KUNIT_CASE(agx4_ioctl_foreign_import_binds_at_exporter_addresses),
	KUNIT_CASE(agx4_ioctl_foreign_import_misaligned_is_refused),
	KUNIT_CASE(agx4_ioctl_submit_resolves_timestamps),
	KUNIT_CASE(agx4_ioctl_submit_rejects_bad_command_buffers),
	KUNIT_CASE(agx4_ioctl_other_files_ids_are_unknown),
	KUNIT_CASE(agx4_ioctl_table_dispatches_by_number),
#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
	KUNIT_CASE(agx4_ioctl_queue_create_out_of_memory_makes_nothing),
#endif
	{ }
};

static struct kunit_suite agx4_ioctl_suite = {
	.name = "agx4_ioctl",
	.suite_init = ioctl_suite_init,
	.suite_exit = ioctl_suite_exit,
	.init = ioctl_test_init,
	.exit = ioctl_test_exit,
	.test_cases = agx4_ioctl_cases,
};

kunit_test_suite(agx4_ioctl_suite);
