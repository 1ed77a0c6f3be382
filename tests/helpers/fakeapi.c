/*
 * fakeapi: a small OpenAI-compatible server for the test suite.
 *
 * One process, one poll() loop, HTTP/1.1 with keep-alive, on 127.0.0.1
 * only.  It answers POST /v1/chat/completions and /v1/completions, whole
 * or streamed (SSE, chunked), with text derived from the request alone:
 * "echo HASH" and a fixed run of words, where HASH is the start of the
 * SHA-256 of the prompt text, and usage counted in words.  max_tokens and
 * stop cut the answer as a server would (finish_reason "length" or
 * "stop").
 *
 * Magic text in the prompt:
 *   FAULT:KIND      answer with that fault every time
 *   FAULT:KIND*N    the first N requests with this prompt, then normally
 *   WORDS:N         answer N words
 *   THINK:tag       a leading <think>...</think> in the content
 *   THINK:field     reasoning in a reasoning_content field
 *   ECHO:           the answer is the request body itself (never cut)
 *   BADUTF8:        the answer holds bytes that are not UTF-8
 *   SPLITUTF8:      the answer holds characters of 2 and 3 bytes, each
 *                   streamed split between two events
 *   SAYKEY:         the answer (and a reasoning field) repeats the key the
 *                   request carried: whole, its first 10 characters, and
 *                   its last 4 as hosted APIs mask them ("...abcd")
 *   NUL:            the answer holds a \u0000 ("before\u0000after")
 *   BIG:N           an answer of N bytes (words of 1000 bytes)
 *   ENDLESS:        an answer that never ends: events (or the bytes of a
 *                   whole body) keep coming until the client hangs up
 *   a line "JUDGE:" the answer is "yes" or "no": the word after JUDGE:
 *                   when it is one of them, else by the prompt's hash
 *   a line "SAY:"   the answer is the rest of that line, one space after
 *                   SAY: dropped ("SAY: I'd say yes" answers "I'd say yes")
 *   SAYHEX_HEX      the answer is the bytes HEX spells (a word that the
 *                   published truncation, words joined by spaces, keeps)
 *   lg-judge's LongWeave rubrics (a fenced text, items "[N] ...", a reply
 *                   form {"verdicts": [{"item": 1, "covered"|"answered"|
 *                   "present"...) are answered as a careful judge would,
 *                   from the fenced text alone (lwjudge_answer); in that
 *                   text JUDGEBAD:garbage or JUDGEBAD:partial (*N: the first
 *                   N times) makes the reply prose or drop the last item,
 *                   JUDGEBAD:fenced wraps it in a Markdown code fence
 *                   (ECHO: comes first); only the first user message is
 *                   read, and counted, so that asked again with the reply
 *                   shown back it is the same question
 * Faults: 429 (with Retry-After), 408, 500, 503, 400, 401, reset (RST at
 * once), cut (the stream or body stops halfway, connection closed), stall
 * (nothing more for --stall seconds, then close), malformed (bad JSON),
 * drip (the answer in small pieces, --drip-ms apart),
 * inband (inbandNNN: a 200 reply, the answer streamed, then an error object
 * with code 400 or NNN and the usage, as OpenRouter ends a cut stream),
 * nochoice (a 200 reply whose choices are empty), twochoice (two choices,
 * as n=2 asks), otherkind (a completion's reply to a chat request, or the
 * reverse).  --fault-rate F
 * draws faults at random (from --faults LIST) for requests without a
 * FAULT: mark.
 *
 * --keepalive-ms MS closes a connection idle that long after a response
 * (no request, nothing to send), as servers end idle keep-alive
 * connections (a new connection waits for its first request); --no-keepalive
 * hangs up after every response, without a "Connection: close" first.
 *
 * It never runs for long: it exits after --idle-exit seconds without a
 * request, after --max-requests requests, after --lifetime seconds, or on
 * SIGTERM/SIGINT.  The port (0 picks a free one) is printed on stdout and
 * written to --port-file.  --log FILE gets one line per request:
 * "N SECONDS PATH FAULT STATUS HASH AUTH" (AUTH: key, nokey or badkey).
 * --model NAME serves only that model: others get a 404 worded as hosted
 * APIs word it ("The model `x` does not exist ...").
 * --record FILE gets every request body as it came, then a newline.
 * --ref PATH and --logprobs MODE: prompt log-probabilities, see below.
 * --stale-echo: every prompt echoed is the first one (see below).
 * --lgb-judge answers lg-judge's own LongGenBench question (an entry between
 * "BEGIN FENCE" and "END FENCE" lines, then "Question: does this entry
 * include WANT?") as a careful judge: "yes" when every word of WANT (runs
 * of letters and digits, in any case) is in the entry, else "no"
 * (lgbjudge_answer); a JUDGE: line still comes first.
 * /v1/files and /v1/batches: a Batch API, see below (--batch-mode).
 * --batch-file IN serves no port: it answers each line of IN, an OpenAI
 * batch request, as the request of its url and body (api()), and writes
 * the batch's output line to stdout, in IN's order (batch_file).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>

#include <cjson/cJSON.h>

#include "buf.h"
#include "jsonscan.h"
#include "rng.h"
#include "sha256.h"
#include "share.h"
#include "util.h"
#include "xalloc.h"

#define MAXCONN 2048
#define MAXBODY ((size_t)64 << 20)

enum { KEEP, CLOSE, RESET };

typedef struct {
	size_t end;		/* offset in out where the segment ends */
	double delay;		/* seconds to wait before sending it */
} seg;

typedef struct {
	int fd;
	struct buf in, out;
	size_t sent;
	seg *segs;
	size_t nseg, cur, segcap;
	double next;		/* when the current segment may go */
	int after;
	int busy;		/* a response is being sent */
	int continued;		/* 100 Continue sent for the current request */
	int endless;		/* ENDLESS: 1 streamed, 2 whole, 0 not */
	int chat;		/* of the endless answer */
	double last;		/* its last activity */
	long served;		/* requests read on it */
} conn;

typedef struct {
	uint64_t h;
	int n;
} count;

static struct {
	const char *log_path;
	FILE *log;
	char *key;
	const char *model;	/* --model: the only model served, else NULL */
	double fault_rate;
	char **faults;
	size_t nfaults;
	int retry_after;
	double stall;
	double drip;
	double delay;
	double keepalive;	/* --keepalive-ms, in seconds; 0: none */
	int no_keepalive;
	long words;
	int lgb_judge;		/* --lgb-judge */
	double idle_exit, lifetime;
	long max_requests;
	rng rng;
	double t0, last_req;
	long nreq;
	count *counts;
	size_t ncap, nused;
} S;

static volatile sig_atomic_t stopping;

static const char *const wordlist[] = {
	"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf",
	"hotel", "india", "juliett", "kilo", "lima", "mike", "november",
	"oscar", "papa", "quebec", "romeo", "sierra", "tango", "uniform",
	"victor", "whiskey", "xray", "yankee", "zulu"
};

static void
die(const char *msg)
{
	fprintf(stderr, "fakeapi: %s\n", msg);
	exit(2);
}

static void
on_signal(int sig)
{
	(void)sig;
	stopping = 1;
}

/* How often this prompt hash has been seen, counting this time. */
static int
seen(uint64_t h)
{
	size_t i;

	if ((S.nused + 1) * 2 > S.ncap) {
		count *old = S.counts;
		size_t oc = S.ncap;

		S.ncap = S.ncap ? S.ncap * 2 : 256;
		S.counts = xcalloc(S.ncap, sizeof *S.counts);
		S.nused = 0;
		for (i = 0; i < oc; i++) {
			if (old[i].n > 0) {
				size_t k = old[i].h & (S.ncap - 1);

				while (S.counts[k].n > 0)
					k = (k + 1) & (S.ncap - 1);
				S.counts[k] = old[i];
				S.nused++;
			}
		}
		free(old);
	}
	for (i = h & (S.ncap - 1); S.counts[i].n > 0; i = (i + 1) & (S.ncap - 1))
		if (S.counts[i].h == h)
			return ++S.counts[i].n;
	S.counts[i].h = h;
	S.counts[i].n = 1;
	S.nused++;
	return 1;
}

/* ---- responses ---- */

static void
add_seg(conn *c, double delay)
{
	if (c->nseg == c->segcap) {
		c->segcap = c->segcap ? c->segcap * 2 : 16;
		c->segs = xreallocarray(c->segs, c->segcap, sizeof *c->segs);
	}
	c->segs[c->nseg].end = c->out.len;
	c->segs[c->nseg].delay = delay;
	c->nseg++;
}

static void
begin(conn *c)
{
	buf_reset(&c->out);
	c->sent = 0;
	c->nseg = c->cur = 0;
	c->after = KEEP;
	c->busy = 1;
	c->endless = 0;
}

static void
go(conn *c, double t)
{
	if (c->nseg == 0 || c->segs[c->nseg - 1].end != c->out.len)
		add_seg(c, 0);
	c->next = t + c->segs[0].delay;
}

static void
plain(conn *c, int status, const char *reason, const char *extra,
    const char *type, const char *body, size_t len)
{
	buf_printf(&c->out, "HTTP/1.1 %d %s\r\nContent-Type: %s\r\n"
	    "Content-Length: %zu\r\n%s\r\n", status, reason, type, len,
	    extra ? extra : "");
	buf_add(&c->out, body, len);
}

static void
error_reply(conn *c, int status, const char *reason, const char *msg,
    const char *extra)
{
	cJSON *j = cJSON_CreateObject(), *e = cJSON_AddObjectToObject(j, "error");
	char *s;

	cJSON_AddStringToObject(e, "message", msg);
	cJSON_AddStringToObject(e, "type", reason);
	cJSON_AddNumberToObject(e, "code", status);
	s = cJSON_PrintUnformatted(j);
	plain(c, status, reason, extra, "application/json", s, strlen(s));
	free(s);
	cJSON_Delete(j);
}

/* The mark that stands for a NUL in texts; printed JSON gets \u0000. */
#define NULMARK "@@NUL@@"

static char *
print_json(const cJSON *j)
{
	char *s = cJSON_PrintUnformatted(j), *p;
	struct buf b = { 0 };
	const char *q = s;

	if (strstr(s, NULMARK) == NULL)
		return s;
	while ((p = strstr(q, NULMARK)) != NULL) {
		buf_add(&b, q, (size_t)(p - q));
		buf_puts(&b, "\\u0000");
		q = p + strlen(NULMARK);
	}
	buf_puts(&b, q);
	free(s);
	return buf_take(&b);
}

static void
chunk(struct buf *b, const char *s, size_t n)
{
	buf_printf(b, "%zx\r\n", n);
	buf_add(b, s, n);
	buf_puts(b, "\r\n");
}

