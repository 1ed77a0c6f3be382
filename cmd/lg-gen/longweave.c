/* lg-gen longweave: cases for the LongWeave tasks, seeded as published. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "gen.h"
#include "longweave.h"
#include "opt.h"
#include "record.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

/* The tasks of the list (tasks.def), each defined in its own file
 * (lw_TASK.c), in the order the messages and --list-tasks give them. */
#define LW(t, ...) extern const lw_task lw_##t;
#define ADA(t, ...)
#include "tasks.def"
#undef LW

static const lw_task *const tasks[] = {
#define LW(t, ...) &lw_##t,
#include "tasks.def"
#undef LW
#undef ADA
};
static const char *const tiers[] = { "1k", "2k", "4k", "8k" };
#define NTASKS (sizeof tasks / sizeof tasks[0])
#define NTIERS (sizeof tiers / sizeof tiers[0])

const char *
gen_longweave_task(size_t i)
{
	return i < NTASKS ? tasks[i]->name : NULL;
}

static size_t
index_of(const char *const *v, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n && strcmp(v[i], s) != 0; i++)
		;
	return i;
}

static const lw_task *
find_task(const char *name)
{
	size_t i;

	for (i = 0; i < NTASKS && strcmp(tasks[i]->name, name) != 0; i++)
		;
	return i < NTASKS ? tasks[i] : NULL;
}

/* longweave's own options */
static int
take(int c, const char *arg, void *ctx)
{
	lw_opts *o = ctx;

	switch (c) {
	case 'C': o->corpus = arg; break;
	case 'S': o->states = (int)opt_num("--states", arg, 2, 26); break;
	case 'I': o->inputs = (int)opt_num("--inputs", arg, 2, 10); break;
	case 'R': o->rate = opt_frac("--rate", arg); break;
	case 'E': o->entries = opt_num("--entries", arg, 2, LW_MAX_ENTRIES); break;
	case 'K': o->key_length = opt_num("--key-length", arg, 2, LW_MAX_KEY); break;
	case 'A': o->value_length = opt_num("--value-length", arg, 2, LW_MAX_KEY);
		break;
	case 'T': o->steps = opt_num("--steps", arg, 4, LW_MAX_STEPS); break;
	case 'G': o->segments = opt_num("--segments", arg, 2, LW_MAX_SEGMENTS);
		break;
	case 'W': o->segment_words = opt_num("--segment-words", arg, 1,
	    LW_MAX_SEGMENT_WORDS);
		break;
	case 'P': o->code_tokens = opt_num("--code-tokens", arg, 256,
	    LW_MAX_CODE_TOKENS);
		break;
	case 'Q': o->rows = opt_num("--rows", arg, 1, LW_MAX_ROWS); break;
	case 'F': o->facts = opt_num("--facts", arg, 4, LW_MAX_FACTS); break;
	case 'O': o->records = opt_num("--records", arg, 1, LW_MAX_RECORDS); break;
	case 'N': o->categories = opt_num("--categories", arg, 1, LW_NW_CATEGORIES);
		break;
	case 'D': o->words = opt_num("--words", arg, 1, LW_MAX_WORDS); break;
	case 'M': o->statements = opt_num("--statements", arg, 1,
	    LW_MAX_STATEMENTS);
		break;
	default: return -1;
	}
	return 0;
}

/* One case: the record, seeded as published, filled by the task. */
static int
make_case(const lw_task *t, const char *tier, long k, const lw_opts *o)
{
	lw_case cs;
	cJSON *rec = cJSON_CreateObject();
	char *pid = xasprintf("%s/%s_%ld", t->published, tier, k);
	char *id = xasprintf("longweave/%s/%s/%04ld", t->name, tier, k);
	char *seedsrc;
	int status = LG_OK;
	rng r;

	/* -s 0 keeps the published seeds; another suite seed is mixed in
	 * through the id string it hashes */
	seedsrc = o->seed ? xasprintf("%s#%llu", pid,
	    (unsigned long long)o->seed) : xstrdup(pid);
	cs.task = t->name;
	cs.tier = tier;
	cs.tier_index = (int)index_of(tiers, NTIERS, tier);
	cs.index = k;
	cs.published_id = pid;
	cs.seed = rng_seed_of_id(seedsrc);
	cs.opts = o;
	rng_seed(&r, cs.seed);
	cJSON_AddStringToObject(rec, "id", id);
	cJSON_AddStringToObject(rec, "bench", "longweave");
	cJSON_AddStringToObject(rec, "task", t->name);
	cJSON_AddStringToObject(rec, "length", tier);
	cJSON_AddNumberToObject(rec, "seed", cs.seed);
	cJSON_AddStringToObject(rec, "published_id", pid);
	if (t->gen(&cs, rec, &r) == 0)
		rec_write(rec);
	else
		status = LG_BAD;
	cJSON_Delete(rec);
	free(pid);
	free(id);
	free(seedsrc);
	return status;
}

