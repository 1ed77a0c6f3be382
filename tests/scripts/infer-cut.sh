#!/bin/sh
# Answers cut by the token limit are counted in lg-infer's summary and in
# lg-agg's cut column; the summary names the version, model and parameters.
. "$TOP/tests/lg-infer/fake.sh"
fake_start s
printf '{"id":"a","bench":"longweave","task":"kvg","length":"1k","prompt":"WORDS:50 q"}\n{"id":"b","bench":"longweave","task":"kvg","length":"1k","prompt":"WORDS:2 q"}\n' > "$t/in"
lg-infer -m m --max-tokens 5 --base-url "$url" "$t/in" > "$t/out" 2> "$t/err" ||
    fail "run: $(cat "$t/err")"
grep -q '2 answered (0 from cache), 0 failed, 0 passed on, 1 cut by the token limit;' \
    "$t/err" || fail "summary: $(cat "$t/err")"
v=$(lg-infer --version | cut -d' ' -f2)
grep -qF "; lg $v, model m, params {\"max_tokens\":5}" "$t/err" ||
    fail "summary: $(cat "$t/err")"
lg-agg -f json -g bench,task "$t/out" > "$t/agg"
jq -e -s 'map(select(.row == "cell")) | .[0].cut == 1 and .[0].cases + .[0].undecided + .[0].unscored == 2' "$t/agg" > /dev/null ||
    fail "agg: $(cat "$t/agg")"
fake_stop s
