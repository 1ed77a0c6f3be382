/*
 * fast.c: records read without a tree (agree.h, agree_take()).  The
 * reader offers each record that is valid JSON in ASCII; one whose
 * members id, bench, task, gen, error and verdicts come once each at
 * most, whose id is a string, whose keys and the strings read here hold
 * no escape, and whose verdicts are null or an array of objects, each
 * with pass true or false, none with an index, is reduced to its record
 * of outcomes here, as one() of read.c would: the same record, the same
 * names.  Anything else (a member twice, an escape, a labelled sample, a
 * bad pass) is left to the whole reading, which says what is wrong.
 * The text is valid JSON: the scan here only finds where values end.
 */
#include <stdlib.h>
#include <string.h>

#include "agree.h"
#include "xalloc.h"

struct agree_fast {
	struct judging *j;
	jsonl *in;
	struct item *it;	/* the items of the record being read */
	size_t cap;
	const char **keys;	/* their keys' starts in the key text */
	struct buf ktext;	/* their keys, each NUL-terminated */
	size_t *koff;
	size_t kcap;
};

struct agree_fast *
agree_fast_new(struct judging *j, jsonl *in)
{
	struct agree_fast *f = xcalloc(1, sizeof *f);

	f->j = j;
	f->in = in;
	return f;
}

void
agree_fast_free(struct agree_fast *f)
{
	if (f == NULL)
		return;
	free(f->it);
	free(f->koff);
	free(f->keys);
	buf_free(&f->ktext);
	free(f);
}

static size_t
ws(const char *s, size_t i, size_t e)
{
	while (i < e && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' ||
	    s[i] == '\r'))
		i++;
	return i;
}

/* After the string whose quote is s[i]; *esc set when it holds an
 * escape. */
static size_t
str_end(const char *s, size_t i, size_t e, int *esc)
{
	const char *q, *b;

	for (i++;;) {
		if ((q = memchr(s + i, '"', e - i)) == NULL)
			return e;
		if ((b = memchr(s + i, '\\', (size_t)(q - s) - i)) == NULL)
			return (size_t)(q - s) + 1;
		*esc = 1;
		i = (size_t)(b - s) + 2;	/* past the escaped byte */
	}
}

