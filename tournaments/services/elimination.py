"""Single elimination: the bracket with standard seeding and byes, and advancing winners."""

from __future__ import annotations

from games.models import Match, Seat
from games.services import match_create
from league.models import Player
from tournaments import formats
from tournaments.models import Round, Stage


def draw_single_elimination(stage: Stage, seeded: list[Player]) -> None:
    """Create every match of the bracket, from the final backwards, so that each match knows
    where its winner goes; first-round byes put the top seed straight into round two."""
    tournament = stage.tournament
    size = formats.bracket_size(len(seeded))
    rounds = [Round.objects.create(tournament=tournament, stage=stage, number=number,
                                   players_left=left)
              for number, left in enumerate(formats.players_left_per_round(size), start=1)]
    # matches[r][p]: the match at position p of round r (0 = first round).
    matches: list[list[Match | None]] = [[None] * (size // 2 ** (r + 1))
                                         for r in range(len(rounds))]
    for r in range(len(rounds) - 1, 0, -1):
        for position in range(len(matches[r])):
            following = matches[r + 1][position // 2] if r + 1 < len(rounds) else None
            matches[r][position] = match_create(
                game=tournament.game, rules=tournament.rules, players=[None, None],
                round=rounds[r], position=position, next_match=following,
                next_slot=position % 2 if following else None)
    for slot in formats.first_round(seeded):
        following = matches[1][slot.position // 2] if len(rounds) > 1 else None
        next_slot = slot.position % 2 if following else None
        if slot.second is None:
            assert following is not None and next_slot is not None
            Seat.objects.filter(match=following, index=next_slot).update(player=slot.first)
            continue
        matches[0][slot.position] = match_create(
            game=tournament.game, rules=tournament.rules, players=[slot.first, slot.second],
            round=rounds[0], position=slot.position, next_match=following, next_slot=next_slot)


def bracket_advance(*, match: Match) -> None:
    """Put the winner of a scored bracket match into his seat of the next match.

    Runs again on every verdict; it only writes when the seat is wrong, and it never changes
    a next match that already has a result submitted (a correction that changes the winner
    then needs the organizer).
    """
    if match.next_match_id is None:
        return
    winner = None
    if match.status == Match.Status.SCORED:
        top = match.seats.filter(rank=1)
        if top.count() == 1:
            winner = top.get().player
    following = Match.objects.select_for_update().get(pk=match.next_match_id)
    if following.logs.exists():
        return
    Seat.objects.filter(match=following, index=match.next_slot).exclude(
        player=winner).update(player=winner)
