"""Strikes and the two ways to win: a complete row, strikes in Kreuz, Pik and Herz."""

from games.engines.errors import IllegalMoveError

from .build import document, error_of, played, replay, sheet, simple, ultimate


def holdings(result, seat):
    return result.summary["games"][0]["seats"][seat]


class TestStrikes:
    def test_a_second_copy_of_a_row_card_is_a_strike(self):
        result = replay(document(ultimate("Anna", "KC", "9D", "KC")), strict=False)
        anna = holdings(result, 0)
        assert (anna["rows"]["C"], anna["strikes"]) == (["QC", "KC"], ["KC"])
        assert result.hands[0].detail["picks"][2] == {
            "player": "Anna", "card": "KC", "to": "strike", "attached": []}

    def test_karo_duplicates_stay_in_the_reserve(self):
        result = replay(document(ultimate("Anna", "AD", "9C", "AD")), strict=False)
        assert (holdings(result, 0)["reserve"], holdings(result, 0)["strikes"]) == (
            ["AD", "AD"], [])

    def test_karo_duplicates_set_aside_by_option_never_count(self):
        rules = {"preset": "seed", "karo_duplicates": "strike"}
        deals = (ultimate("Anna", "AD", "9C", "AD"), ultimate("Anna", "KC", "9S", "KC"),
                 ultimate("Anna", "KS", "9H", "KS"))
        result = replay(document(*deals, rules=rules), strict=False)
        # Karo, Kreuz and Pik strikes: Karo does not count, so no win yet.
        assert holdings(result, 0)["strikes"] == ["AD", "KC", "KS"]
        assert result.summary["games"][0]["end"] is None

    def test_two_strikes_of_one_suit_count_once(self):
        deals = (ultimate("Anna", "KC", "9D", "KC"), ultimate("Anna", "AC", "10D", "AC"),
                 ultimate("Anna", "KS", "JD", "KS"))
        result = replay(document(*deals), strict=False)
        assert holdings(result, 0)["strikes"] == ["KC", "AC", "KS"]
        assert result.summary["games"][0]["end"] is None


class TestThreeStrikes:
    def test_strikes_in_kreuz_pik_and_herz_win(self):
        # Anna has attached KC, KS and KH: all three advantages. Kreuz takes both ties.
        race = played("KH JD 9S 10S", "AC 9C 10C 9D", "JC 9H 10H", "Anna discard 9D",
                      "play AC JC", "play 9C 9H", "play 10C 10H",   # 3:0, ultimate for Anna
                      "Anna pick KH")
        deals = (ultimate("Anna", "KC", "9D", "KC"), ultimate("Anna", "KS", "10D", "KS"),
                 ultimate("Anna", "KH", "QD", "AH"), race)
        result = replay(document(*deals))
        assert [(seat.player, seat.score, seat.rank) for seat in result.seats] == [
            ("Anna", 1, 1), ("Bert", 0, 2)]
        assert result.hands[3].detail["events"][-1]["note"] == (
            "Anna takes KH: a second KH, a Herz strike; Anna has strikes in Kreuz, Pik and Herz")
        assert result.summary["games"][0]["end"] == "strikes"


class TestCompleteRow:
    def test_the_last_card_lets_the_reserve_in_and_completes_the_row(self):
        # Race 1: AH and 10H wait in Anna's reserve (no KH). Race 2: JH and 9H attach below
        # the Dame. Race 3: KH attaches and lets 10H and AH in: 9 J Q K 10 A.
        deals = (ultimate("Anna", "AH", "9D", "10H"), ultimate("Anna", "JH", "10D", "9H"),
                 sheet("Anna", "ultimate", "Anna KH"))
        result = replay(document(*deals))
        assert result.hands[2].detail["picks"] == [
            {"player": "Anna", "card": "KH", "to": "row", "attached": ["KH", "10H", "AH"]}]
        assert holdings(result, 0)["rows"]["H"] == ["9H", "JH", "QH", "KH", "10H", "AH"]
        assert result.summary["games"][0]["text"] == "Anna completed the Herz row"
        assert result.seats[0].score == 1


class TestSimultanerSieg:
    # Anna: strikes in Kreuz (9C) and Pik (10S), 9H in the reserve.
    # Bert: strikes in Kreuz (JC) and Pik (JS), 10H in the reserve.
    # Whoever takes the second copy of their Herz card first wins. Bert attached JC and JS
    # (Kreuz- and Pikvorteil: he is dealt four cards and discards AD).
    BEFORE = (
        ultimate("Anna", "9C", "JC", "9C"),      # Anna: 9C, strike 9C; Bert JC (row)
        ultimate("Bert", "JC", "10S", "JS"),     # Bert: strike JC, JS (row); Anna 10S
        ultimate("Anna", "10S", "JS", "9H"),     # Anna strike 10S, 9H; Bert strike JS
        simple("Anna", "10H", "9D", "10D"),      # Bert 10H (reserve)
    )

    def test_the_loser_picks_first_and_wins_the_game(self):
        # Anna wins the race by one trick: Bert picks first and takes his decisive card.
        race = played("9H 10H KD QD", "AC 10C KS", "KC 9S AS AD", "Bert discard AD",
                      "play AC KC", "play 10C 9S", "play KS AS",    # 2:1 for Anna
                      "Bert pick 10H")
        result = replay(document(*self.BEFORE, race))
        assert (result.winner, result.summary["games"][0]["end"]) == (1, "strikes")
        assert result.hands[4].facts["picks"] == [{"player": "Bert", "card": "10H"}]

    def test_no_pick_after_the_decisive_card(self):
        race = played("9H 10H KD QD", "AC 10C KS", "KC 9S AS AD", "Bert discard AD",
                      "play AC KC", "play 10C 9S", "play KS AS", "Bert pick 10H",
                      "Anna pick 9H")
        error = error_of(document(*self.BEFORE, race), IllegalMoveError)
        assert str(error) == ("deal 5, move 6: Anna cannot pick 9H: the game is over: Bert "
                              "has strikes in Kreuz, Pik and Herz")

    def test_the_ultimate_winner_picks_first_and_wins(self):
        race = played("9H 10H KD QD", "AC 10C AS", "KC 9S KS AD", "Bert discard AD",
                      "play AC KC", "play 10C 9S", "play AS KS",    # 3:0 for Anna
                      "Anna pick 9H")
        result = replay(document(*self.BEFORE, race))
        assert result.winner == 0
