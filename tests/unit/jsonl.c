/* Unit test: the JSON Lines reader and the template renderer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "jsonl.h"
#include "record.h"
#include "tmpl.h"
#include "check.h"

static char *
tmpfile_with(const char *data, size_t len)
{
	char *path = strdup("/tmp/lg-unit-jsonl-XXXXXX");
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, data, len) != (ssize_t)len)
		exit(3);
	close(fd);
	return path;
}

static void
reader(void)
{
	static const char data[] =
	    "{\"id\":\"a\"}\r\n"		/* 1: CRLF */
	    "\n"			/* 2: blank */
	    "{\"id\": broken\n"		/* 3: bad JSON */
	    "[1]\n"			/* 4: not an object */
	    "{\"id\":\"\xff\"}\n"	/* 5: invalid UTF-8 */
	    "{\"id\":\"x\0y\"}\n"	/* 6: NUL */
	    "{\"id\":\"long....................................\"}\n" /* 7: too long */
	    "{\"id\":\"b\"}";		/* 8: no final newline */
	char *path = tmpfile_with(data, sizeof data - 1);
	char *files[2];
	jsonl *r;
	cJSON *rec;
	long lines[4];
	const char *ids[4];
	int n = 0;

	files[0] = files[1] = path;
	jsonl_max = 40;
	r = jsonl_open(files, 2);
	while ((rec = jsonl_next(r)) != NULL) {
		if (n < 4) {
			lines[n] = jsonl_lineno(r);
			ids[n] = rec_str(rec, "id") ? strdup(rec_str(rec, "id")) : NULL;
		}
		n++;
		rec_free(rec);
	}
	CHECK(n == 4, "4 good records in two files, got %d", n);
	CHECK(n >= 2 && lines[0] == 1 && strcmp(ids[0], "a") == 0, "CRLF line 1");
	CHECK(n >= 2 && lines[1] == 8 && strcmp(ids[1], "b") == 0, "last line without newline");
	CHECK(n >= 3 && lines[2] == 1, "line numbers restart in the second file");
	CHECK(jsonl_errors(r) == 10, "5 bad lines per file, got %d", jsonl_errors(r));
	CHECK(jsonl_status(r) == 1, "status 1 for bad records");
	jsonl_free(r);
	for (n = 0; n < 4; n++)
		free((char *)ids[n]);
	jsonl_max = JSONL_DEFAULT_MAX;
	files[0] = (char *)"/nonexistent/lg-unit";
	r = jsonl_open(files, 1);
	CHECK(jsonl_next(r) == NULL && jsonl_status(r) == 3, "a missing file is status 3");
	jsonl_free(r);
	unlink(path);
	free(path);
}

/*
 * Lines of every size around the reader's buffer (64 KiB reads into a
 * buffer of 256 KiB that grows): each comes back whole, in order, with its
 * line number; one over the limit is skipped however many reads it spans,
 * and the line after it is read.
 */
static void
long_lines(void)
{
	static const size_t sizes[] = { 1, 65535, 65536, 65537, 262143, 262144,
	    262145, 700000, 3, 1500000, 131072, 5 };
	size_t n = sizeof sizes / sizeof *sizes, total = 0, i, len, p = 0;
	char *data, *path, *files[1];
	jsonl *r;
	cJSON *rec;
	int got = 0, bad = 0;

	for (i = 0; i < n; i++)
		total += sizes[i] + 32;
	data = malloc(total);
	for (i = 0; i < n; i++) {
		p += (size_t)sprintf(data + p, "{\"id\":\"%zu\",\"t\":\"", i);
		memset(data + p, 'a' + (int)i, sizes[i]);
		p += sizes[i];
		p += (size_t)sprintf(data + p, i % 3 == 1 ? "\"}\r\n" : "\"}\n");
	}
	path = tmpfile_with(data, p);
	files[0] = path;
	jsonl_max = 1000000;
	r = jsonl_open(files, 1);
	while ((rec = jsonl_next(r)) != NULL) {
		const char *t = rec_str(rec, "t"), *id = rec_str(rec, "id");

		i = id != NULL ? (size_t)atoi(id) : n;
		len = t != NULL ? strlen(t) : 0;
		if (i >= n || sizes[i] > 1000000 || len != sizes[i] ||
		    t[0] != 'a' + (int)i || t[len - 1] != 'a' + (int)i ||
		    jsonl_lineno(r) != (long)i + 1)
			bad++;
		got++;
		rec_free(rec);
	}
	CHECK(got == (int)n - 1 && bad == 0, "long lines: %d read, %d wrong", got, bad);
	CHECK(jsonl_errors(r) == 1, "the one over the limit skipped: %d", jsonl_errors(r));
	jsonl_free(r);
	jsonl_max = JSONL_DEFAULT_MAX;
	unlink(path);
	free(path);
	free(data);
}

