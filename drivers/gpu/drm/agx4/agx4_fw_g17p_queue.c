// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitmap.h>
#include <linux/bits.h>
#include <linux/err.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/visibility.h>

#include "agx4_cmdbuf.h"
#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_build.h"
#include "agx4_fw_g17p.h"
#include "agx4_fw_g17p_queue.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_queue.h"
#include "agx4_fw_work.h"
#include "agx4_fwif_g17p.h"
#include "agx4_rtkit.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G17P submission
 *
 * Every G17P work item goes through the primary firmware instance, on the
 * priority-2 channels: 6 (TA), 7 (3D) and 8 (compute).  GAP: which
 * firmware priority a UAPI priority maps to is not known on G17P, so every
 * queue runs at priority 2 whatever its UAPI priority, with the queue
 * record's priority-2 profile.
 *
 * Compute runs in the "independently owned queue" profile: each UAPI
 * queue owns one firmware compute queue (an owner), made at QUEUE_CREATE.
 * Owner i completes on grid 32 + i (up to 96 owners: the grids below 32
 * are the render pools', and report masks hold 128 grids) and runs in its
 * VM's context (ASID), which agx4_uat_ctx_get() gives and every queue of
 * the VM shares; the reference gives each owner an ASID of its own
 * (4 + i), which is its choice, not a firmware requirement.  Everything
 * an owner needs is allocated from the firmware heap as one 2 MiB arena
 * (the reference's relative layout, so the record arrays keep their
 * sizes): queue record, pointer block, item ring, two transport banks,
 * 256 context records, support object and its state word, channel
 * control, job list, optional record, 256 scheduler records, slot words,
 * status pairs, dispatch words, completion scratch and event areas, and
 * 240 descriptors.  The arena is also mapped in context 0 (the low
 * aliases the register-program locators and the optional record name) at
 * 0x72_0000_0000 + i * 2 MiB.  Its preemption save areas and robustness
 * words, which the GPU writes in the VM's context, are a second object
 * mapped in the VM's kernel carve-out, beside the compute operand
 * namespace (operand lists, table, state and 21 buffers of 1 MiB) the
 * support object and the compute program point at.
 *
 * A job is one SUBMIT.  job_prepare() builds each command's descriptor,
 * context record (with its dependency points) and optional record into
 * the job's own memory; job_publish() copies them into the owner's slot
 * for the command and runs the publication: item ring entries, event
 * item, channel message, inner write index, channel producer, then one
 * doorbell per pipe.  Slots can be written only at publication: jobs
 * prepared but not yet run are not bounded, and the slot of command n is
 * that of command n - 256.  The queue's credits (128 commands) keep every
 * published and unfinished command in its own slot.
 *
 * Item rings are used linearly and never wrap: every 128 commands an
 * owner moves to the other transport bank, which needs the owner idle
 * (GAP: whether a ring may wrap is not known).  A command that must wait
 * for earlier work on the CPU (a bank switch, or a barrier the firmware
 * cannot take as a point) stays unpublished, with every later job of its
 * queue, until that work is done; the completion scan's poll() publishes
 * it then.  A compute command's barrier on an earlier compute command of
 * its queue is the point on the owner's previous command every compute
 * context record carries; a barrier on render work waits on the CPU.
 *
 * A compute command is done when the firmware's done index of its bank
 * reached its write index, both channel consumers passed its message and
 * the second word of its status pair is non-zero.  The grid's terminal
 * count in the report ring is not consulted (GAP: whether the firmware
 * coalesces terminal reports).
 *
 * Queue teardown sends no cleanup command to the firmware (GAP: the
 * context cleanup sequence is only known for the native profile).
 */

#define G17P_PRIORITY		2
#define G17P_PIPE_RENDER	0
#define G17P_PIPE_COMPUTE	2

/* Commands a queue may have published and not finished (its credits). */
#define G17P_CREDITS		128

/* An owner's arena: offsets from its base (H: the reference's layout). */
#define OWN_SIZE		SZ_2M
#define OWN_DESC_STRIDE		0x1040
#define OWN_DESCS		240
#define OWN_DESC_BYTES		0x1000
#define OWN_QUEUE		0x100000
#define OWN_POINTERS		0x104000
#define OWN_RING		0x108000
#define OWN_CONTEXTS		0x110000
#define OWN_SUPPORT		0x140000
#define OWN_STATE		0x144000
#define OWN_SCRATCH		0x148000
#define OWN_CONTROL		0x14c000
#define OWN_JOB_LIST		0x150000
#define OWN_OPTIONAL		0x154000
#define OWN_SCHED		0x160000
#define OWN_SLOTS		0x170000
#define OWN_STATUS		0x178000
#define OWN_DISPATCH_A		0x17c000
#define OWN_DISPATCH_B		0x180000
#define OWN_BANKS		0x190000
#define OWN_BANK_SIZE		0x8000
#define OWN_BANK_RING		0x4000
#define OWN_EVENTS		0x1a0000
#define OWN_EVENT_SIZE		0x400
#define OWN_RECORDS		256
#define OWN_RING_ENTRIES	0x500
#define OWN_BANK_COMMANDS	128
static_assert(OWN_EVENTS + OWN_RECORDS * OWN_EVENT_SIZE <= OWN_SIZE);
static_assert(OWN_DESCS * OWN_DESC_STRIDE <= OWN_QUEUE);
static_assert(OWN_BANK_COMMANDS >= G17P_CREDITS);
static_assert(OWN_DESCS > G17P_CREDITS);

/* Context-0 low alias of owner i's arena (M: the reference's window). */
#define OWN_LOW_BASE		0x7200000000ull
#define OWN_FIRST_GRID		32
#define OWN_UUID_BASE		0x200
/* The compute queues' event slot in dependency points (H). */
#define OWN_EVENT_SLOT		2
/* Per-command constants of the descriptor and program (H). */
#define OWN_SUPPORT_CONTROL	0xe0a00001
#define OWN_IDENTITY		0x0200020803000247ull
#define OWN_IDENTITY_STEP	0x200000001ull
#define OWN_GATE		1
#define OWN_EV_COUNTER		2
/* The compute optional record's words (H; GAP: meaning). */
#define OWN_OPT_SCHED		{ 2, 0, 2 }
#define OWN_OPT_CTX2		2
#define OWN_OPT_ORDINAL		0x29

/*
 * The VM's kernel carve-out: the compute operand namespace (lists, table,
 * state, buffers; the reference's relative layout from 0x70_0000_0000,
 * M), then each owner's save areas and robustness words.
 */
#define KC_LISTS		0x0
#define KC_LIST_STRIDE		0x800
#define KC_LISTS_PER_PAGE	8
#define KC_TABLE		0x208000
#define KC_TABLE_STRIDE		0x40
#define KC_TABLE_TAG		BIT_ULL(60)
#define KC_STATE		0x220000
#define KC_STATE_SIZE		0x14000
#define KC_BUFFERS		0x238000
#define KC_BUFFER_STRIDE	0x108000
#define KC_BUFFER_SIZE		SZ_1M
#define KC_NUM_BUFFERS		21
#define KC_LIST_PAGES		DIV_ROUND_UP(KC_NUM_BUFFERS, KC_LISTS_PER_PAGE)
/* The namespace object: lists, table, state. */
#define NS_LISTS		0
#define NS_TABLE		(KC_LIST_PAGES * SZ_16K)
#define NS_STATE		(NS_TABLE + SZ_16K)
#define NS_SIZE			(NS_STATE + KC_STATE_SIZE)
#define KC_OWNERS		0x2000000
#define KC_OWNER_SIZE		0x40000
/*
 * L: save areas of 3 pages (the reference re-points 3 pages per slot);
 * the reference keeps 256 of them per owner; an owner runs one command
 * at a time (each waits for its previous one), so agx4 keeps 4.
 */
#define SAVE_SLOTS		4
#define SAVE_SIZE		0xc000
#define PRIV_ROBUST		(SAVE_SLOTS * SAVE_SIZE)
#define PRIV_SIZE		(PRIV_ROBUST + SZ_16K)
static_assert(KC_BUFFERS + KC_NUM_BUFFERS * KC_BUFFER_STRIDE <= KC_OWNERS);
static_assert(PRIV_SIZE <= KC_OWNER_SIZE);
static_assert(KC_OWNERS + AGX4_G17P_MAX_OWNERS * KC_OWNER_SIZE <=
	      AGX4_VM_KERNEL_MIN_SIZE);

/* GPU read-write, uncached, in a client or the device context. */
static const struct agx4_uat_prot gpu_rw = {
	.access = AGX4_UAT_GPU,
	.perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

/**
 * struct g17p_vm - a VM's G17P state (&agx4_vm.fw)
 * @sub: the device's submission state.
 * @ns: its compute operand lists, table and state.
 * @mapped: the namespace was (perhaps partly) mapped in the VM.
 */
struct g17p_vm {
	struct agx4_fw_g17p_sub *sub;
	struct agx4_fw_obj *ns;
	bool mapped;
};

/**
 * struct g17p_owner - a firmware compute queue and its arena
 * @index: owner index; grid 32 + @index.
 * @grid: its grid.
 * @arena: the arena (firmware half).
 * @low: its context-0 alias.
 * @priv: save areas and robustness words.
 * @priv_gpu: where @priv is in the VM.
 * @next: ordinal of the next command prepared; the caller's submit lock.
 * @epoch: transport epoch (0: the first bank, then the two pool banks by
 *	turns); the rest under &agx4_fw_g17p_sub.lock.
 * @w: write index in the current bank.
 * @published: commands published.
 */
struct g17p_owner {
	unsigned int index;
	u32 grid;
	struct agx4_fw_obj *arena;
	u64 low;
	struct agx4_fw_obj *priv;
	u64 priv_gpu;
	u32 next;
	u32 epoch;
	u32 w;
	u32 published;
};

/**
 * struct g17p_cmd - one command of a job
 * @compute: a compute command.
 * @wait_render: every render command published before it must be done.
 * @wait_compute: every compute command published before it must be done.
 * @published: it went out.
 * @done: the firmware was seen done with it.
 * @n: its ordinal on its owner or pool.
 * @w_end: the item ring write index after it.
 * @owner: its compute owner.
 * @ptrs: the pointer block of its bank, CPU view.
 * @seq: the channel's producer count after its message.
 * @desc: descriptor bytes (%OWN_DESC_BYTES).
 * @ev: its event item.
 * @ctx: its context record's host words.
 * @npoints: dependency points in @ctx.
 */
struct g17p_cmd {
	bool compute;
	bool wait_render;
	bool wait_compute;
	bool published;
	bool done;
	u32 n;
	u32 w_end;
	struct g17p_owner *owner;
	struct g17p_pointers *ptrs;
	u64 seq;
	void *desc;
	struct g17p_event_item ev;
	struct g17p_context ctx;
	u32 npoints;
};

/**
 * struct agx4_fw_job - a SUBMIT on G17P
 * @fq: its queue.
 * @link: on &agx4_fw_g17p_sub.deferred while not wholly published.
 * @deferred: it is on that list.
 * @ran: job_publish() ran.
 * @first_n: its first compute ordinal.
 * @ncompute: its compute commands.
 * @nrender: its render commands.
 * @next: its first command not published yet.
 * @count: its commands.
 * @cmds: the commands.
 */
struct agx4_fw_job {
	struct agx4_fw_queue *fq;
	struct list_head link;
	bool deferred;
	bool ran;
	u32 first_n;
	u32 ncompute;
	u32 nrender;
	u32 next;
	u32 count;
	struct g17p_cmd cmds[] __counted_by(count);
};

/**
 * struct agx4_fw_queue - a UAPI queue's firmware side on G17P
 * @adev: the device.
 * @sub: the device's submission state.
 * @vm: its VM (a reference held).
 * @gvm: the VM's G17P state.
 * @asid: the VM's context.
 * @usc_base: the USC execution base.
 * @owner: its compute owner.
 * @scratch: the builders' output before the copy into the job.
 * @renders: render commands prepared; the caller's submit lock.
 * @last_render: the last render command published, or NULL; under
 *	&agx4_fw_g17p_sub.lock, as the next two.
 * @last_compute: the same for compute.
 * @deferred: its jobs on &agx4_fw_g17p_sub.deferred.
 * @blocked: the pass over &agx4_fw_g17p_sub.deferred in which one of its
 *	jobs could not go out.
 */
struct agx4_fw_queue {
	struct agx4_device *adev;
	struct agx4_fw_g17p_sub *sub;
	struct agx4_vm *vm;
	struct g17p_vm *gvm;
	int asid;
	u64 usc_base;
	struct g17p_owner *owner;
	void *scratch;
	u32 renders;
	struct g17p_cmd *last_render;
	struct g17p_cmd *last_compute;
	unsigned int deferred;
	u64 blocked;
};

#define SCRATCH_DESC		0
#define SCRATCH_EV		sizeof(struct g17p_compute_work)
#define SCRATCH_SIZE		(SCRATCH_EV + sizeof(struct g17p_event_item_compute))

static u64 own_va(const struct g17p_owner *o, u32 off)
{
	return o->arena->va + off;
}

static void *own_cpu(const struct g17p_owner *o, u32 off)
{
	return (u8 *)o->arena->cpu + off;
}

static u64 own_low(const struct g17p_owner *o, u32 off)
{
	return o->low + off;
}

/* Map @size bytes of @obj from @off at @va of @uat, which the caller owns. */
static int map_part(struct agx4_uat *uat, u64 va, struct agx4_fw_obj *obj,
		    u64 off, u64 size)
{
	struct agx4_uat_op op;
	u64 i;
	int ret;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	ret = agx4_uat_op_reserve(&op, va, size);
	for (i = 0; !ret && i < size; i += SZ_16K)
		agx4_uat_op_map(&op, va + i,
				page_to_phys(obj->chunks[(off + i) / SZ_16K]),
				SZ_16K, &gpu_rw);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
	return ret;
}

static void unmap_part(struct agx4_uat *uat, u64 va, u64 size)
{
	struct agx4_uat_op op;

	mutex_lock(&uat->lock);
	agx4_uat_op_begin(uat, &op);
	agx4_uat_op_unmap(&op, va, size);
	agx4_uat_op_end(&op);
	mutex_unlock(&uat->lock);
}

static void unmap_namespace(struct agx4_vm *vm)
{
	u64 base = vm->kernel_start;
	unsigned int i;

	lockdep_assert_held(&vm->bind_lock);
	unmap_part(&vm->uat, base + KC_LISTS, NS_TABLE - NS_LISTS);
	unmap_part(&vm->uat, base + KC_TABLE, SZ_16K);
	unmap_part(&vm->uat, base + KC_STATE, KC_STATE_SIZE);
	for (i = 0; i < KC_NUM_BUFFERS; i++)
		unmap_part(&vm->uat, base + KC_BUFFERS + i * KC_BUFFER_STRIDE,
			   KC_BUFFER_SIZE);
}

static void vm_fw_free(struct agx4_vm *vm, void *fw)
{
	struct g17p_vm *gvm = fw;

	mutex_lock(&vm->bind_lock);
	if (gvm->mapped)
		unmap_namespace(vm);
	mutex_unlock(&vm->bind_lock);
	agx4_fw_obj_destroy(gvm->ns);
	kfree(gvm);
}

/* The device's operand buffers, made at the first queue. */
static struct agx4_fw_obj *operand_buffers(struct agx4_fw_g17p_sub *sub)
{
	struct agx4_fw_obj *obj;

	lockdep_assert_held(&sub->setup_lock);
	if (sub->operands)
		return sub->operands;
	mutex_lock(&sub->b->lock);
	obj = agx4_fw_boot_alloc(sub->b, "compute_operands",
				 KC_NUM_BUFFERS * KC_BUFFER_SIZE,
				 AGX4_FW_OBJ_SHARED);
	mutex_unlock(&sub->b->lock);
	if (!IS_ERR(obj))
		sub->operands = obj;
	return obj;
}

/*
 * The operand lists (16 KiB entries, 64 a buffer; buffer i's list at
 * page i / 8, + (i % 8) * 0x800) and table (buffer | 1 << 60, 0x40
 * apart), as the VM sees the buffers (M: the entries are GPU addresses).
 */
static void fill_namespace(struct agx4_fw_obj *ns, u64 base)
{
	u8 *cpu = ns->cpu;
	unsigned int i, j;

	for (i = 0; i < KC_NUM_BUFFERS; i++) {
		u64 buf = base + KC_BUFFERS + i * KC_BUFFER_STRIDE;
		__le64 *list = (__le64 *)(cpu + NS_LISTS +
					  (i / KC_LISTS_PER_PAGE) * SZ_16K +
					  (i % KC_LISTS_PER_PAGE) *
					  KC_LIST_STRIDE);

		for (j = 0; j < KC_BUFFER_SIZE / SZ_16K; j++)
			list[j] = cpu_to_le64(buf + j * SZ_16K);
		put_unaligned_le64(buf | KC_TABLE_TAG,
				   cpu + NS_TABLE + i * KC_TABLE_STRIDE);
	}
}

static int map_namespace(struct agx4_vm *vm, struct g17p_vm *gvm,
			 struct agx4_fw_obj *buffers)
{
	u64 base = vm->kernel_start;
	unsigned int i;
	int ret;

	lockdep_assert_held(&vm->bind_lock);
	gvm->mapped = true;
	ret = map_part(&vm->uat, base + KC_LISTS, gvm->ns, NS_LISTS,
		       NS_TABLE - NS_LISTS) ?:
	      map_part(&vm->uat, base + KC_TABLE, gvm->ns, NS_TABLE, SZ_16K) ?:
	      map_part(&vm->uat, base + KC_STATE, gvm->ns, NS_STATE,
		       KC_STATE_SIZE);
	if (ret)
		return ret;
	for (i = 0; i < KC_NUM_BUFFERS; i++) {
		ret = map_part(&vm->uat, base + KC_BUFFERS +
			       i * KC_BUFFER_STRIDE, buffers,
			       i * KC_BUFFER_SIZE, KC_BUFFER_SIZE);
		if (ret)
			return ret;
	}
	return 0;
}

/* The VM's G17P state, made at its first queue. */
static struct g17p_vm *vm_state(struct agx4_fw_g17p_sub *sub,
				struct agx4_vm *vm)
{
	struct agx4_fw_obj *buffers;
	struct g17p_vm *gvm;
	int ret;

	lockdep_assert_held(&vm->fw_lock);
	if (vm->fw)
		return vm->fw;
	mutex_lock(&sub->setup_lock);
	buffers = operand_buffers(sub);
	mutex_unlock(&sub->setup_lock);
	if (IS_ERR(buffers))
		return ERR_CAST(buffers);
	gvm = kzalloc(sizeof(*gvm), GFP_KERNEL);
	if (!gvm)
		return ERR_PTR(-ENOMEM);
	gvm->sub = sub;
	gvm->ns = agx4_fw_obj_create(&sub->b->adev->mem->heap, NS_SIZE,
				     AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(gvm->ns)) {
		ret = PTR_ERR(gvm->ns);
		kfree(gvm);
		return ERR_PTR(ret);
	}
	fill_namespace(gvm->ns, vm->kernel_start);
	mutex_lock(&vm->bind_lock);
	ret = map_namespace(vm, gvm, buffers);
	mutex_unlock(&vm->bind_lock);
	if (ret) {
		vm_fw_free(vm, gvm);
		return ERR_PTR(ret);
	}
	vm->fw = gvm;
	vm->fw_free = vm_fw_free;
	return gvm;
}

/* The dispatch block, once (H: a non-zero block is left as it is). */
static void write_dispatch(struct agx4_fw_g17p_sub *sub)
{
	static const u32 words[] = G17P_DISPATCH_WORDS;
	struct g17p_dispatch *d = sub->dispatch;
	__le32 *w = &d->gap_0;
	unsigned int i;

	lockdep_assert_held(&sub->setup_lock);
	if (memchr_inv(d, 0, sizeof(*d)))
		return;
	for (i = 0; i < ARRAY_SIZE(words); i++)
		w[i] = cpu_to_le32(words[i]);
}

static void init_pointers(struct g17p_pointers *p)
{
	memset(p, 0, sizeof(*p));
	p->gap_50 = cpu_to_le32(U32_MAX);
	p->capacity = cpu_to_le32(OWN_RING_ENTRIES);
}

/* The owner's queue-lifetime objects (what the firmware sees first). */
static int init_owner(struct agx4_fw_queue *fq, struct g17p_owner *o)
{
	const struct agx4_fw_gen *gen = fq->adev->gen;
	struct agx4_fw_queue_in qin = {
		.pointers = own_va(o, OWN_POINTERS),
		.ring = own_va(o, OWN_RING),
		.job_list = own_va(o, OWN_JOB_LIST),
		.self = own_va(o, OWN_QUEUE),
		.priority = G17P_PRIORITY,
		.lane = AGX4_FW_LANE_COMPUTE,
		.uuid = OWN_UUID_BASE + o->grid,
		.context = own_va(o, OWN_CONTROL),
	};
	struct g17p_support *sup = own_cpu(o, OWN_SUPPORT);
	struct g17p_chan_control *cc = own_cpu(o, OWN_CONTROL);
	struct agx4_fw_job_list *jl = own_cpu(o, OWN_JOB_LIST);
	u64 cls = G17P_SUPPORT_CLASS_COMPUTE << G17P_SUPPORT_CLASS_SHIFT;

	sup->header = cpu_to_le64(fq->asid);
	sup->gap_8 = cpu_to_le64(1);
	sup->class = cpu_to_le32(G17P_SUPPORT_CLASS);
	sup->gap_18 = cpu_to_le64(G17P_SUPPORT_18);
	sup->class_20 = cpu_to_le64(cls);
	sup->class_28 = cpu_to_le64(cls);
	sup->operands = cpu_to_le64(fq->vm->kernel_start + KC_TABLE);
	sup->gap_40 = cpu_to_le32(G17P_SUPPORT_40);
	sup->cursor = cpu_to_le32(G17P_SUPPORT_CURSOR_COMPUTE);
	put_unaligned_le64(own_va(o, OWN_STATE), &sup->state);
	sup->gap_5c = cpu_to_le32(1);
	sup->kind = cpu_to_le32(G17P_SUPPORT_KIND_COMPUTE);
	*(__le32 *)own_cpu(o, OWN_STATE) = cpu_to_le32(1);
	cc->gap_0 = cpu_to_le64(G17P_CHAN_CONTROL_0);
	cc->gap_20 = cpu_to_le64(G17P_CHAN_CONTROL_20);
	cc->gap_30 = cpu_to_le64(G17P_CHAN_CONTROL_30);
	jl->self = cpu_to_le64(own_va(o, OWN_JOB_LIST));
	init_pointers(own_cpu(o, OWN_POINTERS));
	return gen->build_queue(&qin, own_cpu(o, OWN_QUEUE),
				sizeof(struct g17p_queue));
}

static void owner_free(struct agx4_fw_queue *fq, struct g17p_owner *o)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;

	if (!IS_ERR_OR_NULL(o->priv)) {
		mutex_lock(&fq->vm->bind_lock);
		unmap_part(&fq->vm->uat, o->priv_gpu, PRIV_SIZE);
		mutex_unlock(&fq->vm->bind_lock);
		agx4_fw_obj_destroy(o->priv);
	}
	agx4_fw_obj_destroy(o->arena);
	mutex_lock(&sub->setup_lock);
	clear_bit(o->index, sub->owners);
	mutex_unlock(&sub->setup_lock);
	kfree(o);
}

static int owner_create(struct agx4_fw_queue *fq)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct agx4_fw_obj_heap *heap = &fq->adev->mem->heap;
	struct g17p_owner *o;
	unsigned int i;
	int ret;

	o = kzalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	mutex_lock(&sub->setup_lock);
	i = find_first_zero_bit(sub->owners, AGX4_G17P_MAX_OWNERS);
	if (i < AGX4_G17P_MAX_OWNERS) {
		set_bit(i, sub->owners);
		write_dispatch(sub);
	}
	mutex_unlock(&sub->setup_lock);
	if (i >= AGX4_G17P_MAX_OWNERS) {
		kfree(o);
		return -ENOSPC;
	}
	o->index = i;
	o->grid = OWN_FIRST_GRID + i;
	o->low = OWN_LOW_BASE + (u64)i * OWN_SIZE;
	o->priv_gpu = fq->vm->kernel_start + KC_OWNERS + i * KC_OWNER_SIZE;
	o->arena = agx4_fw_obj_create(heap, OWN_SIZE, AGX4_FW_OBJ_SHARED,
				      NULL, NULL);
	if (IS_ERR(o->arena))
		goto err;
	ret = agx4_fw_obj_alias(o->arena, &sub->b->dev_uat, o->low, &gpu_rw);
	if (ret)
		goto err_ret;
	o->priv = agx4_fw_obj_create(heap, PRIV_SIZE, AGX4_FW_OBJ_SHARED,
				     NULL, NULL);
	if (IS_ERR(o->priv))
		goto err;
	mutex_lock(&fq->vm->bind_lock);
	ret = map_part(&fq->vm->uat, o->priv_gpu, o->priv, 0, PRIV_SIZE);
	mutex_unlock(&fq->vm->bind_lock);
	if (!ret)
		ret = init_owner(fq, o);
	if (ret)
		goto err_ret;
	fq->owner = o;
	return 0;

err:
	ret = PTR_ERR(IS_ERR(o->arena) ? o->arena : o->priv);
err_ret:
	owner_free(fq, o);
	return ret;
}

