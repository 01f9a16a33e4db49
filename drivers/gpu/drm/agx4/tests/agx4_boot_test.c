// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_boot": the whole probe, firmware boot included,
 * against the firmware model, for G16 and G17P.  The model reads the init
 * data only by walking the page tables agx4 built, with its own walker and
 * its own offsets, so a layout or mapping bug fails here.  Each failure
 * the model can be told to commit must end in a clean probe error: the
 * errno the boot documents, nothing left running, nothing leaked, no
 * warning in the kernel log (the run fails on any).
 */

#include <kunit/static_stub.h>
#include <kunit/test-bug.h>
#include <kunit/test.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <drm/drm_kunit_helpers.h>
#include <drm/drm_print.h>

#include "../agx4_device.h"
#include "../agx4_fw.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_decode.h"
#include "../agx4_fw_mem.h"
#include "../agx4_fw_obj.h"
#include "../agx4_fwif.h"
#include "../agx4_fwmodel.h"
#include "../agx4_rtkit.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

/* A short handshake timeout for the cases that must time out. */
#define SHORT_MS	200

static const enum agx4_soc_id socs[] = { AGX4_SOC_T8132, AGX4_SOC_T8140 };

static void soc_desc(const enum agx4_soc_id *soc, char *desc)
{
	strscpy(desc, *soc == AGX4_SOC_T8132 ? "G16" : "G17P",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(soc, socs, soc_desc);

static const enum agx4_soc_id g16_socs[] = { AGX4_SOC_T8132 };

KUNIT_ARRAY_PARAM(g16_soc, g16_socs, soc_desc);

static const enum agx4_soc_id g17p_socs[] = { AGX4_SOC_T8140 };

KUNIT_ARRAY_PARAM(g17p_soc, g17p_socs, soc_desc);

static enum agx4_soc_id param_soc(struct kunit *test)
{
	return *(const enum agx4_soc_id *)test->param_value;
}

static unsigned int instances(struct kunit *test)
{
	return param_soc(test) == AGX4_SOC_T8132 ? 1 : 2;
}

/* Probe a device of the case's SoC; the model is armed beforehand. */
static struct agx4_device *probe(struct kunit *test,
				 enum agx4_fwmodel_fault fault, u32 arg,
				 unsigned int timeout_ms)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, param_soc(test));

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, param_soc(test));
	agx4_test_arm_model(fault, arg, timeout_ms);
	return agx4_device_create(dev, &dt->src);
}

/* Probe after agx4_test_fake_gpu() and a pinned register, model unarmed. */
static struct agx4_device *probe_pinned(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, param_soc(test));

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, SHORT_MS);
	return agx4_device_create(dev, &dt->src);
}

static void expect_no_model_error(struct kunit *test, struct agx4_fwmodel *m)
{
	enum agx4_fwmodel_err e;
	u64 where = 0;

	e = agx4_fwmodel_error(m, &where);
	KUNIT_EXPECT_EQ_MSG(test, e, AGX4_FWMODEL_OK, "model: %s at %#llx",
			    agx4_fwmodel_err_name(e), where);
}

/* A failed probe left the firmware stopped and nothing running. */
static void expect_clean_failure(struct kunit *test, struct agx4_fwmodel *m)
{
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, m);
	agx4_fwmodel_sync(m);
	for (i = 0; i < instances(test); i++)
		KUNIT_EXPECT_FALSE_MSG(test, agx4_fwmodel_running(m, i),
				       "instance %u still running", i);
}

