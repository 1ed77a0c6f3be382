#!/bin/sh
# mkpage.sh OUT: write OUT, the C file of lg-report's page style sheet and
# script (report_css and report_js, report.h), from page.css and page.js
# beside this script.  The Makefile runs it at build time (the C file is
# in the build folder, never in git): edit page.css and page.js.
set -eu
[ $# -eq 1 ] || { echo "usage: mkpage.sh OUT.c" >&2; exit 2; }
src=$(dirname "$0")
lit() {
	awk '{ gsub(/\\/, "&&"); gsub(/"/, "\\\""); printf "\"%s\\n\"\n", $0 }' "$1"
}
{
	echo '/* written by cmd/lg-report/mkpage.sh from page.css and page.js */'
	echo 'extern const char report_css[], report_js[];'
	echo
	echo 'const char report_css[] ='
	lit "$src/page.css"
	echo ';'
	echo
	echo 'const char report_js[] ='
	lit "$src/page.js"
	echo ';'
} > "$1.new"
mv "$1.new" "$1"
