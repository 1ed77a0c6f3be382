/*
 * lg-oracle: the built-in reference model.  A stand-in, not a model: it
 * writes answers derived from each case's own verifier data, with failures
 * that can be dialled in, so pipelines and scorers can be tested end to end.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "jsonl.h"
#include "oracle.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-oracle [-s SEED] [--stop-at F] [--forget-after F] [--drop P]\n"
"                 [--words N] [--model NAME] [--max-record SIZE] [file ...]\n"
"\n"
"  --stop-at F       write only the first fraction F of the answer (1)\n"
"  --forget-after F  stop following instructions after fraction F (1)\n"
"  --drop P          miss each check with probability P (0)\n"
"  --words N         words per entry instead of what the case asks\n"
"  -s SEED           seed of the --drop draws (default 0)\n"
"  --model NAME      the name recorded in gen.model (default lg-oracle)\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

static int
frac(const char *s, double *d)
{
	return parse_double(s, d) == 0 && *d >= 0 && *d <= 1 ? 0 : -1;
}

static void
add_gen(cJSON *rec, const oracle_opts *o)
{
	cJSON *g = cJSON_CreateObject();

	cJSON_AddStringToObject(g, "model", o->model);
	cJSON_AddStringToObject(g, "endpoint", "builtin");
	cJSON_AddBoolToObject(g, "oracle", 1);
	cJSON_AddStringToObject(g, "version", LG_VERSION);
	cJSON_AddNumberToObject(g, "stop_at", o->stop_at);
	cJSON_AddNumberToObject(g, "forget_after", o->forget_after);
	cJSON_AddNumberToObject(g, "drop", o->drop);
	cJSON_AddNumberToObject(g, "words", (double)o->words);
	cJSON_AddNumberToObject(g, "seed", (double)o->seed);
	cJSON_AddStringToObject(g, "finish_reason", o->stop_at < 1 ? "length" : "stop");
	rec_set(rec, "gen", g);
}

static int
answer(cJSON *rec, jsonl *in, void *arg)
{
	const oracle_opts *o = arg;
	const char *bench = rec_str(rec, "bench"), *id = rec_str(rec, "id");
	char *key;
	rng r;
	int ret;

	if (bench == NULL) {
		jsonl_warn(in, "record has no string field bench");
		rec_error(rec, "oracle", "record has no string field bench");
		return REC_BAD;
	}
	/* seed per record: the suite seed and the record id, so that the
	 * answer to a case does not depend on where it stands in the input */
	key = xasprintf("%llu:%s", (unsigned long long)o->seed, id ? id : "");
	rng_seed(&r, rng_seed_of_id(key));
	free(key);
	if (strcmp(bench, "longgenbench") == 0)
		ret = oracle_longgenbench(rec, in, o, &r);
	else if (strcmp(bench, "longweave") == 0)
		ret = oracle_longweave(rec, in, o, &r);
	else if (strcmp(bench, "adaleval") == 0)
		ret = oracle_adaleval(rec, in, o, &r);
	else
		return REC_OK;	/* not ours: through untouched */
	add_gen(rec, o);
	return ret;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "stop-at", required_argument, NULL, 'S' },
		{ "forget-after", required_argument, NULL, 'F' },
		{ "drop", required_argument, NULL, 'D' },
		{ "words", required_argument, NULL, 'W' },
		{ "model", required_argument, NULL, 'm' },
		{ "max-record", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	oracle_opts o = { 1, 1, 0, 0, 0, "lg-oracle" };
	int c;

	lg_init(argv[0]);
	while ((c = getopt_long(argc, argv, "s:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (parse_u64(optarg, &o.seed) < 0)
				lg_die(LG_USAGE, "-s: not a seed: %s", optarg);
			break;
		case 'S':
			if (frac(optarg, &o.stop_at) < 0)
				lg_die(LG_USAGE, "--stop-at: want a fraction 0 to 1: %s", optarg);
			break;
		case 'F':
			if (frac(optarg, &o.forget_after) < 0)
				lg_die(LG_USAGE, "--forget-after: want a fraction 0 to 1: %s", optarg);
			break;
		case 'D':
			if (frac(optarg, &o.drop) < 0)
				lg_die(LG_USAGE, "--drop: want a probability 0 to 1: %s", optarg);
			break;
		case 'm':
			o.model = optarg;
			break;
		case 'W':
			if (parse_long(optarg, &o.words) < 0 || o.words < 1)
				lg_die(LG_USAGE, "--words: want a positive count: %s", optarg);
			break;
		case 'M':
			opt_max_record(optarg);
			break;
		case 'h':
			lg_usage(usage, 0);
		case 'V':
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	return rec_filter(argv + optind, argc - optind, answer, &o);
}
