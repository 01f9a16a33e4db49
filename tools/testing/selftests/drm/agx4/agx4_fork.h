/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * What the agx4 programs that submit share: the address space the Mesa
 * fork builds at open, the commands they send, SUBMIT and its syncs.
 *
 * The layout is the one the fork (the Gallium driver for G16 and G17P)
 * builds at open, computed from GET_PARAMS as it computes it:
 *
 * - the USC heap is [2^40, 2^40 + 4 GiB), allocated bottom-up: the first
 *   arena lands at 2^40, bound read-only; another arena is re-bound there
 *   in turn (UNBIND, then BIND);
 * - the user window starts at 2^36 plus the 16 KiB printf reservation,
 *   rounded up to 4 GiB (0x11_0000_0000), and ends at 2^39;
 * - the kernel range: G16 [0x11_0000_0000 - vm_kernel_min_size,
 *   0x11_0000_0000), refused below 64 MiB; G17P [vm_end - max(min,
 *   32 GiB), vm_end);
 * - the main heap starts at the user window's start rounded up to a power
 *   of two; its size is the largest power of two within the window,
 *   halved, and halved again if it equals the start; its read-only mirror
 *   is that size above.  It allocates top-down, each object followed by a
 *   16 KiB guard;
 * - the render context (0x6c000 bytes) at 0x10_0000_0000, the zero page
 *   at 2^32 read-only, the scratch page after it and the printf buffer
 *   after the render context, read-write;
 * - the context heap [0x10_0400_0000, min(kernel_start, 0x11_0000_0000)).
 */
#ifndef AGX4_FORK_H
#define AGX4_FORK_H

#include <linux/sync_file.h>

#include "agx4_uapi.h"

#define PRINTF_END	((1ull << 36) + PG)
#define USER_END	(1ull << 39)
#define CONTEXT		0x1000000000ull
#define CONTEXT_END	0x1100000000ull
#define CTX_HEAP	0x1004000000ull
#define ZERO_PAGE	(1ull << 32)
#define GUARD		PG

/* Sizes: the arena's is not known (4 MiB chosen), the others are the fork's. */
#define ARENA_SIZE	(4 * SZ_1M)
#define RENDER_CTX_SIZE	0x6c000ull
#define PRINTF_SIZE	PG
#define HEAP_BO_SIZE	(16 * PG)

/* Where the commands keep what they point at, in the main heap's object. */
#define STREAM_STRIDE	0x400
#define M_SCISSOR	0x0
#define M_DBIAS		0x1000
#define M_OCLQRY	0x2000
#define M_SAMPLERS	0x8000
#define M_DEPTH		0x10000
#define M_STENCIL	0x20000
#define M_CDM_STREAMS	0x30000

enum {
	ARENA, ARENA2, RCTX, ZERO, SCRATCH, PRINTF, CTX_TOP, CTX_BOTTOM,
	MAIN_TOP, MAIN_BOTTOM, TS, NR_BOS
};

/**
 * struct fork - the address space the fork builds at open
 * @d: the device.
 * @vm: its VM.
 * @kstart: the kernel range it asked for.
 * @kend: its end.
 * @ctx_start: the context heap.
 * @ctx_end: its end.
 * @main_start: the main heap.
 * @main_size: its size, also the offset of its read-only mirror.
 * @main_next: the main heap's cursor (top-down).
 * @h: handles of the objects.
 * @size: their sizes.
 * @addr: where each object's main use is.
 * @ts_object: the timestamp object (GEM_BIND_OBJECT), 0 if none.
 * @tag: what the names of its cases start with after "fork_open_", so
 *	that every client's open has cases of its own.
 */
struct fork {
	struct dev *d;
	uint32_t vm;
	uint64_t kstart, kend;
	uint64_t ctx_start, ctx_end;
	uint64_t main_start, main_size, main_next;
	uint32_t h[NR_BOS];
	uint64_t size[NR_BOS];
	uint64_t addr[NR_BOS];
	uint32_t ts_object;
	const char *tag;
};

static inline uint64_t pow2_down(uint64_t v)
{
	return 1ull << (63 - __builtin_clzll(v));
}

