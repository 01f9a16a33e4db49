// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout", run for G16 and for G17P: the declared
 * firmware objects against a table of offsets and sizes written here from
 * shared/spec/g16-g17p-reference.md 3.2-3.9 (not from the declarations),
 * and the builders' output against byte images written here from the same
 * sections.  Builder output is read back by raw offset, never through the
 * declarations.  Each generation prints how many values it checked.
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "../agx4_fw.h"
#include "../agx4_fwif.h"

struct expect_field {
	const char *obj;
	const char *field;	/* NULL: the object's size */
	u32 off;
	u32 size;
};

/* Shared by both generations (3.2, 3.3, 3.4, 3.9). */
static const struct expect_field common_fields[] = {
	{ "root", NULL, 0, 0xb8 },
	{ "root", "version", 0x00, 8 },
	{ "root", "region_a", 0x08, 8 },
	{ "root", "main_config", 0x18, 8 },
	{ "root", "region_c", 0x20, 8 },
	{ "root", "kind", 0x28, 4 },
	{ "root", "one", 0x2c, 4 },
	{ "root", "page_size", 0x30, 2 },
	{ "root", "page_bits", 0x32, 1 },
	{ "root", "levels", 0x33, 1 },
	{ "root", "level", 0x34, 0x60 },
	{ "root", "status_a", 0xa8, 8 },
	{ "root", "status_b", 0xb0, 8 },
	{ "root_extra", NULL, 0, 0xc8 },
	{ "root_extra", "root", 0x00, 0xb8 },
	{ "root_extra", "extra_0", 0xb8, 8 },
	{ "root_extra", "extra_1", 0xc0, 8 },
	{ "uat_level", NULL, 0, 0x20 },
	{ "uat_level", "bits", 0x00, 4 },
	{ "uat_level", "entries", 0x04, 2 },
	{ "uat_level", "page_size", 0x06, 2 },
	{ "uat_level", "one", 0x08, 8 },
	{ "uat_level", "oa_mask", 0x10, 8 },
	{ "uat_level", "index_mask", 0x18, 8 },
	{ "channel", NULL, 0, 0x20 },
	{ "channel", "state", 0x00, 0x18 },
	{ "channel", "ring", 0x18, 8 },
	{ "status", NULL, 0, 0x80 },
	{ "status", "init", 0x04, 4 },
	{ "status", "ack", 0x10, 4 },
	{ "status", "accepted", 0x14, 4 },
	{ "regwin", NULL, 0, 0x28 },
	{ "regwin", "pa", 0x00, 8 },
	{ "regwin", "fw_va", 0x08, 8 },
	{ "regwin", "size", 0x10, 4 },
	{ "regwin", "stride", 0x14, 4 },
	{ "regwin", "sgx_offset", 0x18, 8 },
	{ "regwin", "flags", 0x20, 4 },
	{ "job_list", NULL, 0, 0x18 },
	{ "job_list", "head", 0x00, 8 },
	{ "job_list", "self", 0x08, 8 },
	{ "job_list", "tail", 0x10, 8 },
};

