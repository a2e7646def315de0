"""The facts a finished Doppelkopf deal leaves: what the list and the scoring need.

A replayed deal derives them from the tricks; a score-sheet deal brings them as JSON. Both
are checked here (:func:`facts_from_json`) and scored by ``scoring.score_deal``.

JSON shape (``deal.facts`` in a log, ``HandResult.facts`` in a result)::

    {"contract": "normal",                 # normal, hochzeit, schieben, solo, stilles-solo,
                                           # schwarze-sau, hammelrennen, redeal
     "solo": null,                         # solo kind for solo / schwarze-sau
     "re": ["Anna", "Carl"],               # the RE party (a soloist alone; a Hochzeit
                                           # without partner: the Hochzeiter alone)
     "augen": {"re": 151, "kontra": 89},   # Hammelrennen: {"Anna": 70, "Bert": 50, ...}
     "tricks": {"re": 7, "kontra": 3},
     "announcements": {"re": "keine 90", "kontra": null},
     "specials": [{"kind": "fuchs-gefangen", "party": "re", "trick": 4}]}

Special point kinds: ``doppelkopf`` (a trick of 40+ Augen), ``herz-stich``,
``fuchs-gefangen``, ``charly-letzter-stich``, ``charly-gefangen``, ``fuchs-letzter-stich``.
"Gegen die Alten" is not a fact: scoring derives it.

A club's list does not count tricks, and often not Augen either. A score-sheet deal may
therefore leave out ``tricks``: a party took no trick exactly when it has no Augen (every
trick holds at least 8), which is all that scoring reads of them. And instead of ``augen``
it may give the result as a club writes it, the winning party and how far the losers stayed
below (``loser_under``: ``null``, 90, 60, 30 or ``"schwarz"``)::

    "result": {"winner": "re", "loser_under": 90}      # RE won, KONTRA got no 90

Such a result scores exactly as any Augen it stands for, as long as the losers made no
Absage (then the exact Augen decide what counts, and the sheet must give them); the deal is
refused when the result cannot be: a winner the announcements or the 60er-Regel rule out.

>>> facts = facts_from_json({"contract": "normal", "re": ["A", "C"],
...     "augen": {"re": 130, "kontra": 110}, "tricks": {"re": 6, "kontra": 4}},
...     ("A", "B", "C", "D"))
>>> facts.re, facts.re_augen
((0, 2), 130)
>>> facts_to_json(facts, ("A", "B", "C", "D"))["announcements"]
{'re': None, 'kontra': None}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.engines.errors import InvalidFactsError, shown

from .moves import LEVEL_WORDS, WORD_LEVELS
from .tables import SOLO_KINDS

CONTRACTS = ("normal", "hochzeit", "schieben", "solo", "stilles-solo", "schwarze-sau",
             "hammelrennen", "redeal")
SPECIAL_KINDS = ("doppelkopf", "herz-stich", "fuchs-gefangen", "charly-letzter-stich",
                 "charly-gefangen", "fuchs-letzter-stich")
# How often a kind can occur in one deal at most (both parties together).
_SPECIAL_MAX = {"doppelkopf": 6, "herz-stich": 1, "fuchs-gefangen": 2,
                "charly-letzter-stich": 1, "charly-gefangen": 2, "fuchs-letzter-stich": 1}
CONTRACT_LABELS = {
    "normal": "Normalspiel", "hochzeit": "Hochzeit", "schieben": "Schieben",
    "solo": "Solo", "stilles-solo": "stilles Solo", "schwarze-sau": "Schwarze Sau",
    "hammelrennen": "Hammelrennen", "redeal": "neu gegeben",
}


@dataclass(frozen=True)
class Special:
    kind: str
    party: str  # "re" or "kontra"
    trick: int | None = None  # 1..10 when known


@dataclass(frozen=True)
class DealFacts:
    contract: str
    solo: str | None = None
    re: tuple[int, ...] = ()
    re_augen: int = 0
    kontra_augen: int = 0
    re_tricks: int | None = 0  # None: the sheet did not count tricks
    kontra_tricks: int | None = 0
    re_level: int = 0  # 0 none, 1 RE, 2 keine 90, 3 keine 60, 4 keine 30, 5 schwarz
    kontra_level: int = 0
    specials: tuple[Special, ...] = ()
    seat_augen: tuple[int, ...] = ()  # Hammelrennen only
    # A result written as the club writes it ("re", 90): the Augen above then stand for it.
    result: tuple[str, int | str | None] | None = None

    def took_no_trick(self, party: str) -> bool:
        """Whether ``party`` took no trick; without trick counts, whether it has no Augen
        (a trick holds at least four Buben, 8 Augen).

        >>> DealFacts("normal", re_augen=240, re_tricks=None, kontra_tricks=None
        ...           ).took_no_trick("kontra")
        True
        """
        tricks = self.re_tricks if party == "re" else self.kontra_tricks
        if tricks is None:
            return (self.re_augen if party == "re" else self.kontra_augen) == 0
        return tricks == 0

    @property
    def is_solo(self) -> bool:
        """Scored as a solo (3x): declared and silent solos, Sau, a Hochzeit left alone."""
        return self.contract in ("solo", "stilles-solo", "schwarze-sau") or (
            self.contract == "hochzeit" and len(self.re) == 1)

    @property
    def party_game(self) -> bool:
        return self.contract not in ("hammelrennen", "redeal")


def _level_text(level: int, party: str) -> str | None:
    if level == 0:
        return None
    return party if level == 1 else LEVEL_WORDS[level]


def facts_to_json(facts: DealFacts, players: Sequence[str]) -> dict[str, Any]:
    """The facts as the log and the result write them."""
    if facts.contract == "redeal":
        return {"contract": "redeal"}
    if facts.contract == "hammelrennen":
        return {"contract": "hammelrennen",
                "augen": {players[s]: facts.seat_augen[s] for s in range(len(players))}}
    data: dict[str, Any] = {
        "contract": facts.contract,
        "solo": facts.solo,
        "re": [players[s] for s in facts.re],
    }
    if facts.result is not None:
        data["result"] = {"winner": facts.result[0], "loser_under": facts.result[1]}
    else:
        data["augen"] = {"re": facts.re_augen, "kontra": facts.kontra_augen}
    if facts.re_tricks is not None and facts.kontra_tricks is not None:
        data["tricks"] = {"re": facts.re_tricks, "kontra": facts.kontra_tricks}
    data.update({
        "announcements": {"re": _level_text(facts.re_level, "re"),
                          "kontra": _level_text(facts.kontra_level, "kontra")},
        "specials": [{"kind": sp.kind, "party": sp.party, "trick": sp.trick}
                     for sp in facts.specials],
    })
    return data


#: What a written result stands for, as the losers' Augen: below 90 is 75 and so on. Any
#: Augen of the band score alike when the losers made no Absage (see the module docstring).
LOSER_UNDER = (None, 90, 60, 30, "schwarz")
_LOSER_AUGEN: dict[int | str | None, int] = {None: 105, 90: 75, 60: 45, 30: 15, "schwarz": 0}


def result_augen(winner: str, loser_under: int | str | None) -> tuple[int, int]:
    """The Augen (RE, KONTRA) a written result stands for.

    >>> result_augen("re", 90), result_augen("kontra", "schwarz"), result_augen("kontra", None)
    ((165, 75), (0, 240), (105, 135))
    """
    loser = _LOSER_AUGEN[loser_under]
    return (240 - loser, loser) if winner == "re" else (loser, 240 - loser)


def _read_result(data: Any, field: str) -> tuple[str, int | str | None]:
    if not isinstance(data, Mapping) or set(data) - {"winner", "loser_under"}:
        raise _bad("dk_result_shape", field)
    winner, under = data.get("winner"), data.get("loser_under")
    if winner not in ("re", "kontra"):
        raise _bad("dk_result_winner", f"{field}.winner", value=shown(winner))
    if isinstance(under, bool) or under not in LOSER_UNDER:
        raise _bad("dk_result_loser_under", f"{field}.loser_under", value=shown(under))
    return winner, under


def _bad(code: str, field: str, **params: Any) -> InvalidFactsError:
    return InvalidFactsError(code, params, field=field)


def _int(data: Mapping[str, Any], key: str, field: str, low: int, high: int) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad("dk_fact_range", field, name=field, low=low, high=high,
                   value=shown(value))
    return value


def facts_from_json(data: Any, players: Sequence[str], *, field: str = "facts",
                    sau_tricks: str = "all") -> DealFacts:
    """Read and check score-sheet facts (raises :class:`InvalidFactsError`)."""
    if not isinstance(data, Mapping):
        raise _bad("dk_facts_not_object", field)
    contract = data.get("contract")
    if contract not in CONTRACTS:
        raise _bad("dk_unknown_contract", f"{field}.contract", value=shown(contract),
                   contracts=list(CONTRACTS))
    if contract == "redeal":
        return DealFacts("redeal")
    if contract == "hammelrennen":
        augen = data.get("augen")
        if not isinstance(augen, Mapping) or set(augen) != set(players):
            raise _bad("dk_hammelrennen_augen", f"{field}.augen", players=list(players))
        seat_augen = tuple(_int(augen, p, f"{field}.augen.{p}", 0, 240) for p in players)
        if sum(seat_augen) != 240:
            raise _bad("dk_augen_not_240", f"{field}.augen", sum=sum(seat_augen))
        return DealFacts("hammelrennen", seat_augen=seat_augen)
    solo = data.get("solo")
    if contract in ("solo", "schwarze-sau"):
        if solo not in SOLO_KINDS and not (contract == "schwarze-sau" and solo is None):
            raise _bad("dk_solo_kind_missing", f"{field}.solo", contract=contract,
                       solos=list(SOLO_KINDS))
    elif solo is not None:
        raise _bad("dk_solo_kind_extra", f"{field}.solo", label=CONTRACT_LABELS[contract])
    names = data.get("re")
    # Names are checked before the set: a list or object among them is unhashable.
    if not isinstance(names, list) or any(n not in players for n in names) or (
            len(set(names)) != len(names)):
        raise _bad("dk_re_players", f"{field}.re")
    sizes = {"normal": (2,), "schieben": (2,), "hochzeit": (1, 2), "solo": (1,),
             "stilles-solo": (1,), "schwarze-sau": (1,)}[contract]
    if len(names) not in sizes:
        if len(sizes) == 1:
            raise _bad("dk_re_size", f"{field}.re", label=CONTRACT_LABELS[contract],
                       size=sizes[0], count=len(names))
        raise _bad("dk_re_size_either", f"{field}.re", label=CONTRACT_LABELS[contract],
                   low=sizes[0], high=sizes[-1], count=len(names))
    re = tuple(sorted(players.index(n) for n in names))
    augen, tricks = data.get("augen"), data.get("tricks")
    partial = contract == "schwarze-sau" and sau_tricks == "solo-only"
    result = None
    if "result" in data:
        if augen is not None:
            raise _bad("dk_augen_and_result", f"{field}.result")
        if partial:
            raise _bad("dk_sau_result", f"{field}.result")
        result = _read_result(data["result"], f"{field}.result")
        augen = dict(zip(("re", "kontra"), result_augen(*result), strict=True))
    if not isinstance(augen, Mapping) or not isinstance(tricks, (Mapping, type(None))):
        raise _bad("dk_augen_tricks_shape", field)
    re_augen = _int(augen, "re", f"{field}.augen.re", 0, 240)
    kontra_augen = _int(augen, "kontra", f"{field}.augen.kontra", 0, 240)
    re_tricks = kontra_tricks = None
    if tricks is not None:
        re_tricks = _int(tricks, "re", f"{field}.tricks.re", 0, 10)
        kontra_tricks = _int(tricks, "kontra", f"{field}.tricks.kontra", 0, 10)
    if not partial:
        if re_augen + kontra_augen != 240:
            raise _bad("dk_party_augen_sum", f"{field}.augen", re=re_augen,
                       kontra=kontra_augen, sum=re_augen + kontra_augen)
        if re_tricks is not None and kontra_tricks is not None and (
                re_tricks + kontra_tricks != 10):
            raise _bad("dk_tricks_sum", f"{field}.tricks", re=re_tricks, kontra=kontra_tricks)
    elif re_augen + kontra_augen > 240 or (re_tricks or 0) + (kontra_tricks or 0) > 10:
        raise _bad("dk_counted_tricks", f"{field}.augen")
    for party, party_augen, party_tricks in (("re", re_augen, re_tricks),
                                             ("kontra", kontra_augen, kontra_tricks)):
        if party_tricks == 0 and party_augen > 0:
            raise _bad("dk_no_trick_augen", f"{field}.tricks.{party}", party=party.upper(),
                       augen=party_augen)
    levels = []
    announcements = data.get("announcements") or {}
    if not isinstance(announcements, Mapping):
        raise _bad("dk_announcements_shape", f"{field}.announcements")
    for party in ("re", "kontra"):
        word = announcements.get(party)
        if word is None:
            levels.append(0)
        elif word == party:
            levels.append(1)
        # Only text is looked up: an announcement given as an object or a list is
        # unhashable.
        elif isinstance(word, str) and word in WORD_LEVELS:
            levels.append(WORD_LEVELS[word])
        else:
            raise _bad("dk_not_announcement", f"{field}.announcements.{party}",
                       value=shown(word), party=party.upper(), own=party)
    if contract == "schwarze-sau" and any(levels):
        raise _bad("dk_sau_announcements", f"{field}.announcements")
    if result is not None:
        loser = "kontra" if result[0] == "re" else "re"
        loser_level = levels[0] if loser == "re" else levels[1]
        if loser_level >= 2:
            raise _bad("dk_result_after_absage", f"{field}.result", party=loser.upper(),
                       word=LEVEL_WORDS[loser_level])
    specials = []
    raw = data.get("specials") or []
    if not isinstance(raw, list):
        raise _bad("dk_specials_not_list", f"{field}.specials")
    for index, item in enumerate(raw):
        where = f"{field}.specials[{index}]"
        if not isinstance(item, Mapping) or item.get("kind") not in SPECIAL_KINDS:
            raise _bad("dk_special_shape", where, kinds=list(SPECIAL_KINDS))
        if item.get("party") not in ("re", "kontra"):
            raise _bad("dk_special_party", where)
        trick = item.get("trick")
        if trick is not None:
            _int(item, "trick", f"{where}.trick", 1, 10)
        specials.append(Special(item["kind"], item["party"], trick))
    facts = DealFacts(contract, solo, re, re_augen, kontra_augen, re_tricks, kontra_tricks,
                      levels[0], levels[1], tuple(specials), result=result)
    _check_specials(facts, field)
    return facts


def _check_specials(facts: DealFacts, field: str) -> None:
    counts: dict[str, int] = {}
    for sp in facts.specials:
        counts[sp.kind] = counts.get(sp.kind, 0) + 1
        if facts.contract == "schwarze-sau" or (facts.is_solo and sp.kind != "doppelkopf"):
            raise _bad("dk_special_not_in", f"{field}.specials",
                       label=CONTRACT_LABELS[facts.contract], kind=sp.kind)
    for kind, count in counts.items():
        if count > _SPECIAL_MAX[kind]:
            raise _bad("dk_special_count", f"{field}.specials", count=count, kind=kind,
                       most=_SPECIAL_MAX[kind])
    if counts.get("charly-letzter-stich", 0) + counts.get("fuchs-letzter-stich", 0) > 1:
        raise _bad("dk_last_trick_one_card", f"{field}.specials")
    for party, augen, tricks in (("re", facts.re_augen, facts.re_tricks),
                                 ("kontra", facts.kontra_augen, facts.kontra_tricks)):
        doko = sum(1 for sp in facts.specials if sp.kind == "doppelkopf" and sp.party == party)
        # A written result stands for a band of Augen, not for these: only counts decide.
        too_few_augen = facts.result is None and doko * 40 > augen
        if tricks is not None and (doko > tricks or too_few_augen):
            raise _bad("dk_doppelkopf_count", f"{field}.specials", party=party.upper(),
                       count=doko, tricks=tricks, augen=augen)
        if tricks is None and too_few_augen:
            raise _bad("dk_doppelkopf_count_augen", f"{field}.specials", party=party.upper(),
                       count=doko, augen=augen)
        if facts.took_no_trick(party) and any(sp.party == party for sp in facts.specials):
            raise _bad("dk_special_no_trick", f"{field}.specials", party=party.upper())
