/* Unit test: the JSON Lines reader and the template renderer. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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
	templates();
	return CHECK_DONE();
}
