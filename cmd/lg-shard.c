/*
 * lg-shard: cut a suite into shards by id, and put the shards' outputs
 * back together in the suite's order.
 *
 *   lg-shard K/N [file ...]                keep the records of shard K of N
 *   lg-shard --merge --order REF file ...  the records of the files, in the
 *                                          order of the ids of REF
 *
 * A record's shard is the first 8 bytes of the SHA-256 of its id, read as a
 * big-endian unsigned integer, modulo N, plus 1: it depends on the id
 * alone, never on where the record stands, so a suite that grows keeps its
 * cases in their shards.  Records pass through byte for byte.
 *
 * The merge reads every record of the shard files once to index them (id,
 * file, offset and length; memory grows with the number of ids, never with
 * the size of the records), checks that the ids are exactly those of REF,
 * each once, and only then copies each line from its file, in REF's order.
 * A duplicate, a missing id or one not in REF is reported and nothing is
 * written.  A shard output that is a pipe or a fifo is first copied to a
 * temporary file (seekable()).  The index and the lines read belong to
 * this file.
 */
#include <errno.h>
#include <stdarg.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmdline.h"
#include "buf.h"
#include "diag.h"
#include "jsonscan.h"
#include "opt.h"
#include "record.h"
#include "sha256.h"
#include "splice.h"
#include "tempfile.h"
#include "utf8.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_MAX_RECORD = 0x100, OPT_VERSION
};

static const char usage[] =
"usage: lg-shard [--max-record SIZE] K/N [file ...]\n"
"       lg-shard --merge --order REF [--max-record SIZE] file ...\n"
"\n"
"  K/N                keep the records whose id falls in shard K of N\n"
"                     (1 <= K <= N <= 1000000)\n"
"  --merge            put shard outputs back together in REF's order\n"
"  --order REF        the suite whose ids give the order (- for stdin)\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

#define MAX_SHARDS 1000000L
#define MAX_REPORTS 20	/* problems listed one by one before a count */

/* The shard of an id: 1 to n. */
static long
shard_of(const char *id, size_t len, long n)
{
	unsigned char d[32];
	uint64_t v = 0;
	int i;

	sha256(id, len, d);
	for (i = 0; i < 8; i++)
		v = v << 8 | d[i];
	return (long)(v % (uint64_t)n) + 1;
}

static int
parse_kn(const char *s, long *k, long *n)
{
	const char *slash = strchr(s, '/');
	char *head;
	long long kk, nn;
	int rc;

	if (slash == NULL)
		return -1;
	head = xstrndup(s, (size_t)(slash - s));
	rc = opt_parse_num(head, 1, MAX_SHARDS, &kk);
	free(head);
	if (rc != 0 || opt_parse_num(slash + 1, 1, MAX_SHARDS, &nn) != 0 || kk > nn)
		return -1;
	*k = (long)kk;
	*n = (long)nn;
	return 0;
}

/* ---- merging ---- */

typedef struct {
	char *id;		/* owned, len bytes and a NUL */
	size_t len;
	int file;		/* index into the shard files */
	long line;
	long long off;		/* the line's bytes in its file */
	size_t n;
	int used;		/* named by REF */
} entry;

typedef struct {
	entry *v;		/* open addressing; id == NULL is empty */
	size_t cap, count;
} index_t;

