"""Positions: move generation per colour, displacement and its reply, the win, no move.

Boards are drawn in helpers.py. Every expected list below was worked out by hand from those
diagrams; the comments show the working.
"""

import itertools

import pytest

from games.engines.errors import IllegalMoveError
from games.engines.katarenga_rennen.board import LAYOUTS, parse_board, square_index, square_name
from games.engines.katarenga_rennen.moves import Move
from games.engines.katarenga_rennen.rules import ENGINE_PRESETS, KatarengaRules
from games.engines.katarenga_rennen.state import BLACK, WHITE, Game

from .helpers import LATIN, PLAYERS, STAMMTISCH, position, targets


def illegal(game, text):
    with pytest.raises(IllegalMoveError) as excinfo:
        game.apply(Move.parse(text))
    return str(excinfo.value)


class TestStartPosition:
    def test_seed_pieces_stand_on_the_green_squares_of_their_half(self):
        game = Game(KatarengaRules(), STAMMTISCH)
        assert [square_name(s) for s in game.pieces(WHITE)] == [
            "c1", "f1", "a2", "h2", "d3", "e3", "b4", "g4"]
        assert [square_name(s) for s in game.pieces(BLACK)] == [
            "b5", "g5", "d6", "e6", "a7", "h7", "c8", "f8"]
        # White's targets are Black's start squares and the other way round.
        assert game.targets[WHITE] == game.start[BLACK]
        assert game.targets[BLACK] == game.start[WHITE]

    def test_start_and_target_colour_variant(self):
        # red-yellow: start on the red squares of one's half, target the yellow squares of
        # the other half (seed, Hinweis).
        game = Game(ENGINE_PRESETS["red-yellow"], STAMMTISCH)
        assert [square_name(s) for s in game.pieces(WHITE)] == [
            "a1", "h1", "c2", "f2", "b3", "g3", "d4", "e4"]
        assert [square_name(s) for s in game.targets[WHITE]] == [
            "c5", "f5", "a6", "h6", "d7", "e7", "b8", "g8"]

    def test_first_moves_of_the_seed_game(self):
        # Only the knights on green move at the start; every target that is empty:
        #   c1: e2 b3 (a2, d3 own)      f1: d2 g3 (e3, h2 own)     a2: c3 (b4, c1 own)
        #   h2: f3 (g4, f1 own)         d3: b2 c5 e1 e5 f2 f4 (c1, b4 own)
        #   e3: c2 c4 d1 d5 f5 g2 (f1, g4 own)   b4: c2 d5 a6 c6 (a2, d3 own)
        #   g4: f2 e5 h6 f6 (h2, e3 own)
        game = Game(KatarengaRules(), STAMMTISCH, PLAYERS)
        moves = {move.text() for move in game.legal_moves()}
        assert {m for m in moves if m.startswith("c1")} == {"c1-e2", "c1-b3"}
        assert {m for m in moves if m.startswith("b4")} == {"b4-c2", "b4-d5", "b4-a6",
                                                            "b4-c6"}
        assert len(moves) == 2 + 2 + 1 + 1 + 6 + 6 + 4 + 4


