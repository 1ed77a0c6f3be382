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

/*
 * longweave's own options: those of the tasks' entries, each name once, in
 * the order of tasks[]; the code of the k-th is LW_OPT + k.
 */
enum { LW_OPT = 256, LW_MAXOPTS = 64 };

static void
collect(struct option *lo)
{
	size_t i, k, j, n = 0;

	for (i = 0; i < NTASKS; i++)
		for (k = 0; tasks[i]->options != NULL &&
		    tasks[i]->options[k].name != NULL; k++) {
			const char *name = tasks[i]->options[k].name;

			for (j = 0; j < n && strcmp(lo[j].name, name) != 0; j++)
				;
			if (j < n)
				continue;
			if (n == LW_MAXOPTS)
				lg_die(LG_SYS, "more than %d longweave options",
				    LW_MAXOPTS);
			lo[n].name = name;
			lo[n].has_arg = required_argument;
			lo[n].flag = NULL;
			lo[n].val = LW_OPT + (int)n;
			n++;
		}
	memset(&lo[n], 0, sizeof lo[n]);
}

/* --NAME ARG into the variable of each task's option of that name. */
static int
take(int c, const char *arg, void *ctx)
{
	const struct option *lo = ctx;
	const lw_option *op;
	char flag[80];
	size_t i;

	if (c < LW_OPT || c >= LW_OPT + LW_MAXOPTS)
		return -1;
	snprintf(flag, sizeof flag, "--%s", lo[c - LW_OPT].name);
	for (i = 0; i < NTASKS; i++)
		for (op = tasks[i]->options; op != NULL && op->name != NULL; op++) {
			if (strcmp(op->name, lo[c - LW_OPT].name) != 0)
				continue;
			if (op->num != NULL)
				*op->num = opt_num(flag, arg, op->min, op->max);
			else if (op->frac != NULL)
				*op->frac = opt_frac(flag, arg);
			else
				*op->str = arg;
		}
	return 0;
}

/* One case: the record, seeded as published, filled by the task. */
static int
make_case(const lw_task *t, const char *tier, long k, uint64_t seed)
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
	seedsrc = seed ? xasprintf("%s#%llu", pid,
	    (unsigned long long)seed) : xstrdup(pid);
	cs.task = t->name;
	cs.tier = tier;
	cs.tier_index = (int)index_of(tiers, NTIERS, tier);
	cs.index = k;
	cs.published_id = pid;
	cs.seed = rng_seed_of_id(seedsrc);
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
run(char **tv, size_t nt, char **lv, size_t nl, long n, uint64_t seed)
{
	const lw_task *once[NTASKS];
	size_t nonce = distinct(tv, nt, once), i, j, ready;
	int status = LG_OK;
	long k;

	/* load what every task needs before writing any case */
	for (ready = 0; ready < nonce; ready++)
		if (once[ready]->init != NULL && once[ready]->init() < 0)
			break;
	for (i = 0; i < nt && ready == nonce; i++)
		for (j = 0; j < nl; j++)
			for (k = 0; k < n; k++)
				if (make_case(find_task(tv[i]), lv[j], k, seed) != LG_OK)
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
	struct option longopts[LW_MAXOPTS + 1];
	const char *names[NTASKS];
	gen_opts g;
	char **tv, **lv;
	size_t nt, nl, i;
	struct buf all = { 0 };
	int status;

	collect(longopts);
	gen_parse(argc, argv, longopts, take, longopts, &g);
	for (i = 0; i < NTASKS; i++) {
		if (tasks[i]->check != NULL)
			tasks[i]->check();
		names[i] = tasks[i]->name;
		buf_printf(&all, "%s%s", i > 0 ? "," : "", names[i]);
	}
	/* every task unless -t narrows them */
	tv = opt_list("-t", g.tasks ? g.tasks : buf_str(&all), names, NTASKS,
	    &nt);
	lv = opt_list("-l", g.tiers ? g.tiers : "1k,2k,4k,8k", tiers, NTIERS, &nl);
	status = run(tv, nt, lv, nl, g.n, g.seed);
	split_free(tv, nt);
	split_free(lv, nl);
	buf_free(&all);
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
