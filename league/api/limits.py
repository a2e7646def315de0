"""The API refuses a request body larger than it takes, before reading it: 413 in the API's
error shape (Django alone would answer an HTML 400 once the body was read)."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.formats import number_format
from django.utils.translation import gettext

from games.services.results import size_in_words


def too_large(size: int, limit: int) -> JsonResponse:
    return JsonResponse(
        {"message": gettext("The request has %(size)s bytes; the API takes at most %(limit)s, "
                            "a match log at most %(log)s.")
         % {"size": number_format(size, force_grouping=True), "limit": size_in_words(limit),
            "log": size_in_words(int(settings.LOG_MAX_BYTES))},
         "extra": {"size": size, "limit": limit}}, status=413)


class APIBodyLimitMiddleware:
    """Bodies sent to ``/api/`` are bounded by ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (a log and the
    form around it), uploads included."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith("/api/"):
            try:
                size = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                size = 0
            limit = int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
            if size > limit:
                return too_large(size, limit)
        return self.get_response(request)
