/*
 * import_nul.c: NUL bytes in an official file to import.  The prompt and
 * the other texts of an imported case are kept exactly or not at all:
 * lg-infer sends a prompt up to its first NUL (rec_str), and templates and
 * scorers read C strings, so a case with a \u0000 anywhere in its element (a
 * prompt, a check, an answer, an id, a key) is refused by name and left
 * out, never imported cut.  The other elements are kept as cJSON reads
 * them, but for one member the caller keeps whole (a result file's
 * output_blocks: the output, which every stage reads whole).
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "gen.h"
#include "jsonnul.h"
#include "nulkey.h"
#include "xalloc.h"

#define MARK '\001'

/* Does the string (of a tree jsonnul_parse() gave with NULs) hold one? */
static int
holds_nul(const char *s)
{
	const char *m;

	for (m = s; (m = strchr(m, MARK)) != NULL; m += 2)
		if (m[1] == '0')
			return 1;
		else if (m[1] == '\0')
			return 0;
	return 0;
}

/* The path below v of the first string or key holding a NUL, appended to
 * b, the top-level member whole left out; 1 when there is one. */
static int
nul_path(const cJSON *v, struct buf *b, const char *whole)
{
	const cJSON *c;
	size_t at = b->len;
	int i = 0;

	if (cJSON_IsString(v))
		return holds_nul(v->valuestring);
	cJSON_ArrayForEach(c, v) {
		if (whole != NULL && c->string != NULL && strcmp(c->string, whole) == 0)
			continue;
		b->len = at;
		if (cJSON_IsObject(v)) {
			char *k = nulkey_show(c->string ? c->string : "");

			buf_printf(b, "%s%s", at > 0 ? "." : "", k);
			free(k);
		} else
			buf_printf(b, "[%d]", i);
		if ((c->string != NULL && holds_nul(c->string)) ||
		    nul_path(c, b, NULL))
			return 1;
		i++;
	}
	b->len = at;
	return 0;
}

/* A string of such a tree without NULs back as cJSON reads it: each
 * 0x01 '1' is the byte 0x01. */
static void
unmark(char *s)
{
	char *o = s;

	for (; *s; s++) {
		*o++ = *s;
		if (*s == MARK && s[1] == '1')
			s++;
	}
	*o = '\0';
}

/* The strings and keys below v as cJSON reads them, but for the
 * top-level member whole. */
static void
unmark_all(cJSON *v, const char *whole)
{
	cJSON *c;

	if (cJSON_IsString(v))
		unmark(v->valuestring);
	cJSON_ArrayForEach(c, v) {
		if (whole != NULL && c->string != NULL && strcmp(c->string, whole) == 0)
			continue;
		if (c->string != NULL)
			unmark(c->string);
		unmark_all(c, NULL);
	}
}

void
gen_import_nul(const char *path, const char *text, size_t len, cJSON **all,
    const char *whole, int *nul)
{
	cJSON *t, *e;
	struct buf b = { 0 };
	int i = 0;

	*nul = 0;
	if (memmem(text, len, "\\u0000", 6) == NULL ||
	    (t = jsonnul_parse(text, len, nul)) == NULL)
		return;
	cJSON_Delete(*all);
	*all = t;
	for (e = t->child; e != NULL; e = e->next, i++) {
		buf_reset(&b);
		if (!nul_path(e, &b, whole)) {
			unmark_all(e, whole);
			continue;
		}
		if (b.len == 0)
			buf_puts(&b, "the element");
		lg_sanitize(b.s);
		lg_warnat(path, 0, "element %d: %s: holds a NUL byte (\\u0000), "
		    "which lg's stages take for the end of the text: left out", i, b.s);
		/* in its place, so that the others keep their index */
		cJSON_Delete(e->child);
		e->child = NULL;
		e->type = cJSON_Invalid;
	}
	buf_free(&b);
}