static int g17p_queue_create(struct agx4_device *adev,
			     const struct agx4_fw_queue_args *args,
			     struct agx4_fw_queue **out)
{
	struct agx4_fw_boot *b = adev->fw;
	struct agx4_fw_queue *fq;
	struct g17p_vm *gvm;
	int ret;

	if (!b)
		return -ENODEV;
	fq = kzalloc(sizeof(*fq), GFP_KERNEL);
	if (!fq)
		return -ENOMEM;
	fq->adev = adev;
	fq->sub = agx4_fw_g17p_sub(b);
	fq->vm = agx4_vm_get(args->vm);
	fq->usc_base = args->usc_exec_base;
	fq->scratch = kvzalloc(SCRATCH_SIZE, GFP_KERNEL);
	ret = -ENOMEM;
	if (!fq->scratch)
		goto err_vm;
	mutex_lock(&fq->vm->fw_lock);
	gvm = vm_state(fq->sub, fq->vm);
	mutex_unlock(&fq->vm->fw_lock);
	ret = PTR_ERR_OR_ZERO(gvm);
	if (ret)
		goto err_vm;
	fq->gvm = gvm;
	fq->asid = agx4_uat_ctx_get(&b->ctx, &fq->vm->uat, &adev->mem->fw_uat);
	if (fq->asid < 0) {
		ret = fq->asid == -EBUSY ? -ENOSPC : fq->asid;
		goto err_vm;
	}
	ret = owner_create(fq);
	if (ret)
		goto err_ctx;
	*out = fq;
	return 0;

err_ctx:
	agx4_uat_ctx_put(&b->ctx, fq->asid);
err_vm:
	kvfree(fq->scratch);
	agx4_vm_put(fq->vm);
	kfree(fq);
	return ret;
}

