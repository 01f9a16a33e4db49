// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/device.h>
#include <linux/err.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/overflow.h>
#include <linux/slab.h>
#include <linux/soc/apple/rtkit.h>
#include <linux/string.h>

#include <drm/drm_print.h>

#include "agx4_device.h"
#include "agx4_fw_mem.h"
#include "agx4_fw_obj.h"
#include "agx4_rtkit.h"
#include "agx4_test_hooks.h"

/**
 * DOC: RTKit transport
 *
 * The GPU firmware runs on one RTKit coprocessor (two on G17P, the
 * primary and the secondary), reached through a mailbox.  This unit is
 * the only one that knows endpoint numbers and message encodings.  The
 * firmware's two application endpoints carry 64-bit messages whose type
 * is in bits 63:48:
 *
 * ========  =========  =====================================================
 * endpoint  type       meaning
 * ========  =========  =====================================================
 * 0x20      0x81       host: publish the init-data root; bits 43:0 are its
 *                      firmware address, which the firmware extends with
 *                      ones above bit 43
 * 0x20      0x42       firmware: rings it writes were updated (no payload)
 * 0x20      0x09       firmware, G17P: the init data was accepted
 * 0x21      0x83       host: work channel kick, (group << 2) | pipe with
 *                      pipe 0 TA, 1 3D, 2 compute
 * 0x21      0x84       host: device-control doorbell, payload 0x11
 * 0x21      0x89       host, G17P: control start, after the init ack
 * ========  =========  =====================================================
 *
 * agx4_rtkit_msg_*() encode and decode them for the units above, which
 * hand them to the transport (&struct agx4_fw_transport_ops) opaquely.
 * On hardware the transport is implemented here, on the kernel's RTKit
 * library: one &struct apple_rtkit per firmware instance, its mailbox taken
 * by index from the device tree's ``mboxes``.  The GPU's messages are
 * handed over from the mailbox's receive interrupt (recv_message_early),
 * RTKit's own on its workqueue.  Starting an instance checks
 * that its coprocessor is cold (the CPU-control run bit clear and the
 * status reporting "stopped"; a boot may check that first on its own,
 * &agx4_fw_transport_ops.cold), starts the CPU and runs the RTKit handshake;
 * stopping it shuts RTKit down and stops the CPU, so it can boot again.
 *
 * Buffers the firmware asks for: the crashlog's (and other system
 * endpoints') requests carry an address inside the instance's
 * firmware-reserved memory (the ``firmware`` or ``firmware-secondary``
 * reservation), which is mapped from there and answered with the request's
 * own fields; a request without an address gets a shared firmware object,
 * answered with its firmware address, since the GPU coprocessor's address
 * space is the UAT's firmware half.  The crash log is kept mapped so that
 * a crash can be captured.
 */

/* Message type, bits 63:48, and the init message's address, bits 43:0. */
#define MSG_TYPE		GENMASK_ULL(63, 48)
#define MSG_INIT_ADDR		GENMASK_ULL(43, 0)
#define MSG_KICK_GROUP		GENMASK_ULL(4, 2)
#define MSG_KICK_PIPE		GENMASK_ULL(1, 0)

#define TYPE_INIT		0x81
#define TYPE_NOTIFY		0x42
#define TYPE_INIT_ACK		0x09
#define TYPE_KICK		0x83
#define TYPE_CTL		0x84
#define TYPE_CONTROL_START	0x89

/* The device-control doorbell's payload: channel 12's doorbell, 0x11. */
#define CTL_DOORBELL		0x11

/* Kick groups (G17P has 3 bits of them; G16 uses 0..3) and pipes. */
#define KICK_GROUPS		8
#define KICK_PIPES		3

/*
 * Addresses the firmware extends from the init message: bits 63:44 are
 * all ones (firmware-half addresses).
 */
#define FW_HIGH_BITS		GENMASK_ULL(63, 44)

/**
 * agx4_rtkit_msg_init() - encode the init-data publication
 * @root_va: firmware address of the init-data root.
 * @msg: the message for endpoint %AGX4_RTKIT_EP_FW.
 *
 * Return: 0, or -EINVAL for an address the message cannot carry (not in
 * the firmware half, or not 16-byte aligned).
 */
