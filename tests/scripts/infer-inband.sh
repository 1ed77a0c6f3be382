#!/bin/sh
# An error object a server sends inside a 200 reply, after the answer has
# streamed (OpenRouter ends a cut stream with {"error":{"code":400,...}}):
# a 4xx code is not retried, as a 4xx status is not (each retry pays the
# whole generation again), and the usage sent beside it is kept; a 5xx or
# 429 code is retried.  Streamed and whole replies alike.
. "$TOP/tests/lg-infer/fake.sh"
fake_start i
for p in 'FAULT:inband' 'FAULT:inband503*1' 'FAULT:inband429*1'; do
	printf '{"id":"s %s","prompt":"%s one two"}\n' "$p" "$p"
done > "$t/in"
rc=0
lg-infer -q -m fake --base-url "$url" -P 1 --retries 2 --backoff-base 0.001 \
    "$t/in" > "$t/out" 2> "$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "stream: exit status $rc, want 1: $(cat "$t/err")"
sed 's/^{"id":"s /{"id":"w /; s/ one two/ one three/' "$t/in" > "$t/in2"
rc=0
lg-infer -q -m fake --base-url "$url" -P 1 --retries 2 --backoff-base 0.001 \
    --no-stream "$t/in2" > "$t/out2" 2> "$t/err2" || rc=$?
no_crash "$t/err2"
[ "$rc" -eq 1 ] || fail "whole: exit status $rc, want 1: $(cat "$t/err2")"
fake_stop i
py '
import collections
sent = collections.Counter()
for l in open(sys.argv[3]):
    n, s, path, fault, status, h, auth = l.split()
    sent[h] += 1
import hashlib
for f in sys.argv[1:3]:
    for l in open(f):
        r = json.loads(l)
        g = r["gen"]
        h = hashlib.sha256(r["prompt"].encode()).hexdigest()[:8]
        if r["id"].endswith("FAULT:inband"):
            e = r["error"]
            assert sent[h] == 1, (r["id"], sent[h], "requests")
            assert g["attempts"] == 1, r
            assert e["status"] == 400, r
            assert "Token limit reached" in e["message"], r
            assert "output" not in r, r
            # the usage the server sent with its error
            assert g["prompt_tokens"] == len(r["prompt"].split()), r
            assert g["output_tokens"] == 10, r
        else:
            assert sent[h] == 2 and g["attempts"] == 2, (r, sent[h])
            assert "error" not in r and r["output"].startswith("echo "), r
' "$t/out" "$t/out2" "$t/i.log"
