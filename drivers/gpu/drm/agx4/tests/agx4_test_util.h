/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_TEST_UTIL_H
#define AGX4_TEST_UTIL_H

#include <linux/sizes.h>

#include <uapi/drm/asahi_drm.h>

#include "../agx4_fwmodel.h"
#include "../agx4_of.h"
#include "../agx4_uat.h"

struct agx4_device;
struct agx4_dt_source;
struct agx4_gem_object;
struct dma_fence;
struct file;
struct drm_file;
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
void agx4_test_pin_sgx(struct kunit *test, u32 offset, u32 value);
void agx4_test_arm_model(enum agx4_fwmodel_fault fault, u32 arg,
			 unsigned int timeout_ms);
void agx4_test_trace_model(void);
void agx4_test_no_restart(struct kunit *test);
bool agx4_test_failslab(struct kunit *test);
void agx4_test_fail_nth(unsigned int n);
bool agx4_test_fail_hit(void);

/*
 * A client of a booted device, driven through the ioctl handlers as Mesa
 * drives the render node: its own DRM file and user memory for the
 * arrays the ioctls read.
 */

/* User memory of a client: commands at 0, syncs at 1 MiB, binds at 2 MiB. */
#define AGX4_TEST_UBUF_SIZE	(4 * SZ_1M)

/**
 * struct agx4_test_client - a DRM file of a device, with user memory
 * @adev: the device.
 * @filp: the open file.
 * @file: its DRM file.
 * @ubuf: user memory, %AGX4_TEST_UBUF_SIZE bytes.
 * @test: the test it belongs to.
 */
struct agx4_test_client {
	struct agx4_device *adev;
	struct file *filp;
	struct drm_file *file;
	unsigned long ubuf;
	struct kunit *test;
};

/* Most bytes of commands one agx4_test_cmdbuf holds. */
#define AGX4_TEST_CMDBUF_MAX	(72 * 64 + 4096)

/**
 * struct agx4_test_cmdbuf - a command buffer being built
 * @size: bytes used in @buf.
 * @renders: render commands in it.
 * @computes: compute commands in it.
 * @buf: the commands.
 */
struct agx4_test_cmdbuf {
	u32 size;
	u16 renders;
	u16 computes;
	u8 buf[AGX4_TEST_CMDBUF_MAX];
};

/* Takes a dump over: @buf is from kvmalloc(), the hook kvfree()s it. */
typedef void (*agx4_test_dump_fn)(struct agx4_device *adev, void *buf,
				  size_t len);
extern agx4_test_dump_fn agx4_test_dump_hook;
struct agx4_device *agx4_test_create(struct device *dev,
				     const struct agx4_dt_source *src);
struct agx4_device *agx4_test_probe(struct kunit *test, enum agx4_soc_id soc);
struct agx4_test_client *agx4_test_client_open(struct kunit *test,
					       struct agx4_device *adev);
void agx4_test_client_close(struct agx4_test_client *c);
void agx4_test_put_user(struct agx4_test_client *c, u64 offset,
			const void *p, size_t n);

unsigned int agx4_test_fw_objects(struct agx4_device *adev, bool ts);

int agx4_test_vm_create(struct agx4_test_client *c, u64 kernel_start,
			u64 kernel_end, u32 *vm_id);
u32 agx4_test_gem_create(struct agx4_test_client *c, u64 size, u32 flags,
			 u32 vm_id);
int agx4_test_vm_bind(struct agx4_test_client *c, u32 vm_id, u32 flags,
		      u32 handle, u64 offset, u64 range, u64 addr);
u32 agx4_test_bind_timestamps(struct agx4_test_client *c, u32 handle,
			      u64 size);
int agx4_test_queue_create(struct agx4_test_client *c, u32 vm_id,
			   u32 priority, u32 *queue_id);
int agx4_test_queue_destroy(struct agx4_test_client *c, u32 queue_id);
struct agx4_gem_object *agx4_test_bo(struct agx4_test_client *c, u32 handle);
void agx4_test_bo_read(struct agx4_test_client *c, u32 handle, u64 offset,
		       void *p, size_t n);

u32 agx4_test_syncobj(struct agx4_test_client *c, struct dma_fence *fence);
struct dma_fence *agx4_test_gate_fence(struct kunit *test);
struct dma_fence *agx4_test_syncobj_fence(struct agx4_test_client *c,
					  u32 handle, u64 point);
int agx4_test_fence_wait(struct dma_fence *f, unsigned int ms);

void agx4_test_cmd(struct agx4_test_cmdbuf *cb, u16 type, const void *payload,
		   u16 size, u16 vdm_barrier, u16 cdm_barrier);
void agx4_test_cmd_render(struct agx4_test_cmdbuf *cb,
			  const struct drm_asahi_cmd_render *r);
void agx4_test_cmd_compute(struct agx4_test_cmdbuf *cb,
			   const struct drm_asahi_cmd_compute *cc);
int agx4_test_submit(struct agx4_test_client *c, u32 queue_id,
		     const struct agx4_test_cmdbuf *cb,
		     const struct drm_asahi_sync *syncs, u32 nin, u32 nout);

