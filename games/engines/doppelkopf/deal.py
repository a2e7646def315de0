"""One deal of the log: its hands, its negotiation, its moves or its score-sheet facts.

:func:`replay_deal` reads one deal object, replays and checks it and returns a
:class:`DealOutcome` (facts, score, detail). Where it stands in the list (dealer, forced
solos) comes from the session in a :class:`DealContext`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.engines.cards import Card, doppelkopf_deck, format_cards, parse_card
from games.engines.chance import seeded_shuffle
from games.engines.contract import check_moves
from games.engines.errors import (
    EngineError,
    IllegalMoveError,
    InvalidFactsError,
    InvalidLogError,
    shown,
)
from games.engines.messages import message

from .facts import CONTRACT_LABELS, DealFacts, facts_from_json
from .moves import LEVEL_WORDS, check_in_deck, parse_declaration, parse_move
from .negotiation import Contract, Negotiation
from .play import DealPlay
from .rules import DoppelkopfRules
from .scoring import DealScore, score_deal
from .tables import CARD_TEXT, SOLO_LABELS, sort_hand

SPECIAL_DEALS = ("hammelrennen", "schwarze-sau")
#: Declarations and moves per deal (``docs/log-format.md``, "Limits"): a deal has 40 cards,
#: at most ten announcements and a negotiation of a few dozen words.
MAX_MOVES = 200


@dataclass(frozen=True)
class DealContext:
    """Where a deal stands in the list."""

    number: int  # 1-based
    dealer: int
    owes: frozenset[int]  # seats that still owe a Pflichtsolo
    forced: bool  # the pot is empty: this deal is a vorgeführtes Pflichtsolo

    @property
    def forehand(self) -> int:
        return (self.dealer + 1) % 4


@dataclass
class DealOutcome:
    facts: DealFacts
    score: DealScore
    source: str
    detail: dict[str, Any]
    pflichtsolo: bool = False
    forced: bool = False
    soloist: int | None = None
    declared_solo: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


def deal_label(facts: DealFacts) -> str:
    """How the list names a deal: ``Damensolo``, ``Hochzeit``, ``stilles Solo`` ...

    >>> deal_label(DealFacts("solo", solo="damen", re=(1,)))
    'Damensolo'
    """
    if facts.contract == "solo" and facts.solo:
        return SOLO_LABELS[facts.solo]
    if facts.contract == "hochzeit" and len(facts.re) == 1:
        return "Hochzeit (allein)"
    if facts.contract == "schwarze-sau" and facts.solo:
        return f"Schwarze Sau ({SOLO_LABELS[facts.solo]})"
    return CONTRACT_LABELS[facts.contract]


def dealt_hands(deal: Mapping[str, Any], *, players: Sequence[str], number: int,
                seed: str | int | None, forehand: int, where: str) -> list[list[Card]]:
    """The four hands: recorded in ``deal.hands`` or dealt from the seed (both: must agree).

    Seeded: the canonical deck order of ``doppelkopf_deck()`` shuffled with the label
    ``deal <n>``; the first 10 cards go to the forehand, the next 10 clockwise, the last 10
    to the dealer.
    """
    seeded: list[list[Card]] | None = None
    if seed is not None:
        deck = seeded_shuffle(doppelkopf_deck(), seed=seed, label=f"deal {number}")
        seeded = [[], [], [], []]
        for block in range(4):
            seeded[(forehand + block) % 4] = deck[10 * block:10 * block + 10]
    raw = deal.get("hands")
    if raw is None:
        if seeded is None:
            raise InvalidLogError("dk_no_hands_no_seed", field=f"{where}.hands")
        return seeded
    if not isinstance(raw, Mapping) or set(raw) != set(players):
        raise InvalidLogError("dk_hands_shape", {"players": list(players)},
                              field=f"{where}.hands")
    hands: list[list[Card]] = []
    for player in players:
        written = raw[player]
        try:
            if not isinstance(written, (str, list)):
                raise InvalidLogError("dk_hand_not_list")
            cards = [check_in_deck(parse_card(c))
                     for c in (written.split() if isinstance(written, str) else written)]
        except InvalidLogError as error:
            raise InvalidLogError("dk_hand_cards", {
                "player": player, "reason": message(str(error.code), **error.params)},
                field=f"{where}.hands.{player}") from None
        if len(cards) != 10:
            raise InvalidLogError("dk_hand_size", {"player": player, "count": len(cards)},
                                  field=f"{where}.hands.{player}")
        hands.append(cards)
    counts = Counter(card for hand in hands for card in hand)
    for card, count in sorted(counts.items(), key=lambda item: str(item[0])):
        if count > 2:
            raise InvalidLogError("dk_card_count", {"count": count, "card": str(card)},
                                  field=f"{where}.hands")
    if seeded is not None and [Counter(h) for h in hands] != [Counter(h) for h in seeded]:
        raise InvalidLogError("dk_hands_not_seeded", {"number": number},
                              field=f"{where}.hands")
    return hands


def _leader(rules: DoppelkopfRules, contract: Contract, ctx: DealContext,
            pflicht: bool) -> int:
    soloist_leads = rules.solo_lead == "soloist" or (
        rules.solo_lead == "soloist-pflicht" and pflicht)
    if contract.kind == "solo" and contract.soloist is not None and soloist_leads:
        return contract.soloist
    return ctx.forehand


def replay_deal(rules: DoppelkopfRules, players: Sequence[str], deal: Mapping[str, Any],
                ctx: DealContext, *, seed: str | int | None, where: str) -> DealOutcome:
    """Replay (or read from the sheet) and score one deal; errors carry their location."""
    special = deal.get("special")
    if special is not None:
        if special not in SPECIAL_DEALS:
            raise InvalidLogError("dk_special_unknown", {"value": shown(special)},
                                  field=f"{where}.special")
        option = rules.hammelrennen if special == "hammelrennen" else rules.schwarze_sau
        if option == "never":
            raise InvalidLogError("dk_special_off", {"special": special},
                                  field=f"{where}.special")
        if ctx.forced:
            raise IllegalMoveError("dk_special_forced", {"special": special},
                                   field=f"{where}.special")
    if "facts" in deal:
        for key in ("moves", "declarations", "hands"):
            if key in deal:
                raise InvalidLogError("dk_facts_and", {"name": key}, field=f"{where}.{key}")
        return _sheet_deal(rules, players, deal, ctx, special=special, where=where)
    return _played_deal(rules, players, deal, ctx, seed=seed, special=special, where=where)


def _pflicht(facts: DealFacts, ctx: DealContext) -> bool:
    return facts.contract == "solo" and bool(facts.re) and facts.re[0] in ctx.owes


def _sheet_deal(rules: DoppelkopfRules, players: Sequence[str], deal: Mapping[str, Any],
                ctx: DealContext, *, special: str | None, where: str) -> DealOutcome:
    facts = facts_from_json(deal["facts"], players, field=f"{where}.facts",
                            sau_tricks=rules.schwarze_sau_tricks)
    if special is not None and facts.contract != special:
        raise InvalidFactsError("dk_facts_special_differs", {"special": special,
                                                             "contract": facts.contract},
                                field=f"{where}.facts.contract")
    if special is None and facts.contract in SPECIAL_DEALS:
        raise InvalidFactsError("dk_facts_special_unmarked", {"contract": facts.contract},
                                field=f"{where}.special")
    if facts.contract == "schieben" and not rules.schieben:
        raise InvalidFactsError("dk_facts_no_schieben", field=f"{where}.facts.contract")
    if ctx.forced and not _pflicht(facts, ctx):
        raise InvalidFactsError("dk_facts_forced", {
            "owing": [players[s] for s in sorted(ctx.owes)]}, field=f"{where}.facts")
    if ctx.forced and rules.vorfuehren_order == "front-seat":
        first = next(s for s in ((ctx.forehand + i) % 4 for i in range(4)) if s in ctx.owes)
        if facts.re[0] != first:
            raise InvalidFactsError("dk_vorfuehren_turn", {
                "first": players[first], "other": players[facts.re[0]]},
                field=f"{where}.facts.re")
    pflicht = _pflicht(facts, ctx)
    score = score_deal(facts, rules, forced=ctx.forced)
    if facts.result is not None:
        _check_result(facts, score, where)
    detail = _base_detail(players, ctx, facts, score, special)
    detail["contract"].update({"pflichtsolo": pflicht, "forced": ctx.forced})
    return DealOutcome(facts, score, "facts", detail, pflichtsolo=pflicht, forced=ctx.forced,
                       soloist=facts.re[0] if facts.contract == "solo" else None,
                       declared_solo=facts.contract == "solo")


def _check_result(facts: DealFacts, score: DealScore, where: str) -> None:
    """A result written as "RE won, KONTRA under 90" must be what these facts score."""
    assert facts.result is not None
    winner, under = facts.result
    scored = score.value.get("winner")
    if scored == winner:
        return
    loser = ("kontra" if winner == "re" else "re").upper()
    level = facts.re_level if winner == "re" else facts.kontra_level
    if score.value.get("sixty_rule"):
        why = message("dk_result_why_sixty", party=winner.upper())
    elif level >= 2 and under == "schwarz":
        why = message("dk_result_why_schwarz", party=winner.upper(), word=LEVEL_WORDS[level],
                      loser=loser)
    elif level >= 2 and under:
        why = message("dk_result_why_under", party=winner.upper(), word=LEVEL_WORDS[level],
                      loser=loser, under=under)
    elif level >= 2:
        why = message("dk_result_why_90", party=winner.upper(), word=LEVEL_WORDS[level],
                      loser=loser)
    else:
        why = message("dk_result_why_other")
    raise InvalidFactsError("dk_result_cannot_be", {"party": winner.upper(), "why": why},
                            field=f"{where}.facts.result")


def _base_detail(players: Sequence[str], ctx: DealContext, facts: DealFacts,
                 score: DealScore, special: str | None) -> dict[str, Any]:
    contract: dict[str, Any] = {
        "kind": facts.contract, "solo": facts.solo, "label": deal_label(facts),
        "re": [players[s] for s in facts.re],
        "kontra": [players[s] for s in range(4) if s not in facts.re]
        if facts.party_game else [],
        "soloist": players[facts.re[0]] if facts.is_solo and facts.re else None,
    }
    detail: dict[str, Any] = {
        "number": ctx.number, "dealer": players[ctx.dealer], "forehand": players[ctx.forehand],
        "special": special, "label": deal_label(facts), "contract": contract,
        "value": score.value,
        "points": {players[s]: score.points[s] for s in range(4)},
    }
    if facts.contract == "hammelrennen":
        detail["augen"] = {players[s]: facts.seat_augen[s] for s in range(4)}
        detail["value"] = dict(score.value, winner=[players[s] for s in score.value["winner"]])
    elif facts.party_game and facts.result is not None:
        detail["result"] = {"winner": facts.result[0], "loser_under": facts.result[1]}
    elif facts.party_game:
        detail["augen"] = {"re": facts.re_augen, "kontra": facts.kontra_augen}
    if facts.party_game and facts.re_tricks is not None and facts.kontra_tricks is not None:
        detail["tricks_won"] = {"re": facts.re_tricks, "kontra": facts.kontra_tricks}
    return detail


def _played_deal(rules: DoppelkopfRules, players: Sequence[str], deal: Mapping[str, Any],
                 ctx: DealContext, *, seed: str | int | None, special: str | None,
                 where: str) -> DealOutcome:
    hands = dealt_hands(deal, players=players, number=ctx.number, seed=seed,
                        forehand=ctx.forehand, where=where)
    dealt = [list(hand) for hand in hands]
    declarations = deal.get("declarations", [])
    moves = deal.get("moves", [])
    for key, value in (("declarations", declarations), ("moves", moves)):
        if not isinstance(value, list):
            raise InvalidLogError("dk_not_text_list", {"name": key}, field=f"{where}.{key}")
    for key, value in (("declarations", declarations), ("moves", moves)):
        check_moves(value, limit=MAX_MOVES, deal=ctx.number, field=f"{where}.{key}")
    if special is not None:
        if declarations:
            raise IllegalMoveError("dk_special_declarations", {"special": special},
                                   field=f"{where}.declarations[0]",
                                   notation=shown(declarations[0]))
        contract = Contract(special)
        negotiation = None
    else:
        negotiation = Negotiation(rules, tuple(players), ctx.forehand,
                                  [list(h) for h in hands], owes=ctx.owes, forced=ctx.forced)
        for index, text in enumerate(declarations):
            spot = f"{where}.declarations[{index}]"
            try:
                negotiation.declare(parse_declaration(text))
            except EngineError as error:
                # The field names the declaration: "deal 1: declaration 7: ...".
                if error.notation is None:
                    error.notation = text if isinstance(text, str) else shown(text)
                raise error.located(field=spot) from None
        if not negotiation.finished:
            raise IllegalMoveError("dk_negotiation_unfinished",
                                   {"waits": negotiation.expecting()},
                                   field=f"{where}.declarations")
        contract = negotiation.contract()
        hands = negotiation.hands
    pflicht = contract.kind == "solo" and contract.soloist in ctx.owes
    contract.forced = ctx.forced
    if contract.kind == "redeal":
        if moves:
            raise IllegalMoveError("dk_redeal_moves", field=f"{where}.moves[0]")
        facts = DealFacts("redeal")
        score = score_deal(facts, rules)
        detail = _base_detail(players, ctx, facts, score, special)
        detail.update(_negotiation_detail(players, dealt, declarations, contract))
        return DealOutcome(facts, score, "moves", detail)
    play = DealPlay(rules, players, hands, contract,
                    leader=_leader(rules, contract, ctx, pflicht))
    for index, text in enumerate(moves):
        spot = f"{where}.moves[{index}]"
        try:
            play.apply(parse_move(text))
        except EngineError as error:
            if error.notation is None:
                error.notation = text if isinstance(text, str) else shown(text)
            raise error.located(move=index + 1, field=spot) from None
    if not play.finished:
        raise InvalidLogError("dk_deal_unfinished", {"count": play.cards_played},
                              field=f"{where}.moves")
    facts = play.facts()
    score = score_deal(facts, rules, forced=ctx.forced)
    detail = _base_detail(players, ctx, facts, score, special)
    detail.update(_negotiation_detail(players, dealt, declarations, contract))
    detail["contract"].update(_play_contract_detail(players, play, contract, pflicht))
    detail["announcements"] = [dict(a, trick=_trick_of(int(str(a["after_cards"]))))
                               for a in play.announcements]
    detail["tricks"] = [{
        "number": t.number, "leader": players[t.leader],
        "cards": [{"player": players[s], "card": CARD_TEXT[c]}
                  for s, c in zip(t.seats, t.cards, strict=True)],
        "winner": players[t.winner], "augen": t.augen,
        "party": (None if facts.contract == "hammelrennen"
                  else "re" if t.winner in facts.re else "kontra"),
    } for t in play.tricks]
    detail["moves"] = [str(m) for m in moves]
    return DealOutcome(facts, score, "moves", detail, pflichtsolo=pflicht, forced=ctx.forced,
                       soloist=contract.soloist if contract.kind == "solo" else None,
                       declared_solo=contract.kind == "solo")


def _trick_of(after_cards: int) -> int:
    return after_cards // 4 + 1


def _negotiation_detail(players: Sequence[str], dealt: list[list[Card]],
                        declarations: list[Any], contract: Contract) -> dict[str, Any]:
    def name(seat: int | None) -> str | None:
        return None if seat is None else players[seat]

    out: dict[str, Any] = {
        "hands": {players[s]: format_cards(sort_hand(dealt[s])) for s in range(4)},
        "declarations": [str(d) for d in declarations],
    }
    info: dict[str, Any] = {"abgebogen": contract.abgebogen, "abbieger": name(contract.abbieger),
                            "abgebogen_solo_of": name(contract.abgebogen_solo_of),
                            "absage": None}
    if contract.absage is not None:
        info["absage"] = {"player": players[contract.absage[0]],
                          "word": LEVEL_WORDS[contract.absage[1]]}
    if contract.schieben is not None:
        sch = contract.schieben
        info["schieben"] = {
            "pusher": name(sch.pusher), "taker": name(sch.taker),
            "given": format_cards(sch.given), "returned": format_cards(sch.returned),
            "returned_trump": sch.returned_trump,
        }
    out["negotiation"] = info
    return out


def _play_contract_detail(players: Sequence[str], play: DealPlay, contract: Contract,
                          pflicht: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"pflichtsolo": pflicht, "forced": contract.forced,
                           "leader": players[play.tricks[0].leader] if play.tricks else None}
    if contract.kind == "hochzeit":
        assert contract.hochzeiter is not None and play.re is not None
        partner = [s for s in play.re if s != contract.hochzeiter]
        out.update({"hochzeiter": players[contract.hochzeiter],
                    "partner": players[partner[0]] if partner else None,
                    "finding_kind": play.hochzeit_kind(),
                    "finding_trick": play.finding, "alone": play.hochzeit_alone})
    if contract.kind == "schwarze-sau":
        out.update({"sau_taker": None if play.sau_taker is None else players[play.sau_taker],
                    "solo_from_trick": play.sau_from})
    return out
