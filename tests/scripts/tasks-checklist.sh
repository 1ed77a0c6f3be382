#!/bin/sh
# HACKING's checklist as a test: every task lg-gen --list-tasks lists has
#   template   share/templates/BENCH/TASK.tmpl, as lg-prompt --list-tasks
#              finds it
#   oracle     a reference answer writer (lg-oracle --list-tasks)
#   scorer     a scorer that lists it (lg-choice, lg-tau, lg-flake8,
#              lg-*check), or lg-judge with the fact "rules"
#   golden     a golden folder tests/lg-gen/NAME/ whose args generate
#              (not --import) and whose out holds a record of the task
#   gen-golden a run of it in tests/scripts/gen-golden.sums, named
#              PREFIX.TASK[.more] (lgb, lw, ada for the three benchmarks)
#   lg.7       a row of lg(7)'s task map (man/lg.7) naming it
#   rubric     where lg-judge lists it with the fact "model": a rubric,
#              share/rubrics/BENCH/TASK.tmpl or share/rubrics/BENCH.tmpl
#   demo       a place in the demo (sh mk/demo.sh --tasks)
#   docs       its name in lg-gen --help and in man/lg-gen.1
#   pages      its name in README, man/lg-oracle.1 (its reference answer)
#              and its scorer's page: man/lg-X.1 of a scorer of its own,
#              or for lg-judge man/lg-judge.1 and the header of
#              cmd/lg-judge/main.c
#   script     a test script, tests/scripts/*.sh, that generates it
#              (lg-gen ... -t naming it) and runs its scorer
# and lg-gen's own messages name exactly its tasks (the -t choices, made
# from the same table).  Each missing fact is named: "BENCH/TASK: no FACT".
# A tool that has no --list-tasks fails the test by name.
# With CHECK_TOP=DIR the files are read from DIR instead of $TOP (a copy to
# try the test on).
set -u
. "$TOP/tests/lib.sh"
top=${CHECK_TOP:-$TOP}
export LG_SHARE="$top/share" LC_ALL=C DEMO_BIN="$BIN"

listed() {	# TOOL [ARGS]: its --list-tasks into $t/TOOL, or fail
	tool=$1
	shift
	"$tool" "$@" --list-tasks > "$t/$tool" 2> "$t/$tool.err" ||
		fail "$tool has no --list-tasks (status $?: $(head -n 1 "$t/$tool.err"))"
	[ ! -s "$t/$tool.err" ] || fail "$tool --list-tasks wrote to stderr: $(head -n 1 "$t/$tool.err")"
	awk -F '\t' 'NF < 2 || NF > 3 || $1 == "" || $2 == "" { exit 1 }' "$t/$tool" ||
		fail "$tool --list-tasks: a line is not BENCH<TAB>TASK[<TAB>FACTS]"
}
has() {	# FILE BENCH TASK [FACT]: the listing FILE has the task (with FACT)
	awk -F '\t' -v b="$2" -v k="$3" -v f="${4:-}" '
	    $1 == b && $2 == k {
		if (f == "") found = 1
		n = split($3, v, ",")
		for (i = 1; i <= n; i++) if (v[i] == f) found = 1
	    }
	    END { exit !found }' "$1"
}

listed lg-gen
listed lg-prompt --templates "$top/share/templates"
listed lg-oracle
scorers="lg-choice lg-tau lg-flake8 $(cd "$BIN" && ls -d lg-*check 2>/dev/null | tr '\n' ' ')"
for s in $scorers; do
	listed "$s"
done
listed lg-judge
[ -s "$t/lg-gen" ] || fail "lg-gen lists no task"

# lg(7)'s task map: "BENCH TASK" per task of each row
awk '/^\.Ss Task map/ { on = 1 } on && /^\.El/ { exit }
    on && /^\.It / && !/^\.It Sy/ {
	sub(/^\.It /, "")
	n = split($0, col, / Ta /)
	b = tolower(col[1]); gsub(/[^a-z]/, "", b)
	m = split(col[2], task, /, */)
	for (i = 1; i <= m; i++) print b, task[i]
    }' "$top/man/lg.7" > "$t/map"
[ -s "$t/map" ] || fail "man/lg.7: no task map found"
sh "$top/mk/demo.sh" --tasks > "$t/demo" 2> "$t/demo.err" ||
	fail "mk/demo.sh --tasks: $(cat "$t/demo.err")"

