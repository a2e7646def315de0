"""Mails about results and invitations, through Django's email backend.

Every mail is sent once the transaction that caused it has committed (a report that is
rolled back mails nobody), and a mail server that fails is logged, never taken back into
the result: the badge on the page shows what waits anyway. Mails are written in the
site's language (``LANGUAGE_CODE``) and link to the page where the reader acts.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from games.models import Invitation, Match, ResultReport
from games.selectors.competitions import organizers_of

logger = logging.getLogger(__name__)


def site_url(path: str) -> str:
    return f"{settings.SITE_URL}{path}"


def _addresses(users: Iterable[Any]) -> list[str]:
    return sorted({user.email for user in users if getattr(user, "email", "")})


def _send(template: str, context: dict[str, Any], recipients: list[str]) -> None:
    if not recipients:
        return
    with translation.override(settings.LANGUAGE_CODE):
        subject = render_to_string(f"games/email/{template}_subject.txt", context).strip()
        body = render_to_string(f"games/email/{template}.txt", context)

    def deliver() -> None:
        try:
            send_mail(subject, body, None, recipients)
        except Exception:  # a mail server that fails must not take the result back
            logger.exception("mail %s to %s failed", template, recipients)

    transaction.on_commit(deliver)


def _match_context(match: Match) -> dict[str, Any]:
    names = [seat.player.name if seat.player else "?" for seat in match.seats.all()]
    return {"match": match, "names": " – ".join(names), "game": match.game_name,
            "url": site_url(match.get_absolute_url())}


def report_entered(report: ResultReport) -> None:
    """The other players of the match: a result waits for their confirmation."""
    users = [seat.player.user for seat in report.match.seats.select_related("player__user")
             if seat.player is not None and seat.player_id != report.player_id
             and seat.player.user is not None]
    _send("report_entered", {**_match_context(report.match), "report": report},
          _addresses(users))


def report_disputed(report: ResultReport, reason: str) -> None:
    """The organizers of the match: a disputed result waits for their decision."""
    deciders = get_user_model().objects.filter(organizers_of(report.match),
                                               is_active=True).exclude(email="").distinct()
    _send("report_disputed", {**_match_context(report.match), "report": report,
                              "reason": reason}, _addresses(deciders))


def report_decided(report: ResultReport) -> None:
    """The players of the match: an organizer counted or declined the entered result."""
    users = [seat.player.user for seat in report.match.seats.select_related("player__user")
             if seat.player is not None and seat.player.user is not None]
    _send("report_decided", {**_match_context(report.match), "report": report},
          _addresses(users))


def invitation_sent(invitation: Invitation) -> None:
    """The invited player: the link that makes his login."""
    if not invitation.email:
        return
    _send("invitation", {"invitation": invitation, "player": invitation.player,
                         "url": site_url(reverse("invitation-accept",
                                                 args=[invitation.token]))},
          [invitation.email])
