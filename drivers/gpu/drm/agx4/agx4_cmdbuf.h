/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_CMDBUF_H
#define AGX4_CMDBUF_H

#include <linux/bits.h>
#include <linux/sizes.h>
#include <linux/types.h>

#include <uapi/drm/asahi_drm.h>

/*
 * Limits of one submission (GET_PARAMS max_commands_per_submission and
 * max_attachments are the first two: the firmware's).
 */
#define AGX4_MAX_COMMANDS	64
#define AGX4_MAX_ATTACHMENTS	16
#define AGX4_CMDBUF_MAX_SIZE	SZ_1M

/*
 * Two additions of the Mesa fork that drives G16 and G17P to the upstream
 * UAPI, at the values the fork fixed (the upstream header does not name
 * them; no other meaning may ever be given to these bits):
 * GET_PARAMS features bit 1 says the render flag is honoured, and the
 * render flag applies the command's vdm_barrier before the fragment stage
 * rather than before tiling.  SUBMIT refuses the flag with -EINVAL where
 * the feature is not reported.
 */
#define AGX4_FEATURE_FRAGMENT_BARRIER		BIT_ULL(1)
#define AGX4_RENDER_VDM_BARRIER_FRAGMENT	BIT(3)

/* A barrier that waits for nothing. */
#define AGX4_WAIT_NONE		(-1)

/**
 * struct agx4_attachments - the attachments in effect for a stage
 * @count: entries used in @a.
 * @a: the attachments, validated.
 */
struct agx4_attachments {
	u32 count;
	struct drm_asahi_attachment a[AGX4_MAX_ATTACHMENTS];
};

/* Bytes the firmware writes for one timestamp. */
#define AGX4_TS_SIZE		8

/**
 * struct agx4_ts_ops - how the parser resolves timestamp destinations
 * @get: find the timestamp object @handle names; give its firmware
 *	address, its size and a reference to keep it mapped; 0 or -ENOENT.
 * @put: drop a reference @get gave.
 */
struct agx4_ts_ops {
	int (*get)(void *ctx, u32 handle, u64 *va, u64 *size, void **ref);
	void (*put)(void *ref);
};

/**
 * struct agx4_ts_dests - where the firmware writes a stage's timestamps
 * @start: firmware address for the start, 0 for none.
 * @end: the same for the end.
 */
struct agx4_ts_dests {
	u64 start;
	u64 end;
};

/**
 * struct agx4_render_desc - a validated render command
 * @cmd: the command, zero-extended.
 * @vertex: attachments of its vertex stage.
 * @fragment: attachments of its fragment stage.
 * @ts_vtx: timestamps of the vertex stage, resolved.
 * @ts_frag: timestamps of the fragment stage, resolved.
 */
struct agx4_render_desc {
	struct drm_asahi_cmd_render cmd;
	struct agx4_attachments vertex;
	struct agx4_attachments fragment;
	struct agx4_ts_dests ts_vtx;
	struct agx4_ts_dests ts_frag;
};

/**
 * struct agx4_compute_desc - a validated compute command
 * @cmd: the command, zero-extended.
 * @attachments: its attachments.
 * @ts: its timestamps, resolved.
 */
struct agx4_compute_desc {
	struct drm_asahi_cmd_compute cmd;
	struct agx4_attachments attachments;
	struct agx4_ts_dests ts;
};

/**
 * struct agx4_cmd_desc - one hardware command of a submission
 * @is_compute: a compute command, else a render command.
 * @wait_vdm: the render command it waits for: %AGX4_WAIT_NONE, 0 for the
 *	render work of earlier submissions, n for the n-th render command of
 *	this one.
 * @wait_cdm: the same for compute.
 * @render: the render command.
 * @compute: the compute command.
 */
struct agx4_cmd_desc {
	bool is_compute;
	s32 wait_vdm;
	s32 wait_cdm;
	union {
		struct agx4_render_desc render;
		struct agx4_compute_desc compute;
	};
};

/* Timestamp destinations one hardware command may name. */
#define AGX4_TS_PER_CMD		4

/**
 * struct agx4_cmdbuf - a validated command buffer
 * @ts_ops: what resolved the timestamps; NULL when none may be named.
 * @refs: references on the timestamp objects named, @nrefs of them.
 * @nrefs: entries used in @refs.
 * @count: hardware commands.
 * @renders: of which render commands.
 * @computes: of which compute commands.
 * @cmds: the commands in order.
 */
struct agx4_cmdbuf {
	const struct agx4_ts_ops *ts_ops;
	void **refs;
	u32 nrefs;
	u32 count;
	u32 renders;
	u32 computes;
	struct agx4_cmd_desc cmds[] __counted_by(count);
};

int agx4_cmdbuf_parse(const void *buf, u32 size, const struct agx4_ts_ops *ops,
		      void *ctx, struct agx4_cmdbuf **out);
void agx4_cmdbuf_free(struct agx4_cmdbuf *desc);

#endif /* AGX4_CMDBUF_H */
