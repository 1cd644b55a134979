"""A notes app's API for the app-scenario tests (Tests/EndToEndTests/scribe.specwright.yaml).

Mounted by fixture_server.py under /<sid>/app/..., so each test has its own state. Every user has
their own profile and notes: a request's user is the one its bearer token was issued to, so a
test sees at once when one user's data reaches another. Standard library only.

  POST   /auth/token?user=U             signs U in: a new token for U (counts per user)
  POST   /auth/refresh                  a new token for the user of the rejected one in the body
                                        {"token": T} (counts refreshes; waits 0.2 s so concurrent
                                        callers overlap; 401 with {"refresh_fails": true})
  GET    /me                            {"id": U, "name": …}; ETag, 304 on If-None-Match
  GET    /notes?cursor=C&limit=N        the user's notes, newest last, N a page, "next_cursor";
                                        ETag per page and version, 304 on If-None-Match
  POST   /notes                         creates {"text"} for the user; de-duplicates Idempotency-Key
  GET    /notes/<id>                    the user's note, or 404
  GET    /notes/batch?ids=a&ids=b       the user's notes with these ids (counts calls)
  GET    /feed?total=N&cut=M            the user's live feed: events with ids 1..N, data
                                        {"n": i, "user": U}; without Last-Event-ID it drops the
                                        connection after event M, with "Last-Event-ID: k" it sends
                                        k+1..N (to the user of the reconnecting request)
  POST   /_control                      {"down": bool} drops every other request unanswered (the
                                        app is offline); {"hold": P} holds the next request to path
                                        P until {"release": P} (computed at once, sent on release); {"expire": U} rejects U's tokens
                                        until refreshed; {"refresh_fails": bool}
  GET    /_stats                        {"routes", "refreshes", "not_modified", "users"
                                        (requests per user), "keys" (Idempotency-Key deliveries)}
"""

import hashlib
import json
import threading
import time

import stream_fixture

LOCK = threading.Lock()
STATES = {}


def state(sid):
    with LOCK:
        s = STATES.get(sid)
        if s is None:
            s = {"tokens": {}, "issued": 0, "notes": {}, "next_id": 0, "version": 0, "down": False,
                 "holds": {}, "refresh_fails": False, "routes": {}, "refreshes": 0, "not_modified": 0,
                 "users": {}, "keys": {}}
            STATES[sid] = s
        return s


def issue(s, user):
    """A new token for `user` (under LOCK)."""
    s["issued"] += 1
    token = "%s.%d" % (user, s["issued"])
    s["tokens"][token] = user
    if user not in s["notes"]:
        s["notes"][user] = []
        for text in ("first", "second", "third"):
            add_note(s, user, "%s's %s note" % (user, text))
    return token


def add_note(s, user, text):
    s["next_id"] += 1
    s["version"] += 1
    note = {"id": "n%d" % s["next_id"], "owner": user, "text": text, "version": s["version"]}
    s["notes"][user].append(note)
    return note


def conditional(handler, s, payload, tag):
    """200 with the payload and an ETag, or 304 when the request already holds it."""
    etag = '"%s"' % hashlib.sha256(tag.encode()).hexdigest()[:16]
    headers = {"ETag": etag, "Cache-Control": "private, max-age=30"}
    if handler.headers.get("If-None-Match") == etag:
        with LOCK:
            s["not_modified"] += 1
        handler.send_response(304)
        for name, value in headers.items():
            handler.send_header(name, value)
        handler.send_header("Content-Length", "0")
        handler.end_headers()
        return
    handler.send(200, json.dumps(payload).encode(), headers=headers)


def route(handler, sid, rest, query, body):
    """Handles /<sid>/app/<rest>; returns True when it answered."""
    s = state(sid)
    method = handler.command
    path = "/" + "/".join(rest)

    if path == "/_control":
        control = json.loads(body or b"{}")
        with LOCK:
            if "down" in control:
                s["down"] = bool(control["down"])
            if "hold" in control:
                s["holds"][control["hold"]] = "armed"
            if "release" in control:
                s["holds"][control["release"]] = "released"
            if "expire" in control:
                s["tokens"] = {t: u for t, u in s["tokens"].items() if u != control["expire"]}
            if "refresh_fails" in control:
                s["refresh_fails"] = bool(control["refresh_fails"])
        handler.send(204)
        return True
    if path == "/_stats":
        with LOCK:
            payload = {k: s[k] for k in ("routes", "refreshes", "not_modified", "users", "keys")}
            payload["holding"] = [p for p, v in s["holds"].items() if v == "holding"]
        handler.send(200, json.dumps(payload).encode())
        return True

    with LOCK:
        down = s["down"]
        hold = s["holds"].get(path) == "armed"
        if hold:
            s["holds"][path] = "holding"
    if down:
        handler.close_connection = True  # no answer at all: the app sees a lost connection
        return True
    answered = answer(handler, s, method, path, rest, query, body)
    # A held answer is computed now and leaves on release: the handler's buffered output is
    # flushed only after this returns.
    deadline = time.monotonic() + 60
    while hold and time.monotonic() < deadline:
        with LOCK:
            if s["holds"].get(path) == "released":
                del s["holds"][path]
                break
        time.sleep(0.01)
    return answered


