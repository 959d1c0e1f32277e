"""Settings, read from the environment (12-factor). With nothing set: the embedded default
(SQLite, in-memory channel layer, DEBUG on). See docs/deploy.md for production."""

import os
import re
from pathlib import Path
from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    return os.environ.get(name, str(default)).lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str) -> list[str]:
    return [v.strip() for v in os.environ.get(name, default).split(",") if v.strip()]


DEBUG = env_bool("DJANGO_DEBUG", True)
# Secrets only from the environment: without DEBUG there is no default key at all.
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "dev-only-insecure-key" if DEBUG else "")
if not SECRET_KEY:
    raise ImproperlyConfigured("DJANGO_SECRET_KEY must be set when DJANGO_DEBUG is off")
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    # The admin, whose default site asks staff for a second factor (staffguard.admin_site).
    "staffguard.apps.StaffAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's files, served from the site (/api/docs/)
    "csp",  # django-csp: the Content-Security-Policy header (security, below)
    "channels",
    "health_check",
    "allauth",
    "allauth.account",
    "allauth.headless",
    # staff: a second factor for the admin (TOTP and recovery codes); logins: django-axes
    # records failed passwords and locks (staffguard.login_limits). docs/deploy.md, "Security".
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "axes",
    "staffguard",
    "accounts",
    "games",
    "ratings",
    "chat",
    "moderation",
    "follows",
    "tokens",
    "streams",
    "tutorial",
    "challenges",
    "bots",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Before WhiteNoise, which answers the client's files itself: they get the headers too.
    "dwaalhof_site.security_headers.ContentSecurityPolicyMiddleware",
    "django_permissions_policy.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django_otp.middleware.OTPMiddleware",  # request.user.is_verified(): the admin asks it
    "accounts.middleware.ProfileLanguageMiddleware",
    # A suspended account's session ends at its next request, with a clear refusal.
    "accounts.gate.EndBarredSessions",
    # A session opened by a mail's one-click game link reaches that game only.
    "notifications.limited.LimitToGame",
    # Django's, with the storage made only for a request that uses it (the API never does).
    "dwaalhof_site.lazy_messages.LazyMessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    # A lost database answers a JSON 503, never a 500 or an HTML page.
    "dwaalhof_site.db_unavailable.DatabaseUnavailableMiddleware",
    # A locked login answers 429 with Retry-After (staffguard.login_limits.lockout_response).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "dwaalhof_site.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "dwaalhof_site" / "templates"],  # the API docs' page (api_docs.py)
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]
WSGI_APPLICATION = "dwaalhof_site.wsgi.application"
ASGI_APPLICATION = "dwaalhof_site.asgi.application"


def _parse_database_url(url: str) -> dj_database_url.DBConfig:
    """dj-database-url, plus libpq's multi-host form with ports, which it refuses:
    postgres://u:p@data:5432,standby:5433/db?target_session_attrs=read-write becomes HOST
    "data,standby" and PORT "5432,5433" (libpq tries them in order; docs/deploy.md,
    "Cluster"). Without ports (`@data,standby/`) dj-database-url handles it itself."""
    match = re.match(r"^(postgres(?:ql)?://(?:[^@/]*@)?)([^/?]*,[^/?]*)(.*)$", url)
    if not match or ":" not in match.group(2):
        return dj_database_url.parse(url)
    pairs = [(h.split(":") + ["5432"])[:2] for h in match.group(2).split(",")]
    config = dj_database_url.parse(match.group(1) + ",".join(h for h, _ in pairs) + match.group(3))
    config["PORT"] = ",".join(port for _, port in pairs)
    return config


