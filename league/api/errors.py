"""One shape for every API error: ``{"message": ..., "extra": {...}}``."""

from __future__ import annotations

from typing import Any

from rest_framework.response import Response
from rest_framework.views import exception_handler


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    response = exception_handler(exc, context)
    if response is None:
        return None
    detail = response.data
    if isinstance(detail, dict) and "detail" in detail and len(detail) == 1:
        message, extra = str(detail["detail"]), {}
    elif isinstance(detail, dict):
        message, extra = "The input is not valid.", {"fields": detail}
    elif isinstance(detail, list):
        message, extra = " ".join(str(item) for item in detail), {}
    else:
        message, extra = str(detail), {}
    response.data = {"message": message, "extra": extra}
    return response
