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
# a wrong key: 401, not retried, the run stops (nothing answered), and the
# server's echo of the key is blotted out of the message
printf '{"id":"s/401","prompt":"question"}\n' > "$t/in401"
n401=$(fake_count s)
rc=0
LG_API_KEY=sk-wrong-0123456789abcdef lg-infer -m fake --base-url "$url" \
    --retries 5 "$t/in401" > "$t/out4" 2> "$t/err4" || rc=$?
[ "$rc" -eq 3 ] || fail "wrong key: exit status $rc"
[ ! -s "$t/out4" ] || fail "wrong key: $(cat "$t/out4")"
[ "$(fake_count s)" -eq $((n401 + 1)) ] || fail "a 401 was retried"
grep -q 'HTTP 401: invalid API key: \*\*\*' "$t/err4" || fail "message: $(cat "$t/err4")"
no_crash "$t"/err*
if grep -r -l -e "$key" -e sk-wrong-0123456789abcdef "$t"/out* "$t"/err* "$t/cache"; then
	fail "the key leaked"
fi
# the key is not in what the model was sent either
grep -q 'ECHO: what was sent' "$t/out1" || fail "no echo record"
# a server that repeats the key in a successful answer, whole, as its
# first 10 characters and as its last 4 behind a mask: none of it is kept,
# in the record, the cache or a cache hit
prefix=$(printf '%s' "$key" | cut -c1-10)
last4=$(printf '%s' "$key" | rev | cut -c1-4 | rev)
printf '{"id":"k/1","prompt":"SAYKEY: tell"}\n' > "$t/insay"
for mode in "" --no-stream --no-stream; do
	rc=0
	LG_API_KEY=$key lg-infer -q -m fake --base-url "$url" $mode \
	    --cache "$t/saycache" "$t/insay" > "$t/say" 2> "$t/sayerr" || rc=$?
	[ "$rc" -eq 0 ] || fail "say key $mode: exit status $rc: $(cat "$t/sayerr")"
	grep -q 'your key is \*\*\*' "$t/say" || fail "say key $mode: $(cat "$t/say")"
	grep -q '"reasoning":"the key was \*\*\*' "$t/say" || fail "say key $mode: $(cat "$t/say")"
	if grep -r -l -e "$prefix" -e "\.\.\.$last4" "$t/say" "$t/sayerr" "$t/saycache"; then
		fail "say key $mode: the key leaked: $(cat "$t/say")"
	fi
done
grep -q '"cache_hit":true' "$t/say" || fail "no cache hit"
# a cache entry written before (by anything) is scrubbed when it is read
for f in $(find "$t/saycache" -name '*.json'); do
	py '
e = json.load(open(sys.argv[1]))
e["content"] = "old entry with " + sys.argv[2]
json.dump(e, open(sys.argv[1], "w"))' "$f" "$key"
done
LG_API_KEY=$key lg-infer -q -m fake --base-url "$url" --no-stream \
    --cache "$t/saycache" "$t/insay" > "$t/say" 2> "$t/sayerr" || fail "old entry"
grep -q '"output":"old entry with \*\*\*"' "$t/say" || fail "old entry: $(cat "$t/say")"
# a judge that repeats the key in its verdict: not in verdicts[].reply
printf '%s\n' '{"id":"j","bench":"longgenbench","gold":{"type":"Floor","number":1},"checks":[{"kind":"single","at":1,"want":"gym"}],"output":"#*# Floor 1:\nSAYKEY: a gym"}' |
    lg-split > "$t/judge.in"
cp "$TOP/share/rubrics/longgenbench.tmpl" "$t/rubric"
echo 'JUDGE: yes' >> "$t/rubric"
rc=0
LG_API_KEY=$key lg-judge --judge-base-url "$url" --judge-model fake --rubric "$t/rubric" \
    --cache "$t/judgecache" < "$t/judge.in" > "$t/judge" 2> "$t/judgeerr" || rc=$?
no_crash "$t/judgeerr"
grep -q '"reply":"yes; your key is \*\*\*' "$t/judge" || fail "judge: $(cat "$t/judge")"
if grep -r -l -e "$prefix" -e "\.\.\.$last4" "$t/judge" "$t/judgeerr" "$t/judgecache"; then
	fail "judge: the key leaked"
fi
# credentials in a base URL are refused (they would go out as Basic auth
# and come back base64-encoded in messages): the key goes in a file
for how in infer env judge; do
	rc=0
	case $how in
	infer) lg-infer -q -m fake --base-url "http://user:hunter2pass@127.0.0.1:1" \
	    "$t/insay" > "$t/cred" 2> "$t/crederr" || rc=$? ;;
	env) LG_BASE_URL="http://127.0.0.1:1,https://user:hunter2pass@127.0.0.1:1/v1" \
	    lg-infer -q -m fake "$t/insay" > "$t/cred" 2> "$t/crederr" || rc=$? ;;
	judge) lg-judge --judge-base-url "http://user:hunter2pass@127.0.0.1:1/v1" \
	    --judge-model fake < "$t/judge.in" > "$t/cred" 2> "$t/crederr" || rc=$? ;;
	esac
	[ "$rc" -eq 2 ] || fail "credentials in the URL ($how): exit status $rc"
	[ ! -s "$t/cred" ] || fail "credentials in the URL ($how): output"
	grep -q 'credentials.*--api-key-file' "$t/crederr" ||
	    fail "credentials in the URL ($how): $(cat "$t/crederr")"
	! grep -q -e hunter2 -e 'dXNlcjpodW50ZXIy' "$t/crederr" ||
	    fail "credentials in the URL ($how): echoed"
done
fake_stop s
