"""Builders for hand-made Doppelkopf deals.

A deal is written as its ten tricks in playing order; the hands follow from who played what
(the trick winner leads the next trick), and the engine's replay then checks every card.
"""

from __future__ import annotations

from games.engines.cards import format_cards, parse_cards
from games.engines.doppelkopf.tables import trick_winner

PLAYERS = ["Anna", "Bert", "Carl", "Dora"]


def tricks_to_hands(tricks: list[str], leader: int, *, mode: str = "normal",
                    herz10: str = "second-beats-first",
                    switch: dict[int, str] | None = None) -> tuple[dict[str, str], list[str]]:
    """Hands (``{"Anna": "AC ..."}``) and the card moves for tricks in playing order.

    ``switch`` changes the trump mode from a trick number on (Schwarze Sau).
    """
    hands: list[list] = [[], [], [], []]
    moves: list[str] = []
    for number, text in enumerate(tricks, start=1):
        if switch and number in switch:
            mode = switch[number]
        cards = parse_cards(text)
        assert len(cards) == 4, text
        for offset, card in enumerate(cards):
            hands[(leader + offset) % 4].append(card)
        moves.extend(str(c) for c in cards)
        leader = (leader + trick_winner(cards, mode, herz10, last=number == 10)) % 4
    return {PLAYERS[s]: format_cards(hands[s]) for s in range(4)}, moves


def document(*deals: dict, rules: dict | None = None) -> dict:
    return {"format": "stammtisch-log/1", "game": "doppelkopf",
            "rules": rules or {"preset": "seed"}, "players": list(PLAYERS),
            "deals": list(deals)}


ALL_GESUND = ["Anna: gesund", "Bert: gesund", "Carl: gesund", "Dora: gesund"]

# Deal A, a normal game. Dora deals, Anna leads. RE = Anna and Carl (one Kreuz-Dame each).
# Trick (leader first) -> winner, Augen:
#  1 A: AC KC KC 10C -> Anna 29          6 A: QD QS QC JS -> Carl 11
#  2 A: AS KS 10S KS -> Anna 29          7 C: QH 10H JH JD -> Dora 17
#  3 A: AH KH AH KH -> Anna 30 (herz)    8 D: QS QC QD 10D -> Anna 19
#  4 A: AC 10C AS 10S -> Anna 42 (doko)  9 A: JS QH JH AD -> Bert 18
#  5 A: 10H AD KD 10D -> Anna 35 (Fuchs of Bert caught)
# 10 B: KD JC JD JC -> Carl 10 (Charly wins the last trick)
# RE: 29+29+30+42+35+11+19+10 = 205 in 8 tricks; KONTRA: 17+18 = 35 in 2 tricks.
DEAL_A_TRICKS = [
    "AC KC KC 10C", "AS KS 10S KS", "AH KH AH KH", "AC 10C AS 10S", "10H AD KD 10D",
    "QD QS QC JS", "QH 10H JH JD", "QS QC QD 10D", "JS QH JH AD", "KD JC JD JC",
]

# Deal H: Anna holds both Kreuz-Damen (Hochzeit, Fehl finding by the first card AC). Bert
# wins the first Fehl trick not taken by Anna (trick 2) and becomes her partner.
#  1 A: AC KC KC 10C -> Anna 29          6 A: QC QS QD JS -> Anna 11
#  2 A: KS AS 10S KS -> Bert 29          7 A: JH JD QH 10H -> Dora 17
#  3 B: KH AH KH AH -> Carl 30 (herz)    8 D: QS QC QD 10D -> Anna 19
#  4 C: AS 10S AC 10C -> Carl 42 (doko)  9 A: JS QH JH AD -> Bert 18 (Fuchs of Dora caught)
#  5 C: KD 10D 10H AD -> Anna 35 (Bert's Fuchs, same party: not caught)
# 10 B: KD JC JD JC -> Carl 10 (Charly wins the last trick; Anna's Charly caught)
# RE (Anna, Bert): 29+29+35+11+19+18 = 141; KONTRA (Carl, Dora): 30+42+17+10 = 99.
DEAL_H_TRICKS = [
    "AC KC KC 10C", "KS AS 10S KS", "KH AH KH AH", "AS 10S AC 10C", "KD 10D 10H AD",
    "QC QS QD JS", "JH JD QH 10H", "QS QC QD 10D", "JS QH JH AD", "KD JC JD JC",
]

