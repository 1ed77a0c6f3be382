/* The code of a LongWeave cf answer (see cfcode.h). */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "cfcode.h"
#include "re.h"
#include "utf8.h"
#include "xalloc.h"

static lg_re *fence_re, *compat_re;

static const char *const names[] = {
	"fenced", "opened", "closed", "bare", "empty"
};

const char *
cf_extract_name(int how)
{
	return names[how];
}

void
cf_extract_fini(void)
{
	re_free(fence_re);
	re_free(compat_re);
	fence_re = compat_re = NULL;
}

/* The published rule: the pattern's group, or the whole answer, stripped. */
static char *
extract_compat(const char *s, size_t len, int *how, size_t *out)
{
	size_t ov[4], n;
	const char *p;

	if (compat_re == NULL)
		compat_re = re_compile("```(?:python)?\\s*(.*?)\\s*```",
		    RE_ICASE | RE_DOTALL);
	n = len;
	p = utf8_pystrip(s, &n);
	if (re_match(compat_re, p, n, 0, ov, 2) > 0) {
		const char *g = p + ov[2];

		n = ov[3] - ov[2];
		g = utf8_pystrip(g, &n);
		*how = n > 0 ? EX_FENCED : EX_EMPTY;
		*out = n;
		return xstrndup(g, n);
	}
	*how = n > 0 ? EX_BARE : EX_EMPTY;
	*out = n;
	return xstrndup(p, n);
}

static int
blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' &&
		    s[i] != '\f' && s[i] != '\v')
			return 0;
	return 1;
}

static int
space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v';
}

/* Lines of s[0..n) without leading and trailing blank lines, CRLF as LF,
 * ending in one newline; "" when there is nothing. */
static char *
tidy(const char *s, size_t n, size_t *out)
{
	struct buf b = { 0 };
	size_t i, start = 0, end = n, first = n, last = 0;

	for (i = 0; i < n; i++)
		if (!space(s[i])) {
			if (first == n)
				first = i;
			last = i;
		}
	buf_puts(&b, "");
	*out = 0;
	if (first == n)
		return buf_take(&b);
	/* whole lines: from the start of the first one holding text to the
	 * end of the last one */
	for (start = first; start > 0 && s[start - 1] != '\n'; start--)
		;
	for (end = last; end < n && s[end] != '\n'; end++)
		;
	for (i = start; i < end; i++)
		if (!(s[i] == '\r' && (i + 1 == end || s[i + 1] == '\n')))
			buf_putc(&b, s[i]);
	buf_putc(&b, '\n');
	*out = b.len;
	return buf_take(&b);
}

/* The next fence line at or after pos made of c ('`' or '~', or 0 for
 * either): its fence character, and its bounds in f; 0 when there is none. */
static int
next_fence(const char *s, size_t len, size_t pos, int c, size_t f[2])
{
	size_t ov[2];

	if (fence_re == NULL)
		fence_re = re_compile("^[ \\t]*(?:```|~~~)[^\\n]*$", RE_MULTILINE);
	while (pos <= len && re_match(fence_re, s, len, pos, ov, 1) > 0) {
		const char *p = s + ov[0];

		while (*p == ' ' || *p == '\t')
			p++;
		if (c == 0 || *p == c) {
			f[0] = ov[0];
			f[1] = ov[1];
			return *p;
		}
		pos = ov[1] < len ? ov[1] + 1 : len + 1;
	}
	return 0;
}

char *
cf_extract(const char *s, size_t len, int compat, int *how, size_t *n)
{
	size_t f[2][2];
	int nf = 0, c;
	char *code;

	if (compat)
		return extract_compat(s, len, how, n);
	/* a byte-order mark is no part of the answer */
	if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
		s += 3;
		len -= 3;
	}
	/* a block opened with backquotes closes with backquotes, with tildes
	 * with tildes */
	if ((c = next_fence(s, len, 0, 0, f[0])) != 0) {
		nf = 1;
		if (f[0][1] < len && next_fence(s, len, f[0][1] + 1, c, f[1]) != 0)
			nf = 2;
	}
	if (nf == 2) {
		*how = EX_FENCED;
		code = tidy(s + f[0][1], f[1][0] - f[0][1], n);
	} else if (nf == 1) {
		const char *info = s + f[0][0];
		size_t after = f[0][1] < len ? f[0][1] + 1 : len;

		while (*info == ' ' || *info == '\t')
			info++;
		while (*info == c)
			info++;
		/* "```python" opens a block the answer did not close; a bare
		 * fence after code closes the block the prompt opened */
		if (blank(info, (size_t)(s + f[0][1] - info)) && !blank(s, f[0][0])) {
			*how = EX_CLOSED;
			code = tidy(s, f[0][0], n);
		} else {
			*how = EX_OPENED;
			code = tidy(s + after, len - after, n);
		}
	} else {
		*how = EX_BARE;
		code = tidy(s, len, n);
	}
	if (*n == 0)
		*how = EX_EMPTY;
	return code;
}
