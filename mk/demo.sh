#!/bin/sh
# make demo: a small suite of every benchmark, answered by the reference
# model (or by a real server: make demo BASE_URL=http://host:port/v1 MODEL=name),
# scored, and printed as tables.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
PATH=$top/bin:$PATH
export LG_SHARE=$top/share
work=${DEMO_DIR:-$top/build/demo}
n=${N:-3}
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
both() {	# answer stdin with the model, and the degraded oracle if any
	tee "$1.in" | $answer
	[ -z "$weak" ] || $weak < "$1.in"
}
have() { command -v "$1" >/dev/null 2>&1; }

echo "lg demo: $n cases per task and tier, answered by $who"
echo "working files in $work"
echo

# LongGenBench: the paper's eight variants (16k and 32k)
lg-gen longgenbench -l 16k,32k -n "$n" -s 7 | lg-prompt > "$work/lgb.cases"
both "$work/lgb" < "$work/lgb.cases" > "$work/lgb.out"
lg-split < "$work/lgb.out" | lg-judge --rules > "$work/lgb.scored"
echo "LongGenBench (CR, STIC-1, STIC-2, wAvg and per-type pass rates in %)"
lg-agg < "$work/lgb.scored"
echo

# LongWeave: the rule-scored tasks at all four tiers
if [ -x "$top/tests/mkcorpus.sh" ] || [ -f "$top/tests/mkcorpus.sh" ]; then
	sh "$top/tests/mkcorpus.sh" "$work/corpus" >/dev/null
fi
tasks=kvg,sms,cf
[ -d "$work/corpus" ] && tasks=kvg,sms,pr,cf
lg-gen longweave -t $tasks -l 1k,2k,4k,8k -n "$n" --corpus "$work/corpus" |
    lg-prompt > "$work/lw.cases"
both "$work/lw" < "$work/lw.cases" > "$work/lw.out"
scored=$work/lw.out
for s in lg-kvcheck lg-fsmcheck lg-tau lg-flake8; do
	if have $s; then
		$s < "$scored" > "$scored.$s"
		scored=$scored.$s
	else
		echo "($s is not built: its task is left unscored)"
	fi
done
echo "LongWeave (mean primary score x 100 per task and tier)"
lg-agg < "$scored"
