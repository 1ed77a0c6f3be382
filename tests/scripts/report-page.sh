#!/bin/sh
# lg-report's page.c is what mkpage.sh makes of page.css and page.js: an
# edit of those that was not carried into page.c fails here.
set -eu
. "$TOP/tests/lib.sh"
mkdir "$t/src"
cp "$TOP/cmd/lg-report/mkpage.sh" "$TOP/cmd/lg-report/page.css" \
    "$TOP/cmd/lg-report/page.js" "$t/src/"
sh "$t/src/mkpage.sh"
cmp "$t/src/page.c" "$TOP/cmd/lg-report/page.c" ||
    fail "cmd/lg-report/page.c is stale: run sh cmd/lg-report/mkpage.sh"
# and the check can fail
echo '/* changed */' >> "$t/src/page.js"
sh "$t/src/mkpage.sh"
cmp -s "$t/src/page.c" "$TOP/cmd/lg-report/page.c" && fail "a change to page.js went unseen"
exit 0
