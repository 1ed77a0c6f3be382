#!/bin/sh
# Ada-LEval end to end on fixtures of our own: lg-gen adaleval (tsort from
# a synthetic corpus and imported, bestanswer imported and built from a Q&A
# file),
# lg-prompt, lg-oracle, lg-choice.  The oracle is perfect at every tier;
# its --drop degradations are counted where they land; prompts never exceed
# the tier's cap and reach 90% of it; bad inputs get clear messages.
set -u
. "$TOP/tests/lib.sh"
export LG_SHARE="$TOP/share"
LG_TOKENIZER=; export LG_TOKENIZER	# the approximate counts: no table
fx=$TOP/tests/adaleval
fail=0
no() { echo "FAIL: $*"; fail=1; }	# every check runs; one failure fails all

sh "$TOP/tests/mkcorpus.sh" "$t/books" 3 400 >/dev/null

# tsort: every tier up to 8k within its cap and above 90% of it, by the
# approximate tokenizer lg-gen itself fits with (lg-tokens agrees)
lg-gen adaleval -t tsort -l 2k,4k,8k -n 4 --corpus "$t/books" \
    >"$t/ts" 2>"$t/err" || no "tsort: exit $?: $(cat "$t/err")"
grep -q 'approximate' "$t/err" || no "tsort: no word that counts are approximate"
lg-prompt "$t/ts" | lg-tokens >"$t/tsp" || no "lg-tokens failed"
awk -F'"prompt":' '/"tokens":\{"prompt":/ {
	split($0, a, /"length":"/); split(a[2], b, /"/); tier = b[1]
	match($0, /"tokens":\{"prompt":[0-9]+/)
	n = substr($0, RSTART + 19, RLENGTH - 19) + 0
	cap = tier == "2k" ? 2000 : tier == "4k" ? 4000 : 8000
	if (n > cap || n < 0.9 * cap) { print "tier " tier ": " n " tokens"; bad = 1 }
	cases++
} END { if (cases != 12) print "cases: " cases; exit bad || cases != 12 }' \
    "$t/tsp" || no "tsort prompts out of their caps"

# the oracle is perfect; degraded, each way lands where documented
lg-oracle "$t/ts" | lg-choice | grep -c '"score":1,' >"$t/n"
[ "$(cat "$t/n")" = 12 ] || no "tsort oracle: $(cat "$t/n") of 12 right"
lg-oracle --drop 1 "$t/ts" | lg-choice >"$t/deg"
grep -q '"output":"I cannot tell."' "$t/deg" || no "no unanswered case at --drop 1"
if grep '"output":"I cannot tell."' "$t/deg" | grep -q '"valid":1'; then
	no "an unanswered case counted valid"
fi
grep '"output":"Answer: \[4, 1, 3, 2\]"' "$t/deg" | grep -q '"copy":1' ||
    no "a copied example not counted as a copy"

# bestanswer: import keeps cases and answers; a corpus builds within caps
lg-gen adaleval -t bestanswer --import "$fx/stackselect_1k.json" >"$t/ba" ||
    no "import failed"
[ "$(wc -l <"$t/ba")" -eq 3 ] || no "import: want 3 cases"
grep -q '"id":"adaleval/bestanswer/1k/0002"' "$t/ba" || no "import: ids"
lg-prompt "$t/ba" | lg-oracle | lg-choice | grep -c '"score":1,' >"$t/n"
[ "$(cat "$t/n")" = 3 ] || no "bestanswer oracle: $(cat "$t/n") of 3 right"
# tsort import: the official prompt byte for byte, the oracle perfect
lg-gen adaleval -t tsort --import "$fx/textsort_2k.json" >"$t/ti" ||
    no "tsort import failed"
