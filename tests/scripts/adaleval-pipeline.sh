#!/bin/sh
# Ada-LEval end to end on fixtures of our own: lg-gen adaleval (tsort from
# a synthetic corpus and imported, bestanswer imported and built from a Q&A
# file),
# lg-prompt, lg-oracle, lg-choice.  The oracle is perfect at every tier;
# its --drop degradations are counted where they land; prompts never exceed
# the tier's cap and reach 90% of it; bad inputs get clear messages.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
B=${BIN:-$top/bin}
PATH="$B:$PATH"
export LG_SHARE="$top/share"
LG_TOKENIZER=; export LG_TOKENIZER	# the approximate counts: no table
fx=$top/tests/adaleval
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0
no() { echo "adaleval-pipeline: $*" >&2; fail=1; }

sh "$top/tests/mkcorpus.sh" "$tmp/books" 3 400 >/dev/null

# tsort: every tier up to 8k within its cap and above 90% of it, by the
# approximate tokenizer lg-gen itself fits with (lg-tokens agrees)
lg-gen adaleval -t tsort -l 2k,4k,8k -n 4 --corpus "$tmp/books" \
    >"$tmp/ts" 2>"$tmp/err" || no "tsort: exit $?: $(cat "$tmp/err")"
grep -q 'approximate' "$tmp/err" || no "tsort: no word that counts are approximate"
lg-prompt "$tmp/ts" | lg-tokens >"$tmp/tsp" || no "lg-tokens failed"
awk -F'"prompt":' '/"tokens":\{"prompt":/ {
	split($0, a, /"length":"/); split(a[2], b, /"/); tier = b[1]
	match($0, /"tokens":\{"prompt":[0-9]+/)
	n = substr($0, RSTART + 19, RLENGTH - 19) + 0
	cap = tier == "2k" ? 2000 : tier == "4k" ? 4000 : 8000
	if (n > cap || n < 0.9 * cap) { print "tier " tier ": " n " tokens"; bad = 1 }
	cases++
} END { if (cases != 12) print "cases: " cases; exit bad || cases != 12 }' \
    "$tmp/tsp" || no "tsort prompts out of their caps"

# the oracle is perfect; degraded, each way lands where documented
lg-oracle "$tmp/ts" | lg-choice | grep -c '"score":1,' >"$tmp/n"
[ "$(cat "$tmp/n")" = 12 ] || no "tsort oracle: $(cat "$tmp/n") of 12 right"
lg-oracle --drop 1 "$tmp/ts" | lg-choice >"$tmp/deg"
grep -q '"output":"I cannot tell."' "$tmp/deg" || no "no unanswered case at --drop 1"
if grep '"output":"I cannot tell."' "$tmp/deg" | grep -q '"valid":1'; then
	no "an unanswered case counted valid"
fi
grep '"output":"Answer: \[4, 1, 3, 2\]"' "$tmp/deg" | grep -q '"copy":1' ||
    no "a copied example not counted as a copy"

# bestanswer: import keeps cases and answers; a corpus builds within caps
lg-gen adaleval -t bestanswer --import "$fx/stackselect_1k.json" >"$tmp/ba" ||
    no "import failed"
[ "$(wc -l <"$tmp/ba")" -eq 3 ] || no "import: want 3 cases"
grep -q '"id":"adaleval/bestanswer/1k/0002"' "$tmp/ba" || no "import: ids"
lg-prompt "$tmp/ba" | lg-oracle | lg-choice | grep -c '"score":1,' >"$tmp/n"
[ "$(cat "$tmp/n")" = 3 ] || no "bestanswer oracle: $(cat "$tmp/n") of 3 right"
# tsort import: the official prompt byte for byte, the oracle perfect
lg-gen adaleval -t tsort --import "$fx/textsort_2k.json" >"$tmp/ti" ||
    no "tsort import failed"
