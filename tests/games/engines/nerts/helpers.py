"""Hand-built Nerts tables for the tests: layouts, actions, documents."""

from __future__ import annotations

from typing import Any

from games.engines.nerts.cards import nerts_deck, parse_face
from games.engines.nerts.replay import Table, read_table, replay_hand
from games.engines.nerts.rules import NertsRules


def layout(owner: str, nerts: str, work: str, stock: str = "", *, jokers: bool = False
           ) -> dict[str, list[str]]:
    """A whole deck: the named piles (top first), then the rest of the deck in canonical
    order (C S H D, A..K, then jokers) at the bottom of the stock."""
    named = [parse_face(text) for text in (nerts + " " + work + " " + stock).split()]
    assert len(named) == len(set(named)), "a card is named twice"
    rest = [card.face for card in nerts_deck(owner, jokers=jokers)
            if parse_face(card.face) not in named]
    return {"nerts": nerts.split(), "work": work.split(), "stock": stock.split() + rest}


def actions(*lines: str | dict[str, Any]) -> list[dict[str, Any]]:
    """``"Anna: AH@Anna > F"`` -> an action with the next seq; ``"reset"`` -> table action;
    ``"Bert: 2H@Bert > F1 !tie"`` marks a tie; a dict is taken as it is."""
    result = []
    for seq, line in enumerate(lines, start=1):
        if isinstance(line, dict):
            result.append(line)
            continue
        tie = line.endswith(" !tie")
        line = line.removesuffix(" !tie")
        player, colon, move = line.partition(": ")
        action: dict[str, Any] = ({"seq": seq, "player": player, "move": move} if colon
                                  else {"seq": seq, "move": line})
        if tie:
            action["tie"] = True
        result.append(action)
    return result


def document(decks: dict[str, dict[str, list[str]]] | None, *deals: list[dict[str, Any]],
             players: list[str] | None = None, rules: dict[str, Any] | None = None,
             **extra: Any) -> dict[str, Any]:
    """A match document whose played deals all use the same recorded ``decks``."""
    names = players or list(decks or {})
    doc: dict[str, Any] = {"format": "stammtisch-log/1", "game": "nerts",
                           "rules": rules or {"preset": "seed"}, "players": names,
                           "deals": [{"decks": decks, "moves": moves} if decks else
                                     {"moves": moves} for moves in deals]}
    doc.update(extra)
    return doc


def play(decks: dict[str, dict[str, list[str]]], moves: list[dict[str, Any]], *,
         rules: NertsRules | None = None, teams: list[dict[str, Any]] | None = None,
         players: list[str] | None = None, complete: bool = False):
    """Replay one hand and return the :class:`PlayedHand` (table state inside)."""
    rules = rules or NertsRules()
    names = players or list(decks)
    table: Table = read_table({"teams": teams} if teams else {}, names, rules)
    return replay_hand(rules, table, {"decks": decks, "moves": moves}, number=1, seed=None,
                       complete=complete)


# Anna's Nerts pile is the hearts in order, Bert's the spades: a fast, readable race.
HEARTS = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"

# Anna's stock, top first: 5C 6C 7C 8C 9C 10C, then the rest in canonical order:
# AC 3C JC QC KC, AS..KS, AD 2D 4D 6D 7D 8D 9D 10D JD QD KD (35 cards: 11 turns of three
# and the end case of two).
ANNA = layout("Anna", HEARTS, "2C 3D 4C 5D", "5C 6C 7C 8C 9C 10C")
# Bert's stock, top first: AC 2C .. 9C JC KC, AH..KH, AD..10D QD (35 cards).
BERT = layout("Bert", SPADES, "KD QC JD 10C")