# the golden folders of lg-gen that generate: "BENCH TASK" of their records
for d in "$top"/tests/lg-gen/*/; do
	[ -f "$d/args" ] && [ -f "$d/out" ] || continue
	grep -q -e '--import' "$d/args" && continue
	jq -r 'select(.bench and .task) | "\(.bench) \(.task)"' "$d/out" 2>/dev/null
done | sort -u > "$t/goldens"

lg-gen --help > "$t/help" || fail "lg-gen --help failed"
missing=0
miss() {
	echo "$b/$k: no $*"
	missing=$((missing + 1))
}
pages() {	# the pages that describe task $k of $b, scored by $s
	grep -qw -e "$k" "$top/man/lg-oracle.1" ||
		miss "mention in lg-oracle(1) (man/lg-oracle.1: its reference answer)"
	if [ -n "$s" ]; then
		grep -qw -e "$k" "$top/man/$s.1" || miss "mention in $s(1) (man/$s.1)"
	else
		grep -qw -e "$k" "$top/man/lg-judge.1" ||
			miss "mention in lg-judge(1) (man/lg-judge.1)"
		sed -n '1,/\*\//p' "$top/cmd/lg-judge/main.c" | grep -qw -e "$k" ||
			miss "mention in the header of cmd/lg-judge/main.c"
	fi
}
while IFS="$(printf '\t')" read -r b k rest; do
	has "$t/lg-prompt" "$b" "$k" ||
		miss "template ($b/$k.tmpl under share/templates, as lg-prompt finds it)"
	has "$t/lg-oracle" "$b" "$k" || miss "reference answers (lg-oracle --list-tasks)"
	s=
	for x in $scorers; do
		has "$t/$x" "$b" "$k" && s=$x
	done
	[ -n "$s" ] || has "$t/lg-judge" "$b" "$k" rules ||
		miss "scorer (none of ${scorers}lists it, nor lg-judge with rules)"
	grep -qx "$b $k" "$t/goldens" ||
		miss "golden (tests/lg-gen/NAME/ with args and out generating it)"
	case $b in
	longgenbench) p=lgb ;;
	longweave) p=lw ;;
	adaleval) p=ada ;;
	*) p=$b ;;
	esac
	grep -q "  $p\.$k\(\.\|\$\)" "$top/tests/scripts/gen-golden.sums" ||
		miss "gen-golden run ($p.$k... in tests/scripts/gen-golden.sums)"
	grep -qx "$b $k" "$t/map" || miss "row in lg(7)'s task map (man/lg.7)"
	if has "$t/lg-judge" "$b" "$k" model; then
		[ -f "$top/share/rubrics/$b/$k.tmpl" ] ||
		    [ -f "$top/share/rubrics/$b.tmpl" ] ||
			miss "model-judge rubric (share/rubrics/$b/$k.tmpl)"
	fi
	has "$t/demo" "$b" "$k" || miss "place in the demo (mk/demo.sh --tasks)"
	grep -qw -e "$k" "$t/help" || miss "mention in lg-gen --help"
	grep -qw -e "$k" "$top/man/lg-gen.1" || miss "mention in lg-gen(1) (man/lg-gen.1)"
	grep -qw -e "$k" "$top/README" || miss "mention in README"
	# LongGenBench's scenarios share one page of each: pages of a task
	[ "$b" = longgenbench ] || pages
	sc=${s:-lg-judge}
	[ -n "$(grep -lE -e "-t [a-z0-9,]*\<$k\>" "$top"/tests/scripts/*.sh |
	    xargs -r grep -l -e "$sc")" ] ||
		miss "test script (tests/scripts/*.sh with lg-gen -t $k and $sc)"
done < "$t/lg-gen"

# lg-gen's -t choices are its table's tasks, in its order
for b in $(cut -f 1 "$t/lg-gen" | uniq); do
	want=$(awk -F '\t' -v b="$b" '$1 == b { printf "%s%s", s, $2; s = ", " }' "$t/lg-gen")
	got=$(lg-gen "$b" -t lg-nosuch-task -n 1 2>&1 >/dev/null |
	    sed -n 's/.*-t: "lg-nosuch-task": not one of //p')
	[ "$got" = "$want" ] || {
		echo "lg-gen $b -t: its message lists \"$got\", --list-tasks \"$want\""
		missing=$((missing + 1))
	}
done
[ "$missing" -eq 0 ] || fail "$missing facts missing"
echo "ok: $(wc -l < "$t/lg-gen") tasks, every fact there"
