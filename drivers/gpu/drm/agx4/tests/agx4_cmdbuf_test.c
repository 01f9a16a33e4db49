// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_cmdbuf": command-buffer parsing.  Buffers are built
 * here byte by byte (unaligned where the format allows it), and every
 * malformed one is checked for its exact errno.
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "../agx4_cmdbuf.h"

#define NONE	DRM_ASAHI_BARRIER_NONE

struct cmdbuf {
	u8 *buf;
	u32 size;
	u32 cap;
};

static struct cmdbuf *cb_new(struct kunit *test)
{
	struct cmdbuf *cb = kunit_kzalloc(test, sizeof(*cb), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, cb);
	cb->cap = 64 * 1024;
	cb->buf = kunit_kzalloc(test, cb->cap, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, cb->buf);
	return cb;
}

static void cb_add(struct kunit *test, struct cmdbuf *cb, u16 type,
		   u16 vdm, u16 cdm, const void *payload, u16 size)
{
	struct drm_asahi_cmd_header h = {
		.cmd_type = type, .size = size,
		.vdm_barrier = vdm, .cdm_barrier = cdm,
	};

	KUNIT_ASSERT_LE(test, cb->size + sizeof(h) + size, cb->cap);
	memcpy(cb->buf + cb->size, &h, sizeof(h));
	memcpy(cb->buf + cb->size + sizeof(h), payload, size);
	cb->size += sizeof(h) + size;
}

static struct drm_asahi_cmd_render good_render(void)
{
	return (struct drm_asahi_cmd_render){
		.width_px = 1920, .height_px = 1080, .layers = 1,
		.utile_width_px = 32, .utile_height_px = 32, .samples = 1,
		.sample_size_B = 8, .ppp_ctrl = 0x202,
	};
}

static void add_render(struct kunit *test, struct cmdbuf *cb, u16 vdm,
		       u16 cdm, const struct drm_asahi_cmd_render *r)
{
	cb_add(test, cb, DRM_ASAHI_CMD_RENDER, vdm, cdm, r, sizeof(*r));
}

static void add_compute(struct kunit *test, struct cmdbuf *cb, u16 vdm,
			u16 cdm)
{
	struct drm_asahi_cmd_compute c = {
		.cdm_ctrl_stream_base = 0x100000000ull,
		.cdm_ctrl_stream_end = 0x100010000ull,
	};

	cb_add(test, cb, DRM_ASAHI_CMD_COMPUTE, vdm, cdm, &c, sizeof(c));
}

static int parse(struct kunit *test, struct cmdbuf *cb,
		 struct agx4_cmdbuf **d)
{
	int ret = agx4_cmdbuf_parse(cb->buf, cb->size, NULL, NULL, d);

	if (!ret)
		kunit_add_action(test, (kunit_action_t *)agx4_cmdbuf_free,
				 *d);
	return ret;
}

static void expect_einval(struct kunit *test, struct cmdbuf *cb,
			  const char *what, int err)
{
	struct agx4_cmdbuf *d = NULL;
	int ret = agx4_cmdbuf_parse(cb->buf, cb->size, NULL, NULL, &d);

	KUNIT_EXPECT_EQ_MSG(test, ret, err, "%s", what);
	KUNIT_EXPECT_NULL_MSG(test, d, "%s", what);
}

