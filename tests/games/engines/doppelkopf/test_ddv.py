"""The ``ddv`` preset as the DDV Turnierspielregeln (TSR) define it, case by case with the rule.

- TSR 7.1 (Gewinnstufen und Gewinnkriterien, the cases of 7.1.2): without announcements and
  with RE alone or RE and KONTRA, RE needs 121; when only KONTRA was announced, KONTRA needs
  121 and RE wins 120 : 120. Values by TSR 7.2: won 1, RE/KONTRA announced 2 each, gegen die
  Kreuz-Damen 1, the special points; a solo three times for the soloist.
- TSR 6.2.2 and 6.3.4 (6.3 and 6.4 in the 2000 edition): each player's time is counted by the
  cards he still holds ("... spätestens dann erfolgen, wenn der ansagende Spieler noch
  mindestens 11 Karten in der Hand hält"): RE/KONTRA with at least 11 of 12 cards, keine 90
  with 10, keine 60 with 9, keine 30 with 8, schwarz with 7. With ten cards each (no nines)
  that is: RE/KONTRA until he plays his second card, i.e. with 9 cards in hand, each Absage
  one card later.
- TSR 6.4.2 (6.5 in the 2000 edition): in an announced Hochzeit nobody announces before the
  Klärungsstich; if it is trick 1, the times do not move; trick 2 (3) lowers the card counts
  by 1 (2).
- TSR 8.5/8.6: a list is 24 games, the Pflichtsoli included: 20 games and one Pflichtsolo of
  each of the four; who has not played his by then is vorgeführt, the owing player nearest
  the dealer's left first, and nobody can take his solo over.

Every deal here is written out trick by trick, with its Augen, in ``helpers.py``.
"""

import pytest

from games.engines.cards import parse_cards
from games.engines.doppelkopf import ENGINE
from games.engines.doppelkopf.negotiation import Contract
from games.engines.doppelkopf.play import DealPlay, parse_move
from games.engines.doppelkopf.rules import DDV
from games.engines.errors import IllegalMoveError, InvalidFactsError, InvalidLogError

from .helpers import (
    ALL_GESUND,
    DDV_HERZ10,
    DEAL_A_TRICKS,
    DEAL_H1_TRICKS,
    DEAL_H2_TRICKS,
    DEAL_H3_TRICKS,
    DEAL_N_TRICKS,
    DEAL_O_DECLARATIONS,
    DEAL_O_TRICKS,
    PLAYERS,
    document,
    tricks_to_hands,
)
from .test_scoring import sheet

DDV_RULES = {"preset": "ddv"}


def replay(deal, rules=None):
    return ENGINE.replay(document(deal, rules=rules or DDV_RULES))


def refused(deal, rules=None, kind=IllegalMoveError):
    with pytest.raises(kind) as excinfo:
        replay(deal, rules)
    return excinfo.value


def inserted(cards, *spots):
    """The cards with announcements put in: ``(after how many cards, text)``, in order."""
    moves = []
    for count in range(len(cards) + 1):
        moves.extend(text for after, text in spots if after == count)
        moves.extend(cards[count:count + 1])
    return moves


# --- TSR 7.1: KONTRA alone needs 121 -------------------------------------------------------

N_HANDS, N_CARDS = tricks_to_hands(DEAL_N_TRICKS, 3, herz10=DDV_HERZ10)
O_HANDS, O_CARDS = tricks_to_hands(DEAL_O_TRICKS, 0, mode="pik", herz10=DDV_HERZ10)


def deal_n(*announcements):
    return {"dealer": "Carl", "hands": N_HANDS, "declarations": ALL_GESUND,
            "moves": [*announcements, *N_CARDS]}


def deal_o(*announcements):
    return {"dealer": "Anna", "hands": O_HANDS, "declarations": DEAL_O_DECLARATIONS,
            "moves": [*announcements, *O_CARDS]}


