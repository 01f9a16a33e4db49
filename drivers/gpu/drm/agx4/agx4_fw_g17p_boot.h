/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G17P boot (agx4_fw_g17p_boot.c), for the G17P descriptor.
 */
#ifndef AGX4_FW_G17P_BOOT_H
#define AGX4_FW_G17P_BOOT_H

struct agx4_fw_boot;

int agx4_fw_g17p_boot(struct agx4_fw_boot *b);

#endif /* AGX4_FW_G17P_BOOT_H */
