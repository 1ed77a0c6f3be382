/*
 * bpe.c: the cl100k_base tokenizer (see bpe.h).
 *
 * The table is an open-addressing hash of token bytes to ranks, at most
 * half full: a token of up to 8 bytes is held in its slot as a number, a
 * longer one lives in an arena.  A piece the table does not hold whole is
 * merged with tiktoken's rule, the adjacent pair of lowest rank first and
 * the leftmost of equal ones: short pieces by a linear scan over a small
 * array of parts (fast while pieces are short, as nearly all are), long
 * ones through buckets of pairs by rank (see "The long merge"), the same
 * order in about linear time.
 */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <errno.h>
#include <fcntl.h>
#include <pcre2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bpe.h"
#include "buf.h"
#include "diag.h"
#include "share.h"
#include "utf8.h"
#include "xalloc.h"

#define NORANK UINT32_MAX

size_t bpe_heap_from = 96;

/*
 * tiktoken's cl100k_base pattern,
 *   '(?i:[sdmt]|ll|ve|re)|[^\r\n\p{L}\p{N}]?+\p{L}+|\p{N}{1,3}|
 *   ?[^\s\p{L}\p{N}]++[\r\n]*|\s*[\r\n]|\s+(?!\S)|\s+
 * with \s spelled out as Unicode White_Space, which is what \s means in
 * the Rust regex engine tiktoken runs (PCRE2's \s also takes U+180E), and
 * \s*[\r\n] as (?:[^\S\r\n]*+[\r\n])++, the same match (white space up
 * to the last line break of the run) without backtracking over the run.
 */
/* white space within a line, then all of it */
#define WS_IN "\\t\\x{0b}\\x{0c}\\x{20}\\x{85}\\x{a0}\\x{1680}\\x{2000}-\\x{200a}" \
	"\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}"
#define WS WS_IN "\\r\\n"
static const char pattern[] =
    "'(?i:[sdmt]|ll|ve|re)"
    "|[^\\r\\n\\p{L}\\p{N}]?+\\p{L}+"
    "|\\p{N}{1,3}"
    "| ?[^" WS "\\p{L}\\p{N}]++[\\r\\n]*"
    "|(?:[" WS_IN "]*+[\\r\\n])++"
    "|[" WS "]+(?![^" WS "])"
    "|[" WS "]+";

static const struct {
	const char *text;
	uint32_t id;
} specials[] = {
	{ "<|endoftext|>", 100257 },
	{ "<|fim_prefix|>", 100258 },
	{ "<|fim_middle|>", 100259 },
	{ "<|fim_suffix|>", 100260 },
	{ "<|endofprompt|>", 100276 },
};

/*
 * A slot of the table.  A token of 2 to 8 bytes is held in it, its bytes
 * as a number (word()); a longer one is in the arena, with 16 more bits of
 * its hash to pass over most others without reading them.
 */
typedef struct {
	uint64_t w;		/* the bytes, or the offset in the arena */
	uint32_t rank;
	uint16_t len;		/* 0: an empty slot */
	uint16_t tag;		/* of a token over 8 bytes */
} slot;

struct bpe {
	pcre2_code *re;
	pcre2_match_data *md;
	pcre2_match_context *mc;
	int jit;
	char name[64];
	/* the table */
	unsigned char *arena;	/* the tokens over 8 bytes */
	slot *tab;
	size_t mask;		/* slots - 1, slots a power of two */
	unsigned shift;		/* 64 - log2(slots): a hash's top bits */
	size_t n;
	size_t maxlen;		/* the longest token */
	uint32_t maxrank;
	uint32_t byte_rank[256];
	unsigned char bytes[256];	/* each byte, for bpe_token() */
	unsigned char *shorts;	/* the short tokens' bytes, for bpe_token() */
	struct tokref {
		uint32_t rank, len;
		const unsigned char *p;
	} *byid;		/* the tokens by rank, made when first asked */
	/* scratch */
	struct buf fixed;	/* the text with invalid UTF-8 replaced */
	uint32_t *a, *b, *c;	/* merge arrays */
	size_t scap;
	/* the long merge's */
	struct part *parts;
	size_t pcap;
	struct chunk *chunks;	/* the buckets' keys */
	size_t ccap;
	uint32_t *head, *tail;	/* the first and last chunk of each bucket */
	uint64_t *bits;		/* the buckets not empty */
	size_t nb;
	unsigned bshift;	/* a rank's bucket is rank >> bshift */
	uint64_t *run;		/* the keys of the bucket begun, sorted */
	size_t rcap;
	uint64_t *heap;		/* the keys of buckets begun, as they come */
	size_t hcap;
	uint32_t *out;		/* ids of one piece */
	size_t ocap;
};

