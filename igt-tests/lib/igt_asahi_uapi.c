// SPDX-License-Identifier: MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "asahi_drm.h"
#include "drmtest.h"
#include "igt_asahi.h"
#include "igt_asahi_uapi.h"
#include "igt_core.h"
#include "igt_debugfs.h"
#include "ioctl_wrappers.h"

/**
 * SECTION:igt_asahi_uapi
 * @short_description: asahi VM, GEM, queue and submit helpers
 * @title: Asahi UAPI
 * @include: igt_asahi_uapi.h
 *
 * Helpers for the asahi ioctls beyond GET_PARAMS and GET_TIME.  Each
 * __igt_asahi_*() returns 0 or a negative errno; each igt_asahi_*() twin
 * asserts success.  igt_asahi_fork_open() builds the address space the
 * Mesa fork for G16 and G17P builds when it opens the device, which the
 * submit tests run their commands in.
 */

static int asahi_ioctl(int fd, unsigned long request, void *arg)
{
	return igt_ioctl(fd, request, arg) ? -errno : 0;
}

/**
 * __igt_asahi_vm_create:
 * @fd: device file descriptor
 * @kernel_start: start of the kernel carve-out
 * @kernel_end: its end (exclusive)
 * @vm_id: the new VM's id, on success
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_vm_create(int fd, uint64_t kernel_start, uint64_t kernel_end,
			  uint32_t *vm_id)
{
	struct drm_asahi_vm_create args = {
		.kernel_start = kernel_start,
		.kernel_end = kernel_end,
	};
	int ret = asahi_ioctl(fd, DRM_IOCTL_ASAHI_VM_CREATE, &args);

	*vm_id = args.vm_id;
	return ret;
}

/**
 * igt_asahi_vm_create:
 * @fd: device file descriptor
 * @kernel_start: start of the kernel carve-out
 * @kernel_end: its end (exclusive)
 *
 * Returns: the new VM's id.
 */
uint32_t igt_asahi_vm_create(int fd, uint64_t kernel_start, uint64_t kernel_end)
{
	uint32_t id = 0;

	igt_assert_eq(__igt_asahi_vm_create(fd, kernel_start, kernel_end, &id), 0);
	igt_assert_neq(id, 0);
	return id;
}

/**
 * __igt_asahi_vm_destroy:
 * @fd: device file descriptor
 * @vm_id: the VM
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_vm_destroy(int fd, uint32_t vm_id)
{
	struct drm_asahi_vm_destroy args = { .vm_id = vm_id };

	return asahi_ioctl(fd, DRM_IOCTL_ASAHI_VM_DESTROY, &args);
}

/**
 * igt_asahi_vm_destroy:
 * @fd: device file descriptor
 * @vm_id: the VM
 */
void igt_asahi_vm_destroy(int fd, uint32_t vm_id)
{
	igt_assert_eq(__igt_asahi_vm_destroy(fd, vm_id), 0);
}

/**
 * __igt_asahi_gem_create:
 * @fd: device file descriptor
 * @size: bytes
 * @flags: DRM_ASAHI_GEM_* flags
 * @vm_id: the owning VM of a VM-private object, else 0
 * @handle: the new handle, on success
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_gem_create(int fd, uint64_t size, uint32_t flags,
			   uint32_t vm_id, uint32_t *handle)
{
	struct drm_asahi_gem_create args = {
		.size = size,
		.flags = flags,
		.vm_id = vm_id,
	};
	int ret = asahi_ioctl(fd, DRM_IOCTL_ASAHI_GEM_CREATE, &args);

	*handle = args.handle;
	return ret;
}

/**
 * igt_asahi_gem_create:
 * @fd: device file descriptor
 * @size: bytes
 * @flags: DRM_ASAHI_GEM_* flags
 * @vm_id: the owning VM of a VM-private object, else 0
 *
 * Returns: the new handle.
 */
uint32_t igt_asahi_gem_create(int fd, uint64_t size, uint32_t flags,
			      uint32_t vm_id)
{
	uint32_t handle = 0;

	igt_assert_eq(__igt_asahi_gem_create(fd, size, flags, vm_id, &handle), 0);
	igt_assert_neq(handle, 0);
	return handle;
}

