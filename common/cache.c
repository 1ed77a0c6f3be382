#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "cache.h"
#include "jsonnul.h"
#include "sha256.h"
#include "share.h"
#include "xalloc.h"

int
cache_open(cache *c, const char *dir)
{
	struct stat st;

	memset(c, 0, sizeof *c);
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		return -1;
	if (stat(dir, &st) < 0)
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return -1;
	}
	if (access(dir, W_OK | X_OK) < 0)
		return -1;
	c->dir = xstrdup(dir);
	return 0;
}

void
cache_close(cache *c)
{
	free(c->dir);
	c->dir = NULL;
}

void
cache_key(const char *endpoint, const char *model, const char *body,
    size_t len, char hex[65])
{
	struct buf b = { 0 };

	buf_puts(&b, "lg-cache-1\n");
	buf_puts(&b, endpoint);
	buf_putc(&b, '\n');
	buf_puts(&b, model);
	buf_putc(&b, '\n');
	buf_add(&b, body, len);
	sha256_hex(b.s, b.len, hex);
	buf_free(&b);
}

cJSON *
cache_get(cache *c, const char *hex, size_t max, int *nul)
{
	char *path = xasprintf("%s/%.2s/%s.json", c->dir, hex, hex);
	size_t len;
	struct stat st;
	char *s = NULL;
	cJSON *j = NULL;

	/* entries are renamed into place whole, and never written after */
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    (uintmax_t)st.st_size <= max)
		s = file_read(path, &len);
	if (s != NULL && len > max) {
		free(s);
		s = NULL;
	}

	free(path);
	if (s != NULL) {
		j = jsonnul_parse(s, len, nul);
		if (j != NULL && !cJSON_IsObject(j)) {
			cJSON_Delete(j);
			j = NULL;
		}
		free(s);
	}
	return j;
}

static int
write_all(int fd, const char *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(fd, p, n);

		if (w < 0) {
			if (errno == EINTR)
				continue;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

int
cache_put(cache *c, const char *hex, const cJSON *entry)
{
	char *sub = xasprintf("%s/%.2s", c->dir, hex);
	char *tmp = xasprintf("%s/.tmp-%ld-%lu-%s", sub, (long)getpid(),
	    c->seq++, hex);
	char *path = xasprintf("%s/%s.json", sub, hex);
	char *s = cJSON_PrintUnformatted(entry);
	int fd = -1, ret = -1, e = 0;

	if (s == NULL) {
		e = ENOMEM;
		goto out;
	}
	if (mkdir(sub, 0777) < 0 && errno != EEXIST) {
		e = errno;
		goto out;
	}
	fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd < 0) {
		e = errno;
		goto out;
	}
	if (write_all(fd, s, strlen(s)) < 0 || write_all(fd, "\n", 1) < 0) {
		e = errno;
		unlink(tmp);
		goto out;
	}
	if (close(fd) < 0) {
		fd = -1;
		e = errno;
		unlink(tmp);
		goto out;
	}
	fd = -1;
	if (rename(tmp, path) < 0) {
		e = errno;
		unlink(tmp);
		goto out;
	}
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	free(s);
	free(path);
	free(tmp);
	free(sub);
	errno = e;
	return ret;
}
