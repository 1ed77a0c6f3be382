/* fields.c: dotted field paths and a record's value at one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "fields.h"
#include "jprint.h"
#include "nulkey.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

int
field_parse(const char *path, struct field *f)
{
	memset(f, 0, sizeof *f);
	f->path = xstrdup(path);
	f->parts = split_path(path, &f->nparts);
	return f->parts != NULL ? 0 : -1;
}

void
field_free(struct field *f)
{
	size_t i;

	for (i = 0; i < f->nparts; i++)
		free(f->parts[i]);
	free(f->parts);
	free(f->path);
	memset(f, 0, sizeof *f);
}

int
fields_parse(const char *list, struct field **v, size_t *n)
{
	char **s;
	size_t ns, i, j;
	int r = 0;

	fields_free(v, n);
	s = split_list(list, &ns);
	*v = xcalloc(ns ? ns : 1, sizeof **v);
	for (i = 0; i < ns; i++) {
		if (field_parse(s[i], &(*v)[i]) < 0)
			r = -1;
		*n = i + 1;
		for (j = 0; j < i; j++)
			if (strcmp(s[i], s[j]) == 0)
				r = -1;
	}
	split_free(s, ns);
	return ns == 0 ? -1 : r;
}

void
fields_free(struct field **v, size_t *n)
{
	size_t i;

	for (i = 0; i < *n; i++)
		field_free(&(*v)[i]);
	free(*v);
	*v = NULL;
	*n = 0;
}

int
fields_find(const struct field *v, size_t n, const char *path)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(v[i].path, path) == 0)
			return (int)i;
	return -1;
}

size_t
fields_unnamed(const struct field *v, size_t n, const char *const *keys,
    size_t nkeys, const char **out)
{
	size_t i, k, kept = 0;

	for (k = 0; k < nkeys; k++) {
		for (i = 0; i < n; i++)
			if (v[i].nparts > 0 && strcmp(v[i].parts[0], keys[k]) == 0)
				break;
		if (i == n)
			out[kept++] = keys[k];
	}
	return kept;
}

int
field_value(const cJSON *rec, const struct field *f, char **out)
{
	const cJSON *v = rec;
	struct buf b = { 0 };
	size_t i;

	*out = NULL;
	for (i = 0; i < f->nparts && cJSON_IsObject(v); i++)
		v = rec_get(v, f->parts[i]);
	if (i < f->nparts || v == NULL || cJSON_IsNull(v))
		*out = xstrdup("-");
	else if (cJSON_IsString(v))
		*out = nulkey_at(rec, f->parts, f->nparts);	/* NULs kept */
	else if (cJSON_IsBool(v))
		*out = xstrdup(cJSON_IsTrue(v) ? "true" : "false");
	else if (cJSON_IsNumber(v)) {
		if (v->valuedouble == floor(v->valuedouble) &&
		    fabs(v->valuedouble) < 1e15)
			buf_printf(&b, "%.0f", v->valuedouble);
		else
			jprint_number(&b, v->valuedouble);
		*out = buf_take(&b);
	} else
		return -1;
	return 0;
}
