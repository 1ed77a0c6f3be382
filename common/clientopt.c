#include <stddef.h>
#include <string.h>

#include "apikey.h"
#include "clientopt.h"
#include "diag.h"
#include "opt.h"
#include "record.h"

#define MAX_SECS	604800.0	/* a week */

int
clientopt(http_opts *h, int ch, const char *arg, size_t reply_max)
{
	switch (ch) {
	case CLIENTOPT_CTO:
		h->connect_timeout = opt_secs("--connect-timeout", arg,
		    OPT_ABOVE_ZERO, MAX_SECS);
		return 1;
	case CLIENTOPT_ITO:
		h->idle_timeout = opt_secs("--idle-timeout", arg, OPT_ZERO_OK,
		    MAX_SECS);
		return 1;
	case CLIENTOPT_TO:
		h->total_timeout = opt_secs("--timeout", arg, OPT_ZERO_OK, MAX_SECS);
		return 1;
	case CLIENTOPT_BBASE:
		h->backoff_base = opt_secs("--backoff-base", arg, OPT_ABOVE_ZERO,
		    MAX_SECS);
		return 1;
	case CLIENTOPT_BMAX:
		h->backoff_max = opt_secs("--backoff-max", arg, OPT_ABOVE_ZERO,
		    MAX_SECS);
		return 1;
	case CLIENTOPT_RETRIES:
		h->retries = (int)opt_num("--retries", arg, 0, 100);
		return 1;
	case CLIENTOPT_MAXREPLY:
		h->max_reply = opt_size("--max-reply", arg, 1, reply_max);
		return 1;
	case CLIENTOPT_INSECURE:
		h->insecure = 1;
		return 1;
	}
	return 0;
}

void
clientopt_suite(http_opts *h)
{
	h->connect_timeout = 10;
	h->idle_timeout = 300;
	h->total_timeout = 3600;
	h->retries = 6;
	h->backoff_base = 1;
	h->backoff_max = 60;
}

static int
suite_opt(const clientopt_run *r, int ch, const char *arg)
{
	switch (ch) {
	case 'm':
		if (*arg == '\0')
			lg_die(LG_USAGE, "-m: empty model name");
		*r->model = arg;
		return 1;
	case CLIENTOPT_KEYFILE:
		*r->keyfile = arg;
		return 1;
	case CLIENTOPT_RESUME:
		if (*arg == '\0' || strcmp(arg, "-") == 0)
			lg_die(LG_USAGE, "--resume: want a file");
		*r->resume = arg;
		return 1;
	case CLIENTOPT_RETRYERR:
		*r->retry_errors = 1;
		return 1;
	case CLIENTOPT_MAXREC:
		opt_max_record(arg);
		return 1;
	}
	return 0;
}

int
clientopt_next(int argc, char **argv, const char *shortopts,
    const struct option *longopts, const clientopt_run *r)
{
	int c;

	while ((c = apikey_getopt(argc, argv, shortopts, longopts,
	    "api-key-file")) != -1)
		if (!clientopt(r->net, c, optarg, r->reply_max) &&
		    !suite_opt(r, c, optarg))
			break;
	return c;
}
