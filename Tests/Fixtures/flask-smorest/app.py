"""A flask-smorest service written the way Flask teams write one (an `Api`, `Blueprint`s of `MethodView`s,
marshmallow schemas, webargs query arguments, `@blp.paginate`, `@blp.etag`, `abort`), with apispec deriving
its OpenAPI 3.0.3 document from the code (`api.spec.to_dict()`, served at /openapi.json), for the
real-framework round trip (Tests/FastAPIRoundTripTests, issue #12). The test generates a client from the
document and calls every route. Flask is WSGI: serve.py runs it with uvicorn's WSGI interface (`INTERFACE`).

What flask-smorest's document does differently from the other frameworks', and what the routes cover:
  version / null      OpenAPI 3.0.3: `nullable: true`, `format: binary`; a nullable `Nested` is
                      `allOf: [$ref]` next to `nullable: true`
  security            top-level `security: [{bearerAuth: []}]`; the pets routes take bearer OR the
                      `X-API-Key` header (`@blp.doc(security=…)`), public routes `security: []`:
                      POST /auth/login, GET /health (public), GET /auth/me (bearer), GET /auth/key (apiKey)
  pets                /pets (MethodView: GET paginated with query args — a list of enums, an enum, a
                      default, a date; POST 201) and /pets/{pet_id} (GET, PUT, PATCH, DELETE 204 under
                      `@blp.etag`: ETag response headers, `If-None-Match` → 304, `If-Match` required on
                      writes: 428 without it, 412 on a stale one), POST /pets/{pet_id}/feed (204)
  fields              Nested, List, Dict, Enum by value and by name, `allow_none`, `load_only` (writeOnly),
                      `dump_only` (readOnly), `data_key` renames, Decimal as string and as number, DateTime
                      with microseconds answered at a +02:00 offset, Date, UUID, Url, Email, Time
  pagination          `X-Pagination` response header: JSON metadata, declared by `$ref` to components/headers
  binary              POST /files (`location="files"` with `Upload` fields, one and a list, and a `form` field)
  errors              `abort(404/409, message=…)` with `@blp.alt_response`, webargs' 422 with field messages
"""

import enum
import hashlib
import json
import re
import uuid
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import marshmallow as ma
from flask import Flask, g, jsonify, request
from flask.views import MethodView
from flask_smorest import Api, Blueprint, abort
from flask_smorest.fields import Upload
from marshmallow import fields, validate

CALLS = []
TOKEN = "token-of-alice"
API_KEY = "key-of-alice"
PASSWORD = "wonder:land"
LOCAL = timezone(timedelta(hours=2))  # the service answers date-times at its own offset

flask_app = Flask("smorest-round-trip")
flask_app.config.update(
    API_TITLE="Smorest Round Trip", API_VERSION="1.0.0", OPENAPI_VERSION="3.0.3", OPENAPI_URL_PREFIX="/",
    OPENAPI_JSON_PATH="openapi.json",
    API_SPEC_OPTIONS={
        "security": [{"bearerAuth": []}],
        "components": {"securitySchemes": {
            "bearerAuth": {"type": "http", "scheme": "bearer"},
            "apiKeyAuth": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
        }},
    },
)
api = Api(flask_app)

PUBLIC = {"security": []}
BEARER_OR_KEY = {"security": [{"bearerAuth": []}, {"apiKeyAuth": []}]}


def credentials_sent():
    return "Authorization" in request.headers or "X-API-Key" in request.headers


def authenticate(*schemes):
    """Stops the request with 401 unless one of `schemes` ("bearer", "key") has valid credentials; records
    which scheme did for the driver's checks."""
    if "bearer" in schemes and request.headers.get("Authorization") == "Bearer " + TOKEN:
        g.scheme = "bearer"
    elif "key" in schemes and request.headers.get("X-API-Key") == API_KEY:
        g.scheme = "key"
    else:
        abort(401, message="credentials required", headers={"WWW-Authenticate": "Bearer"})


@flask_app.after_request
def record(response):
    """Records every call to the API: the route it matched (Flask's `<converter:name>` written as the
    document's `{name}`), whether credentials came with it and the status."""
    rule = request.url_rule.rule if request.url_rule is not None else None
    if rule and rule not in ("/_calls", "/openapi.json"):
        CALLS.append({"method": request.method, "path": re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule),
                      "authorization": credentials_sent(), "status": response.status_code})
    return response


@flask_app.get("/_calls")
def calls():
    return jsonify(CALLS)


# --- schemas -----------------------------------------------------------------------------------------

class Species(enum.Enum):
    DOG = "dog"
    CAT = "cat"
    BIRD = "bird"


class Temper(enum.Enum):
    """Dumped by name (marshmallow's default for `Enum`): the document lists `CALM`, `LIVELY`."""
    CALM = 1
    LIVELY = 2


class TagSchema(ma.Schema):
    name = fields.String(required=True)
    color = fields.String(allow_none=True)


class OwnerSchema(ma.Schema):
    name = fields.String(required=True)
    email = fields.Email(required=True)


