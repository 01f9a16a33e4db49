/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_FW_H
#define AGX4_FW_H

#include <linux/types.h>

#include "agx4_of.h"
#include "agx4_uat.h"

struct agx4_compute_desc;
struct agx4_device;
struct agx4_fw_buf;
struct agx4_fw_compute_in;
struct agx4_fw_hwdata;
struct agx4_fw_item;
struct agx4_fw_optional_in;
struct agx4_fw_render_in;
struct agx4_fw_tvb_in;
struct agx4_render_desc;
struct agx4_fw_layout;
struct drm_printer;
struct device;

/**
 * struct agx4_fw_root_in - what an init-data root points at
 * @instance: firmware instance, 0 (primary) or 1.
 * @region_a: region A.
 * @main_config: the instance's main config.
 * @region_c: region C.
 * @status_a: status record A.
 * @status_b: status record B.
 * @extra_0: support object (G16, G17P secondary).
 * @extra_1: support object (G16, G17P secondary).
 */
struct agx4_fw_root_in {
	u32 instance;
	u64 region_a;
	u64 main_config;
	u64 region_c;
	u64 status_a;
	u64 status_b;
	u64 extra_0;
	u64 extra_1;
};

/**
 * struct agx4_fw_chan_in - where the channel table's rings and cursors are
 * @bundle: the bundle (hwdata first; the work rings are in it).
 * @main_config: the main config (the control ring is in it).
 * @status_a: status record A (the event, trace and state channels are
 *	placed from it).
 * @cursors: where the firmware sees the read/done cursor words (G16: the
 *	alias of SGX+0xd64000; G17P: the RAM state base).
 * @producers: where it sees the producer words (G16: the alias of
 *	SGX+0xd60000; G17P: unused, they follow the cursors).
 */
struct agx4_fw_chan_in {
	u64 bundle;
	u64 main_config;
	u64 status_a;
	u64 cursors;
	u64 producers;
};

/**
 * struct agx4_fw_mc_view - a region view of a G17P main config
 * @address: the region.
 * @value: its value word.
 */
struct agx4_fw_mc_view {
	u64 address;
	u32 value;
};

/* Regions (G16) and region views (G17P) a main config lists. */
#define AGX4_FW_MC_REGIONS	6
#define AGX4_FW_MC_VIEWS	3

/**
 * struct agx4_fw_mc_in - what a main config holds besides its channels
 * @chan: where its channels' rings and cursors are.
 * @instance: the firmware instance it is for.
 * @header: G16: the header pointer.
 * @regions: G16: the six region addresses.
 * @views: G17P primary: the three region views.
 * @extra: G17P secondary: its extra object.
 */
struct agx4_fw_mc_in {
	struct agx4_fw_chan_in chan;
	u32 instance;
	u64 header;
	u64 regions[AGX4_FW_MC_REGIONS];
	struct agx4_fw_mc_view views[AGX4_FW_MC_VIEWS];
	u64 extra;
};

/**
 * struct agx4_fw_queue_in - a queue record's inputs
 * @pointers: its pointer block.
 * @ring: its item ring.
 * @job_list: its job list.
 * @self: the record's own address (G16 places its private area after it).
 * @priority: firmware priority 0..3 (G17P: 2 only).
 * @uuid: the queue's UUID.
 * @context: its context/control record.
 */
struct agx4_fw_queue_in {
	u64 pointers;
	u64 ring;
	u64 job_list;
	u64 self;
	u32 priority;
	u32 uuid;
	u64 context;
};

/**
 * struct agx4_fw_run - constant bytes at an offset of an object
 * @offset: where.
 * @len: how many.
 * @bytes: the bytes.
 */
struct agx4_fw_run {
	u32 offset;
	u32 len;
	const u8 *bytes;
};

/**
 * struct agx4_fw_hw_region_in - a region record of G17P hwdata
 * @lead: its lead word.
 * @value: its value word.
 * @address: the region.
 * @trail: its trail word.
 */
struct agx4_fw_hw_region_in {
	u32 lead;
	u32 value;
	u64 address;
	u32 trail;
};

/**
 * struct agx4_fw_pstates - the performance-state tables of hwdata
 * @freq_a: frequencies A, MHz.
 * @freq_b: frequencies B, MHz.
 * @core_mv: core millivolts.
 * @mem_mv: memory millivolts.
 * @relative_a: relative performance A.
 * @relative_b: relative performance B.
 * @index_a: indices A.
 * @index_b: indices B.
 * @scale_b: the scale B of every state (binary32).
 */
