/*
 * read.c: scored records into cases.  A record counts as the agg tables
 * count it: scores.score in [0, 1] (0 when the record failed: an error
 * from any stage).  A LongGenBench record's numbers are its counts, as
 * lg-agg pools them and as the paper defines its metrics: CR (entries
 * found over expected, in %) and the STIC counts, its undecided checks out
 * of them (a failed record: CR 0, every check of its case failed); its
 * score is scores.score, or without one the share of its decided checks
 * passed that lg-judge writes there.  It needs no scores.score to count: one
 * whose checks the judge decided none of, or that lg-judge has not seen
 * (entries only), counts for CR and adds nothing to STIC, and has no
 * score (case_scored()).  Verdicts give the pass/fail of each check, paired
 * by position when both sides have one record of the case; a check the
 * judge could not decide pairs with nothing.  A record of another bench
 * without a score and without an error is undecided (the judge decided
 * none of its items): counted on its side, never a 0, and a case with no
 * decided record on a side is left out of the comparison and counted
 * apart.  A record with no scores and no error at all is unscored
 * (unscored.h: nothing scored it), left out the same way but counted apart
 * from the undecided, and said once on stderr.  A record whose numbers are
 * not what the scorers write is reported and left out.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "compare.h"
#include "nulkey.h"
#include "record.h"
#include "scoredef.h"
#include "unscored.h"
#include "util.h"
#include "xalloc.h"

struct ctab {
	size_t nfields;
	struct group **g;
	size_t ng, gcap;
	struct kase **k;
	size_t nk, kcap;
	/* one hash over both: keys are length-prefixed texts, values
	 * index + 1 into g (a group key) or k (a case key) */
	char **hkey;
	size_t *hval;
	size_t nslot, nused;
	struct unscored un;	/* records never scored */
	struct scoredefs defs;	/* by group and task, both sides */
};

ctab *
ctab_new(size_t nfields)
{
	ctab *t = xcalloc(1, sizeof *t);

	t->nfields = nfields;
	t->nslot = 256;
	t->hkey = xcalloc(t->nslot, sizeof *t->hkey);
	t->hval = xcalloc(t->nslot, sizeof *t->hval);
	return t;
}

void
ctab_free(ctab *t)
{
	size_t i, j;

	if (t == NULL)
		return;
	for (i = 0; i < t->ng; i++) {
		for (j = 0; j < t->nfields; j++)
			free(t->g[i]->val[j]);
		free(t->g[i]->val);
		free(t->g[i]->cases);
		free(t->g[i]);
	}
	for (i = 0; i < t->nk; i++) {
		free(t->k[i]->id);
		free(t->k[i]->s[0].chk);
		free(t->k[i]->s[1].chk);
		free(t->k[i]);
	}
	for (i = 0; i < t->nslot; i++)
		free(t->hkey[i]);
	free(t->hkey);
	free(t->hval);
	free(t->g);
	free(t->k);
	unscored_free(&t->un);
	scoredefs_free(&t->defs);
	free(t);
}

/* FNV-1a over the key's len bytes (keys hold NULs). */
static size_t
hash(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < len; i++) {
		h ^= (unsigned char)s[i];
		h *= 1099511628211ULL;
	}
	return (size_t)h;
}

/* Keys: "g" or "k", then each part as decimal length, ':', bytes. */
static void
key_part(struct buf *b, const char *s)
{
	buf_printf(b, "%zu:", strlen(s));
	buf_puts(b, s);
}

/* The slot of key (len bytes): where it is, or the empty one for it. */
static size_t
slot_of(const ctab *t, const char *key, size_t len)
{
	size_t i = hash(key, len) & (t->nslot - 1);

	while (t->hkey[i] != NULL && strcmp(t->hkey[i], key) != 0)
		i = (i + 1) & (t->nslot - 1);
	return i;
}

