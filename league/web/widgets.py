"""A season's standings as a widget: a page meant for an ``<iframe>`` on a club's own site
(framing allowed: no X-Frame-Options, and a Content-Security-Policy whose
``frame-ancestors`` lets any site embed it), live like the season page. The tournament's is
in ``tournaments.web.projector``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.clickjacking import xframe_options_exempt

from games.engines import get_engine
from league import selectors
from league.models import Season
from league.web.security import POLICY


def embeddable(response: HttpResponse) -> HttpResponse:
    """The site's policy, but any page may frame this one."""
    response["Content-Security-Policy"] = POLICY.replace("frame-ancestors 'none'",
                                                         "frame-ancestors *")
    return response


@xframe_options_exempt
def season_widget(request: HttpRequest, league: str, season: str) -> HttpResponse:
    found = get_object_or_404(Season.objects.select_related("league"), league__slug=league,
                              slug=season)
    tables = [{**table, "legend": selectors.tiebreak_legend(table["tiebreaks"])}
              for table in selectors.season_tables(season=found)]
    return embeddable(render(request, "league/widget.html", {
        "season": found, "league": found.league, "tables": tables,
        "table_game": get_engine(found.league.game).max_seats > 2,
        "public_url": request.build_absolute_uri(found.get_absolute_url())}))
