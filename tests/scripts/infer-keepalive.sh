#!/bin/sh
# Connections the server closes while they idle in the pool (as servers end
# idle keep-alive connections) cost no answer: lg-infer leaves an idle
# connection's socket in its epoll set, so it must drop the socket when the
# server hangs up, and watch the new socket libcurl opens next, which often
# gets the same descriptor number.  With no retries, a socket left
# unwatched would show as an error record once the idle timeout passed.
. "$TOP/tests/lg-infer/fake.sh"
fake_start k --keepalive-ms 100
# pauses longer than the keep-alive: every request finds its connection
# closed by the server
for i in 1 2 3 4; do
	printf '{"id":"k/%d","prompt":"question %d"}\n' "$i" "$i"
	sleep 0.3
done | lg-infer -q -m fake --base-url "$url" -P 2 --retries 0 \
    --idle-timeout 30 > "$t/out1" 2> "$t/err1" || true
[ "$(grep -c '"output":"echo' "$t/out1")" -eq 4 ] ||
    fail "pauses: not every record answered: $(cat "$t/out1" "$t/err1")"
fake_stop k
# bursts of transfers over several multi handles, the server closing every
# connection between them: descriptors come back for new sockets, of other
# multi handles too.  (The idle timeouts are long: a socket left unwatched
# would show, a loaded machine should not.)
fake_start m --keepalive-ms 400
for b in 1 2 3; do
	awk -v b="$b" 'BEGIN { for (i = 1; i <= 300; i++)
		printf "{\"id\":\"m/%d/%d\",\"prompt\":\"question %d %d\"}\n", b, i, b, i }'
	sleep 1.2
done | lg-infer -q -m fake --base-url "$url" -P 200 --retries 0 \
    --idle-timeout 30 > "$t/out2" 2> "$t/err2" || true
[ "$(grep -c '"output":"echo' "$t/out2")" -eq 900 ] ||
    fail "bursts: not every record answered: $(grep -v '"output":"echo' "$t/out2" | head -3) $(head -c 1000 "$t/err2")"
fake_stop m
# a server that hangs up after every answer: libcurl closes each connection
# itself (often before the hang-up is seen) and opens another, most often
# on the descriptor number just freed
fake_start n --no-keepalive
awk 'BEGIN { for (i = 1; i <= 600; i++)
	printf "{\"id\":\"n/%d\",\"prompt\":\"question %d\"}\n", i, i }' > "$t/in3"
lg-infer -q -m fake --base-url "$url" -P 100 --retries 0 --idle-timeout 30 \
    "$t/in3" > "$t/out3" 2> "$t/err3" || true
[ "$(grep -c '"output":"echo' "$t/out3")" -eq 600 ] ||
    fail "hang-ups: not every record answered: $(grep -v '"output":"echo' "$t/out3" | head -3) $(head -c 1000 "$t/err3")"
no_crash "$t/err1" "$t/err2" "$t/err3"
fake_stop n