lg-prompt "$tmp/ti" | jq -j '.prompt + "\u0000"' >"$tmp/tip"
jq -j '.[] | .prompt + "\u0000"' "$fx/textsort_2k.json" >"$tmp/tfp"
cmp -s "$tmp/tip" "$tmp/tfp" || no "tsort import: prompts differ from the file's"
lg-prompt "$tmp/ti" | lg-oracle | lg-choice | grep -c '"score":1,' >"$tmp/n"
[ "$(cat "$tmp/n")" = 3 ] || no "tsort import oracle: $(cat "$tmp/n") of 3 right"
lg-gen adaleval -t bestanswer --corpus "$fx/qa.jsonl" -l 1k,2k -n 6 \
    --gold-at rear 2>/dev/null | lg-prompt | lg-tokens >"$tmp/bc" ||
    no "bestanswer corpus failed"
[ "$(wc -l <"$tmp/bc")" -eq 12 ] || no "bestanswer corpus: want 12 cases"
awk '{ match($0, /"tokens":\{"prompt":[0-9]+/)
	n = substr($0, RSTART + 19, RLENGTH - 19) + 0
	cap = index($0, "\"length\":\"1k\"") ? 1000 : 2000
	if (n > cap) { print n " > " cap; bad = 1 } }
	!/"at":"rear"/ { print "gold not at the rear"; bad = 1 }
	END { exit bad }' "$tmp/bc" || no "bestanswer corpus: caps or --gold-at"

# --truncate keeps the head and tail of a prompt within the smaller cap,
# by an exact table (the small fixture table makes these prompts long)
LG_TOKENIZER=$top/tests/bpe/tiny.tiktoken lg-gen adaleval -t bestanswer -l 4k \
    -n 3 --truncate 1k --corpus "$fx/qa.jsonl" >"$tmp/tr" || no "--truncate failed"
LG_TOKENIZER=$top/tests/bpe/tiny.tiktoken lg-tokens "$tmp/tr" | awk '
	{ match($0, /"tokens":\{"prompt":[0-9]+/)
	  n = substr($0, RSTART + 19, RLENGTH - 19) + 0
	  if (n > 1000 || n < 990) { print "truncated to " n; bad = 1 }
	  if (!/"prompt":"\\nYou are an AI assistant/ ||
	      !/MOST helpful answer.\\n"/ || !/"truncated":"1k"/) {
		print "head, tail or gold.truncated lost"; bad = 1 } }
	END { exit bad || NR != 3 }' || no "--truncate: prompts"
lg-gen adaleval -t bestanswer -l 4k --truncate 1k --corpus "$fx/qa.jsonl" \
    >/dev/null 2>"$tmp/e"
[ $? -eq 2 ] && grep -q 'needs --tokenizer' "$tmp/e" ||
    no "--truncate without a table: $(cat "$tmp/e")"

# bad inputs: a clear message, the good cases kept
printf '[{"question_id":"1","question":"q","all_answers":["a","b"],"answer":"A3","tags":[]},%s]\n' \
    '{"question_id":"2","question":"q","all_answers":["a","b"],"answer":"A2","tags":[]}' \
    >"$tmp/stackselect_1k.json"
lg-gen adaleval -t bestanswer --import "$tmp/stackselect_1k.json" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ] || no "out-of-range answer: want exit 1"
grep -q 'element 0 (question 1): answer: want A1 to A2' "$tmp/e" || no "message: $(cat "$tmp/e")"
[ "$(wc -l <"$tmp/o")" -eq 1 ] || no "out-of-range answer: the good case lost"
printf '[{"question_id":"1",' >"$tmp/stackselect_2k.json"
lg-gen adaleval -t bestanswer --import "$tmp/stackselect_2k.json" >/dev/null 2>"$tmp/e"
[ $? -eq 1 ] && grep -q 'invalid JSON' "$tmp/e" || no "broken file: $(cat "$tmp/e")"
lg-gen adaleval -t tsort -l 2k,64k -n 2 --corpus "$tmp/books" >"$tmp/o" 2>"$tmp/e"
[ $? -eq 1 ] || no "small corpus: want exit 1"
grep -q 'too small for tier 64k' "$tmp/e" || no "small corpus: $(cat "$tmp/e")"
[ "$(grep -c '"length":"2k"' "$tmp/o")" -eq 2 ] || no "small corpus: 2k cases lost"
exit $fail
