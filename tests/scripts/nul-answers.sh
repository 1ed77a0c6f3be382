#!/bin/sh
# A NUL byte in an answer (\u0000 in the record) does not cut it: the
# scorers read the answer whole.  Oracle answers get a NUL put inside their
# first paragraph break; lg-split finds as many entries, and lg-tau and lg-fsmcheck
# give the same scores as without it (before, everything after the NUL
# was lost).
set -eu
. "$TOP/tests/lib.sh"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
cd "$BIN"
{
	./lg-gen longgenbench -l 8k -n 1 -t diary,menu -s 5
	./lg-gen longweave -t sms,pr -l 1k -n 2 -s 5 --corpus "$t/corpus"
} | ./lg-prompt | ./lg-oracle > "$t/clean"
# a line holding only a NUL, after the first paragraph (or line)
"$PY" -c '
import json, sys
for l in open(sys.argv[1]):
    r = json.loads(l)
    o = r["output"]
    i = o.find("\n\n") + 1 or o.index("\n") + 1
    r["output"] = o[:i] + "\0\n" + o[i:]
    print(json.dumps(r, ensure_ascii=False, separators=(",", ":")))
' "$t/clean" > "$t/nul"
grep -q 'u0000' "$t/nul" || fail "no NUL in the input"
for f in clean nul; do
	./lg-split < "$t/$f" | ./lg-fsmcheck | ./lg-tau > "$t/$f.out" ||
	    fail "$f: exit status $?"
done
"$PY" -c '
import json, sys
a = [json.loads(l)["scores"] for l in open(sys.argv[1])]
b = [json.loads(l)["scores"] for l in open(sys.argv[2])]
assert len(a) == len(b) == 6, (len(a), len(b))
for x, y in zip(a, b):
    for k in ("entries_found", "score"):
        if k in x:
            assert x[k] == y[k], (k, x, y)
' "$t/clean.out" "$t/nul.out" || fail "a NUL changed the scores"
