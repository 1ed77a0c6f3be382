/*
 * batchres.c: --batch-results FILE, the output of a batch of the requests
 * --batch-requests wrote (OpenAI's Batch API, vLLM's run_batch): lines
 *
 *   {"custom_id":"ID#DIGEST","response":{"status_code":S,"body":B},
 *    "error":E}
 *
 * in any order (batch.c: ID is the record's, DIGEST that of its request).  The file is read once when the run starts, for each
 * line's custom_id and place only (memory grows with the number of lines,
 * not with their answers); the line of a record is read again when the
 * record comes, and must still hold its custom_id (else the file changed:
 * the record fails).  A line that is not a JSON object with a string
 * custom_id, one longer than the record limit, and both lines of a
 * custom_id given twice (an ID twice) are reported (FILE:LINE) and taken
 * by no record; a record whose request was not the one answered (another
 * DIGEST: other options, --system or prompt) fails.
 *
 * A line that is not UTF-8 (a JSON text must be) answers nothing: the
 * file was damaged.  A record's answer is read as the HTTP engine reads a
 * whole reply: a status S from 200 to 299 hands B to the same parser
 * (oai_body(): the content, reasoning, finish_reason, usage, server
 * model, an error object in the body) and the same check that it holds
 * one choice of the endpoint (oai_not_answer()), then the same limit on
 * the answer text (--max-reply) and oai_finish(); another status is the failure "HTTP S: message" from
 * B's error, else from E (vLLM's run_batch: a status 400, no body, E a
 * string or an error object); no response, or an E not null, is the
 * failure E says.  A record with no line,
 * or none it can take, fails; no failure is an empty answer.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "diag.h"
#include "infer.h"
#include "jsonl.h"
#include "jsonnul.h"
#include "jsonscan.h"
#include "oai.h"
#include "record.h"
#include "sha256.h"
#include "utf8.h"
#include "util.h"
#include "xalloc.h"

#define ERRMSG 300		/* bytes of a server's message kept, as online */

typedef struct {
	char *id;		/* custom_id, NULs included, */
	size_t idlen;		/* its ID, the key, and */
	size_t cidlen;		/* the whole */
	long line;		/* where it is */
	off_t off;
	size_t len;
	long twice;		/* the line of another with this custom_id, or 0 */
	int taken;
} entry;

struct batchres {
	const char *path;
	int fd;
	int chat;
	size_t max_reply;
	char *endpoint;		/* "batch:FILE", gen.endpoint */
	entry *e;		/* open addressing on the custom_id */
	size_t cap, n;
	unsigned long bad;	/* lines reported */
	unsigned long unread;	/* of which with no custom_id read */
	jsonscan_member *m;
	size_t mcap;
};

