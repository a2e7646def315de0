"""Explicit Anlegen (rules.attach = "explicit"): picks go to the reserve, attaches are moves."""

import pytest

from games.engines.cards import parse_cards
from games.engines.errors import IllegalMoveError, InvalidFactsError
from games.engines.rennen.game import GameState
from games.engines.rennen.race import Race, legal_moves
from games.engines.rennen.rules import RennenRules

from .build import document, error_of, played, replay, sheet

EXPLICIT = {"preset": "seed", "attach": "explicit"}

# 3:0 for Anna (AC > KS, 10C > 9S, KC > JS): an ultimate win, Anna picks first and last.
PLAYS = ("play AC KS", "play 10C 9S", "play KC JS")


def race(*moves, market="KH 10H AH QD"):
    return played(market, "AC 10C KC", "KS 9S JS", *moves)


def last_hand(*deals, rules=EXPLICIT):
    result = replay(document(*deals, rules=rules), strict=False)
    assert len(result.errors) == 1 and "the log ends before" in str(result.errors[0])
    return result.hands[-1]


class TestAttachMoves:
    def test_picks_wait_in_the_reserve_until_attached(self):
        hand = last_hand(race(*PLAYS, "Anna pick KH", "Anna attach KH", "Bert pick QD",
                              "Anna pick 10H", "Anna attach 10H"))
        assert [pick["to"] for pick in hand.detail["picks"]] == ["reserve"] * 3
        assert hand.detail["seats"][0]["rows"]["H"] == ["QH", "KH", "10H"]
        assert hand.facts["attaches"] == [{"player": "Anna", "card": "KH", "after": 1},
                                          {"player": "Anna", "card": "10H", "after": 3}]

    def test_a_card_left_in_the_reserve_gives_no_advantage(self):
        first = race(*PLAYS, "Anna pick KH", "Bert pick QD", "Anna pick 10H")
        second = played("9C JC AD 10D", "AS 9H JH", "AC 10S JD",
                        "play AS AC", "play 9H 10S", "play JH JD",   # ties set aside: 0:1
                        "Anna pick 9C", "Anna attach KH", "Bert pick JC", "Bert pick AD")
        hand = last_hand(first, second)
        # KH lay unattached in Anna's reserve when race 2 was dealt: no Herzvorteil then.
        assert hand.detail["advantages"] == {"C": None, "S": None, "H": None}
        assert hand.detail["seats"][0]["rows"]["H"] == ["QH", "KH"]
        assert hand.detail["seats"][0]["reserve"] == ["10H", "9C"]

    def test_the_game_ends_on_the_attach_that_completes_a_row(self):
        before = (
            sheet("Anna", "ultimate", "Anna KH", "Bert 9D", "Anna 10H",
                  attaches=[{"player": "Anna", "card": "KH", "after": 1},
                            {"player": "Anna", "card": "10H", "after": 3}]),
            sheet("Anna", "ultimate", "Anna JH", "Bert 10D", "Anna 9H",
                  attaches=[{"player": "Anna", "card": "JH", "after": 3},
                            {"player": "Anna", "card": "9H", "after": 3}]),
        )
        final = played("AH QD 10C 9C", "AC 10S KC", "KS 9S JS",
                       "play AC KS", "play 10S 9S", "play KC JS",
                       "Anna pick AH", "Anna attach AH")
        result = replay(document(*before, final, rules=EXPLICIT))
        assert result.summary["games"][0]["text"] == "Anna completed the Herz row"
        assert result.hands[2].facts["attaches"] == [
            {"player": "Anna", "card": "AH", "after": 1}]


class TestAttachInABombRace:
    # Race 1, ultimate win for Anna (score sheet): Anna KH, Bert 9C, Anna 10H, nothing
    # attached: Anna's reserve holds KH and 10H, Bert's 9C; nobody holds an advantage.
    # Race 2: Anna's KC KS KD are a bomb of Kings: an ultimate win for Anna the moment the
    # preparation ends, so she may attach before her first pick ("before, between or after
    # the picks"): KH on QH, then 10H on KH.
    BEFORE = sheet("Anna", "ultimate", "Anna KH", "Bert 9C", "Anna 10H")
    BOMB = ("AH QD 10C 9H", "KC KS KD", "AS 10S JH")

    def test_attach_before_the_first_pick(self):
        hand = last_hand(self.BEFORE, played(*self.BOMB, "Anna attach KH", "Anna attach 10H",
                                             "Anna pick AH", "Bert pick QD", "Anna pick 10C"))
        assert (hand.detail["winner"], hand.detail["decided_by"]) == ("Anna", "bomb")
        assert hand.facts["attaches"] == [{"player": "Anna", "card": "KH", "after": 0},
                                          {"player": "Anna", "card": "10H", "after": 0}]
        assert hand.detail["seats"][0]["rows"]["H"] == ["QH", "KH", "10H"]
        assert hand.detail["seats"][0]["reserve"] == ["AH", "10C"]
        # The score sheet of the same race scores the same.
        assert last_hand(self.BEFORE, {"facts": hand.facts}).detail["seats"] == (
            hand.detail["seats"])

    def test_listed_as_legal(self):
        game = GameState.new(RennenRules(attach="explicit"), ("Anna", "Bert"), number=1,
                             seed=None)
        game.seats[0].reserve = parse_cards("KH 10H")
        race = Race(game, market=parse_cards(self.BOMB[0]),
                    hands=[parse_cards(self.BOMB[1]), parse_cards(self.BOMB[2])])
        assert [move.text() for move in legal_moves(race)] == [
            "Anna pick 9H", "Anna pick QD", "Anna pick 10C", "Anna pick AH", "Anna attach KH"]

    def test_without_a_bomb_the_race_comes_first(self):
        error = error_of(document(self.BEFORE, played("AH QD 10C 9H", "KC KS 9D", "AS 10S JH",
                                                      "Anna attach KH"), rules=EXPLICIT),
                         IllegalMoveError)
        assert str(error) == ("deal 2, move 1: Anna cannot attach KH now: cards are attached "
                              "once the race is decided (the preparation is still going on)")


