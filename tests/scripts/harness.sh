#!/bin/sh
# tests/run.sh itself, on a made-up suite: a golden case without an out
# file that prints something fails and one that prints nothing passes; a
# script that exits 77 is counted as skipped, not passed; a sanitizer
# report sent to /dev/null by a script that exits 0 fails it; a failed
# script's whole output is kept in LOGDIR; several jobs at once give the
# same report; the order of the tests: by the last run's times, else by
# tests/times.seed.
set -eu
. "$TOP/tests/lib.sh"
s=$t/top
mkdir -p "$s/tests/scripts" "$s/bin" "$s/obj/unit" \
    "$s/tests/lg-x/silent" "$s/tests/lg-x/talks" "$s/tests/lg-x/golden"
cp "$TOP/tests/run.sh" "$TOP/tests/run-one.sh" "$s/tests/"
printf '#!/bin/sh\n[ $# -eq 0 ] || echo "$@"\n' > "$s/bin/lg-x"
chmod +x "$s/bin/lg-x"
: > "$s/tests/lg-x/silent/args"
echo 'hello' > "$s/tests/lg-x/talks/args"
echo 'hello' > "$s/tests/lg-x/golden/args"
echo 'hello' > "$s/tests/lg-x/golden/out"
printf 'echo "skipped: nothing to run here"\nexit 77\n' > "$s/tests/scripts/skips.sh"
printf 'echo fine\n' > "$s/tests/scripts/passes.sh"
printf 'echo "first line of a long log"\ni=0\nwhile [ $i -lt 40 ]; do echo "line $i"; i=$((i + 1)); done\nexit 1\n' \
    > "$s/tests/scripts/fails.sh"
# a program with undefined behaviour, run by a script that hides stderr
printf '#include <limits.h>\n#include <stdio.h>\nint main(int c, char **v)\n{ int x = INT_MAX - 1 + c; (void)v; printf("%%d\\n", x + 1); return 0; }\n' \
    > "$t/ub.c"
cc -fsanitize=undefined -fno-sanitize-recover=undefined -o "$s/bin/ub" "$t/ub.c" ||
    fail "cannot build a program with -fsanitize=undefined"
printf '"$BIN/ub" > /dev/null 2>&1 || :\nexit 0\n' > "$s/tests/scripts/hides.sh"

unset TESTS JOBS LOGDIR UPDATE RUN_SAN
for jobs in 1 3; do
	rc=0
	JOBS=$jobs LOGDIR=$t/logs$jobs sh "$s/tests/run.sh" "$s/bin" "$s/obj" \
	    > "$t/out$jobs" 2>&1 || rc=$?
	[ "$rc" -eq 1 ] || fail "JOBS=$jobs: exit status $rc, want 1: $(cat "$t/out$jobs")"
	[ "$(tail -n 1 "$t/out$jobs")" = "3 passed, 3 failed, 1 skipped" ] ||
	    fail "JOBS=$jobs: counts: $(cat "$t/out$jobs")"
	grep -q '^FAIL: lg-x/talks: stdout differs' "$t/out$jobs" ||
	    fail "JOBS=$jobs: a case without out printed and passed: $(cat "$t/out$jobs")"
	grep -q '^SKIP: scripts/skips.sh: skipped: nothing to run here' "$t/out$jobs" ||
	    fail "JOBS=$jobs: the skip is not reported: $(cat "$t/out$jobs")"
	grep -q '^FAIL: scripts/hides.sh: sanitizer report' "$t/out$jobs" ||
	    fail "JOBS=$jobs: a hidden sanitizer report passed: $(cat "$t/out$jobs")"
	grep -q '^FAIL: scripts/fails.sh: exit status 1' "$t/out$jobs" ||
	    fail "JOBS=$jobs: a failed script: $(cat "$t/out$jobs")"
	grep -q 'first line of a long log' "$t/logs$jobs/scripts-fails.sh.log" ||
	    fail "JOBS=$jobs: no whole log kept"
