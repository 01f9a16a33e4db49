/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_ENGINE_H
#define AGX4_ENGINE_H

#include <linux/atomic.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#include "agx4_channel.h"

struct agx4_engine;
struct agx4_fw_boot;
struct agx4_fw_ctl;
struct agx4_fw_ev_limit_in;
struct agx4_fw_event;
struct agx4_fw_job;
struct agx4_fw_queue;
struct dma_fence;

/**
 * struct agx4_work_chan - a work channel as submission counts it
 * @ch: the ring and its three cursors.
 * @limit: most messages outstanding (published, and not both read and
 *	done by the firmware), the next one included; at most one less
 *	than the ring's entries.
 * @sent: messages published since boot.
 * @read: messages the firmware's read cursor has passed.
 * @done: messages its done cursor has passed.
 * @read_at: the read cursor as last read (a ring index).
 * @done_at: the done cursor as last read.
 *
 * The firmware's cursors are ring indices; the counts extend them to 64
 * bits, so that "has the firmware passed message n" has an answer that
 * does not wrap.  Protected by &agx4_engine.lock.
 */
struct agx4_work_chan {
	struct agx4_channel ch;
	u32 limit;
	u64 sent;
	u64 read;
	u64 done;
	u32 read_at;
	u32 done_at;
};

/**
 * struct agx4_doorbells - doorbells noted and not yet rung
 * @pending: kicks to ring; bit n: the kick of group n / 3, pipe n % 3
 *	(the doorbell of work channel n, which a generation may ring for
 *	more than one channel: G17P's render pipe starts TA and 3D).
 * @lost: kicks the mailbox refused, to ring again after the next flush.
 * @ctl: device-control doorbells to ring.
 *
 * Lock-free: publication notes doorbells under &agx4_engine.lock, and
 * they are rung with no lock held (agx4_engine_ring()).
 */
struct agx4_doorbells {
	atomic_long_t pending;
	atomic_long_t lost;
	atomic_t ctl;
};

/**
 * struct agx4_engine_ops - what the engine asks of a generation's backend
 * @send: send what of @job, which waits for channel room, may go out now:
 *	write its messages (agx4_work_chan_write() checks the room) and set
 *	the bit of each work channel written in @chans; true once all of it
 *	went out.  Under &agx4_engine.lock.
 * @sent: optional; after a flush, publish the producer cursors of the
 *	channels @chans names and note their doorbells
 *	(agx4_engine_note_kick()); without it, @chans are taken as the
 *	doorbells to ring (the backend's @send published them).
 * @completion: optional; the primary posted completion report @ev (kind
 *	1), about to cause a completion scan: note what it names.  From the
 *	event drain (any context, hard IRQ included).
 */
struct agx4_engine_ops {
	bool (*send)(struct agx4_fw_job *job, unsigned long *chans);
	void (*sent)(struct agx4_engine *e, unsigned long chans);
	void (*completion)(struct agx4_engine *e,
			   const struct agx4_fw_event *ev);
};

