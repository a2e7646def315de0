"""Replay a whole Nerts match document: the table (teams), each hand, the match totals.

>>> from .randomplay import random_document
>>> import random
>>> document = random_document(rng=random.Random(4), players=["Anna", "Bert"],
...                            rules={"target": 20})
>>> result = replay_document(document)
>>> result.summary["finished"], result.seats[0].score == result.summary["totals"]["Anna"]
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..cards import RANK_TEXT
from ..contract import (
    MAX_NAME,
    HandResult,
    MatchResult,
    SeatResult,
    check_moves,
    ranks_for,
    read_envelope,
)
from ..errors import EngineError, InvalidFactsError, InvalidLogError, shown
from ..rules import resolve_rules, rules_to_json
from .moves import parse_action
from .play import apply
from .rules import PRESETS, NertsRules
from .scoring import HandFacts, facts_from_json, facts_of_hand, match_over, score_hand
from .state import Hand, new_hand, read_layouts, seeded_layouts

GAME = "nerts"
MIN_SEATS, MAX_SEATS = 2, 6
#: Actions per hand (``docs/log-format.md``, "Limits"): a hand of six players turning
#: through their stocks many times stays below a few thousand actions.
MAX_MOVES = 20_000


@dataclass(frozen=True)
class Table:
    """Who plays which deck: ``decks`` in seat order as (deck name, its players)."""

    players: tuple[str, ...]
    decks: tuple[tuple[str, tuple[str, ...]], ...]

    @property
    def deck_of(self) -> dict[str, str]:
        return {player: name for name, players in self.decks for player in players}

    @property
    def deck_names(self) -> list[str]:
        return [name for name, _players in self.decks]


def read_table(document: Mapping[str, Any], players: Sequence[str], rules: NertsRules) -> Table:
    """The decks: one per player, or one per team of the envelope's ``teams`` list.

    >>> read_table({"teams": [{"name": "Nord", "players": ["Anna", "Bert"]}]},
    ...            ["Anna", "Bert", "Cora"], NertsRules(partnerships=True))
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: teams: partnerships are teams of two for six players...
    """
    for player in players:
        if ">" in player or player != player.strip():
            raise InvalidLogError("nerts_name_chars", {"value": shown(player)},
                                  field="players")
    teams = document.get("teams")
    if not rules.partnerships:
        if teams is not None:
            raise InvalidLogError("nerts_teams_not_partnership", field="teams")
        return Table(tuple(players), tuple((player, (player,)) for player in players))
    if len(players) % 2 or len(players) < 6:
        raise InvalidLogError("nerts_partnership_size", {"count": len(players)}, field="teams")
    if not isinstance(teams, list):
        raise InvalidLogError("nerts_teams_list", field="teams")
    decks: list[tuple[str, tuple[str, ...]]] = []
    seen: set[str] = set()
    for index, team in enumerate(teams):
        where = f"teams[{index}]"
        if not isinstance(team, Mapping) or set(team) != {"name", "players"}:
            raise InvalidLogError("nerts_team_shape", field=where)
        name, members = team["name"], team["players"]
        if not isinstance(name, str) or not name.strip() or ">" in name or name != name.strip() \
                or len(name) > MAX_NAME:
            raise InvalidLogError("nerts_team_name", {"value": shown(name)},
                                  field=f"{where}.name")
        if name in (deck for deck, _members in decks):
            raise InvalidLogError("nerts_team_twice", {"value": shown(name)},
                                  field=f"{where}.name")
        if not isinstance(members, list) or len(members) != 2:
            raise InvalidLogError("nerts_team_size", {"team": name}, field=f"{where}.players")
        for member in members:
            if member not in players:
                raise InvalidLogError("nerts_team_stranger", {"value": shown(member),
                                                              "team": name},
                                      field=f"{where}.players")
            if member in seen:
                raise InvalidLogError("nerts_two_teams", {"player": member},
                                      field=f"{where}.players")
            seen.add(member)
        decks.append((name, tuple(members)))
    alone = [player for player in players if player not in seen]
    if alone:
        raise InvalidLogError("nerts_no_team_one" if len(alone) == 1 else "nerts_no_team_many",
                              {"players": alone}, field="teams")
    return Table(tuple(players), tuple(decks))


@dataclass
class PlayedHand:
    """A replayed hand: the final table, the account of every action, the facts."""

    hand: Hand
    start: dict[str, dict[str, list[str]]]
    entries: list[dict[str, Any]]
    facts: HandFacts


def start_hand(rules: NertsRules, table: Table, deal: Mapping[str, Any], *, number: int,
               seed: str | int | None) -> Hand:
    """Lay out hand ``number`` (from 1) from the deal's recorded ``decks`` or the seed."""
    where = f"deals[{number - 1}]"
    if "decks" in deal:
        layouts = read_layouts(rules, deal["decks"], table.deck_names, field_path=f"{where}.decks")
    elif seed is not None:
        layouts = seeded_layouts(rules, table.decks, seed=seed, hand=number)
    else:
        raise InvalidLogError("nerts_no_decks", {"number": number}, field=where)
    return new_hand(rules, layouts, table.deck_of)


