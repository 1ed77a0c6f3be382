#!/bin/sh
# lg-infer and lg-judge take their seconds alike: --timeout 0 and
# --idle-timeout 0 mean no limit in both, --connect-timeout 0 and
# --backoff-base 0 are refused by both, in one message form.
set -eu
. "$TOP/tests/lib.sh"
url=http://127.0.0.1:9	# never asked: no input
for tool in lg-infer lg-judge; do
	case $tool in
	lg-infer) set -- -q -m fake --base-url "$url" ;;
	lg-judge) set -- --rules ;;
	esac
	for o in --timeout --idle-timeout; do
		rc=0
		$tool "$@" "$o" 0 < /dev/null > "$t/out" 2> "$t/err" || rc=$?
		[ "$rc" -eq 0 ] || fail "$tool $o 0: status $rc: $(cat "$t/err")"
		rc=0
		$tool "$@" "$o" -1 < /dev/null > "$t/out" 2> "$t/err" || rc=$?
		[ "$rc" -eq 2 ] || fail "$tool $o -1: status $rc"
		echo "$tool: $o: \"-1\": not seconds from 0 up to 604800" > "$t/want"
		cmp -s "$t/want" "$t/err" || fail "$tool $o -1: $(cat "$t/err")"
	done
	for o in --connect-timeout --backoff-base; do
		rc=0
		$tool "$@" "$o" 0 < /dev/null > "$t/out" 2> "$t/err" || rc=$?
		[ "$rc" -eq 2 ] || fail "$tool $o 0: status $rc"
		echo "$tool: $o: \"0\": not seconds above 0 up to 604800" > "$t/want"
		cmp -s "$t/want" "$t/err" || fail "$tool $o 0: $(cat "$t/err")"
	done
done
echo ok
