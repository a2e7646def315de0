"""Brackets: single and double elimination drawn into matches, and every stage kept in step
with its verdicts.

A bracket match knows where its winner goes (``next_match``/``next_slot``) and, in double
elimination, where its loser goes (``loser_next_match``/``loser_next_slot``); its
``bracket`` field names it ("W1.2", "L3.1", "GF1", "GF2"). After every verdict,
:func:`stage_reflow` runs :func:`tournaments.pairing.elimination.flow.flow` over the stage and
writes what it says: players moved on, results set aside when a correction changed who plays (with
a notice to the organizer), forfeits for players who are out of the event.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from games.models import Match, Player, Seat
from games.services import match_after_verdict, match_create
from tournaments.models import Round, Stage, Tournament
from tournaments.pairing.elimination import seeding
from tournaments.pairing.elimination.double import double_elimination
from tournaments.pairing.elimination.flow import (
    Marker,
)
from tournaments.selectors.bracket import stage_flow, verdict_of
from tournaments.services.verdicts import write_cleared, write_forfeit, write_set_aside

_REFLOWING: ContextVar[bool] = ContextVar("stage_reflowing", default=False)


def draw_single_elimination(stage: Stage, seeded: list[Player], *, first_number: int = 1
                            ) -> None:
    """Create every match of the bracket, from the final backwards, so that each match knows
    where its winner goes; first-round byes put the top seed straight into round two.
    Rounds are numbered from ``first_number`` (playoffs come after the group rounds)."""
    tournament = stage.tournament
    size = seeding.bracket_size(len(seeded))
    rounds = [Round.objects.create(tournament=tournament, stage=stage,
                                   number=first_number + index, players_left=left)
              for index, left in enumerate(seeding.players_left_per_round(size))]
    # matches[r][p]: the match at position p of round r (0 = first round).
    matches: list[list[Match | None]] = [[None] * (size // 2 ** (r + 1))
                                         for r in range(len(rounds))]
    for r in range(len(rounds) - 1, 0, -1):
        for position in range(len(matches[r])):
            following = matches[r + 1][position // 2] if r + 1 < len(rounds) else None
            matches[r][position] = _named(match_create(
                game=tournament.game, rules=tournament.rules, players=[None, None],
                round=rounds[r], position=position, next_match=following,
                next_slot=position % 2 if following else None), f"W{r + 1}.{position + 1}")
    for slot in seeding.first_round(seeded):
        following = matches[1][slot.position // 2] if len(rounds) > 1 else None
        next_slot = slot.position % 2 if following else None
        if slot.second is None:
            assert following is not None and next_slot is not None
            Seat.objects.filter(match=following, index=next_slot).update(player=slot.first)
            continue
        matches[0][slot.position] = _named(match_create(
            game=tournament.game, rules=tournament.rules, players=[slot.first, slot.second],
            round=rounds[0], position=slot.position, next_match=following,
            next_slot=next_slot), f"W1.{slot.position + 1}")


def _named(match: Match, bracket: str) -> Match:
    match.bracket = bracket
    match.save(update_fields=["bracket"])
    return match


def draw_double_elimination(stage: Stage, seeded: list[Player], *, first_number: int = 1
                            ) -> None:
    """Every match of the double-elimination bracket of
    :func:`tournaments.pairing.elimination.double.double_elimination`, the reset included
    when the tournament has it (it waits, empty, until GF1 says whether it is played).

    A round is what can be played at the same time: a match is in the round after the
    latest of the matches it waits for (W1; W2 and L1; W3 and L2; L3; ...), so the round
    sheet of round 2 holds the second winners' round and the first losers' round.
    """
    tournament = stage.tournament
    plan = double_elimination(len(seeded), reset=tournament.grand_final_reset)
    depth: dict[str, int] = {}
    for planned in plan:
        depth[planned.id] = 1 + max((depth[str(source.ref)] for source in planned.sources
                                     if source.kind != "seed"), default=0)
    rounds = {level: Round.objects.create(tournament=tournament, stage=stage,
                                          number=first_number + level - 1)
              for level in sorted(set(depth.values()))}
    positions: dict[int, int] = defaultdict(int)
    made: dict[str, Match] = {}
    # Within a round, the winners' bracket first, then the losers', then the grand final.
    for planned in sorted(plan, key=lambda m: (depth[m.id], "WLG".index(m.bracket[0]))):
        level = depth[planned.id]
        players = [seeded[int(source.ref) - 1] if source.kind == "seed" else None
                   for source in planned.sources]
        made[planned.id] = _named(match_create(
            game=tournament.game, rules=tournament.rules, players=players,
            round=rounds[level], position=positions[level]), planned.id)
        positions[level] += 1
    for planned in plan:
        match = made[planned.id]
        if planned.winner_to is not None:
            match.next_match, match.next_slot = (made[planned.winner_to.match],
                                                 planned.winner_to.side)
        if planned.loser_to is not None:
            match.loser_next_match, match.loser_next_slot = (made[planned.loser_to.match],
                                                             planned.loser_to.side)
        match.save(update_fields=["next_match", "next_slot", "loser_next_match",
                                  "loser_next_slot"])


#: The formats whose matches feed later matches (a bracket): a verdict reflows the stage.
BRACKETS = (Tournament.Format.SINGLE_ELIMINATION, Tournament.Format.DOUBLE_ELIMINATION)


def stage_reflow(*, stage: Stage, only: list[int] | None = None) -> list[Match]:
    """Write what the flow says about the stage (or about the matches ``only``, in a stage
    whose matches feed no other); the matches whose verdict or players changed, in playing
    order."""
    # One reflow of a tournament at a time. The tournament row, not the matches: the verdict
    # that starts a reflow already holds its own match row, and two verdicts locking each
    # other's matches would deadlock.
    Tournament.objects.select_for_update().filter(pk=stage.tournament_id).first()
    matches, seats, values, results = stage_flow(stage, only=only)
    by_pk = {match.pk: match for match in matches}
    touched = []
    for match, value, result in zip(matches, values, results, strict=True):
        if not result.changed and result.verdict == value.verdict:
            continue
        names = [seat.player.name if seat.player else None for seat in seats[match.pk]]
        players = {seat.player_id: seat.player for seat in seats[match.pk]}
        if result.set_aside:
            after = [_name(occupant, players) for occupant in result.seats]
            write_set_aside(match, before=names, after=after,
                            causes=[by_pk[cause].bracket for cause in result.causes])
        elif value.verdict.has_result and result.verdict != value.verdict:
            write_cleared(match)
        for index in result.changed:
            occupant = result.seats[index]
            seat = seats[match.pk][index]
            seat.player_id = None if isinstance(occupant, Marker) else occupant
            seat.save(update_fields=["player"])
        if result.verdict.has_result and result.verdict != value.verdict:
            write_forfeit(match, winner_index=result.verdict.side,
                          reason=Match.ForfeitReason.DISQUALIFIED)
        touched.append(match)
    return touched


def _name(occupant: object, known: dict[int | None, Player | None]) -> str | None:
    if isinstance(occupant, Marker):
        return None
    if not isinstance(occupant, int):
        return None
    player = known.get(occupant) or Player.objects.filter(pk=occupant).first()
    return player.name if player else None


@contextmanager
def _reflowing() -> Iterator[None]:
    token = _REFLOWING.set(True)
    try:
        yield
    finally:
        _REFLOWING.reset(token)


def stages_reflow(*, tournament: Tournament, stages: list[Stage] | None = None,
                  only: list[int] | None = None) -> None:
    """Reflow the stages (every stage of the tournament unless given; ``only`` these matches
    of a stage whose matches feed no other), then give every match that changed the
    treatment of a verdict (``games.services.match_after_verdict``: the tournament's end,
    ratings); the reflow that would start again is skipped, this one covers it."""
    if stages is None:
        stages = list(tournament.stages.all())
    touched = [match for stage in stages for match in stage_reflow(stage=stage, only=only)]
    with _reflowing():
        for match in touched:
            match_after_verdict(match)


def bracket_advance(*, match: Match) -> None:
    """What a verdict on ``match`` changes in its stage (called after every verdict, see
    :func:`tournaments.services.results.after_verdict_bracket`): a bracket is reflowed;
    in any other stage no match feeds another, so the match flows on its own (a result
    for a disqualified player's match, say, is kept or set aside) and nothing else is
    read, however many matches the stage has."""
    if _REFLOWING.get() or match.round is None:
        return
    stage = match.round.stage
    if stage.format in BRACKETS:
        stages_reflow(tournament=match.round.tournament, stages=[stage])
    elif not flows_as_it_stands(match):
        stages_reflow(tournament=match.round.tournament, stages=[stage], only=[match.pk])


def flows_as_it_stands(match: Match) -> bool:
    """Whether the flow leaves ``match``, a match that no other feeds, as it stands without
    reading anything: its seats are its own, and a result of its own (a scored log, one
    still being scored, an organizer's forfeit) stands whoever is out of the tournament
    (:func:`tournaments.pairing.elimination.flow.flow`). Only a match without a result, or
    with a forfeit a disqualification made, follows who is out: that one is reflowed. So
    nearly every verdict of a round robin, a Swiss or a table round reads nothing here."""
    verdict = verdict_of(match, seats=[])  # the seats name the winner's side, not needed
    return verdict.has_result and not verdict.auto

