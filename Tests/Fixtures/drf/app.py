"""A Django REST framework service written the way Django teams write one (models, `ModelSerializer`s,
a `ModelViewSet` on a `DefaultRouter`, `@action`s, DRF's own token, session and basic authentication,
`PageNumberPagination`, `MultiPartParser` uploads), with drf-spectacular deriving its OpenAPI 3.0 document
from the code (served at /api/schema/), for the real-framework round trip (Tests/FastAPIRoundTripTests,
issue #12). The test generates a client from the document and calls every route.

What drf-spectacular's document does differently from the other frameworks', and what the routes cover:
  version / null          OpenAPI 3.0.3: `nullable: true`, `format: binary`, no `const`
  security                DRF's authentication classes as schemes: `tokenAuth` (an apiKey in the
                          `Authorization` header, value `Token <key>`), `cookieAuth` (an apiKey in the
                          `sessionid` cookie), `basicAuth`; every operation lists its own alternatives;
                          `AllowAny` adds the empty requirement `{}` (credentials optional), a view without
                          authentication classes has only `{}` (public);
                          POST /api/auth/token/ (DRF's `obtain_auth_token`: form, multipart and JSON bodies),
                          GET /api/auth/me/ (token), /api/auth/basic/ (basic), /api/auth/session/ (session
                          cookie), GET /api/health/ (public), GET /api/open/ (AllowAny: optional credentials)
  model viewset           /api/tasks/ and /api/tasks/{id}/: list (paginated `{count, next, previous,
                          results}`, a query enum), create, retrieve, update (PUT), partial_update (PATCH
                          `PatchedTask`), destroy (204), and an `@action` POST /api/tasks/{id}/complete/
  fields                  read-only `id` and `created`; a ChoiceField with blank and null allowed
                          (`oneOf [StatusEnum, BlankEnum, NullEnum]`), a nullable `format: uri`, a DecimalField
                          (`type: string, format: decimal`), a UUID, date-times with microseconds, a date,
                          an integer with choices
  serializer fields       POST /api/samples/ (AllowAny): MultipleChoiceField, DurationField, IPAddressField,
                          EmailField, TimeField, FloatField, an integer past 2^53, a nested serializer with
                          many=True, a default, a read-only date-time
  binary                  POST /api/attachments/ (`MultiPartParser`: a file and a text field)
  errors                  DRF's undocumented 400 (`{field: [messages]}`), 401/403 and 404 (`{detail}`)
"""

import re
import uuid
from datetime import datetime, timedelta
from datetime import timezone as dt_timezone

import django
from django.conf import settings

settings.configure(
    DEBUG=False,
    SECRET_KEY="round-trip-only",
    ROOT_URLCONF=__name__,
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    INSTALLED_APPS=[
        "django.contrib.contenttypes", "django.contrib.auth", "django.contrib.sessions", "rest_framework",
        "rest_framework.authtoken", "drf_spectacular", "app",
    ],
    MIDDLEWARE=[
        __name__ + ".record", "django.contrib.sessions.middleware.SessionMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
    ],
    USE_TZ=True,
    # A server error's traceback goes to stderr (the test prints it when the driver fails).
    LOGGING={"version": 1, "handlers": {"stderr": {"class": "logging.StreamHandler"}},
             "loggers": {"django.request": {"handlers": ["stderr"], "level": "ERROR"}}},
    # One in-memory database shared by the threads Django runs the views in; the connection of the
    # thread that created it keeps it alive.
    DATABASES={"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": "file:drf-round-trip?mode=memory&cache=shared"}},
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    REST_FRAMEWORK={
        "DEFAULT_AUTHENTICATION_CLASSES": [
            "rest_framework.authentication.TokenAuthentication",
            "rest_framework.authentication.SessionAuthentication",
            "rest_framework.authentication.BasicAuthentication",
        ],
        "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
        "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
        "PAGE_SIZE": 2,
        "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    },
    SPECTACULAR_SETTINGS={"TITLE": "DRF Round Trip", "VERSION": "1.0.0"},
)
django.setup()