/**
 * __igt_asahi_gem_mmap_offset:
 * @fd: device file descriptor
 * @handle: the object
 * @flags: the ioctl's flags (must be zero)
 * @offset: the fake offset for mmap(), on success
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_gem_mmap_offset(int fd, uint32_t handle, uint32_t flags,
				uint64_t *offset)
{
	struct drm_asahi_gem_mmap_offset args = {
		.handle = handle,
		.flags = flags,
	};
	int ret = asahi_ioctl(fd, DRM_IOCTL_ASAHI_GEM_MMAP_OFFSET, &args);

	*offset = args.offset;
	return ret;
}

/**
 * igt_asahi_gem_mmap:
 * @fd: device file descriptor
 * @handle: the object
 * @size: bytes to map
 *
 * Returns: a shared read/write CPU mapping of the object, or NULL when
 * mmap() refused it; asserts that MMAP_OFFSET succeeds.
 */
void *igt_asahi_gem_mmap(int fd, uint32_t handle, size_t size)
{
	uint64_t offset = 0;
	void *p;

	igt_assert_eq(__igt_asahi_gem_mmap_offset(fd, handle, 0, &offset), 0);
	p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, offset);
	return p == MAP_FAILED ? NULL : p;
}

/**
 * __igt_asahi_vm_bind_ops:
 * @fd: device file descriptor
 * @vm_id: the VM
 * @ops: the operations
 * @count: how many
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_vm_bind_ops(int fd, uint32_t vm_id,
			    const struct drm_asahi_gem_bind_op *ops,
			    uint32_t count)
{
	struct drm_asahi_vm_bind args = {
		.vm_id = vm_id,
		.num_binds = count,
		.stride = sizeof(*ops),
		.userptr = to_user_pointer(ops),
	};

	return asahi_ioctl(fd, DRM_IOCTL_ASAHI_VM_BIND, &args);
}

/**
 * __igt_asahi_vm_bind:
 * @fd: device file descriptor
 * @vm_id: the VM
 * @flags: DRM_ASAHI_BIND_* flags
 * @handle: the object
 * @offset: byte offset into the object
 * @range: bytes of GPU address space
 * @addr: GPU address
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_vm_bind(int fd, uint32_t vm_id, uint32_t flags,
			uint32_t handle, uint64_t offset, uint64_t range,
			uint64_t addr)
{
	struct drm_asahi_gem_bind_op op = {
		.flags = flags,
		.handle = handle,
		.offset = offset,
		.range = range,
		.addr = addr,
	};

	return __igt_asahi_vm_bind_ops(fd, vm_id, &op, 1);
}

/**
 * igt_asahi_vm_bind:
 * @fd: device file descriptor
 * @vm_id: the VM
 * @flags: DRM_ASAHI_BIND_* flags
 * @handle: the object
 * @offset: byte offset into the object
 * @range: bytes of GPU address space
 * @addr: GPU address
 */
void igt_asahi_vm_bind(int fd, uint32_t vm_id, uint32_t flags,
		       uint32_t handle, uint64_t offset, uint64_t range,
		       uint64_t addr)
{
	igt_assert_eq(__igt_asahi_vm_bind(fd, vm_id, flags, handle, offset,
					  range, addr), 0);
}

