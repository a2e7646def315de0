"""Throttling of the doors to an account: the log-in page, the admin's log-in, the API's
token endpoint and registration.

Every failed attempt counts against the address it came from and against the account it
named. After ``AUTH_FAILURES_PER_MINUTE`` failures within a minute, that address or account
gets 429 with a clear message (JSON in the API's error shape under ``/api/``) until the
minute is over, even with the right password: guessing costs a minute per ten tries. Each
refusal is logged. The counts live in the cache (Redis when ``REDIS_URL`` is set, so all web
processes share them).

Which doors are throttled is said by their views' names (``AUTH_THROTTLED_VIEWS``), so that
an address with a slug or a token in it (a tournament's sign-up, an invitation) is one door.
Failures are counted by Django's ``user_login_failed`` signal, which every log-in through
``authenticate()`` sends (page, admin, token), and by ``games.signals.registration_refused``,
which a registration form sends when it refuses an attempt (a user name taken, passwords
that differ, an invitation used up): guessing names costs a minute per ten tries as well.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext

from games import bounded_json

logger = logging.getLogger(__name__)
WINDOW = 60  # seconds


def client_address(request: HttpRequest) -> str:
    """The client's address; behind ``NUM_PROXIES`` proxies, the one the outermost proxy
    saw (from the right of X-Forwarded-For), since every request comes from the proxy."""
    proxies = int(getattr(settings, "NUM_PROXIES", 0))
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
        if hops:
            return hops[-min(proxies, len(hops))]
    return str(request.META.get("REMOTE_ADDR", ""))


def _keys(address: str, account: str) -> list[str]:
    # Hashed: an account name is whatever the client sent (any length, any character), a
    # cache key is short and plain.
    keys = [f"auth-failures:address:{_digest(address)}"]
    if account:
        keys.append(f"auth-failures:account:{_digest(account.strip().lower())}")
    return keys


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def auth_failure_record(*, address: str, account: str = "") -> None:
    """One more failed attempt from ``address`` for ``account`` (either may be empty)."""
    for key in _keys(address, account):
        if cache.add(key, 1, WINDOW):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, WINDOW)


def auth_refused(*, address: str, account: str = "") -> bool:
    """Whether the address or the account has used up its failures for this minute."""
    limit = int(settings.AUTH_FAILURES_PER_MINUTE)
    counts = cache.get_many(_keys(address, account))
    return any(int(count) >= limit for count in counts.values())


def _account_of(request: HttpRequest) -> str:
    if request.content_type == "application/json":
        try:
            body = bounded_json.loads(request.body)
        except (bounded_json.JSONRefused, ValueError):
            return ""
        value = body.get("username", "") if isinstance(body, dict) else ""
        return value if isinstance(value, str) else ""
    return str(request.POST.get("username", ""))


class AuthThrottleMiddleware:
    """429 for a POST to a throttled view (``AUTH_THROTTLED_VIEWS``, by name) from an
    address or for an account that failed too often this minute."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view_func: Callable[..., Any],
                     view_args: Any, view_kwargs: Any) -> HttpResponse | None:
        match = request.resolver_match
        if request.method != "POST" or match is None or \
                match.view_name not in settings.AUTH_THROTTLED_VIEWS:
            return None
        address, account = client_address(request), _account_of(request)
        if not auth_refused(address=address, account=account):
            return None
        logger.warning("throttled %s: too many failed attempts from %s for %r",
                       request.path, address, account)
        return _too_many(request)


def _too_many(request: HttpRequest) -> HttpResponse:
    message = gettext("Too many failed attempts: wait a minute, then try again.")
    headers = {"Retry-After": str(WINDOW)}
    if request.path.startswith("/api/"):
        return JsonResponse({"message": message, "extra": {"retry_after": WINDOW}},
                            status=429, headers=headers)
    return HttpResponse(message, status=429, content_type="text/plain; charset=utf-8",
                        headers=headers)


def on_login_failed(sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None,
                    **kwargs: Any) -> None:
    """Receiver of ``user_login_failed`` (connected in ``LeagueConfig.ready``)."""
    if request is None:
        return
    account = credentials.get("username") or ""
    auth_failure_record(address=client_address(request), account=str(account))


def on_registration_refused(sender: Any, request: HttpRequest, account: str = "",
                            **kwargs: Any) -> None:
    """Receiver of ``games.signals.registration_refused`` (connected in
    ``LeagueConfig.ready``): a refused registration counts like a failed log-in."""
    auth_failure_record(address=client_address(request), account=account)
