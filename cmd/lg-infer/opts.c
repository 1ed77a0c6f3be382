/*
 * opts.c: lg-infer's options, read into an infer_opts (infer.h), the
 * servers of $LG_BASE_URL when --base-url is not given; --help and
 * --version end here.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clientopt.h"
#include "diag.h"
#include "infer.h"
#include "jsonl.h"
#include "opt.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-infer -m MODEL [--base-url URL] [options] [file ...]\n"
"       lg-infer -m MODEL --dry-run [--prices FILE] [--like FILE]\n"
"                [--judge OPTS] [options] [file ...]\n"
"       lg-infer -m MODEL --batch-requests FILE [options] [file ...]\n"
"       lg-infer -m MODEL --batch-results FILE [options] [file ...]\n"
"       lg-infer -m MODEL --base-url URL --batch [--batch-id ID]\n"
"                [options] file ...\n"
"\n"
"  -m, --model MODEL    the model to ask (required)\n"
"  --base-url URL       server, as http://HOST:PORT; repeat for replicas\n"
"                       (default: $LG_BASE_URL, comma-separated)\n"
"  --completions        raw prompts to /v1/completions, no chat template\n"
"  --system TEXT        system prompt for records that have none\n"
"  --temperature X      sampling temperature\n"
"  --top-p X            nucleus sampling mass\n"
"  --max-tokens N       output token limit\n"
"  --seed N             sampling seed\n"
"  --samples K          K samples of each case, records ID/s1 .. ID/sK,\n"
"                       seeds N to N+K-1 (default 1)\n"
"  --stop TEXT          stop string (repeatable)\n"
"  --param KEY=JSON     any other request parameter (repeatable)\n"
"  --no-stream          ask for whole replies instead of a stream\n"
"  -P N                 requests in flight (8)\n"
"  --connect-timeout S  seconds to connect (10)\n"
"  --idle-timeout S     seconds without a byte that end an attempt (300)\n"
"  --timeout S          seconds a record may take from its first attempt,\n"
"                       retries and waits included (3600; 0: no limit)\n"
"  --retries N          attempts after the first (6)\n"
"  --backoff-base S     the first backoff is up to S seconds (1)\n"
"  --backoff-max S      no backoff, nor Retry-After wait, is longer (60)\n"
"  --max-reply SIZE     answer text limit, content and reasoning together\n"
"                       (default 8M, at most the record limit)\n"
"  --api-key-file FILE  read the API key from FILE\n"
"                       (default: $LG_API_KEY, then $OPENAI_API_KEY)\n"
"  --insecure           do not verify TLS certificates\n"
"  --keep-order         write records in input order\n"
"  --resume FILE        skip records whose id is already in FILE, made\n"
"                       with this model, endpoint and parameters, from\n"
"                       prompts of the input's template\n"
"  --redo-changed       with --resume: make again the records of FILE made\n"
"                       otherwise, instead of refusing\n"
"  --retry-errors       with --resume: make again the records of FILE that\n"
"                       failed here\n"
"  --cache DIR          keep answers in DIR and reuse them\n"
"  --max-context N      do not send prompts of more than N tokens: their\n"
"                       records get an error\n"
"  --tokenizer FILE     tiktoken rank table that counts them\n"
"                       (default $LG_TOKENIZER, else the shipped\n"
"                       cl100k_base; '' for estimates)\n"
"  --dry-run            send nothing: count the requests and prompt tokens\n"
"                       per bench, task and length, the most output\n"
"                       tokens --max-tokens allows and those expected\n"
"  --prices FILE        with --dry-run: the cost at most, and expected,\n"
"                       from USD per million input and output tokens\n"
"                       (MODEL IN OUT)\n"
"  --like FILE          with --dry-run: expect each group's output to be\n"
"                       as long as in FILE, an earlier run's records\n"
"  --judge OPTS         with --dry-run: the judge requests, their most\n"
"                       output tokens and their prompt tokens, as lg-judge\n"
"                       --dry-run OPTS counts them (its options; '' for a\n"
"                       model judge)\n"
"  --batch-requests FILE\n"
"                       send nothing: write each record's request to FILE,\n"
"                       an OpenAI batch request line (custom_id: its id,\n"
"                       '#', a digest of the request)\n"
"  --batch-results FILE\n"
"                       send nothing: answer the records from FILE, that\n"
"                       batch's output, by custom_id; in input order\n"
"  --batch              run the requests as a batch of the server's Batch\n"
"                       API (/v1/files, /v1/batches): upload, create, poll,\n"
"                       download, then write the records as\n"
"                       --batch-results does (in input order); the files\n"
"                       are kept where --batch-requests and\n"
"                       --batch-results name them\n"
"  --batch-id ID        with --batch: pick up batch ID, made earlier from\n"
"                       the same input and options\n"
"  --batch-poll S       with --batch: seconds between polls at first (10)\n"
"  -q                   no status line and no summary\n"
"  --max-record SIZE    record size limit (default 64M)\n"
"  -h, --help           print this help\n"
"  --version            print the version\n";

enum {
	OPT_BASE = 256, OPT_COMPL, OPT_SYSTEM, OPT_TEMP, OPT_TOPP, OPT_MAXTOK,
	OPT_SEED, OPT_STOP, OPT_PARAM, OPT_NOSTREAM, OPT_ORDER, OPT_CACHE,
	OPT_VERSION, OPT_REDO, OPT_MAXCTX, OPT_TOKENIZER, OPT_SAMPLES,
	OPT_DRYRUN, OPT_PRICES, OPT_LIKE, OPT_JUDGE, OPT_BREQ, OPT_BRES,
	OPT_BATCH, OPT_BATCHID, OPT_BPOLL
};

/* The bounds of what the options take. */
#define MAX_TEMPERATURE	100.0
#define MAX_TOKENS	100000000	/* tokens of a reply or a context */
#define MAX_SEED	2147483647LL	/* seeds as servers take them: 32 bits */
#define MAX_REPLY	((size_t)1 << 40)	/* as --max-record */

