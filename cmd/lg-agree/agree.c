/*
 * agree.c: two judgings paired record by record (by id and gen.model,
 * within bench and task) and item by item (by place), the 2x2 table of their outcomes per
 * group, the agreement, Cohen's kappa with a bootstrap interval over the
 * records, and the items where they disagree.
 *
 * An item undecided or unjudged on either side is left out and counted
 * apart; so is a record that failed on either side.  Records whose items
 * do not match (another number of verdicts, or a verdict that judges
 * something else at the same place) are reported and left out.  A side
 * that is a labelled sample (its verdicts carry "index") pairs only the
 * items it has.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agree.h"
#include "bootrng.h"
#include "buf.h"
#include "diag.h"
#include "nulkey.h"
#include "paired.h"
#include "record.h"
#include "xalloc.h"

double
kappa(const long n[4])
{
	double t = (double)(n[0] + n[1] + n[2] + n[3]), po, pe;

	if (t == 0)
		return NAN;
	po = (double)(n[0] + n[3]) / t;
	pe = ((double)(n[0] + n[1]) * (double)(n[0] + n[2]) +
	    (double)(n[2] + n[3]) * (double)(n[1] + n[3])) / (t * t);
	if (pe >= 1)
		return NAN;
	return (po - pe) / (1 - pe);
}

/* strcmp, but at once for the judgings' names, kept once each */
static int
scmp(const char *a, const char *b)
{
	return a == b ? 0 : strcmp(a, b);
}

static int
cmp_rec(const void *x, const void *y)
{
	const struct jrec *a = x, *b = y;
	int c;

	if ((c = scmp(a->bench, b->bench)) != 0)
		return c;
	if ((c = scmp(a->task, b->task)) != 0)
		return c;
	if ((c = strcmp(a->id, b->id)) != 0 ||
	    (c = scmp(a->model, b->model)) != 0)
		return c;
	return (a->line > b->line) - (a->line < b->line);
}

static int
cmp_group3(const struct jrec *a, const struct jrec *b)
{
	int c;

	if ((c = scmp(a->bench, b->bench)) != 0)
		return c;
	if ((c = scmp(a->task, b->task)) != 0 ||
	    (c = strcmp(a->id, b->id)) != 0)
		return c;
	return scmp(a->model, b->model);
}

static void
warn_rec(const struct judging *j, const struct jrec *r, const char *fmt,
    const char *arg, const char *arg2)
{
	char *id = nulkey_show(r->id), *file = xstrdup(j->file);
	char *model = nulkey_show(r->model);
	char msg[512];

	lg_sanitize(id);
	lg_sanitize(file);
	lg_sanitize(model);
	snprintf(msg, sizeof msg, fmt, arg, arg2);
	lg_sanitize(msg);
	if (strcmp(r->model, "-") != 0)
		lg_warn("%s:%ld: id %s, model %s: %s", file, r->line, id, model,
		    msg);
	else
		lg_warn("%s:%ld: id %s: %s", file, r->line, id, msg);
	free(id);
	free(model);
	free(file);
}

/* Mark the second and later records of an id (reported); 1 if any. */
static int
dedup(struct judging *j)
{
	size_t i, first = 0;
	int bad = 0;

	qsort(j->r, j->n, sizeof *j->r, cmp_rec);
	for (i = 1; i < j->n; i++) {
		if (cmp_group3(&j->r[first], &j->r[i]) != 0) {
			first = i;
			continue;
		}
		{
			char line[32];

			snprintf(line, sizeof line, "%ld", j->r[first].line);
			warn_rec(j, &j->r[i], "seen before, on line %s; left "
			    "out%s", line, "");
		}
		j->r[i].dup = 1;
		bad = 1;
	}
	return bad;
}

static struct group *
group_for(struct group **g, size_t *ng, const struct jrec *r)
{
	struct group *x;

	if (*ng > 0 && strcmp((*g)[*ng - 1].bench, r->bench) == 0 &&
	    strcmp((*g)[*ng - 1].task, r->task) == 0)
		return &(*g)[*ng - 1];
	if (*ng % 16 == 0)
		*g = xreallocarray(*g, *ng + 16, sizeof **g);
	x = &(*g)[(*ng)++];
	memset(x, 0, sizeof *x);
	x->bench = r->bench;
	x->task = r->task;
	x->k = x->lo = x->hi = NAN;
	return x;
}