static void
grow(ctab *t)
{
	char **ok = t->hkey;
	size_t *ov = t->hval, on = t->nslot, i;

	t->nslot *= 2;
	t->hkey = xcalloc(t->nslot, sizeof *t->hkey);
	t->hval = xcalloc(t->nslot, sizeof *t->hval);
	for (i = 0; i < on; i++)
		if (ok[i] != NULL) {
			size_t j = slot_of(t, ok[i], strlen(ok[i]));

			t->hkey[j] = ok[i];
			t->hval[j] = ov[i];
		}
	free(ok);
	free(ov);
}

/*
 * Find key; when absent, store it with value next + 1 and return 0.
 * Keys are texts without NULs (lengths prefix the parts, and a part
 * with a NUL cannot come from cJSON's strings).
 */
static size_t
lookup(ctab *t, struct buf *key, size_t next)
{
	const char *k = buf_str(key);
	size_t len = strlen(k), i;

	if (2 * (t->nused + 1) > t->nslot)
		grow(t);
	i = slot_of(t, k, len);
	if (t->hkey[i] != NULL)
		return t->hval[i];
	t->hkey[i] = buf_take(key);
	t->hval[i] = next + 1;
	t->nused++;
	return 0;
}

static size_t
group_of(ctab *t, char **vals)
{
	struct buf b = { 0 };
	struct group *g;
	size_t i, v;

	buf_putc(&b, 'g');
	for (i = 0; i < t->nfields; i++)
		key_part(&b, vals[i]);
	if ((v = lookup(t, &b, t->ng)) != 0) {
		buf_free(&b);
		return v - 1;
	}
	g = xcalloc(1, sizeof *g);
	g->val = xcalloc(t->nfields ? t->nfields : 1, sizeof *g->val);
	for (i = 0; i < t->nfields; i++)
		g->val[i] = xstrdup(vals[i]);
	if (t->ng == t->gcap) {
		t->gcap = t->gcap ? 2 * t->gcap : 16;
		t->g = xreallocarray(t->g, t->gcap, sizeof *t->g);
	}
	t->g[t->ng] = g;
	return t->ng++;
}

static struct kase *
case_of(ctab *t, size_t group, const char *id)
{
	struct buf b = { 0 };
	struct kase *k;
	size_t v;

	buf_printf(&b, "k%zu:", group);
	key_part(&b, id);
	if ((v = lookup(t, &b, t->nk)) != 0) {
		buf_free(&b);
		return t->k[v - 1];
	}
	k = xcalloc(1, sizeof *k);
	k->id = xstrdup(id);
	k->group = group;
	k->s[0].nchk = k->s[1].nchk = -1;
	if (t->nk == t->kcap) {
		t->kcap = t->kcap ? 2 * t->kcap : 64;
		t->k = xreallocarray(t->k, t->kcap, sizeof *t->k);
	}
	t->k[t->nk++] = k;
	return k;
}

/* scores.KEY as a count: 0, 1 when absent, -1 when bad (reported). */
static int
count(const cJSON *sc, const char *key, double *out, jsonl *in)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(sc, key);

	*out = 0;
	if (v == NULL)
		return 1;
	if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) ||
	    v->valuedouble != floor(v->valuedouble) || v->valuedouble > 1e15) {
		jsonl_warn(in, "scores.%s: not a non-negative integer", key);
		return -1;
	}
	*out = v->valuedouble;
	return 0;
}

