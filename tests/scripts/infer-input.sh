#!/bin/sh
# Bad input among good records: each bad line is reported with its file and
# line and goes out with an error (or, if it is not JSON, is skipped), the
# good ones are answered, the exit status is 1.  An answer from the server
# that is not UTF-8 fails its record (infer-replies.sh has the others).
. "$TOP/tests/lg-infer/fake.sh"
fake_start i
printf '{"id":"1","prompt":"one"}\n{"id":"2","prompt":\n{"id":"3","prompt":"three"}\n' > "$t/a.jsonl"
printf '{"id":"4","prompt":5}\n{"id":"5","prompt":"BADUTF8: five"}\n' > "$t/b.jsonl"
rc=0
lg-infer -q -m fake --base-url "$url" --keep-order "$t/a.jsonl" "$t/b.jsonl" \
    > "$t/out" 2> "$t/err" || rc=$?
no_crash "$t/err"
[ "$rc" -eq 1 ] || fail "exit status $rc"
cat > "$t/want" <<EOF2
lg-infer: $t/a.jsonl:2: invalid JSON: unexpected end of record
lg-infer: $t/b.jsonl:1: field prompt is not a string
EOF2
cmp "$t/want" "$t/err" || fail "messages: $(cat "$t/err")"
py '
rs = [json.loads(l) for l in open(sys.argv[1])]
assert [r["id"] for r in rs] == ["1", "3", "4", "5"], rs
assert rs[0]["output"].startswith("echo ") and rs[1]["output"].startswith("echo ")
assert rs[2]["error"] == {"stage": "infer", "message": "field prompt is not a string",
                          "status": 0}, rs[2]
assert "output" not in rs[2] and "gen" not in rs[2]
assert "output" not in rs[3], rs[3]
assert rs[3]["error"]["message"] == "reply is not UTF-8 (byte 5 of the answer): nothing is taken from it", rs[3]
' "$t/out"
# stdin, and "-" among files
rc=0
printf '{"id":"6","prompt":"six"}\n' | lg-infer -q -m fake --base-url "$url" \
    "$t/b.jsonl" - > "$t/out2" 2> "$t/err2" || rc=$?
[ "$rc" -eq 1 ] || fail "stdin: exit status $rc"
[ "$(wc -l < "$t/out2")" -eq 3 ] || fail "stdin: $(cat "$t/out2")"
grep -q '"id":"6","prompt":"six","output":"echo ' "$t/out2" || fail "stdin record"
fake_stop i
