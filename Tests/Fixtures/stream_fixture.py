"""Streamed-response routes of the fixture server (fixture_server.py): server-sent events and JSON
Lines, sent with chunked transfer encoding and flushed piece by piece. Standard library only.

  /<sid>/sse?split=K
      a fixed event stream: a BOM, comments, multi-line data, CR / LF / CRLF line ends, an event
      name, ids (one reset), retry, a block without data, an unfinished block at the end; written
      K bytes at a time (default 7), so lines and CRLFs are split between chunks
  /<sid>/sse-resume?total=N&cut=M
      events with ids 1..N, data {"n": i}; a request without Last-Event-ID sends events 1..M and
      drops the connection mid-chunk; with "Last-Event-ID: k" it sends k+1..N and ends normally
  /<sid>/sse-endless?interval=S
      one event every S seconds until the client goes away; then the scenario records it
  /<sid>/sse-stall
      one event, then silence for 30 s (a client's idle timeout ends it)
  /<sid>/ndjson?count=N&split=K
      N lines {"n": i, "text": "…"} with blank lines and CRLF line ends, no final newline, K bytes
      at a time
  /<sid>/flood?bytes=N&hold=1
      N bytes of "x", as fast as the client takes them; records how many were written. With hold=1
      the body is not ended after them: the server waits (up to 60 s) for the client to hang up,
      so only the client can end the exchange, and then records it as closed
  /<sid>/stream-stats
      {"closed": bool, "written": n} for the scenario's endless stream or flood

The event-stream routes answer 406 Not Acceptable unless the request's Accept admits
text/event-stream, and /ndjson unless it admits application/x-ndjson (as strict servers do).
"""

import json
import threading
import time

STATE_LOCK = threading.Lock()
STATES = {}

SSE_FIXTURE = (
    b"\xef\xbb\xbf: a comment before anything\r\n"
    b"retry: 1500\n"
    b"data: first\n\n"
    b"event: update\r\n"
    b"id: 7\r\n"
    b"data: line one\r\n"
    b"data:line two\r\n"
    b"data:  indented\r\n\r\n"
    b": keep-alive\r"
    b"data: {\"n\":3}\r\r"
    b"id\n"
    b"data\n"
    b"data: after an empty data field\n\n"
    b"event: ignored\nid: 9\n\n"
    b"data: after a block without data\n"
    b"retry: soon\n"
    b"unknown: field\n\n"
    b"data: unfinished"
)


def state_of(sid):
    with STATE_LOCK:
        return STATES.setdefault(sid, {"closed": False, "written": 0})


def start_chunked(handler, content_type):
    handler.send_response(200)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Cache-Control", "no-cache")
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    handler.wfile.flush()


def write_chunk(handler, data):
    handler.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
    handler.wfile.flush()


def end_chunked(handler):
    handler.wfile.write(b"0\r\n\r\n")
    handler.wfile.flush()


def write_split(handler, body, size):
    for start in range(0, len(body), max(1, size)):
        write_chunk(handler, body[start:start + size])
        time.sleep(0.001)


def accepts(handler, media_type):
    """Whether the request's Accept header admits media_type (RFC 9110 12.5.1; q=0 refuses)."""
    header = handler.headers.get("Accept")
    if header is None:
        return True
    kind = media_type.split("/")[0]
    for item in header.split(","):
        parts = [part.strip() for part in item.split(";")]
        refused = any(p.replace(" ", "") in ("q=0", "q=0.0", "q=0.00", "q=0.000") for p in parts[1:])
        if parts[0].lower() in (media_type, kind + "/*", "*/*") and not refused:
            return True
    return False


def refuse_unless_accepted(handler, behaviour):
    """Answers 406 and returns True when the route's media type is not acceptable."""
    wanted = "application/x-ndjson" if behaviour == "ndjson" else "text/event-stream"
    if behaviour not in ("sse", "sse-resume", "sse-endless", "sse-stall", "ndjson") or accepts(handler, wanted):
        return False
    body = json.dumps({"error": "not acceptable", "accept": handler.headers.get("Accept")}).encode()
    handler.send(406, body)
    return True


def wait_for_hang_up(handler, limit=60):
    """Blocks until the client closes the connection (or `limit` seconds pass)."""
    handler.connection.settimeout(limit)
    try:
        while handler.connection.recv(65536):
            pass
    except OSError:
        pass


def route(handler, sid, behaviour, query):
    """Answers the streamed-response routes; returns False for any other behaviour."""
    number = lambda name, default: query.get(name, [default])[0]
    try:
        if refuse_unless_accepted(handler, behaviour):
            return True
        if behaviour == "sse":
            start_chunked(handler, "text/event-stream")
            write_split(handler, SSE_FIXTURE, int(number("split", "7")))
            end_chunked(handler)
        elif behaviour == "sse-resume":
            total, cut = int(number("total", "6")), int(number("cut", "3"))
            last = handler.headers.get("Last-Event-ID")
            first = int(last) + 1 if last else 1
            start_chunked(handler, "text/event-stream")
            for n in range(first, total + 1):
                write_chunk(handler, b'id: %d\ndata: {"n": %d}\n\n' % (n, n))
                if last is None and n == cut:
                    # Half a chunk, then the connection drops: the body cannot be complete.
                    handler.wfile.write(b"40\r\ndata: lost")
                    handler.wfile.flush()
                    handler.close_connection = True
                    return True
            end_chunked(handler)
        elif behaviour == "sse-endless":
            interval = float(number("interval", "0.05"))
            start_chunked(handler, "text/event-stream")
            n = 0
            try:
                while True:
                    n += 1
                    write_chunk(handler, b'data: {"n": %d}\n\n' % n)
                    time.sleep(interval)
            except OSError:
                state_of(sid)["closed"] = True
                handler.close_connection = True
        elif behaviour == "sse-stall":
            start_chunked(handler, "text/event-stream")
            write_chunk(handler, b'data: {"n": 1}\n\n')
            time.sleep(30)
            handler.close_connection = True
        elif behaviour == "ndjson":
            count, split = int(number("count", "5")), int(number("split", "5"))
            lines = [json.dumps({"n": n, "text": "line %d" % n}).encode() for n in range(1, count + 1)]
            body = b"\r\n\n".join(lines)
            start_chunked(handler, "application/x-ndjson")
            write_split(handler, body, split)
            end_chunked(handler)
        elif behaviour == "flood":
            size = int(number("bytes", "67108864"))
            block = b"x" * 65536
            start_chunked(handler, "application/octet-stream")
            state = state_of(sid)
            try:
                while size > 0:
                    piece = block[:size]
                    write_chunk(handler, piece)
                    size -= len(piece)
                    with STATE_LOCK:
                        state["written"] += len(piece)
                if number("hold", "0") == "1":
                    wait_for_hang_up(handler)
                    with STATE_LOCK:
                        state["closed"] = True
                    handler.close_connection = True
                    return True
                end_chunked(handler)
            except OSError:
                state["closed"] = True
                handler.close_connection = True
        elif behaviour == "stream-stats":
            state = state_of(sid)
            with STATE_LOCK:
                payload = json.dumps(state).encode()
            handler.send(200, payload)
        else:
            return False
    except OSError:
        handler.close_connection = True  # the client went away
    return True
