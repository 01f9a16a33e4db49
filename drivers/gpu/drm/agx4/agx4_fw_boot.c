// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitops.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/devcoredump.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw.h"
#include "agx4_fw_boot.h"
#include "agx4_fw_decode.h"
#include "agx4_fwif.h"
#include "agx4_fw_obj.h"
#include "agx4_fw_queue.h"
#include "agx4_reset.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"

/**
 * DOC: firmware lifecycle
 *
 * The firmware step of the probe (agx4_fw_boot_init()) hands the
 * generation's boot op a &struct agx4_fw_boot, through which it allocates
 * the init data in the firmware's address space, starts each firmware
 * instance and runs the handshake; what is generation-neutral lives here:
 *
 * - the transport callbacks: a notification drains the event ring at once
 *   (agx4_event_notify()); the G17P init acknowledgment wakes the boot; a
 *   message agx4 does not know is counted and reported (ratelimited),
 *   never acted on;
 * - waits: every handshake step polls or sleeps with a timeout
 *   (&agx4_fw_boot.timeout_ms) and fails the probe with -ETIMEDOUT, after
 *   which every step done so far is undone;
 * - the loader handoff page and the context table, written before the
 *   firmware may look at them;
 * - crashes: the transport's crashed callback marks the instance and
 *   hands the crash to recovery (agx4_reset.c), which captures it and
 *   restarts the firmware by running agx4_fw_boot_fini() and
 *   agx4_fw_boot_init() again.  Before recovery is up (during the probe)
 *   or with restarts turned off, it captures a devcoredump itself (the
 *   crash log the coprocessor left and every object the boot made,
 *   decoded by name where the decoder knows it) and stops the firmware
 *   (agx4_fw_boot_reset()).
 *
 * Firmware memory is allocated from the firmware heap, never placed at a
 * fixed address, except where the generation says the firmware requires
 * one (its boot op names each).
 */

/*
 * The loader handoff page, shared by every generation known (m1n1's
 * description, H): the host magic at +0, the current context (none yet) at
 * +0x18 and a word the host clears at +0x640.  The firmware refuses to run
 * ("invalid magic") without them.
 */
#define HANDOFF_MAGIC_HOST	0x4b1d000000000002ull
#define HANDOFF_MAGIC		0x000
#define HANDOFF_CUR_CTX		0x018
#define HANDOFF_CUR_CTX_NONE	0xffffffffu
#define HANDOFF_CLEAR		0x640

/* Poll interval of the handshake waits that have nothing to sleep on. */
#define POLL_US			1000

static struct agx4_fw_boot *to_boot(void *cookie)
{
	return cookie;
}

/* The transport's receive callback: may run in hard-IRQ context. */
static void fw_recv(void *cookie, unsigned int inst, u8 ep, u64 msg)
{
	struct agx4_fw_boot *b = to_boot(cookie);
	struct drm_device *drm = &b->adev->base;

	switch (agx4_rtkit_msg_decode(ep, msg)) {
	case AGX4_RTKIT_MSG_NOTIFY:
		agx4_event_notify(&b->events);
		return;
	case AGX4_RTKIT_MSG_INIT_ACK:
		if (inst < AGX4_MAX_INSTANCES) {
			set_bit(inst, &b->acked);
			wake_up_all(&b->wq);
			return;
		}
		break;
	}
	atomic_inc(&b->bad_messages);
	drm_err_ratelimited(drm, "firmware %u: unexpected message %#llx on endpoint %#x\n",
			    inst, msg, ep);
}

/* Room for the text part of a dump; the crash log follows it. */
#define DUMP_TEXT_SIZE		SZ_256K
#define DUMP_CRASHLOG_SIZE	SZ_64K

/**
 * agx4_fw_boot_print() - every object and record of the boot, decoded
 * @b: the firmware.
 * @p: where to.
 *
 * Each object with its address and size, decoded by name where the
 * generation's decoder knows it, then each named record.  For dumps.
 */
void agx4_fw_boot_print(struct agx4_fw_boot *b, struct drm_printer *p)
{
	struct agx4_device *adev = b->adev;
	unsigned int i;

	mutex_lock(&b->lock);
	for (i = 0; i < b->num_objs; i++) {
		const struct agx4_fw_boot_obj *o = &b->objs[i];
		const struct agx4_fw_layout *l;

		drm_printf(p, "object %s at %#llx, %#llx bytes\n", o->name,
			   o->obj->va, o->obj->size);
		l = agx4_fw_layout_find(adev->gen, o->name);
		if (l && o->obj->cpu)
			agx4_fw_decode(l, o->obj->cpu, o->obj->size, p);
	}
	for (i = 0; i < b->num_views; i++) {
		const struct agx4_fw_boot_view *v = &b->views[i];
		const struct agx4_fw_layout *l;

		drm_printf(p, "%s: %s at %#llx\n", v->file, v->layout,
			   v->obj->va + v->offset);
		l = agx4_fw_layout_find(adev->gen, v->layout);
		if (l && v->obj->cpu)
			agx4_fw_decode(l, v->obj->cpu + v->offset,
				       v->obj->size - v->offset, p);
	}
	mutex_unlock(&b->lock);
}

