#!/bin/sh
# One pipeline scores a mixed suite: every LongWeave scorer passes the
# other tasks' records (and LongGenBench's) through untouched, the oracle
# gets the maximum in every cell, and a degraded oracle does not.
set -eu
. "$TOP/tests/lib.sh"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
cd "$BIN"
{
	./lg-gen longweave -t kvg,sms,pr,cf -l 1k,2k,4k,8k -n 3 --corpus "$t/corpus"
	./lg-gen longgenbench -l 16k -n 1 -t city
} | ./lg-prompt > "$t/cases"
score() {
	./lg-kvcheck | ./lg-fsmcheck | ./lg-tau | ./lg-flake8
}
./lg-oracle < "$t/cases" > "$t/ans"
score < "$t/ans" > "$t/scored"
# records the scorers do not own come out byte for byte
grep '"bench":"longgenbench"' "$t/ans" > "$t/lgb.in"
grep '"bench":"longgenbench"' "$t/scored" > "$t/lgb.out"
cmp -s "$t/lgb.in" "$t/lgb.out" || fail "a scorer touched a longgenbench record"
[ "$(jq -s 'map(select(.bench == "longweave" and .scores.score == 1)) | length' "$t/scored")" -eq 48 ] ||
    fail "not every oracle answer scores 1"
./lg-agg -f json < "$t/scored" > "$t/agg"
[ "$(jq -s 'map(select(.bench == "longweave")) | length' "$t/agg")" -eq 21 ] ||
    fail "cells: $(cat "$t/agg")"
bad=$(jq -c 'select(.bench == "longweave" and .score != 100)' "$t/agg")
[ -z "$bad" ] || fail "cells below the maximum: $bad"
# a degraded oracle: every task below the maximum, none at zero
./lg-oracle --drop 0.5 -s 3 < "$t/cases" | score | ./lg-agg -f json > "$t/deg"
[ "$(jq -s 'map(select(.bench == "longweave" and .length == "avg" and .task != "overall")) | length' "$t/deg")" -eq 4 ] ||
    fail "task averages: $(cat "$t/deg")"
bad=$(jq -c 'select(.bench == "longweave" and .length == "avg" and (.score >= 100 or .score <= 0))' "$t/deg")
[ -z "$bad" ] || fail "degraded answers: $bad"
echo ok
