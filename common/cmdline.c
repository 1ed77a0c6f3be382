/* cmdline.c: getopt_long() with one line for each mistake (cmdline.h). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "buf.h"
#include "cmdline.h"
#include "diag.h"

#define NAME_MAX_LEN 64	/* longer names are no typo of ours: no suggestion */

/* Edit distance with transpositions (optimal string alignment). */
static size_t
distance(const char *a, size_t n, const char *b, size_t m)
{
	size_t d[NAME_MAX_LEN + 1][NAME_MAX_LEN + 1], i, j, v;

	for (i = 0; i <= n; i++)
		d[i][0] = i;
	for (j = 0; j <= m; j++)
		d[0][j] = j;
	for (i = 1; i <= n; i++)
		for (j = 1; j <= m; j++) {
			v = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

const char *
cmdline_near(const char *name, const struct option *longopts)
{
	const char *best = NULL;
	size_t n = strlen(name), bd = (size_t)-1, m, d, most;

	if (n == 0 || n > NAME_MAX_LEN)
		return NULL;
	for (; longopts->name != NULL; longopts++) {
		m = strlen(longopts->name);
		if (m > NAME_MAX_LEN)
			continue;
		d = distance(name, n, longopts->name, m);
		/* a third of the name's letters, at least one, at most three */
		most = m / 3 < 1 ? 1 : m / 3 > 3 ? 3 : m / 3;
		if (d <= most && d < bd) {
			bd = d;
			best = longopts->name;
		}
	}
	return best;
}

/* The options whose names start with name: two or more, listed in b. */
static int
ambiguous(const char *name, size_t n, const struct option *longopts,
    struct buf *b)
{
	int k = 0;

	for (; longopts->name != NULL; longopts++) {
		if (strncmp(longopts->name, name, n) != 0)
			continue;
		if (strlen(longopts->name) == n)
			return 0;	/* an exact name is never ambiguous */
		buf_printf(b, "%s--%s", k++ ? ", " : "", longopts->name);
	}
	return k > 1;
}

/* The printable form of a short option character. */
static void
short_name(int c, char *out, size_t n)
{
	if (c > 0x20 && c < 0x7f)
		snprintf(out, n, "-%c", c);
	else
		snprintf(out, n, "-?");
}

static void LG_NORETURN
mistake(char **argv, int argc, const char *shortopts,
    const struct option *longopts)
{
	const char *e = optind >= 1 && optind <= argc ? argv[optind - 1] : "";
	char name[NAME_MAX_LEN + 8], sn[8];
	const char *eq, *near;
	size_t n;
	struct buf b = { 0 };

	if (strncmp(e, "--", 2) != 0 || e[2] == '\0') {
		short_name(optopt, sn, sizeof sn);
		if (optopt != 0 && strchr(shortopts, optopt) != NULL)
			lg_die(LG_USAGE, "option %s needs a value (%s --help "
			    "lists the options)", sn, lg_prog);
		lg_die(LG_USAGE, "unknown option %s (%s --help lists the "
		    "options)", sn, lg_prog);
	}
	e += 2;
	eq = strchr(e, '=');
	n = eq != NULL ? (size_t)(eq - e) : strlen(e);
	/* the name as given, control characters and overlong names cut */
	snprintf(name, sizeof name, "%.*s%s", (int)(n < NAME_MAX_LEN ? n :
	    NAME_MAX_LEN), e, n > NAME_MAX_LEN ? "..." : "");
	for (char *p = name; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			*p = '?';
	if (optopt != 0)
		lg_die(LG_USAGE, "option --%s %s", name, eq != NULL ?
		    "takes no value" : "needs a value");
	if (n <= NAME_MAX_LEN && ambiguous(e, n, longopts, &b))
		lg_die(LG_USAGE, "option --%s is ambiguous: %s", name, b.s);
	buf_free(&b);
	name[n < NAME_MAX_LEN ? n : NAME_MAX_LEN] = '\0';
	if ((near = cmdline_near(name, longopts)) != NULL)
		lg_die(LG_USAGE, "unknown option --%s: did you mean --%s?",
		    name, near);
	lg_die(LG_USAGE, "unknown option --%s (%s --help lists the options)",
	    name, lg_prog);
}

int
lg_getopt(int argc, char **argv, const char *shortopts,
    const struct option *longopts, int *longindex)
{
	int c;

	opterr = 0;	/* getopt's own messages may quote a value */
	c = getopt_long(argc, argv, shortopts, longopts, longindex);
	if (c == '?' || c == ':')
		mistake(argv, argc, shortopts, longopts);
	return c;
}
