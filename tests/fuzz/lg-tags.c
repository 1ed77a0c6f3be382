/*
 * Fuzz lg-tags: the case line is a record of any task (bench, task, gold,
 * parts, verdicts, scores, gen, reasoning), the rest is its answer.  Every
 * reader and every text test runs on it.
 */
#include "fuzz.h"
#include "../../cmd/lg-tags/tags.h"

static void
nothing(void)
{
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fz_scorer(data, size, tag_record, nothing);
}
