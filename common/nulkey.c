#include <stdlib.h>
#include <string.h>

#include "jsonnul.h"
#include "nulkey.h"
#include "record.h"
#include "splice.h"
#include "xalloc.h"

#define MARK '\001'

char *
nulkey_of(const char *s, size_t len)
{
	struct buf b = { 0 };
	size_t i;
	char *k;

	for (i = 0; i < len && s[i] != '\0' && s[i] != MARK; i++)
		;
	if (i == len) {		/* nothing to escape: the bytes as they are */
		k = xmalloc(len + 1);
		memcpy(k, s, len);
		k[len] = '\0';
		return k;
	}
	buf_grow(&b, len + 1);
	for (i = 0; i < len; i++)
		if (s[i] == '\0' || s[i] == MARK) {
			buf_putc(&b, MARK);
			buf_putc(&b, s[i] == '\0' ? '0' : '1');
		} else
			buf_putc(&b, s[i]);
	return buf_take(&b);
}

/* The string at parts[0..n) below v, or NULL. */
static const cJSON *
walk(const cJSON *v, char *const *parts, size_t n)
{
	size_t i;

	for (i = 0; i < n && cJSON_IsObject(v); i++)
		v = cJSON_GetObjectItemCaseSensitive(v, parts[i]);
	return i == n && cJSON_IsString(v) ? v : NULL;
}

char *
nulkey_at(const cJSON *rec, char *const *parts, size_t n)
{
	const cJSON *top, *v;
	const char *s;
	size_t len;
	char *k = NULL;
	cJSON *j;
	int nul;

	if (n == 0 || (top = rec_get(rec, parts[0])) == NULL)
		return NULL;
	if (n == 1)
		return (s = rec_strn(rec, parts[0], &len)) != NULL ?
		    nulkey_of(s, len) : NULL;
	/* a nested string: its member's text, read again when it holds a
	 * \u0000 escape (the tree's strings are then keys already) */
	s = splice_text(rec, top, &len);
	if (s != NULL && memmem(s, len, "\\u0000", 6) != NULL) {
		j = jsonnul_parse(s, len, &nul);
		if ((v = walk(j, parts + 1, n - 1)) != NULL)
			k = nul ? xstrdup(v->valuestring) :
			    nulkey_of(v->valuestring, strlen(v->valuestring));
		cJSON_Delete(j);
		return k;
	}
	if ((v = walk(top, parts + 1, n - 1)) == NULL)
		return NULL;
	return nulkey_of(v->valuestring, strlen(v->valuestring));
}

void
nulkey_bytes(struct buf *b, const char *key)
{
	jsonnul_text(b, key, 1);
}

char *
nulkey_show(const char *key)
{
	struct buf b = { 0 };
	const char *m;

	while ((m = strchr(key, MARK)) != NULL) {
		buf_add(&b, key, (size_t)(m - key));
		if (m[1] == '0')
			buf_puts(&b, "\xe2\x90\x80");	/* U+2400 */
		else
			buf_putc(&b, MARK);
		key = m + (m[1] == '0' || m[1] == '1' ? 2 : 1);
	}
	buf_puts(&b, key);
	return buf_take(&b);
}

cJSON *
nulkey_json(const char *key)
{
	struct buf b = { 0 };
	cJSON *j;

	nulkey_bytes(&b, key);
	j = jsonnul_string(b.s ? b.s : "", b.len);
	buf_free(&b);
	return j;
}