/* LongGenBench counts of a scored record. */
static int
lgb_scored(const cJSON *sc, struct paired_side *d, jsonl *in)
{
	static const char *const need[] = { "entries_found", "entries_expected" };
	static const char *const stic[] = { "stic_pass", "stic_judged",
	    "stic_total" };
	double found, expected, v[3], und;
	int r, i, absent = 0;

	for (i = 0; i < 2; i++) {
		r = count(sc, need[i], i ? &expected : &found, in);
		if (r < 0)
			return -1;
		if (r > 0) {
			jsonl_warn(in, "scores.%s: missing", need[i]);
			return -1;
		}
	}
	for (i = 0; i < 3; i++) {
		if ((r = count(sc, stic[i], &v[i], in)) < 0)
			return -1;
		absent += r;
	}
	if (absent > 0 && absent < 3) {
		/* all three, or none (a record lg-judge has not seen) */
		for (i = 0; i < 3; i++)
			if (cJSON_GetObjectItemCaseSensitive(sc, stic[i]) == NULL)
				break;
		jsonl_warn(in, "scores.%s: missing", stic[i]);
		return -1;
	}
	if (expected == 0 || found > expected) {
		jsonl_warn(in, "scores.entries_found: %s", expected == 0 ?
		    "scores.entries_expected is zero" :
		    "exceeds scores.entries_expected");
		return -1;
	}
	if (v[0] > v[1] || v[1] > v[2]) {
		jsonl_warn(in, "scores: stic_pass <= stic_judged <= stic_total "
		    "does not hold");
		return -1;
	}
	/* an undecided check is no check: out of STIC-2's denominator */
	if ((r = count(sc, "stic_undecided", &und, in)) < 0)
		return -1;
	if (r > 0)
		und = 0;
	if (und > v[2] - v[1]) {
		jsonl_warn(in, "scores.stic_undecided exceeds scores.stic_total "
		    "less scores.stic_judged");
		return -1;
	}
	d->c[C_CR] = 100.0 * found / expected;
	d->c[C_PASS] = v[0];
	d->c[C_JUDGED] = v[1];
	d->c[C_TOTAL] = v[2] - und;
	return 0;
}

/* The checks passed and decided of a check list. */
static void
chk_sums(struct paired_side *d)
{
	long n;

	d->c[C_CHK] = d->c[C_NCHK] = 0;
	for (n = 0; n < d->nchk; n++)
		if (d->chk[n] != CHK_UNDECIDED) {
			d->c[C_CHK] += d->chk[n];
			d->c[C_NCHK]++;
		}
}

/* The pass of each verdict; nchk stays -1 when there are none. */
static int
verdicts(const cJSON *rec, struct paired_side *d, jsonl *in)
{
	const cJSON *vs = rec_get(rec, "verdicts"), *v;
	long n = 0;

	if (vs == NULL || cJSON_IsNull(vs))
		return 0;
	if (!cJSON_IsArray(vs)) {
		jsonl_warn(in, "verdicts: not an array");
		return -1;
	}
	d->chk = xmalloc((size_t)cJSON_GetArraySize(vs) + 1);
	cJSON_ArrayForEach(v, vs) {
		const cJSON *p = cJSON_GetObjectItemCaseSensitive(v, "pass");

		if (!cJSON_IsBool(p)) {
			jsonl_warn(in, "verdicts[%ld].pass: not true or false", n);
			return -1;
		}
		d->chk[n++] = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v,
		    "undecided")) ? CHK_UNDECIDED : cJSON_IsTrue(p) != 0;
	}
	d->nchk = n;
	chk_sums(d);
	return 0;
}

/* A failed record: its checks from the case, all failed. */
static int
failed(const cJSON *rec, const cJSON *sc, int lgb, struct paired_side *d, jsonl *in)
{
	const cJSON *checks = rec_get(rec, "checks");
	double total;

	d->failed = 1;
	if (cJSON_IsArray(checks)) {
		d->nchk = cJSON_GetArraySize(checks);
		d->chk = xcalloc((size_t)d->nchk + 1, 1);
		d->c[C_NCHK] = (double)d->nchk;
	}
	if (!lgb)
		return 0;
	d->lgb = 1;
	if (d->nchk >= 0) {
		d->c[C_TOTAL] = (double)d->nchk;
		return 0;
	}
	if (cJSON_IsObject(sc) && count(sc, "stic_total", &total, in) == 0) {
		d->c[C_TOTAL] = total;
		return 0;
	}
	jsonl_warn(in, "failed, and neither checks nor scores.stic_total "
	    "tells how many checks it missed");
	return -1;
}

