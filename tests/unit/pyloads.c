/*
 * Unit test of py_loads() (common/pyloads.c), Python's json.loads(), and of
 * lg-judge's published readers (--compat) that use it.  Each expected
 * result was taken from CPython 3.11's json.loads() by hand.
 */
#include <math.h>
#include <string.h>

#include "../../cmd/lg-judge/longweave.h"
#include "pyloads.h"
#include "check.h"

#define S(s) (s), strlen(s)

extern const lw_task judged_biog, judged_sr, judged_nw;

/* json.loads() parses it (1) or raises (0). */
static const struct {
	const char *s;
	int ok;
} table[] = {
	{ "{\"a\": \"x\ny\"}", 0 },	/* Invalid control character */
	{ "{\"a\": \"x\ty\"}", 0 },
	{ "[\"\x1f\"]", 0 },
	{ "[\"\x7f\"]", 1 },
	{ "[01]", 0 },			/* Expecting ',' delimiter */
	{ "[-01]", 0 },
	{ "[0]", 1 },
	{ "[-0]", 1 },
	{ "[NaN]", 1 },
	{ "[Infinity]", 1 },
	{ "[-Infinity]", 1 },
	{ "[nan]", 0 },
	{ "[-NaN]", 0 },
	{ "[+1]", 0 },
	{ "[.5]", 0 },
	{ "[1.]", 0 },
	{ "[1.5e]", 0 },
	{ "[1e5]", 1 },
	{ "[1E+2]", 1 },
	{ "[2e-400]", 1 },
	{ "[1e400]", 1 },
	{ "[-]", 0 },
	{ "[1, 2] extra", 0 },		/* Extra data */
	{ "[1, 2] \n", 1 },
	{ " \t[1]\r\n", 1 },
	{ "\f[1]", 0 },			/* Expecting value */
	{ "[1]\f", 0 },			/* Extra data */
	{ "\xef\xbb\xbf[1]", 0 },	/* Unexpected UTF-8 BOM */
	{ "[1,]", 0 },
	{ "{\"a\":1,}", 0 },
	{ "[1 2]", 0 },
	{ "['a']", 0 },
	{ "[\"\\x\"]", 0 },		/* Invalid \escape */
	{ "[\"\\u12\"]", 0 },
	{ "[\"\\ud800\"]", 1 },		/* a lone surrogate kept */
	{ "[true, false, null]", 1 },
	{ "[]", 1 },
	{ "{}", 1 },
	{ "\"s\"", 1 },
	{ "", 0 },
	{ " ", 0 },
};

static void
values(void)
{
	cJSON *j;
	const cJSON *c;

	j = py_loads(S("[NaN, Infinity, -Infinity, 1e400, -0, 12]"));
	CHECK(j != NULL && isnan(cJSON_GetArrayItem(j, 0)->valuedouble) &&
	    cJSON_GetArrayItem(j, 1)->valuedouble == INFINITY &&
	    cJSON_GetArrayItem(j, 2)->valuedouble == -INFINITY &&
	    cJSON_GetArrayItem(j, 3)->valuedouble == INFINITY &&
	    cJSON_GetArrayItem(j, 4)->valuedouble == 0 &&
	    cJSON_GetArrayItem(j, 5)->valueint == 12, "numbers");
	cJSON_Delete(j);
	j = py_loads(S("{\"a\": 1, \"a\": 2}"));
	CHECK(j != NULL && (c = py_member(j, "a")) != NULL && c->valuedouble == 2,
	    "a duplicate: the last");
	cJSON_Delete(j);
	j = py_loads(S("[\"\\ud83d\\ude00\", \"a\\u0000b\", \"\\u00e9\\n\"]"));
	CHECK(j != NULL && strcmp(cJSON_GetArrayItem(j, 0)->valuestring,
	    "\xf0\x9f\x98\x80") == 0 && strcmp(cJSON_GetArrayItem(j, 1)->valuestring,
	    "a\xc0\x80" "b") == 0 && strcmp(cJSON_GetArrayItem(j, 2)->valuestring,
	    "\xc3\xa9\n") == 0, "escapes");
	cJSON_Delete(j);
}

/* lw_parse_published() of reply for n items of t: its return, val. */
static int
pub(const lw_task *t, const char *reply, int n, int *val)
{
	long extra[2];

	memset(val, 0xff, 8 * sizeof *val);
	return lw_parse_published(t, reply, strlen(reply), n, val, extra);
}

/* What the published code reads from replies cJSON read otherwise. */
static void
readers(void)
{
	int v[8];

	/* sr: a leading zero, a raw newline: unreadable, all defaults */
	CHECK(pub(&judged_sr, "[{\"answered\": true, \"correct\": true, "
	    "\"n\": 01}]", 1, v) == 0, "sr: 01");
	CHECK(pub(&judged_sr, "[{\"answered\": true, \"correct\": true, "
	    "\"why\": \"a\nb\"}]", 1, v) == 0, "sr: a raw newline");
	CHECK(pub(&judged_sr, "[{\"answered\": true, \"correct\": true, "
	    "\"why\": \"a\\nb\"}]", 1, v) == 1 && v[0] == 1 && v[1] == 1,
	    "sr: an escaped newline");
	/* nw: NaN is a float, true to Python; a raw tab refused */
	CHECK(pub(&judged_nw, "[{\"exists_in_article\": NaN, "
	    "\"follows_rules\": Infinity}]", 1, v) == 1 && v[0] == 1 && v[1] == 1,
	    "nw: NaN and Infinity true");
	CHECK(pub(&judged_nw, "[{\"exists_in_article\": true, "
	    "\"follows_rules\": true, \"note\": \"a\tb\"}]", 1, v) == 0,
	    "nw: a raw tab");
	CHECK(pub(&judged_nw, "[{\"exists_in_article\": true, "
	    "\"follows_rules\": true}] and ] more", 1, v) == 0, "nw: extra data");
	CHECK(pub(&judged_nw, "[{\"exists_in_article\": true, \"exists_in_article\""
	    ": 0, \"follows_rules\": true}]", 1, v) == 1 && v[0] == 0 && v[1] == 0,
	    "nw: a duplicate, the last");
	/* biog: a raw tab in a string */
	CHECK(pub(&judged_biog, "[\"true\t\", false]", 2, v) == 0, "biog: a raw tab");
	CHECK(pub(&judged_biog, "[\"true \", false]", 2, v) == 1 && v[0] == 1 &&
	    v[1] == 0, "biog: strings");
}

int
main(void)
{
	size_t i;

	for (i = 0; i < sizeof table / sizeof table[0]; i++) {
		cJSON *j = py_loads(table[i].s, strlen(table[i].s));

		CHECK((j != NULL) == table[i].ok, "py_loads(\"%s\"): %s", table[i].s,
		    j != NULL ? "parsed" : "refused");
		cJSON_Delete(j);
	}
	values();
	readers();
	return CHECK_DONE();
}