static void
event(conn *c, cJSON *j)
{
	char *s = print_json(j);
	struct buf e = { 0 };

	buf_puts(&e, "data: ");
	buf_puts(&e, s);
	buf_puts(&e, "\n\n");
	chunk(&c->out, e.s, e.len);
	buf_free(&e);
	free(s);
	cJSON_Delete(j);
}

typedef struct {
	int chat, stream, usage;
	const char *model;
	char *content, *reasoning;
	const char *finish;
	long ptok, ctok;
	char *bad;		/* a malformed piece to send (fault) */
	int split;		/* SPLITUTF8: events cut inside a character */
	int index;		/* the choice's index in the pieces */
} answer;

static cJSON *
head(const answer *a, const char *object)
{
	cJSON *j = cJSON_CreateObject();

	cJSON_AddStringToObject(j, "id", "fake-1");
	cJSON_AddStringToObject(j, "object", object);
	cJSON_AddNumberToObject(j, "created", 0);
	cJSON_AddStringToObject(j, "model", a->model);
	cJSON_AddStringToObject(j, "system_fingerprint", "fp_fake\u00e9");
	return j;
}

static cJSON *
usage(const answer *a)
{
	cJSON *u = cJSON_CreateObject();

	cJSON_AddNumberToObject(u, "prompt_tokens", a->ptok);
	cJSON_AddNumberToObject(u, "completion_tokens", a->ctok);
	cJSON_AddNumberToObject(u, "total_tokens", a->ptok + a->ctok);
	return u;
}

static cJSON *
piece(const answer *a, const char *field, const char *text, const char *finish)
{
	cJSON *j = head(a, a->chat ? "chat.completion.chunk" : "text_completion");
	cJSON *ch = cJSON_AddArrayToObject(j, "choices"), *c0 = cJSON_CreateObject();

	cJSON_AddItemToArray(ch, c0);
	cJSON_AddNumberToObject(c0, "index", a->index);
	if (a->chat) {
		cJSON *d = cJSON_AddObjectToObject(c0, "delta");

		if (field != NULL)
			cJSON_AddStringToObject(d, field, text);
	} else {
		cJSON_AddStringToObject(c0, "text", text ? text : "");
	}
	if (finish)
		cJSON_AddStringToObject(c0, "finish_reason", finish);
	else
		cJSON_AddNullToObject(c0, "finish_reason");
	return j;
}

/* Stream the text word by word, each word an event (and a segment). */
static void
stream_text(conn *c, const answer *a, const char *field, const char *text,
    double drip)
{
	const char *p = text;

	while (*p) {
		const char *q = p;
		char *w;

		while (*q == ' ')
			q++;
		while (*q && *q != ' ' && !(a->split && q > p &&
		    (unsigned char)q[-1] >= 0xc0))
			q++;
		while (*q == ' ')
			q++;
		w = xstrndup(p, (size_t)(q - p));
		event(c, piece(a, field, w, NULL));
		free(w);
		if (drip > 0)
			add_seg(c, drip);
		p = q;
	}
}

static void
streamed(conn *c, const answer *a, const char *fault)
{
	double drip = strcmp(fault, "drip") == 0 ? S.drip : 0;
	size_t start;

	buf_puts(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
	    "Cache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n");
	if (a->chat)
		event(c, piece(a, "role", "assistant", NULL));
	if (strcmp(fault, "stall") == 0) {
		add_seg(c, 0);
		add_seg(c, S.stall);
		c->after = CLOSE;
		return;
	}
	if (a->bad != NULL)
		chunk(&c->out, a->bad, strlen(a->bad));
	start = c->out.len;
	if (a->reasoning != NULL)
		stream_text(c, a, "reasoning_content", a->reasoning, drip);
	stream_text(c, a, "content", a->content, drip);
	if (strcmp(fault, "cut") == 0) {
		/* keep the first half of what follows the head, then hang up */
		size_t keep = start + (c->out.len - start) / 2;

		c->out.len = keep;
		c->out.s[keep] = '\0';
		while (c->nseg > 0 && c->segs[c->nseg - 1].end > keep)
			c->nseg--;
		c->after = CLOSE;
		return;
	}
	event(c, piece(a, NULL, NULL, a->finish));
	if (a->usage) {
		cJSON *j = head(a, a->chat ? "chat.completion.chunk" : "text_completion");

		cJSON_AddArrayToObject(j, "choices");
		cJSON_AddItemToObject(j, "usage", usage(a));
		event(c, j);
	}
	chunk(&c->out, "data: [DONE]\n\n", 14);
	buf_puts(&c->out, "0\r\n\r\n");
}

static void
whole(conn *c, const answer *a, const char *fault)
{
	cJSON *j = head(a, a->chat ? "chat.completion" : "text_completion");
	cJSON *ch = cJSON_AddArrayToObject(j, "choices"), *c0 = cJSON_CreateObject();
	char *s;
	size_t n, i;

	cJSON_AddItemToArray(ch, c0);
	cJSON_AddNumberToObject(c0, "index", 0);
	if (a->chat) {
		cJSON *m = cJSON_AddObjectToObject(c0, "message");

		cJSON_AddStringToObject(m, "role", "assistant");
		cJSON_AddStringToObject(m, "content", a->content);
		if (a->reasoning != NULL)
			cJSON_AddStringToObject(m, "reasoning_content", a->reasoning);
	} else {
		cJSON_AddStringToObject(c0, "text", a->content);
	}
	cJSON_AddStringToObject(c0, "finish_reason", a->finish);
	cJSON_AddItemToObject(j, "usage", usage(a));
	s = print_json(j);
	cJSON_Delete(j);
	n = strlen(s);
	if (strcmp(fault, "stall") == 0) {
		add_seg(c, S.stall);
		c->after = CLOSE;
		free(s);
		return;
	}
	if (a->bad != NULL) {
		plain(c, 200, "OK", NULL, "application/json", a->bad, strlen(a->bad));
		free(s);
		return;
	}
	buf_printf(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
	    "Content-Length: %zu\r\n\r\n", n);
	if (strcmp(fault, "cut") == 0) {
		buf_add(&c->out, s, n / 2);
		c->after = CLOSE;
	} else if (strcmp(fault, "drip") == 0) {
		add_seg(c, S.delay);
		for (i = 0; i < n; i += 16) {
			buf_add(&c->out, s + i, n - i < 16 ? n - i : 16);
			add_seg(c, S.drip);
		}
	} else {
		buf_add(&c->out, s, n);
	}
	free(s);
}

/*
 * FAULT:nochoice: a 200 reply with no choice at all (choices empty in
 * every event, usage beside it).  FAULT:twochoice: two choices, as n=2
 * asks (streamed, each word sent for index 0, then for index 1).
 */
static void
odd(conn *c, answer *a, const char *fault)
{
	cJSON *j, *ch, *c1;
	char *s;
	int i;

	if (strcmp(fault, "twochoice") == 0 && a->stream) {
		buf_puts(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: "
		    "text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
		for (a->index = 0; a->index < 2; a->index++) {
			stream_text(c, a, "content", a->content, 0);
			event(c, piece(a, NULL, NULL, a->finish));
		}
		a->index = 0;
	} else if (a->stream) {
		buf_puts(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: "
		    "text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
		j = head(a, a->chat ? "chat.completion.chunk" : "text_completion");
		cJSON_AddArrayToObject(j, "choices");
		cJSON_AddItemToObject(j, "usage", usage(a));
		event(c, j);
	} else {
		j = head(a, a->chat ? "chat.completion" : "text_completion");
		ch = cJSON_AddArrayToObject(j, "choices");
		for (i = 0; strcmp(fault, "twochoice") == 0 && i < 2; i++) {
			c1 = cJSON_CreateObject();
			cJSON_AddItemToArray(ch, c1);
			cJSON_AddNumberToObject(c1, "index", i);
			if (a->chat)
				cJSON_AddStringToObject(cJSON_AddObjectToObject(c1,
				    "message"), "content", a->content);
			else
				cJSON_AddStringToObject(c1, "text", a->content);
			cJSON_AddStringToObject(c1, "finish_reason", a->finish);
		}
		cJSON_AddItemToObject(j, "usage", usage(a));
		s = print_json(j);
		cJSON_Delete(j);
		plain(c, 200, "OK", NULL, "application/json", s, strlen(s));
		free(s);
		return;
	}
	chunk(&c->out, "data: [DONE]\n\n", 14);
	buf_puts(&c->out, "0\r\n\r\n");
}

/*
 * FAULT:inband (inbandNNN): a 200 reply that streams the answer, then an
 * error object with code 400 (NNN) and the usage in one more event, as
 * OpenRouter ends a stream it cut; not streamed, a 200 body holding the
 * error and the usage.
 */
static void
inband(conn *c, const answer *a, const char *fault)
{
	long code = fault[6] != '\0' ? strtol(fault + 6, NULL, 10) : 400;
	cJSON *j, *e;
	char *s;

	if (a->stream) {
		buf_puts(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: "
		    "text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n");
		stream_text(c, a, "content", a->content, 0);
		j = piece(a, "content", "", NULL);
	} else {
		j = head(a, a->chat ? "chat.completion" : "text_completion");
	}
	e = cJSON_AddObjectToObject(j, "error");
	cJSON_AddNumberToObject(e, "code", (double)code);
	cJSON_AddStringToObject(e, "message", "Token limit reached");
	cJSON_AddItemToObject(j, "usage", usage(a));
	if (a->stream) {
		event(c, j);
		chunk(&c->out, "data: [DONE]\n\n", 14);
		buf_puts(&c->out, "0\r\n\r\n");
		return;
	}
	s = print_json(j);
	cJSON_Delete(j);
	plain(c, 200, "OK", NULL, "application/json", s, strlen(s));
	free(s);
}

/* The next 256 KiB of an endless answer, in place of what was sent. */
static void
refill(conn *c)
{
	static char x[65536];
	answer a = { 0 };
	int i;

	memset(x, 'x', sizeof x - 1);
	buf_reset(&c->out);
	c->sent = 0;
	c->nseg = c->cur = 0;
	a.chat = c->chat;
	a.model = "fake";
	for (i = 0; i < 4; i++) {
		if (c->endless == 1)
			event(c, piece(&a, "content", x, NULL));
		else
			chunk(&c->out, x, sizeof x - 1);
	}
	add_seg(c, 0);
}

/* The head of an endless answer; refill() sends the rest. */
static void
endless(conn *c, int chat, int stream)
{
	answer a = { 0 };

	c->endless = stream ? 1 : 2;
	c->chat = chat;
	a.chat = chat;
	a.model = "fake";
	buf_printf(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: %s\r\n"
	    "Transfer-Encoding: chunked\r\n\r\n", stream ? "text/event-stream" :
	    "application/json");
	if (stream) {
		if (chat)
			event(c, piece(&a, "role", "assistant", NULL));
	} else {
		const char *h = chat ? "{\"object\":\"chat.completion\","
		    "\"choices\":[{\"index\":0,\"message\":{\"role\":"
		    "\"assistant\",\"content\":\"" :
		    "{\"object\":\"text_completion\",\"choices\":[{\"text\":\"";

		chunk(&c->out, h, strlen(h));
	}
}

/* n bytes of text: words of 999 letters and a space. */
static char *
make_big(long n)
{
	char *s = xmalloc((size_t)n + 1);
	long i;

	for (i = 0; i < n; i++)
		s[i] = i % 1000 == 999 ? ' ' : 'y';
	s[n] = '\0';
	return s;
}

static const char *
str_or(const cJSON *v, const char *def)
{
	return cJSON_IsString(v) ? v->valuestring : def;
}

/* The text the answer is about: the prompt, or all message contents. */
static char *
prompt_text(const cJSON *req, int chat)
{
	struct buf b = { 0 };
	const cJSON *m;

	if (!chat)
		return xstrdup(str_or(cJSON_GetObjectItemCaseSensitive(req,
		    "prompt"), ""));
	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(req, "messages")) {
		const char *s = cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(m, "content"));

		if (s == NULL)
			continue;
		if (b.len)
			buf_putc(&b, '\n');
		buf_puts(&b, s);
	}
	return buf_take(&b);
}