/* The numbers of one record into d (zeroed first); *scored 1 when it has
 * a score. */
static int
numbers(const cJSON *rec, struct paired_side *d, int *scored, jsonl *in)
{
	const cJSON *sc = rec_get(rec, "scores");
	const cJSON *err = rec_get(rec, "error");
	const char *bench = rec_str(rec, "bench");
	int lgb = bench != NULL && strcmp(bench, "longgenbench") == 0;
	const cJSON *v;

	memset(d, 0, sizeof *d);
	d->nchk = -1;
	d->nrec = 1;
	*scored = 0;
	if (sc != NULL && !cJSON_IsNull(sc) && !cJSON_IsObject(sc)) {
		jsonl_warn(in, "scores: not an object");
		return -1;
	}
	if (unscored_rec(rec)) {
		/* nothing scored it: neither a 0 nor undecided */
		d->nrec = 0;
		d->unscored = 1;
		return 0;
	}
	if (err != NULL && !cJSON_IsNull(err)) {
		*scored = 1;	/* a 0 */
		return failed(rec, sc, lgb, d, in);
	}
	v = cJSON_IsObject(sc) ? cJSON_GetObjectItemCaseSensitive(sc,
	    "score") : NULL;
	if (v == NULL && !lgb) {
		/* undecided: no score, and no error says it failed */
		d->nrec = 0;
		d->undecided = 1;
		return 0;
	}
	if (v != NULL && (!cJSON_IsNumber(v) || !(v->valuedouble >= 0 &&
	    v->valuedouble <= 1))) {
		jsonl_warn(in, "scores.score: not a number in [0, 1]");
		return -1;
	}
	*scored = 1;
	if (v != NULL)
		d->c[C_SCORE] = v->valuedouble;
	if (lgb) {
		/* its counts, with or without a score (lg-agg's reading) */
		d->lgb = 1;
		if (lgb_scored(sc, d, in) < 0)
			return -1;
		if (v == NULL && d->c[C_TOTAL] > 0)
			d->c[C_SCORE] = d->c[C_PASS] / d->c[C_TOTAL];
		else if (v == NULL)
			*scored = 0;
	}
	return verdicts(rec, d, in);
}

static char case_name[] = "case", id_name[] = "id";
static char *case_part[] = { case_name }, *id_part[] = { id_name };

/* The case a record belongs to: its "case" member, else its id, whole
 * (a key, nulkey.h), or NULL. */
static char *
case_id(const cJSON *rec, jsonl *in)
{
	const cJSON *c = rec_get(rec, "case");
	char *id;

	if (c != NULL && !cJSON_IsNull(c)) {
		if ((id = nulkey_at(rec, case_part, 1)) == NULL || *id == '\0') {
			jsonl_warn(in, "case: not a non-empty string");
			free(id);
			return NULL;
		}
		return id;
	}
	if ((id = nulkey_at(rec, id_part, 1)) == NULL || *id == '\0') {
		jsonl_warn(in, "id: %s", rec_get(rec, "id") ? "not a non-empty "
		    "string" : "missing");
		free(id);
		return NULL;
	}
	return id;
}

static void
fold(struct kase *k, int side, struct paired_side *d, int scored)
{
	struct paired_side *s = &k->s[side];
	int i;

	k->nscore[side] += d->nrec > 0 && scored;
	if (d->nrec == 0) {	/* undecided: counted, nothing to fold */
		s->undecided += d->undecided;
		s->unscored += d->unscored;
		free(d->chk);
		return;
	}
	if (s->nrec == 0) {
		long und = s->undecided, uns = s->unscored;

		*s = *d;
		s->undecided += und;
		s->unscored += uns;
		return;
	}
	/* repeated samples: means of the sums; no check-by-check pairing */
	s->nrec += d->nrec;
	s->failed += d->failed;
	s->lgb += d->lgb;
	for (i = 0; i < NCOMP; i++)
		s->c[i] += d->c[i];
	free(s->chk);
	free(d->chk);
	s->chk = NULL;
	s->nchk = -1;
}

