/* lg-flake8: running answers and helpers under limits (see sandbox.h). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "jail.h"
#include "progress.h"
#include "sandbox.h"
#include "xalloc.h"
#include "util.h"

/* Messages on the status pipe, each written whole. */
enum { M_NS = 'N', M_FS = 'M', M_FAIL = 'F', M_WAIT = 'W' };
enum { FS_NONE, FS_PRIVATE_ROOT };
static const char *const fs_names[] = { "none", "private-root" };
static const char *const stage_names[] = {
	"the kernel refuses the namespaces the sandbox needs (see the sysctls "
	"user.max_user_namespaces, kernel.unprivileged_userns_clone and "
	"kernel.apparmor_restrict_unprivileged_userns) and lg-flake8 runs no "
	"answer without them: unshare",
	"private root", "drop privileges", "working directory",
	"limits", "descriptors", "exec", "fork"
};
/* RLIMIT_NPROC of the answer, worked out before the fork */
static long nproc;

enum { ST_NS, ST_MOUNT, ST_DROP, ST_CWD, ST_LIMITS, ST_FDS, ST_EXEC, ST_FORK };

struct msg {
	int type, a, b;
	char text[80];		/* the step that failed, or empty */
};

static void
send_text(int fd, int type, int a, int b, const char *text)
{
	struct msg m;
	ssize_t n;

	memset(&m, 0, sizeof m);
	m.type = type;
	m.a = a;
	m.b = b;
	if (text != NULL)
		snprintf(m.text, sizeof m.text, "%s", text);
	do
		n = write(fd, &m, sizeof m);
	while (n < 0 && errno == EINTR);
}

static void
send_msg(int fd, int type, int a, int b)
{
	send_text(fd, type, a, b, NULL);
}

static void
fail_child(int st, int stage)
{
	send_msg(st, M_FAIL, stage, errno);
	_exit(127);
}

static void
fail_why(int st, int stage, const char *what)
{
	send_text(st, M_FAIL, stage, errno, what);
	_exit(127);
}

static int
set_limit(int res, unsigned long long v)
{
	struct rlimit rl;

	rl.rlim_cur = rl.rlim_max = (rlim_t)v;
	/* a second more of CPU before SIGKILL, so SIGXCPU tells why */
	if (res == RLIMIT_CPU)
		rl.rlim_max = (rlim_t)(v + 1);
	return setrlimit(res, &rl);
}

