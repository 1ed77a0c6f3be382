#include <stdio.h>
#include <stdlib.h>

#include "record.h"
#include "tasklist.h"

void
task_line(const char *bench, const char *task, const char *facts)
{
	if (facts != NULL && *facts != '\0')
		printf("%s\t%s\t%s\n", bench, task, facts);
	else
		printf("%s\t%s\n", bench, task);
}

void
task_list(const lg_task *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		task_line(t[i].bench, t[i].task, t[i].facts);
	exit(lg_finish(0));
}

const lg_task *
task_find(const lg_task *t, size_t n, const cJSON *rec)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (rec_is(rec, t[i].bench, t[i].task))
			return &t[i];
	return NULL;
}
