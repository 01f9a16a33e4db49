// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/array_size.h>
#include <linux/build_bug.h>
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <kunit/visibility.h>

#include "agx4_fwmodel_core.h"

/**
 * DOC: model control
 *
 * The model's test controls as text, one command a line, for a control
 * file (the software backend's debugfs ``agx4/model_script``).  Numbers
 * are decimal, or hexadecimal with ``0x``; words are separated by blanks;
 * every word listed must be there and nothing else may follow.
 *
 * ``<action> <arg> <kinds> <skip>``
 *	Arm a per-job script (agx4_fwmodel_script()).  ``<action>`` is
 *	``never``, ``grow``, ``limit``, ``fatal``, ``crash``, ``hold``,
 *	``delay`` or ``gpu-fault`` (&enum agx4_fwmodel_action); ``<kinds>``
 *	a mask of 1
 *	(vertex, TA), 2 (fragment, 3D) and 4 (compute), 0 for any;
 *	``<skip>`` how many matching work items pass first.  ``grow`` and
 *	``limit`` apply to vertex work only.
 * ``clear``
 *	Disarm every script that has not acted yet.
 * ``mode run`` | ``mode hold`` | ``mode delay <ms>``
 *	When work completes from now on (agx4_fwmodel_exec()).
 * ``release`` | ``release newest``
 *	Complete the work held now, oldest or newest first
 *	(agx4_fwmodel_release()).
 * ``fault <name> <arg>``
 *	Arm a fault (agx4_fwmodel_inject()): ``none`` (disarm all),
 *	``never-ack``, ``ack-late``, ``wrong-status``, ``crash-in-boot``,
 *	``control-unread``, ``control-moved`` (these act at the next boot,
 *	i.e. after a firmware restart), ``malformed-msg``, ``unknown-msg``,
 *	``drop-doorbell``, ``fill-event-ring``, ``crash``.
 *
 * Anything else is refused with -EINVAL and changes nothing.  Reading the
 * control gives the mode, the armed scripts in the syntax above and every
 * counter of the model (&enum agx4_fwmodel_counter) as ``name value``.
 */

static const char *const action_names[] = {
	[AGX4_FWMODEL_ACT_NEVER] = "never",
	[AGX4_FWMODEL_ACT_GROW] = "grow",
	[AGX4_FWMODEL_ACT_LIMIT] = "limit",
	[AGX4_FWMODEL_ACT_FATAL] = "fatal",
	[AGX4_FWMODEL_ACT_CRASH] = "crash",
	[AGX4_FWMODEL_ACT_HOLD] = "hold",
	[AGX4_FWMODEL_ACT_DELAY] = "delay",
	[AGX4_FWMODEL_ACT_GPU_FAULT] = "gpu-fault",
};

static const char *const fault_names[] = {
	[AGX4_FWMODEL_FAULT_NONE] = "none",
	[AGX4_FWMODEL_FAULT_NEVER_ACK] = "never-ack",
	[AGX4_FWMODEL_FAULT_ACK_LATE] = "ack-late",
	[AGX4_FWMODEL_FAULT_WRONG_STATUS] = "wrong-status",
	[AGX4_FWMODEL_FAULT_CRASH_IN_BOOT] = "crash-in-boot",
	[AGX4_FWMODEL_FAULT_MALFORMED_MSG] = "malformed-msg",
	[AGX4_FWMODEL_FAULT_UNKNOWN_MSG] = "unknown-msg",
	[AGX4_FWMODEL_FAULT_DROP_DOORBELL] = "drop-doorbell",
	[AGX4_FWMODEL_FAULT_FILL_EVENT_RING] = "fill-event-ring",
	[AGX4_FWMODEL_FAULT_CONTROL_UNREAD] = "control-unread",
	[AGX4_FWMODEL_FAULT_CRASH] = "crash",
	[AGX4_FWMODEL_FAULT_CONTROL_MOVED] = "control-moved",
	[AGX4_FWMODEL_FAULT_FLIST_AUX] = "flist-aux",
};

static const char *const mode_names[] = {
	[AGX4_FWMODEL_RUN] = "run",
	[AGX4_FWMODEL_HOLD] = "hold",
	[AGX4_FWMODEL_DELAY] = "delay",
};