static void g17p_queue_destroy(struct agx4_fw_queue *fq)
{
	owner_free(fq, fq->owner);
	agx4_uat_ctx_put(&fq->sub->b->ctx, fq->asid);
	kvfree(fq->scratch);
	agx4_vm_put(fq->vm);
	kfree(fq);
}

/* Merge point (@grid, @value) into @ctx, keeping a grid's highest value. */
static int add_point(struct g17p_context *ctx, u32 *n, u32 grid, u32 value)
{
	u32 i;

	if (value > G17P_DEP_MAX_VALUE)
		return -EINVAL;
	for (i = 0; i < *n; i++) {
		u64 p = le64_to_cpu(ctx->points.points[i]);

		if (p >> G17P_DEP_GRID_SHIFT == grid) {
			if ((p & G17P_DEP_MAX_VALUE) < value)
				ctx->points.points[i] =
					cpu_to_le64((u64)grid <<
						    G17P_DEP_GRID_SHIFT | value);
			return 0;
		}
	}
	if (*n == G17P_DEP_MAX_POINTS)
		return -E2BIG;
	ctx->points.points[(*n)++] =
		cpu_to_le64((u64)grid << G17P_DEP_GRID_SHIFT | value);
	return 0;
}

static void points_header(struct g17p_context *ctx, u32 engine, u32 slot,
			  u32 n)
{
	ctx->points.header = cpu_to_le64(G17P_DEP_HEADER_TAG |
					 (u64)engine << G17P_DEP_ENGINE_SHIFT |
					 (u64)slot << G17P_DEP_SLOT_SHIFT |
					 GENMASK_ULL(n - 1, 0));
}

