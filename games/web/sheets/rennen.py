"""The Rennen match page: the match score, each game's race list, every race in full.

Only a rearrangement of what the engine stored (``games/engines/rennen/__init__.py`` lists the
shapes of facts, detail and summary): the races grouped by game, each player's cards paired with
the player's name, the rows laid out as six slots from Neun to Ass, the picks and explicit
attaches in the order they were made. No rule and no score is worked out here.
"""

from __future__ import annotations

from typing import Any

from games.engines.cards import SUIT_SYMBOL
from games.engines.rennen.deck import ROW_CARDS, ROW_SUITS, card_text
from games.models import Match, MatchLog
from games.web.sheets.common import hand_rows

ROWS: dict[str, list[str]] = {suit: [card_text(card) for card in cards]
                              for suit, cards in ROW_CARDS.items()}
PREPARATION = {"show", "take", "keep", "discard", "karo"}


def suit_of(card: str) -> str:
    return card[-1:]


def holdings(seat: dict[str, Any], new: set[str] | None = None,
             end: dict[str, Any] | None = None) -> dict[str, Any]:
    """One player's rows as slots (Neun to Ass), reserve and strikes, as the engine left them;
    ``end``: the game's end, to mark the row that won it."""
    new = new or set()
    won_row = (end or {}).get("suit") if (end or {}).get("winner") == seat.get("player") else None
    rows = seat.get("rows", {})
    strikes = list(seat.get("strikes", []))
    struck = {suit_of(card) for card in strikes}
    return {
        "player": seat.get("player"),
        "rows": [{"suit": suit, "symbol": SUIT_SYMBOL[suit], "won": suit == won_row,
                  "slots": [{"card": card, "held": card in rows.get(suit, []),
                             "new": card in new, "rank": card[:-1]}
                            for card in ROWS[suit]]}
                 for suit in ROW_SUITS],
        "reserve": list(seat.get("reserve", [])),
        "strikes": strikes,
        "strike_suits": [{"suit": suit, "symbol": SUIT_SYMBOL[suit], "struck": suit in struck}
                         for suit in ROW_SUITS],
    }


def tricks(entries: list[dict[str, Any]], kind: str, players: list[str],
           tallies: dict[int, list[int]]) -> list[dict[str, Any]]:
    """Plays or tiebreak cards as table rows: each player's card, which one won, how."""
    rows = []
    for entry in entries:
        winner = entry.get("winner")
        rows.append({
            "move": entry.get("move"), "kind": kind, "winner": winner, "by": entry.get("by"),
            "cards": [{"player": player, "card": card, "won": winner == player}
                      for player, card in zip(players, entry.get("cards", []), strict=False)],
            "tally": tallies.get(entry.get("move", -1)),
        })
    return rows


def market_moves(hand: dict[str, Any]) -> list[dict[str, Any]]:
    """Picks and explicit attaches in the order they were made."""
    detail, facts = hand["detail"] or {}, hand["facts"] or {}
    picks = [{**pick, "kind": "pick", "suit": suit_of(pick["card"]),
              "chain": _chain(pick)} for pick in detail.get("picks") or []]
    if hand["source"] == "moves":
        attaches = [{"kind": "attach", "move": event["move"], "player": event.get("player"),
                     "card": event["card"], "suit": suit_of(event["card"])}
                    for event in detail.get("events") or [] if event.get("kind") == "attach"]
        return sorted(picks + attaches, key=lambda item: item.get("move") or 0)
    # A score-sheet race: each attach comes after the number of picks it names.
    pending = [{"kind": "attach", "move": None, "player": item.get("player"),
                "card": item["card"], "suit": suit_of(item["card"]),
                "after": item.get("after", 0)} for item in facts.get("attaches") or []]
    ordered: list[dict[str, Any]] = []
    for index, pick in enumerate([*picks, None]):
        last = pick is None
        ordered.extend(item for item in pending
                       if item["after"] == index or (last and item["after"] > index))
        if pick is not None:
            ordered.append(pick)
    return ordered


def _chain(pick: dict[str, Any]) -> list[str]:
    """The reserve cards a pick's attach brought after it (the picked card itself left out)."""
    attached = list(pick.get("attached") or [])
    if pick["card"] in attached:
        attached.remove(pick["card"])
    return attached


