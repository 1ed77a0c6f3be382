#!/bin/sh
# The LongWeave difficulty knobs make bigger cases that still score: every
# knob past its tier's size (and past the former fixed limits: keys over 64
# characters in lg-gen and 1024 in lg-oracle, more than 16 pr segments,
# more than 6 nw statements per category, more than 1000 biog facts in
# lg-judge) shows in the record as asked, and lg-oracle's answer scores 1
# with every scorer (lg-kvcheck, lg-fsmcheck, lg-tau, lg-flake8, lg-judge
# --rules).  A cf table bigger than the program's size still comes with its
# functions (no unused variable in main()); sr names its customers past
# the name lists.  The cases are bigger than the 8k tier's, the prompt of each
# longer than that of the same case without the knob.
set -eu
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" 2 600 > /dev/null
cd "$BIN"
gen() {	# task, knobs...
	task=$1
	shift
	./lg-gen longweave -t "$task" -l 8k -n 2 -s 5 --corpus "$t/corpus" "$@"
}
{
	gen kvg --entries 500 --key-length 1100 --value-length 80
	gen sms --steps 3000
	gen pr --segments 24 --segment-words 400
	gen cf --rows 600 --code-tokens 4000
	gen biog --facts 1100 --words 12000
	gen sr --records 900
	gen nw --categories 7 --statements 15 --words 9000
} | ./lg-prompt > "$t/cases"
{
	for task in kvg sms pr cf biog sr nw; do
		gen "$task"
	done
} | ./lg-prompt > "$t/plain"
[ "$(wc -l < "$t/cases")" -eq 14 ] || fail "cases: $(wc -l < "$t/cases")"
expect() {	# task, jq condition its records must meet
	n=$(jq -c --arg t "$1" "select(.task == \$t) | select($2)" "$t/cases" | wc -l)
	[ "$n" -eq 2 ] || fail "$1: $n of 2 records meet $2"
}
expect kvg '.vars.entries == 500 and (.vars.key | length) == 1100 and
    (.vars.value | length) == 80 and .gold.key_length == 1100'
expect sms '(.vars.input | length) == 3000 and (.gold.trace | length) == 3000'
expect pr '.vars.n == 24 and (.gold.order | length) == 24'
expect cf '(.gold.clean | split("\n") | map(select(test("^    \\([0-9]+, "))) | length) == 600 and .gold.functions > 2'
expect biog '(.gold.facts | length) == 1100 and .gold.words == 12000'
expect sr '.vars.rows == 900 and (.vars.csv | split("\n") | map(select(length > 0)) | length) == 901'
expect nw '(.vars.categories | length) == 7 and .vars.words == 9000 and
    (.vars.categories | map(.statements | length) | unique) == [15] and
    (.gold.statements | length) == 105'
# each prompt is longer than its case's without the knobs
jq -r '[.id, (.prompt | length)] | @tsv' "$t/plain" > "$t/plain.len"
jq -r '[.id, (.prompt | length)] | @tsv' "$t/cases" |
    paste - "$t/plain.len" | awk '$1 != $3 || $2 <= $4 { print; bad = 1 }
    END { exit bad }' > "$t/short" || fail "not longer: $(cat "$t/short")"
./lg-oracle < "$t/cases" | ./lg-split | ./lg-judge --rules | ./lg-kvcheck |
    ./lg-fsmcheck | ./lg-tau | ./lg-flake8 > "$t/scored"
bad=$(jq -c 'select(.scores.score != 1) | [.id, .scores]' "$t/scored" | head -n 3)
[ -z "$bad" ] || fail "oracle below 1: $bad"
[ "$(jq -s 'map(select(.scores.score == 1)) | length' "$t/scored")" -eq 14 ] ||
    fail "scored: $(jq -c '[.id, .scores]' "$t/scored")"
# more new customers than the 500 names of stem and suffix: numbered names
# (the former build looped for ever), still answered right
./lg-gen longweave -t sr -l 8k -n 1 --records 7000 | ./lg-prompt > "$t/sr"
jq -r .vars.csv "$t/sr" | grep -Eq ',[A-Z][a-z]+ [A-Za-z]+ [0-9]+,' ||
    fail "no numbered customer in 7000 orders"
./lg-oracle < "$t/sr" | ./lg-split | ./lg-judge --rules > "$t/sr.scored"
[ "$(jq .scores.score "$t/sr.scored")" = 1 ] ||
    fail "sr 7000: $(jq -c .scores "$t/sr.scored")"
echo ok
