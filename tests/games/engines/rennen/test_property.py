"""Random legal play never crashes and always ends in a valid state or a draw."""

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines.rennen import ENGINE
from games.engines.rennen.deck import full_deck
from games.engines.rennen.replay import recorded_document

RULES = st.fixed_dictionaries({}, optional={
    "attach": st.sampled_from(["auto", "explicit"]),
    "kreuz_decides_final_tie": st.booleans(),
    "kreuz_bomb_win": st.sampled_from(["ultimate", "simple"]),
    "karo_duplicates": st.sampled_from(["reserve", "strike"]),
    "tiebreak_without_stock": st.sampled_from(["draw", "reshuffle"]),
    "games": st.integers(1, 2),
})


def check_game(game):
    """A finished game: a winner with a complete row or three strikes, or a draw; and every
    one of the 48 cards is somewhere (Damen, rows, reserves, strikes or the stock)."""
    assert game["end"] in ("row", "strikes", "shortage", "no_tiebreak")
    seats = game["seats"]
    if game["end"] == "row":
        winner = seats[[seat["player"] for seat in seats].index(game["winner"])]
        assert len(winner["rows"][game["suit"]]) == 6
    elif game["end"] == "strikes":
        winner = seats[[seat["player"] for seat in seats].index(game["winner"])]
        assert {card[-1] for card in winner["strikes"]} >= {"C", "S", "H"}
    else:
        assert game["winner"] is None
    for seat in seats:
        rows = seat["rows"]
        assert all(len(rows[suit]) < 6 for suit in rows) or seat["player"] == game["winner"]
    owned = Counter(card for seat in seats for cards in
                    (*seat["rows"].values(), seat["reserve"], seat["strikes"]) for card in cards)
    deck = Counter(str(card) for card in full_deck())
    assert all(owned[card] <= deck[card] for card in owned)


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32), rules=RULES)
def test_random_play(seed, rules):
    doc = ENGINE.random_document(rng=random.Random(seed), players=["Anna", "Bert"],
                                 rules={"preset": "seed", **rules})
    result = ENGINE.replay(doc)
    games = result.summary["games"]
    assert len(games) == rules.get("games", 1)
    for game in games:
        check_game(game)
    assert sum(seat.score for seat in result.seats) == sum(
        1 for game in games if game["winner"] is not None)
    # The facts alone (a score sheet) score exactly like the moves.
    sheet = dict(doc, deals=[{"facts": dict(hand.facts)} for hand in result.hands])
    from_sheet = ENGINE.replay(sheet)
    assert [hand.points for hand in from_sheet.hands] == [hand.points for hand in result.hands]
    assert from_sheet.summary["games"] == games


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32))
def test_recorded_chance_replays_like_the_seed(seed):
    doc = ENGINE.random_document(rng=random.Random(seed), players=["Anna", "Bert"])
    assert ENGINE.replay(recorded_document(ENGINE, doc)).to_json()["summary"] == (
        ENGINE.replay(doc).to_json()["summary"])