static inline uint64_t pow2_up(uint64_t v)
{
	return v <= 1 ? 1 : 1ull << (64 - __builtin_clzll(v - 1));
}

static inline uint64_t main_alloc(struct fork *f, uint64_t size,
				  uint64_t align)
{
	if (align < PG)
		align = PG;
	f->main_next = (f->main_next - size - GUARD) & ~(align - 1);
	return f->main_next;
}

/* One step of the open, a case of its own; untagged, only a failure is said. */
static inline bool step(const struct fork *f, int ret, const char *what)
{
	if (f->tag)
		expect_ret(ret, 0, "fork_open_%s%s", f->tag, what);
	else if (ret)
		ksft_print_msg("fork open: %s: %s\n", what, strerror(-ret));
	return !ret;
}


static inline int create(struct fork *f, int bo, uint64_t size, uint32_t flags)
{
	f->size[bo] = size;
	return gem_create(f->d->fd, size, flags | DRM_ASAHI_GEM_VM_PRIVATE,
			  f->vm, &f->h[bo]);
}

static inline int bind(struct fork *f, int bo, uint64_t addr, bool write)
{
	return vm_bind(f->d->fd, f->vm, DRM_ASAHI_BIND_READ |
		       (write ? DRM_ASAHI_BIND_WRITE : 0), f->h[bo], 0,
		       f->size[bo], addr);
}

/* An object in the main heap, bound where it was allocated. */
static inline int main_object(struct fork *f, int bo, uint64_t size,
			      uint64_t align, uint32_t flags, bool write)
{
	int ret = create(f, bo, size, flags);

	f->addr[bo] = main_alloc(f, size, align);
	return ret ?: bind(f, bo, f->addr[bo], write);
}