static const char *const counter_names[] = {
	[AGX4_FWMODEL_CNT_RECEIVED] = "received",
	[AGX4_FWMODEL_CNT_SENT] = "sent",
	[AGX4_FWMODEL_CNT_DOORBELLS] = "doorbells",
	[AGX4_FWMODEL_CNT_DOORBELLS_DROPPED] = "doorbells_dropped",
	[AGX4_FWMODEL_CNT_CONTROL_RECORDS] = "control_records",
	[AGX4_FWMODEL_CNT_BAD_RECORDS] = "bad_records",
	[AGX4_FWMODEL_CNT_BAD_MESSAGES] = "bad_messages",
	[AGX4_FWMODEL_CNT_EVENTS] = "events",
	[AGX4_FWMODEL_CNT_EVENTS_DROPPED] = "events_dropped",
	[AGX4_FWMODEL_CNT_CRASHES] = "crashes",
	[AGX4_FWMODEL_CNT_IGNORED] = "ignored",
	[AGX4_FWMODEL_CNT_WORK_MSGS] = "work_msgs",
	[AGX4_FWMODEL_CNT_TA] = "ta",
	[AGX4_FWMODEL_CNT_3D] = "3d",
	[AGX4_FWMODEL_CNT_COMPUTE] = "compute",
	[AGX4_FWMODEL_CNT_WAITS] = "waits",
	[AGX4_FWMODEL_CNT_TVB_INITS] = "tvb_inits",
	[AGX4_FWMODEL_CNT_STALLS] = "stalls",
	[AGX4_FWMODEL_CNT_GROW_REQUESTS] = "grow_requests",
	[AGX4_FWMODEL_CNT_GROW_GREW] = "grow_grew",
	[AGX4_FWMODEL_CNT_GROW_REFUSED] = "grow_refused",
	[AGX4_FWMODEL_CNT_PARTIAL_RENDERS] = "partial_renders",
	[AGX4_FWMODEL_CNT_LIMITS] = "limits",
	[AGX4_FWMODEL_CNT_LIMIT_REPLIES] = "limit_replies",
	[AGX4_FWMODEL_CNT_BAD_REPLIES] = "bad_replies",
	[AGX4_FWMODEL_CNT_REPLY_TIMEOUTS] = "reply_timeouts",
	[AGX4_FWMODEL_CNT_INLINE_KICKS] = "inline_kicks",
	[AGX4_FWMODEL_CNT_STAMP_WRITES] = "stamp_writes",
	[AGX4_FWMODEL_CNT_REPORT_STALLS] = "report_stalls",
	[AGX4_FWMODEL_CNT_RENDER_TICKS] = "render_ticks",
	[AGX4_FWMODEL_CNT_COMPUTE_TICKS] = "compute_ticks",
};

static_assert(ARRAY_SIZE(action_names) == AGX4_FWMODEL_ACT_GPU_FAULT + 1);
static_assert(ARRAY_SIZE(fault_names) == AGX4_FWMODEL_FAULT_FLIST_AUX + 1);
static_assert(ARRAY_SIZE(counter_names) == AGX4_FWMODEL_NR_COUNTERS);

/* Longest command taken, in bytes. */
#define CTL_LINE_MAX	128
#define CTL_WORDS_MAX	5

/* Split @buf (modified) at blanks; -EINVAL for more than @max words. */
static int split(char *buf, char **w, unsigned int max)
{
	unsigned int n = 0;
	char *tok;

	while ((tok = strsep(&buf, " \t"))) {
		if (!*tok)
			continue;
		if (n == max)
			return -EINVAL;
		w[n++] = tok;
	}
	return n;
}

static int lookup(const char *const *names, unsigned int n, const char *w)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], w))
			return i;
	return -EINVAL;
}

static int parse_words(char **w, int n, struct agx4_fwmodel_cmd *cmd)
{
	struct agx4_fwmodel_script *s = &cmd->script;
	int i;

	memset(cmd, 0, sizeof(*cmd));
	if (n == 1 && !strcmp(w[0], "clear")) {
		cmd->op = AGX4_FWMODEL_CMD_CLEAR;
		return 0;
	}
	if (!strcmp(w[0], "release")) {
		cmd->op = AGX4_FWMODEL_CMD_RELEASE;
		if (n == 1)
			return 0;
		if (n == 2 && !strcmp(w[1], "newest")) {
			cmd->order = AGX4_FWMODEL_NEWEST_FIRST;
			return 0;
		}
		return -EINVAL;
	}
	if (!strcmp(w[0], "mode")) {
		cmd->op = AGX4_FWMODEL_CMD_MODE;
		i = n >= 2 ? lookup(mode_names, ARRAY_SIZE(mode_names), w[1]) :
			     -EINVAL;
		if (i < 0)
			return -EINVAL;
		cmd->mode = i;
		if (i == AGX4_FWMODEL_DELAY)
			return n == 3 ? kstrtou32(w[2], 0, &cmd->arg) : -EINVAL;
		return n == 2 ? 0 : -EINVAL;
	}
	if (!strcmp(w[0], "fault")) {
		cmd->op = AGX4_FWMODEL_CMD_FAULT;
		if (n != 3)
			return -EINVAL;
		i = lookup(fault_names, ARRAY_SIZE(fault_names), w[1]);
		if (i < 0)
			return -EINVAL;
		cmd->fault = i;
		return kstrtou32(w[2], 0, &cmd->arg);
	}
	cmd->op = AGX4_FWMODEL_CMD_SCRIPT;
	i = lookup(action_names, ARRAY_SIZE(action_names), w[0]);
	if (i < 0 || n != 4)
		return -EINVAL;
	s->action = i;
	if (kstrtou32(w[1], 0, &s->arg) || kstrtou32(w[2], 0, &s->kinds) ||
	    kstrtou32(w[3], 0, &s->skip))
		return -EINVAL;
	return 0;
}

