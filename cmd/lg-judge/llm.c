/*
 * llm.c: the model judge, on the record engine (engine.h): records are
 * read ahead by a thread, wait in a bounded window until every question
 * about them is answered, and go out in input order through one writer.
 *
 * LongGenBench: each check the rules leave open becomes one chat request,
 * built from the rubric (share/rubrics/longgenbench.tmpl): the entry's
 * text fenced between markers it cannot contain, and the question whether
 * it includes what is wanted.  The reply's first word decides: "yes"
 * passes, "no" fails, anything else ("yesterday", "Yes, but...") is asked
 * again up to --judge-retries times.  A check the judge could not decide
 * (unparseable after the retries, a reply cut by --judge-max-tokens before
 * its answer, a request that failed) is "undecided": not passed, not
 * judged (so out of STIC-1's denominator), marked with undecided and
 * problem, counted apart; the exit status is 1.
 *
 * Under --compat each check is the published judge's request instead: the
 * published prompt (share/rubrics/longgenbench-a.tmpl or -b.tmpl) as a raw
 * completion, read as the published code reads it (yesno_published), so
 * every reply decides and none is asked again.  --compat-prompt c, the
 * paper's Appendix C prompt, is a chat question instead, read by its last
 * "#*# Yes" or "#*# No" line (yesno_marker): without a clear one the check
 * is undecided, not asked again.
 *
 * LongWeave biog, sr and nw: the rules judge every item first; the items
 * the model must decide (all of them, or under --hybrid those the rules do
 * not decide clearly, lw_model.c) are asked in batches as published: biog
 * 10 facts per call, sr 5 questions per call, nw one call per category.
 * Our reply is read by lw_parse; an unparseable or incomplete one is asked
 * again once (unless --judge-retries is 0), the reply shown back with a
 * short correction (lw_correction), then its items are undecided.  Under
 * --compat the question is the published one (a system message, the
 * published prompt, temperature 0.7 and 8192 tokens) and the reply is read
 * as published (lw_parse_published), never asked again: what that reading
 * cannot use is undecided.  Each verdict keeps the raw reply.
 *
 * LongWeave cf, with --cf-relevance: one question per record, the
 * published relevance judge (lw_cf.c), read strictly (asked again up to
 * --judge-retries times) or, under --compat, as published.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "cfcode.h"
#include "diag.h"
#include "engine.h"
#include "failfast.h"
#include "http.h"
#include "judge.h"
#include "longweave.h"
#include "lw_cf.h"
#include "progress.h"
#include "re.h"
#include "record.h"
#include "sha256.h"
#include "share.h"
#include "tmpl.h"
#include "util.h"
#include "xalloc.h"
#include "yesno.h"

typedef struct run run;

typedef struct {
	run *r;
	engine_job *ej;
	int waiting;		/* questions not answered yet */
	int status;		/* REC_OK or REC_BAD */
	int mine;		/* LongGenBench checks to tally */
	const lw_task *lw;	/* a LongWeave task to tally, or NULL */
	char *text;		/* LongWeave: the judged text */
	int cf;			/* a cf relevance verdict to tally */
	double secs;		/* its requests' seconds (scores.judge_s) */
	int asked;		/* requests answered, failed or not */
} pend;

typedef struct {
	pend *p;
	cJSON *verdict;		/* LongGenBench: the check's verdict */
	cJSON **items;		/* LongWeave: the verdicts of the batch */
	int nitems;
	char *prompt;
	char *bad;		/* LongWeave: the unreadable reply asked about */
	int tries;
	int cf;			/* LongWeave cf: the relevance question */
} job;

struct run {
	const llm_opts *o;
	http_engine *e;
	engine *eng;
	const char *rubric;
	char *rubric_name;	/* its path, as given or in share */
	char rubric_sha[65];
	lw_asker *lwa;
	cf_asker *cfa;		/* --cf-relevance, else NULL */
	pend *cur;		/* the record being begun (ask) */
	judge_counts jc;
	unsigned long calls, failed, undecided, records, lw_records;
	int bad;
	failfast ff;		/* a wrong setup stops the run */
	unsigned long written, decided;	/* records out, model checks settled */
	progress pg;		/* the status line, on a terminal */
};

