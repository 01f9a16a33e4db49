/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_TEST_DT_H
#define AGX4_TEST_DT_H

#include <linux/types.h>

#include "../agx4_of.h"

struct kunit;

/* Properties a fake node can hold, and the bytes they may take. */
#define AGX4_TEST_DT_MAX_PROPS	64
#define AGX4_TEST_DT_MAX_BYTES	256

/**
 * struct agx4_test_prop - one property of a fake node
 * @name: its name.
 * @len: its length in bytes.
 * @val: its bytes.
 */
struct agx4_test_prop {
	const char *name;
	int len;
	u8 val[AGX4_TEST_DT_MAX_BYTES];
};

/**
 * struct agx4_test_dt - a fake GPU device-tree node, the KUnit side of
 * &struct agx4_dt_source_ops
 * @props: its properties.
 * @nprops: entries used in @props.
 * @reg: the ``reg`` entries, by window; size 0 means absent.
 * @reg_err: an errno the source returns for a window instead.
 * @mem: the ``memory-region`` entries, by region; all zero means absent
 *	unless @mem_listed.
 * @mem_listed: regions listed even when all zero in @mem: an empty
 *	reservation at address 0.
 * @mbox_count: entries in ``mboxes``.
 * @src: the source to hand to agx4_of_parse().
 */
struct agx4_test_dt {
	struct agx4_test_prop props[AGX4_TEST_DT_MAX_PROPS];
	unsigned int nprops;
	struct agx4_range reg[AGX4_REG_COUNT];
	int reg_err[AGX4_REG_COUNT];
	struct agx4_range mem[AGX4_MEM_COUNT];
	bool mem_listed[AGX4_MEM_COUNT];
	int mbox_count;
	struct agx4_dt_source src;
};

struct agx4_test_dt *agx4_test_dt_alloc(struct kunit *test,
					enum agx4_soc_id soc);
void agx4_test_dt_set(struct kunit *test, struct agx4_test_dt *dt,
		      const char *name, const void *val, int len);
void agx4_test_dt_set_be32(struct kunit *test, struct agx4_test_dt *dt,
			   const char *name, const u32 *vals, unsigned int n);
void agx4_test_dt_set_le32(struct kunit *test, struct agx4_test_dt *dt,
			   const char *name, const u32 *vals, unsigned int n);
void agx4_test_dt_set_str(struct kunit *test, struct agx4_test_dt *dt,
			  const char *name, const char *s);
void agx4_test_dt_del(struct agx4_test_dt *dt, const char *name);
struct agx4_test_prop *agx4_test_dt_find(struct agx4_test_dt *dt,
					 const char *name);

#endif /* AGX4_TEST_DT_H */
