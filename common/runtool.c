/* runtool.c: run other lg tools, their output kept (runtool.h). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "runtool.h"
#include "xalloc.h"

/* A job running: its child, the read ends of its pipes (-1 once ended) and
 * what each said so far. */
typedef struct running {
	runjob *job;
	pid_t pid;
	int fd[2];
	size_t got[2];
	int over;
} running;

void
runtool_exec(const char *self, const char *name, char *const *argv)
{
	const char *slash = self != NULL ? strrchr(self, '/') : NULL;
	size_t n = 0, i;
	char **av, *path;

	while (argv[n] != NULL)
		n++;
	av = xcalloc(n + 2, sizeof *av);
	av[0] = (char *)name;
	for (i = 0; i < n; i++)
		av[i + 1] = argv[i];
	if (slash != NULL) {
		path = xasprintf("%.*s/%s", (int)(slash - self), self, name);
		execv(path, av);
		free(path);
	}
	execvp(name, av);	/* not beside this program: on PATH */
}

/*
 * The child: its standard input the records (reopened when reopen names
 * a path, so that its offset is its own), the pipes' ends as stdout and
 * stderr, then the tool; never returns.
 */
static void
child(const char *self, const char *name, char *const *argv, int fd,
    const char *reopen, int o, int e)
{
	if (reopen != NULL && (fd = open(reopen, O_RDONLY)) < 0)
		_exit(127);
	if (dup2(fd, 0) < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
		_exit(127);
	runtool_exec(self, name, argv);
	_exit(127);
}

/* Start job j; 0, or -1 after a message (j->status set). */
static int
start(running *r, runjob *j, const char *self, int fd, const char *reopen)
{
	int po[2], pe[2];

	memset(r, 0, sizeof *r);
	r->job = j;
	r->fd[0] = r->fd[1] = -1;
	if ((reopen == NULL && lseek(fd, 0, SEEK_SET) < 0) ||
	    pipe2(po, O_CLOEXEC) < 0) {
		j->why = xasprintf("%s: %s", j->name, strerror(errno));
		j->status = -1;
		return -1;
	}
	if (pipe2(pe, O_CLOEXEC) < 0 || (r->pid = fork()) < 0) {
		j->why = xasprintf("%s: %s", j->name, strerror(errno));
		close(po[0]);
		close(po[1]);
		j->status = -1;
		return -1;
	}
	if (r->pid == 0)
		child(self, j->name, j->argv, fd, reopen, po[1], pe[1]);
	close(po[1]);
	close(pe[1]);
	r->fd[0] = po[0];
	r->fd[1] = pe[0];
	return 0;
}

/* Job r's pipes have ended: its status from its child's. */
static void
finish(running *r, size_t max)
{
	runjob *j = r->job;
	int st;

	while (waitpid(r->pid, &st, 0) < 0)
		if (errno != EINTR) {
			j->why = xasprintf("%s: %s", j->name, strerror(errno));
			j->status = -1;
			return;
		}
	if (r->over)
		j->why = xasprintf("%s: wrote more than %zu bytes", j->name,
		    max);
	else if (WIFEXITED(st) && WEXITSTATUS(st) == 127 && j->err.len == 0)
		j->why = xasprintf("%s: not found beside %s nor on PATH",
		    j->name, lg_prog);
	else if (WIFSIGNALED(st))
		j->why = xasprintf("%s: killed by signal %d", j->name,
		    WTERMSIG(st));
	if (j->why != NULL)
		j->status = -1;
	else
		j->status = WEXITSTATUS(st);
}

/* Read what one pipe of r has, closing it at its end. */
static void
take(running *r, int i, size_t max, char *tmp, size_t size)
{
	ssize_t n = read(r->fd[i], tmp, size);

	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return;
	if (n <= 0) {
		close(r->fd[i]);
		r->fd[i] = -1;
		return;
	}
	r->got[i] += (size_t)n;
	if (r->got[i] > max)
		r->over = 1;
	else
		buf_add(i == 0 ? &r->job->out : &r->job->err, tmp, (size_t)n);
}

void
runtools(const char *self, runjob *jobs, size_t n, int fd, size_t max,
    int par)
{
	char reopen[64], *tmp;
	running *run;
	struct pollfd *p;
	size_t next = 0, nrun = 0, i, k;
	int t;

	/* a file description of each child's own: fd opened again */
	snprintf(reopen, sizeof reopen, "/proc/self/fd/%d", fd);
	if ((t = open(reopen, O_RDONLY | O_CLOEXEC)) < 0)
		par = 1;
	else
		close(t);
	if (par < 1)
		par = 1;
	run = xcalloc((size_t)par, sizeof *run);
	p = xcalloc(2 * (size_t)par, sizeof *p);
	tmp = xmalloc(65536);
	for (;;) {
		while (nrun < (size_t)par && next < n)
			if (start(&run[nrun], &jobs[next++], self, fd,
			    par > 1 ? reopen : NULL) == 0)
				nrun++;
		if (nrun == 0)
			break;
		for (i = 0; i < nrun; i++)
			for (k = 0; k < 2; k++)
				p[2 * i + k] = (struct pollfd){ run[i].fd[k],
				    POLLIN, 0 };
		if (poll(p, 2 * nrun, -1) < 0) {
			if (errno == EINTR)
				continue;
			lg_die(LG_SYS, "poll: %s", strerror(errno));
		}
		for (i = 0; i < nrun; i++)
			for (k = 0; k < 2; k++)
				if (run[i].fd[k] >= 0 && p[2 * i + k].revents != 0)
					take(&run[i], (int)k, max, tmp, 65536);
		/* the jobs whose pipes both ended are done: the last in their
		 * place */
		for (i = 0; i < nrun; )
			if (run[i].fd[0] < 0 && run[i].fd[1] < 0) {
				finish(&run[i], max);
				run[i] = run[--nrun];
			} else
				i++;
	}
	free(tmp);
	free(p);
	free(run);
}
