/*
 * lgb_case.c: one LongGenBench case.
 *
 * The published generator had defects that this one avoids by design:
 * positions come from the calendar of the stated year (no December 31st in
 * week 1, no week 53, no range running into the next year); single, range
 * and periodic instructions get disjoint positions, so none overwrites or
 * merges into another and no floor or block gets two uses; city positions
 * are given as (row, column) with rows running left to right and top to
 * bottom as the blocks are numbered; the words asked per entry fit the
 * tier's token budget.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "calendar.h"
#include "diag.h"
#include "lgb.h"
#include "lgb_case.h"
#include "record.h"
#include "share.h"
#include "tmpl.h"
#include "xalloc.h"

static const char *kinds[] = { "single", "range", "periodic" };

static int
load_list(lgb_list *l, const char *task, const char *file, size_t min)
{
	char *rel = xasprintf("templates/longgenbench/%s/%s", task, file);
	char *path = share_path(rel);

	free(rel);
	l->v = lines_read(path, &l->n);
	if (l->v == NULL) {
		lg_warn("%s: cannot read library", path);
		free(path);
		return -1;
	}
	if (l->n < min) {
		lg_warn("%s: %zu lines, want at least %zu", path, l->n, min);
		free(path);
		return -1;
	}
	free(path);
	return 0;
}

int
lgb_libs_load(lgb_libs *l, const char *task)
{
	static const char *ev[] = { "events-single.txt", "events-range.txt",
	    "events-periodic.txt" };
	static const char *fa[] = { "facilities-single.txt",
	    "facilities-range.txt", "facilities-periodic.txt" };
	int people = strcmp(task, "diary") == 0 || strcmp(task, "menu") == 0;
	char *rel, *path;
	int k;

	memset(l, 0, sizeof *l);
	l->task = xstrdup(task);
	for (k = 0; k < 3; k++) {
		char *f = xasprintf("%s.txt", kinds[k]);
		int rc = load_list(&l->phr[k], task, f, 1);

		free(f);
		if (rc < 0 || load_list(&l->item[k], task, people ? ev[k] : fa[k],
		    k == K_SINGLE ? 5 : 1) < 0)
			return -1;
	}
	if (people && load_list(&l->names, task, "names.txt", 1) < 0)
		return -1;
	rel = xasprintf("templates/longgenbench/%s/example.txt", task);
	path = share_path(rel);
	l->example = file_read(path, NULL);
	if (l->example == NULL) {
		lg_warn("%s: cannot read", path);
		free(rel);
		free(path);
		return -1;
	}
	l->example[strcspn(l->example, "\n")] = '\0';
	free(rel);
	free(path);
	return 0;
}

void
lgb_libs_free(lgb_libs *l)
{
	int k;

	for (k = 0; k < 3; k++) {
		lines_free(l->phr[k].v, l->phr[k].n);
		lines_free(l->item[k].v, l->item[k].n);
	}
	lines_free(l->names.v, l->names.n);
	free(l->example);
	free(l->task);
	memset(l, 0, sizeof *l);
}

/* Positions taken so far, 1..number. */
typedef struct {
	unsigned char *used;
	int number;
} board;

static int
free_at(const board *b, int p)
{
	return p >= 1 && p <= b->number && !b->used[p];
}

/* A unit word for spans: weeks, days, floors, blocks. */
static const char *
unit_plural(const lgb_spec *sp)
{
	if (lgb_weekly(sp->type))
		return "weeks";
	if (lgb_daily(sp->type))
		return "days";
	return strcmp(sp->type, "Floor") == 0 ? "floors" : "blocks";
}

/* How a position is named inside an instruction. */
static void
name_pos(struct buf *b, const lgb_spec *sp, int p)
{
	if (lgb_weekly(sp->type))
		buf_printf(b, "week %d", p);
	else if (lgb_daily(sp->type))
		lgb_date(b, sp->year, p);
	else if (strcmp(sp->type, "Floor") == 0)
		buf_printf(b, "Floor %d", p);
	else
		buf_printf(b, "(row %d, column %d)", (p - 1) / sp->cols, (p - 1) % sp->cols);
}

static void
add_str(cJSON *o, const char *k, struct buf *b)
{
	cJSON_AddStringToObject(o, k, buf_str(b));
	buf_reset(b);
}

