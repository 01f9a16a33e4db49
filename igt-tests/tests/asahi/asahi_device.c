// SPDX-License-Identifier: MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "asahi_drm.h"
#include "igt.h"
#include "igt_asahi.h"
#include "igt_asahi_uapi.h"

IGT_TEST_DESCRIPTION("The asahi device as Mesa opens it: name, capabilities, "
		     "GET_PARAMS and GET_TIME beyond the basic queries.");

#define PARAMS_SIZE	sizeof(struct drm_asahi_params_global)

static void print_params(const struct drm_asahi_params_global *p)
{
	uint32_t i;

	igt_info("features %#llx\n", (unsigned long long)p->features);
	igt_info("gpu_generation %u variant '%c' revision %#x chip_id %#x\n",
		 p->gpu_generation, p->gpu_variant, p->gpu_revision,
		 p->chip_id);
	igt_info("num_dies %u num_clusters_total %u num_cores_per_cluster %u\n",
		 p->num_dies, p->num_clusters_total, p->num_cores_per_cluster);
	igt_info("max_frequency_khz %u\n", p->max_frequency_khz);
	for (i = 0; i < p->num_clusters_total && i < DRM_ASAHI_MAX_CLUSTERS; i++)
		igt_info("core_masks[%u] %#llx\n", i,
			 (unsigned long long)p->core_masks[i]);
	igt_info("vm [%#llx, %#llx) vm_kernel_min_size %#llx\n",
		 (unsigned long long)p->vm_start, (unsigned long long)p->vm_end,
		 (unsigned long long)p->vm_kernel_min_size);
	igt_info("max_commands_per_submission %u max_attachments %u\n",
		 p->max_commands_per_submission, p->max_attachments);
	igt_info("command_timestamp_frequency_hz %llu\n",
		 (unsigned long long)p->command_timestamp_frequency_hz);
}

static int get_params_raw(int fd, struct drm_asahi_get_params *gp)
{
	return igt_ioctl(fd, DRM_IOCTL_ASAHI_GET_PARAMS, gp) ? -errno : 0;
}

static uint64_t get_time(int fd)
{
	struct drm_asahi_get_time t = {};

	igt_asahi_get_time(fd, &t, 0);
	return t.gpu_timestamp;
}

static uint64_t monotonic_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}

