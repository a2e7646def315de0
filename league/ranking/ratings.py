"""Rating systems on plain values; no models (``league/ratings.py`` bridges them to the
database).

Two systems, both from maintained packages:

- **Glicko-2** (package ``glicko2``) for the games of two: every match is one rating period
  for its two players, scored 1, ½ or 0 from the places;
- **OpenSkill Plackett-Luce** (package ``openskill``) for the games of more: a match becomes
  one or more :class:`Contest` values (teams and their places), rated one after the other.

A game's matches are turned into contests by a reader from :data:`CONTEST_READERS` (the
Doppelkopf deals with their Re and Kontra parties, the Nerts decks in their finishing order),
or by :func:`finishing_order` (every seat on its own, by its place).

>>> system = system_for(max_seats=2)
>>> anna, bert = system.initial(), system.initial()
>>> after = system.rate({"Anna": anna, "Bert": bert},
...                     Contest(teams=(("Anna",), ("Bert",)), ranks=(1, 2)))
>>> round(after["Anna"].rating, 2), round(after["Bert"].rating, 2)
(1662.31, 1337.69)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import glicko2
from openskill.models import PlackettLuce

GLICKO2 = "glicko2"
OPENSKILL = "openskill"


@dataclass(frozen=True)
class Skill:
    """A player's rating in one game.

    ``rating`` is the number the leaderboard shows and orders by: the Glicko-2 rating, or the
    OpenSkill ordinal ``mu - 3 sigma`` (a skill the player has with 99.7 % certainty).
    ``deviation`` is the Glicko-2 RD or the OpenSkill sigma.
    """

    rating: float
    deviation: float
    volatility: float | None = None
    mu: float | None = None


@dataclass(frozen=True)
class Contest:
    """One rated result: teams of player keys and their places (1 is first; equal places
    are a tie).

    >>> Contest(teams=(("A", "C"), ("B", "D")), ranks=(2, 1)).players
    ('A', 'C', 'B', 'D')
    """

    teams: tuple[tuple[Hashable, ...], ...]
    ranks: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.teams) != len(self.ranks) or len(self.teams) < 2:
            raise ValueError(f"a contest needs two or more teams, each with a place: {self!r}")

    @property
    def players(self) -> tuple[Hashable, ...]:
        return tuple(player for team in self.teams for player in team)


class _GlickmanPlayer(glicko2.Player):  # type: ignore[misc]
    """The package's player with step 5 of Glickman's paper as written.

    ``glicko2`` 2.1.0 puts the square of the *rating* into f(x) where the paper has the square
    of the deviation (φ²). For Glickman's own example the rating is 0 on the internal scale,
    so the rating and RD agree there, but the volatility comes out 0.0599934 instead of the
    paper's 0.0599960; elsewhere the error grows with the distance from 1500.
    """

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi_squared = (self.rd / 173.7178) ** 2
        numerator = ex * (delta ** 2 - phi_squared - v - ex)
        denominator = 2 * (phi_squared + v + ex) ** 2
        return float(numerator / denominator - (x - a) / self._tau ** 2)


class Glicko2System:
    """Glicko-2 with the paper's defaults (1500, RD 350, volatility 0.06, τ 0.5).

    Glickman's worked example (http://www.glicko.net/glicko/glicko2.pdf): a player at 1500,
    RD 200, beats a 1400 (RD 30) and loses to a 1550 (RD 100) and a 1700 (RD 300) in one
    period and ends at 1464.06, RD 151.52, volatility 0.05999 (the paper rounds as it goes
    and cuts the volatility off; without rounding: 1464.0507, 151.5165, 0.0599960):

    >>> after = Glicko2System().period(Skill(1500, 200, 0.06),
    ...                                [(Skill(1400, 30), 1), (Skill(1550, 100), 0),
    ...                                 (Skill(1700, 300), 0)])
    >>> round(after.rating, 4), round(after.deviation, 4), round(after.volatility, 7)
    (1464.0507, 151.5165, 0.059996)
    """

    key: ClassVar[str] = GLICKO2

    def initial(self) -> Skill:
        return Skill(rating=1500.0, deviation=350.0, volatility=0.06)

    def period(self, skill: Skill, games: Sequence[tuple[Skill, float]]) -> Skill:
        """The skill after one rating period with ``games`` as (opponent, score) pairs."""
        player = _GlickmanPlayer(rating=skill.rating, rd=skill.deviation,
                                 vol=skill.volatility if skill.volatility is not None else 0.06)
        player.update_player([opponent.rating for opponent, _ in games],
                             [opponent.deviation for opponent, _ in games],
                             [score for _, score in games])
        return Skill(rating=player.rating, deviation=player.rd, volatility=player.vol)

    def rate(self, skills: Mapping[Hashable, Skill], contest: Contest) -> dict[Hashable, Skill]:
        """Both players from their skills before the match (a simultaneous update)."""
        if len(contest.teams) != 2 or any(len(team) != 1 for team in contest.teams):
            raise ValueError(f"Glicko-2 rates two players against each other: {contest!r}")
        (first,), (second,) = contest.teams
        score = _score(contest.ranks[0], contest.ranks[1])
        return {first: self.period(skills[first], [(skills[second], score)]),
                second: self.period(skills[second], [(skills[first], 1 - score)])}


def _score(own: int, other: int) -> float:
    return 1.0 if own < other else 0.5 if own == other else 0.0


class OpenSkillSystem:
    """OpenSkill's Plackett-Luce model with the package's defaults (mu 25, sigma 25/3).

    The example of the openskill manual: two teams of two new players, the first team wins;
    each winner ends at mu 26.964, sigma 8.178 (ordinal 2.430):

    >>> system = OpenSkillSystem()
    >>> new = system.initial()
    >>> after = system.rate({"p1": new, "p2": new, "p3": new, "p4": new},
    ...                     Contest(teams=(("p1", "p2"), ("p3", "p4")), ranks=(1, 2)))
    >>> round(after["p1"].mu, 3), round(after["p1"].deviation, 3), round(after["p1"].rating, 3)
    (26.964, 8.178, 2.43)
    """

    key: ClassVar[str] = OPENSKILL

    def __init__(self) -> None:
        self.model = PlackettLuce()

    def initial(self) -> Skill:
        return self._skill(self.model.mu, self.model.sigma)

    @staticmethod
    def _skill(mu: float, sigma: float) -> Skill:
        return Skill(rating=mu - 3 * sigma, deviation=sigma, mu=mu)

    def rate(self, skills: Mapping[Hashable, Skill], contest: Contest) -> dict[Hashable, Skill]:
        teams = [[self.model.rating(mu=skills[player].mu, sigma=skills[player].deviation)
                  for player in team] for team in contest.teams]
        rated = self.model.rate(teams, ranks=[float(rank) for rank in contest.ranks])
        return {player: self._skill(after.mu, after.sigma)
                for team, team_after in zip(contest.teams, rated, strict=True)
                for player, after in zip(team, team_after, strict=True)}


RatingSystem = Glicko2System | OpenSkillSystem


def system_for(*, max_seats: int) -> RatingSystem:
    """Glicko-2 for a game of two, OpenSkill for a game of more.

    >>> system_for(max_seats=2).key, system_for(max_seats=4).key
    ('glicko2', 'openskill')
    """
    return Glicko2System() if max_seats == 2 else OpenSkillSystem()


@dataclass(frozen=True)
class Hand:
    """A scored hand as the ratings read it: points per seat, the score-sheet facts and the
    game's detail (a Doppelkopf deal at five names the player who ``sits_out``)."""

    points: tuple[int, ...]
    facts: Mapping[str, Any] = field(default_factory=dict)
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MatchFacts:
    """What a scored match gives the ratings: the players in seat order (keys), their names
    as in the log, their places, the log's summary and the hands."""

    players: tuple[Hashable, ...]
    names: tuple[str, ...]
    ranks: tuple[int, ...]
    summary: Mapping[str, Any] = field(default_factory=dict)
    hands: tuple[Hand, ...] = ()


