#!/bin/sh
# lg-infer --batch against fakeapi's Files and Batches endpoints: the
# records written as the online run (--no-stream) writes them, but for
# gen.endpoint ("batch:ID"), the time and the attempts; the key goes in
# the Authorization header of every call and is never shown; the batch id
# is said at once; a run stopped while it polls says how to go on, and
# --batch-id picks the batch up without uploading anything again; a batch
# that fails or expires gives its records errors naming its status, never
# an answer; lines the batch did not run fail; a server without the
# endpoints gets a message that says so, and no record is written.
. "$TOP/tests/lg-infer/fake.sh"
unset LG_BASE_URL LG_API_KEY OPENAI_API_KEY
cat > "$t/in" <<'EOF'
{"id":"plain","prompt":"one two"}
{"id":"think","prompt":"THINK:field three"}
{"id":"err500","prompt":"FAULT:500 four"}
{"id":"cut","prompt":"WORDS:50 five"}
{"id":"earlier","error":{"stage":"gen","message":"no"}}
{"id":"last","prompt":"six"}
EOF
key=sk-batchtest-0123456789abcdef
printf '%s\n' "$key" > "$t/key"
opts="-m fake --max-tokens 20 --retries 0 --api-key-file $t/key"

# compare ONLINE BATCH ID: the same records but for the batch's marks
same() {
	py '
online = [json.loads(l) for l in open(sys.argv[1])]
batch = [json.loads(l) for l in open(sys.argv[2])]
assert [r["id"] for r in online] == [r["id"] for r in batch], "order"
for a, b in zip(online, batch):
    ga, gb = a.pop("gen", None), b.pop("gen", None)
    assert a == b, (a, b)
    if ga is None:
        assert gb is None, b
        continue
    assert gb["endpoint"] == "batch:" + sys.argv[3], gb
    for k in ("endpoint", "latency_s", "ttft_s", "attempts"):
        ga.pop(k), gb.pop(k)
    assert ga == gb, (ga, gb)
ok = {r["id"] for r in batch if "output" in r}
assert ok == {"plain", "think", "cut", "last"}, ok
' "$@" || fail "$2: not the online records"
}

fake_start online --key-file "$t/key"
rc=0
# shellcheck disable=SC2086
lg-infer -q $opts --base-url "$url" --no-stream -P 1 --keep-order "$t/in" \
    > "$t/online" 2> "$t/online.err" || rc=$?
fake_stop online
[ "$rc" -eq 1 ] || fail "online: exit status $rc: $(cat "$t/online.err")"

# round trip
fake_start api --key-file "$t/key"
rc=0
# shellcheck disable=SC2086
lg-infer $opts --base-url "$url" --batch --batch-poll 0.01 "$t/in" \
    > "$t/out" 2> "$t/out.err" || rc=$?
no_crash "$t/out.err"
[ "$rc" -eq 1 ] || fail "round trip: exit status $rc: $(cat "$t/out.err")"
same "$t/online" "$t/out" batch_0
grep -q "batch batch_0 created.*--batch-id batch_0" "$t/out.err" ||
    fail "round trip: the batch id is not said: $(cat "$t/out.err")"
! grep -q "$key" "$t/out.err" "$t/out" || fail "round trip: the key is shown"
awk '{ print $3, $NF }' "$t/api.log" | sort -u > "$t/calls"
for c in /v1/files /v1/batches /v1/batches/batch_0 /v1/chat/completions \
    /v1/files/file-1/content /v1/files/file-2/content; do
	grep -qx "$c key" "$t/calls" || fail "round trip: no call of $c with the key: $(cat "$t/calls")"
done
! grep -qv " key$" "$t/calls" || fail "round trip: a call without the key: $(cat "$t/calls")"

# the files named are kept: the requests as --batch-requests writes them
# shellcheck disable=SC2086
lg-infer -q $opts --batch-requests "$t/req0" "$t/in" 2> "$t/req0.err" ||
    fail "--batch-requests: $(cat "$t/req0.err")"
# shellcheck disable=SC2086
lg-infer -q $opts --base-url "$url" --batch --batch-poll 0.01 \
    --batch-requests "$t/req" --batch-results "$t/res" "$t/in" \
    > "$t/kept" 2> "$t/kept.err" || true
cmp "$t/req0" "$t/req" || fail "--batch: not the request file of --batch-requests"
[ "$(wc -l < "$t/res")" -eq 5 ] || fail "--batch: results: $(cat "$t/res")"
same "$t/online" "$t/kept" batch_1

