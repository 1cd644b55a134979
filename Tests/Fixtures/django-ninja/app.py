"""A Django Ninja service written the way Django teams write one (a NinjaAPI with a default `auth`,
routers per area, `Schema`s, `HttpBearer`/`HttpBasicAuth`/`APIKey*` classes, `File[UploadedFile]`,
`@paginate`, `openapi_extra` for what Ninja cannot say itself), for the real-framework round trip
(Tests/FastAPIRoundTripTests, issue #12). Ninja derives the OpenAPI 3.1 document from this code (served
at /api/openapi.json); the test generates a client from it and calls every route.

What Ninja's document does differently from FastAPI's and Litestar's, and what the routes cover:
  security per operation  the API's default auth is a bearer token: every operation carries its own
                          `security`, there is no top-level one, and `auth=None` routes carry none;
                          POST /api/auth/login (public, urlencoded form), GET /api/auth/me (HttpBearer),
                          GET /api/health (public), GET /api/public/unauthorized (public 401),
                          GET /api/auth/basic (HttpBasicAuth), GET /api/auth/keyed (APIKeyHeader),
                          GET /api/auth/by-query (APIKeyQuery), GET /api/auth/session (APIKeyCookie named
                          `sessionid`, as `django_auth` documents it), GET /api/auth/either (alternatives)
  operation names         `<module>_<function>` (`app_read_item`)
  binary                  POST /api/files (File + Form: an inline `MultiPartBodyParams`), POST /api/files/many
                          (File[list[UploadedFile]]), PUT/GET /api/blobs/{name} (octet-stream body and response
                          through `openapi_extra`)
  null / PATCH            PUT /api/items/{item_id} (required nullable: `anyOf: [T, null]`),
                          PATCH /api/items/{item_id} (`exclude_unset`: absent vs null)
  dates                   POST /api/events (body), GET /api/events/at (query), GET /api/days/{day} (path),
                          GET /api/clock (header), GET /api/moments (Django's encoder: milliseconds, `Z`, offsets)
  headers                 GET /api/stamped (response headers set on the temporal response, documented
                          through `openapi_extra`)
  enums                   GET /api/items (string enum with `-name`, a Query schema), POST /api/tasks (integer enum)
  discriminator           POST /api/pets and GET /api/pets (a discriminated union in a body and in a list)
  defaults                GET /api/search (query defaults, a query array), POST /api/settings (body defaults)
  pagination              GET /api/catalog/ (`@paginate`: limit/offset, `{items, count}`; Django's trailing slash)
  errors                  GET /api/items/{item_id} (documented 404 `Message`), POST /api/tasks (Ninja's undocumented
                          422 `{"detail": [...]}`), POST /api/auth/login (documented 400)
  text                    GET /api/greeting (text/plain through `openapi_extra`)
"""

import base64
import re
from datetime import date, datetime, timedelta, timezone
from enum import Enum, IntEnum
from typing import Annotated, List, Literal, Optional, Union

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="round-trip-only",
    ROOT_URLCONF=__name__,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    INSTALLED_APPS=[],
    MIDDLEWARE=[__name__ + ".record"],
    USE_TZ=True,
    DATABASES={},
)
django.setup()

from django.core.asgi import get_asgi_application  # noqa: E402 (Django is configured first)
from django.http import HttpRequest, HttpResponse, JsonResponse  # noqa: E402
from django.urls import path  # noqa: E402
from ninja import Field, File, Form, Header, NinjaAPI, Query, Router, Schema, UploadedFile  # noqa: E402
from ninja.errors import HttpError  # noqa: E402
from ninja.pagination import paginate  # noqa: E402
from ninja.security import APIKeyCookie, APIKeyHeader, APIKeyQuery, HttpBasicAuth, HttpBearer  # noqa: E402

TOKEN = "token-of-alice"
CALLS = []
CREDENTIALS = ("authorization", "x-api-key")


