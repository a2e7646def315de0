"""Reads of the registration: who is in, the waiting list, the seed order, late entries.

The writes are in :mod:`tournaments.services.entries`. Who is "in" (plays in the draw):
entries with the status *entered* or *checked in*; *waiting*, *no-show*, *withdrawn* and
*disqualified* entries are not.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from league.models import Rating
from tournaments.models import Entry, Tournament

IN_STATUSES = (Entry.Status.ENTERED, Entry.Status.CHECKED_IN)
OUT_STATUSES = (Entry.Status.NO_SHOW, Entry.Status.WITHDRAWN, Entry.Status.DISQUALIFIED)

#: Formats paired round by round: a player may withdraw while they run (he is simply not
#: paired again), and in a Swiss a late entry may join until half the rounds.
ROUND_BY_ROUND = (Tournament.Format.SWISS, Tournament.Format.TABLE_ROUNDS)
LATE_ENTRY_FORMATS = (Tournament.Format.SWISS,)


def entry_order(entry: Entry) -> tuple[Any, int]:
    """Order of entry: when the entry was made (a re-entry goes to the back), then its id."""
    return (entry.created_at, entry.pk)


def entries_in(tournament: Tournament) -> list[Entry]:
    return sorted(tournament.entries.filter(status__in=IN_STATUSES).select_related("player"),
                  key=entry_order)


def waiting_list(tournament: Tournament) -> list[Entry]:
    """The waiting list in the order it moves up: order of entry."""
    return sorted(tournament.entries.filter(status=Entry.Status.WAITING)
                  .select_related("player"), key=entry_order)


def seed_order(tournament: Tournament, entries: list[Entry] | None = None) -> list[Entry]:
    """``entries`` (default: the entries in) in seed order, without writing anything.

    Before the start, by the tournament's seeding: *by hand*, the entries with a seed in
    seed order, then the others in order of entry; *by rating*, the players' current ratings
    in the tournament's game, highest first (equal ratings in order of entry), then the
    unrated players in order of entry. Once started, the seeds fixed at the start decide
    (late entries have none and follow in order of entry).
    """
    entries = entries_in(tournament) if entries is None else entries
    if tournament.seeding == Tournament.Seeding.RATING and \
            tournament.status == Tournament.Status.REGISTRATION:
        ratings = dict(Rating.objects.filter(game=tournament.game,
                                             player__in=[e.player_id for e in entries])
                       .values_list("player_id", "rating"))
        rated = sorted((e for e in entries if e.player_id in ratings),
                       key=lambda e: (-ratings[e.player_id], *entry_order(e)))
        unrated = sorted((e for e in entries if e.player_id not in ratings), key=entry_order)
        return rated + unrated
    seeded = sorted((e for e in entries if e.seed is not None), key=lambda e: e.seed or 0)
    unseeded = sorted((e for e in entries if e.seed is None), key=entry_order)
    return seeded + unseeded


def late_entry_limit(tournament: Tournament) -> int | None:
    """The last round a late entry may join in a Swiss: half the rounds, rounded up (round
    3 of 5 or 6, round 2 of 4), so that he has missed fewer than half. ``None``: the format
    takes no late entries or the number of rounds is not set."""
    if tournament.format not in LATE_ENTRY_FORMATS or not tournament.rounds_planned:
        return None
    return math.ceil(tournament.rounds_planned / 2)


def late_entry_round(tournament: Tournament) -> int | None:
    """The round a late entry would join now (the next round to be paired), or ``None`` when
    late entries are closed (or the tournament has not started: then it is a normal entry)."""
    if tournament.status != Tournament.Status.RUNNING:
        return None
    limit = late_entry_limit(tournament)
    next_round = tournament.rounds.count() + 1
    if limit is None or next_round > limit:
        return None
    return next_round


def may_check_in(*, tournament: Tournament, entry: Entry, user: Any) -> bool:
    """Organizers check anybody in; a player with a login checks himself in."""
    if tournament.is_organizer(user):
        return True
    return bool(getattr(user, "is_authenticated", False)) and entry.player.user_id == user.pk


@dataclass
class Registration:
    """What the registration panel and the API show."""

    tournament: Tournament
    cap: int | None
    entries_in: list[Entry]
    waiting: list[Entry]
    out: list[Entry]
    seeded: list[Entry]
    checked_in: int
    late_entry_round: int | None
    late_entry_limit: int | None
    statuses: dict[str, int] = field(default_factory=dict)

    @property
    def places_taken(self) -> int:
        return len(self.entries_in)

    @property
    def places_free(self) -> int | None:
        return None if self.cap is None else max(self.cap - self.places_taken, 0)

    @property
    def open(self) -> bool:
        """Entries are taken: before the start, or as late entries in a Swiss."""
        return self.tournament.status == Tournament.Status.REGISTRATION or \
            self.late_entry_round is not None


def registration_of(tournament: Tournament) -> Registration:
    everyone = sorted(tournament.entries.select_related("player"), key=entry_order)
    entered = [e for e in everyone if e.status in IN_STATUSES]
    statuses: dict[str, int] = {}
    for entry in everyone:
        statuses[entry.status] = statuses.get(entry.status, 0) + 1
    return Registration(
        tournament=tournament, cap=tournament.entry_cap, entries_in=entered,
        waiting=[e for e in everyone if e.status == Entry.Status.WAITING],
        out=[e for e in everyone if e.status in OUT_STATUSES],
        seeded=seed_order(tournament, entered),
        checked_in=sum(1 for e in everyone if e.checked_in_at is not None
                       and e.status in (*IN_STATUSES, Entry.Status.WAITING)),
        late_entry_round=late_entry_round(tournament),
        late_entry_limit=late_entry_limit(tournament), statuses=statuses)
