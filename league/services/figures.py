"""Raising the figures version of a competition (see :mod:`league.selectors.figures`):
after every verdict on one of its matches (the verdict handlers ``tournament_figures`` and
``season_figures``) and every change of what its standings, tables or bracket show; a
player's own figures (his record) after every verdict on one of his matches
(:func:`players_figures_changed`, from the statistics' handler).

:func:`figures_changed` is the one writer; :func:`after_verdict_season_figures` is the
league's verdict handler, and the seasons' services call :func:`season_figures_changed`
when members, divisions, settings or the league's tie-breakers change."""

from __future__ import annotations

from collections.abc import Collection, Iterable

from django.db import connection

from games.models import Match
from league.models import FiguresVersion
from league.selectors.figures import league_owner, player_owner, season_owner


def figures_changed(*, owner: str) -> None:
    """Raise the figures version of ``owner`` (``"season:7"``, ``"tournament:12"``...).

    Inside the caller's transaction: readers see the new version only with the change. Two
    transactions that raise a version no one has raised before both count: the second
    waits for the first's row, then raises it again.
    """
    figures_changed_many(owners=[owner])


def figures_changed_many(*, owners: Collection[str]) -> None:
    """Raise the figures version of every one of ``owners``, as :func:`figures_changed`
    does, in one statement however many they are: a new owner is inserted at version 1, an
    existing one raised (a second writer of the same new owner waits for the first's insert,
    then raises it: both count)."""
    owners = sorted(set(owners))
    if not owners:
        return
    # No ORM call does "insert, or raise what is there" (bulk_create's update_conflicts
    # writes the inserted value); PostgreSQL and SQLite both read this statement.
    table = connection.ops.quote_name(FiguresVersion._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {table} (owner, version) VALUES "
                       f"{', '.join(['(%s, 1)'] * len(owners))} "
                       f"ON CONFLICT (owner) DO UPDATE SET version = {table}.version + 1",
                       owners)


def players_figures_changed(*, player_ids: Iterable[int]) -> None:
    """The players' own figures (their record) changed with a verdict on their match."""
    figures_changed_many(owners=[player_owner(player_id) for player_id in player_ids])


def season_figures_changed(*, season_id: int) -> None:
    figures_changed(owner=season_owner(season_id))


def league_figures_changed(*, league_id: int) -> None:
    """The league's tie-breakers order every season's tables."""
    figures_changed(owner=league_owner(league_id))


def after_verdict_season_figures(*, match: Match) -> None:
    """After a verdict (handler 27): the season's tables are computed anew."""
    if match.season_id:
        season_figures_changed(season_id=match.season_id)
