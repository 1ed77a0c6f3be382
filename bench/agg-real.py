#!/usr/bin/env python3
"""bench/agg-real.py: records of a real pipeline's shape, at scale.

Reads scored records (the demo's: every member the pipeline writes:
output, prompt, vars, checks, gold, parts, verdicts, scores...) and
writes N of them: copy k of each (k = 0, 1, ...) with its id suffixed
"/rk", its gen.model suffixed "-(k % 5)", gen.seed and sample k // 5, and case
the original id suffixed "/c(k // 10)" (two samples of each case per
model), every string longer than CUT characters cut to CUT, so that
every list but verdicts and scores cut to its first 8 items, so that
the file holds N records of a few KiB each instead of tens.

    agg-real.py N CUT FILE
"""
import json
import sys

LIST = 8


def cut(v, n):
    if isinstance(v, str):
        return v[:n]
    if isinstance(v, list):
        return [cut(x, n) for x in v[:LIST]]
    if isinstance(v, dict):
        return {k: cut(x, n) for k, x in v.items()}
    return v


def main():
    n, c = int(sys.argv[1]), int(sys.argv[2])
    with open(sys.argv[3], "rb") as f:
        recs = [json.loads(line) for line in f if line.strip()]
    # verdicts and scores whole: the tables count them
    recs = [{k: v if k in ("verdicts", "scores") else cut(v, c)
             for k, v in r.items()} for r in recs]
    out = sys.stdout
    k = made = 0
    while made < n:
        for r in recs:
            if made >= n:
                break
            r = dict(r)
            oid = r["id"]
            r["id"] = "%s/r%d" % (oid, k)
            r["case"] = "%s/c%d" % (oid, k // 10)
            r["sample"] = k // 5
            g = dict(r.get("gen", {}))
            g["model"] = "%s-%d" % (g.get("model"), k % 5)
            g["seed"] = k // 5
            r["gen"] = g
            out.write(json.dumps(r, separators=(",", ":")) + "\n")
            made += 1
        k += 1


main()