/* Tasks (processes and threads) the user runs now, to put a limit above. */
static long
user_tasks(uid_t uid)
{
	static long cached = -1;
	DIR *d;
	struct dirent *e;
	long n = 0;

	if (cached >= 0)
		return cached;
	if ((d = opendir("/proc")) == NULL)
		return cached = 256;
	while ((e = readdir(d)) != NULL) {
		char path[300], line[128];
		struct stat st;
		FILE *f;

		if (e->d_name[0] < '1' || e->d_name[0] > '9')
			continue;
		snprintf(path, sizeof path, "/proc/%s", e->d_name);
		if (stat(path, &st) < 0 || st.st_uid != uid)
			continue;
		snprintf(path, sizeof path, "/proc/%s/status", e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		while (fgets(line, sizeof line, f) != NULL)
			if (strncmp(line, "Threads:", 8) == 0)
				n += strtol(line + 8, NULL, 10);
		fclose(f);
	}
	closedir(d);
	return cached = n;
}

static void
close_from(int lo)
{
#ifdef SYS_close_range
	if (syscall(SYS_close_range, (unsigned)lo, ~0U, 0) == 0)
		return;
#endif
	{
		long fd, max = sysconf(_SC_OPEN_MAX);

		for (fd = lo; fd < (max > 0 ? max : 1024); fd++)
			close((int)fd);
	}
}

static void
default_signals(void)
{
	sigset_t none;
	int s;

	for (s = 1; s < NSIG; s++)
		if (s != SIGKILL && s != SIGSTOP)
			signal(s, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

static int
write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, s, strlen(s));
	close(fd);
	return n == (ssize_t)strlen(s) ? 0 : -1;
}

/*
 * Put stdin, stdout, stderr and the code (or nothing) on 0 to 3 and the
 * status pipe, close-on-exec, on the next one; close everything else.
 * Each goes high first so that no move overwrites another.
 */
static int
place_fds(int in, int out, int err, int code, int *st)
{
	int from[5] = { in, out, err, code, *st }, i, n = code >= 0 ? 4 : 3;

	for (i = 0; i < 5; i++)
		if (from[i] >= 0 && (from[i] = fcntl(from[i], F_DUPFD_CLOEXEC, 64)) < 0)
			return -1;
	for (i = 0; i < n; i++)
		if (dup2(from[i], i) < 0)
			return -1;
	if (dup2(from[4], n) < 0 || fcntl(n, F_SETFD, FD_CLOEXEC) < 0)
		return -1;
	*st = n;
	close_from(n + 1);
	return 0;
}

/* The sandboxed process, the first of its PID namespace: the private
 * root, then the answer as its child, whose end it reports.  Never
 * returns; when it ends, the kernel ends all that is left in the
 * namespace. */
static void
inner(char *const argv[], char *const envp[], const sb_opts *o, int got,
    int st, int outw, int errw, int nullfd)
{
	const char *what = NULL;
	char exe[PATH_MAX];
	int ws, to_nobody = getuid() == 0 && !(got & CLONE_NEWUSER);
	pid_t pid;

	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* a session of its own, inside the namespace: kill(0, ...) from the
	 * answer reaches none but the sandbox */
	setsid();
	if (realpath(argv[0], exe) == NULL)
		fail_child(st, ST_EXEC);
	if (jail_root(o->dir, o->code, exe, &what) < 0)
		fail_why(st, ST_MOUNT, what);
	(void)sethostname("sandbox", 7);
	send_msg(st, M_FS, FS_PRIVATE_ROOT, 0);
	/* the answer runs as a child, not as the first process of the PID
	 * namespace, which would be shielded from SIGXCPU and the like */
	if ((pid = fork()) < 0)
		fail_child(st, ST_FORK);
	if (pid > 0) {
		close(outw);
		close(errw);
		while (waitpid(pid, &ws, 0) < 0)
			if (errno != EINTR)
				_exit(127);
		send_msg(st, M_WAIT, ws, 0);
		_exit(0);
	}
	if (place_fds(nullfd, outw, errw, -1, &st) < 0)
		fail_child(st, ST_FDS);
	default_signals();
	if (chdir("/tmp") < 0)
		fail_child(st, ST_CWD);
	umask(077);
	if (jail_lock(to_nobody, &what) < 0)
		fail_why(st, ST_DROP, what);
	/* the limits come last: nothing may allocate between them and exec */
	if ((o->cpu > 0 && set_limit(RLIMIT_CPU, (unsigned long long)o->cpu) < 0) ||
	    (o->mem > 0 && set_limit(RLIMIT_AS, o->mem) < 0) ||
	    (o->fsize > 0 && set_limit(RLIMIT_FSIZE, o->fsize) < 0) ||
	    set_limit(RLIMIT_CORE, 0) < 0 ||
	    set_limit(RLIMIT_MSGQUEUE, 0) < 0 ||
	    set_limit(RLIMIT_NOFILE, SB_FILES) < 0 ||
	    (nproc > 0 && set_limit(RLIMIT_NPROC, (unsigned long long)nproc) < 0))
		fail_child(st, ST_LIMITS);
	execve(exe, argv, envp);
	fail_child(st, ST_EXEC);
}

/*
 * The monitor: a session of its own, the namespaces, then the sandboxed
 * process as its child.  The namespaces are all or nothing: where the
 * kernel refuses them the run fails and says so.
 */
static void
monitor(char *const argv[], char *const envp[], const sb_opts *o, pid_t parent,
    int st, int outw, int errw, int nullfd)
{
	uid_t uid = geteuid();
	gid_t gid = getegid();
	int got = CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWPID | CLONE_NEWIPC |
	    CLONE_NEWUTS | (uid != 0 ? CLONE_NEWUSER : 0), ws;
	pid_t pid;

	setsid();
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	if (unshare(got) < 0)
		fail_child(st, ST_NS);
	if (got & CLONE_NEWUSER) {
		char map[64];

		snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)uid,
		    (unsigned long)uid);
		if (write_file("/proc/self/uid_map", map) < 0)
			fail_child(st, ST_NS);
		(void)write_file("/proc/self/setgroups", "deny");
		snprintf(map, sizeof map, "%lu %lu 1\n", (unsigned long)gid,
		    (unsigned long)gid);
		if (write_file("/proc/self/gid_map", map) < 0)
			fail_child(st, ST_NS);
	}
	send_msg(st, M_NS, got, 0);
	if ((pid = fork()) < 0)
		fail_child(st, ST_FORK);
	if (pid == 0)
		inner(argv, envp, o, got, st, outw, errw, nullfd);
	close(outw);
	close(errw);
	while (waitpid(pid, &ws, 0) < 0)
		if (errno != EINTR)
			_exit(127);
	_exit(0);
}

