/*
 * lg-gen adaleval: Ada-LEval cases (Wang et al., NAACL 2024), built from a
 * corpus or imported from the official files.  The tasks are the entries of
 * tasks[] below; a task names its tiers and their token caps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adaleval.h"
#include "bpe.h"
#include "buf.h"
#include "diag.h"
#include "gen.h"
#include "opt.h"
#include "record.h"
#include "share.h"
#include "tmpl.h"
#include "utf8.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_CORPUS = 0x100, OPT_IMPORT, OPT_STRIDE, OPT_GOLD_AT,
	OPT_TRUNCATE, OPT_TOKENIZER, OPT_MAX_RECORD
};

#define LW(t, ...)
#define ADA(t, ...) extern const ada_task ada_##t;
#include "tasks.def"
#undef ADA

static const ada_task *const tasks[] = {
#define ADA(t, ...) &ada_##t,
#include "tasks.def"
#undef LW
#undef ADA
};
#define NTASKS (sizeof tasks / sizeof tasks[0])
/* where the official files come from (README) */
#define ADA_OFFICIAL_URL "http://opencompass.openxlab.space/utils/AdaLEval/"

const char *
gen_adaleval_task(size_t i)
{
	return i < NTASKS ? tasks[i]->name : NULL;
}

static bpe *tok;
static char *tmpl_text;
static const char *const gold_names[] = { "front", "middle", "rear" };

static const char *
base_name(const char *path)
{
	const char *base = strrchr(path, '/');

	return base ? base + 1 : path;
}

char *
ada_id_of(const cJSON *v)
{
	if (cJSON_IsString(v))
		return xstrdup(v->valuestring);
	if (cJSON_IsNumber(v) && v->valuedouble >= 0 && v->valuedouble < 9e15 &&
	    v->valuedouble == (double)(long long)v->valuedouble)
		return xasprintf("%lld", (long long)v->valuedouble);
	return NULL;
}

char *
ada_element_id(const cJSON *e, const char *key, const char *path, size_t idx)
{
	char *id;

	if (!cJSON_IsObject(e)) {
		lg_warnat(path, 0, "element %zu: not an object", idx);
		return NULL;
	}
	if ((id = ada_id_of(rec_get(e, key))) == NULL)
		lg_warnat(path, 0, "element %zu: %s: want a string or an integer",
		    idx, key);
	return id;
}

cJSON *
ada_import_rec(const char *task, const char *tier, size_t idx)
{
	cJSON *rec = cJSON_CreateObject();
	char *id = xasprintf("adaleval/%s/%s/%04zu", task, tier, idx);

	cJSON_AddStringToObject(rec, "id", id);
	free(id);
	cJSON_AddStringToObject(rec, "bench", "adaleval");
	cJSON_AddStringToObject(rec, "task", task);
	cJSON_AddStringToObject(rec, "length", tier);
	return rec;
}

cJSON *
ada_import_from(cJSON *rec, const char *path, size_t idx)
{
	cJSON *imp = cJSON_AddObjectToObject(rec, "import");

	cJSON_AddStringToObject(imp, "file", base_name(path));
	cJSON_AddNumberToObject(imp, "index", (double)idx);
	return imp;
}

size_t
ada_tokens(const char *s, size_t n)
{
	size_t k = bpe_encode(tok, s, n, 0, NULL, NULL);

	if (k == (size_t)-1)
		lg_die(LG_SYS, "cannot count the tokens of a text of %zu bytes", n);
	return k;
}

const char *
ada_tokenizer(void)
{
	return bpe_name(tok);
}

char *
ada_render(const cJSON *vars)
{
	char *err, *s = tmpl_render(tmpl_text, vars, &err);

	if (s == NULL) {
		lg_warn("template: %s", err);
		free(err);
	}
	return s;
}

long
ada_prompt_tokens(const cJSON *vars)
{
	char *s = ada_render(vars);
	long n;

	if (s == NULL)
		return -1;
	n = (long)ada_tokens(s, strlen(s));
	free(s);
	return n;
}

void
ada_gold_tokens(cJSON *gold, long tokens)
{
	cJSON_AddNumberToObject(gold, "tokens", (double)tokens);
	cJSON_AddStringToObject(gold, "tokenizer", ada_tokenizer());
}

/* Append the bytes of ids[a..b) to out. */
static void
decode(struct buf *out, const uint32_t *ids, size_t a, size_t b)
{
	size_t i, len;

	for (i = a; i < b; i++) {
		const char *t = bpe_token(tok, ids[i], &len);

		if (t != NULL)
			buf_add(out, t, len);
	}
}

