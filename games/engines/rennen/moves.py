"""Rennen moves and their notation.

A move is a small immutable value; in the log it is a string. Moves by one player start with
the player's name exactly as in ``players``; the two simultaneous events (``play`` and
``tiebreak``) name no player and list both cards in seat order.

=============================  ============================================================
``Bert show JH 9D``            Herzvorteil: Bert (the opponent) shows two hand cards
``Anna take JH for 9S``        the Herz player takes a shown card and gives one of hers
``Anna keep``                  the Herz player keeps her hand after seeing the cards
``Bert discard 9D``            Pikvorteil: Bert lays one of his four cards away
``Anna karo AD for JC``        Karo rule: AD from Anna's reserve into the hand, JC to the stock
``play AC AS``                 both cards of a trick, revealed together, in seat order
``tiebreak 9C KH``             one card each from the stock for a tie, in seat order
``tiebreak``                   the same when the log has a seed (the engine deals)
``Bert pick AH``               Bert takes AH from the market
``Anna attach 10C``            Anna attaches 10C from her reserve (only with explicit attach)
=============================  ============================================================

>>> players = ("Anna", "Bert")
>>> move = parse_move("Anna take jh for 9s", players)
>>> move
Take(player='Anna', take=Card(rank=11, suit='H'), give=Card(rank=9, suit='S'))
>>> move.text()
'Anna take JH for 9S'
>>> parse_move("play AC AS", players).text()
'play AC AS'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, ClassVar

from ..cards import Card
from ..errors import InvalidLogError, shown
from ..messages import message
from .deck import read_card

VERBS = ("show", "take", "keep", "discard", "karo", "play", "tiebreak", "pick", "attach")


@dataclass(frozen=True)
class Move:
    """Base of the Rennen moves; ``player`` is a name, or ``None`` for a simultaneous event."""

    kind: ClassVar[str] = ""

    @property
    def actor(self) -> str | None:
        return getattr(self, "player", None)

    def text(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def parse(cls, text: str, players: Sequence[str]) -> Move:
        """Read a move (see :func:`parse_move`)."""
        return parse_move(text, players)


@dataclass(frozen=True)
class Show(Move):
    """The Herz player's opponent shows two of his hand cards (he chooses which)."""

    kind: ClassVar[str] = "show"
    player: str
    cards: tuple[Card, Card]

    def text(self) -> str:
        return f"{self.player} show {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True)
class Take(Move):
    """The Herz player takes a shown card (``take``) and gives one of his own (``give``)."""

    kind: ClassVar[str] = "take"
    player: str
    take: Card
    give: Card

    def text(self) -> str:
        return f"{self.player} take {self.take} for {self.give}"


@dataclass(frozen=True)
class Keep(Move):
    """The Herz player saw the two cards and exchanges nothing."""

    kind: ClassVar[str] = "keep"
    player: str

    def text(self) -> str:
        return f"{self.player} keep"


@dataclass(frozen=True)
class Discard(Move):
    """The Pik player lays one of his four cards away (it goes back into the stock)."""

    kind: ClassVar[str] = "discard"
    player: str
    card: Card

    def text(self) -> str:
        return f"{self.player} discard {self.card}"


@dataclass(frozen=True)
class KaroSwap(Move):
    """Karo rule: a Karo card from the reserve into the hand, a hand card into the stock."""

    kind: ClassVar[str] = "karo"
    player: str
    karo: Card
    card: Card

    def text(self) -> str:
        return f"{self.player} karo {self.karo} for {self.card}"


@dataclass(frozen=True)
class Play(Move):
    """One trick: both face-down cards revealed together, in seat order."""

    kind: ClassVar[str] = "play"
    cards: tuple[Card, Card]

    def text(self) -> str:
        return f"play {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True)
class Tiebreak(Move):
    """One card each from the stock to break a tie; ``cards`` may be left to the seed."""

    kind: ClassVar[str] = "tiebreak"
    cards: tuple[Card, Card] | None = None

    def text(self) -> str:
        if self.cards is None:
            return "tiebreak"
        return f"tiebreak {self.cards[0]} {self.cards[1]}"


@dataclass(frozen=True)
class Pick(Move):
    """A market pick."""

    kind: ClassVar[str] = "pick"
    player: str
    card: Card

    def text(self) -> str:
        return f"{self.player} pick {self.card}"