static void agx4_cmdbuf_mesa_style_buffer_parses(struct kunit *test)
{
	struct drm_asahi_attachment att[2] = {
		{ .pointer = 0x200000000ull, .size = 4096 },
		{ .pointer = 0x300000000ull, .size = 1 },
	};
	struct drm_asahi_cmd_render r = good_render();
	struct cmdbuf *cb = cb_new(test);
	struct agx4_cmdbuf *d;

	/* As Mesa does: every command waits on all earlier work. */
	cb_add(test, cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, NONE, NONE, att,
	       sizeof(att));
	add_render(test, cb, 0, 0, &r);
	add_compute(test, cb, 1, 0);
	cb_add(test, cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, NONE, NONE, att,
	       sizeof(att[0]));
	add_compute(test, cb, 1, 1);
	add_render(test, cb, 1, 2, &r);

	KUNIT_ASSERT_EQ(test, parse(test, cb, &d), 0);
	KUNIT_EXPECT_EQ(test, d->count, 4);
	KUNIT_EXPECT_EQ(test, d->renders, 2);
	KUNIT_EXPECT_EQ(test, d->computes, 2);
	KUNIT_EXPECT_FALSE(test, d->cmds[0].is_compute);
	KUNIT_EXPECT_EQ(test, d->cmds[0].wait_vdm, 0);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.fragment.count, 2);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.vertex.count, 0);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.cmd.width_px, 1920);
	KUNIT_EXPECT_TRUE(test, d->cmds[1].is_compute);
	KUNIT_EXPECT_EQ(test, d->cmds[1].wait_vdm, 1);
	KUNIT_EXPECT_EQ(test, d->cmds[1].compute.attachments.count, 0);
	KUNIT_EXPECT_EQ(test, d->cmds[2].compute.attachments.count, 1);
	KUNIT_EXPECT_EQ(test, d->cmds[2].wait_cdm, 1);
	/* Attachments stay in effect for later commands. */
	KUNIT_EXPECT_EQ(test, d->cmds[3].render.fragment.count, 2);
	KUNIT_EXPECT_EQ(test, d->cmds[3].wait_cdm, 2);
	KUNIT_EXPECT_EQ(test, d->cmds[3].render.fragment.a[1].pointer,
			0x300000000ull);
}

/* Every render flag the fork sends, its fragment barrier included. */
static void agx4_cmdbuf_render_flags_of_the_fork_parse(struct kunit *test)
{
	static const u32 flags[] = {
		DRM_ASAHI_RENDER_VERTEX_SCRATCH,
		DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES,
		DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING,
		DRM_ASAHI_RENDER_DBIAS_IS_INT,
		AGX4_RENDER_VDM_BARRIER_FRAGMENT,
	};
	struct drm_asahi_cmd_render r = good_render();
	struct agx4_cmdbuf *d;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		struct cmdbuf *cb = cb_new(test);

		r.flags = flags[i];
		add_render(test, cb, 0, 0, &r);
		KUNIT_ASSERT_EQ_MSG(test, parse(test, cb, &d), 0,
				    "flag %#x", flags[i]);
		KUNIT_EXPECT_EQ(test, d->cmds[0].render.cmd.flags, flags[i]);
	}
}

static void agx4_cmdbuf_barrier_none_and_replaced_sets(struct kunit *test)
{
	struct drm_asahi_cmd_render r = good_render();
	struct drm_asahi_attachment att = { .pointer = 0x1000, .size = 64 };
	struct cmdbuf *cb = cb_new(test);
	struct agx4_cmdbuf *d;

	cb_add(test, cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, &att,
	       sizeof(att));
	add_render(test, cb, NONE, NONE, &r);
	/* An empty set clears it. */
	cb_add(test, cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, NULL, 0);
	add_render(test, cb, NONE, NONE, &r);
	KUNIT_ASSERT_EQ(test, parse(test, cb, &d), 0);
	KUNIT_EXPECT_EQ(test, d->cmds[0].wait_vdm, AGX4_WAIT_NONE);
	KUNIT_EXPECT_EQ(test, d->cmds[0].wait_cdm, AGX4_WAIT_NONE);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.vertex.count, 1);
	KUNIT_EXPECT_EQ(test, d->cmds[1].render.vertex.count, 0);
}

