#!/bin/sh
# Batch files, round trip: lg-infer --batch-requests writes one request
# line per record, whose body is byte for byte the body lg-infer sends
# online (--no-stream) for the same record and options (what fakeapi
# --record captured online, against the body fields of the lines and what
# fakeapi --batch-file read from them); fakeapi --batch-file answers the
# file as the server would; lg-infer --batch-results, given that output
# in reverse order and without one line, writes the records in input
# order as the online run wrote them (output, reasoning, finish reason,
# usage, server model, errors and their status), but for gen.endpoint
# ("batch:FILE"), the time and the attempts (null); the record whose line
# is gone fails ("no result"), each failed line is named FILE:LINE.
# Chat with --system and a stop string, then --completions --samples 2.
# Read with another --max-tokens than the requests had, the answers are
# taken by no record (custom_id: ID#DIGEST, the digest of the body).
. "$TOP/tests/lg-infer/fake.sh"
unset LG_BASE_URL
cat > "$t/in" <<'EOF'
{"id":"plain","prompt":"one two"}
{"id":"think","prompt":"THINK:field three"}
{"id":"tag","prompt":"THINK:tag four"}
{"id":"nul","prompt":"NUL: five"}
{"id":"sys","prompt":"six","system":"own"}
{"id":"err500","prompt":"FAULT:500 seven"}
{"id":"inband","prompt":"FAULT:inband eight"}
{"id":"malformed","prompt":"FAULT:malformed nine"}
{"id":"cut","prompt":"WORDS:50 ten"}
{"id":"gone","prompt":"eleven"}
{"id":"earlier","error":{"stage":"gen","message":"no"}}
EOF

# round N OPTIONS...: the same records online, then by batch files
round() {
	n=$1
	shift
	fake_start "on$n" --record "$t/online$n.rec"
	rc=0
	lg-infer -q "$@" --base-url "$url" --no-stream -P 1 --retries 0 \
	    --keep-order "$t/in" > "$t/online$n" 2> "$t/online$n.err" || rc=$?
	fake_stop "on$n"
	[ "$rc" -eq 1 ] || fail "$n: online: exit status $rc: $(cat "$t/online$n.err")"
	lg-infer "$@" --batch-requests "$t/req$n" "$t/in" > "$t/req$n.out" \
	    2> "$t/req$n.err" || fail "$n: --batch-requests: $(cat "$t/req$n.err")"
	no_crash "$t/req$n.err"
	[ ! -s "$t/req$n.out" ] || fail "$n: --batch-requests wrote to stdout"
	"$OBJ/helpers/fakeapi" --batch-file "$t/req$n" --record "$t/batch$n.rec" \
	    > "$t/res$n" 2> "$t/fake$n.err" || fail "$n: fakeapi --batch-file"
	no_crash "$t/fake$n.err"
	cmp "$t/online$n.rec" "$t/batch$n.rec" ||
	    fail "$n: the batch bodies are not the bodies sent online"
	py '
import hashlib
lines = open(sys.argv[1], "rb").read().split(b"\n")[:-1]
ids = [json.loads(l)["id"] for l in open(sys.argv[4])]
ids += [i + "/s%d" % k for i in ids for k in (1, 2)]
sent = open(sys.argv[2], "rb").read().split(b"\n")[:-1]
assert len(lines) == len(sent), (len(lines), len(sent))
url = "/v1/completions" if sys.argv[3] == "1" else "/v1/chat/completions"
for l, s in zip(lines, sent):
    r = json.loads(l)
    assert list(r) == ["custom_id", "method", "url", "body"], r
    assert r["method"] == "POST" and r["url"] == url, r
    # the body field, as its bytes are on the line (it comes last)
    assert l[l.index(b",\"body\":") + 8:-1] == s, (l, s)
    assert json.loads(s) == r["body"]
    # custom_id: the id, "#", 16 hex digits of the SHA-256 of the body
    i, d = r["custom_id"].rsplit("#", 1)
    assert d == hashlib.sha256(s).hexdigest()[:16], r
    assert i in ids, r
' "$t/req$n" "$t/online$n.rec" "$n" "$t/online$n" || fail "$n: request lines"
	# another order, and one line gone
	grep -v '"custom_id":"gone' "$t/res$n" | sed -n '1!G;h;$p' > "$t/back$n"
	[ "$(wc -l < "$t/back$n")" -eq $(($(wc -l < "$t/res$n") - ${drop:-1})) ] ||
	    fail "$n: no line dropped"
	rc=0
	lg-infer "$@" --batch-results "$t/back$n" "$t/in" > "$t/out$n" \
	    2> "$t/out$n.err" || rc=$?
	no_crash "$t/out$n.err"
	[ "$rc" -eq 1 ] || fail "$n: --batch-results: exit status $rc: $(cat "$t/out$n.err")"
	py '
online = [json.loads(l) for l in open(sys.argv[1])]
batch = [json.loads(l) for l in open(sys.argv[2])]
assert [r["id"] for r in online] == [r["id"] for r in batch], "order"
timed = ("endpoint", "latency_s", "ttft_s", "attempts")
for a, b in zip(online, batch):
    if a["id"].startswith("gone"):
        assert "output" not in b, b
        assert b["error"]["message"].startswith("no result: no line of "), b
        continue
    ga, gb = a.pop("gen", None), b.pop("gen", None)
    assert a == b, (a, b)
    if ga is None:
        assert gb is None and a["id"] == "earlier", b
        continue
    assert gb["endpoint"] == "batch:" + sys.argv[3], gb
    assert gb["latency_s"] is None and gb["attempts"] is None, gb
    for k in timed:
        ga.pop(k), gb.pop(k)
    assert ga == gb, (ga, gb)
# the cases are what they say, not all failures
ok = {r["id"].split("/")[0] for r in batch if "output" in r}
assert {"plain", "think", "tag", "nul", "sys", "cut"} <= ok, ok
' "$t/online$n" "$t/out$n" "$t/back$n" || fail "$n: records differ"
	for id in err500 inband malformed; do
		grep -q "^lg-infer: $t/back$n:[0-9]*: $id[/s0-9]*: " "$t/out$n.err" ||
		    fail "$n: no message naming the line of $id: $(cat "$t/out$n.err")"
	done
	grep -q "^lg-infer: $t/in:10: gone[/s0-9]*: no result" "$t/out$n.err" ||
	    fail "$n: no message naming gone: $(cat "$t/out$n.err")"
}