/**
 * __igt_asahi_vm_unbind:
 * @fd: device file descriptor
 * @vm_id: the VM
 * @range: bytes of GPU address space
 * @addr: GPU address
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_vm_unbind(int fd, uint32_t vm_id, uint64_t range,
			  uint64_t addr)
{
	return __igt_asahi_vm_bind(fd, vm_id, DRM_ASAHI_BIND_UNBIND, 0, 0,
				   range, addr);
}

/**
 * __igt_asahi_bind_timestamps:
 * @fd: device file descriptor
 * @handle: the object
 * @offset: byte offset into it
 * @range: bytes
 * @object: the new timestamp object's handle, on success
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_bind_timestamps(int fd, uint32_t handle, uint64_t offset,
				uint64_t range, uint32_t *object)
{
	struct drm_asahi_gem_bind_object args = {
		.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
		.flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
		.handle = handle,
		.offset = offset,
		.range = range,
	};
	int ret = asahi_ioctl(fd, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &args);

	*object = args.object_handle;
	return ret;
}

/**
 * __igt_asahi_unbind_object:
 * @fd: device file descriptor
 * @object: a handle from __igt_asahi_bind_timestamps()
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_unbind_object(int fd, uint32_t object)
{
	struct drm_asahi_gem_bind_object args = {
		.op = DRM_ASAHI_BIND_OBJECT_OP_UNBIND,
		.object_handle = object,
	};

	return asahi_ioctl(fd, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &args);
}

/**
 * __igt_asahi_queue_create:
 * @fd: device file descriptor
 * @vm_id: the VM the queue runs in
 * @priority: DRM_ASAHI_PRIORITY_*
 * @usc_exec_base: the shader base
 * @queue_id: the new queue's id, on success
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_queue_create(int fd, uint32_t vm_id, uint32_t priority,
			     uint64_t usc_exec_base, uint32_t *queue_id)
{
	struct drm_asahi_queue_create args = {
		.vm_id = vm_id,
		.priority = priority,
		.usc_exec_base = usc_exec_base,
	};
	int ret = asahi_ioctl(fd, DRM_IOCTL_ASAHI_QUEUE_CREATE, &args);

	*queue_id = args.queue_id;
	return ret;
}

/**
 * igt_asahi_queue_create:
 * @fd: device file descriptor
 * @vm_id: the VM the queue runs in
 * @priority: DRM_ASAHI_PRIORITY_*
 *
 * Returns: the new queue's id; its shader base is Mesa's, %ASAHI_USC_BASE.
 */
uint32_t igt_asahi_queue_create(int fd, uint32_t vm_id, uint32_t priority)
{
	uint32_t id = 0;

	igt_assert_eq(__igt_asahi_queue_create(fd, vm_id, priority,
					       ASAHI_USC_BASE, &id), 0);
	igt_assert_neq(id, 0);
	return id;
}

/**
 * __igt_asahi_queue_destroy:
 * @fd: device file descriptor
 * @queue_id: the queue
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_queue_destroy(int fd, uint32_t queue_id)
{
	struct drm_asahi_queue_destroy args = { .queue_id = queue_id };

	return asahi_ioctl(fd, DRM_IOCTL_ASAHI_QUEUE_DESTROY, &args);
}

/**
 * igt_asahi_queue_destroy:
 * @fd: device file descriptor
 * @queue_id: the queue
 */
void igt_asahi_queue_destroy(int fd, uint32_t queue_id)
{
	igt_assert_eq(__igt_asahi_queue_destroy(fd, queue_id), 0);
}

/**
 * igt_asahi_cmd:
 * @cb: the command buffer
 * @type: DRM_ASAHI_CMD_* or DRM_ASAHI_SET_*_ATTACHMENTS
 * @payload: the command's payload
 * @size: its bytes
 *
 * Appends a command whose barriers wait for every earlier command of this
 * submission and all earlier submissions, as Mesa's do; attachment
 * commands carry no barrier.
 */
void igt_asahi_cmd(struct igt_asahi_cmdbuf *cb, uint16_t type,
		   const void *payload, uint16_t size)
{
	bool hw = type == DRM_ASAHI_CMD_RENDER || type == DRM_ASAHI_CMD_COMPUTE;
	struct drm_asahi_cmd_header h = {
		.cmd_type = type,
		.size = size,
		.vdm_barrier = hw ? cb->renders : DRM_ASAHI_BARRIER_NONE,
		.cdm_barrier = hw ? cb->computes : DRM_ASAHI_BARRIER_NONE,
	};

	igt_assert(cb->size + sizeof(h) + size <= sizeof(cb->buf));
	memcpy(cb->buf + cb->size, &h, sizeof(h));
	memcpy(cb->buf + cb->size + sizeof(h), payload, size);
	cb->size += sizeof(h) + size;
	if (type == DRM_ASAHI_CMD_RENDER)
		cb->renders++;
	else if (type == DRM_ASAHI_CMD_COMPUTE)
		cb->computes++;
}

/**
 * igt_asahi_cmd_payload:
 * @cb: the command buffer
 * @index: a command's index in it
 *
 * Returns: where that command's header is; its payload follows it.
 */
void *igt_asahi_cmd_payload(struct igt_asahi_cmdbuf *cb, unsigned int index)
{
	struct drm_asahi_cmd_header h;
	uint32_t off = 0;

	while (index--) {
		igt_assert(off + sizeof(h) <= cb->size);
		memcpy(&h, cb->buf + off, sizeof(h));
		off += sizeof(h) + h.size;
	}
	igt_assert(off < cb->size);
	return cb->buf + off;
}

