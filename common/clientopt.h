/*
 * clientopt.h: the options that say how a tool talks to model servers,
 * read in one place for lg-infer, lg-judge and lg-ppl so that the three
 * take, refuse and name them alike: --connect-timeout, --idle-timeout,
 * --timeout, --retries, --backoff-base, --backoff-max, --max-reply and
 * --insecure.
 *
 * Use: put CLIENTOPT_LONGOPTS in the getopt_long(3) table, and
 * CLIENTOPT_IDLE and CLIENTOPT_REPLY when the tool takes --idle-timeout and
 * --max-reply; set the tool's own defaults in an http_opts (http.h); hand
 * every option getopt returns to clientopt() first.  It sets the field and
 * returns 1 for one of these, returns 0 for any other, and exits 2 with
 * opt.h's message for an argument out of range: seconds up to a week (0,
 * no limit, for --idle-timeout and --timeout only), retries up to 100,
 * --max-reply from 1 byte to reply_max.  Nothing is kept.
 */
#ifndef LG_CLIENTOPT_H
#define LG_CLIENTOPT_H

#include "http.h"

enum {
	CLIENTOPT_CTO = 0x4000, CLIENTOPT_ITO, CLIENTOPT_TO, CLIENTOPT_BBASE,
	CLIENTOPT_BMAX, CLIENTOPT_RETRIES, CLIENTOPT_MAXREPLY, CLIENTOPT_INSECURE,
	CLIENTOPT_KEYFILE, CLIENTOPT_RESUME, CLIENTOPT_RETRYERR, CLIENTOPT_MAXREC
};

#define CLIENTOPT_LONGOPTS \
	{ "connect-timeout", required_argument, NULL, CLIENTOPT_CTO }, \
	{ "timeout", required_argument, NULL, CLIENTOPT_TO }, \
	{ "retries", required_argument, NULL, CLIENTOPT_RETRIES }, \
	{ "backoff-base", required_argument, NULL, CLIENTOPT_BBASE }, \
	{ "backoff-max", required_argument, NULL, CLIENTOPT_BMAX }, \
	{ "insecure", no_argument, NULL, CLIENTOPT_INSECURE }
#define CLIENTOPT_IDLE \
	{ "idle-timeout", required_argument, NULL, CLIENTOPT_ITO }
#define CLIENTOPT_REPLY \
	{ "max-reply", required_argument, NULL, CLIENTOPT_MAXREPLY }

int clientopt(http_opts *h, int ch, const char *arg, size_t reply_max);

/*
 * The options of a tool that runs a suite against a server (lg-infer,
 * lg-ppl), beside the connection's: -m MODEL (not empty), --api-key-file
 * FILE, --resume FILE (not empty nor "-"), --retry-errors and --max-record
 * (opt_max_record()).  Put CLIENTOPT_SUITE and the model's entry in the
 * getopt_long(3) table and read the options with clientopt_next(), given
 * where the tool keeps these.
 */
#define CLIENTOPT_SUITE \
	{ "api-key-file", required_argument, NULL, CLIENTOPT_KEYFILE }, \
	{ "resume", required_argument, NULL, CLIENTOPT_RESUME }, \
	{ "retry-errors", no_argument, NULL, CLIENTOPT_RETRYERR }, \
	{ "max-record", required_argument, NULL, CLIENTOPT_MAXREC }
typedef struct {
	const char **model, **keyfile, **resume;
	int *retry_errors;
	http_opts *net;
	size_t reply_max;	/* --max-reply at most */
} clientopt_run;
/*
 * The next option that is neither the connection's (clientopt(), into
 * r->net) nor the suite's (into r), as apikey_getopt() returns it, with
 * --api-key-file the secret; -1 after the last.
 */
int clientopt_next(int argc, char **argv, const char *shortopts,
    const struct option *longopts, const clientopt_run *r);
/*
 * The defaults of a tool that runs a suite against a model server (lg-infer,
 * lg-ppl): connect in 10 s, 300 s idle, 3600 s a request, 6 retries backing
 * off from 1 s to 60 s.
 */
void clientopt_suite(http_opts *h);

#endif