static char *
judge_answer(const char *text, const char *hex)
{
	const char *p = text;

	for (;;) {
		const char *j = strstr(p, "JUDGE:");

		if (j == NULL)
			return NULL;
		if (j == text || j[-1] == '\n') {
			j += 6;
			while (*j == ' ')
				j++;
			if (strncasecmp(j, "yes", 3) == 0)
				return xstrdup("yes");
			if (strncasecmp(j, "no", 2) == 0)
				return xstrdup("no");
			return xstrdup(strchr("02468ace", hex[0]) ? "yes" : "no");
		}
		p = j + 6;
	}
}

/*
 * The text between a line "BEGIN FENCE" and the line "END FENCE" after
 * it: its start (after the BEGIN line), *te its end (the newline before
 * END) and *rest what follows "END FENCE"; NULL when text has none.
 */
static const char *
fenced(const char *text, const char **te, const char **rest)
{
	const char *b = strstr(text, "\nBEGIN "), *tb;
	char fence[64];
	size_t fl;

	if (b == NULL)
		return NULL;
	b += 7;
	fl = strcspn(b, "\n");
	if (fl == 0 || fl >= sizeof fence)
		return NULL;
	snprintf(fence, sizeof fence, "\nEND %.*s", (int)fl, b);
	tb = b + fl + 1;
	if ((*te = strstr(tb - 1, fence)) == NULL)
		return NULL;
	*rest = *te + strlen(fence);
	return tb;
}

/* ---- lg-judge's LongGenBench question, under --lgb-judge ---- */

/*
 * "yes" when every word of the wanted text is in the fenced entry, "no"
 * when one is not, NULL when text is not the question.
 */
static char *
lgbjudge_answer(const char *text)
{
	static const char q[] = "\nQuestion: does this entry include ";
	const char *tb, *te, *rest, *w, *we;

	if (!S.lgb_judge || (w = strstr(text, q)) == NULL ||
	    (tb = fenced(text, &te, &rest)) == NULL || rest > w)
		return NULL;
	w += sizeof q - 1;
	we = w + strcspn(w, "\n");
	while (we > w && we[-1] == '?')
		we--;
	while (w < we) {
		const char *p;
		size_t n = 0, i;
		int found = 0;

		while (w < we && !isalnum((unsigned char)*w))
			w++;
		while (w + n < we && isalnum((unsigned char)w[n]))
			n++;
		if (n == 0)
			break;
		for (p = tb; !found && p + n <= te; p++)
			for (i = 0, found = 1; found && i < n; i++)
				found = tolower((unsigned char)p[i]) ==
				    tolower((unsigned char)w[i]);
		if (!found)
			return xstrdup("no");
		w += n;
	}
	return xstrdup("yes");
}

/* ---- lg-judge's LongWeave rubrics (lwjudge_*) ---- */

/* Is needle in [s, e)?  exact: case counts, save for the first letter. */
static int
lwjudge_has(const char *s, const char *e, const char *n, size_t nl, int exact)
{
	const char *p;

	if (nl == 0)
		return 0;
	for (p = s; p + nl <= e; p++) {
		if (exact ? (tolower((unsigned char)*p) == tolower((unsigned char)*n) &&
		    strncmp(p + 1, n + 1, nl - 1) == 0) : strncasecmp(p, n, nl) == 0)
			return 1;
	}
	return 0;
}

/* The quoted value after key on line [b, e): up to the last quote. */
static int
lwjudge_value(const char *b, const char *e, const char *key, const char **v,
    size_t *vl)
{
	const char *k = NULL, *p, *q;

	for (p = b; p + strlen(key) <= e; p++)
		if (strncmp(p, key, strlen(key)) == 0) {
			k = p + strlen(key);
			break;
		}
	if (k == NULL)
		return 0;
	for (p = k; p < e && *p != '\n'; p++)
		;
	for (q = p; q > k && q[-1] != '"'; q--)
		;
	if (q <= k)
		return 0;
	*v = k;
	*vl = (size_t)(q - 1 - k);
	return 1;
}

/*
 * The reply to a LongWeave rubric, or NULL when text is none.  biog: a fact
 * is covered when its object is in the text; sr: answered when its first
 * key value is, correct when all are; nw: present when either form is,
 * compliant when the corrected form is and the flawed one is not (or is
 * the same text).
 */
static char *
lwjudge_answer(const char *text, uint64_t h)
{
	const char *tb, *te, *rest, *p, *bad;
	char *out;
	int task, n = 0, times = -1;
	cJSON *r, *vs;

	if (strstr(text, "ECHO:") != NULL ||
	    strstr(text, "{\"verdicts\": [{\"item\": 1, \"") == NULL ||
	    (tb = fenced(text, &te, &rest)) == NULL)
		return NULL;
	task = strstr(rest, "\"covered\"") ? 0 : strstr(rest, "\"answered\"") ? 1 : 2;
	if ((bad = strstr(text, "JUDGEBAD:")) != NULL) {
		const char *st = strchr(bad, '*');

		if (st != NULL && st - bad < 20)
			times = atoi(st + 1);
		if (times < 0 || seen(h ^ 0x6a756467ULL) <= times) {
			if (strncmp(bad + 9, "garbage", 7) == 0)
				return xstrdup("All of them are covered, I think.");
		} else
			bad = NULL;
	}
	r = cJSON_CreateObject();
	vs = cJSON_AddArrayToObject(r, "verdicts");
	for (p = rest; (p = strstr(p, "\n[")) != NULL; ) {
		const char *e = p + 1, *v, *w;
		size_t vl, wl;
		cJSON *it;
		int a = 0, c = 0;

		/* the item: its line and the indented lines after it */
		while ((e = strchr(e, '\n')) != NULL && e[1] == ' ')
			e++;
		if (e == NULL)
			e = p + strlen(p);
		p++;
		if (!(p[1] >= '0' && p[1] <= '9'))
			continue;
		it = cJSON_CreateObject();
		cJSON_AddNumberToObject(it, "item", atoi(p + 1));
		if (task == 0) {
			a = lwjudge_value(p, e, "object \"", &v, &vl) &&
			    (w = memchr(v, '"', vl + 1)) != NULL &&
			    lwjudge_has(tb, te, v, (size_t)(w - v), 0);
			cJSON_AddBoolToObject(it, "covered", a);
		} else if (task == 1) {
			const char *k = strstr(p, "key values:");

			c = 1;
			for (k = k && k < e ? k + 11 : e; k < e && (k = memchr(k, '"',
			    (size_t)(e - k))) != NULL; k = w + 1) {
				if ((w = memchr(k + 1, '"', (size_t)(e - k - 1))) == NULL)
					break;
				if (lwjudge_has(tb, te, k + 1, (size_t)(w - k - 1), 0)) {
					if (k == strstr(p, "key values:") + 12)
						a = 1;
				} else
					c = 0;
			}
			cJSON_AddBoolToObject(it, "answered", a);
			cJSON_AddBoolToObject(it, "correct", a && c);
		} else {
			int fx = lwjudge_value(p, e, "corrected form: \"", &v, &vl) &&
			    lwjudge_has(tb, te, v, vl, 1);
			int fw = lwjudge_value(p, e, "flawed form: \"", &w, &wl) &&
			    lwjudge_has(tb, te, w, wl, 1);

			/* two forms alike: found is compliant */
			int same = fx && fw && vl == wl && strncmp(v, w, vl) == 0;

			cJSON_AddBoolToObject(it, "present", fx || fw);
			cJSON_AddBoolToObject(it, "compliant", fx && (!fw || same));
		}
		cJSON_AddItemToArray(vs, it);
		n++;
	}
	if (bad != NULL && strncmp(bad + 9, "partial", 7) == 0 && n > 0)
		cJSON_DeleteItemFromArray(vs, n - 1);
	out = cJSON_PrintUnformatted(r);
	cJSON_Delete(r);
	if (bad != NULL && strncmp(bad + 9, "fenced", 6) == 0) {
		char *f = xasprintf("```json\n%s\n```\n", out);

		free(out);
		out = f;
	}
	return out;
}

/* The rest of the first line that starts with "SAY:", or NULL. */
static char *
say_answer(const char *text)
{
	const char *p = text, *j;

	while ((j = strstr(p, "SAY:")) != NULL) {
		if (j == text || j[-1] == '\n') {
			j += 4;
			if (*j == ' ')
				j++;
			return xstrndup(j, strcspn(j, "\n"));
		}
		p = j + 4;
	}
	return NULL;
}

/* The bytes spelt by the hex digits after the first "SAYHEX_", or NULL. */
static char *
sayhex_answer(const char *text)
{
	const char *j = strstr(text, "SAYHEX_"), *p;
	struct buf b = { 0 };

	if (j == NULL)
		return NULL;
	for (p = j + 7; isxdigit((unsigned char)p[0]) &&
	    isxdigit((unsigned char)p[1]); p += 2) {
		char h[3] = { p[0], p[1], 0 };

		buf_putc(&b, (char)strtol(h, NULL, 16));
	}
	buf_putc(&b, '\0');
	return buf_take(&b);
}

/* The first user message of a chat request (borrowed), or NULL. */
static const char *
first_user(const cJSON *req)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, cJSON_GetObjectItemCaseSensitive(req, "messages")) {
		const char *role = cJSON_GetStringValue(
		    cJSON_GetObjectItemCaseSensitive(m, "role"));

		if (role != NULL && strcmp(role, "user") == 0)
			return cJSON_GetStringValue(
			    cJSON_GetObjectItemCaseSensitive(m, "content"));
	}
	return NULL;
}

static FILE *recordf;	/* --record: the request bodies */

