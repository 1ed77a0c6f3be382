#!/bin/sh
# Every generator gives the same bytes as the reference list
# gen-golden.sums: LongGenBench each task and tier, LongWeave each task and
# tier (pr on the synthetic corpus of tests/mkcorpus.sh) with its options
# and difficulty knobs, Ada-LEval tsort and bestanswer (built, and imported
# with their options), and the defaults of -n and -l.  Each line is the SHA-256 of one run's
# stdout, stderr and exit status, and the run's name; a failure names the
# runs that differ.  After a change meant to alter generated cases, write
# the list again with
#   UPDATE=1 BIN=bin OBJ=build/obj TOP=. TMPDIR=/tmp sh tests/scripts/gen-golden.sh
set -eu
. "$TOP/tests/lib.sh"
sums=$TOP/tests/scripts/gen-golden.sums
export LC_ALL=C LG_SHARE="$TOP/share"
LG_TOKENIZER=; export LG_TOKENIZER	# the approximate counts: no table
fx=$TOP/tests/adaleval
tiny=$TOP/tests/bpe/tiny.tiktoken
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
sh "$TOP/tests/mkcorpus.sh" "$t/books" 3 400 > /dev/null
: > "$t/got"
run() {	# name command...
	name=$1
	shift
	rc=0
	"$@" > "$t/out" 2> "$t/err" < /dev/null || rc=$?
	no_crash "$t/err"
	sed -i "s|$t|TMP|g" "$t/err"
	echo "rc $rc" >> "$t/err"
	[ -z "${VERBOSE:-}" ] || echo "$name: $(wc -c < "$t/out") bytes, $(tail -n 2 "$t/err" | tr "\n" " ")"
	h=$(cat "$t/out" "$t/err" | sha256sum | cut -c1-64)
	echo "$h  $name" >> "$t/got"
}

tasks() {	# BENCH: the tasks lg-gen lists for it, a new one with them
	lg-gen --list-tasks | awk -F '\t' -v b="$1" '$1 == b { print $2 }'
}
for task in $(tasks longgenbench); do
	for tier in 8k 16k 32k 64k 128k; do
		run "lgb.$task.$tier" lg-gen longgenbench -t "$task" -l "$tier" -n 1
	done
	run "lgb.$task.s7" lg-gen longgenbench -t "$task" -l 16k -n 2 -s 7
done
run lgb.default lg-gen longgenbench

for task in $(tasks longweave); do
	for tier in 1k 2k 4k 8k; do
		run "lw.$task.$tier" lg-gen longweave -t "$task" -l "$tier" -n 1 \
		    --corpus "$t/corpus"
	done
	run "lw.$task.s7" lg-gen longweave -t "$task" -l 1k,8k -n 2 -s 7 \
	    --corpus "$t/corpus"
done
run lw.sms.shape lg-gen longweave -t sms -l 2k -n 2 --states 5 --inputs 4
run lw.cf.rate0 lg-gen longweave -t cf -l 2k -n 2 --rate 0
run lw.cf.rate1 lg-gen longweave -t cf -l 4k -n 2 --rate 1
run lw.cf.more lg-gen longweave -t cf -l 1k,2k,4k,8k -n 6 -s 3
run lw.default lg-gen longweave -n 2
run lw.default-corpus lg-gen longweave -n 1 --corpus "$t/corpus"
run lw.twice lg-gen longweave -t kvg,kvg -l 1k -n 1
# the difficulty knobs
run lw.kvg.knobs lg-gen longweave -t kvg -l 1k,8k -n 2 --entries 300 \
    --key-length 70 --value-length 5
run lw.sms.steps lg-gen longweave -t sms -l 2k -n 2 --steps 700
run lw.sms.steps-shape lg-gen longweave -t sms -l 8k -n 1 --steps 300 \
    --states 5 --inputs 4
run lw.pr.knobs lg-gen longweave -t pr -l 1k,8k -n 2 --segments 20 \
    --segment-words 90 --corpus "$t/corpus"
run lw.cf.knobs lg-gen longweave -t cf -l 1k -n 2 --code-tokens 3000 --rows 40
run lw.cf.rows lg-gen longweave -t cf -l 8k -n 1 --rows 3
run lw.biog.facts lg-gen longweave -t biog -l 2k -n 2 --facts 90
run lw.sr.records lg-gen longweave -t sr -l 1k -n 2 --records 700
run lw.sr.names lg-gen longweave -t sr -l 1k -n 1 --records 5000
run lw.nw.knobs lg-gen longweave -t nw -l 1k -n 2 --categories 10 \
    --statements 9
run lw.nw.few lg-gen longweave -t nw -l 8k -n 2 --categories 3 --statements 2
run lw.words lg-gen longweave -t biog,sr,nw -l 1k -n 1 --words 3000

run ada.tsort lg-gen adaleval -t tsort -l 2k,4k,8k -n 2 --corpus "$t/books"
run ada.tsort.stride lg-gen adaleval -t tsort -l 2k -n 2 --stride 7 \
    --corpus "$t/books"
run ada.tsort.tiny lg-gen adaleval -t tsort -l 2k -n 2 --corpus "$t/books" \
    --tokenizer "$tiny"
run ada.tsort.default lg-gen adaleval -t tsort --corpus "$t/books"
run ada.bestanswer lg-gen adaleval -t bestanswer -l 1k,2k -n 3 --corpus "$fx/qa.jsonl"
for at in front middle rear; do
	run "ada.bestanswer.$at" lg-gen adaleval -t bestanswer -l 1k -n 2 \
	    --gold-at "$at" --corpus "$fx/qa.jsonl" -s 5
done
run ada.bestanswer.truncate lg-gen adaleval -t bestanswer -l 4k -n 2 \
    --truncate 1k --tokenizer "$tiny" --corpus "$fx/qa.jsonl"
run ada.bestanswer.import lg-gen adaleval -t bestanswer \
    --import "$fx/stackselect_1k.json"
run ada.bestanswer.import.n2 lg-gen adaleval -t bestanswer -n 2 \
    --import "$fx/stackselect_1k.json"
for at in front middle rear; do
	run "ada.bestanswer.import.$at" lg-gen adaleval -t bestanswer --gold-at "$at" \
	    --import "$fx/stackselect_1k.json"
done
run ada.bestanswer.import.truncate lg-gen adaleval -t bestanswer --truncate 1k \
    --tokenizer "$tiny" --import "$fx/stackselect_4k.json"
run ada.tsort.import lg-gen adaleval -t tsort --import "$fx/textsort_2k.json"
run ada.tsort.import.n1 lg-gen adaleval -t tsort -n 1 -l 2k \
    --import "$fx/textsort_2k.json"

check_sums "$sums" "$t/got" "generated cases"
echo ok
