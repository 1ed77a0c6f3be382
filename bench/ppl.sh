#!/bin/sh
# bench/ppl.sh: what lg-ppl costs per TSort case as the case grows.  For
# each size (tokens of a candidate: 8k, 32k and 128k by default) it makes
# one case of that many words, has lg-ppl score it against the test server
# (tests/helpers/fakeapi: a token is a word, each reply holds tokens,
# token_logprobs, top_logprobs and text_offset for every prompt token, as
# vLLM answers echo with logprobs), and prints lg-ppl's CPU seconds for the
# case (its 24 requests: user + system), its peak memory (max RSS) and the
# size of one reply.  The time per case should grow linearly with the
# tokens: the last column divides the CPU by the tokens.
#
#   sh bench/ppl.sh                    from the top of the tree
#   SIZES="8000 32000 128000" P=1 sh bench/ppl.sh
#   BASE=/tmp/old/bin/lg-ppl sh bench/ppl.sh    another build, beside this one
#
# It needs /usr/bin/time (GNU time) and python3, talks only to 127.0.0.1
# and stops its server at the end.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
SIZES=${SIZES:-"8000 32000 128000"}
P=${P:-8}
BASE=${BASE:-}
[ -z "$BASE" ] || [ -x "$BASE" ] || { echo "bench: BASE=$BASE: not an executable" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench: needs GNU time as /usr/bin/time" >&2; exit 2; }

make -C "$top" --no-print-directory all >/dev/null
LGP=$top/bin/lg-ppl
FAKE=$top/build/obj/helpers/fakeapi
[ -x "$FAKE" ] || make -C "$top" --no-print-directory "$FAKE" >/dev/null

tmp=$(mktemp -d)
srv=
cleanup() {
	if [ -n "$srv" ]; then
		kill "$srv" 2>/dev/null || true
		wait "$srv" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

"$FAKE" --port-file "$tmp/port" --logprobs flat --idle-exit 600 \
    --lifetime 7200 >/dev/null 2>"$tmp/fake.err" &
srv=$!
i=0
while [ ! -s "$tmp/port" ]; do
	i=$((i + 1))
	[ "$i" -le 400 ] || { echo "bench: the server did not start" >&2; exit 1; }
	sleep 0.05
done
url=http://127.0.0.1:$(cat "$tmp/port")

# one case of n words, in four parts
mkcase() {
	/usr/bin/python3 -c '
import json, sys
n = int(sys.argv[1])
q = n // 4
parts = [{"label": k + 1, "text": " ".join("w%d" % (k * q + i) for i in range(q))}
    for k in range(4)]
print(json.dumps({"id": "bench/%d" % n, "bench": "adaleval", "task": "tsort",
    "vars": {"before": "", "after": "", "parts": parts}}))
' "$1"
}

run() {	# name binary case
	/usr/bin/time -f '%U %S %M' -o "$tmp/time" "$2" -q -P "$P" -m fake \
	    --base-url "$url" "$3" >"$tmp/out" 2>"$tmp/err" ||
	    { echo "bench: $1 failed: $(cat "$tmp/err")" >&2; exit 1; }
	tail -n 1 "$tmp/time"
}

printf '%-8s %8s %10s %10s %12s %14s\n' client tokens "cpu s" "max RSS MB" \
    "reply MB" "cpu us/token"
for n in $SIZES; do
	mkcase "$n" >"$tmp/case"
	# one reply, as the server gives it
	/usr/bin/python3 -c '
import json, sys, urllib.request
v = json.loads(open(sys.argv[1]).readline())["vars"]
text = "\n".join(p["text"] for p in v["parts"])
body = json.dumps({"model": "fake", "prompt": text, "max_tokens": 1,
    "temperature": 0, "echo": True, "logprobs": 1, "stream": False}).encode()
r = urllib.request.urlopen(urllib.request.Request(sys.argv[2] + "/v1/completions",
    body, {"Content-Type": "application/json"}))
print(len(r.read()))
' "$tmp/case" "$url" >"$tmp/rsize"
	for c in lg-ppl ${BASE:+lg-base}; do
		bin=$LGP
		[ "$c" = lg-ppl ] || bin=$BASE
		set -- $(run "$c" "$bin" "$tmp/case")
		awk -v c="$c" -v n="$n" -v u="$1" -v s="$2" -v m="$3" \
		    -v r="$(cat "$tmp/rsize")" 'BEGIN {
			printf "%-8s %8d %10.2f %10.1f %12.1f %14.3f\n", c, n,
			    u + s, m / 1024, r / 1048576, (u + s) * 1e6 / n
		}'
	done
done
