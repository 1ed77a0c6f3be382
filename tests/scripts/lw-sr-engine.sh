#!/bin/sh
# LongWeave sr: every answer of lg-gen's analysis engine against a second,
# independent computation in Python over the CSV as it appears in the
# prompt (after lg-prompt): the table, the regional target and previous
# month's sales read back from the prompt text, each question recognised by
# its wording.  Every question type is checked on at least 50 tables (the 8k
# tier asks all of them; 50 tables there, 20 per other tier).  Entities and
# the text of every number must agree exactly.
set -eu
. "$TOP/tests/lib.sh"

{
	lg-gen longweave -t sr -l 8k -n 50
	lg-gen longweave -t sr -l 1k,2k,4k -n 20
} | lg-prompt > "$t/prompted"
[ "$(wc -l < "$t/prompted")" -eq 110 ] || fail "want 110 cases"

"$py" - "$t/prompted" <<'EOF'
import csv, datetime, io, json, re, sys
from collections import defaultdict
from decimal import Decimal

def cents(s):
    return int(Decimal(s) * 100)

def usd(c):
    return "USD %s" % format(c / 100.0, ",.0f")

def pct(v):
    return "%.1f" % abs(v)

def money_text(s):
    return int(s.replace("USD ", "").replace(",", "")) * 100

