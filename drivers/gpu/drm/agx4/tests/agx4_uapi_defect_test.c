// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_uapi_defect": single-defect hostile inputs of every
 * ioctl.
 */

/**
 * DOC: single-defect inputs
 *
 * Each case of this suite is a known-good call with exactly one defect.
 * A builder per ioctl (and, for SUBMIT, per kind of command buffer)
 * fills a valid argument block and the user memory it points at; a named
 * mutator then changes one thing: one field of the arguments, of the
 * VM_BIND operation, of a sync entry, of a command header or of a
 * command's payload (one bit of it, a boundary value, or another file's,
 * a destroyed or an unknown id).  For each case the suite checks that
 *
 * - the defective call fails with exactly the errno the driver documents
 *   (the handlers' kernel-doc, the UAPI header);
 * - it changed nothing the client can observe: GEM handles and objects,
 *   syncobjs and the fences of the out-syncs, VMs, queues, timestamp
 *   objects and their firmware mappings, the mappings of the VMs, the work
 *   the firmware model ran, and the other file's objects;
 * - the same call without the defect, made at once from the same state,
 *   succeeds (and what it made is undone, so the next case starts from
 *   the same state).
 *
 * Mutators with expected errno 0 are the good side of a boundary (the
 * largest stride, the last page below a limit): they must succeed.  Each
 * case runs the tables of its ioctls (&struct table); the case
 * agx4_uapi_defect_totals checks the tables themselves, whatever the order
 * the cases run in (each is run by a case, each ioctl has defects, each
 * defect makes a call and expects an errno), and prints
 * ``agx4-uapi: single-defect inputs = N``, the number of defective calls
 * the cases make, and the number of good-side boundary calls.
 *
 * Sequences are defects too: an id of another file (a number that names
 * nothing in the calling file), an id just destroyed, closed or unbound,
 * and every ioctl that reaches the device after it was unplugged.
 */

#include <kunit/test.h>
#include <linux/bitops.h>
#include <linux/dma-fence.h>
#include <linux/dma-fence-chain.h>
#include <linux/err.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/sched.h>
#include <linux/idr.h>
#include <linux/mm.h>
#include <linux/mman.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_ioctl.h>
#include <drm/drm_kunit_helpers.h>
#include <drm/drm_syncobj.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_cmdbuf.h"
#include "../agx4_device.h"
#include "../agx4_drv.h"
#include "../agx4_fw.h"
#include "../agx4_fw_queue.h"
#include "../agx4_gem.h"
#include "../agx4_queue.h"
#include "../agx4_vm.h"
#include "agx4_test_util.h"

#define PG		AGX4_UAT_PAGE_SIZE
/* The most a case waits for the model: a bound, never a measure. */
#define BOUND_MS	5000
#define NONE		DRM_ASAHI_BARRIER_NONE

/*
 * The UAPI's limits, as the UAPI and GET_PARAMS state them (written here,
 * not taken from the driver's declarations).
 */
#define U_VM_START	0x4000ull
#define U_VM_END	(BIT_ULL(42) - 0x8000)
#define U_KERNEL_MIN	0x20000000ull
#define U_USC_BASE	BIT_ULL(40)

/*
 * The G16 backend's range of every VM (the compute namespace and the Work
 * aliases the firmware reaches at fixed addresses), as the firmware
 * description gives it.
 */
#define G16_RESERVED	0x7000000000ull

/* The kernel range of the suite's VMs: the top 32 GiB of the window. */
#define KS		(U_VM_END - SZ_32G)
#define KE		U_VM_END
/* Where VM_BIND maps, and what. */
#define BIND_ADDR	0x2000000000ull
#define BO_PAGES	4
#define BO_SIZE		(BO_PAGES * PG)
#define BIND_RANGE	(2 * PG)

/* The client's user memory: commands, syncs, operations, parameters. */
#define UCMD		0
#define USYNC		(SZ_1M + SZ_64K)
#define UOPS		(2 * SZ_1M)
#define UPARAMS		(3 * SZ_1M + SZ_512K)

/* Ids the other file makes before the one it keeps: none is ours. */
#define OTHER_VMS	40
#define OTHER_QUEUES	20
#define OTHER_BOS	100
#define OTHER_TS	10
#define OTHER_SYNCS	60

#define CMD_MAX		2048
#define MAX_CMDS	4

/* What a mutator changes. */
enum tgt {
	T_ARGS,		/* the argument block */
	T_OP,		/* the VM_BIND operation */
	T_TAIL,		/* bytes after the operation, within its stride */
	T_SYNC0,	/* the first sync entry */
	T_SYNC1,	/* the second */
	T_HDR0,		/* header of command k: T_HDR0 + k */
	T_PAY0 = T_HDR0 + MAX_CMDS,	/* payload of command k */
};

/* How. */
enum kind {
	K_SET,		/* the field becomes @v */
	K_ADD,		/* @v is added to it */
	K_BITS,		/* each bit of @v flipped, one case per bit */
	K_CTX,		/* it becomes the id @v names (enum ctx) */
	K_FN,		/* @fn changes the call */
};

/* Ids and addresses resolved when a case runs. */
enum ctx {
	CV_OTHER_VM,
	CV_OTHER_QUEUE,
	CV_OTHER_BO,
	CV_OTHER_TS,
	CV_OTHER_SYNC,
	CV_DEAD_VM,
	CV_DEAD_QUEUE,
	CV_DEAD_BO,
	CV_DEAD_TS,
	CV_DEAD_SYNC,
	CV_EMPTY_SYNC,
	CV_PRIVATE_BO,	/* private to another VM of the file */
	CV_USC_VM,	/* a VM whose kernel range covers the USC range */
	CV_UEND,	/* the end of the client's user memory */
	CV_RESERVED,	/* the backend's reserved GPU range */
	CV_BELOW_RESERVED,	/* the last range below it */
};

struct env;
struct spec;

/**
 * struct loc - a field
 * @tgt: what holds it (&enum tgt).
 * @size: its bytes.
 * @off: its offset in @tgt.
 */
struct loc {
	u8 tgt;
	u8 size;
	u16 off;
};

/**
 * struct mut - one named defect
 * @name: what it is.
 * @at: the field it changes.
 * @kind: &enum kind.
 * @v: the value, delta, bit mask or &enum ctx.
 * @err: the errno the call must fail with; 0 for a good-side boundary.
 * @fn: for %K_FN.
 */
struct mut {
	const char *name;
	struct loc at;
	u8 kind;
	u64 v;
	int err;
	void (*fn)(struct env *e, struct spec *s);
};

/*
 * @loc is a &struct loc, as GT() and the like give: a field by its
 * target, its size (as the UAPI header declares it) and its offset.
 */
#define SET(n, loc, val, e)	{ n, loc, K_SET, val, e }
#define ADD(n, loc, d, e)	{ n, loc, K_ADD, (u64)(d), e }
#define BITS(n, loc, m, e)	{ n, loc, K_BITS, m, e }
#define CTX(n, loc, c, e)	{ n, loc, K_CTX, c, e }
#define FN(n, f, e)		{ n, { }, K_FN, 0, e, f }

#define ALL32		GENMASK_ULL(31, 0)
#define ALL64		(~0ull)
#define LOW14		GENMASK_ULL(13, 0)

/**
 * struct spec - one call: its arguments and the user memory they name
 * @a: the argument block.
 * @op: the VM_BIND operation (@has_op).
 * @tail: the first bytes after it when the stride is longer.
 * @has_op: @op is written to user memory.
 * @sync: the sync entries, @nsync of them.
 * @nsync: entries of @sync.
 * @point: the timeline point an out-sync signals, 0 for none.
 * @cmd: the command buffer, @cmd_size bytes.
 * @cmd_size: bytes of @cmd.
 * @cmd_off: where each command's header is in @cmd.
 * @ncmd: commands in @cmd.
 */
struct spec {
	union {
		struct drm_asahi_get_time get_time;
		struct drm_asahi_get_params get_params;
		struct drm_asahi_vm_create vm_create;
		struct drm_asahi_vm_destroy vm_destroy;
		struct drm_asahi_vm_bind vm_bind;
		struct drm_asahi_gem_create gem_create;
		struct drm_asahi_gem_mmap_offset mmap_offset;
		struct drm_asahi_gem_bind_object bind_object;
		struct drm_asahi_queue_create queue_create;
		struct drm_asahi_queue_destroy queue_destroy;
		struct drm_asahi_submit submit;
	} a;
	struct drm_asahi_gem_bind_op op;
	u8 tail[8];
	bool has_op;
	struct drm_asahi_sync sync[2];
	u32 nsync;
	u64 point;
	u8 cmd[CMD_MAX];
	u32 cmd_size;
	u32 cmd_off[MAX_CMDS];
	u32 ncmd;
};

typedef int (*ioctl_fn)(struct drm_device *, void *, struct drm_file *);

/**
 * struct builder - a known-good call of one ioctl
 * @name: its name.
 * @call: the handler.
 * @build: fill a valid call (making what it needs first).
 * @undo: undo what a successful call made.
 * @cleanup: drop what @build made, if the call left it (may be NULL).
 */
struct builder {
	const char *name;
	ioctl_fn call;
	void (*build)(struct env *e, struct spec *s);
	void (*undo)(struct env *e, struct spec *s);
	void (*cleanup)(struct env *e, struct spec *s);
};

/* The client's state the suite compares before and after a call. */
struct state {
	int gem_objects;
	unsigned int handles, syncobjs, vms, queues, ts_objects, ts_maps;
	unsigned int maps, fork_maps, vm2_maps;
	unsigned int o_handles, o_vms, o_queues, o_ts_objects;
	struct dma_fence *out, *out_tl;
	u32 computes, tas;
};

/*
 * struct env - a booted device, a client with the fork's layout, another
 *	client, and the objects the builders use
 */
struct env {
	struct kunit *test;
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	struct agx4_test_client *c;
	struct agx4_test_client *o;
	struct agx4_test_fork *f;
	u32 vm, vm2, usc_vm, bo, private_bo, queue;
	u32 in_sync, in_tl, out_sync, out_tl, empty_sync, ts;
	u64 point;
	u32 o_vm, o_queue, o_bo, o_ts, o_sync;
	unsigned long uend;
	struct spec good, bad, run;
};

static struct agx4_file *af(struct agx4_test_client *c)
{
	return c->file->driver_priv;
}

static int count_one(int id, void *p, void *data)
{
	(*(unsigned int *)data)++;
	return 0;
}

static unsigned int count_handles(struct drm_file *file)
{
	unsigned int n = 0;

	spin_lock(&file->table_lock);
	idr_for_each(&file->object_idr, count_one, &n);
	spin_unlock(&file->table_lock);
	return n;
}

static unsigned int count_syncobjs(struct drm_file *file)
{
	unsigned int n = 0;

	spin_lock(&file->syncobj_table_lock);
	idr_for_each(&file->syncobj_idr, count_one, &n);
	spin_unlock(&file->syncobj_table_lock);
	return n;
}

static unsigned int vm_maps(struct env *e, u32 id)
{
	struct agx4_vm *vm = agx4_vm_pool_get(af(e->c)->vms, id);
	unsigned int n;

	KUNIT_ASSERT_NOT_NULL(e->test, vm);
	n = agx4_vm_num_mappings(vm);
	agx4_vm_put(vm);
	return n;
}

/* The fence a syncobj (or its point) holds now, without a reference. */
static struct dma_fence *sync_fence(struct env *e, u32 handle, u64 point)
{
	struct dma_fence *f = agx4_test_syncobj_fence(e->c, handle, point);

	dma_fence_put(f);	/* the syncobj keeps it */
	return f;
}

