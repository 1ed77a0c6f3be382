/*
 * views.c: --view OPTIONS, several tables from one reading of the
 * records.  A view is the run of lg-agg with this run's options but
 * --view, then OPTIONS: its options are parsed and checked as that run's
 * and its files (--prices, --models, --correlate) read; each record, read
 * once, is folded into every view's groups in turn (agg_add() only reads
 * it), and each view then prints its table, -f json, every row with
 * "view": N (the view's number from 1) first, then the line
 * {"view_end": N, "status": S, "messages": [...]}: the exit status and
 * the messages of that run alone (the reader's, of a bad line, are each
 * view's), which are not written on stderr.  --prices names one file for
 * the run, --tokenizer one table: the same in every view.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "diag.h"
#include "unscored.h"
#include "xalloc.h"

struct view {
	struct opts o;
	char **argv, *text;	/* its words */
	struct models meta;
	struct extscores ext;
	gtab *t;
	char **vals;
	skeys *keys;
	struct unscored un;
	int bad;		/* a record was bad, or the table refused */
	int status;		/* its files' status when one failed, else -1 */
	struct buf msgs;	/* its messages, lines */
};

/* Where the messages go: to view cur, or (-1) to every view reading. */
struct sink {
	struct view *v;
	size_t nv;
	long cur;
};

static void
sink_msg(const char *msg, size_t len, void *arg)
{
	struct sink *s = arg;
	size_t i;

	if (s->cur >= 0) {
		buf_add(&s->v[s->cur].msgs, msg, len);
		return;
	}
	for (i = 0; i < s->nv; i++)
		if (s->v[i].status < 0)
			buf_add(&s->v[i].msgs, msg, len);
}

static int
same_str(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Each view's options, as a run of lg-agg would parse them (exit 2 on a
 * mistake, said). */
static void
views_parse(int argc, char **argv, int first, const struct opts *o,
    struct view *v)
{
	size_t k;
	int nw, f;

	for (k = 0; k < o->nviews; k++) {
		v[k].argv = agg_view_argv(argc, argv, first, o->views[k], &nw,
		    &v[k].text);
		v[k].status = -1;
		optind = 0;	/* getopt anew */
		f = agg_parse(nw, v[k].argv, &v[k].o);
		if (f < nw)
			lg_die(LG_USAGE, "--view %s: names a file: the files are "
			    "the run's", o->views[k]);
		if (v[k].o.nviews > 0)
			lg_die(LG_USAGE, "--view %s: --view within a view",
			    o->views[k]);
		if (v[k].o.fmt != FMT_JSON)
			lg_die(LG_USAGE, "--view: only with -f json");
		if (!same_str(v[k].o.tokenizer, v[0].o.tokenizer))
			lg_die(LG_USAGE, "--view: --tokenizer: one table for "
			    "every view");
		if (v[k].o.prices != NULL && v[0].o.prices != NULL &&
		    !same_str(v[k].o.prices, v[0].o.prices))
			lg_die(LG_USAGE, "--view: --prices: one file for every "
			    "view");
	}
}

/* The files of view k read, as main() reads a run's: its status set
 * when one failed.  prices: the status of --prices' file, read once, and
 * its messages. */
static void
view_files(struct view *v, int *prices, struct buf *pmsg)
{
	struct opts *o = &v->o;
	int st = 0;

	if (o->prices != NULL) {
		if (*prices < 0) {
			*prices = prices_load(o->prices);
			buf_puts(pmsg, buf_str(&v->msgs));
		} else {
			buf_puts(&v->msgs, buf_str(pmsg));
		}
		st = *prices;
	}
	if (st == 0 && o->models != NULL)
		st = models_read(&v->meta, o->models);
	if (st == 0 && o->correlate != NULL)
		st = extscores_read(&v->ext, o->correlate);
	if (st != 0) {
		v->status = st;
		return;
	}
	o->meta = o->models != NULL ? &v->meta : NULL;
	o->ext = o->correlate != NULL ? &v->ext : NULL;
	v->t = gtab_new(o->nfields);
	v->vals = xcalloc(o->nfields + 1, sizeof *v->vals);
	v->keys = skeys_new();
}

/* The reader of files, without the members no view reads. */
static jsonl *
views_open(char **files, int n, const struct view *v, size_t nv,
    const char **skip)
{
	jsonl *in = jsonl_open(files, n);
	const char *one[1];
	size_t i, k, ns = 0;

	for (i = 0; i < AGG_NUNREAD; i++) {
		for (k = 0; k < nv; k++)
			if (fields_unnamed(v[k].o.fields, v[k].o.nfields,
			    &agg_unread[i], 1, one) == 0)
				break;
		if (k == nv)
			skip[ns++] = agg_unread[i];
	}
	jsonl_skip(in, skip, ns);
	jsonl_lazy_all(in);
	jsonl_borrow(in);
	return in;
}

