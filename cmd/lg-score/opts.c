/*
 * opts.c: lg-score's options, read into a score_opts (score.h); --help and
 * --version end here.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "apikey.h"
#include "diag.h"
#include "opt.h"
#include "record.h"
#include "score.h"
#include "tasklist.h"

static const char usage[] =
"usage: lg-score [--rules] [--definition DEF | --compat] [--python PATH]\n"
"                [--max-record SIZE] [file ...]\n"
"       lg-score [--hybrid] [--compat [--compat-prompt a|b|c]] [--cf-relevance]\n"
"                [--judge-base-url URL] [--judge-model MODEL]\n"
"                [--api-key-file FILE] [--python PATH] [--max-record SIZE]\n"
"                [file ...]\n"
"       lg-score [options] --list-tasks\n"
"       lg-score -h | --help | --version\n"
"\n"
"  --rules             lg-judge decides by rules (the default)\n"
"  --judge-base-url URL  a judge model decides, at this server\n"
"                      (repeatable; lg-judge's LG_JUDGE_BASE_URL otherwise)\n"
"  --judge-model MODEL the judge model (--model too; lg-judge's\n"
"                      LG_JUDGE_MODEL otherwise)\n"
"  --hybrid            the rules decide what they find clearly, the model\n"
"                      the rest\n"
"  --cf-relevance      LongWeave cf: a judge model asks whether the fix is\n"
"                      relevant (lg-judge --cf-relevance)\n"
"  --api-key-file FILE the judge's API key (else LG_API_KEY, OPENAI_API_KEY)\n"
"  --compat            every scorer as published (each one's --compat); with\n"
"                      a judge model, LongWeave cf's relevance check too\n"
"  --definition DEF    code (default): the published code's scores; paper:\n"
"                      the paper's (lg-flake8, lg-kvcheck and lg-judge\n"
"                      --rules --definition); not with --compat or a judge\n"
"                      model\n"
"  --compat-prompt a|b|c  LongGenBench's published judge prompt, with --compat\n"
"                      and a judge model (lg-judge --compat-prompt)\n"
"  --python PATH       the Python that runs flake8 (lg-flake8 --python)\n"
"  --max-record SIZE   size limit of the records read (default 64M)\n"
"  --list-tasks        print each task and the scorers that score it under\n"
"                      the other options given, and exit\n"
"  -h, --help          print this help\n"
"  --version           print the version\n";

enum { OPT_RULES = 256, OPT_HYBRID, OPT_COMPAT, OPT_CFREL, OPT_URL,
	OPT_MODEL, OPT_KEY, OPT_PYTHON, OPT_MAXREC, OPT_VERSION, OPT_PROMPT,
	OPT_DEF };

/* The options that ask a judge model, as the user spelled them. */
static const char *
model_option(const score_opts *o, int hybrid)
{
	if (hybrid)
		return "--hybrid";
	if (o->nurls > 0)
		return "--judge-base-url";
	if (o->model != NULL)
		return "--judge-model";
	return o->cf_relevance ? "--cf-relevance" : NULL;
}

/* The judging the options pick, or exit 2 when they disagree. */
static void
check(score_opts *o, int rules, int hybrid)
{
	const char *m = model_option(o, hybrid);

	if (rules && m != NULL)
		lg_die(LG_USAGE, "--rules and %s exclude each other", m);
	if (hybrid && o->compat)
		lg_die(LG_USAGE, "--compat asks the model every check with the "
		    "published prompt: it excludes --hybrid");
	o->judge = hybrid ? JUDGE_HYBRID : m != NULL ? JUDGE_MODEL :
	    JUDGE_RULES;
	if (o->judge == JUDGE_RULES && o->keyfile != NULL)
		lg_die(LG_USAGE, "--api-key-file goes with a judge model "
		    "(--judge-model, --judge-base-url, --hybrid)");
	if (o->prompt != NULL && (!o->compat || o->judge == JUDGE_RULES))
		lg_die(LG_USAGE, "--compat-prompt goes with --compat and a judge "
		    "model (--judge-model, --judge-base-url)");
	if (o->definition != NULL && strcmp(o->definition, "paper") == 0) {
		if (o->compat)
			lg_die(LG_USAGE, "--definition paper: not with --compat, "
			    "which scores every task as the published code");
		if (m != NULL)
			lg_die(LG_USAGE, "--definition paper goes with the rules: "
			    "%s asks a judge model, which looks for no fabricated "
			    "facts in LongWeave biog", m);
	}
	/* the published cf scorer asks its relevance question first */
	if (o->compat && o->judge == JUDGE_MODEL)
		o->cf_relevance = 1;
}

void
score_parse(int argc, char **argv, score_opts *o)
{
	static const struct option longopts[] = {
		{ "rules", no_argument, NULL, OPT_RULES },
		{ "hybrid", no_argument, NULL, OPT_HYBRID },
		{ "compat", no_argument, NULL, OPT_COMPAT },
		{ "compat-prompt", required_argument, NULL, OPT_PROMPT },
		{ "definition", required_argument, NULL, OPT_DEF },
		{ "cf-relevance", no_argument, NULL, OPT_CFREL },
		{ "judge-base-url", required_argument, NULL, OPT_URL },
		{ "judge-model", required_argument, NULL, OPT_MODEL },
		{ "model", required_argument, NULL, OPT_MODEL },
		{ "api-key-file", required_argument, NULL, OPT_KEY },
		{ "python", required_argument, NULL, OPT_PYTHON },
		{ "max-record", required_argument, NULL, OPT_MAXREC },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const prompts[] = { "a", "b", "c" };
	static const char *const defs[] = { "code", "paper" };
	int c, rules = 0, hybrid = 0;

	memset(o, 0, sizeof *o);
	o->self = argv[0];
	while ((c = apikey_getopt(argc, argv, "h", longopts,
	    "api-key-file")) != -1) {
		switch (c) {
		case OPT_RULES: rules = 1; break;
		case OPT_HYBRID: hybrid = 1; break;
		case OPT_COMPAT: o->compat = 1; break;
		case OPT_PROMPT:
			o->prompt = prompts[opt_choice("--compat-prompt", optarg,
			    prompts, 3)];
			break;
		case OPT_DEF:
			o->definition = defs[opt_choice("--definition", optarg,
			    defs, 2)];
			break;
		case OPT_CFREL: o->cf_relevance = 1; break;
		case OPT_URL:
			if (o->nurls == SCORE_MAX_URLS)
				lg_die(LG_USAGE, "--judge-base-url: more than %d",
				    SCORE_MAX_URLS);
			o->urls[o->nurls++] = optarg;
			break;
		case OPT_MODEL: o->model = optarg; break;
		case OPT_KEY: o->keyfile = optarg; break;
		case OPT_PYTHON: o->python = optarg; break;
		case OPT_MAXREC:
			opt_max_record(optarg);	/* the input's: jsonl_max */
			break;
		case OPT_LIST_TASKS: o->list_tasks = 1; break;
		case 'h': lg_usage(usage, 0);
		case OPT_VERSION: lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	check(o, rules, hybrid);
	o->files = argv + optind;
	o->nfiles = argc - optind;
}
