#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "jsonnul.h"
#include "oai.h"
#include "oaiscan.h"
#include "utf8.h"
#include "xalloc.h"

void
oai_init(oai_reply *r, int chat)
{
	memset(r, 0, sizeof *r);
	r->chat = chat;
	r->prompt_tokens = r->output_tokens = -1;
}

void
oai_reset(oai_reply *r)
{
	int chat = r->chat;

	buf_reset(&r->content);
	buf_reset(&r->reasoning);
	free(r->finish_reason);
	free(r->error);
	free(r->model);
	free(r->fingerprint);
	r->finish_reason = r->error = r->model = r->fingerprint = NULL;
	r->prompt_tokens = r->output_tokens = -1;
	r->done = r->tokens = r->whole = 0;
	r->nchoice = r->own = r->other = 0;
	r->error_code = 0;
	r->chat = chat;
}

void
oai_free(oai_reply *r)
{
	buf_free(&r->content);
	buf_free(&r->reasoning);
	free(r->finish_reason);
	free(r->error);
	free(r->model);
	free(r->fingerprint);
	r->finish_reason = r->error = r->model = r->fingerprint = NULL;
}

void
oai_ident(char **slot, const char *s, size_t n)
{
	size_t i;

	if (n == 0 || n > OAI_IDENT_MAX || utf8_invalid(s, n) != n)
		return;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f)
			return;
	if (*slot != NULL && strlen(*slot) == n && memcmp(*slot, s, n) == 0)
		return;
	free(*slot);
	*slot = xstrndup(s, n);
}

/* The model and system_fingerprint of a chunk or a reply, when strings. */
static void
idents(oai_reply *r, const cJSON *j)
{
	const char *m = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(j, "model"));
	const char *f = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(j, "system_fingerprint"));

	if (m != NULL)
		oai_ident(&r->model, m, strlen(m));
	if (f != NULL)
		oai_ident(&r->fingerprint, f, strlen(f));
}

static void
set_error(oai_reply *r, const char *msg)
{
	free(r->error);
	r->error = xstrdup(msg);
}

/* nul: the tree came from jsonnul_parse() with NULs marked */
static void
add_text(oai_reply *r, struct buf *b, const cJSON *v, int nul)
{
	if (cJSON_IsString(v) && v->valuestring[0] != '\0') {
		jsonnul_text(b, v->valuestring, nul);
		r->tokens++;
	}
}

/* The usage of a chunk or a reply: usage, or Groq's x_groq.usage. */
static void
usage(oai_reply *r, const cJSON *j)
{
	const cJSON *u = cJSON_GetObjectItemCaseSensitive(j, "usage"), *p, *c;

	if (!cJSON_IsObject(u))
		u = cJSON_GetObjectItemCaseSensitive(
		    cJSON_GetObjectItemCaseSensitive(j, "x_groq"), "usage");
	if (!cJSON_IsObject(u))
		return;
	p = cJSON_GetObjectItemCaseSensitive(u, "prompt_tokens");
	c = cJSON_GetObjectItemCaseSensitive(u, "completion_tokens");
	/* a count out of range (1e300) is no count */
	if (cJSON_IsNumber(p) && p->valuedouble >= 0 && p->valuedouble < 1e15)
		r->prompt_tokens = (long)p->valuedouble;
	if (cJSON_IsNumber(c) && c->valuedouble >= 0 && c->valuedouble < 1e15)
		r->output_tokens = (long)c->valuedouble;
}

/* The code of an error object: an HTTP status (100 to 599), else 0. */
static long
error_code(const cJSON *e)
{
	const cJSON *c = cJSON_GetObjectItemCaseSensitive(e, "code");
	const char *s = cJSON_GetStringValue(c);
	double v = -1;

	if (cJSON_IsNumber(c))
		v = c->valuedouble;
	else if (s != NULL && strlen(s) == 3 && isdigit((unsigned char)s[0]) &&
	    isdigit((unsigned char)s[1]) && isdigit((unsigned char)s[2]))
		v = atoi(s);
	return v >= 100 && v <= 599 && v == (long)v ? (long)v : 0;
}

/*
 * An error object inside a 200 reply: {"error":...} or {"object":"error"}.
 * Its code, and the usage sent beside it (tokens paid for), are kept.
 */
static int
inband_error(oai_reply *r, const cJSON *j)
{
	const cJSON *e = cJSON_GetObjectItemCaseSensitive(j, "error");
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(j, "object");
	char *s, *m;

	if (e == NULL && !(cJSON_IsString(o) && strcmp(o->valuestring, "error") == 0))
		return 0;
	if (cJSON_IsNull(e))
		return 0;
	r->error_code = error_code(cJSON_IsObject(e) ? e : j);
	usage(r, j);
	s = cJSON_PrintUnformatted(j);
	m = oai_error_message(s ? s : "", s ? strlen(s) : 0, 300);
	free(r->error);
	if (r->error_code != 0)
		r->error = xasprintf("server error in reply (code %ld): %s",
		    r->error_code, m);
	else
		r->error = xasprintf("server error in reply: %s", m);
	free(m);
	free(s);
	return 1;
}

