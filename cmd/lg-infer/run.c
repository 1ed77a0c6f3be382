/*
 * The run: records come from the reader, go to the engine as requests, and
 * are written as soon as they are answered (or, with --keep-order, as soon
 * as every record before them is).  At most 2P records are in the engine,
 * and with --keep-order at most a window of 4P records is held, so memory
 * is bounded by the requests in flight, not by the input.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "failfast.h"
#include "infer.h"
#include "jsonl.h"
#include "jsonnul.h"
#include "util.h"
#include "record.h"
#include "xalloc.h"

typedef struct job job;

typedef struct {
	infer_opts *o;
	http_engine *e;
	progress pg;
	job **ring;		/* --keep-order: jobs by seq % window */
	size_t window;
	unsigned long next_seq, next_out;
	int bad;
	int told_scrub;		/* the key was found in a reply, and said so */
	failfast ff;		/* a wrong setup stops the run */
	infer_opts *sopts;	/* --samples: the options of each sample */
	idset *ids;		/* --resume: the ids done */
} state;

struct job {
	state *s;
	const infer_opts *o;	/* the run's, or the sample's */
	cJSON *rec;
	unsigned long seq;
	const char *sys_opt;	/* the --system text, when it was used */
	int ready;
};

static void
job_free(job *j)
{
	rec_free(j->rec);
	free(j);
}

static void set_error(cJSON *rec, const char *msg, long status);

/*
 * Write the record.  One the answer made larger than the record limit
 * (which the next stage would refuse, losing the answer anyway) goes out
 * without the answer, with the error "reply too large".
 */
static void
emit(state *s, cJSON *rec)
{
	size_t len;
	char *line = output_line(rec, &len);

	if (len > jsonl_max && rec_get(rec, "output") != NULL) {
		char *m = xasprintf("reply too large: the record would be over "
		    "the record limit of %zu bytes (--max-record)", jsonl_max);

		free(line);
		rec_del(rec, "output");
		rec_del(rec, "reasoning");
		set_error(rec, m, 0);
		free(m);
		s->pg.ok--;
		s->pg.failed++;
		s->bad = 1;
		line = output_line(rec, &len);
	}
	output_write(line, len);
	free(line);
}

static void
flush_ring(state *s)
{
	job *j;

	while (s->next_out < s->next_seq &&
	    (j = s->ring[s->next_out % s->window]) != NULL && j->ready) {
		s->ring[s->next_out % s->window] = NULL;
		emit(s, j->rec);
		job_free(j);
		s->next_out++;
	}
}

/* The record is finished: out it goes, now or in its turn. */
static void
finish(job *j)
{
	state *s = j->s;

	s->pg.done++;
	if (!s->o->keep_order) {
		emit(s, j->rec);
		job_free(j);
		return;
	}
	j->ready = 1;
	flush_ring(s);
}

static void
drop_infer_error(cJSON *rec)
{
	const char *stage = rec_str(rec_get(rec, "error"), "stage");

	if (stage != NULL && strcmp(stage, "infer") == 0)
		rec_del(rec, "error");
}

static void
set_error(cJSON *rec, const char *msg, long status)
{
	cJSON *e = cJSON_CreateObject();

	cJSON_AddStringToObject(e, "stage", "infer");
	cJSON_AddStringToObject(e, "message", msg);
	cJSON_AddNumberToObject(e, "status", (double)status);
	rec_set(rec, "error", e);
}