/**
 * agx4_fwmodel_parse() - parse one control command
 * @line: the command (see "model control"); one trailing newline is
 *	allowed.
 * @len: its length in bytes.
 * @cmd: the command, on success.
 *
 * Only the syntax is checked here: a script's action, kinds and argument
 * are checked when it is armed (agx4_fwmodel_command()).
 *
 * Return: 0, or -EINVAL for an empty, overlong, multi-line or malformed
 * command, an unknown word or a number out of range.
 */
int agx4_fwmodel_parse(const char *line, size_t len,
		       struct agx4_fwmodel_cmd *cmd)
{
	char buf[CTL_LINE_MAX + 1];
	char *w[CTL_WORDS_MAX];
	int n;

	if (len && line[len - 1] == '\n')
		len--;
	if (!len || len > CTL_LINE_MAX || memchr(line, '\n', len) ||
	    memchr(line, '\0', len))
		return -EINVAL;
	memcpy(buf, line, len);
	buf[len] = '\0';
	n = split(buf, w, ARRAY_SIZE(w));
	if (n <= 0)
		return -EINVAL;
	return parse_words(w, n, cmd) ? -EINVAL : 0;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_parse);

/* Disarm the scripts that have not acted. */
static void scripts_clear(struct agx4_fwmodel *m)
{
	unsigned long flags;

	spin_lock_irqsave(&m->lock, flags);
	m->nscripts = 0;
	spin_unlock_irqrestore(&m->lock, flags);
}

/**
 * agx4_fwmodel_command() - parse a control command and carry it out
 * @m: the model.
 * @line: the command.
 * @len: its length in bytes.
 *
 * Any context but a transport callback.
 *
 * Return: 0; -EINVAL for a command agx4_fwmodel_parse() refuses or a
 * script agx4_fwmodel_script() refuses; -ENOSPC when every script slot is
 * armed; agx4_fwmodel_release()'s errors.
 */
int agx4_fwmodel_command(struct agx4_fwmodel *m, const char *line, size_t len)
{
	struct agx4_fwmodel_cmd cmd;
	int ret;

	ret = agx4_fwmodel_parse(line, len, &cmd);
	if (ret)
		return ret;
	switch (cmd.op) {
	case AGX4_FWMODEL_CMD_SCRIPT:
		return agx4_fwmodel_script(m, &cmd.script);
	case AGX4_FWMODEL_CMD_CLEAR:
		scripts_clear(m);
		return 0;
	case AGX4_FWMODEL_CMD_MODE:
		agx4_fwmodel_exec(m, cmd.mode, cmd.arg);
		return 0;
	case AGX4_FWMODEL_CMD_RELEASE:
		return agx4_fwmodel_release(m, cmd.order);
	case AGX4_FWMODEL_CMD_FAULT:
		agx4_fwmodel_inject(m, cmd.fault, cmd.arg);
		return 0;
	}
	return -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_command);

/**
 * agx4_fwmodel_show() - the model's control state as text
 * @m: the model.
 * @buf: where to write it.
 * @size: bytes @buf holds; the text is cut short (and terminated) when it
 *	does not fit.
 *
 * ``mode <mode> [<ms>]``, then ``script <action> <arg> <kinds> <skip>``
 * for each armed script (its remaining skip), then ``<counter> <value>``
 * for every counter, one a line.
 *
 * Return: the bytes written, without the terminating NUL.
 */
size_t agx4_fwmodel_show(struct agx4_fwmodel *m, char *buf, size_t size)
{
	struct agx4_fwmodel_script s[FWM_SCRIPTS];
	enum agx4_fwmodel_mode mode;
	unsigned int i, n;
	unsigned long flags;
	size_t len = 0;
	u32 arg;

	spin_lock_irqsave(&m->lock, flags);
	mode = m->mode;
	arg = m->mode_arg;
	n = m->nscripts;
	memcpy(s, m->scripts, n * sizeof(*s));
	spin_unlock_irqrestore(&m->lock, flags);

	if (mode == AGX4_FWMODEL_DELAY)
		len += scnprintf(buf + len, size - len, "mode delay %u\n", arg);
	else
		len += scnprintf(buf + len, size - len, "mode %s\n",
				 mode_names[mode]);
	for (i = 0; i < n; i++)
		len += scnprintf(buf + len, size - len, "script %s %u %u %u\n",
				 action_names[s[i].action], s[i].arg,
				 s[i].kinds, s[i].skip);
	for (i = 0; i < AGX4_FWMODEL_NR_COUNTERS; i++)
		len += scnprintf(buf + len, size - len, "%s %u\n",
				 counter_names[i], agx4_fwmodel_count(m, i));
	return len;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_show);
