/*
 * Unit test: the merging of long and adversarial pieces against a plain
 * reference.  The reference is tiktoken's byte-pair merge as written (after
 * each merge a scan for the adjacent pair of lowest rank, the leftmost of
 * equal ones) over a table of its own, the token bytes of the same file
 * sorted for bsearch.  bpe_piece() must give its ids, by scan and by heap,
 * for many generated pieces: runs of one character, repeated patterns,
 * digits, punctuation, random letters, words run together, runs broken at
 * random places, random bytes and ill-formed UTF-8, from one byte to
 * thousands; with the shipped cl100k_base table (share/tokenizers, found
 * from $TOP, else four levels above the program) and the fixture of
 * tests/bpe.  Then long texts of the same kinds: bpe_encode() gives the same
 * ids by scan and by heap, and the same count without ids.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bpe.h"
#include "check.h"

#define NORANK UINT32_MAX
#define NELEM(a) (sizeof (a) / sizeof (a)[0])

typedef struct {
	const unsigned char *p;
	uint32_t len, rank;
} entry;

/* the reference table */
static entry *ents;
static size_t nents;
static unsigned char *pool;

static uint32_t *ids, *want;
static size_t cap, wcap;
static uint64_t seed = 0x2545f4914f6cdd1dULL;

static uint64_t
rnd(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 7;
	seed ^= seed << 17;
	return seed;
}

static size_t
below(size_t n)
{
	return (size_t)(rnd() % n);
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *s = NULL;
	long n;

	if (f == NULL)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 &&
	    fseek(f, 0, SEEK_SET) == 0 && (s = malloc((size_t)n + 1)) != NULL) {
		*len = fread(s, 1, (size_t)n, f);
		s[*len] = '\0';
	}
	fclose(f);
	return s;
}

static int
cmp_entry(const void *x, const void *y)
{
	const entry *a = x, *b = y;

	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	return memcmp(a->p, b->p, a->len);
}

