/*
 * sheet.c: a random sample of judged items as a TSV sheet for a person to
 * label, and the labelled sheet read back as a judging.
 *
 * The sheet's columns: id, bench, task, model (gen.model, or -), index (the verdict's place in its
 * record), item (what it judges), want (the check's wanted text, or the
 * gold element the item stands for), answer (the part of the answer the
 * check reads, or the whole answer, cut to --cut bytes) and label, empty.
 * Cells are escaped (tsv_escape), so one item is one line, and one that a
 * spreadsheet would read as a formula gets a single quote first
 * (sheet_cell), taken off when read back.  The sample is
 * drawn by reservoir from the decided items (pass or fail, of records
 * without an error), seeded, and written in reading order; the judges'
 * verdicts are not on the sheet.
 *
 * Read back, each labelled row becomes a verdict {"index", "key", "pass",
 * "judged", "by"} of a record with the row's id, bench, task and
 * gen.model; a row
 * whose label is empty or "?" becomes an undecided verdict.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "agree.h"
#include "diag.h"
#include "nulkey.h"
#include "record.h"
#include "rng.h"
#include "util.h"
#include "xalloc.h"

static const char sheet_head[] =
    "id\tbench\ttask\tmodel\tindex\titem\twant\tanswer\tlabel";
enum { S_ID, S_BENCH, S_TASK, S_MODEL, S_INDEX, S_ITEM, S_WANT, S_ANSWER, S_LABEL,
    NCOL };

#define MAX_LINE (16L << 20)

void
tsv_escape(struct buf *b, const char *s, size_t len)
{
	size_t i;

	buf_puts(b, "");
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c == '\\')
			buf_puts(b, "\\\\");
		else if (c == '\t')
			buf_puts(b, "\\t");
		else if (c == '\n')
			buf_puts(b, "\\n");
		else if (c == '\r')
			buf_puts(b, "\\r");
		else if (c < 0x20 || c == 0x7f)
			buf_printf(b, "\\x%02x", c);
		else
			buf_putc(b, c);
	}
}

/* A cell unescaped into b: 0, or -1 on a bad escape. */
static int
tsv_unescape(struct buf *b, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *h, *l;

	buf_puts(b, "");
	for (; *s; s++) {
		if (*s != '\\') {
			buf_putc(b, *s);
			continue;
		}
		switch (*++s) {
		case '\\': buf_putc(b, '\\'); break;
		case 't': buf_putc(b, '\t'); break;
		case 'n': buf_putc(b, '\n'); break;
		case 'r': buf_putc(b, '\r'); break;
		case 'x':
			if (s[1] == '\0' || (h = strchr(hex, s[1])) == NULL ||
			    s[2] == '\0' || (l = strchr(hex, s[2])) == NULL)
				return -1;
			buf_add(b, &(char){ (char)((h - hex) * 16 + (l - hex)) },
			    1);
			s += 2;
			break;
		default:
			return -1;
		}
	}
	return 0;
}

/*
 * A cell of the sheet: escaped as tsv_escape() does, after a single quote
 * when a spreadsheet would read it as a formula (it starts with =, +, -,
 * @, a tab or a CR: OWASP's list for CSV injection) or when it starts with
 * the quote itself; reading the sheet back takes one leading quote off.
 */
static void
sheet_cell(struct buf *b, const char *s, size_t len)
{
	if (len > 0 && s[0] != '\0' && memchr("=+-@\t\r'", s[0], 7) != NULL)
		buf_putc(b, '\'');
	tsv_escape(b, s, len);
}