static void
add_check(cJSON *checks, int kind, int at, const char *want)
{
	cJSON *c = cJSON_CreateObject();

	cJSON_AddStringToObject(c, "kind", kinds[kind]);
	cJSON_AddNumberToObject(c, "at", at);
	cJSON_AddStringToObject(c, "want", want);
	cJSON_AddItemToArray(checks, c);
}

/* Split a library item "Event|Dish" into the phrasing values. */
static void
item_values(cJSON *o, const lgb_spec *sp, const char *item, struct buf *want)
{
	const char *bar = strchr(item, '|');

	if (strcmp(sp->task, "menu") == 0 && bar != NULL) {
		char *ev = xstrndup(item, (size_t)(bar - item));

		cJSON_AddStringToObject(o, "event", ev);
		cJSON_AddStringToObject(o, "dish", bar + 1);
		buf_printf(want, "%s featuring %s", ev, bar + 1);
		free(ev);
	} else if (strcmp(sp->task, "diary") == 0) {
		cJSON_AddStringToObject(o, "event", item);
		buf_puts(want, item);
	} else {
		cJSON_AddStringToObject(o, "facility", item);
		buf_puts(want, item);
	}
}

static char *
phrase(const lgb_list *phr, rng *r, const cJSON *vals)
{
	const char *line = phr->v[rng_choice(r, phr->n)];
	char *err, *s = tmpl_render_delim(line, vals, "{", "}", &err);

	if (s == NULL) {
		lg_warn("phrasing \"%s\": %s", line, err);
		free(err);
	}
	return s;
}

/*
 * The periodic instruction: every `every` entries from `start`.  City
 * periodics run along one row or column, stepping `every` blocks.
 */
static int
periodic(const lgb_spec *sp, rng *r, board *bd, cJSON *o, cJSON *checks,
    const char *want, int *npos)
{
	struct buf b = { 0 };
	int every, start, step, p, n = 0;

	if (strcmp(sp->type, "Block") == 0) {
		int line = (int)rng_below(r, (uint64_t)sp->cols);
		int alongrow = rng_below(r, 2) == 0;

		every = 2 + (int)rng_below(r, 2);
		if (alongrow) {
			start = line * sp->cols + 1 + (int)rng_below(r, 2);
			step = 1;
			buf_printf(&b, "along row %d", line);
		} else {
			start = line + 1 + sp->cols * (int)rng_below(r, 2);
			step = sp->cols;
			buf_printf(&b, "along column %d", line);
		}
		add_str(o, "line", &b);
		buf_printf(&b, "%d blocks", every);
		add_str(o, "every", &b);
		name_pos(&b, sp, start);
		add_str(o, "start", &b);
		for (p = start; p <= sp->number; p += every * step) {
			if (alongrow && (p - 1) / sp->cols != line)
				break;
			bd->used[p] = 1;
			add_check(checks, K_PERIODIC, p, want);
			n++;
		}
	} else {
		int lo, hi;

		if (lgb_weekly(sp->type)) {
			lo = 3;
			hi = 8;
		} else if (lgb_daily(sp->type)) {
			lo = 7;
			hi = 30;
		} else {
			lo = sp->number / 20 > 3 ? sp->number / 20 : 3;
			hi = sp->number / 6;
		}
		every = lo + (int)rng_below(r, (uint64_t)(hi - lo + 1));
		start = 1 + (int)rng_below(r, (uint64_t)(every * 2 < sp->number / 3 ?
		    every * 2 : sp->number / 3));
		buf_printf(&b, "%d %s", every, unit_plural(sp));
		add_str(o, "every", &b);
		name_pos(&b, sp, start);
		add_str(o, "start", &b);
		for (p = start; p <= sp->number; p += every) {
			bd->used[p] = 1;
			add_check(checks, K_PERIODIC, p, want);
			n++;
		}
	}
	*npos = every;
	buf_free(&b);
	return n;
}

