"""The three advantages (Kreuz, Pik, Herz) and the Karo rule."""

from .build import document, played, replay, simple, ultimate

# Race 1, ultimate win for Anna: Anna KC, Bert KS, Anna KH.
# Anna attached 1 Kreuz and 1 Herz card, Bert 1 Pik card: Kreuz and Herz Anna's, Pik Bert's.
SETUP = ultimate("Anna", "KC", "KS", "KH")
# Race 1, ultimate win for Anna: Anna KS, Bert KC, Anna KH: Anna Pik and Herz, Bert Kreuz.
SETUP_ANNA_PIK_HERZ = ultimate("Anna", "KS", "KC", "KH")


def race(deal, *before):
    """Replay ``before`` + ``deal`` (the game goes on: lenient) and return the race."""
    result = replay(document(*before, deal), strict=False)
    assert [str(e) for e in result.errors] == [
        f"deals: the log ends before game 1 is over ({len(before) + 1} races played; a game "
        "runs until a complete row, three strikes or a draw)"]
    return result.hands[-1]


class TestWhoHoldsWhat:
    def test_nobody_in_the_first_race(self):
        hand = race(played("AH QD 10C 9H", "AC 9S KC", "AS 10S JH",
                           "play AC AS", "play 9S 10S", "play KC JH", "tiebreak KS 9C",
                           "Bert pick AH", "Anna pick 10C", "Anna pick 9H"))
        assert hand.detail["advantages"] == {"C": None, "S": None, "H": None}

    def test_more_attached_cards_of_a_suit(self):
        hand = race(played("AH QD 10C 9H", "AC 9S JC", "AS 10S JH 9D",
                           "Bert discard 9D", "play AC AS", "play 9S 10S", "play JC JH",
                           "Bert pick AH", "Anna pick 10C", "Anna pick 9H"), SETUP)
        assert hand.detail["advantages"] == {"C": "Anna", "S": "Bert", "H": "Anna"}

    def test_reserve_cards_do_not_count_and_equal_counts_cancel(self):
        # Race 1, simple win for Bert: Anna AH (reserve: no KH, 10H yet), Bert KC (row),
        # Bert 9S (reserve: no JS yet). Race 2, simple win for Anna: Bert KH, Anna KH, Anna JC.
        # Now Kreuz 1:1 (equal), Herz 1:1 (Anna's AH waits in the reserve), Pik 0:0.
        before = (simple("Bert", "AH", "KC", "9S"), simple("Anna", "KH", "KH", "JC"))
        hand = race(played("AS QD 10C 9H", "AC 9S KC", "AS 10S JH",
                           "play AC AS", "play 9S 10S", "play KC JH", "tiebreak KS 9C",
                           "Bert pick AS", "Anna pick 10C", "Anna pick 9H"), *before)
        assert hand.detail["advantages"] == {"C": None, "S": None, "H": None}


class TestKreuzvorteil:
    def test_kreuz_takes_every_tied_trick(self):
        # Anna (Kreuz) and Bert play equal cards three times: Anna wins 3:0, an ultimate win.
        hand = race(played("AH QD 10C 9H", "AC 9S JC", "AS 9C JH 9D",
                           "Bert discard 9D", "play AC AS", "play 9S 9C", "play JC JH",
                           "Anna pick AH", "Bert pick QD", "Anna pick 10C"), SETUP)
        assert [play["by"] for play in hand.detail["plays"]] == ["kreuz"] * 3
        assert (hand.detail["tricks"], hand.detail["win"]) == ([3, 0], "ultimate")

    def test_without_kreuz_equal_cards_are_set_aside(self):
        hand = race(played("AH QD 10C 9H", "AC 9S JC", "AS 9C 10H",
                           "play AC AS", "play 9S 9C", "play JC 10H",
                           "Anna pick AH", "Bert pick QD", "Bert pick 10C"))
        assert [(play["winner"], play["by"]) for play in hand.detail["plays"]] == [
            (None, "tie"), (None, "tie"), ("Bert", "rank")]
        assert (hand.detail["tricks"], hand.detail["win"]) == ([0, 1], "simple")

    def test_kreuz_beats_pik_and_herz_in_the_tricks(self):
        # Anna holds Pik and Herz, Bert Kreuz: both tied tricks (AC = AS, JC = JH) go to Bert,
        # and 9S < 10S too: 0:3, an ultimate win for Bert, who picks first and last.
        hand = race(played("AH QD 10C 9H", "AC 9S JC 10D", "AS 10S JH",
                           "Bert show AS JH", "Anna keep", "Anna discard 10D",
                           "play AC AS", "play 9S 10S", "play JC JH",
                           "Bert pick AH", "Anna pick 10C", "Bert pick 9H"),
                    SETUP_ANNA_PIK_HERZ)
        assert [play["by"] for play in hand.detail["plays"]] == ["kreuz", "rank", "kreuz"]
        assert (hand.detail["tricks"], hand.detail["win"]) == ([0, 3], "ultimate")


