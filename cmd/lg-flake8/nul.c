/* lg-flake8: the answer with its NUL bytes (see nul.h). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "jsonnul.h"
#include "nul.h"
#include "record.h"
#include "xalloc.h"

void
cf_nul_read(cJSON *rec, const jsonl *in)
{
	cJSON *j, *out;
	buf b = { 0 };
	size_t len;
	const char *text = jsonl_text(in, &len);
	int nul;

	if (memmem(text, len, "\\u0000", 6) == NULL)
		return;
	j = jsonnul_parse(text, len, &nul);
	out = cJSON_IsObject(j) ? rec_get(j, "output") : NULL;
	if (nul && cJSON_IsString(out) && cJSON_IsString(rec_get(rec, "output"))) {
		jsonnul_text(&b, out->valuestring, nul);
		rec_set(rec, "output", jsonnul_string(b.s ? b.s : "", b.len));
	}
	buf_free(&b);
	cJSON_Delete(j);
}

int
cf_is_str(const cJSON *v)
{
	return cJSON_IsString(v) || (cJSON_IsRaw(v) && v->valuestring != NULL &&
	    v->valuestring[0] == '"');
}

char *
cf_strn(const cJSON *v, size_t *len)
{
	cJSON *j;
	buf b = { 0 };
	int nul;

	if (!cJSON_IsRaw(v)) {
		*len = strlen(v->valuestring);
		return xstrndup(v->valuestring, *len);
	}
	/* a string jsonnul_string() made: read its JSON text back */
	j = jsonnul_parse(v->valuestring, strlen(v->valuestring), &nul);
	buf_puts(&b, "");
	if (cJSON_IsString(j))
		jsonnul_text(&b, j->valuestring, nul);
	cJSON_Delete(j);
	*len = b.len;
	return buf_take(&b);
}
