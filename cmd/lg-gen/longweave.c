/* lg-gen longweave: cases for the LongWeave tasks, seeded as published. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "gen.h"
#include "longweave.h"
#include "record.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

static const lw_task *tasks[] = { &lw_kvg, &lw_sms, &lw_pr, &lw_cf,
	&lw_biog, &lw_sr, &lw_nw,
};
static const char *tiers[] = { "1k", "2k", "4k", "8k" };
#define NTASKS (sizeof tasks / sizeof tasks[0])
#define NTIERS 4

static const lw_task *
find_task(const char *name)
{
	size_t i;

	for (i = 0; i < NTASKS; i++)
		if (strcmp(tasks[i]->name, name) == 0)
			return tasks[i];
	return NULL;
}

static int
find_tier(const char *name)
{
	int i;

	for (i = 0; i < NTIERS; i++)
		if (strcmp(tiers[i], name) == 0)
			return i;
	return -1;
}

int
gen_longweave(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "corpus", required_argument, NULL, 'C' },
		{ "states", required_argument, NULL, 'S' },
		{ "inputs", required_argument, NULL, 'I' },
		{ "rate", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	lw_opts o = { NULL, 3, 3, 0.85, 0 };
	const char *tl = "1k,2k,4k,8k", *tk = NULL;
	char **tv, **lv;
	size_t nt, nl, i, j;
	long n = 200, k, v;
	int c, status = LG_OK;

	while ((c = getopt_long(argc, argv, "n:s:l:t:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (parse_long(optarg, &n) < 0 || n < 0)
				lg_die(LG_USAGE, "-n: not a count: %s", optarg);
			break;
		case 's':
			if (parse_u64(optarg, &o.seed) < 0)
				lg_die(LG_USAGE, "-s: not a seed: %s", optarg);
			break;
		case 'l': tl = optarg; break;
		case 't': tk = optarg; break;
		case 'C': o.corpus = optarg; break;
		case 'S':
			if (parse_long(optarg, &v) < 0 || v < 2 || v > 26)
				lg_die(LG_USAGE, "--states: want 2 to 26: %s", optarg);
			o.states = (int)v;
			break;
		case 'I':
			if (parse_long(optarg, &v) < 0 || v < 2 || v > 10)
				lg_die(LG_USAGE, "--inputs: want 2 to 10: %s", optarg);
			o.inputs = (int)v;
			break;
		case 'R':
			if (parse_double(optarg, &o.rate) < 0 || o.rate < 0 || o.rate > 1)
				lg_die(LG_USAGE, "--rate: want 0 to 1: %s", optarg);
			break;
		case 'h':
			lg_usage(gen_usage, 0);
		default:
			exit(LG_USAGE);
		}
	}
	if (optind != argc)
		lg_die(LG_USAGE, "unexpected argument: %s", argv[optind]);
	/* pr needs a corpus: by default it runs only when one is given */
	if (tk == NULL)
		tk = o.corpus ? "kvg,sms,pr,cf,biog" : "kvg,sms,cf,biog";
	tv = split_list(tk, &nt);
	lv = split_list(tl, &nl);
	for (i = 0; i < nt; i++)
		if (find_task(tv[i]) == NULL)
			lg_die(LG_USAGE, "-t: unknown longweave task: %s "
			    "(kvg, sms, pr, cf)", tv[i]);
	for (i = 0; i < nl; i++)
		if (find_tier(lv[i]) < 0)
			lg_die(LG_USAGE, "-l: unknown longweave tier: %s "
			    "(1k, 2k, 4k, 8k)", lv[i]);
	/* load what every task needs before writing any case */
	for (i = 0; i < nt; i++) {
		const lw_task *t = find_task(tv[i]);
		size_t d;

		for (d = 0; d < i && strcmp(tv[d], tv[i]) != 0; d++)
			;
		if (d == i && t->init != NULL && t->init(&o) < 0) {
			while (i-- > 0) {
				t = find_task(tv[i]);
				for (d = 0; d < i && strcmp(tv[d], tv[i]) != 0; d++)
					;
				if (d == i && t->fini != NULL)
					t->fini();
			}
			split_free(tv, nt);
			split_free(lv, nl);
			return lg_finish(LG_SYS);
		}
	}
	for (i = 0; i < nt; i++) {
		const lw_task *t = find_task(tv[i]);

		for (j = 0; j < nl; j++) {
			for (k = 0; k < n; k++) {
				lw_case cs;
				cJSON *rec = cJSON_CreateObject();
				char *pid = xasprintf("%s/%s_%ld", t->published, lv[j], k);
				char *id = xasprintf("longweave/%s/%s/%04ld", t->name, lv[j], k);
				char *seedsrc;
				rng r;

				/* -s 0 keeps the published seeds; another suite seed
				 * is mixed in through the id string it hashes */
				seedsrc = o.seed ? xasprintf("%s#%llu", pid,
				    (unsigned long long)o.seed) : xstrdup(pid);
				cs.task = t->name;
				cs.tier = lv[j];
				cs.tier_index = find_tier(lv[j]);
				cs.index = k;
				cs.published_id = pid;
				cs.seed = rng_seed_of_id(seedsrc);
				cs.opts = &o;
				rng_seed(&r, cs.seed);
				cJSON_AddStringToObject(rec, "id", id);
				cJSON_AddStringToObject(rec, "bench", "longweave");
				cJSON_AddStringToObject(rec, "task", t->name);
				cJSON_AddStringToObject(rec, "length", lv[j]);
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
			}
		}
	}
	for (i = 0; i < nt; i++) {
		const lw_task *t = find_task(tv[i]);
		size_t d;

		for (d = 0; d < i && strcmp(tv[d], tv[i]) != 0; d++)
			;
		if (d == i && t->fini != NULL)
			t->fini();
	}
	split_free(tv, nt);
	split_free(lv, nl);
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
