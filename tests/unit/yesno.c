/* Unit test: reading a judge's verdict strictly. */
#include <stdio.h>

#include "yesno.h"
#include "check.h"

#define IS(s, want) do { int got = yesno(s); if (got == (want)) passes++; else { \
	fails++; printf("FAIL: yesno(\"%s\") = %d, want %d\n", s, got, want); } } while (0)

int
main(void)
{
	IS("yes", 1);
	IS("Yes.", 1);
	IS("  **YES**", 1);
	IS("yes, it does", 1);
	IS("no", 0);
	IS("No.", 0);
	IS("\"no\"", 0);
	IS("yesterday", -1);
	IS("Yesterday we met.", -1);
	IS("nope", -1);
	IS("not really", -1);
	IS("yeah", -1);
	IS("", -1);
	IS("The answer is yes", -1);
	IS("\xc3\xa9 yes", -1);
	yesno_fini();
	return CHECK_DONE();
}
