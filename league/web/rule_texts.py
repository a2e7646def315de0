"""The words of the rules forms: a label and an explanation for every rule option of every
game, a label for every value an option can take and for every preset, in the reader's
language.

The engines describe their options in English for developers (with references to the seed
sections); a club reads these instead. ``tests/league/test_rule_forms.py`` checks that every
option, value and preset the engines declare has its words here, so that a new option cannot
reach the form without them.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

#: (label, explanation, {value: label}) per game and option.
OPTIONS: dict[str, dict[str, tuple[Any, Any, dict[Any, Any]]]] = {
    "gin": {
        "rounds": (_("Rounds in a partie"),
                   _("Whoever leads after the last round wins the partie."), {}),
        "round_target": (_("Points that end a round"),
                         _("A round ends as soon as a player reaches this many game points."),
                         {}),
        "gin_bonus": (_("Gin bonus"), _("On top of the opponent's deadwood."), {}),
        "undercut_bonus": (_("Undercut bonus"),
                           _("For the defender who undercuts the knocker, on top of the "
                             "difference."), {}),
        "game_bonus": (_("Points per game won"),
                       _("Credited for each game won when a round ends; never doubled."), {}),
        "round_bonus": (_("Round bonus"), _("For the winner of a round."), {}),
        "shutout_round_bonus": (_("Round bonus in a shutout"),
                                _("Instead of the round bonus when the loser won no game."),
                                {}),
        "shutout_doubles_game_points": (
            _("A shutout doubles the game points"),
            _("In a shutout the winner's game points count double."), {}),
        "spade_doubles": (_("A spade upcard doubles"),
                          _("A spade as first upcard doubles every point of that game, "
                            "bonuses included."), {}),
        "undercut_on_equal": (_("Equal deadwood is an undercut"),
                              _("When off, the knocker wins that game with 0 points."), {}),
        "dead_hand_stock": (_("Stock cards left for a dead game"),
                            _("The game is dead when this many stock cards remain and the "
                              "player who drew down to it discards without knocking."), {}),
        "may_discard_taken_card": (
            _("The card just taken may be discarded"),
            _("May a player discard (or knock with) the card he just took from the discard "
              "pile in the same turn?"), {}),
        "failed_knock": (_("A knock above the limit"),
                         _("What happens when a player knocks with more deadwood than the "
                           "limit."),
                         {"resume": _("is taken back: the opponent continues"),
                          "reject": _("is an illegal move")}),
        "knock_on_upcard_turn": (
            _("Knocking right after taking the first upcard"),
            _("May the player who takes the first upcard knock in that same turn?"), {}),
    },
    "doppelkopf": {
        "herz10": (_("Two Herz 10 in one trick"),
                   _("Which of two Herz 10 in one trick wins (when the Herz 10 is trump)."),
                   {"second-beats-first": _("the second beats the first"),
                    "second-except-last-trick": _("the second, except in the last trick"),
                    "first-beats-second": _("the first beats the second")}),
        "abbiegen": (_("Abbiegen"),
                     _("A solo can be 'abgebogen' with keine 90 (and higher) during the "
                       "negotiation."), {}),
        "new_negotiation_after_solo": (
            _("New announcements after a solo reservation"),
            _("A solo reservation reopens the negotiation in seat order, so a front seat who "
              "said gesund may still announce his own solo."), {}),
        "schieben": (_("Schieben (Trumpfabgabe)"),
                     _("Passing trumps with 3 or fewer trumps is allowed."), {}),
        "hochzeit_finding": (_("Which trick finds the Hochzeit partner"),
                             _("Which trick decides who plays with the Hochzeit."),
                             {"first-card": _("set by the first card (Fehl or Trumpf)"),
                              "fehl": _("always a Fehl trick"),
                              "any": _("any trick not taken by the Hochzeiter")}),
        "hochzeit_tricks": (_("Tricks to find a Hochzeit partner"),
                            _("If no partner is found in this many tricks, the Hochzeiter "
                              "plays alone."), {}),
        "pflichtsolo_priority": (_("A Pflichtsolo goes before a Lustsolo"),
                                 _("Among several solo reservations."), {}),
        "solo_lead": (_("Who leads in a solo"),
                      _("Who leads the first trick of a declared solo."),
                      {"soloist": _("the soloist"),
                       "soloist-pflicht": _("the soloist in a Pflichtsolo, otherwise "
                                            "forehand"),
                       "forehand": _("forehand (the player after the dealer)")}),
        "announcement_timing": (_("When RE/KONTRA may be said"),
                                _("Each Absage one trick (or one own card) later."),
                                {"tricks": _("by tricks (until the first card of trick 2)"),
                                 "own-cards": _("by the player's own cards (until he plays "
                                                "his second card; DDV)")}),
        "hochzeit_shift": (_("How far a Hochzeit moves the announcement times"),
                           _("The announcement times start after the trick that decides the "
                             "parties."),
                           {"finding-trick": _("by the finding trick"),
                            "finding-trick-minus-one": _("by the finding trick minus one "
                                                         "(DDV)")}),
        "announcement_scoring": (_("RE and KONTRA count"),
                                 _("What an announcement does to the game value."),
                                 {"double": _("double the game value"),
                                  "plus-two": _("+2 points each (DDV)")}),
        "double_special_points": (_("RE/KONTRA double the special points"),
                                  _("Special points (and 'gegen die Alten') are doubled by "
                                    "RE/KONTRA as well."), {}),
        "sixty_rule": (_("60 rule"),
                       _("A party that ends above 180 to 60 without an announcement of its "
                         "own loses; in which games."),
                       {"normal-games": _("in normal games"),
                        "normal-and-forced-solos": _("in normal games and Pflichtsoli"),
                        "all-games": _("in all games"), "off": _("off")}),
        "kontra_alone_needs_121": (
            _("KONTRA alone needs 121"),
            _("When only KONTRA was announced (no RE), KONTRA needs 121 Augen and RE wins "
              "with 120 (DDV)."), {}),
        "counting": (_("Counting"), _("How a deal's value is written on the list."),
                     {"plus-minus": _("winners +, losers −"),
                      "plus": _("only the winners score")}),
        "sp_doppelkopf": (_("Special point: Doppelkopf"),
                          _("A trick of 40 or more Augen scores a special point."),
                          {"all-games": _("in all games"),
                           "normal-games": _("in normal games"), "off": _("off")}),
        "sp_herz_trick": (_("Special point: a pure heart trick"),
                          _("AH AH KH KH in one trick, normal games."), {}),
        "sp_fuchs_gefangen": (_("Special point: Fuchs caught"),
                              _("Each Fuchs (AD) caught, normal games."), {}),
        "sp_charly_last": (_("Special point: Karlchen"),
                           _("Last trick won with Karlchen (JC), normal games."), {}),
        "sp_charly_gefangen": (_("Special point: Karlchen caught"),
                               _("Karlchen (JC) caught in the last trick, normal games."), {}),
        "sp_fuchs_last": (_("Special point: Fuchs in the last trick"),
                          _("Last trick won with the Fuchs (AD), normal games."), {}),
        "sp_gegen_die_alten": (_("Special point: gegen die Alten"),
                               _("KONTRA beats the Kreuz-Damen: +1 (normal game and Hochzeit, "
                                 "not Schieben)."), {}),
        "dealer_after_solo": (_("The dealer after a solo"), _("After a declared solo."),
                              {"stays": _("stays (up to the limit of solos in a row)"),
                               "stays-after-pflichtsolo": _("stays only after a Pflichtsolo "
                                                            "that was not vorgeführt (DDV)"),
                               "moves": _("moves on as after any deal")}),
        "solo_streak_limit": (_("Solos in a row before the deal passes"),
                              _("With 'stays': after this many solos in a row the deal passes "
                                "on anyway."), {}),
        "pflichtsolo_count": (_("Pflichtsoli per player"),
                              _("How many Pflichtsoli each player owes in a list."), {}),
        "pot_deals": (_("Deals in the Punktetopf"),
                      _("When they are played, open Pflichtsoli are vorgeführt and the list "
                        "ends. 0: no pot, the list is open."), {}),
        "pot_counts_pflichtsoli": (_("A Pflichtsolo uses up a deal of the pot"),
                                   _("A Pflichtsolo played in the points rounds counts as a "
                                     "deal of the Punktetopf."), {}),
        "vorfuehren_order": (_("Whose Pflichtsolo is vorgeführt next"),
                             _("When the pot is played out."),
                             {"any-owing": _("any player who still owes one (the front seat "
                                             "first)"),
                              "front-seat": _("always the owing player nearest the dealer's "
                                              "left (DDV)")}),
        "hammelrennen": (_("Hammelrennen"),
                         _("Whether a deal may be played as a Hammelrennen."),
                         {"declared": _("when the table declares a deal as one"),
                          "never": _("never")}),
        "hammelrennen_value": (_("Hammelrennen points"),
                               _("What the winner of a Hammelrennen scores (nobody else "
                                 "scores)."), {}),
        "hammelrennen_tie": (_("A tie in the Hammelrennen"),
                             _("Two or more players equally close to 60."),
                             {"all-tied-score": _("each of them scores"),
                              "nobody-scores": _("nobody scores")}),
        "schwarze_sau": (_("Schwarze Sau"),
                         _("Whether a deal may be played as a Schwarze Sau."),
                         {"declared": _("when the table declares a deal as one"),
                          "never": _("never")}),
        "schwarze_sau_tricks": (_("Tricks that count in the Schwarze Sau"),
                                _("Which tricks count in the Schwarze Sau solo."),
                                {"all": _("all ten (the soloist needs 121 of 240)"),
                                 "solo-only": _("only those from the solo on (more than half "
                                                "of their Augen)")}),
        "schwarze_sau_multiplier": (_("Schwarze Sau multiplier"),
                                    _("The value of a Schwarze Sau is multiplied by this."),
                                    {}),
    },
    "rennen": {
        "games": (_("Games in a match"),
                  _("Each game runs race after race until a win or a draw; the match score "
                    "is the number of games won."), {}),
        "attach": (_("Anlegen"), _("How attaching cards is recorded."),
                   {"auto": _("automatically: every card that fits is attached"),
                    "explicit": _("each attach is a move of its own")}),
        "kreuz_decides_final_tie": (
            _("The Kreuzvorteil decides a final tie"),
            _("A tie in tricks after the last card goes straight to the Kreuzvorteil (a "
              "simple win) instead of being decided by extra cards from the stock."), {}),
        "kreuz_bomb_win": (_("Equal bombs and a Kreuzvorteil"),
                           _("The Kreuz player wins the race with this kind of win."),
                           {"ultimate": _("an ultimate win"), "simple": _("a simple win")}),
        "karo_duplicates": (_("A second copy of an owned Karo card"),
                            _("Karo strikes do not count."),
                            {"reserve": _("stays in the reserve"),
                             "strike": _("is set aside like a strike")}),
        "tiebreak_without_stock": (_("A tie with fewer than two cards in the stock"),
                                   _("A tie must be broken but no card can be dealt to both."),
                                   {"draw": _("the game ends drawn"),
                                    "reshuffle": _("the cards of this race are shuffled into "
                                                   "the stock")}),
    },
    "katarenga-rennen": {
        "games": (_("Games in a match"), _("The colours change after every game."), {}),
        "board": (_("Board"),
                  _("A named layout (stammtisch, latin, stripes, checker) or 64 colour letters "
                    "a1..h8."), {}),
        "start_colour": (_("Start colour"),
                         _("The colour of the squares in a player's own half where his eight "
                           "pieces start."),
                         {"green": _("green"), "red": _("red"), "yellow": _("yellow"),
                          "blue": _("blue")}),
        "target_colour": (_("Target colour"),
                          _("The colour of the squares in the other half that a player must "
                            "occupy with all eight pieces to win."),
                          {"green": _("green"), "red": _("red"), "yellow": _("yellow"),
                           "blue": _("blue")}),
        "reply_may_displace": (_("The forced reply may displace"),
                               _("The forced reply of a displaced piece may itself displace a "
                                 "piece; when off it must go to an empty square."), {}),
        "no_move": (_("A player without a legal move"),
                    _("When he passes, a game in which neither player can move is drawn."),
                    {"pass": _("passes"), "lose": _("loses"), "draw": _("the game is drawn")}),
        "repetition": (_("Draw by repetition"),
                       _("The game is drawn when the same position occurs this many times."),
                       {0: _("off")}),
        "move_limit": (_("Move limit"),
                       _("The game is drawn after this many moves without a winner; 0: no "
                         "limit."), {}),
        "resignation": (_("Resigning allowed"),
                        _("A player may resign on his turn; the opponent wins."), {}),
        "win_points": (_("Points for a won game"), _("Match points."), {}),
        "draw_points": (_("Points for a drawn game"), _("For each player."), {}),
    },
    "nerts": {
        "target": (_("Target"),
                   _("The match ends after the hand in which a player (or team) reaches this "
                     "total alone in the lead; 0: just the hands in the log."), {}),
        "pile_size": (_("Cards in the Nerts pile"), _("All face down but the top one."), {}),
        "penalty": (_("Penalty per card left"),
                    _("Points lost per card left in the Nerts pile (not by the caller)."), {}),
        "caller_bonus": (_("Bonus for calling Nerts"), _("The variant gives 25."), {}),
        "draw": (_("Cards turned at a time"), _("From the stock onto the waste."), {}),
        "draw_order": (_("Order of the turned cards"),
                       _("How a packet turned from the stock lies on the waste."),
                       {"kept": _("kept: the packet is turned as a block"),
                        "reversed": _("reversed: the stock's top card becomes the waste "
                                      "top")}),
        "jokers": (_("Jokers"),
                   _("Two jokers per deck; a joker on a foundation stands for a card."), {}),
        "partnerships": (_("Teams of two"), _("Teams of two sharing a deck (six players)."),
                         {}),
        "slide_under": (_("Sliding under"),
                        _("With an empty work pile, a card may slide under the base of a pile "
                          "it fits under."), {}),
        "ties_stand": (_("Ties stand"),
                       _("A foundation play marked as a tie keeps both cards of the same "
                         "value; when off, the later card is void."), {}),
        "in_flight": (_("The card in the air"),
                      _("After a Nerts call each player may still put down the one card in "
                        "the air."), {}),
        "blocked": (_("When a stuck hand may be reset or ended"), _("When nobody can play."),
                    {"pass": _("when every deck has turned through its whole stock since the "
                               "last card was played"),
                     "agreed": _("whenever the log says so (agreed at the table)")}),
        "settle": (_("Settlement"), _("How the points are settled between the players."),
                   {"match": _("the leader of the match totals wins the difference from "
                               "each"),
                    "hand": _("every hand is settled on its own")}),
    },
}

#: What each preset is called on the pages.
PRESETS: dict[str, Any] = {
    "seed": _("club rules (seed)"),
    "ddv": _("DDV tournament rules (ddv)"),
    "match3": _("three games (match3)"),
    "red": _("red squares (red)"),
    "yellow": _("yellow squares (yellow)"),
    "blue": _("blue squares (blue)"),
    "red-yellow": _("from red to yellow (red-yellow)"),
}


def option_label(game: str, name: str) -> Any:
    return OPTIONS.get(game, {}).get(name, (name.replace("_", " "), "", {}))[0]


def option_help(game: str, name: str) -> Any:
    return OPTIONS.get(game, {}).get(name, ("", "", {}))[1]


def value_label(game: str, name: str, value: Any) -> Any:
    """How a value of an option reads: its label, yes/no, or the value itself."""
    labels = OPTIONS.get(game, {}).get(name, ("", "", {}))[2]
    if value in labels:
        return labels[value]
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def preset_label(name: str) -> Any:
    return PRESETS.get(name, name)
