#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "tempfile.h"
#include "xalloc.h"

FILE *
tempfile_open(const char *prefix)
{
	const char *dir = getenv("TMPDIR");
	char *path;
	FILE *f = NULL;
	int fd;

	if (dir == NULL || *dir == '\0')
		dir = "/tmp";
	path = xasprintf("%s/%s.XXXXXX", dir, prefix);
	if ((fd = mkstemp(path)) < 0 || unlink(path) < 0 ||
	    (f = fdopen(fd, "w+")) == NULL) {
		int e = errno;
		char *shown = xstrdup(path);

		lg_sanitize(shown);
		lg_warn("temporary file %s: %s", shown, strerror(e));
		free(shown);
		if (fd >= 0)
			close(fd);
	}
	free(path);
	return f;
}
