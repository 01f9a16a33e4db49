// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Helpers shared by the agx4 KUnit suites.
 */

#include <kunit/device.h>
#include <kunit/static_stub.h>
#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/debugfs.h>
#include <linux/devcoredump.h>
#include <linux/dma-fence.h>
#include <linux/dma-mapping.h>
#include <linux/file.h>
#include <linux/gfp.h>
#include <linux/iosys-map.h>
#include <linux/log2.h>
#include <linux/logic_iomem.h>
#include <linux/mman.h>
#include <linux/scatterlist.h>
#include <linux/uaccess.h>

#include <drm/drm_kunit_helpers.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_managed.h>
#include <drm/drm_prime.h>
#include <drm/drm_syncobj.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_engine.h"
#include "../agx4_fw.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g16_boot.h"
#include "../agx4_fw_mem.h"
#include "../agx4_fw_obj.h"
#include "../agx4_fw_queue.h"
#include "../agx4_fwmodel.h"
#include "../agx4_gem.h"
#include "../agx4_reset.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

const struct agx4_uat_geom agx4_test_g16_geom = {
	.levels = 3, .root_shift = 36, .root_entries = 64, .entries = 2048,
	.oa_bits = 42,
};

const struct agx4_uat_geom agx4_test_g13_geom = {
	.levels = 3, .root_shift = 36, .root_entries = 8, .entries = 2048,
	.oa_bits = 42,
};

/**
 * agx4_test_dma_device() - a device that page tables can be DMA-mapped for
 * @test: the test; the device goes with it.
 * @name: its name.
 *
 * Return: the device.
 */
struct device *agx4_test_dma_device(struct kunit *test, const char *name)
{
	struct device *dev = kunit_device_register(test, name);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	dev->dma_mask = &dev->coherent_dma_mask;
	KUNIT_ASSERT_EQ(test, dma_set_mask_and_coherent(dev, DMA_BIT_MASK(64)),
			0);
	return dev;
}

/**
 * agx4_test_drm_device() - an agx4 DRM device on a fake parent, not probed
 * @test: the test; the device goes with it.
 * @name: the parent's name, unique within the test.
 *
 * Return: the device.
 */
struct agx4_device *agx4_test_drm_device(struct kunit *test, const char *name)
{
	struct device *dev = agx4_test_dma_device(test, name);
	struct agx4_device *adev;

	adev = drm_kunit_helper_alloc_drm_device_with_driver(test, dev,
							     struct agx4_device,
							     base,
							     &agx4_drm_driver);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	adev->uat_geom = &agx4_test_g16_geom;
	return adev;
}

/*
 * The register file and the firmware model of the running test.  KUnit
 * runs one case at a time, and every case that probes sets them first.
 */
static struct agx4_test_regs *current_regs;
static struct agx4_fwmodel *current_model;
static u32 *current_sgx;
static size_t current_sgx_size;
/* A fault to arm on the next model, and the handshake timeout to use. */
static enum agx4_fwmodel_fault next_fault;
static u32 next_fault_arg;
static unsigned int next_timeout_ms;
static bool next_trace;
/* A register the host reads as pinned_value, whatever was written. */
static u32 pinned_offset = U32_MAX;
static u32 pinned_value;

static void model_destroy(struct drm_device *drm, void *data)
{
	if (current_model == data) {
		current_model = NULL;
		current_sgx = NULL;
	}
	agx4_fwmodel_destroy(data);
}

static u32 *sgx_word(u32 offset)
{
	struct kunit *test = kunit_get_current_test();

	if (!current_sgx || offset % 4 || offset >= current_sgx_size) {
		/* Off the test's thread (a work item), there is no test. */
		if (test)
			KUNIT_FAIL(test, "access to SGX+%#x", offset);
		else
			pr_err("agx4 test: access to SGX+%#x\n", offset);
		return NULL;
	}
	return &current_sgx[offset / 4];
}

static void fake_write_sgx(struct agx4_device *adev, u32 offset, u32 value)
{
	u32 *w = sgx_word(offset);

	if (w)
		WRITE_ONCE(*w, value);
	if (current_model)
		agx4_fwmodel_trace_sgx(current_model, offset, value);
}

static u32 fake_read_sgx(struct agx4_device *adev, u32 offset)
{
	struct agx4_test_regs *r = current_regs;
	u32 *w;

	switch (offset) {
	case 0xd04000:
		return r->id;
	case 0xd04010:
		return r->counts;
	case 0xe01500:
		return r->core_mask;
	default:
		if (offset == READ_ONCE(pinned_offset))
			return READ_ONCE(pinned_value);
		/* Anything else is the model's register file. */
		w = sgx_word(offset);
		return w ? READ_ONCE(*w) : 0;
	}
}

#if IS_ENABLED(CONFIG_INDIRECT_IOMEM)
/*
 * The register window, for accesses off the test's thread: static stubs
 * only redirect calls made by the test's own task, and the driver reads
 * and writes registers from work items too (the scheduler's run_job, the
 * event drain).  Under UML, an ioremap() of a region registered with
 * logic_iomem gives a mapping whose readl()/writel() call back here from
 * any task.  A logic_iomem mapping spans at most 16 MiB, so the window is
 * mapped as WINDOW_CHUNKS consecutive mappings; regions cannot be removed,
 * so one is registered for the whole run.
 */
#define WINDOW_CHUNK	SZ_16M
#define WINDOW_CHUNKS	2
#define WINDOW_BASE	0x7f0000000000ull

static struct resource window_res = {
	.name = "agx4 test SGX",
	.start = WINDOW_BASE,
	.end = WINDOW_BASE + WINDOW_CHUNKS * WINDOW_CHUNK - 1,
	.flags = IORESOURCE_MEM,
};

static unsigned long window_read(void *priv, unsigned int offset, int size)
{
	u32 off = (unsigned long)priv + offset;

	if (size != 4) {
		pr_err("agx4 test: %d-byte read of SGX+%#x\n", size, off);
		return ~0ul;
	}
	return fake_read_sgx(NULL, off);
}

static void window_write(void *priv, unsigned int offset, int size,
			 unsigned long val)
{
	u32 off = (unsigned long)priv + offset;

	if (size != 4)
		pr_err("agx4 test: %d-byte write of SGX+%#x\n", size, off);
	else
		fake_write_sgx(NULL, off, val);
}

static const struct logic_iomem_ops window_ops = {
	.read = window_read,
	.write = window_write,
};

static long window_map(unsigned long offset, size_t size,
		       const struct logic_iomem_ops **ops, void **priv)
{
	*ops = &window_ops;
	*priv = (void *)offset;
	return 0;
}

static const struct logic_iomem_region_ops window_region_ops = {
	.map = window_map,
};

struct window {
	void __iomem *chunk[WINDOW_CHUNKS];
};

static void window_unmap(struct drm_device *drm, void *data)
{
	struct window *w = data;
	unsigned int i;

	for (i = 0; i < WINDOW_CHUNKS; i++)
		if (w->chunk[i])
			iounmap(w->chunk[i]);
	kfree(w);
}

