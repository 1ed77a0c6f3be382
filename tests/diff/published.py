#!/usr/bin/env python3
"""Differential test: lg's --compat scorers against the published rules.

    tests/diff/published.py BINDIR [-n CASES] [-s SEED] [-v]

The published scoring rules of LongWeave (kvg, sms, pr and the means of its
pipeline) and LongGenBench (the split of an answer into entries) are
written again below, a few lines each, from the published algorithms.  Cases
come from lg-gen and lg-oracle (BINDIR); each is answered in many kinds,
the odd ones models write included; every answer is scored by lg's
--compat tool and by the rule here, and every disagreement is counted by
task and kind.  lg-agg --compat is checked against the published means.
Prints a table of answers and disagreements per task and kind, then
"N passed, N failed" (answers agreeing, answers disagreeing); exits 1 on
any disagreement.  Needs python3 alone.
"""
import argparse
import json
import math
import os
import random
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

# ---------------------------------------------------------------------------
# The published rules, re-expressed.


def pub_kvg(response, g):
    """LongWeave GEN_KV_DICT: dict of the scores, or None when the item is
    never scored (empty or ERROR: answer, or the scorer raised)."""
    if not response or response.startswith("ERROR:"):
        return None
    zero = {"key_existence": 0.0, "position_score": 0.0, "entry_num_score": 0.0,
            "avg_length_score": 0.0, "total_score": 0.0}
    a, b = response.find("{"), response.rfind("}")
    if a == -1 or b == -1 or a >= b:
        return zero
    text = re.sub(r",\s*}", "}", response[a:b + 1].replace("'", '"'))
    try:
        pairs = json.loads(text, object_pairs_hook=list)
        entries = dict(pairs)
    except (json.JSONDecodeError, KeyError, TypeError):
        return zero
    except Exception:
        return None
    keys = list(entries.keys())
    values = [str(v) for v in entries.values()]
    if g["key"] not in keys or g["value"] not in values:
        return zero
    n, want = len(keys), g["entries"]
    pos = 1 / (1 + (abs(keys.index(g["key"]) - g["index"]) / (want * 0.25)) ** 2)
    cnt = 1 / (1 + (abs(n - want) / max(1, want * 0.25)) ** 2)
    klen = sum(len(k) for k in keys) / n
    vlen = sum(len(str(v)) for v in values) / n
    kl, vl = g.get("key_length", 32), g.get("value_length", 32)
    ks = 1 / (1 + (abs(klen - kl) / max(1, kl * 0.25)) ** 2)
    vs = 1 / (1 + (abs(vlen - vl) / max(1, vl * 0.25)) ** 2)
    length = round((ks + vs) / 2, 4)
    try:
        total = 3 / (1 / pos + 1 / cnt + 1 / length)
    except ZeroDivisionError:
        return None		# raised: the item drops out of the means
    return {"key_existence": 1.0, "position_score": round(pos, 4),
            "entry_num_score": round(cnt, 4), "avg_length_score": length,
            "total_score": total}


def pub_sms(response, outputs):
    """LongWeave STATE_MACHINE: match_ratio, or None when never scored."""
    if not response or response.startswith("ERROR:"):
        return None
    lines = []
    for line in response.strip().split("\n"):
        line = line.strip()
        if (not line or re.match(r"^\s*current\s+state\s*\|", line, re.IGNORECASE)
                or re.match(r"^\s*-+\s*$", line)):
            continue
        lines.append(line)
    valid = 0
    for i, line in enumerate(lines[:len(outputs)]):
        parts = [p.strip() for p in re.split(r"\s*[|:,]\s*", line)]
        if len(parts) < 4 or parts[3] != outputs[i]:
            break
        valid += 1
    return valid / len(outputs)


def tfidf_align(original, returned):
    """sklearn's TfidfVectorizer defaults, cosine, argmax (first on ties)."""
    tok = re.compile(r"(?u)\b\w\w+\b")
    docs = [tok.findall(d.lower()) for d in original + returned]
    df = defaultdict(int)
    for d in docs:
        for t in set(d):
            df[t] += 1
    idf = {t: math.log((1 + len(docs)) / (1 + c)) + 1 for t, c in df.items()}

    def vec(d):
        v = defaultdict(float)
        for t in d:
            v[t] += idf[t]
        norm = math.sqrt(sum(x * x for x in v.values()))
        return {t: x / norm for t, x in v.items()} if norm else {}
    ov = [vec(d) for d in docs[:len(original)]]
    out = []
    for d in docs[len(original):]:
        r = vec(d)
        sims = [sum(x * o.get(t, 0.0) for t, x in r.items()) for o in ov]
        out.append(max(range(len(sims)), key=lambda i: (sims[i], -i)))
    return out


