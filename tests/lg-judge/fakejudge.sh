# Sourced by the cmd of lg-judge goldens that ask a model: the test server
# (tests/helpers/fakeapi) records each request body in $fj/bodies; $url is
# its base URL once its port file says it listens; it stops on exit.
fj=$(mktemp -d)
"$RUN_OBJ/helpers/fakeapi" --port-file "$fj/port" --record "$fj/bodies" \
    --idle-exit 60 --lifetime 300 > /dev/null 2> "$fj/err" &
fjpid=$!
trap 'kill "$fjpid" 2>/dev/null; wait "$fjpid" 2>/dev/null; rm -rf "$fj"' EXIT
i=0
while [ ! -s "$fj/port" ]; do
	i=$((i + 1))
	[ "$i" -le 600 ] || { echo "the test server did not start" >&2; exit 99; }
	sleep 0.05
done
url=http://127.0.0.1:$(cat "$fj/port")/v1
judge() {
	lg-judge --judge-base-url "$url" --judge-model gpt-4o-2024-11-20 -P 1 \
	    --retries 0 "$@"
}
