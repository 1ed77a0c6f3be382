/*
 * sandbox.h: running a program under limits, for lg-flake8.
 *
 * sb_run() runs argv with a wall-clock timeout and resource limits and
 * captures the tail of its stdout and stderr.  In box mode the program is an
 * untrusted answer: it runs in new user (unless started by root), mount,
 * network, PID, IPC and UTS namespaces, all of them or it does not run; in
 * a session of its own inside them; in the private root of jail.h, with
 * code seen as /answer.py and /tmp its small writable working directory;
 * as nobody when started by root; without capabilities, under
 * no_new_privs and the system call filter of jail.h; with a scrubbed
 * environment and stdin from /dev/null.  Whatever it started is killed
 * when it ends or times out.  Outside box mode (flake8, the parser helper)
 * only the limits, the timeout and the process group apply.
 *
 * The caller owns the sb_result and frees it with sb_result_free().
 */
#ifndef LG_FLAKE8_SANDBOX_H
#define LG_FLAKE8_SANDBOX_H

#include <stddef.h>

#include "buf.h"

typedef struct {
	double timeout;			/* wall-clock seconds */
	long cpu;			/* RLIMIT_CPU seconds, 0: none */
	unsigned long long mem;		/* RLIMIT_AS bytes, 0: none */
	unsigned long long fsize;	/* RLIMIT_FSIZE bytes, 0: none */
	long nproc;			/* processes it may add, 0: no limit */
	int box;			/* untrusted answer: isolate it */
	const char *dir;		/* working directory (box: an empty
					 * directory, the private root's mount point) */
	const char *code;		/* box: the answer, seen as /answer.py */
	size_t cap;			/* bytes kept of stdout and of stderr */
} sb_opts;

enum { SB_EXITED, SB_SIGNALED, SB_TIMEOUT, SB_FAILED };

typedef struct {
	int how;		/* SB_EXITED, ... */
	int code;		/* exit status or signal number */
	struct buf out, err;		/* the last cap bytes of each */
	int network;		/* box: 1 in its own network namespace */
	int pidns;		/* box: 1 in its own PID namespace */
	const char *fs;		/* box: "private-root", or "none" */
	const char *user;	/* box: "nobody", "user-namespace", "unchanged" */
	char why[400];		/* SB_FAILED: what went wrong */
} sb_result;

int sb_run(char *const argv[], char *const envp[], const sb_opts *o,
    sb_result *r);

/* Several runs, up to parallel at a time; each job's r is set.  The job
 * owns nothing; argv, envp and the strings of o must outlive the call. */
typedef struct {
	char *const *argv;
	char *const *envp;
	sb_opts o;
	sb_result r;
	/* private */
	int pid, out, err, st, pidfd, started, done;
	double deadline;
} sb_job;

void sb_run_jobs(sb_job *jobs, size_t n, int parallel);
void sb_result_free(sb_result *r);

/* Prepare a fresh box directory for the sandboxed user; 0 or -1 (errno). */
int sb_box_prepare(const char *dir);
/* Remove a directory tree without following links; 0 or -1.  Safe in a
 * signal handler: no allocation, only system calls. */
int sb_rmtree(const char *path);

/* Remove dir (NULL: nothing) with sb_rmtree() when a signal that can be
 * caught and is not ignored ends the process. */
void sb_clean_on_signals(const char *dir);

/* Open files an answer may hold at once. */
#define SB_FILES 256

/* The box's version: a new one whenever what a program sees or may do in
 * it changes, for the originals' outputs carried in records (carry.h). */
#define SB_BOX "2"

/* The uid the box runs as when started by root. */
#define SB_NOBODY 65534

#endif