def replay_hand(rules: NertsRules, table: Table, deal: Mapping[str, Any], *, number: int,
                seed: str | int | None, complete: bool = True) -> PlayedHand:
    """Replay one played deal; errors carry the deal and the move.

    ``complete=False`` replays the start of a hand (tests, a review of a cut-off log).
    """
    hand = start_hand(rules, table, deal, number=number, seed=seed)
    start = {name: {"nerts": snap["nerts"], "work": [pile[0] for pile in snap["work"]],
                    "stock": snap["stock"]}
             for name, snap in ((name, deck.snapshot()) for name, deck in hand.decks.items())}
    moves = deal["moves"]
    if not isinstance(moves, list):
        raise InvalidLogError("nerts_moves_list", deal=number,
                              field=f"deals[{number - 1}].moves")
    check_moves(moves, limit=MAX_MOVES, deal=number, field=f"deals[{number - 1}].moves")
    entries = []
    for index, data in enumerate(moves):
        notation = data.get("move") if isinstance(data, Mapping) else None
        try:
            entries.append(apply(hand, parse_action(data)))
        except EngineError as error:
            if error.notation is None and isinstance(notation, str):
                error.notation = notation
            raise error.located(deal=number, move=index + 1,
                                field=f"deals[{number - 1}].moves[{index}]") from None
    if complete and hand.ended is None:
        raise InvalidLogError("nerts_hand_open", {"number": number}, deal=number,
                              field=f"deals[{number - 1}].moves")
    return PlayedHand(hand, start, entries, facts_of_hand(hand))


def hand_detail(played: PlayedHand, points: Mapping[str, int], table: Table) -> dict[str, Any]:
    """The match page's account of a replayed hand (shape: the package docstring)."""
    hand = played.hand
    decks = []
    for name, players in table.decks:
        facts = next(deck for deck in played.facts.decks if deck.name == name)
        # Who of the deck's players put how many of its cards out (partners count apart).
        by_player = {player: sum(1 for f in hand.foundations for p in f.cards
                                 if p.player == player and p.card.owner == name)
                     for player in players}
        decks.append({"name": name, "players": list(players), "foundation": facts.foundation,
                      "by_player": by_player, "nerts_left": facts.nerts_left,
                      "points": points[name],
                      "start": played.start[name], "end": hand.decks[name].snapshot()})
    return {
        "ended": hand.ended,
        "caller": hand.caller,
        "caller_deck": played.facts.caller,
        "decks": decks,
        "foundations": [{"number": f.number, "suit": f.suit, "complete": f.complete,
                         "cards": [str(p.card) for p in f.cards],
                         "players": [p.player for p in f.cards],
                         "as": [f"{RANK_TEXT[p.rank]}{p.suit}" if p.card.joker else None
                                for p in f.cards]}
                        for f in hand.foundations],
        "moves": played.entries,
        "resets": hand.resets,
        "voids": sum(1 for entry in played.entries if entry.get("result") == "void"),
        "ties": sum(1 for entry in played.entries if entry.get("result") == "tie"),
    }


def facts_detail(facts: HandFacts, points: Mapping[str, int], table: Table) -> dict[str, Any]:
    """The match page's account of a score-sheet hand."""
    by_name = {deck.name: deck for deck in facts.decks}
    return {"ended": "call" if facts.caller else "stuck", "caller": None,
            "caller_deck": facts.caller,
            "decks": [{"name": name, "players": list(players),
                       "foundation": by_name[name].foundation,
                       "nerts_left": by_name[name].nerts_left, "points": points[name]}
                      for name, players in table.decks]}