static const struct expect_field g16_fields[] = {
	{ "main_config", NULL, 0, 0x500 },
	{ "main_config", "hwdata", 0x00, 8 },
	{ "main_config", "repeated", 0x08, 0x10 },
	{ "main_config", "header", 0x18, 8 },
	{ "main_config", "channels", 0x20, 17 * 0x20 },
	{ "main_config", "addresses", 0x24c, 5 * 8 },
	{ "main_config", "regions", 0x2c8, 6 * 8 },
	{ "main_config", "four", 0x2f8, 4 },
	{ "main_config", "ff", 0x3d8, 4 },
	{ "main_config", "unaligned", 0x469, 8 },
	{ "main_config", "control", 0x4c0, 0x40 },
	{ "queue", NULL, 0, 0xb0 },
	{ "queue", "pointers", 0x00, 8 },
	{ "queue", "ring", 0x08, 8 },
	{ "queue", "job_list", 0x10, 8 },
	{ "queue", "private_area", 0x18, 8 },
	{ "queue", "all_ones", 0x2c, 4 },
	{ "queue", "priority", 0x30, 4 },
	{ "queue", "priority2", 0x34, 4 },
	{ "queue", "priority_mask", 0x38, 8 },
	{ "queue", "first", 0x40, 4 },
	{ "queue", "last", 0x48, 4 },
	{ "queue", "all_ones2", 0x4c, 4 },
	{ "queue", "uuid", 0x50, 4 },
	{ "queue", "context", 0xa4, 8 },
	{ "pointers", NULL, 0, 0x60 },
	{ "pointers", "done", 0x00, 4 },
	{ "pointers", "read", 0x30, 4 },
	{ "pointers", "write", 0x40, 4 },
	{ "pointers", "capacity", 0x50, 4 },
	{ "work_msg", NULL, 0, 0x18 },
	{ "work_msg", "tag", 0x00, 8 },
	{ "work_msg", "queue", 0x08, 8 },
	{ "work_msg", "kind", 0x10, 4 },
	{ "work_msg", "head", 0x14, 4 },
	{ "ctl_register", NULL, 0, 0x40 },
	{ "ctl_register", "opcode", 0x00, 4 },
	{ "ctl_register", "one", 0x04, 4 },
	{ "ctl_register", "mask", 0x08, 4 },
	{ "ctl_register", "control_data", 0x14, 8 },
	{ "ctl_register", "operands", 0x1c, 8 },
	{ "ctl_register", "operands2", 0x24, 8 },
	{ "ctl_register", "count", 0x2c, 4 },
	{ "ctl_register", "one2", 0x34, 4 },
	{ "ctl_grow_reply", NULL, 0, 0x40 },
	{ "ctl_grow_reply", "opcode", 0x00, 4 },
	{ "ctl_grow_reply", "success", 0x04, 4 },
	{ "ctl_grow_reply", "slot", 0x08, 4 },
	{ "ctl_grow_reply", "context", 0x0c, 4 },
	{ "ctl_grow_reply", "counter", 0x10, 4 },
	{ "ctl_grow_reply", "subpipe", 0x14, 4 },
	{ "ctl_grow_reply", "halt_count", 0x18, 8 },
	{ "ctl_limit_reply", NULL, 0, 0x40 },
	{ "ctl_limit_reply", "opcode", 0x00, 4 },
	{ "ctl_limit_reply", "one", 0x04, 4 },
	{ "ctl_limit_reply", "fragment_queue", 0x08, 8 },
	{ "ctl_limit_reply", "fragment_stamp", 0x10, 4 },
	{ "ev_grow", NULL, 0, 0x48 },
	{ "ev_grow", "kind", 0x00, 4 },
	{ "ev_grow", "context", 0x04, 4 },
	{ "ev_grow", "slot", 0x08, 4 },
	{ "ev_grow", "counter", 0x0c, 4 },
	{ "ev_grow", "subpipe", 0x10, 4 },
	{ "ev_grow", "halt_count", 0x14, 8 },
	{ "ev_limit", NULL, 0, 0x48 },
	{ "ev_limit", "kind", 0x00, 4 },
	{ "ev_limit", "zero", 0x04, 4 },
	{ "ev_limit", "one", 0x08, 4 },
	{ "ev_limit", "fragment_event", 0x0c, 4 },
	{ "ev_limit", "fragment_stamp", 0x10, 4 },
	{ "ev_partial", NULL, 0, 0x48 },
	{ "ev_partial", "kind", 0x00, 4 },
	{ "ev_partial", "active", 0x14, 4 },
	{ "ev_partial", "queue", 0x24, 8 },
	{ "ev_partial", "what", 0x2c, 4 },
	{ "ev_partial", "zero", 0x30, 4 },
};

