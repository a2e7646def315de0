"""The bracket as pages and the API draw it, and what it has decided (champion, places).

Single elimination: one column per round, a cell per place of the full bracket (first-round
byes drawn as byes). Double elimination: the winners' bracket ("winners"), the losers'
bracket under it ("losers") and the grand final with its reset to the right ("final"),
one column per bracket round. Who sits where, and what a match passes on, comes from
:func:`stage_flow`, the same reading the services write from, so a page never shows a
bracket the services would not.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.models import Match, MatchNotice, Player, Seat
from tournaments.models import Entry, Stage, Tournament
from tournaments.pairing.elimination import seeding
from tournaments.pairing.elimination.double import double_elimination
from tournaments.pairing.elimination.flow import (
    DOUBLE,
    FORFEIT,
    NOBODY,
    PENDING,
    PLAYED,
    UNNEEDED,
    WAITING,
    Feed,
    FlowMatch,
    FlowResult,
    Verdict,
    champion,
    eliminations,
    flow,
)


@dataclass
class BracketSeat:
    """A side of a drawn match: the player (or why nobody sits there yet), his seed in this
    bracket, his score, whether he won and whether he is out of the event."""

    player: Player | None
    seed: int | None = None
    score: int | None = None
    won: bool = False
    out: bool = False
    note: str = ""
    rank: int | None = None


@dataclass
class BracketCell:
    """A place in the drawn bracket: a match, a first-round bye, or an empty place."""

    round_number: int
    position: int
    match: Match | None = None
    bye_player: Any = None
    seeds: list[int | None] = field(default_factory=list)
    id: str = ""
    seats: list[BracketSeat] = field(default_factory=list)
    #: open, pending, played, forfeit, double_forfeit, walkover (one player, nobody to
    #: meet: he goes on), void (nobody goes on), unneeded (the reset), bye (first round).
    state: str = "open"


@dataclass
class BracketRound:
    number: int
    name: str
    cells: list[BracketCell]
    #: single (single elimination), winners, losers or final (double elimination).
    section: str = "single"


@dataclass
class Placing:
    place: int
    player: Player
    #: The bracket name of the match he went out in ("" for the champion).
    out_in: str = ""


@dataclass
class BracketOutcome:
    """What a bracket has decided: ``decided`` once its last match has; the champion (or
    ``None``: not yet, or nobody after a double forfeit in the final); the places of the
    players already out (a player's place is fixed when he goes out: everybody still in
    will finish above him)."""

    decided: bool
    champion: Player | None
    placings: list[Placing]


def bracket_stage(tournament: Tournament) -> Stage | None:
    """The stage a tournament's bracket belongs to: the playoffs, or the one stage."""
    kind = (Stage.Kind.PLAYOFFS if tournament.format == Tournament.Format.GROUPS_PLAYOFFS
            else Stage.Kind.MAIN)
    return tournament.stages.filter(kind=kind, format__in=[
        Tournament.Format.SINGLE_ELIMINATION, Tournament.Format.DOUBLE_ELIMINATION]).first()


def tournament_bracket(*, tournament: Tournament) -> list[BracketRound]:
    """The tournament's bracket (the playoffs of groups, then playoffs), or ``[]``."""
    stage = bracket_stage(tournament)
    return stage_bracket(stage=stage) if stage is not None else []


#: Entries whose remaining matches are forfeited.
OUT = (Entry.Status.DISQUALIFIED, Entry.Status.WITHDRAWN)


def verdict_of(match: Match, seats: list[Seat]) -> Verdict:
    """The verdict of a stored match as :mod:`tournaments.pairing.elimination.flow` sees it."""
    winners = [seat.index for seat in seats if seat.rank == 1]
    side = winners[0] if len(winners) == 1 else None
    if match.current_log_id is not None:
        if match.status in (Match.Status.SUBMITTED, Match.Status.SCORING):
            return Verdict(PENDING)
        if match.status == Match.Status.SCORED:
            return Verdict(PLAYED, side=side)
        return Verdict()
    if match.status != Match.Status.SCORED:
        return Verdict()
    auto = match.forfeit_reason == Match.ForfeitReason.DISQUALIFIED
    if match.result == Match.Result.DOUBLE_FORFEIT:
        return Verdict(DOUBLE, auto=auto)
    if match.result == Match.Result.FORFEIT:
        return Verdict(FORFEIT, side=side, auto=auto)
    return Verdict(PLAYED, side=side)