class TestMoveGeneration:
    # Green: a knight. From d3 it reaches b2 b4 c1 c5 e1 e5 f2 f4.
    def test_green_moves_like_a_knight(self):
        game = position("d3", "")
        assert targets(game, "d3") == ["b2", "b4", "c1", "c5", "e1", "e5", "f2", "f4"]

    def test_knight_jumps_but_never_lands_on_a_piece_it_cannot_displace(self):
        # Anna's own piece on b4 and Bert's on e5 (red, not displaceable) are not targets;
        # Bert's piece on d4, between, does not matter to a knight.
        game = position("d3 b4", "e5 d4")
        assert targets(game, "d3") == ["b2", "c1", "c5", "e1", "f2", "f4"]

    # Red: a rook that must stop on the next red square. From c2:
    #   up    c3 B, c4 Y, c5 Y, c6 B, c7 R (stop: c8 is out of reach)
    #   right d2 Y, e2 Y, f2 R (stop: g2 h2 out of reach)
    #   down  c1; left b2, a2.
    def test_red_moves_like_a_rook_up_to_the_next_red_square(self):
        game = position("c2", "")
        assert targets(game, "c2") == ["a2", "b2", "c1", "c3", "c4", "c5", "c6", "c7", "d2",
                                       "e2", "f2"]

    def test_rook_does_not_jump(self):
        # Bert on c5 (yellow) closes the way up after c4; Anna on e2 closes it right after d2.
        game = position("c2 e2", "c5")
        assert targets(game, "c2") == ["a2", "b2", "c1", "c3", "c4", "d2"]

    # Yellow: a bishop that must stop on the next yellow square. From d2:
    #   NE e3 G, f4 Y (stop: g5, h6 out of reach); NW c3 B, b4 G, a5 B; SE e1; SW c1.
    def test_yellow_moves_like_a_bishop_up_to_the_next_yellow_square(self):
        game = position("d2", "")
        assert targets(game, "d2") == ["a5", "b4", "c1", "c3", "e1", "e3", "f4"]

    def test_bishop_does_not_jump(self):
        # Bert on c3 (blue, Anna's half): NW stops before it.
        game = position("d2", "c3")
        assert targets(game, "d2") == ["c1", "e1", "e3", "f4"]

    # Blue: a king, one square in any direction.
    def test_blue_moves_like_a_king(self):
        assert targets(position("b2", ""), "b2") == ["a1", "a2", "a3", "b1", "b3", "c1", "c2",
                                                     "c3"]
        assert targets(position("d1", ""), "d1") == ["c1", "c2", "d2", "e1", "e2"]

    @pytest.mark.parametrize("layout", sorted(LAYOUTS))
    def test_every_square_against_a_plain_reading_of_the_rules(self, layout):
        """Square by square: a lone piece among a fixed scatter of blockers."""
        board = parse_board(layout)
        blockers = {square_index(s) for s in ("b3", "c6", "e4", "f2", "g7", "d5")}
        for square in range(64):
            if square in blockers:
                continue
            white = [square_name(square)]
            # Anna's own blockers: nothing to displace, so only movement decides.
            game = Game.setup(KatarengaRules(), board,
                              white=white + [square_name(b) for b in blockers], black=[])
            found = targets(game, square_name(square))
            expected = sorted(square_name(t) for t in range(64)
                              if t not in blockers and t != square
                              and plain_reach(board.colours, square, t, blockers))
            assert found == expected, (layout, square_name(square))

    def test_errors_for_a_bishop_and_a_rook_name_the_square_that_stops_them(self):
        # d2 is yellow: going NE the bishop meets e3 (green), then f4, yellow: it stops there.
        assert illegal(position("d2", ""), "d2-g5") == (
            "Anna's piece on d2 stands on yellow and moves like a bishop; it must stop on the "
            "first yellow square f4 and cannot go on to g5")
        # c2 is red: going up c3 (blue), c4 (yellow), then Bert's piece on c5 closes the way.
        assert illegal(position("c2", "c5"), "c2-c6") == (
            "Anna's piece on c2 stands on red and moves like a rook; the way to c6 is blocked "
            "by Bert's piece on c5")

    def test_pieces_move_by_the_colour_of_their_square_in_every_variant(self):
        # The colour variants change where pieces start and finish, not how they move.
        game = position("c2", "", **{"start_colour": "red", "target_colour": "yellow"})
        assert targets(game, "c2") == targets(position("c2", ""), "c2")


def plain_reach(colours, origin, target, blockers):
    """The movement rules read literally, without the engine's tables."""
    df = ord(square_name(target)[0]) - ord(square_name(origin)[0])
    dr = int(square_name(target)[1]) - int(square_name(origin)[1])
    colour = colours[origin]
    if colour == "G":
        return {abs(df), abs(dr)} == {1, 2}
    if colour == "B":
        return max(abs(df), abs(dr)) == 1
    if colour == "R" and df and dr:
        return False
    if colour == "Y" and abs(df) != abs(dr):
        return False
    steps = max(abs(df), abs(dr))
    sf, sr = (df > 0) - (df < 0), (dr > 0) - (dr < 0)
    for k in range(1, steps):  # squares strictly between
        between = origin + k * sf + 8 * k * sr
        if between in blockers or colours[between] == colour:
            return False
    return True