def record(get_response):
    """Django middleware: records every call to the API, the route it matched (Django's `<int:item_id>`
    written as OpenAPI's `{item_id}`), whether credentials came with it and the status."""

    def middleware(request):
        response = get_response(request)
        match = request.resolver_match
        if match is not None and not request.path.startswith(("/api/openapi", "/_calls")):
            sent = any(name in request.headers for name in CREDENTIALS)
            CALLS.append({
                "method": request.method,
                "path": "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", match.route),
                "authorization": sent or "sessionid" in request.COOKIES or "api_key" in request.GET,
                "status": response.status_code,
            })
        return response

    return middleware


def calls(request):
    return JsonResponse(CALLS, safe=False)


# --- security: Ninja's auth classes; the class name is the scheme's name in the document -----------

class BearerAuth(HttpBearer):
    def authenticate(self, request, token):
        return "alice" if token == TOKEN else None


class BasicAuth(HttpBasicAuth):
    def authenticate(self, request, username, password):
        return username + ":" + password if username == "alice" else None


class ApiKeyHeader(APIKeyHeader):
    param_name = "X-API-Key"

    def authenticate(self, request, key):
        return key or None


class ApiKeyQuery(APIKeyQuery):
    param_name = "api_key"

    def authenticate(self, request, key):
        return key or None


class SessionAuth(APIKeyCookie):
    """What `ninja.security.django_auth` documents (an API key in the `sessionid` cookie), without
    Django's session database."""
    param_name = "sessionid"

    def authenticate(self, request, key):
        return key or None


api = NinjaAPI(title="Django Ninja Round Trip", version="1.0.0", auth=BearerAuth())
auth = Router(tags=["auth"])
public = Router(tags=["public"], auth=None)


class Message(Schema):
    detail: str


class Token(Schema):
    access_token: str
    token_type: str


class Principal(Schema):
    name: str
    scheme: str


@auth.post("/login", auth=None, response={200: Token, 400: Message})
def login(request, username: Form[str], password: Form[str]):
    if username != "alice" or password != "wonderland":
        raise HttpError(400, "wrong user name or password")
    return Token(access_token=TOKEN, token_type="bearer")


@auth.get("/me", response=Principal)
def read_me(request):
    return Principal(name=request.auth, scheme="bearer")


@auth.get("/basic", auth=BasicAuth(), response=Principal)
def basic_whoami(request):
    return Principal(name=request.auth, scheme="basic")


@auth.get("/keyed", auth=ApiKeyHeader(), response=Principal)
def keyed(request):
    return Principal(name=request.auth, scheme="apiKey-header")


@auth.get("/by-query", auth=ApiKeyQuery(), response=Principal)
def by_query(request):
    return Principal(name=request.auth, scheme="apiKey-query")


@auth.get("/session", auth=SessionAuth(), response=Principal)
def session(request):
    return Principal(name=request.auth, scheme="apiKey-cookie")


@auth.get("/either", auth=[BasicAuth(), ApiKeyQuery()], response=Principal)
def either(request):
    scheme = "basic" if request.headers.get("authorization", "").lower().startswith("basic ") else "apiKey-query"
    return Principal(name=request.auth, scheme=scheme)


class Health(Schema):
    status: str
    credentials_sent: bool


@public.get("/health", response=Health)
def health(request):
    sent = any(name in request.headers for name in CREDENTIALS) or "sessionid" in request.COOKIES
    return Health(status="ok", credentials_sent=sent or "api_key" in request.GET)


@public.get("/public/unauthorized", response={200: Health, 401: Message})
def public_unauthorized(request):
    return 401, Message(detail="nobody gets in here")


GREETING = {200: {"description": "A greeting", "content": {"text/plain": {"schema": {"type": "string"}}}}}


@public.get("/greeting", openapi_extra={"responses": GREETING})
def greeting(request, name: str = "world"):
    return HttpResponse("Grüße, %s!" % name, content_type="text/plain; charset=utf-8")


# --- binary ----------------------------------------------------------------------------------------

files = Router(tags=["files"], auth=None)


class ReceivedFile(Schema):
    field: str
    filename: str
    content_type: str
    size: int
    first_bytes: List[int]


class Received(Schema):
    note: str
    files: List[ReceivedFile]


def received(field, upload):
    data = upload.read()
    return ReceivedFile(field=field, filename=upload.name, content_type=upload.content_type, size=len(data),
                        first_bytes=list(data[:4]))