/*
 * The tasks of the list, each once, in the order of the list (-t kvg,kvg
 * writes the cases twice but loads kvg once).
 */
static size_t
distinct(char **tv, size_t nt, const lw_task **out)
{
	size_t i, j, k = 0;

	for (i = 0; i < nt; i++) {
		const lw_task *t = find_task(tv[i]);

		for (j = 0; j < k && out[j] != t; j++)
			;
		if (j == k)
			out[k++] = t;
	}
	return k;
}

/* The cases of tasks tv and tiers lv, n of each; an exit status. */
static int
run(char **tv, size_t nt, char **lv, size_t nl, long n, const lw_opts *o)
{
	const lw_task *once[NTASKS];
	size_t nonce = distinct(tv, nt, once), i, j, ready;
	int status = LG_OK;
	long k;

	/* load what every task needs before writing any case */
	for (ready = 0; ready < nonce; ready++)
		if (once[ready]->init != NULL && once[ready]->init(o) < 0)
			break;
	for (i = 0; i < nt && ready == nonce; i++)
		for (j = 0; j < nl; j++)
			for (k = 0; k < n; k++)
				if (make_case(find_task(tv[i]), lv[j], k, o) != LG_OK)
					status = LG_BAD;
	if (ready < nonce)
		status = LG_SYS;
	while (ready-- > 0)
		if (once[ready]->fini != NULL)
			once[ready]->fini();
	return status;
}

int
gen_longweave(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "corpus", required_argument, NULL, 'C' },
		{ "states", required_argument, NULL, 'S' },
		{ "inputs", required_argument, NULL, 'I' },
		{ "rate", required_argument, NULL, 'R' },
		{ "entries", required_argument, NULL, 'E' },
		{ "key-length", required_argument, NULL, 'K' },
		{ "value-length", required_argument, NULL, 'A' },
		{ "steps", required_argument, NULL, 'T' },
		{ "segments", required_argument, NULL, 'G' },
		{ "segment-words", required_argument, NULL, 'W' },
		{ "code-tokens", required_argument, NULL, 'P' },
		{ "rows", required_argument, NULL, 'Q' },
		{ "facts", required_argument, NULL, 'F' },
		{ "records", required_argument, NULL, 'O' },
		{ "categories", required_argument, NULL, 'N' },
		{ "statements", required_argument, NULL, 'M' },
		{ "words", required_argument, NULL, 'D' },
		{ NULL, 0, NULL, 0 }
	};
	const char *names[NTASKS];
	lw_opts o = { .states = 3, .inputs = 3, .rate = 0.85 };
	gen_opts g;
	char **tv, **lv, *corpus = NULL;
	size_t nt, nl, i;
	buf all = { 0 };
	int status;

	gen_parse(argc, argv, longopts, take, &o, &g);
	for (i = 0; i < NTASKS; i++)
		if (tasks[i]->check != NULL)
			tasks[i]->check(&o);
	o.seed = g.seed;
	for (i = 0; i < NTASKS; i++) {
		names[i] = tasks[i]->name;
		buf_printf(&all, "%s%s", i > 0 ? "," : "", names[i]);
	}
	/* every task unless -t narrows them; pr's text is the shipped corpus
	 * unless --corpus names another */
	if (o.corpus == NULL)
		o.corpus = corpus = share_path(GEN_DEFAULT_CORPUS);
	tv = opt_list("-t", g.tasks ? g.tasks : buf_str(&all), names, NTASKS,
	    &nt);
	lv = opt_list("-l", g.tiers ? g.tiers : "1k,2k,4k,8k", tiers, NTIERS, &nl);
	status = run(tv, nt, lv, nl, g.n, &o);
	split_free(tv, nt);
	split_free(lv, nl);
	buf_free(&all);
	free(corpus);
	return lg_finish(status);
}

char **
lw_read_list(const char *rel, const char *what, size_t *n)
{
	char *path = share_path(rel);
	char **v = lines_read(path, n), **out;
	size_t i, k = 0;

	if (v == NULL) {
		lg_warn("%s: cannot read the %s", path, what);
		free(path);
		return NULL;
	}
	out = xcalloc(*n + 1, sizeof *out);
	for (i = 0; i < *n; i++) {
		if (v[i][0] == '#')
			free(v[i]);
		else
			out[k++] = v[i];
	}
	free(v);
	free(path);
	*n = k;
	return out;
}