class TestRefusedAttaches:
    @pytest.mark.parametrize(("moves", "message"), [
        ((*PLAYS, "Anna pick 10H", "Anna attach 10H"),
         "deal 1, move 5: Anna cannot attach 10H: the Herz row needs KH first (Herz row: QH)"),
        ((*PLAYS, "Anna pick QD", "Anna attach QD"),
         "deal 1, move 5: Anna cannot attach QD: Karo has no Dame and no row"),
        ((*PLAYS, "Anna pick KH", "Anna attach AH"),
         "deal 1, move 5: Anna cannot attach AH: it is not in Anna's reserve (reserve: KH)"),
        (("play AC KS", "Anna attach KH"),
         "deal 1, move 2: Anna cannot attach KH now: cards are attached once the race is "
         "decided (1 of 3 cards are played)"),
    ])
    def test_refused(self, moves, message):
        error = error_of(document(race(*moves), rules=EXPLICIT), IllegalMoveError)
        assert str(error) == message

    def test_no_attach_moves_with_automatic_anlegen(self):
        error = error_of(document(race(*PLAYS, "Anna pick KH", "Anna attach KH")),
                         IllegalMoveError)
        assert str(error) == ("deal 1, move 5: Anna cannot attach KH: attach moves are not "
                              "used: cards are attached automatically (rules.attach is 'auto')")


class TestScoreSheetAttaches:
    def test_the_same_as_the_moves(self):
        moves = race(*PLAYS, "Anna pick KH", "Anna attach KH", "Bert pick QD",
                     "Anna pick 10H", "Anna attach 10H")
        from_moves = last_hand(moves)
        from_sheet = last_hand({"facts": from_moves.facts})
        assert from_sheet.detail["seats"] == from_moves.detail["seats"]
        assert from_sheet.source == "facts"

    def test_an_attach_that_does_not_fit(self):
        deal = sheet("Anna", "ultimate", "Anna KH", "Bert QD", "Anna 10H",
                     attaches=[{"player": "Anna", "card": "10H", "after": 3},
                               {"player": "Anna", "card": "KH", "after": 3}])
        error = error_of(document(deal, rules=EXPLICIT), InvalidFactsError)
        assert str(error) == ("deal 1: Anna cannot attach 10H: the Herz row needs KH first "
                              "(Herz row: QH)")
        assert error.field == "deals[0].facts.attaches[0]"

    def test_attaches_need_explicit_anlegen(self):
        deal = sheet("Anna", "ultimate", "Anna KH", "Bert QD", "Anna 10H",
                     attaches=[{"player": "Anna", "card": "KH", "after": 1}])
        error = error_of(document(deal), InvalidFactsError)
        assert str(error) == ("deal 1: attaches are recorded only with explicit Anlegen "
                              "(rules.attach is 'auto')")

    def test_an_attach_after_the_game_is_over(self):
        # As in test_the_game_ends_on_the_attach_that_completes_a_row: Anna's attach of AH
        # after her first pick completes the Herz row; Bert's attach of his 9D after that same
        # pick comes too late.
        before = (
            sheet("Anna", "ultimate", "Anna KH", "Bert 9D", "Anna 10H",
                  attaches=[{"player": "Anna", "card": "KH", "after": 1},
                            {"player": "Anna", "card": "10H", "after": 3}]),
            sheet("Anna", "ultimate", "Anna JH", "Bert 10D", "Anna 9H",
                  attaches=[{"player": "Anna", "card": "JH", "after": 3},
                            {"player": "Anna", "card": "9H", "after": 3}]),
        )
        final = sheet("Anna", "ultimate", "Anna AH",
                      attaches=[{"player": "Anna", "card": "AH", "after": 1},
                                {"player": "Bert", "card": "9D", "after": 1}])
        error = error_of(document(*before, final, rules=EXPLICIT), InvalidFactsError)
        assert (str(error), error.field) == (
            "deal 3: Bert cannot attach 9D: the game was already over (Anna completed the Herz "
            "row)", "deals[2].facts.attaches[1]")

    def test_an_attach_after_picks_that_were_not_made(self):
        deal = sheet("Anna", "ultimate", "Anna KH", "Bert QD",
                     attaches=[{"player": "Anna", "card": "KH", "after": 3}])
        error = error_of(document(deal, rules=EXPLICIT), InvalidFactsError)
        assert (str(error), error.field) == (
            "deal 1: Anna cannot attach KH after 3 picks: the race records 2 picks",
            "deals[0].facts.attaches[0]")
