"""Results entered by people: who may enter one, and what it does.

:func:`match_result_enter` is the one door for a result a person enters (the match page,
the API, a league's open play): an organizer's entry is submitted to the match at once
(:func:`games.services.results.match_log_submit`); a player's entry follows the
competition's reporting policy (``games.models.Reporting``): it counts at once, it waits
for the others at the table to confirm it (a :class:`ResultReport`), or it is refused.

A report is checked when it is entered (the same replay the worker runs), so that nobody is
asked to confirm a result that cannot be scored. Every other player confirms or disputes
it; when all have confirmed, it is submitted and counts; a dispute makes it wait for an
organizer, who counts or declines it. A newer entry (anybody's) replaces an open report; an
organizer's entry counts at once and closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import transaction
from django.db.models import Exists, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from games.engines import EngineError
from games.models import (
    Match,
    MatchLog,
    ReportAnswer,
    Reporting,
    ResultReport,
    SheetDraft,
    log_digest,
)
from games.replay import replay_text
from games.selectors.results import (
    ORGANIZER,
    PLAYER,
    entry_role,
    others_to_confirm,
    player_of,
    reporting_of,
)
from games.services import notifications
from games.services.checks import check_competition
from games.services.conflicts import retry_on_conflict
from games.services.drafts import sheet_draft_discard, sheet_drafts
from games.services.results import MatchNotReady, log_check_size, match_log_submit
from games.services.results import _refusal as match_refusal  # the same reasons as a log


class ResultRefused(Exception):
    """A user error: this person may not do this with this result (the message says why)."""


class ReportInvalid(Exception):
    """The entered result cannot be scored; ``error`` is the engine's error as JSON."""

    def __init__(self, error: dict[str, Any]) -> None:
        super().__init__(str(error.get("message") or error.get("reason")))
        self.error = error


def match_result_enter(*, match: Match, text: str, user: Any,
                       source: str = MatchLog.Source.WEB,
                       on_stored: Callable[[MatchLog, bool], object] | None = None,
                       ) -> MatchLog | ResultReport:
    """Enter ``text`` (a match document) as ``user``'s result of ``match``.

    Returns the :class:`MatchLog` when it counts at once, the :class:`ResultReport` when it
    waits for confirmation; raises :class:`ResultRefused`, :class:`MatchNotReady` or
    :class:`ReportInvalid`. ``user`` ``None`` is the service itself (the demo club, an
    import): it counts at once. ``on_stored`` is :func:`match_log_submit`'s, for an entry
    that counts at once.
    """
    role = ORGANIZER if user is None else entry_role(user, match)
    if role == ORGANIZER:
        return _submitted(match, text, user, source, on_stored)
    if role != PLAYER:
        raise ResultRefused(_("Only the organizers and the match's players may enter its "
                              "result."))
    policy = reporting_of(match)
    if policy == Reporting.ORGANIZERS:
        raise ResultRefused(_("In this competition only the organizers enter results."))
    if policy == Reporting.PLAYERS:
        return _submitted(match, text, user, source, on_stored)
    return result_report_create(match=match, text=text, user=user, source=source)


def _submitted(match: Match, text: str, user: Any, source: str,
               on_stored: Callable[[MatchLog, bool], object] | None) -> MatchLog:
    """An entry that counts at once: the results flow's own submission (which runs its
    transaction again if it loses a deadlock: it is not wrapped in another one here). The
    entry that waited, and the person's draft, are done with in that transaction, under the
    match's lock: a report entered just after this entry is not taken for one it replaces."""

    def done_with_waiting(log: MatchLog, new: bool) -> None:
        _entries_replaced(match, by=user)
        if on_stored is not None:
            on_stored(log, new)

    return match_log_submit(match=match, text=text, submitted_by=user, source=source,
                            on_stored=done_with_waiting)


def _entries_replaced(match: Match, *, by: Any) -> None:
    """The open report and ``by``'s draft, which an entry that counts replaces: looked for
    first, both in one statement (an UPDATE or DELETE of nothing still takes SQLite's write
    lock), and written only if they are there."""
    waiting = _open_reports(match)
    drafts = SheetDraft.objects.none() if by is None else sheet_drafts(user=by, match=match)
    there = (Match.objects.filter(pk=match.pk)
             .values(report=Exists(waiting), draft=Exists(drafts)).get())
    if there["report"]:
        _withdraw(waiting, by=by)
    if there["draft"]:
        drafts.delete()


@retry_on_conflict
def result_report_create(*, match: Match, text: str, user: Any,
                         source: str = MatchLog.Source.WEB) -> ResultReport:
    """A player's result that waits for the other players' confirmation."""
    player = player_of(user)
    if player is None or entry_role(user, match) != PLAYER:
        raise ResultRefused(_("Only the match's players may report its result."))
    refusal = match_refusal(match)
    if refusal:
        raise MatchNotReady(refusal)
    log_check_size(text)  # what a log may not be, a report may not be either
    outcome = _checked(match, text)
    with transaction.atomic():
        match = Match.objects.select_for_update(of=("self",), no_key=True).get(pk=match.pk)
        same = match.reports.filter(status__in=ResultReport.OPEN,
                                    sha256=log_digest(text)).first()
        if same is not None:
            return same
        _close_open_reports(match, by=user)
        report = ResultReport.objects.create(match=match, text=text, reported_by=user,
                                             player=player, source=source, outcome=outcome)
        sheet_draft_discard(user=user, match=match)
        notifications.report_entered(report)
    return report


