#!/bin/sh
# lg-compare on runs of the reference model, LongGenBench and LongWeave:
#   - a run against itself: every difference and bound exactly 0, p = 1;
#   - the same model with two seeds of its random misses (--drop 0.2):
#     no significant difference (p > 0.05, the interval holds 0);
#   - the oracle against the degraded oracle: a significant one (p < 0.05,
#     the interval below 0) in score, STIC-1, STIC-2 and CR;
#   - the order of the records changes nothing, and --by on the two runs
#     in one stream gives the same rows as the two files;
#   - repeated samples (case and sample members) pair by case.
set -eu
. "$TOP/tests/lib.sh"
cd "$BIN"
export LG_SHARE="$TOP/share"
{
	./lg-gen longgenbench -l 16k,32k -n 6 -s 7
	./lg-gen longweave -t kvg,sms -l 1k,2k -n 6 -s 3
} | ./lg-prompt > "$t/cases"
score() {	# oracle options...
	./lg-oracle "$@" < "$t/cases" | ./lg-split | ./lg-judge --rules |
	    ./lg-kvcheck | ./lg-fsmcheck
}
score > "$t/oracle"
score -s 1 --drop 0.2 > "$t/seed1"
score -s 2 --drop 0.2 > "$t/seed2"
score --model oracle-degraded --stop-at 0.8 --forget-after 0.6 --drop 0.2 \
    > "$t/degraded"
n=$(wc -l < "$t/cases")

# the same run against itself
./lg-compare -f json "$t/seed1" "$t/seed1" > "$t/self"
[ "$(jq -r 'select(.row == "summary") | "\(.paired) \(.only_a) \(.only_b)"' "$t/self")" = "$n 0 0" ] ||
    fail "self: not all $n cases paired: $(head -n 1 "$t/self")"
rows=$(jq -c 'select(.row == "metric")' "$t/self" | wc -l)
[ "$rows" -ge 20 ] || fail "self: only $rows metric rows"
bad=$(jq -c 'select(.row == "metric") | select(.diff != 0 or .lo != 0 or .hi != 0 or .p != 1 or .a != .b)' "$t/self")
[ -z "$bad" ] || fail "self: not exactly 0 and p = 1: $bad"
[ "$(jq -c 'select(.row == "change" or .row == "unpaired")' "$t/self")" = "" ] ||
    fail "self: changed or unpaired cases listed"

# two seeds of the same model: no significant difference, per bench
./lg-compare -f json -g bench "$t/seed1" "$t/seed2" > "$t/seeds"
[ "$(jq -c 'select(.row == "change")' "$t/seeds" | wc -l)" -gt 0 ] ||
    fail "seeds: the two runs do not differ at all, the test proves nothing"
bad=$(jq -c 'select(.row == "metric" and .test == "perm") | select(.p <= 0.05 or .lo > 0 or .hi < 0)' "$t/seeds")
[ -z "$bad" ] || fail "seeds: a significant difference: $bad"

# the oracle against the degraded oracle: significant, and worse
./lg-compare -f json -g bench "$t/oracle" "$t/degraded" > "$t/degr"
for m in score stic1 stic2 cr; do
	r=$(jq -c "select(.row == \"metric\" and .bench == \"longgenbench\" and .metric == \"$m\")" "$t/degr")
	[ -n "$r" ] || fail "degraded: no $m row"
	echo "$r" | jq -e '.p < 0.05 and .hi < 0 and .diff < 0' > /dev/null ||
	    fail "degraded: $m not significantly worse: $r"
done
r=$(jq -c 'select(.row == "metric" and .bench == "longweave" and .metric == "score")' "$t/degr")
echo "$r" | jq -e '.p < 0.05 and .hi < 0' > /dev/null ||
    fail "degraded: longweave score not significantly worse: $r"

# record order and file splitting change nothing; --by gives the same rows
awk '{ l[NR] = $0 } END { for (i = NR; i > 0; i--) print l[i] }' \
    "$t/degraded" > "$t/degraded.rev"
./lg-compare "$t/oracle" "$t/degraded" | tail -n +3 > "$t/a"
./lg-compare "$t/oracle" "$t/degraded.rev" | tail -n +3 > "$t/b"
cmp "$t/a" "$t/b" || fail "the order of the records changed the output"
cat "$t/degraded.rev" "$t/oracle" |
    ./lg-compare --by gen.model=lg-oracle,oracle-degraded -f json |
    jq -c 'select(.row != "summary")' > "$t/by"
./lg-compare -f json "$t/oracle" "$t/degraded" |
    jq -c 'select(.row != "summary")' > "$t/files"
[ -s "$t/files" ] || fail "no rows"
cmp "$t/files" "$t/by" || fail "--by gen.model=A,B differs from the two files"
jq -c 'select(.row != "summary")' "$t/degr" > "$t/files"
./lg-compare -g bench --by gen.model -f json "$t/degraded" "$t/oracle" |
    jq -c 'select(.row != "summary")' > "$t/by2"
cmp "$t/files" "$t/by2" || fail "--by gen.model differs from the two files"

# repeated samples (case and sample members, as lg-infer --samples writes
# them): three samples a side, averaged per case; seeds 1-3 against 4-6
# are alike, the degraded oracle is worse
samples() {	# output, oracle options... (the seed comes last)
	out=$1
	shift
	for k in 1 2 3; do
		score "$@" $((k + ${base:-0})) |
		    jq -c --argjson k $k '.case = .id | .sample = $k | .id = "\(.id)/s\($k)"'
	done > "$out"
}
base=0 samples "$t/sa" --drop 0.2 -s
base=3 samples "$t/sb" --drop 0.2 -s
base=0 samples "$t/sd" --model oracle-degraded --stop-at 0.8 --drop 0.2 -s
./lg-compare -f json -g bench "$t/sa" "$t/sb" > "$t/samp"
[ "$(jq -r 'select(.row == "summary") | "\(.paired) \(.only_a) \(.only_b)"' "$t/samp")" = "$n 0 0" ] ||
    fail "samples: not paired by case: $(head -n 1 "$t/samp")"
bad=$(jq -c 'select(.row == "metric" and .test == "perm") | select(.p <= 0.05 or .lo > 0 or .hi < 0)' "$t/samp")
[ -z "$bad" ] || fail "samples: a significant difference between seeds: $bad"
[ "$(jq -c 'select(.row == "metric" and .metric == "checks")' "$t/samp")" = "" ] ||
    fail "samples: checks paired one by one across samples"
r=$(./lg-compare -f json -g bench "$t/sa" "$t/sd" |
    jq -r 'select(.row == "metric" and .metric == "score") | "\(.bench) \(.p < 0.05 and .hi < 0)"' | tr '\n' ' ')
[ "$r" = "longgenbench true longweave true " ] ||
    fail "samples: the degraded oracle is not significantly worse: $r"