@files.post("/files", response=Received)
def upload_file(request, file: File[UploadedFile], note: Form[str]):
    return Received(note=note, files=[received("file", file)])


@files.post("/files/many", response=Received)
def upload_files(request, files: File[List[UploadedFile]], note: Form[str] = "none"):
    return Received(note=note, files=[received("files", f) for f in files])


BLOBS = {}
BINARY = {"type": "string", "format": "binary"}


class StoredBlob(Schema):
    name: str
    content_type: str
    size: int


@files.put("/blobs/{name}", response=StoredBlob, openapi_extra={
    "requestBody": {"required": True, "content": {"application/octet-stream": {"schema": BINARY}}}})
def put_blob(request, name: str):
    BLOBS[name] = request.body
    return StoredBlob(name=name, content_type=request.content_type, size=len(request.body))


@files.get("/blobs/{name}", response={404: Message}, openapi_extra={"responses": {200: {
    "description": "The bytes stored", "content": {"application/octet-stream": {"schema": BINARY}}}}})
def get_blob(request, name: str):
    if name not in BLOBS:
        return 404, Message(detail="no blob " + name)
    return HttpResponse(BLOBS[name], content_type="application/octet-stream")


# --- null and PATCH --------------------------------------------------------------------------------

items = Router(tags=["items"], auth=None)


class Item(Schema):
    name: str
    description: Optional[str]
    price: float
    tax: Optional[float] = None


class ItemPatch(Schema):
    name: Optional[str] = None
    description: Optional[str] = None
    tax: Optional[float] = None


class Stored(Schema):
    """The JSON keys the server got (absent keys are not listed) and the item it then stored."""
    keys: List[str]
    item: Item


ITEMS = {1: Item(name="Hammer", description="Heavy", price=12.5, tax=1.25)}


@items.get("/items/{int:item_id}", response={200: Item, 404: Message})
def read_item(request, item_id: int):
    if item_id not in ITEMS:
        return 404, Message(detail="no item %d" % item_id)
    return ITEMS[item_id]


@items.put("/items/{int:item_id}", response=Stored)
def replace_item(request, item_id: int, payload: Item):
    ITEMS[item_id] = payload
    return Stored(keys=sorted(payload.model_dump(exclude_unset=True).keys()), item=payload)


@items.patch("/items/{int:item_id}", response=Stored)
def update_item(request, item_id: int, payload: ItemPatch):
    changes = payload.model_dump(exclude_unset=True)
    stored = ITEMS.get(item_id) or Item(name="new", description=None, price=0)
    ITEMS[item_id] = stored.model_copy(update=changes)
    return Stored(keys=sorted(changes.keys()), item=ITEMS[item_id])


class Color(str, Enum):
    red = "red"
    light_blue = "light-blue"


class Order(str, Enum):
    name = "name"
    name_descending = "-name"


class ItemFilter(Schema):
    """A Query schema: Ninja spreads its fields as query parameters of their own."""
    order: Order = Order.name
    color: Optional[Color] = None


class ItemList(Schema):
    order: Order
    color: Optional[Color]
    names: List[str]


@items.get("/items", response=ItemList)
def list_items(request, filters: Query[ItemFilter]):
    names = sorted((i.name for i in ITEMS.values()), reverse=filters.order.value.startswith("-"))
    return ItemList(order=filters.order, color=filters.color, names=names)


# --- dates -----------------------------------------------------------------------------------------

dates = Router(tags=["dates"], auth=None)


class Event(Schema):
    title: str
    at: datetime
    day: date


class EchoedEvent(Schema):
    """Django's encoder writes datetimes to the millisecond: what the server got is also text."""
    title: str
    at_text: str
    microsecond: int
    day_text: str


@dates.post("/events", response=EchoedEvent)
def create_event(request, event: Event):
    return EchoedEvent(title=event.title, at_text=event.at.isoformat(), microsecond=event.at.microsecond,
                       day_text=event.day.isoformat())


class EchoedInstant(Schema):
    text: str
    microsecond: int


