"""The Gin score sheet (each round's games, the round's bonuses, the partie accounts) and a
replay of every game played move by move: both hands, the discard pile and the stock after
each move, the melds and lay-offs at the end.

Nothing here applies a rule. The engine's ``detail`` of a played game holds both hands as
dealt, the first upcard, every move (its notation and the engine's sentence) and the end (the
melds, the deadwood, the lay-offs, the hands after the knock). The replay only moves the card
each move names from where it names to where it names: a drawn card comes from the notation,
or, in a game dealt from a seed (``draw`` without a card), from the engine's sentence ("Anna
draws 5H from the stock"). The positions are checked against the engine's final hands; a game
whose positions do not come out the same gets no replay (its moves are listed all the same).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop

from games.models import Match, MatchLog
from games.templatetags.cards import card_face
from games.web.sheets.common import hand_rows

SUITS = "CHSD"  # clubs, hearts, spades, diamonds: black and red alternate in a hand
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_DRAWN = re.compile(r" draws (\S+) from the stock$")
STOCK_AFTER_DEAL = 31  # 52 cards, 10 to each player, the first upcard


class PositionMismatch(Exception):
    """A move names a card that is not where it says (should never happen)."""


def card_order(card: str) -> tuple[int, int]:
    """Where a card goes in a hand as shown: by suit, then ace low to king.

    >>> sorted(["KC", "2H", "AC", "10C"], key=card_order)
    ['AC', '10C', 'KC', '2H']
    """
    return SUITS.index(card[-1]), RANKS.index(card[:-1])


def _sorted(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=card_order)


def _card_of(move: Mapping[str, Any]) -> str | None:
    """The card a move names: in its notation, or for a seeded draw in the sentence."""
    parts = str(move.get("notation", "")).split()
    if len(parts) > 1 and parts[0] in ("take", "draw", "discard", "knock"):
        return parts[1]
    found = _DRAWN.search(str(move.get("text", "")))
    return found.group(1) if found else None


def replay_steps(detail: Mapping[str, Any]) -> list[dict[str, Any]] | None:
    """Each move as the change it makes (seat, kind, card), checked against the final hands;
    ``None`` when the cards do not add up.

    Kinds: ``pass``; ``upcard`` (the first upcard taken); ``take`` (from the discard pile);
    ``draw`` (from the stock); ``discard``; ``failed`` (a failed knock: the card is turned
    up on the pile); ``knock`` and ``gin`` (the card goes face down); ``lay``.
    """
    hands = [list(hand) for hand in detail.get("hands") or []]
    upcard = detail.get("upcard")
    if len(hands) != 2 or not upcard:
        return None
    pile: list[str] = [str(upcard)]
    failed = set(detail.get("failed_knocks") or [])
    ending = detail.get("ending")
    steps: list[dict[str, Any]] = []
    picked = False
    for number, move in enumerate(detail.get("moves") or [], start=1):
        seat, kind = int(move["seat"]), str(move.get("notation", "")).split(" ")[0]
        card = _card_of(move)
        step: dict[str, Any] = {"n": number, "s": seat, "k": kind}
        if kind in ("take", "draw"):
            if kind == "take":
                if not pile or (card is not None and pile[-1] != card):
                    raise PositionMismatch(f"move {number}: {card} is not on the pile")
                card = pile.pop()
                step["k"] = "upcard" if not picked and not pile else "take"
            elif card is None:
                raise PositionMismatch(f"move {number}: which card was drawn?")
            hands[seat].append(card)
            picked = True
        elif kind in ("discard", "knock"):
            if card not in hands[seat]:
                raise PositionMismatch(f"move {number}: {card} is not in the hand")
            hands[seat].remove(card)
            if kind == "discard" or number in failed:
                pile.append(card)
                step["k"] = "discard" if kind == "discard" else "failed"
            else:
                step["k"] = "gin" if ending == "gin" else "knock"
        elif kind not in ("pass", "lay"):
            raise PositionMismatch(f"move {number}: unknown move {kind!r}")
        if card is not None and kind != "pass":
            step["c"] = card
        steps.append(step)
    final = detail.get("final_hands") or []
    if [_sorted(hand) for hand in hands] != [_sorted(hand) for hand in final]:
        raise PositionMismatch("the hands do not come out as the engine's")
    return steps


def final_pile(detail: Mapping[str, Any], steps: Sequence[Mapping[str, Any]]) -> list[str]:
    """The discard pile at the end, bottom to top: the upcard and what the steps put there
    or took away."""
    pile = [str(detail["upcard"])]
    for step in steps:
        if step["k"] in ("upcard", "take"):
            pile.pop()
        elif step["k"] in ("discard", "failed"):
            pile.append(step["c"])
    return pile


def _replay(number: int, players: list[str], detail: Mapping[str, Any]) -> dict[str, Any] | None:
    try:
        steps = replay_steps(detail)
    except (PositionMismatch, KeyError, TypeError, ValueError):
        return None
    if steps is None:
        return None
    melds = detail.get("melds")
    down = next((step["c"] for step in steps if step["k"] in ("knock", "gin")), None)
    return {
        "deal": number, "names": players,
        "hands": [_sorted(hand) for hand in detail["hands"]], "upcard": detail["upcard"],
        "stock": STOCK_AFTER_DEAL, "steps": steps, "pile": final_pile(detail, steps),
        "down": down,
        "end": {"ending": detail.get("ending"),
                "melds": melds, "dead": detail.get("deadwood_cards"),
                "layoffs": detail.get("layoffs") or []} if melds is not None else None,
    }


def _move_rows(number: int, players: list[str], detail: Mapping[str, Any],
               steps: list[dict[str, Any]] | None, facts: Mapping[str, Any]) -> list[Any]:
    """The moves for the list under the board: who, what, the card, and an anchor each."""
    kinds = {step["n"]: step for step in steps or []}
    rows = []
    for index, move in enumerate(detail.get("moves") or [], start=1):
        step = kinds.get(index, {})
        seat = int(move["seat"])
        kind = step.get("k") or str(move.get("notation", "")).split(" ")[0]
        rows.append({"number": index, "id": f"deal-{number}-move-{index}", "seat": seat,
                     "name": players[seat] if seat < len(players) else "?", "kind": kind,
                     "card": step.get("c") or _card_of(move),
                     "notation": move.get("notation"), "upcard": detail.get("upcard"),
                     "deadwood": (facts.get("deadwood") or [None, None])[seat]
                     if kind in ("knock", "lay") else None})
    return rows


#: What each kind of move says (translated once per page; the values are escaped first).
SENTENCES = {
    "pass": gettext_noop("%(name)s passes the upcard %(upcard)s"),
    "upcard": gettext_noop("%(name)s takes the upcard %(card)s"),
    "take": gettext_noop("%(name)s takes %(card)s from the discard pile"),
    "draw": gettext_noop("%(name)s draws %(card)s from the stock"),
    "discard": gettext_noop("%(name)s discards %(card)s"),
    "failed": gettext_noop("%(name)s knocks with %(card)s face down, but has too much "
                           "deadwood: the knock fails and %(card)s is turned up"),
    "gin": gettext_noop("%(name)s goes gin, %(card)s face down"),
    "knock": gettext_noop("%(name)s knocks, %(card)s face down: %(deadwood)s deadwood"),
    "lay": gettext_noop("%(name)s lays the cards down: %(deadwood)s deadwood after lay-offs"),
}


def moves_html(rows: Sequence[Mapping[str, Any]]) -> SafeString:
    """The moves as list items, each an anchor to share (``deal-3-move-17``) and a sentence
    in the reader's language; built here at once, as a partie can have a thousand moves."""
    said = {kind: gettext(text) for kind, text in SENTENCES.items()}
    faces: dict[str, str] = {}

    def face(card: str | None) -> str:
        if card is None:
            return ""
        if card not in faces:
            faces[card] = str(card_face(card))
        return faces[card]

    items = []
    for row in rows:
        values = {"name": escape(row["name"]), "card": face(row["card"]),
                  "upcard": face(row["upcard"]), "deadwood": row["deadwood"]}
        text = (said[row["kind"]] % values if row["kind"] in said
                else f'<span class="mono">{escape(row["notation"])}</span>')
        items.append(f'<li id="{row["id"]}"><a class="replay-link" href="#{row["id"]}">'
                     f'{row["number"]}</a> <span class="replay-text">{text}</span></li>')
    return mark_safe("".join(items))  # ids and numbers are ours, every value escaped


