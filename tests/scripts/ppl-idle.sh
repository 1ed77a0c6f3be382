#!/bin/sh
# lg-ppl --idle-timeout: a server that stops in the middle of a reply (half
# the body, then silence for ten minutes) has each attempt ended after S
# seconds without a byte, tried again up to --retries, and the case fails
# with the reason, instead of each request waiting for --timeout (an
# hour).  The option is read and checked as lg-infer reads it.
. "$TOP/tests/lg-ppl/tsort.sh"
fake_start stall --lifetime 1200 --idle-exit 600 --stall 600
head -n 1 "$t/ts" | sed 's/"before":"/"before":"FAULT:stall /' >"$t/one"
grep -q 'FAULT:stall' "$t/one" || fail "no FAULT:stall in the case"
rc=0
lg-ppl -m fake --base-url "$url" -P 24 --idle-timeout 1 --retries 1 \
    --backoff-base 0.01 "$t/one" >"$t/out" 2>"$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "exit $rc, want 1: $(cat "$t/err")"
grep -q 'order 1 2 3 4: idle timeout: no data for 1 s' "$t/err" ||
    fail "no message: $(cat "$t/err")"
grep -q '"error":{"stage":"ppl","message":"order \[1, 2, 3, 4\]: idle timeout: no data for 1 s"}' "$t/out" ||
    fail "record: $(head -c 300 "$t/out")"
[ "$(fake_count stall)" -eq 48 ] || fail "requests: $(fake_count stall), want 24 x 2"
fake_stop stall

# the option's argument is checked as lg-infer's is
rc=0
lg-ppl -m fake --base-url http://127.0.0.1:1 --idle-timeout -1 "$t/one" \
    >/dev/null 2>"$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q '^lg-ppl: --idle-timeout' "$t/err" ||
    fail "--idle-timeout -1: exit $rc: $(cat "$t/err")"
lg-ppl --help | grep -q -- '--idle-timeout S' || fail "--help"
exit 0
