// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_fw_g16_open": what the G16 boot builds before the
 * first submission (the opening FList and its operand namespace, the
 * compute support and its namespace, the resume records) and the
 * bootstrap barrier it ends with.  Expected bytes and addresses are
 * written here from the specification of each object, read back by raw
 * offset, never through the driver's declarations.
 */

#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/unaligned.h>
#include <linux/vmalloc.h>

#include <drm/drm_kunit_helpers.h>

#include "../agx4_device.h"
#include "../agx4_event.h"
#include "../agx4_fw_boot.h"
#include "../agx4_fw_build.h"
#include "../agx4_fw_g16.h"
#include "../agx4_fw_g16_boot.h"
#include "../agx4_fw_g16_init.h"
#include "../agx4_fw_obj.h"
#include "../agx4_fwmodel.h"
#include "../agx4_uat.h"
#include "agx4_test_dt.h"
#include "agx4_test_util.h"

#define FILL		0xa5
#define AUX		0xfffffc2000148000ull
#define SHARED		0xfffffc20001b0000ull

/* The opening namespace and the compute namespace (GPU addresses). */
#define OPEN_LIST	0x7000000000ull
#define OPEN_TABLE	0x7000408000ull
#define OPEN_BUFFERS	0x7000420000ull
#define COMPUTE_DIR	0x7002cc0000ull
#define COMPUTE_BUFFERS	0x7003108000ull
#define BUFFER_STRIDE	0x208000ull
#define BUFFER_SIZE	0x200000ull
#define PB_TABLE_GPU	0x7000278000ull
#define PB_AUX_GPU	0x7000280000ull

/* One little-endian word of a golden record. */
struct word {
	u32 off;
	u32 size;
	u64 val;
};

/* @buf (@len bytes) holds exactly @w and zero elsewhere. */
static void expect_words(struct kunit *test, const u8 *buf, size_t len,
			 const struct word *w, unsigned int n)
{
	u8 *want = kunit_kzalloc(test, len, GFP_KERNEL);
	unsigned int i, bad = 0;
	size_t j;

	KUNIT_ASSERT_NOT_NULL(test, want);
	for (i = 0; i < n; i++) {
		if (w[i].size == 8)
			put_unaligned_le64(w[i].val, want + w[i].off);
		else
			put_unaligned_le32(w[i].val, want + w[i].off);
	}
	for (j = 0; j < len; j++)
		if (buf[j] != want[j] && bad++ < 4)
			KUNIT_FAIL(test, "byte %#zx: %#x, not %#x", j, buf[j],
				   want[j]);
	KUNIT_EXPECT_EQ(test, bad, 0);
}

/* The FList: 1, the list, its room, 1, the table, CONTROL_AUX. */
static const struct word flist_words[] = {
	{ 0x00, 4, 1 },
	{ 0x14, 8, OPEN_LIST },
	{ 0x1c, 4, 0x80000 },
	{ 0x28, 4, 1 },
	{ 0x30, 8, OPEN_TABLE },
	{ 0x4c, 8, AUX },
};

static void agx4_g16_open_flist_bytes(struct kunit *test)
{
	u8 buf[0x80];

	memset(buf, FILL, sizeof(buf));
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_flist(buf, sizeof(buf), AUX),
			0);
	expect_words(test, buf, sizeof(buf), flist_words,
		     ARRAY_SIZE(flist_words));
}

/* Entry k: buffer k / 512 (0x208000 apart), 4 KiB page k % 512. */
static void expect_dir(struct kunit *test, const __le64 *dir, size_t bytes,
		       u64 base, unsigned int buffers)
{
	unsigned int k, n = buffers * 512, bad = 0;

	for (k = 0; k < bytes / 8; k++) {
		u64 want = k < n ? base + (k / 512) * BUFFER_STRIDE +
				   (k % 512) * 0x1000ull : 0;

		if (le64_to_cpu(dir[k]) != want && bad++ < 4)
			KUNIT_FAIL(test, "entry %u: %#llx, not %#llx", k,
				   le64_to_cpu(dir[k]), want);
	}
	KUNIT_EXPECT_EQ(test, bad, 0);
}

