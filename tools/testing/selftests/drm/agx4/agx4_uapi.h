/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * What the agx4 UAPI programs share: opening the render node as Mesa
 * does (by the DRM driver name "asahi", through libdrm), ioctls that
 * return -errno, and one KTAP result line per case.
 */
#ifndef AGX4_UAPI_H
#define AGX4_UAPI_H

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include <drm/asahi_drm.h>
#include "kselftest.h"

/* The GPU page: every size and address the UAPI takes is a multiple. */
#define PG		0x4000ull
#define SZ_1M		0x100000ull
#define SZ_64M		0x4000000ull
#define SZ_4G		0x100000000ull
#define SZ_32G		0x800000000ull

/* Mesa's USC base: QUEUE_CREATE takes no other. */
#define USC_BASE	(1ull << 40)

/* How long a case waits for the model: a bound, never a measure. */
#define WAIT_NS		(5ull * 1000000000ull)

/**
 * struct dev - an open render node
 * @fd: the file.
 * @p: what GET_PARAMS gave at open.
 * @gen: the model's generation ("g16", "g17p"), "" on hardware.
 */
struct dev {
	int fd;
	struct drm_asahi_params_global p;
	char gen[8];
};

/* ioctl through libdrm (restarts on EINTR); 0 or -errno. */
static inline int xioctl(int fd, unsigned long req, void *arg)
{
	return drmIoctl(fd, req, arg) ? -errno : 0;
}

/* The generation the software backend was loaded with, if any. */
static inline void model_gen(char *buf, size_t len)
{
	FILE *f = fopen("/sys/module/agx4/parameters/model", "r");

	buf[0] = '\0';
	if (!f)
		return;
	if (!fgets(buf, len, f))
		buf[0] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* Open the render node of the driver named "asahi"; -1 if none. */
static inline int open_asahi(void)
{
	return drmOpenWithType("asahi", NULL, DRM_NODE_RENDER);
}

static inline int get_params(int fd, struct drm_asahi_params_global *p)
{
	struct drm_asahi_get_params gp = {
		.pointer = (uintptr_t)p, .size = sizeof(*p),
	};

	memset(p, 0, sizeof(*p));
	return xioctl(fd, DRM_IOCTL_ASAHI_GET_PARAMS, &gp);
}

/* Open the device and read its parameters, or skip every case. */
static inline void dev_open(struct dev *d)
{
	d->fd = open_asahi();
	if (d->fd < 0)
		ksft_exit_skip("no render node of the asahi driver\n");
	if (get_params(d->fd, &d->p))
		ksft_exit_fail_msg("GET_PARAMS failed: %s\n", strerror(errno));
	model_gen(d->gen, sizeof(d->gen));
}

/*
 * The firmware model's control (software backend only): debugfs
 * dri/<minor>/agx4/model_script of the device @fd is open on.  Absent on
 * hardware.
 */
static inline void model_script_path(int fd, char *path, size_t len)
{
	struct stat st;

	path[0] = '\0';
	if (fstat(fd, &st))
		return;
	snprintf(path, len, "/sys/kernel/debug/dri/%u/agx4/model_script",
		 minor(st.st_rdev));
}

/*
 * The value of @key in debugfs dri/<minor>/info of the device @fd is open
 * on (a "key: N" line), or -1 when the file or the key is not there.
 */
static inline long info_value(int fd, const char *key)
{
	char path[96], line[256];
	size_t n = strlen(key);
	struct stat st;
	long v = -1;
	FILE *f;

	if (fstat(fd, &st))
		return -1;
	snprintf(path, sizeof(path), "/sys/kernel/debug/dri/%u/info",
		 minor(st.st_rdev));
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, key, n) && line[n] == ':') {
			v = strtol(line + n + 1, NULL, 0);
			break;
		}
	fclose(f);
	return v;
}

/* Whether the device has the model's control. */
static inline bool model_scriptable(int fd)
{
	char path[96];

	model_script_path(fd, path, sizeof(path));
	return path[0] && !access(path, W_OK);
}

/* Write one command to the model's control; 0 or -errno. */
static inline int model_script(int fd, const char *line)
{
	size_t n = strlen(line);
	char path[96];
	int ctl, ret = 0;

	model_script_path(fd, path, sizeof(path));
	ctl = open(path, O_WRONLY | O_CLOEXEC);
	if (ctl < 0)
		return -errno;
	if (write(ctl, line, n) != (ssize_t)n)
		ret = -errno;
	close(ctl);
	return ret;
}

