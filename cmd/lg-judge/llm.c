/*
 * llm.c: the model judge.  Each check the rules leave open becomes one
 * chat request, built from the rubric (share/rubrics/longgenbench.tmpl):
 * the entry's text fenced between markers it cannot contain, and the
 * question whether it includes what is wanted.  The reply's first word
 * decides: "yes" passes, "no" fails, anything else ("yesterday", "Yes,
 * but...") is asked again up to --judge-retries times.  A check the judge
 * could not decide (unparseable after the retries, a reply cut by
 * --judge-max-tokens before its answer, a request that failed) is
 * "undecided": not passed, not judged (so out of STIC-1's denominator),
 * marked with undecided and problem, counted apart; the exit status is 1.
 *
 * Under --compat each check is the published judge's request instead: the
 * published prompt (share/rubrics/longgenbench-a.tmpl or -b.tmpl) as a raw
 * completion, read as the published code reads it (yesno_published), so
 * every reply decides and none is asked again.
 *
 * Records wait in a window until every check of theirs is answered, and go
 * out in input order; the window bounds memory.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "diag.h"
#include "failfast.h"
#include "http.h"
#include "judge.h"
#include "re.h"
#include "record.h"
#include "sha256.h"
#include "share.h"
#include "tmpl.h"
#include "util.h"
#include "xalloc.h"
#include "yesno.h"

typedef struct pend {
	cJSON *rec;
	int waiting;		/* checks not answered yet */
	int status;		/* REC_OK or REC_BAD */
	int mine;
	struct pend *next;
} pend;

typedef struct {
	pend *p;
	cJSON *verdict;
	char *prompt;
	int tries;
} job;

typedef struct {
	const llm_opts *o;
	http_engine *e;
	const char *rubric;
	pend *head, *tail;
	size_t npend;
	judge_counts jc;
	unsigned long calls, failed, undecided;
	int bad;
	failfast ff;		/* a wrong setup stops the run */
	unsigned long written, decided;	/* records out, model checks settled */
	int tty, drawn;		/* the status line: on a terminal, shown */
	double start, last_draw;
} run;

/* The status line, on a terminal only, at most twice a second. */
static void
status_draw(run *r, int force)
{
	double t = mono_now(), el = t - r->start;
	char line[320];
	size_t n;

	if (!r->tty || (!force && t - r->last_draw < 0.5))
		return;
	r->last_draw = t;
	snprintf(line, sizeof line, "\r%s: %lu records, %lu checks by the "
	    "model (%.1f/s), %lu undecided, %lu failed requests, %zu "
	    "waiting\033[K", lg_prog, r->written, r->decided, el > 0 ?
	    (double)r->decided / el : 0, r->undecided, r->failed,
	    http_outstanding(r->e));
	n = strlen(line);
	if (write(STDERR_FILENO, line, n) == (ssize_t)n)
		r->drawn = 1;
}

static void
status_clear(run *r)
{
	if (r->drawn && write(STDERR_FILENO, "\r\033[K", 4) == 4)
		r->drawn = 0;
}

static char *
request_body(const run *r, const char *prompt, int attempt)
{
	const llm_opts *o = r->o;
	cJSON *b = cJSON_CreateObject(), *msgs, *m;
	char *s;

	cJSON_AddStringToObject(b, "model", o->model);
	if (o->compat != NULL) {
		cJSON_AddStringToObject(b, "prompt", prompt);
	} else {
		msgs = cJSON_AddArrayToObject(b, "messages");
		m = cJSON_CreateObject();
		cJSON_AddStringToObject(m, "role", "user");
		cJSON_AddStringToObject(m, "content", prompt);
		cJSON_AddItemToArray(msgs, m);
	}
	cJSON_AddNumberToObject(b, "temperature", o->temperature);
	if (o->top_p >= 0)
		cJSON_AddNumberToObject(b, "top_p", o->top_p);
	cJSON_AddNumberToObject(b, "max_tokens", (double)o->max_tokens);
	/* asking again is a new draw, and a new cache key */
	if (o->has_seed)
		cJSON_AddNumberToObject(b, "seed", (double)(o->seed + attempt));
	else if (attempt > 0)
		cJSON_AddNumberToObject(b, "seed", attempt);
	cJSON_AddBoolToObject(b, "stream", 0);
	s = cJSON_PrintUnformatted(b);
	cJSON_Delete(b);
	return s;
}