/* The status line (progress.h), at most twice a second unless forced. */
static void
status_draw(run *r, int force)
{
	char mid[160];
	unsigned long skipped;
	long lines;

	if (!r->pg.tty)
		return;
	engine_counts(r->eng, &skipped, &lines);
	r->pg.total = lines < 0 ? -1 : lines - (long)skipped;
	r->pg.done = r->written;
	r->pg.failed = r->failed;
	snprintf(mid, sizeof mid, "%lu checks by the model, %lu undecided, "
	    "%zu waiting", r->decided, r->undecided, http_outstanding(r->e));
	progress_line(&r->pg, mid, NULL, force);
}

static void
status_clear(run *r)
{
	progress_clear(&r->pg);
}

static void summary(const run *r, const http_stats *st);

/* After SIGINT or SIGTERM: the summary, what is lost and how to go on. */
static void
stopped(run *r, int sig)
{
	unsigned long lost = engine_unwritten(r->eng);
	http_stats st;

	status_clear(r);
	http_get_stats(r->e, &st);
	summary(r, &st);
	lg_warn("interrupted: %lu record%s written, %lu begun not written; %s",
	    r->written, r->written == 1 ? "" : "s", lost, r->o->done != NULL ?
	    "the same command finishes the run" : "to finish, run again with "
	    "--resume OUT >> OUT, OUT being this run's output");
	progress_die(sig);
}

void
judge_message(cJSON *msgs, const char *role, const char *content)
{
	cJSON *m = cJSON_CreateObject();

	cJSON_AddStringToObject(m, "role", role);
	cJSON_AddStringToObject(m, "content", content);
	cJSON_AddItemToArray(msgs, m);
}

void
judge_decoding_add(cJSON *b, const judge_decoding *d, int attempt)
{
	cJSON_AddNumberToObject(b, "temperature", d->temperature);
	if (d->top_p >= 0)
		cJSON_AddNumberToObject(b, "top_p", d->top_p);
	cJSON_AddNumberToObject(b, "max_tokens", (double)d->max_tokens);
	if (d->has_seed)
		cJSON_AddNumberToObject(b, "seed", (double)(d->seed + attempt));
	else if (attempt > 0)
		cJSON_AddNumberToObject(b, "seed", attempt);
	cJSON_AddBoolToObject(b, "stream", 0);
}

/*
 * The request: chat unless --compat asks a LongGenBench check.  A LongWeave
 * batch (lw) has its own decoding (the published one under --compat, with
 * the published system message); asked again (bad), the unreadable reply
 * and the correction follow the question.
 */
static char *
request_body(const run *r, const job *j, int chat)
{
	const llm_opts *o = r->o;
	int lw = j->items != NULL;
	cJSON *b = cJSON_CreateObject(), *msgs;
	char *s;

	cJSON_AddStringToObject(b, "model", o->model);
	if (!chat) {
		cJSON_AddStringToObject(b, "prompt", j->prompt);
	} else {
		msgs = cJSON_AddArrayToObject(b, "messages");
		if (lw && o->lw_compat)
			judge_message(msgs, "system", "You are a helpful assistant.");
		judge_message(msgs, "user", j->prompt);
		if (lw && j->bad != NULL) {
			char *c = lw_correction(j->p->lw);

			judge_message(msgs, "assistant", j->bad);
			judge_message(msgs, "user", c);
			free(c);
		}
	}
	judge_decoding_add(b, lw ? &o->lw : &o->dec, j->tries);
	s = cJSON_PrintUnformatted(b);
	cJSON_Delete(b);
	return s;
}

static void done(void *user, const http_result *res);

static void
submit(run *r, job *j)
{
	int chat = j->items != NULL || j->cf || r->o->compat == NULL ||
	    r->o->compat_marker;

	http_submit(r->e, chat ? HTTP_CHAT : HTTP_COMPLETIONS, r->o->model, 0,
	    j->cf ? cf_body(r->cfa, r->o, j->prompt, j->tries) :
	    request_body(r, j, chat), done, j);
	r->calls++;
}

