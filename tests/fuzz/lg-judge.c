/*
 * Fuzz lg-judge's reply parser: the input is a judge server's response
 * body, read by oai_body() (a chat reply when the first byte is even, a
 * raw completion when odd), its error message taken as lg-judge reports
 * it, and the verdict read from the answer by yesno(), as well as from
 * the whole input when it is UTF-8 (yesno() reads text that the reply
 * reader or the JSON Lines reader made sure of).
 */
#include "fuzz.h"
#include "oai.h"
#include "../../cmd/lg-judge/yesno.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	oai_reply r;
	char *s, *msg;

	if (size == 0)
		return 0;
	s = fz_cstr(data + 1, size - 1);
	if (utf8_invalid(s, size - 1) == size - 1)
		(void)yesno(s);		/* a reply as a record holds it */
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