done
for jobs in 1 3; do
	grep -e '^FAIL' -e '^SKIP' -e ' passed, ' "$t/out$jobs" > "$t/sum$jobs"
done
cmp -s "$t/sum1" "$t/sum3" || fail "JOBS=3 reports differently: $(diff "$t/sum1" "$t/sum3")"
# TESTS picks by name
TESTS=lg-x/ sh "$s/tests/run.sh" "$s/bin" "$s/obj" > "$t/only" 2>&1 || :
[ "$(tail -n 1 "$t/only")" = "2 passed, 1 failed, 0 skipped" ] || fail "TESTS: $(cat "$t/only")"
# a script marked "plain build only" runs in the plain suite, not under
# RUN_SAN=1; a pattern that matches nothing runs nothing and fails nothing
printf '# plain build only: a test of the harness\necho fine\n' > "$s/tests/scripts/once.sh"
TESTS=scripts/once sh "$s/tests/run.sh" "$s/bin" "$s/obj" > "$t/once" 2>&1 ||
    fail "plain suite: $(cat "$t/once")"
[ "$(tail -n 1 "$t/once")" = "1 passed, 0 failed, 0 skipped" ] || fail "plain suite: $(cat "$t/once")"
RUN_SAN=1 TESTS=scripts/once sh "$s/tests/run.sh" "$s/bin" "$s/obj" > "$t/once" 2>&1 ||
    fail "RUN_SAN=1: $(cat "$t/once")"
[ "$(cat "$t/once")" = "0 passed, 0 failed, 0 skipped" ] || fail "RUN_SAN=1: $(cat "$t/once")"
rm "$s/tests/scripts/once.sh"

# a made-up suite of three scripts that note their order: DIR
suite() {
	mkdir -p "$1/tests/scripts" "$1/bin" "$1/obj"
	cp "$TOP/tests/run.sh" "$TOP/tests/run-one.sh" "$1/tests/"
	for n in a b c; do
		printf 'echo %s >> "%s"\n' "$n" "$1/order" > "$1/tests/scripts/$n.sh"
	done
}
# run DIR's suite: its order must be WANT ("b c a")
ordered() {	# DIR WANT WHAT
	rm -f "$1/order"
	JOBS=1 sh "$1/tests/run.sh" "$1/bin" "$1/obj" > "$1/out" 2>&1 ||
	    fail "$3: $(cat "$1/out")"
	[ "$(tr '\n' ' ' < "$1/order")" = "$2 " ] ||
	    fail "$3: ran $(tr '\n' ' ' < "$1/order"), want $2"
}

# the longest first: by the last run's times on this build (OBJDIR/
# test-times), a script not timed yet before them; each run writes its
# times there, keeping those of the tests it did not run
o=$t/ord
suite "$o"
printf '5 scripts/a.sh\n900 scripts/c.sh\n7 scripts/gone.sh\n' > "$o/obj/test-times"
ordered "$o" "b c a" order
for n in a b c; do
	grep -q "^[0-9][0-9]* scripts/$n.sh [0-9][0-9]*\$" "$o/obj/test-times" ||
	    fail "order: no time of scripts/$n.sh: $(cat "$o/obj/test-times")"
done
grep -q '^7 scripts/gone.sh$' "$o/obj/test-times" ||
    fail "order: a time of a test not run was lost: $(cat "$o/obj/test-times")"

# a fresh build (no OBJDIR/test-times) takes the order of tests/times.seed;
# a build's own time of a test comes before the seed's
f=$t/fresh
suite "$f"
printf '5 scripts/a.sh 1\n60 scripts/b.sh 1\n900 scripts/c.sh 1\n' > "$f/tests/times.seed"
ordered "$f" "c b a" "the seed"
printf '1000 scripts/a.sh 1\n' > "$f/obj/test-times"
ordered "$f" "a c b" "the seed under the build's times"
