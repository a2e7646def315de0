"""The value of a Doppelkopf deal, from its facts only.

Party games (DDV "Spielwerte", with this house's RE/KONTRA doubling):

- the winner: RE needs 121, KONTRA 120 (with ``kontra_alone_needs_121``, DDV TSR 7.1: when
  only KONTRA was announced, KONTRA needs 121 and RE wins with 120); a party that made an
  Absage (keine 90 ...) wins only if it reaches it, and then the other side wins with what
  the Absage left it (90, 60, 30, one trick); both parties with Absagen and neither reached:
  nobody wins;
- the 60er-Regel (option ``sixty_rule``): a party above 180 Augen without an announcement of
  its own loses;
- the winner's game points: won 1; the losers under 90, under 60, under 30, schwarz +1 each;
  every Absage of either party +1; reaching 120 against keine 90, 90 against keine 60, 60
  against keine 30, 30 against schwarz +1 each;
- RE and KONTRA announced: ``double`` multiplies by 2 each (seed), ``plus-two`` adds 2 each
  (DDV); a Schwarze Sau is multiplied by ``schwarze_sau_multiplier``;
- special points per party, netted; "gegen die Alten" +1 to a winning KONTRA in a normal
  game or Hochzeit; doubled only with ``double_special_points``;
- a solo: the soloist scores 3x the value, each opponent 1x with the opposite sign.

``counting = "plus"`` keeps only the positive scores.

Worked example (a normal game, RE 151 : KONTRA 89, RE announced; the KONTRA party caught a
Fuchs): won 1 + under 90 1 = 2, doubled by RE = 4, minus KONTRA's special point = 3.

>>> from games.engines.doppelkopf.rules import SEED
>>> from games.engines.doppelkopf.facts import DealFacts, Special
>>> facts = DealFacts("normal", re=(0, 2), re_augen=151, kontra_augen=89, re_tricks=7,
...                   kontra_tricks=3, re_level=1,
...                   specials=(Special("fuchs-gefangen", "kontra", 2),))
>>> score = score_deal(facts, SEED)
>>> score.points, score.value["winner"], score.value["total"]
((3, -3, 3, -3), 're', 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .facts import DealFacts
from .moves import LEVEL_WORDS
from .rules import DoppelkopfRules

_ABSAGE_LIMIT = {2: 90, 3: 60, 4: 30}  # the opponents must stay below this
_REACHED = {2: 120, 3: 90, 4: 60, 5: 30}  # "120 gegen keine 90" ...
SPECIAL_LABELS = {
    "doppelkopf": "Doppelkopf (Stich mit 40+ Augen)", "herz-stich": "reiner Herzstich",
    "fuchs-gefangen": "Fuchs gefangen", "charly-letzter-stich": "Charly macht den letzten Stich",
    "charly-gefangen": "Charly gefangen", "fuchs-letzter-stich": "Fuchs macht den letzten Stich",
    "gegen-die-alten": "gegen die Alten",
}


@dataclass(frozen=True)
class DealScore:
    points: tuple[int, ...]
    value: dict[str, Any]


def _below(augen: int, limit: int, total: int) -> bool:
    # Thresholds are for 240 Augen; a Schwarze Sau counting only the solo tricks scales them.
    return augen * 240 < limit * total


def _fulfilled(level: int, other_augen: int, other_no_trick: bool, total: int) -> bool:
    if level == 5:
        return other_no_trick
    return _below(other_augen, _ABSAGE_LIMIT[level], total)


def winner_of(facts: DealFacts, total: int, rules: DoppelkopfRules) -> str | None:
    """``"re"``, ``"kontra"`` or ``None`` (both Absagen missed) before the 60er-Regel.

    120 : 120 with only KONTRA announced (DDV TSR 7.1: the announcing KONTRA needs 121):

    >>> from games.engines.doppelkopf.rules import DDV, SEED
    >>> tie = DealFacts("normal", re=(0, 2), re_augen=120, kontra_augen=120, re_tricks=5,
    ...                 kontra_tricks=5, kontra_level=1)
    >>> winner_of(tie, 240, SEED), winner_of(tie, 240, DDV)
    ('kontra', 're')
    """
    re_abs, ko_abs = facts.re_level >= 2, facts.kontra_level >= 2
    re_ok = re_abs and _fulfilled(facts.re_level, facts.kontra_augen,
                                  facts.took_no_trick("kontra"), total)
    ko_ok = ko_abs and _fulfilled(facts.kontra_level, facts.re_augen,
                                  facts.took_no_trick("re"), total)
    if re_abs and ko_abs:
        return "re" if re_ok else "kontra" if ko_ok else None
    if re_abs:
        return "re" if re_ok else "kontra"
    if ko_abs:
        return "kontra" if ko_ok else "re"
    if rules.kontra_alone_needs_121 and facts.kontra_level == 1 and facts.re_level == 0:
        return "kontra" if facts.kontra_augen * 2 > total else "re"
    return "re" if facts.re_augen * 2 > total else "kontra"


def _sixty_rule_applies(facts: DealFacts, rules: DoppelkopfRules, forced: bool) -> bool:
    mode = rules.sixty_rule
    if mode == "off":
        return False
    if mode == "all-games":
        return True
    if not facts.is_solo:
        return True
    return mode == "normal-and-forced-solos" and forced


def score_deal(facts: DealFacts, rules: DoppelkopfRules, *, forced: bool = False) -> DealScore:
    """Points per seat and the breakdown of the value (see the module docstring)."""
    if facts.contract == "redeal":
        return DealScore((0, 0, 0, 0), {"winner": None, "total": 0, "components": [],
                                        "specials": [], "solo_factor": 1})
    if facts.contract == "hammelrennen":
        return _hammelrennen(facts, rules)
    total = facts.re_augen + facts.kontra_augen
    if total == 0:  # a Schwarze Sau whose solo had no trick left to count
        return DealScore((0, 0, 0, 0), {"winner": None, "total": 0, "components": [],
                                        "specials": [], "solo_factor": 3,
                                        "note": "no trick counted"})
    winner = winner_of(facts, total, rules)
    sixty = False
    augen = {"re": facts.re_augen, "kontra": facts.kontra_augen}
    levels = {"re": facts.re_level, "kontra": facts.kontra_level}
    no_trick = {"re": facts.took_no_trick("re"), "kontra": facts.took_no_trick("kontra")}
    if _sixty_rule_applies(facts, rules, forced):
        for party, other in (("re", "kontra"), ("kontra", "re")):
            if augen[party] * 240 > 180 * total and levels[party] == 0 and winner == party:
                winner, sixty = other, True
    components: list[dict[str, Any]] = []
    if winner is not None:
        loser = "kontra" if winner == "re" else "re"
        components.append({"kind": "gewonnen", "points": 1})
        for limit in (90, 60, 30):
            if _below(augen[loser], limit, total):
                components.append({"kind": f"unter {limit}", "points": 1})
        if no_trick[loser]:
            components.append({"kind": "schwarz", "points": 1})
        for party in ("re", "kontra"):
            other = "kontra" if party == "re" else "re"
            for level in range(2, levels[party] + 1):
                components.append({"kind": f"{LEVEL_WORDS[level]} abgesagt",
                                   "party": party, "points": 1})
            for level in range(2, levels[party] + 1):
                reached = (not no_trick[other] if level == 5 else
                           not _below(augen[other], _REACHED[level], total))
                if reached and other == winner:
                    components.append({"kind": f"{_REACHED[level]} gegen "
                                       f"{LEVEL_WORDS[level]}", "party": other, "points": 1})
        if rules.announcement_scoring == "plus-two":
            for party in ("re", "kontra"):
                if levels[party]:
                    components.append({"kind": f"{party} angesagt", "party": party,
                                       "points": 2})
    game_points = sum(c["points"] for c in components)
    multiplier = 1
    if rules.announcement_scoring == "double":
        for party in ("re", "kontra"):
            if levels[party]:
                multiplier *= 2
    if facts.contract == "schwarze-sau":
        multiplier *= rules.schwarze_sau_multiplier
    game_value = game_points * multiplier
    specials: list[dict[str, Any]] = [
        {"kind": sp.kind, "party": sp.party, "trick": sp.trick, "points": 1}
        for sp in facts.specials if _special_counts(sp.kind, facts, rules)]
    if (rules.sp_gegen_die_alten and winner == "kontra" and not facts.is_solo
            and facts.contract in ("normal", "hochzeit")):
        specials.append({"kind": "gegen-die-alten", "party": "kontra", "trick": None,
                         "points": 1})
    special_factor = multiplier if rules.double_special_points else 1
    special_net_re = special_factor * sum(
        int(sp["points"]) if sp["party"] == "re" else -int(sp["points"]) for sp in specials)
    value_re = (game_value if winner == "re" else -game_value) + special_net_re
    if facts.is_solo:
        points = [(3 * value_re if seat in facts.re else -value_re) for seat in range(4)]
    else:
        points = [(value_re if seat in facts.re else -value_re) for seat in range(4)]
    if rules.counting == "plus":
        points = [max(p, 0) for p in points]
    value = {
        "winner": winner,
        "sixty_rule": sixty,
        "components": components,
        "game_points": game_points,
        "multiplier": multiplier,
        "game_value": game_value,
        "specials": specials,
        "special_factor": special_factor,
        "specials_net_re": special_net_re,
        "value_re": value_re,
        "total": abs(value_re),
        "solo_factor": 3 if facts.is_solo else 1,
    }
    return DealScore(tuple(points), value)


def _special_counts(kind: str, facts: DealFacts, rules: DoppelkopfRules) -> bool:
    if facts.contract == "schwarze-sau":
        return False
    if kind == "doppelkopf":
        return rules.sp_doppelkopf == "all-games" or (
            rules.sp_doppelkopf == "normal-games" and not facts.is_solo)
    if facts.is_solo:
        return False
    flag = {"herz-stich": rules.sp_herz_trick, "fuchs-gefangen": rules.sp_fuchs_gefangen,
            "charly-letzter-stich": rules.sp_charly_last,
            "charly-gefangen": rules.sp_charly_gefangen,
            "fuchs-letzter-stich": rules.sp_fuchs_last}
    return flag[kind]


def _hammelrennen(facts: DealFacts, rules: DoppelkopfRules) -> DealScore:
    augen = facts.seat_augen
    over = [seat for seat in range(4) if augen[seat] > 120]
    if over:
        winners, reason = over, "more than 120 Augen"
    else:
        distance = [abs(a - 60) for a in augen]
        best = min(distance)
        winners, reason = [s for s in range(4) if distance[s] == best], "closest to 60 Augen"
        if len(winners) > 1 and rules.hammelrennen_tie == "nobody-scores":
            winners, reason = [], "a tie: nobody scores"
    points = tuple(rules.hammelrennen_value if seat in winners else 0 for seat in range(4))
    return DealScore(points, {"winner": winners, "reason": reason,
                              "total": rules.hammelrennen_value if winners else 0,
                              "components": [], "specials": []})