def race(hand: dict[str, Any], players: list[str]) -> dict[str, Any]:
    detail = hand["detail"] or {}
    events = detail.get("events") or []
    tallies = {event["move"]: event["tricks"] for event in events if "tricks" in event}
    by_kind: dict[str, list[dict[str, Any]]] = {}
    for event in events:
        by_kind.setdefault(event.get("kind", ""), []).append(event)
    advantages = detail.get("advantages") or {}
    herz = detail.get("herz")
    herz_view = None
    if herz:
        shown = [event for event in herz.get("events", []) if event.get("kind") == "show"]
        answer = [event for event in herz.get("events", []) if event.get("kind") != "show"]
        herz_view = {"shown": herz.get("shown", []),
                     "by": shown[0].get("player") if shown else None,
                     "move": shown[0].get("move") if shown else None,
                     "answer": answer[0] if answer else None}
    discard = None
    if detail.get("discard"):
        event = (by_kind.get("discard") or [{}])[0]
        discard = {"player": event.get("player") or advantages.get("S"),
                   "card": detail["discard"], "move": event.get("move")}
    new_by_player: dict[str, set[str]] = {player: set() for player in players}
    for pick in detail.get("picks") or []:
        new_by_player.setdefault(pick["player"], set()).update(pick.get("attached", []))
    for event in by_kind.get("attach", []):
        new_by_player.setdefault(event["player"], set()).add(event["card"])
    preparation = [event["move"] for event in events if event.get("kind") in PREPARATION]
    winner = detail.get("winner")
    trick_counts = detail.get("tricks")
    return {
        "number": hand["number"], "source": hand["source"], "points": hand["points"],
        "game": detail.get("game"), "race": detail.get("race"),
        "stock": detail.get("stock"), "hand_size": detail.get("hand_size"),
        "shortage": detail.get("shortage"), "lapsed": detail.get("lapsed") or [],
        "advantages": [{"suit": suit, "symbol": SUIT_SYMBOL[suit], "player": advantages.get(suit)}
                       for suit in ROW_SUITS],
        "market": detail.get("market"), "leftover": detail.get("leftover"),
        "hands": _paired(players, detail.get("hands")),
        "herz": herz_view, "discard": discard,
        "karo": by_kind.get("karo", []),
        "karo_facts": [{"player": player, "cards": cards}
                       for player, cards in zip(players, detail.get("karo") or [], strict=False)
                       if cards],
        "ready": _paired(players, detail.get("ready")),
        "ready_after": max(preparation, default=0),
        "decided_after": max((event["move"] for event in events
                              if event.get("kind") in ("play", "tiebreak")),
                             default=max(preparation, default=0)),
        "bombs": [{"player": player, "rank": rank}
                  for player, rank in zip(players, detail.get("bombs") or [], strict=False)
                  if rank],
        "tricks": (tricks(detail.get("plays") or [], "play", players, tallies)
                   + tricks(detail.get("tiebreaks") or [], "tiebreak", players, tallies)),
        "trick_counts": _paired(players, trick_counts),
        "winner": winner,
        "win": detail.get("win"), "decided_by": detail.get("decided_by"),
        "market_moves": market_moves(hand),
        "events": events, "last_move": max((e["move"] for e in events), default=0),
        "seats": [holdings(seat, new_by_player.get(seat.get("player"), set()), detail.get("end"))
                  for seat in detail.get("seats") or []],
        "end": detail.get("end"),
    }


def _paired(players: list[str], values: list[Any] | None) -> list[dict[str, Any]] | None:
    if values is None:
        return None
    return [{"player": player, "value": value} for player, value
            in zip(players, values, strict=False)]


def present(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    summary = (log.outcome or {}).get("summary", {})
    hands = {hand["number"]: hand for hand in hand_rows(log)}
    games = []
    for game in summary.get("games", []):
        races = [race(hands[number], players) for number in game.get("deals", [])
                 if number in hands]
        games.append({
            "number": game.get("number"), "races": races, "race_count": game.get("races"),
            "winner": game.get("winner"), "end": game.get("end"), "suit": game.get("suit"),
            "broken": game.get("broken", False),
            "seats": [holdings(seat, end=game) for seat in game.get("seats") or []],
        })
    return {"template": "games/sheets/rennen.html", "games": games,
            "games_won": summary.get("games_won", [0] * len(players)),
            "games_drawn": summary.get("games_drawn", 0)}