static void agx4_boot_probe_boots_the_firmware(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_ASSERT_NOT_NULL(test, adev->fw);
	agx4_fwmodel_sync(m);
	expect_no_model_error(test, m);
	for (i = 0; i < instances(test); i++) {
		KUNIT_EXPECT_TRUE(test, agx4_fwmodel_booted(m, i));
		KUNIT_EXPECT_TRUE(test, agx4_fwmodel_running(m, i));
	}
	/* Every device-control record agx4 queued was taken. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_BAD_RECORDS),
			0);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_count(m, AGX4_FWMODEL_CNT_BAD_MESSAGES),
			0);
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->fw->bad_messages), 0);
	KUNIT_EXPECT_TRUE(test, agx4_channel_consumed(&adev->fw->ctl[0]));
}

/* A printer into a buffer, to read what the decoder writes. */
struct text {
	char buf[4096];
	size_t len;
};

static void text_print(struct drm_printer *p, struct va_format *vaf)
{
	struct text *t = p->arg;

	if (t->len < sizeof(t->buf))
		t->len += vscnprintf(t->buf + t->len, sizeof(t->buf) - t->len,
				     vaf->fmt, *vaf->va);
}

/*
 * The root and main config are shown by name, in debugfs while the
 * firmware runs: the decoded root names the main config at the address
 * its +0x18 word holds, and the files go with the firmware, before the
 * memory they show.
 */
static void agx4_boot_named_records_are_shown(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	const char *root = param_soc(test) == AGX4_SOC_T8132 ? "fw_root" :
			   "fw_root0";
	struct text *t = kunit_kzalloc(test, sizeof(*t), GFP_KERNEL);
	struct drm_printer p = { .printfn = text_print, .arg = t };
	const struct agx4_fw_boot_view *v = NULL;
	struct dentry *d;
	char want[64];
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	KUNIT_ASSERT_NOT_NULL(test, t);
	for (i = 0; i < adev->fw->num_views; i++)
		if (!strcmp(adev->fw->views[i].file, root))
			v = &adev->fw->views[i];
	KUNIT_ASSERT_NOT_NULL(test, v);
	agx4_fw_decode(agx4_fw_layout_find(adev->gen, v->layout),
		       v->obj->cpu + v->offset, v->obj->size - v->offset, &p);
	snprintf(want, sizeof(want), ".main_config = 0x%llx\n",
		 get_unaligned_le64(v->obj->cpu + v->offset + 0x18));
	KUNIT_EXPECT_NOT_NULL_MSG(test, strstr(t->buf, want), "%s", t->buf);

	d = debugfs_lookup(root, adev->base.debugfs_root);
	KUNIT_EXPECT_NOT_NULL(test, d);
	dput(d);
	/*
	 * The firmware going away while the DRM device stays (a reset, or a
	 * later probe step failing) takes the files with it.
	 */
	agx4_fw_boot_fini(adev);
	d = debugfs_lookup(root, adev->base.debugfs_root);
	KUNIT_EXPECT_NULL(test, d);
	dput(d);
}

/* Remove after boot shuts the model's firmware down, once. */
static void agx4_boot_remove_shuts_the_firmware_down(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	agx4_device_unplug(adev);
	agx4_device_unplug(adev);
	agx4_fwmodel_sync(m);
	for (i = 0; i < instances(test); i++) {
		KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(m, i));
		KUNIT_EXPECT_EQ(test, agx4_fwmodel_stops(m, i), 1);
	}
	KUNIT_EXPECT_NULL(test, adev->fw);
}

/* The firmware takes the init data but never says so. */
static void agx4_boot_never_acked_times_out(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NEVER_ACK, 0,
					 SHORT_MS);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -ETIMEDOUT);
	expect_clean_failure(test, agx4_test_model());
}

/*
 * G16: the firmware accepts its init data but leaves the control record
 * produced before it unread.  The reference opens only a control channel
 * at (1, 1, 1); the boot ends with -EIO, as the reference's does.
 */
static void agx4_boot_g16_control_unread_is_not_opened(struct kunit *test)
{
	struct agx4_device *adev;

	if (instances(test) != 1)
		kunit_skip(test, "G16 only: its opening checks the control cursors");
	adev = probe(test, AGX4_FWMODEL_FAULT_CONTROL_UNREAD, 0, SHORT_MS);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EIO);
	expect_clean_failure(test, agx4_test_model());
}

