"""Reads on matches, and who may write to them."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, Q, QuerySet
from django.utils import timezone

from games.models import Match, MatchLog, Player, Seat, is_staff_or_superuser


def match_details(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches with what their pages show of them (the competition, the seats with their
    players, the current log) fetched along, so that a list of matches costs a fixed number
    of queries. The log's text and outcome are left in the database (a list never shows
    them, and they are the largest columns); the API's lists: :mod:`games.selectors.match_rows`."""
    return (matches.select_related("season__league", "round__tournament",
                                   "current_log__submitted_by", "current_log__match")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects
                                       .select_related("player").order_by("index")))
            .defer(*UNSHOWN_IN_LISTS, "current_log__text", "current_log__match__rules",
                   "current_log__outcome"))


def match_rows_drawn(matches: QuerySet[Match]) -> QuerySet[Match]:
    """The matches with only what a row of a list draws (``games/_match_row.html``: the
    number, the seats' players, scores and ranks, the status), for the lists that draw
    nothing else of a match (the match list, the home page's latest results, a season's
    open-play matches): a page of 50 rows builds 150 objects instead of 500 (the match
    search page on 100,000 matches: 32 to 22 ms in process)."""
    return (matches.only("pk", "status", "result")
            .prefetch_related(Prefetch("seats", queryset=Seat.objects
                                       .select_related("player").order_by("index")
                                       .only("match_id", "index", "score", "rank",
                                             "player__name", "player__user_id"))))


#: The columns of a match and its competition that no list of matches shows, fetched along
#: with every row all the same: the rules, a closed season's final tables, the tiebreaks.
#: They are the largest there, and each row parsed its own copy of them (a page of a
#: player's matches 12.8 ms with them, 8.8 without).
UNSHOWN_IN_LISTS = ("rules", "season__final_standings", "season__league__rules",
                    "season__league__tiebreaks", "round__tournament__rules",
                    "round__tournament__qualification", "round__tournament__tiebreaks")


def player_search(*, text: str = "") -> QuerySet[Player]:
    """Players by name, those whose name contains ``text`` (any case) if given."""
    players = Player.objects.order_by("name")
    return players.filter(name__icontains=text) if text else players


#: The lists of matches (the page and the API) count this many rows at most: counting every
#: match of a federation would make them slower with every evening played. Such a list says
#: that there are more, and a search narrows it.
COUNTED_AT_MOST = 1000


def keys_listed(rows: QuerySet[Any], *, at_most: int) -> list[Any]:
    """The keys of the first ``at_most`` rows, in the list's order: what a list that counts
    at most so many rows counts, and picks a page from (:func:`rows_of_keys`). A search
    found through a join (the matches of the players a name finds) is then walked once a
    request; the page's rows are read by their keys, the search checked for those alone,
    instead of a count and then the search walked again to the page (the match search on
    116,000 matches: 14 + 9 ms in the database before, 8 + 0.1 now, with the index
    ``seat_player_match``)."""
    return list(rows.prefetch_related(None).values_list("pk", flat=True)[:at_most])


def rows_of_keys(rows: QuerySet[Any], keys: list[Any]) -> list[Any]:
    """The rows of ``rows`` with these keys, in the keys' order (a page of
    :func:`keys_listed`), with everything ``rows`` fetches along."""
    found = {row.pk: row for row in rows.filter(pk__in=keys)}
    return [found[key] for key in keys if key in found]


def match_search(*, text: str = "", game: str = "") -> QuerySet[Match]:
    """Matches, the newest first: of ``game`` if given, with a player whose name contains
    ``text`` if given."""
    matches = Match.objects.order_by("-pk")
    if game:
        matches = matches.filter(game=game)
    if text:
        matches = matches.filter(pk__in=Seat.objects.filter(
            player__name__icontains=text).values("match_id"))
    return matches


def can_submit_result(user: Any, match: Match) -> bool:
    """Who may submit a match's result: the competition's organizers (staff for a friendly)
    and the match's own players. Reading is open to everyone."""
    if not getattr(user, "is_authenticated", False):
        return False
    competition = match.competition
    if (competition.is_organizer(user) if competition is not None
            else is_staff_or_superuser(user)):
        return True
    return match.seats.filter(player__user=user).exists()


def results_waiting(*, older_than: datetime.timedelta) -> ResultsWaiting:
    """What of the results flow has waited longer than ``older_than``: logs still
    ``pending`` or ``scoring`` since they were last queued or started, logs that failed on
    our side, and matches whose verdict is still to be announced."""
    cutoff = timezone.now() - older_than
    waiting = (MatchLog.objects.filter(status__in=[MatchLog.Status.PENDING,
                                                   MatchLog.Status.SCORING])
               .filter(Q(queued_at__isnull=True) | Q(queued_at__lt=cutoff))
               .select_related("match").order_by("pk"))
    failed = (MatchLog.objects.filter(status=MatchLog.Status.REJECTED,
                                      error__kind="internal_error")
              .select_related("match").order_by("pk"))
    unannounced = Match.objects.filter(announcement_due_at__lt=cutoff).order_by("pk")
    return ResultsWaiting(logs=list(waiting), failed=list(failed),
                          announcements=list(unannounced))


@dataclass(frozen=True)
class ResultsWaiting:
    logs: list[MatchLog]
    failed: list[MatchLog]
    announcements: list[Match]

    def __bool__(self) -> bool:
        return bool(self.logs or self.failed or self.announcements)
