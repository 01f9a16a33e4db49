// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/dma-mapping.h>
#include <linux/err.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fwmodel.h"
#include "agx4_of.h"
#include "agx4_swdev.h"

/**
 * DOC: software backend
 *
 * With ``CONFIG_DRM_AGX4_SWDEV``, loading agx4 with ``model=g16`` or
 * ``model=g17p`` registers one virtual GPU whose firmware is the firmware
 * model (agx4_fwmodel), the same code the KUnit suites boot the driver
 * against: a t8132 (G16) or a t8140 (G17P) with a device tree written
 * here, the model's reserved memory, its register file and its transport.
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
 */

static char *model = "";
module_param(model, charp, 0444);
MODULE_PARM_DESC(model,
		 "Register a virtual GPU on the firmware model: g16 (t8132) or g17p (t8140); testing only");

/* Properties of the device tree the backend writes, and their bytes. */
#define SWDEV_MAX_PROPS		32
#define SWDEV_MAX_BYTES		160

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

static void set_prop(struct agx4_swdev *sw, const char *name, const void *val,
		     int len)
{
	struct swdev_prop *p;

	/* The table below fits by construction. */
	if (WARN_ON(sw->nprops == SWDEV_MAX_PROPS || len > SWDEV_MAX_BYTES))
		return;
	p = &sw->props[sw->nprops++];
	p->name = name;
	p->len = len;
	memcpy(p->val, val, len);
}

static void set_be32(struct agx4_swdev *sw, const char *name, const u32 *v,
		     unsigned int n)
{
	u8 buf[SWDEV_MAX_BYTES];
	unsigned int i;

	for (i = 0; i < n && 4 * (i + 1) <= sizeof(buf); i++)
		put_unaligned_be32(v[i], buf + 4 * i);
	set_prop(sw, name, buf, 4 * i);
}

static void set_le32(struct agx4_swdev *sw, const char *name, const u32 *v,
		     unsigned int n)
{
	u8 buf[SWDEV_MAX_BYTES];
	unsigned int i;

	for (i = 0; i < n && 4 * (i + 1) <= sizeof(buf); i++)
		put_unaligned_le32(v[i], buf + 4 * i);
	set_prop(sw, name, buf, 4 * i);
}

static void set_le64(struct agx4_swdev *sw, const char *name, u64 v)
{
	u8 buf[8];

	put_unaligned_le64(v, buf);
	set_prop(sw, name, buf, sizeof(buf));
}

