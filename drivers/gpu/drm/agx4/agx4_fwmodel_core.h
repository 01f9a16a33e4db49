/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Inside the firmware model: state shared by its core and its two
 * generation files.  Nothing outside agx4_fwmodel_*.c includes this.
 */
#ifndef AGX4_FWMODEL_CORE_H
#define AGX4_FWMODEL_CORE_H

#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/workqueue.h>

#include "agx4_fwmodel.h"

#define FWM_MAX_INST		2
#define FWM_CHANNELS		17
#define FWM_PAGE		0x4000ULL

/* Application endpoints (H). */
#define FWM_EP_FW		0x20
#define FWM_EP_DB		0x21

/* Message types, bits 63..48 (H). */
#define FWM_MSG_TYPE(m)		((u32)((m) >> 48))
#define FWM_MSG_INIT		0x81
#define FWM_MSG_NOTIFY		0x42
#define FWM_MSG_INIT_ACK	0x09
#define FWM_MSG_KICK		0x83
#define FWM_MSG_CONTROL		0x84
#define FWM_MSG_CONTROL_START	0x89
#define FWM_CONTROL_PAYLOAD	0x11

/* Ring geometry (H). */
#define FWM_RING_ENTRIES	256
#define FWM_CTL_RECORD		0x40
#define FWM_EVT_RECORD		0x48
#define FWM_STAT_ENTRIES	512
#define FWM_WORK_MSG		0x18

/* Channel-13/14 state block: host read cursor at +0, firmware write at +0x20 (H). */
#define FWM_CUR_READ		0x00
#define FWM_CUR_DONE		0x10
#define FWM_CUR_WRITE		0x20
#define FWM_CUR_BLOCK		0x24

/* Regions the boot loader leaves behind. */
enum fwm_region {
	FWM_R_TTBS,
	FWM_R_PAGETABLES,
	FWM_R_L2,
	FWM_R_HANDOFF,
	FWM_R_FIRMWARE,
	FWM_R_FIRMWARE2,
	FWM_NR_REGIONS,
};

struct page;

struct fwm_region_mem {
	struct page *pages;
	unsigned int order;
	void *va;
	phys_addr_t pa;
	size_t size;
};

/* One firmware message in flight (host to firmware, or an internal command). */
struct fwm_msg {
	struct list_head node;
	unsigned int inst;
	u8 ep;
	u32 epoch;
	u64 msg;
	u8 rec[FWM_EVT_RECORD];
};

/* Internal commands, queued on the pseudo endpoint FWM_EP_CMD. */
#define FWM_EP_CMD		0xff
enum fwm_cmd {
	FWM_CMD_CRASH,
	FWM_CMD_POST,
	FWM_CMD_FILL,
	FWM_CMD_SEND_BAD,
};

struct fwm_channel {
	u64 state[3];
	u64 ring;
};

/*
 * Per instance.  The first group is under &agx4_fwmodel.lock; the second
 * (what the init data said) is written and read only by the worker.
 */
struct fwm_inst {
	bool running;
	bool ep_started[2];
	bool crashed;
	bool init_seen;
	bool acked;
	bool control_started;
	bool ack_pending;
	u32 epoch;
	unsigned int stops;

	u64 root_va;
	u64 main_va;
	u64 status_a;
	struct fwm_channel ch[FWM_CHANNELS];
};

struct fwm_gen_desc;

/**
 * struct agx4_fwmodel - the firmware model
 * @dev: device the model belongs to.
 * @gen: generation played.
 * @desc: its constants and handlers.
 * @region: what the boot loader left behind.
 * @sgx: the GPU register window (plain memory).
 * @sgx_size: its size.
 * @asc: the coprocessor control windows, one per instance.
 * @wq: the firmware's own ordered worker.
 * @work: drains @msgs.
 * @ack_work: late init acknowledgments.
 * @lock: protects @msgs, @inst's host-visible flags, the faults, @counters,
 *	@kicks, @err and @err_where.
 * @msgs: host messages and internal commands not yet handled.
 * @inst: per instance.
 * @ev: host callbacks (NULL until agx4_fwmodel_attach()).
 * @cookie: their argument.
 * @fault: armed faults, bit per &enum agx4_fwmodel_fault.
 * @fault_arg: their arguments.
 * @handoff_ok: the handoff page was found correct.
 * @dying: destroy has begun; nothing new is queued.
 * @counters: see &enum agx4_fwmodel_counter.
 * @kicks: work kicks per channel.
 * @err: first error.
 * @err_where: VA or value involved.
 */