# Deal S: Anna alone with both Kreuz-Damen, no Fehl trick lost in tricks 1-3: a Hochzeit
# without partner, or (all gesund) a stilles Solo. Same as deal A, but in trick 6 Anna
# plays the second QC (she wins it) and leads trick 7.
#  6 A: QC QS QD JS -> Anna 11   7 A: JH JD QH 10H -> Dora 17   8 D: QS QC QD 10D -> Anna 19
# Anna: 29+29+30+42+35+11+19 = 195 in 7 tricks; the others 45 in 3 tricks.
DEAL_S_TRICKS = [
    "AC KC KC 10C", "AS KS 10S KS", "AH KH AH KH", "AC 10C AS 10S", "10H AD KD 10D",
    "QC QS QD JS", "JH JD QH 10H", "QS QC QD 10D", "JS QH JH AD", "KD JC JD JC",
]

# Deal D: a Damensolo of Anna (she leads). Queens are the only trumps.
#  1 A: QC QD QH QS -> Anna 12     2 A: QH QC QD QS -> Bert 12
#  3 B: 10C KC JC AC -> Anna 27    4-8 A: A 10 K J of C, S, S, H, H -> Anna 27 each
#  9 A: AD 10D KD JD -> Anna 27   10 A: 10D AD KD JD -> Bert 27
# Anna: 12 + 7 x 27 = 201; the others 39 in 2 tricks.
DEAL_D_TRICKS = [
    "QC QD QH QS", "QH QC QD QS", "10C KC JC AC", "AC 10C KC JC", "AS 10S KS JS",
    "AS 10S KS JS", "AH 10H KH JH", "AH 10H KH JH", "AD 10D KD JD", "10D AD KD JD",
]

# Deal P (Schieben), after the exchange: Anna (no trumps left) and Carl are RE.
#  1 A: AC KC KC 10C -> Anna 29     6 C: QS QD AS JC -> Carl 19
#  2 A: AS KS 10S KS -> Anna 29     7 C: QH AD 10S 10D -> Carl 34 (Dora's Fuchs caught)
#  3 A: AH JD QC KD -> Carl 20      8 C: QD 10D AH KD -> Carl 28
#  4 C: 10H QS 10C JS -> Carl 25    9 C: JC JS KH 10H -> Bert 18
#  5 C: QC QH AC JH -> Carl 19     10 B: AD JH JD KH -> Carl 19 (Bert's Fuchs caught)
# RE: 58 + 164 = 222 in 9 tricks; KONTRA: 18 in 1 trick.
DEAL_P_TRICKS = [
    "AC KC KC 10C", "AS KS 10S KS", "AH JD QC KD", "10H QS 10C JS", "QC QH AC JH",
    "QS QD AS JC", "QH AD 10S 10D", "QD 10D AH KD", "JC JS KH 10H", "AD JH JD KH",
]

# --- Deals for the DDV preset: its first Herz 10 beats the second (tricks_to_hands(herz10=...))

DDV_HERZ10 = "first-beats-second"

# Deal N: a normal game that ends 120 : 120. Carl deals, Dora leads. RE = Carl and Dora
# (Carl's and Dora's QC fall in trick 2).
#  1 D: JD AD QD KD -> Bert 20          6 D: AC AS 10S QD -> Carl 35
#  2 B: JD QC QC JS -> Carl 10          7 C: QH 10H JS JC -> Dora 17
#  3 C: AC 10C 10D KC -> Anna 35        8 D: 10C QS AS 10D -> Anna 34
#  4 A: JH QH AD JC -> Bert 18 (Carl's Fuchs caught by KONTRA)
#  5 B: KH AH 10H AH -> Dora 36         9 A: KH KS KD 10S -> Carl 22
# 10 C: JH KC QS KS -> Anna 13
# RE: 10 + 36 + 35 + 17 + 22 = 120; KONTRA: 20 + 35 + 18 + 34 + 13 = 120.
DEAL_N_TRICKS = [
    "JD AD QD KD", "JD QC QC JS", "AC 10C 10D KC", "JH QH AD JC", "KH AH 10H AH",
    "AC AS 10S QD", "QH 10H JS JC", "10C QS AS 10D", "KH KS KD 10S", "JH KC QS KS",
]

