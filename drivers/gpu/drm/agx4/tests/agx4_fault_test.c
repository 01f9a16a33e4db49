// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fault": every allocation of probe and of the ioctls
 * fails in turn, and each failure ends cleanly.
 */

/**
 * DOC: fault injection
 *
 * For each scenario of the table below, on G16 (t8132) and G17P (t8140),
 * the suite runs the scenario with its N-th allocation failing, for
 * N = 1, 2, ... until a run completes without reaching an N-th
 * allocation.  Loops of page allocations are sampled: the G16 probe
 * makes about 5600 allocations, most of them the 16 KiB chunks of large
 * firmware objects, each failing the same way.  When two consecutive N
 * fail with the same outcome (errno, number of slab allocations made,
 * call site of a failed slab allocation), N advances by a doubling
 * stride; when the outcome changes, the first N with the new outcome is
 * found by bisection and the stride starts again from 1.  So every
 * allocation after which the path changes fails at least once.
 *
 * Every run must end cleanly:
 *
 * - the probe or ioctl returns 0 or a negative errno (0 is fine when the
 *   failed allocation has a fallback, kvmalloc()'s vmalloc() for one),
 *   and a run that reached no injected failure returns 0;
 * - nothing is half applied: the scenario's own check sees either all of
 *   its effect (success) or none of it (failure);
 * - the same step, run again at once without injection, succeeds (the
 *   device and the file are still usable; for probe, the next run probes
 *   a new device and the last run's probe succeeds);
 * - once the run is undone (the file closed, or the probed device
 *   removed), nothing is leaked: every slab object the scenario's steps
 *   allocated has been freed, GEM and firmware objects are back to their
 *   count before the run, and the device of a probe was released;
 * - the firmware model saw nothing wrong, and no WARN, lockdep or KASAN
 *   report appeared (the kernel's taint and debug_locks did not change).
 *
 * A run that breaks any of these counts as unclean.  The suite prints
 * ``agx4-fault: allocation sites failed = N, unclean = M`` and fails when
 * M is not 0.
 *
 * Mechanism: the kernel's own fault injection (FAULT_INJECTION, FAILSLAB,
 * FAIL_PAGE_ALLOC).  The test task's &task_struct.fail_nth makes the N-th
 * allocation that consults should_fail() fail, whatever its probability
 * settings.  By default failslab and fail_page_alloc do not consult it
 * for allocations that may reclaim (GFP_KERNEL: "ignore-gfp-wait") or,
 * for pages, below order 1 ("min-order"): the suite clears both through
 * their debugfs attributes while it runs and restores them after, so
 * every slab and page allocation counts.  fail_nth is per task: only
 * allocations made by the test's own task count, which is where probe
 * and every ioctl run.  Allocations in other tasks (the scheduler's
 * prepare_job and run_job, the event drain, the firmware model's worker,
 * RCU callbacks) are not failed; this suite cannot reach them.
 *
 * What a step reads from user memory is written by its setup: a fault
 * on user memory would allocate page tables in the step, and UML's
 * user-copy path does not survive a failed allocation there (it
 * dereferences the missing page-table entry); faults on user memory are
 * not covered.
 *
 * Boot this suite with ``kmemleak=off`` (make kunit does): kmemleak
 * allocates its metadata for every object in the allocating task, so
 * with it on about every other N fails only kmemleak's bookkeeping,
 * which has a fallback, and the run goes on as if nothing failed.  That
 * doubles the runs and proves nothing about agx4.  Its sites are still
 * allowed to outlive a run (track_allowed) for a boot with it on.
 *
 * The firmware model stands in for the firmware and its memory, so none
 * of its allocations may fail: the test transport (agx4_test_util.c)
 * pauses the task's fail_nth around every call into the model (its
 * creation when the probe maps the registers, and every transport op),
 * and the model's own work runs on its workqueue, another task.
 *
 * N counts every allocation the scenario's steps make in the test's
 * task, agx4's and the kernel helpers' it calls (DRM core, shmem,
 * xarray, the scheduler): a failure of any of them must end cleanly in
 * agx4.  "allocation sites failed" is the number of distinct N, over all
 * scenarios and both generations, whose injected failure was reached
 * (each the failure of one allocation, in the order the scenario makes
 * them; the sampling above skips repeats inside loops).
 * The suite also prints the number of distinct call sites of the slab
 * allocations that failed (the kmalloc and kmem_cache_alloc
 * tracepoints name the caller); page allocations have no exported
 * tracepoint and are counted in N only.
 *
 * Leaks are found by a tracker on the slab tracepoints: every object the
 * test's task allocates while a scenario step runs is remembered until
 * it is freed, by any task.  Page allocations (page tables, shmem pages)
 * are not tracked; they are covered by the GEM and firmware object
 * counts.
 *
 * Adding a scenario is one entry in scenarios[]: a setup that brings the
 * device or file to where the step starts (never injected), the step
 * itself (injected), a check that the step applied all or nothing, and
 * an undo.
 *
 * TVB growth and the firmware restart run on work items in production,
 * out of fail_nth's reach.  Their scenarios hold that work
 * (agx4_tvb_hold(), agx4_reset_hold(): KUnit-only) and run it in the
 * test's task as their step (agx4_tvb_run_one(), agx4_recovery_run()), the
 * same code the work items run:
 *
 * - tvb_grow: a render whose TA asks for growth three times; the step
 *   answers one request.  A failed allocation must answer "refused"
 *   with the pool as it was (no block object more), "grew" must add one;
 *   the retry answers the next request, the rest are answered on the
 *   workqueue, and the render completes without error, with one partial
 *   render per refusal and no request left unanswered;
 * - fw_restart: a device of the run's own (probed in setup, removed by
 *   the undo) whose firmware crashes with a compute in it; the step runs
 *   the reset.  Whatever fails, the compute's fence ends with -EIO.  A
 *   restart that reports success (a failed dump allocation included:
 *   the dump is skipped, the restart is not) has its firmware running and
 *   takes a new client's job to completion; a restart that fails leaves
 *   the device unplugged, without firmware, every ioctl failing with
 *   -ENODEV.  Then the device must be released and nothing the step
 *   allocated left.  The suite's dump hook frees the dumps.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/debug_locks.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/dma-fence.h>
#include <linux/dma-fence-chain.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/hash.h>
#include <linux/jiffies.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/sizes.h>
#include <linux/spinlock.h>
#include <linux/tracepoint.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include <drm/drm_device.h>
#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_kunit_helpers.h>
#include <drm/drm_syncobj.h>

#include <trace/events/kmem.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_gem.h"
#include "../agx4_job.h"
#include "../agx4_queue.h"
#include "../agx4_recovery.h"
#include "../agx4_reset.h"
#include "../agx4_tvb.h"
#include "../agx4_uat.h"
#include "../agx4_vm.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

#define PG		AGX4_UAT_PAGE_SIZE
/* The most a run waits for work and frees: a bound, never a measure. */
#define BOUND_MS	5000
/* The most a run waits for what its undo let go to be freed. */
#define SETTLE_MS	2000
/* Rounds of about 5 ms a count must hold: more than two completion polls. */
#define STABLE_ROUNDS	6
/* No scenario makes this many allocations: a bound for a runaway loop. */
#define MAX_N		20000

/* ---- the allocation tracker ---- */

#define TRACK_BITS	15
#define TRACK_SLOTS	BIT(TRACK_BITS)
#define TRACK_TOMB	((const void *)1)
#define MAX_SITES	512
#define LEAK_SITES	8

/* A live object: who allocated it, and its size. */
struct track_slot {
	const void *ptr;
	unsigned long site;
	size_t size;
};

/* Leaked objects of one call site. */
struct leak_site {
	unsigned long site;
	size_t size;
	unsigned int count;
};

/* What the tracepoint probes see. */
static struct {
	/*
	 * Guards everything below; the probes run in any context, so it is
	 * taken with interrupts off.
	 */
	spinlock_t lock;
	/* Allocations by @task are remembered while @recording. */
	struct task_struct *task;
	bool recording;
	/* Frees are looked for while any allocation is remembered. */
	unsigned int live;
	unsigned int used;
	/* Slab allocations (and failures) of @task recorded. */
	unsigned int events;
	bool overflow;
	/* Call site of the last slab allocation of @task that failed. */
	unsigned long fail_site;
	struct track_slot *slot;
} trk = { .lock = __SPIN_LOCK_UNLOCKED(trk.lock) };

