"""The Nerts score sheet and hand replay.

What the page shows: the score sheet (each hand's points per deck with the running totals,
who called Nerts, the settlement), the cards each deck (and each partner) put on the
foundations and the Nerts cards left, and for a played hand the foundations card by card,
every deck's layout as dealt and at the end, and every action in order with its player,
source, target and result, with the positions for a stepper.

Nothing here applies a rule: the engine's ``detail`` names every card an action moved, where
from and where to, and whether it stayed (played, tie) or went back (void). The positions
of the replay only move those named cards from the named place to the named place; they are
checked against the engine's end layout, and a hand whose positions do not come out the same
gets no stepper (its action list is shown all the same).
"""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from games.models import Match, MatchLog
from games.templatetags.cards import card
from games.web.sheets.common import hand_rows

STAYS = ("played", "tie")


class PositionMismatch(Exception):
    """The named cards are not where the moves say they are (should never happen)."""


def face_html(face: str) -> SafeString:
    """A card face as the pages show it (``♣Q``); a joker as ``X1``."""
    if face.upper() in ("X1", "X2"):
        return format_html('<span class="card joker">{}</span>', face)
    return SafeString(card(face))


def split_card(text: str | None, deck_index: dict[str, int]) -> dict[str, Any] | None:
    """``"QC@Anna"`` -> the face (and its HTML), the deck and its index (for its colour)."""
    if not text:
        return None
    face, _, owner = str(text).partition("@")
    return {"face": face, "html": face_html(face), "deck": owner,
            "deck_index": deck_index.get(owner, 0), "joker": face.upper() in ("X1", "X2"),
            "text": text}


def place(text: str | None) -> dict[str, Any] | None:
    """``"work 2"``, ``"under 4"``, ``"F3"``, ``"nerts"``, ``"waste"`` as a kind and a number."""
    if not text:
        return None
    if text.startswith("F") and text[1:].isdigit():
        return {"kind": "foundation", "number": int(text[1:])}
    kind, _, number = text.partition(" ")
    return {"kind": kind, "number": int(number) if number.isdigit() else None}


class Table:
    """The decks' layouts and the foundations at one moment of a hand (face codes only)."""

    def __init__(self, decks: list[dict[str, Any]]) -> None:
        self.names = [deck["name"] for deck in decks]
        self.nerts: dict[str, list[str]] = {}
        self.work: dict[str, list[list[str]]] = {}
        self.waste: dict[str, list[str]] = {}  # bottom to top
        self.stock: dict[str, int] = {}
        self.out: dict[str, int] = {}
        for deck in decks:
            start = deck["start"]
            name = deck["name"]
            self.nerts[name] = list(start["nerts"])
            self.work[name] = [[text] for text in start["work"]]
            self.waste[name] = []
            self.stock[name] = len(start["stock"])
            self.out[name] = 0
        self.foundations: dict[int, list[str]] = {}

    def take(self, deck: str, source: dict[str, Any], cards: list[str]) -> None:
        if source["kind"] == "nerts":
            if self.nerts[deck][:1] != cards[:1] or len(cards) != 1:
                raise PositionMismatch(f"{cards} is not on top of {deck}'s Nerts pile")
            self.nerts[deck].pop(0)
        elif source["kind"] == "waste":
            if self.waste[deck][-1:] != cards[:1] or len(cards) != 1:
                raise PositionMismatch(f"{cards} is not on top of {deck}'s waste")
            self.waste[deck].pop()
        elif source["kind"] == "work":
            pile = self.work[deck][source["number"] - 1]
            if pile[len(pile) - len(cards):] != cards:
                raise PositionMismatch(f"{cards} are not at the end of {deck}'s pile")
            del pile[len(pile) - len(cards):]
        else:
            raise PositionMismatch(f"unknown source {source}")

    def apply(self, move: dict[str, Any]) -> tuple[set[str], set[int]]:
        """Move what the entry names; the decks and foundations it changed."""
        kind, deck = move["kind"], str(move.get("deck") or "")
        if kind == "turn":
            self.waste[deck].extend(move["cards"])
            self.stock[deck] = move["stock_left"]
            return {deck}, set()
        if kind == "over":
            self.waste[deck] = []
            self.stock[deck] = move["stock_left"]
            return {deck}, set()
        if kind == "reset":
            for name in self.names:
                self.stock[name] += len(self.waste[name])
                self.waste[name] = []
            return set(self.names), set()
        if kind not in ("foundation", "work", "under") or move.get("result") not in STAYS:
            return set(), set()
        cards = list(move["cards"])
        self.take(deck, place(move["from"]) or {}, cards)
        target = place(move["to"]) or {}
        if target["kind"] == "foundation":
            self.foundations.setdefault(target["number"], []).extend(cards)
            self.out[deck] += len(cards)
            return {deck}, {target["number"]}
        pile = self.work[deck][target["number"] - 1]
        if target["kind"] == "under":
            pile[:0] = cards
        else:
            pile.extend(cards)
        return {deck}, set()

    def deck_state(self, name: str) -> dict[str, Any]:
        """One deck for the stepper: Nerts pile (count, top), stock count, waste (count, the
        three top cards bottom to top), the four work piles (base to top), cards out."""
        def face(text: str) -> str:
            return text.partition("@")[0]
        nerts, waste = self.nerts[name], self.waste[name]
        return {"n": [len(nerts), face(nerts[0]) if nerts else None], "s": self.stock[name],
                "w": [len(waste), [face(text) for text in waste[-3:]]],
                "p": [[face(text) for text in pile] for pile in self.work[name]],
                "f": self.out[name]}

    def matches_end(self, deck: dict[str, Any]) -> bool:
        end, name = deck["end"], deck["name"]
        return (self.nerts[name] == list(end["nerts"])
                and self.work[name] == [list(pile) for pile in end["work"]]
                and self.waste[name] == list(reversed(end["waste"]))
                and self.stock[name] == len(end["stock"]))