/*
 * G16 registers the firmware and agx4 leave the boot's channels in, at the
 * offsets of the SGX window the protocol gives them: the cursor block at
 * 0xd64000 (stage stride 0x40, done cursor at +8, the device-control
 * channel's at +0xc0), the producers at 0xd60000 (stage stride 0x20, the
 * device-control channel's at +0x60).
 */
struct pinned_reg {
	enum agx4_soc_id soc;	/* first: param_soc() reads it */
	const char *what;
	u32 offset, value;
};

static void pinned_desc(const struct pinned_reg *p, char *desc)
{
	strscpy(desc, p->what, KUNIT_PARAM_DESC_SIZE);
}

static const struct pinned_reg g16_control_pins[] = {
	{ AGX4_SOC_T8132, "control read at 0", 0xd640c0, 0 },
	{ AGX4_SOC_T8132, "control read at 2", 0xd640c0, 2 },
	{ AGX4_SOC_T8132, "control done at 0", 0xd640c8, 0 },
	{ AGX4_SOC_T8132, "control producer at 2", 0xd60060, 2 },
};

KUNIT_ARRAY_PARAM(g16_control_pin, g16_control_pins, pinned_desc);

/*
 * G16: the reference opens the device-control channel only when the
 * firmware read and finished the one initial record: read, done and
 * producer all at 1.  Any one of them elsewhere and the boot ends with
 * -EIO, cleanly, before anything is sent on it.
 */
static void agx4_boot_g16_control_cursor_off_one_is_not_opened(struct kunit *test)
{
	const struct pinned_reg *p = test->param_value;
	struct agx4_device *adev;

	agx4_test_fake_gpu(test, p->soc);
	agx4_test_pin_sgx(test, p->offset, p->value);
	adev = probe_pinned(test);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EIO);
	expect_clean_failure(test, agx4_test_model());
}

static const struct pinned_reg g16_barrier_pins[] = {
	{ AGX4_SOC_T8132, "3D read at 128", 0xd64040, 128 },
	{ AGX4_SOC_T8132, "3D done at 1", 0xd64048, 1 },
	{ AGX4_SOC_T8132, "3D producer at 1", 0xd60020, 1 },
};

KUNIT_ARRAY_PARAM(g16_barrier_pin, g16_barrier_pins, pinned_desc);

/*
 * G16: the bootstrap barrier goes only on an untouched work channel (the
 * 3D channel of priority 0): its read, done and producer all at 0.  Any
 * one of them moved and the boot ends with -EBUSY, cleanly.
 */
static void agx4_boot_g16_barrier_channel_not_empty_is_ebusy(struct kunit *test)
{
	const struct pinned_reg *p = test->param_value;
	struct agx4_device *adev;

	agx4_test_fake_gpu(test, p->soc);
	agx4_test_pin_sgx(test, p->offset, p->value);
	adev = probe_pinned(test);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EBUSY);
	expect_clean_failure(test, agx4_test_model());
}

/*
 * G17P: the secondary crashes on its control start, the boot's last step;
 * the primary's control doorbell still goes out and both staged rings
 * stay where they were.  The boot must not report the firmware up: it
 * ends with -EIO, cleanly.
 */
static void agx4_boot_g17p_crash_on_control_start_fails_with_eio(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT,
					 2 + 1, SHORT_MS);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EIO);
	expect_clean_failure(test, agx4_test_model());
}

/*
 * G17P: control start must leave both staged device-control rings where
 * the init data put them, at (1, 1, 1).  The secondary moves its read
 * cursor on control start instead: the boot ends with -EPROTO, cleanly.
 */
static void agx4_boot_g17p_control_cursor_moved_fails_with_eproto(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_CONTROL_MOVED,
					 1, SHORT_MS);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EPROTO);
	expect_clean_failure(test, agx4_test_model());
}

/*
 * G16: the firmware takes the opening FList and reports on CONTROL_AUX,
 * where the boot accepts 0 or 1 (as the reference's host).  With 2 there
 * the boot ends with -EPROTO before the barrier's kick, cleanly.
 */
