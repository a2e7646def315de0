"""The parts of the tournament page that are the same for every reader (the bracket, the
standings) or for every reader who is not signed in (a Swiss or table round): drawn once per
change and per language, and kept with the figures
(:func:`league.selectors.figures.figures_cached`), so that a page of a 128-player bracket or
a 200-player table event costs a lookup, not a drawing, per request.
"""

from __future__ import annotations

from django.db.models import Max
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from games.models import Match
from league.selectors.figures import figures_cached
from tournaments.models import Round, Tournament
from tournaments.selectors import figures
from tournaments.selectors.figures import tournament_owner
from tournaments.selectors.rounds import round_rows
from tournaments.web import standings as standings_labels


def bracket_html(*, tournament: Tournament) -> SafeString:
    """The tournament's bracket as ``tournaments/_bracket.html`` draws it."""
    return mark_safe(figures_cached(  # drawn by our templates, which escape
        owners=[tournament_owner(tournament.pk)], name="bracket.html",
        compute=lambda: render_to_string("tournaments/_bracket.html", {
            "bracket": figures.bracket(tournament=tournament)})))


def standings_html(*, tournament: Tournament, has_rounds: bool) -> SafeString:
    """The standings (and the duplicate comparison) as
    ``tournaments/_standings_section.html`` draws them."""

    def draw() -> str:
        standings = figures.standings(tournament=tournament)
        return render_to_string("tournaments/_standings_section.html", {
            "tournament": tournament, "standings": standings,
            "standings_legend": standings_labels.legend(standings,
                                                        tables=standings.is_table_event),
            "standings_columns": standings_labels.extra_columns(standings),
            "duplicate": (figures.duplicate(tournament=tournament)
                          if tournament.duplicate and has_rounds else None)})

    return mark_safe(figures_cached(  # drawn by our templates, which escape
        owners=[tournament_owner(tournament.pk)], name="standings.html", compute=draw))


def round_html(*, tournament: Tournament, shown: Round, template: str) -> SafeString:
    """The shown round's boards or tables (``template``) as a reader who is not signed in
    sees them (no result of his to enter, no organizer's button). Drawn once per change of
    the round's matches, their latest ``updated_at`` (a submission, a verdict, a
    correction: what the live page polls, one query on an index), and per language."""
    latest = Match.objects.filter(round=shown).aggregate(latest=Max("updated_at"))["latest"]
    return mark_safe(figures_cached(  # drawn by our templates, which escape
        owners=[tournament_owner(tournament.pk)], name=template,
        parts=(shown.pk, latest.isoformat() if latest is not None else "-"),
        compute=lambda: render_to_string(template, {"panel": {
            "rounds": round_rows(tournament, number=shown.number), "is_organizer": False}})))
