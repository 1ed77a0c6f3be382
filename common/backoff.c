#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <curl/curl.h>

#include "backoff.h"

int
backoff_retryable(long status)
{
	return status == 408 || status == 429 || (status >= 500 && status <= 599);
}

double
backoff_delay(rng *r, double base, double max, int attempt)
{
	double cap = base;

	if (attempt < 1)
		attempt = 1;
	if (attempt > 60)
		attempt = 60;
	cap = ldexp(base, attempt - 1);
	if (cap > max)
		cap = max;
	return cap * rng_random(r);
}

double
backoff_retry_after(const char *value, time_t now)
{
	char *end;
	double v;
	time_t t;

	while (isspace((unsigned char)*value))
		value++;
	if (isdigit((unsigned char)*value)) {
		v = strtod(value, &end);
		while (isspace((unsigned char)*end))
			end++;
		if (*end == '\0' && isfinite(v) && v >= 0)
			return v;
		return -1;
	}
	if (*value == '\0')
		return -1;
	t = curl_getdate(value, NULL);
	if (t == (time_t)-1)
		return -1;
	return t > now ? (double)(t - now) : 0;
}
