// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_rtkit": the firmware message encodings, written here
 * from the protocol description, not from the driver's constants, and the
 * bounds on a buffer the firmware asks to have mapped, and when a
 * coprocessor counts as cold.
 */

#include <kunit/test.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/limits.h>

#include "../agx4_of.h"
#include "../agx4_rtkit.h"

/*
 * The messages on the wire, as the protocol gives them: type in bits
 * 63:48; the G16 root 0xffff_fc20_0010_0000 goes out as
 * 0x0081_0c20_0010_0000; G17P kicks its render and compute channels of
 * group 2 with 0x...08 and 0x...0a; the G16 bootstrap barrier kicks
 * group 0, pipe 1.
 */
static void agx4_rtkit_host_messages_match_the_protocol(struct kunit *test)
{
	static const struct {
		u32 group, pipe;
		u64 msg;
	} kicks[] = {
		{ 2, 0, 0x0083000000000008ull },
		{ 2, 2, 0x008300000000000aull },
		{ 0, 1, 0x0083000000000001ull },
		{ 3, 2, 0x008300000000000eull },
		{ 7, 1, 0x008300000000001dull },
	};
	unsigned int i;
	u64 msg;

	KUNIT_ASSERT_EQ(test, agx4_rtkit_msg_init(0xfffffc2000100000ull, &msg),
			0);
	KUNIT_EXPECT_EQ(test, msg, 0x00810c2000100000ull);
	KUNIT_ASSERT_EQ(test, agx4_rtkit_msg_init(0xfffffc20001a8000ull, &msg),
			0);
	KUNIT_EXPECT_EQ(test, msg, 0x00810c20001a8000ull);
	for (i = 0; i < ARRAY_SIZE(kicks); i++) {
		KUNIT_ASSERT_EQ(test, agx4_rtkit_msg_kick(kicks[i].group,
							  kicks[i].pipe, &msg),
				0);
		KUNIT_EXPECT_EQ_MSG(test, msg, kicks[i].msg, "kick %u", i);
	}
	KUNIT_EXPECT_EQ(test, agx4_rtkit_msg_ctl_doorbell(),
			0x0084000000000011ull);
	KUNIT_EXPECT_EQ(test, agx4_rtkit_msg_control_start(),
			0x0089000000000000ull);
	KUNIT_EXPECT_EQ(test, AGX4_RTKIT_EP_FW, 0x20);
	KUNIT_EXPECT_EQ(test, AGX4_RTKIT_EP_DOORBELL, 0x21);
}

static void agx4_rtkit_host_messages_refuse_what_they_cannot_carry(struct kunit *test)
{
	u64 msg = 0x1234;

	/* Not a firmware-half address: bits 63:44 must all be set. */
	KUNIT_EXPECT_EQ(test, agx4_rtkit_msg_init(0x0000001000100000ull, &msg),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_rtkit_msg_init(0xffff7c2000100000ull, &msg),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_rtkit_msg_init(0xfffffc2000100008ull, &msg),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_rtkit_msg_kick(8, 0, &msg), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_rtkit_msg_kick(0, 3, &msg), -EINVAL);
	KUNIT_EXPECT_EQ(test, msg, 0x1234);
}

static void agx4_rtkit_firmware_messages_decode_strictly(struct kunit *test)
{
	static const struct {
		u8 ep;
		u64 msg;
		int kind;
	} table[] = {
		{ 0x20, 0x0042000000000000ull, AGX4_RTKIT_MSG_NOTIFY },
		{ 0x20, 0x0009000000000000ull, AGX4_RTKIT_MSG_INIT_ACK },
		/* a payload where none belongs */
		{ 0x20, 0x0042000000000001ull, -EPROTO },
		{ 0x20, 0x0009000000010000ull, -EPROTO },
		/* host messages, and unknown types */
		{ 0x20, 0x00810c2000100000ull, -EPROTO },
		{ 0x20, 0x0043000000000000ull, -EPROTO },
		{ 0x20, 0x4200000000000000ull, -EPROTO },
		{ 0x20, 0, -EPROTO },
		/* the doorbell endpoint carries nothing to the host */
		{ 0x21, 0x0042000000000000ull, -EPROTO },
		{ 0x22, 0x0042000000000000ull, -EPROTO },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(table); i++)
		KUNIT_EXPECT_EQ_MSG(test, agx4_rtkit_msg_decode(table[i].ep,
								table[i].msg),
				    table[i].kind, "message %u", i);
}

