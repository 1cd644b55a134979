"""Transfer routes of the fixture server (fixture_server.py): large downloads with ranges and cut
connections. Standard library only.

  /<sid>/blob?bytes=N[&cut=M][&once=1][&changes=1][&stall=M]
      N bytes, byte i = i % 251; ETag and Accept-Ranges; honours "Range: bytes=S-" (with If-Range)
      with a 206; with cut=M a request without Range sends M bytes and then drops the connection
      (with once=1 only the scenario's first request); with changes=1 the file changes after the
      first request (version 2: byte i = (i + 7) % 251, another ETag); with stall=M it sends M
      bytes and then waits 30 s before the rest (a client cancels meanwhile)
  /<sid>/typed-blob?bytes=N&type=T
      N bytes of the blob pattern as media type T (Content-Type: T), or 406 Not Acceptable when the
      request's Accept does not admit T
  /<sid>/upload-hash[?status=S]
      reads the request body as it arrives (Content-Length or chunked) without storing it and
      answers {"bytes": n, "sha256": hex, "contentType": ...} (status S, default 200)
  /<sid>/upload-release?key=K
      lets upload K read on
  /<sid>/upload-receipt?key=K
      {"bytes": n, "complete": bool} of upload K once it ended (waits at most 30 s; 404 after)
  /<sid>/multipart-hash
      reads a multipart/form-data body as it arrives and answers {"parts": [{"name", "filename",
      "contentType", "bytes", "sha256", "value" (the text of parts up to 1 KB)}], "bytes": n};
      a malformed body gets a 400 with {"error": ...}
  both upload routes take [&stall=M&key=K]: reading stops after M bytes until
  /upload-release?key=K (at most 30 s), so a client cannot finish sending meanwhile, and what
  arrived is kept as the receipt of K
"""

import hashlib
import json
import threading
import time

import stream_fixture

PERIOD = 251
BLOCK = bytes(i % PERIOD for i in range(PERIOD * 1024))  # 251 KiB, whole periods


def pattern(start, length, shift=0):
    """Yields the bytes [start, start+length) of the blob pattern (byte i = (i + shift) % 251) in
    chunks of at most 251 KiB."""
    offset = (start + shift) % PERIOD
    while length > 0:
        chunk = BLOCK[offset:offset + min(length, len(BLOCK) - offset)]
        yield chunk
        length -= len(chunk)
        offset = 0


STALLS = {}  # key -> threading.Event set by /upload-release
RECEIPTS = {}  # key -> {"bytes": n, "complete": bool} of a stalled upload that ended
STALL_LOCK = threading.Condition()


def stall_event(key):
    with STALL_LOCK:
        return STALLS.setdefault(key, threading.Event())


def keep_receipt(key, total, complete):
    with STALL_LOCK:
        RECEIPTS[key] = {"bytes": total, "complete": complete}
        STALL_LOCK.notify_all()


def stall_routes(handler, behaviour, query):
    """/upload-release and /upload-receipt; False for any other behaviour."""
    key = query.get("key", [""])[0]
    if behaviour == "upload-release":
        stall_event(key).set()
        handler.send(200, b"{}")
        return True
    if behaviour != "upload-receipt":
        return False
    with STALL_LOCK:
        STALL_LOCK.wait_for(lambda: key in RECEIPTS, timeout=30)
        receipt = RECEIPTS.get(key)
    if receipt is None:
        handler.send(404, b'{"error":"no receipt"}')
    else:
        handler.send(200, json.dumps(receipt).encode())
    return True


def stalled(chunks, query):
    """The chunks of a body; with stall=M&key=K reading stops after M bytes until upload K is
    released (at most 30 s), and how much arrived is kept as K's receipt when the body ends."""
    stall = int(query.get("stall", ["-1"])[0])
    key = query.get("key", [""])[0]
    total = 0
    try:
        for chunk in chunks:
            total += len(chunk)
            yield chunk
            if 0 <= stall <= total:
                stall_event(key).wait(30)
                stall = -1
    except (ValueError, OSError):
        if key:
            keep_receipt(key, total, False)
        raise
    if key:
        keep_receipt(key, total, True)


