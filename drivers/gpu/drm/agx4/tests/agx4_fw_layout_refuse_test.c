// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_layout_refuse": what the work-item builders and their
 * shared helpers refuse: each bad input on its own, with nothing written.
 */

#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_print.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g16_work.h"
#include "../agx4_fw_g17p.h"
#include "../agx4_fw_g17p_work.h"
#include "../agx4_fw_work.h"
#include "../agx4_fwif.h"
#include "../agx4_of.h"
#include "agx4_fw_layout_golden.h"
#include "agx4_test_util.h"

/* The objects @gen's render builder writes, in order; @n their count. */
static const struct agx4_fw_item *render_objs(const struct agx4_fw_gen *gen,
					      unsigned int *n)
{
	if (gen == &agx4_fw_g17p) {
		*n = ARRAY_SIZE(agx4_fw_g17p_render_objs);
		return agx4_fw_g17p_render_objs;
	}
	*n = ARRAY_SIZE(agx4_fw_g16_render_objs);
	return agx4_fw_g16_render_objs;
}

/* The same for its compute builder. */
static const struct agx4_fw_item *compute_objs(const struct agx4_fw_gen *gen,
					       unsigned int *n)
{
	if (gen == &agx4_fw_g17p) {
		*n = ARRAY_SIZE(agx4_fw_g17p_compute_objs);
		return agx4_fw_g17p_compute_objs;
	}
	*n = ARRAY_SIZE(agx4_fw_g16_compute_objs);
	return agx4_fw_g16_compute_objs;
}

/* Each input check of the render builder, one at a time. */
static void agx4_fw_layout_render_builder_refuses_bad_input(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	struct agx4_render_desc *d = kunit_kzalloc(test, sizeof(*d), GFP_KERNEL);
	struct agx4_render_desc *good = kunit_kzalloc(test, sizeof(*d),
						      GFP_KERNEL);
	struct agx4_fw_render_in in, good_in;
	struct agx4_fw_buf bufs[8];
	unsigned int i, n;
	const struct agx4_fw_item *objs = render_objs(gen, &n);
	static const struct {
		const char *what;
		int err;
	} cases[] = {
		{ "width 0", -EINVAL }, { "width 16385", -EINVAL },
		{ "height 0", -EINVAL }, { "height 16385", -EINVAL },
		{ "layers 0", -EINVAL }, { "layers 2049", -EINVAL },
		{ "utile 16x32", -EINVAL }, { "3 samples", -EINVAL },
		{ "tile buffer > 64 blocks", -EINVAL },
		{ "sampler heap misaligned", -EINVAL },
		{ "samplers without heap", -EINVAL },
		{ "heap without samplers", -EINVAL },
		{ "tilemap below context base", -ERANGE },
		{ "VDM stream 4 GiB above it", -ERANGE },
		{ "deflake 3 out of range", -ERANGE },
		{ "buffer short", -EINVAL }, { "buffer missing", -EINVAL },
	};

	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_ASSERT_NOT_NULL(test, good);
	KUNIT_ASSERT_LE(test, n, ARRAY_SIZE(bufs));
	if (gen == &agx4_fw_g17p)
		agx4_golden_g17p_render_inputs(good, &good_in);
	else
		agx4_golden_render_inputs(good, &good_in);
	agx4_golden_make_bufs(test, objs, n, bufs, n);
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		struct drm_asahi_cmd_render *cmd = &d->cmd;
		struct agx4_fw_buf b[8];

		*d = *good;
		in = good_in;
		memcpy(b, bufs, sizeof(b));
		switch (i) {
		case 0:
			cmd->width_px = 0;
			break;
		case 1:
			cmd->width_px = 16385;
			break;
		case 2:
			cmd->height_px = 0;
			break;
		case 3:
			cmd->height_px = 16385;
			break;
		case 4:
			cmd->layers = 0;
			break;
		case 5:
			cmd->layers = 2049;
			break;
		case 6:
			cmd->utile_width_px = 16;
			break;
		case 7:
			cmd->samples = 3;
			break;
		case 8:
			cmd->samples = 4;
			cmd->sample_size_B = 64;
			break;
		case 9:
			cmd->sampler_heap |= 4;
			break;
		case 10:
			cmd->sampler_heap = 0;
			break;
		case 11:
			cmd->sampler_count = 0;
			break;
		case 12:
			in.tilemap = in.context_base - 0x4000;
			break;
		case 13:
			cmd->vdm_ctrl_stream_base = in.context_base +
						    0x100000000ull;
			break;
		case 14:
			in.deflake[2] = in.context_base + 0x1ffff0000ull;
			break;
		case 15:
			b[n - 1].size--;
			break;
		case 16:
			b[0].ptr = NULL;
			break;
		}
		KUNIT_EXPECT_EQ_MSG(test, c->build_render(d, &in, b),
				    cases[i].err, "%s", cases[i].what);
		KUNIT_EXPECT_TRUE_MSG(test, agx4_golden_untouched(bufs, n),
				      "%s: output written", cases[i].what);
	}
	if (gen == &agx4_fw_g16) {
		/* G16 tags the support and shared-tail pages: 256-aligned. */
		in = good_in;
		in.support += 0x80;
		KUNIT_EXPECT_EQ(test, c->build_render(good, &in, bufs),
				-EINVAL);
		in = good_in;
		in.frag.shared_tail += 8;
		KUNIT_EXPECT_EQ(test, c->build_render(good, &in, bufs),
				-EINVAL);
		KUNIT_EXPECT_TRUE(test, agx4_golden_untouched(bufs, n));
	}
	/* And the good inputs do build. */
	KUNIT_EXPECT_EQ(test, c->build_render(good, &good_in, bufs), 0);
}

