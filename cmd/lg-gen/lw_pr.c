/* lg-gen longweave: the pr task (not written yet). */
#include "diag.h"
#include "longweave.h"

static int
gen(const lw_case *c, cJSON *rec, rng *r)
{
	(void)rec;
	(void)r;
	lg_warn("longweave task %s is not available yet", c->task);
	return -1;
}

const lw_task lw_pr = { "pr", "PARAGRAPH_ORDERING", NULL, gen, NULL };
