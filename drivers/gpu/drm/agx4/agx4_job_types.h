/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The job unit's types, shared by its files only: agx4_job.c (submission,
 * completion, timeouts), agx4_job_reset.c (firmware restarts),
 * agx4_job_hang.c (the hang check) and agx4_job_report.c (what it
 * reports: fdinfo's GPU time, debugfs, timeout dumps).  No other unit
 * includes this header; they see agx4_job.h and agx4_job_report.h.
 */

#ifndef AGX4_JOB_TYPES_H
#define AGX4_JOB_TYPES_H

#include <linux/atomic.h>
#include <linux/dma-fence.h>
#include <linux/kref.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include <drm/gpu_scheduler.h>

#include "agx4_fw_queue.h"

struct agx4_cmdbuf;
struct agx4_device;
struct agx4_vm;

/**
 * struct agx4_job_dev - the job unit's device state
 */
struct agx4_job_dev {
	/** @adev: the device. */
	struct agx4_device *adev;
	/** @ops: the generation's submission backend. */
	const struct agx4_fw_submit_ops *ops;
	/**
	 * @lock: protects @active, @stopped, @forgetting and every queue's
	 * &agx4_job_queue.inflight; serialises the backend's publish, status
	 * and poll calls.
	 */
	spinlock_t lock;
	/** @active: queues with published, unretired jobs. */
	struct list_head active;
	/** @timeouts: jobs that timed out and killed their queue. */
	atomic_t timeouts;
	/** @dump_rs: at most one timeout dump a minute. */
	struct ratelimit_state dump_rs;
	/** @stopped: the firmware is gone; nothing is published or scanned. */
	bool stopped;
	/**
	 * @forgetting: the backend's submission state went (or is going)
	 * with the stopped firmware: jobs and queues freed from now on are
	 * forgotten (&agx4_fw_submit_ops.job_free and .queue_destroy told
	 * the firmware is not there).  Until then, even once @stopped, they
	 * are freed through the backend, whose state they are part of.  Set
	 * by agx4_job_fw_gone() once the unit stopped, cleared by
	 * agx4_job_post_reset().
	 */
	bool forgetting;
	/**
	 * @incarnation: the firmware boot (&agx4_fw_boot.incarnation) the
	 * queues made now are for; changed by agx4_job_post_reset() only,
	 * under the reset lock held for writing, and read under it or
	 * under @lock.
	 */
	u32 incarnation;
	/**
	 * @resetting: a reset began (agx4_job_pre_reset()): nothing more is
	 * reserved or published until agx4_job_post_reset(); read locklessly.
	 */
	bool resetting;
	/**
	 * @gate: what a job waits for in prepare_job while the firmware is
	 * down or restarting (agx4_job_gate()): signalled, and replaced,
	 * once the restart made the queues again (agx4_job_gate_open());
	 * NULL once no restart will come, or a replacement could not be
	 * allocated (the job then goes on, and ends as the firmware
	 * leaves it).  Under @lock.
	 */
	struct dma_fence *gate;
	/** @gate_lock: the lock of @gate's fences. */
	spinlock_t gate_lock;
	/** @gate_ctx: the fence context of @gate's fences. */
	u64 gate_ctx;
	/** @gate_seqno: the seqno of the last of them. */
	u64 gate_seqno;
	/**
	 * @going: the device is going (agx4_job_unplug()): SUBMIT prepares
	 * nothing more, and nothing more is reserved or published.  Set
	 * once, before @stopped; read locklessly.
	 */
	bool going;
	/**
	 * @completed: the event drain saw a completion record since its last
	 * scan; only the drain (serialised by its own lock) touches it.
	 */
	bool completed;
	/**
	 * @submit_wq: where every queue's scheduler runs its jobs and frees
	 * them: one reclaim-safe workqueue for the device instead of one
	 * per queue.  A scheduler's own work items never run concurrently
	 * with themselves, so each queue still publishes in order.  Per-CPU
	 * (not %WQ_UNBOUND): run_job and free_job are short, and a per-CPU
	 * pool wakes another worker only when the running one sleeps.  An
	 * unbound pool counts none of its workers as running, so it woke a
	 * second worker for the free_job work that a completion in run_job
	 * queues: two more context switches per job.
	 */
	struct workqueue_struct *submit_wq;
	/** @poll: re-scans while anything is in flight. */
	struct delayed_work poll;
	/**
	 * @hang: the hang check, armed by a timeout: a killed job the
	 * firmware keeps for a hang timeout restarts it (agx4_job.c).
	 */
	struct delayed_work hang;
	/** @hangs: firmware restarts the hang check asked for. */
	atomic_t hangs;
	/**
	 * @releasing: queue releases queued and not finished; they run on
	 * system_unbound_wq, since one may drop the device's last reference.
	 */
	atomic_t releasing;
	/** @queues_lock: protects @queues and @kept. */
	struct mutex queues_lock;
	/** @queues: every queue's scheduler side, until it is released. */
	struct list_head queues;
	/**
	 * @kept: released queues a timeout killed whose jobs' storage the
	 * firmware still owned then, and queues released once the unit
	 * stopped but before the firmware's state went: their firmware
	 * queue and zombie jobs are freed by a later release (queue_fini())
	 * that finds the firmware done with them, or once the firmware is
	 * stopped (agx4_job_fw_gone()).
	 */
	struct list_head kept;
};

/**
 * struct agx4_job_usage - what a client's jobs ran for on the GPU
 *
 * One per DRM file; each of the file's queues holds a reference, so that
 * jobs completing after the file closed count somewhere harmless.
 */
struct agx4_job_usage {
	/** @ref: the file's and one per queue. */
	struct kref ref;
	/**
	 * @busy_ticks: by &enum agx4_engine_class, the firmware's measured
	 * time of every completed job, in its ticks; only grows.
	 */
	atomic64_t busy_ticks[AGX4_ENGINE_CLASSES];
};

/**
 * struct agx4_job_queue - a user queue: its scheduler and firmware side
 *
 * One per QUEUE_CREATE.  On a device without submission it has neither
 * (@fw is NULL: SUBMIT fails with -EOPNOTSUPP after its checks).
 */
struct agx4_job_queue {
	/**
	 * @ref: the object's life: one reference held while @users is not
	 * 0, and one per job.
	 */
	struct kref ref;
	/**
	 * @users: its file's handle and each ioctl using it; the last one
	 * gone, the queue takes no more jobs (agx4_job_queue_put()).
	 */
	struct kref users;
	/** @priority: &enum drm_asahi_priority. */
	u32 priority;
	/** @usc_exec_base: its USC execution base, to make @fw again. */
	u64 usc_exec_base;
	/** @adev: the device. */
	struct agx4_device *adev;
	/** @vm: the VM its jobs run in; a reference is held. */
	struct agx4_vm *vm;
	/** @usage: where its jobs' time counts; a reference is held. */
	struct agx4_job_usage *usage;
	/** @owner_pid: the thread-group id of the process that made it. */
	pid_t owner_pid;
	/** @owner_comm: that process's command name, then. */
	char owner_comm[TASK_COMM_LEN];
	/**
	 * @uapi_id: its id in its file (agx4_job_queue_name()), for
	 * messages; 0 until then.
	 */
	u32 uapi_id;
	/** @vm_id: likewise its VM's id. */
	u32 vm_id;
	/**
	 * @fw: the backend's side; NULL on a device without submission,
	 * whose queues have no scheduler either, and on a queue that died
	 * at a firmware restart (agx4_job_post_reset()).
	 */
	struct agx4_fw_queue *fw;
	/**
	 * @incarnation: the firmware boot @fw was made for.  A restart
	 * forgets @fw and makes it again for the new firmware
	 * (agx4_job_post_reset()); a queue the job unit no longer lists (a
	 * release in progress) is forgotten, never freed through the new
	 * firmware.
	 */
	u32 incarnation;
	/** @entity_gone: @entity was destroyed (the queue went). */
	bool entity_gone;
	/** @sched: the queue's scheduler. */
	struct drm_gpu_scheduler sched;
	/** @entity: its one entity. */
	struct drm_sched_entity entity;
	/**
	 * @submit_lock: orders the prepare, arm and push of the queue's
	 * jobs; protects @fence_seqno.
	 */
	struct mutex submit_lock;
	/**
	 * @dead: a timeout killed the queue; set under &agx4_job_dev.lock,
	 * read locklessly by SUBMIT.
	 */
	bool dead;
	/**
	 * @fault: the error its published jobs ended with when it was
	 * killed (-ETIMEDOUT, or -EIO at a firmware restart); under
	 * &agx4_job_dev.lock.
	 */
	int fault;
	/** @fence_lock: the lock of the done fences. */
	spinlock_t fence_lock;
	/**
	 * @hang_timeout: how long the firmware may keep a job a timeout
	 * killed before it is restarted, in jiffies (``hang_timeout_ms``,
	 * or the job timeout, when the queue was made).
	 */
	unsigned long hang_timeout;
	/** @fence_ctx: the done fences' context. */
	u64 fence_ctx;
	/** @fence_seqno: the last done fence's seqno. */
	u64 fence_seqno;
	/**
	 * @inflight: published, unretired jobs, oldest first; protected by
	 * &agx4_job_dev.lock.
	 */
	struct list_head inflight;
	/**
	 * @zombies: jobs a timeout killed while published, from the kill
	 * until their storage goes (&agx4_job.node); the same lock.
	 */
	struct list_head zombies;
	/**
	 * @retired: jobs that completed and drm_sched has not freed yet
	 * (&agx4_job.node), whose firmware side a restart forgets with the
	 * queue's; the same lock.
	 */
	struct list_head retired;
	/**
	 * @unrun: jobs pushed to the scheduler and not yet run, oldest
	 * first (&agx4_job.unrun_link), which a firmware restart prepares
	 * again; the same lock.
	 */
	struct list_head unrun;
	/**
	 * @active: in &agx4_job_dev.active while @inflight is not empty; the
	 * same lock.
	 */
	struct list_head active;
	/** @release_work: frees the queue off its own scheduler. */
	struct work_struct release_work;
	/**
	 * @link: in &agx4_job_dev.queues, then, if the queue is kept, in
	 * &agx4_job_dev.kept.
	 */
	struct list_head link;
};

/**
 * struct agx4_job - one SUBMIT
 */
struct agx4_job {
	/** @base: the scheduler's job; must stay first. */
	struct drm_sched_job base;
	/** @q: the queue's scheduler side; a reference is held. */
	struct agx4_job_queue *q;
	/**
	 * @fw: the backend's side; NULL on a device without submission,
	 * whose queues have no scheduler either.
	 */
	struct agx4_fw_job *fw;
	/**
	 * @zombie: killed while published: @fw outlives the job's fences, in
	 * &agx4_job_queue.zombies.
	 */
	bool zombie;
	/**
	 * @killed_at: when its queue was killed (jiffies), for a zombie; under
	 * &agx4_job_dev.lock.
	 */
	unsigned long killed_at;
	/**
	 * @run_at: when run_job published it (jiffies), for the hang check;
	 * under &agx4_job_dev.lock.
	 */
	unsigned long run_at;
	/** @cb: the commands; it holds the timestamp objects' references. */
	struct agx4_cmdbuf *cb;
	/**
	 * @unrun_link: in &agx4_job_queue.unrun from its push until
	 * run_job or free_job; under &agx4_job_dev.lock.
	 */
	struct list_head unrun_link;
	/**
	 * @credits: what it takes of its scheduler's credits
	 * (update_job_credits): the backend's count for @fw, or the
	 * scheduler's limit for a job pushed during a restart without one.
	 */
	u32 credits;
	/**
	 * @prep_err: why it has no @fw after a restart (the backend's
	 * prepare failed): run_job ends it with this error.
	 */
	int prep_err;
	/**
	 * @renewing: a restart prepares it again (queue_make()): a free_job
	 * meanwhile only marks it @orphaned; under &agx4_job_dev.lock.
	 */
	bool renewing;
	/**
	 * @sched_freed: a zombie drm_sched freed: only its storage is left;
	 * under &agx4_job_dev.lock.
	 */
	bool sched_freed;
	/** @orphaned: freed by drm_sched while @renewing; the same lock. */
	bool orphaned;
	/**
	 * @incarnation: the firmware boot @fw was made for; a job of an
	 * earlier one is forgotten, never asked or freed through the
	 * firmware running now.
	 */
	u32 incarnation;
	/**
	 * @done: signalled by the completion scan.  Initialised at the
	 * point of no return; from then on the job's memory is freed with
	 * it (done_release()), and the job holds one reference until its
	 * storage is released.
	 */
	struct dma_fence done;
	/**
	 * @node: in &agx4_job_queue.inflight while published and unretired, then
	 * in &agx4_job_queue.zombies if killed; protected by &agx4_job_dev.lock.
	 */
	struct list_head node;
};

#endif /* AGX4_JOB_TYPES_H */
