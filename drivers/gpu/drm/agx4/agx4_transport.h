/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_TRANSPORT_H
#define AGX4_TRANSPORT_H

#include <linux/types.h>

/**
 * DOC: firmware transport
 *
 * Everything agx4 says to the GPU coprocessor's RTKit firmware goes
 * through one &struct agx4_fw_transport_ops: 64-bit messages to an
 * endpoint of one firmware instance (G16 runs one instance, G17P two),
 * doorbells, and starting or stopping an instance.  Everything the
 * firmware says comes back through &struct agx4_fw_transport_events.
 *
 * On hardware the ops are implemented on top of the kernel's RTKit library
 * (drivers/soc/apple/rtkit.c).  In KUnit a firmware model implements the
 * same ops, so the code above the transport cannot tell the two apart.
 * Message encodings and endpoint numbers are known only to the unit that
 * builds the messages; the transport carries them opaquely.
 */

/**
 * struct agx4_fw_transport_ops - how agx4 reaches the firmware
 *
 * Every op returns 0 or a negative errno.  @inst is the firmware instance
 * (0 = primary, 1 = secondary); an instance the device does not have gives
 * -EINVAL.
 */
struct agx4_fw_transport_ops {
	/**
	 * @cold: check that the coprocessor of @inst is cold (not running,
	 * reporting stopped) without touching it: -EBUSY if not.  A boot
	 * that must know this before it writes anything calls it first (G16).
	 * Optional (NULL: @start checks alone).
	 */
	int (*cold)(void *priv, unsigned int inst);
	/**
	 * @start: start the coprocessor CPU of @inst and complete its RTKit
	 * handshake (endpoint map, power states).  May sleep.  On failure the
	 * instance is left stopped.
	 */
	int (*start)(void *priv, unsigned int inst);
	/**
	 * @stop: shut @inst down (RTKit quiesce/sleep, CPU stopped) so that a
	 * later @start can boot it again.  May sleep.  Idempotent.
	 */
	void (*stop)(void *priv, unsigned int inst);
	/**
	 * @start_endpoint: ask @inst to start application endpoint @ep.
	 * May sleep.
	 */
	int (*start_endpoint)(void *priv, unsigned int inst, u8 ep);
	/**
	 * @send: queue message @msg to endpoint @ep of @inst.  May sleep
	 * while the mailbox is full.
	 */
	int (*send)(void *priv, unsigned int inst, u8 ep, u64 msg);
	/**
	 * @ring: like @send but never sleeps, for doorbells rung from the
	 * submission path; -EBUSY when the mailbox stays full.
	 */
	int (*ring)(void *priv, unsigned int inst, u8 ep, u64 msg);
	/**
	 * @read_crashlog: copy up to @len bytes of the crash log @inst
	 * left into @buf.  Optional (NULL: no crash log is kept).  Returns
	 * the bytes copied, 0 when there is none, or a negative errno.
	 */
	ssize_t (*read_crashlog)(void *priv, unsigned int inst, void *buf,
				 size_t len);
};

/**
 * struct agx4_fw_transport_events - what the firmware side raises
 *
 * Called by the transport implementation with the @cookie given in
 * &struct agx4_fw_transport, never with a lock of agx4's held.
 */
struct agx4_fw_transport_events {
	/**
	 * @recv: message @msg arrived from endpoint @ep of @inst.  May run
	 * in hard-IRQ context (the mailbox's receive interrupt): it must not
	 * sleep, and does only cheap work.
	 */
	void (*recv)(void *cookie, unsigned int inst, u8 ep, u64 msg);
	/**
	 * @crashed: @inst reported a crash (RTKit crashlog).  Process
	 * context.
	 */
	void (*crashed)(void *cookie, unsigned int inst);
};

/**
 * struct agx4_fw_transport - a bound transport
 * @ops: the transport implementation.
 * @priv: first argument of every op.
 * @events: callbacks into agx4, set by the device before @ops.start.
 * @cookie: first argument of every event callback.
 */
struct agx4_fw_transport {
	const struct agx4_fw_transport_ops *ops;
	void *priv;
	const struct agx4_fw_transport_events *events;
	void *cookie;
};

#endif /* AGX4_TRANSPORT_H */
