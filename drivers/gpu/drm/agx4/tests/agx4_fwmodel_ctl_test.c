// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fwmodel_ctl": the model's text control (the software
 * backend's debugfs model_script): what each command parses to, every
 * malformed command refused with -EINVAL, and commands carried out on a
 * model, read back through agx4_fwmodel_show().  Expected values are
 * written from the control's documented syntax.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/string.h>

#include "../agx4_fwmodel.h"

static int parse(const char *line, struct agx4_fwmodel_cmd *cmd)
{
	return agx4_fwmodel_parse(line, strlen(line), cmd);
}

static void script_line_parses_every_field(struct kunit *test)
{
	struct agx4_fwmodel_cmd c;

	KUNIT_ASSERT_EQ(test, parse("grow 3 1 0\n", &c), 0);
	KUNIT_EXPECT_EQ(test, c.op, AGX4_FWMODEL_CMD_SCRIPT);
	KUNIT_EXPECT_EQ(test, c.script.action, AGX4_FWMODEL_ACT_GROW);
	KUNIT_EXPECT_EQ(test, c.script.arg, 3);
	KUNIT_EXPECT_EQ(test, c.script.kinds, 1);
	KUNIT_EXPECT_EQ(test, c.script.skip, 0);
	KUNIT_EXPECT_EQ(test, c.script.queue, 0);

	KUNIT_ASSERT_EQ(test, parse("  never\t0  0x4 2", &c), 0);
	KUNIT_EXPECT_EQ(test, c.script.action, AGX4_FWMODEL_ACT_NEVER);
	KUNIT_EXPECT_EQ(test, c.script.kinds, 4);
	KUNIT_EXPECT_EQ(test, c.script.skip, 2);

	KUNIT_ASSERT_EQ(test, parse("limit 1 1 0", &c), 0);
	KUNIT_EXPECT_EQ(test, c.script.action, AGX4_FWMODEL_ACT_LIMIT);
	KUNIT_ASSERT_EQ(test, parse("delay 4294967295 7 1", &c), 0);
	KUNIT_EXPECT_EQ(test, c.script.action, AGX4_FWMODEL_ACT_DELAY);
	KUNIT_EXPECT_EQ(test, c.script.arg, 4294967295U);
	KUNIT_ASSERT_EQ(test, parse("fatal 0 2 0", &c), 0);
	KUNIT_EXPECT_EQ(test, c.script.action, AGX4_FWMODEL_ACT_FATAL);
	KUNIT_ASSERT_EQ(test, parse("crash 0 0 0", &c), 0);
	KUNIT_EXPECT_EQ(test, c.script.action, AGX4_FWMODEL_ACT_CRASH);
	KUNIT_ASSERT_EQ(test, parse("hold 0 0 0", &c), 0);
	KUNIT_EXPECT_EQ(test, c.script.action, AGX4_FWMODEL_ACT_HOLD);
}

static void other_commands_parse(struct kunit *test)
{
	struct agx4_fwmodel_cmd c;

	KUNIT_ASSERT_EQ(test, parse("clear\n", &c), 0);
	KUNIT_EXPECT_EQ(test, c.op, AGX4_FWMODEL_CMD_CLEAR);

	KUNIT_ASSERT_EQ(test, parse("mode hold", &c), 0);
	KUNIT_EXPECT_EQ(test, c.op, AGX4_FWMODEL_CMD_MODE);
	KUNIT_EXPECT_EQ(test, c.mode, AGX4_FWMODEL_HOLD);
	KUNIT_ASSERT_EQ(test, parse("mode delay 25", &c), 0);
	KUNIT_EXPECT_EQ(test, c.mode, AGX4_FWMODEL_DELAY);
	KUNIT_EXPECT_EQ(test, c.arg, 25);
	KUNIT_ASSERT_EQ(test, parse("mode run", &c), 0);
	KUNIT_EXPECT_EQ(test, c.mode, AGX4_FWMODEL_RUN);

	KUNIT_ASSERT_EQ(test, parse("release", &c), 0);
	KUNIT_EXPECT_EQ(test, c.op, AGX4_FWMODEL_CMD_RELEASE);
	KUNIT_EXPECT_EQ(test, c.order, AGX4_FWMODEL_OLDEST_FIRST);
	KUNIT_ASSERT_EQ(test, parse("release newest", &c), 0);
	KUNIT_EXPECT_EQ(test, c.order, AGX4_FWMODEL_NEWEST_FIRST);

	KUNIT_ASSERT_EQ(test, parse("fault drop-doorbell 2", &c), 0);
	KUNIT_EXPECT_EQ(test, c.op, AGX4_FWMODEL_CMD_FAULT);
	KUNIT_EXPECT_EQ(test, c.fault, AGX4_FWMODEL_FAULT_DROP_DOORBELL);
	KUNIT_EXPECT_EQ(test, c.arg, 2);
	KUNIT_ASSERT_EQ(test, parse("fault none 0", &c), 0);
	KUNIT_EXPECT_EQ(test, c.fault, AGX4_FWMODEL_FAULT_NONE);
	KUNIT_ASSERT_EQ(test, parse("fault crash 1", &c), 0);
	KUNIT_EXPECT_EQ(test, c.fault, AGX4_FWMODEL_FAULT_CRASH);
	KUNIT_ASSERT_EQ(test, parse("fault crash-in-boot 0", &c), 0);
	KUNIT_EXPECT_EQ(test, c.fault, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT);
}

