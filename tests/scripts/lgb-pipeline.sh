#!/bin/sh
# LongGenBench end to end through the reference model: the figures that
# must hold (CR and STIC-2 100 for every variant; --stop-at 0.5 gives CR
# 48-52 with STIC-1 99+; --drop 0.3 gives STIC-2 65-75), read from lg-agg.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"
./lg-gen longgenbench -l 16k,32k -n 12 -s 7 | ./lg-prompt > "$t/cases"

run() {	# name, oracle options...
	name=$1
	shift
	./lg-oracle "$@" < "$t/cases" | ./lg-split | ./lg-judge --rules |
	    ./lg-agg -f json > "$t/$name"
	[ "$(jq -s 'map(select(.bench == "longgenbench")) | length' "$t/$name")" -eq 8 ] ||
	    fail "$name: not 8 variants: $(cat "$t/$name")"
}
range_ok() {	# file, jq filter for rows that break the rule
	bad=$(jq -c "select(.bench == \"longgenbench\") | select($2) | {task, length, cr, stic1, stic2}" "$1")
	[ -z "$bad" ] || fail "$1: $bad"
}

run full
range_ok "$t/full" '.cr != 100 or .stic2 != 100 or .stic1 != 100 or .wavg != 100'
run stop --stop-at 0.5
range_ok "$t/stop" '.cr < 48 or .cr > 52 or .stic1 < 99'
run drop --drop 0.3
range_ok "$t/drop" '.cr != 100 or .stic2 < 65 or .stic2 > 75'
run forget --forget-after 0.5
range_ok "$t/forget" '.cr != 100 or .stic2 > 75'

# the oracle is deterministic and keeps records it does not know
./lg-oracle --drop 0.3 < "$t/cases" > "$t/o1"
./lg-oracle --drop 0.3 < "$t/cases" > "$t/o2"
cmp -s "$t/o1" "$t/o2" || fail "oracle output differs between runs"
echo '{"id":"x","bench":"nosuch","z":[1,2]}' | ./lg-oracle > "$t/o3"
[ "$(cat "$t/o3")" = '{"id":"x","bench":"nosuch","z":[1,2]}' ] || fail "passthrough: $(cat "$t/o3")"
echo ok
