"""Replaying logs: every illegal action with its exact error and index, facts, the match."""

import pytest

from games.engines.errors import (
    IllegalMoveError,
    InvalidFactsError,
    InvalidLogError,
    InvalidRulesError,
)
from games.engines.katarenga_rennen import ENGINE

from .helpers import document, played

# Boards and start squares: see helpers.py (the default layout "stammtisch").
ILLEGAL = [
    # (moves, error class, message); the last move is the faulty one.
    # Every message names the player whose turn it is (the log may be typed by someone else).
    ("c1b3", InvalidLogError,
     "Anna's move 'c1b3' cannot be read; write b1-c3, d4xe6 (a displacement), pass or "
     "resign"),
    ("c1-e2 c8xb6x", InvalidLogError,
     "Bert's move 'c8xb6x' cannot be read; write b1-c3, d4xe6 (a displacement), pass or "
     "resign"),
    ("c1-e2 b3-c5", IllegalMoveError, "Bert has no piece on b3; the square is empty"),
    ("b5-a3", IllegalMoveError, "Anna has no piece on b5; the piece there is Bert's"),
    ("c1-c1", IllegalMoveError,
     "Anna's piece on c1 stands on green and moves like a knight; it cannot stay on c1"),
    ("c1-a1", IllegalMoveError,
     "Anna's piece on c1 stands on green and moves like a knight; a1 is not a knight's move "
     "away"),
    ("c1-e2 b5-a3 e2-a1", IllegalMoveError,
     "Anna's piece on e2 stands on yellow and moves like a bishop; a1 is not on its diagonals"),
    ("c1-e2 b5-a3 e2-c4", IllegalMoveError,
     "Anna's piece on e2 stands on yellow and moves like a bishop; the way to c4 is blocked by "
     "Anna's piece on d3"),
    ("a2-c3 b5-a3 c3-a1", IllegalMoveError,
     "Anna's piece on c3 stands on blue and moves like a king; a1 is not next to c3"),
    ("c1-b3 b5-a3 b3-a1", IllegalMoveError,
     "Anna's piece on b3 stands on red and moves like a rook; a1 is not on its rank or file"),
    # f2 is red; going left the rook meets e2 d2 (yellow), then c2, red: it stops there.
    ("d3-f2 b5-a3 f2-a2", IllegalMoveError,
     "Anna's piece on f2 stands on red and moves like a rook; it must stop on the first red "
     "square c2 and cannot go on to a2"),
    ("c1-a2", IllegalMoveError, "Anna's own piece stands on a2; pieces never capture"),
    ("c1xe2", IllegalMoveError, "Anna cannot displace on e2: the square is empty; write c1-e2"),
    ("a2-c3 b5-c3", IllegalMoveError,
     "Bert cannot displace Anna's piece on c3: c3 is blue, not green; pieces are displaced "
     "only from the green squares of their own half, and never captured"),
    # Bert's bishop goes d6-c4-d3 onto Anna's vacated green square d3, in Anna's half.
    ("d3-f4 d6-c4 c1-e2 c4-d3 e2xd3", IllegalMoveError,
     "Anna cannot displace Bert's piece on d3: d3 lies in Anna's own half; pieces are "
     "displaced only from the green squares of their own half, and never captured"),
    ("d3-f4 b5-a3 f4-g5", IllegalMoveError,
     "Anna moves onto Bert's piece on g5: that is a displacement, written f4xg5"),
    # Anna's piece on a2 reaches only b4, c3 and c1 as a knight, all hers after d2-c3.
    ("f1-d2 d6-c4 d2-c3 c4xa2", IllegalMoveError,
     "Bert cannot displace Anna's piece on a2: it would have no move from a2 (green, moves "
     "like a knight)"),
    ("d3-f4 b5-a3 f4xg5 a3-b5", IllegalMoveError,
     "Bert must first move the displaced piece away from g5 (f4xg5 displaced it), not the "
     "piece on a3"),
    ("d3-f4 b5-a3 f4xg5 g5-g6", IllegalMoveError,
     "Bert's displaced piece on g5 stands on green and moves like a knight; g6 is not a "
     "knight's move away"),
    ("d3-f4 b5-a3 f4xg5 pass", IllegalMoveError,
     "Bert cannot pass: the displaced piece on g5 must move"),
    ("pass", IllegalMoveError, "Anna cannot pass while a move is possible, e.g. c1-e2"),
    ("c1-e2 resign e2-d1", IllegalMoveError,
     "the game is over (Bert resigned with move 2); no more moves can follow"),
]


