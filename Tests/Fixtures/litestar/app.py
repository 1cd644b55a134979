"""A Litestar service written the way Litestar teams write one (msgspec Structs, guards, per-handler
`security`, Litestar's own operationIds), for the real-framework round trip (Tests/FastAPIRoundTripTests,
issue #12). Litestar derives the OpenAPI 3.1 document from this code (served at /schema/openapi.json);
the test generates a client from it and calls every route.

What Litestar's document does differently from FastAPI's, and what the routes cover:
  security per operation  POST /login (`security=[]`, form), GET /me (OAuth2 password flow, a scope),
                          GET /health (public), GET /public/unauthorized (public 401), GET /basic/whoami (HTTP
                          basic), GET /keyed (API key header), GET /by-query (API key query), GET /session (API
                          key cookie), GET /either (alternatives), GET /both (a combination of two keys)
  binary                  POST /files (multipart Struct: UploadFile + text), POST /files/many (list[UploadFile]),
                          PUT/GET /blobs/{name} (octet-stream body and response, spelled `type: string` only)
  null / PATCH            PUT /items/{item_id} (required nullable as `oneOf: [T, null]`, camelCase keys),
                          PATCH /items/{item_id} (msgspec UNSET: absent vs null)
  dates                   POST /events (body), GET /events/at (query), GET /clock (header),
                          GET /moments (the server's offsets and microseconds, decoded)
  headers                 GET /stamped (declared response headers)
  enums                   GET /items (string enum with `-name`), POST /tasks (integer enum, defaults on the
                          component schema)
  discriminator           POST /pets (msgspec tagged union: `oneOf` of objects with a `const` tag, no
                          `discriminator` keyword)
  defaults                GET /search (query defaults), POST /settings (body defaults)
  errors                  GET /items/{item_id} (404), POST /tasks (400 validation error)
  text                    GET /greeting (text/plain)
"""

import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from enum import Enum, IntEnum
from typing import Annotated, Optional, Union

import msgspec
from litestar import Litestar, Request, Response, get, patch, post, put
from litestar.connection import ASGIConnection
from litestar.datastructures import ResponseHeader, UploadFile
from litestar.enums import RequestEncodingType
from litestar.exceptions import HTTPException, NotAuthorizedException, NotFoundException
from litestar.handlers import BaseRouteHandler
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import (Components, OAuthFlow, OAuthFlows, OpenAPIMediaType, OpenAPIType, Operation,
                                   RequestBody, Schema, SecurityScheme)
from litestar.params import Body, CookieParameter, HeaderParameter, Parameter
from msgspec import UNSET, Struct, UnsetType

TOKEN = "token-of-alice"
CALLS = []
CREDENTIALS = ("authorization", "x-api-key")


def record(app):
    """Records every call: the route template it matched, whether credentials came with it, the status."""

    async def middleware(scope, receive, send):
        status = []

        async def capture(message):
            if message["type"] == "http.response.start":
                status.append(message["status"])
            await send(message)

        await app(scope, receive, capture)
        if scope["type"] != "http" or scope["path"].startswith(("/_calls", "/schema")):
            return
        headers = {key.decode().lower() for key, _ in scope["headers"]}
        cookie = dict(scope["headers"]).get(b"cookie", b"").decode()
        query = scope.get("query_string", b"").decode()
        CALLS.append({
            "method": scope["method"],
            "path": re.sub(r"\{(\w+):\w+\}", r"{\1}", scope.get("path_template", scope["path"])),
            "authorization": bool(headers & set(CREDENTIALS)) or "session=" in cookie or "api_key=" in query,
            "status": status[0] if status else 0,
        })

    return middleware


@get("/_calls", include_in_schema=False, sync_to_thread=False)
def calls() -> list:
    return CALLS


# --- security per operation: guards check what the document's `security` declares ----------

def bearer(connection: ASGIConnection, _: BaseRouteHandler) -> None:
    if connection.headers.get("authorization") != "Bearer " + TOKEN:
        raise NotAuthorizedException("bad token", headers={"WWW-Authenticate": "Bearer"})


