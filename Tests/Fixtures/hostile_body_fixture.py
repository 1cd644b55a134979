"""Hostile-server bodies of fixture_server.py (routed by hostile_fixture.py): streamed responses,
content encodings and JSON documents a broken or malicious server sends.

  /<sid>/hostile/sse-endless-line?bytes=N  an event stream whose one line never ends ("data: xxx…":
                                            N bytes, default 16 MiB, then silence until the client
                                            leaves, 60 s at most)
  /<sid>/hostile/sse-data-flood?bytes=N    an event stream of "data:" lines (N bytes, then silence)
                                            that never end their event (no blank line)
  /<sid>/hostile/sse-odd-fields             a finite event stream of odd fields: retry: 10^12 and
                                            -5, an id with NUL, invalid UTF-8, a BOM mid-stream, CR
                                            line ends, a 256 KB comment; its events are listed below
  /<sid>/hostile/sse-replay[?idbytes=N]     retry: 0, the event "id: 1 / data: same", then the
                                            connection drops mid-chunk — on every connection (with
                                            idbytes, the id is N × "i" instead of 1)
  /<sid>/hostile/ndjson-endless-line?bytes=N   a JSON Lines body whose first line never ends (N
                                            bytes, then silence)
  /<sid>/hostile/encoded?layers=a,b&kind=K  the body K (json: {"ok":true}; bomb: M MiB of zeros, &mb=M,
                                            default 16)
                                            encoded with each of the codings in order, announced as
                                            Content-Encoding: a, b (gzip, deflate, or any other name,
                                            which leaves the bytes as they are)
  /<sid>/hostile/encoding-chain?count=N     Content-Encoding of N × "gzip", the body gzipped once
  /<sid>/hostile/json?shape=S               200 application/json with the document S of JSON_SHAPES
"""

import gzip
import json
import time
import zlib

import hostile_fixture

write = lambda handler, data: hostile_fixture.write(handler, data)
head = lambda status, fields: hostile_fixture.head(status, fields)

EVENT_STREAM = [(b"Content-Type", b"text/event-stream"), (b"Cache-Control", b"no-cache")]

# A WHATWG parser dispatches five events without ids: "after retries" (retry 10^12; the -5 is
# ignored), "id kept" (the id with NUL is ignored), "\ufffd\ufffd bad utf-8", "\ufeffbom in data"
# (the field name behind a BOM is unknown, so that line is ignored), "cr"; a 256 KB comment between.
SSE_ODD_FIELDS = (
    b"retry: 1000000000000\ndata: after retries\nretry: -5\n\n"
    b"id: a\x00b\ndata: id kept\n\n"
    b"data: \xff\xfe bad utf-8\n\n"
    b"\xef\xbb\xbfdata: hidden behind a BOM\n"
    b"data: \xef\xbb\xbfbom in data\n\n"
    b": " + b"c" * (256 << 10) + b"\n"
    b"data: cr\r\r"
)