struct agx4_fw_pstates {
	const u32 *freq_a;
	const u32 *freq_b;
	const u32 *core_mv;
	const u32 *mem_mv;
	const u32 *relative_a;
	const u32 *relative_b;
	const u32 *index_a;
	const u32 *index_b;
	u32 scale_b;
};

/**
 * struct agx4_fw_regwin_in - a hardware register window for hwdata
 * @slot: its slot, below %AGX4_FW_NUM_REGWINS.
 * @rw: the firmware may write it.
 * @pa: its physical address.
 * @fw_va: where the firmware sees it.
 * @size: its size in bytes, not 0.
 * @stride: the record's second size word, as the reference writes it.
 * @sgx_offset: its offset in the SGX window, 0 if absolute.
 */
struct agx4_fw_regwin_in {
	u32 slot;
	bool rw;
	u64 pa;
	u64 fw_va;
	u32 size;
	u32 stride;
	u64 sgx_offset;
};

/**
 * struct agx4_fw_hwdata_in - what hwdata says beyond the device tree
 * @ts_aperture: firmware address of the timestamp aperture.
 * @wins: the register windows.
 * @num_wins: how many.
 * @regions: G17P: the region records.
 * @num_regions: how many (G17P: up to %AGX4_FW_MAX_HW_REGIONS).
 */
struct agx4_fw_hwdata_in {
	u64 ts_aperture;
	const struct agx4_fw_regwin_in *wins;
	u32 num_wins;
	const struct agx4_fw_hw_region_in *regions;
	u32 num_regions;
};

/*
 * GAP: how many region records G17P hwdata holds is not known; agx4
 * takes up to this many (they stay below the next known field).
 */
#define AGX4_FW_MAX_HW_REGIONS	16

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
 * struct agx4_fw_chan_geom - the shape of a generation's channels
 * @work_msg_size: bytes of a work-channel message.
 * @ctl_size: bytes of a device-control record.
 * @event_size: bytes of an event record.
 * @ring_entries: entries of a work, control or event ring.
 * @trace_entries: entries of the trace ring.
 * @stamp_step: G16: what a lane's stamp advances by per work item.
 * @stamp_first: G16: the first stamp value of a TA, 3D and compute lane.
 */