int igt_main()
{
	struct drm_asahi_params_global p = {};
	int fd = -1;

	igt_fixture() {
		fd = drm_open_driver_render(DRIVER_ASAHI);
		igt_asahi_get_params(fd, 0, &p, sizeof(p), 0);
	}

	igt_describe("The DRM driver's name is asahi, the name Mesa's loader "
		     "looks for.");
	igt_subtest("driver-name-is-asahi") {
		drmVersionPtr v = drmGetVersion(fd);

		igt_assert(v);
		igt_info("driver %s %d.%d.%d (%s)\n", v->name,
			 v->version_major, v->version_minor,
			 v->version_patchlevel, v->desc);
		igt_assert_eq(strcmp(v->name, "asahi"), 0);
		drmFreeVersion(v);
	}

	igt_describe("The device offers binary and timeline syncobjs and PRIME "
		     "import and export, which Mesa's Vulkan driver needs.");
	igt_subtest("caps-syncobj-timeline-prime") {
		uint64_t v = 0;

		igt_assert_eq(drmGetCap(fd, DRM_CAP_SYNCOBJ, &v), 0);
		igt_assert_eq_u64(v, 1);
		igt_assert_eq(drmGetCap(fd, DRM_CAP_SYNCOBJ_TIMELINE, &v), 0);
		igt_assert_eq_u64(v, 1);
		igt_assert_eq(drmGetCap(fd, DRM_CAP_PRIME, &v), 0);
		igt_assert_eq_u64(v & (DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT),
				  DRM_PRIME_CAP_IMPORT | DRM_PRIME_CAP_EXPORT);
	}

	igt_describe("Every global parameter holds what the Mesa fork asserts "
		     "or relies on: a known generation and variant, clusters "
		     "matching the core masks, a VA window holding the 4 GiB "
		     "USC heap at 2^40, timestamps in nanoseconds, no "
		     "feature bit but soft faults and the fork's fragment "
		     "barrier.");
	igt_subtest("params-values") {
		uint32_t i;

		print_params(&p);
		igt_assert_lte(16, p.gpu_generation);
		/* G (base), S (Pro), C (Max), D (Ultra); P for the A18 Pro's G17P. */
		igt_assert(p.gpu_variant && strchr("GSCDP", (char)p.gpu_variant));
		igt_assert_neq(p.chip_id, 0);
		igt_assert_lte(1, p.num_dies);
		igt_assert_lte(1, p.num_clusters_total);
		igt_assert_lte(p.num_clusters_total, DRM_ASAHI_MAX_CLUSTERS);
		igt_assert_lte(1, p.num_cores_per_cluster);
		igt_assert_lte(p.num_cores_per_cluster, 64);
		for (i = 0; i < DRM_ASAHI_MAX_CLUSTERS; i++) {
			if (i < p.num_clusters_total)
				igt_assert_neq_u64(p.core_masks[i], 0);
			else
				igt_assert_eq_u64(p.core_masks[i], 0);
		}
		igt_assert_neq(p.max_frequency_khz, 0);
		igt_assert_eq_u64(p.vm_start % ASAHI_PAGE_SIZE, 0);
		igt_assert_eq_u64(p.vm_end % ASAHI_PAGE_SIZE, 0);
		igt_assert_lte_u64(p.vm_start, 1ull << 32);
		igt_assert_lt_u64(ASAHI_USC_BASE + ASAHI_USC_SIZE, p.vm_end);
		igt_assert_lte_u64(64ull << 20, p.vm_kernel_min_size);
		igt_assert_eq_u64(p.vm_kernel_min_size % ASAHI_PAGE_SIZE, 0);
		igt_assert_lte(1, p.max_commands_per_submission);
		igt_assert_lte(p.max_commands_per_submission, 64);
		igt_assert_lte(1, p.max_attachments);
		igt_assert_eq_u64(p.command_timestamp_frequency_hz, 1000000000ull);
		igt_assert_eq_u64(p.features &
				  ~(uint64_t)(DRM_ASAHI_FEATURE_SOFT_FAULTS |
					      ASAHI_FEATURE_FORK_FRAGMENT_BARRIER),
				  0);
	}

	igt_describe("GET_PARAMS refuses a non-zero pad with EINVAL.");
	igt_subtest("params-pad") {
		struct drm_asahi_params_global out = {};
		struct drm_asahi_get_params gp = {
			.pad = 1,
			.pointer = to_user_pointer(&out),
			.size = sizeof(out),
		};

		igt_assert_eq(get_params_raw(fd, &gp), -EINVAL);
		gp.pad = ~0u;
		igt_assert_eq(get_params_raw(fd, &gp), -EINVAL);
	}

	igt_describe("GET_PARAMS with group 0x80000000 fails with EINVAL.");
	igt_subtest("params-group-high-bit") {
		struct drm_asahi_params_global out = {};

		igt_asahi_get_params(fd, 0x80000000u, &out, sizeof(out), EINVAL);
	}

	igt_describe("GET_PARAMS into a NULL pointer fails with EFAULT.");
	igt_subtest("params-null-pointer") {
		struct drm_asahi_get_params gp = { .size = PARAMS_SIZE };

		igt_assert_eq(get_params_raw(fd, &gp), -EFAULT);
	}

	igt_describe("GET_PARAMS with size 0 succeeds and writes nothing.");
	igt_subtest("params-size-0-writes-nothing") {
		uint8_t buf[PARAMS_SIZE];
		uint32_t i;

		memset(buf, 0xa5, sizeof(buf));
		igt_asahi_get_params(fd, 0, buf, 0, 0);
		for (i = 0; i < sizeof(buf); i++)
			igt_assert_eq(buf[i], 0xa5);
	}

	igt_describe("An older userspace's shorter buffer gets the prefix of "
		     "the parameters and nothing past its size.");
	igt_subtest("params-short-size-writes-prefix") {
		uint8_t buf[PARAMS_SIZE];
		uint32_t i;

		memset(buf, 0xa5, sizeof(buf));
		igt_asahi_get_params(fd, 0, buf, 12, 0);
		igt_assert_eq(memcmp(buf, &p, 12), 0);
		for (i = 12; i < sizeof(buf); i++)
			igt_assert_eq(buf[i], 0xa5);
	}

	igt_describe("A newer userspace's longer buffer gets the 592 bytes of "
		     "the parameters and keeps what it had beyond them.");
	igt_subtest("params-long-size-writes-592-bytes") {
		uint8_t buf[1024];
		uint32_t i;

		igt_assert_eq(PARAMS_SIZE, 592);
		memset(buf, 0xa5, sizeof(buf));
		igt_asahi_get_params(fd, 0, buf, sizeof(buf), 0);
		igt_assert_eq(memcmp(buf, &p, PARAMS_SIZE), 0);
		for (i = PARAMS_SIZE; i < sizeof(buf); i++)
			igt_assert_eq(buf[i], 0xa5);
	}

	igt_describe("GET_TIME never goes backwards over many reads.");
	igt_subtest("time-monotonic") {
		uint64_t last = get_time(fd), now;
		int i;

		igt_assert_neq_u64(last, 0);
		for (i = 0; i < 1000; i++) {
			now = get_time(fd);
			igt_assert_lte_u64(last, now);
			last = now;
		}
	}

	igt_describe("GET_TIME counts nanoseconds: over a 100 ms sleep it "
		     "advances by 100 ms, within what the CPU clock around "
		     "the two reads measured.");
	igt_subtest("time-counts-nanoseconds") {
		uint64_t c0, c1, g0, g1;

		c0 = monotonic_ns();
		g0 = get_time(fd);
		usleep(100000);
		g1 = get_time(fd);
		c1 = monotonic_ns();
		igt_info("GPU %llu ns, CPU %llu ns\n",
			 (unsigned long long)(g1 - g0),
			 (unsigned long long)(c1 - c0));
		igt_assert_lte_u64(100000000ull * 95 / 100, g1 - g0);
		igt_assert_lte_u64(g1 - g0, (c1 - c0) * 105 / 100 + 1000000);
	}

	igt_describe("GET_TIME refuses the top flag bit with EINVAL.");
	igt_subtest("time-flags-high-bit") {
		struct drm_asahi_get_time t = { .flags = 1ull << 63 };

		igt_asahi_get_time(fd, &t, EINVAL);
	}

	igt_describe("An ioctl number past SUBMIT is refused with EINVAL.");
	igt_subtest("ioctl-past-last-id") {
		uint8_t arg[64] = {};

		igt_assert_eq(igt_ioctl(fd, DRM_IOWR(DRM_COMMAND_BASE +
						     DRM_ASAHI_SUBMIT + 1,
						     struct drm_asahi_get_time),
					arg), -1);
		igt_assert_eq(errno, EINVAL);
	}

	igt_describe("On agx4's software backend, the model the platform "
		     "device is named after is the GPU GET_PARAMS describes "
		     "(g16: G16 of the t8132, g17p: G17 of the t8140).");
	igt_subtest("model-matches-params") {
		char gen[16];

		igt_require_f(igt_asahi_is_model(fd, gen, sizeof(gen)),
			      "not agx4's firmware model\n");
		igt_info("model %s: generation %u chip %#x\n", gen,
			 p.gpu_generation, p.chip_id);
		if (!strcmp(gen, "g16")) {
			igt_assert_eq(p.gpu_generation, 16);
			igt_assert_eq(p.gpu_variant, 'G');
			igt_assert_eq(p.chip_id, 0x8132);
		} else {
			igt_assert_eq(strcmp(gen, "g17p"), 0);
			igt_assert_eq(p.gpu_generation, 17);
			igt_assert_eq(p.gpu_variant, 'P');
			igt_assert_eq(p.chip_id, 0x8140);
		}
	}

	igt_describe("A second file opens and reads the same parameters.");
	igt_subtest("second-file-same-params") {
		struct drm_asahi_params_global q = {};
		int fd2 = drm_open_driver_render(DRIVER_ASAHI);

		igt_asahi_get_params(fd2, 0, &q, sizeof(q), 0);
		igt_assert_eq(memcmp(&p, &q, sizeof(p)), 0);
		drm_close_driver(fd2);
	}

	igt_fixture() {
		drm_close_driver(fd);
	}
}