/* Map the register window; NULL if it cannot be (the stubs still work). */
static void __iomem *window_map_all(struct agx4_device *adev)
{
	static bool registered;
	struct window *w;
	unsigned int i;

	if (!registered &&
	    logic_iomem_add_region(&window_res, &window_region_ops))
		return NULL;
	registered = true;
	w = kzalloc(sizeof(*w), GFP_KERNEL);
	if (!w || drmm_add_action_or_reset(&adev->base, window_unmap, w))
		return NULL;
	for (i = 0; i < WINDOW_CHUNKS; i++) {
		w->chunk[i] = ioremap(WINDOW_BASE + i * WINDOW_CHUNK,
				      WINDOW_CHUNK);
		/* Consecutive mappings make one window. */
		if (!w->chunk[i] ||
		    w->chunk[i] != w->chunk[0] + i * WINDOW_CHUNK)
			return NULL;
	}
	return w->chunk[0];
}
#else
static void __iomem *window_map_all(struct agx4_device *adev)
{
	return NULL;
}
#endif

#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
static bool failslab_ignore_wait_was;

static void failslab_restore(void *knob)
{
	WRITE_ONCE(current->fail_nth, 0);
	*(bool *)knob = failslab_ignore_wait_was;
}

/**
 * agx4_test_failslab() - let agx4_test_fail_nth() fail any slab allocation
 * @test: the test; the setting is restored when it ends.
 *
 * failslab's "ignore-gfp-wait" is true by default: GFP_KERNEL allocations
 * never fail.  It is cleared through the debugfs file, whose data is the
 * variable itself.
 *
 * Return: false when the kernel has no failslab in debugfs.
 */
bool agx4_test_failslab(struct kunit *test)
{
	struct dentry *d = debugfs_lookup("failslab", NULL), *f;
	bool *knob = NULL;

	if (IS_ERR_OR_NULL(d))
		return false;
	f = debugfs_lookup("ignore-gfp-wait", d);
	if (!IS_ERR_OR_NULL(f)) {
		knob = d_inode(f)->i_private;
		dput(f);
	}
	dput(d);
	if (!knob)
		return false;
	failslab_ignore_wait_was = *knob;
	*knob = false;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, failslab_restore,
							knob), 0);
	return true;
}

/**
 * agx4_test_fail_nth() - fail the task's @n-th slab allocation from now
 * @n: counts from 1; 0 fails none.
 */
void agx4_test_fail_nth(unsigned int n)
{
	WRITE_ONCE(current->fail_nth, n);
}

/**
 * agx4_test_fail_hit() - stop failing allocations
 *
 * Return: whether the allocation agx4_test_fail_nth() named was reached
 * (and failed).
 */
bool agx4_test_fail_hit(void)
{
	bool hit = !READ_ONCE(current->fail_nth);

	WRITE_ONCE(current->fail_nth, 0);
	return hit;
}
#endif

/*
 * The firmware model stands in for the firmware and its memory: none of
 * the allocations it makes in the caller's task may be failed by fault
 * injection (the agx4_fault suite), so calls into it run with the task's
 * fail_nth paused.  Its own work runs on its workqueue, another task.
 */
static unsigned int fault_pause(void)
{
#ifdef CONFIG_FAULT_INJECTION
	unsigned int n = READ_ONCE(current->fail_nth);

	WRITE_ONCE(current->fail_nth, 0);
	return n;
#else
	return 0;
#endif
}

static void fault_resume(unsigned int n)
{
#ifdef CONFIG_FAULT_INJECTION
	WRITE_ONCE(current->fail_nth, n);
#endif
}

/*
 * The probe's first step maps the registers: the GPU's firmware model is
 * made then, for the device being probed, and goes when the DRM device is
 * released: after its unplug, which shuts the firmware down, and after the
 * firmware address space, whose loader tables are the model's memory.
 */
static int map_sgx(struct agx4_device *adev)
{
	struct kunit *test = kunit_get_current_test();
	enum agx4_fwmodel_gen gen = adev->plat.soc == AGX4_SOC_T8132 ?
				    AGX4_FWMODEL_G16 : AGX4_FWMODEL_G17P;
	struct agx4_fwmodel *m = agx4_fwmodel_create(adev->base.dev, gen);

	if (IS_ERR(m))
		return PTR_ERR(m);
	KUNIT_ASSERT_EQ(test, drmm_add_action_or_reset(&adev->base,
						       model_destroy, m), 0);
	current_model = m;
	current_sgx = agx4_fwmodel_sgx(m, &current_sgx_size);
	if (next_fault)
		agx4_fwmodel_inject(m, next_fault, next_fault_arg);
	if (next_trace)
		KUNIT_ASSERT_EQ(test, agx4_fwmodel_trace_start(m), 0);
	adev->sgx = window_map_all(adev);
	return 0;
}

/* The model and the register window are the hardware's: never failed. */
static int fake_map_sgx(struct agx4_device *adev)
{
	unsigned int n = fault_pause();
	int ret = map_sgx(adev);

	fault_resume(n);
	return ret;
}

/* The transport is the model's; its events go wherever the device says. */
static void model_recv(void *cookie, unsigned int inst, u8 ep, u64 msg)
{
	struct agx4_device *adev = cookie;
	const struct agx4_fw_transport_events *ev = adev->transport.events;

	if (ev && ev->recv)
		ev->recv(adev->transport.cookie, inst, ep, msg);
}

static void model_crashed(void *cookie, unsigned int inst)
{
	struct agx4_device *adev = cookie;
	const struct agx4_fw_transport_events *ev = adev->transport.events;

	if (ev && ev->crashed)
		ev->crashed(adev->transport.cookie, inst);
}

static const struct agx4_fw_transport_events model_events = {
	.recv = model_recv,
	.crashed = model_crashed,
};

/* The model's transport ops, with fault injection paused. */
static const struct agx4_fw_transport_ops *model_ops =
	&agx4_fwmodel_transport_ops;

static int paused_cold(void *priv, unsigned int inst)
{
	unsigned int n = fault_pause();
	int ret = model_ops->cold(priv, inst);

	fault_resume(n);
	return ret;
}

static int paused_start(void *priv, unsigned int inst)
{
	unsigned int n = fault_pause();
	int ret = model_ops->start(priv, inst);

	fault_resume(n);
	return ret;
}

static void paused_stop(void *priv, unsigned int inst)
{
	unsigned int n = fault_pause();

	model_ops->stop(priv, inst);
	fault_resume(n);
}

static int paused_start_endpoint(void *priv, unsigned int inst, u8 ep)
{
	unsigned int n = fault_pause();
	int ret = model_ops->start_endpoint(priv, inst, ep);

	fault_resume(n);
	return ret;
}

static int paused_send(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	unsigned int n = fault_pause();
	int ret = model_ops->send(priv, inst, ep, msg);

	fault_resume(n);
	return ret;
}

static int paused_ring(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	unsigned int n = fault_pause();
	int ret = model_ops->ring(priv, inst, ep, msg);

	fault_resume(n);
	return ret;
}

static ssize_t paused_read_crashlog(void *priv, unsigned int inst,
				    void *buf, size_t len)
{
	unsigned int n = fault_pause();
	ssize_t ret = model_ops->read_crashlog(priv, inst, buf, len);

	fault_resume(n);
	return ret;
}

static const struct agx4_fw_transport_ops paused_ops = {
	.cold = paused_cold,
	.start = paused_start,
	.stop = paused_stop,
	.start_endpoint = paused_start_endpoint,
	.send = paused_send,
	.ring = paused_ring,
};

static const struct agx4_fw_transport_ops paused_ops_crashlog = {
	.cold = paused_cold,
	.start = paused_start,
	.stop = paused_stop,
	.start_endpoint = paused_start_endpoint,
	.send = paused_send,
	.ring = paused_ring,
	.read_crashlog = paused_read_crashlog,
};

