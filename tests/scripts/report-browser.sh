#!/bin/sh
# lg-report's page in a real browser (headless Chromium): the page's script
# runs to its end without an error (window.onerror and the console log are
# both watched; a page with a planted error is shown to be caught), the
# case list is filled, a case chosen by #case=ID&of=MODEL is shown with its judged
# entries marked, markup in the records stays text, records whose bench,
# task, length and model are named after the members of an object
# (hasOwnProperty, __proto__, constructor) are listed like any other, and
# a screenshot is not blank.  With two models: a case beside the same case
# of the other model (a screenshot shows the failed verdict on its side and
# the passed one on the other), its gold answer (the TSort order), its
# verdicts as rows (no raw JSON), entries not written called missing (never
# undecided), and why a case lost points in words.  With failure tags
# (lg-tags): #tag=NAME filters the list to the cases with that tag, the
# tag filter offers the tags present, and a case's tags are given in
# words.
# plain build only: its cost is Chromium (lg-report on such inputs runs in
# both suites: goldens lg-report/escape, tags, odd-names; report-compare.sh)
set -eu
. "$TOP/tests/lib.sh"
export HOME=$t
browser_start

# a small run: LongGenBench through the half-forgetting oracle, plus the
# hand-made records of lg-plot's tests and a record full of markup
lg-gen longgenbench -l 16k -n 1 -s 3 | lg-prompt | lg-oracle --forget-after 0.5 |
    lg-split | lg-judge --rules > "$t/run.jsonl"
cat "$TOP/tests/lg-plot/small.jsonl" >> "$t/run.jsonl"
cat "$TOP/tests/lg-report/escape/in" >> "$t/run.jsonl"
n=$(wc -l < "$t/run.jsonl")
lg-report -t 'browser test' "$t/run.jsonl" > "$t/report.html" 2> "$t/err" ||
    fail "lg-report: $(cat "$t/err")"

addr() {	# PAGE N: the address of case N (its id and model)
	"$py" "$TOP/tests/lg-report/caseaddr.py" "$1" "$2"
}
browse() {	# OUT-PREFIX URL [PNG WIDTH HEIGHT]: the DOM after the script
	o=$1 u=$2
	shift 2
	browse_page "$o" "$u" 20000 "$@"
}
js_errors() {	# PREFIX: the script errors seen in the DOM or the log
	grep -o 'data-error="[^"]*"' "$1.out" || :
	grep -i -e 'Uncaught' -e 'SyntaxError' -e 'ReferenceError' -e 'TypeError' "$1.log" || :
}

# the check can fail: a planted error is caught
sed 's|</body>|<script>undefinedFunction();</script></body>|' "$t/report.html" > "$t/broken.html"
browse "$t/broken" "file://$t/broken.html"
[ -n "$(js_errors "$t/broken")" ] || fail "a planted script error went unseen"

browse "$t/dom" "file://$t/report.html#$(addr "$t/report.html" 0)"
e=$(js_errors "$t/dom")
[ -z "$e" ] || fail "script errors: $e"
grep -q "<body data-ready=\"$n\" data-ready-ms=\"[0-9]*\" data-loaded=\"1\"" "$t/dom.out" ||
    fail "the script did not run to its end ($n cases): $(grep -o '<body[^>]*>' "$t/dom.out")"
grep -q 'data-case="0"' "$t/dom.out" || fail "case 0 is not shown"
rows=$(grep -o '<tr class="st-[a-z]*" data-n=' "$t/dom.out" | wc -l)
[ "$rows" -eq "$n" ] || fail "$rows rows in the case list, want $n"
# case 0: the oracle forgets the instructions half way: entries marked
# passed and failed
grep -q '<mark class="v-pass"' "$t/dom.out" || fail "no entry marked passed"
grep -q '<mark class="v-fail"' "$t/dom.out" || fail "no entry marked failed"
grep -q '<svg' "$t/dom.out" || fail "no chart in the page"
# the position chart's bands (more than two) hidden behind a box
grep -q '<figure id="chart-position" class="nobands">' "$t/dom.out" ||
    fail "the position chart shows its overlapping bands"
grep -q '<label class="bands"><input type="checkbox"> show the 95% bands of the [0-9]* lines</label>' "$t/dom.out" ||
    fail "no box to show the bands"
# the markup record: its text is shown, never run or parsed as markup
grep -q 'pwned\|<script>alert' "$t/dom.out" && fail "record text became markup"
last=$((n - 1))
browse "$t/esc" "file://$t/report.html#$(addr "$t/report.html" "$last")"
e=$(js_errors "$t/esc")
[ -z "$e" ] || fail "script errors on the markup case: $e"
grep -q "data-case=\"$last\"" "$t/esc.out" || fail "the markup case is not shown"
grep -q '&lt;/SCRIPT&gt;&lt;script&gt;alert(2)' "$t/esc.out" ||
    fail "the markup case's output is not shown as text"

