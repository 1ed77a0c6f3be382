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

#define MK(s, want) do { int got = yesno_marker(s, strlen(s)); \
	if (got == (want)) passes++; else { fails++; \
	printf("FAIL: yesno_marker(\"%s\") = %d, want %d\n", s, got, want); } } while (0)

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

	/* Appendix C: the last line holding a "#*#" marker decides */
	MK("#*# Yes", 1);
	MK("#*# No", 0);
	MK("#*#yes", 1);
	MK("#*# NO.", 0);
	MK("The floor is an art gallery.\n\n#*# Yes", 1);
	MK("Analysis: no gallery here.\n**#*# No**", 0);
	MK("#*# **Yes**", 1);
	MK("Answer: #*# Yes\n", 1);
	MK("#\\*# Yes", 1);			/* Markdown-escaped */
	MK("I must answer #*# Yes or #*# No.\nIt is there.\n#*# Yes", 1);
	MK("At first #*# No seemed right.\nBut it is there: #*# Yes", 1);
	MK("#*# Yes or #*# No", -1);		/* both on the last line */
	MK("#*# Yes #*# yes", 1);		/* agree */
	MK("#*# Maybe", -1);
	MK("#*# Yesterday", -1);
	MK("#*# Nope", -1);
	MK("Yes, it includes it.", -1);		/* no marker: undecided */
	MK("", -1);
	MK("#*#", -1);
	MK("#*# Yes\nwell\n#*# unsure", -1);
	MK("# * # Yes", -1);
	MK("#*# Y\xc3\xa9s", -1);
	yesno_fini();
	return CHECK_DONE();
}
