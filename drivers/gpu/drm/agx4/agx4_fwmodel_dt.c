// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The device-tree node of a GPU the firmware model plays: the good nodes
 * of the two SoCs, written from the device trees the boot loader writes
 * for them (as the public G16/G17P reference driver reads them).  The
 * KUnit suites start from them and break one property at a time; the
 * software backend (agx4_swdev) gives them to its virtual GPU.
 */

#include <linux/errno.h>
#include <linux/export.h>
#include <linux/string.h>
#include <linux/unaligned.h>

#include <kunit/visibility.h>

#include "agx4_fwmodel.h"
#include "agx4_fwmodel_dt.h"

/* The longest property written here: the t8140 performance states. */
#define DT_MAX_BYTES	(2 * AGX4_NUM_RAW_PSTATES * 4)

static int set_be32(struct agx4_fwmodel_dt *dt, const char *name,
		    const u32 *v, unsigned int n)
{
	u8 buf[DT_MAX_BYTES];
	unsigned int i;

	if (n * 4 > sizeof(buf))
		return -EOVERFLOW;
	for (i = 0; i < n; i++)
		put_unaligned_be32(v[i], buf + 4 * i);
	return dt->set(dt->ctx, name, buf, n * 4);
}

static int set_le32(struct agx4_fwmodel_dt *dt, const char *name,
		    const u32 *v, unsigned int n)
{
	u8 buf[DT_MAX_BYTES];
	unsigned int i;

	if (n * 4 > sizeof(buf))
		return -EOVERFLOW;
	for (i = 0; i < n; i++)
		put_unaligned_le32(v[i], buf + 4 * i);
	return dt->set(dt->ctx, name, buf, n * 4);
}

static int set_le64(struct agx4_fwmodel_dt *dt, const char *name, u64 v)
{
	u8 buf[8];

	put_unaligned_le64(v, buf);
	return dt->set(dt->ctx, name, buf, sizeof(buf));
}

static int set_str(struct agx4_fwmodel_dt *dt, const char *name,
		   const char *s)
{
	return dt->set(dt->ctx, name, s, strlen(s) + 1);
}

/* The t8140 performance table the loader gives, in MHz and mV. */
static const u32 t8140_freq_mhz[AGX4_NUM_PSTATES] = {
	0, 338, 492, 618, 796, 928, 1056, 1170, 1278, 1338, 1470 };
static const u32 t8140_core_mv[AGX4_NUM_PSTATES] = {
	125, 595, 615, 635, 685, 730, 780, 815, 865, 885, 955 };

static const char *const adt_mem_props[AGX4_MEM_COUNT][2] = {
	[AGX4_MEM_TTBS] = { "apple,sgx-gpu-region-base",
			    "apple,sgx-gpu-region-size" },
	[AGX4_MEM_PAGETABLES] = { "apple,sgx-gfx-shared-region-base",
				  "apple,sgx-gfx-shared-region-size" },
	[AGX4_MEM_L2] = { "apple,sgx-gfx-shared-l2-region-base",
			  "apple,sgx-gfx-shared-l2-region-size" },
	[AGX4_MEM_HANDOFF] = { "apple,sgx-gfx-handoff-base",
			       "apple,sgx-gfx-handoff-size" },
	[AGX4_MEM_FIRMWARE] = { "apple,sgx-gfx-data-base",
				"apple,sgx-gfx-data-size" },
	[AGX4_MEM_FIRMWARE1] = { "apple,sgx-gfx1-data-base",
				 "apple,sgx-gfx1-data-size" },
};