static struct track_slot *track_find(const void *ptr, bool for_insert)
{
	u32 h = hash_ptr((void *)ptr, TRACK_BITS);
	unsigned int i;

	for (i = 0; i < TRACK_SLOTS; i++) {
		struct track_slot *s = &trk.slot[(h + i) & (TRACK_SLOTS - 1)];

		if (for_insert ? (!s->ptr || s->ptr == TRACK_TOMB) :
				 s->ptr == ptr)
			return s;
		if (!s->ptr)
			return NULL;
	}
	return NULL;
}

static void track_alloc(unsigned long site, const void *ptr, size_t size)
{
	struct track_slot *s;
	unsigned long flags;

	if (!READ_ONCE(trk.recording) || current != trk.task || !in_task())
		return;
	spin_lock_irqsave(&trk.lock, flags);
	if (!trk.recording) {
		spin_unlock_irqrestore(&trk.lock, flags);
		return;
	}
	/* kmalloc(0) gives ZERO_SIZE_PTR: nothing to free. */
	s = ZERO_OR_NULL_PTR(ptr) ? NULL : track_find(ptr, false);
	if (!s)
		trk.events++;
	if (!ptr) {
		trk.fail_site = site;
	} else if (s) {
		/* A large kmalloc() is traced twice: the caller comes last. */
		s->site = site;
	} else if (!ZERO_OR_NULL_PTR(ptr)) {
		/* Tombstones are only cleared between runs: keep room. */
		s = trk.used < TRACK_SLOTS / 2 ? track_find(ptr, true) : NULL;
		if (s) {
			if (!s->ptr)
				trk.used++;
			s->ptr = ptr;
			s->site = site;
			s->size = size;
			trk.live++;
		} else {
			trk.overflow = true;
		}
	}
	spin_unlock_irqrestore(&trk.lock, flags);
}

static void track_free(const void *ptr)
{
	struct track_slot *s;
	unsigned long flags;

	if (ZERO_OR_NULL_PTR(ptr) || !READ_ONCE(trk.live))
		return;
	spin_lock_irqsave(&trk.lock, flags);
	s = trk.live ? track_find(ptr, false) : NULL;
	if (s) {
		s->ptr = TRACK_TOMB;
		trk.live--;
	}
	spin_unlock_irqrestore(&trk.lock, flags);
}

static void probe_kmalloc(void *data, unsigned long site, const void *ptr,
			  size_t req, size_t alloc, gfp_t gfp, int node)
{
	track_alloc(site, ptr, req);
}

static void probe_cache_alloc(void *data, unsigned long site,
			      const void *ptr, struct kmem_cache *s, gfp_t gfp,
			      int node)
{
	track_alloc(site, ptr, kmem_cache_size(s));
}

static void probe_kfree(void *data, unsigned long site, const void *ptr)
{
	track_free(ptr);
}

static void probe_cache_free(void *data, unsigned long site,
			     const void *ptr, const struct kmem_cache *s)
{
	track_free(ptr);
}

/* Forget everything; only between runs, with nothing recording. */
static void track_reset(void)
{
	unsigned long flags;

	spin_lock_irqsave(&trk.lock, flags);
	memset(trk.slot, 0, TRACK_SLOTS * sizeof(*trk.slot));
	trk.live = 0;
	trk.used = 0;
	trk.events = 0;
	trk.overflow = false;
	trk.fail_site = 0;
	spin_unlock_irqrestore(&trk.lock, flags);
}

static void track_record(bool on)
{
	unsigned long flags;

	spin_lock_irqsave(&trk.lock, flags);
	trk.task = current;
	trk.recording = on;
	spin_unlock_irqrestore(&trk.lock, flags);
}

/*
 * Objects that outlive their free by design: vmalloc() keeps the
 * descriptors of freed areas for lazy purging and reuse, kmemleak's
 * metadata of such an object lives as long as the object, and the radix
 * tree's per-CPU preload pool keeps the nodes it filled for later use.
 */
static const char *const track_allowed[] = {
	"alloc_vmap_area",
	"kmemleak_scan_area",
	"__alloc_object",
	"mem_pool_alloc",
	"__radix_tree_preload",
};

static bool site_allowed(unsigned long site)
{
	char sym[KSYM_SYMBOL_LEN];
	unsigned int i;

	snprintf(sym, sizeof(sym), "%ps", (void *)site);
	for (i = 0; i < ARRAY_SIZE(track_allowed); i++)
		if (!strcmp(sym, track_allowed[i]))
			return true;
	return false;
}

static void add_leak(struct leak_site *sites, const struct track_slot *s)
{
	unsigned int i;

	for (i = 0; sites && i < LEAK_SITES; i++) {
		if (!sites[i].count || (sites[i].site == s->site &&
					sites[i].size == s->size)) {
			sites[i].site = s->site;
			sites[i].size = s->size;
			sites[i].count++;
			return;
		}
	}
}

/*
 * Objects still alive, less the allowed ones; @sites (if not NULL) gets
 * the first LEAK_SITES call sites of them.
 */
static unsigned int track_leaked(struct leak_site *sites)
{
	unsigned int i, n = 0;
	unsigned long flags;

	spin_lock_irqsave(&trk.lock, flags);
	if (!trk.live) {
		spin_unlock_irqrestore(&trk.lock, flags);
		return 0;
	}
	for (i = 0; i < TRACK_SLOTS; i++) {
		struct track_slot s = trk.slot[i];

		if (!s.ptr || s.ptr == TRACK_TOMB)
			continue;
		spin_unlock_irqrestore(&trk.lock, flags);
		if (!site_allowed(s.site)) {
			n++;
			add_leak(sites, &s);
		}
		spin_lock_irqsave(&trk.lock, flags);
	}
	spin_unlock_irqrestore(&trk.lock, flags);
	return n;
}

/* ---- failslab and fail_page_alloc settings ---- */

/*
 * A debugfs attribute of a fault-injection capability: the debugfs file's
 * data is the variable itself (i_private), which the suite sets for its
 * run and restores.  NULL when the attribute is not there.
 */
static void *fault_knob(const char *dir, const char *name)
{
	struct dentry *d = debugfs_lookup(dir, NULL), *f;
	void *p = NULL;

	if (IS_ERR_OR_NULL(d))
		return NULL;
	f = debugfs_lookup(name, d);
	if (!IS_ERR_OR_NULL(f)) {
		p = d_inode(f)->i_private;
		dput(f);
	}
	dput(d);
	return p;
}

static struct {
	bool *slab_ignore_wait, slab_ignore_wait_was;
	bool *page_ignore_wait, page_ignore_wait_was;
	u32 *page_min_order, page_min_order_was;
	unsigned long *slab_verbose, slab_verbose_was;
	unsigned long *page_verbose, page_verbose_was;
} knobs;

/* Set the task's fail_nth; return how many allocations were left. */
static unsigned int fail_nth_set(unsigned int n)
{
	unsigned int left = READ_ONCE(current->fail_nth);

	WRITE_ONCE(current->fail_nth, n);
	return left;
}

/* ---- totals ---- */

static struct {
	unsigned int runs_failed;	/* runs whose injected failure hit */
	unsigned int allocations;	/* allocations the scenarios make */
	unsigned int unclean;
	unsigned int nsites;
	unsigned long sites[MAX_SITES];
	bool sites_overflow;
} totals;

static void count_site(unsigned long site)
{
	unsigned int i;

	if (!site)
		return;
	for (i = 0; i < totals.nsites; i++)
		if (totals.sites[i] == site)
			return;
	if (totals.nsites < MAX_SITES)
		totals.sites[totals.nsites++] = site;
	else
		totals.sites_overflow = true;
}

/* ---- scenarios ---- */

static const enum agx4_soc_id socs[] = { AGX4_SOC_T8132, AGX4_SOC_T8140 };