/* After the value at s[i]. */
static size_t
skip_value(const char *s, size_t i, size_t e)
{
	int esc, depth = 0;

	switch (s[i]) {
	case '"':
		return str_end(s, i, e, &esc);
	case '{':
	case '[':
		for (; i < e; i++)
			switch (s[i]) {
			case '"':
				i = str_end(s, i, e, &esc) - 1;
				break;
			case '{':
			case '[':
				depth++;
				break;
			case '}':
			case ']':
				if (--depth == 0)
					return i + 1;
				break;
			}
		return e;
	default:
		while (i < e && s[i] != ',' && s[i] != '}' && s[i] != ']' &&
		    s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r')
			i++;
		return i;
	}
}

/* A member: its key without quotes, s[k0..k1), its value s[v0..v1). */
struct mem {
	size_t k0, k1, v0, v1;
};

/*
 * The member after the brace or comma at s[*i] of an object: 1, and *i
 * at the comma or brace after it; 0 at the object's end; -1 when its key
 * holds an escape.
 */
static int
member(const char *s, size_t *i, size_t e, struct mem *m)
{
	size_t p = ws(s, *i + 1, e);
	int esc = 0;

	if (p >= e || s[p] != '"')
		return 0;
	m->k0 = p + 1;
	p = str_end(s, p, e, &esc);
	if (esc)
		return -1;
	m->k1 = p - 1;
	p = ws(s, ws(s, p, e) + 1, e);	/* past the colon */
	m->v0 = p;
	m->v1 = skip_value(s, p, e);
	*i = ws(s, m->v1, e);
	return 1;
}

/* The key s[k0..k1) is w. */
static int
is(const char *s, const struct mem *m, const char *w)
{
	size_t n = strlen(w);

	return m->k1 - m->k0 == n && memcmp(s + m->k0, w, n) == 0;
}

/* The index of the key s[k0..k1) in tab[0..n) (len: their lengths), or
 * n. */
static int
find(const char *s, const struct mem *m, const char *const *tab,
    const unsigned char *len, int n)
{
	size_t kl = m->k1 - m->k0;
	int k;

	for (k = 0; k < n; k++)
		if (len[k] == kl && tab[k][0] == s[m->k0] &&
		    memcmp(tab[k], s + m->k0, kl) == 0)
			break;
	return k;
}

/* The value of m: 1, a string without escapes, *p and *n its bytes; 0,
 * not a string; -1, a string with an escape. */
static int
plain(const char *s, const struct mem *m, const char **p, size_t *n)
{
	if (s[m->v0] != '"')
		return 0;
	*p = s + m->v0 + 1;
	*n = m->v1 - m->v0 - 2;
	return memchr(*p, '\\', *n) == NULL ? 1 : -1;
}

enum { VK_PASS, VK_UNDECIDED, VK_JUDGED, VK_KEY, VK_KIND, VK_TYPE, VK_AT,
	VK_ITEM, VK_INDEX, NVK };
static const char *const vkeys[NVK] = {
	"pass", "undecided", "judged", "key", "kind", "type", "at", "item",
	"index"
};
static const unsigned char vlen[NVK] = { 4, 9, 6, 3, 4, 4, 2, 4, 5 };

/* A number at s[m->v0]. */
static int
numeric(const char *s, const struct mem *m)
{
	return s[m->v0] == '-' || (s[m->v0] >= '0' && s[m->v0] <= '9');
}

/* The key of a verdict whose members are v (seen: those present) into
 * b, as key_into() of read.c makes it: 1, 0 when it has none, -1 when
 * it is not for here. */
static int
key_of_verdict(const char *s, const struct mem *v, unsigned seen,
    struct buf *b)
{
	const struct mem *kind = NULL, *at = NULL;
	const char *p = NULL;
	size_t n = 0, i;
	char num[64];
	int k;

	buf_reset(b);
	if ((seen & 1u << VK_KEY) && (k = plain(s, &v[VK_KEY], &p, &n)) != 0) {
		if (k < 0)
			return -1;
		buf_add(b, p, n);
		return 1;
	}
	if ((seen & 1u << VK_KIND) && s[v[VK_KIND].v0] == '"')
		kind = &v[VK_KIND];
	else if ((seen & 1u << VK_TYPE) && s[v[VK_TYPE].v0] == '"')
		kind = &v[VK_TYPE];
	if ((seen & 1u << VK_AT) && numeric(s, &v[VK_AT]))
		at = &v[VK_AT];
	else if ((seen & 1u << VK_ITEM) && numeric(s, &v[VK_ITEM]))
		at = &v[VK_ITEM];
	if (kind == NULL && at == NULL)
		return 0;
	if (kind == NULL)
		buf_puts(b, "item");
	else if (plain(s, kind, &p, &n) < 0)
		return -1;
	else
		buf_add(b, p, n);
	if (at == NULL)
		return 1;
	n = at->v1 - at->v0;
	for (i = 0; i < n && s[at->v0 + i] >= '0' && s[at->v0 + i] <= '9'; i++)
		;
	if (i == n && n <= 9) {	/* a whole number below 1e9, as written */
		buf_puts(b, " at ");
		buf_add(b, s + at->v0, n);
		return 1;
	}
	if (n >= sizeof num)
		return -1;
	memcpy(num, s + at->v0, n);
	num[n] = '\0';
	verdict_at(b, strtod(num, NULL));
	return 1;
}

/* The verdict object at s[*i] into t and its key into f->ktext: 1, or
 * 0 when it is not for here. */
static int
verdict(struct agree_fast *f, const char *s, size_t *i, size_t e,
    struct item *t, int *haskey)
{
	struct mem m, v[NVK];
	unsigned seen = 0;
	size_t p = *i;
	int k, rc;

	if (s[p] != '{')
		return 0;
	while ((rc = member(s, &p, e, &m)) > 0) {
		if ((k = find(s, &m, vkeys, vlen, NVK)) < NVK) {
			if (seen & 1u << k)
				return 0;
			seen |= 1u << k;
			v[k] = m;
		}
		if (s[p] == '}')
			break;
	}
	if (rc < 0 || (seen & 1u << VK_INDEX) || !(seen & 1u << VK_PASS) ||
	    (s[v[VK_PASS].v0] != 't' && s[v[VK_PASS].v0] != 'f'))
		return 0;
	*i = p + 1;
	if ((seen & 1u << VK_UNDECIDED) && s[v[VK_UNDECIDED].v0] == 't')
		t->v = V_UNDECIDED;
	else if ((seen & 1u << VK_JUDGED) && s[v[VK_JUDGED].v0] == 'f')
		t->v = V_UNJUDGED;
	else
		t->v = s[v[VK_PASS].v0] == 't' ? V_PASS : V_FAIL;
	if ((k = key_of_verdict(s, v, seen, &f->j->names->key)) < 0)
		return 0;
	*haskey = k;
	return 1;
}

/*
 * The verdicts s[v0..e) into f->it, their keys into f->ktext (koff[i]
 * the start of item i's, or -1 without one): their count, or -1 when
 * not for here.
 */
static long
verdicts(struct agree_fast *f, const char *s, size_t p, size_t e)
{
	struct buf *key = &f->j->names->key;
	size_t n = 0;
	int haskey;

	buf_reset(&f->ktext);
	if (s[p] != '[')
		return -1;
	p = ws(s, p + 1, e);
	if (p < e && s[p] == ']')
		return 0;
	for (;;) {
		if (n == f->cap) {
			f->cap = f->cap ? 2 * f->cap : 16;
			f->it = xreallocarray(f->it, f->cap, sizeof *f->it);
			f->koff = xreallocarray(f->koff, f->cap, sizeof *f->koff);
		}
		if (!verdict(f, s, &p, e, &f->it[n], &haskey))
			return -1;
		f->it[n].idx = (long)n;
		f->koff[n] = (size_t)-1;
		if (haskey) {
			f->koff[n] = f->ktext.len;
			buf_add(&f->ktext, key->s != NULL ? key->s : "",
			    key->len + 1);
		}
		n++;
		p = ws(s, p, e);
		if (p >= e || s[p] != ',')
			break;
		p = ws(s, p + 1, e);
	}
	return (long)n;
}

enum { TK_ID, TK_BENCH, TK_TASK, TK_GEN, TK_ERROR, TK_VERDICTS, NTK };
static const char *const tkeys[NTK] = {
	"id", "bench", "task", "gen", "error", "verdicts"
};
static const unsigned char tlen[NTK] = { 2, 5, 4, 3, 5, 8 };

/* A group value (bench, task) kept in the names: "-" when absent or
 * not a string; NULL when not for here. */
static const char *
group_name(struct agree_fast *f, const char *s, const struct mem *m)
{
	struct names *t = f->j->names;
	const char *p;
	size_t n;
	int k;

	if (m == NULL || (k = plain(s, m, &p, &n)) == 0)
		return names_take(t, xstrdup("-"));
	if (k < 0)
		return NULL;
	buf_reset(&t->key);
	buf_add(&t->key, p, n);
	return names_made(t);
}

/* gen.model of the object s[m] into *p, *n: 1, 0 when there is none, -1
 * when not for here. */
static int
model_of(const char *s, const struct mem *g, const char **p, size_t *n)
{
	struct mem m;
	size_t i = g->v0;
	int rc, found = 0;

	if (s[i] != '{')
		return 0;
	while ((rc = member(s, &i, g->v1, &m)) > 0) {
		if (is(s, &m, "model")) {
			if (found++)
				return -1;
			if ((rc = plain(s, &m, p, n)) < 0)
				return -1;
			found += rc;
		}
		if (s[i] == '}')
			break;
	}
	return rc < 0 ? -1 : found == 2;
}

/* The top-level members of interest into t[] (seen: those present): 0,
 * or -1 when one comes twice or a key holds an escape. */
static int
top_members(const char *line, const jsonscan_member *m, size_t n,
    struct mem *t, unsigned *seen)
{
	size_t i;
	int k;

	*seen = 0;
	for (i = 0; i < n; i++) {
		struct mem x;

		x.k0 = m[i].kstart + 1;
		x.k1 = m[i].kend - 1;
		x.v0 = m[i].vstart;
		x.v1 = m[i].vend;
		if (memchr(line + x.k0, '\\', x.k1 - x.k0) != NULL)
			return -1;
		if ((k = find(line, &x, tkeys, tlen, NTK)) == NTK)
			continue;
		if (*seen & 1u << k)
			return -1;
		*seen |= 1u << k;
		t[k] = x;
	}
	return 0;
}

int
agree_take(void *arg, const char *line, size_t len, const jsonscan_member *m,
    size_t n)
{
	struct agree_fast *f = arg;
	struct names *names = f->j->names;
	struct mem t[NTK];
	struct jrec r;
	const char *id, *model = NULL;
	size_t idlen, mlen = 0, i;
	unsigned seen;
	long nv = 0;
	int k;

	(void)len;
	if (top_members(line, m, n, t, &seen) < 0 ||
	    !(seen & 1u << TK_ID) || plain(line, &t[TK_ID], &id, &idlen) != 1 ||
	    idlen == 0)
		return 0;
	k = seen & 1u << TK_GEN ? model_of(line, &t[TK_GEN], &model, &mlen) : 0;
	if (k < 0)
		return 0;
	if ((seen & 1u << TK_VERDICTS) && line[t[TK_VERDICTS].v0] != 'n' &&
	    (nv = verdicts(f, line, t[TK_VERDICTS].v0, t[TK_VERDICTS].v1)) < 0)
		return 0;
	memset(&r, 0, sizeof r);
	if ((r.bench = group_name(f, line, seen & 1u << TK_BENCH ?
	    &t[TK_BENCH] : NULL)) == NULL ||
	    (r.task = group_name(f, line, seen & 1u << TK_TASK ?
	    &t[TK_TASK] : NULL)) == NULL)
		return 0;
	if (k) {
		buf_reset(&names->key);
		buf_add(&names->key, model, mlen);
		r.model = names_made(names);
	} else
		r.model = names_take(names, xstrdup("-"));
	r.id = key_of(id, idlen);
	r.line = jsonl_lineno(f->in);
	r.failed = (seen & 1u << TK_ERROR) && line[t[TK_ERROR].v0] != 'n';
	if ((seen & 1u << TK_VERDICTS) && line[t[TK_VERDICTS].v0] != 'n') {
		r.it = xcalloc((size_t)nv + 1, sizeof *r.it);
		r.n = (size_t)nv;
		for (i = 0; i < r.n; i++) {
			r.it[i] = f->it[i];
			r.it[i].key = NULL;
			if (f->koff[i] == (size_t)-1)
				continue;
			buf_reset(&names->key);
			buf_puts(&names->key, f->ktext.s + f->koff[i]);
			r.it[i].key = names_made(names);
		}
	}
	judging_add(f->j, &r);
	return 1;
}