static void snap(struct env *e, struct state *st)
{
	struct agx4_file *a = af(e->c), *o = af(e->o);

	*st = (struct state){
		.gem_objects = atomic_read(&e->adev->gem_objects),
		.handles = count_handles(e->c->file),
		.syncobjs = count_syncobjs(e->c->file),
		.vms = agx4_vm_pool_count(a->vms),
		.queues = agx4_queue_pool_count(a->queues),
		.ts_objects = agx4_gem_fw_pool_count(a->fw_objects),
		.ts_maps = agx4_test_fw_objects(e->adev, true),
		.maps = vm_maps(e, e->vm),
		.fork_maps = vm_maps(e, e->f->vm_id),
		.vm2_maps = vm_maps(e, e->vm2),
		.o_handles = count_handles(e->o->file),
		.o_vms = agx4_vm_pool_count(o->vms),
		.o_queues = agx4_queue_pool_count(o->queues),
		.o_ts_objects = agx4_gem_fw_pool_count(o->fw_objects),
		.out = sync_fence(e, e->out_sync, 0),
		.out_tl = sync_fence(e, e->out_tl, 0),
		.computes = agx4_fwmodel_count(e->m, AGX4_FWMODEL_CNT_COMPUTE),
		.tas = agx4_fwmodel_count(e->m, AGX4_FWMODEL_CNT_TA),
	};
}

static void same(struct env *e, u64 b, u64 a, const char *field,
		 const char *what, const char *how)
{
	KUNIT_EXPECT_EQ_MSG(e->test, b, a, "%s: %s changed %s", what, how,
			    field);
}

static void expect_same(struct env *e, const struct state *b,
			const struct state *a, const char *what,
			const char *how)
{
	same(e, b->gem_objects, a->gem_objects, "GEM objects", what, how);
	same(e, b->handles, a->handles, "GEM handles", what, how);
	same(e, b->syncobjs, a->syncobjs, "syncobjs", what, how);
	same(e, b->vms, a->vms, "VMs", what, how);
	same(e, b->queues, a->queues, "queues", what, how);
	same(e, b->ts_objects, a->ts_objects, "timestamp objects", what, how);
	same(e, b->ts_maps, a->ts_maps, "the timestamp aperture", what, how);
	same(e, b->maps, a->maps, "the VM's mappings", what, how);
	same(e, b->fork_maps, a->fork_maps, "the fork VM's mappings", what,
	     how);
	same(e, b->vm2_maps, a->vm2_maps, "the second VM's mappings", what,
	     how);
	same(e, b->o_handles, a->o_handles, "the other file's handles", what,
	     how);
	same(e, b->o_vms, a->o_vms, "the other file's VMs", what, how);
	same(e, b->o_queues, a->o_queues, "the other file's queues", what,
	     how);
	same(e, b->o_ts_objects, a->o_ts_objects,
	     "the other file's timestamp objects", what, how);
	KUNIT_EXPECT_PTR_EQ_MSG(e->test, b->out, a->out,
				"%s: %s signals the out-sync", what, how);
	KUNIT_EXPECT_PTR_EQ_MSG(e->test, b->out_tl, a->out_tl,
				"%s: %s signals the timeline", what, how);
	same(e, b->computes, a->computes, "the computes run", what, how);
	same(e, b->tas, a->tas, "the vertex stages run", what, how);
}

/* ---- user memory ---- */

static void put_user_at(struct env *e, u64 off, const void *p, size_t n)
{
	agx4_test_put_user(e->c, off, p, n);
}

static void clear_user_at(struct env *e, u64 off, size_t n)
{
	KUNIT_ASSERT_LE(e->test, off + n, AGX4_TEST_UBUF_SIZE);
	KUNIT_ASSERT_EQ(e->test, clear_user((void __user *)(e->c->ubuf + off),
					    n), 0);
}

/* Write what @s names into user memory (its pointers are left as built). */
static void put_spec(struct env *e, const struct spec *s)
{
	if (s->has_op) {
		u32 stride = s->a.vm_bind.stride;
		u32 span = clamp_t(u32, stride, sizeof(s->op), SZ_1M + SZ_4K);

		clear_user_at(e, UOPS, span + sizeof(s->tail));
		put_user_at(e, UOPS, &s->op, sizeof(s->op));
		put_user_at(e, UOPS + sizeof(s->op), s->tail, sizeof(s->tail));
	}
	if (s->nsync)
		put_user_at(e, USYNC, s->sync, s->nsync * sizeof(s->sync[0]));
	if (s->cmd_size)
		put_user_at(e, UCMD, s->cmd, s->cmd_size);
}

/* ---- the environment ---- */

static u32 new_vm(struct env *e, struct agx4_test_client *c)
{
	u32 id;

	KUNIT_ASSERT_EQ(e->test, agx4_test_vm_create(c, KS, KE, &id), 0);
	return id;
}

static void destroy_vm(struct env *e, struct agx4_test_client *c, u32 id)
{
	struct drm_asahi_vm_destroy d = { .vm_id = id };

	KUNIT_ASSERT_EQ(e->test, agx4_ioctl_vm_destroy(&e->adev->base, &d,
						       c->file), 0);
}

static u32 new_queue(struct env *e, struct agx4_test_client *c, u32 vm)
{
	u32 id;
	int ret = agx4_test_queue_create(c, vm, DRM_ASAHI_PRIORITY_MEDIUM, &id);

	KUNIT_ASSERT_EQ(e->test, ret, 0);
	return id;
}

static void unbind_ts(struct env *e, struct agx4_test_client *c, u32 h)
{
	struct drm_asahi_gem_bind_object a = {
		.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND, .object_handle = h,
	};

	KUNIT_ASSERT_EQ(e->test, agx4_ioctl_gem_bind_object(&e->adev->base, &a,
							    c->file), 0);
}

/* What DRM_IOCTL_SYNCOBJ_DESTROY does. */
static void destroy_syncobj(struct env *e, struct agx4_test_client *c, u32 h)
{
	struct drm_syncobj *so;

	spin_lock(&c->file->syncobj_table_lock);
	so = idr_remove(&c->file->syncobj_idr, h);
	spin_unlock(&c->file->syncobj_table_lock);
	KUNIT_ASSERT_NOT_NULL(e->test, so);
	drm_syncobj_put(so);
}

static u32 new_syncobj(struct env *e, struct agx4_test_client *c, bool fence)
{
	struct dma_fence *f = fence ? dma_fence_get_stub() : NULL;
	u32 h = agx4_test_syncobj(c, f);

	dma_fence_put(f);
	return h;
}

/* A timestamp object of the client, one 16 KiB page. */
static u32 ts_block_object(struct env *e)
{
	return agx4_test_bind_timestamps(e->c,
					 agx4_test_gem_create(e->c, PG, 0, 0),
					 PG);
}

/* The other file: ids that name nothing in the suite's client. */
static void other_open(struct env *e)
{
	struct agx4_test_client *o = agx4_test_client_open(e->test, e->adev);
	u32 ids[OTHER_BOS];
	unsigned int i;

	e->o = o;
	for (i = 0; i < OTHER_VMS; i++)
		ids[i] = new_vm(e, o);
	for (i = 0; i + 1 < OTHER_VMS; i++)
		destroy_vm(e, o, ids[i]);
	e->o_vm = ids[OTHER_VMS - 1];
	for (i = 0; i < OTHER_QUEUES; i++)
		ids[i] = new_queue(e, o, e->o_vm);
	for (i = 0; i + 1 < OTHER_QUEUES; i++)
		KUNIT_ASSERT_EQ(e->test, agx4_test_queue_destroy(o, ids[i]), 0);
	e->o_queue = ids[OTHER_QUEUES - 1];
	for (i = 0; i < OTHER_BOS; i++)
		ids[i] = agx4_test_gem_create(o, PG, 0, 0);
	for (i = 0; i + 1 < OTHER_BOS; i++)
		KUNIT_ASSERT_EQ(e->test, drm_gem_handle_delete(o->file, ids[i]),
				0);
	e->o_bo = ids[OTHER_BOS - 1];
	for (i = 0; i < OTHER_TS; i++)
		ids[i] = agx4_test_bind_timestamps(o, e->o_bo, PG);
	for (i = 0; i + 1 < OTHER_TS; i++)
		unbind_ts(e, o, ids[i]);
	e->o_ts = ids[OTHER_TS - 1];
	for (i = 0; i < OTHER_SYNCS; i++)
		ids[i] = new_syncobj(e, o, true);
	for (i = 0; i + 1 < OTHER_SYNCS; i++)
		destroy_syncobj(e, o, ids[i]);
	e->o_sync = ids[OTHER_SYNCS - 1];
}

/* The other file's ids must name nothing here, or the case proves nothing. */
static void expect_foreign(struct env *e)
{
	struct agx4_vm *vm = agx4_vm_pool_get(af(e->c)->vms, e->o_vm);
	struct agx4_job_queue *q = agx4_queue_pool_get(af(e->c)->queues,
						   e->o_queue);
	struct drm_gem_object *obj = drm_gem_object_lookup(e->c->file,
							   e->o_bo);
	struct agx4_gem_fw_binding *ts = agx4_gem_fw_pool_get(af(e->c)->fw_objects,
							      e->o_ts);
	struct drm_syncobj *so = drm_syncobj_find(e->c->file, e->o_sync);

	KUNIT_ASSERT_NULL(e->test, vm);
	KUNIT_ASSERT_NULL(e->test, q);
	KUNIT_ASSERT_NULL(e->test, obj);
	KUNIT_ASSERT_NULL(e->test, ts);
	KUNIT_ASSERT_NULL(e->test, so);
}

static struct env *env_open(struct kunit *test)
{
	struct env *e = kunit_kzalloc(test, sizeof(*e), GFP_KERNEL);
	struct dma_fence_chain *chain;
	struct dma_fence *stub;
	struct drm_syncobj *so;
	unsigned long guard;

	KUNIT_ASSERT_NOT_NULL(test, e);
	e->test = test;
	/* The cases run on G16 unless they take the generation (submit). */
	e->adev = agx4_test_probe(test, test->param_value ?
				  *(const enum agx4_soc_id *)test->param_value :
				  AGX4_SOC_T8132);
	e->m = agx4_test_model();
	e->c = agx4_test_client_open(test, e->adev);
	e->f = kunit_kzalloc(test, sizeof(*e->f), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, e->f);
	KUNIT_ASSERT_EQ(test, agx4_test_fork_open(e->c, e->f), 0);
	e->vm = new_vm(e, e->c);
	e->vm2 = new_vm(e, e->c);
	KUNIT_ASSERT_EQ(test, agx4_test_vm_create(e->c, U_USC_BASE + SZ_2G,
						  U_USC_BASE + SZ_2G + SZ_1G,
						  &e->usc_vm), 0);
	e->bo = agx4_test_gem_create(e->c, BO_SIZE, 0, 0);
	e->private_bo = agx4_test_gem_create(e->c, BO_SIZE,
					     DRM_ASAHI_GEM_VM_PRIVATE, e->vm2);
	e->queue = new_queue(e, e->c, e->f->vm_id);
	e->ts = ts_block_object(e);
	e->in_sync = new_syncobj(e, e->c, true);
	e->out_sync = new_syncobj(e, e->c, false);
	e->out_tl = new_syncobj(e, e->c, false);
	e->empty_sync = new_syncobj(e, e->c, false);
	/* A timeline whose point 1 is signalled. */
	e->in_tl = new_syncobj(e, e->c, false);
	so = drm_syncobj_find(e->c->file, e->in_tl);
	chain = dma_fence_chain_alloc();
	KUNIT_ASSERT_NOT_NULL(test, so);
	KUNIT_ASSERT_NOT_NULL(test, chain);
	stub = dma_fence_get_stub();
	drm_syncobj_add_point(so, chain, stub, 1);
	dma_fence_put(stub);
	drm_syncobj_put(so);
	other_open(e);
	expect_foreign(e);
	/* A page of user memory followed by none: the last mapping made. */
	guard = kunit_vm_mmap(test, NULL, 0, 2 * PAGE_SIZE,
			      PROT_READ | PROT_WRITE,
			      MAP_ANONYMOUS | MAP_PRIVATE, 0);
	KUNIT_ASSERT_NE(test, guard, 0);
	KUNIT_ASSERT_EQ(test, vm_munmap(guard + PAGE_SIZE, PAGE_SIZE), 0);
	e->uend = guard + PAGE_SIZE;
	return e;
}

