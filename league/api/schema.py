"""The API's OpenAPI schema says every answer an operation can give, errors included.

drf-spectacular documents the successful answer of each operation; the errors come from one
place (``league.api.errors``, ``league.api.limits``, ``league.throttle``) and have one shape,
so this hook adds them to every operation they can come from. Schemathesis checks the
result against the running API (``tests/test_api_schema_fuzz.py``).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import NoReverseMatch, reverse

ERROR = {"$ref": "#/components/schemas/Error"}
ERROR_SCHEMA = {
    "type": "object",
    "description": "Every error of the API has this shape: a message for people (in the "
                   "language of Accept-Language) and details for programs.",
    "properties": {
        "message": {"type": "string"},
        "extra": {"type": "object", "additionalProperties": True,
                  "description": "Details: the fields and their errors (`fields`), an "
                                 "engine error's deal, move and code, sizes and limits."},
    },
    "required": ["message", "extra"],
}
WRITES = {"post", "put", "patch", "delete"}


def _error(description: str, headers: dict[str, Any] | None = None) -> dict[str, Any]:
    response: dict[str, Any] = {"description": description,
                                "content": {"application/json": {"schema": ERROR}}}
    if headers:
        response["headers"] = headers
    return response


RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"},
                               "description": "Seconds to wait before trying again."}}


def _throttled_paths() -> set[str]:
    """The addresses of the throttled views that take no parameters (the API's token)."""
    paths = set()
    for name in settings.AUTH_THROTTLED_VIEWS:
        try:
            paths.add(reverse(name))
        except NoReverseMatch:  # a view with parameters: a page, not an API operation
            continue
    return paths


def _errors_of(path: str, method: str, operation: dict[str, Any]) -> dict[str, Any]:
    parameters = operation.get("parameters", [])
    in_path = any(parameter.get("in") == "path" for parameter in parameters)
    anonymous = {} in operation.get("security", [{}])
    errors: dict[str, Any] = {}
    if parameters or "requestBody" in operation or method in WRITES:
        errors["400"] = _error("The request is refused: the message names the field, or "
                               "the deal and move, and why.")
    if method in WRITES or not anonymous:
        errors["401"] = _error("No credentials, or a token that is wrong or has expired.")
        errors["403"] = _error("Signed in, but not allowed (e.g. not an organizer of the "
                               "competition).")
    if in_path:
        errors["404"] = _error("No such object (or no such address in the API).")
    if "requestBody" in operation:
        errors["413"] = _error("The body is larger than the API takes (a match log at most "
                               "its limit; see docs/api-limits.md).")
        errors["415"] = _error("The body's content type is not one the operation reads.")
    if path in _throttled_paths():
        errors["429"] = _error("Too many failed attempts from this address or for this "
                               "account within a minute.", RETRY_AFTER)
    errors["503"] = _error("The database is briefly away; nothing was changed.", RETRY_AFTER)
    return errors


def error_responses(result: dict[str, Any], generator: Any, request: Any,
                    public: bool) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``)."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    for path, operations in result.get("paths", {}).items():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            for status, response in _errors_of(path, method, operation).items():
                operation["responses"].setdefault(status, response)
    return result
