/*
 * lg-gen longgenbench: LongGenBench cases (Wu et al., ICLR 2025), generated
 * from the libraries under share/templates/longgenbench/, or imported from
 * the official files (lgb_import.c).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "calendar.h"
#include "diag.h"
#include "gen.h"
#include "lgb.h"
#include "lgb_case.h"
#include "opt.h"
#include "record.h"
#include "rng.h"
#include "share.h"
#include "tmpl.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_IMPORT = 0x100, OPT_MAX_RECORD
};

static const char *const all_tasks[] = { "diary", "menu", "skyscraper", "city" };
static const char *const all_tiers[] = { "8k", "16k", "32k", "64k", "128k" };
#define NTASKS 4
#define NTIERS 5

const char *
gen_longgenbench_task(size_t i)
{
	return i < NTASKS ? all_tasks[i] : NULL;
}

/* Entries per tier: the paper's 16k and 32k pairs, scaled either side. */
static const struct {
	const char *task;
	const char *type[NTIERS];
	int number[NTIERS];
	int cols[NTIERS];
} shapes[NTASKS] = {
	{ "diary", { "Week", "Week", "Day", "Day", "Day" },
	  { 52, 52, 365, 365, 365 }, { 0 } },
	{ "menu", { "Menu Week", "Menu Week", "Menu Day", "Menu Day", "Menu Day" },
	  { 52, 52, 365, 365, 365 }, { 0 } },
	{ "skyscraper", { "Floor", "Floor", "Floor", "Floor", "Floor" },
	  { 50, 100, 300, 300, 600 }, { 0 } },
	{ "city", { "Block", "Block", "Block", "Block", "Block" },
	  { 49, 100, 361, 361, 625 }, { 7, 10, 19, 19, 25 } },
};

/* Non-leap years, so a daily document always has 365 entries. */
static const int years[] = { 2015, 2017, 2018, 2019, 2021, 2022, 2023, 2025,
	2026, 2027, 2029, 2030 };

/*
 * Words asked per entry: the whole document, at about 1.3 tokens a word,
 * must fit in 90% of the tier's output budget.  Rounded down to tens.
 */
int
lgb_words_for(long tokens, int number)
{
	int w = (int)floor(0.9 * (double)tokens / (1.3 * number) / 10.0) * 10;

	return w < 20 ? 20 : w > 300 ? 300 : w;
}

static int
index_of(const char *const *v, int n, const char *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return i;
	return -1;
}

static int
make_cases(const lgb_libs *libs, const char *task, const char *tier, long n,
    uint64_t seed)
{
	int ti = index_of(all_tasks, NTASKS, task);
	int li = index_of(all_tiers, NTIERS, tier);
	long k;
	int status = LG_OK;

	for (k = 0; k < n; k++) {
		lgb_spec sp;
		cJSON *rec;
		char *id = xasprintf("longgenbench/%s/%s/%04ld", task, tier, k);
		char *src = xasprintf("%llu/%s", (unsigned long long)seed, id);
		uint32_t cs = rng_seed_of_id(src);
		rng r;

		memset(&sp, 0, sizeof sp);
		sp.task = task;
		sp.tier = tier;
		sp.type = shapes[ti].type[li];
		sp.number = shapes[ti].number[li];
		sp.cols = shapes[ti].cols[li];
		sp.words = lgb_words_for(tier_tokens(tier), sp.number);
		rng_seed(&r, cs);
		sp.year = years[rng_choice(&r, sizeof years / sizeof years[0])];
		rec = cJSON_CreateObject();
		cJSON_AddStringToObject(rec, "id", id);
		cJSON_AddStringToObject(rec, "bench", "longgenbench");
		cJSON_AddStringToObject(rec, "task", task);
		cJSON_AddStringToObject(rec, "length", tier);
		cJSON_AddNumberToObject(rec, "seed", cs);
		if (lgb_make_case(libs, &sp, &r, rec) == 0)
			rec_write(rec);
		else
			status = LG_BAD;
		cJSON_Delete(rec);
		free(id);
		free(src);
	}
	return status;
}

typedef struct {
	const char *import, *model;
} lgb_args;

/* longgenbench's own options */
static int
take(int c, const char *arg, void *ctx)
{
	lgb_args *a = ctx;

	switch (c) {
	case 'm':
		if (*arg == '\0')
			lg_die(LG_USAGE, "--model: empty model name");
		a->model = arg;
		break;
	case OPT_IMPORT: a->import = arg; break;
	case OPT_MAX_RECORD: opt_max_record(arg); break;
	default: return -1;
	}
	return 0;
}

/* The cases of tasks tv and tiers lv, n of each; an exit status. */
static int
run(char **tv, size_t nt, char **lv, size_t nl, long n, uint64_t seed)
{
	lgb_libs libs;
	size_t i, j;
	int status = LG_OK;

	for (i = 0; i < nt; i++) {
		if (lgb_libs_load(&libs, tv[i]) < 0)
			return LG_SYS;
		for (j = 0; j < nl; j++) {
			int s = make_cases(&libs, tv[i], lv[j], n, seed);

			if (s > status)
				status = s;
		}
		lgb_libs_free(&libs);
	}
	return status;
}

int
gen_longgenbench(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "import", required_argument, NULL, OPT_IMPORT },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "model", required_argument, NULL, 'm' },
		{ NULL, 0, NULL, 0 }
	};
	lgb_args a = { NULL, NULL };
	gen_opts g;
	char **tv, **lv;
	size_t nt, nl, i;
	int status;

	gen_parse(argc, argv, longopts, take, &a, &g);
	if (a.import == NULL && a.model != NULL)
		lg_die(LG_USAGE, "--model names the model of imported results: "
		    "it goes with --import");
	if (a.import != NULL && g.set_s)
		lg_die(LG_USAGE, "-s: --import reads the cases of the file, "
		    "there is nothing to seed");
	tv = opt_list("-t", g.tasks ? g.tasks : "diary,menu,skyscraper,city",
	    all_tasks, NTASKS, &nt);
	lv = opt_list("-l", g.tiers ? g.tiers : "16k", all_tiers, NTIERS, &nl);
	if (a.import != NULL) {
		lgb_import_opts io = { g.tasks ? tv : NULL, g.tiers ? lv : NULL,
		    nt, nl, g.set_n ? g.n : -1, a.model };

		for (i = 0; g.tiers && i < nl; i++)
			if (strcmp(lv[i], "16k") != 0 && strcmp(lv[i], "32k") != 0)
				lg_die(LG_USAGE, "-l: the official files hold the "
				    "16k and 32k tiers only, not %s", lv[i]);
		status = lgb_import(a.import, &io);
	} else
		status = run(tv, nt, lv, nl, g.n, g.seed);
	split_free(tv, nt);
	split_free(lv, nl);
	return lg_finish(status);
}
