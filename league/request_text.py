"""A request whose address holds a NUL character is refused before any view reads it.

No address of the site has one, and PostgreSQL stores and compares no NUL in text: a search,
a league's short name or an invitation's token with ``%00`` in it would otherwise reach the
database and end in a 500. The refusal is a 400 that names the parameter, in the API's error
shape under ``/api/`` and as a page elsewhere. Bodies are checked where they are read (the
forms' and serializers' text fields, :mod:`games.bounded_json`, the log submission)."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext

NUL = "\x00"


def parameter_with_nul(request: HttpRequest) -> str | None:
    """The name of the first query parameter whose name or value holds a NUL (a NUL in the
    name shown as ``\\x00``), or None."""
    for name, values in request.GET.lists():
        if NUL in name or any(NUL in value for value in values):
            return name.replace(NUL, "\\x00")
    return None


class RefuseNulMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if NUL in request.path:
            where: dict[str, str] = {"in": "path"}
            message = gettext("The address's path holds a NUL character; no address of the "
                              "site has one.")
        else:
            parameter = parameter_with_nul(request)
            if parameter is None:
                return self.get_response(request)
            where = {"in": "query", "parameter": parameter}
            message = gettext('The parameter "%(name)s" of the address holds a NUL '
                              "character; no address of the site has one.") % {"name": parameter}
        if request.path.startswith("/api/"):
            return JsonResponse({"message": message, "extra": where}, status=400)
        return render(request, "refused.html", {"message": message}, status=400)