/**
 * agx4_fw_boot_coredump() - capture the firmware's state after a crash
 * @b: the firmware.
 * @inst: the instance that crashed.
 *
 * A text part (which instance, every object the boot made, decoded by
 * name where the generation's decoder knows it) followed by the crash log
 * the coprocessor left, if the transport kept one.  Handed to
 * devcoredump, which frees it.  Used when the firmware is not restarted;
 * a restart captures its own dump (agx4_reset.c).
 */
AGX4_VISIBLE_IF_TEST void agx4_fw_boot_coredump(struct agx4_fw_boot *b,
						unsigned int inst)
{
	struct agx4_device *adev = b->adev;
	const struct agx4_fw_transport_ops *ops = adev->transport.ops;
	struct drm_print_iterator it = { .remain = DUMP_TEXT_SIZE };
	struct drm_printer p;
	ssize_t n = 0;
	char *buf;

	/* devcoredump frees it with vfree(). */
	buf = vzalloc(DUMP_TEXT_SIZE + DUMP_CRASHLOG_SIZE);
	if (!buf)
		return;
	it.data = buf;
	p = drm_coredump_printer(&it);
	drm_printf(&p, "agx4 firmware crash: %s, firmware %s, instance %u\n",
		   adev->gen->name, adev->plat.firmware_build, inst);
	drm_printf(&p,
		   "bad messages: %d, bad cursors: %d, bad stamps: %d, resets: %d\n",
		   atomic_read(&b->bad_messages), atomic_read(&b->bad_cursors),
		   atomic_read(&b->bad_stamps), atomic_read(&b->resets));
	agx4_fw_boot_print(b, &p);
	drm_printf(&p, "crashlog:\n");
	if (ops->read_crashlog)
		n = ops->read_crashlog(adev->transport.priv, inst,
				       buf + it.offset, DUMP_CRASHLOG_SIZE);
	dev_coredumpv(adev->base.dev, buf, it.offset + max_t(ssize_t, n, 0),
		      GFP_KERNEL);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_coredump);

/*
 * The transport's crashed callback: cheap, and without the boot's lock
 * (a boot in progress holds it while it waits for the firmware, and stops
 * the transport, which waits for this callback, when it gives up).
 */
static void fw_crashed(void *cookie, unsigned int inst)
{
	struct agx4_fw_boot *b = to_boot(cookie);

	if (inst >= AGX4_MAX_INSTANCES)
		return;
	set_bit(inst, &b->crashed);
	wake_up_all(&b->wq);
	/* Recovery captures it and restarts the firmware (agx4_reset.c). */
	if (agx4_reset_wanted(b->adev))
		agx4_reset_schedule(b->adev, AGX4_RESET_CRASH, inst, NULL, 0);
	else
		schedule_work(&b->crash_work);
}

static const struct agx4_fw_transport_events fw_events = {
	.recv = fw_recv,
	.crashed = fw_crashed,
};

/*
 * Stops the instances in the reverse order of their start, the secondary
 * before the primary (H: GravityLinux/linux
 * drivers/gpu/drm/asahi/g17p_boot.rs@05fb6a7d, the session's drop).
 */
static void stop_all_locked(struct agx4_fw_boot *b)
{
	const struct agx4_fw_transport *t = &b->adev->transport;
	unsigned int i;

	lockdep_assert_held(&b->lock);
	for (i = AGX4_MAX_INSTANCES; i-- > 0;)
		if (test_and_clear_bit(i, &b->started))
			t->ops->stop(t->priv, i);
}

/**
 * agx4_fw_boot_down() - is the firmware crashed or stopped
 * @b: the firmware.
 *
 * Return: true once an instance crashed or the first is not running;
 * until agx4_fw_boot_init() boots the firmware again.
 */
bool agx4_fw_boot_down(struct agx4_fw_boot *b)
{
	return READ_ONCE(b->crashed) || !(READ_ONCE(b->started) & BIT(0));
}

/**
 * agx4_fw_boot_stop() - stop every firmware instance now
 * @adev: the device.
 *
 * Recovery's first step once it captured the state: from here on the
 * firmware writes nothing the host may free.  Idempotent; the instances
 * stay stopped until agx4_fw_boot_init() boots the firmware again.
 */
void agx4_fw_boot_stop(struct agx4_device *adev)
{
	struct agx4_fw_boot *b = adev->fw;

	if (!b)
		return;
	mutex_lock(&b->lock);
	stop_all_locked(b);
	mutex_unlock(&b->lock);
}

/**
 * agx4_fw_boot_reset() - the reset entry point
 * @b: the firmware.
 *
 * Runs after a firmware crash that is not restarted (during the probe,
 * or with the ``fw_restart`` parameter off).  It stops every instance, so
 * nothing is sent to a dead coprocessor.  Once the job unit is up,
 * submission ends (its waits for firmware room end) and what it kept
 * only while the firmware could use it is freed: the job unit's
 * kept queues (&agx4_fw_boot.gone_hook), then the backend's
 * (&agx4_fw_submit_ops.fw_gone).
 */