/* The control's read-back (mode, armed scripts, counters); "" if none. */
static inline void model_state(int fd, char *buf, size_t len)
{
	char path[96];
	ssize_t n = -1;
	int ctl;

	model_script_path(fd, path, sizeof(path));
	ctl = open(path, O_RDONLY | O_CLOEXEC);
	if (ctl >= 0) {
		n = read(ctl, buf, len - 1);
		close(ctl);
	}
	buf[n > 0 ? n : 0] = '\0';
}

/* A counter of the model's read-back; -1 if absent. */
static inline long model_counter(int fd, const char *name)
{
	char buf[2048], key[48], *p;
	size_t k;

	model_state(fd, buf, sizeof(buf));
	k = snprintf(key, sizeof(key), "\n%s ", name);
	p = strstr(buf, key);
	return p ? strtol(p + k, NULL, 10) : -1;
}

/* A module parameter of agx4; -1 if unreadable. */
static inline long param_read(const char *name)
{
	char path[128];
	long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/module/agx4/parameters/%s", name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

static inline bool param_write(const char *name, long v)
{
	char path[128];
	FILE *f;
	bool ok;

	snprintf(path, sizeof(path), "/sys/module/agx4/parameters/%s", name);
	f = fopen(path, "w");
	if (!f)
		return false;
	ok = fprintf(f, "%ld\n", v) > 0;
	return !fclose(f) && ok;
}

/* A case that expects @ret to be -@err (0 for success). */
#define expect_ret(ret, err, name, ...) do {				\
	int __r = (ret);						\
	if (__r != -(err))						\
		ksft_print_msg("got %d (%s), expected %d\n", __r,	\
			       __r ? strerror(-__r) : "success", -(err));\
	ksft_test_result(__r == -(err), name "\n", ##__VA_ARGS__);	\
} while (0)

static inline int vm_create(int fd, uint64_t kstart, uint64_t kend,
			    uint32_t *id)
{
	struct drm_asahi_vm_create a = {
		.kernel_start = kstart, .kernel_end = kend,
	};
	int ret = xioctl(fd, DRM_IOCTL_ASAHI_VM_CREATE, &a);

	*id = a.vm_id;
	return ret;
}

/* A VM with the kernel range at the top, as the G17P fork asks for. */
static inline int vm_create_top(const struct dev *d, uint32_t *id)
{
	return vm_create(d->fd, d->p.vm_end - SZ_32G, d->p.vm_end, id);
}

static inline int vm_destroy(int fd, uint32_t id)
{
	struct drm_asahi_vm_destroy a = { .vm_id = id };

	return xioctl(fd, DRM_IOCTL_ASAHI_VM_DESTROY, &a);
}

static inline int gem_create(int fd, uint64_t size, uint32_t flags,
			     uint32_t vm, uint32_t *handle)
{
	struct drm_asahi_gem_create a = {
		.size = size, .flags = flags, .vm_id = vm,
	};
	int ret = xioctl(fd, DRM_IOCTL_ASAHI_GEM_CREATE, &a);

	*handle = a.handle;
	return ret;
}

static inline int gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close a = { .handle = handle };

	return xioctl(fd, DRM_IOCTL_GEM_CLOSE, &a);
}

/* Map an object for the CPU; NULL on failure. */
static inline void *gem_mmap(int fd, uint32_t handle, size_t size)
{
	struct drm_asahi_gem_mmap_offset a = { .handle = handle };
	void *p;

	if (xioctl(fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &a))
		return NULL;
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, a.offset);
	return p == MAP_FAILED ? NULL : p;
}

static inline int vm_bind_op(int fd, uint32_t vm,
			     const struct drm_asahi_gem_bind_op *op)
{
	struct drm_asahi_vm_bind b = {
		.vm_id = vm, .num_binds = 1, .stride = sizeof(*op),
		.userptr = (uintptr_t)op,
	};

	return xioctl(fd, DRM_IOCTL_ASAHI_VM_BIND, &b);
}

static inline int vm_bind(int fd, uint32_t vm, uint32_t flags,
			  uint32_t handle, uint64_t offset, uint64_t range,
			  uint64_t addr)
{
	struct drm_asahi_gem_bind_op op = {
		.flags = flags, .handle = handle, .offset = offset,
		.range = range, .addr = addr,
	};

	return vm_bind_op(fd, vm, &op);
}