def parse(prompt):
    m = re.search(r"```csv\n(.*?)```", prompt, re.S)
    rows = list(csv.DictReader(io.StringIO(m.group(1))))
    ctx = re.search(r"target for the month was (USD [\d,]+)\. Sales in the "
                    r"previous month were (USD [\d,]+)\.", prompt)
    qs = re.findall(r"\*\*Question (\d+):\*\* (.*)", prompt)
    out = []
    for r in rows:
        dt = datetime.date.fromisoformat(r["OrderDate"])
        out.append(dict(rep=r["SalespersonName"], target=cents(r["SalespersonTarget"]),
                        city=r["City"], cust=r["CustomerName"],
                        new=r["IsNewCustomer"] == "Yes", prod=r["ProductName"],
                        cat=r["ProductCategory"], qty=int(r["Quantity"]),
                        amt=cents(r["TotalSaleAmount"]), day=dt.day,
                        wd=dt.strftime("%A"), weekend=dt.weekday() >= 5,
                        days=(dt.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
                        - datetime.timedelta(days=1)))
    return out, money_text(ctx.group(1)), money_text(ctx.group(2)), [q for _, q in qs]

def by(rows, key, pred=None):
    g = {}
    for r in rows:
        if pred and not pred(r):
            continue
        k = r[key] if isinstance(key, str) else key(r)
        e = g.setdefault(k, dict(rev=0, n=0, units=0, new=0, target=r["target"]))
        e["rev"] += r["amt"]; e["n"] += 1; e["units"] += r["qty"]; e["new"] += r["new"]
    return g

GROUPS = [None, None]

def groups(rows):
    """by rep, product, category, city, customer, weekday and week: made
    once for all the questions of a table"""
    if GROUPS[0] is not rows:
        GROUPS[:] = [rows, [by(rows, k) for k in ("rep", "prod", "cat", "city", "cust", "wd")]
                     + [by(rows, lambda r: "week %d" % ((r["day"] - 1) // 7 + 1))]]
    return GROUPS[1]

def best(g, f, low=False):
    items = sorted(g.items(), key=lambda kv: kv[0])
    items.sort(key=lambda kv: f(kv[1]), reverse=not low)
    return items

REV = lambda e: e["rev"]
AVG = lambda e: e["rev"] / e["n"]
ACH = lambda e: 100.0 * e["rev"] / e["target"]

def solve(q, rows, target, prev):
    total = sum(r["amt"] for r in rows)
    n = len(rows)
    mid = (rows[0]["days"].day + 1) // 2
    h1 = sum(r["amt"] for r in rows if r["day"] <= mid)
    h2 = total - h1
    rep, prod, cat, city, cust, wd, wk = groups(rows)
    share = lambda p: pct(100.0 * p / total)
    ql = q.lower()
    def top(g, f=REV, low=False): return best(g, f, low)[0]
    def topk(g, k=3, f=REV, low=False): return best(g, f, low)[:k]
    def cross(g1, field, sub):
        k = top(g1)[0]
        s = top(by(rows, sub, lambda r: r[field] == k))
        return [s[0]], [usd(s[1]["rev"])]
    nw = [r for r in rows if r["new"]]
    ncents = sum(r["amt"] for r in nw)
    table = {
        "What was the total sales revenue for the month?": lambda: ([], [usd(total)]),
        "How many transactions were closed in the month?": lambda: ([], [str(n)]),
        "What was the average deal size across all transactions?": lambda: ([], [usd(total / n)]),
        "What percentage of the regional sales target was achieved?": lambda: ([], [pct(100.0 * total / target)]),
        "By how much did total sales exceed or fall short of the regional target?": lambda: ([], [usd(abs(total - target))]),
        "What was the growth rate against the previous month's sales?": lambda: ([], [pct(100.0 * (total - prev) / prev)]),
        "What was the change in revenue against the previous month, in dollars?": lambda: ([], [usd(abs(total - prev))]),
        "How much revenue came in during the first half of the month?": lambda: ([], [usd(h1)]),
        "How much revenue came in during the second half of the month?": lambda: ([], [usd(h2)]),
        "How did sales momentum change between the first and second half of the month?": lambda: ([], [pct(100.0 * (h2 - h1) / h1 if h1 else 0)]),
        "How many units were sold in total?": lambda: ([], [str(sum(r["qty"] for r in rows))]),
        "How many orders came from new customers?": lambda: ([], [str(len(nw))]),
        "What percentage of total revenue came from new customers?": lambda: ([], [share(ncents)]),
        "How much revenue did new customers bring in?": lambda: ([], [usd(ncents)]),
        "How did the average deal size for new customers compare to existing customers?":
            lambda: ([], [usd(ncents / len(nw) if nw else 0), usd((total - ncents) / (n - len(nw)) if n > len(nw) else 0)]),
        "What percentage of total revenue came from weekend sales?": lambda: ([], [share(sum(r["amt"] for r in rows if r["weekend"]))]),
        "What percentage of total revenue came from weekday sales?": lambda: ([], [share(sum(r["amt"] for r in rows if not r["weekend"]))]),
        "How many distinct customers placed orders?": lambda: ([], [str(len(cust))]),
        "How many sales representatives met or exceeded their sales targets?": lambda: ([], [str(sum(e["rev"] >= e["target"] for e in rep.values()))]),
        "How many sales representatives missed their sales targets?": lambda: ([], [str(sum(e["rev"] < e["target"] for e in rep.values()))]),
        "What was the average target achievement percentage of the representatives?": lambda: ([], [pct(sum(ACH(e) for e in rep.values()) / len(rep))]),
    }
    def ent_share(g): k, e = top(g); return [k], [share(e["rev"])]
    def ent_rev(g, low=False): k, e = top(g, low=low); return [k], [usd(e["rev"])]
    def rank2(g):
        b = best(g, REV)
        if len(b) < 2: return [b[0][0]], [usd(0)]
        return [b[1][0]], [usd(b[0][1]["rev"] - b[1][1]["rev"])]
    def top3(g, f=REV, low=False, with_share=True):
        b = topk(g, 3, f, low)
        return [k for k, _ in b], ([share(sum(e["rev"] for _, e in b))] if with_share else [])
    def metric(g, f, fmt, low=False): k, e = top(g, f, low); return [k], [fmt(f(e))]
    table.update({
        "Who was the top sales representative by revenue and what was their share of total revenue?": lambda: ent_share(rep),
        "How much revenue did the top sales representative generate?": lambda: ent_rev(rep),
        "Who was the second-ranked sales representative and how far behind the leader were they?": lambda: rank2(rep),
        "Who were the top 3 sales representatives by revenue and what share of revenue did they generate together?": lambda: top3(rep),
        "Who was the lowest performing sales representative by revenue and how much did they sell?": lambda: ent_rev(rep, True),
        "Who were the bottom 3 sales representatives by revenue?": lambda: top3(rep, low=True, with_share=False),
        "Which sales representative had the highest target achievement percentage?": lambda: metric(rep, ACH, pct),
        "Which sales representative had the lowest target achievement percentage?": lambda: metric(rep, ACH, pct, True),
        "Which sales representative closed the most deals?": lambda: metric(rep, lambda e: e["n"], str),
        "Which sales representative had the highest average deal size?": lambda: metric(rep, AVG, usd),
        "Which sales representative had the lowest average deal size?": lambda: metric(rep, AVG, usd, True),
        "What was the top sales representative's average deal size?": lambda: ([top(rep)[0]], [usd(AVG(top(rep)[1]))]),
        "Which product generated the most revenue and what was its share of total revenue?": lambda: ent_share(prod),
        "Which product ranked second in revenue and how far behind the leader was it?": lambda: rank2(prod),
        "What were the top 3 products by revenue and what share of revenue did they generate together?": lambda: top3(prod),
        "Which product had the lowest revenue and how much did it bring in?": lambda: ent_rev(prod, True),
        "Which product had the highest sales volume in units?": lambda: metric(prod, lambda e: e["units"], str),
        "What were the top 3 products by units sold?": lambda: top3(prod, lambda e: e["units"], with_share=False),
        "What was the average sale value of the top product by revenue?": lambda: ([top(prod)[0]], [usd(AVG(top(prod)[1]))]),
        "Which product category generated the most revenue and what was its share?": lambda: ent_share(cat),
        "How much revenue did the leading product category generate?": lambda: ent_rev(cat),
        "Which product category contributed the least revenue and how much?": lambda: ent_rev(cat, True),
        "What was the average deal size in the leading product category?": lambda: ([top(cat)[0]], [usd(AVG(top(cat)[1]))]),
        "What were the top 3 product categories by revenue and what share did they generate together?": lambda: top3(cat),
        "Which city had the highest sales revenue and what was its share?": lambda: ent_share(city),
        "Which city ranked second in sales revenue and how far behind the top city was it?": lambda: rank2(city),
        "What were the top 3 cities by sales revenue and what share did they generate together?": lambda: top3(city),
        "Which city had the lowest sales revenue and how much?": lambda: ent_rev(city, True),
        "Which city had the highest average deal size?": lambda: metric(city, AVG, usd),
        "Which city had the lowest average deal size?": lambda: metric(city, AVG, usd, True),
        "Which city had the most transactions?": lambda: metric(city, lambda e: e["n"], str),
        "Which day of the week had the highest sales and how much?": lambda: ent_rev(wd),
        "Which day of the week had the lowest sales and how much?": lambda: ent_rev(wd, True),
        "Which week of the month (days 1-7 are week 1, days 8-14 week 2, and so on) had the highest sales?": lambda: ent_rev(wk),
        "Which sales representative won the most new customers?": lambda: metric(rep, lambda e: e["new"], str),
        "In which city were the most new customers won?": lambda: metric(city, lambda e: e["new"], str),
        "Who was the single top customer by purchase value?": lambda: ent_rev(cust),
        "Who were the top 3 customers by purchase value and what share of sales did they account for?": lambda: top3(cust),
        "What was the primary product by revenue for the top sales representative?": lambda: cross(rep, "rep", "prod"),
        "In which city did the top sales representative make most of their sales?": lambda: cross(rep, "rep", "city"),
        "Who was the top sales representative within the leading product category?": lambda: cross(cat, "cat", "rep"),
        "What was the best-selling product by revenue in the top city?": lambda: cross(city, "city", "prod"),
        "Who was the leading sales representative by revenue in the top city?": lambda: cross(city, "city", "rep"),
    })
    if q not in table:
        return None
    return table[q]()

seen = defaultdict(int)
bad = 0
checked = 0
for line in open(sys.argv[1]):
    rec = json.loads(line)
    rows, target, prev, qs = parse(rec["prompt"])
    items = rec["gold"]["items"]
    if len(qs) != len(items):
        print("FAIL: %s: %d questions in the prompt, %d items" % (rec["id"], len(qs), len(items))); bad += 1; continue
    for q, it in zip(qs, items):
        got = solve(q, rows, target, prev)
        if got is None:
            print("FAIL: %s: unknown question: %s" % (rec["id"], q)); bad += 1; continue
        ents, nums = got
        want = (it["entities"], [n["text"] for n in it["numbers"]])
        checked += 1
        seen[it["type"]] += 1
        if (ents, nums) != want:
            bad += 1
            if bad < 20:
                print("FAIL: %s %s: python %s, engine %s" % (rec["id"], it["type"], (ents, nums), want))
# the planted biases: the outcome against target and growth hold exactly
# (target rounded to a thousand); the planted top representative and top
# product lead most 8k tables
bands = {"exceed": (1.099, 1.301), "meet": (0.989, 1.011), "miss": (0.699, 0.901),
         "positive": (1.079, 1.221), "flat": (0.989, 1.011), "negative": (0.819, 0.961)}
lead = defaultdict(int)
for line in open(sys.argv[1]):
    rec = json.loads(line)
    b = rec["gold"]["biases"]
    rows, target, prev, qs = parse(rec["prompt"])
    total = sum(r["amt"] for r in rows)
    for key, base in (("overall_target", target), ("growth", prev)):
        lo, hi = bands[b[key]]
        if not lo <= total / base <= hi:
            print("FAIL: %s: %s %s, but total/base %.3f" % (rec["id"], key, b[key], total / base)); bad += 1
    if rec["length"] == "8k":
        for key, field in (("top_rep", "rep"), ("top_product", "prod")):
            lead[key] += best(by(rows, field), REV)[0][0] == b[key]
for key in ("top_rep", "top_product"):
    if lead[key] < 40:
        print("FAIL: the planted %s leads only %d of 50 8k tables" % (key, lead[key])); bad += 1
few = [t for t, k in seen.items() if k < 50]
if len(seen) < 50 or few:
    print("FAIL: %d question types seen, under 50 tables: %s" % (len(seen), few)); bad += 1
print("%d answers of %d question types checked, %d disagreements" % (checked, len(seen), bad))
sys.exit(1 if bad else 0)
EOF
