"""Confirmation before an action that cannot be undone.

On the pages the action's button opens a box that says the consequence in words and holds
the real button (``templates/_confirm.html``: a ``<details>``, so it works without
JavaScript); that button sends ``confirm=yes``. A post without it (an old page, a form
without the box) gets :func:`confirmation_page`: the same consequence and the same form
again, sent on only when confirmed. Nothing happens before.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def is_confirmed(request: HttpRequest) -> bool:
    return request.POST.get("confirm") == "yes"


def confirmation_page(request: HttpRequest, *, title: Any, consequence: Any, yes: Any,
                      back: str, danger: bool = False) -> HttpResponse:
    """The page that asks once more, with every posted field carried on."""
    fields = [(name, value) for name, values in request.POST.lists()
              if name not in ("csrfmiddlewaretoken", "confirm") for value in values]
    return render(request, "confirm.html", {
        "title": title, "consequence": consequence, "yes": yes, "back": back,
        "danger": danger, "fields": fields, "action": request.path,
    })


def unconfirmed(request: HttpRequest, **page: Any) -> HttpResponse | None:
    """``None`` when the post is confirmed, else the confirmation page."""
    return None if is_confirmed(request) else confirmation_page(request, **page)