/**
 * struct fault_run - one run of a scenario
 * @test: the test.
 * @soc: the GPU.
 * @adev: the device (a probe scenario: the one its step probed, if any).
 * @m: its firmware model.
 * @dt: the device tree a probe reads.
 * @dev: the parent a probe scenario's step probes.
 * @ndev: parents made so far, for unique names.
 * @c: the client of an ioctl scenario.
 * @filp: the file an open scenario's step opened.
 * @f: the Mesa fork's layout, for the scenarios that need it.
 * @cb: a command buffer.
 * @kstart: the kernel range of a VM, as Mesa asks for it.
 * @kend: its end.
 * @vm: a VM id.
 * @bo: a GEM handle.
 * @queue: a queue id.
 * @in_bin: a binary in-sync (signalled).
 * @in_tl: a timeline in-sync (point 1 signalled).
 * @out_bin: a binary out-sync.
 * @out_tl: a timeline out-sync.
 * @out_more: a compute SUBMIT's two further binary out-syncs.
 * @nout: the out-syncs SUBMIT signals: 2 for a render, 4 for a compute.
 * @point: the timeline point the step signals.
 * @before: what the step adds one to (GEM handles, firmware mappings),
 *	before it.
 * @grew: growth replies "grew" the model took, before the step.
 * @refused: growth replies "refused" the model took, before the step.
 */
struct fault_run {
	struct kunit *test;
	enum agx4_soc_id soc;
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	struct agx4_test_dt *dt;
	struct device *dev;
	unsigned int ndev;
	struct agx4_test_client *c;
	struct file *filp;
	struct agx4_test_fork *f;
	struct agx4_test_cmdbuf *cb;
	u64 kstart;
	u64 kend;
	u32 vm;
	u32 bo;
	u32 queue;
	u32 in_bin;
	u32 in_tl;
	u32 out_bin;
	u32 out_tl;
	u32 out_more[2];
	u32 nout;
	u64 point;
	unsigned int before;
	u32 grew;
	u32 refused;
};

/**
 * struct fault_scenario - what the suite fails allocations in
 * @name: its name, in the case's parameter.
 * @probe: the step probes the device (no device is probed before).
 * @device: setup probes a device of the run's own, which the undo
 *	removes (no device is probed before).
 * @client: setup opens a client (closed by the undo).
 * @no_retry: no retry of the step after a failure: the next run repeats
 *	the whole scenario anyway (probe: the next run probes again).
 * @fresh_retry: the retry undoes the failed run and sets up again.
 * @setup: bring the device or client to where the step starts; not
 *	injected.  0 or an errno (which fails the case).
 * @step: the step whose allocations fail in turn.  0 or an errno.
 * @applied: after the step: NULL when it applied all (@ret 0) or nothing
 *	(@ret < 0) of its effect, else what is wrong.
 * @finish: optional; after the step and its retry: let the work the
 *	step answered go on, and say what is wrong with how it ended
 *	(NULL: nothing).
 * @undo: undo what setup and step made (beyond closing the client).
 * @parts: optional; the first N of each part after the first, 0 ended:
 *	each part is a case of its own, so that each stays within KUnit's
 *	time limit for a case.
 */
struct fault_scenario {
	const char *name;
	bool probe;
	bool device;
	bool client;
	bool no_retry;
	bool fresh_retry;
	int (*setup)(struct fault_run *r);
	int (*step)(struct fault_run *r);
	const char *(*applied)(struct fault_run *r, int ret);
	const char *(*finish)(struct fault_run *r);
	void (*undo)(struct fault_run *r);
	const unsigned int *parts;
};

/* Probe: the device comes up, or fails and goes with its parent. */

static int probe_setup(struct fault_run *r)
{
	char name[32];

	snprintf(name, sizeof(name), "agx4-fault-%u", r->ndev++);
	r->dev = kunit_device_register(r->test, name);
	if (IS_ERR(r->dev))
		return PTR_ERR(r->dev);
	r->adev = NULL;
	return 0;
}

static int probe_step(struct fault_run *r)
{
	struct agx4_device *adev = agx4_test_create(r->dev, &r->dt->src);

	if (IS_ERR(adev))
		return PTR_ERR(adev);
	r->adev = adev;
	return 0;
}

static const char *probe_applied(struct fault_run *r, int ret)
{
	if (ret)
		return NULL;
	if (!r->adev->fw || !r->adev->base.registered)
		return "probe returned a device that is not up";
	return NULL;
}

static void probe_undo(struct fault_run *r)
{
	/* What the driver core does after a failed probe or at removal. */
	kunit_device_unregister(r->test, r->dev);
	r->dev = NULL;
	r->adev = NULL;
}

/* File open: drm_open() and agx4's per-file pools. */

static int open_step(struct fault_run *r)
{
	struct file *filp = mock_drm_getfile(r->adev->base.render, O_RDWR);

	if (IS_ERR(filp))
		return PTR_ERR(filp);
	r->filp = filp;
	return 0;
}

/* An open file holds a reference to its device. */
static int open_setup(struct fault_run *r)
{
	r->before = kref_read(&r->adev->base.ref);
	return 0;
}

static const char *open_applied(struct fault_run *r, int ret)
{
	unsigned int refs = kref_read(&r->adev->base.ref);
	struct drm_file *file;
	struct agx4_file *af;

	if (ret)
		return refs != r->before ? "failed open kept the device" :
					   NULL;
	file = r->filp->private_data;
	if (refs != r->before + 1)
		return "open file holds no reference to the device";
	if (!file || !file->driver_priv)
		return "file opened without agx4's pools";
	af = file->driver_priv;
	if (!af->vms || !af->queues || !af->fw_objects)
		return "file opened without one of agx4's pools";
	if (!af->usage)
		return "file opened without its GPU time account";
	return NULL;
}

static void open_undo(struct fault_run *r)
{
	if (r->filp) {
		fput(r->filp);
		flush_delayed_fput();
	}
	r->filp = NULL;
}

static struct agx4_file *run_file(struct fault_run *r)
{
	return r->c->file->driver_priv;
}

/*
 * VM_CREATE, with the kernel range the Mesa fork asks for: on G16 the
 * parameters' minimum size below 0x11_0000_0000, on G17P at least 32 GiB
 * at the top of the VM.
 */
static int vm_setup(struct fault_run *r)
{
	struct drm_asahi_params_global p;
	struct drm_asahi_get_params gp = {
		.pointer = r->c->ubuf + 3 * SZ_1M, .size = sizeof(p),
	};
	int ret = agx4_ioctl_get_params(&r->adev->base, &gp, r->c->file);

	if (ret)
		return ret;
	if (copy_from_user(&p, u64_to_user_ptr(gp.pointer), sizeof(p)))
		return -EFAULT;
	if (r->soc == AGX4_SOC_T8132) {
		r->kend = 0x1100000000ull;
		r->kstart = r->kend - p.vm_kernel_min_size;
	} else {
		r->kend = p.vm_end;
		r->kstart = p.vm_end - max_t(u64, p.vm_kernel_min_size,
					     SZ_32G);
	}
	return 0;
}

static int vm_create_step(struct fault_run *r)
{
	return agx4_test_vm_create(r->c, r->kstart, r->kend, &r->vm);
}

/* A VM, made in setup. */
static int vm_made_setup(struct fault_run *r)
{
	int ret = vm_setup(r);

	return ret ?: vm_create_step(r);
}

static const char *vm_create_applied(struct fault_run *r, int ret)
{
	struct agx4_vm *vm = agx4_vm_pool_get(run_file(r)->vms,
					      ret ? 1 : r->vm);

	agx4_vm_put(vm);
	if (ret)
		return vm ? "failed VM_CREATE left a VM" : NULL;
	return vm ? NULL : "VM_CREATE gave an id with no VM";
}

/* VM_BIND: a whole object mapped, or the middle of a mapping unmapped. */

#define BIND_ADDR	0x2000000000ull
#define BIND_PAGES	8

/*
 * What the steps read from user memory is written by their setup: a
 * fault on user memory in the step would allocate (and UML's user-copy
 * path does not survive a failed allocation there).
 */