static void agx4_boot_g16_flist_aux_above_one_fails_with_eproto(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_FLIST_AUX,
					 2, SHORT_MS);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EPROTO);
	expect_clean_failure(test, agx4_test_model());
}

/* Late, but within the timeout: the boot waits. */
static void agx4_boot_late_ack_within_timeout_boots(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_ACK_LATE,
					 SHORT_MS / 4, SHORT_MS * 4);

	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, adev);
	expect_no_model_error(test, agx4_test_model());
}

/*
 * G17P: both acknowledgments may take up to 5 s, as the reference waits,
 * longer than the 3 s the boot's other steps get by default.
 */
static void agx4_boot_g17p_ack_within_five_seconds_boots(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_ACK_LATE,
					 4000, 0);

	KUNIT_EXPECT_NOT_ERR_OR_NULL(test, adev);
	expect_no_model_error(test, agx4_test_model());
}

/* Later than the timeout: the boot gives up. */
static void agx4_boot_ack_after_timeout_fails(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_ACK_LATE,
					 SHORT_MS * 3, SHORT_MS);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -ETIMEDOUT);
	expect_clean_failure(test, agx4_test_model());
}

/*
 * An acknowledgment with the wrong value: G16's status word is not 1
 * (the boot keeps waiting for 1), G17P's 0x09 carries a payload (a
 * malformed message, counted, not an acknowledgment).
 */
static void agx4_boot_wrong_status_fails(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_WRONG_STATUS,
					 0, SHORT_MS);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -ETIMEDOUT);
	expect_clean_failure(test, agx4_test_model());
}

/* A crash when the firmware reads its init data. */
static void agx4_boot_crash_during_boot_fails_with_eio(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT,
					 0, SHORT_MS * 10);

	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EIO);
	expect_clean_failure(test, agx4_test_model());
}

/* The coprocessor does not come up at all (RTKit handshake fails). */
static void agx4_boot_rtkit_start_failure_fails(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_CRASH_IN_BOOT,
					 1, SHORT_MS);

	KUNIT_EXPECT_TRUE(test, IS_ERR(adev));
	expect_clean_failure(test, agx4_test_model());
}

/*
 * The device-control doorbell is lost.  G16 waits for its two opening
 * records to be consumed: the step times out.  G17P's boot only checks
 * the counters the pre-staged record left at (1, 1, 1), so it cannot tell
 * and comes up; the lost doorbell would show with the first command.
 */
static void agx4_boot_dropped_doorbell(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_DROP_DOORBELL,
					 1, SHORT_MS);

	if (param_soc(test) == AGX4_SOC_T8140) {
		KUNIT_EXPECT_NOT_ERR_OR_NULL(test, adev);
		return;
	}
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -ETIMEDOUT);
	expect_clean_failure(test, agx4_test_model());
}

/* Messages agx4 does not know are counted, never acted on. */
static void agx4_boot_bad_messages_after_boot_are_counted(struct kunit *test)
{
	static const enum agx4_fwmodel_fault faults[] = {
		AGX4_FWMODEL_FAULT_MALFORMED_MSG, AGX4_FWMODEL_FAULT_UNKNOWN_MSG,
	};
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	for (i = 0; i < ARRAY_SIZE(faults); i++) {
		agx4_fwmodel_inject(m, faults[i], 0);
		agx4_fwmodel_sync(m);
		KUNIT_EXPECT_EQ(test, atomic_read(&adev->fw->bad_messages),
				i + 1);
	}
	/* Still up and answering. */
	KUNIT_EXPECT_FALSE(test, adev->fw->crashed);
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_running(m, 0));
}