/* The range instruction: consecutive entries clear of the periodic ones. */
static int
range(const lgb_spec *sp, rng *r, board *bd, cJSON *o, cJSON *checks,
    const char *want, int pstride)
{
	struct buf b = { 0 };
	int tries, len, first = 0, step = 1, i;

	for (tries = 0; tries < 1000; tries++) {
		int ok = 1;

		if (strcmp(sp->type, "Block") == 0) {
			int line = (int)rng_below(r, (uint64_t)sp->cols);
			int off;

			len = 3 + (int)rng_below(r, 3);
			off = (int)rng_below(r, (uint64_t)(sp->cols - len + 1));
			if (rng_below(r, 2) == 0) {
				step = 1;
				first = line * sp->cols + off + 1;
				buf_reset(&b);
				buf_printf(&b, "along row %d", line);
			} else {
				step = sp->cols;
				first = off * sp->cols + line + 1;
				buf_reset(&b);
				buf_printf(&b, "along column %d", line);
			}
		} else {
			int maxlen = lgb_weekly(sp->type) ? 4 : lgb_daily(sp->type) ? 7 : 6;

			if (maxlen > pstride - 1)
				maxlen = pstride - 1;
			if (maxlen < 2)
				maxlen = 2;
			len = 2 + (int)rng_below(r, (uint64_t)(maxlen - 1));
			first = 1 + (int)rng_below(r, (uint64_t)(sp->number - len + 1));
			step = 1;
		}
		for (i = 0; i < len && ok; i++)
			ok = free_at(bd, first + i * step);
		if (!ok)
			continue;
		if (strcmp(sp->type, "Block") == 0)
			add_str(o, "line", &b);
		name_pos(&b, sp, first);
		add_str(o, "from", &b);
		name_pos(&b, sp, first + (len - 1) * step);
		add_str(o, "to", &b);
		for (i = 0; i < len; i++) {
			bd->used[first + i * step] = 1;
			add_check(checks, K_RANGE, first + i * step, want);
		}
		buf_free(&b);
		return len;
	}
	buf_free(&b);
	return -1;
}

static int
single(const lgb_spec *sp, rng *r, board *bd, cJSON *o, cJSON *checks,
    const char *want)
{
	struct buf b = { 0 };
	int tries;

	for (tries = 0; tries < 10000; tries++) {
		int p = 1 + (int)rng_below(r, (uint64_t)sp->number);

		if (!free_at(bd, p))
			continue;
		bd->used[p] = 1;
		if (lgb_weekly(sp->type)) {
			int first, last;

			/* the instruction names a date; the week holds it */
			cal_week_span(sp->year, p, &first, &last);
			lgb_date(&b, sp->year,
			    first + (int)rng_below(r, (uint64_t)(last - first + 1)));
			add_str(o, "date", &b);
		} else if (lgb_daily(sp->type)) {
			lgb_date(&b, sp->year, p);
			add_str(o, "date", &b);
		} else if (strcmp(sp->type, "Floor") == 0) {
			name_pos(&b, sp, p);
			add_str(o, "floor", &b);
		} else {
			buf_puts(&b, "the block at ");
			name_pos(&b, sp, p);
			add_str(o, "block", &b);
		}
		add_check(checks, K_SINGLE, p, want);
		buf_free(&b);
		return p;
	}
	buf_free(&b);
	return -1;
}

/* Pick k distinct items of a library. */
static void
pick(const lgb_list *l, rng *r, size_t *out, size_t k)
{
	rng_sample(r, l->n, out, k);
}

static void
persona(const lgb_libs *l, const lgb_spec *sp, rng *r, cJSON *vars)
{
	struct buf b = { 0 };
	int first, last;

	if (l->names.n > 0)
		cJSON_AddStringToObject(vars, "name", l->names.v[rng_choice(r, l->names.n)]);
	cJSON_AddNumberToObject(vars, "year", sp->year);
	cJSON_AddStringToObject(vars, "weekday",
	    cal_weekday_name(cal_weekday(sp->year, 1, 1)));
	if (lgb_weekly(sp->type)) {
		cal_week_span(sp->year, 52, &first, &last);
		lgb_date(&b, sp->year, first);
		add_str(vars, "last_from", &b);
		cJSON_AddStringToObject(vars, "unit", "week");
	} else
		cJSON_AddStringToObject(vars, "unit", "day");
	buf_free(&b);
}

