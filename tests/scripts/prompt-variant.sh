#!/bin/sh
# Two phrasings of the same LongGenBench cases, compared as lg-prompt(1)
# shows: every case of both tiers renders in the compact phrasing, with
# nothing of the template left unfilled; its prompt differs from the
# default one and ends, like it, with the first entry's header, so the
# answers are read alike; the reference answers to both score the same,
# and lg-compare pairs every case and finds no score changed.  A variant
# no task has fails every record, naming it, exit 1.
set -eu
. "$TOP/tests/lib.sh"
for l in 16k 32k; do
	lg-gen longgenbench -l $l -n 2 -s 5
done > "$t/suite"
lg-prompt "$t/suite" > "$t/a"
lg-prompt --variant compact "$t/suite" > "$t/b"
py '
a = [json.loads(l) for l in open(sys.argv[1])]
b = [json.loads(l) for l in open(sys.argv[2])]
assert len(a) == len(b) == 16, (len(a), len(b))
for x, y in zip(a, b):
    assert "error" not in y, y.get("error")
    assert x["id"] == y["id"]
    assert x["prompt"] != y["prompt"], x["id"]
    assert "{{" not in y["prompt"] and "}}" not in y["prompt"], x["id"]
    head = x["vars"]["prefix"] + "\n"
    assert x["prompt"].endswith("*** started ***\n" + head), x["id"]
    assert y["prompt"].endswith("*** started ***\n" + head), y["id"]
    for s in x["vars"]["single"]:
        assert s in y["prompt"], (y["id"], s)
' "$t/a" "$t/b" || fail "compact prompts"
for v in a b; do
	lg-oracle "$t/$v" | lg-split | lg-judge --rules > "$t/$v.scored"
done
lg-compare "$t/a.scored" "$t/b.scored" > "$t/cmp" || fail "lg-compare: $?"
grep -q '^paired 16, only in A 0, only in B 0' "$t/cmp" ||
    fail "not every case paired: $(head -n 3 "$t/cmp")"
grep -q '^no case changed its score$' "$t/cmp" ||
    fail "the oracle scored differently: $(cat "$t/cmp")"
rc=0
lg-prompt --variant nosuch "$t/suite" > "$t/c" 2> "$t/err" || rc=$?
[ "$rc" -eq 1 ] || fail "--variant nosuch: exit $rc, want 1"
[ "$(grep -c 'no template for longgenbench/[a-z]* variant nosuch' "$t/err")" -eq 16 ] ||
    fail "--variant nosuch: $(head -n 2 "$t/err")"