static void agx4_g16_open_list_names_every_operand_page(struct kunit *test)
{
	size_t bytes = 0x80000 * 8;
	__le64 *list = vmalloc(bytes);

	KUNIT_ASSERT_NOT_NULL(test, list);
	memset(list, FILL, bytes);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_operand_dir(list, bytes,
							    OPEN_BUFFERS, 20),
			0);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(list[0]), 0x7000420000ull);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(list[511]), 0x700061f000ull);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(list[512]), 0x7000628000ull);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(list[20 * 512 - 1]),
			0x7002cb7000ull);
	expect_dir(test, list, bytes, OPEN_BUFFERS, 20);
	vfree(list);
}

static void agx4_g16_open_compute_directory(struct kunit *test)
{
	size_t bytes = 0x18000;
	__le64 *dir = kunit_kmalloc(test, bytes, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, dir);
	memset(dir, FILL, bytes);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_operand_dir(dir, bytes,
							    COMPUTE_BUFFERS,
							    16), 0);
	KUNIT_EXPECT_EQ(test, le64_to_cpu(dir[16 * 512 - 1]),
			0x700517f000ull);
	expect_dir(test, dir, bytes, COMPUTE_BUFFERS, 16);
}

/* Compute support: pool 2, slot 2, its directory, 0x3000, 8192, 8192. */
static const struct word support_words[] = {
	{ 0x00, 8, 2 },
	{ 0x08, 4, 2 },
	{ 0x14, 8, COMPUTE_DIR },
	{ 0x1c, 4, 0x3000 },
	{ 0x24, 4, 8192 },
	{ 0x2c, 4, 8192 },
	{ 0x4c, 8, SHARED },
};

static void agx4_g16_open_compute_support_bytes(struct kunit *test)
{
	u8 buf[0x100];

	memset(buf, FILL, sizeof(buf));
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_compute_support(buf,
								sizeof(buf),
								SHARED), 0);
	expect_words(test, buf, sizeof(buf), support_words,
		     ARRAY_SIZE(support_words));
}

static void agx4_g16_open_resume_records_bytes(struct kunit *test)
{
	struct word w[96];
	size_t len = 0x4000;
	u8 *buf = kunit_kmalloc(test, len, GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	for (i = 0; i < ARRAY_SIZE(w); i++)
		w[i] = (struct word){ i * 0x40, 8, 0x0000007000001822ull };
	memset(buf, FILL, len);
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_build_resume(buf, len), 0);
	expect_words(test, buf, len, w, ARRAY_SIZE(w));
}

static void agx4_g16_open_short_buffers_are_refused(struct kunit *test)
{
	u8 buf[0x100];

	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_flist(buf, 0x7f, AUX), -EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_compute_support(buf, 0xff,
								SHARED),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_resume(buf, sizeof(buf)),
			-EINVAL);
	/* One buffer's 512 entries need 4 KiB of list. */
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_build_operand_dir(buf, sizeof(buf),
							    0, 1),
			-EINVAL);
}

static struct agx4_device *probe_g16(struct kunit *test)
{
	struct device *dev = drm_kunit_helper_alloc_device(test);
	struct agx4_test_dt *dt = agx4_test_dt_alloc(test, AGX4_SOC_T8132);

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, dev);
	agx4_test_fake_gpu(test, AGX4_SOC_T8132);
	agx4_test_arm_model(AGX4_FWMODEL_FAULT_NONE, 0, 0);
	return agx4_device_create(dev, &dt->src);
}

static struct agx4_fw_obj *boot_obj(struct kunit *test, struct agx4_fw_boot *b,
				    const char *name)
{
	unsigned int i;

	for (i = 0; i < b->num_objs; i++)
		if (!strcmp(b->objs[i].name, name))
			return b->objs[i].obj;
	KUNIT_FAIL(test, "no boot object %s", name);
	return NULL;
}