def _checked(match: Match, text: str) -> dict[str, Any]:
    """Replay the entry as the worker will; what it scores, for the others to confirm."""
    seats = list(match.seats.select_related("player").order_by("index"))
    try:
        result = replay_text(text, game=match.game, rules=match.rules,
                             players=[seat.player.name for seat in seats if seat.player])
        check_competition(match, result)
    except EngineError as error:
        raise ReportInvalid(error.to_json()) from None
    return {"seats": [{"player": seat.player, "score": seat.score, "rank": seat.rank}
                      for seat in result.seats],
            "hands": [list(hand.points) for hand in result.hands]}


def _close_open_reports(match: Match, *, by: Any) -> None:
    """A newer entry replaces the report that was waiting."""
    waiting = _open_reports(match)
    # Looked for first: an UPDATE of nothing still takes SQLite's write lock.
    if waiting.exists():
        _withdraw(waiting, by=by)


def _open_reports(match: Match) -> QuerySet[ResultReport]:
    return ResultReport.objects.filter(match=match, status__in=ResultReport.OPEN)


def _withdraw(reports: QuerySet[ResultReport], *, by: Any) -> None:
    reports.update(status=ResultReport.Status.WITHDRAWN, decided_by=by,
                   decided_at=timezone.now())


def _locked(report: ResultReport) -> ResultReport:
    return (ResultReport.objects.select_for_update(of=("self",))
            .select_related("match", "player").get(pk=report.pk))


@retry_on_conflict
def result_report_answer(*, report: ResultReport, user: Any, agrees: bool,
                         reason: str = "") -> ResultReport:
    """Another player of the match confirms (``agrees``) or disputes the report. When every
    other player has confirmed it, it counts; a dispute makes it wait for an organizer."""
    player = player_of(user)
    with transaction.atomic():
        report = _locked(report)
        if report.status != ResultReport.Status.WAITING:
            raise ResultRefused(_("This result no longer waits for confirmation."))
        if player is None or player.pk == report.player_id or not report.match.seats.filter(
                player=player).exists():
            raise ResultRefused(_("Only the other players of the match confirm its result."))
        if report.answers.filter(player=player).exists():
            raise ResultRefused(_("You have answered already."))
        ReportAnswer.objects.create(report=report, player=player, user=user, agrees=agrees,
                                    reason=reason.strip())
        if not agrees:
            report.status = ResultReport.Status.DISPUTED
            report.save(update_fields=["status"])
            notifications.report_disputed(report, reason.strip())
        elif not others_to_confirm(report):
            _count(report, decided_by=None)
            notifications.report_decided(report)
    return report


@retry_on_conflict
def result_report_decide(*, report: ResultReport, user: Any, accept: bool) -> ResultReport:
    """An organizer counts an open report (``accept``) or declines it."""
    with transaction.atomic():
        report = _locked(report)
        if entry_role(user, report.match) != ORGANIZER:
            raise ResultRefused(_("Only the organizers decide on a reported result."))
        if report.status not in ResultReport.OPEN:
            raise ResultRefused(_("This result has been decided already."))
        if accept:
            _count(report, decided_by=user)
        else:
            report.status = ResultReport.Status.DECLINED
            report.decided_by, report.decided_at = user, timezone.now()
            report.save(update_fields=["status", "decided_by", "decided_at"])
        notifications.report_decided(report)
    return report


@retry_on_conflict
def result_report_withdraw(*, report: ResultReport, user: Any) -> ResultReport:
    """The player who entered a report takes it back while it waits."""
    with transaction.atomic():
        report = _locked(report)
        if report.reported_by_id != getattr(user, "pk", None):
            raise ResultRefused(_("Only who entered a result may withdraw it."))
        if report.status not in ResultReport.OPEN:
            raise ResultRefused(_("This result has been decided already."))
        report.status = ResultReport.Status.WITHDRAWN
        report.decided_by, report.decided_at = user, timezone.now()
        report.save(update_fields=["status", "decided_by", "decided_at"])
    return report


def _count(report: ResultReport, *, decided_by: Any) -> None:
    """The report becomes the match's result: submitted as its player entered it."""
    log = match_log_submit(match=report.match, text=report.text,
                           submitted_by=report.reported_by, source=report.source)
    report.status = ResultReport.Status.COUNTED
    report.log = log
    report.decided_by, report.decided_at = decided_by, timezone.now()
    report.save(update_fields=["status", "log", "decided_by", "decided_at"])