static const struct expect_field g17p_fields[] = {
	{ "main_config", NULL, 0, 0x600 },
	{ "main_config", "hwdata", 0x00, 8 },
	{ "main_config", "repeated", 0x08, 0x10 },
	{ "main_config", "channels", 0x20, 17 * 0x20 },
	{ "main_config", "addresses", 0x254, 5 * 8 },
	{ "main_config", "views", 0x2d0, 3 * 0x10 },
	{ "main_config", "four", 0x300, 4 },
	{ "main_config", "ff", 0x3e0, 4 },
	{ "main_config", "secondary_extra", 0x471, 8 },
	{ "main_config", "control", 0x4c0, 0x40 },
	{ "region_view", NULL, 0, 0x10 },
	{ "region_view", "address", 0x00, 8 },
	{ "region_view", "value", 0x08, 4 },
	{ "region_view", "tag", 0x0c, 4 },
	{ "queue", NULL, 0, 0xc0 },
	{ "queue", "pointers", 0x00, 8 },
	{ "queue", "ring", 0x08, 8 },
	{ "queue", "job_list", 0x10, 8 },
	{ "queue", "all_ones", 0x24, 4 },
	{ "queue", "priority", 0x28, 4 },
	{ "queue", "priority2", 0x2c, 4 },
	{ "queue", "priority_mask", 0x30, 8 },
	{ "queue", "first", 0x38, 4 },
	{ "queue", "prio5", 0x40, 4 },
	{ "queue", "all_ones2", 0x44, 4 },
	{ "queue", "uuid", 0x48, 4 },
	{ "queue", "announce", 0x7c, 4 },
	{ "queue", "unk_94", 0x94, 4 },
	{ "queue", "context", 0x9c, 8 },
	{ "pointers", NULL, 0, 0x80 },
	{ "pointers", "done", 0x00, 4 },
	{ "pointers", "read", 0x30, 4 },
	{ "pointers", "write", 0x40, 4 },
	{ "pointers", "all_ones", 0x50, 4 },
	{ "pointers", "capacity", 0x60, 4 },
	{ "work_msg", NULL, 0, 0x18 },
	{ "work_msg", "zero", 0x00, 8 },
	{ "work_msg", "queue", 0x08, 8 },
	{ "work_msg", "kind", 0x10, 4 },
	{ "work_msg", "head", 0x14, 4 },
	{ "ctl_grow_reply", NULL, 0, 0x40 },
	{ "ctl_grow_reply", "opcode", 0x00, 4 },
	{ "ctl_grow_reply", "success", 0x04, 4 },
	{ "ctl_grow_reply", "slot", 0x08, 4 },
	{ "ctl_grow_reply", "context", 0x0c, 4 },
	{ "ctl_grow_reply", "counter", 0x10, 4 },
	{ "ctl_cleanup", NULL, 0, 0x40 },
	{ "ctl_cleanup", "opcode", 0x00, 4 },
	{ "ctl_cleanup", "ctrl", 0x08, 4 },
	{ "ctl_cleanup", "context_control", 0x0c, 8 },
	{ "ctl_maintenance", NULL, 0, 0x40 },
	{ "ctl_maintenance", "opcode", 0x00, 4 },
	{ "ctl_maintenance", "kind", 0x04, 4 },
	{ "ctl_maintenance", "phase", 0x08, 4 },
	{ "ctl_tick", NULL, 0, 0x40 },
	{ "ctl_tick", "opcode", 0x00, 4 },
	{ "ctl_tick", "ordinal", 0x04, 4 },
	{ "ev_completion", NULL, 0, 0x48 },
	{ "ev_completion", "kind", 0x00, 4 },
	{ "ev_completion", "mask", 0x04, 16 },
	{ "ev_grow", NULL, 0, 0x48 },
	{ "ev_grow", "kind", 0x00, 4 },
	{ "ev_grow", "context", 0x04, 4 },
	{ "ev_grow", "slot", 0x08, 4 },
	{ "ev_grow", "counter", 0x0c, 4 },
	{ "ev_grow", "grid", 0x10, 4 },
	{ "ev_grow", "zero", 0x14, 0x24 },
	{ "ev_grow", "one", 0x38, 8 },
	{ "ev_grow", "grid_bit", 0x40, 8 },
	{ "ev_limit", NULL, 0, 0x48 },
	{ "ev_limit", "kind", 0x00, 4 },
	{ "ev_limit", "zero", 0x04, 4 },
	{ "ev_limit", "one", 0x08, 4 },
	{ "ev_limit", "event", 0x0c, 4 },
	{ "ev_limit", "work", 0x10, 8 },
	{ "ev_limit", "nonzero", 0x18, 8 },
	{ "ev_limit", "zero2", 0x20, 8 },
	{ "ev_limit", "fragment", 0x28, 8 },
	{ "ev_limit", "event2", 0x30, 8 },
	{ "ev_limit", "vm", 0x38, 8 },
	{ "ev_limit", "pool", 0x40, 8 },
	{ "event_item", NULL, 0, 0x40 },
	{ "event_item", "type", 0x00, 4 },
	{ "event_item", "subtype", 0x04, 4 },
	{ "event_item", "counter", 0x08, 4 },
	{ "event_item", "kind", 0x10, 4 },
};