static u64 ctx_value(struct env *e, u32 id)
{
	struct drm_asahi_gem_create g = { .size = PG };
	u32 v;

	switch (id) {
	case CV_OTHER_VM:
		return e->o_vm;
	case CV_OTHER_QUEUE:
		return e->o_queue;
	case CV_OTHER_BO:
		return e->o_bo;
	case CV_OTHER_TS:
		return e->o_ts;
	case CV_OTHER_SYNC:
		return e->o_sync;
	case CV_DEAD_VM:
		v = new_vm(e, e->c);
		destroy_vm(e, e->c, v);
		return v;
	case CV_DEAD_QUEUE:
		v = new_queue(e, e->c, e->vm);
		KUNIT_ASSERT_EQ(e->test, agx4_test_queue_destroy(e->c, v), 0);
		return v;
	case CV_DEAD_BO:
		KUNIT_ASSERT_EQ(e->test, agx4_ioctl_gem_create(&e->adev->base,
							       &g, e->c->file),
				0);
		KUNIT_ASSERT_EQ(e->test, drm_gem_handle_delete(e->c->file,
							       g.handle), 0);
		return g.handle;
	case CV_DEAD_TS:
		v = agx4_test_bind_timestamps(e->c, e->bo, PG);
		unbind_ts(e, e->c, v);
		return v;
	case CV_DEAD_SYNC:
		v = new_syncobj(e, e->c, true);
		destroy_syncobj(e, e->c, v);
		return v;
	case CV_EMPTY_SYNC:
		return e->empty_sync;
	case CV_PRIVATE_BO:
		return e->private_bo;
	case CV_USC_VM:
		return e->usc_vm;
	case CV_UEND:
		return e->uend;
	case CV_RESERVED:
		return G16_RESERVED;
	case CV_BELOW_RESERVED:
		return G16_RESERVED - BIND_RANGE;
	}
	KUNIT_FAIL(e->test, "unknown context value %u", id);
	return 0;
}

/* ---- applying a mutator ---- */

static u8 *target(struct env *e, struct spec *s, const struct mut *m)
{
	u8 *base;
	size_t lim;

	if (m->at.tgt == T_ARGS) {
		base = (u8 *)&s->a;
		lim = sizeof(s->a);
	} else if (m->at.tgt == T_OP) {
		base = (u8 *)&s->op;
		lim = sizeof(s->op);
	} else if (m->at.tgt == T_TAIL) {
		base = s->tail;
		lim = sizeof(s->tail);
	} else if (m->at.tgt == T_SYNC0 || m->at.tgt == T_SYNC1) {
		base = (u8 *)&s->sync[m->at.tgt - T_SYNC0];
		lim = sizeof(s->sync[0]);
	} else {
		u32 k = m->at.tgt >= T_PAY0 ? m->at.tgt - T_PAY0 : m->at.tgt - T_HDR0;

		KUNIT_ASSERT_LT(e->test, k, s->ncmd);
		base = s->cmd + s->cmd_off[k];
		lim = s->cmd_size - s->cmd_off[k];
		if (m->at.tgt >= T_PAY0) {
			base += sizeof(struct drm_asahi_cmd_header);
			lim -= sizeof(struct drm_asahi_cmd_header);
		}
	}
	KUNIT_ASSERT_LE(e->test, m->at.off + m->at.size, lim);
	return base + m->at.off;
}

static u64 get_field(const u8 *p, u8 size)
{
	u64 v = 0;

	memcpy(&v, p, size);	/* little-endian */
	return v;
}

static void set_field(u8 *p, u8 size, u64 v)
{
	memcpy(p, &v, size);
}

/* Apply @m (bit @bit of a %K_BITS mutator) to @s. */
static void mutate(struct env *e, struct spec *s, const struct mut *m,
		   unsigned int bit)
{
	u8 *p;

	if (m->kind == K_FN) {
		m->fn(e, s);
		return;
	}
	p = target(e, s, m);
	switch (m->kind) {
	case K_SET:
		set_field(p, m->at.size, m->v);
		break;
	case K_ADD:
		set_field(p, m->at.size, get_field(p, m->at.size) + m->v);
		break;
	case K_BITS:
		set_field(p, m->at.size, get_field(p, m->at.size) ^ BIT_ULL(bit));
		break;
	case K_CTX:
		set_field(p, m->at.size, ctx_value(e, m->v));
		break;
	}
}

/* One case: the call with the defect, then without it. */
static void run_one(struct env *e, const struct builder *b,
		    const struct mut *m, unsigned int bit)
{
	struct kunit *test = e->test;
	struct state before, after;
	char how[64];
	int ret;

	if (m->kind == K_BITS)
		snprintf(how, sizeof(how), "%s bit %u", m->name, bit);
	else
		strscpy(how, m->name, sizeof(how));

	b->build(e, &e->good);
	e->bad = e->good;
	mutate(e, &e->bad, m, bit);
	put_spec(e, &e->bad);
	snap(e, &before);
	e->run = e->bad;
	ret = b->call(&e->adev->base, &e->run.a, e->c->file);
	KUNIT_EXPECT_EQ_MSG(test, ret, m->err, "%s: %s", b->name, how);
	if (!ret) {
		b->undo(e, &e->run);
	} else {
		snap(e, &after);
		expect_same(e, &before, &after, b->name, how);
	}
	/* The same call without the defect. */
	put_spec(e, &e->good);
	e->run = e->good;
	ret = b->call(&e->adev->base, &e->run.a, e->c->file);
	KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s without %s", b->name, how);
	if (!ret)
		b->undo(e, &e->run);
	if (b->cleanup)
		b->cleanup(e, &e->good);
}

static void run_table(struct env *e, const struct builder *b,
		      const struct mut *muts, unsigned int n)
{
	unsigned int i, bit;

	for (i = 0; i < n; i++) {
		if (muts[i].kind != K_BITS) {
			run_one(e, b, &muts[i], 0);
			continue;
		}
		for (bit = 0; bit < 64; bit++)
			if (muts[i].v & BIT_ULL(bit))
				run_one(e, b, &muts[i], bit);
	}
}

static void no_undo(struct env *e, struct spec *s)
{
}

/* ---- GET_TIME, GET_PARAMS ---- */

static void build_get_time(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
}

static const struct builder b_get_time = {
	"GET_TIME", agx4_ioctl_get_time, build_get_time, no_undo,
};

#define GT(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_get_time, f) }

static const struct mut m_get_time[] = {
	BITS("flags", GT(flags, 8), ALL64, -EINVAL),
};

static void build_get_params(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.get_params = (struct drm_asahi_get_params){
		.pointer = e->c->ubuf + UPARAMS,
		.size = sizeof(struct drm_asahi_params_global),
	};
}

static const struct builder b_get_params = {
	"GET_PARAMS", agx4_ioctl_get_params, build_get_params, no_undo,
};

#define GP(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_get_params, f) }

/* A buffer ending exactly at the end of user memory, or one byte past. */
static void params_at_end(struct env *e, struct spec *s)
{
	s->a.get_params.pointer = e->uend - s->a.get_params.size;
}

static void params_past_end(struct env *e, struct spec *s)
{
	params_at_end(e, s);
	s->a.get_params.pointer++;
}

static void params_none(struct env *e, struct spec *s)
{
	s->a.get_params.pointer = 0;
	s->a.get_params.size = 0;
}

static const struct mut m_get_params[] = {
	BITS("param_group", GP(param_group, 4), ALL32, -EINVAL),
	BITS("pad", GP(pad, 4), ALL32, -EINVAL),
	SET("pointer NULL", GP(pointer, 8), 0, -EFAULT),
	CTX("pointer past user memory", GP(pointer, 8), CV_UEND, -EFAULT),
	FN("buffer one byte past user memory", params_past_end, -EFAULT),
	FN("buffer ending at the end of user memory", params_at_end, 0),
	FN("no buffer, size 0", params_none, 0),
	SET("size 1", GP(size, 8), 1, 0),
	SET("size larger than the structure", GP(size, 8), SZ_4K, 0),
};

/* ---- VM_CREATE, VM_DESTROY ---- */

static void build_vm_create(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.vm_create = (struct drm_asahi_vm_create){
		.kernel_start = KS, .kernel_end = KE,
	};
}

static void undo_vm_create(struct env *e, struct spec *s)
{
	destroy_vm(e, e->c, s->a.vm_create.vm_id);
}

static const struct builder b_vm_create = {
	"VM_CREATE", agx4_ioctl_vm_create, build_vm_create, undo_vm_create,
};

#define VC(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_vm_create, f) }

static void vm_create_min(struct env *e, struct spec *s)
{
	s->a.vm_create.kernel_start = KE - U_KERNEL_MIN;
}

static void vm_create_min_less(struct env *e, struct spec *s)
{
	s->a.vm_create.kernel_start = KE - U_KERNEL_MIN + PG;
}

static void vm_create_at_start(struct env *e, struct spec *s)
{
	s->a.vm_create = (struct drm_asahi_vm_create){
		.kernel_start = U_VM_START,
		.kernel_end = U_VM_START + U_KERNEL_MIN,
	};
}

static void vm_create_below_start(struct env *e, struct spec *s)
{
	vm_create_at_start(e, s);
	s->a.vm_create.kernel_start -= PG;
}

static void vm_create_over_reserved(struct env *e, struct spec *s)
{
	u64 r = ctx_value(e, CV_RESERVED);

	s->a.vm_create.kernel_start = r;
	s->a.vm_create.kernel_end = r + U_KERNEL_MIN;
}

static void vm_create_below_reserved(struct env *e, struct spec *s)
{
	u64 r = ctx_value(e, CV_RESERVED);

	s->a.vm_create.kernel_start = r - U_KERNEL_MIN;
	s->a.vm_create.kernel_end = r;
}

static const struct mut m_vm_create[] = {
	BITS("pad", VC(pad, 4), ALL32, -EINVAL),
	BITS("kernel_start misaligned", VC(kernel_start, 8), LOW14, -EINVAL),
	BITS("kernel_end misaligned", VC(kernel_end, 8), LOW14, -EINVAL),
	ADD("kernel_end one page past vm_end", VC(kernel_end, 8), PG, -EINVAL),
	SET("kernel_end 2^64 - 16 KiB", VC(kernel_end, 8), -PG, -EINVAL),
	SET("kernel_start 0", VC(kernel_start, 8), 0, -EINVAL),
	SET("kernel_start = kernel_end", VC(kernel_start, 8), KE, -EINVAL),
	SET("kernel_start above kernel_end", VC(kernel_start, 8), KE + PG,
	    -EINVAL),
	SET("kernel_end below kernel_start", VC(kernel_end, 8), KS - PG, -EINVAL),
	SET("kernel_end 0", VC(kernel_end, 8), 0, -EINVAL),
	FN("carve-out one page under the minimum", vm_create_min_less,
	   -EINVAL),
	FN("carve-out of the minimum", vm_create_min, 0),
	FN("carve-out starting at vm_start", vm_create_at_start, 0),
	FN("carve-out starting a page below vm_start", vm_create_below_start,
	   -EINVAL),
	FN("carve-out over the backend's reserved range",
	   vm_create_over_reserved, -EINVAL),
	FN("carve-out ending where the reserved range starts",
	   vm_create_below_reserved, 0),
	SET("vm_id (output) given", VC(vm_id, 4), 77, 0),
};

static void build_vm_destroy(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.vm_destroy.vm_id = new_vm(e, e->c);
}

static const struct builder b_vm_destroy = {
	"VM_DESTROY", agx4_ioctl_vm_destroy, build_vm_destroy, no_undo,
};

