"""Helpers of the elimination tests: tournaments made through the services, matches won
through the real results flow (hand-scored Gin sheets, replayed inline)."""

from __future__ import annotations

from typing import Any

from games.models import Match, Player
from games.services import match_log_submit
from tests.documents import as_text, first_wins
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start

RULES = {"preset": "seed", "rounds": 1}
NAMES = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Gerd", "Hanna", "Ilse", "Jan",
         "Karl", "Lena"]


def field_of(count: int) -> dict[str, Player]:
    """Players named after :data:`NAMES` (the first ``count``), created if missing."""
    return {name: Player.objects.get_or_create(name=name)[0] for name in NAMES[:count]}


def make(organizer: Any, format: str, entrants: list[str], *, start: bool = True,
         **settings: Any) -> Tournament:
    """A Gin tournament with ``entrants`` seeded in the order given."""
    players = field_of(len(NAMES))
    tournament = tournament_create(name="Krone Cup", game="gin", format=format, rules=RULES,
                                   organizer=organizer)
    if settings:
        Tournament.objects.filter(pk=tournament.pk).update(**settings)
        tournament.refresh_from_db()
    for seed, name in enumerate(entrants, start=1):
        tournament_enter(tournament=tournament, player=players[name], seed=seed)
    if start:
        tournament = tournament_start(tournament=tournament)
    return tournament


def names(match: Match) -> tuple[str | None, ...]:
    return tuple(seat.player.name if seat.player else None
                 for seat in match.seats.order_by("index"))


def at(tournament: Tournament, bracket: str) -> Match:
    """The match named ``bracket`` ("W1.2", "GF1") of the tournament's bracket stage."""
    from tournaments.selectors.bracket import bracket_stage

    return Match.objects.get(round__stage=bracket_stage(tournament), bracket=bracket)


def win(run_on_commit: Any, match: Match, winner: str) -> Match:
    """``winner`` wins ``match`` 145:0 through a hand-scored Gin sheet (see
    :func:`tests.documents.first_wins`), submitted and replayed."""
    seated = names(match)
    assert winner in seated, (winner, seated)
    loser = next(name for name in seated if name != winner)
    document = first_wins(winner, loser)
    document["players"] = list(seated)
    with run_on_commit():
        match_log_submit(match=match, text=as_text(document))
    match.refresh_from_db()
    return match

