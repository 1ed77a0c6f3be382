#!/bin/sh
# The status line shows on a terminal only; the summary always, unless -q.
. "$TOP/tests/lg-infer/fake.sh"
fake_start p --delay-ms 2
awk 'BEGIN { for (i = 1; i <= 200; i++)
	printf "{\"id\":\"p/%03d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
args="-m fake --base-url $url -P 2"
# not a terminal: the summary line and nothing else
lg-infer $args "$t/in" > "$t/out1" 2> "$t/err1"
[ "$(wc -l < "$t/err1")" -eq 1 ] || fail "stderr: $(cat "$t/err1")"
grep -q '^lg-infer: 200 records: 200 answered (0 from cache), 0 failed' "$t/err1" ||
    fail "summary: $(cat "$t/err1")"
if grep -q 'in flight' "$t/err1"; then fail "a status line without a terminal"; fi
# -q: nothing at all
lg-infer -q $args "$t/in" > "$t/out2" 2> "$t/err2"
[ ! -s "$t/err2" ] || fail "-q printed: $(cat "$t/err2")"
command -v script >/dev/null 2>&1 ||
    fail "script(1) is missing (make deps-check installs bsdutils)"
script -qc true /dev/null > /dev/null 2>&1 ||
    skip "script(1) cannot open a terminal here: the terminal check did not run"
# a terminal: the status line, cleared before the summary
script -qc "lg-infer $args $t/in > $t/out3" "$t/tty" > /dev/null 2>&1 ||
    fail "run under script failed"
no_crash "$t/tty"
grep -q 'done, [0-9.]* req/s, [0-9]* tok/s, 0 errors, 0 retries' "$t/tty" ||
    fail "no status line: $(cat -v "$t/tty")"
grep -q 'lg-infer: 200 records: 200 answered' "$t/tty" || fail "no summary on the terminal"
[ "$(wc -l < "$t/out3")" -eq 200 ] || fail "records lost under script"
script -qc "lg-infer -q $args $t/in > $t/out4" "$t/tty2" > /dev/null 2>&1 ||
    fail "run under script failed"
if grep -q 'req/s' "$t/tty2"; then fail "-q drew a status line"; fi
fake_stop p
