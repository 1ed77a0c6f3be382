/* recs.c: what lg-agg reads of any record, whatever its bench. */
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "nulkey.h"
#include "record.h"
#include "xalloc.h"

static char case_name[] = "case", id_name[] = "id", gen_name[] = "gen",
    model_name[] = "model";
static char *case_part[] = { case_name }, *id_part[] = { id_name },
    *model_part[] = { gen_name, model_name };

/*
 * The record's id as a unit's key (nulkey.h), NULL when it has none: the
 * id, then rec_key_tail(), so that a group that holds several models (-g
 * without gen.model) does not take one case of two models for a repeat.
 */
char *
rec_key(const cJSON *rec)
{
	char *id = nulkey_at(rec, id_part, 1), *t, *k;

	if (id == NULL)
		return NULL;
	t = rec_key_tail(rec);
	if (*t == '\0') {
		free(t);
		return id;
	}
	k = xasprintf("%s%s", id, t);
	free(id);
	free(t);
	return k;
}

/* 0x01 'm' (never in a key) and the model when there is one, else "". */
char *
rec_key_tail(const cJSON *rec)
{
	char *m = nulkey_at(rec, model_part, 2), *k;

	if (m == NULL)
		return xstrdup("");
	k = xasprintf("\x01m%s", m);
	free(m);
	return k;
}

/* The record's case (repeated samples) as a key (nulkey.h), NULL when it
 * has none; -1 bad. */
int
case_of(const cJSON *rec, jsonl *in, char **out)
{
	const cJSON *c = rec_get(rec, "case");

	*out = NULL;
	if (c == NULL || cJSON_IsNull(c))
		return 0;
	if (!cJSON_IsString(c)) {
		jsonl_warn(in, "case: not a string");
		return -1;
	}
	*out = nulkey_at(rec, case_part, 1);
	return 0;
}

int
rec_cut(const cJSON *rec)
{
	const cJSON *gen = rec_get(rec, "gen");
	const cJSON *fr = cJSON_GetObjectItemCaseSensitive(gen, "finish_reason");

	return cJSON_IsString(fr) && strcmp(fr->valuestring, "length") == 0;
}

