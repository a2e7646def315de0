"""Race facts and the one scoring path for played races and score-sheet races.

A race leaves *facts*: who won it and how (``simple``/``ultimate``; ``null`` when the game was
drawn because no tie-break card could be dealt), the Karo cards each player gave up from the
reserve, and the market picks in order (with explicit Anlegen also the attaches). Scoring
reads nothing else: :func:`take_card` and :func:`attach_card` move a card into a player's
holdings and end the game on a complete row or the third strike; a replayed race calls them
pick by pick, a score-sheet race calls them through :func:`settle_facts`.

>>> from games.engines.rennen.game import GameState
>>> from games.engines.rennen.rules import RennenRules
>>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
>>> facts = RaceFacts.from_json({"winner": "Anna", "win": "ultimate",
...     "picks": [{"player": "Anna", "card": "KC"}, {"player": "Bert", "card": "KS"},
...               {"player": "Anna", "card": "10C"}]}, game.players)
>>> points, placements = settle_facts(game, facts)
>>> points, placements[2]
((0, 0), {'player': 'Anna', 'card': '10C', 'to': 'row', 'attached': ['10C']})
>>> game.seats[0].to_json()["rows"]["C"]
['QC', 'KC', '10C']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import Card, parse_card
from ..errors import InvalidFactsError, InvalidLogError, shown
from ..messages import message
from .deck import KARO, SUIT_NAME, cards_param, read_card
from .game import END_NO_TIEBREAK, GameState

SIMPLE, ULTIMATE = "simple", "ultimate"


@dataclass(frozen=True)
class PickFact:
    player: int
    card: Card


@dataclass(frozen=True)
class AttachFact:
    """An explicit attach, made after ``after`` market picks of the race."""

    player: int
    card: Card
    after: int


@dataclass(frozen=True)
class RaceFacts:
    """What a race leaves for scoring (seats are indexes; JSON uses the players' names)."""

    winner: int | None
    win: str | None
    karo: tuple[tuple[Card, ...], tuple[Card, ...]] = ((), ())
    picks: tuple[PickFact, ...] = ()
    attaches: tuple[AttachFact, ...] = ()

    def to_json(self, players: Sequence[str]) -> dict[str, Any]:
        """The facts as they appear in the log and in ``HandResult.facts``.

        >>> RaceFacts(0, "simple", picks=(PickFact(1, Card(1, "H")),)).to_json(["Anna", "Bert"])
        {'winner': 'Anna', 'win': 'simple', 'karo': {}, 'picks': [{'player': 'Bert', 'card': 'AH'}]}
        """
        data: dict[str, Any] = {
            "winner": None if self.winner is None else players[self.winner],
            "win": self.win,
            "karo": {players[seat]: [str(card) for card in cards]
                     for seat, cards in enumerate(self.karo) if cards},
            "picks": [{"player": players[pick.player], "card": str(pick.card)}
                      for pick in self.picks],
        }
        if self.attaches:
            data["attaches"] = [{"player": players[item.player], "card": str(item.card),
                                 "after": item.after} for item in self.attaches]
        return data

    @classmethod
    def from_json(cls, data: Any, players: Sequence[str]) -> RaceFacts:
        """Read score-sheet facts; malformed input raises :class:`InvalidLogError`
        whose ``field`` is relative to the deal (``facts.picks[1].card``)."""
        if not isinstance(data, Mapping):
            raise InvalidLogError("rennen_facts_object", field="facts")
        known = {"winner", "win", "karo", "picks", "attaches"}
        for key in data:
            if key not in known:
                raise InvalidLogError("rennen_unknown_fact", {"name": shown(key),
                                                              "facts": sorted(known)},
                                      field=f"facts.{key}")
        if "winner" not in data:
            raise InvalidLogError("rennen_facts_winner", field="facts")
        winner_name = data.get("winner")
        winner = None if winner_name is None else _seat(winner_name, players, "facts.winner")
        win = data.get("win")
        if winner is None and win is not None:
            raise InvalidLogError("rennen_no_winner_no_win", field="facts.win")
        if winner is not None and win not in (SIMPLE, ULTIMATE):
            raise InvalidLogError("rennen_win_kind", {"value": shown(win)}, field="facts.win")
        karo_data = data.get("karo", {})
        if not isinstance(karo_data, Mapping):
            raise InvalidLogError("rennen_karo_map", field="facts.karo")
        karo: list[tuple[Card, ...]] = [(), ()]
        for name, cards in karo_data.items():
            seat = _seat(name, players, f"facts.karo.{name}")
            karo[seat] = tuple(_cards(cards, f"facts.karo.{name}"))
        picks = tuple(PickFact(*_entry(item, players, f"facts.picks[{index}]"))
                      for index, item in enumerate(_list(data.get("picks", []), "facts.picks")))
        attaches = []
        for index, item in enumerate(_list(data.get("attaches", []), "facts.attaches")):
            where = f"facts.attaches[{index}]"
            seat, card = _entry(item, players, where)
            after = item.get("after")
            if isinstance(after, bool) or not isinstance(after, int) or not 0 <= after <= 3:
                raise InvalidLogError("rennen_attach_after", field=f"{where}.after")
            attaches.append(AttachFact(seat, card, after))
        return cls(winner, win, (karo[0], karo[1]), picks, tuple(attaches))


def _seat(name: Any, players: Sequence[str], where: str) -> int:
    if name not in players:
        raise InvalidLogError("rennen_not_player", {"value": shown(name),
                                                    "players": list(players)}, field=where)
    return list(players).index(name)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidLogError("rennen_must_be_list", field=where)
    return value


def _cards(value: Any, where: str) -> list[Card]:
    cards = []
    for index, text in enumerate(_list(value, where)):
        try:
            cards.append(read_card(text) if isinstance(text, str) else parse_card(text))
        except InvalidLogError as error:
            raise error.located(field=f"{where}[{index}]") from None
    return cards


def _entry(item: Any, players: Sequence[str], where: str) -> tuple[int, Card]:
    if not isinstance(item, Mapping):
        raise InvalidLogError("rennen_entry_object", field=where)
    seat = _seat(item.get("player"), players, f"{where}.player")
    try:
        text = item.get("card")
        card = read_card(text) if isinstance(text, str) else parse_card(text)
    except InvalidLogError as error:
        raise error.located(field=f"{where}.card") from None
    return seat, card


# -- the scoring steps shared by both paths ----------------------------------------------

def pick_order(winner: int, win: str) -> tuple[int, int, int]:
    """Who picks the three market cards: simple win: loser, winner, winner; ultimate:
    winner, loser, winner.

    >>> pick_order(0, "simple"), pick_order(0, "ultimate")
    ((1, 0, 0), (0, 1, 0))
    """
    loser = 1 - winner
    return (loser, winner, winner) if win == SIMPLE else (winner, loser, winner)


def take_card(game: GameState, seat: int, card: Card) -> dict[str, Any]:
    """A market card comes to ``seat``: a strike if the player owns it already, else into the
    reserve and (automatic Anlegen) onto the row with everything it lets in. Ends the game on
    a complete row or the third strike. Returns the placement for the match page:
    ``{"to": "row"|"reserve"|"strike", "attached": [cards attached now, in order]}``.

    >>> from games.engines.rennen.rules import RennenRules
    >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
    >>> take_card(game, 0, Card(10, "H")), take_card(game, 0, Card(13, "H"))
    ({'to': 'reserve', 'attached': []}, {'to': 'row', 'attached': ['KH', '10H']})
    >>> take_card(game, 0, Card(10, "H"))
    {'to': 'strike', 'attached': []}
    """
    holdings = game.seats[seat]
    rules = game.rules
    if holdings.owns(card) and (card.suit != KARO or rules.karo_duplicates == "strike"):
        holdings.strikes.append(card)
        game.check_win(seat)
        return {"to": "strike", "attached": []}
    holdings.reserve.append(card)
    attached = holdings.attach_all() if rules.attach == "auto" else []
    game.check_win(seat)
    return {"to": "row" if card in attached else "reserve",
            "attached": [str(item) for item in attached]}


def attach_problem(game: GameState, seat: int, card: Card
                   ) -> tuple[str, dict[str, Any]] | None:
    """Why ``seat`` cannot attach ``card`` now, as an error's code and params (``None``: it
    can).

    >>> from games.engines.rennen.rules import RennenRules
    >>> from games.engines.messages import render
    >>> game = GameState.new(RennenRules(attach="explicit"), ("Anna", "Bert"), number=1,
    ...                      seed=None)
    >>> game.seats[0].reserve.append(Card(10, "H"))
    >>> render(*attach_problem(game, 0, Card(10, "H")))
    'Anna cannot attach 10H: the Herz row needs KH first (Herz row: QH)'
    """
    holdings = game.seats[seat]
    params: dict[str, Any] = {"player": game.players[seat], "card": str(card)}
    if card not in holdings.reserve:
        return "rennen_attach_not_reserve", {**params,
                                             "cards": cards_param(holdings.reserve)}
    if card.suit == KARO:
        return "rennen_attach_karo", params
    missing = holdings.needs(card)
    if missing is not None:
        return "rennen_attach_gap", {**params, "suit": SUIT_NAME[card.suit],
                                     "missing_card": str(missing),
                                     "cards": cards_param(holdings.row_cards(card.suit))}
    return None


def attach_card(game: GameState, seat: int, card: Card) -> None:
    """Explicit Anlegen of a reserve card (the caller checked :func:`attach_problem`)."""
    game.seats[seat].attach(card)
    game.check_win(seat)


def race_points(game: GameState, *, ended_now: bool) -> tuple[int, int]:
    """A race scores 1 for the player whose win ends the game in it, else nothing; the
    match score is the sum, i.e. the games won.

    >>> from games.engines.rennen.rules import RennenRules
    >>> game = GameState.new(RennenRules(), ("Anna", "Bert"), number=1, seed=None)
    >>> game.winner, game.end = 1, "strikes"
    >>> race_points(game, ended_now=True), race_points(game, ended_now=False)
    ((0, 1), (0, 0))
    """
    if ended_now and game.winner is not None:
        return (1, 0) if game.winner == 0 else (0, 1)
    return (0, 0)


# -- the score-sheet path ----------------------------------------------------------------

def settle_facts(game: GameState,
                 facts: RaceFacts) -> tuple[tuple[int, int], list[dict[str, Any]]]:
    """Score one score-sheet race on ``game`` (mutated); returns the race's points and where
    each picked card went (``{"player", "card", "to", "attached"}``).

    Raises :class:`InvalidFactsError` (field relative to the deal) when the facts cannot be
    true together: a pick out of turn, a card not in the stock, a Karo card the player did not
    have, picks after the game was won, too few picks, an ultimate win with one card each, a
    draw that the Kreuzvorteil rules out.
    """
    players = game.players
    if facts.win == ULTIMATE and facts.winner is not None and game.race_conditions()[0] == 1:
        # One card each: one trick at most, no bomb, and a tie-break gives a simple win.
        raise InvalidFactsError("rennen_fact_ultimate_shortage", {
            "player": players[facts.winner], "count": len(game.stock)}, field="facts.win")
    if facts.winner is None:
        _check_draw_possible(game)
    for seat, cards in enumerate(facts.karo):
        reserve = Counter(game.seats[seat].reserve)
        for index, card in enumerate(cards):
            where = f"facts.karo.{players[seat]}[{index}]"
            if card.suit != KARO:
                raise InvalidFactsError("rennen_fact_karo_only", {"player": players[seat],
                                                                  "card": str(card)},
                                        field=where)
            if reserve[card] <= 0:
                raise InvalidFactsError("rennen_fact_karo_reserve", {
                    "player": players[seat], "card": str(card),
                    "cards": cards_param(game.seats[seat].reserve)}, field=where)
            reserve[card] -= 1
    for seat, cards in enumerate(facts.karo):
        for card in cards:
            game.seats[seat].reserve.remove(card)
    if facts.winner is None:
        if facts.picks or facts.attaches:
            raise InvalidFactsError("rennen_fact_draw_picks", field="facts.picks")
        game.draw_game(END_NO_TIEBREAK)
        game.finish_race()
        return (0, 0), []
    if game.rules.attach == "auto" and facts.attaches:
        raise InvalidFactsError("rennen_fact_attaches_auto", field="facts.attaches")
    assert facts.win is not None
    order = pick_order(facts.winner, facts.win)
    stock = Counter(game.stock)
    attaches = sorted(enumerate(facts.attaches), key=lambda item: item[1].after)
    pending = list(attaches)

    def attach_until(count: int) -> None:
        while pending and pending[0][1].after <= count:
            index, item = pending.pop(0)
            if game.over:
                raise InvalidFactsError("rennen_fact_attach_over", {
                    "player": players[item.player], "card": str(item.card),
                    "end": game.end_message()}, field=f"facts.attaches[{index}]")
            problem = attach_problem(game, item.player, item.card)
            if problem is not None:
                raise InvalidFactsError(*problem, field=f"facts.attaches[{index}]")
            attach_card(game, item.player, item.card)

    placements: list[dict[str, Any]] = []
    attach_until(0)
    for index, pick in enumerate(facts.picks):
        where = f"facts.picks[{index}]"
        if game.over:
            raise InvalidFactsError("rennen_fact_pick_over", {
                "player": players[pick.player], "card": str(pick.card),
                "end": game.end_message()}, field=where)
        if index >= len(order):
            raise InvalidFactsError("rennen_fact_three_picks", {"count": len(facts.picks)},
                                    field=where)
        if pick.player != order[index]:
            raise InvalidFactsError("rennen_fact_pick_turn", {
                "player": players[pick.player], "number": index + 1,
                "order": _order_text(players, facts.winner, facts.win)}, field=where)
        if stock[pick.card] <= 0:
            raise InvalidFactsError("rennen_fact_pick_stock", {
                "player": players[pick.player], "card": str(pick.card)}, field=where)
        stock[pick.card] -= 1
        placements.append({"player": players[pick.player], "card": str(pick.card),
                           **take_card(game, pick.player, pick.card)})
        attach_until(index + 1)
    if pending:
        index, item = pending[0]
        name = players[item.player]
        if game.over:
            raise InvalidFactsError("rennen_fact_attach_over", {
                "player": name, "card": str(item.card), "end": game.end_message()},
                field=f"facts.attaches[{index}]")
        raise InvalidFactsError("rennen_fact_attach_after", {
            "player": name, "card": str(item.card), "after": item.after,
            "count": len(facts.picks)}, field=f"facts.attaches[{index}]")
    if not game.over and len(facts.picks) != len(order):
        raise InvalidFactsError("rennen_fact_three_picks_order", {
            "count": len(facts.picks),
            "order": _order_text(players, facts.winner, facts.win)}, field="facts.picks")
    ended = game.over
    game.finish_race()
    return race_points(game, ended_now=ended), placements


def _check_draw_possible(game: GameState) -> None:
    """A race without a winner needs a tie that no card can break. The Kreuz player wins
    every tied trick and extra card, so with a Kreuzvorteil only a 2-card race can end 1:1
    and then find no card in the stock (unless an option decides that tie another way)."""
    hand_size, _shortage, advantages, _lapsed = game.race_conditions()
    kreuz = advantages["C"]
    if kreuz is None:
        return
    rules = game.rules
    if hand_size == 1:
        why = message("rennen_why_one_card")
    elif hand_size != 2:
        why = message("rennen_why_cards", count=hand_size)
    elif rules.kreuz_decides_final_tie:
        why = message("rennen_why_kreuz_tie")
    elif rules.tiebreak_without_stock == "reshuffle":
        why = message("rennen_why_reshuffle")
    else:
        return
    raise InvalidFactsError("rennen_fact_no_draw", {"player": game.players[kreuz], "why": why},
                            field="facts.winner")

def _order_text(players: Sequence[str], winner: int, win: str) -> dict[str, Any]:
    """Who picks when (a message)."""
    return message("rennen_fact_order_simple" if win == SIMPLE else "rennen_fact_order_ultimate",
                   winner=players[winner], loser=players[1 - winner])
