// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/debugfs.h>
#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fwmodel.h"
#include "agx4_fwmodel_dt.h"
#include "agx4_of.h"

/**
 * DOC: software backend
 *
 * With ``CONFIG_DRM_AGX4_SWDEV``, loading the model's module
 * (``agx4_model``, after ``agx4``) with ``model=g16`` or ``model=g17p``
 * registers one virtual GPU whose firmware is the firmware
 * model (agx4_fwmodel), the same code the KUnit suites boot the driver
 * against: a t8132 (G16) or a t8140 (G17P) with the good device tree of
 * its SoC (agx4_fwmodel_dt_fill(), the node the KUnit suites start from),
 * the model's reserved memory, its register file and its transport.
 * The model checks what the driver gives the firmware and completes the
 * work it is given at once; nothing is drawn or computed.
 *
 * It is a test vehicle for the whole driver from userspace (the render
 * node, Mesa's device open, IGT) on any machine, e.g. an x86_64 QEMU
 * guest.  It says that it is a model: a warning in the kernel log, and
 * the platform device's name (``agx4-model-g16``, ``agx4-model-g17p``),
 * which userspace sees as the parent of the render node (drmGetDevice2()'s
 * platform bus information, ``/sys/class/drm/renderD*``/device).  The
 * UAPI is that of the hardware, unchanged.
 *
 * Tests script the model from userspace through debugfs, never through
 * the UAPI: ``agx4/model_script`` in the device's debugfs directory
 * (``/sys/kernel/debug/dri/<minor>/agx4/model_script``, root only) takes
 * one model control command per write() (see "model control": growth,
 * refusal and memory-limit scripts, work that never completes, when work
 * completes, faults) and reads back the mode, the armed scripts and the
 * model's counters.  A malformed command fails the write() with -EINVAL.
 * Only the software backend has this file: on hardware it is absent.
 */

static char *model = "";
module_param(model, charp, 0444);
MODULE_PARM_DESC(model,
		 "Register a virtual GPU on the firmware model: g16 (t8132) or g17p (t8140); testing only");

/* Properties of the device tree the backend writes, and their bytes. */
#define SWDEV_MAX_PROPS		32
#define SWDEV_MAX_BYTES		128

/**
 * struct swdev_prop - one property of the backend's device tree
 * @name: its name.
 * @len: its length in bytes.
 * @val: its bytes.
 */
struct swdev_prop {
	const char *name;
	int len;
	u8 val[SWDEV_MAX_BYTES];
};

/**
 * struct agx4_swdev - one virtual GPU
 * @model: its firmware model.
 * @sgx: the model's register file.
 * @sgx_size: its bytes.
 * @owned: the DRM device frees this (and @model) when it is released.
 * @props: the device tree's properties.
 * @nprops: entries used in @props.
 * @reg: the ``reg`` windows, by &enum agx4_reg; size 0 means absent.
 * @mem: the ``memory-region`` entries: the model's reserved memory.
 * @mbox_count: entries in ``mboxes``.
 * @src: the device tree, for agx4_of_parse().
 * @debugfs: the ``agx4`` debugfs directory, removed before the device is.
 *
 * Allocated by the probe; once the first probe step ran, the DRM device
 * owns it, because the firmware's memory is the model's and outlives the
 * platform device as long as a client holds the render node open.
 */
struct agx4_swdev {
	struct agx4_fwmodel *model;
	u32 *sgx;
	size_t sgx_size;
	bool owned;
	struct swdev_prop props[SWDEV_MAX_PROPS];
	unsigned int nprops;
	struct agx4_range reg[AGX4_REG_COUNT];
	struct agx4_range mem[AGX4_MEM_COUNT];
	int mbox_count;
	struct agx4_dt_source src;
	struct dentry *debugfs;
};

/* ---- the device tree ---- */

static struct swdev_prop *find_prop(struct agx4_swdev *sw, const char *name)
{
	unsigned int i;

	for (i = 0; i < sw->nprops; i++)
		if (!strcmp(sw->props[i].name, name))
			return &sw->props[i];
	return NULL;
}