class TestDisplacement:
    # Anna's king on c6 (blue) stands next to Bert's piece on d6 (green, Bert's half).
    # From d6 a knight reaches b5 b7 c4 c8 e4 e8 f5 f7.
    def test_displacing_and_the_forced_reply(self):
        game = position("c6", "d6 a7")
        assert Move.parse("c6xd6") in game.legal_moves()
        game.apply(Move.parse("c6xd6"))
        assert game.pending == square_index("d6") and game.to_move == BLACK
        # Only the displaced piece moves, from d6, as a piece on green moves (a7 stays).
        assert [m.text() for m in game.legal_moves()] == [
            "d6-c4", "d6-e4", "d6-b5", "d6-f5", "d6-b7", "d6-f7", "d6-c8", "d6-e8"]
        game.apply(Move.parse("d6-f5"))
        assert game.position_text()[square_index("d6")] == "W"
        assert game.position_text()[square_index("f5")] == "B"
        assert game.pending is None and game.to_move == WHITE

    def test_displacement_banned_when_the_displaced_piece_could_not_move(self):
        # Every knight square from d6 is taken: c8 e8 f7 b5 b7 by Bert, f5 e4 c4 by Anna
        # (none of those on a green square of Anna's half, so Bert could not displace them).
        game = position("c6 f5 e4 c4", "d6 c8 e8 f7 b5 b7")
        assert Move.parse("c6xd6") not in game.legal_moves()
        assert illegal(game, "c6xd6") == (
            "Anna cannot displace Bert's piece on d6: it would have no move from d6 (green, "
            "moves like a knight)")

    def test_only_on_the_target_squares_of_the_other_half(self):
        # c5 is yellow; b4 is green but lies in Anna's half.
        game = position("c6", "c5 d6")
        assert illegal(game, "c6xc5") == (
            "Anna cannot displace Bert's piece on c5: c5 is yellow, not green; pieces are "
            "displaced only from the green squares of their own half, and never captured")
        game = position("c3", "b4")  # c3 is blue: a king next to b4
        assert illegal(game, "c3xb4") == (
            "Anna cannot displace Bert's piece on b4: b4 lies in Anna's own half; pieces are "
            "displaced only from the green squares of their own half, and never captured")

    def test_notation_must_say_what_happens(self):
        game = position("c6", "d6")
        assert illegal(game, "c6-d6") == (
            "Anna moves onto Bert's piece on d6: that is a displacement, written c6xd6")
        assert illegal(game, "c6xc7") == (
            "Anna cannot displace on c7: the square is empty; write c6-c7")

    def test_the_reply_must_move_the_displaced_piece(self):
        game = position("c6", "d6 a7")
        game.apply(Move.parse("c6xd6"))
        assert illegal(game, "a7-c8") == (
            "Bert must first move the displaced piece away from d6 (c6xd6 displaced it), "
            "not the piece on a7")
        assert illegal(game, "d6-d5") == (
            "Bert's displaced piece on d6 stands on green and moves like a knight; d5 is not a "
            "knight's move away")
        assert illegal(game, "pass") == "Bert cannot pass: the displaced piece on d6 must move"

    # On the latin board: Anna's king on f6 (blue) next to Bert's piece on g5 (green).
    # From g5 a knight reaches e4 e6 f3 f7 h3 h7; all are taken, e4 and f3 by Anna (blue and
    # red: not displaceable), e6 f7 h7 by Bert, and h3 by Anna on a green square of her own
    # half: Bert's only reply is to displace that piece in turn (g5xh3). From h3 Anna's piece
    # then reaches f2 f4 g1 (g5 holds her own king).
    CHAIN_WHITE, CHAIN_BLACK = "f6 h3 e4 f3", "g5 e6 f7 h7"

    def test_a_reply_may_displace_in_turn(self):
        game = position(self.CHAIN_WHITE, self.CHAIN_BLACK, board=LATIN)
        game.apply(Move.parse("f6xg5"))
        assert [m.text() for m in game.legal_moves()] == ["g5xh3"]
        game.apply(Move.parse("g5xh3"))
        assert game.pending == square_index("h3") and game.to_move == WHITE
        assert [m.text() for m in game.legal_moves()] == ["h3-g1", "h3-f2", "h3-f4"]

    def test_a_chain_that_ends_without_a_reply_bans_the_first_displacement(self):
        # f2 (Anna), f4 and g1 (Bert, on green squares of Anna's half: Anna cannot displace
        # there) take Anna's last squares from h3, so g5xh3 is banned, so f6xg5 is.
        game = position(self.CHAIN_WHITE + " f2", self.CHAIN_BLACK + " f4 g1", board=LATIN)
        assert illegal(game, "f6xg5") == (
            "Anna cannot displace Bert's piece on g5: it would have no move from g5 (green, "
            "moves like a knight)")

    def test_rule_reply_may_displace_off(self):
        game = position(self.CHAIN_WHITE, self.CHAIN_BLACK, board=LATIN,
                        reply_may_displace=False)
        assert Move.parse("f6xg5") not in game.legal_moves()
        # Without the ban the reply itself would be refused with its own reason:
        game = position(self.CHAIN_WHITE, self.CHAIN_BLACK, board=LATIN, to_move=BLACK,
                        pending="g5", reply_may_displace=False)
        assert illegal(game, "g5xh3") == (
            "Bert's displaced piece must go to an empty square (rule reply_may_displace is "
            "off); h3 holds Anna's piece")

    def test_start_and_target_colour_displace_on_the_target_colour(self):
        # red-yellow (seed, Hinweis): Bert starts on the red squares of ranks 5-8, Anna's
        # targets are the yellow squares there (c5 f5 a6 h6 d7 e7 b8 g8); "apply the rules to
        # that colour": pieces are displaced from the target colour, where they block.
        rules = {"start_colour": "red", "target_colour": "yellow"}
        # Anna's rook on d4 (red) meets Bert's piece on d5 first: red, one of his start squares.
        game = position("d4", "d5", **rules)
        assert illegal(game, "d4xd5") == (
            "Anna cannot displace Bert's piece on d5: d5 is red, not yellow; pieces are "
            "displaced only from the yellow squares of their own half, and never captured")
        # Anna's bishop on c4 (yellow), NW: b5 (green), a6 (yellow) with Bert's piece on it.
        # From a6 the displaced piece moves as a bishop: SE b5, c4 (yellow, just left empty:
        # stop); NE b7, c8. So c4xa6 is allowed and those are the replies.
        game = position("c4", "a6", **rules)
        game.apply(Move.parse("c4xa6"))
        assert [m.text() for m in game.legal_moves()] == ["a6-c4", "a6-b5", "a6-b7", "a6-c8"]

    def test_displaced_piece_moves_by_the_colour_of_its_square_in_a_variant(self):
        # red: Bert's piece on c7 (red, Bert's half) is displaced by Anna's rook from c2
        # (c3..c6 empty, c7 the first red square). From c7 it moves as a rook: up c8;
        # left b7 a7; right d7 e7 f7 (red, stop); down c6 c5 c4 c3 (c2 is empty now; c2 is
        # red: the ray stops there).
        game = position("c2", "c7", start_colour="red", target_colour="red")
        game.apply(Move.parse("c2xc7"))
        assert sorted(m.text()[3:] for m in game.legal_moves()) == [
            "a7", "b7", "c2", "c3", "c4", "c5", "c6", "c8", "d7", "e7", "f7"]


