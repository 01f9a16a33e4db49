// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/io.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_mem.h"
#include "agx4_test_hooks.h"

/**
 * DOC: device memory
 *
 * The firmware's half of the GPU address space is a page-table tree the
 * boot loader built in the ``pagetables`` reservation; its root is the
 * region's first page.  The memory step of the probe maps the region and
 * adopts the tree (agx4_uat_init_borrowed()), then carves three allocators
 * out of it, at the addresses of the generation descriptor
 * (&agx4_fw_gen.fw_heap, &agx4_fw_gen.ts_aperture,
 * &agx4_fw_gen.reg_windows): one for agx4's own firmware objects, the
 * timestamp aperture, the only window in which the firmware accepts the
 * timestamp destinations of GEM_BIND_OBJECT, and the range of the GPU
 * register windows, which the boot maps at the reference drivers' fixed
 * addresses.
 *
 * Unlike the other steps, this one is undone when the DRM device is
 * released rather than at unplug: a client that still has the device open
 * after the GPU went away keeps its timestamp objects, and their mappings
 * must stay valid until it closes them.  The firmware is stopped by then,
 * so nothing reads the tables.
 */

/**
 * agx4_fw_mem_map_region() - map a reserved-memory region
 * @adev: the device, its device tree parsed.
 * @id: the region.
 * @r: filled with the mapping.
 *
 * The regions are ``no-map`` reservations; they are mapped write-back (the
 * page tables are cleaned to the point of coherency after every change).
 * KUnit replaces this with memory of its own.
 *
 * Return: 0, -ENODEV for a region the device tree does not give, -ENOMEM.
 */
int agx4_fw_mem_map_region(struct agx4_device *adev, enum agx4_mem id,
			   struct agx4_fw_mem_region *r)
{
	const struct agx4_range *m = &adev->plat.mem[id];

	AGX4_STATIC_STUB_REDIRECT(agx4_fw_mem_map_region, adev, id, r);
	if (!m->size)
		return -ENODEV;
	r->va = memremap(m->start, m->size, MEMREMAP_WB);
	if (!r->va)
		return -ENOMEM;
	r->pa = m->start;
	r->size = m->size;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_mem_map_region);

/**
 * agx4_fw_mem_unmap_region() - undo agx4_fw_mem_map_region()
 * @adev: the device.
 * @r: the mapping.
 */
void agx4_fw_mem_unmap_region(struct agx4_device *adev,
			      struct agx4_fw_mem_region *r)
{
	AGX4_STATIC_STUB_REDIRECT(agx4_fw_mem_unmap_region, adev, r);
	memunmap(r->va);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_mem_unmap_region);

/**
 * agx4_fw_mem_boot_region() - a reserved region each firmware boot writes
 * @adev: the device, its memory step done.
 * @id: %AGX4_MEM_HANDOFF or %AGX4_MEM_TTBS.
 * @r: receives the mapping.
 *
 * Mapped at its first use and kept until the DRM device is released, so
 * that a firmware restart, which runs the boot again off the probe, finds
 * it mapped.  The probe and the restarts are serialised, so nothing
 * locks it.
 *
 * Return: 0, -EINVAL for another region, or agx4_fw_mem_map_region()'s
 * errno.
 */
int agx4_fw_mem_boot_region(struct agx4_device *adev, enum agx4_mem id,
			    struct agx4_fw_mem_region *r)
{
	struct agx4_fw_mem *mem = adev->mem;
	struct agx4_fw_mem_region *m;
	int ret;

	if (id == AGX4_MEM_HANDOFF)
		m = &mem->handoff;
	else if (id == AGX4_MEM_TTBS)
		m = &mem->ttbs;
	else
		return -EINVAL;
	if (!m->va) {
		ret = agx4_fw_mem_map_region(adev, id, m);
		if (ret) {
			m->va = NULL;
			return ret;
		}
	}
	*r = *m;
	return 0;
}

