#!/bin/sh
# make check's progress shows a line as each test ends: tests/check.sh's
# reader, run as check.sh runs it (its own line, taken from the script),
# prints the line of a test while the pipe is still open, with the awk
# this machine has (mawk on Debian holds a pipe's input until its buffer
# fills; the reader must not wait for that).
# plain build only: it runs the suite's shell reader
. "$TOP/tests/lib.sh"

cmd=$(sed -n '/^mkfifo "\$out\/progress"/,/< "\$out\/progress" &$/p' \
    "$TOP/tests/check.sh" | sed 1d)
[ -n "$cmd" ] || fail "no reader line in tests/check.sh"
out=$t
mkfifo "$out/progress" || fail "mkfifo"
(cd "$TOP" && eval "$cmd
echo \$! > '$t/pid'
wait") > "$t/shown" 2>&1 &
sub=$!
# read and write: the open does not wait for the reader, which may fail
exec 3<> "$out/progress"
printf 'pass 1.5 build: lg-agg/one\n' >&3
printf 'fail 0.2 asan+ubsan: scripts/two.sh\n' >&3
# readiness, not time: wait until the second line is shown, failing if the
# reader ended first; the pipe stays open all the while, as in make check
start=$(date +%s)
while ! grep -q 'scripts/two.sh' "$t/shown"; do
	kill -0 "$sub" 2>/dev/null || fail "the reader ended: $(cat "$t/shown")"
	# a generous bound far above the milliseconds a line takes: mawk's
	# buffer never flushes while the pipe is open
	[ $(($(date +%s) - start)) -lt 30 ] ||
	    fail "no line shown in 30 s while the pipe was open: '$(cat "$t/shown")'"
	sleep 0.02
done
exec 3>&-
wait "$sub"
cat > "$t/want" <<'W'
pass    1.5s  build: lg-agg/one                                        [1 done, 0 failed]
fail    0.2s  asan+ubsan: scripts/two.sh                               [2 done, 1 failed]
W
diff "$t/want" "$t/shown" > "$t/diff" || fail "progress lines differ: $(cat "$t/diff")"
exit 0