static void agx4_cmdbuf_payload_sizes(struct kunit *test)
{
	struct drm_asahi_cmd_render r = good_render();
	u8 big[sizeof(r) + 16] = { };
	struct cmdbuf *cb = cb_new(test);
	struct agx4_cmdbuf *d;

	/* Longer than this kernel knows, zero beyond: accepted, and the
	 * walk continues after the whole payload.
	 */
	memcpy(big, &r, sizeof(r));
	cb_add(test, cb, DRM_ASAHI_CMD_RENDER, NONE, NONE, big, sizeof(big));
	add_compute(test, cb, NONE, NONE);
	KUNIT_ASSERT_EQ(test, parse(test, cb, &d), 0);
	KUNIT_EXPECT_EQ(test, d->count, 2);
	KUNIT_EXPECT_TRUE(test, d->cmds[1].is_compute);

	/* Non-zero beyond it: rejected. */
	cb = cb_new(test);
	big[sizeof(r) + 3] = 1;
	cb_add(test, cb, DRM_ASAHI_CMD_RENDER, NONE, NONE, big, sizeof(big));
	expect_einval(test, cb, "render tail not zero", -EINVAL);

	/* Shorter: zero-extended, then validated (zero width fails). */
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_CMD_RENDER, NONE, NONE, &r, 100);
	expect_einval(test, cb, "short render", -EINVAL);
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_CMD_COMPUTE, NONE, NONE, NULL, 0);
	KUNIT_EXPECT_EQ(test, parse(test, cb, &d), 0);
}