DATABASES = {
    "default": _parse_database_url(
        os.environ.get("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}")
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Under ASGI Django closes its connection after every request: a pool keeps them warm.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": int(os.environ.get("DJANGO_DB_POOL_MIN", "2")),
        "max_size": int(os.environ.get("DJANGO_DB_POOL_MAX", "10")),
        # While PostgreSQL is away a request waits this long for a connection, then answers
        # 503 (dwaalhof_site/db_unavailable.py); psycopg_pool's default is 30 s.
        "timeout": float(os.environ.get("DJANGO_DB_POOL_TIMEOUT", "5")),
    }
    # The pool tests a connection before handing it out (Django passes psycopg_pool's
    # check_connection): after a database restart the pooled connections are dead, and
    # without the check each would fail one request.
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
    # Server-side binding: queries go with their parameters apart, and psycopg prepares a
    # statement a connection runs often (prepare_threshold), so PostgreSQL parses and plans
    # each of a move's statements once per connection instead of at every move. Off
    # (DJANGO_DB_SERVER_SIDE_BINDING=0) behind a pooler in transaction mode that cannot
    # keep prepared statements (docs/deploy.md, "Capacity on paper").
    if os.environ.get("DJANGO_DB_SERVER_SIDE_BINDING", "1") == "1":
        DATABASES["default"]["OPTIONS"].update(server_side_binding=True, prepare_threshold=5)
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several processes (servers, the worker) may write one SQLite file. BEGIN IMMEDIATE takes
    # the write lock up front, so a writer waits (timeout) instead of failing with "database
    # is locked" when it upgrades a read; WAL lets readers go on while one writes.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        transaction_mode="IMMEDIATE",
        timeout=20,
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    )
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# --- accounts: django-allauth, headless (the web client is a single page) -------------------
# Sign-up, log-in and API tokens stay in accounts/api.py (/api/auth/...); allauth's headless
# API (/api/allauth/browser/v1/...) does email verification, password reset and change, and
# email change. Its mails go into the outbox the worker sends (accounts.outbox).
# Django's and allauth's backends, each loading a session's user with its profile.
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked login before any password is checked (django-axes).
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.ModelBackend",
    "accounts.backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "accounts.adapter.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "email", "password1*"]
ACCOUNT_EMAIL_VERIFICATION = "optional"  # play at once; mail only goes to a verified address
ACCOUNT_CHANGE_EMAIL = True  # a new address replaces the old one once it is verified
ACCOUNT_EMAIL_NOTIFICATIONS = True  # "your password/email was changed"
ACCOUNT_LOGIN_ON_PASSWORD_RESET = True  # a new password from the mailed link logs in
ACCOUNT_PREVENT_ENUMERATION = True  # a reset for an unknown address answers the same
ACCOUNT_EMAIL_SUBJECT_PREFIX = "Dwaalhof: "
PASSWORD_RESET_TIMEOUT = int(os.environ.get("DWAALHOF_PASSWORD_RESET_SECONDS", str(2 * 3600)))
# --- logins: limits per account name and per address, growing delays (docs/deploy.md,
# "Logins"); the policy is staffguard.login_limits, django-axes keeps the failures.
DWAALHOF_LOGIN_LIMITS = {
    "account": int(os.environ.get("DWAALHOF_LOGIN_FAILURES_ACCOUNT", "5")),
    "address": int(os.environ.get("DWAALHOF_LOGIN_FAILURES_ADDRESS", "20")),
    "base_seconds": int(os.environ.get("DWAALHOF_LOGIN_LOCK_SECONDS", "60")),
    "max_seconds": int(os.environ.get("DWAALHOF_LOGIN_LOCK_MAX_SECONDS", "3600")),
    "memory_hours": 24,
}
OTP_TOTP_ISSUER = "Dwaalhof"  # the name an authenticator app shows (staffguard.devices)
AXES_HANDLER = "staffguard.login_limits.LoginLimitHandler"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]  # each on its own, with its own limit
AXES_FAILURE_LIMIT = 1  # LoginLimitHandler.get_failures counts the limits reached
AXES_COOLOFF_TIME = "staffguard.login_limits.cool_off"
AXES_USE_ATTEMPT_EXPIRATION = True  # each failure expires after its own (growing) cool-off
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False  # a lockout ends on time
AXES_RESET_ON_SUCCESS = False  # a login to one's own account must not clear an address
AXES_USERNAME_CALLABLE = "staffguard.login_limits.login_name"
AXES_CLIENT_IP_CALLABLE = "staffguard.login_limits.client_address"
AXES_LOCKOUT_CALLABLE = "staffguard.login_limits.lockout_response"
AXES_VERBOSE = False
# Never kept with a failure's form data: an admin login's code may be an unused recovery code.
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "otp_token"]
AXES_DISABLE_ACCESS_LOG = True  # successful logins are not kept (only failures, until they expire)
HEADLESS_ONLY = True
HEADLESS_CLIENTS = ("browser",)
# The links in the mails open the web client (it routes with the URL fragment).
HEADLESS_FRONTEND_URLS = {
    "account_confirm_email": "/#/e-mail-bevestigen/{key}",
    "account_reset_password": "/#/wachtwoord-vergeten",
    "account_reset_password_from_key": "/#/wachtwoord-herstellen/{key}",
    "account_signup": "/#/inschrijven",
}

