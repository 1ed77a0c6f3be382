#!/bin/sh
# lg-judge --cf-relevance: the published relevance judge of LongWeave cf,
# after lg-flake8.  The test server records each request: the prompt is
# the published one byte for byte, after the published system message,
# with the published decoding under --compat (temperature 0.7, 8192
# tokens, nothing else) and ours otherwise.  The server answers each
# question with the line after "SAY:" in the program: read strictly by
# default (anything but the bare JSON object is asked again, then
# undecided), as published under --compat (a pattern, a fallback, and
# relevant when neither finds a verdict).  An irrelevant fix scores 0, its
# lg-flake8 score kept apart and given back when judged again; an
# undecided one keeps its score and is counted apart; a failed request is
# undecided in both modes.
set -eu
. "$TOP/tests/lib.sh"
at_exit 'kill "${pid:-}"'
"$OBJ/helpers/fakeapi" -p 0 --port-file "$t/port" --idle-exit 60 --lifetime 300 \
    --log "$t/log" --record "$t/bodies" > /dev/null 2>&1 &
pid=$!
i=0
while [ ! -s "$t/port" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
[ -s "$t/port" ] || fail "the test server did not start"
url=http://127.0.0.1:$(cat "$t/port")/v1
cd "$BIN"
judge() {
	./lg-judge --judge-base-url "$url" --judge-model judge -P 1 "$@"
}
K='"is_relevant_and_complete"'

# one cf record as lg-flake8 leaves it: ID, the line SAY answers (none
# when empty), the answer (default: the program fenced)
rec() {
	code="def f(x):
    \"\"\"
${2:-no verdict here}
    \"\"\"
    return x"
	jq -cn --arg id "$1" --arg code "$code" --arg out "${3-"\`\`\`python
$code
\`\`\`"}" '{id: $id, bench: "longweave", task: "cf", length: "1k",
	    vars: {code: $code}, output: $out,
	    scores: {score: (if $out == "" then 0 else 0.8 end), runnable: 1}}'
}
{
	rec true "SAY: {$K: true}"
	rec false "SAY: {$K: false}"
	rec sure "SAY: Sure: {$K: false}"
	rec nobrace "SAY: $K: false"
	rec upper 'SAY: {"IS_RELEVANT_AND_COMPLETE": false}'
	rec dup "SAY: {$K: false, $K: true}"
	rec first "SAY: {\"x\": 1} then {$K: false}"
	rec none ""
	rec empty "SAY: {$K: true}" ""
	rec fault "FAULT:400"
	echo '{"id":"other","bench":"adaleval","task":"tsort","x":[1, 2]}'
} > "$t/in"
n=$(wc -l < "$t/in")

# without --cf-relevance cf records go through untouched
judge < "$t/in" > "$t/plain" 2> "$t/err" || fail "plain run: $(cat "$t/err")"
cmp -s "$t/in" "$t/plain" || fail "cf records changed without --cf-relevance"
[ ! -s "$t/bodies" ] || fail "questions asked without --cf-relevance"

# --rules has no model to ask
rc=0
./lg-judge --rules --cf-relevance < "$t/in" > /dev/null 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q -- '--cf-relevance asks a judge model' "$t/err" ||
    fail "--rules --cf-relevance: $rc $(cat "$t/err")"

# the default: our decoding, the strict reading
rc=0
judge --cf-relevance --judge-retries 1 < "$t/in" > "$t/strict" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "strict run: exit status $rc: $(cat "$t/err")"
[ "$(wc -l < "$t/strict")" -eq "$n" ] || fail "strict: records lost"
v() { jq -c --arg id "$2" 'select(.id == $id) | '"$3" "$1"; }
[ "$(v "$t/strict" true '[.verdicts[0].pass, .verdicts[0].judged, .scores.score, .scores.relevant]')" = '[true,true,0.8,true]' ] ||
    fail "strict true: $(v "$t/strict" true .)"
[ "$(v "$t/strict" false '[.verdicts[0].pass, .scores.score, .scores.score_before_relevance, .scores.relevant]')" = '[false,0,0.8,false]' ] ||
    fail "strict false: $(v "$t/strict" false .)"
for id in sure nobrace upper dup first none; do
	[ "$(v "$t/strict" $id '[.verdicts[0] | .pass, .judged, .undecided, .problem]')" = \
	    '[false,false,true,"unparseable reply"]' ] || fail "strict $id: $(v "$t/strict" $id .verdicts)"
	[ "$(v "$t/strict" $id '[.scores.score, .scores.undecided, .scores.relevant]')" = '[0.8,1,null]' ] ||
	    fail "strict $id scores: $(v "$t/strict" $id .scores)"
done
v "$t/strict" sure .verdicts[0].reply | grep -qF 'Sure: {' || fail "raw reply not kept"
[ "$(v "$t/strict" empty '[.verdicts[0] | .pass, .judged, .by, .missing]')" = '[false,true,"rules","code"]' ] ||
    fail "strict empty: $(v "$t/strict" empty .verdicts)"
[ "$(v "$t/strict" fault '[.verdicts[0] | .undecided, (.problem | test("400")), .reply] + [.scores.score]')" = '[true,true,null,0.8]' ] ||
    fail "strict fault: $(v "$t/strict" fault .)"
[ "$(tail -n 1 "$t/strict")" = "$(tail -n 1 "$t/in")" ] || fail "other records changed"
# one call each, two for the unparseable ones, none for the empty answer
[ "$(wc -l < "$t/bodies")" -eq 15 ] || fail "strict calls: $(wc -l < "$t/bodies")"
grep -q '10 checks: 1 by rules, 9 by the model, 7 undecided (6 unparseable, 1 failed requests); 15 judge calls' \
    "$t/err" || fail "strict summary: $(cat "$t/err")"
jq -e -s 'all(.[]; .temperature == 0 and .max_tokens == 2048 and .stream == false and
    (has("top_p") | not))' "$t/bodies" > /dev/null || fail "strict decoding: $(head -n 1 "$t/bodies")"
# asked again: a new seed
[ "$(jq -s '[.[] | select(.messages[1].content | contains("Sure:")) | .seed]' -c "$t/bodies")" = '[null,1]' ] ||
    fail "strict seeds: $(jq -s -c '[.[] | .seed]' "$t/bodies")"

# the request, byte for byte: the published system message and prompt
jq -j -s '.[] | select(.messages[1].content | contains("SAY: {\"is_relevant_and_complete\": true}")) |
    .messages[0].content' "$t/bodies" > "$t/sys"
printf 'You are a helpful assistant.' | cmp -s - "$t/sys" || fail "system message: $(cat "$t/sys")"
jq -j -s '.[] | select(.messages[1].content | contains("SAY: {\"is_relevant_and_complete\": true}")) |
    .messages[1].content' "$t/bodies" > "$t/p"
cat > "$t/w" <<'EOF'

        **Task:** Evaluate if 'FIXED CODE' is a relevant and complete code response to the 'ORIGINAL CODE'.

        **Evaluation Criteria:**

        1.  **Content Relevance (Answering the Request):**
            *   **Relevant (true):** The 'FIXED CODE' directly attempts to modify, fix, or refactor the provided 'ORIGINAL CODE'. It addresses the implicit request to correct or improve the original snippet.
            *   **Not Relevant (false):** The 'FIXED CODE' does not address the original code. It might be unrelated code, a refusal, a question, an explanation *instead* of code, or generic template/placeholder code not adapted to the original.

        2.  **Code Completeness (Providing Full Code):**
            *   **Complete (true):** The 'FIXED CODE' provides a full, runnable (or intended to be runnable) Python code snippet that represents the proposed modification or fix. It's not just a fragment, comment, or instruction.
            *   **Incomplete (false):** The 'FIXED CODE' is not a complete code solution. It might be:
                *   Only an explanation or commentary about the fix.
                *   A code fragment (e.g., only a single corrected line without context).
                *   Instructions on how to fix the code (e.g., "You should change line 5 to...").
                *   An empty response or placeholder like "# [Your corrected code here]".

        **Overall Judgment:**
        Return `true` ONLY IF BOTH criteria (Content Relevance AND Code Completeness) are met. Otherwise, return `false`.

        **ORIGINAL CODE:**
        ```python
        def f(x):
    """
SAY: {"is_relevant_and_complete": true}
    """
    return x
        ```

        **FIXED CODE:**
        ```python
        def f(x):
    """
SAY: {"is_relevant_and_complete": true}
    """
    return x
        ```

        **Output:** Respond ONLY with JSON: {"is_relevant_and_complete": true/false}
EOF
printf '        ' >> "$t/w"
cmp "$t/p" "$t/w" > /dev/null || fail "prompt: $(diff "$t/w" "$t/p" | head -20)"

# --compat: the published decoding and reading; every reply decides
: > "$t/bodies"
rc=0
judge --cf-relevance --compat < "$t/in" > "$t/compat" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "compat run: exit status $rc: $(cat "$t/err")"
[ "$(wc -l < "$t/bodies")" -eq 9 ] || fail "compat calls: $(wc -l < "$t/bodies")"
jq -e -s 'all(.[]; keys == ["max_tokens","messages","model","stream","temperature"] and
    .temperature == 0.7 and .max_tokens == 8192 and .stream == false and
    (.messages | map(.role)) == ["system","user"])' "$t/bodies" > /dev/null ||
    fail "compat decoding: $(head -n 1 "$t/bodies" | jq -c 'del(.messages)')"
jq -s -c 'map(select(.bench == "longweave") | [.id, .verdicts[0].pass, .verdicts[0].assumed,
    .verdicts[0].undecided, .scores.score])' "$t/compat" > "$t/got"
echo '[["true",true,null,null,0.8],["false",false,null,null,0],["sure",false,null,null,0],["nobrace",false,null,null,0],["upper",true,true,null,0.8],["dup",true,null,null,0.8],["first",true,true,null,0.8],["none",true,true,null,0.8],["empty",false,null,null,0],["fault",false,null,true,0.8]]' > "$t/want"
cmp -s "$t/got" "$t/want" || fail "compat verdicts: $(cat "$t/got")"
grep -q '10 checks: 1 by rules, 9 by the model, 1 undecided (0 unparseable, 1 failed requests); 9 judge calls' \
    "$t/err" || fail "compat summary: $(cat "$t/err")"

# judged again: an irrelevant fix keeps lg-flake8's score apart, and gets
# it back when the verdict changes (here undecided by the strict reading)
judge --cf-relevance --compat < "$t/compat" > "$t/again" 2> "$t/err.again" || true
[ "$(v "$t/again" false '[.scores.score, .scores.score_before_relevance]')" = '[0,0.8]' ] ||
    fail "judged twice: $(v "$t/again" false .scores)"
judge --cf-relevance --judge-retries 0 < "$t/compat" > "$t/back" 2> "$t/err.back" || true
no_crash "$t/err.again" "$t/err.back"
[ "$(v "$t/back" sure '[.scores.score, .scores.score_before_relevance, .scores.relevant, .scores.undecided]')" = '[0.8,null,null,1]' ] ||
    fail "given back: $(v "$t/back" sure .scores)"

# --resume takes what this judge would judge alike: the same reading
grep -q 'max tokens 50, cf relevance 8192$' "$t/err.again" || fail "summary: $(cat "$t/err.again")"
[ "$(v "$t/compat" false .verdicts[0].compat)" = '"longweave-cf"' ] ||
    fail "compat verdict: $(v "$t/compat" false .verdicts)"
head -n 2 "$t/compat" > "$t/part"
rc=0
judge --cf-relevance --compat --resume "$t/part" "$t/in" > "$t/rest" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] && [ "$(jq -s -c 'map(.id)' "$t/rest")" = '["sure","nobrace","upper","dup","first","none","empty","fault","other"]' ] ||
    fail "resume: $rc $(jq -s -c 'map(.id)' "$t/rest") $(cat "$t/err")"
rc=0
judge --cf-relevance --resume "$t/part" "$t/in" > "$t/rest" 2> "$t/err" || rc=$?
[ "$rc" -eq 2 ] && grep -q 'true: judged with the prompt longweave-cf' "$t/err" ||
    fail "resume, another reading: $rc $(cat "$t/err")"

# a reply cut by the token limit: undecided at once by default, relevant
# by default as published
rec true "SAY: {$K: true}" > "$t/cut.in"
: > "$t/bodies"
rc=0
judge --cf-relevance --judge-max-tokens 1 < "$t/cut.in" > "$t/cut" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] && [ "$(wc -l < "$t/bodies")" -eq 1 ] &&
    [ "$(jq -c '.verdicts[0] | [.undecided, .problem]' "$t/cut")" = '[true,"reply cut at --judge-max-tokens 1"]' ] ||
    fail "cut reply: $rc $(cat "$t/cut")"
judge --cf-relevance --compat --judge-max-tokens 1 < "$t/cut.in" > "$t/cutc" 2> "$t/err" ||
    fail "cut reply, compat: $(cat "$t/err")"
[ "$(jq -c '[.verdicts[0].pass, .verdicts[0].assumed]' "$t/cutc")" = '[true,true]' ] ||
    fail "cut reply, compat: $(cat "$t/cutc")"

# the judge sees the code lg-flake8 scored: after lg-flake8 --compat
# (scores.compat), the published extraction, which knows no tilde fence
printf '%s\n' '{"id":"t1","bench":"longweave","task":"cf","vars":{"code":"x=1"},"output":"Fixed:\n~~~\nx = 1\n~~~","scores":{"score":0.5}}' \
    '{"id":"t2","bench":"longweave","task":"cf","vars":{"code":"x=1"},"output":"Fixed:\n~~~\nx = 1\n~~~","scores":{"score":0.5,"compat":true}}' > "$t/tilde.in"
: > "$t/bodies"
judge --cf-relevance --judge-retries 0 < "$t/tilde.in" > /dev/null 2>&1 || true
[ "$(jq -s -c 'map(.messages[1].content | capture("FIXED CODE:\\*\\*\n        ```python\n        (?<c>[^\n]*)").c)' "$t/bodies")" = '["x = 1","Fixed:"]' ] ||
    fail "the code shown: $(jq -s -c 'map(.messages[1].content)' "$t/bodies")"

# code holding a NUL byte: no request can carry it as Python held it;
# asked nothing, undecided
printf '%s\n' '{"id":"nul","bench":"longweave","task":"cf","vars":{"code":"x=1"},"output":"x = 1\u0000y","scores":{"score":0.5}}' > "$t/nul.in"
: > "$t/bodies"
rc=0
judge --cf-relevance < "$t/nul.in" > "$t/nul" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] && [ ! -s "$t/bodies" ] &&
    [ "$(jq -c '[.verdicts[0].undecided, .verdicts[0].problem, .scores.score, .scores.undecided]' "$t/nul")" = '[true,"the code holds a NUL byte",0.5,1]' ] ||
    fail "NUL: $rc $(cat "$t/nul") $(cat "$t/err")"

