"""Creating a tournament: its game, format, rules and settings, checked together.

Which formats fit which games: the 2-player formats (round robin, elimination, Swiss,
groups) need a 2-player game; Doppelkopf (4 per table, 5-tables when the count does not
divide) and Nerts (2 to 6 per table) play table rounds only. Duplicate mode is for Gin and
Doppelkopf, in the formats that deal a set per round (round robin, Swiss, table rounds).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import models, transaction
from django.utils.translation import gettext as _

from games.engines import get_engine
from games.models import Reporting
from league.ranking.standings import TIEBREAKS
from league.services.slugs import unique_slug
from tournaments.models import Tournament
from tournaments.services.common import TournamentError

TABLE_GAMES = ("doppelkopf", "nerts")
DUPLICATE_GAMES = ("gin", "doppelkopf")
DUPLICATE_FORMATS = (Tournament.Format.ROUND_ROBIN, Tournament.Format.DOUBLE_ROUND_ROBIN,
                     Tournament.Format.SWISS, Tournament.Format.TABLE_ROUNDS)

#: The format settings :func:`tournament_create` takes (model fields of the same name).
SETTINGS = ("rounds_planned", "deals_per_round", "table_size", "grand_final_reset", "groups",
            "group_format", "playoff_format", "qualification", "duplicate", "deal_seed",
            "tiebreaks", "entry_cap", "check_in", "seeding", "reporting", "open_registration")


def tournament_settings_check(*, game: str, format: str, rules: Mapping[str, Any] | None,
                              settings: Mapping[str, Any]) -> None:
    """Raise a :class:`TournamentError` if the game, the format and the settings do not go
    together (``settings`` may leave out any setting: the model's default counts)."""
    engine = get_engine(game)

    def value(name: str) -> Any:
        if settings.get(name) is not None:
            return settings[name]
        field = Tournament._meta.get_field(name)
        assert isinstance(field, models.Field)  # a setting is a column of the tournament
        return field.get_default()

    if format == Tournament.Format.TABLE_ROUNDS:
        if game not in TABLE_GAMES:
            raise TournamentError(_("Table rounds are for Doppelkopf and Nerts; %(game)s is "
                                    "a two-player game.") % {"game": engine.name})
        if not value("rounds_planned"):
            raise TournamentError(_("Table rounds need the number of rounds."))
        size = value("table_size")
        if game == "doppelkopf" and size != 4:
            raise TournamentError(_("Doppelkopf is played at tables of 4 (5-tables are made "
                                    "when the count does not divide)."))
        if game == "nerts" and not 2 <= size <= 6:
            raise TournamentError(_("A Nerts table holds 2 to 6 players."))
        if game == "doppelkopf":
            deals = value("deals_per_round") or engine.rules(rules).pot_deals
            if not deals:
                raise TournamentError(_("Doppelkopf table rounds need the deals per round "
                                        "(or a Punktetopf in the rules)."))
            if deals % 4:
                raise TournamentError(
                    _("A Doppelkopf series needs a multiple of 4 deals, not %(deals)s (a "
                      "5-table plays 5/4 as many, so that everybody plays the same number).")
                    % {"deals": deals})
    elif engine.max_seats != 2:
        raise TournamentError(_("%(game)s is played at tables: its tournaments are table "
                                "rounds.") % {"game": engine.name})
    if value("duplicate"):
        if game not in DUPLICATE_GAMES:
            raise TournamentError(_("Duplicate mode is for Gin and Doppelkopf."))
        if format not in DUPLICATE_FORMATS:
            raise TournamentError(_("Duplicate mode is for round robin, Swiss and table "
                                    "rounds."))
    tiebreaks = value("tiebreaks") or []
    if not isinstance(tiebreaks, Sequence) or isinstance(tiebreaks, str):
        raise TournamentError(_("The tie-breakers are a list of keys."))
    for key in tiebreaks:
        if key not in TIEBREAKS:
            raise TournamentError(_("Unknown tie-breaker %(key)s; the tie-breakers are "
                                    "%(known)s.") % {"key": key, "known": ", ".join(TIEBREAKS)})
    if len(set(tiebreaks)) != len(tiebreaks):
        raise TournamentError(_("A tie-breaker is listed twice."))
    if value("reporting") not in Reporting.values:
        raise TournamentError(_("Who enters results: one of %(choices)s.")
                              % {"choices": ", ".join(Reporting.values)})


def tournament_create(*, name: str, game: str, format: str, organizer: Any,
                      rules: dict[str, Any] | None = None, description: str = "",
                      starts_on: Any = None, rounds_planned: int | None = None,
                      deals_per_round: int | None = None, table_size: int | None = None,
                      grand_final_reset: bool | None = None, groups: int | None = None,
                      group_format: str | None = None, playoff_format: str | None = None,
                      qualification: list[dict[str, Any]] | None = None,
                      duplicate: bool | None = None, deal_seed: str | None = None,
                      tiebreaks: list[str] | None = None, entry_cap: int | None = None,
                      check_in: bool | None = None, seeding: str | None = None,
                      reporting: str | None = None,
                      open_registration: bool | None = None) -> Tournament:
    """A tournament in registration. Every setting left out (or ``None``) takes the model's
    default; the game, format and settings are checked together first."""
    settings = {
        "rounds_planned": rounds_planned, "deals_per_round": deals_per_round,
        "table_size": table_size, "grand_final_reset": grand_final_reset, "groups": groups,
        "group_format": group_format, "playoff_format": playoff_format,
        "qualification": qualification, "duplicate": duplicate, "deal_seed": deal_seed,
        "tiebreaks": tiebreaks, "entry_cap": entry_cap, "check_in": check_in,
        "seeding": seeding, "reporting": reporting, "open_registration": open_registration,
    }
    get_engine(game).rules(rules)  # an unknown option is refused before anything is saved
    tournament_settings_check(game=game, format=format, rules=rules, settings=settings)
    given = {key: value for key, value in settings.items() if value is not None}
    with transaction.atomic():
        tournament = Tournament.objects.create(
            name=name, slug=unique_slug(Tournament, name), game=game, format=format,
            rules=rules or {"preset": "seed"}, description=description, starts_on=starts_on,
            **given)
        if organizer is not None:
            tournament.organizers.add(organizer)
    return tournament