static void
answered(void *user, const http_result *res)
{
	job *j = user;
	cJSON *rec = j->rec;
	state *s = j->s;

	if (failfast_hold(&s->ff, j, res))
		return;		/* written later, or never if the setup is wrong */
	if (res->ok) {
		/* NULs in the answer are kept (written as \u0000) */
		rec_set(rec, "output", jsonnul_string(res->content,
		    res->content_len));
		if (res->reasoning != NULL)
			rec_set(rec, "reasoning", jsonnul_string(res->reasoning,
			    res->reasoning_len));
		else
			rec_del(rec, "reasoning");
		rec_set(rec, "gen", request_gen(j->o, j->sys_opt, res));
		drop_infer_error(rec);
		j->s->pg.ok++;
		j->s->pg.cut += res->truncated != 0;
		if (res->scrubbed && !j->s->told_scrub) {
			lg_warn("a reply held the API key (or part of it): it is "
			    "blotted out as *** in the records");
			j->s->told_scrub = 1;
		}
	} else {
		rec_del(rec, "output");
		rec_del(rec, "reasoning");
		rec_set(rec, "gen", request_gen(j->o, j->sys_opt, res));
		set_error(rec, res->error, res->status);
		j->s->pg.failed++;
		j->s->bad = 1;
	}
	finish(j);
	if (s->ff.nheld > 0 && s->ff.answered)
		failfast_release(&s->ff, answered);
}

const char *
infer_check(const cJSON *rec, int *pass)
{
	const cJSON *p = rec_get(rec, "prompt"), *sy = rec_get(rec, "system");

	*pass = 0;
	if (p == NULL && rec_get(rec, "error") != NULL) {
		*pass = 1;	/* an earlier stage failed: it flows on as it is */
		return NULL;
	}
	if (p == NULL)
		return "record has no field prompt";
	if (!cJSON_IsString(p))
		return "field prompt is not a string";
	if (sy != NULL && !cJSON_IsString(sy) && !cJSON_IsNull(sy))
		return "field system is not a string";
	return NULL;
}

static void
handle_one(state *s, const inrec *r, const infer_opts *o)
{
	job *j = xcalloc(1, sizeof *j);
	const cJSON *sy = rec_get(r->rec, "system");
	const char *system;
	char *body;

	j->s = s;
	j->o = o;
	j->rec = r->rec;
	j->seq = s->next_seq++;
	if (s->o->keep_order)
		s->ring[j->seq % s->window] = j;
	if (r->pass) {
		s->pg.passed++;
		finish(j);
		return;
	}
	if (r->bad != NULL) {
		/* reported by the reader; out it goes with an error */
		set_error(j->rec, r->bad, 0);
		s->pg.failed++;
		s->bad = 1;
		finish(j);
		return;
	}
	if (cJSON_IsString(sy)) {
		system = sy->valuestring;
	} else {
		system = o->system;
		j->sys_opt = o->system;
	}
	if (context_over(o, j->rec, system, j->sys_opt)) {
		s->pg.failed++;		/* not sent: scored as a failure */
		s->bad = 1;
		finish(j);
		return;
	}
	body = request_body(o, system, rec_str(r->rec, "prompt"));
	http_submit(s->e, o->completions ? HTTP_COMPLETIONS : HTTP_CHAT,
	    o->model, o->stream, body, answered, j);
}

/* A record, or with --samples K the K records of its samples. */
static void
handle(state *s, const inrec *r)
{
	int k;

	if (s->sopts == NULL || r->pass || r->bad != NULL) {
		handle_one(s, r, s->o);
		return;
	}
	for (k = 1; k <= s->o->samples; k++) {
		inrec one = *r;

		one.rec = sample_copy(r->rec, k);
		if (s->ids != NULL && resume_check(s->ids, one.rec) == RESUME_DONE) {
			rec_free(one.rec);	/* done in the --resume file */
			continue;
		}
		handle_one(s, &one, &s->sopts[k - 1]);
	}
	rec_free(r->rec);
}

static int
room(const state *s)
{
	if (http_outstanding(s->e) >= 2 * (size_t)s->o->parallel)
		return 0;
	return !s->o->keep_order ||
	    s->next_seq - s->next_out + (unsigned long)s->o->samples <= s->window;
}

static void
wake(void *arg)
{
	http_wakeup(arg);
}

static volatile sig_atomic_t stop_sig;

static void
on_stop(int sig)
{
	stop_sig = sig;
}

/* SIGINT (unless ignored, as in a background job) and SIGTERM end the run. */
static void
catch_stop(void)
{
	struct sigaction sa, old;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_stop;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGINT, NULL, &old) == 0 && old.sa_handler != SIG_IGN)
		sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

