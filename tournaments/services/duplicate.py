"""Duplicate mode: which deal set each match of a round plays.

Every match (table or pair) of round ``r`` plays deal set ``r`` of the tournament: its seed is
derived from ``Tournament.deal_seed`` by :func:`tournaments.pairing.duplicate.deal_sets`
and written into ``Match.deal_set``; the match's log must be dealt from it (checked when the
log is scored, ``games/duplicate.py``). The comparison of the results is a read:
:mod:`tournaments.selectors.duplicate`.
"""

from __future__ import annotations

import secrets

from games.models import Match
from tournaments.models import Tournament
from tournaments.pairing.duplicate import deal_sets


def ensure_deal_seed(tournament: Tournament) -> None:
    """A duplicate tournament without a seed gets a random one at the start (kept, so that
    every later round and every check uses the same)."""
    if tournament.duplicate and not tournament.deal_seed:
        tournament.deal_seed = secrets.token_hex(8)
        Tournament.objects.filter(pk=tournament.pk).update(deal_seed=tournament.deal_seed)


def deal_set_seed(tournament: Tournament, number: int) -> str:
    """The seed of deal set ``number`` (= the round), as the logs give it.

    >>> t = Tournament(duplicate=True, deal_seed="club-night")
    >>> deal_set_seed(t, 2) == str(deal_sets(2, seed="club-night")[1].seed)
    True
    """
    return str(deal_sets(number, seed=tournament.deal_seed)[number - 1].seed)


def assign_deal_set(tournament: Tournament, match: Match, number: int) -> None:
    """Give ``match`` the deal set of round ``number`` (nothing unless duplicate)."""
    if tournament.duplicate:
        match.deal_set = deal_set_seed(tournament, number)
        Match.objects.filter(pk=match.pk).update(deal_set=match.deal_set)
