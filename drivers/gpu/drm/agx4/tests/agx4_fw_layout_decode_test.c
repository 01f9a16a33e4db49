// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout_decode": a live object printed by
 * member name, and the decoder entries in order, disjoint and uniquely
 * named.
 */

#include <kunit/test.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_debugfs.h>
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_fw_build.h"
#include "../agx4_fw_decode.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_work.h"
#include "../agx4_fwif.h"
#include "../agx4_of.h"
#include "agx4_fw_layout_golden.h"
#include "agx4_test_util.h"

/* The decoder names every member of a live object and its value. */
static void agx4_fw_layout_decoder_prints_live_fields(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	const struct agx4_fw_root_in in = {
		.region_a = RA, .main_config = MC, .region_c = RC,
		.status_a = SA, .status_b = SB,
	};
	const struct agx4_fw_layout *l = agx4_fw_layout_find(gen, "root");
	struct drm_print_iterator iter = { };
	struct agx4_device *adev;
	struct drm_printer p;
	char *text, line[64];
	u8 *root;

	KUNIT_ASSERT_NOT_NULL(test, l);
	root = kunit_kzalloc(test, 0xc8, GFP_KERNEL);
	text = kunit_kzalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, root);
	KUNIT_ASSERT_NOT_NULL(test, text);
	KUNIT_ASSERT_EQ(test, agx4_fw_build_root(gen, &in, root, 0xc8), 0);
	iter.data = text;
	iter.remain = 4095;
	p = drm_coredump_printer(&iter);
	agx4_fw_decode(l, root, 0xb8, &p);

	snprintf(line, sizeof(line), "root.main_config = 0x%llx\n", MC);
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, line));
	snprintf(line, sizeof(line), "root.status_b = 0x%llx\n", SB);
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, line));
	/* Eight bytes read as one little-endian word, whatever they hold. */
	snprintf(line, sizeof(line), "root.version = 0x%llx\n",
		 (u64)c->version[3] << 48 | (u64)c->version[2] << 32 |
		 (u64)c->version[1] << 16 | c->version[0]);
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, line));
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, "root.page_bits = 0xe\n"));
	/* An array: hex bytes by offset. */
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, "root.level+0x0 = 08 0e 0e 24"));
	/* Nothing past the size it was given. */
	iter = (struct drm_print_iterator){ .data = text, .remain = 4095 };
	memset(text, 0, 4096);
	p = drm_coredump_printer(&iter);
	agx4_fw_decode(l, root, 0xb0, &p);
	KUNIT_EXPECT_NULL(test, strstr(text, "root.status_b"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, "root.status_a"));
	agx4_layout_checked[c->idx] += 4;

	/* The debugfs side: objects the generation has, by name. */
	adev = agx4_test_drm_device(test, "agx4-decode");
	adev->gen = gen;
	KUNIT_EXPECT_EQ(test, agx4_fw_debugfs_add_object(adev, "fw_root0",
							 "root", root, 0xb8), 0);
	KUNIT_EXPECT_EQ(test, agx4_fw_debugfs_add_object(adev, "fw_x", "nope",
							 root, 0xb8), -ENOENT);
}

/* Read a live object's debugfs file as a reader of it would. */
static int show_object(struct kunit *test, struct drm_debugfs_entry *entry,
		       char *buf, size_t size)
{
	struct seq_file *m = kunit_kzalloc(test, sizeof(*m), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, m);
	memset(buf, 0, size);
	m->buf = buf;
	m->size = size - 1;
	m->private = entry;
	return entry->file.show(m, NULL);
}

/*
 * A live object's debugfs file reads memory the firmware shares: a read
 * that reaches it once the device is unplugged (racing the removal,
 * which takes the files away only after drm_dev_unplug() marked the
 * device gone) is -ENODEV and prints nothing.
 */
static void agx4_fw_layout_object_file_refused_after_unplug(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_root_in in = {
		.region_a = RA, .main_config = MC, .region_c = RC,
		.status_a = SA, .status_b = SB,
	};
	struct drm_debugfs_entry *entry;
	struct agx4_device *adev;
	struct dentry *d;
	char *text;
	u8 *root;

	root = kunit_kzalloc(test, 0xc8, GFP_KERNEL);
	text = kunit_kzalloc(test, 4096, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, root);
	KUNIT_ASSERT_NOT_NULL(test, text);
	KUNIT_ASSERT_EQ(test, agx4_fw_build_root(c->gen, &in, root, 0xc8), 0);
	adev = agx4_test_drm_device(test, "agx4-decode-unplug");
	adev->gen = c->gen;
	KUNIT_ASSERT_EQ(test, agx4_fw_debugfs_add_object(adev, "fw_root0",
							 "root", root, 0xb8), 0);
	d = debugfs_lookup("fw_root0", adev->base.debugfs_root);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, d);
	entry = d_inode(d)->i_private;
	dput(d);
	KUNIT_ASSERT_NOT_NULL(test, entry);

	KUNIT_EXPECT_EQ(test, show_object(test, entry, text, 4096), 0);
	KUNIT_EXPECT_NOT_NULL(test, strstr(text, "root.main_config = "));

	drm_dev_unplug(&adev->base);
	KUNIT_EXPECT_EQ(test, show_object(test, entry, text, 4096), -ENODEV);
	KUNIT_EXPECT_STREQ(test, text, "");
}

/*
 * Every decoder entry: in its object, in offset order, none overlapping,
 * no two with one name.
 */
static void agx4_fw_layout_fields_ordered_and_disjoint(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	unsigned int i, j, k, total = agx4_fw_num_common_layouts +
				      c->gen->num_layouts;

	for (i = 0; i < total; i++) {
		const struct agx4_fw_layout *l =
			i < agx4_fw_num_common_layouts ?
			&agx4_fw_common_layouts[i] :
			&c->gen->layouts[i - agx4_fw_num_common_layouts];
		u32 end = 0;

		KUNIT_EXPECT_GT_MSG(test, l->num_fields, 0, "%s", l->name);
		for (j = 0; j < l->num_fields; j++) {
			const struct agx4_fw_field *f = &l->fields[j];

			KUNIT_EXPECT_GE_MSG(test, f->offset, end, "%s.%s",
					    l->name, f->name);
			KUNIT_EXPECT_LE_MSG(test, f->offset + f->size, l->size,
					    "%s.%s", l->name, f->name);
			end = f->offset + f->size;
			/* A member's name is unique within its object. */
			for (k = 0; k < j; k++)
				KUNIT_EXPECT_STRNEQ_MSG(test, l->fields[k].name,
							f->name, "in %s",
							l->name);
		}
		/* An object's name is unique among the generation's. */
		for (j = 0; j < total; j++) {
			const struct agx4_fw_layout *o =
				j < agx4_fw_num_common_layouts ?
				&agx4_fw_common_layouts[j] :
				&c->gen->layouts[j - agx4_fw_num_common_layouts];

			if (o != l)
				KUNIT_EXPECT_STRNEQ(test, o->name, l->name);
		}
	}
}

static struct kunit_case agx4_fw_layout_decode_cases[] = {
	KUNIT_CASE_PARAM(agx4_fw_layout_decoder_prints_live_fields,
			 agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_object_file_refused_after_unplug,
			 agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_fields_ordered_and_disjoint,
			 agx4_layout_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_layout_decode_suite = {
	.name = "agx4_fw_layout_decode",
	.suite_init = agx4_layout_suite_init,
	.suite_exit = agx4_layout_suite_exit,
	.test_cases = agx4_fw_layout_decode_cases,
};

kunit_test_suite(agx4_fw_layout_decode_suite);