def api_key(name: str, source: str):
    def guard(connection: ASGIConnection, _: BaseRouteHandler) -> None:
        values = {"header": connection.headers, "query": connection.query_params, "cookie": connection.cookies}
        if not values[source].get(name):
            raise NotAuthorizedException("no %s %s" % (source, name))

    return guard


class Token(Struct):
    access_token: str
    token_type: str


class Principal(Struct):
    name: str
    scheme: str


class Login(Struct):
    username: str
    password: str


@post("/login", tags=["auth"], security=[], status_code=200)
async def login(data: Annotated[Login, Body(media_type=RequestEncodingType.URL_ENCODED)]) -> Token:
    if data.username != "alice" or data.password != "wonderland":
        raise HTTPException(status_code=400, detail="wrong user name or password")
    return Token(access_token=TOKEN, token_type="bearer")


@get("/me", tags=["auth"], security=[{"OAuth2": ["me:read"]}], guards=[bearer])
async def read_me() -> Principal:
    return Principal(name="alice", scheme="bearer")


class Health(Struct):
    status: str
    credentials_sent: bool


@get("/health", tags=["public"])
async def health(request: Request) -> Health:
    sent = any(name in request.headers for name in CREDENTIALS) or "session" in request.cookies
    return Health(status="ok", credentials_sent=sent or "api_key" in request.query_params)


@get("/public/unauthorized", tags=["public"])
async def public_unauthorized() -> Health:
    raise NotAuthorizedException("nobody gets in here")


@get("/basic/whoami", tags=["auth"], security=[{"Basic": []}])
async def basic_whoami(request: Request) -> Principal:
    import base64

    scheme, _, encoded = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "basic":
        raise NotAuthorizedException("basic credentials required")
    return Principal(name=base64.b64decode(encoded).decode(), scheme="basic")


@get("/keyed", tags=["auth"], security=[{"ApiKeyHeader": []}], guards=[api_key("X-API-Key", "header")])
async def keyed(request: Request) -> Principal:
    return Principal(name=request.headers["x-api-key"], scheme="apiKey-header")


@get("/by-query", tags=["auth"], security=[{"ApiKeyQuery": []}], guards=[api_key("api_key", "query")])
async def by_query(request: Request) -> Principal:
    return Principal(name=request.query_params["api_key"], scheme="apiKey-query")


@get("/session", tags=["auth"], security=[{"ApiKeyCookie": []}], guards=[api_key("session", "cookie")])
async def session(request: Request) -> Principal:
    return Principal(name=request.cookies["session"], scheme="apiKey-cookie")


@get("/either", tags=["auth"], security=[{"ApiKeyQuery": []}, {"Basic": []}])
async def either(request: Request) -> Principal:
    if "api_key" in request.query_params:
        return Principal(name=request.query_params["api_key"], scheme="apiKey-query")
    if request.headers.get("authorization", "").lower().startswith("basic "):
        return Principal(name="basic", scheme="basic")
    raise NotAuthorizedException("an API key in the query or basic credentials")


@get("/both", tags=["auth"], security=[{"ApiKeyHeader": [], "ApiKeyQuery": []}],
     guards=[api_key("X-API-Key", "header"), api_key("api_key", "query")])
async def both(request: Request) -> Principal:
    return Principal(name=request.headers["x-api-key"] + "+" + request.query_params["api_key"], scheme="both")


# --- binary --------------------------------------------------------------------------------

class ReceivedFile(Struct):
    filename: str
    content_type: str
    size: int
    first_bytes: list[int]


class Upload(Struct):
    file: UploadFile
    note: str


class Uploads(Struct):
    files: list[UploadFile]
    note: str = "none"


class Received(Struct):
    note: str
    files: list[ReceivedFile]


async def received(upload: UploadFile) -> ReceivedFile:
    data = await upload.read()
    return ReceivedFile(filename=upload.filename, content_type=upload.content_type, size=len(data),
                        first_bytes=list(data[:4]))


@post("/files", tags=["files"])
async def upload_file(data: Annotated[Upload, Body(media_type=RequestEncodingType.MULTI_PART)]) -> Received:
    return Received(note=data.note, files=[await received(data.file)])


