#!/bin/sh
# lg-agg --tags on real runs: LongGenBench through the reference model and
# its dials, tagged by lg-tags.  The perfect answers have no tag (none
# 100%), --stop-at is truncated and nothing else, --repeat repeated and
# nothing else with distinct_n under 1; records lg-tags did not see are
# untagged, with no share (never "no failure"), and a failed record is
# counted failed, apart from the tagged ones.
set -eu
. "$TOP/tests/lib.sh"
lg-gen longgenbench -l 16k -n 2 -s 1 | lg-prompt > "$t/cases.jsonl"
run() {	# NAME ORACLE-OPTIONS...: the scored, tagged run in $t/NAME.jsonl
	n=$1
	shift
	lg-oracle "$@" < "$t/cases.jsonl" | lg-split | lg-judge --rules > "$t/$n.raw"
	lg-tags "$t/$n.raw" > "$t/$n.jsonl"
}
share() {	# FILE KEY: the KEY of the one JSON row of lg-agg --tags
	lg-agg --tags -g bench -f json "$1" |
	    sed -n "s/.*\"$2\":\([^,}]*\).*/\1/p"
}
only() {	# FILE TAG: TAG at 100% and no other tag
	for k in none cut_reasoning truncated refused format stopped skipped \
	    repeated looping; do
		want=0
		[ "$k" = "$2" ] && want=100
		got=$(share "$1" "${k}_share")
		[ "$got" = "$want" ] || fail "$1: ${k}_share $got, want $want"
	done
}
run perfect
only "$t/perfect.jsonl" none
run stop --stop-at 0.5
only "$t/stop.jsonl" truncated
run rep --repeat 0.3
only "$t/rep.jsonl" repeated
dn=$(share "$t/rep.jsonl" distinct_n)
awk -v d="$dn" 'BEGIN { exit !(d > 0 && d < 1) }' || fail "distinct_n $dn under --repeat"
# not tagged: counted, without shares
[ "$(share "$t/stop.raw" untagged)" = 8 ] || fail "untagged $(share "$t/stop.raw" untagged)"
[ "$(share "$t/stop.raw" tagged)" = 0 ] || fail "records without tags counted tagged"
[ "$(share "$t/stop.raw" none_share)" = null ] ||
    fail "records without tags read as no failure: $(share "$t/stop.raw" none_share)"
# a failed record: failed, out of the shares
head -n 1 "$t/perfect.jsonl" |
    sed 's/^{/{"error":{"stage":"infer","message":"timeout"},/' > "$t/failed.jsonl"
cat "$t/perfect.jsonl" >> "$t/failed.jsonl"
[ "$(share "$t/failed.jsonl" failed)" = 1 ] || fail "failed $(share "$t/failed.jsonl" failed)"
[ "$(share "$t/failed.jsonl" tagged)" = 8 ] || fail "tagged $(share "$t/failed.jsonl" tagged)"
[ "$(share "$t/failed.jsonl" none_share)" = 100 ] ||
    fail "a failed record changed the shares: $(share "$t/failed.jsonl" none_share)"
