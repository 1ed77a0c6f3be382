/*
 * lg-gen adaleval: the bestanswer task (BestAnswer, StackSelect in the
 * official code), choosing the accepted answer to a question among many.
 *
 * --import FILE reads an official stackselect_*.json: a JSON array of
 * objects with question_id (string or integer), question, all_answers (the
 * answers shown as A1..An), answer ("A<k>", 1 <= k <= n) and tags.  The
 * cases keep their order and their answers' order; lg-prompt renders the
 * prompt byte for byte as the official build_prompt() does.  -n N takes
 * the first N elements; --gold-at moves the accepted answer as for a
 * corpus below (from its place in the file, the others keeping the file's
 * order, all labelled again A1..An) and --truncate cuts as below.
 *
 * --corpus FILE reads questions as JSON Lines, one object per line: id
 * (string or integer), question, answers (strings, in the order they were
 * posted), accepted (the index of the accepted one in answers, from 0) and
 * tags (strings).  Case k of a tier is built from the k-th question; its
 * candidates are the accepted answer, then, while the whole prompt fits
 * the tier's cap, the question's answers posted before the accepted one
 * (the paper's intra-question distractors: the order of answers is the
 * only date the corpus gives), then the answers of the other
 * questions that share a tag with it (most shared tags first, then file
 * order; from 32k on, the paper's ultra-long settings, then those that
 * share none, in file order), each answer that does not fit skipped.
 * The candidates are shuffled with the case seed (as random.shuffle), and
 * --gold-at moves the accepted one to the front, the middle (position
 * (n + 1) / 2, rounded down, from 1) or the rear, the others keeping their
 * order.  The prompt is counted whole and answers dropped, last chosen
 * first, until it fits the cap.
 *
 * --truncate TIER cuts each prompt built at the -l tier down to TIER's cap
 * by keeping its first cap/2 tokens and its last cap - cap/2 (the middle
 * goes, where the answers are), cut at token boundaries that keep whole
 * characters; the record then carries the prompt itself.
 *
 * vars: question, answers [{label, text}] as shown.
 * checks: [{kind: "choice", n}].
 * gold: answer ("A3"), index (3), n, at (front when the accepted answer is
 * first, rear when last, middle otherwise), question_id, tags, tokens,
 * tokenizer; truncated (the tier cut to) with --truncate.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adaleval.h"
#include "diag.h"
#include "gen.h"
#include "jsonl.h"
#include "record.h"
#include "share.h"
#include "utf8.h"
#include "xalloc.h"

static const char *const tiers[] = { "1k", "2k", "4k", "6k", "8k", "12k",
	"16k", "32k", "64k", "128k" };
static const long caps[] = { 1000, 2000, 4000, 6000, 8000, 12000, 16000,
	32000, 64000, 128000 };

typedef struct {
	char *id;
	char *question;
	char **ans;
	size_t *tok;
	size_t nans;
	size_t accepted;
	char **tags;
	size_t ntags;
} question;

static question *qs;
static size_t nqs;

/* From this cap on, questions sharing no tag give distractors too. */
#define RELAX_CAP 32000

static const char *
at_name(size_t pos, size_t n)
{
	return pos == 0 ? "front" : pos + 1 == n ? "rear" : "middle";
}

static cJSON *
make_vars(const char *q, const char *const *text, size_t n)
{
	cJSON *vars = cJSON_CreateObject(), *av;
	size_t i;

	cJSON_AddStringToObject(vars, "question", q);
	av = cJSON_AddArrayToObject(vars, "answers");
	for (i = 0; i < n; i++) {
		cJSON *a = cJSON_CreateObject();

		cJSON_AddNumberToObject(a, "label", (double)(i + 1));
		cJSON_AddStringToObject(a, "text", text[i]);
		cJSON_AddItemToArray(av, a);
	}
	return vars;
}

static void
add_checks(cJSON *rec, size_t n)
{
	cJSON *checks = cJSON_CreateArray(), *c = cJSON_CreateObject();

	cJSON_AddStringToObject(c, "kind", "choice");
	cJSON_AddNumberToObject(c, "n", (double)n);
	cJSON_AddItemToArray(checks, c);
	rec_set(rec, "checks", checks);
}

static cJSON *
make_gold(size_t pos, size_t n, const char *qid, cJSON *tags)
{
	cJSON *gold = cJSON_CreateObject();
	char a[32];

	snprintf(a, sizeof a, "A%zu", pos + 1);
	cJSON_AddStringToObject(gold, "answer", a);
	cJSON_AddNumberToObject(gold, "index", (double)(pos + 1));
	cJSON_AddNumberToObject(gold, "n", (double)n);
	cJSON_AddStringToObject(gold, "at", at_name(pos, n));
	cJSON_AddStringToObject(gold, "question_id", qid);
	cJSON_AddItemToObject(gold, "tags", tags);
	return gold;
}

