/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_TVB_H
#define AGX4_TVB_H

#include <linux/types.h>

struct agx4_device;
struct agx4_fw_ctl;
struct agx4_fw_ev_grow_in;
struct agx4_fw_ev_limit_in;
struct agx4_fw_event;
struct agx4_fw_gen;

/* Growth requests past the initial blocks a pool takes by default. */
#define AGX4_TVB_DEFAULT_REQUESTS	32

/**
 * struct agx4_tvb_stats - what the TVB unit saw, since the probe
 * @requests: growth requests (event 6) handled.
 * @grew: of those, answered "grew".
 * @refused: answered "refused": limit reached or memory ran out.
 * @unknown: ignored: no pool, VM or slot of this device matches.
 * @stale: ignored: request counter behind the pool's, a request already
 *	answered.
 * @ahead: ignored: request counter ahead of the pool's, out of sequence.
 * @malformed: ignored: the pool's state is not what the host wrote.
 * @dropped: requests lost because too many waited for the workqueue.
 * @limits: memory-limit reports (event 7) seen.
 * @limit_unmatched: of those, naming no published job.
 * @reply_errors: replies the device-control ring did not take.
 * @ring_full: replies that found the device-control ring full and
 *	waited for the firmware to make room.
 * @last_context: the context of the last growth request handled.
 * @last_slot: its slot.
 * @last_counter: its counter.
 */
struct agx4_tvb_stats {
	u64 requests;
	u64 grew;
	u64 refused;
	u64 unknown;
	u64 stale;
	u64 ahead;
	u64 malformed;
	u64 dropped;
	u64 limits;
	u64 limit_unmatched;
	u64 reply_errors;
	u64 ring_full;
	u32 last_context;
	u32 last_slot;
	u32 last_counter;
};

/**
 * struct agx4_tvb_ops - what the TVB unit asks of a submission backend
 * @grow: answer a TVB growth request: find the pool it names, check it
 *	against the pool, and grow the pool by the generation's step, at
 *	most to @max_blocks (agx4_tvb_pool_grow() does the counting).
 *	Process context (the TVB workqueue); may sleep and allocate.  The
 *	new block count; -ENOSPC when the pool holds @max_blocks already,
 *	-ENOMEM when memory ran out (both are answered "refused"); -ENOENT
 *	for a pool, VM or slot the request cannot name, -ESTALE for a
 *	request counter not past the last one answered for the pool,
 *	-EPROTO for a pool whose state does not match what the host wrote
 *	(all three are not answered).
 * @limit: a memory-limit report: mark the published job it names
 *	(agx4_engine_limit()), whose status then ends with -ENOMEM once
 *	the firmware is done with it, and fill @reply with the generation's
 *	reply (opcode 0: none).  Called from the event drain, possibly in
 *	hard IRQ: it must not sleep or allocate.  0, or -ENOENT when no
 *	published job matches.
 *
 * The backend's growth and limit handling, apart from its submission
 * contract (&agx4_fw_submit_ops.tvb): the TVB unit is their only caller.
 */
struct agx4_tvb_ops {
	int (*grow)(struct agx4_device *adev,
		    const struct agx4_fw_ev_grow_in *req, u32 max_blocks);
	int (*limit)(struct agx4_device *adev,
		     const struct agx4_fw_ev_limit_in *lim,
		     struct agx4_fw_ctl *reply);
};

/**
 * struct agx4_tvb_pool - a TVB pool as its growth requests count it
 * @blocks: blocks the pool holds.
 * @counter: the counter the pool's next growth request carries.
 * @refused: a growth of the pool was refused; read without the lock by
 *	a memory-limit handler (READ_ONCE()).
 *
 * Each generation's pool embeds one, under the lock that serialises its
 * growth (agx4_tvb_pool_grow()).
 */
struct agx4_tvb_pool {
	u32 blocks;
	u32 counter;
	bool refused;
};

/**
 * typedef agx4_tvb_add_fn - add blocks to a pool
 * @adev: the device.
 * @p: the pool.
 * @old: the blocks it holds.
 * @new: the blocks it is to hold.
 *
 * Allocate and map blocks @old to @new - 1, list them, then (after a
 * write barrier) set the block count the firmware reads.
 *
 * Return: 0, -ENOSPC when the pool cannot take more, -ENOMEM.
 */
typedef int (*agx4_tvb_add_fn)(struct agx4_device *adev,
			       struct agx4_tvb_pool *p, u32 old, u32 new);

int agx4_tvb_pool_grow(struct agx4_device *adev, struct agx4_tvb_pool *p,
		       u32 counter, bool intact, u32 limit, bool whole_step,
		       agx4_tvb_add_fn add);

int agx4_tvb_init(struct agx4_device *adev);
void agx4_tvb_fini(struct agx4_device *adev);
void agx4_tvb_event_grow(void *priv, const struct agx4_fw_event *e);
void agx4_tvb_event_limit(void *priv, const struct agx4_fw_event *e);
u32 agx4_tvb_max_blocks(const struct agx4_fw_gen *gen);
void agx4_tvb_pre_reset(struct agx4_device *adev);
void agx4_tvb_post_reset(struct agx4_device *adev);
void agx4_tvb_get_stats(struct agx4_device *adev,
			struct agx4_tvb_stats *stats);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
extern unsigned int agx4_tvb_max_blocks_param;
void agx4_tvb_flush(struct agx4_device *adev);
void agx4_tvb_hold(struct agx4_device *adev, bool hold);
u32 agx4_tvb_pending(struct agx4_device *adev);
int agx4_tvb_run_one(struct agx4_device *adev);
#endif

#endif /* AGX4_TVB_H */