# stopped while it polls (SIGTERM), then picked up by its id; the
# temporary files are removed (a signal skips atexit())
mkdir "$t/tmpd"
rc=0
# shellcheck disable=SC2086
TMPDIR=$t/tmpd lg-infer $opts --base-url "$url" --batch --batch-poll 3600 \
    "$t/in" > "$t/stop" 2> "$t/stop.err" &
pid=$!
while ! grep -q created "$t/stop.err"; do
	kill -0 "$pid" 2>/dev/null || fail "stop: ended: $(cat "$t/stop.err")"
	sleep 0.02
done
kill -TERM "$pid"
wait "$pid" || rc=$?
[ "$rc" -gt 128 ] || fail "stop: exit status $rc"
grep -q "polling stopped: batch batch_2 goes on.*--batch-id batch_2" \
    "$t/stop.err" || fail "stop: no word of how to go on: $(cat "$t/stop.err")"
[ ! -s "$t/stop" ] || fail "stop: records written"
[ -z "$(ls -A "$t/tmpd")" ] || fail "stop: files left: $(ls "$t/tmpd")"
files=$(grep -c "^[0-9]* [0-9.]* /v1/files " "$t/api.log")
rc=0
# shellcheck disable=SC2086
lg-infer $opts --base-url "$url" --batch-id batch_2 --batch-poll 0.01 "$t/in" \
    > "$t/resumed" 2> "$t/resumed.err" || rc=$?
no_crash "$t/resumed.err"
[ "$rc" -eq 1 ] || fail "--batch-id: exit status $rc: $(cat "$t/resumed.err")"
same "$t/online" "$t/resumed" batch_2
[ "$(grep -c "^[0-9]* [0-9.]* /v1/files " "$t/api.log")" -eq "$files" ] ||
    fail "--batch-id: uploaded again"

# stopped (SIGTERM) once the results are in, while the records are
# written (the input a pipe, read twice): the batch is picked up again by
# its id, never by --resume, which does not go with --batch
mkfifo "$t/fifo"
# shellcheck disable=SC2086
TMPDIR=$t/tmpd lg-infer $opts --base-url "$url" --batch --batch-poll 0.01 \
    "$t/fifo" > "$t/late" 2> "$t/late.err" &
pid=$!
cat "$t/in" > "$t/fifo"
while ! grep -q created "$t/late.err"; do
	kill -0 "$pid" 2>/dev/null || fail "late stop: ended: $(cat "$t/late.err")"
	sleep 0.02
done
exec 4> "$t/fifo"
grep err500 "$t/in" >&4
while ! grep -q "err500: HTTP 500" "$t/late.err"; do
	kill -0 "$pid" 2>/dev/null || fail "late stop: ended: $(cat "$t/late.err")"
	sleep 0.02
done
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
exec 4>&-
no_crash "$t/late.err"
[ "$rc" -gt 128 ] || fail "late stop: exit status $rc: $(cat "$t/late.err")"
grep -q "interrupted: .* run again with --batch-id batch_3, into a new output" \
    "$t/late.err" || fail "late stop: no word of how to go on: $(cat "$t/late.err")"
! grep -q -- "--resume OUT" "$t/late.err" ||
    fail "late stop: --resume, refused with --batch: $(cat "$t/late.err")"
[ -z "$(ls -A "$t/tmpd")" ] || fail "late stop: files left: $(ls "$t/tmpd")"

# a key the server refuses: said, never shown
printf '%s\n' sk-wrong-key-0123456789abcdef > "$t/badkey"
rc=0
lg-infer -m fake --api-key-file "$t/badkey" --base-url "$url" --batch \
    "$t/in" > "$t/bad" 2> "$t/bad.err" || rc=$?
no_crash "$t/bad.err"
[ "$rc" -eq 3 ] || fail "bad key: exit status $rc: $(cat "$t/bad.err")"
grep -q "POST $url/v1/files: HTTP 401: invalid API key: \*\*\*" "$t/bad.err" ||
    fail "bad key: $(cat "$t/bad.err")"
! grep -q "wrong-key" "$t/bad.err" || fail "bad key: the key is shown"
[ ! -s "$t/bad" ] || fail "bad key: records written"
# a batch the server does not know
rc=0
# shellcheck disable=SC2086
lg-infer $opts --base-url "$url" --batch-id batch_99 "$t/in" > "$t/unknown" \
    2> "$t/unknown.err" || rc=$?
no_crash "$t/unknown.err"
[ "$rc" -eq 3 ] || fail "unknown batch: exit status $rc"
grep -q "GET $url/v1/batches/batch_99: HTTP 404: no such file or batch" \
    "$t/unknown.err" || fail "unknown batch: $(cat "$t/unknown.err")"