def out_players(tournament: Tournament) -> set[int]:
    return set(tournament.entries.filter(status__in=OUT).values_list("player_id", flat=True))


def stage_flow(stage: Stage, *, only: list[int] | None = None
               ) -> tuple[list[Match], dict[int, list[Seat]], list[FlowMatch], list[FlowResult]]:
    """The stage's two-seat matches in playing order with their seats, as flow values, and
    what :func:`tournaments.pairing.elimination.flow.flow` says about them (the reading that
    the bracket pages draw and ``services/elimination.py`` writes). ``only``: just these
    matches (a stage whose matches feed no other, where each flows on its own)."""
    found = Match.objects.filter(round__stage=stage)
    if only is not None:
        found = found.filter(pk__in=only)
    matches = list(found.select_related("round").order_by("round__number", "position", "pk"))
    seats: dict[int, list[Seat]] = defaultdict(list)
    for seat in Seat.objects.filter(match__in=matches).select_related("player").order_by(
            "index"):
        seats[seat.match_id].append(seat)
    matches = [match for match in matches if len(seats[match.pk]) == 2]
    feeds: dict[tuple[int, int], Feed] = {}
    for match in matches:
        if match.next_match_id is not None and match.next_slot is not None:
            feeds[(match.next_match_id, match.next_slot)] = Feed(match.pk, "winner")
        if match.loser_next_match_id is not None and match.loser_next_slot is not None:
            feeds[(match.loser_next_match_id, match.loser_next_slot)] = Feed(match.pk, "loser")
    values = [FlowMatch(match.pk, (seats[match.pk][0].player_id, seats[match.pk][1].player_id),
                        (feeds.get((match.pk, 0)), feeds.get((match.pk, 1))),
                        verdict_of(match, seats[match.pk]), reset=match.bracket == "GF2")
              for match in matches]
    return matches, seats, values, flow(values, out_players(stage.tournament))