struct layout_case {
	const struct agx4_fw_gen *gen;
	const struct expect_field *fields;
	unsigned int num_fields;
	/* 3.3: work-ring base in the bundle. */
	u32 ring_base;
	/* 3.2: root version words. */
	u16 version[4];
	u32 queue_size;
};

static const struct layout_case cases[] = {
	{ &agx4_fw_g16, g16_fields, ARRAY_SIZE(g16_fields), 0xba40,
	  { 0x04b8, 0x8392, 0xc357, 0x0c89 }, 0xb0 },
	{ &agx4_fw_g17p, g17p_fields, ARRAY_SIZE(g17p_fields), 0xc5c0,
	  { 0x04c0, 0x0396, 0xa322, 0x0c8a }, 0xc0 },
};

static void case_desc(const struct layout_case *c, char *desc)
{
	strscpy(desc, c->gen->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(gen, cases, case_desc);

/* Values checked, per generation, over the whole suite. */
static unsigned int checked[ARRAY_SIZE(cases)];

static unsigned int case_index(const struct layout_case *c)
{
	return c - cases;
}

static const struct expect_field *field_at(const struct layout_case *c,
					   unsigned int i)
{
	return i < ARRAY_SIZE(common_fields) ? &common_fields[i] :
	       &c->fields[i - ARRAY_SIZE(common_fields)];
}

static void agx4_fw_layout_matches_spec_table(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	unsigned int total = ARRAY_SIZE(common_fields) + c->num_fields;
	unsigned int i, j, n = 0;

	for (i = 0; i < total; i++) {
		const struct expect_field *e = field_at(c, i);
		const struct agx4_fw_layout *l = agx4_fw_layout_find(c->gen, e->obj);
		const struct agx4_fw_field *f;

		KUNIT_ASSERT_NOT_NULL_MSG(test, l, "no object %s", e->obj);
		if (!e->field) {
			KUNIT_EXPECT_EQ_MSG(test, l->size, e->size, "%s size",
					    e->obj);
			n++;
			continue;
		}
		f = agx4_fw_layout_field(l, e->field);
		KUNIT_ASSERT_NOT_NULL_MSG(test, f, "no %s.%s", e->obj, e->field);
		KUNIT_EXPECT_EQ_MSG(test, f->offset, e->off, "%s.%s offset",
				    e->obj, e->field);
		KUNIT_EXPECT_EQ_MSG(test, f->size, e->size, "%s.%s size",
				    e->obj, e->field);
		n += 2;
	}
	/* Every declared member is in the table: nothing unreviewed. */
	for (i = 0; i < agx4_fw_num_common_layouts + c->gen->num_layouts; i++) {
		const struct agx4_fw_layout *l =
			i < agx4_fw_num_common_layouts ?
			&agx4_fw_common_layouts[i] :
			&c->gen->layouts[i - agx4_fw_num_common_layouts];

		for (j = 0; j < l->num_fields; j++) {
			bool found = false;
			unsigned int k;

			for (k = 0; k < total && !found; k++) {
				const struct expect_field *e = field_at(c, k);

				found = e->field && !strcmp(e->obj, l->name) &&
					!strcmp(e->field, l->fields[j].name);
			}
			KUNIT_EXPECT_TRUE_MSG(test, found,
					      "%s.%s not in the spec table",
					      l->name, l->fields[j].name);
		}
	}
	checked[case_index(c)] += n;
}

/* A byte image: these values at these offsets, every other byte zero. */
struct golden {
	u32 off;
	u8 width;
	u64 value;
};

static unsigned int expect_image(struct kunit *test, const u8 *buf, u32 size,
				 const struct golden *g, unsigned int n,
				 const char *what)
{
	u8 *mask = kunit_kzalloc(test, size, GFP_KERNEL);
	unsigned int i;
	u32 b;

	KUNIT_ASSERT_NOT_NULL(test, mask);
	for (i = 0; i < n; i++) {
		u8 v[8] = { };

		KUNIT_ASSERT_LE(test, g[i].off + g[i].width, size);
		memcpy(v, buf + g[i].off, g[i].width);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le64(v), g[i].value,
				    "%s +%#x", what, g[i].off);
		memset(mask + g[i].off, 1, g[i].width);
	}
	for (b = 0; b < size; b++)
		if (!mask[b])
			KUNIT_EXPECT_EQ_MSG(test, buf[b], 0, "%s +%#x", what, b);
	return n;
}

#define RA	0xfffffc2000108000ull	/* region A */
#define MC	0xfffffc20c04f5a40ull	/* main config */
#define RC	0xfffffc20000f8000ull	/* region C */
#define SA	0xfffffc200003f180ull	/* status A */
#define SB	0xfffffc2000030000ull	/* status B */
#define X0	0xfffffc200003eb00ull
#define X1	0xfffffc20000f3440ull

static void agx4_fw_layout_root_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_root_in in = {
		.region_a = RA, .main_config = MC, .region_c = RC,
		.status_a = SA, .status_b = SB, .extra_0 = X0, .extra_1 = X1,
	};
	bool g16 = c->gen == &agx4_fw_g16;
	struct golden g[40] = {
		{ 0x00, 2, c->version[0] }, { 0x02, 2, c->version[1] },
		{ 0x04, 2, c->version[2] }, { 0x06, 2, c->version[3] },
		{ 0x08, 8, RA }, { 0x18, 8, MC }, { 0x20, 8, RC },
		{ 0x2c, 4, 1 }, { 0x30, 2, 0x4000 }, { 0x32, 1, 14 },
		{ 0x33, 1, 3 }, { 0xa8, 8, SA }, { 0xb0, 8, SB },
	};
	static const struct { u8 shift; u16 entries; } lv[3] = {
		{ 36, 64 }, { 25, 2048 }, { 14, 2048 },
	};
	struct agx4_fw_root_in bad = in;
	unsigned int n = 13, i;
	u32 size = g16 ? 0xc8 : 0xb8;
	u8 *buf = kunit_kzalloc(test, 0x100, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < 3; i++) {
		u32 b = 0x34 + 0x20 * i;

		g[n++] = (struct golden){ b, 4,
			8 | 14 << 8 | 14 << 16 | (u32)lv[i].shift << 24 };
		g[n++] = (struct golden){ b + 4, 2, lv[i].entries };
		g[n++] = (struct golden){ b + 6, 2, 0x4000 };
		g[n++] = (struct golden){ b + 8, 8, 1 };
		g[n++] = (struct golden){ b + 0x10, 8, 0x3ffffffc000ull };
		g[n++] = (struct golden){ b + 0x18, 8,
			(u64)(lv[i].entries - 1) << lv[i].shift };
	}
	if (g16) {
		g[n++] = (struct golden){ 0xb8, 8, X0 };
		g[n++] = (struct golden){ 0xc0, 8, X1 };
	}
	memset(buf, 0xa5, 0x100);
	KUNIT_ASSERT_EQ(test, c->gen->build_root(c->gen, &in, buf, size), 0);
	checked[case_index(c)] += expect_image(test, buf, size, g, n, "root");
	/* Nothing written past the object. */
	KUNIT_EXPECT_EQ(test, buf[size], 0xa5);

	/* Inputs it refuses. */
	KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &in, buf, size - 1),
			-EINVAL);
	bad.instance = 2;
	KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &bad, buf, 0x100),
			-EINVAL);
	if (g16) {
		bad.instance = 1;
		KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &bad, buf,
							 0x100), -EINVAL);
		return;
	}
	/* The G17P secondary: kind 1, no status B, the two extras. */
	{
		struct agx4_fw_root_in in2 = in;

		in2.instance = 1;
		in2.status_b = 0;
		g[12] = (struct golden){ 0x28, 4, 1 };	/* replaces status B */
		g[n++] = (struct golden){ 0xb8, 8, X0 };
		g[n++] = (struct golden){ 0xc0, 8, X1 };
		KUNIT_ASSERT_EQ(test, c->gen->build_root(c->gen, &in2, buf,
							 0xc8), 0);
		checked[case_index(c)] += expect_image(test, buf, 0xc8, g, n,
						       "secondary root");
		KUNIT_EXPECT_EQ(test, c->gen->build_root(c->gen, &in2, buf,
							 0xc7), -EINVAL);
	}
}

