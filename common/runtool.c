/* runtool.c: run another lg tool, its output kept (runtool.h). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "runtool.h"
#include "xalloc.h"

/* The child: fd as stdin, the pipes' ends as stdout and stderr, then the
 * tool; never returns. */
static void
child(const char *path, const char *name, char *const *argv, int fd,
    const int *po, const int *pe)
{
	size_t n = 0, i;
	char **av;

	while (argv[n] != NULL)
		n++;
	av = xcalloc(n + 2, sizeof *av);
	av[0] = (char *)name;
	for (i = 0; i < n; i++)
		av[i + 1] = argv[i];
	if (dup2(fd, 0) < 0 || dup2(po[1], 1) < 0 || dup2(pe[1], 2) < 0)
		_exit(127);
	close(po[0]);
	close(po[1]);
	close(pe[0]);
	close(pe[1]);
	if (path != NULL)
		execv(path, av);
	execvp(name, av);	/* not beside this program: on PATH */
	_exit(127);
}

/* Read both pipes until both end; -1 when one says more than max. */
static int
drain(int o, int e, size_t max, buf *out, buf *err)
{
	struct pollfd p[2] = { { o, POLLIN, 0 }, { e, POLLIN, 0 } };
	buf *to[2] = { out, err };
	size_t got[2] = { 0, 0 };
	char tmp[65536];
	int open = 2, over = 0, i;

	while (open > 0) {
		if (poll(p, 2, -1) < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		for (i = 0; i < 2; i++) {
			ssize_t n;

			if (p[i].fd < 0 || p[i].revents == 0)
				continue;
			n = read(p[i].fd, tmp, sizeof tmp);
			if (n < 0 && errno == EINTR)
				continue;
			if (n <= 0) {
				close(p[i].fd);
				p[i].fd = -1;
				open--;
				continue;
			}
			got[i] += (size_t)n;
			if (got[i] > max)
				over = 1;
			else
				buf_add(to[i], tmp, (size_t)n);
		}
	}
	return over ? -1 : 0;
}

int
runtool(const char *self, const char *name, char *const *argv, int fd,
    size_t max, buf *out, buf *err)
{
	const char *slash = self != NULL ? strrchr(self, '/') : NULL;
	char *path = slash != NULL ? xasprintf("%.*s/%s",
	    (int)(slash - self), self, name) : NULL;
	int po[2], pe[2], st, r;
	pid_t pid;

	if (lseek(fd, 0, SEEK_SET) < 0 || pipe(po) < 0) {
		lg_warn("%s: %s", name, strerror(errno));
		free(path);
		return -1;
	}
	if (pipe(pe) < 0 || (pid = fork()) < 0) {
		lg_warn("%s: %s", name, strerror(errno));
		close(po[0]);
		close(po[1]);
		free(path);
		return -1;
	}
	if (pid == 0)
		child(path, name, argv, fd, po, pe);
	free(path);
	close(po[1]);
	close(pe[1]);
	r = drain(po[0], pe[0], max, out, err);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			lg_warn("%s: %s", name, strerror(errno));
			return -1;
		}
	if (r < 0) {
		lg_warn("%s: wrote more than %zu bytes", name, max);
		return -1;
	}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 127 && err->len == 0) {
		lg_warn("%s: not found beside %s nor on PATH", name, lg_prog);
		return -1;
	}
	if (WIFSIGNALED(st)) {
		lg_warn("%s: killed by signal %d", name, WTERMSIG(st));
		return -1;
	}
	return WEXITSTATUS(st);
}
