#!/bin/sh
# lg-agg's generic files (grouping, units, resampling, record facts,
# tables) call no benchmark's code by name: they reach it through the
# entries of bench.c.  And no two of its files call each other in a
# cycle.  Read from the objects' symbols (nm).
set -eu
. "$TOP/tests/lib.sh"
o=$OBJ/cmd/lg-agg
[ -f "$o/group.o" ] || fail "no objects in $o"
command -v nm >/dev/null || fail "nm missing"
# the symbols each object defines: SYMBOL FILE
for f in "$o"/*.o; do
	nm -g --defined-only "$f" | awk -v f="$(basename "$f" .o)" \
	    '$2 ~ /[TDRB]/ { print $3, f }'
done | sort > "$t/defs"
# the calls between files: FROM TO SYMBOL
for f in "$o"/*.o; do
	nm -u "$f" | awk '{ print $2 }' | sort -u | join - "$t/defs" |
	    awk -v f="$(basename "$f" .o)" '$2 != f { print f, $2, $1 }'
done > "$t/calls"
[ -s "$t/calls" ] || fail "no calls between files read"
for g in group units boot recs table; do
	if awk -v g=$g '$1 == g && $2 ~ /^(longgenbench|longweave|adaleval|paper|bench)$/' \
	    "$t/calls" | grep .; then
		fail "$g.c calls a benchmark's code by name"
	fi
done
awk '{ print $1, $2 }' "$t/calls" | sort -u > "$t/edges"
tsort "$t/edges" > /dev/null 2> "$t/err" || true
if [ -s "$t/err" ]; then
	cat "$t/err"
	fail "lg-agg's files call each other in a cycle"
fi
