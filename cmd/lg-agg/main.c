/* lg-agg: fold scored records into the tables the papers report. */
#include <stdio.h>
#include <stdlib.h>

#include "agg.h"
#include "diag.h"
#include "unscored.h"
#include "xalloc.h"

static int
run(char **files, int n, const struct opts *o)
{
	jsonl *in = jsonl_open(files, n);
	const char *skip[AGG_NUNREAD];
	gtab *t = gtab_new(o->nfields);
	char **vals = xcalloc(o->nfields, sizeof *vals);
	skeys *keys = skeys_new();
	struct unscored un = { 0 };
	agg_fast *fast = agg_fast_new(o);
	struct group *plain;
	cJSON *rec;
	int bad = 0, status, offered;

	jsonl_skip(in, skip, fields_unnamed(o->fields, o->nfields, agg_unread,
	    AGG_NUNREAD, skip));	/* the scanner still checks them */
	jsonl_lazy_all(in);	/* records are read through rec_get() */
	jsonl_borrow(in);	/* and nothing of one is kept past the next */
	while ((rec = jsonl_next_take(in, fast ? agg_fast_take : NULL,
	    fast, &offered)) != NULL) {
		if (agg_add(rec, in, o, t, vals, keys, &un, &plain) < 0)
			bad = 1;
		if (offered)
			agg_fast_note(fast, rec, plain);
		rec_free(rec);
	}
	agg_fast_free(fast);
	if (agg_print(t, o, keys))
		bad = 1;
	unscored_warn(&un);
	unscored_free(&un);
	status = jsonl_status(in);
	if (status == LG_OK && bad)
		status = LG_BAD;
	free(vals);
	skeys_free(keys);
	gtab_free(t);
	jsonl_free(in);
	return lg_finish(status);
}

int
main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct models meta = { 0 };
	struct extscores ext = { 0 };
	int status, first;

	lg_init(argv[0]);
	first = agg_parse(argc, argv, &o);
	if (o.nviews > 0) {
		status = agg_views(argc, argv, first, &o);
		agg_opts_free(&o);
		return status;
	}
	if (o.prices != NULL && (status = prices_load(o.prices)) != 0) {
		agg_opts_free(&o);
		prices_free();
		return status;
	}
	if (o.models != NULL && (status = models_read(&meta, o.models)) != 0) {
		agg_opts_free(&o);
		models_clear(&meta);
		prices_free();
		return status;
	}
	if (o.correlate != NULL &&
	    (status = extscores_read(&ext, o.correlate)) != 0) {
		agg_opts_free(&o);
		models_clear(&meta);
		extscores_clear(&ext);
		prices_free();
		return status;
	}
	o.meta = o.models != NULL ? &meta : NULL;
	o.ext = o.correlate != NULL ? &ext : NULL;
	status = run(argv + first, argc - first, &o);
	agg_opts_free(&o);
	models_clear(&meta);
	extscores_clear(&ext);
	prices_free();
	measure_free();
	postok_free();
	return status;
}
