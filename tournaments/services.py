"""Writes on tournaments: create, enter players, start (draw the rounds), advance the bracket.

The pairing itself is done by :mod:`tournaments.formats` on plain values; these functions
bridge it to the models.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.models import Match, Seat
from games.services import match_create
from league.models import Player
from tournaments import formats
from tournaments.models import Entry, Round, Tournament


class TournamentError(Exception):
    """A user error: shown to the organizer as it is."""


def unique_slug(model: Any, name: str, **scope: Any) -> str:
    base = slugify(name)[:40] or "x"
    slug, number = base, 2
    while model.objects.filter(slug=slug, **scope).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug


def tournament_create(*, name: str, game: str, format: str, organizer: Any,
                      rules: dict[str, Any] | None = None, description: str = "",
                      starts_on: Any = None) -> Tournament:
    engine = get_engine(game)
    engine.rules(rules)  # an unknown option is refused before anything is saved
    if engine.max_seats != 2:
        raise TournamentError(_("%(game)s is not a two-player game; its table rounds come "
                                "with the table formats.") % {"game": engine.name})
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name, slug=unique_slug(Tournament, name), game=game, format=format,
            rules=rules or {"preset": "seed"}, description=description, starts_on=starts_on)
        if organizer is not None:
            tournament.organizers.add(organizer)
    return tournament


def _locked(tournament: Tournament) -> Tournament:
    """The tournament as it is now, locked until the transaction ends (a start and an entry
    at the same moment must not both succeed)."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


@transaction.atomic
def tournament_enter(*, tournament: Tournament, player: Player, seed: int | None = None) -> Entry:
    tournament = _locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("Entries are closed: the tournament has started."))
    if tournament.entries.filter(player=player).exists():
        raise TournamentError(_("%(player)s is already entered.") % {"player": player})
    if seed is not None and tournament.entries.filter(seed=seed).exists():
        raise TournamentError(_("Seed %(seed)s is already taken.") % {"seed": seed})
    return Entry.objects.create(tournament=tournament, player=player, seed=seed)


@transaction.atomic
def tournament_withdraw(*, tournament: Tournament, player: Player) -> None:
    tournament = _locked(tournament)
    if tournament.status != Tournament.Status.REGISTRATION:
        raise TournamentError(_("Entries are closed: the tournament has started."))
    tournament.entries.filter(player=player).delete()


def seeded_players(tournament: Tournament) -> list[Player]:
    """Players by seed: the seeded ones in seed order, then the others in order of entry."""
    entries = list(tournament.entries.select_related("player"))
    seeded = sorted((e for e in entries if e.seed is not None), key=lambda e: e.seed)
    unseeded = sorted((e for e in entries if e.seed is None), key=lambda e: (e.created_at, e.pk))
    return [entry.player for entry in seeded + unseeded]


def tournament_start(*, tournament: Tournament) -> Tournament:
    """Close the entries and draw every round of the format."""
    with transaction.atomic():
        tournament = _locked(tournament)
        if tournament.status != Tournament.Status.REGISTRATION:
            raise TournamentError(_("The tournament has already started."))
        players = seeded_players(tournament)
        if len(players) < 2:
            raise TournamentError(_("A tournament needs at least two players."))
        # Fix the seeds as drawn, so that pages show what the bracket was built from.
        tournament.entries.update(seed=None)
        for number, player in enumerate(players, start=1):
            Entry.objects.filter(tournament=tournament, player=player).update(seed=number)
        if tournament.is_elimination:
            _draw_bracket(tournament, players)
        else:
            double = tournament.format == Tournament.Format.DOUBLE_ROUND_ROBIN
            _draw_round_robin(tournament, players, double=double)
        tournament.status = Tournament.Status.RUNNING
        tournament.save(update_fields=["status"])
    return tournament


def _draw_round_robin(tournament: Tournament, players: list[Player], *, double: bool) -> None:
    for number, pairs in enumerate(formats.round_robin(players, double=double), start=1):
        rnd = Round.objects.create(tournament=tournament, number=number)
        for position, (first, second) in enumerate(pairs):
            match_create(game=tournament.game, rules=tournament.rules, players=[first, second],
                         round=rnd, position=position)


def _draw_bracket(tournament: Tournament, seeded: list[Player]) -> None:
    """Create every match of the bracket, from the final backwards, so that each match knows
    where its winner goes; first-round byes put the top seed straight into round two."""
    size = formats.bracket_size(len(seeded))
    rounds = [Round.objects.create(tournament=tournament, number=number, players_left=left)
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


def tournament_check_finished(*, tournament: Tournament) -> None:
    """A tournament is finished when every match has a verdict and, in a bracket, the final
    has a winner; a correction can reopen it."""
    matches = Match.objects.filter(round__tournament=tournament)
    open_matches = matches.exclude(status=Match.Status.SCORED).exists()
    if tournament.is_elimination:
        final = matches.filter(next_match__isnull=True).order_by("-round__number").first()
        done = final is not None and final.status == Match.Status.SCORED and \
            final.seats.filter(rank=1).count() == 1
    else:
        done = not open_matches
    status = Tournament.Status.FINISHED if done else Tournament.Status.RUNNING
    if tournament.status != Tournament.Status.REGISTRATION and tournament.status != status:
        Tournament.objects.filter(pk=tournament.pk).update(status=status)
        tournament.status = status
