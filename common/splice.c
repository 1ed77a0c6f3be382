/*
 * The text a record was read from travels with it, in one allocation that
 * the root object's string pointer (unused for a root) points at: cJSON
 * frees it with the record, so cJSON_Delete() and splice_free() are the
 * same.  A flag bit above cJSON's own marks such a root.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "diag.h"
#include "jprint.h"
#include "jsonnul.h"
#include "splice.h"
#include "xalloc.h"

#define MAGIC 0x5911ceU
#define SPLICED (1 << 12)	/* in cJSON's type: the root has a splice */

typedef struct {
	const cJSON *item;	/* the item as read (or as parsed on demand) */
	size_t key;		/* the decoded key, at this offset in the block */
	size_t k0, k1, v0, v1;
	size_t dlen;		/* the string's length, once decoded whole */
	int touched, decoded;
	int plain;		/* a string decoded without \\u escapes: no NUL */
} member;

/* Values at least this long are parsed only when asked for (SPLICE_LAZY). */
#define LAZY_MIN 1024

struct splice {
	unsigned magic;
	const cJSON *root;
	size_t n;
	char *text;		/* in the block, after the members */
	member m[];
};

static struct splice *
get(const cJSON *rec)
{
	struct splice *s;

	if (rec == NULL || !(rec->type & SPLICED) || rec->string == NULL)
		return NULL;
	s = (struct splice *)(void *)rec->string;
	return s->magic == MAGIC && s->root == rec ? s : NULL;
}

/* The key of a member, decoded. */
static char *
key_of(const char *t, size_t k0, size_t k1)
{
	cJSON *j;
	char *k;

	if (memchr(t + k0, '\\', k1 - k0) == NULL)
		return xstrndup(t + k0 + 1, k1 - k0 - 2);
	j = cJSON_ParseWithLength(t + k0, k1 - k0);
	k = xstrdup(cJSON_IsString(j) ? j->valuestring : "");
	cJSON_Delete(j);
	return k;
}

/* A member left unparsed: a raw item without text. */
static int
unparsed(const cJSON *it)
{
	return it->type == cJSON_Raw && it->valuestring == NULL;
}

cJSON *
splice_parse(const char *line, size_t len, const jsonscan_member *m,
    size_t n, int flags, size_t *at)
{
	struct splice *s;
	cJSON *rec = cJSON_CreateObject();
	size_t i, keys = 0, size;
	char *kp;

	if (rec == NULL)
		lg_die(LG_SYS, "out of memory");
	for (i = 0; i < n; i++)	/* a decoded key is never longer than its text */
		keys += m[i].kend - m[i].kstart;
	size = sizeof *s + n * sizeof s->m[0];
	if (flags & SPLICE_BORROW) {	/* the keys, then nothing */
		s = xcalloc(1, size + keys);
		s->text = (char *)(uintptr_t)line;
		kp = (char *)s + size;
	} else {			/* the text, then the keys */
		s = xcalloc(1, size + len + 1 + keys);
		s->text = (char *)s + size;
		memcpy(s->text, line, len);
		kp = s->text + len + 1;
	}
	s->magic = MAGIC;
	s->root = rec;
	s->n = n;
	rec->string = (char *)(void *)s;
	rec->type |= SPLICED;
	for (i = 0; i < n; i++) {
		const char *end = NULL;
		cJSON *v;

		if ((flags & SPLICE_LAZY) && ((flags & SPLICE_LAZY_ALL) ||
		    m[i].vend - m[i].vstart >= LAZY_MIN)) {
			v = cJSON_CreateNull();	/* parsed when asked for */
			if (v == NULL)
				lg_die(LG_SYS, "out of memory");
			v->type = cJSON_Raw;
		} else {
			v = cJSON_ParseWithLengthOpts(s->text + m[i].vstart,
			    m[i].vend - m[i].vstart, &end, 0);
		}
		if (v == NULL) {
			*at = end != NULL && end >= s->text ? (size_t)(end - s->text) :
			    m[i].vstart;
			cJSON_Delete(rec);
			return NULL;
		}
		v->string = key_of(s->text, m[i].kstart, m[i].kend);
		cJSON_AddItemToArray(rec, v);	/* keeps v->string as the key */
		s->m[i].item = v;
		s->m[i].key = (size_t)(kp - (char *)s);
		strcpy(kp, v->string);
		kp += strlen(kp) + 1;
		s->m[i].k0 = m[i].kstart;
		s->m[i].k1 = m[i].kend;
		s->m[i].v0 = m[i].vstart;
		s->m[i].v1 = m[i].vend;
	}
	return rec;
}

