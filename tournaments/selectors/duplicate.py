"""Reads of duplicate mode: each result compared with the other tables that held the same
cards (same deal set, same deal, same hand), as matchpoints.

The scoring is :func:`tournaments.pairing.duplicate.score_hands` (2 for every result beaten,
1 for a tie, top = 2 x (results - 1)); which hand a player held is
:func:`tournaments.pairing.duplicate.hand_roles`. Only scored matches with a log count (a
forfeit has no cards to compare).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, cast

from django.db.models import Prefetch

from games.models import HandOutcome, Match, Player, Seat
from tournaments.models import Tournament
from tournaments.pairing.duplicate import (
    DealResult,
    DuplicateTotal,
    duplicate_totals,
    hand_roles,
    score_hands,
)


@dataclass(frozen=True)
class HandLine:
    """One player's result on one deal of a match, against the same cards elsewhere."""

    deal: int
    player: Any
    hand: int  # the role: which cards (see ``hand_roles``), from 0
    score: int
    matchpoints: int
    top: int
    datum_difference: Fraction
    compared: int  # how many other results held the same cards

    @property
    def percent(self) -> float | None:
        return round(100 * self.matchpoints / self.top, 2) if self.top else None

    @property
    def datum(self) -> float:
        return round(float(self.datum_difference), 2)


@dataclass
class Comparison:
    """The comparison of a whole tournament: totals (best first) and every match's lines."""

    totals: tuple[DuplicateTotal, ...] = ()
    by_match: dict[int, list[HandLine]] = field(default_factory=dict)
    deal_sets: dict[str, int] = field(default_factory=dict)

    def match_deals(self, match_id: int) -> list[dict[str, Any]]:
        """A match's lines grouped by deal, for the match page."""
        deals: dict[int, list[HandLine]] = defaultdict(list)
        for line in self.by_match.get(match_id, []):
            deals[line.deal].append(line)
        return [{"deal": deal, "lines": lines} for deal, lines in sorted(deals.items())]


def _matches(tournament: Tournament) -> list[Match]:
    return list(Match.objects.filter(round__tournament=tournament, status=Match.Status.SCORED,
                                     current_log__isnull=False).exclude(deal_set="")
                .select_related("round", "current_log")
                .prefetch_related(Prefetch("seats", queryset=Seat.objects
                                           .select_related("player").order_by("index")))
                .order_by("round__number", "position"))


def duplicate_comparison(*, tournament: Tournament) -> Comparison:
    """Matchpoints of every result of a duplicate tournament (empty when it is not one)."""
    if not tournament.duplicate:
        return Comparison()
    matches = _matches(tournament)
    sets = {seed: number for number, seed in enumerate(
        dict.fromkeys(m.deal_set for m in matches), start=1)}
    hands: dict[int | None, list[HandOutcome]] = defaultdict(list)
    for hand in HandOutcome.objects.filter(log_id__in=[m.current_log_id for m in matches]):
        hands[hand.log_id].append(hand)
    results: list[DealResult] = []
    for match in matches:
        seats = list(match.seats.all())
        names = [seat.seated_player.name for seat in seats]
        for hand in sorted(hands[match.current_log_id], key=lambda h: h.number):
            roles = hand_roles(match.game, names, {"detail": hand.detail})
            for index, seat in enumerate(seats):
                role = roles.get(seat.seated_player.name)
                if role is None:
                    continue
                results.append(DealResult(sets[match.deal_set], hand.number, role, match.pk,
                                          seat.player, int(hand.points[index])))
    scored = score_hands(results)
    by_match: dict[int, list[HandLine]] = defaultdict(list)
    for item in scored:
        result = item.result
        by_match[result.table].append(HandLine(
            deal=result.deal, player=result.player, hand=result.seat, score=result.score,
            matchpoints=item.matchpoints, top=item.top,
            datum_difference=item.datum_difference, compared=item.top // 2))
    totals = tuple(sorted(duplicate_totals(results),
                          key=lambda t: (-Fraction(t.matchpoints, t.top or 1),
                                         cast(Player, t.player).name)))
    return Comparison(totals=totals, by_match=dict(by_match), deal_sets=sets)


def match_comparison(match: Match) -> list[dict[str, Any]]:
    """The match page's part: per deal, each player's matchpoints against the same cards."""
    if not match.deal_set or match.round is None:
        return []
    return duplicate_comparison(tournament=match.round.tournament).match_deals(match.pk)
