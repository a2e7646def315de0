"""Every illegal action, refused with its exact message, deal and move index.

With the Beispielrunde setup (deal 3): Anna holds Kreuz and Herz, Bert Pik, Anna's reserve
holds AD; market AH QD 10C 9H, Anna AC 9S JC, Bert AS 10S JH 9D. Without it (deal 1): no
advantages; Anna AC 9S KC, Bert AS 10S JH.
"""

import pytest

from games.engines.errors import IllegalMoveError, InvalidLogError

from .build import BEISPIEL_SETUP, document, error_of, played, sheet

HERZ = ("Bert show JH 9D", "Anna take JH for 9S")
PREP = (*HERZ, "Bert discard 9D", "Anna karo AD for JC")     # hands: AC JH AD / AS 10S 9S
RACE = ("play AC AS", "play JH 10S", "play AD 9S")            # 2:1, simple win for Anna


def beispiel(*moves):
    return document(*BEISPIEL_SETUP, played("AH QD 10C 9H", "AC 9S JC", "AS 10S JH 9D",
                                            *moves))


def plain(*moves):
    return document(played("AH QD 10C 9H", "AC 9S KC", "AS 10S JH", *moves))


CASES = [
    # -- Herzvorteil -------------------------------------------------------------------------
    (beispiel("Anna show AC 9S"), "deal 3, move 1: Anna holds the Herzvorteil; Bert shows the "
                                  "cards"),
    (plain("Bert show AS JH"), "deal 1, move 1: Bert cannot show cards: nobody holds the "
                               "Herzvorteil this race"),
    (beispiel("Bert show JH 9D", "Bert show AS 10S"), "deal 3, move 2: Bert has already shown "
                                                      "JH 9D"),
    (beispiel(*HERZ, "Bert show JH AS"), "deal 3, move 3: Bert has already shown JH 9D"),
    (beispiel("Bert discard 9D", "Bert show JH AS"),
     "deal 3, move 2: Bert cannot show cards now: the Herzvorteil comes first, before the Pik "
     "discard, the Karo exchanges and the race"),
    (beispiel("Bert show KC 9D"), "deal 3, move 1: Bert cannot show KC: Bert's hand is AS 10S "
                                  "JH 9D"),
    (beispiel("Bert show JH JH"), "deal 3, move 1: Bert cannot show JH twice: Bert holds one "
                                  "JH"),
    (beispiel("Anna take JH for 9S"), "deal 3, move 1: Anna cannot take a card: Bert has not "
                                      "shown two cards"),
    (beispiel("Bert show JH 9D", "Bert take JH for 9D"),
     "deal 3, move 2: Bert cannot take a card: the Herzvorteil is Anna's"),
    (beispiel("Bert show JH 9D", "Anna take AS for 9S"),
     "deal 3, move 2: Anna cannot take AS: Bert showed JH 9D"),
    (beispiel("Bert show JH 9D", "Anna take JH for KC"),
     "deal 3, move 2: Anna cannot give KC: Anna's hand is AC 9S JC"),
    (plain("Anna keep"), "deal 1, move 1: Anna cannot keep: nobody holds the Herzvorteil this "
                         "race"),
    (beispiel(*HERZ, "Anna keep"), "deal 3, move 3: Anna cannot keep now: the Herz exchange "
                                   "is over"),
    (beispiel("Bert show JH 9D", "Bert discard 9D"),
     "deal 3, move 2: Anna must first take one of the shown cards (JH 9D) or keep"),
    (beispiel("Bert show JH 9D", "play AC AS"),
     "deal 3, move 2: Anna must first take one of the shown cards (JH 9D) or keep"),
    # -- Pikvorteil --------------------------------------------------------------------------
    (plain("Anna discard AC"), "deal 1, move 1: Anna cannot discard: nobody holds the "
                               "Pikvorteil this race"),
    (beispiel("Anna discard AC"), "deal 3, move 1: Anna cannot discard: Anna does not hold "
                                  "the Pikvorteil (Bert does)"),
    (beispiel("Bert discard 9D", "Bert discard JH"), "deal 3, move 2: Bert has already "
                                                     "discarded 9D"),
    (beispiel("Bert discard KC"), "deal 3, move 1: Bert cannot discard KC: Bert's hand is AS "
                                  "10S JH 9D"),
    (beispiel("play AC AS"), "deal 3, move 1: Bert must first discard a card for the "
                             "Pikvorteil (Bert holds 4 cards)"),
    (beispiel(*HERZ, "Anna karo AD for JC"), "deal 3, move 3: Bert must first discard a card "
                                             "for the Pikvorteil (Bert holds 4 cards)"),
    # -- Karo rule ---------------------------------------------------------------------------
    (beispiel(*HERZ, "Bert discard 9D", "Anna karo 9H for JC"),
     "deal 3, move 4: Anna cannot exchange 9H: only Karo cards from the reserve can be "
     "exchanged"),
    (beispiel(*HERZ, "Bert discard 9D", "Anna karo KD for JC"),
     "deal 3, move 4: Anna cannot exchange KD: it is not in Anna's reserve (reserve: AD)"),
    (beispiel(*HERZ, "Bert discard 9D", "Anna karo AD for KC"),
     "deal 3, move 4: Anna cannot give up KC: Anna's hand is AC JC JH"),
    (beispiel(*HERZ, "Bert discard 9D", "Bert karo AD for 9S"),
     "deal 3, move 4: Bert cannot exchange AD: it is not in Bert's reserve (reserve: AH)"),
    (beispiel(*HERZ, "Bert discard 9D", "play AC AS", "Anna karo AD for JC"),
     "deal 3, move 5: Anna cannot exchange Karo cards now: the preparation is over (1 of 3 "
     "cards are played)"),
    # -- the race ----------------------------------------------------------------------------
    (beispiel(*PREP, "play KS AS"), "deal 3, move 5: Anna cannot play KS: Anna's hand is AC JH "
                                    "AD"),
    (beispiel(*PREP, "play AC JC"), "deal 3, move 5: Bert cannot play JC: Bert's hand is AS "
                                    "10S 9S"),
    (beispiel(*PREP, *RACE, "play AC AS"),
     "deal 3, move 8: no card is left to play: the race is decided: simple win for Anna; it is "
     "Bert's pick"),
    (plain("play AC AS", "play 9S 10S", "play KC JH", "play AC AS"),
     "deal 1, move 4: no card is left to play: the tie must be broken with one card each from "
     "the stock (tricks 1:1)"),
    (beispiel(*PREP, *RACE, "tiebreak 9C KH"),
     "deal 3, move 8: no tie to break: the race is decided: simple win for Anna; it is Bert's "
     "pick"),
    (beispiel(*PREP, "play AC AS", "tiebreak 9C KH"),
     "deal 3, move 6: no tie to break: 1 of 3 cards are played"),
    (plain("play AC AS", "play 9S 10S", "play KC JH", "tiebreak QC 9C"),
     "deal 1, move 4: QC cannot be dealt for the tiebreak: it is not in the stock (both copies "
     "are out: Anna's Kreuz row, Bert's Kreuz row)"),
    (plain("play AC AS", "play 9S 10S", "play KC JH", "tiebreak"),
     "deal 1, move 4: write the tie-break cards when the log has no seed (tiebreak 9C KH, in "
     "seat order)"),
    # -- the market --------------------------------------------------------------------------
    (beispiel(*PREP, "play AC AS", "Bert pick AH"),
     "deal 3, move 6: Bert cannot pick yet: the race is not decided (1 of 3 cards are played)"),
    (beispiel(*PREP, *RACE, "Anna pick AH"),
     "deal 3, move 8: Anna cannot pick now: it is Bert's pick (simple win for Anna: Bert picks "
     "one card, then Anna two)"),
    (beispiel(*PREP, *RACE, "Bert pick KS"),
     "deal 3, move 8: Bert cannot pick KS: the market holds AH QD 10C 9H"),
    (beispiel(*PREP, *RACE, "Bert pick AH", "Anna pick AH"),
     "deal 3, move 9: Anna cannot pick AH: the market holds QD 10C 9H"),
    (beispiel(*PREP, *RACE, "Bert pick AH", "Anna pick 10C", "Anna pick 9H", "Bert pick QD"),
     "deal 3, move 11: Bert cannot pick QD: the race is over: all three market cards are "
     "picked; the next race is the next deal"),
]