static phys_addr_t obj_pa(struct agx4_fw_obj *obj, u64 off)
{
	return page_to_phys(obj->chunks[off / AGX4_UAT_PAGE_SIZE]) +
	       off % AGX4_UAT_PAGE_SIZE;
}

/* @va maps @obj + @off in @uat. */
static void expect_view(struct kunit *test, struct agx4_uat *uat, u64 va,
			struct agx4_fw_obj *obj, u64 off)
{
	phys_addr_t pa = 0;

	KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(uat, va, &pa, NULL), 0,
			    "%#llx", va);
	KUNIT_EXPECT_EQ_MSG(test, pa, obj_pa(obj, off), "%#llx", va);
}

/*
 * After boot: the FList at CONTROL_DATA (taken whole by the firmware)
 * and its registration, the main config's PB views (context 0, walked by
 * the model's own walker) and the operand namespaces in context 1, guards
 * unmapped.
 */
static void agx4_g16_open_boot_maps_the_namespaces(struct kunit *test)
{
	struct agx4_device *adev = probe_g16(test);
	struct agx4_fw_obj *flist, *aux, *hw, *pb, *pb_aux, *bufs, *cbufs;
	struct agx4_fwmodel *m = agx4_test_model();
	struct word w[ARRAY_SIZE(flist_words) + 1];
	struct agx4_fw_boot *b;
	phys_addr_t pa = 0;
	const u8 *mc, *reg;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	b = adev->fw;
	KUNIT_ASSERT_NOT_NULL(test, b);
	flist = boot_obj(test, b, "flist");
	aux = boot_obj(test, b, "control_aux");
	hw = boot_obj(test, b, "hwdata");
	pb = boot_obj(test, b, "pb_table");
	pb_aux = boot_obj(test, b, "pb_aux");
	bufs = boot_obj(test, b, "operand_buffers");
	cbufs = boot_obj(test, b, "compute_buffers");
	KUNIT_ASSERT_TRUE(test, flist && aux && hw && pb && pb_aux && bufs &&
			  cbufs);

	memcpy(w, flist_words, sizeof(flist_words));
	w[5].val = aux->va;
	/* The firmware's progress: 8 per operand buffer, all taken. */
	w[6] = (struct word){ 0x48, 4, 160 };
	expect_words(test, flist->cpu, 0x80, w, ARRAY_SIZE(w));
	/* Main config (bundle + 0x1da40): regions +0x2c8, control ring +0x4c0. */
	mc = hw->cpu + 0x1da40;
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(mc + 0x2c8 + 8), PB_TABLE_GPU);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(mc + 0x2c8 + 16), pb->va);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(mc + 0x2c8 + 24), PB_AUX_GPU);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(mc + 0x2c8 + 32), pb_aux->va);
	reg = mc + 0x4c0 + 2 * 0x40;
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(reg), 0x20);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(reg + 0x14), flist->va);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(reg + 0x1c), OPEN_TABLE);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(reg + 0x24), OPEN_TABLE);

	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(m, 0, PB_TABLE_GPU, 0,
						     &pa), AGX4_FWMODEL_OK);
	KUNIT_EXPECT_EQ(test, pa, obj_pa(pb, 0));
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(m, 0, PB_AUX_GPU, 0, &pa),
			AGX4_FWMODEL_OK);
	KUNIT_EXPECT_EQ(test, pa, obj_pa(pb_aux, 0));

	KUNIT_ASSERT_EQ(test, b->render_ctx, 1);
	expect_view(test, &b->render_uat, OPEN_LIST,
		    boot_obj(test, b, "operand_list"), 0);
	expect_view(test, &b->render_uat, OPEN_TABLE,
		    boot_obj(test, b, "operand_table"), 0);
	expect_view(test, &b->render_uat, COMPUTE_DIR,
		    boot_obj(test, b, "compute_directory"), 0);
	for (i = 0; i < 20; i++) {
		u64 va = OPEN_BUFFERS + i * BUFFER_STRIDE;

		expect_view(test, &b->render_uat, va, bufs, i * BUFFER_STRIDE);
		expect_view(test, &b->render_uat, va + BUFFER_SIZE - 0x4000,
			    bufs, i * BUFFER_STRIDE + BUFFER_SIZE - 0x4000);
		KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(&b->render_uat,
							     va + BUFFER_SIZE,
							     &pa, NULL),
				    -ENOENT, "guard %u", i);
	}
	for (i = 0; i < 16; i++) {
		u64 va = COMPUTE_BUFFERS + i * BUFFER_STRIDE;

		expect_view(test, &b->render_uat, va, cbufs, i * BUFFER_STRIDE);
		KUNIT_EXPECT_EQ_MSG(test, agx4_uat_translate(&b->render_uat,
							     va + BUFFER_SIZE +
							     0x4000, &pa,
							     NULL),
				    -ENOENT, "guard %u", i);
	}
	/* Nothing of the opening namespace in context 0. */
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(m, 0, OPEN_BUFFERS, 0,
						     &pa),
			AGX4_FWMODEL_UNMAPPED);
}