class TestIllegalActions:
    @pytest.mark.parametrize(("moves", "kind", "message"), ILLEGAL)
    def test_error_names_game_move_field_and_notation(self, moves, kind, message):
        moves = moves.split()
        last = len(moves)
        with pytest.raises(kind) as excinfo:
            ENGINE.replay(document(played(moves)))
        error = excinfo.value
        assert str(error) == f"deal 1, move {last}: {message}"
        assert (error.deal, error.move, error.field, error.notation) == (
            1, last, f"deals[0].moves[{last - 1}]", moves[-1])

    def test_a_move_that_is_not_text(self):
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(played(["c1-e2", 5])))
        assert str(excinfo.value) == (
            "deal 1, move 2: Bert's move is text such as 'b1-c3', not 5")
        assert (excinfo.value.field, excinfo.value.notation) == ("deals[0].moves[1]", "5")

    def test_resignation_off(self):
        with pytest.raises(IllegalMoveError) as excinfo:
            ENGINE.replay(document(played("c1-e2 resign"), rules={"resignation": False}))
        assert str(excinfo.value) == ("deal 1, move 2: Bert cannot resign: these rules do not "
                                      "allow resignation (rules.resignation)")

    def test_unfinished_game(self):
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(played("c1-e2")))
        assert str(excinfo.value) == (
            "deal 1: the game is not over after 1 move: Bert (Black) is to move")
        assert (excinfo.value.move, excinfo.value.field) == (None, "deals[0].moves")

    def test_second_game_has_bert_as_white(self):
        # In game 2 Bert is White and starts from ranks 1-4.
        with pytest.raises(IllegalMoveError) as excinfo:
            ENGINE.replay(document(played("c1-e2 resign"), played("c1-e2 b5-a3 e2-a1"),
                                   rules={"games": 2}))
        assert str(excinfo.value) == (
            "deal 2, move 3: Bert's piece on e2 stands on yellow and moves like a bishop; a1 "
            "is not on its diagonals")
        assert excinfo.value.field == "deals[1].moves[2]"


class TestDeals:
    @pytest.mark.parametrize(("deal", "field", "message"), [
        ({"moves": ["resign"], "facts": {"winner": "Bert", "end": "resigned"}}, "deals[0]",
         "a game gives either its moves or its facts (score sheet), not both"),
        ({"board": "stammtisch"}, "deals[0]",
         "a game gives either its moves or its facts (score sheet)"),
        ({"white": "Bert", "moves": ["resign"]}, "deals[0].white",
         "Anna has White in game 1 (the colours change every game), not 'Bert'"),
        ({"board": "RYGB", "moves": ["resign"]}, "deals[0].board",
         "a board is 64 colour letters R, Y, G, B; it has 4 letters"),
        # A score-sheet game may name its board; it is checked like a played game's.
        ({"board": "stammtish", "facts": {"end": "blocked"}}, "deals[0].board",
         "'stammtish' is neither a named layout (stammtisch, latin, stripes, checker) nor 64 "
         "colour letters R, Y, G, B"),
        ({"move": ["resign"]}, "deals[0].move",
         "unknown field 'move' in a game; the fields are board, white, moves, facts, notes"),
        ({"moves": "c1-e2 resign"}, "deals[0].moves",
         "moves must be a list such as [\"c1-b3\", \"f8-g6\"]"),
    ])
    def test_malformed_games(self, deal, field, message):
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(deal))
        assert str(excinfo.value) == f"deal 1: {message}"
        assert excinfo.value.field == field

    def test_number_of_games(self):
        with pytest.raises(InvalidLogError) as excinfo:
            ENGINE.replay(document(played("resign"), rules={"games": 2}), strict=False)
        assert str(excinfo.value) == "deals: the match has 2 games (rules.games), but the log has 1"

    def test_board_of_the_game_or_of_the_rules(self):
        result = ENGINE.replay(document(played("resign", board="checker")))
        assert result.hands[0].detail["layout"] == "checker"
        result = ENGINE.replay(document(played("resign"), rules={"board": "stripes"}))
        assert result.hands[0].detail["layout"] == "stripes"
        letters = "RYGBRYGB/GBRYGBRY/YRBGYRBG/BGYRBGYR/RYGBRYGB/GBRYGBRY/YRBGYRBG/BGYRBGYR"
        result = ENGINE.replay(document(played("resign", board=letters)))
        assert result.hands[0].detail["layout"] is None
        assert result.hands[0].detail["board"] == letters.replace("/", "")


