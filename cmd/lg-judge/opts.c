/*
 * opts.c: lg-judge's options, read into a judge_args (judge.h), the
 * decoding defaults of the mode chosen; --help and --version end here.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
#include "clientopt.h"
#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "opt.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_DEFINITION = 0x100, OPT_JUDGE_URL, OPT_JUDGE_RETRIES,
	OPT_JUDGE_MAXTOK, OPT_CACHE, OPT_RESUME, OPT_REDO_CHANGED,
	OPT_RETRY_ERRORS, OPT_API_KEY_FILE, OPT_RUBRIC, OPT_CF_RELEVANCE,
	OPT_JUDGE_TIME, OPT_MAX_RECORD, OPT_DRY_RUN, OPT_VERSION
};

static const char usage[] =
"usage: lg-judge --rules [--compat | --definition DEF]\n"
"                [--resume FILE [--redo-changed]\n"
"                [--retry-errors]] [--max-record SIZE] [file ...]\n"
"       lg-judge [--hybrid | --compat [--compat-prompt a|b|c]]\n"
"                [--judge-base-url URL] [--judge-model MODEL]\n"
"                [-P N] [--retries N] [--judge-retries N] [--judge-max-tokens N]\n"
"                [--judge-temperature X] [--judge-top-p X] [--judge-seed N]\n"
"                [--cf-relevance] [--judge-time]\n"
"                [--cache DIR] [--resume FILE [--redo-changed] [--retry-errors]]\n"
"                [--api-key-file FILE] [--rubric FILE]\n"
"                [--connect-timeout S] [--idle-timeout S] [--timeout S]\n"
"                [--backoff-base S] [--backoff-max S] [--insecure]\n"
"                [--max-record SIZE] [file ...]\n"
"       lg-judge --dry-run [--rules | --hybrid | --compat] [--cf-relevance]\n"
"                [--judge-max-tokens N] [file ...]\n"
"       lg-judge --list-tasks\n"
"\n"
"  --rules             decide by rules: content words, normalised\n"
"  --hybrid            rules decide what they find clearly; the model the rest\n"
"  --compat            the published judges: LongGenBench's prompt as a raw\n"
"                      completion, its decoding, \"yes\" anywhere in the reply\n"
"                      passes; LongWeave's prompts, decoding, truncation and\n"
"                      reading of the reply\n"
"  --compat-prompt a|b|c  the published prompt: a, the code's that scored the\n"
"                      paper (default); b, the later one with three\n"
"                      examples; c, the paper's Appendix C prompt, a chat\n"
"                      question read by its last \"#*# Yes\" or \"#*# No\"\n"
"  --cf-relevance      LongWeave cf, after lg-flake8: ask whether the code is\n"
"                      a relevant and complete fix (the published judge),\n"
"                      and score 0 when not\n"
"  --definition DEF    with --rules: code (default), the published score;\n"
"                      paper, LongWeave biog's coverage less its\n"
"                      fabricated facts (the paper's penalty)\n"
"  --judge-base-url URL  judge server, repeatable (LG_JUDGE_BASE_URL)\n"
"  --judge-model MODEL judge model (LG_JUDGE_MODEL); --model too\n"
"  --judge-time        write scores.judge_s, the seconds of the model's\n"
"                      requests about each record (LongWeave Table 9)\n"
"  -P N                requests in flight (default 8)\n"
"  --retries N         HTTP retries per request (default 6)\n"
"  --judge-retries N   asks again after an unparseable or incomplete reply\n"
"                      (default 2; a LongWeave batch at most once)\n"
"  --judge-max-tokens N  tokens per reply, reasoning included (default 2048;\n"
"                      with --compat 50 but for prompt c, LongWeave and cf\n"
"                      relevance 8192)\n"
"  --judge-temperature X  sampling temperature (default 0; with --compat\n"
"                      0.95 but for prompt c, LongWeave and cf relevance 0.7)\n"
"  --judge-top-p X     nucleus mass (default not sent; 0.95 with --compat,\n"
"                      LongGenBench prompts a and b)\n"
"  --judge-seed N      sampling seed (default not sent; 42 with --compat,\n"
"                      LongGenBench prompts a and b)\n"
"  --cache DIR         response cache shared with lg-infer\n"
"  --resume FILE       skip records whose id is already in FILE, judged\n"
"                      by this judge (model, rubric, decoding)\n"
"  --redo-changed      with --resume: judge again the records of FILE\n"
"                      judged otherwise, instead of refusing\n"
"  --retry-errors      with --resume: judge again the records of FILE with\n"
"                      undecided checks or a judge error\n"
"  --api-key-file FILE API key (else LG_API_KEY or OPENAI_API_KEY)\n"
"  --rubric FILE       LongGenBench question template (default\n"
"                      rubrics/longgenbench.tmpl; LongWeave:\n"
"                      rubrics/longweave/TASK.tmpl)\n"
"  --connect-timeout S  seconds to connect (default 10)\n"
"  --idle-timeout S    seconds without a byte that end an attempt\n"
"                      (default 120; 0: no limit)\n"
"  --timeout S         seconds a request may take from its first attempt,\n"
"                      retries and waits included (default 600; 0: no limit)\n"
"  --backoff-base S    first retry waits up to S seconds (default 1)\n"
"  --backoff-max S     no retry, nor Retry-After wait, waits longer\n"
"                      (default 60)\n"
"  --insecure          do not verify TLS certificates\n"
"  --max-record SIZE   record size limit (default 64M)\n"
"  --dry-run           send nothing, need no judge: count the requests the\n"
"                      judging chosen would send, their most output\n"
"                      tokens and their prompt tokens, per bench, task\n"
"                      and length\n"
"  --list-tasks        print the tasks judged, one a line: bench,\n"
"                      task and what the judge of each provides: rules,\n"
"                      model (our model judge), compat (the published one)\n"
"  -h, --help          print this help\n"
"  --version           print the version\n";

/* The bounds of what the options take (as lg-infer's). */
#define MAX_TEMPERATURE	100.0
#define MAX_TOKENS	100000000

