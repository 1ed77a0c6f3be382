# sr reports that list the right value among decoys for every question:
# in one sentence ("Transactions: one of 75, 100, 40, 25, 50, 45, 62,
# 55."), in one sentence per candidate, and so with the entities alone
# where there are some ("Pavel Novak: 4.0%."); then the same report
# stating each right value alone, which scores 1
lg-gen longweave -t sr -l 1k -n 1 | python3 -c '
import json, sys
r = json.loads(sys.stdin.readline())
g = r["gold"]
def show(kind, v):
    if kind == "usd":
        return "USD {:,}".format(int(round(v)))
    if kind == "pct":
        return "%.1f%%" % v
    return "%d" % int(round(v))
def cands(n):
    f = [1.5, 2, 0.8, 0.5, 1, 0.9, 1.25, 1.1]
    return [show(n["kind"], n["value"] * x) for x in f]
def head(it):
    return ", ".join(it["entities"] + [it["cue"]]).capitalize()
def name(it):
    return ", ".join(it["entities"] or [it["cue"]]).capitalize()
out = {"list": [], "each": [], "names": [], "alone": []}
for it in g["items"]:
    if not it["numbers"]:
        continue
    n = it["numbers"][0]
    c = cands(n)
    out["list"].append("%s: one of %s." % (head(it), ", ".join(c)))
    out["each"].extend("%s: %s." % (head(it), x) for x in c)
    out["names"].extend("%s: %s." % (name(it), x) for x in c)
    out["alone"].append("%s: %s." % (head(it), show(n["kind"], n["value"])))
for k in ("list", "each", "names", "alone"):
    print(json.dumps({"id": "sr/" + k, "bench": "longweave", "task": "sr",
        "gold": {"words": g["words"], "items": [i for i in g["items"] if i["numbers"]]},
        "output": "\n".join(out[k])}))
'
