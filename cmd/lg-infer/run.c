/*
 * The run: records come from the reader, go to the engine as requests, and
 * are written as soon as they are answered (or, with --keep-order, as soon
 * as every record before them is).  At most P + QUEUED(P) records are in
 * the engine, and with --keep-order at most a window of 4P records is
 * held, so memory is bounded by the requests in flight, not by the input.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "diag.h"
#include "engine.h"
#include "failfast.h"
#include "infer.h"
#include "jsonl.h"
#include "jsonnul.h"
#include "util.h"
#include "record.h"
#include "xalloc.h"

/*
 * Requests waiting for a slot, and records read ahead: P of each up to 64
 * (16 read ahead at least), enough that a slot never waits for the reader,
 * few enough that a record is still in the cache when its request starts
 * (with -P 1024, queues of P made every record cold twice over before it
 * was sent).
 */
#define QUEUED(p) ((p) < 64 ? (p) : 64)
#define AHEAD(p) ((p) < 16 ? 16 : QUEUED(p))

typedef struct {
	infer_opts *o;
	http_engine *e;
	engine *eng;
	progress pg;
	int bad;
	int told_scrub;		/* the key was found in a reply, and said so */
	failfast ff;		/* a wrong setup stops the run */
	infer_opts *sopts;	/* --samples: the options of each sample */
	int refused;		/* --resume: the input's templates changed */
	batchres *br;		/* --batch-results, and then no e */
} state;

/* The HTTP engine's counts (none with --batch-results). */
static void
stats(const state *s, http_stats *st)
{
	if (s->e != NULL)
		http_get_stats(s->e, st);
	else
		memset(st, 0, sizeof *st);
}

/* A record in the engine: the engine's job and ours. */
typedef struct {
	state *s;
	engine_job *ej;
	const infer_opts *o;	/* the run's, or the sample's */
	cJSON *rec;
	const char *sys_opt;	/* the --system text, when it was used */
} job;

static void set_error(cJSON *rec, const char *msg, long status);

/*
 * Write the record.  One the answer made larger than the record limit
 * (which the next stage would refuse, losing the answer anyway) goes out
 * without the answer, with the error "reply too large".
 */
static char *
print(void *arg, cJSON *rec, size_t *lenp)
{
	state *s = arg;
	size_t len;
	char *line = rec_print(rec, &len);

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
		line = rec_print(rec, &len);
	}
	*lenp = len;
	return line;
}