static void malformed_commands_are_einval(struct kunit *test)
{
	static const char *const bad[] = {
		"", "\n", " \t ", "grow", "grow 3 1", "grow 3 1 0 0",
		"grow x 1 0", "grow 3 1 0x", "grow -1 1 0", "grow 4294967296 1 0",
		"grow 3 1 0\n\n", "grow 3 1 0\nnever 0 0 0", "explode 1 1 0",
		"GROW 3 1 0", "mode", "mode delay", "mode run 5", "mode hold 1",
		"mode sideways", "release oldest", "release newest 1",
		"clear now", "fault", "fault crash", "fault melt 0",
		"fault crash 1 2", "script grow 3 1 0",
	};
	char long_line[200], nul[] = "grow 3 1 0";
	struct agx4_fwmodel_cmd c;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++)
		KUNIT_EXPECT_EQ_MSG(test, parse(bad[i], &c), -EINVAL,
				    "\"%s\"", bad[i]);

	/* A valid command padded past the longest line taken (128 bytes). */
	memset(long_line, ' ', sizeof(long_line));
	memcpy(long_line, "grow 3 1 0", 10);
	long_line[sizeof(long_line) - 1] = '\0';
	KUNIT_EXPECT_EQ(test, parse(long_line, &c), -EINVAL);
	long_line[128] = '\0';
	KUNIT_EXPECT_EQ(test, parse(long_line, &c), 0);

	/* A NUL inside the written bytes. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_parse(nul, sizeof(nul), &c),
			-EINVAL);
}

static void model_release(void *m)
{
	agx4_fwmodel_destroy(m);
}

static struct agx4_fwmodel *model_new(struct kunit *test)
{
	struct agx4_fwmodel *m;
	struct device *dev;

	dev = kunit_device_register(test, "agx4-fwmodel-ctl");
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	m = agx4_fwmodel_create(dev, AGX4_FWMODEL_G16);
	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, m);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, model_release,
							m), 0);
	return m;
}

static int cmd(struct agx4_fwmodel *m, const char *line)
{
	return agx4_fwmodel_command(m, line, strlen(line));
}

static void commands_arm_and_read_back(struct kunit *test)
{
	struct agx4_fwmodel *m = model_new(test);
	char *buf = kunit_kzalloc(test, 2048, GFP_KERNEL);
	size_t len;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	agx4_fwmodel_show(m, buf, 2048);
	KUNIT_EXPECT_TRUE(test, !strncmp(buf, "mode run\n", 9));
	KUNIT_EXPECT_NULL(test, strstr(buf, "script "));
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "\ngrow_requests 0\n"));
	KUNIT_EXPECT_NOT_NULL(test, strstr(buf, "\nreply_timeouts 0\n"));

	KUNIT_ASSERT_EQ(test, cmd(m, "grow 3 0 0\n"), 0);
	KUNIT_ASSERT_EQ(test, cmd(m, "never 0 4 2"), 0);
	KUNIT_ASSERT_EQ(test, cmd(m, "mode delay 25"), 0);
	len = agx4_fwmodel_show(m, buf, 2048);
	KUNIT_EXPECT_EQ(test, len, strlen(buf));
	/* grow with kinds 0 is armed for vertex work only. */
	KUNIT_EXPECT_TRUE(test, !strncmp(buf, "mode delay 25\n"
					 "script grow 3 1 0\n"
					 "script never 0 4 2\n", 51));

	KUNIT_ASSERT_EQ(test, cmd(m, "clear"), 0);
	KUNIT_ASSERT_EQ(test, cmd(m, "mode run"), 0);
	agx4_fwmodel_show(m, buf, 2048);
	KUNIT_EXPECT_TRUE(test, !strncmp(buf, "mode run\n", 9));
	KUNIT_EXPECT_NULL(test, strstr(buf, "script "));

	/* A text cut short still ends in a NUL within the buffer. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_show(m, buf, 5), 4);
	KUNIT_EXPECT_STREQ(test, buf, "mode");
}

static void refused_commands_change_nothing(struct kunit *test)
{
	struct agx4_fwmodel *m = model_new(test);
	char *buf = kunit_kzalloc(test, 2048, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	/* Growth is the vertex stage's: not for fragment work. */
	KUNIT_EXPECT_EQ(test, cmd(m, "grow 3 2 0"), -EINVAL);
	KUNIT_EXPECT_EQ(test, cmd(m, "never 0 8 0"), -EINVAL);
	KUNIT_EXPECT_EQ(test, cmd(m, "mode delay x"), -EINVAL);
	agx4_fwmodel_show(m, buf, 2048);
	KUNIT_EXPECT_TRUE(test, !strncmp(buf, "mode run\n", 9));
	KUNIT_EXPECT_NULL(test, strstr(buf, "script "));

	/* Sixteen scripts are armed at most. */
	for (i = 0; i < 16; i++)
		KUNIT_EXPECT_EQ(test, cmd(m, "hold 0 0 0"), 0);
	KUNIT_EXPECT_EQ(test, cmd(m, "hold 0 0 0"), -ENOSPC);
}

static struct kunit_case agx4_fwmodel_ctl_cases[] = {
	KUNIT_CASE(script_line_parses_every_field),
	KUNIT_CASE(other_commands_parse),
	KUNIT_CASE(malformed_commands_are_einval),
	KUNIT_CASE(commands_arm_and_read_back),
	KUNIT_CASE(refused_commands_change_nothing),
	{}
};

static struct kunit_suite agx4_fwmodel_ctl_suite = {
	.name = "agx4_fwmodel_ctl",
	.test_cases = agx4_fwmodel_ctl_cases,
};

kunit_test_suite(agx4_fwmodel_ctl_suite);