/* An item of the sampled side with no partner, or two that judge
 * different things: 0 when the items match, -1 (reported) when not. */
static int
match(const struct judging *ja, const struct jrec *ra,
    const struct judging *jb, const struct jrec *rb)
{
	size_t i = 0, j = 0;
	char where[64], what[600];

	if (!ra->sampled && !rb->sampled && ra->n != rb->n) {
		snprintf(where, sizeof where, "%zu", ra->n);
		snprintf(what, sizeof what, "%zu in %.400s", rb->n, jb->file);
		warn_rec(ja, ra, "%s verdicts here, %s: not the same items; "
		    "left out", where, what);
		return -1;
	}
	while (i < ra->n || j < rb->n) {
		const struct item *a = i < ra->n ? &ra->it[i] : NULL;
		const struct item *b = j < rb->n ? &rb->it[j] : NULL;

		if (a != NULL && b != NULL && a->idx == b->idx) {
			if (a->key != NULL && b->key != NULL &&
			    strcmp(a->key, b->key) != 0) {
				snprintf(where, sizeof where, "%ld", a->idx);
				snprintf(what, sizeof what, "\"%.150s\" here, "
				    "\"%.150s\" in %.200s", a->key, b->key,
				    jb->file);
				warn_rec(ja, ra, "verdict %s judges %s: not the "
				    "same items; left out", where, what);
				return -1;
			}
			i++, j++;
		} else if (b == NULL || (a != NULL && a->idx < b->idx)) {
			if (ra->sampled) {
				snprintf(where, sizeof where, "%ld", a->idx);
				warn_rec(ja, ra, "verdict index %s: not in %s; "
				    "left out", where, jb->file);
				return -1;
			}
			i++;
		} else {
			if (rb->sampled) {
				snprintf(where, sizeof where, "%ld", b->idx);
				warn_rec(jb, rb, "verdict index %s: not in %s; "
				    "left out", where, ja->file);
				return -1;
			}
			j++;
		}
	}
	return 0;
}

static void
count(struct group *g, const struct jrec *ra, const struct jrec *rb)
{
	size_t i = 0, j = 0;
	struct pair p;

	memset(&p, 0, sizeof p);
	while (i < ra->n && j < rb->n) {
		const struct item *a = &ra->it[i], *b = &rb->it[j];

		if (a->idx < b->idx) {
			i++;
			continue;
		}
		if (b->idx < a->idx) {
			j++;
			continue;
		}
		i++, j++;
		if (a->v == V_UNDECIDED || b->v == V_UNDECIDED)
			g->undecided++;
		else if (a->v == V_UNJUDGED || b->v == V_UNJUDGED)
			g->unjudged++;
		else {
			p.n[(a->v == V_FAIL) * 2 + (b->v == V_FAIL)]++;
			if (a->v != b->v) {
				if (g->nd % 64 == 0)
					g->d = xreallocarray(g->d, g->nd + 64,
					    sizeof *g->d);
				g->d[g->nd].ra = ra;
				g->d[g->nd].a = a;
				g->d[g->nd++].b = b;
			}
		}
	}
	for (i = 0; i < 4; i++)
		g->n[i] += p.n[i];
	if (g->np % 64 == 0)
		g->p = xreallocarray(g->p, g->np + 64, sizeof *g->p);
	g->p[g->np++] = p;
}

static int
cmp_double(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;

	return (a > b) - (a < b);
}

#define MAX_CLASSES 4096	/* distinct tables hashed; past it, drawn one
				 * by one */

/*
 * The records of g reduced to the distinct tables they hold (few: a
 * record judges a handful of items): cls[i] is record i's, the tables
 * in tab[0..return).  0 when there are more than MAX_CLASSES.
 */
static size_t
classes(const struct group *g, uint16_t *cls, struct pair *tab)
{
	enum { SLOTS = 2 * MAX_CLASSES };
	static int32_t slot[SLOTS];
	size_t i, n = 0;
	int c;

	memset(slot, 0xff, sizeof slot);
	for (i = 0; i < g->np; i++) {
		const long *v = g->p[i].n;
		uint64_t h = 1469598103934665603ULL;
		size_t at;

		for (c = 0; c < 4; c++)
			h = (h ^ (uint64_t)v[c]) * 1099511628211ULL;
		for (at = h % SLOTS; slot[at] >= 0; at = (at + 1) % SLOTS)
			if (memcmp(tab[slot[at]].n, v, sizeof tab->n) == 0)
				break;
		if (slot[at] < 0) {
			if (n == MAX_CLASSES)
				return 0;
			tab[n] = g->p[i];
			slot[at] = (int32_t)n++;
		}
		cls[i] = (uint16_t)slot[at];
	}
	return n;
}

