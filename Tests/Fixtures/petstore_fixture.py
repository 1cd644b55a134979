"""The OAI petstore API (Tests/Fixtures/openapi/petstore.yaml) for tests of clients imported
from OpenAPI. Mounted by fixture_server.py under /<sid>/petstore/..., one store per scenario.

  GET  /pets?limit=N     the pets, at most N
  POST /pets             creates a pet from {"id", "name", "tag"?}: 201, no body; 409 Error on a taken id
  GET  /pets/<id>        the pet, or 404 with the document's Error body {"code", "message"}
"""

import json
import threading

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
            handler.send(200, json.dumps(pets[:limit]).encode())
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
            handler.send(200, json.dumps(found[0]).encode())
        else:
            handler.send(404, json.dumps({"code": 404, "message": "no pet %s" % rest[1]}).encode())
        return True
    return False
