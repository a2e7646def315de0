"""Logins for players: an organizer's invitation link, and an account made when signing up.

An invitation is a link for one player (who has no login yet): whoever opens it before it
expires makes a login tied to that player, or ties the login he is signed in with. A
person signing up for a tournament makes a login and a new player of his own name; a name
that is taken belongs to somebody else, who gets an invitation instead.
"""

from __future__ import annotations

import secrets
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Invitation, Player
from games.services import notifications


class AccountError(Exception):
    """A user error about a login or an invitation; ``field`` names the form field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def invitation_create(*, player: Player, created_by: Any, email: str = "") -> Invitation:
    """A new link for ``player``; mailed to ``email`` when one is given."""
    if player.user_id is not None:
        raise AccountError(_("%(player)s has a login already.") % {"player": player})
    with transaction.atomic():
        invitation = Invitation.objects.create(
            player=player, token=secrets.token_urlsafe(24), email=email.strip(),
            created_by=created_by,
            expires_at=timezone.now() + timedelta(days=settings.INVITATION_DAYS))
        notifications.invitation_sent(invitation)
    return invitation


def invitation_problem(invitation: Invitation) -> str | None:
    """Why the link cannot be used (``None``: it can)."""
    if invitation.accepted_at is not None:
        return _("This invitation has been used already.")
    if invitation.expires_at <= timezone.now():
        return _("This invitation has expired: ask the organizer for a new link.")
    if invitation.player.user_id is not None:
        return _("%(player)s has a login already.") % {"player": invitation.player}
    return None


def _new_user(*, username: str, password: str, email: str) -> Any:
    User = get_user_model()
    username = username.strip()
    if not username:
        raise AccountError(_("Choose a user name."), "username")
    if User.objects.filter(username__iexact=username).exists():
        raise AccountError(_("The user name %(name)s is taken.") % {"name": username},
                           "username")
    user = User(username=username, email=email.strip())
    try:
        password_validation.validate_password(password, user)
    except ValidationError as error:
        raise AccountError(" ".join(error.messages), "password") from None
    user.set_password(password)
    try:
        user.save()
    except IntegrityError:
        raise AccountError(_("The user name %(name)s is taken.") % {"name": username},
                           "username") from None
    return user


def invitation_accept(*, invitation: Invitation, user: Any = None, username: str = "",
                      password: str = "", email: str = "") -> Any:
    """Tie a login to the invited player: ``user`` (signed in, without a player of his
    own), or a new login made of ``username``, ``password`` and ``email``."""
    with transaction.atomic():
        invitation = (Invitation.objects.select_for_update().select_related("player")
                      .get(pk=invitation.pk))
        problem = invitation_problem(invitation)
        if problem:
            raise AccountError(problem)
        if user is not None and getattr(user, "is_authenticated", False):
            if Player.objects.filter(user=user).exists():
                raise AccountError(_("You play as %(player)s already; log out to accept the "
                                     "invitation with a new login.")
                                   % {"player": user.player})
        else:
            user = _new_user(username=username, password=password, email=email)
        player = Player.objects.select_for_update().get(pk=invitation.player_id)
        player.user = user
        player.save(update_fields=["user"])
        invitation.accepted_at = timezone.now()
        invitation.save(update_fields=["accepted_at"])
    return user


def _player_name(name: str) -> str:
    """A new player's name: the logs of every game must be able to write it."""
    name = " ".join(name.split())
    if not name:
        raise AccountError(_("Write your name as it should appear in standings."), "name")
    if len(name) > 80:
        raise AccountError(_("A name has at most 80 characters."), "name")
    if any(mark in name for mark in (":", ">", "@")):
        raise AccountError(_("A name cannot contain : > or @ (the game logs use them)."),
                           "name")
    return name


def player_account_create(*, name: str, username: str, password: str,
                          email: str = "") -> tuple[Any, Player]:
    """A new login and a new player of that name (signing up)."""
    name = _player_name(name)
    with transaction.atomic():
        if Player.objects.filter(name__iexact=name).exists():
            raise AccountError(_("A player named %(name)s exists already. If that is you, "
                                 "ask an organizer for an invitation link.")
                               % {"name": name}, "name")
        user = _new_user(username=username, password=password, email=email)
        player = Player.objects.create(name=name, user=user)
    return user, player


def player_for_login(*, user: Any, name: str) -> Player:
    """The player of a signed-in person, made of ``name`` when he has none yet."""
    existing = Player.objects.filter(user=user).first()
    if existing is not None:
        return existing
    name = _player_name(name)
    with transaction.atomic():
        if Player.objects.filter(name__iexact=name).exists():
            raise AccountError(_("A player named %(name)s exists already. If that is you, "
                                 "ask an organizer for an invitation link.")
                               % {"name": name}, "name")
        return Player.objects.create(name=name, user=user)