void agx4_fw_boot_reset(struct agx4_fw_boot *b)
{
	const struct agx4_fw_submit_ops *ops = b->adev->gen->submit;
	void (*gone)(struct agx4_device *adev);

	atomic_inc(&b->resets);
	mutex_lock(&b->lock);
	stop_all_locked(b);
	mutex_unlock(&b->lock);
	drm_err(&b->adev->base, "firmware stopped after a crash; not restarted\n");
	if (!READ_ONCE(b->adev->jobs) || !ops)
		return;
	gone = READ_ONCE(b->gone_hook);
	if (gone)
		gone(b->adev);
	if (ops->fw_gone)
		ops->fw_gone(b->adev);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_reset);

/* After a crash: capture it once per crashed instance, then reset. */
static void crash_work(struct work_struct *work)
{
	struct agx4_fw_boot *b = container_of(work, struct agx4_fw_boot,
					      crash_work);
	unsigned long todo = READ_ONCE(b->crashed) & ~b->dumped;
	unsigned int inst;

	for_each_set_bit(inst, &todo, AGX4_MAX_INSTANCES) {
		drm_err(&b->adev->base, "firmware %u crashed\n", inst);
		agx4_fw_boot_coredump(b, inst);
		b->dumped |= BIT(inst);
	}
	if (todo)
		agx4_fw_boot_reset(b);
}

/**
 * agx4_fw_boot_alloc() - a firmware object for the init data
 * @b: the firmware.
 * @name: what it holds: the decoder's name of its object, for dumps.
 * @size: bytes (rounded up to whole 16 KiB pages).
 * @class: an &enum agx4_fw_obj_class.
 *
 * The object lives until agx4_fw_boot_fini().
 *
 * Return: the object, zeroed, or an ERR_PTR().
 */
struct agx4_fw_obj *agx4_fw_boot_alloc(struct agx4_fw_boot *b,
				       const char *name, u64 size,
				       unsigned int class)
{
	struct agx4_fw_obj *obj;

	if (b->num_objs == AGX4_FW_BOOT_MAX_OBJS)
		return ERR_PTR(-ENOSPC);
	obj = agx4_fw_obj_create(&b->adev->mem->heap, size, class, NULL, NULL);
	if (IS_ERR(obj))
		return obj;
	b->objs[b->num_objs++] = (struct agx4_fw_boot_obj){ name, obj };
	return obj;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_alloc);

/**
 * agx4_fw_boot_alloc_at() - allocate a named firmware object at a fixed address
 * @b: the firmware.
 * @name: what it is.
 * @va: where the reference drivers place it, in one of the ranges of
 *	&agx4_fw_gen.fixed_objs.
 * @size: bytes.
 * @class: as for agx4_fw_obj_create_at().
 *
 * Return: the object, or an ERR_PTR(): -ENOSPC when the boot's table is
 * full, -EINVAL when no fixed range holds the object, else as
 * agx4_fw_obj_create_at().
 */
struct agx4_fw_obj *agx4_fw_boot_alloc_at(struct agx4_fw_boot *b,
					  const char *name, u64 va, u64 size,
					  unsigned int class)
{
	const struct agx4_range *r = b->adev->gen->fixed_objs;
	struct agx4_fw_obj *obj;
	unsigned int i;

	if (b->num_objs == AGX4_FW_BOOT_MAX_OBJS)
		return ERR_PTR(-ENOSPC);
	for (i = 0; i < AGX4_FW_FIXED_RANGES; i++)
		if (r[i].size && va >= r[i].start &&
		    va - r[i].start < r[i].size &&
		    size <= r[i].size - (va - r[i].start))
			break;
	if (i == AGX4_FW_FIXED_RANGES)
		return ERR_PTR(-EINVAL);
	obj = agx4_fw_obj_create_at(&b->adev->mem->fixed[i], va, size, class);
	if (IS_ERR(obj))
		return obj;
	b->objs[b->num_objs++] = (struct agx4_fw_boot_obj){ name, obj };
	return obj;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_alloc_at);

/**
 * agx4_fw_boot_views() - name records inside the boot's objects
 * @b: the firmware.
 * @views: the records: a debugfs file name unique per device, the
 *	decoder's layout, an object the boot allocated (owned, so mapped for
 *	the CPU) and where in it the record lies.
 * @n: entries of @views.
 *
 * Once the firmware is up each record is shown, decoded by field, in a
 * debugfs file of that name; a crash dump decodes them too.
 *
 * Return: 0, or -EINVAL for a record outside its object or a layout the
 * generation does not have, -ENOSPC when the table is full.
 */
int agx4_fw_boot_views(struct agx4_fw_boot *b,
		       const struct agx4_fw_boot_view *views, unsigned int n)
{
	unsigned int i;

	lockdep_assert_held(&b->lock);
	for (i = 0; i < n; i++) {
		const struct agx4_fw_boot_view *v = &views[i];
		const struct agx4_fw_layout *l =
			agx4_fw_layout_find(b->adev->gen, v->layout);

		if (!l || !v->obj->cpu || v->offset >= v->obj->size ||
		    v->obj->size - v->offset < l->size)
			return -EINVAL;
		if (b->num_views == AGX4_FW_BOOT_MAX_VIEWS)
			return -ENOSPC;
		b->views[b->num_views++] = *v;
	}
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_views);

