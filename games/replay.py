"""From submitted text to a scored result: parse, check against the match, replay.

No database here: the replay service (``games.services``) and ``manage.py replay`` both call
:func:`replay_text`. Everything wrong with a submission comes back as an
:class:`~games.engines.errors.EngineError` that names where and why.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from games.engines import InvalidLogError, MatchResult, get_engine
from games.engines.registry import game_slugs


def parse_document(text: str) -> dict[str, Any]:
    """Read the JSON; a syntax error names its line and column."""
    try:
        document = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidLogError(f"not valid JSON: {exc.msg} at line {exc.lineno}, "
                              f"column {exc.colno}", field="$") from None
    if not isinstance(document, dict):
        raise InvalidLogError("a match log is a JSON object", field="$")
    return document


def replay_document(document: Mapping[str, Any], *, game: str | None = None,
                    rules: Mapping[str, Any] | None = None,
                    players: Sequence[str] | None = None, strict: bool = True) -> MatchResult:
    """Replay a parsed document, checked against what the match expects.

    ``game``, ``rules`` and ``players`` come from the match record when there is one; the
    log must agree with them. A log without ``rules`` is played under the competition's rules.
    """
    slug = game or document.get("game")
    if slug not in game_slugs():
        known = ", ".join(game_slugs())
        raise InvalidLogError(f"unknown game {document.get('game')!r}; the games are {known}",
                              field="game")
    engine = get_engine(slug)
    if game is not None and document.get("game") != game:
        raise InvalidLogError(f"this match is {game!r}; the log is for "
                              f"{document.get('game')!r}", field="game")
    if players is not None:
        _check_players(document, players)
    if rules is not None:
        if "rules" in document:
            expected, stated = engine.rules(rules), engine.rules(document["rules"])
            if expected != stated:
                differences = _differences(engine.rules_json(expected),
                                           engine.rules_json(stated))
                raise InvalidLogError(f"the log's rules differ from this competition's: "
                                      f"{differences}", field="rules")
        else:
            document = {**document, "rules": dict(rules)}
    return engine.replay(document, strict=strict)


def replay_text(text: str, **expected: Any) -> MatchResult:
    return replay_document(parse_document(text), **expected)


def _check_players(document: Mapping[str, Any], players: Sequence[str]) -> None:
    stated = document.get("players")
    if not isinstance(stated, list):
        raise InvalidLogError("players must be a list of names in seat order", field="players")
    if len(stated) != len(players):
        raise InvalidLogError(f"this match has {len(players)} seats, the log names "
                              f"{len(stated)} players", field="players")
    for index, (want, have) in enumerate(zip(players, stated, strict=True)):
        if want != have:
            raise InvalidLogError(f"seat {index + 1} of this match is {want}, the log says "
                                  f"{have!r}", field=f"players[{index}]")


def _differences(expected: Mapping[str, Any], stated: Mapping[str, Any]) -> str:
    return "; ".join(f"{name} is {expected[name]!r} here, {stated[name]!r} in the log"
                     for name in expected if expected[name] != stated.get(name))
