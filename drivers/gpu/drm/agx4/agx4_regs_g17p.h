/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_REGS_G17P_H
#define AGX4_REGS_G17P_H

#include <linux/bits.h>

/* Fields of %AGX4_SGX_GPU_ID on G17P. */
#define G17P_ID_FAMILY			GENMASK(31, 24)	/* must be 10 */
#define G17P_ID_ZERO			GENMASK(23, 16)	/* must be 0 */
#define G17P_ID_REVISION		GENMASK(15, 8)
/* The topology register: dies, clusters a die, cores a cluster. */
#define G17P_SGX_COUNTS			0xd04010
#define G17P_COUNT_DIES			GENMASK(19, 16)
#define G17P_COUNT_CLUSTERS		GENMASK(15, 8)
#define G17P_COUNT_CORES		GENMASK(7, 0)
/* Enabled cores of cluster 0. */
#define G17P_SGX_CORE_MASK		0xe01500

/*
 * GPU registers and values only G17P's register programs write (agx4_regs.h
 * has the registers both generations write).
 */
#define G17P_CR_CDM_OPSTATE_4			0x0a5c1
#define G17P_CR_CDM_OPSTATE_5			0x0a5c9
#define G17P_CR_CDM_USC_BASE			0x10071
#define G17P_CR_CDM_OPSTATE_3			0x10091
#define G17P_CR_CDM_OPSTATE_2			0x10099
#define G17P_CR_CDM_CTX_ORDINAL			0x10201
#define G17P_CR_CDM_OPSTATE_0			0x10229
#define G17P_CR_CDM_CTX_ORDINAL_B		0x10428
#define G17P_CR_CDM_HELPER_BINARY		0x11841
#define G17P_CR_CDM_HELPER_DATA			0x11849
#define G17P_CR_CDM_HELPER_CFG			0x11f81
#define G17P_CR_CDM_GATE			0x14028
#define G17P_CR_CDM_ROBUSTNESS			0x14070
#define G17P_CR_CDM_OPSTATE_1			0x140a8

/* Values the reference writes (H); GAP: their meaning. */
#define G17P_CR_0A599_VALUE			0x13200400020ull
#define G17P_CR_0A599_VALUE2			0x6000400020ull
#define G17P_CR_CDM_CONTROL_VALUE		0x154024209ull
#define G17P_CR_1A458_VALUE			0x10c08860
#define G17P_CR_FRAG_TILE_STATE_VALUE		0x40000

#endif /* AGX4_REGS_G17P_H */