/**
 * struct agx4_engine - the generation-independent half of submission
 * @fw: the firmware it submits to.
 * @ops: the backend's.
 * @lock: serialises publication, completion checks and the channels'
 *	counts across every queue of the device, and every &struct
 *	agx4_room.  Taken with interrupts off (the completion scan runs from
 *	the event drain).
 * @fence_lock: the lock of every room-wait fence (&agx4_room_wait.fence);
 *	nests inside @lock.
 * @bells: doorbells noted by publication, rung by agx4_engine_ring().
 * @deferred: jobs published by drm_sched whose messages wait for channel
 *	room, in publication order (&agx4_fw_job.defer_link); under @lock.
 * @pass: the number of the current flush of @deferred; under @lock.
 * @renders: published jobs with renders, not freed, for a memory-limit
 *	report to find (&agx4_fw_job.live_link); under @lock.
 * @stopped: submission to this firmware ended (agx4_engine_stop()): no
 *	report is matched to a job any more, no job waits for room; under
 *	@lock, read locklessly where a stale answer only costs a wait that
 *	ends at once (agx4_engine_stopped()).
 * @waits: every job's wait for room that has not ended
 *	(&agx4_room_wait.all), in any room; under @lock.
 * @wq: the backend's process-context waits, which end when submission
 *	stops (agx4_engine_stop() wakes it) or when what they wait for
 *	changes (the backend wakes it then).
 * @fifo: jobs go out in the order drm_sched published them, across
 *	queues (a generation whose messages carry numbers assigned at
 *	publication); otherwise only each queue's own jobs keep their order.
 *
 * Each generation's submission state embeds one; the engine names no
 * generation type.  Publication, in every generation:
 *
 * 1. the job's ring entries and work items are written (the backend's);
 * 2. each message goes to its work channel's ring at the host's head
 *    (agx4_work_chan_write()), once the channel has room for it;
 * 3. a write barrier, then the channel's producer cursor moves
 *    (agx4_work_chan_publish()), and its doorbell is noted;
 * 4. with no lock held, each doorbell noted is rung once
 *    (agx4_engine_ring()); one the mailbox refuses is rung again at the
 *    next poll.
 *
 * A job whose messages find no room waits on @deferred; a queue's jobs
 * go out in order, so a job waits while an earlier one of its queue does;
 * other queues' jobs pass it unless the engine keeps @fifo order
 * (agx4_engine_flush()).
 */
struct agx4_engine {
	struct agx4_fw_boot *fw;
	const struct agx4_engine_ops *ops;
	/* See the kernel-doc above: publication and completion checks. */
	spinlock_t lock;
	/* Of every room-wait fence (struct agx4_room_wait); inside @lock. */
	spinlock_t fence_lock;
	struct agx4_doorbells bells;
	struct list_head deferred;
	u64 pass;
	struct list_head renders;
	bool stopped;
	struct list_head waits;
	wait_queue_head_t wq;
	bool fifo;
};

struct agx4_room;

/**
 * struct agx4_room_wait - one job's wait for a firmware resource
 * @link: on &agx4_room.waiters while it waits.
 * @all: on &agx4_engine.waits while it waits.
 * @fence: signalled once the room gave the job what it needs (or with an
 *	error, when the wait ends without it); allocated by
 *	agx4_room_wait_init(), initialised at the wait (@armed).
 * @owner: what the job belongs to (its queue), whose waits end together
 *	(agx4_room_cancel_owner()).
 * @armed: @fence was initialised; the wait holds a reference then.
 *
 * A job has one per room it may wait for, and waits on each at most
 * once: the room hands what it needs to the job before it ends the wait.
 * Protected by &agx4_engine.lock.
 */
struct agx4_room_wait {
	struct list_head link;
	struct list_head all;
	struct dma_fence *fence;
	const void *owner;
	bool armed;
};

/**
 * struct agx4_room - a scarce firmware resource jobs wait for
 * @waiters: the jobs waiting, oldest first (&agx4_room_wait.link).
 *
 * The jobs take the room in the order they began waiting: a job that
 * finds others waiting waits behind them, so none is passed over for
 * ever.  What a job needs of the room, and how it takes it, only the
 * backend knows (&agx4_room_take_fn).  Protected by &agx4_engine.lock.
 */
struct agx4_room {
	struct list_head waiters;
};

/**
 * typedef agx4_room_take_fn - take what a waiting job needs of a room
 * @r: the room.
 * @w: the job's wait.
 *
 * Give the job what it needs of @r if it is free; it may take part of it
 * first and keep that.  Called under &agx4_engine.lock, from drm_sched's
 * prepare_job (agx4_room_get()) and wherever the room comes back
 * (agx4_room_put()): it must not sleep or allocate.
 *
 * Return: true once the job holds all it needs.
 */
typedef bool (*agx4_room_take_fn)(struct agx4_room *r,
				  struct agx4_room_wait *w);

void agx4_engine_init(struct agx4_engine *e, struct agx4_fw_boot *fw,
		      const struct agx4_engine_ops *ops, bool fifo);

int agx4_work_chan_init(struct agx4_work_chan *wc, const char *name,
			void *ring, u32 entry_size, u32 entries, u32 limit);