#define VD(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_vm_destroy, f) }

static const struct mut m_vm_destroy[] = {
	BITS("pad", VD(pad, 4), ALL32, -EINVAL),
	SET("vm_id 0", VD(vm_id, 4), 0, -ENOENT),
	SET("vm_id ~0", VD(vm_id, 4), ~0u, -ENOENT),
	SET("vm_id past the per-file limit", VD(vm_id, 4),
	    AGX4_VM_MAX_PER_FILE + 1, -ENOENT),
	ADD("vm_id one past the newest", VD(vm_id, 4), 1, -ENOENT),
	CTX("vm_id of another file", VD(vm_id, 4), CV_OTHER_VM, -ENOENT),
	CTX("vm_id destroyed (destroy twice)", VD(vm_id, 4), CV_DEAD_VM,
	    -ENOENT),
};

/* ---- VM_BIND ---- */

static void build_vm_bind(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.vm_bind = (struct drm_asahi_vm_bind){
		.vm_id = e->vm, .num_binds = 1, .stride = sizeof(s->op),
		.userptr = e->c->ubuf + UOPS,
	};
	s->op = (struct drm_asahi_gem_bind_op){
		.flags = DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_WRITE,
		.handle = e->bo, .offset = 0, .range = BIND_RANGE,
		.addr = BIND_ADDR,
	};
	s->has_op = true;
}

static void unbind_range(struct env *e, u32 vm, u64 addr, u64 range)
{
	KUNIT_EXPECT_EQ(e->test, agx4_test_vm_bind(e->c, vm,
						   DRM_ASAHI_BIND_UNBIND, 0, 0,
						   range, addr), 0);
}

static void undo_vm_bind(struct env *e, struct spec *s)
{
	if (s->op.flags & DRM_ASAHI_BIND_UNBIND)
		return;
	/* Whatever it mapped, in whichever VM; a VM that is gone has none. */
	if (s->a.vm_bind.vm_id == e->vm || s->a.vm_bind.vm_id == e->vm2)
		unbind_range(e, s->a.vm_bind.vm_id, s->op.addr, s->op.range);
}

static const struct builder b_vm_bind = {
	"VM_BIND", agx4_ioctl_vm_bind, build_vm_bind, undo_vm_bind,
};

/* The operation grown by 8 bytes, which this kernel does not know. */
static void build_vm_bind40(struct env *e, struct spec *s)
{
	build_vm_bind(e, s);
	s->a.vm_bind.stride = sizeof(s->op) + sizeof(s->tail);
}

static const struct builder b_vm_bind40 = {
	"VM_BIND (stride 40)", agx4_ioctl_vm_bind, build_vm_bind40,
	undo_vm_bind,
};

/* An unbind of what the build mapped. */
static void build_vm_unbind(struct env *e, struct spec *s)
{
	KUNIT_ASSERT_EQ(e->test, agx4_test_vm_bind(e->c, e->vm,
						   DRM_ASAHI_BIND_READ, e->bo,
						   0, BIND_RANGE, BIND_ADDR),
			0);
	build_vm_bind(e, s);
	s->op = (struct drm_asahi_gem_bind_op){
		.flags = DRM_ASAHI_BIND_UNBIND, .range = BIND_RANGE,
		.addr = BIND_ADDR,
	};
}

static void cleanup_vm_unbind(struct env *e, struct spec *s)
{
	unbind_range(e, e->vm, BIND_ADDR, BIND_RANGE);
}

static const struct builder b_vm_unbind = {
	"VM_BIND (unbind)", agx4_ioctl_vm_bind, build_vm_unbind, no_undo,
	cleanup_vm_unbind,
};

#define VB(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_vm_bind, f) }
#define OP(f, n)	{ T_OP, n, offsetof(struct drm_asahi_gem_bind_op, f) }

/* A stride of exactly the byte cap, and one past it. */
static void bind_stride_cap(struct env *e, struct spec *s)
{
	s->a.vm_bind.stride = SZ_1M;
}

static void bind_stride_over_cap(struct env *e, struct spec *s)
{
	s->a.vm_bind.stride = SZ_1M + 1;
}

/* The operation's last byte is the last byte of user memory, or past. */
static void bind_ops_at_end(struct env *e, struct spec *s)
{
	s->a.vm_bind.userptr = e->uend - sizeof(s->op);
	/* put_spec() writes the operation at UOPS: copy it here too. */
	KUNIT_ASSERT_EQ(e->test, copy_to_user((void __user *)
					      s->a.vm_bind.userptr, &s->op,
					      sizeof(s->op)), 0);
}

static void bind_ops_past_end(struct env *e, struct spec *s)
{
	bind_ops_at_end(e, s);
	s->a.vm_bind.userptr += 8;
}

static void bind_in_vm2(struct env *e, struct spec *s)
{
	s->a.vm_bind.vm_id = e->vm2;
}

static void bind_private_in_vm2(struct env *e, struct spec *s)
{
	s->a.vm_bind.vm_id = e->vm2;
	s->op.handle = e->private_bo;
}

static const struct mut m_vm_bind[] = {
	BITS("pad", VB(pad, 4), ALL32, -EINVAL),
	SET("stride 0", VB(stride, 4), 0, -EINVAL),
	/* A short stride zero-extends: addr reads as 0, below the window. */
	SET("stride 24 (addr cut off)", VB(stride, 4), 24, -EINVAL),
	SET("stride 40, zero tail", VB(stride, 4), 40, 0),
	/* Bytes after a 32-byte stride are not the operation's. */
	{ "junk after the stride (not read)", { T_TAIL, 1, 0 }, K_SET, 1, 0 },
	FN("stride at the byte cap", bind_stride_cap, 0),
	FN("stride one past the byte cap", bind_stride_over_cap, -EINVAL),
	SET("num_binds over the limit", VB(num_binds, 4), AGX4_VM_MAX_BINDS + 1,
	    -EINVAL),
	SET("num_binds ~0", VB(num_binds, 4), ~0u, -EINVAL),
	SET("vm_id 0", VB(vm_id, 4), 0, -ENOENT),
	SET("vm_id ~0", VB(vm_id, 4), ~0u, -ENOENT),
	CTX("vm_id of another file", VB(vm_id, 4), CV_OTHER_VM, -ENOENT),
	CTX("vm_id destroyed", VB(vm_id, 4), CV_DEAD_VM, -ENOENT),
	FN("the same operation in another VM of the file", bind_in_vm2, 0),
	SET("userptr NULL", VB(userptr, 8), 0, -EFAULT),
	CTX("userptr past user memory", VB(userptr, 8), CV_UEND, -EFAULT),
	FN("operation ending at the end of user memory", bind_ops_at_end, 0),
	FN("operation running past user memory", bind_ops_past_end, -EFAULT),
	BITS("op flags unknown", OP(flags, 4), GENMASK_ULL(31, 4), -EINVAL),
	SET("op flags none", OP(flags, 4), 0, -EINVAL),
	SET("op flags read only", OP(flags, 4), DRM_ASAHI_BIND_READ, 0),
	SET("op flags write only", OP(flags, 4), DRM_ASAHI_BIND_WRITE, 0),
	SET("op flags single page without read or write", OP(flags, 4),
	    DRM_ASAHI_BIND_SINGLE_PAGE, -EINVAL),
	SET("op flags read, single page", OP(flags, 4),
	    DRM_ASAHI_BIND_READ | DRM_ASAHI_BIND_SINGLE_PAGE, 0),
	SET("op flags unbind, with a handle", OP(flags, 4),
	    DRM_ASAHI_BIND_UNBIND, -EINVAL),
	SET("op handle 0", OP(handle, 4), 0, -ENOENT),
	ADD("op handle unknown", OP(handle, 4), 1000, -ENOENT),
	CTX("op handle of another file", OP(handle, 4), CV_OTHER_BO, -ENOENT),
	CTX("op handle closed", OP(handle, 4), CV_DEAD_BO, -ENOENT),
	CTX("op handle private to another VM", OP(handle, 4), CV_PRIVATE_BO,
	    -EINVAL),
	FN("op handle private to this VM", bind_private_in_vm2, 0),
	BITS("op offset misaligned", OP(offset, 8), LOW14, -EINVAL),
	SET("op offset: range ends at the object's end", OP(offset, 8),
	    BO_SIZE - BIND_RANGE, 0),
	SET("op offset: range a page past the object", OP(offset, 8),
	    BO_SIZE - BIND_RANGE + PG, -EINVAL),
	SET("op offset at the object's end", OP(offset, 8), BO_SIZE, -EINVAL),
	SET("op offset 2^64 - 16 KiB", OP(offset, 8), -PG, -EINVAL),
	BITS("op range misaligned", OP(range, 8), LOW14, -EINVAL),
	SET("op range 0", OP(range, 8), 0, -EINVAL),
	SET("op range the whole object", OP(range, 8), BO_SIZE, 0),
	SET("op range a page past the object", OP(range, 8), BO_SIZE + PG,
	    -EINVAL),
	SET("op range ~0 & ~16 KiB", OP(range, 8), -PG, -EINVAL),
	BITS("op addr misaligned", OP(addr, 8), LOW14, -EINVAL),
	SET("op addr 0", OP(addr, 8), 0, -EINVAL),
	SET("op addr a page below vm_start", OP(addr, 8), U_VM_START - PG,
	    -EINVAL),
	SET("op addr vm_start", OP(addr, 8), U_VM_START, 0),
	SET("op addr: range ends at the carve-out", OP(addr, 8),
	    KS - BIND_RANGE, 0),
	SET("op addr: range's last page in the carve-out", OP(addr, 8),
	    KS - BIND_RANGE + PG, -EINVAL),
	SET("op addr in the carve-out", OP(addr, 8), KS, -EINVAL),
	SET("op addr: range's first page at the carve-out's end", OP(addr, 8),
	    KE - PG, -EINVAL),
	SET("op addr vm_end", OP(addr, 8), U_VM_END, -EINVAL),
	SET("op addr 2^42", OP(addr, 8), BIT_ULL(42), -EINVAL),
	SET("op addr 2^64 - 16 KiB (wraps)", OP(addr, 8), -PG, -EINVAL),
	CTX("op addr in the reserved range", OP(addr, 8), CV_RESERVED, -EINVAL),
	CTX("op addr: range ends at the reserved range", OP(addr, 8),
	    CV_BELOW_RESERVED, 0),
};

static const struct mut m_vm_bind40[] = {
	{ "non-zero byte past the known operation", { T_TAIL, 8, 0 }, K_BITS,
	  ALL64, -EINVAL },
	SET("stride 33", VB(stride, 4), 33, 0),
	SET("stride 48", VB(stride, 4), 48, 0),
	SET("stride 32", VB(stride, 4), 32, 0),
	/* The address 2^37 lives in byte 28 of the operation. */
	SET("stride 28 (addr cut to 0)", VB(stride, 4), 28, -EINVAL),
	SET("stride 29 (only zero bytes cut)", VB(stride, 4), 29, 0),
};

static void unbind_tail(struct env *e, struct spec *s)
{
	s->op.addr = BIND_ADDR + PG;
	s->op.range = PG;
}