/* Where agx4_fwmodel_dt_fill() stores a property. */
static int set_prop(void *ctx, const char *name, const void *val, int len)
{
	struct agx4_swdev *sw = ctx;
	struct swdev_prop *p;

	if (sw->nprops == SWDEV_MAX_PROPS || len > SWDEV_MAX_BYTES)
		return -EOVERFLOW;
	p = &sw->props[sw->nprops++];
	p->name = name;
	p->len = len;
	memcpy(p->val, val, len);
	return 0;
}

static const void *src_prop(void *ctx, const char *name, int *len)
{
	struct swdev_prop *p = find_prop(ctx, name);

	if (!p)
		return NULL;
	*len = p->len;
	return p->val;
}

static int src_reg(void *ctx, const char *name, struct agx4_range *out)
{
	struct agx4_swdev *sw = ctx;
	unsigned int r;

	for (r = 0; r < AGX4_REG_COUNT; r++) {
		if (strcmp(agx4_of_reg_name(r), name) || !sw->reg[r].size)
			continue;
		*out = sw->reg[r];
		return 0;
	}
	return -ENOENT;
}

static int src_memory_region(void *ctx, const char *name,
			     struct agx4_range *out)
{
	struct agx4_swdev *sw = ctx;
	unsigned int m;

	for (m = 0; m < AGX4_MEM_COUNT; m++) {
		if (strcmp(agx4_of_mem_name(m), name) || !sw->mem[m].size)
			continue;
		*out = sw->mem[m];
		return 0;
	}
	return -ENOENT;
}

static int src_mbox_count(void *ctx)
{
	struct agx4_swdev *sw = ctx;

	return sw->mbox_count;
}

static const struct agx4_dt_source_ops swdev_src_ops = {
	.prop = src_prop,
	.reg = src_reg,
	.memory_region = src_memory_region,
	.mbox_count = src_mbox_count,
};

/* The good node of @soc (as KUnit's), with the model's reserved memory. */
static int fill_dt(struct agx4_swdev *sw, enum agx4_soc_id soc)
{
	struct agx4_fwmodel_dt *dt;
	unsigned int m, last;
	int ret;

	dt = kzalloc(sizeof(*dt), GFP_KERNEL);
	if (!dt)
		return -ENOMEM;
	/* t8132 has no second firmware image. */
	last = soc == AGX4_SOC_T8132 ? AGX4_MEM_FIRMWARE : AGX4_MEM_COUNT - 1;
	for (m = 0; m <= last; m++) {
		phys_addr_t pa;
		size_t size;

		ret = agx4_fwmodel_region(sw->model, agx4_of_mem_name(m), NULL,
					  &pa, &size);
		if (ret)
			goto out;
		dt->mem[m] = (struct agx4_range){ pa, size };
	}
	dt->set = set_prop;
	dt->ctx = sw;
	ret = agx4_fwmodel_dt_fill(dt, soc);
	if (ret)
		goto out;
	memcpy(sw->reg, dt->reg, sizeof(sw->reg));
	memcpy(sw->mem, dt->mem, sizeof(sw->mem));
	sw->mbox_count = dt->mbox_count;
	sw->src.ops = &swdev_src_ops;
	sw->src.ctx = sw;
	sw->src.node = "agx4-model";
out:
	kfree(dt);
	return ret;
}

/* ---- the backend ---- */

static void swdev_free(struct agx4_swdev *sw)
{
	agx4_fwmodel_destroy(sw->model);
	kfree(sw);
}

static void swdev_release(struct drm_device *drm, void *data)
{
	swdev_free(data);
}

/*
 * The first probe step: from here on the DRM device owns the model,
 * whose memory the firmware address space is built in.  It is freed
 * after everything registered later (the memory step's release).
 */
static int swdev_map_sgx(struct agx4_device *adev)
{
	struct agx4_swdev *sw = adev->backend_priv;
	int ret;

	ret = drmm_add_action(&adev->base, swdev_release, sw);
	if (ret)
		return ret;
	sw->owned = true;
	return 0;
}

