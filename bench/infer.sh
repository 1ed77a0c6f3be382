#!/bin/sh
# bench/infer.sh: lg-infer against two baselines, xargs -P N curl and a
# Python asyncio client (aiohttp), all sending chat completions to a local
# nginx that answers canned replies, whole (plain) and streamed (SSE).
# For each client, mode and -P N it prints requests per second, CPU seconds
# per 1,000 requests and peak memory, then checks the targets at -P 64
# (10x xargs+curl, 3x Python), -P 256 (under 20 MB) and -P 1024 (at least
# 90% of the rate at -P 64, and of its CPU per request: the machine may be
# shared, so both are shown).  BASE=PATH runs another lg-infer binary (an
# older build, say) as one more client, "lg-base", beside this one in the
# same run, with the same ratios.
#
# Is it the client or the server that slows down with more connections?
# Each row also shows the CPU the nginx worker spent per 1,000 requests of
# that run, and a third reference client, loadgen (bench/loadgen.c: the
# least a keep-alive client can do, a few integers per connection, one
# epoll set), runs the same requests at each -P: its rate and the server's
# CPU under it show what the server and the kernel alone lose from -P 64
# to -P 1024.  wrk (4.x, one thread), the HTTP load generator the
# issue's "wrk stays flat" was measured with, runs too for WRK_S seconds
# (default 3) at each -P: the same question asked of a tool everybody
# knows.
#
# At -P p, lg-infer (and lg-base) and loadgen make max(N, PERCONN * p)
# requests (PERCONN: 100), so that every connection carries at least
# PERCONN of them and the rate is the steady one (wrk's is too): with N
# alone, a run at -P 1024 would open 1,024 connections for 10 requests
# each and time that more than the requests.  Python and xargs+curl make N
# and NCURL whatever -P is.
#
#   sh bench/infer.sh             from the top of the tree
#   N=10000 NCURL=1000 PS="1 16 64 256" sh bench/infer.sh
#   BASE=/tmp/old/bin/lg-infer PS="64 256 1024" sh bench/infer.sh
#
# It installs nginx-light (or nginx), python3-aiohttp and wrk with apt-get when
# they are missing, talks only to 127.0.0.1, and stops its nginx at the end.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
N=${N:-10000}		# requests per lg-infer and Python run
NCURL=${NCURL:-1000}	# requests per xargs+curl run (a process each)
PS=${PS:-"1 16 64 256 1024"}
PERCONN=${PERCONN:-100}	# requests per connection at least, lg-infer and loadgen
BASE=${BASE:-}
PY=/usr/bin/python3
[ -z "$BASE" ] || [ -x "$BASE" ] || { echo "bench: BASE=$BASE: not an executable" >&2; exit 2; }

need_pkgs=
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need_pkgs="nginx-light"
[ -x "$PY" ] && "$PY" -c 'import aiohttp' 2>/dev/null || need_pkgs="$need_pkgs python3-aiohttp"
command -v curl >/dev/null 2>&1 || need_pkgs="$need_pkgs curl"
command -v wrk >/dev/null 2>&1 || need_pkgs="$need_pkgs wrk"
if [ -n "$need_pkgs" ]; then
	echo "bench: installing$need_pkgs" >&2
	sudo=
	[ "$(id -u)" -eq 0 ] || sudo="sudo -n"
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086
	$sudo apt-get install -y -q $need_pkgs >/dev/null 2>&1 || {
		$sudo apt-get update -q >/dev/null 2>&1
		# shellcheck disable=SC2086
		$sudo apt-get install -y -q $need_pkgs >/dev/null 2>&1 ||
		    $sudo apt-get install -y -q nginx python3-aiohttp curl wrk >/dev/null
	}
fi
NGINX=$(command -v nginx 2>/dev/null || echo /usr/sbin/nginx)

make -C "$top" --no-print-directory bin/lg-infer >/dev/null
LGI=$top/bin/lg-infer

