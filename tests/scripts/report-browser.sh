#!/bin/sh
# lg-report's page in a real browser (headless Chromium): the page's script
# runs to its end without an error (window.onerror and the console log are
# both watched; a page with a planted error is shown to be caught), the
# case list is filled, a case chosen by #case=N is shown with its judged
# entries marked, markup in the records stays text, records whose bench,
# task, length and model are named after the members of an object
# (hasOwnProperty, __proto__, constructor) are listed like any other, and
# a screenshot is not blank.
set -eu
. "$TOP/tests/lib.sh"
command -v chromium >/dev/null || fail "chromium missing (mk/deps.sh check installs it)"
export HOME=$t

# a small run: LongGenBench through the half-forgetting oracle, plus the
# hand-made records of lg-plot's tests and a record full of markup
lg-gen longgenbench -l 16k -n 1 -s 3 | lg-prompt | lg-oracle --forget-after 0.5 |
    lg-split | lg-judge --rules > "$t/run.jsonl"
cat "$TOP/tests/lg-plot/small.jsonl" >> "$t/run.jsonl"
cat "$TOP/tests/lg-report/escape/in" >> "$t/run.jsonl"
n=$(wc -l < "$t/run.jsonl")
lg-report -t 'browser test' "$t/run.jsonl" > "$t/report.html" 2> "$t/err" ||
    fail "lg-report: $(cat "$t/err")"

browse() {	# OUT-PREFIX URL [chromium options...]: dump the DOM after the script
	o=$1 u=$2
	shift 2
	timeout 300 chromium --headless --no-sandbox --disable-gpu \
	    --user-data-dir="$t/profile" --no-first-run --disable-extensions \
	    --enable-logging=stderr --v=0 --virtual-time-budget=20000 \
	    "$@" "$u" > "$o.out" 2> "$o.log" || fail "chromium failed: $(tail -5 "$o.log")"
}
js_errors() {	# PREFIX: the script errors seen in the DOM or the log
	grep -o 'data-error="[^"]*"' "$1.out" || :
	grep -i -e 'Uncaught' -e 'SyntaxError' -e 'ReferenceError' -e 'TypeError' "$1.log" || :
}

# the check can fail: a planted error is caught
sed 's|</body>|<script>undefinedFunction();</script></body>|' "$t/report.html" > "$t/broken.html"
browse "$t/broken" "file://$t/broken.html" --dump-dom
[ -n "$(js_errors "$t/broken")" ] || fail "a planted script error went unseen"

browse "$t/dom" "file://$t/report.html#case=0" --dump-dom
e=$(js_errors "$t/dom")
[ -z "$e" ] || fail "script errors: $e"
grep -q "<body data-ready=\"$n\" data-loaded=\"1\"" "$t/dom.out" ||
    fail "the script did not run to its end ($n cases): $(grep -o '<body[^>]*>' "$t/dom.out")"
grep -q 'data-case="0"' "$t/dom.out" || fail "case 0 is not shown"
rows=$(grep -o '<tr class="st-[a-z]*" data-n=' "$t/dom.out" | wc -l)
[ "$rows" -eq "$n" ] || fail "$rows rows in the case list, want $n"
# case 0: the oracle forgets the instructions half way: entries marked
# passed and failed
grep -q '<mark class="v-pass"' "$t/dom.out" || fail "no entry marked passed"
grep -q '<mark class="v-fail"' "$t/dom.out" || fail "no entry marked failed"
grep -q '<svg' "$t/dom.out" || fail "no chart in the page"
# the markup record: its text is shown, never run or parsed as markup
grep -q 'pwned\|<script>alert' "$t/dom.out" && fail "record text became markup"
last=$((n - 1))
browse "$t/esc" "file://$t/report.html#case=$last" --dump-dom
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
browse "$t/names" "file://$t/names.html#case=1" --dump-dom
e=$(js_errors "$t/names")
[ -z "$e" ] || fail "script errors with names such as hasOwnProperty: $e"
grep -q '<body data-ready="5" data-loaded="1"' "$t/names.out" ||
    fail "the script did not run to its end with names such as hasOwnProperty"
rows=$(grep -o '<tr class="st-[a-z]*" data-n=' "$t/names.out" | wc -l)
[ "$rows" -eq 5 ] || fail "$rows rows in the case list of odd names, want 5"
grep -q '<option value="__proto__">' "$t/names.out" ||
    fail "no __proto__ in the bench filter"
grep -q 'data-case="1"' "$t/names.out" || fail "case 1 of odd names is not shown"

# a screenshot that is not blank (the charts' first colour is there)
browse "$t/shot" "file://$t/report.html" --hide-scrollbars \
    --window-size=1000,900 --screenshot="$t/shot.png"
[ -s "$t/shot.png" ] || fail "no screenshot"
set -- $("$py" "$TOP/tests/lg-plot/inked.py" "$t/shot.png")
[ "$1" -ge 20 ] || fail "the screenshot is almost blank ($1 per mille drawn)"
[ "$2" -ge 50 ] || fail "no chart in the screenshot ($2 blue pixels)"
exit 0
