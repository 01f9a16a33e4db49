// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "agx4_cmdbuf.h"
#include "agx4_test_hooks.h"

/**
 * DOC: command buffers
 *
 * A SUBMIT's command buffer is a run of &struct drm_asahi_cmd_header, each
 * followed by its payload, with no alignment and no padding.  The ioctl
 * copies it into kernel memory once; agx4_cmdbuf_parse() then reads every
 * header and payload with memcpy() into zeroed locals (nothing is aligned,
 * and nothing is read twice from user memory) and turns the buffer into a
 * &struct agx4_cmdbuf the scheduler can run without checking anything
 * again.
 *
 * Pass one walks the headers: a trailing fragment shorter than a header, a
 * payload running past the buffer and an unknown command type are
 * rejected, and there must be 1 to %AGX4_MAX_COMMANDS hardware commands.
 * Pass two validates each command and resolves its barriers.  Where
 * upstream is loose, agx4 is strict: a payload longer than the structure
 * this kernel knows must be zero beyond it (and the walk advances by the
 * header's size, not by what was copied); an attachments payload must be a
 * whole number of entries; a software command must carry no barrier.
 *
 * Barriers: for each subqueue (VDM for render, CDM for compute) a command
 * may wait for the work earlier submissions queued (0) or for the n-th
 * command of that subqueue earlier in this submission (n), never for a
 * later one.
 */

/*
 * The render flags the UAPI defines, and the fork's fragment barrier
 * (whether the generation honours it is the job unit's to check).
 */
#define RENDER_FLAGS	(DRM_ASAHI_RENDER_VERTEX_SCRATCH | \
			 DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES | \
			 DRM_ASAHI_RENDER_NO_VERTEX_CLUSTERING | \
			 DRM_ASAHI_RENDER_DBIAS_IS_INT | \
			 AGX4_RENDER_VDM_BARRIER_FRAGMENT)

/* Framebuffer limits of a render pass, as upstream's UAPI states them. */
#define MAX_DIM_PX	16384
#define MAX_LAYERS	2048

/* An attachment list validated in the command buffer, not yet copied. */
struct att_ref {
	const u8 *src;
	u32 count;
};

struct parse_state {
	struct att_ref vertex;
	struct att_ref fragment;
	struct att_ref compute;
	u32 renders_seen;
	u32 computes_seen;
	void *ts_ctx;
};

static bool is_hw(u16 type)
{
	return type == DRM_ASAHI_CMD_RENDER || type == DRM_ASAHI_CMD_COMPUTE;
}

/* Copy a payload into a zeroed struct; a longer one must be zero beyond. */
static int copy_payload(void *dst, size_t dst_size, const u8 *src, u16 size)
{
	size_t n = min_t(size_t, dst_size, size);

	memset(dst, 0, dst_size);
	memcpy(dst, src, n);
	if (size > dst_size && memchr_inv(src + dst_size, 0, size - dst_size))
		return -EINVAL;
	return 0;
}

static int resolve_wait(u16 barrier, u32 seen, s32 *wait)
{
	if (barrier == DRM_ASAHI_BARRIER_NONE) {
		*wait = AGX4_WAIT_NONE;
		return 0;
	}
	/* 0 is earlier submissions; 1..seen are this submission's. */
	if (barrier > seen)
		return -EINVAL;
	*wait = barrier;
	return 0;
}

static int parse_attachments(const u8 *p, u16 size, struct att_ref *set)
{
	const size_t esz = sizeof(struct drm_asahi_attachment);
	struct drm_asahi_attachment a;
	u32 i, n;

	if (size % esz)
		return -EINVAL;
	n = size / esz;
	if (n > AGX4_MAX_ATTACHMENTS)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		u64 lines;

		memcpy(&a, p + i * esz, esz);
		if (a.pad || a.flags)
			return -EINVAL;
		/* The firmware takes the size in 128-byte lines, as a u32. */
		if (check_add_overflow(a.size, 127ull, &lines) ||
		    (lines >> 7) > U32_MAX)
			return -EINVAL;
	}
	set->src = p;
	set->count = n;
	return 0;
}

