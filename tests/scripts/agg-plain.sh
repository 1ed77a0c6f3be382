#!/bin/sh
# lg-agg's plain records (cmd/lg-agg/fast.c: id, case, sample, bench,
# task, length, gen and scores {"score": N} alone) are folded without a
# tree; each table must be what the whole reading gives.  The same
# records with one member more ("x", which no table reads) are all read
# whole: both runs must print the same bytes, say the same and exit
# alike, over cases with samples and without, repeated ids, several
# models and benches, cut outputs, a record not in ASCII after a bad
# one, a group of two settings (refused) and one of two definitions
# (refused, with counts).  So are the same records with the members of
# a pipeline's records (output, prompt, vars, checks, gold, parts...),
# some of which lg-agg leaves out before it parses them, and with
# verdicts (folded without a tree: no table read there reads them).
set -eu
. "$TOP/tests/lib.sh"
awk 'BEGIN {
	srand(7)
	split("lwA lwB", task, " ")
	for (i = 0; i < 600; i++) {
		t = task[1 + i % 2]; l = (i % 3) ? "1k" : "2k"; m = i % 3
		s = int(rand() * 1000) / 1000
		# a sample'"'"'s seed is its own: not a setting
		gen = sprintf("{\"model\":\"m%d\",\"lg\":\"0.1.0\",\"params\":{\"t\":1%s}%s}",
		    m, i % 5 == 0 ? ",\"seed\":" i % 2 : "",
		    i % 7 == 0 ? ",\"finish_reason\":\"length\"" : "")
		if (i % 5 == 0)	# a case with two samples
			printf "{\"id\":\"c%d/s%d\",\"case\":\"c%d\",\"sample\":%d,\"bench\":\"longweave\",\"task\":\"%s\",\"length\":\"%s\",\"gen\":%s,\"scores\":{\"score\":%s}}\n",
			    int(i / 10), i % 2, int(i / 10), i % 2, t, l, gen, s
		else if (i % 5 == 1)	# an id, repeated now and then
			printf "{\"id\":\"r%d\",\"bench\":\"longweave\",\"task\":\"%s\",\"length\":\"%s\",\"gen\":%s,\"scores\":{\"score\":%s}}\n",
			    i % 50 == 1 ? 0 : i, t, l, gen, s
		else if (i % 5 == 2)	# no model, members in another order
			printf "{\"bench\":\"longweave\",\"id\":\"n%d\",\"task\":\"%s\",\"length\":\"%s\",\"gen\":{\"lg\":\"0.1.0\",\"params\":{\"t\":1}},\"scores\":{\"score\":%s}}\n",
			    i, t, l, s
		else if (i % 5 == 3)	# another bench, LongGenBench now and then
			printf "{\"id\":\"o%d\",\"bench\":\"%s\",\"task\":\"%s\",\"length\":\"%s\",\"gen\":%s,\"scores\":{\"score\":%s}}\n",
			    i, i % 50 == 3 ? "longgenbench" : "other", t, l, gen, s
		else if (i % 50 == 4)	# not ASCII, after a LongGenBench one
			printf "{\"id\":\"\303\251%d\",\"bench\":\"longweave\",\"task\":\"%s\",\"length\":\"%s\",\"gen\":%s,\"scores\":{\"score\":%s}}\n",
			    i, t, l, gen, s
		else	# an escaped id, a score as 1e-1
			printf "{\"id\":\"e\\\"%d\",\"bench\":\"longweave\",\"task\":\"%s\",\"length\":\"%s\",\"gen\":%s,\"scores\":{\"score\":1e-1}}\n",
			    i, t, l, gen
	}
}' > "$t/plain.jsonl"
# the same, each with a member no table reads: all read whole
sed 's/^{/{"x":0,/' "$t/plain.jsonl" > "$t/whole.jsonl"

