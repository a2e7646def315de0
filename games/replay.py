"""From submitted text to a scored result: parse, check against the match, replay.

No database here: the replay service (``games.services``) and ``manage.py replay`` both call
:func:`replay_text`. Everything wrong with a submission comes back as an
:class:`~games.engines.errors.EngineError` that names where and why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines import InvalidLogError, MatchResult, get_engine
from games.engines.contract import MAX_DEPTH
from games.engines.errors import shown
from games.engines.messages import joined, message
from games.engines.registry import game_slugs

#: The longest number a log may hold, in digits (an int beyond it is no count of anything a
#: game has; Python refuses to read ints of more than 4,300 digits anyway).
MAX_DIGITS = 30

#: The most a log's outcome may take as stored (its JSON, every hand included): 8 MiB. A
#: club's evening stays under 1 MiB; the limits on a log (docs/log-format.md) still let a
#: legal log of a few hundred kilobytes make an outcome of 20 MB (twenty games of Das Rennen
#: with the draw rules off), which nobody reads and every page would load.
OUTCOME_MAX_BYTES = 8 * 1024 * 1024

# A JSON string (whose brackets do not count) or a bracket.
_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def parse_document(text: str) -> dict[str, Any]:
    """Read the JSON; a syntax error names its line and column.

    Whatever the text, the result is the document or an :class:`InvalidLogError`: nesting
    deeper than :data:`~games.engines.contract.MAX_DEPTH`, a number of more than
    :data:`MAX_DIGITS` digits, ``NaN`` or ``Infinity``, and a field written twice in one
    object are refused.

    >>> parse_document('{"format": "stammtisch-log/1", "t": NaN}')
    Traceback (most recent call last):
    ...
    games.engines.errors.InvalidLogError: $: NaN is not a number a log may contain
    """
    if not isinstance(text, str):
        raise InvalidLogError("not_json_object", field="$")
    _check_nesting(text)
    try:
        document = json.loads(text, parse_int=_read_int, parse_float=_read_float,
                              parse_constant=_refuse_constant,
                              object_pairs_hook=_unique_object)
    except json.JSONDecodeError as exc:
        raise InvalidLogError("not_json", {"problem": exc.msg, "line": exc.lineno,
                                           "column": exc.colno}, field="$") from None
    except RecursionError:  # pragma: no cover - _check_nesting refuses such text first
        raise InvalidLogError("json_too_deep", {"limit": MAX_DEPTH}, field="$") from None
    if not isinstance(document, dict):
        raise InvalidLogError("not_json_object", field="$")
    return document


def _check_nesting(text: str) -> None:
    """Refuse text nested deeper than the limit before the parser recurses into it."""
    depth = 0
    for token in _TOKENS.findall(text):
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_DEPTH:
                raise InvalidLogError("json_too_deep", {"limit": MAX_DEPTH}, field="$")
        elif token in ("]", "}"):
            depth -= 1


def _read_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_DIGITS:
        raise InvalidLogError("json_number_too_long", {"digits": digits, "limit": MAX_DIGITS},
                              field="$")
    return int(text)


def _read_float(text: str) -> float:
    mantissa = text.lstrip("-").split("e")[0].split("E")[0]
    digits = len(mantissa.replace(".", ""))
    if digits > MAX_DIGITS:
        raise InvalidLogError("json_number_too_long", {"digits": digits, "limit": MAX_DIGITS},
                              field="$")
    value = float(text)
    if value in (float("inf"), float("-inf")):  # 1e999: too large to be a number at all
        raise InvalidLogError("json_not_a_number", {"value": text[:40]}, field="$")
    return value


def _refuse_constant(name: str) -> Any:
    raise InvalidLogError("json_not_a_number", {"value": name}, field="$")


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # The standard parser keeps the last of two equal keys silently; a log that says two
    # things about one field is refused instead of read half.
    document = dict(pairs)
    if len(document) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise InvalidLogError("json_duplicate_key", {"name": shown(key)}, field="$")
            seen.add(key)
    return document


def replay_document(document: Mapping[str, Any], *, game: str | None = None,
                    rules: Mapping[str, Any] | None = None,
                    players: Sequence[str] | None = None, strict: bool = True) -> MatchResult:
    """Replay a parsed document, checked against what the match expects.

    ``game``, ``rules`` and ``players`` come from the match record when there is one; the
    log must agree with them. A log without ``rules`` is played under the competition's rules.
    """
    if not isinstance(document, Mapping):
        raise InvalidLogError("not_json_object", field="$")
    slug = game or document.get("game")
    if not isinstance(slug, str) or slug not in game_slugs():
        raise InvalidLogError("unknown_game", {"value": shown(document.get("game")),
                                               "games": game_slugs()}, field="game")
    engine = get_engine(slug)
    if game is not None and document.get("game") != game:
        raise InvalidLogError("match_game_differs", {"game": repr(game),
                                                     "value": shown(document.get("game"))},
                              field="game")
    if players is not None:
        _check_players(document, players)
    if rules is not None:
        if "rules" in document:
            expected, stated = engine.rules(rules), engine.rules(document["rules"])
            if expected != stated:
                differences = _differences(engine.rules_json(expected),
                                           engine.rules_json(stated))
                raise InvalidLogError("match_rules_differ", {"differences": differences},
                                      field="rules")
        else:
            document = {**document, "rules": dict(rules)}
    return engine.replay(document, strict=strict)


def replay_text(text: str, **expected: Any) -> MatchResult:
    """Parse, check and replay ``text``; the outcome must fit what is stored of it."""
    result = replay_document(parse_document(text), **expected)
    outcome_check_size(result)
    return result


def outcome_check_size(result: MatchResult) -> int:
    """The size of the outcome as stored (UTF-8 JSON), or :class:`InvalidLogError` when it
    is larger than :data:`OUTCOME_MAX_BYTES`.

    >>> import random
    >>> document = get_engine("gin").random_document(rng=random.Random(1),
    ...                                              players=["Anna", "Bert"])
    >>> 1000 < outcome_check_size(replay_document(document)) < OUTCOME_MAX_BYTES
    True
    """
    size = len(json.dumps(result.to_json(), ensure_ascii=False,
                          separators=(",", ":")).encode("utf-8", "surrogatepass"))
    if size > OUTCOME_MAX_BYTES:
        raise InvalidLogError("outcome_too_large", {
            "size": size, "limit": OUTCOME_MAX_BYTES,
            "limit_mib": OUTCOME_MAX_BYTES // (1024 * 1024)}, field="$")
    return size


def _check_players(document: Mapping[str, Any], players: Sequence[str]) -> None:
    stated = document.get("players")
    if not isinstance(stated, list):
        raise InvalidLogError("players_not_names", field="players")
    if len(stated) != len(players):
        raise InvalidLogError("match_seat_count", {"seats": len(players),
                                                   "count": len(stated)}, field="players")
    for index, (want, have) in enumerate(zip(players, stated, strict=True)):
        if want != have:
            raise InvalidLogError("match_seat_player", {
                "seat": index + 1, "expected": want, "value": shown(have)},
                field=f"players[{index}]")


def _differences(expected: Mapping[str, Any], stated: Mapping[str, Any]) -> dict[str, Any]:
    """Every rule that differs, as one message: ``a is 1 here, 3 in the log; b is ...``."""
    return joined([message("rule_differs", name=name, expected=shown(expected[name]),
                           stated=shown(stated[name]))
                   for name in expected if expected[name] != stated.get(name)])
