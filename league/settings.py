"""Stammtisch settings, read from the environment.

Two ways to run:
- embedded default: nothing set; SQLite file under ``var/``, Celery tasks run inline;
- distributed: ``DATABASE_URL`` (PostgreSQL) and ``REDIS_URL`` (the Celery broker) set;
  any number of ``celery -A league worker`` processes do the replaying.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import dj_database_url
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("STAMMTISCH_VAR_DIR", BASE_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)  # the SQLite files of the embedded default


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


# --- Core -------------------------------------------------------------------------------
# Off unless asked for: a crash must never show a stranger the settings. `make run` (the
# demo) and the tests turn it on or do without it.
DEBUG = env_bool("DEBUG", False)
#: The key of local runs. With DEBUG off the service refuses to start on it
#: (league.checks, league.wsgi, league.celery): sessions and tokens would be forgeable.
DEVELOPMENT_SECRET_KEY = "stammtisch-local-development-key-not-for-production"
SECRET_KEY = os.environ.get("SECRET_KEY", DEVELOPMENT_SECRET_KEY)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", "")

# --- HTTPS (deploy/production.env turns these on behind a TLS proxy) ------------------------
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", False)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", False)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", False)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", False)
# The header a TLS-terminating proxy sets, as "HEADER,value", e.g.
# "HTTP_X_FORWARDED_PROTO,https". Only set it when the proxy always sets (or strips) it.
_proxy_header = env_list("SECURE_PROXY_SSL_HEADER", "")
SECURE_PROXY_SSL_HEADER = (_proxy_header[0], _proxy_header[1]) if len(_proxy_header) == 2 \
    else None
# The health check of a load balancer may speak plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz/$"]
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "league",
    "games",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "league.api.limits.APIBodyLimitMiddleware",
    "league.throttle.AuthThrottleMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "league.request_text.RefuseNulMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "league.web.security.ContentSecurityPolicyMiddleware",
]

ROOT_URLCONF = "league.urls"
WSGI_APPLICATION = "league.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "league.web.live.live_context",
            ],
        },
    },
]

# --- Database ---------------------------------------------------------------------------
# DATABASE_URL, e.g. postgres://user:pass@localhost:5432/stammtisch; default: a SQLite file.
# Connections are kept for CONN_MAX_AGE seconds and checked before reuse; with the Procfile's
# server (gunicorn, a fixed pool of workers and threads) that is one connection per thread at
# most, whatever the traffic.
DATABASES = {
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL", f"sqlite:///{VAR_DIR / 'stammtisch.sqlite3'}"),
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # A file test database, not ":memory:", so that a real worker process can share it; one
    # per test process, so that test runs side by side do not write into each other's.
    DATABASES["default"]["TEST"] = {
        "NAME": str(VAR_DIR / f"test-stammtisch-{os.getpid()}.sqlite3")}
    # A transaction takes SQLite's write lock when it begins: one that read first and wrote
    # later could not wait for another writer (SQLite answers "database is locked" at once
    # instead of waiting the timeout), which a worker and a submission side by side hit.
    DATABASES["default"]["OPTIONS"] = {"timeout": 20, "transaction_mode": "IMMEDIATE"}
elif DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # The service's queries are small and bounded (a page, a match, a competition): starting
    # parallel workers for one costs more than it saves (a few ms each), and on a small
    # server they take the cores that other requests and the Celery workers wait for. A
    # server with cores to spare may allow them (PG_PARALLEL_WORKERS, PostgreSQL's
    # max_parallel_workers_per_gather for the service's connections).
    parallel_workers = env_int("PG_PARALLEL_WORKERS", 0)
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = (
        f"-c max_parallel_workers_per_gather={parallel_workers}")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Auth -------------------------------------------------------------------------------
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]
# API tokens expire this many seconds after they were issued; a password change revokes them.
TOKEN_TTL = env_int("TOKEN_TTL", 30 * 24 * 3600)
# Failed log-ins, token requests or registrations per minute from one address or for one
# account before 429 (league.throttle); NUM_PROXIES: proxies in front that add to
# X-Forwarded-For (the client's address is read from there).
AUTH_FAILURES_PER_MINUTE = env_int("AUTH_FAILURES_PER_MINUTE", 10)
NUM_PROXIES = env_int("NUM_PROXIES", 0)
# The doors, by the names of their views: the log-in pages, the API's token, registration.
AUTH_THROTTLED_VIEWS = ["login", "admin:login", "api-token"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# --- Languages --------------------------------------------------------------------------
LANGUAGE_CODE = "de"
LANGUAGES = [("de", _("German")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = os.environ.get("TIME_ZONE", "Europe/Berlin")
USE_TZ = True

# --- Static files -----------------------------------------------------------------------
STATIC_URL = "static/"
STATIC_ROOT = VAR_DIR / "staticfiles"
STATIC_ROOT.mkdir(exist_ok=True)
# Serve straight from the apps and static/, so that `make run` needs no collectstatic.
WHITENOISE_USE_FINDERS = True
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# --- Celery -----------------------------------------------------------------------------
# Without REDIS_URL the tasks run inline in the web process (pretix does the same), so the
# embedded default needs no broker; with it, workers on any machine pick the tasks up.
REDIS_URL = os.environ.get("REDIS_URL", "")
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# Celery's Django fixup closes a worker's database connection before and after every task
# unless this is set, then only every DB_REUSE_MAX tasks: a new PostgreSQL backend per log,
# each warming its caches from nothing, cost more than the replay itself. With it set, a
# task keeps its process's connection by Django's own rule, as a web request does
# (CONN_MAX_AGE, checked before reuse; ``league.celery`` closes old connections around
# every task).
CELERY_DB_REUSE_MAX = 10_000
# A replay of the largest log allowed takes seconds; the limit only stops a runaway.
CELERY_TASK_TIME_LIMIT = env_int("CELERY_TASK_TIME_LIMIT", 300)
CELERY_TASK_SOFT_TIME_LIMIT = max(1, CELERY_TASK_TIME_LIMIT - 30)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_BROKER_TRANSPORT_OPTIONS = {
    # A task is acknowledged late, when it is done; Redis hands a task that was not
    # acknowledged within this time to another worker. Longer than the time limit, so a
    # task still running is never handed out twice; short enough that a task held by a
    # worker killed outright runs again within minutes (the results sweep is faster still).
    "visibility_timeout": CELERY_TASK_TIME_LIMIT + 60,
    # A broker that is away is noticed at once: the submission is stored and answered, and
    # the sweep queues it later (games.services.queue).
    "socket_connect_timeout": 2,
    "socket_timeout": 5,
}
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 2, "interval_start": 0,
                                    "interval_step": 0.2, "interval_max": 0.5}

# --- The results sweep (games.services.sweep), run by Celery beat ------------------------
# A log still pending or scoring this long after it was queued or started is queued again,
# and so is a verdict whose announcement (bracket, tournament end, ratings) is still due.
# Longer than the task's time limit, so that a replay still running is left alone.
RESULTS_STUCK_AFTER = env_int("RESULTS_STUCK_AFTER", CELERY_TASK_TIME_LIMIT + 60)
RESULTS_SWEEP_EVERY = env_int("RESULTS_SWEEP_EVERY", 60)
CELERY_BEAT_SCHEDULE = {
    "results-sweep": {
        "task": "games.tasks.results_sweep",
        "schedule": RESULTS_SWEEP_EVERY,
        # A sweep that waited longer than its interval is replaced by the next one.
        "options": {"expires": RESULTS_SWEEP_EVERY},
    },
}

# --- Limits on what a user sends ----------------------------------------------------------
# The longest log or score sheet (docs/log-format.md); larger gets 413 from the API.
LOG_MAX_BYTES = 2 * 1024 * 1024
# A request body may hold a log and the form around it; anything larger is refused before it
# is read (413 from the API, Django's 400 elsewhere).
DATA_UPLOAD_MAX_MEMORY_SIZE = LOG_MAX_BYTES + 256 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = DATA_UPLOAD_MAX_MEMORY_SIZE

# --- Cache ----------------------------------------------------------------------------
# The log-in throttle's counts, and the standings, tables and brackets computed once per
# verdict (league.selectors.figures). With REDIS_URL every process shares them in Redis, in the
# database after the broker's (redis://host:6379/0 -> /1: clearing the cache never touches the
# task queues), or where CACHE_URL says; without it each process keeps its own. The versions
# that say what is current are in the database, so either way nobody reads an old table.


def redis_cache_url(broker_url: str) -> str:
    """The broker's Redis with the next database number.

    >>> redis_cache_url("redis://localhost:6379/0"), redis_cache_url("redis://r:1")
    ('redis://localhost:6379/1', 'redis://r:1/1')
    """
    parts = urlsplit(broker_url)
    database = int(parts.path.strip("/") or 0) + 1
    return urlunsplit(parts._replace(path=f"/{database}"))


CACHE_URL = os.environ.get("CACHE_URL") or (redis_cache_url(REDIS_URL) if REDIS_URL else "")
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": CACHE_URL,
        "KEY_PREFIX": "stammtisch",
    } if CACHE_URL else {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "stammtisch",
    },
}

# --- REST API ---------------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "league.api.authentication.ExpiringTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.AutoSchema",
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "games.api.pagination.StrictLimitOffsetPagination",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "league.api.errors.api_exception_handler",
    # DRF's JSON written by orjson (DRF's bytes, a tenth of the time: league.api.renderers).
    "DEFAULT_RENDERER_CLASSES": [
        "league.api.renderers.FastJSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    # One JSON reader for every body: depth, number size, NaN and NUL bounded.
    "DEFAULT_PARSER_CLASSES": [
        "league.api.parsers.BoundedJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Stammtisch API",
    "DESCRIPTION": "Leagues, tournaments and match results for small game clubs.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # Every operation's errors too (one shape), not only its success (league.api.schema).
    "POSTPROCESSING_HOOKS": ["drf_spectacular.hooks.postprocess_schema_enums",
                             "league.api.schema.error_responses"],
    # Several models have a "status"; each choice set gets its own name in the schema.
    "ENUM_NAME_OVERRIDES": {
        "MatchStatusEnum": "games.models.Match.Status",
        "LogStatusEnum": "games.models.MatchLog.Status",
        "TournamentStatusEnum": "tournaments.models.Tournament.Status",
        "SeasonStatusEnum": "league.models.Season.Status",
        "EntryStatusEnum": "tournaments.models.Entry.Status",
        "StageStatusEnum": "tournaments.models.Stage.Status",
    },
}

# --- Logging ----------------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

# --- Results from people: email, links in mails, invitations, the badge -----------------
# Mails go through Django's email backend: the console backend prints them (make run);
# a deployment sets EMAIL_BACKEND (e.g. django.core.mail.backends.smtp.EmailBackend) and
# the EMAIL_* variables of its server.
EMAIL_BACKEND = os.environ.get("EMAIL_BACKEND",
                               "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = os.environ.get("EMAIL_HOST", "localhost")
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Stammtisch <stammtisch@localhost>")
# The site's address, for the links in mails (a match to confirm, an invitation).
SITE_URL = os.environ.get("SITE_URL", "http://localhost:8000").rstrip("/")
# How long an invitation link stays valid.
INVITATION_DAYS = int(os.environ.get("INVITATION_DAYS", "14"))
# The menu's badge: how many results wait on the person looking at the page.
TEMPLATES[0]["OPTIONS"]["context_processors"].append(  # type: ignore[index]
    "games.web.waiting.results_waiting")
SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"][  # type: ignore[index]
    "ReportStatusEnum"] = "games.models.ResultReport.Status"
if not REDIS_URL:
    # Tasks run inline: their logging is quiet unless asked for (TASK_LOG_LEVEL=INFO), so
    # that the demo club's hundred tasks do not bury the address and login `make run` prints.
    # A worker (REDIS_URL set) logs as its --loglevel says.
    LOGGING["loggers"].update({  # type: ignore[attr-defined]
        "celery": {"level": os.environ.get("TASK_LOG_LEVEL", "WARNING")},
        "kombu": {"level": os.environ.get("TASK_LOG_LEVEL", "ERROR")},
    })
