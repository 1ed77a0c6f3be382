/*
 * The echo checked: a reply's prompt log-probabilities count only when the
 * prompt the server echoed is the candidate's text as sent.  A proxy or a
 * cache that drops "echo", or answers another prompt, would otherwise give
 * every order the same score, and the first order would win unseen.
 *
 * The echo is the candidate's text when choices[0].text begins with it
 * (vLLM and the legacy OpenAI API echo the prompt there, the generated
 * text after it), or when the prompt's tokens (logprobs.tokens, the first
 * np of them), joined, give it back byte for byte.  A tokenizer's leading
 * special token (a first token such as "<s>" or "<|begin_of_text|>" that
 * the text does not begin with) is left out of the join.  Both are read in
 * time linear in the reply (each string decoded once), with no copy of
 * the text sent.
 */
#include <string.h>

#include "ppl.h"
#include "pyloads.h"
#include "xalloc.h"

/* The text sent, a byte at a time. */
typedef struct {
	const ppl_body *b;
	int piece;
	const char *s;
	size_t len, off;
	size_t pos;		/* bytes given */
} cursor;

/* The next byte of the text sent, or -1 at its end. */
static int
cur_next(cursor *c)
{
	while (c->off == c->len) {
		const char *s = ppl_body_piece(c->b, c->piece + 1, &c->len);

		if (s == NULL) {
			c->len = c->off = 0;
			return -1;
		}
		c->piece++;
		c->s = s;
		c->off = 0;
	}
	c->pos++;
	return (unsigned char)c->s[c->off++];
}

/*
 * Match the checked JSON string s[a..b) against the text sent from c: 1
 * when each of its bytes is the next of the text (prefix: and the text
 * ends before the string does, or with it); 0 at the first that differs.
 */
static int
str_match(cursor *c, const char *s, size_t a, size_t b, int prefix)
{
	cJSON *j = py_loads(s + a, b - a);	/* a string: its escapes decoded */
	const char *u;
	int ok = 0;

	if (!cJSON_IsString(j))
		goto out;
	for (u = j->valuestring;; u++) {
		int t;

		if (*u == '\0') {
			ok = !prefix || cur_next(c) < 0;
			break;
		}
		if ((t = cur_next(c)) < 0 && prefix) {
			ok = 1;
			break;
		}
		if (t != (unsigned char)*u)
			break;
	}
out:
	cJSON_Delete(j);
	return ok;
}

static size_t
skip_ws(const char *s, size_t i, size_t end)
{
	while (i < end && strchr(" \t\r\n", s[i]) != NULL)
		i++;
	return i;
}

/* The end of the checked JSON string at s[a]. */
static size_t
str_end(const char *s, size_t a)
{
	size_t i;

	for (i = a + 1; s[i] != '"'; i++)
		if (s[i] == '\\')
			i++;
	return i + 1;
}

/* A special token such as <s> or <|begin_of_text|>: s[a..b) quoted. */
static int
special(const char *s, size_t a, size_t b)
{
	return b - a >= 4 && b - a <= 66 && s[a + 1] == '<' && s[b - 2] == '>' &&
	    memchr(s + a, ' ', b - a) == NULL;
}

/* Do the first np strings of the array s[a..b) join into the text sent? */
static int
tokens_match(cursor *c, const char *s, size_t a, size_t b, long np)
{
	size_t i = skip_ws(s, a + 1, b), e;
	long k;

	for (k = 0; k < np; k++) {
		cursor before = *c;

		if (k > 0 && i < b && s[i] == ',')
			i = skip_ws(s, i + 1, b);
		if (i >= b || s[i] != '"')
			return 0;
		e = str_end(s, i);
		if (!str_match(c, s, i, e, 0)) {
			if (k > 0 || !special(s, i, e))
				return 0;
			*c = before;	/* a leading special token */
		}
		i = skip_ws(s, e, b);
	}
	return cur_next(c) < 0;
}

int
ppl_echo_check(const char *s, size_t ta, size_t tb, size_t ka, size_t kb,
    long np, const ppl_body *sent, char **why)
{
	cursor t = { sent, -1, NULL, 0, 0, 0 }, k = t;
	size_t at;

	if (tb > ta && s[ta] == '"' && str_match(&t, s, ta, tb, 1))
		return 0;
	if (kb > ka && s[ka] == '[' && tokens_match(&k, s, ka, kb, np))
		return 0;
	at = t.pos > k.pos ? t.pos : k.pos;
	*why = xasprintf("the echoed prompt is not the text sent (neither "
	    "choices[0].text nor the prompt's logprobs.tokens give it back; "
	    "they differ from its byte %zu on): the server, or a proxy or "
	    "cache before it, ignored echo or answered another prompt",
	    at > 0 ? at : 1);
	return -1;
}
