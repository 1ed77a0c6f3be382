#!/bin/sh
# Online replies that hold no one answer of the endpoint asked, streamed
# and whole: an empty list of choices, two choices (n above 1), a reply
# of the other endpoint's kind, answer text that is not UTF-8.  Each
# fails its record, named as the batch path names it; none is an empty
# or a first-of-many answer.  A character split between two events is
# fine (the answer is checked whole), so is a usage-only last event.
. "$TOP/tests/lg-infer/fake.sh"
fake_start r
cat > "$t/in" <<'EOF2'
{"id":"none","prompt":"FAULT:nochoice x"}
{"id":"two","prompt":"FAULT:twochoice x"}
{"id":"kind","prompt":"FAULT:otherkind x"}
{"id":"bad","prompt":"BADUTF8: x"}
{"id":"split","prompt":"SPLITUTF8: x"}
{"id":"good","prompt":"plain"}
EOF2
for mode in "" --no-stream --completions "--completions --no-stream"; do
	rc=0
	# shellcheck disable=SC2086
	lg-infer -q -m fake --base-url "$url" --keep-order --retries 0 $mode \
	    "$t/in" > "$t/out" 2> "$t/err" || rc=$?
	no_crash "$t/err"
	[ "$rc" -eq 1 ] || fail "$mode: exit status $rc: $(cat "$t/err")"
	case $mode in
	*completions*) want="reply's choice has no text: not a completion (a chat completion is read without --completions)" ;;
	*no-stream*) want="reply's choice has no message: not a chat completion (a completion is read with --completions)" ;;
	*) want="reply's choice has no delta: not a chat completion (a completion is read with --completions)" ;;
	esac
	py '
want_kind = sys.argv[2]
rs = [json.loads(l) for l in open(sys.argv[1])]
assert [r["id"] for r in rs] == ["none", "two", "kind", "bad", "split", "good"], rs
msgs = [(r.get("error") or {}).get("message") for r in rs]
want = ["reply has no choice (choices is empty): no answer",
        "reply has 2 choices (n above 1): lg-infer takes one answer a request (--samples asks several)",
        want_kind,
        "reply is not UTF-8 (byte 5 of the answer): nothing is taken from it",
        None, None]
assert msgs == want, (sys.argv[3], msgs)
for r in rs[:4]:
    assert "output" not in r, (sys.argv[3], r)
    assert r["error"]["stage"] == "infer" and r["error"]["status"] == 0, r
assert rs[4]["output"] == "a caf\u00e9 \u20ac5", (sys.argv[3], rs[4])
assert rs[5]["output"].startswith("echo "), rs[5]
' "$t/out" "$want" "mode '$mode'"
	# one attempt each: a reply that says so is not asked again
	[ "$(grep -c '"attempts":1' "$t/out")" -eq 6 ] ||
	    fail "$mode: attempts: $(cat "$t/out")"
done
fake_stop r
