/*
 * tabsel.c: --table N, a paper's table of its own beside the main ones:
 * which bench has which (Ada-LEval 1 in ada_tables.c, LongWeave 4, 5, 6,
 * 7 and 9 in lw_tables.c); another bench's groups are named and left out.
 */
#include "agg.h"
#include "buf.h"
#include "diag.h"
#include "tasks.h"

void
paper_table(struct group **g, size_t n, const struct opts *o)
{
	int b = bench_index(g[0]->bench);

	if (b == BENCH_ADALEVAL && o->table == 1) {
		ada_table1(g, n, o);
		return;
	}
	if (b != BENCH_LONGWEAVE || o->table == 1) {
		struct buf l = { 0 };

		group_label(&l, g[0], o);
		lg_warn("--table %d: not a table of %s's paper in lg-agg (%s "
		    "and the rest of its records not shown)", o->table,
		    g[0]->bench, buf_str(&l));
		buf_free(&l);
		return;
	}
	switch (o->table) {
	case 4:
		lw_table4(g, n, o);
		break;
	case 5:
		lw_table5(g, n, o);
		break;
	case 6:
		lw_table6(g, n, o);
		break;
	case 7:
		lw_table7(g, n, o);
		break;
	default:
		lw_table9(g, n, o);
	}
}
