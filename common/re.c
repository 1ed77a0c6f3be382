#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "re.h"
#include "xalloc.h"

struct lg_re {
	pcre2_code *code;
	pcre2_match_data *md;
};

lg_re *
re_compile(const char *pattern, unsigned flags)
{
	lg_re *re = xcalloc(1, sizeof *re);
	uint32_t opts = PCRE2_UTF | PCRE2_UCP;
	int err;
	PCRE2_SIZE off;

	if (flags & RE_ICASE)
		opts |= PCRE2_CASELESS;
	if (flags & RE_MULTILINE)
		opts |= PCRE2_MULTILINE;
	if (flags & RE_DOTALL)
		opts |= PCRE2_DOTALL;
	if (flags & RE_ANCHORED)
		opts |= PCRE2_ANCHORED;
	re->code = pcre2_compile((PCRE2_SPTR)pattern, PCRE2_ZERO_TERMINATED, opts,
	    &err, &off, NULL);
	if (re->code == NULL) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(err, msg, sizeof msg);
		lg_die(LG_SYS, "bad pattern at offset %zu: %s: %s", (size_t)off,
		    (char *)msg, pattern);
	}
	pcre2_jit_compile(re->code, PCRE2_JIT_COMPLETE);	/* optional */
	re->md = pcre2_match_data_create_from_pattern(re->code, NULL);
	if (re->md == NULL)
		lg_die(LG_SYS, "out of memory");
	return re;
}

void
re_free(lg_re *re)
{
	if (re == NULL)
		return;
	pcre2_match_data_free(re->md);
	pcre2_code_free(re->code);
	free(re);
}

int
re_match(lg_re *re, const char *s, size_t len, size_t start, size_t *ov, int nov)
{
	PCRE2_SIZE *v;
	int rc, i;

	if (start > len)
		return 0;
	rc = pcre2_match(re->code, (PCRE2_SPTR)s, len, start, PCRE2_NO_UTF_CHECK,
	    re->md, NULL);
	if (rc == PCRE2_ERROR_NOMATCH)
		return 0;
	if (rc < 0) {
		PCRE2_UCHAR msg[256];

		pcre2_get_error_message(rc, msg, sizeof msg);
		lg_warn("pattern match failed: %s", (char *)msg);
		return 0;
	}
	if (rc == 0)
		rc = nov;
	v = pcre2_get_ovector_pointer(re->md);
	for (i = 0; i < nov; i++) {
		if (i < rc && (size_t)i < pcre2_get_ovector_count(re->md)) {
			ov[2 * i] = v[2 * i] == PCRE2_UNSET ? (size_t)-1 : v[2 * i];
			ov[2 * i + 1] = v[2 * i + 1] == PCRE2_UNSET ? (size_t)-1 : v[2 * i + 1];
		} else
			ov[2 * i] = ov[2 * i + 1] = (size_t)-1;
	}
	return rc;
}

char *
re_quote(const char *s)
{
	struct buf b = { 0 };

	for (; *s; s++) {
		if (strchr("\\^$.|?*+()[]{}#", *s) != NULL || *s == ' ')
			buf_putc(&b, '\\');
		buf_putc(&b, *s);
	}
	return buf_take(&b);
}