#define K1 0x9e3779b97f4a7c15ULL
#define K2 0xff51afd7ed558ccdULL
#define K3 0xc4ceb9fe1a85ec53ULL

/* Four and eight bytes as numbers, the first byte lowest. */
static inline uint64_t
le32(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
#else
	return (uint64_t)p[0] | (uint64_t)p[1] << 8 | (uint64_t)p[2] << 16 |
	    (uint64_t)p[3] << 24;
#endif
}

static inline uint64_t
le64(const unsigned char *p)
{
	return le32(p) | le32(p + 4) << 32;
}

/* The bytes of p[0..n), n 2 to 8, as a number: byte i in bits 8i. */
static inline uint64_t
word(const unsigned char *p, size_t n)
{
	if (n >= 4)	/* two loads that overlap for n < 8 */
		return le32(p) | le32(p + n - 4) << (8 * (n - 4));
	return (uint64_t)p[0] | (uint64_t)p[n / 2] << (8 * (n / 2)) |
	    (uint64_t)p[n - 1] << (8 * (n - 1));
}

static inline uint64_t
mix(uint64_t h)
{
	h *= K2;
	h ^= h >> 32;
	return h * K3;
}

/* The hash of a token over 8 bytes: its first and last eight and length. */
static inline uint64_t
hash_long(const unsigned char *p, size_t n)
{
	uint64_t b = le64(p + n - 8) * K1;

	return mix(le64(p) ^ (b << 31 | b >> 33) ^ n);
}

/*
 * The rank of p[0..n), or NORANK.  The slot is the top bits of the hash,
 * then the next ones (linear probing, the table at most half full).
 */
static inline uint32_t
rank_of(const bpe *b, const unsigned char *p, size_t n)
{
	const slot *t = b->tab;
	uint64_t h, w;
	size_t i;
	uint16_t tag;

	if (n <= 8) {
		if (n == 1)
			return b->byte_rank[*p];
		w = word(p, n);
		for (i = mix(w ^ n) >> b->shift; t[i].len != 0;
		    i = (i + 1) & b->mask)
			if (t[i].w == w && t[i].len == n)
				return t[i].rank;
		return NORANK;
	}
	if (n > b->maxlen)
		return NORANK;
	h = hash_long(p, n);
	tag = (uint16_t)h;
	for (i = h >> b->shift; t[i].len != 0; i = (i + 1) & b->mask)
		if (t[i].len == n && t[i].tag == tag &&
		    memcmp(b->arena + t[i].w, p, n) == 0)
			return t[i].rank;
	return NORANK;
}

/* Put a token not in the table yet in a free slot. */
static void
insert(bpe *b, const unsigned char *p, size_t n, uint32_t rank, size_t off)
{
	slot *t = b->tab;
	uint64_t h;
	size_t i;

	h = n <= 8 ? mix(word(p, n) ^ n) : hash_long(p, n);
	for (i = h >> b->shift; t[i].len != 0; i = (i + 1) & b->mask)
		;
	t[i].w = n <= 8 ? word(p, n) : off;
	t[i].rank = rank;
	t[i].len = (uint16_t)n;
	t[i].tag = n <= 8 ? 0 : (uint16_t)h;
	if (n > b->maxlen)
		b->maxlen = n;
}