static int fake_transport_init(struct agx4_device *adev)
{
	unsigned int n;

	if (!current_model)
		return -ENODEV;
	adev->transport.ops = model_ops->read_crashlog ? &paused_ops_crashlog :
							 &paused_ops;
	adev->transport.priv = current_model;
	adev->fw_timeout_ms = next_timeout_ms;
	n = fault_pause();
	agx4_fwmodel_attach(current_model, &model_events, adev);
	fault_resume(n);
	return 0;
}

static void unpin_sgx(void *unused)
{
	WRITE_ONCE(pinned_offset, U32_MAX);
}

/**
 * agx4_test_pin_sgx() - make the host read one register as a fixed value
 * @test: the test; the pin goes with it.
 * @offset: the register's offset in the SGX window.
 * @value: what every read of it by the driver returns from now on.
 *
 * Writes (the driver's and the model's) still go to the register file;
 * only the driver's view is pinned, as if the firmware had left the
 * register at @value.  The end of the test, or agx4_test_fake_gpu(),
 * unpins it.
 */
void agx4_test_pin_sgx(struct kunit *test, u32 offset, u32 value)
{
	WRITE_ONCE(pinned_value, value);
	WRITE_ONCE(pinned_offset, offset);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, unpin_sgx, NULL),
			0);
}

/**
 * agx4_test_model() - the firmware model of the device the test probed
 *
 * Return: the model of the last probe's device, or NULL.
 */
struct agx4_fwmodel *agx4_test_model(void)
{
	return current_model;
}

/**
 * agx4_test_arm_model() - how the next probe's firmware must behave
 * @fault: a fault to inject as soon as the model exists, or
 *	%AGX4_FWMODEL_FAULT_NONE.
 * @arg: its argument.
 * @timeout_ms: the handshake timeout of the next probe (0: the driver's
 *	default).
 */
void agx4_test_arm_model(enum agx4_fwmodel_fault fault, u32 arg,
			 unsigned int timeout_ms)
{
	next_fault = fault;
	next_fault_arg = arg;
	next_timeout_ms = timeout_ms;
	next_trace = false;
}

/**
 * agx4_test_trace_model() - trace the next probe's firmware from its start
 *
 * Its model records what the driver does from before the first register
 * write (agx4_fwmodel_trace_start()).  agx4_test_fake_gpu() and
 * agx4_test_arm_model() turn it off again.
 */
void agx4_test_trace_model(void)
{
	next_trace = true;
}

/* Pages fake_map_region() allocated and has not freed. */
static void *own_pages[32];

/* Remember @va (@add) or forget it; false when full, or not ours. */
static bool own_page(void *va, bool add)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(own_pages); i++) {
		if (own_pages[i] == (add ? NULL : va)) {
			own_pages[i] = add ? va : NULL;
			return true;
		}
	}
	return false;
}

/*
 * Reserved memory: one zeroed table page, so the loader's firmware tree is
 * an empty root; or, when the test's GPU has a firmware model, the memory
 * the model's boot loader left.
 */
static int fake_map_region(struct agx4_device *adev, enum agx4_mem id,
			   struct agx4_fw_mem_region *r)
{
	struct page *p;

	/* With a model, the loader's memory is the model's. */
	if (current_model) {
		size_t size;
		int ret;

		ret = agx4_fwmodel_region(current_model, agx4_of_mem_name(id),
					  &r->va, &r->pa, &size);
		r->size = size;
		return ret;
	}
	p = alloc_pages(GFP_KERNEL | __GFP_ZERO, get_order(AGX4_UAT_PAGE_SIZE));
	if (p && !own_page(page_address(p), true)) {
		__free_pages(p, get_order(AGX4_UAT_PAGE_SIZE));
		p = NULL;
	}

	if (!p)
		return -ENOMEM;
	r->va = page_address(p);
	r->pa = page_to_phys(p);
	r->size = AGX4_UAT_PAGE_SIZE;
	return 0;
}

static void fake_unmap_region(struct agx4_device *adev,
			      struct agx4_fw_mem_region *r)
{
	/* Only what fake_map_region() allocated; the model's stays its own. */
	if (own_page(r->va, false))
		__free_pages(virt_to_page(r->va), get_order(AGX4_UAT_PAGE_SIZE));
}

/**
 * agx4_test_fake_memory() - give the probe reserved memory of the test's
 * @test: the test; the stubs go with it.
 */
void agx4_test_fake_memory(struct kunit *test)
{
	kunit_activate_static_stub(test, agx4_fw_mem_map_region, fake_map_region);
	kunit_activate_static_stub(test, agx4_fw_mem_unmap_region,
				   fake_unmap_region);
}

/**
 * agx4_test_device_memory() - run the memory step on a test device
 * @test: the test.
 * @adev: a device from agx4_test_drm_device(); it becomes a @gen device.
 * @gen: the generation.
 */
void agx4_test_device_memory(struct kunit *test, struct agx4_device *adev,
			     const struct agx4_fw_gen *gen)
{
	adev->gen = gen;
	adev->uat_geom = gen->uat_geom;
	agx4_test_fake_memory(test);
	KUNIT_ASSERT_EQ(test, agx4_fw_mem_init(adev), 0);
}

/**
 * agx4_test_fake_gpu() - answer the probe's register reads for this test
 * @test: the test; the stubs go with it.
 * @soc: the GPU to look like.
 *
 * Return: the registers, set to a good GPU (t8140: one die, one cluster of
 * six cores, revision 0x11), for the test to change.
 */
struct agx4_test_regs *agx4_test_fake_gpu(struct kunit *test,
					  enum agx4_soc_id soc)
{
	struct agx4_test_regs *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	if (soc == AGX4_SOC_T8132) {
		r->id = 0x10001000;
	} else {
		r->id = 0x0a001100;
		r->counts = 0x00010106;
		r->core_mask = 0xffffffff;
	}
	current_regs = r;
	current_model = NULL;
	current_sgx = NULL;
	WRITE_ONCE(pinned_offset, U32_MAX);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	kunit_activate_static_stub(test, agx4_device_map_sgx, fake_map_sgx);
	kunit_activate_static_stub(test, agx4_device_read_sgx, fake_read_sgx);
	kunit_activate_static_stub(test, agx4_device_write_sgx, fake_write_sgx);
	kunit_activate_static_stub(test, agx4_device_transport_init,
				   fake_transport_init);
	agx4_test_fake_memory(test);
	return r;
}

/*
 * Where the tests' devices hand their reset dumps.  The reset runs on its
 * workqueue, off the test's task, where static stubs do not redirect: the
 * tests' devices have a backend that takes the dumps
 * (&agx4_device_backend.coredump) and gives them to this hook, which takes
 * the buffer over; without one they go to devcoredump, as on hardware.
 */
agx4_test_dump_fn agx4_test_dump_hook;

static ssize_t dump_read(char *buffer, loff_t offset, size_t count,
			 void *data, size_t datalen)
{
	return memory_read_from_buffer(buffer, count, &offset, data, datalen);
}

static void dump_free(void *data)
{
	kvfree(data);
}

static void test_coredump(struct agx4_device *adev, void *buf, size_t len)
{
	agx4_test_dump_fn hook = READ_ONCE(agx4_test_dump_hook);

	if (hook)
		hook(adev, buf, len);
	else
		dev_coredumpm(adev->base.dev, THIS_MODULE, buf, len, GFP_NOWAIT,
			      dump_read, dump_free);
}

