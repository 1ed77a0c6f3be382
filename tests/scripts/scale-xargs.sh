#!/bin/sh
# examples/xargs.sh: 8 shards, 4 at a time, merged, give byte for byte the
# records of one process (lg-oracle; lg-infer with --keep-order against the
# test server, the fields that measure time aside).  A shard killed midway
# (SIGKILL to its whole process group) is finished by running the script
# again: each id once, and only the cases it had not answered are asked.
. "$TOP/tests/lg-infer/fake.sh"
ex=$TOP/examples
lg-gen longgenbench -l 16k -n 4 -s 3 | lg-prompt > "$t/cases"
lg-gen longweave -t kvg,sms -l 1k,2k -n 3 | lg-prompt >> "$t/cases"
ncases=$(wc -l < "$t/cases")
notime() {	# the fields that measure time, set to 0
	sed -E -e 's/"latency_s":[-+.0-9eE]+/"latency_s":0/' \
	    -e 's/"ttft_s":([-+.0-9eE]+|null)/"ttft_s":0/' "$1"
}

# the reference model
printf 'ENGINE=oracle\nARGS="--drop 0.3 -s 5"\n' > "$t/oracle.conf"
lg-oracle --drop 0.3 -s 5 "$t/cases" > "$t/one"
sh "$ex/xargs.sh" "$t/oracle.conf" "$t/cases" "$t/o" 8 4 || fail "xargs.sh oracle"
cmp "$t/one" "$t/o/out.jsonl" || fail "oracle: sharded run differs"
[ "$(ls "$t/o"/out.*-of-8.jsonl | wc -l)" -eq 8 ] || fail "want 8 shard files"
for f in "$t/o"/out.*-of-8.jsonl; do
	[ -s "$f" ] || fail "empty shard $f (too few cases for the test)"
done

# lg-infer and the test server (one server: the endpoint is recorded),
# one process and sharded
fake_start x
lg-infer -q -m fake --base-url "$url" --keep-order "$t/cases" > "$t/one" ||
    fail "single lg-infer"
printf 'ENGINE=infer\nMODEL=fake\nBASE_URL="%s"\n' "$url" > "$t/fake.conf"
sh "$ex/xargs.sh" "$t/fake.conf" "$t/cases" "$t/x" 8 4 || fail "xargs.sh infer"
notime "$t/one" > "$t/one.n"
notime "$t/x/out.jsonl" > "$t/x.n"
cmp "$t/one.n" "$t/x.n" || fail "infer: sharded run differs"
cmp "$t/one" "$t/x/out.jsonl" > /dev/null && fail "no time field was set aside"
[ "$(fake_count x)" -eq $((2 * ncases)) ] || fail "asked $(fake_count x) times"

# a case the server always refuses (400, not retried): the shard is whole
# all the same, with the failure in it and a message
printf '{"id":"refused","prompt":"FAULT:400"}\n' > "$t/bad"
cat "$t/cases" >> "$t/bad"
sh "$ex/xargs.sh" "$t/fake.conf" "$t/bad" "$t/b" 8 4 2> "$t/berr" ||
    fail "xargs.sh with a refused case: $(cat "$t/berr")"
grep -q "some cases failed" "$t/berr" || fail "no message: $(cat "$t/berr")"
[ "$(wc -l < "$t/b/out.jsonl")" -eq $((ncases + 1)) ] || fail "refused: lines"
head -1 "$t/b/out.jsonl" | jq -e '.id == "refused" and .error.status == 400' \
    > /dev/null || fail "refused: $(head -1 "$t/b/out.jsonl")"

fake_stop x

# a shard killed midway, then the whole fan-out again
# each answer takes 0.3 s, so the shard (2 at a time, 6 cases or more) is
# still at work for 0.3 s at least once it has written 3 records, even on
# a loaded machine
fake_start k --delay-ms 300
printf 'ENGINE=infer\nMODEL=fake\nBASE_URL="%s"\nARGS="-P 2"\n' "$url" > "$t/slow.conf"
k=$(for i in 1 2 3 4 5 6 7 8; do
	printf '%s %s\n' "$(lg-shard "$i/8" "$t/cases" | wc -l)" "$i"
done | sort -n | tail -1 | cut -d' ' -f2)
nk=$(lg-shard "$k/8" "$t/cases" | wc -l)
[ "$nk" -ge 6 ] || fail "shard $k has only $nk cases"
mkdir -p "$t/k"
part=$t/k/out.$k-of-8.jsonl.part
setsid sh "$ex/shard.sh" "$t/slow.conf" "$t/cases" "$t/k" 8 "$k" 2> "$t/kerr" &
pid=$!
i=0
while [ "$(cat "$part" 2>/dev/null | wc -l)" -lt 3 ]; do
	i=$((i + 1))
	[ "$i" -le 12000 ] || fail "the shard wrote too little in 2 minutes"
	sleep 0.01
done
kill -9 "-$pid"
wait "$pid" 2>/dev/null || true
no_crash "$t/kerr"
done1=$(wc -l < "$part")
[ "$done1" -lt "$nk" ] || fail "the shard ended before it was killed"
[ ! -e "$t/k/out.$k-of-8.jsonl" ] || fail "a killed shard left a whole output"
asked1=$(fake_count k)
sh "$ex/xargs.sh" "$t/slow.conf" "$t/cases" "$t/k" 8 4 2> "$t/kerr2" ||
    { cat "$t/kerr2"; fail "rerun"; }
no_crash "$t/kerr2"
jq -r .id "$t/k/out.jsonl" | sort | uniq -d > "$t/dup"
[ ! -s "$t/dup" ] || fail "ids twice: $(cat "$t/dup")"
jq -r .id "$t/cases" | sort > "$t/want"
jq -r .id "$t/k/out.jsonl" | sort > "$t/got"
cmp "$t/want" "$t/got" || fail "ids differ after the rerun"
# the rerun asked only what the killed shard had not written
[ "$(fake_count k)" -eq $((asked1 + ncases - done1)) ] ||
    fail "asked $(fake_count k) times in all, $asked1 before the kill, $done1 kept, $ncases cases"
# and the records are those of one process asking the same server
lg-infer -q -m fake --base-url "$url" --keep-order "$t/cases" > "$t/one" ||
    fail "single lg-infer"
notime "$t/one" > "$t/one.n"
notime "$t/k/out.jsonl" > "$t/k.n"
cmp "$t/one.n" "$t/k.n" || fail "killed and rerun: records differ"
fake_stop k
echo ok
