"""The notation of a Doppelkopf deal: Vorbehalt declarations and moves.

Both are strings. A player's word is written ``"<player>: <word>"``; a card may be written
bare (``"QC"``), since the player to move is known, or with the player (``"Anna: QC"``),
which the engine then checks.

Declarations (the ordered Vorbehalt negotiation, ``deal.declarations``)::

    gesund | vorbehalt | solo-vorbehalt            first declarations (rule A)
    keine 90 | keine 60 | keine 30 | schwarz       Abbiegen bids against a solo (rule G)
    halten | passen                                the soloist holds the bid, or lets it go
    solo <kind>                                    the solo played (damen, buben,
                                                   damen-buben, kreuz, pik, herz, karo)
    normal re | normal kontra                      the Abbieger chose a normal game
    hochzeit | schieben                            the kind of a Vorbehalt, kein Solo
    gibt <cards>                                   Schieben: the trumps given, the cards returned
    nimmt | nimmt nicht                            Schieben: a player takes the trumps or not

Moves (``deal.moves``): cards, announcements (``re``, ``kontra``, ``keine 90``, ``keine 60``,
``keine 30``, ``schwarz``) and, in a Schwarze Sau, the taker's ``solo <kind>``.

>>> parse_move("10H")
CardPlay(card=Card(rank=10, suit='H'), player=None)
>>> parse_move("Anna: keine 90").text()
'Anna: keine 90'
>>> parse_declaration("Bert: gibt qd jh").text()
'Bert: gibt QD JH'
>>> parse_declaration("Carl: solo fleischlos").text()
Traceback (most recent call last):
...
games.engines.errors.InvalidLogError: 'Carl: solo fleischlos': unknown solo 'fleischlos'; ...
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from games.engines.cards import Card, doppelkopf_deck, format_cards, parse_card
from games.engines.errors import InvalidLogError, shown
from games.engines.messages import message

from .tables import SOLO_KINDS

# Announcement levels: 1 = RE/KONTRA, 2 = keine 90, 3 = keine 60, 4 = keine 30, 5 = schwarz.
LEVEL_WORDS = {2: "keine 90", 3: "keine 60", 4: "keine 30", 5: "schwarz"}
WORD_LEVELS = {word: level for level, word in LEVEL_WORDS.items()}


def level_word(level: int, party: str) -> str:
    """``level_word(1, "kontra") == "kontra"``; higher levels are the same for both parties.

    >>> level_word(1, "re"), level_word(3, "kontra")
    ('re', 'keine 60')
    """
    return party if level == 1 else LEVEL_WORDS[level]


@dataclass(frozen=True)
class CardPlay:
    """A card laid; ``player`` only when the log names him."""

    card: Card
    player: str | None = None

    def text(self) -> str:
        return f"{self.player}: {self.card}" if self.player else str(self.card)


@dataclass(frozen=True)
class Announcement:
    """``re``/``kontra`` (level 1) or an Absage (levels 2-5) said during play."""

    player: str
    word: str  # "re", "kontra", "keine 90", ...

    @property
    def level(self) -> int:
        return 1 if self.word in ("re", "kontra") else WORD_LEVELS[self.word]

    def text(self) -> str:
        return f"{self.player}: {self.word}"


@dataclass(frozen=True)
class SoloChoice:
    """The Schwarze Sau taker names his solo (a move, right after the trick)."""

    player: str
    kind: str

    def text(self) -> str:
        return f"{self.player}: solo {self.kind}"


Move = CardPlay | Announcement | SoloChoice


@dataclass(frozen=True)
class Declaration:
    """One word of the Vorbehalt negotiation (see the module docstring)."""

    player: str
    word: str  # gesund, vorbehalt, solo-vorbehalt, bid, halten, passen, solo, normal, ...
    arg: str | None = None  # solo kind, "re"/"kontra", the bid ("keine 90")
    cards: tuple[Card, ...] = ()

    def text(self) -> str:
        if self.word == "bid":
            return f"{self.player}: {self.arg}"
        if self.word == "gibt":
            return f"{self.player}: gibt {format_cards(self.cards)}"
        if self.arg:
            return f"{self.player}: {self.word} {self.arg}"
        return f"{self.player}: {self.word}"


def _split(text: object) -> tuple[str | None, str]:
    if not isinstance(text, str):
        raise InvalidLogError("dk_move_not_text", {"value": shown(text)})
    player, sep, rest = text.rpartition(": ")
    if not sep:
        return None, text.strip()
    return player.strip(), " ".join(rest.split())


def _solo_kind(text: str, kind: str) -> str:
    if kind not in SOLO_KINDS:
        raise InvalidLogError("dk_unknown_solo", {"move": shown(text), "value": shown(kind),
                                                  "solos": list(SOLO_KINDS)}, notation=text)
    return kind


def parse_move(text: object) -> Move:
    """Read a move: a card, ``"<player>: <card>"``, an announcement or a Sau solo."""
    if isinstance(text, str):
        return _parse_move_cached(text)
    return _parse_move(text)


# Moves are immutable values and a log repeats the same few hundred texts: caching the parse
# keeps replays fast (the benchmark's 2,000 deals per second).
@lru_cache(maxsize=8192)
def _parse_move_cached(text: str) -> Move:
    return _parse_move(text)


def _parse_move(text: object) -> Move:
    player, written = _split(text)
    word = written.lower()
    assert isinstance(text, str)
    if word in ("re", "kontra") or word in WORD_LEVELS:
        if not player:
            raise InvalidLogError("dk_announcement_player", {"move": shown(text), "word": word},
                                  notation=text)
        return Announcement(player, word)
    if word.startswith("solo "):
        if not player:
            raise InvalidLogError("dk_solo_player", {"move": shown(text), "word": word},
                                  notation=text)
        return SoloChoice(player, _solo_kind(text, word[5:].strip()))
    try:
        card = parse_card(written)
    except InvalidLogError:
        raise InvalidLogError("dk_not_card_or_announcement", {"move": shown(text)},
                              notation=text) from None
    check_in_deck(card)
    return CardPlay(card, player or None)


_DECK = frozenset(doppelkopf_deck())


def check_in_deck(card: Card) -> Card:
    """A card outside the 40-card deck (a nine, a two) is refused where it is read, not
    later by a table lookup.

    >>> check_in_deck(parse_card("9D"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: 9D is not in the Doppelkopf deck (A, K, Q, J and ...
    """
    if card not in _DECK:
        raise InvalidLogError("dk_not_in_deck", {"card": str(card)})
    return card


_SIMPLE = ("gesund", "vorbehalt", "solo-vorbehalt", "halten", "passen", "hochzeit",
           "schieben", "nimmt", "nimmt nicht")


def parse_declaration(text: object) -> Declaration:
    """Read one declaration of the Vorbehalt negotiation."""
    if isinstance(text, str):
        return _parse_declaration_cached(text)
    return _parse_declaration(text)


@lru_cache(maxsize=4096)
def _parse_declaration_cached(text: str) -> Declaration:
    return _parse_declaration(text)


def _parse_declaration(text: object) -> Declaration:
    player, written = _split(text)
    word = written.lower()
    assert isinstance(text, str)
    if not player:
        raise InvalidLogError("dk_declaration_player", {"move": shown(text)}, notation=text)
    if word in _SIMPLE:
        return Declaration(player, word)
    if word in WORD_LEVELS:
        return Declaration(player, "bid", word)
    head, _sep, rest = word.partition(" ")
    if head == "solo" and rest:
        return Declaration(player, "solo", _solo_kind(text, rest))
    if head == "normal" and rest in ("re", "kontra"):
        return Declaration(player, "normal", rest)
    if head == "gibt" and rest:
        try:
            cards = tuple(check_in_deck(parse_card(item)) for item in written.split()[1:])
        except InvalidLogError as error:
            raise InvalidLogError("dk_declaration_card", {
                "move": shown(text), "reason": message(str(error.code), **error.params)},
                notation=text) from None
        return Declaration(player, "gibt", cards=cards)
    raise InvalidLogError("dk_not_declaration", {"move": shown(text)}, notation=text)