/*
 * The rubric with the entry fenced by a marker the entry does not hold;
 * under --compat the published prompt, with the entry as it is.
 */
char *
llm_prompt(const llm_opts *o, const char *rubric, const char *text,
    size_t len, const char *want, char **err)
{
	cJSON *v = cJSON_CreateObject();
	char fence[32], *s, *t = xstrndup(text, len);

	cJSON_AddStringToObject(v, "text", t);
	cJSON_AddStringToObject(v, "want", want);
	if (o->compat == NULL) {
		judge_fence(t, "ENTRY", fence);
		cJSON_AddStringToObject(v, "fence", fence);
	}
	s = tmpl_render(rubric, v, err);
	cJSON_Delete(v);
	free(t);
	return s;
}

static char *
make_prompt(const run *r, const char *text, size_t len, const char *want,
    char **err)
{
	return llm_prompt(r->o, r->rubric, text, len, want, err);
}

static void
ask(void *arg, cJSON *verdict, const char *text, size_t len, const char *want)
{
	run *r = arg;
	job *j = xcalloc(1, sizeof *j);
	char *err;

	j->p = r->cur;
	j->verdict = verdict;
	j->prompt = make_prompt(r, text, len, want, &err);
	j->p->waiting++;
	if (j->prompt == NULL)
		lg_die(LG_USAGE, "rubric: %s", err);
	submit(r, j);
}

/* cf relevance's question (and cf.system.tmpl beside it) */
#define CF_RUBRIC "rubrics/longweave/cf.tmpl"

/* scores.judge of p's record: the judge that asked about it. */
static void
note(const run *r, const pend *p)
{
	const llm_opts *o = r->o;
	const lw_judge *lj;
	judge_note n = { o->hybrid ? "hybrid" : "model", o->model, NULL, NULL,
		NULL, 0, o->timed && p->asked > 0, p->secs };

	if (p->mine) {
		n.rubric = r->rubric_name;
		n.sha256 = r->rubric_sha;
		n.dec = &o->dec;
		n.compat = o->compat != NULL;
	} else if (p->lw != NULL) {
		lj = o->lw_compat ? p->lw->published : p->lw->own;
		if (lj != NULL) {
			n.rubric = lj->rubric;
			n.sha256 = judge_rubric_sha(lj->rubric);
		}
		n.dec = &o->lw;
		n.compat = o->lw_compat;
	} else if (p->cf) {
		n.rubric = CF_RUBRIC;
		n.sha256 = judge_rubric_sha(CF_RUBRIC);
		n.dec = &o->cf.dec;
		n.compat = o->lw_compat;
	} else
		return;
	judge_manifest(p->ej->rec, &n);
}

/* Every question about the record is answered: tally, then out it goes. */
static void
finish(pend *p)
{
	run *r = p->r;
	judge_at at = { p->ej->file, p->ej->line };

	if (p->mine)
		verdicts_finish(p->ej->rec, &at);
	if (p->lw != NULL)
		lw_tally(p->lw, p->ej->rec, r->o->lw_compat, &at);
	if (p->cf)
		cf_tally(p->ej->rec);
	note(r, p);
	if (p->status == REC_BAD)
		r->bad = 1;
	r->written++;
	free(p->text);
	engine_done(r->eng, p->ej);
	free(p);
}

static void
job_end(job *j)
{
	pend *p = j->p;

	free(j->prompt);
	free(j->bad);
	free(j->items);
	free(j);
	if (--p->waiting == 0)
		finish(p);
}

/* pass < 0: undecided, with why saying what went wrong. */
static void
settle(job *j, int pass, const char *by, const char *reply, const char *why,
    const char *reasoning)
{
	cJSON *v = j->verdict;
	run *r = j->p->r;

	cJSON_AddBoolToObject(v, "pass", pass > 0);
	cJSON_AddBoolToObject(v, "judged", pass >= 0);
	if (pass < 0) {
		cJSON_AddBoolToObject(v, "undecided", 1);
		r->undecided++;
	}
	cJSON_AddStringToObject(v, "by", by);
	if (r->o->compat != NULL)
		cJSON_AddStringToObject(v, "compat", r->o->compat);
	if (reply != NULL)
		cJSON_AddStringToObject(v, "reply", reply);
	if (reasoning != NULL && *reasoning != '\0')
		cJSON_AddStringToObject(v, "reasoning", reasoning);
	r->decided++;
	if (why != NULL)
		cJSON_AddStringToObject(v, "problem", why);
	job_end(j);
}

