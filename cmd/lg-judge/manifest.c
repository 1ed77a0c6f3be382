/*
 * manifest.c: scores.judge, what judged a record (lg(7)): how (rules,
 * model or hybrid), lg's version, and for a model its name, the rubric's
 * name and the SHA-256 of its bytes, the decoding asked for and whether
 * the published judge asked (--compat); beside it scores.judge_s, the
 * seconds of the model's requests about the record.  lg-agg refuses to
 * pool records whose scores.judge differ.
 */
#include <stdlib.h>
#include <string.h>

#include "judge.h"
#include "record.h"
#include "sha256.h"
#include "share.h"
#include "xalloc.h"

/* Rubrics read for their sums, by share path, once each. */
static struct {
	char *rel;
	char hex[65];
} *sums;
static size_t nsums;

const char *
judge_rubric_sha(const char *rel)
{
	char *path, *text;
	size_t i, len;

	for (i = 0; i < nsums; i++)
		if (strcmp(sums[i].rel, rel) == 0)
			return sums[i].hex;
	sums = xreallocarray(sums, nsums + 1, sizeof *sums);
	sums[nsums].rel = xstrdup(rel);
	path = share_path(rel);
	if ((text = file_read(path, &len)) != NULL)
		sha256_hex(text, len, sums[nsums].hex);
	else
		strcpy(sums[nsums].hex, "-");	/* the judge said it could not */
	free(text);
	free(path);
	return sums[nsums++].hex;
}

void
judge_manifest(cJSON *rec, const judge_note *n)
{
	cJSON *j, *d, *sc;

	if (rec_get(rec, "scores") == NULL)
		return;		/* not scored: nothing judged it */
	j = cJSON_CreateObject();
	cJSON_AddStringToObject(j, "by", n->by);
	cJSON_AddStringToObject(j, "lg", LG_VERSION);
	if (n->model != NULL)
		cJSON_AddStringToObject(j, "model", n->model);
	if (n->rubric != NULL) {
		cJSON_AddStringToObject(j, "rubric", n->rubric);
		cJSON_AddStringToObject(j, "sha256", n->sha256);
	}
	if (n->dec != NULL) {
		d = cJSON_AddObjectToObject(j, "decoding");
		cJSON_AddNumberToObject(d, "max_tokens", (double)n->dec->max_tokens);
		cJSON_AddNumberToObject(d, "temperature", n->dec->temperature);
		if (n->dec->top_p >= 0)
			cJSON_AddNumberToObject(d, "top_p", n->dec->top_p);
		if (n->dec->has_seed)
			cJSON_AddNumberToObject(d, "seed", (double)n->dec->seed);
	}
	cJSON_AddBoolToObject(j, "compat", n->compat);
	sc = rec_obj(rec, "scores");
	cJSON_DeleteItemFromObjectCaseSensitive(sc, "judge");
	cJSON_AddItemToObject(sc, "judge", j);
	cJSON_DeleteItemFromObjectCaseSensitive(sc, "judge_s");
	if (n->timed)
		cJSON_AddNumberToObject(sc, "judge_s", n->seconds);
}

void
judge_manifest_fini(void)
{
	size_t i;

	for (i = 0; i < nsums; i++)
		free(sums[i].rel);
	free(sums);
	sums = NULL;
	nsums = 0;
}
