/* apikey.c: the API key, from a file or the environment. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "apikey.h"
#include "cmdline.h"
#include "diag.h"
#include "xalloc.h"

#define KEYBUF (APIKEY_LINE + 2)	/* the line, one byte more, a NUL */

/* Refuse the key file: its buffer wiped, the file named (it was opened,
 * so its name is a path and not a key typed in its place). */
static void refuse(int, char *, const char *, const char *) LG_NORETURN;

static void
refuse(int status, char *s, const char *path, const char *why)
{
	explicit_bzero(s, KEYBUF);
	free(s);
	lg_die(status, "%s: --api-key-file: %s", path, why);
}

/*
 * The first line of the key file, blanks trimmed; never echoed.  At most
 * APIKEY_LINE bytes and the line end are read, so /dev/zero, a FIFO that
 * never ends or a huge file is refused, not read to its end.
 */
static char *
read_key(const char *path)
{
	char *s = xmalloc(KEYBUF), *nl = NULL;
	size_t len = 0, i;
	ssize_t n;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		free(s);
		/* not named: it may be a key given in the file's place */
		lg_die(LG_SYS, "--api-key-file: cannot read the key file: %s",
		    strerror(errno));
	}
	while (nl == NULL && len <= APIKEY_LINE) {
		n = read(fd, s + len, APIKEY_LINE + 1 - len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			close(fd);
			refuse(LG_SYS, s, path, strerror(e));
		}
		if (n == 0)
			break;
		nl = memchr(s + len, '\n', (size_t)n);
		len += (size_t)n;
	}
	close(fd);
	if (nl != NULL)
		len = (size_t)(nl - s);
	if (len > APIKEY_LINE) {
		char why[128];

		snprintf(why, sizeof why, "the first line is longer than %d "
		    "bytes: not a key", APIKEY_LINE);
		refuse(LG_USAGE, s, path, why);
	}
	/* what was read past the line goes too */
	explicit_bzero(s + len, KEYBUF - len);
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		s[--len] = '\0';
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x21 || s[i] == 0x7f)
			refuse(LG_USAGE, s, path, "the key holds a blank or a "
			    "control character");
	if (len == 0)
		refuse(LG_USAGE, s, path, "no key in the file");
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

/* The option name in the argument e ("--name" or "--name=value"), cut at '='. */
static void
opt_name(const char *e, char *out, size_t n)
{
	size_t k = strcspn(e, "=");

	if (k >= n)
		k = n - 1;
	memcpy(out, e, k);
	out[k] = '\0';
}

int
apikey_getopt(int argc, char **argv, const char *shortopts,
    const struct option *longopts, const char *secret)
{
	char name[128];
	const char *e;
	int c, li = -1;

	/* mistakes end the program there, the value never echoed */
	c = lg_getopt(argc, argv, shortopts, longopts, &li);
	if (c == -1)
		return c;
	e = optind >= 1 && optind <= argc ? argv[optind - 1] : "";
	if (li >= 0 && secret != NULL && strcmp(longopts[li].name, secret) == 0) {
		/* the option is argv[optind - 2] when its value came apart */
		if (optarg != NULL && optind >= 2 && optarg == argv[optind - 1])
			e = argv[optind - 2];
		opt_name(e, name, sizeof name);
		if (strncmp(name, "--", 2) != 0 || strcmp(name + 2, secret) != 0)
			lg_die(LG_USAGE, "'%s' is taken for --%s, which must be "
			    "spelled out in full: keys are not given on the "
			    "command line", name, secret);
	}
	return c;
}

char *
apikey_get(const char *file)
{
	return file != NULL ? read_key(file) : env_key();
}

#define RUN 8		/* the shortest run of the key blotted anywhere */
#define TAIL 4		/* the shortest masked tail blotted */
#define BLOT "***"

