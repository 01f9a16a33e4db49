// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * KUnit suite "agx4_uat_bench" (slow cases, run by "make bench"): agx4's
 * page tables against the kernel's io-pgtable-arm (LPAE stage 1, 16 KiB
 * granule) doing the same work in the same run.  Every figure is printed
 * as "agx4-bench: <metric> = <value>"; ratios below 1.0 mean agx4 is
 * faster or smaller.  Nothing here asserts a time.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/dma-mapping.h>
#include <linux/io-pgtable.h>
#include <linux/iommu.h>
#include <linux/ktime.h>
#include <linux/sizes.h>

#include "../agx4_uat.h"
#include "agx4_test_util.h"

#define PG	AGX4_UAT_PAGE_SIZE
#define RUNS	3

static const struct agx4_uat_prot bench_prot = {
	.access = AGX4_UAT_GPU, .perm = AGX4_UAT_RW,
	.memtype = AGX4_UAT_UNCACHED,
};

/* Both sides pay for a TLB invalidation per operation; neither has a TLB. */
static void noop_flush_all(void *cookie)
{
}

static void noop_flush_walk(unsigned long iova, size_t size, size_t granule,
			    void *cookie)
{
}

static const struct iommu_flush_ops noop_flush_ops = {
	.tlb_flush_all = noop_flush_all,
	.tlb_flush_walk = noop_flush_walk,
};

struct figures {
	u64 map_ns;
	u64 unmap_ns;
	unsigned long tables;
};

/* agx4: one batch to map the range, one to unmap it. */
static void run_agx4(struct kunit *test, struct device *dev, u64 va,
		     u64 size, struct figures *f)
{
	struct agx4_uat *uat = kunit_kzalloc(test, sizeof(*uat), GFP_KERNEL);
	struct agx4_uat_op op;
	ktime_t t0;

	KUNIT_ASSERT_NOT_NULL(test, uat);
	KUNIT_ASSERT_EQ(test, agx4_uat_init(uat, dev, &agx4_test_g16_geom, false), 0);
	uat->asid = 1;
	mutex_lock(&uat->lock);

	t0 = ktime_get();
	agx4_uat_op_begin(uat, &op);
	KUNIT_ASSERT_EQ(test, agx4_uat_op_reserve(&op, va, size), 0);
	agx4_uat_op_map(&op, va, 0x100000000ull, size, &bench_prot);
	agx4_uat_op_end(&op);
	f->map_ns = ktime_to_ns(ktime_sub(ktime_get(), t0));
	f->tables = uat->tables;

	t0 = ktime_get();
	agx4_uat_op_begin(uat, &op);
	agx4_uat_op_unmap(&op, va, size);
	agx4_uat_op_end(&op);
	f->unmap_ns = ktime_to_ns(ktime_sub(ktime_get(), t0));

	mutex_unlock(&uat->lock);
	KUNIT_EXPECT_EQ(test, uat->tables, 1);
	agx4_uat_fini(uat);
	kfree(uat);
}

/* io-pgtable-arm: map_pages/unmap_pages until the range is done. */
static void run_io_pgtable(struct kunit *test, struct device *dev, u64 va,
			   u64 size, struct figures *f)
{
	struct io_pgtable_cfg cfg = {
		.pgsize_bitmap = SZ_16K,
		.ias = 42,
		.oas = 42,
		.coherent_walk = true,
		.tlb = &noop_flush_ops,
		.iommu_dev = dev,
	};
	struct io_pgtable_ops *ops;
	u64 done, pa = 0x100000000ull;
	ktime_t t0;

	ops = alloc_io_pgtable_ops(ARM_64_LPAE_S1, &cfg, NULL);
	KUNIT_ASSERT_NOT_NULL(test, ops);

	t0 = ktime_get();
	for (done = 0; done < size;) {
		size_t mapped = 0;
		int ret = ops->map_pages(ops, va + done, pa + done, PG,
					 (size - done) / PG,
					 IOMMU_READ | IOMMU_WRITE, GFP_KERNEL,
					 &mapped);

		KUNIT_ASSERT_EQ(test, ret, 0);
		KUNIT_ASSERT_NE(test, mapped, 0);
		done += mapped;
	}
	f->map_ns = ktime_to_ns(ktime_sub(ktime_get(), t0));

	t0 = ktime_get();
	for (done = 0; done < size;) {
		size_t n = ops->unmap_pages(ops, va + done, PG,
					    (size - done) / PG, NULL);

		KUNIT_ASSERT_NE(test, n, 0);
		done += n;
	}
	f->unmap_ns = ktime_to_ns(ktime_sub(ktime_get(), t0));
	free_io_pgtable_ops(ops);
}