int agx4_rtkit_msg_init(u64 root_va, u64 *msg)
{
	if ((root_va & FW_HIGH_BITS) != FW_HIGH_BITS || !IS_ALIGNED(root_va, 16))
		return -EINVAL;
	*msg = FIELD_PREP(MSG_TYPE, TYPE_INIT) |
	       FIELD_PREP(MSG_INIT_ADDR, root_va);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_rtkit_msg_init);

/**
 * agx4_rtkit_msg_kick() - encode a work-channel kick
 * @group: the channel group (work channel = group * 3 + pipe).
 * @pipe: 0 TA, 1 3D, 2 compute.
 * @msg: the message for endpoint %AGX4_RTKIT_EP_DOORBELL.
 *
 * Return: 0, or -EINVAL for a group or pipe out of range.
 */
int agx4_rtkit_msg_kick(u32 group, u32 pipe, u64 *msg)
{
	if (group >= KICK_GROUPS || pipe >= KICK_PIPES)
		return -EINVAL;
	*msg = FIELD_PREP(MSG_TYPE, TYPE_KICK) |
	       FIELD_PREP(MSG_KICK_GROUP, group) |
	       FIELD_PREP(MSG_KICK_PIPE, pipe);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_rtkit_msg_kick);

/**
 * agx4_rtkit_msg_ctl_doorbell() - the device-control doorbell
 *
 * Return: the message for endpoint %AGX4_RTKIT_EP_DOORBELL.
 */
u64 agx4_rtkit_msg_ctl_doorbell(void)
{
	return FIELD_PREP(MSG_TYPE, TYPE_CTL) | CTL_DOORBELL;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_rtkit_msg_ctl_doorbell);

/**
 * agx4_rtkit_msg_control_start() - the G17P control start
 *
 * Return: the message for endpoint %AGX4_RTKIT_EP_DOORBELL.
 */
u64 agx4_rtkit_msg_control_start(void)
{
	return FIELD_PREP(MSG_TYPE, TYPE_CONTROL_START);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_rtkit_msg_control_start);

/**
 * agx4_rtkit_msg_decode() - what a message from the firmware means
 * @ep: the endpoint it came from.
 * @msg: the message.
 *
 * Both known messages carry nothing but their type.
 *
 * Return: an &enum agx4_rtkit_msg_kind, or -EPROTO for an unknown
 * endpoint or type, or a payload where none belongs.
 */
