#!/usr/bin/env python3
"""Scriptable HTTP/1.1 fixture server for SpecwrightRuntime tests and benchmarks.

Standard library only. Listens on 127.0.0.1 on an ephemeral port and prints the port on the
first line of stdout. Exits when stdin closes (the test process ended) and after a hard
lifetime cap (--lifetime seconds, default 300), so it can never outlive the tests. With
--tls-cert/--tls-key it serves https instead (tests generate a throwaway certificate).

Every path starts with a scenario id chosen by the test: /<sid>/<behaviour>[/...]. Counters and
recorded requests are kept per scenario, so concurrent tests never see each other.

Behaviours:
  /<sid>/sequence?statuses=503,503,200[&retry_after=1]   n-th request gets the n-th status (last repeats)
  /<sid>/status/<code>[?retry_after=V]                    always <code>
  /<sid>/auth                                             401 unless "Authorization: Bearer <token issued by refresh>"
  /<sid>/refresh                                          issues a new token (counts refreshes; ?fail=1 → 500)
  /<sid>/auth-envelope?code=N                             200 {"code":0,"data":{"attempt":hit}} with the issued bearer token, else 200 {"code":N}
  /<sid>/signed                                           200 when X-Proof is the HMAC of the request (see signature()), else 401
  /<sid>/slow?delay=S                                     answers after S seconds
  /<sid>/drip?bytes=N&interval=S                         200 promising N bytes, sending one byte every S seconds
  /<sid>/gzip-bomb?kb=K                                   200, Content-Encoding gzip: K KB that inflate to ~K MB of zeros
  /<sid>/unsized?bytes=N                                  200 with N bytes, no Content-Length (ends by closing)
  /<sid>/redirect?to=URL[&status=302][&cookie=C]          a redirect to URL (any origin), with Set-Cookie C
  /<sid>/truncated                                        promises 1000 bytes, sends 10, closes the connection
  /<sid>/invalid-json                                     200 with a broken JSON body
  /<sid>/large?bytes=N                                    200 with a JSON array of about N bytes
  /<sid>/json1k                                           200 with a fixed ~1 KB JSON object (benchmarks)
  /<sid>/echo                                             the request line, headers and body as JSON, with the
                                                          query decoded as qs/Rack do (queryTree, see qs_parse)
                                                          and the Cookie header as [name, value] pairs (cookies)
  /<sid>/blob?bytes=N[&cut=M]                             N bytes of a pattern, ranges, a cut connection (transfer_fixture.py)
  /<sid>/typed-blob?bytes=N&type=T                        N bytes as media type T, 406 unless Accept admits T (transfer_fixture.py)
  /<sid>/upload-hash, /<sid>/multipart-hash               size and SHA-256 of an uploaded body / of each part (transfer_fixture.py)
  /<sid>/sse, sse-resume, sse-endless, sse-stall, ndjson, flood   streamed responses (stream_fixture.py)
  /<sid>/hostile/...                                       a broken or malicious server's answers (hostile_fixture.py)
  /<sid>/petstore/...                                     the OAI petstore API (petstore_fixture.py)
  /<sid>/app/...                                          a notes app's per-user API (app_fixture.py)
  /<sid>/bookstore/...                                    the stateful bookstore API of specs/bookstore.yaml (bookstore_fixture.py)
  /_stats/<sid>                                           {"hits": n, "refreshes": n, "rejections": n, "requests": [...]}
                                                          (rejections: credentials refused by auth, auth-envelope, signed)
"""

import argparse
import hashlib
import hmac
import json
import zlib
import os
import re
import ssl
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, parse_qsl, urlsplit

import app_fixture
import bookstore_fixture
import hostile_fixture
import petstore_fixture
import stream_fixture
import transfer_fixture

LOCK = threading.Lock()
SCENARIOS = {}

