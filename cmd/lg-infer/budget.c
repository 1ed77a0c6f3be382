/*
 * budget.c: what a request of a group (bench, task, length) is expected
 * to write, and the warning for a run with no --max-tokens on a tier
 * whose output a server's default limit would cut.
 *
 * The long-output benchmarks (LongGenBench, LongWeave) ask for a text of
 * the tier's length: their tier is the target output, tier_tokens()
 * (1k = 1024), as lg-agg --lengths counts it.  Ada-LEval's tiers are
 * input sizes: no target.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "infer.h"
#include "record.h"
#include "tasks.h"
#include "util.h"
#include "xalloc.h"

/* Output tokens many servers stop at when a request names no limit. */
#define SERVER_DEFAULT	4096

long
budget_target(const char *bench, const char *length)
{
	int b = bench != NULL ? bench_index(bench) : -1;

	if (length == NULL || (b != BENCH_LONGGENBENCH && b != BENCH_LONGWEAVE))
		return -1;
	return tier_tokens(length) > 0 ? tier_tokens(length) : -1;
}

static pthread_mutex_t told_lock = PTHREAD_MUTEX_INITIALIZER;
static char **told;		/* "bench\tlength" already warned about */
static size_t ntold;

/* 1 the first time bench and length come here. */
static int
first_time(const char *bench, const char *length)
{
	char *k = xasprintf("%s\t%s", bench, length);
	size_t i;
	int first = 1;

	pthread_mutex_lock(&told_lock);
	for (i = 0; i < ntold && first; i++)
		first = strcmp(told[i], k) != 0;
	if (first) {
		told = xreallocarray(told, ntold + 1, sizeof *told);
		told[ntold++] = k;
		k = NULL;
	}
	pthread_mutex_unlock(&told_lock);
	free(k);
	return first;
}

void
budget_warn_tier(const infer_opts *o, const char *bench, const char *length)
{
	long t = budget_target(bench, length);

	if (t < SERVER_DEFAULT || rec_get(o->params, "max_tokens") != NULL ||
	    !first_time(bench, length))
		return;
	lg_warn("no --max-tokens: %s %s asks for about %ld output tokens, at "
	    "or above the %d many servers stop at when a request names no "
	    "limit: give --max-tokens %ld or more", bench, length, t,
	    SERVER_DEFAULT, t);
}

void
budget_free(void)
{
	size_t i;

	for (i = 0; i < ntold; i++)
		free(told[i]);
	free(told);
	told = NULL;
	ntold = 0;
}