# names that are members of every object: the lists and filters still fill
for nm in hasOwnProperty __proto__ constructor toString hasOwnProperty; do
	printf '{"id":"%s/1","bench":"%s","task":"%s","length":"%s","gen":{"model":"%s"},"scores":{"score":1},"verdicts":[{"at":1,"pass":true}]}\n' \
	    "$nm" "$nm" "$nm" "$nm" "$nm"
done > "$t/names.jsonl"
lg-report "$t/names.jsonl" > "$t/names.html" 2> "$t/names.err" ||
    fail "lg-report on odd names: $(cat "$t/names.err")"
browse "$t/names" "file://$t/names.html#$(addr "$t/names.html" 1)"
e=$(js_errors "$t/names")
[ -z "$e" ] || fail "script errors with names such as hasOwnProperty: $e"
grep -q '<body data-ready="5" data-ready-ms="[0-9]*" data-loaded="1"' "$t/names.out" ||
    fail "the script did not run to its end with names such as hasOwnProperty"
rows=$(grep -o '<tr class="st-[a-z]*" data-n=' "$t/names.out" | wc -l)
[ "$rows" -eq 5 ] || fail "$rows rows in the case list of odd names, want 5"
grep -q '<option value="__proto__">' "$t/names.out" ||
    fail "no __proto__ in the bench filter"
grep -q 'data-case="1"' "$t/names.out" || fail "case 1 of odd names is not shown"

# a screenshot that is not blank (the charts' first colour is there), the
# tables above the charts: the headline and the papers' tables
browse "$t/shot" "file://$t/report.html" "$t/shot.png" 1000 3000
[ -s "$t/shot.png" ] || fail "no screenshot"
set -- $("$py" "$TOP/tests/lg-plot/inked.py" "$t/shot.png")
[ "$1" -ge 20 ] || fail "the screenshot is almost blank ($1 per mille drawn)"
[ "$2" -ge 50 ] || fail "no chart in the screenshot ($2 blue pixels)"

# two models on the same cases: TSort and LongGenBench, the oracle and the
# degraded oracle (which stops early: entries missing), and a code fixing
# record that does not compile
lg-gen adaleval -t tsort -l 2k -n 4 -s 1 --corpus "$TOP/share/corpora/austen" \
    2>/dev/null | lg-prompt > "$t/tsort.cases"
lg-gen longgenbench -l 16k -n 1 -s 3 | lg-prompt > "$t/lgb.cases"
weak() { lg-oracle --model oracle-degraded --stop-at 0.7 --forget-after 0.6 --drop 0.5; }
{
	lg-oracle < "$t/tsort.cases"
	weak < "$t/tsort.cases"
} | lg-choice > "$t/ab.jsonl"
{
	lg-oracle < "$t/lgb.cases"
	weak < "$t/lgb.cases"
} | lg-split | lg-judge --rules >> "$t/ab.jsonl"
printf '%s\n' '{"id":"cf/1","bench":"longweave","task":"cf","length":"1k","gen":{"model":"oracle-degraded"},"scores":{"score":0,"runnable":0,"style":0,"functions":0.5,"defs_fixed":7,"defs_orig":14,"remaining":{"E":2},"extracted":"fenced","compile_error":"IndentationError: expected an indented block (<string>, line 3)","sandbox":{"status":"not-run"}}}' >> "$t/ab.jsonl"
lg-report -t 'side by side' "$t/ab.jsonl" > "$t/ab.html" 2> "$t/ab.err" ||
    fail "lg-report on two models: $(cat "$t/ab.err")"
# the headline: a row per model of LongGenBench's CR, STIC-1, STIC-2 and
# wAvg with intervals; a summary of the comparison per bench
for h in '<th>CR</th><th>STIC-1</th><th>STIC-2</th><th>wAvg</th>' \
    '<h4>adaleval: pooled over its tasks and lengths</h4>' \
    '<h4>longgenbench: pooled over its tasks and lengths</h4>'; do
	grep -q "$h" "$t/ab.html" || fail "no $h in the page"
