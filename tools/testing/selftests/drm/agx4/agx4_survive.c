// SPDX-License-Identifier: GPL-2.0-only OR MIT
/*
 * Copyright 2026 The agx4 authors
 *
 * The desktop survives firmware crashes, from userspace.  CLIENTS clients,
 * each its own DRM file with the Mesa fork's address space and a render
 * and a compute queue, open and render once, then submit render and
 * compute work from threads of their own, and now and then make a new
 * queue on their VM and destroy it, while the firmware crashes CRASHES
 * times (the model's ``fault crash 0`` control; each restart waited for,
 * see crash_once()).  No client caused a fault, so none may see an error
 * from SUBMIT or QUEUE_CREATE (the Mesa driver aborts on one), and every
 * job ends with success or, where the firmware had it when it crashed,
 * -EIO.  After the crashes every queue still runs work to completion.
 * Prints "agx4-survive: clients = N, crashes = N, innocent submit errors
 * = N".
 *
 * Needs the firmware model's control (debugfs ``agx4/model_script``); on
 * a real GPU every case is skipped.  On G16 the clients take about 1 GiB
 * of kernel memory: each VM that renders has 24 operand buffers of 2 MiB
 * (the reference's layout), about 52 MiB of firmware objects in all.
 */

#include <pthread.h>

#include "agx4_fork.h"

#define CLIENTS		16
#define CRASHES		100
/* How long the clients work between two crashes, at least. */
#define BETWEEN_US	50000
/* The most a restart is waited for: a bound, not a measure. */
#define RESTART_BOUND_US	10000000
/*
 * The most a job is waited for, also a bound: a job may wait through
 * several restarts (each prepares it again), and in the arm64 TCG guest
 * on a loaded two-core host the slowest round took about 10 s.
 */
#define JOB_BOUND_NS		(30ull * 1000000000ull)

/**
 * struct client - one client and what it saw
 * @d: its DRM file.
 * @f: its address space.
 * @rq: its render queue.
 * @cq: its compute queue.
 * @thread: the thread that submits for it.
 * @open: the open and both queues succeeded.
 * @submits: SUBMITs that succeeded.
 * @submit_errors: SUBMITs and QUEUE_CREATEs that failed.
 * @fence_errors: jobs that ended with anything but success or -EIO.
 * @eio: jobs that ended with -EIO (a crash found them in the firmware).
 * @last_error: the errno of the last failed ioctl, 0 for none.
 * @slowest_ms: the longest a round (SUBMIT to both jobs' end) took.
 */
struct client {
	struct dev d;
	struct fork f;
	uint32_t rq, cq;
	pthread_t thread;
	bool open;
	unsigned long submits, submit_errors, fence_errors, eio;
	int last_error;
	long slowest_ms;
};

static long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static volatile bool stop;

static bool wait_job(int fd, uint32_t h)
{
	return !drmSyncobjWait(fd, &h, 1, deadline(JOB_BOUND_NS), 0, NULL);
}

/* A job's end: 0 success or -EIO; else it counts. */
static void job_end(struct client *c, uint32_t h)
{
	int st;

	if (!wait_job(c->d.fd, h)) {
		c->fence_errors++;
		ksft_print_msg("a job did not end within %llu s\n",
			       JOB_BOUND_NS / 1000000000ull);
		return;
	}
	st = fence_status(c->d.fd, h);
	if (st == -EIO) {
		c->eio++;
	} else if (st != 1) {
		c->fence_errors++;
		ksft_print_msg("a job ended with %d\n", st);
	}
}

/* An ioctl's result, counted against @c when it failed. */
static bool counted(struct client *c, int ret)
{
	if (ret) {
		c->submit_errors++;
		c->last_error = ret;
	}
	return !ret;
}

