#include <stdlib.h>
#include <string.h>

#include "jsonnul.h"
#include "xalloc.h"

#define MARK '\001'

cJSON *
jsonnul_parse(const char *s, size_t len, int *nul)
{
	struct buf b = { 0 };
	size_t i;
	int instr = 0;
	cJSON *j;

	*nul = memmem(s, len, "\\u0000", 6) != NULL;
	if (!*nul)
		return cJSON_ParseWithLength(s, len);
	for (i = 0; i < len; i++) {
		char c = s[i];

		if (!instr || c == '"') {
			instr ^= c == '"';
			buf_putc(&b, c);
		} else if (c == MARK) {
			buf_puts(&b, "\\u00011");
		} else if (c != '\\' || i + 1 == len) {
			buf_putc(&b, c);
		} else if (len - i >= 6 && memcmp(s + i, "\\u000", 5) == 0 &&
		    (s[i + 5] == '0' || s[i + 5] == '1')) {
			buf_puts(&b, s[i + 5] == '0' ? "\\u00010" : "\\u00011");
			i += 5;
		} else {
			buf_add(&b, s + i, 2);	/* an escape, taken whole */
			i++;
		}
	}
	j = cJSON_ParseWithLength(b.s ? b.s : "", b.len);
	buf_free(&b);
	return j;
}

void
jsonnul_text(struct buf *b, const char *v, int nul)
{
	const char *m;

	if (!nul) {
		buf_puts(b, v);
		return;
	}
	while ((m = strchr(v, MARK)) != NULL) {
		buf_add(b, v, (size_t)(m - v));
		if (m[1] == '0' || m[1] == '1') {
			buf_putc(b, m[1] == '0' ? '\0' : MARK);
			v = m + 2;
		} else {	/* not from jsonnul_parse(): kept */
			buf_putc(b, MARK);
			v = m + 1;
		}
	}
	buf_puts(b, v);
}

cJSON *
jsonnul_string(const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	struct buf b = { 0 };
	size_t i;
	cJSON *j;

	if (memchr(s, '\0', len) == NULL) {
		char *t = xstrndup(s, len);

		j = cJSON_CreateString(t);
		free(t);
		return j;
	}
	/* escaped as cJSON escapes, so the record reads the same */
	buf_grow(&b, len + len / 8 + 2);
	buf_putc(&b, '"');
	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '"': buf_puts(&b, "\\\""); break;
		case '\\': buf_puts(&b, "\\\\"); break;
		case '\b': buf_puts(&b, "\\b"); break;
		case '\f': buf_puts(&b, "\\f"); break;
		case '\n': buf_puts(&b, "\\n"); break;
		case '\r': buf_puts(&b, "\\r"); break;
		case '\t': buf_puts(&b, "\\t"); break;
		default:
			if (c < 0x20) {
				buf_puts(&b, "\\u00");
				buf_putc(&b, hex[c >> 4]);
				buf_putc(&b, hex[c & 15]);
			} else {
				buf_putc(&b, c);
			}
		}
	}
	buf_putc(&b, '"');
	j = cJSON_CreateRaw(b.s);
	buf_free(&b);
	return j;
}
