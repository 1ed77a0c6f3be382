#!/bin/sh
# Every request of a run goes through the same few libcurl handles, which
# keep their settings from one request to the next and hand each reply to
# the request they carry now: short and long answers in turn on one handle
# (-P 1) and on two, streamed and whole, each come back whole and in its
# own record, the short ones after a long one as before it.
. "$TOP/tests/lg-infer/fake.sh"
fake_start h
: > "$t/in"
for i in 1 2 3 4 5 6; do
	printf '{"id":"s%d","prompt":"short %d"}\n' "$i" "$i" >> "$t/in"
	printf '{"id":"l%d","prompt":"BIG:%d"}\n' "$i" $((150000 + i * 1000)) >> "$t/in"
done
for par in 1 2; do
	for mode in "" --no-stream; do
		rc=0
		lg-infer -q -m fake --base-url "$url" -P "$par" --keep-order $mode \
		    "$t/in" > "$t/out" 2> "$t/err" || rc=$?
		no_crash "$t/err"
		[ "$rc" -eq 0 ] || fail "-P $par $mode: exit status $rc: $(cat "$t/err")"
		py '
rs = [json.loads(l) for l in open(sys.argv[1])]
assert [r["id"] for r in rs] == [k + str(i) for i in range(1, 7) for k in "sl"], rs
for r in rs:
    i = int(r["id"][1:])
    if r["id"][0] == "l":
        assert len(r["output"]) == 150000 + i * 1000, (r["id"], len(r["output"]))
        assert "error" not in r, r["error"]
    else:
        assert r["output"].startswith("echo "), r
' "$t/out" || fail "-P $par $mode: $(head -c 600 "$t/out")"
	done
done
fake_stop h
