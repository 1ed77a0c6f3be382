/* fields.c: dotted field paths (-g, --by) and a record's value at one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "compare.h"
#include "jprint.h"
#include "nulkey.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

/* "gen.model" into its parts: 0, or -1 on an empty part. */
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
fields_parse(const char *list, struct opts *o)
{
	char **v;
	size_t n, i, j;
	int r = 0;

	fields_free(o);
	v = split_list(list, &n);
	o->fields = xcalloc(n ? n : 1, sizeof *o->fields);
	for (i = 0; i < n; i++) {
		if (field_parse(v[i], &o->fields[i]) < 0)
			r = -1;
		o->nfields = i + 1;
		for (j = 0; j < i; j++)
			if (strcmp(v[i], v[j]) == 0)
				r = -1;
	}
	split_free(v, n);
	return n == 0 ? -1 : r;
}

void
fields_free(struct opts *o)
{
	size_t i;

	for (i = 0; i < o->nfields; i++)
		field_free(&o->fields[i]);
	free(o->fields);
	o->fields = NULL;
	o->nfields = 0;
}

int
field_value(const cJSON *rec, const struct field *f, char **out)
{
	const cJSON *v = rec;
	buf b = { 0 };
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