class _Reading:
    """A stage read once: matches by bracket name, seats, flow results, seeds."""

    def __init__(self, stage: Stage) -> None:
        self.stage = stage
        self.matches, self.seats, self.values, self.results = stage_flow(stage)
        self.by_name = {match.bracket: match for match in self.matches}
        self.result_of = {result.id: result for result in self.results}
        self.value_of = {value.id: value for value in self.values}
        self.name_of = {match.pk: match.bracket for match in self.matches}
        self.out = set(stage.tournament.entries.filter(status__in=OUT)
                       .values_list("player_id", flat=True))
        self.players: dict[int, Player] = {
            seat.player.pk: seat.player for seats in self.seats.values() for seat in seats
            if seat.player is not None}
        fixed = [(match.bracket, seat.index, seat.player) for match in self.matches
                 for seat, feed in zip(self.seats[match.pk], self.value_of[match.pk].feeds,
                                       strict=True) if feed is None and seat.player]
        self.entrants = len(fixed)
        self.seed_of: dict[int, int] = {}
        self.player_of_seed: dict[int, Player] = {}
        if self.entrants >= 2:
            sources = {(planned.id, side): source
                       for planned in double_elimination(self.entrants, reset=False)
                       for side, source in enumerate(planned.sources)}
            for name, side, player in fixed:
                source = sources.get((name, side))
                if source is not None and source.kind == "seed":
                    self.seed_of[player.pk] = int(source.ref)
                    self.player_of_seed[int(source.ref)] = player

    @property
    def double(self) -> bool:
        return self.stage.format == Tournament.Format.DOUBLE_ELIMINATION

    def cell(self, name: str, number: int, position: int) -> BracketCell:
        match = self.by_name.get(name)
        cell = BracketCell(number, position, match=match, id=name)
        if match is None:
            cell.state = "empty"
            return cell
        result = self.result_of[match.pk]
        value = self.value_of[match.pk]
        cell.state = _state(match, result)
        for seat, feed in zip(self.seats[match.pk], value.feeds, strict=True):
            occupant = result.seats[seat.index]
            note = ""
            if seat.player is None:
                if occupant is UNNEEDED:
                    note = _("not needed")
                elif occupant is NOBODY:
                    note = _("nobody")
                elif feed is not None and self.double:
                    text = _("winner of %(match)s") if feed.kind == "winner" else \
                        _("loser of %(match)s")
                    note = text % {"match": self.name_of[feed.match]}
                elif feed is not None:  # a single bracket: the match by its number
                    note = _("winner of match %(number)s") % {"number": feed.match}
                else:
                    note = _("winner of the match before")
            won = seat.player_id is not None and (
                (seat.rank == 1 and match.status == Match.Status.SCORED)
                or (cell.state == "walkover" and result.winner == seat.player_id))
            cell.seats.append(BracketSeat(
                seat.player, self.seed_of.get(seat.player_id or 0), seat.score, won,
                seat.player_id in self.out, note, seat.rank))
        cell.seeds = [bracket_seat.seed for bracket_seat in cell.seats]
        return cell

    def bye(self, number: int, position: int, seed: int) -> BracketCell:
        player = self.player_of_seed.get(seed)
        if player is None:
            return BracketCell(number, position, state="empty")
        return BracketCell(number, position, bye_player=player, seeds=[seed, None],
                           state="bye", seats=[BracketSeat(player, seed, won=True)])


def _state(match: Match, result: FlowResult) -> str:
    if result.unneeded:
        return "unneeded"
    if match.status == Match.Status.SCORED and match.current_log_id is None:
        return str(match.result)
    if match.status == Match.Status.SCORED:
        return "played"
    if match.status in (Match.Status.SUBMITTED, Match.Status.SCORING):
        return "pending"
    if result.bye:
        return "walkover"
    if result.void:
        return "void"
    return "open"