static const struct mut m_vm_unbind[] = {
	BITS("op flags with unbind", OP(flags, 4), GENMASK_ULL(31, 1), -EINVAL),
	SET("op handle with unbind", OP(handle, 4), 1, -EINVAL),
	CTX("op handle of another file with unbind", OP(handle, 4), CV_OTHER_BO,
	    -EINVAL),
	SET("op offset with unbind", OP(offset, 8), PG, -EINVAL),
	BITS("op offset misaligned with unbind", OP(offset, 8), LOW14, -EINVAL),
	SET("op range 0", OP(range, 8), 0, -EINVAL),
	BITS("op range misaligned", OP(range, 8), LOW14, -EINVAL),
	BITS("op addr misaligned", OP(addr, 8), LOW14, -EINVAL),
	/* addr + range wraps to 16 KiB: inside the window if unchecked. */
	SET("op addr + range wraps past 2^64", OP(addr, 8), -PG, -EINVAL),
	SET("op addr in the carve-out", OP(addr, 8), KS, -EINVAL),
	SET("op addr vm_end", OP(addr, 8), U_VM_END, -EINVAL),
	SET("op addr 0", OP(addr, 8), 0, -EINVAL),
	CTX("op addr in the reserved range", OP(addr, 8), CV_RESERVED, -EINVAL),
	SET("op addr over a hole", OP(addr, 8), BIND_ADDR + SZ_1G, 0),
	FN("unbind half of the mapping", unbind_tail, 0),
	SET("vm_id 0", VB(vm_id, 4), 0, -ENOENT),
	CTX("vm_id of another file", VB(vm_id, 4), CV_OTHER_VM, -ENOENT),
	SET("pad", VB(pad, 4), 1, -EINVAL),
};

/* ---- GEM_CREATE, GEM_MMAP_OFFSET ---- */

static void build_gem_create(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.gem_create = (struct drm_asahi_gem_create){ .size = PG };
}

static void build_gem_create_private(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.gem_create = (struct drm_asahi_gem_create){
		.size = PG, .flags = DRM_ASAHI_GEM_VM_PRIVATE, .vm_id = e->vm,
	};
}

static void undo_gem_create(struct env *e, struct spec *s)
{
	KUNIT_EXPECT_EQ(e->test, drm_gem_handle_delete(e->c->file,
						       s->a.gem_create.handle),
			0);
}

static const struct builder b_gem_create = {
	"GEM_CREATE", agx4_ioctl_gem_create, build_gem_create,
	undo_gem_create,
};

static const struct builder b_gem_create_private = {
	"GEM_CREATE (VM-private)", agx4_ioctl_gem_create,
	build_gem_create_private, undo_gem_create,
};

#define GC(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_gem_create, f) }

static const struct mut m_gem_create[] = {
	BITS("pad", GC(pad, 4), ALL32, -EINVAL),
	BITS("flags unknown", GC(flags, 4), GENMASK_ULL(31, 2), -EINVAL),
	SET("flags writeback", GC(flags, 4), DRM_ASAHI_GEM_WRITEBACK, 0),
	SET("vm_id without VM_PRIVATE", GC(vm_id, 4), 1, -EINVAL),
	SET("flags VM_PRIVATE without vm_id", GC(flags, 4),
	    DRM_ASAHI_GEM_VM_PRIVATE, -ENOENT),
	SET("size 0", GC(size, 8), 0, -EINVAL),
	SET("size 1", GC(size, 8), 1, 0),
	SET("size one page plus a byte", GC(size, 8), PG + 1, 0),
	SET("size just over 2^42", GC(size, 8), BIT_ULL(42) + 1, -EINVAL),
	SET("size ~0", GC(size, 8), ~0ull, -EINVAL),
	SET("size 2^63", GC(size, 8), BIT_ULL(63), -EINVAL),
	SET("handle (output) given", GC(handle, 4), 55, 0),
};

static const struct mut m_gem_create_private[] = {
	SET("vm_id 0", GC(vm_id, 4), 0, -ENOENT),
	SET("vm_id ~0", GC(vm_id, 4), ~0u, -ENOENT),
	CTX("vm_id of another file", GC(vm_id, 4), CV_OTHER_VM, -ENOENT),
	CTX("vm_id destroyed", GC(vm_id, 4), CV_DEAD_VM, -ENOENT),
	BITS("flags unknown", GC(flags, 4), GENMASK_ULL(31, 2), -EINVAL),
	SET("flags writeback, VM_PRIVATE", GC(flags, 4),
	    DRM_ASAHI_GEM_WRITEBACK | DRM_ASAHI_GEM_VM_PRIVATE, 0),
	SET("flags without VM_PRIVATE", GC(flags, 4), 0, -EINVAL),
	BITS("pad", GC(pad, 4), GENMASK_ULL(31, 28), -EINVAL),
	SET("size 0", GC(size, 8), 0, -EINVAL),
};

static void build_mmap_offset(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.mmap_offset.handle = e->bo;
}

static const struct builder b_mmap_offset = {
	"GEM_MMAP_OFFSET", agx4_ioctl_gem_mmap_offset, build_mmap_offset,
	no_undo,
};

#define MO(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_gem_mmap_offset, f) }

static const struct mut m_mmap_offset[] = {
	BITS("flags", MO(flags, 4), ALL32, -EINVAL),
	SET("handle 0", MO(handle, 4), 0, -ENOENT),
	SET("handle ~0", MO(handle, 4), ~0u, -ENOENT),
	CTX("handle of another file", MO(handle, 4), CV_OTHER_BO, -ENOENT),
	CTX("handle closed", MO(handle, 4), CV_DEAD_BO, -ENOENT),
	CTX("handle of a VM-private object", MO(handle, 4), CV_PRIVATE_BO, 0),
};

/* ---- GEM_BIND_OBJECT ---- */

static void build_bind_object(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.bind_object = (struct drm_asahi_gem_bind_object){
		.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
		.flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
		.handle = e->bo, .offset = 0, .range = PG,
	};
}

static void undo_bind_object(struct env *e, struct spec *s)
{
	unbind_ts(e, e->c, s->a.bind_object.object_handle);
}

static const struct builder b_bind_object = {
	"GEM_BIND_OBJECT", agx4_ioctl_gem_bind_object, build_bind_object,
	undo_bind_object,
};

static void build_unbind_object(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.bind_object = (struct drm_asahi_gem_bind_object){
		.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
		.object_handle = agx4_test_bind_timestamps(e->c, e->bo, PG),
	};
}

static const struct builder b_unbind_object = {
	"GEM_BIND_OBJECT (unbind)", agx4_ioctl_gem_bind_object,
	build_unbind_object, no_undo,
};

#define BO(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_gem_bind_object, f) }

static const struct mut m_bind_object[] = {
	BITS("pad", BO(pad, 4), ALL32, -EINVAL),
	BITS("vm_id", BO(vm_id, 4), ALL32, -EINVAL),
	/* Bit 0 makes it an UNBIND, which takes no flags. */
	BITS("op", BO(op, 4), ALL32, -EINVAL),
	SET("op 2", BO(op, 4), 2, -EINVAL),
	BITS("flags", BO(flags, 4), ALL32, -EINVAL),
	SET("handle 0", BO(handle, 4), 0, -ENOENT),
	SET("handle ~0", BO(handle, 4), ~0u, -ENOENT),
	CTX("handle of another file", BO(handle, 4), CV_OTHER_BO, -ENOENT),
	CTX("handle closed", BO(handle, 4), CV_DEAD_BO, -ENOENT),
	CTX("handle of a VM-private object", BO(handle, 4), CV_PRIVATE_BO, 0),
	BITS("offset misaligned", BO(offset, 8), LOW14, -EINVAL),
	SET("offset: slice ends at the object's end", BO(offset, 8),
	    BO_SIZE - PG, 0),
	SET("offset at the object's end", BO(offset, 8), BO_SIZE, -EINVAL),
	SET("offset 2^64 - 16 KiB", BO(offset, 8), -PG, -EINVAL),
	BITS("range misaligned", BO(range, 8), LOW14, -EINVAL),
	SET("range 0", BO(range, 8), 0, -EINVAL),
	SET("range the whole object", BO(range, 8), BO_SIZE, 0),
	SET("range a page past the object", BO(range, 8), BO_SIZE + PG, -EINVAL),
	SET("range ~0 & ~16 KiB", BO(range, 8), -PG, -EINVAL),
	SET("object_handle (output) given", BO(object_handle, 4), 9, 0),
};

static const struct mut m_unbind_object[] = {
	BITS("pad", BO(pad, 4), ALL32, -EINVAL),
	BITS("vm_id", BO(vm_id, 4), ALL32, -EINVAL),
	BITS("flags", BO(flags, 4), ALL32, -EINVAL),
	SET("handle", BO(handle, 4), 1, -EINVAL),
	SET("offset", BO(offset, 8), PG, -EINVAL),
	SET("range", BO(range, 8), PG, -EINVAL),
	SET("object_handle 0", BO(object_handle, 4), 0, -ENOENT),
	SET("object_handle ~0", BO(object_handle, 4), ~0u, -ENOENT),
	ADD("object_handle one past the newest", BO(object_handle, 4), 1,
	    -ENOENT),
	CTX("object_handle of another file", BO(object_handle, 4), CV_OTHER_TS,
	    -ENOENT),
	CTX("object_handle unbound (unbind twice)", BO(object_handle, 4),
	    CV_DEAD_TS, -ENOENT),
};

/* ---- QUEUE_CREATE, QUEUE_DESTROY ---- */

static void build_queue_create(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.queue_create = (struct drm_asahi_queue_create){
		.vm_id = e->vm, .priority = DRM_ASAHI_PRIORITY_MEDIUM,
		.usc_exec_base = U_USC_BASE,
	};
}

static void undo_queue_create(struct env *e, struct spec *s)
{
	KUNIT_EXPECT_EQ(e->test,
			agx4_test_queue_destroy(e->c,
						s->a.queue_create.queue_id), 0);
}

static const struct builder b_queue_create = {
	"QUEUE_CREATE", agx4_ioctl_queue_create, build_queue_create,
	undo_queue_create,
};

#define QC(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_queue_create, f) }

static const struct mut m_queue_create[] = {
	BITS("flags", QC(flags, 4), ALL32, -EINVAL),
	/* Bit 0 gives MEDIUM - 1 = LOW: valid; bit 1 gives REALTIME. */
	BITS("priority", QC(priority, 4), GENMASK_ULL(31, 1), -EINVAL),
	SET("priority LOW", QC(priority, 4), DRM_ASAHI_PRIORITY_LOW, 0),
	SET("priority HIGH (reserved)", QC(priority, 4), DRM_ASAHI_PRIORITY_HIGH,
	    -EINVAL),
	SET("priority REALTIME (reserved)", QC(priority, 4),
	    DRM_ASAHI_PRIORITY_REALTIME, -EINVAL),
	SET("priority 4", QC(priority, 4), 4, -EINVAL),
	SET("priority ~0", QC(priority, 4), ~0u, -EINVAL),
	BITS("usc_exec_base", QC(usc_exec_base, 8), ALL64, -EINVAL),
	SET("usc_exec_base 0", QC(usc_exec_base, 8), 0, -EINVAL),
	SET("vm_id 0", QC(vm_id, 4), 0, -ENOENT),
	SET("vm_id ~0", QC(vm_id, 4), ~0u, -ENOENT),
	CTX("vm_id of another file", QC(vm_id, 4), CV_OTHER_VM, -ENOENT),
	CTX("vm_id destroyed", QC(vm_id, 4), CV_DEAD_VM, -ENOENT),
	CTX("vm_id whose carve-out covers the USC range", QC(vm_id, 4),
	    CV_USC_VM, -EINVAL),
	SET("queue_id (output) given", QC(queue_id, 4), 33, 0),
};

static void build_queue_destroy(struct env *e, struct spec *s)
{
	memset(s, 0, sizeof(*s));
	s->a.queue_destroy.queue_id = new_queue(e, e->c, e->vm);
}

static const struct builder b_queue_destroy = {
	"QUEUE_DESTROY", agx4_ioctl_queue_destroy, build_queue_destroy,
	no_undo,
};

#define QD(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_queue_destroy, f) }

static const struct mut m_queue_destroy[] = {
	BITS("pad", QD(pad, 4), ALL32, -EINVAL),
	SET("queue_id 0", QD(queue_id, 4), 0, -ENOENT),
	SET("queue_id ~0", QD(queue_id, 4), ~0u, -ENOENT),
	ADD("queue_id one past the newest", QD(queue_id, 4), 1, -ENOENT),
	CTX("queue_id of another file", QD(queue_id, 4), CV_OTHER_QUEUE,
	    -ENOENT),
	CTX("queue_id destroyed (destroy twice)", QD(queue_id, 4), CV_DEAD_QUEUE,
	    -ENOENT),
};

