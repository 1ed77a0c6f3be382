/*
 * fuzz.h: what the libFuzzer targets in tests/fuzz/ share.
 *
 * Targets of a tool's answer parser take a two-part input: the first line
 * is a record in JSON (the case: gold, vars, and the target's own options
 * such as "compat": true), the rest, raw bytes, is the model's answer put
 * into its "output".  Mutations then mostly hit the answer, sometimes the
 * case.  An input whose first line is not a JSON object is skipped, and so
 * is one that is not UTF-8: the JSON Lines reader refuses such records
 * before any tool sees them (the jsonl target fuzzes that).
 * Everything a target writes to stdout goes to /dev/null.
 */
#ifndef LG_FUZZ_H
#define LG_FUZZ_H

#include <fcntl.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "jsonl.h"
#include "record.h"
#include "utf8.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Send stdout to /dev/null, once. */
static inline void
fz_quiet_stdout(void)
{
	static int done;
	int fd;

	if (done)
		return;
	done = 1;
	if ((fd = open("/dev/null", O_WRONLY)) >= 0) {
		dup2(fd, STDOUT_FILENO);
		if (fd != STDOUT_FILENO)
			close(fd);
	}
}

/* A NUL-terminated copy of data. */
static inline char *
fz_cstr(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

/*
 * The case and the answer: the record of the first line with the rest of
 * the input as its "output", or NULL when the first line is not a JSON
 * object.
 */
static inline cJSON *
fz_case(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t hl = nl ? (size_t)(nl - data) : size;
	cJSON *rec = cJSON_ParseWithLength((const char *)data, hl);
	char *ans;

	if (utf8_invalid((const char *)data, size) != size) {
		cJSON_Delete(rec);
		return NULL;
	}
	if (!cJSON_IsObject(rec)) {
		cJSON_Delete(rec);
		return NULL;
	}
	if (nl != NULL) {
		ans = fz_cstr(nl + 1, size - hl - 1);
		rec_set_str(rec, "output", ans);
		free(ans);
	}
	return rec;
}

/* A flag of the case: 1 when key is true. */
static inline int
fz_flag(const cJSON *rec, const char *key)
{
	return cJSON_IsTrue(rec_get(rec, key));
}

/* A reader that reads nothing: tools warn through one. */
static inline jsonl *
fz_reader(void)
{
	static jsonl *in;

	if (in == NULL)
		in = jsonl_open(NULL, 0);
	return in;
}

/*
 * A scorer's record function run on the case, with --compat when the case
 * says "compat": true; init runs once first.  The record is then written.
 */
static inline int
fz_scorer(const uint8_t *data, size_t size, int (*fn)(cJSON *, jsonl *, void *),
    void (*init)(void))
{
	static int done;
	cJSON *rec = fz_case(data, size);
	int compat;

	if (rec == NULL)
		return 0;
	if (!done) {
		init();
		done = 1;
	}
	fz_quiet_stdout();
	compat = fz_flag(rec, "compat");
	fn(rec, fz_reader(), &compat);
	rec_write(rec);
	cJSON_Delete(rec);
	return 0;
}

#endif