/* The text of s[0..len) cut to max bytes at a character's start. */
static void
cut_text(struct buf *b, const char *s, size_t len, size_t max)
{
	size_t n = len;

	if (n > max) {
		n = max;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	sheet_cell(b, s, n);
	if (n < len)
		buf_printf(b, " [%zu more bytes]", len - n);
}

static int
is_lgb(const cJSON *rec)
{
	const char *b = rec_str(rec, "bench");

	return b != NULL && strcmp(b, "longgenbench") == 0;
}

/* The gold array whose element a LongWeave item stands for (ITEMS of the
 * task list, tasks.def; NULL: the task has none). */
static const struct {
	const char *task, *array;
} golds[] = {
#define LW(t, shown, label, by, items) { #t, items },
#define ADA(t, ...)
#include "tasks.def"
#undef LW
#undef ADA
};

/* What the item at place pos (verdict v) of rec judges, into b. */
static void
want(struct buf *b, const cJSON *rec, const cJSON *v, long pos, size_t max)
{
	const cJSON *el = NULL, *w, *at = cJSON_GetObjectItemCaseSensitive(v,
	    "at");
	const char *task = rec_str(rec, "task");
	size_t i;
	char *s;

	if (!cJSON_IsNumber(at))
		at = cJSON_GetObjectItemCaseSensitive(v, "item");
	if (is_lgb(rec))
		el = cJSON_GetArrayItem(rec_get(rec, "checks"), (int)pos);
	else if (task != NULL && cJSON_IsNumber(at) && at->valuedouble >= 0 &&
	    at->valuedouble < 1e9)
		for (i = 0; i < sizeof golds / sizeof golds[0]; i++)
			if (golds[i].array != NULL &&
			    strcmp(task, golds[i].task) == 0)
				el = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(
				    rec_get(rec, "gold"), golds[i].array),
				    (int)at->valuedouble);
	if (el == NULL)
		return;
	if (cJSON_IsString(w = cJSON_GetObjectItemCaseSensitive(el, "want"))) {
		cut_text(b, w->valuestring, strlen(w->valuestring), max);
		return;
	}
	if ((s = cJSON_PrintUnformatted(el)) == NULL)
		lg_die(LG_SYS, "out of memory");
	cut_text(b, s, strlen(s), max);
	cJSON_free(s);
}

/* The answer the item reads: a LongGenBench check its entry (parts, by
 * lg-split), else the whole answer. */
static void
answer(struct buf *b, const cJSON *rec, const cJSON *v, size_t max)
{
	const cJSON *at = cJSON_GetObjectItemCaseSensitive(v, "at"), *p;
	const char *why, *s;
	size_t len = 0;

	s = rec_answer_len(rec, &len, &why);
	if (s == NULL)
		return;
	if (is_lgb(rec) && cJSON_IsNumber(at))
		cJSON_ArrayForEach(p, rec_get(rec, "parts")) {
			double pa = rec_num(p, "at", -1), off = rec_num(p, "off", -1),
			    n = rec_num(p, "len", -1);

			if (pa == at->valuedouble && off >= 0 && n >= 0 &&
			    off + n <= (double)len) {
				cut_text(b, s + (size_t)off, (size_t)n, max);
				return;
			}
		}
	cut_text(b, s, len, max);
}

static char gen_name[] = "gen", model_name[] = "model";
static char *model_part[] = { gen_name, model_name };

struct row {
	unsigned long long seq;
	char *line;		/* the cells but the label */
};

static char *
row_line(const cJSON *rec, const cJSON *v, long pos, const struct opts *o)
{
	struct buf b = { 0 }, raw = { 0 };
	const char *id, *bench = rec_str(rec, "bench"), *task = rec_str(rec,
	    "task");
	char *key = verdict_key(v), *model;
	size_t len;

	id = rec_idn(rec, &len);
	sheet_cell(&b, id, len);
	buf_putc(&b, '\t');
	if (bench != NULL)
		sheet_cell(&b, bench, strlen(bench));
	else
		buf_putc(&b, '-');
	buf_putc(&b, '\t');
	if (task != NULL)
		sheet_cell(&b, task, strlen(task));
	else
		buf_putc(&b, '-');
	buf_putc(&b, '\t');
	if ((model = nulkey_at(rec, model_part, 2)) != NULL) {
		nulkey_bytes(&raw, model);
		sheet_cell(&b, raw.s ? raw.s : "", raw.len);
		buf_free(&raw);
		free(model);
	} else
		buf_putc(&b, '-');
	buf_printf(&b, "\t%ld\t", pos);
	if (key != NULL)
		sheet_cell(&b, key, strlen(key));
	buf_putc(&b, '\t');
	want(&b, rec, v, pos, o->cut);
	buf_putc(&b, '\t');
	answer(&b, rec, v, o->cut);
	free(key);
	return buf_take(&b);
}