/* Count the choices of a chunk or a reply, and their kinds. */
static void
count_choices(oai_reply *r, const cJSON *ch, const char *part)
{
	const cJSON *c;
	long n = 0;

	cJSON_ArrayForEach(c, ch) {
		const cJSON *ix = cJSON_GetObjectItemCaseSensitive(c, "index");
		int mine, theirs;

		n++;
		if (cJSON_IsNumber(ix) && ix->valuedouble >= 0 &&
		    ix->valuedouble < 1e9 && ix->valuedouble + 1 > r->nchoice)
			r->nchoice = (long)ix->valuedouble + 1;
		if (r->chat) {
			mine = cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(c,
			    part));
			theirs = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c,
			    "text"));
		} else {
			mine = cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c,
			    "text"));
			theirs = cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(c,
			    "message")) || cJSON_IsObject(
			    cJSON_GetObjectItemCaseSensitive(c, "delta"));
		}
		if (mine)
			r->own++;
		else if (theirs)
			r->other++;
	}
	if (n > r->nchoice)
		r->nchoice = n;
}

/* Read the first choice of a chunk (delta) or of a whole reply (message). */
static void
choice(oai_reply *r, const cJSON *j, const char *part, int nul)
{
	const cJSON *ch = cJSON_GetObjectItemCaseSensitive(j, "choices");
	const cJSON *c0, *m, *fr;

	usage(r, j);
	if (cJSON_IsArray(ch))
		count_choices(r, ch, part);
	if (!cJSON_IsArray(ch) || (c0 = cJSON_GetArrayItem(ch, 0)) == NULL)
		return;
	if (r->chat) {
		m = cJSON_GetObjectItemCaseSensitive(c0, part);
		if (cJSON_IsObject(m)) {
			const cJSON *rc = cJSON_GetObjectItemCaseSensitive(m,
			    "reasoning_content");

			if (rc == NULL || cJSON_IsNull(rc))
				rc = cJSON_GetObjectItemCaseSensitive(m, "reasoning");
			add_text(r, &r->reasoning, rc, nul);
			add_text(r, &r->content,
			    cJSON_GetObjectItemCaseSensitive(m, "content"), nul);
		}
	} else {
		add_text(r, &r->content, cJSON_GetObjectItemCaseSensitive(c0, "text"),
		    nul);
	}
	fr = cJSON_GetObjectItemCaseSensitive(c0, "finish_reason");
	if (cJSON_IsString(fr)) {
		free(r->finish_reason);
		r->finish_reason = xstrdup(fr->valuestring);
	}
}

static int
chunk(oai_reply *r, const char *data, size_t len, int scan)
{
	cJSON *j;
	int nul;

	while (len > 0 && isspace((unsigned char)data[len - 1]))
		len--;
	if (len == 0)
		return 0;
	if (len == 6 && memcmp(data, "[DONE]", 6) == 0) {
		r->done = 1;
		return 0;
	}
	if (scan && oaiscan_chunk(r, data, len))
		return 0;
	j = jsonnul_parse(data, len, &nul);
	if (j == NULL || !cJSON_IsObject(j)) {
		cJSON_Delete(j);
		set_error(r, "malformed JSON in the stream");
		return -1;
	}
	if (inband_error(r, j)) {
		cJSON_Delete(j);
		return -1;
	}
	idents(r, j);
	choice(r, j, "delta", nul);
	cJSON_Delete(j);
	return 0;
}

int
oai_chunk(oai_reply *r, const char *data, size_t len)
{
	return chunk(r, data, len, 1);
}

int
oai_chunk_tree(oai_reply *r, const char *data, size_t len)
{
	return chunk(r, data, len, 0);
}

int
oai_body(oai_reply *r, const char *body, size_t len)
{
	int nul;
	cJSON *j = jsonnul_parse(body, len, &nul);

	if (j == NULL || !cJSON_IsObject(j)) {
		cJSON_Delete(j);
		set_error(r, "malformed JSON in the reply");
		return -1;
	}
	if (inband_error(r, j)) {
		cJSON_Delete(j);
		return -1;
	}
	if (!cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(j, "choices"))) {
		cJSON_Delete(j);
		set_error(r, "reply has no choices");
		return -1;
	}
	idents(r, j);
	choice(r, j, "message", nul);
	cJSON_Delete(j);
	r->done = r->whole = 1;
	return 0;
}