class PetSchema(ma.Schema):
    class Meta:
        ordered = True

    id = fields.UUID(dump_only=True)
    name = fields.String(required=True, validate=validate.Length(min=1))
    species = fields.Enum(Species, by_value=True, required=True)
    temper = fields.Enum(Temper, load_default=Temper.CALM)
    tags = fields.List(fields.Nested(TagSchema), load_default=list)
    traits = fields.Dict(keys=fields.String(), values=fields.Integer())
    price = fields.Decimal(as_string=True, places=2, required=True)
    weight = fields.Float(allow_none=True)
    born_on = fields.Date(data_key="bornOn", allow_none=True)
    adopted_at = fields.DateTime(data_key="adoptedAt", allow_none=True)
    created_at = fields.DateTime(data_key="createdAt", dump_only=True)
    homepage = fields.Url(allow_none=True)
    owner = fields.Nested(OwnerSchema, allow_none=True)
    secret_note = fields.String(data_key="secretNote", load_only=True)
    has_secret = fields.Boolean(data_key="hasSecret", dump_only=True)


class PetQueryArgs(ma.Schema):
    species = fields.List(fields.Enum(Species, by_value=True), metadata={"description": "Any of these"})
    temper = fields.Enum(Temper)
    sort = fields.String(load_default="name", validate=validate.OneOf(["name", "-name", "price", "-price"]))
    born_after = fields.Date(data_key="bornAfter")


class FileArgs(ma.Schema):
    document = Upload(required=True)
    extras = fields.List(Upload())


class FileFormArgs(ma.Schema):
    description = fields.String(required=True)


class ReceivedFileSchema(ma.Schema):
    filename = fields.String()
    content_type = fields.String(data_key="contentType")
    size = fields.Integer()
    sha256 = fields.String()


class ReceivedSchema(ma.Schema):
    description = fields.String()
    document = fields.Nested(ReceivedFileSchema)
    extras = fields.List(fields.Nested(ReceivedFileSchema))


class LoginSchema(ma.Schema):
    username = fields.String(required=True)
    password = fields.String(required=True, load_only=True)


class TokenSchema(ma.Schema):
    access_token = fields.String(data_key="accessToken")
    token_type = fields.String(data_key="tokenType")


class PrincipalSchema(ma.Schema):
    name = fields.String()
    scheme = fields.String()
    credentials_sent = fields.Boolean(data_key="credentialsSent")


class MeasureSchema(ma.Schema):
    """Numbers and times as they round-trip: a Decimal as a JSON number, a time of day, an integer
    past 2^53, a dictionary of nested objects, a list of lists."""
    amount = fields.Decimal()
    alarm = fields.Time()
    big = fields.Integer()
    ratio = fields.Float()
    grid = fields.List(fields.List(fields.Integer()))
    by_name = fields.Dict(keys=fields.String(), values=fields.Nested(TagSchema), data_key="byName")
    stamps = fields.List(fields.DateTime())
    measured_at = fields.DateTime(data_key="measuredAt", dump_only=True)


# --- the pets store ----------------------------------------------------------------------------------

PETS = {}
CREATED = datetime(2026, 1, 1, 8, 30, 15, 123456, tzinfo=timezone.utc)


def stored(pet_id):
    pet = PETS.get(pet_id)
    if pet is None:
        abort(404, message=f"pet {pet_id} not found")
    return pet


def unset():
    """What a pet holds for the fields a create or a PUT leaves out."""
    return {"weight": None, "born_on": None, "adopted_at": None, "homepage": None, "owner": None,
            "secret_note": None, "traits": {}}


def changed(pet_id, changes):
    """A write under `@blp.etag`: 412 unless `If-Match` names the stored pet's ETag (428 without one)."""
    authenticate("bearer", "key")
    pet = stored(pet_id)
    pets.check_etag(localized(pet), PetSchema)
    pet.update(changes)
    return localized(pet)


def localized(pet):
    """The pet as the service answers it: its date-times at the service's offset."""
    answer = dict(pet, has_secret=bool(pet.get("secret_note")))
    for key in ("adopted_at", "created_at"):
        if answer.get(key) is not None:
            answer[key] = answer[key].astimezone(LOCAL)
    return answer


auth = Blueprint("auth", __name__, url_prefix="/auth", description="Sign-in and who am I")
health = Blueprint("health", __name__, description="Public")
pets = Blueprint("pets", __name__, url_prefix="/pets", description="Pets, with ETags")
files = Blueprint("files", __name__, description="Uploads")
measures = Blueprint("measures", __name__, description="Field kinds")


@auth.route("/login")
class Login(MethodView):
    @auth.doc(**PUBLIC)
    @auth.arguments(LoginSchema)
    @auth.response(200, TokenSchema)
    @auth.alt_response(401, description="Wrong password")
    def post(self, login):
        if login["username"] != "alice" or login["password"] != PASSWORD:
            abort(401, message="wrong username or password")
        return {"access_token": TOKEN, "token_type": "bearer"}


@auth.route("/me")
class Me(MethodView):
    @auth.response(200, PrincipalSchema)
    @auth.alt_response(401, description="Not signed in")
    def get(self):
        authenticate("bearer")
        return {"name": "alice", "scheme": g.scheme, "credentials_sent": True}


