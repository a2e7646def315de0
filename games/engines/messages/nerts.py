"""Error texts of Nerts (seed 004).

Translators: a card names its deck after ``@`` (``QC@Anna``); ``%(...rank)s`` is a rank
(``8``, ``Q``). The words follow the seed: Nerts pile (Reserve, Nerts-Stapel), work pile
(Hilfsreihe), stock (Stapel), waste (Ablagestapel), foundation (Familie). ``%(move)s``
quotes the log's notation, which stays as it is.
"""

from .marker import _

NERTS: dict[str, str] = {
    # Cards and notation (nerts/cards.py, nerts/moves.py).
    "nerts_card_owner": _("%(value)s names no owner; write the deck after @, e.g. %(example)s"),
    "nerts_move_text": _("%(value)s is not a move (write e.g. 'turn' or '8H@Anna > F')"),
    "nerts_move_unknown": _("%(move)s is not a move: write turn, over, nerts, reset, end or a "
                            "card and its target such as '8H@Anna > F'"),
    "nerts_announce_not_foundation": _("%(move)s: only a joker going onto a foundation is "
                                       "announced (= card)"),
    "nerts_announce_joker": _("%(move)s: a joker is announced as a real card, such as =8H"),
    "nerts_work_pile_number": _("%(move)s: the work piles are 1 to %(piles)s"),
    "nerts_target": _("%(move)s: the target is F, F<number>, a work pile 1 to %(piles)s or "
                      "'under <pile>'"),
    "nerts_foundation_number": _("%(move)s: a foundation number has at most %(digits)s "
                                 "digits"),
    "nerts_action_object": _("an action is an object such as {\"seq\": 1, \"player\": "
                             "\"Anna\", \"move\": \"turn\"}"),
    "nerts_action_field": _("unknown action field %(name)s (the fields are seq, player, move, "
                            "t, tie, note)"),
    "nerts_seq": _("seq must be a whole number from 0, not %(value)s"),
    "nerts_seq_too_large": _("seq must be below %(limit)s, not %(value)s"),
    "nerts_action_player": _("an action needs the player who made it"),
    "nerts_player_name": _("player must be a name, not %(value)s"),
    "nerts_time": _("t must be seconds since the start of the hand, not %(value)s"),
    "nerts_tie_bool": _("tie must be true or false, not %(value)s"),
    "nerts_tie_foundation": _("only a card played onto a foundation can be a tie"),
    # The table (nerts/replay.py, nerts/state.py).
    "nerts_name_chars": _("%(value)s: a Nerts name may not contain '>' or start or end with a "
                          "space (cards carry it: QC@Anna)"),
    "nerts_teams_not_partnership": _("the log lists teams, but the rules are not a "
                                     "partnership game (set rules.partnerships to true)"),
    "nerts_partnership_size": _("partnerships are teams of two for six players; there are "
                                "%(count)s players"),
    "nerts_teams_list": _("a partnership game lists its teams: [{\"name\": \"Nord\", "
                          "\"players\": [\"Anna\", \"Bert\"]}, ...]"),
    "nerts_team_shape": _("a team is {\"name\": ..., \"players\": [two names]}"),
    "nerts_team_name": _("%(value)s is not a team name (text without '>' or outer spaces)"),
    "nerts_team_twice": _("two teams are called %(value)s"),
    "nerts_team_size": _("team %(team)s has two players"),
    "nerts_team_stranger": _("%(value)s of team %(team)s does not play in this match"),
    "nerts_two_teams": _("%(player)s plays in two teams"),
    "nerts_no_team_one": _("%(players)s is in no team"),
    "nerts_no_team_many": _("%(players)s are in no team"),
    "nerts_no_decks": _("hand %(number)s records no decks and the log has no seed to deal "
                        "them from"),
    "nerts_moves_list": _("moves must be a list of actions"),
    "nerts_hand_open": _("hand %(number)s ends without a Nerts call and without 'end' (a stuck "
                         "hand ends with the table action 'end')"),
    "nerts_match_over": _("the match was over after hand %(number)s: %(deck)s reached "
                          "%(total)s of %(target)s"),
    "nerts_moves_or_facts": _("a deal has either moves (played) or facts (score sheet)"),
    "nerts_sheet_extra": _("a score-sheet deal has only facts (not %(name)s)"),
    "nerts_deal_field": _("unknown deal field %(name)s (a played deal has moves and, without a "
                          "seed, decks)"),
    "nerts_decks_object": _("decks must be an object with a layout per deck"),
    "nerts_decks_missing": _("decks must give one layout per deck (%(decks)s): no layout for "
                             "%(missing)s"),
    "nerts_decks_extra": _("decks must give one layout per deck (%(decks)s): %(extra)s plays "
                           "no deck here"),
    "nerts_layout_parts": _("the layout of %(deck)s's deck has exactly nerts, work and stock"),
    "nerts_layout_cards": _("%(part)s is a list of cards or a text of cards"),
    "nerts_pile_size": _("%(deck)s's Nerts pile has %(count)s cards, not %(size)s"),
    "nerts_work_count": _("%(deck)s lays out %(piles)s work piles, not %(count)s"),
    "nerts_not_whole_deck": _("%(deck)s's layout is not one whole deck (%(problems)s)"),
    "nerts_deck_extra_cards": _("not in the deck or twice: %(cards)s"),
    "nerts_deck_missing_cards": _("missing: %(cards)s"),
    # Playing (nerts/play.py).
    "nerts_not_playing": _("%(value)s does not play in this match (the players are "
                           "%(players)s)"),
    "nerts_seq_order": _("seq %(seq)s does not follow seq %(last)s: the actions are listed in "
                         "the order they happened"),
    "nerts_time_order": _("t %(t)s is earlier than the action before it (t %(last)s)"),
    "nerts_the_table": _("the table"),
    "nerts_team": _("team %(name)s"),
    "nerts_attempt_play": _("%(player)s cannot play %(card)s"),
    "nerts_attempt_turn": _("%(player)s cannot turn"),
    "nerts_attempt_over": _("%(player)s cannot turn the waste over"),
    "nerts_attempt_call": _("%(player)s cannot call Nerts"),
    "nerts_attempt_reset": _("%(player)s cannot reset"),
    "nerts_attempt_end": _("%(player)s cannot end the hand"),
    "nerts_over_stuck": _("%(attempt)s: the hand is over, play was stuck for good at move "
                          "%(number)s"),
    "nerts_over_called": _("%(attempt)s: the hand is over, %(caller)s called Nerts at move "
                           "%(number)s"),
    "nerts_over_called_air": _("%(attempt)s: the hand is over, %(caller)s called Nerts at move "
                               "%(number)s; only a card in the air may still be put down"),
    "nerts_air_once": _("%(attempt)s: %(player)s already put down the one card in the air "
                        "(move %(air)s) after %(caller)s called Nerts at move %(number)s"),
    "nerts_no_deck": _("there is no deck %(value)s at this table (the decks are %(decks)s)"),
    "nerts_touch": _("%(player)s cannot touch %(deck)s's cards (%(card)s)"),
    "nerts_no_jokers": _("there are no jokers in this game (%(card)s; rules.jokers is false)"),
    "nerts_on_foundation": _("%(player)s cannot play %(card)s: it is already on foundation "
                             "%(number)s, and cards never come back from the foundations"),
    "nerts_face_down": _("%(player)s cannot play %(card)s: it is face down in %(deck)s's "
                         "stock"),
    "nerts_under_nerts": _("%(player)s cannot play %(card)s: it lies under %(top_card)s in "
                           "%(deck)s's Nerts pile (only the top card is free)"),
    "nerts_under_waste": _("%(player)s cannot play %(card)s: it lies under %(top_card)s in "
                           "%(deck)s's waste (only the top card is free)"),
    "nerts_not_free": _("%(player)s cannot put %(card)s on a foundation: it lies under "
                        "%(top_card)s in pile %(pile)s (only the free card of a pile goes onto "
                        "a foundation)"),
    "nerts_slide_one": _("%(player)s cannot slide %(card)s under pile %(target)s: only one card "
                         "slides under, and %(top_card)s lies on it in pile %(pile)s"),
    "nerts_same_pile": _("%(player)s cannot move %(card)s to pile %(pile)s: it is already "
                         "there"),
    "nerts_work_build": _("%(player)s cannot put %(card)s on %(top_card)s in pile %(pile)s: "
                          "%(reason)s"),
    "nerts_slide_off": _("%(player)s cannot slide %(card)s under pile %(pile)s: sliding under "
                         "is not allowed here (rules.slide_under is false)"),
    "nerts_slide_empty": _("%(player)s cannot slide %(card)s under pile %(pile)s: the pile is "
                           "empty (put the card on it: %(notation)s)"),
    "nerts_slide_needs_empty": _("%(player)s cannot slide %(card)s under %(base_card)s in pile "
                                 "%(pile)s: sliding under needs an empty work pile"),
    "nerts_slide_build": _("%(player)s cannot slide %(card)s under %(base_card)s in pile "
                           "%(pile)s: %(reason)s"),
    "nerts_joker_standing": _("%(card)s (standing for %(value)s)"),
    "nerts_joker_as": _("%(card)s (as %(as_card)s)"),
    "nerts_red_rank": _("a red %(rank)s"),
    "nerts_black_rank": _("a black %(rank)s"),
    "nerts_above_king": _("nothing ranks above a king, so a king cannot go on a joker"),
    "nerts_on_ace": _("nothing goes on an ace in a work pile"),
    "nerts_down_by_one": _("a work pile goes down by one, so only %(rank_word)s fits"),
    "nerts_both_red": _("both are red, and a work pile alternates colours"),
    "nerts_both_black": _("both are black, and a work pile alternates colours"),
    "nerts_joker_above_king": _("%(card)s under it would have to rank above a king"),
    "nerts_joker_would_stand": _("%(card)s would then stand for %(value)s on %(below_card)s: "
                                 "%(reason)s"),
    "nerts_rank_1": _("an ace"),
    "nerts_rank_2": _("a 2"),
    "nerts_rank_3": _("a 3"),
    "nerts_rank_4": _("a 4"),
    "nerts_rank_5": _("a 5"),
    "nerts_rank_6": _("a 6"),
    "nerts_rank_7": _("a 7"),
    "nerts_rank_8": _("an 8"),
    "nerts_rank_9": _("a 9"),
    "nerts_rank_10": _("a 10"),
    "nerts_rank_11": _("a jack"),
    "nerts_rank_12": _("a queen"),
    "nerts_rank_13": _("a king"),
    "nerts_announce_first": _("%(player)s must announce the card %(card)s stands for before it "
                              "goes onto a foundation (e.g. %(notation)s)"),
    "nerts_announce_real": _("%(player)s cannot announce %(card)s as %(as_card)s: only a joker "
                             "is announced"),
    "nerts_ace_starts": _("%(player)s cannot start foundation %(pile)s with %(card)s: only an "
                          "ace starts a foundation"),
    "nerts_no_foundation": _("%(player)s cannot put %(card)s on foundation %(pile)s: there is "
                             "no such foundation (there are %(count)s; an ace starts "
                             "F%(next)s)"),
    "nerts_ace_new_foundation": _("%(player)s cannot put %(card)s on foundation %(pile)s: an "
                                  "ace starts a new foundation (F%(next)s)"),
    "nerts_foundation_suit": _("%(player)s cannot put %(card)s on foundation %(pile)s: it is "
                               "built in %(suit)s (top %(top_card)s)"),
    "nerts_tie_not_late": _("%(player)s marks a tie, but %(card)s is not late: foundation "
                            "%(pile)s takes it"),
    "nerts_tie_not_late_new": _("%(player)s marks a tie, but %(card)s is not late: a new "
                                "foundation F%(pile)s takes it"),
    "nerts_foundation_complete": _("%(player)s cannot put %(card)s on foundation %(pile)s: it "
                                   "is complete (top %(top_card)s)"),
    "nerts_foundation_needs": _("%(player)s cannot put %(card)s on foundation %(pile)s: it "
                                "needs %(needed_card)s next (top %(top_card)s)"),
    "nerts_no_suit_foundation": _("%(player)s cannot put %(card)s on a foundation: no "
                                  "%(suit)s foundation takes it (only an ace starts one)"),
    "nerts_suit_foundations_need": _("%(player)s cannot put %(card)s on a foundation: the "
                                     "%(suit)s foundations need %(needs)s"),
    "nerts_needs_on": _("%(card)s (F%(pile)s)"),
    "nerts_clubs": _("clubs"),
    "nerts_spades": _("spades"),
    "nerts_hearts": _("hearts"),
    "nerts_diamonds": _("diamonds"),
    "nerts_ties_off": _("%(player)s marks a tie, but ties do not stand here (rules.ties_stand "
                        "is false): leave the mark out and %(card)s is void"),
    "nerts_tie_top_only": _("%(player)s marks a tie, but a tie is only with the top card of "
                            "foundation %(pile)s, and that is %(top_card)s"),
    "nerts_turn_stock_empty": _("%(player)s cannot turn: %(deck)s's stock is empty (turn the "
                                "waste over first: over)"),
    "nerts_turn_all_empty": _("%(player)s cannot turn: %(deck)s's stock and waste are empty"),
    "nerts_turn_named": _("%(player)s turns %(named_cards)s, but %(deck)s's stock gives "
                          "%(cards)s"),
    "nerts_over_one_left": _("%(player)s cannot turn the waste over while 1 card remains in "
                             "%(deck)s's stock (turn them onto the waste first)"),
    "nerts_over_cards_left": _("%(player)s cannot turn the waste over while %(count)s cards "
                               "remain in %(deck)s's stock (turn them onto the waste first)"),
    "nerts_over_waste_empty": _("%(player)s cannot turn the waste over: %(deck)s's waste is "
                                "empty"),
    "nerts_call_one_left": _("%(player)s cannot call Nerts with 1 card left in %(deck)s's "
                             "Nerts pile (top %(top_card)s)"),
    "nerts_call_cards_left": _("%(player)s cannot call Nerts with %(count)s cards left in "
                               "%(deck)s's Nerts pile (top %(top_card)s)"),
    "nerts_reset_early": _("the table cannot reset yet: %(reason)s"),
    "nerts_not_stuck_no_reset": _("play is not stuck for good: there has been no reset in this "
                                  "hand yet (when all are blocked, the table resets)"),
    "nerts_not_stuck_played": _("play is not stuck for good: %(card)s was played at move "
                                "%(number)s, after the last reset (move %(reset)s)"),
    "nerts_not_stuck": _("play is not stuck for good: %(reason)s"),
    "nerts_not_turned_one": _("%(deck)s has not turned through the whole stock since the last "
                              "card was played"),
    "nerts_not_turned_one_since": _("%(deck)s has not turned through the whole stock since the "
                                    "last card was played (move %(number)s, %(card)s)"),
    "nerts_not_turned_many": _("%(decks)s and %(last)s have not turned through the whole stock "
                               "since the last card was played"),
    "nerts_not_turned_many_since": _("%(decks)s and %(last)s have not turned through the whole "
                                     "stock since the last card was played (move %(number)s, "
                                     "%(card)s)"),
    # Score-sheet facts (nerts/scoring.py).
    "nerts_facts_shape": _("facts are {\"caller\": ..., \"foundation\": {...}, \"nerts_left\": "
                           "{...}}"),
    "nerts_caller_deck": _("the caller %(value)s plays no deck here (the decks are "
                           "%(decks)s)"),
    "nerts_fact_per_deck": _("%(name)s gives a number for each deck: %(decks)s"),
    "nerts_fact_range": _("%(name)s of %(deck)s must be a whole number from 0 to %(limit)s, not "
                          "%(value)s"),
    "nerts_fact_deck_size": _("%(deck)s cannot have %(foundation)s cards on the foundations and "
                              "%(left)s in the Nerts pile: a deck has %(size)s"),
    "nerts_caller_one_left": _("%(deck)s cannot have called Nerts with 1 card left in the Nerts "
                               "pile"),
    "nerts_caller_cards_left": _("%(deck)s cannot have called Nerts with %(count)s cards left "
                                 "in the Nerts pile"),
}