void
splice_free(cJSON *rec)
{
	cJSON_Delete(rec);	/* the block goes with the root's string */
}

void
splice_touch(cJSON *rec, const char *key)
{
	struct splice *s = get(rec);
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++)
		if (strcmp((char *)s + s->m[i].key, key) == 0)
			s->m[i].touched = 1;
}

/*
 * A string value t[0..n) (quotes included, checked by the scanner)
 * decoded by hand when it holds no \\u escape, the common case of long
 * answers; NULL to leave it to cJSON, which decodes the same.
 */
static cJSON *
plain_string(const char *t, size_t n, size_t *dlen)
{
	const char *p = t + 1, *e = t + n - 1;
	char *out, *o;
	cJSON *v;

	if (n < 2 || t[0] != '"' || (out = malloc(n - 1)) == NULL)
		return NULL;
	o = out;
	for (;;) {
		const char *q;
		char c;

#ifdef __SSE2__
		/* sixteen bytes copied at a time up to the next backslash (the
		 * output is never longer than the input read so far) */
		const __m128i bs = _mm_set1_epi8('\\');
		unsigned mask = 0;

		while (e - p >= 16) {
			__m128i x = _mm_loadu_si128((const __m128i *)(const void *)p);

			_mm_storeu_si128((__m128i *)(void *)o, x);
			if ((mask = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, bs))) != 0)
				break;
			p += 16;
			o += 16;
		}
		if (mask != 0) {
			q = p + __builtin_ctz(mask);
			o += q - p;
		} else
#endif
		{
			if ((q = memchr(p, '\\', (size_t)(e - p))) == NULL)
				q = e;
			memcpy(o, p, (size_t)(q - p));
			o += q - p;
			if (q == e)
				break;
		}
		switch (q[1]) {
		case '"': c = '"'; break;
		case '\\': c = '\\'; break;
		case '/': c = '/'; break;
		case 'b': c = '\b'; break;
		case 'f': c = '\f'; break;
		case 'n': c = '\n'; break;
		case 'r': c = '\r'; break;
		case 't': c = '\t'; break;
		default:
			free(out);
			return NULL;
		}
		*o++ = c;
		p = q + 2;
	}
	*o = '\0';
	*dlen = (size_t)(o - out);
	if ((v = cJSON_CreateNull()) == NULL) {
		free(out);
		return NULL;
	}
	v->type = cJSON_String;
	v->valuestring = out;	/* freed by cJSON_Delete() */
	return v;
}

/* cJSON_GetObjectItemCaseSensitive(), the first bytes compared before
 * strcmp (a record's members mostly differ in their first byte): the
 * first member named key, none past a member without a name. */
static cJSON *
member_named(const cJSON *rec, const char *key)
{
	cJSON *it;

	if (rec == NULL || key == NULL)
		return NULL;
	for (it = rec->child; it != NULL && it->string != NULL; it = it->next)
		if (it->string[0] == key[0] && strcmp(it->string, key) == 0)
			return it;
	return NULL;
}

cJSON *
splice_get(const cJSON *rec, const char *key)
{
	cJSON *it = member_named(rec, key), *v;
	struct splice *s;
	size_t i;

	if (it == NULL || !unparsed(it) || (s = get(rec)) == NULL)
		return it;
	for (i = 0; i < s->n && s->m[i].item != it; i++)
		;
	if (i == s->n)
		return NULL;
	/* the scanner passed it, and cJSON takes what the scanner takes but
	 * lone surrogate escapes: those read as null */
	v = plain_string(s->text + s->m[i].v0, s->m[i].v1 - s->m[i].v0, &s->m[i].dlen);
	s->m[i].plain = v != NULL;
	if (v == NULL)
		v = cJSON_ParseWithLength(s->text + s->m[i].v0, s->m[i].v1 - s->m[i].v0);
	if (v == NULL)
		v = cJSON_CreateNull();
	v->string = it->string;
	it->string = NULL;
	cJSON_ReplaceItemViaPointer((cJSON *)rec, it, v);
	s->m[i].item = v;
	return v;
}

/*
 * The member whose item is it, to be copied: untouched, or never parsed
 * (then the stage cannot have changed it); else NULL.  *hint speeds the
 * walk.
 */
static const member *
find(const struct splice *s, const cJSON *it, size_t *hint)
{
	size_t i = *hint;

	if (i >= s->n || s->m[i].item != it)
		for (i = 0; i < s->n && s->m[i].item != it; i++)
			;
	if (i == s->n)
		return NULL;
	*hint = i + 1;
	return !s->m[i].touched || unparsed(it) ? &s->m[i] : NULL;
}

