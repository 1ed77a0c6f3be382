# Sourced by tests/scripts/ppl-*.sh: the fake server (tests/lg-infer/fake.sh)
# and $t/ts, four Ada-LEval TSort cases of the books in $t/books.
. "$TOP/tests/lg-infer/fake.sh"
export LG_SHARE="$TOP/share"
unset LG_TOKENIZER
sh "$TOP/tests/mkcorpus.sh" "$t/books" 3 400 >/dev/null
lg-gen adaleval -t tsort -l 2k -n 4 --corpus "$t/books" >"$t/ts" 2>/dev/null ||
    fail "lg-gen"
[ "$(wc -l <"$t/ts")" -eq 4 ] || fail "want 4 cases"