static void put_bind_op(struct fault_run *r, u32 flags, u32 handle,
			u64 range, u64 addr)
{
	struct drm_asahi_gem_bind_op op = {
		.flags = flags, .handle = handle, .range = range,
		.addr = addr,
	};

	agx4_test_put_user(r->c, 2 * SZ_1M, &op, sizeof(op));
}

/* VM_BIND of the operation put_bind_op() wrote. */
static int vm_bind_step(struct fault_run *r)
{
	struct drm_asahi_vm_bind b = {
		.vm_id = r->vm, .num_binds = 1,
		.stride = sizeof(struct drm_asahi_gem_bind_op),
		.userptr = r->c->ubuf + 2 * SZ_1M,
	};

	return agx4_ioctl_vm_bind(&r->adev->base, &b, r->c->file);
}

static int bind_setup(struct fault_run *r)
{
	int ret = vm_made_setup(r);

	if (ret)
		return ret;
	r->bo = agx4_test_gem_create(r->c, BIND_PAGES * PG, 0, 0);
	put_bind_op(r, DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE, r->bo,
		    BIND_PAGES * PG, BIND_ADDR);
	return 0;
}

/* Pages [from, to) of the binding mapped (@want) or not. */
static bool mapped(struct fault_run *r, unsigned int from, unsigned int to,
		   bool want)
{
	struct agx4_vm *vm = agx4_vm_pool_get(run_file(r)->vms, r->vm);
	unsigned int i;
	bool ok = vm;

	for (i = from; ok && i < to; i++) {
		phys_addr_t pa;
		u64 pte;

		ok = (agx4_uat_translate(&vm->uat, BIND_ADDR + i * PG, &pa,
					 &pte) == 0) == want;
	}
	agx4_vm_put(vm);
	return ok;
}

static const char *bind_map_applied(struct fault_run *r, int ret)
{
	if (!mapped(r, 0, BIND_PAGES, !ret))
		return ret ? "failed VM_BIND left pages mapped" :
			     "VM_BIND left pages unmapped";
	return NULL;
}

/* Unmap the middle: the mapping is split in two. */
static int bind_unmap_setup(struct fault_run *r)
{
	int ret = bind_setup(r);

	ret = ret ?: vm_bind_step(r);
	if (!ret)
		put_bind_op(r, DRM_ASAHI_BIND_UNBIND, 0, 4 * PG,
			    BIND_ADDR + 2 * PG);
	return ret;
}

static const char *bind_unmap_applied(struct fault_run *r, int ret)
{
	if (!mapped(r, 0, 2, true) || !mapped(r, 6, BIND_PAGES, true))
		return "VM_BIND unmap took pages outside its range";
	if (!mapped(r, 2, 6, !!ret))
		return ret ? "failed VM_BIND unmap took pages" :
			     "VM_BIND unmap left pages mapped";
	return NULL;
}

/* GEM_CREATE of a VM-private object. */

static int count_handle(int id, void *p, void *data)
{
	(*(unsigned int *)data)++;
	return 0;
}

static unsigned int handles(struct fault_run *r)
{
	unsigned int n = 0;

	spin_lock(&r->c->file->table_lock);
	idr_for_each(&r->c->file->object_idr, count_handle, &n);
	spin_unlock(&r->c->file->table_lock);
	return n;
}

static int gem_create_setup(struct fault_run *r)
{
	int ret = vm_made_setup(r);

	r->before = handles(r);
	return ret;
}

static int gem_create_step(struct fault_run *r)
{
	struct drm_asahi_gem_create a = {
		.size = 4 * PG, .flags = DRM_ASAHI_GEM_VM_PRIVATE |
					 DRM_ASAHI_GEM_WRITEBACK,
		.vm_id = r->vm,
	};
	int ret = agx4_ioctl_gem_create(&r->adev->base, &a, r->c->file);

	r->bo = a.handle;
	return ret;
}

static const char *gem_create_applied(struct fault_run *r, int ret)
{
	unsigned int n = handles(r);

	if (n != r->before + !ret)
		return ret ? "failed GEM_CREATE left a handle" :
			     "GEM_CREATE made no handle";
	/* The retry makes one more. */
	r->before = n;
	return NULL;
}

/* GEM_BIND_OBJECT of a timestamp buffer, as Mesa does. */

static int bind_object_setup(struct fault_run *r)
{
	r->bo = agx4_test_gem_create(r->c, PG, DRM_ASAHI_GEM_WRITEBACK, 0);
	r->before = agx4_test_fw_objects(r->adev, true);
	return 0;
}

static int bind_object_step(struct fault_run *r)
{
	struct drm_asahi_gem_bind_object a = {
		.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
		.flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
		.handle = r->bo, .range = PG,
	};

	return agx4_ioctl_gem_bind_object(&r->adev->base, &a, r->c->file);
}

static const char *bind_object_applied(struct fault_run *r, int ret)
{
	unsigned int ts = agx4_test_fw_objects(r->adev, true);

	if (ts != r->before + !ret)
		return ret ? "failed GEM_BIND_OBJECT left a firmware mapping" :
			     "GEM_BIND_OBJECT made no firmware mapping";
	/* The retry binds a second time: one mapping per binding. */
	r->before = ts;
	return NULL;
}

/* QUEUE_CREATE on a fresh file's first VM. */

static int queue_step(struct fault_run *r)
{
	return agx4_test_queue_create(r->c, r->vm, DRM_ASAHI_PRIORITY_MEDIUM,
				      &r->queue);
}

static const char *queue_applied(struct fault_run *r, int ret)
{
	struct agx4_job_queue *q = agx4_queue_pool_get(run_file(r)->queues,
						   ret ? 1 : r->queue);

	if (q)
		agx4_job_queue_put(q);
	if (ret)
		return q ? "failed QUEUE_CREATE left a queue" : NULL;
	return q ? NULL : "QUEUE_CREATE gave an id with no queue";
}

static int queue_setup(struct fault_run *r)
{
	return vm_made_setup(r);
}

/* SUBMIT: render and compute, waits and signals of both kinds. */

/*
 * A render waits twice and signals twice, one of each kind; a compute
 * signals two more binary syncobjs, so that its sync references take more
 * than SUBMIT's inline storage: the array and the references are
 * allocated, and each allocation fails in turn.
 */
static int submit_setup(struct fault_run *r, bool render)
{
	struct drm_asahi_sync sy[6];
	unsigned int i;
	struct drm_syncobj *so;
	struct dma_fence_chain *chain;
	int ret;

	r->f = kunit_kzalloc(r->test, sizeof(*r->f), GFP_KERNEL);
	r->cb = kunit_kzalloc(r->test, sizeof(*r->cb), GFP_KERNEL);
	if (!r->f || !r->cb)
		return -ENOMEM;
	ret = agx4_test_fork_open(r->c, r->f);
	if (ret)
		return ret;
	r->vm = r->f->vm_id;
	ret = queue_step(r);
	if (ret)
		return ret;
	if (render) {
		struct drm_asahi_cmd_render rc = agx4_test_fork_render(r->f, 0);

		agx4_test_cmd_render(r->cb, &rc);
	} else {
		struct drm_asahi_cmd_compute cc =
			agx4_test_fork_compute(r->f, 0);

		agx4_test_cmd_compute(r->cb, &cc);
	}
	r->in_bin = agx4_test_syncobj(r->c, dma_fence_get_stub());
	r->in_tl = agx4_test_syncobj(r->c, NULL);
	r->out_bin = agx4_test_syncobj(r->c, NULL);
	r->out_tl = agx4_test_syncobj(r->c, NULL);
	chain = dma_fence_chain_alloc();
	so = drm_syncobj_find(r->c->file, r->in_tl);
	if (!chain || !so) {
		dma_fence_chain_free(chain);
		if (so)
			drm_syncobj_put(so);
		return -ENOMEM;
	}
	drm_syncobj_add_point(so, chain, dma_fence_get_stub(), 1);
	drm_syncobj_put(so);

	/*
	 * The out point is 1 for the retry too: a failed step must not
	 * have added it.
	 */
	r->point = 1;
	sy[0] = (struct drm_asahi_sync){
		.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = r->in_bin,
	};
	sy[1] = (struct drm_asahi_sync){
		.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
		.handle = r->in_tl, .timeline_value = 1,
	};
	sy[2] = (struct drm_asahi_sync){
		.sync_type = DRM_ASAHI_SYNC_SYNCOBJ, .handle = r->out_bin,
	};
	sy[3] = (struct drm_asahi_sync){
		.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
		.handle = r->out_tl, .timeline_value = r->point,
	};
	r->nout = render ? 2 : 4;
	for (i = 0; i + 2 < r->nout; i++) {
		r->out_more[i] = agx4_test_syncobj(r->c, NULL);
		sy[4 + i] = (struct drm_asahi_sync){
			.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
			.handle = r->out_more[i],
		};
	}
	agx4_test_put_user(r->c, 0, r->cb->buf, r->cb->size);
	agx4_test_put_user(r->c, SZ_1M, sy, sizeof(sy));
	return 0;
}