/*
 * The decoding of each kind of question once the mode is known: what an
 * option set stays, the rest is ours or the published client's.
 */
static void
decoding_defaults(judge_args *a, const char *prompt)
{
	llm_opts *o = &a->llm;

	/* LongWeave questions, biog, sr and nw batches and cf relevance alike:
	 * ours or the published client's decoding (task_config.yaml), unless
	 * an option says otherwise */
	o->lw = o->dec;
	if (o->lw.max_tokens == 0)
		o->lw.max_tokens = a->compat ? JUDGE_LW_COMPAT_MAX_TOKENS :
		    JUDGE_MAX_TOKENS;
	if (o->lw.temperature < 0)
		o->lw.temperature = a->compat ? JUDGE_LW_COMPAT_TEMPERATURE : 0;
	o->cf.dec = o->lw;
	if (a->compat && !a->rules && prompt != NULL && *prompt == 'c') {
		/* Appendix C: a chat question, the analysis then the verdict;
		 * the paper gives no decoding, so ours */
		o->compat = "longgenbench-c";
		o->compat_marker = 1;
		if (o->dec.max_tokens == 0)
			o->dec.max_tokens = JUDGE_MAX_TOKENS;
		if (o->dec.temperature < 0)
			o->dec.temperature = 0;
	} else if (a->compat && !a->rules) {
		/* the published decoding, unless an option says otherwise */
		o->compat = prompt != NULL && *prompt == 'b' ? "longgenbench-b" :
		    "longgenbench-a";
		if (o->dec.max_tokens == 0)
			o->dec.max_tokens = 50;
		if (o->dec.temperature < 0)
			o->dec.temperature = 0.95;
		if (o->dec.top_p < 0)
			o->dec.top_p = 0.95;
		if (!o->dec.has_seed) {
			o->dec.seed = 42;
			o->dec.has_seed = 1;
		}
	} else {
		/*
		 * room for a reasoning model's thinking, which servers count
		 * in max_tokens; a plain model stops after its "yes"
		 */
		if (o->dec.max_tokens == 0)
			o->dec.max_tokens = JUDGE_MAX_TOKENS;
		if (o->dec.temperature < 0)
			o->dec.temperature = 0;
	}
}

