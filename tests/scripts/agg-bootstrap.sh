#!/bin/sh
# lg-agg --bootstrap is deterministic: the same records and seed give the
# same intervals, whatever the order of the records and whatever other
# groups the input holds; another seed gives other intervals; intervals
# are on by default (--bootstrap 1000) and --bootstrap 0 turns them off.
set -eu
. "$TOP/tests/lib.sh"
awk 'BEGIN {
	srand(3)
	for (i = 0; i < 300; i++) {
		printf "{\"bench\":\"longweave\",\"task\":\"kvg\",\"length\":\"%s\",\"gen\":{\"model\":\"m%d\"},\"scores\":{\"score\":%.2f}}\n", i % 3 ? "1k" : "2k", i % 2, rand()
		printf "{\"bench\":\"longgenbench\",\"task\":\"diary\",\"length\":\"16k\",\"gen\":{\"model\":\"m%d\"},\"scores\":{\"entries_found\":%d,\"entries_expected\":10,\"words\":%d,\"stic_pass\":%d,\"stic_judged\":4,\"stic_total\":5}}\n", i % 2, int(rand() * 11), int(rand() * 5000), int(rand() * 5)
	}
}' > "$t/in"
lg-agg --bootstrap 500 -f json "$t/in" > "$t/a"
lg-agg --bootstrap 500 -f json "$t/in" > "$t/b"
cmp -s "$t/a" "$t/b" || fail "two runs differ"
grep -q '"stic1_lo":' "$t/a" || fail "no stic1_lo"
grep -q '"score_hi":' "$t/a" || fail "no score_hi"
# the records reversed (as printed: sums in another order differ in their
# last bits, in the point estimates too)
awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' "$t/in" > "$t/rev"
lg-agg --bootstrap 500 -f tsv "$t/in" > "$t/a"
lg-agg --bootstrap 500 -f tsv "$t/rev" > "$t/b"
cmp -s "$t/a" "$t/b" || fail "the order of the records changes the intervals"
lg-agg --bootstrap 500 -f json "$t/in" > "$t/a"
# m0 alone: its rows are the same as in the whole run
grep '"model":"m0"' "$t/in" > "$t/m0"
lg-agg --bootstrap 500 -f json "$t/m0" > "$t/b"
grep '"model":"m0"' "$t/a" | grep -v '"row":"overall"' | grep -v '"row":"avg"' > "$t/a0"
grep -v '"row":"overall"' "$t/b" | grep -v '"row":"avg"' > "$t/b0"
cmp -s "$t/a0" "$t/b0" || fail "other groups change a group's intervals"
lg-agg --bootstrap 500 --seed 2 -f json "$t/in" > "$t/b"
cmp -s "$t/a" "$t/b" && fail "--seed changes nothing"
# on by default: the same tables as --bootstrap 1000, in every format
for f in table tsv csv md latex json; do
	lg-agg -f $f "$t/in" > "$t/a"
	lg-agg -f $f --bootstrap 1000 "$t/in" > "$t/b"
	cmp -s "$t/a" "$t/b" || fail "-f $f: the default differs from --bootstrap 1000"
done
grep -q '"score_lo":' "$t/a" || fail "no score_lo by default"
lg-agg --layout paper "$t/in" | grep -q '±' || fail "no interval in --layout paper"
lg-agg "$t/in" | grep -q '±' || fail "no interval column by default"
# off with --bootstrap 0: no interval column, no _lo, _hi or se
lg-agg --bootstrap 0 "$t/in" > "$t/a"
grep -q '±' "$t/a" && fail "interval columns with --bootstrap 0"
lg-agg --bootstrap 0 -f json "$t/in" > "$t/a"
grep -q -e '_lo"' -e '_hi"' -e '_se"' "$t/a" && fail "intervals in JSON with --bootstrap 0"
exit 0
