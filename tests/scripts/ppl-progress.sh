#!/bin/sh
# lg-ppl's status line: drawn on a terminal (a pseudo-terminal here) with
# records done of the total, the rate, the requests, the orders of the case
# being scored, errors and an ETA, cleared before the summary, which names
# the lg version, the model and the parameters; nothing but the summary
# when stderr is a file.  SIGTERM ends a run with the summary and a line
# that says what was written and how to finish it, and --resume then
# finishes it with the records of a whole run.
. "$TOP/tests/lg-ppl/tsort.sh"
command -v script >/dev/null 2>&1 || fail "script(1), from util-linux, is missing"
# the latency differs from run to run
nolat() { sed 's/"latency_s":[0-9.e-]*//' "$1"; }
fake_start s --lifetime 1200 --idle-exit 600 --ref "$t/books" --delay-ms 50
ppl="lg-ppl -m fake --base-url $url -P 2"
v=$(lg-ppl --version | cut -d' ' -f2)

# stderr a file: the summary alone
$ppl "$t/ts" >"$t/whole" 2>"$t/err1" || fail "run: $(cat "$t/err1")"
[ "$(wc -l <"$t/err1")" -eq 1 ] || fail "not a terminal: $(cat -v "$t/err1")"
grep -q "$(printf '[\r\033]')" "$t/err1" && fail "drawn on a file: $(cat -v "$t/err1")"
grep -q "^lg-ppl: 4 cases scored by 96 requests, 0 failed, 0 other records passed on, 0 skipped as done; lg $v, model fake, $url, perplexity of 24 orders a case (echo, logprobs 1, max_tokens 1), -P 2\$" \
    "$t/err1" || fail "summary: $(cat "$t/err1")"
[ "$(wc -l <"$t/whole")" -eq 4 ] || fail "whole run: $(wc -l <"$t/whole") records"

# a terminal (script(1)): the status line, then the summary on a cleared line
script -qc "$ppl $t/ts > $t/out2" "$t/tty" >/dev/null 2>&1 || fail "run under script"
no_crash "$t/tty"
grep -q 'lg-ppl: 0/4 done, [0-9.]* rec/s, 0 requests, 0/24 orders of this case, 0 errors' \
    "$t/tty" || fail "no status line: $(cat -v "$t/tty")"
grep -q 'lg-ppl: [1-3]/4 done, [0-9.]* rec/s, [0-9]* requests, [0-9]*/24 orders of this case, 0 errors, ETA [0-9:]*' \
    "$t/tty" || fail "no status line with an ETA: $(cat -v "$t/tty")"
grep -q "$(printf '\r\033\\[K')lg-ppl: 4 cases scored by 96 requests, .*; lg $v, model fake, " \
    "$t/tty" || fail "no summary on a cleared line: $(cat -v "$t/tty")"
nolat "$t/whole" >"$t/a"
nolat "$t/out2" >"$t/b"
cmp -s "$t/a" "$t/b" || fail "records differ under a terminal"
# -q: nothing drawn, no summary
script -qc "$ppl -q $t/ts > $t/out3" "$t/tty" >/dev/null 2>&1 || fail "-q under script"
grep -q "lg-ppl: " "$t/tty" && fail "-q on a terminal: $(cat -v "$t/tty")"

# SIGTERM while the second case is scored, then --resume
base=$(fake_count s)
$ppl -P 1 "$t/ts" >"$t/part" 2>"$t/err3" &
pid=$!
until [ "$(fake_count s)" -gt $((base + 30)) ]; do
	kill -0 $pid 2>/dev/null || fail "ended before SIGTERM: $(cat "$t/err3")"
	sleep 0.1
done
kill -TERM $pid
rc=0
wait $pid || rc=$?
[ $rc -eq 143 ] || fail "not ended by SIGTERM: status $rc: $(cat "$t/err3")"
n=$(wc -l <"$t/part")
[ "$n" -ge 1 ] && [ "$n" -lt 4 ] || fail "$n records before SIGTERM"
grep -q "^lg-ppl: $n cases\{0,1\} scored by [0-9]* requests, 0 failed, .*; lg $v, model fake, " \
    "$t/err3" || fail "no summary after SIGTERM: $(cat "$t/err3")"
grep -q "^lg-ppl: interrupted: $n records\{0,1\} written, case [^ ]* begun not written; to finish, run again with --resume OUT >> OUT, OUT being this run's output\$" \
    "$t/err3" || fail "no line after SIGTERM: $(cat "$t/err3")"
[ "$(wc -l <"$t/err3")" -eq 2 ] || fail "after SIGTERM: $(cat "$t/err3")"
$ppl --resume "$t/part" "$t/ts" >>"$t/part" 2>"$t/err4" || fail "resume: $(cat "$t/err4")"
grep -q " $n skipped as done; " "$t/err4" || fail "resume skipped: $(cat "$t/err4")"
nolat "$t/part" >"$t/b"
cmp -s "$t/a" "$t/b" || fail "resumed run differs from a whole one"
fake_stop s
