// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/err.h>
#include <linux/errno.h>
#include <linux/lockdep.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include "agx4_device.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_fwif_g17p.h"
#include "agx4_g17p_sub.h"
#include "agx4_uat.h"
#include "agx4_vm.h"

/**
 * DOC: G17P VM state
 *
 * A VM's G17P state (&struct g17p_vm in &agx4_vm.fw) is made at the VM's
 * first queue: the compute operand namespace (operand lists, table and
 * state) in one firmware heap object, mapped with the device's 21 operand
 * buffers (made at the first queue of any VM) at the bottom of the VM's
 * kernel carve-out, where every compute owner's support object and the
 * compute program point; and the render pools' windows pinned (a UAT
 * window over the 15 pools' 4 MiB each, whose first leaf table the
 * client's buffers below them share: 32 KiB of page tables), so that a
 * pool moves into the VM from drm_sched's prepare_job; and the compute
 * owners' save areas' window pinned (96 parts of 256 KiB in the
 * carve-out, one leaf table), so that an owner's save areas are mapped in
 * the VM without allocating or failing.  It goes with the VM
 * (&agx4_vm.fw_free).
 *
 * Also here: the dispatch block written at the first compute owner, the
 * dispatch record the boot writes, and the attributes every G17P mapping
 * of a firmware object has.  Objects are mapped in a VM through the VM
 * (agx4_vm_map_fw_obj(), under its bind lock) and in context 0 as parts
 * (agx4_fw_obj_map_part()), not as aliases the objects record, so that
 * forgetting a queue after unplug touches no table that went with the
 * firmware.
 */

