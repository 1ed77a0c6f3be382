#!/usr/bin/env python3
"""Replay recorded HTTP responses (bench/realwire.sh).

realwire.py PORTFILE PIECE FILE...: serve on 127.0.0.1 (a free port,
written to PORTFILE); request k (from 0) of any path gets FILE k (the last
one for every request after), each file being a status line, headers and
body as ../shared/data/realwire/*.http hold them.  The head is sent with
CRLF line ends, its Content-Length, Transfer-Encoding and Connection
replaced by the body's length and "Connection: close"; the body goes as
it is.  PIECE 0 sends the whole response at once; PIECE N sends it N bytes
at a time, 0.2 ms apart.  Exits after 120 s without a request.
"""
import os
import socket
import sys
import threading
import time

DROP = (b"content-length", b"transfer-encoding", b"connection")


def load(path):
    raw = open(path, "rb").read()
    ends = [(raw.find(sep), sep) for sep in (b"\r\n\r\n", b"\n\n")]
    at, sep = min((e for e in ends if e[0] >= 0), default=(len(raw), b""))
    head, body = raw[:at], raw[at + len(sep):]
    lines = [x.rstrip(b"\r") for x in head.split(b"\n") if x.strip()]
    keep = [lines[0]] + [x for x in lines[1:]
                         if x.split(b":", 1)[0].strip().lower() not in DROP]
    keep += [b"Content-Length: %d" % len(body), b"Connection: close"]
    return b"\r\n".join(keep) + b"\r\n\r\n" + body


def read_request(c):
    data = b""
    while b"\r\n\r\n" not in data:
        got = c.recv(65536)
        if not got:
            return False
        data += got
    head, rest = data.split(b"\r\n\r\n", 1)
    n = 0
    for line in head.split(b"\r\n")[1:]:
        k, _, v = line.partition(b":")
        if k.strip().lower() == b"content-length":
            n = int(v)
    while len(rest) < n:
        got = c.recv(65536)
        if not got:
            return False
        rest += got
    return True


def main():
    portfile, piece, files = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    replies = [load(f) for f in files]
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("127.0.0.1", 0))
    s.listen(64)
    s.settimeout(120)
    with open(portfile + ".tmp", "w") as f:
        f.write("%d\n" % s.getsockname()[1])
    os.rename(portfile + ".tmp", portfile)
    count = [0]
    lock = threading.Lock()

    def serve(c):
        try:
            if not read_request(c):
                return
            with lock:
                k = min(count[0], len(replies) - 1)
                count[0] += 1
            r = replies[k]
            c.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            if piece <= 0:
                c.sendall(r)
            else:
                for i in range(0, len(r), piece):
                    c.sendall(r[i:i + piece])
                    time.sleep(0.0002)
        except OSError:
            pass
        finally:
            c.close()

    while True:
        try:
            c, _ = s.accept()
        except socket.timeout:
            return
        threading.Thread(target=serve, args=(c,), daemon=True).start()


if __name__ == "__main__":
    main()
