"""The words of the sheets: each column's label and each choice's, in English, marked for
the translation catalogue. Pages and the API translate them (``gettext``) and fill in the
player or deck a column belongs to.

>>> column_label("gin", "deadwood_1", ("Anna", "Bert"))
('Deadwood %(player)s', {'player': 'Bert'})
>>> choice_label("doppelkopf", "won", "kontra-60", ("A", "B", "C", "D"))
('Kontra wins, Re keine 60', {})
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from .base import _

Label = tuple[str, dict[str, Any]]


class Term(str):
    """A value of a label that is itself a word to translate (``Re``, ``Fuchs caught``)."""

    __slots__ = ()


def translated(label: Label, translate: Any) -> str:
    """A label in the reader's language: the template and every :class:`Term` in it.

    >>> translated(column_label("doppelkopf", "sp_fuchs_kontra", ()), str.upper)
    'FUCHS CAUGHT (KONTRA)'
    """
    template, params = label
    values = {name: translate(str(value)) if isinstance(value, Term) else value
              for name, value in params.items()}
    try:
        return str(translate(template) % values) if values else str(translate(template))
    except (KeyError, ValueError, TypeError):
        return template % values if values else template

COLUMNS: dict[str, dict[str, str]] = {
    "gin": {
        "dealer": _("Dealer"), "upcard": _("Upcard"), "ended": _("Ended by"),
        "deadwood": _("Deadwood %(player)s"),
    },
    "doppelkopf": {
        "dealer": _("Dealer"), "game": _("Game"), "re": _("Re players"),
        "augen_re": _("Augen of Re"), "augen_kontra": _("Augen of Kontra"),
        "won": _("or: won by"), "ann_re": _("Re announced"),
        "ann_kontra": _("Kontra announced"), "specials": _("Special points"),
        "sp_re": _("Special points Re"), "sp_kontra": _("Special points Kontra"),
        "sp_doko": _("Doppelkopf"), "sp_fuchs": _("Fuchs caught"),
        "sp_karlchen": _("Karlchen"), "sp_charly": _("Charly caught"),
        "sp_herz": _("Heart trick"), "sp_fuchslast": _("Fuchs last trick"),
        "hammel": _("Augen %(player)s"),
    },
    "nerts": {
        "caller": _("Nerts called by"), "found": _("%(player)s: cards on the foundations"),
        "left": _("%(player)s: cards left in the Nerts pile"),
    },
    "rennen": {
        "winner": _("Race won by"), "win": _("Kind of win"),
        "karo": _("Karo cards %(player)s gave"), "pick": _("Pick %(number)s"),
        "attach": _("Attaches of %(player)s"),
    },
    "katarenga-rennen": {
        "mode": _("Entered as"), "board": _("Board"), "moves": _("Moves"),
        "winner": _("Winner"), "end": _("How it ended"), "count": _("Number of moves"),
    },
}

CHOICES: dict[str, dict[str, str]] = {
    "ended": {"knock": _("%(player)s knocks"), "gin": _("%(player)s: gin"),
              "dead": _("dead hand")},
    "game": {
        "normal": _("Normal game"), "hochzeit": _("Hochzeit"),
        "schieben": _("Schieben (Trumpfabgabe)"), "solo-damen": _("Damensolo"),
        "solo-buben": _("Bubensolo"), "solo-damen-buben": _("Damen-Buben-Solo"),
        "solo-kreuz": _("Kreuz-Solo"), "solo-pik": _("Pik-Solo"),
        "solo-herz": _("Herz-Solo"), "solo-karo": _("Karo-Solo"),
        "stilles-solo": _("Stilles Solo"), "hammelrennen": _("Hammelrennen"),
        "sau": _("Schwarze Sau (second Pik-Dame in the last trick)"),
        "sau-damen": _("Schwarze Sau: Damensolo"), "sau-buben": _("Schwarze Sau: Bubensolo"),
        "sau-damen-buben": _("Schwarze Sau: Damen-Buben-Solo"),
        "sau-kreuz": _("Schwarze Sau: Kreuz-Solo"), "sau-pik": _("Schwarze Sau: Pik-Solo"),
        "sau-herz": _("Schwarze Sau: Herz-Solo"), "sau-karo": _("Schwarze Sau: Karo-Solo"),
        "redeal": _("Dealt anew (nobody took the trumps)"),
    },
    "won": {
        "re": _("Re wins"), "re-90": _("Re wins, Kontra keine 90"),
        "re-60": _("Re wins, Kontra keine 60"), "re-30": _("Re wins, Kontra keine 30"),
        "re-schwarz": _("Re wins, Kontra schwarz"), "kontra": _("Kontra wins"),
        "kontra-90": _("Kontra wins, Re keine 90"), "kontra-60": _("Kontra wins, Re keine 60"),
        "kontra-30": _("Kontra wins, Re keine 30"),
        "kontra-schwarz": _("Kontra wins, Re schwarz"),
    },
    "announcement": {"re": _("Re"), "kontra": _("Kontra"), "keine 90": _("keine 90"),
                     "keine 60": _("keine 60"), "keine 30": _("keine 30"),
                     "schwarz": _("schwarz")},
    "party": {"re": _("Re"), "kontra": _("Kontra")},
    "caller": {"none": _("nobody (play got stuck)")},
    "rennen-winner": {"none": _("nobody: drawn, no card to break the tie")},
    "win": {"simple": _("simple (one trick ahead)"),
            "ultimate": _("ultimate (two tricks ahead, or a bomb)")},
    "mode": {"board": _("on the board"), "line": _("one line: winner and end")},
    "end": {"race": _("race won"), "resigned": _("resigned"),
            "no_move": _("no legal move"), "blocked": _("neither could move"),
            "repetition": _("repetition"), "move_limit": _("move limit")},
    "katarenga-winner": {"none": _("nobody: drawn")},
}

_SEAT_FIELD = re.compile(r"^(?P<base>[a-z]+)_(?P<seat>\d)$")
_PICK = re.compile(r"^pick_(?P<number>\d)$")


def column_label(game: str, field: str, players: Sequence[str],
                 decks: Sequence[str] | None = None) -> Label:
    """The label of a row's field; a seat's field names its player (or deck)."""
    columns = COLUMNS.get(game, {})
    if field in columns:
        return columns[field], {}
    if match := _PICK.match(field):
        return columns.get("pick", field), {"number": match.group("number")}
    if (match := _SEAT_FIELD.match(field)) and match.group("base") in columns:
        names = list(decks or players)
        seat = int(match.group("seat"))
        return columns[match.group("base")], {
            "player": names[seat] if seat < len(names) else "?"}
    if field.startswith("re_"):
        return columns.get("re", field), {}
    if field.startswith("sp_") and field.count("_") == 2:
        _sp, kind, party = field.split("_")
        return _("%(special)s (%(party)s)"), {
            "special": Term(columns.get(f"sp_{kind}", kind)),
            "party": Term(CHOICES["party"].get(party, party))}
    return field, {}


def choice_label(game: str, field: str, value: str, players: Sequence[str],
                 decks: Sequence[str] | None = None) -> Label:
    """The label of a choice (``ended`` ``knock:1`` -> "Bert knocks")."""
    if field == "ended":
        kind, _sep, seat = value.partition(":")
        return CHOICES["ended"].get(kind, value), (
            {"player": players[int(seat)]} if seat else {})
    if field in ("dealer", "winner", "caller") and value.isdigit():
        names = list(decks or players) if field == "caller" else list(players)
        return "%(player)s", {"player": names[int(value)]}
    group = {"ann_re": "announcement", "ann_kontra": "announcement"}.get(field)
    if field == "winner":
        group = "rennen-winner" if game == "rennen" else "katarenga-winner"
    group = group or field
    return CHOICES.get(group, {}).get(value, value), {}