static int
cmp_row(const void *x, const void *y)
{
	const struct row *a = x, *b = y;

	return (a->seq > b->seq) - (a->seq < b->seq);
}

int
sheet_export(char **files, int nfiles, const struct opts *o)
{
	jsonl *in = jsonl_open(files, nfiles);
	struct row *res = xcalloc((size_t)o->sheet, sizeof *res);
	unsigned long long seen = 0;
	size_t kept = 0, i;
	const cJSON *vs, *v, *err;
	cJSON *rec;
	int status, bad = 0;
	long pos;
	rng r;

	rng_seed(&r, o->seed);
	jsonl_lazy(in);
	while ((rec = jsonl_next(in)) != NULL) {
		size_t len;
		const char *id = rec_idn(rec, &len);

		err = rec_get(rec, "error");
		vs = rec_get(rec, "verdicts");
		if (id == NULL || len == 0) {
			jsonl_warn(in, "id: missing or not a non-empty string");
			bad = 1;
		} else if ((err == NULL || cJSON_IsNull(err)) &&
		    cJSON_IsArray(vs)) {
			pos = 0;
			cJSON_ArrayForEach(v, vs) {
				int out = verdict_outcome(v);
				uint64_t slot;

				if (out != V_PASS && out != V_FAIL) {
					pos++;
					continue;
				}
				slot = seen < (unsigned long long)o->sheet ? seen :
				    rng_below(&r, seen + 1);
				if (slot < (uint64_t)o->sheet) {
					free(res[slot].line);
					res[slot].seq = seen;
					res[slot].line = row_line(rec, v, pos, o);
					if (slot >= kept)
						kept = slot + 1;
				}
				seen++;
				pos++;
			}
		}
		rec_free(rec);
	}
	status = jsonl_status(in);
	jsonl_free(in);
	qsort(res, kept, sizeof *res, cmp_row);
	if (puts(sheet_head) == EOF)
		lg_write_failed(errno);
	for (i = 0; i < kept; i++) {
		if (printf("%s\t\n", res[i].line) < 0)
			lg_write_failed(errno);
		free(res[i].line);
	}
	free(res);
	if (seen < (unsigned long long)o->sheet)
		lg_warn("%llu judged items, fewer than %ld: all on the sheet",
		    seen, o->sheet);
	return status > bad ? status : bad;
}

/* A labelled row. */
struct lrow {
	char *id, *bench, *task, *model, *key;	/* keys */
	long idx;
	int v;				/* V_PASS, V_FAIL or V_UNDECIDED */
	const char *file;		/* borrowed: the sheet's name */
	long line;
	size_t nth;			/* the row's place in the reading */
};

static int
label(const char *s)
{
	static const char *const yes[] = { "pass", "yes", "y", "true", "1" };
	static const char *const no[] = { "fail", "no", "n", "false", "0" };
	size_t i;

	if (*s == '\0' || strcmp(s, "?") == 0)
		return V_UNDECIDED;
	for (i = 0; i < 5; i++) {
		if (strcasecmp(s, yes[i]) == 0)
			return V_PASS;
		if (strcasecmp(s, no[i]) == 0)
			return V_FAIL;
	}
	return -1;
}

static char *
trim(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		s[--n] = '\0';
	while (*s == ' ')
		s++;
	return s;
}

