/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FWMODEL_H
#define AGX4_FWMODEL_H

#include <linux/bits.h>
#include <linux/types.h>

#include "agx4_transport.h"

struct device;
struct agx4_fwmodel;

/**
 * enum agx4_fwmodel_gen - the firmware generation the model plays
 * @AGX4_FWMODEL_G16: M4 (t8132), one firmware instance.
 * @AGX4_FWMODEL_G17P: A18 Pro (t8140), a primary and a secondary instance.
 */
enum agx4_fwmodel_gen {
	AGX4_FWMODEL_G16,
	AGX4_FWMODEL_G17P,
};

/**
 * enum agx4_fwmodel_err - why the model's firmware gave up
 * @AGX4_FWMODEL_OK: nothing went wrong.
 * @AGX4_FWMODEL_UNMAPPED: a VA the firmware needs is not mapped (where = VA).
 * @AGX4_FWMODEL_PERMISSION: a VA is mapped without the access the firmware
 *	needs, or without the access flag (where = VA).
 * @AGX4_FWMODEL_BAD_PA: a descriptor points at memory that is not RAM the
 *	model can reach (where = VA being translated).
 * @AGX4_FWMODEL_BAD_TTB: the context table slot the firmware uses is
 *	invalid, wrongly tagged or points outside RAM (where = the slot word).
 * @AGX4_FWMODEL_LOADER_MAP: the loader's mapping of the firmware's own image
 *	is gone from the root the firmware runs on (where = the image VA).
 * @AGX4_FWMODEL_BAD_ROOT: a field of the init-data root is wrong: version
 *	words, page-size/levels geometry, instance kind (where = field VA).
 * @AGX4_FWMODEL_BAD_CHANNEL: the channel table lacks a ring or state the
 *	firmware needs, or a ring end does not match its records (where =
 *	VA of the channel record).
 * @AGX4_FWMODEL_BAD_HANDOFF: the handoff page does not hold what the host
 *	must write before boot (where = offset in the page).
 * @AGX4_FWMODEL_BAD_MESSAGE: unknown endpoint or message type, or a
 *	malformed payload from the host (where = the message).
 * @AGX4_FWMODEL_BAD_SEQUENCE: a known message at the wrong time, e.g. a
 *	second init message or a doorbell before init (where = the message).
 * @AGX4_FWMODEL_NOT_STARTED: a message to an endpoint that was not started
 *	(where = the endpoint).
 * @AGX4_FWMODEL_BAD_RECORD: a malformed or unknown device-control record
 *	(where = VA of the record).
 * @AGX4_FWMODEL_COLD_STATE: the coprocessor was started without the AXI
 *	transition bits set (where = SGX offset).
 * @AGX4_FWMODEL_INJECTED: a crash the test asked for (where = the fault).
 * @AGX4_FWMODEL_NR_ERRS: number of error codes.
 *
 * Access and layout errors during boot crash the firmware (the transport's
 * crashed callback fires); message, sequence and record errors are
 * counted and the offending input ignored, as firmware does with input
 * it cannot parse.
 */
enum agx4_fwmodel_err {
	AGX4_FWMODEL_OK,
	AGX4_FWMODEL_UNMAPPED,
	AGX4_FWMODEL_PERMISSION,
	AGX4_FWMODEL_BAD_PA,
	AGX4_FWMODEL_BAD_TTB,
	AGX4_FWMODEL_LOADER_MAP,
	AGX4_FWMODEL_BAD_ROOT,
	AGX4_FWMODEL_BAD_CHANNEL,
	AGX4_FWMODEL_BAD_HANDOFF,
	AGX4_FWMODEL_BAD_MESSAGE,
	AGX4_FWMODEL_BAD_SEQUENCE,
	AGX4_FWMODEL_NOT_STARTED,
	AGX4_FWMODEL_BAD_RECORD,
	AGX4_FWMODEL_COLD_STATE,
	AGX4_FWMODEL_INJECTED,
	AGX4_FWMODEL_NR_ERRS,
};

/**
 * enum agx4_fwmodel_fault - misbehaviour a test can ask for
 * @AGX4_FWMODEL_FAULT_NONE: clear every armed fault.
 * @AGX4_FWMODEL_FAULT_NEVER_ACK: accept the init data but never acknowledge
 *	it (no status word on G16, no 0x09 on G17P).
 * @AGX4_FWMODEL_FAULT_ACK_LATE: acknowledge init data @arg ms late.
 * @AGX4_FWMODEL_FAULT_WRONG_STATUS: acknowledge with a wrong value: G16
 *	status word @arg (2 when 0), G17P 0x09 message with payload @arg (2
 *	when 0).
 * @AGX4_FWMODEL_FAULT_CRASH_IN_BOOT: crash during boot: @arg 0 on the init
 *	message (crashed callback), 1 in the RTKit handshake (start fails).
 * @AGX4_FWMODEL_FAULT_MALFORMED_MSG: once booted, send a notification with
 *	a non-zero payload (@arg, 0xff when 0) on endpoint 0x20.
 * @AGX4_FWMODEL_FAULT_UNKNOWN_MSG: once booted, send a message of unknown
 *	type (@arg, 0x77 when 0) on endpoint 0x20.
 * @AGX4_FWMODEL_FAULT_DROP_DOORBELL: ignore the next @arg doorbells
 *	(work kicks and device-control doorbells).
 * @AGX4_FWMODEL_FAULT_FILL_EVENT_RING: post @arg events (kind 1, empty
 *	mask) without notification, then notify once.
 * @AGX4_FWMODEL_FAULT_CRASH: crash instance @arg now.
 */