/*
 * --gold-at: move the candidate shown at gpos to the front, the middle
 * ((n + 1) / 2, from 1) or the rear of shown[0..n), the others keeping
 * their order; its new position.  GOLD_RANDOM leaves shown as it is.
 */
static size_t
place_gold(size_t *shown, size_t n, size_t gpos, int at)
{
	size_t want, g = shown[gpos];

	if (at == GOLD_RANDOM || n < 2)
		return gpos;
	want = at == GOLD_FRONT ? 0 : at == GOLD_REAR ? n - 1 : (n + 1) / 2 - 1;
	memmove(shown + gpos, shown + gpos + 1, (n - gpos - 1) * sizeof *shown);
	memmove(shown + want + 1, shown + want, (n - want - 1) * sizeof *shown);
	shown[want] = g;
	return want;
}

/*
 * --truncate: the prompt rendered from vars cut to o->truncate_cap tokens,
 * into rec's prompt, with gold.truncated; its tokens, or -1 after a
 * message.
 */
static long
cut_prompt(cJSON *rec, const cJSON *vars, cJSON *gold, const ada_opts *o)
{
	char *p = ada_render(vars), *cut;
	long tokens;

	if (p == NULL)
		return -1;
	cut = ada_truncate(p, o->truncate_cap);
	tokens = (long)ada_tokens(cut, strlen(cut));
	cJSON_AddStringToObject(gold, "truncated", o->truncate);
	rec_set_str(rec, "prompt", cut);
	free(cut);
	free(p);
	return tokens;
}

/* An array of strings, or NULL with *why set. */
static int
strings(const cJSON *a, const char *name, size_t min, const char **why)
{
	const cJSON *e;
	size_t n = 0;

	if (!cJSON_IsArray(a)) {
		*why = name;
		return -1;
	}
	cJSON_ArrayForEach(e, a) {
		if (!cJSON_IsString(e)) {
			*why = name;
			return -1;
		}
		n++;
	}
	if (n < min) {
		*why = name;
		return -1;
	}
	return 0;
}

/* ---- import ---- */

static cJSON *
import(const cJSON *e, const ada_opts *o, const char *path, const char *tier,
    size_t idx)
{
	const cJSON *all = rec_get(e, "all_answers"), *tags = rec_get(e, "tags");
	const char *q = rec_str(e, "question"), *ans = rec_str(e, "answer");
	const char *why = NULL;
	const char **text;
	char *qid, *end;
	cJSON *rec, *vars, *gold;
	size_t n, i, *shown, gpos;
	long k, tokens;

	if ((qid = ada_element_id(e, "question_id", path, idx)) == NULL)
		return NULL;
	if (q == NULL || strings(all, "all_answers", 1, &why) < 0 ||
	    (tags != NULL && strings(tags, "tags", 0, &why) < 0)) {
		lg_warnat(path, 0, "element %zu (question %s): %s: want %s", idx,
		    qid, why ? why : "question", why == NULL ? "a string" :
		    strcmp(why, "tags") == 0 ? "an array of strings" :
		    "a non-empty array of strings");
		free(qid);
		return NULL;
	}
	n = (size_t)cJSON_GetArraySize(all);
	errno = 0;
	k = ans != NULL && ans[0] == 'A' && ans[1] >= '1' && ans[1] <= '9' ?
	    strtol(ans + 1, &end, 10) : -1;
	if (k < 1 || errno != 0 || *end != '\0' || (size_t)k > n) {
		lg_warnat(path, 0, "element %zu (question %s): answer: want A1 to "
		    "A%zu", idx, qid, n);
		free(qid);
		return NULL;
	}
	/* the file's order, the accepted answer moved as --gold-at asks */
	shown = xcalloc(n, sizeof *shown);
	for (i = 0; i < n; i++)
		shown[i] = i;
	gpos = place_gold(shown, n, (size_t)k - 1, o->gold_at);
	text = xcalloc(n, sizeof *text);
	for (i = 0; i < n; i++)
		text[i] = cJSON_GetArrayItem(all, (int)shown[i])->valuestring;
	vars = make_vars(q, text, n);
	free(text);
	free(shown);
	tokens = ada_prompt_tokens(vars);
	if (tokens < 0) {
		cJSON_Delete(vars);
		free(qid);
		return NULL;
	}
	rec = ada_import_rec("bestanswer", tier, idx);
	rec_set(rec, "vars", vars);
	add_checks(rec, n);
	gold = make_gold(gpos, n, qid,
	    tags ? cJSON_Duplicate(tags, 1) : cJSON_CreateArray());
	free(qid);
	if (o->truncate != NULL && (tokens = cut_prompt(rec, vars, gold, o)) < 0) {
		cJSON_Delete(gold);
		cJSON_Delete(rec);
		return NULL;
	}
	ada_gold_tokens(gold, tokens);
	rec_set(rec, "gold", gold);
	ada_import_from(rec, path, idx);
	return rec;
}

