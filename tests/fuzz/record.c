/*
 * Fuzz the record writer: a record read from the input is written with
 * rec_write(), read back and written again; the two writings must be the
 * same bytes and one line, or the target aborts.
 */
#include <stdio.h>
#include <sys/mman.h>

#include "fuzz.h"

static int out = -1;

/* Write rec as rec_write() does to stdout, and return the text. */
static char *
written(cJSON *rec, size_t *len)
{
	char *s;
	ssize_t n;

	fflush(stdout);
	if (ftruncate(out, 0) < 0 || lseek(out, 0, SEEK_SET) < 0)
		abort();
	rec_write(rec);
	fflush(stdout);
	*len = (size_t)lseek(out, 0, SEEK_CUR);
	s = malloc(*len + 1);
	if (s == NULL)
		abort();
	n = pread(out, s, *len, 0);
	if (n < 0 || (size_t)n != *len)
		abort();
	s[*len] = '\0';
	return s;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cJSON *rec, *again;
	char *a, *b;
	size_t alen, blen;

	if (out < 0) {
		if ((out = memfd_create("out", 0)) < 0 ||
		    dup2(out, STDOUT_FILENO) < 0)
			abort();
	}
	rec = cJSON_ParseWithLength((const char *)data, size);
	if (!cJSON_IsObject(rec)) {
		cJSON_Delete(rec);
		return 0;
	}
	a = written(rec, &alen);
	cJSON_Delete(rec);
	if (alen == 0 || a[alen - 1] != '\n' || memchr(a, '\n', alen - 1) != NULL)
		abort();	/* not one line */
	again = cJSON_ParseWithLength(a, alen - 1);
	if (!cJSON_IsObject(again))
		abort();	/* what was written does not read back */
	b = written(again, &blen);
	cJSON_Delete(again);
	if (alen != blen || memcmp(a, b, alen) != 0)
		abort();	/* the second writing differs */
	free(a);
	free(b);
	return 0;
}
