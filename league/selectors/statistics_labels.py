"""How pages and the API name the statistics: sections, figures, breakdown rows, records, and
where in a match page a record happened. The figures themselves (``league.statistics``) are
keys; the words are here, in English and (through the catalogue) German, beside the reads
both pages and the API use (as the standings' tie-breaker labels are)."""

from __future__ import annotations

from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

#: What one hand is called, per game.
UNITS = {
    "gin": (_("game"), _("games")), "doppelkopf": (_("deal"), _("deals")),
    "rennen": (_("race"), _("races")), "katarenga-rennen": (_("game"), _("games")),
    "nerts": (_("hand"), _("hands")),
}

SECTIONS = {
    "results": _("Matches"), "games": _("Games"), "knocks": _("Knocks and deadwood"),
    "deals": _("Deals"), "parties": _("Re and Kontra"), "solos": _("Solos"),
    "hochzeiten": _("Hochzeiten"), "pflichtsoli": _("Pflichtsoli"),
    "announcements": _("Announcements"), "specials": _("Special points"),
    "races": _("Races and games"), "advantages": _("Advantages"), "colours": _("By colour"),
    "hands": _("Hands"), "teams": _("By team"),
}

#: Figure names by key; a few keys mean something else in one section (``SECTION_FIGURES``).
FIGURES = {
    "matches": _("matches played"), "wins": _("matches won"), "draws": _("matches drawn"),
    "losses": _("matches lost"), "win_rate": _("win rate"),
    "rounds": _("rounds played"), "rounds_won": _("rounds won"),
    "round_win_rate": _("round win rate"), "shutouts": _("shutouts"),
    "shutouts_suffered": _("shutouts suffered"),
    "games": _("games played"), "games_won": _("games won"),
    "game_win_rate": _("game win rate"), "dead_games": _("dead hands"),
    "spade_games": _("spade-doubled games"), "spade_games_won": _("spade-doubled games won"),
    "spade_win_rate": _("win rate in spade-doubled games"),
    "knocks": _("knocks (gin included)"), "knock_rate": _("knock rate"),
    "gins": _("gins"), "gin_rate": _("gin rate (of knocks)"),
    "undercut": _("undercut when knocking"), "undercut_rate": _("undercut rate (of knocks)"),
    "undercuts_made": _("undercuts made"),
    "deadwood_knocking": _("average deadwood when knocking"),
    "deadwood_caught": _("average deadwood when caught"),
    "turns_to_knock": _("average turns to knock"),
    "deals": _("deals played"), "points_per_deal": _("points per deal"),
    "augen": _("average Augen (the party's; in a Hammelrennen his own)"),
    "hammelrennen": _("Hammelrennen"),
    "hammelrennen_won": _("Hammelrennen won"),
    "hochzeit_deals": _("deals in the Re party of a Hochzeit"),
    "hochzeit_deals_won": _("of them won"),
    "hochzeit_deal_win_rate": _("Hochzeit win rate"),
    "hochzeiten": _("Hochzeiten declared"), "hochzeiten_won": _("Hochzeiten declared and won"),
    "pflichtsoli": _("Pflichtsoli played"), "pflichtsoli_won": _("Pflichtsoli won"),
    "pflichtsolo_win_rate": _("Pflichtsolo win rate"), "vorgefuehrt": _("vorgeführt"),
    "races": _("races played"), "races_won": _("races won"),
    "race_win_rate": _("race win rate"), "simple_wins": _("simple wins"),
    "ultimate_wins": _("ultimate wins"), "bombs": _("bombs played"),
    "hands": _("hands played"), "foundation_average": _("average cards on the foundations"),
    "calls": _("Nerts calls"), "call_rate": _("call rate"),
    "penalty_average": _("average Nerts-pile penalty"),
    "own_foundation_average": _("average own cards on the foundations"),
    "own_calls": _("own Nerts calls"),
    # breakdown columns
    "played": _("played"), "won": _("won"), "drawn": _("drawn"), "held": _("held"),
    "made": _("made"), "taken": _("taken"), "given": _("given"),
    "moves_to_win": _("average moves to win the race"),
    "displacements_made": _("displacements made"),
    "displacements_suffered": _("displacements suffered"),
}