static int
pattern_init(bpe *b, char *err, size_t errlen)
{
	int e;
	PCRE2_SIZE off;

	b->re = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED,
	    PCRE2_UTF | PCRE2_UCP, &e, &off, NULL);
	if (b->re == NULL) {
		PCRE2_UCHAR msg[128];

		pcre2_get_error_message(e, msg, sizeof msg);
		snprintf(err, errlen, "tokenizer pattern: %s", (char *)msg);
		return -1;
	}
	b->jit = pcre2_jit_compile(b->re, PCRE2_JIT_COMPLETE) == 0;
	b->md = pcre2_match_data_create_from_pattern(b->re, NULL);
	/* no backtracking grows with the text, but PCRE2's default limit
	 * of ten million steps is too small for a long run anyway */
	if ((b->mc = pcre2_match_context_create(NULL)) != NULL)
		pcre2_set_match_limit(b->mc, UINT32_MAX);
	if (b->md == NULL || b->mc == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

static bpe *
bpe_new(const char *name, char *err, size_t errlen)
{
	bpe *b = xcalloc(1, sizeof *b);

	snprintf(b->name, sizeof b->name, "%s", name);
	if (pattern_init(b, err, errlen) < 0) {
		bpe_free(b);
		return NULL;
	}
	return b;
}

void
bpe_free(bpe *b)
{
	if (b == NULL)
		return;
	pcre2_match_data_free(b->md);
	pcre2_match_context_free(b->mc);
	pcre2_code_free(b->re);
	free(b->arena);
	free(b->tab);
	buf_free(&b->fixed);
	free(b->a);
	free(b->b);
	free(b->c);
	free(b->heap);
	free(b->parts);
	free(b->chunks);
	free(b->head);
	free(b->tail);
	free(b->bits);
	free(b->run);
	free(b->out);
	free(b->byid);
	free(b->shorts);
	free(b);
}

int
bpe_exact(const bpe *b)
{
	return b->tab != NULL;
}

const char *
bpe_name(const bpe *b)
{
	return b->tab != NULL ? b->name : "approximate";
}

size_t
bpe_ranks(const bpe *b)
{
	return b->n;
}

/* ---- loading a table ---- */

static int
b64val(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/* Decode standard base64 (padding as written by Python) into out; the
 * length, or -1 when s is not base64 or decodes to more than max bytes. */
static long
b64decode(const char *s, size_t n, unsigned char *out, size_t max)
{
	size_t i, o = 0, pad = 0;
	uint32_t acc = 0;
	int bits = 0;

	if (n == 0 || n % 4 != 0)
		return -1;
	while (pad < 2 && s[n - 1 - pad] == '=')
		pad++;
	for (i = 0; i < n - pad; i++) {
		int v = b64val((unsigned char)s[i]);

		if (v < 0)
			return -1;
		acc = acc << 6 | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			if (o == max)
				return -1;
			out[o++] = (unsigned char)(acc >> bits);
			acc &= (1u << bits) - 1;
		}
	}
	if (acc != 0)
		return -1;	/* stray bits: not what an encoder writes */
	return (long)o;
}

static int
cmp_u32(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;

	return a < b ? -1 : a > b;
}

/* Fill the table from data; 0, or -1 with err set. */
static int
load(bpe *b, const char *name, const char *data, size_t len, char *err,
    size_t errlen)
{
	size_t pos = 0, line = 0, nlines = 0, alen = 0, acap = 0, i, slots;
	unsigned char tok[BPE_MAX_TOKEN];
	uint32_t *ranks;
	int seen[256] = { 0 };

	for (i = 0; i < len; i++)
		nlines += data[i] == '\n';
	nlines++;
	for (slots = 16, b->shift = 60; slots < 2 * nlines; slots *= 2)
		b->shift--;
	b->tab = xcalloc(slots, sizeof *b->tab);
	b->mask = slots - 1;
	ranks = xreallocarray(NULL, nlines, sizeof *ranks);
	while (pos < len) {
		const char *l = data + pos, *nl = memchr(l, '\n', len - pos);
		size_t ll = nl ? (size_t)(nl - l) : len - pos, t = 0, r0, j;
		unsigned long rank = 0;
		long n;

		pos += ll + (nl != NULL);
		line++;
		while (ll > 0 && strchr("\r \t", l[ll - 1]) != NULL)
			ll--;
		if (ll == 0)
			continue;	/* tiktoken skips empty lines */
		while (t < ll && l[t] != ' ' && l[t] != '\t')
			t++;
		for (r0 = t; r0 < ll && (l[r0] == ' ' || l[r0] == '\t'); r0++)
			;
		if (r0 == t || r0 == ll) {
			snprintf(err, errlen, "%s:%zu: want a token and a rank",
			    name, line);
			goto bad;
		}
		for (j = r0; j < ll; j++) {
			if (l[j] < '0' || l[j] > '9' || rank > 0x7fffffffUL / 10) {
				snprintf(err, errlen, "%s:%zu: bad rank", name, line);
				goto bad;
			}
			rank = rank * 10 + (unsigned long)(l[j] - '0');
		}
		if (rank > 0x7fffffffUL) {
			snprintf(err, errlen, "%s:%zu: bad rank", name, line);
			goto bad;
		}
		if ((n = b64decode(l, t, tok, sizeof tok)) <= 0) {
			snprintf(err, errlen, "%s:%zu: bad token "
			    "(base64 of 1 to %d bytes)", name, line, BPE_MAX_TOKEN);
			goto bad;
		}
		if (n == 1 ? seen[tok[0]] : rank_of(b, tok, (size_t)n) != NORANK) {
			snprintf(err, errlen, "%s:%zu: token listed twice", name, line);
			goto bad;
		}
		ranks[b->n++] = (uint32_t)rank;
		if (rank > b->maxrank)
			b->maxrank = (uint32_t)rank;
		if (n == 1) {
			seen[tok[0]] = 1;
			b->byte_rank[tok[0]] = (uint32_t)rank;
			continue;
		}
		insert(b, tok, (size_t)n, (uint32_t)rank, alen);
		if (n <= 8)
			continue;
		if (alen + (size_t)n > acap) {
			acap = acap ? 2 * acap : 1 << 16;
			b->arena = xrealloc(b->arena, acap);
		}
		memcpy(b->arena + alen, tok, (size_t)n);
		alen += (size_t)n;
	}
	for (i = 0; i < 256; i++)
		if (!seen[i]) {
			snprintf(err, errlen, "%s: no rank for the byte 0x%02zx",
			    name, i);
			goto bad;
		}
	qsort(ranks, b->n, sizeof *ranks, cmp_u32);
	for (i = 1; i < b->n; i++)
		if (ranks[i] == ranks[i - 1]) {
			snprintf(err, errlen, "%s: rank %u given twice", name,
			    ranks[i]);
			goto bad;
		}
	for (i = 0; i < sizeof specials / sizeof specials[0]; i++)
		if (bsearch(&specials[i].id, ranks, b->n, sizeof *ranks, cmp_u32)) {
			snprintf(err, errlen, "%s: rank %u is the special token %s",
			    name, specials[i].id, specials[i].text);
			goto bad;
		}
	free(ranks);
	return 0;
bad:
	free(ranks);
	return -1;
}

bpe *
bpe_open_mem(const char *name, const char *data, size_t len, char *err,
    size_t errlen)
{
	const char *base = strrchr(name, '/');
	char label[64];
	size_t n;
	bpe *b;

	base = base ? base + 1 : name;
	n = strlen(base);
	if (n > 9 && strcmp(base + n - 9, ".tiktoken") == 0)
		n -= 9;
	if (n >= sizeof label)
		n = sizeof label - 1;
	memcpy(label, base, n);
	label[n] = '\0';
	if ((b = bpe_new(label, err, errlen)) == NULL)
		return NULL;
	if (len > BPE_MAX_TABLE) {
		snprintf(err, errlen, "%s: larger than %zu MiB", name,
		    BPE_MAX_TABLE >> 20);
		bpe_free(b);
		return NULL;
	}
	if (load(b, name, data, len, err, errlen) < 0) {
		bpe_free(b);
		return NULL;
	}
	return b;
}

bpe *
bpe_open(const char *path, char *err, size_t errlen, int *sys)
{
	struct stat st;
	char *data;
	size_t got = 0;
	int fd;
	bpe *b;

	*sys = 0;
	if (path == NULL)
		return bpe_new("approximate", err, errlen);
	if ((fd = open(path, O_RDONLY)) < 0 || fstat(fd, &st) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		*sys = 1;
		return NULL;
	}
	if (!S_ISREG(st.st_mode) || (size_t)st.st_size > BPE_MAX_TABLE) {
		snprintf(err, errlen, "%s: %s", path, S_ISREG(st.st_mode) ?
		    "too large for a rank table" : "not a regular file");
		close(fd);
		return NULL;
	}
	data = xmalloc((size_t)st.st_size + 1);
	while (got < (size_t)st.st_size) {
		ssize_t r = read(fd, data + got, (size_t)st.st_size - got);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			snprintf(err, errlen, "%s: %s", path, r < 0 ?
			    strerror(errno) : "file shrank while read");
			free(data);
			close(fd);
			*sys = 1;
			return NULL;
		}
		got += (size_t)r;
	}
	close(fd);
	b = bpe_open_mem(path, data, got, err, errlen);
	free(data);
	return b;
}