int agx4_rtkit_msg_decode(u8 ep, u64 msg)
{
	if (ep != AGX4_RTKIT_EP_FW || msg & ~MSG_TYPE)
		return -EPROTO;
	switch (FIELD_GET(MSG_TYPE, msg)) {
	case TYPE_NOTIFY:
		return AGX4_RTKIT_MSG_NOTIFY;
	case TYPE_INIT_ACK:
		return AGX4_RTKIT_MSG_INIT_ACK;
	default:
		return -EPROTO;
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_rtkit_msg_decode);

/* The coprocessor's control registers in the ASC window. */
#define ASC_CPU_CONTROL		0x44
#define ASC_CPU_CONTROL_RUN	BIT(4)
#define ASC_CPU_STATUS		0x48
#define ASC_CPU_STATUS_STATE	GENMASK(1, 0)
#define ASC_CPU_STATUS_STOPPED	2
#define ASC_SIZE		0x4000

/* Buffers one instance may have asked for (crashlog, syslog, ...). */
#define MAX_BUFFERS		8
/* First bytes of an RTKit crash log. */
#define CRASHLOG_MAGIC		"CLHE"

struct agx4_rtkit;

/* A buffer the firmware asked for, as this unit provided it. */
struct rtkit_buffer {
	struct apple_rtkit_shmem *bfr;
	struct agx4_fw_obj *obj;	/* allocated here, or NULL: mapped */
};

struct rtkit_inst {
	struct agx4_rtkit *rk;
	unsigned int idx;
	struct apple_rtkit *rtk;
	void __iomem *asc;
	/* the instance's firmware-reserved memory */
	struct agx4_range reserved;
	/* protects buffers[] */
	struct mutex lock;
	struct rtkit_buffer buffers[MAX_BUFFERS];
};

/**
 * struct agx4_rtkit - the RTKit transport of one device
 */
struct agx4_rtkit {
	/** @adev: the device. */
	struct agx4_device *adev;
	/** @t: the transport this implements (events, cookie). */
	struct agx4_fw_transport *t;
	/** @num: firmware instances. */
	unsigned int num;
	/** @inst: each instance. */
	struct rtkit_inst inst[AGX4_MAX_INSTANCES];
};

static void rtkit_crashed(void *cookie)
{
	struct rtkit_inst *ri = cookie;
	struct agx4_fw_transport *t = ri->rk->t;

	if (t->events && t->events->crashed)
		t->events->crashed(t->cookie, ri->idx);
}

static void rtkit_recv(void *cookie, u8 ep, u64 msg)
{
	struct rtkit_inst *ri = cookie;
	struct agx4_fw_transport *t = ri->rk->t;

	if (t->events && t->events->recv)
		t->events->recv(t->cookie, ri->idx, ep, msg);
}

/*
 * The mailbox's hard-IRQ hook: the GPU's messages are consumed here, at
 * once, since what agx4 does with them is cheap and IRQ-safe (queue the
 * event drain, set a bit and wake a waiter, count a bad message); RTKit's
 * own endpoints go on to its workqueue.
 */
static bool rtkit_recv_early(void *cookie, u8 ep, u64 msg)
{
	if (ep < AGX4_RTKIT_EP_FW)
		return false;
	rtkit_recv(cookie, ep, msg);
	return true;
}

static struct rtkit_buffer *free_slot_locked(struct rtkit_inst *ri)
{
	unsigned int i;

	lockdep_assert_held(&ri->lock);
	for (i = 0; i < MAX_BUFFERS; i++)
		if (!ri->buffers[i].bfr)
			return &ri->buffers[i];
	return NULL;
}

/**
 * agx4_rtkit_buffer_check() - check a buffer the firmware brought
 * @reserved: the instance's firmware-reserved memory.
 * @iova: the buffer's address, as the firmware's request gives it.
 * @size: its size, as the request gives it.
 *
 * Return: 0 when the buffer lies wholly inside @reserved; -EINVAL when it
 * starts below it, ends past it, or its end does not fit 64 bits.
 */
AGX4_VISIBLE_IF_TEST int agx4_rtkit_buffer_check(const struct agx4_range *reserved,
						 u64 iova, u64 size)
{
	u64 end;

	if (check_add_overflow(iova, size, &end) ||
	    iova < reserved->start ||
	    end > reserved->start + reserved->size)
		return -EINVAL;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_rtkit_buffer_check);

static int rtkit_shmem_setup(void *cookie, struct apple_rtkit_shmem *bfr)
{
	struct rtkit_inst *ri = cookie;
	struct agx4_device *adev = ri->rk->adev;
	struct rtkit_buffer *slot;
	struct agx4_fw_obj *obj;
	int ret = 0;

	mutex_lock(&ri->lock);
	slot = free_slot_locked(ri);
	if (!slot) {
		ret = -ENOSPC;
		goto out;
	}
	if (bfr->iova) {
		/* The firmware's own buffer, inside its reserved memory. */
		ret = agx4_rtkit_buffer_check(&ri->reserved, bfr->iova,
					      bfr->size);
		if (ret) {
			drm_err(&adev->base, "firmware %u: buffer %pad+%#zx outside its reserved memory\n",
				ri->idx, &bfr->iova, bfr->size);
			goto out;
		}
		bfr->buffer = memremap(bfr->iova, bfr->size, MEMREMAP_WB);
		if (!bfr->buffer) {
			ret = -ENOMEM;
			goto out;
		}
		/* Not "mapped": the library echoes the request, as wanted. */
		bfr->is_mapped = false;
		slot->obj = NULL;
	} else {
		/* Host-allocated: a shared object in the firmware half. */
		if (!adev->mem) {
			ret = -ENODEV;
			goto out;
		}
		obj = agx4_fw_obj_create(&adev->mem->heap, bfr->size,
					 AGX4_FW_OBJ_SHARED, NULL, NULL);
		if (IS_ERR(obj)) {
			ret = PTR_ERR(obj);
			goto out;
		}
		bfr->buffer = obj->cpu;
		bfr->iova = obj->va;
		bfr->is_mapped = false;
		slot->obj = obj;
	}
	slot->bfr = bfr;
out:
	mutex_unlock(&ri->lock);
	return ret;
}

static void rtkit_shmem_destroy(void *cookie, struct apple_rtkit_shmem *bfr)
{
	struct rtkit_inst *ri = cookie;
	unsigned int i;

	mutex_lock(&ri->lock);
	for (i = 0; i < MAX_BUFFERS; i++) {
		struct rtkit_buffer *b = &ri->buffers[i];

		if (b->bfr != bfr)
			continue;
		if (b->obj)
			agx4_fw_obj_destroy(b->obj);
		else
			memunmap(bfr->buffer);
		b->bfr = NULL;
		b->obj = NULL;
	}
	mutex_unlock(&ri->lock);
	bfr->buffer = NULL;
}

static const struct apple_rtkit_ops rtkit_ops = {
	.crashed = rtkit_crashed,
	.recv_message = rtkit_recv,
	.recv_message_early = rtkit_recv_early,
	.shmem_setup = rtkit_shmem_setup,
	.shmem_destroy = rtkit_shmem_destroy,
};

static struct rtkit_inst *get_inst(void *priv, unsigned int inst)
{
	struct agx4_rtkit *rk = priv;

	return inst < rk->num ? &rk->inst[inst] : NULL;
}

/**
 * agx4_rtkit_cpu_cold() - is a coprocessor cold
 * @ctl: its CPU-control register.
 * @status: its CPU-status register.
 *
 * Return: 0 with the run bit clear and the status "stopped", else -EBUSY.
 */
AGX4_VISIBLE_IF_TEST int agx4_rtkit_cpu_cold(u32 ctl, u32 status)
{
	if ((ctl & ASC_CPU_CONTROL_RUN) ||
	    FIELD_GET(ASC_CPU_STATUS_STATE, status) != ASC_CPU_STATUS_STOPPED)
		return -EBUSY;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_rtkit_cpu_cold);

/* The run bit clear and the status "stopped", or -EBUSY. */
static int asc_cold(struct rtkit_inst *ri, unsigned int inst)
{
	u32 ctl = readl(ri->asc + ASC_CPU_CONTROL);
	u32 status = readl(ri->asc + ASC_CPU_STATUS);
	int ret = agx4_rtkit_cpu_cold(ctl, status);

	if (ret)
		drm_err(&ri->rk->adev->base, "firmware %u: coprocessor not cold (control %#x, status %#x)\n",
			inst, ctl, status);
	return ret;
}

static int rtkit_cold(void *priv, unsigned int inst)
{
	struct rtkit_inst *ri = get_inst(priv, inst);

	return ri ? asc_cold(ri, inst) : -EINVAL;
}

static int rtkit_start(void *priv, unsigned int inst)
{
	struct rtkit_inst *ri = get_inst(priv, inst);
	struct drm_device *drm;
	u32 ctl;
	int ret;

	if (!ri)
		return -EINVAL;
	drm = &ri->rk->adev->base;
	ret = asc_cold(ri, inst);
	if (ret)
		return ret;
	ctl = readl(ri->asc + ASC_CPU_CONTROL);
	writel(ctl | ASC_CPU_CONTROL_RUN, ri->asc + ASC_CPU_CONTROL);
	ret = apple_rtkit_boot(ri->rtk);
	if (ret) {
		drm_err(drm, "firmware %u: RTKit boot failed: %d\n", inst, ret);
		writel(ctl & ~ASC_CPU_CONTROL_RUN, ri->asc + ASC_CPU_CONTROL);
		apple_rtkit_reinit(ri->rtk);
	}
	return ret;
}

static void rtkit_stop(void *priv, unsigned int inst)
{
	struct rtkit_inst *ri = get_inst(priv, inst);
	u32 ctl;

	if (!ri)
		return;
	if (apple_rtkit_is_running(ri->rtk) &&
	    apple_rtkit_shutdown(ri->rtk))
		drm_warn(&ri->rk->adev->base, "firmware %u: RTKit shutdown failed\n",
			 inst);
	ctl = readl(ri->asc + ASC_CPU_CONTROL);
	writel(ctl & ~ASC_CPU_CONTROL_RUN, ri->asc + ASC_CPU_CONTROL);
	/*
	 * A crashed RTKit refuses to boot until it is reinitialised, which
	 * the library allows with the coprocessor held stopped (L: no GPU
	 * driver has restarted a crashed coprocessor yet; the NVMe driver
	 * gives up instead).  Its crash log goes with it: recovery captures
	 * it first.
	 */
	if (apple_rtkit_is_crashed(ri->rtk))
		apple_rtkit_reinit(ri->rtk);
}

static int rtkit_start_endpoint(void *priv, unsigned int inst, u8 ep)
{
	struct rtkit_inst *ri = get_inst(priv, inst);

	return ri ? apple_rtkit_start_ep(ri->rtk, ep) : -EINVAL;
}

static int rtkit_send(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	struct rtkit_inst *ri = get_inst(priv, inst);

	return ri ? apple_rtkit_send_message(ri->rtk, ep, msg, NULL, false) :
		    -EINVAL;
}

static int rtkit_ring(void *priv, unsigned int inst, u8 ep, u64 msg)
{
	struct rtkit_inst *ri = get_inst(priv, inst);

	return ri ? apple_rtkit_send_message(ri->rtk, ep, msg, NULL, true) :
		    -EINVAL;
}

static ssize_t rtkit_read_crashlog(void *priv, unsigned int inst, void *buf,
				   size_t len)
{
	struct rtkit_inst *ri = get_inst(priv, inst);
	ssize_t n = 0;
	unsigned int i;

	if (!ri)
		return -EINVAL;
	mutex_lock(&ri->lock);
	for (i = 0; i < MAX_BUFFERS; i++) {
		struct apple_rtkit_shmem *bfr = ri->buffers[i].bfr;

		if (!bfr || !bfr->buffer || bfr->size < 4 ||
		    memcmp(bfr->buffer, CRASHLOG_MAGIC, 4))
			continue;
		n = min(len, bfr->size);
		memcpy(buf, bfr->buffer, n);
		break;
	}
	mutex_unlock(&ri->lock);
	return n;
}

static const struct agx4_fw_transport_ops rtkit_transport_ops = {
	.cold = rtkit_cold,
	.start = rtkit_start,
	.stop = rtkit_stop,
	.start_endpoint = rtkit_start_endpoint,
	.send = rtkit_send,
	.ring = rtkit_ring,
	.read_crashlog = rtkit_read_crashlog,
};

/**
 * agx4_rtkit_init() - bind the hardware transport
 * @adev: the device, its device tree parsed; the parent is the platform
 *	device with the mailboxes.
 * @t: filled with the transport (its events and cookie are the caller's).
 *
 * Everything is device-managed and goes with the device.
 *
 * Return: 0; -EPROBE_DEFER while a mailbox has not probed; -ENODEV for a
 * missing coprocessor window; -ENOMEM.
 */
int agx4_rtkit_init(struct agx4_device *adev, struct agx4_fw_transport *t)
{
	static const enum agx4_reg asc[AGX4_MAX_INSTANCES] = {
		AGX4_REG_ASC, AGX4_REG_ASC1,
	};
	static const enum agx4_mem reserved[AGX4_MAX_INSTANCES] = {
		AGX4_MEM_FIRMWARE, AGX4_MEM_FIRMWARE1,
	};
	struct device *dev = adev->base.dev;
	struct agx4_rtkit *rk;
	unsigned int i;

	rk = devm_kzalloc(dev, sizeof(*rk), GFP_KERNEL);
	if (!rk)
		return -ENOMEM;
	rk->adev = adev;
	rk->t = t;
	rk->num = adev->plat.num_instances;
	for (i = 0; i < rk->num; i++) {
		struct rtkit_inst *ri = &rk->inst[i];
		const struct agx4_range *w = &adev->plat.reg[asc[i]];
		int ret;

		ri->rk = rk;
		ri->idx = i;
		ri->reserved = adev->plat.mem[reserved[i]];
		ret = devm_mutex_init(dev, &ri->lock);
		if (ret)
			return ret;
		if (!w->size)
			return -ENODEV;
		ri->asc = devm_ioremap(dev, w->start, min_t(u64, w->size, ASC_SIZE));
		if (!ri->asc)
			return -ENOMEM;
		ri->rtk = devm_apple_rtkit_init(dev, ri, NULL, i, &rtkit_ops);
		if (IS_ERR(ri->rtk))
			return dev_err_probe(dev, PTR_ERR(ri->rtk),
					     "firmware %u: no RTKit\n", i);
	}
	t->ops = &rtkit_transport_ops;
	t->priv = rk;
	return 0;
}
