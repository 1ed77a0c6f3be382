/*
 * lg-judge: decide each LongGenBench check against the entry at its
 * position, and each item of the LongWeave biog, sr and nw tasks against
 * the answer, by rules (--rules), by a judge model, or both (--hybrid).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
#include "diag.h"
#include "judge.h"
#include "longweave.h"
#include "opt.h"
#include "record.h"
#include "resume.h"
#include "util.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-judge --rules [--compat] [--resume FILE [--redo-changed]\n"
"                [--retry-errors]] [--max-record SIZE] [file ...]\n"
"       lg-judge [--hybrid | --compat [--compat-prompt a|b]]\n"
"                [--judge-base-url URL] [--judge-model MODEL]\n"
"                [-P N] [--retries N] [--judge-retries N] [--judge-max-tokens N]\n"
"                [--judge-temperature X] [--judge-top-p X] [--judge-seed N]\n"
"                [--cache DIR] [--resume FILE [--redo-changed] [--retry-errors]]\n"
"                [--api-key-file FILE] [--rubric FILE]\n"
"                [--connect-timeout S] [--idle-timeout S] [--timeout S]\n"
"                [--backoff-base S] [--insecure] [--max-record SIZE] [file ...]\n"
"\n"
"  --rules             decide by rules: content words, normalised\n"
"  --hybrid            rules decide what they find clearly; the model the rest\n"
"  --compat            the published judge: its prompt as a raw completion,\n"
"                      its decoding, \"yes\" anywhere in the reply passes;\n"
"                      and LongWeave's published truncation\n"
"  --compat-prompt a|b the published prompt: a, the paper's (default), or b,\n"
"                      the later one with three examples\n"
"  --judge-base-url URL  judge server, repeatable (LG_JUDGE_BASE_URL)\n"
"  --judge-model MODEL judge model (LG_JUDGE_MODEL)\n"
"  -P N                requests in flight (default 8)\n"
"  --retries N         HTTP retries per request (default 6)\n"
"  --judge-retries N   asks again after an unparseable or incomplete reply\n"
"                      (default 2)\n"
"  --judge-max-tokens N  tokens per reply, reasoning included (default 2048;\n"
"                      50 with --compat)\n"
"  --judge-temperature X  sampling temperature (default 0; 0.95 with --compat)\n"
"  --judge-top-p X     nucleus mass (default not sent; 0.95 with --compat)\n"
"  --judge-seed N      sampling seed (default not sent; 42 with --compat)\n"
"  --cache DIR         response cache shared with lg-infer\n"
"  --resume FILE       skip records whose id is already in FILE, judged\n"
"                      by this judge\n"
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
"  --insecure          do not verify TLS certificates\n"
"  --max-record SIZE   record size limit (default 64M)\n"
"  -h, --help          print this help\n"
"  --version           print the version\n";

typedef struct {
	judge_counts jc;
	const idset *done;
	judge_opts lw;		/* the LongWeave tasks (longweave.c) */
} rules_ctx;

static int
rules_only(cJSON *rec, jsonl *in, void *arg)
{
	rules_ctx *c = arg;
	judge_counts *jc = &c->jc;
	judge_at at = { jsonl_file(in), jsonl_lineno(in) };
	int mine, asked, ret;

	if (c->done != NULL) {
		switch (resume_check(c->done, rec)) {
		case RESUME_DONE:
			return REC_DROP;
		case RESUME_NOID:
			jsonl_warn(in, "%s, skipped", RESUME_NOID_MSG);
			return REC_DROP_BAD;
		}
	}
	if (lw_rules(rec, &at, &c->lw, &ret))
		return ret;
	ret = verdicts_start(rec, &at, JUDGE_RULES, NULL, NULL, &mine, &asked, jc);
	if (mine && rec_get(rec, "verdicts") != NULL)
		verdicts_finish(rec);
	return ret;
}