int
lgb_make_case(const lgb_libs *l, const lgb_spec *sp, rng *r, cJSON *rec)
{
	cJSON *vars = cJSON_CreateObject(), *checks = cJSON_CreateArray();
	cJSON *gold = cJSON_CreateObject(), *singles = cJSON_CreateArray();
	cJSON *vals;
	board bd;
	struct buf b = { 0 }, want = { 0 };
	size_t it[5];
	char *s;
	int i, pstride = 0, rc = -1;
	lgb_doc doc = { sp->type, sp->number, sp->year, sp->cols };

	bd.number = sp->number;
	bd.used = xcalloc((size_t)sp->number + 1, 1);
	cJSON_AddStringToObject(vars, "type", sp->type);
	cJSON_AddNumberToObject(vars, "number", sp->number);
	cJSON_AddNumberToObject(vars, "words", sp->words);
	if (sp->cols > 0) {
		cJSON_AddNumberToObject(vars, "rows", sp->number / sp->cols);
		cJSON_AddNumberToObject(vars, "cols", sp->cols);
		cJSON_AddNumberToObject(vars, "last_row", sp->number / sp->cols - 1);
		cJSON_AddNumberToObject(vars, "last_col", sp->cols - 1);
	}
	if (strcmp(sp->task, "diary") == 0 || strcmp(sp->task, "menu") == 0)
		persona(l, sp, r, vars);

	/* periodic first: it claims the most positions */
	vals = cJSON_CreateObject();
	pick(&l->item[K_PERIODIC], r, it, 1);
	item_values(vals, sp, l->item[K_PERIODIC].v[it[0]], &want);
	periodic(sp, r, &bd, vals, checks, buf_str(&want), &pstride);
	if ((s = phrase(&l->phr[K_PERIODIC], r, vals)) == NULL)
		goto out;
	cJSON_AddStringToObject(vars, "periodic", s);
	free(s);
	cJSON_Delete(vals);
	buf_reset(&want);

	vals = cJSON_CreateObject();
	pick(&l->item[K_RANGE], r, it, 1);
	item_values(vals, sp, l->item[K_RANGE].v[it[0]], &want);
	if (range(sp, r, &bd, vals, checks, buf_str(&want), pstride) < 0) {
		lg_warn("%s: no room for the range instruction", rec_id(rec));
		goto out;
	}
	if ((s = phrase(&l->phr[K_RANGE], r, vals)) == NULL)
		goto out;
	cJSON_AddStringToObject(vars, "range", s);
	free(s);
	cJSON_Delete(vals);
	buf_reset(&want);

	pick(&l->item[K_SINGLE], r, it, 5);
	for (i = 0; i < 5; i++) {
		vals = cJSON_CreateObject();
		item_values(vals, sp, l->item[K_SINGLE].v[it[i]], &want);
		if (single(sp, r, &bd, vals, checks, buf_str(&want)) < 0) {
			lg_warn("%s: no room for a single instruction", rec_id(rec));
			goto out;
		}
		if ((s = phrase(&l->phr[K_SINGLE], r, vals)) == NULL)
			goto out;
		cJSON_AddItemToArray(singles, cJSON_CreateString(s));
		free(s);
		cJSON_Delete(vals);
		buf_reset(&want);
	}
	vals = NULL;
	cJSON_AddItemToObject(vars, "single", singles);
	singles = NULL;
	lgb_header(&b, &doc, 1);
	add_str(vars, "prefix", &b);
	cJSON_AddStringToObject(vars, "example", l->example);

	cJSON_AddStringToObject(gold, "type", sp->type);
	cJSON_AddNumberToObject(gold, "number", sp->number);
	if (strcmp(sp->task, "diary") == 0 || strcmp(sp->task, "menu") == 0)
		cJSON_AddNumberToObject(gold, "year", sp->year);
	if (sp->cols > 0)
		cJSON_AddNumberToObject(gold, "cols", sp->cols);
	cJSON_AddNumberToObject(gold, "words", sp->words);

	cJSON_AddItemToObject(rec, "vars", vars);
	cJSON_AddItemToObject(rec, "checks", checks);
	cJSON_AddItemToObject(rec, "gold", gold);
	vars = checks = gold = NULL;
	rc = 0;
out:
	cJSON_Delete(vals);
	cJSON_Delete(vars);
	cJSON_Delete(checks);
	cJSON_Delete(gold);
	cJSON_Delete(singles);
	buf_free(&b);
	buf_free(&want);
	free(bd.used);
	return rc;
}
