/*
 * Fuzz the JSON Lines reader: the input is a file of records, read through
 * jsonl_next() (lines, CR LF, blank lines, NUL bytes, invalid UTF-8,
 * invalid JSON, lines over the limit) and every record written back.  An
 * input whose first byte is odd is read with a 256-byte record limit.
 */
#include <stdio.h>
#include <sys/mman.h>

#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char name[64], *names[1];
	int fd = memfd_create("jsonl", 0);
	jsonl *r;
	cJSON *rec;

	if (fd < 0)
		abort();
	fz_quiet_stdout();
	if (size > 0 && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(name, sizeof name, "/proc/self/fd/%d", fd);
	names[0] = name;
	r = jsonl_open(names, 1);
	if (size > 0 && (data[0] & 1))
		jsonl_set_max(r, 256);
	while ((rec = jsonl_next(r)) != NULL) {
		rec_write(rec);
		rec_free(rec);
	}
	(void)jsonl_status(r);
	jsonl_free(r);
	close(fd);
	return 0;
}
