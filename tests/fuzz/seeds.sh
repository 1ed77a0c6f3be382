#!/bin/sh
# Write the seed corpora of the fuzz targets, from the tools' own outputs.
#   tests/fuzz/seeds.sh BINDIR DIR
# BINDIR holds a plain build (lg-gen, lg-prompt, lg-oracle); DIR/NAME/ gets
# the seeds of target NAME.  Cases come from lg-gen, answers from lg-oracle,
# whole and degraded (--drop, --stop-at), plus a few odd answers of the
# kinds models write.  Answer targets take the case on the first line and
# the answer after it (tests/fuzz/fuzz.h).
set -eu
bin=$1
dir=$2
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$dir/.work
rm -rf "$dir"
mkdir -p "$work"
for t in jsonl record sse lg-judge lg-ppl lg-split lg-kvcheck lg-fsmcheck lg-tau lg-choice lg-tags bpe; do
	mkdir -p "$dir/$t"
done
export LG_SHARE="$top/share"
sh "$top/tests/mkcorpus.sh" "$work/corpus" 3 60
gen() {	# file, lg-gen arguments...
	f=$1
	shift
	"$bin/lg-gen" "$@" | "$bin/lg-prompt" > "$work/p"
	"$bin/lg-oracle" < "$work/p" > "$f"
	"$bin/lg-oracle" --drop 0.3 -s 5 < "$work/p" >> "$f"
	"$bin/lg-oracle" --stop-at 0.6 --forget-after 0.5 < "$work/p" >> "$f"
}
gen "$work/lgb" longgenbench -l 8k -n 1 -s 3
gen "$work/lw" longweave -t kvg,sms,pr -l 1k,2k -n 1 -s 3 --corpus "$work/corpus"
gen "$work/ada" adaleval -t tsort -l 2k -n 2 -s 3 --corpus "$work/corpus"
"$bin/lg-gen" adaleval -t bestanswer --import "$top/tests/adaleval/stackselect_1k.json" |
    "$bin/lg-prompt" > "$work/p"
"$bin/lg-oracle" < "$work/p" >> "$work/ada"
"$bin/lg-oracle" --drop 1 -s 5 < "$work/p" >> "$work/ada"

# answer targets: NAME, the case's fields as jq, flags as JSON objects
answers() {	# target, file, jq filter of the records, case jq, flags...
	t=$1 f=$2 sel=$3 case=$4
	shift 4
	i=0
	jq -c "select($sel)" "$f" > "$work/sel"
	while IFS= read -r line; do
		for flags in "$@"; do
			i=$((i + 1))
			{
				printf '%s\n' "$line" | jq -c "($case) + $flags"
				printf '%s\n' "$line" | jq -j '.output // ""' | head -c 32768
			} > "$dir/$t/case-$i"
		done
	done < "$work/sel"
}
answers lg-split "$work/lgb" 'true' '{bench, id, gold: {type: .gold.type, number: .gold.number}}' \
    '{}' '{"compat": true}' '{"keep_last": true}'
answers lg-kvcheck "$work/lw" '.task == "kvg"' '{bench, task, id, gold}' '{}' '{"compat": true}' \
    '{"paper": true}'
answers lg-fsmcheck "$work/lw" '.task == "sms"' '{bench, task, id, gold}' '{}' '{"compat": true}'
answers lg-tau "$work/lw" '.task == "pr"' '{bench, task, id, gold, vars: {segments: .vars.segments}}' \
    '{}' '{"compat": true}' '{"align": "label"}'