/* One render and one compute, each on its queue, waited for. */
static void one_round(struct client *c, unsigned int n)
{
	const uint32_t q[2] = { c->rq, c->cq };
	struct cmdbuf cb[2] = { 0 };
	struct drm_asahi_sync s;
	uint32_t out[2] = { 0, 0 };
	bool sent[2];
	long start = now_ms();
	int i;

	cmd_render(&cb[0], &c->f, n % 8);
	cmd_compute(&cb[1], &c->f, n % 8);
	for (i = 0; i < 2; i++) {
		drmSyncobjCreate(c->d.fd, 0, &out[i]);
		s = binary(out[i]);
		sent[i] = counted(c, submit(c->d.fd, q[i], &cb[i], &s, 0, 1));
		c->submits += sent[i];
	}
	for (i = 0; i < 2; i++) {
		/* A refused SUBMIT has no job to wait for. */
		if (sent[i])
			job_end(c, out[i]);
		drmSyncobjDestroy(c->d.fd, out[i]);
	}
	if (now_ms() - start > c->slowest_ms)
		c->slowest_ms = now_ms() - start;
}

static void *client_work(void *arg)
{
	struct client *c = arg;
	unsigned int n;
	uint32_t q;

	for (n = 0; !stop; n++) {
		one_round(c, n);
		/* A VM from before a crash takes a new queue. */
		if (n % 16 == 15) {
			if (counted(c, queue_create(c->d.fd, c->f.vm,
						    DRM_ASAHI_PRIORITY_MEDIUM,
						    &q)))
				queue_destroy(c->d.fd, q);
		}
	}
	return NULL;
}

/* The first device coredump, as comment lines: what a failure left. */
static void print_dump(void)
{
	DIR *dir = opendir("/sys/class/devcoredump");
	char path[300], line[512];
	struct dirent *e;
	unsigned int n = 0;
	FILE *f;

	if (!dir)
		return;
	while ((e = readdir(dir)))
		if (!strncmp(e->d_name, "devcd", 5))
			break;
	if (e) {
		snprintf(path, sizeof(path), "/sys/class/devcoredump/%s/data",
			 e->d_name);
		f = fopen(path, "r");
		while (f && n++ < 400 && fgets(line, sizeof(line), f))
			ksft_print_msg("dump: %s", line);
		if (f)
			fclose(f);
	}
	closedir(dir);
}

/* Errors of any kind the clients saw so far. */
static unsigned long cl_errors(const struct client *cl)
{
	unsigned long n = 0;
	unsigned int i;

	for (i = 0; i < CLIENTS; i++)
		n += cl[i].submit_errors + cl[i].fence_errors;
	return n;
}

static bool client_open(struct client *c)
{
	c->d.fd = open_asahi();
	if (c->d.fd < 0 || get_params(c->d.fd, &c->d.p))
		return false;
	return fork_open(&c->d, &c->f, NULL) &&
	       !queue_create(c->d.fd, c->f.vm, DRM_ASAHI_PRIORITY_MEDIUM,
			     &c->rq) &&
	       !queue_create(c->d.fd, c->f.vm, DRM_ASAHI_PRIORITY_MEDIUM,
			     &c->cq);
}

/*
 * Crash the firmware once and wait for its restart: until debugfs info
 * counts it begun, then until a compute of @probe's (a client of its own)
 * completes, which it does only once the restart made the queues again.
 * False if no restart came or the probe's job failed.
 */
static bool crash_once(struct client *probe)
{
	int fd = probe->d.fd;
	long before = info_value(fd, "restarts"), waited;
	struct cmdbuf cb = { 0 };
	struct drm_asahi_sync s;
	uint32_t out = 0;
	bool ok;

	if (before < 0 || model_script(fd, "fault crash 0\n"))
		return false;
	for (waited = 0; waited < RESTART_BOUND_US &&
	     info_value(fd, "restarts") <= before; waited += 10000)
		sleep_us(10000);
	if (info_value(fd, "restarts") <= before)
		return false;
	cmd_compute(&cb, &probe->f, 0);
	drmSyncobjCreate(fd, 0, &out);
	s = binary(out);
	ok = !submit(fd, probe->cq, &cb, &s, 0, 1) && wait_job(fd, out) &&
	     fence_status(fd, out) == 1;
	drmSyncobjDestroy(fd, out);
	return ok;
}