enum agx4_fwmodel_fault {
	AGX4_FWMODEL_FAULT_NONE,
	AGX4_FWMODEL_FAULT_NEVER_ACK,
	AGX4_FWMODEL_FAULT_ACK_LATE,
	AGX4_FWMODEL_FAULT_WRONG_STATUS,
	AGX4_FWMODEL_FAULT_CRASH_IN_BOOT,
	AGX4_FWMODEL_FAULT_MALFORMED_MSG,
	AGX4_FWMODEL_FAULT_UNKNOWN_MSG,
	AGX4_FWMODEL_FAULT_DROP_DOORBELL,
	AGX4_FWMODEL_FAULT_FILL_EVENT_RING,
	AGX4_FWMODEL_FAULT_CRASH,
};

/**
 * enum agx4_fwmodel_counter - what the model counts
 * @AGX4_FWMODEL_CNT_RECEIVED: host messages handled (all endpoints).
 * @AGX4_FWMODEL_CNT_SENT: messages delivered to the host.
 * @AGX4_FWMODEL_CNT_DOORBELLS: doorbells seen (0x83 and 0x84).
 * @AGX4_FWMODEL_CNT_DOORBELLS_DROPPED: doorbells ignored on request.
 * @AGX4_FWMODEL_CNT_CONTROL_RECORDS: device-control records consumed.
 * @AGX4_FWMODEL_CNT_BAD_RECORDS: device-control records refused.
 * @AGX4_FWMODEL_CNT_BAD_MESSAGES: host messages refused (bad, out of
 *	sequence, endpoint not started).
 * @AGX4_FWMODEL_CNT_EVENTS: event records posted.
 * @AGX4_FWMODEL_CNT_EVENTS_DROPPED: events not posted, the ring was full.
 * @AGX4_FWMODEL_CNT_CRASHES: crashes.
 * @AGX4_FWMODEL_CNT_IGNORED: messages dropped because their instance was
 *	stopped or crashed, or no host was attached.
 * @AGX4_FWMODEL_CNT_WORK_MSGS: work-channel messages consumed.
 * @AGX4_FWMODEL_NR_COUNTERS: number of counters.
 */
enum agx4_fwmodel_counter {
	AGX4_FWMODEL_CNT_RECEIVED,
	AGX4_FWMODEL_CNT_SENT,
	AGX4_FWMODEL_CNT_DOORBELLS,
	AGX4_FWMODEL_CNT_DOORBELLS_DROPPED,
	AGX4_FWMODEL_CNT_CONTROL_RECORDS,
	AGX4_FWMODEL_CNT_BAD_RECORDS,
	AGX4_FWMODEL_CNT_BAD_MESSAGES,
	AGX4_FWMODEL_CNT_EVENTS,
	AGX4_FWMODEL_CNT_EVENTS_DROPPED,
	AGX4_FWMODEL_CNT_CRASHES,
	AGX4_FWMODEL_CNT_IGNORED,
	AGX4_FWMODEL_CNT_WORK_MSGS,
	AGX4_FWMODEL_NR_COUNTERS,
};

/* Access a firmware translation needs (agx4_fwmodel_translate()). */
#define AGX4_FWMODEL_READ	BIT(0)
#define AGX4_FWMODEL_WRITE	BIT(1)

/* Work channels (0..11) whose kicks the model counts. */
#define AGX4_FWMODEL_WORK_CHANNELS	12

struct agx4_fwmodel *agx4_fwmodel_create(struct device *dev,
					 enum agx4_fwmodel_gen gen);
void agx4_fwmodel_destroy(struct agx4_fwmodel *m);

int agx4_fwmodel_region(struct agx4_fwmodel *m, const char *name, void **va,
			phys_addr_t *pa, size_t *size);
void *agx4_fwmodel_sgx(struct agx4_fwmodel *m, size_t *size);
void *agx4_fwmodel_asc(struct agx4_fwmodel *m, unsigned int inst,
		       size_t *size);

extern const struct agx4_fw_transport_ops agx4_fwmodel_transport_ops;

void agx4_fwmodel_attach(struct agx4_fwmodel *m,
			 const struct agx4_fw_transport_events *ev,
			 void *cookie);

enum agx4_fwmodel_err agx4_fwmodel_error(struct agx4_fwmodel *m, u64 *where);
const char *agx4_fwmodel_err_name(enum agx4_fwmodel_err e);

void agx4_fwmodel_inject(struct agx4_fwmodel *m, enum agx4_fwmodel_fault f,
			 u32 arg);

void agx4_fwmodel_sync(struct agx4_fwmodel *m);
bool agx4_fwmodel_booted(struct agx4_fwmodel *m, unsigned int inst);
bool agx4_fwmodel_running(struct agx4_fwmodel *m, unsigned int inst);
unsigned int agx4_fwmodel_stops(struct agx4_fwmodel *m, unsigned int inst);
u32 agx4_fwmodel_count(struct agx4_fwmodel *m, enum agx4_fwmodel_counter c);
u32 agx4_fwmodel_kicks(struct agx4_fwmodel *m, unsigned int channel);
int agx4_fwmodel_post_event(struct agx4_fwmodel *m, unsigned int inst,
			    const void *rec, size_t len);
enum agx4_fwmodel_err agx4_fwmodel_translate(struct agx4_fwmodel *m,
					     unsigned int inst, u64 va,
					     unsigned int access,
					     phys_addr_t *pa);

#endif /* AGX4_FWMODEL_H */