char *
ada_truncate(const char *s, long cap)
{
	uint32_t *ids = NULL;
	size_t cap_ids = 0, n = bpe_encode(tok, s, strlen(s), 0, &ids, &cap_ids);
	size_t head, tail;
	struct buf out = { 0 };

	if (n == (size_t)-1)
		lg_die(LG_SYS, "cannot encode a text of %zu bytes", strlen(s));
	if ((long)n <= cap) {
		free(ids);
		return xstrdup(s);
	}
	head = (size_t)cap / 2;
	tail = (size_t)cap - head;
	for (;;) {
		size_t a, b;

		buf_reset(&out);
		/* cut at token boundaries that leave whole characters */
		for (a = head; a > 0; a--) {
			buf_reset(&out);
			decode(&out, ids, 0, a);
			if (utf8_invalid(out.s ? out.s : "", out.len) == out.len)
				break;
		}
		if (a == 0)
			buf_reset(&out);
		for (b = n - tail; b < n; b++) {
			struct buf t = { 0 };
			int ok;

			decode(&t, ids, b, n);
			ok = utf8_invalid(t.s ? t.s : "", t.len) == t.len;
			if (ok)
				buf_add(&out, t.s, t.len);
			buf_free(&t);
			if (ok)
				break;
		}
		/* merges across the cut can add a token: cut more until it fits */
		if ((long)ada_tokens(buf_str(&out), out.len) <= cap || head + tail == 0)
			break;
		if (tail > head)
			tail--;
		else
			head--;
	}
	free(ids);
	return buf_take(&out);
}

static long
cap_of(const ada_task *t, const char *tier)
{
	size_t i;

	for (i = 0; i < t->ntiers; i++)
		if (strcmp(t->tiers[i], tier) == 0)
			return t->caps[i];
	return -1;
}

/* Whether tier is one of the official files' tiers of t. */
static int
official_tier(const ada_task *t, const char *tier)
{
	size_t i;

	for (i = 0; i < t->nftiers; i++)
		if (strcmp(t->ftiers[i], tier) == 0)
			return 1;
	return 0;
}

/* The tier of an official file: stackselect_16k.json is 16k. */
static char *
tier_of_file(const char *path)
{
	const char *base = base_name(path), *u, *dot;

	u = strrchr(base, '_');
	dot = u ? strchr(u, '.') : NULL;
	if (u == NULL || dot == NULL || dot == u + 1)
		return NULL;
	return xstrndup(u + 1, (size_t)(dot - u - 1));
}

/*
 * The tier of an import: the file name's (stackselect_1k.json is 1k) when
 * it names one, and -l (tl) then must agree; else -l, which must be given.
 * *ftier is the name's tier, owned by the caller, or NULL.
 */
static const char *
import_tier(const ada_task *t, const char *path, const char *tl, char **ftier)
{
	if ((*ftier = tier_of_file(path)) != NULL && !official_tier(t, *ftier)) {
		free(*ftier);
		*ftier = NULL;
	}
	if (*ftier == NULL && tl == NULL)
		lg_die(LG_USAGE, "--import %s: cannot tell the tier from the file "
		    "name: give it with -l", path);
	if (*ftier != NULL && tl != NULL && strcmp(tl, *ftier) != 0)
		lg_die(LG_USAGE, "-l %s: --import %s holds tier %s cases by its "
		    "name", tl, path, *ftier);
	return *ftier != NULL ? *ftier : tl;
}

/* The tokens of tier (16k: 16000), or 0 when it does not say. */
static long
tier_size(const char *tier)
{
	char *end;
	long k = strtol(tier, &end, 10);

	return k > 0 && k < 1000000 && strcmp(end, "k") == 0 ? k * 1000 : 0;
}

/*
 * The fewest tokens an imported case of tier must have: more than the
 * tier below's (the official files' prompts may pass their tier a little:
 * the 1k file reaches 1105), none for the first tier.
 */
static long
import_floor(const ada_task *t, const char *tier)
{
	size_t i;

	for (i = 1; i < t->nftiers; i++)
		if (strcmp(t->ftiers[i], tier) == 0)
			return tier_size(t->ftiers[i - 1]);
	return 0;
}

/* The id of case k of tier, with the --gold-at position when given (so
 * that the suites of each position do not share ids). */