/*
 * A register window as the reference gives it (g16_platform.rs@3a2ad760
 * Platform::build_registers) for the model's t8132 node: SGX block at
 * 0x3_0000_0000, doorbell address 0x3_0101_4010, memory controllers 0
 * and 1 (the default), and the firmware address the reference packs it
 * at from 0xffff_fc21_8020_0000 (slot order, a guard page after each).
 */
struct g16_win {
	u32 slot;
	u64 pa;
	u64 va;
	u32 size;
	u32 stride;
	u64 rel;
	u32 flags;
};

#define WIN_BASE	0xfffffc2180200000ull
#define SGX		0x300000000ull

static const struct g16_win g16_wins[] = {
	{ 0, 0x301014000ull, WIN_BASE, 0x4000, 0x4000, 0, 2 },
	{ 3, 0x2201c4000ull, WIN_BASE + 0x8000, 0x30000, 0x18000, 0, 2 },
	{ 9, 0x3803d0000ull, WIN_BASE + 0x3c000, 0x1000, 0x1000, 0, 2 },
	{ 10, 0x3803c0000ull, WIN_BASE + 0x44000, 0x2000, 0x2000, 0, 0 },
	{ 12, 0x50165c000ull, WIN_BASE + 0x4c000, 0x4000, 0x4000, 0, 2 },
	{ 14, 0x380280000ull, WIN_BASE + 0x54000, 0x8000, 0x8000, 0, 0 },
	{ 15, 0x38c840000ull, WIN_BASE + 0x60000, 0x24000, 0x24000, 0, 0 },
	{ 17, SGX, WIN_BASE + 0x88000, 0x20000, 0x20000, 0, 2 },
	{ 22, SGX + 0x1000000, WIN_BASE + 0xac000, 0x8000, 0x8000, 0, 2 },
	{ 26, SGX + 0xd04000, WIN_BASE + 0xb8000, 0x8000, 0x8000, 0xd04000, 2 },
	{ 27, SGX + 0xd0d000, WIN_BASE + 0xc5000, 0x1000, 0x1000, 0xd0d000, 2 },
	{ 28, SGX + 0xd58000, WIN_BASE + 0xcc000, 0x8000, 0x8000, 0xd58000, 2 },
	{ 29, SGX + 0xd10000, WIN_BASE + 0xd8000, 0x4000, 0x4000, 0xd10000, 2 },
	{ 31, SGX + 0xd40000, WIN_BASE + 0xe0000, 0x4000, 0x4000, 0xd40000, 2 },
	{ 32, SGX + 0xd60000, WIN_BASE + 0xe8000, 0x8000, 0x8000, 0xd60000, 2 },
	{ 39, SGX + 0xe08000, WIN_BASE + 0xf4000, 0x8000, 0x8000, 0, 2 },
	{ 40, SGX + 0xe1c000, WIN_BASE + 0x100000, 0x4000, 0x4000, 0xe1c000, 2 },
	{ 41, SGX + 0xe1f800, WIN_BASE + 0x10b800, 0x4000, 0x4000, 0, 2 },
};