/* One malformed buffer per case. */
static void agx4_cmdbuf_malformed_buffers_rejected(struct kunit *test)
{
	const size_t att_size = (AGX4_MAX_ATTACHMENTS + 1) *
				sizeof(struct drm_asahi_attachment);
	struct drm_asahi_attachment *att = kunit_kzalloc(test, att_size,
							 GFP_KERNEL);
	struct drm_asahi_cmd_render r;
	struct drm_asahi_cmd_compute c = { };
	struct cmdbuf *cb;
	unsigned int i, tried = 0;
	static const struct {
		const char *what;
		u32 off;	/* byte in the render payload */
		u64 val;
		u8 width;
	} pokes[] = {
		{ "render unknown flag", 0, 0x10, 4 },
		{ "render flag bit 31", 0, 1u << 31, 4 },
		{ "render width 0", 148, 0, 2 },
		{ "render width 16385", 148, 16385, 2 },
		{ "render height 0", 150, 0, 2 },
		{ "render height 16385", 150, 16385, 2 },
		{ "render layers 0", 152, 0, 2 },
		{ "render layers 2049", 152, 2049, 2 },
		{ "render utile 16x32", 156, 0x2010, 2 },
		{ "render utile 64x64", 156, 0x4040, 2 },
		{ "render utile 0x0", 156, 0, 2 },
		{ "render samples 0", 158, 0, 1 },
		{ "render samples 3", 158, 3, 1 },
		{ "render samples 8", 158, 8, 1 },
		{ "render vertex timestamp", 208, 1, 4 },
		{ "render vertex end timestamp", 216, 5, 4 },
		{ "render fragment timestamp", 224, 2, 4 },
		{ "render fragment end timestamp", 232, 3, 4 },
	};

	KUNIT_ASSERT_NOT_NULL(test, att);

	for (i = 0; i < ARRAY_SIZE(pokes); i++) {
		int err = pokes[i].off >= 208 ? -ENOENT : -EINVAL;

		r = good_render();
		memcpy((u8 *)&r + pokes[i].off, &pokes[i].val, pokes[i].width);
		cb = cb_new(test);
		add_render(test, cb, NONE, NONE, &r);
		expect_einval(test, cb, pokes[i].what, err);
		tried++;
	}
	r = good_render();

	/* Framing. */
	cb = cb_new(test);
	expect_einval(test, cb, "empty buffer", -EINVAL);
	tried++;
	cb = cb_new(test);
	add_render(test, cb, NONE, NONE, &r);
	cb->size -= 1;
	expect_einval(test, cb, "payload past the end", -EINVAL);
	tried++;
	cb = cb_new(test);
	add_render(test, cb, NONE, NONE, &r);
	cb->size += 5;
	expect_einval(test, cb, "header cut short", -EINVAL);
	tried++;
	/* The bytes past the end would complete a valid command header. */
	cb = cb_new(test);
	add_render(test, cb, NONE, NONE, &r);
	cb_add(test, cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, NULL, 0);
	cb->size -= 3;
	expect_einval(test, cb, "header cut short before a whole one", -EINVAL);
	tried++;
	cb = cb_new(test);
	add_render(test, cb, NONE, NONE, &r);
	cb_add(test, cb, 5, NONE, NONE, NULL, 0);
	expect_einval(test, cb, "unknown command type", -EINVAL);
	tried++;
	cb = cb_new(test);
	cb_add(test, cb, 0xffff, NONE, NONE, NULL, 0);
	expect_einval(test, cb, "command type 0xffff", -EINVAL);
	tried++;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, NULL, 0);
	expect_einval(test, cb, "only software commands", -EINVAL);
	tried++;
	cb = cb_new(test);
	for (i = 0; i <= AGX4_MAX_COMMANDS; i++)
		add_compute(test, cb, NONE, NONE);
	expect_einval(test, cb, "65 commands", -EINVAL);
	tried++;
	KUNIT_EXPECT_EQ(test, agx4_cmdbuf_parse(cb->buf, AGX4_CMDBUF_MAX_SIZE + 1,
						NULL, NULL,
						&(struct agx4_cmdbuf *){ NULL }),
			-EINVAL);
	tried++;

	/* Barriers. */
	cb = cb_new(test);
	add_render(test, cb, 1, NONE, &r);
	expect_einval(test, cb, "render waits for itself", -EINVAL);
	tried++;
	cb = cb_new(test);
	add_render(test, cb, NONE, 1, &r);
	expect_einval(test, cb, "render waits for a later compute", -EINVAL);
	tried++;
	cb = cb_new(test);
	add_compute(test, cb, NONE, NONE);
	add_compute(test, cb, NONE, 3);
	expect_einval(test, cb, "barrier past the commands seen", -EINVAL);
	tried++;
	cb = cb_new(test);
	add_compute(test, cb, NONE, NONE);
	add_compute(test, cb, NONE, 0xfffe);
	expect_einval(test, cb, "barrier 0xfffe", -EINVAL);
	tried++;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, 0, NONE, NULL, 0);
	add_compute(test, cb, NONE, NONE);
	expect_einval(test, cb, "barrier on a software command", -EINVAL);
	tried++;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, NONE, 0, NULL, 0);
	add_render(test, cb, NONE, NONE, &r);
	expect_einval(test, cb, "cdm barrier on a software command", -EINVAL);
	tried++;

	/* Attachments. */
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, att,
	       sizeof(att[0]) - 8);
	add_render(test, cb, NONE, NONE, &r);
	expect_einval(test, cb, "partial attachment", -EINVAL);
	tried++;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, att,
	       att_size);
	add_render(test, cb, NONE, NONE, &r);
	expect_einval(test, cb, "17 attachments", -EINVAL);
	tried++;
	att[1].pad = 1;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, NONE, NONE, att,
	       2 * sizeof(att[0]));
	add_render(test, cb, NONE, NONE, &r);
	expect_einval(test, cb, "attachment pad", -EINVAL);
	tried++;
	att[1].pad = 0;
	att[1].flags = 1;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, NONE, NONE, att,
	       2 * sizeof(att[0]));
	add_render(test, cb, NONE, NONE, &r);
	expect_einval(test, cb, "attachment flags", -EINVAL);
	tried++;
	att[1].flags = 0;
	att[1].size = ~0ull;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, NONE, NONE, att,
	       2 * sizeof(att[0]));
	add_compute(test, cb, NONE, NONE);
	expect_einval(test, cb, "attachment size overflows", -EINVAL);
	tried++;
	att[1].size = 1ull << 40;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, NONE, NONE, att,
	       2 * sizeof(att[0]));
	add_compute(test, cb, NONE, NONE);
	expect_einval(test, cb, "attachment too large for the firmware",
		      -EINVAL);
	tried++;

	/* Compute. */
	c.flags = 1;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_CMD_COMPUTE, NONE, NONE, &c, sizeof(c));
	expect_einval(test, cb, "compute flags", -EINVAL);
	tried++;
	c.flags = 0;
	c.ts.end.handle = 4;
	cb = cb_new(test);
	cb_add(test, cb, DRM_ASAHI_CMD_COMPUTE, NONE, NONE, &c, sizeof(c));
	expect_einval(test, cb, "compute timestamp", -ENOENT);
	tried++;

	kunit_info(test, "agx4-uapi: hostile inputs tried (cmdbuf) = %u\n",
		   tried);
}