static char *
make_words(const char *hex, long n)
{
	struct buf b = { 0 };
	long i;

	buf_printf(&b, "echo %.8s", hex);
	for (i = 0; i < n; i++)
		buf_printf(&b, " %s", wordlist[i % (long)(sizeof wordlist / sizeof *wordlist)]);
	return buf_take(&b);
}

/* Cut at the first stop string; 1 when cut. */
static int
apply_stop(char *s, const cJSON *stop)
{
	char *best = NULL;
	const cJSON *x;

	if (cJSON_IsString(stop)) {
		best = *stop->valuestring ? strstr(s, stop->valuestring) : NULL;
	} else {
		cJSON_ArrayForEach(x, stop) {
			char *p;

			if (!cJSON_IsString(x) || !*x->valuestring)
				continue;
			p = strstr(s, x->valuestring);
			if (p != NULL && (best == NULL || p < best))
				best = p;
		}
	}
	if (best == NULL)
		return 0;
	*best = '\0';
	return 1;
}

/* Keep the first n words; 1 when cut. */
static int
apply_max(char *s, long n)
{
	char *p = s;
	long k = 0;

	while (*p) {
		while (*p == ' ' || *p == '\n')
			p++;
		if (!*p)
			break;
		if (k == n) {
			while (p > s && (p[-1] == ' ' || p[-1] == '\n'))
				p--;
			*p = '\0';
			return 1;
		}
		k++;
		while (*p && *p != ' ' && *p != '\n')
			p++;
	}
	return 0;
}

static const char *
reason_of(int status)
{
	switch (status) {
	case 400: return "Bad Request";
	case 401: return "Unauthorized";
	case 404: return "Not Found";
	case 408: return "Request Timeout";
	case 413: return "Payload Too Large";
	case 429: return "Too Many Requests";
	case 500: return "Internal Server Error";
	case 503: return "Service Unavailable";
	}
	return "Error";
}

/* The fault for this request: from a FAULT: mark, or drawn, or "-". */
static char *
pick_fault(const char *text, uint64_t h)
{
	const char *f = strstr(text, "FAULT:");

	if (f != NULL) {
		const char *k = f + 6, *e = k;
		long times = -1;

		while ((*e >= 'a' && *e <= 'z') || (*e >= '0' && *e <= '9'))
			e++;
		if (*e == '*')
			times = strtol(e + 1, NULL, 10);
		if (times < 0 || seen(h) <= times)
			return xstrndup(k, (size_t)(e - k));
		return xstrdup("-");
	}
	if (S.fault_rate > 0 && S.nfaults > 0 && rng_random(&S.rng) < S.fault_rate)
		return xstrdup(S.faults[rng_below(&S.rng, S.nfaults)]);
	return xstrdup("-");
}

static const char *
auth_state(const char *auth)
{
	if (auth == NULL)
		return "nokey";
	if (S.key != NULL && strncmp(auth, "Bearer ", 7) == 0 &&
	    strcmp(auth + 7, S.key) == 0)
		return "key";
	return "badkey";
}

static void
logline(const char *path, const char *fault, int status, const char *hex,
    const char *auth)
{
	if (S.log == NULL)
		return;
	fprintf(S.log, "%ld %.3f %s %s %d %.8s %s\n", S.nreq, mono_now() - S.t0, path,
	    fault, status, hex, auth);
	fflush(S.log);
}

/*
 * ---- Prompt log-probabilities (echo with logprobs on /v1/completions) ----
 *
 * A request to /v1/completions with "echo": true and "logprobs" gets the
 * prompt back with a log-probability for each of its tokens, as vLLM
 * serves them: choices[0].logprobs with tokens, token_logprobs (null for
 * the first), text_offset (in characters) and top_logprobs, then one
 * generated token (" the") unless max_tokens is 0.  The faults cut,
 * malformed and stall (half the body, then --stall seconds of silence)
 * apply to these replies too.  A token is a word with the blanks before
 * it.  --logprobs MODE says how likely each is:
 *   ngram  (default) -0.1 when the word ends 4 words seen in a row in the
 *          --ref text (a file, or the regular files of a directory),
 *          -6 when not, -1 for the first three words: the text as the
 *          reference has it is the most likely;
 *   flat   -1 for every token: every text is as likely as any other;
 *   none   no prompt log-probabilities, only the generated token's (as
 *          servers without prompt log-probabilities answer).
 * --stale-echo answers every such request as it answered the first: the
 * first prompt echoed, with its log-probabilities, whatever was asked (a
 * cache that ignores the prompt, a proxy that drops echo).
 */
#include <dirent.h>

enum { LP_NGRAM, LP_FLAT, LP_NONE };

static struct {
	int mode;
	uint64_t *set;		/* open addressing; 0 is empty */
	size_t cap, n;
} LP;

static uint64_t
lp_hash(const char *const *w, const size_t *wl, int k)
{
	uint64_t h = 1469598103934665603ULL;
	int i;
	size_t j;

	for (i = 0; i < k; i++) {
		for (j = 0; j < wl[i]; j++)
			h = (h ^ (unsigned char)w[i][j]) * 1099511628211ULL;
		h = (h ^ 1) * 1099511628211ULL;
	}
	return h ? h : 1;
}

static int
lp_has(uint64_t h)
{
	size_t i;

	if (LP.cap == 0)
		return 0;
	for (i = h & (LP.cap - 1); LP.set[i] != 0; i = (i + 1) & (LP.cap - 1))
		if (LP.set[i] == h)
			return 1;
	return 0;
}

static void
lp_add(uint64_t h)
{
	size_t i;

	if (2 * (LP.n + 1) > LP.cap) {
		uint64_t *old = LP.set;
		size_t oc = LP.cap;

		LP.cap = oc ? 2 * oc : 1024;
		LP.set = xcalloc(LP.cap, sizeof *LP.set);
		LP.n = 0;
		for (i = 0; i < oc; i++)
			if (old[i] != 0)
				lp_add(old[i]);
		free(old);
	}
	if (lp_has(h))
		return;
	for (i = h & (LP.cap - 1); LP.set[i] != 0; i = (i + 1) & (LP.cap - 1))
		;
	LP.set[i] = h;
	LP.n++;
}

/*
 * Walk the words of s: for each, *ends (when not NULL) gets whether it
 * ends a 4-gram of the set, or the 4-grams are added (ends NULL).
 * Returns the number of words.
 */
static size_t
lp_words(const char *s, size_t len, unsigned char *ends)
{
	const char *w[4];
	size_t wl[4], n = 0, i = 0;

	while (i < len) {
		size_t st;

		while (i < len && strchr(" \t\r\n\f\v", s[i]) != NULL)
			i++;
		if (i >= len)
			break;
		st = i;
		while (i < len && strchr(" \t\r\n\f\v", s[i]) == NULL)
			i++;
		memmove(w, w + 1, 3 * sizeof *w);
		memmove(wl, wl + 1, 3 * sizeof *wl);
		w[3] = s + st;
		wl[3] = i - st;
		if (n >= 3) {
			uint64_t h = lp_hash(w, wl, 4);

			if (ends != NULL)
				ends[n] = (unsigned char)lp_has(h);
			else
				lp_add(h);
		} else if (ends != NULL) {
			ends[n] = 2;
		}
		n++;
	}
	return n;
}

static void
lp_load(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	size_t len;
	char *s;

	if (d == NULL) {
		if ((s = file_read(path, &len)) == NULL)
			die("cannot read the --ref text");
		lp_words(s, len, NULL);
		free(s);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		char *p;

		if (e->d_name[0] == '.')
			continue;
		p = xasprintf("%s/%s", path, e->d_name);
		if ((s = file_read(p, &len)) != NULL) {
			lp_words(s, len, NULL);
			free(s);
		}
		free(p);
	}
	closedir(d);
}

static int
lp_wanted(const cJSON *req, int chat)
{
	return !chat && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "echo")) &&
	    cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(req, "logprobs"));
}

static void
lp_token(cJSON *lp, const char *tok, size_t n, double v, int first, double off)
{
	char *t = xstrndup(tok, n);
	cJSON *top;

	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(lp, "tokens"),
	    cJSON_CreateString(t));
	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(lp,
	    "token_logprobs"), first ? cJSON_CreateNull() : cJSON_CreateNumber(v));
	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(lp, "text_offset"),
	    cJSON_CreateNumber(off));
	if (first) {
		top = cJSON_CreateNull();
	} else {
		top = cJSON_CreateObject();
		cJSON_AddNumberToObject(top, t, v);
	}
	cJSON_AddItemToArray(cJSON_GetObjectItemCaseSensitive(lp, "top_logprobs"),
	    top);
	free(t);
}

/* The reply to an echo-with-logprobs request for prompt text. */
static void
lp_reply(conn *c, const cJSON *req, const char *text, const char *model,
    const char *fault)
{
	size_t len = strlen(text), nw = 0, i = 0, k;
	unsigned char *ends = xcalloc(len + 1, 1);
	const cJSON *mt = cJSON_GetObjectItemCaseSensitive(req, "max_tokens");
	int gen = !(cJSON_IsNumber(mt) && mt->valuedouble == 0);
	double chars = 0;
	cJSON *j, *c0, *lp, *u;
	char *s, *full;
	long ptok = 0;

	lp_words(text, len, ends);
	j = cJSON_CreateObject();
	cJSON_AddStringToObject(j, "id", "fake-1");
	cJSON_AddStringToObject(j, "object", "text_completion");
	cJSON_AddNumberToObject(j, "created", 0);
	cJSON_AddStringToObject(j, "model", model);
	c0 = cJSON_CreateObject();
	cJSON_AddItemToArray(cJSON_AddArrayToObject(j, "choices"), c0);
	cJSON_AddNumberToObject(c0, "index", 0);
	full = xasprintf("%s%s", text, gen ? " the" : "");
	cJSON_AddStringToObject(c0, "text", full);
	free(full);
	lp = cJSON_AddObjectToObject(c0, "logprobs");
	cJSON_AddArrayToObject(lp, "tokens");
	cJSON_AddArrayToObject(lp, "token_logprobs");
	cJSON_AddArrayToObject(lp, "top_logprobs");
	cJSON_AddArrayToObject(lp, "text_offset");
	while (i < len) {
		size_t st = i;
		double off = chars;

		while (i < len && strchr(" \t\r\n\f\v", text[i]) != NULL)
			i++;
		while (i < len && strchr(" \t\r\n\f\v", text[i]) == NULL)
			i++;
		for (k = st; k < i; k++)
			chars += ((unsigned char)text[k] & 0xc0) != 0x80;
		if (LP.mode != LP_NONE)
			lp_token(lp, text + st, i - st, LP.mode == LP_FLAT ? -1 :
			    ends[nw] == 2 ? -1 : ends[nw] ? -0.1 : -6, ptok == 0, off);
		ptok++;
		nw++;
	}
	if (gen)
		lp_token(lp, " the", 4, -1.5, 0, chars);
	cJSON_AddStringToObject(c0, "finish_reason", "length");
	u = cJSON_AddObjectToObject(j, "usage");
	cJSON_AddNumberToObject(u, "prompt_tokens", (double)ptok);
	cJSON_AddNumberToObject(u, "completion_tokens", gen);
	cJSON_AddNumberToObject(u, "total_tokens", (double)ptok + gen);
	s = print_json(j);
	cJSON_Delete(j);
	free(ends);
	len = strlen(s);
	if (strcmp(fault, "malformed") == 0)
		len = len / 3;
	buf_printf(&c->out, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
	    "Content-Length: %zu\r\n\r\n", len);
	if (strcmp(fault, "cut") == 0) {
		buf_add(&c->out, s, len / 2);
		c->after = CLOSE;
	} else if (strcmp(fault, "stall") == 0) {
		/* half the body, then nothing for --stall seconds */
		buf_add(&c->out, s, len / 2);
		add_seg(c, 0);
		add_seg(c, S.stall);
		c->after = CLOSE;
	} else {
		buf_add(&c->out, s, len);
	}
	free(s);
}

