#!/bin/sh
# make check: the suite on the strict build, again under ASan+UBSan, then the
# man pages, then a short round (3 s) of every fuzz target.  The last line
# is the total "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 3
total_p=0
total_f=0
tally() {	# label, then the runner's output on stdin
	label=$1
	while IFS= read -r line; do
		case $line in
		*" passed, "*" failed")
			p=${line%% passed*}
			f=${line#*passed, }
			f=${f%% failed*}
			total_p=$((total_p + p))
			total_f=$((total_f + f))
			echo "$label: $line"
			;;
		*) echo "$line" ;;
		esac
	done
}
out=$(mktemp)
sh tests/run.sh bin build/obj > "$out" 2>&1
tally build < "$out"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:exitcode=99 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    sh tests/run.sh build/san/bin build/san > "$out" 2>&1
tally asan+ubsan < "$out"
sh tests/man.sh > "$out" 2>&1
tally man < "$out"
sh tests/fuzz/run.sh 3 > "$out" 2>&1
tally fuzz < "$out"
rm -f "$out"
echo "$total_p passed, $total_f failed"
[ "$total_f" -eq 0 ]
