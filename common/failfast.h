/*
 * failfast.h: stop a run whose setup is wrong, in the server's own words.
 *
 * A tool that sends many requests (lg-infer, lg-judge) passes each failed
 * result to failfast_hold() before acting on it.  While nothing has been
 * answered, a failure that says the setup is wrong (http_result.setup: no
 * connection, no such host, HTTP 401, 403 or 404) is held here instead of
 * being written as a failed record.  Once FAILFAST_N requests have failed
 * so, or the input ends with only such failures, failfast_die() prints the
 * server's message with a hint and exits 3, having written nothing for
 * them: the run can be resumed once the setup is fixed.  The first answer
 * releases what was held, as ordinary failures.  Other faults (429, 5xx,
 * resets) never stop a run.
 *
 * The failfast owns copies of the held messages; the users are borrowed.
 */
#ifndef LG_FAILFAST_H
#define LG_FAILFAST_H

#include <stddef.h>

#include "http.h"

#define FAILFAST_N 3	/* requests failed so, with none answered, to stop */

typedef struct {
	int answered;		/* some request was answered */
	size_t nheld;
	struct held *held;
} failfast;

/*
 * Note a result: an answer (res->ok) marks the run as working; returns 1
 * when the failure is held (the caller does nothing more with it now).
 */
int failfast_hold(failfast *f, void *user, const http_result *res);
/* Should the run stop?  last: no request is outstanding and no more come. */
int failfast_tripped(const failfast *f, int last);
/*
 * Print the server's message and a hint, then exit 3.  keyed: an API key
 * was sent; key_option: the option that gives one, for the hint.
 */
void failfast_die(const failfast *f, int keyed, const char *key_option);
/* After an answer: each held failure goes to fn, as it came, then is freed. */
void failfast_release(failfast *f, void (*fn)(void *user, const http_result *res));

#endif