def finishing_order(match: MatchFacts) -> list[Contest]:
    """Every seat on its own, placed as the match placed it.

    >>> finishing_order(MatchFacts(players=(1, 2, 3), names=("A", "B", "C"), ranks=(2, 1, 2)))
    [Contest(teams=((1,), (2,), (3,)), ranks=(2, 1, 2))]
    """
    return [Contest(teams=tuple((player,) for player in match.players), ranks=match.ranks)]


def _places(values: Sequence[int]) -> tuple[int, ...]:
    """Competition places for points, the most first (equal points share a place)."""
    ordered = sorted(values, reverse=True)
    return tuple(ordered.index(value) + 1 for value in values)


def doppelkopf_deals(match: MatchFacts) -> list[Contest]:
    """One contest per deal: the Re party against the Kontra party (a soloist alone against
    three), placed by the deal's points; a Hammelrennen places every player by his points; a
    deal dealt anew is no contest. At a table of five the player who sits out the deal is in
    none of its parties.

    >>> facts = MatchFacts(players=(1, 2, 3, 4), names=("A", "B", "C", "D"), ranks=(1, 2, 3, 4),
    ...     hands=(Hand((5, -5, 5, -5), {"contract": "normal", "re": ["A", "C"]}),
    ...            Hand((0, 0, 0, 0), {"contract": "redeal"}),
    ...            Hand((-3, 1, 1, 1), {"contract": "solo", "re": ["A"]})))
    >>> doppelkopf_deals(facts)
    [Contest(teams=((1, 3), (2, 4)), ranks=(1, 2)), Contest(teams=((1,), (2, 3, 4)), ranks=(2, 1))]
    >>> five = MatchFacts(players=(1, 2, 3, 4, 5), names=("A", "B", "C", "D", "E"),
    ...     ranks=(1, 2, 3, 4, 5), hands=(Hand((0, 4, -4, 4, -4), {"contract": "normal",
    ...     "re": ["B", "D"]}, {"sits_out": "A"}),))
    >>> doppelkopf_deals(five)
    [Contest(teams=((2, 4), (3, 5)), ranks=(1, 2))]
    """
    seat_of = {name: seat for seat, name in enumerate(match.names)}
    contests = []
    for hand in match.hands:
        contract = hand.facts.get("contract")
        if contract == "redeal":
            continue
        out = seat_of.get(hand.detail.get("sits_out"))  # type: ignore[arg-type]
        playing = [seat for seat in range(len(match.players)) if seat != out]
        if contract == "hammelrennen" or not hand.facts.get("re"):
            contests.append(Contest(teams=tuple((match.players[seat],) for seat in playing),
                                    ranks=_places([hand.points[seat] for seat in playing])))
            continue
        re_seats = [seat_of[name] for name in hand.facts["re"]]
        parties = (re_seats, [seat for seat in playing if seat not in re_seats])
        contests.append(Contest(
            teams=tuple(tuple(match.players[seat] for seat in party) for party in parties),
            ranks=_places([hand.points[party[0]] for party in parties])))
    return contests