JSON_1K = json.dumps({
    "id": 42,
    "title": "The Left Hand of Darkness",
    "authors": [{"name": "Ursula K. Le Guin", "born": 1929}],
    "tags": ["science fiction", "anthropology", "winter", "classic"],
    "summary": "A lone human emissary travels to the planet Gethen. " * 15,
    "published": "1969-03-01T00:00:00Z",
    "rating": 4.6,
    "available": True,
}).encode()


BOMBS = {}


def gzip_bomb(kilobytes):
    """A gzip body of about `kilobytes` KB that inflates ~1000-fold to zeros. Built from one
    full-flush deflate block of 1 MiB of zeros repeated (each block restarts the window, so the
    blocks are identical): 10 MB (kb=10240) takes 0.1 s to build instead of compressing 10 GB. The trailer's
    CRC is not computed: a client must stop long before it, and one that inflates everything fails
    the CRC check after ~10 GB."""
    with LOCK:
        if kilobytes in BOMBS:
            return BOMBS[kilobytes]
    chunk = bytes(1 << 20)
    deflater = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = deflater.compress(chunk) + deflater.flush(zlib.Z_FULL_FLUSH)
    block = deflater.compress(chunk) + deflater.flush(zlib.Z_FULL_FLUSH)
    repeats = max(1, (kilobytes << 10) // len(block))
    inflated = (repeats + 1) << 20
    trailer = (0).to_bytes(4, "little") + (inflated & 0xFFFFFFFF).to_bytes(4, "little")
    body = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff" + first + block * repeats + deflater.flush() + trailer
    with LOCK:
        BOMBS[kilobytes] = body
    return body


def reject(state):
    with LOCK:
        state["rejections"] += 1


SIGNING_KEY = b"fixture-signing-key"


def signature(method, target, date, body):
    """Hex HMAC-SHA-256 under SIGNING_KEY of "METHOD\nTARGET\nX-DATE\nhex(SHA-256(body))" — the
    scheme the custom-authenticator tests implement on the client side."""
    message = "\n".join([method, target, date, hashlib.sha256(body).hexdigest()]).encode()
    return hmac.new(SIGNING_KEY, message, hashlib.sha256).hexdigest()


def qs_parse(query):
    """The query decoded the way Node's qs and Rails' Rack do: `a[b][c]=v` nests objects, `a[]=v`
    appends to an array, `a[0][b]=v` indexes one (arrays are compacted in index order), a repeated
    plain key becomes an array. Values stay strings; `+` is a space."""
    root = {}
    for key, value in parse_qsl(query, keep_blank_values=True):
        head = key.split("[", 1)[0]
        segments = [head] + re.findall(r"\[([^\]]*)\]", key[len(head):]) if head else [key]
        node = root
        for index, segment in enumerate(segments):
            last = index == len(segments) - 1
            if segment == "":
                segment = str(sum(1 for k in node if k.isdigit()))
            if last:
                if segment in node:
                    previous = node[segment]
                    node[segment] = (previous if isinstance(previous, list) else [previous]) + [value]
                else:
                    node[segment] = value
            else:
                child = node.get(segment)
                if not isinstance(child, dict):
                    child = node[segment] = {}
                node = child

    def arrays(value):
        if isinstance(value, dict):
            converted = {k: arrays(v) for k, v in value.items()}
            if converted and all(k.isdigit() for k in converted):
                return [converted[k] for k in sorted(converted, key=int)]
            return converted
        return value
    return arrays(root)


def cookie_pairs(header):
    """A Cookie header as [name, value] pairs in order (RFC 6265 §5.4: `; `-separated)."""
    pairs = []
    for item in (header or "").split(";"):
        name, _, value = item.strip().partition("=")
        if name:
            pairs.append([name, value])
    return pairs


def scenario(sid):
    with LOCK:
        state = SCENARIOS.get(sid)
        if state is None:
            state = {"hits": 0, "refreshes": 0, "rejections": 0, "token": None, "requests": []}
            SCENARIOS[sid] = state
        return state


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "SpecwrightFixture/1"
    # Headers and body leave in one write (the handler flushes after each request) and Nagle is
    # off: otherwise Nagle + delayed ACK add ~40 ms to every keep-alive response.
    wbufsize = 1 << 16
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def handle_expect_100(self):
        # The interim response must leave now: with the buffered wfile above it would wait for
        # the final one, and a client that sent "Expect: 100-continue" (curl does for bodies over
        # 1 MB) would wait a second before sending the body.
        self.send_response_only(100)
        self.end_headers()
        self.wfile.flush()
        return True

    def send(self, status, body=b"", content_type="application/json", headers=None):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def handle_any(self):
        parts = urlsplit(self.path)
        query = parse_qs(parts.query)
        segments = [s for s in parts.path.split("/") if s]
        length = int(self.headers.get("Content-Length") or 0)
        # Upload routes read (and hash) the body themselves, as it arrives.
        streams = len(segments) >= 2 and transfer_fixture.reads_body(segments[1])
        body = self.rfile.read(length) if length > 0 and not streams else b""
        if len(segments) == 2 and segments[0] == "_stats":
            state = scenario(segments[1])
            with LOCK:
                payload = json.dumps({k: state[k] for k in ("hits", "refreshes", "rejections", "requests")}).encode()
            return self.send(200, payload)
        if len(segments) == 2 and segments[0] == "_data":
            return self.send(200, data_layer_stats(scenario(segments[1])))
        if len(segments) < 2:
            return self.send(404, b'{"error":"no scenario"}')
        sid, behaviour, rest = segments[0], segments[1], segments[2:]
        state = scenario(sid)
        with LOCK:
            state["hits"] += 1
            hit = state["hits"]
            state["requests"].append({
                "method": self.command, "path": self.path,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "time": time.monotonic(),
            })
        extra = {}
        if "retry_after" in query:
            extra["Retry-After"] = query["retry_after"][0]

        if transfer_fixture.route(self, behaviour, query, hit):
            return None
        if stream_fixture.route(self, sid, behaviour, query):
            return None
        if hostile_fixture.route(self, behaviour, rest, query):
            return None
        if behaviour == "sequence":
            statuses = [int(s) for s in query.get("statuses", ["200"])[0].split(",")]
            status = statuses[min(hit, len(statuses)) - 1]
            if status < 300:
                return self.send(status, json.dumps({"attempt": hit}).encode())
            return self.send(status, json.dumps({"error": "scripted", "attempt": hit}).encode(), headers=extra)
        if behaviour == "status" and rest:
            status = int(rest[0])
            return self.send(status, json.dumps({"error": "scripted", "status": status}).encode(), headers=extra)
        if behaviour == "auth":
            with LOCK:
                token = state["token"]
            if token is not None and self.headers.get("Authorization") == "Bearer " + token:
                return self.send(200, json.dumps({"attempt": hit}).encode())
            reject(state)
            return self.send(401, b'{"error":"unauthorized"}', headers={"WWW-Authenticate": "Bearer"})
        if behaviour == "auth-envelope":
            with LOCK:
                token = state["token"]
            if token is not None and self.headers.get("Authorization") == "Bearer " + token:
                return self.send(200, json.dumps({"code": 0, "message": "ok", "data": {"attempt": hit}}).encode())
            reject(state)
            code = int(query.get("code", ["1002"])[0])
            return self.send(200, json.dumps({"code": code, "message": "token expired"}).encode())
        if behaviour == "signed":
            expected = signature(self.command, self.path, self.headers.get("X-Date") or "", body)
            if hmac.compare_digest(self.headers.get("X-Proof") or "", expected):
                return self.send(200, json.dumps({"attempt": hit}).encode())
            reject(state)
            return self.send(401, b'{"error":"bad signature"}')
        if behaviour == "refresh":
            if query.get("fail"):
                return self.send(500, b'{"error":"refresh failed"}')
            time.sleep(float(query.get("delay", ["0.05"])[0]))
            with LOCK:
                state["refreshes"] += 1
                state["token"] = "token-%d" % state["refreshes"]
                token = state["token"]
            return self.send(200, json.dumps({"token": token}).encode())
        if behaviour == "slow":
            time.sleep(float(query.get("delay", ["1"])[0]))
            return self.send(200, b'{"slow":true}')
        if behaviour == "drip":
            size = int(query.get("bytes", ["30"])[0])
            interval = float(query.get("interval", ["1"])[0])
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(size))
            self.end_headers()
            self.wfile.flush()
            try:
                for _ in range(size):
                    time.sleep(interval)
                    self.wfile.write(b" ")
                    self.wfile.flush()
            except OSError:
                pass  # the client gave up, as it should
            self.close_connection = True
            return
        if behaviour == "gzip-bomb":
            body = gzip_bomb(int(query.get("kb", ["10240"])[0]))
            try:
                return self.send(200, body, headers={"Content-Encoding": "gzip"})
            except OSError:
                return None  # the client stopped reading, as it should
        if behaviour == "unsized":
            size = int(query.get("bytes", ["1048576"])[0])
            self.send_response(200)
            self.send_header("Content-Type", "application/octet-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            chunk = b"x" * 65536
            try:
                while size > 0:
                    self.wfile.write(chunk[:size])
                    size -= len(chunk)
            except OSError:
                pass  # the client stopped reading, as it should
            self.close_connection = True
            return None
        if behaviour == "redirect":
            status = int(query.get("status", ["302"])[0])
            headers = {"Location": query.get("to", ["/"])[0]}
            if "cookie" in query:
                headers["Set-Cookie"] = query["cookie"][0]
            return self.send(status, b"", headers=headers)
        if behaviour == "truncated":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"partial":')
            self.wfile.flush()
            self.close_connection = True
            return
        if behaviour == "invalid-json":
            return self.send(200, b'{"id": 1, "title": ')
        if behaviour == "large":
            size = int(query.get("bytes", ["1048576"])[0])
            item = b'"' + b"x" * 98 + b'"'
            count = max(1, size // (len(item) + 1))
            return self.send(200, b"[" + b",".join([item] * count) + b"]")
        if behaviour == "json1k":
            return self.send(200, JSON_1K)
        if behaviour == "repeated-headers":
            # Fields a response may repeat: three Set-Cookie (one with a comma in its Expires
            # date), two Link and two Vary, in this order.
            body = b"{}"
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Set-Cookie", "session=abc; Path=/; HttpOnly")
            self.send_header("Link", '<https://api.example/items?page=2>; rel="next"')
            self.send_header("Set-Cookie", "theme=dark; Expires=Wed, 21 Oct 2026 07:28:00 GMT")
            self.send_header("Vary", "Accept")
            self.send_header("Set-Cookie", "lang=en")
            self.send_header("Link", '<https://api.example/items?page=9>; rel="last"')
            self.send_header("Vary", "Accept-Language")
            self.end_headers()
            self.wfile.write(body)
            return None
        if behaviour == "echo":
            payload = {
                "method": self.command, "path": parts.path, "query": parts.query,
                "requestLine": self.requestline,
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
                "queryTree": qs_parse(parts.query),
                "cookies": cookie_pairs(self.headers.get("Cookie")),
            }
            return self.send(200, json.dumps(payload).encode())
        if behaviour == "app" and app_fixture.route(self, sid, rest, query, body):
            return None
        if behaviour == "bookstore" and bookstore_fixture.route(self, sid, rest, query, body):
            return None
        if behaviour == "petstore" and petstore_fixture.route(self, sid, rest, query, body):
            return None
        if data_layer_route(self, state, behaviour, query, body, hit):
            return None
        return self.send(404, b'{"error":"unknown behaviour"}')

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = handle_any


# ---------------------------------------------------------------------------------------------
# Data-layer routes (HTTP cache, config gate, envelope, batch loader, outbox). Owned by the
# data-layer tests (Data*Tests.swift); everything above belongs to the runtime-core tests.
#
#   /<sid>/cached?cc=V[&etag=E][&lm=HTTP-date][&vary=H][&age=A][&fail=N][&delay=S][&pad=N]
#         [&cookie=C][&hold_after=N] (a request after the scenario's N-th is held until
#         /<sid>/release_cached is called, or 60 s pass: a test can act while a fetch is known to be in flight)
#         (the first N requests of the scenario get 503; with down_after=N every request after the
#         N-th is dropped without an answer: a transport failure)
#         200 with Cache-Control V (and ETag / Last-Modified / Vary / Age / Set-Cookie C, sent
#         verbatim, on a 304 too), body
#         {"hit": n, "lang": …, "user": <bearer token or null>, "user_hit": n-th request with that token}
#         (every request of the route is counted per token in "user_hits" of /_data/<sid>)
#         (plus "pad": N × "x" when pad is given; with pad_from=K only from the scenario's K-th request on);
#         304 when If-None-Match equals E (counted as not_modified)
#   /<sid>/gate[?fail=1][&delay=S]          the config gate call (500 when fail=1)
#   /<sid>/envelope?code=N[&message=M]      {"code": N, "message": M, "data": {"attempt": n}}
#   /<sid>/batch?ids=a&ids=b…[&delay=S]      [{"id": "a"}, …]; tracks calls and peak concurrency
#         [&slow_ids=a,b] only calls holding one of these ids wait `delay`; [&fail_ids=a,b] calls
#         holding one of these get 500; [&cc=V] sent as Cache-Control
#   /<sid>/outbox[?delay=S][&hold_after=N]  POST; de-duplicates by Idempotency-Key (201 / 200 replay);
#         with hold_after=N, once N keys have arrived every further write is held (no answer) until
#         /<sid>/outbox_release is called (or 60 s pass), so a client is reliably mid-flush
#   /<sid>/outbox_release                   releases the held writes of the scenario
#   /<sid>/release_cached                   releases the held /cached requests of the scenario
#   /_data/<sid>                            {"not_modified", "batch_calls", "batch_peak",
#                                            "outbox_keys" (first-delivery order), "outbox_duplicates"}
# ---------------------------------------------------------------------------------------------


def data_layer_state(state):
    with LOCK:
        if "data" not in state:
            state["data"] = {"not_modified": 0, "batch_calls": 0, "batch_in_flight": 0, "batch_peak": 0,
                             "outbox_keys": [], "outbox_seen": set(), "outbox_duplicates": 0}
        return state["data"]


def data_layer_stats(state):
    data = data_layer_state(state)
    with LOCK:
        return json.dumps({k: v for k, v in data.items() if k != "outbox_seen"}).encode()


def data_layer_route(handler, state, behaviour, query, body, hit):
    data = data_layer_state(state)
    delay = float(query.get("delay", ["0"])[0])
    if behaviour == "cached":
        authorization = handler.headers.get("Authorization") or ""
        user = authorization[len("Bearer "):] if authorization.startswith("Bearer ") else None
        with LOCK:
            user_hits = data.setdefault("user_hits", {})
            user_hits[user or ""] = user_hits.get(user or "", 0) + 1
            user_hit = user_hits[user or ""]
        etag = query.get("etag", [None])[0]
        headers = {"Cache-Control": query.get("cc", ["max-age=60"])[0]}
        if etag:
            headers["ETag"] = etag
        if "lm" in query:
            headers["Last-Modified"] = query["lm"][0]
        if "vary" in query:
            headers["Vary"] = query["vary"][0]
        if "age" in query:
            headers["Age"] = query["age"][0]
        if "cookie" in query:
            headers["Set-Cookie"] = query["cookie"][0]
        if delay:
            time.sleep(delay)
        hold_after = int(query.get("hold_after", ["0"])[0])
        deadline = time.monotonic() + 60
        while hold_after and hit > hold_after and time.monotonic() < deadline:
            with LOCK:
                if data.get("cached_released"):
                    break
            time.sleep(0.01)
        if "down_after" in query and hit > int(query["down_after"][0]):
            handler.close_connection = True  # no answer at all: the client sees a lost connection
            return True
        if hit <= int(query.get("fail", ["0"])[0]):
            handler.send(503, b'{"error":"try again"}', headers={"Retry-After": "0"})
            return True
        if etag and handler.headers.get("If-None-Match") == etag:
            with LOCK:
                data["not_modified"] += 1
            handler.send_response(304)
            for name, value in headers.items():
                handler.send_header(name, value)
            handler.send_header("Content-Length", "0")
            handler.end_headers()
            return True
        payload = {"hit": hit, "lang": handler.headers.get("Accept-Language"), "user": user, "user_hit": user_hit}
        if "pad" in query and hit >= int(query.get("pad_from", ["0"])[0]):
            payload["pad"] = "x" * int(query["pad"][0])
        handler.send(200, json.dumps(payload).encode(), headers=headers)
        return True
    if behaviour == "gate":
        if delay:
            time.sleep(delay)
        if query.get("fail"):
            handler.send(500, b'{"error":"config down"}')
        else:
            handler.send(200, json.dumps({"featureFlags": {"new": True}, "minimumVersion": "1.0", "served": hit}).encode())
        return True
    if behaviour == "envelope":
        code = int(query.get("code", ["0"])[0])
        message = query.get("message", ["ok"])[0]
        handler.send(200, json.dumps({"code": code, "message": message, "data": {"attempt": hit}}).encode())
        return True
    if behaviour == "batch":
        with LOCK:
            data["batch_calls"] += 1
            data["batch_in_flight"] += 1
            data["batch_peak"] = max(data["batch_peak"], data["batch_in_flight"])
        ids = query.get("ids", [])
        slow = set(query.get("slow_ids", [""])[0].split(","))
        failing = set(query.get("fail_ids", [""])[0].split(","))
        try:
            if delay and (slow == {""} or slow & set(ids)):
                time.sleep(delay)
            if failing & set(ids):
                handler.send(500, b'{"error":"batch failed"}')
            else:
                headers = {"Cache-Control": query["cc"][0]} if "cc" in query else None
                handler.send(200, json.dumps([{"id": i} for i in ids]).encode(), headers=headers)
        finally:
            with LOCK:
                data["batch_in_flight"] -= 1
        return True
    if behaviour == "outbox":
        key = handler.headers.get("Idempotency-Key")
        if key is None:
            handler.send(400, b'{"error":"missing Idempotency-Key"}')
            return True
        if delay:
            time.sleep(delay)
        hold_after = int(query.get("hold_after", ["0"])[0])
        deadline = time.monotonic() + 60
        while hold_after and time.monotonic() < deadline:
            with LOCK:
                if data.get("outbox_released") or len(data["outbox_keys"]) < hold_after:
                    break
            time.sleep(0.01)
        with LOCK:
            replay = key in data["outbox_seen"]
            if replay:
                data["outbox_duplicates"] += 1
            else:
                data["outbox_seen"].add(key)
                data["outbox_keys"].append(key)
        handler.send(200 if replay else 201, json.dumps({"key": key, "replay": replay}).encode())
        return True
    if behaviour == "release_cached":
        with LOCK:
            data["cached_released"] = True
        handler.send(200, b'{"released":true}')
        return True
    if behaviour == "outbox_release":
        with LOCK:
            data["outbox_released"] = True
        handler.send(200, b'{"released":true}')
        return True
    return False


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256

    def handle_error(self, request, client_address):
        pass  # clients that time out close the connection mid-response; that is expected


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=float, default=300)
    parser.add_argument("--port", type=int, default=0, help="listen on this port (a restart of a stopped server)")
    parser.add_argument("--tls-cert", help="serve https with this PEM certificate (and --tls-key)")
    parser.add_argument("--tls-key")
    args = parser.parse_args()
    server = QuietServer(("127.0.0.1", args.port), Handler)
    if args.tls_cert:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()

    def watch_stdin():
        try:
            while sys.stdin.buffer.read(4096):
                pass
        except Exception:
            pass
        os._exit(0)

    threading.Thread(target=watch_stdin, daemon=True).start()
    time.sleep(max(1.0, args.lifetime))
    os._exit(0)


if __name__ == "__main__":
    main()
