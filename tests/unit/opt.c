/* Unit test: option arguments (common/opt.c), what each kind takes and refuses. */
#include <stdint.h>
#include <string.h>

#include "opt.h"
#include "util.h"
#include "check.h"

static void
nums(void)
{
	static const struct { const char *s; long long min, max; int ok; long long v; } t[] = {
		{ "0", 0, 10, 1, 0 }, { "10", 0, 10, 1, 10 }, { "11", 0, 10, 0, 0 },
		{ "-1", 0, 10, 0, 0 }, { "-3", -5, 5, 1, -3 }, { "", 0, 10, 0, 0 },
		{ "abc", 0, 10, 0, 0 }, { "5x", 0, 10, 0, 0 }, { " 5", 0, 10, 0, 0 },
		{ "+5", 0, 10, 0, 0 }, { "5 ", 0, 10, 0, 0 }, { "-", -5, 5, 0, 0 },
		{ "0x10", 0, 100, 0, 0 }, { "010", 0, 100, 1, 10 },
		{ "9223372036854775807", 0, INT64_MAX, 1, INT64_MAX },
		{ "9223372036854775808", 0, INT64_MAX, 0, 0 },
		{ "99999999999999999999", 0, INT64_MAX, 0, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		long long v = -42;
		int r = opt_parse_num(t[i].s, t[i].min, t[i].max, &v);

		CHECK((r == 0) == t[i].ok, "num \"%s\": %d", t[i].s, r);
		CHECK(!t[i].ok || v == t[i].v, "num \"%s\": %lld", t[i].s, v);
		CHECK(t[i].ok || v == -42, "num \"%s\": out set on failure", t[i].s);
	}
}

static void
sizes(void)
{
	static const struct { const char *s; size_t min, max; int ok; size_t v; } t[] = {
		{ "1", 1, SIZE_MAX, 1, 1 }, { "0", 1, SIZE_MAX, 0, 0 },
		{ "0", 0, SIZE_MAX, 1, 0 }, { "4k", 1, SIZE_MAX, 1, 4096 },
		{ "4K", 1, SIZE_MAX, 1, 4096 }, { "64M", 1, SIZE_MAX, 1, 64u << 20 },
		{ "2g", 1, SIZE_MAX, 1, (size_t)2 << 30 }, { "1T", 1, SIZE_MAX, 0, 0 },
		{ "1KB", 1, SIZE_MAX, 0, 0 }, { "-1", 0, SIZE_MAX, 0, 0 },
		{ "k", 0, SIZE_MAX, 0, 0 }, { "", 0, SIZE_MAX, 0, 0 },
		{ "2M", 1, 1u << 20, 0, 0 }, { "1M", 1, 1u << 20, 1, 1u << 20 },
		{ "18446744073709551615G", 1, SIZE_MAX, 0, 0 },
		{ "17179869184G", 1, SIZE_MAX, 0, 0 },
		{ " 5", 0, SIZE_MAX, 0, 0 }, { "1.5M", 0, SIZE_MAX, 0, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		size_t v = 42;
		int r = opt_parse_size(t[i].s, t[i].min, t[i].max, &v);

		CHECK((r == 0) == t[i].ok, "size \"%s\": %d", t[i].s, r);
		CHECK(!t[i].ok || v == t[i].v, "size \"%s\": %zu", t[i].s, v);
	}
}

static void
reals(void)
{
	static const struct { const char *s; double min, max; int ok; double v; } t[] = {
		{ "0", 0, 1, 1, 0 }, { "1", 0, 1, 1, 1 }, { "0.85", 0, 1, 1, 0.85 },
		{ ".5", 0, 1, 1, 0.5 }, { "1e-3", 0, 1, 1, 0.001 },
		{ "1.0001", 0, 1, 0, 0 }, { "-0.1", 0, 1, 0, 0 },
		{ "-0.5", -1, 1, 1, -0.5 }, { "nan", 0, 1, 0, 0 },
		{ "inf", 0, 1e308, 0, 0 }, { "1e999", 0, 1e308, 0, 0 },
		{ "0x1p-1", 0, 1, 0, 0 }, { "", 0, 1, 0, 0 }, { "0.5s", 0, 1, 0, 0 },
		{ " 0.5", 0, 1, 0, 0 }, { ".", 0, 1, 0, 0 },
	};
	size_t i;

	for (i = 0; i < sizeof t / sizeof t[0]; i++) {
		double v = 42;
		int r = opt_parse_real(t[i].s, t[i].min, t[i].max, &v);

		CHECK((r == 0) == t[i].ok, "real \"%s\": %d", t[i].s, r);
		CHECK(!t[i].ok || v == t[i].v, "real \"%s\": %g", t[i].s, v);
	}
}

static void
secs(void)
{
	double v = 42;

	CHECK(opt_parse_secs("0", OPT_ZERO_OK, 60, &v) == 0 && v == 0, "0 allowed");
	CHECK(opt_parse_secs("0", OPT_ABOVE_ZERO, 60, &v) < 0, "0 refused");
	CHECK(opt_parse_secs("0.0", OPT_ABOVE_ZERO, 60, &v) < 0, "0.0 refused");
	CHECK(opt_parse_secs("0.01", OPT_ABOVE_ZERO, 60, &v) == 0 && v == 0.01,
	    "0.01 above zero");
	CHECK(opt_parse_secs("60", OPT_ZERO_OK, 60, &v) == 0 && v == 60, "max");
	CHECK(opt_parse_secs("60.5", OPT_ZERO_OK, 60, &v) < 0, "above max");
	CHECK(opt_parse_secs("-1", OPT_ZERO_OK, 60, &v) < 0, "negative");
	CHECK(opt_parse_secs("1m", OPT_ZERO_OK, 600, &v) < 0, "unit");
	CHECK(opt_parse_share("0", &v) < 0, "share 0 refused");
	CHECK(opt_parse_share("0.0", &v) < 0, "share 0.0 refused");
	CHECK(opt_parse_share("1e-9", &v) == 0 && v == 1e-9, "share small");
	CHECK(opt_parse_share("1", &v) == 0 && v == 1, "share 1");
	CHECK(opt_parse_share("1.01", &v) < 0, "share above 1");
	CHECK(opt_parse_share("-0.5", &v) < 0, "share negative");
}

static void
lists(void)
{
	static const char *const names[] = { "kvg", "sms", "pr" };
	size_t n;
	char **v;

	v = opt_list("-t", "sms,,kvg,", names, 3, &n);
	CHECK(n == 2 && strcmp(v[0], "sms") == 0 && strcmp(v[1], "kvg") == 0,
	    "list: %zu items", n);
	split_free(v, n);
	v = opt_list("-l", "a,b", NULL, 0, &n);
	CHECK(n == 2, "free list: %zu items", n);
	split_free(v, n);
	CHECK(opt_choice("-t", "pr", names, 3) == 2, "choice");
}

int
main(void)
{
	nums();
	sizes();
	reals();
	secs();
	lists();
	return CHECK_DONE();
}
