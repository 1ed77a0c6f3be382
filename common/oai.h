/*
 * oai.h: reading replies of OpenAI-compatible servers.
 *
 * An oai_reply gathers one answer from either a whole response body
 * (oai_body) or the data payloads of a stream (oai_chunk, one call per
 * payload, "[DONE]" included).  It understands chat replies (message or
 * delta content) and raw completions (text), reasoning sent in a
 * reasoning_content or reasoning field, finish_reason, usage, and errors
 * sent in the body.  The reply owns its buffers and strings; oai_free()
 * releases them.
 */
#ifndef LG_OAI_H
#define LG_OAI_H

#include <stddef.h>

#include "buf.h"

typedef struct {
	int chat;		/* chat replies (1) or raw completions (0) */
	struct buf content; /* the answer text (it may hold NULs: use len) */
	struct buf reasoning;		/* reasoning text, empty when none */
	char *finish_reason;	/* NULL until the choice finished */
	long prompt_tokens;	/* from usage; -1 when not sent */
	long output_tokens;
	int done;		/* the stream said [DONE] */
	int tokens;		/* text deltas seen so far */
	int whole;		/* read by oai_body(), not from a stream */
	long nchoice;		/* choices the reply named: the most items of a
				 * choices list, or the highest index + 1 */
	long own, other;	/* choices with the endpoint's part (message or
				 * delta; text) and with only the other's */
	char *error;		/* error the server sent inside the body */
	long error_code;	/* its code when a number (or digits) from 100
				 * to 599, as OpenRouter sends an HTTP status
				 * in a 200 stream; 0: none */
	char *model;		/* the model the server says answered, and */
	char *fingerprint;	/* its system_fingerprint: NULL when not sent
				 * (or not a short, printable string) */
} oai_reply;

void oai_init(oai_reply *r, int chat);
void oai_reset(oai_reply *r);
void oai_free(oai_reply *r);

/*
 * One stream payload: 0, or -1 when it is not JSON (r->error is set).
 * Read by the chunk scanner (oaiscan.h), or by cJSON when the scanner is
 * not sure; oai_chunk_tree() always reads with cJSON (what the scanner is
 * tested against).
 */
int oai_chunk(oai_reply *r, const char *data, size_t len);
int oai_chunk_tree(oai_reply *r, const char *data, size_t len);

/* A whole response body: 0, or -1 when it is not a reply (r->error set). */
int oai_body(oai_reply *r, const char *body, size_t len);

/*
 * What the reply says of its maker: *slot becomes s[0..n) when that is 1
 * to OAI_IDENT_MAX bytes of UTF-8 without control characters, and stays
 * as it was otherwise (a server's label is never worth a broken record).
 */
#define OAI_IDENT_MAX 256
void oai_ident(char **slot, const char *s, size_t n);

/*
 * Why the reply read is not one answer of the endpoint asked (malloc'd),
 * NULL when it is: no choice (an empty list, or a stream of none), two or
 * more (n above 1), a choice of the other kind (a completion's text read
 * as a chat reply, a message or delta read as a completion), or answer
 * text that is not UTF-8 (checked on the whole text: a character may be
 * split between a stream's chunks).  A usage-only or role-only chunk with
 * no choice is no answer, but no fault either.  hints: the message says
 * what lg-infer's options do (--samples, --completions).
 */
char *oai_not_answer(const oai_reply *r, int hints);

/* Has the stream ended properly (a finish_reason or [DONE] seen)? */
int oai_complete(const oai_reply *r);

/*
 * Make the texts fit for a record: bytes that are not UTF-8 become U+FFFD,
 * then oai_split_think().
 */
void oai_finish(oai_reply *r);

/*
 * Move a leading <think>...</think> of the content to the reasoning.  An
 * unclosed <think> (the answer was cut while thinking) moves everything.
 */
void oai_split_think(oai_reply *r);

/*
 * The message of an error body ({"error":{"message":...}}, {"error":"..."},
 * {"message":...}, {"detail":...}, or the text itself), on one line and at
 * most max bytes; the caller frees it.
 */
char *oai_error_message(const char *body, size_t len, size_t max);

#endif