/*
 * Status A's cursor pairs the G16 reference hands back at every drain
 * besides the event ring's own (host cursor at the offset, the firmware's
 * 0x20 past it), with the entries of the ring where the reference gives
 * them (the event channel's second pair 256, the statistics channel's
 * 512), else 0: no bound known.
 */
static const struct {
	u32 host;
	u32 entries;
} g16_status_pairs[] = {
	{ 0x80, 256 }, { 0x240, 512 }, { 0x280, 512 }, { 0xb0, 0 },
	{ 0xe0, 0 }, { 0x110, 0 }, { 0x140, 0 }, { 0x170, 0 },
};

/*
 * A drain hands every pair of g16_status_pairs back: the host's cursor
 * takes the firmware's, the last entry of a ring of known size included,
 * and a cursor no bound is known for as it is.  Status A is found from
 * the event ring's read cursor, which the reference puts at +0x40.
 */
static void agx4_g16_open_drain_hands_back_every_status_pair(struct kunit *test)
{
	struct agx4_device *adev = probe_g16(test);
	u8 *sa;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	sa = (u8 *)adev->fw->events.ring.read.ram - 0x40;
	for (i = 0; i < ARRAY_SIZE(g16_status_pairs); i++) {
		u32 e = g16_status_pairs[i].entries;

		WRITE_ONCE(*(u32 *)(sa + g16_status_pairs[i].host + 0x20),
			   e ? e - 1 : 0x12345 + i);
	}
	agx4_event_drain(&adev->fw->events);
	for (i = 0; i < ARRAY_SIZE(g16_status_pairs); i++) {
		u32 e = g16_status_pairs[i].entries;

		KUNIT_EXPECT_EQ_MSG(test,
				    READ_ONCE(*(u32 *)(sa + g16_status_pairs[i].host)),
				    e ? e - 1 : 0x12345 + i, "pair at +%#x",
				    g16_status_pairs[i].host);
	}
	KUNIT_EXPECT_EQ(test, adev->fw->events.ring_errors, 0);
}

/*
 * After boot, every window hwdata lists is there as the reference lists
 * it (slot 22's relative word 0), and its firmware address reaches every
 * page of it, writable exactly where flag bit 1 is set (the model's own
 * walk of the tables, context 0); the memory controllers' windows follow
 * each other.
 */
