/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * The G17P generation (agx4_fw_g17p.c).  Until the G17P submission
 * backend (agx4_fw_g17p_queue.c) has headers of its own, its descriptor
 * is declared here too.
 */
#ifndef AGX4_FW_G17P_H
#define AGX4_FW_G17P_H

#include "agx4_fw_build.h"
#include "agx4_fw_work.h"

struct agx4_fw_gen;
struct agx4_fw_submit_ops;

extern const struct agx4_fw_gen agx4_fw_g17p;

/* The submission backend (agx4_g17p_submit.c). */
extern const struct agx4_fw_submit_ops agx4_fw_g17p_submit;

#endif /* AGX4_FW_G17P_H */