/* The registers and the firmware are the static stubs' (test's task). */
static const struct agx4_device_backend test_backend = {
	.coredump = test_coredump,
};

/**
 * agx4_test_create() - agx4_device_create() for the tests' devices
 * @dev: the parent device.
 * @src: its device tree.
 *
 * Return: as agx4_device_create(); its dumps go to agx4_test_dump_hook.
 */
struct agx4_device *agx4_test_create(struct device *dev,
				     const struct agx4_dt_source *src)
{
	return agx4_device_create_backend(dev, src, &test_backend, NULL);
}

/**
 * agx4_test_probe() - probe a device of @soc against the firmware model
 * @test: the test; the device goes with it.
 * @soc: the GPU.
 *
 * Return: the device, booted.
 */
struct agx4_device *agx4_test_probe(struct kunit *test, enum agx4_soc_id soc)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, soc);
	struct agx4_device *adev;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, soc);
	adev = agx4_test_create(dev, &dt->src);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_ASSERT_NOT_NULL(test, adev->fw);
	return adev;
}

static void client_release(void *data)
{
	struct agx4_test_client *c = data;

	fput(c->filp);
	flush_delayed_fput();
}

/**
 * agx4_test_client_open() - open the render node of @adev
 * @test: the test; the file is closed when it ends, if not before.
 * @adev: the device.
 *
 * Return: the client.
 */
struct agx4_test_client *agx4_test_client_open(struct kunit *test,
					       struct agx4_device *adev)
{
	struct agx4_test_client *c = kunit_kzalloc(test, sizeof(*c),
						   GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, c);
	c->test = test;
	c->adev = adev;
	c->filp = mock_drm_getfile(adev->base.render, O_RDWR);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, c->filp);
	c->file = c->filp->private_data;
	/*
	 * On the device's file list, as an open(2) puts it (mock files are
	 * not): debugfs walks that list.  drm_release() takes it off.
	 */
	mutex_lock(&adev->base.filelist_mutex);
	list_add(&c->file->lhead, &adev->base.filelist);
	mutex_unlock(&adev->base.filelist_mutex);
	c->ubuf = kunit_vm_mmap(test, NULL, 0, AGX4_TEST_UBUF_SIZE,
				PROT_READ | PROT_WRITE,
				MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE_MSG(test, c->ubuf, 0, "no user memory");
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, client_release,
							c), 0);
	return c;
}

/**
 * agx4_test_client_close() - close the client's file now
 * @c: the client; gone on return.
 */
void agx4_test_client_close(struct agx4_test_client *c)
{
	kunit_release_action(c->test, client_release, c);
}

/**
 * agx4_test_put_user() - copy into the client's user memory
 * @c: the client.
 * @offset: where, from the start of its user memory.
 * @p: what.
 * @n: bytes.
 */
void agx4_test_put_user(struct agx4_test_client *c, u64 offset,
			const void *p, size_t n)
{
	KUNIT_ASSERT_LE(c->test, offset + n, AGX4_TEST_UBUF_SIZE);
	KUNIT_ASSERT_EQ(c->test, copy_to_user((void __user *)(c->ubuf + offset),
					      p, n), 0);
}

/**
 * agx4_test_vm_create() - VM_CREATE
 * @c: the client.
 * @kernel_start: the kernel range.
 * @kernel_end: its end.
 * @vm_id: out: the VM.
 *
 * Return: what the ioctl returned.
 */
int agx4_test_vm_create(struct agx4_test_client *c, u64 kernel_start,
			u64 kernel_end, u32 *vm_id)
{
	struct drm_asahi_vm_create a = {
		.kernel_start = kernel_start, .kernel_end = kernel_end,
	};
	int ret = agx4_ioctl_vm_create(&c->adev->base, &a, c->file);

	*vm_id = a.vm_id;
	return ret;
}

/**
 * agx4_test_gem_create() - GEM_CREATE, which must succeed
 * @c: the client.
 * @size: bytes.
 * @flags: DRM_ASAHI_GEM_*.
 * @vm_id: the VM of a private object, else 0.
 *
 * Return: the handle.
 */
u32 agx4_test_gem_create(struct agx4_test_client *c, u64 size, u32 flags,
			 u32 vm_id)
{
	struct drm_asahi_gem_create a = {
		.size = size, .flags = flags, .vm_id = vm_id,
	};

	KUNIT_ASSERT_EQ(c->test, agx4_ioctl_gem_create(&c->adev->base, &a,
						       c->file), 0);
	return a.handle;
}

/**
 * agx4_test_vm_bind() - VM_BIND of one operation
 * @c: the client.
 * @vm_id: the VM.
 * @flags: DRM_ASAHI_BIND_*.
 * @handle: the object, 0 to unbind.
 * @offset: into the object.
 * @range: bytes.
 * @addr: GPU address.
 *
 * Return: what the ioctl returned.
 */
int agx4_test_vm_bind(struct agx4_test_client *c, u32 vm_id, u32 flags,
		      u32 handle, u64 offset, u64 range, u64 addr)
{
	struct drm_asahi_gem_bind_op op = {
		.flags = flags, .handle = handle, .offset = offset,
		.range = range, .addr = addr,
	};
	struct drm_asahi_vm_bind b = {
		.vm_id = vm_id, .num_binds = 1, .stride = sizeof(op),
		.userptr = c->ubuf + 2 * SZ_1M,
	};

	agx4_test_put_user(c, 2 * SZ_1M, &op, sizeof(op));
	return agx4_ioctl_vm_bind(&c->adev->base, &b, c->file);
}

/**
 * agx4_test_bind_timestamps() - GEM_BIND_OBJECT of a whole object for
 *	timestamps, as Mesa does; must succeed
 * @c: the client.
 * @handle: the object.
 * @size: its size.
 *
 * Return: the object handle that commands name.
 */
u32 agx4_test_bind_timestamps(struct agx4_test_client *c, u32 handle,
			      u64 size)
{
	struct drm_asahi_gem_bind_object a = {
		.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
		.flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
		.handle = handle, .range = size,
	};

	KUNIT_ASSERT_EQ(c->test, agx4_ioctl_gem_bind_object(&c->adev->base, &a,
							    c->file), 0);
	return a.object_handle;
}

/**
 * agx4_test_queue_create() - QUEUE_CREATE with Mesa's USC base
 * @c: the client.
 * @vm_id: the VM.
 * @priority: &enum drm_asahi_priority.
 * @queue_id: out: the queue.
 *
 * Return: what the ioctl returned.
 */
int agx4_test_queue_create(struct agx4_test_client *c, u32 vm_id,
			   u32 priority, u32 *queue_id)
{
	struct drm_asahi_queue_create a = {
		.vm_id = vm_id, .priority = priority,
		.usc_exec_base = BIT_ULL(40),
	};
	int ret = agx4_ioctl_queue_create(&c->adev->base, &a, c->file);

	*queue_id = a.queue_id;
	return ret;
}

/**
 * agx4_test_queue_destroy() - QUEUE_DESTROY
 * @c: the client.
 * @queue_id: the queue.
 *
 * Return: what the ioctl returned.
 */
int agx4_test_queue_destroy(struct agx4_test_client *c, u32 queue_id)
{
	struct drm_asahi_queue_destroy a = { .queue_id = queue_id };

	return agx4_ioctl_queue_destroy(&c->adev->base, &a, c->file);
}

/**
 * agx4_test_bo() - the object a handle names
 * @c: the client.
 * @handle: the handle, which keeps the object alive.
 *
 * Return: the object.
 */
