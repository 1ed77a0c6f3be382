/*
 * lg-oracle: LongGenBench documents.  Every entry gets its header and about
 * the words the case asks for, drawn from the scenario's filler sentences;
 * each check is met by a sentence that names what is wanted, at a random
 * place in the entry at its position.  The failure options remove entries
 * (--stop-at), stop meeting checks after a point (--forget-after) or miss
 * each check at random (--drop).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "lgb.h"
#include "oracle.h"
#include "record.h"
#include "share.h"
#include "tmpl.h"
#include "util.h"
#include "xalloc.h"

typedef struct {
	char *task;
	char **filler, **mention;
	size_t nfiller, nmention;
	size_t *fwords;
} lib;

/* Libraries stay loaded for the whole run, one per scenario. */
static lib libs[4];
static size_t nlibs;

static void
free_libs(void)
{
	size_t i;

	for (i = 0; i < nlibs; i++) {
		free(libs[i].task);
		lines_free(libs[i].filler, libs[i].nfiller);
		lines_free(libs[i].mention, libs[i].nmention);
		free(libs[i].fwords);
	}
	nlibs = 0;
}

static char **
load(const char *task, const char *file, size_t *n)
{
	char *rel = xasprintf("templates/longgenbench/%s/%s", task, file);
	char *path = share_path(rel);
	char **v = lines_read(path, n);

	if (v != NULL && *n == 0) {
		lines_free(v, *n);
		v = NULL;
	}
	if (v == NULL)
		lg_warn("%s: cannot read library", path);
	free(rel);
	free(path);
	return v;
}

static const lib *
get_lib(const char *task)
{
	size_t i;
	lib *l;

	for (i = 0; i < nlibs; i++)
		if (strcmp(libs[i].task, task) == 0)
			return &libs[i];
	if (nlibs == 0)
		atexit(free_libs);
	l = &libs[nlibs];
	memset(l, 0, sizeof *l);
	l->filler = load(task, "filler.txt", &l->nfiller);
	l->mention = load(task, "mention.txt", &l->nmention);
	if (l->filler == NULL || l->mention == NULL)
		lg_die(LG_SYS, "cannot run without the %s libraries", task);
	l->fwords = xreallocarray(NULL, l->nfiller, sizeof *l->fwords);
	for (i = 0; i < l->nfiller; i++)
		l->fwords[i] = count_words(l->filler[i], strlen(l->filler[i]));
	l->task = xstrdup(task);
	nlibs++;
	return l;
}

typedef struct {
	int at;
	const char *want;
} need;

static int
by_at(const void *a, const void *b)
{
	const need *x = a, *y = b;

	return (x->at > y->at) - (x->at < y->at);
}

static void
mention(struct buf *out, const lib *l, rng *r, const char *want)
{
	cJSON *v = cJSON_CreateObject();
	char *err, *s;

	cJSON_AddStringToObject(v, "want", want);
	s = tmpl_render_delim(l->mention[rng_choice(r, l->nmention)], v, "{", "}", &err);
	if (s == NULL) {
		buf_puts(out, want);	/* a broken library line still names it */
		free(err);
	} else {
		buf_puts(out, s);
		free(s);
	}
	cJSON_Delete(v);
}

/*
 * One entry's text: filler sentences until about `words` words (the header
 * and the sentences that meet checks count too), with the wants placed at
 * random among them.
 */
static void
entry(struct buf *out, const lib *l, rng *r, const need *w, size_t nw,
    long words)
{
	size_t nsent = 0, cap = 16, i, j, *sent, *place = NULL;
	long got = 4 + 12 * (long)nw;	/* header and mentions, roughly */
	int first = 1;

	sent = xreallocarray(NULL, cap, sizeof *sent);
	for (;;) {
		size_t s = rng_choice(r, l->nfiller);

		if (nsent > 0 && s == sent[nsent - 1] && l->nfiller > 1)
			continue;	/* no sentence twice in a row */
		if (nsent > 0 && got + (long)l->fwords[s] / 2 > words)
			break;
		if (nsent == cap)
			sent = xreallocarray(sent, cap *= 2, sizeof *sent);
		sent[nsent++] = s;
		got += (long)l->fwords[s];
	}
	if (nw > 0) {
		place = xreallocarray(NULL, nw, sizeof *place);
		for (i = 0; i < nw; i++)
			place[i] = (size_t)rng_below(r, nsent + 1);
	}
	for (i = 0; i <= nsent; i++) {
		for (j = 0; j < nw; j++) {
			if (place[j] != i)
				continue;
			if (!first)
				buf_putc(out, ' ');
			mention(out, l, r, w[j].want);
			first = 0;
		}
		if (i == nsent)
			break;
		if (!first)
			buf_putc(out, ' ');
		buf_puts(out, l->filler[sent[i]]);
		first = 0;
	}
	free(place);
	free(sent);
}

int
oracle_longgenbench(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const cJSON *gold = rec_get(rec, "gold"), *checks = rec_get(rec, "checks"), *c;
	const char *type = rec_str(gold, "type"), *task;
	lgb_doc doc;
	const lib *l;
	need *wants = NULL;
	size_t nwants = 0, wi = 0;
	long words, stop, forget;
	struct buf out = { 0 };
	int k;

	if (type == NULL || (task = lgb_task_of(type)) == NULL ||
	    rec_long(gold, "number", 0) <= 0 || !cJSON_IsArray(checks)) {
		return rec_fail(rec, in, "oracle",
		    "needs gold.type, gold.number and checks");
	}
	if (rec_long(gold, "number", 0) > LGB_MAX_ENTRIES ||
	    rec_long(gold, "words", 0) > LGB_MAX_WORDS || rec_long(gold, "words", 0) < 0) {
		return rec_fail(rec, in, "oracle",
		    "gold.number or gold.words out of range");
	}
	doc.type = type;
	doc.number = (int)rec_long(gold, "number", 0);
	doc.year = (int)rec_long(gold, "year", 2018);
	doc.cols = (int)rec_long(gold, "cols", (long)lround(sqrt(doc.number)));
	words = o->words ? o->words : rec_long(gold, "words", 150);
	stop = (long)floor(o->stop_at * doc.number + 1e-9);
	forget = (long)floor(o->forget_after * doc.number + 1e-9);
	l = get_lib(task);

	cJSON_ArrayForEach(c, checks) {
		long at = rec_long(c, "at", -1);
		const char *want = rec_str(c, "want");
		int miss = o->drop > 0 && rng_random(r) < o->drop;

		if (want == NULL || at < 1 || at > forget || miss)
			continue;
		wants = xreallocarray(wants, nwants + 1, sizeof *wants);
		wants[nwants].at = (int)at;
		wants[nwants++].want = want;
	}
	if (nwants > 1)
		qsort(wants, nwants, sizeof *wants, by_at);
	for (k = 1; k <= stop; k++) {
		size_t n0 = wi;

		while (wi < nwants && wants[wi].at == k)
			wi++;
		lgb_header(&out, &doc, k);
		buf_putc(&out, '\n');
		entry(&out, l, r, wants + n0, wi - n0, words);
		buf_puts(&out, "\n\n");
	}
	if (stop == doc.number)
		buf_puts(&out, "*** finished ***\n");
	rec_set_str(rec, "output", buf_str(&out));
	buf_free(&out);
	free(wants);
	return REC_OK;
}
