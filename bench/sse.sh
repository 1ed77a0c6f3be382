#!/bin/sh
# CPU per MB of SSE: a 10k-token chat stream (one token per chunk, as
# servers send them, a usage chunk and [DONE] at the end) read by lg-infer's
# chunk scanner, by the cJSON reading it falls back to (what every chunk
# went through before the scanner), and by Python's json.loads, the
# baseline of a Python client.
#   bench/sse.sh [ROUNDS]     (default 100)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
rounds=${1:-100}
tmp=${TMPDIR:-/tmp}/lg-sse.$$
mkdir -p "$tmp"
trap 'rm -rf "$tmp"' EXIT INT TERM
make -C "$top" --no-print-directory build/obj/liblg.a >/dev/null
cc -O2 -std=c11 -D_GNU_SOURCE -I"$top/common" $(pkg-config --cflags libcjson) \
    -o "$tmp/sseparse" "$top/bench/sseparse.c" "$top/build/obj/liblg.a" \
    $(pkg-config --libs libcjson libcurl libpcre2-8) -lm -pthread
py=/usr/bin/python3
[ -x "$py" ] || py=python3
"$py" - "$tmp/stream" <<'PY'
import json, sys
words = ["the", " answer", " is", " caf\u00e9", " forty", "-two", ".\n", " \"quoted\"", " \u20ac5"]
with open(sys.argv[1], "w", encoding="utf-8") as f:
    for i in range(10000):
        c = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "created": 1700000000,
             "model": "bench", "system_fingerprint": None,
             "choices": [{"index": 0, "delta": {"content": words[i % len(words)]},
                          "logprobs": None, "finish_reason": None}]}
        f.write("data: " + json.dumps(c, ensure_ascii=False, separators=(",", ":")) + "\n\n")
    c = {"id": "chatcmpl-bench", "object": "chat.completion.chunk", "choices": [],
         "usage": {"prompt_tokens": 12, "completion_tokens": 10000, "total_tokens": 10012}}
    f.write("data: " + json.dumps(c) + "\n\ndata: [DONE]\n\n")
PY
cat > "$tmp/py.py" <<'PY'
import json, sys, time
data = open(sys.argv[1], "rb").read()
rounds = int(sys.argv[2])
t = time.process_time()
for _ in range(rounds):
    text = []
    for line in data.split(b"\n"):
        if not line.startswith(b"data:"):
            continue
        d = line[5:].strip()
        if d == b"[DONE]":
            break
        ch = json.loads(d)
        for c in ch.get("choices", []):
            text.append(c.get("delta", {}).get("content") or "")
    "".join(text)
print("python %.4f %.2f" % (time.process_time() - t, len(data) * rounds / 1048576))
PY
{
	"$tmp/sseparse" "$tmp/stream" "$rounds"
	"$py" "$tmp/py.py" "$tmp/stream" "$rounds"
} > "$tmp/res"
printf 'SSE reading: 10k-token chat stream (%s KB), %s reads, %s cores, load %s\n' \
    "$(($(wc -c < "$tmp/stream") / 1024))" "$rounds" "$(nproc)" \
    "$(cut -d' ' -f1 /proc/loadavg)"
awk '{ s[$1] = $2; mb = $3 } END {
	printf "%-9s %10s %12s %10s\n", "reader", "CPU s", "CPU ms/MB", "MB/s";
	n = split("scanner cjson python", k, " ");
	for (i = 1; i <= n; i++)
		printf "%-9s %10.3f %12.2f %10.1f\n", k[i], s[k[i]], 1000 * s[k[i]] / mb, mb / s[k[i]];
	printf "scanner: %.1fx less CPU per MB than cJSON (want >= 3), %.1fx than python\n",
	    s["cjson"] / s["scanner"], s["python"] / s["scanner"];
}' "$tmp/res"
