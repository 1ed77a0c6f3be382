#!/bin/sh
# lg-agree's kappa intervals draw from bootrng.h (xoshiro256**, Lemire's
# bounded draws), as lg-agg's do, since they left CPython's Mersenne
# Twister (rng.h): the same estimator (the records of a group drawn with
# replacement), other draws.  On two judgings made here (biog, sr and nw,
# two models, 4 to 8 verdicts a record, the second judge flipping some),
# each interval endpoint the former draws gave (agree-boot-draws.ref:
# lg-agree -f json, --seed 0, of the build before, lo and hi per group
# and pooled) lies within the Monte-Carlo spread of the new draws:
# between the least and the greatest of ten seeds' values, widened by
# half that spread and 0.002 (the table prints three decimals).  A biased
# draw (half the records never drawn, say) moves endpoints out of it.
set -eu
. "$TOP/tests/lib.sh"
py '
random = __import__("random")
random.seed(5)
a, b = open(sys.argv[1], "w"), open(sys.argv[2], "w")
for t in ("biog", "sr", "nw"):
    for c in range(100):
        for m in range(2):
            n = 4 + (c % 5)
            p = 0.3 + 0.2 * m + 0.1 * (c % 3)
            va, vb = [], []
            for i in range(n):
                x = random.random() < p
                f = random.random() < (0.25 if m else 0.125)
                va.append({"kind": "fact", "at": i, "pass": x,
                           "judged": True, "by": "rules"})
                vb.append({"kind": "fact", "at": i, "pass": x != f,
                           "judged": True, "by": "judge"})
            r = {"id": "%s-%d" % (t, c), "bench": "longweave", "task": t,
                 "gen": {"model": "m%d" % m}}
            a.write(json.dumps(dict(r, verdicts=va)) + "\n")
            b.write(json.dumps(dict(r, verdicts=vb)) + "\n")
' "$t/a" "$t/b"
for s in 0 1 2 3 4 5 6 7 8 9; do
	lg-agree -f json --seed $s "$t/a" "$t/b" > "$t/j$s" ||
	    fail "lg-agree --seed $s"
done
# each run's endpoints as "GROUP lo|hi VALUE" lines, s0 to s9
py '
for path in sys.argv[1:]:
    with open(path[:-2] + "s" + path[-1], "w") as out:
        for line in open(path):
            r = json.loads(line)
            if r["row"] not in ("agreement", "total") or r["lo"] is None:
                continue
            g = "%s/%s" % (r.get("bench", "(all)"), r.get("task", "(all)"))
            out.write("%s lo %r\n%s hi %r\n" % (g, r["lo"], g, r["hi"]))
' "$t"/j?
boot_spread "$TOP/tests/scripts/agree-boot-draws.ref" 0.002 8 "$t"/s? \
    > "$t/out" || { cat "$t/out"; fail "intervals outside the" \
    "Monte-Carlo spread of the former draws"; }
exit 0
