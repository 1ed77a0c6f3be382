#!/bin/sh
# Run the test suite against one build.
#   tests/run.sh BINDIR OBJDIR
# Golden tests: tests/lg-X/NAME/ holds args (the arguments, shell-quoted) or
# cmd (a shell pipeline, with BINDIR first in PATH), and in / in.sh (stdin,
# or a script whose output is stdin), out, err, rc (expected; rc defaults to
# 0, a missing out or err means stdout or stderr must be empty).  Unit
# tests: OBJDIR/unit/*.  Script tests: tests/scripts/*.sh, run with
# BIN=BINDIR, OBJ=OBJDIR, TOP and a TMPDIR of their own; they pass on exit
# 0 and are skipped on exit 77 (see tests/lib.sh).
# A crash or a sanitizer report is always a failure: ASAN_OPTIONS and
# UBSAN_OPTIONS get a log_path of the test's own, so a report that a test
# sends to /dev/null still fails it.
# Environment: RUN_SAN=1 (the sanitizer suite) leaves out the scripts
# marked "# plain build only: WHY"; TESTS='PATTERN...' runs the tests
# whose name holds one of the space-separated patterns (for example
# lg-agg/, unit/ or 'lg-gen/ scripts/infer-'); JOBS=N runs N tests at once
# (default 1), the longest first by the times of the last run on this
# build, kept in OBJDIR/test-times ("MS NAME CPU-MS": the wall-clock
# milliseconds and those of processor time, user and system, of each
# test's last run), and for a test this build has not timed yet (a fresh
# clone) by tests/times.seed, the same lines from a whole `make check`
# (`make times-seed` writes it from the times of both suites);
# LOGDIR=DIR keeps the whole output of each failed test there.
# UPDATE=1 rewrites the expected out, err and rc of each golden test from
# this build (the files the folder has; a missing one is written only when
# the output is no longer empty or the status no longer 0), unless it
# crashed, and prints "updated: NAME" for each golden that changed; the
# scripts that keep reference sums (check_sums of tests/lib.sh) rewrite
# them.  For example: make test UPDATE=1 TESTS='lg-judge/ lg-agg/list',
# then git diff.
# Output: a FAIL line and the end of the output of each failed test, an
# "updated" line of each golden rewritten, in the order of the tests, then
# "N passed, N failed, N skipped" (a golden rewritten counts as passed).
set -u

bindir=$(cd "$1" && pwd)
objdir=$(cd "$2" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
only=${TESTS:-}
jobs=${JOBS:-1}
logdir=${LOGDIR:-}
[ -z "$logdir" ] || { mkdir -p "$logdir" && logdir=$(cd "$logdir" && pwd); }
export RUN_BIN="$bindir" RUN_OBJ="$objdir" RUN_TOP="$top" RUN_TMP="$tmp"
mkdir -p "$tmp/res" "$tmp/w"

# the list: kind, name, in the order of the report
for t in "$top"/tests/lg-*/*/; do
	[ -d "$t" ] || continue
	t=${t%/}
	echo "golden ${t#"$top"/tests/}"
done > "$tmp/all"
for u in "$objdir"/unit/*; do
	[ -x "$u" ] && echo "unit unit/${u##*/}"
done >> "$tmp/all"
# a script that tests no C code of the build (a line "# plain build
# only: WHY" in it) runs in the plain suite alone, not again under the
# sanitizers (RUN_SAN=1, tests/check.sh)
for s in "$top"/tests/scripts/*.sh; do
	[ -f "$s" ] || continue
	[ "${RUN_SAN:-}" = 1 ] && grep -q '^# plain build only: ' "$s" && continue
	echo "script scripts/${s##*/}"
done >> "$tmp/all"
awk -v p="$only" 'BEGIN { np = split(p, pat, " ") }
{
	for (i = 1; i <= np && !index($2, pat[i]); i++)
		;
	if (np == 0 || i <= np)
		print $0, NR
}' "$tmp/all" > "$tmp/list"

# the longest first, so that the slow tests do not end the run alone: by
# the milliseconds each took in the last run on this build (OBJDIR/
# test-times), else by the seed (tests/times.seed), a test timed in
# neither first if a script, last if not; ties in the order of the list
times=$objdir/test-times
{ cat "$top/tests/times.seed" "$times" 2>/dev/null; echo '--'; cat "$tmp/list"; } | awk '
$0 == "--" { list = 1; next }
!list { ms[$2] = $1; next }
{ print (($2 in ms) ? ms[$2] : ($1 == "script" ? 999999999 : 0)), $0 }' |
    sort -s -k 1,1nr | cut -d ' ' -f 2- |
    xargs -r -P "$jobs" -L 1 sh "$top/tests/run-one.sh"
# this run's times over the last ones (a test not run keeps its own)
awk -v res="$tmp/res" '{
	f = res "/" $3 ".ms"
	if ((getline ms < f) > 0) { split(ms, v, " "); print v[1], $2, v[2] }
	close(f)
}' "$tmp/list" > "$tmp/times"
{ cat "$tmp/times"; echo '--'; cat "$times" 2>/dev/null; } | awk '
$0 == "--" { old = 1; next }
!old { seen[$2] = 1; print; next }
!($2 in seen)' > "$tmp/times.all" &&
    cp "$tmp/times.all" "$times.new" 2>/dev/null &&
    mv -f "$times.new" "$times" 2>/dev/null || :

pass=0
fail=0
skip=0
while read -r kind name id; do
	r=$tmp/res/$id
	case $(cat "$r.rc" 2>/dev/null) in
	pass) pass=$((pass + 1)) ;;
	updated) pass=$((pass + 1)); echo "updated: $name" ;;
	skip) skip=$((skip + 1)); echo "SKIP: $name: $(tail -n 1 "$r.log")" ;;
	*)
		fail=$((fail + 1))
		echo "FAIL: $name: $(cat "$r.why" 2>/dev/null || echo 'no result')"
		tail -n 20 "$r.log" | sed 's/^/    /'
		if [ -n "$logdir" ]; then
			f=$logdir/$(echo "$name" | tr / -).log
			cp "$r.log" "$f"
			echo "    (whole output: $f)"
		fi
		;;
	esac
done < "$tmp/list"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
