#!/bin/sh
# What is sent and what is recorded: every decoding parameter goes into the
# request and into gen.params; --system, --completions, --no-stream;
# finish_reason, truncation, usage, reasoning split from the answer.
. "$TOP/tests/lg-infer/fake.sh"
fake_start p
cat > "$t/in" <<'IN'
{"id":"e1","prompt":"ECHO: one"}
{"id":"e2","system":"own system","prompt":"ECHO: two"}
{"id":"w","prompt":"hello big world"}
{"id":"tag","prompt":"THINK:tag x"}
{"id":"field","prompt":"THINK:field y"}
{"id":"j1","prompt":"Is the answer good?\nJUDGE: yes"}
{"id":"j2","prompt":"Is the answer good?\nJUDGE: no"}
{"id":"stop","prompt":"stop here","system":null}
{"id":"old","prompt":"hello","output":"stale","gen":{},"error":{"stage":"infer","message":"x"},"z":1}
IN
lg-infer -q -m fake --base-url "$url" --system 'be brief' --temperature 0.2 \
    --top-p 0.9 --max-tokens 500 --seed 7 --stop END --stop STOP \
    --param repetition_penalty=1.1 --param 'chat_template_kwargs={"enable_thinking":false}' \
    --param temperature=0.3 --keep-order "$t/in" > "$t/chat" 2> "$t/err" ||
    fail "chat: $(cat "$t/err")"
lg-infer -q -m fake --base-url "$url" --completions --no-stream --max-tokens 3 \
    --system SYS "$t/in" > "$t/compl" 2> "$t/err2" || fail "completions: $(cat "$t/err2")"
lg-infer -q -m fake --base-url "$url" --no-stream --keep-order "$t/in" \
    > "$t/whole" 2> "$t/err3" || fail "no-stream: $(cat "$t/err3")"
no_crash "$t/err" "$t/err2" "$t/err3"
[ "$(awk '$3 == "/v1/completions"' "$t/p.log" | wc -l)" -eq 9 ] || fail "completions path"
py '
import hashlib
def h(s):
    return hashlib.sha256(s.encode()).hexdigest()[:8]
def words(s, n=8):
    w = "alpha bravo charlie delta echo foxtrot golf hotel".split()
    return " ".join(["echo", h(s)] + w[:n])
chat = [json.loads(l) for l in open(sys.argv[1])]
compl = {json.loads(l)["id"]: json.loads(l) for l in open(sys.argv[2])}
whole = [json.loads(l) for l in open(sys.argv[3])]
# --keep-order: input order
assert [r["id"] for r in chat] == ["e1", "e2", "w", "tag", "field", "j1", "j2", "stop", "old"]
params = {"temperature": 0.3, "top_p": 0.9, "max_tokens": 500, "seed": 7,
          "stop": ["END", "STOP"], "repetition_penalty": 1.1,
          "chat_template_kwargs": {"enable_thinking": False}}
body = ("{\"model\":\"fake\",\"messages\":[{\"role\":\"system\",\"content\":\"be brief\"},"
        "{\"role\":\"user\",\"content\":\"ECHO: one\"}],\"temperature\":0.3,\"top_p\":0.9,"
        "\"max_tokens\":500,\"seed\":7,\"stop\":[\"END\",\"STOP\"],\"repetition_penalty\":1.1,"
        "\"chat_template_kwargs\":{\"enable_thinking\":false},\"stream\":true,"
        "\"stream_options\":{\"include_usage\":true}}")
assert chat[0]["output"] == body, chat[0]["output"]
assert json.loads(chat[1]["output"])["messages"][0] == {"role": "system", "content": "own system"}
for r in chat:
    g = r["gen"]
    assert g["params"] == params and list(g["params"]) == list(params), g
    assert g["model"] == "fake" and g["api"] == "chat" and g["stream"] is True, g
    assert g["finish_reason"] == "stop" and g["truncated"] is False, g
    assert g["attempts"] == 1 and g["cache_hit"] is False, g
    assert g["ttft_s"] is not None and g["latency_s"] >= g["ttft_s"] >= 0, g
    assert g.get("system") == (None if r["id"] == "e2" else "be brief"), g
    assert list(g)[:4] == ["model", "endpoint", "api", "params"], g
w = chat[2]
assert w["output"] == words("be brief\nhello big world"), w
assert w["gen"]["prompt_tokens"] == 5 and w["gen"]["output_tokens"] == 10, w
assert chat[3]["reasoning"] == "thinking about " + h("be brief\nTHINK:tag x"), chat[3]
assert chat[3]["output"] == words("be brief\nTHINK:tag x"), chat[3]
assert chat[4]["reasoning"] == "thinking about " + h("be brief\nTHINK:field y"), chat[4]
assert chat[4]["output"] == words("be brief\nTHINK:field y"), chat[4]
assert [chat[5]["output"], chat[6]["output"]] == ["yes", "no"]
# owned fields replaced in place, a stale infer error gone, the rest kept
old = chat[8]
assert list(old) == ["id", "prompt", "output", "gen", "z"], list(old)
# completions: the system text before the prompt, whole replies, cut at 3
w = compl["w"]
assert w["output"] == words("SYS\n\nhello big world", 1), w
g = w["gen"]
assert g["api"] == "completions" and g["stream"] is False and g["ttft_s"] is None, g
assert g["finish_reason"] == "length" and g["truncated"] is True, g
assert g["output_tokens"] == 3 and g["params"] == {"max_tokens": 3}, g
assert compl["e2"]["output"].startswith("{\"model\":\"fake\",\"prompt\":\"own system\\n\\nECHO: two\"")
assert compl["e2"]["output"].endswith(",\"max_tokens\":3}"), compl["e2"]["output"]
# whole replies carry reasoning fields too, and no stream options are sent
assert json.loads(whole[0]["output"]) == {"model": "fake", "messages": [
    {"role": "user", "content": "ECHO: one"}]}, whole[0]["output"]
assert whole[4]["reasoning"] == "thinking about " + h("THINK:field y"), whole[4]
assert whole[3]["reasoning"] == "thinking about " + h("THINK:tag x"), whole[3]
assert whole[3]["output"] == words("THINK:tag x")
assert all(r["gen"]["stream"] is False and r["gen"]["params"] == {} for r in whole)
' "$t/chat" "$t/compl" "$t/whole"
# a stop string cuts the answer before it
printf '{"id":"s","prompt":"stop here"}\n' > "$t/in5"
lg-infer -q -m fake --base-url "$url" --stop charlie "$t/in5" > "$t/out5" ||
    fail "stop"
py '
import hashlib
r = json.loads(open(sys.argv[1]).read())
h = hashlib.sha256(b"stop here").hexdigest()[:8]
assert r["output"] == "echo %s alpha bravo " % h, r
assert r["gen"]["finish_reason"] == "stop" and r["gen"]["params"] == {"stop": ["charlie"]}, r
' "$t/out5"
# an error from an earlier stage stays; a record without a prompt passes
printf '{"id":"x","error":{"stage":"prompt","message":"m"}}\n' > "$t/in4"
lg-infer -q -m fake --base-url "$url" "$t/in4" > "$t/out4" || fail "pass-through"
cmp "$t/in4" "$t/out4" || fail "a failed record was changed"
fake_stop p
