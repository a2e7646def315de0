"""A game's rating history rewritten from one point onward: plain values, no database.

A game's history is its rated matches in a fixed order (when they were played: see
``league/services/ratings.py``), each with one :class:`Step` per player. When a match enters
the history late, is corrected, or leaves it (a forfeit, a rejection), only what follows it
can change, and of that only the matches of players whose rating now differs:
:func:`rewrite` walks the history from the changed point in order and re-rates a match only
when one of its players is *affected* (his rating before it is no longer the stored one).
A player stops being affected as soon as a re-rated match gives him exactly the stored step
again (a correction that kept the result changes nothing beyond itself).

Given a history that is consistent (every stored step follows from the steps before it), the
result is the history a full rebuild would give: a match none of whose players is affected
has the same inputs as when it was stored, so its stored steps stand.

>>> from league.ranking.ratings import Glicko2System, MatchFacts
>>> system = Glicko2System()
>>> facts = {1: MatchFacts(players=("A", "B"), names=("A", "B"), ranks=(1, 2)),
...          2: MatchFacts(players=("B", "C"), names=("B", "C"), ranks=(1, 2))}
>>> built = rewrite(system, "gin", [Entry(1, ("A", "B")), Entry(2, ("B", "C"))],
...                 changed={1, 2}, before=lambda player: START, facts_of=facts.__getitem__)
>>> sorted(built.rerated), round(built.final["B"].skill.rating, 2), built.final["B"].sequence
([1, 2], 1502.55, 2)

The first match corrected (B won it): the second is re-rated, since B and C are affected.

>>> facts[1] = MatchFacts(players=("A", "B"), names=("A", "B"), ranks=(2, 1))
>>> again = rewrite(system, "gin", [Entry(1, ("A", "B"), built.steps[1]),
...                                 Entry(2, ("B", "C"), built.steps[2])],
...                 changed={1}, before=lambda player: START, facts_of=facts.__getitem__)
>>> sorted(again.rerated), round(again.final["A"].skill.rating, 2)
([1, 2], 1337.69)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Iterable, Mapping
from dataclasses import dataclass, field

from league.ranking.ratings import MatchFacts, RatingSystem, Skill, contests_of, rate_match


@dataclass(frozen=True)
class State:
    """A player's rating at a point of the history and how many rated matches led to it
    (``skill`` is ``None`` before his first match: the system's initial skill)."""

    skill: Skill | None
    sequence: int


#: Before a player's first match.
START = State(None, 0)


@dataclass(frozen=True)
class Step:
    """What one match did to one player's rating: his n-th rated match (``sequence``) and
    the whole skill before and after it (so that the history can go on from any step, and
    start again at any step)."""

    sequence: int
    before: Skill
    after: Skill

    @property
    def state_before(self) -> State:
        """The player's state before this step (:data:`START` before his first)."""
        return State(self.before, self.sequence - 1) if self.sequence > 1 else START


@dataclass(frozen=True)
class Entry:
    """A match at its place in the history: its players in seat order and the steps stored
    for it (empty: not in the stored history yet). ``rated`` is false for a match that
    leaves the history."""

    match: Hashable
    players: tuple[Hashable, ...]
    stored: Mapping[Hashable, Step] = field(default_factory=dict)
    rated: bool = True


@dataclass
class Rewrite:
    """What changed: the new steps of every re-rated match (``None``: the match left the
    history), and the rating at the end of every player whose rating at the end differs
    from the stored one."""

    steps: dict[Hashable, dict[Hashable, Step] | None] = field(default_factory=dict)
    final: dict[Hashable, State] = field(default_factory=dict)
    rerated: set[Hashable] = field(default_factory=set)


def rewrite(system: RatingSystem, game: str, entries: Iterable[Entry], *,
            changed: Collection[Hashable], before: Callable[[Hashable], State],
            facts_of: Callable[[Hashable], MatchFacts]) -> Rewrite:
    """The history from the first of ``entries`` on, after the matches in ``changed``
    entered, changed or left it.

    ``entries`` are in history order and start at (or before) the first changed match;
    ``before(player)`` is the player's state just before the first entry; ``facts_of`` is
    asked only for the matches that are re-rated.
    """
    result = Rewrite()
    stored_state: dict[Hashable, State] = {}  # as the stored history has it, so far
    affected: dict[Hashable, State] = {}  # the true state, where it differs from the stored

    def stored_before(player: Hashable) -> State:
        if player not in stored_state:
            stored_state[player] = before(player)
        return stored_state[player]

    for entry in entries:
        touched = entry.match in changed
        if (touched and not entry.rated and not entry.stored) or (
                not touched and not any(player in affected for player in entry.players)):
            for player, step in entry.stored.items():
                stored_state[player] = State(step.after, step.sequence)
            continue
        states = {player: affected.get(player) or stored_before(player)
                  for player in entry.players}
        if not entry.rated:
            # The match leaves the history: its players go on from where they were before.
            result.steps[entry.match] = None
            affected.update(states)
        else:
            skills = {player: state.skill or system.initial()
                      for player, state in states.items()}
            after = rate_match(system, skills, contests_of(game, facts_of(entry.match)))
            steps = {player: Step(states[player].sequence + 1, skills[player], after[player])
                     for player in entry.players}
            result.rerated.add(entry.match)
            if steps != dict(entry.stored):
                result.steps[entry.match] = steps
            for player, step in steps.items():
                if entry.stored.get(player) == step:
                    affected.pop(player, None)
                else:
                    affected[player] = State(step.after, step.sequence)
        for player, step in entry.stored.items():
            stored_state[player] = State(step.after, step.sequence)
    result.final = dict(affected)
    return result
