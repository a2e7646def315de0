"""Gin moves and their notation.

The player is implied by the turn, so a move names only what was done:

==================================  ==================================================
``pass``                            decline the first upcard during the offer
``take`` / ``take 7S``              take the top of the discard pile (card optional, checked)
``draw`` / ``draw 5H``              draw from the stock (card required in a recorded deal)
``discard 9C``                      discard face up, ending the turn
``knock 9C``                        discard face down and knock; the engine arranges the hand
``knock 9C melds 3S-4S-5S 7H-7D-7C``  the same with the melds as shown at the table
``lay``                             the defender shows his hand; the engine chooses the best
``lay melds 8D-8H-8C off 4S>1``     stated melds and lay-offs (``off CARD>N``: onto the
                                    knocker's meld number ``N``, from 1)
==================================  ==================================================

In ``lay``, a part that is written counts exactly as written (``melds`` with nothing after it
means "no melds", ``off`` with nothing after it "no lay-offs"); a part left out is chosen by
the engine, as well as possible for the defender.

>>> move = Move.parse("knock 9c melds 7H-7D-7C 3s-4s-5s")
>>> move.text()
'knock 9C melds 7C-7H-7D 3S-4S-5S'
>>> Move.parse(move.text()) == move
True
>>> Move.parse("lay off 4S>1 5S>1").text()
'lay off 4S>1 5S>1'
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import InvalidLogError, shown
from ..messages import message
from .deck import CARD_TEXT, TEXT_CARD, card_index

PASS, TAKE, DRAW, DISCARD, KNOCK, LAY = "pass", "take", "draw", "discard", "knock", "lay"
KINDS = (PASS, TAKE, DRAW, DISCARD, KNOCK, LAY)

Meld = tuple[int, ...]  # card indexes in deck order


@dataclass(frozen=True, slots=True)
class Move:
    """One move: ``kind`` and what it names. Cards are indexes (see :mod:`.deck`).

    ``melds`` (knock, lay) and ``offs`` (lay) are ``None`` when the log leaves them to the
    engine, and a tuple (possibly empty) when stated.
    """

    kind: str
    card: int | None = None
    melds: tuple[Meld, ...] | None = None
    offs: tuple[tuple[int, int], ...] | None = None

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move; malformed text raises :class:`InvalidLogError` saying what is wrong.

        >>> Move.parse("draw")
        Move(kind='draw', card=None, melds=None, offs=None)
        >>> Move.parse("discard")
        Traceback (most recent call last):
        ...
        games.engines.errors.InvalidLogError: 'discard' must name the card: discard 9C
        """
        if not isinstance(text, str):
            raise InvalidLogError("gin_move_not_text", {"value": shown(text)})
        found = _PARSED.get(text)
        if found is None:
            found = _parse(text)
            if len(_PARSED) < 50_000:
                _PARSED[text] = found
        return found

    def text(self) -> str:
        """The canonical notation (upper case, melds in deck order)."""
        kind = self.kind
        if kind == PASS:
            return PASS
        if kind in (TAKE, DRAW):
            return kind if self.card is None else f"{kind} {CARD_TEXT[self.card]}"
        assert self.card is not None or kind == LAY
        if kind == DISCARD:
            return f"discard {CARD_TEXT[self.card]}"  # type: ignore[index]
        parts = [kind] if kind == LAY else [kind, CARD_TEXT[self.card]]  # type: ignore[index]
        if self.melds is not None:
            parts.append("melds")
            parts.extend(format_meld(meld) for meld in self.melds)
        if self.offs is not None:
            parts.append("off")
            parts.extend(f"{CARD_TEXT[card]}>{number}" for card, number in self.offs)
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


def parse_move(text: str) -> Move:
    """Module-level alias of :meth:`Move.parse`.

    >>> parse_move("take 7s").text()
    'take 7S'
    """
    return Move.parse(text)


def format_move(move: Move) -> str:
    """Module-level alias of :meth:`Move.text`."""
    return move.text()


def format_meld(meld: Meld) -> str:
    return "-".join(CARD_TEXT[card] for card in meld)


_PARSED: dict[str, Move] = {}


def _card(token: str, text: str) -> int:
    found = TEXT_CARD.get(token)
    if found is None:
        try:
            return card_index(token)
        except InvalidLogError as error:
            raise InvalidLogError("gin_move_card", {
                "move": shown(text), "reason": message(str(error.code), **error.params)}
                ) from None
    return found


def _meld(token: str, text: str) -> Meld:
    cards = [_card(part, text) for part in token.split("-")]
    return tuple(sorted(cards))


def _parse(text: str) -> Move:
    tokens = text.strip().upper().split()
    if not tokens:
        raise InvalidLogError("gin_move_empty")
    head, rest = tokens[0].lower(), tokens[1:]
    if head == PASS:
        if rest:
            raise InvalidLogError("gin_pass_extra", {"move": shown(text)})
        return Move(PASS)
    if head in (TAKE, DRAW):
        if len(rest) > 1:
            raise InvalidLogError("gin_take_draw_extra", {"move": shown(text), "kind": head})
        return Move(head, _card(rest[0], text) if rest else None)
    if head == DISCARD:
        if len(rest) != 1:
            raise InvalidLogError("gin_discard_card", {"move": shown(text)})
        return Move(DISCARD, _card(rest[0], text))
    if head == KNOCK:
        if not rest or rest[0] in ("MELDS", "OFF"):
            raise InvalidLogError("gin_knock_card", {"move": shown(text)})
        card = _card(rest[0], text)
        if len(rest) == 1:
            return Move(KNOCK, card)
        if rest[1] != "MELDS":
            raise InvalidLogError("gin_knock_melds_word", {"move": shown(text)})
        return Move(KNOCK, card, tuple(_meld(token, text) for token in rest[2:]))
    if head == LAY:
        melds: list[Meld] | None = None
        offs: list[tuple[int, int]] | None = None
        section = None
        for token in rest:
            if token == "MELDS":
                if melds is not None or offs is not None:
                    raise InvalidLogError("gin_lay_melds_twice", {"move": shown(text)})
                melds, section = [], "melds"
            elif token == "OFF":
                if offs is not None:
                    raise InvalidLogError("gin_lay_off_twice", {"move": shown(text)})
                offs, section = [], "off"
            elif section == "melds":
                assert melds is not None
                melds.append(_meld(token, text))
            elif section == "off":
                assert offs is not None
                card_text, sep, number = token.partition(">")
                # isascii: str.isdigit() also accepts digits int() cannot read ("²").
                # A meld number of hundreds of digits is no meld of any hand (and int()
                # refuses thousands of them): two digits are plenty.
                if not sep or not (number.isascii() and number.isdigit()) \
                        or len(number) > 2 or int(number) < 1:
                    raise InvalidLogError("gin_layoff_notation", {"move": shown(text),
                                                                  "value": shown(token)})
                offs.append((_card(card_text, text), int(number)))
            else:
                raise InvalidLogError("gin_lay_notation", {"move": shown(text)})
        return Move(LAY, None, None if melds is None else tuple(melds),
                    None if offs is None else tuple(offs))
    raise InvalidLogError("gin_move_unknown", {"move": shown(text)})