@post("/files/many", tags=["files"])
async def upload_files(data: Annotated[Uploads, Body(media_type=RequestEncodingType.MULTI_PART)]) -> Received:
    return Received(note=data.note, files=[await received(f) for f in data.files])


BLOBS = {}


class StoredBlob(Struct):
    name: str
    content_type: str
    size: int


@dataclass
class OctetStreamBody(Operation):
    """Litestar decodes a `data` parameter as JSON whatever its media type, so a raw body is read
    with `body: bytes` and documented the way Litestar spells bytes: `type: string`, nothing else."""

    def __post_init__(self) -> None:
        schema = Schema(type=OpenAPIType.STRING)
        self.request_body = RequestBody(content={"application/octet-stream": OpenAPIMediaType(schema=schema)},
                                        required=True)


@put("/blobs/{name:str}", tags=["files"], operation_class=OctetStreamBody)
async def put_blob(name: str, request: Request, body: bytes) -> StoredBlob:
    BLOBS[name] = body
    return StoredBlob(name=name, content_type=request.headers.get("content-type", ""), size=len(body))


@get("/blobs/{name:str}", tags=["files"], media_type="application/octet-stream")
async def get_blob(name: str) -> bytes:
    if name not in BLOBS:
        raise NotFoundException("no blob " + name)
    return BLOBS[name]


@get("/greeting", tags=["public"], media_type="text/plain")
async def greeting(name: str = "world") -> str:
    return "Grüße, %s!" % name


# --- null and PATCH ------------------------------------------------------------------------

class Item(Struct, rename="camel"):
    name: str
    description: Optional[str]
    unit_price: float
    tax: Optional[float] = None


class ItemPatch(Struct, rename="camel"):
    name: Union[str, UnsetType] = UNSET
    description: Union[str, None, UnsetType] = UNSET
    tax: Union[float, None, UnsetType] = UNSET


class Stored(Struct):
    """The JSON keys the server got (absent keys are not listed) and the item it then stored."""
    keys: list[str]
    item: Item


ITEMS = {1: Item(name="Hammer", description="Heavy", unit_price=12.5, tax=1.25)}


@get("/items/{item_id:int}", tags=["items"])
async def read_item(item_id: int) -> Item:
    if item_id not in ITEMS:
        raise NotFoundException("no item %d" % item_id)
    return ITEMS[item_id]


@put("/items/{item_id:int}", tags=["items"])
async def replace_item(item_id: int, data: Item, request: Request) -> Stored:
    ITEMS[item_id] = data
    return Stored(keys=sorted((await request.json()).keys()), item=data)


@patch("/items/{item_id:int}", tags=["items"])
async def update_item(item_id: int, data: ItemPatch, request: Request) -> Stored:
    stored = ITEMS.get(item_id) or Item(name="new", description=None, unit_price=0)
    changes = {k: v for k, v in msgspec.structs.asdict(data).items() if v is not UNSET}
    ITEMS[item_id] = msgspec.structs.replace(stored, **changes)
    return Stored(keys=sorted((await request.json()).keys()), item=ITEMS[item_id])


# --- dates ---------------------------------------------------------------------------------

class Event(Struct):
    title: str
    at: datetime
    day: date


class EchoedEvent(Struct):
    event: Event
    at_text: str
    day_text: str


@post("/events", tags=["dates"])
async def create_event(data: Event) -> EchoedEvent:
    return EchoedEvent(event=data, at_text=data.at.isoformat(), day_text=data.day.isoformat())


class EchoedInstant(Struct):
    at: datetime
    text: str
    microsecond: int


@get("/events/at", tags=["dates"])
async def event_at(when: datetime) -> EchoedInstant:
    return EchoedInstant(at=when, text=when.isoformat(), microsecond=when.microsecond)


@get("/clock", tags=["dates"])
async def clock(client_time: Annotated[datetime, HeaderParameter(name="X-Client-Time")]) -> EchoedInstant:
    return EchoedInstant(at=client_time, text=client_time.isoformat(), microsecond=client_time.microsecond)


class Moments(Struct):
    """One instant, 2026-01-01T08:30:15.123456Z, as the server writes it in other offsets."""
    utc: datetime
    india: datetime
    pacific: datetime
    whole_second: datetime