static void set_str(struct agx4_swdev *sw, const char *name, const char *s)
{
	set_prop(sw, name, s, strlen(s) + 1);
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

/*
 * The values are those of the device trees the boot loader writes for
 * these SoCs (as the public G16/G17P reference driver reads them), the
 * same good nodes the KUnit suites start from; the register windows are
 * the SoCs' addresses, which the model never dereferences.
 */
static const u32 t8140_freq_mhz[AGX4_NUM_PSTATES] = {
	0, 338, 492, 618, 796, 928, 1056, 1170, 1278, 1338, 1470 };
static const u32 t8140_core_mv[AGX4_NUM_PSTATES] = {
	125, 595, 615, 635, 685, 730, 780, 815, 865, 885, 955 };

static const char *const adt_mem_props[AGX4_MEM_COUNT][2] = {
	[AGX4_MEM_TTBS] = { "apple,sgx-gpu-region-base",
			    "apple,sgx-gpu-region-size" },
	[AGX4_MEM_PAGETABLES] = { "apple,sgx-gfx-shared-region-base",
				  "apple,sgx-gfx-shared-region-size" },
	[AGX4_MEM_L2] = { "apple,sgx-gfx-shared-l2-region-base",
			  "apple,sgx-gfx-shared-l2-region-size" },
	[AGX4_MEM_HANDOFF] = { "apple,sgx-gfx-handoff-base",
			       "apple,sgx-gfx-handoff-size" },
	[AGX4_MEM_FIRMWARE] = { "apple,sgx-gfx-data-base",
				"apple,sgx-gfx-data-size" },
	[AGX4_MEM_FIRMWARE1] = { "apple,sgx-gfx1-data-base",
				 "apple,sgx-gfx1-data-size" },
};

static void fill_t8132(struct agx4_swdev *sw)
{
	static const char compat[] = "apple,agx-t8132";
	u32 v[AGX4_NUM_PSTATES];
	u8 swi[20];
	unsigned int i;

	set_prop(sw, "compatible", compat, sizeof(compat));
	set_str(sw, "apple,firmware-build", "mBoot-18000.161.10");
	sw->reg[AGX4_REG_ASC] = (struct agx4_range){ 0x302600000ull, 0x88000 };
	sw->reg[AGX4_REG_SGX] = (struct agx4_range){ 0x300000000ull, SZ_64M };
	sw->mbox_count = 1;

	set_be32(sw, "apple,m4-freq-a", t8140_freq_mhz, AGX4_NUM_PSTATES);
	set_be32(sw, "apple,m4-freq-b", t8140_freq_mhz, AGX4_NUM_PSTATES);
	set_be32(sw, "apple,m4-core-voltage", t8140_core_mv, AGX4_NUM_PSTATES);
	set_be32(sw, "apple,m4-memory-voltage", t8140_core_mv,
		 AGX4_NUM_PSTATES);
	for (i = 0; i < AGX4_NUM_PSTATES; i++)
		v[i] = i;
	set_be32(sw, "apple,m4-index-a", v, AGX4_NUM_PSTATES);
	set_be32(sw, "apple,m4-index-b", v, AGX4_NUM_PSTATES);
	for (i = 0; i < AGX4_NUM_PSTATES; i++)
		v[i] = i * 10;
	set_be32(sw, "apple,m4-relative-a", v, AGX4_NUM_PSTATES);
	set_be32(sw, "apple,m4-relative-b", v, AGX4_NUM_PSTATES);
	v[0] = 0x11;
	set_be32(sw, "apple,chip-revision", v, 1);
	v[0] = 0x3ff;
	set_be32(sw, "apple,m4-core-mask", v, 1);
	v[0] = 22000;
	set_be32(sw, "apple,m4-max-power-mw", v, 1);
	v[0] = 8;
	set_le32(sw, "apple,sgx-gpu-power-sample-period", v, 1);
	for (i = 0; i < sizeof(swi); i++)
		swi[i] = i;
	set_prop(sw, "apple,sgx-meta-sw-interrupt", swi, sizeof(swi));
}

static void fill_t8140(struct agx4_swdev *sw)
{
	static const char compat[] = "apple,agx-t8140\0apple,agx-g17p";
	static const char names[] = "primary\0secondary";
	u32 v[2 * AGX4_NUM_RAW_PSTATES];
	unsigned int i;

	set_prop(sw, "compatible", compat, sizeof(compat));
	set_str(sw, "apple,firmware-build", "mBoot-18000.161.9");
	v[0] = 1;
	set_be32(sw, "apple,neo-boot-abi", v, 1);
	sw->reg[AGX4_REG_SGX] = (struct agx4_range){ 0x480000000ull, SZ_64M };
	sw->reg[AGX4_REG_ASC] = (struct agx4_range){ 0x482600000ull, 0x88000 };
	sw->reg[AGX4_REG_ASC1] = (struct agx4_range){ 0x482e00000ull, 0x88000 };
	sw->reg[AGX4_REG_SGX_AUX] = (struct agx4_range){ 0x480d00000ull,
							  0x12c000 };
	for (i = 0; i < AGX4_MEM_COUNT; i++) {
		set_le64(sw, adt_mem_props[i][0], sw->mem[i].start);
		set_le64(sw, adt_mem_props[i][1], sw->mem[i].size);
	}
	sw->mbox_count = 2;
	set_prop(sw, "mbox-names", names, sizeof(names));

	v[0] = AGX4_NUM_RAW_PSTATES;
	set_le32(sw, "apple,sgx-perf-state-count", v, 1);
	v[0] = 1;
	set_le32(sw, "apple,sgx-perf-state-table-count", v, 1);
	for (i = 0; i < AGX4_NUM_RAW_PSTATES; i++) {
		v[2 * i] = 100000000 * (i + 1);
		v[2 * i + 1] = 600 + 20 * i;
	}
	set_le32(sw, "apple,sgx-perf-states", v, 2 * AGX4_NUM_RAW_PSTATES);
	set_le32(sw, "apple,sgx-perf-states-sram", v, 2 * AGX4_NUM_RAW_PSTATES);
}

/* The node of @soc, with the model's reserved memory. */
static int fill_dt(struct agx4_swdev *sw, enum agx4_soc_id soc)
{
	static const __be64 private_vm[2] = {
		cpu_to_be64(0xfffffc0000000000ull),
		cpu_to_be64(0x2000000000ull),
	};
	unsigned int m, last;

	/* t8132 has no second firmware image. */
	last = soc == AGX4_SOC_T8132 ? AGX4_MEM_FIRMWARE : AGX4_MEM_COUNT - 1;
	for (m = 0; m <= last; m++) {
		phys_addr_t pa;
		size_t size;
		int ret;

		ret = agx4_fwmodel_region(sw->model, agx4_of_mem_name(m), NULL,
					  &pa, &size);
		if (ret)
			return ret;
		sw->mem[m] = (struct agx4_range){ pa, size };
	}

	sw->src.ops = &swdev_src_ops;
	sw->src.ctx = sw;
	sw->src.node = "agx4-model";
	set_prop(sw, "apple,rtkit-private-vm-region", private_vm,
		 sizeof(private_vm));
	if (soc == AGX4_SOC_T8132)
		fill_t8132(sw);
	else
		fill_t8140(sw);
	return 0;
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

static void swdev_crashed(void *cookie, unsigned int inst)
{
	struct agx4_device *adev = cookie;
	const struct agx4_fw_transport_events *ev = adev->transport.events;

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
	return 0;
}

static void swdev_remove(struct platform_device *pdev)
{
	agx4_device_unplug(platform_get_drvdata(pdev));
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

/**
 * agx4_swdev_init() - register the virtual GPU the ``model`` parameter asks for
 *
 * Return: 0 (also when none is asked for), or a negative errno.
 */
int agx4_swdev_init(void)
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
		pr_err("agx4: model=%s: expected g16 or g17p\n", model);
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

/**
 * agx4_swdev_exit() - unregister what agx4_swdev_init() registered
 */
void agx4_swdev_exit(void)
{
	if (!swdev_pdev)
		return;
	platform_device_unregister(swdev_pdev);
	platform_driver_unregister(&swdev_driver);
	swdev_pdev = NULL;
}
