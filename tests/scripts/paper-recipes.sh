#!/bin/sh
# The README's "Reproduce a paper's table" recipes run as written: each
# indented block of that section, in a folder holding small files in the
# official formats under the official names (the suite's own fixtures),
# with the test server as the model under test and as the judge, and
# small n (-n 200 and -n 1000 become -n 1 and -n 2).  Every
# block ends well, scores every record (none "unscored", none failed by a
# missing stage) and prints the paper's layout.
. "$TOP/tests/lg-infer/fake.sh"
fake_start m --lgb-judge
MODEL=fake URL=$url JUDGE_URL=$url
export MODEL URL JUDGE_URL
w=$t/w
mkdir -p "$w"
# the fixture's 16k cases (100 floors, 52 weeks) as the short set, its 32k
# case (19x19 blocks) as the long one
jq '.[0:2]' "$TOP/tests/lg-gen/import-dataset/dataset.json" > "$w/Dataset_short.json"
jq '.[2:3]' "$TOP/tests/lg-gen/import-dataset/dataset.json" > "$w/Dataset_long.json"
cp "$TOP/tests/adaleval/textsort_2k.json" "$w/textsort_2k.json"
cp "$TOP/tests/adaleval/stackselect_1k.json" "$w/stackselect_1k.json"

# the section's blocks: lines indented by four spaces, a block ended by a
# line that is not
awk '
/^Reproduce a paper.s table$/ { on = 1; next }
on && /^-+$/ && prev != "" && seen { exit }
on && /^[A-Z].*$/ && prev == "" { }
on && /^    / { if (!inb) { n++; inb = 1 } print substr($0, 5) > (dir "/block" n ".sh"); seen = 1; next }
on { inb = 0 }
{ prev = $0 }
' dir="$t" "$TOP/README"
for b in 1 2 3; do
	[ -s "$t/block$b.sh" ] || fail "README: no recipe block $b"
	sed -e 's/ -n 200 / -n 1 /' -e 's/ -n 1000$/ -n 2/' "$t/block$b.sh" > "$t/small$b.sh"
done
[ ! -e "$t/block4.sh" ] || fail "README: more than three recipe blocks"
# The test server cannot answer the published LongWeave rubrics (biog, sr,
# nw and cf's relevance question: lg-judge --compat reads none of its
# replies), so recipe 2's lg-score ends with status 1 for undecided items
# and its block runs on; every other step must end well.
for b in 1 2 3; do
	e=-e
	[ "$b" -ne 2 ] || e=
	(cd "$w" && sh $e "$t/small$b.sh") > "$t/out$b" 2> "$t/err$b" ||
	    fail "recipe $b: exit $?: $(tail -5 "$t/err$b")"
	no_crash "$t/err$b"
	grep -q . "$t/out$b" || fail "recipe $b: no table"
	! grep -q -i 'unscored\|never scored' "$t/err$b" ||
	    fail "recipe $b: records left unscored: $(cat "$t/err$b")"
done
# what each scored: every record holds scores or an error of its own
for f in lgb lw ada; do
	[ -s "$w/$f.scored" ] || fail "no $f.scored"
	jq -e -s 'length > 0 and all(.scores != null or .error != null)' \
	    "$w/$f.scored" > /dev/null || fail "$f.scored: a record without scores"
done
jq -e -s 'map(.bench) | unique == ["longgenbench"]' "$w/lgb.scored" > /dev/null ||
    fail "lgb.scored: benches"
jq -e -s '[.[] | .task] | unique | length == 7' "$w/lw.scored" > /dev/null ||
    fail "lw.scored: not the seven LongWeave tasks"
jq -e -s 'all(select(.task == "kvg" or .task == "sms" or .task == "pr")
    | .scores.score != null)' "$w/lw.scored" > /dev/null ||
    fail "lw.scored: a rule-scored task without a score"
grep -q 'undecided (.* unparseable, 0 failed requests)' "$t/err2" ||
    fail "recipe 2: the judge's replies: $(grep 'lg-judge:' "$t/err2" | tail -3)"
jq -e -s '[.[] | .task] | unique == ["bestanswer", "tsort"]' "$w/ada.scored" > /dev/null ||
    fail "ada.scored: tasks"
# the same through examples/Makefile's paper targets, with the reference
# model (paper-longweave needs a judge of the published rubrics, which the
# test server is not)
ex=$t/ex
cp -R "$TOP/examples" "$ex"
rm -rf "$ex/runs"
for target in paper-longgenbench paper-adaleval; do
	make -C "$ex" "$target" LGBIN="$BIN" MODELS=oracle DATA="$w" \
	    JUDGE_URL="$url" N=2 PAPER_TIERS_adaleval=2k > "$t/$target.log" 2>&1 ||
	    fail "make $target: $(tail -5 "$t/$target.log")"
	r=$ex/runs/${target}/report.md
	grep -q oracle "$r" || fail "make $target: no row of the model: $(cat "$r")"
done
fake_stop m
exit 0
