#!/bin/sh
# lg-agree reads records of a plain shape without a tree
# (cmd/lg-agree/fast.c); what it makes of them must be what the whole
# reading makes.  The same judgings with one member more, a string not in
# ASCII, are all read whole: both runs must print the same bytes, say the
# same and exit alike, over records with every odd member: keys, types,
# items and places of every form (1.0, 1e0, -1, 2.5, past 1e9), undecided
# and unjudged verdicts, a labelled sample's indexes, escapes in ids,
# names, keys and the members' own keys, members twice, gen and its model
# of other types, errors, verdicts null, empty, not an array or not
# objects, white space between tokens, nested values, repeated ids and
# records on one side only.  Then kappa's resamples over records of many
# items, whose tables the draws add in packed words flushed often, give
# the intervals they gave when counted one by one (agree-fast.ref).
set -eu
. "$TOP/tests/lib.sh"
# odd A B: one record on each side, as written
cat > "$t/odd.a" <<'X'
{"id":"k1","bench":"b","task":"t","verdicts":[{"key":"x y","pass":true},{"kind":"k","item":3,"pass":false},{"type":"ty","at":1.0,"pass":true},{"at":1e0,"pass":false},{"kind":"k","at":-1,"pass":true},{"kind":"k","at":2.5,"pass":true},{"kind":"k","at":1000000000,"pass":false},{"kind":"k","at":999999999,"pass":true},{"kind":7,"type":"t2","at":"3","item":4,"pass":true},{"key":5,"kind":"k","pass":false},{"pass":true}]}
{"id":"k2","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":true,"undecided":true,"judged":false},{"kind":"k","at":1,"pass":false,"judged":false},{"kind":"k","at":2,"pass":true,"undecided":false,"judged":true,"by":"rules"}]}
{"id":"k3","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":true,"index":4},{"kind":"k","at":1,"pass":false,"index":1}]}
{"id":"k3b","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":true,"index":4},{"kind":"k","at":1,"pass":false}]}
{"id":"e\"sc","bench":"b\\x","task":"t\u0041","gen":{"model":"m\"1"},"verdicts":[{"kind":"k\"q","at":0,"pass":true}]}
{"id":"k4","bench":"b","task":"t","verdicts":[{"k\u0069nd":"k","at":0,"pass":true},{"kind":"k","at":1,"\u0070ass":false}]}
{"\u0069d":"k5","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":"k6","bench":"b","bench":"c","task":"t","verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":"k7","bench":"b","task":"t","verdicts":[{"kind":"k","kind":"j","at":0,"pass":true}]}
{"id":"k8","bench":"b","task":"t","gen":{"params":{"model":"no","x":[1,{"y":"}"}]},"model":"m2","lg":"0"},"verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":"k8","bench":"b","task":"t","gen":{"model":"m2","model":"m3"},"verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":"k8","bench":"b","task":"t","gen":{"model":3},"verdicts":[{"kind":"k","at":0,"pass":false}]}
{"id":"k8","bench":"b","task":"t","gen":"m2","verdicts":[{"kind":"k","at":0,"pass":false}]}
{"id":"k8","bench":"b","task":"t","gen":{"model":"m\u0000x"},"verdicts":[{"kind":"k","at":0,"pass":false}]}
{"id":"k9","bench":"b","task":"t","error":{"stage":"x"},"verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":"k10","bench":"b","task":"t","error":null,"verdicts":null}
{"id":"k11","bench":"b","task":"t","verdicts":[]}
{"id":"k12","bench":"b","task":"t","verdicts":{"kind":"k"}}
{"id":"k13","bench":"b","task":"t","verdicts":[1,2]}
{"id":"k14","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":"yes"}]}
{"id":"k14b","bench":"b","task":"t","verdicts":[{"kind":"k","at":0}]}
{"id":"","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":true}]}
{"bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":7,"bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":"k15","task":"t","verdicts":[{"kind":"k","at":0,"pass":true}]}
{"id":"k16","bench":3,"task":["t"],"verdicts":[{"kind":"k","at":0,"pass":true}]}
{ "id" : "k17" , "bench" : "b" , "task" : "t" , "gen" : { "model" : "m1" } , "verdicts" : [ { "kind" : "k" , "at" : 0 , "pass" : true } , { "kind" : "k" , "at" : 1 , "pass" : false , "span" : { "a" : [ 1 , "]\"" ] } } ] }
{"id":"k18","bench":"b","task":"t","note":"a \"q\" b\\","verdicts":[{"kind":"k","at":0,"pass":true,"got":"x\\\"y","want":[["}"]]}]}
{"id":"k18","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":false}]}
{"id":"k19","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":false},{"kind":"k","at":1,"pass":false}]}
{"id":"k20","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":false}]}
{"id":"only-a","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":false}]}
X
sed -e 's/"pass":true}\]/"pass":false}]/' -e 's/only-a/only-b/' \
    -e 's/"id":"k19","bench":"b","task":"t","verdicts":\[{"kind":"k","at":0,"pass":false},/"id":"k19","bench":"b","task":"t","verdicts":[{"kind":"z","at":0,"pass":false},/' \
    -e 's/"id":"k20","bench":"b","task":"t","verdicts":\[{"kind":"k","at":0,"pass":false}\]/"id":"k20","bench":"b","task":"t","verdicts":[{"kind":"k","at":0,"pass":false},{"kind":"k","at":1,"pass":true}]/' \
    "$t/odd.a" > "$t/odd.b"