/* Does a mask end at s[w) (what was kept so far)? */
static int
masked(const char *s, size_t w)
{
	if (w >= 1 && (s[w - 1] == '.' || s[w - 1] == '*'))
		return 1;
	return w >= 3 && memcmp(s + w - 3, "\xe2\x80\xa6", 3) == 0;
}

static uint64_t
gram(const char *p)
{
	uint64_t g;

	memcpy(&g, p, sizeof g);
	return g;
}

/* The key's RUN-byte pieces, in an open-addressing set. */
typedef struct {
	uint64_t *slot;
	unsigned char *used;
	size_t mask;
} grams;

static size_t
gram_hash(const grams *g, uint64_t x)
{
	return (size_t)((x * 0x9e3779b97f4a7c15ull) >> 32) & g->mask;
}

static void
grams_init(grams *g, const char *key, size_t kl)
{
	size_t n = 64, i, h;

	while (n < 4 * (kl - RUN + 1))
		n *= 2;
	g->slot = xcalloc(n, sizeof *g->slot);
	g->used = xcalloc(n, 1);
	g->mask = n - 1;
	for (i = 0; i + RUN <= kl; i++) {
		uint64_t x = gram(key + i);

		for (h = gram_hash(g, x); g->used[h] && g->slot[h] != x;
		    h = (h + 1) & g->mask)
			;
		g->slot[h] = x;
		g->used[h] = 1;
	}
}

static int
grams_has(const grams *g, uint64_t x)
{
	size_t h;

	for (h = gram_hash(g, x); g->used[h]; h = (h + 1) & g->mask)
		if (g->slot[h] == x)
			return 1;
	return 0;
}

/*
 * The longest run at p (n >= RUN bytes left) of at least RUN characters
 * of the key.
 */
static size_t
key_run(const char *key, size_t kl, const grams *gs, const char *p, size_t n)
{
	uint64_t g = gram(p);
	size_t k, best = 0;

	if (!grams_has(gs, g))
		return 0;
	for (k = 0; k + RUN <= kl; k++) {
		size_t m = 0;

		if (gram(key + k) != g)
			continue;
		while (k + m < kl && m < n && key[k + m] == p[m])
			m++;
		if (m > best)
			best = m;
	}
	return best;
}

size_t
apikey_scrub(const char *key, char *s, size_t len, int *hits)
{
	grams gs = { NULL, NULL, 0 };
	size_t kl, r = 0, w = 0;
	int n = 0;

	if (hits != NULL)
		*hits = 0;
	if (key == NULL || s == NULL || (kl = strlen(key)) < TAIL)
		return len;
	if (kl >= RUN)
		grams_init(&gs, key, kl);
	while (r < len) {
		size_t m = 0, left = len - r;

		if (kl >= RUN && left >= RUN)
			m = key_run(key, kl, &gs, s + r, left);
		else if (kl < RUN && left >= kl && memcmp(s + r, key, kl) == 0)
			m = kl;
		if (m == 0 && kl > TAIL && masked(s, w)) {
			/* a masked tail: the key's last k characters, 4 <= k < 8 */
			size_t k;

			for (k = kl < RUN ? kl - 1 : RUN - 1; k >= TAIL; k--) {
				if (left >= k && memcmp(s + r, key + kl - k, k) == 0 &&
				    (left == k || !isalnum((unsigned char)s[r + k]))) {
					m = k;
					break;
				}
			}
		}
		if (m > 0) {
			memcpy(s + w, BLOT, sizeof BLOT - 1);
			w += sizeof BLOT - 1;
			r += m;
			n++;
		} else {
			s[w++] = s[r++];
		}
	}
	s[w] = '\0';
	free(gs.slot);
	free(gs.used);
	if (hits != NULL)
		*hits = n;
	return w;
}

char *
apikey_scrub_str(const char *key, char *s)
{
	if (s != NULL)
		apikey_scrub(key, s, strlen(s), NULL);
	return s;
}