/* A fake client with objects 1 (at 0x1000_0000, 64 bytes) and 2. */
struct fake_ts {
	int gets;
	int puts;
};

static int fake_ts_get(void *ctx, u32 handle, u64 *va, u64 *size, void **ref)
{
	struct fake_ts *f = ctx;

	if (handle != 1 && handle != 2)
		return -ENOENT;
	*va = handle * 0x10000000ull;
	*size = handle == 1 ? 64 : 0x4000;
	*ref = f;
	f->gets++;
	return 0;
}

static void fake_ts_put(void *ref)
{
	((struct fake_ts *)ref)->puts++;
}

static const struct agx4_ts_ops fake_ts_ops = {
	.get = fake_ts_get,
	.put = fake_ts_put,
};

static void agx4_cmdbuf_timestamps_resolve_to_object_addresses(struct kunit *test)
{
	struct drm_asahi_cmd_render r = good_render();
	struct drm_asahi_cmd_compute c = { };
	struct fake_ts f = { };
	struct agx4_cmdbuf *d = NULL;
	struct cmdbuf *cb = cb_new(test);

	r.ts_vtx.start = (struct drm_asahi_timestamp){ 1, 0 };
	r.ts_vtx.end = (struct drm_asahi_timestamp){ 1, 56 };
	r.ts_frag.end = (struct drm_asahi_timestamp){ 2, 0x3ff8 };
	add_render(test, cb, NONE, NONE, &r);
	c.ts.end = (struct drm_asahi_timestamp){ 2, 8 };
	cb_add(test, cb, DRM_ASAHI_CMD_COMPUTE, NONE, NONE, &c, sizeof(c));

	KUNIT_ASSERT_EQ(test, agx4_cmdbuf_parse(cb->buf, cb->size, &fake_ts_ops,
						&f, &d), 0);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.ts_vtx.start, 0x10000000ull);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.ts_vtx.end, 0x10000038ull);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.ts_frag.start, 0);
	KUNIT_EXPECT_EQ(test, d->cmds[0].render.ts_frag.end, 0x20003ff8ull);
	KUNIT_EXPECT_EQ(test, d->cmds[1].compute.ts.start, 0);
	KUNIT_EXPECT_EQ(test, d->cmds[1].compute.ts.end, 0x20000008ull);
	/* One reference per destination, all dropped with the description. */
	KUNIT_EXPECT_EQ(test, f.gets, 4);
	KUNIT_EXPECT_EQ(test, d->nrefs, 4);
	agx4_cmdbuf_free(d);
	KUNIT_EXPECT_EQ(test, f.puts, 4);

	/* A failure after some were taken drops those too. */
	f = (struct fake_ts){ };
	cb = cb_new(test);
	r.ts_frag.end = (struct drm_asahi_timestamp){ 1, 64 };
	add_render(test, cb, NONE, NONE, &r);
	d = NULL;
	KUNIT_EXPECT_EQ(test, agx4_cmdbuf_parse(cb->buf, cb->size, &fake_ts_ops,
						&f, &d), -ERANGE);
	KUNIT_EXPECT_NULL(test, d);
	KUNIT_EXPECT_EQ(test, f.gets, 3);
	KUNIT_EXPECT_EQ(test, f.puts, 3);
}

static struct kunit_case agx4_cmdbuf_cases[] = {
	KUNIT_CASE(agx4_cmdbuf_mesa_style_buffer_parses),
	KUNIT_CASE(agx4_cmdbuf_render_flags_of_the_fork_parse),
	KUNIT_CASE(agx4_cmdbuf_barrier_none_and_replaced_sets),
	KUNIT_CASE(agx4_cmdbuf_payload_sizes),
	KUNIT_CASE(agx4_cmdbuf_malformed_buffers_rejected),
	KUNIT_CASE(agx4_cmdbuf_timestamps_resolve_to_object_addresses),
	{ }
};

static struct kunit_suite agx4_cmdbuf_suite = {
	.name = "agx4_cmdbuf",
	.test_cases = agx4_cmdbuf_cases,
};

kunit_test_suite(agx4_cmdbuf_suite);