# lg-choice: the oracle's answers and every form its goldens hold
cat "$top"/tests/lg-choice/*/in >> "$work/ada"
answers lg-choice "$work/ada" '.bench == "adaleval"' '{bench, task, id, gold, checks}' \
    '{}' '{"compat": true}'
# lg-tags: records of every task as the degraded oracles answer them, the
# answer apart (the scores and verdicts it reads are left to the fuzzer)
answers lg-tags "$work/lgb" 'true' '{bench, task, id, gold, checks, gen}' '{}'
answers lg-tags "$work/lw" 'true' '{bench, task, id, gold, gen}' '{}'
answers lg-tags "$work/ada" '.bench == "adaleval"' '{bench, task, id, gold, gen}' '{}'

# odd answers, one case each
odd() {	# target, case, answer (printf format)
	i=$(ls "$dir/$1" | wc -l)
	{ printf '%s\n' "$2"; printf "$3"; } > "$dir/$1/odd-$i"
}
lgb='{"bench":"longgenbench","gold":{"type":"Week","number":4}}'
odd lg-split "$lgb" '#*# Week \357\274\223: text\n#*# Week \331\243\n#*# Week 2\n'
odd lg-split "$lgb" '**Week 1:** a\n## Week 0004\nWeek 99999999999\n'
kvg=$(jq -c 'select(.task == "kvg") | {bench, task, gold}' "$work/lw" | head -1)
odd lg-kvcheck "$kvg" "{'a': 007, \"b\": NaN, \"c\": [1, {\"d\": -0.0}], \"e\": \"\\\\ud800\\\\u0000\", \"f\": 1e5}"
odd lg-kvcheck "$kvg" '```json\n{"a": "x\ty",\f "b": 123456789012345678901234567890, # c\n}\n```'
sms=$(jq -c 'select(.task == "sms") | {bench, task, gold}' "$work/lw" | head -1)
odd lg-fsmcheck "$sms" '| Step | Current State | Input | Next State | Output |\n|---|---|---|---|---|\n| 1 | S0 | \331\242 | S2 | 2 | ok |\nS2, 0, S2, 2\n'
pr=$(jq -c 'select(.task == "pr") | {bench, task, gold, vars: {segments: .vars.segments}}' "$work/lw" | head -1)
odd lg-tau "$pr" '[[Segment \357\274\221]] a\n[[Segment 0]] b\nAnswer: [4, 2, 0, 1, 3]\n'

# the JSON Lines reader and the record writer: records as the tools write
# them, a few to a file, and the odd line
i=0
for f in "$work/lw" "$work/lgb"; do
	jq -c 'del(.prompt) | .output |= (. // "" | .[0:2000])' "$f" > "$work/recs"
	while IFS= read -r line; do
		i=$((i + 1))
		printf '%s\n' "$line" > "$dir/record/rec-$i"
		printf '%s\r\n\n%s\n' "$line" "$line" > "$dir/jsonl/recs-$i"
	done < "$work/recs"
done
printf '{"id":"a","x":"\\u0000b","n":12345678901234567890,"f":0.1,"e":1e400}\n\357\273\277{"id":"b"}\n[1]\n{"a":\n\377\n' > "$dir/jsonl/odd"
cp "$dir/jsonl/odd" "$dir/record/odd"

# streams: the answers as chat deltas and raw completion chunks
i=0
jq -c 'select(.task == "kvg" or .task == "sms") | .output // ""' "$work/lw" | head -4 > "$work/outs"
while IFS= read -r out; do
	i=$((i + 1))
	printf '%s\n' "$out" | jq -r '. as $o | range(0; length; 40) | $o[.:. + 40] |
	    "data: " + ({choices: [{delta: {content: .}}]} | tojson) + "\n"' > "$work/s"
	{ printf '\002'; cat "$work/s"; printf 'data: {"choices":[{"delta":{},"finish_reason":"stop"}],"usage":{"prompt_tokens":9,"completion_tokens":3}}\n\ndata: [DONE]\n\n'; } > "$dir/sse/chat-$i"
	printf '%s\n' "$out" | jq -r '. as $o | range(0; length; 40) | $o[.:. + 40] |
	    "data:" + ({choices: [{text: .}]} | tojson) + "\r\n\r\n"' > "$work/s"
	{ printf '\001: comment\nevent: x\nid: 1\n'; cat "$work/s"; printf 'data: [DONE]\r\n'; } > "$dir/sse/raw-$i"
done < "$work/outs"
printf '\000data: {"error":{"message":"overloaded"}}\n\n' > "$dir/sse/error"

# judge replies: chat and raw completion bodies, errors
i=0
for reply in 'Yes' 'no' '**Yes**.' 'Nope' 'yesterday' '' 'No, it does not. Yes?' '<think>hmm</think>YES'; do
	i=$((i + 1))
	jq -cn --arg r "$reply" '{choices: [{message: {role: "assistant", content: $r}, finish_reason: "stop"}], usage: {prompt_tokens: 5, completion_tokens: 1}}' |
	    { printf '\000'; cat; } > "$dir/lg-judge/chat-$i"
	jq -cn --arg r "$reply" '{choices: [{text: $r}]}' | { printf '\001'; cat; } > "$dir/lg-judge/raw-$i"
done
printf '\000{"error":{"message":"rate limited","code":429}}' > "$dir/lg-judge/error-1"
printf '\000{"detail":"Not Found"}' > "$dir/lg-judge/error-2"

# lg-ppl replies: prompt log-probabilities (the first byte: the text's
# characters over 4), by offsets, by usage, and odd ones
printf '\003{"choices":[{"text":"a b c","logprobs":{"tokens":["a"," b"," c"],"token_logprobs":[null,-1.5,-0.25],"top_logprobs":[null,{" b":-1.5},{" c":-0.25}],"text_offset":[0,1,3]}}],"usage":{"prompt_tokens":3}}' > "$dir/lg-ppl/offsets"
printf '\001{"choices":[{"logprobs":{"token_logprobs":[null,-2,-3e-1,0]}}],"usage":{"prompt_tokens":3}}' > "$dir/lg-ppl/usage"
printf '\002{"choices":[{"logprobs":{"token_logprobs":[null,-1],"text_offset":[0,"1"]}},{}],"choices":[]}' > "$dir/lg-ppl/odd-1"
printf '\002 {"choices":[{"log\\u0070robs":{"token_logprobs":[1e999,-1],"text_offset":[0,9]}}]} ' > "$dir/lg-ppl/odd-2"

# the tokenizer: the fixture's texts (even first byte), and a small table
# (odd first byte)
i=0
jq -r '.hex' "$top/tests/bpe/vectors.jsonl" | while IFS= read -r hex; do
	i=$((i + 1))
	/usr/bin/python3 -c 'import sys; sys.stdout.buffer.write(b"\0" + bytes.fromhex(sys.argv[1]))' \
	    "$hex" > "$dir/bpe/text-$i"
done
{ printf '\001'; head -n 300 "$top/tests/bpe/tiny.tiktoken"; } > "$dir/bpe/table"
rm -rf "$work"
