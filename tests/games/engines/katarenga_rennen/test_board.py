"""The Katarenga board: squares, the 64-letter notation, the quarter rule, layouts, geometry."""

import pytest

from games.engines.errors import InvalidLogError
from games.engines.katarenga_rennen.board import (
    BISHOP_RAYS,
    KING,
    KNIGHT,
    LAYOUTS,
    ROOK_RAYS,
    half_of,
    parse_board,
    quarter_of,
    square_index,
    square_name,
)


def names(indexes):
    return sorted(square_name(i) for i in indexes)


class TestSquares:
    def test_every_square_round_trips(self):
        assert [square_index(square_name(i)) for i in range(64)] == list(range(64))

    @pytest.mark.parametrize("text", ["i1", "a9", "a0", "a", "a10", ""])
    def test_not_a_square(self, text):
        with pytest.raises(ValueError, match=r"is not a square a1\.\.h8"):
            square_index(text)

    def test_halves_and_quarters(self):
        assert [half_of(square_index(s)) for s in ("a1", "h4", "a5", "h8")] == [0, 0, 1, 1]
        assert [quarter_of(square_index(s)) for s in ("a1", "d4", "e1", "h4", "a5", "d8",
                                                      "e5", "h8")] == [0, 0, 1, 1, 2, 2, 3, 3]


class TestParse:
    def test_letters_are_rank_one_first(self):
        # The first eight letters are a1..h1, the next a2..h2, the last eight a8..h8.
        board = parse_board(LAYOUTS["stammtisch"].replace("/", ""))
        assert [board.colour_at(square_index(s)) for s in ("a1", "b1", "c1", "d1", "a2",
                                                           "b2", "h8")] == list("RYGBGBR")

    def test_slashes_and_case_do_not_matter(self):
        text = LAYOUTS["checker"]
        assert parse_board(text.lower()).colours == parse_board(text.replace("/", "")).colours

    def test_layout_names_in_any_case_and_spaces_around(self):
        # docs/logs: the schema wants "latin"; the engine also reads these.
        assert parse_board(" Latin ").name == "latin"
        assert parse_board(" " + LAYOUTS["stripes"] + " ").colours == parse_board("stripes").colours

    def test_text_round_trips(self):
        for layout in LAYOUTS:
            board = parse_board(layout)
            assert board.name == layout
            assert parse_board(board.text()).colours == board.colours

    @pytest.mark.parametrize(("text", "message"), [
        ("lattice", "'lattice' is neither a named layout (stammtisch, latin, stripes, checker) "
                    "nor 64 colour letters R, Y, G, B"),
        ("RYGB" * 15, "a board is 64 colour letters R, Y, G, B; it has 60 letters"),
        ("RYGB/" * 16, "a board written with / has eight ranks of eight letters, rank 1 "
                       "first"),
        ("RYGB" * 16 + "R", "a board is 64 colour letters R, Y, G, B; it has 65 letters"),
        ("RYGX" * 16, "a board is 64 colour letters R, Y, G, B; it has letters other than "
                      "R, Y, G, B: X"),
        ("/".join(["RRRRYYYY", "RRRRYYYY", "GGGGBBBB", "GGGGBBBB"] * 2),
         "the quarter a1-d4 shows 8 red, 0 yellow, 8 green and 0 blue squares; every quarter "
         "board shows four of each colour"),
        # a1-d4 and e1-h4 are fine; a5-d8 has a yellow square where a red one belongs.
        ("RYGBRYGB/GBRYGBRY/YRBGYRBG/BGYRBGYR/YYGBRYGB/GBRYGBRY/YRBGYRBG/BGYRBGYR",
         "the quarter a5-d8 shows 3 red, 5 yellow, 4 green and 4 blue squares; every quarter "
         "board shows four of each colour"),
        (42, "a board is a layout name or 64 colour letters, not 42"),
    ])
    def test_bad_boards(self, text, message):
        with pytest.raises(InvalidLogError) as excinfo:
            parse_board(text)
        assert str(excinfo.value) == message


class TestLayouts:
    @pytest.mark.parametrize("layout", sorted(LAYOUTS))
    def test_every_quarter_shows_four_of_each_colour(self, layout):
        colours = LAYOUTS[layout].replace("/", "")
        for quarter in range(4):
            shown = [colours[i] for i in range(64) if quarter_of(i) == quarter]
            assert sorted(shown) == sorted("RYGB" * 4)

    @pytest.mark.parametrize("layout", sorted(LAYOUTS))
    def test_symmetric_under_a_half_turn(self, layout):
        # White and Black run the same race: square i has the colour of square 63 - i.
        colours = LAYOUTS[layout].replace("/", "")
        assert colours == colours[::-1]

    def test_green_squares_of_the_default_layout(self):
        board = parse_board("stammtisch")
        assert names(board.squares_of("G", 0)) == ["a2", "b4", "c1", "d3", "e3", "f1", "g4",
                                                   "h2"]
        assert names(board.squares_of("G", 1)) == ["a7", "b5", "c8", "d6", "e6", "f8", "g5",
                                                   "h7"]


class TestGeometry:
    def test_knight(self):
        assert names(KNIGHT[square_index("a1")]) == ["b3", "c2"]
        assert names(KNIGHT[square_index("d4")]) == ["b3", "b5", "c2", "c6", "e2", "e6", "f3",
                                                     "f5"]

    def test_king(self):
        assert names(KING[square_index("h8")]) == ["g7", "g8", "h7"]
        assert len(KING[square_index("d4")]) == 8

    def test_rays_go_outward_in_order(self):
        rays = {tuple(square_name(s) for s in ray) for ray in ROOK_RAYS[square_index("b2")]}
        assert rays == {("b3", "b4", "b5", "b6", "b7", "b8"), ("c2", "d2", "e2", "f2", "g2", "h2"),
                        ("b1",), ("a2",)}
        rays = {tuple(square_name(s) for s in ray) for ray in BISHOP_RAYS[square_index("b2")]}
        assert rays == {("c3", "d4", "e5", "f6", "g7", "h8"), ("c1",), ("a1",), ("a3",)}
