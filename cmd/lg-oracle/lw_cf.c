/*
 * lg-oracle: reference answers for the LongWeave cf task (code fixing).
 *
 * The answer is the clean program of the case (gold.clean) in a python
 * fence: it runs and is flake8-clean, so it scores the maximum.  Failures:
 * --drop P leaves each top-level block (a function, a class, the imports and
 * constants, the main guard) as the polluted program has it with
 * probability P; --forget-after F leaves every block after the first
 * fraction F of them so; --stop-at F cuts the answer after the first
 * fraction F of its lines, inside the fence.  Blocks left polluted keep
 * the clean names of the functions and classes, so the program still runs.
 * --words does not apply.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "longweave.h"
#include "record.h"
#include "xalloc.h"

#define STAGE "oracle"

typedef struct {
	char **start;		/* where each block begins */
	size_t n;
} blocks;

static int
opens_block(const char *s)
{
	return strncmp(s, "def ", 4) == 0 || strncmp(s, "class ", 6) == 0 ||
	    strncmp(s, "if __name__", 11) == 0;
}

/* Top-level blocks: the head, then one from each def, class or main guard
 * at the start of a line to the next. */
static void
split_blocks(char *text, blocks *b)
{
	char *s;

	b->n = 0;
	b->start = xcalloc(strlen(text) / 4 + 2, sizeof *b->start);
	b->start[b->n++] = text;
	for (s = text; (s = strchr(s, '\n')) != NULL; ) {
		s++;
		if (opens_block(s))
			b->start[b->n++] = s;
	}
}

static size_t
block_len(const blocks *b, size_t i)
{
	return i + 1 < b->n ? (size_t)(b->start[i + 1] - b->start[i]) :
	    strlen(b->start[i]);
}

/* The name a block defines, or NULL. */
static char *
block_name(const char *s)
{
	size_t k;

	if (strncmp(s, "def ", 4) == 0)
		s += 4;
	else if (strncmp(s, "class ", 6) == 0)
		s += 6;
	else
		return NULL;
	while (*s == ' ')
		s++;
	for (k = 0; isalnum((unsigned char)s[k]) || s[k] == '_'; k++)
		;
	return k > 0 ? xstrndup(s, k) : NULL;
}

static int
word(int c)
{
	return isalnum(c) || c == '_';
}

/* s[0..n) with each whole word from[i] spelt to[i]. */
static void
put_renamed(struct buf *out, const char *s, size_t n, char **from, char **to,
    size_t nmap)
{
	size_t i = 0, j;

	while (i < n) {
		int hit = 0;

		if (word((unsigned char)s[i]) && (i == 0 || !word((unsigned char)s[i - 1]))) {
			for (j = 0; j < nmap && !hit; j++) {
				size_t k = strlen(from[j]);

				if (i + k <= n && memcmp(s + i, from[j], k) == 0 &&
				    (i + k == n || !word((unsigned char)s[i + k]))) {
					buf_puts(out, to[j]);
					i += k;
					hit = 1;
				}
			}
		}
		if (!hit)
			buf_putc(out, s[i++]);
	}
}

/*
 * The fixed program: each block clean, or as polluted when keep[i] says
 * so, with the polluted names of functions and classes put back to clean.
 * Returns NULL when the two programs do not have the same blocks.
 */
static char *
mix(char *clean, char *dirty, const int *keep, size_t n)
{
	blocks c, d;
	struct buf out = { 0 };
	char **from, **to;
	size_t i, nmap = 0;

	split_blocks(clean, &c);
	split_blocks(dirty, &d);
	if (c.n != d.n || c.n != n) {
		free(c.start);
		free(d.start);
		return NULL;
	}
	from = xcalloc(n, sizeof *from);
	to = xcalloc(n, sizeof *to);
	for (i = 0; i < n; i++) {
		char *a = block_name(c.start[i]), *b = block_name(d.start[i]);

		if (a != NULL && b != NULL && strcmp(a, b) != 0) {
			from[nmap] = b;
			to[nmap++] = a;
		} else {
			free(b);
			free(a);
			continue;
		}
	}
	for (i = 0; i < n; i++) {
		if (keep[i])
			put_renamed(&out, d.start[i], block_len(&d, i), from, to, nmap);
		else
			buf_add(&out, c.start[i], block_len(&c, i));
	}
	for (i = 0; i < nmap; i++) {
		free(from[i]);
		free(to[i]);
	}
	free(from);
	free(to);
	free(c.start);
	free(d.start);
	return buf_take(&out);
}

static size_t
count_blocks(char *text)
{
	blocks b;
	size_t n;

	split_blocks(text, &b);
	n = b.n;
	free(b.start);
	return n;
}

static int
write_answer(cJSON *rec, jsonl *in, const oracle_opts *o, rng *r)
{
	const cJSON *gold = rec_get(rec, "gold"), *vars = rec_get(rec, "vars");
	const char *clean = cJSON_IsObject(gold) ? rec_str(gold, "clean") : NULL;
	const char *dirty = cJSON_IsObject(vars) ? rec_str(vars, "code") : NULL;
	char *cl, *dt, *code = NULL;
	int *keep, any = 0;
	size_t n, i, lines = 0, cut;
	struct buf ans = { 0 };

	if (clean == NULL)
		return rec_fail(rec, in, STAGE, "gold.clean: missing or not a string");
	if (dirty == NULL)
		return rec_fail(rec, in, STAGE, "vars.code: missing or not a string");
	cl = xstrdup(clean);
	dt = xstrdup(dirty);
	n = count_blocks(cl);
	keep = xcalloc(n, sizeof *keep);
	for (i = 0; i < n; i++) {
		/* the draw is made for every block, so --drop and
		 * --forget-after do not move each other's choices */
		int dropped = rng_random(r) < o->drop;

		keep[i] = dropped || (double)i >= o->forget_after * (double)n;
		any |= keep[i];
	}
	if (any && (code = mix(cl, dt, keep, n)) == NULL) {
		rec_fail(rec, in, STAGE, "gold.clean and vars.code do not have "
		    "the same functions");
		free(cl);
		free(dt);
		free(keep);
		return REC_BAD;
	}
	buf_puts(&ans, "```python\n");
	buf_puts(&ans, code ? code : cl);
	if (ans.len > 0 && ans.s[ans.len - 1] != '\n')
		buf_putc(&ans, '\n');
	buf_puts(&ans, "```\n");
	if (o->stop_at < 1) {
		for (i = 0; i < ans.len; i++)
			lines += ans.s[i] == '\n';
		cut = (size_t)floor(o->stop_at * (double)lines);
		for (i = 0; i < ans.len && cut > 0; i++)
			if (ans.s[i] == '\n')
				cut--;
		ans.len = i;
		ans.s[i] = '\0';
	}
	rec_set_str(rec, "output", ans.s);
	buf_free(&ans);
	free(code);
	free(cl);
	free(dt);
	free(keep);
	return REC_OK;
}

/* --repeat's unit: a function, without the closing fence */
const lw_writer lw_oracle_cf = {
	.task = "cf",
	.fn = write_answer,
	.units = { .sep = "\n\n\n", .opens = "def ", .avoid = "`" },
};