@pytest.mark.parametrize(("doc", "message"), CASES, ids=[case[1][:60] for case in CASES])
def test_refused(doc, message):
    error = error_of(doc, IllegalMoveError)
    assert str(error) == message
    # The field points at the move, numbered from 0; the notation is the move as written.
    deal, move = error.deal, error.move
    assert error.field == f"deals[{deal - 1}].moves[{move - 1}]"
    assert error.notation == doc["deals"][deal - 1]["moves"][move - 1]


def test_the_whole_race_is_legal():
    # The moves of the refused cases above are all legal up to the failing one.
    result = error_of(beispiel(*PREP, *RACE, "Bert pick AH", "Anna pick 10C", "Anna pick 9H"),
                      InvalidLogError)
    assert str(result) == ("deals: the log ends before game 1 is over (3 races played; a game "
                           "runs until a complete row, three strikes or a draw)")


NOTATION = [
    ("Carl pick AH", "deal 1, move 1: 'Carl pick AH' is not a Rennen move; write a player's "
                     "name (Anna, Bert) and a verb (show, take, keep, discard, karo, pick, "
                     "attach), or 'play'/'tiebreak' and two cards"),
    ("Anna pick 1H", "deal 1, move 1: '1H' is not a card (write rank then suit: AS, 10H, QC) in "
                     "'Anna pick 1H'"),
    ("Anna pick", "deal 1, move 1: 'Anna pick' is not a Rennen move; write pick and one card: "
                  "Bert pick AH"),
    ("Anna jump AH", "deal 1, move 1: 'Anna jump AH' is not a Rennen move; write Anna, then one "
                     "of: show, take, keep, discard, karo, pick, attach"),
    ("play AC", "deal 1, move 1: 'play AC' is not a Rennen move; write 'play' and the two cards "
                "in seat order: play AC AS"),
    ("Anna take JH 9S", "deal 1, move 1: 'Anna take JH 9S' is not a Rennen move; write take, a "
                        "shown card, 'for' and a card of your hand: Anna take JH for 9S"),
    (5, "deal 1, move 1: a move is a string in the Rennen notation, not 5"),
]


