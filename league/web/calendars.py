"""iCal feeds (RFC 5545): a league's fixtures (one event per scheduled match, on its match
day) and, from ``tournaments.web.exports``, a tournament's rounds. A calendar app subscribes
to the address and shows the evening's matches.

The writer is a few lines: all-day events, text escaped and long lines folded as the RFC
says, CRLF line ends, a stable UID per event so that a subscription updates in place.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games.models import Match
from league.models import League


@dataclass(frozen=True)
class Event:
    uid: str
    day: date
    summary: str
    description: str = ""
    url: str = ""


def _escape(text: str) -> str:
    return (text.replace("\\", "\\\\").replace(";", "\\;").replace(",", "\\,")
            .replace("\r\n", "\\n").replace("\n", "\\n"))


def _fold(line: str) -> str:
    """Lines of at most 75 octets; a continuation starts with a space (RFC 5545, 3.1).

    >>> _fold("X" * 80) == "X" * 75 + "\\r\\n " + "X" * 5
    True
    """
    out, current = [], ""
    for char in line:
        if len((current + char).encode()) > (75 if not out else 74):
            out.append(current)
            current = ""
        current += char
    out.append(current)
    return "\r\n ".join(out)


def ical_text(name: str, events: Iterable[Event], *, stamp: datetime | None = None) -> str:
    """The calendar as text.

    >>> text = ical_text("Liga", [Event("m1@stammtisch", date(2026, 3, 4), "Anna – Bert")],
    ...                  stamp=datetime(2026, 1, 1, tzinfo=dt_timezone.utc))
    >>> text.splitlines()[7:11]
    ['UID:m1@stammtisch', 'DTSTAMP:20260101T000000Z', 'DTSTART;VALUE=DATE:20260304', \
'DTEND;VALUE=DATE:20260305']
    """
    stamp = (stamp or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Stammtisch//Fixtures//EN",
             "CALSCALE:GREGORIAN", f"X-WR-CALNAME:{_escape(name)}", "METHOD:PUBLISH"]
    for event in events:
        end = date.fromordinal(event.day.toordinal() + 1)
        lines += ["BEGIN:VEVENT", f"UID:{event.uid}", f"DTSTAMP:{stamp}",
                  f"DTSTART;VALUE=DATE:{event.day:%Y%m%d}", f"DTEND;VALUE=DATE:{end:%Y%m%d}",
                  f"SUMMARY:{_escape(event.summary)}"]
        if event.description:
            lines.append(f"DESCRIPTION:{_escape(event.description)}")
        if event.url:
            lines.append(f"URL:{event.url}")
        lines.append("END:VEVENT")
    lines.append("END:VCALENDAR")
    return "".join(_fold(line) + "\r\n" for line in lines)


def ical_response(name: str, events: Iterable[Event], filename: str) -> HttpResponse:
    response = HttpResponse(ical_text(name, events), content_type="text/calendar; "
                                                                   "charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


def _players(match: Match) -> str:
    return " – ".join(seat.player.name if seat.player else "?" for seat in match.seats.all())


def league_calendar(request: HttpRequest, slug: str) -> HttpResponse:
    """Every scheduled match of the league's seasons, on its match day."""
    league = get_object_or_404(League, slug=slug)
    matches = (Match.objects.filter(season__league=league, scheduled_on__isnull=False)
               .select_related("season").prefetch_related("seats__player")
               .order_by("scheduled_on", "match_day", "pk"))
    events = [Event(uid=f"match-{match.pk}@stammtisch", day=match.scheduled_on,
                    summary=f"{league.name}: {_players(match)}",
                    description=_("%(season)s, match day %(day)s") % {
                        "season": match.season.name, "day": match.match_day},
                    url=request.build_absolute_uri(match.get_absolute_url()))
              for match in matches if match.scheduled_on is not None]
    return ical_response(league.name, events, f"{league.slug}.ics")
