#!/bin/sh
# libcurl is opened at the first HTTP call, not when a tool starts: lg-judge
# --rules, lg-split and lg-agg never load it (nor the libraries it needs),
# lg-infer does once it talks to a server, and what it gets back is whole.
. "$TOP/tests/lg-infer/fake.sh"
loads() {	# command...: how often the loader opens libcurl for it
	LD_DEBUG=files "$@" 2> "$t/ld" > "$t/ldout" || true
	grep -c 'file=libcurl' "$t/ld" || true
}
lg-gen longgenbench -l 16k -n 1 -s 3 | lg-prompt | lg-oracle | lg-split > "$t/split"
[ -s "$t/split" ] || fail "no records to judge"
n=$(loads lg-judge --rules "$t/split")
[ "$n" -eq 0 ] || fail "lg-judge --rules loaded libcurl $n times"
grep -q '"verdicts"' "$t/ldout" || fail "lg-judge --rules judged nothing"
n=$(loads lg-agg "$t/split")
[ "$n" -eq 0 ] || fail "lg-agg loaded libcurl $n times"
fake_start z
printf '{"id":"a","prompt":"hello"}\n' > "$t/in"
n=$(loads lg-infer -q -m fake --base-url "$url" "$t/in")
[ "$n" -ge 1 ] || fail "lg-infer never loaded libcurl (so this test sees nothing)"
grep -q '"output":"echo' "$t/ldout" || fail "lg-infer: $(cat "$t/ldout")"
fake_stop z