/* --stale-echo: the prompt to echo, the first one asked once there is one. */
static int stale_echo;
static char *stale_text;

static const char *
stale_prompt(const char *text)
{
	if (!stale_echo)
		return text;
	if (stale_text == NULL)
		stale_text = xstrdup(text);
	return stale_text;
}

static void
api(conn *c, const char *path, const char *body, size_t len, const char *auth)
{
	int chat = strcmp(path, "/v1/chat/completions") == 0;
	cJSON *req = cJSON_ParseWithLength(body, len);
	char *text, hex[65], *fault;
	answer a = { 0 };
	uint64_t h = 0;
	const cJSON *so, *mt;
	const char *bm;
	int status = 200, i;
	const char *as = auth_state(auth);

	if (recordf != NULL) {
		fwrite(body, 1, len, recordf);
		fputc('\n', recordf);
		fflush(recordf);
	}
	if (S.key != NULL && strcmp(as, "key") != 0) {
		/* like hosted APIs, name the key that was sent */
		char *m = xasprintf("invalid API key: %s", auth && strlen(auth) > 7 ?
		    auth + 7 : "none");

		error_reply(c, 401, reason_of(401), m, NULL);
		free(m);
		logline(path, "-", 401, "-", as);
		cJSON_Delete(req);
		return;
	}
	if (!cJSON_IsObject(req) || (chat && !cJSON_IsArray(
	    cJSON_GetObjectItemCaseSensitive(req, "messages"))) ||
	    (!chat && !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(req, "prompt")))) {
		error_reply(c, 400, reason_of(400), "bad request body", NULL);
		logline(path, "-", 400, "-", as);
		cJSON_Delete(req);
		return;
	}
	if (S.model != NULL && strcmp(str_or(cJSON_GetObjectItemCaseSensitive(req,
	    "model"), ""), S.model) != 0) {
		/* as hosted APIs word it */
		char *m = xasprintf("The model `%s` does not exist or you do not "
		    "have access to it.", str_or(cJSON_GetObjectItemCaseSensitive(req,
		    "model"), ""));

		error_reply(c, 404, reason_of(404), m, NULL);
		free(m);
		logline(path, "-", 404, "-", as);
		cJSON_Delete(req);
		return;
	}
	text = prompt_text(req, chat);
	sha256_hex(text, strlen(text), hex);
	for (i = 0; i < 8; i++)
		h = h << 8 | (uint64_t)(unsigned char)hex[i];
	fault = pick_fault(text, h ^ (uint64_t)strlen(text) << 32);
	a.chat = chat;
	a.model = str_or(cJSON_GetObjectItemCaseSensitive(req, "model"), "fake");
	a.stream = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(req, "stream"));
	so = cJSON_GetObjectItemCaseSensitive(req, "stream_options");
	a.usage = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(so, "include_usage"));

	if (strcmp(fault, "reset") == 0) {
		c->after = RESET;
		status = 0;
	} else if (lp_wanted(req, chat) && (strcmp(fault, "-") == 0 ||
	    strcmp(fault, "cut") == 0 || strcmp(fault, "malformed") == 0 ||
	    strcmp(fault, "stall") == 0)) {
		if (S.delay > 0)	/* --delay-ms holds these replies too */
			add_seg(c, S.delay);
		lp_reply(c, req, stale_prompt(text), a.model, fault);
	} else if (strcmp(fault, "-") == 0 && strstr(text, "ENDLESS:") != NULL) {
		endless(c, chat, a.stream);
	} else if (!strcmp(fault, "429") || !strcmp(fault, "408") ||
	    !strcmp(fault, "500") || !strcmp(fault, "503") ||
	    !strcmp(fault, "400") || !strcmp(fault, "401")) {
		char extra[64] = "";

		status = atoi(fault);
		if (status == 429)
			snprintf(extra, sizeof extra, "Retry-After: %d\r\n",
			    S.retry_after);
		error_reply(c, status, reason_of(status), "injected fault", extra);
	} else {
		const char *wm = strstr(text, "WORDS:");
		long nw = wm ? strtol(wm + 6, NULL, 10) : S.words;

		const char *q = chat ? first_user(req) : NULL;
		uint64_t hq = h;

		if (q != NULL) {
			char qhex[65];

			sha256_hex(q, strlen(q), qhex);
			for (i = 0, hq = 0; i < 8; i++)
				hq = hq << 8 | (uint64_t)(unsigned char)qhex[i];
		}
		if ((a.content = sayhex_answer(text)) == NULL &&
		    (a.content = lwjudge_answer(q != NULL ? q : text, hq)) == NULL &&
		    (a.content = judge_answer(text, hex)) == NULL &&
		    (a.content = lgbjudge_answer(text)) == NULL &&
		    (a.content = say_answer(text)) == NULL) {
			if (strstr(text, "ECHO:") != NULL)
				a.content = xstrndup(body, len);
			else if (strstr(text, "BADUTF8:") != NULL)
				a.content = xstrdup("bad \xff\xfe bytes");
			else if (strstr(text, "SPLITUTF8:") != NULL)
				a.content = xstrdup("a caf\xc3\xa9 \xe2\x82\xac" "5");
			else if (strstr(text, "NUL:") != NULL)
				a.content = xstrdup("before" NULMARK "after");
			else if ((bm = strstr(text, "BIG:")) != NULL)
				a.content = make_big(strtol(bm + 4, NULL, 10) < 0 ? 0 :
				    strtol(bm + 4, NULL, 10));
			else
				a.content = make_words(hex, nw < 0 ? 0 : nw);
		}
		if (strstr(text, "THINK:tag") != NULL) {
			char *t = xasprintf("<think>\nthinking about %.8s\n</think>\n\n%s",
			    hex, a.content);

			free(a.content);
			a.content = t;
		} else if (strstr(text, "THINK:field") != NULL) {
			a.reasoning = xasprintf("thinking about %.8s", hex);
		}
		if (strstr(text, "SAYKEY:") != NULL) {
			const char *k = auth && strncmp(auth, "Bearer ", 7) == 0 ?
			    auth + 7 : "";
			size_t kl = strlen(k);
			char *t = xasprintf("%s; your key is %s; it starts %.10s...; "
			    "it ends sk-...%s", a.content, k, k, kl > 4 ? k + kl - 4 : k);

			free(a.content);
			a.content = t;
			free(a.reasoning);
			a.reasoning = xasprintf("the key was %s (%.8s...)", k, k);
		}
		a.finish = "stop";
		mt = cJSON_GetObjectItemCaseSensitive(req, "max_tokens");
		if (strstr(text, "ECHO:") != NULL) {
			/* the request as it came, uncut */
		} else if (apply_stop(a.content,
		    cJSON_GetObjectItemCaseSensitive(req, "stop"))) {
			a.finish = "stop";
		} else if (cJSON_IsNumber(mt) &&
		    apply_max(a.content, (long)mt->valuedouble)) {
			a.finish = "length";
		}
		a.ptok = (long)count_words(text, strlen(text));
		a.ctok = (long)count_words(a.content, strlen(a.content));
		if (a.reasoning != NULL)
			a.ctok += (long)count_words(a.reasoning, strlen(a.reasoning));
		if (strcmp(fault, "malformed") == 0)
			a.bad = xstrdup(a.stream ?
			    "data: {\"choices\":[{\"delta\":{\"content\":\"oops\n\n" :
			    "{\"choices\":[{\"message\":{\"content\":");
		if (S.delay > 0 && strcmp(fault, "drip") != 0)
			add_seg(c, S.delay);
		a.split = strstr(text, "SPLITUTF8:") != NULL;
		if (strcmp(fault, "otherkind") == 0)
			a.chat = !a.chat;	/* the other endpoint's reply */
		if (strncmp(fault, "inband", 6) == 0)
			inband(c, &a, fault);
		else if (strcmp(fault, "nochoice") == 0 ||
		    strcmp(fault, "twochoice") == 0)
			odd(c, &a, fault);
		else if (a.stream)
			streamed(c, &a, fault);
		else
			whole(c, &a, fault);
	}
	logline(path, fault, status, hex, as);
	free(a.content);
	free(a.reasoning);
	free(a.bad);
	free(fault);
	free(text);
	cJSON_Delete(req);
}

/*
 * ---- --batch-file IN: a batch answered offline ----
 * Each line of IN ({"custom_id":ID,"method":"POST","url":U,"body":B}) is
 * answered as a request to U with the body B, as B's bytes are on the
 * line (api(); --record gets them), and its output line goes to stdout:
 *   {"id":"batch_req_N","custom_id":ID,"response":{"status_code":S,
 *    "request_id":"req_N","body":REPLY},"error":null}
 * REPLY is the reply's JSON, or a string when it is not JSON (FAULT:cut,
 * malformed); a request the server hangs up on (FAULT:reset, stall) gets
 * "response":null and an "error" object, as OpenAI writes a request the
 * batch could not run.  A line that is not such a request ends the run.
 */
static const char *batch_in;

static const jsonscan_member *
batch_member(const char *s, const jsonscan_member *m, size_t n, const char *k)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (m[i].kend - m[i].kstart == strlen(k) + 2 &&
		    memcmp(s + m[i].kstart + 1, k, strlen(k)) == 0)
			return &m[i];
	return NULL;
}