/**
 * __igt_asahi_submit:
 * @fd: device file descriptor
 * @queue_id: the queue
 * @cb: the commands
 * @syncs: @in_count waits, then @out_count signals
 * @in_count: waits
 * @out_count: signals
 *
 * Returns: 0 or a negative errno.
 */
int __igt_asahi_submit(int fd, uint32_t queue_id,
		       const struct igt_asahi_cmdbuf *cb,
		       const struct drm_asahi_sync *syncs,
		       uint32_t in_count, uint32_t out_count)
{
	struct drm_asahi_submit args = {
		.syncs = to_user_pointer(syncs),
		.cmdbuf = to_user_pointer(cb->buf),
		.queue_id = queue_id,
		.in_sync_count = in_count,
		.out_sync_count = out_count,
		.cmdbuf_size = cb->size,
	};

	return asahi_ioctl(fd, DRM_IOCTL_ASAHI_SUBMIT, &args);
}

/**
 * igt_asahi_sync_binary:
 * @handle: a binary syncobj
 *
 * Returns: the sync entry naming it.
 */
struct drm_asahi_sync igt_asahi_sync_binary(uint32_t handle)
{
	return (struct drm_asahi_sync){
		.sync_type = DRM_ASAHI_SYNC_SYNCOBJ,
		.handle = handle,
	};
}

/**
 * igt_asahi_sync_point:
 * @handle: a timeline syncobj
 * @point: a point on it
 *
 * Returns: the sync entry naming it.
 */
struct drm_asahi_sync igt_asahi_sync_point(uint32_t handle, uint64_t point)
{
	return (struct drm_asahi_sync){
		.sync_type = DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ,
		.handle = handle,
		.timeline_value = point,
	};
}

/*
 * The Mesa fork's layout (Gallium driver for G16 and G17P), as it derives
 * it from GET_PARAMS:
 * - the USC heap is [2^40, 2^40 + 4 GiB); its first arena is bound
 *   read-only at 2^40, and another arena is re-bound there in turn;
 * - the user window starts after 2^36 plus a 16 KiB printf reservation,
 *   rounded up to 4 GiB (0x11_0000_0000), and ends at 2^39;
 * - the kernel carve-out: on G16 [0x11_0000_0000 - vm_kernel_min_size,
 *   0x11_0000_0000) (refused below 64 MiB), elsewhere
 *   [vm_end - max(vm_kernel_min_size, 32 GiB), vm_end);
 * - the main heap starts at the user window's start rounded up to a power
 *   of two; its size is the largest power of two within the window,
 *   halved, and halved again if it equals its start; its read-only mirror
 *   lies that size above; it allocates top-down, each object followed by
 *   a 16 KiB guard;
 * - the render context (0x6c000 bytes) at 0x10_0000_0000, the zero page
 *   at 2^32 (read-only), the scratch page after it, and the printf
 *   buffer after the render context;
 * - the context heap [0x10_0400_0000, min(kernel_start, 0x11_0000_0000)),
 *   where render control streams live.
 */
#define FORK_PRINTF_END		((1ull << 36) + ASAHI_PAGE_SIZE)
#define FORK_USER_END		(1ull << 39)
#define FORK_CONTEXT		0x1000000000ull
#define FORK_CONTEXT_END	0x1100000000ull
#define FORK_CTX_HEAP		0x1004000000ull
#define FORK_ZERO_PAGE		(1ull << 32)
#define FORK_GUARD		ASAHI_PAGE_SIZE
#define FORK_4G			(1ull << 32)
#define FORK_32G		(1ull << 35)

/* The arena's size is not known (4 MiB chosen); the others are the fork's. */
#define FORK_ARENA_SIZE		(4ull << 20)
#define FORK_RENDER_CTX_SIZE	0x6c000ull
#define FORK_PRINTF_SIZE	ASAHI_PAGE_SIZE
#define FORK_HEAP_BO_SIZE	(16 * ASAHI_PAGE_SIZE)