static size_t
hash(const char *s, size_t n)
{
	size_t h = 14695981039346656037ULL & (size_t)-1;

	while (n-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

static entry *
slot(const batchres *b, const char *id, size_t len)
{
	size_t i = hash(id, len) & (b->cap - 1);

	while (b->e[i].id != NULL && (b->e[i].idlen != len ||
	    memcmp(b->e[i].id, id, len) != 0))
		i = (i + 1) & (b->cap - 1);
	return &b->e[i];
}

static void
grow(batchres *b)
{
	entry *old = b->e;
	size_t i, oc = b->cap;

	b->cap = oc ? oc * 2 : 256;
	b->e = xcalloc(b->cap, sizeof *b->e);
	for (i = 0; i < oc; i++)
		if (old[i].id != NULL)
			*slot(b, old[i].id, old[i].idlen) = old[i];
	free(old);
}

/* The member key of the object s whose members m[0..n) are, or NULL. */
static const jsonscan_member *
member(const char *s, const jsonscan_member *m, size_t n, const char *key)
{
	size_t i, kl = strlen(key);

	for (i = 0; i < n; i++)
		if (m[i].kend - m[i].kstart == kl + 2 &&
		    memcmp(s + m[i].kstart + 1, key, kl) == 0)
			return &m[i];
	return NULL;
}

/* The string value s[v] into b, NULs included: 0, or -1 when not one. */
static int
string_value(const char *s, const jsonscan_member *v, struct buf *b)
{
	int nul;
	cJSON *j;

	if (v == NULL || s[v->vstart] != '"')
		return -1;
	j = jsonnul_parse(s + v->vstart, v->vend - v->vstart, &nul);
	if (!cJSON_IsString(j)) {
		cJSON_Delete(j);
		return -1;
	}
	jsonnul_text(b, j->valuestring, nul);
	cJSON_Delete(j);
	return 0;
}

static void
bad_line(batchres *b, long line, const char *fmt, const char *arg)
{
	lg_warnat(b->path, line, fmt, arg);
	b->bad++;
	b->unread++;
}

/* A custom_id shown in a message: its text, a NUL as \u0000. */
static char *
shown_id(const char *id, size_t len)
{
	cJSON *j = jsonnul_string(id, len);
	char *s = rec_shown(j, "");

	cJSON_Delete(j);
	return s;
}

/* Does the custom_id end in #DIGEST, as batch.c writes it? */
static int
ours(const char *id, size_t len)
{
	size_t i;

	if (len < BATCH_DIGEST + 2 || id[len - BATCH_DIGEST - 1] != '#')
		return 0;
	for (i = len - BATCH_DIGEST; i < len; i++)
		if (!((id[i] >= '0' && id[i] <= '9') || (id[i] >= 'a' && id[i] <= 'f')))
			return 0;
	return 1;
}

/* Index the line s[0..len), line number line at offset off. */
static void
index_line(batchres *b, const char *s, size_t len, long line, off_t off)
{
	size_t n = 0, at = 0;
	int isobj = 0;
	struct buf id = { 0 };
	entry *e;
	char *shown;

	if (jsonscan(s, len, &isobj, &b->m, &n, &b->mcap, &at) != JSONSCAN_OK ||
	    !isobj) {
		bad_line(b, line, "%s", "not a JSON object: taken by no record");
		return;
	}
	if (string_value(s, member(s, b->m, n, "custom_id"), &id) < 0 ||
	    id.len == 0) {
		bad_line(b, line, "%s", "custom_id: missing, not a string or "
		    "empty: taken by no record");
		buf_free(&id);
		return;
	}
	if (!ours(id.s, id.len)) {
		shown = shown_id(id.s, id.len);
		bad_line(b, line, "custom_id %s: not one lg-infer --batch-requests "
		    "writes (ID#DIGEST): taken by no record", shown);
		free(shown);
		buf_free(&id);
		return;
	}
	if ((b->n + 1) * 2 > b->cap)
		grow(b);
	e = slot(b, id.s, id.len - BATCH_DIGEST - 1);
	if (e->id != NULL) {
		shown = shown_id(id.s, id.len);
		lg_warnat(b->path, line, "custom_id %s: also on line %ld: "
		    "neither is taken", shown, e->line);
		free(shown);
		if (e->twice == 0)
			b->bad++;	/* the first line, reported here */
		b->bad++;
		e->twice = line;
		buf_free(&id);
		return;
	}
	e->cidlen = id.len;
	e->idlen = id.len - BATCH_DIGEST - 1;
	e->id = buf_take(&id);
	e->line = line;
	e->off = off;
	e->len = len;
	b->n++;
}

/* Is s[0..n) blank (spaces and tabs, or nothing)? */
static int
blank(const char *s, size_t n)
{
	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	return n == 0;
}

/* The line just read, which started at offset start. */
static void
end_line(batchres *b, struct buf *line, int over, long lineno, off_t start)
{
	const char *s = buf_str(line);
	size_t n = line->len;

	if (n > 0 && s[n - 1] == '\r')
		n--;
	if (lineno == 1 && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
		s += 3;		/* a byte-order mark */
		n -= 3;
		start += 3;
	}
	if (over || n > jsonl_max) {
		lg_warnat(b->path, lineno, "line longer than the record limit of "
		    "%zu bytes (--max-record): taken by no record", jsonl_max);
		b->bad++;
		b->unread++;
	} else if (!blank(s, n)) {
		index_line(b, s, n, lineno, start);
	}
	buf_reset(line);
}

/*
 * Read the file a block at a time: each line's place, the line itself
 * held only up to the record limit (a longer one is reported, skipped).
 */
static void
read_index(batchres *b)
{
	char blk[65536];
	struct buf line = { 0 };
	off_t pos = 0, start = 0;
	long lineno = 0;
	int over = 0;
	ssize_t k;

	while ((k = read(b->fd, blk, sizeof blk)) != 0) {
		size_t i = 0;

		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0)
			lg_die(LG_SYS, "%s: %s", b->path, strerror(errno));
		while (i < (size_t)k) {
			const char *nl = memchr(blk + i, '\n', (size_t)k - i);
			size_t n = (nl != NULL ? (size_t)(nl - blk) : (size_t)k) - i;

			if (!over && line.len + n <= jsonl_max + 1)
				buf_add(&line, blk + i, n);
			else
				over = 1;
			i += n;
			if (nl == NULL)
				break;
			end_line(b, &line, over, ++lineno, start);
			over = 0;
			start = pos + (off_t)++i;
		}
		pos += k;
	}
	if (line.len > 0 || over)
		end_line(b, &line, over, ++lineno, start);
	buf_free(&line);
}

batchres *
batchres_open(const infer_opts *o)
{
	batchres *b;
	struct stat st;
	int fd;

	if ((fd = open(o->batch_results, O_RDONLY | O_CLOEXEC)) < 0)
		lg_die(LG_SYS, "%s: %s", o->batch_results, strerror(errno));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		lg_die(LG_USAGE, "--batch-results: %s: not a regular file (its "
		    "lines are read again as records come)", o->batch_results);
	b = xcalloc(1, sizeof *b);
	b->fd = fd;
	b->path = o->batch_name != NULL ? o->batch_name : o->batch_results;
	b->chat = !o->completions;
	b->max_reply = o->net.max_reply != 0 ? o->net.max_reply :
	    HTTP_MAX_REPLY < jsonl_max ? HTTP_MAX_REPLY : jsonl_max;
	b->endpoint = o->batch_endpoint != NULL ? xstrdup(o->batch_endpoint) :
	    xasprintf("batch:%s", b->path);
	grow(b);
	read_index(b);
	return b;
}

/* The record's failure: said at where (FILE:LINE), then called back. */
static void
fail(const batchres *b, const cJSON *rec, const char *file, long line,
    const char *msg, long status, const oai_reply *r, http_done_fn fn,
    void *user)
{
	http_result res = { 0 };

	lg_warnat(file, line, "%s: %s", rec_id(rec), msg);
	res.endpoint = b->endpoint;
	res.error = msg;
	res.status = status;
	res.prompt_tokens = r != NULL ? r->prompt_tokens : -1;
	res.output_tokens = r != NULL ? r->output_tokens : -1;
	res.latency_s = res.ttft_s = -1;
	res.attempts = -1;
	fn(user, &res);
}

/* The answer in r (a reply oai_body() read), called back. */
static void
succeed(const batchres *b, oai_reply *r, http_done_fn fn, void *user)
{
	http_result res = { 0 };

	oai_finish(r);
	res.ok = 1;
	res.endpoint = b->endpoint;
	res.content = buf_str(&r->content);
	res.content_len = r->content.len;
	res.reasoning = r->reasoning.len ? r->reasoning.s : NULL;
	res.reasoning_len = r->reasoning.len;
	res.finish_reason = r->finish_reason;
	res.server_model = r->model;
	res.fingerprint = r->fingerprint;
	res.truncated = r->finish_reason != NULL &&
	    strcmp(r->finish_reason, "length") == 0;
	res.prompt_tokens = r->prompt_tokens;
	res.output_tokens = r->output_tokens;
	res.latency_s = res.ttft_s = -1;
	res.attempts = -1;
	res.status = 200;
	fn(user, &res);
}

/* The line of e, read again (malloc'd, its length in *len), or NULL. */
static char *
reread(const batchres *b, const entry *e)
{
	char *s = xmalloc(e->len + 1);
	size_t got = 0;

	while (got < e->len) {
		ssize_t k = pread(b->fd, s + got, e->len - got, e->off +
		    (off_t)got);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0) {
			free(s);
			return NULL;
		}
		got += (size_t)k;
	}
	s[got] = '\0';
	return s;
}

