/*
 * fast.c: records folded without a tree (agg.h, agg_fast_*).  A record
 * of the plainest shape, members id, case, sample, bench, task, length,
 * gen, scores and verdicts alone, its scores {"score": N} alone, N in
 * [0, 1], and its id or case a string without escapes, differs from the
 * records before it of its group only in its case, id and score.  The
 * first record of each form (the bench, task, length and gen members as
 * they are written, and which of id, case and sample it has) is read
 * whole as any other record, and what it left in its group noted; a
 * later one of that form then adds its score and unit straight to that
 * group, as the whole reading would: its group values, gen params,
 * settings and definition are those already noted (noting them again
 * changes nothing, but the count of definitions, counted here), and its
 * output cut or not as the first one's.  Its verdicts, whatever they hold,
 * are read by no table this path serves: a LongWeave or other bench's
 * record reads them only for a score above 1 (--compat's published
 * judge), and LongGenBench's records are never folded here.  Anything
 * else is read whole.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "xalloc.h"

/* the members a plain record may have, as their keys are written */
enum { M_ID, M_CASE, M_SAMPLE, M_SCORES, M_VERDICTS, M_BENCH, M_TASK,
	M_LENGTH, M_GEN, NMEMB };
static const char *const memb[NMEMB] = {
	"\"id\"", "\"case\"", "\"sample\"", "\"scores\"", "\"verdicts\"",
	"\"bench\"", "\"task\"", "\"length\"", "\"gen\""
};

/* forms noted at most, and the longest form kept: memory stays small */
enum { FORMS_MAX = 4096, FORM_LEN = 2048, NSLOT = 2 * FORMS_MAX };

struct form {
	char *key;		/* the form's text, klen bytes */
	size_t klen;
	struct group *g;
	const struct bench *b;
	size_t ts;		/* its task's settings in g->tsets */
	int cut;
	char *tail;		/* rec_key_tail() of its records */
};

struct agg_fast {
	struct form *forms;
	size_t nforms;
	size_t slot[NSLOT];	/* index + 1 into forms, 0: free */
	struct buf key, id; /* the form of the record offered last, its key */
	int pending;		/* that record was plain but its form new */
	uint32_t hash;
};

agg_fast *
agg_fast_new(const struct opts *o)
{
	static const char *const own[] = { "id", "case", "sample", "scores",
	    "verdicts" };
	size_t k, i;

	if (o->table || o->usage || o->tags || o->measure || o->compat ||
	    o->isettings >= 0)
		return NULL;
	/* the group values must come from the members in the form */
	for (k = 0; k < o->nfields; k++)
		for (i = 0; i < sizeof own / sizeof own[0]; i++)
			if (strcmp(o->fields[k].parts[0], own[i]) == 0)
				return NULL;
	return xcalloc(1, sizeof(agg_fast));
}

void
agg_fast_free(agg_fast *f)
{
	size_t i;

	if (f == NULL)
		return;
	for (i = 0; i < f->nforms; i++) {
		free(f->forms[i].key);
		free(f->forms[i].tail);
	}
	free(f->forms);
	buf_free(&f->key);
	buf_free(&f->id);
	free(f);
}

/* A string value without escapes: its bytes into b. */
static int
plain_string(const char *s, size_t n, struct buf *b)
{
	if (n < 2 || s[0] != '"' || memchr(s, '\\', n) != NULL)
		return 0;
	buf_reset(b);
	buf_add(b, s + 1, n - 2);
	return 1;
}

/* scores {"score":N} with N in [0, 1]: N into *v. */
static int
plain_scores(const char *s, size_t n, double *v)
{
	static const char pre[] = "{\"score\":";
	size_t p = sizeof pre - 1, i;
	char num[40], *end;

	if (n <= p + 1 || n - p - 1 >= sizeof num || memcmp(s, pre, p) != 0 ||
	    s[n - 1] != '}')
		return 0;
	for (i = p; i < n - 1; i++)
		if (!(s[i] >= '0' && s[i] <= '9') && s[i] != '.' && s[i] != 'e' &&
		    s[i] != 'E' && s[i] != '+' && s[i] != '-')
			return 0;
	memcpy(num, s + p, n - p - 1);
	num[n - p - 1] = '\0';
	*v = strtod(num, &end);
	return *end == '\0' && *v >= 0 && *v <= 1;
}

/* The member index of key s[0..n), or -1. */
static int
member(const char *s, size_t n)
{
	static const unsigned char len[NMEMB] = { 4, 6, 8, 8, 10, 7, 6, 8, 5 };
	int i;

	for (i = 0; i < NMEMB; i++)
		if (len[i] == n && memcmp(memb[i], s, n) == 0)
			return i;
	return -1;
}

