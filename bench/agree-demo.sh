#!/bin/sh
# bench/agree-demo.sh: the rules against a model judge, as LongGenBench
# checked its judge and LongWeave its stability across judges: the demo's
# judged LongWeave suite (biog, sr and nw at every tier, N cases each,
# answered by lg-oracle and by the degraded oracle of make demo) judged by
# lg-judge --rules and by the test server's judge model (a careful reader
# of the fenced text, tests/helpers/fakeapi), then lg-agree: agreement,
# Cohen's kappa with its 95% interval and the 2x2 table per task.
#   sh bench/agree-demo.sh [N]        from the top of the tree (N: 3)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-3}
PATH=$top/bin:$PATH
export LG_SHARE=$top/share
w=$(mktemp -d)
pid=
trap 'rm -rf "$w"; [ -z "$pid" ] || kill "$pid" 2>/dev/null' EXIT
make -C "$top" --no-print-directory all "$top/build/obj/helpers/fakeapi" >/dev/null
"$top/build/obj/helpers/fakeapi" -p 0 --port-file "$w/port" --idle-exit 600 \
    --lifetime 3600 > /dev/null 2>&1 &
pid=$!
while [ ! -s "$w/port" ]; do
	kill -0 "$pid" 2>/dev/null || { echo "bench: the test server did not start" >&2; exit 1; }
	sleep 0.1
done
url=http://127.0.0.1:$(cat "$w/port")/v1

lg-gen longweave -t biog,sr,nw -n "$n" | lg-prompt > "$w/cases"
lg-oracle < "$w/cases" > "$w/answers"
lg-oracle --model oracle-degraded --stop-at 0.8 --forget-after 0.6 --drop 0.2 \
    < "$w/cases" >> "$w/answers"
lg-judge --rules < "$w/answers" > "$w/rules"
lg-judge --judge-base-url "$url" --judge-model test -P 8 < "$w/answers" > "$w/model"
echo "== $(wc -l < "$w/answers") answers: lg-judge --rules (A) against the test server's judge (B)"
lg-agree -n 0 "$w/rules" "$w/model"
