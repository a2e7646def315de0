"""Doppelkopf statistics: deals as Re and as Kontra and their win rates, solos by kind,
Hochzeiten, announcements by level, special points taken and given, Augen, Pflichtsoli,
points per deal.

Read from every deal (score sheets included): the parties (a soloist is Re alone), who won
(the engine's ``value.winner``), the party's Augen (a Hammelrennen: the player's own), the
solos and Pflichtsoli, the special points that scored (taken by the player's party, or given
to the other one), the points. Only a move log tells who announced what and who declared a
Hochzeit (a score sheet knows the parties, not who spoke): those figures read the logs.

A deal at a table of five that the player sits out is not his deal. A deal dealt anew
(``redeal``) is no game and is not counted.

>>> from league.statistics.common import ScoredHand, ScoredMatch
>>> solo = ScoredHand(1, "facts", (-3, 1, 1, 1), {"contract": "solo", "solo": "damen",
...     "re": ["Anna"], "augen": {"re": 100, "kontra": 140}},
...     {"value": {"winner": "kontra", "specials": []}, "contract": {"soloist": "Anna"}})
>>> match = ScoredMatch("doppelkopf", ("Anna", "Bert", "Carl", "Dora"), (4, 1, 1, 1),
...                     (-3, 1, 1, 1), hands=(solo,))
>>> counters = tally(match, 0)
>>> counters["solo:damen"], counters["solo_won:damen"], counters["deals_re"], counters["augen"]
(1, 0, 1, 100)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.engines.doppelkopf.tables import SOLO_KINDS
from league.statistics.common import (
    HIGH,
    LOGS,
    Figure,
    FigureSpec,
    GameStatistics,
    RecordCandidate,
    RecordKind,
    ScoredHand,
    ScoredMatch,
    average,
    base_counters,
    best,
    count,
    derive,
    rate,
    results_specs,
)

LARGEST_DEAL = RecordKind("doppelkopf-deal", "doppelkopf", HIGH)

PARTIES = ("re", "kontra")
#: The solo rows: the declared kinds and the silent solo (both Kreuz-Damen, no declaration).
SOLO_ROWS = (*SOLO_KINDS, "stilles-solo")
#: Announcement levels as rows: 1 RE/KONTRA, 2 keine 90 ... 5 schwarz.
LEVEL_ROWS = {1: "re-kontra", 2: "keine-90", 3: "keine-60", 4: "keine-30", 5: "schwarz"}
SPECIAL_ROWS = ("doppelkopf", "fuchs-gefangen", "charly-letzter-stich", "charly-gefangen",
                "fuchs-letzter-stich", "herz-stich", "gegen-die-alten")


def _plays(hand: ScoredHand, name: str) -> bool:
    contract = hand.facts.get("contract")
    return contract != "redeal" and hand.detail.get("sits_out") != name


def _deal_counters(hand: ScoredHand, seat: int, name: str) -> Counter[str]:
    facts, detail = hand.facts, hand.detail
    value: Mapping[str, Any] = detail.get("value") or {}
    winner = value.get("winner")
    out: Counter[str] = Counter({"deals": 1, "deal_points": hand.points[seat]})
    out["deals_logged"] += hand.logged
    if facts.get("contract") == "hammelrennen":
        out["hammelrennen"] += 1
        out["hammelrennen_won"] += name in (winner or [])
        out["augen"] += int((facts.get("augen") or {}).get(name, 0))
        out["augen_deals"] += 1
        return out
    party = "re" if name in (facts.get("re") or []) else "kontra"
    won = winner == party
    out[f"deals_{party}"] += 1
    out[f"deals_{party}_won"] += won
    out["augen"] += int((facts.get("augen") or {}).get(party, 0))
    out["augen_deals"] += 1
    contract = facts.get("contract")
    info: Mapping[str, Any] = detail.get("contract") or {}
    if contract in ("solo", "stilles-solo") and party == "re":
        kind = facts.get("solo") if contract == "solo" else "stilles-solo"
        out[f"solo:{kind}"] += 1
        out[f"solo_won:{kind}"] += won
        out["solos"] += 1
        out["solos_won"] += won
    if info.get("pflichtsolo") and info.get("soloist") == name:
        out["pflichtsoli"] += 1
        out["pflichtsoli_won"] += won
        out["vorgefuehrt"] += bool(info.get("forced"))
    if contract == "hochzeit" and party == "re":
        out["hochzeit_deals"] += 1
        out["hochzeit_deals_won"] += won
    if hand.logged:
        if contract == "hochzeit" and info.get("hochzeiter") == name:
            out["hochzeiten"] += 1
            out["hochzeiten_won"] += won
        for said in detail.get("announcements") or []:
            if said.get("player") != name:
                continue
            row = LEVEL_ROWS.get(int(said.get("level") or 0))
            if row:
                out[f"announced:{row}"] += 1
                out[f"announced_won:{row}"] += said.get("party") == winner
    for special in value.get("specials") or []:
        taken = special.get("party") == party
        out[f"special_{'taken' if taken else 'given'}:{special.get('kind')}"] += 1
    return out


def tally(match: ScoredMatch, seat: int) -> Counter[str]:
    name = match.players[seat]
    played = [hand for hand in match.hands if _plays(hand, name)]
    counters = base_counters(match, seat, played)
    for hand in played:
        counters.update(_deal_counters(hand, seat, name))
    return counters


def _specs() -> tuple[FigureSpec, ...]:
    specs: list[FigureSpec] = [
        *results_specs(),
        count("deals", "deals"),
        average("deals", "points_per_deal", "deal_points", "deals"),
        average("deals", "augen", "augen", "augen_deals"),
        count("deals", "hammelrennen"), count("deals", "hammelrennen_won"),
    ]
    for party in PARTIES:
        specs += [count("parties", "deals", f"deals_{party}", row=party),
                  count("parties", "won", f"deals_{party}_won", row=party),
                  rate("parties", "win_rate", f"deals_{party}_won", f"deals_{party}", row=party)]
    for kind in SOLO_ROWS:
        specs += [count("solos", "played", f"solo:{kind}", row=kind),
                  count("solos", "won", f"solo_won:{kind}", row=kind),
                  rate("solos", "win_rate", f"solo_won:{kind}", f"solo:{kind}", row=kind)]
    specs += [count("solos", "played", "solos", row="all"),
              count("solos", "won", "solos_won", row="all"),
              rate("solos", "win_rate", "solos_won", "solos", row="all")]
    specs += [count("hochzeiten", "hochzeit_deals"), count("hochzeiten", "hochzeit_deals_won"),
              rate("hochzeiten", "hochzeit_deal_win_rate", "hochzeit_deals_won",
                   "hochzeit_deals"),
              count("hochzeiten", "hochzeiten", basis=LOGS),
              count("hochzeiten", "hochzeiten_won", basis=LOGS),
              count("pflichtsoli", "pflichtsoli"), count("pflichtsoli", "pflichtsoli_won"),
              rate("pflichtsoli", "pflichtsolo_win_rate", "pflichtsoli_won", "pflichtsoli"),
              count("pflichtsoli", "vorgefuehrt")]
    for row in LEVEL_ROWS.values():
        specs += [count("announcements", "made", f"announced:{row}", basis=LOGS, row=row),
                  count("announcements", "won", f"announced_won:{row}", basis=LOGS, row=row),
                  rate("announcements", "win_rate", f"announced_won:{row}", f"announced:{row}",
                       basis=LOGS, row=row)]
    for kind in SPECIAL_ROWS:
        specs += [count("specials", "taken", f"special_taken:{kind}", row=kind),
                  count("specials", "given", f"special_given:{kind}", row=kind)]
    return tuple(specs)


SPECS = _specs()


def figures(totals: Mapping[str, int]) -> list[Figure]:
    return derive(totals, SPECS)


def records(match: ScoredMatch) -> list[RecordCandidate]:
    """The largest deal value in the list; its holders are the party that scored it (the
    winners of a Hammelrennen)."""
    seat_of = {name: seat for seat, name in enumerate(match.players)}
    candidates = []
    for hand in match.hands:
        value: Mapping[str, Any] = hand.detail.get("value") or {}
        total = int(value.get("total") or 0)
        if total <= 0:
            continue
        if hand.facts.get("contract") == "hammelrennen":
            names = list(value.get("winner") or [])
        else:
            re_party = list(hand.facts.get("re") or [])
            kontra = [name for name in (hand.detail.get("contract") or {}).get("kontra") or []]
            names = re_party if int(value.get("value_re") or 0) > 0 else kontra
        holders = tuple(seat_of[name] for name in names if name in seat_of)
        candidates.append(RecordCandidate(LARGEST_DEAL.key, total, holders, hand.number,
                                          source=hand.source))
    return best(candidates, LARGEST_DEAL.better)


STATISTICS = GameStatistics(
    game="doppelkopf", tally=tally, figures=figures, records=records, kinds=(LARGEST_DEAL,),
    chart=(("parties", "re", "win_rate"), ("parties", "kontra", "win_rate"),
           *(("solos", kind, "win_rate") for kind in SOLO_ROWS),
           ("hochzeiten", None, "hochzeit_deal_win_rate")))
