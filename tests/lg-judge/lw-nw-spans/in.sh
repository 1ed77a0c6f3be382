# nw answers made of the corrected spans alone, no article: joined by
# spaces, one to a line, each made a sentence; then the corrected
# statements in an article's paragraph, which score 1
lg-gen longweave -t nw -l 1k -n 1 | python3 -c '
import json, sys
r = json.loads(sys.stdin.readline())
g = r["gold"]
fix = [s["fix"] for s in g["statements"]]
outs = {
    "joined": " ".join(fix),
    "lines": "\n".join(fix),
    "sentences": " ".join(f[0].upper() + f[1:].rstrip(".") + "." for f in fix),
    "article": "The council met on Tuesday. " + " ".join(s["correct"] for s in g["statements"]) +
        " The meeting ended late.",
}
for k, o in outs.items():
    print(json.dumps({"id": "nw/" + k, "bench": "longweave", "task": "nw",
        "gold": g, "output": o}))
'
