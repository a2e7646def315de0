"""The race itself (seed §2): the rank order, tied tricks set aside, the margin that makes a
simple or an ultimate win, and the final tie decided by extra cards, again and again."""

from .build import LONG_GAME, document, played, replay


def race(deal, *before, rules=None):
    """Replay ``before`` + ``deal`` (the game goes on: lenient) and return the race."""
    result = replay(document(*before, deal, rules=rules), strict=False)
    assert [str(error) for error in result.errors] == [
        f"deals: the log ends before game 1 is over ({len(before) + 1} races played; a game "
        "runs until a complete row, three strikes or a draw)"]
    return result.hands[-1]


def test_rank_order_ties_set_aside_and_a_final_tie_decided_again():
    # No advantages in the first race. QD > JC (Dame over Bube): Anna; KH < 10D (Zehn over
    # König): Bert; 9C = 9S: set aside. 1:1 after the last card, so one card each from the
    # stock: JH = JS ties again ("Bei einem erneuten Patt wird dieser Vorgang wiederholt"),
    # then AS > KS: Anna wins by one, a simple win: Bert picks first, then Anna two.
    hand = race(played("AH 10C 9H KD", "QD KH 9C", "JC 10D 9S",
                       "play QD JC", "play KH 10D", "play 9C 9S",
                       "tiebreak JH JS", "tiebreak AS KS",
                       "Bert pick KD", "Anna pick AH", "Anna pick 10C"))
    detail = hand.detail
    assert [(play["winner"], play["by"]) for play in detail["plays"]] == [
        ("Anna", "rank"), ("Bert", "rank"), (None, "tie")]
    assert detail["tricks"] == [1, 1]
    assert [(item["cards"], item["winner"]) for item in detail["tiebreaks"]] == [
        (["JH", "JS"], None), (["AS", "KS"], "Anna")]
    assert (detail["winner"], detail["win"], detail["decided_by"]) == (
        "Anna", "simple", "tiebreak")
    assert detail["leftover"] == ["9H"]


def test_two_to_nothing_with_a_tied_trick_is_ultimate():
    # AC = AS set aside, 10S > 9S and KC > JH for Anna: 2:0, a margin of two tricks: an
    # ultimate win ("mit einer Differenz von zwei Stichen oder mehr"): Anna, Bert, Anna.
    hand = race(played("AH QD 10C 9H", "AC 10S KC", "AS 9S JH",
                       "play AC AS", "play 10S 9S", "play KC JH",
                       "Anna pick 10C", "Bert pick AH", "Anna pick 9H"))
    assert (hand.detail["tricks"], hand.detail["win"]) == ([2, 0], "ultimate")
    assert [pick["player"] for pick in hand.detail["picks"]] == ["Anna", "Bert", "Anna"]


def test_one_to_nothing_with_two_tied_tricks_is_simple():
    # AC = AS and KC = KH set aside, 10S > 9S for Anna: 1:0, a simple win: Bert picks first.
    hand = race(played("AH QD 10C 9H", "AC 10S KC", "AS 9S KH",
                       "play AC AS", "play 10S 9S", "play KC KH",
                       "Bert pick AH", "Anna pick 10C", "Anna pick 9H"))
    assert (hand.detail["tricks"], hand.detail["win"]) == ([1, 0], "simple")


def test_the_kreuzvorteil_takes_a_tie_of_the_extra_cards():
    # LONG_GAME leaves 9 cards and Anna the Kreuzvorteil (3:2): race 12 deals 2 cards each.
    # JD < KS for Bert, AD > 9D for Anna: 1:1, a final tie. With the reshuffle option the
    # played cards go back (the stock held only KS), and the extra cards KS = KS tie: the
    # Kreuzvorteil decides "jegliches Unentschieden", so Anna wins, a simple win.
    rules = {"preset": "seed", "tiebreak_without_stock": "reshuffle"}
    hand = race(played("JH KD JD 10D", "JD AD", "KS 9D", "play JD KS", "play AD 9D",
                       "tiebreak KS KS", "Bert pick 10D", "Anna pick KD", "Anna pick JD"),
                *LONG_GAME, rules=rules)
    assert hand.detail["tiebreaks"] == [
        {"move": 3, "cards": ["KS", "KS"], "winner": "Anna", "by": "kreuz"}]
    assert (hand.detail["winner"], hand.detail["win"], hand.detail["decided_by"]) == (
        "Anna", "simple", "tiebreak")
