"""Importing a whole event (``stammtisch-event/1``, exported by
:mod:`tournaments.selectors.event_export`): check the document, then rebuild the event.

Importing hands the logs to the normal results flow (:func:`games.services.match_log_submit`),
which replays and scores them again, so the standings come from the logs, not from numbers
copied over. A match without a log that has a verdict (a forfeit, a bye) keeps it.

Players are matched by name and created when missing; the importing user becomes the
organizer.

>>> event_problems({"format": "stammtisch-log/1"})[0]
"format: this is not a Stammtisch event ('stammtisch-log/1'); expected 'stammtisch-event/1'"
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from games.engines import EngineError, get_engine
from games.engines.registry import game_slugs
from games.models import Match, MatchLog, Player, Seat, log_digest
from games.services import match_after_verdict, match_log_submit
from league.ranking.standings import TIEBREAKS
from league.services.slugs import unique_slug
from tournaments.models import Entry, Round, Stage, TableSeating, Tournament
from tournaments.selectors.event_export import (
    FORMAT,
    OPTIONAL_MATCH_FIELDS,
    has_field,
)
from tournaments.services.common import TournamentError
from tournaments.services.create import tournament_settings_check
from tournaments.services.results import tournament_check_finished

SCHEMA_PATH = Path(settings.BASE_DIR) / "docs" / "schemas" / "event.schema.json"


class EventImportError(TournamentError):
    """The document does not fit: ``problems`` names every place, the message the first."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        super().__init__(f"The event cannot be imported: {problems[0]}{more}")


@cache
def event_schema() -> dict[str, Any]:
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def _where(path: Any) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text or "$"


def _rules_problem(where: str, game: str, rules: Any) -> str | None:
    try:
        get_engine(game).rules(rules)
    except EngineError as error:
        return f"{where}: {error}"
    return None


def event_problems(document: Any) -> list[str]:
    """Everything in ``document`` that does not fit, each with its place; empty: it fits.

    First the shape (the JSON Schema), then what a schema cannot say: a known game and
    rules its engine accepts, known tie-breakers, a format and settings that go with the
    game (as when a tournament is created here), players named in the list, one entry per
    player and one player per seed, stages, rounds and matches that refer to each other,
    seat counts the game allows, log versions 1, 2, ... whose text matches its SHA-256.
    """
    if not isinstance(document, dict):
        return ["$: an event is a JSON object"]
    if document.get("format") != FORMAT:
        return [f"format: this is not a Stammtisch event ({document.get('format')!r}); "
                f"expected {FORMAT!r}"]
    validator = jsonschema.Draft202012Validator(event_schema())
    shape = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    if shape:
        return [f"{_where(e.absolute_path)}: {e.message}" for e in shape]
    values = list(_value_problems(document, []))
    if values:
        return values
    problems: list[str] = []
    info = document["tournament"]
    game = info["game"]
    if game not in game_slugs():
        return [f"tournament.game: unknown game {game!r}; the games are "
                f"{', '.join(game_slugs())}"]
    engine = get_engine(game)
    if (problem := _rules_problem("tournament.rules", game, info["rules"])) is not None:
        problems.append(problem)
    settings_ = dict(info.get("settings", {}))
    for key in settings_.get("tiebreaks", []):
        if key not in TIEBREAKS:
            problems.append(f"tournament.settings.tiebreaks: unknown tie-breaker {key!r}")
    if not problems:
        # The game, the format and the settings must go together here as when created.
        try:
            tournament_settings_check(game=game, format=info["format"], rules=info["rules"],
                                      settings=settings_)
        except TournamentError as error:
            problems.append(f"tournament: {error}")
    players = document["players"]
    known = set(players)
    counts: Counter[str] = Counter(players)
    for name, count in counts.items():
        if count > 1:
            problems.append(f"players: {name!r} is listed {count} times")
    entered: set[str] = set()
    seeds: set[int] = set()
    for index, entry in enumerate(document["entries"]):
        where = f"entries[{index}]"
        if entry["player"] not in known:
            problems.append(f"{where}.player: {entry['player']!r} is not in players")
        if entry["player"] in entered:
            problems.append(f"{where}.player: {entry['player']!r} is entered twice")
        entered.add(entry["player"])
        if entry.get("seed") is not None:
            if entry["seed"] in seeds:
                problems.append(f"{where}.seed: seed {entry['seed']} is taken twice")
            seeds.add(entry["seed"])
    stages = {stage["number"] for stage in document["stages"]}
    if len(stages) != len(document["stages"]):
        problems.append("stages: a stage number is used twice")
    rounds = set()
    for index, rnd in enumerate(document["rounds"]):
        if rnd["stage"] not in stages:
            problems.append(f"rounds[{index}].stage: there is no stage {rnd['stage']}")
        if rnd["number"] in rounds:
            problems.append(f"rounds[{index}].number: round {rnd['number']} is there twice")
        rounds.add(rnd["number"])
    if info.get("status") == "registration" and (document["rounds"] or document["matches"]):
        problems.append("tournament.status: a tournament in registration has no rounds yet")
    ids = Counter(match["id"] for match in document["matches"])
    for index, match in enumerate(document["matches"]):
        problems += _match_problems(f"matches[{index}]", match, game=game, engine=engine,
                                    rounds=rounds, ids=ids, known=known)
    if not problems:
        problems += _bracket_problems(document["matches"])
    return problems