/* A line of the sheet into r: 0, or -1 with a message in why. */
static int
parse_row(char *line, struct lrow *r, const char **why)
{
	static char empty[] = "";
	char *c[NCOL], *p = line;
	struct buf b = { 0 };
	int n = 0, i, q;
	long ix;

	memset(r, 0, sizeof *r);
	for (n = 0; n < NCOL && p != NULL; n++) {
		c[n] = p;
		if ((p = strchr(p, '\t')) != NULL)
			*p++ = '\0';
	}
	if (p != NULL || n < NCOL - 1) {
		*why = "not 9 tab-separated cells (id, bench, task, model, "
		    "index, item, want, answer, label)";
		return -1;
	}
	if (n == NCOL - 1)
		c[S_LABEL] = empty;
	if ((r->v = label(trim(c[S_LABEL]))) < 0) {
		*why = "label: not pass or fail (yes or no, y or n, true or "
		    "false, 1 or 0), nor empty or ? for undecided";
		return -1;
	}
	if (parse_long(c[S_INDEX], &ix) < 0 || ix < 0 || ix > 1000000000) {
		*why = "index: not an integer from 0 to 1000000000";
		return -1;
	}
	r->idx = ix;
	for (i = 0; i < 5; i++) {
		static const int col[] = { S_ID, S_BENCH, S_TASK, S_MODEL,
		    S_ITEM };
		char **out[] = { &r->id, &r->bench, &r->task, &r->model,
		    &r->key };

		buf_reset(&b);
		if (tsv_unescape(&b, c[col[i]]) < 0) {
			*why = "a cell with a bad escape (\\\\, \\t, \\n, \\r, "
			    "\\xHH)";
			buf_free(&b);
			return -1;
		}
		/* the quote sheet_cell() put before a formula */
		q = b.len > 0 && b.s[0] == '\'';
		*out[i] = key_of(b.s ? b.s + q : "", b.len - (size_t)q);
	}
	buf_free(&b);
	if (*r->id == '\0') {
		*why = "id: empty";
		return -1;
	}
	return 0;
}

static void
lrow_free(struct lrow *r)
{
	free(r->id);
	free(r->bench);
	free(r->task);
	free(r->model);
	free(r->key);
}

/* By record, index, then reading order. */
static int
cmp_item(const struct lrow *a, const struct lrow *b)
{
	int c;

	if ((c = strcmp(a->bench, b->bench)) != 0 ||
	    (c = strcmp(a->task, b->task)) != 0 ||
	    (c = strcmp(a->id, b->id)) != 0 ||
	    (c = strcmp(a->model, b->model)) != 0)
		return c;
	return (a->idx > b->idx) - (a->idx < b->idx);
}

static int
cmp_lrow(const void *x, const void *y)
{
	const struct lrow *a = x, *b = y;
	int c = cmp_item(a, b);

	return c ? c : (a->nth > b->nth) - (a->nth < b->nth);
}

static void
write_records(struct lrow *r, size_t n, const char *by)
{
	size_t i = 0, j;

	while (i < n) {
		cJSON *rec = cJSON_CreateObject(), *vs = cJSON_CreateArray();

		cJSON_AddItemToObject(rec, "id", nulkey_json(r[i].id));
		if (strcmp(r[i].bench, "-") != 0)
			cJSON_AddItemToObject(rec, "bench", nulkey_json(r[i].bench));
		if (strcmp(r[i].task, "-") != 0)
			cJSON_AddItemToObject(rec, "task", nulkey_json(r[i].task));
		if (strcmp(r[i].model, "-") != 0)
			cJSON_AddItemToObject(cJSON_AddObjectToObject(rec, "gen"),
			    "model", nulkey_json(r[i].model));
		for (j = i; j < n && strcmp(r[i].bench, r[j].bench) == 0 &&
		    strcmp(r[i].task, r[j].task) == 0 &&
		    strcmp(r[i].id, r[j].id) == 0 &&
		    strcmp(r[i].model, r[j].model) == 0; j++) {
			cJSON *v = cJSON_CreateObject();

			cJSON_AddNumberToObject(v, "index", (double)r[j].idx);
			if (*r[j].key)
				cJSON_AddItemToObject(v, "key", nulkey_json(r[j].key));
			cJSON_AddBoolToObject(v, "pass", r[j].v == V_PASS);
			cJSON_AddBoolToObject(v, "judged", r[j].v != V_UNDECIDED);
			if (r[j].v == V_UNDECIDED)
				cJSON_AddTrueToObject(v, "undecided");
			cJSON_AddStringToObject(v, "by", by);
			cJSON_AddItemToArray(vs, v);
		}
		cJSON_AddItemToObject(rec, "verdicts", vs);
		rec_write(rec);
		cJSON_Delete(rec);
		i = j;
	}
}

