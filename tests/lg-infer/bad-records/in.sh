# broken JSON, missing and mistyped fields, invalid UTF-8, a blank line,
# and a record an earlier stage already failed (it passes untouched)
printf '{"id":"a","prompt":"x"\n'
printf '{"id":"b"}\n'
printf '{"id":"c","prompt":42}\n'
printf '{"id":"d","prompt":"x","system":["s"]}\n'
printf '{"id":"e","prompt":"\377"}\n'
printf '\n'
printf '{"id":"f","error":{"stage":"prompt","message":"no template"}}\n'
printf '[1,2]\n'
printf '{"id":"g","prompt":null}\n'