static char *
case_id(const ada_task *t, const ada_opts *o, const char *tier, long k)
{
	if (o->gold_at == GOLD_RANDOM)
		return xasprintf("adaleval/%s/%s/%04ld", t->name, tier, k);
	return xasprintf("adaleval/%s/%s/%04ld/%s", t->name, tier, k,
	    gold_names[o->gold_at - GOLD_FRONT]);
}

static int
make_cases(const ada_task *t, const ada_opts *o, char **lv, size_t nl, long n)
{
	size_t j;
	long k;
	int status = LG_OK;

	for (j = 0; j < nl; j++) {
		for (k = 0; k < n; k++) {
			ada_case cs;
			cJSON *rec = cJSON_CreateObject();
			char *id = case_id(t, o, lv[j], k);
			/* the seed of the case without its position: the same
			 * candidates in each --gold-at suite */
			char *src = xasprintf("%llu/adaleval/%s/%s/%04ld",
			    (unsigned long long)o->seed, t->name, lv[j], k);
			uint32_t seed = rng_seed_of_id(src);
			rng r;
			int ret;

			cs.tier = lv[j];
			cs.cap = cap_of(t, lv[j]);
			cs.index = k;
			cs.opts = o;
			rng_seed(&r, seed);
			cJSON_AddStringToObject(rec, "id", id);
			cJSON_AddStringToObject(rec, "bench", "adaleval");
			cJSON_AddStringToObject(rec, "task", t->name);
			cJSON_AddStringToObject(rec, "length", lv[j]);
			cJSON_AddNumberToObject(rec, "seed", seed);
			ret = t->gen(&cs, rec, &r);
			if (ret == 0)
				rec_write(rec);
			cJSON_Delete(rec);
			free(id);
			free(src);
			if (ret < 0)
				status = LG_BAD;
			if (ret > 0) {
				lg_warn("--corpus %s: too small for tier %s: %ld of %ld "
				    "cases", o->corpus, lv[j], k, n);
				status = LG_BAD;
				break;
			}
		}
	}
	return status;
}

/*
 * An imported case: its tokens must reach its tier (import_floor; a case
 * cut by --truncate says so in gold.truncated), and its id names the
 * --gold-at position when given; -1 after a message.
 */
static int
check_imported(const ada_task *t, const ada_opts *o, cJSON *rec,
    const char *path, const char *tier, size_t idx)
{
	const cJSON *gold = rec_get(rec, "gold");
	double tokens = cJSON_GetNumberValue(rec_get(gold, "tokens"));
	long floor = import_floor(t, tier);
	char *id;

	if (rec_get(gold, "truncated") == NULL && tokens <= floor) {
		lg_warnat(path, 0, "element %zu: %.0f tokens (%s) do not reach "
		    "tier %s (more than %ld)", idx, tokens,
		    rec_str(gold, "tokenizer"), tier, floor);
		return -1;
	}
	id = case_id(t, o, tier, (long)idx);
	rec_set_str(rec, "id", id);
	free(id);
	return 0;
}

/* The cases of an official file, the first o->limit of them when not -1:
 * an exit status. */
static int
import_cases(const ada_task *t, const ada_opts *o, const char *path,
    const char *tier)
{
	size_t idx = 0;
	cJSON *all, *e;
	int status, nul;

	if ((status = gen_read_array(path, &all, NULL, &nul)) != LG_OK)
		return status;
	cJSON_ArrayForEach(e, all) {
		cJSON *rec;

		if (o->limit >= 0 && idx >= (size_t)o->limit)
			break;
		if (cJSON_IsInvalid(e)) {	/* a NUL: said */
			idx++;
			status = LG_BAD;
			continue;
		}
		if ((rec = t->import(e, o, path, tier, idx++)) == NULL) {
			status = LG_BAD;
			continue;
		}
		if (check_imported(t, o, rec, path, tier, idx - 1) < 0) {
			cJSON_Delete(rec);
			status = LG_BAD;
			continue;
		}
		rec_write(rec);
		cJSON_Delete(rec);
	}
	cJSON_Delete(all);
	return status;
}

/* What the command line asks of adaleval. */
typedef struct {
	ada_opts o;
	const char *import, *tokenizer;
	unsigned given;		/* ADA_STRIDE, ...: the task-only options given */
} ada_args;