static void agx4_g16_open_boot_gives_every_register_window(struct kunit *test)
{
	struct agx4_device *adev = probe_g16(test);
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fw_obj *hw;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	hw = boot_obj(test, adev->fw, "hwdata");
	KUNIT_ASSERT_NOT_NULL(test, hw);
	for (i = 0; i < ARRAY_SIZE(g16_wins); i++) {
		const struct g16_win *w = &g16_wins[i];
		const u8 *r = hw->cpu + 0x640 + 0x28 * w->slot;
		phys_addr_t pa = 0;
		u64 off;

		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le64(r), w->pa,
				    "slot %u", w->slot);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le64(r + 8), w->va,
				    "slot %u", w->slot);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(r + 0x10),
				    w->size, "slot %u", w->slot);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(r + 0x14),
				    w->stride, "slot %u", w->slot);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le64(r + 0x18), w->rel,
				    "slot %u", w->slot);
		KUNIT_EXPECT_EQ_MSG(test, get_unaligned_le32(r + 0x20),
				    w->flags, "slot %u", w->slot);
		for (off = 0; off < w->size; off += 0x1000) {
			u64 want = w->pa + off;

			/* Slot 3: controller 1 at + (1 << 25). */
			if (w->slot == 3 && off >= w->stride)
				want += (1ull << 25) - w->stride;
			KUNIT_EXPECT_EQ_MSG(test,
					    agx4_fwmodel_translate(m, 0,
								   w->va + off,
								   AGX4_FWMODEL_READ,
								   &pa),
					    AGX4_FWMODEL_OK, "slot %u +%#llx",
					    w->slot, off);
			KUNIT_EXPECT_EQ_MSG(test, pa, want, "slot %u +%#llx",
					    w->slot, off);
			KUNIT_EXPECT_EQ_MSG(test,
					    agx4_fwmodel_translate(m, 0,
								   w->va + off,
								   AGX4_FWMODEL_WRITE,
								   &pa),
					    w->flags & 2 ? AGX4_FWMODEL_OK :
					    AGX4_FWMODEL_PERMISSION,
					    "slot %u +%#llx", w->slot, off);
		}
	}
	/* Nothing else in the table but the slots above. */
	for (i = 0; i < 53; i++) {
		unsigned int k;

		for (k = 0; k < ARRAY_SIZE(g16_wins); k++)
			if (g16_wins[k].slot == i)
				break;
		if (k == ARRAY_SIZE(g16_wins))
			KUNIT_EXPECT_TRUE_MSG(test,
					      !memchr_inv(hw->cpu + 0x640 +
							  0x28 * i, 0, 0x28),
					      "slot %u", i);
	}
}

/*
 * The windows' placement from the device-tree inputs: four memory
 * controllers make slot 3 four windows long and move what follows; no
 * memory controller, an SGX block too small for its windows or a range
 * too small for all of them is refused.
 */
/*
 * The opening finds the mapping-notification pages where the reference
 * places them (g16.rs open_control: the state page at 0xfffffc2181000000,
 * the ring at 0xfffffc2181008000), named in status B (+0x4f88, +0x4f90),
 * turned on (+0x4fd4 = 1) and writable by the firmware; the model faults
 * the opening on anything else.
 */
static void agx4_g16_open_notification_pages_at_the_reference_addresses(struct kunit *test)
{
	static const u64 at[2] = { 0xfffffc2181000000ull,
				   0xfffffc2181008000ull };
	struct agx4_device *adev = probe_g16(test);
	struct agx4_fwmodel *m = agx4_test_model();
	enum agx4_fwmodel_err e;
	struct agx4_fw_obj *st;
	u64 where = 0;
	phys_addr_t pa;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	st = boot_obj(test, adev->fw, "status");
	KUNIT_ASSERT_NOT_NULL(test, st);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(st->cpu + 0x4fd4), 1);
	for (i = 0; i < ARRAY_SIZE(at); i++) {
		KUNIT_EXPECT_EQ(test, get_unaligned_le64(st->cpu + 0x4f88 +
							 8 * i), at[i]);
		KUNIT_EXPECT_EQ(test, agx4_fwmodel_translate(m, 0, at[i],
							     AGX4_FWMODEL_WRITE,
							     &pa),
				AGX4_FWMODEL_OK);
	}
	agx4_fwmodel_sync(m);
	e = agx4_fwmodel_error(m, &where);
	KUNIT_EXPECT_EQ_MSG(test, e, AGX4_FWMODEL_OK, "model: %s at %#llx",
			    agx4_fwmodel_err_name(e), where);
}

/*
 * An object at a fixed address must lie wholly inside one of the
 * generation's fixed ranges: between them, across a range's end, or past
 * the last one it is refused with -EINVAL, and nothing is allocated.
 */