/* The record is finished: out it goes, now or in its turn. */
static void
finish(job *j)
{
	state *s = j->s;

	s->pg.done++;
	engine_done(s->eng, j->ej);
	free(j);
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
		rec_set(rec, "gen", request_gen(j->o, j->sys_opt, rec, res));
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
		rec_set(rec, "gen", request_gen(j->o, j->sys_opt, rec, res));
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
handle(void *arg, engine *eng, engine_job *r)
{
	state *s = arg;
	const infer_opts *o = sample_of(s->o, s->sopts, r->rec);
	job *j = xcalloc(1, sizeof *j);
	char *body;

	(void)eng;
	j->s = s;
	j->ej = r;
	j->o = o;
	j->rec = r->rec;
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
	if ((body = request_prepare(o, j->rec, &j->sys_opt)) == NULL) {
		s->pg.failed++;		/* not sent: scored as a failure */
		s->bad = 1;
		finish(j);
		return;
	}
	if (s->br != NULL) {	/* --batch-results: answered from the file */
		batchres_answer(s->br, j->rec, body, r->file, r->line, answered,
		    j);
		free(body);
		return;
	}
	http_submit(s->e, o->completions ? HTTP_COMPLETIONS : HTTP_CHAT,
	    o->model, o->stream, body, answered, j);
}

/* --samples K: the reader makes sample k of a case (engine copy). */
static cJSON *
copy(void *arg, const cJSON *rec, int k)
{
	(void)arg;
	return sample_copy(rec, k);
}

static int
room(void *arg)
{
	const state *s = arg;

	if (s->e == NULL)
		return 1;
	return http_outstanding(s->e) < (size_t)s->o->parallel +
	    QUEUED((size_t)s->o->parallel);
}

/*
 * How to finish a run stopped by a signal (malloc'd).  --resume does not
 * go with the batch options: such a run is made again whole, from the
 * results file kept, or from the batch at the server.
 */
static char *
finish_how(const infer_opts *o)
{
	const char *id = o->batch_endpoint;

	if (o->resume != NULL)
		return xstrdup("the same command finishes the run");
	if (!o->batch)
		return xstrdup("to finish, run again with --resume OUT >> OUT, "
		    "OUT being this run's output");
	if (o->batch_api && o->batch_name != NULL && id != NULL &&
	    strncmp(id, "batch:", 6) == 0 && strcmp(id + 6, "none") != 0)
		return xasprintf("to finish, run again with --batch-id %s, into a "
		    "new output (the records are all written again)", id + 6);
	if (o->batch_api && o->batch_name == NULL)
		return xasprintf("to finish, run again with --batch-results %s "
		    "instead of --batch, into a new output (the records are all "
		    "written again)", o->batch_results);
	return xstrdup("to finish, run the same command again, into a new "
	    "output (the records are all written again: --resume does not go "
	    "with --batch-results)");
}

/* After a signal: say what was written and how to finish, then die of it. */
static void
stopped(state *s, const http_stats *st)
{
	int sig = progress_stopped();
	unsigned long lost = engine_unwritten(s->eng);
	char *how;

	if (!s->o->quiet) {
		progress_summary(&s->pg, s->e != NULL ? st : NULL);
		how = finish_how(s->o);
		lg_warn("interrupted: %lu record%s begun not written; %s", lost,
		    lost == 1 ? "" : "s", how);
		free(how);
	}
	if (s->o->batch_api)
		infer_batch_unlink();	/* a signal skips atexit() */
	progress_die(sig);
}

/* Each turn of the engine: a signal, a wrong setup, the status line. */
static void
turn(void *arg, engine *eng)
{
	state *s = arg;
	http_stats st;
	long lines;

	if (progress_stopped()) {
		stats(s, &st);
		stopped(s, &st);
	}
	if (failfast_tripped(&s->ff, s->e == NULL ||
	    http_outstanding(s->e) == 0)) {
		progress_clear(&s->pg);
		failfast_die(&s->ff, s->o->key != NULL && *s->o->key != '\0',
		    "--api-key-file");
	}
	engine_counts(eng, &s->pg.skipped, &lines);
	s->pg.total = lines < 0 ? -1 :
	    lines * s->o->samples - (long)s->pg.skipped;
	stats(s, &st);
	progress_draw(&s->pg, &st, 0);
}

/* The engine's resumed(): the input's template against the file's. */
static char *
resumed(void *arg, const cJSON *rec, const char *note, const char *file,
    long line)
{
	state *s = arg;
	char *why = infer_template_changed(rec, note, file, line);

	if (why != NULL)
		s->refused = 1;
	return why;
}

static void
refuse(const state *s)
{
	unsigned long n = s->pg.ok + s->pg.failed + s->pg.passed;

	lg_warn("--resume: %s holds records whose prompts were rendered "
	    "otherwise than this input's (--redo-changed does not apply: the "
	    "input changed, not the options): write this run to a new output "
	    "file, or give the input the file was made from", s->o->resume);
	if (n > 0)
		lg_warn("--resume: %lu record%s of this run went out before the "
		    "change was seen (an input not a regular file is read once): the "
		    "output mixes prompts; remove them or start it anew", n,
		    n == 1 ? "" : "s");
}

int
infer_run(infer_opts *o)
{
	http_opts ho = o->net;
	engine_opts eo = { 0 };
	state s = { 0 };
	idset *ids = NULL;
	char *err;
	int status;
	http_stats st;

	ho.base_urls = o->base;
	ho.nbase = o->nbase;
	ho.api_key = o->key;
	ho.parallel = o->parallel;
	ho.cache_dir = o->cache;
	ho.hints = 1;		/* lg-infer's options, in its messages */
	if (o->batch_results != NULL)
		s.br = batchres_open(o);
	else if ((s.e = http_new(&ho, &err)) == NULL) {
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
	s.sopts = samples_opts(o);
	if (o->resume != NULL) {
		resume_ctx rc = { o, s.e, s.sopts };

		ids = resume_load_noted(o->resume, infer_resumed, infer_note,
		    &rc);
		eo.resumed = resumed;
	}
	/* at most P + QUEUED(P) requests in the engine; with --keep-order a window of 4P */
	eo.files = o->files;
	eo.nfiles = o->nfiles;
	eo.skip = ids;
	eo.ahead = AHEAD((size_t)o->parallel);
	eo.window = 4 * (size_t)o->parallel < 64 ? 64 : 4 * (size_t)o->parallel;
	eo.keep_order = o->keep_order;
	eo.http = s.e;
	eo.check = infer_check;
	eo.start = handle;
	eo.room = room;
	eo.turn = turn;
	eo.print = print;
	if (s.sopts != NULL) {
		eo.copies = o->samples;
		eo.copy = copy;
	}
	eo.arg = &s;
	s.eng = engine_new(&eo);
	progress_draw(&s.pg, &(http_stats){ 0 }, 1);
	progress_catch_stop();
	status = engine_run(s.eng);
	engine_free(s.eng);
	if (s.refused)
		refuse(&s);
	if (s.br != NULL && batchres_unused(s.br) > 0)
		s.bad = 1;
	stats(&s, &st);
	if (!o->quiet)
		progress_summary(&s.pg, s.e != NULL ? &st : NULL);
	else
		progress_clear(&s.pg);
	if (s.e != NULL)
		http_free(s.e);
	batchres_free(s.br);
	free(s.pg.made);
	idset_free(ids);
	samples_free(o, s.sopts);
	if (status == LG_OK && s.bad)
		status = LG_BAD;
	return lg_finish(status);
}