class TestKontraAloneNeeds121:
    """TSR 7.1: only KONTRA announced, RE wins 120 : 120. Deal N: RE (Carl, Dora) 120, KONTRA
    (Anna, Bert) 120; KONTRA caught Carl's Fuchs in trick 4 (1 special point)."""

    def test_only_kontra_re_wins_with_120(self):
        # TSR 7.1.2: RE wins with its 120th Auge. Won 1 + KONTRA announced 2 = 3 for RE;
        # KONTRA's Fuchs -1: RE +2 each.
        hand = replay(deal_n("Bert: kontra")).hands[0]
        assert hand.facts["augen"] == {"re": 120, "kontra": 120}
        assert hand.facts["announcements"] == {"re": None, "kontra": "kontra"}
        value = hand.detail["value"]
        assert value["winner"] == "re"
        assert [(c["kind"], c["points"]) for c in value["components"]] == [
            ("gewonnen", 1), ("kontra angesagt", 2)]
        assert [(s["kind"], s["party"]) for s in value["specials"]] == [
            ("fuchs-gefangen", "kontra")]
        assert hand.points == (-2, -2, 2, 2)

    def test_the_seed_gives_120_to_kontra_whoever_announced(self):
        # Seed: KONTRA needs 120. Won 1, doubled by KONTRA = 2, gegen die Alten 1, Fuchs 1.
        hand = replay(deal_n("Bert: kontra"), rules={"preset": "seed"}).hands[0]
        assert hand.detail["value"]["winner"] == "kontra"
        assert hand.points == (4, 4, -4, -4)

    def test_no_announcement_kontra_wins_with_120(self):
        # TSR 7.1.2: without announcements RE needs 121. KONTRA: won 1, gegen die Kreuz-Damen
        # 1, Fuchs 1 = 3.
        hand = replay(deal_n()).hands[0]
        assert hand.detail["value"]["winner"] == "kontra"
        assert hand.points == (3, 3, -3, -3)

    def test_re_and_kontra_kontra_wins_with_120(self):
        # TSR 7.1.2: with RE and KONTRA announced RE needs 121 again. KONTRA: won 1, RE 2,
        # KONTRA 2, gegen die Kreuz-Damen 1, Fuchs 1 = 7.
        hand = replay(deal_n("Carl: re", "Bert: kontra")).hands[0]
        assert hand.detail["value"]["winner"] == "kontra"
        assert hand.points == (7, 7, -7, -7)

    def test_in_a_solo_the_soloist_wins_with_120(self):
        # Deal O: Anna's Pik-Solo, 120 : 120, only KONTRA (Carl) announced. Won 1 + KONTRA 2
        # = 3, the soloist three times: Anna +9, each opponent -3.
        hand = replay(deal_o("Carl: kontra")).hands[0]
        assert (hand.facts["contract"], hand.facts["solo"], hand.facts["augen"]) == (
            "solo", "pik", {"re": 120, "kontra": 120})
        assert hand.detail["value"]["winner"] == "re"
        assert hand.points == (9, -3, -3, -3)
        # Without the announcement the soloist needs 121: the opponents win 1 each.
        assert replay(deal_o()).hands[0].points == (-3, 1, 1, 1)

    @pytest.mark.parametrize(("contract", "re", "solo", "points"), [
        ("normal", ["Carl", "Dora"], None, (-3, -3, 3, 3)),
        ("solo", ["Anna"], "pik", (9, -3, -3, -3)),
    ])
    def test_from_the_score_sheet(self, contract, re, solo, points):
        # The same rule from facts (one scoring path): won 1 + KONTRA 2 = 3 for RE.
        facts = sheet(contract, re=re, re_augen=120, solo=solo,
                      announcements={"re": None, "kontra": "kontra"})
        assert replay(facts).hands[0].points == points

    def test_kontra_with_121_wins(self):
        # KONTRA 121 : RE 119, only KONTRA announced: won 1, KONTRA 2, gegen die Kreuz-Damen 1.
        facts = sheet(re_augen=119, announcements={"re": None, "kontra": "kontra"})
        assert replay(facts).hands[0].points == (-4, 4, -4, 4)

    def test_played_and_sheet_agree(self):
        played = replay(deal_n("Bert: kontra")).hands[0]
        entered = replay({"dealer": "Carl", "facts": played.facts}).hands[0]
        assert entered.points == played.points == (-2, -2, 2, 2)

    def test_a_club_can_switch_it_off(self):
        hand = replay(deal_n("Bert: kontra"),
                      rules={"preset": "ddv", "kontra_alone_needs_121": False}).hands[0]
        # KONTRA wins with 120: won 1, KONTRA 2, gegen die Kreuz-Damen 1, Fuchs 1.
        assert hand.points == (5, 5, -5, -5)


