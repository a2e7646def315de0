"""What a competition asks of a match beyond the game's rules, checked when its log is scored.

:func:`check_competition` runs in the replay (``games/services/results.py``) after the engine;
an :class:`InvalidLogError` rejects the log with its message:

- **Knockout matches** (``match.needs_winner``) must end with a winner.

- **Duplicate deal sets** (``Match.deal_set``): every deal must hold the cards the deal set's
  seed deals (``"seed": "<deal set>"`` in the log; recorded hands must be those cards), so
  that the tables that played the set can be compared card for card. A score-sheet deal
  cannot show its cards and is refused.
- **Table rounds** (``match.seating``): a Doppelkopf table starts with the first dealer of
  the seating, and its list must be complete (the series of deals and the open
  Pflichtsoli); a Nerts table with a number of hands plays exactly that many.

"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ObjectDoesNotExist

from games.engines import InvalidLogError, MatchResult
from games.engines.cards import parse_cards
from games.engines.doppelkopf.deal import dealt_hands
from games.engines.gin.deck import CARD_TEXT
from games.engines.gin.replay import seeded_order


def _gin_cards_differ(seed: str, number: int, players: Sequence[str],
                      detail: Mapping[str, Any]) -> bool:
    order = seeded_order(seed, number)
    dealer = detail.get("dealer")
    hands = detail.get("hands")
    if dealer is None or not isinstance(hands, list) or len(hands) != 2:
        return True
    expected: list[set[str]] = [set(), set()]
    for position in range(20):
        seat = 1 - dealer if position % 2 == 0 else dealer
        expected[seat].add(CARD_TEXT[order[position]])
    return ([set(hand) for hand in hands] != expected
            or detail.get("upcard") != CARD_TEXT[order[20]])


def _doppelkopf_cards_differ(seed: str, number: int, players: Sequence[str],
                             detail: Mapping[str, Any]) -> bool:
    playing = [name for name in players if name != detail.get("sits_out")]
    hands = detail.get("hands")
    if detail.get("forehand") not in playing or not isinstance(hands, Mapping):
        return True
    expected = dealt_hands({}, players=playing, number=number, seed=seed,
                           forehand=playing.index(detail["forehand"]), where="")
    return any(Counter(parse_cards(hands.get(name, ""))) != Counter(cards)
               for name, cards in zip(playing, expected, strict=True))


_CARDS_DIFFER = {"gin": _gin_cards_differ, "doppelkopf": _doppelkopf_cards_differ}


def check_deal_set(match: Any, result: MatchResult) -> None:
    """Every deal of a duplicate match holds its deal set's cards."""
    seed = match.deal_set
    if not seed:
        return
    differ = _CARDS_DIFFER.get(match.game)
    for hand in result.hands:
        where = f"deals[{hand.number - 1}]"
        if hand.source == "facts":
            raise InvalidLogError(
                f"deal {hand.number} is a score-sheet deal, but this match plays a duplicate "
                f"deal set: play every deal from \"seed\": \"{seed}\" so that its cards can be "
                "compared", field=where)
        if differ is not None and differ(seed, hand.number, result.players, hand.detail):
            raise InvalidLogError(
                f"deal {hand.number} was not dealt from this match's deal set: a duplicate "
                f"match is dealt from \"seed\": \"{seed}\"", field=where)


def check_table(match: Any, result: MatchResult) -> None:
    """A table of a table round plays its seating's first dealer and its whole series."""
    try:
        seating = match.seating
    except ObjectDoesNotExist:
        return
    if match.game == "doppelkopf":
        rows = result.summary.get("list") or []
        first = result.players[seating.first_dealer]
        if rows and rows[0].get("dealer") != first:
            raise InvalidLogError(
                f"{first} deals first at this table (the round's seating), not "
                f"{rows[0].get('dealer')}: name \"dealer\": \"{first}\" on deal 1",
                field="deals[0].dealer")
        if seating.deals and not result.summary.get("finished"):
            pot = result.summary.get("pot") or {}
            raise InvalidLogError(
                f"the table's series is {seating.deals} deals and the Pflichtsoli still "
                f"owed; the list stops after {pot.get('played', 0)} of them",
                field="deals")
    elif match.game == "nerts" and seating.deals and len(result.hands) != seating.deals:
        raise InvalidLogError(f"the table plays {seating.deals} hands in this round, the log "
                              f"has {len(result.hands)}", field="deals")


def check_winner(match: Any, result: MatchResult) -> None:
    """A knockout match must end with one winner; a league match may end level."""
    if match.needs_winner and result.winner is None:
        scores = ":".join(str(seat.score) for seat in result.seats)
        raise InvalidLogError(f"a knockout match needs a winner; this one ends level at "
                              f"{scores}", field="deals")


def check_competition(match: Any, result: MatchResult) -> None:
    """Every check above, for any match (a friendly passes them all)."""
    check_deal_set(match, result)
    check_table(match, result)
    check_winner(match, result)