/* The fewest 16 KiB tables that can map @size bytes in one place. */
static unsigned long min_tables(u64 size)
{
	unsigned long leaf = DIV_ROUND_UP(size / PG, 2048);
	unsigned long mid = DIV_ROUND_UP(leaf, 2048);

	return leaf + mid + 1;
}

static void bench_size(struct kunit *test, u64 size, const char *tag,
		       const char *ratio_suffix, bool report_memory)
{
	struct device *dev = agx4_test_dma_device(test, "agx4_uat_bench");
	const u64 va = 0x10000000000ull;
	struct figures a, b, best_a = { U64_MAX, U64_MAX }, best_b = best_a;
	unsigned int run;
	u64 pages = size / PG;

	for (run = 0; run < RUNS; run++) {
		run_io_pgtable(test, dev, va, size, &b);
		run_agx4(test, dev, va, size, &a);
		best_a.map_ns = min(best_a.map_ns, a.map_ns);
		best_a.unmap_ns = min(best_a.unmap_ns, a.unmap_ns);
		best_b.map_ns = min(best_b.map_ns, b.map_ns);
		best_b.unmap_ns = min(best_b.unmap_ns, b.unmap_ns);
		best_a.tables = a.tables;
	}

	kunit_info(test, "agx4-bench: uat_map_ns_per_page_%s = %llu.%02llu ns\n",
		   tag, best_a.map_ns / pages, best_a.map_ns * 100 / pages % 100);
	kunit_info(test, "agx4-bench: io_pgtable_map_ns_per_page_%s = %llu.%02llu ns\n",
		   tag, best_b.map_ns / pages, best_b.map_ns * 100 / pages % 100);
	kunit_info(test, "agx4-bench: uat_unmap_ns_per_page_%s = %llu.%02llu ns\n",
		   tag, best_a.unmap_ns / pages,
		   best_a.unmap_ns * 100 / pages % 100);
	kunit_info(test, "agx4-bench: io_pgtable_unmap_ns_per_page_%s = %llu.%02llu ns\n",
		   tag, best_b.unmap_ns / pages,
		   best_b.unmap_ns * 100 / pages % 100);
	kunit_info(test, "agx4-bench: uat_map_ns_per_page_ratio_vs_io_pgtable%s = %llu.%03llu\n",
		   ratio_suffix, best_a.map_ns / best_b.map_ns,
		   best_a.map_ns * 1000 / best_b.map_ns % 1000);
	kunit_info(test, "agx4-bench: uat_unmap_ns_per_page_ratio_vs_io_pgtable%s = %llu.%03llu\n",
		   ratio_suffix, best_a.unmap_ns / best_b.unmap_ns,
		   best_a.unmap_ns * 1000 / best_b.unmap_ns % 1000);

	KUNIT_EXPECT_EQ(test, best_a.tables, min_tables(size));
	if (report_memory) {
		/* Table pages plus agx4's per-table bookkeeping. */
		u64 bytes = best_a.tables * (PG + agx4_uat_table_overhead());
		u64 minimum = min_tables(size) * PG;

		kunit_info(test, "agx4-bench: uat_table_bytes_per_gib = %llu B\n",
			   bytes);
		kunit_info(test, "agx4-bench: uat_table_bytes_per_gib_over_minimum = %llu.%04llu\n",
			   bytes / minimum, bytes * 10000 / minimum % 10000);
	}
}

static void agx4_uat_bench_1gib(struct kunit *test)
{
	bench_size(test, SZ_1G, "1gib", "", true);
}

static void agx4_uat_bench_8gib(struct kunit *test)
{
	bench_size(test, 8ull * SZ_1G, "8gib", "_8gib", false);
}

static struct kunit_case agx4_uat_bench_cases[] = {
	KUNIT_CASE_SLOW(agx4_uat_bench_1gib),
	KUNIT_CASE_SLOW(agx4_uat_bench_8gib),
	{ }
};

static struct kunit_suite agx4_uat_bench_suite = {
	.name = "agx4_uat_bench",
	.test_cases = agx4_uat_bench_cases,
};

kunit_test_suite(agx4_uat_bench_suite);
