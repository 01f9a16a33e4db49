/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_CHANNEL_H
#define AGX4_CHANNEL_H

#include <linux/types.h>

struct agx4_device;

/**
 * struct agx4_cursor - where one cursor word of a channel lives
 * @ram: a word of shared memory, or NULL for a GPU register.
 * @adev: for a register (G16 work and control cursors), the device.
 * @sgx: and the register's offset in the SGX window.
 *
 * Cursors are u32 ring indices.
 */
struct agx4_cursor {
	u32 *ram;
	struct agx4_device *adev;
	u32 sgx;
};

/**
 * struct agx4_channel - one ring shared with the firmware
 * @name: for messages.
 * @ring: the ring's entries, as the CPU sees them.
 * @entry_size: bytes per entry.
 * @entries: entries in the ring.
 * @head: the host's own cursor: the next entry it writes (host to
 *	firmware rings) or reads (firmware to host rings).
 * @prod: host to firmware: the producer cursor the host writes.
 *	Firmware to host: the firmware's write cursor.
 * @read: host to firmware: the firmware's read cursor.  Firmware to host:
 *	the host's read cursor, written back as entries are consumed.
 * @done: host to firmware: the firmware's done cursor (or none: both
 *	pointers NULL).  Unused on firmware to host rings.
 *
 * The owner of a channel serialises every call on it.
 */
struct agx4_channel {
	const char *name;
	void *ring;
	u32 entry_size;
	u32 entries;
	u32 head;
	struct agx4_cursor prod;
	struct agx4_cursor read;
	struct agx4_cursor done;
};

u32 agx4_cursor_get(const struct agx4_cursor *c);
void agx4_cursor_set(const struct agx4_cursor *c, u32 v);
int agx4_channel_init(struct agx4_channel *ch, const char *name, void *ring,
		      u32 entry_size, u32 entries);
int agx4_channel_free_entries(struct agx4_channel *ch);
int agx4_channel_write(struct agx4_channel *ch, const void *entry, size_t len);
void agx4_channel_publish(struct agx4_channel *ch);
int agx4_channel_push(struct agx4_channel *ch, const void *entry, size_t len);
bool agx4_channel_consumed(struct agx4_channel *ch);
int agx4_channel_pop(struct agx4_channel *ch, void *entry, size_t len);

#endif /* AGX4_CHANNEL_H */