static void done(void *user, const http_result *res);

static void
submit(run *r, job *j)
{
	http_submit(r->e, r->o->compat ? HTTP_COMPLETIONS : HTTP_CHAT, r->o->model, 0,
	    request_body(r, j->prompt, j->tries), done, j);
	r->calls++;
}

/*
 * The rubric with the entry fenced by a marker the entry does not hold;
 * under --compat the published prompt, with the entry as it is.
 */
static char *
make_prompt(const run *r, const char *text, size_t len, const char *want,
    char **err)
{
	cJSON *v = cJSON_CreateObject();
	char hex[65], fence[32], *s, *t = xstrndup(text, len);
	int salt = 0;

	if (r->o->compat != NULL) {
		cJSON_AddStringToObject(v, "text", t);
		cJSON_AddStringToObject(v, "want", want);
		s = tmpl_render(r->rubric, v, err);
		cJSON_Delete(v);
		free(t);
		return s;
	}
	do {
		char *k = xasprintf("%d:%s", salt++, t);

		sha256_hex(k, strlen(k), hex);
		free(k);
		snprintf(fence, sizeof fence, "ENTRY-%.12s", hex);
	} while (strstr(t, fence) != NULL);
	cJSON_AddStringToObject(v, "text", t);
	cJSON_AddStringToObject(v, "want", want);
	cJSON_AddStringToObject(v, "fence", fence);
	s = tmpl_render(r->rubric, v, err);
	cJSON_Delete(v);
	free(t);
	return s;
}

static void
ask(void *arg, cJSON *verdict, const char *text, size_t len, const char *want)
{
	run *r = arg;
	job *j = xcalloc(1, sizeof *j);
	char *err;

	j->p = r->tail;
	j->verdict = verdict;
	j->prompt = make_prompt(r, text, len, want, &err);
	j->p->waiting++;
	if (j->prompt == NULL) {
		lg_die(LG_USAGE, "rubric: %s", err);
	}
	submit(r, j);
}

static run *the_run;

/* pass < 0: undecided, with why saying what went wrong. */
static void
settle(job *j, int pass, const char *by, const char *reply, const char *why,
    const char *reasoning)
{
	cJSON *v = j->verdict;

	cJSON_AddBoolToObject(v, "pass", pass > 0);
	cJSON_AddBoolToObject(v, "judged", pass >= 0);
	if (pass < 0) {
		cJSON_AddBoolToObject(v, "undecided", 1);
		the_run->undecided++;
	}
	cJSON_AddStringToObject(v, "by", by);
	if (the_run->o->compat != NULL)
		cJSON_AddStringToObject(v, "compat", the_run->o->compat);
	if (reply != NULL)
		cJSON_AddStringToObject(v, "reply", reply);
	if (reasoning != NULL && *reasoning != '\0')
		cJSON_AddStringToObject(v, "reasoning", reasoning);
	the_run->decided++;
	if (why != NULL)
		cJSON_AddStringToObject(v, "problem", why);
	j->p->waiting--;
	free(j->prompt);
	free(j);
}

static void
done(void *user, const http_result *res)
{
	job *j = user;
	run *r = the_run;
	char *by;

	if (failfast_hold(&r->ff, j, res))
		return;		/* settled later, or never if the setup is wrong */
	by = xasprintf("llm:%s", r->o->model);
	if (!res->ok) {
		r->failed++;
		settle(j, -1, by, NULL, res->error ? res->error : "request failed",
		    NULL);
	} else if (r->o->compat != NULL) {
		/* the published reading sees all the text the model wrote */
		settle(j, yesno_published(res->content ? res->content : "",
		    res->content_len) || yesno_published(res->reasoning ?
		    res->reasoning : "", res->reasoning_len), by,
		    res->content ? res->content : "", NULL, res->reasoning);
	} else {
		int v = yesno(res->content ? res->content : "");

		/* a reply cut before its answer would be cut again: no retry */
		if (v < 0 && res->truncated) {
			char *why = xasprintf("reply cut at --judge-max-tokens %ld "
			    "before its answer", r->o->max_tokens);

			settle(j, -1, by, res->content ? res->content : "", why,
			    res->reasoning);
			free(why);
		} else if (v < 0 && j->tries < r->o->judge_retries) {
			j->tries++;
			submit(r, j);
		} else if (v < 0) {
			r->jc.unparsed++;
			settle(j, -1, by, res->content ? res->content : "", "unparseable reply",
			    NULL);
		} else
			settle(j, v, by, res->content, NULL, NULL);
	}
	free(by);
	if (r->ff.nheld > 0 && r->ff.answered)
		failfast_release(&r->ff, done);
}

