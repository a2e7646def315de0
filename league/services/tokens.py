"""API tokens: issued by ``/api/auth/token/``, valid for ``TOKEN_TTL`` seconds, and revoked
when the user's password changes (the next request for a token issues a new one)."""

from __future__ import annotations

import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token  # type: ignore[import-untyped]


def token_ttl() -> datetime.timedelta:
    return datetime.timedelta(seconds=int(settings.TOKEN_TTL))


def token_expired(token: Token) -> bool:
    return bool(token.created + token_ttl() <= timezone.now())


def token_issue(*, user: Any) -> Token:
    """The user's token, a new one when the old one has expired."""
    with transaction.atomic():
        token = Token.objects.select_for_update().filter(user=user).first()
        if token is not None and not token_expired(token):
            return token
        if token is not None:
            token.delete()
        return Token.objects.create(user=user)


def user_tokens_revoke(*, user: Any) -> int:
    """Every token of the user is void (after a password change)."""
    deleted, _ = Token.objects.filter(user=user).delete()
    return int(deleted)


def on_user_pre_save(sender: Any, instance: Any, **kwargs: Any) -> None:
    """Receiver of ``pre_save`` of the user model: note a changed password."""
    if instance.pk is None or kwargs.get("raw"):
        return
    stored = get_user_model().objects.filter(pk=instance.pk).values_list(
        "password", flat=True).first()
    instance._password_changed = stored is not None and stored != instance.password


def on_user_post_save(sender: Any, instance: Any, **kwargs: Any) -> None:
    """Receiver of ``post_save``: a changed password revokes the user's API tokens."""
    if getattr(instance, "_password_changed", False):
        user_tokens_revoke(user=instance)
        instance._password_changed = False