/* ---- SUBMIT ---- */

static void cmd_add(struct env *e, struct spec *s, u16 type, const void *p,
		    u16 size, u16 vdm, u16 cdm)
{
	struct drm_asahi_cmd_header h = {
		.cmd_type = type, .size = size, .vdm_barrier = vdm,
		.cdm_barrier = cdm,
	};

	KUNIT_ASSERT_LT(e->test, s->ncmd, MAX_CMDS);
	KUNIT_ASSERT_LE(e->test, s->cmd_size + sizeof(h) + size, CMD_MAX);
	s->cmd_off[s->ncmd++] = s->cmd_size;
	memcpy(s->cmd + s->cmd_size, &h, sizeof(h));
	memcpy(s->cmd + s->cmd_size + sizeof(h), p, size);
	s->cmd_size += sizeof(h) + size;
}

static void submit_args(struct env *e, struct spec *s, u32 nin, u32 nout)
{
	s->nsync = nin + nout;
	s->a.submit = (struct drm_asahi_submit){
		.syncs = e->c->ubuf + USYNC, .cmdbuf = e->c->ubuf + UCMD,
		.queue_id = e->queue, .in_sync_count = nin,
		.out_sync_count = nout, .cmdbuf_size = s->cmd_size,
	};
}

static struct drm_asahi_attachment attachment(struct env *e)
{
	return (struct drm_asahi_attachment){
		.pointer = e->f->addr[AGX4_FORK_MAIN_BOTTOM],
		.size = AGX4_FORK_HEAP_BO_SIZE,
	};
}

/* Compute attachments, a compute; waits on a binary, signals one. */
static void build_submit_compute(struct env *e, struct spec *s)
{
	struct drm_asahi_attachment att = attachment(e);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(e->f, 0);

	memset(s, 0, sizeof(*s));
	cmd_add(e, s, DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, &att, sizeof(att),
		NONE, NONE);
	cmd_add(e, s, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc), 0, 0);
	s->sync[0] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_SYNCOBJ, e->in_sync, 0,
	};
	s->sync[1] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_SYNCOBJ, e->out_sync, 0,
	};
	submit_args(e, s, 1, 1);
}

/*
 * Vertex and fragment attachments, a render; waits on a timeline point,
 * signals the next point of another timeline.
 */
static void build_submit_render(struct env *e, struct spec *s)
{
	struct drm_asahi_attachment att = attachment(e);
	struct drm_asahi_cmd_render r = agx4_test_fork_render(e->f, 0);

	memset(s, 0, sizeof(*s));
	cmd_add(e, s, DRM_ASAHI_SET_VERTEX_ATTACHMENTS, &att, sizeof(att),
		NONE, NONE);
	cmd_add(e, s, DRM_ASAHI_SET_FRAGMENT_ATTACHMENTS, &att, sizeof(att),
		NONE, NONE);
	cmd_add(e, s, DRM_ASAHI_CMD_RENDER, &r, sizeof(r), 0, 0);
	s->point = ++e->point;
	s->sync[0] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, e->in_tl, 1,
	};
	s->sync[1] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, e->out_tl, s->point,
	};
	submit_args(e, s, 1, 1);
}

/*
 * A render, a compute waiting for it, a render waiting for both:
 * barriers naming commands of this submission.  Signals a binary.
 */
static void build_submit_mixed(struct env *e, struct spec *s)
{
	struct drm_asahi_cmd_render r = agx4_test_fork_render(e->f, 0);
	struct drm_asahi_cmd_render r1 = agx4_test_fork_render(e->f, 1);
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(e->f, 0);

	memset(s, 0, sizeof(*s));
	cmd_add(e, s, DRM_ASAHI_CMD_RENDER, &r, sizeof(r), 0, 0);
	cmd_add(e, s, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc), 1, 0);
	cmd_add(e, s, DRM_ASAHI_CMD_RENDER, &r1, sizeof(r1), 1, 1);
	s->sync[0] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_SYNCOBJ, e->out_sync, 0,
	};
	submit_args(e, s, 0, 1);
}

/* A compute whose start and end timestamps go to the suite's object. */
static void build_submit_ts(struct env *e, struct spec *s)
{
	struct drm_asahi_cmd_compute cc = agx4_test_fork_compute(e->f, 0);

	memset(s, 0, sizeof(*s));
	cc.ts.start = (struct drm_asahi_timestamp){ e->ts, 0 };
	cc.ts.end = (struct drm_asahi_timestamp){ e->ts, 8 };
	cmd_add(e, s, DRM_ASAHI_CMD_COMPUTE, &cc, sizeof(cc), 0, 0);
	s->sync[0] = (struct drm_asahi_sync){
		DRM_ASAHI_SYNC_SYNCOBJ, e->out_sync, 0,
	};
	submit_args(e, s, 0, 1);
}

/* A successful SUBMIT's work completes, and its out-sync signals. */
static void undo_submit(struct env *e, struct spec *s)
{
	u32 nin = s->a.submit.in_sync_count;
	const struct drm_asahi_sync *out = &s->sync[nin];
	struct dma_fence *f;

	if (s->a.submit.out_sync_count != 1 || nin > 1)
		return;
	f = agx4_test_syncobj_fence(e->c, out->handle, out->timeline_value);
	KUNIT_ASSERT_NOT_NULL_MSG(e->test, f, "SUBMIT signalled nothing");
	KUNIT_EXPECT_EQ(e->test, agx4_test_fence_wait(f, BOUND_MS), 0);
	dma_fence_put(f);
}

static const struct builder b_submit_compute = {
	"SUBMIT (compute)", agx4_ioctl_submit, build_submit_compute,
	undo_submit,
};

static const struct builder b_submit_render = {
	"SUBMIT (render)", agx4_ioctl_submit, build_submit_render,
	undo_submit,
};

static const struct builder b_submit_mixed = {
	"SUBMIT (mixed)", agx4_ioctl_submit, build_submit_mixed, undo_submit,
};

static const struct builder b_submit_ts = {
	"SUBMIT (timestamps)", agx4_ioctl_submit, build_submit_ts,
	undo_submit,
};

#define SB(f, n)	{ T_ARGS, n, offsetof(struct drm_asahi_submit, f) }
#define SY(i, f, n)	{ T_SYNC0 + (i), n, offsetof(struct drm_asahi_sync, f) }
#define HD(k, f, n)	{ T_HDR0 + (k), n, offsetof(struct drm_asahi_cmd_header, f) }
#define CC(k, f, n)	{ T_PAY0 + (k), n, offsetof(struct drm_asahi_cmd_compute, f) }
#define RC(k, f, n)	{ T_PAY0 + (k), n, offsetof(struct drm_asahi_cmd_render, f) }
#define AT(k, f, n)	{ T_PAY0 + (k), n, offsetof(struct drm_asahi_attachment, f) }

static void submit_cmdbuf_max(struct env *e, struct spec *s)
{
	s->a.submit.cmdbuf_size = AGX4_CMDBUF_MAX_SIZE + 1;
}

static void submit_syncs_over(struct env *e, struct spec *s)
{
	s->a.submit.in_sync_count = AGX4_SUBMIT_MAX_SYNCS;
}

/* The arguments, the syncs and the framing, on the compute builder. */
static const struct mut m_submit[] = {
	BITS("flags", SB(flags, 4), ALL32, -EINVAL),
	BITS("pad", SB(pad, 4), ALL32, -EINVAL),
	SET("queue_id 0", SB(queue_id, 4), 0, -ENOENT),
	SET("queue_id ~0", SB(queue_id, 4), ~0u, -ENOENT),
	CTX("queue_id of another file", SB(queue_id, 4), CV_OTHER_QUEUE,
	    -ENOENT),
	CTX("queue_id destroyed", SB(queue_id, 4), CV_DEAD_QUEUE, -ENOENT),
	FN("syncs over the limit", submit_syncs_over, -EINVAL),
	SET("in_sync_count ~0", SB(in_sync_count, 4), ~0u, -EINVAL),
	SET("out_sync_count ~0", SB(out_sync_count, 4), ~0u, -EINVAL),
	SET("syncs NULL", SB(syncs, 8), 0, -EFAULT),
	CTX("syncs past user memory", SB(syncs, 8), CV_UEND, -EFAULT),
	SET("cmdbuf NULL", SB(cmdbuf, 8), 0, -EFAULT),
	CTX("cmdbuf past user memory", SB(cmdbuf, 8), CV_UEND, -EFAULT),
	FN("cmdbuf_size one past the limit", submit_cmdbuf_max, -EINVAL),
	SET("cmdbuf_size 0", SB(cmdbuf_size, 4), 0, -EINVAL),
	ADD("cmdbuf_size one byte short", SB(cmdbuf_size, 4), -1, -EINVAL),
	ADD("cmdbuf_size a header short", SB(cmdbuf_size, 4),
	    -(s64)sizeof(struct drm_asahi_cmd_header), -EINVAL),
	ADD("cmdbuf_size one byte over (a cut header)", SB(cmdbuf_size, 4), 1,
	    -EINVAL),
	ADD("cmdbuf_size 7 bytes over (a cut header)", SB(cmdbuf_size, 4), 7,
	    -EINVAL),
	/* The wait. */
	/* Bit 0 makes it timeline point 0: the binary's fence, valid. */
	BITS("wait sync_type", SY(0, sync_type, 4), GENMASK_ULL(31, 1), -EINVAL),
	SET("wait sync_type 2", SY(0, sync_type, 4), 2, -EINVAL),
	SET("wait binary with a point", SY(0, timeline_value, 8), 1, -EINVAL),
	SET("wait handle 0", SY(0, handle, 4), 0, -ENOENT),
	SET("wait handle ~0", SY(0, handle, 4), ~0u, -ENOENT),
	CTX("wait handle of another file", SY(0, handle, 4), CV_OTHER_SYNC,
	    -ENOENT),
	CTX("wait handle destroyed", SY(0, handle, 4), CV_DEAD_SYNC, -ENOENT),
	CTX("wait on a syncobj without a fence", SY(0, handle, 4), CV_EMPTY_SYNC,
	    -EINVAL),
	/* The signal. */
	BITS("signal sync_type", SY(1, sync_type, 4), ALL32, -EINVAL),
	SET("signal binary with a point", SY(1, timeline_value, 8), 3, -EINVAL),
	SET("signal handle 0", SY(1, handle, 4), 0, -ENOENT),
	SET("signal handle ~0", SY(1, handle, 4), ~0u, -ENOENT),
	CTX("signal handle of another file", SY(1, handle, 4), CV_OTHER_SYNC,
	    -ENOENT),
	CTX("signal handle destroyed", SY(1, handle, 4), CV_DEAD_SYNC, -ENOENT),
	/* The framing. */
	SET("command 0 type 5", HD(0, cmd_type, 2), 5, -EINVAL),
	SET("command 0 type 0xffff", HD(0, cmd_type, 2), 0xffff, -EINVAL),
	BITS("command 1 type", HD(1, cmd_type, 2), GENMASK_ULL(15, 1), -EINVAL),
	SET("command 1 type render (short payload)", HD(1, cmd_type, 2),
	    DRM_ASAHI_CMD_RENDER, -EINVAL),
	ADD("command 1 size past the buffer", HD(1, size, 2), 1, -EINVAL),
	SET("command 1 size 0xffff", HD(1, size, 2), 0xffff, -EINVAL),
	ADD("command 0 size past its attachment", HD(0, size, 2), 1, -EINVAL),
	SET("command 0 (software) vdm_barrier 0", HD(0, vdm_barrier, 2), 0,
	    -EINVAL),
	SET("command 0 (software) cdm_barrier 0", HD(0, cdm_barrier, 2), 0,
	    -EINVAL),
	/* The compute's barriers: earlier work only. */
	SET("compute cdm_barrier: itself", HD(1, cdm_barrier, 2), 1, -EINVAL),
	SET("compute cdm_barrier 0xfffe", HD(1, cdm_barrier, 2), 0xfffe,
	    -EINVAL),
	SET("compute vdm_barrier: a render that is not there",
	    HD(1, vdm_barrier, 2), 1, -EINVAL),
	SET("compute cdm_barrier none", HD(1, cdm_barrier, 2), NONE, 0),
	SET("compute vdm_barrier none", HD(1, vdm_barrier, 2), NONE, 0),
	/* The compute. */
	BITS("compute flags", CC(1, flags, 4), ALL32, -EINVAL),
	SET("compute start timestamp without a handle, offset 8",
	    CC(1, ts.start.offset, 4), 8, -EINVAL),
	SET("compute end timestamp handle unknown", CC(1, ts.end.handle, 4), 77,
	    -ENOENT),
	/* The attachment. */
	BITS("attachment pad", AT(0, pad, 4), ALL32, -EINVAL),
	BITS("attachment flags", AT(0, flags, 4), ALL32, -EINVAL),
	SET("attachment size ~0", AT(0, size, 8), ~0ull, -EINVAL),
	SET("attachment size: 2^32 - 1 lines", AT(0, size, 8),
	    (u64)U32_MAX * 128, 0),
	SET("attachment size: one byte more", AT(0, size, 8),
	    (u64)U32_MAX * 128 + 1, -EINVAL),
	SET("attachment size 0", AT(0, size, 8), 0, 0),
};

