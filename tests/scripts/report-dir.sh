#!/bin/sh
# lg-report -o DIR: the cases' details in chunk files of DIR/cases/ (256
# cases or 1 MiB each), read back (the string literal of each, as
# JSON.parse reads it) equal to the details blocks of the one page of the
# same records, and the case index the same; DIR refused when it is a
# file or a folder that is not empty (status 3, left as it was), taken
# when empty; a write that fails (a full disk; here a file size limit of
# 0) gives status 3 and leaves neither DIR nor its hidden folder; one
# page of more than 10000 cases is written with a warning that names -o.
set -eu
. "$TOP/tests/lib.sh"

# 600 cases of three benchmarks, some with verdicts and gold
awk 'BEGIN { for (i = 0; i < 600; i++)
	printf "{\"id\":\"c%d\",\"bench\":\"longweave\",\"task\":\"kvg\",\"length\":\"1k\",\"gen\":{\"model\":\"m%d\"},\"prompt\":\"p%d <\\/script> \\u2028\",\"output\":\"o%d\",\"gold\":{\"key\":\"k%d\",\"value\":\"v\"},\"verdicts\":[{\"at\":%d,\"pass\":%s}],\"scores\":{\"score\":%d}}\n",
	    i, i % 2, i, i, i, i % 7, i % 3 ? "true" : "false", i % 3 ? 1 : 0 }' > "$t/600.jsonl"
lg-report --bootstrap 0 -o "$t/r" "$t/600.jsonl" > "$t/stdout" || fail "lg-report -o: status $?"
[ ! -s "$t/stdout" ] || fail "lg-report -o wrote on stdout"
[ "$(cd "$t/r/cases" && echo *)" = "0000.js 0001.js 0002.js" ] ||
    fail "chunks: $(ls "$t/r/cases")"
lg-report --bootstrap 0 "$t/600.jsonl" > "$t/one.html"
same() {	# DIR PAGE: DIR's chunks read back equal the page's details
	py '
import re
d, page = sys.argv[1], open(sys.argv[2]).read()
one = {int(n): json.loads(t) for n, t in
    re.findall(r"<script type=\"application/json\" id=\"d(\d+)\">(.*?)</script>", page)}
idx = open(d + "/index.html").read()
firsts = json.loads(re.search(r"id=\"chunks\">(.*?)</script>", idx).group(1))
def index(s):
    return json.loads(re.search(r"id=\"index\">(.*?)</script>", s, re.S).group(1))
if index(idx) != index(page):
    sys.exit("the case index differs from the page of the same records")
got = {}
for k, first in enumerate(firsts):
    s = open("%s/cases/%04d.js" % (d, k), "rb").read().decode()
    m = re.fullmatch(r"lgReportChunk\((\d+),(\d+),(\"(?:[^\"\\]|\\.)*\")\);\n", s, re.S)
    if not m or int(m.group(1)) != k or int(m.group(2)) != first:
        sys.exit("chunk %d is not one call lgReportChunk(%d,%d,STRING)" % (k, k, first))
    if re.search("[<>\u2028\u2029\x00-\x1f]", m.group(3)):
        sys.exit("chunk %d holds an unescaped <, >, U+2028, U+2029 or control character" % k)
    for i, v in enumerate(json.loads(json.loads(m.group(3)))):
        got[first + i] = v
if got != one:
    sys.exit("the chunks hold %d cases, the page %d; differing: %s" % (len(got), len(one),
        [n for n in one if got.get(n) != one[n]][:5]))
' "$1" "$2"
}
same "$t/r" "$t/one.html" || fail "chunks of 600 cases"

# large details: a chunk closes past 1 MiB (ten outputs of 600 KB: 2 a
# chunk), in words (a 600 KB word alone costs the tokenizer seconds)
"$py" -c '
import json
for i in range(10):
    print(json.dumps({"id": "big%d" % i, "bench": "longweave", "task": "kvg",
        "length": "1k", "gen": {"model": "m"}, "output": "xxxxx " * 100000 + "\u2028",
        "scores": {"score": 1}}))' > "$t/big.jsonl"
lg-report --bootstrap 0 -o "$t/big" "$t/big.jsonl" || fail "lg-report -o on large cases"
lg-report --bootstrap 0 "$t/big.jsonl" > "$t/big.html"
[ "$(cd "$t/big/cases" && echo *)" = "0000.js 0001.js 0002.js 0003.js 0004.js" ] ||
    fail "chunks of large cases: $(ls "$t/big/cases")"
same "$t/big" "$t/big.html" || fail "chunks of large cases"

# DIR a file, or a folder not empty: refused, left as it was
echo keep > "$t/file"
mkdir "$t/full"
echo keep > "$t/full/x"
for d in file full; do
	st=0
	lg-report -o "$t/$d" "$t/600.jsonl" > /dev/null 2> "$t/err" || st=$?
	[ "$st" -eq 3 ] || fail "-o $d: status $st, want 3"
	grep -q "^lg-report: $t/$d: not " "$t/err" || fail "-o $d: $(cat "$t/err")"
done
[ "$(cat "$t/file")" = keep ] && [ "$(ls "$t/full")" = x ] || fail "a refused DIR was changed"
# an empty folder is taken
mkdir "$t/empty"
lg-report --bootstrap 0 -o "$t/empty" "$t/600.jsonl" || fail "-o on an empty folder: status $?"
[ -s "$t/empty/index.html" ] && [ -s "$t/empty/cases/0002.js" ] || fail "-o on an empty folder: $(ls -R "$t/empty")"

# a write that fails: status 3, no DIR and nothing hidden left beside it
mkdir "$t/w"
# (stderr and the status through a pipe, out of the limit's reach)
msg=$( { (trap '' XFSZ; ulimit -f 0; exec lg-report -o "$t/w/r" "$t/600.jsonl") 2>&1 ||
    echo "status $?"; } | cat)
case $msg in
*"status 3") ;;
*) fail "with no room: $msg, want status 3" ;;
esac
echo "$msg" | grep -q -e "^lg-report: $t/w/\.r\.lg-report\.[A-Za-z0-9]*/cases/0000.js: write failed: File too large" \
    -e '^lg-report: temporary file: write failed' ||
    fail "with no room: $msg"
[ -z "$(ls -A "$t/w")" ] || fail "with no room, left behind: $(ls -A "$t/w")"

# one page of many cases: a warning that names -o, the page written
awk 'BEGIN { for (i = 0; i <= 10000; i++)
	printf "{\"id\":\"c%d\",\"bench\":\"longweave\",\"task\":\"kvg\",\"length\":\"1k\",\"scores\":{\"score\":1}}\n", i }' > "$t/many.jsonl"
lg-report --bootstrap 0 "$t/many.jsonl" > "$t/many.html" 2> "$t/err" || fail "10001 cases: status $?"
grep -q '^lg-report: 10001 cases in one page: it opens slowly; lg-report -o DIR ' "$t/err" ||
    fail "no warning for 10001 cases in one page: $(cat "$t/err")"
grep -q 'id="d10000"' "$t/many.html" || fail "the page of 10001 cases lacks its last case"
lg-report --bootstrap 0 -o "$t/many" "$t/many.jsonl" 2> "$t/err" || fail "-o, 10001 cases: status $?"
[ ! -s "$t/err" ] || fail "-o, 10001 cases: $(cat "$t/err")"
exit 0
