/*
 * opts.c: lg-ppl's options, read into a ppl_opts (ppl.h); --help and
 * --version end here.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clientopt.h"
#include "diag.h"
#include "opt.h"
#include "ppl.h"
#include "record.h"
#include "tasks.h"
#include "util.h"

static const char usage[] =
"usage: lg-ppl -m MODEL [--base-url URL] [options] [file ...]\n"
"\n"
"  -m, --model MODEL    the model whose log-probabilities score the orders\n"
"  --base-url URL       server, as http://HOST:PORT (default: the first\n"
"                       of $LG_BASE_URL)\n"
"  -P N                 requests in flight, candidates of a case (8)\n"
"  --connect-timeout S  seconds to connect (10)\n"
"  --idle-timeout S     seconds without a byte, once a reply has begun,\n"
"                       that end an attempt (300; 0: none)\n"
"  --timeout S          seconds a request may take from its first attempt,\n"
"                       retries and waits included (3600; 0: no limit)\n"
"  --retries N          attempts after the first (6)\n"
"  --backoff-base S     the first backoff is up to S seconds (1)\n"
"  --backoff-max S      no backoff, nor Retry-After wait, is longer (60)\n"
"  --max-reply SIZE     reply body limit (default 64M)\n"
"  --api-key-file FILE  read the API key from FILE\n"
"                       (default: $LG_API_KEY, then $OPENAI_API_KEY)\n"
"  --insecure           do not verify TLS certificates\n"
"  --resume FILE        skip cases whose id is already in FILE\n"
"  --retry-errors       with --resume: score again the cases of FILE that\n"
"                       failed here\n"
"  -q                   no status line, no summary\n"
"  --max-record SIZE    record size limit (default 64M)\n"
"  --list-tasks         print the tasks it answers and exit\n"
"  -h, --help           print this help\n"
"  --version            print the version\n";

/* The tasks it scores: those of the list (tasks.def) it is SCORER of. */
const lg_task ppl_tasks[] = {
#undef TASK_BY_ppl
#define TASK_BY_ppl(...) __VA_ARGS__
#define TASK_ENTRY(b, t) { b, #t, NULL },
#include "taskscored.h"
};
const size_t ppl_ntasks = sizeof ppl_tasks / sizeof ppl_tasks[0];

enum {
	OPT_BASE = 256, OPT_VERSION
};

#define MAX_REPLY	((size_t)1 << 30)	/* --max-reply at most */

int
ppl_parse(int argc, char **argv, ppl_opts *o)
{
	static const struct option longopts[] = {
		{ "base-url", required_argument, NULL, OPT_BASE },
		CLIENTOPT_LONGOPTS,
		CLIENTOPT_IDLE,
		CLIENTOPT_REPLY,
		CLIENTOPT_SUITE,
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "model", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	const clientopt_run run = { .model = &o->model, .keyfile = &o->keyfile,
	    .resume = &o->resume, .retry_errors = &o->retry_errors,
	    .net = &o->net, .reply_max = MAX_REPLY };
	int c;

	o->parallel = 8;
	clientopt_suite(&o->net);
	o->net.max_reply = (size_t)64 << 20;
	while ((c = clientopt_next(argc, argv, "m:P:qh", longopts, &run)) != -1) {
		switch (c) {
		case OPT_BASE:
			o->base = optarg;
			break;
		case 'P':
			o->parallel = (int)opt_num("-P", optarg, 1, PPL_NORDERS);
			break;
		case 'q':
			o->quiet = 1;
			break;
		case OPT_LIST_TASKS:
			task_list(ppl_tasks, ppl_ntasks);
		case 'h':
			lg_usage(usage, 0);
		case OPT_VERSION:
			lg_version();
		default:
			lg_usage(usage, LG_USAGE);
		}
	}
	if (o->model == NULL)
		lg_die(LG_USAGE, "no model: give -m MODEL");
	if (o->retry_errors && o->resume == NULL)
		lg_die(LG_USAGE, "--retry-errors goes with --resume FILE");
	return optind;
}