# Django is configured first: these imports read the settings.
from django.contrib.auth.models import User  # noqa: E402
from django.contrib.sessions.backends.db import SessionStore  # noqa: E402
from django.contrib.sessions.models import Session  # noqa: E402
from django.core.asgi import get_asgi_application  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection, models  # noqa: E402
from django.http import JsonResponse  # noqa: E402
from django.urls import include, path  # noqa: E402
from django.utils import timezone  # noqa: E402
from drf_spectacular.types import OpenApiTypes  # noqa: E402
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field  # noqa: E402
from drf_spectacular.views import SpectacularJSONAPIView  # noqa: E402
from rest_framework import serializers, status, viewsets  # noqa: E402
from rest_framework.authentication import BasicAuthentication, SessionAuthentication, TokenAuthentication  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402
from rest_framework.authtoken.views import obtain_auth_token  # noqa: E402
from rest_framework.decorators import action  # noqa: E402
from rest_framework.filters import OrderingFilter, SearchFilter  # noqa: E402
from rest_framework.parsers import MultiPartParser  # noqa: E402
from rest_framework.permissions import AllowAny  # noqa: E402
from rest_framework.response import Response  # noqa: E402
from rest_framework.routers import DefaultRouter  # noqa: E402
from rest_framework.views import APIView  # noqa: E402

CALLS = []
TOKEN = "token-of-alice"
SESSION = "session-of-alice"


def credentials_sent(request):
    return "authorization" in request.headers or "sessionid" in request.COOKIES


def record(get_response):
    """Django middleware: records every call to the API, the route it matched (Django's `<pk>` written
    as drf-spectacular's `{id}`), whether credentials came with it and the status."""

    def middleware(request):
        response = get_response(request)
        match = request.resolver_match
        if match is not None and match.route.startswith("api/"):
            route = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda group: "{%s}" % group[1].replace("pk", "id"), match.route)
            CALLS.append({
                "method": request.method,
                "path": "/" + route.replace("^", "").replace("$", ""),
                "authorization": credentials_sent(request),
                "status": response.status_code,
            })
        return response

    return middleware


def calls(request):
    return JsonResponse(CALLS, safe=False)


# --- the model, its serializer and viewset ---------------------------------------------------------

class Task(models.Model):
    class Status(models.TextChoices):
        TODO = "todo", "To do"
        IN_PROGRESS = "in-progress", "In progress"
        DONE = "done", "Done"

    class Priority(models.IntegerChoices):
        LOW = 1, "Low"
        HIGH = 5, "High"

    title = models.CharField(max_length=100)
    status = models.CharField(max_length=20, choices=Status.choices, blank=True, null=True)
    priority = models.IntegerField(choices=Priority.choices, default=Priority.LOW)
    homepage = models.URLField(null=True, blank=True)
    budget = models.DecimalField(max_digits=8, decimal_places=2)
    reference = models.UUIDField(default=uuid.uuid4)
    due = models.DateTimeField(null=True, blank=True)
    day = models.DateField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    done = models.BooleanField(default=False)
    details = models.JSONField(default=dict, blank=True)

    class Meta:
        app_label = "app"
        ordering = ["id"]


class TaskSerializer(serializers.ModelSerializer):
    class Meta:
        model = Task
        fields = ["id", "title", "status", "priority", "homepage", "budget", "reference", "due", "day", "created",
                  "done", "details"]
        read_only_fields = ["created", "done"]


class TaskViewSet(viewsets.ModelViewSet):
    """Tasks: DRF's model viewset, authenticated by any of the default classes."""
    queryset = Task.objects.all()
    serializer_class = TaskSerializer
    filter_backends = [SearchFilter, OrderingFilter]
    search_fields = ["title"]
    ordering_fields = ["title", "due"]

    @extend_schema(parameters=[OpenApiParameter("status", enum=Task.Status.values, description="Only this status")])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    def get_queryset(self):
        wanted = self.request.query_params.get("status")
        return Task.objects.filter(status=wanted) if wanted else Task.objects.all()

    @extend_schema(request=None, responses=TaskSerializer)
    @action(detail=True, methods=["post"])
    def complete(self, request, pk=None):
        task = self.get_object()
        task.done = True
        task.save()
        return Response(TaskSerializer(task).data)


# --- authentication --------------------------------------------------------------------------------

class PrincipalSerializer(serializers.Serializer):
    name = serializers.CharField()
    scheme = serializers.CharField()


def principal(request, scheme):
    return Response({"name": request.user.username, "scheme": scheme})


class TokenMe(APIView):
    authentication_classes = [TokenAuthentication]

    @extend_schema(responses=PrincipalSerializer)
    def get(self, request):
        return principal(request, "token")


class BasicMe(APIView):
    authentication_classes = [BasicAuthentication]

    @extend_schema(responses=PrincipalSerializer)
    def get(self, request):
        return principal(request, "basic")


class SessionMe(APIView):
    authentication_classes = [SessionAuthentication]

    @extend_schema(responses=PrincipalSerializer)
    def get(self, request):
        return principal(request, "session")


class HealthSerializer(serializers.Serializer):
    status = serializers.CharField()
    credentials_sent = serializers.BooleanField()
    user = serializers.CharField(allow_null=True)