def stage_bracket(*, stage: Stage) -> list[BracketRound]:
    """Every column of the stage's bracket with a cell per place of the full bracket."""
    reading = _Reading(stage)
    if reading.entrants < 2:
        return []
    size = seeding.bracket_size(reading.entrants)
    order = seeding.seeding_order(size)
    if not reading.double:
        rounds = list(stage.rounds.order_by("number"))
        columns = []
        for index, rnd in enumerate(rounds, start=1):
            cells = []
            for position in range(size // 2 ** index):
                name = f"W{index}.{position + 1}"
                if index == 1 and name not in reading.by_name:
                    cells.append(reading.bye(rnd.number, position, order[2 * position]))
                else:
                    cells.append(reading.cell(name, rnd.number, position))
            columns.append(BracketRound(rnd.number, rnd.label, cells))
        return columns
    return _double_columns(reading, size, order)


def _double_columns(reading: _Reading, size: int, order: list[int]) -> list[BracketRound]:
    levels = size.bit_length() - 1
    columns = []
    for number in range(1, levels + 1):
        cells = []
        for position in range(size // 2 ** number):
            name = f"W{number}.{position + 1}"
            if number == 1 and name not in reading.by_name:
                cells.append(reading.bye(number, position, order[2 * position]))
            else:
                cells.append(reading.cell(name, number, position))
        title = _("Winners' final") if number == levels else \
            _("Winners' round %(number)s") % {"number": number}
        columns.append(BracketRound(number, title, cells, "winners"))
    losers = 2 * (levels - 1)
    for number in range(1, losers + 1):
        count = size // 2 ** ((number + 3) // 2)
        cells = [reading.cell(f"L{number}.{position + 1}", number, position)
                 for position in range(count)]
        if all(cell.match is None for cell in cells):
            continue  # a whole round left out by the byes
        title = _("Losers' final") if number == losers else \
            _("Losers' round %(number)s") % {"number": number}
        columns.append(BracketRound(number, title, cells, "losers"))
    columns.append(BracketRound(1, _("Grand final"), [reading.cell("GF1", 1, 0)], "final"))
    if "GF2" in reading.by_name:
        columns.append(BracketRound(2, _("Grand final reset"), [reading.cell("GF2", 2, 0)],
                                    "final"))
    return columns


def bracket_outcome(stage: Stage) -> BracketOutcome:
    """The champion and the places of a bracket stage, as far as decided."""
    reading = _Reading(stage)
    if not reading.matches:
        return BracketOutcome(False, None, [])
    final = reading.by_name.get("GF1") or next(
        match for match in reading.matches if match.next_match_id is None)
    reset = reading.by_name.get("GF2")
    winner = champion(reading.results, final.pk, reset.pk if reset else None)
    decided = winner is not WAITING
    best = reading.players.get(winner) if isinstance(winner, int) else None
    round_of = {match.pk: match.round.number for match in reading.matches
                if match.round is not None}
    gone = eliminations(reading.values, reading.results)
    # Later out, better place; players out in the same round share it (listed by name).
    ranked = sorted(gone.items(), key=lambda item: (-round_of[item[1]],
                                                    reading.players[item[0]].name))
    placings = [Placing(1, best)] if best is not None else []
    still_in = len(reading.players) - len(gone)
    for player_id, match_id in ranked:
        better = still_in + sum(1 for _, other in ranked if round_of[other] > round_of[match_id])
        placings.append(Placing(better + 1, reading.players[player_id],
                                reading.name_of[match_id]))
    return BracketOutcome(decided, best, placings)


@dataclass
class Notice:
    """A notice to the organizer in words: ``open`` while its match waits for a new result."""

    match: Match
    text: str
    open: bool
    created_at: Any


def tournament_notices(*, tournament: Tournament) -> list[Notice]:
    """The tournament's notices, newest first."""
    notices = MatchNotice.objects.filter(match__round__tournament=tournament).select_related(
        "match")
    return [Notice(notice.match, notice_text(notice.match, notice.detail),
                   notice.match.status != Match.Status.SCORED, notice.created_at)
            for notice in notices]


def notice_text(match: Match, detail: dict[str, Any]) -> str:
    """A set-aside notice in the reader's language, e.g. "W2.1: result set aside (Anna won
    145:0, log version 1) because W1.1 changed: Dieter plays instead of Anna. The match is
    to be played again."."""
    kind, winner, version = detail.get("result"), detail.get("winner"), detail.get("version")
    scores = ":".join("–" if score is None else str(score) for score in detail.get("scores", []))
    if kind == "played" and winner:
        result = _("%(winner)s won %(scores)s, log version %(version)s") % {
            "winner": winner, "scores": scores, "version": version}
    elif kind == "played":
        result = _("played, log version %(version)s") % {"version": version}
    elif kind == "pending":
        result = _("log version %(version)s, not scored yet") % {"version": version}
    elif kind == "forfeit":
        result = _("forfeit won by %(winner)s") % {"winner": winner}
    else:
        result = _("double forfeit")
    changes = []
    for before, after in zip(detail.get("before", []), detail.get("after", []), strict=False):
        if before == after:
            continue
        if before and after:
            changes.append(_("%(after)s plays instead of %(before)s") % {"after": after,
                                                                       "before": before})
        elif after:
            changes.append(_("%(after)s takes the empty seat") % {"after": after})
        else:
            changes.append(_("%(before)s no longer plays here") % {"before": before})
    name = match.bracket or f"#{match.pk}"
    return _("%(match)s: result set aside (%(result)s) because %(causes)s changed: "
             "%(changes)s. The match is to be played again.") % {
        "match": name, "result": result, "causes": ", ".join(detail.get("causes", [])),
        "changes": "; ".join(changes)}
