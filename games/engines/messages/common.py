"""Error texts shared by every game: the document, the envelope, rule options, cards, limits.

Translators: ``%(value)s`` is a value quoted from the submitted log as it was written
(``'two'``, ``None``); ``%(name)s`` a field or option name of the log format, which stays
as it is.
"""

from .marker import _

COMMON = {
    # The submitted text (games/replay.py).
    "not_json": _("not valid JSON: %(problem)s at line %(line)s, column %(column)s"),
    "json_too_deep": _("the document is nested more than %(limit)s levels deep"),
    "json_number_too_long": _("a number of %(digits)s digits; a number in a log has at most "
                              "%(limit)s digits"),
    "json_not_a_number": _("%(value)s is not a number a log may contain"),
    "json_duplicate_key": _("the field %(name)s is written twice in one object"),
    "unknown_game": _("unknown game %(value)s; the games are %(games)s"),
    "match_game_differs": _("this match is %(game)s; the log is for %(value)s"),
    "match_rules_differ": _("the log's rules differ from this competition's: %(differences)s"),
    "rule_differs": _("%(name)s is %(expected)s here, %(stated)s in the log"),
    "semicolon_list": _("%(first)s; %(rest)s"),
    "match_seat_count": _("this match has %(seats)s seats, the log names %(count)s players"),
    "match_seat_player": _("seat %(seat)s of this match is %(expected)s, the log says "
                           "%(value)s"),
    # The envelope (contract.py).
    "not_json_object": _("a match log is a JSON object"),
    "wrong_format": _("format must be %(expected)s, not %(value)s"),
    "wrong_game": _("this is a %(engine)s engine; the log is for %(value)s"),
    "players_not_names": _("players must be a list of names in seat order"),
    "player_name_too_long": _("a player's name has at most %(limit)s characters"),
    "player_twice": _("every player may sit only once"),
    "seat_count_exact": _("%(game)s is played by %(seats)s players, not %(count)s"),
    "seat_count_range": _("%(game)s is played by %(low)s to %(high)s players, not %(count)s"),
    "deals_not_objects": _("deals must be a list of objects"),
    "seed_type": _("seed must be text or a whole number"),
    "seed_too_long": _("a seed has at most %(limit)s characters"),
    "document_too_deep": _("the log is nested more than %(limit)s levels deep"),
    "too_many_deals": _("the log has %(count)s deals; a log has at most %(limit)s"),
    "too_many_moves": _("the deal has %(count)s moves; a deal has at most %(limit)s"),
    "too_many_moves_in_log": _("the log has %(count)s moves in all; a log has at most "
                               "%(limit)s"),
    # What is stored of a replayed log (games/replay.py).
    "outcome_too_large": _("the outcome of this log would take %(size)s bytes to store; an "
                           "outcome may take at most %(limit_mib)s MiB (%(limit)s bytes)"),
    # Rule options (rules.py).
    "rules_not_object": _("must be an object such as {\"preset\": \"seed\"}"),
    "unknown_preset": _("unknown preset %(value)s; the presets are %(presets)s"),
    "unknown_rule_option": _("unknown rule option %(name)s"),
    "rule_not_bool": _("must be true or false, not %(value)s"),
    "rule_not_whole": _("must be a whole number, not %(value)s"),
    "rule_below_minimum": _("must be at least %(minimum)s, not %(value)s"),
    "rule_above_maximum": _("must be at most %(maximum)s, not %(value)s"),
    "rule_not_text": _("must be text, not %(value)s"),
    "rule_not_choice": _("%(value)s is not one of: %(choices)s"),
    # Cards (cards.py).
    "not_a_card": _("%(value)s is not a card (write rank then suit: AS, 10H, QC)"),
}