/*
 * A NUL byte or invalid UTF-8 at every place of a line, after ASCII runs
 * and characters of two to four bytes: each is found and reported where
 * it is (a NUL counting before invalid UTF-8, wherever it stands), and
 * valid lines pass.
 */
static void
line_text(void)
{
	static const char *chars[] = { "\xc3\xa9", "\xe2\x80\x99", "\xf0\x9f\x98\x80" };
	char line[400], msgs[1024], want[512], *path, *files[1];
	char errpath[] = "/tmp/lg-unit-jsonl-err-XXXXXX";
	size_t at, len;
	int k, errs, good, saved = dup(2), efd = mkstemp(errpath);

	for (k = 0; k < 4; k++)
		for (at = 8; at < 80; at++) {
			jsonl *r;
			cJSON *rec;
			ssize_t got;
			int ok;

			memset(line, 'x', sizeof line);
			memcpy(line, "{\"t\":\"", 6);
			if (k < 3)	/* a valid character at at */
				memcpy(line + at, chars[k], strlen(chars[k]));
			else		/* a lone continuation byte */
				line[at] = (char)0x80;
			memcpy(line + 120, "\"}\n", 3);
			len = 123;
			/* the same line bad: a character cut; a NUL after one */
			memcpy(line + len, line, len);
			if (k < 3)
				line[len + at + 1] = 'y';
			memcpy(line + 2 * len, line, len);
			line[2 * len + at + 5 + at % 30] = '\0';
			path = tmpfile_with(line, 3 * len);
			files[0] = path;
			if (ftruncate(efd, 0) != 0 || lseek(efd, 0, SEEK_SET) != 0)
				exit(3);
			dup2(efd, 2);	/* the messages, to compare */
			r = jsonl_open(files, 1);
			good = 0;
			while ((rec = jsonl_next(r)) != NULL) {
				good += jsonl_lineno(r) == 1 ? 1 : 10;
				rec_free(rec);
			}
			errs = jsonl_errors(r);
			jsonl_free(r);
			dup2(saved, 2);
			got = pread(efd, msgs, sizeof msgs - 1, 0);
			msgs[got > 0 ? got : 0] = '\0';
			snprintf(want, sizeof want, "lg: %s:2: invalid UTF-8 at byte %zu, skipped\n"
			    "lg: %s:3: NUL byte in record, skipped\n", path, at + 1, path);
			if (k == 3) {	/* line 1 is bad too */
				char more[256];

				snprintf(more, sizeof more, "lg: %s:1: invalid UTF-8 at byte %zu, skipped\n",
				    path, at + 1);
				memmove(want + strlen(more), want, strlen(want) + 1);
				memcpy(want, more, strlen(more));
			}
			ok = (k < 3 ? good == 1 && errs == 2 : good == 0 && errs == 3) &&
			    strcmp(msgs, want) == 0;
			unlink(path);
			free(path);
			if (!ok) {
				CHECK(0, "char %d at %zu: %d good, %d errors:\n%swant\n%s",
				    k, at, good, errs, msgs, want);
				close(efd);
				unlink(errpath);
				return;
			}
		}
	close(efd);
	unlink(errpath);
	CHECK(1, "NUL bytes and invalid UTF-8 found at every place");
}

/*
 * A record read grammar first: every byte outside ASCII in a string sends
 * the line to the text check.  A lone continuation byte, or a valid
 * character, at each place of keys and values of every length up to 80,
 * at the end of the line and before more members (so that each of the
 * scanner's loops, 32, 16, 8 and 1 bytes at a time, meets it): the bad
 * line is refused, the good one read.
 */