/* A helper (flake8, the parser): its own process group and the limits. */
static void
tool(char *const argv[], const sb_opts *o, int st, int outw, int errw,
    int nullfd)
{
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (o->dir != NULL && chdir(o->dir) < 0)
		fail_child(st, ST_CWD);
	if (place_fds(nullfd, outw, errw, -1, &st) < 0)
		fail_child(st, ST_FDS);
	default_signals();
	if ((o->cpu > 0 && set_limit(RLIMIT_CPU, (unsigned long long)o->cpu) < 0) ||
	    (o->mem > 0 && set_limit(RLIMIT_AS, o->mem) < 0) ||
	    set_limit(RLIMIT_CORE, 0) < 0)
		fail_child(st, ST_LIMITS);
	execvp(argv[0], argv);
	fail_child(st, ST_EXEC);
}

/* Keep the last cap bytes of what a stream wrote. */
static void
keep_tail(struct buf *b, const char *s, size_t n, size_t cap)
{
	if (cap == 0)
		return;
	if (n >= cap) {
		buf_reset(b);
		buf_add(b, s + n - cap, cap);
		return;
	}
	if (b->len + n > cap) {
		size_t drop = b->len + n - cap;

		memmove(b->s, b->s + drop, b->len - drop);
		b->len -= drop;
		b->s[b->len] = '\0';
	}
	buf_add(b, s, n);
}

/* Read what a pipe holds: 1 data, 0 nothing now, -1 at its end (closed). */
static int
drain(int *fd, struct buf *b, size_t cap)
{
	char chunk[16384];
	ssize_t n;

	if (*fd < 0)
		return -1;
	n = read(*fd, chunk, sizeof chunk);
	if (n > 0) {
		keep_tail(b, chunk, (size_t)n, cap);
		return 1;
	}
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	close(*fd);
	*fd = -1;
	return -1;
}

/* Has the child ended?  Leaves it unreaped, so its process group lives on. */
static int
ended(pid_t pid)
{
	siginfo_t si;

	memset(&si, 0, sizeof si);
	if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) < 0)
		return errno == ECHILD;
	return si.si_pid == pid;
}

static int
open_pidfd(pid_t pid)
{
#ifdef SYS_pidfd_open
	return (int)syscall(SYS_pidfd_open, pid, 0);
#else
	(void)pid;
	return -1;
#endif
}

static void
read_status(int fd, const sb_opts *o, sb_result *r, int *waited, int *ws)
{
	struct msg m;

	while (read(fd, &m, sizeof m) == (ssize_t)sizeof m) {
		switch (m.type) {
		case M_NS:
			r->network = (m.a & CLONE_NEWNET) != 0;
			r->pidns = (m.a & CLONE_NEWPID) != 0;
			if (m.a & CLONE_NEWUSER)
				r->user = "user-namespace";
			break;
		case M_FS:
			if (m.a >= 0 && m.a <= FS_PRIVATE_ROOT)
				r->fs = fs_names[m.a];
			if (o->box && getuid() == 0 && strcmp(r->user, "unchanged") == 0)
				r->user = "nobody";
			break;
		case M_FAIL:
			r->how = SB_FAILED;
			m.text[sizeof m.text - 1] = '\0';
			snprintf(r->why, sizeof r->why, "%s%s%s: %s",
			    m.a >= 0 && m.a <= ST_FORK ? stage_names[m.a] : "setup",
			    m.text[0] ? ": " : "", m.text, strerror(m.b));
			break;
		case M_WAIT:
			*waited = 1;
			*ws = m.a;
			break;
		}
	}
}

/* Start a job: pipes, the fork, the child's side.  A job that cannot
 * start is done, with SB_FAILED. */