static int submit_render_setup(struct fault_run *r)
{
	return submit_setup(r, true);
}

static int submit_compute_setup(struct fault_run *r)
{
	return submit_setup(r, false);
}

static int submit_step(struct fault_run *r)
{
	struct drm_asahi_submit a = {
		.syncs = r->c->ubuf + SZ_1M, .cmdbuf = r->c->ubuf,
		.queue_id = r->queue, .in_sync_count = 2,
		.out_sync_count = r->nout, .cmdbuf_size = r->cb->size,
	};

	return agx4_ioctl_submit(&r->adev->base, &a, r->c->file);
}

static const char *submit_applied(struct fault_run *r, int ret)
{
	struct dma_fence *b = agx4_test_syncobj_fence(r->c, r->out_bin, 0);
	struct dma_fence *t = agx4_test_syncobj_fence(r->c, r->out_tl,
						      r->point);
	const char *why = NULL;
	unsigned int i;

	if (ret) {
		/* Out-syncs untouched. */
		if (b || t)
			why = "failed SUBMIT installed an out-fence";
	} else if (!b || !t) {
		why = "SUBMIT installed no out-fence";
	} else if (agx4_test_fence_wait(b, BOUND_MS) ||
		   agx4_test_fence_wait(t, BOUND_MS)) {
		why = "SUBMIT's job did not complete";
	}
	dma_fence_put(b);
	dma_fence_put(t);
	for (i = 0; i + 2 < r->nout && !why; i++) {
		b = agx4_test_syncobj_fence(r->c, r->out_more[i], 0);
		if (ret && b)
			why = "failed SUBMIT installed an out-fence";
		else if (!ret && !b)
			why = "SUBMIT installed no out-fence";
		dma_fence_put(b);
	}
	return why;
}

static void submit_undo(struct fault_run *r)
{
	agx4_job_flush(r->adev);
}

/*
 * TVB growth: a render whose TA asks for growth three times, each request
 * waiting in the TVB unit (held) until the step answers it in the test's
 * task.  An allocation that fails must make the answer "refused" with
 * the pool as it was; the firmware then renders partially and the job
 * completes all the same.
 */

#define GROW_REQUESTS	3

static u32 model_count(struct fault_run *r, enum agx4_fwmodel_counter c)
{
	return agx4_fwmodel_count(r->m, c);
}

/* Wait, a bounded time, for a growth request to wait in the TVB unit. */
static bool wait_growth(struct fault_run *r)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	while (!agx4_tvb_pending(r->adev)) {
		if (time_after(jiffies, end))
			return false;
		usleep_range(100, 200);
	}
	return true;
}

static void grow_mark(struct fault_run *r)
{
	r->grew = model_count(r, AGX4_FWMODEL_CNT_GROW_GREW);
	r->refused = model_count(r, AGX4_FWMODEL_CNT_GROW_REFUSED);
	r->before = agx4_test_fw_objects(r->adev, false);
}

static int grow_setup(struct fault_run *r)
{
	const struct agx4_fwmodel_script s = {
		.action = AGX4_FWMODEL_ACT_GROW, .arg = GROW_REQUESTS,
		.kinds = AGX4_FWMODEL_KIND_TA,
	};
	int ret = submit_setup(r, true);

	ret = ret ?: agx4_fwmodel_script(r->m, &s);
	if (ret)
		return ret;
	agx4_tvb_hold(r->adev, true);
	ret = submit_step(r);
	if (ret)
		return ret;
	if (!wait_growth(r))
		return -ETIMEDOUT;
	/* The pool's first blocks are made by now: the request waits. */
	grow_mark(r);
	return 0;
}

/* Answer the request waiting: 0 for "grew", else the refusal's errno. */
static int grow_step(struct fault_run *r)
{
	int ret;

	if (!wait_growth(r))
		return -ETIMEDOUT;
	ret = agx4_tvb_run_one(r->adev);
	return ret > 0 ? 0 : ret;
}

static const char *grow_applied(struct fault_run *r, int ret)
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);
	u32 grew, refused, answers = r->grew + r->refused + 1;
	unsigned int objs = agx4_test_fw_objects(r->adev, false);
	const char *why = NULL;

	if (ret && ret != -ENOMEM)
		return "the growth request was not answered";
	for (;;) {
		agx4_fwmodel_sync(r->m);
		grew = model_count(r, AGX4_FWMODEL_CNT_GROW_GREW);
		refused = model_count(r, AGX4_FWMODEL_CNT_GROW_REFUSED);
		if (grew + refused >= answers || time_after(jiffies, end))
			break;
		usleep_range(100, 200);
	}
	if (grew + refused != answers)
		why = "the firmware got no answer";
	else if (!ret && (grew != r->grew + 1 || objs != r->before + 1))
		why = "\"grew\" without one more block object";
	else if (ret && (refused != r->refused + 1 || objs != r->before))
		why = "a refused growth changed the pool";
	/* The retry answers the next request. */
	grow_mark(r);
	return why;
}

/* The other requests answered on the workqueue; the job completes. */
static const char *grow_finish(struct fault_run *r)
{
	struct dma_fence *f = agx4_test_syncobj_fence(r->c, r->out_bin, 0);
	const char *why = NULL;
	u32 refused;

	agx4_tvb_hold(r->adev, false);
	if (!f)
		return "the render has no out-fence";
	if (agx4_test_fence_wait(f, BOUND_MS))
		why = "the render did not complete";
	dma_fence_put(f);
	agx4_fwmodel_sync(r->m);
	refused = model_count(r, AGX4_FWMODEL_CNT_GROW_REFUSED);
	if (!why && model_count(r, AGX4_FWMODEL_CNT_REPLY_TIMEOUTS))
		why = "a growth request was left unanswered";
	if (!why && model_count(r, AGX4_FWMODEL_CNT_PARTIAL_RENDERS) != refused)
		why = "a refusal without a partial render";
	return why;
}

static void grow_undo(struct fault_run *r)
{
	agx4_tvb_hold(r->adev, false);
	agx4_job_flush(r->adev);
}

/*
 * Firmware restart: a device of the run's own, with a compute in the
 * firmware when it crashes; the reset waits (held) until the step runs
 * it in the test's task.  Every allocation of the dump and of the new
 * boot fails in turn: a dump that cannot be made must not keep the
 * firmware from restarting, and a boot that fails must lose the device
 * (unplugged, -ENODEV), in both cases with the job ended with -EIO and
 * nothing leaked once the device is removed.
 */

static unsigned int dumps;

/* The dumps of the suite's resets: counted, then freed at once. */
static void dump_hook(struct agx4_device *adev, void *buf, size_t len)
{
	dumps++;
	kvfree(buf);
}

/* Wait, a bounded time, until @ok(@r) holds. */
static bool wait_for(struct fault_run *r, bool (*ok)(struct fault_run *r))
{
	unsigned long end = jiffies + msecs_to_jiffies(BOUND_MS);

	while (!ok(r)) {
		if (time_after(jiffies, end))
			return false;
		usleep_range(100, 200);
	}
	return true;
}

static bool job_held(struct fault_run *r)
{
	return agx4_fwmodel_held(r->m) >= 1;
}

static bool reset_due(struct fault_run *r)
{
	return agx4_reset_pending(r->adev);
}