static void mem_release(struct drm_device *drm, void *data)
{
	struct agx4_device *adev = to_agx4_device(drm);
	struct agx4_fw_mem *mem = data;
	unsigned int i;

	if (mem->ttbs.va)
		agx4_fw_mem_unmap_region(adev, &mem->ttbs);
	if (mem->handoff.va)
		agx4_fw_mem_unmap_region(adev, &mem->handoff);

	for (i = 0; i < AGX4_FW_FIXED_RANGES; i++)
		if (adev->gen->fixed_objs[i].size)
			agx4_fw_obj_heap_fini(&mem->fixed[i]);
	agx4_fw_obj_heap_fini(&mem->windows);
	agx4_fw_obj_heap_fini(&mem->ts);
	agx4_fw_obj_heap_fini(&mem->heap);
	agx4_uat_fini(&mem->fw_uat);
	if (mem->l2.va)
		agx4_fw_mem_unmap_region(adev, &mem->l2);
	agx4_fw_mem_unmap_region(adev, &mem->pagetables);
	adev->mem = NULL;
}

/**
 * agx4_fw_mem_init() - the memory step of the probe
 * @adev: the device, its generation chosen.
 *
 * Return: 0; -ENODEV, -EINVAL for a loader tree agx4 cannot adopt, -ENOMEM.
 */
int agx4_fw_mem_init(struct agx4_device *adev)
{
	const struct agx4_fw_gen *gen = adev->gen;
	struct agx4_uat_region regions[AGX4_UAT_MAX_REGIONS];
	struct device *dev = adev->base.dev;
	struct agx4_fw_mem *mem;
	unsigned int n = 1, i;
	int ret;

	mem = drmm_kzalloc(&adev->base, sizeof(*mem), GFP_KERNEL);
	if (!mem)
		return -ENOMEM;

	ret = agx4_fw_mem_map_region(adev, AGX4_MEM_PAGETABLES, &mem->pagetables);
	if (ret)
		return ret;
	regions[0] = (struct agx4_uat_region){
		mem->pagetables.va, mem->pagetables.pa, mem->pagetables.size };
	/*
	 * The loader keeps the table every firmware instance shares (the
	 * firmware half's entry 2) in the l2 reservation.
	 */
	if (adev->plat.mem[AGX4_MEM_L2].size) {
		ret = agx4_fw_mem_map_region(adev, AGX4_MEM_L2, &mem->l2);
		if (ret)
			goto err_unmap;
		regions[n++] = (struct agx4_uat_region){
			mem->l2.va, mem->l2.pa, mem->l2.size };
	}
	/* The loader's root is the first page of its region. */
	ret = agx4_uat_init_borrowed(&mem->fw_uat, dev, gen->uat_geom, true,
				     regions, n, mem->pagetables.pa);
	if (ret) {
		drm_err(&adev->base, "cannot adopt the loader's page tables: %d\n",
			ret);
		goto err_unmap;
	}
	ret = agx4_fw_obj_heap_init(&mem->heap, dev, &mem->fw_uat,
				    gen->fw_heap.start, gen->fw_heap.size);
	if (ret)
		goto err_uat;
	ret = agx4_fw_obj_heap_init(&mem->ts, dev, &mem->fw_uat,
				    gen->ts_aperture.start, gen->ts_aperture.size);
	if (ret)
		goto err_heap;
	ret = agx4_fw_obj_heap_init(&mem->windows, dev, &mem->fw_uat,
				    gen->reg_windows.start,
				    gen->reg_windows.size);
	if (ret)
		goto err_ts;
	for (i = 0; i < AGX4_FW_FIXED_RANGES; i++) {
		if (!gen->fixed_objs[i].size)
			continue;
		ret = agx4_fw_obj_heap_init(&mem->fixed[i], dev, &mem->fw_uat,
					    gen->fixed_objs[i].start,
					    gen->fixed_objs[i].size);
		if (ret)
			goto err_fixed;
	}
	adev->mem = mem;
	return drmm_add_action_or_reset(&adev->base, mem_release, mem);

err_fixed:
	while (i-- > 0)
		if (gen->fixed_objs[i].size)
			agx4_fw_obj_heap_fini(&mem->fixed[i]);
	agx4_fw_obj_heap_fini(&mem->windows);
err_ts:
	agx4_fw_obj_heap_fini(&mem->ts);
err_heap:
	agx4_fw_obj_heap_fini(&mem->heap);
err_uat:
	agx4_uat_fini(&mem->fw_uat);
err_unmap:
	if (mem->l2.va)
		agx4_fw_mem_unmap_region(adev, &mem->l2);
	agx4_fw_mem_unmap_region(adev, &mem->pagetables);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_mem_init);
