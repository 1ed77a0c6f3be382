/*
 * lg-gen longgenbench: LongGenBench cases (Wu et al., ICLR 2025), generated
 * from the libraries under share/templates/longgenbench/, or imported from
 * the official files (import.c).
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "calendar.h"
#include "diag.h"
#include "gen.h"
#include "lgb.h"
#include "lgbgen.h"
#include "record.h"
#include "rng.h"
#include "share.h"
#include "tmpl.h"
#include "util.h"
#include "xalloc.h"

static const char *all_tasks[] = { "diary", "menu", "skyscraper", "city" };
static const char *all_tiers[] = { "8k", "16k", "32k", "64k", "128k" };
#define NTASKS 4
#define NTIERS 5

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
index_of(const char **v, int n, const char *s)
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

int
gen_longgenbench(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "import", required_argument, NULL, 'I' },
		{ "max-record", required_argument, NULL, 'M' },
		{ "model", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *tl = "16k", *tk = "diary,menu,skyscraper,city";
	const char *import = NULL, *model = NULL, *seed_arg = NULL;
	int set_n = 0, set_t = 0, set_l = 0;
	char **tv, **lv;
	size_t nt, nl, i, j;
	long n = 10;
	uint64_t seed = 0;
	int c, status = LG_OK, nimport = 0;
	lgb_libs libs;

	optind = 1;
	while ((c = getopt_long(argc, argv, "n:s:l:t:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (parse_long(optarg, &n) < 0 || n < 0)
				lg_die(LG_USAGE, "-n: not a count: %s", optarg);
			set_n = 1;
			break;
		case 's':
			if (parse_u64(optarg, &seed) < 0)
				lg_die(LG_USAGE, "-s: not a seed: %s", optarg);
			seed_arg = optarg;
			break;
		case 'l': tl = optarg; set_l = 1; break;
		case 't': tk = optarg; set_t = 1; break;
		case 'm':
			if (*optarg == '\0')
				lg_die(LG_USAGE, "--model: empty model name");
			model = optarg;
			break;
		case 'I': import = optarg; nimport++; break;
		case 'M':
			opt_max_record(optarg);
			break;
		case 'h':
			lg_usage(gen_usage, 0);
		default:
			lg_usage(gen_usage, LG_USAGE);
		}
	}
	if (optind != argc)
		lg_die(LG_USAGE, "unexpected argument: %s", argv[optind]);
	if (import == NULL && model != NULL)
		lg_die(LG_USAGE, "--model names the model of imported results: "
		    "it goes with --import");
	if (import != NULL && seed_arg != NULL)
		lg_die(LG_USAGE, "-s: --import reads the cases of the file, "
		    "there is nothing to seed");
	tv = split_list(tk, &nt);
	lv = split_list(tl, &nl);
	for (i = 0; i < nt; i++)
		if (index_of(all_tasks, NTASKS, tv[i]) < 0)
			lg_die(LG_USAGE, "-t: unknown longgenbench task: %s "
			    "(diary, menu, skyscraper, city)", tv[i]);
	for (i = 0; i < nl; i++)
		if (index_of(all_tiers, NTIERS, lv[i]) < 0)
			lg_die(LG_USAGE, "-l: unknown longgenbench tier: %s "
			    "(8k, 16k, 32k, 64k, 128k)", lv[i]);
	if (import != NULL) {
		lgb_import_opts io = { set_t ? tv : NULL, set_l ? lv : NULL,
		    nt, nl, set_n ? n : -1, model };

		for (i = 0; set_l && i < nl; i++)
			if (strcmp(lv[i], "16k") != 0 && strcmp(lv[i], "32k") != 0)
				lg_die(LG_USAGE, "-l: the official files hold the "
				    "16k and 32k tiers only, not %s", lv[i]);
		status = lgb_import(import, &io);
		split_free(tv, nt);
		split_free(lv, nl);
		return lg_finish(status);
	}
	for (i = 0; i < nt; i++) {
		if (lgb_libs_load(&libs, tv[i]) < 0) {
			status = LG_SYS;
			break;
		}
		for (j = 0; j < nl; j++) {
			int s = make_cases(&libs, tv[i], lv[j], n, seed);

			if (s > status)
				status = s;
		}
		lgb_libs_free(&libs);
	}
	split_free(tv, nt);
	split_free(lv, nl);
	return lg_finish(status);
}