#define BUNDLE	0xfffffc20c04d8000ull
#define CUR	0xfffffc2000028000ull
#define PROD	0xfffffc2000020000ull

static void agx4_fw_layout_channel_table_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	const struct agx4_fw_chan_in in = {
		.bundle = BUNDLE, .main_config = MC, .status_a = SA,
		.cursors = CUR, .producers = PROD,
	};
	bool g16 = c->gen == &agx4_fw_g16;
	u32 size = g16 ? 0x500 : 0x600;
	/* G17P cursor offsets by channel (3.3, written out). */
	static const u32 g17p_off[12] = {
		0xc0, 0x1c0, 0x2c0, 0x80, 0x180, 0x280,
		0x40, 0x140, 0x240, 0x00, 0x100, 0x200,
	};
	struct golden *g;
	unsigned int n = 0, i;
	u8 *buf;

	buf = kunit_kzalloc(test, size, GFP_KERNEL);
	g = kunit_kcalloc(test, 17 * 4, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, g);
	for (i = 0; i < 12; i++) {
		u32 rec = 0x20 + 0x20 * i;
		u64 ring = BUNDLE + c->ring_base + (i % 3) * 0x6000 +
			   (3 - i / 3) * 0x1800;

		if (g16) {
			u32 a = (i % 3) * 0x40 + (i / 3) * 0x10;
			u32 b = (i % 3) * 0x20 + (i / 3) * 8;

			g[n++] = (struct golden){ rec, 8, CUR + a };
			g[n++] = (struct golden){ rec + 8, 8, CUR + a + 8 };
			g[n++] = (struct golden){ rec + 0x10, 8, PROD + b };
		} else {
			g[n++] = (struct golden){ rec, 8, CUR + g17p_off[i] };
			g[n++] = (struct golden){ rec + 8, 8,
						  CUR + g17p_off[i] + 0x10 };
			g[n++] = (struct golden){ rec + 0x10, 8,
						  CUR + g17p_off[i] + 0x20 };
		}
		g[n++] = (struct golden){ rec + 0x18, 8, ring };
	}
	/* 12: control, ring in the main config at +0x4c0. */
	if (g16) {
		g[n++] = (struct golden){ 0x1a0, 8, CUR + 0xc0 };
		g[n++] = (struct golden){ 0x1a8, 8, CUR + 0xc8 };
		g[n++] = (struct golden){ 0x1b0, 8, PROD + 0x60 };
	} else {
		g[n++] = (struct golden){ 0x1a0, 8, CUR + 0x300 };
		g[n++] = (struct golden){ 0x1a8, 8, CUR + 0x310 };
		g[n++] = (struct golden){ 0x1b0, 8, CUR + 0x320 };
	}
	g[n++] = (struct golden){ 0x1b8, 8, MC + 0x4c0 };
	/* 13..15 from status A; 16 empty. */
	g[n++] = (struct golden){ 0x1c0, 8, SA + 0x40 };
	g[n++] = (struct golden){ 0x1c8, 8, SA + 0x2c0 };
	g[n++] = (struct golden){ 0x1d0, 8, SA + 0x80 };
	g[n++] = (struct golden){ 0x1d8, 8, SA + 0x4ac0 };
	g[n++] = (struct golden){ 0x1e0, 8, SA + 0x240 };
	g[n++] = (struct golden){ 0x1e8, 8, SA + 0xa6ac0 };
	g[n++] = (struct golden){ 0x1f0, 8, SA + 0x280 };
	g[n++] = (struct golden){ 0x1f8, 8, SA + 0xafac0 };
	g[n++] = (struct golden){ 0x200, 8, SA + 0x2d2c0 };

	KUNIT_ASSERT_EQ(test, c->gen->build_channels(&in, buf, size), 0);
	checked[case_index(c)] += expect_image(test, buf, size, g, n,
					       "channel table");
	KUNIT_EXPECT_EQ(test, c->gen->build_channels(&in, buf, size - 1),
			-EINVAL);
}