/**
 * agx4_fw_boot_map_sgx() - map GPU registers for the firmware
 * @b: the firmware.
 * @name: what they are.
 * @offset: their offset in the SGX window, 16 KiB aligned.
 * @size: bytes.
 * @class: %AGX4_FW_OBJ_MMIO, or %AGX4_FW_OBJ_MMIO_RO for registers the
 *	firmware only reads; %AGX4_FW_OBJ_EXTERNAL(_RO) for register pages
 *	the firmware sees as normal uncached memory.
 *
 * Return: the object, or an ERR_PTR().
 */
struct agx4_fw_obj *agx4_fw_boot_map_sgx(struct agx4_fw_boot *b,
					 const char *name, u32 offset,
					 u64 size, unsigned int class)
{
	const struct agx4_range *sgx = &b->adev->plat.reg[AGX4_REG_SGX];
	struct agx4_fw_obj *obj;

	if (b->num_objs == AGX4_FW_BOOT_MAX_OBJS)
		return ERR_PTR(-ENOSPC);
	if ((u64)offset + size > sgx->size)
		return ERR_PTR(-EINVAL);
	obj = agx4_fw_obj_map_phys(&b->adev->mem->heap, sgx->start + offset,
				   size, class);
	if (IS_ERR(obj))
		return obj;
	b->objs[b->num_objs++] = (struct agx4_fw_boot_obj){ name, obj };
	return obj;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_map_sgx);

/**
 * agx4_fw_boot_map_window() - map a GPU register window where hwdata says
 * @b: the firmware.
 * @va: the firmware address of the window's first page, 16 KiB aligned,
 *	in &agx4_fw_gen.reg_windows.
 * @pa: the physical address of each of the window's @n runs, 16 KiB
 *	aligned; the runs follow each other at @va.
 * @n: their number.
 * @size: bytes of each run, a multiple of 16 KiB.
 * @rw: device memory the firmware may write (%AGX4_FW_OBJ_MMIO), else
 *	read only (%AGX4_FW_OBJ_MMIO_RO).
 *
 * The window is an object of the boot, followed by an unmapped guard page;
 * it lives until agx4_fw_boot_fini().
 *
 * Return: 0, -EINVAL for a bad address, size or run, -ENOSPC when the
 * range is taken or the boot holds too many objects, -ENOMEM.
 */
int agx4_fw_boot_map_window(struct agx4_fw_boot *b, u64 va,
			    const phys_addr_t *pa, unsigned int n, u64 size,
			    bool rw)
{
	u64 per = size / AGX4_UAT_PAGE_SIZE, i;
	struct agx4_fw_obj *obj;
	phys_addr_t *pas;

	if (b->num_objs == AGX4_FW_BOOT_MAX_OBJS)
		return -ENOSPC;
	if (!n || !per || !IS_ALIGNED(size, AGX4_UAT_PAGE_SIZE))
		return -EINVAL;
	pas = kmalloc_array(n * per, sizeof(*pas), GFP_KERNEL);
	if (!pas)
		return -ENOMEM;
	for (i = 0; i < n * per; i++)
		pas[i] = pa[i / per] + (i % per) * AGX4_UAT_PAGE_SIZE;
	obj = agx4_fw_obj_map_pages_at(&b->adev->mem->windows, va, pas,
				       n * per,
				       rw ? AGX4_FW_OBJ_MMIO :
					    AGX4_FW_OBJ_MMIO_RO);
	kfree(pas);
	if (IS_ERR(obj))
		return PTR_ERR(obj);
	b->objs[b->num_objs++] = (struct agx4_fw_boot_obj){ "window", obj };
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_map_window);

/**
 * agx4_fw_boot_check_cold() - check that an instance has not started
 * @b: the firmware.
 * @inst: the instance.
 *
 * Return: 0, -EBUSY when its coprocessor is not cold, or the transport's
 * errno.
 */
int agx4_fw_boot_check_cold(struct agx4_fw_boot *b, unsigned int inst)
{
	const struct agx4_fw_transport *t = &b->adev->transport;
	int ret;

	if (!t->ops->cold)
		return 0;
	ret = t->ops->cold(t->priv, inst);
	if (ret)
		drm_err(&b->adev->base, "firmware %u is not cold: %d\n", inst,
			ret);
	return ret;
}

/**
 * agx4_fw_boot_start() - start a firmware instance and its endpoints
 * @b: the firmware.
 * @inst: the instance.
 *
 * Return: 0 or the transport's errno.
 */
int agx4_fw_boot_start(struct agx4_fw_boot *b, unsigned int inst)
{
	return agx4_fw_boot_start_cpu(b, inst) ?:
	       agx4_fw_boot_start_endpoints(b, inst);
}

/**
 * agx4_fw_boot_start_cpu() - start a firmware instance, not its endpoints
 * @b: the firmware.
 * @inst: the instance.
 *
 * Return: 0 or the transport's errno.
 */
int agx4_fw_boot_start_cpu(struct agx4_fw_boot *b, unsigned int inst)
{
	const struct agx4_fw_transport *t = &b->adev->transport;
	int ret;

	lockdep_assert_held(&b->lock);
	ret = t->ops->start(t->priv, inst);
	if (ret) {
		drm_err(&b->adev->base, "firmware %u did not start: %d\n", inst,
			ret);
		return ret;
	}
	set_bit(inst, &b->started);
	return 0;
}

/**
 * agx4_fw_boot_start_endpoints() - start a started instance's endpoints
 * @b: the firmware.
 * @inst: the instance, started by agx4_fw_boot_start_cpu().
 *
 * Return: 0 or the transport's errno.
 */
