#!/bin/sh
# lg-agree: agreement and Cohen's kappa against a hand computation, the
# bootstrap interval seeded, the sheet drawn at random and seeded, its
# labels read back as a third judging (the round trip), and the rules
# against the test server's judge on LongWeave biog, sr and nw.
set -eu
. "$TOP/tests/lg-infer/fake.sh"
cd "$BIN"

# A hand-made 2x2 table over 50 records of one item each:
#   A pass, B pass: 20    A pass, B fail: 5
#   A fail, B pass: 10    A fail, B fail: 15
# agreement po = (20 + 15) / 50 = 0.7; A passes 25 of 50, B 30 of 50;
# chance pe = (25/50)(30/50) + (25/50)(20/50) = 0.3 + 0.2 = 0.5;
# kappa = (po - pe) / (1 - pe) = 0.2 / 0.5 = 0.4
table() {	# FILE: the A side, or with B the B side
	i=0
	for cell in "20 true true" "5 true false" "10 false true" "15 false false"; do
		set -- $cell
		n=$1
		while [ "$n" -gt 0 ]; do
			i=$((i + 1))
			[ "$side" = a ] && p=$2 || p=$3
			printf '{"id":"r%02d","bench":"longweave","task":"biog","verdicts":[{"kind":"fact","at":0,"pass":%s,"judged":true,"by":"x"}]}\n' $i "$p"
			n=$((n - 1))
		done
	done
}
side=a table > "$t/a"
side=b table > "$t/b"
./lg-agree -f json "$t/a" "$t/b" > "$t/j" || fail "hand table: exit status"
jq -e -s 'map(select(.row == "agreement"))[0] | .items == 50 and .agree == 0.7 and
    (.kappa - 0.4 | if . < 0 then -. else . end) < 1e-12 and .pass_pass == 20 and .pass_fail == 5 and
    .fail_pass == 10 and .fail_fail == 15' "$t/j" > /dev/null ||
    fail "hand table: $(cat "$t/j")"
[ "$(jq -s '[.[] | select(.row == "disagree")] | length' "$t/j")" -eq 15 ] ||
    fail "hand table: not 15 disagreements listed"
# the interval holds the estimate, is seeded, and moves with the seed
jq -e -s 'map(select(.row == "agreement"))[0] | .lo < 0.4 and .hi > 0.4 and .lo > 0' "$t/j" > /dev/null ||
    fail "interval: $(cat "$t/j")"
./lg-agree -f json "$t/a" "$t/b" | cmp -s - "$t/j" || fail "same seed, other numbers"
./lg-agree -f json -s 9 "$t/a" "$t/b" | cmp -s - "$t/j" && fail "the seed changes nothing"
# swapping A and B swaps the off-diagonal and keeps kappa
./lg-agree -f json "$t/b" "$t/a" | jq -e -s 'map(select(.row == "agreement"))[0] |
    .pass_fail == 10 and .fail_pass == 5 and (.kappa - 0.4 | if . < 0 then -. else . end) < 1e-12' > /dev/null ||
    fail "B against A"

# a judged suite: LongGenBench (split, by rules) and LongWeave biog, sr, nw
./lg-gen longgenbench -l 16k -n 2 -s 3 | ./lg-prompt | ./lg-oracle --drop 0.3 -s 2 |
    ./lg-split | ./lg-judge --rules > "$t/rules" 2> "$t/err" || fail "lgb: $(cat "$t/err")"
# answered by two models: records of one id, told apart by gen.model
./lg-gen longweave -t biog,sr,nw -l 1k,2k -n 1 | ./lg-prompt > "$t/lwcases"
./lg-oracle --drop 0.4 -s 5 < "$t/lwcases" > "$t/lw"
./lg-oracle --model weak --drop 0.7 -s 6 < "$t/lwcases" >> "$t/lw"
./lg-judge --rules < "$t/lw" >> "$t/rules" 2> "$t/err" || fail "lw: $(cat "$t/err")"

# a judging against itself: 100 %, kappa 1, nothing listed
./lg-agree -f json "$t/rules" "$t/rules" > "$t/self" || fail "self"
jq -e -s '[.[] | select(.row == "total")][0] | .agree == 1 and .kappa == 1 and
    .lo == 1 and .hi == 1 and .items > 100' "$t/self" > /dev/null || fail "self: $(cat "$t/self")"
jq -e -s 'all(.[]; .row != "disagree")' "$t/self" > /dev/null || fail "self disagrees"

# the sheet: 40 decided items, seeded, in reading order, label empty
./lg-agree --sheet 40 -s 4 --cut 300 "$t/rules" > "$t/sheet" || fail "sheet"
[ "$(wc -l < "$t/sheet")" -eq 41 ] || fail "sheet: $(wc -l < "$t/sheet") lines"
head -n 1 "$t/sheet" | grep -qx "$(printf 'id\tbench\ttask\tmodel\tindex\titem\twant\tanswer\tlabel')" ||
    fail "sheet head"