static void agx4_fw_layout_queue_golden_bytes(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	bool g16 = c->gen == &agx4_fw_g16;
	const u64 self = 0xfffffc2200010000ull;
	struct agx4_fw_queue_in in = {
		.pointers = 0xfffffc2200020000ull,
		.ring = 0xfffffc2200024000ull,
		.job_list = 0xfffffc2200028000ull,
		.self = self, .priority = 2, .uuid = 0x15,
		.context = 0xfffffc220002c000ull,
	};
	/* Shifted by 8 from 0x2c on for G17P (3.9). */
	u32 s = g16 ? 0 : 8;
	struct golden g[16] = {
		{ 0x00, 8, in.pointers }, { 0x08, 8, in.ring },
		{ 0x10, 8, in.job_list },
		{ 0x2c - s, 4, 0xffffffff }, { 0x30 - s, 4, 2 },
		{ 0x34 - s, 4, 2 }, { 0x38 - s, 8, 0xffff000000000000ull },
		{ 0x48 - s, 4, 2 }, { 0x4c - s, 4, 0xffffffff },
		{ 0x50 - s, 4, 0x15 }, { 0xa4 - s, 8, in.context },
	};
	unsigned int n = 11;
	u8 *buf = kunit_kzalloc(test, 0x100, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	if (g16)
		g[n++] = (struct golden){ 0x18, 8, self + 0xb0 };
	KUNIT_ASSERT_EQ(test, c->gen->build_queue(&in, buf, c->queue_size), 0);
	checked[case_index(c)] += expect_image(test, buf, c->queue_size, g, n,
					       "queue");
	KUNIT_EXPECT_EQ(test, c->gen->build_queue(&in, buf,
						  c->queue_size - 1), -EINVAL);
	in.priority = 4;
	KUNIT_EXPECT_EQ(test, c->gen->build_queue(&in, buf, 0x100), -EINVAL);
	if (!g16) {
		/* G17P takes only the priority-2 row. */
		in.priority = 0;
		KUNIT_EXPECT_EQ(test, c->gen->build_queue(&in, buf, 0x100),
				-EINVAL);
		return;
	}
	/* The G16 priority-0 row. */
	in.priority = 0;
	KUNIT_ASSERT_EQ(test, c->gen->build_queue(&in, buf, 0x100), 0);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(buf + 0x38),
			0xffffffffffff0000ull);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(buf + 0x40), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(buf + 0x48), 1);
	checked[case_index(c)] += 3;
}