static void agx4_g16_fixed_object_outside_the_fixed_ranges_is_refused(struct kunit *test)
{
	static const struct { u64 va, size; } bad[] = {
		{ 0xfffffc2180000000ull, SZ_16K },	/* between the ranges */
		{ 0xfffffc20fffff000ull, SZ_16K },	/* across the first's end */
		{ 0xfffffc218100c000ull, SZ_32K },	/* across the second's */
		{ 0xfffffc2181010000ull, SZ_16K },	/* past the last */
	};
	struct agx4_device *adev = probe_g16(test);
	struct agx4_fw_obj *obj;
	unsigned int i, n;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	n = adev->fw->num_objs;
	KUNIT_ASSERT_LT(test, n, AGX4_FW_BOOT_MAX_OBJS);
	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		obj = agx4_fw_boot_alloc_at(adev->fw, "test", bad[i].va,
					    bad[i].size, AGX4_FW_OBJ_SHARED);
		KUNIT_EXPECT_EQ_MSG(test, PTR_ERR_OR_ZERO(obj), -EINVAL,
				    "%#llx + %#llx", bad[i].va, bad[i].size);
	}
	KUNIT_EXPECT_EQ(test, adev->fw->num_objs, n);
	/* The second range's free page past the ring is taken. */
	obj = agx4_fw_boot_alloc_at(adev->fw, "test", 0xfffffc218100c000ull,
				    SZ_16K, AGX4_FW_OBJ_SHARED);
	KUNIT_EXPECT_FALSE(test, IS_ERR(obj));
}

static void agx4_g16_windows_follow_the_device_tree(struct kunit *test)
{
	struct agx4_fw_regwin_in wins[AGX4_FW_G16_NUM_WINDOWS];
	struct agx4_platform *p = kunit_kzalloc(test, sizeof(*p), GFP_KERNEL);
	const u64 end = 0xfffffc2181000000ull;

	KUNIT_ASSERT_NOT_NULL(test, p);
	p->reg[AGX4_REG_SGX] = (struct agx4_range){ SGX, 0x4000000 };
	p->meta_swi_addr = 0x301014010ull;
	p->mcc_mask = 0xf;
	KUNIT_ASSERT_EQ(test, agx4_fw_g16_windows(p, WIN_BASE, end, wins), 0);
	KUNIT_EXPECT_EQ(test, wins[0].pa, 0x301014000ull);
	KUNIT_EXPECT_EQ(test, wins[1].slot, 3);
	KUNIT_EXPECT_EQ(test, wins[1].pa, 0x2201c4000ull);
	KUNIT_EXPECT_EQ(test, wins[1].size, 0x60000);
	KUNIT_EXPECT_EQ(test, wins[1].stride, 0x18000);
	KUNIT_EXPECT_EQ(test, wins[2].slot, 9);
	KUNIT_EXPECT_EQ(test, wins[2].fw_va, WIN_BASE + 0x6c000);
	KUNIT_EXPECT_EQ(test, wins[17].slot, 41);
	KUNIT_EXPECT_EQ(test, wins[17].fw_va, WIN_BASE + 0x13b800);

	/* The last window's guard page ends the range exactly: accepted. */
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_windows(p, WIN_BASE,
						  WIN_BASE + 0x144000, wins), 0);
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_windows(p, WIN_BASE,
						  WIN_BASE + 0x140000, wins),
			-ENOSPC);
	p->reg[AGX4_REG_SGX].size = 0x1000000;
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_windows(p, WIN_BASE, end, wins),
			-EINVAL);
	p->reg[AGX4_REG_SGX].size = 0x4000000;
	p->mcc_mask = 0;
	KUNIT_EXPECT_EQ(test, agx4_fw_g16_windows(p, WIN_BASE, end, wins),
			-EINVAL);
}

/*
 * The bootstrap barrier: channel 1's first message names a queue whose
 * ring holds two barrier items, one kick (priority 0, 3D) went out and
 * the firmware took the message and both items.
 */