/*
 * The message of the line's error member v: a string (vLLM's run_batch
 * writes one beside a response with no body) or an error object;
 * malloc'd, NULL when it is absent or null.
 */
static char *
line_error(const char *s, const jsonscan_member *v)
{
	char *w, *t;

	if (v == NULL || s[v->vstart] == 'n')
		return NULL;
	if (s[v->vstart] != '"')
		return oai_error_message(s + v->vstart, v->vend - v->vstart,
		    ERRMSG);
	w = xasprintf("{\"error\":%.*s}", (int)(v->vend - v->vstart),
	    s + v->vstart);
	t = oai_error_message(w, strlen(w), ERRMSG);
	free(w);
	return t;
}

/*
 * The result on line s of e, as the HTTP engine reads a reply: the reply
 * read into r and 0, or -1 and the failure (*msg, malloc'd; *status).
 */
static int
result(batchres *b, const entry *e, const char *s, size_t len, oai_reply *r,
    char **msg, long *status)
{
	jsonscan_member *m = NULL;
	const jsonscan_member *resp, *v, *body;
	size_t n = 0, cap = 0, at = 0;
	int isobj = 0, rc = -1;
	long code;
	char *t, *err;
	struct buf id = { 0 };

	*status = 0;
	if (jsonscan(s, len, &isobj, &b->m, &n, &b->mcap, &at) != JSONSCAN_OK ||
	    !isobj || string_value(s, member(s, b->m, n, "custom_id"), &id) < 0 ||
	    id.len != e->cidlen || memcmp(id.s, e->id, id.len) != 0) {
		buf_free(&id);
		*msg = xstrdup("the line is no longer the one read at the start, "
		    "a JSON object with this custom_id (the file changed?)");
		return -1;
	}
	buf_free(&id);
	if ((at = utf8_invalid(s, len)) != len) {
		*msg = xasprintf("the line is not UTF-8 (byte %zu): a damaged "
		    "file? nothing is taken from it", at + 1);
		return -1;
	}
	resp = member(s, b->m, n, "response");
	err = line_error(s, member(s, b->m, n, "error"));
	if (resp == NULL || s[resp->vstart] != '{') {
		*msg = xasprintf("batch request failed: %s", err != NULL ? err :
		    "no response, no error");
		free(err);
		return -1;
	}
	s += resp->vstart;
	len = resp->vend - resp->vstart;
	if (jsonscan(s, len, &isobj, &m, &n, &cap, &at) != JSONSCAN_OK)
		n = 0;		/* a part of a whole checked: cannot be */
	v = member(s, m, n, "status_code");
	body = member(s, m, n, "body");
	if (body != NULL && s[body->vstart] == 'n')
		body = NULL;		/* null */
	code = v != NULL ? strtol(s + v->vstart, &t, 10) : 0;
	if (v == NULL || t != s + v->vend || code < 100 || code > 599) {
		*msg = xstrdup("response.status_code: missing or not an HTTP "
		    "status");
	} else if (code < 200 || code > 299) {
		t = body != NULL ? oai_error_message(s + body->vstart,
		    body->vend - body->vstart, ERRMSG) : xstrdup("");
		if (*t == '\0' && err != NULL) {
			free(t);
			t = err;
			err = NULL;
		}
		*msg = *t ? xasprintf("HTTP %ld: %s", code, t) :
		    xasprintf("HTTP %ld", code);
		*status = code;
		free(t);
	} else if (err != NULL) {
		*msg = xasprintf("batch request failed (HTTP %ld): %s", code, err);
	} else if (body == NULL) {
		*msg = xstrdup("response.body: missing");
	} else if (oai_body(r, s + body->vstart, body->vend - body->vstart) < 0) {
		*msg = xstrdup(r->error);
		*status = r->error_code;
	} else if ((t = oai_not_answer(r, 1)) != NULL) {
		*msg = t;
	} else if (r->content.len + r->reasoning.len > b->max_reply) {
		*msg = xasprintf("reply too large: answer text over %zu bytes",
		    b->max_reply);
	} else {
		rc = 0;
	}
	free(err);
	free(m);
	return rc;
}