/* An event ring filled behind one notification is drained whole. */
static void agx4_boot_full_event_ring_is_drained(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	struct agx4_fwmodel *m = agx4_test_model();
	u64 done, unhandled;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	done = adev->fw->events.by_kind[1];
	unhandled = adev->fw->events.unknown;
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_FILL_EVENT_RING, 100);
	agx4_fwmodel_sync(m);
	KUNIT_EXPECT_EQ(test, adev->fw->events.by_kind[1] - done, 100);
	/*
	 * Completions wake the job unit; on a generation without submission
	 * nothing consumes them and each is counted as unhandled.
	 */
	KUNIT_EXPECT_EQ(test, adev->fw->events.unknown - unhandled,
			adev->jobs ? 0 : 100);
	KUNIT_EXPECT_EQ(test, adev->fw->events.malformed, 0);
	KUNIT_EXPECT_EQ(test, adev->fw->events.ring_errors, 0);
}

/*
 * A device up, then its first instance crashed, the crash captured and
 * the firmware not restarted.
 */
static struct agx4_device *probe_and_crash(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	struct agx4_fwmodel *m = agx4_test_model();

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	agx4_test_no_restart(test);
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(m);
	flush_work(&adev->fw->crash_work);
	return adev;
}

/* What a crash after boot leaves: a dump, and the reset entry point. */
static void agx4_boot_crash_after_boot_dumps_and_resets(struct kunit *test)
{
	struct agx4_device *adev = probe_and_crash(test);
	struct agx4_fwmodel *m = agx4_test_model();
	unsigned int i;

	/* Captured once, for the instance that crashed. */
	KUNIT_EXPECT_EQ(test, adev->fw->dumped, BIT(0));
	KUNIT_EXPECT_EQ(test, atomic_read(&adev->fw->resets), 1);
	KUNIT_EXPECT_TRUE(test, test_bit(0, &adev->fw->crashed));
	/* The reset entry point stopped every instance. */
	for (i = 0; i < instances(test); i++)
		KUNIT_EXPECT_FALSE(test, agx4_fwmodel_running(m, i));
	/* Nothing is sent to a crashed firmware. */
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_send(adev->fw, 0, AGX4_RTKIT_EP_FW,
						0), -EIO);
}

/*
 * Nothing is sent to an instance that crashed, even while its crash is
 * being captured and the coprocessor is not stopped yet (the boot's lock,
 * held here, keeps the capture and the reset waiting): -EIO.
 */
static void agx4_boot_nothing_is_sent_to_a_crashed_instance(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	struct agx4_fwmodel *m = agx4_test_model();
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	agx4_test_no_restart(test);
	mutex_lock(&adev->fw->lock);
	agx4_fwmodel_inject(m, AGX4_FWMODEL_FAULT_CRASH, 0);
	agx4_fwmodel_sync(m);
	KUNIT_EXPECT_TRUE(test, test_bit(0, &adev->fw->crashed));
	KUNIT_EXPECT_TRUE(test, agx4_fwmodel_running(m, 0));
	ret = agx4_fw_boot_send(adev->fw, 0, AGX4_RTKIT_EP_FW, 0);
	mutex_unlock(&adev->fw->lock);
	KUNIT_EXPECT_EQ(test, ret, -EIO);
	flush_work(&adev->fw->crash_work);
}

/*
 * Waiting for acknowledgments from a firmware that crashed ends at once
 * with -EIO, whether the instances waited for acknowledged or not.
 */
static void agx4_boot_ack_wait_after_a_crash_is_eio(struct kunit *test)
{
	struct agx4_device *adev = probe_and_crash(test);
	unsigned long mask = BIT(instances(test)) - 1;
	unsigned long t0;

	KUNIT_ASSERT_TRUE(test, test_bit(0, &adev->fw->crashed));

	t0 = jiffies;
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_wait_acked(adev->fw, mask, 1000),
			-EIO);
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_wait_acked(adev->fw,
						      BIT(AGX4_MAX_INSTANCES),
						      1000), -EIO);
	KUNIT_EXPECT_LT(test, jiffies - t0, msecs_to_jiffies(1000));
}

/* The real capture, once: it must not fault and must reach devcoredump. */
static void agx4_boot_coredump_of_a_live_firmware(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	agx4_fw_boot_coredump(adev->fw, 0);
}