static const char b64[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/* Read a table in tiktoken's format into the reference table. */
static void
ref_load(const char *text, size_t len)
{
	size_t o = 0;
	const char *line, *nl;

	nents = 0;
	ents = malloc((len / 4 + 1) * sizeof *ents);
	pool = malloc(len + 1);
	for (line = text; *line; line = nl + 1) {
		unsigned acc = 0, bits = 0;
		const char *c, *v;
		size_t start = o;

		if ((nl = strchr(line, '\n')) == NULL)
			nl = line + strlen(line) - 1;
		if (*line == '\n')
			continue;
		for (c = line; *c != ' '; c++) {
			if (*c == '=')
				continue;
			v = strchr(b64, *c);
			acc = acc << 6 | (unsigned)(v - b64);
			if ((bits += 6) >= 8) {
				bits -= 8;
				pool[o++] = (unsigned char)(acc >> bits);
				acc &= (1u << bits) - 1;
			}
		}
		ents[nents].p = pool + start;
		ents[nents].len = (uint32_t)(o - start);
		ents[nents++].rank = (uint32_t)strtoul(c + 1, NULL, 10);
	}
	qsort(ents, nents, sizeof *ents, cmp_entry);
}

static void
ref_free(void)
{
	free(ents);
	free(pool);
	ents = NULL;
	pool = NULL;
}

static uint32_t
ref_rank(const unsigned char *p, size_t n)
{
	entry key, *e;

	key.p = p;
	key.len = (uint32_t)n;
	e = bsearch(&key, ents, nents, sizeof *ents, cmp_entry);
	return e != NULL ? e->rank : NORANK;
}

/* tiktoken's _byte_pair_merge: the ids of p[0..n) in want, their count. */
static size_t
ref_merge(const unsigned char *p, size_t n)
{
	size_t *at = malloc((n + 1) * sizeof *at), m = n + 1, i, best_i;
	uint32_t *r = malloc((n + 1) * sizeof *r), best;

	for (i = 0; i <= n; i++) {
		at[i] = i;
		r[i] = i + 2 <= n ? ref_rank(p + i, 2) : NORANK;
	}
	for (;;) {
		best = NORANK;
		best_i = 0;
		for (i = 0; i + 1 < m; i++)
			if (r[i] < best) {
				best = r[i];
				best_i = i;
			}
		if (best == NORANK)
			break;
		memmove(at + best_i + 1, at + best_i + 2,
		    (m - best_i - 2) * sizeof *at);
		memmove(r + best_i + 1, r + best_i + 2,
		    (m - best_i - 2) * sizeof *r);
		m--;
		r[best_i] = best_i + 2 < m ? ref_rank(p + at[best_i],
		    at[best_i + 2] - at[best_i]) : NORANK;
		if (best_i > 0)
			r[best_i - 1] = ref_rank(p + at[best_i - 1],
			    at[best_i + 1] - at[best_i - 1]);
	}
	if (m - 1 > wcap) {
		wcap = m - 1;
		want = realloc(want, wcap * sizeof *want);
	}
	for (i = 0; i + 1 < m; i++)
		want[i] = ref_rank(p + at[i], at[i + 1] - at[i]);
	free(at);
	free(r);
	return m - 1;
}

static const char *const words[] = {
	"the", "ing", "and", "tion", "er", "qu", "ab", "ra", "ca", "da", "an",
	"re", "in", "on", "at", "es", "Elizabeth", "Darcy", "un", "ly",
};
static const char *const chars[] = {	/* UTF-8 and ill-formed bytes */
	"a", "\xc3\xa9", "\xe4\xb8\x80", "\xe6\x97\xa5", "\xd0\xb6",
	"\xf0\x9f\x98\x80", "\x80", "\xbf", "\xff", "\xe4\xb8", "\xc0\xaf",
	"\xed\xa0\x80", "\xf4\x90",
};
static const char punct[] = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

/* Add a string to s[*n..) while it fits in len. */
static void
put(unsigned char *s, size_t *n, size_t len, const char *t)
{
	size_t k = strlen(t);

	if (*n + k > len)
		k = len - *n;
	memcpy(s + *n, t, k);
	*n += k;
}

/* A piece of kind k and length len in s. */
static void
gen(int k, unsigned char *s, size_t len)
{
	static const char *const runs[] = {
		"a", " ", "0", "!", "=", "-", "\n", "\xff", "\xc3\xa9",
		"\xe4\xb8\x80", "ab", "aab", "=-", "..", "0\n",
	};
	const char *unit;
	size_t n = 0, i;
	char pat[6];

	switch (k) {
	case 0:		/* a run of one unit */
		unit = runs[below(NELEM(runs))];
		while (n < len)
			put(s, &n, len, unit);
		break;
	case 1:		/* a random pattern of 2-5 characters, repeated */
		for (i = 0; i < 2 + below(4); i++)
			pat[i] = "abe -=0."[below(8)];
		pat[i] = '\0';
		while (n < len)
			put(s, &n, len, pat);
		break;
	case 2:		/* digits */
		for (; n < len; n++)
			s[n] = (unsigned char)('0' + below(10));
		break;
	case 3:		/* punctuation */
		for (; n < len; n++)
			s[n] = (unsigned char)punct[below(sizeof punct - 1)];
		break;
	case 4:		/* lower-case letters */
		for (; n < len; n++)
			s[n] = (unsigned char)('a' + below(26));
		break;
	case 5:		/* words run together */
		while (n < len)
			put(s, &n, len, words[below(NELEM(words))]);
		break;
	case 6:		/* a run of one letter broken at random places */
		for (; n < len; n++)
			s[n] = below(40) ? 'a' :
			    (unsigned char)('a' + below(26));
		break;
	case 7:		/* random bytes */
		for (; n < len; n++)
			s[n] = (unsigned char)below(256);
		break;
	default:	/* characters and ill-formed UTF-8 */
		while (n < len)
			put(s, &n, len, chars[below(NELEM(chars))]);
		break;
	}
}
#define KINDS 9

/* bpe_piece() by scan and by heap gives the reference's ids. */
static int
agree(bpe *b, const unsigned char *s, size_t len, int kind)
{
	size_t saved = bpe_heap_from, n, w = ref_merge(s, len);
	int way, ok = 1;

	for (way = 0; way < 2 && ok; way++) {
		bpe_heap_from = way ? 0 : (size_t)-1;
		n = bpe_piece(b, (const char *)s, len, &ids, &cap);
		if (n != w ||
		    (n > 0 && memcmp(ids, want, n * sizeof *ids) != 0)) {
			size_t k = 0;

			while (k < n && k < w && ids[k] == want[k])
				k++;
			printf("kind %d, %zu bytes (%s): %zu tokens, want %zu; "
			    "token %zu is %u, want %u\n", kind, len,
			    way ? "heap" : "scan", n, w, k, k < n ? ids[k] : 0,
			    k < w ? want[k] : 0);
			ok = 0;
		}
	}
	bpe_heap_from = saved;
	if (ok && bpe_piece(b, (const char *)s, len, NULL, NULL) != w) {
		printf("kind %d, %zu bytes: the count alone differs\n", kind,
		    len);
		ok = 0;
	}
	return ok;
}

/* Many pieces of every kind through the table text[0..len). */
static void
pieces(const char *name, const char *text, size_t len, size_t longest)
{
	static const size_t sizes[][3] = {	/* count, from, to */
		{ 60, 1, 40 }, { 12, 90, 100 }, { 12, 100, 400 },
		{ 3, 400, 1500 },
	};
	unsigned char *s = malloc(longest);
	char err[256];
	size_t i, j, n, done = 0;
	int k, ok;
	bpe *b = bpe_open_mem(name, text, len, err, sizeof err);

	CHECK(b != NULL, "%s: %s", name, err);
	if (b == NULL) {
		free(s);
		return;
	}
	ref_load(text, len);
	CHECK(nents == bpe_ranks(b), "%s: %zu entries, %zu ranks", name, nents,
	    bpe_ranks(b));
	for (k = 0; k < KINDS; k++) {
		ok = 1;
		for (i = 0; i < sizeof sizes / sizeof sizes[0] && ok; i++)
			for (j = 0; j < sizes[i][0] && ok; j++) {
				n = sizes[i][1] +
				    below(sizes[i][2] - sizes[i][1] + 1);
				gen(k, s, n);
				ok = agree(b, s, n, k);
				done++;
			}
		/* and one long one, past the longest token */
		if (ok) {
			gen(k, s, longest);
			ok = agree(b, s, longest, k);
			done++;
		}
		CHECK(ok, "%s: pieces of kind %d", name, k);
	}
	CHECK(done == KINDS * 88, "%s: %zu pieces", name, done);
	ref_free();
	bpe_free(b);
	free(s);
}

/*
 * A table of random tokens with ranks in random order, the bytes' among
 * them: a longer token often outranks the pairs it is made of, which the
 * trained tables seldom have, so that a merge often makes a pair of lower
 * rank than its own.  Tokens of the letters of "abe -=0." that the pieces
 * are made of.  With far, the last rank is 2^30 + 7, so that the others
 * share one bucket of the long merge.  A table in tiktoken's format, its
 * length in *len.
 */
static char *
random_table(int far, size_t *len)
{
	static const char alpha[] = "abe -=0.";
	enum { NTOK = 256 + 600 };
	unsigned char tok[NTOK][6];
	size_t tl[NTOK], order[NTOK], i, j, o, n = 0;
	char *t = malloc(NTOK * 24);

	for (i = 0; i < 256; i++) {
		tok[i][0] = (unsigned char)i;
		tl[i] = 1;
	}
	while (i < NTOK) {
		/* 100 of 2 to 4 of "abe" (of 117), then 2 to 5 of all */
		tl[i] = 2 + below(i < 256 + 100 ? 3 : 4);
		for (j = 0; j < tl[i]; j++)
			tok[i][j] = (unsigned char)
			    alpha[below(i < 256 + 100 ? 3 : 8)];
		for (j = 256; j < i; j++)
			if (tl[j] == tl[i] &&
			    memcmp(tok[j], tok[i], tl[i]) == 0)
				break;
		if (j == i)	/* a new one */
			i++;
	}
	for (i = 0; i < NTOK; i++)
		order[i] = i;
	for (i = NTOK - 1; i > 0; i--) {
		j = below(i + 1);
		o = order[i];
		order[i] = order[j];
		order[j] = o;
	}
	for (i = 0; i < NTOK; i++) {
		unsigned char in[6] = { 0 };

		memcpy(in, tok[i], tl[i]);
		for (j = 0; j < tl[i]; j += 3) {
			uint32_t v = (uint32_t)in[j] << 16 |
			    (uint32_t)in[j + 1] << 8 | in[j + 2];

			t[n++] = b64[v >> 18];
			t[n++] = b64[v >> 12 & 63];
			t[n++] = j + 1 < tl[i] ? b64[v >> 6 & 63] : '=';
			t[n++] = j + 2 < tl[i] ? b64[v & 63] : '=';
		}
		n += (size_t)sprintf(t + n, " %lu\n",
		    far && order[i] == NTOK - 1 ? (1ul << 30) + 7 :
		    (unsigned long)order[i]);
	}
	*len = n;
	return t;
}

/* Long texts of pieces of all kinds between white space: the same ids
 * by scan and by heap, and the same count without ids. */
static void
texts(const char *name, const char *text, size_t tlen)
{
	static const char *const gaps[] = {
		" ", "  ", "\n", "\n\n", " \t", "",
	};
	size_t len = 200000, n, m, at, k, piece, saved = bpe_heap_from;
	unsigned char *s = malloc(len);
	uint32_t *ids2 = NULL;
	size_t cap2 = 0;
	char err[256];
	int round;
	bpe *b = bpe_open_mem(name, text, tlen, err, sizeof err);

	CHECK(b != NULL, "%s: %s", name, err);
	for (round = 0; b != NULL && round < 3; round++) {
		for (at = 0; at < len; at += piece) {
			piece = 1 + below(round == 0 ? 30 : 3000);
			if (piece > len - at)
				piece = len - at;
			gen((int)below(KINDS), s + at, piece);
			if (at + piece < len && below(2) == 0) {
				m = at + piece;
				put(s, &m, len, gaps[below(NELEM(gaps))]);
				piece = m - at;
			}
		}
		bpe_heap_from = (size_t)-1;
		n = bpe_encode(b, (const char *)s, len, 0, &ids, &cap);
		bpe_heap_from = 0;
		m = bpe_encode(b, (const char *)s, len, 0, &ids2, &cap2);
		bpe_heap_from = saved;
		for (k = 0; k < n && k < m && ids[k] == ids2[k]; k++)
			;
		CHECK(n != (size_t)-1 && n == m && k == n,
		    "text %d: %zu tokens by scan, %zu by heap, first apart %zu",
		    round, n, m, k);
		CHECK(bpe_encode(b, (const char *)s, len, 0, NULL, NULL) == n,
		    "text %d: the count alone", round);
	}
	free(ids2);
	free(s);
	bpe_free(b);
}

/* Pieces and texts through the table in the file at path. */
static void
file(const char *top, const char *path)
{
	char name[4200], *text;
	size_t len;

	snprintf(name, sizeof name, "%s/%s", top, path);
	text = slurp(name, &len);
	CHECK(text != NULL, "cannot read %s", name);
	if (text == NULL)
		return;
	pieces(path, text, len, 3000);
	texts(path, text, len);
	free(text);
}

int
main(int argc, char **argv)
{
	char top[4096], *text;
	size_t len;
	int up, far;

	(void)argc;
	if (getenv("TOP") != NULL)
		snprintf(top, sizeof top, "%s", getenv("TOP"));
	else {
		snprintf(top, sizeof top, "%s", argv[0]);
		for (up = 0; up < 4; up++) {
			char *slash = strrchr(top, '/');

			if (slash == NULL)
				snprintf(top, sizeof top, ".");
			else
				*slash = '\0';
		}
	}
	file(top, "share/tokenizers/cl100k_base.tiktoken");
	file(top, "tests/bpe/tiny.tiktoken");
	for (far = 0; far < 2; far++) {
		text = random_table(far, &len);
		pieces(far ? "random, far" : "random", text, len, 3000);
		texts(far ? "random, far" : "random", text, len);
		free(text);
	}
	free(ids);
	free(want);
	return CHECK_DONE();
}
