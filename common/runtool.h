/*
 * runtool.h: run other lg tools as children and keep what they print, so
 * that a tool shows what the other computes instead of a second copy of
 * its code (lg-report shows lg-agg's tables).
 */
#ifndef LG_RUNTOOL_H
#define LG_RUNTOOL_H

#include <stddef.h>

#include "buf.h"

/*
 * One run: name and argv (its arguments after its name, NULL-terminated)
 * are the caller's and must outlive the run; out and err are appended to
 * (the caller's to free); status is set when the run ends, and why, when
 * it is -1, to a message (the caller's to show, or not, and free).
 */
typedef struct runjob {
	const char *name;
	char *const *argv;
	struct buf out, err;
	int status;
	char *why;
} runjob;

/*
 * Run jobs[0..n), at most par at once.  A job runs the tool name: the
 * file of that name beside self (this program's argv[0]) when self names
 * a folder and it is there, else the one on PATH.  Its standard input is
 * fd read from its start, through a file description of its own (where
 * the system cannot open fd again, as without /proc, the jobs run one at
 * a time); what it writes on its standard output is appended to out, on
 * its standard error to err, each up to max bytes, whatever the order the
 * jobs end in.  Its status: its exit status, or -1 with why set (it
 * could not start or was not found, died of a signal, or wrote more than
 * max bytes): nothing is said here, so that a caller that shows only the
 * first failure of several says only that one.
 */
void runtools(const char *self, runjob *jobs, size_t n, int fd, size_t max,
    int par);

/*
 * In a child: execute the tool name with argv (its arguments after its
 * name, NULL-terminated), found as runtools() finds it: beside self when
 * self names a folder and it is there, else on PATH.  Returns only when
 * neither could be run (errno set).
 */
void runtool_exec(const char *self, const char *name, char *const *argv);

#endif
