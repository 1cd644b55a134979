"""A FastAPI service written the way teams write one, for the real-framework round trip
(Tests/FastAPIRoundTripTests, issue #12). FastAPI derives the OpenAPI 3.1 document from this code
(served at /openapi.json); the test generates a client from it and calls every route.

Every route answers with what it received, as the server understood it, so the client side can
check the round trip exactly. Routes by point of issue #12:
  security per operation  POST /login (public, form), GET /me (OAuth2 bearer), GET /health (public),
                          GET /public/unauthorized (public 401), GET /basic/whoami (HTTP basic),
                          GET /keyed (API key header), GET /session (API key cookie)
  binary                  POST /files (multipart: one file + a text field), POST /files/many (files[]),
                          PUT /blobs/{name} (application/octet-stream body), PUT /avatar (image/png body)
  null / PATCH            PUT /items/{item_id} (required nullable), PATCH /items/{item_id} (unset vs null)
  dates                   POST /events (body), GET /events/at (query), GET /days/{day} (path), GET /clock (header)
  headers                 GET /headers (request header parameters), GET /stamped (declared response header)
  enums                   GET /items (string enum, `-name` ordering), POST /tasks (integer enum)
  discriminator           POST /pets (oneOf with discriminator)
  defaults                GET /search (query defaults), POST /settings (body defaults), POST /reminders (a response
                          model whose defaults pydantic marks required: json_schema_serialization_defaults_required),
                          PATCH /settings/form and /settings/upload (form and multipart fields with defaults: the
                          fields the server received)
  caching                 GET /catalog/{entry_id} (ETag + no-cache: revalidated, 304), PUT /catalog/{entry_id}
                          (a write changes the ETag), GET /catalog/{entry_id}/price (max-age=60),
                          GET /catalog/{entry_id}/stock (no caching headers: the generation config's policy caches
                          it), GET /served (no-store: what the server served, counted on the server side)
  errors                  GET /items/{item_id} (404 with detail, 422 validation error)
"""

from datetime import date, datetime, timezone
from enum import Enum, IntEnum
from typing import Annotated, Literal, Optional, Union

from fastapi import Cookie, Depends, FastAPI, File, Form, Header, HTTPException, Query, Request, Response, UploadFile
from fastapi.security import APIKeyCookie, APIKeyHeader, HTTPBasic, HTTPBasicCredentials, OAuth2PasswordBearer, OAuth2PasswordRequestForm
from pydantic import BaseModel, ConfigDict, Field

app = FastAPI(title="Round Trip Service", version="1.0.0")

TOKEN = "token-of-alice"
oauth2 = OAuth2PasswordBearer(tokenUrl="login")
basic = HTTPBasic()
api_key_header = APIKeyHeader(name="X-API-Key")
api_key_cookie = APIKeyCookie(name="session")
CALLS = []


@app.middleware("http")
async def record(request: Request, call_next):
    """Records every call: the route template it matched and whether credentials came with it."""
    response = await call_next(request)
    route = request.scope.get("route")
    if route is not None and getattr(route, "include_in_schema", False):
        CALLS.append({
            "method": request.method,
            "path": route.path,
            "authorization": request.headers.get("authorization") is not None,
            "status": response.status_code,
        })
    return response


@app.get("/_calls", include_in_schema=False)
def calls():
    return CALLS


# --- security per operation ---------------------------------------------------------------

class Token(BaseModel):
    access_token: str
    token_type: str


class Principal(BaseModel):
    name: str
    scheme: str


@app.post("/login", tags=["auth"])
def login(form: Annotated[OAuth2PasswordRequestForm, Depends()]) -> Token:
    if form.username != "alice" or form.password != "wonderland":
        raise HTTPException(status_code=400, detail="wrong user name or password")
    return Token(access_token=TOKEN, token_type="bearer")


@app.get("/me", tags=["auth"])
def read_me(token: Annotated[str, Depends(oauth2)]) -> Principal:
    if token != TOKEN:
        raise HTTPException(status_code=401, detail="bad token", headers={"WWW-Authenticate": "Bearer"})
    return Principal(name="alice", scheme="bearer")


class Health(BaseModel):
    status: str
    authorization_sent: bool


@app.get("/health", tags=["public"])
def health(request: Request) -> Health:
    return Health(status="ok", authorization_sent="authorization" in request.headers)