static int fill_t8132(struct agx4_fwmodel_dt *dt)
{
	static const char compat[] = "apple,agx-t8132";
	u32 v[AGX4_NUM_PSTATES];
	u8 swi[20];
	unsigned int i;
	int ret;

	dt->reg[AGX4_REG_ASC] = (struct agx4_range){ 0x302600000ull, 0x88000 };
	dt->reg[AGX4_REG_SGX] = (struct agx4_range){ AGX4_FWMODEL_T8132_SGX,
						      0x4000000 };
	dt->mbox_count = 1;

	ret = dt->set(dt->ctx, "compatible", compat, sizeof(compat)) ?:
	      set_str(dt, "apple,firmware-build", "mBoot-18000.161.10") ?:
	      set_be32(dt, "apple,m4-freq-a", t8140_freq_mhz,
		       AGX4_NUM_PSTATES) ?:
	      set_be32(dt, "apple,m4-freq-b", t8140_freq_mhz,
		       AGX4_NUM_PSTATES) ?:
	      set_be32(dt, "apple,m4-core-voltage", t8140_core_mv,
		       AGX4_NUM_PSTATES) ?:
	      set_be32(dt, "apple,m4-memory-voltage", t8140_core_mv,
		       AGX4_NUM_PSTATES);
	if (ret)
		return ret;
	for (i = 0; i < AGX4_NUM_PSTATES; i++)
		v[i] = i;
	ret = set_be32(dt, "apple,m4-index-a", v, AGX4_NUM_PSTATES) ?:
	      set_be32(dt, "apple,m4-index-b", v, AGX4_NUM_PSTATES);
	if (ret)
		return ret;
	for (i = 0; i < AGX4_NUM_PSTATES; i++)
		v[i] = i * 10;
	ret = set_be32(dt, "apple,m4-relative-a", v, AGX4_NUM_PSTATES) ?:
	      set_be32(dt, "apple,m4-relative-b", v, AGX4_NUM_PSTATES);
	if (ret)
		return ret;
	v[0] = 0x11;
	v[1] = 0x3ff;
	v[2] = 22000;
	v[3] = 8;
	/* The doorbell address in bytes 0..7, then bytes of no meaning. */
	for (i = 0; i < sizeof(swi); i++)
		swi[i] = i;
	put_unaligned_le64(AGX4_FWMODEL_T8132_META_SWI, swi);
	return set_be32(dt, "apple,chip-revision", &v[0], 1) ?:
	       set_be32(dt, "apple,m4-core-mask", &v[1], 1) ?:
	       set_be32(dt, "apple,m4-max-power-mw", &v[2], 1) ?:
	       set_le32(dt, "apple,sgx-gpu-power-sample-period", &v[3], 1) ?:
	       dt->set(dt->ctx, "apple,sgx-meta-sw-interrupt", swi,
		       sizeof(swi));
}

static int fill_t8140(struct agx4_fwmodel_dt *dt)
{
	static const char compat[] = "apple,agx-t8140\0apple,agx-g17p";
	static const char names[] = "primary\0secondary";
	u32 v[2 * AGX4_NUM_RAW_PSTATES];
	unsigned int i;
	int ret;

	dt->reg[AGX4_REG_SGX] = (struct agx4_range){ AGX4_FWMODEL_T8140_SGX,
						      0x4000000 };
	dt->reg[AGX4_REG_ASC] = (struct agx4_range){ 0x482600000ull, 0x88000 };
	dt->reg[AGX4_REG_ASC1] = (struct agx4_range){ 0x482e00000ull, 0x88000 };
	dt->reg[AGX4_REG_SGX_AUX] = (struct agx4_range){ 0x480d00000ull,
							  0x12c000 };
	dt->mbox_count = 2;

	v[0] = 1;
	ret = dt->set(dt->ctx, "compatible", compat, sizeof(compat)) ?:
	      set_str(dt, "apple,firmware-build", "mBoot-18000.161.9") ?:
	      set_be32(dt, "apple,neo-boot-abi", v, 1) ?:
	      dt->set(dt->ctx, "mbox-names", names, sizeof(names));
	for (i = 0; i < AGX4_MEM_COUNT && !ret; i++)
		ret = set_le64(dt, adt_mem_props[i][0], dt->mem[i].start) ?:
		      set_le64(dt, adt_mem_props[i][1], dt->mem[i].size);
	if (ret)
		return ret;

	v[0] = AGX4_NUM_RAW_PSTATES;
	v[1] = 1;
	ret = set_le32(dt, "apple,sgx-perf-state-count", &v[0], 1) ?:
	      set_le32(dt, "apple,sgx-perf-state-table-count", &v[1], 1);
	if (ret)
		return ret;
	for (i = 0; i < AGX4_NUM_RAW_PSTATES; i++) {
		v[2 * i] = 100000000 * (i + 1);
		v[2 * i + 1] = 600 + 20 * i;
	}
	return set_le32(dt, "apple,sgx-perf-states", v,
			2 * AGX4_NUM_RAW_PSTATES) ?:
	       set_le32(dt, "apple,sgx-perf-states-sram", v,
			2 * AGX4_NUM_RAW_PSTATES);
}

/**
 * agx4_fwmodel_dt_fill() - write the good GPU node of a SoC
 * @dt: where; its @mem must hold the reserved memory the node names.
 * @soc: which SoC's node.
 *
 * The register windows are the SoCs' addresses (nothing in a model
 * dereferences them); the firmware builds are the ones agx4 supports.
 *
 * Return: 0, or the first error of @dt->set.
 */
int agx4_fwmodel_dt_fill(struct agx4_fwmodel_dt *dt, enum agx4_soc_id soc)
{
	static const __be64 private_vm[2] = {
		cpu_to_be64(0xfffffc0000000000ull),
		cpu_to_be64(0x2000000000ull),
	};
	int ret;

	memset(dt->reg, 0, sizeof(dt->reg));
	ret = dt->set(dt->ctx, "apple,rtkit-private-vm-region", private_vm,
		      sizeof(private_vm));
	if (ret)
		return ret;
	return soc == AGX4_SOC_T8132 ? fill_t8132(dt) : fill_t8140(dt);
}
EXPORT_SYMBOL_IF_KUNIT(agx4_fwmodel_dt_fill);