def kendall_tau_b(x, y):
    n = len(x)
    if n < 2:
        return float("nan")
    c = d = tx = ty = 0
    for i in range(n):
        for j in range(i + 1, n):
            a, b = x[i] - x[j], y[i] - y[j]
            if a == 0 and b == 0:
                continue
            if a == 0:
                tx += 1
            elif b == 0:
                ty += 1
            elif (a > 0) == (b > 0):
                c += 1
            else:
                d += 1
    den = math.sqrt((c + d + tx) * (c + d + ty))
    return (c - d) / den if den else float("nan")


def pub_pr(response, original):
    """LongWeave PARAGRAPH_ORDERING: kendalls_tau in [0, 1], or None."""
    if not response or response.startswith("ERROR:"):
        return None
    found = re.findall(r"\[\[Segment\s*(\d+)\]\]\s*\n(.*?)(?=\n\[\[Segment|$)",
                       response, re.DOTALL)
    valid, got = set(range(len(original))), []
    for num, content in found:
        if num.isdigit() and int(num) in valid:
            got.append(content.strip())
            valid.remove(int(num))
    if len(got) != len(original):
        return 0
    tau = (1 + kendall_tau_b(list(range(len(original))),
                             tfidf_align(original, got))) / 2
    return 0 if math.isnan(tau) else tau


def pub_split(output, typ, keep_last=False):
    """LongGenBench eval.py: entry number -> its #*# block (the first block
    of a number wins in the current code, the last in early versions)."""
    blocks = {}
    for block in output.split("#*#"):
        m = re.search(rf"{typ} (\d+)", block)
        if m:
            k = int(m.group(1))
            if keep_last or k not in blocks:
                blocks[k] = block
    return blocks

# ---------------------------------------------------------------------------
# Answers of many kinds.


def kvg_render(pairs, rng, kind, gold=None):
    """A dictionary answer: pairs of (key, JSON text of the value)."""
    pairs = list(pairs)
    i = rng.randrange(len(pairs))
    k = pairs[i][0]
    odd = {
        "leading-zero": "007", "nan": "NaN", "infinity": "Infinity",
        "neg-infinity": "-Infinity", "exp": "1e5", "neg-zero": "-0",
        "neg-zero-float": "-0.0", "int30": "123456789012345678901234567890",
        "list": '[1, "a", [2.5, null]]', "object": '{"x": {"y": true}, "z": 1.0}',
        "surrogate": '"ab\\ud800cd"', "nul": '"ab\\u0000cd"', "float": "3.140",
        "bool": "true", "null": "null", "unicode": '"\u00e9\u4e2d\U0001F600"',
        "escapes": '"a\\tb\\nc\\"d\\\\e\\/f"',
    }
    sep, head, tail = ", ", "{", "}"
    if kind in odd:
        pairs[i] = (k, odd[kind])
    elif kind == "raw-newline":
        pairs[i] = (k, '"ab\ncd"')
    elif kind == "raw-tab":
        pairs[i] = (k, '"ab\tcd"')
    elif kind == "form-feed":
        sep = ",\f "
    elif kind == "single-quotes":
        return "{" + ", ".join(f"'{a}': {b.replace(chr(34), chr(39))}"
                               for a, b in pairs) + "}"
    elif kind == "trailing-comma":
        tail = ",\n}"
    elif kind == "comment":
        head = "{ # the dictionary\n"
    elif kind == "fenced":
        head, tail = "```json\n{", "}\n```\nDone."
    elif kind == "long-values":
        pairs = [(a, json.dumps("v" * 900)) for a, _ in pairs]
    elif kind == "long-keys":
        pairs = [(a * 40, b) for a, b in pairs]
    elif kind == "long-both":	# lengths so far off the published code divides by 0
        pairs = [(a, b) if a == gold else (a * 60, json.dumps("v" * 2000))
                 for a, b in pairs]
    elif kind == "duplicate-key":
        pairs.insert(rng.randrange(len(pairs)), pairs[i])
    elif kind == "no-close":
        tail = ""
    elif kind == "two-dicts":
        tail = "} and {\"A\": \"b\"}"
    return head + sep.join(f'"{a}": {b}' for a, b in pairs) + tail