/* What the commands point at, inside the main heap's top object. */
#define FORK_STREAM_STRIDE	0x400
#define FORK_M_SCISSOR		0x0
#define FORK_M_DBIAS		0x1000
#define FORK_M_OCLQRY		0x2000
#define FORK_M_SAMPLERS		0x8000
#define FORK_M_DEPTH		0x10000
#define FORK_M_STENCIL		0x20000
#define FORK_M_CDM_STREAMS	0x30000

static uint64_t pow2_down(uint64_t v)
{
	return 1ull << (63 - __builtin_clzll(v));
}

static uint64_t pow2_up(uint64_t v)
{
	return v <= 1 ? 1 : 1ull << (64 - __builtin_clzll(v - 1));
}

static bool fork_step(struct igt_asahi_fork *f, int ret, const char *what)
{
	igt_debug("fork open: %s: %s\n", what, ret ? strerror(-ret) : "ok");
	if (ret && !f->failed) {
		f->failed = what;
		f->err = -ret;
	}
	return !ret;
}

static int fork_create(struct igt_asahi_fork *f, int bo, uint64_t size,
		       uint32_t flags)
{
	f->size[bo] = size;
	return __igt_asahi_gem_create(f->fd, size,
				      flags | DRM_ASAHI_GEM_VM_PRIVATE, f->vm,
				      &f->handle[bo]);
}

static int fork_bind(struct igt_asahi_fork *f, int bo, uint64_t addr,
		     bool write)
{
	return __igt_asahi_vm_bind(f->fd, f->vm, DRM_ASAHI_BIND_READ |
				   (write ? DRM_ASAHI_BIND_WRITE : 0),
				   f->handle[bo], 0, f->size[bo], addr);
}

static int fork_main_object(struct igt_asahi_fork *f, int bo, uint64_t size,
			    uint64_t align, uint32_t flags, bool write)
{
	int ret = fork_create(f, bo, size, flags);

	if (align < ASAHI_PAGE_SIZE)
		align = ASAHI_PAGE_SIZE;
	f->main_next = (f->main_next - size - FORK_GUARD) & ~(align - 1);
	f->addr[bo] = f->main_next;
	return ret ?: fork_bind(f, bo, f->addr[bo], write);
}

/**
 * igt_asahi_fork_open:
 * @fd: device file descriptor
 * @f: the layout, filled in
 *
 * Replays what the Mesa fork for G16 and G17P does when it opens the
 * device: GET_PARAMS, VM_CREATE with its kernel carve-out, its fixed
 * bindings, its heaps, a timestamp object and the USC arena switch.
 *
 * Returns: true when every step succeeded; otherwise @f->failed names the
 * first step that did not and @f->err its errno.
 */