static void
string_text(void)
{
	char line[256], *path, *files[1];
	int where, bad, misread = 0, saved = dup(2), null = open("/dev/null", O_WRONLY);
	size_t slen, at;

	dup2(null, 2);	/* the warnings are line_text()'s concern */
	for (where = 0; where < 3; where++)
		for (bad = 0; bad < 2; bad++)
			for (slen = 1; slen <= 80; slen++)
				for (at = 0; at + (bad ? 1 : 2) <= slen; at++) {
					char str[96];
					size_t len;
					jsonl *r;
					cJSON *rec;
					int good = 0, errs;

					memset(str, 'x', slen);
					str[slen] = '\0';
					if (bad)
						str[at] = (char)0x80;
					else
						memcpy(str + at, "\xc3\xa9", 2);
					if (where == 0)	/* a value that ends the line */
						len = (size_t)snprintf(line, sizeof line,
						    "{\"k\":\"%s\"}\n", str);
					else if (where == 1)	/* a value, then more */
						len = (size_t)snprintf(line, sizeof line,
						    "{\"k\":\"%s\",\"more\":\"%s\"}\n", str,
						    "0123456789012345678901234567890123456789");
					else	/* a key */
						len = (size_t)snprintf(line, sizeof line,
						    "{\"%s\":1}\n", str);
					path = tmpfile_with(line, len);
					files[0] = path;
					r = jsonl_open(files, 1);
					while ((rec = jsonl_next(r)) != NULL) {
						good++;
						rec_free(rec);
					}
					errs = jsonl_errors(r);
					jsonl_free(r);
					unlink(path);
					free(path);
					if ((bad && (good != 0 || errs != 1)) ||
					    (!bad && (good != 1 || errs != 0))) {
						if (misread++ < 5)
							fprintf(stdout, "# %s %s of %zu at %zu: "
							    "%d read, %d errors\n", where == 2 ?
							    "key" : "value", bad ? "bad byte" :
							    "character", slen, at, good, errs);
					}
				}
	dup2(saved, 2);
	close(null);
	close(saved);
	CHECK(misread == 0, "%d lines misread with bytes outside ASCII in strings", misread);
}

/* take for jsonl_next_take(): counts its calls, takes id "a" */
static int
take_a(void *arg, const char *line, size_t len, const jsonscan_member *m,
    size_t n)
{
	(*(int *)arg)++;
	return len > 0 && n == 1 && m[0].vend - m[0].vstart == 3 &&
	    memcmp(line + m[0].vstart, "\"a\"", 3) == 0;
}

/* jsonl_next_take(): ASCII objects are offered, the others not, and what
 * is taken is not returned */
static void
taker(void)
{
	static const char data[] =
	    "{\"id\":\"a\"}\n"		/* 1: offered, taken */
	    "{\"id\":\"b\"}\n"		/* 2: offered, left */
	    "{\"id\":\"\xc3\xa9\"}\n"	/* 3: not ASCII: not offered */
	    "{\"id\": broken\n"		/* 4: bad JSON: not offered */
	    "[1]\n";			/* 5: not an object: not offered */
	char *path = tmpfile_with(data, sizeof data - 1);
	jsonl *r = jsonl_open(&path, 1);
	cJSON *rec;
	int calls = 0, offered = -1, n = 0;
	long lines[2] = { 0, 0 };
	int off[2] = { -1, -1 };

	while ((rec = jsonl_next_take(r, take_a, &calls, &offered)) != NULL) {
		if (n < 2) {
			lines[n] = jsonl_lineno(r);
			off[n] = offered;
		}
		n++;
		rec_free(rec);
	}
	CHECK(calls == 2, "take offered 2 records, got %d", calls);
	CHECK(n == 2 && lines[0] == 2 && off[0] == 1, "line 2 returned, offered");
	CHECK(n == 2 && lines[1] == 3 && off[1] == 0, "line 3 returned, not offered");
	CHECK(jsonl_errors(r) == 2, "2 bad lines, got %d", jsonl_errors(r));
	jsonl_free(r);
	unlink(path);
	free(path);
}

/*
 * jsonl_skip(): the members named are left out wherever they stand, those
 * whose keys only begin alike or are written with escapes stay, and a
 * skipped value is still checked.
 */