def present(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    summary = (log.outcome or {}).get("summary", {})
    hands = {hand["number"]: hand for hand in hand_rows(log)}

    def name(seat: int | None) -> str | None:
        return players[seat] if seat is not None else None

    rounds = []
    for rnd in summary.get("rounds", []):
        games = []
        for number in rnd.get("hands", []):
            hand = hands[number]
            facts, detail = hand["facts"], hand["detail"]
            games.append({**hand, "dealer": name(detail.get("dealer")),
                          "knocker": name(facts.get("knocker")),
                          "winner": name(facts.get("winner")),
                          "played": bool(detail.get("moves"))})
        rounds.append({**rnd, "games": games, "winner_name": name(rnd.get("winner")),
                       "credit_name": name((rnd.get("credit") or {}).get("seat"))})
    played = []
    for number, hand in sorted(hands.items()):
        detail, facts = hand["detail"], hand["facts"]
        if not detail.get("moves"):
            continue
        replay = _replay(number, players, detail)
        played.append({
            "number": number, "dealer": name(detail.get("dealer")), "facts": facts,
            "points": hand["points"], "replay": replay,
            "script_id": f"gin-replay-{number}", "moves": _move_rows(
                number, players, detail, replay["steps"] if replay else None, facts),
            "moves_count": len(detail["moves"]),
            "start": [{"name": players[seat], "cards": _sorted(cards)}
                      for seat, cards in enumerate(detail.get("hands") or [])],
            "end": [{"name": players[seat], "melds": (detail.get("melds") or [[], []])[seat],
                     "dead": (detail.get("deadwood_cards") or [[], []])[seat],
                     "cards": _sorted((detail.get("final_hands") or [[], []])[seat])}
                    for seat in range(len(players))],
            "layoffs": detail.get("layoffs") or [], "ending": detail.get("ending"),
            "stock_left": detail.get("stock_left"),
        })
        played[-1]["moves_html"] = moves_html(played[-1]["moves"])
    return {"template": "games/sheets/gin.html", "rounds": rounds,
            "partie": summary.get("partie", {}), "played": played}