LANGUAGE_CODE = "nl"
# The languages an answer may be in (Accept-Language picks one; see dwaalhof_site/api/language.py).
LANGUAGES = [("nl", "Nederlands"), ("en", "English")]
TIME_ZONE = "Europe/Amsterdam"
USE_I18N = True
# Server text (mails, notifications) is translated with Django's gettext; the compiled .mo
# files are committed beside their .po (tests/server/test_translations.py checks they agree).
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_TZ = True

STATIC_URL = "/static/"
# collectstatic's output (a stack on loopback keeps its own: stacks.localstack.static_root).
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
# The web client (frontend/) is served by WhiteNoise from the site root: / -> index.html.
WHITENOISE_ROOT = BASE_DIR / "frontend"
WHITENOISE_INDEX_FILE = True
# The installable app's manifest (WhiteNoise's own table lacks .webmanifest) and the service
# worker at /sw.js, whose scope is then the whole site (docs/client.md, "The installable app").
WHITENOISE_MIMETYPES = {".webmanifest": "application/manifest+json"}


def _client_file_headers(headers: Any, path: str, url: str) -> None:
    # The browser asks for the service worker again at each check for a new version.
    if url == "/sw.js":
        headers["Cache-Control"] = "no-cache"


WHITENOISE_ADD_HEADERS_FUNCTION = _client_file_headers

# --- REST API ---------------------------------------------------------------------------------
REST_FRAMEWORK: dict[str, Any] = {
    # Token first: DRF answers "not logged in" with 401 (and WWW-Authenticate) only when the
    # first class names a scheme; session auth names none, which made every such answer 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tokens.auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["dwaalhof_site.api.fast_json.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "dwaalhof_site.api.schema.AutoSchema",
    "EXCEPTION_HANDLER": "dwaalhof_site.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Throttles tell clients apart by address: behind N proxies, the Nth address from the
    # right of X-Forwarded-For (0: the socket's address; a client cannot forge either).
    "NUM_PROXIES": int(
        os.environ.get(
            "DJANGO_NUM_PROXIES",
            "1" if not DEBUG and env_bool("DJANGO_BEHIND_PROXY", True) else "0",
        )
    ),
}
if DEBUG:
    REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"].append(
        "rest_framework.renderers.BrowsableAPIRenderer"
    )
# Scoped throttles (dwaalhof_site/api/throttles.py reads these per request: tests change them).
DWAALHOF_THROTTLE_RATES = {
    "auth": os.environ.get("DJANGO_THROTTLE_AUTH", "20/minute"),
    "moves": os.environ.get("DJANGO_THROTTLE_MOVES", "240/minute"),
    # CSP violation reports (dwaalhof_site/csp_report.py), per client address
    "csp_report": os.environ.get("DJANGO_THROTTLE_CSP_REPORT", "30/minute"),
    # Per personal access token, a bucket of "burst" requests refilled at the rate
    # (dwaalhof_site.api.throttles.TokenThrottle; docs/api.md, "Rate limits"): reads are GET,
    # writes every other method (moves, new games). The session's web client is not limited.
    "token_read": os.environ.get("DJANGO_THROTTLE_TOKEN_READ", "3600/hour burst 60"),
    "token_write": os.environ.get("DJANGO_THROTTLE_TOKEN_WRITE", "1800/hour burst 30"),
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Dwaalhof API",
    "DESCRIPTION": "Play Dwaalhof: accounts, games, moves. See docs/api.md.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "tokens.schema.add_token_scopes",  # each operation's token scope (tokens.scopes)
    ],
    # Swagger UI from the site's own static files (drf-spectacular-sidecar), not a CDN: the
    # Content-Security-Policy allows scripts and styles from the site only.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # no badge image from the public validator (swagger.io): the page asks the site only
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # one name for the computer's level, used by the create request and the game summary
    "ENUM_NAME_OVERRIDES": {
        "ComputerLevelEnum": "games.models.COMPUTER_LEVELS",
        "OpponentEnum": "games.models.Game.Opponent",  # beside the create requests' enums
        "ReportReasonEnum": "moderation.models.REPORT_REASONS",  # why a player reports
        "StatusEnum": "games.models.GAME_STATUSES",  # a game's; the tutorial's has its own
        "NotifyEnum": "accounts.models.NOTIFY_CHOICES",  # the profile's and the preferences'
        "DeclineReasonEnum": "challenges.models.DECLINE_REASON_CHOICES",  # why a challenge was declined
        "ChallengeStatusEnum": "challenges.models.CHALLENGE_STATUSES",
    },
}

