/*
 * oaibatch.c: --batch, the records' requests run by the server's Batch API
 * (OpenAI's Files and Batches endpoints):
 *
 *   1. the request file written as --batch-requests writes it (that file,
 *      or a temporary one);
 *   2. uploaded, POST /v1/files (multipart, purpose "batch");
 *   3. the batch created, POST /v1/batches (the endpoint of the requests,
 *      completion_window 24h); its id said on stderr at once;
 *   4. polled, GET /v1/batches/ID, every --batch-poll seconds at first,
 *      half as often again after each poll that saw nothing move, up to
 *      twelve times that (a minute at most, unless --batch-poll is
 *      longer), with the progress line
 *      of request_counts; SIGINT or SIGTERM stops polling (or a transfer
 *      under way), removes the temporary files and says how to go on
 *      (--batch-id ID: steps 2 and 3 are skipped);
 *   5. the output and error files downloaded, GET /v1/files/ID/content,
 *      into the results file (--batch-results FILE, or a temporary one);
 *      when the batch failed, expired or was cancelled, each request with
 *      no line there gets one with an error naming the batch's status;
 *   6. the records written from that file as --batch-results writes them
 *      (gen.endpoint "batch:ID").
 *
 * Every reply is bounded (OAB_JSON_MAX for the JSON ones, OAB_FILE_MAX for
 * a downloaded file); a network error or a status worth it (backoff.h) is
 * tried again as the engine does (--retries, --backoff-base, -max).  The
 * API key goes only into the Authorization header; a server's message is
 * scrubbed of it and cut to OAB_MSG bytes before it is shown.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include <curl/curl.h>

#include "apikey.h"
#include "backoff.h"
#include "buf.h"
#include "diag.h"
#include "infer.h"
#include "jsonl.h"
#include "jsonnul.h"
#include "record.h"
#include "rng.h"
#include "util.h"
#include "xalloc.h"

#define OAB_JSON_MAX	((size_t)1 << 20)
#define OAB_FILE_MAX	((size_t)1 << 36)
#define OAB_MSG		300
#define OAB_POLL_MAX	60.0

typedef struct {
	infer_opts *o;
	CURL *c;
	char *api;		/* BASE/v1 */
	rng r;
	const char *batch;	/* the batch's id, once it has one */
	int ended;		/* the batch has ended: its files are there */
	char err[CURL_ERROR_SIZE];
} oab;

typedef struct {
	struct buf *b;			/* the reply here, */
	FILE *f;		/* or to this file */
	size_t n, lim;
	int over;		/* the reply went past lim */
} oab_sink;

static char *tmps[2];

/* Remove the temporary files; at exit, and before dying of a signal. */
void
infer_batch_unlink(void)
{
	size_t i;

	for (i = 0; i < sizeof tmps / sizeof *tmps; i++)
		if (tmps[i] != NULL) {
			unlink(tmps[i]);
			free(tmps[i]);
			tmps[i] = NULL;
		}
}

/* A new temporary file, removed at exit; its path. */
static const char *
tmp_file(int k)
{
	const char *d = getenv("TMPDIR");
	int fd;

	tmps[k] = xasprintf("%s/lg-infer-batch.XXXXXX", d && *d ? d : "/tmp");
	if ((fd = mkstemp(tmps[k])) < 0)
		lg_die(LG_SYS, "%s: %s", tmps[k], strerror(errno));
	close(fd);
	return tmps[k];
}

static size_t
sink_write(char *p, size_t sz, size_t nm, void *arg)
{
	oab_sink *s = arg;
	size_t n = sz * nm;

	if (n > s->lim - s->n) {
		s->over = 1;
		return 0;
	}
	s->n += n;
	if (s->f != NULL)
		return fwrite(p, 1, n, s->f);
	buf_add(s->b, p, n);
	return n;
}

/* Sleep s seconds, or less when a signal asks to stop. */
static void
nap(double s)
{
	double end = mono_now() + s, left;

	while (!progress_stopped() && (left = end - mono_now()) > 0) {
		struct timespec ts;

		if (left > 0.1)
			left = 0.1;
		ts.tv_sec = 0;
		ts.tv_nsec = (long)(left * 1e9);
		nanosleep(&ts, NULL);
	}
}

static void stopped(const oab *a, const char *id) __attribute__((noreturn));