bpe *
bpe_setup(const char *opt)
{
	const char *path = opt != NULL ? opt : getenv("LG_TOKENIZER");
	char err[512], *shipped = NULL;
	int sys;
	bpe *b;

	if (path == NULL) {
		shipped = share_path("tokenizers/cl100k_base.tiktoken");
		if (access(shipped, F_OK) == 0)
			path = shipped;
		else	/* never a silent estimate where cl100k is meant */
			lg_warn("%s: the shipped cl100k_base table is missing "
			    "(set LG_SHARE to lg's share folder, or "
			    "LG_TOKENIZER to a table): token counts are "
			    "approximate", shipped);
	} else if (*path == '\0')
		path = NULL;
	b = bpe_open(path, err, sizeof err, &sys);
	free(shipped);
	if (b == NULL)
		lg_die(sys ? LG_SYS : LG_USAGE, "%s", err);
	return b;
}

static int
cmp_ref(const void *x, const void *y)
{
	const struct tokref *a = x, *b = y;

	return a->rank < b->rank ? -1 : a->rank > b->rank;
}

const char *
bpe_token(bpe *b, uint32_t id, size_t *len)
{
	struct tokref key, *r;
	size_t i, k = 0;

	for (i = 0; i < sizeof specials / sizeof specials[0]; i++)
		if (specials[i].id == id) {
			*len = strlen(specials[i].text);
			return specials[i].text;
		}
	if (b->tab == NULL)
		return NULL;
	if (b->byid == NULL) {
		b->byid = xreallocarray(NULL, b->n, sizeof *b->byid);
		for (i = 0; i < 256; i++) {
			b->bytes[i] = (unsigned char)i;
			b->byid[k].rank = b->byte_rank[i];
			b->byid[k].len = 1;
			b->byid[k++].p = b->bytes + i;
		}
		b->shorts = xreallocarray(NULL, b->n, 8);
		for (i = 0; i <= b->mask; i++) {
			const slot *t = b->tab + i;

			if (t->len == 0)
				continue;
			b->byid[k].rank = t->rank;
			b->byid[k].len = t->len;
			if (t->len > 8)
				b->byid[k].p = b->arena + t->w;
			else {
				unsigned char *s = b->shorts + 8 * k;
				size_t j;

				for (j = 0; j < t->len; j++)
					s[j] = (unsigned char)(t->w >> 8 * j);
				b->byid[k].p = s;
			}
			k++;
		}
		qsort(b->byid, k, sizeof *b->byid, cmp_ref);
	}
	key.rank = id;
	if ((r = bsearch(&key, b->byid, b->n, sizeof *b->byid, cmp_ref)) == NULL)
		return NULL;
	*len = r->len;
	return (const char *)r->p;
}