/* adaleval's own options */
static int
take(int c, const char *arg, void *ctx)
{
	ada_args *a = ctx;

	switch (c) {
	case OPT_CORPUS: a->o.corpus = arg; break;
	case OPT_IMPORT: a->import = arg; break;
	case OPT_STRIDE:
		a->o.stride = (long)opt_num("--stride", arg, 0, 1000000);
		a->given |= a->o.stride ? ADA_STRIDE : 0;
		break;
	case OPT_GOLD_AT:
		a->o.gold_at = GOLD_FRONT + (int)opt_choice("--gold-at", arg,
		    gold_names, 3);
		a->given |= ADA_GOLD_AT;
		break;
	case OPT_TRUNCATE: a->o.truncate = arg; a->given |= ADA_TRUNCATE; break;
	case OPT_TOKENIZER: a->tokenizer = arg; break;
	case OPT_MAX_RECORD: opt_max_record(arg); break;
	default: return -1;
	}
	return 0;
}

/* What --import cannot apply is refused, never ignored. */
static void
check_import(const ada_task *t, const gen_opts *g, const ada_args *a)
{
	const char *base = base_name(a->import);
	size_t i, n;

	if (g->set_s)
		lg_die(LG_USAGE, "-s: --import reads the cases of the file, there "
		    "is nothing to seed");
	if (a->given & ADA_STRIDE)
		lg_die(LG_USAGE, "--stride: --import reads the cases of the file, "
		    "there are no books to walk");
	for (i = 0; i < NTASKS; i++) {
		if (tasks[i] == t || tasks[i]->file == NULL)
			continue;
		n = strlen(tasks[i]->file);
		if (strncmp(base, tasks[i]->file, n) == 0 && base[n] == '_')
			lg_die(LG_USAGE, "--import %s: a %s file holds adaleval %s "
			    "cases: give -t %s", a->import, tasks[i]->file,
			    tasks[i]->name, tasks[i]->name);
	}
}

/*
 * A task without data lg can ship: what it needs, and where the official
 * files come from (README); data_needed() says it (malloc'd), after
 * "needs".
 */
static char *
data_needed(const ada_task *t)
{
	if (t->file == NULL || t->import == NULL)
		return xasprintf("--corpus %s", t->corpus);
	return xasprintf("--import %s_TIER.json, an official file of Ada-LEval "
	    "(its repository's fetch_data.sh downloads them from %s), or "
	    "--corpus %s", t->file, ADA_OFFICIAL_URL, t->corpus);
}

static void LG_NORETURN
needs_data(const ada_task *t)
{
	char *why = data_needed(t);

	lg_die(LG_USAGE, "adaleval %s needs %s", t->name, why);
}

/*
 * The task and its tiers, from what was asked: usage errors exit 2.  The
 * tiers are owned by the caller, *ftier too (the tier of an imported file's
 * name, or NULL).
 */
static const ada_task *
check(const gen_opts *g, ada_args *a, char ***lv, size_t *nl, char **ftier)
{
	const char *names[NTASKS], *tl = g->tiers;
	const ada_task *t;
	size_t i;

	for (i = 0; i < NTASKS; i++)
		names[i] = tasks[i]->name;
	if (g->tasks == NULL)
		lg_die(LG_USAGE, "-t: want one adaleval task: tsort or bestanswer");
	t = tasks[opt_choice("-t", g->tasks, names, NTASKS)];
	if (a->import != NULL && t->import == NULL)
		lg_die(LG_USAGE, "--import: adaleval %s has no official files to import",
		    t->name);
	if (a->import != NULL && a->o.corpus != NULL)
		lg_die(LG_USAGE, "--import and --corpus: give one of them");
	if (a->import == NULL && a->o.corpus == NULL && t->defcorpus == NULL)
		needs_data(t);
	if ((a->given & (ADA_GOLD_AT | ADA_TRUNCATE)) & ~t->own)
		lg_die(LG_USAGE, "--gold-at and --truncate are for bestanswer");
	if ((a->given & ADA_STRIDE) & ~t->own)
		lg_die(LG_USAGE, "--stride is for tsort");
	if (a->import != NULL)
		check_import(t, g, a);
	a->o.limit = a->import != NULL && !g->set_n ? -1 : g->n;
	*ftier = NULL;
	if (tl == NULL && a->import == NULL)
		tl = t->deftiers;
	if (a->import != NULL)
		tl = import_tier(t, a->import, tl, ftier);
	if (a->import != NULL)
		*lv = opt_list("-l", tl, t->ftiers, t->nftiers, nl);
	else
		*lv = opt_list("-l", tl, t->tiers, t->ntiers, nl);
	if (a->import != NULL && *nl != 1)
		lg_die(LG_USAGE, "--import: one tier, not %zu", *nl);
	if (a->o.truncate != NULL)
		a->o.truncate_cap = t->caps[opt_choice("--truncate", a->o.truncate,
		    t->tiers, t->ntiers)];
	return t;
}