/* ---- a corpus of questions ---- */

static void
free_question(question *q)
{
	size_t i;

	for (i = 0; i < q->nans; i++)
		free(q->ans[i]);
	for (i = 0; i < q->ntags; i++)
		free(q->tags[i]);
	free(q->ans);
	free(q->tok);
	free(q->tags);
	free(q->question);
	free(q->id);
}

static void
fini(void)
{
	size_t i;

	for (i = 0; i < nqs; i++)
		free_question(&qs[i]);
	free(qs);
	qs = NULL;
	nqs = 0;
}

/* One line of the corpus into qs; -1 after a message. */
static int
load_question(jsonl *in, const cJSON *rec)
{
	const cJSON *ans = rec_get(rec, "answers"), *tags = rec_get(rec, "tags");
	const cJSON *acc = rec_get(rec, "accepted"), *e;
	const char *q = rec_str(rec, "question"), *why = NULL;
	question *d;
	char *id = ada_id_of(rec_get(rec, "id"));
	size_t i;

	if (id == NULL) {
		jsonl_warn(in, "id: want a string or an integer");
		return -1;
	}
	if (q == NULL || strings(ans, "answers", 1, &why) < 0 ||
	    (tags != NULL && strings(tags, "tags", 0, &why) < 0)) {
		jsonl_warn(in, "question %s: %s: want %s", id, why ? why : "question",
		    why == NULL ? "a string" : strcmp(why, "tags") == 0 ?
		    "an array of strings" : "a non-empty array of strings");
		free(id);
		return -1;
	}
	if (!cJSON_IsNumber(acc) || acc->valuedouble < 0 ||
	    acc->valuedouble >= cJSON_GetArraySize(ans) ||
	    acc->valuedouble != (double)(long)acc->valuedouble) {
		jsonl_warn(in, "question %s: accepted: want an index from 0 to %d",
		    id, cJSON_GetArraySize(ans) - 1);
		free(id);
		return -1;
	}
	qs = xreallocarray(qs, nqs + 1, sizeof *qs);
	d = &qs[nqs++];
	memset(d, 0, sizeof *d);
	d->id = id;
	d->question = xstrdup(q);
	d->accepted = (size_t)acc->valuedouble;
	d->nans = (size_t)cJSON_GetArraySize(ans);
	d->ans = xcalloc(d->nans, sizeof *d->ans);
	d->tok = xcalloc(d->nans, sizeof *d->tok);
	i = 0;
	cJSON_ArrayForEach(e, ans) {
		d->ans[i] = xstrdup(e->valuestring);
		d->tok[i] = ada_tokens(e->valuestring, strlen(e->valuestring));
		i++;
	}
	if (tags != NULL) {
		d->ntags = (size_t)cJSON_GetArraySize(tags);
		d->tags = xcalloc(d->ntags + 1, sizeof *d->tags);
		i = 0;
		cJSON_ArrayForEach(e, tags)
			d->tags[i++] = xstrdup(e->valuestring);
	}
	return 0;
}

static int
init(const ada_opts *o)
{
	char *files[1];
	jsonl *in;
	cJSON *rec;
	int bad = 0, st;

	files[0] = (char *)o->corpus;
	in = jsonl_open(files, 1);
	while ((rec = jsonl_next(in)) != NULL) {
		if (load_question(in, rec) < 0)
			bad = 1;
		rec_free(rec);
	}
	st = jsonl_status(in);
	jsonl_free(in);
	if (st == LG_OK && !bad && nqs == 0) {
		lg_warn("--corpus %s: no questions", o->corpus);
		bad = 1;
	}
	if (st != LG_OK || bad) {
		fini();
		return -1;
	}
	return 0;
}

static size_t
shared_tags(const question *a, const question *b)
{
	size_t i, j, n = 0;

	for (i = 0; i < a->ntags; i++)
		for (j = 0; j < b->ntags; j++)
			if (strcmp(a->tags[i], b->tags[j]) == 0) {
				n++;
				break;
			}
	return n;
}

