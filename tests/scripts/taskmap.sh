#!/bin/sh
# lg(7)'s task map against what the tools list (--list-tasks): every
# program a row names for a task lists that task; lg-gen, lg-prompt,
# lg-oracle and lg-agg, which the map says serve every task, list every task
# of the map; a scorer of the map lists no task the map does not give it;
# and every task lg-gen lists has a row.  Each difference is named.  A tool
# without --list-tasks fails the test by name.
# With CHECK_TOP=DIR, man/lg.7 and share/ are read from DIR instead of $TOP.
set -u
. "$TOP/tests/lib.sh"
top=${CHECK_TOP:-$TOP}
export LG_SHARE="$top/share" LC_ALL=C

listed() {	# TOOL: its --list-tasks as "BENCH TASK" lines in $t/TOOL, or fail
	case $1 in
	lg-prompt) set -- "$1" --templates "$top/share/templates" ;;
	esac
	"$@" --list-tasks > "$t/$1.raw" 2> "$t/$1.err" ||
		fail "$1 has no --list-tasks (status $?: $(head -n 1 "$t/$1.err"))"
	awk -F '\t' '{ print $1, $2 }' "$t/$1.raw" > "$t/$1"
}

# the map: "BENCH TASK TOOL" for each program of each row, and "BENCH TASK"
awk '/^\.Ss Task map/ { on = 1 } on && /^\.El/ { exit }
    on && /^\.It / && !/^\.It Sy/ {
	sub(/^\.It /, "")
	n = split($0, col, / Ta /)
	if (n != 3) { print "bad row: " $0 > "/dev/stderr"; exit 1 }
	b = tolower(col[1]); gsub(/[^a-z]/, "", b)
	m = split(col[2], task, /, */)
	k = split(col[3], w, / /)
	for (i = 1; i <= m; i++) {
		print b, task[i] > "/dev/stdout"
		for (j = 1; j < k; j++)
			if (w[j] == "Xr" && w[j + 1] ~ /^lg-/)
				print b, task[i], w[j + 1] > MAPTOOLS
	}
    }' MAPTOOLS="$t/maptools" "$top/man/lg.7" > "$t/map" ||
	fail "man/lg.7: a row of the task map is not BENCH Ta TASKS Ta PROGRAMS"
[ -s "$t/map" ] && [ -s "$t/maptools" ] || fail "man/lg.7: no task map found"

diffs=0
differ() {
	echo "$*"
	diffs=$((diffs + 1))
}
for tool in lg-gen lg-prompt lg-oracle lg-agg $(cut -d ' ' -f 3 "$t/maptools" | sort -u); do
	[ -f "$t/$tool" ] || listed "$tool"
done
# each program of a row lists the row's tasks
while read -r b k tool; do
	grep -qx "$b $k" "$t/$tool" ||
		differ "lg(7) names $tool for $b/$k; $tool --list-tasks does not list it"
done < "$t/maptools"
# the programs of every task list every task of the map
for tool in lg-gen lg-prompt lg-oracle lg-agg; do
	while read -r b k; do
		grep -qx "$b $k" "$t/$tool" ||
			differ "lg(7) says $tool serves every task; it does not list $b/$k"
	done < "$t/map"
done
# a scorer of the map scores nothing the map leaves out
for tool in $(cut -d ' ' -f 3 "$t/maptools" | sort -u); do
	while read -r b k; do
		grep -qx "$b $k $tool" "$t/maptools" ||
			differ "$tool lists $b/$k; lg(7)'s task map does not give it that task"
	done < "$t/$tool"
done
# every task lg-gen makes has a row
while read -r b k; do
	grep -qx "$b $k" "$t/map" || differ "lg-gen lists $b/$k; lg(7)'s task map has no row for it"
done < "$t/lg-gen"
[ "$diffs" -eq 0 ] || fail "$diffs differences between lg(7)'s task map and the tools"
echo "ok: $(wc -l < "$t/map") tasks, $(wc -l < "$t/maptools") programs of rows"