/* The rows of one sheet appended to *r: 0, 1 when some were bad, LG_SYS. */
static int
read_sheet(const char *file, char *name, struct lrow **r, size_t *n,
    size_t *cap)
{
	FILE *f = strcmp(file, "-") ? fopen(file, "r") : stdin;
	char *line = NULL;
	size_t lcap = 0;
	ssize_t len;
	long lineno = 0;
	int bad = 0;

	if (f == NULL) {
		lg_warn("%s: %s", name, strerror(errno));
		return LG_SYS;
	}
	while ((len = getline(&line, &lcap, f)) >= 0) {
		const char *why = NULL;

		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > 0 && line[len - 1] == '\r')
			line[--len] = '\0';
		if (lineno == 1) {
			if (strcmp(line, sheet_head) != 0 &&
			    strncmp(line, sheet_head, sizeof sheet_head - 7) != 0) {
				lg_warnat(name, 1, "not a sheet of lg-agree "
				    "--sheet: its first line is not: %s",
				    "id bench task model index item want answer "
				    "label");
				bad = 1;
				break;
			}
			continue;
		}
		if (len > MAX_LINE || strlen(line) != (size_t)len)
			why = "too long, or holds a NUL byte";
		if (*n == *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*r = xreallocarray(*r, *cap, sizeof **r);
		}
		if (why != NULL || parse_row(line, &(*r)[*n], &why) < 0) {
			lg_warnat(name, lineno, "%s; row left out", why);
			lrow_free(&(*r)[*n]);
			bad = 1;
			continue;
		}
		(*r)[*n].file = name;
		(*r)[*n].line = lineno;
		(*r)[*n].nth = *n;
		(*n)++;
	}
	if (ferror(f)) {
		lg_warn("%s: %s", name, strerror(errno));
		bad = LG_SYS;
	} else if (lineno == 0) {
		lg_warn("%s: empty, not a sheet", name);
		bad = 1;
	}
	if (f != stdin)
		fclose(f);
	free(line);
	return bad;
}

int
sheet_import(char **files, int nfiles, const struct opts *o)
{
	struct lrow *r = NULL;
	char **names;
	size_t n = 0, cap = 0, i, w;
	int status = 0, s, k;
	static char stdin_name[] = "-";
	char *std[] = { stdin_name };

	if (nfiles == 0) {
		files = std;
		nfiles = 1;
	}
	names = xcalloc((size_t)nfiles, sizeof *names);
	for (k = 0; k < nfiles; k++) {
		names[k] = xstrdup(strcmp(files[k], "-") ? files[k] : "(stdin)");
		lg_sanitize(names[k]);
		if ((s = read_sheet(files[k], names[k], &r, &n, &cap)) > status)
			status = s;
	}
	if (n > 0)
		qsort(r, n, sizeof *r, cmp_lrow);
	for (i = w = 0; i < n; i++) {
		if (w > 0 && cmp_item(&r[w - 1], &r[i]) == 0) {
			char *id = nulkey_show(r[i].id);

			lg_sanitize(id);
			lg_warnat(r[i].file, r[i].line, "id %s, index %ld: "
			    "labelled before, on line %ld of %s; this label "
			    "left out", id, r[i].idx, r[w - 1].line,
			    r[w - 1].file);
			free(id);
			lrow_free(&r[i]);
			status = status > 1 ? status : 1;
			continue;
		}
		r[w++] = r[i];
	}
	write_records(r, w, o->by);
	for (i = 0; i < w; i++)
		lrow_free(&r[i]);
	free(r);
	for (k = 0; k < nfiles; k++)
		free(names[k]);
	free(names);
	return status;
}
