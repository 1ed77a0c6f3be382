#!/bin/sh
# make check: the suite on the strict build and again under ASan+UBSan, the
# man pages, and a short round (3 s) of every fuzz target, side by side;
# then their reports, one after the other.  The sanitizer suite's scripts
# that start the test server through tests/lg-infer/fake.sh start the
# plain build's (FAKEAPI): it is no part of lg, and under ASan its
# log-probabilities cost the lg-ppl scripts half their time; the scripts
# that start build/san's own keep it under the sanitizers.  JOBS tests at
# once in each
# suite (default: 3 per core, as most tests wait on pipes and servers).
# As each test ends, a line: its status, seconds, suite and name, and the
# running count.  The whole output of a failed test is kept in build/logs/.
# The last line is the total "N passed, N failed, N skipped".
#   tests/check.sh [plain]   plain: only the suite on bin/ (make test)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 3
jobs=${JOBS:-$(($(nproc 2>/dev/null || echo 1) * 3))}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
trap 'exit 130' INT TERM
rm -rf build/logs

# the progress: tests/run-one.sh writes a line to the pipe as each test
# ends; this shell keeps the pipe open for writing until every suite is
# done, so that the reader sees its end only then
mkfifo "$out/progress" || exit 3
sh tests/progress.sh < "$out/progress" &
reader=$!
exec 3> "$out/progress"
export RUN_PROGRESS="$out/progress"

RUN_LABEL=build LOGDIR=build/logs/build JOBS=$jobs \
    sh tests/run.sh bin build/obj > "$out/build" 2>&1 &
suites=$!
if [ "${1:-}" != plain ]; then
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	FAKEAPI=$top/build/obj/helpers/fakeapi \
	RUN_SAN=1 RUN_LABEL=asan+ubsan LOGDIR=build/logs/asan+ubsan JOBS=$jobs \
	    sh tests/run.sh build/san/bin build/san > "$out/asan+ubsan" 2>&1 &
	suites="$suites $!"
	sh tests/man.sh > "$out/man" 2>&1 &
	suites="$suites $!"
	sh tests/fuzz/run.sh 3 > "$out/fuzz" 2>&1 &
	suites="$suites $!"
fi
for p in $suites; do
	wait "$p"
done
exec 3>&-
wait "$reader"
echo

total_p=0
total_f=0
total_s=0
for label in build asan+ubsan man fuzz; do
	[ -f "$out/$label" ] || continue
	seen=
	while IFS= read -r line; do
		case $line in
		[0-9]*" passed, "[0-9]*" failed"*)
			p=${line%% passed*}
			f=${line#*passed, }
			f=${f%% failed*}
			s=0
			case $line in *" skipped") s=${line#*failed, }; s=${s%% skipped} ;; esac
			total_p=$((total_p + p))
			total_f=$((total_f + f))
			total_s=$((total_s + s))
			seen=1
			echo "$label: $p passed, $f failed, $s skipped"
			;;
		*) echo "$line" ;;
		esac
	done < "$out/$label"
	if [ -z "$seen" ]; then
		echo "FAIL: $label: ended without a count"
		total_f=$((total_f + 1))
	fi
done
echo "$total_p passed, $total_f failed, $total_s skipped"
[ "$total_f" -eq 0 ]
