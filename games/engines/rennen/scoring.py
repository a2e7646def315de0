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
from ..errors import InvalidFactsError, InvalidLogError
from .deck import KARO, SUIT_NAME, cards_text
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
            raise InvalidLogError("facts must be an object", field="facts")
        known = {"winner", "win", "karo", "picks", "attaches"}
        for key in data:
            if key not in known:
                raise InvalidLogError(f"unknown fact {key!r}; the facts are "
                                      + ", ".join(sorted(known)), field=f"facts.{key}")
        if "winner" not in data:
            raise InvalidLogError("facts must name the race's winner (null when the game was "
                                  "drawn because no card could break a tie)", field="facts")
        winner_name = data.get("winner")
        winner = None if winner_name is None else _seat(winner_name, players, "facts.winner")
        win = data.get("win")
        if winner is None and win is not None:
            raise InvalidLogError("a race without a winner has no kind of win (win: null)",
                                  field="facts.win")
        if winner is not None and win not in (SIMPLE, ULTIMATE):
            raise InvalidLogError(f"win must be 'simple' or 'ultimate', not {win!r}",
                                  field="facts.win")
        karo_data = data.get("karo", {})
        if not isinstance(karo_data, Mapping):
            raise InvalidLogError("karo must map player names to lists of Karo cards",
                                  field="facts.karo")
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
                raise InvalidLogError("after must be the number of picks made before the "
                                      "attach (0 to 3)", field=f"{where}.after")
            attaches.append(AttachFact(seat, card, after))
        return cls(winner, win, (karo[0], karo[1]), picks, tuple(attaches))


def _seat(name: Any, players: Sequence[str], where: str) -> int:
    if name not in players:
        raise InvalidLogError(f"{name!r} is not a player of this match ("
                              + ", ".join(players) + ")", field=where)
    return list(players).index(name)


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidLogError("must be a list", field=where)
    return value


def _cards(value: Any, where: str) -> list[Card]:
    cards = []
    for index, text in enumerate(_list(value, where)):
        try:
            cards.append(parse_card(text))
        except InvalidLogError as error:
            raise error.located(field=f"{where}[{index}]") from None
    return cards


def _entry(item: Any, players: Sequence[str], where: str) -> tuple[int, Card]:
    if not isinstance(item, Mapping):
        raise InvalidLogError('must be an object such as {"player": "Anna", "card": "AH"}',
                              field=where)
    seat = _seat(item.get("player"), players, f"{where}.player")
    try:
        card = parse_card(item.get("card"))  # type: ignore[arg-type]
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