[ ! -s "$t/unknown" ] || fail "unknown batch: records written"
fake_stop api

# mode ERRORS...: a batch of fakeapi --batch-mode mode, the records that
# fail and the message their error starts with
mode() {
	m=$1
	shift
	fake_start "$m" --batch-mode "$m"
	rc=0
	# shellcheck disable=SC2086
	lg-infer $opts --base-url "$url" --batch --batch-poll 0.01 "$t/in" \
	    > "$t/$m" 2> "$t/$m.err" || rc=$?
	fake_stop "$m"
	no_crash "$t/$m.err"
	[ "$rc" -eq 1 ] || fail "$m: exit status $rc: $(cat "$t/$m.err")"
	py '
want = dict(a.split("=", 1) for a in sys.argv[2:])
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r["id"] == "earlier":
        continue
    w = want.get(r["id"])
    if w is None:
        assert "output" in r and "error" not in r, r
    else:
        assert "output" not in r, r
        assert r["error"]["message"].startswith(w), (r, w)
' "$t/$m" "$@" || fail "$m: records: $(cat "$t/$m")"
}
b="batch request failed: batch batch_0"
mode fail "plain=$b failed: line 1: invalid_request" \
    "think=$b failed" "err500=$b failed" "cut=$b failed" "last=$b failed"
grep -q "^lg-infer: batch batch_0 failed: line 1: invalid_request: the batch was refused" \
    "$t/fail.err" || fail "fail: no message naming the status: $(cat "$t/fail.err")"
mode expire "think=$b expired" "err500=$b expired" "cut=$b expired" \
    "last=$b expired"
grep -q "^lg-infer: batch batch_0 expired" "$t/expire.err" ||
    fail "expire: no message naming the status: $(cat "$t/expire.err")"
mode cancel "plain=$b cancelled" "think=$b cancelled" \
    "err500=$b cancelled" "cut=$b cancelled" "last=$b cancelled"
mode partial "think=batch request failed: this request was not run" \
    "err500=HTTP 500" "cut=batch request failed: this request was not run"

# an id with a NUL, in a batch that expires before its request: the line
# made for it has its whole custom_id, and its record the batch's status
printf '{"id":"first","prompt":"one"}\n{"id":"n\\u0000ul","prompt":"two"}\n' \
    > "$t/nul"
fake_start nul --batch-mode expire
rc=0
# shellcheck disable=SC2086
lg-infer $opts --base-url "$url" --batch --batch-poll 0.01 \
    --batch-results "$t/nul.res" "$t/nul" > "$t/nul.out" 2> "$t/nul.err" || rc=$?
fake_stop nul
no_crash "$t/nul.err"
[ "$rc" -eq 1 ] || fail "nul: exit status $rc: $(cat "$t/nul.err")"
py '
r = [json.loads(l) for l in open(sys.argv[1])]
assert "output" in r[0], r[0]
assert r[1]["id"] == "n\0ul" and "output" not in r[1], r[1]
assert r[1]["error"]["message"].startswith(
    "batch request failed: batch batch_0 expired"), r[1]
' "$t/nul.out" || fail "nul: $(cat "$t/nul.res" "$t/nul.err")"

# a poll refused for a while (503, Retry-After): tried again, within
# --backoff-max; without retries, an error that says how to go on
fake_start busy --batch-mode busy --retry-after 30
rc=0
# shellcheck disable=SC2086
lg-infer $opts --retries 1 --backoff-max 0.01 --base-url "$url" --batch \
    --batch-poll 0.01 "$t/in" > "$t/busy" 2> "$t/busy.err" || rc=$?
no_crash "$t/busy.err"
[ "$rc" -eq 1 ] || fail "busy: exit status $rc: $(cat "$t/busy.err")"
same "$t/online" "$t/busy" batch_0
grep -q " /v1/batches/batch_0 - 503 " "$t/busy.log" || fail "busy: no 503"
rc=0
# shellcheck disable=SC2086
lg-infer $opts --base-url "$url" --batch --batch-poll 0.01 "$t/in" \
    > "$t/busy0" 2> "$t/busy0.err" || rc=$?
fake_stop busy
no_crash "$t/busy0.err"
[ "$rc" -eq 3 ] || fail "busy, no retries: exit status $rc"
grep -q "batch batch_1 may go on at the server.*--batch-id batch_1" \
    "$t/busy0.err" || fail "busy, no retries: $(cat "$t/busy0.err")"
grep -q "GET $url/v1/batches/batch_1: HTTP 503: busy" "$t/busy0.err" ||
    fail "busy, no retries: $(cat "$t/busy0.err")"