static u64 locator(u64 code, u64 alias)
{
	return code << G17P_LOCATOR_CODE_SHIFT |
	       alias >> G17P_LOCATOR_ALIAS_SHIFT;
}

/* A compute command's descriptor, event item and context record. */
static int prepare_compute(struct agx4_fw_queue *fq,
			   const struct agx4_compute_desc *d,
			   struct g17p_cmd *c)
{
	const struct agx4_fw_gen *gen = fq->adev->gen;
	struct g17p_owner *o = fq->owner;
	u32 n = o->next, s = n % OWN_RECORDS;
	u32 desc = (n % OWN_DESCS) * OWN_DESC_STRIDE;
	u64 priv = o->priv_gpu;
	struct agx4_fw_compute_in in = {
		.st = {
			.work = own_va(o, desc),
			.work_alias = own_low(o, desc),
			.counter = n,
			.grid = o->grid,
			.dispatch = {
				own_va(o, OWN_DISPATCH_A + s * 0x40),
				own_va(o, OWN_DISPATCH_B + s * 0x40),
			},
			.ev_group = n + 1,
			.ev_counter = OWN_EV_COUNTER,
		},
		.context_id = fq->asid,
		.resource = priv + (n % SAVE_SLOTS) * SAVE_SIZE,
		.reg_identity = OWN_IDENTITY + (u64)n * OWN_IDENTITY_STEP,
		.ordinal = n,
		.sched = own_va(o, OWN_SCHED + s * sizeof(struct g17p_sched)),
		.status = {
			own_va(o, OWN_STATUS + s * sizeof(struct g17p_slot)),
			own_va(o, OWN_STATUS + s * sizeof(struct g17p_slot) + 8),
		},
		.shared_control = own_va(o, OWN_SUPPORT),
		.zero_page = own_va(o, OWN_SCRATCH + s * sizeof(struct g17p_slot)),
		.support_control = OWN_SUPPORT_CONTROL,
		.queue_submission = n + 1,
		.submission_index = n + 1,
		.gate = OWN_GATE,
		.robustness = priv + PRIV_ROBUST + s * sizeof(struct g17p_slot),
		.operand_state = fq->vm->kernel_start + KC_STATE,
		.usc_base = fq->usc_base,
	};
	struct agx4_fw_buf bufs[] = {
		{ fq->scratch + SCRATCH_DESC, sizeof(struct g17p_compute_work) },
		{ fq->scratch + SCRATCH_EV,
		  sizeof(struct g17p_event_item_compute) },
	};
	struct g17p_context *ctx = &c->ctx;
	int ret;