bool igt_asahi_fork_open(int fd, struct igt_asahi_fork *f)
{
	const uint32_t wb = DRM_ASAHI_GEM_WRITEBACK;
	uint64_t size;
	bool ok;

	memset(f, 0, sizeof(*f));
	f->fd = fd;
	igt_asahi_get_params(fd, 0, &f->p, sizeof(f->p), 0);

	f->user_start = f->p.vm_start > FORK_PRINTF_END ? f->p.vm_start :
							  FORK_PRINTF_END;
	f->user_start = (f->user_start + FORK_4G - 1) & ~(FORK_4G - 1);
	if (f->p.gpu_generation == 16 && f->p.gpu_variant == 'G') {
		f->kernel_end = FORK_CONTEXT_END;
		f->kernel_start = f->kernel_end - f->p.vm_kernel_min_size;
		if (!fork_step(f, f->p.vm_kernel_min_size < (64ull << 20) ?
			       -ERANGE : 0, "kernel-min-size-at-least-64m"))
			return false;
	} else {
		size = f->p.vm_kernel_min_size > FORK_32G ?
		       f->p.vm_kernel_min_size : FORK_32G;
		f->kernel_start = f->p.vm_end - size;
		f->kernel_end = f->p.vm_end;
	}
	igt_debug("fork layout: kernel [%#llx, %#llx), user from %#llx\n",
		  (unsigned long long)f->kernel_start,
		  (unsigned long long)f->kernel_end,
		  (unsigned long long)f->user_start);
	if (!fork_step(f, __igt_asahi_vm_create(fd, f->kernel_start,
						f->kernel_end, &f->vm),
		       "vm-create"))
		return false;

	f->ctx_start = FORK_CTX_HEAP;
	f->ctx_end = f->kernel_start < FORK_CONTEXT_END ? f->kernel_start :
							  FORK_CONTEXT_END;
	size = pow2_down(FORK_USER_END - f->user_start);
	f->main_start = pow2_up(f->user_start);
	f->main_size = size / 2;
	if (f->main_size == f->main_start)
		f->main_size /= 2;
	f->main_next = f->main_start + f->main_size;

	f->addr[ASAHI_FORK_ARENA] = ASAHI_USC_BASE;
	ok = fork_step(f, fork_create(f, ASAHI_FORK_ARENA, FORK_ARENA_SIZE, wb) ?:
		       fork_bind(f, ASAHI_FORK_ARENA, ASAHI_USC_BASE, false),
		       "usc-arena-at-2-40");
	ok &= fork_step(f, fork_main_object(f, ASAHI_FORK_ARENA2, FORK_ARENA_SIZE,
					    FORK_ARENA_SIZE, wb, false),
			"second-arena");
	ok &= fork_step(f, fork_main_object(f, ASAHI_FORK_RENDER_CTX,
					    FORK_RENDER_CTX_SIZE, 0, wb, true) ?:
			fork_bind(f, ASAHI_FORK_RENDER_CTX, FORK_CONTEXT, true),
			"render-context");
	f->addr[ASAHI_FORK_RENDER_CTX] = FORK_CONTEXT;
	ok &= fork_step(f, fork_main_object(f, ASAHI_FORK_ZERO, ASAHI_PAGE_SIZE,
					    0, 0, true) ?:
			fork_bind(f, ASAHI_FORK_ZERO, FORK_ZERO_PAGE, false),
			"zero-page");
	f->addr[ASAHI_FORK_ZERO] = FORK_ZERO_PAGE;
	ok &= fork_step(f, fork_main_object(f, ASAHI_FORK_SCRATCH,
					    ASAHI_PAGE_SIZE, 0, 0, true) ?:
			fork_bind(f, ASAHI_FORK_SCRATCH,
				  FORK_ZERO_PAGE + ASAHI_PAGE_SIZE, true),
			"scratch-page");
	f->addr[ASAHI_FORK_SCRATCH] = FORK_ZERO_PAGE + ASAHI_PAGE_SIZE;
	ok &= fork_step(f, fork_main_object(f, ASAHI_FORK_PRINTF,
					    FORK_PRINTF_SIZE, 0, wb, true) ?:
			fork_bind(f, ASAHI_FORK_PRINTF,
				  FORK_CONTEXT + FORK_RENDER_CTX_SIZE, true),
			"printf-buffer");
	f->addr[ASAHI_FORK_PRINTF] = FORK_CONTEXT + FORK_RENDER_CTX_SIZE;

	f->addr[ASAHI_FORK_CTX_TOP] = f->ctx_end - FORK_HEAP_BO_SIZE - FORK_GUARD;
	ok &= fork_step(f, fork_create(f, ASAHI_FORK_CTX_TOP, FORK_HEAP_BO_SIZE,
				       wb) ?:
			fork_bind(f, ASAHI_FORK_CTX_TOP,
				  f->addr[ASAHI_FORK_CTX_TOP], true),
			"context-heap-top");
	f->addr[ASAHI_FORK_CTX_BOTTOM] = f->ctx_start;
	ok &= fork_step(f, fork_create(f, ASAHI_FORK_CTX_BOTTOM,
				       FORK_HEAP_BO_SIZE, wb) ?:
			fork_bind(f, ASAHI_FORK_CTX_BOTTOM, f->ctx_start, true),
			"context-heap-bottom");

	ok &= fork_step(f, fork_main_object(f, ASAHI_FORK_MAIN_TOP,
					    FORK_HEAP_BO_SIZE, 0, wb, true) ?:
			fork_bind(f, ASAHI_FORK_MAIN_TOP,
				  f->addr[ASAHI_FORK_MAIN_TOP] + f->main_size,
				  false),
			"main-heap-top-and-mirror");
	f->addr[ASAHI_FORK_MAIN_BOTTOM] = f->main_start;
	ok &= fork_step(f, fork_create(f, ASAHI_FORK_MAIN_BOTTOM,
				       FORK_HEAP_BO_SIZE, wb) ?:
			fork_bind(f, ASAHI_FORK_MAIN_BOTTOM, f->main_start,
				  true) ?:
			fork_bind(f, ASAHI_FORK_MAIN_BOTTOM,
				  f->main_start + f->main_size, false),
			"main-heap-bottom-and-mirror");

	ok &= fork_step(f, fork_main_object(f, ASAHI_FORK_TS, ASAHI_PAGE_SIZE,
					    0, wb, true), "timestamp-buffer");
	if (ok)
		ok &= fork_step(f, __igt_asahi_bind_timestamps(fd,
				f->handle[ASAHI_FORK_TS], 0, ASAHI_PAGE_SIZE,
				&f->ts_object), "timestamps-bound-for-firmware");
	/* The fork re-binds 2^40 to another arena, and back. */
	ok &= fork_step(f, __igt_asahi_vm_unbind(fd, f->vm, FORK_ARENA_SIZE,
						 ASAHI_USC_BASE) ?:
			fork_bind(f, ASAHI_FORK_ARENA2, ASAHI_USC_BASE, false),
			"arena-switch");
	ok &= fork_step(f, __igt_asahi_vm_unbind(fd, f->vm, FORK_ARENA_SIZE,
						 ASAHI_USC_BASE) ?:
			fork_bind(f, ASAHI_FORK_ARENA, ASAHI_USC_BASE, false),
			"arena-switch-back");
	return ok;
}

