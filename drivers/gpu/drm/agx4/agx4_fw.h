/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_H
#define AGX4_FW_H

#include <linux/types.h>

#include "agx4_of.h"
#include "agx4_uat.h"

/* Ranges of firmware objects at the reference drivers' fixed addresses. */
#define AGX4_FW_FIXED_RANGES	2

/* Lanes (stages) of work: queue records, stamps and channels. */
#define AGX4_FW_LANE_TA		0
#define AGX4_FW_LANE_3D		1
#define AGX4_FW_LANE_COMPUTE	2

struct agx4_device;
struct agx4_fw_boot;
struct agx4_fw_ctl;
struct agx4_fw_event;
struct agx4_fw_item;
struct agx4_fw_layout;
struct agx4_fw_submit_ops;
struct agx4_gpu_info;
struct device;

/**
 * struct agx4_fw_chan_geom - the shape of a generation's channels
 * @work_msg_size: bytes of a work-channel message.
 * @ctl_size: bytes of a device-control record.
 * @event_size: bytes of an event record.
 * @ring_entries: entries of a work, control or event ring.
 * @work_limit: most messages outstanding on a work channel (published and
 *	not both read and done), the next one included.
 * @trace_entries: entries of the trace ring.
 * @stamp_step: G16: what a lane's stamp advances by per work item.
 * @stamp_first: G16: the first stamp value of a TA, 3D and compute lane.
 */
struct agx4_fw_chan_geom {
	u32 work_msg_size;
	u32 ctl_size;
	u32 event_size;
	u32 ring_entries;
	u32 work_limit;
	u32 trace_entries;
	u32 stamp_step;
	u32 stamp_first[3];
};

/**
 * struct agx4_fw_tvb_params - tiled-vertex-buffer growth of a generation
 * @initial_blocks: blocks a render starts with.
 * @growth_blocks: blocks added per growth request.
 * @max_blocks: most blocks one render may hold.
 */
struct agx4_fw_tvb_params {
	u32 initial_blocks;
	u32 growth_blocks;
	u32 max_blocks;
};

/**
 * struct agx4_fw_gen - what agx4 knows of one GPU generation's firmware
 *
 * One per generation, in that generation's own file (agx4_fw_g16.c,
 * agx4_fw_g17p.c); chosen at probe by agx4_fw_gen_select() from the SoC
 * and the firmware build.  Its ops are the calls generation-neutral code
 * makes (the probe, the crash dump, the event drain, TVB growth, the
 * boot); a generation's own files call its other builders directly, as
 * its headers declare them.
 */
struct agx4_fw_gen {
	/** @name: the generation, for messages ("G16"). */
	const char *name;
	/** @soc: the SoC it runs on. */
	enum agx4_soc_id soc;
	/** @gpu_generation: GET_PARAMS gpu_generation. */
	u32 gpu_generation;
	/** @gpu_variant: GET_PARAMS gpu_variant, an ASCII letter. */
	u32 gpu_variant;
	/** @builds: supported firmware builds, NULL-terminated. */
	const char *const *builds;
	/** @num_instances: firmware instances (coprocessors). */
	u32 num_instances;
	/** @uat_geom: the page-table shape. */
	const struct agx4_uat_geom *uat_geom;
	/** @root_version: the version words of the init-data root. */
	u16 root_version[4];
	/**
	 * @root_extra: instances (bit n: instance n) whose root carries the
	 * two support objects (&struct agx4_fw_root_extra).
	 */
	u8 root_extra;
	/**
	 * @cursors_in_mmio: work-channel cursors are SGX registers (G16)
	 * rather than shared memory (G17P).
	 */
	bool cursors_in_mmio;
	/** @chan: ring and stamp geometry. */
	struct agx4_fw_chan_geom chan;
	/** @tvb: tiled-vertex-buffer growth. */
	struct agx4_fw_tvb_params tvb;
	/**
	 * @fw_heap: firmware addresses agx4 allocates its own objects from
	 * (the firmware half; agx4_fw_mem).
	 */
	struct agx4_range fw_heap;
	/**
	 * @ts_aperture: the only firmware addresses the firmware accepts as
	 * user timestamp destinations; GEM_BIND_OBJECT maps there.
	 */
	struct agx4_range ts_aperture;
	/**
	 * @reg_windows: firmware addresses of the GPU register windows
	 * hwdata lists, which are placed where the reference drivers place
	 * them (each generation's boot code says where in this range).
	 */
	struct agx4_range reg_windows;
	/**
	 * @fixed_objs: the firmware ranges where the reference drivers place
	 * firmware objects at fixed addresses and agx4 places them alike
	 * (size 0: none; with none, every object comes from @fw_heap).
	 */
	struct agx4_range fixed_objs[AGX4_FW_FIXED_RANGES];
	/**
	 * @read_gpu_info: read and check the GPU's identity (ID registers
	 * and device-tree inputs); -ENODEV for a GPU agx4 cannot drive.
	 */
	int (*read_gpu_info)(struct agx4_device *adev,
			     struct agx4_gpu_info *info);
	/**
	 * @read_fault: read the GPU's fault registers (status, address) for
	 * a crash dump; NULL where none is known.  Called inside
	 * drm_dev_enter().
	 */
	void (*read_fault)(struct agx4_device *adev, u64 *status, u64 *addr);
	/** @layouts: the decoder's view of every object declared. */
	const struct agx4_fw_layout *layouts;
	/** @num_layouts: entries in @layouts. */
	u32 num_layouts;
	/**
	 * @parse_event: check and decode the event record at @rec (@size
	 * bytes): 0; -EINVAL for a short record; -EPROTO for an unknown
	 * kind, a non-zero must-be-zero field or a wrong constant; -ERANGE
	 * for an index out of range.
	 */
	int (*parse_event)(const void *rec, size_t size,
			   struct agx4_fw_event *ev);
	/**
	 * @build_ctl: encode a device-control command into @buf (@size
	 * bytes, zeroed first): 0; -EINVAL for a short buffer or an
	 * argument out of range; -EOPNOTSUPP for a command the generation
	 * does not have.
	 */
	int (*build_ctl)(const struct agx4_fw_ctl *c, void *buf, size_t size);
	/**
	 * @boot: build the init data, start every instance and complete the
	 * boot handshake (agx4_fw_boot); NULL where agx4 cannot boot the
	 * generation yet.  What it started and allocated is undone by the
	 * caller on failure.
	 */
	int (*boot)(struct agx4_fw_boot *b);
	/**
	 * @submit: the submission backend (agx4_fw_queue.h); NULL where
	 * agx4 cannot run work on the generation yet.
	 */
	const struct agx4_fw_submit_ops *submit;
};

u32 agx4_fw_stamp_value(const struct agx4_fw_gen *gen, unsigned int lane,
			u32 ordinal);
bool agx4_fw_stamp_reached(u32 stamp, u32 target);

#endif /* AGX4_FW_H */
