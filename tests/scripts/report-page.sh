#!/bin/sh
# lg-report's page carries page.css and page.js as they are in the tree:
# make writes their C file (mkpage.sh) at build time, none is kept in git,
# and the page's style sheet and script are those two files byte for byte.
set -eu
. "$TOP/tests/lib.sh"
[ ! -e "$TOP/cmd/lg-report/page.c" ] ||
    fail "cmd/lg-report/page.c exists: make writes it into the build folder"
echo '{"id":"1","bench":"longweave","task":"kvg","length":"1k","gen":{"model":"m"},"scores":{"score":1}}' |
    lg-report --bootstrap 0 > "$t/page.html" 2> "$t/err" || fail "lg-report: $(cat "$t/err")"
py '
s = open(sys.argv[1]).read()
css = open(sys.argv[2]).read()
js = open(sys.argv[3]).read()
if "<style>\n" + css + "</style>" not in s:
    print("FAIL: the page style sheet is not page.css"); sys.exit(1)
if "<script>\n" + js + "</script>" not in s:
    print("FAIL: the page script is not page.js"); sys.exit(1)
' "$t/page.html" "$TOP/cmd/lg-report/page.css" "$TOP/cmd/lg-report/page.js"
# and the generator carries quotes and backslashes whole
mkdir "$t/src"
cp "$TOP/cmd/lg-report/mkpage.sh" "$t/src/"
printf 'a { content: "\\\\x"; }\n' > "$t/src/page.css"
printf 'var s = "q\\"\\\\n";\n' > "$t/src/page.js"
sh "$t/src/mkpage.sh" "$t/src/page.c"
cat > "$t/src/main.c" <<'C'
#include <stdio.h>
extern const char report_css[], report_js[];
int main(void) { fputs(report_css, stdout); fputs(report_js, stdout); return 0; }
C
cc -o "$t/src/m" "$t/src/main.c" "$t/src/page.c" || fail "the written C does not compile"
"$t/src/m" > "$t/src/out"
cat "$t/src/page.css" "$t/src/page.js" | cmp -s - "$t/src/out" ||
    fail "mkpage.sh changed the text: $(cat "$t/src/out")"
exit 0