/* After a signal: say what was written and how to finish, then die of it. */
static void
stopped(state *s, const http_stats *st)
{
	int sig = stop_sig;
	unsigned long lost = (unsigned long)(s->next_seq - (s->o->keep_order ?
	    s->next_out : s->pg.done));

	if (!s->o->quiet) {
		progress_summary(&s->pg, st);
		lg_warn("interrupted: %lu record%s begun not written; %s", lost,
		    lost == 1 ? "" : "s", s->o->resume != NULL ? "the same command "
		    "finishes the run" : "to finish, run again with --resume OUT "
		    ">> OUT, OUT being this run's output");
	}
	signal(sig, SIG_DFL);
	raise(sig);
	exit(128 + sig);
}

int
infer_run(infer_opts *o)
{
	http_opts ho = { 0 };
	state s = { 0 };
	idset *ids = NULL;
	reader *rd;
	char *err;
	int eof = 0, status;
	long lines;
	http_stats st;

	ho.base_urls = o->base;
	ho.nbase = o->nbase;
	ho.api_key = o->key;
	ho.parallel = o->parallel;
	ho.connect_timeout = o->connect_timeout;
	ho.idle_timeout = o->idle_timeout;
	ho.total_timeout = o->timeout;
	ho.retries = o->retries;
	ho.backoff_base = o->backoff_base;
	ho.backoff_max = o->backoff_max;
	ho.insecure = o->insecure;
	ho.max_reply = o->max_reply;
	ho.cache_dir = o->cache;
	if ((s.e = http_new(&ho, &err)) == NULL) {
		lg_warn("%s", err);
		free(err);
		return LG_USAGE;
	}
	s.o = o;
	s.pg.start = mono_now();
	s.pg.tty = !o->quiet && isatty(STDERR_FILENO);
	s.pg.total = -1;
	{
		char *params = cJSON_PrintUnformatted(o->params);

		s.pg.made = xasprintf("lg %s, model %s, params %s", LG_VERSION,
		    o->model, params ? params : "{}");
		cJSON_free(params);
	}
	if (o->keep_order) {
		s.window = 4 * (size_t)o->parallel < 64 ? 64 : 4 * (size_t)o->parallel;
		s.window += (size_t)o->samples - 1;	/* a case's samples at once */
		s.ring = xcalloc(s.window, sizeof *s.ring);
	}
	s.sopts = samples_opts(o);
	if (o->resume != NULL) {
		resume_ctx rc = { o, s.e, s.sopts };

		ids = resume_load_filter(o->resume, infer_resumed, &rc);
		s.ids = ids;
	}
	rd = reader_start(o->files, o->nfiles, (size_t)o->parallel < 16 ? 16 :
	    (size_t)o->parallel, ids, wake, s.e);
	progress_draw(&s.pg, &(http_stats){ 0 }, 1);
	catch_stop();
	for (;;) {
		inrec r;

		if (stop_sig) {
			http_get_stats(s.e, &st);
			stopped(&s, &st);
		}
		while (!eof && room(&s) && reader_take(rd, &r, &eof))
			handle(&s, &r);
		if (failfast_tripped(&s.ff, http_outstanding(s.e) == 0)) {
			progress_clear(&s.pg);
			failfast_die(&s.ff, o->key != NULL && *o->key != '\0',
			    "--api-key-file");
		}
		if (eof && http_outstanding(s.e) == 0)
			break;
		http_step(s.e, 250);
		reader_counts(rd, &s.pg.skipped, &lines);
		s.pg.total = lines < 0 ? -1 : (lines - (long)s.pg.skipped) * o->samples;
		http_get_stats(s.e, &st);
		progress_draw(&s.pg, &st, 0);
	}
	reader_counts(rd, &s.pg.skipped, &lines);
	status = reader_finish(rd);
	http_get_stats(s.e, &st);
	if (!o->quiet)
		progress_summary(&s.pg, &st);
	else
		progress_clear(&s.pg);
	http_free(s.e);
	free(s.pg.made);
	idset_free(ids);
	samples_free(o, s.sopts);
	free(s.ring);
	if (status == LG_OK && s.bad)
		status = LG_BAD;
	return lg_finish(status);
}