/* The fw_layouts text, as the debugfs file prints it, in the test log. */
static void agx4_fw_layout_text_lists_every_field(struct kunit *test)
{
	const struct layout_case *c = test->param_value;
	struct drm_printer p = drm_info_printer(NULL);
	unsigned int i, fields = 0;

	for (i = 0; i < c->gen->num_layouts; i++)
		fields += c->gen->layouts[i].num_fields;
	KUNIT_EXPECT_GT(test, fields, 60);
	agx4_fw_gen_layouts_print(c->gen, &p);
}

static void fw_layout_suite_exit(struct kunit_suite *suite)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		kunit_log(KERN_INFO, suite,
			  "agx4-layout: %s expected values checked = %u\n",
			  cases[i].gen->name, checked[i]);
}

static int fw_layout_suite_init(struct kunit_suite *suite)
{
	memset(checked, 0, sizeof(checked));
	return 0;
}

static struct kunit_case agx4_fw_layout_cases[] = {
	KUNIT_CASE_PARAM(agx4_fw_layout_matches_spec_table, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_root_golden_bytes, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_channel_table_golden_bytes,
			 gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_queue_golden_bytes, gen_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_text_lists_every_field,
			 gen_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_layout_suite = {
	.name = "agx4_fw_layout",
	.suite_init = fw_layout_suite_init,
	.suite_exit = fw_layout_suite_exit,
	.test_cases = agx4_fw_layout_cases,
};

kunit_test_suite(agx4_fw_layout_suite);
