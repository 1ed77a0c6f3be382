/*
 * backoff.h: when a failed request may be tried again, and how long to wait.
 * Nothing here allocates; the random state is the caller's.
 */
#ifndef LG_BACKOFF_H
#define LG_BACKOFF_H

#include <time.h>

#include "rng.h"

/* HTTP statuses worth another attempt: 408, 429 and 5xx. */
int backoff_retryable(long status);

/*
 * Exponential backoff with full jitter: a delay drawn uniformly from
 * [0, min(max, base * 2^(attempt - 1))] seconds, attempt counting from 1.
 */
double backoff_delay(rng *r, double base, double max, int attempt);

/*
 * A Retry-After header value (seconds, or an HTTP date) as seconds from
 * now; -1 when it is neither.
 */
double backoff_retry_after(const char *value, time_t now);

#endif
