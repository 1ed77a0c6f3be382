#!/bin/sh
# lg-judge --compat: the published LongGenBench judge.  The test server
# records each request body as it came: the prompt must be the published
# one byte for byte (version A by default, the 3-shot version B with
# --compat-prompt b), sent as a raw completion with the published decoding
# unless overridden; the reply is read as the published code reads it
# (lower-cased, "yes" anywhere), and each verdict says it was made so.
set -eu
. "$TOP/tests/lib.sh"
at_exit 'kill "${pid:-}"'
"$OBJ/helpers/fakeapi" -p 0 --port-file "$t/port" --idle-exit 600 --lifetime 3600 \
    --log "$t/log" --record "$t/bodies" > /dev/null 2>&1 &
pid=$!
wait_ready "$t/port" "$pid" "the test server"
url=http://127.0.0.1:$(cat "$t/port")/v1
cd "$BIN"

# Eight entries; the test server answers each with the text after "SAY:".
# Entry 7 holds template and JSON syntax and non-ASCII text, which must
# reach the judge unchanged; entry 8 is answered with reasoning, which the
# published code read with the rest.
out='#*# Floor 1:\nSAY: Yes.\n\n#*# Floor 2:\nSAY: I'"'"'d say yes\n#*# Floor 3:\nSAY: YES\n#*# Floor 4:\nSAY: no\n#*# Floor 5:\nSAY: No, it does not.\n#*# Floor 6:\nSAY: yesterday\n#*# Floor 7: {{want}} {{text}} \"q\" caf\u00e9\nSAY: Nope\n#*# Floor 8:\nSAY: <think>It says yes.</think>No\n'
printf '{"id":"c1","bench":"longgenbench","gold":{"type":"Floor","number":8},"checks":[%s],"output":"%s"}\n' \
    '{"kind":"single","at":1,"want":"gym"},{"kind":"range","at":2,"want":"roof garden"},{"kind":"single","at":3,"want":"pool"},{"kind":"periodic","at":4,"want":"sauna"},{"kind":"single","at":5,"want":"bar"},{"kind":"single","at":6,"want":"spa"},{"kind":"single","at":7,"want":"art room"},{"kind":"single","at":8,"want":"lift"}' \
    "$out" | ./lg-split --compat > "$t/in"
[ "$(jq '.parts | length' "$t/in")" -eq 8 ] || fail "split: $(cat "$t/in")"

# what the published code sends for entry 1 (version A), built here by hand
entry1=$(printf ' Floor 1:\nSAY: Yes.\n\nx')
entry1=${entry1%x}
wantA="Context: ${entry1}### Instruction: Does this context include the gym? Please answer with 'yes' or 'no' only."

./lg-judge --compat --judge-base-url "$url" --judge-model judge -P 1 < "$t/in" \
    > "$t/a" 2> "$t/err" || fail "compat run: $(cat "$t/err")"
[ "$(wc -l < "$t/bodies")" -eq 8 ] || fail "requests: $(wc -l < "$t/bodies")"
# the endpoint: raw completions, no chat template
[ "$(grep -c ' /v1/completions ' "$t/log")" -eq 8 ] || fail "endpoint: $(cat "$t/log")"
jq -e -s 'all(.[]; has("messages") | not)' "$t/bodies" > /dev/null || fail "chat messages sent"
# the prompt, byte for byte
jq -j -s '.[] | select(.prompt | contains("Floor 1:")) | .prompt' "$t/bodies" > "$t/p1"
printf '%s' "$wantA" > "$t/w1"
cmp "$t/p1" "$t/w1" > /dev/null || fail "prompt A: $(od -c "$t/p1" | tail -5)"
# entry 7: what the entry holds goes through as it is
jq -j -s '.[] | select(.prompt | contains("Floor 7:")) | .prompt' "$t/bodies" > "$t/p7"
printf 'Context:  Floor 7: {{want}} {{text}} "q" caf\303\251\nSAY: Nope\n### Instruction: Does this context include the art room? Please answer with '"'"'yes'"'"' or '"'"'no'"'"' only.' > "$t/w7"
cmp "$t/p7" "$t/w7" > /dev/null || fail "prompt A, entry 7: $(cat "$t/p7")"
# the published decoding, as the body writes it
grep -F 'Floor 1:' "$t/bodies" > "$t/b1"
for kv in '"model":"judge"' '"temperature":0.95' '"top_p":0.95' '"max_tokens":50' \
    '"seed":42' '"stream":false'; do
	grep -qF "$kv" "$t/b1" || fail "body lacks $kv: $(cat "$t/b1")"