@app.get("/public/unauthorized", tags=["public"], responses={401: {"description": "Always"}})
def public_unauthorized():
    raise HTTPException(status_code=401, detail="nobody gets in here")


@app.get("/basic/whoami", tags=["auth"])
def basic_whoami(credentials: Annotated[HTTPBasicCredentials, Depends(basic)]) -> Principal:
    return Principal(name=credentials.username + ":" + credentials.password, scheme="basic")


@app.get("/keyed", tags=["auth"])
def keyed(key: Annotated[str, Depends(api_key_header)]) -> Principal:
    return Principal(name=key, scheme="apiKey-header")


@app.get("/session", tags=["auth"])
def session(key: Annotated[str, Depends(api_key_cookie)]) -> Principal:
    return Principal(name=key, scheme="apiKey-cookie")


# --- binary --------------------------------------------------------------------------------

class ReceivedFile(BaseModel):
    field: str
    filename: Optional[str]
    content_type: Optional[str]
    size: int
    first_bytes: list[int]


class Upload(BaseModel):
    note: str
    files: list[ReceivedFile]


def received(field: str, upload: UploadFile, data: bytes) -> ReceivedFile:
    return ReceivedFile(field=field, filename=upload.filename, content_type=upload.content_type,
                        size=len(data), first_bytes=list(data[:4]))


@app.post("/files", tags=["files"])
async def upload_file(file: Annotated[UploadFile, File()], note: Annotated[str, Form()]) -> Upload:
    return Upload(note=note, files=[received("file", file, await file.read())])


@app.post("/files/many", tags=["files"])
async def upload_files(files: Annotated[list[UploadFile], File()], note: Annotated[str, Form()] = "none") -> Upload:
    return Upload(note=note, files=[received("files", f, await f.read()) for f in files])


class ReceivedBody(BaseModel):
    name: str
    content_type: Optional[str]
    size: int
    first_bytes: list[int]
    last_bytes: list[int]


def received_body(name: str, request: Request, data: bytes) -> ReceivedBody:
    return ReceivedBody(name=name, content_type=request.headers.get("content-type"), size=len(data),
                        first_bytes=list(data[:4]), last_bytes=list(data[-4:]))


def raw_body(media_type: str) -> dict:
    """What FastAPI documents for a route that reads the raw request body: the binary spelling of 3.1."""
    return {"requestBody": {"required": True, "content": {media_type: {"schema": {"type": "string", "contentMediaType": media_type}}}}}


@app.put("/blobs/{name}", tags=["files"], openapi_extra=raw_body("application/octet-stream"))
async def put_blob(name: str, request: Request) -> ReceivedBody:
    return received_body(name, request, await request.body())


@app.put("/avatar", tags=["files"], openapi_extra=raw_body("image/png"))
async def put_avatar(request: Request) -> ReceivedBody:
    return received_body("avatar", request, await request.body())


# --- null and PATCH ------------------------------------------------------------------------

class Item(BaseModel):
    name: str
    description: Optional[str]
    price: float
    tax: Optional[float] = None


class ItemPatch(BaseModel):
    name: Optional[str] = None
    description: Optional[str] = None
    tax: Optional[float] = None


class Received(BaseModel):
    """The JSON keys the server got (absent keys are not listed) and their values."""
    keys: list[str]
    item: Item


ITEMS = {1: Item(name="Hammer", description="Heavy", price=12.5, tax=1.25)}


@app.get("/items/{item_id}", tags=["items"], responses={404: {"description": "No such item"}})
def read_item(item_id: int) -> Item:
    if item_id not in ITEMS:
        raise HTTPException(status_code=404, detail="no item %d" % item_id)
    return ITEMS[item_id]


@app.put("/items/{item_id}", tags=["items"])
async def replace_item(item_id: int, item: Item, request: Request) -> Received:
    ITEMS[item_id] = item
    return Received(keys=sorted((await request.json()).keys()), item=item)


@app.patch("/items/{item_id}", tags=["items"])
async def update_item(item_id: int, patch: ItemPatch, request: Request) -> Received:
    stored = ITEMS.get(item_id) or Item(name="new", description=None, price=0)
    changes = patch.model_dump(exclude_unset=True)
    updated = stored.model_copy(update=changes)
    ITEMS[item_id] = updated
    return Received(keys=sorted((await request.json()).keys()), item=updated)