/* ---- merging ---- */

static void
scratch(bpe *b, size_t n)
{
	if (n <= b->scap)
		return;
	b->scap = n + n / 2;
	b->a = xreallocarray(b->a, b->scap, sizeof *b->a);
	b->b = xreallocarray(b->b, b->scap, sizeof *b->b);
	b->c = xreallocarray(b->c, b->scap, sizeof *b->c);
}

static void
emit(bpe *b, size_t k, uint32_t id)
{
	if (k >= b->ocap) {
		b->ocap = b->ocap ? 2 * b->ocap : 256;
		b->out = xreallocarray(b->out, b->ocap, sizeof *b->out);
	}
	b->out[k] = id;
}

/*
 * Linear scan: parts start at a[0..m), a[m-1] == n closing the last one;
 * r[i] is the rank of parts i and i+1 together.  Returns the token count,
 * the ids in b->out when want.
 */
static size_t
merge_scan(bpe *b, const unsigned char *p, size_t n, int want)
{
	uint32_t *a = b->a, *r = b->b;
	size_t m = n + 1, i, k;

	for (i = 0; i + 1 < n; i++) {
		a[i] = (uint32_t)i;
		r[i] = rank_of(b, p + i, 2);
	}
	a[n - 1] = (uint32_t)(n - 1);
	r[n - 1] = NORANK;
	a[n] = (uint32_t)n;
	r[n] = NORANK;
	for (;;) {
		uint32_t best = NORANK;
		size_t at = 0;

		for (i = 0; i + 1 < m; i++)
			if (r[i] < best) {
				best = r[i];
				at = i;
			}
		if (best == NORANK)
			break;
		/* parts at and at+1 become one: the pairs it makes with its
		 * neighbours, measured before part at+1 goes */
		if (at > 0)
			r[at - 1] = at + 2 < m ?
			    rank_of(b, p + a[at - 1], a[at + 2] - a[at - 1]) : NORANK;
		r[at] = at + 3 < m ? rank_of(b, p + a[at], a[at + 3] - a[at]) : NORANK;
		memmove(a + at + 1, a + at + 2, (m - at - 2) * sizeof *a);
		memmove(r + at + 1, r + at + 2, (m - at - 2) * sizeof *r);
		m--;
	}
	if (want)
		for (k = 0; k + 1 < m; k++)
			emit(b, k, rank_of(b, p + a[k], a[k + 1] - a[k]));
	return m - 1;
}

/*
 * The long merge.  The parts are a list: end is the end of the part starting
 * at x (0 once it is merged into the one before), prev the start of the one
 * before, rank the rank of the part with the next.  Each pair
 * is a key rank << 32 | x, so that the least key is the lowest rank and of
 * equal ones the leftmost; a key whose part is gone or whose rank changed
 * since is dropped when it comes up (a part's spans only grow, and two
 * spans never have one rank, so a key that matches is current).
 *
 * The keys wait in buckets by rank (the top bits of the rank when the
 * ranks go past BUCKETS), taken in order: a bucket's keys are sorted when
 * its turn comes, and a key for a bucket already begun goes to a 4-ary
 * heap instead; the least of the bucket's next key and the heap's is the
 * least key of all.  A merge of rank R makes longer spans, whose ranks are
 * nearly always higher, so nearly every key goes to a bucket to come and
 * the heap stays small: a merge costs O(1) but for the sorting of buckets.
 */