/*
 * The tables tab[0..nc) packed four counts of 16 bits to a word, into
 * w[0..nc): the draws between two flushes then add one word each.  The
 * number of draws a word of sums holds without a carry, or 0 when a
 * count does not fit in 16 bits.
 */
static size_t
packed(const struct pair *tab, size_t nc, uint64_t *w)
{
	long most = 0;
	size_t i;
	int c;

	for (i = 0; i < nc; i++) {
		w[i] = 0;
		for (c = 0; c < 4; c++) {
			if (tab[i].n[c] < 0 || tab[i].n[c] > 0xffff)
				return 0;
			if (tab[i].n[c] > most)
				most = tab[i].n[c];
			w[i] |= (uint64_t)tab[i].n[c] << (16 * c);
		}
	}
	return most > 0 ? (size_t)(0xffff / most) : 0xffff;
}

/* The sums of a packed word added to n. */
static void
unpack(uint64_t s, long n[4])
{
	int c;

	for (c = 0; c < 4; c++)
		n[c] += (long)(s >> (16 * c) & 0xffff);
}

/*
 * One resample's table, n: the records drawn by r, through their classes
 * (cls, their packed tables w, and per, the draws a word of sums holds)
 * when there are few, else one by one.  The same draws either way, the
 * same whole counts; the generator's state is kept in a local.
 */
static void
resample(const struct group *g, bootrng *r, const uint16_t *cls,
    const uint64_t *w, size_t per, long n[4])
{
	bootrng s = *r;
	const size_t np = g->np;
	size_t i, j, k;
	uint64_t sum;
	int c;

	memset(n, 0, 4 * sizeof *n);
	if (per == 0) {
		for (i = 0; i < np; i++) {
			const struct pair *p = &g->p[bootrng_below(&s, np)];

			for (c = 0; c < 4; c++)
				n[c] += p->n[c];
		}
		*r = s;
		return;
	}
	for (i = 0; i < np; i += k) {
		k = np - i < per ? np - i : per;
		sum = 0;
		for (j = 0; j < k; j++)
			sum += w[cls[bootrng_below(&s, np)]];
		unpack(sum, n);
	}
	*r = s;
}

/* Kappa and its interval: the records drawn with replacement (bootrng.h,
 * seeded by the seed and the group). */
static void
interval(struct group *g, const struct opts *o)
{
	const char *val[2] = { g->bench, g->task };
	struct pair *tab;
	uint32_t key[5];
	uint16_t *cls;
	uint64_t *w;
	double *k;
	long d, m = 0;
	size_t nc, per = 0;
	bootrng r;

	g->k = kappa(g->n);
	if (g->np == 0 || isnan(g->k))
		return;
	k = xcalloc((size_t)o->resamples, sizeof *k);
	cls = xcalloc(g->np, sizeof *cls);
	tab = xcalloc(MAX_CLASSES, sizeof *tab);
	w = xcalloc(MAX_CLASSES, sizeof *w);
	if ((nc = classes(g, cls, tab)) > 0)
		per = packed(tab, nc, w);
	paired_key(key, o->seed, val, 2, 3);
	bootrng_seed(&r, key, 5);
	for (d = 0; d < o->resamples; d++) {
		long n[4];
		double x;

		resample(g, &r, cls, w, per, n);
		if (!isnan(x = kappa(n)))
			k[m++] = x;
	}
	g->kdraws = m;
	if (m > 0) {
		qsort(k, (size_t)m, sizeof *k, cmp_double);
		g->lo = paired_quantile(k, (size_t)m, 0.025);
		g->hi = paired_quantile(k, (size_t)m, 0.975);
	}
	free(k);
	free(cls);
	free(tab);
	free(w);
}

