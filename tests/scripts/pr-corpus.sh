#!/bin/sh
# lg-gen longweave -t pr and its corpus: the shipped one by default, what
# is read, what is refused.
set -u
. "$TOP/tests/lib.sh"
d=$t
gen() { lg-gen longweave -t pr "$@" > "$d/out" 2> "$d/err"; echo $?; }

sh "$TOP/tests/mkcorpus.sh" "$d/c" 2 40 || fail "mkcorpus"

# no corpus: the novels shipped in share/corpora/austen
[ "$(gen -l 1k -n 3)" -eq 0 ] || fail "no --corpus: $(cat "$d/err")"
[ ! -s "$d/err" ] || fail "no --corpus: messages: $(cat "$d/err")"
[ "$(grep -c -e '"doc":"persuasion.txt"' -e '"doc":"prideprejudice.txt"' \
    -e '"doc":"northangerabbey.txt"' "$d/out")" -eq 3 ] ||
	fail "no --corpus: not the shipped novels: $(jq -c .gold.doc "$d/out")"

# a missing path: status 3 and the path in the message
[ "$(gen -l 1k -n 1 --corpus "$d/nowhere")" -eq 3 ] || fail "missing corpus: want 3"
grep -q "$d/nowhere" "$d/err" || fail "missing corpus: message: $(cat "$d/err")"

# an empty directory has no documents
mkdir -p "$d/empty"
[ "$(gen -l 1k -n 1 --corpus "$d/empty")" -eq 3 ] || fail "empty corpus: want 3"
grep -q "no documents" "$d/err" || fail "empty corpus: message: $(cat "$d/err")"

# a document that is not UTF-8 text is refused with its path
mkdir -p "$d/bad"
cp "$d/c/doc01.txt" "$d/bad/a.txt"
printf 'caf\351\n\nmore\n' > "$d/bad/b.txt"
[ "$(gen -l 1k -n 1 --corpus "$d/bad")" -eq 3 ] || fail "bad UTF-8: want 3"
grep -q "$d/bad/b.txt: invalid UTF-8 at offset 3" "$d/err" || fail "bad UTF-8: $(cat "$d/err")"
printf 'a\000b\n' > "$d/bad/b.txt"
[ "$(gen -l 1k -n 1 --corpus "$d/bad")" -eq 3 ] || fail "NUL: want 3"
grep -q "b.txt: NUL byte at offset 1" "$d/err" || fail "NUL: $(cat "$d/err")"

# hidden files and subdirectories are not read; one file is a corpus
rm "$d/bad/b.txt"
printf '\377\n' > "$d/bad/.hidden"
mkdir -p "$d/bad/sub"
printf '\377\n' > "$d/bad/sub/x.txt"
[ "$(gen -l 1k -n 3 --corpus "$d/bad")" -eq 0 ] || fail "hidden: $(cat "$d/err")"
[ "$(grep -c '"doc":"a.txt"' "$d/out")" -eq 3 ] || fail "hidden: want 3 cases of a.txt"
[ "$(gen -l 1k -n 3 --corpus "$d/c/doc02.txt")" -eq 0 ] || fail "file corpus: $(cat "$d/err")"
[ "$(grep -c '"doc":"doc02.txt"' "$d/out")" -eq 3 ] || fail "file corpus: want 3 cases of doc02.txt"

# CR LF line ends, a byte order mark and extra blanks change nothing
mkdir -p "$d/crlf"
for f in "$d/c"/*.txt; do
	{ printf '\357\273\277'; sed -e 's/$/  \r/' "$f"; } > "$d/crlf/${f##*/}"
done
gen -l 1k,2k -n 5 --corpus "$d/c" > /dev/null
mv "$d/out" "$d/out.lf"
[ "$(gen -l 1k,2k -n 5 --corpus "$d/crlf")" -eq 0 ] || fail "crlf: $(cat "$d/err")"
cmp -s "$d/out" "$d/out.lf" || fail "crlf: other cases than with LF"

# a corpus too small for a tier: that tier's cases fail with one message,
# the others are written, status 1
[ "$(gen -l 1k,8k -n 3 --corpus "$d/c")" -eq 1 ] || fail "small corpus: want 1"
[ "$(grep -c '"length":"1k"' "$d/out")" -eq 3 ] || fail "small corpus: want the 3 1k cases"
grep -q '"length":"8k"' "$d/out" && fail "small corpus: wrote 8k cases"
[ "$(wc -l < "$d/err")" -eq 1 ] || fail "small corpus: want one message: $(cat "$d/err")"
grep -q "no document has 16 segments of up to 300 words for tier 8k" "$d/err" ||
    fail "small corpus: $(cat "$d/err")"
exit 0
