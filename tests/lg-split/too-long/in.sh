# a 100 MB record between two good ones
printf '%s\n' '{"id":"a","bench":"longgenbench","gold":{"type":"Floor","number":1},"output":"#*# Floor 1: a"}'
printf '{"id":"big","output":"'
head -c 100000000 /dev/zero | tr '\0' x
printf '"}\n'
printf '%s\n' '{"id":"b","bench":"longgenbench","gold":{"type":"Floor","number":1},"output":"#*# Floor 1: b"}'