/* A LongWeave batch: val NULL for undecided items, with why; extra (or
 * NULL) nw's results beyond the batch, kept on its last verdict. */
static void
settle_lw(job *j, const int *val, const char *by, const char *reply,
    const char *why, const long *extra)
{
	const lw_task *t = j->p->lw;
	run *r = j->p->r;
	int k;

	for (k = 0; k < j->nitems; k++) {
		cJSON *v = j->items[k];

		lw_apply(t, v, val != NULL ? val + k * t->nfields : NULL);
		if (val == NULL) {
			cJSON_AddBoolToObject(v, "undecided", 1);
			r->undecided++;
		}
		cJSON_AddStringToObject(v, "by", by);
		if (r->o->lw_compat)
			cJSON_AddStringToObject(v, "compat", LW_COMPAT_PROMPT);
		if (reply != NULL)
			cJSON_AddStringToObject(v, "reply", reply);
		if (why != NULL)
			cJSON_AddStringToObject(v, "problem", why);
		r->decided++;
	}
	if (extra != NULL && (extra[0] > 0 || extra[1] > 0) && j->nitems > 0) {
		cJSON *x = cJSON_CreateObject();

		cJSON_AddNumberToObject(x, "present", (double)extra[0]);
		cJSON_AddNumberToObject(x, "compliant", (double)extra[1]);
		cJSON_AddItemToObject(j->items[j->nitems - 1], "extra", x);
	}
	job_end(j);
}

static void
done_lw(run *r, job *j, const char *by, const http_result *res)
{
	const lw_task *t = j->p->lw;
	const char *c = res->content ? res->content : "", *why;
	int *val = xcalloc((size_t)j->nitems * (size_t)t->nfields, sizeof *val);
	long extra[2];

	if (r->o->lw_compat) {
		/* as published: whatever the reading gets, never asked again */
		if (lw_parse_published(t, c, res->content_len, j->nitems, val,
		    extra))
			settle_lw(j, val, by, c, NULL, extra);
		else {
			r->jc.unparsed += (unsigned long)j->nitems;
			settle_lw(j, NULL, by, c, res->truncated ?
			    "unreadable reply, cut at --judge-max-tokens" :
			    "unreadable reply", NULL);
		}
	} else if (lw_parse(t, c, res->content_len, j->nitems, val, &why)) {
		settle_lw(j, val, by, c, NULL, NULL);
	} else if (res->truncated) {
		/* a reply cut before its end would be cut again: no retry */
		char *m = xasprintf("reply cut at --judge-max-tokens %ld",
		    r->o->lw.max_tokens);

		settle_lw(j, NULL, by, c, m, NULL);
		free(m);
	} else if (j->tries < 1 && j->tries < r->o->judge_retries) {
		/* once, the reply shown back with what was wanted */
		j->tries++;
		free(j->bad);
		j->bad = xstrndup(c, res->content_len);
		submit(r, j);
	} else {
		r->jc.unparsed += (unsigned long)j->nitems;
		settle_lw(j, NULL, by, c, why, NULL);
	}
	free(val);
}

/* The cf relevance verdict: pass < 0 undecided, with why. */
static void
settle_relevance(job *j, int pass, int assumed, const char *by, const char *reply,
    const char *why)
{
	run *r = j->p->r;

	cf_settle(j->verdict, pass, assumed, by, reply, why);
	if (pass < 0)
		r->undecided++;
	r->decided++;
	job_end(j);
}