/* A hash of s[0..n), eight bytes at a time. */
static uint32_t
form_hash(const char *s, size_t n)
{
	uint64_t h = n, w;
	size_t i;

	for (i = 0; i + 8 <= n; i += 8) {
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0x9e3779b97f4a7c15u;
		h ^= h >> 29;
	}
	w = 0;
	memcpy(&w, s + i, n - i);
	h = (h ^ w) * 0x9e3779b97f4a7c15u;
	return (uint32_t)(h ^ h >> 32);
}

static struct form *
form_find(agg_fast *f)
{
	size_t s = f->hash & (NSLOT - 1);
	struct form *e;

	while (f->slot[s] != 0) {
		e = &f->forms[f->slot[s] - 1];
		if (e->klen == f->key.len && memcmp(e->key, f->key.s,
		    e->klen) == 0)
			return e;
		s = (s + 1) & (NSLOT - 1);
	}
	return NULL;
}

/*
 * The record's form into f->key and its case or id into f->id; *v its
 * score, *kind 'c' (a case) or 'r' (an id): 1, or 0 when it is not plain.
 */
static int
form_of(agg_fast *f, const char *line, const jsonscan_member *m, size_t n,
    double *v, int *kind)
{
	size_t at[NMEMB], i;
	unsigned seen = 0;
	int k, is[NMEMB];

	if (n > NMEMB)
		return 0;
	for (i = 0; i < n; i++) {
		if ((k = member(line + m[i].kstart, m[i].kend - m[i].kstart)) < 0 ||
		    (seen & 1u << k))
			return 0;
		seen |= 1u << k;
		at[k] = i;
		is[i] = k;
	}
	if (!(seen & 1u << M_SCORES) || !plain_scores(line + m[at[M_SCORES]].vstart,
	    m[at[M_SCORES]].vend - m[at[M_SCORES]].vstart, v))
		return 0;
	*kind = seen & 1u << M_CASE ? 'c' : 'r';
	k = *kind == 'c' ? M_CASE : M_ID;
	if (!(seen & 1u << k) || !plain_string(line + m[at[k]].vstart,
	    m[at[k]].vend - m[at[k]].vstart, &f->id))
		return 0;
	buf_reset(&f->key);
	buf_putc(&f->key, (char)('0' + (seen & 7u)));
	for (i = 0; i < n; i++) {
		if (is[i] <= M_VERDICTS)
			continue;
		buf_add(&f->key, line + m[i].kstart, m[i].vend - m[i].kstart);
		buf_putc(&f->key, '\n');
	}
	f->hash = form_hash(f->key.s, f->key.len);
	return f->key.len <= FORM_LEN;
}

int
agg_fast_take(void *arg, const char *line, size_t len,
    const jsonscan_member *m, size_t n)
{
	agg_fast *f = arg;
	struct form *e;
	struct sums d;
	double v;
	int kind;

	(void)len;
	f->pending = 0;
	if (!form_of(f, line, m, n, &v, &kind))
		return 0;
	if ((e = form_find(f)) == NULL) {
		f->pending = f->nforms < FORMS_MAX;
		return 0;
	}
	score_plain(&d, v, e->cut);
	if (kind == 'r')
		buf_puts(&f->id, e->tail);
	units_add(&e->g->units, e->b, kind == 'c' ? buf_str(&f->id) : NULL,
	    kind == 'r' ? buf_str(&f->id) : NULL, &d.u);
	e->b->merge(e->g, &d);
	e->g->tsets[e->ts].defs[SCOREDEF_CODE]++;
	return 1;
}

void
agg_fast_note(agg_fast *f, const cJSON *rec, struct group *g)
{
	struct form *e;
	size_t s;

	if (f == NULL || !f->pending)
		return;
	f->pending = 0;
	if (g == NULL || (g->b->read != lw_read && g->b->read != score_read))
		return;
	f->forms = xreallocarray(f->forms, f->nforms + 1, sizeof *f->forms);
	e = &f->forms[f->nforms++];
	e->key = xmalloc(f->key.len);
	memcpy(e->key, f->key.s, f->key.len);
	e->klen = f->key.len;
	e->g = g;
	e->b = g->b;
	e->ts = (size_t)(settings_task(g, rec) - g->tsets);
	e->cut = rec_cut(rec);
	e->tail = rec_key_tail(rec);
	for (s = f->hash & (NSLOT - 1); f->slot[s] != 0; s = (s + 1) & (NSLOT - 1))
		;
	f->slot[s] = f->nforms;
}
