#!/bin/sh
# A wrong setup stops lg-infer and lg-judge after the first few requests,
# in the server's own words, with exit status 3 and nothing written for
# the records it could not answer: a wrong model name (404), no key or a
# wrong one (401), nothing listening, no such host.  Transient faults do
# not stop a run, and one answer is enough to keep going.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s --model good
awk 'BEGIN { for (i = 1; i <= 40; i++)
	printf "{\"id\":\"r/%02d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in"
quick="-q -P 2 --backoff-base 0.001 --connect-timeout 5"

expect_stop() {	# name pattern (after running into $t/out, $t/err, $rc)
	[ "$rc" -eq 3 ] || fail "$1: exit status $rc: $(cat "$t/err")"
	[ ! -s "$t/out" ] || fail "$1: wrote $(wc -l < "$t/out") records"
	[ "$(wc -l < "$t/err")" -eq 1 ] || fail "$1: $(cat "$t/err")"
	grep -q -e "$2" "$t/err" || fail "$1: message: $(cat "$t/err")"
	grep -q 'none was answered: stopped' "$t/err" || fail "$1: $(cat "$t/err")"
}

# a wrong model: the server's message, after a few requests, not 40
rc=0
lg-infer $quick -m gpt-4o --base-url "$url" "$t/in" > "$t/out" 2> "$t/err" || rc=$?
expect_stop "404" 'HTTP 404: The model `gpt-4o` does not exist'
grep -q 'check the model name' "$t/err" || fail "404 hint: $(cat "$t/err")"
[ "$(fake_count s)" -le 8 ] || fail "404: $(fake_count s) requests sent"
# one record alone stops as well
rc=0
head -n 1 "$t/in" | lg-infer $quick -m gpt-4o --base-url "$url" > "$t/out" 2> "$t/err" || rc=$?
expect_stop "404 alone" 'The model `gpt-4o` does not exist'
# fixed, the same run goes through
lg-infer $quick -m good --base-url "$url" "$t/in" > "$t/out" 2> "$t/err" ||
    fail "good model: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq 40 ] || fail "good model: $(wc -l < "$t/out") records"
# the server's words are untrusted: control characters do not reach stderr
rc=0
lg-infer $quick -m "$(printf 'bad\nlg-infer: forged\033[2J')" --base-url "$url" \
    "$t/in" > "$t/out" 2> "$t/err" || rc=$?
expect_stop "hostile message" 'The model `bad.lg-infer: forged.\[2J` does not exist'
! grep -q "$(printf '\033')" "$t/err" || fail "hostile message: escape reached stderr"
fake_stop s

# no key, and a wrong one
printf 'sk-right-0123456789\n' > "$t/key"
printf 'sk-wrong-0123456789\n' > "$t/badkey"
fake_start k --key-file "$t/key"
rc=0
lg-infer $quick -m m --base-url "$url" "$t/in" > "$t/out" 2> "$t/err" || rc=$?
expect_stop "no key" 'HTTP 401'
grep -q 'no API key was sent: set LG_API_KEY or OPENAI_API_KEY, or give --api-key-file FILE' \
    "$t/err" || fail "no key hint: $(cat "$t/err")"
rc=0
lg-infer $quick -m m --base-url "$url" --api-key-file "$t/badkey" "$t/in" > "$t/out" \
    2> "$t/err" || rc=$?
expect_stop "bad key" 'HTTP 401'
grep -q 'check the API key' "$t/err" || fail "bad key hint: $(cat "$t/err")"
! grep -q -e sk-wrong -e badkey "$t/err" || fail "bad key: echoed: $(cat "$t/err")"
fake_stop k

# nothing listening, no such host
rc=0
lg-infer $quick -m m --base-url http://127.0.0.1:1 "$t/in" > "$t/out" 2> "$t/err" || rc=$?
expect_stop "refused" 'http://127.0.0.1:1: .*onnect'
# tried 3 times, not --retries 6 times with backoff
grep -q '(after 3 attempts)' "$t/err" || fail "refused: attempts: $(cat "$t/err")"
rc=0
lg-infer $quick --retries 0 -m m --base-url http://no-such-host.invalid "$t/in" > "$t/out" \
    2> "$t/err" || rc=$?
expect_stop "dns" 'resolve'

# transient faults never stop a run: every record is written, with its error
fake_start f --model good
awk 'BEGIN { for (i = 1; i <= 6; i++)
	printf "{\"id\":\"f/%d\",\"prompt\":\"FAULT:500 question %d\"}\n", i, i }' > "$t/in500"
rc=0
lg-infer $quick --retries 1 -m good --base-url "$url" "$t/in500" > "$t/out" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "500: exit status $rc: $(cat "$t/err")"
[ "$(grep -c '"status":500' "$t/out")" -eq 6 ] || fail "500: $(cat "$t/out")"

# lg-judge: a wrong judge model stops the same way; the right one judges
printf '%s\n' '{"id":"j","bench":"longgenbench","gold":{"type":"Floor","number":1},"checks":[{"kind":"single","at":1,"want":"gym"}],"output":"#*# Floor 1:\na gym"}' |
    lg-split > "$t/judge.in"
rc=0
lg-judge --judge-base-url "$url" --judge-model gpt-4o --backoff-base 0.001 \
    < "$t/judge.in" > "$t/out" 2> "$t/err" || rc=$?
expect_stop "judge 404" 'HTTP 404: The model `gpt-4o` does not exist'
cp "$TOP/share/rubrics/longgenbench.tmpl" "$t/rubric"
echo 'JUDGE: yes' >> "$t/rubric"
lg-judge --judge-base-url "$url" --judge-model good --rubric "$t/rubric" \
    < "$t/judge.in" > "$t/out" 2> "$t/err" ||
    fail "judge good: $(cat "$t/err")"
[ "$(wc -l < "$t/out")" -eq 1 ] || fail "judge good: no record"
fake_stop f
no_crash "$t"/err
