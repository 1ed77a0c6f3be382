/* lg-infer's status line and summary, on common/progress.c. */
#include <stdio.h>

#include "diag.h"
#include "infer.h"
#include "util.h"

void
progress_draw(progress *p, const http_stats *st, int force)
{
	double el = mono_now() - p->start;
	char mid[64], tail[96];

	if (!p->tty)
		return;
	p->unit = "req/s";
	snprintf(mid, sizeof mid, "%.0f tok/s",
	    el > 0 ? (double)st->output_tokens / el : 0);
	snprintf(tail, sizeof tail, "%lu retries, %lu in flight", st->retries,
	    st->active);
	progress_line(p, mid, tail, force);
}

void
progress_summary(progress *p, const http_stats *st)
{
	double el = mono_now() - p->start;
	char skip[128] = "";
	size_t k = 0;

	if (p->cut > 0)
		k = (size_t)snprintf(skip, sizeof skip, ", %lu cut by the token "
		    "limit", p->cut);
	if (p->skipped > 0)
		snprintf(skip + k, sizeof skip - k, ", %lu skipped as answered",
		    p->skipped);
	if (st == NULL) {	/* --batch-results: nothing sent, nothing timed */
		progress_end(p, "%lu records: %lu answered by the batch, %lu "
		    "failed, %lu passed on%s; %s", p->done, p->ok, p->failed,
		    p->passed, skip, p->made ? p->made : "");
		return;
	}
	progress_end(p, "%lu records: %lu answered (%lu from cache), %lu failed, "
	    "%lu passed on%s; %lu requests, %lu retries; %.1f s, %.1f req/s, "
	    "%.0f tok/s; %s", p->done, p->ok, st->cache_hits, p->failed,
	    p->passed, skip, st->attempts, st->retries, el,
	    el > 0 ? (double)(p->ok + p->failed) / el : 0,
	    el > 0 ? (double)st->output_tokens / el : 0, p->made ? p->made : "");
}