#define NONE UINT32_MAX
#define BUCKETS ((size_t)1 << 17)
#define KEY(rank, x) ((uint64_t)(rank) << 32 | (x))
#define AHEAD 8

struct part {
	uint32_t end, prev, rank;
};

/* The parts of a bucket's keys, as they came, in chunks of two lines. */
#define CHUNK 30
struct chunk {
	uint32_t x[CHUNK];
	uint32_t n, next;
};

static void
down(uint64_t *h, size_t n, size_t i)
{
	uint64_t v = h[i];

	for (;;) {
		size_t c = 4 * i + 1, m = c, j, e = c + 4 < n ? c + 4 : n;

		if (c >= n)
			break;
		for (j = c + 1; j < e; j++)
			if (h[j] < h[m])
				m = j;
		if (h[m] >= v)
			break;
		h[i] = h[m];
		i = m;
	}
	h[i] = v;
}

static int
cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;

	return a < b ? -1 : a > b;
}

/* The queue of one long merge: buckets before upto have been begun; the
 * chunks of those are free for others. */
struct queue {
	size_t upto, nc, hn, rn, ri;
	uint32_t free;
};

/* Keep a key for later: in its bucket, or in the heap. */
static void
later(bpe *b, struct queue *q, uint64_t key)
{
	size_t bk = (size_t)(key >> 32) >> b->bshift, i;

	if (bk < q->upto) {
		uint64_t *h;

		if ((i = q->hn++) == b->hcap) {
			b->hcap = b->hcap ? 2 * b->hcap : 1024;
			b->heap = xreallocarray(b->heap, b->hcap,
			    sizeof *b->heap);
		}
		h = b->heap;
		while (i > 0 && key < h[(i - 1) / 4]) {
			h[i] = h[(i - 1) / 4];
			i = (i - 1) / 4;
		}
		h[i] = key;
		return;
	}
	if ((i = b->tail[bk]) == NONE || b->chunks[i].n == CHUNK) {
		size_t c;

		if (q->free != NONE) {	/* one of a bucket begun */
			c = q->free;
			q->free = b->chunks[c].next;
		} else if ((c = q->nc++) == b->ccap) {
			b->ccap = b->ccap ? 2 * b->ccap : 256;
			b->chunks = xreallocarray(b->chunks, b->ccap,
			    sizeof *b->chunks);
		}
		b->chunks[c].n = 0;
		b->chunks[c].next = NONE;
		if (i == NONE) {
			b->head[bk] = (uint32_t)c;
			b->bits[bk / 64] |= (uint64_t)1 << bk % 64;
		} else
			b->chunks[i].next = (uint32_t)c;
		b->tail[bk] = (uint32_t)c;
		i = c;
	}
	b->chunks[i].x[b->chunks[i].n++] = (uint32_t)key;
}

/* Begin the next bucket with keys: its keys sorted in b->run; 0 when no
 * bucket is left. */
static int
begin(bpe *b, struct queue *q)
{
	size_t w = q->upto / 64, c, n = 0, nw = (b->nb + 63) / 64;
	uint64_t m;
	uint32_t i;
	int sorted = 1;

	if (w >= nw)
		return 0;
	m = b->bits[w] & ~(uint64_t)0 << q->upto % 64;
	while (m == 0) {
		if (++w == nw)
			return 0;
		m = b->bits[w];
	}
	for (c = w * 64; (m & 1) == 0; m >>= 1)
		c++;
	b->bits[w] &= ~((uint64_t)1 << c % 64);
	q->upto = c + 1;
	for (i = b->head[c]; i != NONE; i = b->chunks[i].next) {
		const struct chunk *k = b->chunks + i;
		size_t j;

		if (n + CHUNK > b->rcap) {
			b->rcap = b->rcap ? 2 * b->rcap : 1024;
			b->run = xreallocarray(b->run, b->rcap, sizeof *b->run);
		}
		for (j = 0; j < k->n; j++) {
			const struct part *pt = b->parts + k->x[j];

			/* the part's key now, if it is still in this bucket */
			if (pt->end == 0 || pt->rank == NORANK ||
			    pt->rank >> b->bshift != c)
				continue;
			b->run[n] = KEY(pt->rank, k->x[j]);
			if (n > 0 && b->run[n] < b->run[n - 1])
				sorted = 0;
			n++;
		}
	}
	b->chunks[b->tail[c]].next = q->free;
	q->free = b->head[c];
	b->head[c] = b->tail[c] = NONE;
	if (!sorted)
		qsort(b->run, n, sizeof *b->run, cmp_u64);
	q->rn = n;
	q->ri = 0;
	return 1;
}