static uint64_t
hash(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ULL;
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

static entry *
slot(index_t *x, const char *id, size_t len)
{
	size_t i = (size_t)hash(id, len) & (x->cap - 1);

	while (x->v[i].id != NULL && (x->v[i].len != len ||
	    memcmp(x->v[i].id, id, len) != 0))
		i = (i + 1) & (x->cap - 1);
	return &x->v[i];
}

static void
grow(index_t *x)
{
	entry *old = x->v;
	size_t i, ocap = x->cap;

	x->cap = ocap ? ocap * 2 : 1024;
	x->v = xcalloc(x->cap, sizeof *x->v);
	for (i = 0; i < ocap; i++)
		if (old[i].id != NULL)
			*slot(x, old[i].id, old[i].len) = old[i];
	free(old);
}

static entry *
find(index_t *x, const char *id, size_t len)
{
	entry *e;

	if (x->cap == 0)
		return NULL;
	e = slot(x, id, len);
	return e->id != NULL ? e : NULL;
}

/*
 * A line reader that knows where each line starts.  A line longer than
 * the limit is skipped to its end, never held.
 */
typedef struct {
	FILE *f;
	const char *name;
	long line;
	long long off;		/* of the next line */
	struct buf b;
} lines;

/* 1 and the line in l->b (without LF, nor a CR before it), 0 at the end,
 * -1 on a read error; *toolong when the line was over max; *start its
 * offset. */
static int
next_line(lines *l, size_t max, int *toolong, long long *start)
{
	int ch, any = 0;

	l->b.len = 0;
	*toolong = 0;
	*start = l->off;
	while ((ch = getc_unlocked(l->f)) != EOF) {
		any = 1;
		l->off++;
		if (ch == '\n')
			break;
		if (l->b.len >= max)
			*toolong = 1;
		else
			buf_putc(&l->b, ch);
	}
	if (ferror(l->f))
		return -1;
	if (!any)
		return 0;
	l->line++;
	if (l->b.len > 0 && l->b.s[l->b.len - 1] == '\r')
		l->b.len--;
	return 1;
}

/* The id of the record in s[0..len): 0 and *rec (free it) with the id in
 * *id, *idlen, or -1 with the problem in *why. */
static int
line_id(const char *s, size_t len, cJSON **rec, const char **id,
    size_t *idlen, const char **why)
{
	jsonscan_member *m = NULL;
	size_t n = 0, cap = 0, at = 0;
	int isobj = 0;

	*rec = NULL;
	if (utf8_invalid(s, len) != len || memchr(s, '\0', len) != NULL) {
		*why = "invalid UTF-8 or a NUL byte";
		return -1;
	}
	if (jsonscan(s, len, &isobj, &m, &n, &cap, &at) != JSONSCAN_OK ||
	    !isobj || (*rec = splice_parse(s, len, m, n, 1, &at)) == NULL) {
		free(m);
		*why = "not a JSON object";
		return -1;
	}
	free(m);
	*id = rec_idn(*rec, idlen);
	if (*id == NULL || *idlen == 0) {
		*why = "id: missing, empty or not a string";
		return -1;
	}
	return 0;
}

/* ---- cutting ---- */

/* Write the lines of shard k of n as they came. */
static int
cut(char **files, int nfiles, long k, long n)
{
	jsonl *in = jsonl_open(files, nfiles);
	char *line;
	size_t len, i;
	int status = LG_OK;

	while (jsonl_line(in, &line, &len)) {
		const char *id, *why;
		size_t idlen;
		cJSON *rec;

		for (i = 0; i < len && (line[i] == ' ' || line[i] == '\t'); i++)
			;
		if (i == len)	/* a blank line */
			continue;
		if (line_id(line, len, &rec, &id, &idlen, &why) != 0) {
			jsonl_warn(in, "%s; skipped", why);
			status = LG_BAD;
		} else if (shard_of(id, idlen, n) == k) {
			if (fwrite(line, 1, len, stdout) != len ||
			    putchar('\n') == EOF)
				lg_write_failed(errno);
		}
		rec_free(rec);
	}
	if (jsonl_status(in) != LG_OK)
		status = jsonl_status(in);
	jsonl_free(in);
	return lg_finish(status);
}

typedef struct {
	char **files;
	int nfiles;
	FILE **fp;
	index_t x;
	int problems;
} merge_ctx;

static void
problem(merge_ctx *c, const char *file, long line, const char *fmt, ...)
    LG_PRINTF(4, 5);

static void
problem(merge_ctx *c, const char *file, long line, const char *fmt, ...)
{
	va_list ap;

	if (++c->problems > MAX_REPORTS)
		return;
	va_start(ap, fmt);
	lg_vwarnat(file, line, fmt, ap);
	va_end(ap);
}

/* An id fit for a message: printable ASCII, the rest escaped, at most
 * 200 bytes shown. */
static char *
shown(const char *id, size_t len)
{
	struct buf b = { 0 };
	size_t i;

	for (i = 0; i < len && i < 200; i++) {
		unsigned char ch = (unsigned char)id[i];

		if (ch >= 0x20 && ch < 0x7f && ch != '\\')
			buf_putc(&b, ch);
		else
			buf_printf(&b, "\\x%02x", ch);
	}
	if (len > 200)
		buf_puts(&b, "...");
	return buf_take(&b);
}

/*
 * A shard output that is not a regular file (a pipe, a fifo, a process
 * substitution) can be read only once: it is copied whole to a temporary
 * file, which the merge reads to index it and again to copy its lines.
 * Dies with status 3, before anything is written, when the copy fails.
 */
static FILE *
seekable(FILE *f, const char *name)
{
	struct stat st;
	char tmp[65536];
	size_t got;
	FILE *t;

	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode))
		return f;
	if ((t = tempfile_open("lg-shard")) == NULL)
		lg_die(LG_SYS, "%s: not a regular file, and no temporary file to "
		    "copy it to", name);
	while ((got = fread(tmp, 1, sizeof tmp, f)) > 0)
		if (fwrite(tmp, 1, got, t) != got)
			break;
	if (ferror(f))
		lg_die(LG_SYS, "%s: %s", name, strerror(errno));
	if (ferror(t) || fflush(t) != 0)
		lg_die(LG_SYS, "%s: copying it to a temporary file: %s", name,
		    strerror(errno));
	fclose(f);
	rewind(t);
	return t;
}

