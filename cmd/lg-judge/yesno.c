#include <string.h>

#include "re.h"
#include "yesno.h"

static lg_re *first_word;

int
yesno(const char *reply)
{
	size_t ov[4], n, i;
	char w[4];

	if (first_word == NULL)
		first_word = re_compile("^[\\s\\p{P}\\p{S}]*(\\p{L}+)", 0);
	if (!re_match(first_word, reply, strlen(reply), 0, ov, 2))
		return -1;
	n = ov[3] - ov[2];
	if (n > 3)
		return -1;
	for (i = 0; i < n; i++)
		w[i] = (char)(reply[ov[2] + i] | 0x20);
	w[n] = '\0';
	if (strcmp(w, "yes") == 0)
		return 1;
	if (strcmp(w, "no") == 0)
		return 0;
	return -1;
}

int
yesno_published(const char *reply, size_t len)
{
	size_t i;

	for (i = 0; i + 3 <= len; i++)
		if ((reply[i] | 0x20) == 'y' && (reply[i + 1] | 0x20) == 'e' &&
		    (reply[i + 2] | 0x20) == 's')
			return 1;
	return 0;
}

void
yesno_fini(void)
{
	re_free(first_word);
	first_word = NULL;
}
