#!/bin/sh
# A real run with no --max-tokens on a tier whose target a server's
# default limit (4096 output tokens) would cut warns once per bench and
# tier, naming the figure to give, and still sends everything; with
# --max-tokens, or on LongWeave 1k and Ada-LEval, it says nothing.
. "$TOP/tests/lg-infer/fake.sh"
fake_start w
cat > "$t/in" <<'IN'
{"id":"w1","bench":"longweave","task":"kvg","length":"8k","prompt":"hello"}
{"id":"w2","bench":"longweave","task":"kvg","length":"8k","prompt":"hello"}
{"id":"w3","bench":"longweave","task":"kvg","length":"1k","prompt":"hello"}
{"id":"a1","bench":"adaleval","task":"tsort","length":"128k","prompt":"hello"}
{"id":"g1","bench":"longgenbench","task":"week","length":"16k","prompt":"hello"}
IN
lg-infer -q -m fake --base-url "$url" "$t/in" > "$t/out" 2> "$t/err" ||
    fail "run: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq 5 ] || fail "not all records answered"
[ "$(grep -c 'no --max-tokens: longweave 8k asks for about 8192 output tokens.*give --max-tokens 8192 or more' "$t/err")" -eq 1 ] ||
    fail "longweave 8k not warned once: $(cat "$t/err")"
[ "$(grep -c 'no --max-tokens: longgenbench 16k .*--max-tokens 16384 or more' "$t/err")" -eq 1 ] ||
    fail "longgenbench 16k not warned once: $(cat "$t/err")"
grep -q '1k\|adaleval' "$t/err" && fail "warned of a short tier: $(cat "$t/err")"
lg-infer -q -m fake --base-url "$url" --max-tokens 9000 "$t/in" > "$t/out2" \
    2> "$t/err2" || fail "run with a limit: $(cat "$t/err2")"
[ -s "$t/err2" ] && fail "warned with --max-tokens: $(cat "$t/err2")"
fake_stop w