KVG_KINDS = ["oracle", "dropped", "leading-zero", "nan", "infinity",
             "neg-infinity", "exp", "neg-zero", "neg-zero-float", "int30", "list",
             "object", "surrogate", "nul", "float", "bool", "null", "unicode",
             "escapes", "raw-newline", "raw-tab", "form-feed", "single-quotes",
             "trailing-comma", "comment", "fenced", "long-values", "long-keys", "long-both",
             "duplicate-key", "no-close", "two-dicts", "empty", "error"]


def kvg_answers(rec, rng):
    good = json.loads(rec["output"][rec["output"].find("{"):rec["output"].rfind("}") + 1],
                      object_pairs_hook=list)
    pairs = [(k, json.dumps(v)) for k, v in good]
    for kind in KVG_KINDS:
        if kind == "oracle":
            yield kind, rec["output"]
        elif kind == "dropped":
            p = [x for x in pairs if rng.random() > 0.2]
            yield kind, kvg_render(p or pairs, rng, "")
        elif kind == "empty":
            yield kind, ""
        elif kind == "error":
            yield kind, "ERROR: API call failed - Timeout"
        else:
            yield kind, kvg_render(pairs, rng, kind, rec["gold"]["key"])


SMS_KINDS = ["oracle", "wrong-step", "extra-column", "markdown-table",
             "fullwidth-digit", "arabic-digit", "commas", "colons", "no-header",
             "blank-lines", "crlf", "nbsp", "step-numbers", "truncated", "prose",
             "empty", "error"]


def sms_answers(rec, rng):
    trace = rec["gold"]["trace"]
    rows = [list(r) for r in trace]

    def table(rs, sep=" | ", header=True, lead="", trail="", nl="\n"):
        lines = ["Current State | Input | Next State | Output Signal",
                 "-" * 47] if header else []
        lines += [lead + sep.join(r) + trail for r in rs]
        return nl.join(lines) + nl
    for kind in SMS_KINDS:
        rs = [list(r) for r in rows]
        if kind == "oracle":
            yield kind, rec["output"]
            continue
        if kind == "wrong-step":
            j = rng.randrange(len(rs))
            rs[j][3] = "9"
            yield kind, table(rs)
        elif kind == "extra-column":
            yield kind, table([r + ["ok"] for r in rs])
        elif kind == "markdown-table":
            yield kind, table(rs, lead="| ", trail=" |")
        elif kind == "fullwidth-digit":
            j = rng.randrange(len(rs))
            rs[j][3] = chr(0xff10 + int(rs[j][3]))
            yield kind, table(rs)
        elif kind == "arabic-digit":
            j = rng.randrange(len(rs))
            rs[j][1] = chr(0x660 + int(rs[j][1]))
            yield kind, table(rs)
        elif kind == "commas":
            yield kind, table(rs, sep=", ", header=False)
        elif kind == "colons":
            yield kind, table(rs, sep=": ")
        elif kind == "no-header":
            yield kind, table(rs, header=False)
        elif kind == "blank-lines":
            yield kind, table(rs, nl="\n\n")
        elif kind == "crlf":
            yield kind, table(rs, nl="\r\n")
        elif kind == "nbsp":
            yield kind, table(rs, sep="\u00a0|\u00a0")
        elif kind == "step-numbers":
            yield kind, "\n".join(f"{i + 1}. " + " | ".join(r) for i, r in enumerate(rs))
        elif kind == "truncated":
            yield kind, table(rs[:rng.randrange(1, len(rs))]) + "..."
        elif kind == "prose":
            yield kind, "Here is the process:\n" + table(rs) + "\nDone."
        elif kind == "empty":
            yield kind, ""
        elif kind == "error":
            yield kind, "ERROR: API call failed"


PR_KINDS = ["oracle", "shuffled", "reversed", "renumbered", "missing",
            "duplicate", "bare-list", "fullwidth-label", "same-line",
            "extra-text", "edited", "crlf", "no-space", "out-of-range",
            "empty", "error"]


