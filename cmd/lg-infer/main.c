/*
 * lg-infer: send each record's prompt to an OpenAI-compatible server and
 * write the record back with the model's output and how it was made.
 */
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
#include "diag.h"
#include "infer.h"

int
main(int argc, char **argv)
{
	infer_opts o = { 0 };
	int first, status;
	size_t i;

	lg_init(argv[0]);
	first = infer_parse(argc, argv, &o);
	o.self = argv[0];
	o.files = argv + first;
	o.nfiles = argc - first;
	if (o.dry_run) {
		o.tok = bpe_setup(o.tokenizer);
		status = infer_dry_run(&o, o.prices);
		goto done;
	}
	context_setup(&o, o.tokenizer);
	if (o.batch_api) {
		o.key = apikey_get(o.keyfile);
		status = infer_batch_api(&o);
		goto done;
	}
	if (o.batch_requests != NULL) {
		status = infer_batch_requests(&o);
		goto done;
	}
	if (!o.batch)
		o.key = apikey_get(o.keyfile);
	status = infer_run(&o);
done:
	for (i = 0; i < o.nbase; i++)
		free(o.base[i]);
	free(o.base);
	if (o.key != NULL) {
		explicit_bzero(o.key, strlen(o.key));
		free(o.key);
	}
	cJSON_Delete(o.params);
	context_free(&o);
	budget_free();
	return status;
}