/* The output line of request n, whose answer api() put in c->out. */
static int
batch_out(FILE *out, long n, const char *cid, size_t cidlen, const conn *c)
{
	const char *o = c->out.s, *b = o ? strstr(o, "\r\n\r\n") : NULL;
	int status = 0;
	cJSON *j;

	fprintf(out, "{\"id\":\"batch_req_%ld\",\"custom_id\":%.*s,", n, (int)cidlen, cid);
	if (c->after == RESET || b == NULL || c->out.len == (size_t)(b + 4 - o) ||
	    sscanf(o, "HTTP/1.1 %d", &status) != 1) {
		fprintf(out, "\"response\":null,\"error\":{\"code\":\"server_error\","
		    "\"message\":\"the server hung up\"}}\n");
		return 0;
	}
	b += 4;
	fprintf(out, "\"response\":{\"status_code\":%d,\"request_id\":\"req_%ld\","
	    "\"body\":", status, n);
	if ((j = cJSON_ParseWithLength(b, c->out.len - (size_t)(b - o))) != NULL) {
		fwrite(b, 1, c->out.len - (size_t)(b - o), out);
	} else {
		char *t = xstrndup(b, c->out.len - (size_t)(b - o));

		j = cJSON_CreateString(t);
		free(t);
		t = cJSON_PrintUnformatted(j);
		fputs(t, out);
		free(t);
	}
	cJSON_Delete(j);
	fprintf(out, "},\"error\":null}\n");
	return status;
}

/*
 * Line k of a batch (line, len bytes) answered, its output line to out,
 * with the Authorization header auth; its HTTP status (0: hung up), -1
 * when it is not a request.
 */
static int
batch_line(FILE *out, const char *line, size_t len, long k, const char *auth)
{
	static jsonscan_member *m;
	static size_t mcap;
	size_t n, at;
	const jsonscan_member *id, *url, *body;
	int isobj, st;
	char *u;
	conn c;

	if (line == NULL) {	/* the end: free what is kept */
		free(m);
		m = NULL;
		return 0;
	}
	memset(&c, 0, sizeof c);
	c.fd = -1;
	if (jsonscan(line, len, &isobj, &m, &n, &mcap, &at) !=
	    JSONSCAN_OK || !isobj ||
	    (id = batch_member(line, m, n, "custom_id")) == NULL ||
	    (url = batch_member(line, m, n, "url")) == NULL ||
	    (body = batch_member(line, m, n, "body")) == NULL)
		return -1;
	u = xstrndup(line + url->vstart + 1, url->vend - url->vstart - 2);
	begin(&c);
	api(&c, u, line + body->vstart, body->vend - body->vstart, auth);
	st = batch_out(out, k, line + id->vstart, id->vend - id->vstart, &c);
	free(u);
	buf_free(&c.out);
	buf_free(&c.in);
	free(c.segs);
	return st;
}

static int
batch_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t len;
	long k = 0;

	if (f == NULL)
		die("cannot open the batch file");
	while ((len = getline(&line, &cap, f)) > 0)
		if (batch_line(stdout, line, (size_t)len, ++k, NULL) < 0)
			die("a batch line is not a request");
	batch_line(NULL, NULL, 0, 0, NULL);
	free(line);
	fclose(f);
	if (recordf != NULL)
		fclose(recordf);
	return fflush(stdout) == 0 ? 0 : 1;
}

/*
 * ---- The Files and Batches endpoints (--batch-mode) ----
 * POST /v1/files (multipart: purpose "batch" and the file) keeps the file
 * as file-N; POST /v1/batches makes batch_N of it; each GET
 * /v1/batches/ID moves it one step: validating, in_progress (half its
 * requests counted done), finalizing, then its end, when its requests are
 * answered as --batch-file answers them (api(), with the Authorization
 * of the request that made the batch): lines with a 2xx status go to the
 * output file, the others to the error file, as OpenAI splits them; GET
 * /v1/files/ID/content gives a file.  --batch-mode: ok (the default),
 * fail (the batch fails at validation, with errors), expire (it expires
 * after its first request: the others have no line), cancel (it is
 * cancelled before any request is run), partial (every
 * second request fails with "response":null in the error file), busy
 * (the first poll of a batch gets a 503 with Retry-After), cut (the first
 * download of each file stops halfway, the connection closed), stall (it
 * stops halfway, the connection kept open), none (no such endpoints: 404).
 */
#define NBATCH 64

typedef struct {
	struct buf data;
} bfile;

typedef struct {
	size_t in;		/* the input file's index */
	int step;
	char *auth;
	long total;
	long out, err;		/* file indexes, -1: none */
	int busy;		/* --batch-mode busy: its 503 sent */
} bbatch;

static bfile bfiles[NBATCH];
static int bcut[NBATCH];	/* --batch-mode cut: the file's first download
				 * was cut */
static size_t nbfiles;
static bbatch bbatches[NBATCH];
static size_t nbbatches;
static const char *batch_mode = "ok";

static long
batch_index(const char *s, const char *prefix, size_t n)
{
	size_t pl = strlen(prefix);
	char *end;
	long k;

	if (strncmp(s, prefix, pl) != 0)
		return -1;
	k = strtol(s + pl, &end, 10);
	return end != s + pl && (*end == '\0' || *end == '/') && k >= 0 &&
	    (size_t)k < n ? k : -1;
}

static void
batch_reply(conn *c, const char *path, const char *auth, cJSON *j)
{
	char *t = cJSON_PrintUnformatted(j);

	plain(c, 200, "OK", NULL, "application/json", t, strlen(t));
	logline(path, "-", 200, "-", auth_state(auth));
	free(t);
	cJSON_Delete(j);
}

static void
batch_refuse(conn *c, const char *path, const char *auth, int st,
    const char *msg)
{
	error_reply(c, st, reason_of(st), msg, NULL);
	logline(path, "-", st, "-", auth_state(auth));
}

/* POST /v1/files: the part named "file" of a multipart body. */
static void
files_post(conn *c, const char *path, const char *body, size_t len,
    const char *auth)
{
	const char *e = memmem(body, len, "\r\n", 2), *p, *q, *h;
	char *delim;
	int purpose = 0, got = 0;
	bfile *f = &bfiles[nbfiles];

	if (nbfiles == NBATCH || e == NULL || len < 2 || body[0] != '-') {
		batch_refuse(c, path, auth, 400, "not a multipart form");
		return;
	}
	delim = xasprintf("\r\n%.*s", (int)(e - body), body);
	for (p = e + 2; (h = memmem(p, len - (size_t)(p - body), "\r\n\r\n",
	    4)) != NULL; p = q + strlen(delim) + 2) {
		if ((q = memmem(h + 4, len - (size_t)(h + 4 - body), delim,
		    strlen(delim))) == NULL)
			break;
		if (memmem(p, (size_t)(h - p), "name=\"file\"", 11) != NULL) {
			buf_add(&f->data, h + 4, (size_t)(q - h - 4));
			got = 1;
		} else if (memmem(p, (size_t)(h - p), "name=\"purpose\"", 14) &&
		    q - h - 4 == 5 && memcmp(h + 4, "batch", 5) == 0) {
			purpose = 1;
		}
	}
	free(delim);
	if (!got || !purpose) {
		buf_free(&f->data);
		batch_refuse(c, path, auth, 400, got ? "purpose is not batch" :
		    "no file");
		return;
	}
	{
		cJSON *j = cJSON_CreateObject();
		char id[32];

		snprintf(id, sizeof id, "file-%zu", nbfiles++);
		cJSON_AddStringToObject(j, "id", id);
		cJSON_AddStringToObject(j, "object", "file");
		cJSON_AddNumberToObject(j, "bytes", (double)f->data.len);
		cJSON_AddStringToObject(j, "purpose", "batch");
		batch_reply(c, path, auth, j);
	}
}

static long
batch_lines(const bfile *f)
{
	long n = 0;
	size_t i;

	for (i = 0; i < f->data.len; i++)
		n += f->data.s[i] == '\n';
	return n;
}

static const char *
batch_status(const bbatch *b)
{
	static const char *const steps[] = { "validating", "validating",
	    "in_progress", "finalizing" };

	if (strcmp(batch_mode, "fail") == 0 && b->step >= 1)
		return "failed";
	if (b->step < 4)
		return steps[b->step];
	return strcmp(batch_mode, "expire") == 0 ? "expired" :
	    strcmp(batch_mode, "cancel") == 0 ? "cancelled" : "completed";
}

/* A new file of the lines in m, or -1 when it is empty. */
static long
batch_keep(struct buf *m)
{
	if (m->len == 0 || nbfiles == NBATCH) {
		buf_free(m);
		return -1;
	}
	bfiles[nbfiles].data = *m;
	memset(m, 0, sizeof *m);
	return (long)nbfiles++;
}

/* The line of request k that was not run; 0. */
static int
batch_unrun(FILE *m, const char *line, size_t len, long k)
{
	cJSON *j = cJSON_ParseWithLength(line, len);
	char *cid = cJSON_PrintUnformatted(cJSON_GetObjectItem(j,
	    "custom_id"));

	fprintf(m, "{\"id\":\"batch_req_%ld\",\"custom_id\":%s,"
	    "\"response\":null,\"error\":{\"code\":\"server_error\","
	    "\"message\":\"this request was not run\"}}\n", k,
	    cid ? cid : "null");
	free(cid);
	cJSON_Delete(j);
	return 0;
}

/* Answer the batch's requests into its output and error files. */
static void
batch_run(bbatch *b)
{
	const struct buf *in = &bfiles[b->in].data;
	struct buf ok = { 0 }, bad = { 0 };
	const char *p = in->s, *e;
	long k = 0;

	while (p != NULL && p < in->s + in->len &&
	    (e = memchr(p, '\n', (size_t)(in->s + in->len - p))) != NULL) {
		char *t = NULL;
		size_t tl = 0;
		FILE *m = open_memstream(&t, &tl);
		int st = 200;

		k++;
		if ((strcmp(batch_mode, "expire") == 0 && k > 1) ||
		    strcmp(batch_mode, "cancel") == 0)
			st = -2;
		else if (strcmp(batch_mode, "partial") == 0 && k % 2 == 0)
			st = batch_unrun(m, p, (size_t)(e - p), k);
		else
			st = batch_line(m, p, (size_t)(e - p), k, b->auth);
		fclose(m);
		if (st >= 200 && st <= 299)
			buf_add(&ok, t, tl);
		else if (st != -2)
			buf_add(&bad, t, tl);
		free(t);
		p = e + 1;
	}
	b->out = batch_keep(&ok);
	b->err = batch_keep(&bad);
}