# --- TSR 6.2.2 / 6.3.4: the times by each player's own cards -------------------------------

A_HANDS, A_CARDS = tricks_to_hands(DEAL_A_TRICKS, 0, herz10=DDV_HERZ10)
# Deal A (helpers.py): Dora deals, Anna (RE with Carl) leads and wins tricks 1 to 5, so in
# tricks 1 to 6 the order is Anna, Bert, Carl, Dora: card c of trick t is card 4(t-1)+c.


def deal_a(*spots):
    return {"dealer": "Dora", "hands": A_HANDS, "declarations": ALL_GESUND,
            "moves": inserted(A_CARDS, *spots)}


class TestOwnCardTiming:
    """TSR 6.2.2 (RE/KONTRA with at least 11 of 12 cards) and 6.3.4 (the Absagen with 10, 9,
    8, 7), counted per player; with 10 cards: 9, 8, 7, 6, 5."""

    def test_players_two_to_four_of_trick_2_before_their_card(self):
        # TSR 6.2.2. After Anna's and Bert's cards of trick 2 (6 cards), Carl has laid one
        # card: he holds 9 of his 10 (the TSR's 11 of 12) and may say RE; Dora likewise
        # KONTRA after 7 cards.
        result = replay(deal_a((6, "Carl: re"), (7, "Dora: kontra")))
        hand = result.hands[0]
        assert hand.facts["announcements"] == {"re": "re", "kontra": "kontra"}
        assert [(a["player"], a["after_cards"], a["trick"]) for a in
                hand.detail["announcements"]] == [("Carl", 6, 2), ("Dora", 7, 2)]

    def test_the_seed_refuses_them_in_the_middle_of_the_trick(self):
        error = refused(deal_a((6, "Carl: re")), rules={"preset": "seed",
                                                        "herz10": DDV_HERZ10})
        assert str(error) == ("deal 1, move 7: Carl cannot announce in the middle of trick 2: "
                              "only before its first card or right after it")

    def test_the_leader_of_trick_2_after_his_card_is_too_late(self):
        # TSR 6.2.2: Anna led trick 2, so she holds 8 cards.
        error = refused(deal_a((5, "Anna: re")))
        assert str(error) == ("deal 1, move 6: too late for re: Anna holds 8 cards, and re may "
                              "be said only while holding at least 9")
        assert (error.deal, error.move, error.field) == (1, 6, "deals[0].moves[5]")
        # The seed's trick window allows it ("RE bis die erste Karte des 2. Stichs liegt").
        seed = replay(deal_a((5, "Anna: re")), rules={"preset": "seed", "herz10": DDV_HERZ10})
        assert seed.hands[0].facts["announcements"]["re"] == "re"

    @pytest.mark.parametrize(("level", "word", "held"), [
        (1, "re", 9), (2, "keine 90", 8), (3, "keine 60", 7), (4, "keine 30", 6),
        (5, "schwarz", 5),
    ])
    def test_each_level_until_the_players_card(self, level, word, held):
        # TSR 6.2.2/6.3.4: level k while holding 10 - k cards (12 - k - 1 of 12). Anna says the
        # lower levels before the first card, then level k just before her card k + 1 (she
        # leads tricks 1 to 6: it is card 4k); right after that card it is refused.
        lower = [f"Anna: {w}" for w in ("re", "keine 90", "keine 60", "keine 30")[:level - 1]]
        in_time = replay(deal_a(*[(0, text) for text in lower], (4 * level, f"Anna: {word}")))
        assert in_time.hands[0].facts["announcements"]["re"] == word
        error = refused(deal_a(*[(0, text) for text in lower],
                               (4 * level + 1, f"Anna: {word}")))
        move = len(lower) + 4 * level + 2
        assert str(error) == (f"deal 1, move {move}: too late for {word}: Anna holds "
                              f"{held - 1} cards, and {word} may be said only while holding "
                              f"at least {held}")

    def test_no_gaps_rule_only_the_card_counts(self):
        # RE before the first card; Carl's keine 90 after the first card of trick 3, before
        # his third card (holding 8, TSR 6.3.4: keine 90 with at least 10 of 12), is in time.
        # The seed's "no gaps" refuses it.
        deal = deal_a((0, "Anna: re"), (9, "Carl: keine 90"))
        assert replay(deal).hands[0].facts["announcements"]["re"] == "keine 90"
        error = refused(deal, rules={"preset": "seed", "herz10": DDV_HERZ10})
        assert str(error) == ("deal 1, move 11: no gaps: RE announced in trick 1, so a raise "
                              "had to come by the first card of trick 2")

    def test_a_skipped_level_must_still_be_in_time(self):
        # keine 90 includes RE, which Carl (holding 8) can no longer say.
        error = refused(deal_a((10, "Carl: keine 90")))
        assert str(error) == ("deal 1, move 11: too late for keine 90: Carl holds 8 cards, and "
                              "re (which keine 90 includes) may be said only while holding at "
                              "least 9")

    def test_skipping_levels_in_time(self):
        # keine 60 before the first card includes RE and keine 90, and they count (DDV 6.5 of
        # 2000, RULES-NOTES). RE 205 : 35: won 1, u90, u60, keine 90 and keine 60 abgesagt,
        # RE 2 = 7, + 3 special points (DDV: Doppelkopf, Fuchs, Charly) = 10.
        hand = replay(deal_a((0, "Anna: keine 60"))).hands[0]
        assert hand.facts["announcements"] == {"re": "keine 60", "kontra": None}
        assert hand.points == (10, -10, 10, -10)

    def test_legal_moves_list_who_may_still_announce(self):
        # TSR 6.2.2 after 6 cards: only those who still hold 9 may say RE/KONTRA.
        hands = [parse_cards(A_HANDS[p]) for p in PLAYERS]
        play = DealPlay(DDV, PLAYERS, hands, Contract("normal", re=frozenset({0, 2})),
                        leader=0)
        for card in A_CARDS[:6]:
            play.apply(parse_move(card))
        # Anna and Bert have laid their second card, Carl and Dora have not.
        assert [m.text() for m in play.legal_announcements()] == ["Carl: re", "Dora: kontra"]

    def test_a_club_can_switch_to_trick_windows(self):
        rules = {"preset": "ddv", "announcement_timing": "tricks"}
        error = refused(deal_a((6, "Carl: re")), rules=rules)
        assert str(error) == ("deal 1, move 7: Carl cannot announce in the middle of trick 2: "
                              "only before its first card or right after it")