int agx4_fw_boot_start_endpoints(struct agx4_fw_boot *b, unsigned int inst)
{
	const struct agx4_fw_transport *t = &b->adev->transport;
	int ret;

	lockdep_assert_held(&b->lock);
	ret = t->ops->start_endpoint(t->priv, inst, AGX4_RTKIT_EP_FW);
	if (!ret)
		ret = t->ops->start_endpoint(t->priv, inst,
					     AGX4_RTKIT_EP_DOORBELL);
	if (ret)
		drm_err(&b->adev->base, "firmware %u: its endpoints did not start: %d\n",
			inst, ret);
	return ret;
}

/**
 * agx4_fw_boot_send() - send a message to a firmware instance
 * @b: the firmware.
 * @inst: the instance.
 * @ep: the endpoint.
 * @msg: the message (agx4_rtkit_msg_*()).
 *
 * Return: 0, -EIO once the instance crashed, or the transport's errno.
 */
int agx4_fw_boot_send(struct agx4_fw_boot *b, unsigned int inst, u8 ep,
		      u64 msg)
{
	const struct agx4_fw_transport *t = &b->adev->transport;

	if (test_bit(inst, &b->crashed))
		return -EIO;
	return t->ops->send(t->priv, inst, ep, msg);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_send);

/**
 * agx4_fw_boot_publish_root() - hand an instance its init data
 * @b: the firmware.
 * @inst: the instance.
 * @root_va: firmware address of its root.
 *
 * Return: 0 or a negative errno.
 */
int agx4_fw_boot_publish_root(struct agx4_fw_boot *b, unsigned int inst,
			      u64 root_va)
{
	u64 msg;
	int ret;

	AGX4_STATIC_STUB_REDIRECT(agx4_fw_boot_publish_root, b, inst, root_va);
	ret = agx4_rtkit_msg_init(root_va, &msg);
	if (ret)
		return ret;
	return agx4_fw_boot_send(b, inst, AGX4_RTKIT_EP_FW, msg);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_publish_root);

/* Poll @done(@arg) until it holds, the firmware crashes, or time is up. */
static int boot_wait(struct agx4_fw_boot *b, bool (*done)(const void *arg),
		     const void *arg)
{
	unsigned long end = jiffies + msecs_to_jiffies(b->timeout_ms);

	while (!done(arg)) {
		if (READ_ONCE(b->crashed))
			return -EIO;
		if (time_after(jiffies, end))
			return -ETIMEDOUT;
		usleep_range(POLL_US, 2 * POLL_US);
	}
	return 0;
}

/* A word and the value awaited in it. */
struct word_wait {
	const u32 *word;
	u32 value;
};

static bool word_reached(const void *arg)
{
	const struct word_wait *w = arg;

	return le32_to_cpu(READ_ONCE(*(const __le32 *)w->word)) == w->value;
}

static bool ctl_consumed(const void *arg)
{
	return agx4_channel_consumed((struct agx4_channel *)arg);
}

/**
 * agx4_fw_boot_wait_u32() - wait until the firmware writes a value
 * @b: the firmware.
 * @word: a word of shared memory the firmware writes.
 * @value: the value to wait for.
 *
 * Return: 0, -ETIMEDOUT, or -EIO when the firmware crashed meanwhile.
 */
int agx4_fw_boot_wait_u32(struct agx4_fw_boot *b, const u32 *word, u32 value)
{
	const struct word_wait w = { word, value };

	return boot_wait(b, word_reached, &w);
}

/**
 * agx4_fw_boot_wait_acked() - wait for init acknowledgments (G17P)
 * @b: the firmware.
 * @mask: the instances (bit n: instance n) that must have acknowledged.
 * @timeout_ms: how long they may take: the generation's, not the boot's
 *	step timeout.
 *
 * Return: 0, -ETIMEDOUT, or -EIO when the firmware crashed meanwhile.
 */
int agx4_fw_boot_wait_acked(struct agx4_fw_boot *b, unsigned long mask,
			    unsigned int timeout_ms)
{
	long left = wait_event_timeout(b->wq,
				       (READ_ONCE(b->acked) & mask) == mask ||
				       READ_ONCE(b->crashed),
				       msecs_to_jiffies(timeout_ms));

	if (READ_ONCE(b->crashed))
		return -EIO;
	return left ? 0 : -ETIMEDOUT;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_wait_acked);

/**
 * agx4_fw_boot_ctl_push() - queue a device-control record
 * @b: the firmware.
 * @inst: the instance.
 * @rec: the record (the generation's build_ctl() output).
 * @len: its bytes.
 *
 * A read cursor outside the ring, which the firmware writes and cannot
 * mean, is counted with the other wild cursors and the firmware restarted.
 *
 * Return: 0 or agx4_channel_push()'s errno.
 */
int agx4_fw_boot_ctl_push(struct agx4_fw_boot *b, unsigned int inst,
			  const void *rec, size_t len)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(&b->ctl_lock, flags);
	ret = agx4_channel_push(&b->ctl[inst], rec, len);
	spin_unlock_irqrestore(&b->ctl_lock, flags);
	if (unlikely(ret == -EPROTO)) {
		atomic_inc(&b->bad_cursors);
		agx4_reset_schedule(b->adev, AGX4_RESET_BAD_CONTROL, 0, NULL,
				    0);
	}
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_ctl_push);