typedef struct {
	size_t q, shared;
} near;

static int
cmp_near(const void *a, const void *b)
{
	const near *x = a, *y = b;

	if (x->shared != y->shared)
		return x->shared > y->shared ? -1 : 1;
	return x->q < y->q ? -1 : x->q > y->q;
}

static int
gen(const ada_case *c, cJSON *rec, rng *r)
{
	const question *q;
	const char **text;
	size_t *shown, n = 0, cap, i, j, nn = 0, gpos;
	near *nb;
	long used, tokens, budget = c->cap;
	cJSON *vars, *gold, *tags;

	if ((size_t)c->index >= nqs)
		return 1;
	q = &qs[c->index];
	cap = 16;
	text = xcalloc(cap, sizeof *text);
	text[n++] = q->ans[q->accepted];
	vars = make_vars(q->question, text, 1);
	used = ada_prompt_tokens(vars);
	cJSON_Delete(vars);
	if (used < 0) {
		free(text);
		return -1;
	}
	if (used > budget) {
		lg_warn("question %s: the question and its accepted answer alone "
		    "take %ld tokens, more than %s's %ld", q->id, used, c->tier,
		    budget);
		free(text);
		return -1;
	}
	/*
	 * the question's answers posted before the accepted one, then its
	 * neighbours' by shared tags; from 32k on (the paper's ultra-long
	 * settings) the questions sharing no tag follow
	 */
	nb = xcalloc(nqs, sizeof *nb);
	for (i = 0; i < nqs; i++)
		if (i != (size_t)c->index && ((nb[nn].shared = shared_tags(q,
		    &qs[i])) > 0 || c->cap >= RELAX_CAP))
			nb[nn++].q = i;
	qsort(nb, nn, sizeof *nb, cmp_near);
	for (i = 0; i <= nn; i++) {
		const question *o = i == 0 ? q : &qs[nb[i - 1].q];

		for (j = 0; j < (o == q ? q->accepted : o->nans); j++) {
			long cost = (long)o->tok[j] + 6;

			if (used + cost > budget)
				continue;
			if (n == cap) {
				cap *= 2;
				text = xreallocarray(text, cap, sizeof *text);
			}
			text[n++] = o->ans[j];
			used += cost;
		}
	}
	free(nb);
	/* shown[k]: the candidate shown at position k; candidate 0 is gold */
	shown = xcalloc(n, sizeof *shown);
	for (;;) {
		const char **t = xcalloc(n, sizeof *t);

		for (i = 0; i < n; i++)
			shown[i] = i;
		rng_shuffle(r, shown, n, sizeof *shown);
		for (gpos = 0; shown[gpos] != 0; gpos++)
			;
		gpos = place_gold(shown, n, gpos, c->opts->gold_at);
		for (i = 0; i < n; i++)
			t[i] = text[shown[i]];
		vars = make_vars(q->question, t, n);
		free(t);
		if ((tokens = ada_prompt_tokens(vars)) < 0) {
			cJSON_Delete(vars);
			free(shown);
			free(text);
			return -1;
		}
		if (tokens <= budget || n == 1)
			break;
		cJSON_Delete(vars);
		n--;	/* drop the last chosen and draw the order again */
	}
	if (tokens * 10 < budget * 9) {
		lg_warn("question %s: %zu answers fill %ld tokens, short of 90%% "
		    "of %s's %ld", q->id, n, tokens, c->tier, budget);
		cJSON_Delete(vars);
		free(shown);
		free(text);
		return 1;
	}
	rec_set(rec, "vars", vars);
	add_checks(rec, n);
	tags = cJSON_CreateArray();
	for (i = 0; i < q->ntags; i++)
		cJSON_AddItemToArray(tags, cJSON_CreateString(q->tags[i]));
	gold = make_gold(gpos, n, q->id, tags);
	if (c->opts->truncate != NULL &&
	    (tokens = cut_prompt(rec, vars, gold, c->opts)) < 0) {
		cJSON_Delete(gold);
		free(shown);
		free(text);
		return -1;
	}
	ada_gold_tokens(gold, tokens);
	rec_set(rec, "gold", gold);
	free(shown);
	free(text);
	return 0;
}

const ada_task ada_bestanswer = { "bestanswer", tiers, caps,
	sizeof caps / sizeof caps[0], "1k,2k,4k",
	"FILE (questions and answers, JSON Lines)", ADA_GOLD_AT | ADA_TRUNCATE,
	"stackselect", tiers, sizeof caps / sizeof caps[0], init, gen, import,
	fini };
