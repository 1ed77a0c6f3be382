#!/bin/sh
# lg-score on a suite of the three benchmarks, every task lg-gen lists, two
# tiers each (lg-gen ... | lg-prompt | lg-oracle | lg-score): every record
# is scored, the reference answers score 1 on every task and the degraded
# ones (lg-oracle --drop --stop-at) below 1 on every task; the output is
# byte for byte what the scorers give by hand, one after the other; and
# the same against the test server as a judge model (a careful one for
# LongGenBench, --lgb-judge): the model's verdicts, by the model, give 1
# on the reference answers and below 1 on the degraded ones, as does
# --hybrid.  lg-score --list-tasks names every task lg-gen makes.
set -eu
. "$TOP/tests/lg-infer/fake.sh"
need_py
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
cd "$BIN"
./lg-gen --list-tasks | sort > "$t/tasks"
for a in "" "--judge-model m --cf-relevance"; do
	./lg-score --list-tasks $a | cut -f 1,2 | sort > "$t/scored.tasks"
	cmp -s "$t/tasks" "$t/scored.tasks" ||
		fail "lg-score --list-tasks $a: $(diff "$t/tasks" "$t/scored.tasks")"
done
lw=$(awk -F '\t' '$1 == "longweave" { print $2 }' "$t/tasks" | paste -s -d , -)
{
	./lg-gen longgenbench -l 8k,16k -n 2
	./lg-gen longweave -t "$lw" -l 1k,2k -n 2 --corpus "$t/corpus"
	./lg-gen adaleval -t tsort -l 2k,4k -n 2 --corpus "$t/corpus"
	./lg-gen adaleval -t bestanswer -l 1k,2k -n 2 \
	    --corpus "$TOP/tests/adaleval/qa.jsonl"
} | ./lg-prompt > "$t/prompted"
jq -r '.bench + "\t" + .task' "$t/prompted" | sort -u > "$t/made"
cmp -s "$t/tasks" "$t/made" || fail "the suite lacks tasks: $(diff "$t/tasks" "$t/made")"
./lg-oracle < "$t/prompted" > "$t/ref"
./lg-oracle --drop 0.5 --stop-at 0.6 < "$t/prompted" > "$t/bad"
n=$(wc -l < "$t/prompted")
jq -r .id "$t/prompted" > "$t/ids"

# every record scored: a score in [0, 1], no error, the input's order
scored() {	# FILE WHAT
	[ "$(wc -l < "$1")" -eq "$n" ] || fail "$2: $(wc -l < "$1") records of $n"
	jq -r .id "$1" | cmp -s "$t/ids" - || fail "$2: not in the input's order"
	bad=$(jq -c 'select(.error != null or (.scores.score | type) != "number"
	    or .scores.score < 0 or .scores.score > 1) | [.id, .error, .scores.score]' "$1")
	[ -z "$bad" ] || fail "$2: records not scored: $(echo "$bad" | head -5)"
}
# each task's mean score: all 1, or all below 1
means() {	# FILE
	jq -s -r 'group_by(.bench + "/" + .task)[] |
	    "\(.[0].bench)/\(.[0].task) \((map(.scores.score) | add) / length)"' "$1"
}
perfect() {	# FILE WHAT
	bad=$(means "$1" | awk '$2 != 1')
	[ -z "$bad" ] || fail "$2: tasks below 1 on the reference answers: $bad"
	[ "$(means "$1" | wc -l)" -eq "$(wc -l < "$t/tasks")" ] || fail "$2: tasks missing"
}
degraded() {	# FILE WHAT
	bad=$(means "$1" | awk '$2 >= 1')
	[ -z "$bad" ] || fail "$2: tasks at 1 on degraded answers: $bad"
	[ "$(means "$1" | wc -l)" -eq "$(wc -l < "$t/tasks")" ] || fail "$2: tasks missing"
}

./lg-score < "$t/ref" > "$t/ref.out" 2> "$t/err" || fail "rules: $(cat "$t/err")"
[ ! -s "$t/err" ] || fail "rules: messages: $(cat "$t/err")"
scored "$t/ref.out" rules
perfect "$t/ref.out" rules
./lg-score < "$t/bad" > "$t/bad.out" 2> "$t/err" || fail "rules, degraded: $(cat "$t/err")"
scored "$t/bad.out" "rules, degraded"
degraded "$t/bad.out" "rules, degraded"
# the same bytes as the scorers by hand
./lg-split < "$t/bad" | ./lg-kvcheck | ./lg-fsmcheck | ./lg-tau | ./lg-flake8 |
    ./lg-judge --rules 2> /dev/null | ./lg-choice > "$t/hand"
cmp -s "$t/hand" "$t/bad.out" || fail "lg-score differs from the scorers by hand"

fake_start j --lgb-judge
url=$url/v1
for mode in model hybrid; do
	a=
	[ $mode = hybrid ] && a=--hybrid
	./lg-score $a --judge-base-url "$url" --judge-model test < "$t/ref" \
	    > "$t/$mode.out" 2> "$t/err" || fail "$mode: $(cat "$t/err")"
	scored "$t/$mode.out" "$mode"
	perfect "$t/$mode.out" "$mode"
	./lg-score $a --judge-base-url "$url" --judge-model test < "$t/bad" \
	    > "$t/$mode.bad" 2> "$t/err" || fail "$mode, degraded: $(cat "$t/err")"
	scored "$t/$mode.bad" "$mode, degraded"
	degraded "$t/$mode.bad" "$mode, degraded"
done
# the model judged every LongGenBench check and LongWeave item it was asked
by=$(jq -r 'select(.bench == "longgenbench") | .verdicts[].by' "$t/model.out" | sort -u)
[ "$by" = llm:test ] || fail "model: LongGenBench verdicts by $by"
jq -e -s 'map(select(.scores.judge != null) | .scores.judge.by) | unique == ["model"]' \
    "$t/model.out" > /dev/null || fail "model: judged by $(jq -c .scores.judge "$t/model.out" | sort -u)"
grep -q ' 0 undecided' "$t/err" || fail "model: undecided checks: $(cat "$t/err")"
fake_stop j
means "$t/bad.out" | tr "\n" " "; echo
means "$t/model.bad" | tr "\n" " "; echo
echo ok