class TestWin:
    # Anna holds seven of Bert's green squares; her piece on e7 (yellow) moves to f8.
    SEVEN = "b5 g5 d6 e6 a7 h7 c8"

    def test_occupying_every_target_square_wins(self):
        game = position(self.SEVEN + " e7", "a2")
        game.apply(Move.parse("e7-f8"))
        assert game.outcome is not None
        assert (game.outcome.end, game.outcome.winner) == ("race", WHITE)
        assert game.outcome.reason == (
            "Anna occupied every green square of Bert's half with move 1")
        assert game.legal_moves() == []
        assert illegal(game, "a2-b4") == (
            "the game is over (Anna occupied every green square of Bert's half with move 1); "
            "no more moves can follow")

    def test_winning_by_a_displacement(self):
        # Bert's piece on f8 could go to d7 or g6 (e6 h7 are Anna's), so e7xf8 is allowed and
        # ends the game at once; the displaced piece never moves.
        game = position(self.SEVEN + " e7", "f8")
        game.apply(Move.parse("e7xf8"))
        assert (game.outcome.end, game.outcome.winner) == ("race", WHITE)
        assert game.pending == square_index("f8")

    def test_seven_of_eight_is_not_enough(self):
        game = position(self.SEVEN + " e7", "a2")
        game.apply(Move.parse("e7-d8"))
        assert game.outcome is None