static int restart_setup(struct fault_run *r)
{
	int ret = probe_setup(r) ?: probe_step(r);

	if (ret)
		return ret;
	r->m = agx4_test_model();
	r->c = agx4_test_client_open(r->test, r->adev);
	ret = submit_setup(r, false);
	if (ret)
		return ret;
	agx4_fwmodel_hold(r->m);
	ret = submit_step(r);
	if (ret)
		return ret;
	if (!wait_for(r, job_held))
		return -ETIMEDOUT;
	agx4_reset_hold(r->adev, true);
	agx4_fwmodel_inject(r->m, AGX4_FWMODEL_FAULT_CRASH, 0);
	if (!wait_for(r, reset_due))
		return -ETIMEDOUT;
	r->before = dumps;
	return 0;
}

static int restart_step(struct fault_run *r)
{
	return agx4_recovery_run(r->adev);
}

/* A new client's compute, on a new VM and queue, completes. */
static const char *new_job_completes(struct fault_run *r)
{
	struct agx4_test_client *keep = r->c;
	const char *why = NULL;
	struct dma_fence *f;
	int ret;

	r->c = agx4_test_client_open(r->test, r->adev);
	ret = submit_setup(r, false) ?: submit_step(r);
	if (ret) {
		why = "a new job was refused after the restart";
	} else {
		f = agx4_test_syncobj_fence(r->c, r->out_bin, 0);
		if (!f || agx4_test_fence_wait(f, BOUND_MS))
			why = "a new job did not complete after the restart";
		dma_fence_put(f);
	}
	agx4_test_client_close(r->c);
	r->c = keep;
	return why;
}

static const char *restart_applied(struct fault_run *r, int ret)
{
	struct dma_fence *f = agx4_test_syncobj_fence(r->c, r->out_bin, 0);
	int err = f ? agx4_test_fence_wait(f, BOUND_MS) : -ENOENT;
	u32 q;

	dma_fence_put(f);
	if (err != -EIO)
		return "the job in flight did not end with -EIO";
	if (ret) {
		/* The device is lost: unplugged from a work item. */
		agx4_reset_flush(r->adev);
		if (!drm_dev_is_unplugged(&r->adev->base) || r->adev->fw)
			return "a failed restart left the device up";
		if (agx4_test_queue_create(r->c, r->vm,
					   DRM_ASAHI_PRIORITY_MEDIUM,
					   &q) != -ENODEV)
			return "an ioctl of a lost device did not fail with -ENODEV";
		return NULL;
	}
	if (!r->adev->fw || agx4_reset_failures(r->adev) ||
	    drm_dev_is_unplugged(&r->adev->base))
		return "the restart succeeded without firmware";
	if (!agx4_fwmodel_running(r->m, 0))
		return "the firmware does not run after the restart";
	agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
	return new_job_completes(r);
}

static void restart_undo(struct fault_run *r)
{
	if (r->m) {
		agx4_fwmodel_exec(r->m, AGX4_FWMODEL_RUN, 0);
		agx4_fwmodel_release(r->m, AGX4_FWMODEL_OLDEST_FIRST);
	}
	if (r->c) {
		agx4_test_client_close(r->c);
		r->c = NULL;
	}
	if (r->adev)
		agx4_reset_flush(r->adev);
	r->m = NULL;
	probe_undo(r);
}

/*
 * A probe's runs, and a restart's (each probes a device, crashes and
 * restarts its firmware and removes it), go through the G16 boot's 5700
 * allocations: split so that no part comes near KUnit's 300 s limit for
 * a case even on a loaded machine.  A run takes about 0.3 s to 0.5 s
 * there, and a part makes up to one run per allocation: six parts took
 * over 300 s beside two kernel builds, and a part of 1100 allocations
 * 166 s beside one.  These parts are about 500 allocations or fewer.
 */
static const unsigned int boot_parts[] = {
	201, 401, 701, 1001, 1401, 1801, 2251, 2701, 3151, 3601, 4101, 4601,
	5101, 0
};

/*
 * The scenarios.  The boot-sized ones come last: make mutants stops a
 * run at its first failing case, and most of its allocation-failure
 * sites are in the ioctls.
 */
static const struct fault_scenario scenarios[] = {
	{ "open", .fresh_retry = true, .setup = open_setup, .step = open_step,
	  .applied = open_applied, .undo = open_undo },
	{ "vm_create", .client = true, .setup = vm_setup,
	  .step = vm_create_step, .applied = vm_create_applied },
	{ "vm_bind_map", .client = true, .setup = bind_setup,
	  .step = vm_bind_step, .applied = bind_map_applied },
	{ "vm_bind_unmap", .client = true, .setup = bind_unmap_setup,
	  .step = vm_bind_step, .applied = bind_unmap_applied },
	{ "gem_create", .client = true, .setup = gem_create_setup,
	  .step = gem_create_step, .applied = gem_create_applied },
	{ "gem_bind_object", .client = true, .setup = bind_object_setup,
	  .step = bind_object_step, .applied = bind_object_applied },
	{ "queue_create", .client = true,
	  .setup = queue_setup, .step = queue_step,
	  .applied = queue_applied },
	{ "submit_render", .client = true, .setup = submit_render_setup,
	  .step = submit_step, .applied = submit_applied,
	  .undo = submit_undo },
	{ "submit_compute", .client = true, .setup = submit_compute_setup,
	  .step = submit_step, .applied = submit_applied,
	  .undo = submit_undo },
	{ "tvb_grow", .client = true, .setup = grow_setup,
	  .step = grow_step, .applied = grow_applied,
	  .finish = grow_finish, .undo = grow_undo },
	{ "probe", .probe = true, .no_retry = true,
	  .setup = probe_setup, .step = probe_step,
	  .applied = probe_applied, .undo = probe_undo,
	  .parts = boot_parts },
	{ "fw_restart", .device = true, .no_retry = true,
	  .setup = restart_setup, .step = restart_step,
	  .applied = restart_applied, .undo = restart_undo,
	  .parts = boot_parts },
};

/* A scenario on a GPU, allocations @first to @last of it. */
struct fault_param {
	const struct fault_scenario *sc;
	enum agx4_soc_id soc;
	unsigned int first;
	unsigned int last;
};

#define MAX_PARTS	ARRAY_SIZE(boot_parts)

static const void *fault_gen_params(const void *prev, char *desc)
{
	static struct fault_param params[ARRAY_SIZE(scenarios) *
					 ARRAY_SIZE(socs) * MAX_PARTS];
	const struct fault_param *p = prev;
	const struct fault_scenario *sc;
	unsigned int i = p ? p - params + 1 : 0, part = 0, s = 0, g = 0;
	const char *gpu;

	/* The scenario, GPU and part that follow @prev. */
	if (p) {
		sc = p->sc;
		s = sc - scenarios;
		g = p->soc == socs[0] ? 0 : 1;
		for (part = 0; sc->parts && sc->parts[part] &&
		     sc->parts[part] <= p->first; part++)
			;
		if (!sc->parts || !sc->parts[part]) {
			part = 0;
			if (++g == ARRAY_SIZE(socs)) {
				g = 0;
				s++;
			}
		} else {
			part++;
		}
	}
	if (s >= ARRAY_SIZE(scenarios) || i >= ARRAY_SIZE(params))
		return NULL;
	sc = &scenarios[s];
	params[i].sc = sc;
	params[i].soc = socs[g];
	params[i].first = part ? sc->parts[part - 1] : 1;
	params[i].last = sc->parts && sc->parts[part] ? sc->parts[part] - 1 :
			 MAX_N;
	gpu = socs[g] == AGX4_SOC_T8132 ? "G16" : "G17P";
	if (sc->parts)
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s %u-%u", sc->name,
			 gpu, params[i].first, params[i].last);
	else
		snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s %s", sc->name, gpu);
	return &params[i];
}

/* ---- the runs ---- */

/* What must be as before a run, once it is undone. */
struct fault_baseline {
	bool valid;
	int gem_objects;
	unsigned int fw_objects;
	unsigned int ts_objects;
};