const char *
splice_text(const cJSON *rec, const cJSON *it, size_t *len)
{
	const struct splice *s = get(rec);
	const member *m;
	size_t hint = 0;

	if (s == NULL || it == NULL || (m = find(s, it, &hint)) == NULL)
		return NULL;
	*len = m->v1 - m->v0;
	return s->text + m->v0;
}

/* An item that owns s (cJSON_Delete() frees it), never printed: a string
 * item prints its valuestring alone. */
static cJSON *
whole_item(char *s)
{
	cJSON *w = cJSON_CreateNull();

	if (w == NULL)
		lg_die(LG_SYS, "out of memory");
	w->type = cJSON_String;
	w->valuestring = s;
	return w;
}

const char *
splice_strn(const cJSON *rec, cJSON *it, size_t *len)
{
	struct splice *s = get(rec);
	member *m = NULL;
	struct buf b = { 0 };
	size_t i;
	int nul;
	cJSON *j;

	if (s == NULL || !cJSON_IsString(it))
		return NULL;
	for (i = 0; i < s->n && m == NULL; i++)
		if (s->m[i].item == it && !s->m[i].touched)
			m = &s->m[i];
	if (m == NULL)
		return NULL;
	if (!m->decoded) {
		if (m->plain) {	/* no \\u escape, so no \\u0000 */
			*len = m->dlen;
			return it->valuestring;
		}
		if (memmem(s->text + m->v0, m->v1 - m->v0, "\\u0000", 6) == NULL)
			return NULL;
		j = jsonnul_parse(s->text + m->v0, m->v1 - m->v0, &nul);
		if (!cJSON_IsString(j)) {
			cJSON_Delete(j);
			return NULL;
		}
		jsonnul_text(&b, j->valuestring, nul);
		cJSON_Delete(j);
		/* the whole string goes in a child of the item, freed with
		 * it; the item's valuestring stays as it was (a C string that
		 * ends at the first NUL), so that a pointer rec_str() gave
		 * before stays valid */
		m->dlen = b.len;
		it->child = whole_item(buf_take(&b));
		m->decoded = 1;
	}
	*len = m->dlen;
	return it->child->valuestring;
}

/*
 * Lay the record out in out; with pp, values of untouched members at least
 * SPLICE_PIECE_MIN long stay in the text, as pieces (splice_pieces()).
 * Returns the number of pieces plus one, 0 when unprintable.
 */
static size_t
lay_out(const struct splice *s, const cJSON *rec, struct buf *out,
    splice_piece **pp, size_t *cap)
{
	const cJSON *c;
	size_t hint = 0, n = 0, from = out->len;

#define PIECE(ptr, l) do { \
		if (n == *cap) { \
			*cap = *cap ? 2 * *cap : 16; \
			*pp = xreallocarray(*pp, *cap, sizeof **pp); \
		} \
		(*pp)[n].p = (ptr); \
		(*pp)[n].off = from; \
		(*pp)[n++].len = (l); \
	} while (0)
	buf_putc(out, '{');
	for (c = rec->child; c != NULL; c = c->next) {
		const member *m = s != NULL ? find(s, c, &hint) : NULL;

		if (c != rec->child)
			buf_putc(out, ',');
		if (m != NULL && c->string != NULL) {
			buf_add(out, s->text + m->k0, m->k1 - m->k0);
			buf_putc(out, ':');
			if (pp == NULL || m->v1 - m->v0 < SPLICE_PIECE_MIN) {
				buf_add(out, s->text + m->v0, m->v1 - m->v0);
				continue;
			}
			/* what is printed so far, then the value in place */
			PIECE(NULL, out->len - from);
			PIECE(s->text + m->v0, m->v1 - m->v0);
			from = out->len;
			continue;
		}
		if (c->string == NULL)
			return 0;
		jprint_string(out, c->string);
		buf_putc(out, ':');
		if (!jprint(out, c))
			return 0;
	}
	buf_putc(out, '}');
	if (pp != NULL)
		PIECE(NULL, out->len - from);
#undef PIECE
	return n + 1;
}

size_t
splice_pieces(const cJSON *rec, struct buf *out, splice_piece **pp, size_t *cap)
{
	const struct splice *s = get(rec);
	size_t n = s != NULL ? lay_out(s, rec, out, pp, cap) : 0;

	return n > 0 ? n - 1 : 0;
}

int
splice_print(const cJSON *rec, struct buf *out)
{
	const struct splice *s = get(rec);

	if (s == NULL)
		return jprint(out, rec);
	return lay_out(s, rec, out, NULL, NULL) != 0;
}