tmp=$(mktemp -d)
${CC:-cc} -O2 -std=c11 -D_GNU_SOURCE -o "$tmp/loadgen" "$top/bench/loadgen.c"
LOADGEN=$tmp/loadgen
ngx_pid=
cleanup() {
	if [ -n "$ngx_pid" ]; then
		kill "$ngx_pid" 2>/dev/null || true
		wait "$ngx_pid" 2>/dev/null || true
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# Two free ports on 127.0.0.1.
set -- $("$PY" -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*[x.getsockname()[1] for x in s])')
port_plain=$1
port_sse=$2

# The canned replies, as a server would send them.
whole='{"id":"b","object":"chat.completion","created":0,"model":"bench","choices":[{"index":0,"message":{"role":"assistant","content":"The answer is forty-two."},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":6,"total_tokens":18}}'
c() { printf 'data: {"id":"b","object":"chat.completion.chunk","created":0,"model":"bench","choices":[{"index":0,"delta":{%s},"finish_reason":%s}]}\\n\\n' "$1" "$2"; }
sse="$(c '"role":"assistant","content":""' null)$(c '"content":"The "' null)$(c '"content":"answer "' null)$(c '"content":"is "' null)$(c '"content":"forty-two."' null)$(c '' '"stop"')"
sse="${sse}data: {\"id\":\"b\",\"object\":\"chat.completion.chunk\",\"created\":0,\"model\":\"bench\",\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":6,\"total_tokens\":18}}\\n\\ndata: [DONE]\\n\\n"

# A thousand connections opened at once must all be taken: with nginx's
# default listen backlog (511) and one accept per wake-up, a burst at -P
# 1024 overflows the queue, and a dropped SYN is sent again only a second
# later, which stalls the whole run (ListenOverflows in /proc/net/netstat).
mkdir -p "$tmp/ngx/logs"
cat > "$tmp/ngx/nginx.conf" <<EOF
worker_processes 1;
pid $tmp/ngx/nginx.pid;
error_log $tmp/ngx/logs/error.log crit;
events { worker_connections 4096; multi_accept on; }
http {
	access_log off;
	keepalive_requests 10000000;
	keepalive_timeout 120s;
	client_body_buffer_size 64k;
	client_body_temp_path $tmp/ngx/body;
	proxy_temp_path $tmp/ngx/proxy;
	fastcgi_temp_path $tmp/ngx/fastcgi;
	uwsgi_temp_path $tmp/ngx/uwsgi;
	scgi_temp_path $tmp/ngx/scgi;
	server {
		listen 127.0.0.1:$port_plain backlog=4096;
		location / { default_type application/json; return 200 '$whole'; }
	}
	server {
		listen 127.0.0.1:$port_sse backlog=4096;
		location / { default_type text/event-stream; return 200 '$sse'; }
	}
}
EOF
"$NGINX" -p "$tmp/ngx" -c "$tmp/ngx/nginx.conf" -g 'daemon off;' &
ngx_pid=$!
i=0
until curl -s -o /dev/null -X POST -d '{}' "http://127.0.0.1:$port_plain/v1/chat/completions" &&
    curl -s -o /dev/null -X POST -d '{}' "http://127.0.0.1:$port_sse/v1/chat/completions"; do
	i=$((i + 1))
	[ "$i" -lt 100 ] || { echo "bench: nginx did not start" >&2; exit 3; }
	sleep 0.1
done
# the one worker, whose CPU each run reads
ngx_worker=$(ps -o pid= --ppid "$ngx_pid" | head -n 1 | tr -d ' ')
[ -n "$ngx_worker" ] || { echo "bench: no nginx worker" >&2; exit 3; }

# Inputs: records for lg-infer and Python (in.jsonl: N; all.jsonl: as
# many as the largest -P needs), request bodies for curl.
nall=$N
for p in $PS; do
	[ $((PERCONN * p)) -le "$nall" ] || nall=$((PERCONN * p))
done
"$PY" - "$tmp" "$N" "$NCURL" "$nall" <<'EOF'
import json, sys
tmp, n, ncurl, nall = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
text = "Write one sentence about the number %d. " * 8
with open(tmp + "/in.jsonl", "w") as f, open(tmp + "/all.jsonl", "w") as g:
    for i in range(nall):
        rec = json.dumps({"id": "bench/%06d" % i, "prompt": text % ((i,) * 8)},
                         separators=(",", ":")) + "\n"
        g.write(rec)
        if i < n:
            f.write(rec)
for stream in (0, 1):
    with open(tmp + "/bodies%d.txt" % stream, "w") as f:
        for i in range(ncurl):
            b = {"model": "bench", "messages": [{"role": "user", "content": text % ((i,) * 8)}],
                 "max_tokens": 64}
            if stream:
                b["stream"] = True
                b["stream_options"] = {"include_usage": True}
            f.write(json.dumps(b, separators=(",", ":")) + "\n")
            if i == 0:
                with open(tmp + "/body%d.json" % stream, "w") as g:
                    g.write(json.dumps(b, separators=(",", ":")))
EOF

# The Python asyncio client: the same work as lg-infer, records in and out.
cat > "$tmp/client.py" <<'EOF'
import asyncio, json, sys
import aiohttp

async def one(session, sem, url, rec, stream, out):
    body = {"model": "bench", "messages": [{"role": "user", "content": rec["prompt"]}],
            "max_tokens": 64}
    if stream:
        body["stream"] = True
        body["stream_options"] = {"include_usage": True}
    async with sem:
        async with session.post(url, json=body) as r:
            if stream:
                text, usage, fin = [], None, None
                async for line in r.content:
                    line = line.strip()
                    if not line.startswith(b"data:"):
                        continue
                    data = line[5:].strip()
                    if data == b"[DONE]":
                        break
                    ch = json.loads(data)
                    if ch.get("usage"):
                        usage = ch["usage"]
                    for c in ch.get("choices", []):
                        text.append(c.get("delta", {}).get("content") or "")
                        fin = c.get("finish_reason") or fin
                output = "".join(text)
            else:
                j = await r.json(content_type=None)
                output = j["choices"][0]["message"]["content"]
                usage, fin = j.get("usage"), j["choices"][0]["finish_reason"]
    rec["output"] = output
    rec["gen"] = {"model": "bench", "finish_reason": fin, "usage": usage}
    out.write(json.dumps(rec, separators=(",", ":")) + "\n")

async def main():
    url, par, stream, path = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
    sem = asyncio.Semaphore(par)
    conn = aiohttp.TCPConnector(limit=par)
    async with aiohttp.ClientSession(connector=conn) as s:
        with open(path) as f:
            recs = [json.loads(line) for line in f]
        await asyncio.gather(*(one(s, sem, url, r, stream, sys.stdout) for r in recs))

asyncio.run(main())
EOF

# Run a command; print wall seconds, CPU seconds and peak RSS in KiB of it
# and everything it started, and the CPU seconds the server (process
# argv[2]) spent meanwhile.
cat > "$tmp/measure.py" <<'EOF'
import os, subprocess, sys, time
def server_cpu():
    with open("/proc/%s/stat" % sys.argv[2]) as f:
        v = f.read().rsplit(")", 1)[1].split()
    return (int(v[11]) + int(v[12])) / os.sysconf("SC_CLK_TCK")
s = server_cpu()
t = time.monotonic()
p = subprocess.Popen(["/bin/sh", "-c", sys.argv[1]])
_, status, ru = os.wait4(p.pid, 0)
wall = time.monotonic() - t
s = server_cpu() - s
if os.waitstatus_to_exitcode(status) != 0:
    sys.exit("bench: command failed: " + sys.argv[1])
print("%.4f %.4f %d %.4f" % (wall, ru.ru_utime + ru.ru_stime, ru.ru_maxrss, s))
EOF

results=$tmp/results
: > "$results"
run() {	# client mode P requests command
	m=$("$PY" "$tmp/measure.py" "$5" "$ngx_worker") || exit 3
	echo "$1 $2 $3 $4 $m" >> "$results"
}
# wrk for WRK_S seconds with one thread and P connections, POSTing body
# file $3; its row counts the requests it made, by its own report
run_wrk() {	# mode P bodyfile url
	"$PY" -c 'import json, sys
b = open(sys.argv[1]).read()
print("wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"application/json\"\nwrk.body = " + json.dumps(b))' "$3" > "$tmp/wrk.lua"
	m=$("$PY" "$tmp/measure.py" "wrk -t 1 -c $2 -d ${WRK_S:-3}s -s $tmp/wrk.lua $4 > $tmp/out" "$ngx_worker") || exit 3
	! grep -q 'Non-2xx\|Socket errors' "$tmp/out" || { echo "bench: wrk: $(grep 'Non-2xx\|Socket errors' "$tmp/out")" >&2; exit 1; }
	n=$(awk '/requests in/ { print $1 }' "$tmp/out")
	[ -n "$n" ] && [ "$n" -gt 0 ] || { echo "bench: wrk made no requests" >&2; exit 1; }
	echo "wrk $1 $2 $n $m" >> "$results"
}
check_out() {	# file count
	got=$(grep -c '"output":"The answer is forty-two."' "$1" || true)
	if [ "$got" -ne "$2" ]; then
		echo "bench: $1: $got good records, want $2" >&2
		exit 1
	fi
}

for mode in plain stream; do
	if [ "$mode" = plain ]; then
		port=$port_plain; s=0; nostream=--no-stream
	else
		port=$port_sse; s=1; nostream=
	fi
	url=http://127.0.0.1:$port/v1/chat/completions
	for p in $PS; do
		np=$((PERCONN * p))
		[ "$np" -ge "$N" ] || np=$N
		head -n "$np" "$tmp/all.jsonl" > "$tmp/in.p.jsonl"
		run lg-infer $mode "$p" "$np" "$LGI -q -m bench --base-url http://127.0.0.1:$port --max-tokens 64 $nostream -P $p $tmp/in.p.jsonl > $tmp/out"
		check_out "$tmp/out" "$np"
		if [ -n "$BASE" ]; then
			run lg-base $mode "$p" "$np" "$BASE -q -m bench --base-url http://127.0.0.1:$port --max-tokens 64 $nostream -P $p $tmp/in.p.jsonl > $tmp/out"
			check_out "$tmp/out" "$np"
		fi
		run python $mode "$p" "$N" "$PY $tmp/client.py $url $p $s $tmp/in.jsonl > $tmp/out"
		check_out "$tmp/out" "$N"
		run loadgen $mode "$p" "$np" "$LOADGEN $port $p $np $tmp/body$s.json > $tmp/out"
		[ "$(cut -d' ' -f1 "$tmp/out")" = "$np" ] || { echo "bench: loadgen answered $(cat "$tmp/out")" >&2; exit 1; }
		run_wrk $mode "$p" "$tmp/body$s.json" "$url"
		run xargs+curl $mode "$p" "$NCURL" "xargs -P $p -d '\\n' -I{} curl -s -H 'Content-Type: application/json' --data-binary {} $url < $tmp/bodies$s.txt > $tmp/out"
		if [ "$s" = 1 ]; then
			n=$(grep -o '\[DONE\]' "$tmp/out" | wc -l)
		else
			n=$(grep -o 'forty-two' "$tmp/out" | wc -l)
		fi
		[ "$n" -eq "$NCURL" ] || { echo "bench: curl answered $n of $NCURL" >&2; exit 1; }
	done
done

printf '\nlg-infer bench: nginx (1 worker) on 127.0.0.1, canned chat completions, %s, load %s\n' \
    "$(nproc) cores" "$(cut -d' ' -f1-3 /proc/loadavg)"
"$PY" - "$results" <<'EOF'
import sys
rows = [l.split() for l in open(sys.argv[1])]
print("%-11s %-6s %4s %6s %9s %14s %8s %15s" % ("client", "mode", "-P", "reqs",
      "req/s", "CPU s/1k req", "peak MB", "server s/1k req"))
r = {}
for c, m, p, n, wall, cpu, rss, srv in rows:
    n, wall, cpu, rss, srv = int(n), float(wall), float(cpu), int(rss), float(srv)
    r[c, m, int(p)] = (n / wall, cpu * 1000 / n, rss / 1024, srv * 1000 / n)
    print("%-11s %-6s %4s %6d %9.0f %14.3f %8.1f %15.3f" % (c, m, p, n, n / wall,
          cpu * 1000 / n, rss / 1024, srv * 1000 / n))
print()
ok = True
for m in ("plain", "stream"):
    if ("lg-infer", m, 64) in r:
        lg, cu, py = r["lg-infer", m, 64][0], r["xargs+curl", m, 64][0], r["python", m, 64][0]
        a, b = lg / cu, lg / py
        print("-P 64 %-6s: %5.1fx xargs+curl (want >= 10), %4.1fx python (want >= 3)" % (m, a, b))
        ok &= a >= 10 and b >= 3
    for c in ("lg-infer", "lg-base", "loadgen", "wrk"):
        if (c, m, 1024) in r and (c, m, 64) in r:
            hi, lo = r[c, m, 1024], r[c, m, 64]
            a, b = hi[0] / lo[0], lo[1] / hi[1]
            print("-P 1024 %-6s: %-8s %3.0f%% of the -P 64 rate%s, CPU per request %3.0f%% of -P 64's, server's %3.0f%%" %
                  (m, c, 100 * a, " (want >= 90)" if c == "lg-infer" else "", 100 / b,
                   100 * hi[3] / lo[3] if lo[3] > 0 else 0))
            if c == "lg-infer":
                ok &= a >= 0.9
    if ("lg-infer", m, 256) in r:
        mb = r["lg-infer", m, 256][2]
        print("-P 256 %-6s: lg-infer peak %.1f MB (want < 20)" % (m, mb))
        ok &= mb < 20
print("targets: " + ("met" if ok else "NOT met"))
sys.exit(0 if ok else 1)
EOF