static inline bool fork_open(struct dev *d, struct fork *f, const char *tag)
{
	const struct drm_asahi_params_global *p = &d->p;
	const uint32_t wb = DRM_ASAHI_GEM_WRITEBACK;
	uint64_t user_start, size;
	bool ok;

	memset(f, 0, sizeof(*f));
	f->d = d;
	f->tag = tag;
	user_start = p->vm_start > PRINTF_END ? p->vm_start : PRINTF_END;
	user_start = (user_start + SZ_4G - 1) & ~(SZ_4G - 1);
	if (p->gpu_generation == 16 && p->gpu_variant == 'G') {
		f->kend = CONTEXT_END;
		f->kstart = f->kend - p->vm_kernel_min_size;
	} else {
		size = p->vm_kernel_min_size > SZ_32G ? p->vm_kernel_min_size :
							SZ_32G;
		f->kstart = p->vm_end - size;
		f->kend = p->vm_end;
	}
	if (tag)
		ksft_print_msg("fork layout: kernel [%#llx, %#llx), user from %#llx\n",
			       (unsigned long long)f->kstart,
			       (unsigned long long)f->kend,
			       (unsigned long long)user_start);
	if (!step(f, vm_create(d->fd, f->kstart, f->kend, &f->vm), "vm_create"))
		return false;

	f->ctx_start = CTX_HEAP;
	f->ctx_end = f->kstart < CONTEXT_END ? f->kstart : CONTEXT_END;
	size = pow2_down(USER_END - user_start);
	f->main_start = pow2_up(user_start);
	f->main_size = size / 2;
	if (f->main_size == f->main_start)
		f->main_size /= 2;
	f->main_next = f->main_start + f->main_size;

	f->addr[ARENA] = USC_BASE;
	ok = step(f, create(f, ARENA, ARENA_SIZE, wb) ?:
		  bind(f, ARENA, USC_BASE, false), "usc_arena_at_2_40");
	ok &= step(f, main_object(f, ARENA2, ARENA_SIZE, ARENA_SIZE, wb, false),
		   "second_arena");
	ok &= step(f, main_object(f, RCTX, RENDER_CTX_SIZE, PG, wb, true) ?:
		   bind(f, RCTX, CONTEXT, true), "render_context");
	f->addr[RCTX] = CONTEXT;
	ok &= step(f, main_object(f, ZERO, PG, PG, 0, true) ?:
		   bind(f, ZERO, ZERO_PAGE, false), "zero_page");
	f->addr[ZERO] = ZERO_PAGE;
	ok &= step(f, main_object(f, SCRATCH, PG, PG, 0, true) ?:
		   bind(f, SCRATCH, ZERO_PAGE + PG, true), "scratch_page");
	f->addr[SCRATCH] = ZERO_PAGE + PG;
	ok &= step(f, main_object(f, PRINTF, PRINTF_SIZE, PG, wb, true) ?:
		   bind(f, PRINTF, CONTEXT + RENDER_CTX_SIZE, true),
		   "printf_buffer");
	f->addr[PRINTF] = CONTEXT + RENDER_CTX_SIZE;

	f->addr[CTX_TOP] = f->ctx_end - HEAP_BO_SIZE - GUARD;
	ok &= step(f, create(f, CTX_TOP, HEAP_BO_SIZE, wb) ?:
		   bind(f, CTX_TOP, f->addr[CTX_TOP], true),
		   "context_heap_top");
	f->addr[CTX_BOTTOM] = f->ctx_start;
	ok &= step(f, create(f, CTX_BOTTOM, HEAP_BO_SIZE, wb) ?:
		   bind(f, CTX_BOTTOM, f->ctx_start, true),
		   "context_heap_bottom");

	ok &= step(f, main_object(f, MAIN_TOP, HEAP_BO_SIZE, PG, wb, true) ?:
		   bind(f, MAIN_TOP, f->addr[MAIN_TOP] + f->main_size, false),
		   "main_heap_top_and_mirror");
	f->addr[MAIN_BOTTOM] = f->main_start;
	ok &= step(f, create(f, MAIN_BOTTOM, HEAP_BO_SIZE, wb) ?:
		   bind(f, MAIN_BOTTOM, f->main_start, true) ?:
		   bind(f, MAIN_BOTTOM, f->main_start + f->main_size, false),
		   "main_heap_bottom_and_mirror");

	ok &= step(f, main_object(f, TS, PG, PG, wb, true), "timestamp_buffer");
	if (ok) {
		struct drm_asahi_gem_bind_object a = {
			.op = DRM_ASAHI_BIND_OBJECT_OP_BIND,
			.flags = DRM_ASAHI_BIND_OBJECT_USAGE_TIMESTAMPS,
			.handle = f->h[TS], .range = PG,
		};

		ok &= step(f, xioctl(d->fd, DRM_IOCTL_ASAHI_GEM_BIND_OBJECT, &a),
			   "timestamps_bound_for_firmware");
		f->ts_object = a.object_handle;
	}
	/* The fork re-binds 2^40 to another arena, and back. */
	ok &= step(f, vm_unbind(d->fd, f->vm, ARENA_SIZE, USC_BASE) ?:
		   bind(f, ARENA2, USC_BASE, false), "arena_switch");
	ok &= step(f, vm_unbind(d->fd, f->vm, ARENA_SIZE, USC_BASE) ?:
		   bind(f, ARENA, USC_BASE, false), "arena_switch_back");
	return ok;
}

/* ---- commands ---- */

struct cmdbuf {
	uint32_t size;
	uint16_t renders, computes;
	uint8_t buf[8192];
};

static inline void cmd(struct cmdbuf *cb, uint16_t type, const void *payload,
		       uint16_t size)
{
	struct drm_asahi_cmd_header h = {
		.cmd_type = type, .size = size,
		/* Mesa's barriers: every command waits for all before it. */
		.vdm_barrier = cb->renders, .cdm_barrier = cb->computes,
	};

	if (cb->size + sizeof(h) + size > sizeof(cb->buf))
		abort();
	memcpy(cb->buf + cb->size, &h, sizeof(h));
	memcpy(cb->buf + cb->size + sizeof(h), payload, size);
	cb->size += sizeof(h) + size;
	if (type == DRM_ASAHI_CMD_RENDER)
		cb->renders++;
	else if (type == DRM_ASAHI_CMD_COMPUTE)
		cb->computes++;
}