# --- dates ---------------------------------------------------------------------------------

class Event(BaseModel):
    title: str
    at: datetime
    day: date


class EchoedEvent(BaseModel):
    event: Event
    at_text: str
    day_text: str


@app.post("/events", tags=["dates"])
def create_event(event: Event) -> EchoedEvent:
    return EchoedEvent(event=event, at_text=event.at.isoformat(), day_text=event.day.isoformat())


class EchoedInstant(BaseModel):
    at: datetime
    text: str
    microsecond: int


@app.get("/events/at", tags=["dates"])
def event_at(when: datetime) -> EchoedInstant:
    return EchoedInstant(at=when, text=when.isoformat(), microsecond=when.microsecond)


@app.get("/days/{day}", tags=["dates"])
def day_of(day: date) -> EchoedInstant:
    moment = datetime(day.year, day.month, day.day, tzinfo=timezone.utc)
    return EchoedInstant(at=moment, text=day.isoformat(), microsecond=0)


@app.get("/clock", tags=["dates"])
def clock(x_client_time: Annotated[datetime, Header()]) -> EchoedInstant:
    return EchoedInstant(at=x_client_time, text=x_client_time.isoformat(), microsecond=x_client_time.microsecond)


# --- headers -------------------------------------------------------------------------------

class EchoedHeaders(BaseModel):
    x_token: str
    x_trace: Optional[str]
    x_retries: int


@app.get("/headers", tags=["headers"])
def headers(x_token: Annotated[str, Header()], x_trace: Annotated[Optional[str], Header()] = None,
            x_retries: Annotated[int, Header()] = 3) -> EchoedHeaders:
    return EchoedHeaders(x_token=x_token, x_trace=x_trace, x_retries=x_retries)


@app.get("/stamped", tags=["headers"], responses={200: {"headers": {
    "X-Rate-Limit": {"description": "Calls left", "schema": {"type": "integer"}},
    "X-Stamp": {"description": "Server stamp", "schema": {"type": "string"}},
}}})
def stamped(response: Response) -> Health:
    response.headers["X-Rate-Limit"] = "41"
    response.headers["X-Stamp"] = "fastapi"
    return Health(status="stamped", authorization_sent=False)


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
    price = "price"
    price_descending = "-price"


class ItemList(BaseModel):
    order: Order
    color: Optional[Color]
    names: list[str]


@app.get("/items", tags=["items"])
def list_items(order: Order = Order.name, color: Optional[Color] = None) -> ItemList:
    names = sorted((i.name for i in ITEMS.values()), reverse=order.value.startswith("-"))
    return ItemList(order=order, color=color, names=names)


class Task(BaseModel):
    title: str
    priority: Priority = Priority.low
    color: Color = Color.light_blue


@app.post("/tasks", tags=["tasks"])
def create_task(task: Task) -> Task:
    return task


# --- discriminator -------------------------------------------------------------------------

class Cat(BaseModel):
    pet_type: Literal["cat"]
    meows: int


class Dog(BaseModel):
    pet_type: Literal["dog"]
    barks: float


class PetHolder(BaseModel):
    pet: Annotated[Union[Cat, Dog], Field(discriminator="pet_type")]
    owner: str


@app.post("/pets", tags=["pets"])
def create_pet(holder: PetHolder) -> PetHolder:
    return holder


# --- defaults ------------------------------------------------------------------------------

class SearchEcho(BaseModel):
    q: str
    limit: int
    offset: int
    exact: bool
    tags: list[str]
    priority: Priority


@app.get("/search", tags=["search"])
def search(q: str = "all", limit: int = 10, offset: int = 0, exact: bool = False,
           tags: Annotated[list[str], Query()] = ["a", "b"], priority: Priority = Priority.high) -> SearchEcho:
    return SearchEcho(q=q, limit=limit, offset=offset, exact=exact, tags=tags, priority=priority)


class Settings(BaseModel):
    theme: str = "dark"
    page_size: int = 25
    ratio: float = 0.5
    beta: bool = False
    labels: list[str] = ["inbox"]
    priority: Priority = Priority.high
    color: Color = Color.red


@app.post("/settings", tags=["search"])
def save_settings(settings: Settings) -> Settings:
    return settings


class Reminder(BaseModel):
    """The defaults are always in a response, so the response schema (Reminder-Output) lists them as required."""
    model_config = ConfigDict(json_schema_serialization_defaults_required=True)
    title: str
    channel: Color = Color.red
    repeats: Priority = Priority.high
    offsets: list[int] = [10, 60]


