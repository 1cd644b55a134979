"""Hostile-server routes of fixture_server.py: responses a broken or malicious server sends.

Each route writes its response by hand (http.server's helpers refuse most of these). A client
that stops reading makes the writes fail: that is expected and ignored.

  /<sid>/hostile/bad-utf8-header            200 {} with a header value that is not UTF-8
  /<sid>/hostile/header-flood?count=N       200 {} with N header fields (default 10000)
  /<sid>/hostile/huge-header?bytes=N        200 {} after one header line of N bytes (default 100 MB)
  /<sid>/hostile/length-over                Content-Length 1000, 10 bytes sent, the connection kept open
  /<sid>/hostile/length-under               Content-Length 2 ("{}") followed by 100 more bytes
  /<sid>/hostile/redirect-loop              302 to itself, forever
  /<sid>/hostile/redirect-chain?n=N&i=I     302 to i=I+1 until I reaches N, then 200 {"hops": N}
  /<sid>/hostile/informational?count=N      N interim responses (102 Processing), then 200 {};
                                            count=0: interim responses until the client leaves
  /<sid>/hostile/huge-validators?bytes=N    200 {} with an ETag and a Last-Modified of N bytes each,
                                            Cache-Control max-age=0 (default 1 MB)
  /<sid>/hostile/cookie-flood?count=N       200 {} with N Set-Cookie fields (default 10000)
  /<sid>/hostile/chunked?mode=M              200 application/json, Transfer-Encoding: chunked, broken
                                            as M says (CHUNKED_MODES); "extensions" and "trailer"
                                            are valid bodies of {"ok":true} with chunk extensions /
                                            a trailer field
  /<sid>/hostile/sse-…, ndjson-…, encoded, encoding-chain, json   hostile bodies (hostile_body_fixture.py)
"""

import socket
import time

import hostile_body_fixture


def write(handler, data):
    try:
        handler.wfile.write(data)
        handler.wfile.flush()
        return True
    except OSError:
        handler.close_connection = True
        return False


def wait_for_client_to_leave(handler, seconds):
    """Returns when the client closed the connection, or after `seconds`."""
    deadline = time.monotonic() + seconds
    handler.connection.settimeout(0.05)
    while time.monotonic() < deadline:
        try:
            if handler.connection.recv(1, socket.MSG_PEEK) == b"":
                return
        except socket.timeout:
            continue
        except OSError:
            return


def head(status, fields):
    lines = [b"HTTP/1.1 " + status]
    lines += [name + b": " + value for name, value in fields]
    return b"\r\n".join(lines) + b"\r\n\r\n"


JSON_FIELDS = [(b"Content-Type", b"application/json"), (b"Content-Length", b"2")]


CHUNKED_MODES = {
    # a chunk size that is not hex
    "bad-size": [b"zz\r\n{}\r\n0\r\n\r\n"],
    # a chunk size of 2^64 - 1, then a few bytes and the connection closed
    "huge-size": [b"ffffffffffffffff\r\n{\"a\":1}"],
    # a chunk size with more hex digits than any integer holds
    "long-size": [b"1" * 4096 + b"\r\n{}\r\n0\r\n\r\n"],
    # a negative chunk size
    "negative-size": [b"-2\r\n{}\r\n0\r\n\r\n"],
    # a chunk of 100 bytes announced, 11 sent, the connection closed
    "truncated": [b"64\r\n{\"partial\":"],
    # complete chunks, the connection closed without the last (0) chunk
    "no-terminator": [b"b\r\n{\"ok\":true}\r\n"],
    # a chunk without its CRLF, then the next size
    "missing-crlf": [b"2\r\n{}2\r\n{}\r\n0\r\n\r\n"],
    # valid: chunk extensions
    "extensions": [b"5;name=value\r\n{\"ok\"\r\n6;x\r\n:true}\r\n0\r\n\r\n"],
    # valid: a trailer field after the last chunk (RFC 9112 §7.1.2)
    "trailer": [b"b\r\n{\"ok\":true}\r\n0\r\nX-Trailer: t\r\n\r\n"],
}