@dataclass(frozen=True)
class Attach(Move):
    """Explicit Anlegen: a card from the player's reserve onto its row."""

    kind: ClassVar[str] = "attach"
    player: str
    card: Card

    def text(self) -> str:
        return f"{self.player} attach {self.card}"


_FORMS = ("show", "take", "keep", "discard", "karo", "pick", "attach")


def _syntax(text: str, expected: dict[str, Any]) -> InvalidLogError:
    return InvalidLogError("rennen_move_syntax", {"move": shown(text), "expected": expected},
                           notation=text)


def parse_move(text: str, players: Sequence[str]) -> Move:
    """Read a move written in the Rennen notation; raise :class:`InvalidLogError`.

    The name must be one of ``players`` exactly (the longest name that fits wins, so that
    ``Anna`` and ``Anna B`` can sit at one table).

    >>> parse_move("Bert pick AH", ("Anna", "Bert"))
    Pick(player='Bert', card=Card(rank=1, suit='H'))
    >>> parse_move("tiebreak", ("Anna", "Bert"))
    Tiebreak(cards=None)
    >>> parse_move("Carl pick AH", ("Anna", "Bert"))
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: 'Carl pick AH' is not a Rennen move; write a \
player's name (Anna, Bert) and a verb (show, take, keep, discard, karo, pick, attach), or \
'play'/'tiebreak' and two cards
    """
    # Moves are immutable, so a log's repeated moves ("play AC AS") are read once.
    if isinstance(text, str):
        return _parse_cached(text, tuple(players))
    return _parse(text, players)


@lru_cache(maxsize=8192)
def _parse_cached(text: str, players: tuple[str, ...]) -> Move:
    return _parse(text, players)


def _parse(text: str, players: Sequence[str]) -> Move:
    if not isinstance(text, str):
        raise InvalidLogError("rennen_move_text", {"value": shown(text)})
    words = text.split()
    if words and words[0].lower() in ("play", "tiebreak"):
        verb = words[0].lower()
        cards = tuple(_card(word, text) for word in words[1:])
        if verb == "play":
            if len(cards) != 2:
                raise _syntax(text, message("rennen_write_play"))
            return Play((cards[0], cards[1]))
        if not cards:
            return Tiebreak(None)
        if len(cards) != 2:
            raise _syntax(text, message("rennen_write_tiebreak"))
        return Tiebreak((cards[0], cards[1]))
    player = _player_prefix(text, players)
    if player is None:
        raise _syntax(text, message("rennen_write_player", players=list(players)))
    rest = text.strip()[len(player):].split()
    verb = rest[0].lower() if rest else ""
    args = rest[1:]
    if verb == "show" and len(args) == 2:
        return Show(player, (_card(args[0], text), _card(args[1], text)))
    if verb == "take" and len(args) == 3 and args[1].lower() == "for":
        return Take(player, _card(args[0], text), _card(args[2], text))
    if verb == "keep" and not args:
        return Keep(player)
    if verb == "discard" and len(args) == 1:
        return Discard(player, _card(args[0], text))
    if verb == "karo" and len(args) == 3 and args[1].lower() == "for":
        return KaroSwap(player, _card(args[0], text), _card(args[2], text))
    if verb == "pick" and len(args) == 1:
        return Pick(player, _card(args[0], text))
    if verb == "attach" and len(args) == 1:
        return Attach(player, _card(args[0], text))
    if verb in _FORMS:
        raise _syntax(text, message(f"rennen_write_{verb}"))
    raise _syntax(text, message("rennen_write_verb", player=player))


def format_move(move: Move) -> str:
    """The notation of a move (the inverse of :func:`parse_move`).

    >>> format_move(Tiebreak(None))
    'tiebreak'
    """
    return move.text()


def _player_prefix(text: str, players: Sequence[str]) -> str | None:
    stripped = text.strip()
    for name in sorted(players, key=len, reverse=True):
        if stripped.startswith(name + " ") or stripped == name:
            return name
    return None


def _card(word: str, text: str) -> Card:
    try:
        return read_card(word)
    except InvalidLogError as error:
        raise InvalidLogError("rennen_card_in_move", {
            "reason": message(str(error.code), **error.params), "move": shown(text)},
            notation=text) from None