lg-prompt "$t/ti" | jq -j '.prompt + "\u0000"' >"$t/tip"
jq -j '.[] | .prompt + "\u0000"' "$fx/textsort_2k.json" >"$t/tfp"
cmp -s "$t/tip" "$t/tfp" || no "tsort import: prompts differ from the file's"
lg-prompt "$t/ti" | lg-oracle | lg-choice | grep -c '"score":1,' >"$t/n"
[ "$(cat "$t/n")" = 3 ] || no "tsort import oracle: $(cat "$t/n") of 3 right"
lg-gen adaleval -t bestanswer --corpus "$fx/qa.jsonl" -l 1k,2k -n 6 \
    --gold-at rear 2>/dev/null | lg-prompt | lg-tokens >"$t/bc" ||
    no "bestanswer corpus failed"
[ "$(wc -l <"$t/bc")" -eq 12 ] || no "bestanswer corpus: want 12 cases"
awk '{ match($0, /"tokens":\{"prompt":[0-9]+/)
	n = substr($0, RSTART + 19, RLENGTH - 19) + 0
	cap = index($0, "\"length\":\"1k\"") ? 1000 : 2000
	if (n > cap) { print n " > " cap; bad = 1 } }
	!/"at":"rear"/ { print "gold not at the rear"; bad = 1 }
	END { exit bad }' "$t/bc" || no "bestanswer corpus: caps or --gold-at"

# --truncate keeps the head and tail of a prompt within the smaller cap,
# by an exact table (the small fixture table makes these prompts long)
LG_TOKENIZER=$TOP/tests/bpe/tiny.tiktoken lg-gen adaleval -t bestanswer -l 4k \
    -n 3 --truncate 1k --corpus "$fx/qa.jsonl" >"$t/tr" || no "--truncate failed"
LG_TOKENIZER=$TOP/tests/bpe/tiny.tiktoken lg-tokens "$t/tr" | awk '
	{ match($0, /"tokens":\{"prompt":[0-9]+/)
	  n = substr($0, RSTART + 19, RLENGTH - 19) + 0
	  if (n > 1000 || n < 990) { print "truncated to " n; bad = 1 }
	  if (!/"prompt":"\\nYou are an AI assistant/ ||
	      !/MOST helpful answer.\\n"/ || !/"truncated":"1k"/) {
		print "head, tail or gold.truncated lost"; bad = 1 } }
	END { exit bad || NR != 3 }' || no "--truncate: prompts"
lg-gen adaleval -t bestanswer -l 4k --truncate 1k --corpus "$fx/qa.jsonl" \
    >/dev/null 2>"$t/e"
[ $? -eq 2 ] && grep -q 'needs --tokenizer' "$t/e" ||
    no "--truncate without a table: $(cat "$t/e")"

# bad inputs: a clear message, the good cases kept
printf '[{"question_id":"1","question":"q","all_answers":["a","b"],"answer":"A3","tags":[]},%s]\n' \
    '{"question_id":"2","question":"q","all_answers":["a","b"],"answer":"A2","tags":[]}' \
    >"$t/stackselect_1k.json"
lg-gen adaleval -t bestanswer --import "$t/stackselect_1k.json" >"$t/o" 2>"$t/e"
[ $? -eq 1 ] || no "out-of-range answer: want exit 1"
grep -q 'element 0 (question 1): answer: want A1 to A2' "$t/e" || no "message: $(cat "$t/e")"
[ "$(wc -l <"$t/o")" -eq 1 ] || no "out-of-range answer: the good case lost"
printf '[{"question_id":"1",' >"$t/stackselect_2k.json"
lg-gen adaleval -t bestanswer --import "$t/stackselect_2k.json" >/dev/null 2>"$t/e"
[ $? -eq 1 ] && grep -q 'invalid JSON' "$t/e" || no "broken file: $(cat "$t/e")"
lg-gen adaleval -t tsort -l 2k,64k -n 2 --corpus "$t/books" >"$t/o" 2>"$t/e"
[ $? -eq 1 ] || no "small corpus: want exit 1"
grep -q 'too small for tier 64k' "$t/e" || no "small corpus: $(cat "$t/e")"
[ "$(grep -c '"length":"2k"' "$t/o")" -eq 2 ] || no "small corpus: 2k cases lost"
exit $fail
