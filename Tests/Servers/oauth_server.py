"""A real OAuth 2.0 authorization server for CourierOAuth's tests: django-oauth-toolkit on
loopback, settings, URLs and bootstrap in one file.

    python oauth_server.py bootstrap                  # fresh database: tables, user, clients
    python oauth_server.py runserver 127.0.0.1:PORT --noreload

Environment:
    COURIER_OAUTH_DB              SQLite file (default .tmp/oauth/db.sqlite3)
    COURIER_OAUTH_TOKEN_SECONDS   lifetime of an authorization-code sign-in's access token (default
                                  2, so expiry and refresh races happen within a test)
    COURIER_OAUTH_REFRESHED_TOKEN_SECONDS
                                  lifetime of every other token: refresh, password and client
                                  credentials grants (default 900, so a burst of
                                  requests after one refresh does not outlive its token on a
                                  busy machine and cause a second, legitimate refresh: at a
                                  load average of 22, 200 requests took over 60 s)

Besides django-oauth-toolkit's endpoints under /o/ it serves:
    GET /api/me       a protected resource (scope "read"); a bad or expired token gets 401 with
                      WWW-Authenticate: Bearer error="invalid_token" (RFC 6750 §3.1)
    GET /api/me-bare  the same, but a bare 401 (no WWW-Authenticate) for a bad or expired token,
                      and for every token with ?always=401
    GET /test/stats?key=K
                      how many token requests carried the header X-Test-Key: K, by grant type
                      ({"refresh_token": 1, ...}), so a test can count the refreshes it caused;
                      refused ones are also counted by grant type and status
                      ({"refresh_token:400": 1}: a reused refresh token, say), and revocation
                      requests (RFC 7009) by token type hint ({"revoke:refresh_token": 1})
A token request with the header X-Token-Seconds: N gets tokens that live N seconds.
A GET to /o/authorize/ with the header X-Remote-User: alice signs in as alice without a login
page; the test clients skip the consent screen, so the answer is the redirect with the code.
"""

import os
import sys
import threading
from collections import Counter, defaultdict
from pathlib import Path

import django
from django.conf import settings

HERE = Path(__file__).resolve().parent
DB_PATH = os.environ.get("COURIER_OAUTH_DB", str(HERE.parent.parent / ".tmp" / "oauth" / "db.sqlite3"))
TOKEN_SECONDS = int(os.environ.get("COURIER_OAUTH_TOKEN_SECONDS", "2"))
REFRESHED_TOKEN_SECONDS = int(os.environ.get("COURIER_OAUTH_REFRESHED_TOKEN_SECONDS", "900"))


def token_lifetime(request):
    """oauthlib calls this for each token it issues.

    Only a sign-in's first token (authorization code) is short-lived, for the expiry and race
    tests; the others live long enough that a loaded machine never sees them expire mid-test.
    A test that must not see a sign-in token expire (its counts would change on a slow machine)
    asks for a lifetime with the header X-Token-Seconds.
    """
    headers = request.headers or {}
    # django-oauth-toolkit hands oauthlib Django's META, where the header is HTTP_X_TOKEN_SECONDS.
    asked = str(headers.get("HTTP_X_TOKEN_SECONDS") or headers.get("X-Token-Seconds") or "")
    if asked.isdigit():
        return int(asked)
    return TOKEN_SECONDS if request.grant_type == "authorization_code" else REFRESHED_TOKEN_SECONDS


USER = ("alice", "wonderland")
REDIRECT_URIS = "http://127.0.0.1/callback courier://callback"
# client_id, secret, client type, grant type
CLIENTS = [
    ("courier-public", None, "public", "authorization-code"),
    ("courier-confidential", "confidential-secret", "confidential", "authorization-code"),
    ("courier-service", "service-secret", "confidential", "client-credentials"),
    ("courier-password", "password-secret", "confidential", "password"),
]

settings.configure(
    DEBUG=False,
    SECRET_KEY="courier-test-server-only",
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=[
        "django.contrib.auth",
        "django.contrib.contenttypes",
        "django.contrib.sessions",
        "django.contrib.messages",
        "oauth2_provider",
    ],
    # No CSRF middleware: tests post the consent form headlessly. Loopback only.
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        __name__ + ".HeaderRemoteUserMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
    ],
    AUTHENTICATION_BACKENDS=[
        "django.contrib.auth.backends.RemoteUserBackend",
        "django.contrib.auth.backends.ModelBackend",  # the password grant
    ],
    DATABASES={
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": DB_PATH,
            # Concurrent token requests otherwise fail with "database is locked" (500).
            "OPTIONS": {"timeout": 30, "transaction_mode": "IMMEDIATE", "init_command": "PRAGMA journal_mode=WAL;"},
        }
    },
    TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}],
    DEFAULT_AUTO_FIELD="django.db.models.AutoField",
    USE_TZ=True,
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],  # fast; test data only
    OAUTH2_PROVIDER={
        "PKCE_REQUIRED": True,
        "COMPLIANT_BCP_RFC9700_PKCE_METHOD": True,
        "COMPLIANT_BCP_RFC9700_AUTHZ_RESPONSE_ISS": True,
        "ACCESS_TOKEN_EXPIRE_SECONDS": token_lifetime,
        # Codes live 10 minutes, not 60 s: on a loaded machine a test can stall for a minute
        # between the redirect and the code exchange. No test relies on a code expiring.
        "AUTHORIZATION_CODE_EXPIRE_SECONDS": 600,
        "ROTATE_REFRESH_TOKEN": True,
        "REFRESH_TOKEN_REUSE_PROTECTION": True,
        "SCOPES": {"read": "Read", "write": "Write"},
        "DEFAULT_SCOPES": ["read"],
        "ALLOWED_REDIRECT_URI_SCHEMES": ["http", "https", "courier"],
    },
    LOGGING={
        "version": 1,
        "handlers": {"console": {"class": "logging.StreamHandler"}},
        "loggers": {"django.request": {"handlers": ["console"], "level": "ERROR"}},
    },
)
django.setup()

