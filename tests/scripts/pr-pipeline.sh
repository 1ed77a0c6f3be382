#!/bin/sh
# LongWeave pr end to end: every tier, 20 cases each, from the synthetic
# corpus through lg-prompt and the reference answers of lg-oracle; lg-tau
# must give the maximum in every case, by label, by content and under
# --compat.  The cases themselves are checked against the corpus.
set -eu
. "$TOP/tests/lib.sh"
d=$t

sh "$TOP/tests/mkcorpus.sh" "$d/corpus"
lg-gen longweave -t pr -l 1k,2k,4k,8k -n 20 --corpus "$d/corpus" > "$d/cases"
[ "$(wc -l < "$d/cases")" -eq 80 ] || fail "want 80 cases, got $(wc -l < "$d/cases")"
lg-gen longweave -t pr -l 1k,2k,4k,8k -n 20 --corpus "$d/corpus" | cmp -s - "$d/cases" ||
    fail "lg-gen is not deterministic"
lg-gen longweave -s 7 -t pr -l 1k -n 20 --corpus "$d/corpus" > "$d/cases7"
grep '"length":"1k"' "$d/cases" | cmp -s - "$d/cases7" && fail "-s 7 changed nothing"

lg-prompt "$d/cases" > "$d/prompted"
lg-oracle "$d/prompted" > "$d/answered"
for mode in "" "--align content" "--compat" "--align label --compat"; do
	# shellcheck disable=SC2086
	lg-tau $mode "$d/answered" > "$d/scored"
	n=$(grep -c '"scores":{"score":1,"tau":1,"n":[0-9]*,"returned":[0-9]*,"missing":0,"duplicate":0,"unknown":0,"exact":1}}$' "$d/scored" || :)
	[ "$n" -eq 80 ] || fail "lg-tau $mode: $n of 80 cases at the maximum"
done
bin_pipe=$(lg-gen longweave -t pr -l 1k,2k,4k,8k -n 20 --corpus "$d/corpus" |
    lg-prompt | lg-oracle | lg-tau | grep -c '"score":1,"tau":1,' || :)
[ "$bin_pipe" -eq 80 ] || fail "the pipeline gave $bin_pipe of 80 at the maximum"

# the cases: consecutive paragraphs of the named document, folded; the
# tier's number of segments and word budget; labels 0..n-1 as shown; the
# prompt exactly the published one
python3 - "$d/corpus" "$d/prompted" <<'EOF'
import json, re, sys
corpus, path = sys.argv[1], sys.argv[2]
tiers = {"1k": (5, 120), "2k": (8, 150), "4k": (12, 200), "8k": (16, 300)}
docs = {}
bad = 0
for line in open(path):
    r = json.loads(line)
    n, size = tiers[r["length"]]
    g, v = r["gold"], r["vars"]
    if g["doc"] not in docs:
        text = open(corpus + "/" + g["doc"]).read()
        docs[g["doc"]] = [" ".join(p.split()) for p in re.split(r"\n\s*\n", text) if p.strip()]
    paras = docs[g["doc"]]
    segs = v["segments"]
    ok = (len(segs) == n and v["n"] == n and v["last"] == n - 1
          and [s["label"] for s in segs] == list(range(n))
          and sorted(g["order"]) == list(range(n))
          and r["checks"] == [{"kind": "order", "n": n}])
    if ok:
        true = [segs[l]["text"] for l in g["order"]]
        flat = [p for s in true for p in s.split("\n")]
        p = g["paragraph"]
        words = sum(len(s.split()) for s in true)
        ok = (flat == paras[p:p + len(flat)] and words == g["words"]
              and words <= n * size
              and all(len(s.split()) <= size or "\n" not in s for s in true))
        # each segment is as long as it can be: the next paragraph would not fit
        nxt = p
        for s in true:
            k = len(s.split("\n"))
            nxt += k
            if nxt < len(paras) and s is not true[-1] and \
                    len(s.split()) + len(paras[nxt].split()) <= size:
                ok = False
    want = ("Please rearrange the following paragraphs into a logically coherent article:\n\n"
            + "\n\n".join("[[Segment %d]]\n%s" % (i, s["text"]) for i, s in enumerate(segs))
            + "\n\nRequirements:\n"
            "1. Keep the original content of paragraphs unchanged, only adjust their order\n"
            "2. Use [[Segment X]] to identify original paragraph numbers, starting from 0 up to %d.\n"
            "3. Output the complete content in final order (include paragraph identifiers)\n"
            "4. The final output must contain exactly %d segments\n"
            "Example:\n[[Segment 0]]\nParagraph content\n[[Segment 1]]\nAnother paragraph content\n..."
            % (n - 1, n))
    if not ok or r.get("prompt") != want:
        print("bad case", r["id"], "prompt" if ok else "segments")
        bad += 1
sys.exit(1 if bad else 0)
EOF
