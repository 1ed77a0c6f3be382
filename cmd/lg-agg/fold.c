/*
 * fold.c: one record into its group (agg_add), the groups printed as the
 * options ask (agg_print), and the members no table reads (agg_unread):
 * the work of one table, shared by lg-agg's single run (main.c) and its
 * --view runs (views.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "buf.h"
#include "diag.h"
#include "nulkey.h"
#include "unscored.h"
#include "xalloc.h"

static char bench_name[] = "bench";
static char *bench_parts[] = { bench_name };
static const struct field bench_field = { bench_name, bench_parts, 1 };

/* --split-settings: the short id of the record's gen settings, as a key;
 * the id and its settings noted in keys. */
static char *
settings_key(const cJSON *rec, const struct opts *o, skeys *keys)
{
	char *s, *id, *k;

	/* the template is a task's: a setting when task is a group field */
	settings_gen(rec, o->itask >= 0, &s);
	id = settings_id(s);
	skeys_note(keys, id, s);
	k = nulkey_of(id, strlen(id));
	free(s);
	free(id);
	return k;
}

/* The record's group values into vals (o->nfields), and its bench: 0, or
 * -1 when one is an object or an array (reported, nothing kept). */
static int
values(const cJSON *rec, jsonl *in, const struct opts *o, char **vals,
    char **bench, skeys *keys)
{
	size_t k, i;

	if (field_value(rec, &bench_field, bench) < 0) {
		jsonl_warn(in, "bench: an object or array cannot be a group value");
		return -1;
	}
	for (k = 0; k < o->nfields; k++)
		if ((int)k == o->isettings)
			vals[k] = settings_key(rec, o, keys);
		else if (field_value(rec, &o->fields[k], &vals[k]) < 0) {
			jsonl_warn(in, "%s: an object or array cannot be a "
			    "group value", o->fields[k].path);
			for (i = 0; i < k; i++)
				free(vals[i]);
			free(*bench);
			return -1;
		}
	return 0;
}

/* Fold one record into its group through its bench's entry: 0, or -1
 * when it was bad (reported); *plain: the group when the record was one
 * case's plain score (no error, nothing undecided), else NULL. */
int
agg_add(const cJSON *rec, jsonl *in, const struct opts *o, gtab *t,
    char **vals, skeys *keys, struct unscored *un, struct group **plain)
{
	const struct bench *b;
	struct group *g;
	struct sums d;
	char *cs = NULL, *id, *bench;
	size_t i;
	int r;

	*plain = NULL;
	if (values(rec, in, o, vals, &bench, keys) < 0)
		return -1;
	b = o->measure ? measure_bench(o->measure) : agg_bench(bench);
	if (o->table == 1) {
		/* the cases, scored or not */
		g = gtab_get(t, b, bench, vals, NULL);
		r = pt_read(rec, in, o, g);
	} else if (o->usage) {
		g = gtab_get(t, b, bench, vals, NULL);
		group_params(g, rec);
		group_settings(g, rec);
		usage_read(rec, g);
		r = 0;
	} else if (o->tags) {
		struct tagsum ts = { 0 };

		if ((r = tags_read(rec, in, &ts)) == 0) {
			g = gtab_get(t, b, bench, vals, NULL);
			group_params(g, rec);
			tags_add(g, &ts);
		}
	} else if (!o->measure && unscored_rec(rec)) {
		/* no scorer touched it: neither a 0 nor a failure */
		g = gtab_get(t, b, bench, vals, NULL);
		group_params(g, rec);
		g->unscored++;
		unscored_note(un, rec);
		/* its output was cut all the same: the cut column of its
		 * bench's sums (LongGenBench's, or the mean score's) */
		g->lgb.cut += rec_cut(rec);
		g->sc.cut += rec_cut(rec);
		r = 0;
	} else if ((r = case_of(rec, in, &cs)) == 0) {
		memset(&d, 0, sizeof d);
		if ((r = b->read(rec, in, o, &d)) >= 0) {
			g = gtab_get(t, b, bench, vals, NULL);
			group_params(g, rec);
			group_settings(g, rec);
			group_defs(g, rec);
			if (r == 0) {
				/* the record's id names a unit without a case */
				id = cs == NULL ? rec_key(rec) : NULL;
				units_add(&g->units, b, cs, id, &d.u);
				free(id);
				if (d.sc.cases == 1 && !d.sc.failed &&
				    !d.sc.undecided && !d.sc.items)
					*plain = g;
			}
			b->merge(g, &d);
			if (o->table == 9 && pt_read(rec, in, o, g) < 0)
				r = -1;
		}
	}
	for (i = 0; i < o->nfields; i++)
		free(vals[i]);
	free(cs);
	free(bench);
	return r < 0 ? -1 : 0;
}

/*
 * Once per group: records that repeat an id without a case member (a run
 * appended to its own output twice, say) are counted as separate cases,
 * as lg-compare counts them as samples; say so, and how to fix it.
 */
static void
warn_repeats(struct group **g, size_t n, const struct opts *o)
{
	size_t i;
	struct buf b = { 0 };

	for (i = 0; i < n; i++) {
		if (g[i]->units.dups == 0)
			continue;
		buf_reset(&b);
		group_label(&b, g[i], o);
		lg_warn("%s: %ld record%s repeat%s an id without a case member, "
		    "each counted as a case of its own: remove the repeats (a "
		    "file appended to twice?), let lg-infer --resume add only "
		    "what is missing, or write repeated samples with lg-infer "
		    "--samples", buf_str(&b), g[i]->units.dups,
		    g[i]->units.dups == 1 ? "" : "s",
		    g[i]->units.dups == 1 ? "s" : "");
	}
	buf_free(&b);
}

/* Each bench's groups in turn, by its entry (or --usage's table): 0, or
 * 1 when a group's records were made by different settings or pool a
 * task's scores of two definitions (named, and nothing printed). */
int
agg_print(gtab *t, const struct opts *o, skeys *keys)
{
	struct group **g;
	size_t n, i, j;

	g = gtab_sorted(t, o, &n);
	if (defs_refused(g, n, o) | settings_refused(g, n, o)) {
		free(g);
		return 1;
	}
	warn_repeats(g, n, o);
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && strcmp(g[j]->bench, g[i]->bench) == 0; j++)
			;
		if (i > 0 && o->fmt != FMT_JSON)
			putchar('\n');
		if (o->table)
			paper_table(g + i, j - i, o);
		else if (o->usage)
			usage_print(g + i, j - i, o);
		else if (o->tags)
			(o->paper ? tags_paper : tags_print)(g + i, j - i, o);
		else if (o->sample_size || o->cases_for > 0)
			sample_print(g + i, j - i, o);
		else if (o->measure)
			measure_print(g + i, j - i, o);
		else if (o->correlate != NULL)
			correlate_print(g + i, j - i, o);
		else if (o->paper)
			g[i]->b->paper(g + i, j - i, o);
		else
			g[i]->b->print(g + i, j - i, o);
	}
	if (n > 0)
		skeys_print(keys, o);
	free(g);
	return 0;
}

/* Members no table of lg-agg reads: left out unless a field names them. */
const char *const agg_unread[AGG_NUNREAD] = { "prompt", "vars",
	"template", "published_id", "reasoning" };

