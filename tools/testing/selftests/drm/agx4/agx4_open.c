// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * Opening the device as Mesa does, and the two queries: the DRM name
 * and capabilities, GET_PARAMS (the values the Mesa fork for G16/G17P
 * reads at open and asserts on), GET_TIME; every bad input refused with
 * its errno.
 */

#include "agx4_uapi.h"

/* Expected identity per generation: the SoCs' numbers. */
struct gen_id {
	const char *gen;
	uint32_t generation;
	uint32_t variant;
	uint32_t chip_id;
};

static const struct gen_id gens[] = {
	{ "g16", 16, 'G', 0x8132 },
	{ "g17p", 17, 'P', 0x8140 },
};

static void test_version(int fd)
{
	drmVersionPtr v = drmGetVersion(fd);

	ksft_test_result(v && !strcmp(v->name, "asahi"),
			 "version_name_is_asahi\n");
	if (v)
		ksft_print_msg("driver %s %d.%d.%d (%s)\n", v->name,
			       v->version_major, v->version_minor,
			       v->version_patchlevel, v->desc);
	drmFreeVersion(v);
}

/* The render node's parent names the model; hardware has its own name. */
static void test_model_name(int fd, const char *gen)
{
	drmDevicePtr dev = NULL;
	char want[32];
	bool ok;

	if (!gen[0]) {
		ksft_test_result_skip("device_name_says_model (not a model)\n");
		return;
	}
	snprintf(want, sizeof(want), "agx4-model-%s", gen);
	ok = !drmGetDevice2(fd, 0, &dev) && dev->bustype == DRM_BUS_PLATFORM &&
	     strstr(dev->businfo.platform->fullname, want);
	if (dev && dev->bustype == DRM_BUS_PLATFORM)
		ksft_print_msg("platform device %s\n",
			       dev->businfo.platform->fullname);
	ksft_test_result(ok, "device_name_says_model\n");
	drmFreeDevice(&dev);
}

static void test_caps(int fd)
{
	uint64_t v = 0;

	ksft_test_result(!drmGetCap(fd, DRM_CAP_SYNCOBJ, &v) && v == 1,
			 "cap_syncobj\n");
	v = 0;
	ksft_test_result(!drmGetCap(fd, DRM_CAP_SYNCOBJ_TIMELINE, &v) && v == 1,
			 "cap_syncobj_timeline\n");
	v = 0;
	ksft_test_result(!drmGetCap(fd, DRM_CAP_PRIME, &v) &&
			 (v & DRM_PRIME_CAP_IMPORT) && (v & DRM_PRIME_CAP_EXPORT),
			 "cap_prime_import_export\n");
}

static void test_params(const struct dev *d)
{
	const struct drm_asahi_params_global *p = &d->p;
	const struct gen_id *g = NULL;
	unsigned int i;

	ksft_print_msg("generation %u%c rev %#x chip %#x, %u die(s), %u cluster(s) x %u cores, mask %#llx, %u kHz\n",
		       p->gpu_generation, p->gpu_variant, p->gpu_revision,
		       p->chip_id, p->num_dies, p->num_clusters_total,
		       p->num_cores_per_cluster,
		       (unsigned long long)p->core_masks[0],
		       p->max_frequency_khz);
	ksft_print_msg("vm [%#llx, %#llx) kernel min %#llx, features %#llx, %u commands, %u attachments, %llu Hz\n",
		       (unsigned long long)p->vm_start,
		       (unsigned long long)p->vm_end,
		       (unsigned long long)p->vm_kernel_min_size,
		       (unsigned long long)p->features,
		       p->max_commands_per_submission, p->max_attachments,
		       (unsigned long long)p->command_timestamp_frequency_hz);

	for (i = 0; i < ARRAY_SIZE(gens); i++)
		if (!strcmp(d->gen, gens[i].gen))
			g = &gens[i];
	if (g)
		ksft_test_result(p->gpu_generation == g->generation &&
				 p->gpu_variant == g->variant &&
				 p->chip_id == g->chip_id,
				 "params_identity_%s\n", g->gen);
	else
		ksft_test_result(p->gpu_generation >= 16 && p->chip_id,
				 "params_identity\n");
	/* What the fork asserts: shaders at 2^40 + 4 GiB fit the window. */
	ksft_test_result(p->vm_start <= USC_BASE &&
			 p->vm_end > USC_BASE + SZ_4G &&
			 p->vm_end > 0x10100000000ull,
			 "params_vm_window_holds_usc_heap\n");
	/* The fork refuses a G16 kernel range below 64 MiB. */
	ksft_test_result(p->vm_kernel_min_size >= SZ_64M &&
			 !(p->vm_kernel_min_size % PG),
			 "params_kernel_min_size\n");
	/* Mesa's Vulkan driver asserts nanosecond timestamps. */
	ksft_test_result(p->command_timestamp_frequency_hz == 1000000000ull,
			 "params_timestamps_in_ns\n");
	ksft_test_result(p->num_clusters_total >= 1 &&
			 p->num_clusters_total <= DRM_ASAHI_MAX_CLUSTERS &&
			 p->core_masks[0] && !p->core_masks[p->num_clusters_total] &&
			 p->num_dies >= 1 && p->max_frequency_khz,
			 "params_topology\n");
	ksft_test_result(p->max_commands_per_submission >= 1 &&
			 p->max_attachments >= 1,
			 "params_limits\n");
	/* Bit 1 is the fork's FRAGMENT_BARRIER; nothing above it exists. */
	ksft_test_result(!(p->features & ~3ull), "params_known_features_only\n");
}

