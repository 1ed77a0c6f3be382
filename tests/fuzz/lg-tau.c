/*
 * Fuzz lg-tau's label parser and what uses its labels: the case line is a
 * longweave/pr record ("compat": true for --compat, "align": "label" or
 * "content" for --align), the rest is the answer.  The plain label list
 * reader (parse_list) gets the answer too.
 */
#include "fuzz.h"
#include "../../cmd/lg-tau/tau.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	cJSON *rec = fz_case(data, size);
	tau_opts o = { ALIGN_DEFAULT, 0 };
	const char *align, *out;
	long *labels = NULL;

	if (rec == NULL)
		return 0;
	fz_quiet_stdout();
	o.compat = fz_flag(rec, "compat");
	align = rec_str(rec, "align");
	if (align != NULL && strcmp(align, "label") == 0)
		o.align = ALIGN_LABEL;
	else if (align != NULL && strcmp(align, "content") == 0)
		o.align = ALIGN_CONTENT;
	if ((out = rec_str(rec, "output")) != NULL) {
		parse_list(out, strlen(out), &labels);
		free(labels);
	}
	tau_score(rec, fz_reader(), &o);
	rec_write(rec);
	cJSON_Delete(rec);
	return 0;
}