/*
 * The page-table walk is what the model reads through: remove the
 * firmware's mapping of region C just before the root goes out, and the
 * model's firmware faults on exactly that address.
 */
static u64 unmapped_va;

static int publish_without_region_c(struct agx4_fw_boot *b, unsigned int inst,
				    u64 root_va)
{
	struct kunit *test = kunit_get_current_test();
	struct agx4_uat *uat = &b->adev->mem->fw_uat;
	struct agx4_uat_op op;
	unsigned int i;

	for (i = 0; i < b->num_objs; i++) {
		if (strcmp(b->objs[i].name, "region_c"))
			continue;
		unmapped_va = b->objs[i].obj->va;
		mutex_lock(&uat->lock);
		agx4_uat_op_begin(uat, &op);
		agx4_uat_op_unmap(&op, unmapped_va, AGX4_UAT_PAGE_SIZE);
		agx4_uat_op_end(&op);
		mutex_unlock(&uat->lock);
	}
	KUNIT_EXPECT_NE(test, unmapped_va, 0);
	kunit_deactivate_static_stub(test, agx4_fw_boot_publish_root);
	return agx4_fw_boot_publish_root(b, inst, root_va);
}

static void agx4_boot_unmapped_init_data_fails_with_model_error(struct kunit *test)
{
	struct agx4_device *adev;
	struct agx4_fwmodel *m;
	enum agx4_fwmodel_err e;
	u64 where = 0;

	unmapped_va = 0;
	kunit_activate_static_stub(test, agx4_fw_boot_publish_root,
				   publish_without_region_c);
	adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, SHORT_MS * 10);
	m = agx4_test_model();
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(adev), -EIO);
	KUNIT_ASSERT_NOT_NULL(test, m);
	e = agx4_fwmodel_error(m, &where);
	KUNIT_EXPECT_EQ_MSG(test, e, AGX4_FWMODEL_UNMAPPED, "model: %s",
			    agx4_fwmodel_err_name(e));
	KUNIT_EXPECT_EQ(test, where, unmapped_va);
	expect_clean_failure(test, m);
}

/*
 * The boot's object table holds AGX4_FW_BOOT_MAX_OBJS objects.  Once it is
 * full, each way of adding one (an allocation, a fixed-address one, SGX
 * registers, a register window) is refused with -ENOSPC before anything
 * is allocated or mapped, and the table keeps its entries; the device
 * still tears down without a leak.
 */
static void agx4_boot_full_object_table_is_enospc(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	const struct agx4_range *win;
	struct agx4_fw_boot *b;
	struct agx4_fw_obj *obj;
	u64 fixed_va, win_va;
	phys_addr_t pa;
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	b = adev->fw;
	win = &adev->gen->reg_windows;
	/* The window range's last page but its guard page is never used. */
	win_va = win->start + win->size - 2 * SZ_16K;
	pa = adev->plat.reg[AGX4_REG_SGX].start;
	/* G16: the second fixed range's free page past the ring. */
	fixed_va = 0xfffffc218100c000ull;

	mutex_lock(&b->lock);
	while (b->num_objs < AGX4_FW_BOOT_MAX_OBJS) {
		obj = agx4_fw_boot_alloc(b, "filler", SZ_16K,
					 AGX4_FW_OBJ_SHARED);
		if (IS_ERR(obj))
			break;
	}
	KUNIT_EXPECT_EQ(test, b->num_objs, AGX4_FW_BOOT_MAX_OBJS);

	obj = agx4_fw_boot_alloc(b, "one more", SZ_16K, AGX4_FW_OBJ_SHARED);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(obj), -ENOSPC);
	if (param_soc(test) == AGX4_SOC_T8132) {
		obj = agx4_fw_boot_alloc_at(b, "one more", fixed_va, SZ_16K,
					    AGX4_FW_OBJ_SHARED);
		KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(obj), -ENOSPC);
	}
	obj = agx4_fw_boot_map_sgx(b, "one more", 0, SZ_16K,
				   AGX4_FW_OBJ_MMIO_RO);
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(obj), -ENOSPC);
	ret = agx4_fw_boot_map_window(b, win_va, &pa, 1, SZ_16K, false);
	KUNIT_EXPECT_EQ(test, ret, -ENOSPC);
	KUNIT_EXPECT_EQ(test, b->num_objs, AGX4_FW_BOOT_MAX_OBJS);
	mutex_unlock(&b->lock);
}