/* rec's definition (scoredef.h) under its task and group, on either side:
 * the two sides of a comparison must be scored alike too. */
static void
note_def(ctab *t, const cJSON *rec, char **vals)
{
	const char *bench = rec_str(rec, "bench"), *task = rec_str(rec, "task");
	struct buf b = { 0 };
	size_t i;

	buf_printf(&b, "%.200s/%.200s (group", bench ? bench : "?",
	    task ? task : "?");
	for (i = 0; i < t->nfields; i++) {
		char *v = nulkey_show(vals[i]);

		lg_sanitize(v);
		buf_printf(&b, " %s", v);
		free(v);
	}
	buf_putc(&b, ')');
	scoredefs_note(&t->defs, buf_str(&b), rec);
	buf_free(&b);
}

int
ctab_defs_refused(const ctab *t)
{
	return scoredefs_refused(&t->defs, NULL);
}

int
ctab_add(ctab *t, const cJSON *rec, jsonl *in, int side, const struct opts *o)
{
	char **vals = xcalloc(t->nfields ? t->nfields : 1, sizeof *vals);
	char *id = NULL, *shown;
	struct paired_side d;
	struct kase *k;
	size_t i;
	int r = -1, scored;

	memset(&d, 0, sizeof d);
	for (i = 0; i < t->nfields; i++)
		if (field_value(rec, &o->fields[i], &vals[i]) < 0) {
			jsonl_warn(in, "%s: an object or array cannot be a "
			    "group value", o->fields[i].path);
			goto out;
		}
	if ((id = case_id(rec, in)) == NULL)
		goto out;
	if (numbers(rec, &d, &scored, in) < 0) {
		free(d.chk);
		goto out;
	}
	k = case_of(t, group_of(t, vals), id);
	if (case_ran(k, side) && rec_get(rec, "case") == NULL) {
		shown = nulkey_show(id);
		jsonl_warn(in, "id %s: seen before on this side, without a "
		    "case member; taken as another sample", shown);
		free(shown);
	}
	if (d.unscored)
		unscored_note(&t->un, rec);
	note_def(t, rec, vals);
	fold(k, side, &d, scored);
	r = 0;
out:
	for (i = 0; i < t->nfields; i++)
		free(vals[i]);
	free(vals);
	free(id);
	return r;
}

static int
cmp_case(const void *a, const void *b)
{
	return strcmp((*(struct kase *const *)a)->id,
	    (*(struct kase *const *)b)->id);
}

static const struct opts *sort_opts;

static int
cmp_value(const char *a, const char *b, int tier)
{
	long ta = tier ? tier_tokens(a) : 0, tb = tier ? tier_tokens(b) : 0;

	if (ta > 0 && tb > 0 && ta != tb)
		return ta < tb ? -1 : 1;
	if ((ta > 0) != (tb > 0))
		return ta > 0 ? -1 : 1;
	return strcmp(a, b);
}

static int
cmp_group(const void *a, const void *b)
{
	const struct group *x = *(struct group *const *)a;
	const struct group *y = *(struct group *const *)b;
	size_t i;
	int c;

	for (i = 0; i < sort_opts->nfields; i++)
		if ((c = cmp_value(x->val[i], y->val[i],
		    strcmp(sort_opts->fields[i].path, "length") == 0)) != 0)
			return c;
	return 0;
}

int
case_ran(const struct kase *k, int side)
{
	return k->s[side].nrec + k->s[side].undecided +
	    k->s[side].unscored > 0;
}