/* The pooled row, g[ng], over every group's records (room made). */
static void
total(struct group **gp, size_t ng, const struct opts *o)
{
	struct group *g, *t;
	size_t i, k;

	*gp = xreallocarray(*gp, ng + 1, sizeof **gp);
	g = *gp;
	t = &g[ng];
	memset(t, 0, sizeof *t);
	t->bench = t->task = "(all)";
	for (i = 0; i < ng; i++) {
		t->records += g[i].records;
		t->only[0] += g[i].only[0];
		t->only[1] += g[i].only[1];
		t->failed += g[i].failed;
		t->mismatched += g[i].mismatched;
		t->undecided += g[i].undecided;
		t->unjudged += g[i].unjudged;
		t->np += g[i].np;
		for (k = 0; k < 4; k++)
			t->n[k] += g[i].n[k];
	}
	t->p = xcalloc(t->np + 1, sizeof *t->p);
	for (i = 0, k = 0; i < ng; i++) {
		if (g[i].np == 0)	/* no pairs (all failed): p is NULL */
			continue;
		memcpy(t->p + k, g[i].p, g[i].np * sizeof *t->p);
		k += g[i].np;
	}
	t->k = t->lo = t->hi = NAN;
	interval(t, o);
}

/* Report the records of side s that found no partner. */
static void
unpaired(const struct judging *j, const struct judging *other, size_t count,
    const struct jrec *first)
{
	char n[32], *f;

	if (count == 0)
		return;
	f = xstrdup(other->file);
	lg_sanitize(f);
	snprintf(n, sizeof n, "%zu", count);
	warn_rec(j, first, "no partner in %s (the first of %s records "
	    "without one)", f, n);
	free(f);
}

static int
all_sampled(const struct judging *j)
{
	size_t i;

	for (i = 0; i < j->n; i++)
		if (!j->r[i].sampled && !j->r[i].dup)
			return 0;
	return j->n > 0;
}

int
agree(struct judging *a, struct judging *b, const struct opts *o)
{
	struct group *g = NULL, *x;	/* ng groups, then the pooled one */
	size_t ng = 0, i = 0, j = 0, only[2] = { 0, 0 }, paired = 0;
	const struct jrec *first[2] = { NULL, NULL };
	int bad = 0, quiet[2];

	bad |= dedup(a);
	bad |= dedup(b);
	/* a labelled sample leaves most records of the other side alone */
	quiet[0] = all_sampled(b);
	quiet[1] = all_sampled(a);
	while (i < a->n || j < b->n) {
		const struct jrec *ra = i < a->n ? &a->r[i] : NULL;
		const struct jrec *rb = j < b->n ? &b->r[j] : NULL;
		int c;

		if (ra != NULL && ra->dup) {
			i++;
			continue;
		}
		if (rb != NULL && rb->dup) {
			j++;
			continue;
		}
		c = ra == NULL ? 1 : rb == NULL ? -1 : cmp_group3(ra, rb);
		x = group_for(&g, &ng, c <= 0 ? ra : rb);
		if (c != 0) {
			int s = c < 0 ? 0 : 1;

			x->only[s]++;
			if (only[s]++ == 0)
				first[s] = s ? rb : ra;
			s ? j++ : i++;
			continue;
		}
		i++, j++;
		x->records++;
		paired++;
		if (ra->failed || rb->failed)
			x->failed++;
		else if (match(a, ra, b, rb) < 0) {
			x->mismatched++;
			bad = 1;
		} else
			count(x, ra, rb);
	}
	if (!quiet[0])
		unpaired(a, b, only[0], first[0]);
	if (!quiet[1])
		unpaired(b, a, only[1], first[1]);
	if (paired == 0) {
		char *fa = xstrdup(a->file), *fb = xstrdup(b->file);

		lg_sanitize(fa);
		lg_sanitize(fb);
		lg_warn("no record in common: %s has %zu, %s has %zu (paired "
		    "by id and gen.model within bench and task)", fa, a->n, fb, b->n);
		free(fa);
		free(fb);
		bad = 1;
	} else {
		for (i = 0; i < ng; i++)
			interval(&g[i], o);
		total(&g, ng, o);
		agree_print(g, ng, a, b, o);
		free(g[ng].p);
	}
	for (i = 0; i < ng; i++) {
		free(g[i].p);
		free(g[i].d);
	}
	free(g);
	return bad ? LG_BAD : LG_OK;
}