static void
add_base(infer_opts *o, const char *u)
{
	o->base = xreallocarray(o->base, o->nbase + 1, sizeof *o->base);
	o->base[o->nbase++] = xstrdup(u);
}

static void
env_bases(infer_opts *o)
{
	const char *env = getenv("LG_BASE_URL");
	char *s, *tok, *save = NULL;

	if (env == NULL)
		return;
	s = xstrdup(env);
	for (tok = strtok_r(s, ", \t\n", &save); tok != NULL;
	    tok = strtok_r(NULL, ", \t\n", &save))
		add_base(o, tok);
	free(s);
}

static void
set_param(infer_opts *o, const char *key, cJSON *v)
{
	rec_set(o->params, key, v);
}

static void
param_option(infer_opts *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	static const char *const ours[] = { "model", "messages", "prompt",
	    "stream", "stream_options", NULL };
	char *key;
	cJSON *v;
	int i;

	if (eq == NULL || eq == arg)
		lg_die(LG_USAGE, "--param: want KEY=JSON: %s", arg);
	key = xstrndup(arg, (size_t)(eq - arg));
	for (i = 0; ours[i] != NULL; i++)
		if (strcmp(key, ours[i]) == 0)
			lg_die(LG_USAGE, "--param: %s is set by lg-infer itself", key);
	if ((v = cJSON_Parse(eq + 1)) == NULL)
		lg_die(LG_USAGE, "--param: the value of %s is not JSON "
		    "(quote strings: %s='\"text\"')", key, key);
	set_param(o, key, v);
	free(key);
}

static void
stop_option(infer_opts *o, const char *arg)
{
	cJSON *a = rec_get(o->params, "stop");

	if (!cJSON_IsArray(a)) {
		a = cJSON_CreateArray();
		set_param(o, "stop", a);
	}
	cJSON_AddItemToArray(a, cJSON_CreateString(arg));
}

/* The options of the request's content: 1 when c was one of them. */
static int
request_option(infer_opts *o, int c, const char *arg)
{
	switch (c) {
	case OPT_SYSTEM:
		o->system = arg;
		return 1;
	case OPT_TEMP:
		set_param(o, "temperature", cJSON_CreateNumber(
		    opt_real("--temperature", arg, 0, MAX_TEMPERATURE)));
		return 1;
	case OPT_TOPP:
		set_param(o, "top_p", cJSON_CreateNumber(opt_share("--top-p",
		    arg)));
		return 1;
	case OPT_MAXTOK:
		set_param(o, "max_tokens", cJSON_CreateNumber((double)
		    opt_num("--max-tokens", arg, 1, MAX_TOKENS)));
		return 1;
	case OPT_SEED:
		set_param(o, "seed", cJSON_CreateNumber((double)
		    opt_num("--seed", arg, -MAX_SEED - 1, MAX_SEED)));
		return 1;
	case OPT_STOP:
		stop_option(o, arg);
		return 1;
	case OPT_PARAM:
		param_option(o, arg);
		return 1;
	case OPT_NOSTREAM:
		o->stream = 0;
		return 1;
	}
	return 0;
}