static void
done_relevance(run *r, job *j, const char *by, const http_result *res)
{
	const char *c = res->content ? res->content : "";
	int v, assumed = 0;

	if (r->o->lw_compat) {
		/* as published, every reply decides */
		v = cf_read_published(c, res->content_len, &assumed);
		settle_relevance(j, v, assumed, by, c, NULL);
		return;
	}
	v = cf_read_strict(c, res->content_len);
	if (v < 0 && res->truncated) {
		/* a reply cut before its end would be cut again: no retry */
		char *why = xasprintf("reply cut at --judge-max-tokens %ld",
		    r->o->cf.dec.max_tokens);

		settle_relevance(j, -1, 0, by, c, why);
		free(why);
	} else if (v < 0 && j->tries < r->o->judge_retries) {
		j->tries++;
		submit(r, j);
	} else if (v < 0) {
		r->jc.unparsed++;
		settle_relevance(j, -1, 0, by, c, "unparseable reply");
	} else
		settle_relevance(j, v, 0, by, c, NULL);
}

/*
 * --compat-prompt c: the reply's last "#*#" line decides (yesno_marker);
 * a reply without a clear one is undecided, never asked again, as the
 * other compat prompts are asked once.
 */
static void
done_marker(run *r, job *j, const char *by, const http_result *res)
{
	const char *c = res->content ? res->content : "";
	int v = yesno_marker(c, res->content ? res->content_len : 0);
	char *why = NULL;

	if (v < 0 && res->truncated)
		why = xasprintf("reply cut at --judge-max-tokens %ld before its "
		    "\"#*# Yes\" or \"#*# No\"", r->o->dec.max_tokens);
	else if (v < 0)
		r->jc.unparsed++;
	settle(j, v, by, c, v < 0 ? why != NULL ? why : "no clear \"#*# Yes\" "
	    "or \"#*# No\" line" : NULL, res->reasoning);
	free(why);
}

