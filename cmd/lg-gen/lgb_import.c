/*
 * lgb_import.c: lg-gen longgenbench --import.  Reads the official LongGenBench
 * dataset files (Dataset_short.json, Dataset_long.json: prompt, checks_once,
 * checks_range, checks_periodic, type, prefix, number) and the official
 * result files (the same with input, output_blocks, word_count) into our
 * records.  The prompt text is kept exactly; output_blocks, which the
 * published script made by splitting the output on "#*#", are joined back
 * with "#*#" into output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "gen.h"
#include "jsonnul.h"
#include "lgb.h"
#include "lgb_case.h"
#include "record.h"
#include "share.h"
#include "utf8.h"
#include "xalloc.h"

/* The tier of an official case: the short file is 16k, the long one 32k. */
static const char *
tier_of(const char *type, int number)
{
	if (lgb_weekly(type))
		return "16k";
	if (lgb_daily(type))
		return "32k";
	return number <= 100 ? "16k" : "32k";
}

/* The published weekly cases (52 entries) have checks at week 53, the last
 * day or two of the year: kept, as the published evaluation counts them. */
#define LGB_WEEKS_TOP 53

/* A check key: decimal digits (zero-padded or not) naming an entry from 1
 * to number; -1 when not one. */
static long
check_at(const char *k, long number)
{
	long at = 0;

	if (*k == '\0')
		return -1;
	for (; *k >= '0' && *k <= '9'; k++) {
		long d = *k - '0';

		if (number < d || at > (number - d) / 10)
			return -1;	/* past number, never past LONG_MAX */
		at = at * 10 + d;
	}
	return *k == '\0' && at >= 1 ? at : -1;
}

static int
add_checks(cJSON *checks, const cJSON *obj, const char *kind, const char *key,
    const char *path, int idx, long number, int weeks)
{
	const cJSON *c;

	if (obj == NULL)
		return 0;
	if (!cJSON_IsObject(obj)) {
		lg_warnat(path, 0, "element %d: %s is not an object", idx, key);
		return -1;
	}
	cJSON_ArrayForEach(c, obj) {
		long at = check_at(c->string, number);
		cJSON *o;

		if (!cJSON_IsString(c)) {
			lg_warnat(path, 0, "element %d: %s: bad entry \"%s\"",
			    idx, key, c->string);
			return -1;
		}
		if (at < 0) {
			char *k = xstrdup(c->string);

			lg_sanitize(k);
			lg_warnat(path, 0, "element %d: %s: key \"%s\" is not an "
			    "entry position from 1 to %ld (%s; zero-padded "
			    "keys such as \"061\" are allowed)", idx, key, k,
			    number, weeks ? "the weeks of a year, week 53 "
			    "holding its last days" : "the number of entries");
			free(k);
			return -1;
		}
		o = cJSON_CreateObject();
		cJSON_AddStringToObject(o, "kind", kind);
		cJSON_AddNumberToObject(o, "at", (double)at);
		cJSON_AddStringToObject(o, "want", c->valuestring);
		cJSON_AddItemToArray(checks, o);
	}
	return 0;
}

static const char *
kind_name(int i)
{
	static const char *k[] = { "once", "range", "periodic" };

	return k[i];
}

/* One element of the official array to a record; NULL after a message. */
static cJSON *
convert(const cJSON *e, const char *path, int idx, int *counters, int nul)
{
	static const char *tasks[] = { "diary", "menu", "skyscraper", "city" };
	const char *type = rec_str(e, "type"), *prompt = rec_str(e, "prompt");
	const char *task, *tier, *base;
	const cJSON *blocks = rec_get(e, "output_blocks");
	cJSON *rec, *checks, *gold, *imp;
	long number = rec_long(e, "number", -1);
	char *id;
	int i, ti, weeks;

	if (!cJSON_IsObject(e)) {
		lg_warnat(path, 0, "element %d: not an object", idx);
		return NULL;
	}
	if (prompt == NULL)
		prompt = rec_str(e, "input");
	if (type == NULL || (task = lgb_task_of(type)) == NULL) {
		lg_warnat(path, 0, "element %d: missing or unknown type", idx);
		return NULL;
	}
	if (prompt == NULL) {
		lg_warnat(path, 0, "element %d: no prompt or input string", idx);
		return NULL;
	}
	if (number < 0) {
		/* result files carry no number: the published counts */
		if (lgb_weekly(type))
			number = 52;
		else if (lgb_daily(type))
			number = 365;
		else {
			lg_warnat(path, 0, "element %d: no number", idx);
			return NULL;
		}
	}
	weeks = lgb_weekly(type) && number < LGB_WEEKS_TOP;
	tier = tier_of(type, (int)number);
	for (ti = 0; strcmp(tasks[ti], task) != 0; ti++)
		;
	if (strcmp(tier, "32k") == 0)
		ti += 4;
	id = xasprintf("longgenbench/%s/%s/%04d", task, tier, counters[ti]++);
	rec = cJSON_CreateObject();
	cJSON_AddStringToObject(rec, "id", id);
	free(id);
	cJSON_AddStringToObject(rec, "bench", "longgenbench");
	cJSON_AddStringToObject(rec, "task", task);
	cJSON_AddStringToObject(rec, "length", tier);
	checks = cJSON_AddArrayToObject(rec, "checks");
	for (i = 0; i < 3; i++) {
		char key[32];

		snprintf(key, sizeof key, "checks_%s", kind_name(i));
		if (add_checks(checks, rec_get(e, key), i == 0 ? "single" : kind_name(i),
		    key, path, idx, weeks ? LGB_WEEKS_TOP : number, weeks) < 0) {
			cJSON_Delete(rec);
			return NULL;
		}
	}
	gold = cJSON_AddObjectToObject(rec, "gold");
	cJSON_AddStringToObject(gold, "type", type);
	cJSON_AddNumberToObject(gold, "number", (double)number);
	if (rec_str(e, "prefix") != NULL)
		cJSON_AddStringToObject(gold, "prefix", rec_str(e, "prefix"));
	cJSON_AddStringToObject(rec, "prompt", prompt);
	if (blocks != NULL) {
		struct buf out = { 0 };
		const cJSON *b;
		int first = 1;

		if (!cJSON_IsArray(blocks)) {
			lg_warnat(path, 0, "element %d: output_blocks is not an array", idx);
			cJSON_Delete(rec);
			return NULL;
		}
		cJSON_ArrayForEach(b, blocks) {
			if (!cJSON_IsString(b)) {
				lg_warnat(path, 0, "element %d: output_blocks holds a non-string", idx);
				buf_free(&out);
				cJSON_Delete(rec);
				return NULL;
			}
			if (!first)
				buf_puts(&out, "#*#");
			jsonnul_text(&out, b->valuestring, nul);
			first = 0;
		}
		cJSON_AddItemToObject(rec, "output", jsonnul_string(buf_str(&out),
		    out.len));
		buf_free(&out);
		if (cJSON_IsNumber(rec_get(e, "word_count")))
			cJSON_AddNumberToObject(rec, "word_count",
			    rec_get(e, "word_count")->valuedouble);
	}
	imp = cJSON_AddObjectToObject(rec, "import");
	base = strrchr(path, '/');
	cJSON_AddStringToObject(imp, "file", base ? base + 1 : path);
	cJSON_AddNumberToObject(imp, "index", idx);
	cJSON_AddStringToObject(imp, "format", blocks ? "result" : "dataset");
	return rec;
}