cmp -s "$t/odd.a" "$t/odd.b" && fail "the second judging is the first"
# and many plain records, two models, the second judge flipping some
awk 'BEGIN {
	srand(3)
	for (i = 0; i < 3000; i++) {
		t = i % 3 ? "biog" : "sr"
		printf "{\"id\":\"%s-%d\",\"case\":\"c%d\",\"bench\":\"longweave\",\"task\":\"%s\",\"gen\":{\"model\":\"m%d\",\"params\":{\"seed\":1}},\"scores\":{\"score\":0.5},\"verdicts\":[", t, int(i / 2), i, t, i % 2
		for (v = 0; v < 1 + i % 6; v++)
			printf "%s{\"kind\":\"fact\",\"at\":%d,\"pass\":%s,\"judged\":true,\"by\":\"rules\"}",
			    v ? "," : "", v, rand() < 0.6 ? "true" : "false"
		printf "]}\n"
	}
}' > "$t/many.a"
# the second judging of the many: every third verdict flipped
awk '{ n = 0; s = ""; r = $0
	while (match(r, /"pass":(true|false)/)) {
		v = substr(r, RSTART + 7, RLENGTH - 7)
		if (n++ % 3 == 1)
			v = v == "true" ? "false" : "true"
		s = s substr(r, 1, RSTART - 1) "\"pass\":" v
		r = substr(r, RSTART + RLENGTH)
	}
	print s r }' "$t/many.a" > "$t/many.b"
cmp -s "$t/many.a" "$t/many.b" && fail "the many records are not judged again"
cat "$t/odd.a" "$t/many.a" > "$t/plain.a"
cat "$t/odd.b" "$t/many.b" > "$t/plain.b"
# the same, each with a member not in ASCII first: all read whole
for s in a b; do
	sed 's/^{/{"x":"\xc3\xa9",/' "$t/plain.$s" > "$t/whole.$s"
done

# same ARGS...: the two runs alike
same() {
	rc=0
	lg-agree "$@" "$t/plain.a" "$t/plain.b" > "$t/p.out" 2> "$t/p.err" ||
	    rc=$?
	wrc=0
	lg-agree "$@" "$t/whole.a" "$t/whole.b" > "$t/w.out" 2> "$t/w.err" ||
	    wrc=$?
	sed 's/whole\.\([ab]\)/plain.\1/g' "$t/w.out" > "$t/w.out2"
	sed 's/whole\.\([ab]\)/plain.\1/g' "$t/w.err" > "$t/w.err2"
	[ "$rc" = "$wrc" ] || fail "lg-agree $*: exit $rc, read whole $wrc"
	cmp -s "$t/p.out" "$t/w.out2" || { diff "$t/w.out2" "$t/p.out" | head;
	    fail "lg-agree $*: the outputs differ"; }
	cmp -s "$t/p.err" "$t/w.err2" || { diff "$t/w.err2" "$t/p.err" | head;
	    fail "lg-agree $*: the messages differ"; }
}
same
for w in 'seen before' 'not the same items' 'not true or false' \
    'no index, where others' 'verdicts: not an array' 'no partner'; do
	grep -q "$w" "$t/p.err" || fail "no \"$w\" message: the test lost its point"
done
same -f json -b 200
same -f tsv -n 1000 -s 9

# many items a record: four in five records pass their 40 items on both
# sides, so that the packed sums of both passing run near the 16 bits
# they have until a flush (every 0xffff / 40 draws), 3000 records a group
awk 'BEGIN {
	srand(11)
	for (i = 0; i < 6000; i++) {
		printf "{\"id\":\"r%d\",\"bench\":\"b\",\"task\":\"t%d\",%s\"verdicts\":[",
		    i, i % 2, i % 5 ? "" : "\"mixed\":1,"
		n = i % 5 ? 40 : 10 + i % 31
		for (v = 0; v < n; v++)
			printf "%s{\"pass\":%s}", v ? "," : "",
			    i % 5 == 0 && rand() < 0.5 ? "false" : "true"
		printf "]}\n"
	}
}' > "$t/big.a"
awk 'BEGIN { srand(12) } !/"mixed"/ { print; next } { n = 0; s = ""; r = $0
	while (match(r, /"pass":(true|false)/)) {
		v = substr(r, RSTART + 7, RLENGTH - 7)
		if (rand() < 0.3)
			v = v == "true" ? "false" : "true"
		s = s substr(r, 1, RSTART - 1) "\"pass\":" v
		r = substr(r, RSTART + RLENGTH)
	}
	print s r }' "$t/big.a" > "$t/big.b"
lg-agree -f json -b 300 "$t/big.a" "$t/big.b" |
    sed -n 's/.*"task":"\([^"]*\)".*"kappa":\([^,]*\),"lo":\([^,]*\),"hi":\([^,]*\),.*/\1 \2 \3 \4/p' \
    > "$t/big.got"
[ -s "$t/big.got" ] || fail "no intervals"
if [ -n "${UPDATE:-}" ]; then
	cp "$t/big.got" "$TOP/tests/scripts/agree-fast.ref"
fi
cmp -s "$TOP/tests/scripts/agree-fast.ref" "$t/big.got" || {
	diff "$TOP/tests/scripts/agree-fast.ref" "$t/big.got"
	fail "the packed resamples' intervals differ"; }
