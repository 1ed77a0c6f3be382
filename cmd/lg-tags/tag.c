/*
 * lg-tags: the tags of one record (the rules are lg-tags(1)'s table).  A
 * record with an error is a failure of the pipeline, not of the model: it
 * passes untouched, as do records of tasks without a reader.
 */
#include <string.h>

#include "record.h"
#include "tags.h"

#define STAGE "tags"

const char *const tag_names[NTAGS] = {
	"cut-reasoning", "truncated", "refused", "format", "stopped",
	"skipped", "repeated", "looping",
};

static const tag_task *
task_of(const cJSON *rec)
{
	size_t i;

	for (i = 0; i < tag_ntasks; i++)
		if (rec_is(rec, tag_tasks[i].bench, tag_tasks[i].task))
			return &tag_tasks[i];
	return NULL;
}

/* The answer was cut while the model reasoned. */
static int
cut_reasoning(const cJSON *rec, const char *s, size_t len)
{
	const cJSON *rt = rec_get(rec_get(rec, "gen"), "reasoning_tokens");
	const char *r;
	size_t rlen;

	if (tag_open_think(s, len))
		return 1;
	if (!tag_blank(s, len))
		return 0;
	r = rec_strn(rec, "reasoning", &rlen);
	return (r != NULL && !tag_blank(r, rlen)) ||
	    (cJSON_IsNumber(rt) && rt->valuedouble > 0);
}

/* Items missing: before the last one written, and after it. */
static void
missing(const tag_units *u, long *mid, long *end)
{
	long i, last = 0;

	*mid = *end = 0;
	if (u->counted) {
		if (u->present < u->want)
			*end = u->want - u->present;
		return;
	}
	for (i = 1; i <= u->want; i++)
		if (u->seen[i])
			last = i;
	for (i = 1; i <= u->want; i++)
		if (!u->seen[i])
			*(i < last ? mid : end) += 1;
}

static void
decide(const cJSON *rec, const char *s, size_t len, const tag_units *u,
    int *on)
{
	const char *fr = rec_str(rec_get(rec, "gen"), "finish_reason");
	long mid, end;
	double d = tag_distinct(u);

	memset(on, 0, NTAGS * sizeof *on);
	if ((on[TAG_REASONING] = cut_reasoning(rec, s, len)))
		return;	/* no answer to look at */
	on[TAG_TRUNCATED] = (fr != NULL && strcmp(fr, "length") == 0) ||
	    cJSON_IsTrue(rec_get(rec_get(rec, "gen"), "truncated"));
	on[TAG_LOOPING] = tag_looping(s, len);
	on[TAG_REPEATED] = u->dup_item || (d >= 0 && d < 1);
	if (!on[TAG_TRUNCATED] && !u->units_present && tag_refusal(s, len)) {
		on[TAG_REFUSED] = 1;
		return;
	}
	if (!u->readable) {
		on[TAG_FORMAT] = !on[TAG_TRUNCATED] && !tag_blank(s, len);
		if (on[TAG_FORMAT] || on[TAG_TRUNCATED])
			return;
	}
	missing(u, &mid, &end);
	/* with a closed end, items missing at the end were skipped too */
	if (u->ends) {
		mid += end;
		end = 0;
	}
	on[TAG_SKIPPED] = mid > 0;
	on[TAG_STOPPED] = end > 0 && !on[TAG_TRUNCATED];
}

static void
set_fields(cJSON *rec, const tag_units *u, const int *on)
{
	cJSON *tags = cJSON_CreateArray(), *units = cJSON_CreateObject();
	double d = tag_distinct(u);
	long mid, end;
	int t;

	for (t = 0; t < NTAGS; t++)
		if (on[t])
			cJSON_AddItemToArray(tags, cJSON_CreateString(tag_names[t]));
	rec_set(rec, "tags", tags);
	missing(u, &mid, &end);
	cJSON_AddStringToObject(units, "kind", u->kind);
	cJSON_AddNumberToObject(units, "want", (double)u->want);
	cJSON_AddNumberToObject(units, "written", (double)u->written);
	cJSON_AddNumberToObject(units, "missing", (double)(mid + end));
	if (d >= 0)
		cJSON_AddNumberToObject(units, "distinct_n", d);
	rec_set(rec, "units", units);
}

int
tag_record(cJSON *rec, jsonl *in, void *arg)
{
	const tag_task *t;
	const char *s, *why;
	int on[NTAGS];
	tag_units u;
	size_t len;

	(void)arg;
	if (rec_get(rec, "error") != NULL || (t = task_of(rec)) == NULL)
		return REC_OK;
	s = rec_answer_len(rec, &len, &why);
	if (why != NULL)
		return rec_fail(rec, in, STAGE, "%s", why);
	memset(&u, 0, sizeof u);
	why = t->read(rec, s, len, &u);
	if (why != NULL) {
		tag_units_free(&u);
		return rec_fail(rec, in, STAGE, "%s", why);
	}
	decide(rec, s, len, &u, on);
	set_fields(rec, &u, on);
	tag_units_free(&u);
	return REC_OK;
}