/*
 * Render flags the UAPI does not define: not bits 0-2 and 18, nor bit 3
 * (the fork's fragment barrier, which G16 honours).
 */
#define RENDER_FLAGS_BAD	(GENMASK_ULL(17, 4) | GENMASK_ULL(31, 19))

static const struct mut m_submit_render[] = {
	/* Timeline syncs. */
	SET("wait point not there", SY(0, timeline_value, 8), 7, -EINVAL),
	SET("wait point 0 of a timeline", SY(0, timeline_value, 8), 0, 0),
	SET("signal timeline point 0", SY(1, timeline_value, 8), 0, -EINVAL),
	CTX("signal timeline of another file", SY(1, handle, 4), CV_OTHER_SYNC,
	    -ENOENT),
	SET("signal sync_type 2", SY(1, sync_type, 4), 2, -EINVAL),
	/* The render. */
	BITS("render flags unknown", RC(2, flags, 4), RENDER_FLAGS_BAD,
	     -EINVAL),
	SET("render width 0", RC(2, width_px, 2), 0, -EINVAL),
	SET("render width 16385", RC(2, width_px, 2), 16385, -EINVAL),
	SET("render width 0xffff", RC(2, width_px, 2), 0xffff, -EINVAL),
	SET("render height 0", RC(2, height_px, 2), 0, -EINVAL),
	SET("render height 16385", RC(2, height_px, 2), 16385, -EINVAL),
	SET("render height 0xffff", RC(2, height_px, 2), 0xffff, -EINVAL),
	SET("render layers 0", RC(2, layers, 2), 0, -EINVAL),
	SET("render layers 2049", RC(2, layers, 2), 2049, -EINVAL),
	SET("render layers 0xffff", RC(2, layers, 2), 0xffff, -EINVAL),
	SET("render utile width 16 with height 32", RC(2, utile_width_px, 1), 16,
	    -EINVAL),
	SET("render utile width 8", RC(2, utile_width_px, 1), 8, -EINVAL),
	SET("render utile width 64", RC(2, utile_width_px, 1), 64, -EINVAL),
	SET("render utile width 0", RC(2, utile_width_px, 1), 0, -EINVAL),
	SET("render utile height 8", RC(2, utile_height_px, 1), 8, -EINVAL),
	SET("render utile height 64", RC(2, utile_height_px, 1), 64, -EINVAL),
	SET("render utile height 0", RC(2, utile_height_px, 1), 0, -EINVAL),
	SET("render utile 32x16", RC(2, utile_height_px, 1), 16, 0),
	SET("render samples 0", RC(2, samples, 1), 0, -EINVAL),
	SET("render samples 3", RC(2, samples, 1), 3, -EINVAL),
	SET("render samples 5", RC(2, samples, 1), 5, -EINVAL),
	SET("render samples 8", RC(2, samples, 1), 8, -EINVAL),
	SET("render samples 0xff", RC(2, samples, 1), 0xff, -EINVAL),
	SET("render samples 2", RC(2, samples, 1), 2, 0),
	SET("render samples 4", RC(2, samples, 1), 4, 0),
	SET("render vertex timestamp without a handle, offset 8",
	    RC(2, ts_vtx.end.offset, 4), 8, -EINVAL),
	SET("render fragment timestamp handle unknown",
	    RC(2, ts_frag.start.handle, 4), 1000, -ENOENT),
	CTX("render fragment timestamp of another file",
	    RC(2, ts_frag.end.handle, 4), CV_OTHER_TS, -ENOENT),
	/* The barriers. */
	SET("render vdm_barrier: itself", HD(2, vdm_barrier, 2), 1, -EINVAL),
	SET("render cdm_barrier: a compute that is not there",
	    HD(2, cdm_barrier, 2), 1, -EINVAL),
	/* The attachments. */
	BITS("vertex attachment pad", AT(0, pad, 4), GENMASK_ULL(31, 24),
	     -EINVAL),
	BITS("fragment attachment flags", AT(1, flags, 4), GENMASK_ULL(31, 24),
	     -EINVAL),
	ADD("fragment attachments size not a whole entry", HD(1, size, 2), -1,
	    -EINVAL),
	SET("vertex attachments cdm_barrier 0", HD(0, cdm_barrier, 2), 0,
	    -EINVAL),
	SET("fragment attachments vdm_barrier 1", HD(1, vdm_barrier, 2), 1,
	    -EINVAL),
};

static const struct mut m_submit_mixed[] = {
	SET("second render vdm_barrier: itself", HD(2, vdm_barrier, 2), 2,
	    -EINVAL),
	SET("second render cdm_barrier: a later compute", HD(2, cdm_barrier, 2),
	    2, -EINVAL),
	SET("second render vdm_barrier: earlier submissions",
	    HD(2, vdm_barrier, 2), 0, 0),
	SET("compute vdm_barrier: a later render", HD(1, vdm_barrier, 2), 2,
	    -EINVAL),
	SET("compute cdm_barrier: itself", HD(1, cdm_barrier, 2), 1, -EINVAL),
	SET("first render vdm_barrier: itself", HD(0, vdm_barrier, 2), 1,
	    -EINVAL),
	SET("first render cdm_barrier: a later compute", HD(0, cdm_barrier, 2),
	    1, -EINVAL),
	SET("second command type: attachments with a barrier",
	    HD(1, cmd_type, 2), DRM_ASAHI_SET_COMPUTE_ATTACHMENTS, -EINVAL),
};

static const struct mut m_submit_ts[] = {
	BITS("start offset misaligned", CC(0, ts.start.offset, 4),
	     GENMASK_ULL(2, 0), -EINVAL),
	SET("start offset: the last 8 bytes", CC(0, ts.start.offset, 4),
	    SZ_16K - 8, 0),
	SET("start offset 16 KiB - 4 (misaligned)", CC(0, ts.start.offset, 4),
	    SZ_16K - 4, -EINVAL),
	SET("start offset at the end", CC(0, ts.start.offset, 4), SZ_16K,
	    -ERANGE),
	SET("start offset 2^32 - 8", CC(0, ts.start.offset, 4), U32_MAX - 7,
	    -ERANGE),
	SET("start handle 0 with offset 0", CC(0, ts.start.handle, 4), 0, 0),
	SET("end handle 0 with offset 8", CC(0, ts.end.handle, 4), 0, -EINVAL),
	ADD("end handle unknown", CC(0, ts.end.handle, 4), 100, -ENOENT),
	CTX("end handle of another file", CC(0, ts.end.handle, 4), CV_OTHER_TS,
	    -ENOENT),
	CTX("end handle unbound", CC(0, ts.end.handle, 4), CV_DEAD_TS, -ENOENT),
};

/* ---- the cases ---- */

/* The case that runs a table. */
enum group {
	G_TIME_AND_PARAMS,
	G_VMS,
	G_VM_BIND,
	G_GEM,
	G_QUEUES,
	G_SUBMIT,	/* once per generation */
	NUM_GROUPS,
};

/**
 * struct table - the defects of one builder
 * @b: the builder.
 * @muts: its defects.
 * @n: entries of @muts.
 * @group: the case that runs them (&enum group).
 */
struct table {
	const struct builder *b;
	const struct mut *muts;
	unsigned int n;
	unsigned int group;
};

static const struct table tables[] = {
	{ &b_get_time, m_get_time, ARRAY_SIZE(m_get_time), G_TIME_AND_PARAMS },
	{ &b_get_params, m_get_params, ARRAY_SIZE(m_get_params), G_TIME_AND_PARAMS },
	{ &b_vm_create, m_vm_create, ARRAY_SIZE(m_vm_create), G_VMS },
	{ &b_vm_destroy, m_vm_destroy, ARRAY_SIZE(m_vm_destroy), G_VMS },
	{ &b_vm_bind, m_vm_bind, ARRAY_SIZE(m_vm_bind), G_VM_BIND },
	{ &b_vm_bind40, m_vm_bind40, ARRAY_SIZE(m_vm_bind40), G_VM_BIND },
	{ &b_vm_unbind, m_vm_unbind, ARRAY_SIZE(m_vm_unbind), G_VM_BIND },
	{ &b_gem_create, m_gem_create, ARRAY_SIZE(m_gem_create), G_GEM },
	{ &b_gem_create_private, m_gem_create_private, ARRAY_SIZE(m_gem_create_private), G_GEM },
	{ &b_mmap_offset, m_mmap_offset, ARRAY_SIZE(m_mmap_offset), G_GEM },
	{ &b_bind_object, m_bind_object, ARRAY_SIZE(m_bind_object), G_GEM },
	{ &b_unbind_object, m_unbind_object, ARRAY_SIZE(m_unbind_object), G_GEM },
	{ &b_queue_create, m_queue_create, ARRAY_SIZE(m_queue_create), G_QUEUES },
	{ &b_queue_destroy, m_queue_destroy, ARRAY_SIZE(m_queue_destroy), G_QUEUES },
	{ &b_submit_compute, m_submit, ARRAY_SIZE(m_submit), G_SUBMIT },
	{ &b_submit_render, m_submit_render, ARRAY_SIZE(m_submit_render), G_SUBMIT },
	{ &b_submit_mixed, m_submit_mixed, ARRAY_SIZE(m_submit_mixed), G_SUBMIT },
	{ &b_submit_ts, m_submit_ts, ARRAY_SIZE(m_submit_ts), G_SUBMIT },
};

static void run_group(struct kunit *test, unsigned int group)
{
	struct env *e = env_open(test);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(tables); i++)
		if (tables[i].group == group)
			run_table(e, tables[i].b, tables[i].muts, tables[i].n);
}

static void agx4_uapi_defect_get_time_and_params(struct kunit *test)
{
	run_group(test, G_TIME_AND_PARAMS);
}

static void agx4_uapi_defect_vm_create_and_destroy(struct kunit *test)
{
	run_group(test, G_VMS);
}

static void agx4_uapi_defect_vm_bind(struct kunit *test)
{
	run_group(test, G_VM_BIND);
}

static void agx4_uapi_defect_gem(struct kunit *test)
{
	run_group(test, G_GEM);
}

static void agx4_uapi_defect_queues(struct kunit *test)
{
	run_group(test, G_QUEUES);
}

