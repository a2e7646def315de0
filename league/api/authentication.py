"""Token authentication with an expiry (``TOKEN_TTL``). Apart from the token view
(``league.api.tokens``): DRF loads its authentication classes while its views are loading."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from league.services.tokens import token_expired


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        user, token = super().authenticate_credentials(key)
        if token_expired(token):
            raise exceptions.AuthenticationFailed(gettext(
                "The token has expired; ask /api/auth/token/ for a new one."))
        return user, token
