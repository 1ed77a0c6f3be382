#!/bin/sh
# A key typed on the command line never comes back: --api-key-file may not
# be abbreviated (--api-key KEY, --api=KEY), an unknown option is named
# without its value, and no message names the key file.  Text from records
# and file names reaches stderr with its control characters replaced: an id
# holding a newline and an escape sequence forges no line and drives no
# terminal.
. "$TOP/tests/lg-infer/fake.sh"
key=sk-secret-5e1f0a9d7c3b
printf '{"id":"a","prompt":"hi"}\n' > "$t/in"
n=0
for tool in lg-infer lg-judge; do
	case $tool in
	lg-infer) base="-q -m fake --base-url http://127.0.0.1:1" ;;
	lg-judge) base="--judge-model fake --judge-base-url http://127.0.0.1:1" ;;
	esac
	for a in "--api-key $key" "--api-key=$key" "--api $key" "--api-k=$key" \
	    "--api-key-fil $key" "--apikey=$key" "--api-key-file=$t/$key" \
	    "--api-key-file $t/$key"; do
		n=$((n + 1))
		rc=0
		$tool $base $a "$t/in" > "$t/out$n" 2> "$t/err$n" || rc=$?
		case $a in
		--api-key-file*) want=3 ;;
		*) want=2 ;;
		esac
		[ "$rc" -eq "$want" ] || fail "$tool $a: exit status $rc, want $want: $(cat "$t/err$n")"
		[ ! -s "$t/out$n" ] || fail "$tool $a: output"
		[ -s "$t/err$n" ] || fail "$tool $a: no message"
		! grep -q -e "$key" -e secret "$t/err$n" || fail "$tool $a: the key leaked: $(cat "$t/err$n")"
	done
	grep -q "'--api-key' is taken for --api-key-file" "$t/err$((n - 7))" ||
	    fail "$tool: message: $(cat "$t/err$((n - 7))")"
done
no_crash "$t"/err*
# the full name still works
printf '%s\n' "$key" > "$t/key"
rc=0
lg-infer -q -m fake --base-url http://127.0.0.1:1 --api-key-file "$t/key" --retries 0 "$t/in" > /dev/null 2> "$t/errk" || rc=$?
[ "$rc" -ne 2 ] || fail "--api-key-file refused: $(cat "$t/errk")"

# hostile ids and file names
esc=$(printf '\033')
printf '{"id":"x\\nlg-prompt: forged line\\u001b[2J\\u009b31m","bench":"longgenbench","task":"floor","vars":1}\n' > "$t/hostile"
rc=0
lg-prompt "$t/hostile" > /dev/null 2> "$t/herr" || rc=$?
[ "$rc" -eq 1 ] || fail "hostile id: exit status $rc"
[ "$(wc -l < "$t/herr")" -eq 1 ] || fail "hostile id: forged a line: $(cat "$t/herr")"
! grep -q "$esc" "$t/herr" || fail "hostile id: escape reached stderr"
! grep -q "$(printf '\302\233')" "$t/herr" || fail "hostile id: C1 CSI reached stderr"
grep -q 'x?lg-prompt: forged line?\[2J??31m' "$t/herr" || fail "hostile id: $(cat "$t/herr")"
name=$(printf 'no\nlg-split: forged\033[31m')
rc=0
lg-split "$t/$name" > /dev/null 2> "$t/ferr" || rc=$?
[ "$rc" -eq 3 ] || fail "hostile file name: exit status $rc"
[ "$(wc -l < "$t/ferr")" -eq 1 ] || fail "hostile file name: forged a line: $(cat "$t/ferr")"
! grep -q "$esc" "$t/ferr" || fail "hostile file name: escape reached stderr"