@auth.route("/key")
class KeyMe(MethodView):
    @auth.doc(security=[{"apiKeyAuth": []}])
    @auth.response(200, PrincipalSchema)
    def get(self):
        authenticate("key")
        return {"name": "alice", "scheme": g.scheme, "credentials_sent": "Authorization" in request.headers}


@health.route("/health")
class Health(MethodView):
    @health.doc(**PUBLIC)
    @health.response(200, PrincipalSchema)
    def get(self):
        return {"name": "anonymous", "scheme": "none", "credentials_sent": credentials_sent()}


@pets.route("/")
class PetList(MethodView):
    @pets.doc(**BEARER_OR_KEY)
    @pets.arguments(PetQueryArgs, location="query")
    @pets.response(200, PetSchema(many=True))
    @pets.paginate(page_size=2)
    def get(self, args, pagination_parameters):
        found = [pet for pet in PETS.values()
                 if (not args.get("species") or pet["species"] in args["species"])
                 and ("temper" not in args or pet["temper"] == args["temper"])
                 and ("born_after" not in args or (pet["born_on"] and pet["born_on"] > args["born_after"]))]
        key = args["sort"].lstrip("-")
        found.sort(key=lambda pet: pet[key], reverse=args["sort"].startswith("-"))
        pagination_parameters.item_count = len(found)
        first = pagination_parameters.first_item
        return [localized(pet) for pet in found[first:first + pagination_parameters.page_size]]

    @pets.doc(**BEARER_OR_KEY)
    @pets.arguments(PetSchema)
    @pets.response(201, PetSchema)
    @pets.alt_response(409, description="A pet of that name exists")
    def post(self, pet):
        authenticate("bearer", "key")
        if any(other["name"] == pet["name"] for other in PETS.values()):
            abort(409, message=f"a pet named {pet['name']} exists")
        pet = {"id": uuid.uuid4(), "created_at": CREATED, **unset(), **pet}
        PETS[pet["id"]] = pet
        return localized(pet)


@pets.route("/<uuid:pet_id>")
class PetById(MethodView):
    @pets.doc(**BEARER_OR_KEY)
    @pets.etag
    @pets.response(200, PetSchema)
    @pets.alt_response(404, description="No such pet")
    def get(self, pet_id):
        authenticate("bearer", "key")
        return localized(stored(pet_id))

    @pets.doc(**BEARER_OR_KEY)
    @pets.etag
    @pets.arguments(PetSchema)
    @pets.response(200, PetSchema)
    @pets.alt_response(404, description="No such pet")
    def put(self, replacement, pet_id):
        return changed(pet_id, dict(unset(), **replacement))

    @pets.doc(**BEARER_OR_KEY)
    @pets.etag
    @pets.arguments(PetSchema(partial=True))
    @pets.response(200, PetSchema)
    @pets.alt_response(404, description="No such pet")
    def patch(self, changes, pet_id):
        return changed(pet_id, changes)

    @pets.doc(**BEARER_OR_KEY)
    @pets.etag
    @pets.response(204)
    @pets.alt_response(404, description="No such pet")
    def delete(self, pet_id):
        authenticate("bearer", "key")
        pet = stored(pet_id)
        pets.check_etag(localized(pet), PetSchema)
        del PETS[pet_id]


@pets.route("/<uuid:pet_id>/feed")
class Feed(MethodView):
    @pets.response(204, description="Fed")
    @pets.alt_response(404, description="No such pet")
    def post(self, pet_id):
        authenticate("bearer")
        stored(pet_id)["traits"]["meals"] = stored(pet_id)["traits"].get("meals", 0) + 1


@files.route("/files")
class Files(MethodView):
    @files.doc(**BEARER_OR_KEY)
    @files.arguments(FileFormArgs, location="form")
    @files.arguments(FileArgs, location="files")
    @files.response(201, ReceivedSchema)
    def post(self, form, uploads):
        authenticate("bearer", "key")

        def received(upload):
            data = upload.read()
            return {"filename": upload.filename, "content_type": upload.content_type, "size": len(data),
                    "sha256": hashlib.sha256(data).hexdigest()}

        return {"description": form["description"], "document": received(uploads["document"]),
                "extras": [received(extra) for extra in uploads.get("extras", [])]}


@measures.route("/measures")
class Measures(MethodView):
    @measures.doc(**PUBLIC)
    @measures.arguments(MeasureSchema)
    @measures.response(200, MeasureSchema)
    def post(self, measure):
        return dict(measure, measured_at=CREATED.astimezone(LOCAL))


for blueprint in (auth, health, pets, files, measures):
    api.register_blueprint(blueprint)

app = flask_app
INTERFACE = "wsgi"  # serve.py: uvicorn's WSGI interface (under asgiref's WsgiToAsgi some requests failed: "CurrentThreadExecutor already quit")

if __name__ == "__main__":  # the document, for a look at it: python app.py
    with flask_app.app_context():
        print(json.dumps(api.spec.to_dict(), indent=2, default=str))