class TestRules:
    @pytest.mark.parametrize(("rules", "message"), [
        ({"board": "lattice"}, "rules.board: 'lattice' is neither a named layout (stammtisch, "
                               "latin, stripes, checker) nor 64 colour letters R, Y, G, B"),
        ({"no_move": "skip"}, "rules.no_move: 'skip' is not one of: 'pass', 'lose', 'draw'"),
        ({"start_colour": "white"}, "rules.start_colour: 'white' is not one of: 'green', "
                                    "'red', 'yellow', 'blue'"),
        ({"repetition": 1}, "rules.repetition: 1 is not one of: 0, 2, 3, 4, 5"),
        ({"preset": "purple"}, "rules.preset: unknown preset 'purple'; the presets are "
                               "'seed', 'red', 'yellow', 'blue', 'red-yellow'"),
        ({"games": 0}, "rules.games: must be at least 1, not 0"),
    ])
    def test_bad_rules_always_raise(self, rules, message):
        with pytest.raises(InvalidRulesError) as excinfo:
            ENGINE.replay(document(played("resign"), rules=rules), strict=False)
        assert str(excinfo.value) == message

    def test_presets(self):
        assert ENGINE.rules() == ENGINE.rules({"preset": "seed"})
        red = ENGINE.rules({"preset": "red"})
        assert (red.start_colour, red.target_colour) == ("red", "red")
        assert ENGINE.rules({"preset": "red-yellow", "move_limit": 0}).move_limit == 0