static const enum agx4_soc_id socs[] = { AGX4_SOC_T8132, AGX4_SOC_T8140 };

static void soc_desc(const enum agx4_soc_id *soc, char *desc)
{
	strscpy(desc, *soc == AGX4_SOC_T8132 ? "G16" : "G17P",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(soc, socs, soc_desc);

/* SUBMIT's defects, on each generation: its backend checks commands too. */
static void agx4_uapi_defect_submit(struct kunit *test)
{
	run_group(test, G_SUBMIT);
}

/* Every ioctl through the DRM core's entry point, by number. */
static const struct {
	const struct builder *b;
	unsigned int cmd;
} by_number[] = {
	{ &b_get_params, DRM_IOCTL_ASAHI_GET_PARAMS },
	{ &b_get_time, DRM_IOCTL_ASAHI_GET_TIME },
	{ &b_vm_create, DRM_IOCTL_ASAHI_VM_CREATE },
	{ &b_vm_destroy, DRM_IOCTL_ASAHI_VM_DESTROY },
	{ &b_vm_bind, DRM_IOCTL_ASAHI_VM_BIND },
	{ &b_gem_create, DRM_IOCTL_ASAHI_GEM_CREATE },
	{ &b_mmap_offset, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET },
	{ &b_bind_object, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT },
	{ &b_queue_create, DRM_IOCTL_ASAHI_QUEUE_CREATE },
	{ &b_queue_destroy, DRM_IOCTL_ASAHI_QUEUE_DESTROY },
	{ &b_submit_compute, DRM_IOCTL_ASAHI_SUBMIT },
};

/* Where drm_ioctl() reads the argument block from. */
#define UARGS		(3 * SZ_1M + SZ_512K + SZ_128K)

static int call_by_number(struct env *e, unsigned int cmd, struct spec *s)
{
	int ret;

	put_spec(e, s);
	put_user_at(e, UARGS, &s->a, _IOC_SIZE(cmd));
	ret = drm_ioctl(e->c->filp, cmd, e->c->ubuf + UARGS);
	/* The outputs, for the undo. */
	KUNIT_ASSERT_EQ(e->test, copy_from_user(&s->a, (void __user *)
						(e->c->ubuf + UARGS),
						_IOC_SIZE(cmd)), 0);
	return ret;
}

/* The handlers that reach the device, called directly after unplug. */
static const struct builder *const reach[] = {
	&b_vm_bind, &b_bind_object, &b_queue_create, &b_submit_compute,
};

/*
 * After unplug, every ioctl fails with -ENODEV and changes nothing: each
 * call, through the ioctl table, and the handlers that reach the device
 * (VM_BIND, GEM_BIND_OBJECT, QUEUE_CREATE, SUBMIT) called directly too,
 * as a call that began before the unplug would run them.  Each call
 * succeeded, unchanged, before the unplug.
 */
static void agx4_uapi_defect_after_unplug(struct kunit *test)
{
	struct env *e = env_open(test);
	struct spec *specs = kunit_kcalloc(test, ARRAY_SIZE(by_number),
					   sizeof(*specs), GFP_KERNEL);
	struct state before, after;
	unsigned int i;
	int ret;

	KUNIT_ASSERT_NOT_NULL(test, specs);
	for (i = 0; i < ARRAY_SIZE(by_number); i++) {
		const struct builder *b = by_number[i].b;

		b->build(e, &e->run);
		ret = call_by_number(e, by_number[i].cmd, &e->run);
		KUNIT_EXPECT_EQ_MSG(test, ret, 0, "%s before unplug", b->name);
		if (!ret)
			b->undo(e, &e->run);
		if (b->cleanup)
			b->cleanup(e, &e->run);
	}
	/* What the calls after the unplug name is made before it. */
	for (i = 0; i < ARRAY_SIZE(by_number); i++)
		by_number[i].b->build(e, &specs[i]);

	agx4_device_unplug(e->adev);

	for (i = 0; i < ARRAY_SIZE(by_number); i++) {
		snap(e, &before);
		e->run = specs[i];
		ret = call_by_number(e, by_number[i].cmd, &e->run);
		KUNIT_EXPECT_EQ_MSG(test, ret, -ENODEV, "%s after unplug",
				    by_number[i].b->name);
		snap(e, &after);
		expect_same(e, &before, &after, by_number[i].b->name,
			    "after unplug");
	}
	for (i = 0; i < ARRAY_SIZE(reach); i++) {
		reach[i]->build(e, &e->good);
		put_spec(e, &e->good);
		snap(e, &before);
		e->run = e->good;
		ret = reach[i]->call(&e->adev->base, &e->run.a, e->c->file);
		KUNIT_EXPECT_EQ_MSG(test, ret, -ENODEV, "%s handler after unplug",
				    reach[i]->name);
		snap(e, &after);
		expect_same(e, &before, &after, reach[i]->name,
			    "the handler after unplug");
	}
}

#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
/* The call of @b, with its @n-th allocation failing: -ENOMEM, no change. */
static void alloc_defect(struct env *e, const struct builder *b,
			 unsigned int n)
{
	struct state before, after;
	int ret;

	b->build(e, &e->good);
	put_spec(e, &e->good);
	snap(e, &before);
	e->run = e->good;
	agx4_test_fail_nth(n);
	ret = b->call(&e->adev->base, &e->run.a, e->c->file);
	KUNIT_EXPECT_TRUE_MSG(e->test, agx4_test_fail_hit(),
			      "%s: allocation %u reached", b->name, n);
	KUNIT_EXPECT_EQ_MSG(e->test, ret, -ENOMEM, "%s: allocation %u failed",
			    b->name, n);
	if (!ret)
		b->undo(e, &e->run);
	snap(e, &after);
	expect_same(e, &before, &after, b->name, "failed allocation");

	e->run = e->good;
	ret = b->call(&e->adev->base, &e->run.a, e->c->file);
	KUNIT_EXPECT_EQ_MSG(e->test, ret, 0, "%s, allocating", b->name);
	if (!ret)
		b->undo(e, &e->run);
	if (b->cleanup)
		b->cleanup(e, &e->good);
}

/*
 * Allocation failures are defects too, made with the kernel's fault
 * injection (the task's fail_nth, failslab's ignore-gfp-wait cleared):
 * the first allocation of QUEUE_CREATE (its queue) and of SUBMIT (its
 * sync references) fails with -ENOMEM and changes nothing, and so does
 * opening a file whatever allocation of it fails.
 */
static void agx4_uapi_defect_allocation_fails(struct kunit *test)
{
	struct env *e = env_open(test);
	unsigned int n, fails = 2;
	struct file *filp;
	int refs;

	if (!agx4_test_failslab(test))
		kunit_skip(test, "no failslab in debugfs");

	alloc_defect(e, &b_queue_create, 1);
	alloc_defect(e, &b_submit_compute, 1);

	/* Every allocation of open in turn, up to the first that is not. */
	for (n = 1; n < 500; n++) {
		refs = kref_read(&e->adev->base.ref);
		agx4_test_fail_nth(n);
		filp = mock_drm_getfile(e->adev->base.render, O_RDWR);
		if (!agx4_test_fail_hit()) {
			KUNIT_EXPECT_FALSE(test, IS_ERR(filp));
			if (!IS_ERR(filp)) {
				fput(filp);
				flush_delayed_fput();
			}
			break;
		}
		if (!IS_ERR(filp)) {
			/* A failure with a fallback: the open stands. */
			fput(filp);
			flush_delayed_fput();
			continue;
		}
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR(filp), -ENOMEM,
				    "open, allocation %u", n);
		KUNIT_EXPECT_EQ_MSG(test, kref_read(&e->adev->base.ref), refs,
				    "open, allocation %u: device kept", n);
		fails++;
	}
	KUNIT_EXPECT_LT(test, n, 500);
	kunit_info(test, "agx4-uapi: failed allocations = %u\n", fails);
}
#endif

/* Calls @m makes: one per bit for %K_BITS, else one. */
static unsigned int mut_calls(const struct mut *m)
{
	return m->kind == K_BITS ? hweight64(m->v) : 1;
}

/* Does a table of @b's handler hold a defect (not only boundaries)? */
static bool has_defect(const struct builder *b)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(tables); i++) {
		if (tables[i].b->call != b->call)
			continue;
		for (j = 0; j < tables[i].n; j++)
			if (tables[i].muts[j].err)
				return true;
	}
	return false;
}

/*
 * The suite's own accounts, counted from its tables, so that they hold
 * whatever order the cases run in and whichever of them a run selects:
 * every table is run by a case, every ioctl has defects of its own, every
 * defect makes at least one call, names itself once in its table, and
 * expects 0 (a good-side boundary) or an errno.  Prints the defective and
 * the good-side boundary calls the cases make.
 */
static void agx4_uapi_defect_totals(struct kunit *test)
{
	unsigned int defects = 0, bounds = 0, i, j, k, runs;

	for (i = 0; i < ARRAY_SIZE(tables); i++) {
		const struct table *t = &tables[i];

		KUNIT_EXPECT_LT_MSG(test, t->group, NUM_GROUPS,
				    "%s: no case runs table %u", t->b->name, i);
		KUNIT_EXPECT_GT_MSG(test, t->n, 0, "%s: empty table %u",
				    t->b->name, i);
		runs = t->group == G_SUBMIT ? ARRAY_SIZE(socs) : 1;
		for (j = 0; j < t->n; j++) {
			const struct mut *m = &t->muts[j];

			KUNIT_EXPECT_GT_MSG(test, mut_calls(m), 0,
					    "%s: %s makes no call", t->b->name,
					    m->name);
			KUNIT_EXPECT_TRUE_MSG(test, m->err <= 0 &&
					      m->err >= -MAX_ERRNO,
					      "%s: %s expects %d", t->b->name,
					      m->name, m->err);
			KUNIT_EXPECT_TRUE_MSG(test, m->kind != K_FN || m->fn,
					      "%s: %s has no function",
					      t->b->name, m->name);
			for (k = 0; k < j; k++)
				KUNIT_EXPECT_STRNEQ_MSG(test, m->name,
							t->muts[k].name,
							"%s: named twice",
							t->b->name);
			if (m->err)
				defects += runs * mut_calls(m);
			else
				bounds += runs * mut_calls(m);
		}
	}
	for (i = 0; i < ARRAY_SIZE(by_number); i++)
		KUNIT_EXPECT_TRUE_MSG(test, has_defect(by_number[i].b),
				      "%s has no defect", by_number[i].b->name);
	/* And each call after the unplug. */
	defects += ARRAY_SIZE(by_number) + ARRAY_SIZE(reach);

	kunit_info(test, "agx4-uapi: single-defect inputs = %u\n", defects);
	kunit_info(test, "agx4-uapi: good-side boundary inputs = %u\n",
		   bounds);
}

static struct kunit_case agx4_uapi_defect_cases[] = {
	KUNIT_CASE(agx4_uapi_defect_get_time_and_params),
	KUNIT_CASE(agx4_uapi_defect_vm_create_and_destroy),
	KUNIT_CASE(agx4_uapi_defect_vm_bind),
	KUNIT_CASE(agx4_uapi_defect_gem),
	KUNIT_CASE(agx4_uapi_defect_queues),
	KUNIT_CASE_PARAM(agx4_uapi_defect_submit, soc_gen_params),
	KUNIT_CASE(agx4_uapi_defect_after_unplug),
#if IS_ENABLED(CONFIG_FAILSLAB) && IS_ENABLED(CONFIG_FAULT_INJECTION_DEBUG_FS)
	KUNIT_CASE(agx4_uapi_defect_allocation_fails),
#endif
	KUNIT_CASE(agx4_uapi_defect_totals),
	{ }
};

static struct kunit_suite agx4_uapi_defect_suite = {
	.name = "agx4_uapi_defect",
	.test_cases = agx4_uapi_defect_cases,
};

kunit_test_suite(agx4_uapi_defect_suite);
