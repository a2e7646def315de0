"""Reads of the results people enter: who may enter what, what waits on whom, the sheet.

A person's *role* at a match is ``organizer`` (his entries count at once), ``player`` (what
his entry does is the competition's reporting policy) or nothing. A reported result waits
on the other players of the match until they confirm it, and on the organizers once it is
disputed.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Exists, OuterRef, Q, QuerySet

from games.engines import get_engine
from games.models import (
    DEFAULT_REPORTING,
    Match,
    Player,
    ReportAnswer,
    Reporting,
    ResultReport,
    Seat,
    SheetDraft,
)
from games.selectors.competitions import organized_matches
from games.sheets import SheetContext

ORGANIZER, PLAYER = "organizer", "player"
#: Rows a blank sheet offers, per game, when the competition plans nothing else.
BLANK_ROWS = {"gin": 20, "nerts": 12, "rennen": 12}
#: Rows below a Doppelkopf list's planned deals: deals dealt anew, solos outside the pot.
SPARE_ROWS = 2


def reporting_of(match: Match) -> str:
    """The competition's reporting policy; a friendly is confirmed by the opponent."""
    policy = getattr(match.competition, "reporting", None)
    return str(policy) if policy in Reporting.values else str(DEFAULT_REPORTING)


def player_of(user: Any) -> Player | None:
    if not getattr(user, "is_authenticated", False):
        return None
    try:
        player: Player = user.player
    except ObjectDoesNotExist:
        return None
    return player


def entry_role(user: Any, match: Match) -> str | None:
    """``organizer``: the competition's organizers (staff for a friendly, a superuser
    anywhere); ``player``: one of the match's players; else ``None``."""
    if not getattr(user, "is_authenticated", False):
        return None
    if getattr(user, "is_superuser", False):
        return ORGANIZER
    competition = match.competition
    if competition is not None and competition.is_organizer(user):
        return ORGANIZER
    if competition is None and getattr(user, "is_staff", False):
        return ORGANIZER
    if any(seat.player is not None and seat.player.user_id == user.pk
           for seat in match.seats.all()):
        return PLAYER
    return None


def may_enter_result(user: Any, match: Match) -> bool:
    role = entry_role(user, match)
    return role == ORGANIZER or (role == PLAYER
                                 and reporting_of(match) != Reporting.ORGANIZERS)


def open_report(match: Match) -> ResultReport | None:
    """The entered result that waits on the match (at most one is open at a time)."""
    return (match.reports.filter(status__in=ResultReport.OPEN)
            .select_related("player", "reported_by")
            .prefetch_related("answers__player").first())


def others_to_confirm(report: ResultReport) -> list[Player]:
    """The other players of the match who have not confirmed the report yet."""
    agreed = {answer.player_id for answer in report.answers.all() if answer.agrees}
    return [seat.player for seat in report.match.seats.all()
            if seat.player is not None and seat.player_id != report.player_id
            and seat.player_id not in agreed]


def waiting_on(user: Any) -> QuerySet[ResultReport]:
    """The reports waiting on ``user``: to confirm or dispute (he plays in the match, did
    not enter it and has not answered) or, disputed, to decide (he organizes the match)."""
    player = player_of(user)
    to_decide = Q(status=ResultReport.Status.DISPUTED,
                  match__in=Match.objects.filter(organized_matches(user)).values("pk"))
    condition = to_decide
    if player is not None:
        plays = Exists(Seat.objects.filter(match=OuterRef("match"), player=player))
        answered = Exists(ReportAnswer.objects.filter(report=OuterRef("pk"), player=player))
        condition |= Q(plays, ~Q(answered), status=ResultReport.Status.WAITING) & ~Q(
            player=player)
    return ResultReport.objects.filter(condition).order_by("created_at", "pk")


def results_waiting_count(user: Any) -> int:
    """How many results wait on ``user`` (the badge), in one query."""
    if not getattr(user, "is_authenticated", False):
        return 0
    return waiting_on(user).count()


def _seating(match: Match) -> Any:
    try:
        return match.seating
    except (AttributeError, ObjectDoesNotExist):
        return None


def sheet_context(match: Match, players: list[str] | None = None) -> SheetContext:
    """What the score sheet of ``match`` needs: its players, rules and planned rows."""
    if players is None:
        players = [seat.player.name if seat.player else "?" for seat in
                   match.seats.select_related("player").order_by("index")]
    rules = get_engine(match.game).rules(match.rules)
    seating = _seating(match)
    first = getattr(seating, "first_dealer", None)
    planned = getattr(seating, "deals", None)
    if match.game == "doppelkopf":
        tournament = getattr(match.round, "tournament", None) if match.round_id else None
        per_round = getattr(tournament, "deals_per_round", None)
        if not planned and per_round:
            planned = per_round * 5 // 4 if len(players) == 5 else per_round
        owed = 0 if rules.pot_counts_pflichtsoli else rules.pflichtsolo_count * len(players)
        rows = (planned or (rules.pot_deals + owed) or 24) + SPARE_ROWS
    elif match.game == "katarenga-rennen":
        rows = rules.games
    elif match.game == "nerts":
        rows = planned or BLANK_ROWS["nerts"]
    else:
        rows = BLANK_ROWS.get(match.game, 12)
    return SheetContext(game=match.game, players=tuple(players), rules=rules,
                        rules_spec=dict(match.rules or {}),
                        first_dealer=first if isinstance(first, int) else 0, rows=rows,
                        planned=planned if isinstance(planned, int) else None)


def draft_of(user: Any, match: Match) -> SheetDraft | None:
    if not getattr(user, "is_authenticated", False):
        return None
    return SheetDraft.objects.filter(user=user, match=match).first()