/* The list in effect for a command, copied into its description. */
static void take_attachments(struct agx4_attachments *dst,
			     const struct att_ref *set)
{
	dst->count = set->count;
	if (set->count)
		memcpy(dst->a, set->src, set->count * sizeof(dst->a[0]));
}

static bool utile_ok(u8 w, u8 h)
{
	return (w == 32 && h == 32) || (w == 32 && h == 16) ||
	       (w == 16 && h == 16);
}

static int check_render(const struct drm_asahi_cmd_render *r)
{
	if (r->flags & ~RENDER_FLAGS)
		return -EINVAL;
	if (!r->width_px || r->width_px > MAX_DIM_PX ||
	    !r->height_px || r->height_px > MAX_DIM_PX ||
	    !r->layers || r->layers > MAX_LAYERS)
		return -EINVAL;
	if (!utile_ok(r->utile_width_px, r->utile_height_px))
		return -EINVAL;
	if (r->samples != 1 && r->samples != 2 && r->samples != 4)
		return -EINVAL;
	return 0;
}

/* Resolve one destination; @ts names no object when its handle is 0. */
static int resolve_ts(struct parse_state *st, struct agx4_cmdbuf *desc,
		      const struct drm_asahi_timestamp *ts, u64 *va)
{
	u64 base, size;
	void *ref;
	int ret;

	*va = 0;
	if (!ts->handle)
		return ts->offset ? -EINVAL : 0;
	if (!desc->ts_ops)
		return -ENOENT;
	if (!IS_ALIGNED(ts->offset, AGX4_TS_SIZE))
		return -EINVAL;
	ret = desc->ts_ops->get(st->ts_ctx, ts->handle, &base, &size, &ref);
	if (ret)
		return ret;
	desc->refs[desc->nrefs++] = ref;
	/* u64 arithmetic: a u32 offset plus 8 cannot overflow. */
	if ((u64)ts->offset + AGX4_TS_SIZE > size)
		return -ERANGE;
	*va = base + ts->offset;
	return 0;
}

static int resolve_pair(struct parse_state *st, struct agx4_cmdbuf *desc,
			const struct drm_asahi_timestamps *ts,
			struct agx4_ts_dests *out)
{
	int ret = resolve_ts(st, desc, &ts->start, &out->start);

	return ret ? ret : resolve_ts(st, desc, &ts->end, &out->end);
}

static int parse_hw(struct parse_state *st, struct agx4_cmdbuf *desc,
		    const struct drm_asahi_cmd_header *h, const u8 *payload,
		    struct agx4_cmd_desc *d)
{
	int ret;

	ret = resolve_wait(h->vdm_barrier, st->renders_seen, &d->wait_vdm);
	if (!ret)
		ret = resolve_wait(h->cdm_barrier, st->computes_seen,
				   &d->wait_cdm);
	if (ret)
		return ret;

	if (h->cmd_type == DRM_ASAHI_CMD_RENDER) {
		struct agx4_render_desc *r = &d->render;

		d->is_compute = false;
		ret = copy_payload(&r->cmd, sizeof(r->cmd), payload, h->size);
		if (!ret)
			ret = check_render(&r->cmd);
		if (!ret)
			ret = resolve_pair(st, desc, &r->cmd.ts_vtx, &r->ts_vtx);
		if (!ret)
			ret = resolve_pair(st, desc, &r->cmd.ts_frag,
					   &r->ts_frag);
		if (ret)
			return ret;
		take_attachments(&r->vertex, &st->vertex);
		take_attachments(&r->fragment, &st->fragment);
		st->renders_seen++;
		return 0;
	}

	d->is_compute = true;
	ret = copy_payload(&d->compute.cmd, sizeof(d->compute.cmd), payload,
			   h->size);
	if (!ret && d->compute.cmd.flags)
		ret = -EINVAL;
	if (!ret)
		ret = resolve_pair(st, desc, &d->compute.cmd.ts,
				   &d->compute.ts);
	if (ret)
		return ret;
	take_attachments(&d->compute.attachments, &st->compute);
	st->computes_seen++;
	return 0;
}

