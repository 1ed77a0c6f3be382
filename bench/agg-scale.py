#!/usr/bin/env python3
"""bench/agg-scale.py: the numpy baseline of bench/agg-scale.sh.

Reads scored records (JSON Lines) and does what lg-agg's default table of
them does: groups by bench, task, length and gen.model; per group the
mean score over its cases (a case: the records of one "case" member, or
one record), and, unless B is 0, the 2.5 and 97.5 percentiles of B
resamples of the cases drawn with replacement; then LongWeave's average
rows, per task over its tiers and over all cells, each the mean of its
cells' means, with the same resamples of the cells.

    agg-scale.py B FILE
"""
import json
import sys
from collections import defaultdict

import numpy as np


def main():
    B = int(sys.argv[1])
    cells = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0]))
    with open(sys.argv[2], "rb") as f:
        for line in f:
            r = json.loads(line)
            key = (r.get("bench"), r.get("task"), r.get("length"),
                   r.get("gen", {}).get("model"))
            sc = r.get("scores", {}).get("score")
            if sc is None:
                continue
            u = cells[key][r.get("case") or ("r", r.get("id"))]
            u[0] += 1
            u[1] += sc
    rng = np.random.default_rng(0)
    out = {}
    for key in sorted(cells, key=str):
        a = np.array(list(cells[key].values()))
        w, s = a[:, 0], a[:, 1]
        mean = s.sum() / w.sum()
        draws = None
        if B:
            ix = rng.integers(0, len(w), size=(B, len(w)))
            draws = s[ix].sum(axis=1) / w[ix].sum(axis=1)
        out[key] = (mean, draws)
    rows = []
    for key, (mean, draws) in out.items():
        lo = hi = float("nan")
        if draws is not None:
            lo, hi = np.percentile(draws, [2.5, 97.5])
        rows.append("%s\t%.1f\t%.1f\t%.1f" % ("\t".join(map(str, key)),
                    100 * mean, 100 * lo, 100 * hi))
    avgs = defaultdict(list)
    for key in out:
        avgs[(key[0], key[1], "avg", key[3])].append(key)
        avgs[(key[0], "overall", "avg", key[3])].append(key)
    for akey, ks in sorted(avgs.items(), key=lambda kv: str(kv[0])):
        mean = np.mean([out[k][0] for k in ks])
        lo = hi = float("nan")
        if B:
            d = np.mean([out[k][1] for k in ks], axis=0)
            lo, hi = np.percentile(d, [2.5, 97.5])
        rows.append("%s\t%.1f\t%.1f\t%.1f" % ("\t".join(map(str, akey)),
                    100 * mean, 100 * lo, 100 * hi))
    sys.stdout.write("\n".join(rows) + "\n")


main()