static inline void cmd_compute(struct cmdbuf *cb, const struct fork *f,
			       unsigned int n)
{
	uint64_t m = f->addr[MAIN_TOP];
	uint64_t s = m + M_CDM_STREAMS + n * STREAM_STRIDE;
	struct drm_asahi_cmd_compute c = {
		.sampler_count = 1,
		.cdm_ctrl_stream_base = s,
		.cdm_ctrl_stream_end = s + STREAM_STRIDE,
		.sampler_heap = m + M_SAMPLERS,
	};

	cmd(cb, DRM_ASAHI_CMD_COMPUTE, &c, sizeof(c));
}

/*
 * A 64x64 single-layer pass with 32x32 tiles: its VDM stream in the
 * context heap, its buffers in the main heap, its programs in the arena.
 */
static inline void cmd_render(struct cmdbuf *cb, const struct fork *f,
			      unsigned int n)
{
	uint64_t m = f->addr[MAIN_TOP];
	struct drm_asahi_cmd_render r = {
		.flags = DRM_ASAHI_RENDER_PROCESS_EMPTY_TILES,
		.isp_zls_pixels = 63 | 63 << 15,
		.vdm_ctrl_stream_base = f->addr[CTX_TOP] + n * STREAM_STRIDE,
		.isp_scissor_base = m + M_SCISSOR,
		.isp_dbias_base = m + M_DBIAS,
		.isp_oclqry_base = m + M_OCLQRY,
		.depth = { .base = m + M_DEPTH },
		.stencil = { .base = m + M_STENCIL },
		.ppp_multisamplectl = 0x88,
		.sampler_heap = m + M_SAMPLERS,
		.ppp_ctrl = 0x202,
		.width_px = 64, .height_px = 64, .layers = 1,
		.sampler_count = 1,
		.utile_width_px = 32, .utile_height_px = 32, .samples = 1,
		.sample_size_B = 8,
		.isp_merge_upper_x = 0x3cddb3d7,
		.isp_merge_upper_y = 0x3cddb3d7,
		.bg = { .usc = 0x1000 | 4, .rsrc_spec = 0x10 },
		.eot = { .usc = 0x2000 | 4, .rsrc_spec = 0x10 },
		.partial_bg = { .usc = 0x3000 | 4, .rsrc_spec = 0x10 },
		.partial_eot = { .usc = 0x4000 | 4, .rsrc_spec = 0x10 },
	};

	cmd(cb, DRM_ASAHI_CMD_RENDER, &r, sizeof(r));
}

static inline int submit(int fd, uint32_t queue, const struct cmdbuf *cb,
			 const struct drm_asahi_sync *syncs, uint32_t nin,
			 uint32_t nout)
{
	struct drm_asahi_submit s = {
		.syncs = (uintptr_t)syncs, .cmdbuf = (uintptr_t)cb->buf,
		.queue_id = queue, .in_sync_count = nin,
		.out_sync_count = nout, .cmdbuf_size = cb->size,
	};

	return xioctl(fd, DRM_IOCTL_ASAHI_SUBMIT, &s);
}

static inline struct drm_asahi_sync binary(uint32_t h)
{
	return (struct drm_asahi_sync){ DRM_ASAHI_SYNC_SYNCOBJ, h, 0 };
}

static inline struct drm_asahi_sync point(uint32_t h, uint64_t v)
{
	return (struct drm_asahi_sync){ DRM_ASAHI_SYNC_TIMELINE_SYNCOBJ, h, v };
}

static inline bool wait_binary(int fd, uint32_t h)
{
	return !drmSyncobjWait(fd, &h, 1, deadline(WAIT_NS), 0, NULL);
}

/* A syncobj's fence status: 1 signalled, 0 pending, < 0 its error. */
static inline int fence_status(int fd, uint32_t h)
{
	struct sync_file_info info;
	int sf = -1, ret;

	if (drmSyncobjExportSyncFile(fd, h, &sf))
		return -1000;
	memset(&info, 0, sizeof(info));
	ret = ioctl(sf, SYNC_IOC_FILE_INFO, &info) ? -1000 : info.status;
	close(sf);
	return ret;
}

#endif /* AGX4_FORK_H */
