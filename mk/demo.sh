#!/bin/sh
# make demo: a small suite of every benchmark, answered by the reference
# model (or by a real server: make demo BASE_URL=http://host:port/v1 MODEL=name,
# and MAX_TOKENS=N to set one output token limit for all),
# scored, printed as tables, and drawn: SVG charts and one HTML report.
# The tasks are those lg-gen --list-tasks lists; `sh mk/demo.sh --tasks`
# prints the ones the demo runs (BENCH<TAB>TASK) and exits.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
PATH=${DEMO_BIN:-$top/bin}:$PATH
export LG_SHARE=$top/share
work=${DEMO_DIR:-$top/build/demo}
n=${N:-3}
# Real books for the ordering tasks: three of Jane Austen's novels ship in
# share/corpora/austen/ (see its SOURCES)
books=$top/share/corpora/austen

tasks() {	# BENCH: the tasks lg-gen lists for BENCH, comma-separated
	lg-gen --list-tasks | awk -F '\t' -v b="$1" \
	    '$1 == b { printf "%s%s", s, $2; s = "," }'
}
count() {	# LIST: the number of its comma-separated items
	echo "$1" | awk -F , '{ print NF }'
}
ada_place() {	# TASK: the demo's tiers and corpus of an Ada-LEval task, in
		# $tiers and $corpus; status 1 for a task it has none for
	case $1 in
	tsort) tiers=2k,4k,8k corpus=$books ;;
	# BestAnswer from a small made-up set of questions (no Q&A corpus
	# ships in Debian)
	bestanswer) tiers=1k,2k corpus=$top/tests/adaleval/qa.jsonl ;;
	*) return 1 ;;
	esac
}
lgb_tasks=$(tasks longgenbench)
lw_tasks=$(tasks longweave)
ada_tasks=
for a in $(tasks adaleval | tr , ' '); do
	if ada_place "$a"; then
		ada_tasks=$ada_tasks${ada_tasks:+,}$a
	else
		echo "lg demo: adaleval $a has no corpus in the demo: left out" >&2
	fi
done
if [ "${1:-}" = --tasks ]; then
	for b in longgenbench:$lgb_tasks longweave:$lw_tasks adaleval:$ada_tasks; do
		echo "${b#*:}" | tr , '\n' | sed "/^\$/d; s/^/${b%%:*}	/"
	done
	exit 0
fi
mkdir -p "$work"

if [ -n "${BASE_URL:-}" ]; then
	answer="lg-infer --base-url $BASE_URL -m ${MODEL:?MODEL= names the model} -P ${P:-8}"
	weak=
	who="$MODEL at $BASE_URL"
else
	answer="lg-oracle"
	# a second "model": the oracle stopping early, forgetting and missing
	weak="lg-oracle --model oracle-degraded --stop-at 0.8 --forget-after 0.6 --drop 0.2"
	who="lg-oracle, the built-in reference model (a stand-in, not a model),
and oracle-degraded, the same with failures dialled in"
fi
both() {	# FILE MAX-TOKENS: answer stdin with the model (a server gets the
		# output token limit: the tier's, LongWeave's with room), and
		# with the degraded oracle if any
	if [ -n "${BASE_URL:-}" ]; then
		tee "$1.in" | $answer --max-tokens "${MAX_TOKENS:-$2}"
	else
		tee "$1.in" | $answer
	fi
	[ -z "$weak" ] || $weak < "$1.in"
}
have() { command -v "$1" >/dev/null 2>&1; }
start=$(date +%s)
stage() {	# a line of progress on the standard error, with the time so far
	printf 'lg demo: [%ss] %s\n' "$(($(date +%s) - start))" "$*" >&2
}

echo "lg demo: $n cases per task and tier, answered by $who"
echo "working files in $work"
echo

# LongGenBench: the paper's eight variants (its tasks at 16k and 32k)
stage "LongGenBench: generating, answering and scoring $((n * 2 * $(count "$lgb_tasks"))) cases"
lg-gen longgenbench -t "$lgb_tasks" -l 16k,32k -n "$n" -s 7 | lg-prompt > "$work/lgb.cases"
both "$work/lgb" 32768 < "$work/lgb.cases" > "$work/lgb.out"
lg-split < "$work/lgb.out" | lg-judge --rules > "$work/lgb.scored"
echo "LongGenBench (CR, STIC-1, STIC-2, wAvg and per-type pass rates in %)"
lg-agg < "$work/lgb.scored"
echo
echo "LongGenBench in the layout of the paper's Table 3 (tasks pooled)"
lg-agg --layout paper < "$work/lgb.scored"
echo

stage "LongWeave: generating, answering and scoring $((n * 4 * $(count "$lw_tasks"))) cases"
# LongWeave: every task at all four tiers; the judged ones by rules
# (lg-judge --rules)
lg-gen longweave -t "$lw_tasks" -l 1k,2k,4k,8k -n "$n" --corpus "$books" |
    lg-prompt > "$work/lw.cases"
both "$work/lw" 16384 < "$work/lw.cases" > "$work/lw.out"
scored=$work/lw.out
for s in lg-kvcheck lg-fsmcheck lg-tau lg-flake8 lg-judge; do
	if have $s; then
		a=
		[ $s = lg-judge ] && a=--rules
		$s $a < "$scored" > "$scored.$s"
		scored=$scored.$s
	else
		echo "($s is not built: its task is left unscored)"
	fi
done
echo "LongWeave (mean primary score x 100 per task and tier)"
lg-agg < "$scored"
echo
echo "LongWeave in the layout of the paper's Table 3, with 95% intervals"
echo "from 1000 resamples of the cases"
lg-agg --layout paper --bootstrap 1000 < "$scored"
echo

# Ada-LEval: each task from its corpus (ada_place); token counts are
# exact, with the cl100k_base table of share/tokenizers/ (or LG_TOKENIZER's)
: > "$work/ada.cases"
: > "$work/ada.err"
m=0
for a in $(echo "$ada_tasks" | tr , ' '); do
	ada_place "$a"
	m=$((m + $(count "$tiers")))
done
stage "Ada-LEval: generating, answering and scoring $((n * m)) cases"
for a in $(echo "$ada_tasks" | tr , ' '); do
	ada_place "$a"
	lg-gen adaleval -t "$a" -l "$tiers" -n "$n" --corpus "$corpus" \
	    2>>"$work/ada.err" | lg-prompt >> "$work/ada.cases"
done
grep -q approximate "$work/ada.err" && echo "(Ada-LEval lengths are approximate: no rank table)"
both "$work/ada" 1024 < "$work/ada.cases" > "$work/ada.out"
echo "Ada-LEval (accuracy, instruction-following, copy-instruction, expectation"
echo "and random-guess baseline in %, Kendall tau)"
lg-choice < "$work/ada.out" > "$work/ada.scored"
lg-agg < "$work/ada.scored"
echo

# the charts and the report of the whole run
cat "$work/lgb.scored" "$scored" "$work/ada.scored" > "$work/all.scored"
if [ -n "$weak" ]; then
	echo "oracle-degraded against lg-oracle, paired by case (in %, B-A with"
	echo "its 95% interval and p-value)"
	lg-compare -g bench -n 3 --by gen.model=lg-oracle,oracle-degraded \
	    "$work/all.scored"
	echo
fi
stage "the report and the charts"
lg-report -t "lg demo" "$work/all.scored" > "$work/report.html"
charts=$(lg-plot -o "$work/charts" "$work/all.scored")
echo "charts (SVG):"
printf '%s\n' "$charts" | sed 's/^/  /'
echo "report (open in a browser): $work/report.html"
stage "done"