struct agx4_gem_object *agx4_test_bo(struct agx4_test_client *c, u32 handle)
{
	struct drm_gem_object *obj = drm_gem_object_lookup(c->file, handle);

	KUNIT_ASSERT_NOT_NULL(c->test, obj);
	drm_gem_object_put(obj);
	return to_agx4_bo(obj);
}

/**
 * agx4_test_bo_read() - read an object's contents
 * @c: the client.
 * @handle: the object.
 * @offset: from where.
 * @p: to.
 * @n: bytes.
 */
void agx4_test_bo_read(struct agx4_test_client *c, u32 handle, u64 offset,
		       void *p, size_t n)
{
	struct drm_gem_object *obj = drm_gem_object_lookup(c->file, handle);
	struct iosys_map map;

	KUNIT_ASSERT_NOT_NULL(c->test, obj);
	KUNIT_ASSERT_LE(c->test, offset + n, obj->size);
	KUNIT_ASSERT_EQ(c->test, drm_gem_vmap_unlocked(obj, &map), 0);
	iosys_map_memcpy_from(p, &map, offset, n);
	drm_gem_vunmap_unlocked(obj, &map);
	drm_gem_object_put(obj);
}

static const char *gate_name(struct dma_fence *f)
{
	return "agx4-test-gate";
}

static const struct dma_fence_ops gate_ops = {
	.get_driver_name = gate_name,
	.get_timeline_name = gate_name,
};

/* The case is over: what it still holds back goes, and its reference. */
static void gate_end(void *data)
{
	struct dma_fence *gate = data;

	dma_fence_signal(gate);
	dma_fence_put(gate);
}

/**
 * agx4_test_gate_fence() - a fence only the case signals
 * @test: the case.
 *
 * The case holds one reference, dropped when it ends, after the fence is
 * signalled if it was not (so nothing waits for it past the case); what
 * else holds it (a syncobj, a job's dependency) keeps it alive.
 *
 * Return: the fence.
 */
struct dma_fence *agx4_test_gate_fence(struct kunit *test)
{
	struct dma_fence *gate = kzalloc(sizeof(*gate), GFP_KERNEL);
	static DEFINE_SPINLOCK(gate_lock);

	KUNIT_ASSERT_NOT_NULL(test, gate);
	dma_fence_init(gate, &gate_ops, &gate_lock,
		       dma_fence_context_alloc(1), 1);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, gate_end, gate),
			0);
	return gate;
}

/**
 * agx4_test_syncobj() - a new syncobj of the client
 * @c: the client.
 * @fence: its fence, or NULL.
 *
 * Return: its handle.
 */
u32 agx4_test_syncobj(struct agx4_test_client *c, struct dma_fence *fence)
{
	struct drm_syncobj *so;
	u32 handle;

	KUNIT_ASSERT_EQ(c->test, drm_syncobj_create(&so, 0, fence), 0);
	KUNIT_ASSERT_EQ(c->test, drm_syncobj_get_handle(c->file, so, &handle),
			0);
	drm_syncobj_put(so);
	return handle;
}

/**
 * agx4_test_syncobj_fence() - the fence of a syncobj, or of a point
 * @c: the client.
 * @handle: the syncobj.
 * @point: the timeline point, 0 for a binary syncobj.
 *
 * Return: a reference to the fence, NULL if there is none (yet).
 */
struct dma_fence *agx4_test_syncobj_fence(struct agx4_test_client *c,
					  u32 handle, u64 point)
{
	struct dma_fence *f = NULL;

	if (drm_syncobj_find_fence(c->file, handle, point, 0, &f))
		return NULL;
	return f;
}

/**
 * agx4_test_fence_wait() - wait for a fence, a bounded time
 * @f: the fence.
 * @ms: the most to wait; a bound for a broken driver, never a measure.
 *
 * Return: 0 when it signalled without error, its error, or -ETIMEDOUT.
 */
int agx4_test_fence_wait(struct dma_fence *f, unsigned int ms)
{
	long ret = dma_fence_wait_timeout(f, false, msecs_to_jiffies(ms));

	if (ret < 0)
		return ret;
	if (!ret)
		return -ETIMEDOUT;
	return min(dma_fence_get_status(f), 0);
}

/**
 * agx4_test_cmd() - append a command
 * @cb: the buffer.
 * @type: DRM_ASAHI_CMD_* or DRM_ASAHI_SET_*_ATTACHMENTS.
 * @payload: the payload.
 * @size: its size.
 * @vdm_barrier: the header's render barrier.
 * @cdm_barrier: its compute barrier.
 */
void agx4_test_cmd(struct agx4_test_cmdbuf *cb, u16 type, const void *payload,
		   u16 size, u16 vdm_barrier, u16 cdm_barrier)
{
	struct drm_asahi_cmd_header h = {
		.cmd_type = type, .size = size, .vdm_barrier = vdm_barrier,
		.cdm_barrier = cdm_barrier,
	};

	if (WARN_ON(cb->size + sizeof(h) + size > sizeof(cb->buf)))
		return;
	memcpy(cb->buf + cb->size, &h, sizeof(h));
	memcpy(cb->buf + cb->size + sizeof(h), payload, size);
	cb->size += sizeof(h) + size;
	if (type == DRM_ASAHI_CMD_RENDER)
		cb->renders++;
	else if (type == DRM_ASAHI_CMD_COMPUTE)
		cb->computes++;
}

/**
 * agx4_test_cmd_render() - append a render command with Mesa's barriers
 * @cb: the buffer.
 * @r: the command.
 *
 * Mesa makes every command wait for all earlier work of both kinds: the
 * barriers are the counts of render and compute commands before it.
 */
void agx4_test_cmd_render(struct agx4_test_cmdbuf *cb,
			  const struct drm_asahi_cmd_render *r)
{
	agx4_test_cmd(cb, DRM_ASAHI_CMD_RENDER, r, sizeof(*r), cb->renders,
		      cb->computes);
}

/**
 * agx4_test_cmd_compute() - append a compute command with Mesa's barriers
 * @cb: the buffer.
 * @cc: the command.
 */
void agx4_test_cmd_compute(struct agx4_test_cmdbuf *cb,
			   const struct drm_asahi_cmd_compute *cc)
{
	agx4_test_cmd(cb, DRM_ASAHI_CMD_COMPUTE, cc, sizeof(*cc), cb->renders,
		      cb->computes);
}

/**
 * agx4_test_submit() - SUBMIT
 * @c: the client.
 * @queue_id: the queue.
 * @cb: the commands.
 * @syncs: @nin waits then @nout signals.
 * @nin: waits.
 * @nout: signals.
 *
 * Return: what the ioctl returned.
 */
int agx4_test_submit(struct agx4_test_client *c, u32 queue_id,
		     const struct agx4_test_cmdbuf *cb,
		     const struct drm_asahi_sync *syncs, u32 nin, u32 nout)
{
	struct drm_asahi_submit a = {
		.syncs = nin + nout ? c->ubuf + SZ_1M : 0,
		.cmdbuf = c->ubuf, .queue_id = queue_id,
		.in_sync_count = nin, .out_sync_count = nout,
		.cmdbuf_size = cb->size,
	};

	agx4_test_put_user(c, 0, cb->buf, cb->size);
	if (nin + nout)
		agx4_test_put_user(c, SZ_1M, syncs,
				   (nin + nout) * sizeof(*syncs));
	return agx4_ioctl_submit(&c->adev->base, &a, c->file);
}

