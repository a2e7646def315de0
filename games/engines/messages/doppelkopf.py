"""Error texts of Doppelkopf (seed 003).

Translators: the English texts already use the table's German words (RE, KONTRA, Vorbehalt,
Hochzeit, Schieben, Abbiegen, Pflichtsolo, Punktetopf, Augen); ``%(word)s``, ``%(said)s`` and
``%(declaration)s`` quote what a player said as the log writes it (``keine 90``, ``gesund``);
``%(contract)s`` is a contract of the log (``normal``, ``stilles-solo``), ``%(label)s`` its
German name (``stilles Solo``).
"""

from .marker import _

DOPPELKOPF: dict[str, str] = {
    # Notation (doppelkopf/moves.py).
    "dk_move_not_text": _("%(value)s is not a move; moves are text such as 'QC' or 'Anna: re'"),
    "dk_unknown_solo": _("%(move)s: unknown solo %(value)s; the solos are %(solos)s"),
    "dk_announcement_player": _("%(move)s: an announcement names its player, e.g. "
                                "'Anna: %(word)s'"),
    "dk_solo_player": _("%(move)s: name the player, e.g. 'Anna: %(word)s'"),
    "dk_not_card_or_announcement": _("%(move)s is neither a card (QC, 10H) nor an "
                                     "announcement (re, kontra, keine 90, keine 60, keine 30, "
                                     "schwarz)"),
    "dk_declaration_player": _("%(move)s: a declaration names its player, e.g. "
                               "'Anna: gesund'"),
    "dk_declaration_card": _("%(move)s: %(reason)s"),
    "dk_not_declaration": _("%(move)s is not a declaration; say gesund, vorbehalt, "
                            "solo-vorbehalt, keine 90, halten, passen, solo <kind>, normal "
                            "re, hochzeit, schieben, gibt <cards>, nimmt or nimmt nicht"),
    "dk_not_in_deck": _("%(card)s is not in the Doppelkopf deck (A, K, Q, J and 10 of each "
                        "suit, twice; no nines)"),
    # A deal of the log (doppelkopf/deal.py).
    "dk_no_hands_no_seed": _("the deal has no hands and the log has no seed to deal from"),
    "dk_hands_shape": _("hands is an object with the ten cards of every player: %(players)s"),
    "dk_hand_cards": _("%(player)s's hand: %(reason)s"),
    "dk_hand_not_list": _("not a card list"),
    "dk_hand_size": _("%(player)s holds %(count)s cards, not 10"),
    "dk_card_count": _("the hands hold %(count)s x %(card)s; the deck has 2 of each card (no "
                       "nines)"),
    "dk_hands_not_seeded": _("the recorded hands differ from the cards the seed deals for deal "
                             "%(number)s"),
    "dk_special_unknown": _("special must be hammelrennen or schwarze-sau, not %(value)s"),
    "dk_special_off": _("these rules have no %(special)s"),
    "dk_special_forced": _("the Punktetopf is empty: this deal must be a vorgeführtes "
                           "Pflichtsolo, not a %(special)s"),
    "dk_facts_and": _("a deal has either facts (score sheet) or %(name)s, not both"),
    "dk_facts_special_differs": _("the deal is marked as %(special)s but the facts say "
                                  "%(contract)s"),
    "dk_facts_special_unmarked": _("a %(contract)s is played only when the table declares it: "
                                   "mark the deal with \"special\": \"%(contract)s\""),
    "dk_facts_no_schieben": _("these rules have no Schieben"),
    "dk_facts_forced": _("the Punktetopf is empty: this deal must be the vorgeführte "
                         "Pflichtsolo of a player who owes one (%(owing)s)"),
    "dk_not_text_list": _("%(name)s must be a list of text"),
    "dk_special_declarations": _("a %(special)s has no Vorbehalt negotiation; leave "
                                 "declarations empty"),
    "dk_negotiation_unfinished": _("the negotiation is not finished: it waits for %(waits)s"),
    "dk_redeal_moves": _("nobody took the trumps: the cards are dealt anew and this deal has no "
                         "moves"),
    "dk_deal_unfinished": _("the deal stops after %(count)s cards; all 40 cards are played"),
    # What the negotiation waits for (nested in dk_negotiation_unfinished).
    "dk_waits_first": _("the first declaration of %(players)s"),
    "dk_waits_forced": _("the vorgeführte solo ('<player>: solo <kind>')"),
    "dk_waits_solo_answer": _("%(player)s's answer to %(holder)s's solo"),
    "dk_waits_halten": _("%(player)s's halten or passen"),
    "dk_waits_rebid": _("%(player)s's next bid or gesund"),
    "dk_waits_abbieger": _("%(player)s's game (solo <kind> or normal re/kontra)"),
    "dk_waits_solo_kind": _("%(player)s's solo kind ('solo <kind>')"),
    "dk_waits_nonsolo": _("%(player)s's hochzeit or schieben"),
    "dk_waits_give": _("the trumps %(player)s gives ('gibt <cards>')"),
    "dk_waits_take": _("%(player)s's nimmt or nimmt nicht"),
    "dk_waits_return": _("the cards %(player)s gives back"),
    # The Vorbehalt negotiation (doppelkopf/negotiation.py).
    "dk_not_at_table": _("%(value)s does not sit at this table"),
    "dk_negotiation_over": _("the negotiation is over; %(player)s cannot say %(said)s any "
                             "more"),
    "dk_vorfuehren_turn": _("%(first)s is the owing player nearest the dealer's left: this "
                            "vorgeführtes Pflichtsolo is %(first)s's, not %(other)s's"),
    "dk_forced_solo_only": _("this deal is a vorgeführtes Pflichtsolo: only a player who still "
                             "owes one (%(owing)s) may declare, with 'solo <kind>'"),
    "dk_first_twice": _("%(player)s has already made a first declaration (%(said)s)"),
    "dk_first_word": _("%(player)s must first say gesund, vorbehalt or solo-vorbehalt (rule "
                       "A), not %(said)s"),
    "dk_vorbehalt_no_reason": _("%(player)s cannot announce a Vorbehalt (kein Solo): "
                                "%(player)s holds neither both Kreuz-Damen"),
    "dk_vorbehalt_no_reason_schieben": _("%(player)s cannot announce a Vorbehalt (kein Solo): "
                                         "%(player)s holds neither both Kreuz-Damen nor 1 to 3 "
                                         "trumps"),
    "dk_answer_turn": _("it is %(speaker)s's turn to answer %(holder)s's solo (rule E: in seat "
                        "order), not %(player)s's"),
    "dk_remind_vorbehalt": _("%(player)s can only remind the table of a Vorbehalt announced "
                             "first (rule F); %(player)s said %(said)s"),
    "dk_answer_word": _("%(player)s answers %(holder)s's solo with gesund, vorbehalt or an "
                        "Abbiegen bid (keine 90 ...)"),
    "dk_first_binds": _("%(player)s's first declaration binds (rules C, D); %(player)s can "
                        "only take over %(holder)s's solo by Abbiegen with keine 90"),
    "dk_sits_behind": _("%(player)s sits behind %(holder)s; a solo announced further front can "
                        "only be abgebogen with keine 90"),
    "dk_no_abbiegen": _("these rules have no Abbiegen; answer the solo with gesund"),
    "dk_bid_higher": _("%(player)s must bid higher than %(word)s to abbiegen %(holder)s's "
                       "solo"),
    "dk_halten_or_passen": _("%(holder)s must first answer %(bidder)s's %(word)s with halten or "
                             "passen"),
    "dk_rebid_turn": _("%(bidder)s must bid higher or say gesund after the halten"),
    "dk_rebid_word": _("%(player)s bids higher (keine 60 ...) or says gesund"),
    "dk_abbieger_game": _("%(abbieger)s has abgebogen and must now say what is played: solo "
                          "<kind> or normal re/kontra"),
    "dk_abbieger_re": _("%(player)s is in the RE party (holds Kreuz-Dame), not %(said)s"),
    "dk_abbieger_kontra": _("%(player)s is in the KONTRA party (has no Kreuz-Dame), not "
                            "%(said)s"),
    "dk_name_solo": _("everybody has agreed; %(holder)s now names the solo: solo <kind>"),
    "dk_nonsolo_turn": _("it is %(speaker)s's turn to say what the Vorbehalt is, not "
                         "%(player)s's"),
    "dk_hochzeit_queens": _("%(player)s cannot play a Hochzeit without both Kreuz-Damen"),
    "dk_schieben_off": _("%(player)s cannot schieben: these rules have no Schieben"),
    "dk_schieben_trumps": _("%(player)s cannot schieben: %(player)s holds %(count)s trumps; "
                            "Schieben needs 1 to 3"),
    "dk_vorbehalt_binds": _("%(player)s's Vorbehalt binds (rule D); say hochzeit or schieben"),
    "dk_hochzeit_or_schieben": _("%(player)s must say hochzeit or schieben"),
    "dk_give_trumps": _("%(pusher)s must now give the trumps: gibt %(cards)s"),
    "dk_give_exactly": _("%(player)s must give exactly the trumps in hand (%(trump_cards)s), "
                         "not %(cards)s"),
    "dk_take_turn": _("it is %(speaker)s's turn to say nimmt or nimmt nicht"),
    "dk_must_take": _("%(player)s must take the trumps: after an abgebogenes Solo a "
                      "Trumpfabgabe cannot lead to a new deal (rule H)"),
    "dk_give_back": _("%(taker)s must give back %(count)s cards (gibt <cards>)"),
    "dk_give_back_count": _("%(player)s must give back %(count)s cards, not %(given)s"),
    "dk_give_back_missing": _("%(player)s cannot give back %(cards)s: not in hand"),
    # Playing the cards and announcing (doppelkopf/play.py).
    "dk_all_tricks_played": _("all ten tricks have been played"),
    "dk_sau_names_solo": _("%(player)s took the second Pik-Dame and names the solo first "
                           "('solo <kind>')"),
    "dk_play_turn": _("it is %(speaker)s's turn to play, not %(player)s's"),
    "dk_not_held": _("%(player)s does not hold %(card)s (holds %(hand_cards)s)"),
    "dk_must_follow": _("%(player)s must follow %(group)s (led %(led_card)s) with %(cards)s "
                        "and cannot play %(card)s"),
    "dk_solo_only_in_sau": _("a solo is named only in a Schwarze Sau, by the player who took "
                             "the second Pik-Dame, right after that trick"),
    "dk_sau_taker_names": _("%(taker)s took the second Pik-Dame and names the solo, not "
                            "%(player)s"),
    "dk_no_announcements": _("there are no announcements in a %(label)s"),
    "dk_announce_over": _("the deal is over; announcements come before the last trick"),
    "dk_announce_hochzeit": _("%(player)s cannot announce before the Hochzeit has found its "
                              "partner"),
    "dk_announce_party": _("%(player)s is in the %(party)s party and says %(own)s, not "
                           "%(word)s"),
    "dk_announce_no_raise": _("%(party)s has already announced %(said)s; %(word)s is no raise"),
    "dk_announce_mid_trick": _("%(player)s cannot announce in the middle of trick %(trick)s: "
                               "only before its first card or right after it"),
    "dk_announce_late": _("too late for %(word)s: it must be said by the first card of trick "
                          "%(trick)s"),
    "dk_announce_gap": _("no gaps: %(party)s announced in trick %(trick)s, so a raise had to "
                         "come by the first card of trick %(next)s"),
    # The TSR's timing by a player's own cards (rules.announcement_timing = "own-cards").
    "dk_announce_cards_late": _("too late for %(word)s: %(player)s holds %(held)s cards, and "
                                "%(level)s may be said only while holding at least "
                                "%(needed)s"),
    "dk_announce_cards_late_included": _("too late for %(word)s: %(player)s holds %(held)s "
                                         "cards, and %(level)s (which %(word)s includes) may "
                                         "be said only while holding at least %(needed)s"),
    # The list (doppelkopf/session.py).
    "dk_list_seats": _("a Doppelkopf list is kept for 4 or 5 players, not %(count)s"),
    "dk_dealer_not_at_table": _("the dealer %(value)s does not sit at this table"),
    "dk_dealer_rotation": _("%(expected)s deals this deal by the rotation (%(reason)s), not "
                            "%(value)s"),
    "dk_sitter_plays": _("%(player)s deals deal %(number)s and sits it out, so %(player)s "
                         "cannot play in it"),
    "dk_list_complete": _("the list is complete: the Punktetopf is empty and every Pflichtsolo "
                          "has been played"),
    # Why the dealer is who he is (nested in dk_dealer_rotation).
    "dk_dealer_first": _("the first dealer"),
    "dk_dealer_owing_passes": _("%(player)s still owes a Pflichtsolo and would sit out: the "
                                "deal passes on"),
    "dk_dealer_redeal": _("nobody took the trumps: the same dealer deals again"),
    "dk_dealer_stays_solo": _("after a solo the dealer stays"),
    "dk_dealer_solo_streak": _("after solo number %(count)s in a row the deal passes "
                               "clockwise"),
    "dk_dealer_stays_pflicht": _("after a Pflichtsolo the same dealer deals again"),
    "dk_dealer_clockwise": _("the deal passes clockwise"),
    # Score-sheet facts (doppelkopf/facts.py).
    "dk_fact_range": _("%(name)s must be a whole number from %(low)s to %(high)s, not "
                       "%(value)s"),
    "dk_facts_not_object": _("facts must be an object"),
    "dk_unknown_contract": _("unknown contract %(value)s; the contracts are %(contracts)s"),
    "dk_hammelrennen_augen": _("a Hammelrennen lists the Augen of every player: %(players)s"),
    "dk_augen_not_240": _("the Augen add up to %(sum)s, not 240"),
    "dk_solo_kind_missing": _("a %(contract)s names its solo kind: %(solos)s"),
    "dk_solo_kind_extra": _("a %(label)s has no solo kind"),
    "dk_re_players": _("re must list players of this table"),
    "dk_re_size": _("the RE party of a %(label)s has %(size)s player(s), not %(count)s"),
    "dk_re_size_either": _("the RE party of a %(label)s has %(low)s or %(high)s player(s), not "
                           "%(count)s"),
    "dk_augen_tricks_shape": _("augen and tricks are objects {\"re\": ..., \"kontra\": ...}"),
    "dk_party_augen_sum": _("RE %(re)s and KONTRA %(kontra)s Augen add up to %(sum)s, not "
                            "240"),
    "dk_tricks_sum": _("%(re)s and %(kontra)s tricks are not 10"),
    "dk_counted_tricks": _("the counted tricks hold at most 240 Augen in 10 tricks"),
    "dk_no_trick_augen": _("%(party)s took no trick but has %(augen)s Augen"),
    "dk_announcements_shape": _("announcements is an object {\"re\": ..., \"kontra\": ...}"),
    "dk_not_announcement": _("%(value)s is not an announcement of %(party)s (%(own)s, keine "
                             "90, keine 60, keine 30, schwarz)"),
    "dk_sau_announcements": _("there are no announcements in a Schwarze Sau"),
    "dk_specials_not_list": _("specials is a list"),
    "dk_special_shape": _("a special point is {\"kind\": ..., \"party\": \"re\"|\"kontra\"} "
                          "with kind one of %(kinds)s"),
    "dk_special_party": _("party must be re or kontra"),
    "dk_special_not_in": _("a %(label)s has no special point %(kind)s"),
    "dk_special_count": _("%(count)s x %(kind)s cannot happen in one deal (at most %(most)s)"),
    "dk_last_trick_one_card": _("the last trick is won by one card: Charly or the Fuchs, not "
                                "both"),
    "dk_doppelkopf_count": _("%(party)s cannot have %(count)s tricks of 40+ Augen with "
                             "%(tricks)s tricks and %(augen)s Augen"),
    "dk_special_no_trick": _("%(party)s took no trick and cannot score a special point"),
    # A result as a club writes it (facts.result) instead of the Augen; no trick counts.
    "dk_doppelkopf_count_augen": _("%(party)s cannot have %(count)s tricks of 40+ Augen with "
                                   "%(augen)s Augen"),
    "dk_result_shape": _("result is an object {\"winner\": \"re\" or \"kontra\", "
                         "\"loser_under\": null, 90, 60, 30 or \"schwarz\"}"),
    "dk_result_winner": _("the winner of a result is re or kontra, not %(value)s"),
    "dk_result_loser_under": _("loser_under is null, 90, 60, 30 or schwarz, not %(value)s"),
    "dk_augen_and_result": _("a deal gives its augen or its result, not both"),
    "dk_sau_result": _("a Schwarze Sau that counts only the solo's tricks needs the Augen of "
                       "both parties in them, not a result"),
    "dk_result_after_absage": _("%(party)s announced %(word)s: then the exact Augen decide "
                                "what counts; write the Augen of RE"),
    "dk_result_cannot_be": _("%(party)s cannot have won this deal: %(why)s"),
    "dk_result_why_sixty": _("above 180 Augen without an announcement of its own %(party)s "
                             "loses (60er-Regel); write the Augen of RE"),
    "dk_result_why_90": _("%(party)s announced %(word)s, which %(loser)s with 90 or more "
                          "does not fulfil"),
    "dk_result_why_under": _("%(party)s announced %(word)s, which %(loser)s under %(under)s "
                             "does not fulfil"),
    "dk_result_why_schwarz": _("%(party)s announced %(word)s, which %(loser)s schwarz does "
                               "not fulfil"),
    "dk_result_why_other": _("the announcements give the deal to the other party; write the "
                             "Augen of RE"),
}