/* An object of the boot's that has no CPU mapping (registers). */
static struct agx4_fw_obj *uncached_obj(struct agx4_fw_boot *b)
{
	unsigned int i;

	for (i = 0; i < b->num_objs; i++)
		if (!b->objs[i].obj->cpu)
			return b->objs[i].obj;
	return NULL;
}

/*
 * A named record must lie wholly inside an object the CPU can read, with
 * a layout of the generation: anything else is refused with -EINVAL and
 * not added.  The record ending at its object's end is taken; past
 * AGX4_FW_BOOT_MAX_VIEWS records the table refuses with -ENOSPC.
 */
static void agx4_boot_views_outside_their_object_are_refused(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	const struct agx4_fw_layout *l;
	struct agx4_fw_boot_view v;
	struct agx4_fw_boot *b;
	unsigned int n;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	b = adev->fw;
	mutex_lock(&b->lock);
	n = b->num_views;
	KUNIT_ASSERT_GT(test, n, 0);
	v = b->views[0];
	v.file = "test_view";
	l = agx4_fw_layout_find(adev->gen, v.layout);
	KUNIT_ASSERT_NOT_NULL(test, l);
	KUNIT_ASSERT_GE(test, v.obj->size, (u64)l->size + 8);

	v.layout = "no_such_layout";
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_views(b, &v, 1), -EINVAL);
	v.layout = l->name;
	v.offset = v.obj->size + SZ_16K;	/* past its end */
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_views(b, &v, 1), -EINVAL);
	v.offset = v.obj->size - l->size + 8;
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_views(b, &v, 1), -EINVAL);
	v.obj = uncached_obj(b);
	KUNIT_ASSERT_NOT_NULL(test, v.obj);
	v.offset = 0;
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_views(b, &v, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, b->num_views, n);

	v = b->views[0];
	v.file = "test_view";
	v.offset = v.obj->size - l->size;
	while (b->num_views < AGX4_FW_BOOT_MAX_VIEWS)
		if (agx4_fw_boot_views(b, &v, 1))
			break;
	KUNIT_EXPECT_EQ(test, b->num_views, AGX4_FW_BOOT_MAX_VIEWS);
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_views(b, &v, 1), -ENOSPC);
	KUNIT_EXPECT_EQ(test, b->num_views, AGX4_FW_BOOT_MAX_VIEWS);
	mutex_unlock(&b->lock);
}

/*
 * The render context takes its slot once, in a table taken over: asked
 * before agx4_fw_boot_contexts() (a boot just made) or a second time, it
 * is refused with -EINVAL and nothing is made or taken.
 */
static void agx4_boot_render_context_only_once_in_a_taken_table(struct kunit *test)
{
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	bool empty_high = param_soc(test) == AGX4_SOC_T8132;
	struct agx4_fw_boot *fresh;
	struct agx4_fw_boot *b;
	unsigned int n;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	b = adev->fw;
	fresh = kunit_kzalloc(test, sizeof(*fresh), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fresh);
	fresh->adev = adev;
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_render_context(fresh, empty_high),
			-EINVAL);
	KUNIT_EXPECT_FALSE(test, fresh->render_uat_ready);
	KUNIT_EXPECT_EQ(test, fresh->render_ctx, 0);
	KUNIT_EXPECT_EQ(test, fresh->num_empty_high, 0);

	mutex_lock(&b->lock);
	KUNIT_ASSERT_EQ(test, b->render_ctx, 1);
	n = b->num_empty_high;
	KUNIT_EXPECT_EQ(test, agx4_fw_boot_render_context(b, empty_high),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, b->render_ctx, 1);
	KUNIT_EXPECT_EQ(test, b->num_empty_high, n);
	mutex_unlock(&b->lock);
}

