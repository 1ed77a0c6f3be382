#!/bin/sh
# lg-judge with a model draws a status line on a terminal (records out,
# checks decided and their rate, undecided, failed requests), cleared
# before the summary; without a terminal only the summary.
. "$TOP/tests/lg-infer/fake.sh"
command -v script > /dev/null 2>&1 || fail "script(1), from util-linux, is missing"
fake_start s --delay-ms 150
cp "$TOP/share/rubrics/longgenbench.tmpl" "$t/rubric"
echo 'JUDGE: yes' >> "$t/rubric"
lg-gen longgenbench -l 16k -n 1 -t menu | lg-prompt | lg-oracle | lg-split > "$t/in"
judge="lg-judge --judge-base-url $url --judge-model m --rubric $t/rubric -P 2"
$judge "$t/in" > "$t/out1" 2> "$t/err1" || fail "run: $(cat "$t/err1")"
[ "$(wc -l < "$t/err1")" -eq 1 ] || fail "not a terminal: $(cat "$t/err1")"
v=$(lg-judge --version | cut -d' ' -f2)
grep -q "; lg $v, judge llm:m, max tokens 2048\$" "$t/err1" || fail "summary: $(cat "$t/err1")"
script -qc "$judge $t/in > $t/out2" "$t/tty" > /dev/null 2>&1 || fail "run under script"
no_crash "$t/tty"
grep -q 'lg-judge: 0 records, [0-9]* checks by the model ([0-9.]*/s), 0 undecided, 0 failed requests, [0-9]* waiting' \
    "$t/tty" || fail "no status line: $(cat -v "$t/tty")"
grep -q 'lg-judge: [0-9]* checks: ' "$t/tty" || fail "no summary: $(cat -v "$t/tty")"
cmp -s "$t/out1" "$t/out2" || fail "records differ under a terminal"
fake_stop s