#: What the database stores in a whole-number column (PostgreSQL's integer).
INT_RANGE = (-2_147_483_648, 2_147_483_647)


def _value_problems(value: Any, path: list[Any]) -> Iterator[str]:
    """Numbers the database cannot hold and NUL characters, which it cannot store in text
    (and which no name or log has), each with its place."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _value_problems(item, [*path, key])
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _value_problems(item, [*path, index])
    elif isinstance(value, str) and "\x00" in value:
        yield f"{_where(path)}: the text holds a NUL character"
    elif isinstance(value, int) and not isinstance(value, bool) and not (
            INT_RANGE[0] <= value <= INT_RANGE[1]):
        yield f"{_where(path)}: {value} is beyond the range of a whole number here " \
              f"({INT_RANGE[0]} to {INT_RANGE[1]})"


def _bracket_problems(matches: list[dict[str, Any]]) -> list[str]:
    """A winner or loser sent to a seat the match has not, or a bracket that feeds itself
    in a circle (the winner of a match would come back to it)."""
    problems = []
    by_id = {match["id"]: (index, match) for index, match in enumerate(matches)}
    for index, match in enumerate(matches):
        for link, slot in (("next_match", "next_slot"), ("loser_next_match",
                                                         "loser_next_slot")):
            target = match.get(link)
            if target is None:
                continue
            seats = len(by_id[target][1]["seats"])
            if match[slot] >= seats:
                problems.append(f"matches[{index}].{slot}: match {target} has no seat "
                                f"{match[slot]} (its seats are 0 to {seats - 1})")
    following = {match["id"]: [target for target in (match.get("next_match"),
                                                     match.get("loser_next_match"))
                               if target is not None] for match in matches}
    reported: set[int] = set()
    for start in following:
        circle = _circle_from(start, following)
        if circle and not reported.intersection(circle):
            reported.update(circle)
            index = by_id[circle[0]][0]
            problems.append(f"matches[{index}].next_match: the bracket feeds itself in a "
                            f"circle (matches {' → '.join(map(str, [*circle, circle[0]]))})")
    return problems


def _circle_from(start: int, following: dict[int, list[int]]) -> list[int] | None:
    """The circle of matches reached from ``start`` by following winners and losers, if
    any (depth first, without recursion: a bracket may be long)."""
    path: list[int] = []
    on_path: set[int] = set()
    done: set[int] = set()
    stack: list[tuple[int, int]] = [(start, 0)]
    while stack:
        node, child = stack.pop()
        if child == 0:
            path.append(node)
            on_path.add(node)
        targets = following.get(node, [])
        if child < len(targets):
            stack.append((node, child + 1))
            target = targets[child]
            if target in on_path:
                return path[path.index(target):]
            if target not in done:
                stack.append((target, 0))
        else:
            path.pop()
            on_path.discard(node)
            done.add(node)
    return None


def _match_problems(where: str, match: dict[str, Any], *, game: str, engine: Any,
                    rounds: set[int], ids: Counter[int], known: set[str]) -> list[str]:
    problems = []
    if ids[match["id"]] > 1:
        problems.append(f"{where}.id: match id {match['id']} is used twice")
    if match["round"] not in rounds:
        problems.append(f"{where}.round: there is no round {match['round']}")
    for link, slot in (("next_match", "next_slot"), ("loser_next_match", "loser_next_slot")):
        target = match.get(link)
        if target is not None and target not in ids:
            problems.append(f"{where}.{link}: there is no match {target}")
        if target is not None and target == match["id"]:
            problems.append(f"{where}.{link}: a match cannot feed itself")
        if target is not None and match.get(slot) is None:
            problems.append(f"{where}.{slot}: a seat is needed with {link}")
    seats = match["seats"]
    for name in OPTIONAL_MATCH_FIELDS:
        if name in match and has_field(Match, name):
            field = Match._meta.get_field(name)
            choices = [value for value, _label in getattr(field, "choices", None) or []]
            if choices and match[name] not in choices:
                problems.append(f"{where}.{name}: {match[name]!r} is not one of "
                                f"{', '.join(repr(c) for c in choices)}")
    first = (match.get("seating") or {}).get("first_dealer")
    if first is not None and first >= len(seats):
        problems.append(f"{where}.seating.first_dealer: there is no seat {first} at a table "
                        f"of {len(seats)}")
    if len(seats) > engine.max_seats:
        problems.append(f"{where}.seats: {engine.name} seats at most {engine.max_seats}, "
                        f"not {len(seats)}")
    for number, seat in enumerate(seats):
        if seat["player"] is not None and seat["player"] not in known:
            problems.append(f"{where}.seats[{number}].player: {seat['player']!r} is not in "
                            "players")
    if "rules" in match and (problem := _rules_problem(f"{where}.rules", game,
                                                       match["rules"])) is not None:
        problems.append(problem)
    logs = match.get("logs", [])
    if logs and any(seat["player"] is None for seat in seats):
        problems.append(f"{where}.logs: a match with a log needs every seat taken")
    for number, log in enumerate(logs):
        if log["version"] != number + 1:
            problems.append(f"{where}.logs[{number}].version: expected version {number + 1}, "
                            f"not {log['version']}")
        if "sha256" in log and log["sha256"] != log_digest(log["text"]):
            problems.append(f"{where}.logs[{number}].text: the text does not match its "
                            "SHA-256 (changed since the export?)")
    return problems


def _parse_datetime(value: str | None) -> datetime | None:
    if not value:
        return None
    parsed = datetime.fromisoformat(value)
    return parsed if timezone.is_aware(parsed) else timezone.make_aware(parsed)


@dataclass
class ImportResult:
    tournament: Tournament
    players_created: list[str] = field(default_factory=list)
    logs_submitted: int = 0
    verdicts_kept: int = 0


def event_import(*, document: Any, organizer: Any = None, slug: str | None = None) \
        -> ImportResult:
    """Rebuild the event in ``document`` (refused as a whole, naming every problem, when
    anything does not fit) and submit its logs to be scored again.

    The short name is ``slug``, else the exported one, else (when taken) a free one made
    from it. The logs are scored when the transaction commits (inline on the embedded
    default, by the workers when distributed).
    """
    problems = event_problems(document)
    if problems:
        raise EventImportError(problems)
    info = document["tournament"]
    with transaction.atomic():
        wanted = slug or info.get("slug") or info["name"]
        free = not Tournament.objects.filter(slug=wanted).exists()
        started = bool(document["rounds"])
        tournament = Tournament.objects.create(
            name=info["name"], slug=wanted if free else unique_slug(Tournament, wanted),
            game=info["game"], format=info["format"], rules=info["rules"],
            description=info.get("description", ""),
            starts_on=date.fromisoformat(info["starts_on"]) if info.get("starts_on") else None,
            status=Tournament.Status.RUNNING if started else Tournament.Status.REGISTRATION,
            **info.get("settings", {}))
        if organizer is not None:
            tournament.organizers.add(organizer)
        result = ImportResult(tournament)
        players = {}
        for name in document["players"]:
            player, created = Player.objects.get_or_create(name=name)
            players[name] = player
            if created:
                result.players_created.append(name)
        for item in document["entries"]:
            entry = Entry.objects.create(
                tournament=tournament, player=players[item["player"]], status=item["status"],
                seed=item.get("seed"), checked_in_at=_parse_datetime(item.get("checked_in_at")),
                group=item.get("group", ""), joined_round=item.get("joined_round"))
            if item.get("entered_at"):
                Entry.objects.filter(pk=entry.pk).update(
                    created_at=_parse_datetime(item["entered_at"]))
        stages = {item["number"]: Stage.objects.create(
            tournament=tournament, number=item["number"], kind=item["kind"],
            format=item["format"], status=item.get("status", Stage.Status.PENDING))
            for item in document["stages"]}
        rounds = {item["number"]: Round.objects.create(
            tournament=tournament, stage=stages[item["stage"]], number=item["number"],
            name=item.get("name", ""), players_left=item.get("players_left"))
            for item in document["rounds"]}
        matches = _import_matches(document["matches"], tournament, rounds, players)
        verdicts = []
        for item in document["matches"]:
            match = matches[item["id"]]
            played = item.get("result", Match.Result.PLAYED) == Match.Result.PLAYED
            if played:
                for log in item.get("logs", []):
                    stored = match_log_submit(match=match, text=log["text"],
                                              source=log.get("source", MatchLog.Source.CLI))
                    _restore_time(stored, log)
                    result.logs_submitted += 1
            else:
                _store_history(match, item.get("logs", []))
            if item.get("status") == Match.Status.SCORED and (not played or not item.get("logs")):
                verdicts.append((match, item))
        for match, item in verdicts:
            # A verdict that does not come from a log (a forfeit, a bye) is kept as it was,
            # and what follows a verdict follows as for a forfeit given here.
            for index, seat in enumerate(item["seats"]):
                Seat.objects.filter(match=match, index=index).update(score=seat.get("score"),
                                                                     rank=seat.get("rank"))
            match.status = Match.Status.SCORED
            match.save(update_fields=["status", "updated_at"])
            match_after_verdict(match)
            result.verdicts_kept += 1
        if started:
            tournament_check_finished(tournament=tournament)
    return result


def _restore_time(log: MatchLog, item: dict[str, Any]) -> None:
    if item.get("submitted_at"):
        MatchLog.objects.filter(pk=log.pk).update(
            submitted_at=_parse_datetime(item["submitted_at"]))


def _store_history(match: Match, items: list[dict[str, Any]]) -> None:
    """The logs of a forfeited match: kept as its history, not scored again (the forfeit,
    not a log, is the match's result)."""
    previous = None
    for item in items:
        log = MatchLog.objects.create(
            match=match, version=item["version"], text=item["text"],
            source=item.get("source", MatchLog.Source.CLI), supersedes=previous,
            status=item.get("status", MatchLog.Status.PENDING))
        _restore_time(log, item)
        previous = log
    if previous is not None:
        Match.objects.filter(pk=match.pk).update(current_log=previous)


def _import_matches(items: list[dict[str, Any]], tournament: Tournament,
                    rounds: dict[int, Round], players: dict[str, Player]) -> dict[int, Match]:
    matches: dict[int, Match] = {}
    for item in items:
        match = Match.objects.create(
            game=tournament.game, rules=item.get("rules", tournament.rules),
            round=rounds[item["round"]], position=item.get("position", 0),
            result=item.get("result", Match.Result.PLAYED), bracket=item.get("bracket", ""),
            group=item.get("group", ""), table=item.get("table"),
            deal_set=item.get("deal_set", ""),
            played_on=date.fromisoformat(item["played_on"]) if item.get("played_on") else None)
        for name in OPTIONAL_MATCH_FIELDS:
            if name in item and has_field(Match, name):
                setattr(match, name, item[name])
                match.save(update_fields=[name])
        if item.get("seating"):
            TableSeating.objects.create(match=match, first_dealer=item["seating"]["first_dealer"],
                                   deals=item["seating"].get("deals"))
        Seat.objects.bulk_create(
            Seat(match=match, index=index,
                 player=players[seat["player"]] if seat["player"] is not None else None)
            for index, seat in enumerate(item["seats"]))
        matches[item["id"]] = match
    for item in items:
        links = {}
        for link, slot in (("next_match", "next_slot"),
                           ("loser_next_match", "loser_next_slot")):
            if item.get(link) is not None:
                links[link] = matches[item[link]]
                links[slot] = item[slot]
        if links:
            Match.objects.filter(pk=matches[item["id"]].pk).update(**links)
    return matches


def event_differences(*, tournament: Tournament, document: dict[str, Any]) -> list[str]:
    """Where the imported event's matches differ from the document's (status, scores,
    places), in document order; empty once every log is scored as it was. A log scored
    differently here (another version of a rules engine) shows up as a difference."""
    differences = []
    matches = list(Match.objects.filter(round__tournament=tournament)
                   .prefetch_related("seats").order_by("pk"))
    # The import creates the matches in the document's order.
    for item, match in zip(document["matches"], matches, strict=False):
        seats = sorted(match.seats.all(), key=lambda seat: seat.index)
        here = [(seat.score, seat.rank) for seat in seats]
        there = [(seat.get("score"), seat.get("rank")) for seat in item["seats"]]
        status = item.get("status", match.status)
        if match.status != status or here != there:
            differences.append(f"match {item['id']} (round {item['round']}): exported "
                               f"{status} {there}, here {match.status} {here}")
    return differences