/* The bounds of what the options take (as lg-infer's). */
#define MAX_SECS	604800.0	/* seconds: a week */
#define MAX_TEMPERATURE	100.0
#define MAX_TOKENS	100000000

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", no_argument, NULL, 'r' },
		{ "hybrid", no_argument, NULL, 'y' },
		{ "compat", no_argument, NULL, 'c' },
		{ "compat-prompt", required_argument, NULL, 'p' },
		{ "judge-temperature", required_argument, NULL, 't' },
		{ "judge-top-p", required_argument, NULL, 'o' },
		{ "judge-seed", required_argument, NULL, 's' },
		{ "judge-base-url", required_argument, NULL, 'U' },
		{ "judge-model", required_argument, NULL, 'm' },
		{ "retries", required_argument, NULL, 'R' },
		{ "judge-retries", required_argument, NULL, 'J' },
		{ "judge-max-tokens", required_argument, NULL, 'T' },
		{ "cache", required_argument, NULL, 'C' },
		{ "resume", required_argument, NULL, 'S' },
		{ "redo-changed", no_argument, NULL, 'D' },
		{ "retry-errors", no_argument, NULL, 'E' },
		{ "api-key-file", required_argument, NULL, 'K' },
		{ "rubric", required_argument, NULL, 'B' },
		{ "connect-timeout", required_argument, NULL, '1' },
		{ "idle-timeout", required_argument, NULL, '2' },
		{ "timeout", required_argument, NULL, '3' },
		{ "backoff-base", required_argument, NULL, '4' },
		{ "insecure", no_argument, NULL, 'I' },
		{ "max-record", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	llm_opts o;
	rules_ctx rc;
	idset *done = NULL;
	const char *resume = NULL;
	judge_resume jr = { NULL, NULL, 0, 0 };
	const char *keyfile = NULL, *env, *prompt = NULL;
	static const char *const prompts[] = { "a", "b" };
	const struct { const char *name; int zero; double *v; } secs[] = {
		{ "--connect-timeout", OPT_ABOVE_ZERO, &o.http.connect_timeout },
		{ "--idle-timeout", OPT_ZERO_OK, &o.http.idle_timeout },
		{ "--timeout", OPT_ZERO_OK, &o.http.total_timeout },
		{ "--backoff-base", OPT_ABOVE_ZERO, &o.http.backoff_base },
	};	/* options '1' to '4' */
	int ch, rules = 0, compat = 0, status;

	lg_init(argv[0]);
	memset(&o, 0, sizeof o);
	memset(&rc, 0, sizeof rc);
	o.http.parallel = 8;
	o.http.retries = 6;
	o.judge_retries = 2;
	o.max_tokens = 0;	/* defaults below, after the mode is known */
	o.temperature = -1;
	o.top_p = -1;
	o.http.connect_timeout = 10;
	o.http.idle_timeout = 120;
	o.http.total_timeout = 600;
	o.http.backoff_base = 1;
	o.http.backoff_max = 60;
	while ((ch = apikey_getopt(argc, argv, "P:h", longopts,
	    "api-key-file")) != -1) {
		switch (ch) {
		case 'r': rules = 1; break;
		case 'y': o.hybrid = 1; break;
		case 'c': compat = 1; break;
		case 'p':
			prompt = prompts[opt_choice("--compat-prompt", optarg,
			    prompts, 2)];
			break;
		case 't':
			o.temperature = opt_real("--judge-temperature", optarg, 0,
			    MAX_TEMPERATURE);
			break;
		case 'o':
			o.top_p = opt_share("--judge-top-p", optarg);
			break;
		case 's':
			o.seed = opt_num("--judge-seed", optarg, 0, 2147483647);
			o.has_seed = 1;
			break;
		case 'U':
			o.base = xreallocarray(o.base, o.http.nbase + 1, sizeof *o.base);
			o.base[o.http.nbase++] = optarg;
			break;
		case 'm': o.model = optarg; break;
		case 'P': o.http.parallel = (int)opt_num("-P", optarg, 1, 4096); break;
		case 'R': o.http.retries = (int)opt_num("--retries", optarg, 0, 100); break;
		case 'J':
			o.judge_retries = (int)opt_num("--judge-retries", optarg, 0, 100);
			break;
		case 'T':
			o.max_tokens = opt_num("--judge-max-tokens", optarg, 1,
			    MAX_TOKENS);
			break;
		case 'C': o.http.cache_dir = optarg; break;
		case 'S': resume = optarg; break;
		case 'D': jr.redo_changed = 1; break;
		case 'E': jr.retry_errors = 1; break;
		case 'K': keyfile = optarg; break;
		case 'B': o.rubric = optarg; break;
		case '1': case '2': case '3': case '4':
			*secs[ch - '1'].v = opt_secs(secs[ch - '1'].name, optarg,
			    secs[ch - '1'].zero, MAX_SECS);
			break;
		case 'I': o.http.insecure = 1; break;
		case 'M':
			opt_max_record(optarg);
			break;
		case 'h': lg_usage(usage, 0);
		case 'V': lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	if (rules && o.hybrid)
		lg_die(LG_USAGE, "--rules and --hybrid exclude each other");
	if (prompt != NULL && !compat)
		lg_die(LG_USAGE, "--compat-prompt goes with --compat");
	rc.lw.compat = compat;	/* LongWeave: the published truncation */
	o.lw_compat = compat;
	if (compat && (o.hybrid || o.rubric != NULL))
		lg_die(LG_USAGE, "--compat asks the model every check with the "
		    "published prompt: it excludes %s",
		    o.hybrid ? "--hybrid" : "--rubric");
	/* LongWeave questions: our own decoding, unless an option says otherwise */
	o.lw_max_tokens = o.max_tokens > 0 ? o.max_tokens : JUDGE_MAX_TOKENS;
	o.lw_temperature = o.temperature >= 0 ? o.temperature : 0;
	if (compat && !rules) {
		/* the published decoding, unless an option says otherwise */
		o.compat = prompt != NULL && *prompt == 'b' ? "longgenbench-b" :
		    "longgenbench-a";
		if (o.max_tokens == 0)
			o.max_tokens = 50;
		if (o.temperature < 0)
			o.temperature = 0.95;
		if (o.top_p < 0)
			o.top_p = 0.95;
		if (!o.has_seed) {
			o.seed = 42;
			o.has_seed = 1;
		}
	} else {
		/*
		 * room for a reasoning model's thinking, which servers count
		 * in max_tokens; a plain model stops after its "yes"
		 */
		if (o.max_tokens == 0)
			o.max_tokens = JUDGE_MAX_TOKENS;
		if (o.temperature < 0)
			o.temperature = 0;
	}
	if ((jr.redo_changed || jr.retry_errors) && resume == NULL)
		lg_die(LG_USAGE, "%s goes with --resume FILE", jr.redo_changed ?
		    "--redo-changed" : "--retry-errors");
	if (rules && resume != NULL)
		done = resume_load_filter(resume, judge_resumed, &jr);
	if (rules) {
		rc.done = done;
		status = rec_filter(argv + optind, argc - optind, rules_only, &rc);
		rules_fini();
		lw_rules_fini();
		idset_free(done);
		free(o.base);
		return status;
	}
	if (o.http.nbase == 0 && (env = getenv("LG_JUDGE_BASE_URL")) != NULL && *env) {
		o.base = xreallocarray(o.base, 1, sizeof *o.base);
		o.base[o.http.nbase++] = (char *)env;
	}
	if (o.model == NULL && (env = getenv("LG_JUDGE_MODEL")) != NULL && *env)
		o.model = env;
	if (o.http.nbase == 0 || o.model == NULL)
		lg_die(LG_USAGE, "no judge: give --rules, or a judge model with "
		    "--judge-base-url and --judge-model");
	if (resume != NULL) {
		jr.model = o.model;
		jr.compat = o.compat;
		done = resume_load_filter(resume, judge_resumed, &jr);
	}
	o.key = apikey_get(keyfile);
	o.http.base_urls = o.base;
	o.http.api_key = o.key;
	o.done = done;
	status = llm_run(argv + optind, argc - optind, &o);
	idset_free(done);
	rules_fini();
	free(o.key);
	free(o.base);
	return status;
}