/*
 * The device open of the Mesa fork that drives G16 and G17P (its Gallium
 * driver is their real client), computed from GET_PARAMS as the fork
 * computes it:
 *
 * - the USC heap is [2^40, 2^40 + 4 GiB), allocated bottom-up: the first
 *   arena lands at 2^40, bound read-only; another arena is re-bound there
 *   in turn (UNBIND, then BIND);
 * - the user window starts at 2^36 plus the 16 KiB printf reservation,
 *   rounded up to 4 GiB (0x11_0000_0000), and ends at 2^39;
 * - the kernel range: G16 [0x11_0000_0000 - vm_kernel_min_size,
 *   0x11_0000_0000), refused below 64 MiB; G17P [vm_end - max(min,
 *   32 GiB), vm_end);
 * - the main heap starts at the user window's start rounded up to a power
 *   of two; its size is the largest power of two within the window,
 *   halved, and halved again if it equals the start; the read-only mirror
 *   is that size above.  It allocates top-down, each object followed by a
 *   16 KiB guard, and every object is bound where it allocated it;
 * - the render context (0x6c000 bytes) at 0x10_0000_0000, the zero page at
 *   2^32 read-only, the scratch page after it and the printf buffer after
 *   the render context, read-write;
 * - the context heap [0x10_0400_0000, min(kernel_start, 0x11_0000_0000)),
 *   which keeps the 64 MiB below it for fixed context aliases.
 */
#define FORK_SHADER_BASE	BIT_ULL(40)
#define FORK_USC_SIZE		SZ_4G
#define FORK_PRINTF_END		(BIT_ULL(36) + SZ_16K)
#define FORK_USER_END		BIT_ULL(39)
#define FORK_CONTEXT		0x1000000000ull
#define FORK_CONTEXT_END	0x1100000000ull
#define FORK_CTX_HEAP		0x1004000000ull
#define FORK_ZERO_PAGE		BIT_ULL(32)
#define FORK_G16_KERNEL_MIN	SZ_64M
#define FORK_KERNEL_SIZE	SZ_32G
#define FORK_GUARD		SZ_16K

static u64 fork_main_alloc(struct agx4_test_fork *f, u64 size, u64 align)
{
	f->main_next = ALIGN_DOWN(f->main_next - size - FORK_GUARD,
				  max_t(u64, align, SZ_16K));
	return f->main_next;
}

static u64 fork_usc_alloc(struct agx4_test_fork *f, u64 size, u64 align)
{
	u64 addr = ALIGN(f->usc_next, max_t(u64, align, SZ_16K));

	f->usc_next = addr + size + FORK_GUARD;
	return addr;
}

static void fork_create(struct agx4_test_fork *f, u32 bo, u64 size,
			u32 flags)
{
	f->size[bo] = size;
	f->handle[bo] = agx4_test_gem_create(f->c, size,
					     flags | DRM_ASAHI_GEM_VM_PRIVATE,
					     f->vm_id);
}

static int fork_bind(struct agx4_test_fork *f, u32 bo, u64 addr, bool write,
		     const char *what)
{
	u32 flags = DRM_ASAHI_BIND_READ | (write ? DRM_ASAHI_BIND_WRITE : 0);
	int ret = agx4_test_vm_bind(f->c, f->vm_id, flags, f->handle[bo], 0,
				    f->size[bo], addr);

	KUNIT_EXPECT_EQ_MSG(f->c->test, ret, 0, "fork: %s at %#llx", what,
			    addr);
	if (!ret && !WARN_ON(f->nmaps == AGX4_FORK_MAX_MAPS))
		f->maps[f->nmaps++] = (struct agx4_test_fork_map){
			bo, addr, f->size[bo], write,
		};
	return ret;
}

/**
 * agx4_test_fork_bind() - bind one of the fork's objects once more
 * @f: the layout.
 * @bo: the object, &enum agx4_test_fork_bo.
 * @addr: where, whole.
 * @write: writable.
 *
 * Return: what VM_BIND returned; a binding made is kept in @f->maps.
 */
int agx4_test_fork_bind(struct agx4_test_fork *f, enum agx4_test_fork_bo bo,
			u64 addr, bool write)
{
	return fork_bind(f, bo, addr, write, "extra binding");
}

/* An object in the main heap, bound there read-write (or read-only). */
static int fork_main_object(struct agx4_test_fork *f, u32 bo, u64 size,
			    u64 align, u32 flags, bool write, const char *what)
{
	fork_create(f, bo, size, flags);
	f->addr[bo] = fork_main_alloc(f, size, align);
	return fork_bind(f, bo, f->addr[bo], write, what);
}

/**
 * agx4_test_fork_open() - replay the Mesa fork's device open
 * @c: the client, on a G16 or G17P device.
 * @f: out: the layout.
 *
 * GET_PARAMS, VM_CREATE, and every object and binding of the fork's
 * layout (see the comment above), then a context-heap and a main-heap
 * object at each end of their heaps (the main ones with their read-only
 * mirrors) and a timestamp buffer; each step is expected to succeed.
 *
 * Return: 0, or the first error.
 */