/* Its rows, out[0..len), each tagged "view": n, and its end line. */
static void
view_emit(size_t n, const char *out, size_t len, int status,
    const struct buf *msgs)
{
	const char *p = out, *end = out + len, *nl;
	cJSON *e = cJSON_CreateObject(), *m = cJSON_CreateArray();
	char *txt;

	for (; p < end; p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		if (*p == '{')
			printf("{\"view\":%zu%s%.*s\n", n, p[1] == '}' ? "" :
			    ",", (int)(nl - p - 1), p + 1);
		else if (nl > p)
			printf("%.*s\n", (int)(nl - p), p);
	}
	for (p = msgs->s, end = p + msgs->len; p != NULL && p < end;
	    p = nl + 1) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			nl = end;
		txt = xstrndup(p, (size_t)(nl - p));
		cJSON_AddItemToArray(m, cJSON_CreateString(txt));
		free(txt);
	}
	cJSON_AddNumberToObject(e, "view_end", (double)n);
	cJSON_AddNumberToObject(e, "status", status);
	cJSON_AddItemToObject(e, "messages", m);
	txt = cJSON_PrintUnformatted(e);
	printf("%s\n", txt);
	free(txt);
	cJSON_Delete(e);
}

/* View k's table, printed into memory, then emitted; its status. */
static int
view_print(struct view *v, size_t k, jsonl *in)
{
	FILE *save = stdout;
	char *out = NULL;
	size_t len = 0;
	int status;

	if (v->status >= 0) {
		view_emit(k + 1, "", 0, v->status, &v->msgs);
		return v->status;
	}
	prices_use(v->o.prices != NULL);
	if (fflush(stdout) != 0 || (stdout = open_memstream(&out, &len)) ==
	    NULL) {
		stdout = save;
		lg_die(LG_SYS, "--view: cannot keep a table: out of memory");
	}
	if (agg_print(v->t, &v->o, v->keys))
		v->bad = 1;
	unscored_warn(&v->un);
	fclose(stdout);
	stdout = save;
	status = jsonl_status(in);
	if (status == LG_OK && v->bad)
		status = LG_BAD;
	view_emit(k + 1, out, len, status, &v->msgs);
	free(out);
	return status;
}

static void
view_free(struct view *v)
{
	if (v->t != NULL)
		gtab_free(v->t);
	if (v->keys != NULL)
		skeys_free(v->keys);
	free(v->vals);
	unscored_free(&v->un);
	models_clear(&v->meta);
	extscores_clear(&v->ext);
	agg_opts_free(&v->o);
	free(v->argv);
	free(v->text);
	buf_free(&v->msgs);
}

int
agg_views(int argc, char **argv, int first, const struct opts *o)
{
	struct view *v = xcalloc(o->nviews, sizeof *v);
	struct sink s = { v, o->nviews, -1 };
	struct buf pmsg = { 0 };
	const char *skip[AGG_NUNREAD];
	struct group *plain;
	jsonl *in;
	cJSON *rec;
	size_t k;
	int prices = -1, status = LG_OK, st;

	views_parse(argc, argv, first, o, v);
	lg_warn_to(sink_msg, &s);
	for (k = 0; k < o->nviews; k++) {
		s.cur = (long)k;
		view_files(&v[k], &prices, &pmsg);
	}
	s.cur = -1;
	in = views_open(argv + first, argc - first, v, o->nviews, skip);
	while ((rec = jsonl_next_take(in, NULL, NULL, NULL)) != NULL) {
		for (k = 0; k < o->nviews; k++) {
			if (v[k].status >= 0)
				continue;
			s.cur = (long)k;
			prices_use(v[k].o.prices != NULL);
			if (agg_add(rec, in, &v[k].o, v[k].t, v[k].vals,
			    v[k].keys, &v[k].un, &plain) < 0)
				v[k].bad = 1;
		}
		s.cur = -1;
		rec_free(rec);
	}
	for (k = 0; k < o->nviews; k++) {
		s.cur = (long)k;
		if ((st = view_print(&v[k], k, in)) > status)
			status = st;
	}
	lg_warn_to(NULL, NULL);
	for (k = 0; k < o->nviews; k++)
		view_free(&v[k]);
	free(v);
	buf_free(&pmsg);
	jsonl_free(in);
	prices_free();
	measure_free();
	postok_free();
	return lg_finish(status);
}