def nerts_finish(match: MatchFacts) -> list[Contest]:
    """The decks (a player alone, or partners sharing a deck) in the match's finishing order.

    >>> facts = MatchFacts(players=(1, 2, 3, 4), names=("A", "B", "C", "D"), ranks=(1, 1, 3, 3),
    ...     summary={"decks": [{"name": "N", "players": ["A", "B"]},
    ...                        {"name": "S", "players": ["C", "D"]}]})
    >>> nerts_finish(facts)
    [Contest(teams=((1, 2), (3, 4)), ranks=(1, 3))]
    """
    seat_of = {name: seat for seat, name in enumerate(match.names)}
    teams = [[seat_of[name] for name in deck.get("players", []) if name in seat_of]
             for deck in match.summary.get("decks") or []]
    if sorted(seat for team in teams for seat in team) != list(range(len(match.players))) \
            or len(teams) < 2 or not all(teams):
        return finishing_order(match)
    return [Contest(teams=tuple(tuple(match.players[seat] for seat in team) for team in teams),
                    ranks=tuple(match.ranks[team[0]] for team in teams))]


#: How the matches of a game become contests; a game not listed uses :func:`finishing_order`.
CONTEST_READERS: dict[str, Callable[[MatchFacts], list[Contest]]] = {
    "doppelkopf": doppelkopf_deals,
    "nerts": nerts_finish,
}


#: The games whose contests are read from the hands (the others need only the match's places
#: and summary), so that the hands are read only where they count.
HAND_READERS = frozenset({"doppelkopf"})


def contests_of(game: str, match: MatchFacts) -> list[Contest]:
    return CONTEST_READERS.get(game, finishing_order)(match)


def rate_match(system: RatingSystem, skills: Mapping[Hashable, Skill],
               contests: Sequence[Contest]) -> dict[Hashable, Skill]:
    """The skills of the match's players after its contests, rated one after the other."""
    current = dict(skills)
    for contest in contests:
        current.update(system.rate(current, contest))
    return current
