/*
 * lg-tokens: add the token counts of chosen fields to records.
 *
 * Each record gets "tokens", an object of counts keyed by the field names
 * asked for (a dotted name reaches into objects: "vars.text"), and
 * "tokenizer", the name of the rank table that counted ("cl100k_base") or
 * "approximate" when no table was given.  A field that is absent or null
 * gets no count; one that is not a string is reported.  --ids adds
 * "token_ids" beside the counts.  A top-level string is counted whole, NUL
 * bytes (\u0000) included.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cmdline.h"
#include "bpe.h"
#include "diag.h"
#include "opt.h"
#include "record.h"
#include "util.h"
#include "xalloc.h"

/* The codes of the long options without a short letter. */
enum {
	OPT_MAX_RECORD = 0x100, OPT_VERSION
};

static const char usage[] =
"usage: lg-tokens [-f field,...] [--tokenizer file] [--special] [--ids]\n"
"                 [--max-record SIZE] [file ...]\n"
"\n"
"  -f, --fields LIST  fields to count, comma-separated (default prompt)\n"
"  --tokenizer FILE   tiktoken rank table (default $LG_TOKENIZER, else the\n"
"                     shipped cl100k_base); '' for approximate counts\n"
"  --special          count special-token text as its special token\n"
"  --ids              also write the token ids\n"
"  --max-record SIZE  record size limit (default 64M)\n"
"  -h, --help         print this help\n"
"  --version          print the version\n";

typedef struct {
	bpe *tok;
	char **fields;
	size_t nfields;
	unsigned flags;
	int ids;
	uint32_t *idv;
	size_t idcap;
} tokens_ctx;

/* The field at a dotted path, or NULL. */
static const cJSON *
field(const cJSON *rec, const char *path)
{
	const char *dot;
	char *head;
	const cJSON *v;

	if ((dot = strchr(path, '.')) == NULL)
		return rec_get(rec, path);
	head = xstrndup(path, (size_t)(dot - path));
	v = rec_get(rec, head);
	free(head);
	return cJSON_IsObject(v) ? field(v, dot + 1) : NULL;
}

static int
count(cJSON *rec, jsonl *in, void *arg)
{
	tokens_ctx *c = arg;
	cJSON *counts = cJSON_CreateObject(), *ids = NULL;
	int status = REC_OK;
	size_t i;

	if (c->ids)
		ids = cJSON_CreateObject();
	for (i = 0; i < c->nfields; i++) {
		const cJSON *v = field(rec, c->fields[i]);
		const char *s;
		size_t n, k, len;

		if (v == NULL || cJSON_IsNull(v))
			continue;
		if (!cJSON_IsString(v)) {
			jsonl_warn(in, "%s: %s: not a string", rec_id(rec),
			    c->fields[i]);
			status = REC_BAD;
			continue;
		}
		/* a member's text whole, NULs included; a string inside an
		 * object up to its first NUL */
		if (strchr(c->fields[i], '.') != NULL ||
		    (s = rec_strn(rec, c->fields[i], &len)) == NULL) {
			s = v->valuestring;
			len = strlen(s);
		}
		n = bpe_encode(c->tok, s, len, c->flags,
		    ids != NULL ? &c->idv : NULL, &c->idcap);
		if (n == (size_t)-1) {
			jsonl_warn(in, "%s: %s: cannot be tokenized (over %zu MiB?)",
			    rec_id(rec), c->fields[i], BPE_MAX_TEXT >> 20);
			status = REC_BAD;
			continue;
		}
		cJSON_AddNumberToObject(counts, c->fields[i], (double)n);
		if (ids != NULL) {
			cJSON *a = cJSON_CreateArray();

			for (k = 0; k < n; k++)
				cJSON_AddItemToArray(a, cJSON_CreateNumber(c->idv[k]));
			cJSON_AddItemToObject(ids, c->fields[i], a);
		}
	}
	rec_set(rec, "tokens", counts);
	rec_set_str(rec, "tokenizer", bpe_name(c->tok));
	if (ids != NULL)
		rec_set(rec, "token_ids", ids);
	return status;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "fields", required_argument, NULL, 'f' },
		{ "tokenizer", required_argument, NULL, 't' },
		{ "special", no_argument, NULL, 's' },
		{ "ids", no_argument, NULL, 'i' },
		{ "max-record", required_argument, NULL, OPT_MAX_RECORD },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	tokens_ctx c;
	const char *table = NULL, *list = "prompt";
	int ch, status;
	size_t i;

	lg_init(argv[0]);
	memset(&c, 0, sizeof c);
	while ((ch = lg_getopt(argc, argv, "f:h", longopts, NULL)) != -1) {
		switch (ch) {
		case 'f': list = optarg; break;
		case 't': table = optarg; break;
		case 's': c.flags |= BPE_SPECIAL; break;
		case 'i': c.ids = 1; break;
		case OPT_MAX_RECORD: opt_max_record(optarg); break;
		case 'h': lg_usage(usage, 0);
		case OPT_VERSION: lg_version();
		default: lg_usage(usage, LG_USAGE);
		}
	}
	c.fields = opt_list("-f", list, NULL, 0, &c.nfields);
	for (i = 0; i < c.nfields; i++) {
		const char *f = c.fields[i];
		size_t j;

		if (f[0] == '.' || f[strlen(f) - 1] == '.' || strstr(f, "..") != NULL)
			lg_die(LG_USAGE, "-f: bad field name: %s", f);
		for (j = 0; j < i; j++)
			if (strcmp(f, c.fields[j]) == 0)
				lg_die(LG_USAGE, "-f: %s named twice", f);
	}
	c.tok = bpe_setup(table);
	if (c.ids && !bpe_exact(c.tok))
		lg_die(LG_USAGE, "--ids: needs a rank table "
		    "(--tokenizer or LG_TOKENIZER)");
	status = rec_filter(argv + optind, argc - optind, count, &c);
	bpe_free(c.tok);
	split_free(c.fields, c.nfields);
	free(c.idv);
	return status;
}
