/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_REGS_G16_H
#define AGX4_REGS_G16_H

/*
 * What only G16's register programs write (agx4_regs.h has the registers
 * both generations write).
 */
/* Values the reference writes (H); GAP: their meaning. */
#define G16_CR_0A599_VALUE			0x20000400020ull
#define G16_CR_1A458_VALUE			0x10c08ae0

/*
 * The GPU's fault registers, 64 bits each, which the reference prints
 * when a job times out (M: one source): status/information, then the
 * faulting address.
 */
#define G16_SGX_FAULT_STATUS			0xd8c0
#define G16_SGX_FAULT_ADDR			0xd8c8

#endif /* AGX4_REGS_G16_H */
