/* corpus.c: plain-text documents and their paragraphs (corpus.h). */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "corpus.h"
#include "diag.h"
#include "share.h"
#include "utf8.h"
#include "xalloc.h"

void
corpus_paragraphs(const char *s, size_t len,
    void (*fn)(struct buf *p, void *arg), void *arg)
{
	struct buf p = { 0 };
	size_t i = 0, e, j;
	int blank, space;

	while (i < len) {
		for (e = i, blank = 1; e < len && s[e] != '\n'; e++)
			if (!isspace((unsigned char)s[e]))
				blank = 0;
		if (blank && p.len > 0)
			fn(&p, arg);
		if (blank)
			buf_reset(&p);
		space = p.len > 0;
		for (j = i; j < e && !blank; j++) {
			if (isspace((unsigned char)s[j])) {
				space = p.len > 0;
				continue;
			}
			if (space)
				buf_putc(&p, ' ');
			space = 0;
			buf_putc(&p, s[j]);
		}
		i = e + 1;
	}
	if (p.len > 0)
		fn(&p, arg);
	buf_free(&p);
}

static int
one(const char *path, const char *name,
    int (*fn)(const char *, const char *, size_t, void *), void *arg)
{
	size_t len, bad;
	char *text = file_read(path, &len);
	const char *s, *nul;
	int ret;

	if (text == NULL) {
		lg_warn("%s: %s", path, strerror(errno));
		return -1;
	}
	if ((nul = memchr(text, '\0', len)) != NULL) {
		lg_warn("%s: NUL byte at offset %zu: not a text file", path,
		    (size_t)(nul - text));
		free(text);
		return -1;
	}
	if ((bad = utf8_invalid(text, len)) != len) {
		lg_warn("%s: invalid UTF-8 at offset %zu", path, bad);
		free(text);
		return -1;
	}
	s = text;
	if (len >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;
		len -= 3;
	}
	ret = fn(name, s, len, arg);
	free(text);
	return ret;
}

static int
cmpstr(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
corpus_each(const char *path,
    int (*fn)(const char *name, const char *text, size_t len, void *arg),
    void *arg)
{
	struct stat st;
	DIR *dp;
	struct dirent *de;
	char **names = NULL;
	const char *base;
	size_t n = 0, i;
	int ret = 0;

	if (stat(path, &st) < 0) {
		lg_warn("%s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		base = strrchr(path, '/');
		return one(path, base ? base + 1 : path, fn, arg);
	}
	if ((dp = opendir(path)) == NULL) {
		lg_warn("%s: %s", path, strerror(errno));
		return -1;
	}
	while ((de = readdir(dp)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		names = xreallocarray(names, n + 1, sizeof *names);
		names[n++] = xstrdup(de->d_name);
	}
	closedir(dp);
	if (n > 0)
		qsort(names, n, sizeof *names, cmpstr);
	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", path, names[i]);

		if (ret == 0 && stat(p, &st) < 0) {
			lg_warn("%s: %s", p, strerror(errno));
			ret = -1;
		} else if (ret == 0 && S_ISREG(st.st_mode) &&
		    one(p, names[i], fn, arg) < 0)
			ret = -1;
		free(p);
		free(names[i]);
	}
	free(names);
	return ret;
}