/**
 * enum agx4_test_fork_bo - the objects the Mesa fork makes at device open
 * @AGX4_FORK_ARENA: the USC arena, at 2^40 read-only.
 * @AGX4_FORK_ARENA2: the second arena, re-bound at 2^40 in turn.
 * @AGX4_FORK_RENDER_CTX: the render context, at 0x10_0000_0000.
 * @AGX4_FORK_ZERO: the zero page, at 2^32 read-only.
 * @AGX4_FORK_SCRATCH: the scratch page, after it.
 * @AGX4_FORK_PRINTF: the printf buffer, after the render context.
 * @AGX4_FORK_CTX_TOP: the context heap's first object (at its top):
 *	control streams, which the TA reaches by 32-bit offsets.
 * @AGX4_FORK_CTX_BOTTOM: an object at the context heap's bottom.
 * @AGX4_FORK_MAIN_TOP: the main heap's next object, and its read-only
 *	mirror.
 * @AGX4_FORK_MAIN_BOTTOM: an object at the main heap's bottom, and mirror.
 * @AGX4_FORK_TS: the timestamp buffer (bound for the firmware too).
 * @AGX4_FORK_NR_BOS: number of objects.
 */
enum agx4_test_fork_bo {
	AGX4_FORK_ARENA,
	AGX4_FORK_ARENA2,
	AGX4_FORK_RENDER_CTX,
	AGX4_FORK_ZERO,
	AGX4_FORK_SCRATCH,
	AGX4_FORK_PRINTF,
	AGX4_FORK_CTX_TOP,
	AGX4_FORK_CTX_BOTTOM,
	AGX4_FORK_MAIN_TOP,
	AGX4_FORK_MAIN_BOTTOM,
	AGX4_FORK_TS,
	AGX4_FORK_NR_BOS,
};

/**
 * struct agx4_test_fork_map - one binding the fork made
 * @bo: the object, &enum agx4_test_fork_bo.
 * @addr: its GPU address.
 * @range: its bytes (from the object's start).
 * @write: bound writable.
 */
struct agx4_test_fork_map {
	u32 bo;
	u64 addr;
	u64 range;
	bool write;
};

#define AGX4_FORK_MAX_MAPS	24

/**
 * struct agx4_test_fork - the address space the Mesa fork builds
 * @c: its client.
 * @params: what GET_PARAMS gave it.
 * @vm_id: its VM.
 * @kernel_start: the kernel range it asked for.
 * @kernel_end: its end.
 * @shader_base: the USC base (2^40).
 * @ctx_start: the context heap, [start, end).
 * @ctx_end: its end.
 * @main_start: the main heap, [start, start + size).
 * @main_size: its size, also the offset of its read-only mirror.
 * @main_next: the main heap's allocation cursor (it allocates top-down).
 * @usc_next: the USC heap's cursor (bottom-up).
 * @handle: GEM handles of the objects, by &enum agx4_test_fork_bo.
 * @size: their sizes.
 * @addr: where each object's main use is: the fixed address of the fixed
 *	ones, the heap address of the others.
 * @maps: every binding in force, @nmaps of them.
 * @nmaps: entries used in @maps.
 * @arena_owner: which arena 2^40 maps now.
 * @ts_object: GEM_BIND_OBJECT handle of @handle[%AGX4_FORK_TS].
 */
struct agx4_test_fork {
	struct agx4_test_client *c;
	struct drm_asahi_params_global params;
	u32 vm_id;
	u64 kernel_start;
	u64 kernel_end;
	u64 shader_base;
	u64 ctx_start;
	u64 ctx_end;
	u64 main_start;
	u64 main_size;
	u64 main_next;
	u64 usc_next;
	u32 handle[AGX4_FORK_NR_BOS];
	u64 size[AGX4_FORK_NR_BOS];
	u64 addr[AGX4_FORK_NR_BOS];
	struct agx4_test_fork_map maps[AGX4_FORK_MAX_MAPS];
	unsigned int nmaps;
	u32 arena_owner;
	u32 ts_object;
};

/*
 * Bytes of the fork's objects.  The arena's size is not known (GAP): 4 MiB
 * is chosen.  The render context's is 0x6c000, printf's 16 KiB.
 */
#define AGX4_FORK_ARENA_SIZE		(4 * SZ_1M)
#define AGX4_FORK_RENDER_CTX_SIZE	0x6c000ull
#define AGX4_FORK_PRINTF_SIZE		SZ_16K
#define AGX4_FORK_HEAP_BO_SIZE		(16 * SZ_16K)

int agx4_test_fork_open(struct agx4_test_client *c, struct agx4_test_fork *f);
int agx4_test_fork_bind(struct agx4_test_fork *f, enum agx4_test_fork_bo bo,
			u64 addr, bool write);
int agx4_test_fork_switch_arena(struct agx4_test_fork *f,
				enum agx4_test_fork_bo to);
struct drm_asahi_cmd_render agx4_test_fork_render(struct agx4_test_fork *f,
						  unsigned int n);
struct drm_asahi_cmd_compute agx4_test_fork_compute(struct agx4_test_fork *f,
						    unsigned int n);

struct agx4_cmdbuf;
struct agx4_cmdbuf *agx4_test_parsed_computes(struct kunit *test, u32 n,
					      u64 base, u64 end);

struct agx4_fw_job;
struct agx4_fw_submit_ops;
void agx4_test_publish_kick(struct agx4_device *adev,
			    const struct agx4_fw_submit_ops *ops,
			    struct agx4_fw_job *job);
int agx4_test_job_status(const struct agx4_fw_submit_ops *ops,
			 struct agx4_fw_job *job);
void agx4_test_poll_kick(struct agx4_device *adev);

#endif /* AGX4_TEST_UTIL_H */
