"""A stateful bookstore API for the end-to-end tests of generated clients (specs/bookstore.yaml).

Mounted by fixture_server.py under /<sid>/bookstore/..., so each test has its own store.
Every JSON success is wrapped in the spec's envelope {"code", "message", "data"}; JSON keys are
snake_case as the spec says; ids compare case-insensitively (Swift sends upper-case UUIDs). Everything but /config needs "Authorization: Bearer <token>".

  GET    /config                       the config gate (counts gate calls)
  POST   /auth/refresh                 issues the current token (counts refreshes)
  GET    /books?page&size&q            books, newest first (Cache-Control: max-age=60, ETag)
  POST   /books                        creates from {"title", "genre"}; de-duplicates Idempotency-Key
  GET    /books/<id>                   a book, or 404 {"message": …} (the spec's NotFound)
  DELETE /books/<id>                   removes a book
  GET    /books/batch?ids=…&ids=…      the books with those ids, in order (counts calls, peak concurrency)
  POST   /_control                     script the next answers: {"token": T} sets the valid token;
                                       {"fail": {"path": P, "statuses": [503, …]}} fails the next
                                       requests to P; {"business": {"code": C, "message": M}} answers
                                       the next enveloped response with that business code;
                                       {"config_fail": true|false}
  GET    /_stats                       {"routes": {route: hits}, "refreshes", "gate_calls",
                                        "batch_calls", "batch_peak", "idempotency_keys"}
"""

import json
import threading
import time
import uuid

LOCK = threading.Lock()
STORES = {}


def store(sid):
    with LOCK:
        s = STORES.get(sid)
        if s is None:
            s = {
                "books": [],
                "token": "token-0",
                "fail": {},
                "business": None,
                "config_fail": False,
                "routes": {},
                "refreshes": 0,
                "gate_calls": 0,
                "batch_calls": 0,
                "batch_in_flight": 0,
                "batch_peak": 0,
                "keys": {},
            }
            for index, (title, genre) in enumerate([("Dune", "fiction"), ("Cosmos", "non_fiction"), ("Odes", "poetry")]):
                s["books"].append(book(str(uuid.UUID(int=index + 1)), title, genre, "2024-01-0%dT10:00:00Z" % (index + 1)))
            STORES[sid] = s
        return s


def book(book_id, title, genre, published):
    return {"id": book_id, "title": title, "isbn_13": None, "published_at": published,
            "tags": [], "genre": genre, "ratings": {}}


def route(handler, sid, rest, query, body):
    """Handles /<sid>/bookstore/<rest>; returns True when it answered."""
    s = store(sid)
    method = handler.command
    path = "/" + "/".join(rest)
    key = "%s %s" % (method, "/books/{id}" if len(rest) == 2 and rest[0] == "books" and rest[1] != "batch" else path)

    if path == "/_control":
        control = json.loads(body or b"{}")
        with LOCK:
            if "token" in control:
                s["token"] = control["token"]
            if "fail" in control:
                s["fail"][control["fail"]["path"]] = list(control["fail"]["statuses"])
            if "business" in control:
                s["business"] = control["business"]
            if "config_fail" in control:
                s["config_fail"] = bool(control["config_fail"])
        handler.send(204)
        return True
    if path == "/_stats":
        with LOCK:
            payload = {"routes": dict(s["routes"]), "refreshes": s["refreshes"], "gate_calls": s["gate_calls"],
                       "batch_calls": s["batch_calls"], "batch_peak": s["batch_peak"],
                       "idempotency_keys": dict(s["keys"])}
        handler.send(200, json.dumps(payload).encode())
        return True

    with LOCK:
        s["routes"][key] = s["routes"].get(key, 0) + 1
        failures = s["fail"].get(path)
        status = failures.pop(0) if failures else None
        if failures == []:
            del s["fail"][path]
    if status is not None:
        handler.send(status, json.dumps({"message": "scripted failure"}).encode())
        return True

    if path == "/auth/refresh":
        with LOCK:
            s["refreshes"] += 1
            token = s["token"]
        handler.send(200, json.dumps({"token": token}).encode())
        return True
    if path == "/config":
        with LOCK:
            s["gate_calls"] += 1
            failing = s["config_fail"]
        if failing:
            handler.send(503, json.dumps({"message": "config down"}).encode())
        else:
            envelope(handler, s, {"feature_flags": {"new_checkout": True}, "minimum_version": "1.0"})
        return True

    with LOCK:
        token = s["token"]
    if handler.headers.get("Authorization") != "Bearer " + token:
        handler.send(401, json.dumps({"message": "unauthorized"}).encode(), headers={"WWW-Authenticate": "Bearer"})
        return True

    if rest == ["books"] and method == "GET":
        page = int(query.get("page", ["1"])[0])
        size = int(query.get("size", ["20"])[0])
        needle = query.get("q", [""])[0].lower()
        with LOCK:
            books = sorted(s["books"], key=lambda b: b["published_at"], reverse=True)
        books = [b for b in books if needle in b["title"].lower()]
        chunk = books[(page - 1) * size: page * size]
        etag = '"%d-%d"' % (len(books), hash(tuple(b["id"] for b in chunk)) & 0xFFFF)
        envelope(handler, s, chunk, headers={"Cache-Control": "max-age=60", "ETag": etag})
        return True
    if rest == ["books"] and method == "POST":
        draft = json.loads(body or b"{}")
        idem = handler.headers.get("Idempotency-Key")
        with LOCK:
            if idem and idem in s["keys"]:
                s["keys"][idem] += 1
                existing = [b for b in s["books"] if b.get("_key") == idem]
                created = existing[0] if existing else None
            else:
                if idem:
                    s["keys"][idem] = 1
                created = book(str(uuid.uuid4()), draft.get("title", ""), draft.get("genre") or "fiction",
                               time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))
                created["_key"] = idem
                s["books"].append(created)
        envelope(handler, s, {k: v for k, v in (created or {}).items() if k != "_key"})
        return True
    if rest[:2] == ["books", "batch"] and method == "GET":
        ids = [i.lower() for i in query.get("ids", [])]
        with LOCK:
            s["batch_calls"] += 1
            s["batch_in_flight"] += 1
            s["batch_peak"] = max(s["batch_peak"], s["batch_in_flight"])
            by_id = {b["id"]: b for b in s["books"]}
        try:
            time.sleep(0.05)
            envelope(handler, s, [strip(by_id[i]) for i in ids if i in by_id])
        finally:
            with LOCK:
                s["batch_in_flight"] -= 1
        return True
    if len(rest) == 2 and rest[0] == "books":
        with LOCK:
            found = [b for b in s["books"] if b["id"] == rest[1].lower()]
            if found and method == "DELETE":
                s["books"].remove(found[0])
        if not found:
            handler.send(404, json.dumps({"message": "no book with id %s" % rest[1]}).encode())
        elif method == "DELETE":
            envelope(handler, s, None)
        else:
            envelope(handler, s, strip(found[0]))
        return True
    return False


def strip(b):
    return {k: v for k, v in b.items() if k != "_key"}


def envelope(handler, s, data, headers=None):
    with LOCK:
        business, s["business"] = s["business"], None
    if business:
        payload = {"code": business["code"], "message": business["message"], "data": None}
    else:
        payload = {"code": 0, "message": "ok", "data": data}
    handler.send(200, json.dumps(payload).encode(), headers=headers)