	if (n + 1 > G17P_MAX_SUBMISSION)
		return -ENOSPC;
	ret = gen->build_compute(d, &in, bufs);
	if (ret)
		return ret;
	c->desc = kmemdup(fq->scratch + SCRATCH_DESC, OWN_DESC_BYTES,
			  GFP_KERNEL);
	if (!c->desc)
		return -ENOMEM;
	memcpy(&c->ev, fq->scratch + SCRATCH_EV, sizeof(c->ev));
	c->compute = true;
	c->owner = o;
	c->n = n;
	ctx->header = cpu_to_le64(G17P_CONTEXT_GRID_FORM |
				  (u64)o->grid * 4 << G17P_CONTEXT_GRID_SHIFT |
				  4ull * (n + 1));
	ctx->work = cpu_to_le64(in.st.work);
	ctx->queue = cpu_to_le64(own_va(o, OWN_QUEUE));
	/* The owner's previous command (H); barriers on compute are in it. */
	ret = add_point(ctx, &c->npoints, o->grid, n);
	if (ret)
		return ret;
	points_header(ctx, G17P_DEP_ENGINE_COMPUTE, OWN_EVENT_SLOT,
		      c->npoints);
	ctx->gap_138 = cpu_to_le64(G17P_CONTEXT_COMPUTE_138);
	ctx->program = cpu_to_le64(locator(G17P_LOCATOR_COMPUTE,
					   in.st.work_alias +
					   offsetof(struct g17p_compute_work,
						    regs)));
	ctx->partial[0] = cpu_to_le64(locator(G17P_LOCATOR_COMPUTE2,
					      in.st.work_alias +
					      offsetof(struct g17p_compute_work,
						       regs2)));
	ctx->gap_178 = cpu_to_le64(G17P_CONTEXT_LIMIT);
	/* A new transport bank needs the owner idle. */
	c->wait_compute = n && !(n % OWN_BANK_COMMANDS);
	o->next++;
	return 0;
}