class TestPikvorteil:
    def test_four_cards_and_one_discarded_into_the_stock(self):
        hand = race(played("AH QD 10C 9H", "AC 9S JC", "AS 10S JH 9D",
                           "Bert discard 9D", "play AC AS", "play 9S 10S", "play JC JH",
                           "Bert pick AH", "Anna pick 10C", "Anna pick 9H"), SETUP)
        detail = hand.detail
        assert detail["hands"] == [["AC", "9S", "JC"], ["AS", "10S", "JH", "9D"]]
        assert detail["discard"] == "9D"
        assert detail["ready"] == [["AC", "9S", "JC"], ["AS", "10S", "JH"]]

    def test_the_herz_player_with_the_pikvorteil_swaps_among_four_cards(self):
        # Anna holds Pik and Herz: she sees two of Bert's three cards, swaps, then discards.
        hand = race(played("AH QD 10C 9H", "AC 9S JC 10D", "AS 10S JH",
                           "Bert show 10S JH", "Anna take 10S for 9S", "Anna discard JC",
                           "play AC AS", "play 10S JH", "play 10D 9S",
                           "Bert pick AH", "Anna pick 10C", "Anna pick 9H"),
                    SETUP_ANNA_PIK_HERZ)
        assert hand.detail["ready"] == [["AC", "10D", "10S"], ["AS", "JH", "9S"]]
        # Kreuz is Bert's: AC = AS goes to Bert; 10S > JH and 10D > 9S go to Anna: 2:1.
        assert (hand.detail["tricks"], hand.detail["win"]) == ([2, 1], "simple")


class TestHerzvorteil:
    def test_the_herz_player_may_keep(self):
        hand = race(played("AH QD 10C 9H", "AC 9S JC", "AS 10S JH 9D",
                           "Bert show 9D JH", "Anna keep", "Bert discard 9D",
                           "play AC AS", "play 9S 10S", "play JC JH",
                           "Bert pick AH", "Anna pick QD", "Anna pick 10C"), SETUP)
        herz = hand.detail["herz"]
        assert herz["shown"] == ["9D", "JH"]
        assert [event["text"] for event in herz["events"]] == ["Bert show 9D JH", "Anna keep"]
        assert hand.detail["ready"] == [["AC", "9S", "JC"], ["AS", "10S", "JH"]]

    def test_the_herzvorteil_may_go_unused(self):
        hand = race(played("AH QD 10C 9H", "AC 9S JC", "AS 10S JH 9D",
                           "Bert discard 9D", "play AC AS", "play 9S 10S", "play JC JH",
                           "Bert pick AH", "Anna pick 10C", "Anna pick 9H"), SETUP)
        assert hand.detail["herz"] is None


class TestKaro:
    def test_both_players_exchange_any_number_of_karo_cards(self):
        # Race 1, simple win for Bert: Anna AD, Bert KD, Bert 9D: Karo goes to the reserves.
        # Race 2: Anna swaps AD for 9S; Bert swaps 9D for JH and KD for 10S, in any order.
        before = (simple("Bert", "AD", "KD", "9D"),)
        hand = race(played("AH QD 10C 9H", "AC 9S JC", "AS 10S JH",
                           "Bert karo 9D for JH", "Anna karo AD for 9S", "Bert karo KD for 10S",
                           "play AC AS", "play AD KD", "play JC 9D",
                           "Anna pick AH", "Bert pick 10C", "Anna pick 9H"), *before)
        detail = hand.detail
        assert detail["karo"] == [["AD"], ["9D", "KD"]]
        assert detail["ready"] == [["AC", "JC", "AD"], ["AS", "9D", "KD"]]
        assert hand.facts["karo"] == {"Anna": ["AD"], "Bert": ["9D", "KD"]}
        # The exchanged Karo cards left the reserves: the reserves hold only new picks.
        assert [seat["reserve"] for seat in detail["seats"]] == [["AH", "9H"], ["10C"]]
