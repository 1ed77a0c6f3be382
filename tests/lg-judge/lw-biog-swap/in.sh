# biographies that name the right objects in the wrong relations: each
# fact's sentence with the object of the next fact ("swap"), and another
# person's facts in order with this one's names, objects and dates put in
# ("other"); then the facts' own sentences ("own"), which score 1
lg-gen longweave -t biog -l 1k -n 2 | python3 -c '
import json, sys
a, b = [json.loads(l) for l in sys.stdin]
g = a["gold"]
fa, fb = g["facts"], b["gold"]["facts"]
def put(sentence, f, obj, dates, subj):
    s = sentence.replace(f["subject"], subj).replace(f["object"], obj)
    for x, y in zip(f["dates"], dates):
        s = s.replace(x, y)
    return s
n = len(fa)
swap = [put(f["sentence"], f, fa[(i + 1) % n]["object"], f["dates"], f["subject"])
    for i, f in enumerate(fa)]
other = [put(fb[i]["sentence"], fb[i], fa[i]["object"], fa[i]["dates"], fa[i]["subject"])
    for i in range(n)]
own = [f["sentence"] for f in fa]
for k, o in (("swap", swap), ("other", other), ("own", own)):
    print(json.dumps({"id": "biog/" + k, "bench": "longweave", "task": "biog",
        "gold": g, "output": " ".join(o)}))
'