class TestNoMove:
    # Anna's only piece is a king on d1 (blue) hemmed in by Bert's pieces on c1 c2 d2 e2 e1,
    # all in Anna's half and so not displaceable. Bert can move (c1 reaches a2 b3 d3).
    WHITE_SQUARES, BLACK_SQUARES = "d1", "c1 c2 d2 e2 e1"

    def test_pass(self):
        game = position(self.WHITE_SQUARES, self.BLACK_SQUARES)
        assert game.outcome is None
        assert game.legal_moves() == [Move.pass_()]
        game.apply(Move.parse("pass"))
        assert game.to_move == BLACK and game.ply == 1

    def test_pass_is_refused_when_a_move_exists(self):
        game = position("c1", "")
        assert illegal(game, "pass") == "Anna cannot pass while a move is possible, e.g. c1-a2"

    def test_lose(self):
        game = position(self.WHITE_SQUARES, self.BLACK_SQUARES, no_move="lose")
        assert (game.outcome.end, game.outcome.winner) == ("no_move", BLACK)
        assert game.outcome.reason == "Anna had no legal move at the start and lost"

    def test_draw(self):
        game = position(self.WHITE_SQUARES, self.BLACK_SQUARES, no_move="draw")
        assert (game.outcome.end, game.outcome.winner) == ("no_move", None)

    def test_neither_player_can_move(self):
        # A side without pieces cannot move either; with nobody able to move, passing back and
        # forth would never end, so the game is drawn whatever the rule no_move says.
        for rule in ("pass", "lose", "draw"):
            game = position("", "", no_move=rule)
            assert (game.outcome.end, game.outcome.winner) == ("blocked", None)
            assert game.outcome.reason == "neither player could move at the start"


class TestEndlessPlay:
    # Anna's piece goes c1-e2-d1-c1 and Bert's, on the mirrored squares, f8-d7-e8-f8: after
    # six moves the start position is back (second time), after twelve the third time.
    ROUND = ["c1-e2", "f8-d7", "e2-d1", "d7-e8", "d1-c1", "e8-f8"]

    def play(self, moves, **rules):
        game = Game(KatarengaRules(**rules), STAMMTISCH, PLAYERS)
        for text in moves:
            game.apply(Move.parse(text))
        return game

    def test_third_repetition_draws(self):
        game = self.play(self.ROUND * 2)
        assert (game.outcome.end, game.outcome.winner, game.outcome.moves) == (
            "repetition", None, 12)
        assert game.outcome.reason == "the position after move 12 occurred for the third time"

    def test_repetition_count_is_an_option(self):
        assert self.play(self.ROUND, repetition=2).outcome.end == "repetition"
        game = self.play(self.ROUND * 3, repetition=0)
        assert game.outcome is None

    def test_move_limit(self):
        game = self.play(self.ROUND[:5], move_limit=5)
        assert (game.outcome.end, game.outcome.moves) == ("move_limit", 5)
        assert game.outcome.reason == "5 moves were made without a winner"

    def test_a_win_on_the_last_allowed_move_counts(self):
        game = position(TestWin.SEVEN + " e7", "a2", move_limit=1)
        game.apply(Move.parse("e7-f8"))
        assert game.outcome.end == "race"


class TestResign:
    def test_resign(self):
        game = Game(KatarengaRules(), STAMMTISCH, PLAYERS)
        game.apply(Move.parse("c1-e2"))
        game.apply(Move.parse("resign"))
        assert (game.outcome.end, game.outcome.winner) == ("resigned", WHITE)
        assert game.outcome.reason == "Bert resigned with move 2"

    def test_resign_off(self):
        game = Game(KatarengaRules(resignation=False), STAMMTISCH, PLAYERS)
        assert illegal(game, "resign") == (
            "Anna cannot resign: these rules do not allow resignation (rules.resignation)")


def test_legal_moves_are_exactly_the_moves_check_accepts():
    # After a few plies of the seed game, every from-to pair: listed <=> accepted.
    game = Game(KatarengaRules(), STAMMTISCH, PLAYERS)
    for text in ("d3-f4", "b5-a3", "f4xg5"):
        game.apply(Move.parse(text))
    listed = set(game.legal_moves())
    for origin, target in itertools.product(range(64), repeat=2):
        for displaces in (False, True):
            move = Move.step(origin, target, displaces=displaces)
            try:
                game.check(move)
            except IllegalMoveError:
                assert move not in listed
            else:
                assert move in listed