class TestFacts:
    def sheet(self, facts, rules=None, games=1):
        deals = [{"facts": facts}] if games == 1 else [played("resign"), {"facts": facts}]
        return ENGINE.replay(document(*deals, rules=rules or {"games": games}))

    @pytest.mark.parametrize(("facts", "points"), [
        ({"winner": "Anna", "end": "race"}, (2, 0)),
        ({"white": "Anna", "winner": "Bert", "end": "resigned"}, (0, 2)),
        ({"winner": None, "end": "repetition"}, (1, 1)),
        ({"end": "move_limit"}, (1, 1)),
        ({"end": "blocked"}, (1, 1)),
    ])
    def test_scored_like_a_replay(self, facts, points):
        hand = self.sheet(facts).hands[0]
        assert (hand.source, hand.points) == ("facts", points)
        assert hand.facts["white"] == "Anna"

    def test_points_are_options(self):
        result = self.sheet({"winner": "Bert", "end": "race"},
                            rules={"win_points": 3, "draw_points": 1})
        assert [seat.score for seat in result.seats] == [0, 3]
        # A draw gives draw_points to each: 2 and 2 (a played game drawn by the move limit).
        result = ENGINE.replay(document(played("c1-e2 f8-d7"),
                                        rules={"draw_points": 2, "move_limit": 2}))
        assert [seat.score for seat in result.seats] == [2, 2]

    def test_no_move_endings_follow_the_rule(self):
        assert self.sheet({"winner": "Anna", "end": "no_move"},
                          rules={"no_move": "lose"}).hands[0].points == (2, 0)
        assert self.sheet({"end": "no_move"}, rules={"no_move": "draw"}).hands[0].points == (1, 1)

    @pytest.mark.parametrize(("facts", "rules", "message"), [
        ({"end": "race"}, None, "a game that ends by the race has a winner; the facts name none"),
        ({"end": "resigned"}, None, "a resigned game is won by the player who did not resign; "
                                    "the facts name no winner"),
        ({"winner": "Anna", "end": "blocked"}, None,
         "a game drawn because neither player could move has no winner, but the facts name "
         "Anna"),
        ({"winner": "Bert", "end": "move_limit"}, None,
         "a game drawn by the move limit has no winner, but the facts name Bert"),
        ({"white": "Bert", "winner": "Anna", "end": "race"}, None,
         "Bert cannot have White in this game: the colours change every game and it is "
         "Anna's turn to be White"),
        ({"end": "no_move"}, None, "a player without a move passes under these rules "
                                   "(rules.no_move is 'pass'), so no game ends that way"),
        ({"end": "no_move"}, {"no_move": "lose"}, "a player without a move loses under these "
         "rules (rules.no_move is 'lose'), so the game has a winner"),
        ({"winner": "Anna", "end": "no_move"}, {"no_move": "draw"},
         "a player without a move draws under these rules (rules.no_move is 'draw'), but the "
         "facts name Anna"),
        ({"end": "repetition"}, {"repetition": 0},
         "these rules have no draw by repetition (rules.repetition is 0)"),
        ({"end": "move_limit"}, {"move_limit": 0},
         "these rules have no move limit (rules.move_limit is 0)"),
        ({"winner": "Bert", "end": "resigned"}, {"resignation": False},
         "these rules do not allow resignation (rules.resignation)"),
        ({"end": "move_limit", "moves": 120}, None,
         "a game drawn by the move limit ends with move 200, not 120"),
        ({"winner": "Anna", "end": "resigned", "moves": 201}, None,
         "the game cannot last 201 moves: the move limit draws it after 200"),
        ({"winner": "Anna", "end": "race", "moves": 14}, None,
         "a race takes at least 15 moves (eight of the winner's, seven of the other's), "
         "not 14"),
    ])
    def test_facts_that_cannot_be_true_together(self, facts, rules, message):
        with pytest.raises(InvalidFactsError) as excinfo:
            self.sheet(facts, rules)
        assert str(excinfo.value) == f"deal 1: {message}"
        assert excinfo.value.field == "deals[0].facts"

    def test_the_number_of_moves_is_kept_and_shown(self):
        result = self.sheet({"winner": "Anna", "end": "race", "moves": 41})
        hand = result.hands[0]
        assert hand.facts == {"white": "Anna", "winner": "Anna", "end": "race", "moves": 41}
        assert hand.detail["end"] == {"kind": "race", "winner": "Anna", "moves": 41,
                                      "reason": None}
        assert hand.points == (2, 0)

    def test_white_in_game_two_is_bert(self):
        result = self.sheet({"white": "Bert", "winner": "Bert", "end": "race"}, games=2)
        assert result.hands[1].facts == {"white": "Bert", "winner": "Bert", "end": "race"}

    @pytest.mark.parametrize(("facts", "message"), [
        ({"winner": "Anna", "end": "won"}, "end must be one of race, resigned, no_move, "
                                           "blocked, repetition, move_limit, not 'won'"),
        ({"winner": "Carl", "end": "race"}, "winner must be a player's name or null, not 'Carl'"),
        ({"winner": "Anna", "end": "race", "plies": 40},
         "unknown fact 'plies'; the facts are white, winner, end, moves"),
        ({"winner": "Anna", "end": "race", "moves": "forty"},
         "moves is the number of moves made in the game (0 to 10000), not 'forty'"),
        (["Anna"], "facts are an object such as {\"winner\": \"Anna\", \"end\": \"race\"}"),
    ])
    def test_malformed_facts(self, facts, message):
        with pytest.raises(InvalidLogError) as excinfo:
            self.sheet(facts)
        assert str(excinfo.value) == f"deal 1: {message}"