def answer(handler, s, method, path, rest, query, body):
    """Answers one request of the app's API; returns True when it answered."""
    if path == "/auth/token" and method == "POST":
        with LOCK:
            token = issue(s, query.get("user", ["anonymous"])[0])
        handler.send(200, json.dumps({"token": token}).encode())
        return True
    if path == "/auth/refresh" and method == "POST":
        rejected = json.loads(body or b"{}").get("token", "")
        time.sleep(0.2)
        with LOCK:
            s["refreshes"] += 1
            user = rejected.split(".")[0] if rejected else None
            failing = s["refresh_fails"]
            token = None if failing or not user else issue(s, user)
        if token is None:
            handler.send(401, json.dumps({"message": "refresh token revoked"}).encode())
        else:
            handler.send(200, json.dumps({"token": token}).encode())
        return True

    authorization = handler.headers.get("Authorization") or ""
    with LOCK:
        user = s["tokens"].get(authorization[len("Bearer "):]) if authorization.startswith("Bearer ") else None
        key = "%s %s" % (method, "/notes/{id}" if len(rest) == 2 and rest[1] != "batch" else path)
        s["routes"][key] = s["routes"].get(key, 0) + 1
        if user:
            s["users"][user] = s["users"].get(user, 0) + 1
    if user is None:
        handler.send(401, json.dumps({"message": "unauthorized"}).encode(), headers={"WWW-Authenticate": "Bearer"})
        return True

    if path == "/me" and method == "GET":
        conditional(handler, s, {"id": user, "name": user.title()}, "me-" + user)
        return True
    if path == "/notes" and method == "GET":
        limit = max(1, int(query.get("limit", ["2"])[0]))
        start = int(query.get("cursor", ["0"])[0] or 0)
        with LOCK:
            notes = list(s["notes"][user])
        page = notes[start:start + limit]
        cursor = str(start + limit) if start + limit < len(notes) else None
        tag = "notes-%s-%d-%d-%s" % (user, start, limit, ",".join("%s@%d" % (n["id"], n["version"]) for n in page))
        conditional(handler, s, {"notes": page, "next_cursor": cursor}, tag + "-" + str(cursor))
        return True
    if path == "/notes" and method == "POST":
        text = json.loads(body or b"{}").get("text", "")
        idem = handler.headers.get("Idempotency-Key")
        with LOCK:
            if idem and idem in s["keys"]:
                s["keys"][idem]["deliveries"] += 1
                note = s["keys"][idem]["note"]
            else:
                note = add_note(s, user, text)
                if idem:
                    s["keys"][idem] = {"deliveries": 1, "note": note}
        handler.send(201, json.dumps(note).encode(), headers={"Location": "notes/" + note["id"]})
        return True
    if path == "/notes/batch" and method == "GET":
        ids = query.get("ids", [])
        with LOCK:
            mine = {n["id"]: n for n in s["notes"][user]}
        handler.send(200, json.dumps([mine[i] for i in ids if i in mine]).encode())
        return True
    if path == "/feed" and method == "GET":
        total, cut = int(query.get("total", ["4"])[0]), int(query.get("cut", ["2"])[0])
        last = handler.headers.get("Last-Event-ID")
        stream_fixture.start_chunked(handler, "text/event-stream")
        for n in range(int(last) + 1 if last else 1, total + 1):
            stream_fixture.write_chunk(handler, b'id: %d\ndata: {"n": %d, "user": "%s"}\n\n' % (n, n, user.encode()))
            if last is None and n == cut:
                handler.wfile.write(b"40\r\ndata: lost")  # half a chunk: the body cannot be complete
                handler.wfile.flush()
                handler.close_connection = True
                return True
        stream_fixture.end_chunked(handler)
        return True
    if len(rest) == 2 and rest[0] == "notes" and method == "GET":
        with LOCK:
            found = [n for n in s["notes"][user] if n["id"] == rest[1]]
        if found:
            conditional(handler, s, found[0], "note-%s-%d" % (found[0]["id"], found[0]["version"]))
        else:
            handler.send(404, json.dumps({"message": "no note %s" % rest[1]}).encode())
        return True
    return False
