"""Error texts of Das Rennen on the Katarenga board (seed 001).

Translators: squares are written a1..h8 and moves as the log writes them (``b1-c3``,
``d4xe6``), which stay as they are; ``%(colour)s`` is a nested colour word (green, red,
yellow, blue), ``%(like)s`` a nested "knight"/"rook"/"bishop"/"king".
"""

from .marker import _

KATARENGA_RENNEN: dict[str, str] = {
    "ks_random_needs_limit": _("random play needs a move limit; rules.move_limit is 0"),
    # The board (katarenga_rennen/board.py).
    "ks_board_text": _("a board is a layout name or 64 colour letters, not %(value)s"),
    "ks_board_ranks": _("a board written with / has eight ranks of eight letters, rank 1 "
                        "first"),
    "ks_board_length": _("a board is 64 colour letters R, Y, G, B; it has %(count)s letters"),
    "ks_board_letters": _("a board is 64 colour letters R, Y, G, B; it has letters other than "
                          "R, Y, G, B: %(letters)s"),
    "ks_board_unknown": _("%(value)s is neither a named layout (%(layouts)s) nor 64 colour "
                          "letters R, Y, G, B"),
    "ks_board_quarter": _("the quarter %(quarter)s shows %(red)s red, %(yellow)s yellow, "
                          "%(green)s green and %(blue)s blue squares; every quarter board "
                          "shows four of each colour"),
    "ks_green": _("green"),
    "ks_red": _("red"),
    "ks_yellow": _("yellow"),
    "ks_blue": _("blue"),
    "ks_knight": _("a knight"),
    "ks_rook": _("a rook"),
    "ks_bishop": _("a bishop"),
    "ks_king": _("a king"),
    # Notation (katarenga_rennen/moves.py).
    "ks_move_text": _("a move is text such as 'b1-c3', not %(value)s"),
    "ks_player_move_text": _("%(player)s's move is text such as 'b1-c3', not %(value)s"),
    "ks_move_unknown": _("%(move)s is not a move; write b1-c3, d4xe6 (a displacement), pass or "
                         "resign"),
    "ks_player_move_unknown": _("%(player)s's move %(move)s cannot be read; write b1-c3, d4xe6 "
                                "(a displacement), pass or resign"),
    # A game of the log (katarenga_rennen/replay.py).
    "ks_game_field": _("unknown field %(name)s in a game; the fields are %(fields)s"),
    "ks_white": _("%(player)s has White in game %(number)s (the colours change every game), "
                  "not %(value)s"),
    "ks_moves_or_facts": _("a game gives either its moves or its facts (score sheet)"),
    "ks_moves_and_facts": _("a game gives either its moves or its facts (score sheet), not "
                            "both"),
    "ks_moves_list": _("moves must be a list such as [\"c1-b3\", \"f8-g6\"]"),
    "ks_not_over_one": _("the game is not over after 1 move: %(player)s (%(side)s) is to "
                         "move"),
    "ks_not_over": _("the game is not over after %(count)s moves: %(player)s (%(side)s) is to "
                     "move"),
    "ks_white_side": _("White"),
    "ks_black_side": _("Black"),
    "ks_game_count_one": _("the match has 1 game (rules.games), but the log has %(count)s"),
    "ks_game_count": _("the match has %(games)s games (rules.games), but the log has "
                       "%(count)s"),
    # Moves (katarenga_rennen/state.py).
    "ks_game_over": _("the game is over (%(reason)s); no more moves can follow"),
    "ks_resign_off": _("%(player)s cannot resign: these rules do not allow resignation "
                       "(rules.resignation)"),
    "ks_pass_displaced": _("%(player)s cannot pass: the displaced piece on %(square)s must "
                           "move"),
    "ks_pass_possible": _("%(player)s cannot pass while a move is possible, e.g. %(example)s"),
    "ks_move_displaced_first": _("%(player)s must first move the displaced piece away from "
                                 "%(square)s, not the piece on %(origin)s"),
    "ks_move_displaced_first_by": _("%(player)s must first move the displaced piece away from "
                                    "%(square)s (%(by)s displaced it), not the piece on "
                                    "%(origin)s"),
    "ks_no_piece_empty": _("%(player)s has no piece on %(square)s; the square is empty"),
    "ks_no_piece_other": _("%(player)s has no piece on %(square)s; the piece there is "
                           "%(other)s's"),
    "ks_piece": _("%(player)s's piece on %(square)s"),
    "ks_displaced_piece": _("%(player)s's displaced piece on %(square)s"),
    "ks_how": _("%(piece)s stands on %(colour)s and moves like %(like)s"),
    "ks_stay": _("%(how)s; it cannot stay on %(square)s"),
    "ks_not_knight": _("%(how)s; %(square)s is not a knight's move away"),
    "ks_not_next": _("%(how)s; %(square)s is not next to %(origin)s"),
    "ks_not_on_line_rook": _("%(how)s; %(square)s is not on its rank or file"),
    "ks_not_on_line_bishop": _("%(how)s; %(square)s is not on its diagonals"),
    "ks_blocked": _("%(how)s; the way to %(square)s is blocked by %(owner)s's piece on "
                    "%(on)s"),
    "ks_must_stop": _("%(how)s; it must stop on the first %(colour)s square %(stop)s and cannot "
                      "go on to %(square)s"),
    "ks_displace_empty": _("%(player)s cannot displace on %(square)s: the square is empty; "
                           "write %(notation)s"),
    "ks_own_piece": _("%(player)s's own piece stands on %(square)s; pieces never capture"),
    "ks_displace_colour": _("%(player)s cannot displace %(other)s's piece on %(square)s: "
                            "%(square)s is %(colour)s, not %(target)s; pieces are displaced "
                            "only from the %(target)s squares of their own half, and never "
                            "captured"),
    "ks_displace_half": _("%(player)s cannot displace %(other)s's piece on %(square)s: "
                          "%(square)s lies in %(player)s's own half; pieces are displaced only "
                          "from the %(target)s squares of their own half, and never captured"),
    "ks_reply_displace": _("%(player)s's displaced piece must go to an empty square (rule "
                           "reply_may_displace is off); %(square)s holds %(other)s's piece"),
    "ks_displace_no_move": _("%(player)s cannot displace %(other)s's piece on %(square)s: it "
                             "would have no move from %(square)s (%(colour)s, moves like "
                             "%(like)s)"),
    "ks_write_displacement": _("%(player)s moves onto %(other)s's piece on %(square)s: that is "
                               "a displacement, written %(notation)s"),
    # How a game ended (nested in ks_game_over; also the match page's sentence).
    "ks_end_resigned": _("%(player)s resigned with move %(number)s"),
    "ks_end_race": _("%(player)s occupied every %(colour)s square of %(other)s's half with "
                     "move %(number)s"),
    "ks_end_move_limit": _("%(limit)s moves were made without a winner"),
    "ks_end_repetition": _("the position after move %(number)s occurred for the %(ordinal)s "
                           "time"),
    "ks_end_blocked": _("neither player could move %(after)s"),
    "ks_end_no_move_lost": _("%(player)s had no legal move %(after)s and lost"),
    "ks_end_no_move_drawn": _("%(player)s had no legal move %(after)s; the game is drawn"),
    "ks_after_move": _("after move %(number)s"),
    "ks_at_start": _("at the start"),
    "ks_ordinal_2": _("second"),
    "ks_ordinal_3": _("third"),
    "ks_ordinal_4": _("fourth"),
    "ks_ordinal_5": _("fifth"),
    "ks_ordinal_n": _("%(number)sth"),
    # Score-sheet facts (katarenga_rennen/scoring.py).
    "ks_facts_object": _("facts are an object such as {\"winner\": \"Anna\", \"end\": "
                         "\"race\"}"),
    "ks_unknown_fact": _("unknown fact %(name)s; the facts are %(facts)s"),
    "ks_fact_moves_number": _("moves is the number of moves made in the game (0 to 10000), "
                              "not %(value)s"),
    "ks_fact_moves_at_limit": _("a game drawn by the move limit ends with move %(limit)s, not "
                                "%(moves)s"),
    "ks_fact_moves_over_limit": _("the game cannot last %(moves)s moves: the move limit draws "
                                  "it after %(limit)s"),
    "ks_fact_race_moves": _("a race takes at least 15 moves (eight of the winner's, seven of "
                            "the other's), not %(moves)s"),
    "ks_end_kind": _("end must be one of %(ends)s, not %(value)s"),
    "ks_winner_name": _("winner must be a player's name or null, not %(value)s"),
    "ks_white_name": _("white must be a player's name, not %(value)s"),
    "ks_fact_white": _("%(player)s cannot have White in this game: the colours change every "
                       "game and it is %(white)s's turn to be White"),
    "ks_fact_race_winner": _("a game that ends by the race has a winner; the facts name none"),
    "ks_fact_resigned_winner": _("a resigned game is won by the player who did not resign; the "
                                 "facts name no winner"),
    "ks_fact_draw_winner": _("a game drawn %(how)s has no winner, but the facts name "
                             "%(player)s"),
    "ks_drawn_repetition": _("by repetition"),
    "ks_drawn_move_limit": _("by the move limit"),
    "ks_drawn_blocked": _("because neither player could move"),
    "ks_fact_no_resignation": _("these rules do not allow resignation (rules.resignation)"),
    "ks_fact_no_repetition": _("these rules have no draw by repetition (rules.repetition is "
                               "0)"),
    "ks_fact_no_move_limit": _("these rules have no move limit (rules.move_limit is 0)"),
    "ks_fact_no_move_pass": _("a player without a move passes under these rules "
                              "(rules.no_move is 'pass'), so no game ends that way"),
    "ks_fact_no_move_lose": _("a player without a move loses under these rules (rules.no_move "
                              "is 'lose'), so the game has a winner"),
    "ks_fact_no_move_draw": _("a player without a move draws under these rules (rules.no_move "
                              "is 'draw'), but the facts name %(player)s"),
}
