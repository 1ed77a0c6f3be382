/*
 * opts.c: lg-ppl's options, read into a ppl_opts (ppl.h); --help and
 * --version end here.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
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
	O_BASE = 256, O_KEYFILE, O_MAXREC, O_VERSION, O_RESUME, O_RETRYERR
};

#define MAX_REPLY	((size_t)1 << 30)	/* --max-reply at most */

int
ppl_parse(int argc, char **argv, ppl_opts *o)
{
	static const struct option longopts[] = {
		{ "base-url", required_argument, NULL, O_BASE },
		CLIENTOPT_LONGOPTS,
		CLIENTOPT_IDLE,
		CLIENTOPT_REPLY,
		{ "api-key-file", required_argument, NULL, O_KEYFILE },
		{ "resume", required_argument, NULL, O_RESUME },
		{ "retry-errors", no_argument, NULL, O_RETRYERR },
		{ "max-record", required_argument, NULL, O_MAXREC },
		{ "list-tasks", no_argument, NULL, OPT_LIST_TASKS },
		{ "model", required_argument, NULL, 'm' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, O_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	int c;

	o->parallel = 8;
	clientopt_suite(&o->net);
	o->net.max_reply = (size_t)64 << 20;
	while ((c = apikey_getopt(argc, argv, "m:P:qh", longopts,
	    "api-key-file")) != -1) {
		if (clientopt(&o->net, c, optarg, MAX_REPLY))
			continue;
		switch (c) {
		case 'm':
			if (*optarg == '\0')
				lg_die(LG_USAGE, "-m: empty model name");
			o->model = optarg;
			break;
		case O_BASE:
			o->base = optarg;
			break;
		case 'P':
			o->parallel = (int)opt_num("-P", optarg, 1, PPL_NORDERS);
			break;
		case O_KEYFILE:
			o->keyfile = optarg;
			break;
		case O_RESUME:
			if (*optarg == '\0' || strcmp(optarg, "-") == 0)
				lg_die(LG_USAGE, "--resume: want a file");
			o->resume = optarg;
			break;
		case O_RETRYERR:
			o->retry_errors = 1;
			break;
		case 'q':
			o->quiet = 1;
			break;
		case O_MAXREC:
			opt_max_record(optarg);
			break;
		case OPT_LIST_TASKS:
			task_list(ppl_tasks, ppl_ntasks);
		case 'h':
			lg_usage(usage, 0);
		case O_VERSION:
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