/* The compute optional record, with the owner's first command (H). */
static int write_optional(struct agx4_fw_queue *fq, struct g17p_owner *o)
{
	static const u32 sched[] = OWN_OPT_SCHED;
	struct agx4_fw_optional_in in = {
		.kind = G17P_KIND_COMPUTE,
		.context_low = own_low(o, OWN_CONTEXTS),
		.context_high = own_va(o, OWN_CONTEXTS),
		.grid = o->grid,
		.first = true,
		.shared_control = own_va(o, OWN_SUPPORT),
		.ordinal = OWN_OPT_ORDINAL,
		.channel_control = own_va(o, OWN_CONTROL),
		.uuid = OWN_UUID_BASE + o->grid,
		.sched = { sched[0], sched[1], sched[2] },
		.ctx = { fq->asid, OWN_OPT_CTX2 },
	};

	return fq->adev->gen->build_optional(&in, own_cpu(o, OWN_OPTIONAL),
					     sizeof(struct g17p_optional));
}

static void free_cmds(struct agx4_fw_job *job)
{
	u32 i;

	for (i = 0; i < job->count; i++)
		kfree(job->cmds[i].desc);
}

static int g17p_job_prepare(struct agx4_fw_queue *fq,
			    const struct agx4_cmdbuf *cb,
			    struct agx4_fw_job **out, u32 *credits)
{
	struct g17p_owner *o = fq->owner;
	u32 first_n = o->next, renders = fq->renders;
	struct agx4_fw_job *job;
	u32 i;
	int ret = 0;

	if (!cb->count || cb->count > G17P_CREDITS)
		return -EINVAL;
	job = kzalloc(struct_size(job, cmds, cb->count), GFP_KERNEL);
	if (!job)
		return -ENOMEM;
	job->fq = fq;
	job->count = cb->count;
	job->first_n = first_n;
	INIT_LIST_HEAD(&job->link);
	for (i = 0; i < cb->count && !ret; i++) {
		const struct agx4_cmd_desc *cd = &cb->cmds[i];
		struct g17p_cmd *c = &job->cmds[i];

		if (!cd->is_compute) {
			/* The render path follows (agx4 cannot run it yet). */
			ret = -EOPNOTSUPP;
			break;
		}
		ret = prepare_compute(fq, &cd->compute, c);
		if (!ret && !c->n)
			ret = write_optional(fq, o);
		job->ncompute++;
		/* Render work of this or an earlier SUBMIT: on the CPU. */
		if (cd->wait_vdm != AGX4_WAIT_NONE && (cd->wait_vdm || renders))
			c->wait_render = true;
	}
	if (ret) {
		free_cmds(job);
		kfree(job);
		o->next = first_n;
		fq->renders = renders;
		return ret;
	}
	*out = job;
	*credits = cb->count;
	return 0;
}

/* Both consumers of @stage passed every message before @seq? */
static bool chan_passed(struct agx4_fw_g17p_sub *sub, unsigned int stage,
			u64 seq)
{
	lockdep_assert_held(&sub->lock);
	return sub->cons[stage][0] >= seq && sub->cons[stage][1] >= seq;
}

/*
 * Extend the channel's 8-bit consumer counters to 64 bits.  Called at
 * every publication and status check, so a counter never moves 256 or
 * more between two looks (at most 255 messages are outstanding).
 */
static void chan_observe(struct agx4_fw_g17p_sub *sub, unsigned int stage)
{
	struct agx4_channel *ch = &sub->chan[stage];
	u32 cur[2] = { agx4_cursor_get(&ch->read), agx4_cursor_get(&ch->done) };
	unsigned int i;

	lockdep_assert_held(&sub->lock);
	for (i = 0; i < 2; i++) {
		u64 c = sub->cons[stage][i];

		c += (u8)(cur[i] - (u32)c);
		sub->cons[stage][i] = min(c, sub->prod[stage]);
	}
}

static bool chan_room(struct agx4_fw_g17p_sub *sub, unsigned int stage)
{
	chan_observe(sub, stage);
	return sub->prod[stage] - min(sub->cons[stage][0], sub->cons[stage][1]) <
	       AGX4_FW_RING_ENTRIES - 1;
}

static bool cmd_done_locked(struct agx4_fw_g17p_sub *sub, struct g17p_cmd *c)
{
	lockdep_assert_held(&sub->lock);
	if (READ_ONCE(c->done))
		return true;
	if (!c->published)
		return false;
	if (c->compute) {
		struct g17p_owner *o = c->owner;
		struct g17p_slot *st;

		chan_observe(sub, AGX4_FW_LANE_COMPUTE);
		if (le32_to_cpu(READ_ONCE(c->ptrs->done)) < c->w_end ||
		    !chan_passed(sub, AGX4_FW_LANE_COMPUTE, c->seq))
			return false;
		st = own_cpu(o, OWN_STATUS + (c->n % OWN_RECORDS) * sizeof(*st));
		if (!READ_ONCE(st->word[1]))
			return false;
	}
	WRITE_ONCE(c->done, true);
	return true;
}

/* Move an idle owner to its next transport bank (H). */
static void switch_bank(struct g17p_owner *o)
{
	struct g17p_queue *q = own_cpu(o, OWN_QUEUE);
	u32 bank = OWN_BANKS + (o->epoch % 2) * OWN_BANK_SIZE;
	struct g17p_pointers *p = own_cpu(o, bank);

	init_pointers(p);
	memset(own_cpu(o, bank + OWN_BANK_RING), 0,
	       OWN_RING_ENTRIES * sizeof(u64));
	wmb();	/* the fresh bank before the record names it */
	q->pointers = cpu_to_le64(own_va(o, bank));
	q->ring = cpu_to_le64(own_va(o, bank + OWN_BANK_RING));
	q->done = 0;
	wmb();	/* the record before anything published through it */
	o->epoch++;
	o->w = 0;
}