done
[ "$(jq -s '[.[] | keys_unsorted] | unique | length' "$t/bodies")" -eq 1 ] ||
    fail "bodies differ in shape"
jq -e -s 'all(.[]; keys == ["max_tokens","model","prompt","seed","stream","temperature","top_p"])' \
    "$t/bodies" > /dev/null || fail "body keys: $(head -n 1 "$t/bodies")"

# the published parse: lower-cased, "yes" anywhere passes
jq -c '[.verdicts[] | .pass]' "$t/a" > "$t/pass"
[ "$(cat "$t/pass")" = '[true,true,true,false,false,true,false,true]' ] ||
    fail "lenient parse: $(cat "$t/pass")"
jq -e '[.verdicts[] | .reply] == ["Yes.","I'"'"'d say yes","YES","no","No, it does not.","yesterday","Nope","No"]' \
    "$t/a" > /dev/null || fail "replies: $(jq -c .verdicts "$t/a")"
jq -e 'all(.verdicts[]; .compat == "longgenbench-a" and .by == "llm:judge" and
    .judged == true and (has("problem") | not))' "$t/a" > /dev/null ||
    fail "verdict fields: $(jq -c .verdicts "$t/a")"
jq -e '.scores.stic_pass == 5 and .scores.stic_total == 8' "$t/a" > /dev/null ||
    fail "scores: $(jq -c .scores "$t/a")"
jq -e '.verdicts[7].reasoning == "It says yes." and
    all(.verdicts[0:7][]; has("reasoning") | not)' "$t/a" > /dev/null ||
    fail "reasoning: $(jq -c .verdicts "$t/a")"
grep -q '0 unparseable' "$t/err" || fail "summary: $(cat "$t/err")"

# version B: three examples, then the entry
: > "$t/bodies"
./lg-judge --compat --compat-prompt b --judge-base-url "$url" --judge-model judge \
    < "$t/in" > "$t/b" 2> "$t/err" || fail "compat b: $(cat "$t/err")"
jq -j -s '.[] | select(.prompt | contains("Floor 1:")) | .prompt' "$t/bodies" > "$t/p1"
{
	printf '%s\n' "Example 1: Context: The district's new residential area will feature two 10-story apartment buildings, a shopping mall, and a park. The construction is set to begin at 9 AM, and the park will include a playground and jogging tracks. The plan also includes space for a small medical clinic, which will open from 10 AM to 6 PM. ### Instruction: Does this context include a medical clinic? Please answer with 'yes' or 'no' only. Answer: yes"
	printf '%s\n' "Example 2: Context: The menu for today's lunch at the office includes grilled turkey, mashed potatoes with gravy, roasted vegetables, and pumpkin pie for dessert. The meal will be served from 12 PM to 2 PM, and there will be a vegetarian option available. The meal is planned to accommodate 50 people, and the turkey will be served with cranberry sauce. ### Instruction: Does this context include mashed potatoes? Please answer with 'yes' or 'no' only. Answer: yes"
	printf '%s' "Example 3: Context: On April 15th, the weather was sunny with a high of 75"
	printf '\302\260'
	printf '%s' "F. In the morning, I volunteered for a community cleanup from 9 AM to 12 PM. We collected trash and planted 20 new trees along the riverbank. After lunch, I helped organize the donation of clothes and food for a local shelter, where we served sandwiches and drinks. The day ended at 4 PM. ### Instruction: Does this context include long-distance running? Please answer with 'yes' or 'no' only. Answer: no"
	printf '%s' " "
	printf '\n ### Refer to the examples above for how to answer. \nContext: '
	printf '%s' "$entry1"
	printf '\n\n### Instruction: Now, for the following context, does it include the gym? '
	printf '%s' "Please answer with 'yes' or 'no' only. Answer: "
} > "$t/w1"
cmp "$t/p1" "$t/w1" > /dev/null ||
    fail "prompt B differs: $(cmp "$t/p1" "$t/w1" 2>&1; tail -c 120 "$t/p1")"