# a record lg-flake8 has not scored is an error, the others go on
jq -c 'del(.scores)' "$t/cut.in" > "$t/noscore.in"
rc=0
judge --cf-relevance < "$t/noscore.in" > "$t/noscore" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] && grep -q 'scores.score: missing: run lg-flake8 before lg-judge --cf-relevance' "$t/err" &&
    jq -e '.error.stage == "judge"' "$t/noscore" > /dev/null || fail "no scores: $rc $(cat "$t/err")"

# through the pipeline: lg-flake8 scores the reference answer, the judge
# finds it irrelevant (the line in the program's docstring says so), the
# table shows 0; scored again by lg-flake8, the record holds its score
# alone, the relevance gone with the score it was about
need_py
./lg-gen longweave -t cf -l 1k -n 1 | ./lg-prompt | ./lg-oracle |
    jq -c --arg k "$K" '.vars.code = "\"\"\"\nSAY: {\($k): false}\n\"\"\"\n" + .vars.code' > "$t/o"
./lg-flake8 --no-cache < "$t/o" > "$t/f" 2> "$t/err" || fail "lg-flake8: $(cat "$t/err")"
s=$(jq .scores.score "$t/f")
jq -e '.scores.score > 0' "$t/f" > /dev/null || fail "reference answer: $(jq -c .scores "$t/f")"
judge --cf-relevance < "$t/f" > "$t/j" 2> "$t/err" || fail "pipeline judge: $(cat "$t/err")"
[ "$(jq -c '[.scores.score, .scores.score_before_relevance, .scores.relevant]' "$t/j")" = "[0,$s,false]" ] ||
    fail "pipeline: $(jq -c .scores "$t/j")"
./lg-agg -f json "$t/j" | jq -e -s 'length > 0 and all(.[]; .score == 0)' > /dev/null ||
    fail "table: $(./lg-agg "$t/j")"
./lg-flake8 --no-cache < "$t/j" > "$t/f2" 2> "$t/err" || fail "lg-flake8 again: $(cat "$t/err")"
[ "$(jq -c '[.scores.score, .scores.score_before_relevance, .scores.relevant]' "$t/f2")" = "[$s,null,null]" ] ||
    fail "scored again: $(jq -c .scores "$t/f2")"