/**
 * agx4_fw_boot_ctl_push_n() - queue device-control records, published at once
 * @b: the firmware.
 * @inst: the instance.
 * @recs: @n records of @len bytes each, back to back.
 * @len: bytes of each.
 * @n: how many.
 *
 * The producer moves once, past the last record, when all are written.
 *
 * Return: 0 or agx4_channel_write()'s errno (nothing published then).
 */
int agx4_fw_boot_ctl_push_n(struct agx4_fw_boot *b, unsigned int inst,
			    const void *recs, size_t len, unsigned int n)
{
	struct agx4_channel *ch = &b->ctl[inst];
	unsigned long flags;
	unsigned int i;
	u32 head;
	int ret = 0;

	spin_lock_irqsave(&b->ctl_lock, flags);
	head = ch->head;
	for (i = 0; i < n && !ret; i++)
		ret = agx4_channel_write(ch, recs + i * len, len);
	if (ret)
		ch->head = head;
	else
		agx4_channel_publish(ch);
	spin_unlock_irqrestore(&b->ctl_lock, flags);
	if (unlikely(ret == -EPROTO)) {
		atomic_inc(&b->bad_cursors);
		agx4_reset_schedule(b->adev, AGX4_RESET_BAD_CONTROL, 0, NULL,
				    0);
	}
	return ret;
}

/**
 * agx4_fw_boot_ctl_room() - may a device-control record be pushed now?
 * @b: the firmware.
 * @inst: the instance.
 *
 * Return: true when the ring has credit for one more record (a read
 * cursor outside the ring gives none).
 */
bool agx4_fw_boot_ctl_room(struct agx4_fw_boot *b, unsigned int inst)
{
	unsigned long flags;
	int room;

	spin_lock_irqsave(&b->ctl_lock, flags);
	room = agx4_channel_free_entries(&b->ctl[inst]);
	spin_unlock_irqrestore(&b->ctl_lock, flags);
	return room > 0;
}

/**
 * agx4_fw_boot_ctl_ring() - ring an instance's device-control doorbell
 * @b: the firmware.
 * @inst: the instance.
 *
 * Return: 0 or the transport's errno.
 */
int agx4_fw_boot_ctl_ring(struct agx4_fw_boot *b, unsigned int inst)
{
	return agx4_fw_boot_send(b, inst, AGX4_RTKIT_EP_DOORBELL,
				 agx4_rtkit_msg_ctl_doorbell());
}

/**
 * agx4_fw_boot_wait_ctl() - wait until the firmware consumed every record
 * @b: the firmware.
 * @inst: the instance.
 *
 * Return: 0, -ETIMEDOUT, or -EIO when the firmware crashed meanwhile.
 */
int agx4_fw_boot_wait_ctl(struct agx4_fw_boot *b, unsigned int inst)
{
	return boot_wait(b, ctl_consumed, &b->ctl[inst]);
}

/**
 * agx4_fw_boot_handoff() - prepare the loader handoff page
 * @b: the firmware.
 *
 * Return: 0 or the mapping's errno.
 */
int agx4_fw_boot_handoff(struct agx4_fw_boot *b)
{
	u8 *h;
	int ret;

	if (!b->handoff.va) {
		ret = agx4_fw_mem_boot_region(b->adev, AGX4_MEM_HANDOFF,
					      &b->handoff);
		if (ret)
			return ret;
	}
	h = b->handoff.va;
	*(__le64 *)(h + HANDOFF_MAGIC) = cpu_to_le64(HANDOFF_MAGIC_HOST);
	*(__le32 *)(h + HANDOFF_CUR_CTX) = cpu_to_le32(HANDOFF_CUR_CTX_NONE);
	*(__le64 *)(h + HANDOFF_CLEAR) = 0;
	/* The firmware reads the page uncached: make it reach memory. */
	wmb();
	return 0;
}

/**
 * agx4_fw_boot_clear_contexts() - clear stale context slots before a start
 * @b: the firmware, no instance started.
 * @first: the first slot cleared; those below are kept.
 *
 * Slots @first..63 of the ``ttbs`` page are zeroed and made visible, so
 * that no table pointer a loader or an earlier run left there is used
 * once a coprocessor starts.  The table is not taken over
 * (agx4_fw_boot_contexts() does that later).
 *
 * Return: 0, -EINVAL for @first past the table, or the mapping's errno.
 */
int agx4_fw_boot_clear_contexts(struct agx4_fw_boot *b, unsigned int first)
{
	struct agx4_fw_mem_region ttbs;
	u64 *w;
	int ret;

	if (first > AGX4_UAT_NUM_CTX)
		return -EINVAL;
	ret = agx4_fw_mem_boot_region(b->adev, AGX4_MEM_TTBS, &ttbs);
	if (ret)
		return ret;
	w = ttbs.va;
	memset(w + 2 * first, 0, (AGX4_UAT_NUM_CTX - first) * 2 * sizeof(*w));
	wmb();	/* cleared before any coprocessor starts */
	return 0;
}

