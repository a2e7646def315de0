"""The token endpoint: a token for username and password, a new one when the old one has
expired (``TOKEN_TTL``); a password change revokes them (``league.services.tokens``)."""

from __future__ import annotations

from typing import Any

from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response

from league.services.tokens import token_issue


class TokenView(ObtainAuthToken):
    """Your token for username and password (a new one when the old one has expired)."""

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token = token_issue(user=serializer.validated_data["user"])
        return Response({"token": token.key})