static u32 bank_offset(const struct g17p_owner *o)
{
	return o->epoch ? OWN_BANKS + ((o->epoch - 1) % 2) * OWN_BANK_SIZE :
			  OWN_POINTERS;
}

static u32 ring_offset(const struct g17p_owner *o)
{
	return o->epoch ? bank_offset(o) + OWN_BANK_RING : OWN_RING;
}

/* The host-owned words of a context record; the rest is the firmware's. */
static void write_context(struct g17p_context *dst,
			  const struct g17p_context *src, u32 npoints)
{
	dst->header = src->header;
	dst->frag_base = src->frag_base;
	dst->work = src->work;
	dst->queue = src->queue;
	memcpy(&dst->points, &src->points, (npoints + 1) * sizeof(u64));
	dst->gap_130 = src->gap_130;
	dst->gap_138 = src->gap_138;
	dst->program = src->program;
	memcpy(dst->partial, src->partial, sizeof(dst->partial));
	dst->gap_178 = src->gap_178;
}

/*
 * The publication primitive: item ring entries, event item, channel
 * message; then the inner write index and the channel producer.
 */
static void publish_items(struct agx4_fw_g17p_sub *sub, unsigned int stage,
			  u64 queue, struct g17p_pointers *p, __le64 *ring,
			  u32 w, const u64 *items, u32 nitems, void *event,
			  const struct g17p_event_item *ev, u32 grid,
			  bool first, struct g17p_cmd *c)
{
	struct agx4_channel *ch = &sub->chan[stage];
	struct g17p_work_msg *msg = ch->ring + ch->head * sizeof(*msg);
	u32 i;

	lockdep_assert_held(&sub->lock);
	for (i = 0; i < nitems; i++)
		ring[w + i] = cpu_to_le64(items[i]);
	memcpy(event, ev, sizeof(*ev));
	msg->zero = 0;
	msg->queue = cpu_to_le64(queue);
	msg->kind = cpu_to_le32(stage);
	msg->head = cpu_to_le32((w + nitems) | grid << 16 | (u32)first << 24);
	wmb();	/* items, event and message before the inner index */
	WRITE_ONCE(p->write, cpu_to_le32(w + nitems));
	ch->head = (ch->head + 1) % ch->entries;
	sub->prod[stage]++;
	/* agx4_cursor_set() orders the inner index before the producer. */
	agx4_cursor_set(&ch->prod, ch->head);
	c->ptrs = p;
	c->w_end = w + nitems;
	c->seq = sub->prod[stage];
	c->published = true;
}

static void publish_compute(struct agx4_fw_queue *fq, struct g17p_cmd *c)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_owner *o = c->owner;
	u32 n = c->n, s = n % OWN_RECORDS;
	u32 desc = (n % OWN_DESCS) * OWN_DESC_STRIDE;
	u32 ev = OWN_EVENTS + s * OWN_EVENT_SIZE;
	u32 slot = s * sizeof(struct g17p_slot);
	struct g17p_sched *sched = own_cpu(o, OWN_SCHED + s * sizeof(*sched));
	struct g17p_slot *st = own_cpu(o, OWN_STATUS + slot);
	u64 items[3];
	u32 nitems = 0;

	lockdep_assert_held(&sub->lock);
	if (n && !(n % OWN_BANK_COMMANDS))
		switch_bank(o);
	memset(own_cpu(o, ev), 0, OWN_EVENT_SIZE);
	memset(own_cpu(o, OWN_SCRATCH + slot), 0, sizeof(struct g17p_slot));
	memset(sched, 0, sizeof(*sched));
	sched->slot = cpu_to_le64(own_va(o, OWN_SLOTS + slot));
	sched->work = cpu_to_le32(n);
	sched->gap_10 = cpu_to_le32(G17P_SCHED_10);
	*(__le32 *)own_cpu(o, OWN_SLOTS + slot) = cpu_to_le32(1);
	*(__le32 *)own_cpu(o, OWN_STATE) = cpu_to_le32(n + 1);
	*(__le64 *)own_cpu(o, OWN_DISPATCH_A + slot) = 0;
	*(__le64 *)own_cpu(o, OWN_DISPATCH_B + slot) = 0;
	st->word[0] = 0;
	st->word[1] = 0;
	memcpy(own_cpu(o, desc), c->desc, OWN_DESC_BYTES);
	write_context(own_cpu(o, OWN_CONTEXTS + ((n + 1) % OWN_RECORDS) *
			      G17P_CONTEXT_SLOT), &c->ctx, c->npoints);
	items[nitems++] = own_va(o, desc);
	if (!n)
		items[nitems++] = own_va(o, OWN_OPTIONAL);
	items[nitems++] = own_va(o, ev);
	/* GAP: "first" only on the owner's first item, not after a switch. */
	publish_items(sub, AGX4_FW_LANE_COMPUTE, own_va(o, OWN_QUEUE),
		      own_cpu(o, bank_offset(o)), own_cpu(o, ring_offset(o)),
		      o->w, items, nitems, own_cpu(o, ev), &c->ev, o->grid,
		      !n, c);
	o->w += nitems;
	o->published++;
	fq->last_compute = c;
}

/* May @c go out now: its CPU waits are over and its channel has room? */
static bool cmd_ready(struct agx4_fw_queue *fq, struct g17p_cmd *c)
{
	struct agx4_fw_g17p_sub *sub = fq->sub;

	lockdep_assert_held(&sub->lock);
	if (c->wait_render && fq->last_render &&
	    !cmd_done_locked(sub, fq->last_render))
		return false;
	if (c->wait_compute && fq->last_compute &&
	    !cmd_done_locked(sub, fq->last_compute))
		return false;
	return chan_room(sub, AGX4_FW_LANE_COMPUTE);
}

/* Publish what of @job may go out; true when all of it went. */
static bool publish_job_locked(struct agx4_fw_job *job, unsigned long *kick)
{
	struct agx4_fw_queue *fq = job->fq;

	lockdep_assert_held(&fq->sub->lock);
	for (; job->next < job->count; job->next++) {
		struct g17p_cmd *c = &job->cmds[job->next];

		if (!cmd_ready(fq, c))
			return false;
		publish_compute(fq, c);
		*kick |= BIT(G17P_PIPE_COMPUTE);
	}
	return true;
}

static void defer_job(struct agx4_fw_job *job)
{
	lockdep_assert_held(&job->fq->sub->lock);
	list_add_tail(&job->link, &job->fq->sub->deferred);
	job->deferred = true;
	job->fq->deferred++;
}

