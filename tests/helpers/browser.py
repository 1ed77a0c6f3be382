# browser.py: one headless Chromium for the pages of a whole test script,
# driven over its DevTools pipe (--remote-debugging-pipe), instead of a
# browser started for each page (a start costs about a second of CPU).
#   browser.py serve DIR [CHROMIUM-OPTION...]
#       start Chromium (its profile in DIR/profile), listen on DIR/sock,
#       write DIR/ready once the browser answers; serve until killed or
#       until Chromium ends
#   browser.py get DIR OUT URL [BUDGET-MS [PNG WIDTH HEIGHT]]
#       open URL in a new tab, let the page's scripts and loads run (the
#       page's load, then BUDGET-MS of virtual time, 20000 by default,
#       pausing while fetches are pending: Chromium's --virtual-time-budget),
#       write its DOM to OUT.out and what it logged (uncaught exceptions,
#       console messages, the browser's log entries) to OUT.log; with PNG,
#       a WIDTH x HEIGHT viewport (scrollbars hidden) and its screenshot in
#       PNG.  Exit 0, or 1 with the reason on stderr.
import base64, json, os, signal, socket, subprocess, sys


class Browser:
    def __init__(self, profile, extra):
        cmd_r, cmd_w = os.pipe()
        res_r, res_w = os.pipe()
        # the child's 3 and 4, from copies out of their way
        os.dup2(cmd_r, 20)
        os.dup2(res_w, 21)
        self.proc = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu",
             "--user-data-dir=" + profile, "--no-first-run",
             "--disable-extensions", "--remote-debugging-pipe"] + extra +
            ["about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
            stderr=open(profile + ".log", "w"), pass_fds=(3, 4),
            preexec_fn=lambda: (os.dup2(20, 3), os.dup2(21, 4)))
        for fd in (cmd_r, res_w, 20, 21):
            os.close(fd)
        self.w = os.fdopen(cmd_w, "wb", buffering=0)
        self.r = os.fdopen(res_r, "rb", buffering=0)
        self.buf = b""
        self.id = 0
        self.events = []

    def _read(self):
        while b"\0" not in self.buf:
            d = self.r.read(65536)
            if not d:
                raise EOFError("Chromium ended")
            self.buf += d
        m, self.buf = self.buf.split(b"\0", 1)
        return json.loads(m)

    def call(self, method, params=None, session=None):
        self.id += 1
        m = {"id": self.id, "method": method, "params": params or {}}
        if session:
            m["sessionId"] = session
        self.w.write(json.dumps(m).encode() + b"\0")
        while True:
            r = self._read()
            if r.get("id") == self.id:
                if "error" in r:
                    raise RuntimeError("%s: %s" % (method, r["error"]))
                return r.get("result", {})
            self.events.append(r)

    def wait(self, session, method):
        """events of the session until METHOD, which ends the list"""
        seen = []
        while True:
            e = self.events.pop(0) if self.events else self._read()
            if e.get("sessionId") != session:
                continue
            seen.append(e)
            if e.get("method") == method:
                return seen


def log_lines(events):
    for e in events:
        p = e.get("params", {})
        if e.get("method") == "Runtime.exceptionThrown":
            d = p["exceptionDetails"]
            ex = d.get("exception", {}).get("description", "")
            yield "%s %s (%s:%s)" % (d.get("text", ""), ex, d.get("url", ""),
                                     d.get("lineNumber", ""))
        elif e.get("method") == "Runtime.consoleAPICalled":
            args = [str(a.get("value", a.get("description", "")))
                    for a in p.get("args", [])]
            yield "console.%s: %s" % (p.get("type"), " ".join(args))
        elif e.get("method") == "Log.entryAdded":
            x = p["entry"]
            yield "%s: %s %s" % (x.get("level"), x.get("text"), x.get("url", ""))


def page(b, out, url, budget, shot):
    t = b.call("Target.createTarget", {"url": "about:blank"})["targetId"]
    s = b.call("Target.attachToTarget", {"targetId": t, "flatten": True})["sessionId"]
    try:
        for m in ("Runtime.enable", "Page.enable", "Log.enable"):
            b.call(m, session=s)
        if shot:
            b.call("Emulation.setDeviceMetricsOverride",
                   {"width": shot[1], "height": shot[2],
                    "deviceScaleFactor": 1, "mobile": False}, session=s)
            b.call("Emulation.setScrollbarsHidden", {"hidden": True}, session=s)
        b.call("Page.navigate", {"url": url}, session=s)
        ev = b.wait(s, "Page.loadEventFired")
        b.call("Emulation.setVirtualTimePolicy",
               {"policy": "pauseIfNetworkFetchesPending", "budget": budget},
               session=s)
        ev += b.wait(s, "Emulation.virtualTimeBudgetExpired")
        dom = b.call("Runtime.evaluate",
                     {"expression": "document.documentElement.outerHTML",
                      "returnByValue": True}, session=s)["result"]["value"]
        ev += [e for e in b.events if e.get("sessionId") == s]
        b.events = [e for e in b.events if e.get("sessionId") != s]
        with open(out + ".out", "w") as f:
            f.write(dom + "\n")
        with open(out + ".log", "w") as f:
            for line in log_lines(ev):
                f.write(line + "\n")
        if shot:
            png = b.call("Page.captureScreenshot", {"format": "png"}, session=s)
            with open(shot[0], "wb") as f:
                f.write(base64.b64decode(png["data"]))
    finally:
        b.call("Target.closeTarget", {"targetId": t})


def serve(d, extra):
    b = Browser(os.path.join(d, "profile"), extra)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        b.call("Browser.getVersion")
        srv = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        srv.bind(os.path.join(d, "sock"))
        srv.listen(4)
        with open(os.path.join(d, "ready"), "w") as f:
            f.write("%d\n" % os.getpid())
        while True:
            c, _ = srv.accept()
            with c, c.makefile("rw") as f:
                q = json.loads(f.readline())
                try:
                    page(b, q["out"], q["url"], q["budget"], q["shot"])
                    f.write("ok\n")
                except EOFError:
                    raise
                except Exception as e:
                    f.write("error: %s\n" % e)
    finally:
        # a whole close, so that the browser's own processes end with it
        try:
            b.w.write(json.dumps({"id": 0, "method": "Browser.close"}).encode() + b"\0")
            b.proc.wait(60)
        except (OSError, subprocess.TimeoutExpired):
            b.proc.terminate()
            b.proc.wait()


def get(d, out, url, budget=20000, png=None, w=0, h=0):
    c = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    c.connect(os.path.join(d, "sock"))
    with c, c.makefile("rw") as f:
        f.write(json.dumps({"out": out, "url": url, "budget": int(budget),
                            "shot": png and [png, int(w), int(h)]}) + "\n")
        f.flush()
        r = f.readline().strip()
    if r != "ok":
        sys.exit("browser.py: %s: %s" % (url, r or "the browser ended"))


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3:])
    else:
        get(*sys.argv[2:])