/* Why e's line answers a request other than body; NULL: it answers body. */
static char *
other_request(const entry *e, const char *body)
{
	char hex[65];

	sha256_hex(body, strlen(body), hex);
	if (memcmp(e->id + e->idlen + 1, hex, BATCH_DIGEST) == 0)
		return NULL;
	return xasprintf("the batch answered another request for this id "
	    "(digest %.*s, this run's %.*s): run with the options and the input "
	    "--batch-requests had", BATCH_DIGEST, e->id + e->idlen + 1,
	    BATCH_DIGEST, hex);
}

void
batchres_answer(batchres *b, const cJSON *rec, const char *body,
    const char *file, long line, http_done_fn fn, void *user)
{
	size_t idlen;
	const char *id = rec_idn(rec, &idlen);
	entry *e = id != NULL ? slot(b, id, idlen) : NULL;
	oai_reply r;
	char *s, *msg;
	long status;

	if (e == NULL || e->id == NULL || e->twice != 0) {
		msg = e == NULL || e->id == NULL ? xasprintf("no result: no line "
		    "of %s has this custom_id%s", b->path, b->unread > 0 ?
		    " (or one of the lines it could not read)" : "") :
		    xasprintf("no result: "
		    "lines %ld and %ld of %s have this custom_id", e->line,
		    e->twice, b->path);
		if (e != NULL && e->id != NULL)
			e->taken = 1;
		fail(b, rec, file, line, msg, 0, NULL, fn, user);
		free(msg);
		return;
	}
	e->taken = 1;
	if ((msg = other_request(e, body)) != NULL) {
		fail(b, rec, b->path, e->line, msg, 0, NULL, fn, user);
		free(msg);
		return;
	}
	if ((s = reread(b, e)) == NULL)
		lg_die(LG_SYS, "%s:%ld: cannot read the line again (the file "
		    "changed?)", b->path, e->line);
	oai_init(&r, b->chat);
	if (result(b, e, s, e->len, &r, &msg, &status) < 0) {
		fail(b, rec, b->path, e->line, msg, status, &r, fn, user);
		free(msg);
	} else {
		succeed(b, &r, fn, user);
	}
	oai_free(&r);
	free(s);
}

static int
by_line(const void *x, const void *y)
{
	const entry *a = *(const entry *const *)x, *b = *(const entry *const *)y;

	return (a->line > b->line) - (a->line < b->line);
}

unsigned long
batchres_unused(batchres *b)
{
	entry **u = xcalloc(b->n + 1, sizeof *u);
	size_t i, n = 0;
	char *shown;

	for (i = 0; i < b->cap; i++)
		if (b->e[i].id != NULL && !b->e[i].taken && b->e[i].twice == 0)
			u[n++] = &b->e[i];
	qsort(u, n, sizeof *u, by_line);
	for (i = 0; i < n; i++) {
		shown = shown_id(u[i]->id, u[i]->cidlen);
		lg_warnat(b->path, u[i]->line, "custom_id %s: no record of the "
		    "input has this id: not taken", shown);
		free(shown);
	}
	free(u);
	return b->bad + n;
}

void
batchres_free(batchres *b)
{
	size_t i;

	if (b == NULL)
		return;
	for (i = 0; i < b->cap; i++)
		free(b->e[i].id);
	free(b->e);
	free(b->m);
	free(b->endpoint);
	close(b->fd);
	free(b);
}
