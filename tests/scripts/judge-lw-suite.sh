#!/bin/sh
# The issue's pipeline with a model judge: every LongWeave task lg-gen
# lists at every tier, the oracle's answers through every scorer and
# lg-judge --hybrid against the test server, give 100 in every cell, with
# the judge calls per record reported and at most half of what the full
# model judge makes on the same records; the tasks lg-judge does not judge
# with a model (lg-judge --list-tasks) pass through it byte for byte, but
# for those it judges by rules alone, which go to lg-judge --rules (a model
# judge refuses them by name).
set -eu
. "$TOP/tests/lg-infer/fake.sh"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
cd "$BIN"
./lg-gen --list-tasks | awk -F '\t' '$1 == "longweave" { print $2 }' > "$t/tasks"
./lg-judge --list-tasks > "$t/judged" ||
	fail "lg-judge has no --list-tasks: the tasks it judges with a model are unknown"
awk -F '\t' '$1 == "longweave" && ("," $3 ",") ~ /,model,/ { print $2 }' \
    "$t/judged" > "$t/bymodel"
[ -s "$t/bymodel" ] || fail "lg-judge lists no LongWeave task judged with a model"
cells=$((4 * $(wc -l < "$t/tasks")))
./lg-gen longweave -t "$(paste -s -d , "$t/tasks")" -l 1k,2k,4k,8k -n 2 --corpus "$t/corpus" |
    ./lg-prompt | ./lg-oracle | ./lg-kvcheck | ./lg-fsmcheck | ./lg-tau |
    ./lg-flake8 > "$t/scored"
awk -F '\t' '$1 == "longweave" && ("," $3 ",") ~ /,rules,/ &&
    ("," $3 ",") !~ /,model,/ { print "\"task\":\"" $2 "\"" }' \
    "$t/judged" > "$t/rulesonly.pat"
grep -v -F -f "$t/rulesonly.pat" "$t/scored" > "$t/asked" || :
grep -F -f "$t/rulesonly.pat" "$t/scored" | ./lg-judge --rules > "$t/byrules" ||
	fail "--rules on the tasks judged by rules alone"
# the server once the scorers are done (they may take long on a busy machine)
fake_start j --idle-exit 600 --lifetime 1200
url=$url/v1
for mode in hybrid model; do
	a=
	[ $mode = hybrid ] && a=--hybrid
	./lg-judge $a --judge-base-url "$url" --judge-model test < "$t/asked" \
	    > "$t/$mode.part" 2> "$t/$mode.err" || fail "$mode: $(cat "$t/$mode.err")"
	cat "$t/$mode.part" "$t/byrules" > "$t/$mode"
	./lg-agg -f json < "$t/$mode" > "$t/$mode.agg"
	[ "$(jq -s 'map(select(.row == "cell")) | length' "$t/$mode.agg")" -eq "$cells" ] ||
		fail "$mode cells: $(cat "$t/$mode.agg")"
	bad=$(jq -c 'select(.score != 100)' "$t/$mode.agg")
	[ -z "$bad" ] || fail "$mode: cells below 100: $bad"
	grep -q 'judge calls ([0-9.]* per record)' "$t/$mode.err" ||
		fail "$mode: no calls per record: $(cat "$t/$mode.err")"
done
calls() {
	sed -n 's/.* \([0-9][0-9]*\) judge calls (.*/\1/p' "$1"
}
h=$(calls "$t/hybrid.err")
m=$(calls "$t/model.err")
[ "$m" -gt 0 ] && [ $((2 * h)) -le "$m" ] || fail "hybrid made $h calls, the model judge $m"
# the judge passes the other tasks' records through byte for byte
sed 's/.*/"task":"&"/' "$t/bymodel" > "$t/bymodel.pat"
grep -v -F -f "$t/bymodel.pat" "$t/asked" > "$t/others.in"
grep -v -F -f "$t/bymodel.pat" "$t/hybrid.part" > "$t/others.out"
[ -s "$t/others.in" ] || fail "no record of a task lg-judge does not judge"
cmp -s "$t/others.in" "$t/others.out" || fail "lg-judge touched another task's record"
fake_stop j
echo ok