def pr_answers(rec, rng):
    segs = {s["label"]: s["text"] for s in rec["vars"]["segments"]}
    order = list(rec["gold"]["order"])

    def write(labels, texts=None, fmt="[[Segment {}]]\n{}", sep="\n\n"):
        texts = texts or [segs[x] for x in labels]
        return sep.join(fmt.format(a, t) for a, t in zip(labels, texts))
    for kind in PR_KINDS:
        o = list(order)
        if kind == "oracle":
            yield kind, rec["output"]
        elif kind == "shuffled":
            rng.shuffle(o)
            yield kind, write(o)
        elif kind == "reversed":
            yield kind, write(o[::-1])
        elif kind == "renumbered":
            yield kind, write(list(range(len(o))), [segs[x] for x in o])
        elif kind == "missing":
            del o[rng.randrange(len(o))]
            yield kind, write(o)
        elif kind == "duplicate":
            yield kind, write(o + [o[0]])
        elif kind == "bare-list":
            yield kind, "Answer: [" + ", ".join(map(str, o)) + "]"
        elif kind == "fullwidth-label":
            lab = ["".join(chr(0xff10 + int(c)) for c in str(x)) for x in o]
            yield kind, write(lab, [segs[x] for x in o])
        elif kind == "same-line":
            yield kind, write(o, fmt="[[Segment {}]] {}")
        elif kind == "extra-text":
            yield kind, "Here is the order:\n\n" + write(o) + "\n\nI hope this helps."
        elif kind == "edited":
            t = [segs[x] for x in o]
            j = rng.randrange(len(t))
            t[j] = " ".join(w for w in t[j].split() if rng.random() > 0.5)
            yield kind, write(o, t)
        elif kind == "crlf":
            yield kind, write(o).replace("\n", "\r\n")
        elif kind == "no-space":
            yield kind, write(o, fmt="[[Segment{}]]\n{}", sep="\n")
        elif kind == "out-of-range":
            yield kind, write(o + [len(o) + 3], [segs[x] for x in o] + ["stray text"])
        elif kind == "empty":
            yield kind, ""
        elif kind == "error":
            yield kind, "ERROR: API call failed"


SPLIT_KINDS = ["oracle", "dropped", "fullwidth-digits", "arabic-digits",
               "devanagari-digits", "leading-zeros", "duplicates", "out-of-range",
               "lowercase", "markdown", "no-separators", "no-space", "empty"]


def split_answers(rec, rng):
    out, typ = rec["output"], rec["gold"]["type"]
    pat = re.compile(re.escape(typ) + r" (\d+)")

    def digits(base):
        return pat.sub(lambda m: typ + " " + "".join(chr(base + int(c)) for c in m.group(1)),
                       out)
    for kind in SPLIT_KINDS:
        if kind == "oracle":
            yield kind, out
        elif kind == "dropped":
            parts = out.split("#*#")
            yield kind, "#*#".join(p for p in parts if rng.random() > 0.2)
        elif kind == "fullwidth-digits":
            yield kind, digits(0xff10)
        elif kind == "arabic-digits":
            yield kind, digits(0x660)
        elif kind == "devanagari-digits":
            yield kind, digits(0x966)
        elif kind == "leading-zeros":
            yield kind, pat.sub(lambda m: f"{typ} 00{m.group(1)}", out)
        elif kind == "duplicates":
            parts = out.split("#*#")
            j = rng.randrange(1, len(parts))
            yield kind, "#*#".join(parts[:j + 1] + [parts[j].replace("a", "e")] + parts[j + 1:])
        elif kind == "out-of-range":
            yield kind, out + f"\n#*# {typ} {rec['gold']['number'] + 5}:\nextra\n"
        elif kind == "lowercase":
            yield kind, out.replace(typ, typ.lower())
        elif kind == "markdown":
            yield kind, out.replace("#*# ", "#*# **").replace(":\n", ":**\n")
        elif kind == "no-separators":
            yield kind, out.replace("#*#", "\n")
        elif kind == "no-space":
            yield kind, out.replace(typ + " ", typ)
        elif kind == "empty":
            yield kind, ""

# ---------------------------------------------------------------------------
# Running lg and comparing.