@app.post("/reminders", tags=["reminders"])
def create_reminder(reminder: Reminder) -> Reminder:
    return reminder


class FieldsReceived(BaseModel):
    """The form or multipart fields the server received, by name, and the values it used."""
    received: list[str]
    theme: str
    page_size: int


@app.patch("/settings/form", tags=["search"])
async def patch_settings_form(request: Request, theme: Annotated[str, Form()] = "dark",
                              page_size: Annotated[int, Form()] = 25) -> FieldsReceived:
    form = await request.form()
    return FieldsReceived(received=sorted(form.keys()), theme=theme, page_size=page_size)


@app.patch("/settings/upload", tags=["search"])
async def patch_settings_upload(request: Request, theme: Annotated[str, Form()] = "dark",
                                page_size: Annotated[int, Form()] = 25,
                                file: Annotated[Optional[UploadFile], File()] = None) -> FieldsReceived:
    form = await request.form()
    return FieldsReceived(received=sorted(form.keys()), theme=theme, page_size=page_size)


# --- caching -------------------------------------------------------------------------------

class CatalogEntry(BaseModel):
    id: int
    name: str
    version: int


class CatalogEntryUpdate(BaseModel):
    name: str


class Price(BaseModel):
    entry_id: int
    cents: int


class Stock(BaseModel):
    entry_id: int
    count: int


class Served(BaseModel):
    """What the caching routes answered so far: how the client's cache used them, seen by the server."""
    entry_full: int
    entry_not_modified: int
    entry_conditional: int
    price: int
    stock: int
    served: int


CATALOG = {1: CatalogEntry(id=1, name="Lamp", version=1)}
SERVED = Served(entry_full=0, entry_not_modified=0, entry_conditional=0, price=0, stock=0, served=0)


def entity_tag(entry: CatalogEntry) -> str:
    return '"v%d"' % entry.version


def matches(if_none_match: Optional[str], etag: str) -> bool:
    """RFC 9110 §13.1.2: weak comparison against every tag of the list, or `*`."""
    if if_none_match is None:
        return False
    tags = [tag.strip() for tag in if_none_match.split(",")]
    return "*" in tags or any(tag.removeprefix("W/") == etag for tag in tags)


def catalog_entry(entry_id: int) -> CatalogEntry:
    if entry_id not in CATALOG:
        raise HTTPException(status_code=404, detail="no entry %d" % entry_id)
    return CATALOG[entry_id]


@app.get("/catalog/{entry_id}", tags=["catalog"], responses={304: {"description": "Not modified"}})
def read_entry(entry_id: int, response: Response,
               if_none_match: Annotated[Optional[str], Header(include_in_schema=False)] = None) -> CatalogEntry:
    entry = catalog_entry(entry_id)
    etag = entity_tag(entry)
    if if_none_match is not None:
        SERVED.entry_conditional += 1
    if matches(if_none_match, etag):
        SERVED.entry_not_modified += 1
        return Response(status_code=304, headers={"ETag": etag, "Cache-Control": "no-cache"})
    SERVED.entry_full += 1
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return entry


@app.put("/catalog/{entry_id}", tags=["catalog"])
def replace_entry(entry_id: int, update: CatalogEntryUpdate) -> CatalogEntry:
    entry = catalog_entry(entry_id)
    CATALOG[entry_id] = CatalogEntry(id=entry_id, name=update.name, version=entry.version + 1)
    return CATALOG[entry_id]


@app.get("/catalog/{entry_id}/price", tags=["catalog"])
def read_price(entry_id: int, response: Response) -> Price:
    catalog_entry(entry_id)
    SERVED.price += 1
    response.headers["Cache-Control"] = "max-age=60"
    return Price(entry_id=entry_id, cents=1999 + SERVED.price)


@app.get("/catalog/{entry_id}/stock", tags=["catalog"])
def read_stock(entry_id: int) -> Stock:
    catalog_entry(entry_id)
    SERVED.stock += 1
    return Stock(entry_id=entry_id, count=100 - SERVED.stock)


@app.get("/served", tags=["catalog"])
def served(response: Response) -> Served:
    SERVED.served += 1
    response.headers["Cache-Control"] = "no-store"
    return SERVED