/*
 * G16's render context cannot get its empty high root: the call passes the
 * tree's error on and holds nothing (no empty root counted, no slot taken,
 * the table untouched).  A geometry agx4_uat_init() refuses stands in for a
 * failed allocation, which this suite cannot inject; the render context's
 * own address space counts as made, so the empty root is the first tree
 * the call makes.
 */
static void agx4_boot_render_context_without_its_empty_root_takes_nothing(struct kunit *test)
{
	static const struct agx4_uat_geom refused = { .levels = 1 };
	struct agx4_device *adev = probe(test, AGX4_FWMODEL_FAULT_NONE, 0, 0);
	const struct agx4_uat_geom *geom;
	struct agx4_fw_boot *fresh;
	unsigned int i;
	u64 *ttb;
	int ret;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	fresh = kunit_kzalloc(test, sizeof(*fresh), GFP_KERNEL);
	ttb = kunit_kcalloc(test, AGX4_UAT_NUM_CTX * 2, sizeof(*ttb),
			    GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fresh);
	KUNIT_ASSERT_NOT_NULL(test, ttb);
	fresh->adev = adev;
	fresh->ttbs.va = ttb;
	agx4_uat_ctx_table_init(&fresh->ctx, ttb);
	fresh->render_uat_ready = true;

	geom = adev->uat_geom;
	adev->uat_geom = &refused;
	ret = agx4_fw_boot_render_context(fresh, true);
	adev->uat_geom = geom;

	KUNIT_EXPECT_EQ(test, ret, -EINVAL);
	KUNIT_EXPECT_EQ(test, fresh->num_empty_high, 0);
	KUNIT_EXPECT_EQ(test, fresh->render_ctx, 0);
	for (i = 0; i < AGX4_UAT_NUM_CTX * 2; i++)
		KUNIT_EXPECT_EQ_MSG(test, ttb[i], 0, "context word %u", i);
	agx4_uat_ctx_table_fini(&fresh->ctx);
}

static struct kunit_case agx4_boot_cases[] = {
	KUNIT_CASE_PARAM(agx4_boot_probe_boots_the_firmware, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_named_records_are_shown, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_remove_shuts_the_firmware_down,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_g16_control_unread_is_not_opened,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_g16_control_cursor_off_one_is_not_opened,
			 g16_control_pin_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_g16_barrier_channel_not_empty_is_ebusy,
			 g16_barrier_pin_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_never_acked_times_out, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_late_ack_within_timeout_boots,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_ack_after_timeout_fails, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_g17p_ack_within_five_seconds_boots,
			 g17p_soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_wrong_status_fails, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_crash_during_boot_fails_with_eio,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_rtkit_start_failure_fails, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_g17p_crash_on_control_start_fails_with_eio,
			 g17p_soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_g17p_control_cursor_moved_fails_with_eproto,
			 g17p_soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_g16_flist_aux_above_one_fails_with_eproto,
			 g16_soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_dropped_doorbell, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_bad_messages_after_boot_are_counted,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_full_event_ring_is_drained, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_crash_after_boot_dumps_and_resets,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_nothing_is_sent_to_a_crashed_instance,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_ack_wait_after_a_crash_is_eio, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_coredump_of_a_live_firmware, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_unmapped_init_data_fails_with_model_error,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_full_object_table_is_enospc, soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_views_outside_their_object_are_refused,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_render_context_only_once_in_a_taken_table,
			 soc_gen_params),
	KUNIT_CASE_PARAM(agx4_boot_render_context_without_its_empty_root_takes_nothing,
			 g16_soc_gen_params),
	{ }
};

static struct kunit_suite agx4_boot_suite = {
	.name = "agx4_boot",
	.test_cases = agx4_boot_cases,
};

kunit_test_suite(agx4_boot_suite);
