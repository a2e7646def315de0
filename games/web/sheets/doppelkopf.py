"""The Doppelkopf list (die Liste): one row per deal with the running totals, the Pflichtsoli
and the pot, and per deal its value broken down and, for a played deal, the negotiation, the
ten tricks and a replay move by move (the four hands, the trick on the table, the
announcements where they were made).

Everything here comes from the engine's ``HandOutcome.detail`` and the match summary (shapes in
the docstring of ``games/engines/doppelkopf``); this module only rearranges it for the
template: per-seat cells in seat order, the value's components split into a key and its
words, the announcements put into the trick where they were made, and for the replay each
move of the log matched with the card the engine's tricks name (checked: every card of every
hand is played once, in the order of the tricks; a deal that does not add up gets no replay).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import escape, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, gettext_noop

from games.engines.cards import parse_card
from games.engines.errors import InvalidLogError
from games.models import Match, MatchLog
from games.templatetags.cards import card as card_html
from games.templatetags.cards import card_face
from games.web.sheets.common import hand_rows

_UNDER = re.compile(r"^unter (\d+)$")
_ABSAGE = re.compile(r"^(keine \d+|schwarz) abgesagt$")
_AGAINST = re.compile(r"^(\d+) gegen (keine \d+|schwarz)$")
_ANNOUNCED = re.compile(r"^(re|kontra) angesagt$")


def signed(number: Any) -> str:
    """A deal's points as the list writes them: ``+10``, ``−10``, ``0``.

    >>> signed(10), signed(-3), signed(0), signed(None)
    ('+10', '−3', '0', '')
    """
    if number is None:
        return ""
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def plain(number: Any) -> str:
    """A running total, with a real minus sign: ``−19``.

    >>> plain(-19), plain(16)
    ('−19', '16')
    """
    if number is None:
        return ""
    return f"−{-number}" if number < 0 else str(number)


def component_row(component: Mapping[str, Any]) -> dict[str, Any]:
    """A game-point component with a ``key`` the template words, and the words it needs.

    >>> component_row({"kind": "120 gegen keine 90", "party": "kontra", "points": 1})["key"]
    'against'
    """
    kind = str(component.get("kind", ""))
    row: dict[str, Any] = {"kind": kind, "party": component.get("party"),
                           "points": component.get("points", 0), "key": "other"}
    if kind in ("gewonnen", "schwarz"):
        row["key"] = "won" if kind == "gewonnen" else "schwarz"
    elif match := _UNDER.match(kind):
        row.update(key="under", limit=match.group(1))
    elif match := _ABSAGE.match(kind):
        row.update(key="absage", word=match.group(1))
    elif match := _AGAINST.match(kind):
        row.update(key="against", reached=match.group(1), word=match.group(2))
    elif match := _ANNOUNCED.match(kind):
        row.update(key="announced", word=match.group(1).upper())
    return row


def _multiplier_reasons(facts: Mapping[str, Any], value: Mapping[str, Any]) -> list[str]:
    """What the multiplier stands for (RE, KONTRA, Schwarze Sau), read off the facts."""
    if int(value.get("multiplier", 1) or 1) == 1:
        return []
    said = facts.get("announcements") or {}
    reasons = [word for party, word in (("re", "RE"), ("kontra", "KONTRA"))
               if said.get(party)]
    if facts.get("contract") == "schwarze-sau":
        reasons.append("Schwarze Sau")
    return reasons


def _seat_cells(players: Sequence[str], entry: Mapping[str, Any],
                contract: Mapping[str, Any]) -> list[dict[str, Any]]:
    re_party, kontra = contract.get("re") or [], contract.get("kontra") or []
    points, totals = entry.get("points") or [], entry.get("totals") or []
    cells = []
    for seat, name in enumerate(players):
        cells.append({
            "name": name,
            "points": signed(points[seat] if seat < len(points) else None),
            "total": plain(totals[seat] if seat < len(totals) else None),
            "party": "re" if name in re_party else "kontra" if name in kontra else None,
            "soloist": name == contract.get("soloist"),
            "dealer": name == entry.get("dealer"),
        })
    return cells


def _tricks(players: Sequence[str], detail: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The tricks with one cell per seat, the announcements made in each, running Augen."""
    said: dict[int, list[dict[str, Any]]] = {}
    for item in detail.get("announcements") or []:
        if item.get("negotiation"):
            continue
        after = int(item.get("after_cards", 0))
        # With the DDV's own-card timing an announcement may follow any card of a trick.
        said.setdefault(int(item.get("trick") or after // 4 + 1), []).append(
            {**item, "after_lead": after % 4 != 0, "cards_in_trick": after % 4})
    rows = []
    running = {"re": 0, "kontra": 0}
    counted = {"re": 0, "kontra": 0}
    for trick in detail.get("tricks") or []:
        played = {card["player"]: index for index, card in enumerate(trick.get("cards", []))}
        cells = []
        for name in players:
            index = played.get(name)
            cells.append({
                "name": name,
                "card": trick["cards"][index]["card"] if index is not None else None,
                "order": None if index is None else index + 1,
                "lead": name == trick.get("leader"),
                "won": name == trick.get("winner"),
            })
        party = trick.get("party")
        if party in running:
            running[party] += int(trick.get("augen", 0))
            counted[party] += 1
        rows.append({**trick, "cells": cells, "said": said.get(int(trick["number"]), []),
                     "running": dict(running), "tricks_so_far": dict(counted)})
    # The running count is only shown when it adds up to the deal's Augen (a Schwarze Sau
    # counting only the solo tricks does not).
    augen = detail.get("augen") or {}
    if not rows or any(running[p] != augen.get(p) for p in running):
        for row in rows:
            row["running"] = None
    return rows


def _deal(players: Sequence[str], entry: Mapping[str, Any],
          hand: Mapping[str, Any] | None) -> dict[str, Any]:
    detail: Mapping[str, Any] = (hand or {}).get("detail") or {}
    facts: Mapping[str, Any] = (hand or {}).get("facts") or {}
    contract: Mapping[str, Any] = detail.get("contract") or {}
    value: Mapping[str, Any] = detail.get("value") or {}
    kind = contract.get("kind") or entry.get("contract")
    augen = detail.get("augen") or {}
    deal: dict[str, Any] = {
        "number": entry.get("deal"),
        "dealer": entry.get("dealer") or detail.get("dealer"),
        "forehand": detail.get("forehand"),
        "label": entry.get("label") or detail.get("label"),
        "kind": kind,
        "special": detail.get("special"),
        "source": entry.get("source") or (hand or {}).get("source"),
        "contract": contract,
        "re": contract.get("re") or entry.get("re") or [],
        "kontra": contract.get("kontra") or [],
        "soloist": contract.get("soloist"),
        "pflichtsolo": entry.get("pflichtsolo"),
        "forced": bool(entry.get("forced") or contract.get("forced")),
        "winner": entry.get("winner", value.get("winner")),
        "value": entry.get("value", value.get("total")),
        "seats": _seat_cells(players, entry, contract),
        "party_game": kind not in ("hammelrennen", "redeal"),
        "augen": augen,
        "result": detail.get("result"),  # the result as the list wrote it, without Augen
        "tricks_won": detail.get("tricks_won") or {},
        "announced": facts.get("announcements") or {},
    }
    if kind == "hammelrennen":
        winners = value.get("winner") or []
        deal["hammel"] = [{"name": name, "augen": augen.get(name),
                           "won": name in winners} for name in players]
        deal["winners"] = winners
        deal["reason"] = value.get("reason")
    deal["breakdown"] = {
        "components": [component_row(c) for c in value.get("components") or []],
        "game_points": value.get("game_points"),
        "multiplier": value.get("multiplier"),
        "multiplier_reasons": _multiplier_reasons(facts, value),
        "game_value": value.get("game_value"),
        "specials": [dict(sp) for sp in value.get("specials") or []],
        "special_factor": value.get("special_factor", 1),
        "specials_net_re": signed(value.get("specials_net_re")),
        "value_re": signed(value.get("value_re")),
        "total": value.get("total"),
        "solo_factor": value.get("solo_factor", 1),
        "sixty_rule": value.get("sixty_rule", False),
        "note": value.get("note"),
    }
    if "hands" in detail:  # played, or dealt anew after the negotiation
        dealt = detail.get("hands") or {}
        deal["hands"] = [{"name": name, "cards": dealt.get(name, ""),
                          "party": cell["party"]}
                         for name, cell in zip(players, deal["seats"], strict=True)]
        deal["declarations"] = detail.get("declarations") or []
        deal["negotiation"] = detail.get("negotiation") or {}
    if "tricks" in detail:
        deal["played"] = True
        deal["early"] = [a for a in detail.get("announcements") or [] if a.get("negotiation")]
        deal["announcements"] = detail.get("announcements") or []
        deal["tricks"] = _tricks(players, detail)
        deal["moves"] = detail.get("moves") or []
        replay = replay_data(int(deal["number"] or 0), detail)
        if replay is not None:
            deal["replay"] = replay
            deal["replay_id"] = f"dk-replay-{deal['number']}"
            rows = replay_moves(int(deal["number"] or 0), replay)
            deal["replay_last"] = len(rows)
            deal["replay_moves"] = moves_html(rows)
            deal["replay_seats"] = [{"seat": seat, "name": name, "party": party,
                                     "cards": hand_html(replay["hands"][seat])}
                                    for seat, (name, party) in enumerate(zip(
                                        replay["names"], replay["parties"], strict=True))]
    return deal


class ReplayMismatch(Exception):
    """The moves and the tricks do not tell the same deal (should never happen)."""


def split_move(text: str) -> tuple[str | None, str]:
    """``"Anna: re"`` -> ``("Anna", "re")``; a bare card -> ``(None, "QC")``.

    >>> split_move("Anna: keine 90"), split_move("10H")
    (('Anna', 'keine 90'), (None, '10H'))
    """
    name, colon, rest = text.partition(": ")
    return (name, rest) if colon else (None, text)


def as_card(text: str) -> str | None:
    """The card a move plays, in the log's notation, or ``None`` for a word.

    >>> as_card("qc"), as_card("keine 90")
    ('QC', None)
    """
    try:
        return str(parse_card(text))
    except InvalidLogError:
        return None


def starting_hands(detail: Mapping[str, Any]) -> dict[str, list[str]]:
    """Each player's cards when the first card is played: as dealt, after the Schieben."""
    hands = {name: str(cards).split() for name, cards in (detail.get("hands") or {}).items()}
    pushed = ((detail.get("negotiation") or {}).get("schieben") or {})
    if pushed.get("taker"):
        given, returned = str(pushed["given"]).split(), str(pushed["returned"]).split()
        for card in given:
            hands[pushed["pusher"]].remove(card)
        for card in returned:
            hands[pushed["taker"]].remove(card)
        hands[pushed["pusher"]] += returned
        hands[pushed["taker"]] += given
    return hands


def replay_data(number: int, detail: Mapping[str, Any]) -> dict[str, Any] | None:
    """The deal for the stepper: the four players, their hands at the first card, the
    parties, the Absagen of the negotiation, each move (a card of a seat, or a seat's word)
    and each trick's winner and Augen. ``None`` when the moves and tricks disagree."""
    try:
        hands = starting_hands(detail)
        names = list(hands)
        seat_of = {name: seat for seat, name in enumerate(names)}
        plays = [(card["player"], card["card"]) for trick in detail.get("tricks") or []
                 for card in trick["cards"]]
        steps: list[dict[str, Any]] = []
        played = 0
        for index, text in enumerate(detail.get("moves") or [], start=1):
            name, rest = split_move(str(text))
            card = as_card(rest)
            if card is None:
                if name not in seat_of:
                    raise ReplayMismatch(f"move {index}: who says {rest!r}?")
                steps.append({"n": index, "k": "a", "s": seat_of[name], "w": rest})
                continue
            if played >= len(plays) or plays[played][1] != card or (
                    name is not None and plays[played][0] != name):
                raise ReplayMismatch(f"move {index}: {text} is not the next card of the tricks")
            steps.append({"n": index, "k": "c", "s": seat_of[plays[played][0]], "c": card})
            played += 1
        if played != len(plays) or any(
                Counter(card for player, card in plays if player == name) != Counter(cards)
                for name, cards in hands.items()):
            raise ReplayMismatch("the tricks do not use up the hands")
    except (ReplayMismatch, KeyError, TypeError, ValueError):
        return None
    contract = detail.get("contract") or {}
    parties = ["re" if name in (contract.get("re") or []) else
               "kontra" if name in (contract.get("kontra") or []) else None for name in names]
    return {
        "deal": number, "names": names, "hands": [hands[name] for name in names],
        "parties": parties, "steps": steps,
        "early": [[seat_of[a["player"]], a["word"]] for a in detail.get("announcements") or []
                  if a.get("negotiation") and a.get("player") in seat_of],
        "tricks": [{"w": seat_of[trick["winner"]], "a": trick["augen"], "p": trick.get("party")}
                   for trick in detail.get("tricks") or []],
        "leader": seat_of.get(contract.get("leader") or ""),
    }


def replay_moves(number: int, data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The moves for the list under the board, each with its anchor (``deal-3-move-17``);
    the fourth card of a trick says who took it."""
    rows = []
    cards = 0
    for step in data["steps"]:
        row: dict[str, Any] = {"number": step["n"], "id": f"deal-{number}-move-{step['n']}",
                               "name": data["names"][step["s"]], "kind": step["k"],
                               "card": step.get("c"), "word": step.get("w")}
        if step["k"] == "c":
            cards += 1
            if cards % 4 == 0:
                trick = data["tricks"][cards // 4 - 1]
                row["trick"] = {"number": cards // 4, "winner": data["names"][trick["w"]],
                                "augen": trick["a"]}
        elif str(step.get("w", "")).startswith("solo "):
            row["kind"] = "solo"
        rows.append(row)
    return rows


#: The sentences of the moves (translated once per page; the values are escaped first).
CARD_PLAYED = gettext_noop("%(name)s plays %(card)s")
TRICK_TAKEN = gettext_noop("; %(winner)s takes trick %(number)s (%(augen)s Augen)")
SOLO_CHOSEN = gettext_noop("%(name)s chooses the %(word)s")
WORD_SAID = gettext_noop("%(name)s says %(word)s")


def move_captions(rows: Sequence[Mapping[str, Any]]) -> list[SafeString]:
    """What each move says, in the reader's language: "Anna plays ♦A; Anna takes trick 1
    (36 Augen)", "Carl says KONTRA". A list of fourteen deals has some 600 moves, so the
    sentences are translated once and each card's face is drawn once."""
    said = {text: gettext(text) for text in (CARD_PLAYED, TRICK_TAKEN, SOLO_CHOSEN, WORD_SAID)}
    faces: dict[str, str] = {}
    captions = []
    for row in rows:
        name = escape(row["name"])
        if row["kind"] == "c":
            card = row["card"]
            if card not in faces:
                faces[card] = str(card_face(card))
            text = said[CARD_PLAYED] % {"name": name, "card": faces[card]}
            trick = row.get("trick")
            if trick:
                text += said[TRICK_TAKEN] % {"winner": escape(trick["winner"]),
                                             "number": trick["number"], "augen": trick["augen"]}
        elif row["kind"] == "solo":
            text = said[SOLO_CHOSEN] % {"name": name, "word": escape(row["word"])}
        else:
            text = said[WORD_SAID] % {"name": name, "word": escape(str(row["word"]).upper())}
        captions.append(mark_safe(text))  # every value is escaped above
    return captions


def moves_html(rows: Sequence[Mapping[str, Any]]) -> SafeString:
    """The list items of the moves, each an anchor to share, built here at once (too many
    for the template to word one by one)."""
    # The ids and numbers are ours, the captions escaped.
    return mark_safe("".join(
        f'<li id="{row["id"]}"><a class="replay-link" href="#{row["id"]}">{row["number"]}</a> '
        f'<span class="replay-text">{caption}</span></li>'
        for row, caption in zip(rows, move_captions(rows), strict=True)))


def hand_html(cards: Sequence[str]) -> SafeString:
    return format_html_join("", '<span class="pc">{}</span>', ((card_html(c),) for c in cards))


def present(match: Match, log: MatchLog, players: list[str]) -> dict[str, Any]:
    summary: Mapping[str, Any] = (log.outcome or {}).get("summary") or {}
    hands = {hand["number"]: hand for hand in hand_rows(log)}
    deals = [_deal(players, entry, hands.get(entry.get("deal")))
             for entry in summary.get("list") or []]
    totals = summary.get("totals") or {}
    owed = summary.get("pflichtsoli") or {}
    forced_deals = {d["number"] for d in deals if d["forced"]}
    pflichtsoli = [{
        "name": name,
        "owed": (owed.get(name) or {}).get("owed", 0),
        "played": [{"deal": number, "forced": number in forced_deals}
                   for number in (owed.get(name) or {}).get("played", [])],
    } for name in players]
    return {
        "template": "games/sheets/doppelkopf.html",
        "deals": deals,
        "totals": [plain(totals.get(name)) for name in players],
        "pflichtsoli": pflichtsoli,
        "pot": summary.get("pot") or {},
        "next_dealer": summary.get("next_dealer"),
        "solo_streak": summary.get("solo_streak", 0),
        "finished": summary.get("finished", False),
        "counting": summary.get("counting"),
        "columns": len(players) + 7,
    }