@get("/moments", tags=["dates"])
async def moments() -> Moments:
    instant = datetime(2026, 1, 1, 8, 30, 15, 123456, tzinfo=timezone.utc)
    return Moments(utc=instant, india=instant.astimezone(timezone(timedelta(hours=5, minutes=30))),
                   pacific=instant.astimezone(timezone(timedelta(hours=-8))), whole_second=instant.replace(microsecond=0))


# --- headers -------------------------------------------------------------------------------

@get("/stamped", tags=["headers"], response_headers=[
    ResponseHeader(name="X-Rate-Limit", value="41", description="Calls left"),
    ResponseHeader(name="X-Stamp", value="litestar", description="Server stamp"),
])
async def stamped(trace: Annotated[Optional[str], HeaderParameter(name="X-Trace")] = None) -> Health:
    return Health(status="stamped " + (trace or "-"), credentials_sent=False)


# --- enums ---------------------------------------------------------------------------------

class Color(str, Enum):
    red = "red"
    light_blue = "light-blue"


class Priority(IntEnum):
    low = 1
    high = 5


class Order(str, Enum):
    name = "name"
    name_descending = "-name"


class ItemList(Struct):
    order: Order
    color: Optional[Color]
    names: list[str]


@get("/items", tags=["items"])
async def list_items(order: Order = Order.name, color: Optional[Color] = None) -> ItemList:
    names = sorted((i.name for i in ITEMS.values()), reverse=order.value.startswith("-"))
    return ItemList(order=order, color=color, names=names)


class Task(Struct):
    title: str
    priority: Priority = Priority.low
    color: Color = Color.light_blue


@post("/tasks", tags=["tasks"])
async def create_task(data: Task) -> Task:
    return data


# --- discriminator: a msgspec tagged union -------------------------------------------------

class Cat(Struct, tag="cat", tag_field="pet_type"):
    meows: int


class Dog(Struct, tag="dog", tag_field="pet_type"):
    barks: float


class PetHolder(Struct):
    pet: Union[Cat, Dog]
    owner: str


@post("/pets", tags=["pets"])
async def create_pet(data: PetHolder) -> PetHolder:
    return data


# --- defaults ------------------------------------------------------------------------------

class SearchEcho(Struct):
    q: str
    limit: int
    exact: bool
    tags: list[str]
    priority: Priority


@get("/search", tags=["search"])
async def search(q: str = "all", limit: int = 10, exact: bool = False,
                 tags: Annotated[Optional[list[str]], Parameter(default=("a", "b"))] = ("a", "b"),
                 priority: Priority = Priority.high) -> SearchEcho:
    return SearchEcho(q=q, limit=limit, exact=exact, tags=list(tags), priority=priority)


class Settings(Struct):
    theme: str = "dark"
    page_size: int = 25
    ratio: float = 0.5
    beta: bool = False
    labels: list[str] = msgspec.field(default_factory=lambda: ["inbox"])


@post("/settings", tags=["search"])
async def save_settings(data: Settings) -> Settings:
    return data


HANDLERS = [calls, login, read_me, health, public_unauthorized, basic_whoami, keyed, by_query, session, either, both,
            upload_file, upload_files, put_blob, get_blob, greeting, read_item, replace_item, update_item,
            create_event, event_at, clock, moments, stamped, list_items, create_task, create_pet, search,
            save_settings]

SCHEMES = {
    "OAuth2": SecurityScheme(type="oauth2", flows=OAuthFlows(password=OAuthFlow(
        token_url="/login", scopes={"me:read": "Read the signed-in user"}))),
    "Basic": SecurityScheme(type="http", scheme="basic"),
    "ApiKeyHeader": SecurityScheme(type="apiKey", name="X-API-Key", security_scheme_in="header"),
    "ApiKeyQuery": SecurityScheme(type="apiKey", name="api_key", security_scheme_in="query"),
    "ApiKeyCookie": SecurityScheme(type="apiKey", name="session", security_scheme_in="cookie"),
}

app = Litestar(
    HANDLERS,
    middleware=[record],
    openapi_config=OpenAPIConfig(title="Litestar Round Trip", version="1.0.0",
                                 components=Components(security_schemes=SCHEMES)),
)
