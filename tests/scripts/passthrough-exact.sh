#!/bin/sh
# Every filter leaves the fields it does not write byte for byte as they
# came: NUL escapes, 20-digit integers, odd spacing and escapes inside
# values, and whole records of other benchmarks.  A suite of every task
# gets such foreign fields spliced into each record, then goes through
# every stage in turn (lg-prompt, lg-oracle, lg-infer against the test
# server, lg-split, lg-judge --rules, lg-kvcheck, lg-fsmcheck, lg-tau,
# lg-flake8, lg-tokens, and the --compat scorers); after each stage,
# every member of every input record that the stage does not own is in
# its output record, in the same order, with the same bytes.
. "$TOP/tests/lg-infer/fake.sh"
sh "$TOP/tests/mkcorpus.sh" "$t/corpus" > /dev/null
export LC_ALL=C

# the foreign members: spliced after each record's opening brace
cat > "$t/odd" <<'ODD'
"x_nul":"a\u0000b","x_big":12345678901234567890,"x_sp":{ "a" : [ 1.0e5 , -0.0 ,1E2],"b":"\u00e9\/\ud83d\ude00\u0001" },"x_num":0.1000000000000000055511151231257827,"x_esc":"tab\there \"q\" \\"
ODD
{
	lg-gen longgenbench -l 8k -n 1 -s 3
	lg-gen longweave -t kvg,sms,pr,cf -l 1k -n 1 -s 3 --corpus "$t/corpus"
} | py '
odd = open(sys.argv[1]).read().strip()
for l in sys.stdin:
    sys.stdout.write("{" + odd + "," + l[1:])
' "$t/odd" > "$t/gen"
# records of other benchmarks, and of no benchmark at all
cat >> "$t/gen" <<'REC'
{"id":"ada/bestanswer/0001","bench":"adaleval","task":"bestanswer","prompt":"order them","output":"a\u0000b [1, 2]","gold":{"order":[2 ,1]},"n":123456789012345678901234567890,"f":1.10}
{"id":"other/1","bench":"elsewhere","task":"kvg","prompt":"p","output":"x","scores":{"score":0.30000000000000004,"mine":1e400}}
{"id":"plain/1","prompt":"p","v":[{"a":"\u0000"}, {}, []],"w":true}
REC

# check IN OUT OWNED: the members of IN not in OWNED are in OUT, as they were
check() {
	py '
import sys
def members(line):
    d = json.JSONDecoder()
    i = 1; out = []
    while line[i] != "}":
        k, j = d.raw_decode(line, i)
        assert line[j] == ":", line[j:j+20]
        v, e = d.raw_decode(line, j + 1)
        out.append((k, line[i:e]))
        i = e + (line[e] == ",")
    return out
ins = open(sys.argv[1]).read().splitlines()
outs = open(sys.argv[2]).read().splitlines()
owned = set(sys.argv[3].split(","))
assert len(ins) == len(outs), "%d records in, %d out" % (len(ins), len(outs))
for n, (a, b) in enumerate(zip(ins, outs), 1):
    want = [t for k, t in members(a) if k not in owned]
    got = [t for k, t in members(b)]
    kept = [t for t in got if t in want]
    if kept != want:
        lost = [t for t in want if t not in got]
        sys.exit("record %d: %s" % (n, (lost or ["order changed"])[0][:200]))
' "$1" "$2" "$3" || fail "$4"
}

stage() {	# NAME IN OUT OWNED command...
	name=$1 in=$2 out=$3 owned=$4
	shift 4
	rc=0
	"$@" < "$in" > "$out" 2> "$t/err" || rc=$?
	no_crash "$t/err"
	[ "$rc" -le 1 ] || fail "$name: exit status $rc: $(cat "$t/err")"
	check "$in" "$out" "$owned" "$name changed a member it does not own"
}

stage lg-prompt "$t/gen" "$t/p" prompt,system,error lg-prompt
stage lg-oracle "$t/p" "$t/o" output,gen,error lg-oracle
fake_start pt
stage lg-infer "$t/p" "$t/i" output,reasoning,gen,error \
    lg-infer -q --keep-order -m fake --base-url "$url"
fake_stop pt
stage lg-split "$t/o" "$t/s" parts,scores,error lg-split
stage "lg-split --compat" "$t/o" "$t/sc" parts,scores,error lg-split --compat
stage "lg-judge --rules" "$t/s" "$t/j" verdicts,scores,error lg-judge --rules
for tool in lg-kvcheck lg-fsmcheck lg-tau; do
	stage "$tool" "$t/o" "$t/$tool" verdicts,scores,error $tool
	stage "$tool --compat" "$t/o" "$t/$tool.c" verdicts,scores,error $tool --compat
done
stage lg-flake8 "$t/o" "$t/f" verdicts,scores,error lg-flake8
stage lg-tokens "$t/o" "$t/t" tokens,tokenizer,token_ids,error lg-tokens -f prompt,output

# a record a stage does not own at all comes out as the very same line
for f in s sc j lg-kvcheck lg-fsmcheck lg-tau f; do
	tail -3 "$t/o" | cmp -s - "$(printf '%s' "$t/$f")" 2>/dev/null && continue
	tail -3 "$t/o" > "$t/want"
	tail -3 "$t/$f" > "$t/got"
	cmp -s "$t/want" "$t/got" || fail "$f: a foreign record was rewritten: $(diff "$t/want" "$t/got" | head -4)"
done
# the NUL survives in the answer a scorer reads: lg-split counts its bytes
py '
for l in open(sys.argv[1]):
    r = json.loads(l)
    if r.get("bench") == "longgenbench":
        assert r["x_nul"] == "a\0b"
' "$t/s" || fail "x_nul"
exit 0
