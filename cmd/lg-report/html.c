/* html.c: escaping for lg-report's page. */
#include <string.h>

#include "report.h"
#include "svg.h"

void
html_esc(buf *b, const char *s)
{
	svg_esc(b, s);
}

void
html_json(buf *b, const char *j)
{
	const char *p;

	while ((p = strchr(j, '<')) != NULL) {
		buf_add(b, j, (size_t)(p - j));
		buf_puts(b, "\\u003c");
		j = p + 1;
	}
	buf_puts(b, j);
}
