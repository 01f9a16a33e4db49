/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_TEST_UTIL_H
#define AGX4_TEST_UTIL_H

#include "../agx4_fwmodel.h"
#include "../agx4_of.h"
#include "../agx4_uat.h"

struct agx4_device;
struct agx4_fw_gen;
struct device;
struct kunit;

/*
 * Page-table shapes of the UAT (m1n1, the reference drivers):
 * G16/G17P 64 root entries and 42 bits, G13/G14 8 entries and 39 bits.
 */
extern const struct agx4_uat_geom agx4_test_g16_geom;
extern const struct agx4_uat_geom agx4_test_g13_geom;

/**
 * struct agx4_test_regs - the GPU registers a fake GPU answers with
 * @id: SGX+0xd04000, the GPU ID.
 * @counts: SGX+0xd04010, dies/clusters/cores (t8140).
 * @core_mask: SGX+0xe01500, enabled cores (t8140).
 */
struct agx4_test_regs {
	u32 id;
	u32 counts;
	u32 core_mask;
};

struct device *agx4_test_dma_device(struct kunit *test, const char *name);
struct agx4_test_regs *agx4_test_fake_gpu(struct kunit *test,
					  enum agx4_soc_id soc);
struct agx4_device *agx4_test_drm_device(struct kunit *test, const char *name);
void agx4_test_fake_memory(struct kunit *test);
void agx4_test_device_memory(struct kunit *test, struct agx4_device *adev,
			     const struct agx4_fw_gen *gen);
struct agx4_fwmodel *agx4_test_model(void);
void agx4_test_arm_model(enum agx4_fwmodel_fault fault, u32 arg,
			 unsigned int timeout_ms);

#endif /* AGX4_TEST_UTIL_H */