static void undefer_job(struct agx4_fw_job *job)
{
	lockdep_assert_held(&job->fq->sub->lock);
	list_del_init(&job->link);
	job->deferred = false;
	job->fq->deferred--;
}

/* One doorbell per pipe used, outside the lock (the mailbox may answer). */
static void kick(struct agx4_fw_g17p_sub *sub, unsigned long pipes)
{
	struct agx4_fw_boot *b = sub->b;
	const struct agx4_fw_transport *t = &b->adev->transport;
	unsigned long flags;
	unsigned int pipe;
	u64 msg;

	for_each_set_bit(pipe, &pipes, BITS_PER_LONG) {
		if (test_bit(0, &b->crashed) ||
		    agx4_rtkit_msg_kick(G17P_PRIORITY, pipe, &msg))
			continue;
		if (t->ops->ring(t->priv, 0, AGX4_RTKIT_EP_DOORBELL, msg)) {
			spin_lock_irqsave(&sub->lock, flags);
			__set_bit(pipe, &sub->kick_lost);
			spin_unlock_irqrestore(&sub->lock, flags);
		}
	}
}

static void g17p_job_publish(struct agx4_fw_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	unsigned long flags, pipes = 0;

	spin_lock_irqsave(&sub->lock, flags);
	job->ran = true;
	/* Behind an earlier job of the queue that is still waiting. */
	if (job->fq->deferred || !publish_job_locked(job, &pipes))
		defer_job(job);
	spin_unlock_irqrestore(&sub->lock, flags);
	kick(sub, pipes);
}

static void g17p_poll(struct agx4_device *adev)
{
	struct agx4_fw_g17p_sub *sub;
	struct agx4_fw_job *job, *tmp;
	unsigned long flags, pipes;

	if (!adev->fw)
		return;
	sub = agx4_fw_g17p_sub(adev->fw);
	spin_lock_irqsave(&sub->lock, flags);
	pipes = sub->kick_lost;
	sub->kick_lost = 0;
	sub->pass++;
	list_for_each_entry_safe(job, tmp, &sub->deferred, link) {
		if (job->fq->blocked == sub->pass)
			continue;
		if (publish_job_locked(job, &pipes))
			undefer_job(job);
		else
			job->fq->blocked = sub->pass;
	}
	spin_unlock_irqrestore(&sub->lock, flags);
	kick(sub, pipes);
}

static int g17p_job_status(struct agx4_fw_job *job)
{
	struct agx4_fw_g17p_sub *sub = job->fq->sub;
	unsigned long flags;
	int ret = 0;
	u32 i;

	spin_lock_irqsave(&sub->lock, flags);
	if (job->next < job->count)
		ret = -EINPROGRESS;
	for (i = 0; i < job->count && !ret; i++)
		if (!cmd_done_locked(sub, &job->cmds[i]))
			ret = -EINPROGRESS;
	spin_unlock_irqrestore(&sub->lock, flags);
	return ret;
}

static void g17p_job_free(struct agx4_fw_job *job)
{
	struct agx4_fw_queue *fq = job->fq;
	struct agx4_fw_g17p_sub *sub = fq->sub;
	struct g17p_cmd *first = job->cmds, *end = job->cmds + job->count;
	unsigned long flags;

	spin_lock_irqsave(&sub->lock, flags);
	if (job->deferred)
		undefer_job(job);
	/* Done (or never out): nothing later waits for these. */
	if (fq->last_compute >= first && fq->last_compute < end)
		fq->last_compute = NULL;
	if (fq->last_render >= first && fq->last_render < end)
		fq->last_render = NULL;
	spin_unlock_irqrestore(&sub->lock, flags);
	/* A job dropped before it ran gives its ordinals back. */
	if (!job->ran && fq->owner->next == job->first_n + job->ncompute) {
		fq->owner->next = job->first_n;
		fq->renders -= job->nrender;
	}
	free_cmds(job);
	kfree(job);
}

const struct agx4_fw_submit_ops agx4_fw_g17p_submit = {
	.credit_limit = G17P_CREDITS,
	.queue_create = g17p_queue_create,
	.queue_destroy = g17p_queue_destroy,
	.job_prepare = g17p_job_prepare,
	.job_publish = g17p_job_publish,
	.job_status = g17p_job_status,
	.job_free = g17p_job_free,
	.poll = g17p_poll,
};
EXPORT_SYMBOL_IF_KUNIT(agx4_fw_g17p_submit);

/**
 * agx4_fw_g17p_sub_init() - set up the submission state at boot
 * @sub: the state.
 * @b: the firmware.
 * @bundle: the bundle (the work rings are in it), CPU view.
 * @bundle_va: its firmware address.
 * @cursors: the primary's work-state base (channel cursors), CPU view.
 * @region0: primary region 0, CPU view.
 * @region1: primary region 1, CPU view (the dispatch block is in it).
 */
void agx4_fw_g17p_sub_init(struct agx4_fw_g17p_sub *sub,
			   struct agx4_fw_boot *b, u8 *bundle, u64 bundle_va,
			   u8 *cursors, void *region0, void *region1)
{
	const struct agx4_fw_chan_geom *geom = &b->adev->gen->chan;
	unsigned int stage;

	memset(sub, 0, sizeof(*sub));
	sub->b = b;
	spin_lock_init(&sub->lock);
	INIT_LIST_HEAD(&sub->deferred);
	mutex_init(&sub->setup_lock);
	sub->region0 = region0;
	sub->dispatch = (u8 *)region1 + G17P_DISPATCH_OFFSET;
	for (stage = 0; stage < AGX4_G17P_NUM_STAGES; stage++) {
		u32 ring = G17P_WORK_RINGS + stage * G17P_RING_STAGE_STRIDE +
			   (3 - G17P_PRIORITY) * G17P_RING_PRIO_STRIDE;
		u8 *cur = cursors + stage * G17P_CURSOR_STAGE_STRIDE +
			  (3 - G17P_PRIORITY) * G17P_CURSOR_PRIO_STRIDE;
		struct agx4_channel *ch = &sub->chan[stage];

		agx4_channel_init(ch, "work", bundle + ring,
				  geom->work_msg_size, geom->ring_entries);
		ch->read.ram = (u32 *)cur;
		ch->done.ram = (u32 *)(cur + G17P_CURSOR_WORD_STRIDE);
		ch->prod.ram = (u32 *)(cur + 2 * G17P_CURSOR_WORD_STRIDE);
		sub->chan_va[stage] = bundle_va + ring;
	}
}
