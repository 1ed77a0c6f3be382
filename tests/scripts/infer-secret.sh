#!/bin/sh
# The API key, from $LG_API_KEY, $OPENAI_API_KEY or --api-key-file, is sent
# to the server and appears nowhere else: not in records, not in messages
# (even when the server repeats it back), not in the cache.
. "$TOP/tests/lg-infer/fake.sh"
key=sk-test-7f3a9c1e5b2d4680secret
printf '%s\n' "$key" > "$t/key"
fake_start s --key-file "$t/key" --fault-rate 0.2 --seed 3 --retry-after 0 \
    --faults 429,500,cut,malformed
awk 'BEGIN { for (i = 1; i <= 100; i++)
	printf "{\"id\":\"s/%03d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
printf '{"id":"s/echo","prompt":"ECHO: what was sent"}\n' >> "$t/in"
common="-m fake --base-url $url --backoff-base 0.001 --retries 10 --cache $t/cache"
rc=0
LG_API_KEY=$key lg-infer $common "$t/in" > "$t/out1" 2> "$t/err1" || rc=$?
[ "$rc" -eq 0 ] || { cat "$t/err1"; fail "LG_API_KEY: exit status $rc"; }
rm -rf "$t/cache"
OPENAI_API_KEY=$key lg-infer $common "$t/in" > "$t/out2" 2> "$t/err2" || rc=$?
[ "$rc" -eq 0 ] || { cat "$t/err2"; fail "OPENAI_API_KEY: exit status $rc"; }
rm -rf "$t/cache"
lg-infer $common --api-key-file "$t/key" "$t/in" > "$t/out3" 2> "$t/err3" || rc=$?
[ "$rc" -eq 0 ] || { cat "$t/err3"; fail "--api-key-file: exit status $rc"; }
# the server saw the key on every request
[ "$(awk '$7 != "key"' "$t/s.log" | wc -l)" -eq 0 ] || fail "a request went without the key"
# a wrong key: 401, not retried, and the server's echo of it is blotted out
printf '{"id":"s/401","prompt":"question"}\n' > "$t/in401"
rc=0
LG_API_KEY=sk-wrong-0123456789abcdef lg-infer -m fake --base-url "$url" \
    --retries 5 "$t/in401" > "$t/out4" 2> "$t/err4" || rc=$?
[ "$rc" -eq 1 ] || fail "wrong key: exit status $rc"
grep -q '"status":401' "$t/out4" || fail "no 401: $(cat "$t/out4")"
grep -q '"attempts":1,' "$t/out4" || fail "a 401 was retried"
grep -q 'invalid API key: \*\*\*' "$t/out4" || fail "message: $(cat "$t/out4")"
no_crash "$t"/err*
if grep -r -l -e "$key" -e sk-wrong-0123456789abcdef "$t"/out* "$t"/err* "$t/cache"; then
	fail "the key leaked"
fi
# the key is not in what the model was sent either
grep -q 'ECHO: what was sent' "$t/out1" || fail "no echo record"
fake_stop s