def route(handler, behaviour, query, hit):
    """Answers the transfer routes; returns False for any other behaviour."""
    if reads_body(behaviour):
        return receive(handler, behaviour, query)
    if stall_routes(handler, behaviour, query):
        return True
    if behaviour == "typed-blob":
        return typed_blob(handler, query)
    if behaviour != "blob":
        return False
    size = int(query.get("bytes", ["1048576"])[0])
    cut = int(query.get("cut", ["-1"])[0])
    stall = int(query.get("stall", ["-1"])[0])
    if query.get("once") == ["1"] and hit > 1:
        cut = -1
    version = 2 if query.get("changes") == ["1"] and hit > 1 else 1
    shift = 7 if version == 2 else 0
    etag = '"blob-%d"' % size if version == 1 else '"blob-%d-v2"' % size
    start = 0
    requested = handler.headers.get("Range", "")
    if_range = handler.headers.get("If-Range")
    if requested.startswith("bytes=") and requested.endswith("-") and (if_range is None or if_range == etag):
        start = min(size, int(requested[6:-1]))
    handler.send_response(206 if start else 200)
    handler.send_header("Content-Type", "application/octet-stream")
    handler.send_header("Content-Length", str(size - start))
    handler.send_header("ETag", etag)
    handler.send_header("Accept-Ranges", "bytes")
    if start:
        handler.send_header("Content-Range", "bytes %d-%d/%d" % (start, size - 1, size))
    handler.end_headers()
    sent = 0
    try:
        for chunk in pattern(start, size - start, shift):
            if cut >= 0 and not requested and sent + len(chunk) > cut:
                handler.wfile.write(chunk[:cut - sent])
                handler.wfile.flush()
                time.sleep(0.2)
                break
            handler.wfile.write(chunk)
            sent += len(chunk)
            if 0 <= stall <= sent:
                handler.wfile.flush()
                time.sleep(30)
                stall = -1
    except OSError:
        pass  # the client stopped reading, as it should
    if cut >= 0 and not requested:
        handler.close_connection = True
    return True


def typed_blob(handler, query):
    """N bytes of the pattern declared as the media type `type`, if the request accepts it."""
    size = int(query.get("bytes", ["1024"])[0])
    media_type = query.get("type", ["application/octet-stream"])[0]
    if not stream_fixture.accepts(handler, media_type):
        body = json.dumps({"error": "not acceptable", "accept": handler.headers.get("Accept")}).encode()
        handler.send(406, body)
        return True
    handler.send_response(200)
    handler.send_header("Content-Type", media_type)
    handler.send_header("Content-Length", str(size))
    handler.end_headers()
    try:
        for chunk in pattern(0, size):
            handler.wfile.write(chunk)
    except OSError:
        pass
    return True


STREAMED_ROUTES = ("upload-hash", "multipart-hash")


def reads_body(behaviour):
    """Whether the route reads the request body itself (the server must not read it first)."""
    return behaviour in STREAMED_ROUTES


def body_chunks(handler, size=1 << 16):
    """Yields the request body in chunks as it arrives: Content-Length or chunked encoding."""
    if "chunked" in handler.headers.get("Transfer-Encoding", "").lower():
        while True:
            line = handler.rfile.readline(1024).strip()
            length = int(line.split(b";")[0] or b"0", 16)
            if length == 0:
                while handler.rfile.readline(1024).strip():
                    pass  # trailer fields
                return
            while length > 0:
                chunk = handler.rfile.read(min(size, length))
                if not chunk:
                    raise ValueError("the chunked body ended early")
                length -= len(chunk)
                yield chunk
            handler.rfile.readline(16)
    else:
        left = int(handler.headers.get("Content-Length") or 0)
        while left > 0:
            chunk = handler.rfile.read(min(size, left))
            if not chunk:
                raise ValueError("the body ended early")
            left -= len(chunk)
            yield chunk