int
judge_parse(int argc, char **argv, judge_args *a)
{
	static const struct option longopts[] = {
		{ "rules", no_argument, NULL, 'r' },
		{ "hybrid", no_argument, NULL, 'y' },
		{ "compat", no_argument, NULL, 'c' },
		{ "compat-prompt", required_argument, NULL, 'p' },
		{ "definition", required_argument, NULL, OPT_DEFINITION },
		{ "judge-temperature", required_argument, NULL, 't' },
		{ "judge-top-p", required_argument, NULL, 'o' },
		{ "judge-seed", required_argument, NULL, 's' },
		{ "judge-base-url", required_argument, NULL, OPT_JUDGE_URL },
		{ "judge-model", required_argument, NULL, 'm' },
		{ "model", required_argument, NULL, 'm' },
		{ "judge-retries", required_argument, NULL, OPT_JUDGE_RETRIES },
		{ "judge-max-tokens", required_argument, NULL,
		    OPT_JUDGE_MAXTOK },
		{ "cache", required_argument, NULL, OPT_CACHE },
		{ "resume", required_argument, NULL, OPT_RESUME },
		{ "redo-changed", no_argument, NULL, OPT_REDO_CHANGED },
		{ "retry-errors", no_argument, NULL, OPT_RETRY_ERRORS },
		{ "api-key-file", required_argument, NULL, OPT_API_KEY_FILE },
		{ "rubric", required_argument, NULL, OPT_RUBRIC },
		{ "cf-relevance", no_argument, NULL, OPT_CF_RELEVANCE },
		{ "judge-time", no_argument, NULL, OPT_JUDGE_TIME },
		CLIENTOPT_LONGOPTS,
		CLIENTOPT_IDLE,
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "dry-run", no_argument, NULL, OPT_DRY_RUN },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	llm_opts *o = &a->llm;
	const char *prompt = NULL;
	static const char *const prompts[] = { "a", "b", "c" };
	/* --definition, in the order of LW_DEF_CODE, LW_DEF_PAPER */
	static const char *const defs[] = { "code", "paper" };
	int ch;

	memset(a, 0, sizeof *a);
	o->http.parallel = 8;
	o->http.retries = 6;
	o->judge_retries = 2;
	o->dec.max_tokens = 0;	/* defaults below, after the mode is known */
	o->dec.temperature = -1;
	o->dec.top_p = -1;
	o->http.connect_timeout = 10;
	o->http.idle_timeout = 120;
	o->http.total_timeout = 600;
	o->http.backoff_base = 1;
	o->http.backoff_max = 60;
	while ((ch = apikey_getopt(argc, argv, "P:h", longopts,
	    "api-key-file")) != -1) {
		if (clientopt(&o->http, ch, optarg, 0))
			continue;
		switch (ch) {
		case 'r': a->rules = 1; break;
		case 'y': o->hybrid = 1; break;
		case OPT_JUDGE_TIME: o->timed = 1; break;
		case 'c': a->compat = 1; break;
		case OPT_DEFINITION:
			a->definition = (int)opt_choice("--definition", optarg,
			    defs, sizeof defs / sizeof defs[0]);
			break;
		case 'p':
			prompt = prompts[opt_choice("--compat-prompt", optarg,
			    prompts, 3)];
			break;
		case 't':
			o->dec.temperature = opt_real("--judge-temperature", optarg, 0,
			    MAX_TEMPERATURE);
			break;
		case 'o':
			o->dec.top_p = opt_share("--judge-top-p", optarg);
			break;
		case 's':
			o->dec.seed = opt_num("--judge-seed", optarg, 0, 2147483647);
			o->dec.has_seed = 1;
			break;
		case OPT_JUDGE_URL:
			o->base = xreallocarray(o->base, o->http.nbase + 1, sizeof *o->base);
			o->base[o->http.nbase++] = optarg;
			break;
		case 'm': o->model = optarg; break;
		case 'P': o->http.parallel = (int)opt_num("-P", optarg, 1, 4096); break;
		case OPT_JUDGE_RETRIES:
			o->judge_retries = (int)opt_num("--judge-retries", optarg, 0, 100);
			break;
		case OPT_JUDGE_MAXTOK:
			o->dec.max_tokens = opt_num("--judge-max-tokens", optarg, 1,
			    MAX_TOKENS);
			break;
		case OPT_CACHE: o->http.cache_dir = optarg; break;
		case OPT_RESUME: a->resume = optarg; break;
		case OPT_REDO_CHANGED: a->jr.redo_changed = 1; break;
		case OPT_RETRY_ERRORS: a->jr.retry_errors = 1; break;
		case OPT_API_KEY_FILE: a->keyfile = optarg; break;
		case OPT_RUBRIC: o->rubric = optarg; break;
		case OPT_CF_RELEVANCE: o->cf.on = 1; break;
		case OPT_MAX_RECORD:
			opt_max_record(optarg);
			break;
		case OPT_LIST_TASKS: a->list_tasks = 1; break;
		case OPT_DRY_RUN: a->dry_run = 1; break;
		case 'h': lg_usage(usage, 0);
		case OPT_VERSION: lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	if (a->list_tasks)
		return optind;	/* nothing else matters */
	if (a->rules && o->hybrid)
		lg_die(LG_USAGE, "--rules and --hybrid exclude each other");
	if (a->rules && o->cf.on)
		lg_die(LG_USAGE, "--cf-relevance asks a judge model: it excludes "
		    "--rules");
	if (a->definition == LW_DEF_PAPER && (!a->rules || a->compat))
		lg_die(LG_USAGE, "--definition paper goes with --rules alone: "
		    "only the rules look for fabricated facts");
	if (prompt != NULL && !a->compat)
		lg_die(LG_USAGE, "--compat-prompt goes with --compat");
	o->lw_compat = a->compat;
	if (a->compat && (o->hybrid || o->rubric != NULL))
		lg_die(LG_USAGE, "--compat asks the model every check with the "
		    "published prompt: it excludes %s",
		    o->hybrid ? "--hybrid" : "--rubric");
	decoding_defaults(a, prompt);
	if (a->dry_run && (a->resume != NULL || o->http.cache_dir != NULL))
		lg_die(LG_USAGE, "--dry-run counts the whole input: %s does not "
		    "go with it", a->resume != NULL ? "--resume" : "--cache");
	if ((a->jr.redo_changed || a->jr.retry_errors) && a->resume == NULL)
		lg_die(LG_USAGE, "%s goes with --resume FILE", a->jr.redo_changed ?
		    "--redo-changed" : "--retry-errors");
	return optind;
}
