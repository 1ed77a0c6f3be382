/* Unit test: reading a judge's verdict strictly, and as published. */
#include <stdio.h>
#include <string.h>

#include "../../cmd/lg-judge/yesno.h"
#include "check.h"

#define IS(s, want) do { int got = yesno(s); if (got == (want)) passes++; else { \
	fails++; printf("FAIL: yesno(\"%s\") = %d, want %d\n", s, got, want); } } while (0)

#define PUB(s, n, want) do { int got = yesno_published(s, n); \
	if (got == (want)) passes++; else { fails++; \
	printf("FAIL: yesno_published(\"%s\") = %d, want %d\n", s, got, want); } } while (0)
#define PS(s, want) PUB(s, strlen(s), want)

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

	/* the published reading: lower-cased, "yes" anywhere */
	PS("yes", 1);
	PS("Yes.", 1);
	PS("YES", 1);
	PS("yEs", 1);
	PS("I'd say yes", 1);
	PS("The answer is yes", 1);
	PS("yesterday", 1);
	PS("eyes", 1);
	PS("  \n yes\n", 1);
	PS("no", 0);
	PS("No, it does not.", 0);
	PS("Nope", 0);
	PS("", 0);
	PS("ye s", 0);
	PS("y\xc3\xa9s", 0);
	PS("Y\xef\xbc\xa5S", 0);	/* a fullwidth E lower-cases to no ASCII e */
	PS("ye", 0);
	PUB("no\0yes", 6, 1);		/* past a NUL, as Python reads it */
	PUB("yes", 2, 0);
	yesno_fini();
	return CHECK_DONE();
}