static u32 *sgx_word(struct agx4_device *adev, u32 offset)
{
	struct agx4_swdev *sw = adev->backend_priv;

	if (offset % 4 || offset >= sw->sgx_size) {
		drm_WARN_ONCE(&adev->base, 1,
			      "register SGX+%#x is outside the model\n", offset);
		return NULL;
	}
	return &sw->sgx[offset / 4];
}

static u32 swdev_read_sgx(struct agx4_device *adev, u32 offset)
{
	u32 *w = sgx_word(adev, offset);

	return w ? READ_ONCE(*w) : 0;
}

static void swdev_write_sgx(struct agx4_device *adev, u32 offset, u32 value)
{
	u32 *w = sgx_word(adev, offset);

	/* Orders earlier writes to memory before the register's, as writel(). */
	wmb();
	if (w)
		WRITE_ONCE(*w, value);
}

/* The model's messages go wherever the device says, once it says. */
static void swdev_recv(void *cookie, unsigned int inst, u8 ep, u64 msg)
{
	struct agx4_device *adev = cookie;
	const struct agx4_fw_transport_events *ev = adev->transport.events;

	if (ev && ev->recv)
		ev->recv(adev->transport.cookie, inst, ep, msg);
}

/*
 * A crash of the model is the model refusing what the driver gave it:
 * say what, before the driver's recovery takes over.
 */
static void swdev_crashed(void *cookie, unsigned int inst)
{
	struct agx4_device *adev = cookie;
	const struct agx4_fw_transport_events *ev = adev->transport.events;
	struct agx4_swdev *sw = adev->backend_priv;
	enum agx4_fwmodel_err e;
	u64 where;

	e = agx4_fwmodel_error(sw->model, &where);
	drm_warn(&adev->base, "model: firmware instance %u crashed: %s at %#llx\n",
		 inst, agx4_fwmodel_err_name(e), where);

	if (ev && ev->crashed)
		ev->crashed(adev->transport.cookie, inst);
}

static const struct agx4_fw_transport_events swdev_events = {
	.recv = swdev_recv,
	.crashed = swdev_crashed,
};

static int swdev_transport_init(struct agx4_device *adev)
{
	struct agx4_swdev *sw = adev->backend_priv;

	adev->transport.ops = &agx4_fwmodel_transport_ops;
	adev->transport.priv = sw->model;
	agx4_fwmodel_attach(sw->model, &swdev_events, adev);
	return 0;
}

/* ---- the model's control in debugfs ---- */

/* Bytes the read-back takes at most: the mode, 16 scripts, 27 counters. */
#define SWDEV_SHOW_MAX		2048

static int model_script_show(struct seq_file *sf, void *unused)
{
	struct agx4_swdev *sw = sf->private;
	char *buf;

	buf = kmalloc(SWDEV_SHOW_MAX, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	agx4_fwmodel_show(sw->model, buf, SWDEV_SHOW_MAX);
	seq_puts(sf, buf);
	kfree(buf);
	return 0;
}

static int model_script_open(struct inode *inode, struct file *file)
{
	return single_open(file, model_script_show, inode->i_private);
}

/* One command per write(); a write longer than any command is -EINVAL. */
static ssize_t model_script_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	struct agx4_swdev *sw = ((struct seq_file *)file->private_data)->private;
	char buf[160];
	int ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	ret = agx4_fwmodel_command(sw->model, buf, len);
	return ret ? ret : len;
}

static const struct file_operations model_script_fops = {
	.owner = THIS_MODULE,
	.open = model_script_open,
	.read = seq_read,
	.llseek = seq_lseek,
	.write = model_script_write,
	.release = single_release,
};

static void swdev_debugfs_init(struct agx4_device *adev)
{
	struct agx4_swdev *sw = adev->backend_priv;

	if (IS_ERR_OR_NULL(adev->base.debugfs_root))
		return;
	sw->debugfs = debugfs_create_dir("agx4", adev->base.debugfs_root);
	debugfs_create_file("model_script", 0600, sw->debugfs, sw,
			    &model_script_fops);
}