/*
 * A buffer request that carries an address (the crash log's, the
 * syslog's) is mapped from the instance's firmware-reserved memory, so the
 * address and size the firmware sends must stay inside that reservation:
 * not below it, not past its end, and not wrapping around 64 bits to look
 * as if they did.
 */
static void agx4_rtkit_firmware_buffer_outside_its_reservation_is_einval(struct kunit *test)
{
	static const struct agx4_range fw = {
		.start = 0x10000000000ull, .size = 0x100000,
	};
	static const struct {
		u64 iova, size;
		int ret;
	} table[] = {
		{ 0x10000000000ull, 0x4000, 0 },
		{ 0x10000000000ull, 0x100000, 0 },
		{ 0x100000fc000ull, 0x4000, 0 },
		/* starts below the reservation, ends inside it */
		{ 0xffffffc000ull, 0x8000, -EINVAL },
		/* starts inside, ends past it */
		{ 0x100000fc000ull, 0x8000, -EINVAL },
		{ 0x10000000000ull, 0x100001, -EINVAL },
		/* wholly past it */
		{ 0x10000100000ull, 0x4000, -EINVAL },
		/* its end wraps to an address inside the reservation */
		{ 0x10000004000ull, U64_MAX - 0x1000, -EINVAL },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(table); i++)
		KUNIT_EXPECT_EQ_MSG(test,
				    agx4_rtkit_buffer_check(&fw, table[i].iova,
							    table[i].size),
				    table[i].ret, "buffer %u", i);
}

/*
 * An instance starts only from a cold coprocessor: in its ASC window the
 * CPU-control register (0x44) with the run bit (bit 4) clear and the
 * CPU-status register (0x48) reporting "stopped" (2) in bits 1:0.  Other
 * bits of either do not matter.
 */
static void agx4_rtkit_coprocessor_not_cold_is_ebusy(struct kunit *test)
{
	static const struct {
		u32 ctl, status;
		int ret;
	} table[] = {
		{ 0, 2, 0 },
		{ ~0x10u, 0xfffffffe, 0 },
		/* running */
		{ 0x10, 2, -EBUSY },
		{ 0x11, 2, -EBUSY },
		/* not stopped */
		{ 0, 0, -EBUSY },
		{ 0, 1, -EBUSY },
		{ 0, 3, -EBUSY },
		{ 0, 0xfffffffd, -EBUSY },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(table); i++)
		KUNIT_EXPECT_EQ_MSG(test, agx4_rtkit_cpu_cold(table[i].ctl,
							      table[i].status),
				    table[i].ret, "registers %u", i);
}

static struct kunit_case agx4_rtkit_cases[] = {
	KUNIT_CASE(agx4_rtkit_host_messages_match_the_protocol),
	KUNIT_CASE(agx4_rtkit_host_messages_refuse_what_they_cannot_carry),
	KUNIT_CASE(agx4_rtkit_firmware_messages_decode_strictly),
	KUNIT_CASE(agx4_rtkit_firmware_buffer_outside_its_reservation_is_einval),
	KUNIT_CASE(agx4_rtkit_coprocessor_not_cold_is_ebusy),
	{ }
};

static struct kunit_suite agx4_rtkit_suite = {
	.name = "agx4_rtkit",
	.test_cases = agx4_rtkit_cases,
};

kunit_test_suite(agx4_rtkit_suite);
