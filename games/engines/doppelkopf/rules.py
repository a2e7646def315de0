"""Doppelkopf rule options and the two presets, ``seed`` and ``ddv``.

The ``seed`` preset is the house rules document (seed 003) read literally; every gap it
leaves is an option whose default and source ``docs/rules/doppelkopf.md`` gives. ``ddv``
follows the DDV Turnierspielregeln (valid from 1 July 2000) where they differ.

>>> SEED.herz10, DDV.herz10
('second-beats-first', 'first-beats-second')
>>> SEED.announcement_scoring, DDV.announcement_scoring
('double', 'plus-two')
>>> SEED.announcement_timing, DDV.announcement_timing
('tricks', 'own-cards')
>>> DDV.pot_deals + 4 * DDV.pflichtsolo_count  # a DDV list: 20 deals and 4 Pflichtsoli
24
>>> from games.engines.rules import resolve_rules
>>> resolve_rules(DoppelkopfRules, PRESETS, {"preset": "ddv", "counting": "plus"}).counting
'plus'
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.engines.rules import option

SPECIAL_SCOPES = ("all-games", "normal-games", "off")


@dataclass(frozen=True)
class DoppelkopfRules:
    """Every rule a Doppelkopf list depends on (defaults = the seed's house rules)."""

    # --- cards and tricks -------------------------------------------------------------
    herz10: str = option(
        "second-beats-first",
        "Which of two Herz 10 in one trick wins (when Herz 10 is trump)",
        choices=("second-beats-first", "second-except-last-trick", "first-beats-second"))

    # --- contracts and the Vorbehalt negotiation --------------------------------------
    abbiegen: bool = option(
        True, "A solo can be 'abgebogen' with keine 90 (and higher) during the negotiation")
    new_negotiation_after_solo: bool = option(
        False, "'Neue Ansagen nach Solo-Vorbehalt': a solo-Vorbehalt reopens the negotiation "
        "in seat order, so a front seat who said gesund may still announce his own solo")
    schieben: bool = option(
        True, "Trumpfabgabe ('Schieben') with 3 or fewer trumps is allowed")
    hochzeit_finding: str = option(
        "first-card",
        "Which trick finds the Hochzeit partner: set by the first card (Fehl or Trumpf), "
        "always a Fehl trick, or any trick not taken by the Hochzeiter",
        choices=("first-card", "fehl", "any"))
    hochzeit_tricks: int = option(
        3, "Tricks in which the Hochzeit may find a partner; then he plays alone",
        minimum=1, maximum=10)
    pflichtsolo_priority: bool = option(
        False, "Among several solo-Vorbehalte a Pflichtsolo goes before a Lustsolo")
    solo_lead: str = option(
        "soloist", "Who leads the first trick of a declared solo",
        choices=("soloist", "soloist-pflicht", "forehand"))

    # --- announcements and evaluation -------------------------------------------------
    announcement_timing: str = option(
        "tricks",
        "When RE/KONTRA and the Absagen may be said: by tricks (RE/KONTRA until the first "
        "card of trick 2 lies, each Absage one trick later, never in the middle of a trick, "
        "no gaps), or by the cards the player has played himself (RE/KONTRA until he plays "
        "his second card, each Absage one card later, at any moment; DDV TSR)",
        choices=("tricks", "own-cards"))
    hochzeit_shift: str = option(
        "finding-trick",
        "How far a Hochzeit moves the announcement times once trick f has decided the "
        "parties: by f (the times start after the Findungsstich), or by f - 1 (a first "
        "trick that decides moves nothing, each later one moves them by one; DDV TSR)",
        choices=("finding-trick", "finding-trick-minus-one"))
    announcement_scoring: str = option(
        "double", "RE and KONTRA each double the game value, or add 2 points each (DDV)",
        choices=("double", "plus-two"))
    double_special_points: bool = option(
        False, "Special points (and 'gegen die Alten') are doubled by RE/KONTRA as well")
    sixty_rule: str = option(
        "normal-games",
        "60er-Regel: a party that ends above 180 to 60 without an announcement of its own "
        "loses; in which games it applies",
        choices=("normal-games", "normal-and-forced-solos", "all-games", "off"))
    kontra_alone_needs_121: bool = option(
        False, "When only KONTRA was announced (no RE), KONTRA needs 121 Augen and RE wins "
        "with 120 (DDV TSR 7.1)")
    counting: str = option(
        "plus-minus", "Winners score +, losers - (plus-minus), or only the winners score (plus)",
        choices=("plus-minus", "plus"))

    # --- special points -----------------------------------------------------------------
    sp_doppelkopf: str = option(
        "all-games", "A trick of 40 or more Augen scores a special point, in which games",
        choices=SPECIAL_SCOPES)
    sp_herz_trick: bool = option(True, "A pure heart trick (AH AH KH KH), normal games")
    sp_fuchs_gefangen: bool = option(True, "Each Fuchs (AD) caught, normal games")
    sp_charly_last: bool = option(True, "Last trick won with Charly (JC), normal games")
    sp_charly_gefangen: bool = option(True, "Charly (JC) caught in the last trick, normal games")
    sp_fuchs_last: bool = option(True, "Last trick won with the Fuchs (AD), normal games")
    sp_gegen_die_alten: bool = option(
        True, "KONTRA beats the Kreuz-Damen: +1 (normal game and Hochzeit, not Schieben)")

    # --- the session (Liste) ------------------------------------------------------------
    dealer_after_solo: str = option(
        "stays", "After a declared solo the dealer stays (until the streak limit), stays only "
        "after a Pflichtsolo that was not vorgeführt (DDV), or moves on as after any deal",
        choices=("stays", "stays-after-pflichtsolo", "moves"))
    solo_streak_limit: int = option(
        3, "With 'stays': after this many solos in a row the deal passes on anyway",
        minimum=1, maximum=99)
    pflichtsolo_count: int = option(
        1, "Pflichtsoli each player owes in a list", minimum=0, maximum=9)
    pot_deals: int = option(
        24, "Deals in the Punktetopf (the points rounds); when they are played, open "
        "Pflichtsoli are 'vorgeführt' and the list ends. 0 = no pot: the list is open",
        minimum=0, maximum=999)
    pot_counts_pflichtsoli: bool = option(
        True, "A Pflichtsolo played in the points rounds uses up a deal of the pot")
    vorfuehren_order: str = option(
        "any-owing", "Whose Pflichtsolo is vorgeführt next: any player who still owes one "
        "(the front seat first, but a later one may offer to go first), or always the "
        "owing player nearest the dealer's left (DDV)", choices=("any-owing", "front-seat"))

    # --- Hammelrennen and Schwarze Sau --------------------------------------------------
    hammelrennen: str = option(
        "declared", "Hammelrennen is played when the table declares a deal as one "
        "(the log marks it), or never", choices=("declared", "never"))
    hammelrennen_value: int = option(
        3, "Points the Hammelrennen winner scores (nobody else scores)", minimum=0, maximum=99)
    hammelrennen_tie: str = option(
        "all-tied-score", "Two or more players equally close to 60: each scores, or nobody",
        choices=("all-tied-score", "nobody-scores"))
    schwarze_sau: str = option(
        "declared", "Schwarze Sau is played when the table declares a deal as one "
        "(the log marks it), or never", choices=("declared", "never"))
    schwarze_sau_tricks: str = option(
        "all", "Which tricks count in the Schwarze Sau solo: all ten (the soloist needs 121 "
        "of 240), or only those from the solo on (he needs more than half of their Augen)",
        choices=("all", "solo-only"))
    schwarze_sau_multiplier: int = option(
        2, "The Schwarze Sau value is multiplied by this ('pauschal verdoppelt')",
        minimum=1, maximum=8)


SEED = DoppelkopfRules()

DDV = replace(
    SEED,
    herz10="first-beats-second",
    abbiegen=False,
    schieben=False,
    hochzeit_finding="any",
    pflichtsolo_priority=True,
    solo_lead="soloist-pflicht",
    announcement_timing="own-cards",
    hochzeit_shift="finding-trick-minus-one",
    announcement_scoring="plus-two",
    kontra_alone_needs_121=True,
    sixty_rule="off",
    sp_doppelkopf="normal-games",
    sp_herz_trick=False,
    sp_charly_gefangen=False,
    sp_fuchs_last=False,
    dealer_after_solo="stays-after-pflichtsolo",
    pot_deals=20,
    pot_counts_pflichtsoli=False,
    vorfuehren_order="front-seat",
    hammelrennen="never",
    schwarze_sau="never",
)

PRESETS: dict[str, DoppelkopfRules] = {"seed": SEED, "ddv": DDV}
