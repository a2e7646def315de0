"""Error texts of Gin Rommé (seed 002).

Translators: ``%(player)s`` and the like are player names; a ``%(...card)s`` is a card, a
``%(...meld)s`` a meld (``3S-4S-5S``) as the reader's language shows them; ``%(move)s`` a
move as written in the log (``draw 5H``), which stays as it is.
"""

from .marker import _

GIN: dict[str, str] = {
    # Move notation (gin/moves.py).
    "gin_move_not_text": _("a move is a text such as \"draw 5H\", not %(value)s"),
    "gin_move_empty": _("an empty move; write pass, take, draw, discard, knock or lay"),
    "gin_move_unknown": _("%(move)s is not a move; write pass, take, draw, discard, knock or "
                          "lay"),
    "gin_move_card": _("%(move)s: %(reason)s"),
    "gin_pass_extra": _("%(move)s: pass takes nothing after it"),
    "gin_take_draw_extra": _("%(move)s: write %(kind)s or %(kind)s CARD"),
    "gin_discard_card": _("%(move)s must name the card: discard 9C"),
    "gin_knock_card": _("%(move)s must name the card discarded face down: knock 9C"),
    "gin_knock_melds_word": _("%(move)s: after the card write melds and the melds, e.g. knock "
                              "9C melds 3S-4S-5S 7H-7D-7C"),
    "gin_lay_melds_twice": _("%(move)s: write melds once, before off"),
    "gin_lay_off_twice": _("%(move)s: write off once"),
    "gin_layoff_notation": _("%(move)s: a lay-off is CARD>N, the knocker's meld number from 1 "
                             "(e.g. off 4S>1), not %(value)s"),
    "gin_lay_notation": _("%(move)s: write lay melds ... off CARD>N ..."),
    "gin_cards_not_list": _("%(what)s must be a list of cards such as [\"7S\", \"10H\"]"),
    # Playing a game (gin/state.py).
    "gin_over_dead": _("the game is over: a dead hand after move %(number)s (%(stock)s cards "
                       "left in the stock)"),
    "gin_over_lay_follows": _("the game is over: %(knocker)s knocked at move %(number)s; only "
                              "%(player)s's lay may follow"),
    "gin_over_laid": _("the game is over: %(knocker)s knocked at move %(number)s and the cards "
                       "are laid"),
    "gin_lay_no_knock": _("%(player)s cannot lay: nobody has knocked"),
    "gin_draw_before_offer": _("%(player)s cannot draw from the stock yet: first take or pass "
                               "the upcard %(upcard)s"),
    "gin_offer_first": _("%(player)s must first take or pass the upcard %(upcard)s"),
    "gin_pass_again": _("%(player)s cannot pass again: both passed the upcard, so %(player)s "
                        "draws from the stock"),
    "gin_pass_offer_over": _("%(player)s cannot pass: the upcard offer is over"),
    "gin_draw_before_knock": _("%(player)s must draw before knocking"),
    "gin_draw_before_discard": _("%(player)s must draw before discarding"),
    "gin_draw_twice": _("%(player)s cannot draw twice: discard or knock now"),
    "gin_take_twice": _("%(player)s cannot take a second card: discard or knock now"),
    "gin_pass_now": _("%(player)s cannot pass now: discard or knock"),
    "gin_take_not_upcard": _("%(player)s cannot take %(card)s: the upcard is %(upcard)s"),
    "gin_take_after_passes": _("%(player)s cannot take the upcard %(upcard)s: both passed it, "
                               "so %(player)s draws from the stock"),
    "gin_take_not_top": _("%(player)s cannot take %(card)s: the top of the discard pile is "
                          "%(top_card)s"),
    "gin_draw_wrong": _("%(player)s cannot draw %(card)s: %(reason)s"),
    "gin_stock_top": _("the top of the stock is %(card)s"),
    "gin_card_in_hand": _("%(card)s is in %(player)s's hand"),
    "gin_card_is_upcard": _("%(card)s is the first upcard"),
    "gin_card_discarded": _("%(card)s is on the discard pile"),
    "gin_card_not_in_stock": _("%(card)s is not in the stock"),
    "gin_draw_names_card": _("%(player)s's draw must name the card: this deal records its "
                             "cards (write draw 5H)"),
    "gin_draw_not_in_stock": _("%(player)s cannot draw %(card)s from the stock: %(reason)s"),
    "gin_discard_not_held": _("%(player)s cannot discard %(card)s: %(player)s does not hold "
                              "it"),
    "gin_knock_not_held": _("%(player)s cannot knock with %(card)s: %(player)s does not hold "
                            "it"),
    "gin_discard_just_taken": _("%(player)s cannot discard %(card)s: it was just taken from "
                                "the discard pile"),
    "gin_knock_just_taken": _("%(player)s cannot knock with %(card)s: it was just taken from "
                              "the discard pile"),
    "gin_shows_twice": _("%(player)s shows %(card)s twice"),
    "gin_shows_face_down": _("%(player)s cannot show %(card)s in %(meld)s: it is the face-down "
                             "discard"),
    "gin_shows_not_held": _("%(player)s cannot show %(meld)s: %(player)s does not hold "
                            "%(card)s"),
    "gin_not_a_meld": _("%(player)s cannot show %(meld)s: it is not a meld; a run is 3 or more "
                        "cards in sequence of one suit (ace low), a set 3 or 4 cards of one "
                        "rank"),
    "gin_knock_upcard_turn": _("%(player)s cannot knock in the turn of taking the first "
                               "upcard"),
    "knock_over_limit": _("%(player)s cannot knock with %(deadwood)s deadwood; the limit is "
                          "%(limit)s (first upcard %(upcard)s)"),
    "knock_only_gin": _("%(player)s cannot knock with %(deadwood)s deadwood; the first upcard "
                        "%(upcard)s allows only gin"),
    "gin_layoff_against_gin": _("%(player)s cannot lay off %(card)s against %(knocker)s's "
                                "gin"),
    "gin_layoff_not_held": _("%(player)s cannot lay off %(card)s: %(player)s does not hold "
                             "it"),
    "gin_layoff_no_meld": _("%(player)s cannot lay off %(card)s onto meld %(number)s: "
                            "%(knocker)s shows %(count)s melds"),
    "gin_layoff_does_not_fit": _("%(player)s cannot lay off %(card)s onto meld %(number)s "
                                 "(%(meld)s)"),
    # A deal of the log (gin/replay.py).
    "gin_hands_shape": _("hands must give each player's 10 cards: %(shape)s"),
    "gin_hand_not_list": _("must be a list of 10 cards"),
    "gin_hand_size": _("%(player)s must be dealt 10 cards, not %(count)s"),
    "gin_dealt_twice": _("%(card)s is dealt twice"),
    "gin_upcard_missing": _("a deal with recorded hands needs its first upcard"),
    "gin_upcard_dealt": _("the upcard %(card)s is also dealt to a player"),
    "gin_hands_missing": _("a deal with a recorded upcard needs the recorded hands too"),
    "gin_no_cards": _("no cards: give the hands and the upcard, or a seed in the envelope"),
    "gin_moves_not_list": _("moves must be a list of texts such as \"draw 5H\""),
    "gin_not_finished": _("the game is not finished: %(state)s"),
    "gin_to_take_or_pass": _("%(player)s is to take or pass the upcard %(upcard)s"),
    "gin_to_draw": _("%(player)s is to draw (%(stock)s cards in the stock)"),
    "gin_to_discard": _("%(player)s is to discard or knock"),
    "gin_dealer_not_player": _("the dealer %(value)s is not a player of this match"),
    "gin_dealer_missing": _("deal %(number)s must name its dealer: %(reason)s"),
    "gin_dealer_wrong": _("the dealer is %(expected)s, not %(value)s: %(reason)s"),
    "gin_lot_first": _("the first dealer is drawn by lot"),
    "gin_lot_level": _("round %(round)s starts with the partie level at %(first)s:%(second)s, "
                       "so the first dealer is drawn by lot"),
    "gin_dealer_again": _("%(player)s dealt the dead hand %(number)s and deals again"),
    "gin_dealer_changes": _("%(player)s dealt game %(number)s and the dealer changes after "
                            "every game"),
    "gin_leader_deals": _("the partie leader %(player)s deals first in round %(round)s"),
    "gin_partie_over": _("the partie is already over: %(rounds)s of %(total)s rounds were "
                         "played by deal %(number)s"),
    "gin_unknown_deal_field": _("unknown field %(name)s in a deal; the fields are %(fields)s"),
    "gin_moves_and_facts": _("a deal has either moves (played) or facts (score sheet), not "
                             "both"),
    "gin_no_moves_or_facts": _("a deal needs moves (played) or facts (score sheet)"),
    "gin_partie_unfinished": _("the partie is not finished: %(standing)s"),
    "gin_standing_between": _("%(rounds)s of %(total)s rounds played; round %(round)s has not "
                              "started"),
    "gin_standing_during": _("%(rounds)s of %(total)s rounds played; round %(round)s stands at "
                             "%(first)s:%(second)s"),
    # Score-sheet facts (gin/scoring.py).
    "gin_facts_not_object": _("facts must be an object such as {\"upcard\": \"7S\", "
                              "\"knocker\": \"Anna\", \"gin\": false, \"deadwood\": "
                              "{\"Anna\": 5, \"Bert\": 12}}"),
    "gin_unknown_fact": _("unknown fact %(name)s; the facts are %(facts)s"),
    "gin_upcard_fact_missing": _("the first upcard is missing (it sets the knock limit and the "
                                 "spade doubling)"),
    "gin_dead_not_bool": _("dead must be true or false, not %(value)s"),
    "gin_dead_has": _("a dead hand has no %(name)s"),
    "gin_knocker_missing": _("who knocked? give knocker, or dead: true for a dead hand"),
    "gin_knocker_not_player": _("the knocker %(value)s is not a player of this match"),
    "gin_deadwood_shape": _("deadwood must give both players' deadwood after lay-offs, e.g. "
                            "{\"Anna\": 5, \"Bert\": 12}"),
    "gin_deadwood_not_player": _("%(value)s is not a player of this match"),
    "gin_deadwood_missing": _("%(player)s's deadwood is missing"),
    "gin_deadwood_range": _("%(player)s's deadwood must be a whole number from 0 to 100, not "
                            "%(value)s"),
    "gin_fact_knock_over_limit": _("%(player)s cannot have knocked with %(deadwood)s deadwood; "
                                   "the limit is %(limit)s (first upcard %(upcard)s)"),
    "gin_fact_knock_only_gin": _("%(player)s cannot have knocked with %(deadwood)s deadwood; "
                                 "the first upcard %(upcard)s allows only gin"),
    "gin_gin_not_bool": _("gin must be true or false, not %(value)s"),
    "gin_gin_with_deadwood": _("gin means no deadwood, but %(player)s has %(deadwood)s"),
    "gin_zero_is_gin": _("%(player)s knocked with 0 deadwood: that is gin (write gin: true)"),
}