def run(cmd, data=None, cwd=None):
    p = subprocess.run(cmd, input=data, stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, cwd=cwd)
    if p.returncode not in (0, 1):
        sys.exit(f"published.py: {' '.join(cmd)}: status {p.returncode}")
    return p.stdout


def records(data):
    return [json.loads(x) for x in data.decode().splitlines() if x.strip()]


def excluded(rec):
    """Does lg-agg --compat leave the record out of the means?  An error, an
    empty or ERROR: answer (lg-agg(1)), or the scorer's own mark,
    scores.evaluated 0.  The means themselves are checked below."""
    out = rec.get("output")
    ev = rec.get("scores", {}).get("evaluated")
    return ("error" in rec or out == "" or
            (isinstance(out, str) and out.startswith("ERROR:")) or
            (ev is not None and not ev))


def close(a, b, tol=1e-9):
    return abs(a - b) <= tol


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bindir")
    ap.add_argument("-n", type=int, default=6, help="cases per task and tier")
    ap.add_argument("-s", type=int, default=1, help="seed")
    ap.add_argument("-v", action="store_true", help="show every disagreement")
    a = ap.parse_args()
    b = lambda t: os.path.join(a.bindir, t)
    top = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    rng = random.Random(a.s)
    tmp = tempfile.mkdtemp()
    subprocess.run(["sh", os.path.join(top, "tests/mkcorpus.sh"), tmp + "/corpus"], check=True)
    gen = run([b("lg-gen"), "longweave", "-t", "kvg,sms,pr", "-l", "1k,2k",
               "-n", str(a.n), "-s", str(a.s), "--corpus", tmp + "/corpus"])
    lw = records(run([b("lg-oracle")], run([b("lg-prompt")], gen)))
    gen = run([b("lg-gen"), "longgenbench", "-l", "8k", "-n", str(a.n),
               "-s", str(a.s)])
    lgb = records(run([b("lg-oracle")], run([b("lg-prompt")], gen)))

    kinds = {}		# id -> (task, kind)
    lines = {"kvg": [], "sms": [], "pr": [], "split": []}
    makers = {"kvg": kvg_answers, "sms": sms_answers, "pr": pr_answers}
    for rec in lw:
        rec.pop("prompt", None)
        for i, (kind, ans) in enumerate(makers[rec["task"]](rec, rng)):
            r = dict(rec, id=f"{rec['id']}/{kind}/{i}", output=ans)
            kinds[r["id"]] = (rec["task"], kind)
            lines[rec["task"]].append(r)
    for rec in lgb:
        rec.pop("prompt", None)
        for i, (kind, ans) in enumerate(split_answers(rec, rng)):
            r = dict(rec, id=f"{rec['id']}/{kind}/{i}", output=ans)
            kinds[r["id"]] = ("split", kind)
            lines["split"].append(r)

    enc = lambda rs: "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rs).encode()
    tools = {"kvg": ["lg-kvcheck", "--compat"], "sms": ["lg-fsmcheck", "--compat"],
             "pr": ["lg-tau", "--compat"], "split": ["lg-split", "--compat"]}
    tally = defaultdict(lambda: [0, 0])	# (task, kind) -> [answers, disagreements]
    shown = defaultdict(int)
    scored = {}

    def report(task, kind, rid, what):
        tally[(task, kind)][1] += 1
        shown[(task, kind)] += 1
        if a.v or shown[(task, kind)] == 1:
            print(f"  {task}/{kind}: {rid}: {what}")
    print("disagreements (the first of each kind; -v for all):")
    for task, rs in lines.items():
        out = records(run([b(tools[task][0])] + tools[task][1:], enc(rs)))
        if len(out) != len(rs):
            sys.exit(f"published.py: {tools[task][0]}: {len(out)} records for {len(rs)}")
        scored[task] = out
        for rec in out:
            t, kind = kinds[rec["id"]]
            tally[(t, kind)][0] += 1
            ans, sc = rec["output"], rec.get("scores", {})
            if task == "kvg":
                p = pub_kvg(ans, rec["gold"])
                if p is None:
                    if not excluded(rec):
                        report(t, kind, rec["id"], f"published: not scored; lg: {sc.get('score')}")
                    continue
                if excluded(rec):
                    report(t, kind, rec["id"], f"published: {p['total_score']}; lg: not scored")
                    continue
                pairs = [("total_score", "score"), ("key_existence", "exists"),
                         ("position_score", "position"), ("entry_num_score", "count"),
                         ("avg_length_score", "length")]
                bad = [f"{x} {p[x]} / {y} {sc.get(y)}" for x, y in pairs
                       if not isinstance(sc.get(y), (int, float)) or not close(p[x], sc[y])]
                if bad:
                    report(t, kind, rec["id"], "; ".join(bad))
            elif task == "sms":
                p = pub_sms(ans, [r[3] for r in rec["gold"]["trace"]])
                if p is None:
                    if not excluded(rec):
                        report(t, kind, rec["id"], f"published: not scored; lg: {sc.get('score')}")
                elif excluded(rec) or not close(p, sc.get("match_ratio", -1)):
                    report(t, kind, rec["id"], f"published {p}; lg {sc.get('match_ratio')}")
            elif task == "pr":
                segs = {s["label"]: s["text"] for s in rec["vars"]["segments"]}
                p = pub_pr(ans, [segs[x] for x in rec["gold"]["order"]])
                if p is None:
                    if not excluded(rec):
                        report(t, kind, rec["id"], f"published: not scored; lg: {sc.get('score')}")
                elif excluded(rec) or not close(p, sc.get("score", -1)):
                    report(t, kind, rec["id"], f"published {p}; lg {sc.get('score')}")
            else:
                n = rec["gold"]["number"]
                p = {k: v for k, v in pub_split(ans, rec["gold"]["type"]).items()
                     if 1 <= k <= n}
                raw = ans.encode()
                lgp = {q["at"]: raw[q["off"]:q["off"] + q["len"]].decode(errors="replace")
                       for q in rec.get("parts", [])}
                if set(p) != set(lgp):
                    only_p, only_l = sorted(set(p) - set(lgp)), sorted(set(lgp) - set(p))
                    report(t, kind, rec["id"], f"entries only published {only_p[:5]}, only lg {only_l[:5]}")
                elif any(p[k] != lgp[k] for k in p):
                    k = min(k for k in p if p[k] != lgp[k])
                    report(t, kind, rec["id"], f"entry {k}: blocks differ")
                elif sc.get("entries_found") != len(p):
                    report(t, kind, rec["id"], f"entries_found {sc.get('entries_found')}, published {len(p)}")

    # the published means: items with an evaluation, per task and tier
    allrec = scored["kvg"] + scored["sms"] + scored["pr"]
    agg = records(run([b("lg-agg"), "--compat", "-f", "json", "-g", "bench,task,length"],
                      enc(allrec)))
    sums = defaultdict(lambda: [0.0, 0])
    for rec in allrec:
        ans = rec["output"]
        if rec["task"] == "kvg":
            p = pub_kvg(ans, rec["gold"])
            p = None if p is None else p["total_score"]
        elif rec["task"] == "sms":
            p = pub_sms(ans, [r[3] for r in rec["gold"]["trace"]])
        else:
            segs = {s["label"]: s["text"] for s in rec["vars"]["segments"]}
            p = pub_pr(ans, [segs[x] for x in rec["gold"]["order"]])
        if p is not None:
            s = sums[(rec["task"], rec["length"])]
            s[0] += p
            s[1] += 1
    for row in agg:
        if row.get("row") != "cell":
            continue
        key = (row["task"], row["length"])
        total, count = sums.get(key, [0.0, 0])
        want = round(total / count, 4) if count else None
        got = row.get("score")
        tally[("agg", row["task"])][0] += 1
        if count != row.get("cases") or got is None or want is None or \
                abs(got / 100 - want) > 0.00005 + 1e-9:
            report("agg", row["task"], "/".join(key),
                   f"published mean {want} of {count}; lg-agg {got} of {row.get('cases')}")

    print(f"\n{'task':<6} {'kind':<18} {'answers':>7} {'disagree':>8}")
    npass = nfail = 0
    for (task, kind), (n, d) in sorted(tally.items()):
        print(f"{task:<6} {kind:<18} {n:>7} {d:>8}")
        npass += n - d
        nfail += d
    per = defaultdict(lambda: [0, 0])
    for (task, _), (n, d) in tally.items():
        per[task][0] += n
        per[task][1] += d
    print("\n" + ", ".join(f"{t}: {d} of {n}" for t, (n, d) in sorted(per.items())))
    print(f"{npass} passed, {nfail} failed")
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