/*
 * --batch-requests and --batch-results: one at a time, with nothing that
 * needs a server or a file of answers; the request is a whole reply (a
 * batch has no streams).
 */
static void
check_batch(infer_opts *o)
{
	const char *opt;

	if (o->batch_id != NULL)
		o->batch_api = 1;
	opt = o->batch_api ? "--batch" : o->batch_requests != NULL ?
	    "--batch-requests" : "--batch-results";
	if (o->batch_poll != 0 && !o->batch_api)
		lg_die(LG_USAGE, "--batch-poll goes with --batch");
	if (o->batch_poll == 0)
		o->batch_poll = 10;	/* the default */
	if (o->batch_requests == NULL && o->batch_results == NULL &&
	    !o->batch_api)
		return;
	if (o->batch_api && o->nfiles == 0)
		lg_die(LG_USAGE, "--batch reads the records twice (for the "
		    "requests, then for the results): give files, not standard "
		    "input");
	if (o->batch_requests != NULL && o->batch_results != NULL &&
	    !o->batch_api)
		lg_die(LG_USAGE, "--batch-requests and --batch-results go in "
		    "two runs: the requests first, the results once the batch "
		    "is done");
	if (o->dry_run || o->resume != NULL || o->cache != NULL)
		lg_die(LG_USAGE, "%s does not go with %s", opt, o->dry_run ?
		    "--dry-run" : o->resume != NULL ? "--resume" : "--cache");
	o->batch = 1;
	o->stream = 0;
	if (o->batch_results != NULL)
		o->keep_order = 1;
}

/* The options that go together, and the server from the environment. */
static void
check_opts(infer_opts *o)
{
	if (o->model == NULL)
		lg_die(LG_USAGE, "no model: give -m MODEL");
	if ((o->redo_changed || o->retry_errors) && o->resume == NULL)
		lg_die(LG_USAGE, "%s goes with --resume FILE", o->redo_changed ?
		    "--redo-changed" : "--retry-errors");
	if (o->net.max_reply > jsonl_max)
		lg_die(LG_USAGE, "--max-reply: above the record limit of %zu bytes "
		    "(--max-record): the record could not be written", jsonl_max);
	if (o->prices != NULL && !o->dry_run)
		lg_die(LG_USAGE, "--prices goes with --dry-run");
	if ((o->like != NULL || o->judge != NULL) && !o->dry_run)
		lg_die(LG_USAGE, "%s goes with --dry-run", o->like != NULL ?
		    "--like" : "--judge");
	if (o->dry_run && (o->resume != NULL || o->cache != NULL))
		lg_die(LG_USAGE, "--dry-run counts the whole suite: %s does not "
		    "go with it", o->resume != NULL ? "--resume" : "--cache");
	check_batch(o);
	if (o->nbase == 0)
		env_bases(o);
	if (o->nbase == 0 && !o->dry_run && (!o->batch || o->batch_api))
		lg_die(LG_USAGE, "no server: give --base-url URL or set LG_BASE_URL");
	if (o->samples > 1 && rec_get(o->params, "temperature") != NULL &&
	    rec_num(o->params, "temperature", 0) == 0)
		lg_die(LG_USAGE, "--samples: greedy decoding (--temperature 0) "
		    "gives the same answer every time");
	if (o->tokenizer != NULL && o->max_context == 0 && !o->dry_run)
		lg_die(LG_USAGE, "--tokenizer goes with --max-context N or "
		    "--dry-run");
}