static void
done(void *user, const http_result *res)
{
	job *j = user;
	run *r = j->p->r;
	char *by;

	if (failfast_hold(&r->ff, j, res))
		return;		/* settled later, or never if the setup is wrong */
	j->p->secs += res->latency_s;
	j->p->asked++;
	by = xasprintf("llm:%s", r->o->model);
	if (!res->ok) {
		r->failed++;
		if (j->items != NULL)
			settle_lw(j, NULL, by, NULL, res->error ? res->error :
			    "request failed", NULL);
		else if (j->cf)
			settle_relevance(j, -1, 0, by, NULL, res->error ? res->error :
			    "request failed");
		else
			settle(j, -1, by, NULL, res->error ? res->error :
			    "request failed", NULL);
	} else if (j->items != NULL) {
		done_lw(r, j, by, res);
	} else if (j->cf) {
		done_relevance(r, j, by, res);
	} else if (r->o->compat_marker) {
		done_marker(r, j, by, res);
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
			    "before its answer", r->o->dec.max_tokens);

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

/* Ask about items idx[0..n) of the record's LongWeave task. */
static void
ask_lw(run *r, pend *p, const int *idx, int n, const char *category)
{
	const cJSON *vs = rec_get(p->ej->rec, "verdicts");
	const cJSON *items = rec_get(rec_get(p->ej->rec, "gold"), p->lw->items);
	job *j = xcalloc(1, sizeof *j);
	char *err = NULL;
	int k;

	j->p = p;
	j->nitems = n;
	j->items = xcalloc((size_t)n, sizeof *j->items);
	for (k = 0; k < n; k++)
		j->items[k] = cJSON_GetArrayItem(vs, idx[k]);
	p->waiting++;
	r->jc.by_model += (unsigned long)n;
	if (r->o->lw_compat && !lw_published_category(r->lwa, p->lw, category)) {
		/* the published code skips it; no question, no verdict */
		char *by = xasprintf("llm:%s", r->o->model);

		settle_lw(j, NULL, by, NULL, "no such category in the published "
		    "AP rubric", NULL);
		free(by);
		return;
	}
	j->prompt = lw_prompt(r->lwa, p->lw, p->text, items, idx, n, category,
	    r->o->lw_compat, &err);
	if (j->prompt == NULL)
		lg_die(LG_SYS, "%s", err);
	submit(r, j);
}

/*
 * A LongWeave record: the rules judge every item, then the model those it
 * must decide, in batches (nw: by category, in the order of
 * gold.categories).
 */
static void
start_lw(run *r, pend *p, const lw_task *t, const judge_at *at)
{
	cJSON *rec = p->ej->rec;
	const judge_opts jo = { r->o->lw_compat };
	const cJSON *vs, *v, *cats, *c;
	size_t len = 0;
	int n, i, k, *ask = NULL, nask = 0;

	p->status = t->rules(rec, at, &jo);
	vs = rec_get(rec, "verdicts");
	n = cJSON_GetArraySize(vs);
	if (!cJSON_IsArray(vs) || n == 0)
		return;		/* the gold is bad: said so, nothing to ask */
	p->lw = t;
	r->records++;
	r->lw_records++;
	p->text = lw_judged(t, rec, r->o->lw_compat, &len);
	ask = xcalloc((size_t)n, sizeof *ask);
	i = 0;
	cJSON_ArrayForEach(v, vs) {
		r->jc.checks++;
		if (p->text == NULL || (r->o->hybrid && lw_clear(t, v)))
			r->jc.by_rules++;
		else
			ask[nask++] = i;
		i++;
	}
	if (t->batch > 0) {
		for (i = 0; i < nask; i += t->batch)
			ask_lw(r, p, ask + i, nask - i < t->batch ? nask - i :
			    t->batch, NULL);
	} else {
		int *sel = xcalloc((size_t)n, sizeof *sel);

		cats = rec_get(rec_get(rec, "gold"), "categories");
		cJSON_ArrayForEach(c, cats) {
			int m = 0;

			for (k = 0; k < nask; k++) {
				const char *vc = rec_str(cJSON_GetArrayItem(vs,
				    ask[k]), "category");

				if (vc != NULL && cJSON_IsString(c) &&
				    strcmp(vc, c->valuestring) == 0)
					sel[m++] = ask[k];
			}
			if (m > 0)
				ask_lw(r, p, sel, m, c->valuestring);
		}
		free(sel);
	}
	free(ask);
}

/* A LongWeave cf record under --cf-relevance: its one question. */
static void
start_relevance(run *r, pend *p, const judge_at *at)
{
	cJSON *v;
	char *prompt;
	job *j;

	p->status = cf_begin(r->cfa, p->ej->rec, at, &v, &prompt);
	if (v == NULL)
		return;
	p->cf = 1;
	r->records++;
	r->jc.checks++;
	if (prompt == NULL) {
		r->jc.by_rules++;
		if (cJSON_IsTrue(rec_get(v, "undecided")))
			r->undecided++;
		return;
	}
	r->jc.by_model++;
	j = xcalloc(1, sizeof *j);
	j->p = p;
	j->verdict = v;
	j->prompt = prompt;
	j->cf = 1;
	p->waiting++;
	submit(r, j);
}

/* The engine gives a record: begin its questions. */
static void
start(void *arg, engine *eng, engine_job *ej)
{
	run *r = arg;
	pend *p = xcalloc(1, sizeof *p);
	judge_at at = { ej->file, ej->line };
	const lw_task *t = lw_find(ej->rec);
	int asked;

	(void)eng;
	p->r = r;
	p->ej = ej;
	p->status = REC_OK;
	p->waiting++;	/* held while its questions are sent */
	if (r->cfa != NULL && cf_mine(ej->rec)) {
		start_relevance(r, p, &at);
	} else if (t != NULL) {
		lw_need(t, LW_RULES | (r->o->lw_compat ? LW_COMPAT : LW_MODEL), &at);
		start_lw(r, p, t, &at);
	} else {
		r->cur = p;
		p->status = verdicts_start(ej->rec, &at, r->o->hybrid ?
		    JUDGE_HYBRID : JUDGE_MODEL, ask, r, &p->mine, &asked, &r->jc);
		r->records += p->mine != 0;
	}
	if (--p->waiting == 0)
		finish(p);
}

/* Each turn of the engine: a wrong setup, the status line. */
static void
turn(void *arg, engine *eng)
{
	run *r = arg;

	(void)eng;
	if (progress_stopped())
		stopped(r, progress_stopped());
	status_draw(r, 0);
	if (failfast_tripped(&r->ff, http_outstanding(r->e) == 0)) {
		status_clear(r);
		failfast_die(&r->ff, r->o->key != NULL && *r->o->key != '\0',
		    "--api-key-file");
	}
}

/* The closing line: who decided what, and what it cost; LongWeave's
 * questions, when there were some, with their own judge and tokens. */
static void
summary(const run *r, const http_stats *st)
{
	char cf[64] = "", lw[96] = "";

	if (r->o->cf.on)
		snprintf(cf, sizeof cf, ", cf relevance %ld", r->o->cf.dec.max_tokens);
	if (r->lw_records > 0)
		snprintf(lw, sizeof lw, "; LongWeave: the %s judge, max tokens %ld",
		    r->o->lw_compat ? "published" : "own", r->o->lw.max_tokens);
	lg_warn("%lu checks: %lu by rules, %lu by the model, %lu undecided "
	    "(%lu unparseable, %lu failed requests); %lu judge calls "
	    "(%.2f per record), %ld prompt and %ld output tokens, %lu "
	    "cache hits; lg %s, judge llm:%s%s%s, max tokens %ld%s%s",
	    r->jc.checks, r->jc.by_rules, r->jc.by_model, r->undecided,
	    r->jc.unparsed, r->failed, r->calls, r->records > 0 ?
	    (double)r->calls / (double)r->records : 0, st->prompt_tokens,
	    st->output_tokens, st->cache_hits, LG_VERSION, r->o->model,
	    r->o->compat ? " with " : "", r->o->compat ? r->o->compat : "",
	    r->o->dec.max_tokens, cf, lw);
}

char *
llm_rubric(const llm_opts *o, char **name, char sha[65])
{
	char *path, *text;
	size_t len;

	/* named as given, or by its place in share */
	if (o->rubric != NULL) {
		path = xstrdup(o->rubric);
		*name = xstrdup(o->rubric);
	} else {
		*name = xasprintf("rubrics/%s.tmpl", o->compat ?
		    o->compat : "longgenbench");
		path = share_path(*name);
	}
	if ((text = file_read(path, &len)) == NULL)
		lg_die(LG_SYS, "%s: cannot read the rubric", path);
	sha256_hex(text, len, sha);
	free(path);
	return text;
}

int
llm_run(char **files, int nfiles, const llm_opts *o)
{
	run r;
	engine_opts eo = { 0 };
	char *err = NULL;
	http_stats st;
	int status;

	memset(&r, 0, sizeof r);
	r.o = o;
	progress_start(&r.pg, 0);
	r.rubric = llm_rubric(o, &r.rubric_name, r.rubric_sha);
	if ((r.e = http_new(&o->http, &err)) == NULL)
		lg_die(LG_USAGE, "%s", err);
	r.lwa = lw_asker_new();
	if (o->cf.on && (r.cfa = cf_asker_new(o->lw_compat, &err)) == NULL)
		lg_die(LG_SYS, "%s", err);
	eo.files = files;
	eo.nfiles = nfiles;
	eo.skip = o->done;
	eo.ahead = 16;
	eo.window = (size_t)o->http.parallel * 4 + 16;
	eo.keep_order = 1;
	eo.http = r.e;
	eo.step_ms = 100;
	eo.start = start;
	eo.turn = turn;
	eo.arg = &r;
	r.eng = engine_new(&eo);
	progress_catch_stop();
	status = engine_run(r.eng);
	engine_free(r.eng);
	http_get_stats(r.e, &st);
	status_clear(&r);
	summary(&r, &st);
	http_free(r.e);
	lw_asker_free(r.lwa);
	lw_rules_fini();
	cf_asker_free(r.cfa);
	cf_extract_fini();
	free((char *)r.rubric);
	free(r.rubric_name);
	judge_manifest_fini();
	yesno_fini();
	if (status == LG_OK && (r.bad || r.failed || r.undecided))
		status = LG_BAD;
	return lg_finish(status);
}