# --- games ------------------------------------------------------------------------------------
DWAALHOF_TURN_SECONDS_DEFAULT = 24 * 3600
# Event streams (streams/): an empty keep-alive line this often (seconds), and how many streams
# one token (or session) may hold open in one web process, and one player over all of theirs.
DWAALHOF_STREAM_KEEPALIVE = float(os.environ.get("DWAALHOF_STREAM_KEEPALIVE", "20"))
# Games two bot accounts may start together per UTC day (bots.limits; docs/api.md, "Bot
# accounts"): bots play fast, and this keeps two of them from flooding the site.
DWAALHOF_BOT_PAIR_GAMES_PER_DAY = int(os.environ.get("DWAALHOF_BOT_PAIR_GAMES_PER_DAY", "100"))
DWAALHOF_STREAMS_PER_HOLDER = int(os.environ.get("DWAALHOF_STREAMS_PER_HOLDER", "16"))
DWAALHOF_STREAMS_PER_USER = int(os.environ.get("DWAALHOF_STREAMS_PER_USER", "64"))
DWAALHOF_STATE_CACHE_SIZE = int(os.environ.get("DWAALHOF_STATE_CACHE_SIZE", "512"))

# --- security (production: DJANGO_DEBUG=0) ---------------------------------------------------
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"  # Django's default, said here
# Content-Security-Policy (django-csp 4): scripts, styles, images and fonts from the site
# only: no inline script or style (the client sets styles through CSSOM), no eval, no
# plugins, no framing. connect-src: the site's API and its websockets; 'self' covers
# ws(s) of the same host in current browsers, and security_headers.py names ws://host or
# wss://host explicitly per request. Browsers post violations to the report endpoint
# (dwaalhof_site/csp_report.py), which logs them. docs/deploy.md, "Security".
CSP_REPORT_PATH = "/csp-report/"
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "worker-src": ["'self'"],  # the service worker, /sw.js
        "manifest-src": ["'self'"],  # the app's manifest, /manifest.webmanifest
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "report-uri": [CSP_REPORT_PATH],
    }
}
# Permissions-Policy (django-permissions-policy): the powerful features the site never uses
# are off for it and anything it embeds; copying an invite link writes the clipboard.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    "accelerometer": [],
    "ambient-light-sensor": [],
    "autoplay": [],
    "bluetooth": [],
    "browsing-topics": [],
    "camera": [],
    "clipboard-read": [],
    "clipboard-write": ["self"],
    "display-capture": [],
    "encrypted-media": [],
    "geolocation": [],
    "gyroscope": [],
    "hid": [],
    "idle-detection": [],
    "magnetometer": [],
    "microphone": [],
    "midi": [],
    "payment": [],
    "publickey-credentials-create": ["self"],  # passkeys, should staff sign in with one
    "publickey-credentials-get": ["self"],
    "screen-wake-lock": [],
    "serial": [],
    "usb": [],
    "xr-spatial-tracking": [],
}
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # The proxy probes the processes over plain HTTP: no redirect to HTTPS for that.
    SECURE_REDIRECT_EXEMPT = [r"^health/"]
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    if env_bool("DJANGO_BEHIND_PROXY", True):
        # The TLS-terminating proxy says the original scheme in this header.
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    STORAGES = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("DJANGO_LOG_LEVEL", "WARNING")},
}

# realtime: websockets, notifications, the background worker (see docs/deploy.md).
INSTALLED_APPS += ["notifications", "worker", "webpush"]  # realtime
# realtime: in-memory channel layer on the embedded default; Redis when REDIS_URL is set
# (needed as soon as more than one process serves websockets or the worker runs apart).
# A socket's group membership expires after this long unless renewed; open sockets renew it
# (games.consumers.LiveSockets), so a tab left open on a slow game keeps hearing moves.
CHANNEL_GROUP_EXPIRY = int(os.environ.get("DWAALHOF_CHANNEL_GROUP_EXPIRY", str(24 * 3600)))
# DWAALHOF_CHANNEL_LAYER picks channels-redis's layer (docs/deploy.md, "Channel layer: core
# or pubsub"): "core" keeps each socket's messages in Redis lists (a socket that misses a
# moment of Redis still gets them); "pubsub" sends a group message as one PUBLISH.
CHANNEL_LAYER_KIND = os.environ.get("DWAALHOF_CHANNEL_LAYER", "core")
if CHANNEL_LAYER_KIND not in ("core", "pubsub"):
    raise ImproperlyConfigured("DWAALHOF_CHANNEL_LAYER must be 'core' or 'pubsub'")
