/* SPDX-License-Identifier: MIT */
/*
 * Copyright 2026 The agx4 authors
 */

#ifndef IGT_ASAHI_UAPI_H
#define IGT_ASAHI_UAPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "asahi_drm.h"

/* The GPU page: every GPU address, range and object offset is a multiple. */
#define ASAHI_PAGE_SIZE		0x4000ull

/* The shader (USC) base Mesa passes to QUEUE_CREATE, and its 4 GiB range. */
#define ASAHI_USC_BASE		(1ull << 40)
#define ASAHI_USC_SIZE		(1ull << 32)

/*
 * Two additions of the Mesa fork for G16 and G17P to the upstream UAPI, at
 * the values the fork fixed: GET_PARAMS features bit 1 says the device
 * honours render flag bit 3, which applies the command's vdm_barrier
 * before the fragment stage rather than before tiling; a device that does
 * not report the feature refuses the flag with EINVAL.
 */
#define ASAHI_FEATURE_FORK_FRAGMENT_BARRIER	(1ull << 1)
#define ASAHI_RENDER_FORK_VDM_BARRIER_FRAGMENT	(1u << 3)

/* How long a test waits for a job: a bound, never a measure. */
#define ASAHI_WAIT_NS		(10ull * 1000000000ull)

int __igt_asahi_vm_create(int fd, uint64_t kernel_start, uint64_t kernel_end,
			  uint32_t *vm_id);
uint32_t igt_asahi_vm_create(int fd, uint64_t kernel_start,
			     uint64_t kernel_end);
int __igt_asahi_vm_destroy(int fd, uint32_t vm_id);
void igt_asahi_vm_destroy(int fd, uint32_t vm_id);

int __igt_asahi_gem_create(int fd, uint64_t size, uint32_t flags,
			   uint32_t vm_id, uint32_t *handle);
uint32_t igt_asahi_gem_create(int fd, uint64_t size, uint32_t flags,
			      uint32_t vm_id);
int __igt_asahi_gem_mmap_offset(int fd, uint32_t handle, uint32_t flags,
				uint64_t *offset);
void *igt_asahi_gem_mmap(int fd, uint32_t handle, size_t size);

int __igt_asahi_vm_bind_ops(int fd, uint32_t vm_id,
			    const struct drm_asahi_gem_bind_op *ops,
			    uint32_t count);
int __igt_asahi_vm_bind(int fd, uint32_t vm_id, uint32_t flags,
			uint32_t handle, uint64_t offset, uint64_t range,
			uint64_t addr);
void igt_asahi_vm_bind(int fd, uint32_t vm_id, uint32_t flags,
		       uint32_t handle, uint64_t offset, uint64_t range,
		       uint64_t addr);
int __igt_asahi_vm_unbind(int fd, uint32_t vm_id, uint64_t range,
			  uint64_t addr);

int __igt_asahi_bind_timestamps(int fd, uint32_t handle, uint64_t offset,
				uint64_t range, uint32_t *object);
int __igt_asahi_unbind_object(int fd, uint32_t object);

int __igt_asahi_queue_create(int fd, uint32_t vm_id, uint32_t priority,
			     uint64_t usc_exec_base, uint32_t *queue_id);
uint32_t igt_asahi_queue_create(int fd, uint32_t vm_id, uint32_t priority);
int __igt_asahi_queue_destroy(int fd, uint32_t queue_id);
void igt_asahi_queue_destroy(int fd, uint32_t queue_id);

/**
 * struct igt_asahi_cmdbuf - a SUBMIT command buffer being built
 * @size: bytes used in @buf.
 * @renders: render commands so far.
 * @computes: compute commands so far.
 * @buf: the commands, back to back.
 */
struct igt_asahi_cmdbuf {
	uint32_t size;
	uint16_t renders;
	uint16_t computes;
	uint8_t buf[16384];
};

void igt_asahi_cmd(struct igt_asahi_cmdbuf *cb, uint16_t type,
		   const void *payload, uint16_t size);
void *igt_asahi_cmd_payload(struct igt_asahi_cmdbuf *cb, unsigned int index);
int __igt_asahi_submit(int fd, uint32_t queue_id,
		       const struct igt_asahi_cmdbuf *cb,
		       const struct drm_asahi_sync *syncs,
		       uint32_t in_count, uint32_t out_count);

struct drm_asahi_sync igt_asahi_sync_binary(uint32_t handle);
struct drm_asahi_sync igt_asahi_sync_point(uint32_t handle, uint64_t point);

/* The objects of the Mesa fork's address space (see igt_asahi_fork_open()). */
enum igt_asahi_fork_bo {
	ASAHI_FORK_ARENA,
	ASAHI_FORK_ARENA2,
	ASAHI_FORK_RENDER_CTX,
	ASAHI_FORK_ZERO,
	ASAHI_FORK_SCRATCH,
	ASAHI_FORK_PRINTF,
	ASAHI_FORK_CTX_TOP,
	ASAHI_FORK_CTX_BOTTOM,
	ASAHI_FORK_MAIN_TOP,
	ASAHI_FORK_MAIN_BOTTOM,
	ASAHI_FORK_TS,
	ASAHI_FORK_NR_BOS,
};

/**
 * struct igt_asahi_fork - the address space the Mesa fork builds at open
 * @fd: the device.
 * @p: its parameters.
 * @vm: the VM.
 * @kernel_start: the kernel carve-out asked for.
 * @kernel_end: its end.
 * @user_start: the start of the fork's user window.
 * @ctx_start: the context heap.
 * @ctx_end: its end.
 * @main_start: the main heap.
 * @main_size: its size, and the offset of its read-only mirror.
 * @main_next: the main heap's cursor (it allocates top-down).
 * @handle: the objects' GEM handles.
 * @size: their sizes.
 * @addr: where each object is bound for its main use.
 * @ts_object: the timestamp object made with GEM_BIND_OBJECT.
 * @failed: the first step that failed, NULL when all succeeded.
 * @err: its errno.
 */
struct igt_asahi_fork {
	int fd;
	struct drm_asahi_params_global p;
	uint32_t vm;
	uint64_t kernel_start, kernel_end, user_start;
	uint64_t ctx_start, ctx_end;
	uint64_t main_start, main_size, main_next;
	uint32_t handle[ASAHI_FORK_NR_BOS];
	uint64_t size[ASAHI_FORK_NR_BOS];
	uint64_t addr[ASAHI_FORK_NR_BOS];
	uint32_t ts_object;
	const char *failed;
	int err;
};

bool igt_asahi_fork_open(int fd, struct igt_asahi_fork *f);
void igt_asahi_fork_cmd_compute(struct igt_asahi_cmdbuf *cb,
				const struct igt_asahi_fork *f,
				unsigned int n);
void igt_asahi_fork_cmd_render(struct igt_asahi_cmdbuf *cb,
			       const struct igt_asahi_fork *f,
			       unsigned int n);

bool igt_asahi_is_model(int fd, char *gen, size_t len);
int igt_asahi_model_script(int fd, const char *script);
long igt_asahi_model_counter(int fd, const char *name);

#endif /* IGT_ASAHI_UAPI_H */
