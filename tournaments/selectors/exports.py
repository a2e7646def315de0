"""CSV tables of a tournament (standings, pairings, results) and of a league season
(standings, results).

Each function returns the rows (the header first) as lists of strings and numbers;
:func:`csv_text` writes them. The header holds stable keys (``rank``, ``played_on``, ...);
the download page puts them into the reader's language (``tournaments.web.exports``), as it
does the status and result values. Seats are numbered from 1. A match's
``table`` is the table the draw gave it (table rounds) or else its number within the round
(1, 2, ... in the order of the round), the same number the printed round sheet shows.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Sequence
from typing import Any

from django.utils import timezone

from games.models import Match
from league.models import Season
from league.ranking.standings import Standings
from league.selectors import season_standings
from tournaments.models import Tournament
from tournaments.selectors.standings import round_of, tournament_matches, tournament_standings

Row = list[Any]

#: What the CSV of each kind is called, for the links and the file names.
TOURNAMENT_TABLES = ("standings", "pairings", "results")
SEASON_TABLES = ("standings", "results")


def csv_text(rows: Iterable[Sequence[Any]], *, delimiter: str = ",") -> str:
    """RFC 4180: comma-separated (or by ``delimiter``: German spreadsheets expect ``;``),
    quoted where needed, CRLF line ends.

    >>> csv_text([["rank", "player"], [1, "Jürgen, der Ältere"]])
    'rank,player\\r\\n1,"Jürgen, der Ältere"\\r\\n'
    >>> csv_text([["rank", "player"], [1, "Jürgen; der Ältere"]], delimiter=";")
    'rank;player\\r\\n1;"Jürgen; der Ältere"\\r\\n'
    """
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter)
    for row in rows:
        writer.writerow(["" if value is None else csv_cell(value) for value in row])
    return out.getvalue()


#: What a spreadsheet reads as the start of a formula (and tab and CR, which some strip).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: A number written as text, which a spreadsheet reads as that number and nothing else.
PLAIN_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?")


def csv_cell(value: Any) -> Any:
    """A text that a spreadsheet would run as a formula (a player named
    ``=HYPERLINK(...)``) gets a leading apostrophe, so it is shown as text; numbers stay,
    also a number written as text (a one-deal series: ``-7``), which a spreadsheet reads as
    the number it is.

    >>> [csv_cell(v) for v in ["=HYPERLINK(1)", "@SUM(A1)", "-2+3", "+1", "Anna", -3, "-7",
    ...                        "-7 12"]]
    ["'=HYPERLINK(1)", "'@SUM(A1)", "'-2+3", '+1', 'Anna', -3, '-7', "'-7 12"]
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) \
            and not PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def _standings_rows(standings: Standings, *, series: bool = False) -> list[Row]:
    keys = [metric.key for metric in standings.metrics]
    header = ["rank", "player", *keys] + (["series"] if series else [])
    rows: list[Row] = [header]
    for row in standings.rows:
        line: Row = [row.rank, row.player.name, *(row.values.get(key) for key in keys)]
        if series:
            line.append(" ".join(str(value) for value in row.series))
        rows.append(line)
    return rows


def table_numbers(matches: Sequence[Match]) -> dict[int, int]:
    """The table number of each match (by id): the drawn table, or its number in its round."""
    numbers: dict[int, int] = {}
    ordinal: dict[Any, int] = {}
    for match in matches:
        key = match.round_id
        ordinal[key] = ordinal.get(key, 0) + 1
        numbers[match.pk] = match.table if match.table is not None else ordinal[key]
    return numbers


def tournament_standings_rows(tournament: Tournament) -> list[Row]:
    """rank, player, then every figure of the standings in the page's order (the
    tie-breakers shown as columns included); table rounds add each series' points."""
    return _standings_rows(tournament_standings(tournament=tournament),
                           series=tournament.format == Tournament.Format.TABLE_ROUNDS)


def tournament_pairings_rows(tournament: Tournament) -> list[Row]:
    """One row per match: round, its name, table, match id, bracket slot, group, then the
    players by seat (seat 1 first; empty while a bracket seat waits, and for the missing
    opponent of a bye)."""
    matches = list(tournament_matches(tournament=tournament))
    seats = max((len(match.seats.all()) for match in matches), default=2)
    seats = max(seats, 2)
    tables = table_numbers(matches)
    rows: list[Row] = [["round", "round_name", "table", "match", "bracket", "group",
                        *(f"seat_{n}" for n in range(1, seats + 1))]]
    for match in matches:
        players = [seat.player.name if seat.player else "" for seat in match.seats.all()]
        players += [""] * (seats - len(players))
        rnd = round_of(match)
        rows.append([rnd.number, rnd.label, tables[match.pk], match.pk,
                     match.bracket, match.group, *players])
    return rows


def played_on(match: Match) -> str:
    """When a decided match was played: the date given with it, else the day its verdict
    came (the log scored, the forfeit recorded); empty while it is not decided."""
    if match.played_on:
        return match.played_on.isoformat()
    if match.status != Match.Status.SCORED:
        return ""
    log = match.current_log
    when = log.processed_at if log is not None and log.processed_at else match.updated_at
    return timezone.localdate(when).isoformat()


def _result_rows(matches: Sequence[Match], lead: Any) -> list[Row]:
    rows: list[Row] = []
    for match in matches:
        for seat in match.seats.all():
            rows.append([*lead(match), match.status, match.result, played_on(match),
                         seat.index + 1, seat.player.name if seat.player else "",
                         seat.score, seat.rank])
    return rows


RESULT_COLUMNS = ["status", "result", "played_on", "seat", "player", "score", "rank"]


def tournament_results_rows(tournament: Tournament) -> list[Row]:
    """One row per seat of every match: where the match stands (round, table, ...), its
    status (scheduled, scored, ...) and result kind (played, forfeit, double forfeit), the
    seat, player, score and place at the table."""
    matches = list(tournament_matches(tournament=tournament))
    tables = table_numbers(matches)
    header = ["round", "round_name", "table", "match", "bracket", "group", *RESULT_COLUMNS]
    return [header, *_result_rows(matches, lambda m: [
        m.round.number, m.round.label, tables[m.pk], m.pk, m.bracket, m.group])]


def season_standings_rows(season: Season) -> list[Row]:
    return _standings_rows(season_standings(season=season))


def season_results_rows(season: Season) -> list[Row]:
    """One row per seat of every match of the season, in the order played (fixtures by
    match day)."""
    matches = list(season.matches.select_related("division", "current_log").prefetch_related(
        "seats__player").order_by("match_day", "scheduled_on", "played_on", "pk"))
    header = ["match", "match_day", "scheduled_on", "division", *RESULT_COLUMNS]
    return [header, *_result_rows(matches, lambda m: [
        m.pk, m.match_day, m.scheduled_on.isoformat() if m.scheduled_on else "",
        m.division.name if m.division else ""])]