grep -F 'Floor 1:' "$t/bodies" > "$t/b1"
for kv in '"temperature":0.95' '"top_p":0.95' '"max_tokens":50' '"seed":42'; do
	grep -qF "$kv" "$t/b1" || fail "B body lacks $kv: $(cat "$t/b1")"
done
[ "$(grep -c ' /v1/completions ' "$t/log")" -eq 16 ] || fail "B endpoint: $(cat "$t/log")"
jq -e 'all(.verdicts[]; .compat == "longgenbench-b")' "$t/b" > /dev/null ||
    fail "B verdicts: $(jq -c .verdicts "$t/b")"
[ "$(jq -c '[.verdicts[] | .pass]' "$t/b")" = '[true,true,true,false,false,true,false,true]' ] ||
    fail "B parse: $(jq -c '[.verdicts[] | .pass]' "$t/b")"

# overrides: each decoding option replaces its published value
: > "$t/bodies"
./lg-judge --compat --judge-base-url "$url" --judge-model judge --judge-temperature 0 \
    --judge-top-p 1 --judge-seed 7 --judge-max-tokens 5 < "$t/in" > /dev/null 2> "$t/err" ||
    fail "overrides: $(cat "$t/err")"
grep -F 'Floor 1:' "$t/bodies" > "$t/b1"
for kv in '"temperature":0' '"top_p":1' '"max_tokens":5' '"seed":7'; do
	grep -qF "$kv," "$t/b1" || fail "override lacks $kv: $(cat "$t/b1")"
done

# the default judge is unchanged: a chat request, strict parse, no compat;
# the 3 unparseable replies are undecided checks, and the exit status 1
: > "$t/bodies"
rc=0
./lg-judge --judge-base-url "$url" --judge-model judge --judge-retries 0 < "$t/in" \
    > "$t/d" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "default run: exit status $rc: $(cat "$t/err")"
grep -q '3 undecided (3 unparseable' "$t/err" || fail "default run: $(cat "$t/err")"
[ "$(jq -c '[.verdicts[] | .undecided == true]' "$t/d")" = '[false,true,false,false,false,true,true,false]' ] ||
    fail "default undecided: $(jq -c .verdicts "$t/d")"
jq -e -s 'all(.[]; has("messages") and (has("top_p") | not) and (has("seed") | not)
    and .temperature == 0)' "$t/bodies" > /dev/null || fail "default bodies: $(head -n 1 "$t/bodies")"
jq -e 'all(.verdicts[]; has("compat") | not)' "$t/d" > /dev/null || fail "default has compat"
[ "$(jq -c '[.verdicts[] | .pass]' "$t/d")" = '[true,false,true,false,false,false,false,false]' ] ||
    fail "default parse: $(jq -c '[.verdicts[] | .pass]' "$t/d")"

# --judge-seed without --compat: the seed, then the seed plus the attempt
# when an unparseable reply ("I'd say yes") is asked again
: > "$t/bodies"
rc=0
./lg-judge --judge-base-url "$url" --judge-model judge --judge-retries 1 --judge-seed 5 \
    --judge-top-p 0.5 < "$t/in" > /dev/null 2> "$t/err" || rc=$?
[ "$rc" -le 1 ] || fail "seeded run: $(cat "$t/err")"
grep -F 'd say yes' "$t/bodies" | jq -c '[.seed, .top_p]' > "$t/seeds"
[ "$(cat "$t/seeds")" = "$(printf '[5,0.5]\n[6,0.5]')" ] || fail "seeds: $(cat "$t/seeds")"

kill "$pid" 2>/dev/null || true
exit 0
