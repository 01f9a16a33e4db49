// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 */

#include <linux/slab.h>

#include <drm/drm_file.h>
#include <drm/drm_gem.h>

#include <kunit/visibility.h>

#include "agx4_file.h"
#include "agx4_gem.h"
#include "agx4_queue.h"
#include "agx4_vm.h"

/**
 * agx4_file_open() - &drm_driver.open: per-file state
 * @drm: the device.
 * @file: the new file.
 *
 * Return: 0 or -ENOMEM.
 */
int agx4_file_open(struct drm_device *drm, struct drm_file *file)
{
	struct agx4_file *af = kzalloc(sizeof(*af), GFP_KERNEL);

	if (!af)
		return -ENOMEM;
	mutex_init(&af->vm_lock);
	xa_init_flags(&af->vms, XA_FLAGS_ALLOC1);
	xa_init_flags(&af->queues, XA_FLAGS_ALLOC1);
	xa_init_flags(&af->ts_objects, XA_FLAGS_ALLOC1);
	file->driver_priv = af;
	return 0;
}

/**
 * agx4_file_postclose() - &drm_driver.postclose: drop what the file held
 * @drm: the device.
 * @file: the file; its handles are gone already.
 *
 * A VM still used by queues or jobs lives on until they drop it.
 */
void agx4_file_postclose(struct drm_device *drm, struct drm_file *file)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_gem_fw_binding *b;
	struct agx4_queue *q;
	struct agx4_vm *vm;
	unsigned long id;

	/* Queues first: each holds its VM. */
	xa_for_each(&af->queues, id, q) {
		xa_erase(&af->queues, id);
		agx4_queue_put(q);
	}
	xa_destroy(&af->queues);
	xa_for_each(&af->ts_objects, id, b) {
		xa_erase(&af->ts_objects, id);
		agx4_gem_unbind_fw(b);
	}
	xa_destroy(&af->ts_objects);
	xa_for_each(&af->vms, id, vm) {
		xa_erase(&af->vms, id);
		agx4_vm_put(vm);
	}
	xa_destroy(&af->vms);
	mutex_destroy(&af->vm_lock);
	kfree(af);
}

/**
 * agx4_file_add() - give an object an id in one of the file's tables
 * @xa: the table (&agx4_file.vms or &agx4_file.queues).
 * @obj: the object; the table takes over the caller's reference.
 * @max: the largest id, so one file cannot grow a table without bound.
 * @id: the new id, from 1.
 *
 * Return: 0, -ENOSPC when every id up to @max is taken, -ENOMEM.
 */
int agx4_file_add(struct xarray *xa, void *obj, u32 max, u32 *id)
{
	int ret = xa_alloc(xa, id, obj, XA_LIMIT(1, max), GFP_KERNEL);

	return ret == -EBUSY ? -ENOSPC : ret;
}

/**
 * agx4_file_get_vm() - look a VM of the file up
 * @file: the file.
 * @id: the VM's id.
 *
 * Return: the VM with a reference the caller drops, or NULL.
 */
struct agx4_vm *agx4_file_get_vm(struct drm_file *file, u32 id)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_vm *vm;

	xa_lock(&af->vms);
	vm = xa_load(&af->vms, id);
	if (vm)
		agx4_vm_get(vm);
	xa_unlock(&af->vms);
	return vm;
}
EXPORT_SYMBOL_IF_KUNIT(agx4_file_get_vm);

/**
 * agx4_file_close_object() - &drm_gem_object_funcs.close
 * @obj: an object whose handle @file closes.
 * @file: the file.
 *
 * Closing a handle removes the object's mappings from every VM of the
 * file, as upstream does; Mesa relies on it and never unbinds first.  A
 * failure to allocate leaves the mappings until the VM goes.
 */
void agx4_file_close_object(struct drm_gem_object *obj, struct drm_file *file)
{
	struct agx4_file *af = file->driver_priv;
	struct agx4_vm *vm;
	unsigned long id;

	if (!af)
		return;
	mutex_lock(&af->vm_lock);
	xa_for_each(&af->vms, id, vm)
		agx4_vm_unmap_obj(vm, obj);
	mutex_unlock(&af->vm_lock);
}