int agx4_test_fork_open(struct agx4_test_client *c, struct agx4_test_fork *f)
{
	struct kunit *test = c->test;
	struct drm_asahi_params_global *p = &f->params;
	struct drm_asahi_get_params gp = {
		.pointer = c->ubuf + 3 * SZ_1M, .size = sizeof(*p),
	};
	u64 user_start, size;
	int ret, err = 0;

	memset(f, 0, sizeof(*f));
	f->c = c;
	ret = agx4_ioctl_get_params(&c->adev->base, &gp, c->file);
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "fork: GET_PARAMS");
	if (ret)
		return ret;
	KUNIT_ASSERT_EQ(test, copy_from_user(p, u64_to_user_ptr(gp.pointer),
					     sizeof(*p)), 0);

	/* What the fork checks before it builds anything. */
	f->shader_base = FORK_SHADER_BASE;
	user_start = ALIGN(max_t(u64, p->vm_start, FORK_PRINTF_END), SZ_4G);
	if (p->gpu_generation == 16 && p->gpu_variant == 'G') {
		if (p->vm_kernel_min_size < FORK_G16_KERNEL_MIN)
			return -ERANGE;
		f->kernel_end = FORK_CONTEXT_END;
		f->kernel_start = f->kernel_end - p->vm_kernel_min_size;
	} else if (p->gpu_generation == 17 && p->gpu_variant == 'P') {
		size = max_t(u64, p->vm_kernel_min_size, FORK_KERNEL_SIZE);
		f->kernel_start = p->vm_end - size;
		f->kernel_end = p->vm_end;
	} else {
		return -ENODEV;
	}
	if (p->vm_start > f->shader_base ||
	    f->shader_base + FORK_USC_SIZE >= p->vm_end ||
	    user_start >= FORK_USER_END)
		return -ERANGE;

	ret = agx4_test_vm_create(c, f->kernel_start, f->kernel_end,
				  &f->vm_id);
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "fork: VM_CREATE [%#llx, %#llx)",
			    f->kernel_start, f->kernel_end);
	if (ret)
		return ret;

	f->ctx_start = FORK_CTX_HEAP;
	f->ctx_end = min(f->kernel_start, FORK_CONTEXT_END);
	size = rounddown_pow_of_two(FORK_USER_END - user_start);
	f->main_start = roundup_pow_of_two(user_start);
	f->main_size = size / 2;
	if (f->main_size == f->main_start)
		f->main_size /= 2;
	f->main_next = f->main_start + f->main_size;
	f->usc_next = f->shader_base;

	/* The arena: the USC heap's first object, at its base, read-only. */
	fork_create(f, AGX4_FORK_ARENA, AGX4_FORK_ARENA_SIZE,
		    DRM_ASAHI_GEM_WRITEBACK);
	f->addr[AGX4_FORK_ARENA] = fork_usc_alloc(f, AGX4_FORK_ARENA_SIZE,
						  AGX4_FORK_ARENA_SIZE);
	err = err ?: fork_bind(f, AGX4_FORK_ARENA, f->addr[AGX4_FORK_ARENA],
			       false, "USC arena");
	f->arena_owner = AGX4_FORK_ARENA;
	/* The second arena, read-only in the main heap until switched in. */
	err = err ?: fork_main_object(f, AGX4_FORK_ARENA2, AGX4_FORK_ARENA_SIZE,
				      AGX4_FORK_ARENA_SIZE,
				      DRM_ASAHI_GEM_WRITEBACK, false,
				      "second arena");

	err = err ?: fork_main_object(f, AGX4_FORK_RENDER_CTX,
				      AGX4_FORK_RENDER_CTX_SIZE, SZ_16K,
				      DRM_ASAHI_GEM_WRITEBACK, true,
				      "render context (heap)");
	f->addr[AGX4_FORK_RENDER_CTX] = FORK_CONTEXT;
	err = err ?: fork_bind(f, AGX4_FORK_RENDER_CTX, FORK_CONTEXT, true,
			       "render context");

	err = err ?: fork_main_object(f, AGX4_FORK_ZERO, SZ_16K, SZ_16K, 0,
				      true, "zero page (heap)");
	f->addr[AGX4_FORK_ZERO] = FORK_ZERO_PAGE;
	err = err ?: fork_bind(f, AGX4_FORK_ZERO, FORK_ZERO_PAGE, false,
			       "zero page");

	err = err ?: fork_main_object(f, AGX4_FORK_SCRATCH, SZ_16K, SZ_16K, 0,
				      true, "scratch page (heap)");
	f->addr[AGX4_FORK_SCRATCH] = FORK_ZERO_PAGE + SZ_16K;
	err = err ?: fork_bind(f, AGX4_FORK_SCRATCH, FORK_ZERO_PAGE + SZ_16K,
			       true, "scratch page");

	err = err ?: fork_main_object(f, AGX4_FORK_PRINTF,
				      AGX4_FORK_PRINTF_SIZE, SZ_16K,
				      DRM_ASAHI_GEM_WRITEBACK, true,
				      "printf (heap)");
	f->addr[AGX4_FORK_PRINTF] = FORK_CONTEXT + AGX4_FORK_RENDER_CTX_SIZE;
	err = err ?: fork_bind(f, AGX4_FORK_PRINTF, f->addr[AGX4_FORK_PRINTF],
			       true, "printf");

	/* The context heap's first object (top-down), and its bottom. */
	fork_create(f, AGX4_FORK_CTX_TOP, AGX4_FORK_HEAP_BO_SIZE,
		    DRM_ASAHI_GEM_WRITEBACK);
	f->addr[AGX4_FORK_CTX_TOP] = f->ctx_end - AGX4_FORK_HEAP_BO_SIZE -
				     FORK_GUARD;
	err = err ?: fork_bind(f, AGX4_FORK_CTX_TOP, f->addr[AGX4_FORK_CTX_TOP],
			       true, "context heap top");
	fork_create(f, AGX4_FORK_CTX_BOTTOM, AGX4_FORK_HEAP_BO_SIZE,
		    DRM_ASAHI_GEM_WRITEBACK);
	f->addr[AGX4_FORK_CTX_BOTTOM] = f->ctx_start;
	err = err ?: fork_bind(f, AGX4_FORK_CTX_BOTTOM, f->ctx_start, true,
			       "context heap bottom");

	/* The main heap's next object and its bottom, with their mirrors. */
	err = err ?: fork_main_object(f, AGX4_FORK_MAIN_TOP,
				      AGX4_FORK_HEAP_BO_SIZE, SZ_16K,
				      DRM_ASAHI_GEM_WRITEBACK, true,
				      "main heap top");
	err = err ?: fork_bind(f, AGX4_FORK_MAIN_TOP,
			       f->addr[AGX4_FORK_MAIN_TOP] + f->main_size,
			       false, "main heap top mirror");
	fork_create(f, AGX4_FORK_MAIN_BOTTOM, AGX4_FORK_HEAP_BO_SIZE,
		    DRM_ASAHI_GEM_WRITEBACK);
	f->addr[AGX4_FORK_MAIN_BOTTOM] = f->main_start;
	err = err ?: fork_bind(f, AGX4_FORK_MAIN_BOTTOM, f->main_start, true,
			       "main heap bottom");
	err = err ?: fork_bind(f, AGX4_FORK_MAIN_BOTTOM,
			       f->main_start + f->main_size, false,
			       "main heap bottom mirror");

	/* Timestamps: bound for the GPU and for the firmware. */
	err = err ?: fork_main_object(f, AGX4_FORK_TS, SZ_16K, SZ_16K,
				      DRM_ASAHI_GEM_WRITEBACK, true,
				      "timestamps");
	if (!err)
		f->ts_object = agx4_test_bind_timestamps(c,
							 f->handle[AGX4_FORK_TS],
							 SZ_16K);
	return err;
}

/**
 * agx4_test_fork_switch_arena() - re-bind 2^40 to another arena, as the
 *	fork does: UNBIND the arena's range, then BIND the other read-only
 * @f: the layout.
 * @to: %AGX4_FORK_ARENA or %AGX4_FORK_ARENA2.
 *
 * Return: 0, or the first error.
 */
int agx4_test_fork_switch_arena(struct agx4_test_fork *f,
				enum agx4_test_fork_bo to)
{
	unsigned int i;
	int ret;

	ret = agx4_test_vm_bind(f->c, f->vm_id, DRM_ASAHI_BIND_UNBIND, 0, 0,
				AGX4_FORK_ARENA_SIZE, f->shader_base);
	KUNIT_EXPECT_EQ_MSG(f->c->test, ret, 0, "fork: unbind the arena");
	if (ret)
		return ret;
	for (i = 0; i < f->nmaps; i++) {
		if (f->maps[i].addr == f->shader_base)
			f->maps[i--] = f->maps[--f->nmaps];
	}
	ret = fork_bind(f, to, f->shader_base, false, "arena re-bound");
	if (!ret)
		f->arena_owner = to;
	return ret;
}

/* Where the fork's commands keep what they point at. */
#define FORK_STREAM_STRIDE	0x400
#define FORK_SCISSOR		0x0
#define FORK_DBIAS		0x1000
#define FORK_OCLQRY		0x2000
#define FORK_SAMPLERS		0x8000
#define FORK_DEPTH		0x10000
#define FORK_STENCIL		0x20000
#define FORK_CDM_STREAMS	0x30000

/**
 * agx4_test_fork_render() - a valid render command of the fork's layout
 * @f: the layout.
 * @n: which (0..63): each has its own VDM control stream.
 *
 * A 64x64 single-layer pass with 32x32 tiles: its VDM stream in the
 * context heap (the TA reaches it by an offset from 0x10_0000_0000), its
 * depth, stencil, scissor, depth-bias, query and sampler arrays in the
 * main heap, its background and end-of-tile programs in the USC arena, no
 * timestamps.
 *
 * Return: the command.
 */