/* Each input check of the compute builder. */
static void agx4_fw_layout_compute_builder_refuses_bad_input(struct kunit *test)
{
	const struct agx4_layout_case *c = test->param_value;
	const struct agx4_fw_gen *gen = c->gen;
	struct agx4_compute_desc *good = kunit_kzalloc(test, sizeof(*good),
						       GFP_KERNEL);
	struct agx4_compute_desc *d = kunit_kzalloc(test, sizeof(*d),
						    GFP_KERNEL);
	struct agx4_fw_compute_in in;
	struct agx4_fw_buf bufs[8];
	unsigned int i, n;
	const struct agx4_fw_item *objs = compute_objs(gen, &n);
	static const char *const what[] = {
		"no stream", "stream misaligned", "end misaligned",
		"end before start", "sampler heap misaligned",
		"samplers without heap", "buffer short", "buffer missing",
	};

	KUNIT_ASSERT_NOT_NULL(test, good);
	KUNIT_ASSERT_NOT_NULL(test, d);
	KUNIT_ASSERT_LE(test, n, ARRAY_SIZE(bufs));
	if (gen == &agx4_fw_g17p)
		agx4_golden_g17p_compute_inputs(good, &in);
	else
		agx4_golden_compute_inputs(good, &in);
	agx4_golden_make_bufs(test, objs, n, bufs, n);
	for (i = 0; i < ARRAY_SIZE(what); i++) {
		struct drm_asahi_cmd_compute *cmd = &d->cmd;
		struct agx4_fw_buf b[8];

		*d = *good;
		memcpy(b, bufs, sizeof(b));
		switch (i) {
		case 0:
			cmd->cdm_ctrl_stream_base = 0;
			break;
		case 1:
			cmd->cdm_ctrl_stream_base += 2;
			break;
		case 2:
			cmd->cdm_ctrl_stream_end += 1;
			break;
		case 3:
			cmd->cdm_ctrl_stream_end = cmd->cdm_ctrl_stream_base;
			break;
		case 4:
			cmd->sampler_heap = 0x1400000004ull;
			cmd->sampler_count = 1;
			break;
		case 5:
			cmd->sampler_count = 1;
			break;
		case 6:
			/* One byte short of what the builder writes. */
			b[0].size = (objs[0].written ?: objs[0].size) - 1;
			break;
		case 7:
			b[n - 1].ptr = NULL;
			break;
		}
		KUNIT_EXPECT_EQ_MSG(test, c->build_compute(d, &in, b), -EINVAL,
				    "%s", what[i]);
		KUNIT_EXPECT_TRUE_MSG(test, agx4_golden_untouched(bufs, n),
				      "%s: output written", what[i]);
	}
	KUNIT_EXPECT_EQ(test, c->build_compute(good, &in, bufs), 0);
}