static void test_params_bad(const struct dev *d)
{
	int fd = d->fd;
	static const uint32_t groups[] = { 1, 2, 0xffffffffu };
	struct drm_asahi_params_global p;
	struct drm_asahi_get_params gp;
	unsigned int i;
	uint8_t buf[sizeof(p) + 16];

	for (i = 0; i < 3; i++) {
		gp = (struct drm_asahi_get_params){
			.param_group = groups[i], .pointer = (uintptr_t)&p,
			.size = sizeof(p),
		};
		expect_ret(xioctl(fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp), EINVAL,
			   "params_bad_group_%#x", groups[i]);
	}
	gp = (struct drm_asahi_get_params){
		.pad = 1, .pointer = (uintptr_t)&p, .size = sizeof(p),
	};
	expect_ret(xioctl(fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp), EINVAL,
		   "params_pad_nonzero");
	gp = (struct drm_asahi_get_params){ .size = sizeof(p) };
	expect_ret(xioctl(fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp), EFAULT,
		   "params_null_pointer");

	/* A short buffer gets a prefix, a long one the structure only. */
	memset(buf, 0xa5, sizeof(buf));
	gp = (struct drm_asahi_get_params){
		.pointer = (uintptr_t)buf, .size = 12,
	};
	ksft_test_result(!xioctl(fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp) &&
			 buf[12] == 0xa5 && buf[8] == d->p.gpu_generation &&
			 !buf[9] && !buf[10] && !buf[11],
			 "params_short_size_writes_prefix\n");
	memset(buf, 0xa5, sizeof(buf));
	gp = (struct drm_asahi_get_params){
		.pointer = (uintptr_t)buf, .size = sizeof(buf),
	};
	ksft_test_result(!xioctl(fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp) &&
			 sizeof(p) == 592 && buf[sizeof(p)] == 0xa5 &&
			 buf[sizeof(p) + 15] == 0xa5,
			 "params_long_size_writes_592_bytes\n");
}

static void test_time(int fd)
{
	static const uint64_t bad[] = { 1, 2, ~0ull };
	uint64_t t0 = 0, t1 = 0, t;
	unsigned int i;
	int r0, r1;

	r0 = get_time(fd, 0, &t0);
	sleep_us(100);
	r1 = get_time(fd, 0, &t1);
	ksft_print_msg("GET_TIME %llu then %llu\n", (unsigned long long)t0,
		       (unsigned long long)t1);
	ksft_test_result(!r0 && !r1 && t0 && t1 > t0, "time_advances\n");
	/* Nanoseconds: 100 us of sleep is at least 100000 ticks. */
	ksft_test_result(!r0 && !r1 && t1 - t0 >= 100000,
			 "time_counts_nanoseconds\n");
	for (i = 0; i < 3; i++)
		expect_ret(get_time(fd, bad[i], &t), EINVAL,
			   "time_bad_flags_%#llx", (unsigned long long)bad[i]);
}

/* The fork's open: the name, then GET_PARAMS, from a second file. */
static void test_second_open(void)
{
	struct drm_asahi_params_global p;
	int fd = open_asahi();

	ksft_test_result(fd >= 0 && !get_params(fd, &p) &&
			 p.gpu_generation >= 16, "second_file_opens\n");
	if (fd >= 0)
		close(fd);
}

int main(void)
{
	struct dev d;

	ksft_print_header();
	dev_open(&d);
	test_version(d.fd);
	test_model_name(d.fd, d.gen);
	test_caps(d.fd);
	test_params(&d);
	test_params_bad(&d);
	test_time(d.fd);
	test_second_open();
	close(d.fd);
	done();
}