/* One more empty root for a context's high half (@empty_high). */
static struct agx4_uat *empty_high_root(struct agx4_fw_boot *b)
{
	struct agx4_device *adev = b->adev;
	struct agx4_uat *u;
	int ret;

	if (WARN_ON(b->num_empty_high >= ARRAY_SIZE(b->empty_high)))
		return ERR_PTR(-EINVAL);
	u = &b->empty_high[b->num_empty_high];
	ret = agx4_uat_init(u, adev->base.dev, adev->uat_geom, true);
	if (ret)
		return ERR_PTR(ret);
	b->num_empty_high++;
	return u;
}

static void empty_high_release(struct agx4_fw_boot *b, unsigned int from)
{
	while (b->num_empty_high > from)
		agx4_uat_fini(&b->empty_high[--b->num_empty_high]);
}

/**
 * agx4_fw_boot_contexts() - take over the context table
 * @b: the firmware.
 * @empty_high: give context 0 an empty high root of its own (G16), not
 *	the firmware half.
 *
 * Maps the ``ttbs`` page, clears every slot and makes context 0 the
 * firmware's: an empty device address space in the low half and, in the
 * high half, either the firmware half the loader built (and agx4
 * extends) or, with @empty_high, an empty root: the G16 firmware keeps
 * running on the loader's root from the ``pagetables`` reservation, not
 * on this slot (H: GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
 * Bootstrap::publish).
 *
 * Return: 0 or a negative errno.
 */
int agx4_fw_boot_contexts(struct agx4_fw_boot *b, bool empty_high)
{
	struct agx4_device *adev = b->adev;
	struct agx4_uat *high = &adev->mem->fw_uat;
	unsigned int n = b->num_empty_high;
	int ret;

	ret = agx4_fw_mem_boot_region(adev, AGX4_MEM_TTBS, &b->ttbs);
	if (ret)
		return ret;
	ret = agx4_uat_init(&b->dev_uat, adev->base.dev, adev->uat_geom, false);
	if (ret)
		goto err_unmap;
	if (empty_high) {
		high = empty_high_root(b);
		if (IS_ERR(high)) {
			ret = PTR_ERR(high);
			goto err_dev;
		}
	}
	agx4_uat_ctx_table_init(&b->ctx, b->ttbs.va);
	ret = agx4_uat_ctx_set_fw(&b->ctx, &b->dev_uat, high);
	if (ret)
		goto err_uat;
	return 0;

err_uat:
	agx4_uat_ctx_table_fini(&b->ctx);
	empty_high_release(b, n);
err_dev:
	agx4_uat_fini(&b->dev_uat);
err_unmap:
	/* The mapping stays with the device (agx4_fw_mem_boot_region()). */
	b->ttbs.va = NULL;
	return ret;
}

/**
 * agx4_fw_boot_render_space() - the render context's address space
 * @b: the firmware.
 *
 * Only the tree, for what is mapped in it before its context is written
 * (agx4_fw_boot_render_context()).  Idempotent.
 *
 * Return: 0 or a negative errno.
 */
int agx4_fw_boot_render_space(struct agx4_fw_boot *b)
{
	struct agx4_device *adev = b->adev;
	int ret;

	if (b->render_uat_ready)
		return 0;
	ret = agx4_uat_init(&b->render_uat, adev->base.dev, adev->uat_geom,
			    false);
	if (!ret)
		b->render_uat_ready = true;
	return ret;
}

/**
 * agx4_fw_boot_render_context() - give the render context its slot
 * @b: the firmware, its contexts taken over (agx4_fw_boot_contexts()).
 * @empty_high: give the context an empty high root of its own (G16), not
 *	the firmware half.
 *
 * Both firmwares expect context 1 to be the render context (G16: the
 * opening client): the address space of agx4_fw_boot_render_space() in
 * the low half, the firmware half or an empty root of its own in the
 * high half, both tagged with the context.  It takes the first client
 * slot of the freshly cleared table, which is 1.  G17P writes it before
 * the root goes out; G16 after the firmware accepted its init data (H:
 * GravityLinux/linux drivers/gpu/drm/asahi/g16.rs@1ab42a3a
 * Bootstrap::open_control).
 *
 * Return: 0; -EINVAL before the contexts are taken over or once the
 * render context has its slot, nothing changed; -EBUSY if that slot is
 * not 1; or a negative errno.
 */
int agx4_fw_boot_render_context(struct agx4_fw_boot *b, bool empty_high)
{
	struct agx4_device *adev = b->adev;
	struct agx4_uat *high = &adev->mem->fw_uat;
	unsigned int n = b->num_empty_high;
	int ctx, ret;

	if (!b->ttbs.va || b->render_ctx)
		return -EINVAL;
	ret = agx4_fw_boot_render_space(b);
	if (ret)
		return ret;
	if (empty_high) {
		high = empty_high_root(b);
		if (IS_ERR(high))
			return PTR_ERR(high);
	}
	ctx = agx4_uat_ctx_get(&b->ctx, &b->render_uat, high);
	if (ctx == 1) {
		b->render_ctx = ctx;
		return 0;
	}
	if (ctx > 0)
		agx4_uat_ctx_put(&b->ctx, ctx);
	empty_high_release(b, n);
	return ctx < 0 ? ctx : -EBUSY;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_render_context);