/* The least key left, in *key; 0 when none is. */
static int
least(bpe *b, struct queue *q, uint64_t *key)
{
	for (;;) {
		if (q->ri < q->rn &&
		    (q->hn == 0 || b->run[q->ri] < b->heap[0])) {
#ifdef __GNUC__
			/* the part a few keys on, to have it when it comes */
			if (q->ri + AHEAD < q->rn)
				__builtin_prefetch(b->parts +
				    (uint32_t)b->run[q->ri + AHEAD], 1);
#endif
			*key = b->run[q->ri++];
			return 1;
		}
		if (q->hn > 0) {
			*key = b->heap[0];
			b->heap[0] = b->heap[--q->hn];
			down(b->heap, q->hn, 0);
			return 1;
		}
		if (!begin(b, q))
			return 0;
	}
}

/* The buckets, once per tokenizer, and room for n parts. */
static void
long_scratch(bpe *b, size_t n)
{
	size_t i;

	if (b->head == NULL) {
		b->bshift = 0;
		while (b->maxrank >> b->bshift >= BUCKETS)
			b->bshift++;
		b->nb = (b->maxrank >> b->bshift) + 1;
		b->head = xreallocarray(NULL, b->nb, sizeof *b->head);
		b->tail = xreallocarray(NULL, b->nb, sizeof *b->tail);
		b->bits = xcalloc((b->nb + 63) / 64, sizeof *b->bits);
		for (i = 0; i < b->nb; i++)
			b->head[i] = b->tail[i] = NONE;
	}
	if (n > b->pcap) {
		b->pcap = n + n / 2;
		b->parts = xreallocarray(b->parts, b->pcap, sizeof *b->parts);
	}
}

static size_t
merge_long(bpe *b, const unsigned char *p, size_t n, int want)
{
	struct queue q = { 0, 0, 0, 0, 0, NONE };
	struct part *pt;
	size_t i, k = 0, count = n;
	uint64_t key;

	long_scratch(b, n);
	pt = b->parts;
	for (i = 0; i < n; i++) {
		pt[i].end = (uint32_t)(i + 1);
		pt[i].prev = i > 0 ? (uint32_t)(i - 1) : NONE;
		pt[i].rank = i + 1 < n ? rank_of(b, p + i, 2) : NORANK;
		if (pt[i].rank != NORANK)
			later(b, &q, KEY(pt[i].rank, i));
	}
	while (least(b, &q, &key)) {
		uint32_t x = (uint32_t)key, y, z, w;

		if (pt[x].end == 0 || pt[x].rank != (uint32_t)(key >> 32))
			continue;
		/* x and the part after it, y, become one */
		y = pt[x].end;
		z = pt[y].end;
		pt[y].end = 0;
		pt[x].end = z;
		count--;
		pt[x].rank = NORANK;
		if (z < n) {
			pt[z].prev = x;
			pt[x].rank = rank_of(b, p + x, pt[z].end - x);
			if (pt[x].rank != NORANK)
				later(b, &q, KEY(pt[x].rank, x));
		}
		if ((w = pt[x].prev) != NONE &&
		    (pt[w].rank = rank_of(b, p + w, z - w)) != NORANK)
			later(b, &q, KEY(pt[w].rank, w));
	}
	if (want)
		for (i = 0; i < n; i = pt[i].end)
			emit(b, k++, rank_of(b, p + i, pt[i].end - i));
	return count;
}

/* Tokens of one piece. */
static size_t
piece(bpe *b, const unsigned char *p, size_t n, int want)
{
	uint32_t r = rank_of(b, p, n);

	if (r != NORANK) {
		if (want)
			emit(b, 0, r);
		return 1;
	}
	scratch(b, n + 1);
	return n > bpe_heap_from ? merge_long(b, p, n, want) :
	    merge_scan(b, p, n, want);
}

/* Rough tokens of one piece without a table: a token for every eight
 * ASCII bytes begun (within 2% over on English novels), one for every
 * other character.  Code and random strings hold more. */
static size_t
guess(const unsigned char *p, size_t n)
{
	size_t ascii = 0, other = 0, i;

	for (i = 0; i < n; i++) {
		if (p[i] < 0x80)
			ascii++;
		else if ((p[i] & 0xc0) != 0x80)
			other++;
	}
	return (ascii + 7) / 8 + other;
}

static void
push_ids(bpe *b, uint32_t **ids, size_t *cap, size_t at, size_t k)
{
	if (at + k > *cap) {
		size_t c = *cap ? *cap : 64;

		while (c < at + k)
			c *= 2;
		*ids = xreallocarray(*ids, c, sizeof **ids);
		*cap = c;
	}
	memcpy(*ids + at, b->out, k * sizeof **ids);
}

