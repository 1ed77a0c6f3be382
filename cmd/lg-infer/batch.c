/*
 * batch.c: --batch-requests FILE.  Nothing is sent: each record that
 * lg-infer would send gets one line of an OpenAI batch request file,
 *
 *   {"custom_id":"ID#DIGEST","method":"POST","url":"/v1/chat/completions",
 *    "body":B}
 *
 * where B is the very request body lg-infer sends for the record online
 * with --no-stream (request_prepare()), byte for byte, ID the record's id
 * (ID/sK for sample K of --samples), unique in the run as lg-infer keeps
 * ids (a record without one, or with the id of an earlier one, is refused
 * as it is online), and DIGEST the first 16 hex digits of B's SHA-256, by
 * which --batch-results knows an answer to another request (other
 * options or another prompt) for the id; the url is /v1/completions
 * with --completions.  Records
 * that are not sent online are not asked here either (an earlier stage's
 * error, no prompt, --max-context): --batch-results makes their records
 * again as the online run does.  Nothing goes to standard output.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "infer.h"
#include "jsonl.h"
#include "jsonnul.h"
#include "record.h"
#include "resume.h"
#include "sha256.h"

typedef struct {
	infer_opts *o;
	infer_opts *sopts;	/* --samples: each sample's options */
	FILE *f;
	jsonl *in;
	idset *asked;		/* custom_ids written */
	unsigned long nasked, nnot;
	int bad;
} breq;

cJSON *
batch_custom_id(const char *id, size_t idlen, const char *body)
{
	char hex[65];
	struct buf b = { 0 };
	cJSON *j;

	sha256_hex(body, strlen(body), hex);
	buf_add(&b, id, idlen);
	buf_putc(&b, '#');
	buf_add(&b, hex, BATCH_DIGEST);
	j = jsonnul_string(b.s, b.len);
	buf_free(&b);
	return j;
}

/* One request line for rec, or a message saying why it is not asked. */
static void
ask(breq *b, cJSON *rec)
{
	const infer_opts *o = sample_of(b->o, b->sopts, rec);
	const char *sys_opt, *id;
	char *body, *cid;
	size_t idlen;
	cJSON *j;

	if (resume_next(NULL, b->asked, rec, b->in) == RESUME_DUP) {
		resume_dup_warn(b->asked, rec, b->in);
		b->nnot++;
		b->bad = 1;
		return;
	}
	if ((body = request_prepare(o, rec, &sys_opt)) == NULL) {
		jsonl_warn(b->in, "%s: not asked: %s", rec_id(rec),
		    rec_str(rec_get(rec, "error"), "message"));
		b->nnot++;
		b->bad = 1;
		return;
	}
	id = rec_idn(rec, &idlen);
	j = batch_custom_id(id, idlen, body);
	cid = cJSON_PrintUnformatted(j);
	cJSON_Delete(j);
	if (cid == NULL)
		lg_die(LG_SYS, "out of memory");
	fprintf(b->f, "{\"custom_id\":%s,\"method\":\"POST\",\"url\":\"%s\","
	    "\"body\":%s}\n", cid, o->completions ? "/v1/completions" :
	    "/v1/chat/completions", body);
	cJSON_free(cid);
	free(body);
	b->nasked++;
}

/* A record read: refused, passed on (not asked), or asked (each sample). */
static void
take(breq *b, cJSON *rec, idset *seen)
{
	const char *why;
	int pass, k, where = resume_next(NULL, seen, rec, b->in);

	if (where == RESUME_NOID || where == RESUME_DUP) {
		if (where == RESUME_NOID)
			jsonl_warn(b->in, "%s, skipped", RESUME_NOID_MSG);
		else
			resume_dup_warn(seen, rec, b->in);
		b->bad = 1;
		return;
	}
	if ((why = infer_check(rec, &pass)) != NULL) {
		jsonl_warn(b->in, "%s", why);
		b->nnot++;
		b->bad = 1;
		return;
	}
	if (pass) {
		b->nnot++;	/* an earlier stage failed: nothing to ask */
		return;
	}
	if (b->sopts == NULL) {
		ask(b, rec);
		return;
	}
	for (k = 1; k <= b->o->samples; k++) {
		cJSON *c = sample_copy(rec, k);

		ask(b, c);
		rec_free(c);
	}
}

int
infer_batch_requests(infer_opts *o)
{
	breq b = { 0 };
	idset *seen;
	cJSON *rec;
	int status;

	b.o = o;
	if ((b.f = fopen(o->batch_requests, "w")) == NULL)
		lg_die(LG_SYS, "%s: %s", o->batch_requests, strerror(errno));
	seen = idset_new();
	b.sopts = samples_opts(o);
	b.asked = idset_new();
	b.in = jsonl_open(o->files, o->nfiles);
	while ((rec = jsonl_next(b.in)) != NULL) {
		take(&b, rec, seen);
		rec_free(rec);
	}
	status = jsonl_status(b.in);
	if (fflush(b.f) != 0 || ferror(b.f)) {
		lg_warn("%s: %s", o->batch_requests, strerror(errno));
		status = LG_SYS;
	}
	if (fclose(b.f) != 0 && status != LG_SYS) {
		lg_warn("%s: %s", o->batch_requests, strerror(errno));
		status = LG_SYS;
	}
	if (!o->quiet)
		lg_warn("%lu request%s in %s; %lu record%s not asked", b.nasked,
		    b.nasked == 1 ? "" : "s", o->batch_api ? "the batch" :
		    o->batch_requests, b.nnot, b.nnot == 1 ? "" : "s");
	jsonl_free(b.in);
	idset_free(seen);
	idset_free(b.asked);
	samples_free(o, b.sopts);
	if (status == LG_OK && b.bad)
		status = LG_BAD;
	return lg_finish(status);
}