SECTION_FIGURES = {
    ("parties", "deals"): _("deals"), ("colours", "games"): _("games"),
    ("teams", "hands"): _("hands"), ("races", "games"): _("games played"),
}

ROWS = {
    "re": "Re", "kontra": "Kontra",
    "damen": "Damensolo", "buben": "Bubensolo", "damen-buben": "Damen-Buben-Solo",
    "kreuz": "Kreuz-Solo", "pik": "Pik-Solo", "herz": "Herz-Solo", "karo": "Karo-Solo",
    "stilles-solo": _("stilles Solo"), "all": _("all"),
    "re-kontra": _("Re / Kontra"), "keine-90": _("keine 90"), "keine-60": _("keine 60"),
    "keine-30": _("keine 30"), "schwarz": _("schwarz"),
    "doppelkopf": _("Doppelkopf (40 Augen or more)"),
    "fuchs-gefangen": _("Fuchs caught"), "charly-letzter-stich": _("Karlchen wins the last trick"),
    "charly-gefangen": _("Karlchen caught in the last trick"),
    "fuchs-letzter-stich": _("Fuchs wins the last trick"), "herz-stich": _("pure heart trick"),
    "gegen-die-alten": _("against the Alten"),
    "C": _("Kreuzvorteil"), "S": _("Pikvorteil"), "H": _("Herzvorteil"),
    "white": pgettext_lazy("katarenga", "White"), "black": pgettext_lazy("katarenga", "Black"),
}

RECORDS = {
    "gin-round": _("Highest round"), "doppelkopf-deal": _("Largest deal value"),
    "katarenga-fastest-win": _("Fastest race won"),
    "nerts-foundation": _("Most foundation cards in a hand"),
    "winning-streak": _("Longest winning streak"),
}

RECORD_UNITS = {
    "gin-round": _("points"), "doppelkopf-deal": _("points"),
    "katarenga-fastest-win": _("moves"), "nerts-foundation": _("cards"),
    "winning-streak": _("matches won in a row"),
}


def figure_label(section: str, key: str) -> Any:
    return SECTION_FIGURES.get((section, key)) or FIGURES.get(key, key)


def row_label(row: str) -> Any:
    """A breakdown row's name; a team keeps its own name."""
    return ROWS.get(row, row)


def unit(game: str, plural: bool = True) -> Any:
    one, many = UNITS.get(game, (_("hand"), _("hands")))
    return many if plural else one


def deal_anchor(game: str, deal: int | None, move: int | None = None,
                source: str = "moves") -> str:
    """Where on the match page a deal (and move) is shown: ``#deal-3-move-17`` ...

    >>> deal_anchor("gin", 3, 17), deal_anchor("doppelkopf", 4)
    ('#deal-3-move-17', '#deal-4')
    >>> deal_anchor("katarenga-rennen", 1, 33), deal_anchor("nerts", 2, source="facts")
    ('?game=1&move=33#kr-game-1', '#nerts-sheet')
    """
    if deal is None:
        return ""
    if game == "katarenga-rennen":
        return f"?game={deal}&move={move}#kr-game-{deal}" if move else f"#kr-game-{deal}"
    if game == "nerts":
        return f"#nerts-hand-{deal}" if source == "moves" else "#nerts-sheet"
    if game == "rennen":
        return f"#rennen-race-{deal}"
    return f"#deal-{deal}-move-{move}" if move else f"#deal-{deal}"


def figure_text(kind: str, value: int | float | None) -> str:
    """A figure as pages write it, in the reader's language: a rate in per cent with one
    decimal, an average with one decimal, a count as it is; ``–`` for nothing to divide."""
    if value is None:
        return "–"
    if kind == "rate":
        return f"{number_format(value * 100, 1)} %"
    if kind == "average":
        return str(number_format(value, 1))
    return str(value)
