/*
 * check.h: the unit tests' one assertion.  CHECK(cond, fmt, ...) counts a
 * pass, or prints "FAIL file:line: message" and counts a failure;
 * CHECK_DONE() prints "N passed, N failed" and gives main's exit status.
 */
#ifndef LG_TEST_CHECK_H
#define LG_TEST_CHECK_H

#include <stdio.h>

static int fails, passes;

#define CHECK(c, ...) do { if (c) passes++; else { fails++; \
	printf("FAIL %s:%d: ", __FILE__, __LINE__); printf(__VA_ARGS__); \
	putchar('\n'); } } while (0)

#define CHECK_DONE() (printf("%d passed, %d failed\n", passes, fails), fails != 0)

#endif