[ ! -s "$t/busy0" ] || fail "busy, no retries: records written"

# a download cut halfway (the connection closed before the length the
# headers said): tried again, the records as online; without retries, an
# error naming the file, that the batch has ended and how to download its
# results, and no record written
fake_start cut --batch-mode cut
rc=0
# shellcheck disable=SC2086
lg-infer $opts --retries 1 --backoff-max 0.01 --base-url "$url" --batch \
    --batch-poll 0.01 "$t/in" > "$t/cut" 2> "$t/cut.err" || rc=$?
no_crash "$t/cut.err"
[ "$rc" -eq 1 ] || fail "cut: exit status $rc: $(cat "$t/cut.err")"
same "$t/online" "$t/cut" batch_0
rc=0
# shellcheck disable=SC2086
lg-infer $opts --base-url "$url" --batch --batch-poll 0.01 "$t/in" \
    > "$t/cut0" 2> "$t/cut0.err" || rc=$?
fake_stop cut
no_crash "$t/cut0.err"
[ "$rc" -eq 3 ] || fail "cut, no retries: exit status $rc: $(cat "$t/cut0.err")"
grep -q "^lg-infer: GET $url/v1/files/file-[0-9]*/content: " "$t/cut0.err" &&
    grep -q "batch batch_1 has ended at the server.*--batch-id batch_1 to download its results" \
    "$t/cut0.err" || fail "cut, no retries: $(cat "$t/cut0.err")"
[ ! -s "$t/cut0" ] || fail "cut, no retries: records written"

# stopped (SIGTERM) in a download that stalls halfway: the transfer is
# left at once (not at --idle-timeout), with word that the batch has
# ended and how to download its results; no file left
fake_start stall --batch-mode stall
rc=0
# shellcheck disable=SC2086
TMPDIR=$t/tmpd lg-infer $opts --idle-timeout 30 --base-url "$url" --batch \
    --batch-poll 0.01 "$t/in" > "$t/stall" 2> "$t/stall.err" &
pid=$!
while ! grep -q "/content - 200 " "$t/stall.log"; do
	kill -0 "$pid" 2>/dev/null || fail "stall: ended: $(cat "$t/stall.err")"
	sleep 0.02
done
kill -TERM "$pid"
wait "$pid" || rc=$?
fake_stop stall
no_crash "$t/stall.err"
[ "$rc" -gt 128 ] || fail "stall: exit status $rc: $(cat "$t/stall.err")"
grep -q "download stopped: batch batch_0 has ended.*--batch-id batch_0" \
    "$t/stall.err" || fail "stall: $(cat "$t/stall.err")"
[ ! -s "$t/stall" ] || fail "stall: records written"
[ -z "$(ls -A "$t/tmpd")" ] || fail "stall: files left: $(ls "$t/tmpd")"

# a server without the endpoints
fake_start none --batch-mode none
rc=0
# shellcheck disable=SC2086
lg-infer $opts --base-url "$url" --batch "$t/in" > "$t/none" \
    2> "$t/none.err" || rc=$?
fake_stop none
no_crash "$t/none.err"
[ "$rc" -eq 3 ] || fail "none: exit status $rc"
grep -q "/v1/files: HTTP 404: this server has no Batch API" "$t/none.err" ||
    fail "none: $(cat "$t/none.err")"
[ ! -s "$t/none" ] || fail "none: records written"

# standard input cannot be read twice
rc=0
lg-infer -m fake --base-url "$url" --batch < "$t/in" > /dev/null \
    2> "$t/stdin.err" || rc=$?
[ "$rc" -eq 2 ] && grep -q "give files" "$t/stdin.err" ||
    fail "stdin: exit status $rc: $(cat "$t/stdin.err")"
rc=0
lg-infer -m fake --base-url "$url" --batch "$t/in" - < "$t/in" > /dev/null \
    2> "$t/dash.err" || rc=$?
[ "$rc" -eq 2 ] && grep -q "give files" "$t/dash.err" ||
    fail "-: exit status $rc: $(cat "$t/dash.err")"
# an id that is not one is refused before anything is written
rc=0
lg-infer -m fake --base-url "$url" --batch-id ../x --batch-requests "$t/r2" \
    "$t/in" > /dev/null 2> "$t/id.err" || rc=$?
[ "$rc" -eq 2 ] && grep -q -- "--batch-id: not an id" "$t/id.err" ||
    fail "--batch-id ../x: exit status $rc: $(cat "$t/id.err")"
[ ! -e "$t/r2" ] || fail "--batch-id ../x: requests written"
exit 0