# Deal O: Anna's Pik-Solo that ends 120 : 120 (trumps 10H, Damen, Buben, Pik A 10 K; Karo
# is Fehl). Anna deals and, as her first solo is her Pflichtsolo, leads.
#  1 A: QC QC JS JS -> Anna 10          6 D: 10C QD 10C AC -> Anna 34
#  2 A: KS QD 10H KS -> Carl 21         7 A: JD AS JC KC -> Carl 19
#  3 C: KD KD AH 10D -> Bert 29         8 C: AD AH JH 10D -> Anna 34
#  4 B: QS JH 10H 10S -> Dora 25        9 A: QH AD JC KH -> Anna 20
#  5 D: QS JD 10S AS -> Dora 26        10 A: QH KC AC KH -> Anna 22
# Anna: 10 + 34 + 34 + 20 + 22 = 120; the others: 21 + 29 + 25 + 26 + 19 = 120.
DEAL_O_TRICKS = [
    "QC QC JS JS", "KS QD 10H KS", "KD KD AH 10D", "QS JH 10H 10S", "QS JD 10S AS",
    "10C QD 10C AC", "JD AS JC KC", "AD AH JH 10D", "QH AD JC KH", "QH KC AC KH",
]
DEAL_O_DECLARATIONS = [
    "Bert: gesund", "Carl: gesund", "Dora: gesund", "Anna: solo-vorbehalt", "Bert: gesund",
    "Carl: gesund", "Dora: gesund", "Anna: solo pik",
]

# Hochzeiten (the DDV finds the partner in the first trick not won by the Hochzeiter).
# H1: Carl deals, Dora leads, Bert holds both Kreuz-Damen. Dora wins trick 1: the
# Klärungsstich is trick 1.
#  1 D: AC 10C AC 10C -> Dora 42        6 C: AD 10D 10H 10H -> Anna 41 (the first 10H)
#  2 D: QH JC KD JD -> Dora 11          7 A: KH QD AH KH -> Bert 22
#  3 D: KC KC KD KS -> Bert 16          8 B: QC 10D QD QH -> Bert 19
#  4 B: AS AS KS 10S -> Bert 36         9 B: JS QS AD JH -> Carl 18
#  5 B: 10S JC JS AH -> Carl 25        10 C: QS JH JD QC -> Bert 10
# RE (Bert, Dora): 42 + 11 + 16 + 36 + 22 + 19 + 10 = 156; KONTRA: 25 + 41 + 18 = 84.
DEAL_H1_TRICKS = [
    "AC 10C AC 10C", "QH JC KD JD", "KC KC KD KS", "AS AS KS 10S", "10S JC JS AH",
    "AD 10D 10H 10H", "KH QD AH KH", "QC 10D QD QH", "JS QS AD JH", "QS JH JD QC",
]
# H2: Bert deals, Carl leads, Dora holds both Kreuz-Damen. She wins trick 1 herself (it finds
# nobody); Bert wins trick 2: the Klärungsstich is trick 2.
#  1 C: 10C AC KC 10C -> Dora 35        6 D: AS AD 10S AS -> Anna 43
#  2 D: 10D JD JS JS -> Bert 16         7 A: 10H KD AD QC -> Anna 28
#  3 B: AH KH AH KH -> Bert 30          8 A: JC QD QS KD -> Carl 12
#  4 B: 10D 10H JC QS -> Carl 25        9 C: KS QC JH 10S -> Dora 19
#  5 C: JD QH QH QD -> Dora 11         10 D: AC JH KC KS -> Anna 21
# RE (Dora, Bert): 35 + 16 + 30 + 11 + 19 = 111; KONTRA: 25 + 43 + 28 + 12 + 21 = 129.
DEAL_H2_TRICKS = [
    "10C AC KC 10C", "10D JD JS JS", "AH KH AH KH", "10D 10H JC QS", "JD QH QH QD",
    "AS AD 10S AS", "10H KD AD QC", "JC QD QS KD", "KS QC JH 10S", "AC JH KC KS",
]
# H3: Carl deals, Dora leads, Bert holds both Kreuz-Damen and wins tricks 1 and 2; Carl wins
# trick 3: the Klärungsstich is trick 3.
#  1 D: 10C 10C AC AH -> Bert 42        6 A: 10S QS AS AD -> Bert 35
#  2 B: QC QH 10D JD -> Bert 18         7 B: JH KD AD QH -> Anna 20
#  3 B: 10S AS KS KS -> Carl 29         8 A: QD QC QD JH -> Bert 11
#  4 C: JD 10D 10H QS -> Anna 25        9 B: AC KD KC KH -> Carl 23
#  5 A: 10H JS JC JC -> Anna 16        10 C: JS AH KH KC -> Carl 21
# RE (Bert, Carl): 42 + 18 + 29 + 35 + 11 + 23 + 21 = 179; KONTRA: 25 + 16 + 20 = 61.
DEAL_H3_TRICKS = [
    "10C 10C AC AH", "QC QH 10D JD", "10S AS KS KS", "JD 10D 10H QS", "10H JS JC JC",
    "10S QS AS AD", "JH KD AD QH", "QD QC QD JH", "AC KD KC KH", "JS AH KH KC",
]