static cJSON *
batch_json(size_t k)
{
	bbatch *b = &bbatches[k];
	cJSON *j = cJSON_CreateObject(), *n;
	const char *st = batch_status(b);
	char id[32];
	int end = strcmp(st, "completed") == 0 || strcmp(st, "expired") == 0 ||
	    strcmp(st, "cancelled") == 0;

	snprintf(id, sizeof id, "batch_%zu", k);
	cJSON_AddStringToObject(j, "id", id);
	cJSON_AddStringToObject(j, "object", "batch");
	cJSON_AddStringToObject(j, "status", st);
	snprintf(id, sizeof id, "file-%zu", b->in);
	cJSON_AddStringToObject(j, "input_file_id", id);
	n = cJSON_AddObjectToObject(j, "request_counts");
	cJSON_AddNumberToObject(n, "total", (double)b->total);
	cJSON_AddNumberToObject(n, "completed", (double)(end ||
	    strcmp(st, "finalizing") == 0 ? b->total :
	    strcmp(st, "in_progress") == 0 ? b->total / 2 : 0));
	cJSON_AddNumberToObject(n, "failed", 0);
	if (end && b->out >= 0) {
		snprintf(id, sizeof id, "file-%ld", b->out);
		cJSON_AddStringToObject(j, "output_file_id", id);
	}
	if (end && b->err >= 0) {
		snprintf(id, sizeof id, "file-%ld", b->err);
		cJSON_AddStringToObject(j, "error_file_id", id);
	}
	if (strcmp(st, "failed") == 0) {
		cJSON *e = cJSON_AddArrayToObject(cJSON_AddObjectToObject(j,
		    "errors"), "data"), *x = cJSON_CreateObject();

		cJSON_AddStringToObject(x, "code", "invalid_request");
		cJSON_AddStringToObject(x, "message", "the batch was refused "
		    "(fakeapi --batch-mode fail)");
		cJSON_AddNumberToObject(x, "line", 1);
		cJSON_AddItemToArray(e, x);
	}
	return j;
}

static void
batches_post(conn *c, const char *path, const char *body, size_t len,
    const char *auth)
{
	cJSON *q = cJSON_ParseWithLength(body, len);
	const cJSON *f = cJSON_GetObjectItem(q, "input_file_id");
	long in = cJSON_IsString(f) ? batch_index(f->valuestring, "file-",
	    nbfiles) : -1;
	bbatch *b = &bbatches[nbbatches];

	if (in < 0 || nbbatches == NBATCH || !cJSON_IsString(
	    cJSON_GetObjectItem(q, "endpoint")) || !cJSON_IsString(
	    cJSON_GetObjectItem(q, "completion_window"))) {
		batch_refuse(c, path, auth, 400, "no such input file, or no "
		    "endpoint or completion_window");
		cJSON_Delete(q);
		return;
	}
	cJSON_Delete(q);
	b->in = (size_t)in;
	b->total = batch_lines(&bfiles[in]);
	b->auth = auth ? xstrdup(auth) : NULL;
	b->out = b->err = -1;
	batch_reply(c, path, auth, batch_json(nbbatches++));
}

/* The Files and Batches endpoints: 1 when path is one of them. */
static int
batch_api(conn *c, const char *method, const char *path, const char *body,
    size_t len, const char *auth)
{
	long k;

	if (strncmp(path, "/v1/files", 9) != 0 &&
	    strncmp(path, "/v1/batches", 11) != 0)
		return 0;
	if (strcmp(batch_mode, "none") == 0)
		return 0;
	if (S.key != NULL && strcmp(auth_state(auth), "key") != 0) {
		/* as api(): name the key that was sent */
		char *m = xasprintf("invalid API key: %s", auth &&
		    strlen(auth) > 7 ? auth + 7 : "none");

		batch_refuse(c, path, auth, 401, m);
		free(m);
	} else if (strcmp(method, "POST") == 0 && strcmp(path, "/v1/files") == 0)
		files_post(c, path, body, len, auth);
	else if (strcmp(method, "POST") == 0 && strcmp(path, "/v1/batches") == 0)
		batches_post(c, path, body, len, auth);
	else if (strcmp(method, "GET") == 0 &&
	    strncmp(path, "/v1/batches/", 12) == 0 &&
	    (k = batch_index(path + 12, "batch_", nbbatches)) >= 0 &&
	    strchr(path + 12, '/') == NULL) {
		bbatch *b = &bbatches[k];

		if (strcmp(batch_mode, "busy") == 0 && !b->busy) {
			char extra[64];

			b->busy = 1;
			snprintf(extra, sizeof extra, "Retry-After: %d\r\n",
			    S.retry_after);
			error_reply(c, 503, reason_of(503), "busy", extra);
			logline(path, "-", 503, "-", auth_state(auth));
			return 1;
		}
		if (b->step < 4 && strcmp(batch_status(b), "failed") != 0 &&
		    ++b->step == 4)
			batch_run(b);
		batch_reply(c, path, auth, batch_json((size_t)k));
	} else if (strcmp(method, "GET") == 0 &&
	    strncmp(path, "/v1/files/", 10) == 0 &&
	    (k = batch_index(path + 10, "file-", nbfiles)) >= 0 &&
	    strcmp(strchr(path + 10, '/') ? strchr(path + 10, '/') : "",
	    "/content") == 0) {
		const bfile *f = &bfiles[k];

		plain(c, 200, "OK", NULL, "application/jsonl",
		    f->data.s ? f->data.s : "", f->data.len);
		if ((strcmp(batch_mode, "cut") == 0 ||
		    strcmp(batch_mode, "stall") == 0) && !bcut[k] &&
		    f->data.len > 1) {
			/* the headers say the whole, half of it is sent */
			c->out.len -= f->data.len - f->data.len / 2;
			if (strcmp(batch_mode, "cut") == 0)
				c->after = CLOSE;
			bcut[k] = 1;
		}
		logline(path, "-", 200, "-", auth_state(auth));
	} else {
		batch_refuse(c, path, auth, 404, "no such file or batch");
	}
	return 1;
}

static void
batch_free(void)
{
	size_t i;

	for (i = 0; i < nbfiles; i++)
		buf_free(&bfiles[i].data);
	for (i = 0; i < nbbatches; i++)
		free(bbatches[i].auth);
	batch_line(NULL, NULL, 0, 0, NULL);
}

/* ---- HTTP ---- */

static const char *
header(const char *h, size_t hlen, const char *name, size_t *vlen)
{
	size_t nl = strlen(name);
	const char *p = h, *end = h + hlen;

	while (p < end) {
		const char *e = memmem(p, (size_t)(end - p), "\r\n", 2);

		if (e == NULL)
			e = end;
		if ((size_t)(e - p) > nl && p[nl] == ':' &&
		    strncasecmp(p, name, nl) == 0) {
			const char *v = p + nl + 1;

			while (v < e && (*v == ' ' || *v == '\t'))
				v++;
			*vlen = (size_t)(e - v);
			while (*vlen > 0 && (v[*vlen - 1] == ' ' || v[*vlen - 1] == '\t'))
				(*vlen)--;
			return v;
		}
		p = e + 2;
	}
	return NULL;
}

static void
close_conn(conn *c, int rst)
{
	if (rst) {
		struct linger l = { 1, 0 };

		setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
	}
	close(c->fd);
	c->fd = -1;
	buf_free(&c->in);
	buf_free(&c->out);
	free(c->segs);
	c->segs = NULL;
	c->nseg = c->segcap = c->cur = 0;
	c->busy = 0;
}

/* Parse one request if a whole one is buffered; 1 when one was handled. */
static int
parse(conn *c, double t)
{
	char *hend, *sp1, *sp2, *path, *auth = NULL;
	const char *v;
	size_t hlen, vlen, clen = 0, total;
	int keepalive = 1;

	if (c->in.len == 0)
		return 0;
	hend = memmem(c->in.s, c->in.len, "\r\n\r\n", 4);
	if (hend == NULL) {
		if (c->in.len > 65536) {
			begin(c);
			error_reply(c, 400, reason_of(400), "headers too long", NULL);
			c->after = CLOSE;
			go(c, t);
			return 1;
		}
		return 0;
	}
	hlen = (size_t)(hend - c->in.s) + 4;
	if ((v = header(c->in.s, hlen, "Content-Length", &vlen)) != NULL)
		clen = (size_t)strtoull(v, NULL, 10);
	if (clen > MAXBODY) {
		begin(c);
		error_reply(c, 413, reason_of(413), "body too large", NULL);
		c->after = CLOSE;
		go(c, t);
		return 1;
	}
	total = hlen + clen;
	if (c->in.len < total) {
		if (!c->continued && (v = header(c->in.s, hlen, "Expect", &vlen)) &&
		    vlen == 12 && strncasecmp(v, "100-continue", 12) == 0) {
			static const char cont[] = "HTTP/1.1 100 Continue\r\n\r\n";

			if (write(c->fd, cont, sizeof cont - 1) < 0)
				return 0;
			c->continued = 1;
		}
		return 0;
	}
	c->continued = 0;
	c->served++;
	S.nreq++;
	S.last_req = t;
	sp1 = memchr(c->in.s, ' ', hlen);
	sp2 = sp1 ? memchr(sp1 + 1, ' ', hlen - (size_t)(sp1 + 1 - c->in.s)) : NULL;
	begin(c);
	if ((v = header(c->in.s, hlen, "Connection", &vlen)) != NULL &&
	    vlen == 5 && strncasecmp(v, "close", 5) == 0)
		keepalive = 0;
	if ((v = header(c->in.s, hlen, "Authorization", &vlen)) != NULL)
		auth = xstrndup(v, vlen);
	path = sp1 && sp2 ? xstrndup(sp1 + 1, (size_t)(sp2 - sp1 - 1)) : xstrdup("?");
	if (sp1 && strncmp(c->in.s, "POST", 4) == 0 &&
	    (strcmp(path, "/v1/chat/completions") == 0 ||
	    strcmp(path, "/v1/completions") == 0)) {
		api(c, path, c->in.s + hlen, clen, auth);
	} else if (sp1 && batch_api(c, strncmp(c->in.s, "POST", 4) == 0 ?
	    "POST" : strncmp(c->in.s, "GET", 3) == 0 ? "GET" : "?", path,
	    c->in.s + hlen, clen, auth)) {
		/* answered */
	} else if (sp1 && strncmp(c->in.s, "GET", 3) == 0 &&
	    strcmp(path, "/health") == 0) {
		plain(c, 200, "OK", NULL, "text/plain", "ok\n", 3);
		logline(path, "-", 200, "-", auth_state(auth));
	} else {
		error_reply(c, 404, reason_of(404), "no such endpoint", NULL);
		logline(path, "-", 404, "-", auth_state(auth));
	}
	free(path);
	free(auth);
	if ((!keepalive || S.no_keepalive) && c->after == KEEP)
		c->after = CLOSE;
	memmove(c->in.s, c->in.s + total, c->in.len - total);
	c->in.len -= total;
	c->in.s[c->in.len] = '\0';
	go(c, t);
	return 1;
}

/* Send what may go now; 0 when the connection is finished with. */
static int
pump(conn *c, double t)
{
	while (c->busy && t >= c->next) {
		size_t end = c->segs[c->cur].end;

		if (c->sent < end) {
			ssize_t w = send(c->fd, c->out.s + c->sent, end - c->sent,
			    MSG_NOSIGNAL);

			if (w < 0) {
				if (errno == EAGAIN || errno == EWOULDBLOCK)
					return 1;
				return 0;
			}
			c->sent += (size_t)w;
			if (c->sent < end)
				return 1;
		}
		if (++c->cur < c->nseg) {
			c->next = t + c->segs[c->cur].delay;
			continue;
		}
		if (c->endless) {
			refill(c);
			c->next = t;
			return 1;
		}
		c->busy = 0;
		if (c->after != KEEP)
			return 0;
		if (!parse(c, t))
			return 1;
	}
	return 1;
}