class TestMatch:
    def test_two_games_colours_swapped(self):
        # Game 1: Anna (White) resigns at once: Bert 2. Game 2: Bert is White and plays
        # c1-e2, Anna (Black) resigns: Bert 2 more. Totals 0 : 4.
        result = ENGINE.replay(document(played("resign"), played("c1-e2 resign"),
                                        rules={"games": 2}))
        assert [(s.player, s.score, s.rank) for s in result.seats] == [("Anna", 0, 2),
                                                                        ("Bert", 4, 1)]
        assert result.winner == 1
        assert result.summary == {
            "points": [0, 4], "wins": [0, 2], "draws": 0,
            "games": [{"number": 1, "white": "Anna", "winner": "Bert", "end": "resigned",
                       "points": [0, 2], "totals": [0, 2]},
                      {"number": 2, "white": "Bert", "winner": "Bert", "end": "resigned",
                       "points": [0, 2], "totals": [0, 4]}]}
        assert result.hands[1].detail["white"] == "Bert"
        assert result.hands[1].detail["moves"][0]["player"] == "Bert"

    def test_draw_shares_first_place(self):
        result = ENGINE.replay(document({"facts": {"end": "repetition"}}))
        assert [(s.score, s.rank) for s in result.seats] == [(1, 1), (1, 1)]
        assert result.winner is None

    def test_lenient_leaves_the_faulty_game_out(self):
        doc = document(played("resign"), played("c1-e2"), {"facts": {"end": "move_limit"}},
                       rules={"games": 3})
        result = ENGINE.replay(doc, strict=False)
        assert [hand.number for hand in result.hands] == [1, 3]
        assert [str(error) for error in result.errors] == [
            "deal 2: the game is not over after 1 move: Anna (Black) is to move"]
        assert [seat.score for seat in result.seats] == [1, 3]
        with pytest.raises(InvalidLogError):
            ENGINE.replay(doc)

    def test_same_log_same_result(self):
        doc = document(played("d3-f4 b5-a3 f4xg5 g5-e4 resign"))
        assert ENGINE.replay(doc).to_json() == ENGINE.replay(doc).to_json()


class TestDetail:
    def test_each_move_with_from_to_and_displacement(self):
        # d3-f4 (knight to yellow f4), b5-a3, f4xg5 (bishop onto Bert's green g5), Bert's
        # displaced piece replies g5-e4 (knight), Anna resigns.
        result = ENGINE.replay(document(played("d3-f4 b5-a3 f4xg5 g5-e4 resign")))
        detail = result.hands[0].detail
        assert detail["targets"]["white"] == ["b5", "g5", "d6", "e6", "a7", "h7", "c8", "f8"]
        assert detail["start"][:24] == "..W..W..W......W...WW..."
        third, fourth = detail["moves"][2], detail["moves"][3]
        assert {k: third[k] for k in ("number", "player", "side", "notation", "kind", "from",
                                      "to", "moves_like", "displaces", "reply", "pending")} == {
            "number": 3, "player": "Anna", "side": "white", "notation": "f4xg5",
            "kind": "step", "from": "f4", "to": "g5", "moves_like": "bishop",
            "displaces": True, "reply": False, "pending": "g5"}
        # g5 shows Anna's piece while Bert's displaced piece waits on it.
        assert third["position"][38] == "W"
        assert (fourth["from"], fourth["to"], fourth["reply"], fourth["pending"]) == (
            "g5", "e4", True, None)
        assert fourth["position"][28] == "B" and fourth["position"][38] == "W"
        assert detail["moves"][4]["kind"] == "resign" and detail["moves"][4]["from"] is None
        assert detail["end"] == {"kind": "resigned", "winner": "Bert", "moves": 5,
                                 "reason": "Anna resigned with move 5"}
        assert detail["final"] == detail["moves"][-1]["position"]
