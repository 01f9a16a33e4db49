/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_QUEUE_H
#define AGX4_FW_QUEUE_H

#include <linux/errno.h>
#include <linux/list.h>
#include <linux/types.h>

/* A backend that finds the firmware's words impossible restarts it. */
#include "agx4_reset.h"

struct agx4_cmdbuf;
struct agx4_device;
struct agx4_engine_ops;
struct agx4_tvb_ops;
struct agx4_fw_job;
struct agx4_fw_queue;
struct agx4_range;
struct dma_fence;
struct drm_printer;
struct agx4_vm;

/**
 * DOC: firmware queues
 *
 * The contract between the job unit (agx4_job, agx4_queue: drm_sched,
 * fences, syncobjs) and a generation's submission backend, which alone
 * knows the firmware's queue records, rings, work storage, channel
 * messages and stamps.
 *
 * A UAPI queue owns one &struct agx4_fw_queue, made at QUEUE_CREATE.  A
 * SUBMIT becomes one &struct agx4_fw_job:
 *
 * 1. @job_prepare runs in the ioctl, in submission order (the caller holds
 *    the queue's submit lock), may sleep and may fail: it allocates the
 *    job's firmware storage, assigns its ordinals and stamps, resolves its
 *    barriers against earlier jobs of the queue and builds every work item
 *    into that storage.  Nothing it writes is visible to the firmware yet.
 *    If the caller then drops the job, @job_free undoes it; a backend must
 *    accept a job that was prepared and never published, and the next
 *    prepare must not depend on it (the caller drops jobs only when it
 *    has prepared nothing after them).
 * 2. @job_reserve, if the backend has it, runs from drm_sched's
 *    prepare_job, in the same order, once the job's dependencies are met:
 *    it takes what the job needs of firmware resources that queues share
 *    and give back only as their jobs are freed, or tells the scheduler
 *    what to wait for until some comes back.  A job waiting for its
 *    in-fences holds none of them, so one that never runs holds none.
 * 3. @job_publish runs from drm_sched's run_job, in the same order, once
 *    the job's dependencies are met.  It never fails, never sleeps and
 *    never allocates: it writes the ring entries, dependency items,
 *    channel messages and producer cursors, and notes the doorbells they
 *    need on its engine (&agx4_fw_boot.engine), which the caller rings
 *    once it dropped its locks (agx4_engine_ring()).  Room in the queue's
 *    rings is what the scheduler's credits count (@credit_limit and the
 *    credits @job_prepare returned), so it is there.  Room in a channel
 *    ring, which every queue of a priority shares, is the backend's to
 *    find: it may defer the job on its engine (agx4_engine_defer()), and
 *    the caller's next completion scan sends it as it fits
 *    (agx4_engine_poll(), through @engine).
 * 4. @job_status tells whether the firmware is done with a published job
 *    (stamps are authoritative; events only wake the caller up).  It is
 *    called under a spinlock, also from the fence-signalling path, and
 *    must not sleep or allocate.
 * 5. @job_free releases the job's storage after @job_status said done, or
 *    for a job never published (reserved or not), or, for a job its
 *    killed queue kept while the firmware was not done with it, once the
 *    firmware is stopped (@fw_gone's point).
 *
 * @job_publish, @job_status and the engine's poll are called with the job unit's
 * device spinlock held (interrupts off), so they are serialised against
 * each other across every queue of the device: a backend needs no lock
 * of its own for state only they touch (channel cursors, staged
 * messages).  @queue_create, @queue_destroy, @job_prepare and @job_free
 * run in process context outside it.
 *
 * Doorbells are rung outside every lock of the job unit: the
 * firmware may answer a doorbell before the write returns (an interrupt
 * on the same CPU, or the firmware model run in the caller), and the
 * answer runs the completion scan, which takes the job unit's spinlock.
 */

/**
 * struct agx4_fw_queue - what every backend's queue starts with
 * @adev: the device.
 * @vm: the VM its commands run in; the queue holds a reference.
 * @deferred: its jobs waiting for channel room (agx4_engine_defer());
 *	under &agx4_engine.lock.
 * @blocked: the engine's flush in which one of its jobs found no room;
 *	under &agx4_engine.lock.
 * @jobs: the job unit's count of its jobs prepared and not freed; under
 *	the job unit's device lock.
 * @stale: a firmware restart forgot the queue while some of its jobs
 *	were not freed: the last one's free destroys it, as the firmware's
 *	(queue_destroy without @fw); the same lock.
 *
 * A backend embeds it in its own queue (&struct agx4_g16_queue,
 * &struct agx4_g17p_queue) and finds that with container_of(); the job
 * unit sees only this part.
 */
struct agx4_fw_queue {
	struct agx4_device *adev;
	struct agx4_vm *vm;
	unsigned int deferred;
	u64 blocked;
	unsigned int jobs;
	bool stale;
};

