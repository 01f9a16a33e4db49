/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 */
#ifndef AGX4_JOB_H
#define AGX4_JOB_H

#include <linux/types.h>

struct agx4_cmdbuf;
struct agx4_device;
struct agx4_job_queue;
struct agx4_job_usage;
struct agx4_vm;
struct dma_fence;
struct drm_file;
struct drm_printer;
struct drm_syncobj;

/* How long a job may run before its queue is killed, by default. */
#define AGX4_JOB_TIMEOUT_MS	10000

/**
 * struct agx4_job_syncs - the resolved syncs of one SUBMIT
 * @in: fences to wait for, @nin of them; the job takes the references.
 * @nin: entries of @in.
 * @out: syncobjs to signal, @nout of them; references held by the caller.
 * @points: for each of @out, the timeline point, 0 for a binary syncobj.
 * @nout: entries of @out and @points.
 */
struct agx4_job_syncs {
	struct dma_fence **in;
	u32 nin;
	struct drm_syncobj **out;
	u64 *points;
	u32 nout;
};

int agx4_job_init(struct agx4_device *adev);
void agx4_job_fini(struct agx4_device *adev);
void agx4_job_unplug(struct agx4_device *adev);
void agx4_job_fw_gone(struct agx4_device *adev);

struct agx4_job_queue *agx4_job_queue_create(struct agx4_device *adev,
					     struct agx4_vm *vm, u32 priority,
					     u64 usc_exec_base,
					     struct agx4_job_usage *usage);
struct agx4_job_queue *agx4_job_queue_get(struct agx4_job_queue *q);
void agx4_job_queue_put(struct agx4_job_queue *q);

int agx4_job_submit(struct agx4_job_queue *q, struct drm_file *file,
		    struct agx4_cmdbuf *cb, struct agx4_job_syncs *syncs);
void agx4_job_notify(struct agx4_device *adev);
u64 agx4_job_features(struct agx4_device *adev);
long agx4_job_timeout(void);

#if IS_ENABLED(CONFIG_DRM_AGX4_KUNIT_TEST)
struct agx4_fw_submit_ops;

extern unsigned int agx4_job_timeout_ms;
extern unsigned int agx4_hang_timeout_ms;
int agx4_job_init_backend(struct agx4_device *adev,
			  const struct agx4_fw_submit_ops *ops);
void agx4_job_flush(struct agx4_device *adev);
#endif

/*
 * The job unit's own, for its restart half (agx4_job_reset.c) only;
 * agx4_job.c defines them and says what each does.
 */
struct agx4_event_handlers;
struct agx4_fw_job;
struct agx4_fw_queue;
struct agx4_job;
struct agx4_job_dev;

extern const struct agx4_event_handlers agx4_job_event_handlers;

void agx4_job_retire_locked(struct agx4_job_dev *jd, struct agx4_job *job,
			    int err);
void agx4_job_fw_made(struct agx4_job_dev *jd, struct agx4_fw_job *fj);
void agx4_job_gate_open(struct agx4_job_dev *jd, bool again);
void agx4_job_fw_free(struct agx4_job_dev *jd, struct agx4_fw_job *fj,
		      bool fw);
void agx4_job_release_storage(struct agx4_job_dev *jd, struct agx4_job *job,
			      bool fw);
void agx4_job_queue_unref(struct agx4_job_queue *q);
void agx4_job_stop_engine(struct agx4_device *adev);

#endif /* AGX4_JOB_H */
