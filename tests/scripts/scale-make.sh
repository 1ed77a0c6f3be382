#!/bin/sh
# The experiment Makefile of examples/ runs end to end with three models:
# the reference model, a degraded copy of it, and the test server through
# lg-infer.  A second make does nothing; touching one model's settings
# makes again that model's answers, scores and table and the report, and
# nothing else (the server is not asked again).
. "$TOP/tests/lg-infer/fake.sh"
fake_start m
ex=$t/ex
cp -R "$TOP/examples" "$ex"
# only what the project ships: not the runs a user made in examples/
rm -rf "$ex/runs"
cat > "$ex/models/fake.conf" <<X
ENGINE=infer
MODEL=fake
BASE_URL="$url"
ARGS="-P 4"
X
mk() {
	make -C "$ex" LGBIN="$BIN" N=2 TIERS_longgenbench=16k TIERS_longweave=1k "$@"
}
mk -j4 > "$t/log1" 2>&1 || { tail -20 "$t/log1"; fail "first make"; }
no_crash "$t/log1"
r=$ex/runs
for m in oracle weak fake; do
	[ -s "$r/tables/$m.json" ] || fail "no table for $m"
done
# two benchmarks, one tier each: every case answered by every model
n=$(cat "$r/prompts/longgenbench-16k.jsonl" "$r/prompts/longweave-1k.jsonl" | wc -l)
[ "$n" -eq 12 ] || fail "want 8 + 4 cases, have $n"
for m in oracle weak fake; do
	got=$(cat "$r"/scored/$m/*.jsonl | jq -r .id | sort | uniq | wc -l)
	[ "$got" -eq "$n" ] || fail "$m: $got cases scored"
	[ ! -e "$r/out/$m/longgenbench-16k.jsonl.part" ] || fail "$m: a .part was left"
done
# the reference model passes everything, the degraded one does not
jq -e -s 'map(select(.bench == "longgenbench" and .gen.model == "oracle"))
    | length == 4 and all(.wavg == 100)' "$r/tables/oracle.json" > /dev/null ||
    fail "oracle table: $(cat "$r/tables/oracle.json")"
jq -e -s 'map(select(.bench == "longgenbench")) | any(.wavg < 100)' \
    "$r/tables/weak.json" > /dev/null || fail "weak table: $(cat "$r/tables/weak.json")"
grep -q '| fake |' "$r/report.md" || fail "report: $(cat "$r/report.md")"
asked=$(fake_count m)
[ "$asked" -eq "$n" ] || fail "the server was asked $asked times, want $n"

# a second make does nothing
touch "$t/stamp"
mk > "$t/log2" 2>&1 || fail "second make"
grep -q "Nothing to be done for 'all'" "$t/log2" || fail "second make: $(cat "$t/log2")"
[ -z "$(find "$r" -newer "$t/stamp")" ] || fail "second make changed files"
mk -q || fail "make -q: out of date"

# touching the fake model's settings: only its files, and the report
touch "$ex/models/fake.conf"
touch "$t/stamp2"
mk > "$t/log3" 2>&1 || fail "third make"
find "$r" -type f -newer "$t/stamp2" | sed "s|^$r/||" | sort > "$t/changed"
cat > "$t/want" <<X
out/fake/longgenbench-16k.jsonl
out/fake/longweave-1k.jsonl
report.md
scored/fake/longgenbench-16k.jsonl
scored/fake/longweave-1k.jsonl
tables/fake.json
X
diff "$t/want" "$t/changed" || fail "touching fake.conf remade the wrong files"
[ "$(fake_count m)" -eq $((asked * 2)) ] || fail "the server: $(fake_count m) requests"

# the same for a model of lg-oracle, with the server untouched
touch "$ex/models/weak.conf"
touch "$t/stamp3"
mk > "$t/log4" 2>&1 || fail "fourth make"
find "$r" -type f -newer "$t/stamp3" | sed "s|^$r/||" | sort > "$t/changed"
sed 's/fake/weak/' "$t/want" > "$t/want2"
diff "$t/want2" "$t/changed" || fail "touching weak.conf remade the wrong files"
[ "$(fake_count m)" -eq $((asked * 2)) ] || fail "the server was asked again"
fake_stop m
echo ok