def replay_steps(detail: dict[str, Any], deck_index: dict[str, int]
                 ) -> list[dict[str, Any]] | None:
    """The positions of a played hand for the stepper, as changes: step 0 is the deal (every
    deck), step k what action k changed (decks by index, foundations by number with their
    cards as ``[face, deck index, joker as, player]``). None when they do not reproduce the
    end."""
    decks = detail.get("decks") or []
    if not decks or any("start" not in deck or "end" not in deck for deck in decks):
        return None
    table = Table(decks)
    final = {f["number"]: f for f in detail.get("foundations", [])}

    def foundation(number: int) -> list[list[Any]]:
        # The cards so far are the first ones of the finished foundation (checked below).
        return [[text.partition("@")[0], deck_index.get(text.partition("@")[2], 0),
                 final[number]["as"][i], final[number]["players"][i]]
                for i, text in enumerate(table.foundations[number])]

    steps: list[dict[str, Any]] = [
        {"d": {str(deck_index[name]): table.deck_state(name) for name in table.names},
         "F": {}}]
    try:
        for move in detail.get("moves", []):
            changed_decks, changed_foundations = table.apply(move)
            steps.append({"d": {str(deck_index[name]): table.deck_state(name)
                                for name in changed_decks},
                          "F": {str(number): foundation(number)
                                for number in changed_foundations}})
    except (PositionMismatch, KeyError, IndexError, TypeError):
        return None
    if not all(table.matches_end(deck) for deck in decks):
        return None
    if table.foundations != {number: list(f["cards"]) for number, f in final.items()}:
        return None
    return steps


def describe_move(move: dict[str, Any], deck_index: dict[str, int],
                  jokers_as: dict[str, str]) -> dict[str, Any]:
    """A move entry with its cards split (face, deck) and its places read; a joker that was
    first on a foundation shows what it stood for."""
    row = dict(move)
    row["step"], row["seq_text"] = str(move["number"]), str(move["seq"])  # not localized
    row["cards_html"] = format_html_join(" ", "{}", ((face_html(text.partition("@")[0]),)
                                                     for text in move.get("cards", [])))
    if move["kind"] == "turn":
        row["places"] = [{"kind": "stock"}, {"kind": "waste"}]
    elif move["kind"] == "over":
        row["places"] = [{"kind": "waste"}, {"kind": "stock"}]
    else:
        row["places"] = [place(move.get("from")), place(move.get("to"))]
    if move.get("as"):
        row["joker_as"] = face_html(move["as"])
    if move.get("result") == "void":
        first_played = move.get("first")
        row["void"] = ({"player": first_played["player"], "move": first_played["move"],
                        "card": split_card(first_played["card"], deck_index)}
                       if first_played else None)
        first = row["void"]["card"] if row["void"] else None
        if first and first["text"] in jokers_as:
            first["html"] = format_html("{}={}", first["html"],
                                        face_html(jokers_as[first["text"]]))
    if move.get("result") == "tie":
        row["tie_with"] = split_card(move.get("with"), deck_index)
    if move["kind"] == "reset":
        row["bottom"] = [{"deck": deck, "card": split_card(text, deck_index)}
                         for deck, text in (move.get("bottom") or {}).items()]
    return row