int main(void)
{
	static struct client cl[CLIENTS], probe;
	unsigned long errors = 0, fence_errors = 0, eio = 0, submits = 0;
	long slowest = 0, first = 0;
	unsigned int i, crashes = 0, opened = 0, last_ok = 0;
	long restarts_before;

	ksft_print_header();
	cl[0].d.fd = open_asahi();
	if (cl[0].d.fd < 0)
		ksft_exit_fail_msg("no asahi render node\n");
	if (!model_scriptable(cl[0].d.fd)) {
		ksft_test_result_skip("survive_clients_open (no model_script control: not the model)\n");
		ksft_test_result_skip("survive_crashes_restart\n");
		ksft_test_result_skip("survive_no_innocent_submit_error\n");
		ksft_test_result_skip("survive_no_innocent_fence_error\n");
		ksft_test_result_skip("survive_queues_work_after\n");
		done();
	}
	model_script(cl[0].d.fd, "clear\n");
	close(cl[0].d.fd);
	/*
	 * Each client opens and renders once before the crashes, one after
	 * the other, as a desktop's clients start.  The first render of a
	 * VM makes its render objects (on G16 about 52 MiB, zeroed): under
	 * TCG about 230 ms of CPU each, so sixteen at once keep the model
	 * from running a job for longer than the guest's 3 s job timeout.
	 */
	kmsg("survive: clients open");
	for (i = 0; i < CLIENTS; i++) {
		long t = now_ms();

		if (!client_open(&cl[i]))
			continue;
		opened++;
		one_round(&cl[i], 0);
		if (now_ms() - t > first)
			first = now_ms() - t;
	}
	ksft_print_msg("the slowest open and first round took %ld ms\n", first);
	ksft_test_result(opened == CLIENTS && !cl_errors(cl) &&
			 client_open(&probe), "survive_clients_open\n");
	if (opened != CLIENTS)
		done();
	restarts_before = info_value(cl[0].d.fd, "restarts");
	stop = false;
	for (i = 0; i < CLIENTS; i++)
		if (pthread_create(&cl[i].thread, NULL, client_work, &cl[i]))
			ksft_exit_fail_msg("pthread_create failed\n");
	kmsg("survive: crashes");
	for (i = 0; i < CRASHES; i++) {
		sleep_us(BETWEEN_US);
		crashes += crash_once(&probe);
	}
	sleep_us(BETWEEN_US);
	stop = true;
	for (i = 0; i < CLIENTS; i++)
		pthread_join(cl[i].thread, NULL);
	kmsg("survive: after");
	/* Every queue still runs work to completion. */
	for (i = 0; i < CLIENTS; i++) {
		unsigned long before = cl[i].fence_errors + cl[i].eio +
				       cl[i].submit_errors;

		one_round(&cl[i], 0);
		last_ok += cl[i].fence_errors + cl[i].eio +
			   cl[i].submit_errors == before;
	}
	for (i = 0; i < CLIENTS; i++) {
		errors += cl[i].submit_errors;
		fence_errors += cl[i].fence_errors;
		eio += cl[i].eio;
		submits += cl[i].submits;
		if (cl[i].slowest_ms > slowest)
			slowest = cl[i].slowest_ms;
		if (cl[i].last_error)
			ksft_print_msg("client %u: last ioctl error %s\n", i,
				       strerror(-cl[i].last_error));
	}
	ksft_print_msg("%lu jobs submitted, %lu ended with -EIO (in the firmware at a crash); the slowest round took %ld ms\n",
		       submits, eio, slowest);
	ksft_print_msg("agx4-survive: clients = %u, crashes = %ld, innocent submit errors = %lu\n",
		       CLIENTS, info_value(cl[0].d.fd, "restarts") -
		       restarts_before, errors);
	ksft_test_result(crashes == CRASHES, "survive_crashes_restart\n");
	ksft_test_result(!errors, "survive_no_innocent_submit_error\n");
	ksft_test_result(!fence_errors, "survive_no_innocent_fence_error\n");
	ksft_test_result(last_ok == CLIENTS, "survive_queues_work_after\n");
	for (i = 0; i < CLIENTS; i++)
		close(cl[i].d.fd);
	close(probe.d.fd);
	if (errors || fence_errors)
		print_dump();
	/* Each restart's devcoredump: dismissed. */
	crash_dumps(true);
	done();
}