/**
 * igt_asahi_fork_cmd_compute:
 * @cb: the command buffer
 * @f: a layout from igt_asahi_fork_open()
 * @n: which of the control streams of the main heap's object it runs
 *
 * Appends a compute command whose stream and samplers are in the fork's
 * main heap.
 */
void igt_asahi_fork_cmd_compute(struct igt_asahi_cmdbuf *cb,
				const struct igt_asahi_fork *f, unsigned int n)
{
	uint64_t m = f->addr[ASAHI_FORK_MAIN_TOP];
	uint64_t s = m + FORK_M_CDM_STREAMS + n * FORK_STREAM_STRIDE;
	struct drm_asahi_cmd_compute c = {
		.sampler_count = 1,
		.cdm_ctrl_stream_base = s,
		.cdm_ctrl_stream_end = s + FORK_STREAM_STRIDE,
		.sampler_heap = m + FORK_M_SAMPLERS,
	};

	igt_asahi_cmd(cb, DRM_ASAHI_CMD_COMPUTE, &c, sizeof(c));
}

/**
 * igt_asahi_fork_cmd_render:
 * @cb: the command buffer
 * @f: a layout from igt_asahi_fork_open()
 * @n: which of the control streams of the context heap's object it runs
 *
 * Appends a 64x64 single-layer render pass with 32x32 tiles: its vertex
 * control stream in the context heap, its buffers in the main heap, its
 * programs in the USC arena.
 */
void igt_asahi_fork_cmd_render(struct igt_asahi_cmdbuf *cb,
			       const struct igt_asahi_fork *f, unsigned int n)
{
	uint64_t m = f->addr[ASAHI_FORK_MAIN_TOP];
	struct drm_asahi_cmd_render r = {
		.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES,
		.isp_zls_pixels = 63 | 63 << 15,
		.vdm_ctrl_stream_base = f->addr[ASAHI_FORK_CTX_TOP] +
					n * FORK_STREAM_STRIDE,
		.isp_scissor_base = m + FORK_M_SCISSOR,
		.isp_dbias_base = m + FORK_M_DBIAS,
		.isp_oclqry_base = m + FORK_M_OCLQRY,
		.depth = { .base = m + FORK_M_DEPTH },
		.stencil = { .base = m + FORK_M_STENCIL },
		.ppp_multisamplectl = 0x88,
		.sampler_heap = m + FORK_M_SAMPLERS,
		.ppp_ctrl = 0x202,
		.width_px = 64,
		.height_px = 64,
		.layers = 1,
		.sampler_count = 1,
		.utile_width_px = 32,
		.utile_height_px = 32,
		.samples = 1,
		.sample_size_B = 8,
		.isp_merge_upper_x = 0x3cddb3d7,
		.isp_merge_upper_y = 0x3cddb3d7,
		.bg = { .usc = 0x1000 | 4, .rsrc_spec = 0x10 },
		.eot = { .usc = 0x2000 | 4, .rsrc_spec = 0x10 },
		.partial_bg = { .usc = 0x3000 | 4, .rsrc_spec = 0x10 },
		.partial_eot = { .usc = 0x4000 | 4, .rsrc_spec = 0x10 },
	};

	igt_asahi_cmd(cb, DRM_ASAHI_CMD_RENDER, &r, sizeof(r));
}

