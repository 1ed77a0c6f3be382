#include <stddef.h>

#include "clientopt.h"
#include "opt.h"

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
