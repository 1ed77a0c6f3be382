/*
 * skey.c: --split-settings' key, what each settings id of the rows stands
 * for: one row per id with the members of gen's settings that differ
 * between the ids (lg's version, the template's name and sha256, the
 * decoding parameters...), printed after the tables in their format; in
 * JSON one object per id, {"row": "settings", "settings": ID, "made":
 * the settings whole, null when unknown}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "agg.h"
#include "xalloc.h"

struct skeys {
	struct skey {
		char *id;
		cJSON *made;	/* NULL: unknown (no gen.lg) */
	} *k;
	size_t n;
};

skeys *
skeys_new(void)
{
	return xcalloc(1, sizeof(skeys));
}

void
skeys_note(skeys *s, const char *id, const char *text)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (strcmp(s->k[i].id, id) == 0)
			return;
	s->k = xreallocarray(s->k, s->n + 1, sizeof *s->k);
	s->k[s->n].id = xstrdup(id);
	s->k[s->n].made = text != NULL ? cJSON_Parse(text) : NULL;
	s->n++;
}

static int
by_id(const void *a, const void *b)
{
	return strcmp(((const struct skey *)a)->id, ((const struct skey *)b)->id);
}

/* Whether member m has the same value in every known id's settings. */
static int
same_everywhere(const skeys *s, const char *m)
{
	const cJSON *first = NULL, *v;
	size_t i;
	int seen = 0;

	for (i = 0; i < s->n; i++) {
		if (s->k[i].made == NULL)
			continue;
		v = cJSON_GetObjectItemCaseSensitive(s->k[i].made, m);
		if (!seen) {
			first = v;
			seen = 1;
		} else if ((v == NULL) != (first == NULL) ||
		    (v != NULL && !cJSON_Compare(v, first, 1)))
			return 0;
	}
	return 1;
}

/* The members to show, in the order first met: those that differ
 * between the ids (all of them when there is one id). */
static size_t
members(const skeys *s, const char **m, size_t max)
{
	const cJSON *e;
	size_t i, j, n = 0;

	for (i = 0; i < s->n; i++)
		cJSON_ArrayForEach(e, s->k[i].made) {
			for (j = 0; j < n && strcmp(m[j], e->string) != 0; j++)
				;
			if (j == n && n < max &&
			    (s->n == 1 || !same_everywhere(s, e->string)))
				m[n++] = e->string;
		}
	return n;
}

/* A member's value as a cell: a template by its name and the first 12
 * hex digits of its sums, a string as it is, else JSON; "-": absent. */
static char *
cell(const cJSON *v)
{
	const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v,
	    "name"));
	const char *sha = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v,
	    "sha256"));
	const char *sys = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v,
	    "system_sha256"));
	if (cJSON_IsString(v))
		return xstrdup(v->valuestring);
	if (name != NULL && sha != NULL)
		return xasprintf("%s %.12s%s%.12s", name, sha, sys ? " system " : "",
		    sys ? sys : "");
	return rec_shown(v, "-");
}

static void
print_json(const skeys *s)
{
	cJSON *j;
	size_t i;

	for (i = 0; i < s->n; i++) {
		j = cJSON_CreateObject();
		cJSON_AddStringToObject(j, "row", "settings");
		cJSON_AddStringToObject(j, "settings", s->k[i].id);
		if (s->k[i].made != NULL)
			cJSON_AddItemToObject(j, "made",
			    cJSON_Duplicate(s->k[i].made, 1));
		else
			cJSON_AddNullToObject(j, "made");
		json_emit(j);
	}
}

void
skeys_print(skeys *s, const struct opts *o)
{
	const char *m[32], *cols[33];
	int right[33] = { 0 };
	size_t nm, i, j;
	table *t;
	char **c;

	if (s->n == 0)
		return;
	qsort(s->k, s->n, sizeof *s->k, by_id);
	if (o->fmt == FMT_JSON) {
		print_json(s);
		return;
	}
	nm = members(s, m, sizeof m / sizeof m[0]);
	cols[0] = "settings";
	for (i = 0; i < nm; i++)
		cols[i + 1] = m[i];
	t = table_new(cols, right, nm + 1);
	for (i = 0; i < s->n; i++) {
		c = xcalloc(nm + 1, sizeof *c);
		c[0] = xstrdup(s->k[i].id);
		for (j = 0; j < nm; j++)
			c[j + 1] = s->k[i].made == NULL ? xstrdup("unknown") :
			    cell(cJSON_GetObjectItemCaseSensitive(s->k[i].made, m[j]));
		table_add(t, c);
	}
	putchar('\n');
	table_title("settings", "what each id stands for (gen's members that "
	    "differ; unknown: no gen.lg)", o->fmt);
	table_print(t, o->fmt);
	table_free(t);
}

void
skeys_free(skeys *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->k[i].id);
		cJSON_Delete(s->k[i].made);
	}
	free(s->k);
	free(s);
}
