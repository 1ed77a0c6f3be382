#!/bin/sh
# lg-judge with a model draws a status line on a terminal (records out,
# checks decided and their rate, undecided, failed requests), cleared
# before the summary; without a terminal only the summary.  SIGTERM ends
# a run with the summary and a line that says what was written and how to
# finish it, and --resume then finishes it.
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
grep -q 'lg-judge: 0/1 done, [0-9.]* rec/s, [0-9]* checks by the model, 0 undecided, [0-9]* waiting, 0 errors' \
    "$t/tty" || fail "no status line: $(cat -v "$t/tty")"
grep -q 'lg-judge: [0-9]* checks: ' "$t/tty" || fail "no summary: $(cat -v "$t/tty")"
cmp -s "$t/out1" "$t/out2" || fail "records differ under a terminal"

# SIGTERM in the middle of a run of three records, then --resume
lg-gen longgenbench -l 16k -n 3 -t menu | lg-prompt | lg-oracle | lg-split > "$t/in3"
$judge "$t/in3" > "$t/whole" 2> /dev/null || fail "whole run"
$judge -P 1 "$t/in3" > "$t/part" 2> "$t/err3" &
pid=$!
i=0
while [ ! -s "$t/part" ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$t/part" ] || fail "nothing written in a minute"
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 143 ] || fail "not ended by SIGTERM: status $rc: $(cat "$t/err3")"
grep -q 'lg-judge: [0-9]* checks: ' "$t/err3" || fail "no summary after SIGTERM: $(cat "$t/err3")"
grep -q "lg-judge: interrupted: [12] records\{0,1\} written, [0-9]* begun not written; to finish, run again with --resume OUT >> OUT" \
    "$t/err3" || fail "no line after SIGTERM: $(cat "$t/err3")"
n=$(wc -l < "$t/part")
grep -q "interrupted: $n record" "$t/err3" || fail "written $n, said: $(cat "$t/err3")"
$judge --resume "$t/part" "$t/in3" >> "$t/part" 2> /dev/null || fail "resume"
cmp -s "$t/whole" "$t/part" || fail "resumed run differs from a whole one"
fake_stop s
