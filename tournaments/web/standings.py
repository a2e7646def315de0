"""How the pages name the standings' figures and tie-breakers (translated; the standings
object itself keys them by ``Metric.key``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from league.ranking.standings import Standings

#: key -> (name, abbreviation) for the columns and the legend under the table.
LABELS: dict[str, tuple[Any, Any]] = {
    "points": (_("match points (win 2, draw 1)"), _("Pts")),
    "head_to_head": (_("head-to-head among the players level"), _("H2H")),
    "difference": (_("game-point difference"), "+/−"),
    "game_points": (_("game points"), _("GP")),
    "wins": (_("wins"), _("W")),
    "buchholz": (_("Buchholz (the opponents' match points)"), _("Bu")),
    "median_buchholz": (_("median-Buchholz (without the best and the worst opponent)"),
                        _("MBu")),
    "sonneborn_berger": (_("Sonneborn-Berger (match points won times the opponent's)"),
                         _("SB")),
    "buchholz_plain": (_("plain Buchholz (the opponents' match points as they stand)"),
                       _("pBu")),
    "median_buchholz_plain": (_("plain median-Buchholz"), _("pMBu")),
    "sonneborn_berger_plain": (_("plain Sonneborn-Berger"), _("pSB")),
    "best_series": (_("best series"), _("Best")),
}

#: The same for table rounds, where the figures are a table's.
TABLE_LABELS: dict[str, tuple[Any, Any]] = {
    **LABELS,
    "game_points": (_("total points"), _("Total")),
    "wins": (_("tables won"), _("W")),
}


def legend(standings: Standings, *, tables: bool = False) -> list[Any]:
    """The chain of tie-breakers in words, in the order applied."""
    labels = TABLE_LABELS if tables else LABELS
    return [labels.get(metric.key, (metric.name, metric.abbreviation))[0]
            for metric in standings.tiebreaks]


def extra_columns(standings: Standings) -> list[dict[str, Any]]:
    """The tie-breakers shown as columns (Buchholz, ...), with their names."""
    usual = {"played", "wins", "draws", "losses", "game_points", "game_points_against",
             "difference", "points"}
    return [{"key": metric.key, "name": LABELS.get(metric.key, (metric.name,))[0],
             "abbreviation": LABELS.get(metric.key, (None, metric.abbreviation))[1]}
            for metric in standings.metrics if metric.key not in usual]