# --- TSR 6.4.2: announcements after an announced Hochzeit -----------------------------------

def hochzeit(tricks, leader, dealer, hochzeiter, *spots):
    hands, cards = tricks_to_hands(tricks, leader, herz10=DDV_HERZ10)
    order = PLAYERS[PLAYERS.index(dealer) + 1:] + PLAYERS[:PLAYERS.index(dealer) + 1]
    declarations = [f"{p}: {'vorbehalt' if p == hochzeiter else 'gesund'}" for p in order]
    return {"dealer": dealer, "hands": hands, "moves": inserted(cards, *spots),
            "declarations": [*declarations, f"{hochzeiter}: hochzeit"]}


H1 = (DEAL_H1_TRICKS, 3, "Carl", "Bert")   # Klärungsstich 1: Dora
H2 = (DEAL_H2_TRICKS, 2, "Bert", "Dora")   # Klärungsstich 2: Bert
H3 = (DEAL_H3_TRICKS, 3, "Carl", "Bert")   # Klärungsstich 3: Carl


class TestHochzeit:
    """TSR 6.4.2 (6.5 in 2000): no announcement before the Klärungsstich; Klärungsstich 1
    moves nothing, 2 and 3 lower the card counts by 1 and 2."""

    @pytest.mark.parametrize(("deal", "partner", "finding", "augen"), [
        (H1, "Dora", 1, {"re": 156, "kontra": 84}),
        (H2, "Bert", 2, {"re": 111, "kontra": 129}),
        (H3, "Carl", 3, {"re": 179, "kontra": 61}),
    ])
    def test_the_deals(self, deal, partner, finding, augen):
        hand = replay(hochzeit(*deal)).hands[0]
        assert (hand.detail["contract"]["partner"], hand.detail["contract"]["finding_trick"],
                hand.facts["augen"]) == (partner, finding, augen)

    def test_nobody_announces_before_the_klaerungsstich(self):
        # H2: trick 1 went to the Hochzeiter herself; after it the parties are still open.
        error = refused(hochzeit(*H2, (4, "Anna: kontra")))
        assert str(error) == ("deal 1, move 5: Anna cannot announce before the Hochzeit has "
                              "found its partner")

    @pytest.mark.parametrize(("deal", "in_time", "late", "message"), [
        # Klärungsstich 1: the times do not move. Trick 2 is Dora, Anna, Bert, Carl: Carl says
        # KONTRA before his second card; Bert's RE after his second card is too late.
        (H1, (7, "Carl: kontra"), (7, "Bert: re"),
         "move 8: too late for re: Bert holds 8 cards, and re may be said only while holding "
         "at least 9"),
        # Klärungsstich 2: one card more. Trick 3 is Bert, Carl, Dora, Anna: Anna says KONTRA
        # before her third card; Bert, who led trick 3, is too late after his.
        (H2, (11, "Anna: kontra"), (9, "Bert: re"),
         "move 10: too late for re: Bert holds 7 cards, and re may be said only while holding "
         "at least 8"),
        # Klärungsstich 3: two cards more. Trick 4 is Carl, Dora, Anna, Bert: Bert says RE
        # before his fourth card; Carl, who led trick 4, is too late after his.
        (H3, (15, "Bert: re"), (13, "Carl: re"),
         "move 14: too late for re: Carl holds 6 cards, and re may be said only while holding "
         "at least 7"),
    ])
    def test_each_later_klaerungsstich_moves_the_times_by_one(self, deal, in_time, late,
                                                             message):
        player, word = in_time[1].split(": ")
        hand = replay(hochzeit(*deal, in_time)).hands[0]
        assert [(a["player"], a["word"]) for a in hand.detail["announcements"]] == [
            (player, word)]
        assert str(refused(hochzeit(*deal, late))) == f"deal 1, {message}"

    def test_with_trick_windows_the_first_klaerungsstich_moves_nothing(self):
        # H1 with trick windows: RE/KONTRA until the first card of trick 2, as without a
        # Hochzeit. The seed moves the windows by the whole Findungsstich: trick 3 is in time.
        late = hochzeit(*H1, (8, "Dora: re"))
        error = refused(late, rules={"preset": "ddv", "announcement_timing": "tricks"})
        assert str(error) == ("deal 1, move 9: too late for re: it must be said by the first "
                              "card of trick 2")
        seed = replay(late, rules={"preset": "seed", "herz10": DDV_HERZ10,
                                   "hochzeit_finding": "any"})
        assert seed.hands[0].facts["announcements"]["re"] == "re"
        in_time = hochzeit(*H1, (4, "Dora: re"))
        assert replay(in_time, rules={"preset": "ddv", "announcement_timing": "tricks"}) \
            .hands[0].facts["announcements"]["re"] == "re"

    def test_with_trick_windows_a_later_klaerungsstich_moves_them_one_trick(self):
        # H2 (Klärungsstich 2) with trick windows: RE/KONTRA until the first card of trick 3.
        rules = {"preset": "ddv", "announcement_timing": "tricks"}
        assert replay(hochzeit(*H2, (9, "Anna: kontra")), rules=rules) \
            .hands[0].facts["announcements"]["kontra"] == "kontra"
        error = refused(hochzeit(*H2, (12, "Anna: kontra")), rules=rules)
        assert str(error) == ("deal 1, move 13: too late for kontra: it must be said by the "
                              "first card of trick 3")