/* GPU read-write, uncached, in a client or the device context. */
const struct agx4_uat_prot agx4_g17p_gpu_rw = {
	.access = AGX4_UAT_GPU,
	.perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

static void unmap_namespace(struct agx4_vm *vm)
{
	u64 base = vm->kernel_start;
	unsigned int i;

	agx4_vm_unmap_fw(vm, base + G17P_KC_LISTS, G17P_NS_TABLE - G17P_NS_LISTS);
	agx4_vm_unmap_fw(vm, base + G17P_KC_TABLE, SZ_16K);
	agx4_vm_unmap_fw(vm, base + G17P_KC_STATE, G17P_KC_STATE_SIZE);
	for (i = 0; i < G17P_KC_NUM_BUFFERS; i++)
		agx4_vm_unmap_fw(vm, base + G17P_KC_BUFFERS +
				 i * G17P_KC_BUFFER_STRIDE, G17P_KC_BUFFER_SIZE);
}

static void vm_fw_free(struct agx4_vm *vm, void *fw)
{
	struct g17p_vm *gvm = fw;

	if (gvm->mapped)
		unmap_namespace(vm);
	/*
	 * No pool is in the VM: each holds a reference while it is; no
	 * owner either: its queue holds one.
	 */
	agx4_vm_unpin_window(vm, &gvm->pools);
	agx4_vm_unpin_window(vm, &gvm->owners);
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
				 G17P_KC_NUM_BUFFERS * G17P_KC_BUFFER_SIZE,
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

	for (i = 0; i < G17P_KC_NUM_BUFFERS; i++) {
		u64 buf = base + G17P_KC_BUFFERS + i * G17P_KC_BUFFER_STRIDE;
		__le64 *list = (__le64 *)(cpu + G17P_NS_LISTS +
					  (i / G17P_KC_LISTS_PER_PAGE) * SZ_16K +
					  (i % G17P_KC_LISTS_PER_PAGE) *
					  G17P_KC_LIST_STRIDE);

		for (j = 0; j < G17P_KC_BUFFER_SIZE / SZ_16K; j++)
			list[j] = cpu_to_le64(buf + j * SZ_16K);
		put_unaligned_le64(buf | G17P_KC_TABLE_TAG,
				   cpu + G17P_NS_TABLE + i * G17P_KC_TABLE_STRIDE);
	}
}

static int map_namespace(struct agx4_vm *vm, struct g17p_vm *gvm,
			 struct agx4_fw_obj *buffers)
{
	u64 base = vm->kernel_start;
	unsigned int i;
	int ret;

	gvm->mapped = true;
	ret = agx4_vm_map_fw_obj(vm, base + G17P_KC_LISTS, gvm->ns, G17P_NS_LISTS,
				 G17P_NS_TABLE - G17P_NS_LISTS, &agx4_g17p_gpu_rw) ?:
	      agx4_vm_map_fw_obj(vm, base + G17P_KC_TABLE, gvm->ns, G17P_NS_TABLE,
				 SZ_16K, &agx4_g17p_gpu_rw) ?:
	      agx4_vm_map_fw_obj(vm, base + G17P_KC_STATE, gvm->ns, G17P_NS_STATE,
				 G17P_KC_STATE_SIZE, &agx4_g17p_gpu_rw);
	if (ret)
		return ret;
	for (i = 0; i < G17P_KC_NUM_BUFFERS; i++) {
		ret = agx4_vm_map_fw_obj(vm, base + G17P_KC_BUFFERS +
					 i * G17P_KC_BUFFER_STRIDE, buffers,
					 i * G17P_KC_BUFFER_SIZE,
					 G17P_KC_BUFFER_SIZE, &agx4_g17p_gpu_rw);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * &agx4_vm_fw_state()'s make: the operand namespace, the pools' and the
 * owners' windows.
 */
static void *vm_state_make(struct agx4_vm *vm, void *arg)
{
	struct agx4_fw_g17p_sub *sub = arg;
	struct agx4_fw_obj *buffers;
	struct g17p_vm *gvm;
	int ret;

	mutex_lock(&sub->setup_lock);
	buffers = operand_buffers(sub);
	mutex_unlock(&sub->setup_lock);
	if (IS_ERR(buffers))
		return ERR_CAST(buffers);
	gvm = kzalloc(sizeof(*gvm), GFP_KERNEL);
	if (!gvm)
		return ERR_PTR(-ENOMEM);
	gvm->sub = sub;
	gvm->ns = agx4_fw_obj_create(&sub->b->adev->mem->heap, G17P_NS_SIZE,
				     AGX4_FW_OBJ_SHARED, NULL, NULL);
	if (IS_ERR(gvm->ns)) {
		ret = PTR_ERR(gvm->ns);
		kfree(gvm);
		return ERR_PTR(ret);
	}
	fill_namespace(gvm->ns, vm->kernel_start);
	ret = map_namespace(vm, gvm, buffers) ?:
	      agx4_vm_pin_window(vm, &gvm->pools, G17P_WIN_BASE,
				 AGX4_G17P_MAX_POOLS * G17P_WIN_STRIDE) ?:
	      agx4_vm_pin_window(vm, &gvm->owners,
				 vm->kernel_start + G17P_KC_OWNERS,
				 AGX4_G17P_MAX_OWNERS * G17P_KC_OWNER_SIZE);
	if (ret) {
		vm_fw_free(vm, gvm);
		return ERR_PTR(ret);
	}
	return gvm;
}

/**
 * agx4_g17p_vm_state() - a VM's G17P state
 * @sub: the submission state.
 * @vm: the VM.
 *
 * The VM's G17P state, made at its first queue.
 *
 * Return: the state, or an ERR_PTR().
 */
struct g17p_vm *agx4_g17p_vm_state(struct agx4_fw_g17p_sub *sub,
				   struct agx4_vm *vm)
{
	return agx4_vm_fw_state(vm, vm_state_make, vm_fw_free, sub);
}

/**
 * agx4_g17p_write_dispatch() - write the dispatch block once
 * @sub: the submission state; the caller holds its setup_lock.
 *
 * The dispatch block, once (H: a non-zero block is left as it is).
 */
void agx4_g17p_write_dispatch(struct agx4_fw_g17p_sub *sub)
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

/**
 * agx4_g17p_write_dispatch_record() - write the dispatch record
 * @region1: primary region 1, CPU view.
 *
 * The dispatch record at primary region 1 + 0, written at boot before the
 * init messages (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_vm.rs@fc79d23c Vm::build writes it, with
 * the other cold render-owner records, before either 0x81; its comment:
 * without them the first compute command runs but later compute work
 * retires without a command status).  The words are M: the reference's
 * body is not available, these are its generator's
 * (ADevWithAnIdea/m1n1@ffe58c78 proxyclient/experiments/agx_g17p_boot.py
 * PARTIAL_DISPATCH_RECORD_FIELDS).  GAP: the "current jobs" records
 * Vm::build writes at hw regions 0 and 1 + 0 are not written, their
 * contents being unknown.
 */
void agx4_g17p_write_dispatch_record(void *region1)
{
	static const u32 words[] = G17P_DISPATCH_RECORD_WORDS;
	struct g17p_dispatch *d = region1 + G17P_DISPATCH_RECORD_OFFSET;
	__le32 *w = &d->gap_0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		w[i] = cpu_to_le32(words[i]);
}

