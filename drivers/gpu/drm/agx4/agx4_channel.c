// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/compiler.h>
#include <linux/errno.h>
#include <linux/string.h>

#include <asm/barrier.h>

#include "agx4_channel.h"
#include "agx4_device.h"
#include "agx4_test_hooks.h"

/**
 * DOC: channels
 *
 * The host and the firmware share rings of fixed-size entries, each with
 * three cursor words.  On the rings the host fills (work channels 0-11,
 * device control 12) the host writes the producer cursor and the firmware
 * the read and done cursors; on the rings the firmware fills (events 13,
 * statistics 14) the firmware writes its write cursor and the host its
 * read cursor.  Where the words live depends on the generation: G16 keeps
 * the work and control cursors in GPU registers, G17P in shared memory;
 * &struct agx4_cursor hides the difference.
 *
 * Publication follows the order the firmware relies on: the entry is
 * written, a write barrier orders it before the cursor, then the producer
 * cursor moves.  A ring of N entries holds at most N - 1, so that "full"
 * and "empty" differ.  Consumption reads the firmware's write cursor,
 * orders the entry's reads after it, copies the entry out, and only then
 * hands the slot back by moving the read cursor.
 *
 * A cursor the firmware wrote is never trusted: a value at or past the
 * ring's size is reported as -EPROTO rather than indexed with.
 */

/**
 * agx4_cursor_get() - read a cursor word
 * @c: the cursor.
 *
 * Return: its value.
 */
u32 agx4_cursor_get(const struct agx4_cursor *c)
{
	return c->ram ? READ_ONCE(*c->ram) : agx4_device_read_sgx(c->adev, c->sgx);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_cursor_get);

/**
 * agx4_cursor_set() - write a cursor word
 * @c: the cursor.
 * @v: its new value.
 *
 * Orders every earlier write to shared memory before the cursor's.
 */
void agx4_cursor_set(const struct agx4_cursor *c, u32 v)
{
	if (c->ram) {
		wmb();	/* the entry and earlier writes before the cursor */
		WRITE_ONCE(*c->ram, v);
	} else {
		/* writel() orders earlier writes before the register's */
		agx4_device_write_sgx(c->adev, c->sgx, v);
	}
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_cursor_set);

/**
 * agx4_channel_init() - describe a ring
 * @ch: the channel; its cursors are set by the caller afterwards.
 * @name: for messages.
 * @ring: the ring's entries, as the CPU sees them.
 * @entry_size: bytes per entry, not 0.
 * @entries: entries in the ring, at least 2.
 *
 * Return: 0, or -EINVAL for a degenerate ring.
 */
int agx4_channel_init(struct agx4_channel *ch, const char *name, void *ring,
		      u32 entry_size, u32 entries)
{
	if (!ring || !entry_size || entries < 2)
		return -EINVAL;
	memset(ch, 0, sizeof(*ch));
	ch->name = name;
	ch->ring = ring;
	ch->entry_size = entry_size;
	ch->entries = entries;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_channel_init);

static void *entry_at(struct agx4_channel *ch, u32 i)
{
	return ch->ring + (size_t)i * ch->entry_size;
}

/**
 * agx4_channel_free_entries() - room in a host-to-firmware ring
 * @ch: the channel.
 *
 * Return: entries the host may push now, or -EPROTO when the firmware's
 * read cursor is out of range.
 */
int agx4_channel_free_entries(struct agx4_channel *ch)
{
	u32 r = agx4_cursor_get(&ch->read);

	if (r >= ch->entries)
		return -EPROTO;
	return (r + ch->entries - ch->head - 1) % ch->entries;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_channel_free_entries);

/**
 * agx4_channel_push() - publish one entry on a host-to-firmware ring
 * @ch: the channel.
 * @entry: the entry.
 * @len: its bytes, at most the entry size; the rest is zeroed.
 *
 * The caller rings the firmware's doorbell afterwards.
 *
 * Return: 0; -EINVAL for an entry too long; -EBUSY when the ring is full;
 * -EPROTO when the firmware's read cursor is out of range.
 */
int agx4_channel_push(struct agx4_channel *ch, const void *entry, size_t len)
{
	int ret = agx4_channel_write(ch, entry, len);

	if (!ret)
		agx4_channel_publish(ch);
	return ret;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_channel_push);

/**
 * agx4_channel_write() - write one entry, not yet published
 * @ch: the channel.
 * @entry: the entry.
 * @len: its bytes, at most the entry size; the rest is zeroed.
 *
 * The entry goes to the ring at the host's head, which moves on; the
 * producer the firmware reads stays until agx4_channel_publish(), so that
 * several entries become visible at once.
 *
 * Return: as agx4_channel_push().
 */
int agx4_channel_write(struct agx4_channel *ch, const void *entry, size_t len)
{
	int room;
	void *slot;

	if (len > ch->entry_size)
		return -EINVAL;
	room = agx4_channel_free_entries(ch);
	if (room < 0)
		return room;
	if (!room)
		return -EBUSY;
	slot = entry_at(ch, ch->head);
	memcpy(slot, entry, len);
	memset(slot + len, 0, ch->entry_size - len);
	ch->head = (ch->head + 1) % ch->entries;
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_channel_write);

/**
 * agx4_channel_publish() - show the firmware every entry written
 * @ch: the channel.
 *
 * Moves the producer to the host's head, after the entries' writes.
 */
void agx4_channel_publish(struct agx4_channel *ch)
{
	agx4_cursor_set(&ch->prod, ch->head);
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_channel_publish);

/**
 * agx4_channel_consumed() - did the firmware take everything pushed?
 * @ch: a host-to-firmware channel.
 *
 * Return: true when its read cursor, and its done cursor if it has one,
 * reached the producer.
 */
bool agx4_channel_consumed(struct agx4_channel *ch)
{
	if (agx4_cursor_get(&ch->read) != ch->head)
		return false;
	return !(ch->done.ram || ch->done.adev) ||
	       agx4_cursor_get(&ch->done) == ch->head;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_channel_consumed);

/**
 * agx4_channel_pop() - take the next entry of a firmware-to-host ring
 * @ch: the channel.
 * @entry: where to copy the entry.
 * @len: bytes to copy, at most the entry size.
 *
 * Return: 0 and the entry; -ENOENT when the ring is empty; -EINVAL for a
 * @len past the entry; -EPROTO when the firmware's write cursor is out of
 * range.
 */
int agx4_channel_pop(struct agx4_channel *ch, void *entry, size_t len)
{
	u32 w;

	if (len > ch->entry_size)
		return -EINVAL;
	w = agx4_cursor_get(&ch->prod);
	if (w >= ch->entries)
		return -EPROTO;
	if (w == ch->head)
		return -ENOENT;
	rmb();	/* the entry is read after the cursor that covers it */
	memcpy(entry, entry_at(ch, ch->head), len);
	ch->head = (ch->head + 1) % ch->entries;
	mb();	/* the copy is complete before the slot is handed back */
	agx4_cursor_set(&ch->read, ch->head);
	return 0;
}
EXPORT_SYMBOL_IF_AGX4_TEST(agx4_channel_pop);