/* Write finished records from the head of the window. */
static void
flush(run *r)
{
	while (r->head != NULL && r->head->waiting == 0) {
		pend *p = r->head;

		if (p->mine)
			verdicts_finish(p->rec);
		rec_write(p->rec);
		r->written++;
		if (p->status == REC_BAD)
			r->bad = 1;
		rec_free(p->rec);
		r->head = p->next;
		if (r->head == NULL)
			r->tail = NULL;
		free(p);
		r->npend--;
	}
	if (fflush(stdout) != 0)
		lg_write_failed(errno);
}

int
llm_run(char **files, int nfiles, const llm_opts *o)
{
	run r;
	jsonl *in = jsonl_open(files, nfiles);
	char *err = NULL, *path;
	size_t window = (size_t)o->http.parallel * 4 + 16;
	cJSON *rec;
	http_stats st;
	int status, eof = 0;

	memset(&r, 0, sizeof r);
	r.o = o;
	r.tty = isatty(STDERR_FILENO);
	r.start = mono_now();
	the_run = &r;
	if (o->rubric != NULL)
		path = xstrdup(o->rubric);
	else {
		char *rel = xasprintf("rubrics/%s.tmpl", o->compat ? o->compat :
		    "longgenbench");

		path = share_path(rel);
		free(rel);
	}
	r.rubric = file_read(path, NULL);
	if (r.rubric == NULL)
		lg_die(LG_SYS, "%s: cannot read the rubric", path);
	free(path);
	if ((r.e = http_new(&o->http, &err)) == NULL)
		lg_die(LG_USAGE, "%s", err);
	for (;;) {
		while (!eof && r.npend < window) {
			pend *p;
			int asked;

			if ((rec = jsonl_next(in)) == NULL) {
				eof = 1;
				break;
			}
			if (o->done != NULL && resume_check(o->done, rec) != RESUME_TODO) {
				if (resume_check(o->done, rec) == RESUME_NOID) {
					jsonl_warn(in, "%s, skipped", RESUME_NOID_MSG);
					r.bad = 1;
				}
				rec_free(rec);
				continue;
			}
			p = xcalloc(1, sizeof *p);
			p->rec = rec;
			if (r.tail)
				r.tail->next = p;
			else
				r.head = p;
			r.tail = p;
			r.npend++;
			p->waiting++;	/* held while its checks are queued */
			p->status = verdicts_start(rec, in, o->hybrid ? JUDGE_HYBRID :
			    JUDGE_MODEL, ask, &r, &p->mine, &asked, &r.jc);
			p->waiting--;
		}
		flush(&r);
		status_draw(&r, 0);
		if (failfast_tripped(&r.ff, http_outstanding(r.e) == 0)) {
			status_clear(&r);
			failfast_die(&r.ff, o->key != NULL && *o->key != '\0',
			    "--api-key-file");
		}
		if (eof && r.head == NULL)
			break;
		http_step(r.e, 100);
	}
	http_get_stats(r.e, &st);
	status_clear(&r);
	lg_warn("%lu checks: %lu by rules, %lu by the model, %lu undecided "
		    "(%lu unparseable, %lu failed requests); %lu judge calls, %ld "
		    "prompt and %ld output tokens, %lu cache hits; lg %s, judge "
		    "llm:%s%s%s, max tokens %ld",
		    r.jc.checks, r.jc.by_rules, r.jc.by_model, r.undecided,
		    r.jc.unparsed, r.failed, r.calls, st.prompt_tokens,
		    st.output_tokens, st.cache_hits, LG_VERSION, o->model,
		    o->compat ? " with " : "", o->compat ? o->compat : "",
		    o->max_tokens);
	http_free(r.e);
	free((char *)r.rubric);
	yesno_fini();
	status = jsonl_status(in);
	if (status == LG_OK && (r.bad || r.failed || r.undecided))
		status = LG_BAD;
	jsonl_free(in);
	return lg_finish(status);
}
