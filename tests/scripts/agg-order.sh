#!/bin/sh
# lg-agg output does not depend on the order of the records or on how they
# are split over files, and the same input gives byte-identical output.
set -eu
. "$TOP/tests/lib.sh"
d=$TOP/tests/lg-agg
all=$t/agg-order.jsonl
cat "$d/lw-averages/in" "$d/lgb-failed/in" "$d/fmt-table/in" \
    "$d/tier-order/in" > "$all"
awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' "$all" \
    > "$t/agg-order.rev"
for f in table tsv csv md; do
	"$BIN/lg-agg" -f $f "$all" > "$t/agg-order.a"
	"$BIN/lg-agg" -f $f "$t/agg-order.rev" > "$t/agg-order.b"
	cmp "$t/agg-order.a" "$t/agg-order.b"
	"$BIN/lg-agg" -f $f "$d/tier-order/in" "$d/fmt-table/in" \
	    "$d/lgb-failed/in" - < "$d/lw-averages/in" > "$t/agg-order.b"
	cmp "$t/agg-order.a" "$t/agg-order.b"
done
# three benches in sorted order, one table each
n=$("$BIN/lg-agg" "$all" | grep -c '^bench ')
[ "$n" -eq 3 ]
[ "$("$BIN/lg-agg" "$all" | grep '^bench ' -A1 | awk '$1 != "bench" && $1 != "--" { print $1 }' | tr '\n' ' ')" = "adaleval longgenbench longweave " ]
"$BIN/lg-agg" -f json "$all" > "$t/agg-order.a"
"$BIN/lg-agg" -f json "$all" > "$t/agg-order.b"
cmp "$t/agg-order.a" "$t/agg-order.b"