struct agx4_fw_chan_geom {
	u32 work_msg_size;
	u32 ctl_size;
	u32 event_size;
	u32 ring_entries;
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
 * struct agx4_fw_ev_grow_in - a TVB growth request (event 6)
 * @context: the VM's context id (G17P: 1 or 2).
 * @slot: the pool (G16: buffer-manager slot 7..63; G17P: 0 or 1).
 * @counter: the request counter, echoed in the reply.
 * @subpipe: G16 subpipe; G17P grid (< 64).
 * @halt_count: G16 halt count, echoed in the reply.
 */
struct agx4_fw_ev_grow_in {
	u32 context;
	u32 slot;
	u32 counter;
	u32 subpipe;
	u64 halt_count;
};

/**
 * struct agx4_fw_ev_limit_in - memory limit reached (event 7)
 * @event: the fragment event (G16) or the work's event (G17P).
 * @stamp: the fragment stamp (G16).
 * @work: the TA or 3D descriptor (G17P).
 * @fragment: the fragment descriptor (G17P).
 * @vm: the VM (G17P).
 * @pool: the pool (G17P).
 */
struct agx4_fw_ev_limit_in {
	u32 event;
	u32 stamp;
	u64 work;
	u64 fragment;
	u64 vm;
	u64 pool;
};

/**
 * struct agx4_fw_event - an event record, checked and decoded
 * @kind: %AGX4_FW_EV_COMPLETION, %AGX4_FW_EV_FATAL, %AGX4_FW_EV_PARTIAL,
 *	%AGX4_FW_EV_GROW, %AGX4_FW_EV_LIMIT or %AGX4_FW_EV_RECEIPT.
 * @mask: completion: the 128-bit grid mask (G17P; G16 sends none).
 * @grow: growth request.
 * @limit: memory limit.
 * @partial_start: partial-render record (G16 trace channel): a partial
 *	render of @partial_queue started; false for other records.
 * @partial_queue: its queue.
 * @echo: receipt: words 1..17 of the control record it answers.
 */
struct agx4_fw_event {
	u32 kind;
	union {
		u64 mask[2];
		struct agx4_fw_ev_grow_in grow;
		struct agx4_fw_ev_limit_in limit;
		struct {
			bool partial_start;
			u64 partial_queue;
		};
		u32 echo[17];
	};
};

/**
 * struct agx4_fw_ctl - a device-control command, before encoding
 * @opcode: the command (%AGX4_FW_CTL_GROW_REPLY, ...).
 * @grow: %AGX4_FW_CTL_GROW_REPLY: @grow.subpipe is the G16 subpipe and
 *	@grow.halt_count its halt count (both echoed); @grow_ok 1 if the
 *	pool grew.
 * @grow_ok: see @grow.
 * @fragment_queue: %AGX4_FW_CTL_LIMIT_REPLY (G16): the fragment queue.
 * @fragment_stamp: and its stamp.
 * @control_data: %AGX4_FW_CTL_REGISTER (G16): CONTROL_DATA.
 * @operands: and the operand table.
 * @count: and the operand count (160).
 * @ctrl: %AGX4_FW_CTL_CLEANUP (G17P): bytes 0x26, 0, 1 and 4 of the
 *	channel-control record.
 * @context_control: and the context-control record.
 * @maint_kind: %AGX4_FW_CTL_MAINTENANCE (G17P): kind 0..2.
 * @maint_phase: and phase 1..2.
 * @ordinal: %AGX4_FW_CTL_TICK (G17P): the render ordinal, 2 or more.
 */
struct agx4_fw_ctl {
	u32 opcode;
	union {
		struct {
			struct agx4_fw_ev_grow_in grow;
			u32 grow_ok;
		};
		struct {
			u64 fragment_queue;
			u32 fragment_stamp;
		};
		struct {
			u64 control_data;
			u64 operands;
			u32 count;
		};
		struct {
			u8 ctrl[4];
			u64 context_control;
		};
		struct {
			u32 maint_kind;
			u32 maint_phase;
		};
		u32 ordinal;
	};
};

/**
 * struct agx4_fw_gen - what agx4 knows of one GPU generation's firmware
 *
 * One per generation, in that generation's own file (agx4_fw_g16.c,
 * agx4_fw_g17p.c); chosen at probe by agx4_fw_gen_select() from the SoC
 * and the firmware build.  The structure layouts and builders of each
 * generation join it there.
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
	 * @read_gpu_info: read and check the GPU's identity (ID registers
	 * and device-tree inputs); -ENODEV for a GPU agx4 cannot drive.
	 */
	int (*read_gpu_info)(struct agx4_device *adev,
			     struct agx4_gpu_info *info);
	/** @layouts: the decoder's view of every object declared. */
	const struct agx4_fw_layout *layouts;
	/** @num_layouts: entries in @layouts. */
	u32 num_layouts;
	/**
	 * @build_root: write an init-data root into @buf (@size bytes,
	 * zeroed first); -EINVAL for a buffer too small or a bad instance.
	 */
	int (*build_root)(const struct agx4_fw_gen *gen,
			  const struct agx4_fw_root_in *in, void *buf,
			  size_t size);
	/**
	 * @build_channels: fill the channel table of the main config in
	 * @buf (@size bytes; only the table is written); -EINVAL for a
	 * buffer too small.
	 */
	int (*build_channels)(const struct agx4_fw_chan_in *in, void *buf,
			      size_t size);
	/**
	 * @build_main_config: write a whole main config into @buf (@size
	 * bytes, zeroed first), channel table included; -EINVAL for a
	 * buffer too small or an instance the generation does not have.
	 */
	int (*build_main_config)(const struct agx4_fw_gen *gen,
				 const struct agx4_fw_mc_in *in, void *buf,
				 size_t size);
	/**
	 * @build_queue: write a queue record into @buf (@size bytes,
	 * zeroed first); -EINVAL for a buffer too small or a priority the
	 * generation does not take.
	 */
	int (*build_queue)(const struct agx4_fw_queue_in *in, void *buf,
			   size_t size);
	/**
	 * @build_hwdata: write hwdata into @buf (@size bytes, zeroed first)
	 * from the device-tree inputs and @in; -EINVAL for a short buffer, a
	 * window slot out of range or used twice, or device-tree values the
	 * firmware does not take.  NULL where agx4 cannot build it yet.
	 */
	int (*build_hwdata)(const struct agx4_fw_gen *gen,
			    const struct agx4_platform *plat,
			    const struct agx4_fw_hwdata_in *in, void *buf,
			    size_t size);
	/**
	 * @build_region_c: write region C into @buf (@size bytes, zeroed
	 * first); -EINVAL for a short buffer or a missing power limit.
	 */
	int (*build_region_c)(const struct agx4_platform *plat, void *buf,
			      size_t size);
	/** @render_objs: the objects @build_render writes, in order. */
	const struct agx4_fw_item *render_objs;
	/** @num_render_objs: entries in @render_objs. */
	u32 num_render_objs;
	/**
	 * @build_render: build a render job's work items into @bufs (one
	 * per entry of @render_objs); nothing is written unless every
	 * input checks out.
	 */
	int (*build_render)(const struct agx4_render_desc *d,
			    const struct agx4_fw_render_in *in,
			    const struct agx4_fw_buf *bufs);
	/** @compute_objs: the objects @build_compute writes, in order. */
	const struct agx4_fw_item *compute_objs;
	/** @num_compute_objs: entries in @compute_objs. */
	u32 num_compute_objs;
	/** @build_compute: the same for a compute job. */
	int (*build_compute)(const struct agx4_compute_desc *d,
			     const struct agx4_fw_compute_in *in,
			     const struct agx4_fw_buf *bufs);
	/**
	 * @build_optional: write the optional record that precedes a
	 * descriptor (G17P; NULL elsewhere) into @buf (@size bytes, zeroed
	 * first); -EINVAL for a short buffer, an unknown stage or a value
	 * too wide for its field.
	 */
	int (*build_optional)(const struct agx4_fw_optional_in *in, void *buf,
			      size_t size);
	/** @tvb_objs: the objects @build_tvb writes, in order. */
	const struct agx4_fw_item *tvb_objs;
	/** @num_tvb_objs: entries in @tvb_objs. */
	u32 num_tvb_objs;
	/**
	 * @build_tvb: build a VM's TVB pool objects into @bufs (one per
	 * entry of @tvb_objs); nothing is written unless every input checks
	 * out.
	 */
	int (*build_tvb)(const struct agx4_fw_gen *gen,
			 const struct agx4_fw_tvb_in *in,
			 const struct agx4_fw_buf *bufs);
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
};

