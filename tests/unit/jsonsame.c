/*
 * json_same(a, b, skip) is 1 only when cJSON_PrintUnformatted() of a (its
 * first member named skip deleted) equals that of b, and is 1 then but
 * for two doubles that differ and print alike (0.1 and its neighbour), on
 * every pair of a set of values that print alike or almost alike: key
 * order, numbers (0 and -0, 1 and 1.0, 1e300), strings that differ in an
 * escape, nested arrays and objects, duplicated keys.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "jsonsame.h"

static const char *const vals[] = {
	"null", "true", "false", "0", "-0", "1", "1.0", "0.1",
	"0.10000000000000002", "1e300", "2147483648", "-2147483649",
	"\"a\"", "\"a\\u0001\"", "\"\\n\"", "\"\"", "[]", "{}", "[1,2]",
	"[2,1]", "[1,[2]]", "{\"a\":1,\"b\":2}", "{\"b\":2,\"a\":1}",
	"{\"a\":1}", "{\"a\":1,\"a\":2}", "{\"a\":{\"b\":[true]}}",
	"{\"a\":{\"b\":[false]}}", "{\"seed\":1,\"a\":1}",
	"{\"a\":1,\"seed\":2}", "{\"seed\":1,\"seed\":2,\"a\":1}",
	"{\"seed\":2,\"a\":1}",
};
#define NV (sizeof vals / sizeof vals[0])

/* What json_same should say: the printed texts, skip deleted from a. */
static int
printed_same(const char *ta, const char *tb, const char *skip)
{
	cJSON *a = cJSON_Parse(ta), *b = cJSON_Parse(tb);
	char *pa, *pb;
	int r;

	if (skip != NULL && cJSON_IsObject(a))
		cJSON_DeleteItemFromObjectCaseSensitive(a, skip);
	pa = cJSON_PrintUnformatted(a);
	pb = cJSON_PrintUnformatted(b);
	r = strcmp(pa, pb) == 0;
	free(pa);
	free(pb);
	cJSON_Delete(a);
	cJSON_Delete(b);
	return r;
}

int
main(void)
{
	size_t i, j;
	int k;

	for (i = 0; i < NV; i++)
		for (j = 0; j < NV; j++)
			for (k = 0; k < 2; k++) {
				const char *skip = k ? "seed" : NULL;
				cJSON *a = cJSON_Parse(vals[i]);
				cJSON *b = cJSON_Parse(vals[j]);

				CHECK(a != NULL && b != NULL, "parse %s %s",
				    vals[i], vals[j]);
				int near = strncmp(vals[i], "0.1", 3) == 0 &&
				    strncmp(vals[j], "0.1", 3) == 0 && i != j;

				CHECK(json_same(a, b, skip) == (!near &&
				    printed_same(vals[i], vals[j], skip)),
				    "%s and %s (skip %s): %d", vals[i], vals[j],
				    skip ? skip : "none", json_same(a, b, skip));
				cJSON_Delete(a);
				cJSON_Delete(b);
			}
	return CHECK_DONE();
}