def attach_problem(game: GameState, seat: int, card: Card) -> str | None:
    """Why ``seat`` cannot attach ``card`` now (``None``: it can).

    >>> from games.engines.rennen.rules import RennenRules
    >>> game = GameState.new(RennenRules(attach="explicit"), ("Anna", "Bert"), number=1,
    ...                      seed=None)
    >>> game.seats[0].reserve.append(Card(10, "H"))
    >>> attach_problem(game, 0, Card(10, "H"))
    'Anna cannot attach 10H: the Herz row needs KH first (Herz row: QH)'
    """
    holdings = game.seats[seat]
    name = game.players[seat]
    if card not in holdings.reserve:
        return (f"{name} cannot attach {card}: it is not in {name}'s reserve "
                f"(reserve: {cards_text(holdings.reserve)})")
    if card.suit == KARO:
        return f"{name} cannot attach {card}: Karo has no Dame and no row"
    missing = holdings.needs(card)
    if missing is not None:
        row = cards_text(holdings.row_cards(card.suit))
        return (f"{name} cannot attach {card}: the {SUIT_NAME[card.suit]} row needs "
                f"{missing} first ({SUIT_NAME[card.suit]} row: {row})")
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
        raise InvalidFactsError(
            f"{players[facts.winner]} cannot win ultimately: with one card each (the stock "
            f"holds {len(game.stock)} cards: card shortage) a race is won by one trick at most, "
            "a simple win", field="facts.win")
    if facts.winner is None:
        _check_draw_possible(game)
    for seat, cards in enumerate(facts.karo):
        reserve = Counter(game.seats[seat].reserve)
        for index, card in enumerate(cards):
            where = f"facts.karo.{players[seat]}[{index}]"
            if card.suit != KARO:
                raise InvalidFactsError(f"{players[seat]} cannot exchange {card}: only Karo "
                                        "cards from the reserve can be exchanged", field=where)
            if reserve[card] <= 0:
                raise InvalidFactsError(
                    f"{players[seat]} cannot exchange {card}: it is not in "
                    f"{players[seat]}'s reserve (reserve: "
                    f"{cards_text(game.seats[seat].reserve)})", field=where)
            reserve[card] -= 1
    for seat, cards in enumerate(facts.karo):
        for card in cards:
            game.seats[seat].reserve.remove(card)
    if facts.winner is None:
        if facts.picks or facts.attaches:
            raise InvalidFactsError("a race without a winner has no picks: the game was drawn "
                                    "because no card could be dealt to break the tie",
                                    field="facts.picks")
        game.draw_game(END_NO_TIEBREAK)
        game.finish_race()
        return (0, 0), []
    if game.rules.attach == "auto" and facts.attaches:
        raise InvalidFactsError("attaches are recorded only with explicit Anlegen "
                                "(rules.attach is 'auto')", field="facts.attaches")
    assert facts.win is not None
    order = pick_order(facts.winner, facts.win)
    stock = Counter(game.stock)
    attaches = sorted(enumerate(facts.attaches), key=lambda item: item[1].after)
    pending = list(attaches)

    def attach_until(count: int) -> None:
        while pending and pending[0][1].after <= count:
            index, item = pending.pop(0)
            if game.over:
                raise InvalidFactsError(f"{players[item.player]} cannot attach {item.card}: the "
                                        f"game was already over ({game.end_text()})",
                                        field=f"facts.attaches[{index}]")
            problem = attach_problem(game, item.player, item.card)
            if problem is not None:
                raise InvalidFactsError(problem, field=f"facts.attaches[{index}]")
            attach_card(game, item.player, item.card)

    placements: list[dict[str, Any]] = []
    attach_until(0)
    for index, pick in enumerate(facts.picks):
        where = f"facts.picks[{index}]"
        if game.over:
            raise InvalidFactsError(f"{players[pick.player]} cannot pick {pick.card}: the game "
                                    f"was over after the pick before ({game.end_text()})",
                                    field=where)
        if index >= len(order):
            raise InvalidFactsError("a race has three market picks, not "
                                    f"{len(facts.picks)}", field=where)
        if pick.player != order[index]:
            raise InvalidFactsError(
                f"{players[pick.player]} cannot make pick {index + 1}: "
                + _order_text(players, facts.winner, facts.win), field=where)
        if stock[pick.card] <= 0:
            raise InvalidFactsError(f"{players[pick.player]} cannot pick {pick.card}: it is not "
                                    "in the stock (both copies are owned or picked)",
                                    field=where)
        stock[pick.card] -= 1
        placements.append({"player": players[pick.player], "card": str(pick.card),
                           **take_card(game, pick.player, pick.card)})
        attach_until(index + 1)
    if pending:
        index, item = pending[0]
        name = players[item.player]
        if game.over:
            raise InvalidFactsError(f"{name} cannot attach {item.card}: the game was already "
                                    f"over ({game.end_text()})", field=f"facts.attaches[{index}]")
        raise InvalidFactsError(f"{name} cannot attach {item.card} after {item.after} picks: "
                                f"the race records {len(facts.picks)} picks",
                                field=f"facts.attaches[{index}]")
    if not game.over and len(facts.picks) != len(order):
        raise InvalidFactsError(f"a race has three market picks, not {len(facts.picks)} ("
                                + _order_text(players, facts.winner, facts.win) + ")",
                                field="facts.picks")
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
    if hand_size != 2:
        why = f"with {hand_size} card{'s' if hand_size > 1 else ''} each the tricks cannot tie"
    elif rules.kreuz_decides_final_tie:
        why = "a tie in tricks is his by rules.kreuz_decides_final_tie"
    elif rules.tiebreak_without_stock == "reshuffle":
        why = ("the played cards are shuffled back to break the tie "
               "(rules.tiebreak_without_stock)")
    else:
        return
    raise InvalidFactsError(f"the game cannot be drawn in this race: {game.players[kreuz]} "
                            f"holds the Kreuzvorteil and wins every tie, and {why}",
                            field="facts.winner")

def _order_text(players: Sequence[str], winner: int, win: str) -> str:
    loser = 1 - winner
    if win == SIMPLE:
        return (f"after a simple win for {players[winner]}, {players[loser]} picks first, "
                f"then {players[winner]} picks two")
    return (f"after an ultimate win for {players[winner]}, {players[winner]} picks first, "
            f"then {players[loser]}, then {players[winner]}")