static void baseline(struct fault_run *r, struct fault_baseline *b)
{
	b->valid = true;
	b->gem_objects = atomic_read(&r->adev->gem_objects);
	b->fw_objects = agx4_test_fw_objects(r->adev, false);
	b->ts_objects = agx4_test_fw_objects(r->adev, true);
}

static bool at_baseline(struct fault_run *r, const struct fault_baseline *b)
{
	if (!b->valid)
		return true;
	return atomic_read(&r->adev->gem_objects) == b->gem_objects &&
	       agx4_test_fw_objects(r->adev, false) == b->fw_objects &&
	       agx4_test_fw_objects(r->adev, true) == b->ts_objects;
}

/*
 * Wait for what the undo let go (work items, RCU, delayed fput) to be
 * freed: no tracked object left, the counts back and, for a scenario
 * that removed its device (@gone), the device released; or the bound.
 */
static void settle(struct fault_run *r, const struct fault_baseline *b,
		   bool gone)
{
	unsigned long end = jiffies + msecs_to_jiffies(SETTLE_MS);

	for (;;) {
		if (r->adev)
			agx4_job_flush(r->adev);
		if (!track_leaked(NULL) && (!r->adev || at_baseline(r, b)) &&
		    (!gone || !agx4_test_model()))
			return;
		if (time_after(jiffies, end))
			return;
		flush_delayed_fput();
		rcu_barrier();
		kvfree_rcu_barrier();
		usleep_range(500, 1000);
	}
}

static const char *model_error(struct fault_run *r)
{
	enum agx4_fwmodel_err e;
	u64 where = 0;

	if (!r->m)
		return NULL;
	agx4_fwmodel_sync(r->m);
	e = agx4_fwmodel_error(r->m, &where);
	return e == AGX4_FWMODEL_OK ? NULL : agx4_fwmodel_err_name(e);
}

static int run_setup(struct fault_run *r, const struct fault_scenario *sc)
{
	if (sc->client)
		r->c = agx4_test_client_open(r->test, r->adev);
	return sc->setup ? sc->setup(r) : 0;
}

static void run_undo(struct fault_run *r, const struct fault_scenario *sc)
{
	if (sc->undo)
		sc->undo(r);
	if (sc->client && r->c) {
		agx4_test_client_close(r->c);
		r->c = NULL;
	}
}

/* The step under fail_nth @n (0: none); true when the n-th failed. */
static int run_step(struct fault_run *r, const struct fault_scenario *sc,
		    unsigned int n, bool *hit)
{
	int ret;

	track_record(true);
	fail_nth_set(n);
	ret = sc->step(r);
	*hit = n && !fail_nth_set(0);
	track_record(false);
	if (sc->probe && !ret)
		r->m = agx4_test_model();
	return ret;
}

/*
 * What a run's failure looked like from outside: its errno, the slab
 * allocations the step made (the failed one included) and the call site
 * of a failed slab allocation.  Two consecutive N with the same outcome
 * failed in a loop of page allocations with no slab allocation between
 * them (a firmware object's 16 KiB chunks, an object's shmem pages).
 */
struct fault_outcome {
	bool hit;
	int ret;
	unsigned int events;
	unsigned long fail_site;
};

static bool same_outcome(const struct fault_outcome *a,
			 const struct fault_outcome *b)
{
	return a->hit && b->hit && a->ret == b->ret &&
	       a->events == b->events && a->fail_site == b->fail_site;
}

/*
 * One run with the n-th allocation failing.  Fills @out; bumps
 * totals.unclean (and says why) when the run is not clean.
 */
static void run_once(struct fault_run *r, const struct fault_scenario *sc,
		     unsigned int n, const struct fault_baseline *b,
		     struct fault_outcome *out)
{
	struct kunit *test = r->test;
	bool tainted = test_taint(TAINT_WARN) || test_taint(TAINT_BAD_PAGE);
	bool locks = debug_locks;
	const char *why = NULL;
	struct leak_site sites[LEAK_SITES] = { };
	unsigned int leaked, i;
	bool hit, hit2;
	int ret;

	KUNIT_ASSERT_EQ_MSG(test, run_setup(r, sc), 0, "%s: setup", sc->name);
	track_reset();
	ret = run_step(r, sc, n, &hit);
	*out = (struct fault_outcome){
		.hit = hit, .ret = ret, .events = trk.events,
		.fail_site = trk.fail_site,
	};
	if (hit)
		count_site(trk.fail_site);
	if (ret > 0 || (!hit && ret))
		why = hit ? "returned a positive value" :
			    "failed with no failure injected";
	if (!why)
		why = sc->applied(r, ret);
	/* A restart's model crashed on purpose. */
	if (!why && !sc->probe && !sc->device)
		why = model_error(r);

	/* Still usable: the same step succeeds at once. */
	if (!why && hit && !sc->no_retry) {
		if (sc->fresh_retry) {
			run_undo(r, sc);
			KUNIT_ASSERT_EQ_MSG(test, run_setup(r, sc), 0,
					    "%s: setup again", sc->name);
		}
		ret = run_step(r, sc, 0, &hit2);
		if (ret)
			why = "the retry without injection failed";
		else
			why = sc->applied(r, 0);
		if (!why)
			why = model_error(r);
	}
	if (sc->probe && !why && r->adev)
		why = model_error(r);
	if (sc->finish) {
		const char *end = sc->finish(r);

		if (!why)
			why = end;
		if (!why)
			why = model_error(r);
	}

	run_undo(r, sc);
	settle(r, b, sc->probe || sc->device);
	leaked = track_leaked(sites);
	if (!why && leaked)
		why = "slab objects leaked";
	if (!why && trk.overflow)
		why = "too many allocations to track";
	if (!why && r->adev && !sc->probe && !sc->device &&
	    !at_baseline(r, b))
		why = "GEM or firmware objects leaked";
	/* The probe's device (and its model) went with its parent. */
	if (!why && (sc->probe || sc->device) && agx4_test_model())
		why = "the probed device was not released";
	if (!why && !tainted &&
	    (test_taint(TAINT_WARN) || test_taint(TAINT_BAD_PAGE)))
		why = "a WARN or KASAN report";
	if (!why && locks && !debug_locks)
		why = "a lockdep report";
	if (sc->probe || sc->device)
		r->m = NULL;

	if (why) {
		totals.unclean++;
		KUNIT_FAIL(test, "%s, allocation %u%s: %s", sc->name, n,
			   hit ? "" : " (not reached)", why);
		for (i = 0; i < LEAK_SITES && sites[i].count; i++)
			kunit_info(test, "leaked: %u object(s) of %zu bytes from %pS\n",
				   sites[i].count, sites[i].size,
				   (void *)sites[i].site);
		if (trk.fail_site)
			kunit_info(test, "the failed allocation: %pS\n",
				   (void *)trk.fail_site);
	}
}

/*
 * Once, untracked and not injected: what is made once per boot (the
 * test's register window) or once per device (the firmware objects of
 * its first queue) is made here, not counted against a run.
 */
static void warm_up(struct fault_run *r, const struct fault_scenario *sc)
{
	struct fault_baseline none = { };
	unsigned int stable, fw, now;
	unsigned long end;
	bool hit;

	KUNIT_ASSERT_EQ_MSG(r->test, run_setup(r, sc), 0, "%s: setup",
			    sc->name);
	KUNIT_EXPECT_EQ_MSG(r->test, run_step(r, sc, 0, &hit), 0,
			    "%s without injection", sc->name);
	if (sc->finish)
		KUNIT_EXPECT_NULL_MSG(r->test, sc->finish(r),
				      "%s without injection", sc->name);
	track_reset();
	run_undo(r, sc);
	settle(r, &none, sc->probe || sc->device);
	if (sc->probe || sc->device) {
		r->m = NULL;
		return;
	}
	/*
	 * The counts a run must come back to: the client's objects gone
	 * (closing a file frees them off the test's task), the device's
	 * own firmware objects left.
	 */
	end = jiffies + msecs_to_jiffies(SETTLE_MS);
	while ((atomic_read(&r->adev->gem_objects) ||
		agx4_test_fw_objects(r->adev, true)) &&
	       time_before(jiffies, end)) {
		agx4_job_flush(r->adev);
		flush_delayed_fput();
		rcu_barrier();
		usleep_range(500, 1000);
	}
	agx4_job_flush(r->adev);
	/*
	 * The client's firmware objects (queues, pools, per-VM state) go
	 * on work items and through the firmware after its GEM objects:
	 * wait until their count has not moved for STABLE_ROUNDS rounds of
	 * every flush, longer than the completion poll, or the baseline
	 * would count some of them and every run would look unclean.
	 */
	stable = 0;
	fw = agx4_test_fw_objects(r->adev, false);
	while (stable < STABLE_ROUNDS && time_before(jiffies, end)) {
		agx4_job_flush(r->adev);
		agx4_tvb_flush(r->adev);
		if (r->m)
			agx4_fwmodel_sync(r->m);
		flush_delayed_fput();
		rcu_barrier();
		usleep_range(5000, 6000);
		now = agx4_test_fw_objects(r->adev, false);
		stable = now == fw ? stable + 1 : 0;
		fw = now;
	}
}

