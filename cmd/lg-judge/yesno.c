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

/* A marker "#*#" at s[i] (each of * and the second # may follow a
 * Markdown backslash): the index after it, else 0. */
static size_t
marker_at(const char *s, size_t i, size_t len)
{
	if (s[i] != '#')
		return 0;
	i++;
	if (i < len && s[i] == '\\')
		i++;
	if (i >= len || s[i] != '*')
		return 0;
	i++;
	if (i < len && s[i] == '\\')
		i++;
	if (i >= len || s[i] != '#')
		return 0;
	return i + 1;
}

/* The word after a marker ending before s[i]: 1 yes, 0 no, -1 other. */
static int
marker_word(const char *s, size_t i, size_t len)
{
	size_t n = 0;
	char w[4];

	while (i < len && strchr(" \t*_`\"':", s[i]) != NULL && s[i] != '\0')
		i++;
	while (i + n < len && ((s[i + n] | 0x20) >= 'a' && (s[i + n] | 0x20) <= 'z'))
		if (++n > 3)
			return -1;
	if (n == 0 || (i + n < len && (unsigned char)s[i + n] >= 0x80))
		return -1;
	memcpy(w, s + i, n);
	w[n] = '\0';
	for (size_t k = 0; k < n; k++)
		w[k] = (char)(w[k] | 0x20);
	return strcmp(w, "yes") == 0 ? 1 : strcmp(w, "no") == 0 ? 0 : -1;
}

int
yesno_marker(const char *reply, size_t len)
{
	size_t i, e;
	int verdict = -2, v;	/* -2: no marker on the line yet */
	int last = -1;		/* the last line's verdict */

	for (i = 0; i <= len; i++) {
		if (i == len || reply[i] == '\n') {
			if (verdict != -2)
				last = verdict;
			verdict = -2;
			continue;
		}
		if ((e = marker_at(reply, i, len)) == 0)
			continue;
		v = marker_word(reply, e, len);
		verdict = verdict == -2 || verdict == v ? v : -1;
		i = e - 1;
	}
	return last;
}

void
yesno_fini(void)
{
	re_free(first_word);
	first_word = NULL;
}
