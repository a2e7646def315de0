"""Signing up for a tournament whose registration is open: a person enters himself.

With ``Tournament.open_registration`` and while the tournament takes entries, a person
signs up with the login he has (his player is entered; a login without a player gets one
of the name he gives) or makes a login on the way (:func:`games.services.accounts`). The
entry itself is the organizers' entry (:func:`tournament_enter`): the cap and the waiting
list apply alike.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from games.services.accounts import player_account_create, player_for_login
from tournaments.models import Entry, Tournament
from tournaments.services.common import TournamentError
from tournaments.services.entries import tournament_enter


def sign_up_open(tournament: Tournament) -> bool:
    return bool(tournament.open_registration
                and tournament.status == Tournament.Status.REGISTRATION)


def tournament_sign_up(*, tournament: Tournament, user: Any = None, name: str = "",
                       username: str = "", password: str = "", email: str = "") -> Entry:
    """Enter the person signing up: ``user`` when signed in, else a new login. Raises
    :class:`TournamentError` or :class:`~games.services.accounts.AccountError`."""
    if not sign_up_open(tournament):
        raise TournamentError(_("This tournament does not take sign-ups now."))
    with transaction.atomic():
        if user is not None and getattr(user, "is_authenticated", False):
            player = player_for_login(user=user, name=name)
        else:
            user, player = player_account_create(name=name, username=username,
                                                 password=password, email=email)
        return tournament_enter(tournament=tournament, player=player)
