"""A whole event as one JSON document (``stammtisch-event/1``), for download and for another
Stammtisch to import (:mod:`tournaments.services.event_import`).

The document (schema: ``docs/schemas/event.schema.json``) holds the tournament with its
settings, the entries, stages, rounds, and every match with its seats and every version of
its log exactly as submitted. Players are named (names are unique on a Stammtisch); logins,
organizers and database ids are not part of an event.
"""

from __future__ import annotations

import json
from datetime import date, datetime
from typing import Any

from django.utils import timezone

from games.models import Match
from tournaments.models import Tournament
from tournaments.selectors.standings import round_of, tournament_standings

FORMAT = "stammtisch-event/1"

#: The tournament's format settings, exported and imported as they are.
SETTINGS = ("rounds_planned", "deals_per_round", "table_size", "grand_final_reset", "groups",
            "group_format", "playoff_format", "qualification", "duplicate", "deal_seed",
            "tiebreaks", "entry_cap", "check_in", "seeding")


#: Fields of a match that not every Stammtisch has (added by later versions): exported when
#: the model has them, imported when both sides have them.
OPTIONAL_MATCH_FIELDS = ("forfeit_reason",)


def has_field(model: Any, name: str) -> bool:
    return any(f.name == name for f in model._meta.get_fields())


def _iso(value: date | datetime | None) -> str | None:
    return value.isoformat() if value is not None else None


def event_export(*, tournament: Tournament) -> dict[str, Any]:
    """The whole event as a JSON-ready dict (see the module docstring)."""
    matches = list(Match.objects.filter(round__tournament=tournament)
                   .select_related("round").prefetch_related("seats__player", "logs")
                   .order_by("round__number", "position", "pk"))
    ref = {match.pk: number for number, match in enumerate(matches, start=1)}
    entries = sorted(tournament.entries.select_related("player"),
                     key=lambda e: (e.created_at, e.pk))
    names = {e.player.name for e in entries} | {
        seat.player.name for match in matches for seat in match.seats.all() if seat.player}
    standings = tournament_standings(tournament=tournament)
    return {
        "format": FORMAT,
        "exported_at": timezone.now().isoformat(),
        "tournament": {
            "name": tournament.name, "slug": tournament.slug, "game": tournament.game,
            "format": tournament.format, "status": tournament.status,
            "rules": tournament.rules, "description": tournament.description,
            "starts_on": _iso(tournament.starts_on),
            "settings": {name: getattr(tournament, name) for name in SETTINGS},
        },
        "players": sorted(names),
        "entries": [{"player": e.player.name, "status": e.status, "seed": e.seed,
                     "entered_at": _iso(e.created_at), "checked_in_at": _iso(e.checked_in_at),
                     "group": e.group, "joined_round": e.joined_round} for e in entries],
        "stages": [{"number": s.number, "kind": s.kind, "format": s.format, "status": s.status}
                   for s in tournament.stages.order_by("number")],
        "rounds": [{"number": r.number, "stage": r.stage.number, "name": r.name,
                    "players_left": r.players_left}
                   for r in tournament.rounds.select_related("stage").order_by("number")],
        "matches": [_match_json(match, ref) for match in matches],
        "standings": standings.to_json(name_of=lambda player: player.name),
    }


def _match_json(match: Match, ref: dict[int, int]) -> dict[str, Any]:
    logs = sorted(match.logs.all(), key=lambda log: log.version)
    extra: dict[str, Any] = {name: getattr(match, name) for name in OPTIONAL_MATCH_FIELDS
                             if has_field(Match, name)}
    seating = getattr(match, "seating", None)
    if seating is not None:
        extra["seating"] = {"first_dealer": seating.first_dealer, "deals": seating.deals}
    return {
        "id": ref[match.pk], "round": round_of(match).number, "position": match.position,
        "bracket": match.bracket, "group": match.group, "table": match.table,
        "deal_set": match.deal_set, "rules": match.rules, "status": match.status,
        "result": match.result, "played_on": _iso(match.played_on),
        "next_match": ref.get(match.next_match_id) if match.next_match_id else None,
        "next_slot": match.next_slot,
        "loser_next_match": ref.get(match.loser_next_match_id)
        if match.loser_next_match_id else None,
        "loser_next_slot": match.loser_next_slot,
        "seats": [{"player": seat.player.name if seat.player else None, "score": seat.score,
                   "rank": seat.rank} for seat in sorted(match.seats.all(),
                                                         key=lambda s: s.index)],
        "logs": [{"version": log.version, "text": log.text, "sha256": log.sha256,
                  "source": log.source, "submitted_at": _iso(log.submitted_at),
                  "status": log.status} for log in logs],
        **extra,
    }


def event_json(*, tournament: Tournament) -> str:
    return json.dumps(event_export(tournament=tournament), ensure_ascii=False, indent=1)