# --- TSR 8.5/8.6: 24 games, the Pflichtsoli included ---------------------------------------

def normal(re_augen=130):
    return sheet(re_augen=re_augen)


def solo(player, kind="damen"):
    return sheet("solo", re=[player], re_augen=130, solo=kind)


class TestListLength:
    """TSR 8.5/8.6: 24 games with the Pflichtsoli in them; vorführen when the open
    Pflichtsoli equal the games left, the owing player nearest the dealer's left first."""

    def test_twenty_deals_and_four_pflichtsoli(self):
        # Nobody plays his Pflichtsolo in the 20 deals: deals 21 to 24 are the four vorgeführte
        # Pflichtsoli, each of the owing player nearest the dealer's left; the deal passes on
        # after a vorgeführtes solo. Then the list of 24 is complete.
        deals = [normal()] * 20 + [solo("Bert"), solo("Carl"), solo("Dora"), solo("Anna")]
        result = ENGINE.replay(document(*deals, rules=DDV_RULES))
        rows = result.summary["list"]
        assert len(rows) == 24
        assert [row["dealer"] for row in rows[19:]] == ["Dora", "Anna", "Bert", "Carl", "Dora"]
        assert [(row["pflichtsolo"], row["forced"]) for row in rows[20:]] == [
            ("Bert", True), ("Carl", True), ("Dora", True), ("Anna", True)]
        assert result.summary["pot"] == {"deals": 20, "played": 20, "remaining": 0,
                                         "vorfuehren": False}
        assert result.summary["finished"] is True
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(*deals, normal(), rules=DDV_RULES))
        assert str(excinfo.value) == ("deal 25: the list is complete: the Punktetopf is empty "
                                      "and every Pflichtsolo has been played")

    def test_pflichtsoli_played_in_the_list_count_in_its_24(self):
        # Bert's Pflichtsolo in deal 2 (the same dealer deals again), his Lustsolo in deal 3
        # (one of the 20), 18 normal games: after deal 21 the 20 are played and the other three
        # are vorgeführt: deals 22 to 24.
        deals = [normal(), solo("Bert"), solo("Bert")] + [normal()] * 18 + [
            solo("Carl"), solo("Dora"), solo("Anna")]
        result = ENGINE.replay(document(*deals, rules=DDV_RULES))
        rows = result.summary["list"]
        assert len(rows) == 24 and result.summary["finished"] is True
        assert [row["dealer"] for row in rows[:4]] == ["Anna", "Bert", "Bert", "Carl"]
        assert [(row["deal"], row["pflichtsolo"]) for row in rows if row["pflichtsolo"]] == [
            (2, "Bert"), (22, "Carl"), (23, "Dora"), (24, "Anna")]
        assert [row["dealer"] for row in rows[20:]] == ["Dora", "Anna", "Bert", "Carl"]

    def test_the_vorgefuehrte_solo_is_the_front_owing_players(self):
        # Deal 21: Anna deals; Bert, next to her, owes his Pflichtsolo: Dora cannot take it.
        deals = [normal()] * 20 + [solo("Dora")]
        with pytest.raises(InvalidFactsError) as excinfo:
            ENGINE.replay(document(*deals, rules=DDV_RULES))
        assert str(excinfo.value) == (
            "deal 21: Bert is the owing player nearest the dealer's left: this vorgeführtes "
            "Pflichtsolo is Bert's, not Dora's")
        assert excinfo.value.field == "deals[20].facts.re"
        # The seed lets a later player offer to go first.
        seed = ENGINE.replay(document(*deals, rules={"preset": "seed", "pot_deals": 20}))
        assert seed.summary["list"][-1]["pflichtsolo"] == "Dora"

    def test_the_vorgefuehrte_solo_in_a_played_deal(self):
        doc = document(*[normal()] * 20, {"declarations": ["Dora: solo damen"], "moves": []},
                       rules=DDV_RULES)
        doc["seed"] = "vorfuehren"
        with pytest.raises(IllegalMoveError) as excinfo:
            ENGINE.replay(doc)
        assert str(excinfo.value) == (
            "deal 21: declaration 1: Bert is the owing player nearest the dealer's left: this "
            "vorgeführtes Pflichtsolo is Bert's, not Dora's")
        assert excinfo.value.field == "deals[20].declarations[0]"
