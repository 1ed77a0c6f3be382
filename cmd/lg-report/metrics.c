/*
 * metrics.c: the metrics of one case beside its score, for the case
 * list's B-A per metric: LongGenBench's CR, STIC-1, STIC-2, wAvg, the pass
 * rate of each instruction type and the words (Len), as lg-agg takes them
 * from a record (cmd/lg-agg/longgenbench.c, one case's share of each);
 * Ada-LEval's instruction following (IF) and Kendall's tau (TSort).  A
 * value the record cannot give (a failed record, no check decided, a
 * count out of range) is null: no value, never a 0.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "record.h"
#include "report.h"

#define MAX_COUNT 1e9		/* a count beyond this is not one */
#define NMETRICS 8		/* at most, of one bench */

struct bench_metrics {
	const char *bench;
	void (*values)(const cJSON *sc, double *v);	/* into v[] */
	const char *name[NMETRICS + 1];		/* lg-compare's names where
						 * it has them; NULL-ended */
	const char *label[NMETRICS];		/* lg-agg's columns */
	const char *unit[NMETRICS];		/* "%" of a rate, "words" */
};

static void lgb_values(const cJSON *sc, double *v);
static void ada_values(const cJSON *sc, double *v);

static const struct bench_metrics benches[] = {
	{ "longgenbench", lgb_values,
	    { "cr", "stic1", "stic2", "wavg", "single", "range", "periodic",
	    "len", NULL },
	    { "CR", "STIC-1", "STIC-2", "wAvg", "single", "range", "periodic",
	    "Len" }, { "%", "%", "%", "%", "%", "%", "%", "words" } },
	{ "adaleval", ada_values, { "if", "tau", NULL }, { "IF", "tau" }, { "%", "tau" } },
};

/* A count of scores: in [0, MAX_COUNT], else NAN (absent too). */
static double
count(const cJSON *sc, const char *k)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sc, k);

	return cJSON_IsNumber(v) && v->valuedouble >= 0 &&
	    v->valuedouble <= MAX_COUNT ? v->valuedouble : NAN;
}

/* a / b when both are counts, a <= b and b > 0; else NAN. */
static double
ratio(double a, double b)
{
	return a >= 0 && b > 0 && a <= b ? a / b : NAN;
}

/* The passes over the decided checks of prefix ("stic", "single"...). */
static double
decided_rate(const cJSON *sc, const char *prefix)
{
	char k[32];
	double pass, total, und;

	snprintf(k, sizeof k, "%s_pass", prefix);
	pass = count(sc, k);
	snprintf(k, sizeof k, "%s_total", prefix);
	total = count(sc, k);
	snprintf(k, sizeof k, "%s_undecided", prefix);
	und = cJSON_GetObjectItemCaseSensitive(sc, k) == NULL ? 0 :
	    count(sc, k);
	return ratio(pass, total - und);
}

static void
lgb_values(const cJSON *sc, double *v)
{
	static const char *const types[] = { "single", "range", "periodic" };
	int t;

	v[0] = ratio(count(sc, "entries_found"), count(sc, "entries_expected"));
	v[1] = ratio(count(sc, "stic_pass"), count(sc, "stic_judged"));
	v[2] = decided_rate(sc, "stic");
	v[3] = v[0] * v[2];
	for (t = 0; t < 3; t++)
		v[4 + t] = decided_rate(sc, types[t]);
	v[7] = count(sc, "words");
}

static void
ada_values(const cJSON *sc, double *v)
{
	const cJSON *tau = cJSON_GetObjectItemCaseSensitive(sc, "tau");
	double valid = count(sc, "valid");

	v[0] = isnan(valid) ? NAN : valid > 0;
	v[1] = v[0] == 1 && cJSON_IsNumber(tau) && tau->valuedouble >= -1 &&
	    tau->valuedouble <= 1 ? tau->valuedouble : NAN;
}

cJSON *
report_metrics(const cJSON *rec, const char *bench)
{
	const cJSON *sc = rec_get(rec, "scores"), *err = rec_get(rec, "error");
	double v[NMETRICS];
	cJSON *a;
	size_t b, i;

	for (b = 0; b < sizeof benches / sizeof benches[0] &&
	    strcmp(benches[b].bench, bench) != 0; b++)
		;
	if (b == sizeof benches / sizeof benches[0])
		return NULL;
	for (i = 0; i < NMETRICS; i++)
		v[i] = NAN;
	if (cJSON_IsObject(sc) && (err == NULL || cJSON_IsNull(err))) {
		benches[b].values(sc, v);
	}
	a = cJSON_CreateArray();
	for (i = 0; benches[b].name[i] != NULL; i++)
		cJSON_AddItemToArray(a, isnan(v[i]) ? cJSON_CreateNull() :
		    cJSON_CreateNumber(v[i]));
	return a;
}

void
report_metrics_json(struct buf *o)
{
	size_t b, i;

	buf_puts(o, "<script type=\"application/json\" id=\"metrics\">{");
	for (b = 0; b < sizeof benches / sizeof benches[0]; b++) {
		buf_printf(o, "%s\"%s\":[", b ? "," : "", benches[b].bench);
		for (i = 0; benches[b].name[i] != NULL; i++)
			buf_printf(o, "%s[\"%s\",\"%s\",\"%s\"]", i ? "," : "",
			    benches[b].name[i], benches[b].label[i],
			    benches[b].unit[i]);
		buf_puts(o, "]");
	}
	buf_puts(o, "}</script>\n");
}
