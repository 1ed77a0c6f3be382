/*
 * Fuzz lg-judge's reply parser: the input is a judge server's response
 * body, read by oai_body() (a chat reply when the first byte is even, a
 * raw completion when odd), its error message taken as lg-judge reports
 * it, and the verdict read from the answer by yesno(), as well as from
 * the whole input when it is UTF-8 (yesno() reads text that the reply
 * reader or the JSON Lines reader made sure of).  The whole input, as a
 * LongWeave batch's reply (the task and the batch size from the first
 * byte), also goes to our reading (lw_parse) and the published one
 * (lw_parse_published).
 */
#include "fuzz.h"
#include "oai.h"
#include "../../cmd/lg-judge/longweave.h"
#include "../../cmd/lg-judge/yesno.h"

/* A reply about a LongWeave batch, as both readers take it. */
static void
lw_reply(unsigned char b, const char *s, size_t n)
{
	static const char *const tasks[] = { "biog", "sr", "nw" };
	cJSON *rec = cJSON_CreateObject();
	const lw_task *t;
	const char *why;
	int val[2 * 16], k = 1 + (b >> 3) % 16;
	long extra[2];

	cJSON_AddStringToObject(rec, "bench", "longweave");
	cJSON_AddStringToObject(rec, "task", tasks[(b >> 1) % 3]);
	if ((t = lw_find(rec)) != NULL) {
		(void)lw_parse(t, s, n, k, val, &why);
		(void)lw_parse_published(t, s, n, k, val, extra);
	}
	cJSON_Delete(rec);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	oai_reply r;
	char *s, *msg;

	if (size == 0)
		return 0;
	s = fz_cstr(data + 1, size - 1);
	if (utf8_invalid(s, size - 1) == size - 1) {
		(void)yesno(s);		/* a reply as a record holds it */
		lw_reply(data[0], s, size - 1);
	}
	oai_init(&r, !(data[0] & 1));
	if (oai_body(&r, s, size - 1) == 0) {
		oai_finish(&r);
		(void)yesno(buf_str(&r.content));
	}
	msg = oai_error_message(s, size - 1, 200);
	free(msg);
	oai_free(&r);
	free(s);
	return 0;
}