done
# the degraded TSort case that failed, with the oracle's beside it
n=$("$py" -c '
import json, re, sys
s = open(sys.argv[1]).read()
idx = json.loads(re.search(r"id=\"index\">(.*?)</script>", s, re.S).group(1))
print([r[0] for r in idx if r[3] == "tsort" and r[5] == "oracle-degraded" and r[7] == "fail"][0])
' "$t/ab.html") || fail "no failed TSort case of the degraded oracle"
gold=$("$py" -c '
import json, sys
for l in open(sys.argv[1]):
    j = json.loads(l)
    if j["task"] == "tsort" and j["gen"]["model"] == "oracle-degraded" and j["scores"]["score"] == 0:
        print(", ".join(map(str, j["gold"]["order"]))); break
' "$t/ab.jsonl")
browse "$t/ab" "file://$t/ab.html#$(addr "$t/ab.html" "$n")"
e=$(js_errors "$t/ab")
[ -z "$e" ] || fail "script errors on the side by side case: $e"
grep -q "data-case=\"$n\"" "$t/ab.out" || fail "case $n is not shown"
grep -q 'data-beside="[0-9]*"' "$t/ab.out" || fail "no case beside case $n"
c=$(grep -o '<p class="gold">order: [0-9, ]*</p>' "$t/ab.out" | sort -u)
[ "$c" = "<p class=\"gold\">order: $gold</p>" ] ||
    fail "the gold order shown is '$c', want $gold"
grep -q '<td class="verdict">fail</td>' "$t/ab.out" || fail "no failed verdict row"
grep -q '<td class="verdict">pass</td>' "$t/ab.out" || fail "no passed verdict row"
"$py" -c '
import sys
s = open(sys.argv[1]).read()
s = s[s.index("<div id=\"detail\""):s.index("<script type=\"application/json\" id=\"index\"")]
sys.exit(1 if "{\"" in s or "{&quot;" in s else 0)
' "$t/ab.out" || fail "raw JSON in the case's view"
# the screenshot of that case: the failed verdict (red) on the left, the
# passed one (green) on the right (ten times as much as on the other side)
browse "$t/abshot" "file://$t/ab.html#$(addr "$t/ab.html" "$n")" \
    "$t/ab.png" 1200 700
set -- $("$py" "$TOP/tests/lg-report/colours.py" "$t/ab.png" f7d4cc d7f0dd)
[ "$1" -ge 200 ] && [ "$2" -lt $(($1 / 10)) ] ||
    fail "the failed verdict is not on the left only ($1 left, $2 right)"
[ "$4" -ge 200 ] && [ "$3" -lt $(($4 / 10)) ] ||
    fail "the passed verdict is not on the right only ($3 left, $4 right)"
# a LongGenBench case of the degraded oracle: entries it did not write
# are missing, never undecided (no judge was asked)
n=$("$py" -c '
import json, re, sys
s = open(sys.argv[1]).read()
idx = json.loads(re.search(r"id=\"index\">(.*?)</script>", s, re.S).group(1))
print([r[0] for r in idx if r[2] == "longgenbench" and r[5] == "oracle-degraded"][0])
' "$t/ab.html")
browse "$t/lgb" "file://$t/ab.html#$(addr "$t/ab.html" "$n")"
grep -q '<td class="verdict">missing</td>' "$t/lgb.out" || fail "no missing entry"
grep -q '<td class="verdict">undecided</td>' "$t/lgb.out" &&
    fail "an entry not written is called undecided"
grep -q '<li>[0-9]* of [0-9]* entries missing</li>' "$t/lgb.out" ||
    fail "the missing entries are not counted in words"
# the code that does not compile: the reason in words
n=$(($(wc -l < "$t/ab.jsonl") - 1))
browse "$t/cf" "file://$t/ab.html#$(addr "$t/ab.html" "$n")"
grep -q '<li>does not compile: IndentationError: expected an indented block (&lt;string&gt;, line 3)</li>' "$t/cf.out" ||
    fail "the code's failure is not given in words"
grep -q '<li>7 of 14 functions kept</li>' "$t/cf.out" || fail "the functions kept are not given"
# failure tags: the filter keeps the cases with the tag, and only them
lg-report -t tags --bootstrap 0 "$TOP/tests/lg-report/tags/in" > "$t/tags.html" ||
    fail "lg-report on tagged records failed"
for want in stopped:2 repeated:1 refused:1 cut-reasoning:1; do
	tag=${want%:*} k=${want#*:}
	browse "$t/tag-$tag" "file://$t/tags.html#tag=$tag"
	e=$(js_errors "$t/tag-$tag")
	[ -z "$e" ] || fail "script errors: $e"
	rows=$(grep -o '<tr class="st-[a-z]*" data-n=' "$t/tag-$tag.out" | wc -l)
	[ "$rows" -eq "$k" ] || fail "#tag=$tag: $rows cases listed, want $k"
	grep -q "<span id=\"count\">$k of 9 cases" "$t/tag-$tag.out" ||
	    fail "#tag=$tag: $(grep -o '<span id="count">[^<]*' "$t/tag-$tag.out")"
done
# the filter's choices: the tags present, the tagged cases without one,
# the cases not tagged
for o in '<option value="tstopped">stopped</option>' \
    '<option value="n">no failure tag</option>' \
    '<option value="u">not tagged</option>'; do
	grep -qF "$o" "$t/tag-stopped.out" || fail "no choice $o in the tag filter"
done
grep -q '<option value="tskipped">' "$t/tag-stopped.out" &&
    fail "a tag no record has is offered"
# a case's tags in words (case 1: repeated and looping)
browse "$t/tagcase" "file://$t/tags.html#$(addr "$t/tags.html" 1)"
grep -q '<li>repeated: an item or a piece of text written twice</li>' "$t/tagcase.out" ||
    fail "the case's tags are not given in words"
grep -q '<li>looping: ' "$t/tagcase.out" || fail "the second tag is not given"
grep -q '<h2 id="tags">Failure tags</h2>' "$t/tags.html" || fail "no table of the tags"
exit 0