static inline int vm_unbind(int fd, uint32_t vm, uint64_t range,
			    uint64_t addr)
{
	return vm_bind(fd, vm, DRM_ASAHI_BIND_UNBIND, 0, 0, range, addr);
}

static inline int queue_create(int fd, uint32_t vm, uint32_t prio,
			       uint32_t *id)
{
	struct drm_asahi_queue_create a = {
		.vm_id = vm, .priority = prio, .usc_exec_base = USC_BASE,
	};
	int ret = xioctl(fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &a);

	*id = a.queue_id;
	return ret;
}

static inline int queue_destroy(int fd, uint32_t id)
{
	struct drm_asahi_queue_destroy a = { .queue_id = id };

	return xioctl(fd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &a);
}

static inline int get_time(int fd, uint64_t flags, uint64_t *t)
{
	struct drm_asahi_get_time a = { .flags = flags };
	int ret = xioctl(fd, DRM_IOCTL_ASAHI_GET_TIME, &a);

	*t = a.gpu_timestamp;
	return ret;
}

static inline void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	nanosleep(&ts, NULL);
}

/* An absolute timeout for drmSyncobjWait(): now plus @ns. */
static inline int64_t deadline(uint64_t ns)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000ll + ts.tv_nsec + ns;
}

/*
 * Firmware crashes seen: agx4 leaves a device coredump per crash, in
 * /sys/class/devcoredump/devcd*.  With @dismiss, the dumps are deleted
 * (a device keeps one pending dump at most, so a case clears them first).
 */
static inline int crash_dumps(bool dismiss)
{
	DIR *dir = opendir("/sys/class/devcoredump");
	struct dirent *e;
	char path[300];
	int n = 0, fd;

	if (!dir)
		return 0;
	while ((e = readdir(dir))) {
		if (strncmp(e->d_name, "devcd", 5))
			continue;
		n++;
		if (!dismiss)
			continue;
		snprintf(path, sizeof(path), "/sys/class/devcoredump/%s/data",
			 e->d_name);
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			if (write(fd, "1", 1) != 1)
				ksft_print_msg("could not dismiss %s\n", path);
			close(fd);
		}
	}
	closedir(dir);
	return n;
}

/*
 * The value of @key in /proc/self/fdinfo of @fd, in bytes for a size with
 * a KiB or MiB unit; -1 if absent; @text (if not NULL) gets the line's
 * value as printed.  As monitoring tools read it
 * (Documentation/gpu/drm-usage-stats.rst).
 */
static inline long long fdinfo_value(int fd, const char *key, char *text,
				     size_t len)
{
	char path[48], buf[4096], *at, unit[8] = "";
	size_t k = strlen(key);
	long long v = -1;
	ssize_t n;
	int f;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	f = open(path, O_RDONLY | O_CLOEXEC);
	if (f < 0)
		return -1;
	n = read(f, buf, sizeof(buf) - 1);
	close(f);
	buf[n > 0 ? n : 0] = '\0';
	for (at = buf; (at = strstr(at, key)); at += k)
		if ((at == buf || at[-1] == '\n') && at[k] == ':')
			break;
	if (!at)
		return -1;
	at += k + 1;
	at += strspn(at, "\t ");
	if (text)
		snprintf(text, len, "%.*s", (int)strcspn(at, "\n"), at);
	if (sscanf(at, "%lld %7[^\n]", &v, unit) < 1)
		return -1;
	if (!strcmp(unit, "KiB"))
		v *= 1024;
	else if (!strcmp(unit, "MiB"))
		v *= 1024 * 1024;
	return v;
}

/* Mark the kernel log, so what the driver logs is seen next to a case. */
static inline void kmsg(const char *what)
{
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	dprintf(fd, "agx4-test: %s\n", what);
	close(fd);
}

/*
 * The end: the plan goes last (the number of cases depends on the
 * device), and the exit status says whether any case failed.
 */
static inline __attribute__((noreturn)) void done(void)
{
	ksft_plan = ksft_test_num();
	printf("1..%u\n", ksft_plan);
	ksft_exit(!ksft_get_fail_cnt() && !ksft_get_error_cnt());
}

#endif /* AGX4_UAPI_H */