static void
start(sb_job *j)
{
	int outp[2], errp[2], stp[2], nullfd, e;
	pid_t parent = getpid(), pid;
	sb_result *r = &j->r;
	const sb_opts *o = &j->o;

	memset(r, 0, sizeof *r);
	r->fs = "none";
	r->user = "unchanged";
	j->out = j->err = j->st = j->pidfd = -1;
	j->started = 1;
	if (o->box && o->nproc > 0 && nproc == 0)
		nproc = getuid() == 0 ? o->nproc : user_tasks(getuid()) + o->nproc;
	outp[0] = outp[1] = errp[0] = errp[1] = stp[0] = stp[1] = -1;
	if ((nullfd = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0 ||
	    pipe2(outp, O_CLOEXEC) < 0 || pipe2(errp, O_CLOEXEC) < 0 ||
	    pipe2(stp, O_CLOEXEC) < 0)
		goto fail;
	fflush(NULL);
	if ((pid = fork()) < 0)
		goto fail;
	if (pid == 0) {
		close(outp[0]);
		close(errp[0]);
		close(stp[0]);
		if (o->box)
			monitor(j->argv, j->envp, o, parent, stp[1], outp[1], errp[1],
			    nullfd);
		tool(j->argv, o, stp[1], outp[1], errp[1], nullfd);
	}
	if (!o->box)
		setpgid(pid, pid);
	close(nullfd);
	close(outp[1]);
	close(errp[1]);
	close(stp[1]);
	j->pid = pid;
	j->out = outp[0];
	j->err = errp[0];
	j->st = stp[0];
	fcntl(j->out, F_SETFL, O_NONBLOCK);
	fcntl(j->err, F_SETFL, O_NONBLOCK);
	fcntl(j->st, F_SETFL, O_NONBLOCK);
	j->pidfd = open_pidfd(pid);
	j->deadline = mono_now() + o->timeout;
	return;
fail:
	e = errno;
	if (nullfd >= 0)
		close(nullfd);
	close(outp[0]);
	close(outp[1]);
	close(errp[0]);
	close(errp[1]);
	close(stp[0]);
	close(stp[1]);
	r->how = SB_FAILED;
	snprintf(r->why, sizeof r->why, "%s", strerror(e));
	j->done = 1;
}

/* The job's process ended or its time ran out: everything it started goes
 * with it, then what is left in the pipes is taken and the result set. */
static void
finish(sb_job *j, int timed)
{
	sb_result *r = &j->r;
	int waited = 0, ws = 0, cws = 0;

	kill(-j->pid, SIGKILL);
	if (timed)
		kill(j->pid, SIGKILL);
	while (waitpid(j->pid, &cws, 0) < 0 && errno == EINTR)
		;
	while (drain(&j->out, &r->out, j->o.cap) > 0)
		;
	while (drain(&j->err, &r->err, j->o.cap) > 0)
		;
	if (j->out >= 0)
		close(j->out);
	if (j->err >= 0)
		close(j->err);
	if (j->pidfd >= 0)
		close(j->pidfd);
	read_status(j->st, &j->o, r, &waited, &ws);
	close(j->st);
	j->done = 1;
	if (r->how == SB_FAILED)
		return;
	if (timed) {
		r->how = SB_TIMEOUT;
		return;
	}
	if (!j->o.box) {
		waited = 1;
		ws = cws;
	}
	if (!waited) {
		r->how = SB_FAILED;
		snprintf(r->why, sizeof r->why, "the sandbox monitor died");
	} else if (WIFEXITED(ws)) {
		r->how = SB_EXITED;
		r->code = WEXITSTATUS(ws);
	} else {
		r->how = SB_SIGNALED;
		r->code = WTERMSIG(ws);
	}
}

void
sb_run_jobs(sb_job *jobs, size_t n, int parallel)
{
	struct pollfd *p = xcalloc(3 * n + 1, sizeof *p);
	size_t next = 0, left = n, i;

	for (i = 0; i < n; i++)
		jobs[i].started = jobs[i].done = 0;
	while (left > 0) {
		size_t np = 0;
		int running = 0, ms = -1, slow = 0;
		double t = mono_now();

		for (i = 0; i < n; i++)
			running += jobs[i].started && !jobs[i].done;
		while (next < n && running < (parallel > 0 ? parallel : 1)) {
			start(&jobs[next]);
			if (jobs[next].done)
				left--;
			else
				running++;
			next++;
		}
		for (i = 0; i < n; i++) {
			sb_job *j = &jobs[i];
			int w;

			if (!j->started || j->done)
				continue;
			w = (int)((j->deadline - t) * 1000) + 1;
			if (w < 0)
				w = 0;
			if (ms < 0 || w < ms)
				ms = w;
			p[np].fd = j->out;
			p[np++].events = POLLIN;
			p[np].fd = j->err;
			p[np++].events = POLLIN;
			p[np].fd = j->pidfd;
			p[np++].events = POLLIN;
			slow |= j->pidfd < 0;
		}
		if (np == 0)
			continue;
		/* without pidfds, look for ends every few milliseconds */
		if (slow && (ms < 0 || ms > 5))
			ms = 5;
		if (poll(p, (nfds_t)np, ms) < 0 && errno != EINTR)
			ms = 5;
		t = mono_now();
		for (i = 0; i < n; i++) {
			sb_job *j = &jobs[i];

			if (!j->started || j->done)
				continue;
			drain(&j->out, &j->r.out, j->o.cap);
			drain(&j->err, &j->r.err, j->o.cap);
			if (ended(j->pid) || t >= j->deadline) {
				finish(j, !ended(j->pid));
				left--;
			}
		}
	}
	free(p);
}

int
sb_run(char *const argv[], char *const envp[], const sb_opts *o, sb_result *r)
{
	sb_job j;

	memset(&j, 0, sizeof j);
	j.argv = argv;
	j.envp = envp;
	j.o = *o;
	sb_run_jobs(&j, 1, 1);
	*r = j.r;
	return r->how == SB_FAILED ? -1 : 0;
}

void
sb_result_free(sb_result *r)
{
	buf_free(&r->out);
	buf_free(&r->err);
}

int
sb_box_prepare(const char *dir)
{
	if (getuid() == 0 && chown(dir, SB_NOBODY, SB_NOBODY) < 0)
		return -1;
	return chmod(dir, 0700);
}

/* Async-signal-safe: a stack buffer per level and getdents64. */
static int
rm_at(int dfd, const char *name, int depth)
{
	struct stat st;
	char d[4096];
	int fd, ret = 0;
	long n;

	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode))
		return unlinkat(dfd, name, 0) < 0 && errno != ENOENT ? -1 : 0;
	if (depth > 16)
		return errno = ELOOP, -1;
	fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && errno == EACCES && fchmodat(dfd, name, 0700, 0) == 0)
		fd = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if ((st.st_mode & 0700) != 0700)
		(void)fchmod(fd, 0700);
	/* unlinking while reading may skip entries: read again until the
	 * directory is empty or nothing more goes */
	for (;;) {
		int gone = 0;
		long off;

		if (lseek(fd, 0, SEEK_SET) < 0)
			break;
		while ((n = syscall(SYS_getdents64, fd, d, sizeof d)) > 0)
			for (off = 0; off < n;) {
				struct {
					uint64_t ino;
					int64_t off;
					unsigned short reclen;
					unsigned char type;
					char name[];
				} *e = (void *)(d + off);

				off += e->reclen;
				if (strcmp(e->name, ".") == 0 || strcmp(e->name, "..") == 0)
					continue;
				if (rm_at(fd, e->name, depth + 1) == 0)
					gone++;
				else
					ret = -1;
			}
		if (n < 0 || gone == 0)
			break;
	}
	close(fd);
	if (unlinkat(dfd, name, AT_REMOVEDIR) < 0 && errno != ENOENT)
		ret = -1;
	return ret;
}