/*
 * The named records in debugfs, once the firmware is up; removed again
 * before the objects they show are freed (debugfs waits for a reader that
 * is inside the file).
 */
static void show_views(struct agx4_fw_boot *b)
{
	unsigned int i;

	b->views_shown = true;
	for (i = 0; i < b->num_views; i++) {
		const struct agx4_fw_boot_view *v = &b->views[i];

		if (agx4_fw_debugfs_add_object(b->adev, v->file, v->layout,
					       v->obj->cpu + v->offset,
					       v->obj->size - v->offset))
			drm_warn(&b->adev->base, "no debugfs file %s\n", v->file);
	}
}

static void boot_release(struct agx4_fw_boot *b)
{
	struct agx4_device *adev = b->adev;
	unsigned int i;

	lockdep_assert_held(&b->lock);
	if (b->views_shown) {
		for (i = 0; i < b->num_views; i++)
			debugfs_lookup_and_remove(b->views[i].file,
						  adev->base.debugfs_root);
		b->views_shown = false;
	}
	b->num_views = 0;
	while (b->num_objs)
		agx4_fw_obj_destroy(b->objs[--b->num_objs].obj);
	if (b->render_ctx) {
		agx4_uat_ctx_put(&b->ctx, b->render_ctx);
		b->render_ctx = 0;
	}
	if (b->render_uat_ready) {
		agx4_uat_fini(&b->render_uat);
		b->render_uat_ready = false;
	}
	if (b->ttbs.va) {
		agx4_uat_ctx_table_fini(&b->ctx);
		agx4_uat_fini(&b->dev_uat);
		b->ttbs.va = NULL;
	}
	/* Slot 0 is left as it is, the firmware stopped: nothing walks it. */
	empty_high_release(b, 0);
	/* The regions' mappings stay with the device, for a restart. */
	b->handoff.va = NULL;
	/* The engine lives in the generation's state. */
	b->engine = NULL;
	kfree(b->gen_priv);
	b->gen_priv = NULL;
}

/**
 * agx4_fw_boot_init() - the firmware step of the probe
 * @adev: the device, its memory and transport set up.
 *
 * Runs the generation's boot; on failure stops whatever it started and
 * frees whatever it made.
 *
 * Return: 0; -ENODEV for a generation agx4 cannot boot yet; the boot's
 * errno (-ETIMEDOUT for a handshake step that did not complete, -EIO for
 * a firmware crash during boot, -EPROTO for firmware that answered
 * wrongly).
 */
int agx4_fw_boot_init(struct agx4_device *adev)
{
	const struct agx4_fw_gen *gen = adev->gen;
	struct agx4_fw_boot *b;
	int ret;

	if (!gen->boot)
		return -ENODEV;
	b = kzalloc(sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	b->adev = adev;
	b->incarnation = ++adev->fw_incarnation;
	b->timeout_ms = adev->fw_timeout_ms ?: AGX4_FW_BOOT_TIMEOUT_MS;
	mutex_init(&b->lock);
	spin_lock_init(&b->ctl_lock);
	init_waitqueue_head(&b->wq);
	INIT_WORK(&b->crash_work, crash_work);
	ret = agx4_event_init(&b->events, &adev->base, gen, NULL, b);
	if (ret)
		goto err_free;

	adev->fw = b;
	adev->transport.events = &fw_events;
	adev->transport.cookie = b;

	mutex_lock(&b->lock);
	ret = gen->boot(b);
	if (ret)
		stop_all_locked(b);
	mutex_unlock(&b->lock);
	if (ret)
		goto err_events;
	show_views(b);
	drm_info(&adev->base, "%s firmware up\n", gen->name);
	return 0;

err_events:
	cancel_work_sync(&b->crash_work);
	agx4_event_fini(&b->events);
	mutex_lock(&b->lock);
	boot_release(b);
	mutex_unlock(&b->lock);
	adev->fw = NULL;
	adev->transport.events = NULL;
err_free:
	mutex_destroy(&b->lock);
	kfree(b);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_init);

/**
 * agx4_fw_boot_fini() - shut the firmware down
 * @adev: the device.
 *
 * Stops every instance (its RTKit shut down cleanly, so it could boot
 * again), stops draining events, lets submission free what it kept while
 * the firmware could use it (the job unit's kept queues through
 * &agx4_fw_boot.gone_hook, then the backend's through
 * &agx4_fw_submit_ops.fw_gone), which may lie in the init data's tables,
 * and frees the init data.
 */
void agx4_fw_boot_fini(struct agx4_device *adev)
{
	const struct agx4_fw_submit_ops *ops = adev->gen->submit;
	struct agx4_fw_boot *b = adev->fw;

	if (!b)
		return;
	mutex_lock(&b->lock);
	stop_all_locked(b);
	mutex_unlock(&b->lock);
	cancel_work_sync(&b->crash_work);
	agx4_event_fini(&b->events);
	/* Stopped, no reset running: nothing uses that memory any more. */
	if (b->gone_hook)
		b->gone_hook(adev);
	if (ops && ops->fw_gone)
		ops->fw_gone(adev);
	mutex_lock(&b->lock);
	boot_release(b);
	mutex_unlock(&b->lock);
	adev->transport.events = NULL;
	adev->fw = NULL;
	mutex_destroy(&b->lock);
	kfree(b);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_fw_boot_fini);
