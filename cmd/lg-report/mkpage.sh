#!/bin/sh
# Write page.c, the style sheet and script of lg-report's page as C
# strings, from page.css and page.js (edit those, then run this script;
# tests/scripts/report-page.sh checks that page.c is up to date).
set -eu
cd "$(dirname "$0")"
lit() {
	awk '{ gsub(/\\/, "&&"); gsub(/"/, "\\\""); printf "\"%s\\n\"\n", $0 }' "$1"
}
{
	echo '/* page.c: written by mkpage.sh from page.css and page.js; do not edit. */'
	echo '#include "report.h"'
	echo
	echo 'const char report_css[] ='
	lit page.css
	echo ';'
	echo
	echo 'const char report_js[] ='
	lit page.js
	echo ';'
} > page.c.new
mv page.c.new page.c