char *
oai_not_answer(const oai_reply *r, int hints)
{
	const char *want = !r->chat ? "text" : r->whole ? "message" : "delta";
	size_t at;

	if (r->nchoice == 0)
		return xstrdup("reply has no choice (choices is empty): no answer");
	if (r->nchoice > 1)
		return xasprintf("reply has %ld choices (n above 1): %s", r->nchoice,
		    hints ? "lg-infer takes one answer a request (--samples asks "
		    "several)" : "one answer a request is taken");
	if (r->own == 0)
		return xasprintf("reply's choice has no %s: not a %s%s", want,
		    r->chat ? "chat completion" : "completion", !hints ? "" :
		    r->chat ? " (a completion is read with --completions)" :
		    " (a chat completion is read without --completions)");
	if ((at = utf8_invalid(r->content.s ? r->content.s : "",
	    r->content.len)) != r->content.len)
		return xasprintf("reply is not UTF-8 (byte %zu of the answer): "
		    "nothing is taken from it", at + 1);
	if ((at = utf8_invalid(r->reasoning.s ? r->reasoning.s : "",
	    r->reasoning.len)) != r->reasoning.len)
		return xasprintf("reply is not UTF-8 (byte %zu of the reasoning): "
		    "nothing is taken from it", at + 1);
	return NULL;
}

int
oai_complete(const oai_reply *r)
{
	return r->done || r->finish_reason != NULL;
}

void
oai_split_think(oai_reply *r)
{
	const char *s = buf_str(&r->content), *end = s + r->content.len;
	const char *in, *close, *rest;
	size_t a, b;
	struct buf out = { 0 };

	while (s < end && isspace((unsigned char)*s))
		s++;
	if ((size_t)(end - s) < 7 || memcmp(s, "<think>", 7) != 0)
		return;
	in = s + 7;
	close = memmem(in, (size_t)(end - in), "</think>", 8);
	rest = close ? close + 8 : end;
	if (close == NULL)
		close = end;
	a = 0;
	b = (size_t)(close - in);
	while (a < b && isspace((unsigned char)in[a]))
		a++;
	while (b > a && isspace((unsigned char)in[b - 1]))
		b--;
	if (b > a) {
		if (r->reasoning.len > 0)
			buf_putc(&r->reasoning, '\n');
		buf_add(&r->reasoning, in + a, b - a);
	}
	while (rest < end && isspace((unsigned char)*rest))
		rest++;
	buf_add(&out, rest, (size_t)(end - rest));
	buf_free(&r->content);
	r->content = out;
}

static void
fix_utf8(struct buf *b)
{
	struct buf out = { 0 };
	size_t i = 0;

	if (utf8_invalid(b->s ? b->s : "", b->len) == b->len)
		return;
	while (i < b->len) {
		size_t ok = utf8_invalid(b->s + i, b->len - i);

		buf_add(&out, b->s + i, ok);
		i += ok;
		if (i < b->len) {
			buf_puts(&out, "\xef\xbf\xbd");
			i++;
		}
	}
	buf_free(b);
	*b = out;
}

void
oai_finish(oai_reply *r)
{
	fix_utf8(&r->content);
	fix_utf8(&r->reasoning);
	oai_split_think(r);
}

/* Copy s[0..n) to one line of at most max bytes, whole UTF-8 characters. */
static char *
oneline(const char *s, size_t n, size_t max)
{
	struct buf b = { 0 };
	size_t i;
	int space = 0;

	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		if (c < 0x20 || c == 0x7f) {
			space = b.len > 0;
			continue;
		}
		if (c == ' ') {
			space = b.len > 0;
			continue;
		}
		if (space) {
			buf_putc(&b, ' ');
			space = 0;
		}
		buf_putc(&b, c);
	}
	if (b.len > max) {
		size_t k = max;

		while (k > 0 && ((unsigned char)b.s[k] & 0xc0) == 0x80)
			k--;
		b.len = k;
		b.s[k] = '\0';
		buf_puts(&b, "...");
	}
	/* drop what is not UTF-8, so the message can go into a record */
	for (i = 0; i < b.len;) {
		size_t bad = utf8_invalid(b.s + i, b.len - i);

		if (bad == b.len - i)
			break;
		b.s[i + bad] = '?';
		i += bad + 1;
	}
	return buf_take(&b);
}

char *
oai_error_message(const char *body, size_t len, size_t max)
{
	cJSON *j = cJSON_ParseWithLength(body, len), *e, *m;
	char *s;

	if (cJSON_IsObject(j)) {
		e = cJSON_GetObjectItemCaseSensitive(j, "error");
		m = NULL;
		if (cJSON_IsObject(e))
			m = cJSON_GetObjectItemCaseSensitive(e, "message");
		else if (cJSON_IsString(e))
			m = e;
		if (!cJSON_IsString(m))
			m = cJSON_GetObjectItemCaseSensitive(j, "message");
		if (!cJSON_IsString(m))
			m = cJSON_GetObjectItemCaseSensitive(j, "detail");
		if (cJSON_IsString(m)) {
			s = oneline(m->valuestring, strlen(m->valuestring), max);
			cJSON_Delete(j);
			return s;
		}
	}
	cJSON_Delete(j);
	return oneline(body, len, max);
}