def health(request, state):
    user = request.user.username if request.user.is_authenticated else None
    return Response({"status": state, "credentials_sent": credentials_sent(request), "user": user})


class Health(APIView):
    """Public: no authentication classes, so drf-spectacular writes `security: [{}]`."""
    authentication_classes = []
    permission_classes = [AllowAny]

    @extend_schema(responses=HealthSerializer)
    def get(self, request):
        return health(request, "ok")


class Open(APIView):
    """`AllowAny` with the default authentication classes: credentials are optional (the alternatives end
    with `{}`), and a user who sends some is recognised."""
    permission_classes = [AllowAny]

    @extend_schema(responses=HealthSerializer)
    def get(self, request):
        return health(request, "open")


# --- the other serializer fields ----------------------------------------------------------------------

class LineSerializer(serializers.Serializer):
    sku = serializers.SlugField()
    quantity = serializers.IntegerField(min_value=1)


class SampleSerializer(serializers.Serializer):
    """DRF's field kinds beyond the model's, echoed as DRF writes them back."""
    labels = serializers.MultipleChoiceField(choices=["red", "green", "blue"])
    duration = serializers.DurationField()
    address = serializers.IPAddressField()
    email = serializers.EmailField()
    alarm = serializers.TimeField()
    ratio = serializers.FloatField()
    big = serializers.IntegerField()
    lines = LineSerializer(many=True)
    note = serializers.CharField(required=False, allow_blank=True, default="none")
    echoed_at = serializers.DateTimeField(read_only=True)


class Samples(APIView):
    permission_classes = [AllowAny]

    @extend_schema(request=SampleSerializer, responses=SampleSerializer)
    def post(self, request):
        incoming = SampleSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = dict(incoming.validated_data)
        data["labels"] = sorted(data["labels"])
        data["echoed_at"] = datetime(2026, 1, 1, 8, 30, 15, 123456, tzinfo=dt_timezone.utc)
        return Response(SampleSerializer(data).data)


# --- uploads ---------------------------------------------------------------------------------------

@extend_schema_field(OpenApiTypes.BINARY)
class BinaryFileField(serializers.FileField):
    """A file field drf-spectacular writes as `format: binary`: without `COMPONENT_SPLIT_REQUEST` it writes
    a `FileField` as a `format: uri` string, which is what the response side holds."""


class AttachmentSerializer(serializers.Serializer):
    file = BinaryFileField()
    description = serializers.CharField()


class ReceivedSerializer(serializers.Serializer):
    description = serializers.CharField()
    filename = serializers.CharField()
    content_type = serializers.CharField()
    size = serializers.IntegerField()
    first_bytes = serializers.ListField(child=serializers.IntegerField())


class Attachments(APIView):
    parser_classes = [MultiPartParser]

    @extend_schema(request={"multipart/form-data": AttachmentSerializer}, responses={201: ReceivedSerializer})
    def post(self, request):
        incoming = AttachmentSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        upload = incoming.validated_data["file"]
        data = upload.read()
        return Response({"description": incoming.validated_data["description"], "filename": upload.name,
                         "content_type": upload.content_type, "size": len(data), "first_bytes": list(data[:4])},
                        status=status.HTTP_201_CREATED)


# --- the database, the user and the URLs -----------------------------------------------------------

call_command("migrate", verbosity=0)
with connection.schema_editor() as editor:  # this module is no app package with migrations
    editor.create_model(Task)
alice = User.objects.create_user("alice", password="wonder:land")
Token.objects.create(user=alice, key=TOKEN)
Session.objects.create(
    session_key=SESSION, expire_date=timezone.now() + timedelta(days=1),
    session_data=SessionStore().encode({"_auth_user_id": str(alice.pk), "_auth_user_hash": alice.get_session_auth_hash(),
                                        "_auth_user_backend": "django.contrib.auth.backends.ModelBackend"}))

router = DefaultRouter()
router.register("tasks", TaskViewSet)
urlpatterns = [
    path("api/schema/", SpectacularJSONAPIView.as_view(), name="schema"),
    path("api/auth/token/", obtain_auth_token),
    path("api/auth/me/", TokenMe.as_view()),
    path("api/auth/basic/", BasicMe.as_view()),
    path("api/auth/session/", SessionMe.as_view()),
    path("api/health/", Health.as_view()),
    path("api/open/", Open.as_view()),
    path("api/attachments/", Attachments.as_view()),
    path("api/samples/", Samples.as_view()),
    path("api/", include(router.urls)),
    path("_calls", calls),
]
app = get_asgi_application()