/**
 * enum agx4_engine_class - the engines a client's time is counted on
 * @AGX4_ENGINE_RENDER: renders (every stage of them).
 * @AGX4_ENGINE_COMPUTE: compute dispatches.
 * @AGX4_ENGINE_CLASSES: how many there are.
 *
 * The classes of fdinfo's drm-engine-<class> keys.
 */
enum agx4_engine_class {
	AGX4_ENGINE_RENDER,
	AGX4_ENGINE_COMPUTE,
	AGX4_ENGINE_CLASSES,
};

/*
 * The firmware's private timestamps of each stage count the always-on
 * clock, 24 MHz on G16 and G17P (H: both references convert them to
 * nanoseconds at 24 MHz).
 */
#define AGX4_FW_TICK_HZ		24000000

/**
 * struct agx4_fw_job - what every backend's job starts with
 * @queue: the queue it was prepared on.
 * @defer_link: on &agx4_engine.deferred while it waits for channel room;
 *	under &agx4_engine.lock.
 * @deferred: it waits so.
 * @live_link: on &agx4_engine.renders from its publication until it is
 *	freed, if it renders; under &agx4_engine.lock.
 * @nomem: a memory-limit report named one of its renders: it ends with
 *	-ENOMEM; under &agx4_engine.lock.
 * @busy_ticks: the time its commands ran, by &enum agx4_engine_class, in
 *	firmware ticks (%AGX4_FW_TICK_HZ) from the firmware's own
 *	timestamps of each stage; 0 where the firmware wrote none.  Cleared
 *	by the job unit once prepared; a backend that measures a class
 *	(&agx4_fw_submit_ops.engine_time) sets it when its job_status
 *	says the firmware is done.
 *
 * Embedded in a backend's own job (&struct agx4_g16_job,
 * &struct agx4_g17p_job) like &struct agx4_fw_queue.
 */
struct agx4_fw_job {
	struct agx4_fw_queue *queue;
	struct list_head defer_link;
	bool deferred;
	struct list_head live_link;
	bool nomem;
	u64 busy_ticks[AGX4_ENGINE_CLASSES];
};

/**
 * struct agx4_fw_queue_args - what a firmware queue is made for
 * @vm: the VM its commands run in.
 * @priority: &enum drm_asahi_priority, checked by the caller.
 * @usc_exec_base: the USC execution base, checked by the caller.
 */
struct agx4_fw_queue_args {
	struct agx4_vm *vm;
	u32 priority;
	u64 usc_exec_base;
};

/**
 * struct agx4_fw_submit_ops - a generation's submission backend
 *
 * Every member is set by a generation that can submit; a generation
 * without submission has no ops (SUBMIT then fails with -EOPNOTSUPP).
 */