static int
listen_on(int port)
{
	struct sockaddr_in sa;
	int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
	int one = 1;

	if (fd < 0)
		die("socket failed");
	setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
	memset(&sa, 0, sizeof sa);
	sa.sin_family = AF_INET;
	sa.sin_port = htons((uint16_t)port);
	sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0)
		die("cannot bind 127.0.0.1");
	if (listen(fd, 1024) < 0)
		die("listen failed");
	return fd;
}

static void
write_port(const char *path, int port)
{
	char *tmp = xasprintf("%s.tmp%ld", path, (long)getpid());
	FILE *f = fopen(tmp, "w");

	if (f == NULL || fprintf(f, "%d\n", port) < 0 || fclose(f) != 0 ||
	    rename(tmp, path) < 0)
		die("cannot write the port file");
	free(tmp);
}

static const char usage_text[] =
"usage: fakeapi [-p PORT] [--port-file FILE] [--log FILE] [--key-file FILE]\n"
"       [--model NAME] [--ref PATH] [--logprobs ngram|flat|none]\n"
"               [--stale-echo]\n"
"               [--record FILE]\n"
"               [--fault-rate F] [--faults LIST] [--seed N]\n"
"               [--retry-after S] [--stall S] [--drip-ms MS] [--delay-ms MS]\n"
"               [--words N] [--idle-exit S] [--max-requests N] [--lifetime S]\n"
"               [--keepalive-ms MS] [--no-keepalive]\n"
"               [--lgb-judge] [--batch-mode MODE]\n"
"       fakeapi --batch-file IN [--record FILE] [--words N]\n";

static double
num(const char *s)
{
	double d;

	if (parse_double(s, &d) < 0 || d < 0)
		die("bad number in an option");
	return d;
}

static void
options(int argc, char **argv, int *port, const char **port_file)
{
	static const struct option lo[] = {
		{ "port-file", required_argument, NULL, 'f' },
		{ "log", required_argument, NULL, 'l' },
		{ "record", required_argument, NULL, 'R' },
		{ "key-file", required_argument, NULL, 'k' },
		{ "model", required_argument, NULL, 'm' },
		{ "fault-rate", required_argument, NULL, 'r' },
		{ "faults", required_argument, NULL, 'F' },
		{ "seed", required_argument, NULL, 's' },
		{ "retry-after", required_argument, NULL, 'a' },
		{ "stall", required_argument, NULL, 'S' },
		{ "drip-ms", required_argument, NULL, 'd' },
		{ "delay-ms", required_argument, NULL, 'D' },
		{ "keepalive-ms", required_argument, NULL, 'K' },
		{ "no-keepalive", no_argument, NULL, 'N' },
		{ "words", required_argument, NULL, 'w' },
		{ "idle-exit", required_argument, NULL, 'i' },
		{ "max-requests", required_argument, NULL, 'n' },
		{ "lifetime", required_argument, NULL, 'L' },
		{ "ref", required_argument, NULL, 'E' },
		{ "logprobs", required_argument, NULL, 'G' },
		{ "stale-echo", no_argument, NULL, 'Z' },
		{ "lgb-judge", no_argument, NULL, 'J' },
		{ "batch-file", required_argument, NULL, 'B' },
		{ "batch-mode", required_argument, NULL, 'b' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c;
	size_t len;

	while ((c = getopt_long(argc, argv, "p:h", lo, NULL)) != -1) {
		switch (c) {
		case 'p': *port = (int)num(optarg); break;
		case 'f': *port_file = optarg; break;
		case 'l': S.log_path = optarg; break;
		case 'R':
			if ((recordf = fopen(optarg, "a")) == NULL)
				die("cannot open the record file");
			break;
		case 'k':
			if ((S.key = file_read(optarg, &len)) == NULL)
				die("cannot read the key file");
			S.key[strcspn(S.key, "\r\n")] = '\0';
			break;
		case 'm': S.model = optarg; break;
		case 'r': S.fault_rate = num(optarg); break;
		case 'F':
			split_free(S.faults, S.nfaults);
			S.faults = split_list(optarg, &S.nfaults);
			break;
		case 's': rng_seed(&S.rng, (uint64_t)num(optarg)); break;
		case 'a': S.retry_after = (int)num(optarg); break;
		case 'S': S.stall = num(optarg); break;
		case 'd': S.drip = num(optarg) / 1000; break;
		case 'D': S.delay = num(optarg) / 1000; break;
		case 'K': S.keepalive = num(optarg) / 1000; break;
		case 'N': S.no_keepalive = 1; break;
		case 'w': S.words = (long)num(optarg); break;
		case 'i': S.idle_exit = num(optarg); break;
		case 'n': S.max_requests = (long)num(optarg); break;
		case 'L': S.lifetime = num(optarg); break;
		case 'E': lp_load(optarg); break;
		case 'J': S.lgb_judge = 1; break;
		case 'B': batch_in = optarg; break;
		case 'b':
			batch_mode = xasprintf(",%s,", optarg);
			if (strstr(",ok,fail,expire,cancel,partial,busy,cut,stall,"
			    "none,", batch_mode) == NULL ||
			    strcmp(batch_mode, ",,") == 0)
				die("--batch-mode: want ok, fail, expire, cancel, "
				    "partial, busy, cut, stall or none");
			free((char *)batch_mode);
			batch_mode = optarg;
			break;
		case 'G':
			if (strcmp(optarg, "ngram") == 0)
				LP.mode = LP_NGRAM;
			else if (strcmp(optarg, "flat") == 0)
				LP.mode = LP_FLAT;
			else if (strcmp(optarg, "none") == 0)
				LP.mode = LP_NONE;
			else
				die("--logprobs: want ngram, flat or none");
			break;
		case 'Z': stale_echo = 1; break;
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		default:
			fputs(usage_text, stderr);
			exit(2);
		}
	}
	if (optind != argc) {
		fputs(usage_text, stderr);
		exit(2);
	}
}

int
main(int argc, char **argv)
{
	static conn conns[MAXCONN];
	static struct pollfd pfd[MAXCONN + 1];
	static int idx[MAXCONN + 1];
	struct sockaddr_in sa;
	socklen_t sl = sizeof sa;
	int port = 0, lfd, i, nconn = 0;
	const char *port_file = NULL;
	struct sigaction act;

	S.retry_after = 1;
	S.stall = 10;
	S.drip = 0.02;
	S.words = 8;
	S.idle_exit = 60;
	S.lifetime = 600;
	S.faults = split_list("429,500,503,reset,cut,stall,malformed,drip",
	    &S.nfaults);
	rng_seed(&S.rng, 1);
	options(argc, argv, &port, &port_file);
	if (batch_in != NULL)
		return batch_file(batch_in);
	memset(&act, 0, sizeof act);
	act.sa_handler = on_signal;
	sigaction(SIGTERM, &act, NULL);
	sigaction(SIGINT, &act, NULL);
	signal(SIGPIPE, SIG_IGN);
	if (S.log_path != NULL && (S.log = fopen(S.log_path, "a")) == NULL)
		die("cannot open the log");
	lfd = listen_on(port);
	if (getsockname(lfd, (struct sockaddr *)&sa, &sl) < 0)
		die("getsockname failed");
	port = ntohs(sa.sin_port);
	printf("%d\n", port);
	fflush(stdout);
	if (port_file != NULL)
		write_port(port_file, port);
	for (i = 0; i < MAXCONN; i++)
		conns[i].fd = -1;
	S.t0 = S.last_req = mono_now();
	while (!stopping) {
		double t = mono_now(), wake = t + 1;
		int n = 0, r;

		if (t - S.t0 > S.lifetime || t - S.last_req > S.idle_exit)
			break;
		if (S.max_requests > 0 && S.nreq >= S.max_requests) {
			int busy = 0;

			for (i = 0; i < MAXCONN; i++)
				busy |= conns[i].fd >= 0 && conns[i].busy;
			if (!busy)
				break;
		}
		pfd[n].fd = lfd;
		pfd[n].events = POLLIN;
		idx[n++] = -1;
		for (i = 0; i < MAXCONN; i++) {
			conn *c = &conns[i];

			if (c->fd < 0)
				continue;
			if (S.keepalive > 0 && !c->busy && c->in.len == 0 &&
			    c->served > 0) {
				if (t - c->last >= S.keepalive) {
					close_conn(c, 0);
					continue;
				}
				if (c->last + S.keepalive < wake)
					wake = c->last + S.keepalive;
			}
			pfd[n].fd = c->fd;
			pfd[n].events = POLLIN;
			if (c->busy && c->next <= t)
				pfd[n].events |= POLLOUT;
			else if (c->busy && c->next < wake)
				wake = c->next;
			idx[n++] = i;
		}
		r = poll(pfd, (nfds_t)n, (int)ceil((wake - t) * 1000));
		if (r < 0 && errno != EINTR)
			die("poll failed");
		t = mono_now();
		if (r > 0 && (pfd[0].revents & POLLIN)) {
			int fd;

			while ((fd = accept4(lfd, NULL, NULL,
			    SOCK_NONBLOCK | SOCK_CLOEXEC)) >= 0) {
				int one = 1;

				for (i = 0; i < MAXCONN && conns[i].fd >= 0; i++)
					;
				if (i == MAXCONN) {
					close(fd);
					continue;
				}
				setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
				memset(&conns[i], 0, sizeof conns[i]);
				conns[i].fd = fd;
				conns[i].last = t;
				nconn++;
				S.last_req = t;
			}
		}
		for (i = 1; i < n; i++) {
			conn *c = &conns[idx[i]];
			int alive = 1;

			if (c->fd < 0)
				continue;
			if (pfd[i].revents)
				c->last = t;
			if (pfd[i].revents & (POLLIN | POLLHUP | POLLERR)) {
				char b[65536];
				ssize_t k = recv(c->fd, b, sizeof b, 0);

				if (k == 0 || (k < 0 && errno != EAGAIN &&
				    errno != EWOULDBLOCK)) {
					alive = 0;
				} else if (k > 0) {
					buf_add(&c->in, b, (size_t)k);
					if (!c->busy)
						parse(c, t);
				}
			}
			if (alive && c->busy)
				alive = pump(c, t);
			if (!alive)
				close_conn(c, c->after == RESET);
		}
	}
	for (i = 0; i < MAXCONN; i++)
		if (conns[i].fd >= 0)
			close_conn(&conns[i], 0);
	close(lfd);
	if (S.log != NULL)
		fclose(S.log);
	if (recordf != NULL)
		fclose(recordf);
	free(S.key);
	free(S.counts);
	batch_free();
	split_free(S.faults, S.nfaults);
	(void)nconn;
	return 0;
}