@pytest.mark.parametrize(("move", "message"), NOTATION)
def test_malformed_moves(move, message):
    error = error_of(plain(move), InvalidLogError)
    assert (str(error), error.field) == (message, "deals[0].moves[0]")


DEALS = [
    ({"market": ["AH", "QD", "10C"], "hands": {"Anna": ["AC", "9S", "KC"],
                                               "Bert": ["AS", "10S", "JH"]}, "moves": []},
     "deal 1: the market is 4 cards, not 3", "deals[0].market"),
    ({"market": ["AH", "QD", "10C", "QC"], "hands": {"Anna": ["AC", "9S", "KC"],
                                                     "Bert": ["AS", "10S", "JH"]}, "moves": []},
     "deal 1: the market card QC is not in the stock (both copies are out: Anna's Kreuz row, "
     "Bert's Kreuz row)", "deals[0].market[3]"),
    ({"market": ["AH", "AH", "10C", "9H"], "hands": {"Anna": ["AH", "9S", "KC"],
                                                     "Bert": ["AS", "10S", "JH"]}, "moves": []},
     "deal 1: Anna's card AH is not in the stock (both copies are out: the market, the market)",
     "deals[0].hands.Anna[0]"),
    ({"market": ["AH", "QD", "10C", "9H"], "hands": {"Anna": ["AC", "9S"],
                                                     "Bert": ["AS", "10S", "JH"]}, "moves": []},
     "deal 1: Anna is dealt 3 cards this race (3 each), not 2", "deals[0].hands.Anna"),
    ({"market": ["AH", "QD", "10C", "9H"], "hands": {"Anna": ["AC", "9S", "KC"]}, "moves": []},
     'deal 1: hands must give both players\' cards: {"Anna": [...], "Bert": [...]}',
     "deals[0].hands"),
    ({"moves": ["play AC AS"]},
     "deal 1: the market and both hands must be recorded when the log has no seed",
     "deals[0].market"),
    ({"market": ["AH", "QD", "10C", "9H"], "hands": {"Anna": ["AC", "9S", "KC"],
                                                     "Bert": ["AS", "10S", "JH"]},
      "moves": ["play AC AS"]},
     "deal 1, move 2: the race is not finished: the race has not been played (1 of 3 cards are "
     "played)", "deals[0].moves"),
    ({"market": ["AH", "QD", "10C", "9H"], "hands": {"Anna": ["AC", "9S", "KC"],
                                                     "Bert": ["AS", "10S", "JH"]},
      "moves": ["play AC AS", "play 9S 10S", "play KC JH"]},
     "deal 1, move 4: the race is not finished: the tie must be broken with one card each from "
     "the stock (tiebreak)", "deals[0].moves"),
    ({"market": ["AH", "QD", "10C", "9H"], "hands": {"Anna": ["AC", "9S", "KC"],
                                                     "Bert": ["AS", "10S", "JH"]},
      "moves": ["play AC AS", "play 9S 10S", "play KC JH", "tiebreak 9C KH"]},
     "deal 1, move 5: the race is not finished: Anna must still pick from the market (0 of 3 "
     "picks made)", "deals[0].moves"),
    ({"moves": [], "facts": {}}, "deal 1: a race has either moves (played) or facts (score "
                                 "sheet), not both and not neither", "deals[0]"),
    ({"moves": [], "board": 1}, "deal 1: unknown deal field 'board'; a race has facts, game, "
                                "hands, market, moves, note, race", "deals[0].board"),
    ({"race": 2, "moves": []}, "deal 1: this deal is race 1, not 2", "deals[0].race"),
    ({"game": 2, "moves": []}, "deal 1: this deal is game 1, not 2", "deals[0].game"),
]