def _settle(totals: Mapping[str, int]) -> tuple[str | None, dict[str, int | float]]:
    """The leader wins the difference from each other deck (shared leaders share it)."""
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    pot = sum(best - total for total in totals.values())
    share = Fraction(pot, len(leaders))
    settlement: dict[str, int | float] = {}
    for name, total in totals.items():
        amount = share if name in leaders else Fraction(total - best)
        settlement[name] = int(amount) if amount.denominator == 1 else float(amount)
    return (leaders[0] if len(leaders) == 1 else None), settlement


def replay_document(document: Mapping[str, Any], *, strict: bool = True) -> MatchResult:
    """Replay, check and score a Nerts match (see the package docstring for the shapes)."""
    envelope = read_envelope(document, game=GAME, min_seats=MIN_SEATS, max_seats=MAX_SEATS)
    rules = resolve_rules(NertsRules, PRESETS, envelope.rules_spec)
    table = read_table(document, envelope.players, rules)
    names = table.deck_names
    totals = dict.fromkeys(names, 0)
    hands: list[HandResult] = []
    errors: list[EngineError] = []
    running: list[dict[str, Any]] = []
    hand_settlements = dict.fromkeys(names, Fraction(0))
    over_after: int | None = None
    for index, deal in enumerate(envelope.deals):
        number = index + 1
        try:
            if over_after is not None:
                ahead = max(totals, key=lambda name: totals[name])
                raise InvalidLogError("nerts_match_over", {
                    "number": over_after, "deck": ahead, "total": totals[ahead],
                    "target": rules.target}, deal=number, field=f"deals[{index}]")
            result, points = _score_deal(rules, table, deal, number=number,
                                         seed=envelope.seed)
        except EngineError as error:
            if strict:
                raise
            errors.append(error)
            continue
        hands.append(result)
        for name in names:
            totals[name] += points[name]
        _leader, settled = _settle(points)
        for name in names:
            hand_settlements[name] += Fraction(settled[name])
        running.append({"hand": number, "points": points, "totals": dict(totals)})
        if match_over(totals, rules):
            over_after = number
    leader, settlement = _settle(totals)
    if rules.settle == "hand":
        settlement = {name: int(value) if value.denominator == 1 else float(value)
                      for name, value in hand_settlements.items()}
    deck_of = table.deck_of
    scores = [totals[deck_of[player]] for player in envelope.players]
    ranks = ranks_for(scores)
    seats = tuple(SeatResult(player, score, rank)
                  for player, score, rank in zip(envelope.players, scores, ranks, strict=True))
    summary = {
        "target": rules.target,
        "finished": over_after is not None,
        "decks": [{"name": name, "players": list(players), "total": totals[name]}
                  for name, players in table.decks],
        "totals": dict(totals),
        "running": running,
        "leader": leader,
        "settle": rules.settle,
        "settlement": settlement,
    }
    return MatchResult(game=GAME, players=envelope.players, rules=rules_to_json(rules),
                       seats=seats, hands=tuple(hands), summary=summary, errors=tuple(errors))


def _score_deal(rules: NertsRules, table: Table, deal: Mapping[str, Any], *, number: int,
                seed: str | int | None) -> tuple[HandResult, dict[str, int]]:
    """Score one deal, played or from the score sheet: the result and each deck's points."""
    where = f"deals[{number - 1}]"
    has_moves, has_facts = "moves" in deal, "facts" in deal
    if has_moves == has_facts:
        raise InvalidLogError("nerts_moves_or_facts", deal=number, field=where)
    if has_facts:
        extra = sorted(set(deal) - {"facts", "note"})
        if extra:
            raise InvalidLogError("nerts_sheet_extra", {"name": shown(extra[0])},
                                  deal=number, field=f"{where}.{extra[0]}")
        try:
            facts = facts_from_json(deal["facts"], table.deck_names, rules)
        except InvalidFactsError as error:
            raise error.within(f"{where}.facts").located(deal=number) from None
        points = score_hand(facts, rules)
        detail = facts_detail(facts, points, table)
        source = "facts"
    else:
        extra = sorted(set(deal) - {"moves", "decks", "note"})
        if extra:
            raise InvalidLogError("nerts_deal_field", {"name": shown(extra[0])}, deal=number,
                                  field=f"{where}.{extra[0]}")
        try:
            played = replay_hand(rules, table, deal, number=number, seed=seed)
        except EngineError as error:
            raise error.located(deal=number) from None
        facts = played.facts
        points = score_hand(facts, rules)
        detail = hand_detail(played, points, table)
        source = "moves"
    deck_of = table.deck_of
    return HandResult(number=number, source=source,
                      points=tuple(points[deck_of[player]] for player in table.players),
                      facts=facts.to_json(), detail=detail), points
