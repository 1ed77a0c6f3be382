/* lg-gen longgenbench (being written). */
#include "diag.h"
#include "gen.h"

int
gen_longgenbench(int argc, char **argv)
{
	(void)argc; (void)argv;
	return LG_SYS;
}