awk -F'\t' 'NR > 1 && (NF != 9 || $9 != "" || $4 !~ /^(lg-oracle|weak)$/ || $7 == "" || $8 == "" || length($8) > 330) { exit 1 }' \
    "$t/sheet" || fail "sheet rows: $(head -n 3 "$t/sheet")"
./lg-agree --sheet 40 -s 4 --cut 300 < "$t/rules" | cmp -s - "$t/sheet" || fail "sheet not seeded"
./lg-agree --sheet 40 -s 5 --cut 300 "$t/rules" | cmp -s - "$t/sheet" && fail "sheet ignores the seed"
[ "$(cut -f2 "$t/sheet" | sort -u | wc -l)" -eq 3 ] || fail "sheet: not both benches"
# only decided items: every row's verdict is judged and not undecided
jq -r '[.id, (.gen.model // "-"), .verdicts] as [$id, $m, $v] | $v | to_entries[] |
    [$id, $m, (.key | tostring), (if .value.pass then "pass" else "fail" end),
     (if .value.judged and (.value.undecided | not) then "d" else "u" end)] | @tsv' \
    "$t/rules" > "$t/truth"
awk -F'\t' 'NR == FNR { v[$1 "\t" $2 "\t" $3] = $4; d[$1 "\t" $2 "\t" $3] = $5; next }
    FNR > 1 && d[$1 "\t" $4 "\t" $5] != "d" { exit 1 }' "$t/truth" "$t/sheet" ||
    fail "an undecided or unjudged item on the sheet"

# a person who labels as the rules judged: 100 % over the 40 items
label() {	# FLIP: the row whose label is turned
	awk -F'\t' -v OFS='\t' -v flip="$1" 'NR == FNR { v[$1 "\t" $2 "\t" $3] = $4; next }
	    FNR == 1 { print; next }
	    { l = v[$1 "\t" $4 "\t" $5] == "pass" ? "yes" : "no"
	      if (FNR == flip) l = l == "yes" ? "no" : "yes"
	      $9 = l; print }' "$t/truth" "$t/sheet"
}
label 0 > "$t/labelled"
./lg-agree --labels "$t/labelled" > "$t/person" || fail "labels"
jq -e -s 'all(.[]; all(.verdicts[]; .by == "person" and .judged and (.index | type) == "number"))' \
    "$t/person" > /dev/null || fail "person verdicts: $(head -n 2 "$t/person")"
./lg-agree -f json "$t/rules" "$t/person" > "$t/rp" 2> "$t/err" || fail "rules-person: $(cat "$t/err")"
[ ! -s "$t/err" ] || fail "a sample warned of the records it left: $(cat "$t/err")"
jq -e -s 'map(select(.row == "total"))[0] | .items == 40 and .agree == 1 and .mismatched == 0' \
    "$t/rp" > /dev/null || fail "round trip: $(cat "$t/rp")"
# one label turned: one disagreement, on that row's id and index
label 7 > "$t/labelled"
row=$(sed -n 7p "$t/sheet" | cut -f1,4,5)
./lg-agree --labels "$t/labelled" > "$t/person"
./lg-agree -f json "$t/rules" "$t/person" > "$t/rp"
jq -e -s 'map(select(.row == "total"))[0] | .items == 40 and .agree == 0.975' "$t/rp" > /dev/null ||
    fail "one turned: $(grep total "$t/rp")"
[ "$(jq -r 'select(.row == "disagree") | [.id, .model, .index] | @tsv' "$t/rp")" = "$row" ] ||
    fail "the turned row is not the one listed: $row"
# both models are on the sheet, and their records pair apart
[ "$(cut -f4 "$t/sheet" | sed 1d | sort -u | tr '\n' ' ')" = "lg-oracle weak " ] ||
    fail "sheet models: $(cut -f4 "$t/sheet" | sort -u)"
# a sheet row sent to another record's place is refused
awk -F'\t' -v OFS='\t' 'FNR == 2 { $5 = 99999 } { print }' "$t/labelled" |
    ./lg-agree --labels > "$t/person"
rc=0
./lg-agree "$t/rules" "$t/person" > /dev/null 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] && grep -q 'verdict index 99999: not in' "$t/err" ||
    fail "index out of the record: $rc $(cat "$t/err")"

# the rules against the test server's judge (a careful reader of the
# fenced text) on the same LongWeave answers: items paired one to one
fake_start j
./lg-judge --judge-base-url "$url/v1" --judge-model test < "$t/lw" > "$t/model" 2> "$t/err" ||
    fail "model judge: $(cat "$t/err")"
grep -v '^{"id":"longgenbench' "$t/rules" > "$t/lwrules"
./lg-agree -f json "$t/lwrules" "$t/model" > "$t/rm" 2> "$t/err" || fail "rules-model: $(cat "$t/err")"
jq -e -s '[.[] | select(.row == "agreement")] | length == 3 and
    all(.[]; .mismatched == 0 and .only_a == 0 and .only_b == 0 and .items > 0 and
        .pass_pass + .pass_fail + .fail_pass + .fail_fail == .items)' "$t/rm" > /dev/null ||
    fail "rules-model: $(cat "$t/rm")"
fake_stop j