static void agx4_fault_each_allocation_fails_cleanly(struct kunit *test)
{
	const struct fault_param *p = test->param_value;
	const struct fault_scenario *sc = p->sc;
	struct fault_baseline b = { };
	struct fault_outcome prev, cur, mid_out;
	struct fault_run *r;
	unsigned int n, lo, hi, mid, stride = 1, failed;
	unsigned int before = totals.unclean;
	unsigned long *done;

	r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	/* The N whose failure was reached (bisection repeats some). */
	done = kunit_kcalloc(test, BITS_TO_LONGS(MAX_N + 1), sizeof(long),
			     GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, r);
	KUNIT_ASSERT_NOT_NULL(test, done);
	r->test = test;
	r->soc = p->soc;
	r->dt = agx4_test_dt_alloc(test, p->soc);
	if (sc->probe || sc->device) {
		agx4_test_fake_gpu(test, p->soc);
	} else {
		r->adev = agx4_test_probe(test, p->soc);
		r->m = agx4_test_model();
	}
	warm_up(r, sc);
	if (!sc->probe && !sc->device)
		baseline(r, &b);

	/* Run 0 fails nothing and must succeed. */
	run_once(r, sc, 0, &b, &prev);

	/*
	 * Then each allocation in turn.  While the outcome repeats (a loop
	 * of page allocations), the step doubles; when it changes, the
	 * first N with the new outcome is found by bisection, and the
	 * steps start again from 1 there.
	 */
	for (n = p->first; n <= p->last; n += stride) {
		run_once(r, sc, n, &b, &cur);
		if (cur.hit)
			__set_bit(n, done);
		if (stride > 1 && !same_outcome(&prev, &cur)) {
			lo = n - stride;
			hi = n;
			while (hi - lo > 1) {
				mid = lo + (hi - lo) / 2;
				run_once(r, sc, mid, &b, &mid_out);
				if (mid_out.hit)
					__set_bit(mid, done);
				if (same_outcome(&prev, &mid_out)) {
					lo = mid;
				} else {
					hi = mid;
					cur = mid_out;
				}
			}
			n = hi;
			stride = 1;
		} else if (same_outcome(&prev, &cur)) {
			stride *= 2;
		}
		if (!cur.hit)
			break;
		prev = cur;
	}
	if (p->last == MAX_N)
		KUNIT_EXPECT_LE_MSG(test, n, MAX_N, "%s never completed",
				    sc->name);
	failed = bitmap_weight(done, MAX_N + 1);
	/* The allocations of this part: up to the first not reached. */
	n = min(n, p->last + 1);
	/* Counts vary a little from run to run (slab refills). */
	n = failed ? max_t(unsigned int, n - 1,
			   find_last_bit(done, MAX_N + 1)) : n - 1;
	n = n >= p->first ? n - p->first + 1 : 0;
	totals.runs_failed += failed;
	totals.allocations += n;
	kunit_info(test, "%s: %u allocations failed (of %u), %u unclean\n",
		   sc->name, failed, n, totals.unclean - before);
}

/* Runs last: the totals of the cases before it. */
static void agx4_fault_totals_are_clean(struct kunit *test)
{
	kunit_info(test, "agx4-fault: allocation sites failed = %u, unclean = %u\n",
		   totals.runs_failed, totals.unclean);
	kunit_info(test, "agx4-fault: allocations made = %u, distinct slab call sites failed = %u%s\n",
		   totals.allocations, totals.nsites,
		   totals.sites_overflow ? "+" : "");
	KUNIT_EXPECT_GT(test, totals.runs_failed, 0);
	KUNIT_EXPECT_EQ(test, totals.unclean, 0);
}

static int agx4_fault_suite_init(struct kunit_suite *suite)
{
	int ret;

	trk.slot = vzalloc(TRACK_SLOTS * sizeof(*trk.slot));
	if (!trk.slot)
		return -ENOMEM;
	knobs.slab_ignore_wait = fault_knob("failslab", "ignore-gfp-wait");
	knobs.page_ignore_wait = fault_knob("fail_page_alloc",
					    "ignore-gfp-wait");
	knobs.page_min_order = fault_knob("fail_page_alloc", "min-order");
	knobs.slab_verbose = fault_knob("failslab", "verbose");
	knobs.page_verbose = fault_knob("fail_page_alloc", "verbose");
	if (!knobs.slab_ignore_wait || !knobs.page_ignore_wait ||
	    !knobs.page_min_order || !knobs.slab_verbose ||
	    !knobs.page_verbose) {
		pr_err("agx4_fault: no failslab/fail_page_alloc in debugfs\n");
		vfree(trk.slot);
		return -ENODEV;
	}
	knobs.slab_ignore_wait_was = *knobs.slab_ignore_wait;
	knobs.page_ignore_wait_was = *knobs.page_ignore_wait;
	knobs.page_min_order_was = *knobs.page_min_order;
	knobs.slab_verbose_was = *knobs.slab_verbose;
	knobs.page_verbose_was = *knobs.page_verbose;
	*knobs.slab_ignore_wait = false;
	*knobs.page_ignore_wait = false;
	*knobs.page_min_order = 0;
	/* Thousands of failures: no stack dump for each. */
	*knobs.slab_verbose = 0;
	*knobs.page_verbose = 0;

	agx4_test_dump_hook = dump_hook;

	ret = register_trace_kmalloc(probe_kmalloc, NULL);
	ret = ret ?: register_trace_kmem_cache_alloc(probe_cache_alloc, NULL);
	ret = ret ?: register_trace_kfree(probe_kfree, NULL);
	ret = ret ?: register_trace_kmem_cache_free(probe_cache_free, NULL);
	return ret;
}

static void agx4_fault_suite_exit(struct kunit_suite *suite)
{
	unregister_trace_kmem_cache_free(probe_cache_free, NULL);
	unregister_trace_kfree(probe_kfree, NULL);
	unregister_trace_kmem_cache_alloc(probe_cache_alloc, NULL);
	unregister_trace_kmalloc(probe_kmalloc, NULL);
	tracepoint_synchronize_unregister();
	agx4_test_dump_hook = NULL;
	if (knobs.slab_ignore_wait) {
		*knobs.slab_ignore_wait = knobs.slab_ignore_wait_was;
		*knobs.page_ignore_wait = knobs.page_ignore_wait_was;
		*knobs.page_min_order = knobs.page_min_order_was;
		*knobs.slab_verbose = knobs.slab_verbose_was;
		*knobs.page_verbose = knobs.page_verbose_was;
	}
	vfree(trk.slot);
	trk.slot = NULL;
}

static struct kunit_case agx4_fault_cases[] = {
	KUNIT_CASE_PARAM(agx4_fault_each_allocation_fails_cleanly,
			 fault_gen_params),
	KUNIT_CASE(agx4_fault_totals_are_clean),
	{ }
};

static struct kunit_suite agx4_fault_suite = {
	.name = "agx4_fault",
	.suite_init = agx4_fault_suite_init,
	.suite_exit = agx4_fault_suite_exit,
	.test_cases = agx4_fault_cases,
};

kunit_test_suite(agx4_fault_suite);
