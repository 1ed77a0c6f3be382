#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "share.h"
#include "xalloc.h"

#ifndef LG_SHAREDIR
#define LG_SHAREDIR "/usr/local/share/lg"
#endif

static char *dir;	/* found once, kept for the run */

static int
isdir(const char *p)
{
	struct stat st;

	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

const char *
share_dir(void)
{
	char exe[PATH_MAX], *slash, *cand;
	const char *env;
	ssize_t n;

	if (dir != NULL)
		return dir;
	if ((env = getenv("LG_SHARE")) != NULL && *env != '\0') {
		dir = xstrdup(env);
		return dir;
	}
	n = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (n > 0) {
		exe[n] = '\0';
		if ((slash = strrchr(exe, '/')) != NULL) {
			*slash = '\0';
			cand = xasprintf("%s/../share/lg", exe);
			if (isdir(cand))
				return dir = cand;
			free(cand);
			cand = xasprintf("%s/../share/templates", exe);
			if (isdir(cand)) {
				free(cand);
				return dir = xasprintf("%s/../share", exe);
			}
			free(cand);
		}
	}
	return dir = xstrdup(LG_SHAREDIR);
}

char *
share_path(const char *rel)
{
	return xasprintf("%s/%s", share_dir(), rel);
}

char *
file_read(const char *path, size_t *len)
{
	int fd = open(path, O_RDONLY);
	struct buf b = { 0 };
	char tmp[65536];
	ssize_t n;

	if (fd < 0)
		return NULL;
	while ((n = read(fd, tmp, sizeof tmp)) != 0) {
		if (n < 0) {
			if (errno == EINTR)
				continue;
			buf_free(&b);
			close(fd);
			return NULL;
		}
		buf_add(&b, tmp, (size_t)n);
	}
	close(fd);
	if (len != NULL)
		*len = b.len;
	return buf_take(&b);
}

char **
lines_read(const char *path, size_t *np)
{
	char *text = file_read(path, NULL), *p, *nl;
	char **v = NULL;
	size_t n = 0, cap = 0;

	if (text == NULL)
		return NULL;
	for (p = text; *p; p = nl ? nl + 1 : p + strlen(p)) {
		size_t len;

		nl = strchr(p, '\n');
		len = nl ? (size_t)(nl - p) : strlen(p);
		while (len > 0 && (p[len - 1] == ' ' || p[len - 1] == '\t' || p[len - 1] == '\r'))
			len--;
		if (len == 0)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			v = xreallocarray(v, cap, sizeof *v);
		}
		v[n++] = xstrndup(p, len);
	}
	free(text);
	if (v == NULL)
		v = xmalloc(sizeof *v);
	*np = n;
	return v;
}

void
lines_free(char **lines, size_t n)
{
	size_t i;

	if (lines == NULL)
		return;
	for (i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
}
