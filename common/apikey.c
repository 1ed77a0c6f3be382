/* apikey.c: the API key, from a file or the environment. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "apikey.h"
#include "diag.h"
#include "share.h"
#include "xalloc.h"

/* The first line of the key file, blanks trimmed; never echoed. */
static char *
read_key(const char *path)
{
	size_t len, i;
	char *s = file_read(path, &len), *nl;

	if (s == NULL)
		lg_die(LG_SYS, "%s: %s", path, strerror(errno));
	if ((nl = strchr(s, '\n')) != NULL)
		*nl = '\0';
	len = strlen(s);
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
	for (i = 0; i < len; i++) {
		if ((unsigned char)s[i] < 0x21 || s[i] == 0x7f) {
			explicit_bzero(s, len);
			lg_die(LG_USAGE, "%s: the key holds a blank or a control "
			    "character", path);
		}
	}
	if (len == 0)
		lg_die(LG_USAGE, "%s: no key in the file", path);
	return s;
}

static char *
env_key(void)
{
	const char *k = getenv("LG_API_KEY");

	if (k == NULL || *k == '\0')
		k = getenv("OPENAI_API_KEY");
	if (k == NULL || *k == '\0')
		return NULL;
	for (const char *p = k; *p; p++)
		if ((unsigned char)*p < 0x21 || *p == 0x7f)
			lg_die(LG_USAGE, "the API key in the environment holds a "
			    "blank or a control character");
	return xstrdup(k);
}

char *
apikey_get(const char *file)
{
	return file != NULL ? read_key(file) : env_key();
}