static void agx4_g16_open_boot_sends_the_barrier(struct kunit *test)
{
	struct agx4_device *adev = probe_g16(test);
	struct agx4_fwmodel *m = agx4_test_model();
	struct agx4_fw_obj *hw, *queue, *ptrs;
	const u8 *msg, *q, *item;
	u64 ring, bar;
	unsigned int i;

	KUNIT_ASSERT_NOT_ERR_OR_NULL(test, adev);
	agx4_fwmodel_sync(m);
	hw = boot_obj(test, adev->fw, "hwdata");
	queue = boot_obj(test, adev->fw, "queue");
	ptrs = boot_obj(test, adev->fw, "pointers");
	KUNIT_ASSERT_TRUE(test, hw && queue && ptrs);
	/* Channel 1's ring: bundle + 0xba40 + 1 * 0x6000 + 3 * 0x1800. */
	msg = hw->cpu + 0x16240;
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(msg), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(msg + 8), queue->va);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(msg + 0x10), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(msg + 0x14), 0x01010002);
	/* The queue record: pointer block, ring, priority 0's row, UUID 1. */
	q = queue->cpu;
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(q), ptrs->va);
	KUNIT_EXPECT_EQ(test, get_unaligned_le64(q + 0x38),
			0xffffffffffff0000ull);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(q + 0x40), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(q + 0x48), 1);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(q + 0x50), 1);
	ring = get_unaligned_le64(q + 8);
	KUNIT_ASSERT_TRUE(test, ring >= queue->va &&
			  ring + 16 <= queue->va + queue->size);
	for (i = 0; i < 2; i++) {
		bar = get_unaligned_le64(queue->cpu + (ring - queue->va) +
					 i * 8);
		KUNIT_ASSERT_TRUE(test, bar >= queue->va &&
				  bar + 0x40 <= queue->va + queue->size);
		item = queue->cpu + (bar - queue->va);
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(item), 4);
		KUNIT_EXPECT_NE(test, get_unaligned_le64(item + 4), 0);
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(item + 0xc), 0);
		KUNIT_EXPECT_EQ(test, get_unaligned_le32(item + 0x18), 1);
	}
	/* Pointer block: firmware read index +0x30, capacity +0x50. */
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(ptrs->cpu + 0x30), 2);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(ptrs->cpu + 0x40), 2);
	KUNIT_EXPECT_EQ(test, get_unaligned_le32(ptrs->cpu + 0x50), 0x500);
	/* Channel 1's cursors: read, done (SGX+0xd64040/8), producer. */
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(adev, 0xd64040), 1);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(adev, 0xd64048), 1);
	KUNIT_EXPECT_EQ(test, agx4_device_read_sgx(adev, 0xd60020), 1);
	KUNIT_EXPECT_EQ(test, agx4_fwmodel_kicks(m, 1), 1);
	for (i = 0; i < 12; i++)
		if (i != 1)
			KUNIT_EXPECT_EQ_MSG(test, agx4_fwmodel_kicks(m, i), 0,
					    "channel %u", i);
}

static struct kunit_case agx4_g16_open_cases[] = {
	KUNIT_CASE(agx4_g16_open_flist_bytes),
	KUNIT_CASE(agx4_g16_open_list_names_every_operand_page),
	KUNIT_CASE(agx4_g16_open_compute_directory),
	KUNIT_CASE(agx4_g16_open_compute_support_bytes),
	KUNIT_CASE(agx4_g16_open_resume_records_bytes),
	KUNIT_CASE(agx4_g16_open_short_buffers_are_refused),
	KUNIT_CASE(agx4_g16_open_boot_maps_the_namespaces),
	KUNIT_CASE(agx4_g16_open_boot_sends_the_barrier),
	KUNIT_CASE(agx4_g16_open_boot_gives_every_register_window),
	KUNIT_CASE(agx4_g16_open_drain_hands_back_every_status_pair),
	KUNIT_CASE(agx4_g16_windows_follow_the_device_tree),
	KUNIT_CASE(agx4_g16_open_notification_pages_at_the_reference_addresses),
	KUNIT_CASE(agx4_g16_fixed_object_outside_the_fixed_ranges_is_refused),
	{ }
};

static struct kunit_suite agx4_g16_open_suite = {
	.name = "agx4_fw_g16_open",
	.test_cases = agx4_g16_open_cases,
};

kunit_test_suite(agx4_g16_open_suite);
