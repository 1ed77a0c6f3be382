/*
 * lg-judge: decide each LongGenBench check against the entry at its
 * position.  --rules decides by content words (rules.c); the model judge
 * is reached over HTTP.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "judge.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

static const char usage[] =
"usage: lg-judge --rules [--max-record SIZE] [file ...]\n"
"\n"
"  --rules           decide by rules: content words, normalised\n"
"  --max-record SIZE record size limit (default 64M)\n"
"  -h, --help        print this help\n"
"  --version         print the version\n";

static const char *kinds[] = { "single", "range", "periodic" };

typedef struct {
	long pass[4], judged[4], total[4];	/* per kind, [3] pooled */
} tally;

static int
kind_index(const char *k)
{
	int i;

	for (i = 0; k != NULL && i < 3; i++)
		if (strcmp(kinds[i], k) == 0)
			return i;
	return -1;
}

static void
put_scores(cJSON *rec, const tally *t)
{
	cJSON *sc = rec_obj(rec, "scores");
	char key[32];
	int i;

	rec_set_num(sc, "stic_pass", (double)t->pass[3]);
	rec_set_num(sc, "stic_judged", (double)t->judged[3]);
	rec_set_num(sc, "stic_total", (double)t->total[3]);
	for (i = 0; i < 3; i++) {
		snprintf(key, sizeof key, "%s_pass", kinds[i]);
		rec_set_num(sc, key, (double)t->pass[i]);
		snprintf(key, sizeof key, "%s_judged", kinds[i]);
		rec_set_num(sc, key, (double)t->judged[i]);
		snprintf(key, sizeof key, "%s_total", kinds[i]);
		rec_set_num(sc, key, (double)t->total[i]);
	}
	rec_set_num(sc, "score", t->total[3] ? (double)t->pass[3] / (double)t->total[3] : 0);
}

/* The part at position at, or NULL. */
static const cJSON *
part_at(const cJSON *parts, long at)
{
	const cJSON *p;

	cJSON_ArrayForEach(p, parts)
		if (rec_long(p, "at", -1) == at)
			return p;
	return NULL;
}

static int
judge(cJSON *rec, jsonl *in, void *arg)
{
	const cJSON *checks = rec_get(rec, "checks"), *parts = rec_get(rec, "parts");
	const cJSON *c, *out = rec_get(rec, "output");
	const char *text = cJSON_IsString(out) ? out->valuestring : NULL;
	size_t tlen = text ? strlen(text) : 0;
	cJSON *verdicts;
	tally t;
	int bad = 0;

	(void)arg;
	if (strcmp(rec_str(rec, "bench") ? rec_str(rec, "bench") : "", "longgenbench") != 0)
		return REC_OK;
	if (!cJSON_IsArray(checks)) {
		jsonl_warn(in, "%s: checks is not an array", rec_id(rec));
		rec_error(rec, "judge", "checks is not an array");
		return REC_BAD;
	}
	if (text != NULL && !cJSON_IsArray(parts)) {
		jsonl_warn(in, "%s: no parts (run lg-split first)", rec_id(rec));
		rec_error(rec, "judge", "no parts (run lg-split first)");
		return REC_BAD;
	}
	memset(&t, 0, sizeof t);
	verdicts = cJSON_CreateArray();
	cJSON_ArrayForEach(c, checks) {
		const char *kind = rec_str(c, "kind"), *want = rec_str(c, "want");
		long at = rec_long(c, "at", -1);
		int k = kind_index(kind), pass = 0, judged = 0;
		cJSON *v = cJSON_CreateObject();
		const cJSON *p;

		cJSON_AddStringToObject(v, "kind", kind ? kind : "?");
		cJSON_AddNumberToObject(v, "at", (double)at);
		if (k < 0 || want == NULL || at < 0) {
			if (!bad)
				jsonl_warn(in, "%s: a check lacks kind, at or want", rec_id(rec));
			bad = 1;
		} else if (text != NULL && (p = part_at(parts, at)) != NULL) {
			long off = rec_long(p, "off", -1), len = rec_long(p, "len", -1);

			if (off < 0 || len < 0 || (size_t)(off + len) > tlen) {
				if (!bad)
					jsonl_warn(in, "%s: part %ld lies outside the output",
					    rec_id(rec), at);
				bad = 1;
			} else {
				judged = 1;
				pass = rules_decide(text + off, (size_t)len, want, v);
			}
		}
		cJSON_AddBoolToObject(v, "pass", pass);
		cJSON_AddBoolToObject(v, "judged", judged);
		cJSON_AddStringToObject(v, "by", "rules");
		cJSON_AddItemToArray(verdicts, v);
		if (k >= 0) {
			t.pass[k] += pass;
			t.judged[k] += judged;
			t.total[k]++;
		}
		t.pass[3] += pass;
		t.judged[3] += judged;
		t.total[3]++;
	}
	rec_set(rec, "verdicts", verdicts);
	put_scores(rec, &t);
	if (bad)
		rec_error(rec, "judge", "some checks could not be judged");
	return bad ? REC_BAD : REC_OK;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "rules", no_argument, NULL, 'r' },
		{ "max-record", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	int ch, rules = 0, status;

	lg_init(argv[0]);
	while ((ch = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'r': rules = 1; break;
		case 'M':
			if (parse_size(optarg, &jsonl_max) < 0)
				lg_die(LG_USAGE, "--max-record: not a size: %s", optarg);
			break;
		case 'h': lg_usage(usage, 0);
		case 'V': lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	if (!rules)
		lg_die(LG_USAGE, "no judge: give --rules (the model judge is not in this build)");
	status = rec_filter(argv + optind, argc - optind, judge, NULL);
	rules_fini();
	return status;
}