struct drm_asahi_cmd_render agx4_test_fork_render(struct agx4_test_fork *f,
						  unsigned int n)
{
	u64 m = f->addr[AGX4_FORK_MAIN_TOP];

	return (struct drm_asahi_cmd_render){
		.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES,
		.isp_zls_pixels = 63 | 63 << 15,
		.vdm_ctrl_stream_base = f->addr[AGX4_FORK_CTX_TOP] +
					n * FORK_STREAM_STRIDE,
		.isp_scissor_base = m + FORK_SCISSOR,
		.isp_dbias_base = m + FORK_DBIAS,
		.isp_oclqry_base = m + FORK_OCLQRY,
		.depth = { .base = m + FORK_DEPTH },
		.stencil = { .base = m + FORK_STENCIL },
		.ppp_multisamplectl = 0x88,
		.sampler_heap = m + FORK_SAMPLERS,
		.ppp_ctrl = 0x202,
		.width_px = 64, .height_px = 64, .layers = 1,
		.sampler_count = 1,
		.utile_width_px = 32, .utile_height_px = 32, .samples = 1,
		.sample_size_B = 8,
		.isp_merge_upper_x = 0x3cddb3d7, .isp_merge_upper_y = 0x3cddb3d7,
		.bg = { .usc = 0x1000 | 4, .rsrc_spec = 0x10 },
		.eot = { .usc = 0x2000 | 4, .rsrc_spec = 0x10 },
		.partial_bg = { .usc = 0x3000 | 4, .rsrc_spec = 0x10 },
		.partial_eot = { .usc = 0x4000 | 4, .rsrc_spec = 0x10 },
	};
}

/**
 * agx4_test_fork_compute() - a valid compute command of the fork's layout
 * @f: the layout.
 * @n: which (0..63): each has its own CDM control stream.
 *
 * Return: the command: its stream and samplers in the main heap, no
 * helper, no timestamps.
 */
struct drm_asahi_cmd_compute agx4_test_fork_compute(struct agx4_test_fork *f,
						    unsigned int n)
{
	u64 m = f->addr[AGX4_FORK_MAIN_TOP];
	u64 s = m + FORK_CDM_STREAMS + n * FORK_STREAM_STRIDE;

	return (struct drm_asahi_cmd_compute){
		.sampler_count = 1,
		.cdm_ctrl_stream_base = s,
		.cdm_ctrl_stream_end = s + FORK_STREAM_STRIDE,
		.sampler_heap = m + FORK_SAMPLERS,
	};
}

/*
 * The objects of G16's render support leases: each lease made keeps its
 * four (support page, operand directory, table and buffers) until the
 * firmware goes, whichever VMs rendered.
 */
static unsigned int g16_lease_objects(struct agx4_device *adev)
{
	struct agx4_fw_g16_sub *sub;
	unsigned int n, k = 0;

	if (adev->gen != &agx4_fw_g16)
		return 0;
	sub = agx4_fw_g16_sub(adev->fw);
	if (!sub)
		return 0;
	spin_lock_irq(&sub->eng.lock);
	for (n = 0; n < AGX4_FW_G16_SUPPORTS; n++)
		k += sub->supports[n] ? 4 : 0;
	spin_unlock_irq(&sub->eng.lock);
	return k;
}

/**
 * agx4_test_fw_objects() - firmware objects of a device
 * @adev: the device.
 * @ts: count the timestamp aperture's objects, else agx4's own.
 *
 * agx4's own leave out G16's render support leases, which stay until the
 * firmware goes once made (see agx4_g16_support.c), so that a count
 * taken before clients rendered is the count once they went.
 *
 * Return: how many are alive, 0 without firmware memory.
 */
unsigned int agx4_test_fw_objects(struct agx4_device *adev, bool ts)
{
	struct agx4_fw_obj_heap *h;
	struct list_head *l;
	unsigned int n = 0;

	if (!adev->mem)
		return 0;
	h = ts ? &adev->mem->ts : &adev->mem->heap;
	mutex_lock(&h->lock);
	list_for_each(l, &h->objects)
		n++;
	mutex_unlock(&h->lock);
	return ts ? n : n - g16_lease_objects(adev);
}

/**
 * agx4_test_parsed_computes() - a parsed command buffer of compute commands
 * @test: the test; the buffer goes with it.
 * @n: commands, each without barriers or timestamps.
 * @base: each command's CDM control stream start.
 * @end: and its end.
 *
 * For suites that call a backend directly, past the parser.
 *
 * Return: the buffer.
 */
struct agx4_cmdbuf *agx4_test_parsed_computes(struct kunit *test, u32 n,
					      u64 base, u64 end)
{
	struct agx4_cmdbuf *cb;
	u32 i;

	cb = kunit_kzalloc(test, struct_size(cb, cmds, n), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cb);
	cb->count = n;
	cb->computes = n;
	for (i = 0; i < n; i++) {
		struct agx4_cmd_desc *d = &cb->cmds[i];

		d->is_compute = true;
		d->wait_vdm = AGX4_WAIT_NONE;
		d->wait_cdm = AGX4_WAIT_NONE;
		d->compute.cmd.cdm_ctrl_stream_base = base;
		d->compute.cmd.cdm_ctrl_stream_end = end;
	}
	return cb;
}

static void restart_on(void *unused)
{
	agx4_fw_restart = true;
}

/**
 * agx4_test_no_restart() - a crash stops the firmware and keeps it stopped
 * @test: the test; restarts come back when it ends.
 *
 * For cases that look at what a crash leaves behind (recovery's
 * ``fw_restart`` parameter off).
 */
void agx4_test_no_restart(struct kunit *test)
{
	agx4_fw_restart = false;
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, restart_on, NULL),
			0);
}

/**
 * agx4_test_publish_kick() - publish a job as the job unit does
 * @adev: the device.
 * @ops: its submission backend.
 * @job: the prepared job.
 *
 * Publish, then ring the doorbells the publication noted, with no lock
 * held (what run_job() does).
 */
void agx4_test_publish_kick(struct agx4_device *adev,
			    const struct agx4_fw_submit_ops *ops,
			    struct agx4_fw_job *job)
{
	unsigned long flags;

	local_irq_save(flags);
	ops->job_publish(job);
	local_irq_restore(flags);
	if (adev->fw && adev->fw->engine)
		agx4_engine_ring(adev->fw->engine);
}

/**
 * agx4_test_job_status() - a job's status, asked as the job unit asks
 * @ops: the submission backend.
 * @job: a prepared job.
 *
 * The backend's status, publish and poll calls run with interrupts off
 * (under the job unit's device lock); so does this one.
 *
 * Return: what &agx4_fw_submit_ops.job_status returns.
 */
int agx4_test_job_status(const struct agx4_fw_submit_ops *ops,
			 struct agx4_fw_job *job)
{
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	ret = ops->job_status(job);
	local_irq_restore(flags);
	return ret;
}

/**
 * agx4_test_poll_kick() - the completion scan's poll, as the job unit does
 * @adev: the device.
 *
 * What waits for channel room goes out as it fits, then the doorbells
 * are rung with no lock held.
 */
void agx4_test_poll_kick(struct agx4_device *adev)
{
	unsigned long flags;

	if (!adev->fw || !adev->fw->engine)
		return;
	local_irq_save(flags);
	agx4_engine_poll(adev->fw->engine);
	local_irq_restore(flags);
	agx4_engine_ring(adev->fw->engine);
}