if os.environ.get("REDIS_URL") and CHANNEL_LAYER_KIND == "pubsub":  # realtime
    CHANNEL_LAYERS: dict[str, dict[str, Any]] = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {
                # The layer reads its subscriptions with short polls (0.1 s), never one long
                # blocking read: the 15 s timeout only bounds a PUBLISH or a SUBSCRIBE.
                "hosts": [{"address": os.environ["REDIS_URL"], "socket_timeout": 15}],
                "prefix": os.environ.get("DWAALHOF_CHANNEL_PREFIX", "dwaalhof"),
            },
        }
    }
elif os.environ.get("REDIS_URL"):  # realtime
    CHANNEL_LAYERS = {
        "default": {
            # channels-redis's core layer, reading a process's messages in batches (one
            # round trip per batch, not four per message): see dwaalhof_site/channel_layer.py.
            "BACKEND": "dwaalhof_site.channel_layer.BatchReadRedisChannelLayer",
            "CONFIG": {
                # Each socket's receive is a BZPOPMIN that blocks up to 5 s in Redis. redis-py 8
                # aborts any read after socket_timeout (default 5 s since 8.0), which killed
                # idle sockets with "Timeout reading from ..." (channels_redis issue 422). 15 s
                # lets the blocking read end on its own and still notices a dead connection.
                "hosts": [{"address": os.environ["REDIS_URL"], "socket_timeout": 15}],
                "capacity": 500,
                "expiry": 30,
                "group_expiry": CHANNEL_GROUP_EXPIRY,
                # Separate sites (or test runs) sharing one Redis use separate prefixes.
                "prefix": os.environ.get("DWAALHOF_CHANNEL_PREFIX", "dwaalhof"),
            },
        }
    }
else:  # realtime
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer",
            "CONFIG": {"group_expiry": CHANNEL_GROUP_EXPIRY},
        }
    }
# Django's cache holds the throttle counters: with REDIS_URL it is Redis, shared by every
# process (a limit holds across web processes); else each process's own memory.
if os.environ.get("REDIS_URL"):
    CACHES = {
        "default": {
            "BACKEND": "dwaalhof_site.redis_cache.SharedPoolRedisCache",
            "LOCATION": os.environ["REDIS_URL"],
            "KEY_PREFIX": os.environ.get("DWAALHOF_CHANNEL_PREFIX", "dwaalhof"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
# realtime: email. Console by default; SMTP when DJANGO_EMAIL_HOST is set.
if os.environ.get("DJANGO_EMAIL_HOST"):  # realtime
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_HOST = os.environ["DJANGO_EMAIL_HOST"]
    EMAIL_PORT = int(os.environ.get("DJANGO_EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("DJANGO_EMAIL_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("DJANGO_EMAIL_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("DJANGO_EMAIL_TLS", True)
    EMAIL_TIMEOUT = 60  # seconds: a hung mail server must not hold a claimed mail for long
else:  # realtime
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
DEFAULT_FROM_EMAIL = os.environ.get("DJANGO_EMAIL_FROM", "Dwaalhof <noreply@dwaalhof.local>")
# realtime: the computer opponent moves in the worker ("worker") or right after the
# human's move commits ("inline", used by tests and by `make run`'s in-process worker).
DWAALHOF_BOT_MOVES = os.environ.get("DWAALHOF_BOT_MOVES", "worker")  # realtime
# Socket pushes after a move: "background" (off the request thread) or "inline".
DWAALHOF_PUSH = os.environ.get("DWAALHOF_PUSH", "background")
DWAALHOF_SITE_URL = os.environ.get("DWAALHOF_SITE_URL", "http://127.0.0.1:8000")  # realtime
# Web push (webpush/, docs/deploy.md "Web push"): the site's VAPID keys. Without a private
# key push is off. A PEM may come on one line with \n for its newlines (manage.py vapid_keys).
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "").replace("\\n", "\n")
VAPID_PUBLIC_KEY = os.environ.get("VAPID_PUBLIC_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:beheer@dwaalhof.local")
# Subscriptions whose endpoint is plain http on a loopback host (a test push service); also
# allowed whenever DEBUG is on. Production takes https endpoints only.
WEBPUSH_ALLOW_HTTP_LOOPBACK = env_bool("WEBPUSH_ALLOW_HTTP_LOOPBACK", False)
CSRF_FAILURE_VIEW = "dwaalhof_site.api.errors.csrf_failure"
