"""Builders for the Swiss, table-round and duplicate tests: tournaments and results."""

from __future__ import annotations

import json
from typing import Any

from games.models import Match, Player
from games.services import match_log_submit
from tests.documents import first_wins
from tournaments.models import Tournament
from tournaments.services import tournament_create, tournament_enter, tournament_start

GIN = {"preset": "seed", "rounds": 1}
#: Doppelkopf lists without Pflichtsolo, so that a series ends after its deals.
DOKO = {"preset": "seed", "pflichtsolo_count": 0}
NAMES = ["Anna", "Bert", "Cora", "Dieter", "Eva", "Frank", "Gero", "Hanna", "Ida", "Jan",
         "Karl", "Lena"]


def people(count: int) -> list[Player]:
    return [Player.objects.get_or_create(name=name)[0] for name in NAMES[:count]]


def started(organizer: Any, *, game: str = "gin", format: str = "swiss", count: int = 6,
            rules: dict[str, Any] | None = None, name: str = "Krone Cup",
            **settings: Any) -> Tournament:
    """A tournament with the first ``count`` of :data:`NAMES` entered as seeds 1, 2, ...,
    started."""
    tournament = tournament_create(name=name, game=game, format=format, organizer=organizer,
                                   rules=rules or (GIN if game == "gin" else DOKO),
                                   **settings)
    for seed, player in enumerate(people(count), start=1):
        tournament_enter(tournament=tournament, player=player, seed=seed)
    return tournament_start(tournament=tournament)


def names(match: Match) -> tuple[str | None, ...]:
    return tuple(s.player.name if s.player else None for s in match.seats.order_by("index"))


def round_matches(tournament: Tournament, number: int) -> list[Match]:
    return list(Match.objects.filter(round__tournament=tournament, round__number=number)
                .order_by("position"))


def pairings(tournament: Tournament, number: int) -> list[tuple[str | None, ...]]:
    return [names(match) for match in round_matches(tournament, number)]


def gin_result(match: Match, winner: int = 0) -> dict[str, Any]:
    """A one-round Gin partie that seat ``winner`` wins 145:0 (tests/documents.first_wins)."""
    first, second = names(match)
    if winner == 0:
        return first_wins(first, second)
    document = first_wins(second, first)
    document["players"] = [first, second]
    return document


def submit(run_on_commit: Any, match: Match, document: dict[str, Any]) -> Match:
    with run_on_commit():
        match_log_submit(match=match, text=json.dumps(document))
    match.refresh_from_db()
    return match


def doko_sheet(players: list[str], *, first_dealer: str, deals: list[tuple[list[str], int]],
               seed: str | None = None) -> dict[str, Any]:
    """A Doppelkopf list of score-sheet normal games: each deal names its RE pair and RE's
    Augen (121-150: RE wins 1 point each; 120: KONTRA wins 2 with gegen die Alten)."""
    rows = []
    for index, (re, augen) in enumerate(deals):
        facts = {"contract": "normal", "re": re, "augen": {"re": augen, "kontra": 240 - augen},
                 "tricks": {"re": 6, "kontra": 4},
                 "announcements": {"re": None, "kontra": None}, "specials": []}
        deal: dict[str, Any] = {"facts": facts}
        if index == 0:
            deal["dealer"] = first_dealer
        rows.append(deal)
    document: dict[str, Any] = {"format": "stammtisch-log/1", "game": "doppelkopf",
                                "players": players, "deals": rows}
    if seed is not None:
        document["seed"] = seed
    return document
