/*
 * pipeline.c: lg-score's run (score.h): the stages started as one
 * pipeline, the last writing to our standard output; the records read,
 * those of tasks no stage scores reported, and fed to the first stage in
 * the order read; the stages' exit statuses made one.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "diag.h"
#include "jsonl.h"
#include "record.h"
#include "runtool.h"
#include "score.h"
#include "xalloc.h"

/* Start stage s reading in and writing out; never returns in the child. */
static pid_t
spawn(const score_opts *o, const score_stage *s, int in, int out)
{
	pid_t pid = fork();

	if (pid < 0)
		lg_die(LG_SYS, "fork: %s", strerror(errno));
	if (pid > 0)
		return pid;
	signal(SIGPIPE, SIG_DFL);
	if (dup2(in, 0) < 0 || dup2(out, 1) < 0)
		_exit(127);
	runtool_exec(o->self, s->name, s->argv);
	lg_warn("%s: not found beside %s nor on PATH: %s", s->name, lg_prog,
	    strerror(errno));
	_exit(127);
}

/* Start the stages s[0..n) as a pipeline: the write end of its input. */
static int
start(const score_opts *o, const score_stage *s, size_t n, pid_t *pid)
{
	int feed[2], p[2], in;
	size_t i;

	if (pipe2(feed, O_CLOEXEC) < 0)
		lg_die(LG_SYS, "pipe: %s", strerror(errno));
	pipe_room(feed[1]);
	in = feed[0];
	for (i = 0; i < n; i++) {
		int out = 1;

		p[0] = -1;
		if (i + 1 < n) {
			if (pipe2(p, O_CLOEXEC) < 0)
				lg_die(LG_SYS, "pipe: %s", strerror(errno));
			pipe_room(p[1]);
			out = p[1];
		}
		pid[i] = spawn(o, &s[i], in, out);
		close(in);
		if (out != 1)
			close(out);
		in = p[0];
	}
	return feed[1];
}

/* Report a record no stage scores; 1 when it is one. */
static int
unscored(jsonl *in, const cJSON *rec, const score_task *t, size_t nt)
{
	const char *b = rec_str(rec, "bench"), *k = rec_str(rec, "task");

	if (b != NULL && k != NULL && tasks_find(t, nt, b, k) != NULL)
		return 0;
	if (b == NULL || k == NULL)
		jsonl_warn(in, "%s: %s: not a string: passed through unscored",
		    rec_id(rec), b == NULL ? "bench" : "task");
	else
		jsonl_warn(in, "%s: no scorer for %s/%s: passed through "
		    "unscored", rec_id(rec), b, k);
	return 1;
}

/*
 * 1 for a record of the task of --cf-relevance (the task map's optin)
 * under --compat without it: the published scorer's relevance question is
 * not asked (lg-judge --cf-relevance needs a model), so its score is
 * lg-flake8's alone.
 */
static int
cf_unjudged(const score_opts *o, const cJSON *rec, const score_task *t,
    size_t nt)
{
	const char *b = rec_str(rec, "bench"), *k = rec_str(rec, "task");
	const score_task *e;

	return o->compat && !o->cf_relevance && b != NULL && k != NULL &&
	    (e = tasks_find(t, nt, b, k)) != NULL && e->optin;
}

/*
 * Read the records and write them to fd in the order read, until the
 * input ends or the pipeline stops reading (*stopped set); the input's
 * exit status.
 */
static int
feed(const score_opts *o, const score_task *t, size_t nt, int fd,
    size_t *nunscored, size_t *ncf, int *stopped)
{
	jsonl *in = jsonl_open(o->files, o->nfiles);
	FILE *w = fdopen(fd, "w");
	cJSON *rec;
	int status;

	if (w == NULL)
		lg_die(LG_SYS, "fdopen: %s", strerror(errno));
	jsonl_lazy_all(in);
	jsonl_borrow(in);
	while (!*stopped && (rec = jsonl_next(in)) != NULL) {
		size_t len;
		char *text;

		*nunscored += (size_t)unscored(in, rec, t, nt);
		*ncf += (size_t)cf_unjudged(o, rec, t, nt);
		text = rec_print(rec, &len);
		if (fwrite(text, 1, len, w) != len || putc('\n', w) == EOF)
			*stopped = errno == EPIPE ? 1 : -errno;
		free(text);
		rec_free(rec);
	}
	if (fclose(w) != 0 && !*stopped)
		*stopped = errno == EPIPE ? 1 : -errno;
	status = jsonl_status(in);
	jsonl_free(in);
	if (*stopped < 0) {
		lg_warn("writing to %s: %s", "the first stage",
		    strerror(-*stopped));
		return LG_SYS;
	}
	return status;
}

/*
 * Wait for the stages, the last first: the worst of their exit statuses.
 * A stage that died of SIGPIPE after a later one ended is no failure of
 * its own; the last stage, of SIGPIPE: our reader left (*left set).
 */
static int
reap(const score_stage *s, const pid_t *pid, size_t n, int *left)
{
	int status = LG_OK, later = 0, st, c;
	size_t i;

	for (i = n; i-- > 0; ) {
		while (waitpid(pid[i], &st, 0) < 0)
			if (errno != EINTR)
				lg_die(LG_SYS, "waitpid: %s", strerror(errno));
		if (WIFEXITED(st)) {
			c = WEXITSTATUS(st);
			if (c > LG_SYS) {	/* 127: it said why */
				if (c != 127)
					lg_warn("%s: exit status %d", s[i].name, c);
				c = LG_SYS;
			}
			later |= c != 0;
		} else if (WTERMSIG(st) == SIGPIPE && (i + 1 == n || later)) {
			*left |= i + 1 == n;
			later = 1;
			c = LG_OK;
		} else {
			lg_warn("%s: killed by signal %d", s[i].name,
			    WTERMSIG(st));
			later = 1;
			c = LG_SYS;
		}
		if (c > status)
			status = c;
	}
	return status;
}

int
score_run(const score_opts *o)
{
	size_t nt, ns, nunscored = 0, ncf = 0;
	score_task *t = tasks_make(o, &nt);
	score_stage *s = stages_make(o, &ns);
	pid_t *pid = xcalloc(ns, sizeof *pid);
	int stopped = 0, left = 0, in, out;

	signal(SIGPIPE, SIG_IGN);	/* a stage that ends early is reaped */
	in = feed(o, t, nt, start(o, s, ns, pid), &nunscored, &ncf, &stopped);
	out = reap(s, pid, ns, &left);
	if (ncf > 0)
		lg_warn("%zu LongWeave cf record%s scored without the published "
		    "relevance check, which needs a judge model (--judge-model, "
		    "--judge-base-url)", ncf, ncf == 1 ? "" : "s");
	if (nunscored > 0)
		lg_warn("%zu record%s of tasks no scorer knows went out "
		    "unscored (lg-score --list-tasks names the tasks)",
		    nunscored, nunscored == 1 ? "" : "s");
	free(pid);
	stages_free(s, ns);
	tasks_free(t, nt);
	if (left) {
		signal(SIGPIPE, SIG_DFL);
		raise(SIGPIPE);
	}
	if (nunscored > 0 && in < LG_BAD)
		in = LG_BAD;
	return in > out ? in : out;
}
