/* html.c: escaping for lg-report's page. */
#include <string.h>

#include "report.h"
#include "svg.h"

void
html_esc(struct buf *b, const char *s)
{
	svg_esc(b, s);
}

void
html_json(struct buf *b, const char *j)
{
	const char *p;

	while ((p = strchr(j, '<')) != NULL) {
		buf_add(b, j, (size_t)(p - j));
		buf_puts(b, "\\u003c");
		j = p + 1;
	}
	buf_puts(b, j);
}

/* 1 when js_esc() writes byte c as it is (0xe2 may begin U+2028). */
static int
js_plain(unsigned char c)
{
	return c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' &&
	    c != 0x7f && c != 0xe2;
}

void
js_esc(struct buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *q;

	while (*p != '\0') {
		for (q = p; js_plain(*q); q++)
			;
		buf_add(b, (const char *)p, (size_t)(q - p));	/* a run as it is */
		if (*q == '\0')
			break;
		p = q;
		if (*p == '"' || *p == '\\') {
			buf_putc(b, '\\');
			buf_putc(b, *p);
		} else if (*p < 0x20 || *p == '<' || *p == '>' || *p == 0x7f) {
			buf_printf(b, "\\u%04x", *p);
		} else if (p[1] == 0x80 && (p[2] == 0xa8 || p[2] == 0xa9)) {
			buf_printf(b, "\\u%04x", p[2] == 0xa8 ? 0x2028 : 0x2029);
			p += 2;
		} else {
			buf_putc(b, *p);	/* 0xe2 of another character */
		}
		p++;
	}
}

void
url_esc(struct buf *b, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;

	for (; *p != '\0'; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("-_.!~*'()", *p) != NULL)
			buf_putc(b, (char)*p);
		else
			buf_printf(b, "%%%02X", *p);
}
