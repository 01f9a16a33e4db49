/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G16 generation (agx4_fw_g16.c).
 */
#ifndef AGX4_FW_G16_H
#define AGX4_FW_G16_H

/* The backend builds compute work with agx4_fw_g16_build_compute(). */
#include "agx4_fw_g16_work.h"

struct agx4_fw_gen;
struct agx4_fw_submit_ops;

extern const struct agx4_fw_gen agx4_fw_g16;

/* The submission backend (agx4_g16_submit.c), which the descriptor names. */
extern const struct agx4_fw_submit_ops agx4_fw_g16_submit_ops;

#endif /* AGX4_FW_G16_H */