/* Index every record of the shard files. */
static void
index_files(merge_ctx *c)
{
	int i;

	c->fp = xcalloc((size_t)c->nfiles, sizeof *c->fp);
	for (i = 0; i < c->nfiles; i++) {
		lines l = { 0 };
		long long start;
		int rc, toolong;

		if (strcmp(c->files[i], "-") == 0)
			lg_die(LG_USAGE, "--merge: a shard output must be a file, not stdin");
		if ((c->fp[i] = fopen(c->files[i], "rb")) == NULL)
			lg_die(LG_SYS, "%s: %s", c->files[i], strerror(errno));
		l.f = c->fp[i] = seekable(c->fp[i], c->files[i]);
		l.name = c->files[i];
		while ((rc = next_line(&l, jsonl_max, &toolong, &start)) == 1) {
			const char *id, *why;
			size_t idlen, n = l.b.len;
			const char *s = l.b.s;
			cJSON *rec;
			entry *e;

			if (l.line == 1 && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
				s += 3;
				n -= 3;
				start += 3;
			}
			if (toolong) {
				problem(c, l.name, l.line, "record longer than %zu bytes",
				    jsonl_max);
				continue;
			}
			/* a blank line (the buf ends in a NUL) */
			if (n == 0 || strspn(s, " \t") >= n)
				continue;
			if (line_id(s, n, &rec, &id, &idlen, &why) != 0) {
				problem(c, l.name, l.line, "%s", why);
				rec_free(rec);
				continue;
			}
			if ((e = find(&c->x, id, idlen)) != NULL) {
				char *sh = shown(id, idlen);

				problem(c, l.name, l.line, "duplicate id %s, first at %s:%ld",
				    sh, c->files[e->file], e->line);
				free(sh);
				rec_free(rec);
				continue;
			}
			if ((c->x.count + 1) * 2 > c->x.cap)
				grow(&c->x);
			e = slot(&c->x, id, idlen);
			e->id = xmalloc(idlen + 1);
			memcpy(e->id, id, idlen);
			e->id[idlen] = '\0';
			e->len = idlen;
			e->file = i;
			e->line = l.line;
			e->off = start;
			e->n = n;
			c->x.count++;
			rec_free(rec);
		}
		if (rc < 0)
			lg_die(LG_SYS, "%s: %s", l.name, strerror(errno));
		free(l.b.s);
	}
}