extern const struct agx4_fw_gen agx4_fw_g16;
extern const struct agx4_fw_gen agx4_fw_g17p;

const struct agx4_fw_gen *agx4_fw_gen_select(struct device *dev,
					     const struct agx4_platform *plat);
int agx4_fw_gen_list_builds(enum agx4_soc_id soc, char *buf, size_t len);
int agx4_fw_build_root(const struct agx4_fw_gen *gen,
		       const struct agx4_fw_root_in *in, void *buf, size_t size);
void agx4_fw_gen_layouts_print(const struct agx4_fw_gen *gen,
			       struct drm_printer *p);
const struct agx4_fw_layout *agx4_fw_layout_find(const struct agx4_fw_gen *gen,
						 const char *name);
int agx4_fw_build_region_a(void *buf, size_t size);
int agx4_fw_regwins_check(const struct agx4_fw_hwdata_in *in);
void agx4_fw_hwdata_fill(struct agx4_fw_hwdata *hw,
			 const struct agx4_fw_pstates *ps, const u32 *groups,
			 unsigned int ngroups);
void agx4_fw_regwins_fill(struct agx4_fw_hwdata *hw,
			  const struct agx4_fw_hwdata_in *in);
int agx4_fw_apply_runs(const struct agx4_fw_run *runs, unsigned int n,
		       void *buf, size_t size);
int agx4_fw_parse_common_event(const void *rec, struct agx4_fw_event *ev);
u32 agx4_fw_stamp_value(const struct agx4_fw_gen *gen, unsigned int lane,
			u32 ordinal);
bool agx4_fw_stamp_reached(u32 stamp, u32 target);
void agx4_fw_fill_uat_levels(const struct agx4_fw_gen *gen, void *levels);
void agx4_fw_fill_status_channels(void *channels, u64 status_a);
void agx4_fw_debugfs_init(struct agx4_device *adev);
int agx4_fw_debugfs_add_object(struct agx4_device *adev, const char *file,
			       const char *object, const void *obj,
			       size_t size);
void agx4_fw_decode(const struct agx4_fw_layout *l, const void *obj,
		    size_t size, struct drm_printer *p);

#endif /* AGX4_FW_H */