int
sb_rmtree(const char *path)
{
	return rm_at(AT_FDCWD, path, 0);
}

/* The work directory, for the signal handler: a run killed by a reader
 * that left (SIGPIPE) or by the user leaves nothing behind; the sandboxes
 * die with it (their parent-death signal). */
static char workdir[4096];
static pid_t mainpid;

static void
on_signal(int sig)
{
	if (workdir[0] != '\0' && getpid() == mainpid)
		(void)sb_rmtree(workdir);
	if (getpid() == mainpid && (sig == SIGINT || sig == SIGTERM ||
	    sig == SIGHUP))
		progress_signal_write();
	signal(sig, SIG_DFL);
	raise(sig);
}

void
sb_clean_on_signals(const char *dir)
{
	/* every signal that ends the process and can be caught */
	static const int sigs[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1,
		SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF
	};
	static int caught;
	struct sigaction sa, old;
	sigset_t all, was;
	size_t i;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &was);
	if (dir == NULL || strlen(dir) >= sizeof workdir)
		workdir[0] = '\0';
	else
		strcpy(workdir, dir);
	if (!caught) {
		caught = 1;
		mainpid = getpid();
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = on_signal;
		sigfillset(&sa.sa_mask);
		for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
			if (sigaction(sigs[i], NULL, &old) == 0 &&
			    old.sa_handler != SIG_IGN)
				sigaction(sigs[i], &sa, NULL);
	}
	sigprocmask(SIG_SETMASK, &was, NULL);
}