/* Check REF against the index; the entries in REF's order. */
static entry **
check_order(merge_ctx *c, const char *ref, size_t *nout)
{
	char *files[1];
	jsonl *in;
	cJSON *rec;
	entry **order = NULL;
	size_t n = 0, cap = 0, i;
	long missing = 0, extra = 0;

	files[0] = (char *)ref;
	in = jsonl_open(files, 1);
	jsonl_lazy(in);
	while ((rec = jsonl_next(in)) != NULL) {
		size_t len;
		const char *id = rec_idn(rec, &len);
		entry *e;

		if (id == NULL || len == 0) {
			problem(c, jsonl_file(in), jsonl_lineno(in),
			    "id: missing, empty or not a string");
		} else if ((e = find(&c->x, id, len)) == NULL) {
			char *sh = shown(id, len);

			missing++;
			problem(c, jsonl_file(in), jsonl_lineno(in),
			    "id %s: in no shard output", sh);
			free(sh);
		} else if (e->used) {
			char *sh = shown(id, len);

			problem(c, jsonl_file(in), jsonl_lineno(in),
			    "id %s: twice in the suite", sh);
			free(sh);
		} else {
			e->used = 1;
			if (n == cap) {
				cap = cap ? cap * 2 : 1024;
				order = xreallocarray(order, cap, sizeof *order);
			}
			order[n++] = e;
		}
		rec_free(rec);
	}
	if (jsonl_syserrors(in))
		lg_die(LG_SYS, "%s: cannot read the suite", ref);
	if (jsonl_errors(in))
		c->problems++;
	jsonl_free(in);
	for (i = 0; i < c->x.cap; i++) {
		entry *e = &c->x.v[i];

		if (e->id != NULL && !e->used) {
			char *sh = shown(e->id, e->len);

			extra++;
			problem(c, c->files[e->file], e->line, "id %s: not in the suite",
			    sh);
			free(sh);
		}
	}
	if (missing > 0)
		lg_warn("%ld id%s of the suite in no shard output", missing,
		    missing == 1 ? "" : "s");
	if (extra > 0)
		lg_warn("%ld id%s of the shard outputs not in the suite", extra,
		    extra == 1 ? "" : "s");
	*nout = n;
	return order;
}

static int
merge(char **files, int nfiles, const char *ref)
{
	merge_ctx c;
	entry **order;
	size_t n, i;
	struct buf b = { 0 };

	memset(&c, 0, sizeof c);
	c.files = files;
	c.nfiles = nfiles;
	index_files(&c);
	order = check_order(&c, ref, &n);
	if (c.problems > MAX_REPORTS)
		lg_warn("%d problems in all", c.problems);
	if (c.problems > 0) {
		lg_warn("nothing merged");
	} else {
		for (i = 0; i < n; i++) {
			entry *e = order[i];
			FILE *f = c.fp[e->file];

			b.len = 0;
			buf_grow(&b, e->n + 1);
			if (fseeko(f, (off_t)e->off, SEEK_SET) != 0 ||
			    fread(b.s, 1, e->n, f) != e->n)
				lg_die(LG_SYS, "%s: cannot read again: %s", files[e->file],
				    ferror(f) ? strerror(errno) : "the file shrank");
			b.s[e->n] = '\n';
			if (fwrite(b.s, 1, e->n + 1, stdout) != e->n + 1)
				lg_write_failed(errno);
		}
	}
	free(b.s);
	free(order);
	for (i = 0; i < c.x.cap; i++)
		free(c.x.v[i].id);
	free(c.x.v);
	for (i = 0; i < (size_t)nfiles; i++)
		fclose(c.fp[i]);
	free(c.fp);
	return lg_finish(c.problems > 0 ? LG_BAD : LG_OK);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "merge", no_argument, NULL, 'm' },
		{ "order", required_argument, NULL, 'o' },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	const char *ref = NULL;
	int ch, domerge = 0;
	long k, n;

	lg_init(argv[0]);
	while ((ch = lg_getopt(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'm': domerge = 1; break;
		case 'o': ref = optarg; break;
		case OPT_MAX_RECORD: opt_max_record(optarg); break;
		case 'h': lg_usage(usage, 0);
		case OPT_VERSION: lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	if (domerge) {
		if (ref == NULL)
			lg_die(LG_USAGE, "--merge needs --order REF, the suite");
		if (optind >= argc)
			lg_die(LG_USAGE, "--merge: no shard output named");
		return merge(argv + optind, argc - optind, ref);
	}
	if (ref != NULL)
		lg_die(LG_USAGE, "--order goes with --merge");
	if (optind >= argc)
		lg_usage(usage, LG_USAGE);
	if (parse_kn(argv[optind], &k, &n) != 0)
		lg_die(LG_USAGE, "%s: not a shard K/N with 1 <= K <= N <= %ld",
		    argv[optind], MAX_SHARDS);
	optind++;
	return cut(argv + optind, argc - optind, k, n);
}