struct agx4_fw_submit_ops {
	/**
	 * @credit_limit: the scheduler credits of one queue: the work one
	 * queue may have published and not retired, in the unit
	 * @job_prepare counts in.
	 */
	u32 credit_limit;
	/**
	 * @features: the GET_PARAMS features the backend implements
	 * (%AGX4_FEATURE_FRAGMENT_BARRIER: it honours
	 * %AGX4_RENDER_VDM_BARRIER_FRAGMENT; without it, the job unit refuses
	 * that flag).
	 */
	u64 features;
	/**
	 * @vm_reserved: GPU ranges of every VM, outside its kernel
	 * carve-out, that the backend maps itself; VM_BIND refuses them and
	 * VM_CREATE refuses a carve-out that overlaps them.
	 */
	const struct agx4_range *vm_reserved;
	/** @num_vm_reserved: entries of @vm_reserved. */
	u32 num_vm_reserved;
	/**
	 * @engine_time: the engine classes whose time the backend measures
	 * (bits of &enum agx4_engine_class): it fills
	 * &agx4_fw_job.busy_ticks for them, and fdinfo shows only them.
	 */
	u32 engine_time;
	/**
	 * @engine: what the backend's submission engine asks of it: how a
	 * job that waited for channel room goes out at a poll.
	 */
	const struct agx4_engine_ops *engine;
	/**
	 * @queue_create: make a queue's firmware side; 0, -ENOMEM, -ENOSPC
	 * when the firmware has no room for another queue.
	 */
	int (*queue_create)(struct agx4_device *adev,
			    const struct agx4_fw_queue_args *args,
			    struct agx4_fw_queue **out);
	/**
	 * @queue_destroy: free it; the caller guarantees no job of the queue
	 * is published and unretired, and none is prepared.  A killed queue
	 * whose jobs the firmware still owned is destroyed, after @job_free
	 * of each of them, once the firmware is stopped and before @fw_gone
	 * (the job unit keeps it until then): it must send nothing, but the
	 * firmware's tables are still there; so is a queue released once
	 * the job unit stopped.  Without @fw (the backend's state went with
	 * the firmware the queue was made for: removal, or a restart since),
	 * after each of its jobs was freed so: free its memory without a
	 * word to the firmware, as @job_free does.
	 */
	void (*queue_destroy)(struct agx4_fw_queue *fq, bool fw);
	/**
	 * @job_prepare: see the DOC above.  @credits receives what the job
	 * takes of @credit_limit (1 or more, at most @credit_limit).  It
	 * never waits for firmware room (@job_reserve does); it may wait,
	 * interruptibly, on its engine's &agx4_engine.wq for its own queue's
	 * earlier jobs (a backend names why), with only the queue's submit
	 * lock held.  0; -EINVAL for commands the firmware cannot run (named
	 * in the backend), -ENOMEM, -ENOSPC for room nothing gives back
	 * while the client runs, -ERESTARTSYS when a signal ends a wait,
	 * -ENODEV when submission ends (agx4_engine_stop()) before or during
	 * one, or the backend's own (named there).  Such a wait sleeps until
	 * what it waits for happens, a signal, or agx4_engine_stop(): it
	 * polls nothing.
	 */
	int (*job_prepare)(struct agx4_fw_queue *fq,
			   const struct agx4_cmdbuf *cb,
			   struct agx4_fw_job **out, u32 *credits);
	/**
	 * @job_reserve: optional; see the DOC above.  NULL once the job
	 * holds what it needs (recorded in the job; later calls return NULL
	 * too), or a reference to a fence that signals when some of it may
	 * be free: the scheduler waits for it and calls again.  It runs in
	 * the scheduler's work, in the path that signals the job's fences:
	 * it must not sleep, wait or allocate (@job_prepare allocates any
	 * fence it may return) and cannot fail.  The fence must signal
	 * without this job's help, at the latest when the job is freed or
	 * submission ends (agx4_engine_stop(): a wait of &struct agx4_room
	 * ends then).  Not called for a job that is not going to be
	 * published (its queue killed, the device going): @job_publish is
	 * then never called either, and @job_free frees what it holds.
	 */
	struct dma_fence *(*job_reserve)(struct agx4_fw_job *job);
	/** @job_publish: see the DOC above. */
	void (*job_publish)(struct agx4_fw_job *job);
	/**
	 * @job_status: -EINPROGRESS while the firmware is not done with the
	 * job, 0 when it completed, or the error it ended with (-ENOMEM for
	 * a render that hit the memory limit).  Whenever it answers other
	 * than -EINPROGRESS it sets &agx4_fw_job.busy_ticks of the classes
	 * it measures (@engine_time).
	 */
	int (*job_status)(struct agx4_fw_job *job);
	/**
	 * @job_free: see the DOC above.  With @fw, also once submission
	 * ended (agx4_engine_stop()) and the firmware is stopped, until the
	 * job unit is told the firmware goes (agx4_job_fw_gone()): it must
	 * send nothing then.  Without @fw (the backend's state went with the
	 * firmware the job was made for: after that call, or a restart since),
	 * free what the job holds without talking to the firmware or
	 * touching the state its shutdown freed (its shared records and
	 * context 0's tables); its storage may go back to the firmware heap,
	 * which lives until the device is released.  Never without @fw while
	 * that state is there.
	 */
	void (*job_free)(struct agx4_fw_job *job, bool fw);
	/**
	 * @queue_kill: optional; the caller ended every published job of the
	 * queue (a timeout killed it) and will publish none of it again:
	 * send nothing more for them (drop what @job_publish deferred).
	 * Called under the same rules as @job_status.  The jobs' storage
	 * stays until @job_status says the firmware is done with it, or
	 * until the firmware stops (see @queue_destroy).
	 */
	void (*queue_kill)(struct agx4_fw_queue *fq);
	/**
	 * @job_dump: optional; print the job's firmware objects (its
	 * queue's records, its work items), decoded by name, for a crash
	 * dump.  Called under the same rules as @job_status, also for a job
	 * its killed queue kept; reads only.
	 */
	void (*job_dump)(struct agx4_fw_job *job, struct drm_printer *p);
	/**
	 * @fw_gone: optional; the firmware was stopped and uses none of the
	 * memory it was given any more: free what the backend kept only
	 * because the firmware might still have used it.  Called once the
	 * firmware is stopped, after the job unit freed the queues it kept
	 * (agx4_job_fw_gone(): @job_free, @queue_destroy), and before its
	 * heap objects of the boot, its context table and context 0's
	 * tables are released: at removal
	 * (agx4_fw_boot_fini(), after agx4_job_fini(): a queue released
	 * after this is forgotten, not destroyed) and after a crash
	 * (agx4_fw_boot_reset(), after agx4_engine_stop(), once the job
	 * unit is up).  Process context, without the firmware's lock; it may run
	 * more than once (a crash, then the removal).
	 */
	void (*fw_gone)(struct agx4_device *adev);
	/**
	 * @tvb: optional; the backend's TVB growth and memory-limit handling
	 * (see &struct agx4_tvb_ops).
	 */
	const struct agx4_tvb_ops *tvb;
};

#endif /* AGX4_FW_QUEUE_H */
