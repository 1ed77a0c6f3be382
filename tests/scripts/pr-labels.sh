#!/bin/sh
# pr answers that name the segments without writing them back score 0, and
# the right order renumbered 0..n-1 in order of output scores 1, on
# generated cases of every tier; the shuffled input returned, renumbered or
# not, scores the same both ways, below 1.
set -eu
. "$TOP/tests/lib.sh"
d=$t

sh "$TOP/tests/mkcorpus.sh" "$d/corpus"
lg-gen longweave -t pr -l 1k,2k,4k,8k -n 3 --corpus "$d/corpus" > "$d/cases"
python3 - "$d/cases" > "$d/variants" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    t = {s["label"]: s["text"] for s in r["vars"]["segments"]}
    o = r["gold"]["order"]
    for kind, out in (
            ("renumbered", "\n\n".join("[[Segment %d]]\n%s" % (i, t[k]) for i, k in enumerate(o))),
            ("shuffled", "\n\n".join("[[Segment %d]]\n%s" % (k, t[k]) for k in sorted(t))),
            ("shuffled-renumbered", "\n\n".join("[[Segment %d]]\n%s" % (i, t[k]) for i, k in enumerate(sorted(t)))),
            ("labels", "\n".join("[[Segment %d]]" % k for k in o)),
            ("list", "Answer: " + str(o))):
        q = dict(r, id=r["id"] + "/" + kind, output=out)
        print(json.dumps(q))
PY
for mode in "" --compat; do
	lg-tau $mode "$d/variants" > "$d/scored$mode"
	bad=$(jq -r '(.id | split("/")[-1]) as $k | .scores.score as $s |
	    select(($k == "renumbered" and $s != 1) or
	        (($k == "labels" or $k == "list") and $s != 0) or
	        ($k | startswith("shuffled")) and $s == 1) | .id' "$d/scored$mode")
	[ -z "$bad" ] || fail "lg-tau $mode: $bad"
	same=$(jq -sr 'map(select(.id | test("/shuffled")) | .scores.score) |
	    [range(0; length; 2) as $i | .[$i] == .[$i + 1]] | all' "$d/scored$mode")
	[ "$same" = true ] || fail "lg-tau $mode: renumbering the shuffled input changed its score"
done
echo ok
