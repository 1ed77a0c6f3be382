/*
 * Unit test of lg-ppl's echo check: a reply counts only when the prompt it
 * echoes (choices[0].text, or the prompt's tokens joined) is the text sent,
 * a tokenizer's leading special token aside.
 */
#include <stdlib.h>
#include <string.h>

#include "../../cmd/lg-ppl/ppl.h"
#include "check.h"

/* The sent text: "The cat\nsat on\nthe mat.\nIt purred\n\"loudly\" é" */
static const char vars[] = "{\"before\":\"The cat\",\"after\":\"\",\"parts\":["
    "{\"label\":1,\"text\":\"sat on\"},{\"label\":2,\"text\":\"the mat.\"},"
    "{\"label\":3,\"text\":\"It purred\"},"
    "{\"label\":4,\"text\":\"\\\"loudly\\\" \\u00e9\"}]}";

#define TEXT "\"The cat\\nsat on\\nthe mat.\\nIt purred\\n\\\"loudly\\\" \\u00e9"
#define TOKS "\"The\",\" cat\",\"\\nsat\",\" on\",\"\\nthe\",\" mat\",\".\"," \
	"\"\\nIt\",\" purred\",\"\\n\\\"\",\"loudly\",\"\\\" \",\"\\u00e9\""
#define LP12 "-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1,-1"

/* A reply: choices[0].text (or none), tokens, log-probabilities, usage. */
static char *
reply(const char *text, const char *toks, const char *lps, int ptok)
{
	static char b[4096];

	snprintf(b, sizeof b, "{\"choices\":[{%s%s%s\"logprobs\":{\"tokens\":[%s],"
	    "\"token_logprobs\":[%s]}}],\"usage\":{\"prompt_tokens\":%d}}",
	    text ? "\"text\":" : "", text ? text : "", text ? "," : "", toks, lps,
	    ptok);
	return b;
}

static int
read_one(const ppl_body *b, const char *r, long *tokens, char **why)
{
	double nll;

	return ppl_read(r, strlen(r), b->chars, b, &nll, tokens, why);
}

int
main(void)
{
	cJSON *v = cJSON_Parse(vars);
	static const int first[PPL_NPARTS] = { 1, 2, 3, 4 };
	static const int other[PPL_NPARTS] = { 2, 1, 3, 4 };
	ppl_opts o = { 0 };
	ppl_body b, b2;
	ppl_case c;
	const char *why0;
	char *why;
	long tok;
	int rc;

	memset(&b, 0, sizeof b);
	memset(&b2, 0, sizeof b2);
	o.model = "m";
	CHECK(ppl_case_read(v, &c, &why0) == 0, "the case");
	ppl_body_init(&b, &o, &c, first);
	ppl_body_init(&b2, &o, &c, other);

	/* text and tokens both the prompt */
	rc = read_one(&b, reply(TEXT " x\"", TOKS ",\" x\"", "null," LP12 ",-2", 13),
	    &tok, &why);
	CHECK(rc == 0 && tok == 13, "echoed: %d %s", rc, why ? why : "");
	free(why);
	/* the tokens alone, after a leading special token */
	rc = read_one(&b, reply(NULL, "\"<|begin_of_text|>\"," TOKS,
	    "null,-1," LP12, 14), &tok, &why);
	CHECK(rc == 0 && tok == 14, "special token: %d %s", rc, why ? why : "");
	free(why);
	/* the text alone (tokens the tokenizer shows otherwise) */
	rc = read_one(&b, reply(TEXT "\"", "\"a\",\"b\"", "null,-1", 2), &tok, &why);
	CHECK(rc == 0, "text alone: %d %s", rc, why ? why : "");
	free(why);
	/* another order's prompt echoed: text and tokens */
	rc = read_one(&b2, reply(TEXT "\"", TOKS, "null," LP12, 13), &tok, &why);
	CHECK(rc == -1 && why != NULL && strstr(why, "the echoed prompt is not "
	    "the text sent") != NULL && strstr(why, "from its byte 9 on") != NULL,
	    "another order: %d %s", rc, why ? why : "");
	free(why);
	/* the completion alone as text, tokens of the prompt cut short */
	rc = read_one(&b, reply("\" x\"", "\"The\",\" cat\",\"\\nsat\"",
	    "null,-1,-1", 3), &tok, &why);
	CHECK(rc == -1 && why != NULL && strstr(why, "echoed prompt") != NULL,
	    "cut short: %d %s", rc, why ? why : "");
	free(why);
	/* a text that stops inside the prompt, a token past its end */
	rc = read_one(&b, reply("\"The cat\"", TOKS ",\" x\"", "null," LP12 ",-2",
	    14), &tok, &why);
	CHECK(rc == -1 && why != NULL, "past the end: %d", rc);
	free(why);
	/* a special token is left out only first, and only when unlike the text */
	rc = read_one(&b, reply(NULL, "\"The\",\"<s>\",\" cat\"", "null,-1,-1", 3),
	    &tok, &why);
	CHECK(rc == -1 && why != NULL, "special token inside: %d", rc);
	free(why);
	ppl_body_free(&b);
	ppl_body_free(&b2);
	cJSON_Delete(v);
	return CHECK_DONE();
}