@pytest.mark.parametrize(("deal", "message", "field"), DEALS)
def test_malformed_deals(deal, message, field):
    error = error_of(document(deal), InvalidLogError)
    assert (str(error), error.field) == (message, field)


# Race 1, ultimate win for Anna: Anna KC (row), Bert 9D (reserve), Anna KH (row): Anna holds
# the Kreuz- and the Herzvorteil, nobody the Pikvorteil. Race 2 stops before its first move.
HERZ_FOR_ANNA = sheet("Anna", "ultimate", "Anna KC", "Bert 9D", "Anna KH")


@pytest.mark.parametrize(("anna", "message"), [
    # No bomb: three cards each are still to be played.
    ("AC 9S JC", "the race has not been played (0 of 3 cards are played)"),
    # Anna's Aces (AC AS AD) are a bomb: an ultimate win, and Anna picks first.
    ("AC AS AD", "Anna must still pick from the market (0 of 3 picks made)"),
])
def test_a_race_that_stops_before_the_herzvorteil(anna, message):
    race = played("AH QD 10C 9H", anna, "KS 10S JH")
    error = error_of(document(HERZ_FOR_ANNA, race), InvalidLogError)
    assert (str(error), error.field) == (f"deal 2, move 1: the race is not finished: {message}",
                                         "deals[1].moves")