/* The shared helpers refuse what does not fit, writing nothing. */
static void agx4_fw_layout_helpers_refuse_what_does_not_fit(struct kunit *test)
{
	static const struct agx4_fw_reg_src prog[] = {
		AGX4_FW_REG_CONST(0x1748, 1),
		{ .reg = 0x10141, .val = 1 },
		{ .reg = 0x10149, .val = 2 },
	};
	static const u8 bytes[] = { 1, 2, 3, 4 };
	const struct agx4_fw_run runs[] = {
		{ 0, sizeof(bytes), bytes }, { 0x3e, sizeof(bytes), bytes },
	};
	const u64 vals[3] = { 10, 20, 30 };
	struct agx4_fw_reg out[4], *rout;
	struct agx4_fw_render_vals rv = {};
	u8 buf[0x40];
	int n;

	memset(out, 0xa5, sizeof(out));
	/* More records than room; a record naming a value past the end. */
	KUNIT_EXPECT_EQ(test, agx4_fw_emit_regs(prog, 3, vals, 3, out, 2),
			-E2BIG);
	KUNIT_EXPECT_EQ(test, agx4_fw_emit_regs(prog, 3, vals, 2, out, 4),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(out, 0xa5, sizeof(out)));
	KUNIT_ASSERT_EQ(test, agx4_fw_emit_regs(prog, 3, vals, 3, out, 4), 3);
	KUNIT_EXPECT_EQ(test, le32_to_cpu(out[1].reg), 0x10141);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(&out[1].value), 20);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(&out[0].value), 1);

	/*
	 * A render stage's program whose generation tail does not fit: its
	 * shared part is not written either.
	 */
	rout = kunit_kcalloc(test, 256, sizeof(*rout), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rout);
	n = agx4_fw_emit_render(false, prog, 1, &rv, rout, 256);
	KUNIT_ASSERT_GT(test, n, 1);
	memset(rout, 0xa5, 256 * sizeof(*rout));
	KUNIT_EXPECT_EQ(test, agx4_fw_emit_render(false, prog, 1, &rv, rout,
						  n - 1), -E2BIG);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(rout, 0xa5, 256 * sizeof(*rout)));

	/* A run past the object's end. */
	memset(buf, 0xa5, sizeof(buf));
	KUNIT_EXPECT_EQ(test, agx4_fw_apply_runs(runs, 2, buf, sizeof(buf)),
			-EINVAL);
	KUNIT_EXPECT_TRUE(test, !memchr_inv(buf, 0xa5, sizeof(buf)));
	KUNIT_EXPECT_EQ(test, agx4_fw_apply_runs(runs, 1, buf, sizeof(buf)), 0);
	KUNIT_EXPECT_EQ(test, buf[3], 4);
}

static struct kunit_case agx4_fw_layout_refuse_cases[] = {
	KUNIT_CASE(agx4_fw_layout_helpers_refuse_what_does_not_fit),
	KUNIT_CASE_PARAM(agx4_fw_layout_render_builder_refuses_bad_input,
			 agx4_layout_gen_params),
	KUNIT_CASE_PARAM(agx4_fw_layout_compute_builder_refuses_bad_input,
			 agx4_layout_gen_params),
	{ }
};

static struct kunit_suite agx4_fw_layout_refuse_suite = {
	.name = "agx4_fw_layout_refuse",
	.suite_init = agx4_layout_suite_init,
	.suite_exit = agx4_layout_suite_exit,
	.test_cases = agx4_fw_layout_refuse_cases,
};

kunit_test_suite(agx4_fw_layout_refuse_suite);
