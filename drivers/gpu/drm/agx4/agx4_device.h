/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_DEVICE_H
#define AGX4_DEVICE_H

#include <linux/atomic.h>
#include <linux/mutex.h>
#include <linux/types.h>

#include <drm/drm_device.h>

#include "agx4_of.h"
#include "agx4_transport.h"
#include "agx4_uat.h"

struct agx4_device;
struct agx4_fw_boot;
struct agx4_job_dev;
struct agx4_tvb;
struct agx4_fw_gen;
struct agx4_fw_mem;
struct agx4_gem_fw_pool;
struct agx4_queue_pool;
struct agx4_reset;
struct agx4_vm_pool;
struct device;

/**
 * struct agx4_gpu_info - what the GPU says about itself
 * @revision: GET_PARAMS gpu_revision.
 * @num_dies: dies.
 * @num_clusters: clusters on all dies.
 * @cores_per_cluster: core slots per cluster.
 * @core_mask: enabled cores of cluster 0.
 * @max_freq_khz: highest GPU clock.
 */
struct agx4_gpu_info {
	u32 revision;
	u32 num_dies;
	u32 num_clusters;
	u32 cores_per_cluster;
	u64 core_mask;
	u32 max_freq_khz;
};

/**
 * struct agx4_device_backend - what stands in for the hardware
 *
 * A device without one drives hardware: its registers through the ``sgx``
 * window of the device tree, its firmware through RTKit, its dumps go to
 * devcoredump.  The software backend (agx4_swdev) puts the firmware model
 * in place of the registers and the firmware; the tests' devices take
 * their dumps.  Each op is optional: NULL is the hardware's way.
 */
struct agx4_device_backend {
	/** @map_sgx: make the register file reachable (first probe step). */
	int (*map_sgx)(struct agx4_device *adev);
	/** @read_sgx: read the register at @offset. */
	u32 (*read_sgx)(struct agx4_device *adev, u32 offset);
	/** @write_sgx: write the register at @offset. */
	void (*write_sgx)(struct agx4_device *adev, u32 offset, u32 value);
	/** @transport_init: bind the firmware transport (a probe step). */
	int (*transport_init)(struct agx4_device *adev);
	/**
	 * @coredump: take a dump (of a firmware reset or a job timeout),
	 * @len bytes at @buf, from kvmalloc(), which it frees with kvfree();
	 * called from the reset's workqueue or a scheduler's timeout work.
	 */
	void (*coredump)(struct agx4_device *adev, void *buf, size_t len);
};

/**
 * struct agx4_device - one agx4 GPU
 */
struct agx4_device {
	/** @base: the DRM device; must stay first. */
	struct drm_device base;
	/** @plat: the device-tree inputs, fixed after probe. */
	struct agx4_platform plat;
	/** @gen: the firmware generation, chosen at probe. */
	const struct agx4_fw_gen *gen;
	/** @uat_geom: the page-table shape of the GPU (of @gen). */
	const struct agx4_uat_geom *uat_geom;
	/** @sgx: the GPU's register window, mapped by the probe. */
	void __iomem *sgx;
	/** @backend: what stands in for the hardware, or NULL; fixed. */
	const struct agx4_device_backend *backend;
	/** @backend_priv: the backend's state; fixed. */
	void *backend_priv;
	/** @info: the GPU's identity, read by the probe. */
	struct agx4_gpu_info info;
	/**
	 * @mem: the firmware's memory, set up by the memory step of the
	 * probe; NULL before it and once the DRM device is released.
	 */
	struct agx4_fw_mem *mem;
	/**
	 * @transport: how the firmware is reached; set up by the transport
	 * step of the probe, torn down by unplug.
	 */
	struct agx4_fw_transport transport;
	/** @fw: the running firmware (firmware step), or NULL. */
	struct agx4_fw_boot *fw;
	/**
	 * @jobs: the job unit (jobs step; agx4_job), NULL where the
	 * generation has no submission backend.
	 */
	struct agx4_job_dev *jobs;
	/** @tvb: the TVB unit (agx4_tvb), with the job unit. */
	struct agx4_tvb *tvb;
	/**
	 * @fw_incarnation: boots of the firmware so far; written by the
	 * firmware step only (the probe, or a reset holding its lock).
	 */
	u32 fw_incarnation;
	/** @reset: the recovery unit (agx4_reset), once it is up. */
	struct agx4_reset *reset;
	/**
	 * @fw_timeout_ms: how long each firmware handshake step may take;
	 * 0 for the default.  Tests shorten it.
	 */
	unsigned int fw_timeout_ms;
	/** @unplug: unplug state. */
	struct {
		/**
		 * @unplug.lock: serialises agx4_device_unplug(), which the
		 * platform remove and a failed firmware restart may both call.
		 */
		struct mutex lock;
		/** @unplug.done: unplug ran; protected by @unplug.lock. */
		bool done;
	} unplug;
	/**
	 * @steps_done: number of probe steps that completed, so unplug (and
	 * a failed probe) undoes exactly those.  Written by the probe before
	 * the device is visible, then only under @unplug.lock.
	 */
	unsigned int steps_done;
	/**
	 * @gem_objects: GEM objects alive, for leak checks (an object is
	 * counted from allocation to free).
	 */
	atomic_t gem_objects;
};

/**
 * struct agx4_file - what one open DRM file holds
 *
 * Each pool belongs to its unit, which alone reads and changes it; the
 * ioctl handlers in agx4_drv.c pass a pool to its unit.
 */
struct agx4_file {
	/** @vms: the file's VMs (agx4_vm). */
	struct agx4_vm_pool *vms;
	/** @queues: the file's queues (agx4_queue). */
	struct agx4_queue_pool *queues;
	/** @fw_objects: the file's firmware-bound objects (agx4_gem). */
	struct agx4_gem_fw_pool *fw_objects;
	/** @usage: the GPU time of its jobs, for fdinfo (agx4_job). */
	struct agx4_job_usage *usage;
};

/**
 * to_agx4_device() - the agx4 device of a DRM device
 * @drm: a DRM device created by agx4.
 *
 * Return: its container.
 */
static inline struct agx4_device *to_agx4_device(struct drm_device *drm)
{
	return container_of(drm, struct agx4_device, base);
}

/**
 * struct agx4_init_step - one step of the probe, and its undo
 * @name: for messages.
 * @init: bring the unit up; 0 or a negative errno.
 * @fini: undo a successful @init; may be NULL.
 */
struct agx4_init_step {
	const char *name;
	int (*init)(struct agx4_device *adev);
	void (*fini)(struct agx4_device *adev);
};

struct agx4_device *agx4_device_create(struct device *dev,
				       const struct agx4_dt_source *src);
struct agx4_device *
agx4_device_create_backend(struct device *dev, const struct agx4_dt_source *src,
			   const struct agx4_device_backend *backend,
			   void *priv);
u32 agx4_device_read_sgx(struct agx4_device *adev, u32 offset);
void agx4_device_write_sgx(struct agx4_device *adev, u32 offset, u32 value);
void agx4_device_unplug(struct agx4_device *adev);
void agx4_device_coredump(struct agx4_device *adev, void *buf, size_t len,
			  gfp_t gfp);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
int agx4_device_map_sgx(struct agx4_device *adev);
int agx4_device_transport_init(struct agx4_device *adev);
int agx4_device_run_steps(struct agx4_device *adev,
			  const struct agx4_init_step *steps, unsigned int n);
void agx4_device_undo_steps(struct agx4_device *adev,
			    const struct agx4_init_step *steps);
#endif

#endif /* AGX4_DEVICE_H */
