"""Error texts of Rennen (seed 000).

Translators: the English texts keep the seed's German words (Markt, Reserve, Strike,
Pikvorteil, Herzvorteil, Kreuzvorteil, Bombe, Bombenpatt, Anlegen); ``%(suit)s`` is Kreuz, Pik,
Herz or Karo; ``%(advantage)s`` a Vorteil; ``%(notation)s`` and ``%(expected)s`` quote the
log's notation, which stays as it is.
"""

from .marker import _

RENNEN: dict[str, str] = {
    # Cards and notation (rennen/deck.py, rennen/moves.py).
    "rennen_not_in_deck": _("%(card)s is not in the Rennen deck (9, 10, J, Q, K and A of each "
                            "suit, twice)"),
    "rennen_nothing": _("nothing"),
    "rennen_move_text": _("a move is a string in the Rennen notation, not %(value)s"),
    "rennen_move_syntax": _("%(move)s is not a Rennen move; write %(expected)s"),
    "rennen_card_in_move": _("%(reason)s in %(move)s"),
    "rennen_write_play": _("'play' and the two cards in seat order: play AC AS"),
    "rennen_write_tiebreak": _("'tiebreak' and the two cards in seat order: tiebreak 9C KH (or "
                               "'tiebreak' alone when the log has a seed)"),
    "rennen_write_player": _("a player's name (%(players)s) and a verb (show, take, keep, "
                             "discard, karo, pick, attach), or 'play'/'tiebreak' and two "
                             "cards"),
    "rennen_write_show": _("show and two cards: Bert show JH 9D"),
    "rennen_write_take": _("take, a shown card, 'for' and a card of your hand: Anna take JH for "
                           "9S"),
    "rennen_write_keep": _("keep alone: Anna keep"),
    "rennen_write_discard": _("discard and one card: Bert discard 9D"),
    "rennen_write_karo": _("karo, a Karo card of the reserve, 'for' and a hand card: Anna karo "
                           "AD for JC"),
    "rennen_write_pick": _("pick and one card: Bert pick AH"),
    "rennen_write_attach": _("attach and one card: Anna attach 10C"),
    "rennen_write_verb": _("%(player)s, then one of: show, take, keep, discard, karo, pick, "
                           "attach"),
    # The match (rennen/replay.py).
    "rennen_not_replayed": _("not replayed: game %(game)s cannot be followed after the faulty "
                             "deal %(number)s"),
    "rennen_deal_too_many": _("one deal too many: the match is over after game %(game)s "
                              "(%(end)s; rules.games is %(games)s)"),
    "rennen_log_ends_in_game": _("the log ends before game %(game)s is over (%(races)s races "
                                 "played; a game runs until a complete row, three strikes or a "
                                 "draw)"),
    "rennen_log_ends_early": _("the log ends after game %(game)s, but the match has %(games)s "
                               "games (rules.games)"),
    "rennen_deal_field": _("unknown deal field %(name)s; a race has %(fields)s"),
    "rennen_deal_number": _("this deal is %(key)s %(expected)s, not %(value)s"),
    "rennen_moves_or_facts": _("a race has either moves (played) or facts (score sheet), not "
                               "both and not neither"),
    "rennen_sheet_has_no": _("a score-sheet race has no %(name)s"),
    "rennen_moves_list": _("moves must be a list of moves in the Rennen notation"),
    "rennen_race_unfinished": _("the race is not finished: %(waits)s"),
    "rennen_cards_list": _("must be a list of cards such as [\"AH\", \"9C\"]"),
    "rennen_hands_shape": _("hands must give both players' cards: %(shape)s"),
    # The end of a game (rennen/game.py).
    "rennen_end_row": _("%(player)s completed the %(suit)s row"),
    "rennen_end_strikes": _("%(player)s has strikes in Kreuz, Pik and Herz"),
    "rennen_end_shortage": _("drawn: the stock holds %(count)s cards, too few for the market "
                             "and one card each"),
    "rennen_end_no_tiebreak": _("drawn: the stock cannot give one card each to break the tie"),
    "rennen_end_running": _("the game is still running"),
    # The deal of a race (rennen/race.py).
    "rennen_market_size": _("the market is 4 cards, not %(count)s"),
    "rennen_hand_size": _("%(player)s is dealt %(size)s cards this race (%(why)s), not "
                          "%(count)s"),
    "rennen_size_shortage": _("the stock holds %(count)s cards: card shortage, %(size)s each"),
    "rennen_size_pik": _("3 and one more for the Pikvorteil"),
    "rennen_size_three": _("3 each"),
    "rennen_seed_market": _("the seed deals the market %(seed_cards)s, not %(cards)s"),
    "rennen_seed_hand": _("the seed deals %(player)s %(seed_cards)s, not %(cards)s"),
    "rennen_record_deal": _("the market and both hands must be recorded when the log has no "
                            "seed"),
    "rennen_market_card_gone": _("the market card %(card)s is not in the stock (%(where)s)"),
    "rennen_hand_card_gone": _("%(player)s's card %(card)s is not in the stock (%(where)s)"),
    "rennen_where_both_out": _("both copies are out: %(places)s"),
    "rennen_where_back": _("it went back into the stock during this race"),
    "rennen_place_row": _("%(player)s's %(suit)s row"),
    "rennen_place_reserve": _("%(player)s's reserve"),
    "rennen_place_strikes": _("%(player)s's strikes"),
    "rennen_place_market": _("the market"),
    "rennen_place_hand": _("%(player)s's hand"),
    "rennen_place_played": _("played in this race"),
    # Moves of a race (rennen/race.py).
    "rennen_action": _("%(notation)s"),
    "rennen_action_exchange": _("exchange %(karo_card)s for %(card)s"),
    "rennen_refused_game_over": _("%(player)s cannot %(action)s: the game is over: %(end)s"),
    "rennen_game_over": _("the game is over: %(end)s"),
    "rennen_refused_race_over": _("%(player)s cannot %(action)s: the race is over: all three "
                                  "market cards are picked; the next race is the next deal"),
    "rennen_race_over": _("the race is over: all three market cards are picked; the next race "
                          "is the next deal"),
    "rennen_hand_is": _("%(player)s's hand is %(cards)s"),
    "rennen_block_take": _("%(player)s must first take one of the shown cards (%(cards)s) or "
                           "keep"),
    "rennen_block_pik": _("%(player)s must first discard a card for the Pikvorteil (%(player)s "
                          "holds %(count)s cards)"),
    "rennen_sit_preparation": _("the preparation is still going on"),
    "rennen_sit_play": _("%(played)s of %(size)s cards are played"),
    "rennen_sit_tiebreak": _("the tie must be broken with one card each from the stock (tricks "
                             "%(first)s:%(second)s)"),
    "rennen_sit_simple": _("the race is decided: simple win for %(player)s"),
    "rennen_sit_ultimate": _("the race is decided: ultimate win for %(player)s"),
    "rennen_sit_simple_pick": _("the race is decided: simple win for %(player)s; it is "
                                "%(picker)s's pick"),
    "rennen_sit_ultimate_pick": _("the race is decided: ultimate win for %(player)s; it is "
                                  "%(picker)s's pick"),
    "rennen_lapses": _("the %(advantage)s lapses in a card shortage"),
    "rennen_nobody": _("nobody holds the %(advantage)s this race"),
    "rennen_show_nobody": _("%(player)s cannot show cards: %(reason)s"),
    "rennen_show_holder": _("%(player)s holds the Herzvorteil; %(other)s shows the cards"),
    "rennen_shown_already": _("%(player)s has already shown %(cards)s"),
    "rennen_show_now": _("%(player)s cannot show cards now: the Herzvorteil comes first, before "
                         "the Pik discard, the Karo exchanges and the race"),
    "rennen_verb_take": _("take a card"),
    "rennen_verb_keep": _("keep"),
    "rennen_answer_nobody": _("%(player)s cannot %(verb)s: %(reason)s"),
    "rennen_answer_not_holder": _("%(player)s cannot %(verb)s: the Herzvorteil is %(holder)s's"),
    "rennen_answer_not_shown": _("%(player)s cannot %(verb)s: %(other)s has not shown two "
                                 "cards"),
    "rennen_answer_over": _("%(player)s cannot %(verb)s now: the Herz exchange is over"),
    "rennen_take_not_shown": _("%(player)s cannot take %(card)s: %(other)s showed %(cards)s"),
    "rennen_discard_nobody": _("%(player)s cannot discard: %(reason)s"),
    "rennen_discard_not_holder": _("%(player)s cannot discard: %(player)s does not hold the "
                                   "Pikvorteil (%(holder)s does)"),
    "rennen_discarded_already": _("%(player)s has already discarded %(card)s"),
    "rennen_karo_late": _("%(player)s cannot exchange Karo cards now: the preparation is over "
                          "(%(situation)s)"),
    "rennen_karo_only": _("%(player)s cannot exchange %(card)s: only Karo cards from the "
                          "reserve can be exchanged"),
    "rennen_karo_not_reserve": _("%(player)s cannot exchange %(card)s: it is not in "
                                 "%(player)s's reserve (reserve: %(cards)s)"),
    "rennen_verb_show": _("show"),
    "rennen_verb_give": _("give"),
    "rennen_verb_discard": _("discard"),
    "rennen_verb_give_up": _("give up"),
    "rennen_twice_in_hand": _("%(player)s cannot %(verb)s %(card)s twice: %(player)s holds one "
                              "%(card)s"),
    "rennen_not_in_hand": _("%(player)s cannot %(verb)s %(card)s: %(hand)s"),
    "rennen_bomb_of": _("%(player)s holds a bomb of %(rank)s (%(cards)s)"),
    "rennen_bombs": _("%(first)s and %(second)s"),
    "rennen_rank_9": _("Nines"),
    "rennen_rank_10": _("Tens"),
    "rennen_rank_11": _("Jacks"),
    "rennen_rank_12": _("Queens"),
    "rennen_rank_13": _("Kings"),
    "rennen_rank_1": _("Aces"),
    "rennen_bombenpatt_no_card": _("no card can be dealt for the Bombenpatt: the stock holds "
                                   "%(count)s cards; the game is drawn and the race ends here"),
    "rennen_pick_not_decided": _("%(player)s cannot pick yet: the race is not decided "
                                 "(%(situation)s)"),
    "rennen_no_tie": _("no tie to break: %(situation)s"),
    "rennen_no_bomb": _("no bomb: the race is played card by card"),
    "rennen_pick_bombenpatt": _("%(player)s cannot pick yet: %(bombs)s; the Bombenpatt is "
                                "broken with one card each from the stock (tiebreak)"),
    "rennen_play_bombenpatt": _("no card is played: %(bombs)s; the Bombenpatt is broken with "
                                "one card each from the stock (tiebreak)"),
    "rennen_picks_first": _("%(player)s picks first: %(bombs)s"),
    "rennen_play_bomb_won": _("no card is played: %(bombs)s; %(player)s wins the race"),
    "rennen_nothing_to_play": _("no card is left to play: %(situation)s"),
    "rennen_play_not_held": _("%(player)s cannot play %(card)s: %(hand)s"),
    "rennen_seed_tiebreak": _("the seed deals %(seed_cards)s for the tiebreak, not %(cards)s"),
    "rennen_tiebreak_cards": _("write the tie-break cards when the log has no seed (tiebreak "
                               "9C KH, in seat order)"),
    "rennen_tiebreak_card_gone": _("%(card)s cannot be dealt for the tiebreak: it is not in the "
                                   "stock (%(where)s)"),
    "rennen_pick_turn": _("%(player)s cannot pick now: it is %(picker)s's pick (%(order)s)"),
    "rennen_order_simple": _("simple win for %(winner)s: %(loser)s picks one card, then "
                             "%(winner)s two"),
    "rennen_order_ultimate": _("ultimate win for %(winner)s: %(winner)s picks, then %(loser)s, "
                               "then %(winner)s"),
    "rennen_pick_not_market": _("%(player)s cannot pick %(card)s: the market holds %(cards)s"),
    "rennen_attach_auto": _("%(player)s cannot attach %(card)s: attach moves are not used: "
                            "cards are attached automatically (rules.attach is 'auto')"),
    "rennen_attach_early": _("%(player)s cannot attach %(card)s now: cards are attached once "
                             "the race is decided (%(situation)s)"),
    "rennen_attach_not_reserve": _("%(player)s cannot attach %(card)s: it is not in %(player)s's "
                                   "reserve (reserve: %(cards)s)"),
    "rennen_attach_karo": _("%(player)s cannot attach %(card)s: Karo has no Dame and no row"),
    "rennen_attach_gap": _("%(player)s cannot attach %(card)s: the %(suit)s row needs "
                           "%(missing_card)s first (%(suit)s row: %(cards)s)"),
    # What a race still waits for (nested in rennen_race_unfinished).
    "rennen_waits_play": _("the race has not been played (%(played)s of %(size)s cards are "
                           "played)"),
    "rennen_waits_bombenpatt": _("the Bombenpatt must be broken with one card each "
                                 "(tiebreak)"),
    "rennen_waits_pick": _("%(player)s must still pick from the market (%(picks)s of 3 picks "
                           "made)"),
    "rennen_waits_tiebreak": _("the tie must be broken with one card each from the stock "
                               "(tiebreak)"),
    # Score-sheet facts (rennen/scoring.py).
    "rennen_facts_object": _("facts must be an object"),
    "rennen_unknown_fact": _("unknown fact %(name)s; the facts are %(facts)s"),
    "rennen_facts_winner": _("facts must name the race's winner (null when the game was drawn "
                             "because no card could break a tie)"),
    "rennen_no_winner_no_win": _("a race without a winner has no kind of win (win: null)"),
    "rennen_win_kind": _("win must be 'simple' or 'ultimate', not %(value)s"),
    "rennen_karo_map": _("karo must map player names to lists of Karo cards"),
    "rennen_attach_after": _("after must be the number of picks made before the attach (0 to "
                             "3)"),
    "rennen_not_player": _("%(value)s is not a player of this match (%(players)s)"),
    "rennen_must_be_list": _("must be a list"),
    "rennen_entry_object": _("must be an object such as {\"player\": \"Anna\", \"card\": "
                             "\"AH\"}"),
    "rennen_fact_ultimate_shortage": _("%(player)s cannot win ultimately: with one card each "
                                       "(the stock holds %(count)s cards: card shortage) a race "
                                       "is won by one trick at most, a simple win"),
    "rennen_fact_karo_only": _("%(player)s cannot exchange %(card)s: only Karo cards from the "
                               "reserve can be exchanged"),
    "rennen_fact_karo_reserve": _("%(player)s cannot exchange %(card)s: it is not in "
                                  "%(player)s's reserve (reserve: %(cards)s)"),
    "rennen_fact_draw_picks": _("a race without a winner has no picks: the game was drawn "
                                "because no card could be dealt to break the tie"),
    "rennen_fact_attaches_auto": _("attaches are recorded only with explicit Anlegen "
                                   "(rules.attach is 'auto')"),
    "rennen_fact_attach_over": _("%(player)s cannot attach %(card)s: the game was already over "
                                 "(%(end)s)"),
    "rennen_fact_pick_over": _("%(player)s cannot pick %(card)s: the game was over after the "
                               "pick before (%(end)s)"),
    "rennen_fact_three_picks": _("a race has three market picks, not %(count)s"),
    "rennen_fact_pick_turn": _("%(player)s cannot make pick %(number)s: %(order)s"),
    "rennen_fact_pick_stock": _("%(player)s cannot pick %(card)s: it is not in the stock (both "
                                "copies are owned or picked)"),
    "rennen_fact_attach_after": _("%(player)s cannot attach %(card)s after %(after)s picks: the "
                                  "race records %(count)s picks"),
    "rennen_fact_three_picks_order": _("a race has three market picks, not %(count)s "
                                       "(%(order)s)"),
    "rennen_fact_no_draw": _("the game cannot be drawn in this race: %(player)s holds the "
                             "Kreuzvorteil and wins every tie, and %(why)s"),
    "rennen_why_one_card": _("with 1 card each the tricks cannot tie"),
    "rennen_why_cards": _("with %(count)s cards each the tricks cannot tie"),
    "rennen_why_kreuz_tie": _("a tie in tricks is his by rules.kreuz_decides_final_tie"),
    "rennen_why_reshuffle": _("the played cards are shuffled back to break the tie "
                              "(rules.tiebreak_without_stock)"),
    "rennen_fact_order_simple": _("after a simple win for %(winner)s, %(loser)s picks first, "
                                  "then %(winner)s picks two"),
    "rennen_fact_order_ultimate": _("after an ultimate win for %(winner)s, %(winner)s picks "
                                    "first, then %(loser)s, then %(winner)s"),
}