/**
 * igt_asahi_is_model:
 * @fd: device file descriptor
 * @gen: the model's generation ("g16", "g17p"), if it is one
 * @len: bytes of @gen
 *
 * agx4's software backend (a virtual GPU on its firmware model) says what
 * it is in the name of the render node's parent platform device,
 * "agx4-model-<generation>"; hardware has another name.
 *
 * Returns: whether the device is the model.
 */
bool igt_asahi_is_model(int fd, char *gen, size_t len)
{
	static const char prefix[] = "agx4-model-";
	char path[PATH_MAX], target[PATH_MAX];
	const char *name;
	struct stat st;
	ssize_t n;

	if (len)
		gen[0] = '\0';
	if (fstat(fd, &st) || !S_ISCHR(st.st_mode))
		return false;
	snprintf(path, sizeof(path), "/sys/dev/char/%u:%u/device",
		 major(st.st_rdev), minor(st.st_rdev));
	n = readlink(path, target, sizeof(target) - 1);
	if (n <= 0)
		return false;
	target[n] = '\0';
	name = strrchr(target, '/');
	name = name ? name + 1 : target;
	igt_debug("render node's device: %s\n", name);
	if (strncmp(name, prefix, strlen(prefix)))
		return false;
	if (len)
		snprintf(gen, len, "%s", name + strlen(prefix));
	return true;
}

/**
 * igt_asahi_model_script:
 * @fd: device file descriptor of the model
 * @script: one command for the firmware model
 *
 * Scripts the model's firmware through its debugfs control,
 * "agx4/model_script" in the device's debugfs directory (only agx4's
 * software backend has it).  One command per call: "<action> <arg>
 * <kinds> <skip>" arms a script, action "never" (take the next matching
 * work item and never complete it), "grow" (a vertex work item requests
 * tiled-vertex-buffer growth <arg> times), "limit" (as "grow", then it
 * reports the memory limit), <kinds> a mask of 1 (vertex), 2 (fragment),
 * 4 (compute), 0 for any, <skip> matching work items let through first;
 * "clear" disarms what has not acted.  A malformed command is refused
 * with -EINVAL.
 *
 * Returns: 0, -ENOENT when the device has no such control, or a negative
 * errno from writing it.
 */
int igt_asahi_model_script(int fd, const char *script)
{
	int dir, ctl, ret = 0;
	size_t n = strlen(script);

	dir = igt_debugfs_dir(fd);
	if (dir < 0)
		return -ENOENT;
	ctl = openat(dir, "agx4/model_script", O_WRONLY);
	close(dir);
	if (ctl < 0)
		return -errno;
	if (write(ctl, script, n) != (ssize_t)n)
		ret = -errno ?: -EIO;
	close(ctl);
	return ret;
}

/**
 * igt_asahi_model_counter:
 * @fd: device file descriptor of the model
 * @name: a counter of the model ("grow_grew", "partial_renders", ...)
 *
 * Reading the model's debugfs control gives its mode, its armed scripts
 * and its counters, one "<name> <value>" a line.
 *
 * Returns: the counter's value, or -1 when there is no such control or
 * counter.
 */
long igt_asahi_model_counter(int fd, const char *name)
{
	char buf[4096], key[64], *p;
	int dir, ctl;
	ssize_t n;
	size_t k;

	dir = igt_debugfs_dir(fd);
	if (dir < 0)
		return -1;
	ctl = openat(dir, "agx4/model_script", O_RDONLY);
	close(dir);
	if (ctl < 0)
		return -1;
	n = read(ctl, buf + 1, sizeof(buf) - 2);
	close(ctl);
	if (n <= 0)
		return -1;
	/* Every line, the first included, is found after a newline. */
	buf[0] = '\n';
	buf[n + 1] = '\0';
	k = snprintf(key, sizeof(key), "\n%s ", name);
	p = strstr(buf, key);
	return p ? strtol(p + k, NULL, 10) : -1;
}