int
case_unscored(const struct kase *k)
{
	int s;

	if (!case_ran(k, 0) || !case_ran(k, 1) ||
	    (k->s[0].nrec > 0 && k->s[1].nrec > 0))
		return 0;
	for (s = 0; s < 2; s++)
		if (k->s[s].nrec == 0 && k->s[s].undecided == 0)
			return 1;
	return 0;
}

void
ctab_warn_unscored(const ctab *t)
{
	unscored_warn(&t->un);
}

int
case_scored(const struct kase *k)
{
	return k->nscore[0] > 0 && k->nscore[1] > 0;
}

int
case_checks_paired(const struct kase *k)
{
	const struct paired_side *a = &k->s[0], *b = &k->s[1];

	return a->nrec == 1 && b->nrec == 1 && a->nchk >= 0 &&
	    a->nchk == b->nchk;
}

int
case_checks_differ(const struct kase *k)
{
	const struct paired_side *a = &k->s[0], *b = &k->s[1];

	return a->nrec == 1 && b->nrec == 1 && a->nchk >= 0 &&
	    b->nchk >= 0 && a->nchk != b->nchk;
}

/* Check lists of one length: a check undecided on one side is left out
 * on both. */
static void
pair_checks(struct kase *k)
{
	struct paired_side *a = &k->s[0], *b = &k->s[1];
	long j;

	if (!case_checks_paired(k))
		return;
	for (j = 0; j < a->nchk; j++)
		if (a->chk[j] == CHK_UNDECIDED || b->chk[j] == CHK_UNDECIDED)
			a->chk[j] = b->chk[j] = CHK_UNDECIDED;
	chk_sums(a);
	chk_sums(b);
}

struct group **
ctab_groups(ctab *t, const struct opts *o, size_t *n)
{
	struct group **v = xcalloc(t->ng ? t->ng : 1, sizeof *v);
	size_t i;
	int s, j;

	for (i = 0; i < t->nk; i++) {
		struct kase *k = t->k[i];
		struct group *g = t->g[k->group];

		/* the score over the samples that have one */
		for (s = 0; s < 2; s++) {
			if (k->s[s].nrec > 1)
				for (j = 0; j < NCOMP; j++)
					if (j != C_SCORE)
						k->s[s].c[j] /=
						    (double)k->s[s].nrec;
			if (k->nscore[s] > 1)
				k->s[s].c[C_SCORE] /= (double)k->nscore[s];
		}
		if (g->ncases % 64 == 0)
			g->cases = xreallocarray(g->cases, g->ncases + 64,
			    sizeof *g->cases);
		g->cases[g->ncases++] = k;
		if (k->s[0].nrec > 0 && k->s[1].nrec > 0) {
			g->npaired++;
			pair_checks(k);
		} else if (case_unscored(k))
			g->nuns++;
		else if (case_ran(k, 0) && case_ran(k, 1))
			g->nund++;
		else
			g->only[case_ran(k, 0) ? 0 : 1]++;
	}
	for (i = 0; i < t->ng; i++) {
		qsort(t->g[i]->cases, t->g[i]->ncases, sizeof *t->g[i]->cases,
		    cmp_case);
		v[i] = t->g[i];
	}
	sort_opts = o;
	qsort(v, t->ng, sizeof *v, cmp_group);
	*n = t->ng;
	return v;
}

void
ctab_counts(ctab *t, size_t *cases, size_t *paired, size_t *undecided,
    size_t *unscored)
{
	size_t i;

	cases[0] = cases[1] = *paired = *undecided = *unscored = 0;
	for (i = 0; i < t->nk; i++) {
		const struct kase *k = t->k[i];
		int both = k->s[0].nrec > 0 && k->s[1].nrec > 0;

		cases[0] += case_ran(k, 0);
		cases[1] += case_ran(k, 1);
		*paired += both;
		*unscored += case_unscored(k) != 0;
		*undecided += !both && case_ran(k, 0) && case_ran(k, 1) &&
		    !case_unscored(k);
	}
}