round 0 -m fake --system brief --max-tokens 20 --temperature 0.5 --seed 3 \
    --stop STOPHERE
drop=2 round 1 -m fake --completions --samples 2 --seed 5 --max-tokens 4
py '
out = [json.loads(l) for l in open(sys.argv[1])]
r = {x["id"]: x for x in out}
assert r["think"]["reasoning"].startswith("thinking about"), r["think"]
assert r["tag"]["reasoning"].startswith("thinking about"), r["tag"]
assert r["nul"]["output"].startswith("before\0after"), r["nul"]
assert r["cut"]["gen"]["truncated"] is True, r["cut"]
assert r["err500"]["error"]["status"] == 500, r["err500"]
assert r["inband"]["error"]["status"] == 400, r["inband"]
assert r["inband"]["gen"]["output_tokens"] is not None, r["inband"]
' "$t/out0" || fail "the answers are not what fakeapi said"

# results read with other options than the requests were written with:
# no record takes an answer to another request
rc=0
lg-infer -m fake --system brief --max-tokens 21 --temperature 0.5 --seed 3 \
    --stop STOPHERE --batch-results "$t/back0" "$t/in" > "$t/other" \
    2> "$t/other.err" || rc=$?
no_crash "$t/other.err"
[ "$rc" -eq 1 ] || fail "other options: exit status $rc"
! grep -q '"output"' "$t/other" || fail "other options: answers taken: $(cat "$t/other")"
[ "$(grep -c "the batch answered another request for this id" "$t/other.err")" -eq 9 ] ||
    fail "other options: messages: $(cat "$t/other.err")"

# stopped (SIGTERM) while it reads a pipe: the way to finish is the same
# command again, never --resume, which does not go with --batch-results
mkfifo "$t/fifo"
lg-infer -m fake --system brief --max-tokens 20 --temperature 0.5 --seed 3 \
    --stop STOPHERE --batch-results "$t/back0" < "$t/fifo" > "$t/stop" \
    2> "$t/stop.err" &
pid=$!
exec 4> "$t/fifo"
grep err500 "$t/in" >&4
while ! grep -q err500 "$t/stop.err"; do
	kill -0 "$pid" 2>/dev/null || fail "stop: ended: $(cat "$t/stop.err")"
	sleep 0.02
done
kill -TERM "$pid"
rc=0
wait "$pid" || rc=$?
exec 4>&-
no_crash "$t/stop.err"
[ "$rc" -gt 128 ] || fail "stop: exit status $rc: $(cat "$t/stop.err")"
grep -q "interrupted: .* run the same command again" "$t/stop.err" ||
    fail "stop: no word of how to go on: $(cat "$t/stop.err")"
! grep -q -- "--resume OUT" "$t/stop.err" ||
    fail "stop: --resume, refused with --batch-results: $(cat "$t/stop.err")"

# the results file changed in place once read (two lines of one length
# swapped): a line read again that is no longer the record's answers
# nothing, never the other record's answer.  The pipe of the input is
# opened once the file has been read.
printf '{"id":"aa","prompt":"one"}\n{"id":"bb","prompt":"two"}\n' > "$t/ab"
lg-infer -m fake --batch-requests "$t/abreq" "$t/ab" 2> /dev/null ||
    fail "swap: --batch-requests"
"$OBJ/helpers/fakeapi" --batch-file "$t/abreq" > "$t/abres" 2> /dev/null ||
    fail "swap: fakeapi --batch-file"
sed -n '1!G;h;$p' "$t/abres" > "$t/abswap"
[ "$(sed -n 1p "$t/abres" | wc -c)" -eq "$(sed -n 2p "$t/abres" | wc -c)" ] ||
    fail "swap: lines of two lengths"
mkfifo "$t/abfifo"
lg-infer -q -m fake --batch-results "$t/abres" "$t/abfifo" > "$t/about" \
    2> "$t/about.err" &
pid=$!
exec 4> "$t/abfifo"
cat "$t/abswap" > "$t/abres"
cat "$t/ab" >&4
exec 4>&-
rc=0
wait "$pid" || rc=$?
no_crash "$t/about.err"
[ "$rc" -eq 1 ] || fail "swap: exit status $rc: $(cat "$t/about.err")"
! grep -q '"output"' "$t/about" || fail "swap: answers taken: $(cat "$t/about")"
[ "$(grep -c "no longer the one read at the start" "$t/about.err")" -eq 2 ] ||
    fail "swap: $(cat "$t/about.err")"
exit 0
