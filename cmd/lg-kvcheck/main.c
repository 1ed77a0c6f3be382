/*
 * lg-kvcheck: score answers to the LongWeave kvg task (key/value dictionary
 * generation).  Records of other benchmarks and tasks pass through.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "dict.h"
#include "jsonl.h"
#include "record.h"
#include "score.h"
#include "tasks.h"

#define STAGE "kvcheck"

/* The tasks it scores: those of the list (tasks.def) it is SCORER of. */
static const lg_task tasks[] = {
#undef TASK_BY_kvcheck
#define TASK_BY_kvcheck(...) __VA_ARGS__
#define TASK_ENTRY(b, t) { b, #t, NULL },
#include "taskscored.h"
};
#define NTASKS (sizeof tasks / sizeof tasks[0])

static void
set_scores(cJSON *rec, const kv_scores *s, int def)
{
	cJSON *o = rec_obj(rec, "scores");

	rec_set_num(o, "score", s->score);
	rec_set_num(o, "exists", s->exists);
	rec_set_num(o, "position", s->position);
	rec_set_num(o, "count", s->count);
	rec_set_num(o, "length", s->length);
	rec_set_num(o, "found_index", (double)s->found_index);
	rec_set_num(o, "entries", (double)s->entries);
	if (def == KV_DEF_PAPER)
		rec_set_str(o, "definition", "paper");
	else
		cJSON_DeleteItemFromObjectCaseSensitive(o, "definition");
}

/*
 * Would the published pipeline have left this answer out?  It never scores
 * an empty answer or one beginning with "ERROR:".
 */
static int
published_skips(const char *text, size_t len)
{
	return len == 0 || strncmp(text, "ERROR:", 6) == 0;
}

static const char *
read_gold(const cJSON *rec, kv_gold *g)
{
	const cJSON *gold = rec_get(rec, "gold");

	if (!cJSON_IsObject(gold))
		return "gold: missing or not an object";
	if ((g->key = rec_str(gold, "key")) == NULL)
		return "gold.key: missing or not a string";
	if ((g->value = rec_str(gold, "value")) == NULL)
		return "gold.value: missing or not a string";
	if ((g->entries = rec_long(gold, "entries", -1)) < 1)
		return "gold.entries: missing or not a positive integer";
	g->index = rec_long(gold, "index", -1);
	if (g->index < 0 || g->index >= g->entries)
		return "gold.index: missing or not an integer from 0 to gold.entries-1";
	g->key_length = rec_get(gold, "key_length") ?
	    rec_long(gold, "key_length", -1) : 32;
	g->value_length = rec_get(gold, "value_length") ?
	    rec_long(gold, "value_length", -1) : 32;
	if (g->key_length < 1 || g->value_length < 1)
		return "gold.key_length, gold.value_length: not positive integers";
	return NULL;
}

/*
 * One verdict per check, in order: a kv_entry check passes when its pair is
 * in the dictionary at its index.
 */
static void
set_verdicts(cJSON *rec, const kv_dict *d, int found)
{
	const cJSON *checks = rec_get(rec, "checks"), *c;
	cJSON *vs;

	if (!cJSON_IsArray(checks))
		return;
	vs = cJSON_CreateArray();
	cJSON_ArrayForEach(c, checks) {
		const char *kind = rec_str(c, "kind"), *k = rec_str(c, "key");
		const char *v = rec_str(c, "value");
		long at = rec_long(c, "at", -1), pos = -1;
		size_t j;
		cJSON *o = cJSON_CreateObject();

		if (kind != NULL && strcmp(kind, "kv_entry") == 0 && k != NULL &&
		    v != NULL)
			for (j = 0; found && j < d->n && pos < 0; j++)
				if (strcmp(d->v[j].key, k) == 0 &&
				    strcmp(d->v[j].val, v) == 0)
					pos = (long)j;
		cJSON_AddStringToObject(o, "kind", kind ? kind : "?");
		cJSON_AddNumberToObject(o, "at", (double)at);
		cJSON_AddBoolToObject(o, "pass", pos >= 0 && pos == at);
		cJSON_AddStringToObject(o, "by", "rules");
		cJSON_AddNumberToObject(o, "found_at", (double)pos);
		cJSON_AddItemToArray(vs, o);
	}
	rec_set(rec, "verdicts", vs);
}

static int
check(cJSON *rec, jsonl *in, void *arg)
{
	const kv_opts *o = arg;
	const char *msg, *text;
	kv_gold g;
	kv_dict d;
	kv_scores s;
	size_t len;
	int found, ret = REC_OK;

	if (task_find(tasks, NTASKS, rec) == NULL)
		return REC_OK;
	if ((msg = read_gold(rec, &g)) != NULL)
		return rec_fail(rec, in, STAGE,
		    "%s", msg);	/* no scores: nothing to score against */
	text = rec_answer_len(rec, &len, &msg);	/* NULs included */
	if (msg != NULL)
		ret = rec_fail(rec, in, STAGE, "%s", msg);
	found = o->compat ? kv_parse_compat(text, len, &d) : kv_parse(text, len, &d);
	kv_dedup(&d);
	kv_score(&d, found > 0, &g, o->compat, o->def, &s);
	set_verdicts(rec, &d, found > 0);
	if (o->compat && (found < 0 || s.raised || published_skips(text, len)))
		s.score = 0;	/* the published code has no score for it */
	set_scores(rec, &s, o->def);
	if (o->compat && (found < 0 || s.raised || published_skips(text, len)))
		rec_set_num(rec_obj(rec, "scores"), "evaluated", 0);
	kv_free(&d);
	return ret;
}

/* The options into arg, a kv_opts. */
static int
parse(int argc, char **argv, const rec_scorer *s, void *arg)
{
	return kv_opts_parse(argc, argv, s->tasks, s->ntasks, arg);
}

int
main(int argc, char **argv)
{
	static kv_opts o;
	static const rec_scorer s = { .tasks = tasks, .ntasks = NTASKS,
	    .parse = parse, .arg = &o, .init = kv_init, .fini = kv_fini,
	    .fn = check };

	return rec_filter_main(argc, argv, &s);
}