static int
listed(char **v, size_t n, const char *s)
{
	size_t i;

	if (v == NULL)
		return 1;
	for (i = 0; i < n; i++)
		if (strcmp(v[i], s) == 0)
			return 1;
	return 0;
}

/* Is the record one -t, -l and -n ask for?  Applies --model. */
static int
wanted(cJSON *rec, const char *path, const lgb_import_opts *io, long *kept)
{
	static const char *tasks[] = { "diary", "menu", "skyscraper", "city" };
	const char *task = rec_str(rec, "task"), *tier = rec_str(rec, "length");
	int ti;

	if (!listed(io->tasks, io->ntasks, task) ||
	    !listed(io->tiers, io->ntiers, tier))
		return 0;
	for (ti = 0; ti < 3 && strcmp(tasks[ti], task) != 0; ti++)
		;
	if (strcmp(tier, "32k") == 0)
		ti += 4;
	if (io->n >= 0 && kept[ti] >= io->n)
		return 0;
	kept[ti]++;
	if (io->model != NULL) {
		cJSON *gen;

		if (rec_get(rec, "output") == NULL)
			lg_die(LG_USAGE, "%s: --model: a dataset file, with no model "
			    "outputs to name", path);
		gen = cJSON_CreateObject();
		cJSON_AddStringToObject(gen, "model", io->model);
		cJSON_AddItemToObject(rec, "gen", gen);
	}
	return 1;
}

int
gen_read_array(const char *path, cJSON **all, const char *whole, int *nul)
{
	size_t len;
	char *text = file_read(path, &len);
	const char *end = NULL;

	*all = NULL;
	if (text == NULL) {
		lg_warnat(path, 0, "%s", strerror(errno));
		return LG_SYS;
	}
	if (len > jsonl_max * 16) {
		lg_warnat(path, 0, "file larger than 16 times the record limit");
		free(text);
		return LG_BAD;
	}
	if (utf8_invalid(text, len) != len || memchr(text, '\0', len) != NULL) {
		lg_warnat(path, 0, "not valid UTF-8 text");
		free(text);
		return LG_BAD;
	}
	*all = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
	if (*all == NULL || !cJSON_IsArray(*all)) {
		long line = 1;
		const char *p;

		for (p = text; *all == NULL && end != NULL && p < end && *p; p++)
			line += *p == '\n';
		if (*all == NULL)
			lg_warnat(path, line, "invalid JSON");
		else
			lg_warnat(path, 0, "not a JSON array of cases");
		cJSON_Delete(*all);
		*all = NULL;
		free(text);
		return LG_BAD;
	}
	gen_import_nul(path, text, len, all, whole, nul);
	free(text);
	return LG_OK;
}

int
lgb_import(const char *path, const lgb_import_opts *io)
{
	long kept[8] = { 0 };
	cJSON *all, *e;
	int idx = 0, status, nul, counters[8] = { 0 };

	if ((status = gen_read_array(path, &all, "output_blocks", &nul)) != LG_OK)
		return status;
	status = LG_OK;
	cJSON_ArrayForEach(e, all) {
		cJSON *rec = cJSON_IsInvalid(e) ? NULL :	/* said */
		    convert(e, path, idx, counters, nul);

		if (rec != NULL) {
			if (wanted(rec, path, io, kept))
				rec_write(rec);
			cJSON_Delete(rec);
		} else
			status = LG_BAD;
		idx++;
	}
	cJSON_Delete(all);
	return status;
}
