"""The Rennen sheet: one row per race, with what the engine needs to score it.

Columns: who won the race (or nobody: no card could break a tie and the game was drawn),
the kind of win (simple, or ultimate: two tricks ahead, or a bomb), the Karo cards each
player gave from the reserve, and the three market picks in the order picked (the pick
order follows from the win: simple, loser first; ultimate, winner first). The advantages
(Kreuz, Pik, Herz) follow from what the players own: the check answers them for every race,
with the rows, reserves and strikes after it. With explicit Anlegen (``attach``) each
player's attaches are written ``10C@2`` (the card, after how many picks of the race).

>>> from games.engines import get_engine
>>> ctx = SheetContext("rennen", ("Anna", "Bert"), get_engine("rennen").rules({}), {})
>>> picks = SHEET.read_row({"winner": "0", "win": "simple", "pick_1": "10h", "pick_2": "JH",
...                         "pick_3": "9S"}, ctx)["facts"]["picks"]
>>> [(pick["player"], pick["card"]) for pick in picks]
[('Bert', '10H'), ('Anna', 'JH'), ('Anna', '9S')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.engines import InvalidLogError
from games.engines.cards import parse_card
from games.engines.rennen.scoring import pick_order

from .base import Row, RowError, Sheet, SheetContext, _, choice, value

NOBODY = "none"
WINS = ("simple", "ultimate")
PICKS = 3


def _cards(row: Row, name: str) -> list[str]:
    text = value(row, name).replace(",", " ")
    cards = []
    for word in text.split():
        try:
            cards.append(str(parse_card(word)))
        except InvalidLogError:
            raise RowError(name, _("%(value)s is not a card (write rank then suit: AS, 10H, "
                                   "QC)."), value=word) from None
    return cards


def _card(row: Row, name: str) -> str | None:
    cards = _cards(row, name)
    if len(cards) > 1:
        raise RowError(name, _("One card per pick."))
    return cards[0] if cards else None


class RennenSheet(Sheet):
    slug = "rennen"

    def fields(self, ctx: SheetContext) -> list[str]:
        names = ["winner", "win", "karo_0", "karo_1",
                 *(f"pick_{n}" for n in range(1, PICKS + 1))]
        if ctx.rules.attach == "explicit":
            names += ["attach_0", "attach_1"]
        return names

    def read_row(self, row: Row, ctx: SheetContext) -> dict[str, Any]:
        winner = choice(row, "winner", (NOBODY, "0", "1"))
        facts: dict[str, Any] = {"winner": None, "win": None}
        karo = {ctx.players[seat]: cards for seat in (0, 1)
                if (cards := _cards(row, f"karo_{seat}"))}
        if winner == NOBODY:
            if any(value(row, f"pick_{n}") for n in range(1, PICKS + 1)):
                raise RowError("pick_1", _("A race without a winner has no picks: the game "
                                           "was drawn."))
            facts["karo"] = karo
            facts["picks"] = []
            return {"facts": facts}
        win = choice(row, "win", WINS)
        order = pick_order(int(winner), win)
        picks = []
        for number in range(1, PICKS + 1):
            card = _card(row, f"pick_{number}")
            if card is None:
                if any(value(row, f"pick_{later}") for later in range(number + 1, PICKS + 1)):
                    raise RowError(f"pick_{number}", _("Fill in the picks in order."))
                if number == 1:
                    raise RowError("pick_1", _("Which cards were picked from the market?"),
                                   missing=True)
                break
            picks.append({"player": ctx.players[order[number - 1]], "card": card})
        facts.update({"winner": ctx.players[int(winner)], "win": win, "karo": karo,
                      "picks": picks})
        if ctx.rules.attach == "explicit":
            attaches = []
            for seat in (0, 1):
                for word in value(row, f"attach_{seat}").replace(",", " ").split():
                    card_text, _at, after = word.partition("@")
                    try:
                        card = str(parse_card(card_text))
                        count = int(after)
                    except (InvalidLogError, ValueError):
                        raise RowError(f"attach_{seat}", _("Write each attach as the card "
                                                           "and after how many picks: "
                                                           "10C@2.")) from None
                    attaches.append({"player": ctx.players[seat], "card": card,
                                     "after": count})
            if attaches:
                facts["attaches"] = sorted(attaches, key=lambda item: int(item["after"]))
        return {"facts": facts}

    def row_of(self, deal: Mapping[str, Any], ctx: SheetContext) -> dict[str, str] | None:
        facts = deal.get("facts")
        if not isinstance(facts, Mapping):
            return None
        winner = facts.get("winner")
        row = {"winner": str(ctx.players.index(winner)) if winner in ctx.players else NOBODY}
        if facts.get("win"):
            row["win"] = str(facts["win"])
        for name, cards in (facts.get("karo") or {}).items():
            if name in ctx.players and isinstance(cards, list):
                row[f"karo_{ctx.players.index(name)}"] = " ".join(str(c) for c in cards)
        for number, pick in enumerate(facts.get("picks") or [], start=1):
            if isinstance(pick, Mapping):
                row[f"pick_{number}"] = str(pick.get("card", ""))
        for item in facts.get("attaches") or []:
            if isinstance(item, Mapping) and item.get("player") in ctx.players:
                key = f"attach_{ctx.players.index(item['player'])}"
                word = f"{item.get('card')}@{item.get('after')}"
                row[key] = f"{row[key]} {word}" if key in row else word
        return row

    def field_of(self, path: str, ctx: SheetContext) -> str | None:
        if path.startswith("facts.picks["):
            try:
                return f"pick_{int(path[12:path.index(']')]) + 1}"
            except ValueError:
                return "pick_1"
        if path.startswith("facts.karo."):
            name = path[len("facts.karo."):].split("[")[0]
            if name in ctx.players:
                return f"karo_{ctx.players.index(name)}"
        prefixes = (("facts.winner", "winner"), ("facts.win", "win"),
                    ("facts.picks", "pick_1"), ("facts.attaches", "attach_0"))
        return next((field for prefix, field in prefixes if path.startswith(prefix)), None)

    def answers(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[int, dict[str, Any]]:
        """Per race: the game and race number, the advantages in force, where the picked
        cards went, both players' rows, reserve and strikes after it, and the game's end."""
        out = super().answers(result, ctx)
        for hand in result.get("hands", []):
            detail = hand.get("detail") or {}
            out[int(hand["number"])].update({
                "game": detail.get("game"), "race": detail.get("race"),
                "advantages": detail.get("advantages"), "picks": detail.get("picks"),
                "seats": detail.get("seats"), "end": detail.get("end"),
            })
        return out

    def sheet_answer(self, result: Mapping[str, Any], ctx: SheetContext) -> dict[str, Any]:
        summary = result.get("summary") or {}
        return {"totals": summary.get("games_won"), "drawn": summary.get("games_drawn"),
                "games": [{"number": game.get("number"), "winner": game.get("winner"),
                           "text": game.get("text"), "races": game.get("races")}
                          for game in summary.get("games", [])]}


SHEET = RennenSheet()