static void
skipper(void)
{
	static const char data[] =
	    "{\"output\":\"x\",\"id\":\"a\",\"prompt\":{\"k\":[1]},\"out\":1,"
	    "\"outputs\":2,\"\\u0070rompt\":3,\"vars\":[]}\n"
	    "{\"id\":\"b\",\"output\":[1,]}\n"
	    "{\"prompt\":\"p\"}\n";
	static const char *const skip[] = { "output", "prompt", "vars" };
	char *path = tmpfile_with(data, sizeof data - 1);
	jsonl *r = jsonl_open(&path, 1);
	cJSON *rec;
	const cJSON *v;

	jsonl_skip(r, skip, 3);
	jsonl_lazy_all(r);
	rec = jsonl_next(r);
	CHECK(rec != NULL && cJSON_GetArraySize(rec) == 4, "4 members kept, got %d",
	    rec ? cJSON_GetArraySize(rec) : -1);
	CHECK(rec_get(rec, "output") == NULL && rec_get(rec, "vars") == NULL,
	    "output and vars left out");
	CHECK(rec_str(rec, "id") && strcmp(rec_str(rec, "id"), "a") == 0, "id kept");
	v = rec_get(rec, "out");
	CHECK(cJSON_IsNumber(v) && v->valueint == 1, "out kept");
	v = rec_get(rec, "outputs");
	CHECK(cJSON_IsNumber(v) && v->valueint == 2, "outputs kept");
	v = rec_get(rec, "prompt");
	CHECK(cJSON_IsNumber(v) && v->valueint == 3, "an escaped key kept");
	rec_free(rec);
	rec = jsonl_next(r);
	CHECK(rec != NULL && cJSON_GetArraySize(rec) == 0 && jsonl_lineno(r) == 3,
	    "line 2 refused, line 3 read empty");
	CHECK(jsonl_errors(r) == 1, "a skipped value is checked: %d errors",
	    jsonl_errors(r));
	rec_free(rec);
	CHECK(jsonl_next(r) == NULL, "3 lines");
	jsonl_free(r);
	unlink(path);
	free(path);
}

static void
render_is(const char *t, const char *vars, const char *want)
{
	cJSON *v = cJSON_Parse(vars);
	char *err = NULL, *s = tmpl_render(t, v, &err);

	if (want == NULL)
		CHECK(s == NULL && err != NULL, "\"%s\" should fail, gave \"%s\"", t, s ? s : "");
	else
		CHECK(s != NULL && strcmp(s, want) == 0, "\"%s\" gave \"%s\" (%s), want \"%s\"",
		    t, s ? s : "(null)", err ? err : "", want);
	free(s);
	free(err);
	cJSON_Delete(v);
}

static void
templates(void)
{
	render_is("a {{x}} b", "{\"x\":\"y\"}", "a y b");
	render_is("{{n}} {{f}} {{t}}", "{\"n\":3,\"f\":2.5,\"t\":true}", "3 2.5 true");
	render_is("{{a.b.c}}", "{\"a\":{\"b\":{\"c\":\"deep\"}}}", "deep");
	render_is("{{#l}}[{{.}}]{{/l}}", "{\"l\":[1,\"two\",3]}", "[1][two][3]");
	render_is("{{#l}}{{name}}-{{top}};{{/l}}", "{\"top\":\"T\",\"l\":[{\"name\":\"a\"},{\"name\":\"b\"}]}",
	    "a-T;b-T;");
	/* nested sections of one name close in order; names resolve outward */
	render_is("{{#l}}x{{#l}}y{{/l}}z{{/l}}", "{\"l\":[1]}", "xyz");
	render_is("{{^e}}empty{{/e}}{{^f}}no{{/f}}", "{\"e\":[],\"f\":\"v\"}", "empty");
	render_is("{{#o}}{{k}}{{/o}}", "{\"o\":{\"k\":\"in\"}}", "in");
	render_is("a{{! a comment }}b", "{}", "ab");
	render_is("{{missing}}", "{}", NULL);
	render_is("{{#l}}open", "{\"l\":[1]}", NULL);
	render_is("close{{/l}}", "{}", NULL);
	render_is("{{x", "{\"x\":1}", NULL);
	{
		cJSON *v = cJSON_Parse("{\"event\":\"a fair\",\"date\":\"May 1st\"}");
		char *err, *s = tmpl_render_delim("Attend {event} on {date}.", v, "{", "}", &err);

		CHECK(s != NULL && strcmp(s, "Attend a fair on May 1st.") == 0, "single braces");
		free(s);
		cJSON_Delete(v);
	}
}

int
main(void)
{
	reader();
	long_lines();
	line_text();
	string_text();
	taker();
	skipper();
	templates();
	return CHECK_DONE();
}