int
infer_parse(int argc, char **argv, infer_opts *o)
{
	static const struct option longopts[] = {
		{ "model", required_argument, NULL, 'm' },
		{ "base-url", required_argument, NULL, OPT_BASE },
		{ "completions", no_argument, NULL, OPT_COMPL },
		{ "system", required_argument, NULL, OPT_SYSTEM },
		{ "temperature", required_argument, NULL, OPT_TEMP },
		{ "top-p", required_argument, NULL, OPT_TOPP },
		{ "max-tokens", required_argument, NULL, OPT_MAXTOK },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "stop", required_argument, NULL, OPT_STOP },
		{ "param", required_argument, NULL, OPT_PARAM },
		{ "no-stream", no_argument, NULL, OPT_NOSTREAM },
		CLIENTOPT_LONGOPTS,
		CLIENTOPT_IDLE,
		CLIENTOPT_REPLY,
		CLIENTOPT_SUITE,
		{ "keep-order", no_argument, NULL, OPT_ORDER },
		{ "redo-changed", no_argument, NULL, OPT_REDO },
		{ "cache", required_argument, NULL, OPT_CACHE },
		{ "max-context", required_argument, NULL, OPT_MAXCTX },
		{ "tokenizer", required_argument, NULL, OPT_TOKENIZER },
		{ "samples", required_argument, NULL, OPT_SAMPLES },
		{ "dry-run", no_argument, NULL, OPT_DRYRUN },
		{ "prices", required_argument, NULL, OPT_PRICES },
		{ "like", required_argument, NULL, OPT_LIKE },
		{ "judge", required_argument, NULL, OPT_JUDGE },
		{ "batch-requests", required_argument, NULL, OPT_BREQ },
		{ "batch-results", required_argument, NULL, OPT_BRES },
		{ "batch", no_argument, NULL, OPT_BATCH },
		{ "batch-id", required_argument, NULL, OPT_BATCHID },
		{ "batch-poll", required_argument, NULL, OPT_BPOLL },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	const clientopt_run run = { .model = &o->model, .keyfile = &o->keyfile,
	    .resume = &o->resume, .retry_errors = &o->retry_errors,
	    .net = &o->net, .reply_max = MAX_REPLY };
	int c;

	o->stream = 1;
	o->parallel = 8;
	clientopt_suite(&o->net);
	o->params = cJSON_CreateObject();
	o->samples = 1;
	while ((c = clientopt_next(argc, argv, "m:P:qh", longopts, &run)) != -1) {
		if (request_option(o, c, optarg))
			continue;
		switch (c) {
		case OPT_BASE:
			add_base(o, optarg);
			break;
		case OPT_COMPL:
			o->completions = 1;
			break;
		case 'P':
			o->parallel = (int)opt_num("-P", optarg, 1, 4096);
			break;
		case OPT_ORDER:
			o->keep_order = 1;
			break;
		case OPT_REDO:
			o->redo_changed = 1;
			break;
		case OPT_CACHE:
			if (*optarg == '\0')
				lg_die(LG_USAGE, "--cache: want a directory");
			o->cache = optarg;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case OPT_MAXCTX:
			o->max_context = opt_num("--max-context", optarg, 1,
			    MAX_TOKENS);
			break;
		case OPT_TOKENIZER:
			o->tokenizer = optarg;
			break;
		case OPT_SAMPLES:
			o->samples = (int)opt_num("--samples", optarg, 1, 1000);
			break;
		case OPT_DRYRUN:
			o->dry_run = 1;
			break;
		case OPT_PRICES:
			o->prices = optarg;
			break;
		case OPT_LIKE:
			if (*optarg == '\0' || strcmp(optarg, "-") == 0)
				lg_die(LG_USAGE, "--like: want a file");
			o->like = optarg;
			break;
		case OPT_JUDGE:
			o->judge = optarg;
			break;
		case OPT_BREQ:
		case OPT_BRES:
			if (*optarg == '\0' || strcmp(optarg, "-") == 0)
				lg_die(LG_USAGE, "%s: want a file", c == OPT_BREQ ?
				    "--batch-requests" : "--batch-results");
			*(c == OPT_BREQ ? &o->batch_requests : &o->batch_results) =
			    optarg;
			break;
		case OPT_BATCH:
			o->batch_api = 1;
			break;
		case OPT_BATCHID:
			o->batch_id = optarg;
			break;
		case OPT_BPOLL:
			o->batch_poll = opt_real("--batch-poll", optarg, 0.001,
			    3600);
			break;
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	o->nfiles = argc - optind;
	check_opts(o);
	return optind;
}