struct agx4_fwmodel {
	struct device *dev;
	enum agx4_fwmodel_gen gen;
	const struct fwm_gen_desc *desc;
	struct fwm_region_mem region[FWM_NR_REGIONS];
	void *sgx;
	size_t sgx_size;
	void *asc[FWM_MAX_INST];

	struct workqueue_struct *wq;
	struct work_struct work;
	struct delayed_work ack_work;

	spinlock_t lock;	/* see the kernel-doc above */
	struct list_head msgs;
	struct fwm_inst inst[FWM_MAX_INST];
	const struct agx4_fw_transport_events *ev;
	void *cookie;
	unsigned long fault;
	u32 fault_arg[AGX4_FWMODEL_FAULT_CRASH + 1];
	bool handoff_ok;
	bool dying;
	u32 counters[AGX4_FWMODEL_NR_COUNTERS];
	u32 kicks[AGX4_FWMODEL_WORK_CHANNELS];
	enum agx4_fwmodel_err err;
	u64 err_where;
};

/**
 * struct fwm_gen_desc - what differs between generations
 * @instances: firmware instances.
 * @region_size: size of each loader region (0 = absent).
 * @secondary_root_offset: where the secondary's roots sit after the
 *	primary's (loader root and the high root the firmware runs on).
 * @version: the root's four version words.
 * @root_size: root size per instance.
 * @main_size: main config size.
 * @sgx_id: identity registers, offset/value pairs ending with offset 0.
 * @check_root: check the generation's own root pointers.
 * @ctl_cursor: read or write the control ring's cursor @which (0 firmware
 *	read, 1 firmware done, 2 host producer).
 * @work_cursor: the same for work channel @ch.
 * @acked: after the status words: what else acknowledges init data.
 * @ctl_record: act on a device-control record: 0, -EINVAL when malformed
 *	or unknown, -EIO when the firmware could not reach memory.
 */
struct fwm_gen_desc {
	unsigned int instances;
	size_t region_size[FWM_NR_REGIONS];
	u64 secondary_root_offset;
	u16 version[4];
	size_t root_size[FWM_MAX_INST];
	size_t main_size;
	const u32 (*sgx_id)[2];
	int (*check_root)(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			  const u8 *root);
	int (*ctl_cursor)(struct agx4_fwmodel *m, unsigned int inst,
			  unsigned int which, u32 *val, bool write);
	int (*work_cursor)(struct agx4_fwmodel *m, unsigned int inst,
			   unsigned int ch, unsigned int which, u32 *val,
			   bool write);
	void (*acked)(struct agx4_fwmodel *m, unsigned int inst, u32 status);
	int (*ctl_record)(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			  const u8 *rec);
};

extern const struct fwm_gen_desc agx4_fwmodel_g16_desc;
extern const struct fwm_gen_desc agx4_fwmodel_g17p_desc;

/* Core services for the generation files. */
int agx4_fwmodel_fail(struct agx4_fwmodel *m, enum agx4_fwmodel_err e,
		      u64 where);
int agx4_fwmodel_check(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		       u64 size, unsigned int access);
int agx4_fwmodel_need(struct agx4_fwmodel *m, unsigned int inst, u64 where,
		      u64 ptr, u64 size, unsigned int access);
int agx4_fwmodel_read(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		      void *buf, size_t len);
int agx4_fwmodel_write(struct agx4_fwmodel *m, unsigned int inst, u64 va,
		       const void *buf, size_t len);
int agx4_fwmodel_read32(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			u32 *val);
int agx4_fwmodel_write32(struct agx4_fwmodel *m, unsigned int inst, u64 va,
			 u32 val);
u32 agx4_fwmodel_sgx_read(struct agx4_fwmodel *m, u32 off);
void agx4_fwmodel_sgx_write(struct agx4_fwmodel *m, u32 off, u32 val);
void agx4_fwmodel_send(struct agx4_fwmodel *m, unsigned int inst, u8 ep,
		       u64 msg);
void agx4_fwmodel_crash(struct agx4_fwmodel *m, unsigned int inst,
			enum agx4_fwmodel_err e, u64 where);
int agx4_fwmodel_post(struct agx4_fwmodel *m, unsigned int inst,
		      const u8 *rec, bool notify);
void agx4_fwmodel_counter_add(struct agx4_fwmodel *m,
			      enum agx4_fwmodel_counter c);
int agx4_fwmodel_handoff_check(struct agx4_fwmodel *m);

#endif /* AGX4_FWMODEL_CORE_H */
