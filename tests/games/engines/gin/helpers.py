"""Building blocks for the Gin tests: documents, a hand-built recorded deal."""

from __future__ import annotations

import copy
from typing import Any

from games.engines.gin import ENGINE

PLAYERS = ["Anna", "Bert"]

# A recorded deal worked out by hand. Anna deals, so Bert (non-dealer) is offered the upcard
# first. Upcard 9H: knock limit 9, not a spade.
#   Anna: 3S 4S 5S | 7C 7H 7D | 9C 10C | KD 2H   deadwood 9+10+10+2 = 31
#   Bert: AC 2C 3C | 8S 8H 8D | 5D 6D | 6S KH     deadwood 5+6+6+10 = 27
ANNA = ["3S", "4S", "5S", "7H", "7D", "7C", "9C", "10C", "KD", "2H"]
BERT = ["AC", "2C", "3C", "8H", "8D", "8S", "6S", "KH", "5D", "6D"]
UPCARD = "9H"

# The common start: both pass; Bert draws 4D (4D-5D-6D, deadwood 6S+KH = 16) and throws KH
# (deadwood 6); Anna draws JC (9C-10C-JC, deadwood KD+2H = 12) and throws KD (deadwood 2);
# Bert draws KS and throws it; Anna draws QC.
OPENING = ["pass", "pass", "draw 4D", "discard KH", "draw JC", "discard KD", "draw KS",
           "discard KS", "draw QC"]


def deal(moves: list[str], *, dealer: str | None = "Anna", upcard: str = UPCARD,
         anna: list[str] | None = None, bert: list[str] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if dealer is not None:
        out["dealer"] = dealer
    out["hands"] = {"Anna": list(anna or ANNA), "Bert": list(bert or BERT)}
    out["upcard"] = upcard
    out["moves"] = list(moves)
    return out


def document(deals: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {"format": "stammtisch-log/1", "game": "gin",
            "rules": {"preset": "seed", **rules}, "players": list(PLAYERS),
            "deals": copy.deepcopy(deals)}


def sheet(upcard: str, knocker: str | None = None, anna: int = 0, bert: int = 0, *,
          dealer: str | None = None, gin: bool | None = None) -> dict[str, Any]:
    """A score-sheet deal; ``knocker=None`` is a dead hand."""
    if knocker is None:
        facts: dict[str, Any] = {"upcard": upcard, "dead": True}
    else:
        mine = anna if knocker == "Anna" else bert
        facts = {"upcard": upcard, "knocker": knocker,
                 "gin": (mine == 0) if gin is None else gin,
                 "deadwood": {"Anna": anna, "Bert": bert}}
    out: dict[str, Any] = {"facts": facts}
    if dealer is not None:
        out = {"dealer": dealer, **out}
    return out


def one_deal_result(moves: list[str], **kwargs: Any) -> Any:
    """Replay one played deal inside a partie that the deal does not finish: lenient
    replay, so the unfinished partie is only reported; returns (hand, result)."""
    rules = kwargs.pop("rules", {})
    doc = document([deal(moves, **kwargs)], **rules)
    result = ENGINE.replay(doc, strict=False)
    assert len(result.hands) == 1, [str(e) for e in result.errors]
    return result.hands[0], result


def first_error(doc: dict[str, Any]) -> Any:
    """The error of a strict replay (which must fail)."""
    try:
        ENGINE.replay(doc)
    except Exception as error:
        return error
    raise AssertionError("the replay did not fail")
