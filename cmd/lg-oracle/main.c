/*
 * lg-oracle: the built-in reference model.  A stand-in, not a model: it
 * writes answers derived from each case's own verifier data, with failures
 * that can be dialled in, so pipelines and scorers can be tested end to end.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "diag.h"
#include "jsonl.h"
#include "lgb.h"
#include "opt.h"
#include "oracle.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_STOP = 0x100, OPT_FORGET, OPT_DROP, OPT_REPEAT,
	OPT_WORDS, OPT_MAX_RECORD, OPT_VERSION
};

static const char usage[] =
"usage: lg-oracle [-s SEED] [--stop-at F] [--forget-after F] [--drop P]\n"
"                 [--repeat P] [--words N] [--model NAME] [--max-record SIZE]\n"
"                 [file ...]\n"
"\n"
"  --stop-at F       write only the first fraction F of the answer (1)\n"
"  --forget-after F  stop following instructions after fraction F (1)\n"
"  --drop P          miss each check with probability P (0)\n"
"  --repeat P        write each entry or paragraph twice with probability P (0)\n"
"  --words N         words per entry instead of what the case asks\n"
"  -s SEED           seed of the --drop and --repeat draws (default 0)\n"
"  --model NAME      the name recorded in gen.model (default lg-oracle)\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  --list-tasks      print the tasks it answers and exit\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

static void
add_gen(cJSON *rec, const oracle_opts *o)
{
	cJSON *g = cJSON_CreateObject();
	const cJSON *tmpl = rec_get(rec, "template");

	cJSON_AddStringToObject(g, "model", o->model);
	cJSON_AddStringToObject(g, "endpoint", "builtin");
	cJSON_AddBoolToObject(g, "oracle", 1);
	cJSON_AddStringToObject(g, "version", LG_VERSION);
	cJSON_AddNumberToObject(g, "stop_at", o->stop_at);
	cJSON_AddNumberToObject(g, "forget_after", o->forget_after);
	cJSON_AddNumberToObject(g, "drop", o->drop);
	if (o->repeat > 0)	/* only when asked: other answers unchanged */
		cJSON_AddNumberToObject(g, "repeat", o->repeat);
	cJSON_AddNumberToObject(g, "words", (double)o->words);
	cJSON_AddNumberToObject(g, "seed", (double)o->seed);
	cJSON_AddStringToObject(g, "finish_reason", o->stop_at < 1 ? "length" : "stop");
	/* what made it, as lg-infer writes it */
	cJSON_AddStringToObject(g, "lg", LG_VERSION);
	if (cJSON_IsObject(tmpl))
		cJSON_AddItemToObject(g, "template", cJSON_Duplicate(tmpl, 1));
	rec_set(rec, "gen", g);
}

/* The benchmarks with a writer: one entry each. */
static const struct {
	const char *bench;
	int (*write)(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r);
	void (*list)(void);
} writers[] = {
	{ "longgenbench", oracle_longgenbench, lgb_list_tasks },
	{ "longweave", oracle_longweave, oracle_longweave_tasks },
	{ "adaleval", oracle_adaleval, oracle_adaleval_tasks },
};
#define NWRITERS (sizeof writers / sizeof writers[0])

static void list_tasks(void) LG_NORETURN;

static void
list_tasks(void)
{
	size_t i;

	for (i = 0; i < NWRITERS; i++)
		writers[i].list();
	exit(lg_finish(0));
}

static int
answer(cJSON *rec, jsonl *in, void *arg)
{
	const oracle_opts *o = arg;
	const char *bench = rec_str(rec, "bench"), *id = rec_str(rec, "id");
	char *key;
	size_t i;
	rng r;
	int ret;

	for (i = 0; bench != NULL && i < NWRITERS; i++)
		if (strcmp(bench, writers[i].bench) == 0)
			break;
	if (bench == NULL) {
		return rec_fail(rec, in, "oracle",
		    "record has no string field bench");
	}
	if (i == NWRITERS)
		return REC_OK;	/* not ours: through untouched */
	/* seed per record: the suite seed and the record id, so that the
	 * answer to a case does not depend on where it stands in the input */
	key = xasprintf("%llu:%s", (unsigned long long)o->seed, id ? id : "");
	rng_seed(&r, rng_seed_of_id(key));
	free(key);
	ret = writers[i].write(rec, in, o, &r);
	if (ret == REC_OK && o->repeat > 0) {
		key = xasprintf("%llu:repeat:%s", (unsigned long long)o->seed,
		    id ? id : "");
		rng_seed(&r, rng_seed_of_id(key));
		free(key);
		oracle_repeat(rec, o, &r);
	}
	add_gen(rec, o);
	return ret;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "stop-at", required_argument, NULL, OPT_STOP },
		{ "forget-after", required_argument, NULL, OPT_FORGET },
		{ "drop", required_argument, NULL, OPT_DROP },
		{ "repeat", required_argument, NULL, OPT_REPEAT },
		{ "words", required_argument, NULL, OPT_WORDS },
		{ "model", required_argument, NULL, 'm' },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	oracle_opts o = { 1, 1, 0, 0, 0, "lg-oracle", 0 };
	int c;

	lg_init(argv[0]);
	while ((c = lg_getopt(argc, argv, "s:h", longopts, NULL)) != -1) {
		switch (c) {
		case 's': o.seed = opt_seed("-s", optarg); break;
		case OPT_STOP: o.stop_at = opt_frac("--stop-at", optarg); break;
		case OPT_FORGET:
			o.forget_after = opt_frac("--forget-after", optarg);
			break;
		case OPT_DROP: o.drop = opt_frac("--drop", optarg); break;
		case OPT_REPEAT: o.repeat = opt_frac("--repeat", optarg); break;
		case 'm': o.model = optarg; break;
		case OPT_WORDS:
			o.words = (long)opt_num("--words", optarg, 1, 1000000);
			break;
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case OPT_LIST_TASKS:
			list_tasks();
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	return rec_filter(argv + optind, argc - optind, answer, &o);
}
