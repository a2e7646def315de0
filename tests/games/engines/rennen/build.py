"""Small builders for Rennen test documents (players Anna and Bert, seat order)."""

from __future__ import annotations

from typing import Any

import pytest

from games.engines.errors import EngineError
from games.engines.rennen import ENGINE

PLAYERS = ["Anna", "Bert"]


def document(*deals: dict[str, Any], rules: dict[str, Any] | None = None,
             seed: str | int | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = {"format": "stammtisch-log/1", "game": "rennen",
                           "rules": rules or {"preset": "seed"}, "players": list(PLAYERS),
                           "deals": list(deals)}
    if seed is not None:
        doc["seed"] = seed
    return doc


def sheet(winner: str | None, win: str | None, *picks: str,
          karo: dict[str, list[str]] | None = None,
          attaches: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A score-sheet race; picks written ``"Bert AH"``."""
    facts: dict[str, Any] = {"winner": winner, "win": win,
                             "picks": [{"player": text.split()[0], "card": text.split()[1]}
                                       for text in picks]}
    if karo:
        facts["karo"] = karo
    if attaches:
        facts["attaches"] = attaches
    return {"facts": facts}


def simple(winner: str, first: str, second: str, third: str, **extra: Any) -> dict[str, Any]:
    """A simple win for ``winner``: the loser picks ``first``, the winner the other two."""
    loser = "Bert" if winner == "Anna" else "Anna"
    return sheet(winner, "simple", f"{loser} {first}", f"{winner} {second}",
                 f"{winner} {third}", **extra)


def ultimate(winner: str, first: str, second: str, third: str,
             **extra: Any) -> dict[str, Any]:
    loser = "Bert" if winner == "Anna" else "Anna"
    return sheet(winner, "ultimate", f"{winner} {first}", f"{loser} {second}",
                 f"{winner} {third}", **extra)


def played(market: str, anna: str, bert: str, *moves: str) -> dict[str, Any]:
    """A played race with recorded chance: ``played("AH QD 10C 9H", "AC 9S JC", ...)``."""
    return {"market": market.split(), "hands": {"Anna": anna.split(), "Bert": bert.split()},
            "moves": list(moves)}


def replay(doc: dict[str, Any], **options: Any) -> Any:
    return ENGINE.replay(doc, **options)


def error_of(doc: dict[str, Any], kind: type[EngineError] = EngineError) -> EngineError:
    with pytest.raises(kind) as excinfo:
        ENGINE.replay(doc)
    return excinfo.value


def lenient_errors(doc: dict[str, Any]) -> list[str]:
    return [str(error) for error in ENGINE.replay(doc, strict=False).errors]


# Two score-sheet races that set up the seed's Beispielrunde (worked out by hand):
# race 1, ultimate win for Anna: Anna KC (row C: Q K), Bert KS (row S: Q K), Anna KH (row H: Q K)
# race 2, simple win for Bert: Anna AD (reserve; Karo has no row), Bert AH (reserve: needs KH
#         and 10H first), Bert JS (row S: J Q K).
# Then Anna has 1 Kreuz and 1 Herz card attached against Bert's 0 (Kreuz- and Herzvorteil),
# Bert 2 Pik cards against Anna's 0 (Pikvorteil); Anna's reserve holds AD, Bert's AH.
BEISPIEL_SETUP = (
    ultimate("Anna", "KC", "KS", "KH"),
    simple("Bert", "AD", "AH", "JS"),
)

# The Beispielrunde as a concrete deal: market AH QD 10C 9H; Anna 3 cards, Bert 4 (Pik).
BEISPIEL_RACE = played(
    "AH QD 10C 9H", "AC 9S JC", "AS 10S JH 9D",
    "Bert show JH 9D",        # 3. Anna's Herzvorteil: Bert chooses to show JH and 9D
    "Anna take JH for 9S",    # 3. Anna exchanges 9S for the shown JH
    "Bert discard 9D",        # 4. Bert's Pikvorteil: one of his four cards is laid away
    "Anna karo AD for JC",    # 5. Anna brings her Karo Ass from the reserve, JC goes back
    "play AC AS",             # 6. both play an Ass; Anna takes it with the Kreuzvorteil
    "play JH 10S",            #    Bert's Zehn beats the Bube
    "play AD 9S",             #    Anna's Ass beats the Neun: 2 tricks to 1
    "Bert pick AH",           # 7. simple win: the loser Bert picks first ...
    "Anna pick 10C",          #    ... then Anna two cards
    "Anna pick 9H",
)


# Eleven score-sheet races that bring the stock down to 9 cards without a winner (every race
# takes 3 cards out for good: 42 - 33 = 9). Simple wins, alternating Anna and Bert.
# Afterwards (worked out by hand, checked in test_shortage):
#   Anna: Kreuz Q K 10 A, Pik 9 J Q, Herz J Q K; reserve 9C 10S AS;
#         strikes 10C AC 9S 10S AS JS 9C (Kreuz and Pik: two suits, no win)
#   Bert: Kreuz J Q K, Pik Q, Herz Q K 10 A; reserve 9H QD QD KD AD 9D 10D;
#         strikes JC 10H AH 9H (Kreuz and Herz)
#   advantages: Kreuz Anna (3:2), Pik Anna (2:0), Herz Bert (3:2)
#   stock: 10D 9D AD JD JD JH KD KS KS
LONG_GAME = (
    simple("Anna", "JC", "KC", "10C"), simple("Bert", "AC", "KC", "KH"),
    simple("Anna", "10H", "JS", "9S"), simple("Bert", "JH", "AH", "9H"),
    simple("Anna", "JC", "KH", "9C"), simple("Bert", "10C", "10H", "AH"),
    simple("Anna", "9H", "AC", "9S"), simple("Bert", "10S", "QD", "QD"),
    simple("Anna", "KD", "AS", "10S"), simple("Bert", "AS", "AD", "9D"),
    simple("Anna", "10D", "JS", "9C"),
)
