/* jsonsame.c: whether two cJSON values print the same (jsonsame.h). */
#include <math.h>
#include <string.h>

#include "jsonsame.h"

static int
same_members(const cJSON *a, const cJSON *b, int obj, const char *skip)
{
	const cJSON *x = a->child, *y = b->child;

	for (;; x = x->next, y = y->next) {
		if (skip != NULL && x != NULL && x->string != NULL &&
		    strcmp(x->string, skip) == 0) {
			x = x->next;	/* the first of that name, once */
			skip = NULL;
		}
		if (x == NULL || y == NULL)
			return x == NULL && y == NULL;
		if (obj && (x->string == NULL || y->string == NULL ||
		    strcmp(x->string, y->string) != 0))
			return 0;
		if (!json_same(x, y, NULL))
			return 0;
	}
}

int
json_same(const cJSON *a, const cJSON *b, const char *skip)
{
	int t;

	if (a == NULL || b == NULL || (a->type & 0xff) != (b->type & 0xff))
		return 0;
	t = a->type & 0xff;
	switch (t) {
	case cJSON_NULL:
	case cJSON_False:
	case cJSON_True:
		return 1;
	case cJSON_Number:
		/* 0 and -0 print apart; doubles that differ may print
		 * alike, and are said to differ (the caller prints) */
		return a->valuedouble == b->valuedouble &&
		    !signbit(a->valuedouble) == !signbit(b->valuedouble) &&
		    a->valueint == b->valueint;
	case cJSON_String:
		return a->valuestring != NULL && b->valuestring != NULL &&
		    strcmp(a->valuestring, b->valuestring) == 0;
	case cJSON_Array:
		return same_members(a, b, 0, NULL);
	case cJSON_Object:
		return same_members(a, b, 1, skip);
	default:
		return 0;
	}
}