@dates.get("/events/at", response=EchoedInstant)
def event_at(request, when: datetime):
    return EchoedInstant(text=when.isoformat(), microsecond=when.microsecond)


@dates.get("/days/{day}", response=EchoedInstant)
def day(request, day: date):
    return EchoedInstant(text=day.isoformat(), microsecond=0)


@dates.get("/clock", response=EchoedInstant)
def clock(request, client_time: Header[datetime, {"alias": "X-Client-Time"}]):
    return EchoedInstant(text=client_time.isoformat(), microsecond=client_time.microsecond)


class Moments(Schema):
    """One instant, 2026-01-01T08:30:15.123456Z, as Django's encoder writes it: to the millisecond,
    UTC as `Z`, other offsets as they are."""
    utc: datetime
    india: datetime
    pacific: datetime
    whole_second: datetime


@dates.get("/moments", response=Moments)
def moments(request):
    instant = datetime(2026, 1, 1, 8, 30, 15, 123456, tzinfo=timezone.utc)
    return Moments(utc=instant, india=instant.astimezone(timezone(timedelta(hours=5, minutes=30))),
                   pacific=instant.astimezone(timezone(timedelta(hours=-8))), whole_second=instant.replace(microsecond=0))


# --- headers ---------------------------------------------------------------------------------------

headers = Router(tags=["headers"], auth=None)
STAMP_HEADERS = {"X-Rate-Limit": {"description": "Calls left", "schema": {"type": "integer"}},
                 "X-Stamp": {"description": "Server stamp", "schema": {"type": "string"}}}


@headers.get("/stamped", response=Health, openapi_extra={"responses": {200: {"headers": STAMP_HEADERS}}})
def stamped(request, response: HttpResponse, trace: Header[Optional[str], {"alias": "X-Trace"}] = None):
    response["X-Rate-Limit"] = "41"
    response["X-Stamp"] = "ninja"
    return Health(status="stamped " + (trace or "-"), credentials_sent=False)


# --- enums, discriminator, defaults ----------------------------------------------------------------

tasks = Router(tags=["tasks"], auth=None)


class Priority(IntEnum):
    low = 1
    high = 5


class TaskIn(Schema):
    title: str = Field(min_length=2)
    priority: Priority = Priority.low
    color: Color = Color.light_blue


@tasks.post("/tasks", response=TaskIn)
def create_task(request, task: TaskIn):
    return task


class Cat(Schema):
    kind: Literal["cat"]
    meows: int


class Dog(Schema):
    kind: Literal["dog"]
    barks: float


Pet = Annotated[Union[Cat, Dog], Field(discriminator="kind")]


class PetHolder(Schema):
    pet: Pet
    owner: str


PETS = []


@tasks.post("/pets", response=PetHolder)
def create_pet(request, holder: PetHolder):
    PETS.append(holder.pet)
    return holder


@tasks.get("/pets", response=List[Pet])
def list_pets(request):
    return PETS


class SearchEcho(Schema):
    q: str
    limit: int
    exact: bool
    tags: List[str]
    priority: Priority


@tasks.get("/search", response=SearchEcho)
def search(request, q: str = "all", limit: int = 10, exact: bool = False,
           tags: Query[List[str]] = ["a", "b"], priority: Priority = Priority.high):
    return SearchEcho(q=q, limit=limit, exact=exact, tags=tags, priority=priority)


class Settings(Schema):
    theme: str = "dark"
    page_size: int = 25
    ratio: float = 0.5
    beta: bool = False
    labels: List[str] = ["inbox"]


@tasks.post("/settings", response=Settings)
def save_settings(request, settings: Settings):
    return settings


class Entry(Schema):
    id: int
    name: str


CATALOG = [Entry(id=n, name="entry %d" % n) for n in range(1, 8)]


@tasks.get("/catalog/", response=List[Entry])
@paginate
def catalog(request):
    return CATALOG


for prefix, router in (("/auth", auth), ("", public), ("", files), ("", items), ("", dates), ("", headers),
                       ("", tasks)):
    api.add_router(prefix, router)

urlpatterns = [path("api/", api.urls), path("_calls", calls)]
app = get_asgi_application()