from django.contrib.auth.middleware import RemoteUserMiddleware  # noqa: E402
from django.http import JsonResponse  # noqa: E402
from django.urls import include, path  # noqa: E402
from oauth2_provider.oauth2_backends import get_oauthlib_core  # noqa: E402
from oauth2_provider.views import RevokeTokenView, TokenView  # noqa: E402


class HeaderRemoteUserMiddleware(RemoteUserMiddleware):
    """Signs in the user named by X-Remote-User (headless authorize)."""

    header = "HTTP_X_REMOTE_USER"


_stats_lock = threading.Lock()
_stats = defaultdict(Counter)


class CountingTokenView(TokenView):
    """The toolkit's token endpoint, counting requests per X-Test-Key and grant type."""

    def post(self, request, *args, **kwargs):
        key = request.headers.get("X-Test-Key")
        grant = request.POST.get("grant_type", "")
        if key:
            with _stats_lock:
                _stats[key][grant] += 1
        response = super().post(request, *args, **kwargs)
        if key and response.status_code != 200:
            with _stats_lock:
                _stats[key][f"{grant}:{response.status_code}"] += 1
        return response


class CountingRevokeTokenView(RevokeTokenView):
    """The toolkit's revocation endpoint, counting requests per X-Test-Key and token type hint."""

    def post(self, request, *args, **kwargs):
        key = request.headers.get("X-Test-Key")
        if key:
            hint = request.POST.get("token_type_hint", "") or "none"
            with _stats_lock:
                _stats[key][f"revoke:{hint}"] += 1
        return super().post(request, *args, **kwargs)


def stats(request):
    with _stats_lock:
        return JsonResponse(dict(_stats.get(request.GET.get("key", ""), Counter())))


def me(request):
    valid, oauth_request = get_oauthlib_core().verify_request(request, scopes=["read"])
    if not valid:
        response = JsonResponse({"error": "invalid_token"}, status=401)
        response["WWW-Authenticate"] = 'Bearer realm="courier", error="invalid_token"'
        return response
    return JsonResponse({"username": oauth_request.user.username, "scopes": oauth_request.scopes})


def me_bare(request):
    """/api/me, but a bad or expired token gets a bare 401: no WWW-Authenticate header, as some
    servers answer."""
    valid, oauth_request = get_oauthlib_core().verify_request(request, scopes=["read"])
    if not valid or request.GET.get("always") == "401":
        return JsonResponse({"error": "unauthorized"}, status=401)
    return JsonResponse({"username": oauth_request.user.username, "scopes": oauth_request.scopes})


urlpatterns = [
    path("o/token/", CountingTokenView.as_view(), name="counting-token"),
    path("o/revoke_token/", CountingRevokeTokenView.as_view(), name="counting-revoke-token"),
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("api/me", me),
    path("api/me-bare", me_bare),
    path("test/stats", stats),
]


def bootstrap():
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from oauth2_provider.models import Application

    Path(DB_PATH).parent.mkdir(parents=True, exist_ok=True)
    call_command("migrate", verbosity=0, interactive=False)
    user = get_user_model().objects.create_user(username=USER[0], password=USER[1])
    for client_id, secret, client_type, grant_type in CLIENTS:
        Application.objects.create(
            name=client_id,
            client_id=client_id,
            client_secret=secret or "",
            client_type=client_type,
            authorization_grant_type=grant_type,
            redirect_uris=REDIRECT_URIS if grant_type == "authorization-code" else "",
            skip_authorization=True,
            user=user,
        )


if __name__ == "__main__":
    if sys.argv[1:] == ["bootstrap"]:
        bootstrap()
    else:
        from django.core.management import execute_from_command_line
        from django.core.servers.basehttp import WSGIServer

        # runserver listens with a backlog of 10; the refresh-race tests open more connections
        # at once, and each refused SYN costs the client a retransmission (1 s or more).
        WSGIServer.request_queue_size = 1024
        execute_from_command_line(sys.argv)