size_t
bpe_piece(bpe *b, const char *p, size_t n, uint32_t **ids, size_t *cap)
{
	size_t k;

	if (b->tab == NULL || n > BPE_MAX_TEXT)
		return (size_t)-1;
	if (n == 0)
		return 0;
	k = piece(b, (const unsigned char *)p, n, ids != NULL);
	if (ids != NULL)
		push_ids(b, ids, cap, 0, k);
	return k;
}

/* Tokens of ordinary text s[0..len), valid UTF-8; ids from index at. */
static size_t
ordinary(bpe *b, const char *s, size_t len, uint32_t **ids, size_t *cap,
    size_t at)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t pos = 0, total = 0;

	while (pos < len) {
		PCRE2_SIZE *ov;
		size_t k;
		int rc;

		rc = b->jit ? pcre2_jit_match(b->re, u, len, pos, PCRE2_NO_UTF_CHECK,
		    b->md, b->mc) : pcre2_match(b->re, u, len, pos, PCRE2_NO_UTF_CHECK,
		    b->md, b->mc);
		if (rc == PCRE2_ERROR_NOMATCH)
			break;
		if (rc < 0)
			return (size_t)-1;
		ov = pcre2_get_ovector_pointer(b->md);
		if (ov[1] <= ov[0])
			return (size_t)-1;	/* no alternative matches empty */
		if (b->tab == NULL)
			k = guess(u + ov[0], ov[1] - ov[0]);
		else {
			k = piece(b, u + ov[0], ov[1] - ov[0], ids != NULL);
			if (ids != NULL)
				push_ids(b, ids, cap, at + total, k);
		}
		total += k;
		pos = ov[1];
	}
	return total;
}

/* The special token starting at s[0..len), or -1. */
static int
special_at(const char *s, size_t len)
{
	size_t i, n;

	for (i = 0; i < sizeof specials / sizeof specials[0]; i++) {
		n = strlen(specials[i].text);
		if (n <= len && memcmp(s, specials[i].text, n) == 0)
			return (int)i;
	}
	return -1;
}

/*
 * Replace ill-formed UTF-8 as Python's "replace" handler does: a lead byte
 * with the continuation bytes that can follow it so far, up to the first
 * that cannot, or a byte that starts nothing, is one U+FFFD.
 */
static void
fix_utf8(struct buf *out, const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i = 0, ok;

	buf_reset(out);
	while (i < len) {
		unsigned c;
		size_t need, j;
		unsigned lo = 0x80, hi = 0xbf;

		ok = utf8_invalid(str + i, len - i);
		buf_add(out, str + i, ok);
		i += ok;
		if (i >= len)
			break;
		c = s[i];
		if (c >= 0xc2 && c <= 0xdf)
			need = 1;
		else if (c >= 0xe0 && c <= 0xef) {
			need = 2;
			if (c == 0xe0)
				lo = 0xa0;
			else if (c == 0xed)
				hi = 0x9f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			need = 3;
			if (c == 0xf0)
				lo = 0x90;
			else if (c == 0xf4)
				hi = 0x8f;
		} else
			need = 0;
		/* the maximal subpart: skip what could have continued it */
		for (j = 1; j <= need && i + j < len; j++) {
			if (s[i + j] < lo || s[i + j] > hi)
				break;
			lo = 0x80;
			hi = 0xbf;
		}
		buf_add(out, "\xef\xbf\xbd", 3);
		i += j;
	}
}

size_t
bpe_encode(bpe *b, const char *s, size_t len, unsigned flags, uint32_t **ids,
    size_t *cap)
{
	size_t total = 0, start = 0, i, k;

	if (len > BPE_MAX_TEXT)
		return (size_t)-1;
	if (b->tab == NULL)
		ids = NULL;
	if (utf8_invalid(s, len) != len) {
		fix_utf8(&b->fixed, s, len);
		s = b->fixed.s;
		len = b->fixed.len;
	}
	if (flags & BPE_SPECIAL) {
		for (i = 0; i + 1 < len; i++) {
			int sp;

			if (s[i] != '<' || s[i + 1] != '|' ||
			    (sp = special_at(s + i, len - i)) < 0)
				continue;
			k = ordinary(b, s + start, i - start, ids, cap, total);
			if (k == (size_t)-1)
				return k;
			total += k;
			if (ids != NULL) {
				emit(b, 0, specials[sp].id);
				push_ids(b, ids, cap, total, 1);
			}
			total++;
			start = i + strlen(specials[sp].text);
			i = start - 1;
		}
	}
	k = ordinary(b, s + start, len - start, ids, cap, total);
	return k == (size_t)-1 ? k : total + k;
}
