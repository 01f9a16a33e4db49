// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/dma-fence.h>
#include <linux/dma-fence-chain.h>
#include <linux/dma-resv.h>
#include <linux/list.h>
#include <linux/math64.h>
#include <linux/moduleparam.h>
#include <linux/ratelimit.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>
#include <linux/wait_bit.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gpuvm.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/drm_syncobj.h>
#include <drm/gpu_scheduler.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_engine.h"
#include "agx4_event.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_decode.h"
#include "agx4_fw_queue.h"
#include "agx4_job.h"
#include "agx4_job_hang.h"
#include "agx4_job_report.h"
#include "agx4_job_types.h"
#include "agx4_reset.h"
#include "agx4_test_hooks.h"
#include "agx4_tvb.h"
#include "agx4_vm.h"

#include "agx4_trace.h"

/**
 * DOC: jobs
 *
 * A job is one SUBMIT: the commands of one validated command buffer, run
 * by the firmware on the queue it names.  Each queue has its own
 * drm_gpu_scheduler and one entity (the firmware arbitrates between
 * queues, as in panthor), so drm_sched orders a queue's jobs, resolves
 * their fences and times them out; the generation's submission backend
 * (&struct agx4_fw_submit_ops) writes and reads the firmware's side.
 *
 * The life of a job:
 *
 * 1. SUBMIT validates everything (agx4_drv.c), resolves its in-syncs to
 *    fences and its out-syncs to syncobjs, and allocates a timeline chain
 *    node per timeline out-sync.
 * 2. Under the queue's @submit_lock, the backend prepares the job: it
 *    allocates the firmware storage, assigns the queue ordinals and stamps
 *    and builds every work item.  The job is initialised on the queue's
 *    entity with the scheduler credits the backend asked for (ring
 *    room), takes the in-fences and the VM's kernel fences as
 *    dependencies, and reserves a fence slot in the VM's reservation.
 * 3. Point of no return: drm_sched_job_arm().  Nothing after it fails:
 *    the out-syncs get the job's finished fence, the VM's reservation gets
 *    it as a bookkeeping fence and the job is pushed to the entity.
 * 4. When its dependencies are met, drm_sched calls prepare_job, which has
 *    the backend reserve what the job takes of firmware resources that
 *    queues share (&agx4_fw_submit_ops.job_reserve), or returns the fence
 *    to wait for until some is given back; a job waiting for its
 *    in-fences holds none.  Then drm_sched calls run_job (on the
 *    device's one submit workqueue, which every queue's scheduler
 *    shares), which has the backend publish the work (ring entries,
 *    channel messages, producer cursors), then, with no lock held, ring
 *    the doorbells, and returns the job's done fence (the firmware may
 *    have completed the job by then).
 * 5. The firmware completes the work and posts a completion event.  The
 *    event is a hint: once per batch of records the event drain took (in
 *    the transport's receive path, see agx4_event.c), it runs the
 *    completion scan, which asks the backend for the status of
 *    each queue's oldest published jobs (stamps are authoritative) and
 *    signals their done fences in order, with the error the backend
 *    reports.  A delayed poll repeats the scan while anything is in
 *    flight, so a lost event costs latency, not a hang.
 * 6. drm_sched frees the job: the backend releases its storage.  The
 *    job's memory holds its done fence, and goes with that fence's last
 *    reference.
 *
 * Locking: @submit_lock (a mutex, per queue) orders prepare, arm and push
 * of one queue's jobs.  &struct agx4_job_dev.lock (a spinlock, per
 * device) protects every queue's list of published jobs and serialises
 * the backend's publish and status calls and the engine's poll
 * (agx4_engine_poll()); done fences are signalled under it, nothing
 * allocates or sleeps there.  Doorbells are rung after it is dropped
 * (agx4_engine_ring()), since the firmware's answer runs the completion
 * scan, which takes it.
 *
 * A timeout kills the job's queue: its published jobs end with
 * -ETIMEDOUT, jobs not yet run and later SUBMITs with -ECANCELED, and the
 * backend sends nothing more for it (&agx4_fw_submit_ops.queue_kill);
 * other queues carry on.  Where the G16 fault registers name the UAT
 * context of a fault, that VM's queues with work in the firmware are
 * killed instead (-EFAULT); the timed-out job, if another VM's, ends with
 * the restart the fault brings.  A timeout while a restart is on its way
 * (agx4_reset_due()) kills nothing.  The killed jobs' storage, which the
 * firmware may still write, is kept until the queue goes; a queue that
 * goes before the firmware is done with it is kept whole (&struct
 * agx4_job_dev.kept) until a later release finds it done, or until the
 * firmware stops, after a crash or at removal (agx4_job_fw_gone()).
 *
 * A killed job the firmware still runs may hold what every queue needs:
 * the hang check (agx4_job_hang.c) restarts a firmware that keeps it.
 *
 * A firmware restart costs the clients only the work the firmware had:
 * see "job unit restart" (agx4_job_reset.c).  Unplug first ends every
 * SUBMIT waiting in the backend for firmware room (agx4_job_unplug()),
 * since drm_dev_unplug() waits for them; then in-flight jobs end with
 * -ENODEV, and jobs and queues released later are freed without a word
 * to the firmware: through the backend until the firmware's shutdown
 * takes its state (a queue released meanwhile is kept until then), and
 * forgotten after it (&agx4_fw_submit_ops.job_free and .queue_destroy
 * told the firmware is not there), never while that state is there.
 */

AGX4_VISIBLE_IF_TEST unsigned int agx4_job_timeout_ms = AGX4_JOB_TIMEOUT_MS;
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_timeout_ms);
module_param_named(job_timeout_ms, agx4_job_timeout_ms, uint, 0444);
MODULE_PARM_DESC(job_timeout_ms,
		 "Milliseconds a job may run before its queue is killed (default 10000)");

AGX4_VISIBLE_IF_TEST unsigned int agx4_hang_timeout_ms;
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_hang_timeout_ms);
module_param_named(hang_timeout_ms, agx4_hang_timeout_ms, uint, 0444);
MODULE_PARM_DESC(hang_timeout_ms,
		 "Milliseconds the firmware may keep a job a timeout killed, past that timeout, before the firmware is restarted (default 0: the job timeout again)");

/* Re-scan period while jobs are in flight: a lost event costs this much. */
#define AGX4_JOB_POLL_MS	10

static u32 dev_index(const struct agx4_job_queue *q)
{
	return q->adev->base.primary ? q->adev->base.primary->index : 0;
}

static struct agx4_job *to_job(struct drm_sched_job *sj)
{
	return container_of(sj, struct agx4_job, base);
}

static const char *fence_driver_name(struct dma_fence *f)
{
	return "asahi";
}

static const char *fence_timeline_name(struct dma_fence *f)
{
	return "agx4-queue";
}