bool agx4_work_chan_sync(struct agx4_engine *e, struct agx4_work_chan *wc);
bool agx4_work_chan_room(struct agx4_engine *e, struct agx4_work_chan *wc,
			 u32 n);
u64 agx4_work_chan_write(struct agx4_engine *e, struct agx4_work_chan *wc,
			 const void *msg, size_t len);
void agx4_work_chan_publish(struct agx4_engine *e, struct agx4_work_chan *wc);
bool agx4_work_chan_passed(struct agx4_engine *e, struct agx4_work_chan *wc,
			   u64 number);

bool agx4_engine_progress_sane(struct agx4_engine *e, const char *what,
			       unsigned int index, u32 v, u32 *seen, u32 top);

void agx4_engine_note_kick(struct agx4_engine *e, unsigned long bells);
void agx4_engine_note_ctl(struct agx4_engine *e, unsigned int n);
void agx4_engine_ring(struct agx4_engine *e);

bool agx4_engine_defer_needed(struct agx4_engine *e,
			      const struct agx4_fw_queue *q);
void agx4_engine_defer(struct agx4_engine *e, struct agx4_fw_job *job);
void agx4_engine_undefer(struct agx4_engine *e, struct agx4_fw_job *job);
bool agx4_engine_flush_needed(struct agx4_engine *e);
void agx4_engine_flush(struct agx4_engine *e,
		       bool (*publish)(struct agx4_fw_job *job, void *arg),
		       void *arg);
void agx4_engine_poll(struct agx4_engine *e);
void agx4_engine_completion(struct agx4_engine *e,
			    const struct agx4_fw_event *ev);
void agx4_engine_drop_queue(struct agx4_engine *e, struct agx4_fw_queue *q,
			    void (*dropped)(struct agx4_fw_job *job));

/**
 * typedef agx4_limit_match_fn - does a memory-limit report name a job
 * @job: a published job with renders, not freed.
 * @lim: the report.
 * @reply: the control record to answer with; the backend fills it when
 *	the report names @job (opcode 0: no answer).
 *
 * Under &agx4_engine.lock: it must not sleep or allocate.  It may mark
 * which render of @job the report names.
 *
 * Return: true when @lim names one of @job's renders.
 */
typedef bool (*agx4_limit_match_fn)(struct agx4_fw_job *job,
				    const struct agx4_fw_ev_limit_in *lim,
				    struct agx4_fw_ctl *reply);

void agx4_engine_render_live(struct agx4_engine *e, struct agx4_fw_job *job);
void agx4_engine_render_gone(struct agx4_engine *e, struct agx4_fw_job *job);
void agx4_engine_stop(struct agx4_engine *e);

/**
 * agx4_engine_stopped() - has submission to the engine's firmware ended
 * @e: the engine.
 *
 * Without @e's lock: a wait that checks it before it sleeps on
 * &agx4_engine.wq is woken by agx4_engine_stop().
 *
 * Return: true once agx4_engine_stop() was called.
 */
static inline bool agx4_engine_stopped(struct agx4_engine *e)
{
	return READ_ONCE(e->stopped);
}

int agx4_engine_limit(struct agx4_engine *e,
		      const struct agx4_fw_ev_limit_in *lim,
		      struct agx4_fw_ctl *reply, agx4_limit_match_fn match);

void agx4_room_init(struct agx4_room *r);
int agx4_room_wait_init(struct agx4_room_wait *w, const void *owner);
void agx4_room_wait_fini(struct agx4_room_wait *w);
struct dma_fence *agx4_room_get(struct agx4_engine *e, struct agx4_room *r,
				struct agx4_room_wait *w, agx4_room_take_fn take);
void agx4_room_put(struct agx4_engine *e, struct agx4_room *r,
		   agx4_room_take_fn take);
void agx4_room_cancel(struct agx4_engine *e, struct agx4_room *r,
		      struct agx4_room_wait *w, int err);
void agx4_room_cancel_owner(struct agx4_engine *e, struct agx4_room *r,
			    const void *owner, int err, agx4_room_take_fn take);

#endif /* AGX4_ENGINE_H */