def signed(value: Any) -> str:
    """``43`` -> ``+43``, ``-43.5`` -> ``-43.5``, ``0`` -> ``0`` (a settlement)."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return f"+{value}" if value > 0 else str(value)


def present(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    outcome = log.outcome or {}
    summary = outcome.get("summary", {})
    rules = outcome.get("rules", {})
    decks = [{"name": deck["name"], "players": deck["players"], "total": deck["total"],
              "index": index, "settlement": signed(summary.get("settlement", {}).get(deck["name"])),
              "leader": deck["name"] == summary.get("leader")}
             for index, deck in enumerate(summary.get("decks", []))]
    deck_index = {deck["name"]: deck["index"] for deck in decks}
    teams = any(len(deck["players"]) > 1 for deck in decks)
    running = {entry["hand"]: entry for entry in summary.get("running", [])}

    hands = []
    for hand in hand_rows(log):
        detail, facts = hand["detail"], hand["facts"]
        totals = running.get(hand["number"], {}).get("totals", {})
        by_name = {deck["name"]: deck for deck in detail.get("decks", [])}
        rows = []
        for deck in decks:
            entry = by_name.get(deck["name"], {})
            rows.append({
                "deck": deck["name"], "index": deck["index"],
                "foundation": entry.get("foundation", facts.get("foundation", {})
                                        .get(deck["name"])),
                "nerts_left": entry.get("nerts_left", facts.get("nerts_left", {})
                                        .get(deck["name"])),
                "points": entry.get("points"), "total": totals.get(deck["name"]),
                "by_player": list((entry.get("by_player") or {}).items()),
                "caller": deck["name"] == detail.get("caller_deck"),
            })
        row: dict[str, Any] = {
            "number": hand["number"], "source": hand["source"], "decks": rows,
            "ended": detail.get("ended"), "caller": detail.get("caller"),
            "caller_deck": detail.get("caller_deck"),
        }
        if hand["source"] == "moves" and "moves" in detail:
            foundations = [{
                "number": f["number"], "suit": f["suit"], "complete": f["complete"],
                "cards": [{**(split_card(text, deck_index) or {}), "player": player,
                           "as": face_html(value) if value else None}
                          for text, player, value in zip(f["cards"], f["players"], f["as"],
                                                         strict=True)],
            } for f in detail.get("foundations", [])]
            layouts = [{
                "name": deck["name"], "index": deck_index.get(deck["name"], 0),
                "players": deck["players"],
                "start": {"nerts": [split_card(c, deck_index) for c in deck["start"]["nerts"]],
                          "work": [[split_card(c, deck_index)] for c in deck["start"]["work"]],
                          "stock": len(deck["start"]["stock"]), "waste": []},
                "end": {"nerts": [split_card(c, deck_index) for c in deck["end"]["nerts"]],
                        "work": [[split_card(c, deck_index) for c in pile]
                                 for pile in deck["end"]["work"]],
                        "stock": len(deck["end"]["stock"]),
                        "waste": [split_card(c, deck_index) for c in deck["end"]["waste"]]},
            } for deck in detail.get("decks", []) if "start" in deck]
            for layout in layouts:
                layout["pair"] = [("start", layout["start"]), ("end", layout["end"])]
            steps = replay_steps(detail, deck_index)
            jokers_as = {text: value for f in detail.get("foundations", [])
                         for text, value in zip(f["cards"], f["as"], strict=True) if value}
            row.update({
                "moves": [describe_move(move, deck_index, jokers_as)
                          for move in detail["moves"]],
                "foundations": foundations, "layouts": layouts,
                "resets": detail.get("resets", 0), "voids": detail.get("voids", 0),
                "ties": detail.get("ties", 0),
                "replay": ({"decks": [deck["name"] for deck in decks], "steps": steps}
                           if steps is not None else None),
                "replay_id": f"nerts-replay-{hand['number']}",
            })
        hands.append(row)

    return {
        "template": "games/sheets/nerts.html",
        "decks": decks, "teams": teams, "hands": hands,
        "played": [hand for hand in hands if "moves" in hand],
        "target": summary.get("target"), "finished": summary.get("finished"),
        "leader": summary.get("leader"), "settle": summary.get("settle"),
        "rules": rules,
    }
