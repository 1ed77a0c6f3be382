#!/bin/sh
# Run the fuzz targets: replay the fixed crashes, then fuzz each target.
#   tests/fuzz/run.sh SECONDS [TARGET ...]
# Needs `make fuzzers` (build/fuzz/fuzz/) and the plain build (bin/, for the
# seeds, made by seeds.sh into build/fuzz/seeds/ when missing).  The corpus
# grows in build/fuzz/corpus/TARGET/.  Inputs that crash are saved in
# tests/fuzz/crashes/; once fixed they move to tests/fuzz/regress/
# (named TARGET-...), where every run replays them.  Prints a line of
# executions and coverage (edges) per target, then "N passed, N failed":
# one test per target for the replay and one for the round.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top" || exit 3
secs=${1:-60}
shift 2>/dev/null
fz=build/fuzz/fuzz
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if [ ! -d build/fuzz/seeds ]; then
	sh tests/fuzz/seeds.sh bin build/fuzz/seeds.new > build/fuzz/seeds.log 2>&1 &&
	    mv build/fuzz/seeds.new build/fuzz/seeds ||
	    { echo "FAIL: fuzz seeds:"; tail -5 build/fuzz/seeds.log; }
fi
[ $# -gt 0 ] || set -- $(ls tests/fuzz/*.c | sed 's|.*/||; s|\.c$||')
mkdir -p tests/fuzz/crashes
log=$(mktemp)
trap 'rm -f "$log"' EXIT INT TERM
for t in "$@"; do
	if [ ! -x "$fz/$t" ]; then
		bad "fuzz/$t: not built (make fuzzers)"
		continue
	fi
	dict=tests/fuzz/$t.dict
	[ -f "$dict" ] || dict=tests/fuzz/json.dict
	# the crashes fixed so far: each must run clean
	set -- $(ls tests/fuzz/regress/"$t"-* 2>/dev/null)
	if [ $# -gt 0 ]; then
		if "$fz/$t" -close_fd_mask=2 "$@" > "$log" 2>&1; then
			ok
		else
			bad "fuzz/$t: a fixed crash is back"
			grep -v '^INFO\|^Running\|^Executed' "$log" | head -20 | sed 's/^/    /'
		fi
	fi
	mkdir -p build/fuzz/corpus/"$t" build/fuzz/seeds/"$t"
	"$fz/$t" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -max_len=65536 -close_fd_mask=2 -print_final_stats=1 -dict="$dict" \
	    -artifact_prefix=tests/fuzz/crashes/"$t"- \
	    build/fuzz/corpus/"$t" build/fuzz/seeds/"$t" > "$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | sed 's/cov: //')
	corp=$(grep -o 'corp: [0-9]*' "$log" | tail -1 | sed 's/corp: //')
	echo "fuzz $t: ${secs}s, ${execs:-?} executions, ${cov:-?} edges, corpus ${corp:-?}"
	if [ "$rc" -eq 0 ]; then
		ok
	else
		bad "fuzz/$t: status $rc; the input is in tests/fuzz/crashes/"
		grep -A12 'ERROR\|runtime error\|SUMMARY\|deadly signal' "$log" | head -30 | sed 's/^/    /'
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
