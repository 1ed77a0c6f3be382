#!/bin/sh
# A request sent on a kept-alive connection that the server closes at that
# moment (reset before any byte of a reply) is sent again on a new
# connection, once, and not counted as an attempt: with --retries 0 it is
# answered.  libcurl (7.88) does so itself only 5 times in the life of an
# easy handle, and the engine keeps its handles: past the fifth, each such
# request was lost.  A reset on a new connection is no such case: it is
# an attempt, and with --retries 0 a failure, sent once.  (lg-judge runs
# on the same engine; lg-ppl resets its one easy handle for each request,
# and libcurl's own retry serves it.)
. "$TOP/tests/lg-infer/fake.sh"
fake_start s
{
	echo '{"id":"0","prompt":"first"}'
	for i in 1 2 3 4 5 6 7 8; do
		printf '{"id":"%d","prompt":"FAULT:reset*1 q%d"}\n' "$i" "$i"
	done
} > "$t/in"
lg-infer -q -m fake --base-url "$url" -P 1 --retries 0 "$t/in" \
    > "$t/out" 2> "$t/err" || fail "lg-infer: $(cat "$t/err" "$t/out")"
no_crash "$t/err"
py '
n = 0
for l in open(sys.argv[1]):
    r = json.loads(l)
    assert "error" not in r and r["output"].startswith("echo "), r
    assert r["gen"]["attempts"] == 1, r
    n += 1
assert n == 9, n
' "$t/out"
[ "$(fake_count s)" -eq 17 ] || fail "requests: $(fake_count s), want 9 + 8"
fake_stop s

# a reset on a new connection: one request, an error
fake_start n
printf '{"id":"r","prompt":"FAULT:reset first"}\n' > "$t/in2"
rc=0
lg-infer -q -m fake --base-url "$url" -P 1 --retries 0 "$t/in2" \
    > "$t/out2" 2> "$t/err2" || rc=$?
no_crash "$t/err2"
[ "$rc" -eq 1 ] || fail "new connection: exit status $rc: $(cat "$t/err2")"
grep -q '"attempts":1,' "$t/out2" && grep -q '"error":{"stage":"infer"' \
    "$t/out2" || fail "new connection: $(cat "$t/out2")"
[ "$(fake_count n)" -eq 1 ] || fail "new connection: $(fake_count n) requests"
fake_stop n

exit 0