# same ARGS...: the two runs alike
same() {
	rc=0
	"$BIN/lg-agg" "$@" "$t/plain.jsonl" > "$t/p.out" 2> "$t/p.err" || rc=$?
	wrc=0
	"$BIN/lg-agg" "$@" "$t/whole.jsonl" > "$t/w.out" 2> "$t/w.err" || wrc=$?
	sed "s/whole\.jsonl/plain.jsonl/" "$t/w.err" > "$t/w.err2"
	[ "$rc" = "$wrc" ] || fail "lg-agg $*: exit $rc, read whole $wrc"
	cmp -s "$t/p.out" "$t/w.out" || { diff "$t/w.out" "$t/p.out" | head;
	    fail "lg-agg $*: the tables differ"; }
	cmp -s "$t/p.err" "$t/w.err2" || { diff "$t/w.err2" "$t/p.err" | head;
	    fail "lg-agg $*: the messages differ"; }
}
same
grep -q 'repeat an id' "$t/p.err" ||
    fail "no repeated ids in the plain records: the test lost its point"
same --bootstrap 0 -f json
same -g task,gen.model --bootstrap 200
same --layout paper --bootstrap 0
same -g task --sample-size
same -g task --bootstrap 0

# the same records with the members of a pipeline's records, first and
# last, some of which lg-agg leaves out before it parses them (prompt,
# vars, template, published_id, reasoning): alike again
sed 's/^{/{"prompt":"Write \\"it\\"\\n","vars":{"type":"Week","n":[1,2]},"output":"An answer","template":"lw\/x","checks":[{"kind":"single","at":1}],/
    s/}$/,"gold":{"number":2},"parts":["a","b"],"published_id":"7","reasoning":"r"}/' \
    "$t/plain.jsonl" > "$t/whole.jsonl"
grep -q '"reasoning":"r"}$' "$t/whole.jsonl" || fail "members not added"
same
same --bootstrap 0 -f json
same -g task,gen.model --bootstrap 200
same --layout paper --bootstrap 0
# a field that names one of them: still read
"$BIN/lg-agg" -g vars.type --bootstrap 0 "$t/whole.jsonl" > "$t/v.out" \
    2> /dev/null || :
grep -q Week "$t/v.out" || fail "-g vars.type: no group Week: $(head -n 5 "$t/v.out")"

# verdicts on plain records, which no table read here reads (an array,
# an empty one, a published judge's, not an array): folded without a
# tree too, and alike again
cp "$t/plain.jsonl" "$t/orig"
awk '{ if (NR % 4 == 0) sub(/}$/, ",\"verdicts\":[{\"kind\":\"fact\",\"at\":0,\"pass\":true}]}")
	else if (NR % 4 == 1) sub(/}$/, ",\"verdicts\":[]}")
	else if (NR % 4 == 2) sub(/^{/, "{\"verdicts\":[{\"compat\":\"longweave-published\",\"pass\":false}],")
	else sub(/}$/, ",\"verdicts\":\"x\"}")
	print }' "$t/orig" > "$t/plain.jsonl"
grep -q '"verdicts":\[\]}$' "$t/plain.jsonl" || fail "verdicts not added"
sed 's/^{/{"x":0,/' "$t/plain.jsonl" > "$t/whole.jsonl"
same
same --bootstrap 0 -f json
same -g task,gen.model --bootstrap 200
same --layout paper --bootstrap 0
same --by-position --bootstrap 0
cp "$t/orig" "$t/plain.jsonl"

# a group of two settings, and one of two definitions: refused alike
{ cat "$t/plain.jsonl"
  printf '{"id":"z1","bench":"longweave","task":"lwA","length":"2k","gen":{"model":"m0","lg":"0.2.0","params":{"seed":0}},"scores":{"score":0.5}}\n'
} > "$t/p2"
sed 's/^{/{"x":0,/' "$t/p2" > "$t/w2"
cp "$t/p2" "$t/plain.jsonl"
cp "$t/w2" "$t/whole.jsonl"
same --bootstrap 0
grep -q 'different settings' "$t/p.err" || fail "two settings not refused"
{ grep -v '"lg":"0.2.0"' "$t/p2"
  printf '{"id":"z2","bench":"longweave","task":"lwA","length":"2k","gen":{"model":"m0","lg":"0.1.0","params":{"seed":0}},"scores":{"score":0.5,"definition":"paper"}}\n'
} > "$t/plain.jsonl"
sed 's/^{/{"x":0,/' "$t/plain.jsonl" > "$t/whole.jsonl"
same --bootstrap 0
grep -q 'different definitions, [1-9][0-9]* by the code' "$t/p.err" ||
    fail "two definitions not refused with their counts"