/* Pass one: the commands' framing; returns the number of hardware ones. */
static int count_commands(const u8 *buf, u32 size)
{
	struct drm_asahi_cmd_header h;
	u32 off = 0, hw = 0;

	while (off < size) {
		if (size - off < sizeof(h))
			return -EINVAL;
		memcpy(&h, buf + off, sizeof(h));
		off += sizeof(h);
		if (h.size > size - off)
			return -EINVAL;
		if (h.cmd_type > DRM_ASAHI_SET_COMPUTE_ATTACHMENTS)
			return -EINVAL;
		if (is_hw(h.cmd_type))
			hw++;
		off += h.size;
	}
	if (!hw || hw > AGX4_MAX_COMMANDS)
		return -EINVAL;
	return hw;
}

/**
 * agx4_cmdbuf_free() - free a description and its references
 * @desc: what agx4_cmdbuf_parse() made; may be NULL.
 */
void agx4_cmdbuf_free(struct agx4_cmdbuf *desc)
{
	u32 i;

	if (!desc)
		return;
	for (i = 0; i < desc->nrefs; i++)
		desc->ts_ops->put(desc->refs[i]);
	kvfree(desc);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_cmdbuf_free);

/**
 * agx4_cmdbuf_parse() - validate a command buffer
 * @buf: the buffer, in kernel memory.
 * @size: its size; at most %AGX4_CMDBUF_MAX_SIZE.
 * @ops: resolves timestamp objects; NULL if there are none.
 * @ctx: their argument (the client).
 * @out: on success, the description (agx4_cmdbuf_free() it).
 *
 * A timestamp names an object of @ops and an offset in it, 8-byte aligned,
 * whose 8 bytes fit the object; handle 0 means none and then the offset
 * must be 0.
 *
 * Return: 0; -EINVAL for anything malformed; -ENOENT for a timestamp
 * naming no object; -ERANGE for one past the end of its object; -ENOMEM.
 */
int agx4_cmdbuf_parse(const void *buf, u32 size, const struct agx4_ts_ops *ops,
		      void *ctx, struct agx4_cmdbuf **out)
{
	struct parse_state st = { .ts_ctx = ctx };
	struct agx4_cmdbuf *desc;
	u32 off = 0, i = 0, nrefs;
	int hw, ret = 0;

	if (size > AGX4_CMDBUF_MAX_SIZE)
		return -EINVAL;
	hw = count_commands(buf, size);
	if (hw < 0)
		return hw;

	/*
	 * The timestamp references follow the commands, in one allocation.
	 * Not zeroed: parse_hw() writes every member of a command that its
	 * kind reads (of an attachment list, the entries it counts).
	 */
	nrefs = ops ? hw * AGX4_TS_PER_CMD : 0;
	desc = kvmalloc(size_add(struct_size(desc, cmds, hw),
				 array_size(nrefs, sizeof(*desc->refs))),
			GFP_KERNEL);
	if (!desc)
		return -ENOMEM;
	desc->count = hw;
	desc->ts_ops = ops;
	desc->nrefs = 0;
	desc->refs = nrefs ? (void **)&desc->cmds[hw] : NULL;

	while (off < size) {
		struct drm_asahi_cmd_header h;
		const u8 *payload;

		memcpy(&h, buf + off, sizeof(h));
		payload = buf + off + sizeof(h);
		off += sizeof(h) + h.size;	/* the header's size, always */

		if (is_hw(h.cmd_type)) {
			ret = parse_hw(&st, desc, &h, payload, &desc->cmds[i++]);
			if (ret)
				goto err;
			continue;
		}
		/* Software commands carry no barrier. */
		if (h.vdm_barrier != DRM_ASAHI_BARRIER_NONE ||
		    h.cdm_barrier != DRM_ASAHI_BARRIER_NONE) {
			ret = -EINVAL;
			goto err;
		}
		switch (h.cmd_type) {
		case DRM_ASAHI_SET_VERTEX_ATTACHMENTS:
			ret = parse_attachments(payload, h.size, &st.vertex);
			break;
		case DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS:
			ret = parse_attachments(payload, h.size, &st.fragment);
			break;
		default:
			ret = parse_attachments(payload, h.size, &st.compute);
			break;
		}
		if (ret)
			goto err;
	}
	desc->renders = st.renders_seen;
	desc->computes = st.computes_seen;
	*out = desc;
	return 0;

err:
	agx4_cmdbuf_free(desc);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_cmdbuf_parse);