def route(handler, behaviour, rest, query):
    if behaviour != "hostile" or not rest:
        return False
    kind = rest[0]

    def number(name, default):
        return int(query.get(name, [str(default)])[0])

    if kind == "bad-utf8-header":
        write(handler, head(b"200 OK", JSON_FIELDS + [(b"X-Name", b"\xff\xfe\xc3( caf\xe9")]) + b"{}")
    elif kind == "header-flood":
        fields = [(b"X-Flood-%d" % i, b"v") for i in range(number("count", 10000))]
        write(handler, head(b"200 OK", JSON_FIELDS + fields) + b"{}")
    elif kind == "huge-header":
        size = number("bytes", 100 << 20)
        if write(handler, b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nX-Huge: "):
            chunk = b"a" * (1 << 16)
            while size > 0 and write(handler, chunk[:size]):
                size -= len(chunk)
            write(handler, b"\r\nContent-Length: 2\r\n\r\n{}")
        handler.close_connection = True
    elif kind == "length-over":
        write(handler, head(b"200 OK", [(b"Content-Type", b"application/json"), (b"Content-Length", b"1000")]))
        write(handler, b'{"a":1,   ')
        wait_for_client_to_leave(handler, 60)
        handler.close_connection = True
    elif kind == "length-under":
        write(handler, head(b"200 OK", JSON_FIELDS) + b"{}" + b"HTTP/1.1 200 OK\r\nX-Smuggled: 1\r\n\r\n" + b"x" * 64)
        handler.close_connection = True
    elif kind == "redirect-loop":
        write(handler, head(b"302 Found", [(b"Location", handler.path.encode()), (b"Content-Length", b"0")]))
    elif kind == "redirect-chain":
        hops, index = number("n", 50), number("i", 0)
        if index >= hops:
            body = b'{"hops":%d}' % hops
            write(handler, head(b"200 OK", [(b"Content-Type", b"application/json"),
                                            (b"Content-Length", str(len(body)).encode())]) + body)
        else:
            target = handler.path.split("?")[0] + "?n=%d&i=%d" % (hops, index + 1)
            write(handler, head(b"302 Found", [(b"Location", target.encode()), (b"Content-Length", b"0")]))
    elif kind == "informational":
        count = number("count", 0)
        sent, deadline = 0, time.monotonic() + 60
        while (count == 0 and time.monotonic() < deadline) or sent < count:
            if not write(handler, b"HTTP/1.1 102 Processing\r\n\r\n"):
                return True
            sent += 1
            if count == 0:
                time.sleep(0.001)
        write(handler, head(b"200 OK", JSON_FIELDS) + b"{}")
    elif kind == "huge-validators":
        size = number("bytes", 1 << 20)
        fields = [(b"Cache-Control", b"max-age=0"), (b"ETag", b'"' + b"e" * size + b'"'),
                  (b"Last-Modified", b"Tue, 01 Dec 2026 00:00:00 GMT" + b" " * size)]
        write(handler, head(b"200 OK", JSON_FIELDS + fields) + b"{}")
    elif kind == "cookie-flood":
        fields = [(b"Set-Cookie", b"c%d=v; Path=/" % i) for i in range(number("count", 10000))]
        write(handler, head(b"200 OK", JSON_FIELDS + fields) + b"{}")
    elif kind == "chunked":
        mode = query.get("mode", ["bad-size"])[0]
        fields = [(b"Content-Type", b"application/json"), (b"Transfer-Encoding", b"chunked")]
        if write(handler, head(b"200 OK", fields)):
            for part in CHUNKED_MODES[mode]:
                write(handler, part)
        if mode not in ("extensions", "trailer"):
            handler.close_connection = True
    else:
        return hostile_body_fixture.route(handler, kind, query)
    return True
