"""The tournament on a screen: the projector view for a TV in the club room, the widget a
club embeds in its own site, and the QR code to the public page.

- Projector: large type; it rotates between the current round (pairings or tables with
  their results as they come in) and the standings (or, in a knockout, the places), with
  the QR code in the corner so that players open the page on their phones. Live like every
  tournament page; without JavaScript every part shows at once and the page reloads itself.
- Widget: the standings alone, meant for an ``<iframe>`` (framing allowed), live as well.
- QR code: an SVG made by segno (pure Python), served from here: nothing from a CDN.
"""

from __future__ import annotations

import io
from typing import Any

import segno
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.clickjacking import xframe_options_exempt

from games.models import Match
from league.web.widgets import embeddable
from tournaments import selectors
from tournaments.models import Tournament
from tournaments.selectors.bracket import bracket_outcome, bracket_stage
from tournaments.selectors.exports import table_numbers
from tournaments.web import standings as standings_labels


def qr_svg(text: str, *, scale: int = 8) -> str:
    """A QR code of ``text`` as an SVG document (dark modules on white, a quiet zone of 4).

    >>> qr_svg("https://example.org/t/").startswith("<?xml")
    True
    """
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=scale, border=4, dark="#000",
                                     light="#fff", title=text)
    return out.getvalue().decode()


def public_url(request: HttpRequest, tournament: Tournament) -> str:
    return request.build_absolute_uri(tournament.get_absolute_url())


def tournament_qr(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    response = HttpResponse(qr_svg(public_url(request, tournament)),
                            content_type="image/svg+xml")
    response["Cache-Control"] = "public, max-age=86400"
    return response


def current_round(tournament: Tournament) -> dict[str, Any] | None:
    """The round being played (the earliest with a match still waiting for its result), or
    the last one; its matches with their table numbers."""
    matches = list(selectors.tournament_matches(tournament=tournament))
    if not matches:
        return None
    numbers = table_numbers(matches)
    open_rounds = [m.round for m in matches
                   if m.status != Match.Status.SCORED and all(s.player for s in m.seats.all())]
    chosen = open_rounds[0] if open_rounds else matches[-1].round
    lines = [{"match": match, "table": numbers[match.pk], "seats": list(match.seats.all())}
             for match in matches if match.round_id == chosen.pk]
    return {"round": chosen, "lines": lines}


def _standings(tournament: Tournament) -> dict[str, Any]:
    if tournament.is_elimination:
        stage = bracket_stage(tournament)
        return {"outcome": bracket_outcome(stage) if stage is not None else None}
    standings = selectors.tournament_standings(tournament=tournament)
    return {"standings": standings,
            "standings_legend": standings_labels.legend(standings,
                                                        tables=standings.is_table_event),
            "standings_columns": standings_labels.extra_columns(standings)}


def projector(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    return render(request, "tournaments/projector.html", {
        "tournament": tournament, "current": current_round(tournament),
        "public_url": public_url(request, tournament), **_standings(tournament)})


@xframe_options_exempt
def widget(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = get_object_or_404(Tournament, slug=slug)
    return embeddable(render(request, "tournaments/widget.html", {
        "tournament": tournament, "public_url": public_url(request, tournament),
        **_standings(tournament)}))