/* libcurl's progress callback: a signal stops the transfer. */
static int
xfer_stop(void *arg, curl_off_t dt, curl_off_t dn, curl_off_t ut, curl_off_t un)
{
	(void)arg, (void)dt, (void)dn, (void)ut, (void)un;
	return progress_stopped() != 0;
}

static void
setup(oab *a, const char *url, struct curl_slist *h, oab_sink *s)
{
	const http_opts *n = &a->o->net;

	curl_easy_reset(a->c);
	curl_easy_setopt(a->c, CURLOPT_URL, url);
	curl_easy_setopt(a->c, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(a->c, CURLOPT_HTTPHEADER, h);
	curl_easy_setopt(a->c, CURLOPT_ERRORBUFFER, a->err);
	curl_easy_setopt(a->c, CURLOPT_WRITEFUNCTION, sink_write);
	curl_easy_setopt(a->c, CURLOPT_WRITEDATA, s);
	curl_easy_setopt(a->c, CURLOPT_CONNECTTIMEOUT_MS,
	    (long)(n->connect_timeout * 1000));
	if (n->total_timeout > 0)
		curl_easy_setopt(a->c, CURLOPT_TIMEOUT_MS,
		    (long)(n->total_timeout * 1000));
	if (n->idle_timeout > 0) {
		curl_easy_setopt(a->c, CURLOPT_LOW_SPEED_LIMIT, 1L);
		curl_easy_setopt(a->c, CURLOPT_LOW_SPEED_TIME,
		    (long)(n->idle_timeout + 0.999));
	}
	if (n->insecure) {
		curl_easy_setopt(a->c, CURLOPT_SSL_VERIFYPEER, 0L);
		curl_easy_setopt(a->c, CURLOPT_SSL_VERIFYHOST, 0L);
	}
	curl_easy_setopt(a->c, CURLOPT_XFERINFOFUNCTION, xfer_stop);
	curl_easy_setopt(a->c, CURLOPT_NOPROGRESS, 0L);
}

/* The wait before attempt + 1: the backoff, or Retry-After (bounded). */
static double
retry_wait(oab *a, CURLcode rc, int attempt)
{
	curl_off_t ra = 0;
	double most = a->o->net.backoff_max;

	if (rc == CURLE_OK && curl_easy_getinfo(a->c, CURLINFO_RETRY_AFTER,
	    &ra) == CURLE_OK && ra > 0)
		return (double)ra < most ? (double)ra : most;
	return backoff_delay(&a->r, a->o->net.backoff_base, most, attempt);
}

/*
 * One request to API PATH: a JSON body, a form (mime) or a GET (both
 * NULL); the reply into s.  Tried again after a network error or a status
 * worth it.  The HTTP status; 0 after a network error (a->err says it).
 */
static long
call(oab *a, const char *path, const char *json, curl_mime *mime, oab_sink *s)
{
	char *url = xasprintf("%s%s", a->api, path), *auth = NULL;
	struct curl_slist *h = NULL;
	long status = 0, off = s->f ? ftell(s->f) : 0;
	int attempt;

	if (a->o->key != NULL && *a->o->key != '\0') {
		auth = xasprintf("Authorization: Bearer %s", a->o->key);
		h = curl_slist_append(h, auth);
	}
	if (json != NULL)
		h = curl_slist_append(h, "Content-Type: application/json");
	for (attempt = 1;; attempt++) {
		CURLcode rc;

		a->err[0] = '\0';
		s->n = 0;
		s->over = 0;
		if (s->b != NULL)
			s->b->len = 0;
		if (s->f != NULL && (fseek(s->f, off, SEEK_SET) != 0 ||
		    ftruncate(fileno(s->f), off) != 0))
			lg_die(LG_SYS, "the results file: %s", strerror(errno));
		setup(a, url, h, s);
		if (json != NULL)
			curl_easy_setopt(a->c, CURLOPT_POSTFIELDS, json);
		else if (mime != NULL)
			curl_easy_setopt(a->c, CURLOPT_MIMEPOST, mime);
		status = 0;
		if ((rc = curl_easy_perform(a->c)) == CURLE_ABORTED_BY_CALLBACK)
			stopped(a, a->batch);	/* a signal, in mid-transfer */
		if (rc == CURLE_OK)
			curl_easy_getinfo(a->c, CURLINFO_RESPONSE_CODE, &status);
		else if (s->over)
			snprintf(a->err, sizeof a->err, "reply too large (over "
			    "%zu bytes)", s->lim);
		else if (a->err[0] == '\0')
			snprintf(a->err, sizeof a->err, "%s",
			    curl_easy_strerror(rc));
		if ((rc == CURLE_OK && !backoff_retryable(status)) ||
		    s->over || attempt > a->o->net.retries ||
		    (rc == CURLE_COULDNT_CONNECT && attempt >= HTTP_SETUP_TRIES) ||
		    progress_stopped())
			break;
		nap(retry_wait(a, rc, attempt));
	}
	if (s->b != NULL)
		buf_putc(s->b, '\0'), s->b->len--;
	curl_slist_free_all(h);
	if (auth != NULL) {
		explicit_bzero(auth, strlen(auth));
		free(auth);
	}
	free(url);
	return status;
}

/* The server's message of a failed reply, scrubbed and cut (static). */
static const char *
server_msg(const oab *a, const struct buf *b)
{
	static char msg[OAB_MSG + 4];
	cJSON *j = b->s ? cJSON_Parse(b->s) : NULL;
	const char *m = rec_str(rec_get(j, "error"), "message");

	snprintf(msg, sizeof msg, "%s", m ? m : b->s ? b->s : "");
	if (strlen(msg) >= OAB_MSG)
		strcpy(msg + OAB_MSG - 3, "...");
	apikey_scrub_str(a->o->key, msg);
	lg_sanitize(msg);
	cJSON_Delete(j);
	return msg;
}

/* Die of a failed call of METHOD PATH (status: its reply, or 0). */
static void __attribute__((noreturn))
failed(const oab *a, const char *method, const char *path, long status,
    const struct buf *b)
{
	if (a->batch != NULL && a->ended)
		lg_warn("batch %s has ended at the server: run again with the "
		    "same input and options and --batch-id %s to download its "
		    "results", a->batch, a->batch);
	else if (a->batch != NULL)
		lg_warn("batch %s may go on at the server: run again with the "
		    "same input and options and --batch-id %s to pick it up",
		    a->batch, a->batch);
	if (status == 0)
		lg_die(LG_SYS, "%s %s%s: %s", method, a->api, path, a->err);
	if (status == 404 && (strcmp(path, "/files") == 0 ||
	    strcmp(path, "/batches") == 0))
		lg_die(LG_SYS, "%s %s%s: HTTP 404: this server has no Batch API "
		    "(OpenAI's Files and Batches endpoints); write the requests "
		    "with --batch-requests FILE and run them with the server's "
		    "own batch runner (vLLM: run_batch), then --batch-results",
		    method, a->api, path);
	lg_die(LG_SYS, "%s %s%s: HTTP %ld: %s", method, a->api, path, status,
	    server_msg(a, b));
}

/* A JSON object from METHOD PATH, with the string member key (*val). */
static cJSON *
call_json(oab *a, const char *path, const char *json, curl_mime *mime,
    const char *key, const char **val)
{
	struct buf b = { 0 };
	oab_sink s = { &b, NULL, 0, OAB_JSON_MAX, 0 };
	const char *method = json || mime ? "POST" : "GET";
	long st = call(a, path, json, mime, &s);
	cJSON *j;

	if (st < 200 || st > 299)
		failed(a, method, path, st, &b);
	j = b.s ? cJSON_ParseWithLength(b.s, b.len) : NULL;
	if (!cJSON_IsObject(j) || (*val = rec_str(j, key)) == NULL ||
	    **val == '\0' || strlen(*val) > 256)
		lg_die(LG_SYS, "%s %s%s: the reply is not an object with a %s",
		    method, a->api, path, key);
	buf_free(&b);
	return j;
}

static char *
upload(oab *a, const char *path)
{
	curl_mime *m = curl_mime_init(a->c);
	curl_mimepart *p = curl_mime_addpart(m);
	const char *id;
	char *r;
	cJSON *j;

	curl_mime_name(p, "purpose");
	curl_mime_data(p, "batch", CURL_ZERO_TERMINATED);
	p = curl_mime_addpart(m);
	curl_mime_name(p, "file");
	if (curl_mime_filedata(p, path) != CURLE_OK)
		lg_die(LG_SYS, "%s: cannot be read", path);
	j = call_json(a, "/files", NULL, m, "id", &id);
	r = xstrdup(id);
	cJSON_Delete(j);
	curl_mime_free(m);
	return r;
}

static char *
create(oab *a, const char *file_id)
{
	cJSON *q = cJSON_CreateObject(), *j;
	const char *id;
	char *body, *r;

	cJSON_AddStringToObject(q, "input_file_id", file_id);
	cJSON_AddStringToObject(q, "endpoint", a->o->completions ?
	    "/v1/completions" : "/v1/chat/completions");
	cJSON_AddStringToObject(q, "completion_window", "24h");
	if ((body = cJSON_PrintUnformatted(q)) == NULL)
		lg_die(LG_SYS, "out of memory");
	j = call_json(a, "/batches", body, NULL, "id", &id);
	r = xstrdup(id);
	cJSON_Delete(j);
	cJSON_Delete(q);
	cJSON_free(body);
	return r;
}

static int
ended(const char *status)
{
	static const char *const end[] = { "completed", "failed", "expired",
	    "cancelled", NULL };
	int i;

	for (i = 0; end[i] != NULL; i++)
		if (strcmp(status, end[i]) == 0)
			return 1;
	return 0;
}

/* A count of request_counts, bounded. */
static unsigned long
count(const cJSON *b, const char *key)
{
	double v = rec_num(rec_get(b, "request_counts"), key, 0);

	return v > 0 && v < 1e12 ? (unsigned long)v : 0;
}

static void
stopped(const oab *a, const char *id)
{
	if (id != NULL && a->ended)
		lg_warn("download stopped: batch %s has ended at the server; to "
		    "download its results, run again with the same input and "
		    "options and --batch-id %s", id, id);
	else if (id != NULL)
		lg_warn("polling stopped: batch %s goes on at the server; to pick "
		    "it up, run again with the same input and options and "
		    "--batch-id %s", id, id);
	infer_batch_unlink();
	progress_die(progress_stopped());
}

/* Poll batch id until it ends; its last state. */
static cJSON *
poll_batch(oab *a, const char *id)
{
	char *path = xasprintf("/batches/%s", id), mid[320], *last = NULL;
	double every = a->o->batch_poll, wait = every;
	double most = every * 12 < OAB_POLL_MAX ? every * 12 : OAB_POLL_MAX;
	progress p;
	cJSON *b;
	const char *st;

	if (most < every)
		most = every;
	progress_start(&p, a->o->quiet);
	p.unit = "req/s";
	for (;;) {
		char *now;

		b = call_json(a, path, NULL, NULL, "status", &st);
		p.total = (long)count(b, "total");
		p.failed = count(b, "failed");
		p.done = count(b, "completed") + p.failed;
		snprintf(mid, sizeof mid, "%s", st);
		lg_sanitize(mid);
		progress_line(&p, mid, NULL, 1);
		if (ended(st))
			break;
		now = xasprintf("%s %lu", st, p.done);
		wait = last && strcmp(now, last) == 0 ? wait * 1.5 : every;
		if (wait > most)
			wait = most;
		free(last);
		last = now;
		cJSON_Delete(b);
		nap(wait);
		if (progress_stopped()) {
			progress_clear(&p);
			stopped(a, id);
		}
	}
	progress_clear(&p);
	free(last);
	free(path);
	return b;
}

/* The file id's content appended to f. */
static void
download(oab *a, const char *file_id, FILE *f)
{
	char *path = xasprintf("/files/%s/content", file_id);
	struct buf b = { 0 };
	oab_sink s = { NULL, f, 0, OAB_FILE_MAX, 0 };
	long st;

	if (fseek(f, 0, SEEK_END) != 0)
		lg_die(LG_SYS, "the results file: %s", strerror(errno));
	st = call(a, path, NULL, NULL, &s);
	if (st < 200 || st > 299) {
		if (st != 0)
			buf_add(&b, "(the reply is not kept)", 23);
		failed(a, "GET", path, st, &b);
	}
	if (s.n > 0 && fseek(f, -1, SEEK_END) == 0 && fgetc(f) != '\n') {
		fseek(f, 0, SEEK_END);
		fputc('\n', f);
	}
	free(path);
}

/* An id that goes into a URL path: letters, digits, '-', '_', '.'. */
static const char *
url_id(const char *id, const char *what)
{
	const char *s;

	for (s = id; *s != '\0'; s++)
		if (!(*s >= 'a' && *s <= 'z') && !(*s >= 'A' && *s <= 'Z') &&
		    !(*s >= '0' && *s <= '9') && *s != '-' && *s != '_' &&
		    *s != '.')
			break;
	if (*id == '\0' || *s != '\0' || s - id > 256)
		lg_die(*what == '-' ? LG_USAGE : LG_SYS, "%s: not an id (letters, digits, '-', '_', '.')",
		    what);
	return id;
}

/* What the batch's status and errors say, NULL when it completed. */
static char *
why(const cJSON *b, const char *id)
{
	const cJSON *e;
	const char *st = rec_str(b, "status");
	struct buf m = { 0 };
	char *r;
	int k = 0;

	if (strcmp(st, "completed") == 0)
		return NULL;
	buf_printf(&m, "batch %s %s", id, st);
	cJSON_ArrayForEach(e, rec_get(rec_get(b, "errors"), "data")) {
		const char *c = rec_str(e, "code"), *t = rec_str(e, "message");

		if (m.len > OAB_MSG)
			break;
		buf_printf(&m, k++ ? "; " : ": ");
		if (rec_get(e, "line") != NULL)
			buf_printf(&m, "line %.0f: ", rec_num(e, "line", 0));
		buf_printf(&m, "%s%s%s", c ? c : "", c && t ? ": " : "",
		    t ? t : "");
	}
	r = xstrdup(m.s);
	buf_free(&m);
	if (strlen(r) > OAB_MSG)
		strcpy(r + OAB_MSG - 3, "...");
	lg_sanitize(r);
	return r;
}

static int
by_str(const void *x, const void *y)
{
	return strcmp(*(char *const *)x, *(char *const *)y);
}

/*
 * A line's custom_id as JSON text, NULs kept as \u0000 (cJSON alone would
 * cut the id at its first NUL), or NULL when it has no string one.
 */
static char *
custom_id(const char *line, size_t len)
{
	int nul;
	cJSON *j = jsonnul_parse(line, len, &nul), *c;
	const char *v = cJSON_GetStringValue(rec_get(j, "custom_id"));
	struct buf b = { 0 };
	char *r;

	if (v == NULL) {
		cJSON_Delete(j);
		return NULL;
	}
	jsonnul_text(&b, v, nul);
	c = jsonnul_string(buf_str(&b), b.len);
	r = cJSON_PrintUnformatted(c);
	cJSON_Delete(c);
	cJSON_Delete(j);
	buf_free(&b);
	return r;
}

/*
 * The custom_ids of the lines of f, as JSON text, sorted; *n of them.  A
 * line over the record limit is left out: --batch-results reports it.
 */
static char **
custom_ids(FILE *f, size_t *n)
{
	char *line = NULL, **v = NULL;
	size_t cap = 0, vcap = 0;
	ssize_t len;

	*n = 0;
	rewind(f);
	while ((len = getline(&line, &cap, f)) > 0) {
		char *cid = (size_t)len <= jsonl_max + 1 ?
		    custom_id(line, (size_t)len) : NULL;

		if (cid == NULL)
			continue;
		if (*n == vcap)
			v = xreallocarray(v, vcap = vcap ? 2 * vcap : 64,
			    sizeof *v);
		v[(*n)++] = cid;
	}
	free(line);
	if (*n > 0)
		qsort(v, *n, sizeof *v, by_str);
	return v;
}

/* A line with the error msg for each request of req that res has not. */
static void
fill(const char *req, FILE *res, const char *msg, const char *status)
{
	FILE *q = fopen(req, "r");
	size_t nres, nreq, i;
	char **have = custom_ids(res, &nres), **want;
	cJSON *err = cJSON_CreateObject();
	char *e, *code = xasprintf("batch_%s", status);

	if (q == NULL)
		lg_die(LG_SYS, "%s: %s", req, strerror(errno));
	want = custom_ids(q, &nreq);
	fclose(q);
	cJSON_AddStringToObject(err, "code", code);
	cJSON_AddStringToObject(err, "message", msg);
	e = cJSON_PrintUnformatted(err);
	fseek(res, 0, SEEK_END);
	for (i = 0; i < nreq; i++) {
		if (nres == 0 || bsearch(&want[i], have, nres, sizeof *have,
		    by_str) == NULL)
			fprintf(res, "{\"custom_id\":%s,\"response\":null,"
			    "\"error\":%s}\n", want[i], e);
		free(want[i]);
	}
	for (i = 0; i < nres; i++)
		free(have[i]);
	free(want);
	free(have);
	free(code);
	cJSON_free(e);
	cJSON_Delete(err);
}

/* BASE/v1 of the first server; one with credentials is refused. */
static char *
api_base(const infer_opts *o)
{
	const char *u = o->base[0], *h = strstr(u, "://");
	size_t n = strlen(u), auth;

	h = h ? h + 3 : u;
	auth = strcspn(h, "/?#");
	if (memchr(h, '@', auth) != NULL)
		lg_die(LG_USAGE, "--base-url: credentials in the URL are refused: "
		    "give the key with --api-key-file or $LG_API_KEY");
	while (n > 0 && u[n - 1] == '/')
		n--;
	if (n >= 3 && memcmp(u + n - 3, "/v1", 3) == 0)
		return xstrndup(u, n);
	return xasprintf("%.*s/v1", (int)n, u);
}

/* Upload and create, or pick up o->batch_id; poll; download into res. */
static char *
run_batch(oab *a, const char *req, FILE *res, char **id)
{
	const char *st;
	cJSON *b;
	char *r;

	if (a->o->batch_id != NULL) {
		*id = xstrdup(url_id(a->o->batch_id, "--batch-id"));
	} else {
		char *fid = upload(a, req);

		if (progress_stopped()) {	/* uploaded, no batch made */
			infer_batch_unlink();
			progress_die(progress_stopped());
		}
		*id = create(a, url_id(fid, "the uploaded file"));
		url_id(*id, "the batch");
		lg_warn("batch %s created (requests: %s); to pick it up again, "
		    "run with the same input and options and --batch-id %s",
		    *id, fid, *id);
		free(fid);
	}
	a->batch = *id;
	b = poll_batch(a, *id);
	a->ended = 1;
	if ((st = rec_str(b, "output_file_id")) != NULL && *st != '\0')
		download(a, url_id(st, "output_file_id"), res);
	if ((st = rec_str(b, "error_file_id")) != NULL && *st != '\0')
		download(a, url_id(st, "error_file_id"), res);
	if ((r = why(b, *id)) != NULL)
		fill(req, res, r, rec_str(b, "status"));
	cJSON_Delete(b);
	return r;
}

int
infer_batch_api(infer_opts *o)
{
	oab a = { 0 };
	const char *req, *res;
	char *id = NULL, *bad = NULL;
	int status, rs;
	struct stat st;
	FILE *f;

	for (status = 0; status < o->nfiles; status++)
		if (strcmp(o->files[status], "-") == 0)
			lg_die(LG_USAGE, "--batch reads the records twice: give "
			    "files, not standard input (-)");
	a.api = api_base(o);
	if (o->batch_id != NULL)
		url_id(o->batch_id, "--batch-id");
	atexit(infer_batch_unlink);
	req = o->batch_requests != NULL ? o->batch_requests : tmp_file(0);
	o->batch_requests = req;
	status = infer_batch_requests(o);
	if (status != LG_OK && status != LG_BAD) {
		free(a.api);
		return status;
	}
	res = o->batch_results != NULL ? o->batch_results : tmp_file(1);
	if ((f = fopen(res, "w+")) == NULL)
		lg_die(LG_SYS, "%s: %s", res, strerror(errno));
	a.o = o;
	rng_seed(&a.r, (uint64_t)getpid() ^ (uint64_t)time(NULL));
	if ((a.c = curl_easy_init()) == NULL)
		lg_die(LG_SYS, "cannot start libcurl");
	progress_catch_stop();	/* so that the files go with a signal too */
	if (o->batch_id == NULL && stat(req, &st) == 0 && st.st_size == 0)
		id = xstrdup("none");	/* nothing to ask */
	else
		bad = run_batch(&a, req, f, &id);
	curl_easy_cleanup(a.c);
	free(a.api);
	if (fflush(f) != 0 || ferror(f) || fclose(f) != 0)
		lg_die(LG_SYS, "%s: %s", res, strerror(errno));
	o->batch_results = res;
	o->batch_endpoint = xasprintf("batch:%s", id);
	if (tmps[1] != NULL)
		o->batch_name = xasprintf("batch %s's results", id);
	if (bad != NULL)
		lg_warn("%s", bad);
	rs = infer_run(o);
	if (rs > status)
		status = rs;
	if (bad != NULL && status == LG_OK)
		status = LG_BAD;
	free(o->batch_endpoint);
	free(o->batch_name);
	free(id);
	free(bad);
	return status;
}