class PartReader:
    """Splits a multipart/form-data stream into parts, hashing each part's bytes as they arrive;
    holds at most one chunk plus a delimiter's length in memory."""

    def __init__(self, boundary):
        self.delimiter = b"\r\n--" + boundary
        self.parts = []
        self.buffer = b"\r\n"  # the first delimiter has no line break before it
        self.state = "preamble"
        self.current = None

    def feed(self, chunk):
        self.buffer += chunk
        while self.step():
            pass

    def step(self):
        if self.state == "preamble" or self.state == "body":
            index = self.buffer.find(self.delimiter)
            if index < 0:
                keep = len(self.delimiter) + 4
                if self.state == "body" and len(self.buffer) > keep:
                    self.take(self.buffer[:-keep])
                    self.buffer = self.buffer[-keep:]
                return False
            if self.state == "body":
                self.take(self.buffer[:index])
                self.finish()
            self.buffer = self.buffer[index + len(self.delimiter):]
            self.state = "after-delimiter"
            return True
        if self.state == "after-delimiter":
            if len(self.buffer) < 2:
                return False
            if self.buffer.startswith(b"--"):
                self.state = "done"
                return False
            if not self.buffer.startswith(b"\r\n"):
                raise ValueError("no line break after a delimiter")
            self.buffer = self.buffer[2:]
            self.state = "headers"
            return True
        if self.state == "headers":
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                if len(self.buffer) > 16384:
                    raise ValueError("part headers too long")
                return False
            headers = {}
            for line in self.buffer[:end].decode("utf-8").split("\r\n"):
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
            self.buffer = self.buffer[end + 4:]
            disposition = headers.get("content-disposition", "")
            params = {}
            for item in disposition.split(";")[1:]:
                key, _, value = item.strip().partition("=")
                params[key.lower()] = value.strip('"')
            self.current = {"name": params.get("name"), "filename": params.get("filename"),
                            "contentType": headers.get("content-type"), "bytes": 0,
                            "hash": hashlib.sha256(), "head": b""}
            self.state = "body"
            return True
        return False

    def take(self, data):
        if data:
            self.current["bytes"] += len(data)
            self.current["hash"].update(data)
            if len(self.current["head"]) <= 1024:
                self.current["head"] += data[:1025]

    def finish(self):
        part = self.current
        value = part.pop("head")
        part["sha256"] = part.pop("hash").hexdigest()
        part["value"] = value.decode("utf-8", "replace") if len(value) <= 1024 else None
        self.parts.append(part)
        self.current = None


def receive(handler, behaviour, query):
    """Answers the upload routes, reading the body as it arrives."""
    total = 0
    try:
        if behaviour == "upload-hash":
            digest = hashlib.sha256()
            for chunk in stalled(body_chunks(handler), query):
                total += len(chunk)
                digest.update(chunk)
            status = int(query.get("status", ["200"])[0])
            payload = {"bytes": total, "sha256": digest.hexdigest(), "contentType": handler.headers.get("Content-Type")}
            handler.send(status, json.dumps(payload).encode())
            return True
        content_type = handler.headers.get("Content-Type", "")
        boundary = None
        for item in content_type.split(";")[1:]:
            key, _, value = item.strip().partition("=")
            if key.lower() == "boundary":
                boundary = value.strip('"').encode()
        if not content_type.lower().startswith("multipart/form-data") or not boundary:
            raise ValueError("not multipart/form-data with a boundary: %r" % content_type)
        reader = PartReader(boundary)
        for chunk in stalled(body_chunks(handler), query):
            total += len(chunk)
            reader.feed(chunk)
        if reader.state != "done":
            raise ValueError("the body ended before the closing delimiter (state %s)" % reader.state)
        handler.send(200, json.dumps({"parts": reader.parts, "bytes": total}).encode())
    except (ValueError, UnicodeDecodeError) as error:
        handler.close_connection = True
        handler.send(400, json.dumps({"error": str(error)}).encode())
    except OSError:
        handler.close_connection = True  # the client went away mid-body
    return True