static const struct agx4_device_backend swdev_backend = {
	.map_sgx = swdev_map_sgx,
	.read_sgx = swdev_read_sgx,
	.write_sgx = swdev_write_sgx,
	.transport_init = swdev_transport_init,
};

static int swdev_probe(struct platform_device *pdev)
{
	enum agx4_soc_id soc = platform_get_device_id(pdev)->driver_data;
	struct device *dev = &pdev->dev;
	struct agx4_device *adev;
	struct agx4_swdev *sw;
	int ret;

	ret = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	sw = kzalloc(sizeof(*sw), GFP_KERNEL);
	if (!sw)
		return -ENOMEM;
	sw->model = agx4_fwmodel_create(dev, soc == AGX4_SOC_T8132 ?
					AGX4_FWMODEL_G16 : AGX4_FWMODEL_G17P);
	if (IS_ERR(sw->model)) {
		ret = PTR_ERR(sw->model);
		kfree(sw);
		return ret;
	}
	sw->sgx = agx4_fwmodel_sgx(sw->model, &sw->sgx_size);
	ret = fill_dt(sw, soc);
	if (ret) {
		swdev_free(sw);
		return ret;
	}

	dev_warn(dev, "this GPU is a software model of the %s firmware: no hardware, nothing is rendered (testing only)\n",
		 soc == AGX4_SOC_T8132 ? "G16 (t8132)" : "G17P (t8140)");
	adev = agx4_device_create_backend(dev, &sw->src, &swdev_backend, sw);
	if (IS_ERR(adev)) {
		/* Before the first step, the DRM device does not own it. */
		if (!sw->owned)
			swdev_free(sw);
		return dev_err_probe(dev, PTR_ERR(adev), "probe failed\n");
	}
	platform_set_drvdata(pdev, adev);
	swdev_debugfs_init(adev);
	return 0;
}

static void swdev_remove(struct platform_device *pdev)
{
	struct agx4_device *adev = platform_get_drvdata(pdev);
	struct agx4_swdev *sw = adev->backend_priv;

	/* Removal waits for the file's readers and writers to leave. */
	debugfs_remove(sw->debugfs);
	agx4_device_unplug(adev);
}

static const struct platform_device_id swdev_ids[] = {
	{ "agx4-model-g16", AGX4_SOC_T8132 },
	{ "agx4-model-g17p", AGX4_SOC_T8140 },
	{ }
};

static struct platform_driver swdev_driver = {
	.driver = {
		.name = "agx4-model",
	},
	.id_table = swdev_ids,
	.probe = swdev_probe,
	.remove = swdev_remove,
};

static struct platform_device *swdev_pdev;

/*
 * Register the virtual GPU the ``model`` parameter asks for: 0 (also when
 * none is asked for), or a negative errno.
 */
static int __init swdev_init(void)
{
	const struct platform_device_info info = {
		.name = sysfs_streq(model, "g16") ? "agx4-model-g16" :
						    "agx4-model-g17p",
		.id = PLATFORM_DEVID_NONE,
		.dma_mask = DMA_BIT_MASK(64),
	};
	int ret;

	if (!model[0])
		return 0;
	if (!sysfs_streq(model, "g16") && !sysfs_streq(model, "g17p")) {
		pr_err("agx4_model: model=%s: expected g16 or g17p\n", model);
		return -EINVAL;
	}
	ret = platform_driver_register(&swdev_driver);
	if (ret)
		return ret;
	swdev_pdev = platform_device_register_full(&info);
	if (IS_ERR(swdev_pdev)) {
		ret = PTR_ERR(swdev_pdev);
		swdev_pdev = NULL;
		platform_driver_unregister(&swdev_driver);
		return ret;
	}
	return 0;
}

/* Unregister what swdev_init() registered. */
static void __exit swdev_exit(void)
{
	if (!swdev_pdev)
		return;
	platform_device_unregister(swdev_pdev);
	platform_driver_unregister(&swdev_driver);
	swdev_pdev = NULL;
}
module_init(swdev_init);
module_exit(swdev_exit);

/* agx4_device_create_backend(), agx4_device_unplug(), agx4_of_*_name(). */
MODULE_IMPORT_NS(DRM_AGX4);
