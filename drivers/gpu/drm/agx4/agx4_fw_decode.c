// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The decoder: firmware objects printed by member name, from the layouts
 * each generation declares, and the debugfs files that show them.
 */

#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/utsname.h>
#include <linux/unaligned.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_build.h"
#include "agx4_fw_decode.h"
#include "agx4_fwif.h"
#include "agx4_test_hooks.h"

/**
 * agx4_fw_layouts_print() - print object layouts as text
 * @layouts: the objects.
 * @n: how many.
 * @p: where to.
 *
 * One ``object field offset size`` line per member (offset and size in
 * hex), after one ``object - 0 size`` line per object, so that the
 * layouts of two firmware builds compare with diff.
 */
void agx4_fw_layouts_print(const struct agx4_fw_layout *layouts,
			   unsigned int n, struct drm_printer *p)
{
	unsigned int i, j;

	for (i = 0; i < n; i++) {
		const struct agx4_fw_layout *l = &layouts[i];

		drm_printf(p, "%s - 0x0 0x%x\n", l->name, l->size);
		for (j = 0; j < l->num_fields; j++)
			drm_printf(p, "%s %s 0x%x 0x%x\n", l->name,
				   l->fields[j].name, l->fields[j].offset,
				   l->fields[j].size);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_layouts_print);

/**
 * agx4_fw_layout_field() - look a member of an object up by name
 * @l: the object.
 * @name: the member.
 *
 * Return: the member, or NULL.
 */
const struct agx4_fw_field *agx4_fw_layout_field(const struct agx4_fw_layout *l,
						 const char *name)
{
	unsigned int i;

	for (i = 0; i < l->num_fields; i++)
		if (!strcmp(l->fields[i].name, name))
			return &l->fields[i];
	return NULL;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_layout_field);

/**
 * agx4_fw_gen_layouts_print() - print every object a generation uses
 * @gen: the generation.
 * @p: where to.
 *
 * The shared records first, then the generation's own, as
 * agx4_fw_layouts_print() writes them: the ``fw_layouts`` text.
 */
void agx4_fw_gen_layouts_print(const struct agx4_fw_gen *gen,
			       struct drm_printer *p)
{
	agx4_fw_layouts_print(agx4_fw_common_layouts,
			      agx4_fw_num_common_layouts, p);
	agx4_fw_layouts_print(gen->layouts, gen->num_layouts, p);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_gen_layouts_print);

/**
 * agx4_fw_layout_find() - look an object of a generation up by name
 * @gen: the generation.
 * @name: the object.
 *
 * Return: the object (a shared record or the generation's own), or NULL.
 */
const struct agx4_fw_layout *agx4_fw_layout_find(const struct agx4_fw_gen *gen,
						 const char *name)
{
	unsigned int i;

	for (i = 0; i < agx4_fw_num_common_layouts; i++)
		if (!strcmp(agx4_fw_common_layouts[i].name, name))
			return &agx4_fw_common_layouts[i];
	for (i = 0; i < gen->num_layouts; i++)
		if (!strcmp(gen->layouts[i].name, name))
			return &gen->layouts[i];
	return NULL;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_layout_find);

/* Bytes of an array member one decoder line shows. */
#define AGX4_FW_DECODE_LINE	16

static void decode_bytes(const struct agx4_fw_layout *l,
			 const struct agx4_fw_field *f, const u8 *b,
			 struct drm_printer *p)
{
	u32 off, skipped = 0;

	for (off = 0; off < f->size; off += AGX4_FW_DECODE_LINE) {
		u32 n = min_t(u32, AGX4_FW_DECODE_LINE, f->size - off);

		if (!memchr_inv(b + off, 0, n)) {
			skipped += n;
			continue;
		}
		drm_printf(p, "%s.%s+0x%x = %*ph\n", l->name, f->name, off, n,
			   b + off);
	}
	if (skipped == f->size)
		drm_printf(p, "%s.%s = 0 (0x%x bytes)\n", l->name, f->name,
			   f->size);
}

/**
 * agx4_fw_decode() - print the members of a firmware object by name
 * @l: the object's layout.
 * @obj: the object.
 * @size: bytes readable at @obj; members past it are not printed.
 * @p: where to.
 *
 * One ``object.member = value`` line per member: members of 1, 2, 4 or 8
 * bytes as little-endian integers, others (arrays, embedded records) as
 * hex bytes, 16 a line, all-zero lines left out.  The debugfs files of
 * live objects and the devcoredump print through this.
 */
void agx4_fw_decode(const struct agx4_fw_layout *l, const void *obj,
		    size_t size, struct drm_printer *p)
{
	const u8 *base = obj;
	unsigned int i;

	for (i = 0; i < l->num_fields; i++) {
		const struct agx4_fw_field *f = &l->fields[i];
		const u8 *b = base + f->offset;
		u64 v;

		if (f->offset + f->size > size)
			break;
		switch (f->size) {
		case 1:
			v = *b;
			break;
		case 2:
			v = get_unaligned_le16(b);
			break;
		case 4:
			v = get_unaligned_le32(b);
			break;
		case 8:
			v = get_unaligned_le64(b);
			break;
		default:
			decode_bytes(l, f, b, p);
			continue;
		}
		drm_printf(p, "%s.%s = 0x%llx\n", l->name, f->name, v);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_decode);

/**
 * struct agx4_fw_live - a live firmware object shown in debugfs
 * @layout: its layout.
 * @obj: the object (a CPU mapping the firmware shares).
 * @size: its size.
 */
struct agx4_fw_live {
	const struct agx4_fw_layout *layout;
	const void *obj;
	size_t size;
};

static int fw_object_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	const struct agx4_fw_live *live = entry->file.data;
	struct drm_printer p = drm_seq_file_printer(m);
	int idx;

	/* The firmware's memory: not once the device is unplugged. */
	if (!drm_dev_enter(entry->dev, &idx))
		return -ENODEV;
	agx4_fw_decode(live->layout, live->obj, live->size, &p);
	drm_dev_exit(idx);
	return 0;
}

/**
 * agx4_fw_debugfs_add_object() - show a live firmware object in debugfs
 * @adev: the device.
 * @file: the debugfs file name ("fw_root0", ...).
 * @object: the object's layout name in the device's generation.
 * @obj: the object; it must outlive the DRM device.
 * @size: its size.
 *
 * Return: 0; -ENOENT if the generation has no such object; -ENOMEM.
 */
int agx4_fw_debugfs_add_object(struct agx4_device *adev, const char *file,
			       const char *object, const void *obj,
			       size_t size)
{
	const struct agx4_fw_layout *l = agx4_fw_layout_find(adev->gen, object);
	struct agx4_fw_live *live;

	if (!l)
		return -ENOENT;
	live = drmm_kzalloc(&adev->base, sizeof(*live), GFP_KERNEL);
	if (!live)
		return -ENOMEM;
	live->layout = l;
	live->obj = obj;
	live->size = size;
	drm_debugfs_add_file(&adev->base, file, fw_object_show, live);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_debugfs_add_object);

/**
 * agx4_fw_dump_header() - the lines every dump of agx4 starts with
 * @adev: the device.
 * @p: where to print.
 * @kind: what the dump is of ("firmware restart", "job timeout").
 * @pid: the process it concerns (the culprit's thread-group id), 0 for
 *	none known.
 * @comm: that process's command name, or NULL.
 *
 * One ``key: value`` line each: the dump format's version
 * (%AGX4_DUMP_FORMAT, raised whenever a line's meaning changes), the
 * kind, the driver's DRM name and version, the kernel release, the
 * firmware build, generation and chip, the wall-clock time (seconds since
 * the epoch, UTC) and the process.
 */
void agx4_fw_dump_header(struct agx4_device *adev, struct drm_printer *p,
			 const char *kind, pid_t pid, const char *comm)
{
	const struct drm_driver *drv = adev->base.driver;

	drm_printf(p, "agx4 dump format: %u\n", AGX4_DUMP_FORMAT);
	drm_printf(p, "kind: %s\n", kind);
	drm_printf(p, "driver: %s %d.%d.%d\n", drv->name, drv->major,
		   drv->minor, drv->patchlevel);
	drm_printf(p, "kernel: %s\n", init_utsname()->release);
	drm_printf(p, "firmware_build: %s\n", adev->plat.firmware_build);
	/* A device made without its generation (the job unit's tests). */
	drm_printf(p, "generation: %s\n", adev->gen ? adev->gen->name : "none");
	drm_printf(p, "chip: t%x\n", adev->plat.chip_id);
	drm_printf(p, "time: %lld\n", ktime_get_real_seconds());
	if (pid)
		drm_printf(p, "process: %d %s\n", pid, comm ?: "?");
	else
		drm_printf(p, "process: none known\n");
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_dump_header);

/**
 * agx4_fw_layouts_header() - the lines ``fw_layouts`` starts with
 * @adev: the device.
 * @p: where to print.
 *
 * What the table that follows describes, so that two saved tables can be
 * told apart: the firmware build the device tree names, the generation
 * and the driver's DRM name and version, each on a line starting with
 * ``#`` (which no line of the table does).
 */
void agx4_fw_layouts_header(struct agx4_device *adev, struct drm_printer *p)
{
	const struct drm_driver *drv = adev->base.driver;

	drm_printf(p, "# firmware_build %s\n", adev->plat.firmware_build);
	drm_printf(p, "# generation %s\n", adev->gen->name);
	drm_printf(p, "# driver %s %d.%d.%d\n", drv->name, drv->major,
		   drv->minor, drv->patchlevel);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_layouts_header);

static int fw_layouts_show(struct seq_file *m, void *data)
{
	struct drm_debugfs_entry *entry = m->private;
	struct agx4_device *adev = to_agx4_device(entry->dev);
	struct drm_printer p = drm_seq_file_printer(m);

	agx4_fw_layouts_header(adev, &p);
	agx4_fw_gen_layouts_print(adev->gen, &p);
	return 0;
}

/**
 * agx4_fw_debugfs_init() - add the firmware files to the device's debugfs
 * @adev: the device, its generation chosen.
 *
 * ``fw_layouts``: agx4_fw_layouts_header(), then every object of the
 * generation, as agx4_fw_gen_layouts_print() writes it.
 */
void agx4_fw_debugfs_init(struct agx4_device *adev)
{
	drm_debugfs_add_file(&adev->base, "fw_layouts", fw_layouts_show, NULL);
}
