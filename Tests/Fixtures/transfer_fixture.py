"""Transfer routes of the fixture server (fixture_server.py): large downloads with ranges and cut
connections. Standard library only.

  /<sid>/blob?bytes=N[&cut=M][&stall=M]
      N bytes, byte i = i % 251; ETag and Accept-Ranges; honours "Range: bytes=S-" (with If-Range)
      with a 206; with cut=M a request without Range sends M bytes and then drops the connection;
      with stall=M it sends M bytes and then waits 30 s before the rest (a client cancels meanwhile)
"""

import time

PERIOD = 251
BLOCK = bytes(i % PERIOD for i in range(PERIOD * 1024))  # 251 KiB, whole periods


def pattern(start, length):
    """Yields the bytes [start, start+length) of the blob pattern in chunks of at most 251 KiB."""
    offset = start % PERIOD
    while length > 0:
        chunk = BLOCK[offset:offset + min(length, len(BLOCK) - offset)]
        yield chunk
        length -= len(chunk)
        offset = 0


def route(handler, behaviour, query, hit):
    """Answers the transfer routes; returns False for any other behaviour."""
    if behaviour != "blob":
        return False
    size = int(query.get("bytes", ["1048576"])[0])
    cut = int(query.get("cut", ["-1"])[0])
    stall = int(query.get("stall", ["-1"])[0])
    etag = '"blob-%d"' % size
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
        for chunk in pattern(start, size - start):
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