static const struct dma_fence_ops gate_fence_ops = {
	.get_driver_name = fence_driver_name,
	.get_timeline_name = fence_timeline_name,
};

/* The firmware is down, and not for good: work waits for the restart. */
static bool restart_coming(struct agx4_job_dev *jd)
{
	struct agx4_fw_boot *fw = READ_ONCE(jd->adev->fw);

	return !READ_ONCE(jd->going) &&
	       (READ_ONCE(jd->resetting) ||
		(fw && agx4_fw_boot_down(fw) && agx4_reset_wanted(jd->adev)));
}

/*
 * While the firmware is down and a restart will come, a job about to
 * reserve firmware room waits for it (the gate), which prepares the job
 * again for the new firmware (agx4_job_post_reset()).
 */
static struct dma_fence *job_gate(struct agx4_job_dev *jd)
{
	struct dma_fence *gate = NULL;
	unsigned long flags;

	if (!restart_coming(jd))
		return NULL;
	spin_lock_irqsave(&jd->lock, flags);
	if (jd->gate)
		gate = dma_fence_get(jd->gate);
	spin_unlock_irqrestore(&jd->lock, flags);
	return gate;
}

/* Let the jobs waiting for a restart go on; @again: set a gate for the next. */
void agx4_job_gate_open(struct agx4_job_dev *jd, bool again)
{
	struct dma_fence *old, *gate = NULL;
	unsigned long flags;

	if (again)
		gate = kzalloc(sizeof(*gate), GFP_KERNEL);
	spin_lock_irqsave(&jd->lock, flags);
	if (gate)
		dma_fence_init(gate, &gate_fence_ops, &jd->gate_lock,
			       jd->gate_ctx, ++jd->gate_seqno);
	old = jd->gate;
	jd->gate = gate;
	spin_unlock_irqrestore(&jd->lock, flags);
	if (old) {
		dma_fence_signal(old);
		dma_fence_put(old);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_gate_open);

/* The last reference to a done fence went: free the job around it. */
static void done_release(struct dma_fence *f)
{
	struct agx4_job *job = container_of(f, struct agx4_job, done);

	kfree_rcu(job, done.rcu);
}

static const struct dma_fence_ops done_fence_ops = {
	.get_driver_name = fence_driver_name,
	.get_timeline_name = fence_timeline_name,
	.release = done_release,
};

/* Signal @job's done fence with @err (0 for success). */
void agx4_job_retire_locked(struct agx4_job_dev *jd, struct agx4_job *job,
			    int err)
{
	lockdep_assert_held(&jd->lock);
	list_del_init(&job->node);
	agx4_job_usage_add(job->q->usage, job->fw->busy_ticks);
	if (err)
		dma_fence_set_error(&job->done, err);
	dma_fence_signal(&job->done);
	trace_agx4_job_done(dev_index(job->q), job->done.context,
			    job->done.seqno, err);
}

/*
 * Ring the doorbells the backend noted; with none of the unit's locks
 * held, since the firmware may answer at once.  Not once the device is
 * unplugged: the removal stops the firmware next.
 */
static void kick(struct agx4_job_dev *jd)
{
	struct agx4_fw_boot *fw;
	int idx;

	if (!drm_dev_enter(&jd->adev->base, &idx))
		return;
	fw = jd->adev->fw;
	if (fw && fw->engine)
		agx4_engine_ring(fw->engine);
	drm_dev_exit(idx);
}

/* Return: false once the unit stopped (then there is nothing to kick). */
static bool scan_locked(struct agx4_job_dev *jd)
{
	struct agx4_job_queue *q, *tmp;

	lockdep_assert_held(&jd->lock);
	if (jd->stopped)
		return false;
	/* What waited for channel room goes out first, as it fits. */
	if (jd->adev->fw)
		agx4_engine_poll(jd->adev->fw->engine);
	list_for_each_entry_safe(q, tmp, &jd->active, active) {
		struct agx4_job *job, *next;

		/* A queue's jobs complete in order. */
		list_for_each_entry_safe(job, next, &q->inflight, node) {
			int st = jd->ops->job_status(job->fw);

			if (st == -EINPROGRESS)
				break;
			agx4_job_retire_locked(jd, job, st);
			list_add_tail(&job->node, &q->retired);
		}
		if (list_empty(&q->inflight))
			list_del_init(&q->active);
	}
	/*
	 * Keep the poll armed, not pushed back: re-arming the timer at
	 * every completion cost more than a scan every AGX4_JOB_POLL_MS.
	 */
	if (!list_empty(&jd->active))
		queue_delayed_work(system_wq, &jd->poll,
				   msecs_to_jiffies(AGX4_JOB_POLL_MS));
	return true;
}

static void scan(struct agx4_job_dev *jd)
{
	unsigned long flags;
	bool cookie, live;

	/* Lockdep proves nothing here waits for a fence or allocates. */
	cookie = dma_fence_begin_signalling();
	spin_lock_irqsave(&jd->lock, flags);
	live = scan_locked(jd);
	spin_unlock_irqrestore(&jd->lock, flags);
	/* What the backend's poll published. */
	if (live)
		kick(jd);
	dma_fence_end_signalling(cookie);
}

static void poll_work(struct work_struct *w)
{
	scan(container_of(to_delayed_work(w), struct agx4_job_dev, poll));
}

/**
 * agx4_job_timeout() - how long a job may run
 *
 * Return: the job timeout (module parameter ``job_timeout_ms``), in
 * jiffies.
 */
long agx4_job_timeout(void)
{
	return msecs_to_jiffies(agx4_job_timeout_ms);
}

/**
 * agx4_job_features() - the GET_PARAMS features submission adds
 * @adev: the device.
 *
 * Return: the backend's feature bits, 0 without submission.
 */
u64 agx4_job_features(struct agx4_device *adev)
{
	return adev->jobs ? adev->jobs->ops->features : 0;
}

/**
 * agx4_job_notify() - the firmware says work may have completed
 * @adev: the device.
 *
 * Runs the completion scan.  Safe from any context the event drain runs
 * in; a device without submission ignores it.
 */
void agx4_job_notify(struct agx4_device *adev)
{
	if (adev->jobs)
		scan(adev->jobs);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_notify);

/*
 * A completion record only says that some work may have finished: note
 * it, and scan once for the whole batch the drain took.
 */
static void event_completion(void *priv, const struct agx4_fw_event *e)
{
	struct agx4_device *adev = priv;
	struct agx4_job_dev *jd = adev->jobs;

	if (!jd)
		return;
	/* The drain is the firmware's: its submission state is there. */
	if (adev->fw && adev->fw->engine)
		agx4_engine_completion(adev->fw->engine, e);
	WRITE_ONCE(jd->completed, true);
}

static void event_drained(void *priv)
{
	struct agx4_device *adev = priv;
	struct agx4_job_dev *jd = adev->jobs;

	if (jd && READ_ONCE(jd->completed)) {
		WRITE_ONCE(jd->completed, false);
		scan(jd);
	}
}

/* Recovery's: the firmware gave up, or wrote what agx4 cannot read. */
static void event_fatal(void *priv, const struct agx4_fw_event *e)
{
	agx4_reset_schedule(priv, AGX4_RESET_FATAL, 0, NULL, 0);
}

static void event_bad(void *priv, const void *rec, size_t len)
{
	agx4_reset_schedule(priv, AGX4_RESET_BAD_EVENT, 0, rec, len);
}

/* The event ring is unreadable until the firmware starts over. */
static void event_bad_ring(void *priv)
{
	agx4_reset_schedule(priv, AGX4_RESET_BAD_CURSOR, 0, NULL, 0);
}

const struct agx4_event_handlers agx4_job_event_handlers = {
	.completion = event_completion,
	.grow = agx4_tvb_event_grow,
	.limit = agx4_tvb_event_limit,
	.fatal = event_fatal,
	.bad = event_bad,
	.bad_ring = event_bad_ring,
	.drained = event_drained,
};

/*
 * The job's dependencies are met: reserve what it takes of the firmware's
 * shared resources, or wait.  A job that will not be published (see
 * run_job()) reserves nothing.
 */
static struct dma_fence *prepare_job(struct drm_sched_job *sj,
				     struct drm_sched_entity *e)
{
	struct agx4_job *job = to_job(sj);
	struct agx4_job_queue *q = job->q;
	struct agx4_job_dev *jd = q->adev->jobs;
	struct dma_fence *wait;

	if (READ_ONCE(q->dead) || READ_ONCE(jd->going))
		return NULL;
	/* Pushed unprepared (SUBMIT met a restart): the restart prepares it. */
	if (!job->fw)
		return job->prep_err ? NULL : job_gate(jd);
	/* A restart that failed leaves no gate: reserve nothing then. */
	wait = job_gate(jd);
	if (wait || READ_ONCE(jd->resetting) || !jd->ops->job_reserve)
		return wait;
	/* What the firmware going down refused waits for its restart. */
	return jd->ops->job_reserve(job->fw) ?: job_gate(jd);
}

static struct dma_fence *run_job(struct drm_sched_job *sj)
{
	struct agx4_job *job = to_job(sj);
	struct agx4_job_queue *q = job->q;
	struct agx4_job_dev *jd = q->adev->jobs;
	unsigned long flags;
	bool cookie, published = false;

	cookie = dma_fence_begin_signalling();
	spin_lock_irqsave(&jd->lock, flags);
	list_del_init(&job->unrun_link);
	/*
	 * Nothing more goes out once the device is going; a job a restart
	 * could not prepare again ends with the reason.
	 */
	if (q->dead || jd->stopped || READ_ONCE(jd->going) || !job->fw) {
		int err = job->fw || !job->prep_err ? -ECANCELED :
			  job->prep_err;

		/* Not published: the backend never saw it run. */
		dma_fence_set_error(&job->done, err);
		dma_fence_signal(&job->done);
		trace_agx4_job_done(dev_index(q), q->fence_ctx,
				    job->done.seqno, err);
	} else {
		jd->ops->job_publish(job->fw);
		job->run_at = jiffies;
		trace_agx4_job_kick(dev_index(q), q->fence_ctx,
				    job->done.seqno, 0);
		list_add_tail(&job->node, &q->inflight);
		if (list_empty(&q->active))
			list_add_tail(&q->active, &jd->active);
		/*
		 * Its completion event will scan; the poll covers a lost one
		 * (and flushes what the backend deferred).
		 */
		queue_delayed_work(system_wq, &jd->poll,
				   msecs_to_jiffies(AGX4_JOB_POLL_MS));
		published = true;
	}
	spin_unlock_irqrestore(&jd->lock, flags);
	/*
	 * The job may complete before this returns: its fence is then
	 * signalled already, which drm_sched handles.  The job lives until
	 * drm_sched frees it, after this returns.
	 */
	if (published)
		kick(jd);
	dma_fence_end_signalling(cookie);
	return dma_fence_get(&job->done);
}

/* A job was prepared on its queue's firmware side: count it there. */
void agx4_job_fw_made(struct agx4_job_dev *jd, struct agx4_fw_job *fj)
{
	unsigned long flags;

	spin_lock_irqsave(&jd->lock, flags);
	fj->queue->jobs++;
	spin_unlock_irqrestore(&jd->lock, flags);
}

/*
 * The backend frees a job's firmware side (@fw: through the firmware);
 * the last job of a queue a restart forgot takes the queue with it.
 */
void agx4_job_fw_free(struct agx4_job_dev *jd, struct agx4_fw_job *fj,
		      bool fw)
{
	struct agx4_fw_queue *fq = fj->queue;
	unsigned long flags;
	bool last;

	jd->ops->job_free(fj, fw);
	spin_lock_irqsave(&jd->lock, flags);
	last = !--fq->jobs && fq->stale;
	spin_unlock_irqrestore(&jd->lock, flags);
	if (last)
		jd->ops->queue_destroy(fq, false);
}

/* Free a job drm_sched never took (the submit failed before arming). */
static void job_free(struct agx4_job *job)
{
	struct agx4_job_queue *q = job->q;

	if (job->fw)
		agx4_job_fw_free(q->adev->jobs, job->fw, true);
	agx4_cmdbuf_free(job->cb);
	kfree(job);	/* @done was never initialised */
	agx4_job_queue_unref(q);
}

/*
 * Free a retired job's storage and commands: with the backend's job_free
 * while the firmware's state is there (@fw), or, after the job unit
 * stopped, by forgetting it, without a word to the firmware.  Then drop
 * the job's reference to its done fence, which frees the job with the
 * fence's last one.
 */
void agx4_job_release_storage(struct agx4_job_dev *jd, struct agx4_job *job,
			      bool fw)
{
	if (job->fw)
		agx4_job_fw_free(jd, job->fw, fw && job->incarnation ==
					 READ_ONCE(jd->incarnation));
	agx4_cmdbuf_free(job->cb);
	dma_fence_put(&job->done);
}

static void free_job(struct drm_sched_job *sj)
{
	struct agx4_job *job = to_job(sj);
	struct agx4_job_queue *q = job->q;
	struct agx4_job_dev *jd = q->adev->jobs;
	unsigned long flags;
	bool fw, keep;

	drm_sched_job_cleanup(sj);
	/*
	 * @forgetting under the lock: a free that reads it false runs in a
	 * work item of the submit workqueue, which agx4_job_fw_gone() flushes
	 * after setting it, before the backend's state goes.
	 */
	spin_lock_irqsave(&jd->lock, flags);
	/* A restart prepares it again: the restart frees it (queue_make()). */
	if (job->renewing) {
		job->orphaned = true;
		spin_unlock_irqrestore(&jd->lock, flags);
		return;
	}
	/* Never run: the entity went with it still queued. */
	list_del_init(&job->unrun_link);
	fw = !jd->forgetting;
	/*
	 * A killed job's storage goes with its queue (queue_fini()), with
	 * its commands: the firmware may still write the timestamp objects
	 * they hold.  Unless a restart forgot it already (queue_forget()).
	 */
	keep = job->zombie && job->fw;
	if (keep)
		job->sched_freed = true;
	else
		list_del_init(&job->node);
	spin_unlock_irqrestore(&jd->lock, flags);
	if (!keep)
		agx4_job_release_storage(jd, job, fw);
	agx4_job_queue_unref(q);
}

/*
 * End every published job of @q with @err.  The firmware may still write
 * their storage, so the queue keeps it until it goes (&agx4_job_queue.zombies,
 * from now on).
 */
static void kill_locked(struct agx4_job_dev *jd, struct agx4_job_queue *q, int err)
{
	struct agx4_job *job, *next;

	lockdep_assert_held(&jd->lock);
	WRITE_ONCE(q->dead, true);
	q->fault = err;
	if (jd->ops->queue_kill && q->fw)
		jd->ops->queue_kill(q->fw);
	list_for_each_entry_safe(job, next, &q->inflight, node) {
		job->zombie = true;
		job->killed_at = jiffies;
		agx4_job_retire_locked(jd, job, err);
		list_add_tail(&job->node, &q->zombies);
	}
	list_del_init(&q->active);
}

/*
 * A GPU fault in UAT context @ctx (-1: none named) is the doing of that
 * VM's queues with work in the firmware: kill them (-EFAULT); how many.
 */
static unsigned int kill_context_locked(struct agx4_job_dev *jd, int ctx)
{
	struct agx4_job_queue *q, *next;
	unsigned int n = 0;

	lockdep_assert_held(&jd->lock);
	list_for_each_entry_safe(q, next, &jd->active, active) {
		if (ctx < 0 || READ_ONCE(q->vm->uat.asid) != ctx)
			continue;
		dev_err_ratelimited(q->adev->base.dev,
				    "GPU fault in context %d: queue %u (VM %u) of pid %d (%s) killed\n",
				    ctx, q->uapi_id, q->vm_id, q->owner_pid,
				    q->owner_comm);
		kill_locked(jd, q, -EFAULT);
		n++;
	}
	return n;
}

static enum drm_gpu_sched_stat timedout_job(struct drm_sched_job *sj)
{
	struct agx4_job *job = to_job(sj);
	struct agx4_job_queue *q = job->q;
	struct agx4_job_dev *jd = q->adev->jobs;
	struct agx4_reset_fault f;
	bool killed, live, blame, faulted;
	unsigned long flags;

	agx4_reset_read_fault(q->adev, &f);
	spin_lock_irqsave(&jd->lock, flags);
	/* It may have completed since the timer fired. */
	live = scan_locked(jd);
	/* A restart on its way ends the job: that names no culprit. */
	blame = !dma_fence_is_signaled(&job->done) &&
		!READ_ONCE(jd->resetting) && !agx4_reset_due(q->adev);
	faulted = blame && f.known && f.status;
	/* A fault that names its context names the culprit, not the timeout. */
	if (blame && !kill_context_locked(jd, agx4_reset_fault_context(&f))) {
		dev_warn_ratelimited(q->adev->base.dev,
				     "job %llu of queue %u (VM %u) of pid %d (%s) timed out after %u ms: queue killed\n",
				     job->done.seqno, q->uapi_id, q->vm_id,
				     q->owner_pid, q->owner_comm,
				     jiffies_to_msecs(q->sched.timeout));
		trace_agx4_job_timeout(dev_index(q), q->fence_ctx,
				       job->done.seqno, -ETIMEDOUT);
		kill_locked(jd, q, -ETIMEDOUT);
		atomic_inc(&jd->timeouts);
	}
	/* Before the lock goes: a timeout behind this one blames nobody. */
	if (faulted)
		agx4_reset_schedule(q->adev, AGX4_RESET_GPU_FAULT, 0, NULL, 0);
	killed = blame && q->dead;
	spin_unlock_irqrestore(&jd->lock, flags);
	if (live)
		kick(jd);
	if (faulted)
		agx4_job_fault_report(q, &f);
	if (killed) {
		agx4_job_timeout_dump(q, job);
		/* Now: it comes back at the earliest deadline, this one's or not. */
		mod_delayed_work(system_wq, &jd->hang, 0);
	} else {
		/*
		 * A spurious timeout (the job finished as the timer fired), or
		 * one a restart on its way ends (a crash, or a fault of another
		 * VM): the queue's other jobs still run.  drm_sched took the
		 * job off its pending list; put it back at the head, where
		 * drm_sched_stop() would have (6.12 has no status for this),
		 * so it is freed in order and the others keep their fences.
		 */
		spin_lock(&q->sched.job_list_lock);
		list_add(&sj->list, &q->sched.pending_list);
		spin_unlock(&q->sched.job_list_lock);
		/* Done while off the list: its free work may have missed it. */
		if (dma_fence_is_signaled(&sj->s_fence->finished))
			queue_work(q->sched.submit_wq, &q->sched.work_free_job);
		return DRM_GPU_SCHED_STAT_NOMINAL;
	}
	/*
	 * Every published job of the queue is done now, with its error; the
	 * stop puts the timed-out job back on the pending list, so drm_sched
	 * frees it and the others, and the start lets the rest run (to be
	 * cancelled, on a killed queue).
	 */
	drm_sched_stop(&q->sched, sj);
	drm_sched_start(&q->sched);
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

/* What the job takes of the ring: a restart may have prepared it again. */
static u32 update_job_credits(struct drm_sched_job *sj)
{
	return to_job(sj)->credits;
}

static const struct drm_sched_backend_ops job_sched_ops = {
	.prepare_job = prepare_job,
	.update_job_credits = update_job_credits,
	.run_job = run_job,
	.timedout_job = timedout_job,
	.free_job = free_job,
};

/**
 * agx4_job_submit() - queue one SUBMIT
 * @q: the queue's scheduler side (NULL without submission); the job
 *	takes its own reference.
 * @file: the submitting file.
 * @cb: the validated commands; the job owns them from here on, also when
 *	the call fails.
 * @syncs: the resolved syncs; the job takes the in-fences (their entries
 *	are cleared) and attaches its finished fence to the out-syncs.
 *
 * Return: 0 once the job is queued; -EOPNOTSUPP on a device agx4 cannot
 * submit to yet; -EINVAL for a render asking for the fragment barrier
 * (%AGX4_RENDER_VDM_BARRIER_FRAGMENT) where the backend does not honour
 * it; -ECANCELED on a queue killed by a timeout or made before a
 * firmware restart; -ENODEV once the
 * device is going (agx4_job_unplug()); the backend's -EINVAL, -ENOSPC or
 * -ENOMEM, or, when it waited for firmware room, -ERESTARTSYS or -ENODEV;
 * -EINTR or -ERESTARTSYS while locking the VM.
 * Nothing is queued or signalled on failure.
 */
int agx4_job_submit(struct agx4_job_queue *q, struct drm_file *file,
		    struct agx4_cmdbuf *cb, struct agx4_job_syncs *syncs)
{
	struct agx4_job_dev *jd = q->adev->jobs;
	struct dma_fence_chain **chains = NULL;
	struct drm_gem_object *r_obj;
	struct dma_fence *finished;
	struct agx4_job *job;
	u32 credits, i;
	int ret;

	/* A device without submission; a queue that died has no @fw either. */
	if (!jd) {
		agx4_cmdbuf_free(cb);
		return -EOPNOTSUPP;
	}
	if (!(jd->ops->features & AGX4_FEATURE_FRAGMENT_BARRIER))
		for (i = 0; i < cb->count; i++)
			if (!cb->cmds[i].is_compute &&
			    (cb->cmds[i].render.cmd.flags &
			     AGX4_RENDER_VDM_BARRIER_FRAGMENT)) {
				agx4_cmdbuf_free(cb);
				return -EINVAL;
			}
	r_obj = drm_gpuvm_resv_obj(&q->vm->base);
	job = kzalloc(sizeof(*job), GFP_KERNEL);
	if (!job) {
		agx4_cmdbuf_free(cb);
		return -ENOMEM;
	}
	kref_get(&q->ref);
	job->q = q;
	job->cb = cb;
	INIT_LIST_HEAD(&job->node);
	INIT_LIST_HEAD(&job->unrun_link);
	/* A chain node per timeline point, before the point of no return. */
	for (i = 0; i < syncs->nout; i++) {
		if (!syncs->points[i])
			continue;
		if (!chains)
			chains = kcalloc(syncs->nout, sizeof(*chains),
					 GFP_KERNEL);
		if (chains)
			chains[i] = dma_fence_chain_alloc();
		if (!chains || !chains[i]) {
			ret = -ENOMEM;
			goto err_free;
		}
	}

	mutex_lock(&q->submit_lock);
	/*
	 * Killed by a timeout (or not made again after a restart: the new
	 * firmware had no room for it).
	 */
	if (READ_ONCE(q->dead)) {
		ret = -ECANCELED;
		goto err_unlock;
	}
	if (READ_ONCE(jd->going)) {
		ret = -ENODEV;
		goto err_unlock;
	}
	ret = READ_ONCE(jd->resetting) ? -ENODEV :
	      jd->ops->job_prepare(q->fw, cb, &job->fw, &credits);
	/*
	 * A restart began, or the firmware died while the backend waited for
	 * it (room, a recycle's cleanup) and one will: the restart (its write
	 * side waits for this SUBMIT) prepares the job; it takes every credit.
	 */
	if ((ret == -ENODEV || ret == -EIO || ret == -ETIMEDOUT) &&
	    restart_coming(jd)) {
		credits = jd->ops->credit_limit;
	} else if (ret) {
		goto err_unlock;
	} else {
		memset(job->fw->busy_ticks, 0, sizeof(job->fw->busy_ticks));
		job->incarnation = q->incarnation;
		agx4_job_fw_made(jd, job->fw);
	}
	job->credits = credits;
	ret = drm_sched_job_init(&job->base, &q->entity, credits, file,
				 file->client_id);
	if (ret)
		goto err_unlock;
	for (i = 0; i < syncs->nin; i++) {
		/* Consumes the reference, also on failure. */
		ret = drm_sched_job_add_dependency(&job->base, syncs->in[i]);
		syncs->in[i] = NULL;
		if (ret)
			goto err_cleanup;
	}
	/*
	 * The VM's reservation is the one lock a SUBMIT takes (its private
	 * objects share it): no acquire context is needed for one.
	 */
	ret = dma_resv_lock_interruptible(r_obj->resv, NULL);
	if (ret)
		goto err_cleanup;
	ret = dma_resv_reserve_fences(r_obj->resv, 1) ?:
	      drm_sched_job_add_resv_dependencies(&job->base, r_obj->resv,
						  DMA_RESV_USAGE_KERNEL);
	if (ret)
		goto err_resv;

	/* The point of no return: nothing below fails. */
	drm_sched_job_arm(&job->base);
	dma_fence_init(&job->done, &done_fence_ops, &q->fence_lock,
		       q->fence_ctx, ++q->fence_seqno);
	finished = &job->base.s_fence->finished;
	dma_resv_add_fence(r_obj->resv, finished, DMA_RESV_USAGE_BOOKKEEP);
	for (i = 0; i < syncs->nout; i++) {
		if (chains && chains[i]) {
			drm_syncobj_add_point(syncs->out[i], chains[i],
					      finished, syncs->points[i]);
			chains[i] = NULL;
		} else {
			drm_syncobj_replace_fence(syncs->out[i], finished);
		}
	}
	/* Before the push: run_job may take it off at once. */
	spin_lock_irq(&jd->lock);
	list_add_tail(&job->unrun_link, &q->unrun);
	spin_unlock_irq(&jd->lock);
	drm_sched_entity_push_job(&job->base);
	trace_agx4_job_submit(dev_index(q), q->fence_ctx, q->fence_seqno, 0);
	dma_resv_unlock(r_obj->resv);
	mutex_unlock(&q->submit_lock);
	kfree(chains);
	return 0;

err_resv:
	dma_resv_unlock(r_obj->resv);
err_cleanup:
	drm_sched_job_cleanup(&job->base);
err_unlock:
	/* Freed under the lock: the backend forgets the job's ordinals. */
	job_free(job);
	job = NULL;
	mutex_unlock(&q->submit_lock);
err_free:
	trace_agx4_job_submit(dev_index(q), q->fence_ctx, 0, ret);
	if (job)
		job_free(job);
	for (i = 0; chains && i < syncs->nout; i++)
		dma_fence_chain_free(chains[i]);
	kfree(chains);
	return ret;
}

/*
 * Free what is left of a released queue: its killed jobs' storage and its
 * firmware queue, through the firmware (@fw) or forgotten.
 */
static void queue_free(struct agx4_job_dev *jd, struct agx4_job_queue *q,
		       bool fw)
{
	struct agx4_job *job, *next;

	/* Its scheduler is gone: nothing adds to @q->zombies any more. */
	list_for_each_entry_safe(job, next, &q->zombies, node)
		agx4_job_release_storage(jd, job, fw);
	if (q->fw)
		jd->ops->queue_destroy(q->fw, fw);
	mutex_destroy(&q->submit_lock);
	agx4_job_usage_put(q->usage);
	kfree(q);
}

/* Whether the firmware may still write some of @q's killed jobs' storage. */
static bool zombies_busy_locked(struct agx4_job_dev *jd,
				struct agx4_job_queue *q)
{
	struct agx4_job *job;

	lockdep_assert_held(&jd->lock);
	list_for_each_entry(job, &q->zombies, node)
		if (job->fw && job->incarnation == jd->incarnation &&
		    jd->ops->job_status(job->fw) == -EINPROGRESS)
			return true;
	return false;
}

/* Move the kept queues the firmware has finished with since to @done. */
static void take_finished_kept(struct agx4_job_dev *jd, struct list_head *done)
{
	struct agx4_job_queue *q, *tmp;
	unsigned long flags;
	bool busy;

	lockdep_assert_held(&jd->queues_lock);
	list_for_each_entry_safe(q, tmp, &jd->kept, link) {
		spin_lock_irqsave(&jd->lock, flags);
		busy = zombies_busy_locked(jd, q);
		spin_unlock_irqrestore(&jd->lock, flags);
		if (!busy)
			list_move_tail(&q->link, done);
	}
}

static void queue_fini(struct agx4_job_queue *q)
{
	struct agx4_device *adev = q->adev;
	struct agx4_job_dev *jd = adev->jobs;
	struct drm_device *drm = &q->adev->base;
	struct agx4_job_queue *k, *tmp;
	struct agx4_vm *vm = q->vm;
	unsigned long flags;
	LIST_HEAD(done);
	bool fw, busy, stopped;

	/* The firmware its queue was made for stays, or is known gone. */
	agx4_reset_read_lock(adev);
	mutex_lock(&jd->queues_lock);
	list_del(&q->link);
	mutex_unlock(&jd->queues_lock);
	if (!q->entity_gone)
		drm_sched_entity_destroy(&q->entity);
	drm_sched_fini(&q->sched);
	/*
	 * The firmware path or the forget path, chosen once, under both
	 * locks, which agx4_job_fini() sets @stopped and agx4_job_fw_gone()
	 * sets @forgetting under: a release that reads @stopped false
	 * finishes before agx4_job_fini() returns (see there), and one that
	 * reads @forgetting false is on @kept before agx4_job_fw_gone()
	 * takes them.  A queue of the firmware before a restart is
	 * forgotten: the backend's state it was part of went.
	 *
	 * Killed jobs whose storage the firmware may still write keep the
	 * whole queue: nothing may reuse memory the firmware can still
	 * write.  It is freed once the firmware is done with it, at a later
	 * release that finds it so, or once the firmware is stopped.  Once
	 * the unit stopped every queue is kept so: nothing is said to the
	 * firmware any more, and the backend's state, which the queue is
	 * part of, is there until the firmware goes.
	 */
	mutex_lock(&jd->queues_lock);
	spin_lock_irqsave(&jd->lock, flags);
	stopped = jd->stopped;
	fw = !jd->forgetting && q->incarnation == jd->incarnation;
	busy = fw && (stopped || zombies_busy_locked(jd, q));
	spin_unlock_irqrestore(&jd->lock, flags);
	if (busy)
		list_add_tail(&q->link, &jd->kept);
	if (fw && !stopped)
		take_finished_kept(jd, &done);
	mutex_unlock(&jd->queues_lock);
	if (busy && !stopped) {
		dev_warn_ratelimited(q->adev->base.dev,
				     "firmware still owns a killed queue's storage: kept\n");
		/* A hang check while it was on no list missed its killed jobs. */
		mod_delayed_work(system_wq, &jd->hang, 0);
	}
	if (!busy)
		queue_free(jd, q, fw);
	list_for_each_entry_safe(k, tmp, &done, link)
		queue_free(jd, k, true);
	/*
	 * The VM goes before the release counts as done: its backend state
	 * needs the firmware's, which agx4_job_fini() waits to keep.  The
	 * queue's own device reference keeps @jd until the end.  A kept
	 * queue needs neither: its firmware queue holds the VM, and the
	 * firmware stops before the device can go.
	 */
	agx4_vm_put(vm);
	agx4_reset_exit(adev);
	if (atomic_dec_and_test(&jd->releasing))
		wake_up_var(&jd->releasing);
	drm_dev_put(drm);
}

static void queue_release_work(struct work_struct *w)
{
	queue_fini(container_of(w, struct agx4_job_queue, release_work));
}

/*
 * The last reference may go in the queue's own scheduler (its last job's
 * free_job), where drm_sched_fini() cannot run: free it elsewhere.
 */
static void queue_release(struct kref *ref)
{
	struct agx4_job_queue *q = container_of(ref, struct agx4_job_queue,
						ref);

	/*
	 * Counted before it is queued: queue_work() makes the increment
	 * visible to the work when it runs, and so to agx4_job_fini() once
	 * queue_fini() has taken &agx4_job_dev.lock (see there).
	 */
	atomic_inc(&q->adev->jobs->releasing);
	INIT_WORK(&q->release_work, queue_release_work);
	queue_work(system_unbound_wq, &q->release_work);
}

/* A queue of a device without submission: nothing but its VM. */
static void bare_release(struct kref *ref)
{
	struct agx4_job_queue *q = container_of(ref, struct agx4_job_queue,
						ref);

	agx4_vm_put(q->vm);
	kfree(q);
}

void agx4_job_queue_unref(struct agx4_job_queue *q)
{
	kref_put(&q->ref, q->adev->jobs ? queue_release : bare_release);
}

/**
 * agx4_job_queue_create() - the scheduler and firmware side of a new queue
 * @adev: the device.
 * @vm: the VM its jobs run in; a reference is taken.
 * @priority: &enum drm_asahi_priority, checked by the caller.
 * @usc_exec_base: the USC execution base, checked by the caller.
 * @usage: where its jobs' time counts (its file's); a reference is taken.
 *
 * Return: the new queue, with one user (agx4_job_queue_put()), on a
 * device without submission one without a scheduler (SUBMIT then fails
 * with -EOPNOTSUPP), or ERR_PTR() of the backend's -ENOSPC or -ENOMEM,
 * or of drm_sched's errno.
 */
struct agx4_job_queue *agx4_job_queue_create(struct agx4_device *adev,
					     struct agx4_vm *vm, u32 priority,
					     u64 usc_exec_base,
					     struct agx4_job_usage *usage)
{
	struct agx4_job_dev *jd = adev->jobs;
	const struct agx4_fw_queue_args args = {
		.vm = vm,
		.priority = priority,
		.usc_exec_base = usc_exec_base,
	};
	struct drm_sched_init_args sargs = {
		.ops = &job_sched_ops,
		.num_rqs = 1,
		.timeout = msecs_to_jiffies(agx4_job_timeout_ms),
		.name = "agx4-queue",
		.dev = adev->base.dev,
	};
	struct drm_gpu_scheduler *sched;
	struct agx4_job_queue *q;
	int ret;

	if (!jd) {
		/* A queue SUBMIT checks commands for, then refuses. */
		q = kzalloc(sizeof(*q), GFP_KERNEL);
		if (!q)
			return ERR_PTR(-ENOMEM);
		kref_init(&q->ref);
		kref_init(&q->users);
		q->adev = adev;
		q->priority = priority;
		q->vm = agx4_vm_get(vm);
		return q;
	}
	/* State of a firmware that restarted since is made again. */
	agx4_vm_fw_renew(vm, jd->incarnation);
	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!q)
		return ERR_PTR(-ENOMEM);
	q->incarnation = jd->incarnation;
	kref_init(&q->ref);
	kref_init(&q->users);
	q->adev = adev;
	q->priority = priority;
	q->usc_exec_base = usc_exec_base;
	mutex_init(&q->submit_lock);
	spin_lock_init(&q->fence_lock);
	INIT_LIST_HEAD(&q->inflight);
	INIT_LIST_HEAD(&q->zombies);
	INIT_LIST_HEAD(&q->retired);
	INIT_LIST_HEAD(&q->unrun);
	INIT_LIST_HEAD(&q->active);
	ret = jd->ops->queue_create(adev, &args, &q->fw);
	if (ret)
		goto err_free;
	sargs.credit_limit = jd->ops->credit_limit;
	sargs.submit_wq = jd->submit_wq;
	ret = drm_sched_init(&q->sched, &sargs);
	if (ret)
		goto err_fw;
	sched = &q->sched;
	ret = drm_sched_entity_init(&q->entity, DRM_SCHED_PRIORITY_KERNEL,
				    &sched, 1, NULL);
	if (ret)
		goto err_sched;
	q->fence_ctx = dma_fence_context_alloc(1);
	q->hang_timeout = msecs_to_jiffies(agx4_hang_timeout_ms ?:
					   agx4_job_timeout_ms);
	q->vm = agx4_vm_get(vm);
	kref_get(&usage->ref);
	q->usage = usage;
	/* QUEUE_CREATE runs in the client's task. */
	q->owner_pid = task_tgid_nr(current);
	get_task_comm(q->owner_comm, current);
	/* Released off the device's files: keep the device until then. */
	drm_dev_get(&adev->base);
	mutex_lock(&jd->queues_lock);
	list_add_tail(&q->link, &jd->queues);
	mutex_unlock(&jd->queues_lock);
	return q;

err_sched:
	drm_sched_fini(&q->sched);
err_fw:
	jd->ops->queue_destroy(q->fw, true);
err_free:
	mutex_destroy(&q->submit_lock);
	kfree(q);
	return ERR_PTR(ret);
}

/*
 * The queue's last user went: it takes no more jobs.  Waits until the
 * scheduler has taken every job already queued
 * (drm_sched_entity_destroy(): killably, or for at most a second when the
 * process is exiting, after which the jobs left are cancelled); published
 * jobs run to completion and keep @q alive until they do.
 */
static void users_gone(struct kref *users)
{
	struct agx4_job_queue *q = container_of(users, struct agx4_job_queue,
						users);

	/* A queue with a scheduler (its @fw may be gone: a restart). */
	if (q->adev->jobs) {
		drm_sched_entity_destroy(&q->entity);
		q->entity_gone = true;
	}
	agx4_job_queue_unref(q);
}

/**
 * agx4_job_queue_get() - a user of the queue more
 * @q: the queue.
 *
 * Return: @q.
 */
struct agx4_job_queue *agx4_job_queue_get(struct agx4_job_queue *q)
{
	kref_get(&q->users);
	return q;
}

/**
 * agx4_job_queue_put() - a user of the queue less
 * @q: the queue, or NULL.
 *
 * The last user gone (its file's handle and every ioctl using it), the
 * queue takes no more jobs: see users_gone().
 */
void agx4_job_queue_put(struct agx4_job_queue *q)
{
	if (q)
		kref_put(&q->users, users_gone);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_queue_put);

static void job_dev_release(struct drm_device *drm, void *data)
{
	struct agx4_job_dev *jd = data;

	cancel_delayed_work_sync(&jd->poll);
	cancel_delayed_work_sync(&jd->hang);
	destroy_workqueue(jd->submit_wq);
	agx4_job_gate_open(jd, false);
}

static int job_dev_create(struct agx4_device *adev,
			  const struct agx4_fw_submit_ops *ops)
{
	struct agx4_job_dev *jd;
	int ret;

	jd = drmm_kzalloc(&adev->base, sizeof(*jd), GFP_KERNEL);
	if (!jd)
		return -ENOMEM;
	jd->adev = adev;
	jd->ops = ops;
	spin_lock_init(&jd->lock);
	spin_lock_init(&jd->gate_lock);
	jd->gate_ctx = dma_fence_context_alloc(1);
	INIT_LIST_HEAD(&jd->active);
	INIT_DELAYED_WORK(&jd->poll, poll_work);
	INIT_DELAYED_WORK(&jd->hang, agx4_job_hang_work);
	INIT_LIST_HEAD(&jd->queues);
	INIT_LIST_HEAD(&jd->kept);
	ratelimit_state_init(&jd->dump_rs, AGX4_JOB_DUMP_INTERVAL, 1);
	ratelimit_set_flags(&jd->dump_rs, RATELIMIT_MSG_ON_RELEASE);
	ret = drmm_mutex_init(&adev->base, &jd->queues_lock);
	if (ret)
		return ret;
	jd->submit_wq = alloc_workqueue("agx4-submit",
					WQ_MEM_RECLAIM, 0);
	if (!jd->submit_wq)
		return -ENOMEM;
	ret = drmm_add_action_or_reset(&adev->base, job_dev_release, jd);
	if (ret)
		return ret;
	agx4_job_gate_open(jd, true);
	adev->jobs = jd;
	return 0;
}

/**
 * agx4_job_init() - the job unit of a device (a probe step)
 * @adev: the device, its firmware up.
 *
 * A generation without a submission backend gets none; its queues refuse
 * SUBMIT with -EOPNOTSUPP.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_job_init(struct agx4_device *adev)
{
	const struct agx4_fw_submit_ops *ops = adev->gen->submit;
	int ret;

	if (!ops || !adev->fw)
		return 0;
	ret = job_dev_create(adev, ops) ?: agx4_tvb_init(adev);
	if (ret)
		return ret;
	adev->jobs->incarnation = adev->fw->incarnation;
	WRITE_ONCE(adev->fw->gone_hook, agx4_job_fw_gone);
	agx4_event_set_handlers(&adev->fw->events, &agx4_job_event_handlers, adev);
	return 0;
}

/*
 * Submission to the firmware ends: the backend's waits for firmware room
 * end with -ENODEV, and no later one starts.  Without the firmware (shut
 * down already) or a backend with an engine, nothing can wait.
 */
void agx4_job_stop_engine(struct agx4_device *adev)
{
	struct agx4_fw_boot *fw = adev->fw;

	if (fw && fw->engine)
		agx4_engine_stop(fw->engine);
}

/* One job's line, and its firmware objects as the backend decodes them. */
/**
 * agx4_job_unplug() - the device is going: end SUBMIT's waits
 * @adev: the device.
 *
 * The device's removal calls it before drm_dev_unplug(), which waits for
 * every SUBMIT inside drm_dev_enter() and wakes none: a SUBMIT waiting
 * in the backend for firmware room is woken here and fails with -ENODEV
 * (agx4_engine_stop()), and a later one fails with -ENODEV
 * before it prepares anything.  Jobs not yet run are cancelled
 * (-ECANCELED); those published go on until agx4_job_fini().  The caller
 * serialises it (agx4_device_unplug());
 * it is idempotent, and a device without submission ignores it.
 */
void agx4_job_unplug(struct agx4_device *adev)
{
	struct agx4_job_dev *jd = adev->jobs;

	if (!jd || READ_ONCE(jd->going))
		return;
	WRITE_ONCE(jd->going, true);
	agx4_job_stop_engine(adev);
	agx4_job_gate_open(jd, false);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_unplug);

/**
 * agx4_job_fini() - stop the job unit before the firmware goes
 * @adev: the device.
 *
 * Queues already let go are freed first, firmware side included (a
 * queue whose killed jobs the firmware still owns is kept until
 * agx4_job_fw_gone()).  Nothing is published or scanned afterwards; a
 * queue released once this returns, such as one still open and released
 * with its file, is kept until agx4_job_fw_gone() frees it through the
 * backend (the firmware stopped), or, released after that, forgotten by
 * the backend without a word to the firmware.
 */
void agx4_job_fini(struct agx4_device *adev)
{
	struct agx4_job_dev *jd = adev->jobs;
	struct agx4_job_queue *q;
	unsigned long flags;

	if (!jd)
		return;
	/*
	 * Queues their files let go already still reach the firmware: free
	 * the jobs the firmware completed (their last reference may hold a
	 * queue), then the queues.
	 */
	flush_workqueue(jd->submit_wq);
	wait_var_event(&jd->releasing, !atomic_read(&jd->releasing));
	if (adev->fw)
		agx4_event_set_handlers(&adev->fw->events, NULL, NULL);
	agx4_tvb_fini(adev);
	/*
	 * Work still in flight will never complete: end it with -ENODEV,
	 * keeping its storage until the backend forgets it.
	 */
	mutex_lock(&jd->queues_lock);
	spin_lock_irqsave(&jd->lock, flags);
	list_for_each_entry(q, &jd->queues, link)
		if (!list_empty(&q->inflight))
			kill_locked(jd, q, -ENODEV);
	jd->stopped = true;
	spin_unlock_irqrestore(&jd->lock, flags);
	mutex_unlock(&jd->queues_lock);
	/*
	 * A release queued since the first wait may have read @stopped false
	 * and be destroying its queue through the firmware: wait for it
	 * again, so none does once this returns.  queue_release() counts a
	 * release before queue_work(), which makes the increment visible to
	 * the work when it runs, and queue_fini() reads @stopped under @lock.
	 * If it read false, its critical section came before ours, so its
	 * increment happened before we took @lock and the read below sees
	 * it (or the decrement of a release that finished): no further
	 * barrier is needed.  If it read true it forgets its queue, and
	 * waiting for it is harmless.
	 */
	wait_var_event(&jd->releasing, !atomic_read(&jd->releasing));
	cancel_delayed_work_sync(&jd->poll);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_fini);

/**
 * agx4_job_fw_gone() - the firmware stopped: free the queues kept for it
 * @adev: the device.
 *
 * agx4_fw_boot_fini() (after agx4_job_fini()) and agx4_fw_boot_reset()
 * (after a crash) call it once every firmware instance is stopped, before
 * the backend's &agx4_fw_submit_ops.fw_gone and before the firmware's heap
 * objects of the boot, its context table and context 0's tables are
 * released.  Each queue kept because the firmware still owned its killed
 * jobs' storage, or released once the unit stopped, is freed then, with
 * the backend's job_free and
 * queue_destroy: the stopped firmware uses none of that memory, and what
 * those calls give back (aliases in context 0, indices, leases) is still
 * there, which the forget calls, made for after it went, would leave.
 * From then on, once the unit stopped, jobs and queues are forgotten
 * (&agx4_job_dev.forgetting): the backend's state goes next.
 * Submission ends first (agx4_engine_stop()), where the removal or the
 * reset did not end it already.  Process context; a device without
 * submission ignores it.
 */
void agx4_job_fw_gone(struct agx4_device *adev)
{
	struct agx4_job_dev *jd = adev->jobs;
	struct agx4_job_queue *q, *tmp;
	unsigned long flags;
	LIST_HEAD(gone);

	if (!jd)
		return;
	/* Submission ends first, if it has not yet (a crash). */
	agx4_job_stop_engine(adev);
	/* Outside a restart: none will come. */
	if (!READ_ONCE(jd->resetting))
		agx4_job_gate_open(jd, false);
	/*
	 * Once the unit stopped (the removal, or a restart) the backend's
	 * state goes after this: what is freed from then on is forgotten.
	 * A crash not restarted leaves it until the removal.
	 */
	mutex_lock(&jd->queues_lock);
	spin_lock_irqsave(&jd->lock, flags);
	if (jd->stopped)
		jd->forgetting = true;
	spin_unlock_irqrestore(&jd->lock, flags);
	list_splice_init(&jd->kept, &gone);
	mutex_unlock(&jd->queues_lock);
	/* A free that read @forgetting false ends before the state goes. */
	flush_workqueue(jd->submit_wq);
	list_for_each_entry_safe(q, tmp, &gone, link)
		queue_free(jd, q, true);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_fw_gone);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
/**
 * agx4_job_init_backend() - the job unit on a backend a test supplies
 * @adev: a device without one.
 * @ops: the backend.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_job_init_backend(struct agx4_device *adev,
			  const struct agx4_fw_submit_ops *ops)
{
	return job_dev_create(adev, ops);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_init_backend);

/**
 * agx4_job_flush() - wait until every queue let go has been freed
 * @adev: the device.
 */
void agx4_job_flush(struct agx4_device *adev)
{
	struct agx4_job_dev *jd = adev->jobs;

	if (jd)
		wait_var_event(&jd->releasing, !atomic_read(&jd->releasing));
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_job_flush);
#endif
