#!/bin/sh
# lg-agg over many records: the sums of two LongGenBench groups (one record
# in 97 failed upstream) and a LongWeave group (one record in 5 undecided:
# no score, 3 items undecided, out of the mean), interleaved, checked
# against the same arithmetic done independently in awk (no intervals:
# awk cannot redo the resampling; tests/scripts/agg-bootstrap.sh checks them).
set -eu
. "$TOP/tests/lib.sh"
n=20000
in=$t/agg-stream.jsonl
want=$t/agg-stream.want
got=$t/agg-stream.got
awk -v n="$n" -v want="$want" 'BEGIN {
	for (i = 0; i < n; i++) {
		if (i % 25 == 24) {
			printf "{\"bench\":\"longweave\",\"task\":\"kvg\",\"length\":\"1k\",\"scores\":{\"undecided\":3}}\n"
			lwund++
			continue
		}
		if (i % 5 == 4) {
			s = (i % 4) / 4
			printf "{\"bench\":\"longweave\",\"task\":\"kvg\",\"length\":\"1k\",\"scores\":{\"score\":%s}}\n", s
			lwsum += s; lwn++
			continue
		}
		m = i % 2
		if (i % 97 == 0) {
			printf "{\"bench\":\"longgenbench\",\"task\":\"diary\",\"length\":\"16k\",\"gen\":{\"model\":\"m%d\"},\"error\":{\"stage\":\"lg-infer\",\"message\":\"x\"},\"checks\":[{\"kind\":\"single\",\"at\":1},{\"kind\":\"single\",\"at\":2},{\"kind\":\"range\",\"at\":3},{\"kind\":\"periodic\",\"at\":4}],\"gold\":{\"number\":10}}\n", m
			cases[m]++; failed[m]++; total[m] += 4; st[m] += 2; rt[m]++; pt[m]++
			continue
		}
		f = i % 11; w = (i % 7) * 1000; p = i % 3
		printf "{\"bench\":\"longgenbench\",\"task\":\"diary\",\"length\":\"16k\",\"gen\":{\"model\":\"m%d\"},\"scores\":{\"entries_found\":%d,\"entries_expected\":%d,\"words\":%d,\"stic_pass\":%d,\"stic_judged\":2,\"stic_total\":4,\"single_pass\":%d,\"single_judged\":2,\"single_total\":4}}\n", m, f, 10 + 10 * m, w, p, p
		cases[m]++; cr[m] += 100 * f / (10 + 10 * m); words[m] += w
		pass[m] += p; judged[m] += 2; total[m] += 4; sp[m] += p; st[m] += 4
	}
	print "bench\ttask\tlength\tgen.model\tCR\tSTIC-1\tSTIC-2\twAvg\tsingle\trange\tperiodic\tLen\tcases\tfailed\tundecided\tunscored\tcut" > want
	for (m = 0; m < 2; m++)
		printf "longgenbench\tdiary\t16k\tm%d\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%d\t%d\t0\t0\t0\n", m,
		    cr[m] / cases[m], 100 * pass[m] / judged[m], 100 * pass[m] / total[m],
		    cr[m] / cases[m] * pass[m] / total[m], 100 * sp[m] / st[m],
		    0, 0, words[m] / cases[m], cases[m], failed[m] > want
	print "" > want
	print "bench\ttask\tlength\tgen.model\tscore%\tcases\tfailed\tundecided\tundec-items\tunscored\tcut" > want
	printf "longweave\tkvg\t1k\t-\t%.1f\t%d\t0\t%d\t%d\t0\t0\n", 100 * lwsum / lwn, lwn, lwund, 3 * lwund > want
	printf "longweave\tkvg\tavg\t-\t%.1f\t%d\t0\t%d\t%d\t0\t0\n", 100 * lwsum / lwn, lwn, lwund, 3 * lwund > want
	printf "longweave\toverall\tavg\t-\t%.1f\t%d\t0\t%d\t%d\t0\t0\n", 100 * lwsum / lwn, lwn, lwund, 3 * lwund > want
}' > "$in"
"$BIN/lg-agg" --bootstrap 0 -f tsv "$in" > "$got"
if ! cmp -s "$want" "$got"; then
	diff "$want" "$got"
	exit 1
fi
# the same records from stdin, split over two files, give the same table
"$BIN/lg-agg" --bootstrap 0 -f tsv < "$in" | cmp -s "$want" -
head -n 7000 "$in" > "$t/agg-stream.a"
tail -n +7001 "$in" > "$t/agg-stream.b"
"$BIN/lg-agg" --bootstrap 0 -f tsv "$t/agg-stream.a" - < "$t/agg-stream.b" | cmp -s "$want" -