DEPTH = 100000
# Built when asked for (the large ones would slow every server's start).
JSON_SHAPES = {
    "deep-arrays": lambda: b"[" * DEPTH + b"]" * DEPTH,
    "deep-objects": lambda: b'{"a":' * DEPTH + b"1" + b"}" * DEPTH,
    "deep-mixed": lambda: b'[{"a":' * (DEPTH // 2) + b"1" + b"}]" * (DEPTH // 2),
    "unclosed": lambda: b"[" * DEPTH,
    "huge-exponent": lambda: b'{"int": 1, "double": 1e400, "decimal": 1e400}',
    "long-number": lambda: b'{"value": ' + b"9" * 400 + b"}",
    "long-fraction": lambda: b'{"value": 0.' + b"1" * 400 + b"}",
    "tiny-exponent": lambda: b'{"value": 1e-400}',
    "duplicate-keys": lambda: b'{"value": 1, "value": 2}',
    "lone-surrogate": lambda: b'{"value": "a\\ud800b"}',
    "reversed-surrogates": lambda: b'{"value": "\\udc00\\ud800"}',
    "nul-in-string": lambda: b'{"value": "a\\u0000b"}',
    "invalid-utf8": lambda: b'{"value": "a\xff\xfeb"}',
    "overlong-utf8": lambda: b'{"value": "\xc0\xaf"}',
    "encoded-surrogate": lambda: b'{"value": "\xed\xa0\x80"}',
    "truncated-utf8": lambda: b'{"value": "\xe2\x82"}',
    "utf8-bom": lambda: b'\xef\xbb\xbf{"value": "bom"}',
    "huge-string": lambda: b'{"value": "' + b"s" * (24 << 20) + b'"}',
    "many-keys": lambda: b"{" + b",".join(b'"k%d":%d' % (i, i) for i in range(200000)) + b"}",
}


def chunked_head(handler, fields):
    return write(handler, head(b"200 OK", fields + [(b"Transfer-Encoding", b"chunked")]))


def chunk(handler, data):
    return write(handler, b"%x\r\n%s\r\n" % (len(data), data))


def endless(handler, prefix, piece, limit):
    """`prefix`, then `piece` again and again until `limit` bytes are sent or the client leaves;
    then nothing more, the connection kept open until the client leaves (60 s at most). Only the
    client can end the exchange, yet a client that does not stop costs the test run no more than
    `limit` bytes (an endless flood over loopback keeps a FoundationNetworking process busy)."""
    if not chunk(handler, prefix):
        return
    sent = len(prefix)
    while sent < limit and chunk(handler, piece):
        sent += len(piece)
    hostile_fixture.wait_for_client_to_leave(handler, 60)
    handler.close_connection = True


def encode(body, layers):
    for coding in layers:
        if coding == "gzip":
            body = gzip.compress(body, 9)
        elif coding == "deflate":
            body = zlib.compress(body, 9)
    return body




def route(handler, kind, query):
    def text(name, default):
        return query.get(name, [default])[0]

    limit = int(text("bytes", str(16 << 20)))

    if kind == "sse-endless-line":
        if chunked_head(handler, EVENT_STREAM):
            endless(handler, b"data: ", b"x" * 65536, limit)
    elif kind == "sse-data-flood":
        if chunked_head(handler, EVENT_STREAM):
            endless(handler, b"id: 1\n", b"data:\n" * 10000, limit)
    elif kind == "sse-odd-fields":
        if chunked_head(handler, EVENT_STREAM):
            for start in range(0, len(SSE_ODD_FIELDS), 4096):
                chunk(handler, SSE_ODD_FIELDS[start:start + 4096])
            chunk(handler, b"")
    elif kind == "sse-replay":
        if chunked_head(handler, EVENT_STREAM):
            event_id = b"i" * int(text("idbytes", "0")) or b"1"
            chunk(handler, b"retry: 0\nid: " + event_id + b"\ndata: same\n\n")
            write(handler, b"40\r\ndata: lost")  # half a chunk: the body cannot be complete
        handler.close_connection = True
    elif kind == "ndjson-endless-line":
        if chunked_head(handler, [(b"Content-Type", b"application/x-ndjson")]):
            endless(handler, b'{"n": 1, "text": "', b"x" * 65536, limit)
    elif kind == "encoded":
        layers = [name.strip() for name in text("layers", "gzip").split(",") if name.strip()]
        bomb = text("kind", "json") == "bomb"
        body = encode(bytes(int(text("mb", "16")) << 20) if bomb else b'{"ok":true}', layers)
        fields = [(b"Content-Type", b"application/json"), (b"Content-Length", str(len(body)).encode()),
                  (b"Content-Encoding", ", ".join(layers).encode())]
        write(handler, head(b"200 OK", fields) + body)
    elif kind == "encoding-chain":
        body = gzip.compress(b'{"ok":true}')
        codings = ", ".join(["gzip"] * int(text("count", "1000"))).encode()
        fields = [(b"Content-Type", b"application/json"), (b"Content-Length", str(len(body)).encode()),
                  (b"Content-Encoding", codings)]
        write(handler, head(b"200 OK", fields) + body)
    elif kind == "json":
        body = JSON_SHAPES[text("shape", "deep-arrays")]()
        fields = [(b"Content-Type", b"application/json"), (b"Content-Length", str(len(body)).encode())]
        write(handler, head(b"200 OK", fields))
        for start in range(0, len(body), 1 << 20):
            if not write(handler, body[start:start + (1 << 20)]):
                break
    else:
        return False
    return True
