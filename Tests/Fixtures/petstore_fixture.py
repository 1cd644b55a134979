"""The OAI petstore API (Tests/Fixtures/openapi/petstore.yaml) for tests of clients imported
from OpenAPI. Mounted by fixture_server.py under /<sid>/petstore/..., one store per scenario.

  GET  /pets?limit=N     the pets, at most N; "Cache-Control: no-cache" and an ETag of the body
                         (a matching If-None-Match gets 304, no body): stored, revalidated every time
  POST /pets             creates a pet from {"id", "name", "tag"?}: 201, no body; 409 Error on a taken id
  GET  /pets/<id>        the pet with "Cache-Control: max-age=60" and an ETag, or 404 with the
                         document's Error body {"code", "message"}
"""

import hashlib
import json
import threading


def send_cacheable(handler, body, cache_control):
    """200 with `body`, `cache_control` and a strong ETag of the body; 304 when the request's
    If-None-Match names that ETag (RFC 9110 13.1.2)."""
    etag = '"%s"' % hashlib.sha256(body).hexdigest()[:16]
    headers = {"Cache-Control": cache_control, "ETag": etag}
    if etag in [tag.strip() for tag in (handler.headers.get("If-None-Match") or "").split(",")]:
        handler.send(304, b"", headers=headers)
    else:
        handler.send(200, body, headers=headers)

LOCK = threading.Lock()
STORES = {}


def route(handler, sid, rest, query, body):
    """Handles /<sid>/petstore/<rest>; returns True when it answered."""
    with LOCK:
        pets = STORES.setdefault(sid, [{"id": 1, "name": "Rex", "tag": "dog"}, {"id": 2, "name": "Tom"}])
    method = handler.command
    if rest == ["pets"] and method == "GET":
        limit = int(query.get("limit", ["100"])[0])
        with LOCK:
            body = json.dumps(pets[:limit]).encode()
        send_cacheable(handler, body, "no-cache")
        return True
    if rest == ["pets"] and method == "POST":
        pet = json.loads(body or b"{}")
        with LOCK:
            taken = any(p["id"] == pet.get("id") for p in pets)
            if not taken:
                pets.append(pet)
        if taken:
            handler.send(409, json.dumps({"code": 409, "message": "pet %s exists" % pet.get("id")}).encode())
        else:
            handler.send(201, b"")
        return True
    if len(rest) == 2 and rest[0] == "pets" and method == "GET":
        with LOCK:
            found = [p for p in pets if str(p["id"]) == rest[1]]
        if found:
            send_cacheable(handler, json.dumps(found[0]).encode(), "max-age=60")
        else:
            handler.send(404, json.dumps({"code": 404, "message": "no pet %s" % rest[1]}).encode())
        return True
    return False