/* The cases of task t, or its import: an exit status. */
static int
run(const ada_task *t, const ada_args *a, char **lv, size_t nl, long n)
{
	char *path;
	int status;

	tok = bpe_setup(a->tokenizer);
	if (a->o.truncate != NULL && !bpe_exact(tok))
		lg_die(LG_USAGE, "--truncate cuts at tokens: it needs --tokenizer "
		    "FILE or LG_TOKENIZER");
	if (!bpe_exact(tok) && a->import == NULL)
		lg_warn("approximate token counts (no --tokenizer or LG_TOKENIZER): "
		    "prompts are fitted to the tiers by an estimate");
	path = xasprintf("%s/templates/adaleval/%s.tmpl", share_dir(), t->name);
	tmpl_text = file_read(path, NULL);
	if (tmpl_text == NULL)
		lg_die(LG_SYS, "%s: cannot read the template", path);
	free(path);
	if (a->import != NULL)
		status = import_cases(t, &a->o, a->import, lv[0]);
	else if (t->init != NULL && t->init(&a->o) < 0)
		status = LG_SYS;
	else {
		status = make_cases(t, &a->o, lv, nl, n);
		if (t->fini != NULL)
			t->fini();
	}
	free(tmpl_text);
	bpe_free(tok);
	return status;
}

/* Task t with what a and g ask (its default corpus unless a names data):
 * an exit status. */
static int
gen_task(gen_opts *g, ada_args *a)
{
	const ada_task *t;
	char **lv, *ftier, *corpus = NULL;
	size_t nl;
	int status;

	t = check(g, a, &lv, &nl, &ftier);
	if (a->import == NULL && a->o.corpus == NULL)	/* the shipped text */
		a->o.corpus = corpus = share_path(t->defcorpus);
	status = run(t, a, lv, nl, g->n);
	split_free(lv, nl);
	free(ftier);
	free(corpus);
	return status;
}

/*
 * No -t: every task lg has data for (its shipped corpus), in the table's
 * order; one line names each task skipped for want of data and where its
 * data comes from.  Options of one task's data need that task named.
 */
static int
gen_default(gen_opts *g, const ada_args *a)
{
	size_t i;
	int status = LG_OK, st;

	if (a->import != NULL || a->o.corpus != NULL || a->given != 0)
		lg_die(LG_USAGE, "-t: %s is for one adaleval task: give -t %s",
		    a->import != NULL ? "--import" : a->o.corpus != NULL ?
		    "--corpus" : (a->given & ADA_STRIDE) ? "--stride" :
		    (a->given & ADA_GOLD_AT) ? "--gold-at" : "--truncate",
		    "tsort or -t bestanswer");
	for (i = 0; i < NTASKS; i++) {
		ada_args b = *a;

		if (tasks[i]->defcorpus == NULL) {
			char *why = data_needed(tasks[i]);

			lg_warn("adaleval %s not made (no -t): it needs %s",
			    tasks[i]->name, why);
			free(why);
			continue;
		}
		g->tasks = tasks[i]->name;
		st = gen_task(g, &b);
		if (st > status)
			status = st;
	}
	return status;
}

int
gen_adaleval(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "corpus", required_argument, NULL, OPT_CORPUS },
		{ "import", required_argument, NULL, OPT_IMPORT },
		{ "stride", required_argument, NULL, OPT_STRIDE },
		{ "gold-at", required_argument, NULL, OPT_GOLD_AT },
		{ "truncate", required_argument, NULL, OPT_TRUNCATE },
		{ "tokenizer", required_argument, NULL, OPT_TOKENIZER },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ NULL, 0, NULL, 0 }
	};
	ada_args a = { { NULL, 0, GOLD_RANDOM, NULL, 0, 0, -1 }, NULL, NULL, 0 };
	gen_opts g;

	gen_parse(argc, argv, longopts, take, &a, &g);
	a.o.seed = g.seed;
	return lg_finish(g.tasks == NULL ? gen_default(&g, &a) :
	    gen_task(&g, &a));
}
